"""Model resolution: catalogue, local directory, HF cache layout; all offline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from safelaunch.core.model_catalogue import CATALOGUE
from safelaunch.core.models import fused_moe_config_name, fused_moe_shape
from safelaunch.errors import SafelaunchError
from safelaunch.host.model_source import hf_cache_dir, resolve_model


@pytest.fixture(autouse=True)
def empty_hf_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "hf-hub"
    cache.mkdir()
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    return cache


LLAMA_LIKE = {
    "architectures": ["LlamaForCausalLM"],
    "hidden_size": 4096,
    "num_hidden_layers": 32,
    "num_attention_heads": 32,
    "num_key_value_heads": 8,
    "intermediate_size": 14336,
    "vocab_size": 128256,
    "max_position_embeddings": 131072,
    "torch_dtype": "bfloat16",
}


def _write_model(d: Path, cfg: dict, index_total: int | None = None, shards: dict[str, int] | None = None) -> Path:
    d.mkdir(parents=True, exist_ok=True)
    (d / "config.json").write_text(json.dumps(cfg))
    if index_total is not None:
        (d / "model.safetensors.index.json").write_text(json.dumps({"metadata": {"total_size": index_total}}))
    for name, size in (shards or {}).items():
        with open(d / name, "wb") as f:
            f.truncate(size)
    return d


def test_catalogue_covers_the_models_the_plan_needs() -> None:
    for mid in (
        "deepseek-ai/DeepSeek-V4-Flash",
        "Qwen/Qwen3.8-Flash-Next-FP8",
        "Qwen/Qwen3-8B",
        "meta-llama/Llama-3.1-8B-Instruct",
        "meta-llama/Llama-3.1-70B-Instruct",
        "Qwen/Qwen3-235B-A22B",
        "Qwen/Qwen3-235B-A22B-FP8",
        "deepseek-ai/DeepSeek-V3",
        "deepseek-ai/DeepSeek-R1",
    ):
        info = resolve_model(mid)
        assert info.model_id == mid
        assert info.source == "catalogue"
        assert info.weight_bytes > 10**9
        assert info.provenance


def test_deepseek_v4_flash_figures() -> None:
    m = resolve_model("deepseek-ai/DeepSeek-V4-Flash")
    assert m.is_moe and not m.is_mla  # compressed MQA, not MLA
    assert (m.num_layers, m.hidden_size, m.num_experts, m.num_experts_per_tok) == (43, 4096, 256, 6)
    assert m.expert_dtype == "fp4" and m.quant == "fp8"
    assert 150 * 10**9 < m.weight_bytes < 180 * 10**9
    # the 0731 release name resolves to the same figures
    assert resolve_model("deepseek-ai/DeepSeek-V4-Flash-0731").num_layers == 43


def test_deepseek_v3_is_mla() -> None:
    m = resolve_model("deepseek-ai/DeepSeek-R1")
    assert m.is_mla and m.kv_lora_rank == 512 and m.qk_rope_head_dim == 64


def test_qwen38_fused_moe_file_name_matches_sglang_pr() -> None:
    m = resolve_model("Qwen/Qwen3.8-Flash-Next-FP8")
    # SGLang PR #38116: --tp 2 --ep-size 2 on H200 NVL looks up E=256,N=640 (experts local to a rank).
    assert fused_moe_shape(m, tp=2, ep=2) == (256, 640)
    assert (
        fused_moe_config_name(m, 2, 2, "NVIDIA H200 NVL", "fp8_w8a8", "[128, 128]")
        == "E=256,N=640,device_name=NVIDIA_H200_NVL,dtype=fp8_w8a8,block_shape=[128, 128].json"
    )
    # plain TP splits each expert instead: all 512 experts, N = 640 / 2
    assert fused_moe_shape(m, tp=2, ep=1) == (512, 320)
    assert fused_moe_shape(resolve_model("Qwen/Qwen3-8B"), 2) is None


def test_local_directory_reads_config_and_index(tmp_path: Path) -> None:
    d = _write_model(tmp_path / "llama", LLAMA_LIKE, index_total=16_060_522_496)
    m = resolve_model(str(d))
    assert m.source == "local" and m.path == str(d)
    assert (m.num_layers, m.num_kv_heads, m.head_dim) == (32, 8, 128)
    assert m.weight_bytes == 16_060_522_496 and not m.weight_bytes_estimated
    assert m.dtype == "bf16" and m.quant is None and not m.is_moe


def test_local_directory_sums_safetensors_without_index(tmp_path: Path) -> None:
    d = _write_model(tmp_path / "m", LLAMA_LIKE, shards={"a.safetensors": 1000, "b.safetensors": 2345})
    assert resolve_model(str(d)).weight_bytes == 3345


def test_local_directory_without_weights_estimates_size(tmp_path: Path) -> None:
    d = _write_model(tmp_path / "m", LLAMA_LIKE)
    m = resolve_model(str(d))
    assert m.weight_bytes_estimated
    assert abs(m.weight_bytes / 16_060_522_496 - 1) < 0.05  # within 5% of Llama-3.1-8B's real size


def test_quantization_and_moe_fields_are_read(tmp_path: Path) -> None:
    cfg = {
        "architectures": ["DeepseekV3ForCausalLM"],
        "hidden_size": 7168,
        "num_hidden_layers": 61,
        "num_attention_heads": 128,
        "num_key_value_heads": 128,
        "kv_lora_rank": 512,
        "qk_rope_head_dim": 64,
        "qk_nope_head_dim": 128,
        "n_routed_experts": 256,
        "num_experts_per_tok": 8,
        "moe_intermediate_size": 2048,
        "intermediate_size": 18432,
        "first_k_dense_replace": 3,
        "vocab_size": 129280,
        "max_position_embeddings": 163840,
        "torch_dtype": "bfloat16",
        "quantization_config": {"quant_method": "fp8", "fmt": "e4m3", "weight_block_size": [128, 128]},
    }
    m = resolve_model(str(_write_model(tmp_path / "ds", cfg, index_total=688_000_000_000)))
    assert m.is_mla and m.is_moe and m.quant == "fp8" and m.dtype == "fp8"
    assert (m.num_experts, m.moe_intermediate_size, m.first_dense_layers) == (256, 2048, 3)


def test_nested_text_config_and_hybrid_layers(tmp_path: Path) -> None:
    cfg = {
        "architectures": ["Qwen4ExpForConditionalGeneration"],
        "model_type": "qwen4_exp",
        "text_config": {
            "hidden_size": 2560,
            "num_hidden_layers": 48,
            "num_attention_heads": 16,
            "num_key_value_heads": 2,
            "head_dim": 256,
            "full_attention_interval": 4,
            "num_experts": 512,
            "num_experts_per_tok": 10,
            "moe_intermediate_size": 640,
            "vocab_size": 248320,
            "max_position_embeddings": 262144,
        },
        "quantization_config": {"quant_method": "fp8"},
    }
    m = resolve_model(str(_write_model(tmp_path / "q", cfg, index_total=10**11)))
    assert m.architecture == "Qwen4ExpForConditionalGeneration"
    assert m.kv_layers == 12 and m.num_experts == 512 and m.quant == "fp8"


def test_deepseek_v4_compressed_kv_is_computed_from_compress_ratios(tmp_path: Path) -> None:
    cfg = {
        "architectures": ["DeepseekV4ForCausalLM"],
        "model_type": "deepseek_v4",
        "hidden_size": 4096,
        "num_hidden_layers": 43,
        "num_attention_heads": 64,
        "num_key_value_heads": 1,
        "head_dim": 512,
        "index_head_dim": 128,
        "n_routed_experts": 256,
        "num_experts_per_tok": 6,
        "moe_intermediate_size": 2048,
        "vocab_size": 129280,
        "max_position_embeddings": 1048576,
        "compress_ratios": [0, 0] + [4, 128] * 20 + [4, 0],
        "expert_dtype": "fp4",
        "quantization_config": {"quant_method": "fp8"},
    }
    m = resolve_model(str(_write_model(tmp_path / "v4", cfg, index_total=167 * 10**9)))
    assert m.kv_bytes_per_token_hint == CATALOGUE["deepseek-ai/deepseek-v4-flash"].kv_bytes_per_token_hint == 3915
    assert m.expert_dtype == "fp4"


def test_hf_cache_snapshot_of_refs_main(empty_hf_cache: Path) -> None:
    repo = empty_hf_cache / "models--acme--Tiny-1B"
    _write_model(repo / "snapshots" / "old", {**LLAMA_LIKE, "num_hidden_layers": 2}, index_total=1)
    _write_model(repo / "snapshots" / "abc123", LLAMA_LIKE, index_total=123456789)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("abc123\n")
    m = resolve_model("acme/Tiny-1B")
    assert m.source == "hf-cache" and m.num_layers == 32 and m.weight_bytes == 123456789
    assert m.path and m.path.endswith("abc123")


def test_hf_cache_wins_over_catalogue(empty_hf_cache: Path) -> None:
    snap = empty_hf_cache / "models--Qwen--Qwen3-8B" / "snapshots" / "r1"
    _write_model(snap, {**LLAMA_LIKE, "num_hidden_layers": 36}, index_total=42)
    m = resolve_model("Qwen/Qwen3-8B")
    assert m.source == "hf-cache" and m.weight_bytes == 42


def test_hf_home_sets_the_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("HF_HUB_CACHE")
    monkeypatch.delenv("HUGGINGFACE_HUB_CACHE", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hfhome"))
    assert hf_cache_dir() == tmp_path / "hfhome" / "hub"


def test_unknown_model_suggests_a_local_path() -> None:
    with pytest.raises(SafelaunchError, match="local directory"):
        resolve_model("nobody/NoSuchModel-7B")


def test_missing_local_path_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(SafelaunchError, match="no such directory"):
        resolve_model(str(tmp_path / "absent"))


def test_broken_config_is_one_clear_error(tmp_path: Path) -> None:
    d = tmp_path / "broken"
    d.mkdir()
    (d / "config.json").write_text("{not json")
    with pytest.raises(SafelaunchError, match=r"config\.json"):
        resolve_model(str(d))
