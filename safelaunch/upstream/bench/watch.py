"""Watching the engine while the load runs: an OOM line or the process dying ends the benchmark.

Why apart: a fraction that survives start-up can still run out of memory once real batches arrive; this
reads the engine's log through the same classifier the supervisor uses. `SleepWatch` stands in where there is
no engine of ours to watch (`safelaunch bench` against someone's server).
"""

from __future__ import annotations

import threading
import time
from typing import Any

from safelaunch.upstream.bench.outcome import LoadFailure

SETTLE_S = 0.3  # after a failure line, let the rest of the traceback arrive (the supervisor's value)


class EngineWatch:
    """Reads the engine's log while the load runs: a failure line (an OOM) or the process dying ends the bench."""

    def __init__(self, proc: Any, clf: Any, settle_s: float = SETTLE_S) -> None:
        self.proc = proc
        self.clf = clf
        self.settle_s = settle_s
        self.failure_at: float | None = None
        self.first: Any = None
        self.exit_seen_at: float | None = None

    def check(self, timeout: float) -> LoadFailure | None:
        deadline = time.monotonic() + timeout
        while True:
            line = self.proc.read(timeout=max(0.0, min(0.05, deadline - time.monotonic())))
            now = time.monotonic()
            if line is not None and self.clf is not None:
                for ev in self.clf.feed(line.text):
                    if ev.kind == "failure" and self.failure_at is None:
                        self.failure_at, self.first = now, ev
            if self.failure_at is not None and (now - self.failure_at >= self.settle_s or self.proc.output_closed):
                return self._failure()
            if not self.proc.is_alive():
                self.exit_seen_at = self.exit_seen_at or now
                if self.proc.output_closed or now - self.exit_seen_at > 1.0:
                    list(self.proc.drain())
                    return self._failure(exit_code=self.proc.returncode)
                continue
            if line is None and now >= deadline:
                return None

    def _failure(self, exit_code: int | None = None) -> LoadFailure:
        diag = self.clf.diagnosis() if self.clf is not None else None
        label = getattr(diag, "label", None)
        if label in (None, "healthy", "unknown"):
            label = getattr(self.first, "label", None) or "crash"
        numbers = dict(getattr(diag, "numbers", {}) or {})
        if exit_code is not None:
            numbers.setdefault("exit_code", exit_code)
        evidence = _evidence(diag) or getattr(self.first, "text", "") or f"engine exited with status {exit_code}"
        phase = getattr(diag, "phase", None) or "serving"
        return LoadFailure(str(label), phase, numbers, str(evidence))


def _evidence(diag: Any) -> str:
    ev = getattr(diag, "evidence", ()) or ()
    if not ev:
        return ""
    last = ev[-1]
    return str(last[1] if isinstance(last, tuple | list) else getattr(last, "text", last))


class SleepWatch:
    """No engine of ours to watch (`safelaunch bench` against someone's server): just wait."""

    def __init__(self, should_exit: threading.Event) -> None:
        self.should_exit = should_exit

    def check(self, timeout: float) -> LoadFailure | None:
        self.should_exit.wait(timeout)
        return None
