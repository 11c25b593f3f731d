"""One benchmark run: warm-up, then the measured requests under the concurrency limit, then the result line.

Why apart: this is the orchestration around single requests: one asyncio loop and one httpx connection pool,
bench_serving's warm-up (outputs capped at 32 tokens, never more at once than the concurrency), an optional
request rate, the server's `/server_info` afterwards, and the result dict with bench_serving's keys plus
`"tool"` so a reader can tell them apart.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import httpx

from safelaunch.upstream.loadgen.client import RequestOutput, send_request
from safelaunch.upstream.loadgen.metrics import compute_metrics
from safelaunch.upstream.loadgen.prompts import LoadgenError, RequestSpec

TOOL = "safelaunch.upstream.loadgen"
WARMUP_MAX_OUTPUT = 32  # bench_serving caps warm-up outputs at 32 tokens
REQUEST_TIMEOUT_S = 6 * 3600.0  # bench_serving's aiohttp total timeout


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


async def run_benchmark(args: argparse.Namespace, requests: Sequence[RequestSpec]) -> dict[str, Any]:
    url = base_url(args)
    stream = not args.disable_stream
    ignore_eos = not args.disable_ignore_eos
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    timeout = httpx.Timeout(REQUEST_TIMEOUT_S, connect=60.0)
    async with httpx.AsyncClient(limits=limits, timeout=timeout, headers=auth_headers(), trust_env=False) as client:
        generate = f"{url}/generate"
        semaphore = asyncio.Semaphore(args.max_concurrency) if args.max_concurrency else None

        async def limited(spec: RequestSpec, output_len: int) -> RequestOutput:
            if semaphore is None:
                return await send_request(client, generate, spec, output_len, stream, ignore_eos)
            async with semaphore:
                return await send_request(client, generate, spec, output_len, stream, ignore_eos)

        print(f"Starting warmup with {args.warmup_requests} sequences...", flush=True)
        if args.warmup_requests > 0:
            # SGLang >= 0.5.21's rule: warm-up under the run's concurrency limit, never a burst before the run
            first = requests[0]
            warm_len = min(first.output_len, WARMUP_MAX_OUTPUT)
            warm = await asyncio.gather(*(limited(first, warm_len) for _ in range(args.warmup_requests)))
            if not any(w.success for w in warm):
                raise LoadgenError(f"Warmup failed - the server did not answer /generate: {warm[0].error}")
        print(f"Warmup completed with {args.warmup_requests} sequences. Starting main benchmark run...", flush=True)
        if args.flush_cache:
            await client.post(f"{url}/flush_cache")

        pacing = random.Random(args.seed + 1)
        t0 = time.perf_counter()
        tasks = []
        for spec in requests:
            tasks.append(asyncio.create_task(limited(spec, spec.output_len)))
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
