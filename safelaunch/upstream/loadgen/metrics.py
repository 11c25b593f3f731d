"""bench_serving's result figures from the per-request timings: throughputs, percentiles, peaks.

Why apart: aggregation is pure arithmetic over finished requests, with bench_serving's exact conventions
(numpy's linear-interpolation percentiles, 0.0 for no values, TPOT = (latency - TTFT) / (output tokens - 1),
input tokens counted by the server when it says), so it can be checked without a server.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from safelaunch.upstream.loadgen.client import RequestOutput


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
