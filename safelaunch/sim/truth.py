"""The sim's ground truth: what a model really occupies on one GPU, computed from its config on the sim's own.

Nothing here comes from safelaunch's planner. Each size is derived the way SGLang's loaders and pools lay
the model out (0.5.10.post1 / 0.5.23 sources under research/):

- weights: parameters counted tensor by tensor from the config (attention per family: GQA, MLA, DeepSeek-V4's
  low-rank attention with its compressors and indexer; Gated DeltaNet layers; dense MLPs; routed and shared
  experts; embeddings sharded on the attention-TP group, the LM head on the TP group), each at the bytes its
  stored format takes (FP8 128x128 blocks carry fp32 scales, MXFP4 a scale per 32). Embeddings, norms and
  the router stay in the activation dtype. MTP layers load only as a speculative draft. When the checkpoint's
  size is known (safetensors index), it wins: tensors the count missed are added, sharded by TP.
- KV per token: MHA/GQA (KV heads replicated once TP exceeds them), MLA's latent + rope key on every rank,
  DeepSeek-V4's compressed entries (584 bytes, pages padded to 576 bytes, `deepseek_v4_memory_pool.py`) and
  FP8 indexer entries on ratio-4 layers; hybrid models' Gated DeltaNet state per request
  (`handle_max_mamba_cache`: by default mamba_full_memory_ratio 0.9 of the KV budget goes to it).
- a forward's activations: the live tensors of one layer (residual and hidden copies, q/k/v, the MLP or the
  fused-MoE caches of `fused_moe.py`, the router), fp32 upcasts, the caching allocator's rounding; logits
  over the whole vocabulary per decoded request.

The sim then perturbs what SGLang cannot know exactly per scenario (plan.Variation) within DECLARED_ERROR.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from safelaunch.sim.hf_config import SimModel

# The sim's declared error: how far its hidden per-scenario truth may move from the nominal figures below
# (relative, +-), by SAFELAUNCH_SIM_SEED. Weights and the KV layout are SGLang's deterministic arithmetic
# and are not varied; an estimate outside the sim (the planner) may still differ from them by its own error.
DECLARED_ERROR: Mapping[str, float] = {
    "activations": 0.30,  # a forward's transient memory (kernel choice, allocator splits)
    "graph_pool": 0.30,  # CUDA-graph private pools
    "buffers": 0.10,  # attention-backend metadata, sampler state
    "moe_workspace": 0.05,  # FlashInfer/fused-MoE workspace: sized by shapes, little left to chance
}

# How far an estimate made outside the sim (the planner's) may sit from the sim's truth and still be called
# right: weights within 10% (the sim counts tensors from the config; a checkpoint holds tensors neither side
# names exactly), and the KV pool, which is what the weights leave, within the same bytes plus 2 GiB of memory
# outside PyTorch's view (CUDA context, NCCL buffers, allocator fragmentation) that the sim draws per rank.
ESTIMATE_TOLERANCE: Mapping[str, float] = {"weights": 0.10, "kv_pool_bytes": 2.0 * 2**30}

_BYTES = {
    "bf16": 2.0,
    "fp16": 2.0,
    "fp32": 4.0,
    "fp8": 1.0 + 4 / (128 * 128),  # e4m3 with an fp32 scale per 128x128 block
    "fp4": 0.5 + 1 / 32,  # MXFP4: one e8m0 scale per 32 elements
    "mxfp4": 0.5 + 1 / 32,
    "nvfp4": 0.5 + 1 / 16 + 4 / (128 * 128),
    "awq": 0.5 + 2.5 / 128,  # int4, fp16 scale + int4 zero per group of 128
    "gptq": 0.5 + 2.5 / 128,
    "int8": 1.0 + 2 / 128,
}
KV_ELEM_BYTES = {"fp8_e4m3": 1.0, "fp8_e5m2": 1.0, "mxfp8": 1.0, "nvfp4": 0.5625, "fp4_mx_block16": 0.5625}
DSV4_ENTRY, DSV4_PAGE_ALIGN, DSV4_PAGE_TOKENS = 584, 576, 256
MAMBA_FULL_MEMORY_RATIO = 0.9  # ServerArgs.mamba_full_memory_ratio (0.5.10.post1)
ALLOCATOR_OVERHEAD = 1.25  # block rounding and splits of the caching allocator over the live tensors
PER_TOKEN_METADATA = 2048  # positions, out_cache_loc, req indices, seq lens... per token of a batch


@dataclass(frozen=True)
class Layout:
    tp: int
    ep: int  # experts split this many ways (DeepEP: = tp)
    attn_tp: int  # attention TP (tp / DP-attention ways)

    @property
    def moe_tp(self) -> int:
        return max(1, self.tp // max(1, self.ep))


def _bpp(dtype: str | None, default: float = 2.0) -> float:
    return _BYTES.get(str(dtype or "").lower(), default)


def _attention_params(m: SimModel, lay: Layout) -> tuple[float, float]:
    """(whole-model params, params on one rank) of one full-attention layer's projections."""
    h = m.hidden_size
    if m.is_dsv4:
        rep = h * m.q_lora_rank + h * m.head_dim
        shard = m.q_lora_rank * m.num_heads * m.head_dim + m.num_heads * m.head_dim * m.o_lora_rank
        shard += m.o_groups * m.o_lora_rank * h
        return rep + shard, rep + shard / lay.attn_tp
    if m.is_mla:
        qk = m.qk_nope_head_dim + m.qk_rope_head_dim
        rep = h * (m.kv_lora_rank + m.qk_rope_head_dim) + (h * m.q_lora_rank if m.q_lora_rank else 0)
        shard = (m.q_lora_rank or h) * m.num_heads * qk
        shard += m.kv_lora_rank * m.num_heads * (m.qk_nope_head_dim + m.v_head_dim) + m.num_heads * m.v_head_dim * h
        return rep + shard, rep + shard / lay.attn_tp
    q_o = 2 * h * m.num_heads * m.head_dim
    kv_local = max(1, m.num_kv_heads // lay.attn_tp)
    return q_o + 2 * h * m.num_kv_heads * m.head_dim, q_o / lay.attn_tp + 2 * h * kv_local * m.head_dim


def _dsv4_compressor_params(m: SimModel) -> float:
    """DeepSeek-V4's per-layer compressors (ratio 4 overlaps two windows) and the ratio-4 layers' indexer."""
    h, total = m.hidden_size, 0.0
    for ratio in m.compress_ratios[: m.num_layers]:
        if ratio == 4:
            total += 4 * h * m.head_dim + m.q_lora_rank * m.index_n_heads * m.index_head_dim
            total += h * m.index_n_heads + 4 * h * m.index_head_dim
        elif ratio > 1:
            total += 2 * h * m.head_dim
    return total


def _linear_attention_params(m: SimModel) -> float:
    k = m.linear_key_heads * m.linear_key_head_dim
    v = m.linear_value_heads * m.linear_value_head_dim
    h = m.hidden_size
    return h * (2 * k + 2 * v) + h * 2 * m.linear_value_heads + v * h + (2 * k + v) * m.linear_conv_kernel


def _moe_layer(m: SimModel, lay: Layout) -> tuple[float, float, float, float]:
    """(routed expert params whole / on one rank, other MoE-layer params whole / on one rank)."""
    h = m.hidden_size
    routed = m.num_experts * 3 * h * m.moe_intermediate_size
    routed_local = (m.num_experts // max(1, lay.ep)) * 3 * h * (m.moe_intermediate_size // lay.moe_tp)
    shared = m.shared_experts * 3 * h * (m.shared_expert_intermediate_size or m.moe_intermediate_size)
    router = m.num_experts * h
    return routed, routed_local, shared + router, shared / lay.tp + router


def weight_bytes(m: SimModel, lay: Layout, env: Mapping[str, str], speculative: bool) -> int:
    """Bytes of weights one rank holds after loading (see the module docstring)."""
    act = _bpp(m.torch_dtype)
    lin = _bpp(m.quant, act)
    stored_experts = _bpp(m.expert_dtype, lin) if m.expert_dtype else lin
    loaded_experts = stored_experts
    if m.is_dsv4 and m.expert_dtype == "fp4" and env.get("SGLANG_DSV4_FP4_EXPERTS", "1").lower() in ("0", "false"):
        loaded_experts = _BYTES["fp8"]  # the FP8 expert layout (SGLang: is_fp4_experts = False)
    h = m.hidden_size
    attn_all, attn_rank = _attention_params(m, lay)
    extra = _dsv4_compressor_params(m) if m.is_dsv4 else 0.0
    stored = attn_all * m.kv_layers * lin + extra * lin
    rank = attn_rank * m.kv_layers * lin + extra * lin
    if m.linear_layers:
        stored += _linear_attention_params(m) * m.linear_layers * lin
        rank += _linear_attention_params(m) * m.linear_layers * lin / lay.tp
    dense_layers = m.num_layers - m.moe_layers
    stored += dense_layers * 3 * h * m.intermediate_size * lin
    rank += dense_layers * 3 * h * m.intermediate_size * lin / lay.tp
    routed, routed_local, other, other_local = _moe_layer(m, lay) if m.is_moe else (0, 0, 0, 0)
    stored += m.moe_layers * (routed * stored_experts + other * lin)
    rank += m.moe_layers * (routed_local * loaded_experts + other_local * lin)
    embed = m.vocab_size * h * act
    stored += embed * (1 if m.tie_embeddings else 2) + (2 * m.num_layers + 1) * h * act
    rank += embed / lay.attn_tp + (0 if m.tie_embeddings else embed / lay.tp) + (2 * m.num_layers + 1) * h * act
    mtp = attn_all * lin + (routed * stored_experts + other * lin if m.is_moe else 3 * h * m.intermediate_size * lin)
    stored += m.nextn_layers * (mtp + 2 * h * h * lin)
    if speculative and m.nextn_layers:  # the MTP layer is the EAGLE draft (it shares embeddings and head)
        rank += attn_rank * lin + (routed_local * loaded_experts + other_local * lin) + 2 * h * h * lin / lay.tp
    if m.checkpoint_bytes:
        missing = m.checkpoint_bytes - stored
        rank = rank + missing / lay.tp if missing > 0 else rank * m.checkpoint_bytes / stored
    return int(rank)


def _dsv4_page(nbytes: float) -> float:
    return -(-int(nbytes) // DSV4_PAGE_ALIGN) * DSV4_PAGE_ALIGN


def kv_bytes_per_token(m: SimModel, lay: Layout, kv_cache_dtype: str) -> int:
    """The KV cell one token takes on one rank (SGLang's cell_size)."""
    elem = KV_ELEM_BYTES.get(kv_cache_dtype.lower(), _bpp(m.torch_dtype))
    if m.is_dsv4:
        index_entry = m.index_head_dim + m.index_head_dim // 128 * 4  # FP8 indexer + its scales
        total = 0.0
        for ratio in m.compress_ratios[: m.num_layers]:
            if ratio > 1:
                total += _dsv4_page(DSV4_PAGE_TOKENS / ratio * DSV4_ENTRY) / DSV4_PAGE_TOKENS
            if ratio == 4:
                total += _dsv4_page(DSV4_PAGE_TOKENS / 4 * index_entry) / DSV4_PAGE_TOKENS
        return max(1, round(total))
    if m.is_mla:
        return int((m.kv_lora_rank + m.qk_rope_head_dim) * m.num_layers * elem)
    heads = max(1, m.num_kv_heads // lay.attn_tp)
    return max(1, int(2 * heads * m.head_dim * m.kv_layers * elem))


def linear_state_per_request(m: SimModel, lay: Layout) -> int:
    """Gated DeltaNet state one request keeps on one rank: conv state (bf16) + temporal state (fp32)."""
    if not m.linear_layers:
        return 0
    k = m.linear_key_heads * m.linear_key_head_dim
    v = m.linear_value_heads * m.linear_value_head_dim
    conv = (2 * k + v) // lay.tp * max(0, m.linear_conv_kernel - 1) * 2
    temporal = max(1, m.linear_value_heads // lay.tp) * m.linear_key_head_dim * m.linear_value_head_dim * 4
    return m.linear_layers * (conv + temporal)


@dataclass(frozen=True)
class ActivationModel:
    """Nominal transient bytes of one forward on one rank, before the scenario's variation."""

    per_prefill_token: int
    per_decode_request: int  # one token's activations plus its logits and sampling over the whole vocabulary
    per_forward: int  # the last token's logits of a prefill


def activations(m: SimModel, lay: Layout) -> ActivationModel:
    h = m.hidden_size
    if m.is_dsv4 or m.is_mla:
        attn = max(1, m.num_heads // lay.attn_tp) * (2 * m.head_dim) + (m.kv_lora_rank or m.head_dim)
    else:
        attn = (
            max(1, m.num_heads // lay.attn_tp) * 2 * m.head_dim + 2 * max(1, m.num_kv_heads // lay.attn_tp) * m.head_dim
        )
    if m.linear_layers:
        attn = max(attn, _linear_attention_params(m) // h // lay.tp)
    if m.is_moe:
        n = 2 * (m.moe_intermediate_size // lay.moe_tp)  # w13's output width (SGLang's fused-MoE N)
        mlp = m.experts_per_token * (max(n, h) + n // 2) + 2 * m.num_experts
        mlp += 3 * (m.shared_expert_intermediate_size or m.moe_intermediate_size) * m.shared_experts // lay.tp
    else:
        mlp = 3 * max(1, m.intermediate_size // lay.tp)
    residual_fp32 = (4 if m.is_dsv4 else 1) * h * 4  # DeepSeek-V4 keeps 4 hyper-connection streams
    per_token = (5 * h + attn + mlp) * 2 + residual_fp32 + h * 4
    per_token = int(per_token * ALLOCATOR_OVERHEAD) + PER_TOKEN_METADATA
    logits = m.vocab_size * 4 * 2
    return ActivationModel(per_token, per_token + logits, logits)
