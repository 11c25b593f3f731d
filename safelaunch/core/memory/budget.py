"""The memory estimate: one GPU's budget for a model on a host under a set of flags, and the fractions it implies.

SGLang's own model of one GPU (reference/sglang.md §2.1-2.2):

    pre   = free memory before the weights load (after CUDA context and NCCL init)
    f     = --mem-fraction-static
    KV    = (pre - weights) - pre * (1 - f)        # kv_cache_configurator._profile_available_bytes
    left  = pre * (1 - f)                          # for CUDA graphs, activations, MoE workspaces

So a lower f leaves more for graph capture and MoE workspaces (the fix for those OOMs) and a higher f gives a
bigger KV pool (the fix for "Not enough memory ... increase --mem-fraction-static"). Everything here is in
bytes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from safelaunch.core.hardware import Host
from safelaunch.core.memory.activations import moe_workspace_bytes
from safelaunch.core.memory.footprint import (
    GIB,
    MIB,
    attention_tp,
    int_flag,
    kv_bytes_per_token,
    kv_pool_bytes,
    min_fraction_for_weights,
    opt_int_flag,
    weight_bytes_per_gpu,
)
from safelaunch.core.memory.sglang_reserves import (
    activation_bytes,
    cuda_graph_bytes,
    default_fraction_for,
    tier_defaults,
)
from safelaunch.core.models import ModelInfo

# Free memory SGLang sees before loading weights, below what NVML reports free on an idle GPU: the CUDA
# context and torch (~0.5 GiB), plus NCCL / custom all-reduce buffers when tp > 1 (~1.5 GiB). Calibrated on
# the one real pair we have: 8x H200 (143771 MiB), TP 8, "Load weight end ... avail mem=12.25 GB, mem
# usage=125.65 GB" => pre = 137.90 GiB, i.e. 2.5 GiB under the 140.4 GiB total (corpus inferencex-issue-2128-a).
CONTEXT_OVERHEAD_BYTES = 512 * MIB
DISTRIBUTED_OVERHEAD_BYTES = 1536 * MIB
# SGLang's --mamba-full-memory-ratio default: hybrid linear-attention / Mamba models split the pool so that
# state memory / full KV memory = 0.9 (model_runner_kv_cache_mixin), so the KV cache gets 1 / 1.9 of it.
MAMBA_FULL_MEMORY_RATIO = 0.9


@dataclass(frozen=True)
class MemoryEstimate:
    """One GPU's budget under a set of flags; bytes throughout, `fraction` as SGLang takes it."""

    gpu_total_bytes: int
    pre_load_bytes: int  # free when the weights start loading
    tp: int
    attn_tp: int
    weights_bytes: int
    fraction: float
    fraction_source: str  # "flags" | "sglang-default"
    sglang_default_fraction: float
    kv_cache_dtype: str
    kv_bytes_per_token: int
    kv_pool_bytes: int
    kv_tokens: int
    runtime_bytes: int  # pre * (1 - f): what graphs, activations and workspaces must fit in
    cuda_graph_bytes: int
    activation_bytes: int
    moe_workspace_bytes: int
    headroom_bytes: int  # runtime_bytes minus the three reserves; negative predicts an OOM after the KV pool
    chunked_prefill_size: int
    cuda_graph_max_bs: int
    weights_fit: bool
    notes: tuple[str, ...] = field(default=())
    state_pool_bytes: int = 0  # the linear-attention / Mamba state pool carved from the KV pool
    vision_activation_bytes: int = 0  # the vision tower's transient memory for one image batch

    @property
    def fits(self) -> bool:
        return self.weights_fit and self.kv_tokens > 0 and self.headroom_bytes >= 0

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["notes"] = list(self.notes)
        d["fits"] = self.fits
        return d


def pre_load_bytes(host: Host, tp: int) -> int:
    """Free memory per GPU when SGLang starts loading weights (the smallest over the GPUs it will use)."""
    gpus = host.gpus[: max(1, tp)] or host.gpus
    free = min((g.memory_free for g in gpus), default=0)
    return max(0, free - CONTEXT_OVERHEAD_BYTES - (DISTRIBUTED_OVERHEAD_BYTES if tp > 1 else 0))


def expert_dtype_for(model: ModelInfo, env: Mapping[str, str] | None) -> str | None:
    """The dtype experts take once loaded: DeepSeek-V4's FP4 experts load as FP8 with SGLANG_DSV4_FP4_EXPERTS=0."""
    if model.expert_dtype == "fp4" and (env or {}).get("SGLANG_DSV4_FP4_EXPERTS") == "0":
        return "fp8"
    return None


def estimate(
    model: ModelInfo, host: Host, flags: Mapping[str, Any], env: Mapping[str, str] | None = None
) -> MemoryEstimate:
    """Per-GPU memory for `model` on `host` launched with `flags` (canonical names; see planner)."""
    tp = int_flag(flags, "tp", 1)
    ep = int_flag(flags, "ep", 1)
    attn_tp = attention_tp(flags)
    dp_attn = int_flag(flags, "dp", 1) if flags.get("enable-dp-attention") else 1
    total = host.min_memory_total
    pre = pre_load_bytes(host, tp)
    notes: list[str] = []
    exp_dtype = expert_dtype_for(model, env)
    if exp_dtype:
        notes.append("experts load as FP8 (SGLANG_DSV4_FP4_EXPERTS=0): twice their FP4 size")
    weights = weight_bytes_per_gpu(model, tp, ep, attn_tp=attn_tp, expert_dtype=exp_dtype)
    default_f = default_fraction_for(model, total, flags)
    user_f = flags.get("mem-fraction-static")
    fraction = float(user_f) if user_f not in (None, "auto") else default_f
    kv_dtype = str(flags.get("kv-cache-dtype") or "auto")
    per_token = kv_bytes_per_token(model, tp, kv_dtype, attn_tp=attn_tp)
    pool = kv_pool_bytes(fraction, pre, weights)
    state_pool = 0
    if model.state_bytes_per_request and pool > 0:
        state_pool = int(pool * MAMBA_FULL_MEMORY_RATIO / (1 + MAMBA_FULL_MEMORY_RATIO))
        per_request = max(1, model.state_bytes_per_request // max(1, attn_tp))
        notes.append(
            f"{state_pool / GIB:.1f} GiB of the pool holds linear-attention / Mamba state "
            f"({per_request / MIB:.1f} MiB per running request: {state_pool // per_request:,} requests; "
            f"SGLang's --mamba-full-memory-ratio {MAMBA_FULL_MEMORY_RATIO})"
        )
    tokens = max(0, pool - state_pool) // per_token if per_token else 0
    chunked_default, bs_default = tier_defaults(total / MIB if total else None, tp)
    chunked = opt_int_flag(flags, "chunked-prefill-size") or chunked_default
    max_bs = opt_int_flag(flags, "cuda-graph-max-bs") or bs_default
    mrr = opt_int_flag(flags, "max-running-requests")
    if flags.get("cuda-graph-max-bs") in (None, "auto") and mrr is not None:
        max_bs = min(max_bs, mrr)
    graphs = cuda_graph_bytes(max_bs, dp_attn, bool(flags.get("disable-cuda-graph")))
    acts = activation_bytes(chunked)
    moe_tp = 1 if (ep > 1 or flags.get("moe-a2a-backend") not in (None, "none")) else tp
    workspace = moe_workspace_bytes(model, chunked, moe_tp)
    runtime = int(pre * (1.0 - fraction))
    vision = model.vision_activation_bytes
    headroom = runtime - graphs - acts - workspace - vision
    if vision:
        notes.append(f"vision tower: {vision / GIB:.2f} GiB of activations per image batch (outside SGLang's reserve)")
    notes.extend(model.estimate_notes)
    weights_fit = weights < pre * fraction
    if not weights_fit:
        notes.append(
            f"weights ({weights / GIB:.1f} GiB per GPU) do not fit in the static budget "
            f"({pre * fraction / GIB:.1f} GiB at fraction {fraction:.3f}); a larger TP is needed"
        )
    elif tokens <= 0:
        notes.append(
            f"no room for a KV pool at fraction {fraction:.3f}; minimum viable "
            f"{min_fraction_for_weights(pre, weights):.3f}"
        )
    if model.kv_bytes_per_token_hint:
        notes.append("KV bytes per token is the catalogue's estimate for this architecture's compressed cache")
    if model.kv_layers is not None and model.kv_layers < model.num_layers:
        notes.append(
            f"only {model.kv_layers} of {model.num_layers} layers keep a per-token KV cache"
            + ("" if model.state_bytes_per_request else "; the linear-attention state per request is not counted")
        )
    return MemoryEstimate(
        gpu_total_bytes=total,
        pre_load_bytes=pre,
        tp=tp,
        attn_tp=attn_tp,
        weights_bytes=weights,
        fraction=round(fraction, 3),
        fraction_source="flags" if user_f not in (None, "auto") else "sglang-default",
        sglang_default_fraction=default_f,
        kv_cache_dtype=kv_dtype,
        kv_bytes_per_token=per_token,
        kv_pool_bytes=max(0, pool - state_pool),
        kv_tokens=int(tokens),
        runtime_bytes=runtime,
        cuda_graph_bytes=graphs,
        activation_bytes=acts,
        moe_workspace_bytes=workspace,
        headroom_bytes=headroom,
        chunked_prefill_size=chunked,
        cuda_graph_max_bs=max_bs,
        weights_fit=weights_fit,
        notes=tuple(notes),
        state_pool_bytes=state_pool,
        vision_activation_bytes=vision,
    )


def fraction_for_headroom(est: MemoryEstimate, margin_bytes: int) -> float:
    """The largest fraction that leaves the estimated graph + activation + workspace reserve plus a margin."""
    need = est.cuda_graph_bytes + est.activation_bytes + est.moe_workspace_bytes + margin_bytes
    if est.pre_load_bytes <= 0:
        return 0.0
    return 1.0 - need / est.pre_load_bytes


def fraction_to_free(fraction: float, deficit_bytes: int, pre_load_bytes: int, margin_bytes: int = 0) -> float:
    """The fraction that leaves `deficit_bytes` (+ margin) more outside the static pool, for an OOM after the
    KV pool is sized (graph capture, MoE workspace): the slack is pre * (1 - f), so each byte is 1/pre of f.
    Use the OOM's tried-minus-free as the deficit; the caller bounds the result by the policy's floor."""
    if pre_load_bytes <= 0:
        return fraction
    return round(fraction - (max(0, deficit_bytes) + max(0, margin_bytes)) / pre_load_bytes, 3)
