"""What the plan and the memory model tell the remedies about one set of flags, and the post-start headroom check.

`core.remedies` decides from a `Context` of plain numbers; this module fills it from the run's plan, host and
policy (the planner's fraction, the MoE workspace and KV floor it expects, the TP sizes worth trying), and
judges a healthy start by what it left for a full prefill chunk. No I/O: every figure comes from the plan.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from safelaunch.core import hardware, remedies

# What start-up must leave for a full prefill chunk: safelaunch.core.memory's per-model activation estimate times this
# margin, which covers what the estimate cannot know (allocator rounding, kernel choices: +-8% in the sim).
RUNTIME_ACTIVATION_MARGIN = 1.1
# Without model figures (an unknown model), the share of SGLang's own activation budget (512 MiB + 1.5 MiB per
# chunked-prefill token) asked for instead; SGLang's docs call 5-8 GB of available_gpu_mem good for an
# 8192-token chunk, about half its budget.
RUNTIME_ACTIVATION_SHARE = 0.5


def remedy_context(
    plan: Any,
    host: hardware.Host,
    policy_source: Any,
    flags: Mapping[str, Any],
    attempt: int,
    port_fixed: bool,
) -> remedies.Context:
    """The numbers `remedies.decide` weighs for these flags: GPU memory, TP candidates, the planner's priors."""
    info = getattr(plan, "info", None)
    heads = int(getattr(info, "num_attention_heads", 0) or 0)
    ladder = tuple(getattr(policy_source, "tp_ladder", None) or (1, 2, 4, 8, 16))
    candidates = tuple(sorted(tp for tp in ladder if tp <= host.gpu_count and (not heads or heads % tp == 0)))
    user_fixed = frozenset(getattr(plan, "user_flags", frozenset()) or ())
    if port_fixed:
        user_fixed = user_fixed | {"port"}
    planned, workspace, kv_floor = planner_estimates(plan, host, policy_source, flags)
    return remedies.Context(
        gpu_memory_bytes=host.min_memory_total,
        gpu_count=host.gpu_count,
        default_fraction=default_fraction(host, int(flags.get("tp") or 1)),
        tp_candidates=candidates,
        weights_bytes=int(getattr(info, "weight_bytes", 0) or 0),
        attempt=attempt,
        user_fixed=user_fixed,
        planned_fraction=planned,
        workspace_bytes=workspace,
        kv_floor_fraction=kv_floor,
    )


def planner_estimates(
    plan: Any, host: hardware.Host, policy_source: Any, flags: Mapping[str, Any]
) -> tuple[float | None, int, float]:
    """Priors for the remedies from the planner: its fraction for these flags, the MoE workspace it
    expects, and the fraction under which the weights leave less than a useful KV pool."""
    info = getattr(plan, "info", None)
    if info is None or policy_source is None:
        return None, 0, 0.0
    try:
        from safelaunch.core import memory, planner

        env = dict(getattr(plan, "env", {}) or {})
        probe = {k: v for k, v in flags.items() if k != remedies.FRACTION}
        fraction, _ = planner.fraction_for(info, host, probe, env, policy_source)
        est = memory.estimate(info, host, flags, env)
        # below this the pool holds no token at all (SGLang's own "minimum viable" fraction)
        kv_floor = est.weights_bytes / est.pre_load_bytes if est.pre_load_bytes else 0.0
        return float(fraction), int(est.moe_workspace_bytes or 0), min(kv_floor, 1.0)
    except Exception:
        return None, 0, 0.0


def runtime_shortfall(
    plan: Any,
    host: hardware.Host,
    policy_source: Any,
    flags: Mapping[str, Any],
    available: Any,
    via_engine_cmd: bool,
) -> remedies.Failure | None:
    """What start-up left (SGLang's `available_gpu_mem`) against what one full prefill chunk needs.

    SGLang's docs judge a fraction by this figure ("between 5-8 GB is good ... too low risks OOM later");
    the need is safelaunch.core.memory's activation model for this model and layout (a full chunk per rank),
    times the policy's margin; for a model without figures, a share of SGLang's own activation budget."""
    margin = float(getattr(policy_source, "runtime_activation_margin", RUNTIME_ACTIVATION_MARGIN) or 0)
    if margin <= 0 or not available or (via_engine_cmd and not host.gpus):
        return None
    from safelaunch.core import memory

    tp = int(flags.get("tp") or 1)
    chunk = flags.get("chunked-prefill-size")
    if not chunk:
        chunk = memory.tier_defaults(host.min_memory_total / 2**20, tp)[0]
    chunk = int(chunk)
    if chunk <= 0:
        return None
    info = getattr(plan, "info", None)
    if info is not None:
        sized = {**flags, "chunked-prefill-size": chunk}
        chunk = memory.prefill_chunk_tokens(info, sized, host.min_memory_total)  # per DP-attention rank
        need = int(memory.prefill_activation_bytes(info, sized, host.min_memory_total) * margin)
    else:
        if flags.get("enable-dp-attention") and int(flags.get("dp") or 1) > 1:
            chunk = max(1, chunk // int(flags["dp"]))
        need = int(memory.activation_bytes(chunk) * RUNTIME_ACTIVATION_SHARE)
    if available >= need:
        return None
    return remedies.Failure(
        "low_runtime_headroom",
        "ready",
        {"tried_bytes": need, "free_bytes": int(available), "chunk": chunk},
        f"start-up left {available / 2**30:.2f} GiB (available_gpu_mem) for activations; a {chunk}-token "
        f"prefill chunk is budgeted {need / 2**30:.2f} GiB",
    )


def default_fraction(host: hardware.Host, tp: int) -> float:
    try:
        from safelaunch.core import memory

        return float(memory.default_mem_fraction(host.min_memory_total, tp))
    except Exception:
        return 0.88
