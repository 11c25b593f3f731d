"""Impossible layouts are refused before launch (config_error, exit 78, quoting SGLang's rule), and the simulated
SGLang fails on them where and as SGLang does (research/sglang-facts.md section 4)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from safelaunch.core.layout_rules import Layout, layout_of, layout_problem
from tests.conftest import ROOT, run_cli, subprocess_env

DSV4 = "deepseek-ai/DeepSeek-V4-Flash"  # its 8xH200 recipe: dp 4 with DP attention


@pytest.mark.parametrize("command", ["plan", "serve"])
@pytest.mark.parametrize(
    ("model", "args", "quote"),
    [
        (DSV4, ["--tp", "3"], "tp_size % dp_size == 0"),
        (DSV4, ["--tp", "4", "--", "--pp-size", "4"], "needs 16 GPUs per node"),
        ("Qwen/Qwen3-8B", ["--tp", "3"], "total_num_heads % tp_size == 0"),
        ("Qwen/Qwen3-8B", ["--tp", "8", "--", "--nnodes", "3"], "tp_size must be divisible by number of nodes"),
    ],
)
def test_impossible_layouts_are_refused_before_launch(tmp_path, command, model, args, quote) -> None:
    opts = ["--engine", "sim", "--exit-when-healthy"] if command == "serve" else []
    head, sep, tail = (
        (args, [], []) if "--" not in args else (args[: args.index("--")], ["--"], args[args.index("--") + 1 :])
    )
    r = run_cli(command, model, "--host-profile", "8xh200", *head, *opts, *sep, *tail, SAFELAUNCH_HOME=str(tmp_path))
    assert r.returncode == 78, r.stdout + r.stderr
    last = r.stderr.splitlines()[-1]
    assert last.startswith("safelaunch: error: config_error: ") and quote in last
    assert "Traceback" not in r.stderr and '"event": "attempt"' not in r.stderr  # nothing was launched


def test_layout_rules() -> None:
    assert layout_of({"tp": 3, "dp": 4, "enable-dp-attention": True}) == Layout(3, 4, 1, 1, True)
    assert layout_of({"tp": 4}, ["--pp-size=4", "--nnodes", "2"]) == Layout(4, 1, 4, 2, False)
    assert layout_of({"tp": 8, "dp": 1, "enable-dp-attention": True}).dp_attention is False  # SGLang turns it off
    assert layout_problem(Layout(8, 8, 1, 1, True), 8, heads=64, kv_heads=0) is None  # attention TP 1
    assert layout_problem(Layout(8, 2, 1, 1, False), 8) is not None  # plain DP: 16 GPUs
    assert layout_problem(Layout(8), 8, heads=32, kv_heads=8) is None
    assert "KV heads" in (layout_problem(Layout(4), 8, heads=32, kv_heads=6) or "")
    assert "multiple of" in (layout_problem(Layout(8), 8, heads=32, kv_heads=3) or "")


def _sim(*args: str) -> subprocess.CompletedProcess:
    env = subprocess_env(SAFELAUNCH_SIM_SPEED="50", SAFELAUNCH_HOST_PROFILE="8xh200")
    return subprocess.run(
        [sys.executable, "-m", "safelaunch.sim", *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )


def test_the_sim_refuses_dp_attention_that_does_not_divide_tp_with_sglangs_bare_assert() -> None:
    r = _sim("--model-path", DSV4, "--tp-size", "3", "--dp-size", "4", "--enable-dp-attention")
    assert r.returncode == 1
    assert r.stderr.rstrip().endswith("assert self.tp_size % self.dp_size == 0\nAssertionError")
    assert "Scheduler" not in r.stderr  # the launcher refuses before any child starts


def test_the_sim_refuses_a_node_count_that_does_not_divide_tp() -> None:
    r = _sim("--model-path", "Qwen/Qwen3-8B", "--tp-size", "8", "--nnodes", "3")
    assert r.returncode == 1 and "AssertionError: tp_size must be divisible by number of nodes" in r.stderr


def test_the_sim_fails_in_a_scheduler_on_heads_and_on_a_missing_gpu() -> None:
    heads = _sim("--model-path", "Qwen/Qwen3-8B", "--tp-size", "3")
    assert heads.returncode != 0
    assert "Scheduler hit an exception: Traceback" in heads.stderr
    assert "assert self.total_num_heads % tp_size == 0\nAssertionError" in heads.stderr
    gpus = _sim("--model-path", "Qwen/Qwen3-8B", "--tp-size", "4", "--pp-size", "4")
    assert gpus.returncode != 0
    assert "Scheduler hit an exception" in gpus.stderr and "CUDA error: invalid device ordinal" in gpus.stderr
