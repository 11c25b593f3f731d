"""What the plan and the memory model tell the remedies about one set of flags, and the post-start headroom check.

`core.remedies` decides from a `Context` of plain numbers; this module fills it from the run's plan, host and
policy (the planner's fraction, the MoE workspace and KV floor it expects, the TP sizes worth trying), and
judges a healthy start by what it left for a full prefill chunk. No I/O: every figure comes from the plan.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from safelaunch.core import hardware, ledger, remedies

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
    evidence: ledger.Ledger | None = None,
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
        ledger=ledger.carried_to(evidence, flags) if evidence else None,
        estimates=ledger_estimates(plan, host, policy_source, flags),
        planned_by_tp={
            tp: f
            for tp in candidates
            if tp > int(flags.get("tp") or 1)
            and (f := planner_estimates(plan, host, policy_source, {**flags, "tp": tp})[0]) is not None
        },
    )


def ledger_estimates(plan: Any, host: hardware.Host, policy_source: Any, flags: Mapping[str, Any]) -> ledger.Estimates:
    """The memory model's figures for the needs the log has not shown yet: the graph pool and MoE workspace
    from `core.memory`, and a full prefill chunk's activations as the post-start check budgets them."""
    activations = activation_need(plan, host, policy_source, flags)[1]
    info = getattr(plan, "info", None)
    graphs = workspace = 0
    if info is not None:
        try:
            from safelaunch.core import memory

            est = memory.estimate(info, host, flags, dict(getattr(plan, "env", {}) or {}))
            graphs, workspace = int(est.cuda_graph_bytes), int(est.moe_workspace_bytes or 0)
        except Exception:
            pass
    moe = bool(getattr(info, "is_moe", False))
    return ledger.Estimates(graphs, workspace, activations, int(host.min_memory_total or 0), moe)


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
    if not available or (via_engine_cmd and not host.gpus):
        return None
    chunk, need = activation_need(plan, host, policy_source, flags)
    if need <= 0 or available >= need:
        return None
    return remedies.Failure(
        "low_runtime_headroom",
        "ready",
        {"tried_bytes": need, "free_bytes": int(available), "chunk": chunk},
        f"start-up left {available / 2**30:.2f} GiB (available_gpu_mem) for activations; a {chunk}-token "
        f"prefill chunk is budgeted {need / 2**30:.2f} GiB",
    )


def activation_need(plan: Any, host: hardware.Host, policy_source: Any, flags: Mapping[str, Any]) -> tuple[int, int]:
    """(tokens of one full prefill chunk per rank, the bytes budgeted for its activations; 0: no check)."""
    margin = float(getattr(policy_source, "runtime_activation_margin", RUNTIME_ACTIVATION_MARGIN) or 0)
    if margin <= 0:
        return 0, 0
    from safelaunch.core import memory

    tp = int(flags.get("tp") or 1)
    chunk = flags.get("chunked-prefill-size")
    if not chunk:
        chunk = memory.tier_defaults(host.min_memory_total / 2**20, tp)[0]
    chunk = int(chunk)
    if chunk <= 0:
        return 0, 0
    info = getattr(plan, "info", None)
    if info is not None:
        sized = {**flags, "chunked-prefill-size": chunk}
        chunk = memory.prefill_chunk_tokens(info, sized, host.min_memory_total)  # per DP-attention rank
        need = int(memory.prefill_activation_bytes(info, sized, host.min_memory_total) * margin)
    else:
        if flags.get("enable-dp-attention") and int(flags.get("dp") or 1) > 1:
            chunk = max(1, chunk // int(flags["dp"]))
        need = int(memory.activation_bytes(chunk) * RUNTIME_ACTIVATION_SHARE)
    return chunk, need


def default_fraction(host: hardware.Host, tp: int) -> float:
    try:
        from safelaunch.core import memory

        return float(memory.default_mem_fraction(host.min_memory_total, tp))
    except Exception:
        return 0.88


def ledger_start(
    evidence: ledger.Ledger | None, plan: Any, host: hardware.Host, policy_source: Any, flags: Mapping[str, Any]
) -> ledger.Fit | None:
    """The fraction earlier attempts' ledgers say fits these flags (None: no figures for this layout)."""
    if not evidence:
        return None
    carried = ledger.carried_to(evidence, flags)
    if not carried:
        return None
    policy = remedies.RemedyPolicy.from_policy(policy_source)
    est = ledger_estimates(plan, host, policy_source, flags)
    found = remedies.policy_fit(policy, carried, est)
    return found if found is not None and found.fits else None


def ledger_view(
    evidence: ledger.Ledger | None, plan: Any, host: hardware.Host, policy_source: Any, flags: Mapping[str, Any]
) -> dict[str, Any]:
    """`plan --json`'s ledger: the recorded evidence for this layout, and its sum at the highest fraction that
    fits; without evidence, the memory model's own ledger (every figure an estimate)."""
    policy = remedies.RemedyPolicy.from_policy(policy_source)
    est = ledger_estimates(plan, host, policy_source, flags)
    carried = ledger.carried_to(evidence, flags) if evidence else None
    source = "recorded attempts"
    if not carried:
        carried, source = model_ledger(plan, host, flags), "the memory model (no attempt recorded)"
    found = remedies.policy_fit(policy, carried, est)  # as `ledger_start` fits it: plan shows serve's answer
    return {"source": source, "evidence": carried.to_json(), "fit": found.to_json() if found else None}


def model_ledger(plan: Any, host: hardware.Host, flags: Mapping[str, Any]) -> ledger.Ledger:
    """One GPU as `core.memory` sees it, in the ledger's terms (every figure an estimate)."""
    info = getattr(plan, "info", None)
    if info is None:
        return ledger.Ledger()
    from safelaunch.core import memory

    try:
        est = memory.estimate(info, host, flags, dict(getattr(plan, "env", {}) or {}))
    except Exception:
        return ledger.Ledger()
    fig = lambda n, why: ledger.Figure(int(n), ledger.ESTIMATE, why)  # noqa: E731
    rank = ledger.RankLedger(
        "",
        total=fig(est.gpu_total_bytes, "the GPU's total memory"),
        free_before_weights=fig(est.pre_load_bytes, "total - CUDA context - NCCL (memory model)"),
        weights=fig(est.weights_bytes, "the checkpoint's share of this GPU"),
        free_after_weights=fig(est.pre_load_bytes - est.weights_bytes, "free before - weights"),
    )
    return ledger.Ledger((rank,), ledger.shape_of(flags))
