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
from dataclasses import replace
from typing import Any

from safelaunch.core import ledger
from safelaunch.core.remedy_types import (
    AUTO_PORT,
    DOWN_LABELS,
    FRACTION,
    GRAPH_BS,
    PORT,
    UP_LABELS,
    Context,
    Decision,
    Failure,
    GiB,
    Outcome,
    RemedyPolicy,
    Situation,
)

DEFAULT_CHAINS: Mapping[str, tuple[str, ...]] = {
    "oom_cuda_graph": ("from_ledger", "lower_fraction", "lower_graph_bs", "escalate_tp"),
    "oom_moe_workspace": ("fixed_buffer", "from_ledger", "lower_fraction", "escalate_tp"),
    "oom_runtime": ("from_ledger", "lower_fraction", "lower_graph_bs"),
    "low_runtime_headroom": ("from_ledger", "lower_fraction"),
    "oom_kv_cache": ("from_ledger", "raise_fraction", "escalate_tp"),
    "oom_weights": ("escalate_tp",),
    "port_in_use": ("change_port",),
    "nccl_or_distributed": ("retry_same",),
    "cuda_error_other": ("retry_same",),
    "hang": ("retry_same",),
    "unknown": ("retry_same",),
    "config_error": (),
}


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


def policy_fit(
    p: RemedyPolicy, book: ledger.Ledger, est: ledger.Estimates, unseen: float | None = None, cut: bool = True
) -> ledger.Fit | None:
    """The ledger's fit under this policy: its margin, resolution and useful pool, and the needs no attempt has
    shown at its `unseen_need_factor` (`unseen_need_factor_moe` for a MoE model; or `unseen`), cut to what the
    layout allows unless `cut` is False. Every caller that asks the ledger for a fraction asks here."""
    if unseen is None:
        unseen = p.unseen_need_factor_moe if est.moe else p.unseen_need_factor
    return ledger.fit(
        book, est, p.margin_bytes, resolution=p.resolution, min_kv_tokens=p.min_kv_tokens, unseen=unseen, cut=cut
    )


def ledger_fit(s: Situation, cut: bool = True) -> ledger.Fit | None:
    """The ledger's answer for these flags: the highest fraction at which every known need fits (None: no
    figures yet)."""
    if not s.ctx.ledger or s.ctx.estimates is None:
        return None
    return policy_fit(s.policy, s.ctx.ledger, s.ctx.estimates, cut=cut)


def from_ledger(s: Situation) -> Decision | None:
    """Every figure the log gave, at once: the highest fraction that fits every known need plus the margin on
    the binding rank. When none leaves a useful KV pool with the policy's caution, the layout is marginal: a
    larger TP while the host has GPUs for it (every need shrinks per GPU); else the caution cut to what this
    layout allows, and a smaller graph batch only when even the plain estimates leave no pool and graphs dominate.
    Passes when the ledger has no figures, or its answer is not a move in the failure's direction (the
    fraction-only remedies then take over)."""
    fit = ledger_fit(s, cut=False)
    if fit is None:
        return None
    p, current, label = s.policy, s.fraction, s.failure.label
    if not fit.fits:
        # no fraction serves at this layout with the policy's caution: the layout is marginal, so change it while
        # the host has GPUs to spare: more GPUs (weights, graphs, workspace and activations all shrink per GPU)
        # end the KV-too-small / runtime-OOM alternation a fraction alone cannot escape. Where none is left,
        # the caution is cut to what this layout allows; only where even the plain estimates leave no useful
        # pool does a smaller graph batch help (when graphs dominate and the batch is known).
        step = escalate_tp(s)
        if step is None:
            fit = ledger_fit(s) or fit
            step = lower_graph_bs(s) if not fit.fits and fit.dominant == "graphs" else None
        if step is not None:
            return replace(step, reason=f"{step.reason}; no fraction leaves a useful KV pool: {fit.line()}")
        # nothing structural left (the TP ladder or the host's GPUs are spent): the ledger's fraction is still a
        # better next step than a deficit read from one message, when it moves in the failure's direction
    target = min(fit.fraction, p.fraction_ceiling)
    bad = known_bad_high(s)
    if bad is not None and label not in DOWN_LABELS:
        target = min(target, _round_down(bad - p.resolution, p.resolution))
    if label in DOWN_LABELS and target >= current:
        return None
    if label in UP_LABELS and target <= current:
        return None
    if target < p.fraction_floor:
        return None
    return Decision(
        "retry", f"{FRACTION} {current:g} -> {target:g} ({label}; ledger: {fit.line()})", {FRACTION: target}
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


CHUNK = "chunked-prefill-size"
MIN_CHUNK = 512
# What sizes each fixed buffer, SGLang's environment knob for it, and its default, for the give-up line.
_BUFFER_KNOB = (
    ("num_max_dispatch_tokens_per_rank", "DeepEP's dispatch buffer", "SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK"),
    ("fixed workspace", "the A2A dispatcher's fixed workspace", "its workspace size"),
    ("", "FlashInfer's fixed workspace buffer", "SGLANG_FLASHINFER_WORKSPACE_SIZE (default 384 MiB)"),
)


def fixed_buffer(s: Situation) -> Decision | None:
    """A kernel's FIXED-size buffer (FlashInfer's AlignedAllocator workspace, DeepEP's dispatch buffer) was smaller
    than the batch asked: the GPU had the memory, so a lower fraction only wastes the KV pool and fails again. What
    shrinks the request is the batch that sized it, the decode graph batch or the prefill chunk, by the share the
    message states (what the buffer had left / what was asked), at least halved. When the user pinned that flag,
    or it is at its floor, stop and name the knob that enlarges the buffer."""
    n = s.failure.numbers
    if not n.get("fixed_buffer"):
        return None
    need, left = n.get("needed_bytes"), n.get("buffer_left_bytes")
    share = min(0.5, 0.9 * float(left) / float(need)) if need and left is not None else 0.5
    # which batch sized it: FlashInfer names its prefill or decode buffer; DeepEP's low-latency dispatch buffer is
    # sized for decode; otherwise the step it failed in (capture runs decode batches)
    said = s.failure.evidence
    capture = "prefill" not in said and (
        "decode" in said or "num_max_dispatch_tokens_per_rank" in said or s.failure.phase == "cuda_graph"
    )
    flag, floor = (GRAPH_BS, s.policy.min_graph_bs) if capture else (CHUNK, MIN_CHUNK)
    current = s.flags.get(flag) or n.get("batch_size" if capture else "chunked_prefill_size")
    if current and flag not in s.ctx.user_fixed:
        target = max(floor, 1 << max(0, int(int(current) * share).bit_length() - 1))  # a power of two, as SGLang's
        if target < int(current):
            asked = f" ({_gib(need)} asked, {_gib(left)} left)" if need and left is not None else ""
            return Decision(
                "retry",
                f"{flag} {int(current)} -> {target} ({s.failure.label}: a fixed-size kernel buffer{asked} is smaller "
                f"than the batch asks; GPU memory was not short, so the fraction stays)",
                {flag: target},
            )
    what, knob = next((w, k) for key, w, k in _BUFFER_KNOB if key in s.failure.evidence or not key)
    why = f"{flag} is pinned" if flag in s.ctx.user_fixed else f"{flag} is unknown or at its floor"
    return Decision(
        "give_up",
        f"{what} is smaller than the batch asks and {why}: a lower --mem-fraction-static cannot help; "
        f"enlarge the buffer ({knob}) or pass a smaller --{flag}",
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
    why = f"tp {s.tp} -> {target} ({s.failure.label}: the model needs more GPUs)"
    planned = s.ctx.planned_by_tp.get(target)
    if planned is None or FRACTION not in s.flags or abs(planned - s.fraction) < s.policy.resolution:
        return Decision("retry", why, {"tp": target})
    # a new layout starts where the planner would start it: the old layout's fraction was fitted to other needs
    return Decision(
        "retry",
        f"{why}, {FRACTION} {s.fraction:g} -> {planned:g} (the plan for tp {target})",
        {"tp": target, FRACTION: planned},
    )


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
    "from_ledger": from_ledger,
    "lower_fraction": lower_fraction,
    "lower_graph_bs": lower_graph_bs,
    "fixed_buffer": fixed_buffer,
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


def back_to(failure: Failure, flags: Mapping[str, Any], verified: Mapping[str, Any]) -> Decision:
    """A candidate start (a fraction the ledger's measured headroom says fits, not yet run) that failed goes back
    to the verified config it was raised from: that one is known to serve, and the failure is now evidence that
    keeps the next candidate lower. A remedy computed from the candidate's failure could not be surer."""
    changes: dict[str, Any] = {k: v for k, v in verified.items() if flags.get(k) != v}
    changes.update({k: None for k in flags if k not in verified})
    was, now = flags.get(FRACTION), verified.get(FRACTION)
    return Decision(
        "retry", f"the candidate {FRACTION} {was} failed ({failure.label}): back to the verified {now}", changes
    )
