"""Benchmark a running SGLang server the way SGLang's cookbook does, and let the load decide "verified".

Why: booting is not serving. A fraction that survives start-up can still run out of memory once real
batches arrive (activations, MoE workspaces, a full KV pool), so a config counts as verified only after it
has carried the benchmark's load. The figures go to the store in the cookbook's speed shape (TTFT and TPOT
at P50, input+output tokens per second per GPU), where `safelaunch export` finds them.

The package, pure parts first: `workloads` (what is sent), `method` (the tokenizer, exact input lengths, a
warm-up within the concurrency), `probe` (can SGLang's tool start here), `tool` (which tool measures, and its argv),
`server_info` (what the running server says about itself, and which stored config it is), `results` (the
tool's JSONL line -> figures), `outcome` (what a series proved); then the shell: `watch` (the engine's log
while the load runs), `run` (the tool as a subprocess), `serve_hook` (`serve --bench`) and `running_server`
(`safelaunch bench`). This `__init__` is the package's public API.
"""

from __future__ import annotations

from safelaunch.errors import SafelaunchError
from safelaunch.upstream.bench.method import Tokenizer, Warmup, choose_tokenizer, warmup_for
from safelaunch.upstream.bench.outcome import (
    FAILED_UNDER_LOAD,
    REQUESTS_FAILED,
    BenchOutcome,
    LoadFailure,
    result_header,
    result_row,
)
from safelaunch.upstream.bench.probe import ToolProbe, failure_line, probe_tool
from safelaunch.upstream.bench.results import BenchToolError, first_error, last_record, parse_result, redacted_line
from safelaunch.upstream.bench.run import ToolRun, run_workload, run_workloads
from safelaunch.upstream.bench.running_server import BenchReport, bench_running_server, stop_on_signals
from safelaunch.upstream.bench.serve_hook import after_healthy
from safelaunch.upstream.bench.server_info import gpus_in_use, match_config, server_flags
from safelaunch.upstream.bench.tool import (
    LOADGEN_MODULE,
    Runner,
    bench_argv,
    bench_module,
    choose_runner,
    find_tokenizer,
)
from safelaunch.upstream.bench.watch import EngineWatch, SleepWatch
from safelaunch.upstream.bench.workloads import Workload, bench_scale, dataset_for, plan_workloads

__all__ = [
    "FAILED_UNDER_LOAD",
    "LOADGEN_MODULE",
    "REQUESTS_FAILED",
    "BenchOutcome",
    "BenchReport",
    "BenchToolError",
    "EngineWatch",
    "LoadFailure",
    "Runner",
    "SafelaunchError",
    "SleepWatch",
    "Tokenizer",
    "ToolProbe",
    "ToolRun",
    "Warmup",
    "Workload",
    "after_healthy",
    "bench_argv",
    "bench_module",
    "bench_running_server",
    "bench_scale",
    "choose_runner",
    "choose_tokenizer",
    "dataset_for",
    "failure_line",
    "find_tokenizer",
    "first_error",
    "gpus_in_use",
    "last_record",
    "match_config",
    "parse_result",
    "plan_workloads",
    "probe_tool",
    "redacted_line",
    "result_header",
    "result_row",
    "run_workload",
    "run_workloads",
    "server_flags",
    "stop_on_signals",
    "warmup_for",
]
