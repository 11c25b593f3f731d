"""The simulator's own truth, and the planner judged against it.

The sim computes every size from the model's config on its own (safelaunch.sim.truth; tests/test_layout.py
keeps it from importing the planner's model). Checked here:
- `safelaunch plan --json` against what the sim's log prints for the same argv and environment, on every
  catalogue model: weights per GPU and KV tokens agree within the sim's declared tolerance (truth.ESTIMATE_TOLERANCE);
- the sim reads the environment SGLang reads (SGLANG_DSV4_FP4_EXPERTS=0 loads DeepSeek-V4's experts as FP8);
- a model directory holding only config.json (+ safetensors index) is read by the sim's own reader;
- the hybrid models' Gated DeltaNet state takes its share of the KV budget, as SGLang's handle_max_mamba_cache does.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from safelaunch.sim import engine, truth
from safelaunch.sim.model_files import load_model
from tests.conftest import ROOT, run_cli, subprocess_env

GIB = 2**30
CATALOGUE_HOSTS = {
    "deepseek-ai/DeepSeek-V4-Flash": "8xh200",
    "Qwen/Qwen3.8-Flash-Next-FP8": "8xh200",
    "Qwen/Qwen3-8B": "1xh100",
    "meta-llama/Llama-3.1-8B-Instruct": "1xh100",
    "meta-llama/Llama-3.1-70B-Instruct": "4xh100",
    "Qwen/Qwen3-235B-A22B": "8xh200",
    "Qwen/Qwen3-235B-A22B-FP8": "8xh200",
    "deepseek-ai/DeepSeek-V3": "8xh200",
    "deepseek-ai/DeepSeek-R1": "8xh200",
    "deepseek-ai/DeepSeek-R1-0528": "8xh200",
    "deepseek-ai/DeepSeek-V3-0324": "8xh200",
}
# Where the planner and the sim disagree beyond the tolerance, for a reason the planner does not model yet.
KNOWN_DISAGREEMENTS = {
    "Qwen/Qwen3.8-Flash-Next-FP8": (
        "the planner ignores the Gated DeltaNet state pool, which SGLang's handle_max_mamba_cache gives "
        "mamba_full_memory_ratio 0.9 / 1.9 of the KV budget: the sim holds ~47% fewer KV tokens (issue 17a)"
    ),
}


def _sim_startup_log(argv: list[str], env: dict[str, str], host: str) -> str:
    """Run `python -m safelaunch.sim` until rank 0 prints its pool summary (or it exits); its merged output."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "safelaunch.sim", *argv, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=subprocess_env(SAFELAUNCH_HOST_PROFILE=host, SAFELAUNCH_SIM_SPEED="400", **env),
        cwd=ROOT,
    )
    watchdog = threading.Timer(90, proc.kill)
    watchdog.start()
    lines: list[str] = []
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if "max_total_num_tokens=" in line:
                break
    finally:
        watchdog.cancel()
        proc.kill()
        proc.wait(timeout=30)
        if proc.stdout is not None:
            proc.stdout.close()
    return "".join(lines)


@pytest.mark.parametrize(
    "model",
    [
        pytest.param(m, marks=pytest.mark.xfail(reason=KNOWN_DISAGREEMENTS[m], strict=True))
        if m in KNOWN_DISAGREEMENTS
        else m
        for m in CATALOGUE_HOSTS
    ],
)
def test_plan_and_the_sim_agree_within_the_declared_tolerance(model: str) -> None:
    host = CATALOGUE_HOSTS[model]
    res = run_cli("plan", model, "--host-profile", host, "--json", "--sglang-version", "0.5.10.post1")
    assert res.returncode == 0, res.stderr
    plan = json.loads(res.stdout)
    text = _sim_startup_log(plan["argv"], plan["env"], host)
    usage = [float(x) for x in re.findall(r"Load weight end\..*mem usage=([\d.]+) GB", text)]
    tokens = {int(x) for x in re.findall(r"KV Cache is allocated\..*#tokens: (\d+)", text)}
    assert usage and len(tokens) == 1, text[-3000:]
    mem = plan["memory"]
    sim_weights, plan_weights = max(usage) * GIB, mem["weights_bytes"]
    tol = truth.ESTIMATE_TOLERANCE
    assert abs(sim_weights - plan_weights) <= tol["weights"] * plan_weights, (sim_weights / GIB, plan_weights / GIB)
    (sim_tokens,) = tokens
    cell = mem["kv_bytes_per_token"]
    pool_gap = abs(sim_tokens - mem["kv_tokens"]) * cell
    assert pool_gap <= tol["weights"] * plan_weights + tol["kv_pool_bytes"], (sim_tokens, mem["kv_tokens"])


def test_the_sim_reads_sglangs_fp4_experts_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The flagship DeepSeek-V4-Flash recipe sets SGLANG_DSV4_FP4_EXPERTS=0: the experts load as FP8 (about
    twice their FP4 bytes), as SGLang's model_config reads it; without it they stay FP4."""
    res = run_cli(
        "plan",
        "deepseek-ai/DeepSeek-V4-Flash",
        "--host-profile",
        "8xh200",
        "--json",
        "--sglang-version",
        "0.5.10.post1",
    )
    plan = json.loads(res.stdout)
    assert plan["env"]["SGLANG_DSV4_FP4_EXPERTS"] == "0"
    monkeypatch.setenv("SAFELAUNCH_HOST_PROFILE", "8xh200")
    monkeypatch.setenv("SGLANG_DSV4_FP4_EXPERTS", "0")
    fp8 = engine.prepare(plan["argv"]).plan.figures.weights_bytes
    monkeypatch.delenv("SGLANG_DSV4_FP4_EXPERTS")
    fp4 = engine.prepare(plan["argv"]).plan.figures.weights_bytes
    assert 1.7 < fp8 / fp4 < 2.0, (fp8 / GIB, fp4 / GIB)
    assert abs(fp8 - plan["memory"]["weights_bytes"]) <= truth.ESTIMATE_TOLERANCE["weights"] * fp8


def _write(tmp_path: Path, cfg: dict, total: int | None) -> Path:
    d = tmp_path / "model"
    d.mkdir(parents=True)
    (d / "config.json").write_text(json.dumps(cfg))
    if total is not None:
        (d / "model.safetensors.index.json").write_text(json.dumps({"metadata": {"total_size": total}}))
    return d


MISTRAL_7B = {  # mistralai/Mistral-7B-Instruct-v0.3's config.json (facts)
    "architectures": ["MistralForCausalLM"],
    "model_type": "mistral",
    "hidden_size": 4096,
    "intermediate_size": 14336,
    "num_attention_heads": 32,
    "num_hidden_layers": 32,
    "num_key_value_heads": 8,
    "head_dim": 128,
    "max_position_embeddings": 32768,
    "vocab_size": 32768,
    "tie_word_embeddings": False,
    "torch_dtype": "bfloat16",
}


def test_a_config_only_directory_is_counted_tensor_by_tensor_and_its_index_wins(tmp_path: Path) -> None:
    m = load_model(str(_write(tmp_path, MISTRAL_7B, None)))
    lay = truth.Layout(tp=1, ep=1, attn_tp=1)
    counted = truth.weight_bytes(m, lay, {}, speculative=False)
    assert abs(counted - 14_496_047_104) < 0.01 * counted  # the real index's total_size: 7.25e9 params x 2 bytes
    assert truth.kv_bytes_per_token(m, lay, "auto") == 2 * 8 * 128 * 32 * 2
    assert truth.kv_bytes_per_token(m, truth.Layout(tp=16, ep=1, attn_tp=16), "fp8_e4m3") == 2 * 1 * 128 * 32
    bigger = load_model(str(_write(tmp_path / "b", MISTRAL_7B, 16 * 10**9)))
    at_tp2 = truth.weight_bytes(bigger, truth.Layout(tp=2, ep=1, attn_tp=2), {}, speculative=False)
    assert at_tp2 > truth.weight_bytes(m, truth.Layout(tp=2, ep=1, attn_tp=2), {}, speculative=False)


def test_a_hybrid_models_state_pool_takes_its_share_of_the_kv_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAFELAUNCH_HOST_PROFILE", "2xh200")
    argv = [
        "--model-path",
        "Qwen/Qwen3.8-Flash-Next-FP8",
        "--tp-size",
        "2",
        "--ep-size",
        "2",
        "--mem-fraction-static",
        "0.85",
    ]
    launch = engine.prepare(argv)
    outcome = engine.dry_run_launch(launch)
    assert outcome.kind == "healthy", outcome
    fig = launch.plan.figures
    assert fig.state_per_request > 10 * 2**20  # 36 Gated DeltaNet layers, fp32 temporal state
    budget = outcome.numbers["post_gib"] - outcome.numbers["pre_gib"] * (1 - 0.85)
    kv = outcome.numbers["kv_tokens"] * fig.kv_bytes_per_token / GIB
    assert 0.50 < kv / budget < 0.55  # 1 / (1 + mamba_full_memory_ratio 0.9)
