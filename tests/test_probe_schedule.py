"""When the supervisor asks a starting server whether it is healthy: rarely while it loads, closely after its
ready line (uvicorn logs it a few ms before binding the port, so the first ask is often refused), then settling
to READY_PROBE_EVERY_S so that a long warm-up is not flooded with requests."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

from safelaunch.supervise import attempt


def _progress(state: attempt.State) -> attempt.Progress:
    return attempt.Progress(
        t_launch=0.0, last_progress=0.0, next_probe=0.0, next_scan=0.0, seen_pids=set(), state=state
    )


def test_probes_are_sparse_while_the_engine_loads() -> None:
    holder = SimpleNamespace(progress=_progress(attempt.State.LAUNCHING))
    gaps = [attempt.Attempt.probe_interval(holder) for _ in range(5)]  # type: ignore[arg-type]
    assert gaps == [attempt.PROBE_EVERY_S] * 5


def test_after_the_ready_line_probes_start_close_and_back_off_to_the_ready_interval() -> None:
    holder = SimpleNamespace(progress=_progress(attempt.State.PROBING))
    gaps = [attempt.Attempt.probe_interval(holder) for _ in range(8)]  # type: ignore[arg-type]
    assert gaps[0] == attempt.READY_PROBE_FIRST_S < attempt.READY_PROBE_EVERY_S
    assert all(b >= a for a, b in itertools.pairwise(gaps))  # never closer than before
    assert gaps[-1] == attempt.READY_PROBE_EVERY_S
    assert sum(gaps[:3]) < attempt.READY_PROBE_EVERY_S * 2  # three asks in the time two fixed intervals took
