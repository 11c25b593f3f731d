"""config.json -> `ModelInfo`: the few architecture figures the planner and the memory estimate need.

`info_from_config` turns a Hugging Face config.json (and the checkpoint's size, when known) into a
`ModelInfo`; when no weight files are present the size is estimated from the architecture. The built-in
figures for well-known models live in `safelaunch.core.model_catalogue`; finding a model's files on disk or
in the Hugging Face cache is the shell's (`safelaunch.host.model_source`). The fused-MoE (E, N) shape and
SGLang's tuned-config file name for a parallel layout are derived here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from safelaunch.core.model_families import estimate_weights, vision_activation_bytes
from safelaunch.core.quant_formats import checkpoint_quant
from safelaunch.errors import SafelaunchError

GB = 10**9
GIB = 2**30


@dataclass(frozen=True)
class ModelInfo:
    """What the planner needs to know about a checkpoint; every size is for the whole model (not per GPU)."""

    model_id: str
    architecture: str
    num_layers: int
    hidden_size: int
    num_attention_heads: int
    num_kv_heads: int
    head_dim: int
    kv_lora_rank: int | None  # MLA when set (DeepSeek-V2/V3/R1): the KV cache stores the latent, not heads
    qk_rope_head_dim: int | None
    num_experts: int | None  # routed experts; None for dense models
    num_experts_per_tok: int | None
    moe_intermediate_size: int | None  # width of ONE expert (SGLang's fused-MoE N is this / MoE-TP size)
    intermediate_size: int
    vocab_size: int
    weight_bytes: int  # whole checkpoint, as stored
    dtype: str  # weight dtype as stored: bf16 | fp16 | fp32 | fp8 | fp4 | int4 ...
    quant: str | None  # the checkpoint's quantization (fp8, fp4, awq, ...) or None for plain bf16/fp16
    max_position_embeddings: int
    # --- optional detail (defaults keep the contract's positional fields first)
    kv_layers: int | None = None  # layers that keep a per-token KV cache (hybrid linear-attention models)
    kv_bytes_per_token_hint: int | None = None  # whole-model bytes/token for caches no formula here describes
    expert_dtype: str | None = None  # when experts are stored differently from the rest (DeepSeek-V4: fp4)
    num_shared_experts: int = 0
    first_dense_layers: int = 0  # leading layers with a dense MLP instead of experts (DeepSeek: 3)
    source: str = "catalogue"  # catalogue | local | hf-cache
    path: str | None = None  # the directory read, when read from disk
    provenance: str = ""
    weight_bytes_estimated: bool = False
    trust_remote_code: bool = False
    # --- read from config.json by `core.model_families` / `core.quant_formats` (defaults: the catalogue's figures)
    family: str = "dense"  # dense | moe | mla-moe | compressed-moe | hybrid-linear | hybrid-mamba | vision-language
    swa_layers: int = 0  # layers SGLang keeps in its sliding-window pool (Llama 4, gpt-oss)
    state_bytes_per_request: int = 0  # linear-attention / Mamba state per running request
    vision_bytes: int = 0  # the vision tower's weights (inside weight_bytes)
    vision_activation_bytes: int = 0  # its transient memory for one image batch
    split_bytes: tuple[int, int, int] | None = None  # estimated (attention+embeddings, experts, other) bytes
    kv_cache_dtype: str | None = None  # the KV dtype the checkpoint declares (fp8_e4m3), used for "auto"
    weight_block_size: tuple[int, int] | None = None
    config_estimate_bytes: int = 0  # weights estimated from config.json alone (kept beside an index's total)
    estimate_notes: tuple[str, ...] = ()
    revision: str | None = None

    @property
    def is_moe(self) -> bool:
        return bool(self.num_experts and self.num_experts > 1)

    @property
    def is_mla(self) -> bool:
        return bool(self.kv_lora_rank)

    @property
    def kv_layer_count(self) -> int:
        return self.kv_layers if self.kv_layers is not None else self.num_layers

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["is_moe"] = self.is_moe
        d["is_mla"] = self.is_mla
        return d


# --------------------------------------------------------------------------- config.json -> ModelInfo

# transformers' class defaults for fields some real config.json files leave out (gemma-3's text_config has no vocab)
_TEXT_DEFAULTS: Mapping[str, Mapping[str, Any]] = {
    "gemma3_text": {"vocab_size": 262208, "max_position_embeddings": 131072},
}
DTYPE_BYTES = {"fp32": 4.0, "bf16": 2.0, "fp16": 2.0, "fp8": 1.0, "int8": 1.0, "fp4": 0.5, "int4": 0.5}


def _first(cfg: Mapping[str, Any], *keys: str, default: Any = None) -> Any:
    for k in keys:
        v = cfg.get(k)
        if v is not None:
            return v
    return default


def _dsv4_kv_bytes(cfg: Mapping[str, Any]) -> int | None:
    """Per-token bytes of DeepSeek-V4's compressed KV cache, from its compress_ratios (an estimate, see module)."""
    ratios = cfg.get("compress_ratios")
    layers = int(cfg.get("num_hidden_layers") or 0)
    if not isinstance(ratios, list) or not layers:
        return None
    block, entry, align = 256, 584, 576
    index_entry = int(cfg.get("index_head_dim") or 128) + 4

    def page(n: float) -> int:
        return -(-int(n) // align) * align

    total = 0.0
    for r in ratios[:layers]:
        r = int(r or 0)
        if r > 1:
            total += page(block / r * entry) / block
            if r == 4:
                total += page(block / 4 * index_entry) / block
    return round(total)


def info_from_config(
    cfg: Mapping[str, Any], model_id: str, weight_bytes: int | None, source: str, path: str | None
) -> ModelInfo:
    """A HF config.json (and the checkpoint size, when known) -> ModelInfo. Multimodal configs nest text_config."""
    outer = dict(cfg)
    text = outer.get("text_config") if isinstance(outer.get("text_config"), Mapping) else None
    merged = {**outer, **(text or {})}
    for key, value in _TEXT_DEFAULTS.get(str(merged.get("model_type")), {}).items():
        merged.setdefault(key, value)
    archs = outer.get("architectures") or merged.get("architectures") or ["unknown"]
    hidden = int(_first(merged, "hidden_size", "n_embd", "d_model", default=0))
    heads = int(_first(merged, "num_attention_heads", "n_head", default=0))
    if not hidden or not heads:
        raise SafelaunchError(f"model {model_id}: config.json has no hidden_size / num_attention_heads")
    layers = int(_first(merged, "num_hidden_layers", "n_layer", "num_layers", default=0))
    kv_heads = int(_first(merged, "num_key_value_heads", "num_kv_heads", default=heads))
    kv_lora = merged.get("kv_lora_rank") or None
    rope = merged.get("qk_rope_head_dim")
    if kv_lora:
        head_dim = int(merged.get("qk_nope_head_dim") or 128) + int(rope or 64)
    else:
        head_dim = int(merged.get("head_dim") or hidden // heads)
    experts = _first(merged, "n_routed_experts", "num_experts", "num_local_experts", "moe_num_experts")
    experts = int(experts) if experts else None
    qc = _first(outer, "quantization_config", "compression_config", default=None) or merged.get("quantization_config")
    cq = checkpoint_quant(qc, _first(merged, "torch_dtype", "dtype", default=None) or outer.get("torch_dtype"))
    est = estimate_weights(outer, merged, cq)
    expert_dtype = merged.get("expert_dtype")
    kv_layers = est.kv_layers if est.kv_layers != layers else None
    moe_width = merged.get("moe_intermediate_size") or (merged.get("intermediate_size") if experts else None)
    hint = _dsv4_kv_bytes(merged) if (merged.get("model_type") == "deepseek_v4" or "V4" in archs[0]) else None
    info = ModelInfo(
        model_id=model_id,
        architecture=str(archs[0]),
        num_layers=layers,
        hidden_size=hidden,
        num_attention_heads=heads,
        num_kv_heads=kv_heads,
        head_dim=head_dim,
        kv_lora_rank=int(kv_lora) if kv_lora else None,
        qk_rope_head_dim=int(rope) if rope is not None else None,
        num_experts=experts,
        num_experts_per_tok=_int_or_none(_first(merged, "num_experts_per_tok", "moe_topk", "num_experts_per_token")),
        moe_intermediate_size=_int_or_none(moe_width),
        intermediate_size=int(_first(merged, "intermediate_size", "ffn_dim", "n_inner", default=4 * hidden)),
        vocab_size=int(merged.get("vocab_size") or 0),
        weight_bytes=0,
        dtype=cq.dtype,
        quant=cq.label,
        max_position_embeddings=int(_first(merged, "max_position_embeddings", "n_positions", "seq_length", default=0)),
        kv_layers=kv_layers,
        kv_bytes_per_token_hint=hint,
        expert_dtype=str(expert_dtype) if expert_dtype else None,
        num_shared_experts=int(merged.get("n_shared_experts") or bool(merged.get("shared_expert_intermediate_size"))),
        first_dense_layers=int(merged.get("first_k_dense_replace") or 0),
        source=source,
        path=path,
        provenance=f"{path}/config.json" if path else "config.json",
        trust_remote_code=bool(merged.get("auto_map")) or "V4" in str(archs[0]),
        family=est.family,
        swa_layers=est.swa_layers,
        state_bytes_per_request=est.state_bytes_per_request,
        vision_bytes=est.vision_bytes,
        vision_activation_bytes=vision_activation_bytes(outer),
        split_bytes=(est.embed_bytes + est.attn_bytes + est.vision_bytes, est.expert_bytes, est.other_bytes),
        kv_cache_dtype=cq.kv_cache_dtype,
        weight_block_size=cq.weight_block_size,
        config_estimate_bytes=est.total_bytes,
        estimate_notes=est.notes,
    )
    if weight_bytes:
        return replace(info, weight_bytes=weight_bytes)
    return replace(info, weight_bytes=est.total_bytes, weight_bytes_estimated=True)


def _int_or_none(v: Any) -> int | None:
    return int(v) if v is not None else None


def estimate_param_count(m: ModelInfo) -> int:
    """Rough parameter count from the architecture, used only when no weight files are present."""
    attn = m.num_layers * (
        2 * m.hidden_size * m.num_attention_heads * m.head_dim + 2 * m.hidden_size * m.num_kv_heads * m.head_dim
    )
    embed = 2 * m.vocab_size * m.hidden_size
    if m.is_moe and m.moe_intermediate_size:
        moe_layers = m.num_layers - m.first_dense_layers
        experts = moe_layers * (m.num_experts or 0) * 3 * m.hidden_size * m.moe_intermediate_size
        shared = moe_layers * m.num_shared_experts * 3 * m.hidden_size * m.moe_intermediate_size
        dense = m.first_dense_layers * 3 * m.hidden_size * m.intermediate_size
        return attn + embed + experts + shared + dense
    return attn + embed + m.num_layers * 3 * m.hidden_size * m.intermediate_size


def fused_moe_shape(model: ModelInfo, tp: int, ep: int = 1) -> tuple[int, int] | None:
    """(E, N) as SGLang's fused-MoE Triton config file name spells them for this layout, or None if dense.

    SGLang takes `E, _, N = w2.shape` (reference §4): E is the experts local to one rank (num_experts / ep) and
    N the per-partition intermediate size, moe_intermediate_size / (tp / ep). Qwen3.8-Flash-Next-FP8 at
    --tp 2 --ep-size 2 gives E=256, N=640, the file SGLang PR #38116 added for NVIDIA_H200_NVL.
    """
    if not model.is_moe or not model.moe_intermediate_size:
        return None
    ep = max(1, ep)
    moe_tp = max(1, tp // ep)
    return (model.num_experts or 0) // ep, model.moe_intermediate_size // moe_tp


def fused_moe_config_name(
    model: ModelInfo, tp: int, ep: int, device_name: str, dtype: str | None = None, block_shape: str | None = None
) -> str | None:
    """The tuned-config file name SGLang looks up, e.g. 'E=256,N=640,device_name=NVIDIA_H200_NVL,...json'."""
    shape = fused_moe_shape(model, tp, ep)
    if shape is None:
        return None
    name = f"E={shape[0]},N={shape[1]},device_name={device_name.replace(' ', '_')}"
    if dtype:
        name += f",dtype={dtype}"
    if block_shape:
        name += f",block_shape={block_shape}"
    return name + ".json"


__all__ = [
    "DTYPE_BYTES",
    "GB",
    "GIB",
    "ModelInfo",
    "estimate_param_count",
    "fused_moe_config_name",
    "fused_moe_shape",
    "info_from_config",
]
