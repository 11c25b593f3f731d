"""The config.json facts of the models the sim serves with no files on disk (the built-in catalogue's models).

A real SGLang needs the checkpoint; the sim needs only its architecture, so these are the `config.json`
fields of each model (copied as data: they are facts, not estimates), plus the checkpoint's size where a
safetensors index or a repository listing states it. They are read by the same reader as a config on disk
(`hf_config.read_config`), and nothing here comes from safelaunch's planner.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_FP8_BLOCK = {"quant_method": "fp8", "fmt": "e4m3", "weight_block_size": [128, 128]}

_DEEPSEEK_V3: dict[str, Any] = {
    "architectures": ["DeepseekV3ForCausalLM"],
    "model_type": "deepseek_v3",
    "num_hidden_layers": 61,
    "hidden_size": 7168,
    "num_attention_heads": 128,
    "num_key_value_heads": 128,
    "q_lora_rank": 1536,
    "kv_lora_rank": 512,
    "qk_nope_head_dim": 128,
    "qk_rope_head_dim": 64,
    "v_head_dim": 128,
    "n_routed_experts": 256,
    "num_experts_per_tok": 8,
    "moe_intermediate_size": 2048,
    "n_shared_experts": 1,
    "first_k_dense_replace": 3,
    "intermediate_size": 18432,
    "vocab_size": 129280,
    "max_position_embeddings": 163840,
    "num_nextn_predict_layers": 1,
    "torch_dtype": "bfloat16",
    "quantization_config": _FP8_BLOCK,
}

_QWEN3_235B: dict[str, Any] = {
    "architectures": ["Qwen3MoeForCausalLM"],
    "model_type": "qwen3_moe",
    "num_hidden_layers": 94,
    "hidden_size": 4096,
    "num_attention_heads": 64,
    "num_key_value_heads": 4,
    "head_dim": 128,
    "num_experts": 128,
    "num_experts_per_tok": 8,
    "moe_intermediate_size": 1536,
    "intermediate_size": 12288,
    "vocab_size": 151936,
    "max_position_embeddings": 40960,
    "torch_dtype": "bfloat16",
}

_LLAMA_31: dict[str, Any] = {
    "architectures": ["LlamaForCausalLM"],
    "model_type": "llama",
    "num_attention_heads": 32,
    "num_key_value_heads": 8,
    "head_dim": 128,
    "vocab_size": 128256,
    "max_position_embeddings": 131072,
    "torch_dtype": "bfloat16",
}

# model id (lower case) -> (config.json fields, checkpoint bytes or None)
_TABLE: dict[str, tuple[dict[str, Any], int | None]] = {
    # DeepSeekV4Config's defaults in SGLang 0.5.23 (srt/configs/deepseek_v4.py) with the release's 1M context;
    # compress_ratios: 2 sliding-window layers, then CSA (ratio 4) and HCA (ratio 128) alternating. The
    # checkpoint size is a repository listing (48 shards).
    "deepseek-ai/deepseek-v4-flash": (
        {
            "architectures": ["DeepseekV4ForCausalLM"],
            "model_type": "deepseek_v4",
            "num_hidden_layers": 43,
            "hidden_size": 4096,
            "num_attention_heads": 64,
            "num_key_value_heads": 1,
            "head_dim": 512,
            "q_lora_rank": 1024,
            "kv_lora_rank": 512,
            "qk_nope_head_dim": 448,
            "qk_rope_head_dim": 64,
            "v_head_dim": 512,
            "o_lora_rank": 1024,
            "o_groups": 8,
            "index_n_heads": 64,
            "index_head_dim": 128,
            "window_size": 128,
            "compress_ratios": [0, 0] + [4, 128] * 20 + [4],
            "n_routed_experts": 256,
            "num_experts_per_tok": 6,
            "moe_intermediate_size": 2048,
            "n_shared_experts": 1,
            "intermediate_size": 2048,
            "vocab_size": 129280,
            "max_position_embeddings": 1048576,
            "num_nextn_predict_layers": 1,
            "torch_dtype": "bfloat16",
            "expert_dtype": "fp4",
            "quantization_config": _FP8_BLOCK,
        },
        167 * 10**9,
    ),
    # text_config of Qwen/Qwen3.8-Flash-Next as quoted in public code; the Gated DeltaNet widths (16 key / 32
    # value heads of 128, conv 4) and the shared expert (512) are Qwen3-Next's. FP8 checkpoint 172.8 GiB.
    "qwen/qwen3.8-flash-next-fp8": (
        {
            "architectures": ["Qwen4ExpForConditionalGeneration"],
            "text_config": {
                "model_type": "qwen3_next",
                "num_hidden_layers": 48,
                "hidden_size": 2560,
                "num_attention_heads": 16,
                "num_key_value_heads": 2,
                "head_dim": 256,
                "full_attention_interval": 4,
                "linear_num_key_heads": 16,
                "linear_num_value_heads": 32,
                "linear_key_head_dim": 128,
                "linear_value_head_dim": 128,
                "linear_conv_kernel_dim": 4,
                "num_experts": 512,
                "num_experts_per_tok": 10,
                "moe_intermediate_size": 640,
                "shared_expert_intermediate_size": 512,
                "intermediate_size": 640,
                "vocab_size": 248320,
                "max_position_embeddings": 262144,
                "torch_dtype": "bfloat16",
            },
            "quantization_config": _FP8_BLOCK,
        },
        int(172.8 * 2**30),
    ),
    "qwen/qwen3-8b": (
        {
            "architectures": ["Qwen3ForCausalLM"],
            "model_type": "qwen3",
            "num_hidden_layers": 36,
            "hidden_size": 4096,
            "num_attention_heads": 32,
            "num_key_value_heads": 8,
            "head_dim": 128,
            "intermediate_size": 12288,
            "vocab_size": 151936,
            "max_position_embeddings": 40960,
            "tie_word_embeddings": False,
            "torch_dtype": "bfloat16",
        },
        None,
    ),
    "meta-llama/llama-3.1-8b-instruct": (
        {**_LLAMA_31, "num_hidden_layers": 32, "hidden_size": 4096, "intermediate_size": 14336},
        16_060_522_496,  # model.safetensors.index.json total_size
    ),
    "meta-llama/llama-3.1-70b-instruct": (
        {
            **_LLAMA_31,
            "num_hidden_layers": 80,
            "hidden_size": 8192,
            "num_attention_heads": 64,
            "intermediate_size": 28672,
        },
        141_107_412_992,  # model.safetensors.index.json total_size
    ),
    "qwen/qwen3-235b-a22b": (_QWEN3_235B, None),
    "qwen/qwen3-235b-a22b-fp8": ({**_QWEN3_235B, "quantization_config": _FP8_BLOCK}, None),
    "deepseek-ai/deepseek-v3": (_DEEPSEEK_V3, int(688.6 * 10**9)),
    "deepseek-ai/deepseek-r1": (_DEEPSEEK_V3, int(688.6 * 10**9)),
    "deepseek-ai/deepseek-r1-0528": (_DEEPSEEK_V3, int(688.6 * 10**9)),
    "deepseek-ai/deepseek-v3-0324": (_DEEPSEEK_V3, int(688.6 * 10**9)),
}
_ALIASES = {"deepseek-ai/deepseek-v4-flash-0731": "deepseek-ai/deepseek-v4-flash"}


def known_config(model_id: str) -> tuple[Mapping[str, Any], int | None] | None:
    """The config facts (and checkpoint bytes) of a model id, any letter case; None when the sim has none."""
    key = model_id.lower()
    return _TABLE.get(_ALIASES.get(key, key))
