"""Fused-MoE config names and SGLang's lookup, against the real file list of SGLang 0.5.10.post1."""

from __future__ import annotations

import pytest

from safelaunch.core import kernel_configs as kc
from tests.conftest import FIXTURES

LISTING = FIXTURES / "sglang-0.5.10.post1-fused-moe-config-files.txt"
# SGLang 0.5.10.post1's own fallback list (fused_moe_triton_config.py: supported_triton_versions).
FALLBACK_0_5_10 = ("3.4.0", "3.3.1", "3.2.0", "3.1.0")
FP8_BLOCK = kc.QuantKernel("fp8_w8a8", (128, 128))
FP8B = ",dtype=fp8_w8a8,block_shape=[128, 128].json"
H200 = "device_name=NVIDIA_H200"
INT8_PC = kc.QuantKernel("int8_w8a8", None, True)


def real_files() -> list[str]:
    """'triton_X_Y_Z/<file>' for every config file the 0.5.10.post1 wheel ships."""
    return [line.strip().split("/configs/", 1)[1] for line in LISTING.read_text().splitlines() if line.strip()]


def test_every_shipped_name_parses_and_rebuilds_exactly() -> None:
    files = real_files()
    assert len(files) == 285
    for rel in files:
        name = rel.split("/", 1)[1]
        parsed = kc.parse_config_file_name(name)
        assert parsed is not None, name
        shape, device, down = parsed
        assert kc.config_file_name(shape, device, down) == name
    assert kc.parse_config_file_name("README.md") is None


@pytest.mark.parametrize(
    ("experts", "inter", "tp", "ep", "quant", "fused", "expected"),
    [
        # Mixtral-8x7B at TP2 (vLLM's README: N = 14336 / 2): gate+up do not double N.
        (8, 14336, 2, 1, None, 0, "E=8,N=7168,device_name=NVIDIA_H200.json"),
        # DeepSeek-V3 FP8 at TP8: one fused shared expert per rank, block-quant FP8.
        (
            256,
            2048,
            8,
            1,
            FP8_BLOCK,
            1,
            "E=257,N=256,device_name=NVIDIA_H200,dtype=fp8_w8a8,block_shape=[128, 128].json",
        ),
        # Qwen3-30B-A3B FP8 on one GPU.
        (
            128,
            768,
            1,
            1,
            FP8_BLOCK,
            0,
            "E=128,N=768,device_name=NVIDIA_H200,dtype=fp8_w8a8,block_shape=[128, 128].json",
        ),
        # Expert parallel: EP splits the experts, MoE-TP = TP / EP splits the width (here 1).
        (
            512,
            640,
            2,
            2,
            FP8_BLOCK,
            0,
            "E=256,N=640,device_name=NVIDIA_H200,dtype=fp8_w8a8,block_shape=[128, 128].json",
        ),
        (
            512,
            640,
            4,
            2,
            FP8_BLOCK,
            0,
            "E=256,N=320,device_name=NVIDIA_H200,dtype=fp8_w8a8,block_shape=[128, 128].json",
        ),
        # Per-channel int8 and packed int4 (two values a byte in w2: N halves; wna16's [0, group] prints no block).
        (
            64,
            1408,
            1,
            1,
            kc.QuantKernel("int8_w8a8", None, True),
            0,
            "E=64,N=1408,device_name=NVIDIA_H200,dtype=int8_w8a8,per_channel_quant=True.json",
        ),
        (
            64,
            1408,
            2,
            1,
            kc.quant_kernel("moe_wna16", bits=4),
            0,
            "E=64,N=352,device_name=NVIDIA_H200,dtype=int4_w4a16.json",
        ),
    ],
)
def test_shape_and_name(experts, inter, tp, ep, quant, fused, expected) -> None:
    shape = kc.moe_shape(experts, inter, tp, ep, quant, fused)
    assert kc.config_file_name(shape, "NVIDIA H200") == expected


def test_real_deepseek_and_qwen_files_are_the_names_computed() -> None:
    names = {rel.split("/", 1)[1] for rel in real_files()}
    dsv3 = kc.moe_shape(
        256, 2048, 8, 1, kc.quant_kernel("fp8", [128, 128]), kc.fused_shared_experts("DeepseekV3ForCausalLM", 256)
    )
    assert kc.config_file_name(dsv3, "NVIDIA H200") in names
    assert kc.config_file_name(dsv3, "NVIDIA H200 NVL") not in names
    qwen = kc.moe_shape(128, 768, 1, 1, kc.quant_kernel("fp8", [128, 128]))
    assert kc.config_file_name(qwen, "NVIDIA H200") in names


def test_shape_rejects_splits_sglang_would_assert_on() -> None:
    with pytest.raises(ValueError, match="multiple of ep"):
        kc.moe_shape(64, 1408, 2, 4)
    with pytest.raises(ValueError, match="do not split"):
        kc.moe_shape(60, 1408, 8, 8)


def test_fused_shared_experts_follows_sglang_rules() -> None:
    assert kc.fused_shared_experts("DeepseekV3ForCausalLM", 256) == 1
    assert kc.fused_shared_experts("DeepseekV3ForCausalLM", 256, ep=8) == 0  # not under EP on CUDA
    assert kc.fused_shared_experts("DeepseekV3ForCausalLM", 256, disabled=True) == 0
    assert kc.fused_shared_experts("DeepseekV3ForCausalLM", 160) == 0
    assert kc.fused_shared_experts("Glm4MoeForCausalLM", 160) == 1
    assert kc.fused_shared_experts("Qwen3MoeForCausalLM", 128) == 0


def test_quant_mapping() -> None:
    assert kc.quant_kernel(None) == kc.QuantKernel(None)
    assert kc.quant_kernel("fp8", [128, 128]) == FP8_BLOCK
    assert kc.quant_kernel("fp8") == kc.QuantKernel("fp8_w8a8")  # online fp8 of a bf16 checkpoint: per tensor
    assert kc.quant_kernel("w8a8_fp8") == kc.QuantKernel("fp8_w8a8", None, True)
    assert not kc.quant_kernel("modelopt_fp4").triton


def test_fallback_list_read_from_source_text() -> None:
    text = 'x = 1\n    supported_triton_versions = ["3.4.0", "3.3.1", "3.2.0", "3.1.0"]\n'
    assert kc.fallback_versions(text) == FALLBACK_0_5_10
    assert kc.fallback_versions("no list here") is None


DSV3 = kc.moe_shape(256, 2048, 8, 1, FP8_BLOCK, 1)  # found in triton_3_2_0 and triton_3_3_1 for NVIDIA_H200


def test_lookup_exact_folder_first() -> None:
    found = kc.lookup(DSV3, "NVIDIA H200", real_files(), "3.3.1", FALLBACK_0_5_10)
    assert found.status == "exact"
    assert found.found == "triton_3_3_1/" + kc.config_file_name(DSV3, "NVIDIA H200")
    assert found.searched == ("triton_3_3_1", "triton_3_4_0", "triton_3_2_0", "triton_3_1_0")


def test_lookup_falls_back_in_sglangs_order() -> None:
    # triton 3.4.0 has no H200 file for this shape; 0.5.10 tries 3.3.1 before 3.2.0.
    found = kc.lookup(DSV3, "NVIDIA H200", real_files(), "3.4.0", FALLBACK_0_5_10)
    assert found.status == "fallback"
    assert found.found.startswith("triton_3_3_1/")


def test_lookup_ignores_folders_outside_the_installed_fallback_list() -> None:
    # This H20 file ships only under triton_3_5_1, which 0.5.10's fixed list never tries with triton 3.4.0.
    shape = kc.moe_shape(256, 384, 1, 1, FP8_BLOCK)
    with_list = kc.lookup(shape, "NVIDIA H20", real_files(), "3.4.0", FALLBACK_0_5_10)
    assert with_list.found is None
    assert with_list.unsearched == ("triton_3_5_1/" + kc.config_file_name(shape, "NVIDIA H20"),)
    # Without a known list (newer SGLang), every triton_* folder is tried newest first.
    without = kc.lookup(shape, "NVIDIA H20", real_files(), "3.4.0", None)
    assert without.found.startswith("triton_3_5_1/")


def test_h200_nvl_has_no_file_but_its_sibling_has() -> None:
    found = kc.lookup(DSV3, "NVIDIA H200 NVL", real_files(), "3.4.0", FALLBACK_0_5_10)
    assert found.status == "missing_sibling"
    assert found.file_name == "E=257,N=256,device_name=NVIDIA_H200_NVL,dtype=fp8_w8a8,block_shape=[128, 128].json"
    assert found.siblings[0] == "NVIDIA_H200"  # the same family first
    assert "NVIDIA_H20" in found.siblings and "NVIDIA_B200" in found.siblings


def test_sibling_must_match_every_selector() -> None:
    # bf16 E=256,N=640: no device has it, although fp8 and other N exist.
    shape = kc.moe_shape(512, 640, 2, 2)
    found = kc.lookup(shape, "NVIDIA H200 NVL", real_files(), "3.1.0", FALLBACK_0_5_10)
    assert found.status == "missing" and found.siblings == ()
    # A _down file is not the up-projection config of the same device.
    files = ["triton_3_4_0/E=8,N=7168,device_name=NVIDIA_H200_down.json"]
    assert kc.lookup(kc.moe_shape(8, 14336, 2), "NVIDIA H200 NVL", files, "3.4.0").siblings == ()


def test_unknown_triton_version_tries_every_folder() -> None:
    found = kc.lookup(DSV3, "NVIDIA H200", real_files(), None, FALLBACK_0_5_10)
    assert found.installed_dir is None and found.status == "fallback"


def test_tuner_command() -> None:
    argv = kc.tuner_argv("Qwen/Qwen3.8-Flash-Next-FP8", 2, 2, FP8_BLOCK, python="/opt/venv/bin/python")
    assert argv == [
        "/opt/venv/bin/python",
        "benchmark/kernels/fused_moe_triton/tuning_fused_moe_triton.py",
        "--model",
        "Qwen/Qwen3.8-Flash-Next-FP8",
        "--tp-size",
        "2",
        "--ep-size",
        "2",
        "--dtype",
        "fp8_w8a8",
        "--tune",
    ]
    per_channel = kc.tuner_argv(
        "m", 1, quant=kc.QuantKernel("int8_w8a8", None, True), disable_shared_experts_fusion=True
    )
    assert per_channel[-4:] == ["int8_w8a8", "--per-channel-quant", "--disable-shared-experts-fusion", "--tune"]
    assert kc.tuner_command(["python", "x.py", "--model", "a b"]) == "python x.py --model 'a b'"
