"""SGLang with torch.compile (0.4.3-0.5.10.post1), as it shows in the log (synthetic, written blind by a helper).

Scope `compile`: `--enable-torch-compile` / `--torch-compile-max-bs` (the decode CUDA graphs compiled with inductor
`max-autotune-no-cudagraphs`), the CPU graph runner (`--device cpu --enable-torch-compile`), piecewise CUDA graphs
through torch.compile (0.5.5's opt-in `--enable-piecewise-cuda-graph`, 0.5.10.post1's on-by-default prefill graphs),
and what goes wrong there: TorchDynamo / Inductor / Triton failures wrapped in SGLang's `Capture cuda graph failed:`
advice (a missing C compiler or Python headers for Triton's and Inductor's builds, an unwritable inductor / SGLang
compile cache, a fullgraph model that graph-breaks, the recompile limit with fullgraph, inductor code Triton cannot
compile, ptxas without the GPU's arch, a Triton config too big for an MI308's shared memory, a kernel launch that is
not permitted while the stream captures), compile time making start-up slow (the sglang-router's 300 s worker health
timeout, a slow rank leaving the others at the capture barrier until gloo times out), and OOM while the compiled
graphs capture (CUDA and HIP spellings, decode and piecewise, 0.4.3's `child proces.` typo, 0.5.10's launcher
traceback), plus what follows an OOM there (the pool left too small after the advice was over-applied, an OOM while
serving). Five healthy contrasts reach ready with alarming compile logs: inductor's `Not enough SMs to use
max_autotune_gemm mode` on an L4 (and a 13-minute capture), `Runtime error during autotuning: CUDA out of memory ...
Ignoring this choice.` at ERROR level, dynamo's `Graph break from Tensor.item()` warning, TORCH_LOGS=recompiles lines
while serving, retraction under load with torch.compile on.

Sources. SGLang wheels 0.4.3.post2, 0.4.6.post5, 0.4.9.post2, 0.5.1.post3, 0.5.2, 0.5.5, 0.5.10.post1
(model_executor/cuda_graph_runner.py `Capture cuda graph failed:` + CUDA_GRAPH_CAPTURE_FAILED_MSG, `patch_model` /
`set_torch_compile_config`; piecewise_cuda_graph_runner.py; compilation/backend.py (`~/.cache/sglang/torch_compile_cache`,
`Compiling a graph for shape %s takes %.2f s`), compilation/piecewise_context_manager.py (`Piecewise CUDA Graph failed
with error:` + PIECEWISE_CUDA_GRAPH_CAPTURE_FAILED_MSG); cpu_graph_runner.py (`Capture CPU graph failed:`);
model_runner.py start-up lines; layers/attention/flashinfer_backend.py (`suppress_errors`); managers/scheduler.py;
entrypoints/engine.py). torch wheels 2.6.0, 2.8.0, 2.9.1 (_dynamo/exc.py BackendCompilerFailed / augment_exc_message /
format_graph_break_message, _dynamo/convert_frame.py `torch._dynamo hit config.%s (%s)` and FailOnRecompileLimitHit,
_dynamo/guards.py `Recompiling function`, _dynamo/variables/tensor.py `Graph break from Tensor.item()`,
_inductor/exc.py CppCompileError / InvalidCxxCompiler / TritonMissing / InductorError,
_inductor/compile_worker/subproc_pool.py SubprocException, _inductor/select_algorithm.py AUTOTUNE prints and
`Runtime error during autotuning`, _inductor/utils.py `Not enough SMs`, _inductor/runtime/cache_dir_utils.py,
_logging/_internal.py's `[rank0]:W0302 ...] [0/3]` prefix). triton 3.4.0 (runtime/build.py `Failed to find C
compiler`, the gcc command; runtime/errors.py OutOfResources / PTXASError; backends/nvidia/compiler.py make_cubin).
sglang-router 0.1.4 (launch_server.py / launch_router.py loggers, the Rust `Timeout {}s waiting for workers`).
Threads: sgl-project/sglang#1117 (Python.h during capture), #7918 (0.4.9.post1 torch.compile: operation not permitted
when stream is capturing), #9832 and pytorch/pytorch#161868 (GPT-OSS, SubprocException, `cuda_capability_geq`),
#9707 (ptxas sm_120a at capture), #6001 (MI308 out of resource: shared memory, /tmp/torchinductor_root), #4208 and
#2778 (router health timeout with torch.compile, AUTOTUNE spam), #2507 (L4 not enough SMs), #15654 and PR #13667
(piecewise recompiles with TORCH_LOGS=recompiles), #13469 / PR #13622 (piecewise recompile), #3752 (multi-node
torch.compile). Format fields are filled with plausible values; torch / triton internal line numbers are approximate.

Labelling policy, fixed before the classifier ran (README labels + the brief's families): the deciding event and the
phase decide. An exception wrapped in `Capture cuda graph failed:` (whose advice talks about memory) is OOM only when
the inner text is an out-of-memory (CUDA or HIP): then `oom_cuda_graph`, for decode, CPU and piecewise capture and for
piecewise compile warm-up alike. A compile failure whose cause is the machine's set-up or the model/flag choice is
`config_error`: no C/C++ compiler, no Python headers, an unwritable or read-only compile cache, Triton too old for
inductor, inductor codegen Triton cannot compile (#9832), ptxas without the GPU arch, a Triton config bigger than the
GPU's shared memory (`out of resource` is not memory), a model that graph-breaks or recompiles past the limit under
fullgraph (the fix is the flag), and the router giving up on a worker still compiling (the fix is the timeout or the
flag). A CUDA fault during capture (`operation not permitted when stream is capturing`, illegal memory access) is
`cuda_error_other`; gloo timing out at the capture barrier while another node compiles is `nccl_or_distributed`.
`Not enough memory. Please try to increase --mem-fraction-static` is `oom_kv_cache`; an OOM after ready is
`oom_runtime`. A server that reached ready is `healthy` whatever compile warnings or retractions it printed.

First sight: 23/30 (7 misses, strict xfails below); healthy contrasts 5/5 end `healthy`, but 1 of them fires a
failure event on the way (EVENT_XFAIL):
- gptoss_inductor_triton_nameerror_subproc_051: inductor's Triton code fails to compile (NameError in a
  SubprocException) inside `Capture cuda graph failed:` -> cuda_error_other (oom.capture_failed).
- piecewise_default_data_dependent_branch_0510: dynamo `Unsupported: Data-dependent branching` under 0.5.10's
  default piecewise graphs -> cuda_error_other (oom.capture_failed).
- piecewise_recompile_limit_fullgraph_055: FailOnRecompileLimitHit under fullgraph -> unknown (unnamed.consequence).
- ptxas_sm120a_inductor_kernel_051: ptxas cannot target sm_120a (PTXASError) -> cuda_error_other (oom.capture_failed).
- router_worker_health_timeout_while_compiling_043: sglang-router's 300 s worker health timeout while the worker
  autotunes -> unknown (no rule).
- sglang_compile_cache_permission_piecewise_055: BackendCompilerFailed / PermissionError on ~/.cache/sglang ->
  cuda_error_other (unnamed.exception).
- triton_too_old_for_inductor_052: inductor's `Cannot find a working triton installation` -> cuda_error_other
  (oom.capture_failed).
- event (healthy_autotune_oom_choices_ignored_052): inductor's ERROR-level `Runtime error during autotuning: CUDA out
  of memory ... Ignoring this choice.` fires an oom_cuda_graph failure event although the server went on to ready.
"""

# ruff: noqa: E501, RUF005

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import DIED, GRAPHS, INIT, TB, first_sight, frames, ts


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
P310 = "/usr/local/lib/python3.10/dist-packages"  # lmsysorg/sglang:v0.4.* images
P312 = "/usr/local/lib/python3.12/dist-packages"  # lmsysorg/sglang:v0.5.* images
MI_SITE = "/usr/local/lib/python3.12/dist-packages"  # the rocm images (sglang#6001)


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package of the same site-packages: `+torch/...`)."""
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


def chain(inner: str, outer: str) -> str:
    """Python's chained traceback (an exception raised in an `except` block)."""
    return f"{inner}\n\nDuring handling of the above exception, another exception occurred:\n\n{TB}\n{outer}"


def sargs(second: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def tlog(
    level: str, second: int, path: str, line: int, msg: str, *, trace: str = "", rank: int | None = 0, pid: int = 4242
) -> str:
    """torch's own log format (torch._logging.TorchLogsFormatter): every line of the message gets the prefix."""
    stamp = f"0302 10:{second // 60:02d}:{second % 60:02d}.{(second * 7919) % 1000000:06d}"
    rp = f"[rank{rank}]:" if rank is not None else ""
    pre = f"{rp}{level}{stamp} {pid} {path}:{line}]" + (f" [{trace}]" if trace else "")
    return "\n".join(f"{pre} {m}" for m in msg.split("\n"))


def ready(second: int, port: int = 30000, pid: int = 4242, sep: str = ".") -> list[str]:
    """uvicorn's lines, the warm-up request (`Prefill batch.` before 0.5.3, `Prefill batch,` after) and SGLang's ready line."""
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 2)} Prefill batch{sep} #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f'{ts(second + 3)} INFO:     127.0.0.1:46720 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 3)} The server is fired up and ready to roll!",
    ]


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sigquit(second: int, typo: bool = False) -> str:
    word = "proces" if typo else "process"
    return f"{ts(second)} Received sigquit from a child {word}. It usually means the child failed."


def autotune(name: str, sizes: str, strides: str, rows: list[str], bench: float, pre: float, n: int) -> list[str]:
    """inductor's max-autotune report (select_algorithm.py, written straight to stderr)."""
    return [
        f"AUTOTUNE {name}({sizes})",
        f"strides: {strides}",
        "dtypes: torch.bfloat16, torch.bfloat16",
        *[f"  {r}" for r in rows],
        f"SingleProcess AUTOTUNE benchmarking takes {bench:.4f} seconds and {pre:.4f} seconds precompiling for {n} choices",
    ]


MM_ROWS = [
    "mm 0.0134 ms 100.0% ",
    "triton_mm_99 0.0135 ms 99.3% ACC_TYPE='tl.float32', ALLOW_TF32=False, BLOCK_K=128, BLOCK_M=16, BLOCK_N=64, EVEN_K=True, GROUP_M=8, USE_FAST_ACCUM=False, num_stages=5, num_warps=4",
    "triton_mm_101 0.0141 ms 95.0% ACC_TYPE='tl.float32', ALLOW_TF32=False, BLOCK_K=64, BLOCK_M=16, BLOCK_N=128, EVEN_K=True, GROUP_M=8, USE_FAST_ACCUM=False, num_stages=4, num_warps=4",
]

DYN_VERBOSE_28 = (
    "\n\nSet TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you're reporting a bug "
    'to PyTorch). For even more developer context, set TORCH_LOGS="+dynamo"\n'
)
DYN_VERBOSE_26 = (
    '\n\nSet TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information\n\n\n'
    "You can suppress this exception and fall back to eager by setting:\n"
    "    import torch._dynamo\n"
    "    torch._dynamo.config.suppress_errors = True\n"
)

# 0.4.3.post2's advice (cuda_graph_runner.py)
ADVICE_043 = (
    "Possible solutions:\n"
    "1. disable cuda graph by --disable-cuda-graph\n"
    "2. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. set --cuda-graph-max-bs to a smaller value (e.g., 32)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose "
)
# 0.4.6-0.5.10's CUDA_GRAPH_CAPTURE_FAILED_MSG
ADVICE = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose "
)
ADVICE_PCG_055 = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --piecewise-cuda-graph-max-tokens to a smaller value (e.g., 512)\n"
    "3. disable Piecewise CUDA graph by unset --enable-piecewise-cuda-graph\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose "
)
ADVICE_PCG_0510 = (
    "Piecewise CUDA Graph is enabled by default as an experimental feature.\n"
    "To work around this error, add --disable-piecewise-cuda-graph to your launch command.\n"
    "Please report this issue at https://github.com/sgl-project/sglang/issues/new/choose"
)
ADVICE_CPU = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --torch-compile-max-bs to a smaller value (e.g., 8)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose "
)


def oom_text(
    alloc: str, gpu: int, total: str, free: str, used: str, by_pt: str, pools: str, unalloc: str, dev: str = "CUDA"
) -> str:
    return (
        f"{dev} out of memory. Tried to allocate {alloc}. GPU {gpu} has a total capacity of {total} of which {free} is free. "
        f"Including non-PyTorch memory, this process has {used} memory in use. Of the allocated memory {by_pt} is allocated by PyTorch, "
        f"with {pools} allocated in private pools (e.g., CUDA Graphs), and {unalloc} is reserved by PyTorch but unallocated. "
        "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
        "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


# -- call paths (outermost first), per release
def sched_046(*tail: tuple[str, int, str, str]) -> tuple:
    return (
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
    ) + tail


GRAPH_046 = sched_046(
    ("model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
    ("model_executor/model_runner.py", 1098, "init_cuda_graphs", "self.cuda_graph_runner = CudaGraphRunner(self)"),
    ("model_executor/cuda_graph_runner.py", 309, "__init__", "raise Exception("),
)
CAPTURE_046 = (
    ("model_executor/cuda_graph_runner.py", 307, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 386, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 509, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 497, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    ("+torch/_dynamo/eval_frame.py", 574, "_fn", "return fn(*args, **kwargs)"),
    ("+torch/_dynamo/convert_frame.py", 1380, "__call__", "return self._torchdynamo_orig_callable("),
)
GRAPH_049 = (
    (
        "managers/scheduler.py",
        2753,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 339, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 66, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 81, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 233, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 314, "initialize", "self.init_cuda_graphs()"),
    ("model_executor/model_runner.py", 1373, "init_cuda_graphs", "self.cuda_graph_runner = CudaGraphRunner(self)"),
    ("model_executor/cuda_graph_runner.py", 338, "__init__", "raise Exception("),
)
GRAPH_043 = (
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
    ("model_executor/model_runner.py", 224, "__init__", "self.init_cuda_graphs()"),
    ("model_executor/model_runner.py", 741, "init_cuda_graphs", "self.cuda_graph_runner = CudaGraphRunner(self)"),
    ("model_executor/cuda_graph_runner.py", 239, "__init__", "raise Exception("),
)


def sched_052(*tail: tuple[str, int, str, str]) -> tuple:
    return (
        ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
        ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
        ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
        ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
        ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
    ) + tail


GRAPH_052 = sched_052(
    ("model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1761,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception("),
)
CAPTURE_052 = (
    ("model_executor/cuda_graph_runner.py", 389, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 497, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 668, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 657, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
)


def sched_055(*tail: tuple[str, int, str, str]) -> tuple:
    return (
        ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
        ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
        ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
    ) + tail


PCG_055 = sched_055(
    (
        "model_executor/model_runner.py",
        349,
        "__init__",
        "self.piecewise_cuda_graph_runner = PiecewiseCudaGraphRunner(self)",
    ),
)
PCG_0510 = INIT + (
    ("model_executor/model_runner.py", 673, "initialize", "self.init_piecewise_cuda_graphs()"),
    (
        "model_executor/model_runner.py",
        2569,
        "init_piecewise_cuda_graphs",
        "self.piecewise_cuda_graph_runner = PiecewiseCudaGraphRunner(self)",
    ),
)


# ============================================================================================ missing build tools
case(
    "triton_python_h_missing_at_capture_046",
    "0.4.6.post5 (torch 2.6.0, triton 3.2)",
    "sglang#1117 (Python.h during capture); triton runtime/build.py; torch 2.6.0 _dynamo/exc.py BackendCompilerFailed + augment_exc_message; sglang 0.4.6.post5 cuda_graph_runner.py",
    "config_error",
    "Triton builds its cuda_utils launcher with gcc against the Python headers; the image has no python3-dev. "
    "Wrapped in the capture advice about memory, but nothing here is memory: a missing build dependency.",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            mem_fraction_static=0.88,
            tp_size=1,
            attention_backend="fa3",
            enable_torch_compile=True,
            torch_compile_max_bs=32,
        ),
        f"{ts(4)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(5)} Load weight begin. avail mem=78.81 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:03<00:00,  1.12it/s]",
        f"{ts(10)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.72 GB, mem usage=15.09 GB.",
        f"{ts(10)} KV Cache is allocated. #tokens: 446304, K size: 27.24 GB, V size: 27.24 GB",
        f"{ts(10)} Memory pool end. avail mem=8.63 GB",
        f"{ts(11)} Capture cuda graph begin. This can take up to several minutes. avail mem=8.11 GB",
        f"{ts(11)} Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (avail_mem=8.09 GB):  70%|███████   | 16/23 [00:04<00:01,  4.02it/s]",
        "/tmp/tmpk2d9x1f0/main.c:5:10: fatal error: Python.h: No such file or directory",
        "    5 | #include <Python.h>",
        "      |          ^~~~~~~~~~",
        "compilation terminated.",
        "Capturing batches (avail_mem=8.09 GB):  70%|███████   | 16/23 [00:19<00:05,  1.22s/it]",
        f"{ts(32)} Scheduler hit an exception: "
        + TB
        + "\n"
        + chain(
            tb(
                P310,
                *CAPTURE_046,
                (
                    "+torch/_dynamo/output_graph.py",
                    1492,
                    "_call_user_compiler",
                    "raise BackendCompilerFailed(self.compiler_fn, e) from e",
                ),
            )
            + "\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
            "CalledProcessError: Command '['/usr/bin/gcc', '/tmp/tmpk2d9x1f0/main.c', '-O3', '-shared', '-fPIC', '-Wno-psabi', '-o', '/tmp/tmpk2d9x1f0/cuda_utils.cpython-310-x86_64-linux-gnu.so', '-lcuda', "
            f"'-L{P310}/triton/backends/nvidia/lib', '-L/usr/lib/x86_64-linux-gnu', '-I{P310}/triton/backends/nvidia/include', '-I/tmp/tmpk2d9x1f0', '-I/usr/include/python3.10']' returned non-zero exit status 1."
            + DYN_VERBOSE_26,
            tb(P310, *GRAPH_046) + "\nException: Capture cuda graph failed: backend='inductor' raised:\n"
            "CalledProcessError: Command '['/usr/bin/gcc', '/tmp/tmpk2d9x1f0/main.c', '-O3', '-shared', '-fPIC', '-Wno-psabi', '-o', '/tmp/tmpk2d9x1f0/cuda_utils.cpython-310-x86_64-linux-gnu.so', '-lcuda', "
            f"'-L{P310}/triton/backends/nvidia/lib', '-L/usr/lib/x86_64-linux-gnu', '-I{P310}/triton/backends/nvidia/include', '-I/tmp/tmpk2d9x1f0', '-I/usr/include/python3.10']' returned non-zero exit status 1."
            + DYN_VERBOSE_26
            + "\n"
            + ADVICE,
        ),
        "",
        sigquit(33),
    ),
)

case(
    "triton_no_c_compiler_052",
    "0.5.2 (torch 2.8.0, triton 3.4.0)",
    "triton 3.4.0 runtime/build.py `_build`; torch 2.8.0 _inductor/compile_fx.py InductorError + _dynamo/exc.py augment_exc_message; sglang 0.5.2 cuda_graph_runner.py",
    "config_error",
    "A slim runtime image without gcc or clang: inductor's Triton launcher cannot be built while the first compiled "
    "batch size captures. The fix is installing a compiler (or CC=), not memory.",
    join(
        sargs(
            0,
            "Qwen/Qwen3-8B",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=1,
            attention_backend="fa3",
            enable_torch_compile=True,
            torch_compile_max_bs=16,
        ),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(4)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4)} Load weight begin. avail mem=78.88 GB",
        f"{ts(9)} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=63.38 GB, mem usage=15.50 GB.",
        f"{ts(9)} KV Cache is allocated. #tokens: 366998, K size: 25.20 GB, V size: 25.20 GB",
        f"{ts(9)} Memory pool end. avail mem=12.41 GB",
        f"{ts(10)} Capture cuda graph begin. This can take up to several minutes. avail mem=11.83 GB",
        f"{ts(10)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        "Capturing batches (bs=16 avail_mem=11.41 GB):  83%|████████▎ | 30/36 [00:07<00:01,  4.18it/s]",
        f"{ts(31)} Scheduler hit an exception: "
        + TB
        + "\n"
        + chain(
            tb(
                P312,
                *CAPTURE_052,
                ("+torch/_dynamo/eval_frame.py", 736, "compile_wrapper", "return fn(*args, **kwargs)"),
                (
                    "+torch/_inductor/compile_fx.py",
                    923,
                    "_compile_fx_inner",
                    "raise InductorError(e, currentframe()).with_traceback(",
                ),
                ("+triton/runtime/build.py", 31, "_build", "raise RuntimeError("),
            )
            + "\ntorch._inductor.exc.InductorError: RuntimeError: Failed to find C compiler. Please specify via CC environment variable or set triton.knobs.build.impl."
            + DYN_VERBOSE_28,
            tb(P312, *GRAPH_052)
            + "\nException: Capture cuda graph failed: RuntimeError: Failed to find C compiler. Please specify via CC environment variable or set triton.knobs.build.impl."
            + DYN_VERBOSE_28
            + "\n"
            + ADVICE,
        ),
        "",
        sigquit(32),
    ),
)

CXX_CMD = (
    "g++ /tmp/torchinductor_root/7x/c7xq3kbd5m4yuxlv2o6w3n4m3ppdfgq2ll7s2pbxmdbqc6qk4r2v.main.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER "
    "-D C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only "
    "-fno-signed-zeros -fno-math-errno -fexcess-precision=fast -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off "
    "-fno-tree-loop-vectorize -march=native -shared -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -fopenmp "
    f"-I/usr/include/python3.12 -I{P312}/torch/include -I{P312}/torch/include/torch/csrc/api/include -mavx512f -mavx512dq -mavx512vl "
    f"-mavx512bw -mfma -mamx-tile -mamx-bf16 -mamx-int8 -D_GLIBCXX_USE_CXX11_ABI=1 -ltorch -ltorch_cpu -ltorch_python -lgomp "
    f"-L/usr/lib/x86_64-linux-gnu -L{P312}/torch/lib -o /tmp/torchinductor_root/7x/c7xq3kbd5m4yuxlv2o6w3n4m3ppdfgq2ll7s2pbxmdbqc6qk4r2v.main.so"
)
CXX_OUT = (
    "In file included from /tmp/torchinductor_root/7x/c7xq3kbd5m4yuxlv2o6w3n4m3ppdfgq2ll7s2pbxmdbqc6qk4r2v.main.cpp:2:\n"
    f"{P312}/torch/include/torch/csrc/inductor/cpp_wrapper/common.h:6:10: fatal error: Python.h: No such file or directory\n"
    "    6 | #include <Python.h>\n"
    "      |          ^~~~~~~~~~\n"
    "compilation terminated."
)
case(
    "cpu_graph_inductor_cpp_python_h_0510",
    "0.5.10.post1 (CPU, torch 2.9.0+cpu)",
    "sglang 0.5.10.post1 cpu_graph_runner.py (`Capture CPU graph failed:`, CPU_GRAPH_CAPTURE_FAILED_MSG), entrypoints/engine.py `_scheduler_died_error`; torch 2.9 _inductor/exc.py CppCompileError; pytorch#152172 / rasbt/reasoning-from-scratch#192 (the g++ command shape)",
    "config_error",
    "Xeon serving with --device cpu --enable-torch-compile: inductor's C++ kernels need Python.h and the venv's python "
    "has no headers. The CPU advice talks about memory; the output says the header is missing.",
    join(
        sargs(
            0,
            "Qwen/Qwen3-1.7B",
            device="cpu",
            dtype="bfloat16",
            mem_fraction_static=0.5,
            tp_size=1,
            enable_torch_compile=True,
            torch_compile_max_bs=4,
        ),
        f"{ts(2)} Init torch distributed begin.",
        f"{ts(2)} Init torch distributed ends. elapsed=0.31 s, mem usage=0.00 GB",
        f"{ts(2)} Load weight begin. avail mem=483.12 GB",
        f"{ts(6)} Load weight end. elapsed=3.88 s, type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=479.70 GB, mem usage=3.42 GB.",
        f"{ts(6)} KV Cache is allocated. #tokens: 1724416, K size: 98.67 GB, V size: 98.67 GB",
        f"{ts(6)} Memory pool end. avail mem=282.21 GB",
        f"{ts(7)} Capture cpu graph begin. This can take up to several minutes. avail mem=282.20 GB",
        f"{ts(7)} Capture cpu graph bs [1, 2, 4]",
        "Capturing batches (bs=4 avail_mem=282.19 GB):   0%|          | 0/3 [00:00<?, ?it/s]",
        f"{ts(48)} Scheduler hit an exception: "
        + TB
        + "\n"
        + chain(
            tb(
                P312,
                ("model_executor/cpu_graph_runner.py", 567, "__init__", "self.capture()"),
                ("model_executor/cpu_graph_runner.py", 618, "capture", ") = self.capture_one_batch_size(bs, forward)"),
                ("+torch/_inductor/cpp_builder.py", 593, "run_compile_cmd", "_run_compile_cmd(cmd_line, cwd)"),
                (
                    "+torch/_inductor/cpp_builder.py",
                    588,
                    "_run_compile_cmd",
                    "raise exc.CppCompileError(cmd, output) from e",
                ),
            )
            + f"\ntorch._inductor.exc.InductorError: CppCompileError: C++ compile error\n\nCommand:\n{CXX_CMD}\n\nOutput:\n{CXX_OUT}"
            + DYN_VERBOSE_28,
            frames(
                *INIT,
                ("model_executor/model_runner.py", 655, "initialize", "self.init_device_graphs()"),
                (
                    "model_executor/model_runner.py",
                    2455,
                    "init_device_graphs",
                    "self.graph_runner = graph_runners[self.device](self)",
                ),
                ("model_executor/cpu_graph_runner.py", 569, "__init__", "raise Exception("),
            )
            + f"\nException: Capture CPU graph failed: CppCompileError: C++ compile error\n\nCommand:\n{CXX_CMD}\n\nOutput:\n{CXX_OUT}"
            + DYN_VERBOSE_28
            + "\n"
            + ADVICE_CPU,
        ),
        "",
        f"{ts(49)} {TB}",
        DIED,
    ),
)

case(
    "cpu_graph_no_cxx_compiler_055",
    "0.5.5 (CPU, torch 2.8.0+cpu)",
    "sglang 0.5.5 cpu_graph_runner.py; torch 2.8.0 _inductor/exc.py InvalidCxxCompiler",
    "config_error",
    "No g++ in the CPU image: inductor has no working C++ compiler for the CPU graphs. A missing build tool.",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.2-3B-Instruct",
            device="cpu",
            dtype="bfloat16",
            tp_size=1,
            enable_torch_compile=True,
            torch_compile_max_bs=8,
        ),
        f"{ts(2)} Init torch distributed begin.",
        f"{ts(2)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(2)} Load weight begin. avail mem=240.51 GB",
        f"{ts(9)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=234.02 GB, mem usage=6.49 GB.",
        f"{ts(9)} KV Cache is allocated. #tokens: 1048576, K size: 56.00 GB, V size: 56.00 GB",
        f"{ts(9)} Memory pool end. avail mem=121.98 GB",
        f"{ts(10)} Capture cpu graph begin. This can take up to several minutes. avail mem=121.98 GB",
        f"{ts(10)} Capture cpu graph bs [1, 2, 4, 8]",
        f"{ts(21)} Scheduler hit an exception: "
        + TB
        + "\n"
        + tb(
            P312,
            *sched_055(
                ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 482, "initialize", "self.init_device_graphs()"),
                (
                    "model_executor/model_runner.py",
                    1995,
                    "init_device_graphs",
                    "self.graph_runner = graph_runners[self.device](self)",
                ),
                ("model_executor/cpu_graph_runner.py", 442, "__init__", "raise Exception("),
            ),
        )
        + "\nException: Capture CPU graph failed: InvalidCxxCompiler: No working C++ compiler found in torch._inductor.config.cpp.cxx: (None, 'g++')"
        + DYN_VERBOSE_28
        + "\n"
        + ADVICE_CPU,
        "",
        sigquit(22),
    ),
)

case(
    "triton_too_old_for_inductor_052",
    "0.5.2 (torch 2.8.0, triton 3.1.0 pinned back by another package)",
    "torch 2.8.0 _inductor/exc.py TritonMissing (a ShortenTraceback, re-raised as is); sglang 0.5.2 cuda_graph_runner.py",
    "config_error",
    "pip pulled triton back to 3.1.0; SGLang's own kernels still load but inductor refuses the old Triton at the "
    "first compiled capture. A library mismatch in the environment.",
    join(
        f"{P312}/sglang/srt/layers/quantization/awq.py:67: UserWarning: Only CUDA, HIP and XPU support AWQ currently.",
        sargs(
            0,
            "Qwen/Qwen2.5-7B-Instruct",
            dtype="auto",
            tp_size=1,
            attention_backend="flashinfer",
            enable_torch_compile=True,
        ),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(4)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4)} Load weight begin. avail mem=78.88 GB",
        f"{ts(8)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.46 GB, mem usage=14.42 GB.",
        f"{ts(8)} KV Cache is allocated. #tokens: 1002345, K size: 26.77 GB, V size: 26.77 GB",
        f"{ts(8)} Memory pool end. avail mem=10.21 GB",
        f"{ts(9)} Capture cuda graph begin. This can take up to several minutes. avail mem=9.63 GB",
        f"{ts(9)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (bs=32 avail_mem=9.42 GB):  67%|██████▋   | 16/24 [00:03<00:01,  4.71it/s]",
        f"{ts(14)} Scheduler hit an exception: "
        + TB
        + "\n"
        + tb(P312, *GRAPH_052)
        + "\nException: Capture cuda graph failed: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton"
        + DYN_VERBOSE_28
        + "\n"
        + ADVICE,
        "",
        sigquit(15),
    ),
)

# ================================================================================= unwritable compile caches
case(
    "inductor_cache_read_only_fs_journald_052",
    "0.5.2 (torch 2.8.0)",
    "torch 2.8.0 _inductor/runtime/cache_dir_utils.py (`/tmp/torchinductor_<user>`), InductorError; sglang 0.5.2 cuda_graph_runner.py; journald framing (systemd unit)",
    "config_error",
    "A hardened unit (ProtectSystem=strict, no PrivateTmp, read-only /tmp): inductor cannot create its cache dir. "
    "Under journald's prefix; a deployment setting, not memory.",
    join(
        *[
            f"Mar 02 10:00:{s:02d} gpu-node-3 python3[4242]: {line}"
            for s, line in [
                (
                    0,
                    sargs(
                        0,
                        "mistralai/Mistral-7B-Instruct-v0.3",
                        dtype="auto",
                        tp_size=1,
                        attention_backend="fa3",
                        enable_torch_compile=True,
                    ),
                ),
                (3, f"{ts(3)} Init torch distributed begin."),
                (4, f"{ts(4)} Load weight begin. avail mem=78.88 GB"),
                (
                    9,
                    f"{ts(9)} Load weight end. type=MistralForCausalLM, dtype=torch.bfloat16, avail mem=65.24 GB, mem usage=13.64 GB.",
                ),
                (9, f"{ts(9)} KV Cache is allocated. #tokens: 445321, K size: 27.18 GB, V size: 27.18 GB"),
                (9, f"{ts(9)} Memory pool end. avail mem=10.08 GB"),
                (10, f"{ts(10)} Capture cuda graph begin. This can take up to several minutes. avail mem=9.50 GB"),
                (14, f"{ts(14)} Scheduler hit an exception: {TB}"),
            ]
        ],
        *[f"Mar 02 10:00:14 gpu-node-3 python3[4242]: {line}" for line in tb(P312, *GRAPH_052).split("\n")],
        "Mar 02 10:00:14 gpu-node-3 python3[4242]: Exception: Capture cuda graph failed: OSError: [Errno 30] Read-only file system: '/tmp/torchinductor_sglang'",
        'Mar 02 10:00:14 gpu-node-3 python3[4242]: Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you\'re reporting a bug to PyTorch). For even more developer context, set TORCH_LOGS="+dynamo"',
        *[f"Mar 02 10:00:14 gpu-node-3 python3[4242]: {line}" for line in ADVICE.split("\n")],
        f"Mar 02 10:00:15 gpu-node-3 python3[4211]: {sigquit(15)}",
        "Mar 02 10:00:16 gpu-node-3 systemd[1]: sglang.service: Main process exited, code=killed, status=9/KILL",
        "Mar 02 10:00:16 gpu-node-3 systemd[1]: sglang.service: Failed with result 'signal'.",
    ),
)

case(
    "sglang_compile_cache_permission_piecewise_055",
    "0.5.5 (torch 2.8.0)",
    "sglang 0.5.5 compilation/backend.py SGLangBackend.__call__ (os.makedirs of ~/.cache/sglang/torch_compile_cache), compilation/compile.py (backend=lambda), piecewise_cuda_graph_runner.py (warmup_and_capture outside the try); torch 2.8.0 BackendCompilerFailed",
    "config_error",
    "Running as a non-root uid with HOME=/: the piecewise backend cannot create ~/.cache/sglang. Raised from the "
    "compile warm-up (not wrapped), a permissions set-up problem.",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            tp_size=1,
            enable_piecewise_cuda_graph=True,
            piecewise_cuda_graph_max_tokens=4096,
        ),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(4)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4)} Load weight begin. avail mem=78.88 GB",
        f"{ts(8)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.72 GB, mem usage=15.16 GB.",
        f"{ts(8)} KV Cache is allocated. #tokens: 446304, K size: 27.24 GB, V size: 27.24 GB",
        f"{ts(8)} Memory pool end. avail mem=8.70 GB",
        f"{ts(9)} Capture cuda graph begin. This can take up to several minutes. avail mem=8.12 GB",
        f"{ts(9)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        "Capturing batches (bs=1 avail_mem=7.31 GB): 100%|██████████| 36/36 [00:08<00:00,  4.33it/s]",
        f"{ts(18)} Capture cuda graph end. Time elapsed: 9.02 s. mem usage=0.83 GB. avail mem=7.29 GB.",
        f"{ts(18)} Capture cuda graph num tokens [4, 8, 12, 16, 20, 24, 28, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 640, 768, 896, 1024, 1152, 1280, 1408, 1536, 1664, 1792, 1920, 2048, 2176, 2304, 2432, 2560, 2688, 2816, 2944, 3072, 3200, 3328, 3456, 3584, 3712, 3840, 3968, 4096]",
        f"{ts(19)} Scheduler hit an exception: "
        + TB
        + "\n"
        + tb(
            P312,
            *PCG_055,
            ("model_executor/piecewise_cuda_graph_runner.py", 200, "__init__", "self.warmup_and_capture()"),
            (
                "model_executor/piecewise_cuda_graph_runner.py",
                256,
                "warmup_and_capture",
                "_ = self.model_runner.model.forward(",
            ),
            ("compilation/compile.py", 160, "trampoline", "return self._ensure_compiled(*args, **kwargs)"),
            ("+torch/_dynamo/output_graph.py", 1871, "_call_user_compiler", "raise BackendCompilerFailed("),
            (
                "compilation/compile.py",
                140,
                "<lambda>",
                "backend_factory = lambda gm, ex: SGLangBackend(compile_config, graph_pool)(",
            ),
            ("compilation/backend.py", 379, "__call__", "os.makedirs(cache_dir, exist_ok=True)"),
            ("<frozen os>", 215, "makedirs", ""),
            ("<frozen os>", 225, "makedirs", ""),
        )
        + "\ntorch._dynamo.exc.BackendCompilerFailed: backend='<lambda>' raised:\nPermissionError: [Errno 13] Permission denied: '/.cache'"
        + DYN_VERBOSE_28,
        "",
        sigquit(20),
    ),
)

# ====================================================================== fullgraph / dynamo / inductor codegen
case(
    "piecewise_default_data_dependent_branch_0510",
    "0.5.10.post1 (torch 2.9.1)",
    "sglang 0.5.10.post1 compilation/piecewise_context_manager.py (`Piecewise CUDA Graph failed with error:`), model_runner.py init_piecewise_cuda_graphs; torch 2.9.1 _dynamo/symbolic_convert.py GB0170 + exc.py format_graph_break_message; engine.py `_scheduler_died_error`",
    "config_error",
    "Piecewise prefill graphs are on by default in 0.5.10 and trace the model with fullgraph=True; this model's forward "
    "branches on a tensor. An unsupported model for that feature; the fix is --disable-piecewise-cuda-graph.",
    join(
        sargs(0, "/models/acme-moe-16b", dtype="auto", tp_size=2, trust_remote_code=True, chunked_prefill_size=8192),
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} Init torch distributed ends. elapsed=1.94 s, mem usage=0.61 GB",
        f"{ts(6, 'TP0')} Load weight begin. avail mem=78.02 GB",
        f"{ts(20, 'TP0')} Load weight end. elapsed=14.11 s, type=AcmeMoeForCausalLM, avail mem=62.40 GB, mem usage=15.62 GB.",
        f"{ts(21, 'TP0')} KV Cache is allocated. #tokens: 1310720, K size: 22.50 GB, V size: 22.50 GB",
        f"{ts(21, 'TP0')} Memory pool end. avail mem=16.31 GB",
        f"{ts(22, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=15.72 GB",
        "Capturing batches (bs=1 avail_mem=14.88 GB): 100%|██████████| 36/36 [00:09<00:00,  3.88it/s]",
        f"{ts(32, 'TP0')} Capture cuda graph end. Time elapsed: 10.21 s. mem usage=0.84 GB. avail mem=14.88 GB.",
        f"{ts(32, 'TP0')} Capture piecewise CUDA graph begin. avail mem=14.88 GB",
        f"{ts(32, 'TP0')} Capture cuda graph num tokens [4, 8, 12, 16, 20, 24, 28, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 832, 896, 960, 1024, 1280, 1536, 1792, 2048, 2304, 2560, 2816, 3072, 3328, 3584, 3840, 4096, 4352, 4608, 4864, 5120, 5376, 5632, 5888, 6144, 6400, 6656, 6912, 7168, 7424, 7680, 7936, 8192]",
        "Compiling num tokens (num_tokens=8192):   0%|          | 0/66 [00:00<?, ?it/s]",
        f"{ts(35, 'TP0')} Piecewise CUDA Graph failed with error: Data-dependent branching\n"
        "  Explanation: Detected data-dependent branching (e.g. `if my_tensor.sum() > 0:`). Dynamo does not support tracing dynamic control flow.\n"
        "  Hint: This graph break is fundamental - it is unlikely that Dynamo will ever be able to trace through your code. Consider finding a workaround.\n"
        "  Hint: Use `torch.cond` to express dynamic control flow.\n\n"
        "  Developer debug context: attempted to jump with TensorVariable()\n\n"
        " For more details about this graph break, please visit: https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0170.html\n\n"
        "from user code:\n"
        f'   File "{P312}/sglang/srt/models/acme_moe.py", line 212, in forward\n'
        "    if (topk_ids < 0).any():\n" + DYN_VERBOSE_28 + "\n" + ADVICE_PCG_0510,
        f"{ts(35, 'TP0')} Scheduler hit an exception: "
        + TB
        + "\n"
        + frames(
            *PCG_0510,
            (
                "model_executor/piecewise_cuda_graph_runner.py",
                309,
                "__init__",
                "self.warmup_compile(num_tokens=num_tokens)",
            ),
            (
                "model_executor/piecewise_cuda_graph_runner.py",
                406,
                "warmup_compile",
                "_ = self.model_runner.model.forward(",
            ),
            (f"{P312}/torch/_dynamo/symbolic_convert.py", 877, "jump_graph_break", "unimplemented_v2("),
            (f"{P312}/torch/_dynamo/exc.py", 596, "unimplemented_v2", "raise Unsupported(msg)"),
        )
        + "\ntorch._dynamo.exc.Unsupported: Data-dependent branching\n"
        "  Explanation: Detected data-dependent branching (e.g. `if my_tensor.sum() > 0:`). Dynamo does not support tracing dynamic control flow.\n"
        "  Hint: This graph break is fundamental - it is unlikely that Dynamo will ever be able to trace through your code. Consider finding a workaround.\n"
        "  Hint: Use `torch.cond` to express dynamic control flow.\n\n"
        "  Developer debug context: attempted to jump with TensorVariable()\n",
        f"{ts(36)} {TB}",
        DIED,
    ),
)

case(
    "piecewise_recompile_limit_fullgraph_055",
    "0.5.5 (torch 2.8.0)",
    "torch 2.8.0 _dynamo/convert_frame.py (`torch._dynamo hit config.%s (%s)`, FailOnRecompileLimitHit `... with one_graph=True`); sglang 0.5.5 piecewise_cuda_graph_runner.py (no set_torch_compile_config yet; 0.5.10 adds it to `Resolve torch._dynamo.exc.FailOnRecompileLimitHit`); sglang#13469 / PR #13622, PR #13667 (the grad_mode guard)",
    "config_error",
    "--enable-piecewise-cuda-graph on Mixtral: guards fail on every captured size, dynamo hits the default limit of 8 "
    "under fullgraph and raises. FailOnRecompileLimitHit is not a RuntimeError, so it escapes the capture wrapper. A "
    "model/flag incompatibility, not memory.",
    join(
        sargs(
            0,
            "mistralai/Mixtral-8x7B-Instruct-v0.1",
            dtype="auto",
            tp_size=4,
            enable_piecewise_cuda_graph=True,
            piecewise_cuda_graph_max_tokens=2048,
        ),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP0')} Init torch distributed ends. mem usage=1.14 GB",
        f"{ts(8, 'TP0')} Load weight begin. avail mem=77.48 GB",
        f"{ts(44, 'TP0')} Load weight end. type=MixtralForCausalLM, dtype=torch.bfloat16, avail mem=54.99 GB, mem usage=22.49 GB.",
        f"{ts(44, 'TP0')} KV Cache is allocated. #tokens: 1543210, K size: 23.55 GB, V size: 23.55 GB",
        f"{ts(44, 'TP0')} Memory pool end. avail mem=7.05 GB",
        f"{ts(45, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=6.47 GB",
        f"{ts(58, 'TP0')} Capture cuda graph end. Time elapsed: 13.41 s. mem usage=0.72 GB. avail mem=5.75 GB.",
        f"{ts(58, 'TP0')} Capture cuda graph num tokens [4, 8, 12, 16, 20, 24, 28, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 640, 768, 896, 1024, 1152, 1280, 1408, 1536, 1664, 1792, 1920, 2048]",
        f"{ts(83, 'TP0')} Compiling a graph for dynamic shape takes 21.37 s",
        "Capturing num tokens (num_tokens=1152 avail_mem=5.12 GB):  24%|██▍       | 10/42 [00:06<00:20,  1.53it/s]",
        tlog(
            "W",
            96,
            "torch/_dynamo/convert_frame.py",
            1016,
            "torch._dynamo hit config.recompile_limit (8)\n"
            f"   function: 'forward' ({P312}/sglang/srt/models/mixtral.py:334)\n"
            "   last reason: 1/7: GLOBAL_STATE changed: grad_mode \n"
            'To log all recompilation reasons, use TORCH_LOGS="recompiles".\n'
            "To diagnose recompilation issues, see https://pytorch.org/docs/main/torch.compiler_troubleshooting.html.",
            trace="1/8",
        ),
        f"{ts(96, 'TP0')} Scheduler hit an exception: "
        + TB
        + "\n"
        + tb(
            P312,
            *PCG_055,
            ("model_executor/piecewise_cuda_graph_runner.py", 205, "__init__", "self.capture()"),
            (
                "model_executor/piecewise_cuda_graph_runner.py",
                310,
                "capture",
                "self.capture_one_batch_size(num_tokens)",
            ),
            ("+torch/_dynamo/convert_frame.py", 1030, "_compile", "raise FailOnRecompileLimitHit("),
        )
        + "\ntorch._dynamo.exc.FailOnRecompileLimitHit: recompile_limit reached with one_graph=True. Excessive recompilations can degrade performance due to the compilation overhead of each recompilation. To monitor recompilations, enable TORCH_LOGS=recompiles. If recompilations are expected, consider increasing torch._dynamo.config.cache_size_limit to an appropriate value.",
        "",
        sigquit(97),
    ),
)

case(
    "gptoss_inductor_triton_nameerror_subproc_051",
    "0.5.1.post3 (torch 2.8.0, triton 3.4.0)",
    "sglang#9832 (`Exception: Capture cuda graph failed: SubprocException: An exception occurred in a subprocess:`), pytorch/pytorch#161868; torch 2.8.0 _inductor/compile_worker/subproc_pool.py SubprocException",
    "config_error",
    "GPT-OSS with --enable-torch-compile: inductor emits Triton code the installed Triton cannot compile "
    "(`cuda_capability_geq`). A compile-stack incompatibility for this model/flag; the fix is dropping torch.compile.",
    join(
        sargs(0, "openai/gpt-oss-20b", dtype="auto", tp_size=1, enable_torch_compile=True, torch_compile_max_bs=32),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(4)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4)} Load weight begin. avail mem=78.58 GB",
        f"{ts(17)} Load weight end. type=GptOssForCausalLM, dtype=torch.bfloat16, avail mem=63.91 GB, mem usage=14.67 GB.",
        f"{ts(17)} KV Cache is allocated. #tokens: 1179579, K size: 27.00 GB, V size: 27.00 GB",
        f"{ts(17)} Memory pool end. avail mem=7.84 GB",
        f"{ts(17)} Capture cuda graph begin. This can take up to several minutes. avail mem=7.77 GB",
        f"{ts(17)} Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (bs=32 avail_mem=7.53 GB):  70%|███████   | 16/23 [00:03<00:01,  6.29it/s]AUTOTUNE addmm(32x2880, 32x4096, 4096x2880)",
        "strides: [0, 1], [4096, 1], [1, 4096]",
        "dtypes: torch.bfloat16, torch.bfloat16, torch.bfloat16",
        "  triton_mm_21 0.0206 ms 100.0% ACC_TYPE='tl.float32', ALLOW_TF32=False, BLOCK_K=128, BLOCK_M=32, BLOCK_N=32, EVEN_K=True, GROUP_M=8, USE_FAST_ACCUM=False, num_stages=5, num_warps=4",
        "  bias_addmm 0.0219 ms 94.3% ",
        "SingleProcess AUTOTUNE benchmarking takes 0.9124 seconds and 3.1830 seconds precompiling for 20 choices",
        f"{ts(41)} Scheduler hit an exception: "
        + TB
        + "\n"
        + tb(P312, *GRAPH_052)
        + "\nException: Capture cuda graph failed: SubprocException: An exception occurred in a subprocess:\n\n"
        + TB
        + "\n"
        + tb(
            P312,
            ("+torch/_inductor/compile_worker/subproc_pool.py", 337, "do_job", "result = job()"),
            (
                "+torch/_inductor/runtime/compile_tasks.py",
                61,
                "_worker_compile_triton",
                "kernel.precompile(warm_cache_only=True)",
            ),
            (
                "+torch/_inductor/runtime/triton_heuristics.py",
                482,
                "_precompile_worker",
                "compile_results.append(self._precompile_config(c))",
            ),
            (
                "+triton/compiler/compiler.py",
                300,
                "compile",
                "module = src.make_ir(options, codegen_fns, module_map, context)",
            ),
        )
        + "\ntriton.compiler.errors.CompilationError: at 14:15:\n"
        "    xoffset = tl.program_id(0) * XBLOCK\n"
        "    xindex = xoffset + tl.arange(0, XBLOCK)[:]\n"
        "    if cuda_capability_geq(9, 0):\n"
        "               ^\n"
        "NameError('cuda_capability_geq is not defined')" + DYN_VERBOSE_28 + "\n" + ADVICE,
        "",
        sigquit(42),
    ),
)

case(
    "ptxas_sm120a_inductor_kernel_051",
    "0.5.1.post3 (torch 2.8.0, triton 3.4.0, RTX 5090)",
    "sglang#9707 (ptxas --gpu-name=sm_120a returned 255 during capture); triton 3.4.0 backends/nvidia/compiler.py make_cubin / runtime/errors.py PTXASError",
    "config_error",
    "A Blackwell consumer GPU: the ptxas bundled with this Triton cannot target sm_120a, so the compiled decode graph "
    "cannot be built. A kernel without a build for this GPU.",
    join(
        sargs(0, "Qwen/Qwen3-4B", dtype="auto", tp_size=2, enable_torch_compile=True, torch_compile_max_bs=8),
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} Init torch distributed ends. mem usage=0.37 GB",
        f"{ts(6, 'TP0')} Load weight begin. avail mem=30.81 GB",
        f"{ts(10, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=26.87 GB, mem usage=3.94 GB.",
        f"{ts(10, 'TP0')} KV Cache is allocated. #tokens: 301874, K size: 10.37 GB, V size: 10.37 GB",
        f"{ts(10, 'TP0')} Memory pool end. avail mem=4.41 GB",
        f"{ts(11, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=4.40 GB",
        f"{ts(11, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32]",
        "Capturing batches (bs=8 avail_mem=4.38 GB):  38%|███▊      | 3/8 [00:02<00:03,  1.39it/s]",
        f"{ts(27, 'TP1')} Scheduler hit an exception: "
        + TB
        + "\n"
        + chain(
            tb(
                P312,
                (
                    "+triton/backends/nvidia/compiler.py",
                    424,
                    "make_cubin",
                    "subprocess.run(ptxas_cmd, check=True, close_fds=False, stderr=flog)",
                ),
                ("/usr/lib/python3.12/subprocess.py", 571, "run", "raise CalledProcessError(retcode, process.args,"),
            )
            + f"\nsubprocess.CalledProcessError: Command '['{P312}/triton/backends/nvidia/bin/ptxas', '-lineinfo', '-v', '--gpu-name=sm_120a', '/tmp/tmp9ixzjgni.ptx', '-o', '/tmp/tmp9ixzjgni.ptx.o']' returned non-zero exit status 255.",
            tb(P312, *GRAPH_052)
            + "\nException: Capture cuda graph failed: PTXASError: PTXAS error: Internal Triton PTX codegen error\n"
            "`ptxas` stderr:\n"
            "ptxas fatal   : Value 'sm_120a' is not defined for option 'gpu-name'\n\n"
            f"Repro command: {P312}/triton/backends/nvidia/bin/ptxas -lineinfo -v --gpu-name=sm_120a /tmp/tmp9ixzjgni.ptx -o /tmp/tmp9ixzjgni.ptx.o\n"
            + DYN_VERBOSE_28
            + "\n"
            + ADVICE,
        ),
        "",
        sigquit(28),
    ),
)

case(
    "mi308_triton_out_of_resource_shared_memory_046",
    "0.4.6.post5 (ROCm, torch 2.6.0+rocm)",
    "sglang#6001 (OutOfResources: out of resource: shared memory, Required: 196608, Hardware limit: 65536, /tmp/torchinductor_root, MI308); torch 2.6.0 _inductor/runtime/triton_heuristics.py (`No valid triton configs.`); triton runtime/errors.py OutOfResources",
    "config_error",
    "DeepSeek-R1 on MI308 with torch.compile: every Triton config inductor generated needs more LDS than the GPU has. "
    "`out of resource: shared memory` is a kernel/hardware mismatch, not GPU memory running out.",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1",
            dtype="auto",
            tp_size=8,
            trust_remote_code=True,
            attention_backend="triton",
            enable_torch_compile=True,
            torch_compile_max_bs=16,
        ),
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        f"{ts(12, 'TP0')} Init torch distributed ends. mem usage=2.21 GB",
        f"{ts(12, 'TP0')} Load weight begin. avail mem=189.30 GB",
        f"{ts(301, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=105.96 GB, mem usage=83.34 GB.",
        f"{ts(302, 'TP0')} KV Cache is allocated. #tokens: 1288192, KV size: 84.27 GB",
        f"{ts(302, 'TP0')} Memory pool end. avail mem=20.18 GB",
        f"{ts(303, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=19.62 GB",
        "Capturing batches (avail_mem=19.55 GB):  87%|████████▋ | 20/23 [01:02<00:09,  3.14s/it]",
        f"{ts(371, 'TP3')} Scheduler hit an exception: "
        + TB
        + "\n"
        + chain(
            tb(
                MI_SITE,
                *CAPTURE_046,
                (
                    "+torch/_inductor/compile_fx.py",
                    1044,
                    "codegen_and_compile",
                    "compiled_fn = graph.compile_to_module().call",
                ),
                ("+torch/_inductor/graph.py", 2019, "_compile_to_module", "mod = PyCodeCache.load_by_key_path("),
                (
                    "+torch/_inductor/runtime/compile_tasks.py",
                    45,
                    "_reload_python_module",
                    "exec(code, mod.__dict__, mod.__dict__)",
                ),
                (
                    "/tmp/torchinductor_root/pu/cpuz5vnpcctkeezp3zhsip6zrl3jqiihx366qoh3imrqx2c33ewy.py",
                    220,
                    "<module>",
                    "async_compile.wait(globals())",
                ),
                (
                    "+torch/_inductor/runtime/triton_heuristics.py",
                    493,
                    "_make_launchers",
                    'raise RuntimeError(f"No valid triton configs. {type(exc).__name__}: {exc}")',
                ),
            )
            + "\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
            "RuntimeError: No valid triton configs. OutOfResources: out of resource: shared memory, Required: 196608, Hardware limit: 65536. Reducing block sizes or `num_stages` may help."
            + DYN_VERBOSE_26,
            tb(MI_SITE, *GRAPH_046) + "\nException: Capture cuda graph failed: backend='inductor' raised:\n"
            "RuntimeError: No valid triton configs. OutOfResources: out of resource: shared memory, Required: 196608, Hardware limit: 65536. Reducing block sizes or `num_stages` may help."
            + DYN_VERBOSE_26
            + "\n"
            + ADVICE,
        ),
        "",
        sigquit(372),
    ),
)

# ========================================================================================= CUDA faults at capture
case(
    "stream_capture_not_permitted_torch_compile_049",
    "0.4.9.post2 (torch 2.7.1)",
    "sglang#7918 (0.4.9.post1 --enable-torch-compile: moe_fused_gate, `CUDA error: operation not permitted when stream is capturing`); sglang 0.4.9.post2 cuda_graph_runner.py",
    "cuda_error_other",
    "DeepSeek-V3 with torch.compile: a kernel call inside the compiled region is not legal under stream capture. A "
    "runtime CUDA fault during capture, not memory, not a flag the user can fix by a smaller value.",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-V3-0324",
            dtype="auto",
            tp_size=8,
            trust_remote_code=True,
            enable_torch_compile=True,
            torch_compile_max_bs=8,
        ),
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        f"{ts(11, 'TP0')} Init torch distributed ends. mem usage=1.29 GB",
        f"{ts(11, 'TP0')} Load weight begin. avail mem=138.37 GB",
        f"{ts(190, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=54.79 GB, mem usage=83.58 GB.",
        f"{ts(191, 'TP0')} KV Cache is allocated. #tokens: 676430, KV size: 44.25 GB",
        f"{ts(191, 'TP0')} Memory pool end. avail mem=9.37 GB",
        f"{ts(192, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=8.81 GB",
        f"{ts(192, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (bs=8 avail_mem=8.52 GB):  87%|████████▋ | 20/23 [00:21<00:03,  1.05s/it]",
        f"{ts(262, 'TP0')} Scheduler hit an exception: "
        + TB
        + "\n"
        + chain(
            tb(
                "/opt/conda/lib/python3.10/site-packages",
                ("layers/moe/topk.py", 322, "biased_grouped_topk_gpu", "topk_weights, topk_ids = moe_fused_gate("),
                ("+sgl_kernel/moe.py", 58, "moe_fused_gate", "return torch.ops.sgl_kernel.moe_fused_gate.default("),
                ("+torch/_ops.py", 756, "__call__", "return self._op(*args, **kwargs)"),
            )
            + "\nRuntimeError: CUDA error: operation not permitted when stream is capturing\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n",
            tb(
                "/opt/conda/lib/python3.10/site-packages",
                ("model_executor/cuda_graph_runner.py", 336, "__init__", "self.capture()"),
                ("model_executor/cuda_graph_runner.py", 436, "capture", ") = self.capture_one_batch_size(bs, forward)"),
                ("model_executor/cuda_graph_runner.py", 590, "capture_one_batch_size", "run_once()"),
            )
            + "\n\nDuring handling of the above exception, another exception occurred:\n\n"
            + TB
            + "\n"
            + tb("/opt/conda/lib/python3.10/site-packages", *GRAPH_049)
            + "\nException: Capture cuda graph failed: CUDA error: operation not permitted when stream is capturing\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n\n" + ADVICE,
        ),
        "",
        sigquit(263),
    ),
)

case(
    "illegal_memory_access_compiled_fp8_capture_052",
    "0.5.2 (torch 2.8.0)",
    "sglang 0.5.2 cuda_graph_runner.py (the wrapper and its advice); torch's CUDA error text (c10/cuda/CUDAException)",
    "cuda_error_other",
    "An fp8 checkpoint with --enable-torch-compile: the compiled decode faults with an illegal memory access at bs=4. "
    "Wrapped in the memory advice, but it is a CUDA fault.",
    join(
        sargs(
            0,
            "neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8",
            dtype="auto",
            quantization="fp8",
            tp_size=4,
            enable_torch_compile=True,
            torch_compile_max_bs=16,
        ),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP0')} Init torch distributed ends. mem usage=1.13 GB",
        f"{ts(8, 'TP0')} Load weight begin. avail mem=77.49 GB",
        f"{ts(40, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=59.27 GB, mem usage=18.22 GB.",
        f"{ts(40, 'TP0')} KV Cache is allocated. #tokens: 1577984, K size: 24.08 GB, V size: 24.08 GB",
        f"{ts(40, 'TP0')} Memory pool end. avail mem=9.95 GB",
        f"{ts(41, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.37 GB",
        "Capturing batches (bs=4 avail_mem=8.11 GB):  92%|█████████▏| 33/36 [01:12<00:06,  2.19s/it]",
        f"{ts(126, 'TP2')} Scheduler hit an exception: "
        + TB
        + "\n"
        + tb(P312, *GRAPH_052)
        + "\nException: Capture cuda graph failed: CUDA error: an illegal memory access was encountered\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n\n" + ADVICE,
        "",
        sigquit(127),
        "[rank2]:[E302 10:02:07.901233421 ProcessGroupNCCL.cpp:1899] [PG ID 2 PG GUID 3 Rank 2] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered",
    ),
)

# ===================================================================================== OOM while compiled graphs capture
case(
    "oom_compiled_capture_70b_tp4_046",
    "0.4.6.post5 (torch 2.6.0)",
    "sglang 0.4.6.post5 cuda_graph_runner.py (`Capture cuda graph failed:` + advice), patch_model / get_batch_sizes_to_capture (compile_bs <= torch_compile_max_bs); torch's CUDACachingAllocator OOM text",
    "oom_cuda_graph",
    "--torch-compile-max-bs 64 on a 70B at TP4: the compiled graphs' extra buffers run the GPU out at bs=64. An OOM "
    "during graph capture.",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.3-70B-Instruct",
            dtype="auto",
            mem_fraction_static=0.9,
            tp_size=4,
            attention_backend="fa3",
            enable_torch_compile=True,
            torch_compile_max_bs=64,
            cuda_graph_max_bs=160,
        ),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP0')} Init torch distributed ends. mem usage=1.13 GB",
        f"{ts(8, 'TP0')} Load weight begin. avail mem=77.49 GB",
        f"{ts(62, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=44.40 GB, mem usage=33.09 GB.",
        f"{ts(62, 'TP0')} KV Cache is allocated. #tokens: 1052384, K size: 16.06 GB, V size: 16.06 GB",
        f"{ts(62, 'TP0')} Memory pool end. avail mem=11.53 GB",
        f"{ts(63, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=10.97 GB",
        f"{ts(63, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (avail_mem=3.02 GB):  39%|███▉      | 9/23 [00:41<01:03,  4.55s/it]",
        f"{ts(121, 'TP2')} Scheduler hit an exception: "
        + TB
        + "\n"
        + tb(P310, *GRAPH_046)
        + "\nException: Capture cuda graph failed: "
        + oom_text("896.00 MiB", 2, "79.10 GiB", "612.56 MiB", "78.49 GiB", "74.32 GiB", "2.87 GiB", "1.05 GiB")
        + "\n"
        + ADVICE,
        "",
        sigquit(122),
    ),
)

case(
    "oom_capture_after_autotune_choice_errors_052",
    "0.5.2 (torch 2.8.0)",
    "torch 2.8.0 _inductor/select_algorithm.py benchmark_choices (`Runtime error during autotuning: \\n%s. \\nIgnoring this choice.` at ERROR); sglang 0.5.2 cuda_graph_runner.py",
    "oom_cuda_graph",
    "Tight memory at capture: autotuning first drops choices on OOM (logged as errors, survivable), then the "
    "compiled bs=32 graph itself runs out. The deciding event is the capture OOM.",
    join(
        sargs(
            0,
            "Qwen/Qwen3-32B",
            dtype="auto",
            mem_fraction_static=0.92,
            tp_size=2,
            attention_backend="fa3",
            enable_torch_compile=True,
            torch_compile_max_bs=32,
        ),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(7, 'TP0')} Init torch distributed ends. mem usage=0.78 GB",
        f"{ts(7, 'TP0')} Load weight begin. avail mem=78.10 GB",
        f"{ts(30, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=47.33 GB, mem usage=30.77 GB.",
        f"{ts(30, 'TP0')} KV Cache is allocated. #tokens: 684032, K size: 20.88 GB, V size: 20.88 GB",
        f"{ts(30, 'TP0')} Memory pool end. avail mem=4.83 GB",
        f"{ts(31, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=4.25 GB",
        "Capturing batches (bs=32 avail_mem=1.07 GB):  67%|██████▋   | 24/36 [00:12<00:06,  1.99it/s]",
        tlog(
            "E",
            44,
            "torch/_inductor/select_algorithm.py",
            2691,
            "Runtime error during autotuning: \n"
            + oom_text("640.00 MiB", 0, "79.10 GiB", "402.19 MiB", "78.69 GiB", "72.81 GiB", "1.62 GiB", "1.31 GiB")
            + ". \nIgnoring this choice.",
            trace="0/24",
        ),
        *autotune("mm", "32x5120, 5120x25600", "[5120, 1], [1, 5120]", MM_ROWS, 1.8810, 6.2077, 19),
        f"{ts(58, 'TP0')} Scheduler hit an exception: "
        + TB
        + "\n"
        + tb(P312, *GRAPH_052)
        + "\nException: Capture cuda graph failed: "
        + oom_text("1.56 GiB", 0, "79.10 GiB", "1.02 GiB", "78.07 GiB", "73.44 GiB", "1.90 GiB", "2.08 GiB")
        + "\n"
        + ADVICE,
        "",
        sigquit(59),
    ),
)

case(
    "oom_piecewise_capture_055",
    "0.5.5 (torch 2.8.0)",
    "sglang 0.5.5 piecewise_cuda_graph_runner.py (`Capture cuda graph failed:` + PIECEWISE_CUDA_GRAPH_CAPTURE_FAILED_MSG, `Capturing num tokens (...)`), compilation/backend.py (`Compiling a graph for dynamic shape takes %.2f s`)",
    "oom_cuda_graph",
    "--enable-piecewise-cuda-graph with --piecewise-cuda-graph-max-tokens 8192 after a tight pool: the 8192-token "
    "prefill graph runs the GPU out while it captures.",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-32B-Instruct",
            dtype="auto",
            mem_fraction_static=0.9,
            tp_size=2,
            enable_piecewise_cuda_graph=True,
            piecewise_cuda_graph_max_tokens=8192,
        ),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(7, 'TP0')} Init torch distributed ends. mem usage=0.78 GB",
        f"{ts(7, 'TP0')} Load weight begin. avail mem=78.10 GB",
        f"{ts(29, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=47.12 GB, mem usage=30.98 GB.",
        f"{ts(29, 'TP0')} KV Cache is allocated. #tokens: 1441792, K size: 22.00 GB, V size: 22.00 GB",
        f"{ts(29, 'TP0')} Memory pool end. avail mem=2.65 GB",
        f"{ts(30, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=2.07 GB",
        f"{ts(41, 'TP0')} Capture cuda graph end. Time elapsed: 11.04 s. mem usage=0.61 GB. avail mem=1.46 GB.",
        f"{ts(41, 'TP0')} Capture cuda graph num tokens [4, 8, 12, 16, 20, 24, 28, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 640, 768, 896, 1024, 1152, 1280, 1408, 1536, 1664, 1792, 1920, 2048, 2176, 2304, 2432, 2560, 2688, 2816, 2944, 3072, 3200, 3328, 3456, 3584, 3712, 3840, 3968, 4096, 4352, 4608, 4864, 5120, 5376, 5632, 5888, 6144, 6400, 6656, 6912, 7168, 7424, 7680, 7936, 8192]",
        f"{ts(63, 'TP0')} Compiling a graph for dynamic shape takes 20.88 s",
        "Capturing num tokens (num_tokens=8192 avail_mem=1.41 GB):   0%|          | 0/74 [00:00<?, ?it/s]",
        f"{ts(64, 'TP1')} Scheduler hit an exception: "
        + TB
        + "\n"
        + tb(P312, *PCG_055, ("model_executor/piecewise_cuda_graph_runner.py", 207, "__init__", "raise Exception("))
        + "\nException: Capture cuda graph failed: "
        + oom_text("1.25 GiB", 1, "79.10 GiB", "1.01 GiB", "78.08 GiB", "76.02 GiB", "612.00 MiB", "388.49 MiB")
        + "\n"
        + ADVICE_PCG_055,
        "",
        sigquit(65),
    ),
)

case(
    "oom_piecewise_compile_warmup_default_0510",
    "0.5.10.post1 (torch 2.9.1)",
    "sglang 0.5.10.post1 compilation/piecewise_context_manager.py (`Piecewise CUDA Graph failed with error: %s\\n%s`), piecewise_cuda_graph_runner.py (`Compiling num tokens (...)`), model_runner.py (`Capture piecewise CUDA graph begin.`), engine.py `_scheduler_died_error`",
    "oom_cuda_graph",
    "Default-on piecewise prefill graphs: the warm-up compile of the largest token count OOMs after the decode "
    "graphs took the rest. An OOM in the graph-capture phase (piecewise init), not while serving.",
    join(
        sargs(0, "Qwen/Qwen3-32B", dtype="auto", mem_fraction_static=0.9, tp_size=2, chunked_prefill_size=16384),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(7, 'TP0')} Init torch distributed ends. elapsed=2.01 s, mem usage=0.78 GB",
        f"{ts(7, 'TP0')} Load weight begin. avail mem=78.10 GB",
        f"{ts(31, 'TP0')} Load weight end. elapsed=23.77 s, type=Qwen3ForCausalLM, avail mem=47.33 GB, mem usage=30.77 GB.",
        f"{ts(31, 'TP0')} KV Cache is allocated. #tokens: 1331200, K size: 20.31 GB, V size: 20.31 GB",
        f"{ts(31, 'TP0')} Memory pool end. avail mem=5.98 GB",
        f"{ts(32, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=5.40 GB",
        f"{ts(44, 'TP0')} Capture cuda graph end. Time elapsed: 12.31 s. mem usage=1.02 GB. avail mem=4.38 GB.",
        f"{ts(44, 'TP0')} Capture piecewise CUDA graph begin. avail mem=4.38 GB",
        "Compiling num tokens (num_tokens=16384):   0%|          | 0/82 [00:00<?, ?it/s]",
        f"{ts(69, 'TP0')} Compiling a graph for dynamic shape takes 22.70 s",
        f"{ts(71, 'TP0')} Piecewise CUDA Graph failed with error: "
        + oom_text("4.00 GiB", 0, "79.11 GiB", "3.31 GiB", "75.79 GiB", "72.90 GiB", "1.02 GiB", "877.11 MiB")
        + "\n"
        + ADVICE_PCG_0510,
        f"{ts(71, 'TP0')} Scheduler hit an exception: "
        + TB
        + "\n"
        + frames(
            *PCG_0510,
            (
                "model_executor/piecewise_cuda_graph_runner.py",
                309,
                "__init__",
                "self.warmup_compile(num_tokens=num_tokens)",
            ),
            (
                "model_executor/piecewise_cuda_graph_runner.py",
                406,
                "warmup_compile",
                "_ = self.model_runner.model.forward(",
            ),
        )
        + "\ntorch.OutOfMemoryError: "
        + oom_text("4.00 GiB", 0, "79.11 GiB", "3.31 GiB", "75.79 GiB", "72.90 GiB", "1.02 GiB", "877.11 MiB"),
        "",
        f"{ts(72)} {TB}",
        DIED,
    ),
)

case(
    "oom_decode_capture_torch_compile_max_bs_0510",
    "0.5.10.post1 (torch 2.9.1)",
    "sglang 0.5.10.post1 cuda_graph_runner.py (compile_bs from --torch-compile-max-bs), server_args.py `_handle_piecewise_cuda_graph` (torch compile disables piecewise), engine.py `_scheduler_died_error`",
    "oom_cuda_graph",
    "--enable-torch-compile --torch-compile-max-bs 128: the compiled bs=128 decode graph OOMs at capture.",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            mem_fraction_static=0.9,
            tp_size=1,
            enable_torch_compile=True,
            torch_compile_max_bs=128,
            cuda_graph_max_bs=256,
        ),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(4)} Init torch distributed ends. elapsed=0.42 s, mem usage=0.00 GB",
        f"{ts(4)} Load weight begin. avail mem=78.88 GB",
        f"{ts(9)} Load weight end. elapsed=4.71 s, type=LlamaForCausalLM, avail mem=63.72 GB, mem usage=15.16 GB.",
        f"{ts(9)} KV Cache is allocated. #tokens: 474112, K size: 28.94 GB, V size: 28.94 GB",
        f"{ts(9)} Memory pool end. avail mem=5.51 GB",
        f"{ts(10)} Capture cuda graph begin. This can take up to several minutes. avail mem=4.93 GB",
        f"{ts(10)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        "Capturing batches (bs=128 avail_mem=1.18 GB):  50%|█████     | 18/36 [00:06<00:06,  2.97it/s]",
        *autotune("mm", "128x4096, 4096x6144", "[4096, 1], [1, 4096]", MM_ROWS, 2.1021, 7.8812, 19),
        f"{ts(51)} Scheduler hit an exception: "
        + TB
        + "\n"
        + frames(*GRAPHS, ("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("))
        + "\nException: Capture cuda graph failed: "
        + oom_text("1.00 GiB", 0, "79.11 GiB", "876.25 MiB", "78.25 GiB", "74.83 GiB", "2.24 GiB", "1.18 GiB")
        + "\n"
        + ADVICE,
        "",
        f"{ts(52)} {TB}",
        DIED,
    ),
)

case(
    "oom_capture_torch_compile_tp8_043",
    "0.4.3.post2 (torch 2.5.1)",
    "sglang 0.4.3.post2 cuda_graph_runner.py (its own advice order), entrypoints/engine.py (`Received sigquit from a child proces.` typo)",
    "oom_cuda_graph",
    "0.4.3 with --enable-torch-compile on TP8: one rank OOMs in capture; the older advice text and the launcher's typo.",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V2-Lite-Chat', tokenizer_path='deepseek-ai/DeepSeek-V2-Lite-Chat', dtype='auto', mem_fraction_static=0.88, tp_size=8, enable_torch_compile=True, torch_compile_max_bs=32, trust_remote_code=True, ...)",
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        f"{ts(9, 'TP0')} Load weight begin. avail mem=23.21 GB",
        f"{ts(22, 'TP0')} Load weight end. type=DeepseekV2ForCausalLM, dtype=torch.bfloat16, avail mem=19.17 GB",
        f"{ts(22, 'TP0')} KV Cache is allocated. K size: 7.40 GB, V size: 7.40 GB.",
        f"{ts(22, 'TP0')} Memory pool end. avail mem=3.71 GB",
        f"{ts(23, 'TP0')} Capture cuda graph begin. This can take up to several minutes.",
        " 35%|███▌      | 8/23 [00:51<01:36,  6.44s/it]",
        f"{ts(74, 'TP5')} Scheduler hit an exception: "
        + TB
        + "\n"
        + tb(P310, *GRAPH_043)
        + "\nException: Capture cuda graph failed: "
        + "CUDA out of memory. Tried to allocate 508.00 MiB. GPU 5 has a total capacity of 23.55 GiB of which 356.81 MiB is free. Process 90412 has 23.19 GiB memory in use. Of the allocated memory 21.86 GiB is allocated by PyTorch, with 731.00 MiB allocated in private pools (e.g., CUDA Graphs), and 602.33 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
        + "\n"
        + ADVICE_043,
        "",
        sigquit(75, typo=True),
    ),
)

case(
    "hip_oom_compiled_capture_mi300x_046",
    "0.4.6.post5 (ROCm, torch 2.6.0+rocm6.3)",
    "sglang 0.4.6.post5 cuda_graph_runner.py; torch's ROCm build (`HIP out of memory`)",
    "oom_cuda_graph",
    "MI300X with --enable-torch-compile: capture OOMs in HIP's spelling. Same phase, same family.",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-405B-Instruct-FP8",
            dtype="auto",
            mem_fraction_static=0.9,
            tp_size=8,
            enable_torch_compile=True,
            torch_compile_max_bs=32,
        ),
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        f"{ts(11, 'TP0')} Init torch distributed ends. mem usage=2.02 GB",
        f"{ts(11, 'TP0')} Load weight begin. avail mem=189.49 GB",
        f"{ts(260, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=137.88 GB, mem usage=51.61 GB.",
        f"{ts(261, 'TP0')} KV Cache is allocated. #tokens: 3012608, K size: 61.09 GB, V size: 61.09 GB",
        f"{ts(261, 'TP0')} Memory pool end. avail mem=14.21 GB",
        f"{ts(262, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=13.65 GB",
        "Capturing batches (avail_mem=2.18 GB):  61%|██████    | 14/23 [02:41<01:44, 11.57s/it]",
        f"{ts(431, 'TP6')} Scheduler hit an exception: "
        + TB
        + "\n"
        + tb(MI_SITE, *GRAPH_046)
        + "\nException: Capture cuda graph failed: "
        + oom_text(
            "2.75 GiB", 6, "191.98 GiB", "1.38 GiB", "190.59 GiB", "184.17 GiB", "3.02 GiB", "2.88 GiB", dev="HIP"
        ).replace("PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF")
        + "\n"
        + ADVICE,
        "",
        sigquit(432),
    ),
)

# ================================================================================ what follows an OOM at capture
case(
    "pool_too_small_after_lowering_mem_fraction_046",
    "0.4.6.post5 (torch 2.6.0)",
    "sglang 0.4.6.post5 model_executor/model_runner.py init_memory_pool (`Not enough memory. Please try to increase --mem-fraction-static.`)",
    "oom_kv_cache",
    "After a compiled-capture OOM the operator followed advice 1 too far (0.5): the weights take the whole static "
    "budget and the KV pool profiles to nothing. The fix is a HIGHER fraction (or a larger TP).",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.3-70B-Instruct",
            dtype="auto",
            mem_fraction_static=0.5,
            tp_size=4,
            attention_backend="fa3",
            enable_torch_compile=True,
            torch_compile_max_bs=32,
        ),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP0')} Init torch distributed ends. mem usage=1.13 GB",
        f"{ts(8, 'TP0')} Load weight begin. avail mem=77.49 GB",
        f"{ts(61, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=44.40 GB, mem usage=33.09 GB.",
        f"{ts(61, 'TP0')} Scheduler hit an exception: "
        + TB
        + "\n"
        + tb(
            P310,
            *sched_046(
                ("model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
                ("model_executor/model_runner.py", 898, "init_memory_pool", "raise RuntimeError("),
            ),
        )
        + "\nRuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        sigquit(62),
    ),
)

case(
    "oom_serving_long_prefill_past_piecewise_055",
    "0.5.5 (torch 2.8.0)",
    "sglang 0.5.5 piecewise_cuda_graph_runner.py can_run (num_tokens > max -> eager), scheduler.py event loop; torch OOM text",
    "oom_runtime",
    "Piecewise graphs captured, the server served; a 32k-token prefill (beyond the piecewise max tokens, run eager) "
    "runs the GPU out. After ready: oom_runtime.",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-14B-Instruct",
            dtype="auto",
            mem_fraction_static=0.9,
            tp_size=1,
            enable_piecewise_cuda_graph=True,
            chunked_prefill_size=-1,
        ),
        f"{ts(3)} Load weight begin. avail mem=78.88 GB",
        f"{ts(14)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=50.92 GB, mem usage=27.96 GB.",
        f"{ts(14)} KV Cache is allocated. #tokens: 855808, K size: 19.59 GB, V size: 19.59 GB",
        f"{ts(14)} Memory pool end. avail mem=11.05 GB",
        f"{ts(15)} Capture cuda graph begin. This can take up to several minutes. avail mem=10.47 GB",
        f"{ts(25)} Capture cuda graph end. Time elapsed: 10.11 s. mem usage=0.55 GB. avail mem=9.92 GB.",
        f"{ts(25)} Capture cuda graph num tokens [4, 8, 12, 16, 20, 24, 28, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 640, 768, 896, 1024, 1152, 1280, 1408, 1536, 1664, 1792, 1920, 2048, 2176, 2304, 2432, 2560, 2688, 2816, 2944, 3072, 3200, 3328, 3456, 3584, 3712, 3840, 3968, 4096]",
        f"{ts(44)} Compiling a graph for dynamic shape takes 18.52 s",
        f"{ts(60)} max_total_num_tokens=855808, chunked_prefill_size=-1, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=8.93 GB",
        *ready(61, sep=","),
        f"{ts(95)} Prefill batch. #new-seq: 1, #new-token: 31744, #cached-token: 0, token usage: 0.02, #running-req: 3, #queue-req: 0",
        f"{ts(96)} Scheduler hit an exception: "
        + TB
        + "\n"
        + tb(
            P312,
            ("managers/scheduler.py", 2830, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("managers/scheduler.py", 1014, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            ("managers/scheduler.py", 2103, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
            (
                "managers/tp_worker.py",
                398,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("model_executor/model_runner.py", 2141, "forward", "output = self._forward_raw("),
            (
                "layers/activation.py",
                71,
                "forward_cuda",
                "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
            ),
        )
        + "\ntorch.OutOfMemoryError: "
        + oom_text("2.09 GiB", 0, "79.11 GiB", "1.71 GiB", "77.39 GiB", "73.88 GiB", "551.00 MiB", "2.96 GiB"),
        "",
        sigquit(97),
    ),
)

# ============================================================================ compile time: timeouts, slow ranks
case(
    "router_worker_health_timeout_while_compiling_043",
    "0.4.3.post2 + sglang-router 0.1.4 (torch 2.5.1)",
    "sglang#4208 and #2778 (sglang_router.launch_server --enable-torch-compile, AUTOTUNE spam, `health check is pending`, Timeout 300s); sglang-router 0.1.4 launch_server.py / launch_router.py and the Rust error text",
    "config_error",
    "The co-launched router gives up after its 300 s worker start-up timeout while the worker is still autotuning "
    "its compiled graphs, and tears the worker down. Nothing failed in the worker; the timeout is too short for "
    "torch.compile (the fix is --router-worker-startup-timeout-secs or no torch.compile).",
    join(
        "[Router (Python)] 2026-03-02 10:00:00 - INFO - Launching DP server process 0 on port 31000 - launch_server.py:174",
        f"{ts(2)} server_args=ServerArgs(model_path='mistralai/Mixtral-8x7B-Instruct-v0.1', tokenizer_path='mistralai/Mixtral-8x7B-Instruct-v0.1', dtype='auto', tp_size=4, port=31000, enable_torch_compile=True, torch_compile_max_bs=32, ...)",
        f"{ts(8, 'TP0')} Init torch distributed begin.",
        f"{ts(11, 'TP0')} Load weight begin. avail mem=77.49 GB",
        f"{ts(48, 'TP0')} Load weight end. type=MixtralForCausalLM, dtype=torch.bfloat16, avail mem=54.99 GB",
        f"{ts(48, 'TP0')} KV Cache is allocated. K size: 22.73 GB, V size: 22.73 GB.",
        f"{ts(48, 'TP0')} Memory pool end. avail mem=8.28 GB",
        f"{ts(49, 'TP0')} Capture cuda graph begin. This can take up to several minutes.",
        *autotune("mm", "4x4096, 4096x8", "[4096, 1], [1, 4096]", MM_ROWS, 1.3427, 8.8429, 19),
        *autotune("mm", "4x4096, 4096x8", "[4096, 1], [1, 4096]", MM_ROWS, 1.3672, 8.3651, 19),
        "[Router (Rust)] 2026-03-02 10:04:09 - INFO - Worker http://0.0.0.0:31000 health check is pending with error: error sending request for url (http://0.0.0.0:31000/health)",
        *autotune("mm", "8x4096, 4096x14336", "[4096, 1], [1, 4096]", MM_ROWS, 1.4102, 9.1178, 19),
        "[Router (Rust)] 2026-03-02 10:04:59 - INFO - Worker http://0.0.0.0:31000 health check is pending with error: error sending request for url (http://0.0.0.0:31000/health)",
        '[Router (Python)] 2026-03-02 10:05:00 - ERROR - Error starting router: Timeout 300s waiting for workers ["http://0.0.0.0:31000"] to become healthy. Please set --router-worker-startup-timeout-secs (sglang_router.launch_server) or --worker-startup-timeout-secs (sglang_worker.router) to a larger value - launch_router.py:229',
        '[Router (Python)] 2026-03-02 10:05:00 - ERROR - Failed to start router: Timeout 300s waiting for workers ["http://0.0.0.0:31000"] to become healthy. Please set --router-worker-startup-timeout-secs (sglang_router.launch_server) or --worker-startup-timeout-secs (sglang_worker.router) to a larger value - launch_server.py:201',
        "[Router (Python)] 2026-03-02 10:05:00 - INFO - Terminating process group 4242 - launch_server.py:123",
        "[Router (Python)] 2026-03-02 10:05:05 - INFO - All process groups terminated - launch_server.py:143",
    ),
)

case(
    "gloo_capture_barrier_timeout_slow_compiling_node_046",
    "0.4.6.post5 (torch 2.6.0, 2 nodes)",
    "sglang 0.4.6.post5 cuda_graph_runner.py capture_one_batch_size (`self.model_runner.tp_group.barrier()` before each run), distributed/parallel_state.py barrier on the cpu (gloo) group; gloo's tcp/unbound_buffer.cc timeout text; sglang#3752 (multi-node torch.compile)",
    "nccl_or_distributed",
    "TP16 over two nodes with --enable-torch-compile: node 1 is still compiling when node 0's ranks wait at the "
    "capture barrier; gloo times out. Wrapped in the capture advice, decided by the distributed timeout.",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-V2.5",
            dtype="auto",
            tp_size=16,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.13.10.10:5000",
            trust_remote_code=True,
            enable_torch_compile=True,
            dist_timeout=600,
        ),
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        f"{ts(15, 'TP0')} Init torch distributed ends. mem usage=1.87 GB",
        f"{ts(15, 'TP0')} Load weight begin. avail mem=77.01 GB",
        f"{ts(101, 'TP0')} Load weight end. type=DeepseekV2ForCausalLM, dtype=torch.bfloat16, avail mem=47.29 GB, mem usage=29.72 GB.",
        f"{ts(101, 'TP0')} KV Cache is allocated. #tokens: 1015040, KV size: 34.93 GB",
        f"{ts(101, 'TP0')} Memory pool end. avail mem=10.88 GB",
        f"{ts(102, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=10.32 GB",
        "Capturing batches (avail_mem=9.96 GB):  91%|█████████▏| 21/23 [01:31<00:08,  4.33s/it]",
        f"{ts(703, 'TP3')} Scheduler hit an exception: "
        + TB
        + "\n"
        + chain(
            tb(
                P310,
                ("model_executor/cuda_graph_runner.py", 307, "__init__", "self.capture()"),
                ("model_executor/cuda_graph_runner.py", 386, "capture", ") = self.capture_one_batch_size(bs, forward)"),
                (
                    "model_executor/cuda_graph_runner.py",
                    507,
                    "capture_one_batch_size",
                    "self.model_runner.tp_group.barrier()",
                ),
                ("distributed/parallel_state.py", 1032, "barrier", "torch.distributed.barrier(group=self.cpu_group)"),
                ("+torch/distributed/distributed_c10d.py", 4551, "barrier", "work.wait()"),
            )
            + "\nRuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 600000ms for recv operation to complete",
            tb(P310, *GRAPH_046)
            + "\nException: Capture cuda graph failed: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 600000ms for recv operation to complete\n"
            + ADVICE,
        ),
        "",
        sigquit(704),
    ),
)

# ======================================================================================== healthy contrasts
case(
    "healthy_l4_not_enough_sms_long_capture_046",
    "0.4.6.post5 (torch 2.6.0)",
    "torch 2.6.0 _inductor/utils.py (`Not enough SMs to use max_autotune_gemm mode`, extra min_sms/avail_sms); sglang#2507 (L4 comment); sglang 0.4.6.post5 flashinfer_backend.py (`set_logs(dynamo=logging.ERROR)`, suppress_errors)",
    "healthy",
    "An L4 (58 SMs) with --enable-torch-compile: inductor warns at every compiled batch size that max-autotune GEMMs "
    "are off, capture takes 13 minutes, then the server is ready and serves.",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-3B-Instruct",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=1,
            attention_backend="flashinfer",
            enable_torch_compile=True,
            torch_compile_max_bs=32,
        ),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(4)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4)} Load weight begin. avail mem=21.72 GB",
        f"{ts(9)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=15.77 GB, mem usage=5.95 GB.",
        f"{ts(9)} KV Cache is allocated. #tokens: 363328, K size: 6.24 GB, V size: 6.24 GB",
        f"{ts(9)} Memory pool end. avail mem=2.63 GB",
        f"{ts(10)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.11 GB",
        f"{ts(10)} Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (avail_mem=2.10 GB):  30%|███       | 7/23 [00:03<00:07,  2.03it/s]",
        tlog("W", 41, "torch/_inductor/utils.py", 1137, "Not enough SMs to use max_autotune_gemm mode", trace="0/7"),
        "Capturing batches (avail_mem=1.98 GB):  35%|███▍      | 8/23 [02:11<12:45, 51.01s/it]",
        tlog("W", 212, "torch/_inductor/utils.py", 1137, "Not enough SMs to use max_autotune_gemm mode", trace="0/8"),
        "Capturing batches (avail_mem=1.81 GB): 100%|██████████| 23/23 [13:02<00:00, 34.03s/it]",
        f"{ts(792)} Capture cuda graph end. Time elapsed: 782.41 s. mem usage=0.36 GB. avail mem=1.75 GB.",
        f"{ts(793)} max_total_num_tokens=363328, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768",
        *ready(794),
        f"{ts(830)} Decode batch. #running-req: 6, #token: 5211, token usage: 0.01, cuda graph: True, gen throughput (token/s): 301.77, #queue-req: 0",
    ),
)

case(
    "healthy_autotune_oom_choices_ignored_052",
    "0.5.2 (torch 2.8.0)",
    "torch 2.8.0 _inductor/select_algorithm.py benchmark_choices (RuntimeError -> `Runtime error during autotuning: ... Ignoring this choice.`, log.error) and AUTOTUNE report; sglang 0.5.2 start-up lines",
    "healthy",
    "Memory is tight while inductor autotunes the compiled decode: two GEMM choices OOM and are dropped (ERROR lines "
    "carrying `CUDA out of memory`), the survivors win, capture ends, the server is ready and serves.",
    join(
        sargs(
            0,
            "google/gemma-3-12b-it",
            dtype="auto",
            mem_fraction_static=0.9,
            tp_size=1,
            attention_backend="fa3",
            enable_torch_compile=True,
            torch_compile_max_bs=16,
        ),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(4)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4)} Load weight begin. avail mem=78.88 GB",
        f"{ts(13)} Load weight end. type=Gemma3ForConditionalGeneration, dtype=torch.bfloat16, avail mem=54.76 GB, mem usage=24.12 GB.",
        f"{ts(13)} KV Cache is allocated. #tokens: 180224, K size: 22.69 GB, V size: 22.69 GB",
        f"{ts(13)} Memory pool end. avail mem=8.80 GB",
        f"{ts(14)} Capture cuda graph begin. This can take up to several minutes. avail mem=8.22 GB",
        f"{ts(14)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        "Capturing batches (bs=16 avail_mem=0.98 GB):  83%|████████▎ | 30/36 [00:21<00:04,  1.41it/s]",
        tlog(
            "E",
            38,
            "torch/_inductor/select_algorithm.py",
            2691,
            "Runtime error during autotuning: \n"
            + oom_text("512.00 MiB", 0, "79.11 GiB", "431.50 MiB", "78.67 GiB", "69.70 GiB", "7.42 GiB", "1.05 GiB")
            + ". \nIgnoring this choice.",
            trace="0/30",
        ),
        tlog(
            "E",
            38,
            "torch/_inductor/select_algorithm.py",
            2691,
            "Runtime error during autotuning: \n"
            + oom_text("512.00 MiB", 0, "79.11 GiB", "431.50 MiB", "78.67 GiB", "69.70 GiB", "7.42 GiB", "1.05 GiB")
            + ". \nIgnoring this choice.",
            trace="0/30",
        ),
        *autotune("mm", "16x3840, 3840x15360", "[3840, 1], [1, 3840]", MM_ROWS, 1.1730, 5.0212, 19),
        "Capturing batches (bs=1 avail_mem=0.91 GB): 100%|██████████| 36/36 [01:02<00:00,  1.74s/it]",
        f"{ts(77)} Capture cuda graph end. Time elapsed: 63.12 s. mem usage=7.31 GB. avail mem=0.91 GB.",
        f"{ts(78)} max_total_num_tokens=180224, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=131072, available_gpu_mem=0.91 GB",
        *ready(79),
        f"{ts(120)} Decode batch. #running-req: 12, #token: 9731, token usage: 0.05, cuda graph: True, gen throughput (token/s): 811.20, #queue-req: 0, ",
    ),
)

case(
    "healthy_dynamo_item_graph_break_warning_052",
    "0.5.2 (torch 2.8.0)",
    "torch 2.8.0 _dynamo/variables/tensor.py `_warn_capture_scalar_outputs` (`Graph break from Tensor.item()`); sglang 0.5.2 (fa3 backend: flashinfer_backend's set_logs(dynamo=ERROR) not imported, so dynamo warnings show)",
    "healthy",
    "fullgraph is off for --enable-torch-compile, so dynamo breaks the graph at a `.item()` and warns with a user "
    "stack; capture completes and the server serves.",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            tp_size=1,
            attention_backend="fa3",
            enable_torch_compile=True,
            torch_compile_max_bs=32,
        ),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(4)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4)} Load weight begin. avail mem=78.88 GB",
        f"{ts(8)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.72 GB, mem usage=15.16 GB.",
        f"{ts(8)} KV Cache is allocated. #tokens: 446304, K size: 27.24 GB, V size: 27.24 GB",
        f"{ts(8)} Memory pool end. avail mem=8.70 GB",
        f"{ts(9)} Capture cuda graph begin. This can take up to several minutes. avail mem=8.12 GB",
        "Capturing batches (bs=32 avail_mem=7.71 GB):  67%|██████▋   | 24/36 [00:05<00:02,  4.41it/s]",
        tlog(
            "W",
            15,
            "torch/_dynamo/variables/tensor.py",
            1047,
            "Graph break from `Tensor.item()`, consider setting:\n"
            "    torch._dynamo.config.capture_scalar_outputs = True\n"
            "or:\n"
            "    env TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS=1\n"
            "to include these operations in the captured graph.\n\n"
            "Graph break: from user code at:\n"
            f'  File "{P312}/sglang/srt/models/llama.py", line 458, in forward\n'
            "    return self.logits_processor(\n"
            f'  File "{P312}/sglang/srt/layers/logits_processor.py", line 281, in forward\n'
            "    if logits_metadata.forward_mode.is_decode_or_idle() and logits_metadata.extend_seq_lens_cpu is None:\n"
            f'  File "{P312}/sglang/srt/layers/logits_processor.py", line 142, in from_forward_batch\n'
            "    extend_logprob_pruned_lens_cpu = forward_batch.extend_seq_lens.sum().item()\n",
            trace="0/24",
        ),
        *autotune("mm", "32x4096, 4096x6144", "[4096, 1], [1, 4096]", MM_ROWS, 1.2019, 4.8871, 19),
        "Capturing batches (bs=1 avail_mem=7.02 GB): 100%|██████████| 36/36 [01:48<00:00,  3.01s/it]",
        f"{ts(118)} Capture cuda graph end. Time elapsed: 108.87 s. mem usage=1.10 GB. avail mem=7.02 GB.",
        f"{ts(119)} max_total_num_tokens=446304, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=7.02 GB",
        *ready(120),
    ),
)

case(
    "healthy_piecewise_runtime_recompiles_logged_0510",
    "0.5.10.post1 (torch 2.9.1)",
    "sglang#15654 (TORCH_LOGS=recompiles, runtime recompiles after `Capture piecewise CUDA graph end.`), PR #13667 (`[rank2]:V1120 ... guards.py:3508] [1/3] [__recompiles]` lines); torch 2.9.1 _dynamo/guards.py `Recompiling function`",
    "healthy",
    "Started with TORCH_LOGS=recompiles: the default piecewise graphs are captured, the server is ready, and verbose "
    "`[__recompiles]` lines appear while it serves. Noisy, not a failure.",
    join(
        sargs(0, "Qwen/Qwen3-30B-A3B", dtype="auto", tp_size=2, chunked_prefill_size=8192),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(7, 'TP0')} Init torch distributed ends. elapsed=1.88 s, mem usage=0.78 GB",
        f"{ts(7, 'TP0')} Load weight begin. avail mem=78.10 GB",
        f"{ts(28, 'TP0')} Load weight end. elapsed=20.52 s, type=Qwen3MoeForCausalLM, avail mem=49.41 GB, mem usage=28.69 GB.",
        f"{ts(28, 'TP0')} KV Cache is allocated. #tokens: 3223040, K size: 18.44 GB, V size: 18.44 GB",
        f"{ts(28, 'TP0')} Memory pool end. avail mem=11.92 GB",
        f"{ts(29, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=11.34 GB",
        f"{ts(40, 'TP0')} Capture cuda graph end. Time elapsed: 11.02 s. mem usage=0.91 GB. avail mem=10.43 GB.",
        f"{ts(40, 'TP0')} Capture piecewise CUDA graph begin. avail mem=10.43 GB",
        f"{ts(63, 'TP0')} Compiling a graph for dynamic shape takes 19.87 s",
        f"{ts(65, 'TP0')} Registering 3264 cuda graph addresses",
        f"{ts(66, 'TP1')} Capture piecewise CUDA graph end. Time elapsed: 25.79 s. mem usage=0.87 GB. avail mem=9.56 GB.",
        f"{ts(66, 'TP0')} Capture piecewise CUDA graph end. Time elapsed: 25.82 s. mem usage=0.87 GB. avail mem=9.56 GB.",
        f"{ts(67, 'TP0')} max_total_num_tokens=3223040, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=9.56 GB",
        *ready(68, sep=","),
        f"{ts(90, 'TP0')} Prefill batch, #new-seq: 3, #new-token: 2304, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        tlog(
            "V",
            90,
            "torch/_dynamo/guards.py",
            4181,
            "[__recompiles] Recompiling function forward in "
            f"{P312}/sglang/srt/models/qwen3_moe.py:712\n"
            "[__recompiles]     triggered by the following guard failure(s):\n"
            "[__recompiles]     - 1/0: GLOBAL_STATE changed: grad_mode ",
            trace="1/1",
        ),
        f"{ts(95, 'TP0')} Decode batch, #running-req: 3, #token: 2688, token usage: 0.00, cuda graph: True, gen throughput (token/s): 288.40, #queue-req: 0, ",
    ),
)

case(
    "healthy_retraction_under_load_torch_compile_049",
    "0.4.9.post2 (torch 2.7.1)",
    "sglang 0.4.9.post2 scheduler.py (`KV cache pool is full. Retract requests.`, log_prefill_stats / log_decode_stats formats), allocator.py log_usage",
    "healthy",
    "torch.compile server serving under a burst: token usage 0.99, queue growing, retraction. Pressure is not failure.",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-7B-Instruct",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=1,
            enable_torch_compile=True,
            torch_compile_max_bs=32,
            max_running_requests=256,
        ),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(4)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4)} Load weight begin. avail mem=78.88 GB",
        f"{ts(8)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.46 GB, mem usage=14.42 GB.",
        f"{ts(8)} KV Cache is allocated. #tokens: 981504, K size: 26.21 GB, V size: 26.21 GB",
        f"{ts(8)} Memory pool end. avail mem=11.31 GB",
        f"{ts(9)} Capture cuda graph begin. This can take up to several minutes. avail mem=10.73 GB",
        *autotune("mm", "32x3584, 3584x4608", "[3584, 1], [1, 3584]", MM_ROWS, 1.0211, 4.4315, 19),
        f"{ts(140)} Capture cuda graph end. Time elapsed: 131.02 s. mem usage=1.21 GB. avail mem=9.52 GB.",
        f"{ts(141)} max_total_num_tokens=981504, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=256, context_len=32768, available_gpu_mem=9.52 GB",
        *ready(142),
        f"{ts(600)} Prefill batch. #new-seq: 4, #new-token: 8192, #cached-token: 1031, #token: 969210, token usage: 0.99, #running-req: 251, #queue-req: 87, timestamp: 2026-03-02T10:10:00.113902",
        f"{ts(601)} KV cache pool is full. Retract requests. #retracted_reqs: 3, #new_token_ratio: 0.4112 -> 0.7412",
        f"{ts(603)} Decode batch. #running-req: 252, #token: 973301, token usage: 0.99, cuda graph: False, gen throughput (token/s): 5210.44, #queue-req: 90, timestamp: 2026-03-02T10:10:03.520117",
        f'{ts(604)} INFO:     10.0.3.17:52144 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

# ---------------------------------------------------------------------------------------------------- FIRST SIGHT
# First sight's misses, less what was fixed since: six of the eight misses (five labels and the event) were fixed after the round was scored: a compiler's or dynamo's failure inside the capture wrapper
# (`config.COMPILER`), a type named without Error below a traceback (`tracebacks.QUALIFIED_EXC`), the host's disk in a
# capture, and an autotuner's introduced error (`survival.settle(below=)`); tests/test_logwatch_families.py has variants.
XFAIL: dict[str, str] = {  # filled after the ONE first-sight run: case -> label the classifier gave
    "ptxas_sm120a_inductor_kernel_051": "cuda_error_other",
    "router_worker_health_timeout_while_compiling_043": "unknown",
}

EVENT_XFAIL: dict[str, str] = {  # healthy cases that fire a failure event on the way: case -> event label
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_compile_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_compile_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
