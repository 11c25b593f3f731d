"""config.json -> what the checkpoint weighs and caches, per architecture family, table-driven.

Why a table: the families SGLang serves differ in a few shapes only -- how a layer attends (GQA heads, MLA's
latent, a linear-attention or Mamba mixer), what its MLP is (dense, routed experts, shared experts), which layers
are which, and whether a vision tower sits in front. `FAMILIES` names each known architecture's family and the
per-family rules live in small functions below; an architecture not in the table gets the generic dense estimate
and says so (`WeightEstimate.generic`). The weights are counted in parameters per group (embeddings, attention,
experts, the rest, vision) and priced by the checkpoint's quantization (`core.quant_formats`), so that the sum is
comparable with a safetensors index's `total_size`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from safelaunch.core.quant_formats import CheckpointQuant

# architecture -> family. SGLang keeps a hybrid sliding-window pool only for the architectures in SWA_POOL
# (sglang/srt/configs/model_config.py is_hybrid_swa_model); Gemma 2/3 and Mistral keep full-length caches there.
FAMILIES: Mapping[str, str] = {
    **dict.fromkeys(
        (
            "LlamaForCausalLM",
            "MistralForCausalLM",
            "Qwen2ForCausalLM",
            "Qwen3ForCausalLM",
            "Gemma2ForCausalLM",
            "Gemma3ForCausalLM",
            "GemmaForCausalLM",
            "Phi3ForCausalLM",
            "GraniteForCausalLM",
            "OlmoForCausalLM",
            "Olmo2ForCausalLM",
            "ExaoneForCausalLM",
            "InternLM2ForCausalLM",
        ),
        "dense",
    ),
    **dict.fromkeys(
        (
            "MixtralForCausalLM",
            "Qwen2MoeForCausalLM",
            "Qwen3MoeForCausalLM",
            "GptOssForCausalLM",
            "Llama4ForCausalLM",
            "Glm4MoeForCausalLM",
        ),
        "moe",
    ),
    **dict.fromkeys(
        ("DeepseekV2ForCausalLM", "DeepseekV3ForCausalLM", "DeepseekV32ForCausalLM", "KimiK2ForCausalLM"), "mla-moe"
    ),
    "DeepseekV4ForCausalLM": "compressed-moe",
    **dict.fromkeys(("Qwen3NextForCausalLM", "Qwen3_5ForCausalLM", "Qwen3_5MoeForCausalLM"), "hybrid-linear"),
    **dict.fromkeys(("NemotronHForCausalLM", "JambaForCausalLM", "FalconH1ForCausalLM"), "hybrid-mamba"),
    **dict.fromkeys(
        (
            "Qwen2VLForConditionalGeneration",
            "Qwen2_5_VLForConditionalGeneration",
            "Qwen3VLForConditionalGeneration",
            "Qwen3VLMoeForConditionalGeneration",
            "Gemma3ForConditionalGeneration",
            "Llama4ForConditionalGeneration",
            "Mistral3ForConditionalGeneration",
            "LlavaForConditionalGeneration",
            "Qwen3_5ForConditionalGeneration",
            "Qwen3_5MoeForConditionalGeneration",
        ),
        "vision-language",
    ),
}
SWA_POOL = frozenset({"Llama4ForConditionalGeneration", "GptOssForCausalLM", "Gemma4ForConditionalGeneration"})
SWA_FULL_TOKENS_RATIO = 0.8  # SGLang's --swa-full-tokens-ratio default: SWA pool tokens per full-pool token


@dataclass(frozen=True)
class WeightEstimate:
    """A checkpoint's bytes by group, from config.json alone, and what its caches look like."""

    embed_bytes: int  # embeddings + LM head (+ vision tower): sharded like attention
    attn_bytes: int
    expert_bytes: int  # routed experts (split by EP or MoE-TP)
    other_bytes: int  # dense MLPs, shared experts, mixers of linear-attention / Mamba layers
    vision_bytes: int
    kv_layers: int  # layers with a full-length per-token KV cache
    swa_layers: int  # layers SGLang keeps in its smaller sliding-window pool
    state_bytes_per_request: int  # linear-attention / Mamba state per running request (0 for none)
    family: str
    generic: bool
    notes: tuple[str, ...]

    @property
    def total_bytes(self) -> int:
        return self.embed_bytes + self.attn_bytes + self.expert_bytes + self.other_bytes + self.vision_bytes


def _i(cfg: Mapping[str, Any], *keys: str, default: int = 0) -> int:
    for k in keys:
        v = cfg.get(k)
        if v is not None and not isinstance(v, (list, dict, str)):
            return int(v)
    return default


def _attention_params(cfg: Mapping[str, Any], h: int, heads: int, kv_heads: int, head_dim: int) -> int:
    """One attention layer's projections: MLA's low-rank q/kv/o, or q/k/v/o of GQA (q doubled by an output gate)."""
    if cfg.get("kv_lora_rank"):
        rope, nope = _i(cfg, "qk_rope_head_dim", default=64), _i(cfg, "qk_nope_head_dim", default=128)
        v_dim, kv_rank, q_rank = _i(cfg, "v_head_dim", default=128), int(cfg["kv_lora_rank"]), _i(cfg, "q_lora_rank")
        q = h * q_rank + q_rank * heads * (nope + rope) if q_rank else h * heads * (nope + rope)
        return q + h * (kv_rank + rope) + kv_rank * heads * (nope + v_dim) + heads * v_dim * h
    gated_types = ("qwen3_next", "qwen3_5")  # their attention always has an output gate (q_proj is doubled)
    gate = 2 if cfg.get("attn_output_gate", str(cfg.get("model_type") or "").startswith(gated_types)) else 1
    return h * heads * head_dim * gate + 2 * h * kv_heads * head_dim + heads * head_dim * h


def _linear_attention(cfg: Mapping[str, Any], h: int) -> tuple[int, int]:
    """Gated DeltaNet layer (Qwen3-Next): (parameters, state bytes per request: conv in bf16 + fp32 recurrent)."""
    nk, dk = _i(cfg, "linear_num_key_heads"), _i(cfg, "linear_key_head_dim")
    nv, dv = _i(cfg, "linear_num_value_heads"), _i(cfg, "linear_value_head_dim")
    kernel = _i(cfg, "linear_conv_kernel_dim", default=4)
    conv_dim = 2 * nk * dk + nv * dv
    params = h * (2 * nk * dk + 2 * nv * dv) + h * 2 * nv + conv_dim * kernel + nv * dv * h
    return params, conv_dim * (kernel - 1) * 2 + nv * dk * dv * 4


def _mamba(cfg: Mapping[str, Any], h: int) -> tuple[int, int]:
    """A Mamba layer: Mamba2 (Nemotron-H: mamba_num_heads) or Mamba1 (Jamba: mamba_expand); (params, state bytes)."""
    d_state = _i(cfg, "ssm_state_size", "mamba_d_state", default=128)
    kernel = _i(cfg, "conv_kernel", "mamba_d_conv", default=4)
    ssm_bytes = 2 if str(cfg.get("mamba_ssm_dtype") or "float32") in ("bfloat16", "float16") else 4
    if cfg.get("mamba_num_heads"):
        nheads, hdim, groups = int(cfg["mamba_num_heads"]), _i(cfg, "mamba_head_dim", default=64), _i(cfg, "n_groups")
        inner = nheads * hdim
        conv_dim = inner + 2 * max(1, groups) * d_state
        params = h * (2 * inner + 2 * max(1, groups) * d_state + nheads) + conv_dim * kernel + inner * h
        return params, conv_dim * (kernel - 1) * 2 + nheads * hdim * d_state * ssm_bytes
    inner = _i(cfg, "mamba_expand", default=2) * h
    dt_rank = _i(cfg, "mamba_dt_rank", default=-(-h // 16))
    params = h * 2 * inner + inner * kernel + inner * (dt_rank + 2 * d_state) + dt_rank * inner + inner * d_state
    return params + inner * h, inner * (kernel - 1) * 2 + inner * d_state * ssm_bytes


def _layer_kinds(cfg: Mapping[str, Any], layers: int) -> list[tuple[str, str]]:
    """(mixer, mlp) per layer: mixer attention | linear | mamba | swa | none, mlp dense | moe | none."""
    pattern = cfg.get("hybrid_override_pattern")
    if isinstance(pattern, str) and pattern:  # Nemotron-H: one block per character
        table = {"M": ("mamba", "none"), "*": ("attention", "none"), "-": ("none", "dense"), "E": ("none", "moe")}
        return [table.get(c, ("none", "dense")) for c in pattern]
    types = cfg.get("layer_types")
    interval = _i(cfg, "full_attention_interval")
    attn_period, attn_offset = _i(cfg, "attn_layer_period"), _i(cfg, "attn_layer_offset")
    out = []
    for i in range(layers):
        mixer = "attention"
        if isinstance(types, list) and i < len(types):
            t = str(types[i])
            mixer = "linear" if "linear" in t else ("swa" if "sliding" in t else "attention")
        elif interval:
            mixer = "attention" if (i + 1) % interval == 0 else "linear"
        elif attn_period:
            mixer = "attention" if i % attn_period == attn_offset else "mamba"
        out.append((mixer, "moe" if _is_moe_layer(cfg, i) else "dense"))
    return out


def _is_moe_layer(cfg: Mapping[str, Any], i: int) -> bool:
    experts = _i(cfg, "n_routed_experts", "num_local_experts", "num_experts", "moe_num_experts")
    if experts <= 1:
        return False
    if i < _i(cfg, "first_k_dense_replace"):
        return False
    if i in (cfg.get("mlp_only_layers") or []):
        return False
    if cfg.get("expert_layer_period"):  # Jamba
        return i % int(cfg["expert_layer_period"]) == _i(cfg, "expert_layer_offset")
    step = _i(cfg, "interleave_moe_layer_step", "decoder_sparse_step", "moe_layer_freq", default=1)
    return (i + 1) % max(1, step) == 0


# Patches one image batch sends through the vision tower at its peak: Qwen2.5-VL's default max_pixels
# (12845056 = 16384 x 28 x 28) makes 16384 merged tokens of 4 patches each; the other towers take less.
VISION_PEAK_PATCHES = 16384
VISION_ACT_COPIES = 12  # hidden-size buffers alive in one ViT block (residual, norms, q/k/v, attention out, ...)


def vision_activation_bytes(outer: Mapping[str, Any]) -> int:
    """The vision encoder's transient memory for one image batch (bf16), which SGLang's reserve does not size."""
    vc = outer.get("vision_config")
    if not isinstance(vc, Mapping):
        return 0
    vh = _i(vc, "hidden_size", "embed_dim", "width")
    inter = _i(vc, "intermediate_size", default=4 * vh)
    return VISION_PEAK_PATCHES * (VISION_ACT_COPIES * vh + 3 * inter) * 2


def _vision_params(outer: Mapping[str, Any], text_hidden: int) -> int:
    """The vision tower and its projector: ViT blocks (attention 4 h^2, MLP 2-3 h x I) and the merger."""
    vc = outer.get("vision_config")
    if not isinstance(vc, Mapping):
        return 0
    depth = _i(vc, "depth", "num_hidden_layers")
    vh = _i(vc, "hidden_size", "embed_dim", "width")
    inter = _i(vc, "intermediate_size", default=4 * vh)
    mlp = 3 if vc.get("hidden_act") == "silu" else 2  # Qwen2.5-VL's ViT has a gated MLP
    patch = _i(vc, "patch_size", default=14)
    patch_embed = 3 * patch * patch * vh * _i(vc, "temporal_patch_size", default=1)
    blocks = depth * (4 * vh * vh + mlp * vh * inter) + patch_embed
    merge = _i(vc, "spatial_merge_size")
    out_hidden = _i(vc, "out_hidden_size", default=text_hidden)
    proj = (merge * merge * vh) ** 2 + merge * merge * vh * out_hidden if merge else vh * text_hidden
    return blocks + proj


def estimate_weights(outer: Mapping[str, Any], cfg: Mapping[str, Any], quant: CheckpointQuant) -> WeightEstimate:
    """config.json (the outer config and the text config merged into `cfg`) -> bytes by group and cache shape."""
    arch = str((outer.get("architectures") or cfg.get("architectures") or ["unknown"])[0])
    family = FAMILIES.get(arch, "generic")
    notes: list[str] = []
    h = _i(cfg, "hidden_size", "n_embd", "d_model")
    heads = _i(cfg, "num_attention_heads", "n_head")
    kv_heads = _i(cfg, "num_key_value_heads", "num_kv_heads", default=heads)
    head_dim = _i(cfg, "head_dim", default=h // max(1, heads))
    layers = _i(cfg, "num_hidden_layers", "n_layer", "num_layers")
    inter = _i(cfg, "intermediate_size", "ffn_dim", "n_inner", default=4 * h)
    experts = _i(cfg, "n_routed_experts", "num_local_experts", "num_experts", "moe_num_experts")
    expert_inter = _i(cfg, "moe_intermediate_size", default=inter)
    dense_inter = _i(cfg, "intermediate_size_mlp", default=inter)
    shared = _i(cfg, "n_shared_experts") * expert_inter + _i(cfg, "shared_expert_intermediate_size")
    if arch.startswith("Llama4"):
        shared = expert_inter  # one shared expert of the routed width
    vocab = _i(cfg, "vocab_size")
    # transformers' per-class default when the file omits it: Gemma ties its embeddings, the others do not
    tied_default = str(cfg.get("model_type") or outer.get("model_type") or arch).lower().startswith("gemma")
    tied = bool(outer.get("tie_word_embeddings", cfg.get("tie_word_embeddings", tied_default)))
    embed = vocab * h * (1 if tied else 2)
    attn = linear = experts_p = other = 0
    kv_layers = swa_layers = state = 0
    kinds = _layer_kinds(cfg, layers)
    extra = _i(cfg, "num_nextn_predict_layers")  # DeepSeek's MTP layer ships in the checkpoint
    mats = 2 if cfg.get("mlp_hidden_act") == "relu2" else 3  # Nemotron-H's MLP has no gate
    for mixer, mlp in kinds + [("attention", "moe" if experts > 1 else "dense")] * extra:
        if mixer in ("attention", "swa"):
            attn += _attention_params(cfg, h, heads, kv_heads, head_dim)
            if mixer == "swa" and arch in SWA_POOL:
                swa_layers += 1
            else:
                kv_layers += 1
        elif mixer == "linear":
            p, s = _linear_attention(cfg, h)
            linear, state = linear + p, state + s
        elif mixer == "mamba":
            p, s = _mamba(cfg, h)
            linear, state = linear + p, state + s
        if mlp == "moe":
            experts_p += experts * mats * h * expert_inter + h * experts
            other += mats * h * shared
        elif mlp == "dense":
            other += mats * h * (dense_inter if experts > 1 else inter)
    if extra:
        kv_layers -= extra
        embed += extra * 2 * h * h  # MTP's projection and norms (its embedding and head are shared)
    if arch.startswith("Llama4") and kv_layers + swa_layers:
        swa_layers = sum(1 for i in range(layers) if (i + 1) % 4 != 0)  # chunked attention on 3 of 4 layers
        kv_layers = layers - swa_layers
    vision = _vision_params(outer, h)
    if family == "generic":
        notes.append(f"architecture {arch} is not in safelaunch's family table: a generic dense-transformer estimate")
    if swa_layers:
        notes.append(
            f"{swa_layers} sliding-window layers live in SGLang's SWA pool at {SWA_FULL_TOKENS_RATIO} x the full pool"
        )
    elif cfg.get("sliding_window") and cfg.get("use_sliding_window") is not False:
        notes.append("sliding-window layers: SGLang keeps a full-length KV cache for them (no SWA pool here)")
    b = quant.bytes_for
    expert_price = 0.53125 if cfg.get("expert_dtype") == "fp4" else b("experts")  # DeepSeek-V4's FP4 experts
    return WeightEstimate(
        embed_bytes=int(embed * quant.embed_bytes),
        attn_bytes=int(attn * b("attn")),
        expert_bytes=int(experts_p * expert_price),
        other_bytes=int(other * b("mlp") + linear * b("attn")),
        vision_bytes=int(vision * quant.vision_bytes),
        kv_layers=max(0, kv_layers),
        swa_layers=swa_layers,
        state_bytes_per_request=state,
        family=family,
        generic=family == "generic",
        notes=tuple(notes),
    )


__all__ = [
    "FAMILIES",
    "SWA_FULL_TOKENS_RATIO",
    "SWA_POOL",
    "WeightEstimate",
    "estimate_weights",
    "vision_activation_bytes",
]
