"""SGLang's HTTP surface, on the standard library only (the sim must run where only PyTorch is installed).

Endpoints and their semantics follow SGLang's http_server.py: `/health` and `/health_generate` answer 503
while the server is warming up (or shutting down) and 200 after; `/ready` exists from 0.5.20 on; the
deprecated `/get_model_info` and `/get_server_info` log SGLang's deprecation line; `/metrics` is mounted
only with `--enable-metrics`; with `--api-key` every path but `/health*` and `/metrics` needs
`Authorization: Bearer <key>` (401 `{"error": "Unauthorized"}`). Access lines go to stdout in uvicorn's
format, as SGLang configures it. Generation is fake but deterministic (seed + prompt), timed by
SAFELAUNCH_SIM_SPEED, and streams the way SGLang's bench_serving client reads it.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import re
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

from safelaunch.sim import logfmt
from safelaunch.sim.logfmt import Log, Templates

if TYPE_CHECKING:
    from safelaunch.sim.engine import Launch

_VOCABULARY = (
    "the of and to in is that it for as with was on be by this are from at an which or have not but they "
    "one all were there their been has more when will would can if about into only other new some could "
    "these time two may then do first any my now such like our over man me even most made after also did "
    "many before must through back years where much your way well down should because each just those"
)
WORDS = tuple(_VOCABULARY.split())
TPOT_S = 0.02  # seconds per output token at speed 1
TTFT_BASE_S = 0.03
TTFT_PER_TOKEN_S = 2e-5
DECODE_LOG_INTERVAL = 40  # SGLang's --decode-log-interval default


def bind_error_text(host: str, port: int, exc: OSError | None = None) -> str:
    """uvicorn's bind failure line: `[Errno 98] error while attempting to bind on address (...): ...`."""
    addr = (host, port, 0, 0) if ":" in host else (host, port)
    errno = exc.errno if exc is not None and exc.errno else 98
    reason = (exc.strerror or "address already in use").lower() if exc is not None else "address already in use"
    return f"[Errno {errno}] error while attempting to bind on address {addr!r}: {reason}"


def _last(stream: Iterator[tuple[str, int]]) -> tuple[str, int]:
    """Drain a generation (its timing is the point) and keep the final text and token count."""
    last = ("", 0)
    for last in stream:  # noqa: B007 - the loop runs the generator at its simulated speed
        pass
    return last


def count_tokens(text: str) -> int:
    return max(1, len(re.findall(r"\w+|[^\w\s]", text)))


def fake_words(seed: int, key: str, n: int) -> list[str]:
    """Deterministic output tokens: the same seed and prompt give the same text."""
    digest = hashlib.sha256(f"{seed}|{key}".encode()).digest()
    state = int.from_bytes(digest[:8], "big")
    out = []
    for _ in range(n):
        state = (state * 6364136223846793005 + 1442695040888963407) & ((1 << 64) - 1)
        out.append(WORDS[(state >> 33) % len(WORDS)])
    return out


@dataclass
class Running:
    rid: str
    tokens: int


class SimServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True  # uvicorn (asyncio) sets SO_REUSEADDR too: a LISTENING port still fails

    def __init__(
        self,
        launch: Launch,
        infos: list[dict[str, Any]],
        log: Log,
        forward: Callable[[int], None] | None = None,
    ) -> None:
        self.launch = launch
        self.forward = forward  # runs one batch's forward on the ranks (their memory); None: no GPU side
        self.infos = infos
        self.log = log
        self.rank0 = Log(logfmt.rank_prefix(0, launch.plan.tp))
        self.templates = Templates(launch.version)
        self.status = "Starting"
        self.lock = threading.Lock()
        self.running: dict[str, Running] = {}
        self.prefilling: dict[str, int] = {}  # rid -> prompt tokens not yet prefilled (this batch's share)
        self.counters = {"prompt_tokens": 0, "generation_tokens": 0, "requests": 0, "http_requests": 0}
        self.last_gen_throughput = 0.0
        self.started = time.time()
        self.first_forward: Any = None  # the launcher's warmup of the ranks (MoE workspace), run once
        args = launch.args
        if ":" in args.host:
            self.address_family = socket.AF_INET6
        super().__init__((args.host, args.port), Handler)
        threading.Thread(target=self._decode_logger, daemon=True).start()

    # ------------------------------------------------------------------ state shared with the launcher

    @property
    def max_total_num_tokens(self) -> int:
        return int(self.infos[0]["max_total_num_tokens"])

    def running_rids(self) -> list[str]:
        with self.lock:
            return list(self.running)

    def token_usage(self) -> float:
        with self.lock:
            used = sum(r.tokens for r in self.running.values())
        return min(1.0, used / max(1, self.max_total_num_tokens))

    def log_prefill(self, new_tokens: int) -> None:
        with self.lock:
            running = len(self.running)
        self.rank0.info(
            self.templates.prefill_batch(1, new_tokens, self.token_usage(), running, 0, new_tokens / TTFT_BASE_S)
        )

    def run_forward(self) -> None:
        """One scheduler step: the prefill tokens of every request now waiting for its first token form one
        batch (capped at the chunked prefill size by the plan), and the others decode one token each."""
        if self.forward is None:
            return
        with self.lock:
            prefill = sum(self.prefilling.values())
            decoding = len(self.running) - len(self.prefilling)
        self.forward(self.launch.plan.forward_activation_bytes(prefill, decoding))

    def _decode_logger(self) -> None:
        while True:
            time.sleep(max(0.01, DECODE_LOG_INTERVAL * TPOT_S / self.launch.speed))
            with self.lock:
                running = len(self.running)
                tokens = sum(r.tokens for r in self.running.values())
                decoding = running - len(self.prefilling)
            if decoding > 0 and self.forward is not None:
                self.forward(self.launch.plan.forward_activation_bytes(0, decoding))
            if running:
                self.last_gen_throughput = running / TPOT_S * self.launch.speed
                self.rank0.info(
                    self.templates.decode_batch(running, tokens, self.token_usage(), self.last_gen_throughput, 0)
                )

    def self_request(self, method: str, path: str, warmup: bool = False) -> int:
        """SGLang's warmup thread calls its own server over HTTP (so the access lines appear, as in SGLang)."""
        args = self.launch.args
        host = args.host
        if host in ("0.0.0.0", ""):
            host = "127.0.0.1"
        elif host == "::":
            host = "::1"
        headers = {"Content-Type": "application/json"}
        if args.api_key:
            headers["Authorization"] = f"Bearer {args.api_key}"
        body = None
        if method == "POST":
            body = json.dumps(
                {
                    "text": "The capital city of France is",
                    "sampling_params": {"temperature": 0, "max_new_tokens": 8},
                    "_warmup": warmup,
                }
            )
        conn = http.client.HTTPConnection(host, args.port, timeout=600)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            response.read()
            return response.status
        finally:
            conn.close()

    # ------------------------------------------------------------------ documents

    def model_info(self) -> dict[str, Any]:
        args, model = self.launch.args, self.launch.model
        return {
            "model_path": args.model_path,
            "tokenizer_path": args.raw.get("tokenizer_path") or args.model_path,
            "is_generation": True,
            "preferred_sampling_params": args.raw.get("preferred_sampling_params"),
            "weight_version": args.raw.get("weight_version", "default"),
            "has_image_understanding": False,
            "has_audio_understanding": False,
            "model_type": model.architecture.replace("ForCausalLM", "").lower(),
            "architectures": [model.architecture],
        }

    def server_info(self) -> dict[str, Any]:
        from safelaunch.sim.engine import resolved_args

        launch = self.launch
        resolved = resolved_args(launch.args, launch.plan)
        info = self.infos[0]
        states = []
        for rank_info in self.infos[: max(1, launch.plan.dp if launch.plan.dp_controller else 1)]:
            states.append(
                {
                    **resolved,
                    "last_gen_throughput": self.last_gen_throughput,
                    "memory_usage": {
                        "weight": round(rank_info["weight_gib"], 2),
                        "kvcache": round(rank_info["kv_gib"], 2),
                        "token_capacity": int(rank_info["max_total_num_tokens"]),
                        "graph": round(rank_info["graph_gib"], 2),
                    },
                    "effective_max_running_requests_per_dp": rank_info["max_running_requests"],
                }
            )
        return {
            **resolved,
            "status": "ready",
            "max_total_num_tokens": info["max_total_num_tokens"],
            "max_req_input_len": info["max_req_input_len"],
            "internal_states": states,
            "version": str(launch.version),
        }

    def metrics_text(self) -> str:
        launch = self.launch
        labels = f'model_name="{launch.args.model_name}",engine_type="unified",tp_rank="0",pp_rank="0",moe_ep_rank="0"'
        with self.lock:
            running = len(self.running)
            used = sum(r.tokens for r in self.running.values())
            counters = dict(self.counters)
        info = self.infos[0]
        gauges = [
            ("sglang:num_running_reqs", "The number of running requests.", running),
            ("sglang:num_queue_reqs", "The number of requests in the waiting queue.", 0),
            ("sglang:num_used_tokens", "The number of used tokens.", used),
            ("sglang:token_usage", "The token usage.", round(used / max(1, info["max_total_num_tokens"]), 6)),
            ("sglang:gen_throughput", "The generation throughput (token/s).", round(self.last_gen_throughput, 3)),
            ("sglang:cache_hit_rate", "The prefix cache hit rate.", 0.0),
            (
                "sglang:max_total_num_tokens",
                "Maximum total number of tokens in the KV cache pool.",
                info["max_total_num_tokens"],
            ),
            ("sglang:weight_memory_usage_gb", "Weight memory usage in GB.", round(info["weight_gib"], 2)),
            ("sglang:kv_cache_memory_usage_gb", "KV cache memory usage in GB.", round(info["kv_gib"], 2)),
            ("sglang:is_cuda_graph", "Whether the batch is using CUDA graph.", 0 if launch.plan.graphs_disabled else 1),
        ]
        lines = []
        for name, doc, value in gauges:
            lines += [f"# HELP {name} {doc}", f"# TYPE {name} gauge", f"{name}{{{labels}}} {value}"]
        lines += [
            "# HELP sglang:graph_memory_usage_gb CUDA graph memory usage in GB.",
            "# TYPE sglang:graph_memory_usage_gb gauge",
            f'sglang:graph_memory_usage_gb{{{labels},phase="decode"}} {round(info["graph_gib"], 2)}',
        ]
        for name, doc, key in (
            ("sglang:prompt_tokens_total", "Number of prefill tokens processed.", "prompt_tokens"),
            ("sglang:generation_tokens_total", "Number of generation tokens processed.", "generation_tokens"),
            ("sglang:num_requests_total", "Number of requests processed.", "requests"),
            ("sglang:http_requests_total", "Total number of HTTP requests.", "http_requests"),
        ):
            lines += [f"# HELP {name} {doc}", f"# TYPE {name} counter", f"{name}{{{labels}}} {counters[key]}"]
        return "\n".join(lines) + "\n"

    # ------------------------------------------------------------------ generation

    def generate(
        self, prompt_key: str, prompt_tokens: int, max_new: int, rid: str, log: bool = True
    ) -> Iterator[tuple[str, int]]:
        """Yield (cumulative text, completion tokens) token by token, at the simulated speed."""
        speed = self.launch.speed
        room = max(0, self.launch.plan.figures.context_len - prompt_tokens)
        n = max(0, min(max_new, room))
        words = fake_words(self.launch.seed, prompt_key, n)
        if log:
            self.log_prefill(prompt_tokens)
        if self.first_forward is not None:
            self.first_forward()
        with self.lock:
            self.running[rid] = Running(rid, prompt_tokens)
            self.prefilling[rid] = prompt_tokens
            self.counters["requests"] += 1
            self.counters["prompt_tokens"] += prompt_tokens
        try:
            self.run_forward()
            time.sleep((TTFT_BASE_S + TTFT_PER_TOKEN_S * prompt_tokens) / speed)
            with self.lock:
                self.prefilling.pop(rid, None)
            text = ""
            for i, word in enumerate(words):
                if i:
                    time.sleep(TPOT_S / speed)
                text += (" " if text else "") + word
                with self.lock:
                    self.running[rid].tokens += 1
                    self.counters["generation_tokens"] += 1
                yield text, i + 1
        finally:
            with self.lock:
                self.running.pop(rid, None)
                self.prefilling.pop(rid, None)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
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

    def _finish_stream(
        self, obj: str, rid: str, created: int, model: str, last: dict[str, Any], usage: dict[str, Any] | None
    ) -> None:
        """The OpenAI stream's end: the finishing choice, the usage chunk when asked for, then [DONE]."""
        head = {"id": rid, "object": obj, "created": created, "model": model}
        self._chunk("data: " + json.dumps({**head, "choices": [last]}) + "\n\n")
        if usage is not None:
            self._chunk("data: " + json.dumps({**head, "choices": [], "usage": usage}) + "\n\n")
        self._chunk("data: [DONE]\n\n")
        self._stream_end()

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
            "/model_info": lambda: self._json(200, srv.model_info()),
            "/get_model_info": self._get_model_info,
            "/server_info": lambda: self._json(200, srv.server_info()),
            "/get_server_info": self._get_server_info,
            "/v1/models": self._models,
            "/ping": lambda: self._send(200),
            "/flush_cache": self._flush_cache,
        }
        if srv.launch.version.has_ready_endpoint:
            get_routes["/ready"] = self._ready
        if srv.launch.args.enable_metrics:
            get_routes["/metrics"] = lambda: self._send(200, srv.metrics_text().encode(), "text/plain; version=0.0.4")
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
        self._send(200 if self.server.status == "Up" else 503)

    def _ready(self) -> None:
        self._send(200 if self.server.status == "Up" else 503)

    def _get_model_info(self) -> None:
        self.server.log.warning(
            "Endpoint '/get_model_info' is deprecated and will be removed in a future version. "
            "Please use '/model_info' instead."
        )
        self._json(200, self.server.model_info())

    def _get_server_info(self) -> None:
        self.server.log.warning(
            "Endpoint '/get_server_info' is deprecated and will be removed in a future version. "
            "Please use '/server_info' instead."
        )
        self._json(200, self.server.server_info())

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

    def _prompt(self, doc: dict[str, Any], key: str) -> tuple[str, int]:
        value = doc.get(key)
        if isinstance(value, list) and value and isinstance(value[0], int):
            return json.dumps(value), len(value)
        if isinstance(value, list) and value and isinstance(value[0], list):  # batch of input_ids: the first
            return json.dumps(value[0]), len(value[0])
        if isinstance(value, list):
            value = value[0] if value else ""
        text = str(value if value is not None else "")
        return text, count_tokens(text)

    def _bad(self, message: str) -> None:
        self._json(400, {"object": "error", "message": message, "type": "BadRequestError", "param": None, "code": 400})

    def _generate(self) -> None:
        srv = self.server
        doc = self._body()
        if doc is None:
            self._bad("Invalid JSON body")
            return
        key = "input_ids" if doc.get("input_ids") is not None else "text"
        prompt, n_prompt = self._prompt(doc, key)
        params = doc.get("sampling_params") or {}
        max_new = int(params.get("max_new_tokens") if params.get("max_new_tokens") is not None else 128)
        rid = str(doc.get("rid") or uuid.uuid4().hex)
        log = not doc.get("_warmup")  # the launcher logged the warmup's prefill before its MoE forward
        tic = time.time()

        def meta(n: int, done: bool) -> dict[str, Any]:
            return {
                "id": rid,
                "finish_reason": {"type": "length", "length": n} if done else None,
                "prompt_tokens": n_prompt,
                "weight_version": "default",
                "completion_tokens": n,
                "cached_tokens": 0,
                "e2e_latency": round(time.time() - tic, 6),
            }

        if doc.get("stream"):
            self._stream_start()
            text, n = "", 0
            for text, count in srv.generate(prompt, n_prompt, max_new, rid, log):
                n = count
                self._chunk("data: " + json.dumps({"text": text, "meta_info": meta(n, n == max_new)}) + "\n\n")
            if n < max_new or n == 0:
                self._chunk("data: " + json.dumps({"text": text, "meta_info": meta(n, True)}) + "\n\n")
            self._chunk("data: [DONE]\n\n")
            self._stream_end()
            return
        text, n = _last(srv.generate(prompt, n_prompt, max_new, rid, log))
        self._json(200, {"text": text, "meta_info": meta(n, True)})

    def _completions(self) -> None:
        srv = self.server
        doc = self._body()
        if doc is None:
            self._bad("Invalid JSON body")
            return
        prompt, n_prompt = self._prompt(doc, "prompt")
        max_new = int(doc.get("max_tokens") if doc.get("max_tokens") is not None else 16)
        rid = uuid.uuid4().hex
        created = int(time.time())
        model = doc.get("model") or srv.launch.args.model_name
        usage_wanted = bool((doc.get("stream_options") or {}).get("include_usage"))

        def usage(n: int) -> dict[str, int]:
            return {"prompt_tokens": n_prompt, "completion_tokens": n, "total_tokens": n_prompt + n}

        if doc.get("stream"):
            self._stream_start()
            previous, n = "", 0
            for text, count in srv.generate(prompt, n_prompt, max_new, rid):
                n = count
                delta = text[len(previous) :]
                previous = text
                chunk = {
                    "id": rid,
                    "object": "text_completion",
                    "created": created,
                    "model": model,
                    "choices": [{"index": 0, "text": delta, "logprobs": None, "finish_reason": None}],
                }
                self._chunk("data: " + json.dumps(chunk) + "\n\n")
            self._finish_stream(
                "text_completion",
                rid,
                created,
                model,
                {"index": 0, "text": "", "logprobs": None, "finish_reason": "length"},
                usage(n) if usage_wanted else None,
            )
            return
        text, n = _last(srv.generate(prompt, n_prompt, max_new, rid))
        self._json(
            200,
            {
                "id": rid,
                "object": "text_completion",
                "created": created,
                "model": model,
                "choices": [
                    {"index": 0, "text": text, "logprobs": None, "finish_reason": "length", "matched_stop": None}
                ],
                "usage": usage(n),
            },
        )

    def _chat(self) -> None:
        srv = self.server
        doc = self._body()
        if doc is None or not isinstance(doc.get("messages"), list):
            self._bad("'messages' is required")
            return
        prompt = "\n".join(str(m.get("content", "")) for m in doc["messages"] if isinstance(m, dict))
        n_prompt = count_tokens(prompt) + 4 * len(doc["messages"])  # chat template tokens
        limit = doc.get("max_completion_tokens", doc.get("max_tokens"))
        max_new = int(limit) if limit is not None else 256
        rid = uuid.uuid4().hex
        created = int(time.time())
        model = doc.get("model") or srv.launch.args.model_name
        usage_wanted = bool((doc.get("stream_options") or {}).get("include_usage"))

        def usage(n: int) -> dict[str, int]:
            return {"prompt_tokens": n_prompt, "completion_tokens": n, "total_tokens": n_prompt + n}

        if doc.get("stream"):
            self._stream_start()
            first = {
                "id": rid,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model,
                "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}],
            }
            self._chunk("data: " + json.dumps(first) + "\n\n")
            previous, n = "", 0
            for text, count in srv.generate(prompt, n_prompt, max_new, rid):
                n = count
                delta = text[len(previous) :]
                previous = text
                chunk = {
                    "id": rid,
                    "object": "chat.completion.chunk",
                    "created": created,
                    "model": model,
                    "choices": [{"index": 0, "delta": {"content": delta}, "finish_reason": None}],
                }
                self._chunk("data: " + json.dumps(chunk) + "\n\n")
            self._finish_stream(
                "chat.completion.chunk",
                rid,
                created,
                model,
                {"index": 0, "delta": {}, "finish_reason": "length"},
                usage(n) if usage_wanted else None,
            )
            return
        text, n = _last(srv.generate(prompt, n_prompt, max_new, rid))
        self._json(
            200,
            {
                "id": rid,
                "object": "chat.completion",
                "created": created,
                "model": model,
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": text},
                        "finish_reason": "length",
                        "matched_stop": None,
                    }
                ],
                "usage": usage(n),
            },
        )
