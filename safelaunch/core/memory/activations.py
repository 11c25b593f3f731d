"""Serving activations per model: what one forward allocates outside the static pool, per token and per chunk.

SGLang reserves a flat 1.5 MiB per chunked-prefill token for activations; the need really depends on the
model's width on one GPU. This is safelaunch's per-model estimate of it (and of the fused-MoE workspace),
which the planner's headroom check and the supervisor's post-start check ask for.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from safelaunch.core.memory.footprint import MIB, attention_tp, int_flag, opt_int_flag
from safelaunch.core.memory.sglang_reserves import tier_defaults
from safelaunch.core.models import ModelInfo

# What one forward allocates outside the static pool (weights + KV) and frees after. SGLang's default fraction
# reserves ACT_RESERVE_PER_TOKEN per chunked-prefill token for this (`activation_bytes`); the real need depends
# on the model's width on one GPU. Per token:
#   ACT_HIDDEN_COPIES hidden-size bf16 buffers alive at the peak (residual, norm output, attention output, MLP
#   output), the attention projections at the attention TP (q + o, k, v), the dense MLP at the TP (gate+up,
#   activation: 3 x intermediate), the router logits (fp32 over all experts) and the top-k routed slots'
#   intermediate (the fused-MoE workspace holds the rest, allocated at warm-up);
# plus ACT_FORWARD_FIXED once per forward (sampling metadata, positions, out_cache_loc, the allocator's
# rounding). The vocabulary's logits are NOT per token: SGLang's LogitsProcessor prunes a prefill to each
# request's last token unless the request asks for input logprobs (logits_processor.py, "Prefill without input
# logprobs"). Measured on a real H200 with PyTorch's allocator (benchmarks/gpu/activations.py,
# docs/gpu-results/h200-activations-2026-11-30.json): 110 KiB/token for Qwen3-8B at TP 1, 240 KiB for
# Llama-3.1-70B, 20-45 KiB at TP 8; this model gives 1.1-2.2x those (cautious, never below). A request with
# input logprobs over a long prompt needs about `vocab x 8 / tp` bytes per token more (fp32 logits and their
# log-softmax; measured ~1 MiB/token at TP 1): a server that takes such requests needs the policy's
# `runtime_activation_margin` raised. The old model counted those logits for every token and was 4-10x the
# measured need of ordinary generation; the post-start check now also asks a full chunk instead of trusting it.
ACT_RESERVE_PER_TOKEN = int(1.5 * MIB)
ACT_HIDDEN_COPIES = 4
ACT_FORWARD_FIXED = 256 * MIB
ACT_SHARE_MAX = 1.0  # never more than SGLang's own per-token reserve


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
    """Transient bytes one prefill token of a forward needs on one GPU (the model above; not rounded)."""
    w = local_widths(model, tp, ep, attn_tp)
    hidden = ACT_HIDDEN_COPIES * model.hidden_size * 2
    attention = (2 * w.attn_width_local + 2 * w.kv_width_local) * 2
    dense = 3 * w.dense_inter_local * 2
    moe = (w.num_experts * 4 + w.topk * 2 * w.moe_n_local * 2) if model.is_moe else 0
    raw = hidden + attention + max(dense, moe)
    return min(raw, ACT_SHARE_MAX * ACT_RESERVE_PER_TOKEN)


def activation_bytes_per_token(model: ModelInfo, tp: int, ep: int = 1, attn_tp: int | None = None) -> int:
    """`activation_per_token` in whole bytes (rounded up)."""
    return math.ceil(activation_per_token(model, tp, ep, attn_tp))


def prefill_chunk_tokens(model: ModelInfo, flags: Mapping[str, Any], gpu_mem_bytes: int | None) -> int:
    """The most prefill tokens one forward runs on one rank: the chunk (SGLang's tier default when unset; per
    DP-attention rank), or the whole context when chunked prefill is off."""
    tp = int_flag(flags, "tp", 1)
    context = int_flag(flags, "context-length", 0) or model.max_position_embeddings
    chunk = opt_int_flag(flags, "chunked-prefill-size")
    if chunk is None:
        chunk = tier_defaults(gpu_mem_bytes / MIB if gpu_mem_bytes else None, tp)[0]
    if chunk <= 0:
        chunk = context
    dp_attn = int_flag(flags, "dp", 1) if flags.get("enable-dp-attention") else 1
    return max(1, min(chunk // max(1, dp_attn), context))


def prefill_activation_bytes(model: ModelInfo, flags: Mapping[str, Any], gpu_mem_bytes: int | None) -> int:
    """What a full prefill chunk's forward needs on one rank: `prefill_chunk_tokens` x the per-token model, plus
    what a forward needs whatever its length (`ACT_FORWARD_FIXED`)."""
    tp = int_flag(flags, "tp", 1)
    per_token = activation_per_token(model, tp, int_flag(flags, "ep", 1), attention_tp(flags))
    return math.ceil(prefill_chunk_tokens(model, flags, gpu_mem_bytes) * per_token) + ACT_FORWARD_FIXED


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
