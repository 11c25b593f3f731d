"""The attempt loop: launch, watch, recover, record; and the daemon loop that keeps a healthy server alive.

Every decision is delegated to a pure module (logwatch classifies, remedies decides, planner plans); this
module only sequences side effects: processes, HTTP probes, NVML, the store, notifications. Observers
(the console view, sd_notify, Prometheus metrics) receive the same plain events, so the terminal display
and the structured logs can never disagree.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import psutil

from safelaunch import redact
from safelaunch.core import hardware, logwatch, remedies
from safelaunch.errors import SafelaunchError
from safelaunch.host import engine as engine_mod
from safelaunch.host.health import HealthClient

Listener = Callable[[str, Mapping[str, Any]], None]

DEFAULT_PHASE_LIMITS_S: Mapping[str, float] = {
    "launching": 900.0,
    "loading_weights": 3600.0,
    "kv_cache": 600.0,
    "cuda_graph": 1800.0,
    "warmup": 600.0,
}
SETTLE_S = 0.3  # after a failure line, how long to let the rest of the traceback arrive
FAIL_GRACE_S = 0.0  # a failed engine gets SIGKILL at once: SGLang's teardown after a dead rank only hangs
STOP_GRACE_S = 8.0
ENGINE_CMD_GRACE_S = 10.0  # the same for an orderly stop of a healthy server
PROBE_EVERY_S = 0.5
# What start-up must leave for a full prefill chunk: safelaunch.core.memory's per-model activation estimate times this
# margin, which covers what the estimate cannot know (allocator rounding, kernel choices: +-8% in the sim).
RUNTIME_ACTIVATION_MARGIN = 1.1
# Without model figures (an unknown model), the share of SGLang's own activation budget (512 MiB + 1.5 MiB per
# chunked-prefill token) asked for instead; SGLang's docs call 5-8 GB of available_gpu_mem good for an
# 8192-token chunk, about half its budget.
RUNTIME_ACTIVATION_SHARE = 0.5


@dataclass(frozen=True)
class ServeOptions:
    model: str
    strategy: str = "balanced"
    quant: str | None = None
    host_profile: str | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict)
    extra_args: tuple[str, ...] = ()
    port: int | None = None
    host: str = "127.0.0.1"
    max_attempts: int | None = None
    engine: str = "sglang"  # "sglang" | "sim"
    python: str | None = None
    engine_cmd: tuple[str, ...] = ()
    exit_when_healthy: bool = False
    daemon: bool = False
    policies_dir: str | None = None
    sglang_version: str | None = None
    use_store: bool = True
    phase_timeout_s: float | None = None
    release_timeout_s: float = 120.0
    bench: bool = False
    bench_scale: float | None = None  # shrink the benchmark's prompt counts (None: $SAFELAUNCH_BENCH_SCALE or 1)
    bench_dataset_path: str | None = None  # a local ShareGPT file: `random` instead of `random-ids`
    bench_tool: str = "auto"  # auto | sglang | loadgen
    force: bool = False  # start even when a preflight check fails
    env: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class AttemptResult:
    number: int
    flags: Mapping[str, Any]
    port: int
    label: str  # a failure label, or "healthy"
    phase: str | None
    numbers: Mapping[str, Any]
    evidence: str
    seconds: float  # from launch to healthy or to the failure line
    change: str = ""  # the decision taken after it
    stop_s: float = 0.0
    release_s: float = 0.0
    react_s: float = 0.0  # failure line -> tree stopped and next step decided (GPU release excluded)
    kv_tokens: int | None = None
    log_tail: tuple[str, ...] = ()


@dataclass(frozen=True)
class ServeSummary:
    healthy: bool
    attempts: tuple[AttemptResult, ...]
    flags: Mapping[str, Any]
    from_store: bool
    time_to_healthy_s: float | None
    port: int | None
    reason: str = ""
    kv_tokens: int | None = None
    server_info: Mapping[str, Any] | None = None
    recorded: bool = False
    record_error: str = ""
    benchmark: Any = None  # safelaunch.upstream.bench.BenchOutcome after `serve --bench`

    def to_json(self) -> dict[str, Any]:
        out = {
            "healthy": self.healthy,
            "attempts": len(self.attempts),
            "flags": redact.redact_flags(self.flags),
            "failures": [
                {"label": a.label, "phase": a.phase, "numbers": dict(a.numbers), "change": a.change}
                for a in self.attempts
                if a.label != "healthy"
            ],
            "time_to_healthy_s": None if self.time_to_healthy_s is None else round(self.time_to_healthy_s, 3),
            "from_store": self.from_store,
            "port": self.port,
            "kv_tokens": self.kv_tokens,
            "reason": self.reason,
            "recorded": self.recorded,
            "react_s": [round(a.react_s, 4) for a in self.attempts if a.label != "healthy"],
            "release_s": [round(a.release_s, 4) for a in self.attempts if a.label != "healthy"],
        }
        if self.benchmark is not None:
            out.update(self.benchmark.summary_json())
        return out


# --------------------------------------------------------------------------- ports


def port_free(host: str, port: int) -> bool:
    """Bind-test the port the way the server will bind it; SGLang only finds out after loading the model."""
    try:
        family, kind, proto, _, addr = socket.getaddrinfo(host or "0.0.0.0", port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as exc:
        raise SafelaunchError(f"--host {host}: not an address this host can bind ({exc})") from None
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(addr)
        except OSError:
            return False
    return True


def port_holder(port: int) -> str:
    with contextlib.suppress(psutil.Error, OSError):
        for conn in psutil.net_connections(kind="inet"):
            if conn.laddr and conn.laddr.port == port and conn.status == psutil.CONN_LISTEN and conn.pid:
                with contextlib.suppress(psutil.Error):
                    return f" by pid {conn.pid} ({psutil.Process(conn.pid).name()})"
    return ""


def choose_port(host: str, start: int = 30000, avoid: Sequence[int] = ()) -> int:
    for port in range(start, start + 2000):
        if port not in avoid and port_free(host, port):
            return port
    raise SafelaunchError(f"no free port found in {start}-{start + 2000} on {host}")


# --------------------------------------------------------------------------- the supervisor


class Supervisor:
    """Runs attempts until one is healthy or the remedy policy gives up; then serves, or exits."""

    def __init__(
        self,
        options: ServeOptions,
        *,
        host: hardware.Host,
        plan: Any,
        policy: Any = None,
        store: Any = None,
        listeners: Sequence[Listener] = (),
        should_exit: threading.Event | None = None,
        version: str | None = None,
        from_store: bool = False,
        history: Sequence[remedies.Outcome] = (),
    ) -> None:
        self.opts = options
        self._policy_source = policy
        self.host = host
        self.plan = plan
        self.policy = remedies.RemedyPolicy.from_policy(policy)
        if options.max_attempts:
            self.policy = replace(self.policy, max_attempts=options.max_attempts)
        self.phase_limits = dict(getattr(policy, "phase_time_limits_s", None) or DEFAULT_PHASE_LIMITS_S)
        self.store = store
        self.listeners = list(listeners)
        self.should_exit = should_exit or threading.Event()
        self.version = version
        self.from_store = from_store
        self.history: list[remedies.Outcome] = list(history)
        self.attempts: list[AttemptResult] = []
        self.proc: engine_mod.EngineProcess | None = None
        self.api_key = _api_key(options.extra_args)
        self.secrets = [self.api_key] if self.api_key else []
        self.record_error = ""
        self.clf: Any = None
        self.run_id = ""
        self.baseline_used: dict[int, int] = {}

    # -- events

    def emit(self, event: str, **data: Any) -> None:
        for listener in self.listeners:
            with contextlib.suppress(Exception):
                listener(event, data)

    # -- argv

    def argv(self, flags: Mapping[str, Any], port: int) -> list[str]:
        from safelaunch.core.sglang_args import render_argv

        prefix = engine_mod.engine_prefix(self.opts.engine, self.opts.python, self.opts.engine_cmd)
        model_flags = {k: v for k, v in flags.items() if k not in ("host", "port", "model-path")}
        return [
            *prefix,
            "--model-path",
            self.plan.model,
            *render_argv(model_flags, self.version),
            "--host",
            self.opts.host,
            "--port",
            str(port),
            *self.opts.extra_args,
        ]

    def engine_env(self) -> dict[str, str]:
        env = {str(k): str(v) for k, v in dict(getattr(self.plan, "env", {}) or {}).items()}
        env.update(self.opts.env)
        if self.opts.engine == "sim":
            profile = self.opts.host_profile or os.environ.get(hardware.PROFILE_ENV)
            if profile:
                env[hardware.PROFILE_ENV] = profile
        return env

    # -- context for the remedies

    def context(self, attempt: int, flags: Mapping[str, Any]) -> remedies.Context:
        info = getattr(self.plan, "info", None)
        heads = int(getattr(info, "num_attention_heads", 0) or 0)
        ladder = tuple(getattr(self.policy_source, "tp_ladder", None) or (1, 2, 4, 8, 16))
        candidates = tuple(sorted(tp for tp in ladder if tp <= self.host.gpu_count and (not heads or heads % tp == 0)))
        user_fixed = frozenset(getattr(self.plan, "user_flags", frozenset()) or ())
        if self.opts.port is not None:
            user_fixed = user_fixed | {"port"}
        planned, workspace, kv_floor = self._estimates(flags)
        return remedies.Context(
            gpu_memory_bytes=self.host.min_memory_total,
            gpu_count=self.host.gpu_count,
            default_fraction=_default_fraction(self.host, int(flags.get("tp") or 1)),
            tp_candidates=candidates,
            weights_bytes=int(getattr(info, "weight_bytes", 0) or 0),
            attempt=attempt,
            user_fixed=user_fixed,
            planned_fraction=planned,
            workspace_bytes=workspace,
            kv_floor_fraction=kv_floor,
        )

    def _estimates(self, flags: Mapping[str, Any]) -> tuple[float | None, int, float]:
        """Priors for the remedies from the planner: its fraction for these flags, the MoE workspace it
        expects, and the fraction under which the weights leave less than a useful KV pool."""
        info = getattr(self.plan, "info", None)
        if info is None or self.policy_source is None:
            return None, 0, 0.0
        try:
            from safelaunch.core import memory, planner

            env = dict(getattr(self.plan, "env", {}) or {})
            probe = {k: v for k, v in flags.items() if k != remedies.FRACTION}
            fraction, _ = planner.fraction_for(info, self.host, probe, env, self.policy_source)
            est = memory.estimate(info, self.host, flags, env)
            # below this the pool holds no token at all (SGLang's own "minimum viable" fraction)
            kv_floor = est.weights_bytes / est.pre_load_bytes if est.pre_load_bytes else 0.0
            return float(fraction), int(est.moe_workspace_bytes or 0), min(kv_floor, 1.0)
        except Exception:
            return None, 0, 0.0

    @property
    def policy_source(self) -> Any:
        return getattr(self, "_policy_source", None)

    # -- one attempt

    def run_attempt(self, number: int, flags: Mapping[str, Any], port: int) -> AttemptResult:
        argv = self.argv(flags, port)
        self.emit(
            "attempt",
            number=number,
            max_attempts=self.policy.max_attempts,
            flags=dict(flags),
            port=port,
            argv=redact.redact_argv(argv),
        )
        proc = engine_mod.EngineProcess(argv, self.engine_env())
        self.proc = proc
        if self.host.source == "nvml":
            self.baseline_used = engine_mod.gpu_used_now([g.index for g in self.host.gpus])
        proc.start()
        t_launch = time.monotonic()
        clf = logwatch.LogClassifier()
        self.clf = clf
        phase = "launching"
        last_progress = t_launch
        failure_at: float | None = None
        ready_line = False
        ready_at = 0.0
        last_probe_state = "refused"
        next_probe = t_launch + PROBE_EVERY_S
        next_scan = t_launch
        exit_seen_at: float | None = None
        seen_pids: set[int] = {proc.pid}
        with HealthClient(self.opts.host, port, self.api_key) as health:
            while True:
                line = proc.read(timeout=0.05)
                now = time.monotonic()
                if line is not None:
                    for ev in clf.feed(line.text):
                        if ev.kind in ("phase", "progress", "memory"):
                            last_progress = now
                            if ev.phase != phase:
                                phase = ev.phase
                            self.emit(
                                "progress",
                                number=number,
                                phase=ev.phase,
                                what=ev.kind,
                                numbers=dict(ev.numbers),
                                text=redact.redact_text(ev.text, self.secrets),
                            )
                        elif ev.kind == "failure" and failure_at is None:
                            failure_at = line.at
                            self.emit(
                                "failure_seen", number=number, label=ev.label, phase=ev.phase, numbers=dict(ev.numbers)
                            )
                        elif ev.kind == "ready":
                            ready_line = True
                            ready_at = now
                            last_progress = now
                            self.emit("progress", number=number, phase="ready", what="ready", numbers={}, text=ev.text)
                        elif ev.kind == "warning":
                            self.emit("warning", number=number, text=redact.redact_text(ev.text, self.secrets))
                if now - t_launch < 5 and now >= next_scan:  # the ranks appear early; remember them all
                    next_scan = now + 0.5
                    with contextlib.suppress(Exception):
                        seen_pids.update(proc.pids())
                if self.should_exit.is_set():
                    return self._finish(
                        proc, number, flags, port, "stopped", phase, {}, "stopped by signal", t_launch, None, seen_pids
                    )
                if failure_at is not None and (now - failure_at >= SETTLE_S or proc.output_closed):
                    diag = clf.diagnosis()
                    label = diag.label if diag.label != "healthy" else "unknown"
                    return self._finish(
                        proc,
                        number,
                        flags,
                        port,
                        label,
                        diag.phase,
                        dict(diag.numbers),
                        _evidence(diag),
                        t_launch,
                        failure_at,
                        seen_pids,
                    )
                if not proc.is_alive():
                    exit_seen_at = exit_seen_at or now
                    if proc.output_closed or now - exit_seen_at > 1.0:
                        diag = clf.diagnosis()
                        label = diag.label if diag.label != "healthy" else "unknown"
                        evidence = _evidence(diag) or f"engine exited with status {proc.returncode}"
                        numbers = dict(diag.numbers)
                        numbers.setdefault("exit_code", proc.returncode)
                        return self._finish(
                            proc,
                            number,
                            flags,
                            port,
                            label,
                            diag.phase or phase,
                            numbers,
                            evidence,
                            t_launch,
                            exit_seen_at,
                            seen_pids,
                        )
                    continue
                if now >= next_probe:
                    next_probe = now + PROBE_EVERY_S
                    probe = health.health()
                    last_probe_state = probe.state
                    owns = ready_line if self.opts.engine_cmd else engine_owns_port(proc, port, ready_line)
                    if probe.state == "ok" and not owns:
                        pass  # another server answers on this port: ours has not bound it (yet)
                    elif probe.state == "ok":
                        gen = health.tiny_generation(self.plan.model)
                        if gen.state == "ok":
                            info = health.server_info()
                            return self._healthy(number, flags, port, t_launch, clf, info, seen_pids)
                    elif probe.state == "starting":
                        last_progress = now
                limit = self.opts.phase_timeout_s or self.phase_limits.get(phase, 1800.0)
                ready_limit = self.opts.phase_timeout_s or self.phase_limits.get("warmup", 600.0)
                stalled = now - last_progress > limit if not ready_line else now - ready_at > ready_limit
                if stalled:
                    evidence = (
                        f"no progress for {limit:g} s in phase {phase}"
                        if not ready_line
                        else f"SGLang said it is ready, but for {ready_limit:g} s our probe of port {port} got "
                        f"'{last_probe_state}' (is --host/--port overridden after --, or not a generative model?)"
                    )
                    return self._finish(
                        proc,
                        number,
                        flags,
                        port,
                        "hang",
                        phase,
                        {"stalled_s": now - last_progress},
                        evidence,
                        t_launch,
                        now,
                        seen_pids,
                    )

    def _healthy(
        self,
        number: int,
        flags: Mapping[str, Any],
        port: int,
        t_launch: float,
        clf: Any,
        info: Mapping[str, Any] | None,
        seen_pids: set[int],
    ) -> AttemptResult:
        kv = _kv_tokens(info, clf)
        assert self.proc is not None
        return AttemptResult(
            number,
            dict(flags),
            port,
            "healthy",
            "ready",
            {"max_total_num_tokens": kv} if kv else {},
            "",
            time.monotonic() - t_launch,
            kv_tokens=kv,
            log_tail=tuple(redact.redact_text(t, self.secrets) for t in self.proc.tail),
        )

    def _finish(
        self,
        proc: engine_mod.EngineProcess,
        number: int,
        flags: Mapping[str, Any],
        port: int,
        label: str,
        phase: str | None,
        numbers: dict[str, Any],
        evidence: str,
        t_launch: float,
        failure_at: float | None,
        seen_pids: set[int],
    ) -> AttemptResult:
        """Stop the whole tree now (never wait for SGLang's own teardown), then wait for its GPU memory."""
        t_stop_start = time.monotonic()
        list(proc.drain())
        # a `docker run` prefix passes SIGTERM on to its container but cannot pass SIGKILL: give it a grace
        stop = proc.stop(grace=ENGINE_CMD_GRACE_S if self.opts.engine_cmd else FAIL_GRACE_S)
        signalled = proc.signalled_at or time.monotonic()
        self.emit("stopped", number=number, seconds=stop.seconds, killed=stop.killed)
        release = self._wait_release(sorted(set(stop.pids) | seen_pids))
        if release.others:
            self.emit("foreign_memory", holders=_describe_holders(release.others))
        if not release.released:
            self.emit(
                "warning",
                number=number,
                text=f"GPU memory still held by {sorted(release.still_held)} after {release.seconds:.1f} s",
            )
        # reaction: the failure line -> every process of the tree signalled (the decision is added by run());
        # the processes' exit and NVML showing their memory free are the GPU release, timed apart
        react = (signalled - failure_at) if failure_at is not None else 0.0
        exit_wait = max(0.0, proc_exit_seconds(stop, signalled, t_stop_start))
        return AttemptResult(
            number,
            dict(flags),
            port,
            label,
            phase,
            numbers,
            redact.redact_text(evidence, self.secrets),
            (failure_at or time.monotonic()) - t_launch,
            stop_s=stop.seconds,
            release_s=exit_wait + release.seconds,
            react_s=react,
            log_tail=tuple(redact.redact_text(t, self.secrets) for t in proc.tail),
        )

    # -- the loop

    def run(self, flags: Mapping[str, Any], port: int | None = None) -> ServeSummary:
        """Attempts until healthy or given up; `port` keeps a restarted server where its clients know it."""
        t0 = time.monotonic()
        port = port or self._initial_port()
        number = 0
        reason = ""
        flags = dict(flags)
        while True:
            if self.should_exit.is_set():
                return ServeSummary(
                    False, tuple(self.attempts), flags, self.from_store, None, port, reason="stopped by signal"
                )
            number += 1
            port = self._check_port(port)
            t_start = time.monotonic()
            result = self.run_attempt(number, flags, port)
            if result.label == "healthy":
                short = self._runtime_shortfall(flags, result)
                if short is not None:
                    decision = remedies.decide(short, flags, self.context(number, flags), self.history, self.policy)
                    if not decision.give_up:
                        # booting is not serving: too little was left for a full prefill chunk's activations
                        stop = self.stop_engine(grace=STOP_GRACE_S)[0]
                        result = replace(
                            result,
                            label=short.label,
                            phase="ready",
                            numbers=dict(short.numbers),
                            evidence=short.evidence,
                            change=decision.reason,
                            stop_s=stop.seconds,
                        )
                        self.attempts.append(result)
                        self.history.append(remedies.Outcome(flags, short.label))
                        self._record_attempt(result, "failed", decision.reason)
                        self.emit(
                            "decision",
                            number=number,
                            label=short.label,
                            phase="ready",
                            numbers=dict(short.numbers),
                            reason=decision.reason,
                            give_up=False,
                            evidence=short.evidence,
                            elapsed=time.monotonic() - t_start,
                        )
                        flags = decision.apply(flags)
                        continue
                    self.emit("warning", number=number, text=f"{short.evidence}; {decision.reason}")
                self.attempts.append(result)
                self.history.append(remedies.Outcome(flags, "healthy"))
                self._record_attempt(result, "healthy", "")
                summary = ServeSummary(
                    True,
                    tuple(self.attempts),
                    flags,
                    self.from_store,
                    time.monotonic() - t0,
                    port,
                    kv_tokens=result.kv_tokens,
                )
                self.emit(
                    "healthy",
                    number=number,
                    flags=dict(flags),
                    seconds=summary.time_to_healthy_s,
                    kv_tokens=result.kv_tokens,
                    port=port,
                )
                return summary
            if result.label == "stopped":
                self.attempts.append(result)
                self._record_attempt(result, "stopped", "")
                return ServeSummary(
                    False, tuple(self.attempts), flags, self.from_store, None, port, reason="stopped by signal"
                )
            t_decide = time.monotonic()
            decision = remedies.decide(
                remedies.Failure(result.label, result.phase, result.numbers, result.evidence),
                flags,
                self.context(number, flags),
                self.history,
                self.policy,
            )
            result = replace(result, change=decision.reason, react_s=result.react_s + (time.monotonic() - t_decide))
            self.attempts.append(result)
            self.history.append(remedies.Outcome(flags, result.label))
            self._record_attempt(result, "gave_up" if decision.give_up else "failed", decision.reason)
            self.emit(
                "decision",
                number=number,
                label=result.label,
                phase=result.phase,
                numbers=dict(result.numbers),
                reason=decision.reason,
                give_up=decision.give_up,
                evidence=result.evidence,
                elapsed=time.monotonic() - t_start,
            )
            if decision.give_up:
                reason = decision.reason
                return ServeSummary(False, tuple(self.attempts), flags, self.from_store, None, port, reason=reason)
            if decision.changes.get(remedies.PORT) == remedies.AUTO_PORT:
                port = choose_port(self.opts.host, port + 1)
            flags = {k: v for k, v in decision.apply(flags).items() if k != remedies.PORT}
            if decision.backoff_s and self.should_exit.wait(decision.backoff_s):
                return ServeSummary(
                    False, tuple(self.attempts), flags, self.from_store, None, port, reason="stopped by signal"
                )

    def _runtime_shortfall(self, flags: Mapping[str, Any], result: AttemptResult) -> remedies.Failure | None:
        """What start-up left (SGLang's `available_gpu_mem`) against what one full prefill chunk needs.

        SGLang's docs judge a fraction by this figure ("between 5-8 GB is good ... too low risks OOM later");
        the need is safelaunch.core.memory's activation model for this model and layout (a full chunk per rank),
        times the policy's margin; for a model without figures, a share of SGLang's own activation budget."""
        margin = float(getattr(self.policy_source, "runtime_activation_margin", RUNTIME_ACTIVATION_MARGIN) or 0)
        available = self.clf.diagnosis().numbers.get("available_gpu_mem_bytes") if self.clf is not None else None
        if margin <= 0 or not available or (self.opts.engine_cmd and not self.host.gpus):
            return None
        from safelaunch.core import memory

        tp = int(flags.get("tp") or 1)
        chunk = flags.get("chunked-prefill-size")
        if not chunk:
            chunk = memory.tier_defaults(self.host.min_memory_total / 2**20, tp)[0]
        chunk = int(chunk)
        if chunk <= 0:
            return None
        info = getattr(self.plan, "info", None)
        if info is not None:
            sized = {**flags, "chunked-prefill-size": chunk}
            chunk = memory.prefill_chunk_tokens(info, sized, self.host.min_memory_total)  # per DP-attention rank
            need = int(memory.prefill_activation_bytes(info, sized, self.host.min_memory_total) * margin)
        else:
            if flags.get("enable-dp-attention") and int(flags.get("dp") or 1) > 1:
                chunk = max(1, chunk // int(flags["dp"]))
            need = int(memory.activation_bytes(chunk) * RUNTIME_ACTIVATION_SHARE)
        if available >= need:
            return None
        return remedies.Failure(
            "low_runtime_headroom",
            "ready",
            {"tried_bytes": need, "free_bytes": int(available), "chunk": chunk},
            f"start-up left {available / 2**30:.2f} GiB (available_gpu_mem) for activations; a {chunk}-token "
            f"prefill chunk is budgeted {need / 2**30:.2f} GiB",
        )

    def _initial_port(self) -> int:
        if self.opts.port is not None:
            return self.opts.port
        return choose_port(self.opts.host, 30000)

    def _check_port(self, port: int) -> int:
        if port_free(self.opts.host, port):
            return port
        if self.opts.port is not None:
            raise SafelaunchError(
                f"port {port} on {self.opts.host} is already in use{port_holder(port)}; free it or pass another --port"
            )
        return choose_port(self.opts.host, port + 1)

    # -- recording (the store is optional: failing to record never stops serving)

    def _record_attempt(self, result: AttemptResult, outcome: str, change: str) -> None:
        if self.store is None:
            return
        try:
            self.store.record_attempt(self._attempt_record(result, outcome, change), secrets=self.secrets)
        except Exception as exc:
            self.record_error = str(exc)
            self.emit("warning", number=result.number, text=f"could not record the attempt: {exc}")

    def _attempt_record(self, result: AttemptResult, outcome: str, change: str) -> Any:
        from safelaunch import store as store_mod

        g = self.host.gpus[0] if self.host.gpus else None
        now = time.time()
        return store_mod.AttemptRecord(
            run_id=self.run_id,
            attempt_no=result.number,
            started_at=now - result.seconds,
            host_fingerprint=self.host.fingerprint(),
            hw_key=self.host.hw_key,
            gpu_count=self.host.gpu_count,
            device_name=g.name if g else "",
            model=self.plan.model,
            strategy=self.plan.strategy,
            outcome=outcome,
            driver_version=self.host.driver_version,
            quant=self.plan.quant,
            sglang_version=self.version,
            flags=dict(result.flags),
            env=dict(getattr(self.plan, "env", {}) or {}),
            ended_at=now,
            failure_label=None if result.label == "healthy" else result.label,
            phase=result.phase,
            numbers=dict(result.numbers),
            decision=change or None,
            time_to_failure_s=None if result.label == "healthy" else result.seconds,
            time_to_healthy_s=result.seconds if result.label == "healthy" else None,
            log_tail="\n".join(result.log_tail[-80:]),
        )

    # -- stopping

    def stop_engine(self, grace: float = STOP_GRACE_S) -> tuple[engine_mod.StopReport, engine_mod.ReleaseReport]:
        proc = self.proc
        if proc is None:
            return engine_mod.StopReport(0.0, False, ()), engine_mod.ReleaseReport(0.0, True)
        stop = proc.stop(grace=grace)
        return stop, self._wait_release(stop.pids)

    def _wait_release(self, pids: Sequence[int]) -> engine_mod.ReleaseReport:
        """NVML shows the tree's memory free (by pid, or the GPUs back at their pre-launch use); a profile host
        has no NVML, and the tree's exit is the release there."""
        if self.host.source != "nvml":
            return engine_mod.ReleaseReport(0.0, True)
        return engine_mod.wait_gpu_release(
            pids,
            [g.index for g in self.host.gpus],
            timeout=self.opts.release_timeout_s,
            baseline_used=self.baseline_used,
        )


# --------------------------------------------------------------------------- helpers


def proc_exit_seconds(stop: engine_mod.StopReport, signalled: float, t_stop_start: float) -> float:
    """How long the tree took to exit after its last signal: CUDA processes free their memory as they go."""
    return stop.seconds - (signalled - t_stop_start)


def engine_owns_port(proc: engine_mod.EngineProcess, port: int, ready_line: bool) -> bool:
    """Only our own engine's answer counts: another process may have taken the port since we checked it.

    Where the sockets of the tree cannot be read (permissions, a container prefix), SGLang's ready line in
    our own log is the proof instead."""
    try:
        for p in proc.tree():
            connections = getattr(p, "net_connections", None) or p.connections  # psutil < 6 names it connections
            for conn in connections(kind="inet"):
                if conn.status == psutil.CONN_LISTEN and conn.laddr and conn.laddr.port == port:
                    return True
    except (psutil.AccessDenied, psutil.NoSuchProcess, OSError):
        return ready_line
    return False


def _api_key(extra_args: Sequence[str]) -> str | None:
    for i, arg in enumerate(extra_args):
        if arg == "--api-key" and i + 1 < len(extra_args):
            return extra_args[i + 1]
        if arg.startswith("--api-key="):
            return arg.split("=", 1)[1]
    return os.environ.get("SAFELAUNCH_API_KEY")


def _evidence(diag: Any) -> str:
    ev = getattr(diag, "evidence", ()) or ()
    if not ev:
        return ""
    last = ev[-1]
    return last[1] if isinstance(last, (tuple, list)) else str(getattr(last, "text", last))


def _kv_tokens(info: Mapping[str, Any] | None, clf: Any) -> int | None:
    if info:
        for key in ("max_total_num_tokens",):
            if isinstance(info.get(key), int):
                return int(info[key])
        for state in info.get("internal_states") or ():
            if isinstance(state, dict) and isinstance(state.get("max_total_num_tokens"), int):
                return int(state["max_total_num_tokens"])
    numbers = getattr(clf.diagnosis(), "numbers", {}) or {}
    value = numbers.get("max_total_num_tokens") or numbers.get("kv_tokens")
    return int(value) if value else None


def _describe_holders(holders: Mapping[int, int]) -> list[str]:
    out = []
    for pid, used in sorted(holders.items()):
        name, user = "?", "?"
        with contextlib.suppress(psutil.Error):
            p = psutil.Process(pid)
            name, user = p.name(), p.username()
        out.append(f"pid {pid} ({name}, {user}) holds {hardware.fmt_bytes(used)}")
    return out


def _default_fraction(host: hardware.Host, tp: int) -> float:
    try:
        from safelaunch.core import memory

        return float(memory.default_mem_fraction(host.min_memory_total, tp))
    except Exception:
        return 0.88


def install_signal_handlers(should_exit: threading.Event, reload: threading.Event | None = None) -> None:
    """SIGTERM / SIGINT ask the loops to stop the tree cleanly; SIGHUP asks the daemon to re-plan."""

    def _exit(signum: int, _frame: Any) -> None:
        should_exit.set()

    signal.signal(signal.SIGTERM, _exit)
    signal.signal(signal.SIGINT, _exit)
    if reload is not None:
        signal.signal(signal.SIGHUP, lambda *_: reload.set())
