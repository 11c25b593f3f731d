"""The HTTP plumbing under SGLang's endpoints: access log, JSON in and out, API-key check, chunked streams.

`BaseHTTPRequestHandler` does the protocol; this layer makes it look like SGLang behind uvicorn: access
lines in uvicorn's format, `{"error": "Unauthorized"}` without the bearer key (the `/health*` and
`/metrics` paths are open), SSE over chunked transfer encoding as SGLang streams. Endpoints build on it
(generation.py, routes.py).
"""

from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from safelaunch.sim.server import SimServer


class HandlerBase(BaseHTTPRequestHandler):
    """uvicorn's access line, JSON bodies, bearer auth, chunked event streams; no routes."""

    protocol_version = "HTTP/1.1"
    # uvicorn sets TCP_NODELAY; without it the body written after the headers waits for the client's delayed ACK
    # (~40 ms a response here), a latency no SGLang server has and one that every probe would pay
    disable_nagle_algorithm = True
    server: SimServer

    # ------------------------------------------------------------------ plumbing

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        try:
            status = int(code)
            phrase = self.responses.get(status, ("",))[0]
        except (TypeError, ValueError):
            status, phrase = 0, ""
        self.server.log.access(self.client_address[:2], self.requestline, status, phrase)

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(self, status: int, body: bytes = b"", content_type: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("content-type", content_type)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD" and body:
            self.wfile.write(body)

    def _json(self, status: int, doc: Any) -> None:
        self._send(status, json.dumps(doc).encode())

    def _body(self) -> dict[str, Any] | None:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        if not raw:
            return {}
        try:
            doc = json.loads(raw)
        except json.JSONDecodeError:
            return None
        return doc if isinstance(doc, dict) else None

    def _authorized(self, path: str) -> bool:
        key = self.server.launch.args.api_key
        if not key or path.startswith("/health") or path.startswith("/metrics"):
            return True
        header = self.headers.get("Authorization") or ""
        scheme, _, token = header.partition(" ")
        return scheme.lower() == "bearer" and token == key

    def _stream_start(self) -> None:
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("transfer-encoding", "chunked")
        self.end_headers()

    def _chunk(self, data: str) -> None:
        raw = data.encode()
        self.wfile.write(f"{len(raw):x}\r\n".encode() + raw + b"\r\n")
        self.wfile.flush()

    def _stream_end(self) -> None:
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _bad(self, message: str) -> None:
        self._json(400, {"object": "error", "message": message, "type": "BadRequestError", "param": None, "code": 400})
