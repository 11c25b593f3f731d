"""Serving after a healthy start: watch the log, every process of the tree and liveness; as a daemon, restart.

Liveness is a tiny generation with a deadline, not `/health` alone (whether SGLang's `/health` reaches a scheduler
depends on its version and SGLANG_ENABLE_HEALTH_ENDPOINT_GENERATION); a dead or stopped rank is seen in /proc
within seconds, whatever SGLang's own watchdog (0.5.10.post1+, dead ranks only) makes of it. An OOM while
serving is evidence against the config: it is recorded (the next start lowers the fraction) and, in daemon mode,
the remedies pick the restart's flags; a crash, a hang or an unanswering server restarts with the last good
config, with backoff, until a crash loop leaves it to systemd. SIGHUP re-plans from the env file.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from safelaunch.core import remedies
from safelaunch.errors import SafelaunchError
from safelaunch.host import engine as engine_mod
from safelaunch.host.health import LivenessProbe
from safelaunch.supervise.attempt import SETTLE_S, evidence_of
from safelaunch.supervise.results import AttemptResult
from safelaunch.supervise.serve import EXIT_GAVE_UP, Run, emit_all, exit_code, interrupted_code, record_verified
from safelaunch.supervise.supervisor import STOPPED_BY_SIGNAL, Supervisor

RANK_CHECK_S = 1.0  # how often the serving tree's processes are looked at (a few /proc reads)
STOPPED_HANG_S = 5.0  # a process stopped this long is a hang; a debugger's or py-spy's brief stop is not
LIVENESS_DEADLINE_S = 20.0  # for a tiny generation to answer: SGLang's own SGLANG_HEALTH_CHECK_TIMEOUT
UNHEALTHY_AFTER = 3  # liveness failures in a row before the server counts as unhealthy (one slow answer is load)
HEALTH_INTERVAL_S = 5.0  # between two liveness probes
MAX_RESTARTS = 5  # within RESTART_WINDOW_S: more is a crash loop, left to systemd
RESTART_WINDOW_S = 600.0
BACKOFF_S = 2.0  # before the n-th restart of a window: BACKOFF_S * 2 ** (n - 1)
RESTART_GRACE_S = 2.0  # SIGTERM -> SIGKILL when stopping a failed server (it has failed: no drain to wait for)


@dataclass(frozen=True)
class ServingEnd:
    label: str  # "stopped" | "reload" | a failure label | "crash" | "hang" | "unhealthy"
    numbers: Mapping[str, Any] = field(default_factory=dict)
    evidence: str = ""


def watch_serving(
    sup: Supervisor,
    port: int,
    should_exit: threading.Event,
    reload: threading.Event | None,
    interval: float,
    emit: Callable[..., None],
    unhealthy_after: int = UNHEALTHY_AFTER,
    deadline: float = LIVENESS_DEADLINE_S,
) -> ServingEnd:
    """Until something ends serving: read the log (an OOM is recorded), watch every process of the tree (a dead
    one is a crash, one stopped for STOPPED_HANG_S a hang, each within seconds), and probe liveness with a tiny
    generation (`unhealthy_after` failures in a row: unhealthy). Only a generation that answered is `serving_ok`,
    the event that feeds systemd's watchdog."""
    proc = sup.proc
    assert proc is not None
    clf = sup.clf
    ranks = engine_mod.RankWatch(proc.serving_tree or proc.tree())
    failure_at: float | None = None
    stopped_since: float | None = None
    misses = 0
    next_rank_check = time.monotonic()
    with LivenessProbe(sup.opts.host, port, sup.api_key, sup.plan.model, interval, deadline) as live:
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
                return ending(clf, "crash", {}, "")
            if not proc.is_alive():
                list(proc.drain())
                code = proc.returncode
                return ending(clf, "crash", {"exit_code": code}, f"engine exited with status {code}")
            if failure_at is None and now >= next_rank_check:
                next_rank_check = now + RANK_CHECK_S
                trouble = sup.serving_trouble()  # a multi-node group: another node's part ended
                if trouble is not None:
                    return ServingEnd(*trouble)
                problem = ranks.check()
                if problem is not None and problem.state == "dead":
                    settle(proc, clf)  # a rank that died of an exception has printed why: let the log say it
                    return ending(clf, "crash", {"pid": problem.pid}, problem.describe())
                stopped_since = (stopped_since or now) if problem is not None else None
                if problem is not None and now - stopped_since >= STOPPED_HANG_S:
                    return ServingEnd(
                        "hang", {"pid": problem.pid, "stopped_s": round(now - stopped_since, 1)}, problem.describe()
                    )
            for result in live.results():
                if result.ok:
                    misses = 0
                    emit("serving_ok", seconds=result.seconds)
                    continue
                misses += 1
                emit("liveness_failed", misses=misses, of=unhealthy_after, detail=result.detail)
                if misses >= unhealthy_after:
                    return ServingEnd(
                        "unhealthy",
                        {"misses": misses},
                        f"tiny generation failed {misses} times in a row (deadline {deadline:g} s): {result.detail}",
                    )


def settle(proc: engine_mod.EngineProcess, clf: Any) -> None:
    """Read what the tree still prints for SETTLE_S (the traceback of a rank that died of an exception)."""
    until = time.monotonic() + SETTLE_S
    while time.monotonic() < until and not proc.output_closed:
        line = proc.read(timeout=0.05)
        if line is not None and clf is not None:
            clf.feed(line.text)


def ending(clf: Any, fallback: str, numbers: Mapping[str, Any], evidence: str) -> ServingEnd:
    """The classifier's diagnosis when the log named a failure, else `fallback` with what was seen."""
    d = clf.diagnosis() if clf is not None else None
    if d is not None and d.label not in ("healthy", "unknown"):
        return ServingEnd(d.label, {**numbers, **dict(d.numbers)}, evidence_of(d))
    return ServingEnd(fallback, dict(numbers), evidence or (evidence_of(d) if d is not None else ""))


def serve_forever(
    run: Run,
    should_exit: threading.Event,
    reload: threading.Event | None,
    *,
    daemon: bool,
    health_interval: float = HEALTH_INTERVAL_S,
    liveness_deadline: float = LIVENESS_DEADLINE_S,
    max_restarts: int = MAX_RESTARTS,
    restart_window_s: float = RESTART_WINDOW_S,
    stable_after_s: float = 300.0,
    backoff_s: float = BACKOFF_S,
) -> int:
    """Serve until SIGTERM; in daemon mode restart a dead or unanswering server with its last good config.

    `run.summary` always ends as the final state (what the last `--json` line prints): healthy only while serving,
    not after a stop, a give-up or a crash loop."""
    sup = run.supervisor
    summary = run.summary
    assert summary is not None and summary.healthy
    flags = dict(summary.flags)
    port = summary.port or 0
    restarts: list[float] = []
    healthy_since = time.monotonic()

    def emit(event: str, **data: Any) -> None:
        emit_all(run.listeners, event, **data)

    def final(reason: str, code: int) -> int:
        run.summary = replace(run.summary or summary, healthy=False, reason=reason)
        return code

    while True:
        number = serving_attempt(run)
        end = watch_serving(
            sup, port, should_exit, reload if daemon else None, health_interval, emit, deadline=liveness_deadline
        )
        if end.label == "stopped":
            return final(STOPPED_BY_SIGNAL, 0)
        if end.label != "reload":
            record_serving_failure(run, flags, end, number)
            emit("serving_failed", number=number, label=end.label, numbers=dict(end.numbers), evidence=end.evidence)
        if not daemon:
            sup.stop_engine(grace=RESTART_GRACE_S)
            return final(f"{end.label} while serving: {end.evidence}", EXIT_GAVE_UP)
        now = time.monotonic()
        if now - healthy_since > stable_after_s:
            restarts.clear()  # it had been stable: a new problem, not a crash loop
        restarts = [t for t in restarts if now - t < restart_window_s]
        if end.label != "reload" and len(restarts) >= max_restarts:
            sup.stop_engine(grace=RESTART_GRACE_S)
            reason = f"crash loop: {len(restarts)} restarts within {restart_window_s:g}s; leaving it to systemd"
            emit(
                "decision",
                number=number,
                label=end.label,
                numbers=dict(end.numbers),
                give_up=True,
                evidence=end.evidence,
                reason=reason,
            )
            return final(reason, EXIT_GAVE_UP)
        if end.label != "reload":  # a reload is asked for, not a crash: no backoff, not counted
            restarts.append(now)
        sup.stop_engine(grace=RESTART_GRACE_S)
        if end.label == "reload":
            reason = "SIGHUP: re-planning and restarting"
            flags = replan(run) or flags
        elif end.label in remedies.DOWN_LABELS:
            decision = remedies.decide(
                remedies.Failure(end.label, "serving", end.numbers, end.evidence),
                flags,
                sup.context(number, flags),
                sup.history,
                sup.policy,
            )
            sup.history.append(remedies.Outcome(flags, end.label))
            if not decision.give_up:
                flags = decision.apply(flags)
            reason = f"{end.label} while serving: {decision.reason}"
        else:
            reason = f"{end.label} while serving ({end.evidence[:200]}): restarting with the last good config"
        wait = 0.0 if end.label == "reload" else backoff_s * (2 ** (len(restarts) - 1))
        emit("restarting", number=number, label=end.label, reason=reason, backoff_s=wait)
        if should_exit.wait(wait):
            return final(STOPPED_BY_SIGNAL, interrupted_code(should_exit))
        sup.attempts.clear()
        again = sup.run(flags, port)
        run.summary = again
        if not again.healthy:
            return exit_code(again, getattr(should_exit, "signum", None))
        record_verified(run, again, None)
        flags, port, healthy_since = dict(again.flags), again.port or port, time.monotonic()


def serving_attempt(run: Run) -> int:
    """The number of the attempt whose server is serving now (its failures are recorded under it)."""
    attempts = run.summary.attempts if run.summary is not None else ()
    return attempts[-1].number if attempts else 1


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


def record_serving_failure(run: Run, flags: Mapping[str, Any], end: ServingEnd, number: int) -> None:
    """Every failure while serving is recorded under the attempt that was serving; an OOM is also evidence
    against the config, so the next start lowers the fraction."""
    if run.store is None:
        return
    tail = tuple(run.supervisor.proc.tail) if run.supervisor.proc else ()
    port = run.summary.port or 0 if run.summary is not None else 0
    result = AttemptResult(
        number,
        dict(flags),
        port,
        end.label,
        "serving",
        dict(end.numbers),
        end.evidence,
        0.0,
        change="restart",
        log_tail=tail,
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
