"""The remedy policy: (failure, current flags, host, history, policy) -> the next flags, or give up. Pure.

Like tenacity's retry strategies, each remedy is a small function that either proposes a change or passes
(returns None); a label maps to a chain of them, tried in order, and the first proposal wins. The chain per
label comes from the policy (`defaults.yaml`, key `remedies`), so a catalogue can reorder them without code.

Direction matters more than anything here: an OOM while capturing CUDA graphs or allocating a workspace
needs a LOWER `--mem-fraction-static` (more headroom outside the static pool), while "Not enough memory
... increase --mem-fraction-static" needs a HIGHER one, and weights that do not fit need a larger TP.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
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
    workspace_bytes: int = 0  # the estimated MoE workspace, allocated after graph capture
    kv_floor_fraction: float = 0.0  # below this the weights leave no useful KV pool: lowering cannot help


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


DEFAULT_CHAINS: Mapping[str, tuple[str, ...]] = {
    "oom_cuda_graph": ("lower_fraction", "lower_graph_bs", "escalate_tp"),
    "oom_moe_workspace": ("lower_fraction", "escalate_tp"),
    "oom_runtime": ("lower_fraction", "lower_graph_bs"),
    "low_runtime_headroom": ("lower_fraction",),
    "oom_kv_cache": ("raise_fraction", "escalate_tp"),
    "oom_weights": ("escalate_tp",),
    "port_in_use": ("change_port",),
    "nccl_or_distributed": ("retry_same",),
    "cuda_error_other": ("retry_same",),
    "hang": ("retry_same",),
    "unknown": ("retry_same",),
    "config_error": (),
}


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


Remedy = Callable[[Situation], "Decision | None"]


# --------------------------------------------------------------------------- fraction arithmetic


def _round_down(value: float, step: float) -> float:
    return round(math.floor(value / step + 1e-9) * step, 4)


def _round_up(value: float, step: float) -> float:
    return round(math.ceil(value / step - 1e-9) * step, 4)


def _fractions(history: Sequence[Outcome], tp: int, labels: frozenset[str]) -> list[float]:
    return [
        float(o.flags[FRACTION])
        for o in history
        if o.label in labels and o.flags.get(FRACTION) is not None and int(o.flags.get("tp") or 1) == tp
    ]


def known_good(s: Situation) -> float | None:
    """The highest fraction that reached healthy at this TP (this run or the store)."""
    good = _fractions(s.history, s.tp, frozenset({"healthy"}))
    return max(good) if good else None


def known_bad_high(s: Situation) -> float | None:
    """The lowest fraction that ran out of headroom at this TP: never climb back to it."""
    bad = _fractions(s.history, s.tp, DOWN_LABELS) + ([s.fraction] if s.failure.label in DOWN_LABELS else [])
    return min(bad) if bad else None


def _deficit(numbers: Mapping[str, float]) -> float | None:
    """What was missing on the GPU that failed: tried to allocate minus what was free."""
    tried = numbers.get("tried_bytes")
    free = numbers.get("free_bytes")
    if tried is None:
        return None
    return max(float(tried) - float(free or 0), 0.0)


# --------------------------------------------------------------------------- the remedies


def lower_fraction(s: Situation) -> Decision | None:
    """Lower the fraction by what the message says was missing plus a margin, as a share of the GPU."""
    p = s.policy
    current = s.fraction
    deficit = _deficit(s.failure.numbers)
    if deficit is not None:
        # What still has to fit after the failing allocation: a MoE workspace comes after graph capture.
        later = s.ctx.workspace_bytes if s.failure.label == "oom_cuda_graph" else 0
        delta = (deficit + later + p.margin_bytes) / s.ctx.gpu_memory_bytes
        basis = f"{_gib(deficit)} missing + {_gib(p.margin_bytes)} margin" + (
            f" + {_gib(later)} MoE workspace still to come" if later else ""
        )
    else:
        delta = p.fraction_step
        basis = f"no figures in the message: a step of {p.fraction_step}"
    target = _round_down(current - delta, p.resolution)
    planned = s.ctx.planned_fraction
    if planned is not None and planned < s.ctx.kv_floor_fraction:
        planned = None  # the estimate ignores that the weights nearly fill the GPU: no prior to jump to
    # The same failure again at a lower fraction: a failing allocation shows only part of what its phase
    # needs, so creeping down one message at a time wastes attempts. Fall back on the memory estimate, or
    # where it cannot be used, halve the way to the lowest fraction that still leaves a KV pool.
    again = any(
        o.label == s.failure.label
        and o.flags.get(FRACTION) is not None
        and float(o.flags[FRACTION]) > current
        and int(o.flags.get("tp") or 1) == s.tp
        for o in s.history
    )
    if again and planned is not None and target > planned and current > planned + p.resolution:
        target, basis = _round_down(planned, p.resolution), f"{basis}; again short, so the estimate's {planned:g}"
    elif again and planned is None:
        lowest = max(p.fraction_floor, s.ctx.kv_floor_fraction)
        halfway = _round_down((current + lowest) / 2, p.resolution)
        if lowest < halfway < target:
            target, basis = halfway, f"{basis}; again short, so halfway to {lowest:.3f} (the pool's minimum)"
    good = known_good(s)
    if good is not None and good < current:
        midpoint = _round_down((good + current) / 2, p.resolution)
        if deficit is None and midpoint > good:
            # no figures to aim with: halve the interval between what works and what fails
            target, basis = midpoint, f"bisecting between {good:g} (works) and {current:g} (fails)"
        if target <= good + p.resolution or current - good <= 2 * p.resolution:
            target, basis = good, f"{basis}; {good:g} is known to work"
    if target < max(p.fraction_floor, s.ctx.kv_floor_fraction):
        return None  # the floor, or no KV pool left below it: another remedy (smaller graphs, more GPUs)
    if target >= current:
        target = _round_down(current - p.resolution, p.resolution)
    return Decision(
        "retry",
        f"{FRACTION} {current:g} -> {target:g} ({basis}, {s.failure.label})",
        {FRACTION: target},
    )


def lower_graph_bs(s: Situation) -> Decision | None:
    """Halve the largest captured batch: the graph pool shrinks with it, at a cost in decode speed."""
    current = s.flags.get(GRAPH_BS) or s.failure.numbers.get("batch_size")
    if not current:
        return None
    target = max(s.policy.min_graph_bs, int(current) // 2)
    if target >= int(current):
        return None
    return Decision(
        "retry", f"{GRAPH_BS} {int(current)} -> {target} ({s.failure.label}, fraction at its floor)", {GRAPH_BS: target}
    )


def raise_fraction(s: Situation) -> Decision | None:
    """More static memory for the KV pool, up to the ceiling and below any fraction known to OOM."""
    p = s.policy
    current = s.fraction
    suggested = s.failure.numbers.get("suggested_mem_fraction")
    avail, usage = s.failure.numbers.get("avail_mem_bytes"), s.failure.numbers.get("mem_usage_bytes")
    if suggested is None and avail and usage and s.failure.phase in ("kv_cache", "loading_weights", None):
        # "Load weight end. avail mem=A, mem usage=W": the pool is empty below W / (A + W), SGLang's own minimum
        suggested = float(usage) / (float(avail) + float(usage))
    if suggested is not None:
        # SGLang's figure leaves a pool of zero tokens; ask for a useful pool on top of it.
        target = _round_up(float(suggested) + 2 * p.fraction_step, p.resolution)
        basis = f"SGLang's minimum {float(suggested):g} + room for the KV pool"
    else:
        target = _round_up(current + p.fraction_step, p.resolution)
        basis = f"a step of {p.fraction_step}"
    ceiling = p.fraction_ceiling
    bad = known_bad_high(s)
    if bad is not None:
        ceiling = min(ceiling, bad - p.resolution)
    target = min(target, _round_down(ceiling, p.resolution))
    if target <= current:
        return None
    return Decision("retry", f"{FRACTION} {current:g} -> {target:g} (KV pool too small: {basis})", {FRACTION: target})


def escalate_tp(s: Situation) -> Decision | None:
    """Spread the weights over more GPUs: the only fix when they do not fit (or leave no room for KV)."""
    if "tp" in s.ctx.user_fixed and s.failure.label != "oom_weights":
        return None
    larger = [tp for tp in s.ctx.tp_candidates if tp > s.tp and tp <= s.ctx.gpu_count]
    if not larger:
        return None
    target = larger[0]
    return Decision("retry", f"tp {s.tp} -> {target} ({s.failure.label}: the model needs more GPUs)", {"tp": target})


def change_port(s: Situation) -> Decision | None:
    if PORT in s.ctx.user_fixed:
        return None
    return Decision("retry", "port in use: choosing a free port", {PORT: AUTO_PORT})


def retry_same(s: Situation) -> Decision | None:
    """Transient failures (NCCL, a hang, an unknown crash) get a bounded number of retries with backoff."""
    seen = sum(1 for o in s.history if o.label == s.failure.label and o.this_run)
    if seen >= s.policy.transient_retries:
        return None
    backoff = s.policy.backoff_s * (2**seen)
    return Decision(
        "retry",
        f"{s.failure.label}: retrying the same config in {backoff:g} s ({seen + 1}/{s.policy.transient_retries})",
        {},
        backoff,
    )


REMEDIES: Mapping[str, Remedy] = {
    "lower_fraction": lower_fraction,
    "lower_graph_bs": lower_graph_bs,
    "raise_fraction": raise_fraction,
    "escalate_tp": escalate_tp,
    "change_port": change_port,
    "retry_same": retry_same,
}


def _gib(n: float) -> str:
    return f"{n / GiB:.2f} GiB"


def _why_not(s: Situation) -> str:
    """The reason to give up when every remedy passed: specific to what ran out."""
    label, p = s.failure.label, s.policy
    quote = f': "{s.failure.evidence.strip()[:300]}"' if s.failure.evidence else ""
    if label == "config_error":
        return f"configuration error that retrying cannot fix{quote}"
    if label == "oom_weights" or (label in UP_LABELS and s.fraction >= p.fraction_ceiling - p.resolution):
        need = _gib(s.ctx.weights_bytes) if s.ctx.weights_bytes else "more memory than"
        return (
            f"the model does not fit: its weights need {need}, the host has {s.ctx.gpu_count} x "
            f"{_gib(s.ctx.gpu_memory_bytes)} and no larger TP is possible ({label})"
        )
    if label in DOWN_LABELS:
        return (
            f"{label} at {FRACTION}={s.fraction:g}: the fraction floor {p.fraction_floor} is reached "
            "and no other remedy is left"
        )
    if label == "port_in_use":
        return f"the port is in use and was fixed by the user{quote}"
    return f"{label} persisted after {p.transient_retries} retries{quote}"


def decide(
    failure: Failure,
    flags: Mapping[str, Any],
    ctx: Context,
    history: Sequence[Outcome] = (),
    policy: RemedyPolicy | None = None,
) -> Decision:
    """The next step after `failure`: a change to retry with, or a reason to stop."""
    policy = policy or RemedyPolicy()
    s = Situation(failure, flags, ctx, tuple(history), policy)
    if ctx.attempt >= policy.max_attempts:
        return Decision("give_up", f"attempt limit {policy.max_attempts} reached; last failure: {failure.label}")
    chain = policy.chains.get(failure.label, DEFAULT_CHAINS.get(failure.label, DEFAULT_CHAINS["unknown"]))
    for name in chain:
        remedy = REMEDIES.get(name)
        if remedy is None:
            continue
        decision = remedy(s)
        if decision is not None:
            return decision
    return Decision("give_up", _why_not(s))
