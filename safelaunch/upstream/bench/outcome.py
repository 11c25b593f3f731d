"""What a series of workloads proved: the figures, or the failure under load that ended it, and how it reads.

Why apart: the outcome is the small frozen value every other part hands around (the runner fills it, the
recorders store it, `serve --json` and the console print it); booting is not serving, so `survived` is what
makes a config "verified".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from safelaunch.store import BenchmarkResult
from safelaunch.upstream.bench.workloads import Workload

FAILED_UNDER_LOAD = "failed under load"
REQUESTS_FAILED = "requests_failed"  # the server stayed up, but some benchmark requests did not complete


@dataclass(frozen=True)
class LoadFailure:
    """The server failed while the benchmark ran: what the log said, and under which workload."""

    label: str
    phase: str | None
    numbers: Mapping[str, Any]
    evidence: str
    workload: Workload | None = None

    def change(self) -> str:
        where = f" ({self.workload.label()})" if self.workload else ""
        if self.label == REQUESTS_FAILED:
            return f"{FAILED_UNDER_LOAD}{where}: {self.requests_text()}; not verified"
        return f"{FAILED_UNDER_LOAD}{where}: the next start lowers the fraction"

    def requests_text(self) -> str:
        """`8 of 512 requests failed; first error: ReadError` (for a failure of requests, not of the server)."""
        n, total = self.numbers.get("failed_requests"), self.numbers.get("num_prompts")
        return f"{n} of {total} requests failed; first error: {self.evidence}"

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "phase": self.phase,
            "numbers": dict(self.numbers),
            "evidence": self.evidence,
            "workload": self.workload.label() if self.workload else None,
        }


@dataclass(frozen=True)
class BenchOutcome:
    results: tuple[BenchmarkResult, ...]
    tool: str  # the module that measured
    workloads: tuple[Workload, ...] = ()
    failure: LoadFailure | None = None
    error: str = ""  # the tool could not measure (not a server failure)
    stopped: bool = False
    recorded: bool = False
    record_error: str = ""
    why_tool: str = ""
    method: tuple[str, ...] = ()  # how it was measured: the tool and why, the tokenizer, input lengths, warm-up

    @property
    def survived(self) -> bool:
        return self.failure is None and not self.error and not self.stopped and len(self.results) == len(self.workloads)

    def summary_json(self) -> dict[str, Any]:
        """Keys merged into `serve --json`: the figures, and whether the config now counts as verified."""
        return {
            "benchmarks": [b.report_json() for b in self.results],
            "verified": self.survived,
            "failed_under_load": self.failure.to_json() if self.failure else None,
            "bench_tool": self.tool,
            "bench_method": list(self.method),
            "bench_error": self.error or None,
        }

    def lines(self) -> list[str]:
        out = [f"  benchmark ({self.tool}):"]
        out += [f"    {line}" for line in self.method]
        if self.results:
            out.append(f"    {result_header()}")
            out += [f"    {result_row(b)}" for b in self.results]
        if self.failure is not None and self.failure.label == REQUESTS_FAILED:
            where = f" during {self.failure.workload.label()}" if self.failure.workload else ""
            out.append(f"  {FAILED_UNDER_LOAD}: {self.failure.requests_text()}{where}")
            out.append("    -> recorded as not verified: a benchmark verifies only when every request completed")
        elif self.failure is not None:
            from safelaunch.supervise.display import describe_numbers

            numbers = describe_numbers(self.failure.numbers)
            out.append(
                f"  {FAILED_UNDER_LOAD}: {self.failure.label}"
                + (f" ({numbers})" if numbers else "")
                + (f" during {self.failure.workload.label()}" if self.failure.workload else "")
            )
            out.append("    -> recorded; the next start lowers the fraction")
        elif self.error:
            out.append(f"  benchmark did not complete: {self.error}")
        elif self.stopped:
            out.append("  benchmark stopped by signal")
        else:
            out.append(
                "  survived the benchmark load: "
                + ("verified and recorded" if self.recorded else f"not recorded ({self.record_error or 'no store'})")
            )
        return out


def result_header() -> str:
    return (
        f"{'workload':<28} {'done':>9} {'TTFT p50':>10} {'TPOT p50':>9} {'ITL p50':>8} "
        f"{'out tok/s':>10} {'tok/s/GPU':>10}"
    )


def result_row(b: BenchmarkResult) -> str:
    itl = b.extra.get("median_itl_ms")
    done = f"{b.completed}/{b.num_prompts}" if b.num_prompts else str(b.completed)
    workload = f"{b.dataset} {b.isl}/{b.osl} c={b.max_concurrency}"
    return (
        f"{workload:<28} {done:>9} {b.ttft_ms:>8.1f}ms {b.tpot_ms:>7.2f}ms "
        f"{(f'{itl:.2f}ms' if isinstance(itl, int | float) else '-'):>8} "
        f"{(b.output_throughput or 0):>10.1f} {b.tokens_per_sec_per_gpu:>10.1f}"
    )
