"""SGLang on older or smaller NVIDIA GPUs (A100, A10G, RTX A6000, RTX 3090/4090, L4, T4, V100), as it shows in the log.

SYNTHETIC: written blind by a helper (without reading the classifier) from real release text. Each case is an
excerpt an operator could have pasted: the start-up lines, then what happened.

Scope. What these GPUs lack: Volta refused outright (`SGLang only supports sm75 and above.`), bf16 on Turing (SGLang
casts to float16 and says so), FP8 before Ada (the fp8 / awq_marlin minimum-capability check, Triton's `fp8e4nv` on
sm80 in the fused-MoE kernel, the Marlin weight-only fallback warning), FA3 with MLA and FlashMLA off Hopper (the
fa3 assertion, FlashMLA's metadata kernel without an sm80 image), Triton's shared-memory limit on sm86/sm89 (101376
bytes) under load. Small memory at each start-up phase: a 14B model on one 24 GB card (weights), a low
--mem-fraction-static on an L4 (`Not enough memory`), another process taking memory while the KV pool is allocated
(A10G), graph capture on a 3090 and a T4, FlashInfer's workspace on a T4 at 0.97. PCIe without P2P: custom
all-reduce opening CUDA IPC handles between 4090s / Kaggle T4s (SGLang patches the P2P check to True unless
--enable-p2p-check), NCCL hanging on a patched-P2P 4090 box (Ctrl-C tracebacks), NCCL's /dev/shm under Docker
Desktop on WSL2, the TP memory-balance check when GPU0 drives a desktop. Consumer drivers: a GeForce box on a
CUDA 11.4 driver. After ready: Triton shared memory on the first concurrent prefill (sglang#5995), an A10G OOM on a
full-logprob prompt, an illegal memory access and an unspecified launch failure on GeForce cards, an uncorrectable
ECC error on an A100, a second server on the same HTTP port. Four healthy contrasts: a T4 in float16 with decode
retractions, two 4090s with --enable-p2p-check (custom all-reduce disabled), four A100 PCIe with FP8 through Marlin
and `KV cache pool is full. Retract requests.`, four 3090s whose default-MoE-config warning crashes Python's logging
(0.4.6.post5 passes two arguments to one `%s`: a `--- Logging error ---` traceback with a TypeError, harmless).

Sources. Wheels (pip download --no-deps sglang==V): 0.3.6 (srt/server.py, managers/scheduler.py with its
`DP-1 TP0` prefix, model_executor/model_runner.py, cuda_graph_runner.py, utils.py monkey_patch_vllm_p2p_access_check),
0.4.3.post2 (managers/scheduler.py, model_runner.py, mem_cache/memory_pool.py, layers/attention/flashinfer_backend.py,
distributed/device_communicators/custom_all_reduce.py + cuda_wrapper.py, model_loader/loader.py, entrypoints/engine.py
with its `child proces.` typo), 0.4.6.post5 (scheduler.py, tp_worker_overlap_thread.py, model_runner.py,
cuda_graph_runner.py, layers/moe/fused_moe_triton/fused_moe.py + layer.py, compressed_tensors_moe.py, models/llama.py,
qwen2.py, qwen3_moe.py, qwen2_moe.py, layers/linear.py, activation.py, distributed/device_communicators/pynccl.py +
pynccl_wrapper.py + custom_all_reduce.py + custom_all_reduce_utils.py, parallel_state.py, entrypoints/engine.py,
http_server.py, tokenizer_manager.py), 0.5.2 (scheduler.py, scheduler_metrics_mixin.py, scheduler_output_processor_mixin.py,
tp_worker_overlap_thread.py, model_runner.py, cuda_graph_runner.py, server_args.py, layers/quantization/fp8.py +
marlin_utils_fp8.py, layers/moe/fused_moe_triton/* and moe_runner/*, flashmla_backend.py, logits_processor.py,
model_loader/loader.py, tokenizer_manager.py, http_server.py). Threads: sgl-project/sglang#4814 (CustomAllreduce on
4090: `CUDART error: peer access is not supported between these two devices`), #552 (2x T4 on Kaggle:
`Failed: Cuda error .../custom_all_reduce.cuh:307 'peer access is not supported ...'`), #5995 (Qwen3-30B-A3B-FP8-dynamic:
`out of resource: shared memory, Required: 163840, Hardware limit: 101376` at concurrency 2), #8513 (same on sm89),
#12887 (Ampere FP8 MoE through Triton: fp8e4nv), #4289 (pynccl `NCCL error: unhandled system error`), #831 (V100),
#991 / #1343 (tp on 4090 / 3090); library text: torch's CUDA OOM / CUDA error / driver-too-old messages,
Triton's OutOfResources and CompilationError, NCCL shmutils.cc WARN lines, uvicorn's bind error, CPython's
logging handleError output, tinygrad/open-gpu-kernel-modules#45 (NCCL hang on 4090s with P2P on). SGLang line
numbers are the wheel's; torch / Triton / CPython / FlashMLA line numbers are approximate.

Labelling policy, fixed before the classifier ran (../shared/corpus/README.md plus the issue's families): the
deciding event and the start-up phase it happened in, as an operator would read it. A GPU that cannot run what was
asked (compute capability below a quantization's minimum, sm70, FA3+MLA or FlashMLA off Hopper, a Triton dtype or
shared-memory size the architecture lacks, also when it surfaces during graph capture or after ready, and the TP
memory-balance refusal) is config_error: the fix is a different backend, quantization or GPU, not memory. An OOM is
labelled by its phase: model construction = oom_weights, the KV pool (`Not enough memory`, an OOM inside the pool's
buffers) = oom_kv_cache, inside capture = oom_cuda_graph, FlashInfer's workspace buffer = oom_moe_workspace, after
ready = oom_runtime. Custom all-reduce peer access, NCCL init failures and NCCL hangs are nccl_or_distributed.
Driver too old, illegal memory access, unspecified launch failure, ECC are cuda_error_other. A bind failure on the
HTTP port is port_in_use even though the warmup thread then reaches the other server and prints the ready line.
Healthy = reached ready and serves; warnings, a logging-error traceback and retractions do not change that.

First sight: 27/28 (1 miss, a strict xfail below; all four healthy contrasts fire no failure event).
- rtx4090_x8_p2p_nccl_hang_ctrl_c: NCCL's warmup all-reduce never completes on 4090s with P2P forced on; start-up stops
  after `sglang is using nccl` and the operator's Ctrl-C shows every scheduler inside pynccl's `stream.synchronize()`
  (KeyboardInterrupt tracebacks, no error text); the classifier said unknown (no rule).
"""

# ruff: noqa: E501, RUF005

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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.3.x / 0.4.x images (Ubuntu 22.04)
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
MP310 = (  # a spawned scheduler's bottom frames, python3.10
    ("<string>", 1, "<module>", ""),
    ("/usr/lib/python3.10/multiprocessing/spawn.py", 116, "spawn_main", "exitcode = _main(fd, parent_sentinel)"),
    ("/usr/lib/python3.10/multiprocessing/spawn.py", 129, "_main", "return self._bootstrap(parent_sentinel)"),
    ("/usr/lib/python3.10/multiprocessing/process.py", 314, "_bootstrap", "self.run()"),
    ("/usr/lib/python3.10/multiprocessing/process.py", 108, "run", "self._target(*self._args, **self._kwargs)"),
)
CUDA_TAIL = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)
OOM_TAIL = (
    "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
    "fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)
GRAPH_HINTS_04 = (  # 0.4.6.post5 cuda_graph_runner.py (note `Capture CUDA graph failed`)
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
GRAPH_HINTS_036 = (  # 0.3.6 cuda_graph_runner.py
    "Possible solutions:\n"
    "1. disable cuda graph by --disable-cuda-graph\n"
    "2. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
SIGQUIT = "Received sigquit from a child process. It usually means the child failed."
SIGQUIT_043 = "Received sigquit from a child proces. It usually means the child failed."  # 0.4.3.post2's spelling


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


def clock(date: str):
    """SGLang's `[%Y-%m-%d %H:%M:%S{prefix}]` for one day, seconds counted from 10:00:00."""

    def t(second: int, rank: str | None = None) -> str:
        tag = f" {rank}" if rank else ""
        return f"[{date} {10 + second // 3600:02d}:{second // 60 % 60:02d}:{second % 60:02d}{tag}]"

    return t


def sargs(stamp: str, model: str, **kw: object) -> str:
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{stamp} server_args=ServerArgs({body}, log_level='info', ...)"


def mod(torch: str) -> tuple[tuple[str, int, str, str], ...]:
    """torch.nn.Module's two call frames, by torch release."""
    wrapped, call = {"2.4": (1553, 1562), "2.5": (1736, 1747), "2.6": (1739, 1750), "2.8": (1773, 1784)}[torch]
    return (
        ("+torch/nn/modules/module.py", wrapped, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        ("+torch/nn/modules/module.py", call, "_call_impl", "return forward_call(*args, **kwargs)"),
    )


def ctx(torch: str) -> tuple[str, int, str, str]:
    return (
        "+torch/utils/_contextlib.py",
        120 if torch == "2.8" else 116,
        "decorate_context",
        "return func(*args, **kwargs)",
    )


def ready(t, second: int, pid: int, port: int = 30000) -> list[str]:
    return [
        f"{t(second)} INFO:     Started server process [{pid}]",
        f"{t(second)} INFO:     Waiting for application startup.",
        f"{t(second)} INFO:     Application startup complete.",
        f"{t(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{t(second + 1)} INFO:     127.0.0.1:40512 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{t(second + 2)} INFO:     127.0.0.1:40528 - "POST /generate HTTP/1.1" 200 OK',
        f"{t(second + 2)} The server is fired up and ready to roll!",
    ]


def sched_exc(stamp: str, frames: str, error: str, label: str = "Scheduler") -> str:
    """`Scheduler hit an exception: <traceback>` (or the overlap thread's `TpModelWorkerClient hit ...`); the
    traceback text ends in a newline, so a blank line follows."""
    return f"{stamp} {label} hit an exception: {TB}\n{frames}\n{error}\n"


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def oom(
    tried: str, total: str, free: str, this: str, alloc: str, reserved: str, *, other: str = "", private: str = ""
) -> str:
    """torch's CUDA OOM text (c10/cuda/CUDACachingAllocator.cpp, torch 2.4-2.8)."""
    pools = f", with {private} allocated in private pools (e.g., CUDA Graphs)," if private else ","
    return (
        f"CUDA out of memory. Tried to allocate {tried}. GPU 0 has a total capacity of {total} of which {free} is free. "
        f"{other}Including non-PyTorch memory, this process has {this} memory in use. Of the allocated memory {alloc} "
        f"is allocated by PyTorch{pools} and {reserved} is reserved by PyTorch but unallocated. {OOM_TAIL}"
    )


def shards(t, second: int, n: int, rank: str | None = None) -> list[str]:
    return [
        f"{t(second, rank)} Using model weights format ['*.safetensors']",
        f"Loading safetensors checkpoint shards:   0% Completed | 0/{n} [00:00<?, ?it/s]",
        f"Loading safetensors checkpoint shards: 100% Completed | {n}/{n} [00:{2 * n + 5:02d}<00:00,  2.31s/it]",
        "",
    ]


# -- call paths per release (outermost first), read from the wheels
INIT_046 = (
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
RUNNER_046 = INIT_046 + (("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),)
DIST_046 = INIT_046 + (
    ("model_executor/model_runner.py", 224, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
)
LOAD_046 = RUNNER_046 + (
    ("model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 534, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 376, "load_model", "model = _initialize_model("),
)
GRAPHS_046 = RUNNER_046 + (
    ("model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
    ("model_executor/model_runner.py", 1098, "init_cuda_graphs", "self.cuda_graph_runner = CudaGraphRunner(self)"),
)
CAPTURE_046 = (
    ("model_executor/cuda_graph_runner.py", 307, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 386, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 513, "capture_one_batch_size", "out = run_once()"),
    ("model_executor/cuda_graph_runner.py", 497, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
)
FWD_THREAD_046 = (
    ("managers/tp_worker_overlap_thread.py", 118, "forward_thread_func", "self.forward_thread_func_()"),
    ctx("2.6"),
    ("managers/tp_worker_overlap_thread.py", 151, "forward_thread_func_", "self.worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        202,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 1172, "forward", "output = self._forward_raw("),
)

INIT_043 = (
    (
        "managers/scheduler.py",
        1816,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 240, "__init__", "self.tp_worker = TpWorkerClass("),
    (
        "managers/tp_worker_overlap_thread.py",
        63,
        "__init__",
        "self.worker = TpModelWorker(server_args, gpu_id, tp_rank, dp_rank, nccl_port)",
    ),
    ("managers/tp_worker.py", 68, "__init__", "self.model_runner = ModelRunner("),
)

INIT_052 = (
    ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
)
GRAPHS_052 = INIT_052 + (
    ("model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1761,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
)
FWD_THREAD_052 = (
    ("managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
    ctx("2.8"),
    ("managers/tp_worker_overlap_thread.py", 174, "forward_thread_func_", "self.worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        251,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 1901, "forward", "output = self._forward_raw("),
)

SCHED_036 = (
    (
        "managers/scheduler.py",
        1404,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 183, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 56, "__init__", "self.model_runner = ModelRunner("),
)


# ===================================================================== what the GPU lacks (config_error)
t = clock("2025-06-03")
case(
    "v100_refused_below_sm75",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_executor/model_runner.py load_model (the sm80 / sm75 checks); sgl-project/sglang#831 (V100)",
    "config_error",
    "A Tesla V100 (sm70): SGLang logs the float16 fallback for pre-Ampere GPUs, then refuses the card outright. The hardware is unsupported; no memory or distributed knob helps.",
    join(
        sargs(
            t(0),
            "Qwen/Qwen2.5-7B-Instruct",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.88,
            tp_size=1,
            port=30000,
        ),
        f"{t(7)} Init torch distributed begin.",
        f"{t(8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(8)} Load weight begin. avail mem=31.36 GB",
        f"{t(8)} Compute capability below sm80. Use float16 due to lack of bfloat16 support.",
        sched_exc(
            t(8),
            tb(
                PY310,
                *RUNNER_046,
                ("model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
                (
                    "model_executor/model_runner.py",
                    516,
                    "load_model",
                    'raise RuntimeError("SGLang only supports sm75 and above.")',
                ),
            ),
            "RuntimeError: SGLang only supports sm75 and above.",
        ),
        f"{t(8)} {SIGQUIT}",
        "Killed",
    ),
)

t = clock("2025-09-22")
case(
    "t4_fp8_checkpoint_below_min_capability",
    "0.5.2",
    "sglang-0.5.2 model_loader/loader.py _get_quantization_config, layers/quantization/fp8.py get_min_capability (80), server_args.py (T4 tier: 0.807, chunked 2048, graph bs 8)",
    "config_error",
    "An FP8 checkpoint on a Tesla T4 (sm75): the fp8 method needs capability 80. A quantization the GPU cannot run: pick another checkpoint or GPU.",
    join(
        sargs(
            t(0),
            "Qwen/Qwen3-8B-FP8",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.807,
            chunked_prefill_size=2048,
            cuda_graph_max_bs=8,
            tp_size=1,
        ),
        f"{t(9)} Attention backend not explicitly specified. Use flashinfer backend by default.",
        f"{t(9)} Init torch distributed begin.",
        f"{t(10)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(10)} Load weight begin. avail mem=14.48 GB",
        f"{t(10)} Compute capability below sm80. Use float16 due to lack of bfloat16 support.",
        sched_exc(
            t(10),
            tb(
                PY312,
                *INIT_052,
                ("model_executor/model_runner.py", 296, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 735, "load_model", "self.model = get_model("),
                ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
                ("model_loader/loader.py", 477, "load_model", "model = _initialize_model("),
                ("model_loader/loader.py", 216, "_initialize_model", "quant_config = _get_quantization_config("),
                ("model_loader/loader.py", 173, "_get_quantization_config", "raise ValueError("),
            ),
            "ValueError: The quantization method fp8 is not supported for the current GPU. Minimum capability: 80. Current capability: 75.",
        ),
        f"{t(10)} {SIGQUIT}",
    ),
)

t = clock("2025-03-11")
case(
    "t4_awq_marlin_below_min_capability",
    "0.4.3.post2",
    "sglang-0.4.3.post2 model_loader/loader.py _get_quantization_config; model_runner.py load_model",
    "config_error",
    "--quantization awq_marlin on a T4 (sm75): Marlin kernels need capability 80. The user's quantization argument does not fit this GPU (plain awq would).",
    join(
        sargs(
            t(0),
            "Qwen/Qwen2.5-7B-Instruct-AWQ",
            dtype="auto",
            quantization="awq_marlin",
            mem_fraction_static=0.88,
            tp_size=1,
        ),
        f"{t(8, 'TP0')} Init torch distributed begin.",
        f"{t(9, 'TP0')} Load weight begin. avail mem=14.53 GB",
        f"{t(9, 'TP0')} Compute capability below sm80. Use float16 due to lack of bfloat16 support.",
        sched_exc(
            t(9, "TP0"),
            tb(
                PY310,
                *INIT_043,
                ("model_executor/model_runner.py", 195, "__init__", "self.load_model()"),
                ("model_executor/model_runner.py", 318, "load_model", "self.model = get_model("),
                ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
                ("model_loader/loader.py", 357, "load_model", "model = _initialize_model("),
                (
                    "model_loader/loader.py",
                    137,
                    "_initialize_model",
                    "quant_config = _get_quantization_config(model_config, load_config)",
                ),
                ("model_loader/loader.py", 114, "_get_quantization_config", "raise ValueError("),
            ),
            "ValueError: The quantization method awq_marlin is not supported for the current GPU. Minimum capability: 80. Current capability: 75.",
        ),
        f"{t(9)} {SIGQUIT_043}",
    ),
)

t = clock("2025-05-28")
case(
    "a100_fa3_with_mla_assertion",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_executor/model_runner.py init_attention_backend (fa3 assertion), model_specific_adjustment (`MLA optimization is turned on`)",
    "config_error",
    "--attention-backend fa3 for DeepSeek-V2-Lite (MLA) on an A100: FA3 with MLA needs Hopper; the assertion fires after the pool is built. A backend the GPU cannot run.",
    join(
        sargs(
            t(0),
            "deepseek-ai/DeepSeek-V2-Lite-Chat",
            trust_remote_code=True,
            dtype="auto",
            mem_fraction_static=0.88,
            tp_size=1,
            attention_backend="fa3",
        ),
        f"{t(8)} MLA optimization is turned on. Use fa3 backend.",
        f"{t(8)} Init torch distributed begin.",
        f"{t(9)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(9)} Load weight begin. avail mem=39.07 GB",
        *shards(t, 10, 4),
        f"{t(31)} Load weight end. type=DeepseekV2ForCausalLM, dtype=torch.bfloat16, avail mem=7.62 GB, mem usage=31.45 GB.",
        f"{t(31)} KV Cache is allocated. #tokens: 98871, KV size: 2.86 GB",
        f"{t(31)} Memory pool end. avail mem=4.59 GB",
        sched_exc(
            t(31),
            tb(
                PY310,
                *RUNNER_046,
                ("model_executor/model_runner.py", 304, "initialize", "self.init_attention_backend()"),
                ("model_executor/model_runner.py", 1043, "init_attention_backend", "assert ("),
            ),
            "AssertionError: FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
        ),
        f"{t(31)} {SIGQUIT}",
    ),
)

t = clock("2025-09-24")
case(
    "a100_flashmla_metadata_kernel_missing",
    "0.5.2",
    "sglang-0.5.2 server_args.py (FlashMLA page_size warning, printed before logging is set up), layers/attention/flashmla_backend.py init_cuda_graph_state, model_executor/cuda_graph_runner.py; flash_mla's flash_mla_interface.py (built for sm90 only)",
    "config_error",
    "--attention-backend flashmla on an A100: FlashMLA is Hopper-only; its metadata kernel has no sm80 image, and the error comes when the graph runner sets up, outside the capture wrapper. A kernel without a build for this GPU.",
    join(
        "FlashMLA only supports a page_size of 64, change page_size to 64.",
        sargs(
            t(0),
            "deepseek-ai/DeepSeek-V2-Lite-Chat",
            trust_remote_code=True,
            mem_fraction_static=0.869,
            page_size=64,
            tp_size=1,
            attention_backend="flashmla",
        ),
        f"{t(9)} MLA optimization is turned on. Use flashmla backend.",
        f"{t(9)} Init torch distributed begin.",
        f"{t(10)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(10)} Load weight begin. avail mem=78.68 GB",
        *shards(t, 11, 4),
        f"{t(29)} Load weight end. type=DeepseekV2ForCausalLM, dtype=torch.bfloat16, avail mem=47.09 GB, mem usage=31.59 GB.",
        f"{t(29)} KV Cache is allocated. #tokens: 1170432, KV size: 36.40 GB",
        f"{t(29)} Memory pool end. avail mem=10.11 GB",
        f"{t(30)} Capture cuda graph begin. This can take up to several minutes. avail mem=10.03 GB",
        sched_exc(
            t(30),
            tb(
                PY312,
                *GRAPHS_052,
                (
                    "model_executor/cuda_graph_runner.py",
                    293,
                    "__init__",
                    "self.model_runner.attn_backend.init_cuda_graph_state(",
                ),
                (
                    "layers/attention/flashmla_backend.py",
                    165,
                    "init_cuda_graph_state",
                    "self.cuda_graph_mla_metadata, self.cuda_graph_num_splits = get_mla_metadata(",
                ),
                (
                    "+flash_mla/flash_mla_interface.py",
                    24,
                    "get_mla_metadata",
                    "return flash_mla_cuda.get_mla_metadata(cache_seqlens, num_heads_per_head_k, num_heads_k)",
                ),
            ),
            "RuntimeError: CUDA error: no kernel image is available for execution on the device\n" + CUDA_TAIL,
        ),
        f"{t(30)} {SIGQUIT}",
    ),
)

MOE_052 = (
    ("models/qwen3_moe.py", 685, "forward", "hidden_states = self.model("),
    *mod("2.8"),
    ("models/qwen2_moe.py", 533, "forward", "hidden_states, residual = layer("),
    *mod("2.8"),
    ("models/qwen3_moe.py", 559, "forward", "hidden_states = self.mlp("),
    *mod("2.8"),
    ("models/qwen3_moe.py", 137, "forward", "return self.forward_normal("),
    ("models/qwen3_moe.py", 162, "forward_normal", "final_hidden_states = self.experts(hidden_states, topk_output)"),
    *mod("2.8"),
    ("layers/moe/fused_moe_triton/layer.py", 840, "forward", "combine_input = self.quant_method.apply("),
    ("layers/quantization/fp8.py", 1106, "apply", "return self.runner.run(dispatch_output, quant_info)"),
    ("layers/moe/moe_runner/runner.py", 57, "run", "return self.fused_func(dispatch_output, quant_info, self.config)"),
    ("layers/moe/moe_runner/triton.py", 333, "fused_experts_none_to_triton", "output = fused_experts("),
    ("layers/moe/fused_moe_triton/fused_moe.py", 268, "fused_experts", "torch.ops.sglang.inplace_fused_experts("),
    ("+torch/_ops.py", 1243, "__call__", "return self._op(*args, **kwargs)"),
    ("layers/moe/fused_moe_triton/fused_moe.py", 82, "inplace_fused_experts", "fused_experts_impl("),
    ("layers/moe/fused_moe_triton/fused_moe.py", 470, "fused_experts_impl", "invoke_fused_moe_kernel("),
    (
        "layers/moe/fused_moe_triton/fused_moe_triton_kernels.py",
        670,
        "invoke_fused_moe_kernel",
        "fused_moe_kernel[grid](",
    ),
    (
        "+triton/runtime/jit.py",
        390,
        "<lambda>",
        "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
    ),
    ("+triton/runtime/jit.py", 594, "run", "kernel = self.compile(src, target=target, options=options.__dict__)"),
    ("+triton/compiler/compiler.py", 339, "compile", "module = src.make_ir(options, codegen_fns, module_map, context)"),
    (
        "+triton/compiler/compiler.py",
        83,
        "make_ir",
        "return ast_to_ttir(self.fn, self, context=context, options=options, codegen_fns=codegen_fns,",
    ),
)
t = clock("2025-10-14")
case(
    "a100_fp8_moe_fp8e4nv_at_capture",
    "0.5.2",
    "sglang-0.5.2 layers/quantization/fp8.py (Marlin only for linear layers; Fp8MoEMethod stays on Triton), marlin_utils_fp8.py, fused_moe_triton_config.py, cuda_graph_runner.py (wraps only RuntimeError); sgl-project/sglang#12887; Triton's CompilationError text",
    "config_error",
    "Qwen3-30B-A3B-FP8 on two A100 PCIe: linear layers fall back to Marlin, but the fused-MoE Triton kernel needs fp8e4nv, which sm80 lacks. It fails while capturing graphs (a CompilationError, not wrapped as `Capture cuda graph failed`): not memory, an FP8 path the GPU cannot compile.",
    join(
        sargs(
            t(0),
            "Qwen/Qwen3-30B-A3B-FP8",
            dtype="auto",
            mem_fraction_static=0.869,
            chunked_prefill_size=8192,
            tp_size=2,
        ),
        f"{t(10, 'TP0')} Attention backend not explicitly specified. Use flashinfer backend by default.",
        f"{t(10, 'TP0')} Init torch distributed begin.",
        f"{t(10, 'TP1')} Init torch distributed begin.",
        f"{t(11, 'TP0')} sglang is using nccl==2.27.3",
        f"{t(12, 'TP0')} Init torch distributed ends. mem usage=0.59 GB",
        f"{t(12, 'TP0')} Load weight begin. avail mem=78.44 GB",
        *shards(t, 13, 7, "TP0"),
        f"{t(44, 'TP0')} Your GPU does not have native support for FP8 computation but FP8 quantization is being used. Weight-only FP8 compression will be used leveraging the Marlin kernel. This may degrade performance for compute-heavy workloads.",
        f"{t(44, 'TP1')} Your GPU does not have native support for FP8 computation but FP8 quantization is being used. Weight-only FP8 compression will be used leveraging the Marlin kernel. This may degrade performance for compute-heavy workloads.",
        f"{t(45, 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=62.30 GB, mem usage=16.14 GB.",
        f"{t(45, 'TP0')} KV Cache is allocated. #tokens: 1104450, K size: 25.28 GB, V size: 25.28 GB",
        f"{t(45, 'TP0')} Memory pool end. avail mem=10.95 GB",
        f"{t(46, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=10.37 GB",
        "Capturing batches (bs=160 avail_mem=10.35 GB):   0%|          | 0/23 [00:00<?, ?it/s]",
        f"{t(47, 'TP0')} Using default MoE kernel config. Performance might be sub-optimal! Config file not found at {PY312}/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_4_0/E=128,N=384,device_name=NVIDIA_A100_80GB_PCIe,dtype=fp8_w8a8,block_shape=[128, 128].json, you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton",
        "Capturing batches (bs=160 avail_mem=10.35 GB):   0%|          | 0/23 [00:01<?, ?it/s]",
        sched_exc(
            t(48, "TP0"),
            tb(
                PY312,
                *GRAPHS_052,
                ("model_executor/cuda_graph_runner.py", 389, "__init__", "self.capture()"),
                ("model_executor/cuda_graph_runner.py", 497, "capture", ") = self.capture_one_batch_size(bs, forward)"),
                ("model_executor/cuda_graph_runner.py", 668, "capture_one_batch_size", "run_once()"),
                (
                    "model_executor/cuda_graph_runner.py",
                    657,
                    "run_once",
                    "logits_output_or_pp_proxy_tensors = forward(",
                ),
                ctx("2.8"),
                *MOE_052,
            ),
            "triton.compiler.errors.CompilationError: at 1:0:\ndef fused_moe_kernel(\n^\n"
            "ValueError(\"type fp8e4nv not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')\")",
            "Scheduler",
        ),
        f"{t(48)} {SIGQUIT}",
    ),
)

t = clock("2025-05-03")
L4_SITE = "/home/deploy/miniforge3/envs/sglang/lib/python3.12/site-packages"
case(
    "l4_fp8_moe_shared_memory_after_ready",
    "0.4.6.post5",
    "sgl-project/sglang#5995 (RedHatAI/Qwen3-30B-A3B-FP8-dynamic: one request fine, two concurrent exit with Triton shared memory, Required: 163840, Hardware limit: 101376); #8513; sglang-0.4.6.post5 tp_worker_overlap_thread.py, fused_moe.py, compressed_tensors_moe.py, tokenizer_manager.py",
    "config_error",
    "Two L4 (sm89, 99 KB shared memory per block): the server is ready and one request works; the first concurrent prefill picks a fused-MoE config that needs 160 KB and Triton refuses to launch it. Not memory and not a CUDA fault: a kernel configuration this GPU cannot hold.",
    join(
        sargs(t(0), "RedHatAI/Qwen3-30B-A3B-FP8-dynamic", dtype="auto", mem_fraction_static=0.85, tp_size=2),
        f"{t(9, 'TP0')} Init torch distributed begin.",
        f"{t(9, 'TP1')} Init torch distributed begin.",
        f"{t(10, 'TP0')} sglang is using nccl==2.21.5",
        f"{t(11, 'TP0')} Init torch distributed ends. mem usage=0.21 GB",
        f"{t(11, 'TP0')} Load weight begin. avail mem=21.41 GB",
        *shards(t, 12, 7, "TP0"),
        f"{t(58, 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=5.48 GB, mem usage=15.93 GB.",
        f"{t(58, 'TP0')} KV Cache is allocated. #tokens: 57208, K size: 1.31 GB, V size: 1.31 GB",
        f"{t(58, 'TP0')} Memory pool end. avail mem=2.58 GB",
        f"{t(59, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=2.23 GB",
        "Capturing batches (avail_mem=2.21 GB): 100%|██████████| 4/4 [00:04<00:00,  1.12s/it]",
        f"{t(63, 'TP0')} Capture cuda graph end. Time elapsed: 4.55 s. mem usage=0.14 GB. avail mem=2.09 GB.",
        f"{t(64, 'TP0')} max_total_num_tokens=57208, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2049, context_len=40960",
        *ready(t, 64, 91822),
        f"{t(130, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 37, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f"{t(131, 'TP0')} Decode batch. #running-req: 1, #token: 70, token usage: 0.00, cuda graph: True, gen throughput (token/s): 31.20, #queue-req: 0",
        f'{t(133)} INFO:     127.0.0.1:51220 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{t(160, 'TP0')} Prefill batch. #new-seq: 2, #new-token: 1856, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        sched_exc(
            t(161, "TP0"),
            tb(
                L4_SITE,
                ("managers/tp_worker_overlap_thread.py", 118, "forward_thread_func", "self.forward_thread_func_()"),
                ctx("2.6"),
                (
                    "managers/tp_worker_overlap_thread.py",
                    151,
                    "forward_thread_func_",
                    "self.worker.forward_batch_generation(",
                ),
                (
                    "managers/tp_worker.py",
                    202,
                    "forward_batch_generation",
                    "logits_output, can_run_cuda_graph = self.model_runner.forward(",
                ),
                ("model_executor/model_runner.py", 1172, "forward", "output = self._forward_raw("),
                ("model_executor/model_runner.py", 1201, "_forward_raw", "ret = self.forward_extend("),
                ("model_executor/model_runner.py", 1140, "forward_extend", "return self.model.forward("),
                ctx("2.6"),
                ("models/qwen3_moe.py", 666, "forward", "hidden_states = self.model("),
                *mod("2.6"),
                ("models/qwen2_moe.py", 598, "forward", "hidden_states, residual = layer("),
                *mod("2.6"),
                ("models/qwen3_moe.py", 471, "forward", "return self.forward_ffn_with_full_input("),
                (
                    "models/qwen3_moe.py",
                    525,
                    "forward_ffn_with_full_input",
                    "hidden_states = self.mlp(hidden_states, forward_batch.forward_mode)",
                ),
                *mod("2.6"),
                ("models/qwen3_moe.py", 157, "forward", "return self.forward_normal(hidden_states)"),
                ("models/qwen3_moe.py", 174, "forward_normal", "final_hidden_states = self.experts("),
                *mod("2.6"),
                (
                    "layers/moe/fused_moe_triton/layer.py",
                    645,
                    "forward",
                    "final_hidden_states = self.quant_method.apply(",
                ),
                (
                    "layers/quantization/compressed_tensors/compressed_tensors_moe.py",
                    302,
                    "apply",
                    "return fused_experts(",
                ),
                (
                    "layers/moe/fused_moe_triton/fused_moe.py",
                    1261,
                    "fused_experts",
                    "torch.ops.sglang.inplace_fused_experts(",
                ),
                ("+torch/_ops.py", 1123, "__call__", "return self._op(*args, **(kwargs or {}))"),
                ("layers/moe/fused_moe_triton/fused_moe.py", 1100, "inplace_fused_experts", "fused_experts_impl("),
                ("layers/moe/fused_moe_triton/fused_moe.py", 1438, "fused_experts_impl", "invoke_fused_moe_kernel("),
                ("layers/moe/fused_moe_triton/fused_moe.py", 867, "invoke_fused_moe_kernel", "fused_moe_kernel[grid]("),
                (
                    "+triton/runtime/jit.py",
                    330,
                    "<lambda>",
                    "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
                ),
                (
                    "+triton/runtime/jit.py",
                    653,
                    "run",
                    "kernel.run(grid_0, grid_1, grid_2, stream, kernel.function, kernel.packed_metadata, launch_metadata,",
                ),
                ("+triton/compiler/compiler.py", 395, "__getattribute__", "self._init_handles()"),
                (
                    "+triton/compiler/compiler.py",
                    388,
                    "_init_handles",
                    'raise OutOfResources(self.metadata.shared, max_shared, "shared memory")',
                ),
            ),
            "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 163840, Hardware limit: 101376. Reducing block sizes or `num_stages` may help.",
            "TpModelWorkerClient",
        ),
        f"{t(161)} {SIGQUIT}",
        "./serve_qwen3.sh: line 12: 91822 Killed                  python -m sglang.launch_server --model-path RedHatAI/Qwen3-30B-A3B-FP8-dynamic --tp 2 --mem-fraction-static 0.85",
    ),
)

t = clock("2025-06-10")
case(
    "rtx3090_x2_tp_memory_unbalanced_desktop_gpu0",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_executor/model_runner.py init_torch_distributed (the TP memory-balance ValueError), pynccl.py",
    "config_error",
    "Two RTX 3090 where GPU0 also drives the desktop (Xorg, browser): SGLang's TP memory-balance check refuses to start (ValueError before any weight). The environment/hardware does not meet a start-up check; the fix is to free GPU0 or pick other GPUs, not a memory fraction.",
    join(
        sargs(
            t(0),
            "Qwen/Qwen2.5-14B-Instruct",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=2,
            disable_custom_all_reduce=True,
        ),
        f"{t(8, 'TP0')} Init torch distributed begin.",
        f"{t(8, 'TP1')} Init torch distributed begin.",
        f"{t(9, 'TP0')} sglang is using nccl==2.21.5",
        sched_exc(
            t(10, "TP1"),
            tb(
                PY310, *DIST_046, ("model_executor/model_runner.py", 489, "init_torch_distributed", "raise ValueError(")
            ),
            "ValueError: The memory capacity is unbalanced. Some GPUs may be occupied by other processes. min_per_gpu_memory=20.3662109375, local_gpu_memory=23.4365234375, local_gpu_memory * 0.9=21.09287109375",
        ),
        f"{t(10)} {SIGQUIT}",
    ),
)


# ===================================================================== small memory at each start-up phase
t = clock("2025-06-12")
case(
    "rtx4090_14b_bf16_weights_oom",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_loader/loader.py _initialize_model, models/qwen2.py, utils.py make_layers, layers/linear.py create_weights; torch 2.6 CUDA OOM text",
    "oom_weights",
    "Qwen2.5-14B in bf16 (about 29.5 GB) on one 24 GB RTX 4090: the parameters are allocated on the GPU while the model is built, after `Load weight begin`. The model does not fit at TP1.",
    join(
        sargs(t(0), "Qwen/Qwen2.5-14B-Instruct", dtype="auto", mem_fraction_static=0.88, tp_size=1),
        f"{t(7)} Init torch distributed begin.",
        f"{t(8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(8)} Load weight begin. avail mem=23.19 GB",
        sched_exc(
            t(11),
            tb(
                PY310,
                *LOAD_046,
                ("model_loader/loader.py", 153, "_initialize_model", "return model_class("),
                ("models/qwen2.py", 386, "__init__", "self.model = Qwen2Model("),
                ("models/qwen2.py", 268, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
                ("utils.py", 464, "make_layers", "+ ["),
                (
                    "utils.py",
                    465,
                    "<listcomp>",
                    "maybe_offload_to_cpu(layer_fn(idx=idx, prefix=add_prefix(idx, prefix)))",
                ),
                ("models/qwen2.py", 270, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
                ("models/qwen2.py", 205, "__init__", "self.mlp = Qwen2MLP("),
                ("models/qwen2.py", 69, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
                ("layers/linear.py", 508, "__init__", "super().__init__("),
                ("layers/linear.py", 363, "__init__", "self.quant_method.create_weights("),
                ("layers/linear.py", 157, "create_weights", "torch.empty("),
                ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            "torch.OutOfMemoryError: "
            + oom("270.00 MiB", "23.64 GiB", "155.06 MiB", "23.01 GiB", "22.58 GiB", "1.94 MiB"),
        ),
        f"{t(11)} {SIGQUIT}",
    ),
)

t = clock("2025-03-06")
case(
    "l4_low_fraction_not_enough_memory",
    "0.4.3.post2",
    "sglang-0.4.3.post2 model_executor/model_runner.py init_memory_pool (`Not enough memory`), model_loader/weight_utils.py, managers/scheduler.py, entrypoints/engine.py",
    "oom_kv_cache",
    "Llama-3.1-8B on an L4 (22 GB) with --mem-fraction-static 0.6: the weights take 15 GB, the static budget leaves nothing for the pool (negative token count) and SGLang says to raise the fraction.",
    join(
        sargs(t(0), "meta-llama/Llama-3.1-8B-Instruct", dtype="auto", mem_fraction_static=0.6, tp_size=1),
        f"{t(8, 'TP0')} Init torch distributed begin.",
        f"{t(9, 'TP0')} Load weight begin. avail mem=21.74 GB",
        *shards(t, 9, 4, "TP0"),
        f"{t(51, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=6.68 GB",
        sched_exc(
            t(51, "TP0"),
            tb(
                PY310,
                *INIT_043,
                ("model_executor/model_runner.py", 216, "__init__", "self.init_memory_pool("),
                ("model_executor/model_runner.py", 629, "init_memory_pool", "raise RuntimeError("),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        ),
        f"{t(51)} {SIGQUIT_043}",
    ),
)

t = clock("2025-03-08")
case(
    "a10g_kv_pool_buffer_oom_shared_gpu",
    "0.4.3.post2",
    "sglang-0.4.3.post2 mem_cache/memory_pool.py MHATokenToKVPool._create_buffers, model_runner.py init_memory_pool; torch CUDA OOM text (`Process N has ... memory in use`)",
    "oom_kv_cache",
    "An A10G shared with a notebook: the pool was sized from the free memory after the weights, then another process took 3 GB and the pool's own buffers fail to allocate. An OOM while allocating the cache pool at start-up.",
    join(
        sargs(
            t(0),
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            mem_fraction_static=0.88,
            tp_size=1,
            context_length=32768,
        ),
        f"{t(9, 'TP0')} Init torch distributed begin.",
        f"{t(10, 'TP0')} Load weight begin. avail mem=21.64 GB",
        *shards(t, 10, 4, "TP0"),
        f"{t(47, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=6.58 GB",
        sched_exc(
            t(48, "TP0"),
            tb(
                PY310,
                *INIT_043,
                ("model_executor/model_runner.py", 216, "__init__", "self.init_memory_pool("),
                (
                    "model_executor/model_runner.py",
                    664,
                    "init_memory_pool",
                    "self.token_to_kv_pool = MHATokenToKVPool(",
                ),
                ("mem_cache/memory_pool.py", 191, "__init__", "self._create_buffers()"),
                ("mem_cache/memory_pool.py", 210, "_create_buffers", "self.v_buffer = ["),
                ("mem_cache/memory_pool.py", 211, "<listcomp>", "torch.empty("),
            ),
            "torch.OutOfMemoryError: "
            + oom(
                "106.00 MiB",
                "21.99 GiB",
                "61.25 MiB",
                "18.80 GiB",
                "18.31 GiB",
                "13.94 MiB",
                other="Process 20211 has 3.12 GiB memory in use. ",
            ),
        ),
        f"{t(48)} {SIGQUIT_043}",
    ),
)

LLAMA_CAPTURE_046 = (
    ctx("2.6"),
    ("models/llama.py", 457, "forward", "hidden_states = self.model("),
    *mod("2.6"),
    ("models/llama.py", 334, "forward", "hidden_states, residual = layer("),
    *mod("2.6"),
    ("models/llama.py", 266, "forward", "hidden_states = self.mlp(hidden_states)"),
    *mod("2.6"),
    ("models/llama.py", 96, "forward", "x = self.act_fn(gate_up)"),
    *mod("2.6"),
    ("custom_op.py", 18, "forward", "return self._forward_method(*args, **kwargs)"),
    ("layers/activation.py", 49, "forward_cuda", "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)"),
)
RTX3090_OOM = oom("2.00 MiB", "23.57 GiB", "1.31 MiB", "23.55 GiB", "21.63 GiB", "26.16 MiB", private="628.00 MiB")
t = clock("2025-06-14")
case(
    "rtx3090_graph_capture_oom",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_executor/cuda_graph_runner.py (`Capture CUDA graph failed` + hints), model_runner.py init_cuda_graphs, models/llama.py, layers/activation.py; torch CUDA OOM text with private pools",
    "oom_cuda_graph",
    "Llama-3.1-8B on an RTX 3090 with --mem-fraction-static 0.93 and --cuda-graph-max-bs 32: 1 GB is left after the pool and capture runs out (inner OOM, wrapped by SGLang's capture message).",
    join(
        sargs(
            t(0),
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            mem_fraction_static=0.93,
            cuda_graph_max_bs=32,
            tp_size=1,
        ),
        f"{t(7)} Init torch distributed begin.",
        f"{t(8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(8)} Load weight begin. avail mem=23.26 GB",
        *shards(t, 8, 4),
        f"{t(40)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=8.19 GB, mem usage=15.07 GB.",
        f"{t(40)} KV Cache is allocated. #tokens: 52184, K size: 3.19 GB, V size: 3.19 GB",
        f"{t(40)} Memory pool end. avail mem=1.63 GB",
        f"{t(41)} Capture cuda graph begin. This can take up to several minutes. avail mem=1.06 GB",
        "Capturing batches (avail_mem=1.06 GB):   0%|          | 0/7 [00:00<?, ?it/s]",
        "Capturing batches (avail_mem=0.41 GB):  29%|██▊       | 2/7 [00:01<00:03,  1.45it/s]",
        f"{t(43)} Scheduler hit an exception: {TB}\n"
        + tb(PY310, *CAPTURE_046, *LLAMA_CAPTURE_046)
        + f"\ntorch.OutOfMemoryError: {RTX3090_OOM}\n\nDuring handling of the above exception, another exception occurred:\n\n{TB}\n"
        + tb(PY310, *GRAPHS_046, ("model_executor/cuda_graph_runner.py", 309, "__init__", "raise Exception("))
        + f"\nException: Capture CUDA graph failed: {RTX3090_OOM}\n{GRAPH_HINTS_04}\n",
        f"{t(43)} {SIGQUIT}",
    ),
)

t = clock("2024-11-28")
T4_036_OOM = oom("2.32 MiB", "14.75 GiB", "1.06 MiB", "14.74 GiB", "14.08 GiB", "19.24 MiB", private="36.00 MiB")
case(
    "t4_graph_capture_oom_036",
    "0.3.6",
    "sglang-0.3.6 managers/scheduler.py run_scheduler_process (logs the bare traceback, prefix ` DP-1 TP0` when dp_rank is None), model_executor/cuda_graph_runner.py (`Capture cuda graph failed` + 0.3.6 hints), layers/logits_processor.py, server_args.py (graph bs 4 under 25 GB); vLLM 0.6.3 weight_utils log line",
    "oom_cuda_graph",
    "A Colab T4 with --mem-fraction-static 0.95: the pool leaves under 1 GB and capturing even bs=4 runs out in the logits buffer. Graph-capture OOM, 0.3.6's wording.",
    join(
        sargs(
            t(0),
            "Qwen/Qwen2.5-3B-Instruct",
            dtype="auto",
            mem_fraction_static=0.95,
            context_length=32768,
            tp_size=1,
            cuda_graph_max_bs=4,
        ),
        f"{t(9, 'DP-1 TP0')} Init torch distributed begin.",
        f"{t(10, 'DP-1 TP0')} Load weight begin. avail mem=14.64 GB",
        f"{t(10, 'DP-1 TP0')} Compute capability below sm80. Use float16 due to lack of bfloat16 support.",
        "INFO 11-28 10:00:11 weight_utils.py:243] Using model weights format ['*.safetensors']",
        "Loading safetensors checkpoint shards:   0% Completed | 0/2 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 2/2 [00:19<00:00,  9.61s/it]",
        "",
        f"{t(31, 'DP-1 TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.float16, avail mem=8.70 GB",
        f"{t(31, 'DP-1 TP0')} Memory pool end. avail mem=0.93 GB",
        f"{t(32, 'DP-1 TP0')} Capture cuda graph begin. This can take up to several minutes.",
        f"{t(33, 'DP-1 TP0')} {TB}\n"
        + tb(
            PY310,
            ("model_executor/cuda_graph_runner.py", 184, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 244, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 317, "capture_one_batch_size", "out = run_once()"),
            (
                "model_executor/cuda_graph_runner.py",
                301,
                "run_once",
                "logits_output = forward(input_ids, forward_batch.positions, forward_batch)",
            ),
            ctx("2.4"),
            ("models/qwen2.py", 291, "forward", "return self.logits_processor("),
            *mod("2.4"),
            (
                "layers/logits_processor.py",
                186,
                "forward",
                "last_logits = last_logits[:, : self.config.vocab_size].float()",
            ),
        )
        + f"\ntorch.OutOfMemoryError: {T4_036_OOM}\n\nDuring handling of the above exception, another exception occurred:\n\n{TB}\n"
        + tb(
            PY310,
            *SCHED_036,
            ("model_executor/model_runner.py", 173, "__init__", "self.init_cuda_graphs()"),
            (
                "model_executor/model_runner.py",
                583,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("model_executor/cuda_graph_runner.py", 186, "__init__", "raise Exception("),
        )
        + f"\nException: Capture cuda graph failed: {T4_036_OOM}\n{GRAPH_HINTS_036}\n",
        "Killed",
    ),
)

t = clock("2025-03-12")
case(
    "t4_flashinfer_workspace_oom",
    "0.4.3.post2",
    "sglang-0.4.3.post2 layers/attention/flashinfer_backend.py (global workspace buffer, 512 MiB for Qwen2), model_runner.py init_attention_backend, mem_cache/memory_pool.py",
    "oom_moe_workspace",
    "Qwen2.5-7B-AWQ on a T4 with --mem-fraction-static 0.97: the pool takes all but 0.43 GB, then FlashInfer's 512 MiB workspace buffer cannot be allocated (after the pool, before graphs). A FlashInfer workspace OOM.",
    join(
        sargs(t(0), "Qwen/Qwen2.5-7B-Instruct-AWQ", dtype="auto", mem_fraction_static=0.97, tp_size=1),
        f"{t(8, 'TP0')} Init torch distributed begin.",
        f"{t(9, 'TP0')} Load weight begin. avail mem=14.53 GB",
        f"{t(9, 'TP0')} Compute capability below sm80. Use float16 due to lack of bfloat16 support.",
        *shards(t, 9, 2, "TP0"),
        f"{t(33, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.float16, avail mem=9.14 GB",
        f"{t(33, 'TP0')} KV Cache is allocated. K size: 4.13 GB, V size: 4.13 GB.",
        f"{t(33, 'TP0')} Memory pool end. avail mem=0.43 GB",
        sched_exc(
            t(33, "TP0"),
            tb(
                PY310,
                *INIT_043,
                ("model_executor/model_runner.py", 223, "__init__", "self.init_attention_backend()"),
                (
                    "model_executor/model_runner.py",
                    690,
                    "init_attention_backend",
                    "self.attn_backend = FlashInferAttnBackend(self)",
                ),
                ("layers/attention/flashinfer_backend.py", 121, "__init__", "global_workspace_buffer = torch.empty("),
            ),
            "torch.OutOfMemoryError: "
            + oom("512.00 MiB", "14.75 GiB", "441.06 MiB", "14.31 GiB", "14.16 GiB", "13.88 MiB"),
        ),
        f"{t(33)} {SIGQUIT_043}",
    ),
)


# ===================================================================== PCIe without P2P, NCCL on consumer boxes
t = clock("2025-03-27")
CONDA = "/root/miniconda3/envs/sglang/lib/python3.10/site-packages"
CAR_043 = tb(
    CONDA,
    *INIT_043,
    ("model_executor/model_runner.py", 187, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
    (
        "model_executor/model_runner.py",
        262,
        "init_torch_distributed",
        "initialize_model_parallel(tensor_model_parallel_size=self.tp_size)",
    ),
    ("distributed/parallel_state.py", 1055, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("distributed/parallel_state.py", 890, "init_model_parallel_group", "return GroupCoordinator("),
    ("distributed/parallel_state.py", 241, "__init__", "self.ca_comm = CustomAllreduce("),
    (
        "distributed/device_communicators/custom_all_reduce.py",
        221,
        "__init__",
        "self.meta_ptrs = self.create_shared_buffer(",
    ),
    (
        "distributed/device_communicators/custom_all_reduce.py",
        292,
        "create_shared_buffer",
        "pointers.append(lib.cudaIpcOpenMemHandle(h).value)  # type: ignore",
    ),
    ("distributed/device_communicators/cuda_wrapper.py", 178, "cudaIpcOpenMemHandle", "self.CUDART_CHECK("),
    (
        "distributed/device_communicators/cuda_wrapper.py",
        136,
        "CUDART_CHECK",
        'raise RuntimeError(f"CUDART error: {error_str}")',
    ),
)
case(
    "rtx4090_tp2_custom_allreduce_peer_access",
    "0.4.3.post2",
    "sgl-project/sglang#4814 (CustomAllreduce can not work on 4090: `RuntimeError: CUDART error: peer access is not supported between these two devices`, Qwen2.5-0.5B tp 2 on 8x4090, driver 550); sglang-0.4.3.post2 utils.py monkey_patch_p2p_access_check (assumes P2P), custom_all_reduce.py create_shared_buffer, cuda_wrapper.py",
    "nccl_or_distributed",
    "Two RTX 4090 (no P2P): SGLang assumes P2P unless --enable-p2p-check, so custom all-reduce opens CUDA IPC handles across the GPUs and both ranks die at distributed init. Custom all-reduce peer access at init.",
    join(
        sargs(
            t(0),
            "./Qwen2.5-0.5B-Instruct",
            trust_remote_code=True,
            dtype="auto",
            mem_fraction_static=0.87,
            tp_size=2,
            served_model_name="qwen",
        ),
        f"{t(7, 'TP0')} Init torch distributed begin.",
        f"{t(7, 'TP1')} Init torch distributed begin.",
        f"{t(8, 'TP0')} sglang is using nccl==2.21.5",
        sched_exc(
            t(9, "TP1"), CAR_043, "RuntimeError: CUDART error: peer access is not supported between these two devices"
        ),
        sched_exc(
            t(9, "TP0"), CAR_043, "RuntimeError: CUDART error: peer access is not supported between these two devices"
        ),
        f"{t(9)} {SIGQUIT_043}",
    ),
)

t = clock("2024-11-29")
case(
    "kaggle_2xt4_vllm_custom_allreduce_abort",
    "0.3.6",
    "sgl-project/sglang#552 (2x T4 on Kaggle: `Failed: Cuda error .../csrc/custom_all_reduce.cuh:307 'peer access is not supported between these two devices'`, CudaIPCTypes warnings, no traceback); sglang-0.3.6 model_runner.py init_torch_distributed (vLLM's distributed, monkey_patch_vllm_p2p_access_check), server.py launch_engine (waits on the scheduler pipes)",
    "nccl_or_distributed",
    "Two T4 on Kaggle (PCIe, no P2P) with tp 2: vLLM's custom all-reduce (used by 0.3.6) aborts in C++ on the CUDA IPC open, the schedulers exit without a Python traceback and the launcher keeps waiting. A custom all-reduce peer-access failure at distributed init.",
    join(
        sargs(t(0), "deepseek-ai/deepseek-llm-7b-chat", dtype="auto", mem_fraction_static=0.87, tp_size=2),
        f"{t(10, 'DP-1 TP0')} Init torch distributed begin.",
        f"{t(10, 'DP-1 TP1')} Init torch distributed begin.",
        "INFO 11-29 10:00:11 utils.py:1008] Found nccl from library libnccl.so.2",
        "INFO 11-29 10:00:11 pynccl.py:63] vLLM is using nccl==2.20.5",
        "INFO 11-29 10:00:11 utils.py:1008] Found nccl from library libnccl.so.2",
        "INFO 11-29 10:00:11 pynccl.py:63] vLLM is using nccl==2.20.5",
        "Failed: Cuda error /home/runner/work/vllm/vllm/csrc/custom_all_reduce.cuh:307 'peer access is not supported between these two devices'",
        "Failed: Cuda error /home/runner/work/vllm/vllm/csrc/custom_all_reduce.cuh:307 'peer access is not supported between these two devices'",
        "[rank1]:[W1129 10:00:13.217563204 CudaIPCTypes.cpp:16] Producer process has been terminated before all shared CUDA tensors released. See Note [Sharing CUDA tensors]",
        "[rank0]:[W1129 10:00:13.218004871 CudaIPCTypes.cpp:16] Producer process has been terminated before all shared CUDA tensors released. See Note [Sharing CUDA tensors]",
    ),
)

t = clock("2025-06-18")
WSL_SITE = "/home/kai/venvs/sglang/lib/python3.10/site-packages"
PYNCCL_046 = tb(
    WSL_SITE,
    *DIST_046,
    ("model_executor/model_runner.py", 457, "init_torch_distributed", "initialize_model_parallel("),
    ("distributed/parallel_state.py", 1152, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("distributed/parallel_state.py", 978, "init_model_parallel_group", "return GroupCoordinator("),
    ("distributed/parallel_state.py", 262, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
    (
        "distributed/device_communicators/pynccl.py",
        109,
        "__init__",
        "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
    ),
    ("distributed/device_communicators/pynccl_wrapper.py", 350, "ncclCommInitRank", "self.NCCL_CHECK("),
    (
        "distributed/device_communicators/pynccl_wrapper.py",
        329,
        "NCCL_CHECK",
        'raise RuntimeError(f"NCCL error: {error_str}")',
    ),
)
case(
    "wsl2_docker_3090_nccl_shm",
    "0.4.6.post5",
    "sgl-project/sglang#4289 (`RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)` from pynccl ncclCommInitRank, same 0.4.x line numbers); sglang-0.4.6.post5 pynccl.py / pynccl_wrapper.py / parallel_state.py; NCCL misc/shmutils.cc WARN text",
    "nccl_or_distributed",
    "Two RTX 3090 under Docker Desktop on WSL2 (64 MB /dev/shm, run again with NCCL_DEBUG=WARN): NCCL cannot create its shared-memory segment and the communicator init fails in pynccl.",
    join(
        sargs(
            t(0),
            "Qwen/Qwen2.5-14B-Instruct-AWQ",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=2,
            disable_custom_all_reduce=True,
        ),
        f"{t(9, 'TP0')} Init torch distributed begin.",
        f"{t(9, 'TP1')} Init torch distributed begin.",
        "",
        "DESKTOP-R7K2M1Q:1873:1932 [1] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-3UDvxy to 9637892 bytes",
        "",
        "DESKTOP-R7K2M1Q:1873:1932 [1] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-3UDvxy (size 9637888)",
        sched_exc(
            t(11, "TP1"),
            PYNCCL_046,
            "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        ),
        sched_exc(
            t(11, "TP0"),
            PYNCCL_046,
            "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        ),
        f"{t(11)} {SIGQUIT}",
    ),
)

t = clock("2025-06-20")
HANG_SCHED = tb(
    PY310,
    *MP310[3:],
    *DIST_046,
    ("model_executor/model_runner.py", 457, "init_torch_distributed", "initialize_model_parallel("),
    ("distributed/parallel_state.py", 1152, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("distributed/parallel_state.py", 978, "init_model_parallel_group", "return GroupCoordinator("),
    ("distributed/parallel_state.py", 262, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
    ("distributed/device_communicators/pynccl.py", 117, "__init__", "self.stream.synchronize()"),
    ("+torch/cuda/streams.py", 94, "synchronize", "super().synchronize()"),
)
case(
    "rtx4090_x8_p2p_nccl_hang_ctrl_c",
    "0.4.6.post5",
    "tinygrad/open-gpu-kernel-modules#45 (NCCL all_reduce hangs on 4090s with the P2P-enabling driver, fine with NCCL_P2P_DISABLE=1); sglang-0.4.6.post5 distributed/device_communicators/pynccl.py (warmup all_reduce + stream.synchronize in __init__), entrypoints/engine.py _launch_subprocesses, http_server.py, launch_server.py; CPython multiprocessing tracebacks on SIGINT",
    "nccl_or_distributed",
    "Eight RTX 4090 on a P2P-patched driver: NCCL's first (warmup) all-reduce never completes, start-up stops after `sglang is using nccl`, and the operator's Ctrl-C shows every scheduler inside pynccl's synchronize. An NCCL hang at distributed init.",
    join(
        sargs(t(0), "Qwen/Qwen2.5-72B-Instruct-AWQ", dtype="auto", mem_fraction_static=0.85, tp_size=8),
        *[f"{t(9, f'TP{r}')} Init torch distributed begin." for r in range(8)],
        f"{t(10, 'TP0')} sglang is using nccl==2.21.5",
        "^CProcess SpawnProcess-3:",
        f"{TB}\n{HANG_SCHED}\nKeyboardInterrupt",
        "Process SpawnProcess-1:",
        f"{TB}\n{HANG_SCHED}\nKeyboardInterrupt",
        f"{TB}\n"
        + tb(
            PY310,
            ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
            ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
            (f"{PY310}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                743,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            ("entrypoints/engine.py", 664, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
            ("/usr/lib/python3.10/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
            ("/usr/lib/python3.10/multiprocessing/connection.py", 414, "_recv_bytes", "buf = self._recv(4)"),
            ("/usr/lib/python3.10/multiprocessing/connection.py", 379, "_recv", "chunk = read(handle, remaining)"),
        )
        + "\nKeyboardInterrupt",
    ),
)


# ===================================================================== consumer drivers, runtime faults, after ready
t = clock("2025-06-22")
case(
    "geforce_driver_too_old_for_torch",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_executor/model_runner.py init_torch_distributed (the `Context:` warning before re-raising), torch 2.6 cu124 driver-too-old text (c10/cuda/CUDAFunctions.cpp)",
    "cuda_error_other",
    "A GeForce RTX 3090 box left on a CUDA 11.4 driver (470) with torch 2.6+cu124: torch warns at import, then the scheduler cannot select its device. A driver/runtime version mismatch.",
    join(
        f"{PY310}/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:109.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        sargs(t(0), "Qwen/Qwen2.5-7B-Instruct", dtype="auto", mem_fraction_static=0.88, tp_size=1),
        f"{t(7)} Init torch distributed begin.",
        f"{t(7)} Context: self.device='cuda' self.gpu_id=0 os.environ.get('CUDA_VISIBLE_DEVICES')=None self.tp_rank=0 self.tp_size=1",
        sched_exc(
            t(7),
            tb(
                PY310,
                *DIST_046,
                (
                    "model_executor/model_runner.py",
                    419,
                    "init_torch_distributed",
                    "torch.get_device_module(self.device).set_device(self.gpu_id)",
                ),
                ("+torch/cuda/__init__.py", 478, "set_device", "torch._C._cuda_setDevice(device)"),
            ),
            "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.",
        ),
        f"{t(7)} {SIGQUIT}",
    ),
)

t = clock("2025-10-06")
case(
    "a10g_runtime_oom_full_logprob_prompt",
    "0.5.2",
    "sglang-0.5.2 tp_worker_overlap_thread.py forward_thread_func (`TpModelWorkerClient hit an exception`), model_runner.py, models/llama.py, layers/logits_processor.py _get_logits, tokenizer_manager.py running_phase_sigquit_handler, scheduler_metrics_mixin.py batch lines",
    "oom_runtime",
    "An A10G serving Llama-3.1-8B: ready and serving, then a request asking for input logprobs makes the logits for a whole 2048-token chunk (1 GB in float32) and the GPU runs out. An OOM while serving.",
    join(
        sargs(
            t(0),
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            mem_fraction_static=0.879,
            chunked_prefill_size=2048,
            cuda_graph_max_bs=8,
            tp_size=1,
        ),
        f"{t(9)} Attention backend not explicitly specified. Use flashinfer backend by default.",
        f"{t(9)} Init torch distributed begin.",
        f"{t(10)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(10)} Load weight begin. avail mem=21.67 GB",
        *shards(t, 10, 4),
        f"{t(44)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=6.64 GB, mem usage=15.03 GB.",
        f"{t(44)} KV Cache is allocated. #tokens: 32876, K size: 2.01 GB, V size: 2.01 GB",
        f"{t(44)} Memory pool end. avail mem=2.57 GB",
        f"{t(45)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.02 GB",
        "Capturing batches (bs=8 avail_mem=2.01 GB): 100%|██████████| 4/4 [00:01<00:00,  2.61it/s]",
        f"{t(47)} Capture cuda graph end. Time elapsed: 1.92 s. mem usage=0.05 GB. avail mem=1.96 GB.",
        f"{t(47)} max_total_num_tokens=32876, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2048, context_len=131072, available_gpu_mem=1.96 GB",
        *ready(t, 48, 6112),
        f"{t(120)} Prefill batch. #new-seq: 1, #new-token: 812, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{t(122)} Decode batch. #running-req: 1, #token: 851, token usage: 0.03, cuda graph: True, gen throughput (token/s): 11.83, #queue-req: 0, ",
        f'{t(125)} INFO:     10.0.3.17:52210 - "POST /v1/completions HTTP/1.1" 200 OK',
        f"{t(190)} Prefill batch. #new-seq: 1, #new-token: 2048, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        sched_exc(
            t(191),
            tb(
                PY312,
                *FWD_THREAD_052,
                ("model_executor/model_runner.py", 1952, "_forward_raw", "ret = self.forward_extend("),
                ("model_executor/model_runner.py", 1846, "forward_extend", "return self.model.forward("),
                ctx("2.8"),
                ("models/llama.py", 479, "forward", "return self.logits_processor("),
                *mod("2.8"),
                (
                    "layers/logits_processor.py",
                    328,
                    "forward",
                    "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
                ),
                ("layers/logits_processor.py", 460, "_get_logits", "logits = torch.matmul("),
            ),
            "torch.OutOfMemoryError: "
            + oom(
                "1002.00 MiB", "21.98 GiB", "683.06 MiB", "21.31 GiB", "20.55 GiB", "448.21 MiB", private="55.00 MiB"
            ),
            "TpModelWorkerClient",
        ),
        f"{t(191)} {SIGQUIT}",
    ),
)

t = clock("2025-06-25")
case(
    "rtx4090_illegal_memory_access_after_ready",
    "0.4.6.post5",
    "sglang-0.4.6.post5 tp_worker_overlap_thread.py, model_runner.py _forward_raw (graph replay), cuda_graph_runner.py replay, tokenizer_manager.py; torch CUDA error text",
    "cuda_error_other",
    "A single RTX 4090: hours of serving, then a graph replay reports an illegal memory access. A runtime CUDA fault after ready.",
    join(
        sargs(t(0), "Qwen/Qwen2.5-7B-Instruct", dtype="auto", mem_fraction_static=0.88, tp_size=1),
        f"{t(7)} Init torch distributed begin.",
        f"{t(8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(8)} Load weight begin. avail mem=23.18 GB",
        *shards(t, 8, 4),
        f"{t(30)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=8.72 GB, mem usage=14.46 GB.",
        f"{t(30)} KV Cache is allocated. #tokens: 104730, K size: 2.80 GB, V size: 2.80 GB",
        f"{t(30)} Memory pool end. avail mem=2.99 GB",
        f"{t(31)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.47 GB",
        "Capturing batches (avail_mem=2.46 GB): 100%|██████████| 4/4 [00:01<00:00,  2.93it/s]",
        f"{t(33)} Capture cuda graph end. Time elapsed: 1.71 s. mem usage=0.06 GB. avail mem=2.41 GB.",
        f"{t(33)} max_total_num_tokens=104730, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2049, context_len=32768",
        *ready(t, 34, 40711),
        f"{t(3400)} Decode batch. #running-req: 6, #token: 21344, token usage: 0.20, cuda graph: True, gen throughput (token/s): 231.40, #queue-req: 0",
        f"{t(3404)} Decode batch. #running-req: 6, #token: 21584, token usage: 0.21, cuda graph: True, gen throughput (token/s): 229.87, #queue-req: 0",
        sched_exc(
            t(3405),
            tb(
                PY310,
                *FWD_THREAD_046,
                ("model_executor/model_runner.py", 1193, "_forward_raw", "ret = self.cuda_graph_runner.replay("),
                ("model_executor/cuda_graph_runner.py", 616, "replay", "self.graphs[self.bs].replay()"),
                ("+torch/cuda/graphs.py", 88, "replay", "super().replay()"),
            ),
            "RuntimeError: CUDA error: an illegal memory access was encountered\n" + CUDA_TAIL,
            "TpModelWorkerClient",
        ),
        f"{t(3405)} {SIGQUIT}",
    ),
)

t = clock("2025-07-01")
case(
    "rtx3090_unspecified_launch_failure_after_ready",
    "0.4.6.post5",
    "sglang-0.4.6.post5 tp_worker_overlap_thread.py, model_runner.py forward_extend, models/llama.py; torch CUDA error text",
    "cuda_error_other",
    "A consumer RTX 3090 (power / thermal trouble, the kind that shows as an Xid on the host): after ready, a prefill fails with `unspecified launch failure`. A runtime CUDA fault.",
    join(
        sargs(t(0), "meta-llama/Llama-3.1-8B-Instruct", dtype="auto", mem_fraction_static=0.85, tp_size=1),
        f"{t(7)} Init torch distributed begin.",
        f"{t(8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(8)} Load weight begin. avail mem=23.26 GB",
        *shards(t, 8, 4),
        f"{t(39)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=8.19 GB, mem usage=15.07 GB.",
        f"{t(39)} KV Cache is allocated. #tokens: 37622, K size: 2.30 GB, V size: 2.30 GB",
        f"{t(39)} Memory pool end. avail mem=3.48 GB",
        f"{t(40)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.93 GB",
        "Capturing batches (avail_mem=2.92 GB): 100%|██████████| 4/4 [00:01<00:00,  2.77it/s]",
        f"{t(42)} Capture cuda graph end. Time elapsed: 1.80 s. mem usage=0.05 GB. avail mem=2.88 GB.",
        f"{t(42)} max_total_num_tokens=37622, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2049, context_len=131072",
        *ready(t, 43, 2231),
        f"{t(900)} Prefill batch. #new-seq: 3, #new-token: 2048, #cached-token: 512, token usage: 0.31, #running-req: 5, #queue-req: 2",
        sched_exc(
            t(901),
            tb(
                PY310,
                *FWD_THREAD_046,
                ("model_executor/model_runner.py", 1201, "_forward_raw", "ret = self.forward_extend("),
                ("model_executor/model_runner.py", 1140, "forward_extend", "return self.model.forward("),
                ctx("2.6"),
                ("models/llama.py", 457, "forward", "hidden_states = self.model("),
                *mod("2.6"),
                ("models/llama.py", 334, "forward", "hidden_states, residual = layer("),
                *mod("2.6"),
                ("models/llama.py", 266, "forward", "hidden_states = self.mlp(hidden_states)"),
                *mod("2.6"),
                ("models/llama.py", 95, "forward", "gate_up, _ = self.gate_up_proj(x)"),
            ),
            "RuntimeError: CUDA error: unspecified launch failure\n" + CUDA_TAIL,
            "TpModelWorkerClient",
        ),
        f"{t(901)} {SIGQUIT}",
    ),
)

t = clock("2025-10-09")
case(
    "a100_uncorrectable_ecc_after_ready",
    "0.5.2",
    "sglang-0.5.2 managers/scheduler.py event_loop_overlap, scheduler_output_processor_mixin.py, tp_worker_overlap_thread.py resolve_last_batch_result (copy_done.synchronize); torch CUDA error text",
    "cuda_error_other",
    "An A100 40GB serving for a day: the scheduler's wait on the last batch reports an uncorrectable ECC error. A hardware CUDA fault after ready.",
    join(
        sargs(
            t(0),
            "Qwen/Qwen2.5-14B-Instruct",
            dtype="auto",
            mem_fraction_static=0.836,
            chunked_prefill_size=4096,
            tp_size=1,
        ),
        f"{t(9)} Attention backend not explicitly specified. Use flashinfer backend by default.",
        f"{t(9)} Init torch distributed begin.",
        f"{t(10)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(10)} Load weight begin. avail mem=38.93 GB",
        *shards(t, 10, 8),
        f"{t(52)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=11.12 GB, mem usage=27.81 GB.",
        f"{t(52)} KV Cache is allocated. #tokens: 37215, K size: 3.41 GB, V size: 3.41 GB",
        f"{t(52)} Memory pool end. avail mem=4.05 GB",
        f"{t(53)} Capture cuda graph begin. This can take up to several minutes. avail mem=3.49 GB",
        "Capturing batches (bs=32 avail_mem=3.47 GB): 100%|██████████| 12/12 [00:03<00:00,  3.58it/s]",
        f"{t(57)} Capture cuda graph end. Time elapsed: 3.71 s. mem usage=0.11 GB. avail mem=3.38 GB.",
        f"{t(57)} max_total_num_tokens=37215, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=2048, context_len=32768, available_gpu_mem=3.38 GB",
        *ready(t, 58, 511),
        f"{t(30000)} Decode batch. #running-req: 14, #token: 18810, token usage: 0.51, cuda graph: True, gen throughput (token/s): 402.17, #queue-req: 0, ",
        sched_exc(
            t(30002),
            tb(
                PY312,
                ("managers/scheduler.py", 2610, "run_scheduler_process", "scheduler.event_loop_overlap()"),
                ctx("2.8"),
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
                ("+torch/cuda/streams.py", 225, "synchronize", "super().synchronize()"),
            ),
            "RuntimeError: CUDA error: uncorrectable ECC error encountered\n" + CUDA_TAIL,
        ),
        f"{t(30002)} {SIGQUIT}",
    ),
)

t = clock("2025-10-11")
case(
    "a10g_second_server_same_http_port",
    "0.5.2",
    "sglang-0.5.2 entrypoints/http_server.py launch_server (uvicorn.run, then warmup_thread.join; warmup polls /get_model_info on the configured port), uvicorn's bind error text",
    "port_in_use",
    "A 4x A10G box, one server per GPU: the second (--base-gpu-id 1) was left on port 30000. It loads fully, uvicorn cannot bind, and its warmup thread then reaches the FIRST server and prints the ready line. The deciding event is the bind failure.",
    join(
        sargs(
            t(0),
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            mem_fraction_static=0.879,
            tp_size=1,
            base_gpu_id=1,
            port=30000,
        ),
        f"{t(9)} Attention backend not explicitly specified. Use flashinfer backend by default.",
        f"{t(9)} Init torch distributed begin.",
        f"{t(10)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(10)} Load weight begin. avail mem=21.67 GB",
        *shards(t, 10, 4),
        f"{t(45)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=6.64 GB, mem usage=15.03 GB.",
        f"{t(45)} KV Cache is allocated. #tokens: 32876, K size: 2.01 GB, V size: 2.01 GB",
        f"{t(45)} Memory pool end. avail mem=2.57 GB",
        f"{t(46)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.02 GB",
        "Capturing batches (bs=8 avail_mem=2.01 GB): 100%|██████████| 4/4 [00:01<00:00,  2.55it/s]",
        f"{t(48)} Capture cuda graph end. Time elapsed: 1.96 s. mem usage=0.05 GB. avail mem=1.96 GB.",
        f"{t(48)} max_total_num_tokens=32876, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2048, context_len=131072, available_gpu_mem=1.96 GB",
        f"{t(49)} INFO:     Started server process [18802]",
        f"{t(49)} INFO:     Waiting for application startup.",
        f"{t(49)} INFO:     Application startup complete.",
        f"{t(49)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{t(49)} INFO:     Waiting for application shutdown.",
        f"{t(49)} INFO:     Application shutdown complete.",
        f"{t(51)} The server is fired up and ready to roll!",
    ),
)


# ===================================================================== healthy contrasts
t = clock("2025-06-05")
case(
    "t4_float16_fallback_with_retractions_healthy",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_runner.py load_model (sm80 float16 fallback), managers/scheduler.py (`Decode out of memory happened`, batch lines)",
    "healthy",
    "A T4 serving Qwen2.5-1.5B: the bf16 checkpoint is cast to float16 (logged), the pool is small, and under a burst decode retracts requests with token usage near 1.00, then recovers. Pressure, not failure.",
    join(
        sargs(t(0), "Qwen/Qwen2.5-1.5B-Instruct", dtype="auto", mem_fraction_static=0.88, tp_size=1),
        f"{t(7)} Init torch distributed begin.",
        f"{t(8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(8)} Load weight begin. avail mem=14.53 GB",
        f"{t(8)} Compute capability below sm80. Use float16 due to lack of bfloat16 support.",
        *shards(t, 8, 1),
        f"{t(16)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.float16, avail mem=11.36 GB, mem usage=3.17 GB.",
        f"{t(16)} KV Cache is allocated. #tokens: 326944, K size: 4.36 GB, V size: 4.36 GB",
        f"{t(16)} Memory pool end. avail mem=2.08 GB",
        f"{t(17)} Capture cuda graph begin. This can take up to several minutes. avail mem=1.73 GB",
        "Capturing batches (avail_mem=1.73 GB): 100%|██████████| 4/4 [00:01<00:00,  2.48it/s]",
        f"{t(19)} Capture cuda graph end. Time elapsed: 1.83 s. mem usage=0.03 GB. avail mem=1.70 GB.",
        f"{t(19)} max_total_num_tokens=326944, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768",
        *ready(t, 20, 3319),
        f"{t(300)} Prefill batch. #new-seq: 12, #new-token: 2048, #cached-token: 9472, token usage: 0.97, #running-req: 240, #queue-req: 61",
        f"{t(301)} Decode batch. #running-req: 252, #token: 318112, token usage: 0.97, cuda graph: False, gen throughput (token/s): 1204.55, #queue-req: 61",
        f"{t(303)} Decode out of memory happened. #retracted_reqs: 9, #new_token_ratio: 0.3142 -> 0.5630",
        f"{t(305)} Decode batch. #running-req: 243, #token: 326102, token usage: 1.00, cuda graph: False, gen throughput (token/s): 1188.02, #queue-req: 70",
        f"{t(307)} Decode out of memory happened. #retracted_reqs: 4, #new_token_ratio: 0.5583 -> 0.6871",
        f'{t(308)} INFO:     10.1.0.4:40622 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{t(320)} Decode batch. #running-req: 187, #token: 241330, token usage: 0.74, cuda graph: False, gen throughput (token/s): 1302.77, #queue-req: 0",
        f'{t(321)} INFO:     10.1.0.4:40688 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

t = clock("2025-06-07")
case(
    "rtx4090_tp2_p2p_check_custom_allreduce_off_healthy",
    "0.4.6.post5",
    "sglang-0.4.6.post5 distributed/device_communicators/custom_all_reduce.py (`Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed`), custom_all_reduce_utils.py (P2P cache), model_runner.py; the --enable-p2p-check workaround from sgl-project/sglang#4814 / #991",
    "healthy",
    "Two RTX 4090 started with --enable-p2p-check: the real P2P test fails, custom all-reduce is disabled with a warning on both ranks, NCCL carries the all-reduces and the server serves.",
    join(
        sargs(
            t(0), "Qwen/Qwen2.5-14B-Instruct", dtype="auto", mem_fraction_static=0.87, tp_size=2, enable_p2p_check=True
        ),
        f"{t(8, 'TP0')} Init torch distributed begin.",
        f"{t(8, 'TP1')} Init torch distributed begin.",
        f"{t(9, 'TP0')} sglang is using nccl==2.21.5",
        f"{t(9, 'TP0')} generating GPU P2P access cache in /root/.cache/sglang/gpu_p2p_access_cache_for_0,1.json",
        f"{t(16, 'TP0')} Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
        f"{t(16, 'TP1')} Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
        f"{t(17, 'TP0')} Init torch distributed ends. mem usage=0.27 GB",
        f"{t(17, 'TP0')} Load weight begin. avail mem=22.92 GB",
        *shards(t, 17, 8, "TP0"),
        f"{t(47, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=8.94 GB, mem usage=13.98 GB.",
        f"{t(47, 'TP0')} KV Cache is allocated. #tokens: 54120, K size: 2.48 GB, V size: 2.48 GB",
        f"{t(47, 'TP0')} Memory pool end. avail mem=3.84 GB",
        f"{t(48, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=3.29 GB",
        "Capturing batches (avail_mem=3.28 GB): 100%|██████████| 4/4 [00:02<00:00,  1.86it/s]",
        f"{t(50, 'TP0')} Capture cuda graph end. Time elapsed: 2.41 s. mem usage=0.08 GB. avail mem=3.21 GB.",
        f"{t(51, 'TP0')} max_total_num_tokens=54120, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2049, context_len=32768",
        *ready(t, 51, 77210),
        f"{t(200, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 1421, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f"{t(202, 'TP0')} Decode batch. #running-req: 1, #token: 1461, token usage: 0.03, cuda graph: True, gen throughput (token/s): 36.80, #queue-req: 0",
        f'{t(209)} INFO:     127.0.0.1:38850 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

t = clock("2025-10-16")
case(
    "a100_pcie_x4_fp8_marlin_retractions_healthy",
    "0.5.2",
    "sglang-0.5.2 custom_all_reduce.py (`not supported on more than two PCIe-only GPUs`), marlin_utils_fp8.py (weight-only FP8 warning), managers/scheduler.py (`KV cache pool is full. Retract requests.`), scheduler_metrics_mixin.py",
    "healthy",
    "Four A100 PCIe (no NVLink) serving Qwen3-32B-FP8: custom all-reduce is disabled for more than two PCIe GPUs, FP8 runs weight-only through Marlin (dense model, no fused MoE), and under load the pool fills and retracts. All warnings and pressure on a serving server.",
    join(
        sargs(
            t(0), "Qwen/Qwen3-32B-FP8", dtype="auto", mem_fraction_static=0.854, chunked_prefill_size=8192, tp_size=4
        ),
        f"{t(10, 'TP0')} Attention backend not explicitly specified. Use flashinfer backend by default.",
        *[f"{t(10, f'TP{r}')} Init torch distributed begin." for r in range(4)],
        f"{t(11, 'TP0')} sglang is using nccl==2.27.3",
        *[
            f"{t(12, f'TP{r}')} Custom allreduce is disabled because it's not supported on more than two PCIe-only GPUs. To silence this warning, specify disable_custom_all_reduce=True explicitly."
            for r in range(4)
        ],
        f"{t(13, 'TP0')} Init torch distributed ends. mem usage=1.02 GB",
        f"{t(13, 'TP0')} Load weight begin. avail mem=77.96 GB",
        *shards(t, 14, 7, "TP0"),
        *[
            f"{t(40, f'TP{r}')} Your GPU does not have native support for FP8 computation but FP8 quantization is being used. Weight-only FP8 compression will be used leveraging the Marlin kernel. This may degrade performance for compute-heavy workloads."
            for r in range(4)
        ],
        f"{t(42, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=69.31 GB, mem usage=8.65 GB.",
        f"{t(42, 'TP0')} KV Cache is allocated. #tokens: 1095360, K size: 28.21 GB, V size: 28.21 GB",
        f"{t(42, 'TP0')} Memory pool end. avail mem=12.49 GB",
        f"{t(43, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=11.90 GB",
        "Capturing batches (bs=160 avail_mem=11.88 GB): 100%|██████████| 23/23 [00:09<00:00,  2.41it/s]",
        f"{t(53, 'TP0')} Capture cuda graph end. Time elapsed: 9.62 s. mem usage=0.71 GB. avail mem=11.19 GB.",
        f"{t(53, 'TP0')} max_total_num_tokens=1095360, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=11.19 GB",
        *ready(t, 54, 8810),
        f"{t(900, 'TP0')} Prefill batch. #new-seq: 3, #new-token: 8192, #cached-token: 20480, token usage: 0.98, #running-req: 402, #queue-req: 148, ",
        f"{t(902, 'TP0')} Decode batch. #running-req: 405, #token: 1089117, token usage: 0.99, cuda graph: False, gen throughput (token/s): 2114.63, #queue-req: 148, ",
        f"{t(904, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 6, #new_token_ratio: 0.4412 -> 0.6190",
        f"{t(906, 'TP0')} Decode batch. #running-req: 399, #token: 1095012, token usage: 1.00, cuda graph: False, gen throughput (token/s): 2098.14, #queue-req: 154, ",
        f"{t(909, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 2, #new_token_ratio: 0.6124 -> 0.6845",
        f'{t(910)} INFO:     10.20.0.8:55104 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{t(960, 'TP0')} Decode batch. #running-req: 288, #token: 804442, token usage: 0.73, cuda graph: False, gen throughput (token/s): 2230.51, #queue-req: 0, ",
        f'{t(961)} INFO:     10.20.0.8:55180 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

t = clock("2025-06-09")
MOE_LOOKUP_046 = (
    *MP310,
    (
        "managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    *GRAPHS_046[1:],
    *CAPTURE_046[:2],
    ("model_executor/cuda_graph_runner.py", 509, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 497, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    ctx("2.6"),
    ("models/qwen3_moe.py", 666, "forward", "hidden_states = self.model("),
    *mod("2.6"),
    ("models/qwen2_moe.py", 598, "forward", "hidden_states, residual = layer("),
    *mod("2.6"),
    ("models/qwen3_moe.py", 471, "forward", "return self.forward_ffn_with_full_input("),
    (
        "models/qwen3_moe.py",
        525,
        "forward_ffn_with_full_input",
        "hidden_states = self.mlp(hidden_states, forward_batch.forward_mode)",
    ),
    *mod("2.6"),
    ("models/qwen3_moe.py", 157, "forward", "return self.forward_normal(hidden_states)"),
    ("models/qwen3_moe.py", 174, "forward_normal", "final_hidden_states = self.experts("),
    *mod("2.6"),
    ("layers/moe/fused_moe_triton/layer.py", 645, "forward", "final_hidden_states = self.quant_method.apply("),
    ("layers/moe/fused_moe_triton/layer.py", 138, "apply", "return self.forward("),
    ("custom_op.py", 18, "forward", "return self._forward_method(*args, **kwargs)"),
    ("layers/moe/fused_moe_triton/layer.py", 213, "forward_cuda", "return fused_experts("),
    ("layers/moe/fused_moe_triton/fused_moe.py", 1261, "fused_experts", "torch.ops.sglang.inplace_fused_experts("),
    ("+torch/_ops.py", 1123, "__call__", "return self._op(*args, **(kwargs or {}))"),
    ("layers/moe/fused_moe_triton/fused_moe.py", 1100, "inplace_fused_experts", "fused_experts_impl("),
    ("layers/moe/fused_moe_triton/fused_moe.py", 1375, "fused_experts_impl", "config = get_config_func(M)"),
    (
        "layers/moe/fused_moe_triton/fused_moe.py",
        1043,
        "try_get_optimal_moe_config",
        "configs = get_moe_configs(E, N, dtype, block_n, block_k)",
    ),
    ("layers/moe/fused_moe_triton/fused_moe.py", 957, "get_moe_configs", "logger.warning("),
)
MOE_JSON = "E=128,N=192,device_name=NVIDIA_GeForce_RTX_3090.json"
case(
    "rtx3090_x4_moe_default_config_logging_error_healthy",
    "0.4.6.post5",
    "sglang-0.4.6.post5 layers/moe/fused_moe_triton/fused_moe.py get_moe_configs (logger.warning with one `%s` and two arguments: CPython's logging handleError prints `--- Logging error ---`), custom_all_reduce.py (`more than two PCIe-only GPUs`); CPython 3.10 logging/__init__.py",
    "healthy",
    "Four RTX 3090 serving Qwen3-30B-A3B: no tuned MoE config for this GPU, and 0.4.6.post5's warning call is malformed, so Python prints a `--- Logging error ---` traceback with a TypeError during graph capture. Nothing failed: capture ends and the server serves.",
    join(
        sargs(t(0), "Qwen/Qwen3-30B-A3B", dtype="auto", mem_fraction_static=0.85, tp_size=4),
        *[f"{t(9, f'TP{r}')} Init torch distributed begin." for r in range(4)],
        f"{t(10, 'TP0')} sglang is using nccl==2.21.5",
        *[
            f"{t(11, f'TP{r}')} Custom allreduce is disabled because it's not supported on more than two PCIe-only GPUs. To silence this warning, specify disable_custom_all_reduce=True explicitly."
            for r in range(4)
        ],
        f"{t(12, 'TP0')} Init torch distributed ends. mem usage=0.31 GB",
        f"{t(12, 'TP0')} Load weight begin. avail mem=23.05 GB",
        *shards(t, 12, 16, "TP0"),
        f"{t(70, 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=8.71 GB, mem usage=14.34 GB.",
        f"{t(70, 'TP0')} KV Cache is allocated. #tokens: 142880, K size: 3.27 GB, V size: 3.27 GB",
        f"{t(70, 'TP0')} Memory pool end. avail mem=1.94 GB",
        f"{t(71, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=1.62 GB",
        "Capturing batches (avail_mem=1.62 GB):   0%|          | 0/13 [00:00<?, ?it/s]",
        "--- Logging error ---",
        TB,
        tb(
            PY310,
            ("/usr/lib/python3.10/logging/__init__.py", 1100, "emit", "msg = self.format(record)"),
            ("/usr/lib/python3.10/logging/__init__.py", 943, "format", "return fmt.format(record)"),
            ("/usr/lib/python3.10/logging/__init__.py", 678, "format", "record.message = record.getMessage()"),
            ("/usr/lib/python3.10/logging/__init__.py", 368, "getMessage", "msg = msg % self.args"),
        ),
        "TypeError: not all arguments converted during string formatting",
        "Call stack:",
        tb(PY310, *MOE_LOOKUP_046),
        "Message: 'Using default MoE kernel config. Performance might be sub-optimal! Config file not found at %s, you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton'",
        f"Arguments: ('{PY310}/sglang/srt/layers/moe/fused_moe_triton/configs/{MOE_JSON}', '{MOE_JSON}')",
        "Capturing batches (avail_mem=1.20 GB): 100%|██████████| 13/13 [00:07<00:00,  1.77it/s]",
        f"{t(79, 'TP0')} Capture cuda graph end. Time elapsed: 7.35 s. mem usage=0.43 GB. avail mem=1.19 GB.",
        f"{t(79, 'TP0')} max_total_num_tokens=142880, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2049, context_len=40960",
        *ready(t, 80, 12077),
        f"{t(140, 'TP0')} Prefill batch. #new-seq: 4, #new-token: 2048, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 2",
        f"{t(141, 'TP0')} Decode batch. #running-req: 6, #token: 3366, token usage: 0.02, cuda graph: True, gen throughput (token/s): 141.02, #queue-req: 0",
        f'{t(150)} INFO:     192.168.1.23:61340 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)


# ------------------------------------------------------------------------------------------------------ tests
XFAIL: dict[str, str] = {  # filled after the ONE first-sight run: case -> label the classifier gave
    "rtx4090_x8_p2p_nccl_hang_ctrl_c": "unknown",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_oldgpus_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}  # healthy cases that fire a failure event on the way: case -> event label


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_oldgpus_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
