"""Benchmark: workloads, the cookbook's argv, bench_serving's result line, the load generator, `safelaunch bench`."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from safelaunch.store import Provenance, Store, VerifiedConfig
from safelaunch.upstream import bench
from tests.conftest import ROOT, run_cli, subprocess_env

MODEL = "deepseek-ai/DeepSeek-V4-Flash"

# A result line with the keys SGLang 0.5.10.post1's bench_serving appends (values from a real-shaped run:
# 8x H200, TP 8 with DP attention 8, random 8192/1024 at concurrency 64).
REAL_LINE = json.dumps(
    {
        "tag": None,
        "backend": "sglang",
        "dataset_name": "random",
        "request_rate": float("inf"),
        "max_concurrency": 64,
        "sharegpt_output_len": None,
        "random_input_len": 8192,
        "random_output_len": 1024,
        "random_range_ratio": 1.0,
        "server_info": {
            "model_path": MODEL,
            "tp_size": 8,
            "dp_size": 8,
            "pp_size": 1,
            "enable_dp_attention": True,
            "mem_fraction_static": 0.88,
            "version": "0.5.10.post1",
            "internal_states": [{"avg_spec_accept_length": None}],
        },
        "duration": 354.2153,
        "completed": 128,
        "total_input_tokens": 1048576,
        "total_input_text_tokens": 1048576,
        "total_input_vision_tokens": 0,
        "total_output_tokens": 131072,
        "total_output_tokens_retokenized": 130911,
        "request_throughput": 0.36136,
        "input_throughput": 2960.27,
        "output_throughput": 370.03,
        "total_throughput": 3330.30,
        "mean_e2e_latency_ms": 42613.5,
        "median_e2e_latency_ms": 42890.1,
        "std_e2e_latency_ms": 1822.4,
        "p90_e2e_latency_ms": 44511.0,
        "p99_e2e_latency_ms": 45870.2,
        "mean_ttft_ms": 1034.7,
        "median_ttft_ms": 897.0,
        "std_ttft_ms": 402.3,
        "p99_ttft_ms": 2210.9,
        "mean_tpot_ms": 40.64,
        "median_tpot_ms": 41.27,
        "std_tpot_ms": 1.9,
        "p99_tpot_ms": 44.1,
        "mean_itl_ms": 40.6,
        "median_itl_ms": 39.8,
        "std_itl_ms": 12.0,
        "p95_itl_ms": 58.0,
        "p99_itl_ms": 120.4,
        "concurrency": 15.4,
        "accept_length": None,
        "max_output_tokens_per_s": 1600.0,
        "max_concurrent_requests": 64,
    }
)  # request_rate inf is written as Infinity, as json.dumps does in bench_serving


# --------------------------------------------------------------------------- pure parts


def test_a_real_bench_serving_line_becomes_the_cookbook_speed_entry() -> None:
    w = bench.Workload("random", 8192, 1024, 64, 128, 64)
    r = bench.parse_result(bench.last_record("tqdm noise\n" + REAL_LINE + "\n"), expected=w)
    assert (r.dataset, r.isl, r.osl, r.max_concurrency) == ("random", 8192, 1024, 64)
    assert r.ttft_ms == 897.0 and r.tpot_ms == 41.27  # P50, not the means
    # DP attention stays inside TP: 8 GPUs, not 64; tok/s/GPU counts input plus output
    assert r.extra["gpus"] == 8
    assert r.tokens_per_sec_per_gpu == pytest.approx(3330.30 / 8)
    assert r.output_throughput == 370.03 and r.total_throughput == 3330.30
    assert r.completed == 128 and r.num_prompts == 128 and "failed_requests" not in r.extra
    assert r.extra["p99_ttft_ms"] == 2210.9 and r.extra["median_itl_ms"] == 39.8
    from safelaunch.upstream.export import speed_dict

    assert speed_dict(r) == {
        "workload": {"dataset": "random", "isl": 8192, "osl": 1024, "max_concurrency": 64},
        "ttft_ms": 897.0,
        "tpot_ms": 41.27,
        "tokens_per_sec_per_gpu": 416,
    }


def test_result_lines_that_cannot_be_figures_are_refused() -> None:
    d = json.loads(REAL_LINE)
    with pytest.raises(bench.BenchToolError, match="no benchmark request completed"):
        bench.parse_result({**d, "completed": 0})
    with pytest.raises(bench.BenchToolError, match="median_tpot_ms"):
        bench.parse_result({k: v for k, v in d.items() if k != "median_tpot_ms"})
    with pytest.raises(bench.BenchToolError, match="no result line"):
        bench.last_record("Error running benchmark for request rate: inf\n")
    partial = bench.parse_result(d, 8, expected=bench.Workload("random", 8192, 1024, 64, 130, 1))
    assert partial.extra["failed_requests"] == 2


def test_gpus_in_use_follows_the_resolved_parallelism() -> None:
    assert bench.gpus_in_use({"tp_size": 4, "dp_size": 2, "pp_size": 1}, 8) == 8  # plain DP: replicas
    assert bench.gpus_in_use({"tp_size": 4, "dp_size": 4, "enable_dp_attention": True}, 8) == 4
    assert bench.gpus_in_use({"decode": [{"tp_size": 2}]}, 8) == 2
    assert bench.gpus_in_use(None, 8) == 8


def test_workloads_recipe_then_strategy_then_user_and_scale_shrinks_only_prompt_counts() -> None:
    recipe = [
        {"workload": {"dataset": "random", "isl": 8192, "osl": 1024, "max_concurrency": 64}},
        {"workload": {"dataset": "random", "isl": 8192, "osl": 1024, "max_concurrency": 256}},
    ]
    ws = bench.plan_workloads("balanced", recipe)
    assert [(w.isl, w.osl, w.max_concurrency, w.num_prompts) for w in ws] == [
        (8192, 1024, 64, 128),
        (8192, 1024, 256, 512),
    ]
    assert all(w.dataset == "random-ids" and w.warmup_requests == 64 for w in ws)
    assert [w.max_concurrency for w in bench.plan_workloads("low-latency")] == [1]
    assert [w.max_concurrency for w in bench.plan_workloads("balanced")] == [16, 64]
    assert [w.max_concurrency for w in bench.plan_workloads("high-throughput")] == [256]
    small = bench.plan_workloads("balanced", recipe, scale=0.05)
    assert [(w.max_concurrency, w.num_prompts, w.warmup_requests) for w in small] == [(64, 7, 4), (256, 26, 4)]
    mine = bench.plan_workloads("balanced", recipe, isl=128, osl=16, concurrency=(4, 4, 8), num_prompts=10)
    assert [(w.isl, w.osl, w.max_concurrency, w.num_prompts) for w in mine] == [(128, 16, 4, 10), (128, 16, 8, 10)]
    assert bench.plan_workloads("balanced", dataset=bench.dataset_for("/data/sharegpt.json"))[0].dataset == "random"
    with pytest.raises(bench.SafelaunchError):
        bench.plan_workloads("balanced", scale=0)


def test_module_by_version_and_by_the_installed_files(tmp_path: Path) -> None:
    assert bench.bench_module("0.5.10.post1") == "sglang.bench_serving"
    assert bench.bench_module("0.5.12") == "sglang.bench_serving"
    assert bench.bench_module("0.5.23") == "sglang.benchmark.serving"
    assert bench.bench_module(None) == "sglang.bench_serving"
    old = tmp_path / "old" / "sglang"
    old.mkdir(parents=True)
    (old / "bench_serving.py").write_text("")
    new = tmp_path / "new" / "sglang"
    (new / "benchmark").mkdir(parents=True)
    (new / "benchmark" / "serving.py").write_text("")
    assert bench.bench_module("0.5.30", str(old)) == "sglang.bench_serving"  # what is there wins
    assert bench.bench_module("0.5.10", str(new)) == "sglang.benchmark.serving"


def test_argv_is_the_cookbook_command_with_no_secret() -> None:
    runner = bench.Runner("sglang", "/opt/sglang/bin/python", "sglang.bench_serving", "0.5.10.post1")
    w = bench.Workload("random-ids", 8192, 1024, 64, 128, 64)
    argv = bench.bench_argv(runner, "127.0.0.1", 30001, MODEL, w, "/tmp/r.jsonl", "/data/sharegpt.json")
    assert argv[:3] == ["/opt/sglang/bin/python", "-m", "sglang.bench_serving"]
    text = " ".join(argv)
    for part in (
        "--backend sglang",
        "--host 127.0.0.1 --port 30001",
        f"--model {MODEL}",
        "--dataset-name random-ids",
        "--random-input-len 8192 --random-output-len 1024 --random-range-ratio 1.0",
        "--num-prompts 128 --max-concurrency 64 --warmup-requests 64",
        "--output-file /tmp/r.jsonl",
    ):
        assert part in text
    assert "--dataset-path" not in argv  # only `random` samples from a file
    w2 = bench.Workload("random", 8192, 1024, 64, 128, 64)
    assert (
        argv_value(bench.bench_argv(runner, "h", 1, MODEL, w2, "f", "/data/s.json"), "--dataset-path") == "/data/s.json"
    )
    assert not any("key" in a.lower() for a in argv)


def argv_value(argv: list[str], flag: str) -> str:
    return argv[argv.index(flag) + 1]


def test_sim_engine_and_missing_sglang_use_the_load_generator() -> None:
    assert bench.choose_runner("sim").module == "safelaunch.upstream.loadgen"
    r = bench.choose_runner("sglang", python=sys.executable)  # this venv has no SGLang
    assert r.tool == "loadgen" and "not installed" in r.why
    with pytest.raises(bench.SafelaunchError, match="--tool loadgen"):
        bench.choose_runner("sglang", python=sys.executable, tool="sglang")


def _cfg(**kw: Any) -> VerifiedConfig:
    base = dict(
        hw_key="h200",
        gpu_count=8,
        model=MODEL,
        quant="fp8",
        strategy="balanced",
        sglang_version="0.5.10.post1",
        flags={"tp": 8, "mem-fraction-static": 0.88},
        provenance=Provenance("sglang", "nvml", "metadata"),
    )
    base.update(kw)
    return VerifiedConfig(**base)  # type: ignore[arg-type]


def test_a_running_server_is_matched_to_its_stored_config_by_its_resolved_args() -> None:
    info = {"tp_size": 8, "mem_fraction_static": 0.83, "version": "0.5.10.post1"}
    a = _cfg(flags={"tp": 8, "mem-fraction-static": 0.88})
    b = _cfg(strategy="low-latency", flags={"tp": 8, "mem-fraction-static": 0.83})
    key = dict(hw_key="h200", gpu_count=8, model=MODEL, version="0.5.10.post1")
    assert bench.match_config([a, b], info, **key) is b
    assert bench.match_config([a, b], info, **key, strategy="balanced") is None  # contradicts the fraction
    assert bench.match_config([a], {"tp_size": 8}, **key) is a
    assert bench.match_config([a], {"tp_size": 8}, **{**key, "version": "0.5.23"}) is None
    # the simulator's /server_info says so: its figures go to simulated configs only, and a real server's never do
    sim = _cfg(provenance=Provenance("sim", "profile:8xh200", "sim"))
    assert bench.match_config([a, sim], {"tp_size": 8}, **key, simulated=True) is sim
    assert bench.match_config([sim], {"tp_size": 8}, **key) is None
    assert bench.match_config([_cfg(provenance=Provenance())], {"tp_size": 8}, **key) is None  # unknown: neither


# --------------------------------------------------------------------------- a tiny server of our own

TTFT_S = 0.05
TPOT_S = 0.004


class TinySglang(ThreadingHTTPServer):
    """SGLang's native /generate, streamed with cumulative text, at fixed delays; remembers each request."""

    daemon_threads = True

    def __init__(self, api_key: str | None = None) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.api_key = api_key
        self.bodies: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self.live = 0
        self.peak = 0
        self.fail_requests: set[int] = set()  # these request numbers (1-based, warm-up included) answer 500

    @property
    def port(self) -> int:
        return int(self.server_address[1])


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: TinySglang

    def log_message(self, *_: Any) -> None:
        pass

    def _json(self, status: int, doc: Any) -> None:
        raw = json.dumps(doc).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def do_GET(self) -> None:
        if self.path == "/health":
            self._json(200, {})
        elif self.path == "/server_info":
            self._json(
                200,
                {"model_path": MODEL, "tp_size": 8, "mem_fraction_static": 0.88, "version": "0.5.10.post1"},
            )
        else:
            self._json(404, {"detail": "Not Found"})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)) or b"{}")
        if self.path != "/generate":
            self._json(404, {"detail": "Not Found"})
            return
        key = self.server.api_key
        if key and self.headers.get("Authorization") != f"Bearer {key}":
            self._json(401, {"error": "Unauthorized"})
            return
        srv = self.server
        with srv.lock:
            srv.bodies.append(body)
            failing = len(srv.bodies) in srv.fail_requests
        if failing:
            self._json(500, {"object": "error", "message": "Simulated scheduler error on this request"})
            return
        with srv.lock:
            srv.live += 1
            srv.peak = max(srv.peak, srv.live)
        try:
            n_prompt = len(body.get("input_ids") or []) or len(str(body.get("text", "")).split())
            n = int(body["sampling_params"]["max_new_tokens"])
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.send_header("transfer-encoding", "chunked")
            self.end_headers()
            time.sleep(TTFT_S)
            text = ""
            for i in range(n):
                if i:
                    time.sleep(TPOT_S)
                text += " tok"
                meta = {"prompt_tokens": n_prompt, "completion_tokens": i + 1}
                self._chunk("data: " + json.dumps({"text": text, "meta_info": meta}) + "\n\n")
            self._chunk("data: [DONE]\n\n")
            self.wfile.write(b"0\r\n\r\n")
        finally:
            with srv.lock:
                srv.live -= 1

    def _chunk(self, data: str) -> None:
        raw = data.encode()
        self.wfile.write(f"{len(raw):x}\r\n".encode() + raw + b"\r\n")
        self.wfile.flush()


@pytest.fixture
def tiny() -> Iterator[TinySglang]:
    srv = TinySglang(api_key="s3cret-key")
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield srv
    srv.shutdown()
    srv.server_close()


def test_loadgen_measures_ttft_tpot_and_throughput_honestly(tiny: TinySglang, tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    out.write_text('{"earlier": "run"}\n')  # bench_serving appends; so does the load generator
    argv = [sys.executable, "-m", "safelaunch.upstream.loadgen", "--backend", "sglang", "--host", "127.0.0.1"]
    argv += ["--port", str(tiny.port), "--model", MODEL, "--dataset-name", "random-ids", "--random-input-len", "100"]
    argv += ["--random-output-len", "20", "--random-range-ratio", "1.0", "--num-prompts", "12"]
    argv += ["--max-concurrency", "4", "--warmup-requests", "2", "--output-file", str(out)]
    t0 = time.monotonic()
    res = subprocess.run(
        argv, capture_output=True, text=True, timeout=60, env=subprocess_env(OPENAI_API_KEY="s3cret-key"), cwd=ROOT
    )
    wall = time.monotonic() - t0
    assert res.returncode == 0, res.stderr + res.stdout
    lines = out.read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[0]) == {"earlier": "run"}
    d = json.loads(lines[1])
    assert d["tool"] == "safelaunch.upstream.loadgen" and d["completed"] == 12 and d["failed"] == 0
    # what was sent: 2 warm-ups capped at 32 tokens, then 12 requests of exactly 100 token ids, ignore_eos, streamed
    main = tiny.bodies[2:]
    assert len(tiny.bodies) == 14 and all(len(b["input_ids"]) == 100 for b in main)
    assert all(b["sampling_params"] == {"temperature": 0.0, "max_new_tokens": 20, "ignore_eos": True} for b in main)
    assert all(b["stream"] is True for b in main)
    assert tiny.peak <= 4
    # figures against the server's own delays (generous upper bounds: a busy CI machine only adds latency)
    assert TTFT_S <= d["median_ttft_ms"] / 1000 < TTFT_S + 0.5
    assert TPOT_S * 0.9 <= d["median_tpot_ms"] / 1000 < TPOT_S + 0.05
    assert d["total_input_tokens"] == 1200 and d["total_output_tokens"] == 240
    assert d["total_throughput"] == pytest.approx((1200 + 240) / d["duration"])
    assert d["output_throughput"] == pytest.approx(240 / d["duration"])
    assert d["duration"] < wall
    # 12 requests, 4 at a time, each about TTFT + 19 TPOT: three rounds at least
    assert d["duration"] >= 3 * (TTFT_S + 19 * TPOT_S) * 0.9
    assert 3.0 <= d["concurrency"] <= 4.0 + 1e-6
    assert d["max_concurrency"] == 4 and d["random_input_len"] == 100 and d["dataset_name"] == "random-ids"
    assert d["server_info"]["tp_size"] == 8
    r = bench.parse_result(d, expected=bench.Workload("random-ids", 100, 20, 4, 12, 2))
    assert r.tokens_per_sec_per_gpu == pytest.approx(d["total_throughput"] / 8)
    assert "s3cret-key" not in res.stdout + res.stderr


def test_loadgen_refuses_random_without_a_local_file_and_fails_on_a_dead_server(tmp_path: Path) -> None:
    base = [sys.executable, "-m", "safelaunch.upstream.loadgen", "--port", "9", "--num-prompts", "2"]
    res = subprocess.run(
        [*base, "--dataset-name", "random"], capture_output=True, text=True, env=subprocess_env(), cwd=tmp_path
    )
    assert res.returncode == 1 and "downloads nothing" in res.stderr
    res = subprocess.run(
        [*base, "--random-input-len", "4", "--random-output-len", "2"],
        capture_output=True,
        text=True,
        env=subprocess_env(),
        cwd=tmp_path,
        timeout=30,
    )
    assert res.returncode == 1 and "Warmup failed" in res.stderr


def test_loadgen_random_text_from_a_local_sharegpt_file(tiny: TinySglang, tmp_path: Path) -> None:
    data = [{"conversations": [{"from": "human", "value": "Tell me about GPUs, please."}, {"value": "Sure."}]}]
    path = tmp_path / "sharegpt.json"
    path.write_text(json.dumps(data))
    out = tmp_path / "r.jsonl"
    argv = [sys.executable, "-m", "safelaunch.upstream.loadgen", "--port", str(tiny.port), "--dataset-name", "random"]
    argv += ["--dataset-path", str(path), "--random-input-len", "30", "--random-output-len", "3"]
    argv += ["--random-range-ratio", "1.0", "--num-prompts", "3", "--warmup-requests", "0", "--output-file", str(out)]
    res = subprocess.run(argv, capture_output=True, text=True, env=subprocess_env(OPENAI_API_KEY="s3cret-key"))
    assert res.returncode == 0, res.stderr
    d = json.loads(out.read_text())
    assert all(isinstance(b["text"], str) and "GPUs" in b["text"] for b in tiny.bodies)
    assert d["input_tokens_counted_by"] == "server" and d["completed"] == 3


# --------------------------------------------------------------------------- `safelaunch bench` end to end


def test_bench_cli_records_the_figures_with_the_stored_config_and_export_says_which_tool(
    tiny: TinySglang, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    with Store.open(home / "safelaunch.db") as db:
        db.upsert_verified(_cfg(device_name="NVIDIA H200", host_fingerprint="NVIDIA H200|x8|150754820096|nvlink18"))
    args = ["bench", MODEL, "--port", str(tiny.port), "--host-profile", "8xh200", "--isl", "64", "--osl", "8"]
    args += ["--concurrency", "2,4", "--num-prompts", "6", "--warmup-requests", "1", "--json"]
    res = run_cli(*args, timeout=60, SAFELAUNCH_HOME=str(home), SAFELAUNCH_API_KEY="s3cret-key")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["tool"] == "safelaunch.upstream.loadgen" and out["recorded"] is True and out["verified"] is True
    assert [r["workload"]["max_concurrency"] for r in out["results"]] == [2, 4]
    assert out["config"]["strategy"] == "balanced" and out["gpus"] == 8
    assert "s3cret-key" not in res.stdout + res.stderr
    with Store.open(home / "safelaunch.db", readonly=True) as db:
        cfg = db.verified_configs()[0]
    assert cfg.verified and [b.max_concurrency for b in cfg.benchmarks] == [2, 4]
    assert all(b.dataset == "random-ids" and b.isl == 64 and b.osl == 8 for b in cfg.benchmarks)
    assert {b.tool for b in cfg.benchmarks} == {"safelaunch.upstream.loadgen"}
    # real SGLang on NVML, but measured by safelaunch's load generator: no cookbook cell (only bench_serving's are)
    exp = run_cli("export", "--format", "sglang-docs", SAFELAUNCH_HOME=str(home))
    assert exp.returncode == 2 and "not SGLang's own bench_serving" in exp.stderr and "export const" not in exp.stdout
    md = run_cli("export", "--format", "markdown", SAFELAUNCH_HOME=str(home))
    assert md.returncode == 0, md.stderr
    assert "SIMULATED" not in md.stdout and "| Benchmark tool | safelaunch.upstream.loadgen |" in md.stdout
    figures, measured = md.stdout.split("How it was measured")
    assert "max_concurrency" not in figures and "| random-ids | 64 | 8 | 4 |" in figures
    # the raw output kept beside each benchmark: the exact command and the tool's own line, with no secret
    assert measured.count("-m safelaunch.upstream.loadgen") == 2 and '"max_concurrency": 4' in measured
    assert "s3cret-key" not in md.stdout


def test_a_benchmark_with_any_failed_request_does_not_verify(tiny: TinySglang, tmp_path: Path) -> None:
    home = tmp_path / "home"
    with Store.open(home / "safelaunch.db") as db:
        db.upsert_verified(_cfg(device_name="NVIDIA H200", host_fingerprint="NVIDIA H200|x8|150754820096|nvlink18"))
    tiny.fail_requests = {3, 6}  # two of the six measured requests (the warm-up is request 1)
    args = ["bench", MODEL, "--port", str(tiny.port), "--host-profile", "8xh200", "--isl", "64", "--osl", "8"]
    args += ["--concurrency", "2", "--num-prompts", "6", "--warmup-requests", "1", "--json"]
    res = run_cli(*args, timeout=60, SAFELAUNCH_HOME=str(home), SAFELAUNCH_API_KEY="s3cret-key")
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert res.returncode != 0 and out["verified"] is False
    failure = out["failed_under_load"]
    assert failure["label"] == "requests_failed"
    assert failure["numbers"] == {"failed_requests": 2, "num_prompts": 6}
    assert "500" in failure["evidence"] and "Simulated scheduler error" in failure["evidence"]
    assert [r["completed"] for r in out["results"]] == [4]  # the figures are kept, the verdict is not
    with Store.open(home / "safelaunch.db", readonly=True) as db:
        (cfg,) = db.verified_configs()
    assert not cfg.verified and cfg.load_failure is not None and cfg.load_failure.label == "requests_failed"
    assert "2 of 6 requests failed; first error: 500" in (cfg.load_failure.change or "")


def test_the_first_error_comes_from_the_result_or_the_tool_s_own_line() -> None:
    tb = "Traceback (most recent call last):\n  File x\naiohttp.ClientPayloadError: Response payload is not completed"
    assert (
        bench.first_error({"errors": ["", tb]}, "") == "aiohttp.ClientPayloadError: Response payload is not completed"
    )
    assert bench.first_error({}, f"output.error={tb!r}\n").startswith("aiohttp.ClientPayloadError")
    assert bench.first_error(None, "8 of 512 requests failed; first: ReadError: \n") == "ReadError:"
    assert bench.first_error({}, "nothing here") == "the tool did not say why"


def test_bench_cli_says_clearly_when_no_server_answers(tmp_path: Path) -> None:
    res = run_cli("bench", MODEL, "--port", "9", "--host-profile", "8xh200", SAFELAUNCH_HOME=str(tmp_path))
    assert res.returncode != 0
    assert res.stderr.strip().startswith("safelaunch: error: no healthy SGLang server at http://127.0.0.1:9")
    assert "Traceback" not in res.stderr


# --------------------------------------------------------------------------- watching the engine under load


class _Line:
    def __init__(self, text: str) -> None:
        self.text = text


class _Event:
    def __init__(self, kind: str, label: str | None = None, text: str = "") -> None:
        self.kind, self.label, self.text, self.phase = kind, label, text, "serving"


class _FakeProc:
    """The engine boundary: lines as they would be read, and whether the process still runs."""

    def __init__(self, lines: list[str], alive: bool = True, returncode: int | None = None) -> None:
        self.lines = [_Line(t) for t in lines]
        self.alive = alive
        self.returncode = returncode

    def read(self, timeout: float) -> _Line | None:
        if self.lines:
            return self.lines.pop(0)
        time.sleep(min(timeout, 0.01))
        return None

    def drain(self) -> Iterator[_Line]:
        while self.lines:
            yield self.lines.pop(0)

    def is_alive(self) -> bool:
        return self.alive

    @property
    def output_closed(self) -> bool:
        return not self.alive and not self.lines


class _FakeClf:
    def __init__(self) -> None:
        self.label = "healthy"

    def feed(self, text: str) -> list[_Event]:
        if "CUDA out of memory" in text:
            self.label = "oom_runtime"
            return [_Event("failure", "oom_runtime", text)]
        return []

    def diagnosis(self) -> Any:
        return type("D", (), {"label": self.label, "phase": "serving", "numbers": {"gpu": 0}, "evidence": ()})()


def test_engine_watch_reports_an_oom_line_and_a_silent_death_under_load() -> None:
    quiet = bench.EngineWatch(_FakeProc(["[2026] Decode batch. #running-req: 64"]), _FakeClf())
    assert quiet.check(0.05) is None
    oom = bench.EngineWatch(_FakeProc(["Decode batch", "torch.OutOfMemoryError: CUDA out of memory."]), _FakeClf(), 0.0)
    f = oom.check(0.5)
    assert f is not None and f.label == "oom_runtime" and f.numbers["gpu"] == 0 and "out of memory" in f.evidence
    dead = bench.EngineWatch(_FakeProc([], alive=False, returncode=-9), _FakeClf())
    f = dead.check(0.5)
    assert f is not None and f.label == "crash" and f.numbers["exit_code"] == -9


# --------------------------------------------------------------------------- `serve --bench` with the simulated engine

SIM = {"SAFELAUNCH_SIM_SPEED": "200", "SAFELAUNCH_SIM_SEED": "3", "SAFELAUNCH_BENCH_SCALE": "0.02"}


def _serve(home: Path, *args: str, **env: str) -> tuple[subprocess.CompletedProcess, dict]:
    res = run_cli(
        "--log-format",
        "json",
        "serve",
        MODEL,
        "--engine",
        "sim",
        "--host-profile",
        "8xh200",
        "--exit-when-healthy",
        "--json",
        *args,
        timeout=90,
        SAFELAUNCH_HOME=str(home),
        **{**SIM, **env},
    )
    lines = [line for line in res.stdout.strip().splitlines() if line.startswith("{")]
    assert lines, f"no JSON summary; rc={res.returncode}\nstdout={res.stdout}\nstderr={res.stderr[-3000:]}"
    return res, json.loads(lines[-1])


def test_a_simulated_benchmark_is_recorded_as_simulated_and_never_exported_as_a_fact(tmp_path: Path) -> None:
    res, out = _serve(tmp_path, "--bench")
    assert res.returncode == 0, res.stderr[-3000:]
    assert out["healthy"] is True and out["verified"] is True and out["failed_under_load"] is None
    assert out["bench_tool"] == "safelaunch.upstream.loadgen"
    # the recipe's workloads (deepseek-v4-flash/h200/fp8/balanced): 8192/1024 at 64 and 256
    assert [(b["workload"]["isl"], b["workload"]["max_concurrency"]) for b in out["benchmarks"]] == [
        (8192, 64),
        (8192, 256),
    ]
    for b in out["benchmarks"]:
        assert b["completed"] == b["num_prompts"] and b["ttft_ms"] > 0 and b["tpot_ms"] > 0
        assert b["tokens_per_sec_per_gpu"] == pytest.approx(b["total_throughput"] / b["extra"]["gpus"])
    home = {"SAFELAUNCH_HOME": str(tmp_path)}
    hist = json.loads(run_cli("history", "--json", **home).stdout)
    (cfg,) = hist["verified"]
    assert cfg["verified"] is True and len(cfg["benchmarks"]) == 2
    assert cfg["provenance"] == {"engine": "sim", "hardware": "profile:8xh200", "version_source": "sim"}
    assert {b["tool"] for b in cfg["benchmarks"]} == {"safelaunch.upstream.loadgen"}
    assert {a["provenance"]["engine"] for a in hist["attempts"]} == {"sim"}
    table = run_cli("history", **home).stdout
    assert "engine" in table and " sim " in table
    # never a cookbook cell, never merged upstream
    docs = run_cli("export", "--format", "sglang-docs", **home)
    assert docs.returncode == 2 and "verified: true" not in docs.stdout and "export const" not in docs.stdout
    assert "SIMULATED" in docs.stderr and "no config to export" in docs.stderr
    target = tmp_path / "deepseek-v4.jsx"
    target.write_bytes((ROOT / "tests/fixtures/cookbook/deepseek-ai/deepseek-v4.jsx").read_bytes())
    before = target.read_bytes()
    merged = run_cli("export", "--merge", str(target), **home)
    assert merged.returncode == 2 and "SIMULATED" in merged.stderr and target.read_bytes() == before
    refused = run_cli("export", "--format", "sglang-docs", "--include-simulated", **home)
    assert refused.returncode == 2 and "never becomes a cookbook cell" in refused.stderr
    # markdown and yaml: only when asked, and then every table, comment and recipe says SIMULATED
    assert run_cli("export", "--format", "markdown", **home).returncode == 2
    md = run_cli("export", "--format", "markdown", "--include-simulated", **home)
    assert md.returncode == 0, md.stderr
    lines = md.stdout.splitlines()
    table_heads = [lines[i - 1] for i, line in enumerate(lines) if line.startswith("|---")]
    headings = [line for line in lines if line.startswith("#")]
    assert len(table_heads) >= 2 and all("SIMULATED" in h for h in table_heads)
    assert headings and all("SIMULATED" in h for h in headings)
    assert "```js" not in md.stdout and "safelaunch.upstream.loadgen" in md.stdout and "bench_serving" not in md.stdout
    assert "real hardware" not in md.stdout
    ym = run_cli("export", "--format", "yaml", "--include-simulated", **home)
    assert ym.returncode == 0, ym.stderr
    assert ym.stdout.startswith("# SIMULATED") and "real hardware" not in ym.stdout
    recipes = __import__("yaml").safe_load(ym.stdout)["recipes"]
    assert recipes and all(
        r["id"].startswith("simulated-") and r["provenance"].startswith("SIMULATED") and r["verified"] is False
        for r in recipes
    )


def test_an_oom_under_load_is_recorded_and_the_next_start_lowers_the_fraction(tmp_path: Path) -> None:
    res, out = _serve(tmp_path, "--bench", SAFELAUNCH_SIM_FAULT="oom_serving=#12", SAFELAUNCH_BENCH_SCALE="0.05")
    assert res.returncode != 0
    assert out["healthy"] is False and out["verified"] is False
    assert out["reason"].startswith("failed under load")
    failure = out["failed_under_load"]
    assert failure["label"].startswith("oom") and failure["numbers"]["tried_bytes"] > 0
    first = out["flags"]["mem-fraction-static"]
    hist = json.loads(run_cli("history", "--json", SAFELAUNCH_HOME=str(tmp_path)).stdout)
    (cfg,) = hist["verified"]
    assert cfg["verified"] is False and cfg["load_failure"]["label"] == failure["label"]
    assert any(a["failure_label"] == failure["label"] and a["phase"] == "serving" for a in hist["attempts"])
    exp = run_cli("export", "--format", "sglang-docs", SAFELAUNCH_HOME=str(tmp_path))
    assert exp.returncode != 0  # a config that load killed is never exported
    res, again = _serve(tmp_path)
    assert res.returncode == 0, res.stderr[-3000:]
    assert again["healthy"] and again["flags"]["mem-fraction-static"] < first
