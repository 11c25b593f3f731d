"""What a model occupies on one GPU: its weights and its KV cache per token, at a parallel layout.

These are the `weights` and `KV` terms of SGLang's model of one GPU (see `budget`): the checkpoint's bytes
split into attention, experts and the rest and sharded by TP / EP, the per-token KV cache (MLA, GQA, hybrid
and hinted caches), SGLang's KV pool at a fraction, and the fraction below which the weights alone fill the
static budget. The small readers of a plan's integer flags that the other memory modules share live here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from safelaunch.core.model_families import SWA_FULL_TOKENS_RATIO
from safelaunch.core.models import DTYPE_BYTES, ModelInfo

MIB = 2**20
GIB = 2**30

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


def int_flag(flags: Mapping[str, Any], key: str, default: int) -> int:
    """An integer flag of a plan; unset, false or "auto" -> `default`."""
    v = flags.get(key)
    if v is None or v is False or v == "auto":
        return default
    return int(v)


def attention_tp(flags: Mapping[str, Any]) -> int:
    """TP size of the attention layers: tp, or tp / dp with DP attention (each DP rank holds its own KV)."""
    tp = int_flag(flags, "tp", 1)
    if flags.get("enable-dp-attention"):
        return max(1, tp // max(1, int_flag(flags, "dp", 1)))
    if flags.get("attn-dp-size"):
        return max(1, tp // max(1, int_flag(flags, "attn-dp-size", 1)))
    return tp


def opt_int_flag(flags: Mapping[str, Any], key: str) -> int | None:
    """An integer flag of a plan, or None when unset or "auto"."""
    v = flags.get(key)
    return None if v is None or v == "auto" else int(v)


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
    base = DTYPE_BYTES.get(model.dtype, 2.0)
    stored = stored_bytes = DTYPE_BYTES.get(model.expert_dtype or model.dtype, base)
    if model.split_bytes:  # priced by group from config.json already (core.model_families)
        attn, experts, other = (float(x) for x in model.split_bytes)
        base = stored = 1.0
    else:
        attn, experts, other = _param_split(model)
    weighted = attn * base + experts * stored + other * base
    if weighted <= 0:
        return model.weight_bytes, 0, 0
    scale = model.weight_bytes / weighted
    a = attn * base * scale
    e = experts * stored * scale
    o = other * base * scale
    if expert_dtype and expert_dtype != (model.expert_dtype or model.dtype):
        e *= DTYPE_BYTES.get(expert_dtype, stored_bytes) / stored_bytes
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
    - Sliding-window layers SGLang keeps in its SWA pool (Llama 4, gpt-oss) count at its 0.8 token ratio.
    - "auto" is the checkpoint's declared KV dtype (an FP8 KV scheme) when it has one, else 16-bit.
    """
    if str(kv_cache_dtype).lower() == "auto" and model.kv_cache_dtype:
        kv_cache_dtype = model.kv_cache_dtype
    elem = KV_DTYPE_BYTES.get(str(kv_cache_dtype).lower(), 2.0)
    if model.kv_bytes_per_token_hint:
        return int(model.kv_bytes_per_token_hint)
    layers = model.kv_layer_count + SWA_FULL_TOKENS_RATIO * model.swa_layers
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
