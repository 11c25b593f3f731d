"""make_plan and the retry ladder as pure functions (the CLI tests cover the same paths end to end)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from safelaunch.core import memory
from safelaunch.core.hardware import profile_host
from safelaunch.core.planner import retry_ladder
from safelaunch.core.recipes import load_catalogue, load_policy
from safelaunch.errors import ConfigError
from safelaunch.host.planning import make_plan


@pytest.fixture(autouse=True)
def no_hf_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf"))
    monkeypatch.delenv("SAFELAUNCH_POLICIES", raising=False)


def test_plan_contract_fields_and_with_flags() -> None:
    p = make_plan("deepseek-ai/DeepSeek-V4-Flash", profile_host("8xh200"))
    assert p.recipe_id == "deepseek-v4-flash/h200/fp8/balanced" and p.verified
    assert p.hw_key == "h200" and p.gpu_count == 8 and p.strategy == "balanced" and p.quant == "fp8"
    assert p.flags["mem-fraction-static"] == 0.88 and p.user_flags == frozenset()
    assert p.env["SGLANG_DSV4_FP4_EXPERTS"] == "0"
    q = p.with_flags({"mem-fraction-static": 0.85, "cuda-graph-max-bs": None})
    assert q.flags["mem-fraction-static"] == 0.85 and "cuda-graph-max-bs" not in q.flags and not q.verified
    assert p.with_flags({"mem-fraction-static": 0.88}) is p  # no change, still the verified plan
    assert q.argv()[:2] == ["--model-path", "deepseek-ai/DeepSeek-V4-Flash"]
    assert p.launch_argv("/usr/bin/python3")[:3] == ["/usr/bin/python3", "-m", "sglang.launch_server"]
    json.dumps(p.to_json())


def test_user_flags_win_and_are_recorded() -> None:
    p = make_plan(
        "deepseek-ai/DeepSeek-V4-Flash",
        profile_host("8xh200"),
        overrides={"mem-fraction-static": 0.8, "cuda-graph-max-bs": 64},
        extra_args=("--enable-metrics",),
    )
    assert p.flags["mem-fraction-static"] == 0.8 and p.flags["cuda-graph-max-bs"] == 64
    assert p.user_flags == frozenset({"mem-fraction-static", "cuda-graph-max-bs"}) and not p.verified
    assert p.argv()[-1] == "--enable-metrics"


def test_generic_plan_picks_the_smallest_tp_that_fits() -> None:
    info_id = "meta-llama/Llama-3.1-70B-Instruct"
    p = make_plan(info_id, profile_host("8xh100"))
    assert p.recipe_id == "generic/h100/dense" and p.flags["tp"] == 4
    assert p.flags["mem-fraction-static"] == memory.default_mem_fraction(profile_host("8xh100").min_memory_total, 4)
    small = make_plan(info_id, profile_host("8xh200"))
    assert small.flags["tp"] == 2  # 141 GB of bf16 weights: 2 x 141 GiB H200s suffice
    no_fit = make_plan(info_id, profile_host("1xl40s"))
    assert no_fit.flags["tp"] == 1 and any("does not fit" in w or "weights need" in w for w in no_fit.warnings)


def test_moe_fraction_is_lowered_for_the_workspace() -> None:
    host = profile_host("8xh200")
    p = make_plan("Qwen/Qwen3-235B-A22B-FP8", host)
    default = memory.default_fraction_for(p.info, host.min_memory_total, {**p.flags, "mem-fraction-static": None})
    assert p.flags["mem-fraction-static"] < default
    assert any("fused-MoE workspace" in r for r in p.reasons)
    est = memory.estimate(p.info, host, p.flags, p.env)
    assert est.headroom_bytes >= load_policy().margin_bytes - 2**20


def test_online_fp8_for_a_bf16_checkpoint_and_unknown_quant_warns() -> None:
    p = make_plan("Qwen/Qwen3-8B", profile_host("1xh100"), quant="fp8")
    assert p.flags["quantization"] == "fp8"
    w = make_plan("Qwen/Qwen3-8B", profile_host("1xh100"), quant="awq")
    assert "quantization" not in w.flags and any("--quant awq" in x for x in w.warnings)


def test_bad_inputs_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="strategy"):
        make_plan("Qwen/Qwen3-8B", profile_host("1xh100"), strategy="fast")
    with pytest.raises(ConfigError, match="need 8 GPUs"):
        make_plan("Qwen/Qwen3-8B", profile_host("2xh100"), overrides={"tp": 8})


def test_local_directory_named_like_a_catalogued_repo_uses_its_recipe(tmp_path: Path) -> None:
    d = tmp_path / "Qwen3.8-Flash-Next-FP8"
    d.mkdir()
    cfg = {
        "architectures": ["Qwen4ExpForConditionalGeneration"],
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
    (d / "config.json").write_text(json.dumps(cfg))
    (d / "model.safetensors.index.json").write_text(json.dumps({"metadata": {"total_size": 185_000_000_000}}))
    p = make_plan(str(d), profile_host("2xh200-nvl"))
    assert p.recipe_id == "qwen3.8-flash-next-fp8/h200-nvl" and p.model == str(d)
    assert p.flags["tp"] == 2 and p.flags["ep"] == 2


def test_ladder_lowers_raises_and_escalates_within_policy() -> None:
    host = profile_host("8xh100")
    policy = load_policy()
    p = make_plan("meta-llama/Llama-3.1-70B-Instruct", host)
    ladder = retry_ladder(p, host, policy)
    lower = [s for s in ladder if "oom_cuda_graph" in s["on"]]
    fractions = [s["set"]["mem-fraction-static"] for s in lower]
    assert fractions == sorted(fractions, reverse=True) and min(fractions) >= policy.fraction_floor
    assert len(lower) <= policy.max_attempts - 1 and lower[0]["attempt"] == 2
    assert all(b["kv_tokens"] < a["kv_tokens"] for a, b in itertools.pairwise(lower))
    weights = [s for s in ladder if s["on"] == ["oom_weights"]]
    assert [s["set"]["tp"] for s in weights] == [8]
    kv = [s for s in ladder if s["on"] == ["oom_kv_cache"]]
    assert kv and max(s["set"]["mem-fraction-static"] for s in kv) <= policy.fraction_ceiling


def test_ladder_prefers_graph_batch_when_the_policy_says_so(tmp_path: Path) -> None:
    from tests.conftest import ROOT

    d = tmp_path / "cat"
    d.mkdir()
    text = (ROOT / "policies" / "defaults.yaml").read_text().replace("prefer: fraction", "prefer: cuda-graph-max-bs")
    (d / "defaults.yaml").write_text(text)
    host = profile_host("1xh100")
    p = make_plan("Qwen/Qwen3-8B", host, policies_dir=d)
    ladder = retry_ladder(p, host, load_catalogue(d).policy)
    first = ladder[0]
    assert first["set"] == {"cuda-graph-max-bs": 128} and first["attempt"] == 2
