"""sd_notify without python-systemd: the supervisor tells systemd how start-up goes, when it is ready, that it lives.

The protocol is one datagram of newline-separated `KEY=VALUE` lines sent to the socket named by `$NOTIFY_SOCKET`
(a path, or `@name` for the abstract namespace). Nothing here may ever break the supervisor: when the variable is
unset every call is a cheap no-op, and a send that fails is logged at debug level and reported as `False`.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass

from safelaunch.logsetup import get_logger

log = get_logger("safelaunch.service.notify")

# Variables systemd hands to the main process only; the engine must not inherit them (see `child_env`).
NOTIFY_ENV_VARS = ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID")


def _address(value: str) -> str | None:
    """`@name` is the abstract namespace (a leading NUL on the wire); other schemes (vsock:) are not ours."""
    if value.startswith("@"):
        return "\0" + value[1:]
    if value.startswith("/"):
        return value
    return None


def _one_line(text: str) -> str:
    """A newline inside STATUS= would start a new (bogus) assignment in the datagram."""
    return " ".join(text.replace("\0", " ").split())


class Notifier:
    """Speaks sd_notify to the service manager that started this process, or to nobody.

    Every method returns True when the datagram went out, False when there is no manager or the send failed.
    """

    def __init__(self, socket_name: str | None = None) -> None:
        self.socket_name = socket_name or None
        self._address = _address(socket_name) if socket_name else None
        self._sock: socket.socket | None = None
        self._lock = threading.Lock()
        if socket_name and self._address is None:
            log.debug("notify_socket_unsupported", socket=socket_name)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Notifier:
        env = os.environ if env is None else env
        return cls(env.get("NOTIFY_SOCKET"))

    @property
    def enabled(self) -> bool:
        return self._address is not None

    # -- the messages

    def ready(self, status: str | None = None) -> bool:
        """Only once the server is healthy: systemd then considers the unit started and starts the watchdog."""
        return self.send(READY="1", **({"STATUS": status} if status else {}))

    def status(self, text: str) -> bool:
        return self.send(STATUS=text)

    def watchdog(self) -> bool:
        return self.send(WATCHDOG="1")

    def watchdog_timeout(self, seconds: float) -> bool:
        """Change WatchdogSec= at run time (e.g. longer while the engine restarts inside the service)."""
        return self.send(WATCHDOG_USEC=str(max(1, round(seconds * 1_000_000))))

    def extend_timeout(self, seconds: float | None = None, *, usec: int | None = None) -> bool:
        """Grant more time for the current state (start or stop); the next message must come within it."""
        if usec is None:
            if seconds is None:
                raise TypeError("extend_timeout needs seconds or usec")
            usec = round(seconds * 1_000_000)
        return self.send(EXTEND_TIMEOUT_USEC=str(max(1, int(usec))))

    def stopping(self, status: str | None = None) -> bool:
        return self.send(STOPPING="1", **({"STATUS": status} if status else {}))

    def reloading(self, status: str | None = None) -> bool:
        """MONOTONIC_USEC lets newer systemd (253+) match the READY=1 that ends the reload; older ones ignore it."""
        fields = {"RELOADING": "1", "MONOTONIC_USEC": str(time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000)}
        if status:
            fields["STATUS"] = status
        return self.send(**fields)

    def mainpid(self, pid: int) -> bool:
        return self.send(MAINPID=str(int(pid)))

    # -- the wire

    def send(self, **fields: str) -> bool:
        """One datagram with every field, in the order given; values are flattened to one line each."""
        if self._address is None or not fields:
            return False
        payload = "\n".join(f"{key}={_one_line(str(value))}" for key, value in fields.items()).encode()
        try:
            with self._lock:
                if self._sock is None:
                    self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
                self._sock.sendto(payload, self._address)
        except OSError as exc:
            log.debug("sd_notify_failed", socket=self.socket_name, fields=sorted(fields), error=str(exc))
            return False
        return True

    def close(self) -> None:
        with self._lock:
            if self._sock is not None:
                self._sock.close()
                self._sock = None

    def __enter__(self) -> Notifier:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def watchdog_interval(env: Mapping[str, str] | None = None, pid: int | None = None) -> float | None:
    """Seconds between WATCHDOG=1 pings: half of WatchdogSec=, as sd_watchdog_enabled(3) recommends.

    None when the watchdog is off, malformed, or meant for another process (WATCHDOG_PID names someone else).
    """
    env = os.environ if env is None else env
    raw = env.get("WATCHDOG_USEC", "")
    try:
        usec = int(raw)
    except ValueError:
        return None
    if usec <= 0:
        return None
    owner = env.get("WATCHDOG_PID")
    if owner:
        try:
            if int(owner) != (os.getpid() if pid is None else pid):
                return None
        except ValueError:
            return None
    return usec / 2 / 1_000_000


def child_env(env: Mapping[str, str]) -> dict[str, str]:
    """The engine's environment: without the manager's notify/watchdog variables, which are ours alone."""
    return {k: v for k, v in env.items() if k not in NOTIFY_ENV_VARS}


# --------------------------------------------------------------------------- STATUS= text

_PHASE_TEXT = {
    "launching": "launching SGLang",
    "loading_weights": "loading weights",
    "kv_cache": "allocating the KV cache",
    "cuda_graph": "capturing CUDA graphs",
    "warmup": "warming up",
    "ready": "ready, checking health",
    "serving": "serving",
}


@dataclass(frozen=True)
class SupervisorStatus:
    """What `systemctl status` should show; the supervisor builds one at every phase change and attempt."""

    state: str = "starting"  # starting | healthy | unanswering | failing | backoff | restarting | stopping | failed
    attempt: int | None = None
    max_attempts: int | None = None
    phase: str | None = None  # logwatch phases: launching loading_weights kv_cache cuda_graph warmup ready serving
    batch_size: int | None = None
    weights_pct: float | None = None
    tp: int | None = None
    mem_fraction: float | None = None
    detail: str | None = None  # free text: a failure label and its reason, the backoff, the port


def _flags_text(s: SupervisorStatus) -> str:
    parts = []
    if s.tp is not None:
        parts.append(f"tp={s.tp}")
    if s.mem_fraction is not None:
        parts.append(f"mem-fraction-static={s.mem_fraction:g}")
    return f" ({', '.join(parts)})" if parts else ""


def _phase_text(s: SupervisorStatus) -> str:
    text = _PHASE_TEXT.get(s.phase or "launching", (s.phase or "").replace("_", " "))
    if s.phase == "cuda_graph" and s.batch_size is not None:
        text += f" bs={s.batch_size}"
    if s.phase == "loading_weights" and s.weights_pct is not None:
        text += f" {s.weights_pct:.0f}%"
    return text


def status_line(s: SupervisorStatus) -> str:
    """The STATUS= line, e.g. `attempt 2/5: capturing CUDA graphs bs=160 (tp=8, mem-fraction-static=0.86)`."""
    attempt = ""
    if s.attempt is not None:
        attempt = f"attempt {s.attempt}/{s.max_attempts}" if s.max_attempts else f"attempt {s.attempt}"
    detail = f": {s.detail}" if s.detail else ""
    flags = _flags_text(s)
    if s.state == "healthy":
        line = f"healthy, serving{flags}" + (f" after {attempt}" if attempt else "") + detail
    elif s.state == "backoff":
        line = (f"{attempt} failed" if attempt else "failed") + detail + "; waiting before the next attempt"
    elif s.state == "restarting":
        line = "restarting SGLang" + flags + detail
    elif s.state == "unanswering":
        line = "serving, not answering" + flags + detail
    elif s.state == "failing":
        line = "server failed" + flags + detail
    elif s.state == "stopping":
        line = "stopping SGLang and waiting for its GPU memory to be released" + detail
    elif s.state == "failed":
        line = "gave up" + (f" after {attempt}" if attempt else "") + detail
    else:
        line = (f"{attempt}: " if attempt else "") + _phase_text(s) + flags + detail
    return _one_line(line)
