"""One request to SGLang's native `/generate`, timed by bench_serving's rules.

Why apart: the figures are only comparable with SGLang's own benchmark if each request is sent and timed the
same way: the same body (`input_ids` or `text`, `sampling_params.max_new_tokens`, `ignore_eos`, `stream`),
TTFT at the first chunk that carries text, inter-token latency split over the tokens a chunk added. The clock
is `time.perf_counter`.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from safelaunch.upstream.loadgen.prompts import RequestSpec


@dataclass
class RequestOutput:
    success: bool = False
    latency: float = 0.0  # seconds from send to the last chunk
    ttft: float = 0.0
    itl: list[float] = field(default_factory=list)
    prompt_len: int = 0
    server_prompt_len: int | None = None  # meta_info.prompt_tokens, when the server says
    output_len: int = 0
    start_time: float = 0.0
    error: str = ""
    generated_text: str = ""


def payload_for(spec: RequestSpec, output_len: int, stream: bool, ignore_eos: bool) -> dict[str, Any]:
    """SGLang's native /generate body, as bench_serving's `sglang` backend sends it."""
    return {
        ("text" if isinstance(spec.prompt, str) else "input_ids"): spec.prompt,
        "sampling_params": {"temperature": 0.0, "max_new_tokens": output_len, "ignore_eos": ignore_eos},
        "stream": stream,
    }


class ChunkTimer:
    """The timing rules of bench_serving's /generate client, fed one response line at a time."""

    def __init__(self, out: RequestOutput, st: float) -> None:
        self.out = out
        self.st = st
        self.last_at = st
        self.last_len = 0

    def feed(self, raw: str, now: float) -> None:
        line = raw.strip()
        if not line or line.startswith((":", "event:", "id:", "retry:")):
            return  # blank separators and SSE fields other than data
        line = line.removeprefix("data:").strip()
        self.out.latency = now - self.st
        if line == "[DONE]":
            return
        data = json.loads(line)
        if not isinstance(data, dict) or not data.get("text"):
            return
        meta = data.get("meta_info") or {}
        n = int(meta.get("completion_tokens", self.last_len + 1))
        if meta.get("prompt_tokens") is not None:
            self.out.server_prompt_len = int(meta["prompt_tokens"])
        self.out.generated_text = str(data["text"])
        self.out.output_len = n
        if self.out.ttft == 0.0:
            self.out.ttft = now - self.st
        else:
            new = n - self.last_len
            if new <= 0:
                return
            self.out.itl.extend([(now - self.last_at) / new] * new)
        self.last_at = now
        self.last_len = n


async def send_request(
    client: httpx.AsyncClient, url: str, spec: RequestSpec, output_len: int, stream: bool, ignore_eos: bool
) -> RequestOutput:
    out = RequestOutput(prompt_len=spec.prompt_len, output_len=output_len)
    st = time.perf_counter()
    out.start_time = st
    timer = ChunkTimer(out, st)
    try:
        async with client.stream("POST", url, json=payload_for(spec, output_len, stream, ignore_eos)) as resp:
            if resp.status_code != 200:
                body = (await resp.aread()).decode(errors="replace")
                out.error = f"{resp.status_code} {resp.reason_phrase}: {body[:300]}"
                return out
            async for line in resp.aiter_lines():
                timer.feed(line, time.perf_counter())
        out.success = True
    except (httpx.HTTPError, ValueError, OSError) as exc:
        out.error = f"{type(exc).__name__}: {exc}"
    return out
