"""Observability around an SGLang server (0.4.6.post5, 0.5.3, 0.5.10.post1) as it shows in the log (a helper, blind).

Scope: `--enable-metrics` and its Prometheus multiprocess directory (PROMETHEUS_MULTIPROC_DIR missing, on a read-only
file system, not writable, a file instead of a folder; a corrupted file left there by a previous run, which SGLang reads
because it never repoints the variable at its own temporary folder), the `--bucket-*` / `--*-tokens-buckets` options
(argparse, SGLang's own rule checks, prometheus_client's sorted-bucket check), `--extra-metric-labels` (bad JSON, a
label name Prometheus refuses), `--export-metrics-to-file` without its folder, the KV-events publisher that
`init_metrics` starts (`--kv-events-config`, its ZMQ port taken), the dummy health/metrics server of a `--node-rank 1`
node (its port taken), OpenTelemetry (`--enable-trace` without the packages, an unsupported OTLP protocol, a collector
that cannot be reached over gRPC or HTTP), request logging (`--log-requests-level`, `--log-requests-target` on a folder
that cannot be created, prompts that quote error messages), crash dumps (`--crash-dump-folder` after an OOM, a CUDA
fault and an NCCL watchdog timeout: 0.5.3's GCS upload that fails, a dump folder that cannot be created), the profiler
(`/start_profile` into a read-only or missing folder, a full disk while exporting the trace, a profile that completes
with CUPTI warnings), and `/metrics` scrape lines in the access log (200s, 404s without `--enable-metrics`, 500s).

Sources: each message is copied from the named release's wheel (file:line under sglang/ of that release; call paths
read there: engine.py `_launch_subprocesses` / `_set_envs_and_config`, utils `set_prometheus_multiproc_dir`,
tokenizer_manager.py `init_metric_collector_watchdog` / `init_request_logging_and_dumping` /
`dump_requests_before_crash` / `running_phase_sigquit_handler`, observability/trace.py `process_tracing_init`,
scheduler_profiler_mixin.py `stop_profile`, observability/scheduler_metrics_mixin.py `init_metrics`,
disaggregation/kv_events.py `ZmqEventPublisher`, utils/common.py `launch_dummy_health_check_server`,
server_args.py `validate_buckets_rule` / `check_server_args`), or from the library that prints it
(prometheus_client 0.21.1 metrics.py / multiprocess.py / mmap_dict.py, opentelemetry-sdk and
opentelemetry-exporter-otlp-proto-grpc/-http 1.27.0, argparse, tempfile, asyncio via uvicorn, pyzmq, torch's NCCL
watchdog and kineto), or from the public thread cited (sglang#2874 for the profiler's export frames, sglang#7720 for the
node-rank-1 metrics server). Format fields are filled with plausible values. Line numbers of the standard library,
torch, urllib3/requests, starlette and pyzmq internals are approximate.

Labelling policy: labels by /work/shared/corpus/README.md, decided before the classifier ran. An observability setting
that stops the server (a metrics / trace / request-log / profile folder that cannot be written, a bucket or label the
metrics library refuses, a tracing option whose package or protocol is missing) is `config_error`: the remedy is to
fix or drop that setting, never memory, TP or a restart with the same flags. That includes a profile that kills a
serving scheduler because its output folder is read-only, missing or on a full disk (no label fits better; the remedy
is the profiler folder). An observability socket whose port is taken is `port_in_use`. A crash dump written (or failing
to be written) after a real failure does not decide the label: the failure it dumps after does (OOM while serving ->
`oom_runtime`, an illegal memory access -> `cuda_error_other`, an NCCL watchdog timeout -> `nccl_or_distributed`).
Exporter retries, exporter tracebacks, `/metrics` 404s or 500s and request logs quoting errors, on a server that keeps
serving, are `healthy`.

First sight: 29/29 (no misses; XFAIL is empty). Healthy contrasts 5/5: all five end `healthy` and none fires a failure
event when fed line by line to a LogClassifier (EVENT_XFAIL is empty). Most start-up config errors are caught by the
classifier's generic "unnamed exception" rule rather than a rule naming the observability setting.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import TB, first_sight, ts


class Template(NamedTuple):
    version: str
    source: str
    label: str
    why: str
    log: str


CASES: dict[str, Template] = {}


def case(name: str, version: str, source: str, label: str, why: str, log: str) -> None:
    assert name not in CASES
    CASES[name] = Template(version, source, label, why, log)


# ------------------------------------------------------------------------------------------------------ builders
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
RUNPY312 = (("<frozen runpy>", 198, "_run_module_as_main", ""), ("<frozen runpy>", 88, "_run_code", ""))
MP312 = (
    ("/usr/lib/python3.12/multiprocessing/process.py", 314, "_bootstrap", "self.run()"),
    ("/usr/lib/python3.12/multiprocessing/process.py", 108, "run", "self._target(*self._args, **self._kwargs)"),
)
DECORATE = ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)")


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/` unless it starts with `/` or `<` (absolute) or `+` (another
    package in the same site-packages: `+torch/...`) or `=` (a path printed as is: Cython's `_zmq.py`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("="):
            full = path[1:]
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{site}/sglang/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sargs(second: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def usage_0510() -> list[str]:
    """argparse's usage block as 0.5.10.post1's parser prints it (cut: the real one is ~300 lines)."""
    return [
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH]",
        "                        [--tokenizer-mode {auto,slow}]",
        "                        [--tokenizer-worker-num TOKENIZER_WORKER_NUM]",
        "                        [--skip-tokenizer-init]",
        "                        [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote,remote_instance}]",
        "                        [--enable-metrics] [--enable-mfu-metrics]",
        "                        [--enable-metrics-for-all-schedulers]",
        "                        [--bucket-time-to-first-token BUCKET_TIME_TO_FIRST_TOKEN [BUCKET_TIME_TO_FIRST_TOKEN ...]]",
        "                        [--bucket-inter-token-latency BUCKET_INTER_TOKEN_LATENCY [BUCKET_INTER_TOKEN_LATENCY ...]]",
        "                        [--bucket-e2e-request-latency BUCKET_E2E_REQUEST_LATENCY [BUCKET_E2E_REQUEST_LATENCY ...]]",
        "                        ...",
    ]


def launch_warning_0510() -> list[str]:
    return [
        f"{PY312}/sglang/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
        "  Example: sglang serve --model-path <model> [options]",
        "  warnings.warn(",
    ]


def p(second: int, rank: str = "") -> str:
    """SGLang's prefix for a rank ('' when tp_size is 1: no tag)."""
    return ts(second, rank or None)


def boot(
    version: str,
    *,
    rank: str = "",
    model_cls: str = "Qwen2ForCausalLM",
    start: int = 2,
    until: str = "ready",
    port: int = 30000,
) -> list[str]:
    """Start-up lines of one rank (`rank` is the prefix tag, '' when tp_size is 1) as the release prints them, up to
    `until` ("graphs" = after the capture and, on the first rank, the max_total_num_tokens line; "ready" = the
    ready line)."""
    s = start
    new = version == "0.5.10.post1"
    dist_end = (
        "Init torch distributed ends. elapsed=2.31 s, mem usage=0.62 GB"
        if new
        else "Init torch distributed ends. mem usage=0.62 GB"
    )
    if new:
        wend = f"Load weight end. elapsed=11.84 s, type={model_cls}, avail mem=63.20 GB, mem usage=15.31 GB."
    else:
        wend = f"Load weight end. type={model_cls}, dtype=torch.bfloat16, avail mem=63.20 GB, mem usage=15.31 GB."
    lines = [
        f"{p(s, rank)} Init torch distributed begin.",
        f"{p(s + 3, rank)} {dist_end}",
        f"{p(s + 4, rank)} Load weight begin. avail mem=78.51 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:11<00:00,  2.87s/it]",
        f"{p(s + 16, rank)} {wend}",
        f"{p(s + 16, rank)} KV Cache is allocated. #tokens: 812345, K size: 24.79 GB, V size: 24.79 GB",
        f"{p(s + 16, rank)} Memory pool end. avail mem=12.10 GB",
        f"{p(s + 17, rank)} Capture cuda graph begin. This can take up to several minutes. avail mem=11.95 GB",
        "Capturing batches (bs=160 avail_mem=11.80 GB): 100%|██████████| 23/23 [00:09<00:00,  2.41it/s]",
        f"{p(s + 27, rank)} Capture cuda graph end. Time elapsed: 9.81 s. mem usage=1.21 GB. avail mem=10.74 GB.",
    ]
    if rank in ("", "TP0"):  # printed by TP rank 0 only (a node_rank 1 node has none)
        tail = "" if version == "0.4.6.post5" else ", available_gpu_mem=10.74 GB"
        lines.append(
            f"{p(s + 28, rank)} max_total_num_tokens=812345, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768{tail}"
        )
    if until == "graphs":
        return lines
    lines += [
        f"{ts(s + 29)} INFO:     Started server process [4242]",
        f"{ts(s + 29)} INFO:     Waiting for application startup.",
        f"{ts(s + 29)} INFO:     Application startup complete.",
        f"{ts(s + 29)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(s + 30)} INFO:     127.0.0.1:46704 - "GET /{"model_info" if new else "get_model_info"} HTTP/1.1" 200 OK',
        f"{p(s + 30, rank)} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f'{ts(s + 31)} INFO:     127.0.0.1:46710 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(s + 31)} The server is fired up and ready to roll!",
    ]
    return lines


def serving(second: int, rank: str = "", n: int = 2) -> list[str]:
    out = []
    for i in range(n):
        out += [
            f"{p(second + 2 * i, rank)} Prefill batch. #new-seq: 6, #new-token: 9216, #cached-token: 1024, token usage: 0.31, #running-req: 42, #queue-req: 3",
            f'{ts(second + 2 * i)} INFO:     10.0.3.7:5{1200 + i} - "POST /v1/chat/completions HTTP/1.1" 200 OK',
            f"{p(second + 2 * i + 1, rank)} Decode batch. #running-req: 48, #token: 259200, token usage: 0.32, cuda graph: True, gen throughput (token/s): 2311.40, #queue-req: 0",
        ]
    return out


def scrape(second: int, status: str = "200 OK", client: str = "10.42.0.17") -> str:
    return f'{ts(second)} INFO:     {client}:39{second % 1000:03d} - "GET /metrics HTTP/1.1" {status}'


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def running_sigquit(second: int) -> str:
    return (
        f"{ts(second)} SIGQUIT received. signum=3, frame=<frame at 0x7f5e1c3a8b80, file "
        f"'{PY312}/uvicorn/server.py', line 236, code main_loop>. It usually means one child failed."
    )


# The launcher's call path into `_launch_subprocesses`, per release
LAUNCH_0510 = RUNPY312 + (
    ("launch_server.py", 62, "<module>", "run_server(server_args)"),
    ("launch_server.py", 47, "run_server", "launch_server(server_args)"),
    ("srt/entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
)
LAUNCH_053 = RUNPY312 + (
    ("launch_server.py", 28, "<module>", "launch_server(server_args)"),
    (
        "srt/entrypoints/http_server.py",
        1250,
        "launch_server",
        "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
    ),
)
LAUNCH_046 = RUNPY310 + (
    ("launch_server.py", 14, "<module>", "launch_server(server_args)"),
    (
        "srt/entrypoints/http_server.py",
        743,
        "launch_server",
        "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
    ),
)
PROM_0510 = LAUNCH_0510 + (
    ("srt/entrypoints/engine.py", 641, "_launch_subprocesses", "_set_envs_and_config(server_args)"),
    ("srt/entrypoints/engine.py", 1121, "_set_envs_and_config", "set_prometheus_multiproc_dir()"),
    (
        "srt/utils/common.py",
        1322,
        "set_prometheus_multiproc_dir",
        "prometheus_multiproc_dir = tempfile.TemporaryDirectory(",
    ),
)
MKDTEMP312 = (
    ("/usr/lib/python3.12/tempfile.py", 882, "__init__", "self.name = mkdtemp(suffix, prefix, dir)"),
    ("/usr/lib/python3.12/tempfile.py", 373, "mkdtemp", "_os.mkdir(file, 0o700)"),
)
CHECK_0510 = LAUNCH_0510 + (
    ("srt/entrypoints/engine.py", 642, "_launch_subprocesses", "server_args.check_server_args()"),
)
TOKMGR_0510 = LAUNCH_0510 + (
    (
        "srt/entrypoints/engine.py",
        721,
        "_launch_subprocesses",
        "tokenizer_manager, template_manager = init_tokenizer_manager_func(",
    ),
    (
        "srt/entrypoints/engine.py",
        129,
        "init_tokenizer_manager",
        "tokenizer_manager = TokenizerManagerClass(server_args, port_args)",
    ),
)
WAIT_0510 = LAUNCH_0510 + (
    ("srt/entrypoints/engine.py", 730, "_launch_subprocesses", "scheduler_init_result.wait_for_ready()"),
    (
        "srt/entrypoints/engine.py",
        599,
        "wait_for_ready",
        "infos = _wait_for_scheduler_ready(scheduler_pipe_readers, scheduler_procs)",
    ),
    (
        "srt/entrypoints/engine.py",
        1226,
        "_wait_for_scheduler_ready",
        "raise _scheduler_died_error(j, scheduler_procs[j])",
    ),
)
DIED_0510 = "RuntimeError: Rank 0 scheduler died during initialization (exit code: 1). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check."
SCHED_0510 = (("srt/managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),)
LOOP_0510 = (
    ("srt/managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("srt/managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
    ("srt/managers/scheduler.py", 3497, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
    DECORATE,
)
PROFILE_STOP_0510 = LOOP_0510 + (
    ("srt/managers/scheduler.py", 1361, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("srt/managers/scheduler.py", 2645, "run_batch", "self._profile_batch_predicate(batch)"),
    ("srt/managers/scheduler_profiler_mixin.py", 372, "_profile_batch_predicate", "self.stop_profile()"),
)
PROM_VALIDATE = (
    ("+prometheus_client/metrics.py", 399, "__init__", "super().__init__("),
    ("+prometheus_client/metrics.py", 136, "__init__", "self._labelnames = _validate_labelnames(self, labelnames)"),
    ("+prometheus_client/metrics.py", 51, "_validate_labelnames", "_validate_labelname(l)"),
    ("+prometheus_client/metrics.py", 43, "_validate_labelname", "raise ValueError('Invalid label metric name: ' + l)"),
)

# ================================================================ PROMETHEUS_MULTIPROC_DIR (launcher, start-up)
case(
    "prom_dir_missing_0510",
    "0.5.10.post1",
    "sglang/srt/utils/common.py:1313-1328 (TemporaryDirectory(dir=os.environ['PROMETHEUS_MULTIPROC_DIR'])); engine.py:641/1121",
    "config_error",
    "PROMETHEUS_MULTIPROC_DIR names a folder that does not exist: fix the env var (or drop --enable-metrics)",
    join(
        launch_warning_0510(),
        TB,
        tb(PY312, *PROM_0510, *MKDTEMP312),
        "FileNotFoundError: [Errno 2] No such file or directory: '/var/run/sglang/prometheus/tmpq8w3n1zd'",
    ),
)
case(
    "prom_dir_readonly_fs_046",
    "0.4.6.post5",
    "sglang/srt/utils.py:1126-1141 set_prometheus_multiproc_dir; entrypoints/engine.py:548/487",
    "config_error",
    "a read-only volume mounted as PROMETHEUS_MULTIPROC_DIR: the launcher cannot create its temp folder there",
    join(
        TB,
        tb(
            PY310,
            *LAUNCH_046,
            ("srt/entrypoints/engine.py", 548, "_launch_subprocesses", "_set_envs_and_config(server_args)"),
            ("srt/entrypoints/engine.py", 487, "_set_envs_and_config", "set_prometheus_multiproc_dir()"),
            (
                "srt/utils.py",
                1135,
                "set_prometheus_multiproc_dir",
                "prometheus_multiproc_dir = tempfile.TemporaryDirectory(",
            ),
            ("/usr/lib/python3.10/tempfile.py", 819, "__init__", "self.name = mkdtemp(suffix, prefix, dir)"),
            ("/usr/lib/python3.10/tempfile.py", 368, "mkdtemp", "_os.mkdir(file, 0o700)"),
        ),
        "OSError: [Errno 30] Read-only file system: '/metrics/tmp4yk2d0x7'",
    ),
)
case(
    "prom_dir_permission_053",
    "0.5.3",
    "sglang/srt/utils/common.py:1351-1366; entrypoints/engine.py:763/697 (k8s: non-root user, dir owned by root)",
    "config_error",
    "PROMETHEUS_MULTIPROC_DIR not writable by the container's user: a permissions / env setting, not a resource",
    join(
        TB,
        tb(
            PY312,
            *LAUNCH_053,
            ("srt/entrypoints/engine.py", 763, "_launch_subprocesses", "_set_envs_and_config(server_args)"),
            ("srt/entrypoints/engine.py", 697, "_set_envs_and_config", "set_prometheus_multiproc_dir()"),
            (
                "srt/utils/common.py",
                1360,
                "set_prometheus_multiproc_dir",
                "prometheus_multiproc_dir = tempfile.TemporaryDirectory(",
            ),
            *MKDTEMP312,
        ),
        "PermissionError: [Errno 13] Permission denied: '/prometheus/tmpv0c9h3ka'",
    ),
)
case(
    "prom_dir_is_a_file_0510",
    "0.5.10.post1",
    "sglang/srt/utils/common.py:1322 (mkdtemp under a path that is a file)",
    "config_error",
    "PROMETHEUS_MULTIPROC_DIR points at a file (a stale .prom path from an old deployment), not a folder",
    join(
        launch_warning_0510(),
        TB,
        tb(PY312, *PROM_0510, *MKDTEMP312),
        "NotADirectoryError: [Errno 20] Not a directory: '/tmp/sglang_metrics.prom/tmp3m0x1w9e'",
    ),
)

# ================================================================ --bucket-* / tokens buckets / labels (start-up)
case(
    "bucket_ttft_unsorted_0510",
    "0.5.10.post1",
    "managers/tokenizer_manager.py:221/430 -> observability/metrics_collector.py:1269 Histogram; prometheus_client 0.21.1 metrics.py:612-617",
    "config_error",
    "--bucket-time-to-first-token given out of order: prometheus_client refuses unsorted buckets in the tokenizer manager",
    join(
        launch_warning_0510(),
        sargs(
            0,
            "Qwen/Qwen2.5-32B-Instruct",
            tp_size=2,
            enable_metrics=True,
            bucket_time_to_first_token=[0.5, 0.1, 1.0, 2.0, 5.0, 10.0],
        ),
        f"{p(3, 'TP0')} Init torch distributed begin.",
        f"{p(3, 'TP1')} Init torch distributed begin.",
        TB,
        tb(
            PY312,
            *TOKMGR_0510,
            ("srt/managers/tokenizer_manager.py", 221, "__init__", "self.init_metric_collector_watchdog()"),
            (
                "srt/managers/tokenizer_manager.py",
                430,
                "init_metric_collector_watchdog",
                "self.metrics_collector = TokenizerMetricsCollector(",
            ),
            (
                "srt/observability/metrics_collector.py",
                1269,
                "__init__",
                "self.histogram_time_to_first_token = Histogram(",
            ),
            ("+prometheus_client/metrics.py", 599, "__init__", "self._prepare_buckets(buckets)"),
            (
                "+prometheus_client/metrics.py",
                617,
                "_prepare_buckets",
                "raise ValueError('Buckets not in sorted order')",
            ),
        ),
        "ValueError: Buckets not in sorted order",
        f"{p(6, 'TP1')} Init torch distributed ends. elapsed=2.48 s, mem usage=0.62 GB",
    ),
)
case(
    "bucket_e2e_unsorted_046",
    "0.4.6.post5",
    "srt/managers/tokenizer_manager.py:262 -> srt/metrics/collector.py:491 Histogram; prometheus_client metrics.py:617",
    "config_error",
    "--bucket-e2e-request-latency given largest-first: a metrics argument error at tokenizer-manager init",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            enable_metrics=True,
            bucket_e2e_request_latency=[300.0, 60.0, 30.0, 10.0, 1.0],
        ),
        f"{ts(2)} Init torch distributed begin.",
        TB,
        tb(
            PY310,
            *LAUNCH_046,
            (
                "srt/entrypoints/engine.py",
                649,
                "_launch_subprocesses",
                "tokenizer_manager = TokenizerManager(server_args, port_args)",
            ),
            (
                "srt/managers/tokenizer_manager.py",
                262,
                "__init__",
                "self.metrics_collector = TokenizerMetricsCollector(",
            ),
            ("srt/metrics/collector.py", 491, "__init__", "self.histogram_e2e_request_latency = Histogram("),
            ("+prometheus_client/metrics.py", 599, "__init__", "self._prepare_buckets(buckets)"),
            (
                "+prometheus_client/metrics.py",
                617,
                "_prepare_buckets",
                "raise ValueError('Buckets not in sorted order')",
            ),
        ),
        "ValueError: Buckets not in sorted order",
    ),
)
case(
    "bucket_e2e_comma_list_0510",
    "0.5.10.post1",
    "server_args.py:4352-4357 (--bucket-e2e-request-latency type=float nargs='+'); argparse",
    "config_error",
    "a comma-separated list where argparse wants space-separated floats: the arguments are rejected (exit 2)",
    join(
        launch_warning_0510(),
        usage_0510(),
        "launch_server.py: error: argument --bucket-e2e-request-latency: invalid float value: '0.1,0.5,1,2,5,10,30'",
    ),
)
case(
    "prompt_tokens_bucket_rule_0510",
    "0.5.10.post1",
    "server_args.py:6139 check_server_args -> 6354 validate_buckets_rule",
    "config_error",
    "--prompt-tokens-buckets with a rule type SGLang does not have: an argument assertion in the launcher",
    join(
        launch_warning_0510(),
        TB,
        tb(
            PY312,
            *CHECK_0510,
            ("srt/server_args.py", 6139, "check_server_args", "self.validate_buckets_rule("),
            ("srt/server_args.py", 6354, "validate_buckets_rule", "assert rule in ["),
        ),
        "AssertionError: Unsupported --prompt-tokens-buckets rule type: 'exponential'. Must be one of: 'tse', 'default', 'custom'",
    ),
)
case(
    "generation_tokens_tse_base_0510",
    "0.5.10.post1",
    "server_args.py:6142 check_server_args -> 6372 validate_buckets_rule",
    "config_error",
    "--generation-tokens-buckets tse 1000 1 8: the TSE base must exceed 1; an argument assertion",
    join(
        launch_warning_0510(),
        TB,
        tb(
            PY312,
            *CHECK_0510,
            ("srt/server_args.py", 6142, "check_server_args", "self.validate_buckets_rule("),
            (
                "srt/server_args.py",
                6372,
                "validate_buckets_rule",
                'assert base > 1, f"{arg_name} TSE base must be larger than 1, got: {base}"',
            ),
        ),
        "AssertionError: --generation-tokens-buckets TSE base must be larger than 1, got: 1.0",
    ),
)
case(
    "export_metrics_without_dir_0510",
    "0.5.10.post1",
    "server_args.py:6220-6224 check_server_args",
    "config_error",
    "--export-metrics-to-file without --export-metrics-to-file-dir",
    join(
        launch_warning_0510(),
        TB,
        tb(PY312, *CHECK_0510, ("srt/server_args.py", 6222, "check_server_args", "raise ValueError(")),
        "ValueError: --export-metrics-to-file-dir is required when --export-metrics-to-file is enabled",
    ),
)
case(
    "extra_metric_labels_bad_json_0510",
    "0.5.10.post1",
    "server_args.py:4331-4336 (--extra-metric-labels type=json.loads); argparse 'invalid %(type)s value'",
    "config_error",
    "--extra-metric-labels given as a shell-mangled dict: argparse's json.loads rejects it",
    join(
        launch_warning_0510(),
        usage_0510(),
        "launch_server.py: error: argument --extra-metric-labels: invalid loads value: \"{cluster: 'prod-a', team: infra}\"",
    ),
)
case(
    "extra_metric_label_name_invalid_0510",
    "0.5.10.post1",
    "scheduler.py:366 init_metrics -> scheduler_metrics_mixin.py:146 -> metrics_collector.py:188 Gauge; prometheus_client metrics.py:43",
    "config_error",
    "--extra-metric-labels '{\"k8s-cluster\": ...}': Prometheus label names cannot hold '-'; the scheduler dies before loading",
    join(
        launch_warning_0510(),
        sargs(0, "Qwen/Qwen3-8B", enable_metrics=True, extra_metric_labels={"k8s-cluster": "prod-a"}),
        f"{ts(3)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *SCHED_0510,
            ("srt/managers/scheduler.py", 366, "__init__", "self.init_metrics(tp_rank, pp_rank, dp_rank)"),
            (
                "srt/observability/scheduler_metrics_mixin.py",
                146,
                "init_metrics",
                "self.metrics_collector = SchedulerMetricsCollector(",
            ),
            ("srt/observability/metrics_collector.py", 188, "__init__", "self.num_running_reqs = Gauge("),
            *PROM_VALIDATE,
        ),
        "ValueError: Invalid label metric name: k8s-cluster",
        "",
        sigquit(3),
    ),
)

# ================================================================ KV events publisher / node-rank-1 metrics server ports
case(
    "kv_events_port_taken_0510",
    "0.5.10.post1",
    "observability/scheduler_metrics_mixin.py:168/176 init_kv_events; disaggregation/kv_events.py:195/268 ZmqEventPublisher._socket_setup bind",
    "port_in_use",
    "the KV-events PUB socket (tcp://*:5557) is still held by the previous server on this host",
    join(
        launch_warning_0510(),
        sargs(
            0,
            "Qwen/Qwen3-8B",
            enable_metrics=True,
            kv_events_config='{"publisher": "zmq", "endpoint": "tcp://*:5557", "topic": "kv-events"}',
        ),
        f"{ts(3)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *SCHED_0510,
            ("srt/managers/scheduler.py", 366, "__init__", "self.init_metrics(tp_rank, pp_rank, dp_rank)"),
            (
                "srt/observability/scheduler_metrics_mixin.py",
                168,
                "init_metrics",
                "self.init_kv_events(self.server_args.kv_events_config)",
            ),
            (
                "srt/observability/scheduler_metrics_mixin.py",
                176,
                "init_kv_events",
                "self.kv_event_publisher = EventPublisherFactory.create(",
            ),
            (
                "srt/disaggregation/kv_events.py",
                442,
                "create",
                "return constructor(attn_dp_rank=attn_dp_rank, **config_dict)",
            ),
            ("srt/disaggregation/kv_events.py", 195, "__init__", "self._socket_setup()"),
            ("srt/disaggregation/kv_events.py", 268, "_socket_setup", "self._pub.bind(self._endpoint)"),
            ("+zmq/sugar/socket.py", 311, "bind", "super().bind(addr)"),
            ("=_zmq.py", 917, "zmq.backend.cython._zmq.Socket.bind", ""),
            ("=_zmq.py", 179, "zmq.backend.cython._zmq._check_rc", ""),
        ),
        "zmq.error.ZMQError: Address already in use (addr='tcp://*:5557')",
        "",
        sigquit(3),
    ),
)
case(
    "node1_metrics_server_port_taken_0510",
    "0.5.10.post1",
    "engine.py:684-694 (node_rank>=1) -> utils/common.py:2423-2482 launch_dummy_health_check_server; uvicorn/asyncio bind error; sglang PR #7720",
    "port_in_use",
    "node 1's health/metrics server cannot bind --port: another process holds it, so its probes and /metrics never answer",
    join(
        launch_warning_0510(),
        sargs(
            0,
            "deepseek-ai/DeepSeek-V3",
            tp_size=16,
            nnodes=2,
            node_rank=1,
            dist_init_addr="10.0.1.11:5000",
            port=30000,
            enable_metrics=True,
            enable_metrics_for_all_schedulers=True,
        ),
        boot("0.5.10.post1", rank="TP8", model_cls="DeepseekV3ForCausalLM", until="graphs")[:-3],
        boot("0.5.10.post1", rank="TP9", model_cls="DeepseekV3ForCausalLM", until="graphs")[-4:-3],
        boot("0.5.10.post1", rank="TP8", model_cls="DeepseekV3ForCausalLM", until="graphs")[-3:],
        boot("0.5.10.post1", rank="TP9", model_cls="DeepseekV3ForCausalLM", until="graphs")[-1:],
        f"{ts(33)} Dummy health check server started in background thread at 0.0.0.0:30000",
        f"{ts(33)} [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{ts(33)} Dummy health check server stopped at 0.0.0.0:30000",
    ),
)

# ================================================================ OpenTelemetry (--enable-trace)
case(
    "trace_otel_not_installed_0510",
    "0.5.10.post1",
    "observability/trace.py:160-168 process_tracing_init; scheduler.py:3590 (outside the scheduler's try); engine.py:1179-1226",
    "config_error",
    "--enable-trace without the `tracing` extra: the scheduler raises before its try, the launcher's OOM-killer hint is a red herring",
    join(
        launch_warning_0510(),
        sargs(
            0,
            "Qwen/Qwen3-8B",
            enable_trace=True,
            otlp_traces_endpoint="otel-collector.observability:4317",
        ),
        "Process SpawnProcess-1:",
        TB,
        tb(
            PY312,
            *MP312,
            (
                "srt/managers/scheduler.py",
                3590,
                "run_scheduler_process",
                'process_tracing_init(server_args.otlp_traces_endpoint, "sglang")',
            ),
            ("srt/observability/trace.py", 166, "process_tracing_init", "raise RuntimeError("),
        ),
        "RuntimeError: opentelemetry package is not installed!!! Please not enable tracing or install opentelemetry",
        TB,
        tb(PY312, *WAIT_0510),
        DIED_0510,
    ),
)
_BAD_PROTO = join(
    TB,
    tb(
        PY312,
        (
            "srt/observability/trace.py",
            188,
            "process_tracing_init",
            "span_exporter=get_otlp_span_exporter(otlp_endpoint),",
        ),
        ("srt/observability/trace.py", 213, "get_otlp_span_exporter", "raise ValueError("),
    ),
    "ValueError: Unsupported OTLP protocol 'http/json' configured. Supported protocols are: grpc, http/protobuf",
    "",
    "During handling of the above exception, another exception occurred:",
    "",
    TB,
    tb(
        PY312,
        *MP312,
        (
            "srt/managers/scheduler.py",
            3590,
            "run_scheduler_process",
            'process_tracing_init(server_args.otlp_traces_endpoint, "sglang")',
        ),
        ("srt/observability/trace.py", 196, "process_tracing_init", "raise RuntimeError("),
    ),
    "RuntimeError: initialize opentelemetry error:Unsupported OTLP protocol 'http/json' configured. Supported protocols are: grpc, http/protobuf. Please set correct otlp endpoint.",
)
case(
    "trace_unsupported_protocol_0510",
    "0.5.10.post1",
    "observability/trace.py:208-221 get_otlp_span_exporter, 194-199 wraps it; scheduler.py:3590",
    "config_error",
    "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/json: SGLang supports grpc and http/protobuf only; both ranks die at init",
    join(
        launch_warning_0510(),
        sargs(0, "Qwen/Qwen2.5-32B-Instruct", tp_size=2, enable_trace=True, otlp_traces_endpoint="localhost:4318"),
        "Process SpawnProcess-2:",
        _BAD_PROTO,
        "Process SpawnProcess-1:",
        _BAD_PROTO,
        TB,
        tb(PY312, *WAIT_0510),
        DIED_0510,
    ),
)
case(
    "trace_collector_unavailable_grpc_healthy",
    "0.5.10.post1",
    "opentelemetry-exporter-otlp-proto-grpc 1.27.0 exporter.py:333-340 (retry warnings, exponential backoff 1..32 s)",
    "healthy",
    "no OTLP collector on localhost:4317: the batch span processor retries and drops spans; requests keep succeeding",
    join(
        launch_warning_0510(),
        sargs(0, "Qwen/Qwen3-8B", enable_trace=True, otlp_traces_endpoint="localhost:4317"),
        boot("0.5.10.post1", model_cls="Qwen3ForCausalLM"),
        f"{ts(34)} Transient error StatusCode.UNAVAILABLE encountered while exporting traces to localhost:4317, retrying in 1s.",
        f"{ts(34)} Transient error StatusCode.UNAVAILABLE encountered while exporting traces to localhost:4317, retrying in 1s.",
        f"{ts(35)} Transient error StatusCode.UNAVAILABLE encountered while exporting traces to localhost:4317, retrying in 2s.",
        serving(36),
        f"{ts(37)} Transient error StatusCode.UNAVAILABLE encountered while exporting traces to localhost:4317, retrying in 4s.",
        f"{ts(41)} Transient error StatusCode.UNAVAILABLE encountered while exporting traces to localhost:4317, retrying in 8s.",
        serving(42),
        f"{ts(49)} Transient error StatusCode.UNAVAILABLE encountered while exporting traces to localhost:4317, retrying in 16s.",
        serving(50),
    ),
)
case(
    "trace_collector_refused_http_healthy",
    "0.5.10.post1",
    "opentelemetry-sdk 1.27.0 trace/export/__init__.py:362-369 ('Exception while exporting Span batch.'); exporter-otlp-proto-http trace_exporter/__init__.py:127-133/160",
    "healthy",
    "OTLP over HTTP to a collector that is down: each batch logs a ConnectionError traceback; serving is unaffected",
    join(
        launch_warning_0510(),
        sargs(0, "Qwen/Qwen3-8B", enable_trace=True, otlp_traces_endpoint="http://localhost:4318/v1/traces"),
        boot("0.5.10.post1", model_cls="Qwen3ForCausalLM"),
        serving(34, n=1),
        f"{ts(36)} Exception while exporting Span batch.",
        TB,
        tb(
            PY312,
            ("+urllib3/connection.py", 198, "_new_conn", "sock = connection.create_connection("),
            ("+urllib3/util/connection.py", 85, "create_connection", "raise err"),
            ("+urllib3/util/connection.py", 73, "create_connection", "sock.connect(sa)"),
        ),
        "ConnectionRefusedError: [Errno 111] Connection refused",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        TB,
        tb(
            PY312,
            ("+urllib3/connectionpool.py", 841, "urlopen", "retries = retries.increment("),
            (
                "+urllib3/util/retry.py",
                519,
                "increment",
                "raise MaxRetryError(_pool, url, reason) from reason  # type: ignore[arg-type]",
            ),
        ),
        "urllib3.exceptions.MaxRetryError: HTTPConnectionPool(host='localhost', port=4318): Max retries exceeded with url: /v1/traces (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f3a2c1e5d90>: Failed to establish a new connection: [Errno 111] Connection refused'))",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            PY312,
            (
                "+opentelemetry/sdk/trace/export/__init__.py",
                367,
                "_export_batch",
                "self.span_exporter.export(self.spans_list[:idx])  # type: ignore",
            ),
            (
                "+opentelemetry/exporter/otlp/proto/http/trace_exporter/__init__.py",
                190,
                "export",
                "return self._export_serialized_spans(serialized_data)",
            ),
            (
                "+opentelemetry/exporter/otlp/proto/http/trace_exporter/__init__.py",
                160,
                "_export_serialized_spans",
                "resp = self._export(serialized_data)",
            ),
            (
                "+opentelemetry/exporter/otlp/proto/http/trace_exporter/__init__.py",
                133,
                "_export",
                "return self._session.post(",
            ),
            ("+requests/sessions.py", 637, "post", 'return self.request("POST", url, data=data, json=json, **kwargs)'),
            ("+requests/adapters.py", 700, "send", "raise ConnectionError(e, request=request)"),
        ),
        "requests.exceptions.ConnectionError: HTTPConnectionPool(host='localhost', port=4318): Max retries exceeded with url: /v1/traces (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f3a2c1e5d90>: Failed to establish a new connection: [Errno 111] Connection refused'))",
        serving(37, n=2),
    ),
)

# ================================================================ request logging
case(
    "log_requests_target_unwritable_0510",
    "0.5.10.post1",
    "tokenizer_manager.py:206/347 -> utils/request_logger.py:61/66 -> utils/log_utils.py:20/26/36 os.makedirs",
    "config_error",
    "--log-requests-target names a folder the user cannot create: the tokenizer manager dies at init",
    join(
        launch_warning_0510(),
        sargs(
            0,
            "Qwen/Qwen3-8B",
            log_requests=True,
            log_requests_level=1,
            log_requests_target=["stdout", "/var/log/sglang/requests"],
        ),
        f"{ts(3)} Init torch distributed begin.",
        TB,
        tb(
            PY312,
            *TOKMGR_0510,
            ("srt/managers/tokenizer_manager.py", 206, "__init__", "self.init_request_logging_and_dumping()"),
            (
                "srt/managers/tokenizer_manager.py",
                347,
                "init_request_logging_and_dumping",
                "self.request_logger = RequestLogger(",
            ),
            ("srt/utils/request_logger.py", 61, "__init__", "self.targets = self._setup_targets()"),
            ("srt/utils/request_logger.py", 66, "_setup_targets", "return create_log_targets("),
            (
                "srt/utils/log_utils.py",
                20,
                "create_log_targets",
                "return [_create_log_target(t, name_prefix) for t in targets]",
            ),
            ("srt/utils/log_utils.py", 26, "_create_log_target", "return _create_log_target_file(target, name_prefix)"),
            ("srt/utils/log_utils.py", 36, "_create_log_target_file", "os.makedirs(directory, exist_ok=True)"),
            ("<frozen os>", 215, "makedirs", ""),
            ("<frozen os>", 225, "makedirs", ""),
        ),
        "PermissionError: [Errno 13] Permission denied: '/var/log/sglang'",
        f"{ts(6)} Init torch distributed ends. elapsed=2.20 s, mem usage=0.61 GB",
    ),
)
case(
    "log_requests_level_out_of_range_0510",
    "0.5.10.post1",
    "server_args.py:4256-4262 (--log-requests-level choices=[0, 1, 2, 3]); argparse",
    "config_error",
    "--log-requests-level 4 is not a choice: argparse exits 2",
    join(
        launch_warning_0510(),
        usage_0510(),
        "launch_server.py: error: argument --log-requests-level: invalid choice: 4 (choose from 0, 1, 2, 3)",
    ),
)
case(
    "request_log_quotes_errors_healthy",
    "0.5.3",
    "managers/tokenizer_manager.py:387-390 ('Receive: obj=') and 876-879 ('Finish: obj=... out='); tracing/trace.py:48; 404s: no --enable-metrics",
    "healthy",
    "--log-requests echoes prompts that quote OOM / NCCL / port errors, Prometheus scrapes /metrics without --enable-metrics (404); the server serves",
    join(
        f"{ts(0)} opentelemetry package is not installed, tracing disabled",
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", log_requests=True, log_requests_level=2),
        boot("0.5.3"),
        scrape(35, "404 Not Found"),
        f"{ts(36)} Receive: obj=GenerateReqInput(text='You are an SRE assistant. Explain this log from our training job and how to fix it:\\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.10 GiB is free.\\n"
        "[rank3]:[E302 10:14:03 ProcessGroupNCCL.cpp:632] Watchdog caught collective operation timeout\\n"
        "OSError: [Errno 98] Address already in use', input_ids=None, input_embeds=None, image_data=None, video_data=None, audio_data=None, "
        "sampling_params={'max_new_tokens': 512, 'temperature': 0.2}, rid='9f1c2a7e04b64c3e8d1f3b0a6c5e2d71', return_logprob=False, logprob_start_len=-1, "
        "top_logprobs_num=0, token_ids_logprob=None, return_text_in_logprobs=True, stream=False, log_metrics=True, return_hidden_states=False, modalities=[], "
        "session_params=None, lora_path=None, lora_id=None, custom_logit_processor=None, bootstrap_host=None, bootstrap_port=None, bootstrap_room=None, "
        "bootstrap_pair_key=None, data_parallel_rank=None, background=False, conversation_id=None, priority=None, extra_key=None, no_logs=False, "
        "custom_labels=None, return_bytes=False, return_entropy=False)",
        f"{ts(36)} Prefill batch. #new-seq: 1, #new-token: 112, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(38)} Decode batch. #running-req: 1, #token: 152, token usage: 0.00, cuda graph: True, gen throughput (token/s): 84.77, #queue-req: 0, ",
        f"{ts(41)} Finish: obj=GenerateReqInput(text='You are an SRE assistant. Explain this log ...', rid='9f1c2a7e04b64c3e8d1f3b0a6c5e2d71', ...), "
        "out={'text': 'The job ran out of GPU memory (CUDA out of memory) on rank 0, and the NCCL watchdog timeout on rank 3 is a consequence: "
        "the other ranks waited on a collective the crashed rank never joined. The port error means a previous run still holds the address. "
        "Lower the batch size, then restart.', 'meta_info': {'id': '9f1c2a7e04b64c3e8d1f3b0a6c5e2d71', 'finish_reason': {'type': 'stop', 'matched': 151645}, "
        "'prompt_tokens': 112, 'completion_tokens': 97, 'cached_tokens': 0, 'e2e_latency': 4.91}}",
        f'{ts(41)} INFO:     10.0.3.7:51230 - "POST /generate HTTP/1.1" 200 OK',
        scrape(50, "404 Not Found"),
        serving(52),
        scrape(65, "404 Not Found"),
    ),
)

# ================================================================ crash dumps (--crash-dump-folder)
case(
    "crash_dump_after_runtime_oom_053",
    "0.5.3",
    "managers/tp_worker_overlap_thread.py:130-137; tokenizer_manager.py:1175-1257 dump_requests_before_crash (GCS upload, 1241/1252), 1868-1872 running_phase_sigquit_handler",
    "oom_runtime",
    "a long-prompt logprob request OOMs in the logits after ready; the crash dump's GCS upload failure is aftermath",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-7B-Instruct",
            mem_fraction_static=0.9,
            enable_metrics=True,
            crash_dump_folder="/mnt/crash_dumps",
        ),
        boot("0.5.3"),
        serving(34, n=3),
        f"{ts(41)} Prefill batch. #new-seq: 1, #new-token: 16384, #cached-token: 0, token usage: 0.36, #running-req: 51, #queue-req: 4, ",
        f"{ts(41)} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY312,
            ("srt/managers/tp_worker_overlap_thread.py", 133, "forward_thread_func", "self.forward_thread_func_()"),
            DECORATE,
            (
                "srt/managers/tp_worker_overlap_thread.py",
                164,
                "forward_thread_func_",
                "forward_batch_output = self.worker.forward_batch_generation(",
            ),
            (
                "srt/managers/tp_worker.py",
                256,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("srt/model_executor/model_runner.py", 1982, "forward", "output = self._forward_raw("),
            ("srt/model_executor/model_runner.py", 2033, "_forward_raw", "ret = self.forward_extend("),
            ("srt/model_executor/model_runner.py", 1927, "forward_extend", "return self.model.forward("),
            DECORATE,
            ("srt/models/qwen2.py", 486, "forward", "return self.logits_processor("),
            ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
            (
                "srt/layers/logits_processor.py",
                351,
                "forward",
                "full_logits = self._get_logits(hidden_states, lm_head, logits_metadata)",
            ),
            ("srt/layers/logits_processor.py", 466, "_get_logits", "logits = torch.matmul("),
        ),
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 9.28 GiB. GPU 0 has a total capacity of 79.19 GiB of which 3.61 GiB is free. Process 4242 has 75.57 GiB memory in use. Of the allocated memory 71.02 GiB is allocated by PyTorch, and 2.12 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        "",
        running_sigquit(41),
        f"{ts(41)} Dumping requests before crash. self.crash_dump_folder='/mnt/crash_dumps'",
        f"{ts(41)} Expected NFS directory is not available or writable. Uploading to GCS.",
        f"{ts(42)} Dumped 187 finished and 23 unfinished requests before crash to /mnt/crash_dumps/sglang-qwen-7b-5d9f8c7b9-x2kfp/crash_dump_2026-03-02_10-00-42.pkl",
        TB,
        tb(
            PY312,
            ("+uvicorn/server.py", 236, "main_loop", "await asyncio.sleep(0.1)"),
            ("/usr/lib/python3.12/asyncio/tasks.py", 665, "sleep", "return await future"),
            (
                "srt/managers/tokenizer_manager.py",
                1872,
                "running_phase_sigquit_handler",
                "self.tokenizer_manager.dump_requests_before_crash()",
            ),
            ("srt/managers/tokenizer_manager.py", 1252, "dump_requests_before_crash", "_upload_file_to_gcs("),
            ("srt/managers/tokenizer_manager.py", 1241, "_upload_file_to_gcs", "from google.cloud import storage"),
        ),
        "ModuleNotFoundError: No module named 'google.cloud'",
    ),
)
case(
    "crash_dump_unwritable_after_illegal_access_0510",
    "0.5.10.post1",
    "scheduler.py:1340 pop_and_process -> scheduler_output_processor_mixin.py:380; tokenizer_manager.py:2559-2568, 2070-2116 (os.makedirs of the dump folder)",
    "cuda_error_other",
    "an illegal memory access kills TP2 while serving; the crash dump then fails on a read-only folder (aftermath)",
    join(
        launch_warning_0510(),
        sargs(0, "meta-llama/Llama-3.3-70B-Instruct", tp_size=4, enable_metrics=True, crash_dump_folder="/crash"),
        boot("0.5.10.post1", rank="TP0", model_cls="LlamaForCausalLM"),
        serving(34, rank="TP0", n=3),
        scrape(40),
        f"{p(41, 'TP2')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *LOOP_0510,
            ("srt/managers/scheduler.py", 1372, "event_loop_overlap", "pop_and_process()"),
            ("srt/managers/scheduler.py", 1340, "pop_and_process", "self.process_batch_result(tmp_batch, tmp_result)"),
            (
                "srt/managers/scheduler.py",
                2817,
                "process_batch_result",
                "self.process_batch_result_decode(batch, result)",
            ),
            (
                "srt/managers/scheduler_output_processor_mixin.py",
                380,
                "process_batch_result_decode",
                "result.copy_done.synchronize()",
            ),
            ("+torch/cuda/streams.py", 231, "synchronize", "super().synchronize()"),
        ),
        "torch.AcceleratorError: CUDA error: an illegal memory access was encountered",
        "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
        running_sigquit(41),
        f"{ts(41)} Dumping requests before crash. self.crash_dump_folder='/crash'",
        TB,
        tb(
            PY312,
            ("+uvicorn/server.py", 236, "main_loop", "await asyncio.sleep(0.1)"),
            ("/usr/lib/python3.12/asyncio/tasks.py", 665, "sleep", "return await future"),
            (
                "srt/managers/tokenizer_manager.py",
                2568,
                "running_phase_sigquit_handler",
                "self.tokenizer_manager.dump_requests_before_crash()",
            ),
            (
                "srt/managers/tokenizer_manager.py",
                2116,
                "dump_requests_before_crash",
                "os.makedirs(os.path.dirname(filename), exist_ok=True)",
            ),
            ("<frozen os>", 225, "makedirs", ""),
        ),
        "PermissionError: [Errno 13] Permission denied: '/crash/gpu-node-07'",
    ),
)
case(
    "crash_dump_after_nccl_watchdog_0510",
    "0.5.10.post1",
    "torch ProcessGroupNCCL watchdog text; utils/watchdog.py:216-220 SubprocessWatchdog; tokenizer_manager.py:2084/2126 (dump written)",
    "nccl_or_distributed",
    "an all-reduce on rank 3 times out after ready; the crash dump that follows is written fine and decides nothing",
    join(
        launch_warning_0510(),
        sargs(0, "Qwen/Qwen3-235B-A22B", tp_size=8, enable_metrics=True, crash_dump_folder="/data/crash_dump"),
        boot("0.5.10.post1", rank="TP0", model_cls="Qwen3MoeForCausalLM"),
        serving(34, rank="TP0", n=3),
        scrape(40),
        scrape(55),
        "[rank3]:[E302 10:10:41.532861741 ProcessGroupNCCL.cpp:685] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48211, OpType=ALLREDUCE, NumelIn=7340032, NumelOut=7340032, Timeout(ms)=600000) ran for 600087 milliseconds before timing out.",
        "[rank3]:[E302 10:10:41.533046562 ProcessGroupNCCL.cpp:2252] [PG ID 2 PG GUID 3 Rank 3]  failure detected by watchdog at work sequence id: 48211 PG status: last enqueued work: 48213, last completed work: 48210",
        "[rank3]:[E302 10:10:41.533071239 ProcessGroupNCCL.cpp:732] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        "[rank3]:[E302 10:10:42.114420806 ProcessGroupNCCL.cpp:2584] [PG ID 2 PG GUID 3 Rank 3] Process group watchdog thread terminated with exception: [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48211, OpType=ALLREDUCE, NumelIn=7340032, NumelOut=7340032, Timeout(ms)=600000) ran for 600087 milliseconds before timing out.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 3] Process group watchdog thread terminated with exception: [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48211, OpType=ALLREDUCE, NumelIn=7340032, NumelOut=7340032, Timeout(ms)=600000) ran for 600087 milliseconds before timing out.",
        f"{ts(643)} Subprocess scheduler_3 (pid=4517) crashed with exit code -6. Triggering SIGQUIT for cleanup...",
        running_sigquit(643),
        f"{ts(643)} Dumping requests before crash. self.crash_dump_folder='/data/crash_dump'",
        f"{ts(644)} Dumped 412 finished and 96 unfinished requests before crash to /data/crash_dump/gpu-node-17/crash_dump_2026-03-02_10-10-44.pkl",
    ),
)

# ================================================================ profiler (/start_profile, SGLANG_TORCH_PROFILER_DIR)
case(
    "profile_dir_readonly_0510",
    "0.5.10.post1",
    "managers/scheduler_profiler_mixin.py:146 (start), 263 (stop_profile mkdir), 372; scheduler.py:2645",
    "config_error",
    "/start_profile with output_dir on a read-only mount: the scheduler dies creating it; fix the profiler folder",
    join(
        launch_warning_0510(),
        sargs(0, "Qwen/Qwen2.5-32B-Instruct", tp_size=2, enable_metrics=True),
        boot("0.5.10.post1", rank="TP0"),
        serving(34, rank="TP0", n=2),
        f"{p(39, 'TP0')} Profiling starts. Traces will be saved to: /profiles/run-0302 (with profile id: 1772445639.2561233)",
        f"{p(39, 'TP1')} Profiling starts. Traces will be saved to: /profiles/run-0302 (with profile id: 1772445639.2561233)",
        f'{ts(39)} INFO:     10.0.3.7:50122 - "POST /start_profile HTTP/1.1" 200 OK',
        serving(40, rank="TP0", n=1),
        f"{p(42, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *PROFILE_STOP_0510,
            (
                "srt/managers/scheduler_profiler_mixin.py",
                263,
                "stop_profile",
                "self.torch_profiler_output_dir.mkdir(parents=True, exist_ok=True)",
            ),
            ("/usr/lib/python3.12/pathlib.py", 1311, "mkdir", "os.mkdir(self, mode)"),
        ),
        "PermissionError: [Errno 13] Permission denied: '/profiles/run-0302'",
        "",
        running_sigquit(42),
    ),
)
case(
    "profile_disk_full_0510",
    "0.5.10.post1",
    "managers/scheduler_profiler_mixin.py:271/293 (export_chrome_trace); torch profiler.py gzip export (frames as in sglang#2874)",
    "config_error",
    "a with_stack profile fills the disk under SGLANG_TORCH_PROFILER_DIR: not a GPU/memory fault; fix the folder (unsure: no label is exact)",
    join(
        launch_warning_0510(),
        sargs(0, "Qwen/Qwen3-8B", enable_metrics=True),
        boot("0.5.10.post1", model_cls="Qwen3ForCausalLM"),
        serving(34, n=2),
        f"{ts(39)} Profiling starts. Traces will be saved to: /data/sglang_profiles (with profile id: 1772445639.8812034)",
        f'{ts(39)} INFO:     10.0.3.7:50124 - "POST /start_profile HTTP/1.1" 200 OK',
        serving(40, n=2),
        f"{ts(44)} Stop profiling...",
        f"{ts(58)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *PROFILE_STOP_0510,
            (
                "srt/managers/scheduler_profiler_mixin.py",
                293,
                "stop_profile",
                "self.torch_profiler.export_chrome_trace(",
            ),
            ("+torch/profiler/profiler.py", 290, "export_chrome_trace", "fout.writelines(fin)"),
            ("/usr/lib/python3.12/gzip.py", 314, "write", "self.fileobj.write(compressed)"),
        ),
        "OSError: [Errno 28] No space left on device",
        "",
        running_sigquit(58),
    ),
)
case(
    "profile_dir_missing_046",
    "0.4.6.post5",
    "srt/managers/scheduler.py:2076-2087, 2147-2163 (0.4.6 stop_profile has no mkdir); gzip.open in torch's export_chrome_trace",
    "config_error",
    "SGLANG_TORCH_PROFILER_DIR names a folder that does not exist: /stop_profile kills the scheduler writing the trace",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", enable_metrics=True),
        boot("0.4.6.post5", model_cls="LlamaForCausalLM"),
        serving(34, n=2),
        f"{ts(39)} Profiling starts. Traces will be saved to: /data/profiles (with id 1772445639.3304725)",
        f'{ts(39)} INFO:     127.0.0.1:50130 - "POST /start_profile HTTP/1.1" 200 OK',
        serving(40, n=2),
        f"{ts(45)} Stop profiling...",
        f"{ts(47)} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            ("srt/managers/scheduler.py", 2311, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            DECORATE,
            ("srt/managers/scheduler.py", 662, "event_loop_overlap", "self.process_input_requests(recv_reqs)"),
            ("srt/managers/scheduler.py", 889, "process_input_requests", "output = self._request_dispatcher(recv_req)"),
            ("utils.py", 471, "__call__", "return fn(obj)"),
            ("srt/managers/scheduler.py", 2087, "profile", "return self.stop_profile()"),
            ("srt/managers/scheduler.py", 2157, "stop_profile", "self.torch_profiler.export_chrome_trace("),
            ("+torch/profiler/profiler.py", 225, "export_chrome_trace", 'with gzip.open(path, "wt") as fout:'),
            ("/usr/lib/python3.10/gzip.py", 58, "open", "binary_file = GzipFile(filename, gz_mode, compresslevel)"),
            (
                "/usr/lib/python3.10/gzip.py",
                174,
                "__init__",
                "fileobj = self.myfileobj = builtins.open(filename, mode or 'rb')",
            ),
        ),
        "FileNotFoundError: [Errno 2] No such file or directory: '/data/profiles/1772445639.3304725-TP-0.trace.json.gz'",
        "",
        sigquit(47),
    ),
)
case(
    "profile_completes_with_cupti_warnings_healthy",
    "0.5.10.post1",
    "managers/scheduler_profiler_mixin.py:146/271/328-332; kineto's CUPTI init warnings (torch profiler in a container without profiling permission)",
    "healthy",
    "a 5-step profile runs while serving: kineto warns CUPTI failed (GPU activities missing), the trace is saved, serving goes on",
    join(
        launch_warning_0510(),
        sargs(0, "Qwen/Qwen3-8B", enable_metrics=True),
        boot("0.5.10.post1", model_cls="Qwen3ForCausalLM"),
        serving(34, n=1),
        f"{ts(37)} Profiling starts. Traces will be saved to: /tmp/sglang_profiles (with profile id: 1772445637.0419310)",
        "WARNING:2026-03-02 10:00:37 4412:4412 init.cpp:185] function cbapi->getCuptiStatus() failed with error CUPTI_ERROR_NOT_INITIALIZED (15)",
        "WARNING:2026-03-02 10:00:37 4412:4412 init.cpp:186] CUPTI initialization failed - CUDA profiler activities will be missing",
        "INFO:2026-03-02 10:00:37 4412:4412 init.cpp:188] If you see CUPTI_ERROR_INSUFFICIENT_PRIVILEGES, refer to https://developer.nvidia.com/nvidia-development-tools-solutions-err-nvgpuctrperm-cupti",
        f'{ts(37)} INFO:     10.0.3.7:50126 - "POST /start_profile HTTP/1.1" 200 OK',
        serving(38, n=2),
        f"{ts(42)} Stop profiling...",
        f"{ts(49)} Profiling done. Traces are saved to: /tmp/sglang_profiles",
        scrape(50),
        serving(51, n=2),
        scrape(65),
    ),
)

# ================================================================ /metrics scrapes that fail on a stale multiprocess file
case(
    "metrics_scrape_corrupt_stale_file_healthy",
    "0.5.3",
    "utils/common.py:1358-1366 (a user-set PROMETHEUS_MULTIPROC_DIR stays the read folder); prometheus_client 0.21.1 asgi.py:24, exposition.py:104/265, registry.py:97, multiprocess.py:158/43/71, mmap_dict.py:40",
    "healthy",
    "a truncated .db left in PROMETHEUS_MULTIPROC_DIR by the previous (killed) run makes /metrics 500; generation keeps serving",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", enable_metrics=True),
        boot("0.5.3"),
        serving(34, n=1),
        scrape(36, "500 Internal Server Error"),
        f"{ts(36)} ERROR:    Exception in ASGI application",
        TB,
        tb(
            PY312,
            (
                "+uvicorn/protocols/http/httptools_impl.py",
                409,
                "run_asgi",
                "result = await app(  # type: ignore[func-returns-value]",
            ),
            ("+uvicorn/middleware/proxy_headers.py", 60, "__call__", "return await self.app(scope, receive, send)"),
            ("+fastapi/applications.py", 1054, "__call__", "await super().__call__(scope, receive, send)"),
            ("+starlette/applications.py", 113, "__call__", "await self.middleware_stack(scope, receive, send)"),
            ("+starlette/middleware/errors.py", 186, "__call__", "raise exc"),
            ("+starlette/middleware/errors.py", 164, "__call__", "await self.app(scope, receive, _send)"),
            ("+starlette/routing.py", 716, "__call__", "await self.middleware_stack(scope, receive, send)"),
            ("+starlette/routing.py", 462, "handle", "await self.app(scope, receive, send)"),
            (
                "+prometheus_client/asgi.py",
                24,
                "prometheus_app",
                "status, headers, output = _bake_output(registry, accept_header, accept_encoding_header, params, disable_compression)",
            ),
            ("+prometheus_client/exposition.py", 104, "_bake_output", "output = encoder(registry)"),
            ("+prometheus_client/exposition.py", 265, "generate_latest", "for metric in registry.collect():"),
            ("+prometheus_client/registry.py", 97, "collect", "yield from collector.collect()"),
            ("+prometheus_client/multiprocess.py", 158, "collect", "return self.merge(files, accumulate=True)"),
            ("+prometheus_client/multiprocess.py", 43, "merge", "metrics = MultiProcessCollector._read_metrics(files)"),
            ("+prometheus_client/multiprocess.py", 71, "_read_metrics", "for key, value, timestamp, _ in file_values:"),
            (
                "+prometheus_client/mmap_dict.py",
                40,
                "_read_all_values",
                "raise RuntimeError('Read beyond file size detected, file is corrupted.')",
            ),
        ),
        "RuntimeError: Read beyond file size detected, file is corrupted.",
        serving(38, n=2),
        scrape(51, "500 Internal Server Error"),
        f"{ts(51)} ERROR:    Exception in ASGI application",
        TB,
        "  ...",
        "RuntimeError: Read beyond file size detected, file is corrupted.",
        serving(53, n=2),
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_metrics_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way (what a live supervisor acts on), with the event's label.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_metrics_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
