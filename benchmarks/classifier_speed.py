"""How fast the log classifier reads SGLang's log, against a naive baseline measured in the same run.

A realistic 1,000,000-line log is synthesised from SGLang's message templates: a launch that dies in CUDA
graph capture, a relaunch that becomes ready and then serves (decode/prefill batch lines, HTTP access lines,
the odd retraction warning and rejected request) until a runtime OOM ends it. Ours: `LogClassifier.feed`
on every line. Baseline: normalise every line, then try every pattern the classifier knows on it.
Memory: tracemalloc peak while streaming 100,000 and 1,000,000 generated lines (flat = no buffering).

    python benchmarks/classifier_speed.py [--lines N] [--baseline-lines N]
"""

# ruff: noqa: E501  (synthesised log lines are as long as SGLang prints them)

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from safelaunch.core.logwatch import ANCHORED, PATTERNS, LogClassifier, normalise

TORCH = json.loads((Path(__file__).resolve().parent.parent / "tests/fixtures/torch-oom.json").read_text())
OOM = TORCH["oom_during_cuda_graph_capture"]["text"]


def _ts(sec: int) -> str:
    return f"2026-01-05 {10 + sec // 3600 % 14:02d}:{sec // 60 % 60:02d}:{sec % 60:02d}"


def startup(t: int, tp: int = 8) -> list[str]:
    lines = [f"[{_ts(t)}] server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V3', tp_size={tp}, "
             "mem_fraction_static=0.88, cuda_graph_max_bs=512, port=30000)"]  # fmt: skip
    for r in range(tp):
        lines.append(f"[{_ts(t + 8)} TP{r}] Init torch distributed begin.")
    for r in range(tp):
        lines.append(f"[{_ts(t + 12)} TP{r}] Load weight begin. avail mem=138.42 GB")
    lines.append(
        "\r".join(
            f"Loading safetensors checkpoint shards: {p:3d}% Completed | {p * 163 // 100}/163 [00:40<00:40,  2.01it/s]"
            for p in range(0, 101, 5)
        )
    )
    for r in range(tp):
        lines.append(
            f"[{_ts(t + 95)} TP{r}] Load weight end. elapsed=82.10 s, type=DeepseekV3ForCausalLM, quant=fp8, "
            "avail mem=53.10 GB, mem usage=85.32 GB."
        )
        lines.append(
            f"[{_ts(t + 96)} TP{r}] KV Cache is allocated. dtype: torch.bfloat16, #tokens: 1106304, KV size: 37.52 GB"
        )
        lines.append(f"[{_ts(t + 96)} TP{r}] Memory pool end. avail mem=14.95 GB")
        lines.append(
            f"[{_ts(t + 97)} TP{r}] Capture cuda graph begin. This can take up to several minutes. avail mem=14.82 GB"
        )
    lines.append(
        "\r".join(f"Capturing batches (bs={bs} avail_mem={14.8 - i * 0.2:.2f} GB):  {i * 7}%|  | {i}/14 [00:0{i % 10}<00:30]"
                  for i, bs in enumerate([512, 256, 128, 64, 56, 48, 40, 32, 24, 16, 8, 4, 2, 1]))
    )  # fmt: skip
    return lines


def capture_failure(t: int) -> list[str]:
    return [
        f"[{_ts(t)} TP3] Scheduler hit an exception: Traceback (most recent call last):",
        '  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py", line 652, in __init__',
        "    self.capture()",
        f"torch.OutOfMemoryError: {OOM}",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        "Traceback (most recent call last):",
        '  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py", line 655, in __init__',
        "    raise Exception(",
        f"Exception: Capture cuda graph failed: {OOM}",
        "Possible solutions:",
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        f"[{_ts(t + 1)}] Received sigquit from a child process. It usually means the child failed.",
    ]


def ready(t: int) -> list[str]:
    return [
        f"[{_ts(t)} TP0] Capture cuda graph end. Time elapsed: 51.02 s. mem usage=8.71 GB. avail mem=6.11 GB.",
        f"[{_ts(t)} TP0] max_total_num_tokens=1106304, chunked_prefill_size=8192, max_prefill_tokens=16384, "
        "max_running_requests=4096, context_len=163840, available_gpu_mem=6.12 GB",
        f"[{_ts(t)}] INFO:     Started server process [4242]",
        f"[{_ts(t)}] INFO:     Waiting for application startup.",
        f"[{_ts(t)}] INFO:     Application startup complete.",
        f"[{_ts(t)}] INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'[{_ts(t + 1)}] INFO:     127.0.0.1:40312 - "GET /model_info HTTP/1.1" 200 OK',
        f"[{_ts(t + 1)} TP0] Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, "
        "#running-req: 0, #queue-req: 0",
        f'[{_ts(t + 2)}] INFO:     127.0.0.1:40318 - "POST /generate HTTP/1.1" 200 OK',
        f"[{_ts(t + 2)}] The server is fired up and ready to roll!",
    ]


def serving_line(rng: random.Random, i: int) -> list[str]:
    t = 200 + i // 50
    x = rng.random()
    if x < 0.70:
        return [
            f"[{_ts(t)} TP0] Decode batch, #running-req: {rng.randint(1, 256)}, #token: {rng.randint(1000, 900000)}, "
            f"token usage: {rng.random():.2f}, cuda graph: True, gen throughput (token/s): {rng.uniform(500, 9000):.2f}, "
            f"#queue-req: {rng.randint(0, 40)}"
        ]
    if x < 0.85:
        return [
            f"[{_ts(t)} TP0] Prefill batch, #new-seq: {rng.randint(1, 16)}, #new-token: {rng.randint(1, 16384)}, "
            f"#cached-token: {rng.randint(0, 8192)}, token usage: {rng.random():.2f}, #running-req: {rng.randint(0, 256)}, "
            f"#queue-req: {rng.randint(0, 40)}"
        ]
    if x < 0.99985:
        path = rng.choice(("/v1/chat/completions", "/generate", "/v1/completions", "/health", "/metrics"))
        return [
            f'[{_ts(t)}] INFO:     10.0.{rng.randint(0, 9)}.{rng.randint(1, 254)}:{rng.randint(1024, 65535)} - "POST {path} HTTP/1.1" 200 OK'
        ]
    if x < 0.99992:
        return [f"[{_ts(t)} TP0] KV cache pool is full. Retract requests. #retracted_reqs: 2, #new_tokens_gained: 4096, "
                "#new_token_ratio: 0.4100 -> 0.5300"]  # fmt: skip
    if x < 0.99997:
        return [f"[{_ts(t)}] Cache flushed successfully!"]
    return [  # a rejected request: logged with a traceback, the server carries on
        f"[{_ts(t)}] ERROR:    Exception in ASGI application",
        "Traceback (most recent call last):",
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/tokenizer_manager.py", line 611, in _validate_one_request',
        "ValueError: The input (170000 tokens) is longer than the model's context length (163840 tokens).",
    ]


def runtime_oom(t: int) -> list[str]:
    return [
        f"[{_ts(t)} TP0] Scheduler hit an exception: Traceback (most recent call last):",
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 1021, in event_loop_overlap',
        "    batch_result = self.run_batch(batch)",
        f"torch.OutOfMemoryError: {OOM}",
        f"[{_ts(t + 1)}] SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
    ]


def synth(n: int, seed: int = 0) -> Iterator[str]:
    """n lines, generated one at a time (so a memory measurement sees the classifier, not the log)."""
    rng = random.Random(seed)
    head = startup(0) + capture_failure(110) + startup(200) + ready(300)
    tail = runtime_oom(90000)
    yield from head
    count = len(head)
    i = 0
    while count < n - len(tail):
        for line in serving_line(rng, i):
            yield line
            count += 1
        i += 1
    yield from tail


def run_ours(lines: list[str]) -> tuple[float, LogClassifier]:
    c = LogClassifier()
    feed = c.feed
    t0 = time.perf_counter()
    for line in lines:
        feed(line)
    return time.perf_counter() - t0, c


def run_naive(lines: list[str]) -> float:
    """The obvious classifier: clean every line, then search it with every pattern."""
    searches = [rx.match if rx in ANCHORED else rx.search for rx in PATTERNS]
    hits = 0
    t0 = time.perf_counter()
    for line in lines:
        for text in normalise(line):
            for search in searches:
                if search(text) is not None:
                    hits += 1
    return time.perf_counter() - t0


def peak_memory(n: int) -> int:
    gc.collect()
    tracemalloc.start()
    c = LogClassifier()
    for line in synth(n):
        c.feed(line)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=1_000_000)
    ap.add_argument("--baseline-lines", type=int, default=100_000, help="lines the (slow) naive baseline reads")
    args = ap.parse_args()

    lines = list(synth(args.lines))
    print(f"log: {len(lines):,} lines, {sum(map(len, lines)) / 1e6:.1f} MB, {len(PATTERNS)} patterns known")
    gc.collect()
    gc.disable()
    best = min(run_ours(lines)[0] for _ in range(4))
    dt, c = run_ours(lines)
    best = min(best, dt)
    base_lines = lines[: args.baseline_lines]
    naive = run_naive(base_lines)
    gc.enable()
    ours_rate = len(lines) / best
    naive_rate = len(base_lines) / naive
    d = c.diagnosis()
    print(f"ours : {ours_rate:12,.0f} lines/s  ({best:.3f} s for {len(lines):,} lines, best of 5)")
    print(f"naive: {naive_rate:12,.0f} lines/s  ({naive:.3f} s for {len(base_lines):,} lines)")
    print(f"ratio: {ours_rate / naive_rate:.1f}x faster than trying every pattern on every line")
    print(f"target >= 1,000,000 lines/s on one core: {'met' if ours_rate >= 1e6 else 'NOT met'}")
    print(f"verdict on the synthetic log: {d.label} in phase {d.phase} (expected oom_runtime in serving)")
    wrapped = ["sglang-1  | " + line for line in lines[: len(lines) // 4]]
    dt_wrapped = min(run_ours(wrapped)[0] for _ in range(2))
    print(
        f"ours, docker compose wrapper on every line: {len(wrapped) / dt_wrapped:,.0f} lines/s ({len(wrapped):,} lines)"
    )
    slow = [
        f"[{_ts(i % 3600)}] Registering {i} cuda graph addresses with the custom all-reduce" for i in range(100_000)
    ]
    dt_slow = min(run_ours(slow)[0] for _ in range(2))
    print(f"ours, lines that are not routine serving lines (no fast path): {len(slow) / dt_slow:,.0f} lines/s")

    small, large = 100_000, args.lines
    p_small, p_large = peak_memory(small), peak_memory(large)
    print(
        f"memory: tracemalloc peak {p_small / 1024:.0f} KiB over {small:,} lines, {p_large / 1024:.0f} KiB over "
        f"{large:,} lines ({'flat' if p_large <= p_small * 1.25 + 65536 else 'GROWS'})"
    )


if __name__ == "__main__":
    main()
