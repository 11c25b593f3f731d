"""Listeners that turn the supervisor's events into systemd's and Prometheus' language.

The supervisor only emits plain events (`attempt`, `progress`, `decision`, `healthy`, ...); these adapters map
them onto sd_notify (STATUS, READY, EXTEND_TIMEOUT, WATCHDOG) and onto `service.metrics` verbs, so that
neither the attempt loop nor the service package knows about the other.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any


class NotifyListener:
    """sd_notify from supervisor events: STATUS at every phase and attempt, READY once healthy, EXTEND_TIMEOUT
    while start-up makes progress (so a stuck start still times out). WATCHDOG=1 while serving only when a liveness
    generation answered; during a restart (no server to ask) when the new start makes progress, so that a restart
    that stalls lets the watchdog fire."""

    EXTEND_S = 600.0

    def __init__(self, notifier: Any) -> None:
        from safelaunch.service import notify

        self.notify = notify
        self.n = notifier
        self.state: Any = notify.SupervisorStatus()
        self.ready_sent = False
        self.healthy_detail: str | None = None
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
            self.healthy_detail = f"port {d['port']}"
            self._push(state="healthy", detail=self.healthy_detail)
            if not self.ready_sent:
                self.ready_sent = True
                self.n.ready()
        elif kind == "serving_ok":
            if self.state.state != "healthy":
                self._push(state="healthy", detail=self.healthy_detail)
            self.n.watchdog()  # only a generation that answered feeds systemd's watchdog
        elif kind == "liveness_failed":
            self._push(state="unanswering", detail=f"liveness check failed {d['misses']}/{d['of']}: {d['detail']}")
        elif kind == "serving_failed":
            self._push(state="failing", detail=f"{d['label']} while serving")
        elif kind == "restarting":
            self._push(state="restarting", detail=d.get("reason"))
        elif kind == "stopping":
            self.n.stopping(self.notify.status_line(replace(self.state, state="stopping")))


class MetricsListener:
    """Prometheus series from supervisor events: attempts, failures by label, time to healthy, the state."""

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
        elif kind == "serving_failed":
            self.m.failed(d["label"])
            self.m.state("failed")
        elif kind == "restarting":
            self.m.restarted()
            self.m.state("restarting")
        elif kind == "stopping":
            self.m.state("stopping")
