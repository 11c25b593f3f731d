"""The remedy policy's vocabulary: what failed, what ran before, the host's facts, the policy, the decision.

Plain frozen dataclasses shared by `remedies` (the chains of named remedies) and the ledger's arithmetic
(`ledger`); `remedies` re-exports them, so callers keep writing `remedies.Failure`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

GiB = 1 << 30
FRACTION = "mem-fraction-static"
GRAPH_BS = "cuda-graph-max-bs"
PORT = "port"
AUTO_PORT = "auto"

# Failures that more static memory makes worse (the fix is a lower fraction) and those it fixes.
DOWN_LABELS = frozenset({"oom_cuda_graph", "oom_moe_workspace", "oom_runtime", "low_runtime_headroom"})
UP_LABELS = frozenset({"oom_kv_cache"})


@dataclass(frozen=True)
class Failure:
    """What went wrong in one attempt, as the classifier (or the supervisor, for a hang) saw it."""

    label: str
    phase: str | None = None
    numbers: Mapping[str, float] = field(default_factory=dict)
    evidence: str = ""  # SGLang's own deciding line, quoted when giving up


@dataclass(frozen=True)
class Outcome:
    """One earlier attempt (this run, or recalled from the store) with the flags it ran with."""

    flags: Mapping[str, Any]
    label: str  # a failure label, or "healthy"
    this_run: bool = True  # False: recalled from the store (it informs fractions, not the transient retry count)


@dataclass(frozen=True)
class Context:
    """Facts about the host and model that the remedies need; all plain numbers."""

    gpu_memory_bytes: int  # the smallest GPU's total memory
    gpu_count: int
    default_fraction: float  # what SGLang picks when --mem-fraction-static is absent
    tp_candidates: tuple[int, ...]  # TPs this model supports on this host, ascending
    weights_bytes: int = 0  # the whole checkpoint
    attempt: int = 1  # the attempt that just failed
    user_fixed: frozenset[str] = frozenset()
    planned_fraction: float | None = None  # the planner's estimate for these flags: a prior to jump to
    # the planner's fraction at each larger TP candidate: where a layout change starts (the fitted fraction of
    # the old layout says nothing about the new one)
    planned_by_tp: Mapping[int, float] = field(default_factory=dict)
    workspace_bytes: int = 0  # the estimated MoE workspace, allocated after graph capture
    kv_floor_fraction: float = 0.0  # below this the weights leave no useful KV pool: lowering cannot help
    ledger: Any = None  # core.ledger.Ledger: what the log has shown of each GPU, these flags' layout
    estimates: Any = None  # core.ledger.Estimates: the memory model's needs where the log has shown none


@dataclass(frozen=True)
class RemedyPolicy:
    fraction_floor: float = 0.5
    fraction_ceiling: float = 0.95
    margin_bytes: int = GiB
    fraction_step: float = 0.03  # when the failure carries no numbers
    resolution: float = 0.005  # fractions are rounded to this; bisection stops below it
    max_attempts: int = 6
    transient_retries: int = 2
    backoff_s: float = 2.0
    min_graph_bs: int = 8
    min_kv_tokens: int = 0  # a fraction whose pool holds fewer tokens leaves no useful KV pool
    unseen_need_factor: float = 1.0  # a need only the memory model knows, budgeted at its estimate times this
    unseen_need_factor_moe: float = 1.0  # the same for a MoE model, whose estimates no GPU has measured
    chains: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def from_policy(cls, policy: Any) -> RemedyPolicy:
        """Adopt the catalogue's retry policy (`recipes.RetryPolicy`, defaults.yaml `retry:`), keeping defaults.

        Its `remedies:` mapping names the chain per label; `prefer: cuda-graph-max-bs` puts the smaller graph
        batch first for graph-capture OOMs (less decode speed, more KV) instead of the lower fraction."""
        if policy is None:
            return cls()
        kwargs: dict[str, Any] = {}
        for name in cls.__dataclass_fields__:
            value = getattr(policy, name, None)
            if value is not None and name != "chains":
                kwargs[name] = value
        if getattr(policy, "cuda_graph_bs_floor", None):
            kwargs["min_graph_bs"] = int(policy.cuda_graph_bs_floor)
        chains = {k: tuple(v) for k, v in dict(getattr(policy, "remedies", None) or {}).items()}
        if getattr(policy, "prefer", None) == "cuda-graph-max-bs" and "oom_cuda_graph" not in chains:
            chains["oom_cuda_graph"] = ("lower_graph_bs", "lower_fraction", "escalate_tp")
        kwargs["chains"] = chains
        if isinstance(kwargs.get("backoff_s"), (list, tuple)):
            kwargs["backoff_s"] = float(kwargs["backoff_s"][0])
        return cls(**kwargs)


@dataclass(frozen=True)
class Decision:
    action: str  # "retry" | "give_up"
    reason: str  # one line: what changes and why, or why not
    changes: Mapping[str, Any] = field(default_factory=dict)  # flag -> new value (None removes the flag)
    backoff_s: float = 0.0

    @property
    def give_up(self) -> bool:
        return self.action == "give_up"

    def apply(self, flags: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(flags)
        for key, value in self.changes.items():
            if value is None:
                out.pop(key, None)
            else:
                out[key] = value
        return out


@dataclass(frozen=True)
class Situation:
    failure: Failure
    flags: Mapping[str, Any]
    ctx: Context
    history: tuple[Outcome, ...]
    policy: RemedyPolicy

    @property
    def fraction(self) -> float:
        value = self.flags.get(FRACTION)
        return float(value) if value is not None else self.ctx.default_fraction

    @property
    def tp(self) -> int:
        return int(self.flags.get("tp") or 1)
