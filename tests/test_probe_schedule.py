"""When the supervisor asks a starting server whether it is healthy: rarely while it loads, closely for a moment
after its ready line (uvicorn logs it a few ms before binding the port, and SGLang's warm-up follows), then
every READY_PROBE_EVERY_S so that a long warm-up is not flooded with requests."""

from __future__ import annotations

from types import SimpleNamespace

from safelaunch.supervise import attempt


def _holder(state: attempt.State, ready_at: float = 0.0) -> SimpleNamespace:
    progress = attempt.Progress(t_launch=0.0, last_progress=0.0, next_probe=0.0, next_scan=0.0, seen_pids=set())
    progress.state, progress.ready_at = state, ready_at
    return SimpleNamespace(progress=progress)


def test_probes_are_sparse_while_the_engine_loads() -> None:
    holder = _holder(attempt.State.LAUNCHING)
    assert [attempt.Attempt.probe_interval(holder, t) for t in (0.0, 1.0, 10.0)] == [attempt.PROBE_EVERY_S] * 3  # type: ignore[arg-type]


def test_after_the_ready_line_probes_are_close_for_a_moment_then_settle() -> None:
    holder = _holder(attempt.State.PROBING, ready_at=100.0)
    close = attempt.Attempt.probe_interval(holder, 100.0)  # type: ignore[arg-type]
    late = attempt.Attempt.probe_interval(holder, 100.0 + attempt.READY_PROBE_CLOSE_S)  # type: ignore[arg-type]
    assert close == attempt.READY_PROBE_FIRST_S < late == attempt.READY_PROBE_EVERY_S < attempt.PROBE_EVERY_S
    # the close window is short: at most this many probes before they settle
    assert attempt.READY_PROBE_CLOSE_S / attempt.READY_PROBE_FIRST_S <= 100
