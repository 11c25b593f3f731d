"""When the supervisor asks a starting server whether it is healthy: rarely while it loads, closely for a moment
after its ready line (uvicorn logs it a few ms before binding the port, and SGLang's warm-up follows), then
every READY_PROBE_EVERY_S so that a long warm-up is not flooded with requests."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import pytest

from safelaunch.core import ledger, logwatch
from safelaunch.host import health as health_mod
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


class _Proc:
    """An engine process as the attempt sees it: its output, whether it lives, its sockets (never read here)."""

    def __init__(self, alive: bool = True) -> None:
        self.alive, self.output_closed, self.waits = alive, False, []
        self.tail: list[str] = []

    def read(self, timeout: float) -> None:
        self.waits.append(timeout)

    def is_alive(self) -> bool:
        return self.alive

    def pids(self) -> list[int]:
        return []


class _Health:
    """/health answers in the order given; the tiny generation never succeeds (the attempt stays probing)."""

    def __init__(self, *states: str) -> None:
        self.states, self.generations = list(states), 0

    def health(self) -> health_mod.Probe:
        return health_mod.Probe(self.states.pop(0))

    def tiny_generation(self, model: str | None = None) -> health_mod.Probe:
        self.generations += 1
        return health_mod.Probe("error", 500)


def _attempt(proc: _Proc, via_engine_cmd: bool = False) -> attempt.Attempt:
    config = attempt.AttemptConfig(
        "127.0.0.1", "m", None, (), via_engine_cmd, {}, None, threading.Event(), lambda *a, **k: None, lambda p: None
    )  # type: ignore[arg-type]
    a = attempt.Attempt.__new__(attempt.Attempt)
    a.config, a.number, a.flags, a.port, a.proc = config, 1, {}, 30000, proc  # type: ignore[assignment]
    a.clf, a.fitter = logwatch.LogClassifier(), ledger.LedgerFitter()
    now = time.monotonic()
    a.progress = attempt.Progress(t_launch=now, last_progress=now, next_probe=now, next_scan=now, seen_pids=set())
    a.progress.state, a.progress.ready_at = attempt.State.PROBING, now
    return a


def test_the_ports_owner_is_looked_up_only_on_an_ok_and_once_it_was_ours(monkeypatch: pytest.MonkeyPatch) -> None:
    lookups: list[bool] = []
    monkeypatch.setattr(attempt, "engine_owns_port", lambda proc, port, ready: lookups.append(True) or True)
    a, health = _attempt(_Proc()), _Health("refused", "starting", "ok", "starting", "ok")
    for _ in range(5):
        assert a.probe(health, time.monotonic()) is None  # type: ignore[arg-type]
    assert len(lookups) == 1 and health.generations == 2


def test_an_ok_from_another_server_is_not_ours(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(attempt, "engine_owns_port", lambda proc, port, ready: False)
    a, health = _attempt(_Proc()), _Health("ok", "ok")
    assert a.probe(health, time.monotonic()) is None and a.probe(health, time.monotonic()) is None  # type: ignore[arg-type]
    assert health.generations == 0 and not a.progress.owns_port


def test_the_read_waits_no_longer_than_the_next_probe_but_an_exited_engine_is_not_spun_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(attempt, "EXIT_SETTLE_S", 3600.0)  # the exited engine's output stays open for this test
    proc = _Proc()
    a = _attempt(proc)
    a.progress.next_probe = time.monotonic() + 3600  # far off: the read waits its full turn
    assert a.tick(_Health()) is None  # type: ignore[arg-type]
    a.progress.next_probe = time.monotonic() - 1  # due: the read does not wait
    assert a.tick(_Health("refused")) is None  # type: ignore[arg-type]
    assert proc.waits == [0.05, 0.0]
    # the engine exits with its output still open (a rank holds the pipe): no more probes, so no reason to spin
    proc.alive, proc.waits = False, []
    a.progress.next_probe = time.monotonic() - 1
    for _ in range(3):
        assert a.tick(_Health()) is None  # type: ignore[arg-type]
    assert proc.waits[1:] and min(proc.waits[1:]) > 0, proc.waits
