"""The sim's own reader of a Hugging Face `config.json`: the architecture facts its ground truth is computed from.

SGLang builds its `ModelConfig` from the same file (transformers' `AutoConfig`); the sim reads it on its own
too, with no help from safelaunch's planner (`safelaunch.core.models`), so that what it allocates is an
independent account of the model rather than the planner's estimate played back. Only facts are read here
(widths, counts, dtypes, quantization); every size is computed in `truth`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SimModel:
    """One checkpoint's architecture as the config states it; nothing here is an estimate."""

    model_id: str
    architecture: str
    model_type: str
    num_layers: int
    hidden_size: int
    num_heads: int
    num_kv_heads: int
    head_dim: int
    intermediate_size: int
    vocab_size: int
    max_position_embeddings: int
    torch_dtype: str  # the activation / unquantized weight dtype: bf16 | fp16 | fp32
    quant: str | None = None  # fp8 | mxfp4 | nvfp4 | awq | gptq | ... ; None: unquantized
    expert_dtype: str | None = None  # DeepSeek-V4: experts stored as fp4 beside an fp8 checkpoint
    tie_embeddings: bool = False
    # MLA (DeepSeek-V2/V3) and DeepSeek-V4's low-rank attention
    q_lora_rank: int = 0
    kv_lora_rank: int = 0
    qk_nope_head_dim: int = 0
    qk_rope_head_dim: int = 0
    v_head_dim: int = 0
    o_lora_rank: int = 0
    o_groups: int = 0
    index_n_heads: int = 0
    index_head_dim: int = 0
    compress_ratios: tuple[int, ...] = ()  # DeepSeek-V4: per layer, 0/1 = sliding window only
    window_size: int = 0
    # mixture of experts
    num_experts: int = 0
    experts_per_token: int = 0
    moe_intermediate_size: int = 0
    shared_experts: int = 0
    shared_expert_intermediate_size: int = 0
    first_dense_layers: int = 0
    nextn_layers: int = 0  # MTP layers in the checkpoint: loaded only as the speculative draft
    # hybrid linear attention (Qwen3-Next's Gated DeltaNet)
    full_attention_layers: int | None = None  # None: every layer keeps a per-token KV cache
    linear_key_heads: int = 0
    linear_value_heads: int = 0
    linear_key_head_dim: int = 0
    linear_value_head_dim: int = 0
    linear_conv_kernel: int = 0
    checkpoint_bytes: int | None = None  # the safetensors index's total_size (or the files' sizes) when known
    source: str = "table"  # table | local | hf-cache

    @property
    def is_moe(self) -> bool:
        return self.num_experts > 1

    @property
    def is_dsv4(self) -> bool:
        return self.model_type == "deepseek_v4" or bool(self.compress_ratios)

    @property
    def is_mla(self) -> bool:
        return self.kv_lora_rank > 0 and not self.is_dsv4

    @property
    def kv_layers(self) -> int:
        return self.num_layers if self.full_attention_layers is None else self.full_attention_layers

    @property
    def linear_layers(self) -> int:
        return self.num_layers - self.kv_layers if self.linear_value_heads else 0

    @property
    def moe_layers(self) -> int:
        return max(0, self.num_layers - self.first_dense_layers) if self.is_moe else 0


_DTYPES = {"bfloat16": "bf16", "float16": "fp16", "half": "fp16", "float32": "fp32", "float": "fp32"}


def _quant(qc: Any) -> str | None:
    if not isinstance(qc, Mapping):
        return None
    method = str(qc.get("quant_method") or "").lower()
    algo = str(qc.get("quant_algo") or "").lower()
    if method == "fp8" or "fp8" in algo:
        return "fp8"
    if "mxfp4" in (method + algo):
        return "mxfp4"
    if "fp4" in (method + algo):
        return "nvfp4"
    return method or None


def _int(cfg: Mapping[str, Any], *keys: str, default: int = 0) -> int:
    for key in keys:
        if cfg.get(key) is not None:
            return int(cfg[key])
    return default


def _full_attention_layers(cfg: Mapping[str, Any], layers: int) -> int | None:
    types = cfg.get("layer_types")
    if isinstance(types, list) and types and any("linear" in str(t) for t in types):
        return sum(1 for t in types if "linear" not in str(t))
    interval = cfg.get("full_attention_interval")
    return layers // int(interval) if interval else None


def read_config(cfg: Mapping[str, Any], model_id: str, checkpoint_bytes: int | None, source: str) -> SimModel:
    """A config.json (multimodal ones nest the language model under `text_config`) -> SimModel.

    Raises ValueError when the file lacks the widths every decoder has (hidden size, heads, layers).
    """
    text = cfg.get("text_config") if isinstance(cfg.get("text_config"), Mapping) else {}
    c = {**cfg, **text}
    hidden = _int(c, "hidden_size", "d_model", "n_embd")
    heads = _int(c, "num_attention_heads", "n_head")
    layers = _int(c, "num_hidden_layers", "num_layers", "n_layer")
    if not (hidden and heads and layers):
        raise ValueError("config.json has no hidden_size / num_attention_heads / num_hidden_layers")
    archs = cfg.get("architectures") or c.get("architectures") or ["LlamaForCausalLM"]
    kv_lora = _int(c, "kv_lora_rank")
    model_type = str(c.get("model_type") or "")
    ratios = tuple(int(r or 0) for r in c.get("compress_ratios") or ())
    if kv_lora and model_type != "deepseek_v4" and not ratios:
        head_dim = _int(c, "qk_nope_head_dim") + _int(c, "qk_rope_head_dim")
    else:
        head_dim = _int(c, "head_dim", default=hidden // heads)
    dtype = str(c.get("torch_dtype") or c.get("dtype") or "bfloat16").replace("torch.", "")
    return SimModel(
        model_id=model_id,
        architecture=str(archs[0]),
        model_type=model_type,
        num_layers=layers,
        hidden_size=hidden,
        num_heads=heads,
        num_kv_heads=_int(c, "num_key_value_heads", default=heads),
        head_dim=head_dim,
        intermediate_size=_int(c, "intermediate_size", "ffn_dim", default=4 * hidden),
        vocab_size=_int(c, "vocab_size"),
        max_position_embeddings=_int(c, "max_position_embeddings", "seq_length", default=4096),
        torch_dtype=_DTYPES.get(dtype, dtype),
        quant=_quant(cfg.get("quantization_config") or c.get("quantization_config")),
        expert_dtype=str(c["expert_dtype"]) if c.get("expert_dtype") else None,
        tie_embeddings=bool(c.get("tie_word_embeddings", False)),
        q_lora_rank=_int(c, "q_lora_rank"),
        kv_lora_rank=kv_lora,
        qk_nope_head_dim=_int(c, "qk_nope_head_dim"),
        qk_rope_head_dim=_int(c, "qk_rope_head_dim"),
        v_head_dim=_int(c, "v_head_dim"),
        o_lora_rank=_int(c, "o_lora_rank"),
        o_groups=_int(c, "o_groups"),
        index_n_heads=_int(c, "index_n_heads"),
        index_head_dim=_int(c, "index_head_dim"),
        compress_ratios=ratios,
        window_size=_int(c, "window_size", "sliding_window"),
        num_experts=_int(c, "n_routed_experts", "num_experts", "num_local_experts"),
        experts_per_token=_int(c, "num_experts_per_tok", "moe_topk"),
        moe_intermediate_size=_int(c, "moe_intermediate_size"),
        shared_experts=_int(c, "n_shared_experts", default=1 if c.get("shared_expert_intermediate_size") else 0),
        shared_expert_intermediate_size=_int(c, "shared_expert_intermediate_size"),
        first_dense_layers=_int(c, "first_k_dense_replace"),
        nextn_layers=_int(c, "num_nextn_predict_layers"),
        full_attention_layers=_full_attention_layers(c, layers),
        linear_key_heads=_int(c, "linear_num_key_heads"),
        linear_value_heads=_int(c, "linear_num_value_heads"),
        linear_key_head_dim=_int(c, "linear_key_head_dim"),
        linear_value_head_dim=_int(c, "linear_value_head_dim"),
        linear_conv_kernel=_int(c, "linear_conv_kernel_dim"),
        checkpoint_bytes=checkpoint_bytes,
        source=source,
    )
