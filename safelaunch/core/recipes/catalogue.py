"""The recipe catalogue as plain data: `Recipe`, `Catalogue`, the `RetryPolicy`, and the names they share.

A recipe says which SGLang flags to use for a model (or any model of a kind) on one hardware key, for one
quantization and strategy. These frozen dataclasses are what the planner, the remedies and the supervisor
read; `schema` checks the YAML they come from, `loading` reads it, and `selection` picks one for a request.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

STRATEGIES = ("low-latency", "balanced", "high-throughput")
PHASES = ("launching", "loading_weights", "kv_cache", "cuda_graph", "warmup", "ready", "serving")
MIB = 2**20


def version_tuple(version: str | None) -> tuple[int, ...] | None:
    """'0.5.10.post1' -> (0, 5, 10); None or unparsable -> None."""
    if not version:
        return None
    m = re.match(r"\s*v?(\d+)\.(\d+)(?:\.(\d+))?", version)
    if not m:
        return None
    return tuple(int(x) if x is not None else 0 for x in m.groups())


@dataclass(frozen=True)
class RetryPolicy:
    """How `serve` walks from a failed attempt to the next one (defaults.yaml `retry:`)."""

    fraction_floor: float = 0.60  # never lower --mem-fraction-static below this
    fraction_ceiling: float = 0.95  # never raise it above this
    margin_bytes: int = 512 * MIB  # added to a measured deficit before it becomes a fraction
    max_attempts: int = 6
    tp_ladder: tuple[int, ...] = (1, 2, 4, 8)
    phase_time_limits_s: Mapping[str, float] = field(default_factory=dict)  # no progress for this long = hang
    backoff_s: float = 5.0  # first wait before a retry of a transient failure (NCCL, crash, hang)
    backoff_factor: float = 2.0
    backoff_max_s: float = 120.0
    fraction_step: float = 0.03  # the step when the deficit is unknown (and in the plan's ladder preview)
    cuda_graph_bs_floor: int = 16  # never lower cuda-graph-max-bs below this
    prefer: str = "fraction"  # on a graph OOM lower "fraction" first, or "cuda-graph-max-bs"
    min_kv_tokens: int = 32768  # a TP is "useful" when its KV pool holds at least min(this, context) tokens
    remedies: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # label -> remedy chain, in order
    fleet_demote_after_hosts: int = 3  # a shared store's config that failed on this many hosts is demoted
    # the memory model's activation need is multiplied by this where no full-chunk probe can decide (raise it
    # for a server that takes input-logprob requests over long prompts; 0 turns the estimate off)
    runtime_activation_margin: float = 1.1
    # a need no attempt has shown yet (a MoE workspace after a graph OOM, a full chunk's activations) is budgeted
    # at the memory model's estimate times this when the ledger fits a fraction: one more failure costs a
    # restart, a cautious fraction only KV capacity, which the next start wins back from the measured headroom
    unseen_need_factor: float = 2.0
    unseen_need_factor_moe: float = 3.0

    def backoff(self, attempt: int) -> float:
        """Seconds to wait before retry number `attempt` (1-based) of a transient failure."""
        return min(self.backoff_max_s, self.backoff_s * self.backoff_factor ** max(0, attempt - 1))


@dataclass(frozen=True)
class Recipe:
    id: str
    file: str
    models: tuple[str, ...]
    hw: str
    quant: str | None
    strategy: str | None
    nodes: str
    gpus: int | None
    kind: str | None
    flags: Mapping[str, Any]
    env: Mapping[str, str]
    verified: bool
    provenance: str
    fallback_hw: tuple[str, ...] = ()
    benchmarks: tuple[Mapping[str, Any], ...] = ()
    variant: str | None = None
    notes: str | None = None
    min_sglang: str | None = None

    @property
    def is_generic(self) -> bool:
        return self.models == ("*",)

    def model_score(self, model_id: str) -> int:
        """2 for an exact id, 1 for a glob, 0 for any model; -1 when it does not match."""
        mid = model_id.lower()
        best = -1
        for pat in self.models:
            p = pat.lower()
            if p == "*":
                best = max(best, 0)
            elif p == mid:
                best = max(best, 2)
            elif any(c in p for c in "*?[") and fnmatch.fnmatchcase(mid, p):
                best = max(best, 1)
            elif "/" not in mid and "/" in p and p.split("/", 1)[1] == mid:
                best = max(best, 1)  # a local directory named like the repo
        return best

    def gpus_needed(self) -> int:
        return gpus_needed(self.flags)

    def summary(self) -> str:
        parts = [f"model {'/'.join(self.models) if not self.is_generic else 'any'}", f"hw {self.hw}"]
        for name in ("quant", "strategy", "gpus", "kind"):
            v = getattr(self, name)
            if v is not None:
                parts.append(f"{name} {v}")
        return ", ".join(parts)


def gpus_needed(flags: Mapping[str, Any]) -> int:
    """GPUs a flag set occupies: tp x pp, times dp for plain data parallelism (DP attention stays inside TP)."""

    def num(key: str) -> int:
        v = flags.get(key)
        return int(v) if isinstance(v, int) and not isinstance(v, bool) else 1

    n = num("tp") * num("pp")
    if not flags.get("enable-dp-attention") and not flags.get("attn-dp-size"):
        n *= num("dp")
    return n


@dataclass(frozen=True)
class Catalogue:
    directory: str
    files: tuple[str, ...]
    recipes: tuple[Recipe, ...]
    policy: RetryPolicy
    fallback_hw: Mapping[str, tuple[str, ...]]

    def by_id(self, recipe_id: str) -> Recipe | None:
        """The recipe with this id, letter case ignored (ids are keys a person types)."""
        key = recipe_id.lower()
        return next((r for r in self.recipes if r.id.lower() == key), None)
