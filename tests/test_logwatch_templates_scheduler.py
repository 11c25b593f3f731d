"""SGLang's scheduler and its settings, as they show in the log (synthetic: written blind by a helper from real release text).

Scope: chunked prefill (`--chunked-prefill-size`, `--enable-mixed-chunk`), the radix cache (`--disable-radix-cache`,
`--radix-eviction-policy`, hierarchical cache), scheduling policies (`--schedule-policy`, `--schedule-conservativeness`,
priority scheduling and its preemption), `--max-running-requests`, `--max-prefill-tokens`, `--max-total-tokens`, the
overlap scheduler (its TpModelWorkerClient thread in 0.4.x-0.5.2) and the req_to_token pool. Start-up: argparse refusing
a choice or a value, `check_server_args` asserts (priority needs fcfs/lof, chunked prefill size vs page size after DP
attention divides it, pipeline parallelism with mixed chunk, negative conservativeness), `__post_init__`'s hierarchical
cache vs disabled radix cache, `--schedule-policy priority` that argparse accepts in 0.5.3+ but SchedulePolicy does not
know, `max_running_request is zero` under DP attention, the req_to_token pool (max_running_requests x context length)
not fitting, a KV pool of zero tokens after a lowered `--mem-fraction-static`. Serving: the token/slot allocators
failing (`Prefill/Decode out of memory. Try to lower your batch size.`, `Out of memory. Try to lower your batch size.`,
`alloc_req_slots runs out of memory`), torch OOMs in a prefill too large for the activations left, an illegal memory
access with mixed chunk and a device-side assert surfacing in the overlap scheduler, leaks caught by the idle check.
Five healthy contrasts under heavy load: 0.4.6's `Decode out of memory happened` retraction, 0.5.5 priority
preemption with 503s and retraction, 0.5.10's non-strict leak warning (SGLANG_ENABLE_STRICT_MEM_CHECK_DURING_IDLE=0),
0.5.2's `max_total_tokens ... larger than the profiled value` plus a 400 for an over-long input, 0.4.9 DP attention
truncating a long input and retracting at token usage 1.00.

Sources: the sglang wheels 0.4.6.post5, 0.4.9.post2, 0.5.2, 0.5.4, 0.5.5, 0.5.8, 0.5.10.post1 (managers/scheduler.py,
scheduler_runtime_checker_mixin.py, schedule_policy.py, schedule_batch.py, tp_worker.py, tp_worker_overlap_thread.py,
tokenizer_manager.py, mem_cache/common.py, mem_cache/memory_pool.py, model_executor/model_runner.py and
model_runner_kv_cache_mixin.py, server_args.py, entrypoints/engine.py and http_server.py, utils/common.py
raise_error_or_warn; observability/scheduler_metrics_mixin.py for 0.5.10's batch lines); CPython 3.10/3.12 argparse and
enum; torch's CUDACachingAllocator OOM text and CUDA error text. Public threads (the reporter's numbers reused where
given): https://github.com/sgl-project/sglang/issues/5755 (req_to_token pool, Llama-4 10M context),
https://github.com/sgl-project/sglang/pull/6744, https://github.com/sgl-project/sglang/pull/5016 (max_running_requests
sanity check), https://github.com/sgl-project/sglang/issues/7353 (Prefill out of memory with page size),
https://github.com/sgl-project/sglang/issues/10408 (alloc_req_slots), https://github.com/sgl-project/sglang/issues/9142
(chunked prefill disabled, TpModelWorkerClient), https://github.com/sgl-project/sglang/issues/6921 (mixed chunk crash),
https://github.com/sgl-project/sglang/issues/11970 and https://github.com/sgl-project/sglang/issues/6888 (leak at idle),
https://github.com/sgl-project/sglang/issues/20010 (SIGQUIT line), https://github.com/sgl-project/sglang/issues/26248
(retraction under load). Line numbers are the named wheel's; torch/enum/argparse internals are approximate.

Labelling policy, decided before the classifier ran: an argument the scheduler or its argument checks refuse
(argparse, `check_server_args`, `__post_init__`, SchedulePolicy's unknown name, `max_running_request is zero`) is
`config_error`, whenever in start-up it is raised. A cache pool that cannot be allocated at start-up (the req_to_token
pool's torch OOM, `Not enough memory. Please try to increase --mem-fraction-static`) is `oom_kv_cache` (family 2), even
when the knob to turn is max-running-requests or the context length. Once ready, the scheduler's allocators running out
(token slots, req slots) and torch OOMs in forward are `oom_runtime`. A runtime CUDA fault (illegal memory access,
device-side assert) is `cuda_error_other`. A leak caught by the idle check that kills the scheduler is an invariant
failure inside SGLang with no memory shortage, no CUDA, NCCL or argument fault: `unknown` (nothing in the label set tells
what the operator should change). Retraction, queueing, token usage 1.00, aborted or refused requests and a leak logged
as a warning while serving goes on are `healthy`.

First sight: 26/29 (3 misses, strict xfails below; healthy contrasts 5/5 end `healthy` and fire no failure event):
- kv_leak_at_idle_054: 0.5.4's idle check raises `token_to_kv_pool_allocator memory leak detected!` (#11970); got
  oom_runtime (oom.runtime_check).
- kv_leak_mixed_chunk_paged_046: the same leak in 0.4.6.post5's layout with mixed chunk and page size 16 (#6888); got
  oom_runtime (oom.runtime_check).
- max_running_request_zero_dp_attention_046: `AssertionError: max_running_request is zero` at scheduler init under DP
  attention, then `Rank 0 scheduler is dead` and EOFError; got oom_kv_cache (oom.pool_advice).
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import TB, first_sight


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
RUNPY312 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)
CTX_26 = ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)")  # torch 2.6/2.7
CTX_28 = ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)")  # torch 2.8+
MOD_27 = (
    ("+torch/nn/modules/module.py", 1751, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1762, "_call_impl", "return forward_call(*args, **kwargs)"),
)
MOD_28 = (
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
)
CUDA_ASYNC = (
    "CUDA kernel errors might be asynchronously reported at any other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in the same site-packages: `+torch/...`, `+sglang/launch_server.py`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{site}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def at(day: str, second: int, tag: str = "") -> str:
    """SGLang's prefix: `[date time]`, with the rank tags (` TP0`, ` DP3 TP3`) a scheduler process adds."""
    clock = f"{9 + second // 3600:02d}:{second // 60 % 60:02d}:{second % 60:02d}"
    return f"[{day} {clock}{' ' + tag if tag else ''}]"


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sargs(t: str, model: str, **kw: object) -> str:
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{t} server_args=ServerArgs({body}, log_level='info', ...)"


def uvicorn(t: str, pid: int, port: int = 30000) -> list[str]:
    return [
        f"{t} INFO:     Started server process [{pid}]",
        f"{t} INFO:     Waiting for application startup.",
        f"{t} INFO:     Application startup complete.",
        f"{t} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
    ]


def cuda_oom(
    tried: str, gpu: int, total: str, free: str, proc: str, by_torch: str, unalloc: str, *, private: str = ""
) -> str:
    """torch's CUDACachingAllocator text (2.6-2.9), `proc` is NVML's per-process clause."""
    pool = f"with {private} allocated in private pools (e.g., CUDA Graphs), " if private else ""
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried}. GPU {gpu} has a total capacity of {total} "
        f"of which {free} is free. {proc}Of the allocated memory {by_torch} is allocated by PyTorch, {pool}and {unalloc} "
        "is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  "
        "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


SIGQUIT_OLD = "Received sigquit from a child process. It usually means the child failed."  # engine (launch) and 0.4.x-0.5.2 tokenizer manager
SIGQUIT_NEW = "SIGQUIT received. signum=None, frame=None. It usually means one child failed."  # 0.5.4+ tokenizer manager (loop.add_signal_handler)


# ================================================================================ start-up: argument checks (config_error)
D049 = "2025-07-20"
case(
    "argparse_schedule_policy_priority_049",
    "0.4.9.post2",
    "sglang-0.4.9.post2 srt/server_args.py add_cli_args: --schedule-policy choices lpm/random/fcfs/dfs-weight ('priority' is a choice from 0.5.3); CPython 3.10 argparse",
    "config_error",
    "argparse refuses a policy name taken from newer docs: nothing was launched",
    join(
        "root@gpu-a100-07:/sgl-workspace# python3 -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --schedule-policy priority --host 0.0.0.0 --port 30000",
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH] [--host HOST]",
        "                        [--port PORT] [--nccl-port NCCL_PORT]",
        "                        [--tokenizer-mode {auto,slow}] [--skip-tokenizer-init]",
        "                        [--skip-server-warmup]",
        "launch_server.py: error: argument --schedule-policy: invalid choice: 'priority' (choose from 'lpm', 'random', 'fcfs', 'dfs-weight')",
    ),
)

case(
    "argparse_priority_flags_unrecognized_052",
    "0.5.2",
    "sglang-0.5.2 srt/server_args.py (no --enable-priority-scheduling before 0.5.3; prepare_server_args uses parse_args); CPython argparse",
    "config_error",
    "priority-scheduling flags this release does not have: argparse exits 2 before anything starts",
    join(
        "$ python3 -m sglang.launch_server --model-path Qwen/Qwen3-8B --tp 2 --enable-priority-scheduling --schedule-low-priority-values-first --max-running-requests 256",
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH]",
        "                        [--tokenizer-mode {auto,slow}]",
        "                        [--tokenizer-worker-num TOKENIZER_WORKER_NUM]",
        "                        [--skip-tokenizer-init]",
        "launch_server.py: error: unrecognized arguments: --enable-priority-scheduling --schedule-low-priority-values-first",
    ),
)

case(
    "argparse_radix_eviction_fifo_055",
    "0.5.5",
    "sglang-0.5.5 srt/server_args.py RADIX_EVICTION_POLICY_CHOICES = ['lru', 'lfu'], --radix-eviction-policy; CPython 3.12 argparse",
    "config_error",
    "an eviction policy the radix tree does not have: argparse refuses it",
    join(
        "$ python3 -m sglang.launch_server --model-path Qwen/Qwen3-30B-A3B --tp 2 --radix-eviction-policy fifo --port 30000",
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH]",
        "                        [--tokenizer-mode {auto,slow}]",
        "                        [--tokenizer-worker-num TOKENIZER_WORKER_NUM]",
        "launch_server.py: error: argument --radix-eviction-policy: invalid choice: 'fifo' (choose from 'lru', 'lfu')",
    ),
)

case(
    "argparse_max_total_tokens_float_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 srt/server_args.py --max-total-tokens type=int; CPython 3.10 argparse",
    "config_error",
    "--max-total-tokens written in scientific notation: argparse's int() refuses it",
    join(
        "+ python3 -m sglang.launch_server --model-path /models/Qwen2.5-14B-Instruct --max-total-tokens 1.5e6 --chunked-prefill-size 4096 --port 8000",
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH] [--host HOST]",
        "                        [--port PORT] [--tokenizer-mode {auto,slow}]",
        "launch_server.py: error: argument --max-total-tokens: invalid int value: '1.5e6'",
    ),
)

D055 = "2025-11-20"
LAUNCH_055 = RUNPY312 + (
    ("+sglang/launch_server.py", 27, "<module>", "run_server(server_args)"),
    ("+sglang/launch_server.py", 20, "run_server", "launch_server(server_args)"),
    ("entrypoints/http_server.py", 1358, "launch_server", "_launch_subprocesses(server_args=server_args)"),
    ("entrypoints/engine.py", 776, "_launch_subprocesses", "server_args.check_server_args()"),
)
case(
    "priority_scheduling_needs_fcfs_055",
    "0.5.5",
    "sglang-0.5.5 srt/server_args.py:3764 check_server_args (priority scheduling needs fcfs or lof), entrypoints/engine.py:776 _launch_subprocesses",
    "config_error",
    "check_server_args refuses --enable-priority-scheduling with lpm, before the server_args line",
    join(
        "$ python3 -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B-Instruct --tp 4 --enable-priority-scheduling --schedule-policy lpm --port 30000",
        TB,
        tb(PY312, *LAUNCH_055, ("server_args.py", 3764, "check_server_args", "assert self.schedule_policy in [")),
        "AssertionError: To use priority scheduling, schedule_policy must be 'fcfs' or 'lof'. 'lpm' is not supported.",
    ),
)

QWEN32_055 = [
    sargs(
        at(D055, 0),
        "Qwen/Qwen3-32B",
        tp_size=2,
        mem_fraction_static=0.85,
        chunked_prefill_size=8192,
        schedule_policy="priority",
        enable_priority_scheduling=False,
    ),
    f"{at(D055, 4, 'TP0')} Init torch distributed begin.",
    f"{at(D055, 4, 'TP1')} Init torch distributed begin.",
    f"{at(D055, 6, 'TP0')} Init torch distributed ends. mem usage=0.62 GB",
    f"{at(D055, 6, 'TP0')} Load weight begin. avail mem=78.31 GB",
    "Loading safetensors checkpoint shards: 100% Completed | 17/17 [00:21<00:00,  1.27s/it]",
    f"{at(D055, 28, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=47.62 GB, mem usage=30.69 GB.",
    f"{at(D055, 29, 'TP0')} KV Cache is allocated. #tokens: 302413, K size: 18.46 GB, V size: 18.46 GB",
    f"{at(D055, 29, 'TP0')} Memory pool end. avail mem=9.87 GB",
    f"{at(D055, 30, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.21 GB",
    "Capturing batches (bs=1 avail_mem=8.02 GB): 100%|██████████| 52/52 [00:09<00:00,  5.41it/s]",
    f"{at(D055, 40, 'TP0')} Capture cuda graph end. Time elapsed: 10.02 s. mem usage=1.24 GB. avail mem=7.97 GB.",
    f"{at(D055, 40, 'TP0')} max_total_num_tokens=302413, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=3780, context_len=40960, available_gpu_mem=7.97 GB",
]
ENUM_312 = (
    ("/usr/lib/python3.12/enum.py", 757, "__call__", "return cls.__new__(cls, value)"),
    ("/usr/lib/python3.12/enum.py", 1171, "__new__", "raise ve_exc"),
)
case(
    "schedule_policy_priority_unknown_055",
    "0.5.5",
    "sglang-0.5.5 srt/server_args.py:2134 (argparse accepts 'priority'), managers/schedule_policy.py:149-165 _validate_and_adjust_policy, managers/scheduler.py:466 SchedulePolicy(, :2846 Scheduler hit an exception",
    "config_error",
    "'priority' passes argparse but SchedulePolicy knows no such policy: the scheduler dies at init after the graphs",
    join(
        QWEN32_055,
        f"{at(D055, 41, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            (
                "managers/schedule_policy.py",
                156,
                "_validate_and_adjust_policy",
                "policy_enum = CacheAwarePolicy(policy)",
            ),
            *ENUM_312,
        ),
        "ValueError: 'priority' is not a valid CacheAwarePolicy",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            PY312,
            ("managers/schedule_policy.py", 163, "_validate_and_adjust_policy", "return CacheAgnosticPolicy(policy)"),
            *ENUM_312,
        ),
        "ValueError: 'priority' is not a valid CacheAgnosticPolicy",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            PY312,
            ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 466, "__init__", "self.policy = SchedulePolicy("),
            (
                "managers/schedule_policy.py",
                90,
                "__init__",
                "self.policy = self._validate_and_adjust_policy(policy, tree_cache)",
            ),
            (
                "managers/schedule_policy.py",
                165,
                "_validate_and_adjust_policy",
                'raise ValueError(f"Unknown schedule_policy: {policy=}")',
            ),
        ),
        "ValueError: Unknown schedule_policy: policy='priority'",
        "",
        f"{at(D055, 41)} {SIGQUIT_OLD}",
    ),
)

D0510 = "2026-04-10"
LAUNCHER_WARN_0510 = [
    f"{PY312}/sglang/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
    "  Example: sglang serve --model-path <model> [options]",
    "  warnings.warn(",
]
case(
    "chunked_prefill_not_page_aligned_after_dp_0510",
    "0.5.10.post1",
    "sglang-0.5.10.post1 srt/server_args.py:2641 _handle_data_parallelism (chunked_prefill_size // dp_size, its warning), :6109 check_server_args, entrypoints/engine.py:642, http_server.py:2165, launch_server.py:51 UserWarning",
    "config_error",
    "DP attention divides --chunked-prefill-size 12000 by 8 to 1500, which is not a multiple of --page-size 64",
    join(
        "$ python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3-0324 --tp 8 --dp 8 --enable-dp-attention --page-size 64 --chunked-prefill-size 12000 --trust-remote-code",
        LAUNCHER_WARN_0510,
        "DP attention is enabled. The chunked prefill size is adjusted to 1500 to avoid MoE kernel issues. ",
        TB,
        tb(
            PY312,
            *RUNPY312,
            ("+sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
            ("+sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
            ("entrypoints/engine.py", 642, "_launch_subprocesses", "server_args.check_server_args()"),
            ("server_args.py", 6109, "check_server_args", "assert ("),
        ),
        "AssertionError: chunked_prefill_size must be divisible by page_size",
    ),
)

case(
    "hicache_with_disable_radix_cache_055",
    "0.5.5",
    "sglang-0.5.5 srt/server_args.py:1748-1753 _handle_cache_compatibility via __post_init__ (:632), prepare_server_args (:4022), from_cli_args (:3637)",
    "config_error",
    "hierarchical cache needs the radix cache the user disabled: ValueError in prepare_server_args",
    join(
        "$ python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-72B-Instruct --tp 4 --enable-hierarchical-cache --hicache-ratio 2 --disable-radix-cache --port 30000",
        TB,
        tb(
            PY312,
            *RUNPY312,
            ("+sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 4022, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 3637, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 316, "__init__", ""),
            ("server_args.py", 632, "__post_init__", "self._handle_cache_compatibility()"),
            ("server_args.py", 1750, "_handle_cache_compatibility", "raise ValueError("),
        ),
        "ValueError: The arguments enable-hierarchical-cache and disable-radix-cache are mutually exclusive and cannot be used at the same time. Please use only one of them.",
    ),
)

case(
    "pipeline_parallel_with_mixed_chunk_049",
    "0.4.9.post2",
    "sglang-0.4.9.post2 srt/server_args.py:431-435 (pp disables overlap, warning before logging is configured), :1705-1710 check_server_args; entrypoints/engine.py:689, http_server.py:899, launch_server.py:14",
    "config_error",
    "pipeline parallelism refuses --enable-mixed-chunk in check_server_args",
    join(
        "root@node-0:/sgl-workspace# python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-72B-Instruct --tp 4 --pp-size 2 --enable-mixed-chunk --chunked-prefill-size 4096 --port 30000",
        "Pipeline parallelism is incompatible with overlap schedule.",
        TB,
        tb(
            PY310,
            *RUNPY310,
            ("+sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                899,
                "launch_server",
                "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
            ),
            ("entrypoints/engine.py", 689, "_launch_subprocesses", "server_args.check_server_args()"),
            ("server_args.py", 1706, "check_server_args", "assert ("),
        ),
        "AssertionError: Pipeline parallelism is not compatible with overlap schedule, speculative decoding, mixed chunked prefill.",
    ),
)

D058 = "2026-01-25"
case(
    "schedule_conservativeness_negative_058",
    "0.5.8",
    "sglang-0.5.8 srt/server_args.py:4911-4913 check_server_args, entrypoints/engine.py:955 _launch_subprocesses, http_server.py:1723, launch_server.py:25/32",
    "config_error",
    "a negative --schedule-conservativeness is refused by check_server_args",
    join(
        "$ python3 -m sglang.launch_server --model-path google/gemma-3-27b-it --tp 2 --schedule-conservativeness -0.3 --max-running-requests 128",
        TB,
        tb(
            PY312,
            *RUNPY312,
            ("+sglang/launch_server.py", 32, "<module>", "run_server(server_args)"),
            ("+sglang/launch_server.py", 25, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 1723, "launch_server", "_launch_subprocesses("),
            ("entrypoints/engine.py", 955, "_launch_subprocesses", "server_args.check_server_args()"),
            ("server_args.py", 4911, "check_server_args", "assert ("),
        ),
        "AssertionError: schedule_conservativeness must be non-negative",
    ),
)

D046 = "2025-06-06"
DSV3_046 = [
    sargs(
        at(D046, 0),
        "deepseek-ai/DeepSeek-V3-0324",
        trust_remote_code=True,
        tp_size=8,
        dp_size=8,
        enable_dp_attention=True,
        max_running_requests=6,
        chunked_prefill_size=1024,
    ),
    f"{at(D046, 9, 'DP0 TP0')} Init torch distributed begin.",
    f"{at(D046, 12, 'DP0 TP0')} Init torch distributed ends. mem usage=1.09 GB",
    f"{at(D046, 12, 'DP0 TP0')} Load weight begin. avail mem=138.65 GB",
    "Loading safetensors checkpoint shards: 100% Completed | 163/163 [02:31<00:00,  1.08it/s]",
    f"{at(D046, 171, 'DP0 TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=55.12 GB, mem usage=83.53 GB.",
    f"{at(D046, 172, 'DP0 TP0')} KV Cache is allocated. #tokens: 540512, KV size: 35.37 GB",
    f"{at(D046, 172, 'DP0 TP0')} Memory pool end. avail mem=19.33 GB",
    f"{at(D046, 173, 'DP0 TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=18.77 GB",
    f"{at(D046, 173, 'DP0 TP0')} Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128]",
    "Capturing batches (avail_mem=16.21 GB): 100%|██████████| 19/19 [00:38<00:00,  2.02s/it]",
    f"{at(D046, 212, 'DP0 TP0')} Capture cuda graph end. Time elapsed: 39.11 s. mem usage=2.56 GB. avail mem=16.21 GB.",
]
case(
    "max_running_request_zero_dp_attention_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 srt/managers/tp_worker.py:119-128 (max_running_requests // dp_size, 'max_running_request is zero'), scheduler.py:277/2297, tp_worker_overlap_thread.py:64, entrypoints/engine.py:662-670 ('Rank {i} scheduler is dead', 'Exit code'); https://github.com/sgl-project/sglang/pull/5016",
    "config_error",
    "--max-running-requests 6 split over 8 DP-attention ranks leaves 0 per rank: the sanity assert after the graphs",
    join(
        DSV3_046,
        f"{at(D046, 213, 'DP0 TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            (
                "managers/scheduler.py",
                2297,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
            (
                "managers/tp_worker.py",
                128,
                "__init__",
                'assert self.max_running_requests > 0, "max_running_request is zero"',
            ),
        ),
        "AssertionError: max_running_request is zero",
        "",
        f"{at(D046, 213, 'DP5 TP5')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            (
                "managers/scheduler.py",
                2297,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
            (
                "managers/tp_worker.py",
                128,
                "__init__",
                'assert self.max_running_requests > 0, "max_running_request is zero"',
            ),
        ),
        "AssertionError: max_running_request is zero",
        "",
        f"{at(D046, 214)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{at(D046, 214)} Exit code: -3",
        TB,
        tb(
            PY310,
            *RUNPY310,
            ("+sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                743,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            ("entrypoints/engine.py", 664, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
            ("/usr/lib/python3.10/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
            ("/usr/lib/python3.10/multiprocessing/connection.py", 414, "_recv_bytes", "buf = self._recv(4)"),
            ("/usr/lib/python3.10/multiprocessing/connection.py", 383, "_recv", "raise EOFError"),
        ),
        "EOFError",
    ),
)


# ================================================================================ start-up: cache pools (oom_kv_cache)
case(
    "req_to_token_pool_10m_context_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 srt/model_executor/model_runner.py:902-908 (ReqToTokenPool(size=max_num_reqs + 1, max_context_len=context_len + 4)), mem_cache/memory_pool.py:72; https://github.com/sgl-project/sglang/issues/5755 (its OOM text), https://github.com/sgl-project/sglang/pull/6744",
    "oom_kv_cache",
    "2049 request slots x Llama-4's 10M-token context = an 80 GiB req_to_token pool at start-up",
    join(
        sargs(
            at("2025-05-29", 0),
            "meta-llama/Llama-4-Scout-17B-16E-Instruct",
            trust_remote_code=True,
            tp_size=8,
            context_length=None,
            disable_cuda_graph=True,
        ),
        f"{at('2025-05-29', 11, 'TP3')} Init torch distributed begin.",
        f"{at('2025-05-29', 14, 'TP3')} Init torch distributed ends. mem usage=1.21 GB",
        f"{at('2025-05-29', 14, 'TP3')} Load weight begin. avail mem=77.86 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 50/50 [03:31<00:00,  4.23s/it]",
        f"{at('2025-05-29', 228, 'TP3')} Load weight end. type=Llama4ForConditionalGeneration, dtype=torch.bfloat16, avail mem=20.19 GB, mem usage=57.67 GB.",
        f"{at('2025-05-29', 229)} {SIGQUIT_OLD}",
        f"{at('2025-05-29', 229, 'TP3')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            (
                "managers/scheduler.py",
                2297,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
            ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 903, "init_memory_pool", "self.req_to_token_pool = ReqToTokenPool("),
            ("mem_cache/memory_pool.py", 72, "__init__", "self.req_to_token = torch.zeros("),
        ),
        cuda_oom(
            "80.04 GiB",
            3,
            "79.10 GiB",
            "20.08 GiB",
            "Process 806478 has 59.01 GiB memory in use. ",
            "56.90 GiB",
            "125.19 MiB",
        ),
    ),
)

case(
    "req_to_token_pool_max_running_1m_context_055",
    "0.5.5",
    "sglang-0.5.5 srt/model_executor/model_runner.py:471 init_memory_pool(min_per_gpu_memory, server_args.max_running_requests, ...), :1680 ReqToTokenPool(, mem_cache/memory_pool.py:98 torch.zeros((size, max_context_len))",
    "oom_kv_cache",
    "16384 slots x a 1M-token context: the req_to_token pool cannot be allocated before the KV pool",
    join(
        sargs(
            at(D055, 0),
            "Qwen/Qwen2.5-14B-Instruct-1M",
            context_length=1010000,
            max_running_requests=16384,
            chunked_prefill_size=16384,
            mem_fraction_static=0.85,
        ),
        f"{at(D055, 5)} Init torch distributed begin.",
        f"{at(D055, 5)} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D055, 5)} Load weight begin. avail mem=78.68 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 8/8 [00:11<00:00,  1.40s/it]",
        f"{at(D055, 17)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=50.93 GB, mem usage=27.75 GB.",
        f"{at(D055, 18)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
            ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 471, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 1680, "init_memory_pool", "self.req_to_token_pool = ReqToTokenPool("),
            ("mem_cache/memory_pool.py", 98, "__init__", "self.req_to_token = torch.zeros("),
        ),
        cuda_oom(
            "61.65 GiB",
            0,
            "79.19 GiB",
            "50.92 GiB",
            "Including non-PyTorch memory, this process has 28.26 GiB memory in use. ",
            "27.61 GiB",
            "38.52 MiB",
        ),
        "",
        f"{at(D055, 18)} {SIGQUIT_OLD}",
    ),
)

case(
    "kv_pool_zero_after_lowered_fraction_0510",
    "0.5.10.post1",
    "sglang-0.5.10.post1 srt/model_executor/model_runner_kv_cache_mixin.py:56-60 MemoryPoolConfig.__post_init__, :885/:899; model_runner.py:427/:623; managers/tp_worker.py:261/:344; scheduler.py:385/:600/:632/:3600",
    "oom_kv_cache",
    "--mem-fraction-static lowered to 0.4 to leave room for a 32k chunked prefill: nothing is left for the KV pool",
    join(
        LAUNCHER_WARN_0510,
        sargs(
            at(D0510, 0),
            "meta-llama/Llama-3.3-70B-Instruct",
            tp_size=2,
            mem_fraction_static=0.4,
            chunked_prefill_size=32768,
            max_prefill_tokens=65536,
            max_running_requests=512,
        ),
        f"{at(D0510, 6, 'TP0')} Init torch distributed begin.",
        f"{at(D0510, 8, 'TP0')} Init torch distributed ends. elapsed=2.31 s, mem usage=0.74 GB",
        f"{at(D0510, 8, 'TP0')} Load weight begin. avail mem=78.39 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 30/30 [00:46<00:00,  1.55s/it]",
        f"{at(D0510, 56, 'TP0')} Load weight end. elapsed=48.31 s, type=LlamaForCausalLM, avail mem=45.52 GB, mem usage=32.87 GB.",
        f"{at(D0510, 57, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
            ("managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
            ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
            ("managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
            ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
            ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
            (
                "model_executor/model_runner_kv_cache_mixin.py",
                899,
                "init_memory_pool",
                "self.memory_pool_config = self._resolve_memory_pool_config(",
            ),
            (
                "model_executor/model_runner_kv_cache_mixin.py",
                885,
                "_resolve_memory_pool_config",
                "return MemoryPoolConfig(",
            ),
            ("<string>", 9, "__init__", ""),
            ("model_executor/model_runner_kv_cache_mixin.py", 60, "__post_init__", "raise RuntimeError(msg)"),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.4",
        "",
        f"{at(D0510, 57)} {SIGQUIT_OLD}",
    ),
)


# ================================================================================ serving: allocators and OOMs (oom_runtime)
QWEN32_046 = [
    sargs(
        at(D046, 0),
        "Qwen/Qwen2.5-32B-Instruct",
        tp_size=2,
        page_size=16,
        attention_backend="fa3",
        chunked_prefill_size=8192,
        mem_fraction_static=0.88,
    ),
    f"{at(D046, 5, 'TP0')} Init torch distributed begin.",
    f"{at(D046, 7, 'TP0')} Init torch distributed ends. mem usage=0.45 GB",
    f"{at(D046, 7, 'TP0')} Load weight begin. avail mem=78.24 GB",
    f"{at(D046, 29, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=47.36 GB, mem usage=30.88 GB.",
    f"{at(D046, 30, 'TP0')} KV Cache is allocated. #tokens: 457792, K size: 20.95 GB, V size: 20.95 GB",
    f"{at(D046, 30, 'TP0')} Memory pool end. avail mem=5.14 GB",
    f"{at(D046, 30, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=4.58 GB",
    f"{at(D046, 39, 'TP0')} Capture cuda graph end. Time elapsed: 8.91 s. mem usage=0.98 GB. avail mem=3.60 GB.",
    f"{at(D046, 39, 'TP0')} max_total_num_tokens=457792, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768",
    *uvicorn(at(D046, 40), 5713),
    f'{at(D046, 41)} INFO:     127.0.0.1:51774 - "GET /get_model_info HTTP/1.1" 200 OK',
    f"{at(D046, 41, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
    f'{at(D046, 42)} INFO:     127.0.0.1:51788 - "POST /generate HTTP/1.1" 200 OK',
    f"{at(D046, 42)} The server is fired up and ready to roll!",
]
case(
    "prefill_out_of_memory_paged_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 srt/managers/schedule_batch.py:953-987 alloc_paged_token_slots_extend, :1220 prepare_for_extend; scheduler.py:664/:1321/:1477/:2311; https://github.com/sgl-project/sglang/issues/7353",
    "oom_runtime",
    "the paged token allocator cannot place a full chunk (+ a page per request) while serving",
    join(
        QWEN32_046,
        f"{at(D046, 900, 'TP0')} Prefill batch. #new-seq: 14, #new-token: 8192, #cached-token: 0, token usage: 0.92, #running-req: 171, #queue-req: 105",
        f"{at(D046, 901, 'TP0')} Decode batch. #running-req: 185, #token: 429552, token usage: 0.94, cuda graph: True, gen throughput (token/s): 3311.27, #queue-req: 105",
        f"{at(D046, 901, 'TP0')} Prefill batch. #new-seq: 13, #new-token: 8192, #cached-token: 0, token usage: 0.95, #running-req: 185, #queue-req: 88",
        f"{at(D046, 902, 'TP0')} Prefill out of memory. Try to lower your batch size.",
        "Try to allocate 8192 tokens.",
        "Available tokens: 7936",
        "self.token_to_kv_pool_allocator.available_size()=7936",
        "self.tree_cache.evictable_size()=0",
        "",
        f"{at(D046, 902, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            ("managers/scheduler.py", 2311, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            CTX_26,
            ("managers/scheduler.py", 664, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
            ("managers/scheduler.py", 1321, "get_next_batch_to_run", "new_batch = self.get_new_batch_prefill()"),
            ("managers/scheduler.py", 1477, "get_new_batch_prefill", "new_batch.prepare_for_extend()"),
            (
                "managers/schedule_batch.py",
                1220,
                "prepare_for_extend",
                "out_cache_loc = self.alloc_paged_token_slots_extend(",
            ),
            ("managers/schedule_batch.py", 987, "alloc_paged_token_slots_extend", "raise RuntimeError(error_msg)"),
        ),
        "RuntimeError: Prefill out of memory. Try to lower your batch size.",
        "Try to allocate 8192 tokens.",
        "Available tokens: 7936",
        "self.token_to_kv_pool_allocator.available_size()=7936",
        "self.tree_cache.evictable_size()=0",
        "",
        "",
        f"{at(D046, 902)} {SIGQUIT_OLD}",
    ),
)

QWEN235_055 = [
    sargs(
        at(D055, 0),
        "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8",
        tp_size=4,
        page_size=64,
        attention_backend="fa3",
        max_running_requests=256,
        chunked_prefill_size=8192,
    ),
    f"{at(D055, 62, 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=76.40 GB, mem usage=62.71 GB.",
    f"{at(D055, 63, 'TP0')} KV Cache is allocated. #tokens: 1217216, K size: 53.40 GB, V size: 53.40 GB",
    f"{at(D055, 63, 'TP0')} Memory pool end. avail mem=14.96 GB",
    f"{at(D055, 75, 'TP0')} Capture cuda graph end. Time elapsed: 11.84 s. mem usage=1.87 GB. avail mem=13.09 GB.",
    f"{at(D055, 75, 'TP0')} max_total_num_tokens=1217216, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=256, context_len=262144, available_gpu_mem=13.09 GB",
    *uvicorn(at(D055, 76), 88),
    f'{at(D055, 77)} INFO:     127.0.0.1:40222 - "GET /get_model_info HTTP/1.1" 200 OK',
    f'{at(D055, 78)} INFO:     127.0.0.1:40236 - "POST /generate HTTP/1.1" 200 OK',
    f"{at(D055, 78)} The server is fired up and ready to roll!",
]
case(
    "decode_out_of_memory_paged_055",
    "0.5.5",
    "sglang-0.5.5 srt/mem_cache/common.py:391-415 alloc_paged_token_slots_decode (logger.error + tree_cache.pretty_print), :444 alloc_for_decode; schedule_batch.py:1614; scheduler.py:985/:1684/:1935/:2826; radix_cache.py _print_helper",
    "oom_runtime",
    "the decode allocator finds no page left for 192 running requests while serving",
    join(
        QWEN235_055,
        f"{at(D055, 1500, 'TP0')} Decode batch, #running-req: 192, #token: 1216960, token usage: 1.00, cuda graph: True, gen throughput (token/s): 2211.05, #queue-req: 64, ",
        f"{at(D055, 1501, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 1, #new_token_ratio: 0.3311 -> 0.5124",
        f"{at(D055, 1502, 'TP0')} Decode out of memory. Try to lower your batch size.",
        "Try to allocate 192 tokens.",
        "Available tokens: 128 (available_size=128 + evictable_size=0)",
        "",
        " 0 [] r=1",
        "   1536 [151644, 8948, 198, 2610, 525, 1207, 16948, 11, 3465, 553] r=190",
        "     6272 [151644, 872, 198, 785, 2701, 374, 264, 1140, 315, 5322] r=1",
        "#tokens: 1217088",
        f"{at(D055, 1502, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            CTX_28,
            ("managers/scheduler.py", 985, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
            (
                "managers/scheduler.py",
                1684,
                "get_next_batch_to_run",
                "self.running_batch = self.update_running_batch(self.running_batch)",
            ),
            ("managers/scheduler.py", 1935, "update_running_batch", "batch.prepare_for_decode()"),
            (
                "managers/schedule_batch.py",
                1614,
                "prepare_for_decode",
                "self.out_cache_loc = alloc_for_decode(self, token_per_req=1)",
            ),
            ("mem_cache/common.py", 444, "alloc_for_decode", "out_cache_loc = alloc_paged_token_slots_decode("),
            ("mem_cache/common.py", 415, "alloc_paged_token_slots_decode", "raise RuntimeError(error_msg)"),
        ),
        "RuntimeError: Decode out of memory. Try to lower your batch size.",
        "Try to allocate 192 tokens.",
        "Available tokens: 128 (available_size=128 + evictable_size=0)",
        "",
        "",
        f"{at(D055, 1502)} SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
    ),
)

LLAMA8_0510 = [
    *LAUNCHER_WARN_0510,
    sargs(
        at(D0510, 0),
        "meta-llama/Llama-3.1-8B-Instruct",
        enable_mixed_chunk=True,
        chunked_prefill_size=16384,
        max_prefill_tokens=32768,
        max_running_requests=512,
        disable_radix_cache=True,
    ),
    f"{at(D0510, 5)} Init torch distributed begin.",
    f"{at(D0510, 5)} Init torch distributed ends. elapsed=0.21 s, mem usage=0.00 GB",
    f"{at(D0510, 5)} Load weight begin. avail mem=78.68 GB",
    f"{at(D0510, 12)} Load weight end. elapsed=6.88 s, type=LlamaForCausalLM, avail mem=63.55 GB, mem usage=15.13 GB.",
    f"{at(D0510, 13)} KV Cache is allocated. #tokens: 445221, K size: 27.17 GB, V size: 27.17 GB",
    f"{at(D0510, 13)} Memory pool end. avail mem=8.86 GB",
    f"{at(D0510, 13)} Capture cuda graph begin. This can take up to several minutes. avail mem=8.80 GB",
    f"{at(D0510, 21)} Capture cuda graph end. Time elapsed: 7.62 s. mem usage=0.91 GB. avail mem=7.89 GB.",
    f"{at(D0510, 21)} max_total_num_tokens=445221, chunked_prefill_size=16384, max_prefill_tokens=32768, max_running_requests=512, context_len=131072, available_gpu_mem=7.89 GB",
    *uvicorn(at(D0510, 22), 301),
    f'{at(D0510, 23)} INFO:     127.0.0.1:38914 - "GET /model_info HTTP/1.1" 200 OK',
    f"{at(D0510, 23)} Prefill batch, #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 0.00",
    f'{at(D0510, 24)} INFO:     127.0.0.1:38926 - "POST /generate HTTP/1.1" 200 OK',
    f"{at(D0510, 24)} The server is fired up and ready to roll!",
]
case(
    "token_slots_out_of_memory_mixed_chunk_0510",
    "0.5.10.post1",
    "sglang-0.5.10.post1 srt/mem_cache/common.py:201-224 alloc_token_slots, :359 alloc_for_extend; base_prefix_cache.py:271 available_and_evictable_str; schedule_batch.py:1615; scheduler.py:1300/:1350/:2248/:2315/:2518/:3497/:3616; observability/scheduler_metrics_mixin.py batch lines",
    "oom_runtime",
    "a 16k mixed chunk finds 9210 free token slots while serving: the allocator raises",
    join(
        LLAMA8_0510,
        f"{at(D0510, 600)} Prefill batch, #new-seq: 2, #new-token: 16384, #cached-token: 0, token usage: 0.93, #running-req: 311, #queue-req: 57, cuda graph: False, input throughput (token/s): 41277.35",
        f"{at(D0510, 601)} Decode batch, #running-req: 313, #token: 428113, token usage: 0.96, cuda graph: True, gen throughput (token/s): 6120.84, #queue-req: 57",
        f"{at(D0510, 602)} Out of memory. Try to lower your batch size.",
        "Try to allocate 16384 tokens.",
        "Available tokens: 9210 (available_size=9210 + evictable_size=0)",
        "",
        f"{at(D0510, 602)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
            ("managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
            ("managers/scheduler.py", 3497, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
            CTX_28,
            ("managers/scheduler.py", 1350, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
            ("managers/scheduler.py", 2248, "get_next_batch_to_run", "new_batch = self.get_new_batch_prefill()"),
            ("managers/scheduler.py", 2315, "get_new_batch_prefill", "ret = self._get_new_batch_prefill_raw("),
            ("managers/scheduler.py", 2518, "_get_new_batch_prefill_raw", "new_batch.prepare_for_extend()"),
            (
                "managers/schedule_batch.py",
                1615,
                "prepare_for_extend",
                "out_cache_loc, req_pool_indices_tensor, req_pool_indices = alloc_for_extend(",
            ),
            (
                "mem_cache/common.py",
                359,
                "alloc_for_extend",
                "out_cache_loc = alloc_token_slots(batch.tree_cache, batch.extend_num_tokens)",
            ),
            ("mem_cache/common.py", 224, "alloc_token_slots", "raise RuntimeError(error_msg)"),
        ),
        "RuntimeError: Out of memory. Try to lower your batch size.",
        "Try to allocate 16384 tokens.",
        "Available tokens: 9210 (available_size=9210 + evictable_size=0)",
        "",
        "",
        f"{at(D0510, 602)} {SIGQUIT_NEW}",
    ),
)

D052 = "2025-09-13"
case(
    "alloc_req_slots_out_of_memory_052",
    "0.5.2",
    "sglang-0.5.2 srt/managers/schedule_batch.py:965-976 alloc_req_slots, :1144 prepare_for_extend; scheduler.py:835/:1572/:1736/:2610; tokenizer_manager.py:1698; https://github.com/sgl-project/sglang/issues/10408",
    "oom_runtime",
    "the req_to_token pool has no free request slot for a new prefill while serving",
    join(
        sargs(
            at(D052, 0),
            "Qwen/Qwen2.5-7B-Instruct",
            quantization="fp8",
            tp_size=4,
            max_running_requests=4,
            mem_fraction_static=0.8,
        ),
        f"{at(D052, 40, 'TP0')} max_total_num_tokens=643127, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4, context_len=32768, available_gpu_mem=3.41 GB",
        *uvicorn(at(D052, 41), 77),
        f"{at(D052, 43)} The server is fired up and ready to roll!",
        f"{at(D052, 300, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 1311, #cached-token: 512, token usage: 0.01, #running-req: 3, #queue-req: 9, ",
        f"{at(D052, 301, 'TP0')} Decode batch. #running-req: 4, #token: 9071, token usage: 0.01, cuda graph: True, gen throughput (token/s): 151.62, #queue-req: 9, ",
        f'{at(D052, 302)} INFO:     10.42.0.1:50512 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(D052, 303, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2610, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            CTX_28,
            ("managers/scheduler.py", 835, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
            ("managers/scheduler.py", 1572, "get_next_batch_to_run", "new_batch = self.get_new_batch_prefill()"),
            ("managers/scheduler.py", 1736, "get_new_batch_prefill", "new_batch.prepare_for_extend()"),
            (
                "managers/schedule_batch.py",
                1144,
                "prepare_for_extend",
                "req_pool_indices = self.alloc_req_slots(bs, self.reqs)",
            ),
            ("managers/schedule_batch.py", 971, "alloc_req_slots", "raise RuntimeError("),
        ),
        "RuntimeError: alloc_req_slots runs out of memory. Please set a smaller number for `--max-running-requests`. self.req_to_token_pool.available_size()=1, num_reqs=2, ",
        "",
        f"{at(D052, 303)} {SIGQUIT_OLD}",
    ),
)

QWEN32_055_READY = [
    sargs(
        at(D055, 0),
        "Qwen/Qwen2.5-32B-Instruct",
        tp_size=2,
        mem_fraction_static=0.92,
        chunked_prefill_size=32768,
        max_prefill_tokens=65536,
    ),
    f"{at(D055, 29, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=47.41 GB, mem usage=30.88 GB.",
    f"{at(D055, 30, 'TP0')} KV Cache is allocated. #tokens: 525376, K size: 24.05 GB, V size: 24.05 GB",
    f"{at(D055, 30, 'TP0')} Memory pool end. avail mem=4.92 GB",
    f"{at(D055, 39, 'TP0')} Capture cuda graph end. Time elapsed: 8.47 s. mem usage=1.02 GB. avail mem=3.90 GB.",
    f"{at(D055, 39, 'TP0')} max_total_num_tokens=525376, chunked_prefill_size=32768, max_prefill_tokens=65536, max_running_requests=4096, context_len=32768, available_gpu_mem=3.90 GB",
    *uvicorn(at(D055, 40), 412),
    f"{at(D055, 42)} The server is fired up and ready to roll!",
]
case(
    "torch_oom_32k_chunk_activation_055",
    "0.5.5",
    "sglang-0.5.5 srt/layers/activation.py:75 SiluAndMul.forward_cuda, custom_op.py:67, models/qwen2.py:97/:256/:362/:495, model_runner.py:2092/:2147/:2204, tp_worker.py:442, scheduler.py:990/:1987/:2826; torch OOM text",
    "oom_runtime",
    "a 32k-token prefill chunk needs activations the 0.92 static fraction did not leave: torch OOM while serving",
    join(
        QWEN32_055_READY,
        f"{at(D055, 700, 'TP0')} Prefill batch, #new-seq: 5, #new-token: 32768, #cached-token: 4096, token usage: 0.41, #running-req: 37, #queue-req: 22, ",
        f"{at(D055, 701, 'TP1')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            CTX_28,
            ("managers/scheduler.py", 990, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            ("managers/scheduler.py", 1987, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
            (
                "managers/tp_worker.py",
                442,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("model_executor/model_runner.py", 2147, "forward", "output = self._forward_raw("),
            ("model_executor/model_runner.py", 2204, "_forward_raw", "ret = self.forward_extend("),
            ("model_executor/model_runner.py", 2092, "forward_extend", "return self.model.forward("),
            ("models/qwen2.py", 495, "forward", "hidden_states = self.model("),
            *MOD_28,
            ("models/qwen2.py", 362, "forward", "hidden_states, residual = layer("),
            *MOD_28,
            ("models/qwen2.py", 256, "forward", "hidden_states = self.mlp(hidden_states)"),
            *MOD_28,
            ("models/qwen2.py", 97, "forward", "x = self.act_fn(gate_up)"),
            *MOD_28,
            ("custom_op.py", 67, "forward", "return self._forward_method(*args, **kwargs)"),
            (
                "layers/activation.py",
                75,
                "forward_cuda",
                "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
            ),
        ),
        cuda_oom(
            "864.00 MiB",
            1,
            "79.19 GiB",
            "611.94 MiB",
            "Including non-PyTorch memory, this process has 78.57 GiB memory in use. ",
            "75.62 GiB",
            "1.43 GiB",
            private="1.02 GiB",
        ),
        "",
        f"{at(D055, 701)} SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
    ),
)

case(
    "overlap_thread_oom_chunking_disabled_049",
    "0.4.9.post2",
    "sglang-0.4.9.post2 srt/managers/tp_worker_overlap_thread.py:129/:132/:164 (TpModelWorkerClient hit an exception), tp_worker.py:214, model_runner.py:1440/:1472/:1501, models/llama.py, layers/activation.py:63; https://github.com/sgl-project/sglang/issues/9142",
    "oom_runtime",
    "chunked prefill disabled: a 117k-token prompt is prefilled in one pass and its MLP activation does not fit",
    join(
        sargs(
            at(D049, 0),
            "meta-llama/Llama-3.1-70B-Instruct",
            tp_size=4,
            chunked_prefill_size=-1,
            max_prefill_tokens=131072,
            mem_fraction_static=0.88,
        ),
        f"{at(D049, 75, 'TP0')} max_total_num_tokens=1058841, chunked_prefill_size=-1, max_prefill_tokens=131072, max_running_requests=4096, context_len=131072, available_gpu_mem=7.12 GB",
        *uvicorn(at(D049, 76), 640),
        f"{at(D049, 78)} The server is fired up and ready to roll!",
        f"{at(D049, 910, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 117342, #cached-token: 0, #token: 20418, token usage: 0.02, #running-req: 6, #queue-req: 0, timestamp: 2025-07-20T09:15:10.402117",
        f"{at(D049, 911, 'TP2')} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY310,
            ("managers/tp_worker_overlap_thread.py", 129, "forward_thread_func", "self.forward_thread_func_()"),
            CTX_26,
            (
                "managers/tp_worker_overlap_thread.py",
                164,
                "forward_thread_func_",
                "self.worker.forward_batch_generation(",
            ),
            (
                "managers/tp_worker.py",
                214,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("model_executor/model_runner.py", 1472, "forward", "output = self._forward_raw("),
            ("model_executor/model_runner.py", 1501, "_forward_raw", "ret = self.forward_extend("),
            ("model_executor/model_runner.py", 1440, "forward_extend", "return self.model.forward("),
            ("models/llama.py", 457, "forward", "hidden_states = self.model("),
            *MOD_27,
            ("models/llama.py", 334, "forward", "hidden_states, residual = layer("),
            *MOD_27,
            ("models/llama.py", 266, "forward", "hidden_states = self.mlp(hidden_states)"),
            *MOD_27,
            ("models/llama.py", 96, "forward", "x = self.act_fn(gate_up)"),
            *MOD_27,
            ("custom_op.py", 56, "forward", "return self._forward_method(*args, **kwargs)"),
            (
                "layers/activation.py",
                63,
                "forward_cuda",
                "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
            ),
        ),
        cuda_oom(
            "1.57 GiB",
            2,
            "79.10 GiB",
            "1.21 GiB",
            "Process 1187342 has 77.88 GiB memory in use. ",
            "74.96 GiB",
            "1.33 GiB",
            private="2.05 GiB",
        ),
        "",
        f"{at(D049, 911)} {SIGQUIT_OLD}",
    ),
)


# ================================================================================ serving: CUDA faults (cuda_error_other)
QWEN7_046 = [
    sargs(
        at(D046, 0),
        "Qwen/Qwen2.5-7B-Instruct",
        enable_mixed_chunk=True,
        chunked_prefill_size=4096,
        max_running_requests=128,
    ),
    f"{at(D046, 12)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.38 GB, mem usage=14.88 GB.",
    f"{at(D046, 12)} KV Cache is allocated. #tokens: 957421, K size: 25.57 GB, V size: 25.57 GB",
    f"{at(D046, 12)} Memory pool end. avail mem=11.34 GB",
    f"{at(D046, 20)} Capture cuda graph end. Time elapsed: 7.44 s. mem usage=0.53 GB. avail mem=10.81 GB.",
    f"{at(D046, 20)} max_total_num_tokens=957421, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=128, context_len=32768",
    *uvicorn(at(D046, 21), 91),
    f"{at(D046, 22)} The server is fired up and ready to roll!",
]
case(
    "mixed_chunk_illegal_memory_access_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 srt/managers/tp_worker_overlap_thread.py:115-122 forward_thread_func (TpModelWorkerClient hit an exception), :175; tokenizer_manager.py:1444-1447 running_phase_sigquit_handler; https://github.com/sgl-project/sglang/issues/6921",
    "cuda_error_other",
    "with --enable-mixed-chunk a mixed prefill+decode batch faults on the GPU (illegal memory access) while serving",
    join(
        QWEN7_046,
        f"{at(D046, 400)} Prefill batch. #new-seq: 2, #new-token: 4095, #cached-token: 0, token usage: 0.01, #running-req: 1, #queue-req: 7",
        f"{at(D046, 401)} Prefill batch. #new-seq: 3, #new-token: 4094, #cached-token: 0, token usage: 0.02, #running-req: 2, #queue-req: 5",
        f"{at(D046, 401)} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY310,
            ("managers/tp_worker_overlap_thread.py", 118, "forward_thread_func", "self.forward_thread_func_()"),
            CTX_26,
            (
                "managers/tp_worker_overlap_thread.py",
                175,
                "forward_thread_func_",
                'next_token_ids = next_token_ids.to("cpu", non_blocking=True)',
            ),
        ),
        "RuntimeError: CUDA error: an illegal memory access was encountered",
        CUDA_ASYNC,
        "",
        f"{at(D046, 401)} {SIGQUIT_OLD}",
    ),
)

case(
    "req_to_token_index_device_assert_overlap_052",
    "0.5.2",
    "sglang-0.5.2 srt/managers/tp_worker_overlap_thread.py:205-216 resolve_last_batch_result, scheduler_output_processor_mixin.py:211, scheduler.py:860/:1882/:2610; mem_cache/memory_pool.py:80 ReqToTokenPool.write; torch IndexKernel.cu device assert text",
    "cuda_error_other",
    "an index out of the req_to_token pool's bounds trips a device-side assert; the overlap scheduler reports it at the next sync",
    join(
        sargs(
            at(D052, 0),
            "mistralai/Mistral-Small-3.2-24B-Instruct-2506",
            tp_size=2,
            chunked_prefill_size=8192,
            max_running_requests=512,
        ),
        f"{at(D052, 52, 'TP0')} max_total_num_tokens=612290, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=512, context_len=131072, available_gpu_mem=6.77 GB",
        *uvicorn(at(D052, 53), 219),
        f"{at(D052, 55)} The server is fired up and ready to roll!",
        f"{at(D052, 820, 'TP0')} Decode batch. #running-req: 488, #token: 407361, token usage: 0.67, cuda graph: True, gen throughput (token/s): 5732.18, #queue-req: 0, ",
        '/pytorch/aten/src/ATen/native/cuda/IndexKernel.cu:93: operator(): block: [0,0,0], thread: [64,0,0] Assertion `-sizes[i] <= index && index < sizes[i] && "index out of bounds"` failed.',
        '/pytorch/aten/src/ATen/native/cuda/IndexKernel.cu:93: operator(): block: [0,0,0], thread: [65,0,0] Assertion `-sizes[i] <= index && index < sizes[i] && "index out of bounds"` failed.',
        f"{at(D052, 821, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2610, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            CTX_28,
            ("managers/scheduler.py", 860, "event_loop_overlap", "self.process_batch_result("),
            (
                "managers/scheduler.py",
                1882,
                "process_batch_result",
                "self.process_batch_result_decode(batch, result, launch_done)",
            ),
            (
                "managers/scheduler_output_processor_mixin.py",
                211,
                "process_batch_result_decode",
                "self.tp_worker.resolve_last_batch_result(launch_done)",
            ),
            ("managers/tp_worker_overlap_thread.py", 216, "resolve_last_batch_result", "copy_done.synchronize()"),
            ("+torch/cuda/streams.py", 227, "synchronize", "super().synchronize()"),
        ),
        "RuntimeError: CUDA error: device-side assert triggered",
        CUDA_ASYNC,
        "",
        f"{at(D052, 821)} {SIGQUIT_OLD}",
    ),
)


# ================================================================================ serving: leaks caught at idle (unknown)
D054 = "2025-10-22"
case(
    "kv_leak_at_idle_054",
    "0.5.4",
    "sglang-0.5.4 srt/managers/scheduler_runtime_checker_mixin.py:137-147 check_memory, :213-214 self_check_during_idle; scheduler.py:1018/:2769/:2789; tokenizer_manager.py:2158; https://github.com/sgl-project/sglang/issues/11970 (its numbers)",
    "unknown",
    "the idle self-check finds 59 KV slots unaccounted for and raises: an SGLang bookkeeping bug, no shortage, no CUDA/NCCL/argument fault",
    join(
        sargs(
            at(D054, 0), "/model/Qwen3-30B-A3B", served_model_name="Qwen3-8B", tp_size=1, attention_backend="flashinfer"
        ),
        f"{at(D054, 44)} max_total_num_tokens=270331, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=40960, available_gpu_mem=9.11 GB",
        *uvicorn(at(D054, 45), 1),
        f"{at(D054, 47)} The server is fired up and ready to roll!",
        f"{at(D054, 320)} Decode batch [8123], #running-req: 256, #token: 268911, token usage: 0.99, cuda graph: True, gen throughput (token/s): 6011.42, #queue-req: 41, ",
        f"{at(D054, 321)} KV cache pool is full. Retract requests. #retracted_reqs: 3, #new_token_ratio: 0.2991 -> 0.5274",
        f"{at(D054, 388)} Decode batch [9950], #running-req: 2, #token: 1844, token usage: 0.01, cuda graph: True, gen throughput (token/s): 188.60, #queue-req: 0, ",
        f'{at(D054, 389)} INFO:     127.0.0.1:58812 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(D054, 390)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2769, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            CTX_28,
            ("managers/scheduler.py", 1018, "event_loop_overlap", "self.self_check_during_idle()"),
            ("managers/scheduler_runtime_checker_mixin.py", 214, "self_check_during_idle", "self.check_memory()"),
            ("managers/scheduler_runtime_checker_mixin.py", 147, "check_memory", "raise ValueError(msg)"),
        ),
        "ValueError: token_to_kv_pool_allocator memory leak detected! self.max_total_num_tokens=270331, available_size=644, evictable_size=269628, protected_size=0",
        "",
        "",
        f"{at(D054, 390)} {SIGQUIT_NEW}",
    ),
)

case(
    "kv_leak_mixed_chunk_paged_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 srt/managers/scheduler.py:1241-1259 check_memory (its message layout), :694 event_loop_overlap, :2311; https://github.com/sgl-project/sglang/issues/6888 (its numbers and the shell's Killed line)",
    "unknown",
    "with mixed chunk and page size 16 the idle check finds more free slots than the pool holds: an accounting bug, not a shortage",
    join(
        sargs(
            at(D046, 0),
            "Qwen2.5-7B-Instruct",
            quantization="fp8",
            tp_size=2,
            mem_fraction_static=0.95,
            max_running_requests=48,
            chunked_prefill_size=4096,
            enable_mixed_chunk=True,
            page_size=16,
        ),
        f"{at(D046, 61, 'TP0')} max_total_num_tokens=3185200, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=48, context_len=32768",
        *uvicorn(at(D046, 62), 103525, port=8188),
        f"{at(D046, 64)} The server is fired up and ready to roll!",
        f"{at(D046, 1650, 'TP0')} Prefill batch. #new-seq: 3, #new-token: 4096, #cached-token: 912, token usage: 0.02, #running-req: 21, #queue-req: 0",
        f"{at(D046, 1686, 'TP1')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            ("managers/scheduler.py", 2311, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            CTX_26,
            ("managers/scheduler.py", 694, "event_loop_overlap", "self.check_memory()"),
            ("managers/scheduler.py", 1259, "check_memory", "raise ValueError(msg)"),
        ),
        "ValueError: token_to_kv_pool_allocator memory leak detected! available_size=3189424, protected_size=0, self.max_total_num_tokens=3185200",
        "self.token_to_kv_pool_allocator.available_size()=2864304",
        "self.tree_cache.evictable_size()=325120",
        "",
        "",
        f"{at(D046, 1686)} {SIGQUIT_OLD}",
        "./run.sh: line 22: 103525 Killed                  python -m sglang.launch_server --host 0.0.0.0 --port 8188 --dtype auto --mem-fraction-static 0.95 --tp-size 2 --max-running-requests 48 --chunked-prefill-size 4096 --enable-mixed-chunk --page-size 16",
    ),
)


# ================================================================================ healthy contrasts (pressure is not failure)
QWEN14_046 = [
    sargs(
        at(D046, 0),
        "Qwen/Qwen2.5-14B-Instruct",
        mem_fraction_static=0.85,
        chunked_prefill_size=4096,
        schedule_policy="fcfs",
        allow_auto_truncate=True,
    ),
    f"{at(D046, 4)} Init torch distributed begin.",
    f"{at(D046, 4)} Init torch distributed ends. mem usage=0.00 GB",
    f"{at(D046, 4)} Load weight begin. avail mem=43.94 GB",
    "Loading safetensors checkpoint shards: 100% Completed | 8/8 [00:09<00:00,  1.18s/it]",
    f"{at(D046, 14)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=16.17 GB, mem usage=27.77 GB.",
    f"{at(D046, 14)} KV Cache is allocated. #tokens: 48214, K size: 4.41 GB, V size: 4.41 GB",
    f"{at(D046, 14)} Memory pool end. avail mem=6.93 GB",
    f"{at(D046, 15)} Capture cuda graph begin. This can take up to several minutes. avail mem=6.39 GB",
    f"{at(D046, 15)} Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
    "Capturing batches (avail_mem=5.20 GB): 100%|██████████| 23/23 [00:07<00:00,  3.12it/s]",
    f"{at(D046, 23)} Capture cuda graph end. Time elapsed: 7.81 s. mem usage=1.21 GB. avail mem=5.18 GB.",
    f"{at(D046, 23)} max_total_num_tokens=48214, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=2049, context_len=32768",
    *uvicorn(at(D046, 24), 2187),
    f'{at(D046, 25)} INFO:     127.0.0.1:43178 - "GET /get_model_info HTTP/1.1" 200 OK',
    f"{at(D046, 25)} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
    f'{at(D046, 26)} INFO:     127.0.0.1:43186 - "POST /generate HTTP/1.1" 200 OK',
    f"{at(D046, 26)} The server is fired up and ready to roll!",
]
case(
    "healthy_retraction_decode_oom_happened_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 srt/managers/scheduler.py:1508-1521 update_running_batch ('Decode out of memory happened'), :1146/:1202 batch lines; managers/utils.py:25-29 (Truncated)",
    "healthy",
    "a small KV pool under a benchmark: retraction, usage 0.99-1.00, 300 queued, a truncated input; requests keep finishing",
    join(
        QWEN14_046,
        f"{at(D046, 300)} Prefill batch. #new-seq: 4, #new-token: 4096, #cached-token: 1210, token usage: 0.96, #running-req: 37, #queue-req: 317",
        f"{at(D046, 301)} Decode batch. #running-req: 41, #token: 47812, token usage: 0.99, cuda graph: True, gen throughput (token/s): 688.27, #queue-req: 317",
        f"{at(D046, 302)} Decode out of memory happened. #retracted_reqs: 3, #new_token_ratio: 0.4251 -> 0.6378",
        f"{at(D046, 304)} Decode batch. #running-req: 38, #token: 48102, token usage: 1.00, cuda graph: True, gen throughput (token/s): 651.93, #queue-req: 320",
        f'{at(D046, 305)} INFO:     10.0.0.21:60214 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f'{at(D046, 305)} INFO:     10.0.0.21:60228 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(D046, 306)} Request length is longer than the KV cache pool size or the max context length. Truncated. len(req.origin_input_ids)=52113, max_req_input_len=32762.",
        f"{at(D046, 307)} Decode out of memory happened. #retracted_reqs: 2, #new_token_ratio: 0.5910 -> 0.7402",
        f"{at(D046, 309)} Prefill batch. #new-seq: 2, #new-token: 3311, #cached-token: 806, token usage: 0.93, #running-req: 33, #queue-req: 301",
        f"{at(D046, 310)} Decode batch. #running-req: 35, #token: 45120, token usage: 0.94, cuda graph: True, gen throughput (token/s): 702.15, #queue-req: 301",
        f'{at(D046, 311)} INFO:     10.0.0.21:60240 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

QWEN30_055 = [
    sargs(
        at(D055, 0),
        "Qwen/Qwen3-30B-A3B-Instruct-2507",
        tp_size=2,
        schedule_policy="fcfs",
        enable_priority_scheduling=True,
        max_queued_requests=512,
        priority_scheduling_preemption_threshold=10,
        max_running_requests=256,
    ),
    f"{at(D055, 35, 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=49.86 GB, mem usage=28.50 GB.",
    f"{at(D055, 36, 'TP0')} KV Cache is allocated. #tokens: 858112, K size: 19.64 GB, V size: 19.64 GB",
    f"{at(D055, 36, 'TP0')} Memory pool end. avail mem=9.71 GB",
    f"{at(D055, 46, 'TP0')} Capture cuda graph end. Time elapsed: 9.83 s. mem usage=1.44 GB. avail mem=8.27 GB.",
    f"{at(D055, 46, 'TP0')} max_total_num_tokens=858112, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=256, context_len=262144, available_gpu_mem=8.27 GB",
    *uvicorn(at(D055, 47), 3301),
    f'{at(D055, 48)} INFO:     127.0.0.1:35016 - "GET /get_model_info HTTP/1.1" 200 OK',
    f"{at(D055, 48, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
    f'{at(D055, 49)} INFO:     127.0.0.1:35030 - "POST /generate HTTP/1.1" 200 OK',
    f"{at(D055, 49)} The server is fired up and ready to roll!",
]
case(
    "healthy_priority_preemption_and_retraction_055",
    "0.5.5",
    "sglang-0.5.5 srt/managers/scheduler.py:1464-1511 _abort_on_queued_limit ('The request is aborted by a higher priority request.', 503), :1901-1925 update_running_batch (retraction, logger.info), scheduler_metrics_mixin.py batch lines; tokenizer_manager.py:1001-1020 (503 HTTPException)",
    "healthy",
    "a full queue under priority scheduling: low-priority requests get 503s, decode retracts at usage 1.00, the server serves on",
    join(
        QWEN30_055,
        f"{at(D055, 900, 'TP0')} Prefill batch, #new-seq: 6, #new-token: 8192, #cached-token: 24576, token usage: 0.97, #running-req: 250, #queue-req: 512, ",
        f'{at(D055, 900)} INFO:     10.8.1.14:41822 - "POST /v1/chat/completions HTTP/1.1" 503 Service Unavailable',
        f'{at(D055, 900)} INFO:     10.8.1.14:41830 - "POST /v1/chat/completions HTTP/1.1" 503 Service Unavailable',
        f"{at(D055, 901, 'TP0')} Decode batch, #running-req: 256, #token: 857344, token usage: 1.00, cuda graph: True, gen throughput (token/s): 9120.66, #queue-req: 512, ",
        f"{at(D055, 902, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 4, #new_token_ratio: 0.4122 -> 0.6987",
        f"{at(D055, 903, 'TP0')} Decode batch, #running-req: 252, #token: 851090, token usage: 0.99, cuda graph: True, gen throughput (token/s): 8977.31, #queue-req: 512, ",
        f'{at(D055, 903)} INFO:     10.8.1.14:41588 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f'{at(D055, 904)} INFO:     10.8.1.14:41846 - "POST /v1/chat/completions HTTP/1.1" 503 Service Unavailable',
        f"{at(D055, 905, 'TP0')} Prefill batch, #new-seq: 3, #new-token: 5120, #cached-token: 12288, token usage: 0.95, #running-req: 249, #queue-req: 509, ",
        f'{at(D055, 906)} INFO:     10.8.1.14:41602 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_leak_warning_non_strict_0510",
    "0.5.10.post1",
    "sglang-0.5.10.post1 srt/managers/scheduler_runtime_checker_mixin.py:183-191/:273-290 check_memory via utils/common.py:3772 raise_error_or_warn (warns when SGLANG_ENABLE_STRICT_MEM_CHECK_DURING_IDLE=0), scheduler.py:2596 retraction (logger.warning)",
    "healthy",
    "strict idle checking turned off: a KV leak is only warned about and the server goes on serving; retraction under load",
    join(
        LLAMA8_0510,
        f"{at(D0510, 900)} Prefill batch, #new-seq: 9, #new-token: 16384, #cached-token: 0, token usage: 0.97, #running-req: 402, #queue-req: 88, cuda graph: False, input throughput (token/s): 38121.40",
        f"{at(D0510, 901)} KV cache pool is full. Retract requests. #retracted_reqs: 6, #new_tokens_gained: 18304, #new_token_ratio: 0.3512 -> 0.6205",
        f"{at(D0510, 902)} Decode batch, #running-req: 405, #token: 441972, token usage: 0.99, cuda graph: True, gen throughput (token/s): 7311.02, #queue-req: 94",
        f'{at(D0510, 903)} INFO:     10.1.7.3:52200 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f'{at(D0510, 960)} INFO:     10.1.7.3:52244 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(D0510, 961)} token_to_kv_pool_allocator memory leak detected! self.max_total_num_tokens=445221, available_size=445157, evictable_size=0, protected_size=0, session_held=0",
        "",
        f"{at(D0510, 1020)} Prefill batch, #new-seq: 1, #new-token: 2310, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 39.12",
        f"{at(D0510, 1021)} Decode batch, #running-req: 1, #token: 2390, token usage: 0.01, cuda graph: True, gen throughput (token/s): 96.71, #queue-req: 0",
        f'{at(D0510, 1023)} INFO:     10.1.7.3:52260 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_profiled_cap_and_long_input_refused_052",
    "0.5.2",
    "sglang-0.5.2 srt/model_executor/model_runner.py:1289-1294 (max_total_tokens larger than the profiled value, logging.warning), managers/tokenizer_manager.py:437-455 (input longer than the context), entrypoints/http_server.py:498 ('[http_server] Error'), scheduler.py retraction line",
    "healthy",
    "an over-large --max-total-tokens capped at start-up, a too-long input refused with 400, retraction at usage 1.00: all pressure",
    join(
        sargs(
            at(D052, 0),
            "meta-llama/Llama-3.1-8B-Instruct",
            max_total_tokens=2000000,
            chunked_prefill_size=8192,
            max_running_requests=1024,
        ),
        f"{at(D052, 5)} Init torch distributed begin.",
        f"{at(D052, 5)} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D052, 5)} Load weight begin. avail mem=78.68 GB",
        f"{at(D052, 12)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.55 GB, mem usage=15.13 GB.",
        f"{at(D052, 12)} max_total_tokens=2000000 is larger than the profiled value 447283. Use the profiled value instead.",
        f"{at(D052, 13)} KV Cache is allocated. #tokens: 447283, K size: 27.30 GB, V size: 27.30 GB",
        f"{at(D052, 13)} Memory pool end. avail mem=8.61 GB",
        f"{at(D052, 21)} Capture cuda graph end. Time elapsed: 7.70 s. mem usage=0.87 GB. avail mem=7.74 GB.",
        f"{at(D052, 21)} max_total_num_tokens=447283, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=1024, context_len=131072, available_gpu_mem=7.74 GB",
        *uvicorn(at(D052, 22), 59),
        f'{at(D052, 23)} INFO:     127.0.0.1:39902 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{at(D052, 24)} INFO:     127.0.0.1:39910 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(D052, 24)} The server is fired up and ready to roll!",
        f"{at(D052, 600)} Decode batch. #running-req: 312, #token: 446971, token usage: 1.00, cuda graph: True, gen throughput (token/s): 7211.38, #queue-req: 1187, ",
        f"{at(D052, 601)} KV cache pool is full. Retract requests. #retracted_reqs: 9, #new_token_ratio: 0.2871 -> 0.5093",
        f"{at(D052, 602)} [http_server] Error: The input (131406 tokens) is longer than the model's context length (131072 tokens).",
        f'{at(D052, 602)} INFO:     10.2.0.5:48120 - "POST /generate HTTP/1.1" 400 Bad Request',
        f"{at(D052, 603)} Prefill batch. #new-seq: 5, #new-token: 8192, #cached-token: 2048, token usage: 0.97, #running-req: 303, #queue-req: 1191, ",
        f'{at(D052, 604)} INFO:     10.2.0.5:48102 - "POST /generate HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_dp_attention_truncate_and_retract_049",
    "0.4.9.post2",
    "sglang-0.4.9.post2 srt/server_args.py:408-414 (DP attention adjusts chunked prefill, warning before logging), managers/utils.py:25-29 (Truncated), scheduler.py:1315-1331/:1373-1394 (batch lines with timestamp), :1701-1703 (retraction), mem_cache/allocator.py:60-63 log_usage",
    "healthy",
    "DP-attention DeepSeek under a long-context benchmark: an input truncated, retraction at usage 1.00, 277 queued",
    join(
        "DP attention is enabled. The chunked prefill size is adjusted to 1024 to avoid MoE kernel issues. ",
        sargs(
            at(D049, 0),
            "deepseek-ai/DeepSeek-V3-0324",
            trust_remote_code=True,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            chunked_prefill_size=1024,
            max_running_requests=4096,
            allow_auto_truncate=True,
        ),
        f"{at(D049, 180, 'DP0 TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=55.89 GB, mem usage=83.92 GB.",
        f"{at(D049, 181, 'DP0 TP0')} KV Cache is allocated. #tokens: 540512, KV size: 35.37 GB",
        f"{at(D049, 181, 'DP0 TP0')} Memory pool end. avail mem=19.61 GB",
        f"{at(D049, 222, 'DP0 TP0')} Capture cuda graph end. Time elapsed: 41.77 s. mem usage=2.64 GB. avail mem=16.41 GB.",
        f"{at(D049, 222, 'DP0 TP0')} max_total_num_tokens=540512, chunked_prefill_size=1024, max_prefill_tokens=16384, max_running_requests=512, context_len=163840, available_gpu_mem=16.41 GB",
        *uvicorn(at(D049, 224), 12),
        f'{at(D049, 225)} INFO:     127.0.0.1:60400 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{at(D049, 227)} INFO:     127.0.0.1:60410 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(D049, 227)} The server is fired up and ready to roll!",
        f"{at(D049, 1400, 'DP3 TP3')} Request length is longer than the KV cache pool size or the max context length. Truncated. len(req.origin_input_ids)=171220, max_req_input_len=163834.",
        f"{at(D049, 1401, 'DP3 TP3')} Prefill batch. #new-seq: 1, #new-token: 1024, #cached-token: 0, #token: 402113, token usage: 0.74, #running-req: 88, #queue-req: 31, timestamp: 2025-07-20T09:23:21.118402",
        f"{at(D049, 1460, 'DP5 TP5')} KV cache pool is full. Retract requests. #retracted_reqs: 3, #new_token_ratio: 0.1865 -> 0.4402",
        f"{at(D049, 1461, 'DP5 TP5')} Decode batch. #running-req: 131, #token: 539870, token usage: 1.00, cuda graph: True, gen throughput (token/s): 1402.56, #queue-req: 277, timestamp: 2025-07-20T09:24:21.511204",
        f'{at(D049, 1462)} INFO:     10.9.4.2:33012 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(D049, 1465, 'DP5 TP5')} Decode batch. #running-req: 129, #token: 538112, token usage: 1.00, cuda graph: True, gen throughput (token/s): 1388.02, #queue-req: 279, timestamp: 2025-07-20T09:24:25.902331",
    ),
)


# ------------------------------------------------------------------------------------------------------ tests
XFAIL: dict[str, str] = {  # filled after the ONE first-sight run: case -> label the classifier gave
    "kv_leak_at_idle_054": "oom_runtime",
    "kv_leak_mixed_chunk_paged_046": "oom_runtime",
    "max_running_request_zero_dp_attention_046": "oom_kv_cache",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_scheduler_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}  # healthy cases that fire a failure event on the way: case -> event label


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_scheduler_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
