"""What the benchmark sends: the cookbook's speed workloads, their defaults, and how far they are scaled down.

Why apart: the workload is the identity of a figure (the cookbook keys its numbers by dataset, ISL, OSL and
concurrency), so choosing it is a pure decision taken before any tool runs, shared by `serve --bench` and
`safelaunch bench`. Offline hosts: bench_serving's `random` dataset downloads ShareGPT unless `--dataset-path`
names a local copy, so the default is `random-ids` (random token ids, no download).
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from safelaunch.errors import SafelaunchError

# The cookbook's speed workloads (deepseek-v4 benchmarkCommands.speed: random, ISL 8192 / OSL 1024).
DEFAULT_ISL = 8192
DEFAULT_OSL = 1024
STRATEGY_CONCURRENCY: Mapping[str, tuple[int, ...]] = {
    "low-latency": (1,),
    "balanced": (16, 64),
    "high-throughput": (256,),
}
# The cookbook's numPromptsByConc (deepseek-v4.jsx).
NUM_PROMPTS_BY_CONC: Mapping[int, int] = {1: 32, 16: 32, 64: 128, 256: 512, 1024: 2048, 4096: 4096}
DEFAULT_WARMUP = 64  # the cookbook's `--warmup-requests 64`
SCALE_ENV = "SAFELAUNCH_BENCH_SCALE"


@dataclass(frozen=True)
class Workload:
    dataset: str  # the --dataset-name value: random-ids | random
    isl: int
    osl: int
    max_concurrency: int
    num_prompts: int
    warmup_requests: int

    def label(self) -> str:
        return f"{self.dataset} {self.isl}/{self.osl} c={self.max_concurrency} n={self.num_prompts}"


def dataset_for(dataset_path: str | None) -> str:
    """`random` samples text from ShareGPT (a local file given); `random-ids` needs no download at all."""
    return "random" if dataset_path else "random-ids"


def num_prompts_for(concurrency: int) -> int:
    """The cookbook's prompts per concurrency; between its keys, two rounds of the concurrency (at least 32)."""
    return NUM_PROMPTS_BY_CONC.get(concurrency, max(32, 2 * concurrency))


def scaled(n: int, scale: float) -> int:
    return max(1, math.ceil(n * scale))


def plan_workloads(
    strategy: str,
    recipe_benchmarks: Iterable[Mapping[str, Any]] = (),
    *,
    dataset: str = "random-ids",
    isl: int | None = None,
    osl: int | None = None,
    concurrency: Sequence[int] = (),
    num_prompts: int | None = None,
    warmup_requests: int | None = None,
    scale: float = 1.0,
) -> tuple[Workload, ...]:
    """The recipe's workloads, else the strategy's; the user's ISL/OSL/concurrency/N override; `scale` shrinks N.

    Concurrency, ISL and OSL are the workload's identity (the cookbook keys figures by them), so `scale` only
    shrinks how many prompts (and warm-up requests) are sent, never what is measured.
    """
    if scale <= 0:
        raise SafelaunchError(f"bench scale must be above 0, got {scale:g}")
    shapes: list[tuple[int, int, int]] = []
    for b in recipe_benchmarks:
        w = b.get("workload") or {}
        with contextlib.suppress(KeyError, TypeError, ValueError):
            shape = (int(w["isl"]), int(w["osl"]), int(w["max_concurrency"]))
            if shape not in shapes:
                shapes.append(shape)
    if not shapes:
        shapes = [(DEFAULT_ISL, DEFAULT_OSL, c) for c in STRATEGY_CONCURRENCY.get(strategy, (16, 64))]
    if concurrency:
        base = shapes[0]
        shapes = [(base[0], base[1], int(c)) for c in dict.fromkeys(concurrency)]
    out = []
    for s_isl, s_osl, c in shapes:
        if c < 1:
            raise SafelaunchError(f"concurrency must be at least 1, got {c}")
        n = num_prompts if num_prompts is not None else num_prompts_for(c)
        warm = warmup_requests if warmup_requests is not None else DEFAULT_WARMUP
        out.append(
            Workload(
                dataset=dataset,
                isl=int(isl or s_isl),
                osl=int(osl or s_osl),
                max_concurrency=c,
                num_prompts=scaled(n, scale),
                warmup_requests=min(scaled(warm, scale) if warm > 0 else 0, scaled(n, scale)),
            )
        )
    return tuple(out)


def recipe_benchmarks(policies_dir: str | None, recipe_id: str | None) -> tuple[Mapping[str, Any], ...]:
    if not recipe_id:
        return ()
    try:
        from safelaunch.core.recipes import load_catalogue

        recipe = load_catalogue(policies_dir).by_id(recipe_id)
    except SafelaunchError:
        return ()
    return tuple(recipe.benchmarks) if recipe is not None else ()


def bench_scale(explicit: float | None = None) -> float:
    if explicit is not None:
        return explicit
    raw = os.environ.get(SCALE_ENV)
    if not raw:
        return 1.0
    try:
        value = float(raw)
    except ValueError:
        raise SafelaunchError(f"{SCALE_ENV}={raw!r}: expected a number such as 0.25") from None
    if value <= 0:
        raise SafelaunchError(f"{SCALE_ENV}={raw!r}: must be above 0")
    return value
