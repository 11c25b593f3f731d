"""SGLang's own benchmark as a GPU host runs it: probed by running it, the server's tokenizer, exact input lengths,
a warm-up within the concurrency, the raw output kept; and the real bench_serving against the simulator."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from safelaunch.store import Provenance, Store, VerifiedConfig
from safelaunch.upstream import bench
from tests.conftest import run_cli, subprocess_env
from tests.ports import free_port as _free_port

MODEL = "Qwen/Qwen3-8B"
# Set by .ci/run: an interpreter with SGLang 0.5.5 installed (its bench_serving imports without torch), and one
# with SGLang 0.5.10.post1 and no torch (whose bench_serving cannot start).
REAL_ENV = "SAFELAUNCH_TEST_SGLANG_PYTHON"
BROKEN_ENV = "SAFELAUNCH_TEST_SGLANG_BROKEN_PYTHON"

# What SGLang 0.5.10.post1's `python -m sglang.bench_serving --help` printed in a venv without torch.
NO_TORCH = """Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "/v/lib/python3.11/site-packages/sglang/bench_serving.py", line 47, in <module>
    from sglang.srt.utils.network import NetworkAddress
  File "/v/lib/python3.11/site-packages/sglang/srt/utils/__init__.py", line 2, in <module>
    from sglang.srt.utils.common import *
  File "/v/lib/python3.11/site-packages/sglang/srt/utils/common.py", line 81, in <module>
    import torch
ModuleNotFoundError: No module named 'torch'
"""


def test_a_failed_start_reads_as_the_failing_import_and_where() -> None:
    line = bench.failure_line(NO_TORCH, 1)
    assert line == "ModuleNotFoundError: No module named 'torch' (at sglang/srt/utils/common.py:81 `import torch`)"
    assert bench.failure_line("", 139) == "exited with status 139 and printed nothing"
    help_text = "  --tokenizer TOKENIZER\n  --tokenize-prompt     Use integer ids\n  --warmup-requests N\n"
    assert bench.probe.flags_in_help(help_text) == {"--tokenizer", "--tokenize-prompt", "--warmup-requests"}


def test_warm_up_never_exceeds_the_concurrency_and_says_so() -> None:
    w = bench.Workload("random-ids", 8192, 1024, 1, 32, 64)
    old = bench.warmup_for("sglang", "0.5.10.post1", w)  # gathers every warm-up request at once
    assert (old.requests, old.at_once, old.asked) == (1, 1, 64)
    assert "not 64" in old.note and "all at once" in old.note
    unknown = bench.warmup_for("sglang", None, w)
    assert unknown.requests == 1
    new = bench.warmup_for("sglang", "0.5.21", w)  # keeps warm-up at the run's concurrency
    assert (new.requests, new.at_once) == (64, 1)
    wide = bench.warmup_for("sglang", "0.5.10.post1", bench.Workload("random-ids", 8192, 1024, 64, 128, 64))
    assert (wide.requests, wide.at_once) == (64, 64)
    gen = bench.warmup_for("loadgen", None, w)
    assert (gen.requests, gen.at_once) == (64, 1) and "load generator" in gen.note


def test_exact_input_lengths_where_the_installed_version_can_send_ids() -> None:
    flags = frozenset({"--tokenize-prompt", "--tokenizer"})
    assert bench.method.tokenize_prompt("sglang", flags, "random-ids", "0.5.10.post1")
    assert bench.method.tokenize_prompt("sglang", flags, "random-ids", "0.5.9")
    # 0.5.5-0.5.8 build the ids as numpy int64, which the request's JSON cannot carry
    assert not bench.method.tokenize_prompt("sglang", flags, "random-ids", "0.5.5")
    assert "fixed in 0.5.9" in bench.method.lengths_note("sglang", flags, "random-ids", "0.5.5")
    assert not bench.method.tokenize_prompt("sglang", flags, "random", "0.5.10.post1")  # ShareGPT text
    assert not bench.method.tokenize_prompt("sglang", frozenset(), "random-ids", "0.5.10.post1")
    runner = bench.Runner("sglang", "/py", "sglang.bench_serving", "0.5.10.post1", flags=flags)
    w = bench.Workload("random-ids", 64, 8, 2, 6, 4)
    argv = bench.bench_argv(runner, "h", 1, MODEL, w, "o", tokenizer="/m/tok", tokenize_prompt=True, warmup_requests=2)
    assert argv[argv.index("--tokenizer") + 1] == "/m/tok" and "--tokenize-prompt" in argv
    assert argv[argv.index("--warmup-requests") + 1] == "2"
    gen = bench.Runner("loadgen", sys.executable, bench.LOADGEN_MODULE)
    assert "--tokenizer" not in bench.bench_argv(gen, "h", 1, MODEL, w, "o", tokenizer="/m/tok")


def test_the_tokenizer_is_the_one_the_server_loaded(tmp_path: Path) -> None:
    local = tmp_path / "qwen3-8b"
    local.mkdir()
    isdir = os.path.isdir
    info = {"model_path": str(local), "tokenizer_path": str(local)}
    assert bench.choose_tokenizer("/x", info, MODEL, isdir).source == "--tokenizer"
    tok = bench.choose_tokenizer(None, info, MODEL, isdir)
    assert tok.path == str(local) and "tokenizer_path" in tok.source
    # a Hub id: the cache's snapshot of the server's revision, else the name (the Hub or its cache must have it)
    hub = {"model_path": MODEL, "tokenizer_path": MODEL, "revision": "abc123"}
    seen: list[tuple[str, str | None]] = []

    def snap(name: str, rev: str | None) -> str:
        seen.append((name, rev))
        return "/cache/snap"

    assert bench.choose_tokenizer(None, hub, MODEL, isdir, snap).path == "/cache/snap" and seen == [(MODEL, "abc123")]
    by_name = bench.choose_tokenizer(None, hub, MODEL, isdir)
    assert by_name.path == MODEL and "by name" in by_name.source


def test_the_raw_line_keeps_everything_but_secrets() -> None:
    record = {"server_info": {"api_key": "s3cret-key", "admin_api_key": None, "tp_size": 1}, "completed": 2}
    line = json.dumps(record)
    out = bench.redacted_line(line, record)
    assert "s3cret-key" not in out and out == line.replace("s3cret-key", "***")
    assert json.loads(out)["completed"] == 2


def test_the_server_s_count_of_input_tokens_from_its_counters() -> None:
    text = (
        "# TYPE sglang:prompt_tokens_total counter\n"
        'sglang:prompt_tokens_total{model_name="m",tp_rank="0"} 512.0\n'
        'sglang:num_requests_total{model_name="m",tp_rank="0"} 8.0\n'
    )
    after = bench.counters.parse_counters(text)
    assert after == {"prompt_tokens": 512.0, "requests": 8.0}
    seen = bench.counters.difference({"prompt_tokens": 0.0, "requests": 0.0}, after)
    warm = bench.warmup_for("sglang", "0.5.10.post1", bench.Workload("random-ids", 64, 8, 2, 6, 2))
    check = bench.method.input_tokens_check(384, 6, seen, warm, True)
    assert check["agree"] is True and "the tool 64.0, the server 64.0" in check["note"]
    assert bench.method.input_tokens_check(384, 6, None, warm, True)["server"] is None


def test_sglang_0_5_5_lines_have_no_total_throughput_and_still_count() -> None:
    line = {"completed": 4, "median_ttft_ms": 5.0, "median_tpot_ms": 1.0, "input_throughput": 900.0}
    line |= {"output_throughput": 100.0, "random_input_len": 64, "random_output_len": 8, "max_concurrency": 2}
    b = bench.parse_result(line, 1)
    assert b.total_throughput == 1000.0 and b.tokens_per_sec_per_gpu == 1000.0


# --------------------------------------------------------------------------- against the simulated server


@pytest.fixture(scope="module")
def sim() -> Iterator[int]:
    """The simulated SGLang 0.5.10.post1 serving Qwen3-8B on one simulated H200, with /metrics."""
    port = _free_port()
    argv = [sys.executable, "-m", "safelaunch.sim", "--model-path", MODEL, "--tp", "1"]
    argv += ["--mem-fraction-static", "0.8", "--host", "127.0.0.1", "--port", str(port), "--enable-metrics"]
    env = subprocess_env(SAFELAUNCH_HOST_PROFILE="1xh200", SAFELAUNCH_SIM_SPEED="200", SAFELAUNCH_SIM_SEED="3")
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, "the simulator exited"
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the simulator never became healthy"
            time.sleep(0.1)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _store_config(home: Path) -> None:
    cfg = VerifiedConfig(
        hw_key="h200",
        gpu_count=1,
        model=MODEL,
        quant=None,
        strategy="balanced",
        sglang_version="0.5.10.post1",
        flags={"tp": 1, "mem-fraction-static": 0.8},
        provenance=Provenance("sim", "profile:1xh200", "sim"),
    )
    with Store.open(home / "safelaunch.db") as db:
        db.upsert_verified(cfg)


def tiny_tokenizer(where: Path) -> Path:
    """A word-level tokenizer of 1000 ids (`w1`..`w999`), as files AutoTokenizer loads offline."""
    where.mkdir(parents=True, exist_ok=True)
    unk = {"id": 0, "content": "[UNK]", "single_word": False, "lstrip": False, "rstrip": False}
    tok = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [{**unk, "normalized": False, "special": True}],
        "normalizer": None,
        "pre_tokenizer": {"type": "Whitespace"},
        "post_processor": None,
        "decoder": None,
        "model": {
            "type": "WordLevel",
            "vocab": {"[UNK]": 0, **{f"w{i}": i for i in range(1, 1000)}},
            "unk_token": "[UNK]",
        },
    }
    (where / "tokenizer.json").write_text(json.dumps(tok))
    (where / "tokenizer_config.json").write_text(
        json.dumps({"tokenizer_class": "PreTrainedTokenizerFast", "unk_token": "[UNK]"})
    )
    return where


def _bench(home: Path, port: int, python: str, *extra: str) -> tuple[subprocess.CompletedProcess, dict]:
    args = ["bench", MODEL, "--port", str(port), "--host-profile", "1xh200", "--isl", "64", "--osl", "8"]
    args += ["--concurrency", "2", "--num-prompts", "6", "--warmup-requests", "4", "--python", python, "--json"]
    res = run_cli(*args, *extra, timeout=240, SAFELAUNCH_HOME=str(home), SAFELAUNCH_API_KEY="s3cret-key")
    lines = [ln for ln in res.stdout.splitlines() if ln.startswith("{")]
    assert lines, f"rc={res.returncode}\n{res.stderr[-3000:]}"
    return res, json.loads(lines[-1])


def _fake_broken_sglang(root: Path) -> str:
    """An interpreter whose SGLang 0.5.10.post1 is installed but imports torch, which it lacks (the real chain:
    bench_serving -> sglang.srt.utils.network -> utils/__init__ -> common.py `import torch`)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True)
    (site,) = (root / "lib").glob("python3*/site-packages")
    pkg = site / "sglang"
    (pkg / "srt" / "utils").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "version.py").write_text('__version__ = "0.5.10.post1"\n')
    (pkg / "srt" / "__init__.py").write_text("")
    (pkg / "bench_serving.py").write_text("from sglang.srt.utils.network import NetworkAddress\n")
    (pkg / "srt" / "utils" / "__init__.py").write_text("from sglang.srt.utils.common import *\n")
    (pkg / "srt" / "utils" / "network.py").write_text("NetworkAddress = None\n")
    (pkg / "srt" / "utils" / "common.py").write_text("import os\nimport torch\n")
    meta = site / "sglang-0.5.10.post1.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: sglang\nVersion: 0.5.10.post1\n")
    return str(root / "bin" / "python")


def _broken_python(tmp_path: Path) -> str:
    return os.environ.get(BROKEN_ENV) or _fake_broken_sglang(tmp_path / "broken-venv")


def test_a_broken_sglang_says_why_in_one_line_and_the_load_generator_measures(sim: int, tmp_path: Path) -> None:
    python = _broken_python(tmp_path)
    home = tmp_path / "home"
    _store_config(home)
    res, out = _bench(home, sim, python)
    assert res.returncode == 0, res.stderr[-3000:]
    assert out["tool"] == "safelaunch.upstream.loadgen" and out["recorded"] is True
    why = [m for m in out["method"] if m.startswith("not SGLang's own benchmark")]
    assert len(why) == 1, out["method"]
    assert "SGLang 0.5.10.post1's sglang.bench_serving cannot start in" in why[0]
    assert "No module named 'torch'" in why[0] and "sglang/srt/utils/common.py" in why[0]
    assert "Traceback" not in res.stderr and "s3cret-key" not in res.stdout + res.stderr
    # --tool sglang: an error of one line, nothing measured
    res2 = run_cli(
        "bench", MODEL, "--port", str(sim), "--host-profile", "1xh200", "--python", python, "--tool", "sglang",
        "--no-store", timeout=120,
    )  # fmt: skip
    assert res2.returncode != 0 and "Traceback" not in res2.stderr
    err = [ln for ln in res2.stderr.splitlines() if ln.strip()]
    assert len(err) == 1 and "No module named 'torch'" in err[0] and "--tool loadgen" in err[0]
    with Store.open(home / "safelaunch.db", readonly=True) as db:
        (cfg,) = db.verified_configs()
    (b,) = cfg.benchmarks
    assert b.tool == "safelaunch.upstream.loadgen" and "No module named 'torch'" in b.raw["fallback"]
    assert b.raw["tokenizer"]["path"] is None and b.raw["tokenize_prompt"] is True
    assert b.raw["warmup"]["at_once"] <= 2
    assert b.raw["input_tokens"]["agree"] is True  # ids sent; the server counted 64 per request
    assert json.loads(b.raw["jsonl"])["tool"] == "safelaunch.upstream.loadgen"
    # history shows it (raw in --json; one line per benchmark with --raw), the markdown export names the tool
    hist = json.loads(run_cli("history", "--json", SAFELAUNCH_HOME=str(home)).stdout)
    assert "No module named 'torch'" in hist["verified"][0]["benchmarks"][0]["raw"]["fallback"]
    raw = run_cli("history", "--raw", SAFELAUNCH_HOME=str(home))
    assert raw.returncode == 0 and "fallback: SGLang 0.5.10.post1" in raw.stdout and "s3cret" not in raw.stdout
    md = run_cli("export", "--format", "markdown", "--include-simulated", SAFELAUNCH_HOME=str(home))
    assert md.returncode == 0, md.stderr
    assert "### SIMULATED How it was measured" in md.stdout and "fallback: SGLang 0.5.10.post1" in md.stdout
    assert "-m safelaunch.upstream.loadgen" in md.stdout and '"completed": 6' in md.stdout


def _real_python() -> str:
    python = os.environ.get(REAL_ENV)
    if not python:
        pytest.skip(f"no real SGLang interpreter: .ci/run sets {REAL_ENV} (SGLang 0.5.5 in a venv of its own)")
    return python


def test_sglang_s_real_bench_serving_against_the_simulator_is_stored_field_by_field(sim: int, tmp_path: Path) -> None:
    python = _real_python()
    home = tmp_path / "home"
    _store_config(home)
    tok = tiny_tokenizer(tmp_path / "tok")
    res, out = _bench(home, sim, python, "--tokenizer", str(tok))
    assert res.returncode == 0, res.stderr[-3000:]
    assert out["tool"] in ("sglang.bench_serving", "sglang.benchmark.serving") and out["recorded"] is True
    with Store.open(home / "safelaunch.db", readonly=True) as db:
        (cfg,) = db.verified_configs()
    (b,) = cfg.benchmarks
    line = json.loads(b.raw["jsonl"])
    assert "tool" not in line and "total_output_tokens_retokenized" in line  # SGLang's own line, not ours
    # the stored figures are the tool's own fields
    assert (b.ttft_ms, b.tpot_ms) == (line["median_ttft_ms"], line["median_tpot_ms"])
    assert (b.output_throughput, b.request_throughput) == (line["output_throughput"], line["request_throughput"])
    assert b.completed == line["completed"] == 6 and b.duration_s == line["duration"]
    total = line.get("total_throughput", line["input_throughput"] + line["output_throughput"])
    assert b.total_throughput == pytest.approx(total) and b.tokens_per_sec_per_gpu == pytest.approx(total)
    assert (b.isl, b.osl, b.max_concurrency) == (line["random_input_len"], line["random_output_len"], 2)
    for key in ("mean_ttft_ms", "p99_ttft_ms", "median_itl_ms", "total_input_tokens", "total_output_tokens"):
        assert b.extra[key] == line[key]
    # how it ran: the exact command, the version, the tokenizer, the warm-up within the concurrency
    cmd = b.raw["command"]
    assert cmd[0] == python and cmd[cmd.index("--tokenizer") + 1] == str(tok)
    assert b.raw["tool_version"].startswith("SGLang 0.5.") and b.raw["tokenizer"]["source"] == "--tokenizer"
    assert int(cmd[cmd.index("--warmup-requests") + 1]) <= 2 and b.raw["warmup"]["at_once"] <= 2
    assert ("--tokenize-prompt" in cmd) == b.raw["tokenize_prompt"]
    assert b.raw["input_tokens"]["server"] is not None and b.raw["input_tokens"]["agree"] is True
    assert "s3cret-key" not in json.dumps(b.raw) and "s3cret-key" not in res.stdout + res.stderr


def test_serve_bench_tool_sglang_with_a_broken_sglang_says_why_and_verifies_nothing(tmp_path: Path) -> None:
    python = _broken_python(tmp_path)
    res = run_cli(
        "--log-format", "json", "serve", MODEL, "--engine", "sim", "--host-profile", "1xh200", "--exit-when-healthy",
        "--json", "--bench", "--bench-tool", "sglang", "--python", python, timeout=120, SAFELAUNCH_HOME=str(tmp_path),
        SAFELAUNCH_SIM_SPEED="200", SAFELAUNCH_SIM_SEED="3", SAFELAUNCH_BENCH_SCALE="0.02",
    )  # fmt: skip
    out = json.loads([ln for ln in res.stdout.splitlines() if ln.startswith('{"healthy"')][-1])
    assert res.returncode != 0 and out["verified"] is False and out["benchmarks"] == []
    assert "cannot start" in out["bench_error"] and "No module named 'torch'" in out["bench_error"]
    assert out["bench_error"].endswith("or use --bench-tool loadgen") and "Traceback" not in res.stderr
    loadgen = run_cli(
        "--log-format", "json", "serve", MODEL, "--engine", "sim", "--host-profile", "1xh200", "--exit-when-healthy",
        "--json", "--bench", "--bench-tool", "loadgen", timeout=120, SAFELAUNCH_HOME=str(tmp_path / "h2"),
        SAFELAUNCH_SIM_SPEED="200", SAFELAUNCH_SIM_SEED="3", SAFELAUNCH_BENCH_SCALE="0.02",
    )  # fmt: skip
    out = json.loads([ln for ln in loadgen.stdout.splitlines() if ln.startswith('{"healthy"')][-1])
    assert loadgen.returncode == 0 and out["verified"] is True and out["bench_tool"] == "safelaunch.upstream.loadgen"
    assert any(m.startswith("warm-up:") for m in out["bench_method"])
