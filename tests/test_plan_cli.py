"""`safelaunch plan` end to end, as a real subprocess: the issue's done-when checks and the error paths."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, ROOT, run_cli

V4 = "deepseek-ai/DeepSeek-V4-Flash"
SGLANG_0510 = FIXTURES / "sglang-0.5.10.post1"


@pytest.fixture
def bare_python(tmp_path: Path) -> Path:
    """An interpreter that sees no site-packages, so no SGLang whatever the machine has installed."""
    py = tmp_path / "bare-python"
    py.write_text(f'#!/bin/sh\nexec {sys.executable} -I -S "$@"\n')
    py.chmod(0o755)
    return py


@pytest.fixture
def env(tmp_path: Path, bare_python: Path) -> dict[str, str]:
    """No HF cache and an interpreter without SGLang: plans come from the catalogue alone."""
    (tmp_path / "hf").mkdir()
    return {
        "HF_HUB_CACHE": str(tmp_path / "hf"),
        "SAFELAUNCH_SGLANG_PYTHON": str(bare_python),
        "SAFELAUNCH_HOME": str(tmp_path / "home"),  # plan reads the store as serve does: never the user's
    }


def plan_json(*args: str, **env: str) -> dict:
    r = run_cli("plan", "--json", *args, **env)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


# ------------------------------------------------------------------ done-when


def test_v4_flash_8xh200_balanced_uses_the_verified_088(env: dict[str, str]) -> None:
    out = plan_json(V4, "--host-profile", "8xh200", "--strategy", "balanced", **env)
    assert out["recipe"] == "deepseek-v4-flash/h200/fp8/balanced"
    assert out["verified"] is True
    assert out["flags"]["mem-fraction-static"] == 0.88
    assert out["argv"][:2] == ["--model-path", V4]
    i = out["argv"].index("--mem-fraction-static")
    assert out["argv"][i + 1] == "0.88"
    assert out["env"]["SGLANG_DSV4_FP4_EXPERTS"] == "0"
    assert set(out) >= {"recipe", "reasons", "flags", "argv", "memory", "ladder", "verified", "env"}
    assert out["memory"]["kv_tokens"] > 0 and out["memory"]["fraction"] == 0.88
    assert out["ladder"], "a preview of the retries"


def test_v4_flash_8xb200_fp4_low_latency_is_tp8_090(env: dict[str, str]) -> None:
    out = plan_json(V4, "--host-profile", "8xb200", "--quant", "fp4", "--strategy", "low-latency", **env)
    assert out["recipe"] == "deepseek-v4-flash/b200/fp4/low-latency" and out["verified"] is True
    assert out["flags"]["tp"] == 8
    assert out["flags"]["mem-fraction-static"] == 0.90
    assert out["argv"][out["argv"].index("--tp-size") :][:2] == ["--tp-size", "8"]


def test_2xh200_nvl_explains_its_fallback(env: dict[str, str]) -> None:
    out = plan_json(V4, "--host-profile", "2xh200-nvl", **env)
    text = "\n".join(out["reasons"])
    assert "fallback_hw h200-nvl -> h200" in text
    assert "deepseek-v4-flash/h200/fp8/balanced: needs 4 GPUs, host has 2" in text
    assert out["recipe"] == "generic/h200-nvl/moe"
    assert out["flags"]["tp"] == 2  # the smallest TP whose estimate fits


def test_8xh200_nvl_uses_the_h200_recipe_and_says_so(env: dict[str, str]) -> None:
    out = plan_json(V4, "--host-profile", "8xh200-nvl", **env)
    assert out["recipe"] == "deepseek-v4-flash/h200/fp8/balanced" and out["via_hw"] == "h200"
    assert any("using h200 recipe" in r and "fallback_hw h200-nvl -> h200" in r for r in out["reasons"])
    assert any("NVIDIA_H200_NVL" in w for w in out["warnings"])


def test_explicit_mem_fraction_overrides_the_recipe(env: dict[str, str]) -> None:
    out = plan_json(V4, "--host-profile", "8xh200", "--mem-fraction-static", "0.8", **env)
    assert out["flags"]["mem-fraction-static"] == 0.8
    assert out["argv"][out["argv"].index("--mem-fraction-static") + 1] == "0.8"
    assert any("set by you" in r and "0.88" in r for r in out["reasons"])
    assert out["verified"] is False  # no longer the measured recipe
    assert out["user_flags"] == ["mem-fraction-static"]
    # the ladder flags steps that would change a flag the user fixed
    assert all(
        step["overrides_user"] == ["mem-fraction-static"]
        for step in out["ladder"]
        if "mem-fraction-static" in step["set"]
    )


def test_explicit_tp_overrides_and_too_many_gpus_is_one_line(env: dict[str, str]) -> None:
    out = plan_json("Qwen/Qwen3-8B", "--host-profile", "8xh100", "--tp", "8", **env)
    assert out["flags"]["tp"] == 8
    r = run_cli("plan", "Qwen/Qwen3-8B", "--host-profile", "2xh100", "--tp", "4", **env)
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0 and "4 GPUs" in r.stderr and "has 2" in r.stderr


def _copy_policies(tmp_path: Path) -> Path:
    d = tmp_path / "policies"
    shutil.copytree(ROOT / "policies", d)
    return d


def test_broken_policy_file_is_one_line_exit_2(env: dict[str, str], tmp_path: Path) -> None:
    d = _copy_policies(tmp_path)
    f = d / "deepseek-v4.yaml"
    f.write_text(f.read_text().replace("strategy: balanced", "strategy: balnced", 1))
    r = run_cli("plan", V4, "--host-profile", "8xh200", "--policies", str(d), **env)
    assert r.returncode == 2, r.stdout
    line = r.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    assert str(f) in line and "deepseek-v4-flash/h200/fp8/balanced" in line and "match.strategy" in line


def test_broken_yaml_and_env_var_catalogue(env: dict[str, str], tmp_path: Path) -> None:
    d = _copy_policies(tmp_path)
    (d / "extra.yaml").write_text("recipes:\n  - id: x\n    match: {hw: h200\n")
    r = run_cli("plan", V4, "--host-profile", "8xh200", SAFELAUNCH_POLICIES=str(d), **env)
    assert r.returncode == 2
    assert "extra.yaml" in r.stderr and "not valid YAML" in r.stderr and r.stderr.count("\n") == 1


def test_a_tie_in_the_catalogue_is_caught_at_load(env: dict[str, str], tmp_path: Path) -> None:
    d = _copy_policies(tmp_path)
    (d / "dup.yaml").write_text(
        textwrap.dedent(
            """
            recipes:
              - id: my/h200/moe
                match: {model: "*", hw: h200, kind: moe}
                flags: {tp: 8}
                provenance: test
            """
        )
    )
    r = run_cli("plan", V4, "--host-profile", "8xh200", "--policies", str(d), **env)
    assert r.returncode == 2
    assert "ties with recipe 'generic/h200/moe'" in r.stderr and "my/h200/moe" in r.stderr


def test_generic_plan_for_an_unknown_hardware_class(env: dict[str, str], tmp_path: Path) -> None:
    out = plan_json("meta-llama/Llama-3.1-8B-Instruct", "--host-profile", "1xl4", **env)
    assert out["recipe"] is None
    assert any("generic plan" in r for r in out["reasons"])
    assert out["flags"]["tp"] == 1 and 0 < out["flags"]["mem-fraction-static"] < 1


def test_unknown_model_is_one_line(env: dict[str, str]) -> None:
    r = run_cli("plan", "nobody/Nothing-1B", "--host-profile", "1xh100", **env)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "local directory" in r.stderr


def test_extra_args_are_passed_verbatim_and_secrets_hidden(env: dict[str, str]) -> None:
    out = plan_json("Qwen/Qwen3-8B", "--host-profile", "1xh100", "--", "--enable-metrics", "--api-key", "s3cret", **env)
    assert out["argv"][-3:] == ["--enable-metrics", "--api-key", "***"]
    assert "s3cret" not in json.dumps(out)


def test_sglang_version_changes_the_spelling(env: dict[str, str]) -> None:
    old = plan_json(V4, "--host-profile", "8xh200", "--sglang-version", "0.5.10.post1", **env)
    new = plan_json(V4, "--host-profile", "8xh200", "--sglang-version", "0.5.23", **env)
    assert "--cuda-graph-max-bs" in old["argv"] and "--enable-dp-attention" in old["argv"]
    assert "--cuda-graph-max-bs-decode" in new["argv"] and "--attn-dp-size" in new["argv"]
    assert "--enable-dp-attention" not in new["argv"]
    unknown = plan_json(V4, "--host-profile", "8xh200", **env)  # no SGLang here: newest spelling
    assert unknown["sglang_version"] is None and "--cuda-graph-max-bs-decode" in unknown["argv"]


def test_text_output_shows_budget_ladder_and_argv(env: dict[str, str]) -> None:
    r = run_cli("plan", "meta-llama/Llama-3.1-70B-Instruct", "--host-profile", "8xh100", **env)
    assert r.returncode == 0, r.stderr
    assert "generic/h100/dense" in r.stdout and "memory per GPU" in r.stdout
    assert (
        "retry ladder" in r.stdout
        and "-m sglang.launch_server --model-path meta-llama/Llama-3.1-70B-Instruct --tp-size 4" in r.stdout
    )
    assert "validation: skipped" in r.stdout


# ------------------------------------------------------------------ validation against SGLang's sources


def test_ast_validation_against_real_0510_server_args(env: dict[str, str]) -> None:
    src = {"SAFELAUNCH_SGLANG_SOURCE": str(SGLANG_0510), **env}
    ok = plan_json(V4, "--host-profile", "8xh200", "--sglang-version", "0.5.10.post1", **src)
    assert ok["validation"]["method"] == "ast" and ok["validation"]["ok"], ok["validation"]
    # the newest spelling is not what 0.5.10 accepts: the validator says so and names the closest flag
    r = run_cli("plan", "--json", V4, "--host-profile", "8xh200", "--sglang-version", "0.5.23", **src)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "more)" in r.stderr
    errors = json.loads(r.stdout)["validation"]["errors"]
    assert any(e.startswith("unknown flag --attn-dp-size") for e in errors)
    assert "unknown flag --cuda-graph-max-bs-decode (did you mean --cuda-graph-max-bs?)" in errors
    # a typo after `--` is caught too
    r = run_cli("plan", "Qwen/Qwen3-8B", "--host-profile", "1xh100", "--", "--enable-metricz", **src)
    assert r.returncode == 2 and "did you mean --enable-metrics" in r.stderr
    # and a choice SGLang 0.5.10 does not know
    r = run_cli("plan", "Qwen/Qwen3-8B", "--host-profile", "1xh100", "--", "--kv-cache-dtype", "fp9", **src)
    assert r.returncode == 2 and "invalid choice 'fp9'" in r.stderr


# ------------------------------------------------------------------ a fake SGLang installation


@pytest.fixture
def fake_sglang(tmp_path: Path) -> tuple[Path, Path]:
    """An interpreter whose site has a tiny `sglang` (metadata 0.5.21, a ServerArgs parser), and a marker
    file that its package __init__ writes when imported."""
    site = tmp_path / "site"
    pkg = site / "sglang" / "srt"
    pkg.mkdir(parents=True)
    marker = tmp_path / "imported"
    (site / "sglang" / "__init__.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    (pkg / "__init__.py").write_text("")
    (pkg / "server_args.py").write_text(
        textwrap.dedent(
            """
            class ServerArgs:
                @staticmethod
                def add_cli_args(p):
                    p.add_argument("--model-path", required=True)
                    p.add_argument("--tp-size", type=int)
                    p.add_argument("--mem-fraction-static", type=float)
                    p.add_argument("--cuda-graph-max-bs-decode", type=int)
                    p.add_argument("--trust-remote-code", action="store_true")
            """
        )
    )
    dist = site / "sglang-0.5.21.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: sglang\nVersion: 0.5.21\n")
    py = tmp_path / "python"
    py.write_text(f'#!/bin/sh\nPYTHONPATH={site} exec {sys.executable} "$@"\n')
    py.chmod(0o755)
    return py, marker


def test_installed_version_is_read_without_importing_sglang(fake_sglang: tuple[Path, Path]) -> None:
    from safelaunch.host.sglang_probe import installed_sglang_version

    py, marker = fake_sglang
    assert installed_sglang_version(str(py)) == "0.5.21"
    assert not marker.exists()


def test_real_parser_validation_through_the_configured_interpreter(
    env: dict[str, str], fake_sglang: tuple[Path, Path]
) -> None:
    py, _ = fake_sglang
    out = plan_json("Qwen/Qwen3-8B", "--host-profile", "1xh100", "--python", str(py), **env)
    assert out["sglang_version"] == "0.5.21" and out["sglang_version_source"] == "metadata"
    assert out["validation"]["method"] == "parser" and out["validation"]["ok"]
    r = run_cli("plan", "Qwen/Qwen3-8B", "--host-profile", "1xh100", "--python", str(py), "--", "--bogus", **env)
    assert r.returncode == 2 and "unrecognized arguments: --bogus" in r.stderr
    via_env = plan_json("Qwen/Qwen3-8B", "--host-profile", "1xh100", **{**env, "SAFELAUNCH_SGLANG_PYTHON": str(py)})
    assert via_env["sglang_version"] == "0.5.21"


def test_plan_without_sglang_in_this_interpreter_starts_no_subprocess(monkeypatch) -> None:
    """SGLang absent from safelaunch's own interpreter: its version, package directory and the parser check are
    answered here (metadata and find_spec import nothing), so `plan` forks no Python at all."""
    import importlib.util
    import subprocess

    from safelaunch.host import sglang_probe

    if importlib.util.find_spec("sglang") is not None:
        import pytest

        pytest.skip("SGLang is installed in this interpreter")
    monkeypatch.delenv(sglang_probe.PYTHON_ENV, raising=False)
    monkeypatch.delenv(sglang_probe.SOURCE_ENV, raising=False)

    def no_fork(*_a, **_k):
        raise AssertionError("a subprocess was started")

    monkeypatch.setattr(subprocess, "run", no_fork)
    assert sglang_probe.installed_sglang_version() is None
    assert sglang_probe.sglang_source_dir() is None
    got = sglang_probe.validate_argv(["--tp-size", "1"])
    assert got.method == "skipped" and "not installed" in got.detail
