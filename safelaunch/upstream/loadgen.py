"""A load generator that speaks SGLang's bench_serving command line and result format, for hosts without SGLang.

Why it exists: `safelaunch bench` and `serve --bench` run SGLang's own `bench_serving` whenever SGLang is
installed for the interpreter, because the cookbook's figures come from it. Where it is not (the simulated
engine, a rehearsal box, a container whose insides we cannot reach), this module stands in: the same flags
(`--backend sglang --dataset-name random-ids ... --output-file F`), the same request to SGLang's native
`/generate` (`input_ids` or `text`, `sampling_params.max_new_tokens`, `ignore_eos`, `stream`), the same
timing rules (TTFT at the first chunk that carries text, inter-token latency split over the tokens a chunk
added, TPOT = (latency - TTFT) / (output tokens - 1)), and one JSON line appended to the output file with
bench_serving's keys, plus `"tool": "safelaunch.upstream.loadgen"` so a reader can tell them apart.

What it does differently, on purpose: no tokenizer. `random-ids` sends token ids directly (bench_serving's
`--tokenize-prompt` path), so input lengths are exact. `random` needs a local ShareGPT file (`--dataset-path`;
nothing is downloaded) and builds text of about ISL words from it; input tokens are then counted from the
server's own `meta_info.prompt_tokens`, not guessed. Warm-up and measured requests use asyncio and one httpx
connection pool; the clock is `time.perf_counter`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import httpx

TOOL = "safelaunch.upstream.loadgen"
DEFAULT_VOCAB = 32000
WARMUP_MAX_OUTPUT = 32  # bench_serving caps warm-up outputs at 32 tokens
REQUEST_TIMEOUT_S = 6 * 3600.0  # bench_serving's aiohttp total timeout
BACKENDS = ("sglang", "sglang-native")
DATASETS = ("random", "random-ids")
_WORD = re.compile(r"\w+|[^\w\s]")


class LoadgenError(Exception):
    """A benchmark that cannot run as asked (bad flags, missing dataset, warm-up failed); one line."""


# --------------------------------------------------------------------------- requests (pure, seeded)


@dataclass(frozen=True)
class RequestSpec:
    prompt: str | list[int]
    prompt_len: int  # the intended input length in tokens
    output_len: int


def random_lens(full_len: int, range_ratio: float, num: int, rng: random.Random) -> list[int]:
    """bench_serving's rule: uniform integers in [max(int(full * ratio), 1), full]; ratio 1.0 fixes the length."""
    if full_len <= 0:
        return [0] * num
    low = max(int(full_len * range_ratio), 1)
    return [rng.randint(low, full_len) for _ in range(num)]


def random_id_requests(
    isl: int, osl: int, range_ratio: float, num: int, vocab_size: int, rng: random.Random
) -> list[RequestSpec]:
    """Token-id prompts as `random-ids` builds them: consecutive ids from a random offset, modulo the vocabulary."""
    input_lens = random_lens(isl, range_ratio, num, rng)
    output_lens = random_lens(osl, range_ratio, num, rng)
    out = []
    for i in range(num):
        offset = rng.randrange(vocab_size)
        ids = [(offset + i + j) % vocab_size for j in range(input_lens[i])]
        out.append(RequestSpec(ids, input_lens[i], output_lens[i]))
    return out


def sharegpt_prompts(path: str) -> list[str]:
    """First human turns of a local ShareGPT JSON (`conversations` or `conversation`, at least two turns)."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as exc:
        raise LoadgenError(f"cannot read --dataset-path {path}: {exc.strerror or exc}") from None
    except ValueError:
        raise LoadgenError(f"--dataset-path {path} is not JSON (a ShareGPT file is a JSON list)") from None
    prompts = []
    for item in data if isinstance(data, list) else []:
        turns = item.get("conversations", item.get("conversation", [])) if isinstance(item, dict) else []
        if isinstance(turns, list) and len(turns) >= 2 and isinstance(turns[0], dict):
            text = str(turns[0].get("value", ""))
            if _WORD.search(text):
                prompts.append(text)
    if not prompts:
        raise LoadgenError(f"--dataset-path {path} holds no conversation with two turns")
    return prompts


def text_requests(
    prompts: Sequence[str], isl: int, osl: int, range_ratio: float, num: int, rng: random.Random
) -> list[RequestSpec]:
    """ShareGPT text repeated or cut to about ISL word pieces (no tokenizer here: the server counts the tokens)."""
    input_lens = random_lens(isl, range_ratio, num, rng)
    output_lens = random_lens(osl, range_ratio, num, rng)
    pool = list(prompts)
    rng.shuffle(pool)
    out = []
    for i in range(num):
        pieces = _WORD.findall(pool[i % len(pool)])
        reps = -(-input_lens[i] // len(pieces))
        out.append(RequestSpec(" ".join((pieces * reps)[: input_lens[i]]), input_lens[i], output_lens[i]))
    return out


# --------------------------------------------------------------------------- one request


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


# --------------------------------------------------------------------------- metrics (pure)


def percentile(values: Sequence[float], pct: float) -> float:
    """numpy's default (linear interpolation); 0.0 for no values, as bench_serving's `np.*(xs or 0)` gives."""
    if not values:
        return 0.0
    xs = sorted(values)
    rank = pct / 100 * (len(xs) - 1)
    lo = math.floor(rank)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (rank - lo)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _std(values: Sequence[float]) -> float:
    if not values:
        return 0.0
    m = _mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / len(values))


def _stats(prefix: str, seconds: Sequence[float]) -> dict[str, float]:
    ms = [v * 1000 for v in seconds]
    out = {f"mean_{prefix}_ms": _mean(ms), f"median_{prefix}_ms": percentile(ms, 50), f"std_{prefix}_ms": _std(ms)}
    for p in (90, 95, 99):
        out[f"p{p}_{prefix}_ms"] = percentile(ms, p)
    return out


def compute_metrics(outputs: Sequence[RequestOutput], duration: float) -> dict[str, Any]:
    """bench_serving's result figures from per-request outputs over the measured duration (seconds)."""
    ok = [o for o in outputs if o.success]
    dur = max(duration, 1e-9)
    server_counts = bool(ok) and all(o.server_prompt_len is not None for o in ok)
    total_input = sum((o.server_prompt_len if server_counts else o.prompt_len) or 0 for o in ok)
    total_output = sum(o.output_len for o in ok)
    tpots = [(o.latency - o.ttft) / (o.output_len - 1) for o in ok if o.output_len > 1]
    itls = [x for o in ok for x in o.itl]
    e2e = [o.latency for o in ok]
    peak_tokens, peak_requests = _peaks(ok)
    return {
        "duration": duration,
        "completed": len(ok),
        "total_input_tokens": total_input,
        "total_input_text_tokens": total_input,
        "total_input_vision_tokens": 0,
        "total_output_tokens": total_output,
        "total_output_tokens_retokenized": total_output,
        "request_throughput": len(ok) / dur,
        "input_throughput": total_input / dur,
        "output_throughput": total_output / dur,
        "total_throughput": (total_input + total_output) / dur,
        **_stats("e2e_latency", e2e),
        **_stats("ttft", [o.ttft for o in ok]),
        **_stats("tpot", tpots),
        **_stats("itl", itls),
        "concurrency": sum(e2e) / dur,
        "accept_length": None,
        "max_output_tokens_per_s": peak_tokens,
        "max_concurrent_requests": peak_requests,
        "input_tokens_counted_by": "server" if server_counts else "request",
        "failed": len(outputs) - len(ok),
    }


def _peaks(ok: Sequence[RequestOutput]) -> tuple[float, int]:
    """Most output tokens, and most requests in flight, in any one-second bucket of the run."""
    if not ok:
        return 0.0, 0
    t0 = min(o.start_time for o in ok)
    end = max(o.start_time + o.latency for o in ok)
    buckets = math.ceil(end - t0) + 1
    tokens = [0] * buckets
    live = [0] * buckets
    for o in ok:
        t = o.start_time + o.ttft
        stamps = [t]
        for gap in o.itl:
            t += gap
            stamps.append(t)
        for s in stamps:
            b = int(s - t0)
            if 0 <= b < buckets:
                tokens[b] += 1
        for b in range(int(o.start_time - t0), min(int(o.start_time + o.latency - t0) + 1, buckets)):
            live[b] += 1
    return float(max(tokens)), max(live)


# --------------------------------------------------------------------------- the run


def base_url(args: argparse.Namespace) -> str:
    if args.base_url:
        return str(args.base_url).rstrip("/")
    host = args.host
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{args.port}"


def auth_headers() -> dict[str, str]:
    """bench_serving's rule: OPENAI_API_KEY as a bearer token, else API_KEY verbatim (never on the command line)."""
    key = os.environ.get("OPENAI_API_KEY")
    if key:
        return {"Authorization": f"Bearer {key}"}
    key = os.environ.get("API_KEY")
    return {"Authorization": key} if key else {}


def vocab_size_for(model: str | None) -> int:
    """The model's vocabulary from safelaunch's catalogue (ids must be valid tokens), else a safe 32000."""
    if not model:
        return DEFAULT_VOCAB
    try:
        from safelaunch.host.model_source import resolve_model

        return int(resolve_model(model).vocab_size) or DEFAULT_VOCAB
    except Exception:
        return DEFAULT_VOCAB


def build_requests(args: argparse.Namespace) -> list[RequestSpec]:
    rng = random.Random(args.seed)
    if args.dataset_name == "random-ids":
        vocab = args.vocab_size or vocab_size_for(args.model)
        return random_id_requests(
            args.random_input_len, args.random_output_len, args.random_range_ratio, args.num_prompts, vocab, rng
        )
    if not args.dataset_path:
        raise LoadgenError(
            "--dataset-name random needs a local ShareGPT file (--dataset-path); this load generator downloads "
            "nothing: use --dataset-name random-ids on an offline host"
        )
    prompts = sharegpt_prompts(args.dataset_path)
    return text_requests(
        prompts, args.random_input_len, args.random_output_len, args.random_range_ratio, args.num_prompts, rng
    )


async def run_benchmark(args: argparse.Namespace, requests: Sequence[RequestSpec]) -> dict[str, Any]:
    url = base_url(args)
    stream = not args.disable_stream
    ignore_eos = not args.disable_ignore_eos
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    timeout = httpx.Timeout(REQUEST_TIMEOUT_S, connect=60.0)
    async with httpx.AsyncClient(limits=limits, timeout=timeout, headers=auth_headers(), trust_env=False) as client:
        generate = f"{url}/generate"
        print(f"Starting warmup with {args.warmup_requests} sequences...", flush=True)
        if args.warmup_requests > 0:
            first = requests[0]
            warm = await asyncio.gather(
                *(
                    send_request(client, generate, first, min(first.output_len, WARMUP_MAX_OUTPUT), stream, ignore_eos)
                    for _ in range(args.warmup_requests)
                )
            )
            if not any(w.success for w in warm):
                raise LoadgenError(f"Warmup failed - the server did not answer /generate: {warm[0].error}")
        print(f"Warmup completed with {args.warmup_requests} sequences. Starting main benchmark run...", flush=True)
        if args.flush_cache:
            await client.post(f"{url}/flush_cache")
        semaphore = asyncio.Semaphore(args.max_concurrency) if args.max_concurrency else None

        async def limited(spec: RequestSpec) -> RequestOutput:
            if semaphore is None:
                return await send_request(client, generate, spec, spec.output_len, stream, ignore_eos)
            async with semaphore:
                return await send_request(client, generate, spec, spec.output_len, stream, ignore_eos)

        pacing = random.Random(args.seed + 1)
        t0 = time.perf_counter()
        tasks = []
        for spec in requests:
            tasks.append(asyncio.create_task(limited(spec)))
            if args.request_rate != float("inf"):
                await asyncio.sleep(pacing.expovariate(args.request_rate))
        outputs = await asyncio.gather(*tasks)
        duration = time.perf_counter() - t0
        server_info = None
        try:
            r = await client.get(f"{url}/server_info")
            if r.status_code == 200:
                server_info = r.json()
        except (httpx.HTTPError, ValueError):
            server_info = None
    metrics = compute_metrics(outputs, duration)
    result = {
        "tag": args.tag,
        "backend": args.backend,
        "dataset_name": args.dataset_name,
        "request_rate": args.request_rate,
        "max_concurrency": args.max_concurrency,
        "sharegpt_output_len": None,
        "random_input_len": args.random_input_len,
        "random_output_len": args.random_output_len,
        "random_range_ratio": args.random_range_ratio,
        "server_info": server_info,
        **metrics,
        "tool": TOOL,
        "num_prompts": len(requests),
        "warmup_requests": args.warmup_requests,
    }
    if args.output_details:
        result |= {
            "input_lens": [o.prompt_len for o in outputs],
            "output_lens": [o.output_len if o.success else 0 for o in outputs],
            "ttfts": [o.ttft for o in outputs],
            "itls": [o.itl for o in outputs],
            "errors": [o.error for o in outputs],
        }
    errors = [o.error for o in outputs if not o.success]
    if errors:
        print(f"{len(errors)} of {len(outputs)} requests failed; first: {errors[0]}", file=sys.stderr)
    return result


def output_file_name(args: argparse.Namespace) -> str:
    """bench_serving's default name for random datasets: BACKEND_MMDD_N_ISL_OSL.jsonl."""
    if args.output_file:
        return str(args.output_file)
    now = datetime.now().strftime("%m%d")
    return f"{args.backend}_{now}_{args.num_prompts}_{args.random_input_len}_{args.random_output_len}.jsonl"


def print_summary(result: dict[str, Any]) -> None:
    """The console block, with bench_serving's labels, so logs read the same whichever tool ran."""
    rows = [
        ("Backend:", result["backend"]),
        ("Traffic request rate:", result["request_rate"]),
        ("Max request concurrency:", result["max_concurrency"] or "not set"),
        ("Successful requests:", result["completed"]),
        ("Benchmark duration (s):", f"{result['duration']:.2f}"),
        ("Total input tokens:", result["total_input_tokens"]),
        ("Total generated tokens:", result["total_output_tokens"]),
        ("Request throughput (req/s):", f"{result['request_throughput']:.2f}"),
        ("Input token throughput (tok/s):", f"{result['input_throughput']:.2f}"),
        ("Output token throughput (tok/s):", f"{result['output_throughput']:.2f}"),
        ("Total token throughput (tok/s):", f"{result['total_throughput']:.2f}"),
        ("Concurrency:", f"{result['concurrency']:.2f}"),
        ("Mean TTFT (ms):", f"{result['mean_ttft_ms']:.2f}"),
        ("Median TTFT (ms):", f"{result['median_ttft_ms']:.2f}"),
        ("P99 TTFT (ms):", f"{result['p99_ttft_ms']:.2f}"),
        ("Mean TPOT (ms):", f"{result['mean_tpot_ms']:.2f}"),
        ("Median TPOT (ms):", f"{result['median_tpot_ms']:.2f}"),
        ("Mean ITL (ms):", f"{result['mean_itl_ms']:.2f}"),
        ("Median ITL (ms):", f"{result['median_itl_ms']:.2f}"),
    ]
    print("\n{s:{c}^{n}}".format(s=" Serving Benchmark Result (safelaunch.upstream.loadgen) ", n=50, c="="))
    for label, value in rows:
        print(f"{label:<40} {value!s:<10}")
    print("=" * 50, flush=True)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m safelaunch.upstream.loadgen",
        description="bench_serving-compatible load generator for SGLang's /generate (used when SGLang is absent).",
    )
    p.add_argument("--backend", default="sglang", choices=BACKENDS)
    p.add_argument("--base-url", default=None)
    p.add_argument("--host", default="0.0.0.0")
    p.add_argument("--port", type=int, default=30000)
    p.add_argument("--model", default=None)
    p.add_argument("--tokenizer", default=None, help="Accepted for compatibility; no tokenizer is loaded.")
    p.add_argument("--dataset-name", default="random-ids", choices=DATASETS)
    p.add_argument("--dataset-path", default="")
    p.add_argument("--num-prompts", type=int, default=1000)
    p.add_argument("--random-input-len", type=int, default=1024)
    p.add_argument("--random-output-len", type=int, default=1024)
    p.add_argument("--random-range-ratio", type=float, default=0.0)
    p.add_argument("--request-rate", type=float, default=float("inf"))
    p.add_argument("--max-concurrency", type=int, default=None)
    p.add_argument("--warmup-requests", type=int, default=1)
    p.add_argument("--output-file", default=None)
    p.add_argument("--output-details", action="store_true")
    p.add_argument("--disable-stream", action="store_true")
    p.add_argument("--disable-ignore-eos", action="store_true")
    p.add_argument("--flush-cache", action="store_true")
    p.add_argument("--disable-tqdm", action="store_true")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--tag", default=None)
    p.add_argument("--vocab-size", type=int, default=None, help="Token-id range for random-ids (default: the model's).")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.num_prompts < 1:
        print("error: --num-prompts must be at least 1", file=sys.stderr)
        return 2
    if args.max_concurrency is not None and args.max_concurrency < 1:
        print("error: --max-concurrency must be at least 1", file=sys.stderr)
        return 2
    print(f"benchmark_args={vars(args)}", flush=True)
    try:
        requests = build_requests(args)
        result = asyncio.run(run_benchmark(args, requests))
    except LoadgenError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print_summary(result)
    with open(output_file_name(args), "a", encoding="utf-8") as fh:
        fh.write(json.dumps(result) + "\n")
    if result["completed"] == 0:
        print(f"Error running benchmark for request rate: {args.request_rate}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
