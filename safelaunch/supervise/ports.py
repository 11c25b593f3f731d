"""The HTTP port a server will bind: test it before launch, name who holds it, find a free one.

SGLang only finds a busy port after loading the model, minutes in; a bind test here costs a millisecond.
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Sequence

import psutil

from safelaunch.errors import SafelaunchError


def port_free(host: str, port: int) -> bool:
    """Bind-test the port the way the server will bind it; SGLang only finds out after loading the model."""
    try:
        family, kind, proto, _, addr = socket.getaddrinfo(host or "0.0.0.0", port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as exc:
        raise SafelaunchError(f"--host {host}: not an address this host can bind ({exc})") from None
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(addr)
        except OSError:
            return False
    return True


def port_holder(port: int) -> str:
    with contextlib.suppress(psutil.Error, OSError):
        for conn in psutil.net_connections(kind="inet"):
            if conn.laddr and conn.laddr.port == port and conn.status == psutil.CONN_LISTEN and conn.pid:
                with contextlib.suppress(psutil.Error):
                    return f" by pid {conn.pid} ({psutil.Process(conn.pid).name()})"
    return ""


def choose_port(host: str, start: int = 30000, avoid: Sequence[int] = ()) -> int:
    for port in range(start, start + 2000):
        if port not in avoid and port_free(host, port):
            return port
    raise SafelaunchError(f"no free port found in {start}-{start + 2000} on {host}")
