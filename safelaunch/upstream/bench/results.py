"""Reading the benchmark tool's JSONL line into the store's figures, in the cookbook's speed shape.

Why apart: bench_serving and the load generator append one JSON object per run; this is the one place that
decides what a usable result is (a request completed, every figure the cookbook needs present) and turns it
into a `BenchmarkResult` (TTFT and TPOT at P50, input+output tokens per second per GPU). Pure.
"""

from __future__ import annotations

import ast
import contextlib
import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from safelaunch.errors import SafelaunchError
from safelaunch.store import BenchmarkResult
from safelaunch.upstream.bench.server_info import gpus_in_use
from safelaunch.upstream.bench.workloads import Workload


class BenchToolError(SafelaunchError):
    """The benchmark tool could not measure (not the server's fault as far as we can tell)."""


def _num(d: Mapping[str, Any], key: str) -> float | None:
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(float(v)):
        return None
    return float(v)


EXTRA_KEYS = (
    "mean_ttft_ms",
    "p99_ttft_ms",
    "mean_tpot_ms",
    "p99_tpot_ms",
    "mean_itl_ms",
    "median_itl_ms",
    "p99_itl_ms",
    "median_e2e_latency_ms",
    "p99_e2e_latency_ms",
    "total_input_tokens",
    "total_output_tokens",
    "input_throughput",
    "concurrency",
    "max_output_tokens_per_s",
    "max_concurrent_requests",
    "accept_length",
)


def parse_result(
    record: str | Mapping[str, Any],
    gpus: int | None = None,
    *,
    expected: Workload | None = None,
    tool: str | None = None,
    measured_at: float | None = None,
) -> BenchmarkResult:
    """One bench_serving JSONL record -> the store's BenchmarkResult (P50 TTFT/TPOT, in+out tok/s per GPU).

    `gpus`: GPUs in use; None reads them from the record's `server_info`. Raises BenchToolError when the
    record lacks a figure the cookbook needs or no request completed.
    """
    if isinstance(record, str):
        try:
            d = json.loads(record)
        except ValueError:
            raise BenchToolError("the benchmark result is not JSON") from None
    else:
        d = dict(record)
    if not isinstance(d, Mapping):
        raise BenchToolError("the benchmark result is not a JSON object")
    completed = _num(d, "completed")
    if not completed:
        raise BenchToolError("no benchmark request completed")
    figures = {k: _num(d, k) for k in ("median_ttft_ms", "median_tpot_ms", "total_throughput", "output_throughput")}
    if figures["total_throughput"] is None and _num(d, "input_throughput") is not None and figures["output_throughput"]:
        # SGLang <= 0.5.5 writes no total_throughput: it is input + output tokens per second (0.5.10.post1's sum)
        figures["total_throughput"] = float(_num(d, "input_throughput") or 0.0) + float(figures["output_throughput"])
    missing = [k for k, v in figures.items() if v is None]
    if missing:
        raise BenchToolError(f"the benchmark result lacks {', '.join(missing)}")
    n_gpus = gpus if gpus is not None else gpus_in_use(d.get("server_info"), 1)
    total = float(figures["total_throughput"] or 0.0)
    isl = d.get("random_input_len") if d.get("random_input_len") is not None else getattr(expected, "isl", 0)
    osl = d.get("random_output_len") if d.get("random_output_len") is not None else getattr(expected, "osl", 0)
    conc = d.get("max_concurrency") if d.get("max_concurrency") is not None else getattr(expected, "max_concurrency", 0)
    extra: dict[str, Any] = {k: d[k] for k in EXTRA_KEYS if d.get(k) is not None}
    extra.update(
        {
            "tool": tool or d.get("tool") or "sglang.bench_serving",
            "gpus": n_gpus,
            "backend": d.get("backend"),
            "random_range_ratio": d.get("random_range_ratio"),
        }
    )
    if expected is not None:
        extra["warmup_requests"] = expected.warmup_requests
    failed = (expected.num_prompts - int(completed)) if expected is not None else None
    if failed:
        extra["failed_requests"] = failed
    return BenchmarkResult(
        tool=str(extra["tool"]),
        dataset=str(d.get("dataset_name") or getattr(expected, "dataset", "random")),
        isl=int(isl or 0),
        osl=int(osl or 0),
        max_concurrency=int(conc or 0),
        ttft_ms=float(figures["median_ttft_ms"] or 0.0),
        tpot_ms=float(figures["median_tpot_ms"] or 0.0),
        tokens_per_sec_per_gpu=total / max(1, n_gpus),
        output_throughput=figures["output_throughput"],
        total_throughput=total,
        request_throughput=_num(d, "request_throughput"),
        num_prompts=expected.num_prompts if expected is not None else _opt_int(d.get("num_prompts")),
        completed=int(completed),
        duration_s=_num(d, "duration"),
        measured_at=measured_at,
        extra={k: v for k, v in extra.items() if v is not None},
    )


_LOADGEN_FIRST = re.compile(r"\d+ of \d+ requests failed; first: (.*)")
_BENCH_SERVING_ERROR = re.compile(r"output\.error=(.*)")


def first_error(record: Mapping[str, Any] | None, tool_output: str) -> str:
    """The first failed request's error: the result's `errors` (with --output-details), else the tool's own line
    (bench_serving prints `output.error='...'`, the load generator `N of M requests failed; first: ...`)."""
    for err in (record or {}).get("errors") or ():
        if err:
            return _one_line(str(err))
    for line in tool_output.splitlines():
        m = _LOADGEN_FIRST.search(line) or _BENCH_SERVING_ERROR.search(line)
        if m:
            text = m.group(1).strip()
            with contextlib.suppress(ValueError, SyntaxError):
                text = str(ast.literal_eval(text)) if text[:1] in "'\"" else text
            return _one_line(text)
    return "the tool did not say why"


def _one_line(text: str, limit: int = 300) -> str:
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    # a traceback's last line is the error; anything else, its first
    line = lines[-1] if lines and lines[0].startswith("Traceback") else (lines[0] if lines else "")
    return line[:limit] or "(empty error)"


def _opt_int(v: Any) -> int | None:
    return int(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def last_record(text: str) -> dict[str, Any]:
    """The last JSON object line of a JSONL file (bench_serving appends one per run)."""
    return last_line(text)[1]


def last_line(text: str) -> tuple[str, dict[str, Any]]:
    """The last JSON object line of a JSONL file, as written and parsed."""
    for line in reversed(text.strip().splitlines()):
        line = line.strip()
        if line.startswith("{"):
            with contextlib.suppress(ValueError):
                d = json.loads(line)
                if isinstance(d, dict):
                    return line, d
    raise BenchToolError("the benchmark wrote no result line")


def _secret_values(obj: Any) -> list[str]:
    from safelaunch.redact import is_secret_env, is_secret_flag

    out: list[str] = []
    if isinstance(obj, Mapping):
        for k, v in obj.items():
            if isinstance(v, str) and v and (is_secret_flag(str(k)) or is_secret_env(str(k))):
                out.append(v)
            else:
                out += _secret_values(v)
    elif isinstance(obj, list):
        for v in obj:
            out += _secret_values(v)
    return out


def redacted_line(line: str, record: Mapping[str, Any], known: Sequence[str] = ()) -> str:
    """The tool's line as it wrote it, but for secrets: bench_serving copies /server_info, which holds the server's
    api_key; every value under a secret key (and each known secret) is masked in place."""
    from safelaunch.redact import redact_text

    secrets = sorted({*_secret_values(record), *known}, key=len, reverse=True)
    out = line
    for secret in secrets:
        if secret:
            out = out.replace(json.dumps(secret)[1:-1], "***")
    return redact_text(out, secrets)
