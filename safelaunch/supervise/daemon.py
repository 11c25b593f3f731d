"""Serving after a healthy start: watch the log and the health endpoint; as a daemon, restart what fails.

An OOM while serving is evidence against the config: it is recorded (the next start lowers the fraction) and,
in daemon mode, the remedies pick the restart's flags; a crash or an unanswering server restarts with the last
good config, with backoff, until a crash loop leaves it to systemd. SIGHUP re-plans from the env file.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from safelaunch.core import remedies
from safelaunch.errors import SafelaunchError
from safelaunch.host.health import HealthClient
from safelaunch.supervise.attempt import SETTLE_S, evidence_of
from safelaunch.supervise.results import AttemptResult
from safelaunch.supervise.serve import EXIT_GAVE_UP, Run, emit_all, exit_code, record_verified
from safelaunch.supervise.supervisor import Supervisor


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
                    d.label if d.label not in ("healthy", "unknown") else "crash", dict(d.numbers), evidence_of(d)
                )
            if not proc.is_alive():
                list(proc.drain())
                d = clf.diagnosis() if clf is not None else None
                failed = d is not None and d.label not in ("healthy", "unknown")
                return ServingEnd(
                    d.label if failed else "crash",
                    {"exit_code": proc.returncode, **(dict(d.numbers) if failed else {})},
                    evidence_of(d) if failed else f"engine exited with status {proc.returncode}",
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
            return exit_code(again)
        record_verified(run, again, None)
        flags, port, healthy_since = dict(again.flags), again.port or port, time.monotonic()


def replan(run: Run) -> dict[str, Any] | None:
    """SIGHUP: re-read the instance's env file (if any) and the catalogue, and plan again."""
    from safelaunch.host.planning import make_plan

    env_file = os.environ.get("SAFELAUNCH_ENV_FILE")
    if env_file and os.path.exists(env_file):
        from safelaunch.service import unit_files as service

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
            recipe=run.opts.recipe,
            revision=run.opts.revision,
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
                *run.key,
                end.label,
                dict(end.numbers),
                "failed while serving",
            )
