"""Export: cookbook cells read back by a real JavaScript parser (acorn), byte-exact --merge, markdown, YAML."""

from __future__ import annotations

import functools
import json
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from safelaunch.store import BenchmarkResult, PastFailure, Provenance, Store, VerifiedConfig
from safelaunch.upstream import export as ex
from safelaunch.upstream.jsliteral import JsLiteralError, parse_module, parse_value
from tests.conftest import FIXTURES, ROOT, run_cli

BENCH = "sglang.bench_serving"

COOKBOOK = FIXTURES / "cookbook" / "deepseek-ai"
CONFIG_JSX = COOKBOOK / "deepseek-v4.jsx"
BENCH_JSX = COOKBOOK / "deepseek-v4-benchmarks.jsx"
SECRET = "sk-live-0a1b2c3d4e5f"


@functools.cache
def _acorn_available() -> bool:
    node = shutil.which("node")
    if not node:
        return False
    probe = subprocess.run(
        [node, "-e", "require('acorn'); require('acorn-jsx')"], cwd=ROOT, capture_output=True, timeout=30
    )
    return probe.returncode == 0


needs_node = pytest.mark.skipif(
    not _acorn_available(), reason="needs node with acorn + acorn-jsx in ./node_modules (.ci/run installs them)"
)


def acorn(path: Path) -> dict:
    """The file as a real JavaScript parser reads it: export values and the spans of cells/benchmark entries."""
    out = subprocess.run(
        ["node", str(ROOT / "tests" / "js" / "literal.cjs"), str(path)], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, f"JavaScript parser rejected {path}: {out.stderr}"
    return json.loads(out.stdout)


def h200_config(**over: object) -> VerifiedConfig:
    base: dict = dict(
        hw_key="h200",
        gpu_count=8,
        model="sgl-project/DeepSeek-V4-Flash-FP8",
        quant="fp8",
        strategy="balanced",
        sglang_version="0.5.18",
        flags={
            "tp": 8,
            "dp": 8,
            "enable-dp-attention": True,
            "trust-remote-code": True,
            "mem-fraction-static": 0.83,
            "cuda-graph-max-bs": 128,
            "moe-a2a-backend": "deepep",
            "port": 31000,
            "host": "0.0.0.0",
            "api-key": SECRET,
            "deepep-config": {"normal_dispatch": {"num_sms": 96}},
        },
        env={"SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK": "256", "HF_TOKEN": "hf_x", "CUDA_VISIBLE_DEVICES": "0"},
        host_fingerprint="NVIDIA H200|x8|150754820096|nvlink18",
        device_name="NVIDIA H200",
        driver_version="570.133.20",
        max_total_num_tokens=1_234_567,
        verified_at=1_750_000_000.0,
        attempts_needed=2,
        failures=(
            PastFailure(
                "oom_cuda_graph",
                {"tried_bytes": 2147483648, "free_bytes": 1073741824, "batch_size": 256},
                "mem-fraction-static 0.88 -> 0.83: 1.0 GiB missing per GPU + 0.5 GiB margin",
            ),
        ),
        benchmarks=(
            BenchmarkResult("random", 8192, 1024, 64, 901.44, 40.123, 3120.6, output_throughput=2773.9, tool=BENCH),
            BenchmarkResult("random", 8192, 1024, 256, 43000.0, 80.5, 3500.2, output_throughput=3111.3, tool=BENCH),
        ),
        verified=True,
        provenance=Provenance("sglang", "nvml", "metadata"),
    )
    base.update(over)
    return VerifiedConfig(**base)


# --------------------------------------------------------------------------- flags and cells (pure)


def test_docs_flags_follow_the_authoring_contract() -> None:
    flags = ex.docs_flags(h200_config().flags, "0.5.18")
    assert flags[:2] == ["--trust-remote-code", "--model-path {{MODEL_NAME}}"]
    assert flags[2:5] == ["--tp 8", "--dp 8", "--enable-dp-attention"]  # parallelism, docs spelling
    assert flags[5] == "--moe-a2a-backend deepep"  # then MoE
    assert flags[-2:] == ["--host {{HOST_IP}}", "--port {{PORT}}"]
    assert "--mem-fraction-static 0.83" in flags and "--cuda-graph-max-bs-decode 128" in flags
    assert """--deepep-config '{"normal_dispatch":{"num_sms":96}}'""" in flags
    text = " ".join(flags)
    assert SECRET not in text and "api-key" not in text and "31000" not in text and "0.0.0.0" not in text
    assert all(f.startswith("--") and f.count("--") >= 1 for f in flags)
    # Old SGLang spells the graph batch size without the phase; canonical tp-size is the docs' --tp.
    assert "--cuda-graph-max-bs 64" in ex.docs_flags({"cuda-graph-max-bs": 64, "tp-size": 2}, "0.5.10.post1")
    assert ex.docs_flags({"tp-size": 2}, None)[1] == "--tp 2"
    assert ex.docs_flags({"disable-cuda-graph": True, "enable-foo": False}, "0.5.5")[1] == "--disable-cuda-graph"
    # Spelled by the same rules as the launch argv (sglang_args): newer SGLang names the graph backends.
    assert ex.docs_flags({"disable-cuda-graph": True}, "0.5.18")[1:3] == [
        "--cuda-graph-backend-decode disabled",
        "--cuda-graph-backend-prefill disabled",
    ]
    assert ex.docs_flags({"cuda-graph-max-bs": 32}, None)[1] == "--cuda-graph-max-bs-decode 32"


def test_env_keeps_tuning_knobs_and_drops_secrets_and_host_settings() -> None:
    env = ex.docs_env(h200_config().env)
    assert env == ["SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK=256"]


def test_cell_shape_and_hardware_evidence() -> None:
    cell = ex.cell_for(h200_config(), "flash", "fp8")
    d = cell.as_dict()
    assert set(d) == {"match", "verified", "env", "flags"}
    assert list(d["match"]) == ["hw", "variant", "quant", "strategy", "nodes"]
    assert d["match"] == {"hw": "h200", "variant": "flash", "quant": "fp8", "strategy": "balanced", "nodes": "single"}
    assert d["verified"] is True
    text = " ".join(cell.evidence)
    assert "8x NVIDIA H200" in text and "570.133.20" in text and "18 active NVLink" in text and "0.5.18" in text


def test_only_real_sglang_on_nvml_measured_by_bench_serving_may_become_a_cell() -> None:
    real = h200_config()
    text = " ".join(ex.cell_for(real).evidence)
    assert "engine SGLang, SGLang 0.5.18 (version from metadata)" in text and "(read through NVML)" in text
    assert "every request of the benchmark completed (sglang.bench_serving)" in text
    sim = h200_config(provenance=Provenance("sim", "profile:8xh200", "sim"))
    profile = h200_config(provenance=Provenance("sglang", "profile:8xh200", "metadata"))
    old = h200_config(provenance=Provenance())
    loadgen = h200_config(benchmarks=(replace(real.benchmarks[0], tool="safelaunch.upstream.loadgen"),))
    kept, refused = ex.select([real, sim, profile, old, loadgen], "sglang-docs")
    assert kept == [real] and len(refused) == 4
    assert "SIMULATED: run by safelaunch's simulated engine (sim)" in refused[0]
    assert "SIMULATED HARDWARE" in refused[1] and "SIMULATED OR UNKNOWN" in refused[2]
    assert "benchmarked with safelaunch.upstream.loadgen" in refused[3]
    assert ex.select([real, sim, loadgen], "markdown")[0] == [real, loadgen]  # the tool is said, not hidden
    assert ex.select([real, sim], "yaml", include_simulated=True)[0] == [real, sim]


def test_h200_nvl_is_not_flattened_into_h200() -> None:
    nvl = h200_config(
        hw_key="h200-nvl",
        device_name="NVIDIA H200 NVL",
        gpu_count=2,
        host_fingerprint="NVIDIA H200 NVL|x2|150754820096|nvlink2",
    )
    hw, entry = ex.hardware_id(nvl)
    assert hw == "h200-nvl" and entry == ex.HwEntry("h200-nvl", "H200 NVL", "141GB", "nvidia")
    cell = ex.cell_for(nvl)
    assert cell.match.hw == "h200-nvl"
    assert any("NVIDIA H200 NVL" in e and "2 active NVLink" in e for e in cell.evidence)
    doc = ex.model_docs([nvl])[0]
    assert doc.hardware == (entry,)
    odd, odd_entry = ex.hardware_id(h200_config(hw_key="nvidia-a10g", device_name="NVIDIA A10G"))
    assert odd == "nvidia-a10g" and odd_entry is not None and odd_entry.label == "A10G"


def test_booted_but_unbenchmarked_configs_are_not_exported_by_default() -> None:
    booted = h200_config(verified=False, benchmarks=())
    killed = h200_config(strategy="low-latency", load_failure=PastFailure("oom_runtime"))
    assert ex.exportable([booted, killed]) == []
    assert ex.exportable([booted, killed], include_unverified=True) == [booted]
    assert ex.cell_for(booted).verified is False


def test_rendered_cell_reads_back_identically() -> None:
    cell = ex.cell_for(h200_config(), "flash", "fp8")
    node = parse_value(ex.render_cell(cell, "    "))
    assert node.to_py() == cell.as_dict()


# --------------------------------------------------------------------------- the scanner vs a real JS parser


@needs_node
def test_scanner_reads_upstream_files_exactly_as_acorn_does() -> None:
    for path in (CONFIG_JSX, BENCH_JSX):
        ours = {e.name: e.value.to_py() for e in parse_module(path.read_text(encoding="utf-8"))}
        assert ours == acorn(path)["exports"]


def test_scanner_refuses_what_is_not_a_plain_literal() -> None:
    for bad, what in (
        ("export const config = { cells: [...base] };", "spread"),
        ("export const config = { cells: make() };", "not a plain literal"),
        ("export const config = { curl: `x ${y}` };", "template"),
        ("const x = 1;\nexport const config = {};", "export const"),
        ("export const config = { a: 1 ", "expected"),
        ("export const config = { a };", "shorthand"),
    ):
        with pytest.raises(JsLiteralError, match=what):
            parse_module(bad)
    with pytest.raises(JsLiteralError, match="line 3"):
        parse_module("export const config = {\n  a: 1,\n  b: oops,\n};")


# --------------------------------------------------------------------------- fresh files


@needs_node
def test_fresh_export_is_valid_cookbook_javascript(tmp_path: Path) -> None:
    configs = [h200_config(), h200_config(hw_key="h200-nvl", device_name="NVIDIA H200 NVL", strategy="low-latency")]
    (doc,) = ex.model_docs(configs)
    assert (doc.config_path, doc.benchmarks_path) == (
        "sgl-project/deepseek-v4-flash-fp8.jsx",
        "sgl-project/deepseek-v4-flash-fp8-benchmarks.jsx",
    )
    cfg_file, bench_file = tmp_path / "c.jsx", tmp_path / "b.jsx"
    cfg_file.write_text(ex.render_config_file(doc), encoding="utf-8")
    bench_file.write_text(ex.render_benchmarks_file(doc), encoding="utf-8")
    config = acorn(cfg_file)["exports"]["config"]
    for field in ("modelName", "supportedHardware", "variants", "quantizations", "strategies", "nodesOptions"):
        assert field in config
    assert {"cells", "modelNames", "placeholders", "curl"} <= set(config)
    assert config["cells"] == [c.as_dict() for c in doc.cells]
    assert config["supportedHardware"] == ["h200", "h200-nvl"]
    assert config["hardware"] == [{"id": "h200-nvl", "label": "H200 NVL", "vram": "141GB", "vendor": "nvidia"}]
    assert config["modelNames"] == {"default|fp8": "sgl-project/DeepSeek-V4-Flash-FP8"}
    for cell in config["cells"]:
        assert cell["flags"][-2:] == ["--host {{HOST_IP}}", "--port {{PORT}}"]
    benchmarks = acorn(bench_file)["exports"]["benchmarks"]
    assert benchmarks[0]["match"] == doc.cells[0].match.as_dict()
    assert benchmarks[0]["speed"][0] == {
        "workload": {"dataset": "random", "isl": 8192, "osl": 1024, "max_concurrency": 64},
        "ttft_ms": 901.44,
        "tpot_ms": 40.12,
        "tokens_per_sec_per_gpu": 3121,
    }
    assert benchmarks[0]["sglang_version"] == "0.5.18"


# --------------------------------------------------------------------------- --merge into upstream files


def _pure_insertion(before: str, after: str) -> str:
    """The text inserted into `before` to give `after`, asserting nothing else changed."""
    p = 0
    while p < len(before) and before[p] == after[p]:
        p += 1
    k = len(after) - len(before)
    assert k > 0 and after[p + k :] == before[p:], "more than one insertion"
    return after[p : p + k]


@needs_node
def test_merge_replaces_the_cell_with_the_same_match_and_nothing_else(tmp_path: Path) -> None:
    before = CONFIG_JSX.read_text(encoding="utf-8")
    bench_before = BENCH_JSX.read_text(encoding="utf-8")
    cfg = h200_config()
    result, bench_result = ex.merge_upstream(before, bench_before, [cfg])
    assert (result.replaced, result.added, result.notes) == (1, 0, ())
    assert (bench_result.replaced, bench_result.added) == (1, 0)
    merged, bench_merged = tmp_path / "deepseek-v4.jsx", tmp_path / "deepseek-v4-benchmarks.jsx"
    merged.write_text(result.text, encoding="utf-8")
    bench_merged.write_text(bench_result.text, encoding="utf-8")

    old, new = acorn(CONFIG_JSX), acorn(merged)
    expected = ex.cell_for(cfg, "flash", "fp8").as_dict()
    old_cells, new_cells = old["exports"]["config"]["cells"], new["exports"]["config"]["cells"]
    idx = next(i for i, c in enumerate(old_cells) if c["match"] == expected["match"])
    assert new_cells[idx] == expected
    assert new_cells[:idx] + new_cells[idx + 1 :] == old_cells[:idx] + old_cells[idx + 1 :]
    old_rest = {k: v for k, v in old["exports"]["config"].items() if k != "cells"}
    assert {k: v for k, v in new["exports"]["config"].items() if k != "cells"} == old_rest
    # Byte for byte: everything outside the replaced cell's span is the upstream text.
    (s0, e0), (s1, e1) = old["spans"]["config"][idx], new["spans"]["config"][idx]
    assert result.text[:s1] == before[:s0] and result.text[e1:] == before[e0:]
    cell_comment = re.sub(r"\s*\n\s*//\s*", " ", result.text[s1:e1])  # the comment wraps at the line width
    assert "8x NVIDIA H200, driver 570.133.20" in cell_comment
    assert SECRET not in result.text

    old_b, new_b = acorn(BENCH_JSX), acorn(bench_merged)
    bidx = next(i for i, b in enumerate(old_b["exports"]["benchmarks"]) if b["match"] == expected["match"])
    entry = new_b["exports"]["benchmarks"][bidx]
    assert entry["sglang_version"] == "0.5.18"
    assert [s["workload"]["max_concurrency"] for s in entry["speed"]] == [64, 256]
    assert "accuracy" not in entry  # our entry replaces theirs whole: its figures were measured with other flags
    (s0, e0), (s1, e1) = old_b["spans"]["benchmarks"][bidx], new_b["spans"]["benchmarks"][bidx]
    assert bench_result.text[:s1] == bench_before[:s0] and bench_result.text[e1:] == bench_before[e0:]


@needs_node
def test_merge_appends_a_new_cell_and_only_inserts(tmp_path: Path) -> None:
    before = CONFIG_JSX.read_text(encoding="utf-8")
    bench_before = BENCH_JSX.read_text(encoding="utf-8")
    cfg = h200_config(strategy="low-latency", flags={"tp": 8, "mem-fraction-static": 0.85, "trust-remote-code": True})
    result, bench_result = ex.merge_upstream(before, bench_before, [cfg])
    assert (result.replaced, result.added) == (0, 1)
    _pure_insertion(before, result.text)
    merged = tmp_path / "deepseek-v4.jsx"
    merged.write_text(result.text, encoding="utf-8")
    parsed = acorn(merged)
    new_cells = parsed["exports"]["config"]["cells"]
    start, end = parsed["spans"]["config"][-1]
    assert result.text[start - 5 : start] == "\n    " and result.text[end] == ","  # upstream's indent, trailing comma
    old_cells = acorn(CONFIG_JSX)["exports"]["config"]["cells"]
    assert new_cells[:-1] == old_cells and new_cells[-1] == ex.cell_for(cfg, "flash", "fp8").as_dict()
    _pure_insertion(bench_before, bench_result.text)
    bench_merged = tmp_path / "deepseek-v4-benchmarks.jsx"
    bench_merged.write_text(bench_result.text, encoding="utf-8")
    assert acorn(bench_merged)["exports"]["benchmarks"][-1]["match"]["strategy"] == "low-latency"
    # Merging the same config again replaces what we appended: idempotent.
    again, _ = ex.merge_upstream(result.text, None, [cfg])
    assert (again.replaced, again.added, again.text) == (1, 0, result.text)


def test_merge_keeps_crlf_and_handles_arrays_without_trailing_comma() -> None:
    src = (
        'export const config = {\r\n  modelNames: { "default|fp8": "org/m" },\r\n  variants: [{ id: "default" }],\r\n'
        '  supportedHardware: ["h200"],\r\n  cells: [\r\n    { match: { hw: "b200", variant: "default", quant: "fp8",'
        ' strategy: "balanced", nodes: "single" }, env: [], flags: [] }\r\n  ]\r\n};\r\n'
    )
    cfg = h200_config(model="org/m")
    result, _ = ex.merge_upstream(src, None, [cfg])
    inserted = _pure_insertion(src, result.text)
    assert inserted.startswith(",\r\n    {") and "\n" not in inserted.replace("\r\n", "")
    cells = parse_module(result.text)[0].value.get("cells").to_py()
    assert len(cells) == 2 and cells[1] == ex.cell_for(cfg, "default", "fp8").as_dict()
    empty = src.replace(src[src.index("cells: [") : src.index("]\r\n};")], "cells: [")
    result, _ = ex.merge_upstream(empty, None, [cfg])
    assert parse_module(result.text)[0].value.get("cells").to_py() == [ex.cell_for(cfg, "default", "fp8").as_dict()]


def test_merge_refuses_a_cell_whose_model_name_would_resolve_to_another_checkpoint() -> None:
    src = CONFIG_JSX.read_text(encoding="utf-8")
    # modelNames maps flash|fp8 to deepseek-ai/..., but h200|flash|fp8 to the sgl-project repackaging.
    cfg = h200_config(model="deepseek-ai/DeepSeek-V4-Flash")
    with pytest.raises(ex.ExportError, match=r"resolves .*sgl-project/DeepSeek-V4-Flash-FP8"):
        ex.merge_upstream(src, None, [cfg])
    with pytest.raises(ex.ExportError, match="pass --variant"):
        ex.merge_upstream(src, None, [h200_config(model="someone/Else")], only_named=False)
    with pytest.raises(ex.ExportError, match="no exportable config"):
        ex.merge_upstream(src, None, [h200_config(model="someone/Else")])


def test_merge_notes_a_hardware_id_the_file_does_not_list() -> None:
    src = CONFIG_JSX.read_text(encoding="utf-8")
    nvl = h200_config(model="deepseek-ai/DeepSeek-V4-Pro", hw_key="h200-nvl", device_name="NVIDIA H200 NVL")
    result, _ = ex.merge_upstream(src, None, [nvl])
    assert result.added == 1 and "'h200-nvl' is not in supportedHardware" in result.notes[0]


# --------------------------------------------------------------------------- the CLI end to end


def _seed_store(home: Path, *configs: VerifiedConfig) -> None:
    with Store.open(home / "safelaunch.db") as store:
        for cfg in configs:
            store.upsert_verified(cfg)


@needs_node
def test_cli_merge_updates_both_files_in_place(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _seed_store(home, h200_config(), h200_config(strategy="low-latency"))
    work = tmp_path / "deepseek-ai"
    shutil.copytree(COOKBOOK, work)
    out = run_cli("export", "--merge", str(work / "deepseek-v4.jsx"), SAFELAUNCH_HOME=str(home))
    assert out.returncode == 0, out.stderr
    assert "1 cell(s) replaced, 1 added" in out.stdout and "1 entry(ies) replaced, 1 added" in out.stdout
    cells = acorn(work / "deepseek-v4.jsx")["exports"]["config"]["cells"]
    assert len(cells) == len(acorn(CONFIG_JSX)["exports"]["config"]["cells"]) + 1
    assert acorn(work / "deepseek-v4-benchmarks.jsx")["exports"]["benchmarks"][-1]["match"]["strategy"] == "low-latency"
    data = b"".join(p.read_bytes() for p in work.iterdir())
    assert SECRET.encode() not in data


@needs_node
def test_cli_export_out_dir_and_stdout(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _seed_store(home, h200_config(), h200_config(model="Qwen/Qwen3-8B", verified=False, benchmarks=()))
    out = run_cli("export", "--out", str(tmp_path / "out"), SAFELAUNCH_HOME=str(home))
    assert out.returncode == 0, out.stderr
    written = sorted(Path(p).relative_to(tmp_path / "out").as_posix() for p in out.stdout.split())
    assert written == ["sgl-project/deepseek-v4-flash-fp8-benchmarks.jsx", "sgl-project/deepseek-v4-flash-fp8.jsx"]
    for name in written:
        acorn(tmp_path / "out" / name)
    printed = run_cli("export", "--model", "sgl-project/DeepSeek-V4-Flash-FP8", SAFELAUNCH_HOME=str(home))
    single = tmp_path / "printed.jsx"
    single.write_text(printed.stdout, encoding="utf-8")
    doc = acorn(single)["exports"]  # both files in one stream are still one valid module
    assert set(doc) == {"config", "benchmarks"} and doc["config"]["cells"][0]["verified"] is True
    none = run_cli("export", "--model", "Qwen/Qwen3-8B", SAFELAUNCH_HOME=str(home))
    assert none.returncode == 2 and "--include-unverified" in none.stderr and none.stderr.count("\n") == 1
    pending = run_cli("export", "--model", "Qwen/Qwen3-8B", "--include-unverified", SAFELAUNCH_HOME=str(home))
    assert "verified: false" in pending.stdout


def test_cli_export_on_an_empty_store_is_one_line(tmp_path: Path) -> None:
    out = run_cli("export", SAFELAUNCH_HOME=str(tmp_path / "none"))
    assert out.returncode == 2 and out.stderr.startswith("safelaunch: error: no config to export")
    assert "Traceback" not in out.stderr


# --------------------------------------------------------------------------- markdown


def test_markdown_is_a_pr_description_with_the_figures(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _seed_store(home, h200_config())
    out = run_cli("export", "--format", "markdown", SAFELAUNCH_HOME=str(home))
    assert out.returncode == 0, out.stderr
    md = out.stdout
    for needle in (
        "`NVIDIA H200`",
        "| GPU count | 8 |",
        "`570.133.20`",
        "18 active links per GPU",
        "`0.5.18`",
        "`sgl-project/DeepSeek-V4-Flash-FP8`",
        "`oom_cuda_graph`",
        "tried 2.00 GiB, free 1.00 GiB, batch size 256",
        "mem-fraction-static 0.88 -> 0.83",
        "| random | 8192 | 1024 | 64 | 901.44 | 40.12 | 3121 | 2773.9 |",
        "1,234,567 tokens",
        "sglang serve \\",
        "--model-path sgl-project/DeepSeek-V4-Flash-FP8",
    ):
        assert needle in md, needle
    assert SECRET not in md and "hf_x" not in md


# --------------------------------------------------------------------------- yaml recipes


def test_yaml_recipes_round_trip_through_the_catalogue(tmp_path: Path) -> None:
    configs = [h200_config(), h200_config(strategy="low-latency", quant=None, verified=False, benchmarks=())]
    ((name, text),) = ex.yaml_files(configs)
    assert name == "verified-deepseek-v4-flash-fp8.yaml"
    assert SECRET not in text and "hf_x" not in text
    data = yaml.safe_load(text)
    recipes = {r["id"]: r for r in data["recipes"]}
    first = recipes[ex.recipe_id(configs[0])]
    assert first["match"] == {
        "model": "sgl-project/DeepSeek-V4-Flash-FP8",
        "hw": "h200",
        "quant": "fp8",
        "strategy": "balanced",
        "nodes": "single",
        "gpus": 8,
    }
    assert first["flags"]["mem-fraction-static"] == 0.83 and "api-key" not in first["flags"]
    assert first["env"] == {"SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK": "256"}
    assert first["verified"] is True and first["benchmarks"][0]["sglang_version"] == "0.5.18"
    recipes_mod = pytest.importorskip("safelaunch.core.recipes", reason="the planner's recipe loader is not merged yet")
    policies = tmp_path / "policies"
    policies.mkdir()
    (policies / "defaults.yaml").write_text("retry: {}\nrecipes: []\n")
    (policies / name).write_text(text)
    cat = recipes_mod.load_catalogue(policies)
    loaded = {r.id: r for r in cat.recipes}
    for cfg in configs:
        r = loaded[ex.recipe_id(cfg)]
        assert (r.models, r.hw, r.gpus, r.strategy, r.quant) == (
            (cfg.model,),
            cfg.hw_key,
            cfg.gpu_count,
            cfg.strategy,
            cfg.quant,
        )
        assert dict(r.flags) == ex.recipe_flags(cfg.flags) and r.verified == cfg.verified


# --------------------------------------------------------------------------- the scanner on generated literals

_keys = st.from_regex(r"[A-Za-z_$][A-Za-z0-9_$]{0,8}", fullmatch=True) | st.text(max_size=8)
_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**15), 10**15)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=16)
)
_values = st.recursive(
    _scalars, lambda ch: st.lists(ch, max_size=4) | st.dictionaries(_keys, ch, max_size=4), max_leaves=24
)


def _js(value: object, draw: st.DrawFn, key: bool = False) -> str:
    """Render a value the ways upstream files write literals: quotes, bare keys, comments, trailing commas."""
    gap = draw(st.sampled_from(["", " ", "\n  ", " /* c */ ", " // c\n"]))
    if isinstance(value, dict):
        parts = []
        for k, v in value.items():
            bare = re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$]*", k) and draw(st.booleans())
            parts.append(f"{k if bare else _js(k, draw, key=True)}:{gap}{_js(v, draw)}")
        return "{" + gap + ("," + gap).join(parts) + ("," if parts and draw(st.booleans()) else "") + gap + "}"
    if isinstance(value, list):
        items = [_js(v, draw) for v in value]
        return "[" + gap + ("," + gap).join(items) + ("," if items and draw(st.booleans()) else "") + gap + "]"
    if isinstance(value, str):
        style = draw(st.sampled_from(["double", "single"] if key else ["double", "single", "template"]))
        body = json.dumps(value, ensure_ascii=draw(st.booleans()))[1:-1]
        if style == "single":
            return "'" + body.replace('\\"', '"').replace("'", "\\'") + "'"
        if style == "template":
            return "`" + body.replace('\\"', '"').replace("`", "\\`").replace("${", "\\${") + "`"
        return '"' + body + '"'
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


@given(value=_values, data=st.data())
@settings(max_examples=300, deadline=None)
def test_scanner_reads_generated_literals(value: object, data: st.DataObject) -> None:
    text = f"// header\nexport const config = {_js(value, data.draw)};\n"
    (exp,) = parse_module(text)
    assert exp.value.to_py() == value
    assert text[exp.value.start] in "{[\"'`-0123456789ntf." and exp.end <= len(text)
