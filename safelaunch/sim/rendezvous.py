"""Multi-node runs of the simulated engine: a TCP rendezvous at --dist-init-addr and the collectives across nodes.

SGLang over N nodes runs, on node R, the ranks R*k .. R*k+k-1 of one TP group (k = tp*pp / N); node 0's address
(`--dist-init-addr`) is where torch.distributed meets. Here node 0's launcher hosts a small hub on that address
and every node's launcher relays its ranks' all-reduce(MIN) through it, so the KV pool is sized from the least
free memory of every GPU of the group, as SGLang's is. Once its own ranks are ready, each node waits at the hub
for the others (the collectives of CUDA graph capture and the first forwards would stall the same way).

The hub says nothing when a node dies: as with NCCL, the others simply wait in their collective until the
distributed timeout (`--dist-timeout`, torch's 600 s by default), then fail with torch's own words: the store's
"Timed out after ... waiting for clients" at the first meeting, the NCCL watchdog's collective timeout after.
Only node 0 serves HTTP; the others serve SGLang's dummy health server (`/health`, `/health_generate`, `/ping`).
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

DEFAULT_DIST_TIMEOUT_S = 600.0  # torch.distributed's default for NCCL process groups
CONNECT_RETRY_S = 0.05


class GroupTimeout(Exception):
    """A collective across nodes did not complete within the distributed timeout; the text is torch's error."""


def group_of(raw: dict[str, Any]) -> tuple[int, int, str, float]:
    """(nnodes, node_rank, dist_init_addr, timeout_s) from SGLang's parsed flags."""
    nnodes = int(raw.get("nnodes") or 1)
    rank = int(raw.get("node_rank") or 0)
    addr = str(raw.get("dist_init_addr") or "")
    timeout = float(raw.get("dist_timeout") or DEFAULT_DIST_TIMEOUT_S)
    return nnodes, rank, addr, timeout


def _split(addr: str) -> tuple[str, int]:
    host, _, port = addr.rpartition(":")
    return host.strip("[]") or "127.0.0.1", int(port)


class Hub:
    """Node 0's meeting point: a MIN over every node for each tag, answered once all nodes have sent theirs."""

    def __init__(self, addr: str, nnodes: int) -> None:
        self.nnodes = nnodes
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(_split(addr))
        self.sock.listen(64)
        self.lock = threading.Lock()
        self.pending: dict[str, dict[int, tuple[float, Any]]] = {}
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        with contextlib.suppress(OSError, ValueError), conn.makefile("rw") as f:
            for line in f:
                msg = json.loads(line)
                tag, node, value = msg["tag"], int(msg["node"]), float(msg["value"])
                with self.lock:
                    got = self.pending.setdefault(tag, {})
                    got[node] = (value, f)
                    if len(got) < self.nnodes:
                        continue
                    low = min(v for v, _ in got.values())
                    for _, out in got.values():
                        with contextlib.suppress(OSError, ValueError):
                            out.write(json.dumps({"tag": tag, "value": low}) + "\n")
                            out.flush()
                    del self.pending[tag]

    def joined(self, tag: str) -> int:
        with self.lock:
            return len(self.pending.get(tag, {}))


class NodeLink:
    """One node's side of the group: `min(tag, value)` blocks until every node has sent its value for the tag."""

    def __init__(self, nnodes: int, node_rank: int, addr: str, timeout_s: float) -> None:
        self.nnodes, self.node_rank, self.addr, self.timeout_s = nnodes, node_rank, addr, timeout_s
        self.hub = Hub(addr, nnodes) if node_rank == 0 else None
        self.sock: socket.socket | None = None
        self.buf = b""
        self.seq = 0

    def _connect(self, deadline: float) -> socket.socket:
        host, port = _split(self.addr)
        while self.sock is None:
            try:
                self.sock = socket.create_connection((host, port), timeout=max(0.05, deadline - time.monotonic()))
            except OSError:
                if time.monotonic() >= deadline:
                    raise GroupTimeout(
                        "torch.distributed.DistNetworkError: The client socket has timed out after "
                        f"{int(self.timeout_s * 1000)}ms while trying to connect to ({host}, {port})."
                    ) from None
                time.sleep(CONNECT_RETRY_S)
        return self.sock

    def min(self, tag: str, value: float) -> float:
        self.seq += 1
        deadline = time.monotonic() + self.timeout_s
        sock = self._connect(deadline)
        sock.sendall((json.dumps({"tag": tag, "node": self.node_rank, "value": value}) + "\n").encode())
        while True:
            line, _, rest = self.buf.partition(b"\n")
            if _:
                self.buf = rest
                msg = json.loads(line)
                if msg.get("tag") == tag:
                    return float(msg["value"])
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                raise GroupTimeout(self.timeout_text(tag))
            sock.settimeout(left)
            try:
                chunk = sock.recv(65536)
            except OSError:  # socket.timeout included
                raise GroupTimeout(self.timeout_text(tag)) from None
            if not chunk:  # the hub's node died: NCCL would keep waiting on its peers until the timeout
                time.sleep(max(0.0, deadline - time.monotonic()))
                raise GroupTimeout(self.timeout_text(tag))
            self.buf += chunk

    def timeout_text(self, tag: str) -> str:
        """torch's words for a collective that never completed."""
        secs = int(self.timeout_s)
        if tag == "pre" and self.hub is not None:  # the first meeting: the store waits for its clients
            joined = max(1, self.hub.joined(tag))
            return (
                f"torch.distributed.DistStoreError: Timed out after {secs + 1} seconds waiting for clients. "
                f"{joined}/{self.nnodes} clients joined."
            )
        return (
            f"torch.distributed.DistBackendError: [Rank {{rank}}] Watchdog caught collective operation timeout: "
            f"WorkNCCL(SeqNum={self.seq}, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)={secs * 1000}) "
            f"ran for {secs * 1000 + 12} milliseconds before timing out."
        )


def watchdog_line(global_rank: int, text: str) -> str:
    """The c10d watchdog's own line (glog format) that precedes the Python error."""
    now = datetime.now()
    stamp = now.strftime("%m%d %H:%M:%S") + f".{now.microsecond:06d}000"
    return f"[rank{global_rank}]:[E{stamp} ProcessGroupNCCL.cpp:632] " + text.split(": ", 1)[-1].format(
        rank=global_rank
    )


class _DummyHealth(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        ok = self.path.split("?")[0] in ("/health", "/health_generate", "/ping")
        self.send_response(200 if ok else 404)
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:  # uvicorn at log level warning: no access log
        pass


def serve_dummy_health(host: str, port: int) -> ThreadingHTTPServer:
    """`launch_dummy_health_check_server`: what a node other than 0 serves once its schedulers are ready."""
    server = ThreadingHTTPServer((host or "0.0.0.0", port), _DummyHealth)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
