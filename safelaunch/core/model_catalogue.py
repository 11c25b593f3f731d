"""The built-in model catalogue: `ModelInfo` for well-known models, so that `plan` works with no files at all.

A real config on disk wins over these figures (it describes the checkpoint that will actually load), so the
catalogue is the last source `safelaunch.host.model_source.resolve_model` tries. Figures carry their
provenance; the ones that are estimates say so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from safelaunch.core.model_families import FAMILIES
from safelaunch.core.models import GB, GIB, ModelInfo

_DSV4_FLASH_PROVENANCE = (
    "config.json of deepseek-ai/DeepSeek-V4-Flash (0731 release) as quoted in public code: 43 layers, hidden 4096, "
    "64 heads, 1 KV head of dim 512 (compressed MQA, not MLA), 256 routed + 1 shared expert, top-6, "
    "moe_intermediate_size 2048, FP8 e4m3 128x128 blocks with FP4 experts (expert_dtype fp4), 1M context. "
    "Checkpoint size ~167 GB from a public listing of the repo (48 shards): an estimate. KV bytes/token is an "
    "estimate of its compressed cache (first 2 layers sliding-window only, then CSA ratio 4 / HCA ratio 128 "
    "alternating; 584-byte entries, 132-byte indexer entries on CSA layers), not a figure SGLang printed."
)

_CATALOGUE_LIST: tuple[ModelInfo, ...] = (
    ModelInfo(
        model_id="deepseek-ai/DeepSeek-V4-Flash",
        architecture="DeepseekV4ForCausalLM",
        num_layers=43,
        hidden_size=4096,
        num_attention_heads=64,
        num_kv_heads=1,
        head_dim=512,
        kv_lora_rank=None,
        qk_rope_head_dim=64,
        num_experts=256,
        num_experts_per_tok=6,
        moe_intermediate_size=2048,
        intermediate_size=2048,
        vocab_size=129280,
        weight_bytes=167 * GB,
        dtype="fp8",
        quant="fp8",
        max_position_embeddings=1048576,
        kv_bytes_per_token_hint=3915,
        expert_dtype="fp4",
        num_shared_experts=1,
        provenance=_DSV4_FLASH_PROVENANCE,
        weight_bytes_estimated=True,
        trust_remote_code=True,
    ),
    ModelInfo(
        model_id="Qwen/Qwen3.8-Flash-Next-FP8",
        architecture="Qwen4ExpForConditionalGeneration",
        num_layers=48,
        hidden_size=2560,
        num_attention_heads=16,
        num_kv_heads=2,
        head_dim=256,
        kv_lora_rank=None,
        qk_rope_head_dim=None,
        num_experts=512,
        num_experts_per_tok=10,
        moe_intermediate_size=640,
        intermediate_size=640,
        vocab_size=248320,
        weight_bytes=int(172.8 * GIB),
        dtype="fp8",
        quant="fp8",
        max_position_embeddings=262144,
        kv_layers=12,
        provenance=(
            "text_config of Qwen/Qwen3.8-Flash-Next as quoted in public code: 48 layers, hidden 2560, 2 KV heads "
            "of dim 256, full attention every 4th layer (12 layers keep a KV cache; the others are Gated DeltaNet "
            "with a fixed per-request state), 512 experts, top-10, moe_intermediate_size 640, 262144 context. "
            "num_attention_heads 16 is an estimate. FP8 checkpoint 172.8 GiB (public report). SGLang's tuned "
            "fused-MoE file for it is 'E=256,N=640,device_name=NVIDIA_H200_NVL,dtype=fp8_w8a8,block_shape=[128, "
            "128].json' (sglang PR #38116, served with --tp 2 --ep-size 2): E is the experts local to one rank "
            "(512 / EP 2) and N the per-partition intermediate size (640 / MoE-TP 1, since EP = TP)."
        ),
        trust_remote_code=True,
    ),
    ModelInfo(
        model_id="Qwen/Qwen3-8B",
        architecture="Qwen3ForCausalLM",
        num_layers=36,
        hidden_size=4096,
        num_attention_heads=32,
        num_kv_heads=8,
        head_dim=128,
        kv_lora_rank=None,
        qk_rope_head_dim=None,
        num_experts=None,
        num_experts_per_tok=None,
        moe_intermediate_size=None,
        intermediate_size=12288,
        vocab_size=151936,
        weight_bytes=16_381_470_720,
        dtype="bf16",
        quant=None,
        max_position_embeddings=40960,
        provenance="HF config.json of Qwen/Qwen3-8B; size = 8.19e9 parameters x 2 bytes (bf16), untied embeddings.",
        weight_bytes_estimated=True,
    ),
    ModelInfo(
        model_id="meta-llama/Llama-3.1-8B-Instruct",
        architecture="LlamaForCausalLM",
        num_layers=32,
        hidden_size=4096,
        num_attention_heads=32,
        num_kv_heads=8,
        head_dim=128,
        kv_lora_rank=None,
        qk_rope_head_dim=None,
        num_experts=None,
        num_experts_per_tok=None,
        moe_intermediate_size=None,
        intermediate_size=14336,
        vocab_size=128256,
        weight_bytes=16_060_522_496,
        dtype="bf16",
        quant=None,
        max_position_embeddings=131072,
        provenance="HF config.json and model.safetensors.index.json total_size of meta-llama/Llama-3.1-8B-Instruct.",
    ),
    ModelInfo(
        model_id="meta-llama/Llama-3.1-70B-Instruct",
        architecture="LlamaForCausalLM",
        num_layers=80,
        hidden_size=8192,
        num_attention_heads=64,
        num_kv_heads=8,
        head_dim=128,
        kv_lora_rank=None,
        qk_rope_head_dim=None,
        num_experts=None,
        num_experts_per_tok=None,
        moe_intermediate_size=None,
        intermediate_size=28672,
        vocab_size=128256,
        weight_bytes=141_107_412_992,
        dtype="bf16",
        quant=None,
        max_position_embeddings=131072,
        provenance="HF config.json and model.safetensors.index.json total_size of meta-llama/Llama-3.1-70B-Instruct.",
    ),
    ModelInfo(
        model_id="Qwen/Qwen3-235B-A22B",
        architecture="Qwen3MoeForCausalLM",
        num_layers=94,
        hidden_size=4096,
        num_attention_heads=64,
        num_kv_heads=4,
        head_dim=128,
        kv_lora_rank=None,
        qk_rope_head_dim=None,
        num_experts=128,
        num_experts_per_tok=8,
        moe_intermediate_size=1536,
        intermediate_size=12288,
        vocab_size=151936,
        weight_bytes=470 * GB,
        dtype="bf16",
        quant=None,
        max_position_embeddings=40960,
        provenance="HF config.json of Qwen/Qwen3-235B-A22B; size = 235e9 parameters x 2 bytes (estimate).",
        weight_bytes_estimated=True,
    ),
    ModelInfo(
        model_id="Qwen/Qwen3-235B-A22B-FP8",
        architecture="Qwen3MoeForCausalLM",
        num_layers=94,
        hidden_size=4096,
        num_attention_heads=64,
        num_kv_heads=4,
        head_dim=128,
        kv_lora_rank=None,
        qk_rope_head_dim=None,
        num_experts=128,
        num_experts_per_tok=8,
        moe_intermediate_size=1536,
        intermediate_size=12288,
        vocab_size=151936,
        weight_bytes=236 * GB,
        dtype="fp8",
        quant="fp8",
        max_position_embeddings=40960,
        provenance="HF config.json of Qwen/Qwen3-235B-A22B-FP8 (fp8, 128x128 blocks); size ~236 GB (estimate).",
        weight_bytes_estimated=True,
    ),
)


def _deepseek_v3_like(model_id: str, provenance: str) -> ModelInfo:
    return ModelInfo(
        model_id=model_id,
        architecture="DeepseekV3ForCausalLM",
        num_layers=61,
        hidden_size=7168,
        num_attention_heads=128,
        num_kv_heads=128,
        head_dim=192,  # qk_nope_head_dim 128 + qk_rope_head_dim 64
        kv_lora_rank=512,
        qk_rope_head_dim=64,
        num_experts=256,
        num_experts_per_tok=8,
        moe_intermediate_size=2048,
        intermediate_size=18432,
        vocab_size=129280,
        weight_bytes=int(688.6 * GB),
        dtype="fp8",
        quant="fp8",
        max_position_embeddings=163840,
        num_shared_experts=1,
        first_dense_layers=3,
        provenance=provenance,
        weight_bytes_estimated=True,
        trust_remote_code=True,
    )


_CATALOGUE_LIST = (
    *_CATALOGUE_LIST,
    _deepseek_v3_like(
        "deepseek-ai/DeepSeek-V3",
        "HF config.json of deepseek-ai/DeepSeek-V3 (MLA kv_lora_rank 512 + rope 64, 256 experts top-8, 3 dense "
        "layers, fp8 128x128); checkpoint ~688.6 GB incl. the MTP layer (estimate from the repo listing).",
    ),
    _deepseek_v3_like("deepseek-ai/DeepSeek-R1", "Same architecture and size as deepseek-ai/DeepSeek-V3."),
    _deepseek_v3_like("deepseek-ai/DeepSeek-R1-0528", "Same architecture and size as deepseek-ai/DeepSeek-V3."),
    _deepseek_v3_like("deepseek-ai/DeepSeek-V3-0324", "Same architecture and size as deepseek-ai/DeepSeek-V3."),
)


def _with_family(m: ModelInfo) -> ModelInfo:
    """The family table's name for the architecture; the catalogue's own hybrid / MoE shape otherwise."""
    family = FAMILIES.get(m.architecture)
    if family is None:
        family = "hybrid-linear" if m.kv_layers is not None else ("moe" if m.is_moe else "dense")
    return replace(m, family=family)


_CATALOGUE_LIST = tuple(_with_family(m) for m in _CATALOGUE_LIST)
CATALOGUE: Mapping[str, ModelInfo] = {m.model_id.lower(): m for m in _CATALOGUE_LIST}
# Release names that point at the same checkpoint figures.
_ALIASES = {"deepseek-ai/deepseek-v4-flash-0731": "deepseek-ai/deepseek-v4-flash"}


def catalogue_ids() -> tuple[str, ...]:
    return tuple(m.model_id for m in _CATALOGUE_LIST)


def from_catalogue(model: str) -> ModelInfo | None:
    """The catalogue's figures for a model id (or a release alias of one), under the id asked for; None if absent."""
    key = _ALIASES.get(model.lower(), model.lower())
    if key not in CATALOGUE:
        return None
    info = CATALOGUE[key]
    return replace(info, model_id=model) if info.model_id != model else info


__all__ = ["CATALOGUE", "catalogue_ids", "from_catalogue"]
