"""Short tails of SGLang logs (0.4.6.post5, 0.5.3), the way they reach a reader (a helper, blind).

Scope: what `kubectl logs --tail=30`, `tail -n 40`, `journalctl -n 50` or an issue-thread paste shows: the last 3-40 lines of
a failed or healthy server, with NO start-up lines before them (no `server_args=` line, often no phase line), often
starting mid-traceback (its first frames and the `Traceback` header cut off), sometimes only the error line and the
launcher's last line. Memory failures in several phases where the excerpt's own lines show the phase (the capture
wrapper or progress bar, the weight-shard progress bar and loader frames, `init_memory_pool`, decode / prefill batch
lines before a forward OOM, DeepEP's buffer and FlashInfer's workspace allocation), distributed (pynccl init, the NCCL
watchdog timeout while serving, a TCPStore client timeout on a second node), ports (uvicorn's bind, the TCPStore's
EADDRINUSE, zmq's bind), configuration (argparse's usage tail, a missing model path, an architecture, a quantization the
GPU lacks, a context length, fp8 block size vs TP), CUDA (illegal memory access, device-side assert, no kernel image
wrapped by the capture wrapper). Five healthy contrasts that look alarming and go on serving: 0.4.6's "Decode out of
memory happened" retraction, 0.5.3's "KV cache pool is full. Retract requests." with aborted requests, a too-long
request's `[http_server] Error` and 400, the OpenAI layer's `Error in request:` traceback and 500, 0.4.6's context-length
warning before ready.

Sources: every SGLang message copied from the named release's wheel (`pip download sglang==0.5.3` / `0.4.6.post5`, file
and line under sglang/srt; call paths read there: scheduler.py, tp_worker(_overlap_thread).py, model_runner.py,
cuda_graph_runner.py, memory_pool.py, scheduler_metrics_mixin.py, schedule_batch.py, tokenizer_manager.py, engine.py,
http_server.py, utils/common.py, pynccl(_wrapper).py, token_dispatcher/deepep.py, flashinfer_backend.py, fp8.py,
fp8_kernel.py, models/registry.py, configs/model_config.py, server_args.py); DeepEP's `Failed: CUDA error <file>:<line>
'<cuda error>'` from deepseek-ai/DeepEP@e02e4d2 csrc/kernels/exception.cuh and csrc/deep_ep.cpp:51 (the cudaMalloc of the
NVL buffer); torch's OOM text from c10/cuda/CUDACachingAllocator.cpp (2.6-2.8 wording); torch's NCCL watchdog lines as in
hiyouga/LlamaFactory#8261 and sgl-project/sglang#1693; torch's TCPStore `EADDRINUSE` / client-timeout texts as quoted in
public threads; transformers 4.5x's hub OSError (`hf auth login` wording); uvicorn's bind error as in wandb/openui#226
with SGLang's `[%(asctime)s] %(levelprefix)s` uvicorn format (utils/common.py set_uvicorn_logging_configs); pyzmq's
`ZMQError: Address already in use (addr=...)`. Format fields are plausible values; torch / transformers / pyzmq line
numbers are approximate.

Labelling policy (decided before the classifier ran; /work/shared/corpus/README.md): the label is what the excerpt
itself shows, by the remedy a supervisor should apply. An OOM inside `Capture cuda graph failed` is `oom_cuda_graph`
unless the failing allocation is a MoE/DeepEP/FlashInfer buffer (`oom_moe_workspace`: its remedy shrinks that buffer);
a non-OOM error inside the capture wrapper is that error's family (here `no kernel image` -> `cuda_error_other`). A KV
token pool that runs dry while serving and crashes (`Decode out of memory. Try to lower your batch size.` raised) is
`oom_runtime` (remedy: fewer running requests / lower fraction, not a higher one); the same pool running dry and
retracting is `healthy`. A dist-init or zmq port already in use is `port_in_use`, not `nccl_or_distributed` (remedy:
another port). A flag the release lacks, a context length above the model's, an fp8 block size that the TP split breaks
are `config_error`.

First sight: 29/31 (2 misses, strict xfails below). `cuda_no_kernel_image_inside_capture_053` (want cuda_error_other)
got config_error (rule oom.capture_failed): the capture wrapper `Capture cuda graph failed: CUDA error: no kernel image is
available for execution on the device` is neither OOM nor treated as the CUDA error it wraps.
`healthy_openai_error_in_request_500_053` (want healthy) got config_error (rule unnamed.exception): a tail that starts
inside a request handler's logged traceback (jinja2 TemplateError, then a 500, decode lines and a 200) is read as a fatal
exception. Healthy contrasts 5/5 fire no failure event line by line (EVENT_XFAIL empty); the OpenAI one fails only on
the whole-text verdict.
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
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
SGL053 = f"{PY312}/sglang/srt"
SGL046 = "/sgl-workspace/sglang/python/sglang/srt"  # lmsysorg/sglang:v0.4.6.post5 (editable install, python3.10)
PY310 = "/usr/local/lib/python3.10/dist-packages"
V053 = "0.5.3"
V046 = "0.4.6.post5"


def tb(root: str, site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `root` (sglang/srt) unless it starts with `/` or `<` (absolute) or `+`
    (another package in `site`: `+torch/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{root}/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def t53(*stack: tuple[str, int, str, str]) -> str:
    return tb(SGL053, PY312, *stack)


def t46(*stack: tuple[str, int, str, str]) -> str:
    return tb(SGL046, PY310, *stack)


def at(day: str, clock: str, rank: str | None = None) -> str:
    tag = f" {rank}" if rank else ""
    return f"[{day} {clock}{tag}]"


D53 = "2025-10-09"
D46 = "2025-06-03"


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def torch_oom(
    alloc: str, total: str, free: str, inuse: str, by_torch: str, reserved: str, gpu: int = 0, pools: str | None = None
) -> str:
    """torch 2.x `CUDACachingAllocator.cpp` OOM text (proc_info from NVML: `this process has`)."""
    pool = f"with {pools} allocated in private pools (e.g., CUDA Graphs), " if pools else ""
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {alloc}. GPU {gpu} has a total capacity of {total} "
        f"of which {free} is free. Including non-PyTorch memory, this process has {inuse} memory in use. Of the allocated "
        f"memory {by_torch} is allocated by PyTorch, {pool}and {reserved} is reserved by PyTorch but unallocated. If reserved "
        "but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
        "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


CUDA_ASYNC = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)

# 0.5.3 model_executor/cuda_graph_runner.py:868 CUDA_GRAPH_CAPTURE_FAILED_MSG
SOLUTIONS_053 = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
# 0.4.6.post5 model_executor/cuda_graph_runner.py:309 (inline, "CUDA" in capitals)
SOLUTIONS_046 = SOLUTIONS_053


def sigquit53(clock: str) -> str:  # 0.5.3 entrypoints/engine.py:726 (launch phase)
    return f"{at(D53, clock)} Received sigquit from a child process. It usually means the child failed."


def sigquit46(clock: str) -> str:  # 0.4.6.post5 entrypoints/engine.py:529 and tokenizer_manager.py:1446 (same text)
    return f"{at(D46, clock)} Received sigquit from a child process. It usually means the child failed."


def running_sigquit53(clock: str) -> str:  # 0.5.3 managers/tokenizer_manager.py:1870 (after ready)
    return (
        f"{at(D53, clock)} SIGQUIT received. signum=3, frame=<frame at 0x7f2c5c1e3a40, file "
        "'/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed."
    )


def decode53(
    clock: str, rank: str | None, run: int, tok: int, usage: float, gen: float, queue: int, graph: bool = True
) -> str:
    # 0.5.3 managers/scheduler_metrics_mixin.py log_decode_stats (trailing ", " kept)
    return (
        f"{at(D53, clock, rank)} Decode batch. #running-req: {run}, #token: {tok}, token usage: {usage:.2f}, "
        f"cuda graph: {graph}, gen throughput (token/s): {gen:.2f}, #queue-req: {queue}, "
    )


def prefill53(clock: str, rank: str | None, seq: int, new: int, cached: int, usage: float, run: int, queue: int) -> str:
    return (
        f"{at(D53, clock, rank)} Prefill batch. #new-seq: {seq}, #new-token: {new}, #cached-token: {cached}, "
        f"token usage: {usage:.2f}, #running-req: {run}, #queue-req: {queue}, "
    )


def decode46(
    clock: str, rank: str | None, run: int, tok: int, usage: float, gen: float, queue: int, graph: bool = True
) -> str:
    # 0.4.6.post5 managers/scheduler.py log_decode_stats
    return (
        f"{at(D46, clock, rank)} Decode batch. #running-req: {run}, #token: {tok}, token usage: {usage:.2f}, "
        f"cuda graph: {graph}, gen throughput (token/s): {gen:.2f}, #queue-req: {queue}"
    )


def prefill46(clock: str, rank: str | None, seq: int, new: int, cached: int, usage: float, run: int, queue: int) -> str:
    return (
        f"{at(D46, clock, rank)} Prefill batch. #new-seq: {seq}, #new-token: {new}, #cached-token: {cached}, "
        f"token usage: {usage:.2f}, #running-req: {run}, #queue-req: {queue}"
    )


def access(day: str, clock: str, path: str, code: str, client: str = "10.0.3.17:52214") -> str:
    return f'{at(day, clock)} INFO:     {client} - "POST {path} HTTP/1.1" {code}'


# -- 0.5.3 call paths (line numbers from the 0.5.3 wheel)
ROOT53 = (("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),)
WORKER53 = ROOT53 + (
    ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
)
GRAPH53 = WORKER53 + (
    ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 440, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1842,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 368, "__init__", "raise Exception("),
)
CAPTURE53 = (
    ("model_executor/cuda_graph_runner.py", 366, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 485, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 661, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 650, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
)
FWD_THREAD53 = (
    ("managers/tp_worker_overlap_thread.py", 133, "forward_thread_func", "self.forward_thread_func_()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    (
        "managers/tp_worker_overlap_thread.py",
        164,
        "forward_thread_func_",
        "forward_batch_output = self.worker.forward_batch_generation(",
    ),
    (
        "managers/tp_worker.py",
        256,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 1981, "forward", "output = self._forward_raw("),
)
MODULE_CALL = (
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
)

# -- 0.4.6.post5 call paths
ROOT46 = (
    (
        "managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
)


# ============================================================================================ oom_cuda_graph
case(
    "graph_oom_midtrace_wrapper_053",
    V053,
    "0.5.3 model_executor/cuda_graph_runner.py:366-369 (capture wrapper), :868 (solutions); managers/scheduler.py:2889; entrypoints/engine.py:726; torch CUDACachingAllocator OOM text",
    "oom_cuda_graph",
    "cut mid-traceback: the inner OOM's last frames are a layer forward, the outer frames end in init_device_graphs -> cuda_graph_runner, and the wrapper says `Capture cuda graph failed: CUDA out of memory`; remedy lower fraction / cuda-graph-max-bs",
    join(
        "    return forward_call(*args, **kwargs)",
        t53(
            (
                "layers/activation.py",
                74,
                "forward_cuda",
                "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
            ),
        ),
        torch_oom("1.25 GiB", "79.19 GiB", "1.06 GiB", "78.12 GiB", "71.40 GiB", "2.21 GiB", pools="1.90 GiB"),
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        t53(*GRAPH53),
        "Exception: Capture cuda graph failed: "
        + torch_oom("1.25 GiB", "79.19 GiB", "1.06 GiB", "78.12 GiB", "71.40 GiB", "2.21 GiB", pools="1.90 GiB").split(
            ": ", 1
        )[1],
        SOLUTIONS_053,
        "",
        sigquit53("14:22:51"),
    ),
)

case(
    "graph_oom_progress_bar_tail_046",
    V046,
    "0.4.6.post5 model_executor/cuda_graph_runner.py:307-315 (capture wrapper, `Capture CUDA graph failed`), :374 (`Capturing batches ({avail_mem=:.2f} GB)` tqdm); entrypoints/engine.py:529",
    "oom_cuda_graph",
    "tail -n 14: the capture progress bar stopped at 9/35, then the wrapper's `Capture CUDA graph failed: CUDA out of memory` and its solutions; the phase is in the bar and the wrapper",
    join(
        "Capturing batches (avail_mem=1.38 GB):  26%|██▌       | 9/35 [00:03<00:09,  2.71it/s]",
        t46(
            (
                "model_executor/model_runner.py",
                1098,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("model_executor/cuda_graph_runner.py", 309, "__init__", "raise Exception("),
        ),
        "Exception: Capture CUDA graph failed: CUDA out of memory. Tried to allocate 512.00 MiB. GPU 0 has a total capacity of 79.10 GiB of which 398.06 MiB is free. Process 2280731 has 78.70 GiB memory in use. Of the allocated memory 74.66 GiB is allocated by PyTorch, with 1.02 GiB allocated in private pools (e.g., CUDA Graphs), and 1.21 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        SOLUTIONS_046,
        "",
        sigquit46("09:41:17"),
    ),
)

# ============================================================================================== oom_kv_cache
case(
    "kv_pool_midtrace_two_ranks_053",
    V053,
    "0.5.3 model_executor/model_runner.py:432 (initialize -> init_memory_pool), :1495-1499 (`Not enough memory. Please try to increase --mem-fraction-static. Current value: {self.server_args.mem_fraction_static=}`)",
    "oom_kv_cache",
    "cut mid-traceback on TP1 and TP0: init_memory_pool raising `Not enough memory. Please try to increase --mem-fraction-static` (fraction 0.55); remedy a higher fraction or larger TP",
    join(
        t53(
            ("model_executor/model_runner.py", 432, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 1496, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.55",
        "",
        f"{at(D53, '11:05:32', 'TP0')} Scheduler hit an exception: {TB}",
        t53(
            *WORKER53,
            ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 432, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 1496, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.55",
        "",
        sigquit53("11:05:32"),
    ),
)

case(
    "kv_pool_error_line_only_046",
    V046,
    "0.4.6.post5 model_executor/model_runner.py:897-900 (`Not enough memory. Please try to increase --mem-fraction-static.`); entrypoints/engine.py:529",
    "oom_kv_cache",
    "only the error line and the launcher's sigquit line: the KV pool could not be sized, the message itself asks for a higher --mem-fraction-static",
    join(
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        sigquit46("16:12:08"),
        "Killed",
    ),
)

# =============================================================================================== oom_weights
case(
    "weights_oom_create_weights_053",
    V053,
    "0.5.3 models/llama.py:302/241/72 (make_layers lambda -> LlamaDecoderLayer -> LlamaMLP -> MergedColumnParallelLinear), layers/linear.py:484/321, layers/quantization/unquant.py:100 (create_weights torch.empty); engine.py:726",
    "oom_weights",
    "cut mid-traceback: the frames are the model's constructor allocating parameters (LlamaMLP -> MergedColumnParallelLinear -> create_weights torch.empty) and the GPU is full: the weights do not fit at this TP",
    join(
        t53(
            ("utils/common.py", 506, "<genexpr>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
            ("models/llama.py", 302, "<lambda>", "lambda idx, prefix: LlamaDecoderLayer("),
            ("models/llama.py", 241, "__init__", "self.mlp = LlamaMLP("),
            ("models/llama.py", 72, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
            ("layers/linear.py", 484, "__init__", "super().__init__("),
            ("layers/linear.py", 321, "__init__", "self.quant_method.create_weights("),
            ("layers/quantization/unquant.py", 100, "create_weights", "torch.empty("),
            ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
        ),
        torch_oom("448.00 MiB", "79.19 GiB", "297.06 MiB", "78.89 GiB", "78.38 GiB", "13.62 MiB"),
        "",
        sigquit53("08:47:03"),
    ),
)

case(
    "weights_oom_shards_bar_fp8_online_046",
    V046,
    "0.4.6.post5 model_loader/weight_utils.py:436-441 (`Loading safetensors checkpoint shards` tqdm, _BAR_FORMAT), model_loader/loader.py:381/389/400 (load_weights_and_postprocess -> process_weights_after_loading), layers/quantization/fp8.py:338 -> fp8_kernel.py:215 (per_token_group_quant_fp8 x_q = torch.empty_like)",
    "oom_weights",
    "the shard bar reached 100% and the traceback is in load_weights_and_postprocess -> fp8 process_weights_after_loading (online fp8 quantization of a bf16 checkpoint): OOM while loading the weights, before any KV pool",
    join(
        "Loading safetensors checkpoint shards:  97% Completed | 29/30 [01:52<00:03,  3.88s/it]",
        "Loading safetensors checkpoint shards: 100% Completed | 30/30 [01:56<00:00,  3.91s/it]",
        "",
        f"{at(D46, '10:31:44', 'TP0')} Scheduler hit an exception: {TB}",
        t46(
            *ROOT46,
            ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
            ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 534, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 381, "load_model", "self.load_weights_and_postprocess("),
            (
                "model_loader/loader.py",
                400,
                "load_weights_and_postprocess",
                "quant_method.process_weights_after_loading(module)",
            ),
            (
                "layers/quantization/fp8.py",
                338,
                "process_weights_after_loading",
                "qweight, weight_scale = per_token_group_quant_fp8(",
            ),
            (
                "layers/quantization/fp8_kernel.py",
                215,
                "per_token_group_quant_fp8",
                "x_q = torch.empty_like(x, device=x.device, dtype=fp8_dtype)",
            ),
        ),
        torch_oom("224.00 MiB", "79.10 GiB", "101.06 MiB", "78.99 GiB", "77.93 GiB", "452.19 MiB"),
        "",
        sigquit46("10:31:45"),
    ),
)

# =============================================================================================== oom_runtime
case(
    "runtime_oom_decode_overlap_thread_053",
    V053,
    "0.5.3 managers/tp_worker_overlap_thread.py:133-137 (`TpModelWorkerClient hit an exception:`), :164; tp_worker.py:256; model_runner.py:1981/2028/1904 (forward -> _forward_raw -> forward_decode); layers/logits_processor.py; tokenizer_manager.py:1870 (running-phase SIGQUIT)",
    "oom_runtime",
    "decode batch lines (serving, 300 running requests, cuda graph: False beyond max bs) then the overlap thread's forward_decode -> logits OOM and the running-phase SIGQUIT: out of memory while serving",
    join(
        decode53("13:02:10", "TP0", 287, 402113, 0.81, 6120.44, 41, graph=False),
        decode53("13:02:12", "TP0", 301, 414580, 0.83, 6088.20, 37, graph=False),
        f"{at(D53, '13:02:13', 'TP0')} TpModelWorkerClient hit an exception: {TB}",
        t53(
            *FWD_THREAD53,
            ("model_executor/model_runner.py", 2028, "_forward_raw", "ret = self.forward_decode("),
            ("model_executor/model_runner.py", 1904, "forward_decode", "return self.model.forward("),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("models/qwen3.py", 375, "forward", "return self.logits_processor("),
            *MODULE_CALL,
            (
                "layers/logits_processor.py",
                341,
                "forward",
                "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
            ),
            ("layers/logits_processor.py", 477, "_get_logits", "logits = torch.matmul("),
        ),
        torch_oom("1.11 GiB", "79.19 GiB", "709.06 MiB", "78.50 GiB", "74.91 GiB", "1.02 GiB", gpu=0, pools="3.12 GiB"),
        "",
        running_sigquit53("13:02:13"),
    ),
)

case(
    "runtime_oom_prefill_no_overlap_046",
    V046,
    "0.4.6.post5 managers/scheduler.py:2313 (event_loop_normal), :646, :1563; tp_worker.py:202; model_runner.py:1172/1201/1140 (forward -> _forward_raw -> forward_extend); logits_processor.py:343/457; tokenizer_manager.py:1446",
    "oom_runtime",
    "prefill batch lines of a serving server (16k-token chunks, 50 running) then event_loop_normal -> run_batch -> forward_extend -> full-logits matmul OOM: out of memory while serving",
    join(
        prefill46("22:14:51", None, 2, 16384, 512, 0.62, 50, 7),
        decode46("22:14:52", None, 52, 331204, 0.64, 1932.08, 7),
        prefill46("22:14:53", None, 1, 16384, 0, 0.66, 52, 6),
        f"{at(D46, '22:14:54')} Scheduler hit an exception: {TB}",
        t46(
            ("managers/scheduler.py", 2313, "run_scheduler_process", "scheduler.event_loop_normal()"),
            ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 646, "event_loop_normal", "result = self.run_batch(batch)"),
            ("managers/scheduler.py", 1563, "run_batch", "self.tp_worker.forward_batch_generation(model_worker_batch)"),
            (
                "managers/tp_worker.py",
                202,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("model_executor/model_runner.py", 1172, "forward", "output = self._forward_raw("),
            ("model_executor/model_runner.py", 1201, "_forward_raw", "ret = self.forward_extend("),
            ("model_executor/model_runner.py", 1140, "forward_extend", "return self.model.forward("),
            ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            ("models/qwen2.py", 427, "forward", "return self.logits_processor("),
            ("+torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
            (
                "layers/logits_processor.py",
                343,
                "forward",
                "full_logits = self._get_logits(hidden_states, lm_head, logits_metadata)",
            ),
            ("layers/logits_processor.py", 457, "_get_logits", "logits = torch.matmul("),
        ),
        torch_oom("9.27 GiB", "79.10 GiB", "5.41 GiB", "73.68 GiB", "70.02 GiB", "1.64 GiB"),
        "",
        sigquit46("22:14:54"),
    ),
)

case(
    "runtime_decode_pool_exhausted_crash_046",
    V046,
    "0.4.6.post5 managers/schedule_batch.py:927-946 (alloc_token_slots: `Decode out of memory. Try to lower your batch size.` logged, radix tree pretty_print `#tokens:`, then raised), :1501 (prepare_for_decode); scheduler.py:1328/1533",
    "oom_runtime",
    "decode batch lines at token usage 0.99, then `Decode out of memory. Try to lower your batch size.` raised from prepare_for_decode: the KV pool ran dry while serving and the scheduler died (remedy: fewer running requests / more headroom, not a start-up fraction raise)",
    join(
        decode46("03:50:02", "TP0", 196, 1148011, 0.99, 3011.52, 88),
        decode46("03:50:05", "TP0", 196, 1155802, 0.99, 2987.41, 91),
        f"{at(D46, '03:50:06', 'TP0')} Decode out of memory. Try to lower your batch size.",
        "Try to allocate 196 tokens.",
        "Available tokens: 41",
        "",
        "#tokens: 1159388",
        f"{at(D46, '03:50:06', 'TP0')} Scheduler hit an exception: {TB}",
        t46(
            ("managers/scheduler.py", 2311, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 664, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
            (
                "managers/scheduler.py",
                1328,
                "get_next_batch_to_run",
                "self.running_batch = self.update_running_batch(self.running_batch)",
            ),
            ("managers/scheduler.py", 1533, "update_running_batch", "batch.prepare_for_decode()"),
            (
                "managers/schedule_batch.py",
                1501,
                "prepare_for_decode",
                "self.out_cache_loc = self.alloc_token_slots(bs)",
            ),
            ("managers/schedule_batch.py", 946, "alloc_token_slots", "raise RuntimeError(error_msg)"),
        ),
        "RuntimeError: Decode out of memory. Try to lower your batch size.",
        "Try to allocate 196 tokens.",
        "Available tokens: 41",
        "",
        "",
        sigquit46("03:50:06"),
    ),
)

# ========================================================================================= oom_moe_workspace
case(
    "moe_deepep_buffer_lazy_init_053",
    V053,
    "0.5.3 models/deepseek_v2.py:852, single_batch_overlap.py:67, layers/moe/ep_moe/layer.py:458, layers/moe/token_dispatcher/deepep.py:723/735/362/375/493/202 (DeepEPBuffer.get_deepep_buffer -> Buffer(...)); deepseek-ai/DeepEP@e02e4d2 deep_ep/buffer.py:87, csrc/deep_ep.cpp:51 (cudaMalloc of the NVL buffer), csrc/kernels/exception.cuh (`Failed: CUDA error <file>:<line> '<err>'`)",
    "oom_moe_workspace",
    "cut mid-traceback in a DeepSeek MoE layer's forward: the first normal-mode dispatch creates DeepEP's buffer lazily, DeepEPBuffer.get_deepep_buffer -> deep_ep Buffer -> `Failed: CUDA error .../deep_ep.cpp:51 'out of memory'`: the MoE dispatch buffer did not fit",
    join(
        "    return forward_call(*args, **kwargs)",
        t53(
            ("models/deepseek_v2.py", 2487, "forward", "hidden_states = self.mlp("),
            *MODULE_CALL,
            ("models/deepseek_v2.py", 690, "forward", "return self.forward_deepep(hidden_states, forward_batch)"),
            (
                "models/deepseek_v2.py",
                852,
                "forward_deepep",
                "final_hidden_states, sbo_shared_output = single_batch_overlap.execute_sbo(",
            ),
            ("single_batch_overlap.py", 67, "execute_sbo", "dispatch_output = experts.dispatch("),
            ("layers/moe/ep_moe/layer.py", 458, "dispatch", "return self.deepep_dispatcher.dispatch("),
            ("layers/moe/token_dispatcher/deepep.py", 723, "dispatch", "self.dispatch_a(*args, **kwargs)"),
            (
                "layers/moe/token_dispatcher/deepep.py",
                735,
                "dispatch_a",
                "inner_state = self._get_impl(forward_batch).dispatch_a(",
            ),
            (
                "layers/moe/token_dispatcher/deepep.py",
                362,
                "dispatch_a",
                ") = self._dispatch_core(hidden_states, topk_idx, topk_weights, previous_event)",
            ),
            ("layers/moe/token_dispatcher/deepep.py", 375, "_dispatch_core", "buffer = self._get_buffer()"),
            ("layers/moe/token_dispatcher/deepep.py", 493, "_get_buffer", "return DeepEPBuffer.get_deepep_buffer("),
            ("layers/moe/token_dispatcher/deepep.py", 202, "get_deepep_buffer", "cls._buffer = Buffer("),
            (
                "+deep_ep/buffer.py",
                87,
                "__init__",
                "self.runtime = deep_ep_cpp.Buffer(self.rank, self.group_size, num_nvl_bytes, num_rdma_bytes, low_latency_mode, explicitly_destroy, enable_shrink)",
            ),
        ),
        "RuntimeError: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:51 'out of memory'",
        "",
        running_sigquit53("19:33:41"),
    ),
)

case(
    "moe_flashinfer_workspace_attn_init_053",
    V053,
    "0.5.3 model_executor/model_runner.py:439/1742/1780/1795 (init_attention_backend -> _get_attention_backend_from_str -> ATTENTION_BACKENDS[...]), layers/attention/attention_registry.py:30, layers/attention/flashinfer_backend.py:154 (global_workspace_buffer = torch.empty(flashinfer_workspace_size))",
    "oom_moe_workspace",
    "cut mid-traceback: the last SGLang frame allocates FlashInfer's global workspace buffer (flashinfer_backend.py torch.empty) right after the KV pool: a FlashInfer workspace allocation OOM (remedy lower the fraction / smaller workspace)",
    join(
        t53(
            ("model_executor/model_runner.py", 439, "initialize", "self.init_attention_backend()"),
            (
                "model_executor/model_runner.py",
                1742,
                "init_attention_backend",
                "self.attn_backend = self._get_attention_backend()",
            ),
            (
                "model_executor/model_runner.py",
                1780,
                "_get_attention_backend",
                "attn_backend = self._get_attention_backend_from_str(",
            ),
            (
                "model_executor/model_runner.py",
                1795,
                "_get_attention_backend_from_str",
                "full_attention_backend = ATTENTION_BACKENDS[backend_str](self)",
            ),
            (
                "layers/attention/attention_registry.py",
                30,
                "create_flashinfer_backend",
                "return FlashInferAttnBackend(runner)",
            ),
            ("layers/attention/flashinfer_backend.py", 154, "__init__", "global_workspace_buffer = torch.empty("),
        ),
        torch_oom("512.00 MiB", "44.39 GiB", "211.06 MiB", "44.17 GiB", "43.70 GiB", "11.25 MiB"),
        "",
        sigquit53("07:19:26"),
    ),
)

# ======================================================================================= nccl_or_distributed
case(
    "nccl_pynccl_init_unhandled_system_error_053",
    V053,
    "0.5.3 model_executor/model_runner.py:687 (initialize_model_parallel), distributed/parallel_state.py:1489/1270/313, distributed/device_communicators/pynccl.py:110, pynccl_wrapper.py:399/374 (`NCCL error: {error_str}`)",
    "nccl_or_distributed",
    "cut mid-traceback: initialize_model_parallel -> PyNcclCommunicator -> ncclCommInitRank -> `NCCL error: unhandled system error`: the NCCL communicator could not form",
    join(
        t53(
            ("model_executor/model_runner.py", 687, "init_torch_distributed", "initialize_model_parallel("),
            ("distributed/parallel_state.py", 1489, "initialize_model_parallel", "_TP = init_model_parallel_group("),
            ("distributed/parallel_state.py", 1270, "init_model_parallel_group", "return GroupCoordinator("),
            ("distributed/parallel_state.py", 313, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
            (
                "distributed/device_communicators/pynccl.py",
                110,
                "__init__",
                "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
            ),
            ("distributed/device_communicators/pynccl_wrapper.py", 399, "ncclCommInitRank", "self.NCCL_CHECK("),
            (
                "distributed/device_communicators/pynccl_wrapper.py",
                374,
                "NCCL_CHECK",
                'raise RuntimeError(f"NCCL error: {error_str}")',
            ),
        ),
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        "",
        sigquit53("12:00:47"),
    ),
)

case(
    "nccl_watchdog_timeout_while_serving_053",
    V053,
    "torch ProcessGroupNCCL watchdog lines as in hiyouga/LlamaFactory#8261 and sgl-project/sglang#1693 (`terminate called after throwing an instance of 'c10::DistBackendError'`); 0.5.3 scheduler_metrics_mixin.py decode line, tokenizer_manager.py:1870",
    "nccl_or_distributed",
    "decode lines, then TP1/TP0 NCCL watchdog `Watchdog caught collective operation timeout: WorkNCCL(... ALLREDUCE ...)` and the watchdog thread's DistBackendError abort: a communication failure while serving",
    join(
        decode53("02:10:11", "TP0", 64, 90211, 0.11, 1788.32, 0),
        decode53("02:10:13", "TP0", 64, 92770, 0.11, 1790.05, 0),
        "[rank1]:[E1009 02:20:14.118306411 ProcessGroupNCCL.cpp:685] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1523307, OpType=ALLREDUCE, NumelIn=5242880, NumelOut=5242880, Timeout(ms)=600000) ran for 600046 milliseconds before timing out.",
        "[rank1]:[E1009 02:20:14.118654920 ProcessGroupNCCL.cpp:2252] [PG ID 2 PG GUID 3 Rank 1]  failure detected by watchdog at work sequence id: 1523307 PG status: last enqueued work: 1523310, last completed work: 1523306",
        "[rank1]:[E1009 02:20:14.118691031 ProcessGroupNCCL.cpp:732] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        "[rank0]:[E1009 02:20:14.131002876 ProcessGroupNCCL.cpp:685] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1523307, OpType=ALLREDUCE, NumelIn=5242880, NumelOut=5242880, Timeout(ms)=600000) ran for 600059 milliseconds before timing out.",
        "[rank1]:[E1009 02:20:14.231988117 ProcessGroupNCCL.cpp:746] [Rank 1] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[rank1]:[E1009 02:20:14.232016431 ProcessGroupNCCL.cpp:760] [Rank 1] To avoid data inconsistency, we are taking the entire process down.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 1] Process group watchdog thread terminated with exception: [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1523307, OpType=ALLREDUCE, NumelIn=5242880, NumelOut=5242880, Timeout(ms)=600000) ran for 600046 milliseconds before timing out.",
        "Exception raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:688 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x98 (0x7f7c1e1785e8 in /usr/local/lib/python3.12/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x23d (0x7f7c1f4c3a6d in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::Watchdog::runLoop() + 0xc79 (0x7f7c1f4c6c39 in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::Watchdog::run() + 0xd2 (0x7f7c1f4c7ef2 in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xecdb4 (0x7f7d0c4f4db4 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x9caa4 (0x7f7d1d7a8aa4 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: <unknown function> + 0x129c3c (0x7f7d1d835c3c in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "Fatal Python error: Aborted",
        "",
        running_sigquit53("02:20:15"),
    ),
)

case(
    "dist_tcpstore_client_timeout_second_node_053",
    V053,
    "0.5.3 model_executor/model_runner.py:679 (init_distributed_environment), distributed/parallel_state.py init_process_group; torch distributed rendezvous.py _create_c10d_store -> TCPStore (client-side `The client socket has timed out after ...ms while trying to connect to (host, port).`)",
    "nccl_or_distributed",
    "node 1's tail: init_distributed_environment -> init_process_group -> TCPStore gives `DistNetworkError: The client socket has timed out ... while trying to connect to (10.20.0.11, 5000)`: the ranks never met (torch.distributed rendezvous)",
    join(
        f"{at(D53, '09:12:02', 'TP8')} Init torch distributed begin.",
        f"{at(D53, '09:12:02', 'TP12')} Init torch distributed begin.",
        f"{at(D53, '09:22:03', 'TP8')} Scheduler hit an exception: {TB}",
        t53(
            *WORKER53,
            ("model_executor/model_runner.py", 285, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 679, "init_torch_distributed", "init_distributed_environment("),
            (
                "distributed/parallel_state.py",
                1407,
                "init_distributed_environment",
                "torch.distributed.init_process_group(",
            ),
            ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
            ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
            (
                "+torch/distributed/distributed_c10d.py",
                1710,
                "init_process_group",
                "store, rank, world_size = next(rendezvous_iterator)",
            ),
            ("+torch/distributed/rendezvous.py", 209, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
            ("+torch/distributed/rendezvous.py", 189, "_create_c10d_store", "return TCPStore("),
        ),
        "torch.distributed.DistNetworkError: The client socket has timed out after 600000ms while trying to connect to (10.20.0.11, 5000).",
        "",
        sigquit53("09:22:03"),
    ),
)

# ============================================================================================== port_in_use
case(
    "port_uvicorn_bind_after_load_053",
    V053,
    "uvicorn `[Errno 98] error while attempting to bind on address` as in wandb/openui#226; 0.5.3 utils/common.py:2072-2082 (uvicorn format `[%(asctime)s] %(levelprefix)s %(message)s`); scheduler.py max_total_num_tokens line; model_runner.py:1848 capture end",
    "port_in_use",
    "the model loaded and graphs captured, then uvicorn's `[Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use` and shutdown: the HTTP port is taken",
    join(
        "Capturing batches (bs=1 avail_mem=12.07 GB): 100%|██████████| 36/36 [00:06<00:00,  5.41it/s]",
        f"{at(D53, '15:40:29')} Capture cuda graph end. Time elapsed: 7.02 s. mem usage=0.71 GB. avail mem=11.36 GB.",
        f"{at(D53, '15:40:30')} max_total_num_tokens=421370, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=11.36 GB",
        f"{at(D53, '15:40:31')} INFO:     Started server process [61408]",
        f"{at(D53, '15:40:31')} INFO:     Waiting for application startup.",
        f"{at(D53, '15:40:31')} INFO:     Application startup complete.",
        f"{at(D53, '15:40:31')} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{at(D53, '15:40:31')} INFO:     Waiting for application shutdown.",
        f"{at(D53, '15:40:31')} INFO:     Application shutdown complete.",
    ),
)

case(
    "port_dist_init_eaddrinuse_053",
    V053,
    "0.5.3 model_executor/model_runner.py:285/679, distributed/parallel_state.py init_process_group; torch TCPStore server `The server socket has failed to listen on any local network address. port: ..., useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use` (as quoted in public threads)",
    "port_in_use",
    "cut mid-traceback: torch.distributed's TCPStore could not listen, `EADDRINUSE, message: address already in use` on the dist-init port: an internal port is taken (a leftover server), remedy another --nccl-port / free it",
    join(
        t53(
            ("model_executor/model_runner.py", 285, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 679, "init_torch_distributed", "init_distributed_environment("),
            (
                "distributed/parallel_state.py",
                1407,
                "init_distributed_environment",
                "torch.distributed.init_process_group(",
            ),
            ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
            ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
            (
                "+torch/distributed/distributed_c10d.py",
                1710,
                "init_process_group",
                "store, rank, world_size = next(rendezvous_iterator)",
            ),
            ("+torch/distributed/rendezvous.py", 209, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
            ("+torch/distributed/rendezvous.py", 189, "_create_c10d_store", "return TCPStore("),
        ),
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 32145, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        "",
        sigquit53("17:03:12"),
    ),
)

case(
    "port_zmq_bind_dp_attention_046",
    V046,
    "0.4.6.post5 managers/scheduler.py:2297/227 (Scheduler.__init__ get_zmq_socket for the TCP scheduler input port with --enable-dp-attention), utils.py:1073 get_zmq_socket `socket.bind(endpoint)`; pyzmq sugar/socket.py bind `ZMQError: Address already in use (addr=...)`",
    "port_in_use",
    "cut mid-traceback: get_zmq_socket -> socket.bind -> `zmq.error.ZMQError: Address already in use (addr='tcp://10.0.0.5:30234')`: an internal ZMQ port (port+233 with dp-attention) is taken",
    join(
        t46(
            *ROOT46,
            ("managers/scheduler.py", 227, "__init__", "self.recv_from_tokenizer = get_zmq_socket("),
            ("utils.py", 1073, "get_zmq_socket", "socket.bind(endpoint)"),
            ("+zmq/sugar/socket.py", 311, "bind", "super().bind(addr)"),
            ("_zmq.py", 917, "zmq.backend.cython._zmq.Socket.bind", ""),
            ("_zmq.py", 179, "zmq.backend.cython._zmq._check_rc", ""),
        ),
        "zmq.error.ZMQError: Address already in use (addr='tcp://10.0.0.5:30234')",
        "",
        sigquit46("18:27:40"),
    ),
)

# ============================================================================================= config_error
USAGE_TAIL_053 = [
    "                        [--remote-instance-weight-loader-send-weights-group-ports REMOTE_INSTANCE_WEIGHT_LOADER_SEND_WEIGHTS_GROUP_PORTS]",
    "                        [--enable-pdmux] [--sm-group-num SM_GROUP_NUM]",
    "                        [--enable-deterministic-inference] [--enable-ep-moe]",
    "                        [--enable-deepep-moe]",
    "                        [--enable-flashinfer-cutlass-moe]",
    "                        [--enable-flashinfer-cutedsl-moe]",
    "                        [--enable-flashinfer-trtllm-moe]",
    "                        [--enable-triton-kernel-moe]",
    "                        [--enable-flashinfer-mxfp4-moe] [--config CONFIG]",
]
case(
    "config_usage_tail_unrecognized_053",
    V053,
    "0.5.3 server_args.py:3175-3177 (argparse.ArgumentParser() in prepare_server_args; the last add_argument calls --remote-instance-weight-loader-send-weights-group-ports .. --config give the usage's last lines)",
    "config_error",
    "tail -n 10 of argparse: the usage's last lines and `launch_server.py: error: unrecognized arguments: --cuda-graph-max-bs-decode 64` (a newer release's flag): a bad argument",
    join(USAGE_TAIL_053, "launch_server.py: error: unrecognized arguments: --cuda-graph-max-bs-decode 64"),
)

case(
    "config_model_path_missing_launcher_053",
    V053,
    "0.5.3 launch_server.py:21, server_args.py:3178/2883/478/732/2893 (prepare_server_args -> from_cli_args -> __post_init__ -> _handle_model_specific_adjustments -> get_hf_config), utils/hf_transformers_utils.py:180 (AutoConfig.from_pretrained); transformers 4.5x utils/hub.py cached_files OSError (`hf auth login` wording)",
    "config_error",
    "cut mid-traceback in the launcher: get_hf_config -> AutoConfig.from_pretrained -> `OSError: /models/Qwen3-235B-A22B-FP8 is not a local folder and is not a valid model identifier`: the model path does not exist",
    join(
        t53(
            ("server_args.py", 478, "__post_init__", "self._handle_model_specific_adjustments()"),
            ("server_args.py", 732, "_handle_model_specific_adjustments", "hf_config = self.get_hf_config()"),
            ("server_args.py", 2893, "get_hf_config", "hf_config = get_config("),
            ("utils/common.py", 2905, "wrapper", "result = func(*args, **kwargs)"),
            ("utils/hf_transformers_utils.py", 180, "get_config", "config = AutoConfig.from_pretrained("),
            (
                "+transformers/models/auto/configuration_auto.py",
                1308,
                "from_pretrained",
                "config_dict, unused_kwargs = PretrainedConfig.get_config_dict(pretrained_model_name_or_path, **kwargs)",
            ),
            (
                "+transformers/configuration_utils.py",
                662,
                "get_config_dict",
                "config_dict, kwargs = cls._get_config_dict(pretrained_model_name_or_path, **kwargs)",
            ),
            ("+transformers/configuration_utils.py", 721, "_get_config_dict", "resolved_config_file = cached_file("),
            (
                "+transformers/utils/hub.py",
                322,
                "cached_file",
                "file = cached_files(path_or_repo_id=path_or_repo_id, filenames=[filename], **kwargs)",
            ),
            ("+transformers/utils/hub.py", 511, "cached_files", "raise OSError("),
        ),
        "OSError: /models/Qwen3-235B-A22B-FP8 is not a local folder and is not a valid model identifier listed on 'https://huggingface.co/models'",
        "If this is a private repository, make sure to pass a token having permission to this repo either by logging in with `hf auth login` or by passing `token=<your_token>`",
    ),
)

ARCHS_046 = (
    "dict_keys(['BaichuanForCausalLM', 'ChatGLMModel', 'CLIPModel', 'CohereForCausalLM', 'Cohere2ForCausalLM', 'DbrxForCausalLM', "
    "'DeepseekForCausalLM', 'MultiModalityCausalLM', 'DeepseekV3ForCausalLMNextN', 'DeepseekV2ForCausalLM', 'DeepseekV3ForCausalLM', "
    "'DeepseekVL2ForCausalLM', 'ExaoneForCausalLM', 'GemmaForCausalLM', 'Gemma2ForCausalLM', 'Gemma2ForSequenceClassification', "
    "'Gemma3ForCausalLM', 'Gemma3ForConditionalGeneration', 'GPT2LMHeadModel', 'GPTBigCodeForCausalLM', 'GraniteForCausalLM', "
    "'Grok1ForCausalLM', 'Grok1ModelForCausalLM', 'InternLM2ForCausalLM', 'InternLM2ForRewardModel', 'InternLM3ForCausalLM', "
    "'InternVLChatModel', 'KimiVLForConditionalGeneration', 'LlamaForCausalLM', 'Llama4ForCausalLM', 'LlamaForClassification', "
    "'LlamaForCausalLMEagle', 'LlamaForCausalLMEagle3', 'LlamaEmbeddingModel', 'MistralModel', 'LlamaForSequenceClassification', "
    "'LlamaForSequenceClassificationWithNormal_Weights', 'LlavaLlamaForCausalLM', 'LlavaQwenForCausalLM', 'LlavaMistralForCausalLM', "
    "'LlavaVidForCausalLM', 'MiMoForCausalLM', 'MiMoMTP', 'MiniCPMForCausalLM', 'MiniCPM3ForCausalLM', 'MiniCPMO', 'MiniCPMV', "
    "'MistralForCausalLM', 'Mistral3ForConditionalGeneration', 'MixtralForCausalLM', 'QuantMixtralForCausalLM', "
    "'MllamaForConditionalGeneration', 'Llama4ForConditionalGeneration', 'OlmoForCausalLM', 'Olmo2ForCausalLM', 'OlmoeForCausalLM', "
    "'Phi3ForCausalLM', 'Phi3SmallForCausalLM', 'PixtralVisionModel', 'QWenLMHeadModel', 'Qwen2ForCausalLM', 'Qwen2_5_VLForConditionalGeneration', "
    "'Qwen2ForCausalLMEagle', 'Qwen2MoeForCausalLM', 'Qwen2ForRewardModel', 'Qwen2VLForConditionalGeneration', 'Qwen3ForCausalLM', "
    "'Qwen3MoeForCausalLM', 'StableLmForCausalLM', 'TorchNativeLlamaForCausalLM', 'TorchNativePhi3ForCausalLM', 'XverseForCausalLM', "
    "'XverseMoeForCausalLM', 'YiVLForCausalLM', 'BertModel', 'Contriever', 'XLMRobertaModel', 'Qwen2ForSequenceClassification', "
    "'LlavaForConditionalGeneration'])"
)
case(
    "config_arch_unsupported_tail_046",
    V046,
    "0.4.6.post5 models/registry.py:32-35 (`Model architectures {architectures} are not supported for now. Supported architectures: {all_supported_archs}`), :65; model_loader/utils.py:37; model_loader/loader.py:148 (the registry's names read from the wheel's EntryClass lists)",
    "config_error",
    "cut mid-traceback: get_model_architecture -> resolve_model_cls -> `Model architectures ['Glm4MoeForCausalLM'] are not supported for now`: an architecture this release lacks",
    join(
        t46(
            (
                "model_loader/loader.py",
                148,
                "_initialize_model",
                "model_class, _ = get_model_architecture(model_config)",
            ),
            (
                "model_loader/utils.py",
                37,
                "get_model_architecture",
                "return ModelRegistry.resolve_model_cls(architectures)",
            ),
            ("models/registry.py", 65, "resolve_model_cls", "return self._raise_for_unsupported(architectures)"),
            ("models/registry.py", 32, "_raise_for_unsupported", "raise ValueError("),
        ),
        f"ValueError: Model architectures ['Glm4MoeForCausalLM'] are not supported for now. Supported architectures: {ARCHS_046}",
        "",
        sigquit46("11:58:20"),
    ),
)

case(
    "config_quant_min_capability_053",
    V053,
    "0.5.3 model_loader/loader.py:228/182 _get_quantization_config (`The quantization method {q} is not supported for the current GPU. Minimum capability: {m}. Current capability: {c}.`), layers/quantization/modelopt_quant.py:539-540 (ModelOptFp4Config min capability 100)",
    "config_error",
    "the error line and the sigquit: `The quantization method modelopt_fp4 is not supported for the current GPU. Minimum capability: 100. Current capability: 90.`: an NVFP4 checkpoint on a Hopper GPU",
    join(
        t53(
            ("model_loader/loader.py", 228, "_initialize_model", "quant_config = _get_quantization_config("),
            ("model_loader/loader.py", 182, "_get_quantization_config", "raise ValueError("),
        ),
        "ValueError: The quantization method modelopt_fp4 is not supported for the current GPU. Minimum capability: 100. Current capability: 90.",
        "",
        sigquit53("10:44:09"),
    ),
)

case(
    "config_context_length_over_derived_053",
    V053,
    "0.5.3 configs/model_config.py:253-278 (`... context_length ... is greater than the derived context_length ... To allow overriding this maximum, set the env var SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1`; environ.py:192 default False), :178/202; managers/scheduler.py:325",
    "config_error",
    "the scheduler's ModelConfig refuses --context-length 262144 above the model's 131072 unless SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1: a bad argument",
    join(
        f"{at(D53, '06:31:55', 'TP0')} Scheduler hit an exception: {TB}",
        t53(
            *ROOT53,
            ("managers/scheduler.py", 325, "__init__", "self.model_config = ModelConfig.from_server_args(server_args)"),
            ("configs/model_config.py", 202, "from_server_args", "return ModelConfig("),
            ("configs/model_config.py", 178, "__init__", "self._derive_context_length(context_length)"),
            ("configs/model_config.py", 276, "_derive_context_length", "raise ValueError("),
        ),
        "ValueError: Warning: User-specified context_length (262144) is greater than the derived context_length (131072). This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config. To allow overriding this maximum, set the env var SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1",
        "",
        sigquit53("06:31:55"),
    ),
)

case(
    "config_fp8_block_n_vs_tp_053",
    V053,
    "0.5.3 layers/quantization/fp8.py:262-268 (`Weight output_partition_size = {n} is not divisible by weight quantization block_n = {block_n}.`), layers/linear.py:321 (create_weights)",
    "config_error",
    "cut mid-traceback in model construction: fp8 create_weights `Weight output_partition_size = 192 is not divisible by weight quantization block_n = 128.`: a block-quantized checkpoint split at a TP it does not allow",
    join(
        t53(
            ("layers/linear.py", 484, "__init__", "super().__init__("),
            ("layers/linear.py", 321, "__init__", "self.quant_method.create_weights("),
            ("layers/quantization/fp8.py", 264, "create_weights", "raise ValueError("),
        ),
        "ValueError: Weight output_partition_size = 192 is not divisible by weight quantization block_n = 128.",
        "",
        sigquit53("20:15:37"),
    ),
)

# ========================================================================================= cuda_error_other
case(
    "cuda_illegal_memory_access_decode_053",
    V053,
    "0.5.3 managers/scheduler.py:2869/991/2104, scheduler_output_processor_mixin.py:218, tp_worker_overlap_thread.py:218 (resolve_last_batch_result copy_done.synchronize()); torch c10 CUDA error text; tokenizer_manager.py:1870",
    "cuda_error_other",
    "decode batch lines then the scheduler's `CUDA error: an illegal memory access was encountered` at the overlap thread's copy synchronize: a CUDA fault while serving, not memory exhaustion",
    join(
        decode53("21:07:40", "TP0", 12, 40318, 0.05, 702.11, 0),
        decode53("21:07:41", "TP0", 13, 42840, 0.05, 713.87, 0),
        f"{at(D53, '21:07:42', 'TP0')} Scheduler hit an exception: {TB}",
        t53(
            ("managers/scheduler.py", 2869, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 991, "event_loop_overlap", "self.process_batch_result("),
            (
                "managers/scheduler.py",
                2104,
                "process_batch_result",
                "self.process_batch_result_decode(batch, result, launch_done)",
            ),
            (
                "managers/scheduler_output_processor_mixin.py",
                218,
                "process_batch_result_decode",
                "self.tp_worker.resolve_last_batch_result(launch_done)",
            ),
            ("managers/tp_worker_overlap_thread.py", 218, "resolve_last_batch_result", "copy_done.synchronize()"),
            ("+torch/cuda/streams.py", 225, "synchronize", "super().synchronize()"),
        ),
        "torch.AcceleratorError: CUDA error: an illegal memory access was encountered",
        CUDA_ASYNC,
        "",
        running_sigquit53("21:07:42"),
    ),
)

case(
    "cuda_device_side_assert_index_053",
    V053,
    "torch ATen Indexing.cu indexSelectLargeIndex device assert text (`Assertion `srcIndex < srcSelectDimSize` failed.`, an embedding lookup of an out-of-range token id); 0.5.3 tp_worker_overlap_thread.py:133-137/200; tokenizer_manager.py:1870",
    "cuda_error_other",
    "a prefill line, the kernel's `srcIndex < srcSelectDimSize` assertions and `CUDA error: device-side assert triggered` from the forward thread: a device-side assert, not OOM / NCCL",
    join(
        prefill53("04:18:09", "TP0", 1, 3391, 128, 0.02, 3, 0),
        "/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1422: indexSelectLargeIndex: block: [117,0,0], thread: [96,0,0] Assertion `srcIndex < srcSelectDimSize` failed.",
        "/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1422: indexSelectLargeIndex: block: [117,0,0], thread: [97,0,0] Assertion `srcIndex < srcSelectDimSize` failed.",
        "/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1422: indexSelectLargeIndex: block: [117,0,0], thread: [98,0,0] Assertion `srcIndex < srcSelectDimSize` failed.",
        f"{at(D53, '04:18:09', 'TP0')} TpModelWorkerClient hit an exception: {TB}",
        t53(
            ("managers/tp_worker_overlap_thread.py", 133, "forward_thread_func", "self.forward_thread_func_()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            (
                "managers/tp_worker_overlap_thread.py",
                200,
                "forward_thread_func_",
                'next_token_ids = next_token_ids.to("cpu", non_blocking=True)',
            ),
        ),
        "torch.AcceleratorError: CUDA error: device-side assert triggered",
        CUDA_ASYNC,
        "",
        running_sigquit53("04:18:09"),
    ),
)

case(
    "cuda_no_kernel_image_inside_capture_053",
    V053,
    "0.5.3 model_executor/cuda_graph_runner.py:366-369 wrapping a non-OOM RuntimeError (`Capture cuda graph failed: CUDA error: no kernel image is available for execution on the device`), :868; engine.py:726",
    "cuda_error_other",
    "the capture wrapper, but its inner error is `CUDA error: no kernel image is available for execution on the device` (a build without this GPU's arch): not memory; lowering the fraction would not help",
    join(
        "Capturing batches (bs=160 avail_mem=21.74 GB):   0%|          | 0/23 [00:00<?, ?it/s]",
        f"{at(D53, '05:55:12')} Scheduler hit an exception: {TB}",
        t53(*GRAPH53),
        "Exception: Capture cuda graph failed: CUDA error: no kernel image is available for execution on the device",
        CUDA_ASYNC,
        SOLUTIONS_053,
        "",
        sigquit53("05:55:12"),
    ),
)

# ================================================================================================== healthy
case(
    "healthy_decode_oom_happened_retract_046",
    V046,
    "0.4.6.post5 managers/scheduler.py:1508-1521 (`Decode out of memory happened. #retracted_reqs: ..., #new_token_ratio: ... -> ...`, logger.info; retracted requests re-queued), log_decode_stats / log_prefill_stats",
    "healthy",
    "`Decode out of memory happened` is 0.4.x's retraction notice (logger.info): requests are re-queued and decode / prefill lines go on",
    join(
        decode46("13:20:40", "TP0", 412, 1148790, 0.99, 5312.40, 231),
        f"{at(D46, '13:20:41', 'TP0')} Decode out of memory happened. #retracted_reqs: 9, #new_token_ratio: 0.2714 -> 0.5318",
        decode46("13:20:42", "TP0", 403, 1139012, 0.98, 5288.93, 240),
        prefill46("13:20:44", "TP0", 3, 6012, 1220, 0.93, 401, 237),
        f"{at(D46, '13:20:45', 'TP0')} Decode out of memory happened. #retracted_reqs: 4, #new_token_ratio: 0.5204 -> 0.6611",
        decode46("13:20:46", "TP0", 399, 1127776, 0.97, 5301.18, 241),
        decode46("13:20:49", "TP0", 399, 1131540, 0.97, 5296.02, 238),
        f'{at(D46, "13:20:49")} INFO:     10.0.3.17:52214 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_kv_pool_full_retract_abort_053",
    V053,
    "0.5.3 managers/scheduler.py:2004-2021 (`KV cache pool is full. Retract requests. #retracted_reqs: ..., #aborted_retracted_reqs: ..., #new_token_ratio: ...`, AbortReq sent for aborted ones), scheduler_metrics_mixin.py decode / prefill lines",
    "healthy",
    "`KV cache pool is full. Retract requests.` is the scheduler retracting (two requests aborted back to the client); the server keeps decoding and answering",
    join(
        decode53("23:41:02", "TP0", 256, 611322, 0.98, 4411.75, 180),
        f"{at(D53, '23:41:03', 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 6, #aborted_retracted_reqs: 2, #new_token_ratio: 0.3102 -> 0.6405",
        decode53("23:41:04", "TP0", 248, 598004, 0.96, 4399.10, 184),
        access(D53, "23:41:04", "/v1/chat/completions", "200 OK"),
        prefill53("23:41:06", "TP0", 2, 4096, 1024, 0.91, 246, 183),
        decode53("23:41:07", "TP0", 248, 600112, 0.96, 4402.66, 183),
    ),
)

case(
    "healthy_too_long_request_400_053",
    V053,
    "0.5.3 managers/tokenizer_manager.py:626-629 (`The input ({n} tokens) is longer than the model's context length ({c} tokens).`), entrypoints/http_server.py:538 (`[http_server] Error: {e}`, 400)",
    "healthy",
    "a client's too-long /generate request: `[http_server] Error: The input ... is longer than the model's context length` and a 400; the server goes on serving other requests",
    join(
        decode53("10:02:30", None, 8, 22104, 0.05, 412.30, 0),
        f"{at(D53, '10:02:31')} [http_server] Error: The input (140112 tokens) is longer than the model's context length (131072 tokens).",
        access(D53, "10:02:31", "/generate", "400 Bad Request"),
        decode53("10:02:33", None, 8, 22410, 0.05, 409.92, 0),
        access(D53, "10:02:34", "/generate", "200 OK"),
        prefill53("10:02:35", None, 1, 1822, 64, 0.05, 8, 0),
    ),
)

case(
    "healthy_openai_error_in_request_500_053",
    V053,
    '0.5.3 entrypoints/openai/serving_base.py:48, :71-77 (`logger.exception(f"Error in request: {e}")`, 500 InternalServerError), serving_chat.py:137/227/297-316 (apply_chat_template retried once in its `except Exception`, so the traceback is chained); jinja2 TemplateError raised by the model\'s chat template (`raise_exception`)',
    "healthy",
    "cut inside the OpenAI layer's `Error in request:` traceback (chained: apply_chat_template failed twice on one client's malformed conversation, jinja2 TemplateError), then a 500 for that request, decode lines and a 200: the server keeps serving",
    join(
        tb(
            SGL053,
            PY312,
            ("<template>", 1, "top-level template code", ""),
            ("+jinja2/sandbox.py", 401, "call", "return __context.call(__obj, *args, **kwargs)"),
            (
                "+transformers/utils/chat_template_utils.py",
                447,
                "raise_exception",
                "raise jinja2.exceptions.TemplateError(message)",
            ),
        ),
        "jinja2.exceptions.TemplateError: Conversation roles must alternate user/assistant/user/assistant/...",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            SGL053,
            PY312,
            (
                "entrypoints/openai/serving_base.py",
                48,
                "handle_request",
                "adapted_request, processed_request = self._convert_to_internal_request(",
            ),
            (
                "entrypoints/openai/serving_chat.py",
                137,
                "_convert_to_internal_request",
                "processed_messages = self._process_messages(request, is_multimodal)",
            ),
            (
                "entrypoints/openai/serving_chat.py",
                227,
                "_process_messages",
                "result = self._apply_jinja_template(request, tools, is_multimodal)",
            ),
            (
                "entrypoints/openai/serving_chat.py",
                316,
                "_apply_jinja_template",
                "prompt_ids = self.tokenizer_manager.tokenizer.apply_chat_template(",
            ),
            (
                "+transformers/tokenization_utils_base.py",
                1667,
                "apply_chat_template",
                "rendered_chat, generation_indices = render_jinja_template(",
            ),
            (
                "+transformers/utils/chat_template_utils.py",
                539,
                "render_jinja_template",
                "rendered_chat = compiled_template.render(",
            ),
            ("+jinja2/environment.py", 1295, "render", "self.environment.handle_exception()"),
            ("+jinja2/environment.py", 942, "handle_exception", "raise rewrite_traceback_stack(source=source)"),
            ("<template>", 1, "top-level template code", ""),
            ("+jinja2/sandbox.py", 401, "call", "return __context.call(__obj, *args, **kwargs)"),
            (
                "+transformers/utils/chat_template_utils.py",
                447,
                "raise_exception",
                "raise jinja2.exceptions.TemplateError(message)",
            ),
        ),
        "jinja2.exceptions.TemplateError: Conversation roles must alternate user/assistant/user/assistant/...",
        access(D53, "16:55:11", "/v1/chat/completions", "500 Internal Server Error"),
        decode53("16:55:12", "TP0", 21, 51480, 0.12, 1008.13, 0),
        access(D53, "16:55:13", "/v1/chat/completions", "200 OK"),
    ),
)

case(
    "healthy_context_len_warning_then_ready_046",
    V046,
    "0.4.6.post5 configs/model_config.py:128-137 (`Warning: User-specified context_length (...) is greater than the derived context_length (...). This may lead to incorrect model outputs or CUDA errors.`, logger.warning; SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN defaults True there), http_server ready line",
    "healthy",
    "0.4.6 only warns about the longer --context-length (its env default allows it) and the tail reaches `The server is fired up and ready to roll!` and serves",
    join(
        f"{at(D46, '08:02:11', 'TP0')} Warning: User-specified context_length (65536) is greater than the derived context_length (32768). This may lead to incorrect model outputs or CUDA errors.",
        f"{at(D46, '08:02:40', 'TP0')} max_total_num_tokens=803422, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=65536",
        f"{at(D46, '08:02:41')} INFO:     Started server process [3312]",
        f"{at(D46, '08:02:41')} INFO:     Waiting for application startup.",
        f"{at(D46, '08:02:41')} INFO:     Application startup complete.",
        f"{at(D46, '08:02:41')} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{at(D46, "08:02:42")} INFO:     127.0.0.1:40016 - "GET /get_model_info HTTP/1.1" 200 OK',
        prefill46("08:02:42", "TP0", 1, 7, 0, 0.00, 0, 0),
        f'{at(D46, "08:02:44")} INFO:     127.0.0.1:40018 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(D46, '08:02:44')} The server is fired up and ready to roll!",
        prefill46("08:03:10", "TP0", 1, 41022, 0, 0.00, 0, 0),
        decode46("08:03:15", "TP0", 1, 41262, 0.05, 48.30, 0),
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "cuda_no_kernel_image_inside_capture_053": "config_error",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_tail_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event line by line at first sight (what a live supervisor acts on), with the
# event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_tail_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
