"""SGLang's HTTP server, on the standard library only (the sim must run where only PyTorch is installed).

`SimServer` holds what the endpoints share: the status (503 until warm), the running requests, the
counters, the scheduler's batches (each step runs a forward on the ranks through the launcher, and the
decode log line every DECODE_LOG_INTERVAL tokens), and the fake generation itself: deterministic (seed +
prompt), timed by SAFELAUNCH_SIM_SPEED. Routes are in routes.py, the endpoints' documents in
documents.py, generation's HTTP shapes in generation.py; access lines go to stdout in uvicorn's format.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

from safelaunch.sim.logfmt import Log, rank_prefix
from safelaunch.sim.procs import block_forever
from safelaunch.sim.routes import Handler
from safelaunch.sim.templates import Templates

if TYPE_CHECKING:
    from safelaunch.sim.launch import Launch

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
HEALTH_POLL_S = 1.0  # SGLang's health handler looks for an answer once a second


def bind_error_text(host: str, port: int, exc: OSError | None = None) -> str:
    """uvicorn's bind failure line: `[Errno 98] error while attempting to bind on address (...): ...`."""
    addr = (host, port, 0, 0) if ":" in host else (host, port)
    errno = exc.errno if exc is not None and exc.errno else 98
    reason = (exc.strerror or "address already in use").lower() if exc is not None else "address already in use"
    return f"[Errno {errno}] error while attempting to bind on address {addr!r}: {reason}"


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
    # uvicorn's listen backlog (its `--backlog` default). socketserver's default is 5: with a benchmark's 64-256
    # connections opening at once the accept queue overflowed, the kernel dropped handshakes, and requests failed
    # with a reset (ReadError) or waited seconds for a SYN retry, none of which SGLang behind uvicorn does.
    request_queue_size = 2048

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
        self.rank0 = Log(rank_prefix(0, launch.plan.tp))
        self.templates = Templates(launch.version)
        self.status = "Starting"
        self.lock = threading.Lock()
        self.running: dict[str, Running] = {}
        self.prefilling: dict[str, int] = {}  # rid -> prompt tokens not yet prefilled (this batch's share)
        self.counters = {"prompt_tokens": 0, "generation_tokens": 0, "requests": 0, "http_requests": 0}
        self.last_gen_throughput = 0.0
        # Serving faults tied to load: request number -> what breaks (faults.py arms them once ready).
        self.request_triggers: dict[int, Callable[[], None]] = {}
        self.started = time.time()
        self.first_forward: Any = None  # the launcher's warmup of the ranks (MoE workspace), run once
        self.last_receive = 0.0  # time.time() of the last forward every rank answered (SGLang's last_receive_tstamp)
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
        with self.lock:
            prefill = sum(self.prefilling.values())
            decoding = len(self.running) - len(self.prefilling)
        limit, batch = self.launch.faults.workspace_overflow, min(prefill, self.launch.plan.prefill_chunk_tokens())
        if limit is not None and batch > limit:  # a fixed buffer: with or without a GPU side
            self._workspace_overflow(batch, limit)
        if self.forward is None:
            return
        self._forward(self.launch.plan.forward_activation_bytes(prefill, decoding))

    def _workspace_overflow(self, tokens: int, limit: int) -> None:
        """FlashInfer's fixed workspace cannot plan this batch: the scheduler dies as SGLang's does (its traceback,
        then SIGQUIT to the launcher); the request never completes. The buffer's bytes scale with the batch's
        tokens (its float32 partial outputs, per attention head)."""
        per_token = 16 * self.launch.plan.figures.hidden_size
        arch = self.launch.plan.figures.architecture
        self.rank0.error(
            self.templates.scheduler_exception(
                self.templates.workspace_overflow_traceback(arch, tokens * per_token, limit * per_token)
            )
        )
        os.kill(os.getpid(), signal.SIGQUIT)
        block_forever()

    def _forward(self, nbytes: int) -> None:
        if self.forward is not None:
            self.forward(nbytes)
        self.last_receive = time.time()

    def health_check(self) -> bool:
        """SGLang's `/health_generate`: a 1-token request through every scheduler; healthy as soon as anything came
        back since it began (checked once a second), else after SGLANG_HEALTH_CHECK_TIMEOUT s (20) a logged error,
        the server marked UnHealthy and 503. A stopped or stuck rank never answers, so it ends that way."""
        timeout = int(os.environ.get("SGLANG_HEALTH_CHECK_TIMEOUT", "20"))
        tic = time.time()
        threading.Thread(target=self._forward, args=(0,), daemon=True).start()
        while time.time() < tic + timeout:
            time.sleep(HEALTH_POLL_S / self.launch.speed)
            if self.last_receive > tic:
                self.status = "Up"
                return True
        clock = lambda t: time.strftime("%H:%M:%S", time.localtime(t))  # noqa: E731
        self.log.error(
            "Health check failed. Server couldn't get a response from detokenizer for last "
            f"{timeout} seconds. tic start time: {clock(tic)}. last_heartbeat time: {clock(self.last_receive)}"
        )
        self.status = "UnHealthy"
        return False

    def _decode_logger(self) -> None:
        while True:
            time.sleep(max(0.01, DECODE_LOG_INTERVAL * TPOT_S / self.launch.speed))
            with self.lock:
                running = len(self.running)
                tokens = sum(r.tokens for r in self.running.values())
                decoding = running - len(self.prefilling)
            if decoding > 0 and self.forward is not None:
                self._forward(self.launch.plan.forward_activation_bytes(0, decoding))
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
            trigger = self.request_triggers.pop(self.counters["requests"], None)
        if trigger is not None:
            trigger()  # prints the scheduler's traceback and SIGQUITs the launcher, as SGLang's forward dies
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
