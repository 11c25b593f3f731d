"""SGLang's newest releases on PyPI (0.5.12, 0.5.22, 0.5.23; 0.5.23 is the newest) as their logs show a failure (a helper, blind).

Scope: the failure and warning messages these releases added or reworded since 0.5.10 (found by diffing the 0.5.23 wheel's
`raise` / `logger.error` / `logger.warning` strings against 0.5.10's), each rendered with the start-up lines that release
prints: 0.5.22+'s `Init parallel begin.` / `Memory baseline taken.` (was `Init torch distributed ...`), the dict-shaped
`server_args={...}` line, `KV Cache is allocated. dtype: ...`, the split `Capture target prefill CUDA graph begin.
backend=breakable, ...` / `Capture target decode CUDA graph begin. backend=full, num_tokens_per_req=1, ...` lines, and
`python -m sglang.launch_server`'s new UserWarning. Memory checks: the new KV-budget check `Loaded weights leave no GPU
memory for the KV cache under --mem-fraction-static=...`, the pool configurator's reworded `Not enough memory. Please
try to increase --mem-fraction-static.` (no current value when the configurator raises it), the hybrid mamba state-cache
checks, the SWA pool-cap and SWA-floor checks, HiCache's host-memory checks (auto-size reserve, explicit ratio). Graphs:
the reworded `Capture cuda graph failed` hints (`--cuda-graph-max-bs-decode`, `--cuda-graph-backend-decode=disabled`),
the breakable prefill graph's `Fail when using backend: breakable for prefill runner.`, 0.5.12's `Piecewise CUDA Graph
failed with error`. Launcher: `Rank N scheduler died during initialization (exit code: ...)`, the DP-attention port
pre-check. Distributed: the new `bootstrap.init_parallel_runtime` path (TCPStore rendezvous, the NCCL pre-warm), the
post-load barrier's `TP rank 0 could finish the model loading, but ...`. Arguments: 0.5.20+'s ambiguous
`--cuda-graph-max-bs`, the resolution pipeline's TRTLLM-MHA check, the sglang-kernel minimum. MoE: DeepGEMM's
`Masked grouped-GEMM workspace allocation failed`. Healthy contrasts (5): `KV pool holds N tokens, fewer than
--context-length`, the mamba cap / `max_running_requests was reduced` warnings, the ANSI-coloured deprecation warnings
with the UserWarning, `The memory capacity is unbalanced` as a warning, `FlashInfer extend autotune skipped: not enough
free memory`.

Sources: the PyPI wheels sglang==0.5.23 (cp312), 0.5.22, 0.5.12 and 0.5.10 (for the diff), file:line under sglang/ of
that release; torch 2.14 (the version 0.5.23 pins) for `torch.OutOfMemoryError`'s text and the c10d frames (line
numbers approximate); Python 3.12's argparse and warnings for their shapes. SGLang frames use the release's real line
numbers for the call path; the deepest model / MoE-layer frames (models/*, layers/moe/*, mem_cache/registry.py) are the
real functions with approximate lines.

Labelling policy (decided before the classifier ran): a check that the KV / state pool cannot be sized from the budget
left after weights (KV, mamba state, SWA cap or floor) is `oom_kv_cache` (the remedy is a higher
--mem-fraction-static or a larger TP); HiCache's host-memory checks are `config_error` (host RAM, the fix is a smaller
--hicache-ratio / --hicache-size: raising the GPU fraction would make it worse); an OOM inside graph capture (decode,
breakable prefill, 0.5.12 piecewise) is `oom_cuda_graph`, a non-OOM CUDA error there is `cuda_error_other`; a rank that
another rank's death left waiting (the post-load barrier) is `nccl_or_distributed`; a bare `exit code: -9` during weight
loading (the OS OOM killer) is `oom_weights` (unsure: host, not GPU, memory); DeepGEMM's masked-GEMM workspace OOM while
serving is `oom_moe_workspace` (it names its workspace and its own remedy).

First sight: 27/29 (2 misses, strict xfails below): latest_masked_gemm_workspace_oom (expected oom_moe_workspace, got
oom_runtime: DeepGEMM's own `Masked grouped-GEMM workspace allocation failed ...` line and the deep_gemm.py
`_run_masked_gemm` frame come after ready, and the serving phase wins), latest_rank_killed_loading_weights (expected
oom_weights, got nccl_or_distributed: the bare `Rank 3 scheduler died during initialization (exit code: -9) ... OS OOM
killer` line during weight loading is read as a rank-death cascade; my label is the unsure one here). Healthy contrasts
5/5 end `healthy` and fire no failure event on the way.
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
PY = "/usr/local/lib/python3.12/dist-packages"  # the lmsysorg/sglang images, python 3.12 (the cp312 wheels)


def tb(*stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{PY}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in the same site-packages: `+torch/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{PY}/{path[1:]}"
        else:
            full = f"{PY}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def oom(mib: str, total: str, free: str, inuse: str, alloc: str, pools: str, reserved: str, gpu: int = 0) -> str:
    """torch 2.14's CUDACachingAllocator text (c10/cuda/CUDACachingAllocator.cpp)."""
    return (
        f"CUDA out of memory. Tried to allocate {mib}. GPU {gpu} has a total capacity of {total} of which {free} is free. "
        f"Including non-PyTorch memory, this process has {inuse} memory in use. Of the allocated memory {alloc} is allocated "
        f"by PyTorch, with {pools} allocated in private pools (e.g., CUDA Graphs), and {reserved} is reserved by PyTorch "
        "but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True "
        "to avoid fragmentation.  See documentation for Memory Management  "
        "(https://docs.pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf)"
    )


# 0.5.23 launch_server.py:71, printed by Python's warnings module on stderr before anything else
USERWARN = [
    f"{PY}/sglang/launch_server.py:71: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
    "  Example: sglang serve --model-path <model> [options]",
    "  warnings.warn(",
]

# -- 0.5.23 call paths (outermost first)
RUNPY = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)
MAIN = RUNPY + (("+sglang/launch_server.py", 84, "<module>", "run_server(server_args)"),)
LAUNCH = MAIN + (
    ("+sglang/launch_server.py", 67, "run_server", "launch_server(server_args)"),
    ("entrypoints/http_server.py", 3156, "launch_server", ") = Engine._launch_subprocesses("),
)
WAIT = LAUNCH + (
    ("entrypoints/engine.py", 1350, "_launch_subprocesses", "scheduler_init_result.wait_for_ready()"),
    (
        "entrypoints/engine.py",
        995,
        "wait_for_ready",
        "infos = _wait_for_scheduler_ready(scheduler_pipe_readers, scheduler_procs)",
    ),
)
RESOLVE = MAIN + (
    ("+sglang/launch_server.py", 29, "run_server", "server_args.resolve_once()"),
    ("server_args.py", 277, "resolve_once", "run_resolution_pipeline(self)"),
)
SCHED = (("managers/scheduler.py", 6362, "run_scheduler_process", "scheduler = Scheduler(server_args, port_args)"),)
WORKER = SCHED + (("managers/scheduler.py", 568, "__init__", "self.init_model_worker()"),)
MR_INIT = WORKER + (
    ("managers/scheduler.py", 1130, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 1033, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
    ("managers/tp_worker.py", 319, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 487, "_init_model_runner", "self._model_runner = ModelRunner("),
)
LOAD = MR_INIT + (
    ("model_executor/model_runner.py", 499, "__init__", "self.initialize()"),
    ("model_executor/model_runner.py", 715, "initialize", "self.load_model()"),
)
POOL = WORKER + (
    ("managers/scheduler.py", 1137, "init_model_worker", "self.init_memory_pools()"),
    ("managers/scheduler.py", 1100, "init_memory_pools", "self.init_target_memory_pool()"),
    ("managers/scheduler.py", 1090, "init_target_memory_pool", "self.tp_worker.alloc_memory_pool("),
    ("managers/tp_worker.py", 410, "alloc_memory_pool", "self.model_runner.alloc_memory_pool("),
    ("model_executor/model_runner.py", 982, "alloc_memory_pool", "result = self.kv_cache_configurator.configure("),
    (
        "mem_cache/kv_cache_configurator.py",
        476,
        "configure",
        "config = self._resolve_memory_pool_config(pre_model_load_memory)",
    ),
)
PROFILE = POOL + (
    (
        "mem_cache/kv_cache_configurator.py",
        3182,
        "_resolve_memory_pool_config",
        "available_bytes = self._profile_available_bytes(pre_model_load_memory)",
    ),
)
BUDGET = POOL + (
    (
        "mem_cache/kv_cache_configurator.py",
        3183,
        "_resolve_memory_pool_config",
        "config = self.config_from_budget(available_bytes)",
    ),
    ("mem_cache/kv_cache_configurator.py", 3204, "config_from_budget", "config = configurator.calculate_pool_sizes("),
)
GRAPHS = WORKER + (
    ("managers/scheduler.py", 1146, "init_model_worker", "self.init_all_cuda_graphs()"),
    ("managers/scheduler.py", 1125, "init_all_cuda_graphs", "self.tp_worker.init_cuda_graphs()"),
    ("managers/tp_worker.py", 435, "init_cuda_graphs", "self.model_runner.init_cuda_graphs("),
    ("model_executor/model_runner.py", 1192, "init_cuda_graphs", "capture = capture_cuda_graphs("),
)
DIST = SCHED + (("managers/scheduler.py", 536, "__init__", "bootstrap.init_parallel_runtime("),)
LOOP = SCHED + (
    ("managers/scheduler.py", 6368, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1989, "run_event_loop", "dispatch_event_loop(self)"),
    ("managers/scheduler.py", 6215, "dispatch_event_loop", "return _dispatch_event_loop_once(scheduler)"),
    ("managers/scheduler.py", 6222, "_dispatch_event_loop_once", "scheduler.event_loop_overlap()"),
    ("managers/scheduler.py", 2109, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 4870, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    ("managers/tp_worker.py", 675, "forward_batch_generation", "out = self.model_runner.forward("),
    ("model_executor/model_runner.py", 1860, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 2063, "_forward_raw", "ret = self.eager_runner.execute("),
    (
        "model_executor/runner/eager_runner.py",
        226,
        "execute",
        "return self._execute_extend(forward_batch, pp_proxy_tensors)",
    ),
    ("model_executor/runner/eager_runner.py", 301, "_execute_extend", "return model_runner.model.forward("),
)


def sched_exc(second: int, stack: tuple, error: str, rank: str = "TP0") -> str:
    """0.5.23 scheduler.py:6372: `logger.error(f"Scheduler hit an exception: {traceback}")`, then SIGQUIT to the parent."""
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{tb(*stack)}\n{error}"


def sigquit(second: int) -> str:
    """0.5.23 engine.py:1977, the launch-phase SIGQUIT handler."""
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def died(second: int, rank: int, code: int, poll: bool = True) -> str:
    """0.5.23 engine.py:2003 `_scheduler_died_error`, raised from `_wait_for_scheduler_ready` (2029 on EOF, 2040 on a
    poll that finds the child gone); the launcher's own traceback, no prefix."""
    where = (
        (
            "entrypoints/engine.py",
            2040,
            "_wait_for_scheduler_ready",
            "raise _scheduler_died_error(j, scheduler_procs[j])",
        )
        if poll
        else (
            "entrypoints/engine.py",
            2029,
            "_wait_for_scheduler_ready",
            "raise _scheduler_died_error(i, scheduler_procs[i])",
        )
    )
    return (
        f"{TB}\n{tb(*WAIT, where)}\nRuntimeError: Rank {rank} scheduler died during initialization (exit code: {code}). "
        "If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check."
    )


def sargs23(second: int, model: str, **kw: object) -> str:
    """0.5.23 engine.py:1185: `server_args={_server_args_for_logging(server_args)}`: a dict now (resolved_dict())."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    return f"{ts(second)} server_args={fields!r}"[:-1] + ", 'log_level': 'info', ...}"


def start23(
    until: str,
    *,
    model: str = "Qwen/Qwen3-32B",
    arch: str = "Qwen3ForCausalLM",
    tp: int = 4,
    frac: float = 0.819,
    rank: str | None = "TP0",
    avail: float = 78.31,
    weights: float = 16.42,
    kv_tokens: int = 812345,
    kv_gb: float = 24.79,
    ctx: int = 40960,
    extra_args: dict | None = None,
    decode_bs: str = "[1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256, 272, 288, 304, 320, 336, 352, 368, 384, 400, 416, 432, 448, 464, 480, 496, 512]",
) -> list[str]:
    """0.5.23's start-up lines (bootstrap.py:115/190/219, model_runner.py:1273/1372, memory_pool.py's
    `_finalize_allocation_log`, kv_cache_configurator.py:498, cuda_graph_setup.py:684/695/758/787, the scheduler's
    max_total_num_tokens line, uvicorn, http_server's ready line), as far as `until`: args, parallel, loading, loaded,
    pool, prefill_capture, decode_capture, captured, ready, serving."""
    order = (
        "args",
        "parallel",
        "loading",
        "loaded",
        "pool",
        "prefill_capture",
        "decode_capture",
        "captured",
        "ready",
        "serving",
    )
    stop = order.index(until)
    after_w = round(avail - weights, 2)
    after_kv = round(after_w - 2 * kv_gb, 2)
    after_pf = round(after_kv - 0.86, 2)
    after_dc = round(after_pf - 1.12, 2)
    kw = {"tp_size": tp, "mem_fraction_static": frac, **(extra_args or {})}
    lines: dict[str, list[str]] = {
        "args": [sargs23(3, model, **kw)],
        "parallel": [
            f"{ts(6, rank)} Init parallel begin.",
            f"{ts(9, rank)} Init parallel ends. elapsed=3.12 s",
            f"{ts(9, rank)} Memory baseline taken. mem usage=0.92 GB",
        ],
        "loading": [
            f"{ts(10, rank)} Load weight begin. avail mem={avail:.2f} GB",
            "Loading safetensors checkpoint shards:   0% Completed | 0/17 [00:00<?, ?it/s]",
        ],
        "loaded": [
            "Loading safetensors checkpoint shards: 100% Completed | 17/17 [00:21<00:00,  1.24s/it]",
            f"{ts(33, rank)} Load weight end. elapsed=23.41 s, type={arch}, avail mem={after_w:.2f} GB, mem usage={weights:.2f} GB.",
        ],
        "pool": [
            f"{ts(34, rank)} KV Cache is allocated. dtype: torch.bfloat16, #tokens: {kv_tokens}, K size: {kv_gb:.2f} GB, V size: {kv_gb:.2f} GB",
            f"{ts(34, rank)} Memory pool end. avail mem={after_kv:.2f} GB",
        ],
        "prefill_capture": [
            f"{ts(36, rank)} Capture target prefill CUDA graph begin. backend=breakable, num_tokens=[8192, 7680, 7168, 6656, 6144, 5632, 5120, 4608, 4096, 3840, 3584, 3328, 3072, 2816, 2560, 2304, 2048, 1792, 1536, 1280, 1024, 960, 896, 832, 768, 704, 640, 576, 512, 480, 448, 416, 384, 352, 320, 288, 256, 240, 224, 208, 192, 176, 160, 144, 128, 112, 96, 80, 64, 48, 32, 28, 24, 20, 16, 12, 8, 4], avail mem={after_kv - 0.05:.2f} GB",
            f"Capturing prefill shape (num_tokens=8192 avail_mem={after_kv - 0.07:.2f} GB):   0%|          | 0/58 [00:00<?, ?it/s]",
        ],
        "decode_capture": [
            f"Capturing prefill shape (num_tokens=4 avail_mem={after_pf:.2f} GB): 100%|██████████| 58/58 [00:19<00:00,  3.02it/s]",
            f"{ts(57, rank)} Capture target prefill CUDA graph end. elapsed=20.87 s, mem usage=0.86 GB, avail mem={after_pf:.2f} GB.",
            f"{ts(57, rank)} Capture target decode CUDA graph begin. backend=full, num_tokens_per_req=1, avail mem={after_pf:.2f} GB",
            f"Capturing batches (bs=512 avail_mem={after_pf - 0.02:.2f} GB):   0%|          | 0/52 [00:00<?, ?it/s]",
        ],
        "captured": [
            f"Capturing batches (bs=1 avail_mem={after_dc:.2f} GB): 100%|██████████| 52/52 [00:14<00:00,  3.61it/s]",
            f"{ts(72, rank)} Capture target decode CUDA graph end. bs={decode_bs}, elapsed=14.66 s, mem usage=1.12 GB, avail mem={after_dc:.2f} GB.",
            f"{ts(73, rank)} max_total_num_tokens={kv_tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len={ctx}, available_gpu_mem={after_dc:.2f} GB",
        ],
        "ready": [
            f"{ts(74)} INFO:     Started server process [4242]",
            f"{ts(74)} INFO:     Waiting for application startup.",
            f"{ts(74)} INFO:     Application startup complete.",
            f"{ts(74)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
            f'{ts(75)} INFO:     127.0.0.1:46704 - "GET /model_info HTTP/1.1" 200 OK',
            f"{ts(76, rank)} Prefill batch, #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, #pending-token: 0, cuda graph: True, input throughput (token/s): 0.00",
            f'{ts(77)} INFO:     127.0.0.1:46712 - "POST /generate HTTP/1.1" 200 OK',
            f"{ts(77)} The server is fired up and ready to roll!",
        ],
        "serving": [
            f"{ts(90, rank)} Prefill batch, #new-seq: 8, #new-token: 8192, #cached-token: 1024, token usage: 0.12, #running-req: 48, #queue-req: 6, #pending-token: 2048, cuda graph: True, input throughput (token/s): 15420.33",
            f"{ts(91, rank)} Decode batch, #running-req: 56, #token: 97510, token usage: 0.12, cuda graph: True, gen throughput (token/s): 2890.11, #queue-req: 6",
        ],
    }
    out: list[str] = list(USERWARN)
    for phase in order[: stop + 1]:
        out.extend(lines[phase])
    return out


# ---------------------------------------------------------------------------------------- KV / state pool checks
case(
    "latest_kv_weights_leave_no_room",
    "0.5.23",
    "sglang/srt/mem_cache/kv_cache_configurator.py:3050 (_profile_available_bytes, new since 0.5.10)",
    "oom_kv_cache",
    "the new budget check: weights use the whole static budget, its own remedy is a HIGHER --mem-fraction-static",
    join(
        start23(
            "loaded",
            model="Qwen/Qwen3-32B",
            tp=1,
            rank=None,
            frac=0.7,
            avail=78.84,
            weights=61.07,
            extra_args={"dtype": "bfloat16"},
        ),
        sched_exc(
            40,
            PROFILE + (("mem_cache/kv_cache_configurator.py", 3050, "_profile_available_bytes", "raise ValueError("),),
            "ValueError: Loaded weights leave no GPU memory for the KV cache under --mem-fraction-static=0.7. Raise "
            "--mem-fraction-static above 0.226 (minimum viable = 1 - available/pre = 0.2255). If using speculative "
            "decoding, draft weights are now counted.",
            rank=None,
        ),
        sigquit(40),
    ),
)

case(
    "latest_kv_weights_leave_no_room_eagle",
    "0.5.22",
    "sglang/srt/mem_cache/kv_cache_configurator.py:2731 (_profile_available_bytes); 0.5.22 scheduler.py:6128/563/1107/1070/1066",
    "oom_kv_cache",
    "same check with an EAGLE3 draft counted (`draft weights are now counted`): the pool has no room left, raise the fraction",
    join(
        start23(
            "loaded",
            model="meta-llama/Llama-3.1-70B-Instruct",
            arch="LlamaForCausalLM",
            tp=2,
            frac=0.78,
            avail=78.61,
            weights=66.12,
            extra_args={
                "speculative_algorithm": "EAGLE3",
                "speculative_draft_model_path": "yuhuili/EAGLE3-LLaMA3.1-Instruct-70B",
            },
        ),
        f"{ts(35, 'TP0')} Load weight begin. avail mem=12.49 GB",
        f"{ts(37, 'TP0')} Load weight end. elapsed=1.84 s, type=LlamaForCausalLMEagle3, avail mem=10.31 GB, mem usage=2.18 GB.",
        sched_exc(
            38,
            (
                (
                    "managers/scheduler.py",
                    6128,
                    "run_scheduler_process",
                    "scheduler = Scheduler(server_args, port_args)",
                ),
                ("managers/scheduler.py", 563, "__init__", "self.init_model_worker()"),
                ("managers/scheduler.py", 1107, "init_model_worker", "self.init_memory_pools()"),
                ("managers/scheduler.py", 1070, "init_memory_pools", "self.init_target_memory_pool()"),
                ("managers/scheduler.py", 1066, "init_target_memory_pool", "self.tp_worker.alloc_memory_pool()"),
                (
                    "managers/tp_worker.py",
                    406,
                    "alloc_memory_pool",
                    "self.model_runner.alloc_memory_pool(memory_pool_config)",
                ),
                (
                    "model_executor/model_runner.py",
                    960,
                    "alloc_memory_pool",
                    "result = self.kv_cache_configurator.configure(",
                ),
                (
                    "mem_cache/kv_cache_configurator.py",
                    436,
                    "configure",
                    "config = self._resolve_memory_pool_config(pre_model_load_memory)",
                ),
                (
                    "mem_cache/kv_cache_configurator.py",
                    2863,
                    "_resolve_memory_pool_config",
                    "available_bytes = self._profile_available_bytes(pre_model_load_memory)",
                ),
                ("mem_cache/kv_cache_configurator.py", 2731, "_profile_available_bytes", "raise ValueError("),
            ),
            "ValueError: Loaded weights leave no GPU memory for the KV cache under --mem-fraction-static=0.78. Raise "
            "--mem-fraction-static above 0.869 (minimum viable = 1 - available/pre = 0.8688). If using speculative "
            "decoding, draft weights are now counted.",
        ),
        sigquit(38),
    ),
)

case(
    "latest_kv_not_enough_memory_configurator",
    "0.5.23",
    "sglang/srt/model_executor/pool_configurator.py:96-99 (MemoryPoolConfig.__post_init__, raised from DefaultPoolConfigurator.calculate_pool_sizes:647 without a current value)",
    "oom_kv_cache",
    "the reworded `Not enough memory. Please try to increase --mem-fraction-static.`: zero KV tokens fit",
    join(
        start23(
            "loaded",
            model="neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8",
            arch="LlamaForCausalLM",
            tp=1,
            rank=None,
            frac=0.86,
            avail=78.84,
            weights=67.71,
        ),
        sched_exc(
            41,
            BUDGET
            + (
                (
                    "model_executor/pool_configurator.py",
                    647,
                    "calculate_pool_sizes",
                    "return MemoryPoolConfig(max_total_num_tokens=max_total_num_tokens)",
                ),
                ("<string>", 14, "__init__", ""),
                ("model_executor/pool_configurator.py", 99, "__post_init__", "raise RuntimeError(msg)"),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
            rank=None,
        ),
        died(42, 0, 1, poll=False),
    ),
)

case(
    "latest_mamba_state_cache_too_small",
    "0.5.22",
    "sglang/srt/mem_cache/kv_cache_configurator.py:2834 (resolve_max_num_reqs, new since 0.5.10)",
    "oom_kv_cache",
    "hybrid mamba state pool sized from what is left gives zero request slots; remedy: raise the fraction / fewer requests",
    join(
        start23(
            "loaded",
            model="Qwen/Qwen3-Next-80B-A3B-Instruct",
            arch="Qwen3NextForCausalLM",
            tp=2,
            frac=0.8,
            avail=78.60,
            weights=74.38,
            extra_args={"max_running_requests": 256},
        ),
        sched_exc(
            35,
            (
                (
                    "managers/scheduler.py",
                    6128,
                    "run_scheduler_process",
                    "scheduler = Scheduler(server_args, port_args)",
                ),
                ("managers/scheduler.py", 563, "__init__", "self.init_model_worker()"),
                ("managers/scheduler.py", 1107, "init_model_worker", "self.init_memory_pools()"),
                ("managers/scheduler.py", 1070, "init_memory_pools", "self.init_target_memory_pool()"),
                ("managers/scheduler.py", 1066, "init_target_memory_pool", "self.tp_worker.alloc_memory_pool()"),
                (
                    "managers/tp_worker.py",
                    406,
                    "alloc_memory_pool",
                    "self.model_runner.alloc_memory_pool(memory_pool_config)",
                ),
                (
                    "model_executor/model_runner.py",
                    960,
                    "alloc_memory_pool",
                    "result = self.kv_cache_configurator.configure(",
                ),
                (
                    "mem_cache/kv_cache_configurator.py",
                    436,
                    "configure",
                    "config = self._resolve_memory_pool_config(pre_model_load_memory)",
                ),
                (
                    "mem_cache/kv_cache_configurator.py",
                    2865,
                    "_resolve_memory_pool_config",
                    "config.max_running_requests = self.resolve_max_num_reqs(",
                ),
                ("mem_cache/kv_cache_configurator.py", 2834, "resolve_max_num_reqs", "raise RuntimeError("),
            ),
            "RuntimeError: Hybrid (mamba/linear-attention) state cache is too small to serve any requests. "
            "max_mamba_cache_size=2, mamba_ratio=3, resulting max_num_reqs=0. Try: (1) reduce --max-running-requests, "
            "(2) increase --mem-fraction-static, or (3) use GPUs with more memory.",
        ),
        sigquit(36),
    ),
)

case(
    "latest_mamba_not_enough_gpu_memory",
    "0.5.23",
    "sglang/srt/mem_cache/kv_cache_configurator.py:3393 (_handle_max_mamba_cache, new since 0.5.10)",
    "oom_kv_cache",
    "no GPU memory left for the mamba state pool after weights: its own first remedies are fewer requests / a higher fraction",
    join(
        start23(
            "loaded",
            model="nvidia/NVIDIA-Nemotron-Nano-9B-v2",
            arch="NemotronHForCausalLM",
            tp=1,
            rank=None,
            frac=0.75,
            avail=22.87,
            weights=17.79,
            extra_args={"max_running_requests": 128},
        ),
        sched_exc(
            30,
            PROFILE
            + (
                (
                    "mem_cache/kv_cache_configurator.py",
                    3040,
                    "_profile_available_bytes",
                    "rest_memory = self._handle_max_mamba_cache(rest_memory)",
                ),
                ("mem_cache/kv_cache_configurator.py", 3393, "_handle_max_mamba_cache", "raise RuntimeError("),
            ),
            "RuntimeError: Not enough GPU memory for hybrid (mamba/linear-attention) state cache. Computed "
            "max_mamba_cache_size=0 (total_rest_memory=-0.64 GB, mamba_cache_per_req=47.63 MB). Try: (1) reduce "
            "--max-running-requests, (2) increase --mem-fraction-static, (3) reduce --speculative-num-draft-tokens, or "
            "(4) use GPUs with more memory.",
            rank=None,
        ),
        sigquit(30),
    ),
)

case(
    "latest_swa_pool_cap_no_room",
    "0.5.23",
    "sglang/srt/model_executor/pool_configurator.py:1025 (SWARequestCapPoolConfigurator.calculate_pool_sizes, new since 0.5.10)",
    "oom_kv_cache",
    "SWA request cap leaves no room for the full-attention KV pool in the budget; remedy includes a higher fraction",
    join(
        start23(
            "loaded",
            model="openai/gpt-oss-120b",
            arch="GptOssForCausalLM",
            tp=2,
            frac=0.82,
            avail=78.58,
            weights=31.86,
            extra_args={"disable_radix_cache": True, "max_running_requests": 4096, "chunked_prefill_size": 16384},
        ),
        sched_exc(
            36,
            BUDGET + (("model_executor/pool_configurator.py", 1025, "calculate_pool_sizes", "raise RuntimeError("),),
            "RuntimeError: SWA pool cap (4202496 tokens, 18.04 GiB) leaves no room for the full KV pool within the "
            "available 14.87 GiB. Reduce --max-running-requests, lower SGLANG_SWA_EVICTION_INTERVAL, or increase "
            "--mem-fraction-static.",
        ),
        sigquit(36),
    ),
)

case(
    "latest_swa_pool_floor_one_request",
    "0.5.23",
    "sglang/srt/model_executor/pool_configurator.py:211 (validate_swa_pool_size via HybridSWAPoolConfigurator._solve_pool_sizes:884, new since 0.5.10)",
    "oom_kv_cache",
    "the SWA pool sized from a tiny total KV budget cannot hold one request; the total budget (the fraction) is the remedy",
    join(
        start23(
            "loaded",
            model="google/gemma-3-27b-it",
            arch="Gemma3ForConditionalGeneration",
            tp=1,
            rank=None,
            frac=0.75,
            avail=78.84,
            weights=54.93,
        ),
        sched_exc(
            39,
            BUDGET
            + (
                (
                    "model_executor/pool_configurator.py",
                    916,
                    "calculate_pool_sizes",
                    "return self._solve_pool_sizes(max_total_num_tokens, page_size)",
                ),
                ("model_executor/pool_configurator.py", 884, "_solve_pool_sizes", "self.validate_swa_pool_size("),
                ("model_executor/pool_configurator.py", 211, "validate_swa_pool_size", "raise ValueError("),
            ),
            "ValueError: SWA pool (1024 tokens) cannot hold even one request: the prefill admission floor is "
            "sliding_window_size (1024) + page_size (1). Increase --swa-full-tokens-ratio or the total KV budget.",
            rank=None,
        ),
        sigquit(39),
    ),
)

# --------------------------------------------------------------------------------------------- HiCache host pools
HICACHE = WORKER[:1] + (
    ("managers/scheduler.py", 575, "__init__", "result = kv_cache_builder.build_kv_cache("),
    ("mem_cache/kv_cache_builder.py", 456, "build_kv_cache", "with auto_size_hicache("),
)

case(
    "latest_hicache_auto_size_no_host_memory",
    "0.5.23",
    "sglang/srt/mem_cache/hicache_auto_size.py:109 (auto_size_hicache, new in 0.5.22)",
    "config_error",
    "host RAM after the 10 GiB reserve: the fix is an explicit --hicache-ratio / --hicache-size, not GPU memory",
    join(
        start23("captured", model="Qwen/Qwen3-32B", extra_args={"enable_hierarchical_cache": True}),
        sched_exc(
            74,
            HICACHE
            + (
                ("/usr/lib/python3.12/contextlib.py", 137, "__enter__", "return next(self.gen)"),
                ("mem_cache/hicache_auto_size.py", 109, "auto_size_hicache", "raise ValueError("),
            ),
            "ValueError: No host memory is left for HiCache after the 10 GiB reserve; set --hicache-ratio or "
            "--hicache-size explicitly.",
        ),
        sigquit(74),
    ),
)

case(
    "latest_hicache_host_pool_too_large",
    "0.5.23",
    "sglang/srt/mem_cache/pool_host/base.py:252 (HostKVCache.__init__)",
    "config_error",
    "the explicit --hicache-ratio asks for more host RAM than is free: `reduce the size of the hierarchical cache`",
    join(
        start23(
            "captured", model="Qwen/Qwen3-32B", extra_args={"enable_hierarchical_cache": True, "hicache_ratio": 4.0}
        ),
        sched_exc(
            75,
            HICACHE
            + (
                (
                    "mem_cache/kv_cache_builder.py",
                    461,
                    "build_kv_cache",
                    "tree_cache = create_tree_cache(tree_context)",
                ),
                ("mem_cache/registry.py", 236, "create_tree_cache", "return builder(ctx)"),
                (
                    "mem_cache/registry.py",
                    160,
                    "_build_hiradix_cache",
                    "return HiRadixCache(params=ctx.params, server_args=ctx.server_args)",
                ),
                ("mem_cache/hiradix_cache.py", 190, "__init__", "self.token_to_kv_pool_host = MHATokenToKVPoolHost("),
                ("mem_cache/pool_host/mha.py", 210, "__init__", "super().__init__("),
                ("mem_cache/pool_host/base.py", 252, "__init__", "raise ValueError("),
            ),
            "ValueError: Not enough host memory available. Requesting 406.37 GB but only have 233.18 GB free. Please "
            "reduce the size of the hierarchical cache.",
        ),
        sigquit(75),
    ),
)

# ------------------------------------------------------------------------------------------------ graph capture
DECODE_CAPTURE = GRAPHS + (
    (
        "model_executor/model_runner_components/cuda_graph_setup.py",
        437,
        "capture_cuda_graphs",
        "decode = capture_decode_graph(model_runner=model_runner)",
    ),
    (
        "model_executor/model_runner_components/cuda_graph_setup.py",
        780,
        "capture_decode_graph",
        "runner = GraphRunnerCls(model_runner)",
    ),
)
DECODE_INNER = (
    ("model_executor/runner/decode_cuda_graph_runner.py", 600, "__init__", "self.capture()"),
    ("model_executor/runner/decode_cuda_graph_runner.py", 1359, "capture", "self.capture_one_shape("),
    ("model_executor/runner/decode_cuda_graph_runner.py", 1499, "capture_one_shape", "self.backend.capture_one("),
    ("model_executor/runner_backend/full_cuda_graph_backend.py", 141, "capture_one", "out = forward_fn()"),
    (
        "model_executor/runner/decode_cuda_graph_runner.py",
        1440,
        "run_once",
        "logits_output_or_pp_proxy_tensors = forward(",
    ),
)
DECODE_HINT = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs-decode to a smaller value (e.g., 16)\n"
    "3. disable decode CUDA graph by --cuda-graph-backend-decode=disabled. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)


def chained(inner_stack: tuple, inner_error: str, outer_stack: tuple, outer_error: str) -> str:
    return (
        f"{tb(*inner_stack)}\n{inner_error}\n\nDuring handling of the above exception, another exception occurred:\n\n"
        f"{TB}\n{tb(*outer_stack)}\n{outer_error}"
    )


case(
    "latest_decode_graph_oom",
    "0.5.23",
    "sglang/srt/model_executor/runner/decode_cuda_graph_runner.py:603 + runner_backend_utils/__init__.py:14 (reworded hints, 0.5.20+)",
    "oom_cuda_graph",
    "OOM inside decode graph capture, the reworded hint list (`--cuda-graph-max-bs-decode`)",
    join(
        start23(
            "decode_capture",
            model="Qwen/Qwen3-235B-A22B-Instruct-2507-FP8",
            arch="Qwen3MoeForCausalLM",
            tp=4,
            frac=0.88,
            weights=59.74,
            kv_tokens=1340000,
            kv_gb=6.84,
        ),
        f"{ts(60, 'TP0')} Scheduler hit an exception: {TB}\n"
        + chained(
            DECODE_INNER
            + (
                ("models/qwen3_moe.py", 1085, "forward", "hidden_states = self.model("),
                ("models/qwen3_moe.py", 880, "forward", "hidden_states, residual = layer("),
                (
                    "layers/moe/fused_moe_triton/layer.py",
                    1120,
                    "forward",
                    "return self.forward_impl(hidden_states, topk_output)",
                ),
                ("+torch/cuda/memory.py", 1037, "_alloc", ""),
            ),
            "torch.OutOfMemoryError: "
            + oom("1.02 GiB", "79.19 GiB", "612.38 MiB", "78.59 GiB", "75.91 GiB", "1.37 GiB", "1.02 GiB"),
            DECODE_CAPTURE
            + (("model_executor/runner/decode_cuda_graph_runner.py", 603, "__init__", "raise Exception("),),
            "Exception: Capture cuda graph failed: "
            + oom("1.02 GiB", "79.19 GiB", "612.38 MiB", "78.59 GiB", "75.91 GiB", "1.37 GiB", "1.02 GiB")
            + "\n"
            + DECODE_HINT,
        ),
        sigquit(61),
    ),
)

case(
    "latest_decode_graph_illegal_address",
    "0.5.23",
    "sglang/srt/model_executor/runner/decode_cuda_graph_runner.py:603 (same wrapper, a non-OOM RuntimeError inside)",
    "cuda_error_other",
    "the capture wrapper's hints mention memory, but the inner error is an illegal memory access, not an OOM",
    join(
        start23(
            "decode_capture",
            model="deepseek-ai/DeepSeek-V3.2-Exp",
            arch="DeepseekV32ForCausalLM",
            tp=8,
            frac=0.85,
            weights=83.12,
            avail=139.2,
            kv_tokens=520000,
            kv_gb=8.31,
        ),
        f"{ts(59, 'TP0')} Scheduler hit an exception: {TB}\n"
        + chained(
            DECODE_INNER
            + (
                ("models/deepseek_v2.py", 3120, "forward", "hidden_states = self.model("),
                ("layers/attention/nsa_backend.py", 1410, "forward_decode", "o = self._forward_flashmla_kv("),
            ),
            "torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n"
            "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n",
            DECODE_CAPTURE
            + (("model_executor/runner/decode_cuda_graph_runner.py", 603, "__init__", "raise Exception("),),
            "Exception: Capture cuda graph failed: CUDA error: an illegal memory access was encountered\n"
            "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n\n" + DECODE_HINT,
        ),
        sigquit(60),
    ),
)

PREFILL_CAPTURE = GRAPHS + (
    (
        "model_executor/model_runner_components/cuda_graph_setup.py",
        424,
        "capture_cuda_graphs",
        "prefill = capture_prefill_graph(",
    ),
    (
        "model_executor/model_runner_components/cuda_graph_setup.py",
        690,
        "capture_prefill_graph",
        "prefill_runner = PrefillCudaGraphRunner(model_runner)",
    ),
    ("model_executor/runner/prefill_cuda_graph_runner.py", 700, "__init__", "self.capture()"),
    ("model_executor/runner/prefill_cuda_graph_runner.py", 1685, "capture", "self._capture()"),
    ("model_executor/runner/prefill_cuda_graph_runner.py", 1700, "_capture", "self._capture_one_stream()"),
    (
        "model_executor/runner/prefill_cuda_graph_runner.py",
        1736,
        "_capture_one_stream",
        "self.capture_one_shape(num_tokens)",
    ),
    ("model_executor/runner/prefill_cuda_graph_runner.py", 1832, "capture_one_shape", "self.backend.capture_one("),
    ("model_executor/runner_backend/breakable_cuda_graph_backend.py", 125, "capture_one", "warmup_out = forward_fn()"),
    (
        "model_executor/runner/prefill_cuda_graph_runner.py",
        1805,
        "run_once",
        "return self._run_forward(forward_batch, num_tokens)",
    ),
    (
        "model_executor/runner/prefill_cuda_graph_runner.py",
        880,
        "_run_forward",
        "output = self.model_runner.model.forward(",
    ),
)
OOM_PF = oom("2.32 GiB", "79.19 GiB", "1.64 GiB", "77.55 GiB", "74.20 GiB", "0.00 B", "1.85 GiB")

case(
    "latest_prefill_breakable_oom",
    "0.5.23",
    "sglang/srt/model_executor/runner_backend_utils/breakable_cuda_graph/context.py:48 (logger.error with BCG_FAILURE_HINT, new); runner_backend_utils/__init__.py:23",
    "oom_cuda_graph",
    "OOM while capturing the prefill (breakable) CUDA graph, on by default since 0.5.20: its hint is a smaller fraction / prefill bs",
    join(
        start23("prefill_capture", model="Qwen/Qwen3-32B", frac=0.9, kv_tokens=905000, kv_gb=27.62),
        f"{ts(41, 'TP0')} OutOfMemoryError: {OOM_PF}\n"
        "Fail when using backend: breakable for prefill runner.\n"
        "Possible suggestions:\n"
        "1. disable the prefill CUDA graph by --cuda-graph-backend-prefill=disabled\n"
        "2. if it is an OOM problem, set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7) or set --cuda-graph-max-bs-prefill to a smaller value (e.g., 2048)\n"
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n",
        sched_exc(
            41,
            PREFILL_CAPTURE
            + (
                ("models/qwen3.py", 540, "forward", "hidden_states = self.model("),
                ("models/qwen3.py", 420, "forward", "hidden_states, residual = layer("),
                (
                    "layers/activation.py",
                    84,
                    "forward_cuda",
                    "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
                ),
            ),
            f"torch.OutOfMemoryError: {OOM_PF}",
        ),
        sigquit(42),
    ),
)

case(
    "latest_piecewise_oom_0512",
    "0.5.12",
    "sglang/srt/compilation/piecewise_context_manager.py:47-52 + :121-125 (PIECEWISE_CUDA_GRAPH_CAPTURE_FAILED_MSG); model_runner.py:825/3084; piecewise_cuda_graph_runner.py:313/357/519",
    "oom_cuda_graph",
    "0.5.12's default-on piecewise graph capture runs out of memory after the decode graphs",
    join(
        "[2026-03-02 10:00:03] server_args=ServerArgs(model_path='Qwen/Qwen3-30B-A3B', tokenizer_path='Qwen/Qwen3-30B-A3B', tokenizer_mode='auto', mem_fraction_static=0.871, tp_size=2, disable_piecewise_cuda_graph=False, piecewise_cuda_graph_max_tokens=8192, ...)",
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP0')} Init torch distributed ends. elapsed=2.07 s, mem usage=0.61 GB",
        f"{ts(9, 'TP0')} Load weight begin. avail mem=78.29 GB",
        f"{ts(30, 'TP0')} Load weight end. elapsed=21.30 s, type=Qwen3MoeForCausalLM, avail mem=49.76 GB, mem usage=28.53 GB.",
        f"{ts(31, 'TP0')} KV Cache is allocated. dtype: torch.bfloat16, #tokens: 1620000, K size: 18.54 GB, V size: 18.54 GB",
        f"{ts(31, 'TP0')} Memory pool end. avail mem=12.61 GB",
        f"{ts(32, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=12.55 GB",
        "Capturing batches (bs=1 avail_mem=11.32 GB): 100%|██████████| 52/52 [00:15<00:00,  3.38it/s]",
        f"{ts(48, 'TP0')} Capture cuda graph end. Time elapsed: 16.22 s. mem usage=1.25 GB. avail mem=11.30 GB.",
        f"{ts(49, 'TP0')} Capture piecewise CUDA graph begin. avail mem=11.30 GB",
        f"{ts(58, 'TP0')} Piecewise CUDA Graph failed with error: "
        + oom("3.00 GiB", "79.19 GiB", "2.07 GiB", "77.11 GiB", "73.44 GiB", "1.25 GiB", "2.41 GiB")
        + "\nPiecewise CUDA Graph is enabled by default as an experimental feature.\n"
        "To work around this error, add --disable-piecewise-cuda-graph to your launch command.\n"
        "Please report this issue at https://github.com/sgl-project/sglang/issues/new/choose",
        f"{ts(58, 'TP0')} Scheduler hit an exception: {TB}\n"
        + tb(
            ("managers/scheduler.py", 4025, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 437, "__init__", "self.init_model_worker()"),
            ("managers/scheduler.py", 718, "init_model_worker", "self.init_tp_model_worker()"),
            ("managers/scheduler.py", 673, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
            ("managers/tp_worker.py", 262, "__init__", "self._init_model_runner()"),
            ("managers/tp_worker.py", 347, "_init_model_runner", "self._model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 535, "__init__", "self.initialize(pre_model_load_memory)"),
            ("model_executor/model_runner.py", 825, "initialize", "self.init_piecewise_cuda_graphs()"),
            (
                "model_executor/model_runner.py",
                3084,
                "init_piecewise_cuda_graphs",
                "self.piecewise_cuda_graph_runner = PiecewiseCudaGraphRunner(self)",
            ),
            ("model_executor/piecewise_cuda_graph_runner.py", 357, "__init__", "self.capture()"),
            (
                "model_executor/piecewise_cuda_graph_runner.py",
                519,
                "capture",
                "self.capture_one_batch_size(num_tokens)",
            ),
            ("model_executor/piecewise_cuda_graph_runner.py", 590, "capture_one_batch_size", "run_once()"),
        )
        + "\ntorch.OutOfMemoryError: "
        + oom("3.00 GiB", "79.19 GiB", "2.07 GiB", "77.11 GiB", "73.44 GiB", "1.25 GiB", "2.41 GiB"),
        "[2026-03-02 10:00:58] Received sigquit from a child process. It usually means the child failed.",
    ),
)

# ---------------------------------------------------------------------------------------------- weights / launcher
WEIGHT_BUILD = LOAD + (
    ("model_executor/model_runner.py", 1312, "load_model", "loaded = load_model_with_memory_saver("),
    (
        "model_executor/model_runner_components/load_model_utils.py",
        346,
        "load_model_with_memory_saver",
        "model = loader.load_model(",
    ),
    ("model_loader/loader.py", 1014, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 309, "_initialize_model", "return model_class(**kwargs)"),
)

case(
    "latest_weights_oom_init_model",
    "0.5.23",
    "torch OutOfMemoryError while DefaultModelLoader.load_model (loader.py:1014) builds the parameters; 0.5.23 start-up lines",
    "oom_weights",
    "bf16 Qwen3-235B at TP4 on 80 GB cards: the experts' parameters do not fit while the model is built",
    join(
        start23("loading", model="Qwen/Qwen3-235B-A22B-Instruct-2507", arch="Qwen3MoeForCausalLM", tp=4, frac=0.819),
        sched_exc(
            19,
            WEIGHT_BUILD
            + (
                ("models/qwen3_moe.py", 1014, "__init__", "self.model = Qwen3MoeModel("),
                (
                    "models/qwen2_moe.py",
                    640,
                    "__init__",
                    "self.layers, self.start_layer, self.end_layer = make_layers(",
                ),
                ("layers/moe/fused_moe_triton/layer.py", 402, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/unquant.py", 245, "create_weights", "torch.empty("),
                ("+torch/utils/_device.py", 109, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            "torch.OutOfMemoryError: "
            + oom("1.41 GiB", "79.19 GiB", "1.02 GiB", "78.16 GiB", "77.21 GiB", "0.00 B", "140.25 MiB"),
        ),
        sigquit(19),
    ),
)

case(
    "latest_rank_killed_loading_weights",
    "0.5.23",
    "sglang/srt/entrypoints/engine.py:2003-2010 (_scheduler_died_error) raised at :2040 (the reworded launcher death message)",
    "oom_weights",
    "a rank SIGKILLed (-9, the OS OOM killer by its own hint) halfway through loading weights, no scheduler traceback; unsure: host memory",
    join(
        start23(
            "loading", model="deepseek-ai/DeepSeek-R1-0528", arch="DeepseekV3ForCausalLM", tp=8, frac=0.83, avail=139.17
        ),
        "Loading safetensors checkpoint shards:  43% Completed | 70/163 [01:41<02:14,  1.45s/it]",
        died(130, 3, -9),
    ),
)

case(
    "latest_tp_rank_others_did_not_finish_loading",
    "0.5.23",
    "sglang/srt/model_executor/model_runner_components/load_model_utils.py:393-395 (dist_barrier_after_load, via model_runner.py:1406)",
    "nccl_or_distributed",
    "TP0 loaded, the post-load monitored barrier found peers missing: a rank-death cascade seen from a surviving rank",
    join(
        start23("loaded", model="meta-llama/Llama-3.3-70B-Instruct", arch="LlamaForCausalLM", tp=4, weights=32.91),
        sched_exc(
            334,
            LOAD
            + (
                ("model_executor/model_runner.py", 1406, "load_model", "dist_barrier_after_load("),
                (
                    "model_executor/model_runner_components/load_model_utils.py",
                    393,
                    "dist_barrier_after_load",
                    "raise ValueError(",
                ),
            ),
            "ValueError: TP rank 0 could finish the model loading, but there are other ranks that didn't finish loading. "
            "It is likely due to unexpected failures (e.g., OOM) or a slow node.",
        ),
        sigquit(334),
    ),
)

# ------------------------------------------------------------------------------------------------- distributed init
TORCH_PG = (
    ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
    ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
    (
        "+torch/distributed/distributed_c10d.py",
        1790,
        "init_process_group",
        "store, rank, world_size = next(rendezvous_iterator)",
    ),
    ("+torch/distributed/rendezvous.py", 281, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
    ("+torch/distributed/rendezvous.py", 202, "_create_c10d_store", "return TCPStore("),
)

case(
    "latest_dist_store_timeout_multinode",
    "0.5.23",
    "sglang/srt/distributed/bootstrap.py:115/152/322 (init_parallel_runtime, new in 0.5.22) -> parallel_state.py:2517; torch TCPStore DistStoreError",
    "nccl_or_distributed",
    "node 0 of a 2-node TP16 launch: the TCPStore rendezvous on the new init path times out waiting for node 1",
    join(
        start23(
            "args",
            model="deepseek-ai/DeepSeek-V3-0324",
            tp=16,
            extra_args={"nnodes": 2, "node_rank": 0, "dist_init_addr": "10.0.3.11:5000"},
        ),
        f"{ts(6, 'TP0')} Init parallel begin.",
        sched_exc(
            608,
            DIST
            + (
                ("distributed/bootstrap.py", 152, "init_parallel_runtime", "_init_parallel_groups("),
                ("distributed/bootstrap.py", 322, "_init_parallel_groups", "init_distributed_environment("),
                (
                    "distributed/parallel_state.py",
                    2517,
                    "init_distributed_environment",
                    "torch.distributed.init_process_group(",
                ),
            )
            + TORCH_PG,
            "torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 8/16 clients joined.",
        ),
        sigquit(608),
    ),
)

case(
    "latest_nccl_prewarm_unhandled_system_error",
    "0.5.23",
    "sglang/srt/distributed/bootstrap.py:164/361 (_prewarm_nccl, new in 0.5.22); torch ProcessGroupNCCL DistBackendError",
    "nccl_or_distributed",
    "the new NCCL pre-warm all-reduce is the first collective and NCCL fails there",
    join(
        start23("args", model="Qwen/Qwen3-32B", tp=4, extra_args={"pre_warm_nccl": True}),
        f"{ts(6, 'TP0')} Init parallel begin.",
        sched_exc(
            12,
            DIST
            + (
                ("distributed/bootstrap.py", 164, "init_parallel_runtime", "_prewarm_nccl()"),
                (
                    "distributed/bootstrap.py",
                    361,
                    "_prewarm_nccl",
                    "dist.all_reduce(warmup_tensor, group=tp_group_handle)",
                ),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                (
                    "+torch/distributed/distributed_c10d.py",
                    3015,
                    "all_reduce",
                    "work = group.allreduce([tensor], opts)",
                ),
            ),
            "torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3782, "
            "unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.28.3\n"
            "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. \n"
            "Last error:\n"
            "Error while creating shared memory segment /dev/shm/nccl-8Kd2Qa (size 9637888), error: No space left on device (28)",
        ),
        sigquit(12),
    ),
)

# --------------------------------------------------------------------------------------------------------- ports
PORT_STACK = LAUNCH + (
    ("entrypoints/engine.py", 1184, "_launch_subprocesses", "port_args = PortArgs.init_new(server_args)"),
    ("server_args.py", 871, "init_new", 'wait_port_available(dist_init_port, "dist_init_port")'),
    ("utils/network.py", 102, "wait_port_available", "raise ValueError("),
)
PORT_ERR = (
    "ValueError: dist_init_port at 30233 is not available in 30 seconds. dist_init_port is used by a process already. "
    "process.name()='sglang::schedul'' process.cmdline()=['sglang::scheduler_DP0_TP0'] process.status()='sleeping' pid=318822"
)

case(
    "latest_port_in_use_dp_attention",
    "0.5.23",
    "sglang/srt/server_args.py:871/886 (PortArgs.init_new, logger.exception) + utils/network.py:82-104 (wait_port_available)",
    "port_in_use",
    "DP attention's derived port (--port + 233) is still held by a previous server's scheduler",
    join(
        USERWARN,
        f"{ts(14)} port 30233 is in use. Waiting for 15 seconds for dist_init_port to be available. dist_init_port is used by a process already. process.name()='sglang::schedul'' process.cmdline()=['sglang::scheduler_DP0_TP0'] process.status()='sleeping' pid=318822",
        f"{ts(19)} port 30233 is in use. Waiting for 20 seconds for dist_init_port to be available. dist_init_port is used by a process already. process.name()='sglang::schedul'' process.cmdline()=['sglang::scheduler_DP0_TP0'] process.status()='sleeping' pid=318822",
        f"{ts(24)} port 30233 is in use. Waiting for 25 seconds for dist_init_port to be available. dist_init_port is used by a process already. process.name()='sglang::schedul'' process.cmdline()=['sglang::scheduler_DP0_TP0'] process.status()='sleeping' pid=318822",
        f"{ts(29)} Port is already in use. dist_init_port=30233 port_base=30234 detokenizer_port=30235 nccl_port=31847 scheduler_input_port=30238",
        f"{TB}\n{tb(*PORT_STACK[-2:])}\n{PORT_ERR}",
        f"{TB}\n{tb(*PORT_STACK)}\n{PORT_ERR}",
    ),
)

# ----------------------------------------------------------------------------------------------------- arguments
case(
    "latest_argparse_ambiguous_cuda_graph_max_bs",
    "0.5.23",
    "sglang/srt/server_args.py:679/696 (argparse.ArgumentParser(prog='sglang serve'), allow_abbrev); the bare --cuda-graph-max-bs is gone since 0.5.20",
    "config_error",
    "an old recipe's --cuda-graph-max-bs is now an ambiguous prefix of the decode/prefill flags: argparse exits 2",
    join(
        USERWARN,
        "usage: sglang serve [-h] [--model-path MODEL_PATH] [--tokenizer-path TOKENIZER_PATH]",
        "                    [--tokenizer-mode {auto,slow}] [--tokenizer-worker-num TOKENIZER_WORKER_NUM]",
        "                    [--skip-tokenizer-init] [--load-format {auto,pt,safetensors,instanttensor,npcache,dummy,sharded_state,presharded,gguf,expert_pack,bitsandbytes,mistral,layered,flash_rl,remote,remote_instance,fastsafetensors,private,runai_streamer}]",
        "                    [--trust-remote-code] [--context-length CONTEXT_LENGTH] [--is-embedding]",
        "                    [--cuda-graph-max-bs-decode CUDA_GRAPH_MAX_BS_DECODE] [--cuda-graph-max-bs-prefill CUDA_GRAPH_MAX_BS_PREFILL]",
        "                    [--cuda-graph-backend-decode {full,breakable,disabled}] [--cuda-graph-backend-prefill {full,breakable,disabled}]",
        "                    [--disable-cuda-graph] [--enable-dp-attention] [--config CONFIG]",
        "sglang serve: error: ambiguous option: --cuda-graph-max-bs could match --cuda-graph-max-bs-decode, --cuda-graph-max-bs-prefill",
    ),
)

case(
    "latest_trtllm_mha_needs_hopper",
    "0.5.23",
    "sglang/srt/arg_groups/attention_hook.py:203 (handle_attention_backend_compatibility via pipeline.py:242, resolution_hooks.py:139)",
    "config_error",
    "--attention-backend trtllm_mha on A100 (SM80): the resolution pipeline refuses the backend before any process starts",
    join(
        USERWARN,
        f"{TB}\n"
        + tb(
            *RESOLVE,
            (
                "arg_groups/pipeline.py",
                242,
                "run_resolution_pipeline",
                "run_hook(handle_attention_backend_compatibility, server_args)",
            ),
            ("arg_groups/resolution_hooks.py", 139, "run_hook", "step(server_args)"),
            ("arg_groups/attention_hook.py", 203, "handle_attention_backend_compatibility", "raise ValueError("),
        )
        + "\nValueError: TRTLLM MHA backend for prefill requires Hopper (SM90), Blackwell (SM100), or SM120 GPUs. Please use a different prefill backend.",
    ),
)

case(
    "latest_sgl_kernel_too_old",
    "0.5.23",
    "sglang/srt/utils/common.py:2429 (assert_pkg_version) via entrypoints/engine.py:1155/1962 (sglang-kernel >= 0.4.9)",
    "config_error",
    "the kernel package is older than this release requires: a version check refuses to start (skew policy: config_error)",
    join(
        USERWARN,
        f"{TB}\n"
        + tb(
            *LAUNCH,
            ("entrypoints/engine.py", 1155, "_launch_subprocesses", "_set_envs_and_config(server_args)"),
            ("entrypoints/engine.py", 1962, "_set_envs_and_config", "assert_pkg_version("),
            ("utils/common.py", 2429, "assert_pkg_version", "raise Exception("),
        )
        + "\nException: sglang-kernel is installed with version 0.4.5, which is less than the minimum required version 0.4.9. "
        "Please reinstall the latest version with `pip install sglang-kernel --force-reinstall`",
    ),
)

# ---------------------------------------------------------------------------------------------- serving (runtime)
OOM_RT = oom("3.50 GiB", "139.72 GiB", "2.91 GiB", "136.80 GiB", "129.57 GiB", "3.12 GiB", "4.11 GiB")

case(
    "latest_masked_gemm_workspace_oom",
    "0.5.23",
    "sglang/srt/layers/moe/moe_runner/deep_gemm.py:779-787 (DeepGemmRunnerCore._run_masked_gemm, new since 0.5.10)",
    "oom_moe_workspace",
    "DeepGEMM's masked grouped-GEMM workspace cannot be allocated under DP-attention prefill; it names the MoE workspace and its env remedy",
    join(
        start23(
            "serving",
            model="deepseek-ai/DeepSeek-V3-0324",
            arch="DeepseekV3ForCausalLM",
            tp=8,
            frac=0.82,
            avail=139.17,
            weights=83.63,
            kv_tokens=1180000,
            kv_gb=10.36,
            extra_args={"attn_dp_size": 8, "moe_a2a_backend": "deepep", "moe_runner_backend": "deep_gemm"},
        ),
        f"{ts(97, 'TP0')} Masked grouped-GEMM workspace allocation failed (num_groups=32 m=8192 n=4096). If this happens under saturated dp-attention prefill, try SGLANG_OPT_DG_MASKED_M_CAP=1.",
        sched_exc(
            97,
            LOOP
            + (
                ("models/deepseek_v2.py", 3120, "forward", "hidden_states = self.model("),
                ("models/deepseek_v2.py", 2960, "forward", "hidden_states, residual = layer("),
                ("models/deepseek_v2.py", 2854, "forward", "hidden_states = self.mlp("),
                ("models/deepseek_v2.py", 1060, "forward", "return self.forward_deepep(hidden_states, forward_batch)"),
                ("models/deepseek_v2.py", 1718, "forward_deepep", "final_hidden_states = self.experts("),
                (
                    "layers/moe/ep_moe/layer.py",
                    265,
                    "forward_impl",
                    "combine_input = self.run_moe_core(dispatch_output)",
                ),
                ("layers/moe/ep_moe/layer.py", 284, "run_moe_core", "return super().run_moe_core(dispatch_output)"),
                (
                    "layers/moe/fused_moe_triton/layer.py",
                    1800,
                    "run_moe_core",
                    "return self.runner.run(dispatch_output, self.quant_method.quant_info)",
                ),
                ("layers/moe/moe_runner/deep_gemm.py", 392, "run", "hidden_states = self._run_masked_gemm("),
                ("layers/moe/moe_runner/deep_gemm.py", 775, "_run_masked_gemm", "gateup_output = torch.empty("),
            ),
            f"torch.OutOfMemoryError: {OOM_RT}",
        ),
        f"{ts(97)} SIGQUIT received. signum=3, frame=<frame at 0x7f3a2c1b5a40, file '/usr/lib/python3.12/asyncio/base_events.py', line 1949, code _run_once>. It usually means one child failed.",
    ),
)

case(
    "latest_runtime_prefill_oom",
    "0.5.23",
    "torch OutOfMemoryError in a prefill forward after `The server is fired up and ready to roll!` (0.5.23 event loop: scheduler.py:2109/4870, eager_runner.py)",
    "oom_runtime",
    "OOM in the logits of a large prefill batch while serving, well after ready",
    join(
        start23("serving", model="Qwen/Qwen3-32B", frac=0.9, kv_tokens=905000, kv_gb=27.62),
        f"{ts(140, 'TP0')} Prefill batch, #new-seq: 16, #new-token: 8192, #cached-token: 0, token usage: 0.71, #running-req: 210, #queue-req: 44, #pending-token: 120311, cuda graph: False, input throughput (token/s): 16022.87",
        sched_exc(
            141,
            LOOP
            + (
                ("models/qwen3.py", 560, "forward", "return self.logits_processor("),
                (
                    "layers/logits_processor.py",
                    430,
                    "forward",
                    "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
                ),
                ("layers/logits_processor.py", 720, "_get_logits", "logits = torch.matmul("),
            ),
            "torch.OutOfMemoryError: "
            + oom("4.64 GiB", "79.19 GiB", "3.02 GiB", "76.16 GiB", "71.88 GiB", "1.98 GiB", "2.30 GiB"),
        ),
        f"{ts(141)} SIGQUIT received. signum=3, frame=<frame at 0x7f3a2c1b5a40, file '/usr/lib/python3.12/asyncio/base_events.py', line 1949, code _run_once>. It usually means one child failed.",
    ),
)

# ------------------------------------------------------------------------------------------------ healthy contrasts
case(
    "latest_healthy_kv_pool_smaller_than_context",
    "0.5.23",
    "sglang/srt/managers/tp_worker.py:559-566 (new in 0.5.23: `Not an error`)",
    "healthy",
    "the KV pool cannot hold one full-length request, a warning only; the server comes up and serves",
    join(
        start23(
            "captured",
            model="Qwen/Qwen3-30B-A3B-Instruct-2507-FP8",
            arch="Qwen3MoeForCausalLM",
            tp=1,
            rank=None,
            frac=0.86,
            avail=44.31,
            weights=30.52,
            kv_tokens=98304,
            kv_gb=4.72,
            ctx=262144,
        )[:-1],
        f"{ts(72)} KV pool holds 98304 tokens, fewer than --context-length 262144. One full-length request cannot fit, so long requests will be refused or truncated at serving time. Lower --context-length, raise --mem-fraction-static, or free memory taken before the pool is sized.",
        start23(
            "serving",
            model="Qwen/Qwen3-30B-A3B-Instruct-2507-FP8",
            tp=1,
            rank=None,
            frac=0.86,
            avail=44.31,
            weights=30.52,
            kv_tokens=98304,
            kv_gb=4.72,
            ctx=262144,
        )[-11:],
    ),
)

case(
    "latest_healthy_mamba_cap_warning",
    "0.5.23",
    "sglang/srt/mem_cache/kv_cache_configurator.py:3140 (mamba cap warning) and :3166 (`max_running_requests was reduced`), both new since 0.5.10",
    "healthy",
    "capacity warnings that lower the request limit and go on: the server reaches ready and decodes",
    join(
        start23(
            "pool",
            model="Qwen/Qwen3-Next-80B-A3B-Instruct",
            arch="Qwen3NextForCausalLM",
            tp=4,
            frac=0.8,
            weights=37.62,
            kv_tokens=1450000,
            kv_gb=3.32,
            extra_args={"max_running_requests": 1024},
        )[:-2],
        f"{ts(34, 'TP0')} max_running_requests is capped to 341 by the mamba state cache (max_mamba_cache_size=1024, 3 state slots per request). To raise it: increase --mamba-full-memory-ratio or --max-mamba-cache-size, or halve the state size with --mamba-ssm-dtype bfloat16.",
        [
            line.replace("max_running_requests=2048", "max_running_requests=341")
            for line in start23(
                "serving",
                model="Qwen/Qwen3-Next-80B-A3B-Instruct",
                tp=4,
                frac=0.8,
                weights=37.62,
                kv_tokens=1450000,
                kv_gb=3.32,
            )[-21:]
        ],
    ),
)

case(
    "latest_healthy_deprecated_flags_and_userwarning",
    "0.5.23",
    "sglang/srt/arg_groups/argparse_actions.py:29/96-99 (DeprecatedStoreTrueAction, printed before logging is configured, ANSI yellow) + launch_server.py:71",
    "healthy",
    "the deprecated --disable-cuda-graph / --enable-dp-attention spellings only warn; no graphs are captured and the server serves",
    join(
        USERWARN,
        "\x1b[1;33m'--disable-cuda-graph' is deprecated and will be removed in a future release. Use '--cuda-graph-backend-{decode,prefill}=disabled' instead.\x1b[0m",
        "\x1b[1;33m'--enable-dp-attention' is deprecated and will be removed in a future release. Use '--attn-dp-size <dp-size>' instead.\x1b[0m",
        start23("pool", model="Qwen/Qwen3-32B", tp=2, frac=0.83, extra_args={"attn_dp_size": 2})[3:],
        f"{ts(35, 'TP0')} max_total_num_tokens=812345, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=40960, available_gpu_mem=12.94 GB",
        [line.replace("cuda graph: True", "cuda graph: False") for line in start23("serving")[-10:]],
    ),
)

case(
    "latest_healthy_memory_unbalanced_warning",
    "0.5.23",
    "sglang/srt/distributed/bootstrap.py:445-452 (_check_tp_memory_balance: a warning unless SGLANG_ENABLE_TP_MEMORY_INBALANCE_CHECK)",
    "healthy",
    "another process holds some memory on one GPU: SGLang warns and sizes the pool from the minimum, then serves",
    join(
        start23("args", model="Qwen/Qwen3-32B", tp=4),
        f"{ts(6, 'TP0')} Init parallel begin.",
        f"{ts(9, 'TP0')} Init parallel ends. elapsed=3.12 s",
        f"{ts(9, 'TP2')} The memory capacity is unbalanced. Some GPUs may be occupied by other processes. pre_model_load_memory=66.61083984375, local_gpu_memory=78.30615234375, local_gpu_memory * 0.9=70.475537109375",
        f"{ts(9, 'TP0')} The memory capacity is unbalanced. Some GPUs may be occupied by other processes. pre_model_load_memory=66.61083984375, local_gpu_memory=78.31396484375, local_gpu_memory * 0.9=70.482568359375",
        start23("serving", model="Qwen/Qwen3-32B", tp=4, kv_tokens=612000, kv_gb=18.68)[6:],
    ),
)

case(
    "latest_healthy_flashinfer_autotune_skipped",
    "0.5.23",
    "sglang/srt/model_executor/runner/flashinfer_autotune.py:304/489-507/369 (the extend pass skipped on OutOfMemoryError, new)",
    "healthy",
    "FlashInfer's optional extend autotune pass has no headroom and is skipped; capture and serving go on",
    join(
        start23(
            "pool",
            model="openai/gpt-oss-120b",
            arch="GptOssForCausalLM",
            tp=2,
            frac=0.85,
            weights=31.86,
            kv_tokens=2400000,
            kv_gb=8.24,
            extra_args={"moe_runner_backend": "flashinfer_mxfp4"},
        ),
        f"{ts(35, 'TP0')} Running FlashInfer autotune with cache: /root/.cache/sglang/flashinfer_autotune/GptOssForCausalLM_tp2_sm90.json",
        f"{ts(44, 'TP0')} FlashInfer autotune: extra EXTEND pass at 16384 tokens (8 seqs x 2048 tokens).",
        f"{ts(46, 'TP0')} FlashInfer extend autotune skipped: not enough free memory for a 16384-token dummy forward.",
        f"{ts(46, 'TP0')} FlashInfer autotune completed.",
        start23("serving", model="openai/gpt-oss-120b", tp=2, frac=0.85, weights=31.86, kv_tokens=2400000, kv_gb=8.24)[
            -19:
        ],
    ),
)

# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "latest_masked_gemm_workspace_oom": "oom_runtime",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_latest_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way to ready at first sight (what a live supervisor acts on), with
# the event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {
    "latest_masked_gemm_workspace_oom": "oom_runtime",
}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_latest_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
