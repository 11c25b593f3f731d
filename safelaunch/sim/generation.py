"""The generation endpoints: SGLang's native `/generate` and the OpenAI-compatible completions and chat.

Generation is fake but deterministic (seed + prompt, server.py) and timed by SAFELAUNCH_SIM_SPEED; what
matters is the shape: each endpoint's JSON, and its stream (`data: ...` events, the OpenAI finishing
choice, the usage chunk when `stream_options.include_usage` asks for it, `[DONE]`) exactly as SGLang's
bench_serving client and safelaunch's load generator read them.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from collections.abc import Iterator
from typing import Any

from safelaunch.sim.http_base import HandlerBase


def _last(stream: Iterator[tuple[str, int]]) -> tuple[str, int]:
    """Drain a generation (its timing is the point) and keep the final text and token count."""
    last = ("", 0)
    for last in stream:  # noqa: B007 - the loop runs the generator at its simulated speed
        pass
    return last


def count_tokens(text: str) -> int:
    return max(1, len(re.findall(r"\w+|[^\w\s]", text)))


class GenerationEndpoints(HandlerBase):
    """`/generate`, `/v1/completions`, `/v1/chat/completions`, streamed or not."""

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
