"""The supervisor's own Prometheus endpoint: what safelaunch is doing, next to SGLang's metrics about serving.

A private CollectorRegistry (not prometheus-client's global one) keeps tests, several supervisors in one process,
and anything else that imports prometheus-client from seeing each other's series. Nothing listens until `start`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Enum, Gauge, Info, generate_latest, start_http_server

from safelaunch import __version__
from safelaunch.errors import ConfigError
from safelaunch.redact import redact_flags

STATES = ("idle", "starting", "healthy", "backoff", "restarting", "stopping", "failed")


def flag_labels(flags: Mapping[str, Any]) -> dict[str, str]:
    """Canonical flag names as label names (`mem-fraction-static` -> `mem_fraction_static`), secrets redacted."""
    out: dict[str, str] = {}
    for key, value in redact_flags(flags).items():
        name = "".join(c if c.isalnum() or c == "_" else "_" for c in str(key).lstrip("-"))
        if not name or name[0].isdigit() or name.startswith("__"):
            name = "flag_" + name.lstrip("_")
        out[name] = "true" if value is True else "false" if value is False else str(value)
    return out


class SupervisorMetrics:
    """The verbs the supervisor calls as it goes; each updates the series a dashboard or an alert reads."""

    def __init__(self, model: str | None = None, instance: str | None = None) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self._info = Info("safelaunch", "The supervisor: version, model and service instance.", registry=r)
        self._info.info({"version": __version__, "model": model or "", "instance": instance or ""})
        self._state = Enum("safelaunch_state", "What the supervisor is doing.", states=list(STATES), registry=r)
        self._attempt = Gauge("safelaunch_attempt", "The number of the current start attempt (1-based).", registry=r)
        self._attempts = Counter("safelaunch_attempts", "Start attempts made.", registry=r)
        self._failures = Counter("safelaunch_failures", "Failed attempts by failure label.", ["label"], registry=r)
        self._last_failure = Info("safelaunch_last_failure", "The label of the last failure.", registry=r)
        self._last_failure_time = Gauge(
            "safelaunch_last_failure_timestamp_seconds", "When the last failure was recognised.", registry=r
        )
        self._restarts = Counter("safelaunch_restarts", "Engine restarts after it had been healthy.", registry=r)
        self._to_healthy = Gauge(
            "safelaunch_time_to_healthy_seconds", "From the first attempt of a start to healthy.", registry=r
        )
        self._healthy_since = Gauge(
            "safelaunch_healthy_since_timestamp_seconds", "When the engine last became healthy; 0 when not.", registry=r
        )
        self._flags = Info("safelaunch_flags", "SGLang flags of the current attempt, redacted.", registry=r)
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self._state.state("idle")

    # -- what the supervisor reports

    def state(self, name: str) -> None:
        if name not in STATES:
            raise ValueError(f"unknown supervisor state {name!r}; one of {', '.join(STATES)}")
        self._state.state(name)
        if name != "healthy":
            self._healthy_since.set(0)

    def attempt_started(self, n: int, flags: Mapping[str, Any]) -> None:
        self._attempts.inc()
        self._attempt.set(n)
        self._flags.info(flag_labels(flags))
        self.state("starting")

    def failed(self, label: str) -> None:
        self._failures.labels(label=label).inc()
        self._last_failure.info({"label": label})
        self._last_failure_time.set(time.time())

    def healthy(self, seconds: float, flags: Mapping[str, Any]) -> None:
        self._to_healthy.set(seconds)
        self._flags.info(flag_labels(flags))
        self.state("healthy")
        self._healthy_since.set(time.time())

    def restarted(self) -> None:
        self._restarts.inc()

    # -- exposition

    def render(self) -> bytes:
        return generate_latest(self.registry)

    def start(self, port: int, host: str = "127.0.0.1") -> int:
        """Serve /metrics on host:port (0 picks a free port); returns the bound port. A busy port is a ConfigError."""
        if self._server is not None:
            return int(self._server.server_port)
        try:
            self._server, self._thread = start_http_server(port, addr=host, registry=self.registry)
        except OSError as exc:
            raise ConfigError(f"metrics port {host}:{port}: {exc.strerror or exc}") from None
        return int(self._server.server_port)

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
