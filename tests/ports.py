"""One free-port helper for every test that starts a server.

The kernel may offer a port it has just freed again: two calls to a plain `bind(0)` helper in a row can return the
same port, and the two services told that port collide (the second cannot bind, a failure no product code caused).
So a port handed out once in this test run is never handed out again.
"""

from __future__ import annotations

import socket

_HANDED_OUT: set[int] = set()


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free now and was not handed out before in this run."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        if port not in _HANDED_OUT:
            _HANDED_OUT.add(port)
            return port
