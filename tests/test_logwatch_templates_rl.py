"""SGLang as the rollout engine inside RL training frameworks (verl, slime, AReaL, OpenRLHF-style loops): synthetic
templates written blind by a helper from real release text (the classifier's code was not read).

Scope `rl`: the offline `sgl.Engine` / `VerlEngine` in a Ray actor (`(WorkerDict pid=...)`, `(SGLangEngine pid=...)`,
`(SGLangHttpServer pid=...)` prefixes), the HTTP server driven by a trainer, weight updates from disk / from tensor /
from distributed (`init_weights_update_group`, `update_weights_from_distributed`), `release_memory_occupation` /
`resume_memory_occupation` through torch_memory_saver (sleep / wake, multi-stage wake with tags), colocated training
and inference on the same GPUs with the trainer still holding memory, NCCL / gloo groups for weight sync. Failures at
start-up and after ready, and five healthy runs that log alarming things (memory-saver warnings and margin-OOM lines,
retraction under rollout load, `Cache not flushed` warnings, weight-version lines, NCCL barrier warnings).

Sources. SGLang wheels read with `pip download --no-deps`: 0.4.6.post5 (engine.py sigchld / sigquit handlers and
`Rank {i} scheduler is dead`, model_runner.py `init custom process group`, `Failed to initialize custom process
group`, `Failed to update parameter online ... Please discard the whole weights.`, the unbalanced-memory ValueError,
`Not enough memory. Please try to increase --mem-fraction-static.`, `Decode out of memory happened.`,
torch_memory_saver_adapter.py), 0.4.10.post2 (tags on release/resume), 0.5.2 (tp_worker_overlap_thread.py
`TpModelWorkerClient hit an exception`, cuda_graph_runner.py `Capture cuda graph failed` + CUDA_GRAPH_CAPTURE_FAILED_MSG,
flashinfer_backend.py workspace buffer), 0.5.5 (scheduler_update_weights_mixin.py, `KV cache pool is full. Retract
requests.`, mem_cache/common.py `Decode out of memory. Try to lower your batch size.`, `Cache not flushed because there
are pending requests.`, `Start update_weights. Load format=`, the `SIGQUIT received ... one child failed` handler),
0.5.10.post1 (`release_memory_occupation should be called only when server is idle.`, `_scheduler_died_error`,
request_logger.py `Finish: obj=` with `weight_version`). torch_memory_saver 0.0.6 sdist (`CUresult error  result=`,
the LD_PRELOAD warning), 0.0.9 sdist (`CUresult error: 2 (out of memory)  file=csrc/utils.h func=cu_mem_create
line=194`), 0.0.10 wheel strings (`cuMemCreate CUDA_ERROR_OUT_OF_MEMORY (may not be an issue ...)`,
`TorchMemorySaver::malloc return OOM since memory_margin_bytes=`). Public threads: sgl-project/sglang#14092 (verl
resume OOM), #4096 (weight-update group `unknown family=0`), #4233 and verl PR #1105 (unbalanced memory in verl),
#11289 (illegal memory access after update_weights_from_disk), PR #10597 (OOM in update from trainer), PR #32718
(misaligned address after TMS resume), PR #36643 / #36533 (libcudart.so.13 under --enable-memory-saver);
fzyzcjy/torch_memory_saver#4, #35, #87, #99; zhaochenyang20/Awesome-ML-SYS-Tutorial#106 (verl troubleshooting,
cu_mem_create line=103 at 32B TP=1); verl-project/verl#1049, #1911 (multi-stage awake, result=1 at resume), #3521;
THUDM/slime#274, #537, #1497, #1819 (address already in use); areal-project/AReaL#481 (Duplicate GPU detected in
update_weights_from_distributed); redai-studio/Relax#282 (Triton pointer after release). Library text: torch
(OutOfMemoryError with per-process lines, HIP spelling on ROCm, DistNetworkError EADDRINUSE, ProcessGroupNCCL watchdog,
gloo pair.cc), NCCL (`Duplicate GPU detected`, `socketStartConnect`), Triton (`Pointer argument (at 0) cannot be
accessed from Triton (cpu tensor?)`), uvicorn (`[Errno 98] error while attempting to bind`). Format fields are filled
with plausible values; a few library line numbers and verl / Ray frames are approximate.

Labelling policy, decided before the classifier ran (labels from ../shared/corpus/README.md plus the issue's families):
an OOM is labelled by the phase it happened in. Before ready: torch_memory_saver's `cu_mem_create` OOM between `Load
weight begin` and `Load weight end` is oom_weights, between `Load weight end` and `KV Cache is allocated` is
oom_kv_cache; `Not enough memory` is oom_kv_cache; an OOM in the FlashInfer workspace buffer is oom_moe_workspace; in
capture oom_cuda_graph. After ready (weight sync, resume of weights / KV cache, forward, a raised `Decode out of memory`
crash) every OOM is oom_runtime, including `CUresult error: 2 (out of memory)` at resume and OOMs that SGLang catches
and reports as a failed update while the server stays up. Failures of the weight-sync group (store / client-socket
timeouts, `unknown family=0`, `Duplicate GPU detected`, the NCCL watchdog on the update group, gloo `Connection closed
by peer` in the release barrier, pynccl init at start-up) are nccl_or_distributed. EADDRINUSE on the dist-init port or
the HTTP port is port_in_use. A library API mismatch (`tags` unknown to an older SGLang), a missing optional package
(torch-memory-saver not installed), a missing shared library for the LD_PRELOAD hook (exit code 127), the unbalanced
memory ValueError (a check that refuses to start because other processes hold some GPUs) and the `release_memory_occupation
should be called only when server is idle.` assertion (the caller's protocol) are config_error. CUDA driver-API or
runtime faults after ready (`CUresult error result=1` at resume, misaligned address, illegal memory access, Triton's
pointer check on memory the memory saver released) are cuda_error_other. Retraction, `Cache not flushed` warnings,
torch_memory_saver's `may not be an issue` / `return OOM since memory_margin_bytes` lines, the LD_PRELOAD warning and
`will not save memory because torch_memory_saver is not enabled` on a server that keeps serving are healthy.

First sight: 30/34 (4 misses, strict xfails below; the five healthy contrasts emit no failure event, so EVENT_XFAIL
is empty):
- journald_update_from_disk_oom_rolled_back: an OOM while reloading weights from disk on a server that was serving (SGLang
  rolls back, HTTP 400); the classifier said oom_weights (oom.out_of_memory), presumably taking `Update engine weights
  ... from disk` for the start-up weight-load phase (the log has no start-up lines).
- memory_saver_preload_hook_missing_libcudart: the LD_PRELOAD hook cannot find libcudart.so.13, every scheduler exits
  127 at exec; the classifier said nccl_or_distributed (distributed.other_ranks) from `Rank 0 scheduler died`.
- triton_pointer_check_after_release: Triton's `Pointer argument (at 0) cannot be accessed from Triton (cpu tensor?)`
  on a KV pool the memory saver had released, after ready; the classifier said config_error (unnamed.exception).
- weights_update_group_client_socket_timeout: `Failed to initialize custom process group: The client socket has timed
  out ...` on every TP rank of a ready server; the classifier said healthy (phases.ready); the failure is an error line
  with no traceback after ready.
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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # verl's 0.4.x images
CONDA310 = "/root/miniconda3/envs/verl/lib/python3.10/site-packages"
PY312 = "/usr/local/lib/python3.12/dist-packages"  # 0.5.x images, slime
ROCM310 = "/opt/conda/envs/py_3.10/lib/python3.10/site-packages"  # the ROCm images
VERL = "/workspace/verl/verl"


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in the same site-packages: `+torch/...`)."""
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


def at(when: str, rank: str | None = None) -> str:
    return f"[{when} {rank}]" if rank else f"[{when}]"


def ray(actor: str, *parts: str | list[str]) -> str:
    """Ray's driver prefixes every line a worker prints with `(Actor pid=N) `."""
    lines: list[str] = []
    for p in parts:
        lines.extend(p if isinstance(p, list) else p.split("\n"))
    return "\n".join(f"({actor}) {line}" for line in lines)


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def oom(
    tried: str, gpu: int, total: str, free: str, procs: list[str], alloc: str, reserved: str, *, hip: bool = False
) -> str:
    """torch's OutOfMemoryError text (2.5+), with the other processes on the GPU when there are any."""
    kind = "HIP" if hip else "CUDA"
    conf = "PYTORCH_HIP_ALLOC_CONF" if hip else "PYTORCH_CUDA_ALLOC_CONF"
    others = "".join(f" {p}." for p in procs)
    return (
        f"{kind} out of memory. Tried to allocate {tried}. GPU {gpu} has a total capacity of {total} of which {free} is free.{others} "
        f"Of the allocated memory {alloc} is allocated by PyTorch, and {reserved} is reserved by PyTorch but unallocated. "
        f"If reserved but unallocated memory is large try setting {conf}=expandable_segments:True to avoid fragmentation.  "
        "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


def cuda_err(what: str, enum: str) -> str:
    """torch 2.8+'s CUDA error text (torch.AcceleratorError), with the `Search for` line."""
    return (
        f"torch.AcceleratorError: CUDA error: {what}\n"
        f"Search for `{enum}' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
    )


def uvicorn_ready(when: str, pid: int, host: str, port: int) -> list[str]:
    return [
        f"{at(when)} INFO:     Started server process [{pid}]",
        f"{at(when)} INFO:     Waiting for application startup.",
        f"{at(when)} INFO:     Application startup complete.",
        f"{at(when)} INFO:     Uvicorn running on http://{host}:{port} (Press CTRL+C to quit)",
        f'{at(when)} INFO:     127.0.0.1:51620 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{at(when)} INFO:     127.0.0.1:51632 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(when)} The server is fired up and ready to roll!",
    ]


def access(when: str, method: str, path: str, status: str, peer: str = "10.0.0.3:52462") -> str:
    return f'{at(when)} INFO:     {peer} - "{method} {path} HTTP/1.1" {status}'


# -- SGLang's call paths (outermost first), per release
# 0.4.6.post5: the scheduler and its overlap worker
INIT046 = (
    (
        "managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
)
LOOP046 = (
    ("managers/scheduler.py", 2311, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 662, "event_loop_overlap", "self.process_input_requests(recv_reqs)"),
    ("managers/scheduler.py", 889, "process_input_requests", "output = self._request_dispatcher(recv_req)"),
    ("+sglang/utils.py", 471, "__call__", "return fn(obj)"),
)
# 0.5.2: Engine / server scheduler start-up
INIT052 = (
    ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
)
LOOP052 = (
    ("managers/scheduler.py", 2610, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 832, "event_loop_overlap", "self.process_input_requests(recv_reqs)"),
    ("managers/scheduler.py", 1138, "process_input_requests", "output = self._request_dispatcher(recv_req)"),
    ("+sglang/utils.py", 496, "__call__", "return fn(obj)"),
)
# 0.5.5 (no overlap thread module any more)
INIT055 = (
    ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 309, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
)
LOOP055 = (
    ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 983, "event_loop_overlap", "self.process_input_requests(recv_reqs)"),
    ("managers/scheduler.py", 1128, "process_input_requests", "output = self._request_dispatcher(recv_req)"),
    ("+sglang/utils.py", 496, "__call__", "return fn(obj)"),
)
# 0.5.10.post1
LOOP0510 = (
    ("managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1299, "run_event_loop", "dispatch_event_loop(self)"),
    ("managers/scheduler.py", 3497, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
)
INPUT0510 = LOOP0510 + (
    ("managers/scheduler.py", 1345, "event_loop_overlap", "self.process_input_requests(recv_reqs)"),
    ("managers/scheduler.py", 1602, "process_input_requests", "output = self._request_dispatcher(recv_req)"),
    ("+sglang/utils.py", 646, "__call__", "return fn(obj)"),
)


def sched_exc(when: str, rank: str | None, site: str, stack: tuple, error: str) -> str:
    return f"{at(when, rank)} Scheduler hit an exception: {TB}\n{tb(site, *stack)}\n{error}"


# -- start-up lines, per release
def start046(day: str, tp: int, model: str, arch: str, *, mem_frac: float = 0.5, kv_tokens: int = 389120) -> list[str]:
    """A VerlEngine's start-up in a Ray worker (0.4.6.post5): dummy weights, memory saver on."""
    ranks = [f"TP{r}" for r in range(tp)] if tp > 1 else [None]
    lines = [
        f"{at(day + ' 16:02:09')} server_args=ServerArgs(model_path='{model}', tokenizer_path='{model}', tokenizer_mode='auto', skip_tokenizer_init=True, load_format='dummy', trust_remote_code=False, dtype='bfloat16', kv_cache_dtype='auto', quantization=None, quantization_param_path=None, context_length=None, device='cuda', served_model_name='{model}', chat_template=None, completion_template=None, is_embedding=False, revision=None, host='127.0.0.1', port=30000, mem_fraction_static={mem_frac}, max_running_requests=None, max_total_tokens=None, chunked_prefill_size=8192, max_prefill_tokens=16384, schedule_policy='fcfs', schedule_conservativeness=1.0, cpu_offload_gb=0, page_size=1, tp_size={tp}, pp_size=1, stream_interval=1, stream_output=False, random_seed=0, log_level='info', log_level_http=None, log_requests=False, enable_memory_saver=True, ...)",
    ]
    for r in ranks:
        lines.append(f"{at(day + ' 16:02:17', r)} Attention backend not set. Use flashinfer backend by default.")
        lines.append(f"{at(day + ' 16:02:17', r)} Init torch distributed begin.")
    for r in ranks:
        lines.append(f"{at(day + ' 16:02:18', r)} Init torch distributed ends. mem usage=0.12 GB")
    for r in ranks:
        lines.append(f"{at(day + ' 16:02:18', r)} Load weight begin. avail mem=61.43 GB")
    for r in ranks:
        lines.append(
            f"{at(day + ' 16:02:21', r)} Load weight end. type={arch}, dtype=torch.bfloat16, avail mem=54.20 GB, mem usage=7.23 GB."
        )
    for r in ranks:
        lines.append(
            f"{at(day + ' 16:02:21', r)} KV Cache is allocated. #tokens: {kv_tokens}, K size: 10.39 GB, V size: 10.39 GB"
        )
        lines.append(f"{at(day + ' 16:02:21', r)} Memory pool end. avail mem=32.85 GB")
    lines.append(
        f"{at(day + ' 16:02:22', ranks[0])} Capture cuda graph begin. This can take up to several minutes. avail mem=32.22 GB"
    )
    lines.append(
        f"{at(day + ' 16:02:40', ranks[0])} Capture cuda graph end. Time elapsed: 18.41 s. mem usage=0.68 GB. avail mem=31.54 GB."
    )
    lines.append(
        f"{at(day + ' 16:02:41', ranks[0])} max_total_num_tokens={kv_tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768"
    )
    return lines


def start05(
    day: str,
    tp: int,
    model: str,
    arch: str,
    *,
    until: str = "ready",
    avail: str = "78.62",
    weights_gb: str = "15.26",
    kv_tokens: int = 1243576,
    extra_args: str = "",
    page_size: int = 1,
    pool_avail: str = "12.64",
    graph_avail: str = "12.41",
    v0510: bool = False,
) -> list[str]:
    """A 0.5.x server or Engine start-up (0.5.2 / 0.5.5 text), as far as `until`: weights, pool, graph, ready."""
    ranks = [f"TP{r}" for r in range(tp)] if tp > 1 else [None]
    t = day + " 09:14:"
    lines = [
        f"{at(t + '02')} server_args=ServerArgs(model_path='{model}', tokenizer_path='{model}', tokenizer_mode='auto', tokenizer_worker_num=1, skip_tokenizer_init=False, load_format='auto', model_loader_extra_config='{{}}', trust_remote_code=True, context_length=None, is_embedding=False, enable_multimodal=None, revision=None, model_impl='auto', host='0.0.0.0', port=15000, dtype='auto', quantization=None, kv_cache_dtype='auto', mem_fraction_static=0.7, max_running_requests=None, chunked_prefill_size=8192, max_prefill_tokens=16384, schedule_policy='fcfs', page_size={page_size}, tp_size={tp}, pp_size=1, enable_memory_saver=True, {extra_args}weight_version='default', ...)",
    ]
    for r in ranks:
        lines.append(f"{at(t + '09', r)} Init torch distributed begin.")
    for r in ranks:
        elapsed = "elapsed=1.07 s, " if v0510 else ""
        lines.append(f"{at(t + '10', r)} Init torch distributed ends. {elapsed}mem usage=0.98 GB")
    for r in ranks:
        lines.append(f"{at(t + '10', r)} Load weight begin. avail mem={avail} GB")
    lines.append(f"{at(t + '11', ranks[0])} Using model weights format ['*.safetensors']")
    lines.append("Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]")
    if until == "weights":
        return lines
    lines.append("Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:05<00:00,  1.31s/it]")
    for r in ranks:
        head = f"elapsed=6.38 s, type={arch}" if v0510 else f"type={arch}, dtype=torch.bfloat16"
        lines.append(
            f"{at(t + '17', r)} Load weight end. {head}, avail mem={float(avail) - float(weights_gb):.2f} GB, mem usage={weights_gb} GB."
        )
    for r in ranks:
        lines.append(
            f"{at(t + '17', r)} KV Cache is allocated. #tokens: {kv_tokens}, K size: 23.73 GB, V size: 23.73 GB"
        )
    for r in ranks:
        lines.append(f"{at(t + '17', r)} Memory pool end. avail mem={pool_avail} GB")
    if until == "pool":
        return lines
    lines.append(
        f"{at(t + '18', ranks[0])} Capture cuda graph begin. This can take up to several minutes. avail mem={graph_avail} GB"
    )
    lines.append(
        f"{at(t + '18', ranks[0])} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]"
    )
    if until == "graph":
        return lines
    lines.append(
        f"{at(t + '31', ranks[0])} Capture cuda graph end. Time elapsed: 12.87 s. mem usage=1.12 GB. avail mem=11.29 GB."
    )
    lines.append(
        f"{at(t + '32', ranks[0])} max_total_num_tokens={kv_tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=11.29 GB"
    )
    return lines


# ===================================================================================================== start-up
case(
    "engine_memory_saver_not_installed",
    "0.4.6.post5",
    "sglang-0.4.6.post5 torch_memory_saver_adapter.py:21-26 (warning, `raise import_error`), entrypoints/engine.py:126/563, verl_engine.py:54; verl fsdp_workers / sglang_rollout call path (verl 0.4)",
    "config_error",
    "verl builds a VerlEngine with enable_memory_saver=True in an image without torch-memory-saver: the adapter warns and re-raises the ImportError in the Ray worker before any scheduler starts",
    join(
        ray(
            "WorkerDict pid=51234",
            f"{at('2025-05-20 16:02:09')} server_args=ServerArgs(model_path='/models/Qwen2.5-7B-Instruct', tokenizer_path='/models/Qwen2.5-7B-Instruct', tokenizer_mode='auto', skip_tokenizer_init=True, load_format='dummy', dtype='bfloat16', mem_fraction_static=0.5, tp_size=2, enable_memory_saver=True, ...)",
            f"{at('2025-05-20 16:02:09')} enable_memory_saver is enabled, but torch-memory-saver is not installed. Please install it via `pip3 install torch-memory-saver`. ",
        ),
        "Error executing job with overrides: ['algorithm.adv_estimator=grpo', 'actor_rollout_ref.rollout.name=sglang', 'actor_rollout_ref.rollout.tensor_model_parallel_size=2', 'actor_rollout_ref.rollout.gpu_memory_utilization=0.5', 'trainer.n_gpus_per_node=8']",
        TB,
        tb(
            PY310,
            (f"{VERL}/trainer/main_ppo.py", 64, "main", "run_ppo(config)"),
            (f"{VERL}/trainer/main_ppo.py", 76, "run_ppo", "ray.get(runner.run.remote(config))"),
            ("+ray/_private/auto_init_hook.py", 21, "auto_init_wrapper", "return fn(*args, **kwargs)"),
            ("+ray/_private/client_mode_hook.py", 103, "wrapper", "return func(*args, **kwargs)"),
            (
                "+ray/_private/worker.py",
                2771,
                "get",
                "values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
            ),
            ("+ray/_private/worker.py", 919, "get_objects", "raise value.as_instanceof_cause()"),
        ),
        "ray.exceptions.RayTaskError(ModuleNotFoundError): ray::TaskRunner.run() (pid=50871, ip=10.0.0.3, actor_id=7b1c0e4c2f8d5e9a01000000, repr=<main_ppo.TaskRunner object at 0x7f9c5a3e2b90>)",
        tb(
            PY310,
            (f"{VERL}/trainer/main_ppo.py", 190, "run", "trainer.init_workers()"),
            (f"{VERL}/trainer/ppo/ray_trainer.py", 742, "init_workers", "self.actor_rollout_wg.init_model()"),
            (f"{VERL}/single_controller/ray/base.py", 49, "func", "output = ray.get(output)"),
        ),
        "ray.exceptions.RayTaskError(ModuleNotFoundError): ray::WorkerDict.actor_rollout_init_model() (pid=51234, ip=10.0.0.3, actor_id=c2a9d8e41f7b6c3d01000000, repr=<verl.single_controller.ray.base.WorkerDict object at 0x7f2c1c1e3a90>)",
        tb(
            PY310,
            (
                f"{VERL}/single_controller/ray/base.py",
                466,
                "func",
                "return getattr(self.worker_dict[key], name)(*args, **kwargs)",
            ),
            (f"{VERL}/single_controller/base/decorator.py", 501, "inner", "return func(*args, **kwargs)"),
            (
                f"{VERL}/workers/fsdp_workers.py",
                536,
                "init_model",
                "self.rollout, self.rollout_sharding_manager = self._build_rollout(",
            ),
            (f"{VERL}/workers/fsdp_workers.py", 428, "_build_rollout", "rollout = SGLangRollout("),
            (
                f"{VERL}/workers/rollout/sglang_rollout/sglang_rollout.py",
                217,
                "__init__",
                "self._init_inference_engine(trust_remote_code, actor_module, port)",
            ),
            (
                f"{VERL}/workers/rollout/sglang_rollout/sglang_rollout.py",
                316,
                "_init_inference_engine",
                "self._engine = VerlEngine(",
            ),
            ("entrypoints/verl_engine.py", 54, "__init__", "self._engine = Engine(**engine_kwargs)"),
            ("entrypoints/engine.py", 126, "__init__", "tokenizer_manager, scheduler_info = _launch_subprocesses("),
            (
                "entrypoints/engine.py",
                563,
                "_launch_subprocesses",
                "memory_saver_adapter = TorchMemorySaverAdapter.create(",
            ),
            ("torch_memory_saver_adapter.py", 26, "create", "raise import_error"),
            ("torch_memory_saver_adapter.py", 6, "<module>", "import torch_memory_saver"),
        ),
        "ModuleNotFoundError: No module named 'torch_memory_saver'",
        "",
        "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.",
    ),
)

case(
    "tms_cu_mem_create_oom_loading_weights",
    "0.4.6.post5",
    "zhaochenyang20/Awesome-ML-SYS-Tutorial#106 (cu_mem_create line=103 serving Qwen2.5-Coder-32B TP=1 in verl); fzyzcjy/torch_memory_saver#4 (result=2 is CUDA_ERROR_OUT_OF_MEMORY); torch_memory_saver 0.0.6 CURESULT_CHECK text; sglang-0.4.6.post5 engine.py sigchld handler and `Rank {i} scheduler is dead`",
    "oom_weights",
    "a 32B model at TP=1 next to the FSDP trainer: the memory saver's cuMemCreate fails while the weights are allocated (after `Load weight begin`, no `Load weight end`), the scheduler exits(1) with no Python traceback",
    ray(
        "WorkerDict pid=2782, ip=22.1.42.225",
        f"{at('2025-04-14 22:58:51')} server_args=ServerArgs(model_path='/mnt/models/Qwen2.5-Coder-32B-Instruct', tokenizer_path='/mnt/models/Qwen2.5-Coder-32B-Instruct', skip_tokenizer_init=True, load_format='dummy', dtype='bfloat16', mem_fraction_static=0.6, tp_size=1, enable_memory_saver=True, ...)",
        f"{at('2025-04-14 22:58:58')} Attention backend not set. Use flashinfer backend by default.",
        f"{at('2025-04-14 22:58:58')} Init torch distributed begin.",
        f"{at('2025-04-14 22:58:58')} Init torch distributed ends. mem usage=0.00 GB",
        f"{at('2025-04-14 22:58:58')} Load weight begin. avail mem=47.91 GB",
        "[torch_memory_saver.cpp] CUresult error  result=2 file=csrc/torch_memory_saver.cpp func=cu_mem_create line=103",
        f"{at('2025-04-14 22:59:12')} Child process unexpectedly failed with an exit code 256. pid=3107",
        f"{at('2025-04-14 22:59:12')} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{at('2025-04-14 22:59:12')} Exit code: 1",
        "Error executing method 'init_model'. This might cause deadlock in distributed execution.",
        TB,
        tb(
            CONDA310,
            (
                f"{VERL}/workers/rollout/sglang_rollout/sglang_rollout.py",
                316,
                "_init_inference_engine",
                "self._engine = VerlEngine(",
            ),
            ("entrypoints/verl_engine.py", 54, "__init__", "self._engine = Engine(**engine_kwargs)"),
            ("entrypoints/engine.py", 126, "__init__", "tokenizer_manager, scheduler_info = _launch_subprocesses("),
            ("entrypoints/engine.py", 664, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
            (
                "/root/miniconda3/envs/verl/lib/python3.10/multiprocessing/connection.py",
                250,
                "recv",
                "buf = self._recv_bytes()",
            ),
            (
                "/root/miniconda3/envs/verl/lib/python3.10/multiprocessing/connection.py",
                414,
                "_recv_bytes",
                "buf = self._recv(4)",
            ),
            ("/root/miniconda3/envs/verl/lib/python3.10/multiprocessing/connection.py", 383, "_recv", "raise EOFError"),
        ),
        "EOFError",
    ),
)

case(
    "tms_cu_mem_create_oom_allocating_kv_pool",
    "0.4.6.post5",
    "sglang-0.4.6.post5 mem_cache/memory_pool.py:278 (`_create_buffers` inside `memory_saver_adapter.region()`), model_runner.py `Load weight end` / `KV Cache is allocated`; torch_memory_saver 0.0.6 CURESULT_CHECK; fzyzcjy/torch_memory_saver#4 (wiki: result=2 is OOM); engine.py sigchld handler",
    "oom_kv_cache",
    "weights loaded; the trainer's optimizer state landed on the GPU between the memory profile and the pool allocation, so cuMemCreate fails for the KV buffers (no `KV Cache is allocated`) and both ranks exit(1)",
    ray(
        "WorkerDict pid=118430",
        f"{at('2025-05-27 08:41:02')} server_args=ServerArgs(model_path='/data/ckpt/Qwen3-8B', tokenizer_path='/data/ckpt/Qwen3-8B', skip_tokenizer_init=True, load_format='dummy', dtype='bfloat16', mem_fraction_static=0.7, tp_size=2, enable_memory_saver=True, ...)",
        f"{at('2025-05-27 08:41:09', 'TP0')} Init torch distributed begin.",
        f"{at('2025-05-27 08:41:09', 'TP1')} Init torch distributed begin.",
        f"{at('2025-05-27 08:41:10', 'TP0')} Init torch distributed ends. mem usage=0.12 GB",
        f"{at('2025-05-27 08:41:10', 'TP1')} Init torch distributed ends. mem usage=0.12 GB",
        f"{at('2025-05-27 08:41:10', 'TP0')} Load weight begin. avail mem=62.18 GB",
        f"{at('2025-05-27 08:41:10', 'TP1')} Load weight begin. avail mem=62.20 GB",
        f"{at('2025-05-27 08:41:13', 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=54.41 GB, mem usage=7.77 GB.",
        f"{at('2025-05-27 08:41:13', 'TP1')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=54.43 GB, mem usage=7.77 GB.",
        "[torch_memory_saver.cpp] CUresult error  result=2 file=csrc/torch_memory_saver.cpp func=cu_mem_create line=103",
        "[torch_memory_saver.cpp] CUresult error  result=2 file=csrc/torch_memory_saver.cpp func=cu_mem_create line=103",
        f"{at('2025-05-27 08:41:14')} Child process unexpectedly failed with an exit code 256. pid=118702",
        f"{at('2025-05-27 08:41:14')} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{at('2025-05-27 08:41:14')} Child process unexpectedly failed with an exit code 256. pid=118703",
        f"{at('2025-05-27 08:41:14')} Exit code: 1",
    ),
)

case(
    "not_enough_memory_trainer_holds_the_gpu",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_runner.py:898 (`Not enough memory. Please try to increase --mem-fraction-static.`), profile_max_num_token (rest memory from total * (1 - mem_fraction_static)); verl sglang rollout with the actor not offloaded (verl#647 thread)",
    "oom_kv_cache",
    "the FSDP actor keeps 40 GB on each GPU, so after the weights the profiled pool is negative: the KV-pool shortfall at start-up, not a weights OOM",
    join(
        ray(
            "WorkerDict pid=508912, ip=10.1.200.6",
            f"{at('2025-03-17 14:20:11')} server_args=ServerArgs(model_path='/home/xxx/models/Qwen2.5-7B-Instruct', tokenizer_path='/home/xxx/models/Qwen2.5-7B-Instruct', skip_tokenizer_init=True, load_format='dummy', dtype='bfloat16', mem_fraction_static=0.6, tp_size=2, enable_memory_saver=True, ...)",
            f"{at('2025-03-17 14:20:18', 'TP0')} Init torch distributed begin.",
            f"{at('2025-03-17 14:20:19', 'TP0')} Init torch distributed ends. mem usage=0.12 GB",
            f"{at('2025-03-17 14:20:19', 'TP0')} Load weight begin. avail mem=38.62 GB",
            f"{at('2025-03-17 14:20:22', 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=31.39 GB, mem usage=7.23 GB.",
            sched_exc(
                "2025-03-17 14:20:22",
                "TP0",
                CONDA310,
                INIT046
                + (
                    ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
                    ("model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
                    ("model_executor/model_runner.py", 898, "init_memory_pool", "raise RuntimeError("),
                ),
                "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
            ),
            "",
            f"{at('2025-03-17 14:20:22')} Received sigquit from a child process. It usually means the child failed.",
        ),
        "(raylet) A worker died or was killed while executing a task by an unexpected system error. To troubleshoot the problem, check the logs for the dead worker. RayTask ID: ffffffffffffffff2e6a1f3c7d9b8a0e01000000 Worker ID: 3c1f0a2b9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c Node ID: 9f8e7d6c5b4a39281716151413121110f0e0d0c0b0a090807060504 Worker IP address: 10.1.200.6 Worker port: 10123 Worker PID: 508912 Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors.",
    ),
)

case(
    "unbalanced_memory_check_in_verl",
    "0.4.4.post1",
    "sgl-project/sglang#4233 (`this happens in veRL`), verl PR #1105 (SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK), verl#1049 (scheduler.py:1999/249, tp_worker_overlap_thread.py:63, tp_worker.py:74, model_runner.py:174 frames); the ValueError text as in sglang-0.4.6.post5 model_runner.py:489",
    "config_error",
    "verl workers reached the rollout at different times, so one GPU of the TP group still holds the actor: SGLang's own check refuses to start (a ValueError about the GPUs, no allocation failed)",
    ray(
        "WorkerDict pid=2199833",
        f"{at('2025-04-12 21:10:52')} server_args=ServerArgs(model_path='/proj/models/Qwen2.5-3B-Instruct', tokenizer_path='/proj/models/Qwen2.5-3B-Instruct', skip_tokenizer_init=True, load_format='dummy', dtype='bfloat16', mem_fraction_static=0.5, tp_size=2, enable_memory_saver=True, ...)",
        f"{at('2025-04-12 21:11:00', 'TP0')} Init torch distributed begin.",
        f"{at('2025-04-12 21:11:00', 'TP1')} Init torch distributed begin.",
        sched_exc(
            "2025-04-12 21:11:01",
            "TP0",
            "/proj/long-multi/midi/miniforge3/envs/exp_t/lib/python3.10/site-packages",
            (
                (
                    "managers/scheduler.py",
                    1999,
                    "run_scheduler_process",
                    "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
                ),
                ("managers/scheduler.py", 249, "__init__", "self.tp_worker = TpWorkerClass("),
                (
                    "managers/tp_worker_overlap_thread.py",
                    63,
                    "__init__",
                    "self.worker = TpModelWorker(server_args, gpu_id, tp_rank, dp_rank, nccl_port)",
                ),
                ("managers/tp_worker.py", 74, "__init__", "self.model_runner = ModelRunner("),
                (
                    "model_executor/model_runner.py",
                    174,
                    "__init__",
                    "min_per_gpu_memory = self.init_torch_distributed()",
                ),
                ("model_executor/model_runner.py", 346, "init_torch_distributed", "raise ValueError("),
            ),
            "ValueError: The memory capacity is unbalanced. Some GPUs may be occupied by other processes. min_per_gpu_memory=30.5234375, local_gpu_memory=69.8134765625, local_gpu_memory * 0.9=62.83212890625",
        ),
        "",
        f"{at('2025-04-12 21:11:01')} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "colocated_weights_oom_engine_in_ray",
    "0.5.2",
    "sglang-0.5.2 scheduler.py:2587/329, tp_worker_overlap_thread.py:71, tp_worker.py:93, model_runner.py:250/296/735, model_loader/loader.py; torch OutOfMemoryError text listing other processes",
    "oom_weights",
    "verl 0.5 with param offload off: the trainer's 61 GB process shares GPU 2 and the rollout engine runs out while allocating Qwen2.5-32B's parameters (after `Load weight begin`, before `Load weight end`)",
    ray(
        "WorkerDict pid=812733",
        f"{at('2025-09-19 03:11:40')} server_args=ServerArgs(model_path='/models/Qwen2.5-32B-Instruct', tokenizer_path='/models/Qwen2.5-32B-Instruct', skip_tokenizer_init=True, load_format='auto', dtype='bfloat16', mem_fraction_static=0.6, tp_size=4, enable_memory_saver=True, ...)",
        *[f"{at('2025-09-19 03:11:48', f'TP{r}')} Init torch distributed begin." for r in range(4)],
        *[f"{at('2025-09-19 03:11:49', f'TP{r}')} Init torch distributed ends. mem usage=0.89 GB" for r in range(4)],
        *[f"{at('2025-09-19 03:11:49', f'TP{r}')} Load weight begin. avail mem=17.81 GB" for r in range(4)],
        sched_exc(
            "2025-09-19 03:11:52",
            "TP2",
            PY310,
            INIT052
            + (
                ("model_executor/model_runner.py", 296, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 735, "load_model", "self.model = get_model("),
                ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
                ("model_loader/loader.py", 477, "load_model", "model = _initialize_model("),
                ("model_loader/loader.py", 190, "_initialize_model", "return model_class("),
                ("models/qwen2.py", 441, "__init__", "self.model = Qwen2Model("),
                ("models/qwen2.py", 275, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
                ("utils.py", 572, "make_layers", "+ get_offloader().wrap_modules("),
                ("utils.py", 574, "<genexpr>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
                ("models/qwen2.py", 277, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
                ("models/qwen2.py", 180, "__init__", "self.mlp = Qwen2MLP("),
                ("models/qwen2.py", 69, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
                ("layers/linear.py", 434, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/unquant.py", 118, "create_weights", "torch.empty("),
                ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            "torch.OutOfMemoryError: "
            + oom(
                "270.00 MiB",
                2,
                "79.11 GiB",
                "198.94 MiB",
                ["Process 812733 has 61.23 GiB memory in use", "Process 813054 has 17.66 GiB memory in use"],
                "16.94 GiB",
                "141.20 MiB",
            ),
        ),
        "",
        f"{at('2025-09-19 03:11:52')} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "colocated_flashinfer_workspace_oom",
    "0.5.2",
    "sglang-0.5.2 layers/attention/flashinfer_backend.py:126-133 (global_workspace_buffer torch.empty), model_runner.py:385/1542/1606 (init_attention_backend); torch OutOfMemoryError",
    "oom_moe_workspace",
    "the pool took what the profile allowed, then the trainer grew: the FlashInfer workspace buffer (a kernel workspace, allocated after `Memory pool end`, before capture) cannot be allocated",
    ray(
        "WorkerDict pid=40211",
        start05(
            "2025-09-22",
            1,
            "/models/Qwen3-4B",
            "Qwen3ForCausalLM",
            until="pool",
            avail="39.40",
            weights_gb="8.05",
            kv_tokens=246112,
            pool_avail="0.31",
        ),
        sched_exc(
            "2025-09-22 09:14:18",
            None,
            PY310,
            INIT052
            + (
                ("model_executor/model_runner.py", 385, "initialize", "self.init_attention_backend()"),
                (
                    "model_executor/model_runner.py",
                    1542,
                    "init_attention_backend",
                    "self.attn_backend = self._get_attention_backend()",
                ),
                (
                    "model_executor/model_runner.py",
                    1580,
                    "_get_attention_backend",
                    "attn_backend = self._get_attention_backend_from_str(",
                ),
                (
                    "model_executor/model_runner.py",
                    1606,
                    "_get_attention_backend_from_str",
                    "return FlashInferAttnBackend(self)",
                ),
                ("layers/attention/flashinfer_backend.py", 129, "__init__", "global_workspace_buffer = torch.empty("),
            ),
            "torch.OutOfMemoryError: "
            + oom(
                "384.00 MiB",
                0,
                "79.11 GiB",
                "221.44 MiB",
                ["Process 40211 has 55.30 GiB memory in use", "Process 39877 has 23.57 GiB memory in use"],
                "54.12 GiB",
                "38.50 MiB",
            ),
        ),
        "",
        f"{at('2025-09-22 09:14:18')} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "colocated_cuda_graph_capture_oom",
    "0.5.2",
    "sglang-0.5.2 cuda_graph_runner.py:389-392 (`Capture cuda graph failed: {e}` + CUDA_GRAPH_CAPTURE_FAILED_MSG at :861), model_runner.py:386/1761 (init_device_graphs), `Capturing batches ({bs=} {avail_mem=:.2f} GB)`",
    "oom_cuda_graph",
    "the engine in the Ray worker reached capture with 1 GB left beside the trainer: the OOM happens while capturing and SGLang wraps it in its capture-failed exception",
    ray(
        "WorkerDict pid=77102",
        start05(
            "2025-09-23",
            1,
            "/models/Qwen3-8B",
            "Qwen3ForCausalLM",
            until="graph",
            avail="33.10",
            weights_gb="15.26",
            kv_tokens=126944,
            pool_avail="1.04",
            graph_avail="1.02",
        ),
        "Capturing batches (bs=256 avail_mem=0.38 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
        "Capturing batches (bs=248 avail_mem=0.21 GB):   3%|▎         | 1/36 [00:00<00:17,  2.01it/s]",
        sched_exc(
            "2025-09-23 09:14:20",
            None,
            PY310,
            (
                ("model_executor/cuda_graph_runner.py", 389, "__init__", "self.capture()"),
                ("model_executor/cuda_graph_runner.py", 497, "capture", ") = self.capture_one_batch_size(bs, forward)"),
                ("model_executor/cuda_graph_runner.py", 683, "capture_one_batch_size", "out = run_once()"),
                (
                    "model_executor/cuda_graph_runner.py",
                    671,
                    "run_once",
                    "logits_output_or_pp_proxy_tensors = forward(",
                ),
                ("models/qwen3.py", 366, "forward", "hidden_states = self.model("),
                ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("models/qwen3.py", 297, "forward", "hidden_states, residual = layer("),
                ("models/qwen3.py", 243, "forward", "hidden_states = self.mlp(hidden_states)"),
                ("models/qwen2.py", 97, "forward", "x = self.act_fn(gate_up)"),
                (
                    "layers/activation.py",
                    72,
                    "forward_cuda",
                    "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
                ),
            ),
            "torch.OutOfMemoryError: "
            + oom(
                "20.00 MiB",
                0,
                "79.11 GiB",
                "9.94 MiB",
                ["Process 77102 has 51.88 GiB memory in use", "Process 76855 has 27.20 GiB memory in use"],
                "49.67 GiB",
                "1.03 GiB",
            )
            + "\n\nDuring handling of the above exception, another exception occurred:\n\n"
            + TB
            + "\n"
            + tb(
                PY310,
                *INIT052,
                *(
                    ("model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
                    (
                        "model_executor/model_runner.py",
                        1761,
                        "init_device_graphs",
                        "self.graph_runner = graph_runners[self.device](self)",
                    ),
                    ("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception("),
                ),
            )
            + "\nException: Capture cuda graph failed: "
            + oom(
                "20.00 MiB",
                0,
                "79.11 GiB",
                "9.94 MiB",
                ["Process 77102 has 51.88 GiB memory in use", "Process 76855 has 27.20 GiB memory in use"],
                "49.67 GiB",
                "1.03 GiB",
            )
            + "\nPossible solutions:\n1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n3. disable torch compile by not using --enable-torch-compile\n4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\nOpen an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n",
        ),
        "",
        f"{at('2025-09-23 09:14:20')} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "slime_engine_dist_init_port_in_use",
    "0.5.5",
    "THUDM/slime#1819 (`address already in use` when launching rollout engines); sglang-0.5.5 model_runner.py:309/633, distributed/parallel_state.py:1503 (init_process_group); torch DistNetworkError EADDRINUSE text as in verl#5889 / verl#3521",
    "port_in_use",
    "two rollout engines on one node got the same dist-init port; the second engine's TP0 cannot open the TCPStore",
    ray(
        "SGLangEngine pid=73421",
        f"{at('2025-11-12 09:14:02')} server_args=ServerArgs(model_path='/root/Qwen3-4B', tokenizer_path='/root/Qwen3-4B', trust_remote_code=True, host='10.0.0.12', port=15004, mem_fraction_static=0.7, tp_size=2, enable_memory_saver=True, dist_init_addr='10.0.0.12:15012', nnodes=1, node_rank=0, ...)",
        f"{at('2025-11-12 09:14:09', 'TP0')} Init torch distributed begin.",
        f"{at('2025-11-12 09:14:09', 'TP1')} Init torch distributed begin.",
        sched_exc(
            "2025-11-12 09:14:09",
            "TP0",
            PY312,
            INIT055
            + (
                ("model_executor/model_runner.py", 633, "init_torch_distributed", "init_distributed_environment("),
                (
                    "distributed/parallel_state.py",
                    1503,
                    "init_distributed_environment",
                    "torch.distributed.init_process_group(",
                ),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
                (
                    "+torch/distributed/distributed_c10d.py",
                    1717,
                    "init_process_group",
                    "store, rank, world_size = next(rendezvous_iterator)",
                ),
                ("+torch/distributed/rendezvous.py", 207, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
                ("+torch/distributed/rendezvous.py", 175, "_create_c10d_store", "return TCPStore("),
            ),
            "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 15012, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        ),
        "",
        f"{at('2025-11-12 09:14:09')} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "slime_engine_http_port_in_use_after_restart",
    "0.5.10.post1",
    "uvicorn's `[Errno 98] error while attempting to bind on address` (config.py bind_socket), SGLang's uvicorn log config with timestamps; THUDM/slime#1819 (address already in use when relaunching rollout engines)",
    "port_in_use",
    "the model loads, then the HTTP server cannot bind because the previous run's engine (not killed by `pkill sglang`) still holds the port",
    ray(
        "SGLangEngine pid=90551",
        start05(
            "2025-12-03", 1, "/root/GLM-Z1-9B-0414", "Glm4ForCausalLM", until="ready", kv_tokens=512304, v0510=True
        ),
        f"{at('2025-12-03 09:14:33')} INFO:     Started server process [90551]",
        f"{at('2025-12-03 09:14:33')} INFO:     Waiting for application startup.",
        f"{at('2025-12-03 09:14:33')} INFO:     Application startup complete.",
        f"{at('2025-12-03 09:14:33')} ERROR:    [Errno 98] error while attempting to bind on address ('10.0.0.12', 15000): address already in use",
        f"{at('2025-12-03 09:14:33')} INFO:     Waiting for application shutdown.",
        f"{at('2025-12-03 09:14:33')} INFO:     Application shutdown complete.",
    ),
)

case(
    "multinode_rollout_pynccl_init_system_error",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_runner.py:457 (initialize_model_parallel), parallel_state.py:1152/978/262 (PyNcclCommunicator), pynccl.py:109 (ncclCommInitRank), pynccl_wrapper.py:329 (`NCCL error: {error_str}`); NCCL socket.cc WARN text; verl multi-node SGLang rollout (verl PR #652)",
    "nccl_or_distributed",
    "a TP16 rollout engine across two nodes: the TCP store forms, then NCCL cannot connect to the peer node's socket while building the TP communicator",
    ray(
        "WorkerDict pid=31877, ip=10.0.3.13",
        f"{at('2025-06-03 11:20:45', 'TP9')} Init torch distributed begin.",
        "node-13:31902:31902 [1] NCCL INFO Bootstrap : Using bond0:10.0.3.13<0>",
        "node-13:31902:31902 [1] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)",
        "node-13:31902:31902 [1] NCCL INFO cudaDriverVersion 12040",
        "NCCL version 2.21.5+cuda12.4",
        "node-13:31902:32117 [1] misc/socket.cc:538 NCCL WARN socketStartConnect: Connect to 10.0.3.12<43475> failed : Software caused connection abort",
        "node-13:31902:32117 [1] NCCL INFO misc/socket.cc:564 -> 2",
        "node-13:31902:32117 [1] NCCL INFO bootstrap.cc:286 -> 2",
        "node-13:31902:32117 [1] NCCL INFO init.cc:1415 -> 2",
        sched_exc(
            "2025-06-03 11:21:31",
            "TP9",
            PY310,
            INIT046
            + (
                (
                    "model_executor/model_runner.py",
                    224,
                    "__init__",
                    "min_per_gpu_memory = self.init_torch_distributed()",
                ),
                ("model_executor/model_runner.py", 457, "init_torch_distributed", "initialize_model_parallel("),
                (
                    "distributed/parallel_state.py",
                    1152,
                    "initialize_model_parallel",
                    "_TP = init_model_parallel_group(",
                ),
                ("distributed/parallel_state.py", 978, "init_model_parallel_group", "return GroupCoordinator("),
                ("distributed/parallel_state.py", 262, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
                (
                    "distributed/device_communicators/pynccl.py",
                    109,
                    "__init__",
                    "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
                ),
                ("distributed/device_communicators/pynccl_wrapper.py", 376, "ncclCommInitRank", "self.NCCL_CHECK("),
                (
                    "distributed/device_communicators/pynccl_wrapper.py",
                    329,
                    "NCCL_CHECK",
                    'raise RuntimeError(f"NCCL error: {error_str}")',
                ),
            ),
            "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        ),
        "",
        f"{at('2025-06-03 11:21:31')} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "memory_saver_preload_hook_missing_libcudart",
    "0.5.10.post1",
    "sgl-project/sglang PR #36643 / #36533 (libcudart.so.13 not found for the preload hook, exit code 127); sglang-0.5.10.post1 engine.py:1183-1190 (`_scheduler_died_error`), :1209, http_server.py:2165",
    "config_error",
    "a CUDA 13 pip environment with --enable-memory-saver: the LD_PRELOAD hook cannot resolve libcudart.so.13, so every scheduler dies at exec with 127 before importing anything",
    join(
        f"{at('2026-03-02 10:00:00')} server_args=ServerArgs(model_path='Qwen/Qwen3-8B', tokenizer_path='Qwen/Qwen3-8B', host='0.0.0.0', port=30000, mem_fraction_static=0.85, tp_size=2, enable_memory_saver=True, enable_weights_cpu_backup=False, ...)",
        "/opt/venv/bin/python: error while loading shared libraries: libcudart.so.13: cannot open shared object file: No such file or directory",
        "/opt/venv/bin/python: error while loading shared libraries: libcudart.so.13: cannot open shared object file: No such file or directory",
        TB,
        tb(
            "/opt/venv/lib/python3.12/site-packages",
            ("<frozen runpy>", 198, "_run_module_as_main", ""),
            ("<frozen runpy>", 88, "_run_code", ""),
            ("+sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
            ("+sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
            (
                "entrypoints/engine.py",
                680,
                "_launch_subprocesses",
                "scheduler_init_result = cls._launch_scheduler_processes(",
            ),
            (
                "entrypoints/engine.py",
                599,
                "_launch_scheduler_processes",
                "infos = _wait_for_scheduler_ready(scheduler_pipe_readers, scheduler_procs)",
            ),
            (
                "entrypoints/engine.py",
                1209,
                "_wait_for_scheduler_ready",
                "raise _scheduler_died_error(i, scheduler_procs[i])",
            ),
        ),
        "RuntimeError: Rank 0 scheduler died during initialization (exit code: 127). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check.",
    ),
)

# ===================================================================================================== after ready
case(
    "weights_update_group_client_socket_timeout",
    "0.5.5",
    "sglang-0.5.5 model_runner.py:1050-1067 (`init custom process group: ...`, `Failed to initialize custom process group: {e}.`), http_server.py /init_weights_update_group 400; torch TCPStore client timeout text; THUDM/slime non-colocate weight sync (slime#2147 describes the path)",
    "nccl_or_distributed",
    "a non-colocated run: the engine is serving, the trainer's rank-0 store is behind a firewall, every TP rank's rendezvous for the weight-update group times out and the endpoint answers 400",
    ray(
        "SGLangEngine pid=20418, ip=10.0.1.21",
        start05("2025-11-20", 2, "/root/Qwen3-8B", "Qwen3ForCausalLM", kv_tokens=905216),
        uvicorn_ready("2025-11-20 09:14:33", 20418, "10.0.1.21", 15000),
        f"{at('2025-11-20 09:15:02', 'TP0')} init custom process group: master_address=10.0.1.7, master_port=36477, rank_offset=1, rank=1, world_size=3, group_name=slime, backend=nccl",
        f"{at('2025-11-20 09:15:02', 'TP1')} init custom process group: master_address=10.0.1.7, master_port=36477, rank_offset=1, rank=2, world_size=3, group_name=slime, backend=nccl",
        f"{at('2025-11-20 09:45:02', 'TP0')} Failed to initialize custom process group: The client socket has timed out after 1800000ms while trying to connect to (10.0.1.7, 36477)..",
        f"{at('2025-11-20 09:45:02', 'TP1')} Failed to initialize custom process group: The client socket has timed out after 1800000ms while trying to connect to (10.0.1.7, 36477)..",
        access("2025-11-20 09:45:02", "POST", "/init_weights_update_group", "400 Bad Request", "10.0.1.7:40912"),
    ),
)

case(
    "weights_update_group_barrier_unknown_family",
    "0.4.1.post7",
    "sgl-project/sglang#4096 (srun `0:` prefix, socket.cpp:462 warnings, `store->get('0') got error: failed to format addr, unknown family=0`, the reporter's barrier added in init_weights_update_group)",
    "nccl_or_distributed",
    "Megatron trainer + SGLang servers on Slurm: the weight-update group forms, the first barrier hangs, then NCCL's unique-id exchange over the store fails on an address it cannot format",
    join(
        "0: [2025-03-05 03:25:35 TP0] init custom process group: master_address=10.128.4.17, master_port=29600, rank_offset=1, rank=1, world_size=9, group_name=test_parameter_update_group, backend=nccl",
        '0: [2025-03-05 03:25:35] INFO:     10.128.4.17:55410 - "POST /init_weights_update_group HTTP/1.1" 200 OK',
        "0: [rank0]:[W305 03:55:35.235035264 socket.cpp:462] [c10d] The IPv6 network addresses of (10.128.4.17, 29600) cannot be retrieved (gai error: -9 - Address family for hostname not supported).",
        "0: [rank3]:[W305 03:55:35.242042106 socket.cpp:462] [c10d] The IPv6 network addresses of (10.128.4.17, 29600) cannot be retrieved (gai error: -9 - Address family for hostname not supported).",
        "0: [2025-03-05 03:55:55 TP0] Scheduler hit an exception: Traceback (most recent call last):",
        '0:   File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 1787, in run_scheduler_process',
        "0:     scheduler.event_loop_overlap()",
        '0:   File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 492, in event_loop_overlap',
        "0:     self.process_input_requests(recv_reqs)",
        '0:   File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 590, in process_input_requests',
        "0:     success, message = self.init_weights_update_group(recv_req)",
        '0:   File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 1560, in init_weights_update_group',
        "0:     success, message = self.tp_worker.init_weights_update_group(recv_req)",
        '0:   File "/sgl-workspace/sglang/python/sglang/srt/managers/tp_worker_overlap_thread.py", line 220, in init_weights_update_group',
        "0:     success, message = self.worker.init_weights_update_group(recv_req)",
        '0:   File "/sgl-workspace/sglang/python/sglang/srt/managers/tp_worker.py", line 213, in init_weights_update_group',
        "0:     success, message = self.model_runner.init_weights_update_group(",
        '0:   File "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py", line 463, in init_weights_update_group',
        "0:     dist.barrier(group=self._model_update_group, device_ids=[self.gpu_id])",
        '0:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", line 83, in wrapper',
        "0:     return func(*args, **kwargs)",
        '0:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 4159, in barrier',
        "0:     work = group.barrier(opts=opts)",
        "0: torch.distributed.DistBackendError: [1] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: failed to format addr, unknown family=0",
        "0: Exception raised from format at ../torch/csrc/distributed/c10d/socket.cpp:208 (most recent call first):",
        "0: frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f6a1c96c446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "0: ",
        "0: [2025-03-05 03:55:55] Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "areal_update_from_distributed_duplicate_gpu",
    "0.5.2",
    "areal-project/AReaL#481 (`Duplicate GPU detected : rank 4 and rank 0 both on CUDA device 109000. The full weights of the ModelRunner are partially updated. Please discard the whole weights.`); sglang-0.5.2 model_runner.py `Failed to update parameter online`; NCCL invalid-usage text",
    "nccl_or_distributed",
    "AReaL on 4xH20 with the server's TP3 on the trainer's GPU: the weight-update broadcast is refused by NCCL; SGLang reports the partial update and answers 400",
    join(
        start05("2025-10-23", 4, "/storage/models/Qwen3-1.7B", "Qwen3ForCausalLM", kv_tokens=1630208),
        uvicorn_ready("2025-10-23 09:14:33", 11820, "0.0.0.0", 15000),
        *[
            f"{at('2025-10-23 09:20:11', f'TP{r}')} init custom process group: master_address=10.10.0.4, master_port=41235, rank_offset=1, rank={r + 1}, world_size=5, group_name=update_weight_group, backend=nccl"
            for r in range(4)
        ],
        access("2025-10-23 09:20:12", "POST", "/init_weights_update_group", "200 OK", "10.10.0.4:52344"),
        f"{at('2025-10-23 09:20:40', 'TP3')} Failed to update parameter online: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:77, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.27.3",
        "ncclInvalidUsage: This usually reflects invalid usage of NCCL library.",
        "Last error:",
        "Duplicate GPU detected : rank 4 and rank 0 both on CUDA device 109000. The full weights of the ModelRunner are partially updated. Please discard the whole weights.",
        access("2025-10-23 09:20:40", "POST", "/update_weights_from_distributed", "400 Bad Request", "10.10.0.4:52360"),
    ),
)

case(
    "update_from_distributed_nccl_watchdog_timeout",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_runner.py update_weights_from_distributed (blocking broadcast on `_model_update_group`); torch 2.6 ProcessGroupNCCL watchdog text; engine.py sigchld handler",
    "nccl_or_distributed",
    "the trainer died mid-sync, SGLang's side of the broadcast waits until the update group's watchdog fires and takes the scheduler down",
    join(
        start046("2025-06-03", 1, "/models/Qwen2.5-Math-7B", "Qwen2ForCausalLM"),
        f"{at('2025-06-03 16:10:44')} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f"{at('2025-06-03 16:10:45')} The server is fired up and ready to roll!",
        f"{at('2025-06-03 16:11:05')} init custom process group: master_address=10.3.0.2, master_port=23456, rank_offset=1, rank=1, world_size=2, group_name=weight_update_group, backend=nccl",
        f"{at('2025-06-03 16:11:06')} Cache flushed successfully!",
        "[rank1]:[E603 16:41:07.512334195 ProcessGroupNCCL.cpp:629] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4311, OpType=BROADCAST, NumelIn=136134656, NumelOut=136134656, Timeout(ms)=1800000) ran for 1800088 milliseconds before timing out.",
        "[rank1]:[E603 16:41:07.512592911 ProcessGroupNCCL.cpp:2168] [PG ID 1 PG GUID 1(weight_update_group) Rank 1]  failure detected by watchdog at work sequence id: 4311 PG status: last enqueued work: 4311, last completed work: 4310",
        "[rank1]:[E603 16:41:07.512614730 ProcessGroupNCCL.cpp:667] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        "[rank1]:[E603 16:41:08.128440116 ProcessGroupNCCL.cpp:681] [Rank 1] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[rank1]:[E603 16:41:08.128466385 ProcessGroupNCCL.cpp:695] [Rank 1] To avoid data inconsistency, we are taking the entire process down.",
        "[rank1]:[E603 16:41:08.131203845 ProcessGroupNCCL.cpp:1895] [PG ID 1 PG GUID 1(weight_update_group) Rank 1] Process group watchdog thread terminated with exception: [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4311, OpType=BROADCAST, NumelIn=136134656, NumelOut=136134656, Timeout(ms)=1800000) ran for 1800088 milliseconds before timing out.",
        "Exception raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:632 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f1f2b56c1b6 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x282 (0x7f1edb3f9c12 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 1 PG GUID 1(weight_update_group) Rank 1] Process group watchdog thread terminated with exception: [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4311, OpType=BROADCAST, NumelIn=136134656, NumelOut=136134656, Timeout(ms)=1800000) ran for 1800088 milliseconds before timing out.",
        "Fatal Python error: Aborted",
        "",
        f"{at('2025-06-03 16:41:09')} Child process unexpectedly failed with an exit code 134. pid=6610",
    ),
)

case(
    "update_from_distributed_oom_reported",
    "0.5.5",
    "sgl-project/sglang PR #10597 (OOM when updating weights from the trainer); sglang-0.5.5 model_runner.py:1105 (torch.empty per tensor), :1122-1128 (`Failed to update parameter online: ... Please discard the whole weights.`); scheduler_update_weights_mixin.py:63-75",
    "oom_runtime",
    "after ready, a bucketed broadcast of many tensors at once allocates every receive buffer up front: an OOM on the serving engine, reported as a failed update (HTTP 400), server still up",
    ray(
        "SGLangEngine pid=61207",
        start05(
            "2025-11-02",
            1,
            "/root/Qwen3-30B-A3B-Base",
            "Qwen3MoeForCausalLM",
            avail="78.12",
            weights_gb="56.94",
            kv_tokens=185344,
        ),
        uvicorn_ready("2025-11-02 09:14:33", 61207, "10.0.2.8", 15000),
        f"{at('2025-11-02 09:15:40')} Decode batch, #running-req: 256, #token: 171904, token usage: 0.93, cuda graph: True, gen throughput (token/s): 6120.48, #queue-req: 0, ",
        access("2025-11-02 09:22:17", "POST", "/pause_generation", "200 OK", "10.0.2.3:39114"),
        f"{at('2025-11-02 09:22:19')} Failed to update parameter online: "
        + oom(
            "1.45 GiB",
            0,
            "79.11 GiB",
            "1.02 GiB",
            ["Including non-PyTorch memory, this process has 78.07 GiB memory in use"],
            "74.39 GiB",
            "1.20 GiB",
        )
        + ". The full weights of the ModelRunner are partially updated. Please discard the whole weights.",
        f"{at('2025-11-02 09:22:19')} Failed to update parameter online: "
        + oom(
            "1.45 GiB",
            0,
            "79.11 GiB",
            "1.02 GiB",
            ["Including non-PyTorch memory, this process has 78.07 GiB memory in use"],
            "74.39 GiB",
            "1.20 GiB",
        )
        + ". The full weights of the ModelRunner are partially updated. Please discard the whole weights.",
        access("2025-11-02 09:22:19", "POST", "/update_weights_from_distributed", "400 Bad Request", "10.0.2.3:39120"),
    ),
)

case(
    "verl_resume_memory_occupation_oom",
    "0.5.5",
    "sgl-project/sglang#14092 (verl, sglang 0.5.5, torch_memory_saver 0.0.9: `CUresult error: 2 (out of memory)  file=csrc/utils.h func=cu_mem_create line=194`, `Async request to resume_memory_occupation timed out`); torch_memory_saver-0.0.9 utils.h:34/194",
    "oom_runtime",
    "after ready and a rollout, the trainer did not give its memory back: waking the engine (resume weights / KV cache) fails in cuMemCreate and the scheduler exits; verl's retries time out",
    join(
        ray(
            "SGLangHttpServer pid=250977",
            start05("2025-11-28", 1, "/data/models/Qwen2.5-7B-Instruct", "Qwen2ForCausalLM", kv_tokens=1004512),
            uvicorn_ready("2025-11-28 09:14:33", 250977, "10.0.4.11", 41103),
            f"{at('2025-11-28 15:58:02')} Decode batch, #running-req: 512, #token: 402113, token usage: 0.40, cuda graph: True, gen throughput (token/s): 14212.77, #queue-req: 0, ",
            f"{at('2025-11-28 15:58:41')} Cache flushed successfully!",
            access("2025-11-28 15:58:41", "POST", "/release_memory_occupation", "200 OK", "10.0.4.11:44196"),
            "[torch_memory_saver.cpp] CUresult error: 2 (out of memory)  file=csrc/utils.h func=cu_mem_create line=194",
        ),
        "(WorkerDict pid=209740) WARNING:2025-11-28 16:00:45,396:Async request to resume_memory_occupation timed out (attempt 1)",
        "(SGLangHttpServer pid=250976) [torch_memory_saver.cpp] CUresult error: 2 (out of memory)  file=csrc/utils.h func=cu_mem_create line=194 [repeated 7x across cluster]",
        "(WorkerDict pid=209740) WARNING:2025-11-28 16:01:48,395:Async request to resume_memory_occupation timed out (attempt 2) [repeated 4x across cluster]",
        "(WorkerDict pid=209740) WARNING:2025-11-28 16:02:53,394:Async request to resume_memory_occupation timed out (attempt 3) [repeated 4x across cluster]",
    ),
)

case(
    "multistage_resume_curesult_invalid_value",
    "0.4.6.post5",
    "verl-project/verl#1911 (multi-stage awake: `resume_memory_occupation kv_cache` then `[torch_memory_saver.cpp] CUresult error  result=1 file=csrc/torch_memory_saver.cpp func=resume line=206`); fzyzcjy/torch_memory_saver#35 (`Child process unexpectedly failed with an exit code 256`); sglang-0.4.6.post5 engine.py sigchld handler",
    "cuda_error_other",
    "after ready: resuming the KV-cache tag makes cuMemMap fail with CUDA_ERROR_INVALID_VALUE (1), not an OOM; the scheduler exits(1)",
    ray(
        "WorkerDict pid=1143757",
        start046("2025-06-08", 2, "/root/models/Qwen2.5-3B-Instruct", "Qwen2ForCausalLM"),
        f"{at('2025-06-08 16:05:10', 'TP0')} Decode batch. #running-req: 640, #token: 301212, token usage: 0.77, cuda graph: True, gen throughput (token/s): 9876.54, #queue-req: 0",
        f"{at('2025-06-08 16:05:31', 'TP0')} Cache flushed successfully!",
        "resume_memory_occupation weights",
        "resume_memory_occupation weights done",
        "resume_memory_occupation kv_cache",
        "[torch_memory_saver.cpp] CUresult error  result=1 file=csrc/torch_memory_saver.cpp func=resume line=206",
        "[torch_memory_saver.cpp] CUresult error  result=1 file=csrc/torch_memory_saver.cpp func=resume line=206",
        f"{at('2025-06-08 16:06:02')} Child process unexpectedly failed with an exit code 256. pid=1144012",
        f"{at('2025-06-08 16:06:02')} Child process unexpectedly failed with an exit code 256. pid=1144013",
    ),
)

case(
    "multistage_wake_tags_unknown_to_sglang",
    "0.4.6.post5",
    'sglang-0.4.6.post5 io_struct.py:797 (`class ResumeMemoryOccupationReqInput: pass`) vs 0.4.10.post2 engine.py:525 (`tags`); verl fsdp_sglang.py `resume_memory_occupation(tags=["weights"])` under multi_stage_wake_up, verl AsyncEngine `ResumeMemoryOccupationReqInput(tags=tags)`',
    "config_error",
    "verl's multi-stage wake needs an SGLang that knows memory tags; with 0.4.6.post5 the request object has no `tags`, so the first rollout after start-up fails with a TypeError (a library API mismatch)",
    join(
        ray(
            "WorkerDict pid=66120",
            start046("2025-07-02", 2, "/models/Qwen2.5-7B-Instruct", "Qwen2ForCausalLM"),
        ),
        "Training Progress:   0%|          | 0/435 [00:00<?, ?it/s]",
        "Error executing job with overrides: ['algorithm.adv_estimator=grpo', 'actor_rollout_ref.rollout.name=sglang', 'actor_rollout_ref.rollout.multi_stage_wake_up=True']",
        "ray.exceptions.RayTaskError(TypeError): ray::WorkerDict.actor_rollout_generate_sequences() (pid=66120, ip=10.0.0.5, actor_id=8d1f2c3b4a5e6f7081000000, repr=<verl.single_controller.ray.base.WorkerDict object at 0x7f51c4d7e830>)",
        tb(
            PY310,
            (
                f"{VERL}/single_controller/ray/base.py",
                663,
                "func",
                "return getattr(self.worker_dict[key], name)(*args, **kwargs)",
            ),
            (f"{VERL}/single_controller/base/decorator.py", 540, "inner", "return func(*args, **kwargs)"),
            (f"{VERL}/workers/fsdp_workers.py", 667, "generate_sequences", "with self.rollout_sharding_manager:"),
            (f"{VERL}/utils/debug/performance.py", 78, "f", "return self.log(decorated_function, *args, **kwargs)"),
            (f"{VERL}/utils/debug/performance.py", 88, "log", "output = func(*args, **kwargs)"),
            (
                f"{VERL}/workers/sharding_manager/fsdp_sglang.py",
                104,
                "__enter__",
                'loop.run_until_complete(self.inference_engine.resume_memory_occupation(tags=["weights"]))',
            ),
            ("/usr/lib/python3.10/asyncio/base_events.py", 649, "run_until_complete", "return future.result()"),
            (
                f"{VERL}/workers/rollout/sglang_rollout/sglang_rollout.py",
                168,
                "resume_memory_occupation",
                "obj = ResumeMemoryOccupationReqInput(tags=tags)",
            ),
        ),
        "TypeError: ResumeMemoryOccupationReqInput.__init__() got an unexpected keyword argument 'tags'",
    ),
)

case(
    "release_memory_occupation_while_busy",
    "0.5.10.post1",
    "sglang-0.5.10.post1 scheduler_update_weights_mixin.py:124-129 (`release_memory_occupation should be called only when server is idle.`), scheduler.py:3616/1299/3497/1345/1602, utils.py:646, tokenizer_manager.py:2561 (`SIGQUIT received ... It usually means one child failed.`); THUDM/slime PR #579 (release racing the rollout)",
    "config_error",
    "a colocated loop released memory while aborted requests were still running: SGLang's assertion about the caller's protocol kills the scheduler, after ready",
    ray(
        "SGLangEngine pid=88214",
        start05("2026-01-14", 1, "/root/Qwen3-4B", "Qwen3ForCausalLM", kv_tokens=512304, v0510=True),
        uvicorn_ready("2026-01-14 09:14:33", 88214, "10.0.0.7", 15000),
        f"{at('2026-01-14 10:02:55')} Decode batch, #running-req: 61, #token: 228193, token usage: 0.45, cuda graph: True, gen throughput (token/s): 3201.55, #queue-req: 0, ",
        access("2026-01-14 10:02:56", "POST", "/abort_request", "200 OK", "10.0.0.7:57212"),
        f"{at('2026-01-14 10:02:56')} Cache not flushed because there are pending requests. #queue-req: 0, #running-req: 61",
        sched_exc(
            "2026-01-14 10:02:56",
            None,
            PY312,
            INPUT0510 + (("managers/scheduler_update_weights_mixin.py", 127, "release_memory_occupation", "assert ("),),
            "AssertionError: release_memory_occupation should be called only when server is idle.",
        ),
        "",
        f"{at('2026-01-14 10:02:56')} SIGQUIT received. signum=3, frame=<frame at 0x7f3b2c0e1a40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
    ),
)

case(
    "triton_pointer_check_after_release",
    "0.5.10.post1",
    "redai-studio/Relax#282 Bug B (after release_memory_occupation a leftover prefill hits the released KV pool: `ValueError: Pointer argument (at 0) cannot be accessed from Triton (cpu tensor?)`, SIGQUIT); sglang-0.5.10.post1 scheduler.py:1350/2248/2518, schedule_batch.py:1615, mem_cache/common.py:377/98",
    "cuda_error_other",
    "after ready, a prefill scheduled just after the memory saver paused the KV / req-to-token pools: Triton's pointer check finds no device memory behind the tensor (an invalid-memory fault, not an argument error)",
    ray(
        "SGLangEngine pid=47730",
        start05(
            "2026-08-18",
            1,
            "/models/Qwen3-VL-4B-Instruct",
            "Qwen3VLForConditionalGeneration",
            kv_tokens=602112,
            v0510=True,
        ),
        uvicorn_ready("2026-08-18 09:14:33", 47730, "10.0.0.9", 15000),
        f"{at('2026-08-18 11:58:08')} Cache flushed successfully!",
        access("2026-08-18 11:58:08", "POST", "/release_memory_occupation", "200 OK", "10.0.0.9:60231"),
        sched_exc(
            "2026-08-18 11:58:09",
            None,
            PY312,
            LOOP0510
            + (
                ("managers/scheduler.py", 1350, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
                ("managers/scheduler.py", 2248, "get_next_batch_to_run", "new_batch = self.get_new_batch_prefill()"),
                ("managers/scheduler.py", 2311, "get_new_batch_prefill", "return self._get_new_batch_prefill_raw("),
                ("managers/scheduler.py", 2518, "_get_new_batch_prefill_raw", "new_batch.prepare_for_extend()"),
                (
                    "managers/schedule_batch.py",
                    1615,
                    "prepare_for_extend",
                    "out_cache_loc, req_pool_indices_tensor, req_pool_indices = alloc_for_extend(",
                ),
                ("mem_cache/common.py", 377, "alloc_for_extend", "write_cache_indices("),
                (
                    "mem_cache/common.py",
                    98,
                    "write_cache_indices",
                    "write_req_to_token_pool_triton[(req_pool_indices_tensor.shape[0],)](",
                ),
                (
                    "+triton/runtime/jit.py",
                    419,
                    "<lambda>",
                    "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
                ),
                (
                    "+triton/runtime/jit.py",
                    756,
                    "run",
                    "kernel.run(grid_0, grid_1, grid_2, stream, kernel.function, kernel.packed_metadata, launch_metadata,",
                ),
                (
                    "+triton/backends/nvidia/driver.py",
                    713,
                    "__call__",
                    "self.launch(gridX, gridY, gridZ, stream, function, self.launch_cooperative_grid, self.launch_pdl, *args)",
                ),
            ),
            "ValueError: Pointer argument (at 0) cannot be accessed from Triton (cpu tensor?)",
        ),
        "",
        f"{at('2026-08-18 11:58:09')} SIGQUIT received. signum=3, frame=<frame at 0x7f0d5a2f3c40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
    ),
)

case(
    "misaligned_address_after_tms_resume",
    "0.5.10.post1",
    "sgl-project/sglang PR #32718 (colocated RL: after TMS pause/resume of the cuda_graph region, replays read garbage: `CUDA error: misaligned address` within a few steps); sglang-0.5.10.post1 scheduler.py:2684, tp_worker.py:469, model_runner.py:2739/2804; torch 2.9 AcceleratorError text",
    "cuda_error_other",
    "a few RL steps after ready, the first decode replay after a wake faults on device: a CUDA runtime fault, no memory pressure",
    ray(
        "SGLangEngine pid=30988",
        start05(
            "2026-07-29",
            1,
            "/models/GLM-4.7-Flash",
            "Glm4MoeLiteForCausalLM",
            kv_tokens=880640,
            extra_args="attention_backend='trtllm_mla', ",
            v0510=True,
        ),
        uvicorn_ready("2026-07-29 09:14:33", 30988, "10.0.0.4", 15000),
        access("2026-07-29 10:41:20", "POST", "/resume_memory_occupation", "200 OK", "10.0.0.4:51022"),
        access("2026-07-29 10:41:27", "POST", "/update_weights_from_tensor", "200 OK", "10.0.0.4:51030"),
        f"{at('2026-07-29 10:41:28')} Prefill batch, #new-seq: 64, #new-token: 16384, #cached-token: 0, token usage: 0.02, #running-req: 0, #queue-req: 448, ",
        sched_exc(
            "2026-07-29 10:41:29",
            None,
            PY312,
            LOOP0510
            + (
                ("managers/scheduler.py", 1358, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
                (
                    "managers/scheduler.py",
                    2684,
                    "run_batch",
                    "batch_result = self.model_worker.forward_batch_generation(",
                ),
                ("managers/tp_worker.py", 469, "forward_batch_generation", "out = self.model_runner.forward("),
                ("model_executor/model_runner.py", 2739, "forward", "output = self._forward_raw("),
                ("model_executor/model_runner.py", 2804, "_forward_raw", "ret = self.graph_runner.replay("),
                ("model_executor/cuda_graph_runner.py", 1013, "replay", "self.graphs[graph_key].replay()"),
                ("+torch/cuda/graphs.py", 114, "replay", "super().replay()"),
            ),
            cuda_err("misaligned address", "cudaErrorMisalignedAddress"),
        ),
        "",
        f"{at('2026-07-29 10:41:29')} SIGQUIT received. signum=3, frame=<frame at 0x7f8812c4da40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
    ),
)

case(
    "illegal_memory_access_after_update_from_disk",
    "0.5.2",
    "sgl-project/sglang#11289 (update_weights_from_disk() results in a fatal server crash for gpt-oss), PRs #11780 / #12060 (recapture cuda graph after weight update); sglang-0.5.2 tp_worker_overlap_thread.py:138-148 (`TpModelWorkerClient hit an exception`), tokenizer_manager.py:1696 running-phase sigquit text",
    "cuda_error_other",
    "after ready, the weights are reloaded from disk and the next decode's graph replay reads freed addresses: an illegal memory access in the forward thread",
    join(
        start05("2025-10-07", 1, "openai/gpt-oss-20b", "GptOssForCausalLM", kv_tokens=1481216),
        uvicorn_ready("2025-10-07 09:14:33", 5521, "0.0.0.0", 30000),
        f"{at('2025-10-07 09:20:02')} Start update_weights. Load format=auto",
        f"{at('2025-10-07 09:20:02')} Update engine weights online from disk begin. avail mem=11.02 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 3/3 [00:02<00:00,  1.12it/s]",
        f"{at('2025-10-07 09:20:05')} Update weights end.",
        f"{at('2025-10-07 09:20:05')} Cache flushed successfully!",
        access("2025-10-07 09:20:05", "POST", "/update_weights_from_disk", "200 OK", "127.0.0.1:40112"),
        f"{at('2025-10-07 09:20:06')} Prefill batch. #new-seq: 1, #new-token: 57, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{at('2025-10-07 09:20:06')} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY310,
            ("managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            (
                "managers/tp_worker_overlap_thread.py",
                174,
                "forward_thread_func_",
                "self.worker.forward_batch_generation(",
            ),
            (
                "managers/tp_worker.py",
                248,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("model_executor/model_runner.py", 1861, "forward", "output = self._forward_raw("),
            ("model_executor/model_runner.py", 1896, "_forward_raw", "ret = self.graph_runner.replay("),
            ("model_executor/cuda_graph_runner.py", 797, "replay", "self.graphs[self.bs].replay()"),
            ("+torch/cuda/graphs.py", 88, "replay", "super().replay()"),
        ),
        cuda_err("an illegal memory access was encountered", "cudaErrorIllegalAddress"),
        "",
        f"{at('2025-10-07 09:20:06')} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "update_from_tensor_oom_scheduler_crash",
    "0.4.6.post5",
    "sglang-0.4.6.post5 scheduler.py:2033-2035, tp_worker_overlap_thread.py:254, tp_worker.py:255, model_runner.py:742-743/1297 (`_unwrap_tensor` -> `tensor.to(torch.cuda.current_device())`, not caught); sgl-project/sglang#4551 (tensors on CPU), PR #8203 (OOM after update_weights_from_tensor in verl)",
    "oom_runtime",
    "after ready and a rollout, verl pushes CPU-offloaded actor tensors: the copy onto the engine's GPU runs out of memory inside the scheduler, which dies",
    ray(
        "WorkerDict pid=19833",
        start046("2025-06-21", 2, "/models/Qwen2.5-14B-Instruct", "Qwen2ForCausalLM"),
        f"{at('2025-06-21 16:07:12', 'TP0')} Decode batch. #running-req: 384, #token: 355104, token usage: 0.91, cuda graph: True, gen throughput (token/s): 7211.30, #queue-req: 0",
        f"{at('2025-06-21 16:08:01', 'TP0')} Cache flushed successfully!",
        sched_exc(
            "2025-06-21 16:09:44",
            "TP1",
            PY310,
            LOOP046
            + (
                (
                    "managers/scheduler.py",
                    2035,
                    "update_weights_from_tensor",
                    "success, message = self.tp_worker.update_weights_from_tensor(recv_req)",
                ),
                (
                    "managers/tp_worker_overlap_thread.py",
                    254,
                    "update_weights_from_tensor",
                    "success, message = self.worker.update_weights_from_tensor(recv_req)",
                ),
                (
                    "managers/tp_worker.py",
                    255,
                    "update_weights_from_tensor",
                    "success, message = self.model_runner.update_weights_from_tensor(",
                ),
                ("model_executor/model_runner.py", 742, "update_weights_from_tensor", "named_tensors = ["),
                (
                    "model_executor/model_runner.py",
                    743,
                    "<listcomp>",
                    "(name, _unwrap_tensor(tensor, tp_rank=self.tp_rank))",
                ),
                (
                    "model_executor/model_runner.py",
                    1297,
                    "_unwrap_tensor",
                    "return tensor.to(torch.cuda.current_device())",
                ),
            ),
            "torch.OutOfMemoryError: "
            + oom(
                "1.45 GiB",
                1,
                "79.33 GiB",
                "1.12 GiB",
                ["Process 19833 has 44.10 GiB memory in use", "Process 20114 has 34.08 GiB memory in use"],
                "32.61 GiB",
                "402.00 MiB",
            ),
        ),
        "",
        f"{at('2025-06-21 16:09:44')} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "decode_allocation_raises_after_retractions",
    "0.5.5",
    "sglang-0.5.5 mem_cache/common.py:391-415 (`Decode out of memory. Try to lower your batch size.` + available_and_evictable_str, RuntimeError), :444, schedule_batch.py:1614, scheduler.py:985/1684/1935, the retraction line at :1918",
    "oom_runtime",
    "a long-tail rollout under --page-size 64: SGLang retracts twice, then the paged decode allocation itself fails and is raised; a crash of the serving engine on KV exhaustion",
    ray(
        "SGLangEngine pid=51733",
        start05(
            "2025-12-09", 1, "/root/DeepSeek-R1-Distill-Qwen-7B", "Qwen2ForCausalLM", kv_tokens=1004544, page_size=64
        ),
        uvicorn_ready("2025-12-09 09:14:33", 51733, "10.0.0.14", 15000),
        f"{at('2025-12-09 10:30:02')} Decode batch, #running-req: 1024, #token: 998400, token usage: 0.99, cuda graph: False, gen throughput (token/s): 9120.44, #queue-req: 112, ",
        f"{at('2025-12-09 10:30:04')} KV cache pool is full. Retract requests. #retracted_reqs: 41, #new_token_ratio: 0.3312 -> 0.5087",
        f"{at('2025-12-09 10:30:19')} KV cache pool is full. Retract requests. #retracted_reqs: 17, #new_token_ratio: 0.4718 -> 0.6504",
        f"{at('2025-12-09 10:30:31')} Decode out of memory. Try to lower your batch size.",
        "Try to allocate 966 tokens.",
        "Available tokens: 512 (available_size=512 + evictable_size=0)",
        "",
        "#tokens: 0",
        sched_exc(
            "2025-12-09 10:30:31",
            None,
            PY312,
            LOOP055[:2]
            + (
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
            "RuntimeError: Decode out of memory. Try to lower your batch size.\nTry to allocate 966 tokens.\nAvailable tokens: 512 (available_size=512 + evictable_size=0)\n",
        ),
        "",
        f"{at('2025-12-09 10:30:31')} SIGQUIT received. signum=3, frame=<frame at 0x7f22d01b3a40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
    ),
)

case(
    "rocm_rollout_forward_hip_oom",
    "0.4.6.post5",
    "sglang-0.4.6.post5 (ROCm image) tp_worker_overlap_thread.py `TpModelWorkerClient hit an exception`; torch ROCm OutOfMemoryError spelling (`HIP out of memory`, PYTORCH_HIP_ALLOC_CONF); verl on MI300X keeps the actor resident (no memory saver on ROCm 6.3)",
    "oom_runtime",
    "after ready on MI300X, the trainer's memory was never released (free_cache_engine off): a large prefill runs out of HIP memory in the forward thread",
    ray(
        "WorkerDict pid=7731",
        start046("2025-06-30", 1, "/models/Qwen2.5-32B-Instruct", "Qwen2ForCausalLM", mem_frac=0.4),
        f"{at('2025-06-30 16:04:40')} Prefill batch. #new-seq: 32, #new-token: 8192, #cached-token: 2048, token usage: 0.62, #running-req: 230, #queue-req: 282",
        f"{at('2025-06-30 16:04:41')} TpModelWorkerClient hit an exception: {TB}",
        tb(
            ROCM310,
            ("managers/tp_worker_overlap_thread.py", 123, "forward_thread_func", "self.forward_thread_func_()"),
            ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            (
                "managers/tp_worker_overlap_thread.py",
                154,
                "forward_thread_func_",
                "logits_output, next_token_ids = self.worker.forward_batch_generation(",
            ),
            (
                "managers/tp_worker.py",
                190,
                "forward_batch_generation",
                "logits_output = self.model_runner.forward(forward_batch)",
            ),
            ("model_executor/model_runner.py", 1199, "forward", "return self.forward_extend("),
            ("model_executor/model_runner.py", 1158, "forward_extend", "return self.model.forward("),
            (
                "models/qwen2.py",
                425,
                "forward",
                "hidden_states = self.model(input_ids, positions, forward_batch, input_embeds)",
            ),
            ("models/qwen2.py", 329, "forward", "hidden_states, residual = layer("),
            ("models/qwen2.py", 249, "forward", "hidden_states = self.mlp(hidden_states)"),
            ("models/qwen2.py", 92, "forward", "gate_up, _ = self.gate_up_proj(x)"),
        ),
        "torch.OutOfMemoryError: "
        + oom("3.38 GiB", 0, "191.98 GiB", "1.41 GiB", [], "183.90 GiB", "2.27 GiB", hip=True),
        "",
        f"{at('2025-06-30 16:04:41')} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "release_barrier_gloo_peer_closed",
    "0.5.5",
    "sglang-0.5.5 scheduler_update_weights_mixin.py:106-130 (`torch.distributed.barrier(self.tp_cpu_group)` before pausing weights), scheduler.py:2826/983/1128, utils.py:496; gloo tcp/pair.cc `Connection closed by peer`",
    "nccl_or_distributed",
    "after ready, the release request reaches TP0 while TP1's process is gone: the CPU (gloo) barrier of the TP group fails",
    ray(
        "SGLangHttpServer pid=310221",
        start05("2025-12-01", 2, "/data/models/Qwen3-14B", "Qwen3ForCausalLM", kv_tokens=755712),
        uvicorn_ready("2025-12-01 09:14:33", 310221, "10.0.4.15", 40217),
        f"{at('2025-12-01 11:12:52', 'TP0')} Cache flushed successfully!",
        sched_exc(
            "2025-12-01 11:12:53",
            "TP0",
            PY312,
            LOOP055
            + (
                (
                    "managers/scheduler_update_weights_mixin.py",
                    129,
                    "release_memory_occupation",
                    "torch.distributed.barrier(self.tp_cpu_group)",
                ),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                ("+torch/distributed/distributed_c10d.py", 4811, "barrier", "work.wait()"),
            ),
            "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.0.4.15]:62311",
        ),
        "",
        f"{at('2025-12-01 11:12:53')} SIGQUIT received. signum=3, frame=<frame at 0x7f51a2b1c040, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
    ),
)

case(
    "journald_update_from_disk_oom_rolled_back",
    "0.5.2",
    "sglang-0.5.2 model_runner.py update_weights_from_disk (`Update engine weights online from disk begin.`, `Failed to update weights: {e}.\\nRolling back to original weights.`), scheduler_update_weights_mixin.py (logger.error(message)), tokenizer_manager `Start update_weights. Load format=`; journald prefix",
    "oom_runtime",
    "a systemd-run server behind an RL loop that reloads checkpoints from disk: loading the new step runs out of memory while serving; SGLang rolls back and keeps the old weights (HTTP 400)",
    "\n".join(
        f"Oct 14 09:{line}"
        for line in [
            f"12:01 gpu-node-7 python3[48211]: {at('2025-10-14 09:12:01')} Start update_weights. Load format=auto",
            f"12:01 gpu-node-7 python3[48211]: {at('2025-10-14 09:12:01')} Update engine weights online from disk begin. avail mem=3.12 GB",
            "12:02 gpu-node-7 python3[48211]: Loading safetensors checkpoint shards:  25% Completed | 1/4 [00:01<00:04,  1.47s/it]",
            f"12:09 gpu-node-7 python3[48211]: {at('2025-10-14 09:12:09')} Failed to update weights: "
            + oom(
                "2.32 GiB",
                0,
                "79.19 GiB",
                "1.87 GiB",
                ["Including non-PyTorch memory, this process has 77.30 GiB memory in use"],
                "74.02 GiB",
                "1.60 GiB",
            )
            + ".",
            "12:09 gpu-node-7 python3[48211]: Rolling back to original weights.",
            f'12:15 gpu-node-7 python3[48211]: {at("2025-10-14 09:12:15")} INFO:     127.0.0.1:40122 - "POST /update_weights_from_disk HTTP/1.1" 400 Bad Request',
        ]
    ),
)

# ===================================================================================================== healthy
case(
    "healthy_verl_engine_sleep_wake_with_retraction",
    "0.4.6.post5",
    "sglang-0.4.6.post5 scheduler.py:1518 (`Decode out of memory happened. #retracted_reqs: ...`), :1146/1201 prefill / decode lines, flush_cache `Cache flushed successfully!`; verl sharding-manager memory lines (fsdp_sglang.py log_gpu_memory_usage); Awesome-ML-SYS-Tutorial#106 (the NumPy writable UserWarning from sglang/srt/utils.py:888)",
    "healthy",
    "an Engine in a verl worker: start-up, two rollouts with retraction under load (0.4.x's `Decode out of memory happened`), a sleep / wake cycle and a weight sync; nothing fails",
    join(
        ray(
            "WorkerDict pid=12193",
            start046("2025-05-09", 2, "/models/Qwen2.5-7B-Instruct", "Qwen2ForCausalLM"),
            "self.sampling_params={'n': 5, 'max_new_tokens': 1024, 'presence_penalty': 0.0, 'frequency_penalty': 0.0, 'repetition_penalty': 1.0, 'temperature': 1.0, 'top_k': -1, 'top_p': 1, 'ignore_eos': False}",
            f"{PY310}/sglang/srt/utils.py:888: UserWarning: The given NumPy array is not writable, and PyTorch does not support non-writable tensors. This means writing to this tensor will result in undefined behavior. You may want to copy the array to protect its data or make it writable before converting it to a tensor. This type of warning will be suppressed for the rest of this program. (Triggered internally at /opt/pytorch/pytorch/torch/csrc/utils/tensor_numpy.cpp:203.)",
            "  tensor_data = torch.ByteTensor(",
            f"{at('2025-05-09 16:03:10', 'TP0')} Prefill batch. #new-seq: 40, #new-token: 8192, #cached-token: 4215, token usage: 0.12, #running-req: 600, #queue-req: 1960",
            f"{at('2025-05-09 16:03:31', 'TP0')} Decode batch. #running-req: 2560, #token: 388922, token usage: 1.00, cuda graph: False, gen throughput (token/s): 21041.83, #queue-req: 0",
            f"{at('2025-05-09 16:03:32', 'TP0')} Decode out of memory happened. #retracted_reqs: 112, #new_token_ratio: 0.4127 -> 0.6000",
            f"{at('2025-05-09 16:03:40', 'TP0')} Decode out of memory happened. #retracted_reqs: 35, #new_token_ratio: 0.5884 -> 0.7750",
            f"{at('2025-05-09 16:03:58', 'TP0')} Decode batch. #running-req: 1388, #token: 301771, token usage: 0.78, cuda graph: False, gen throughput (token/s): 18880.12, #queue-req: 147",
            f"{at('2025-05-09 16:04:44', 'TP0')} Cache flushed successfully!",
            f"{at('2025-05-09 16:04:44', 'TP1')} Cache flushed successfully!",
            "After offload_param in sharding manager memory, memory allocated (GB): 0.33, memory reserved (GB): 1.21, device memory used/total (GB): 6.02/79.11",
            "Before resume SGLang weights + kv_cache in sharding manager, memory allocated (GB): 15.24, memory reserved (GB): 16.50, device memory used/total (GB): 21.37/79.11",
            "After sync model weights in sharding manager, memory allocated (GB): 15.24, memory reserved (GB): 16.50, device memory used/total (GB): 62.40/79.11",
            f"{at('2025-05-09 16:06:02', 'TP0')} Prefill batch. #new-seq: 40, #new-token: 8192, #cached-token: 4180, token usage: 0.11, #running-req: 600, #queue-req: 1960",
            f"{at('2025-05-09 16:06:25', 'TP0')} Decode batch. #running-req: 2560, #token: 381514, token usage: 0.98, cuda graph: False, gen throughput (token/s): 20577.09, #queue-req: 0",
        ),
        "(TaskRunner pid=10932) step:2 - global_seqlen/min:542102.000 - global_seqlen/max:550812.000 - actor/entropy_loss:0.556 - actor/pg_loss:0.010 - perf/max_memory_allocated_gb:26.904 - perf/max_memory_reserved_gb:65.512 - response_length/mean:318.616",
    ),
)

case(
    "healthy_slime_colocated_tms_margin_lines",
    "0.5.10.post1",
    "torch_memory_saver 0.0.10 wheel strings (`cuMemCreate CUDA_ERROR_OUT_OF_MEMORY (may not be an issue e.g. torch allocator will free cache and retry)`, `TorchMemorySaver::malloc return OOM since memory_margin_bytes=`); THUDM/slime#537 (`as long as it do not make your process terminate then this is expected`), slime#1767 (margin line on MegatronTrainRayActor), slime#1497 (SGLangEngine / RolloutManager interleaving); sglang-0.5.10.post1 request_logger.py `Finish: obj=` (weight_version), retraction line",
    "healthy",
    "a colocated slime run: the trainer's and the engine's memory-saver margin lines, retraction under rollout load, release / resume / update requests answered 200 and requests finishing on the new weight version",
    join(
        ray(
            "SGLangEngine pid=516714",
            start05("2026-01-27", 1, "/root/Qwen3-4B", "Qwen3ForCausalLM", kv_tokens=498112, v0510=True),
            uvicorn_ready("2026-01-27 09:14:33", 516714, "33.184.121.56", 15000),
            f"{at('2026-01-27 09:49:12')} Decode batch, #running-req: 311, #token: 497010, token usage: 1.00, cuda graph: True, gen throughput (token/s): 5108.26, #queue-req: 37, ",
            f"{at('2026-01-27 09:49:13')} KV cache pool is full. Retract requests. #retracted_reqs: 7, #new_token_ratio: 0.5214 -> 0.7000",
            f"{at('2026-01-27 09:49:40')} Decode batch, #running-req: 288, #token: 402311, token usage: 0.81, cuda graph: True, gen throughput (token/s): 4876.02, #queue-req: 0, ",
            f'{at("2026-01-27 09:50:01")} INFO:     33.184.121.56:52462 - "POST /abort_request HTTP/1.1" 200 OK',
            f"{at('2026-01-27 09:50:01')} Cache flushed successfully!",
            f'{at("2026-01-27 09:50:02")} INFO:     33.184.121.56:52470 - "POST /release_memory_occupation HTTP/1.1" 200 OK',
        ),
        "(RolloutManager pid=516378) [2026-01-27 09:50:01] sglang_rollout.py:311 - Abort request for http://33.184.121.56:15000",
        "(MegatronTrainRayActor pid=516102) [torch_memory_saver.cpp] cuMemCreate CUDA_ERROR_OUT_OF_MEMORY (may not be an issue e.g. torch allocator will free cache and retry)",
        "(MegatronTrainRayActor pid=516102) [torch_memory_saver.cpp] TorchMemorySaver::malloc return OOM since memory_margin_bytes=1073741824 (alloc)size=2147483648 free_bytes=1811939328 [repeated 3x across cluster]",
        "(MegatronTrainRayActor pid=516102) [2026-01-27 09:52:40] timer.py:24 - Timer train end (elapsed: 151.2s)",
        ray(
            "SGLangEngine pid=516714",
            f'{at("2026-01-27 09:52:44")} INFO:     33.184.121.56:52488 - "POST /resume_memory_occupation HTTP/1.1" 200 OK',
            "[torch_memory_saver.cpp] cuMemCreate CUDA_ERROR_OUT_OF_MEMORY (may not be an issue e.g. torch allocator will free cache and retry)",
            f'{at("2026-01-27 09:52:49")} INFO:     33.184.121.56:52496 - "POST /update_weights_from_tensor HTTP/1.1" 200 OK',
            f'{at("2026-01-27 09:52:50")} INFO:     33.184.121.56:52502 - "GET /get_weight_version HTTP/1.1" 200 OK',
            f"{at('2026-01-27 09:52:55')} Prefill batch, #new-seq: 64, #new-token: 16384, #cached-token: 0, token usage: 0.03, #running-req: 0, #queue-req: 192, ",
            f"{at('2026-01-27 09:53:30')} Finish: obj=GenerateReqInput(validation_time=None, received_time=1769496775.2, rid='f3a1c0d2e4b5', text=None, input_ids=[151644, 872, 198, '... 508 more'], sampling_params={{'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 8192}}, return_logprob=True, stream=False), out={{'text': ' ...', 'output_ids': [151667, 198, '... 4093 more'], 'meta_info': {{'id': 'f3a1c0d2e4b5', 'finish_reason': {{'type': 'length', 'length': 8192}}, 'prompt_tokens': 511, 'weight_version': '14', 'total_retractions': 1, 'completion_tokens': 8192, 'cached_tokens': 0, 'e2e_latency': 35.2}}}}",
        ),
    ),
)

case(
    "healthy_verl_memory_saver_not_effective",
    "0.4.6.post5",
    "torch_memory_saver 0.0.6 __init__.py:64-65 (`TorchMemorySaver is disabled for the current process because invalid LD_PRELOAD=...`, cf. fzyzcjy/torch_memory_saver PR #12); sglang-0.4.6.post5 torch_memory_saver_adapter.py:33-36 (`... will not save memory because torch_memory_saver is not enabled`), scheduler.py:2049-2067 (check_validity on release / resume)",
    "healthy",
    "the memory saver is not active in the engine (LD_PRELOAD missing), so release / resume only warn that nothing is saved; the engine keeps generating and the trainer had room anyway",
    ray(
        "WorkerDict pid=88104",
        'WARNING:torch_memory_saver:TorchMemorySaver is disabled for the current process because invalid LD_PRELOAD="" (process_id=88104)',
        start046("2025-05-15", 1, "/models/Qwen2.5-1.5B-Instruct", "Qwen2ForCausalLM", mem_frac=0.4, kv_tokens=1011712),
        f"{at('2025-05-15 16:03:01')} Prefill batch. #new-seq: 256, #new-token: 8192, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 768",
        f"{at('2025-05-15 16:03:19')} Decode batch. #running-req: 1024, #token: 511230, token usage: 0.51, cuda graph: True, gen throughput (token/s): 30412.55, #queue-req: 0",
        f"{at('2025-05-15 16:03:40')} `release_memory_occupation` will not save memory because torch_memory_saver is not enabled. Potential causes: `enable_memory_saver` is false, or torch_memory_saver has installation issues.",
        f"{at('2025-05-15 16:03:40')} Cache flushed successfully!",
        "After offload_param in sharding manager memory, memory allocated (GB): 0.21, memory reserved (GB): 0.88, device memory used/total (GB): 41.73/79.11",
        f"{at('2025-05-15 16:05:02')} `resume_memory_occupation` will not save memory because torch_memory_saver is not enabled. Potential causes: `enable_memory_saver` is false, or torch_memory_saver has installation issues.",
        f"{at('2025-05-15 16:05:05')} Prefill batch. #new-seq: 256, #new-token: 8192, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 768",
        f"{at('2025-05-15 16:05:22')} Decode batch. #running-req: 1024, #token: 509887, token usage: 0.50, cuda graph: True, gen throughput (token/s): 30977.10, #queue-req: 0",
    ),
)

case(
    "healthy_update_from_disk_with_weight_version",
    "0.5.5",
    "sglang-0.5.5 scheduler.py:2201-2206 (`Cache not flushed because there are pending requests.`), tokenizer_manager.py:1177 (`Start update_weights. Load format=%s`), :1424 (`Received output for rid=... but the state was deleted in TokenizerManager.`), model_runner.py `Update engine weights online from disk begin.` / `Update weights end.`, http_server.py weight_version on update",
    "healthy",
    "an RL loop on the HTTP server: a flush refused while requests run, aborts racing their outputs, then a clean reload from disk with a weight version; serving goes on",
    join(
        start05("2025-11-06", 1, "/ckpt/step_0", "Qwen3ForCausalLM", kv_tokens=1243576),
        uvicorn_ready("2025-11-06 09:14:33", 7310, "0.0.0.0", 30000),
        f"{at('2025-11-06 09:30:11')} Decode batch, #running-req: 14, #token: 40552, token usage: 0.03, cuda graph: True, gen throughput (token/s): 1402.81, #queue-req: 0, ",
        f"{at('2025-11-06 09:30:12')} Cache not flushed because there are pending requests. #queue-req: 0, #running-req: 14",
        access("2025-11-06 09:30:12", "POST", "/flush_cache", "400 Bad Request", "127.0.0.1:40002"),
        access("2025-11-06 09:30:12", "POST", "/abort_request", "200 OK", "127.0.0.1:40004"),
        f"{at('2025-11-06 09:30:12')} Received output for rid='8c2f1e0d9b7a4c3e' but the state was deleted in TokenizerManager.",
        f"{at('2025-11-06 09:30:12')} Received output for rid='d41e7b2a0c6f4e19' but the state was deleted in TokenizerManager.",
        f"{at('2025-11-06 09:30:13')} Start update_weights. Load format=auto",
        f"{at('2025-11-06 09:30:13')} Update engine weights online from disk begin. avail mem=11.27 GB",
        f"{at('2025-11-06 09:30:13')} Using model weights format ['*.safetensors']",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:04<00:00,  1.02s/it]",
        f"{at('2025-11-06 09:30:17')} Update weights end.",
        f"{at('2025-11-06 09:30:17')} Cache flushed successfully!",
        access("2025-11-06 09:30:17", "POST", "/update_weights_from_disk", "200 OK", "127.0.0.1:40006"),
        access("2025-11-06 09:30:17", "GET", "/get_weight_version", "200 OK", "127.0.0.1:40008"),
        f"{at('2025-11-06 09:30:18')} Prefill batch, #new-seq: 64, #new-token: 8192, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 192, ",
        f"{at('2025-11-06 09:30:41')} Decode batch, #running-req: 256, #token: 301992, token usage: 0.24, cuda graph: True, gen throughput (token/s): 11210.37, #queue-req: 0, ",
    ),
)

case(
    "healthy_weight_sync_group_with_barrier_warnings",
    "0.5.2",
    "sglang-0.5.2 model_runner.py:897 (`init custom process group: ...`), scheduler_update_weights_mixin.py (update_weights_from_distributed + flush); torch ProcessGroupNCCL `using GPU 0 to perform barrier as devices used by this process are currently unknown` warning (the text in sglang#4096's log), NCCL INFO lines",
    "healthy",
    "a non-colocated AReaL-style run: the update group forms with NCCL's INFO chatter and torch's barrier-device warning, then every bucket is broadcast and answered 200",
    join(
        start05("2025-10-20", 1, "/storage/models/Qwen2.5-1.5B-Instruct", "Qwen2ForCausalLM", kv_tokens=2420480),
        uvicorn_ready("2025-10-20 09:14:33", 9022, "0.0.0.0", 15000),
        f"{at('2025-10-20 09:20:11')} init custom process group: master_address=10.10.0.4, master_port=41235, rank_offset=1, rank=1, world_size=2, group_name=update_weight_group, backend=nccl",
        "gpu-2:9022:9188 [0] NCCL INFO Bootstrap: Using eth0:10.10.0.5<0>",
        "gpu-2:9022:9188 [0] NCCL INFO NCCL_IB_DISABLE set by environment to 1.",
        "gpu-2:9022:9188 [0] NCCL INFO NET/Socket : Using [0]eth0:10.10.0.5<0>",
        "gpu-2:9022:9188 [0] NCCL INFO Using network Socket",
        "[rank1]:[W1020 09:20:12.660097061 ProcessGroupNCCL.cpp:4718] [PG ID 1 PG GUID update_weight_group Rank 1]  using GPU 0 to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect. Specify device_ids in barrier() to force use of a particular device, or call init_process_group() with a device_id.",
        "gpu-2:9022:9188 [0] NCCL INFO Connected all rings, use ring PXN 0 GDR 0",
        "gpu-2:9022:9188 [0] NCCL INFO ncclCommInitRankConfig comm 0x55d0c1a2b3c0 rank 1 nranks 2 cudaDev 0 nvmlDev 0 busId 18000 commId 0x9e1f2a3b4c5d6e7f - Init COMPLETE",
        access("2025-10-20 09:20:12", "POST", "/init_weights_update_group", "200 OK", "10.10.0.4:52344"),
        access("2025-10-20 09:20:40", "POST", "/pause_generation", "200 OK", "10.10.0.4:52350"),
        f"{at('2025-10-20 09:20:41')} Cache flushed successfully!",
        access("2025-10-20 09:20:41", "POST", "/update_weights_from_distributed", "200 OK", "10.10.0.4:52360"),
        f"{at('2025-10-20 09:20:42')} Cache flushed successfully!",
        access("2025-10-20 09:20:42", "POST", "/update_weights_from_distributed", "200 OK", "10.10.0.4:52366"),
        access("2025-10-20 09:20:42", "POST", "/continue_generation", "200 OK", "10.10.0.4:52370"),
        f"{at('2025-10-20 09:20:44')} Decode batch, #running-req: 128, #token: 180224, token usage: 0.07, cuda graph: True, gen throughput (token/s): 8120.66, #queue-req: 0, ",
    ),
)


# ------------------------------------------------------------------------------------------------------ tests
# First sight's misses, less what was fixed since: two of the four misses were fixed after the round was scored: the dynamic loader unable to start a process
# (`config.INTERPRETER`), and an online weight update read as proof the server is up (`phases.ONLINE_UPDATE_LINE`);
# tests/test_logwatch_families.py has variants.
XFAIL: dict[str, str] = {  # filled after the ONE first-sight run: case -> label the classifier gave
    "triton_pointer_check_after_release": "config_error",
    "weights_update_group_client_socket_timeout": "healthy",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_rl_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}  # healthy cases that fire a failure event on the way: case -> event label


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_rl_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
