"""`safelaunch serve`, one start: host -> plan (or the store's config) -> supervised attempts -> record.

The shell around `Supervisor`: it gathers the inputs (NVML, the catalogue, the store, the SGLang version),
hands them to the attempt loop and records what worked. Serving on after that (foreground or daemon) is
`daemon`'s. `serve --bench` runs a load check the caller passes in (the CLI passes `upstream.bench`'s), so
that the dependency runs one way: `upstream` -> `supervise`.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from safelaunch import redact
from safelaunch.core import hardware
from safelaunch.core.group import group_host
from safelaunch.errors import SafelaunchError
from safelaunch.host import nvml
from safelaunch.host.health import HealthClient
from safelaunch.store import Provenance
from safelaunch.supervise.evidence import config_key, emit_all, recall, recall_ledger, start_from
from safelaunch.supervise.provenance import engine_version, provenance_for, with_server_info
from safelaunch.supervise.results import ServeOptions, ServeSummary
from safelaunch.supervise.supervisor import STOPPED_BY_SIGNAL, Listener, Supervisor

EXIT_GAVE_UP = 1
EXIT_SIGNAL_BASE = 128  # a start interrupted by a signal exits 128 + its number: 130 SIGINT, 143 SIGTERM (shells')
EXIT_CANNOT_WORK = 78  # EX_CONFIG: systemd's RestartPreventExitStatus keeps it from retrying a hopeless config
CANNOT_WORK_LABELS = frozenset({"config_error", "oom_weights"})
NOT_THE_CONFIGS_FAULT = frozenset({"healthy", "port_in_use", "nccl_or_distributed", "stopped"})

# --------------------------------------------------------------------------- inputs


def open_store(enabled: bool, listeners: Sequence[Listener], demote_after_hosts: int | None = None) -> Any:
    """The store, or None with a said reason: failing to record never stops serving (a fleet's database that
    does not answer records into the local spool). A store named wrongly (bad URL, wrong password, a schema
    newer than this code) is refused: retrying cannot help, and serving on would lose every record."""
    if not enabled:
        return None
    from safelaunch import store as store_mod

    def notify(event: str, text: str) -> None:
        emit_all(listeners, event, text=text)

    try:
        where = store_mod.resolve()
        if where.kind == "sqlite" and where.path is not None and store_mod.read_only_location(where.path):
            store = store_mod.Store.open(where, readonly=True)
            emit_all(
                listeners,
                "warning",
                text=f"the store {store.path} is read-only here: its configs are used, nothing will be recorded",
            )
            return store
        store = store_mod.Store.open(where, notify=notify)
    except store_mod.StoreConfigError:
        raise
    except SafelaunchError as exc:
        for listener in listeners:
            with contextlib.suppress(Exception):
                listener("warning", {"text": f"serving without the store: {exc}"})
        return None
    if demote_after_hosts is not None:
        store.demote_after_hosts = demote_after_hosts
    return store


# --------------------------------------------------------------------------- the whole run

# `serve --bench`: run once the server is healthy, it decides whether the config carries load and returns the
# summary with the outcome (setting `run.exit_code` when it failed). `upstream.bench.after_healthy` is one.
LoadCheck = Callable[["Run", ServeSummary], ServeSummary]


@dataclass
class Run:
    """Everything one `serve` invocation holds, so the CLI can print, stop and exit from one object."""

    opts: ServeOptions
    host: hardware.Host
    plan: Any
    supervisor: Supervisor
    store: Any
    version: str | None
    run_id: str
    summary: ServeSummary | None = None
    exit_code: int = 0
    listeners: list[Listener] = field(default_factory=list)
    load_check: LoadCheck | None = None
    provenance: Provenance = field(default_factory=Provenance)

    @property
    def key(self) -> tuple[Any, ...]:
        """The store's key for what this run serves (`store.ConfigKey`'s order)."""
        return config_key(self.host, self.plan, self.version, self.provenance.engine)

    started_from: Any = None  # the stored config (this host's or the fleet's) attempt 1 ran as it is


def prepare(
    opts: ServeOptions,
    listeners: Sequence[Listener],
    should_exit: threading.Event,
    load_check: LoadCheck | None = None,
    supervisor_class: type[Supervisor] = Supervisor,
) -> Run:
    """The host, the plan (or the store's config) and a supervisor for it: everything `start` needs.

    `load_check` is what `serve --bench` runs once healthy (required with `opts.bench`). A group (`opts.nodes`
    > 1) plans for every node's GPUs and runs `cluster`'s `supervisor_class`."""
    if opts.bench and load_check is None:
        raise SafelaunchError("serve --bench: no benchmark runner was passed to prepare()")
    from safelaunch.core.recipes import load_policy
    from safelaunch.host.planning import make_plan

    host = group_host(nvml.detect(opts.host_profile), opts.nodes)
    emit_all(listeners, "host", host=host)
    version, version_source = engine_version(opts)
    provenance = provenance_for(opts, host, version_source)
    plan = make_plan(
        opts.model,
        host,
        opts.strategy,
        opts.quant,
        dict(opts.overrides),
        opts.extra_args,
        opts.policies_dir,
        version,
        recipe=opts.recipe,
        revision=opts.revision,
        nodes=opts.nodes,
    )
    policy = load_policy(opts.policies_dir)
    preflight(opts, plan, host, listeners)
    store = open_store(opts.use_store, listeners, policy.fleet_demote_after_hosts)
    found, history = recall(store if opts.recall_store else None, host, plan, version, provenance.engine, opts.nodes)
    evidence = recall_ledger(store if opts.recall_store else None, host, plan.model, provenance.engine)
    start = start_from(found, history, plan, host, policy, listeners, evidence)
    flags, from_store = start.flags, start.from_store
    if from_store and store is not None and found.host and found.host != store.host:
        emit_all(listeners, "info", text=f"config from the fleet: verified on host {found.host}")
    if store is not None and store.readonly:
        store = None  # looked up; recording is not possible (said once, in open_store)
    plan = plan.with_flags({}) if not from_store else replace(plan, flags=flags)
    emit_all(
        listeners,
        "plan",
        recipe=plan.recipe_id,
        reasons=list(plan.reasons) + list(plan.warnings),
        flags=redact.redact_flags(flags),
        from_store=from_store,
    )
    sup = supervisor_class(
        opts,
        host=host,
        plan=replace(plan, flags=flags),
        policy=policy,
        store=store,
        listeners=listeners,
        should_exit=should_exit,
        version=version,
        from_store=from_store,
        history=history,
        provenance=provenance,
        evidence=evidence,
    )
    run_id = uuid.uuid4().hex[:12]
    run = Run(
        opts,
        host,
        sup.plan,
        sup,
        store,
        version,
        run_id,
        listeners=list(listeners),
        load_check=load_check,
        provenance=provenance,
    )
    run.started_from = found if from_store and flags == dict(found.flags) else None
    sup.fallback = start.fallback
    sup.run_id = run.run_id
    return run


def preflight(opts: ServeOptions, plan: Any, host: hardware.Host, listeners: Sequence[Listener]) -> None:
    """doctor's fast checks before a real launch: a cause visible now should not cost a crashed start."""
    if opts.engine != "sglang" or opts.engine_cmd:
        return  # the simulated engine needs no SGLang; a container's insides cannot be probed from here
    from safelaunch.host import doctor

    checks = [c for c in doctor.fast_checks(plan, host, python=opts.python) if c.name != "port"]
    for c in checks:
        if c.status == "warn":
            emit_all(listeners, "warning", text=c.line())
    fails = [c for c in checks if c.status == "fail"]
    if fails and not opts.force:
        raise SafelaunchError("preflight failed: " + "; ".join(c.line() for c in fails) + " (--force starts anyway)")
    for c in fails:
        emit_all(listeners, "warning", text=f"--force: starting despite {c.line()}")


def record_verified(run: Run, summary: ServeSummary, info: Mapping[str, Any] | None) -> str:
    """Keep the config that came up healthy; returns an error text when the store could not take it."""
    if run.store is None:
        return "no store"
    from safelaunch import store as store_mod

    g = run.host.gpus[0]
    cfg = store_mod.VerifiedConfig(
        hw_key=run.host.hw_key,
        gpu_count=run.host.gpu_count,
        model=run.plan.model,
        quant=run.plan.quant,
        strategy=run.plan.strategy,
        sglang_version=run.version,
        flags=dict(summary.flags),
        env=dict(getattr(run.plan, "env", {}) or {}),
        host_fingerprint=run.host.fingerprint(),
        device_name=g.name,
        driver_version=run.host.driver_version,
        max_total_num_tokens=summary.kv_tokens,
        server_info=dict(info or {}),
        verified_at=time.time(),
        attempts_needed=len(summary.attempts),
        failures=tuple(
            store_mod.PastFailure(a.label, dict(a.numbers), a.change) for a in summary.attempts if a.label != "healthy"
        ),
        booted=True,
        provenance=run.provenance,
        nodes=run.opts.nodes,
    )
    try:
        run.store.upsert_verified(cfg, secrets=run.supervisor.secrets)
    except SafelaunchError as exc:
        return str(exc)
    emit_all(run.listeners, "recorded", what="the working config", where=str(getattr(run.store, "where", "")))
    return ""


def start(run: Run) -> ServeSummary:
    """The attempt loop, then the record; `run.summary` and `run.exit_code` say how it ended."""
    summary = run.supervisor.run(run.plan.flags)
    hold_failure(run, summary)
    info = None
    if summary.healthy:
        with HealthClient(run.opts.host, summary.port or 0, run.supervisor.api_key) as client:
            info = client.server_info()
        run.provenance = with_server_info(run.provenance, run.version, info)
        run.supervisor.provenance = run.provenance
        kv = summary.kv_tokens or _info_kv(info)
        summary = replace(summary, kv_tokens=kv, server_info=info)
        error = record_verified(run, summary, info)
        summary = replace(summary, recorded=not error, record_error="" if error == "no store" else error)
        if error and error != "no store":
            emit_all(run.listeners, "warning", text=f"could not record the working config: {error}")
        run.exit_code = 0
        if run.opts.bench and run.load_check is not None:
            # --bench: booting is not serving; the config counts as verified only once it has carried the load
            summary = run.load_check(run, summary)
    else:
        run.exit_code = exit_code(summary, getattr(run.supervisor.should_exit, "signum", None))
    run.summary = summary
    emit_all(run.listeners, "summary", lines=summary_lines(summary, run.host))
    return summary


def hold_failure(run: Run, summary: ServeSummary) -> None:
    """A stored config that failed here at its first attempt: the fleet holds it against this host (and demotes
    it once it failed on enough hosts). A failure no config causes (a busy port, a network blip) is not held."""
    first = summary.attempts[0] if summary.attempts else None
    if run.store is None or run.started_from is None or first is None or first.label in NOT_THE_CONFIGS_FAULT:
        return
    try:
        run.store.record_failure(run.started_from, first.label, dict(first.numbers), run.host.driver_version)
    except SafelaunchError as exc:
        emit_all(run.listeners, "warning", text=f"could not record the stored config's failure: {exc}")


def exit_code(summary: ServeSummary, signum: int | None = None) -> int:
    """An unhealthy end's exit status: 128 + the signal that stopped it; EX_CONFIG when no retry can help."""
    if summary.reason == STOPPED_BY_SIGNAL:
        return EXIT_SIGNAL_BASE + int(signum or signal.SIGTERM)
    last = summary.attempts[-1].label if summary.attempts else ""
    return EXIT_CANNOT_WORK if last in CANNOT_WORK_LABELS else EXIT_GAVE_UP


def interrupted_code(should_exit: threading.Event) -> int:
    """The exit status of a run a signal stopped while no server was serving (a start, a restart's backoff)."""
    return EXIT_SIGNAL_BASE + int(getattr(should_exit, "signum", None) or signal.SIGTERM)


def _info_kv(info: Mapping[str, Any] | None) -> int | None:
    if not info:
        return None
    value = info.get("max_total_num_tokens")
    return int(value) if isinstance(value, int) else None


def summary_lines(s: ServeSummary, host: hardware.Host) -> list[str]:
    """The end-of-start report: attempts, what failed and why with the numbers, what changed, the result."""
    from safelaunch.supervise.display import describe_numbers

    under_load = s.benchmark is not None and s.benchmark.failure is not None
    state = "healthy, then failed under load," if under_load else ("healthy" if s.healthy else "NOT healthy")
    out = [f"{state} after {len(s.attempts)} attempt(s)" + (" (config from the store)" if s.from_store else "")]
    for a in s.attempts:
        if a.label == "healthy":
            out.append(f"  attempt {a.number}: healthy in {a.seconds:.1f}s")
        else:
            numbers = describe_numbers(a.numbers)
            out.append(f"  attempt {a.number}: {a.label} in {a.phase or '?'}" + (f" ({numbers})" if numbers else ""))
            if a.change:
                out.append(f"    -> {a.change}")
    if s.healthy or under_load:
        out.append(f"  time to healthy: {s.time_to_healthy_s:.1f}s; port {s.port}")
        out.append("  flags: " + " ".join(f"--{k} {v}" for k, v in redact.redact_flags(s.flags).items()))
        if s.kv_tokens:
            out.append(f"  KV capacity: {s.kv_tokens} tokens")
    else:
        out.append(f"  gave up: {s.reason}")
    if s.benchmark is not None:
        out.extend(s.benchmark.lines())
    return out


def stop(run: Run, reason: str = "", discard: bool = False) -> None:
    """Stop the tree and wait for its GPU memory; said (and logged) with why, whatever stderr is. `discard`: its
    state no longer matters (--exit-when-healthy), so it is killed at once instead of drained."""
    emit_all(run.listeners, "stopping", reason=reason)
    sup = run.supervisor
    sup.stop_engine(grace=sup.discard_grace()) if discard else sup.stop_engine()
