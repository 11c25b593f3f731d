"""A local stand-in for the Hugging Face Hub's file endpoint, for the resolution tests (no network in CI).

It answers `HEAD/GET /{org}/{name}/resolve/{revision}/{file}` as huggingface_hub expects (X-Repo-Commit, ETag,
Content-Length), serves files from a fixture directory per repo, counts every request, and can answer as a gated
repo or a missing revision does (X-Error-Code), so the one-line errors are tested against the real library.
"""

from __future__ import annotations

import hashlib
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

COMMIT = "0123456789abcdef0123456789abcdef01234567"


class HubStandIn:
    def __init__(self, repos: dict[str, Path], gated: frozenset[str] = frozenset()) -> None:
        self.repos = {k.lower(): v for k, v in repos.items()}
        self.gated = gated
        self.requests: list[str] = []
        hub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_HEAD(self) -> None:
                self._answer(body=False)

            def do_GET(self) -> None:
                self._answer(body=True)

            def _answer(self, body: bool) -> None:
                hub.requests.append(f"{self.command} {self.path}")
                parts = self.path.split("?")[0].strip("/").split("/")
                if len(parts) < 5 or parts[2] != "resolve":
                    return self._error(404, "RepoNotFound")
                repo, revision, name = f"{parts[0]}/{parts[1]}", parts[3], "/".join(parts[4:])
                if repo in hub.gated:
                    return self._error(401, "GatedRepo", "Access to model is restricted.")
                if repo.lower() not in hub.repos:
                    return self._error(401, "RepoNotFound", "Repository Not Found")
                if revision not in ("main", COMMIT):
                    return self._error(404, "RevisionNotFound", "Invalid rev id")
                f = hub.repos[repo.lower()] / name
                if not f.is_file():
                    return self._error(404, "EntryNotFound", "Entry not found")
                data = f.read_bytes()
                self.send_response(200)
                self.send_header("X-Repo-Commit", COMMIT)
                self.send_header("ETag", '"' + hashlib.sha1(data).hexdigest() + '"')
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if body:
                    self.wfile.write(data)

            def _error(self, status: int, code: str, message: str = "") -> None:
                self.send_response(status)
                self.send_header("X-Error-Code", code)
                if message:
                    self.send_header("X-Error-Message", message)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.endpoint = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> HubStandIn:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
