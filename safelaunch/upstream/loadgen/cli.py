"""`python -m safelaunch.upstream.loadgen`: bench_serving's command line, console block and output file.

Why apart: the benchmark runner spawns this as a subprocess with the same flags it gives SGLang's own
benchmark and reads the same JSONL line back, so the command-line contract (flags, exit status, the appended
line, the default output name) is kept in one place, apart from how the load is made.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from safelaunch.upstream.loadgen.prompts import LoadgenError, build_requests
from safelaunch.upstream.loadgen.run import run_benchmark

BACKENDS = ("sglang", "sglang-native")
DATASETS = ("random", "random-ids")


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
