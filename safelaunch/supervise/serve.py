"""`safelaunch serve`: host -> plan (or the store's config) -> supervised attempts -> record -> keep serving.

The shell around `Supervisor`: it gathers the inputs (NVML, the catalogue, the store, the SGLang version),
hands them to the attempt loop, records what worked, and then serves in the foreground or as a daemon that
restarts a crashed server with its last known-good config.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from safelaunch import redact
from safelaunch.core import hardware, remedies
from safelaunch.errors import ConfigError, SafelaunchError
from safelaunch.host import nvml
from safelaunch.host.health import HealthClient
from safelaunch.supervise.supervisor import (
    SETTLE_S,
    AttemptResult,
    Listener,
    ServeOptions,
    ServeSummary,
    Supervisor,
)

EXIT_GAVE_UP = 1
EXIT_CANNOT_WORK = 78  # EX_CONFIG: systemd's RestartPreventExitStatus keeps it from retrying a hopeless config
CANNOT_WORK_LABELS = frozenset({"config_error", "oom_weights"})


# --------------------------------------------------------------------------- listeners for systemd and Prometheus


class NotifyListener:
    """sd_notify from supervisor events: STATUS at every phase and attempt, READY once healthy, EXTEND_TIMEOUT
    while start-up makes progress (so a stuck start still times out), WATCHDOG only while health answers."""

    EXTEND_S = 600.0

    def __init__(self, notifier: Any) -> None:
        from safelaunch.service import notify

        self.notify = notify
        self.n = notifier
        self.state: Any = notify.SupervisorStatus()
        self.ready_sent = False
        self._last_extend = 0.0

    def _push(self, **changes: Any) -> None:
        self.state = replace(self.state, **changes)
        self.n.status(self.notify.status_line(self.state))

    def _progress_made(self) -> None:
        now = time.monotonic()
        if not self.ready_sent and now - self._last_extend > 10:
            self._last_extend = now
            self.n.extend_timeout(self.EXTEND_S)
        if self.ready_sent:
            self.n.watchdog()  # a restart that makes progress is alive, not hung

    def __call__(self, kind: str, d: Mapping[str, Any]) -> None:
        if kind == "attempt":
            flags = d["flags"]
            self._push(
                state="starting",
                attempt=d["number"],
                max_attempts=d["max_attempts"],
                phase="launching",
                batch_size=None,
                weights_pct=None,
                tp=flags.get("tp"),
                mem_fraction=flags.get("mem-fraction-static"),
                detail=None,
            )
            self._progress_made()
        elif kind == "progress":
            numbers = d.get("numbers") or {}
            self._push(
                phase=d["phase"],
                batch_size=numbers.get("batch_size", self.state.batch_size),
                weights_pct=numbers.get("weights_pct", self.state.weights_pct),
            )
            self._progress_made()
        elif kind == "decision":
            state = "failed" if d.get("give_up") else "backoff"
            self._push(state=state, detail=f"{d['label']}: {d['reason']}")
        elif kind == "healthy":
            self._push(state="healthy", detail=f"port {d['port']}")
            if not self.ready_sent:
                self.ready_sent = True
                self.n.ready()
        elif kind == "serving_ok":
            self.n.watchdog()
        elif kind == "restarting":
            self._push(state="restarting", detail=d.get("reason"))
        elif kind == "stopping":
            self.n.stopping(self.notify.status_line(replace(self.state, state="stopping")))


class MetricsListener:
    def __init__(self, metrics: Any) -> None:
        self.m = metrics

    def __call__(self, kind: str, d: Mapping[str, Any]) -> None:
        if kind == "attempt":
            self.m.attempt_started(d["number"], d["flags"])
            self.m.state("starting")
        elif kind == "decision":
            self.m.failed(d["label"])
            self.m.state("failed" if d.get("give_up") else "backoff")
        elif kind == "healthy":
            self.m.healthy(d["seconds"] or 0.0, d["flags"])
            self.m.state("healthy")
        elif kind == "restarting":
            self.m.restarted()
            self.m.state("restarting")
        elif kind == "stopping":
            self.m.state("stopping")


# --------------------------------------------------------------------------- inputs


def engine_version(opts: ServeOptions) -> str | None:
    """The SGLang version to spell flags for: explicit, the sim's imitation, or the interpreter's metadata."""
    if opts.sglang_version:
        return opts.sglang_version
    if opts.engine == "sim":
        from safelaunch.sim.versions import DEFAULT_VERSION, VERSION_ENV

        return os.environ.get(VERSION_ENV) or DEFAULT_VERSION
    if opts.engine_cmd:
        return None  # a container: its version is unknown here; the newest spelling is used
    from safelaunch.host.sglang_probe import installed_sglang_version, sglang_python

    version = installed_sglang_version(opts.python)
    if version is None:
        raise SafelaunchError(
            f"SGLang is not installed for {sglang_python(opts.python)}: pip install 'safelaunch[sglang]' there, or "
            "point --python / SAFELAUNCH_SGLANG_PYTHON at the environment that has it (--engine sim rehearses)"
        )
    return version


def open_store(enabled: bool, listeners: Sequence[Listener]) -> Any:
    """The store, or None with a said reason: failing to record never stops serving."""
    if not enabled:
        return None
    from safelaunch.store import db as store_mod

    try:
        return store_mod.Store.open()
    except SafelaunchError as exc:
        for listener in listeners:
            with contextlib.suppress(Exception):
                listener("warning", {"text": f"serving without the store: {exc}"})
        return None


def recall(store: Any, host: hardware.Host, plan: Any, version: str | None, opts: ServeOptions) -> tuple[Any, list]:
    """The store's config for this key (tried first) and what earlier attempts taught about fractions."""
    if store is None:
        return None, []
    key = (host.hw_key, host.gpu_count, plan.model, plan.quant, plan.strategy, version)
    try:
        found = store.find_verified(*key, include_failed_under_load=True)
        past = store.attempts(model=plan.model, limit=200)
    except SafelaunchError:
        return None, []
    history = [
        remedies.Outcome(
            dict(a.flags), a.failure_label or ("healthy" if a.outcome == "healthy" else "unknown"), this_run=False
        )
        for a in reversed(past)
        if a.hw_key == host.hw_key
        and a.gpu_count == host.gpu_count
        and a.strategy == plan.strategy
        and a.outcome in ("healthy", "failed", "gave_up")
    ]
    if found is not None and found.load_failure is not None:
        history.append(remedies.Outcome(dict(found.flags), found.load_failure.label, this_run=False))
    return found, history


# --------------------------------------------------------------------------- the whole run


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


def prepare(opts: ServeOptions, listeners: Sequence[Listener], should_exit: threading.Event) -> Run:
    from safelaunch.core.recipes import load_policy
    from safelaunch.host.planning import make_plan

    host = nvml.detect(opts.host_profile)
    emit_all(listeners, "host", host=host)
    version = engine_version(opts)
    plan = make_plan(
        opts.model, host, opts.strategy, opts.quant, dict(opts.overrides), opts.extra_args, opts.policies_dir, version
    )
    policy = load_policy(opts.policies_dir)
    preflight(opts, plan, host, listeners)
    store = open_store(opts.use_store, listeners)
    found, history = recall(store, host, plan, version, opts)
    from_store = False
    flags = dict(plan.flags)
    if found is not None and found.load_failure is None:
        # the store's config goes first; what the user fixed on the command line still wins
        flags = {**dict(found.flags), **{k: v for k, v in plan.flags.items() if k in plan.user_flags}}
        from_store = True
    elif found is not None:
        emit_all(
            listeners,
            "info",
            text=f"the stored config failed under load ({found.load_failure.label}): "
            "starting from it with a lower fraction",
        )
        decision = remedies.decide(
            remedies.Failure(found.load_failure.label, "serving", dict(found.load_failure.numbers)),
            dict(found.flags),
            _ctx(host, plan, found.flags),
            history,
            remedies.RemedyPolicy.from_policy(policy),
        )
        if not decision.give_up:
            flags = decision.apply(found.flags)
    plan = plan.with_flags({}) if not from_store else replace(plan, flags=flags)
    emit_all(
        listeners,
        "plan",
        recipe=plan.recipe_id,
        reasons=list(plan.reasons) + list(plan.warnings),
        flags=redact.redact_flags(flags),
        from_store=from_store,
    )
    sup = Supervisor(
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
    )
    run = Run(opts, host, sup.plan, sup, store, version, uuid.uuid4().hex[:12], listeners=list(listeners))
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


def _ctx(host: hardware.Host, plan: Any, flags: Mapping[str, Any]) -> remedies.Context:
    from safelaunch.supervise.supervisor import _default_fraction

    return remedies.Context(
        host.min_memory_total,
        host.gpu_count,
        _default_fraction(host, int(flags.get("tp") or 1)),
        tuple(tp for tp in (1, 2, 4, 8, 16) if tp <= host.gpu_count),
        int(getattr(plan.info, "weight_bytes", 0) or 0),
    )


def emit_all(listeners: Sequence[Listener], event: str, **data: Any) -> None:
    for listener in listeners:
        with contextlib.suppress(Exception):
            listener(event, data)


def record_verified(run: Run, summary: ServeSummary, info: Mapping[str, Any] | None) -> str:
    """Keep the config that came up healthy; returns an error text when the store could not take it."""
    if run.store is None:
        return "no store"
    from safelaunch.store import db as store_mod

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
    )
    try:
        run.store.upsert_verified(cfg, secrets=run.supervisor.secrets)
    except SafelaunchError as exc:
        return str(exc)
    emit_all(run.listeners, "recorded", what="the working config", where=str(getattr(run.store, "path", "")))
    return ""


def start(run: Run) -> ServeSummary:
    """The attempt loop, then the record; `run.summary` and `run.exit_code` say how it ended."""
    summary = run.supervisor.run(run.plan.flags)
    info = None
    if summary.healthy:
        with HealthClient(run.opts.host, summary.port or 0, run.supervisor.api_key) as client:
            info = client.server_info()
        kv = summary.kv_tokens or _info_kv(info)
        summary = replace(summary, kv_tokens=kv, server_info=info)
        error = record_verified(run, summary, info)
        summary = replace(summary, recorded=not error, record_error="" if error == "no store" else error)
        if error and error != "no store":
            emit_all(run.listeners, "warning", text=f"could not record the working config: {error}")
        run.exit_code = 0
        if run.opts.bench:
            summary = bench_after_healthy(run, summary)
    else:
        last = summary.attempts[-1].label if summary.attempts else ""
        run.exit_code = (
            0
            if summary.reason == "stopped by signal"
            else (EXIT_CANNOT_WORK if last in CANNOT_WORK_LABELS else EXIT_GAVE_UP)
        )
    run.summary = summary
    emit_all(run.listeners, "summary", lines=summary_lines(summary, run.host))
    return summary


def bench_after_healthy(run: Run, summary: ServeSummary) -> ServeSummary:
    """--bench: booting is not serving; the config counts as verified only once it has carried the load."""
    from safelaunch.upstream import bench

    return bench.after_healthy(run, summary)


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


# --------------------------------------------------------------------------- serving after healthy


@dataclass(frozen=True)
class ServingEnd:
    label: str  # "stopped" | "reload" | a failure label | "crash" | "unhealthy"
    numbers: Mapping[str, Any] = field(default_factory=dict)
    evidence: str = ""


def watch_serving(
    sup: Supervisor,
    port: int,
    should_exit: threading.Event,
    reload: threading.Event | None,
    interval: float,
    emit: Callable[..., None],
    unhealthy_after: int = 3,
) -> ServingEnd:
    """Keep reading the log (an OOM while serving is recorded) and probing health until something ends it."""
    proc = sup.proc
    assert proc is not None
    clf = sup.clf
    failure_at: float | None = None
    misses = 0
    next_probe = time.monotonic()
    with HealthClient(sup.opts.host, port, sup.api_key) as health:
        while True:
            if should_exit.is_set():
                return ServingEnd("stopped")
            if reload is not None and reload.is_set():
                reload.clear()
                return ServingEnd("reload")
            line = proc.read(timeout=0.1)
            now = time.monotonic()
            if line is not None and clf is not None:
                for ev in clf.feed(line.text):
                    if ev.kind == "failure" and failure_at is None:
                        failure_at = now
            if failure_at is not None and (now - failure_at >= SETTLE_S or proc.output_closed):
                d = clf.diagnosis()
                return ServingEnd(
                    d.label if d.label not in ("healthy", "unknown") else "crash", dict(d.numbers), _last_evidence(d)
                )
            if not proc.is_alive():
                list(proc.drain())
                d = clf.diagnosis() if clf is not None else None
                failed = d is not None and d.label not in ("healthy", "unknown")
                return ServingEnd(
                    d.label if failed else "crash",
                    {"exit_code": proc.returncode, **(dict(d.numbers) if failed else {})},
                    _last_evidence(d) if failed else f"engine exited with status {proc.returncode}",
                )
            if now >= next_probe:
                next_probe = now + interval
                probe = health.health()
                if probe.state == "ok":
                    misses = 0
                    emit("serving_ok")
                else:
                    misses += 1
                    if misses >= unhealthy_after:
                        return ServingEnd("unhealthy", {"misses": misses}, f"health check: {probe.state}")


def _last_evidence(diag: Any) -> str:
    ev = getattr(diag, "evidence", ()) or ()
    if not ev:
        return ""
    last = ev[-1]
    return last[1] if isinstance(last, (tuple, list)) else str(getattr(last, "text", last))


def serve_forever(
    run: Run,
    should_exit: threading.Event,
    reload: threading.Event | None,
    *,
    daemon: bool,
    health_interval: float = 5.0,
    max_restarts: int = 5,
    restart_window_s: float = 600.0,
    stable_after_s: float = 300.0,
    backoff_s: float = 2.0,
) -> int:
    """Serve until SIGTERM; in daemon mode restart a dead or unanswering server with its last good config."""
    sup = run.supervisor
    summary = run.summary
    assert summary is not None and summary.healthy
    flags = dict(summary.flags)
    port = summary.port or 0
    restarts: list[float] = []
    healthy_since = time.monotonic()

    def emit(event: str, **data: Any) -> None:
        emit_all(run.listeners, event, **data)

    while True:
        end = watch_serving(sup, port, should_exit, reload if daemon else None, health_interval, emit)
        if end.label == "stopped":
            return 0
        if end.label != "reload":
            record_serving_failure(run, flags, end)
            emit("warning", text=f"server failed while serving: {end.label} {end.evidence[:200]}")
        if not daemon:
            sup.stop_engine(grace=2.0)
            return EXIT_GAVE_UP
        now = time.monotonic()
        if now - healthy_since > stable_after_s:
            restarts.clear()  # it had been stable: a new problem, not a crash loop
        restarts = [t for t in restarts if now - t < restart_window_s]
        if end.label != "reload" and len(restarts) >= max_restarts:
            sup.stop_engine(grace=2.0)
            emit(
                "decision",
                label=end.label,
                numbers=dict(end.numbers),
                give_up=True,
                evidence=end.evidence,
                reason=f"crash loop: {len(restarts)} restarts within {restart_window_s:g}s; leaving it to systemd",
            )
            return EXIT_GAVE_UP
        if end.label != "reload":  # a reload is asked for, not a crash: no backoff, not counted
            restarts.append(now)
        sup.stop_engine(grace=2.0)
        if end.label == "reload":
            reason = "SIGHUP: re-planning and restarting"
            flags = replan(run) or flags
        elif end.label in remedies.DOWN_LABELS:
            decision = remedies.decide(
                remedies.Failure(end.label, "serving", end.numbers, end.evidence),
                flags,
                sup.context(1, flags),
                sup.history,
                sup.policy,
            )
            sup.history.append(remedies.Outcome(flags, end.label))
            if not decision.give_up:
                flags = decision.apply(flags)
            reason = f"{end.label} while serving: {decision.reason}"
        else:
            reason = f"{end.label}: restarting with the last good config"
        wait = 0.0 if end.label == "reload" else backoff_s * (2 ** (len(restarts) - 1))
        emit("restarting", reason=reason, backoff_s=wait)
        if should_exit.wait(wait):
            return 0
        sup.attempts.clear()
        again = sup.run(flags, port)
        run.summary = again
        if not again.healthy:
            last = again.attempts[-1].label if again.attempts else ""
            if again.reason == "stopped by signal":
                return 0
            return EXIT_CANNOT_WORK if last in CANNOT_WORK_LABELS else EXIT_GAVE_UP
        record_verified(run, again, None)
        flags, port, healthy_since = dict(again.flags), again.port or port, time.monotonic()


def replan(run: Run) -> dict[str, Any] | None:
    """SIGHUP: re-read the instance's env file (if any) and the catalogue, and plan again."""
    from safelaunch.host.planning import make_plan

    env_file = os.environ.get("SAFELAUNCH_ENV_FILE")
    if env_file and os.path.exists(env_file):
        from safelaunch.service import install as service

        with contextlib.suppress(OSError, ValueError), open(env_file) as fh:
            os.environ.update(service.parse_env(fh.read()))
    try:
        plan = make_plan(
            run.opts.model,
            run.host,
            os.environ.get("SAFELAUNCH_STRATEGY") or run.opts.strategy,
            run.opts.quant,
            dict(run.opts.overrides),
            run.opts.extra_args,
            run.opts.policies_dir,
            run.version,
        )
    except SafelaunchError as exc:
        emit_all(run.listeners, "warning", text=f"re-plan failed, keeping the current config: {exc}")
        return None
    return dict(plan.flags)


def record_serving_failure(run: Run, flags: Mapping[str, Any], end: ServingEnd) -> None:
    """An OOM while serving is evidence against the config: record it, so the next start lowers the fraction."""
    if run.store is None:
        return
    tail = tuple(run.supervisor.proc.tail) if run.supervisor.proc else ()
    result = AttemptResult(
        0, dict(flags), 0, end.label, "serving", dict(end.numbers), end.evidence, 0.0, change="restart", log_tail=tail
    )
    run.supervisor._record_attempt(result, "failed", "failed while serving")
    if end.label in remedies.DOWN_LABELS:
        with contextlib.suppress(SafelaunchError):
            run.store.mark_failed_under_load(
                run.host.hw_key,
                run.host.gpu_count,
                run.plan.model,
                run.plan.quant,
                run.plan.strategy,
                run.version,
                end.label,
                dict(end.numbers),
                "failed while serving",
            )


def stop(run: Run) -> None:
    emit_all(run.listeners, "stopping")
    run.supervisor.stop_engine()


__all__ = ["ConfigError", "Run", "prepare", "serve_forever", "start", "stop", "summary_lines"]
