"""One launch of the engine as a small state machine: launching -> loading -> capturing -> warming -> probing,
then healthy or failed (or stopped, on a signal).

Shaped after uvicorn's supervisor `Process`: an object with plain verbs. The engine's own log moves the state
(the classifier's phases), our HTTP probe confirms health, a stall timer fails it. Each transition is one
method; what the loop remembers between lines lives on one `Progress` object. A failed attempt always ends the
same way: the whole tree stopped at once, then its GPU memory waited for (the supervisor's release wait).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

import psutil

from safelaunch import redact
from safelaunch.core import hardware, ledger, logwatch
from safelaunch.host import engine as engine_mod
from safelaunch.host.health import HealthClient
from safelaunch.supervise.results import AttemptResult

DEFAULT_PHASE_LIMITS_S: Mapping[str, float] = {
    "launching": 900.0,
    "loading_weights": 3600.0,
    "kv_cache": 600.0,
    "cuda_graph": 1800.0,
    "warmup": 600.0,
}
SETTLE_S = 0.3  # after a failure line, how long to let the rest of the traceback arrive
FAIL_GRACE_S = 0.0  # a failed engine gets SIGKILL at once: SGLang's teardown after a dead rank only hangs
ENGINE_CMD_GRACE_S = 10.0  # a `docker run` prefix passes SIGTERM on to its container but cannot pass SIGKILL
PROBE_EVERY_S = 0.5
# once SGLang said it is ready, the probe asks at once and then this often: a local request is nothing, and the
# time from the ready line to healthy is time the server (and every client waiting on it) is not serving
READY_PROBE_EVERY_S = 0.05
# ...and closer still at first: uvicorn logs "Application startup complete." a few ms before it binds the port and
# SGLang's warm-up request follows, so the first probes are refused or told "starting" (503) for a few ms to a
# few seconds. For READY_PROBE_CLOSE_S after the ready line they come READY_PROBE_FIRST_S apart (a local /health
# is nothing), then every READY_PROBE_EVERY_S: a warm-up of seconds sees ~20 probes a second, not two hundred
READY_PROBE_FIRST_S = 0.005
READY_PROBE_CLOSE_S = 0.5
EXIT_SETTLE_S = 1.0  # after the engine exits, how long its last output may take to arrive


class State(Enum):
    LAUNCHING = "launching"
    LOADING = "loading"  # weights, then the KV pool
    CAPTURING = "capturing"  # CUDA graphs
    WARMING = "warming"
    PROBING = "probing"  # SGLang said ready: our probe must now get an answer and a generation
    HEALTHY = "healthy"
    FAILED = "failed"
    STOPPED = "stopped"  # by a signal


# The classifier's start-up phases, as states. Only SGLang's ready line moves an attempt to probing (a "ready"
# or "serving" phase alone does not), and once probing it stays there whatever it logs next.
STATE_OF_PHASE: Mapping[str, State] = {
    "launching": State.LAUNCHING,
    "loading_weights": State.LOADING,
    "kv_cache": State.LOADING,
    "cuda_graph": State.CAPTURING,
    "warmup": State.WARMING,
}


@dataclass(frozen=True)
class AttemptConfig:
    """What every attempt of one run shares: where to probe, when a phase has stalled, whom to tell."""

    bind_host: str
    model: str
    api_key: str | None
    secrets: tuple[str, ...]
    via_engine_cmd: bool  # a container prefix: its sockets and its teardown are out of our sight
    phase_limits: Mapping[str, float]
    phase_timeout_s: float | None
    should_exit: threading.Event
    emit: Callable[..., None]
    wait_release: Callable[[Sequence[int]], engine_mod.ReleaseReport]


@dataclass
class Progress:
    """What the loop remembers between lines of one attempt (times are `time.monotonic()`)."""

    t_launch: float
    last_progress: float
    next_probe: float
    next_scan: float
    seen_pids: set[int]
    state: State = State.LAUNCHING
    phase: str = "launching"  # the classifier's phase name, as recorded and as the phase limits key it
    failure_at: float | None = None
    ready_at: float = 0.0
    owns_port: bool = False  # our engine was seen answering on the port: no need to look at its sockets again
    last_probe_state: str = "refused"
    exit_seen_at: float | None = None

    @property
    def ready_line(self) -> bool:
        return self.state is State.PROBING


class Attempt:
    """One engine process, watched from launch until it is healthy or has failed; `run()` drives it."""

    progress: Progress  # from launch() on

    def __init__(
        self,
        config: AttemptConfig,
        number: int,
        flags: Mapping[str, Any],
        port: int,
        argv: Sequence[str],
        env: Mapping[str, str],
    ) -> None:
        self.config = config
        self.number = number
        self.flags = flags
        self.port = port
        self.proc = engine_mod.EngineProcess(argv, env)
        self.clf = logwatch.LogClassifier()
        self.fitter = ledger.LedgerFitter()  # the memory figures of each rank, for the next decision

    def run(self) -> AttemptResult:
        self.launch()
        with HealthClient(self.config.bind_host, self.port, self.config.api_key) as health:
            while True:
                result = self.tick(health)
                if result is not None:
                    return result

    def tick(self, health: HealthClient) -> AttemptResult | None:
        """One turn: a line (if one came), then every way the attempt can end, in this order."""
        # a probe due sooner is not late; an exited engine is probed no more, so its last lines get the full wait
        due = self.progress.next_probe - time.monotonic() if self.progress.exit_seen_at is None else 0.05
        line = self.proc.read(timeout=min(0.05, max(0.0, due)))
        now = time.monotonic()
        if line is not None:
            self.fitter.feed(line.text)
            for ev in self.clf.feed(line.text):
                self.on_event(ev, line.at, now)
        self.remember_ranks(now)
        if self.config.should_exit.is_set():
            return self.stop_on_signal()
        if self.failure_settled(now):
            return self.fail_from_log()
        if not self.proc.is_alive():
            return self.on_exit(now)
        if now >= self.progress.next_probe:
            result = self.probe(health, now)
            if result is not None:
                return result
        return self.check_stall(now)

    def emit(self, event: str, **data: Any) -> None:
        self.config.emit(event, number=self.number, **data)

    def failure_settled(self, now: float) -> bool:
        """A failure line was seen and the rest of its traceback is in (SETTLE_S passed, or the output closed)."""
        at = self.progress.failure_at
        return at is not None and (now - at >= SETTLE_S or self.proc.output_closed)

    # -- transitions

    def launch(self) -> None:
        """-> launching: the process tree starts; its clocks start with it."""
        self.proc.start()
        t = time.monotonic()
        self.progress = Progress(
            t_launch=t, last_progress=t, next_probe=t + PROBE_EVERY_S, next_scan=t, seen_pids={self.proc.pid}
        )

    def on_event(self, ev: Any, line_at: float, now: float) -> None:
        """One classifier event -> its transition (a warning is only passed on)."""
        if ev.kind in ("phase", "progress", "memory"):
            self.advance(ev, now)
        elif ev.kind == "failure" and self.progress.failure_at is None:
            self.saw_failure(ev, line_at)
        elif ev.kind == "ready":
            self.saw_ready(ev, now)
        elif ev.kind == "warning":
            self.emit("warning", text=redact.redact_text(ev.text, self.config.secrets))

    def advance(self, ev: Any, now: float) -> None:
        """-> loading / capturing / warming: the log shows progress (never back out of probing)."""
        self.progress.last_progress = now
        self.progress.phase = ev.phase
        if self.progress.state is not State.PROBING:
            self.progress.state = STATE_OF_PHASE.get(ev.phase, self.progress.state)
        self.emit(
            "progress",
            phase=ev.phase,
            what=ev.kind,
            numbers=dict(ev.numbers),
            text=redact.redact_text(ev.text, self.config.secrets),
        )

    def saw_failure(self, ev: Any, line_at: float) -> None:
        """A failure line: the attempt fails once the rest of the traceback has had SETTLE_S to arrive."""
        self.progress.failure_at = line_at
        self.emit("failure_seen", label=ev.label, phase=ev.phase, numbers=dict(ev.numbers))

    def saw_ready(self, ev: Any, now: float) -> None:
        """-> probing: SGLang said it is ready; only our own probe makes it healthy."""
        self.progress.state = State.PROBING
        self.progress.ready_at = now
        self.progress.last_progress = now
        self.progress.next_probe = now
        self.emit("progress", phase="ready", what="ready", numbers={}, text=ev.text)

    def probe_interval(self, now: float) -> float:
        """How long until the next probe: PROBE_EVERY_S while starting; from the ready line, READY_PROBE_FIRST_S
        for READY_PROBE_CLOSE_S, then READY_PROBE_EVERY_S."""
        p = self.progress
        if not p.ready_line:
            return PROBE_EVERY_S
        return READY_PROBE_FIRST_S if now - p.ready_at < READY_PROBE_CLOSE_S else READY_PROBE_EVERY_S

    def probe(self, health: HealthClient, now: float) -> AttemptResult | None:
        """-> healthy, when our own engine answers health and a tiny generation."""
        self.progress.next_probe = now + self.probe_interval(now)
        probe = health.health()
        self.progress.last_probe_state = probe.state
        ready_line = self.progress.ready_line
        # whose port answered is looked up only when it answered "ok" (the scan of a TP-8 tree's sockets takes
        # 5-20 ms), and once ours did, the port stays ours
        owns = probe.state == "ok" and (
            self.progress.owns_port
            or (ready_line if self.config.via_engine_cmd else engine_owns_port(self.proc, self.port, ready_line))
        )
        self.progress.owns_port = self.progress.owns_port or owns  # a 503 in between does not make it another's
        if probe.state == "ok" and not owns:
            pass  # another server answers on this port: ours has not bound it (yet)
        elif probe.state == "ok":
            gen = health.tiny_generation(self.config.model)
            if gen.state == "ok":
                return self.become_healthy(health.server_info())
        elif probe.state == "starting":
            self.progress.last_progress = now
        return None

    def become_healthy(self, info: Mapping[str, Any] | None) -> AttemptResult:
        self.progress.state = State.HEALTHY
        self.proc.mark_healthy()
        kv = kv_tokens(info, self.clf)
        return AttemptResult(
            self.number,
            dict(self.flags),
            self.port,
            "healthy",
            "ready",
            {"max_total_num_tokens": kv} if kv else {},
            "",
            time.monotonic() - self.progress.t_launch,
            kv_tokens=kv,
            log_tail=self._tail(),
        )

    def stop_on_signal(self) -> AttemptResult:
        """-> stopped: SIGTERM / SIGINT while starting."""
        return self.fail("stopped", self.progress.phase, {}, "stopped by signal", None, State.STOPPED)

    def fail_from_log(self) -> AttemptResult:
        """-> failed, by the classifier's diagnosis of the failure line and the traceback after it."""
        diag = self.clf.diagnosis()
        label = diag.label if diag.label != "healthy" else "unknown"
        return self.fail(label, diag.phase, dict(diag.numbers), evidence_of(diag), self.progress.failure_at)

    def on_exit(self, now: float) -> AttemptResult | None:
        """-> failed, once an exited engine's output is closed (or has had EXIT_SETTLE_S to be)."""
        self.progress.exit_seen_at = self.progress.exit_seen_at or now
        if not (self.proc.output_closed or now - self.progress.exit_seen_at > EXIT_SETTLE_S):
            return None
        diag = self.clf.diagnosis()
        label = diag.label if diag.label != "healthy" else "unknown"
        evidence = evidence_of(diag) or f"engine exited with status {self.proc.returncode}"
        numbers = dict(diag.numbers)
        numbers.setdefault("exit_code", self.proc.returncode)
        return self.fail(label, diag.phase or self.progress.phase, numbers, evidence, self.progress.exit_seen_at)

    def check_stall(self, now: float) -> AttemptResult | None:
        """-> failed (hang): no progress within the phase's limit, or ready but never answering our probe."""
        p, cfg = self.progress, self.config
        limit = cfg.phase_timeout_s or cfg.phase_limits.get(p.phase, 1800.0)
        ready_limit = cfg.phase_timeout_s or cfg.phase_limits.get("warmup", 600.0)
        stalled = now - p.last_progress > limit if not p.ready_line else now - p.ready_at > ready_limit
        if not stalled:
            return None
        evidence = (
            f"no progress for {limit:g} s in phase {p.phase}"
            if not p.ready_line
            else f"SGLang said it is ready, but for {ready_limit:g} s our probe of port {self.port} got "
            f"'{p.last_probe_state}' (is --host/--port overridden after --, or not a generative model?)"
        )
        return self.fail("hang", p.phase, {"stalled_s": now - p.last_progress}, evidence, now)

    def fail(
        self,
        label: str,
        phase: str | None,
        numbers: dict[str, Any],
        evidence: str,
        failure_at: float | None,
        state: State = State.FAILED,
    ) -> AttemptResult:
        """Stop the whole tree now (never wait for SGLang's own teardown), then wait for its GPU memory."""
        self.progress.state = state
        proc = self.proc
        t_stop_start = time.monotonic()
        list(proc.drain())
        stop = proc.stop(grace=ENGINE_CMD_GRACE_S if self.config.via_engine_cmd else FAIL_GRACE_S)
        signalled = proc.signalled_at or time.monotonic()
        self.emit("stopped", seconds=stop.seconds, killed=stop.killed)
        release = self.config.wait_release(sorted(set(stop.pids) | self.progress.seen_pids))
        if release.others:
            self.config.emit("foreign_memory", holders=describe_holders(release.others))
        if not release.released:
            self.emit(
                "warning", text=f"GPU memory still held by {sorted(release.still_held)} after {release.seconds:.1f} s"
            )
        # reaction: the failure line -> every process of the tree signalled (the decision is added by the
        # supervisor); the processes' exit and NVML showing their memory free are the GPU release, timed apart
        react = (signalled - failure_at) if failure_at is not None else 0.0
        exit_wait = max(0.0, proc_exit_seconds(stop, signalled, t_stop_start))
        return AttemptResult(
            self.number,
            dict(self.flags),
            self.port,
            label,
            phase,
            numbers,
            redact.redact_text(evidence, self.config.secrets),
            (failure_at or time.monotonic()) - self.progress.t_launch,
            stop_s=stop.seconds,
            release_s=exit_wait + release.seconds,
            react_s=react,
            log_tail=self._tail(),
        )

    # -- while any state

    def remember_ranks(self, now: float) -> None:
        """The ranks appear in the first seconds; remember them all, so the release wait covers every one."""
        if now - self.progress.t_launch < 5 and now >= self.progress.next_scan:
            self.progress.next_scan = now + 0.5
            with contextlib.suppress(Exception):
                self.progress.seen_pids.update(self.proc.pids())

    def _tail(self) -> tuple[str, ...]:
        return tuple(redact.redact_text(t, self.config.secrets) for t in self.proc.tail)


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


def evidence_of(diag: Any) -> str:
    """The last line the classifier kept as evidence for its diagnosis, or ""."""
    ev = getattr(diag, "evidence", ()) or ()
    if not ev:
        return ""
    last = ev[-1]
    return last[1] if isinstance(last, (tuple, list)) else str(getattr(last, "text", last))


def kv_tokens(info: Mapping[str, Any] | None, clf: Any) -> int | None:
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


def describe_holders(holders: Mapping[int, int]) -> list[str]:
    out = []
    for pid, used in sorted(holders.items()):
        name, user = "?", "?"
        with contextlib.suppress(psutil.Error):
            p = psutil.Process(pid)
            name, user = p.name(), p.username()
        out.append(f"pid {pid} ({name}, {user}) holds {hardware.fmt_bytes(used)}")
    return out
