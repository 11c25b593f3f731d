"""SGLang's HTTP routes: which path answers which method, health and readiness, the small GET endpoints.

Semantics follow SGLang's http_server.py: `/health` and `/health_generate` answer 503 while the server is
warming up (or shutting down); after, they send a 1-token request through the schedulers and answer 200 once
anything comes back, 503 after SGLANG_HEALTH_CHECK_TIMEOUT (SGLANG_ENABLE_HEALTH_ENDPOINT_GENERATION=false, from
0.5.6, makes `/health` alone skip the schedulers); `/ready` exists from 0.5.20 on; the deprecated
`/get_model_info` and `/get_server_info` log SGLang's deprecation line; `/metrics` is mounted only with
`--enable-metrics`; a known path with the wrong method is 405, an unknown one 404.
"""

from __future__ import annotations

import os

from safelaunch.sim.documents import metrics_text, model_info, server_info
from safelaunch.sim.generation import GenerationEndpoints


class Handler(GenerationEndpoints):
    """The request handler the server runs: routing, then the endpoint."""

    # ------------------------------------------------------------------ routing

    def do_GET(self) -> None:
        self._route("GET")

    def do_POST(self) -> None:
        self._route("POST")

    def do_PUT(self) -> None:
        self._route("PUT")

    def _route(self, method: str) -> None:
        srv = self.server
        path = self.path.split("?", 1)[0]
        with srv.lock:
            srv.counters["http_requests"] += 1
        if not self._authorized(path):
            self._json(401, {"error": "Unauthorized"})
            return
        get_routes = {
            "/health": self._health,
            "/health_generate": self._health,
            "/model_info": lambda: self._json(200, model_info(srv)),
            "/get_model_info": self._get_model_info,
            "/server_info": lambda: self._json(200, server_info(srv)),
            "/get_server_info": self._get_server_info,
            "/v1/models": self._models,
            "/ping": lambda: self._send(200),
            "/flush_cache": self._flush_cache,
        }
        if srv.launch.version.has_ready_endpoint:
            get_routes["/ready"] = self._ready
        if srv.launch.args.enable_metrics:
            get_routes["/metrics"] = lambda: self._send(200, metrics_text(srv).encode(), "text/plain; version=0.0.4")
        post_routes = {
            "/generate": self._generate,
            "/v1/completions": self._completions,
            "/v1/chat/completions": self._chat,
            "/flush_cache": self._flush_cache,
        }
        routes = get_routes if method == "GET" else post_routes
        handler = routes.get(path)
        if handler is None:
            other = post_routes if method == "GET" else get_routes
            if path in other:
                self._json(405, {"detail": "Method Not Allowed"})
            else:
                self._json(404, {"detail": "Not Found"})
            return
        try:
            handler()
        except (BrokenPipeError, ConnectionResetError):
            pass

    # ------------------------------------------------------------------ endpoints

    def _health(self) -> None:
        """503 while starting or draining; else, unless the switch turns it off for /health, a generation through
        the schedulers (server.health_check): what makes a dead or stopped rank visible here."""
        srv = self.server
        if srv.status in ("Starting", "Shutdown"):
            self._send(503)
            return
        switch = os.environ.get("SGLANG_ENABLE_HEALTH_ENDPOINT_GENERATION", "true").lower()
        skip = switch not in ("true", "1", "yes", "y") and srv.launch.version.has_health_generation_switch
        if skip and self.path.split("?", 1)[0] == "/health":
            self._send(200)
            return
        self._send(200 if srv.health_check() else 503)

    def _ready(self) -> None:
        self._send(200 if self.server.status == "Up" else 503)

    def _get_model_info(self) -> None:
        self.server.log.warning(
            "Endpoint '/get_model_info' is deprecated and will be removed in a future version. "
            "Please use '/model_info' instead."
        )
        self._json(200, model_info(self.server))

    def _get_server_info(self) -> None:
        self.server.log.warning(
            "Endpoint '/get_server_info' is deprecated and will be removed in a future version. "
            "Please use '/server_info' instead."
        )
        self._json(200, server_info(self.server))

    def _models(self) -> None:
        name = self.server.launch.args.model_name
        card = {
            "id": name,
            "object": "model",
            "created": int(self.server.started),
            "owned_by": "sglang",
            "root": name,
            "max_model_len": self.server.launch.plan.figures.context_len,
        }
        self._json(200, {"object": "list", "data": [card]})

    def _flush_cache(self) -> None:
        self._send(
            200,
            b"Cache flushed.\nPlease check backend logs for more details. (When there are running or "
            b"waiting requests, the operation will not be performed.)\n",
            "text/plain",
        )
