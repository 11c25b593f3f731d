"""Memory estimate per GPU, pure: weights, KV cache per token, SGLang's default fraction, and what is left.

SGLang's own model of one GPU (reference/sglang.md §2.1-2.2):

    pre   = free memory before the weights load (after CUDA context and NCCL init)
    f     = --mem-fraction-static
    KV    = (pre - weights) - pre * (1 - f)        # kv_cache_configurator._profile_available_bytes
    left  = pre * (1 - f)                          # for CUDA graphs, activations, MoE workspaces

So a lower f leaves more for graph capture and MoE workspaces (the fix for those OOMs) and a higher f gives a
bigger KV pool (the fix for "Not enough memory ... increase --mem-fraction-static"). Everything here is in
bytes except where SGLang itself works in MiB (its default-fraction heuristic), which is said at the spot.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from safelaunch.core.hardware import Host
from safelaunch.core.models import DTYPE_BYTES, ModelInfo

MIB = 2**20
GIB = 2**30

# Free memory SGLang sees before loading weights, below what NVML reports free on an idle GPU: the CUDA
# context and torch (~0.5 GiB), plus NCCL / custom all-reduce buffers when tp > 1 (~1.5 GiB). Calibrated on
# the one real pair we have: 8x H200 (143771 MiB), TP 8, "Load weight end ... avail mem=12.25 GB, mem
# usage=125.65 GB" => pre = 137.90 GiB, i.e. 2.5 GiB under the 140.4 GiB total (corpus inferencex-issue-2128-a).
CONTEXT_OVERHEAD_BYTES = 512 * MIB
DISTRIBUTED_OVERHEAD_BYTES = 1536 * MIB

# --kv-cache-dtype -> bytes per element; "auto" means the model's activation dtype (bf16 for every FP8/FP4
# checkpoint here, since their torch_dtype is bfloat16). FP4 caches carry a block scale: ~0.5625 bytes.
KV_DTYPE_BYTES = {
    "auto": 2.0,
    "bf16": 2.0,
    "bfloat16": 2.0,
    "fp16": 2.0,
    "float16": 2.0,
    "fp8_e4m3": 1.0,
    "fp8_e5m2": 1.0,
    "fp8": 1.0,
    "mxfp8": 1.0,
    "nvfp4": 0.5625,
    "fp4_mx_block16": 0.5625,
}


# --------------------------------------------------------------------------- parallel layout


def _int(flags: Mapping[str, Any], key: str, default: int) -> int:
    v = flags.get(key)
    if v is None or v is False or v == "auto":
        return default
    return int(v)


def attention_tp(flags: Mapping[str, Any]) -> int:
    """TP size of the attention layers: tp, or tp / dp with DP attention (each DP rank holds its own KV)."""
    tp = _int(flags, "tp", 1)
    if flags.get("enable-dp-attention"):
        return max(1, tp // max(1, _int(flags, "dp", 1)))
    if flags.get("attn-dp-size"):
        return max(1, tp // max(1, _int(flags, "attn-dp-size", 1)))
    return tp


# --------------------------------------------------------------------------- weights


def _param_split(model: ModelInfo) -> tuple[float, float, float]:
    """(attention+embedding, expert, other dense) parameter counts, used only for their proportions."""
    h = model.hidden_size
    if model.is_mla or model.architecture.startswith("DeepseekV4"):
        # Low-rank (latent) q/kv/o projections: about one h x heads x head_dim matrix per layer (DeepSeek-V3:
        # 176M against 187M counted from its config).
        attn_layer = h * model.num_attention_heads * model.head_dim
    else:
        attn_layer = 2 * h * model.num_attention_heads * model.head_dim + 2 * h * model.num_kv_heads * model.head_dim
    attn = model.num_layers * attn_layer + 2 * model.vocab_size * h
    if model.is_moe and model.moe_intermediate_size:
        moe_layers = model.num_layers - model.first_dense_layers
        experts = moe_layers * (model.num_experts or 0) * 3 * h * model.moe_intermediate_size
        other = moe_layers * model.num_shared_experts * 3 * h * model.moe_intermediate_size
        other += model.first_dense_layers * 3 * h * model.intermediate_size
        return float(attn), float(experts), float(other)
    return float(attn), 0.0, float(model.num_layers * 3 * h * model.intermediate_size)


def weight_split_bytes(model: ModelInfo, expert_dtype: str | None = None) -> tuple[int, int, int]:
    """The checkpoint's bytes as (attention+embeddings, experts, other), scaled to the real checkpoint size.

    Experts stored at another dtype (DeepSeek-V4: FP4 experts, FP8 rest) are weighted by their bytes per
    parameter; `expert_dtype` overrides what they take once loaded (SGLANG_DSV4_FP4_EXPERTS=0 on Hopper
    loads them as FP8, doubling them).
    """
    attn, experts, other = _param_split(model)
    base = DTYPE_BYTES.get(model.dtype, 2.0)
    stored = DTYPE_BYTES.get(model.expert_dtype or model.dtype, base)
    weighted = attn * base + experts * stored + other * base
    if weighted <= 0:
        return model.weight_bytes, 0, 0
    scale = model.weight_bytes / weighted
    a = attn * base * scale
    e = experts * stored * scale
    o = other * base * scale
    if expert_dtype and expert_dtype != (model.expert_dtype or model.dtype):
        e *= DTYPE_BYTES.get(expert_dtype, stored) / stored
    return int(a), int(e), int(o)


def weight_bytes_per_gpu(
    model: ModelInfo, tp: int, ep: int = 1, *, attn_tp: int | None = None, expert_dtype: str | None = None
) -> int:
    """Bytes of weights on one GPU at TP `tp`.

    SGLang shards attention heads, vocab-parallel embeddings and dense MLPs by TP; experts are split either by
    EP (whole experts per rank) or by the remaining MoE-TP (tp / ep) inside each expert, so each GPU holds
    experts / tp either way when ep divides tp. With DP attention, attention runs at tp / dp and its weights are
    replicated across the DP ranks, so they count at `attn_tp`.
    """
    tp = max(1, tp)
    a, e, o = weight_split_bytes(model, expert_dtype)
    return int(a / max(1, attn_tp or tp) + e / max(tp, ep) + o / tp)


# --------------------------------------------------------------------------- KV cache


def kv_bytes_per_token(model: ModelInfo, tp: int, kv_cache_dtype: str = "auto", *, attn_tp: int | None = None) -> int:
    """Bytes one token of KV cache takes on one GPU.

    - MLA (DeepSeek-V2/V3/R1): SGLang's MLA pool stores the latent plus the rope key, `(kv_lora_rank +
      qk_rope_head_dim)` elements per layer, and every TP rank holds all of it (one latent "head"), so TP
      does not divide it.
    - MHA/GQA: K and V of `max(1, num_kv_heads // attn_tp)` heads of `head_dim` per layer on each rank
      (SGLang's `get_num_kv_heads`: KV heads are replicated once TP exceeds them).
    - Hybrid models count only their full-attention layers (`kv_layers`); models with a cache no formula here
      describes (DeepSeek-V4's compressed attention) carry an explicit per-token figure.
    """
    elem = KV_DTYPE_BYTES.get(str(kv_cache_dtype).lower(), 2.0)
    if model.kv_bytes_per_token_hint:
        return int(model.kv_bytes_per_token_hint)
    layers = model.kv_layer_count
    if model.is_mla:
        return int(((model.kv_lora_rank or 0) + (model.qk_rope_head_dim or 0)) * layers * elem)
    heads = max(1, model.num_kv_heads // max(1, attn_tp or tp))
    return int(2 * heads * model.head_dim * layers * elem)


def kv_pool_bytes(fraction: float, pre_load_bytes: int, weights_bytes: int) -> int:
    """SGLang's KV pool size: free after weights minus the non-static slack pre * (1 - f); <= 0 fails."""
    return int((pre_load_bytes - weights_bytes) - pre_load_bytes * (1.0 - fraction))


def min_fraction_for_weights(pre_load_bytes: int, weights_bytes: int) -> float:
    """The fraction under which the weights alone use the whole static budget (SGLang: 1 - available/pre)."""
    return 1.0 - (pre_load_bytes - weights_bytes) / pre_load_bytes


# --------------------------------------------------------------------------- SGLang's default fraction


def tier_defaults(gpu_mem_mib: float | None, tp: int) -> tuple[int, int]:
    """SGLang's (chunked_prefill_size, decode cuda-graph max bs) by GPU memory in MiB (reference §2.1, 0.5.23).

    0.5.10 differs only in the 20-35 GiB tier (2048, 24/80); its other tiers are the same.
    """
    if gpu_mem_mib is None:
        return 4096, 160
    if gpu_mem_mib < 20 * 1024:
        return 2048, 8
    if gpu_mem_mib < 35 * 1024:
        return 4096, 48 if tp < 4 else 160
    if gpu_mem_mib < 60 * 1024:
        return 4096, 32 if tp < 4 else 160
    if gpu_mem_mib < 160 * 1024:
        return 8192, 256 if tp < 4 else 512
    return 16384, 512


def prefill_graph_sizes(max_tokens: int) -> list[int]:
    """The token counts SGLang captures prefill (piecewise/breakable) graphs for, up to `max_tokens`."""
    sizes = (
        list(range(4, 33, 4))
        + list(range(48, 257, 16))
        + list(range(288, 513, 32))
        + list(range(576, 1025, 64))
        + list(range(1280, 4097, 256))
        + list(range(4608, max_tokens + 1, 512))
    )
    return [s for s in sizes if s <= max_tokens]


def default_mem_fraction(
    gpu_mem_bytes: int | None,
    tp: int,
    *,
    pp: int = 1,
    chunked_prefill_size: int | None = None,
    cuda_graph_max_bs: int | None = None,
    max_running_requests: int | None = None,
    mla: bool = False,
    dp_attention_size: int = 1,
    cuda_graph_disabled: bool = False,
    prefill_graph: bool = True,
    deepep: bool = False,
) -> float:
    """SGLang's own `--mem-fraction-static` default (memory_hook.handle_gpu_memory_settings, 0.5.23).

    gpu_mem is nvidia-smi's memory.total in MiB (the minimum over visible GPUs); every reserve below is in
    MiB. reserved = 512 + max(chunked, 2048) * 1.5 + tp*pp/8 * 1024 + graph reserve (decode max_bs * 2; DP
    attention max_bs * dp * 3, and * 1.5 more above bs 300; prefill graphs 8 per captured size, or 1.5 GiB
    with MLA; DeepEP + breakable prefill graph 1 GiB), floored at 10 GiB on GPUs over 60 GiB, plus 2 GiB for
    DeepEP all-to-all buffers; f = round((gpu_mem - reserved) / gpu_mem, 3). Unknown memory -> 0.95.
    """
    if gpu_mem_bytes is None:
        return 0.95
    gpu_mem = gpu_mem_bytes / MIB
    chunked_default, bs_default = tier_defaults(gpu_mem, tp)
    chunked = chunked_prefill_size if chunked_prefill_size is not None else chunked_default
    max_bs = cuda_graph_max_bs
    if max_bs is None:
        max_bs = bs_default
        if max_running_requests is not None and max_bs > max_running_requests:
            max_bs = max_running_requests
    activation_tokens = max(chunked, 2048) if chunked > 0 else max(16384, 2048)
    reserved = 512 + activation_tokens * 1.5 + tp * pp / 8 * 1024
    if not cuda_graph_disabled:
        reserved += max_bs * 2
    if dp_attention_size > 1:
        reserved += max_bs * dp_attention_size * 3
        if max_bs > 300:
            reserved += max_bs * dp_attention_size * 1.5
    if prefill_graph and not cuda_graph_disabled:
        if mla:
            reserved += 1.5 * 1024
        else:
            reserved += len(prefill_graph_sizes(chunked if chunked > 0 else 8192)) * 8
        if deepep:
            reserved += 1024
    if gpu_mem > 60 * 1024:
        reserved = max(reserved, 10 * 1024)
    if deepep and not cuda_graph_disabled:
        reserved += 2 * 1024
    return round((gpu_mem - reserved) / gpu_mem, 3)


def default_fraction_for(model: ModelInfo, gpu_mem_bytes: int | None, flags: Mapping[str, Any]) -> float:
    """`default_mem_fraction` with its inputs read from a plan's flags."""
    tp = _int(flags, "tp", 1)
    return default_mem_fraction(
        gpu_mem_bytes,
        tp,
        pp=_int(flags, "pp", 1),
        chunked_prefill_size=_opt_int(flags, "chunked-prefill-size"),
        cuda_graph_max_bs=_opt_int(flags, "cuda-graph-max-bs"),
        max_running_requests=_opt_int(flags, "max-running-requests"),
        mla=model.is_mla,
        dp_attention_size=_int(flags, "dp", 1) if flags.get("enable-dp-attention") else 1,
        cuda_graph_disabled=bool(flags.get("disable-cuda-graph")),
        deepep=flags.get("moe-a2a-backend") == "deepep",
    )


def _opt_int(flags: Mapping[str, Any], key: str) -> int | None:
    v = flags.get(key)
    return None if v is None or v == "auto" else int(v)


# --------------------------------------------------------------------------- reserves SGLang leaves to the slack


def cuda_graph_bytes(max_bs: int, dp_attention_size: int = 1, disabled: bool = False) -> int:
    """SGLang's own estimate of decode-graph memory: 2 MiB per batch size slot (+3 MiB x dp with DP attention)."""
    if disabled:
        return 0
    mib = max_bs * 2.0
    if dp_attention_size > 1:
        mib += max_bs * dp_attention_size * 3 + (max_bs * dp_attention_size * 1.5 if max_bs > 300 else 0)
    return int(mib * MIB)


def activation_bytes(chunked_prefill_size: int) -> int:
    """SGLang's activation reserve: 512 MiB of metadata + 1.5 MiB per prefill token in a chunk."""
    return int((512 + max(chunked_prefill_size, 2048) * 1.5) * MIB)


# --------------------------------------------------------------------------- serving activations (per model)

# What one forward allocates outside the static pool (weights + KV) and frees after. SGLang's default fraction
# reserves ACT_RESERVE_PER_TOKEN per chunked-prefill token for this (`activation_bytes`); the real need is
# clearly less, and depends on the model's width on one GPU. Per token:
#   ACT_HIDDEN_COPIES hidden-size bf16 buffers alive at the peak (residual, norm output, attention output,
#   all-reduce in/out, MLP output, ...), the attention projections at the attention TP (q + o, k, v), the
#   dense MLP at the TP (gate+up, activation: 3 x intermediate), the router logits (fp32 over all experts)
#   and the top-k routed slots' intermediate (the fused-MoE workspace holds the rest, allocated at warm-up),
#   the logits over the vocabulary at the TP in fp32 (the LM head's output before the gather);
# plus ACT_PER_TOKEN_FLOOR for what does not scale with the model (attention-kernel workspaces, fp32 norm
# upcasts, positions / out_cache_loc / sampling metadata, the caching allocator's block rounding).
# The sum is then held within ACT_SHARE_MIN..ACT_SHARE_MAX of SGLang's 1.5 MiB reserve: for the catalogue's
# models it lands at 0.41 (DeepSeek-V4-Flash, TP 8) ... 0.70 (8B dense models at TP 1, whose vocabulary
# logits dominate). The simulated engine (safelaunch.sim.plan) allocates exactly this, varied by a hidden
# per-scenario +-8%; the supervisor's post-start check asks for it with a margin over that variation.
ACT_RESERVE_PER_TOKEN = int(1.5 * MIB)
ACT_HIDDEN_COPIES = 10
ACT_PER_TOKEN_FLOOR = 450 * 1024
ACT_SHARE_MIN = 0.40
ACT_SHARE_MAX = 0.70


@dataclass(frozen=True)
class LocalWidths:
    """A model's layer widths on one GPU at a parallel layout (elements, not bytes)."""

    attn_width_local: int  # query heads x head dim on this GPU (attention TP)
    kv_width_local: int  # KV heads x head dim on this GPU (at least one head)
    dense_inter_local: int  # the dense MLP's intermediate at the TP
    moe_n_local: int  # one expert's width on this GPU (SGLang's fused-MoE N); 0 for dense models
    experts_local: int  # routed experts held on this GPU (EP)
    num_experts: int  # all routed experts (the router's logits cover every one)
    topk: int


def local_widths(model: ModelInfo, tp: int, ep: int = 1, attn_tp: int | None = None) -> LocalWidths:
    """The per-GPU widths at TP `tp`, EP `ep` and attention TP `attn_tp` (tp unless DP attention splits it)."""
    attn_tp = max(1, attn_tp or tp)
    moe_tp = max(1, tp // max(1, ep))
    return LocalWidths(
        attn_width_local=max(1, model.num_attention_heads // attn_tp) * model.head_dim,
        kv_width_local=max(1, model.num_kv_heads // attn_tp) * model.head_dim,
        dense_inter_local=max(1, model.intermediate_size // max(1, tp)),
        moe_n_local=(model.moe_intermediate_size or 0) // moe_tp,
        experts_local=max(1, (model.num_experts or 1) // max(1, ep)),
        num_experts=model.num_experts or 0,
        topk=model.num_experts_per_tok or 0,
    )


def activation_per_token(model: ModelInfo, tp: int, ep: int = 1, attn_tp: int | None = None) -> float:
    """Transient bytes one token of a forward needs on one GPU (the model above, clamped; not rounded)."""
    w = local_widths(model, tp, ep, attn_tp)
    hidden = ACT_HIDDEN_COPIES * model.hidden_size * 2
    attention = (2 * w.attn_width_local + 2 * w.kv_width_local) * 2
    dense = 3 * w.dense_inter_local * 2
    moe = (w.num_experts * 4 + w.topk * 2 * w.moe_n_local * 2) if model.is_moe else 0
    logits = model.vocab_size * 4 // max(1, tp)
    raw = ACT_PER_TOKEN_FLOOR + hidden + attention + max(dense, moe) + logits
    low, high = ACT_SHARE_MIN * ACT_RESERVE_PER_TOKEN, ACT_SHARE_MAX * ACT_RESERVE_PER_TOKEN
    return min(max(raw, low), high)


def activation_bytes_per_token(model: ModelInfo, tp: int, ep: int = 1, attn_tp: int | None = None) -> int:
    """`activation_per_token` in whole bytes (rounded up)."""
    return math.ceil(activation_per_token(model, tp, ep, attn_tp))


def prefill_chunk_tokens(model: ModelInfo, flags: Mapping[str, Any], gpu_mem_bytes: int | None) -> int:
    """The most prefill tokens one forward runs on one rank: the chunk (SGLang's tier default when unset; per
    DP-attention rank), or the whole context when chunked prefill is off."""
    tp = _int(flags, "tp", 1)
    context = _int(flags, "context-length", 0) or model.max_position_embeddings
    chunk = _opt_int(flags, "chunked-prefill-size")
    if chunk is None:
        chunk = tier_defaults(gpu_mem_bytes / MIB if gpu_mem_bytes else None, tp)[0]
    if chunk <= 0:
        chunk = context
    dp_attn = _int(flags, "dp", 1) if flags.get("enable-dp-attention") else 1
    return max(1, min(chunk // max(1, dp_attn), context))


def prefill_activation_bytes(model: ModelInfo, flags: Mapping[str, Any], gpu_mem_bytes: int | None) -> int:
    """What a full prefill chunk's forward needs on one rank: `prefill_chunk_tokens` x the per-token model."""
    tp = _int(flags, "tp", 1)
    per_token = activation_per_token(model, tp, _int(flags, "ep", 1), attention_tp(flags))
    return math.ceil(prefill_chunk_tokens(model, flags, gpu_mem_bytes) * per_token)


def moe_workspace_bytes(model: ModelInfo, tokens: int, moe_tp: int) -> int:
    """A heuristic for the fused-MoE workspace that SGLang's heuristic does not reserve (reference §1.7).

    Routed activations for one forward: tokens x top-k x (gate+up at N = moe_intermediate / moe_tp, plus the
    hidden output) in fp32. For DeepSeek-V4-Flash at 8192 tokens and MoE-TP 1 it gives 1.5 GiB, the size of
    the FlashInfer MoE workspace that failed on 8x H200 at the default fraction (1.34 GiB needed).
    """
    if not model.is_moe or not model.moe_intermediate_size:
        return 0
    n = model.moe_intermediate_size // max(1, moe_tp)
    return int(tokens * (model.num_experts_per_tok or 1) * (2 * n + model.hidden_size) * 4)


# --------------------------------------------------------------------------- the estimate


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
    tp = _int(flags, "tp", 1)
    ep = _int(flags, "ep", 1)
    attn_tp = attention_tp(flags)
    dp_attn = _int(flags, "dp", 1) if flags.get("enable-dp-attention") else 1
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
    tokens = max(0, pool) // per_token if per_token else 0
    chunked_default, bs_default = tier_defaults(total / MIB if total else None, tp)
    chunked = _opt_int(flags, "chunked-prefill-size") or chunked_default
    max_bs = _opt_int(flags, "cuda-graph-max-bs") or bs_default
    mrr = _opt_int(flags, "max-running-requests")
    if flags.get("cuda-graph-max-bs") in (None, "auto") and mrr is not None:
        max_bs = min(max_bs, mrr)
    graphs = cuda_graph_bytes(max_bs, dp_attn, bool(flags.get("disable-cuda-graph")))
    acts = activation_bytes(chunked)
    moe_tp = 1 if (ep > 1 or flags.get("moe-a2a-backend") not in (None, "none")) else tp
    workspace = moe_workspace_bytes(model, chunked, moe_tp)
    runtime = int(pre * (1.0 - fraction))
    headroom = runtime - graphs - acts - workspace
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
            f"only {model.kv_layers} of {model.num_layers} layers keep a per-token KV cache; "
            "the linear-attention state per request is not counted"
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
        kv_pool_bytes=max(0, pool),
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


__all__ = [
    "KV_DTYPE_BYTES",
    "MemoryEstimate",
    "activation_bytes",
    "attention_tp",
    "cuda_graph_bytes",
    "default_fraction_for",
    "default_mem_fraction",
    "estimate",
    "expert_dtype_for",
    "fraction_for_headroom",
    "fraction_to_free",
    "kv_bytes_per_token",
    "kv_pool_bytes",
    "min_fraction_for_weights",
    "moe_workspace_bytes",
    "pre_load_bytes",
    "prefill_graph_sizes",
    "tier_defaults",
    "weight_bytes_per_gpu",
    "weight_split_bytes",
]
