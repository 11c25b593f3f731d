"""Serving OpenAI's gpt-oss-20b/120b with SGLang (0.5.0rc2-0.5.10.post1), as it shows in the log (synthetic: written
blind by a helper from real release text; not copied from any one user's log).

Scope: MXFP4 weights (the `triton_kernels` MoE runner, the FlashInfer MXFP4 runner on SM100, the bf16 dequantisation
fallback `upcast_from_mxfp` when neither runs, mxfp4 unregistered on a ROCm arch without MX support), attention sinks and the sliding-window
pool, the harmony format (`openai_harmony` in /v1/responses, the gpt-oss reasoning and tool-call parsers),
`--attention-backend` choices (GptOssForCausalLM's assert, trtllm_mha off Blackwell, trtllm_mha with EAGLE3 topk > 1),
H100/H200/B200/A100/L40S/RTX 50xx and ROCm differences. Start-up failures: `triton_kernels` missing from a plain pip
install (<= 0.5.4; sgl-kernel 0.3.16 bundles it later), a `triton_kernels` from triton main against triton 3.4
(`triton.tools.ragged_tma`), an unsupported backend on this GPU, Triton's bundled ptxas without sm_120a, triton_kernels'
matmul_ogs asking for more shared memory than an SM89 card has, OOM at each start-up phase (weights, the dequant fallback,
the KV/SWA pool, graph capture, FlashInfer's MoE autotune), a TP size that does not divide 64 heads, a context length over
the derived 131072, the triton_kernels runner asked for with expert parallelism; after ready: OOM in a long prefill, an illegal memory access, an ECC error; NCCL in docker without
shared memory, a multi-node store timeout, the HTTP port in use. Five healthy contrasts that look alarming and go on.

Sources. Wheels (file:line under sglang/srt of that release, call paths read there): sglang 0.5.0rc2 (server_args.py
model_specific_adjustments, layers/quantization/mxfp4.py, fused_moe_triton/triton_kernels_moe.py), 0.5.1.post3
(cuda_graph_runner.py, the triton_kernels MoE path), 0.5.2 (mxfp4.py process_weights_after_loading's upcast_from_mxfp
fallback, entrypoints/context.py's harmony parser, utils.set_uvicorn_logging_configs),
0.5.4.post1 (server_args.py _handle_attention_backend_compatibility / _handle_speculative_decoding, model_runner.py
init_memory_pool's "Not enough memory", scheduler.py retraction, cuda_graph_runner.py's CUDA_GRAPH_CAPTURE_FAILED_MSG,
pynccl_wrapper.NCCL_CHECK, custom_all_reduce.py's warnings, function_call/base_format_detector.py, serving_chat.py),
0.5.8 (configs/model_config.py _verify_quantization, layers/quantization/__init__.py on HIP), 0.5.10.post1
(model_runner.py kernel_warmup/_flashinfer_autotune, model_runner_kv_cache_mixin.py, swa_memory_pool.py,
server_args.py's GPT-OSS branch). Libraries: sgl-kernel 0.3.16.post5's bundled triton_kernels (matmul_ogs.py,
numerics_details/mxfp.py), triton 3.4.0 (runtime/errors.py PTXASError/OutOfResources, backends/nvidia/compiler.py
make_cubin), flashinfer-python 0.6.7.post3 (autotuner.py's "[Autotuner]: OOM detected, falling back to default tactic",
fused_moe/core.py, jit/core.py's log format), torch 2.8 (torch.AcceleratorError, OutOfMemoryError text), uvicorn's bind
error. Public threads: https://github.com/sgl-project/sglang/issues/8833 (day-0 tracking: bf16 checkpoint OOM at tp 2),
https://github.com/sgl-project/sglang/issues/9707 and https://github.com/sgl-project/sglang/issues/8879 (sm_120a ptxas
during capture), https://github.com/sgl-project/sglang/pull/19718 (SWA pool lines on an RTX PRO 6000),
https://github.com/sgl-project/sglang/pull/17190 (mxfp4 unknown on MI300X), https://github.com/sgl-project/sglang/issues/8914
and https://github.com/sgl-project/sglang/pull/8945 (HarmonyError in the ASGI app),
https://github.com/sgl-project/sglang/pull/9028 (the backend assert), https://github.com/triton-lang/triton/issues/7818
(ragged_tma), https://github.com/triton-lang/triton/issues/8182 (matmul_ogs shared memory on a 101376-byte card),
https://github.com/sgl-project/sglang/pull/13061 (B200/5090 FlashInfer MXFP4 lines). Library line numbers in frames
(torch, starlette, uvicorn, triton internals) are approximate; format fields are filled with plausible values.

Labelling policy (decided before the classifier ran), by /work/shared/corpus/README.md and the issue's families:
an OOM before ready takes the phase it happened in: creating or loading weights, and the bf16 dequantisation of MXFP4
experts in process_weights_after_loading, are `oom_weights`; sizing or allocating the KV/SWA pool (a non-positive profiled
count, an OOM in the pool's buffers) is `oom_kv_cache`; capture is `oom_cuda_graph` (ROCm's "HIP out of memory" too);
a FlashInfer MoE buffer during the pre-capture autotune is `oom_moe_workspace`; an OOM after ready is `oom_runtime`.
A backend, quantization, dtype, context length or TP split refused for this model/GPU, a missing or mismatched Python
package (`triton_kernels`, `triton.tools.ragged_tma`), and a kernel that cannot build or fit on this GPU (ptxas without
sm_120a, Triton's `out of resource: shared memory`) are `config_error`. NCCL init and the TCPStore rendezvous timeout are
`nccl_or_distributed`; uvicorn's bind error is `port_in_use`; a CUDA fault while serving (illegal memory access,
uncorrectable ECC) and a driver too old for the image's CUDA runtime are `cuda_error_other`. A server that reached ready
and only shows warnings, per-request errors (harmony parse errors, tool-call parse errors), retraction or FlashInfer's
autotuner falling back after its own caught OOM is `healthy`.

First sight: 30/31 (1 miss, a strict xfail below; healthy contrasts 5/5, none fired a failure event on the way).
- cuda_graph_capture_oom_120b_tp2_054: `Capture cuda graph failed: CUDA out of memory` at bs=512 (gpt-oss-120b tp 2,
  --cuda-graph-max-bs 512), the allocation being triton_kernels' matmul_ogs output inside the MoE layer; the classifier
  said oom_moe_workspace (rule oom.capture_failed). Kept oom_cuda_graph: the phase is capture and the fix is the capture's
  (a smaller --cuda-graph-max-bs or --mem-fraction-static); the tensor is an ordinary activation of the captured
  forward, not a MoE kernel's workspace.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import first_sight


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
PY = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images' site-packages (and pip installs into them)
WS = "/sgl-workspace/sglang/python"  # the lmsysorg/sglang images' editable install
TB = "Traceback (most recent call last):"
DURING = "\nDuring handling of the above exception, another exception occurred:\n\n" + TB


def at(day: str, second: int, rank: str | None = None) -> str:
    """SGLang's prefix: `[%Y-%m-%d %H:%M:%S{ TPn}]` (the rank tag only when tp_size > 1)."""
    tag = f" {rank}" if rank else ""
    return f"[{day} 14:{second // 60:02d}:{second % 60:02d}{tag}]"


def tb(root: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{root}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in the image's site-packages: `+torch/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{PY}/{path[1:]}"
        else:
            full = f"{root}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sargs(stamp: str, model: str, **kw: object) -> str:
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{stamp} server_args=ServerArgs({body}, log_level='info', ...)"


def sigquit(stamp: str) -> str:
    return f"{stamp} Received sigquit from a child process. It usually means the child failed."


def shards(n: int, secs: int) -> list[str]:
    """SGLang's safetensors progress bar (first and last ticks)."""
    return [
        f"Loading safetensors checkpoint shards:   0% Completed | 0/{n} [00:00<?, ?it/s]",
        f"Loading safetensors checkpoint shards: 100% Completed | {n}/{n} [00:{secs:02d}<00:00,  {n / secs:.2f}it/s]",
    ]


def ready(day: str, second: int, port: int = 30000, pid: int = 1, rank: str | None = None) -> list[str]:
    """uvicorn's lines under sglang's set_uvicorn_logging_configs(), then the warmup request and the ready line."""
    return [
        f"{at(day, second)} INFO:     Started server process [{pid}]",
        f"{at(day, second)} INFO:     Waiting for application startup.",
        f"{at(day, second)} INFO:     Application startup complete.",
        f"{at(day, second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{at(day, second + 1)} INFO:     127.0.0.1:50412 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{at(day, second + 2, rank)} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f'{at(day, second + 3)} INFO:     127.0.0.1:50420 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(day, second + 3)} The server is fired up and ready to roll!",
    ]


# torch's nn.Module call frames (torch 2.8 in the 0.5.0-0.5.4 images, 2.9.1 in 0.5.10)
MOD = (
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
)
MOD29 = (
    ("+torch/nn/modules/module.py", 1776, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1787, "_call_impl", "return forward_call(*args, **kwargs)"),
)
CTX = (("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),)

RUNPY = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)


def oom(
    alloc: str, gpu: int, total: str, free: str, inuse: str, by_torch: str, reserved: str, hip: bool = False
) -> str:
    """torch 2.8's CUDACachingAllocator message (the container hides other processes' names)."""
    dev = "HIP" if hip else "CUDA"
    conf = "PYTORCH_HIP_ALLOC_CONF" if hip else "PYTORCH_CUDA_ALLOC_CONF"
    return (
        f"torch.OutOfMemoryError: {dev} out of memory. Tried to allocate {alloc}. GPU {gpu} has a total capacity of {total} "
        f"of which {free} is free. Including non-PyTorch memory, this process has {inuse} memory in use. Of the allocated "
        f"memory {by_torch} is allocated by PyTorch, and {reserved} is reserved by PyTorch but unallocated. If reserved but "
        f"unallocated memory is large try setting {conf}=expandable_segments:True to avoid fragmentation.  See "
        "documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


# -- 0.5.0rc2 (docker, editable install under /sgl-workspace)
D050 = "2025-08-14"
SCHED050 = (
    ("managers/scheduler.py", 2555, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 315, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 84, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 242, "__init__", "self.initialize(min_per_gpu_memory)"),
)
BUILD050 = SCHED050 + (
    ("model_executor/model_runner.py", 288, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 679, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 444, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 186, "_initialize_model", "return model_class("),
    ("models/gpt_oss.py", 656, "__init__", "self.model = GptOssModel("),
    ("models/gpt_oss.py", 577, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils.py", 536, "make_layers", "maybe_offload_to_cpu(layer_fn(idx=idx, prefix=add_prefix(idx, prefix)))"),
    ("models/gpt_oss.py", 579, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
    ("models/gpt_oss.py", 454, "__init__", "self.mlp = GptOssSparseMoeBlock("),
    ("models/gpt_oss.py", 138, "__init__", "self.experts = experts_type("),
    (
        "layers/moe/fused_moe_triton/layer.py",
        206,
        "__init__",
        "self.quant_method = quant_config.get_quant_method(self, prefix)",
    ),
    ("layers/quantization/mxfp4.py", 206, "get_quant_method", "return Mxfp4MoEMethod(prefix)"),
)

# -- 0.5.1.post3 (docker)
D051 = "2025-08-27"
SCHED051 = (
    ("managers/scheduler.py", 2612, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 325, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 84, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 245, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 350, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1622,
        "init_device_graphs",
        "CudaGraphRunner(self) if not _is_npu else NPUGraphRunner(self)",
    ),
    ("model_executor/cuda_graph_runner.py", 384, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 492, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 663, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 652, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
)
MOE051 = (
    CTX
    + (("models/gpt_oss.py", 642, "forward", "hidden_states = self.model("),)
    + MOD
    + (("models/gpt_oss.py", 573, "forward", "hidden_states, residual = layer("),)
    + MOD
    + (
        (
            "models/gpt_oss.py",
            491,
            "forward",
            "hidden_states = self.mlp(hidden_states, forward_batch, should_allreduce_fusion)",
        ),
    )
    + MOD
    + (
        ("models/gpt_oss.py", 167, "forward", "return self.forward_normal(hidden_states, should_allreduce_fusion)"),
        ("models/gpt_oss.py", 187, "forward_normal", "final_hidden_states = self.experts(hidden_states, topk_output)"),
    )
    + MOD
    + (
        ("layers/moe/fused_moe_triton/layer.py", 814, "forward", "final_hidden_states = self.quant_method.apply("),
        ("layers/quantization/mxfp4.py", 687, "apply", "return self.triton_kernel_moe_with_bias_forward("),
        (
            "layers/moe/fused_moe_triton/triton_kernels_moe.py",
            215,
            "triton_kernel_moe_with_bias_forward",
            "return triton_kernel_fused_experts_with_bias(",
        ),
        (
            "layers/moe/fused_moe_triton/triton_kernels_moe.py",
            316,
            "triton_kernel_fused_experts_with_bias",
            "intermediate_cache = matmul_ogs(",
        ),
        (
            "+triton_kernels/matmul_ogs.py",
            531,
            "matmul_ogs",
            "(kernels._p_matmul_ogs if opt_flags.is_persistent else kernels._matmul_ogs)[(grid,)](",
        ),
        (
            "+triton/runtime/jit.py",
            390,
            "<lambda>",
            "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
        ),
    )
)

# -- 0.5.2 (pip wheel in site-packages, or docker)
D052 = "2025-09-16"


LOAD052 = (
    ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 296, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 735, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
)


POST052 = (
    ("model_loader/loader.py", 482, "load_model", "self.load_weights_and_postprocess("),
    (
        "model_loader/loader.py",
        501,
        "load_weights_and_postprocess",
        "quant_method.process_weights_after_loading(module)",
    ),
)

# -- 0.5.4.post1 (docker, editable install)
D054 = "2025-11-03"
SCHED054 = (
    ("managers/scheduler.py", 2753, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 235, "__init__", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 312, "__init__", "self.initialize(min_per_gpu_memory)"),
)
LOAD054 = SCHED054 + (
    ("model_executor/model_runner.py", 384, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 739, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
)
BUILD054 = LOAD054 + (
    ("model_loader/loader.py", 590, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 262, "_initialize_model", "return model_class(**kwargs)"),
    ("models/gpt_oss.py", 586, "__init__", "self.model = GptOssModel("),
    ("models/gpt_oss.py", 507, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils/common.py", 562, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
    ("models/gpt_oss.py", 509, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
)
ARGS054 = RUNPY + (
    (f"{WS}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 3850, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 3472, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 298, "__init__", ""),
)
# a gpt-oss forward from the model runner down to triton_kernels' matmul_ogs (0.5.4.post1's MoE runner)
MOE054 = (
    ("models/gpt_oss.py", 620, "forward", "hidden_states = self.model("),
    *MOD,
    ("models/gpt_oss.py", 551, "forward", "hidden_states, residual = layer("),
    *MOD,
    (
        "models/gpt_oss.py",
        469,
        "forward",
        "hidden_states = self.mlp(hidden_states, forward_batch, should_allreduce_fusion)",
    ),
    *MOD,
    ("models/gpt_oss.py", 171, "forward", "return self.forward_normal(hidden_states, should_allreduce_fusion)"),
    ("models/gpt_oss.py", 191, "forward_normal", "final_hidden_states = self.experts(hidden_states, topk_output)"),
    *MOD,
    ("layers/moe/fused_moe_triton/layer.py", 838, "forward", "combine_input = self.run_moe_core("),
    ("layers/moe/fused_moe_triton/layer.py", 857, "run_moe_core", "return self.quant_method.apply("),
    ("layers/quantization/mxfp4.py", 704, "apply", "return self.runner.run(dispatch_output, quant_info)"),
    (
        "layers/moe/moe_runner/runner.py",
        75,
        "run",
        "runner_output = self.runner_core.run(runner_input, quant_info, running_state)",
    ),
    ("layers/moe/moe_runner/triton_kernels.py", 111, "run", "output = triton_kernel_fused_experts_with_bias("),
    (
        "layers/moe/fused_moe_triton/triton_kernels_moe.py",
        295,
        "triton_kernel_fused_experts_with_bias",
        "intermediate_cache = matmul_ogs(",
    ),
    ("+sgl_kernel/../triton_kernels/matmul_ogs.py", 459, "matmul_ogs", "memory = apply_allocation(allocation, y)"),
    (
        "+sgl_kernel/../triton_kernels/matmul_ogs.py",
        340,
        "apply_allocation",
        "output = torch.empty(allocation.output[0], device=allocation.device, dtype=allocation.output[1])",
    ),
)
LOOP054 = (
    ("managers/scheduler.py", 2775, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    *CTX,
    ("managers/scheduler.py", 1009, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 1921, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        368,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 2061, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 2112, "_forward_raw", "ret = self.forward_extend("),
    ("model_executor/model_runner.py", 2006, "forward_extend", "return self.model.forward("),
    *CTX,
)
RESULT054 = (
    ("managers/scheduler.py", 2775, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    *CTX,
    ("managers/scheduler.py", 1015, "event_loop_overlap", "self.process_batch_result(tmp_batch, tmp_result)"),
    ("managers/scheduler.py", 2014, "process_batch_result", "self.process_batch_result_decode(batch, result)"),
    (
        "managers/scheduler_output_processor_mixin.py",
        257,
        "process_batch_result_decode",
        "result.copy_done.synchronize()",
    ),
    ("+torch/cuda/streams.py", 231, "synchronize", "super().synchronize()"),
)


def start054(
    day: str,
    model: str,
    *,
    tp: int,
    avail: float,
    after: float,
    ranks: int = 1,
    extra: list[str] | None = None,
    **kw: object,
) -> list[str]:
    """0.5.4.post1's start-up lines for gpt-oss up to `Load weight end` (TP0 only where tp > 1 shows every rank)."""
    n = 15 if "120b" in model else 3
    r = "TP0" if tp > 1 else None
    lines = [
        "WARNING:sglang.srt.configs.model_config:mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        "WARNING:sglang.srt.server_args:Detected GPT-OSS model, enabling triton_kernels MOE kernel.",
        sargs(at(day, 2), model, dtype="bfloat16", tp_size=tp, **kw),
        f"{at(day, 3)} mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{at(day, 4)} Using default HuggingFace chat template with detected content format: string",
    ]
    lines += extra or []
    for i in range(ranks):
        lines.append(f"{at(day, 11, f'TP{i}' if tp > 1 else None)} Init torch distributed begin.")
    lines += [
        f"{at(day, 13, r)} Init torch distributed ends. mem usage={0.59 if tp > 1 else 0.0:.2f} GB",
        f"{at(day, 13, r)} Load weight begin. avail mem={avail:.2f} GB",
        *shards(n, 11 if n == 15 else 3),
        f"{at(day, 41 if n == 15 else 17, r)} Load weight end. type=GptOssForCausalLM, dtype=torch.bfloat16, avail mem={after:.2f} GB, mem usage={avail - after:.2f} GB.",
    ]
    return lines


# -- 0.5.10.post1
D0510 = "2026-04-08"
SCHED0510 = (
    ("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
    ("managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
)


# ============================================================================================== config_error
case(
    "attn_backend_flashinfer_refused_050rc2",
    "0.5.0rc2",
    "sglang-0.5.0rc2 server_args.py:2115-2133 (model_specific_adjustments' assert, called from __post_init__:393); sglang#9028 (the assert's wording)",
    "config_error",
    "--attention-backend flashinfer for GptOssForCausalLM: the argument check asserts before any process starts (sinks need triton/trtllm_mha/fa3)",
    join(
        "root@h100-07:/sgl-workspace# python3 -m sglang.launch_server --model-path openai/gpt-oss-20b --attention-backend flashinfer --host 0.0.0.0 --port 30000",
        "W0814 14:00:01.412000 291 torch/utils/cpp_extension.py:2425] TORCH_CUDA_ARCH_LIST is not set, all archs for visible cards are included for compilation. ",
        "W0814 14:00:01.412000 291 torch/utils/cpp_extension.py:2425] If this is not desired, please set os.environ['TORCH_CUDA_ARCH_LIST'] to specific architectures.",
        TB,
        tb(
            WS,
            *RUNPY,
            (f"{WS}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 2234, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 1975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 243, "__init__", ""),
            ("server_args.py", 393, "__post_init__", "self.model_specific_adjustments()"),
            ("server_args.py", 2131, "model_specific_adjustments", "assert ("),
        ),
        "AssertionError: GptOssForCausalLM requires one of ['triton', 'trtllm_mha', 'fa3'] attention backend, but got 'flashinfer'",
    ),
)

case(
    "trtllm_mha_on_hopper_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 server_args.py:1163-1171 (_handle_attention_backend_compatibility, called from __post_init__:558), :891-937 (the GPT-OSS branch's warnings)",
    "config_error",
    "a B200 recipe (--attention-backend trtllm_mha) copied to an H100 box: the argument check refuses trtllm_mha off SM100",
    join(
        "$ python3 -m sglang.launch_server --model-path openai/gpt-oss-120b --tp 2 --attention-backend trtllm_mha --reasoning-parser gpt-oss --tool-call-parser gpt-oss",
        "WARNING:sglang.srt.server_args:Detected GPT-OSS model, enabling triton_kernels MOE kernel.",
        TB,
        tb(
            WS,
            *ARGS054,
            ("server_args.py", 558, "__post_init__", "self._handle_attention_backend_compatibility()"),
            ("server_args.py", 1169, "_handle_attention_backend_compatibility", "raise ValueError("),
        ),
        "ValueError: TRTLLM MHA backend is only supported on Blackwell GPUs (SM100). Please use a different backend.",
    ),
)

case(
    "eagle3_topk_with_trtllm_mha_b200_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 server_args.py:1482-1490 (_handle_speculative_decoding, __post_init__:579), :926-930 (SM100 MXFP4 warning)",
    "config_error",
    "EAGLE3 draft for gpt-oss-120b on B200 with --speculative-eagle-topk 4: trtllm_mha (the SM100 default for GPT-OSS) takes topk 1 only",
    join(
        "$ python3 -m sglang.launch_server --model openai/gpt-oss-120b --tp 4 --speculative-algorithm EAGLE3 --speculative-draft-model-path lmsys/EAGLE3-gpt-oss-120b-bf16 --speculative-num-steps 3 --speculative-eagle-topk 4 --speculative-num-draft-tokens 8",
        "WARNING:sglang.srt.server_args:Detected SM100 and MXFP4 quantization format for GPT-OSS model, enabling FlashInfer MXFP4 MOE kernel.",
        "WARNING:sglang.srt.server_args:Overlap scheduler is disabled because of using eagle speculative decoding.",
        TB,
        tb(
            WS,
            *ARGS054,
            ("server_args.py", 579, "__post_init__", "self._handle_speculative_decoding()"),
            ("server_args.py", 1488, "_handle_speculative_decoding", "raise ValueError("),
        ),
        "ValueError: trtllm_mha backend only supports topk = 1 for speculative decoding.",
    ),
)

case(
    "triton_kernels_missing_pip_052",
    "0.5.2",
    "sglang-0.5.2 server_args.py:2474-2487 (triton_kernel only when is_triton_kernels_available()), layers/quantization/mxfp4.py:583-586 (the bf16 upcast still imports triton_kernels), model_loader/loader.py:482-501",
    "config_error",
    "a plain `pip install sglang[all]==0.5.2` has no triton_kernels (only the docker image installs it): no triton_kernel runner is picked, and the fallback's own `from triton_kernels...` import fails after the weights load",
    join(
        sargs(
            at(D052, 1),
            "openai/gpt-oss-20b",
            dtype="bfloat16",
            tp_size=1,
            mem_fraction_static=0.85,
            attention_backend="fa3",
            moe_runner_backend="auto",
        ),
        f"{at(D052, 2)} mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{at(D052, 3)} Using default HuggingFace chat template with detected content format: string",
        f"{at(D052, 9)} Init torch distributed begin.",
        f"{at(D052, 9)} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D052, 9)} Load weight begin. avail mem=78.68 GB",
        *shards(3, 4),
        f"{at(D052, 14)} Scheduler hit an exception: {TB}",
        tb(
            PY,
            *LOAD052,
            *POST052,
            (
                "layers/quantization/mxfp4.py",
                584,
                "process_weights_after_loading",
                "from triton_kernels.numerics_details.mxfp import upcast_from_mxfp",
            ),
        ),
        "ModuleNotFoundError: No module named 'triton_kernels'",
        "",
        sigquit(at(D052, 14)),
        "Killed",
    ),
)

case(
    "triton_kernels_from_main_vs_triton34_050rc2",
    "0.5.0rc2",
    "sglang-0.5.0rc2 layers/quantization/mxfp4.py:233-241 (Mxfp4MoEMethod imports triton_kernels_moe when find_spec finds it), fused_moe_triton/triton_kernels_moe.py:9; triton-lang/triton#7818 (_p_matmul_ogs.py:6 imports triton.tools.ragged_tma, absent in 3.4.0)",
    "config_error",
    "triton_kernels installed from triton's main branch next to torch 2.8's triton 3.4.0: the MoE layer's import fails while the model is built",
    join(
        "WARNING:sglang.srt.server_args:Detected GPT-OSS model, enabling triton_kernels MOE kernel.",
        sargs(
            at(D050, 2),
            "openai/gpt-oss-120b",
            dtype="bfloat16",
            tp_size=4,
            mem_fraction_static=0.85,
            attention_backend="fa3",
            enable_triton_kernel_moe=True,
        ),
        f"{at(D050, 3)} mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{at(D050, 10, 'TP0')} Init torch distributed begin.",
        f"{at(D050, 11, 'TP0')} sglang is using nccl==2.27.3",
        f"{at(D050, 12, 'TP0')} Init torch distributed ends. mem usage=0.74 GB",
        f"{at(D050, 12, 'TP0')} Load weight begin. avail mem=77.94 GB",
        f"{at(D050, 12, 'TP2')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            *BUILD050,
            (
                "layers/quantization/mxfp4.py",
                234,
                "__init__",
                "from sglang.srt.layers.moe.fused_moe_triton.triton_kernels_moe import (",
            ),
            (
                "layers/moe/fused_moe_triton/triton_kernels_moe.py",
                9,
                "<module>",
                "from triton_kernels.matmul_ogs import (",
            ),
            (
                "+triton_kernels/matmul_ogs.py",
                17,
                "<module>",
                "from .matmul_ogs_details._p_matmul_ogs import _p_matmul_ogs, get_per_device_per_stream_alloc_fn",
            ),
            (
                "+triton_kernels/matmul_ogs_details/_p_matmul_ogs.py",
                6,
                "<module>",
                "from triton.tools.ragged_tma import load_ragged, store_ragged",
            ),
        ),
        "ModuleNotFoundError: No module named 'triton.tools.ragged_tma'",
        "",
        sigquit(at(D050, 12)),
    ),
)

case(
    "triton_kernel_runner_with_ep8_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 server_args.py:926-936 (the GPT-OSS branch: `Triton kernel MoE is only supported when ep_size == 1`, from __post_init__:551)",
    "config_error",
    "--moe-runner-backend triton_kernel with --ep-size 8 for gpt-oss-120b on 8x H100: the triton_kernels MXFP4 runner has no expert parallelism, refused at the argument check",
    join(
        "$ python3 -m sglang.launch_server --model-path openai/gpt-oss-120b --tp 8 --ep-size 8 --moe-runner-backend triton_kernel --host 0.0.0.0 --port 30000",
        "WARNING:sglang.srt.configs.model_config:mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        TB,
        tb(
            WS,
            *ARGS054,
            ("server_args.py", 551, "__post_init__", "self._handle_model_specific_adjustments()"),
            ("server_args.py", 934, "_handle_model_specific_adjustments", "assert ("),
        ),
        "AssertionError: Triton kernel MoE is only supported when ep_size == 1",
    ),
)

case(
    "rocm_mi300x_mxfp4_unknown_quant_058",
    "0.5.8",
    "sglang-0.5.8 configs/model_config.py:757-883 (_verify_quantization), layers/quantization/__init__.py (mxfp4 only on CUDA or gfx95 HIP), server_args.py:710/1035/4765; sglang#17190 (the same refusal on MI300X)",
    "config_error",
    "the 0.5.8 ROCm image on MI300X (gfx942): mxfp4 is not registered on this HIP arch, so the checkpoint's quant_method is unknown at the argument check",
    join(
        "root@mi300x-node03:/sgl-workspace# SGLANG_USE_AITER=0 python3 -m sglang.launch_server --model openai/gpt-oss-20b --port 30000",
        TB,
        tb(
            WS,
            *RUNPY,
            (f"{WS}/sglang/launch_server.py", 29, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 5269, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 4751, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 327, "__init__", ""),
            ("server_args.py", 710, "__post_init__", "self._handle_gpu_memory_settings(gpu_mem)"),
            ("server_args.py", 1035, "_handle_gpu_memory_settings", "model_config = self.get_model_config()"),
            ("server_args.py", 4765, "get_model_config", "self.model_config = ModelConfig.from_server_args(self)"),
            ("configs/model_config.py", 244, "from_server_args", "return ModelConfig("),
            ("configs/model_config.py", 205, "__init__", "self._verify_quantization()"),
            ("configs/model_config.py", 878, "_verify_quantization", "raise ValueError("),
        ),
        "ValueError: Unknown quantization method: mxfp4. Must be one of ['fp8', 'blockwise_int8', 'modelopt', 'modelopt_fp8', 'modelopt_fp4', 'w8a8_int8', 'w8a8_fp8', 'awq', 'awq_marlin', 'bitsandbytes', 'gguf', 'gptq', 'gptq_marlin', 'moe_wna16', 'compressed-tensors', 'qoq', 'w4afp8', 'petit_nvfp4', 'fbgemm_fp8', 'quark', 'auto-round', 'modelslim', 'quark_int4fp8_moe'].",
    ),
)

case(
    "context_length_over_derived_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 configs/model_config.py:268-293 (_derive_context_length), server_args.py:544/789/3497 (ModelConfig built while sizing mem_fraction_static)",
    "config_error",
    "--context-length 262144 for gpt-oss (max_position_embeddings 131072) without SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN: refused at the argument check",
    join(
        "$ python3 -m sglang.launch_server --model-path openai/gpt-oss-120b --tp 4 --context-length 262144 --reasoning-parser gpt-oss",
        "WARNING:sglang.srt.configs.model_config:mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        TB,
        tb(
            WS,
            *ARGS054,
            ("server_args.py", 544, "__post_init__", "self._handle_gpu_memory_settings(gpu_mem)"),
            ("server_args.py", 789, "_handle_gpu_memory_settings", "model_config = self.get_model_config()"),
            ("server_args.py", 3497, "get_model_config", "self.model_config = ModelConfig.from_server_args(self)"),
            ("configs/model_config.py", 215, "from_server_args", "return ModelConfig("),
            ("configs/model_config.py", 191, "__init__", "self._derive_context_length(context_length)"),
            ("configs/model_config.py", 291, "_derive_context_length", "raise ValueError("),
        ),
        "ValueError: Warning: User-specified context_length (262144) is greater than the derived context_length (131072). This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config. To allow overriding this maximum, set the env var SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1",
    ),
)

case(
    "tp3_heads_do_not_divide_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 models/gpt_oss.py:227 (GptOssAttention: `assert self.total_num_heads % attn_tp_size == 0`), :381/:509, utils/common.py:562",
    "config_error",
    "--tp 3 on a 3-GPU box for gpt-oss-120b (64 query heads, 8 KV heads): the attention layer's bare assert fires on every rank while the model is built",
    join(
        *start054(
            D054,
            "openai/gpt-oss-120b",
            tp=3,
            avail=78.12,
            after=78.12,
            ranks=3,
            mem_fraction_static=0.85,
            attention_backend="fa3",
            moe_runner_backend="triton_kernel",
        )[:-5],
        f"{at(D054, 13, 'TP0')} Init torch distributed ends. mem usage=0.57 GB",
        f"{at(D054, 13, 'TP0')} Load weight begin. avail mem=78.12 GB",
        f"{at(D054, 13, 'TP1')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            *BUILD054,
            ("models/gpt_oss.py", 381, "__init__", "self.self_attn = GptOssAttention("),
            ("models/gpt_oss.py", 227, "__init__", "assert self.total_num_heads % attn_tp_size == 0"),
        ),
        "AssertionError",
        "",
        f"{at(D054, 13, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            *BUILD054,
            ("models/gpt_oss.py", 381, "__init__", "self.self_attn = GptOssAttention("),
            ("models/gpt_oss.py", 227, "__init__", "assert self.total_num_heads % attn_tp_size == 0"),
        ),
        "AssertionError",
        "",
        sigquit(at(D054, 13)),
    ),
)

case(
    "ptxas_without_sm120a_at_capture_051",
    "0.5.1.post3",
    "sglang#9707 (2x RTX 5060 Ti, tp 2: the scheduler traceback through capture into matmul_ogs and make_cubin), sglang#8879; triton-3.4.0 backends/nvidia/compiler.py:401-446 (PTXASError), runtime/errors.py:29-36",
    "config_error",
    "gpt-oss-20b on SM120 cards: Triton 3.4's bundled ptxas has no sm_120a, so the first triton_kernels MoE kernel cannot build during graph capture",
    join(
        "WARNING:sglang.srt.configs.model_config:mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        "WARNING:sglang.srt.server_args:Detected GPT-OSS model, enabling triton_kernels MOE kernel.",
        sargs(
            at(D051, 21),
            "openai/gpt-oss-20b",
            dtype="bfloat16",
            kv_cache_dtype="fp8_e5m2",
            mem_fraction_static=0.812,
            tp_size=2,
            attention_backend="triton",
            enable_triton_kernel_moe=True,
        ),
        f"{at(D051, 21)} Downcasting torch.float32 to torch.bfloat16.",
        f"{at(D051, 21)} mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{at(D051, 23)} Using default HuggingFace chat template with detected content format: string",
        f"{at(D051, 30, 'TP0')} Init torch distributed begin.",
        f"{at(D051, 31, 'TP0')} Init torch distributed ends. mem usage=0.24 GB",
        f"{at(D051, 31, 'TP0')} Load weight begin. avail mem=14.92 GB",
        *shards(3, 3),
        f"{at(D051, 35, 'TP0')} Load weight end. type=GptOssForCausalLM, dtype=torch.bfloat16, avail mem=8.07 GB, mem usage=6.85 GB.",
        f"{at(D051, 36, 'TP0')} KV Cache is allocated. #tokens: 193120, K size: 2.21 GB, V size: 2.21 GB",
        f"{at(D051, 38, 'TP0')} Memory pool end. avail mem=1.78 GB",
        f"{at(D051, 39, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=1.77 GB",
        f"{at(D051, 39, 'TP0')} Capture cuda graph bs [1, 2, 4, 8]",
        "Capturing batches (bs=8 avail_mem=1.76 GB):   0%|          | 0/4 [00:00<?, ?it/s]",
        f"{at(D051, 46, 'TP1')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            (
                "+triton/backends/nvidia/compiler.py",
                424,
                "make_cubin",
                "subprocess.run(ptxas_cmd, check=True, close_fds=False, stderr=flog)",
            ),
            ("/usr/lib/python3.12/subprocess.py", 571, "run", "raise CalledProcessError(retcode, process.args,"),
        ),
        f"subprocess.CalledProcessError: Command '['{PY}/triton/backends/nvidia/bin/ptxas', '-lineinfo', '-v', '--gpu-name=sm_120a', '/tmp/tmp9ixzjgni.ptx', '-o', '/tmp/tmp9ixzjgni.ptx.o']' returned non-zero exit status 255.",
        DURING,
        tb(
            WS,
            *SCHED051,
            *MOE051,
            (
                "+triton/runtime/jit.py",
                594,
                "run",
                "kernel = self.compile(src, target=target, options=options.__dict__)",
            ),
            ("+triton/compiler/compiler.py", 359, "compile", "next_module = compile_ir(module, metadata)"),
            (
                "+triton/backends/nvidia/compiler.py",
                461,
                "<lambda>",
                'stages["cubin"] = lambda src, metadata: self.make_cubin(src, metadata, options, self.target.arch)',
            ),
            ("+triton/backends/nvidia/compiler.py", 442, "make_cubin", 'raise PTXASError(f"{error}\\n"'),
        ),
        "triton.runtime.errors.PTXASError: PTXAS error: Internal Triton PTX codegen error",
        "`ptxas` stderr:",
        "ptxas fatal   : Value 'sm_120a' is not defined for option 'gpu-name'",
        "",
        f"Repro command: {PY}/triton/backends/nvidia/bin/ptxas -lineinfo -v --gpu-name=sm_120a /tmp/tmp9ixzjgni.ptx -o /tmp/tmp9ixzjgni.ptx.o",
        "",
        "",
        sigquit(at(D051, 46)),
    ),
)

case(
    "triton_kernels_shared_memory_l40s_052",
    "0.5.2",
    "triton-lang/triton#8182 (gpt-oss matmul_ogs: out of resource: shared memory on a 101376-byte card); triton-3.4.0 compiler/compiler.py:470-483 (_init_handles), runtime/errors.py:14-22; sglang-0.5.2 server_args.py:2442-2448 (triton attention below SM90)",
    "config_error",
    "gpt-oss-20b on an L40S (SM89, 99 KiB shared memory per block): the triton_kernels matmul_ogs config picked asks for 135 KB, so the MoE kernel cannot load on this GPU during graph capture",
    join(
        "WARNING:sglang.srt.server_args:Detected GPT-OSS model, enabling triton_kernels MOE kernel.",
        sargs(
            at(D052, 1),
            "openai/gpt-oss-20b",
            dtype="bfloat16",
            mem_fraction_static=0.868,
            tp_size=1,
            attention_backend="triton",
            moe_runner_backend="triton_kernel",
        ),
        f"{at(D052, 2)} mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{at(D052, 8)} Init torch distributed begin.",
        f"{at(D052, 8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D052, 8)} Load weight begin. avail mem=43.98 GB",
        *shards(3, 5),
        f"{at(D052, 14)} Load weight end. type=GptOssForCausalLM, dtype=torch.bfloat16, avail mem=30.61 GB, mem usage=13.37 GB.",
        f"{at(D052, 14)} KV Cache is allocated. #tokens: 516842, K size: 11.83 GB, V size: 11.83 GB",
        f"{at(D052, 14)} Memory pool end. avail mem=6.72 GB",
        f"{at(D052, 15)} Capture cuda graph begin. This can take up to several minutes. avail mem=6.55 GB",
        f"{at(D052, 15)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (bs=160 avail_mem=6.41 GB):   0%|          | 0/24 [00:00<?, ?it/s]",
        f"{at(D052, 22)} Scheduler hit an exception: {TB}",
        tb(
            WS,
            ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
            ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 387, "initialize", "self.init_device_graphs()"),
            (
                "model_executor/model_runner.py",
                1760,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("model_executor/cuda_graph_runner.py", 380, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 488, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 667, "capture_one_batch_size", "run_once()"),
            ("model_executor/cuda_graph_runner.py", 656, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            *MOE051[1:-2],
            (
                "+triton_kernels/matmul_ogs.py",
                531,
                "matmul_ogs",
                "(kernels._p_matmul_ogs if opt_flags.is_persistent else kernels._matmul_ogs)[(grid,)](",
            ),
            (
                "+triton/runtime/jit.py",
                390,
                "<lambda>",
                "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
            ),
            (
                "+triton/runtime/jit.py",
                617,
                "run",
                "kernel.run(grid_0, grid_1, grid_2, stream, kernel.function, kernel.packed_metadata, launch_metadata,",
            ),
            ("+triton/compiler/compiler.py", 498, "__getattribute__", "self._init_handles()"),
            (
                "+triton/compiler/compiler.py",
                483,
                "_init_handles",
                'raise OutOfResources(self.metadata.shared, max_shared, "shared memory")',
            ),
        ),
        "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 135200, Hardware limit: 101376. Reducing block sizes or `num_stages` may help.",
        "",
        sigquit(at(D052, 22)),
    ),
)

# ============================================================================================== OOM by phase
case(
    "oom_weights_120b_on_a100_40g_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 layers/quantization/mxfp4.py:271-313 (Mxfp4MoEMethod.create_weights: torch.zeros per layer), layers/moe/fused_moe_triton/layer.py:212, models/gpt_oss.py:416/139",
    "oom_weights",
    "gpt-oss-120b (about 61 GiB of MXFP4 experts) on one A100-SXM4-40GB: creating a later layer's expert parameters runs out of memory while the model is built",
    join(
        "WARNING:sglang.srt.configs.model_config:mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        "WARNING:sglang.srt.server_args:Detected GPT-OSS model, enabling triton_kernels MOE kernel.",
        sargs(
            at(D054, 2),
            "openai/gpt-oss-120b",
            dtype="bfloat16",
            mem_fraction_static=0.858,
            tp_size=1,
            attention_backend="triton",
            moe_runner_backend="triton_kernel",
        ),
        f"{at(D054, 3)} mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{at(D054, 9)} Init torch distributed begin.",
        f"{at(D054, 9)} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D054, 9)} Load weight begin. avail mem=38.94 GB",
        f"{at(D054, 12)} Scheduler hit an exception: {TB}",
        tb(
            WS,
            *BUILD054,
            ("models/gpt_oss.py", 416, "__init__", "self.mlp = GptOssSparseMoeBlock("),
            ("models/gpt_oss.py", 139, "__init__", "self.experts = experts_type("),
            ("layers/moe/fused_moe_triton/layer.py", 212, "__init__", "self.quant_method.create_weights("),
            ("layers/quantization/mxfp4.py", 313, "create_weights", "torch.zeros("),
            ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
        ),
        oom("1.01 GiB", 0, "39.39 GiB", "612.75 MiB", "38.78 GiB", "38.12 GiB", "161.40 MiB"),
        "",
        sigquit(at(D054, 12)),
    ),
)

case(
    "oom_weights_dequant_fallback_ep2_052",
    "0.5.2",
    "sglang-0.5.2 server_args.py:2474-2487 (triton_kernel only when ep_size == 1), layers/quantization/mxfp4.py:583-596 (else: upcast_from_mxfp to bf16); sgl-kernel 0.3.16 triton_kernels/numerics_details/mxfp.py:69-91",
    "oom_weights",
    "--ep-size 2 with gpt-oss-120b on 2x H100: no triton_kernel runner with EP, so the MXFP4 experts are upcast to bf16 after loading; the 64 local experts' bf16 copy does not fit",
    join(
        sargs(
            at(D052, 2),
            "openai/gpt-oss-120b",
            dtype="bfloat16",
            mem_fraction_static=0.85,
            tp_size=2,
            ep_size=2,
            attention_backend="fa3",
            moe_runner_backend="auto",
        ),
        f"{at(D052, 3)} mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{at(D052, 4)} Using default HuggingFace chat template with detected content format: string",
        f"{at(D052, 10, 'TP0 EP0')} Init torch distributed begin.",
        f"{at(D052, 11, 'TP0 EP0')} Init torch distributed ends. mem usage=0.61 GB",
        f"{at(D052, 11, 'TP0 EP0')} Load weight begin. avail mem=78.07 GB",
        *shards(15, 14),
        f"{at(D052, 33, 'TP1 EP1')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            *LOAD052,
            *POST052,
            ("layers/quantization/mxfp4.py", 586, "process_weights_after_loading", "w13_weight = upcast_from_mxfp("),
            (
                "+triton_kernels/numerics_details/mxfp.py",
                91,
                "upcast_from_mxfp",
                "out = torch.empty((*tensor.shape[:-1], logical_quant_dim), dtype=dtype, device=tensor.device)",
            ),
        ),
        oom("2.02 GiB", 1, "79.11 GiB", "1.25 GiB", "77.84 GiB", "76.91 GiB", "288.57 MiB"),
        "",
        sigquit(at(D052, 33)),
    ),
)

case(
    "oom_weights_bf16_checkpoint_tp2_0410",
    "0.4.10.post2",
    "sglang#8833 (lmsys/gpt-oss-120b-bf16 at --tp 2 on H100 in the v0.4.10.post2 image: the reporter's OOM line); sglang-0.4.10.post2 model_loader/loader.py (load_weights_and_postprocess)",
    "oom_weights",
    "the bf16 gpt-oss-120b checkpoint (about 234 GB) at tp 2 on H100s: the shard's weights do not fit, OOM while loading",
    join(
        "[2025-08-06 09:12:20] server_args=ServerArgs(model_path='lmsys/gpt-oss-120b-bf16', tokenizer_path='lmsys/gpt-oss-120b-bf16', tokenizer_mode='auto', trust_remote_code=True, dtype='auto', mem_fraction_static=0.7, tp_size=2, host='0.0.0.0', port=40000, log_level='info', ...)",
        "[2025-08-06 09:12:28 TP0] Attention backend not explicitly specified. Use triton backend by default.",
        "[2025-08-06 09:12:28 TP0] Init torch distributed begin.",
        "[2025-08-06 09:12:29 TP0] Init torch distributed ends. mem usage=0.61 GB",
        "[2025-08-06 09:12:29 TP0] Load weight begin. avail mem=78.08 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/73 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards:  82% Completed | 60/73 [01:42<00:21,  1.68s/it]",
        f"[2025-08-06 09:14:12 TP1] Scheduler hit an exception: {TB}",
        tb(
            "/sgl-workspace/sglang/python",
            ("managers/scheduler.py", 2957, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 342, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
            ("managers/tp_worker.py", 84, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 242, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 285, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 640, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 449, "load_model", "self.load_weights_and_postprocess("),
            ("model_loader/loader.py", 457, "load_weights_and_postprocess", "model.load_weights(weights)"),
            ("models/gpt_oss.py", 1093, "load_weights", "self._load_normal_weights("),
            (
                "models/gpt_oss.py",
                1021,
                "_load_normal_weights",
                "weight_loader(param, loaded_weight, name, shard_id=shard_id, expert_id=expert_id)",
            ),
        ),
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.98 GiB. GPU 1 has a total capacity of 79.10 GiB of which 92.25 MiB is free. Including non-PyTorch memory, this process has 0 bytes memory in use. Of the allocated memory 76.93 GiB is allocated by PyTorch, and 46.14 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        "",
        "[2025-08-06 09:14:12] Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "kv_not_enough_memory_120b_h100_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 model_executor/model_runner.py:1235-1574 (profile_max_num_token, init_memory_pool's `Not enough memory`), :1492 (Using KV cache dtype)",
    "oom_kv_cache",
    "gpt-oss-120b on one H100 with --mem-fraction-static 0.8: the weights leave 14.6 GB, less than the 15.8 GB held back, so the profiled token count is negative",
    join(
        *start054(
            D054,
            "openai/gpt-oss-120b",
            tp=1,
            avail=78.68,
            after=14.57,
            mem_fraction_static=0.8,
            context_length=131072,
            attention_backend="fa3",
            moe_runner_backend="triton_kernel",
        ),
        f"{at(D054, 41)} Using KV cache dtype: torch.bfloat16",
        f"{at(D054, 41)} Scheduler hit an exception: {TB}",
        tb(
            WS,
            *SCHED054,
            ("model_executor/model_runner.py", 457, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 1571, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.8",
        "",
        sigquit(at(D054, 41)),
    ),
)

case(
    "swa_pool_alloc_oom_shared_gpu_0510",
    "0.5.10.post1",
    "sglang#19718 (RTX PRO 6000, gpt-oss-120b: the SWA pool lines); sglang-0.5.10.post1 model_runner_kv_cache_mixin.py:369/496/869/893-908, mem_cache/swa_memory_pool.py:80, memory_pool.py:780/845-868",
    "oom_kv_cache",
    "a second process grabbed 21 GB of the 96 GB card between profiling and allocation: the SWA half is allocated, the full-attention pool's buffers run out of memory",
    join(
        "WARNING:sglang.srt.server_args:Detected SM120 and MXFP4 quantization format for GPT-OSS model, enabling triton_kernel MOE kernel.",
        sargs(
            at(D0510, 3),
            "openai/gpt-oss-120b",
            dtype="bfloat16",
            mem_fraction_static=0.86,
            tp_size=1,
            attention_backend="triton",
            moe_runner_backend="triton_kernel",
            reasoning_parser="gpt-oss",
            tool_call_parser="gpt-oss",
        ),
        f"{at(D0510, 9)} Init torch distributed begin.",
        f"{at(D0510, 9)} Init torch distributed ends. elapsed=0.31 s, mem usage=0.00 GB",
        f"{at(D0510, 9)} Load weight begin. avail mem=94.46 GB",
        *shards(15, 24),
        f"{at(D0510, 51)} Load weight end. elapsed=42.17 s, type=GptOssForCausalLM, quant=mxfp4, avail mem=30.37 GB, mem usage=64.09 GB.",
        f"{at(D0510, 51)} Using KV cache dtype: torch.bfloat16",
        f"{at(D0510, 51)} Use sliding window memory pool. full_layer_tokens=318715, swa_layer_tokens=254972",
        f"{at(D0510, 52)} KV Cache is allocated. #tokens: 254972, K size: 4.38 GB, V size: 4.38 GB",
        f"{at(D0510, 52)} Scheduler hit an exception: {TB}",
        tb(
            PY,
            *SCHED0510,
            ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
            (
                "model_executor/model_runner_kv_cache_mixin.py",
                902,
                "init_memory_pool",
                "self._apply_memory_pool_config(self.memory_pool_config)",
            ),
            ("model_executor/model_runner_kv_cache_mixin.py", 869, "_apply_memory_pool_config", "self._init_pools()"),
            ("model_executor/model_runner_kv_cache_mixin.py", 496, "_init_pools", "self.token_to_kv_pool = SWAKVPool("),
            ("mem_cache/swa_memory_pool.py", 80, "__init__", "self.full_kv_pool = token_to_kv_pool_class("),
            ("mem_cache/memory_pool.py", 780, "__init__", "self._create_buffers()"),
            ("mem_cache/memory_pool.py", 863, "_create_buffers", "torch.zeros("),
        ),
        oom("312.00 MiB", 0, "94.97 GiB", "201.06 MiB", "73.19 GiB", "72.58 GiB", "12.31 MiB"),
        "",
        sigquit(at(D0510, 52)),
    ),
)

case(
    "cuda_graph_capture_oom_120b_tp2_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 model_executor/cuda_graph_runner.py:375-382 (Capture cuda graph failed + CUDA_GRAPH_CAPTURE_FAILED_MSG :886-893), :497/:663/:676, model_runner.py:465/1916; sgl-kernel 0.3.16 triton_kernels/matmul_ogs.py:337-346",
    "oom_cuda_graph",
    "gpt-oss-120b at tp 2 with --mem-fraction-static 0.92 --cuda-graph-max-bs 512: the bs=512 capture's MoE scratch does not fit in the 4 GB left after the pool",
    join(
        *start054(
            D054,
            "openai/gpt-oss-120b",
            tp=2,
            avail=78.07,
            after=45.41,
            mem_fraction_static=0.92,
            cuda_graph_max_bs=512,
            attention_backend="fa3",
            moe_runner_backend="triton_kernel",
        ),
        f"{at(D054, 42, 'TP0')} Using KV cache dtype: torch.bfloat16",
        f"{at(D054, 42, 'TP0')} KV Cache is allocated. #tokens: 1107442, K size: 19.01 GB, V size: 19.01 GB",
        f"{at(D054, 42, 'TP0')} Memory pool end. avail mem=5.92 GB",
        f"{at(D054, 43, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=5.41 GB",
        f"{at(D054, 43, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256, 272, 288, 304, 320, 336, 352, 368, 384, 400, 416, 432, 448, 464, 480, 496, 512]",
        "Capturing batches (bs=512 avail_mem=3.96 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
        f"{at(D054, 47, 'TP1')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            ("model_executor/cuda_graph_runner.py", 378, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 497, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 676, "capture_one_batch_size", "run_once()"),
            ("model_executor/cuda_graph_runner.py", 663, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            *CTX,
            *MOE054,
        ),
        oom("2.11 GiB", 1, "79.11 GiB", "1.48 GiB", "77.62 GiB", "74.02 GiB", "2.37 GiB"),
        DURING,
        tb(
            WS,
            *SCHED054,
            ("model_executor/model_runner.py", 465, "initialize", "self.init_device_graphs()"),
            (
                "model_executor/model_runner.py",
                1916,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("model_executor/cuda_graph_runner.py", 380, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 2.11 GiB. GPU 1 has a total capacity of 79.11 GiB of which 1.48 GiB is free. Including non-PyTorch memory, this process has 77.62 GiB memory in use. Of the allocated memory 74.02 GiB is allocated by PyTorch, and 2.37 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        "Possible solutions:",
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
        "3. disable torch compile by not using --enable-torch-compile",
        "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        "",
        sigquit(at(D054, 47)),
    ),
)

case(
    "rocm_hip_oom_at_capture_0510",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py:1697-1706 (aiter attention for GPT-OSS on HIP), :1746-1750 (ROCm MXFP4 warning), model_executor/cuda_graph_runner.py:650-657 (Capture cuda graph failed), model_runner.py:655/2455; torch's HIP allocator text",
    "oom_cuda_graph",
    "gpt-oss-120b on 8x MI355X with --mem-fraction-static 0.95: the pool leaves too little and graph capture runs out of HIP memory (ROCm spelling, same phase)",
    join(
        "WARNING:sglang.srt.server_args:Detected ROCm and MXFP4 quantization format for GPT-OSS model, enabling aiter MXFP4 MOE kernel.",
        sargs(
            at(D0510, 4),
            "openai/gpt-oss-120b",
            dtype="bfloat16",
            mem_fraction_static=0.95,
            tp_size=8,
            attention_backend="aiter",
            cuda_graph_max_bs=512,
        ),
        f"{at(D0510, 16, 'TP0')} Init torch distributed begin.",
        f"{at(D0510, 19, 'TP0')} Init torch distributed ends. elapsed=3.02 s, mem usage=1.91 GB",
        f"{at(D0510, 19, 'TP0')} Load weight begin. avail mem=285.83 GB",
        f"{at(D0510, 44, 'TP0')} Load weight end. elapsed=25.20 s, type=GptOssForCausalLM, quant=mxfp4, avail mem=277.51 GB, mem usage=8.32 GB.",
        f"{at(D0510, 44, 'TP0')} Using KV cache dtype: torch.bfloat16",
        f"{at(D0510, 45, 'TP0')} Use sliding window memory pool. full_layer_tokens=7104512, swa_layer_tokens=5683609",
        f"{at(D0510, 47, 'TP0')} Memory pool end. avail mem=14.63 GB",
        f"{at(D0510, 48, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=14.20 GB",
        "Capturing batches (bs=512 avail_mem=13.88 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
        "Capturing batches (bs=160 avail_mem=2.31 GB):  71%|#######   | 37/52 [00:41<00:13,  1.12it/s]",
        f"{at(D0510, 89, 'TP6')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            ("model_executor/cuda_graph_runner.py", 653, "__init__", "self.capture()"),
            (
                "model_executor/cuda_graph_runner.py",
                796,
                "capture",
                ") = self.capture_one_batch_size(bs, forward, stream_idx)",
            ),
            ("model_executor/cuda_graph_runner.py", 1024, "capture_one_batch_size", "run_once()"),
            ("model_executor/cuda_graph_runner.py", 1011, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            ("+torch/_tensor.py", 1654, "__torch_function__", "ret = func(*args, **kwargs)"),
        ),
        oom("2.00 GiB", 6, "287.98 GiB", "1.12 GiB", "286.86 GiB", "281.40 GiB", "2.05 GiB", hip=True),
        DURING,
        tb(
            WS,
            *SCHED0510,
            ("model_executor/model_runner.py", 655, "initialize", "self.init_device_graphs()"),
            (
                "model_executor/model_runner.py",
                2455,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: HIP out of memory. Tried to allocate 2.00 GiB. GPU 6 has a total capacity of 287.98 GiB of which 1.12 GiB is free. Including non-PyTorch memory, this process has 286.86 GiB memory in use. Of the allocated memory 281.40 GiB is allocated by PyTorch, and 2.05 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_HIP_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        "Possible solutions:",
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
        "3. disable torch compile by not using --enable-torch-compile",
        "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        "",
        sigquit(at(D0510, 89)),
    ),
)

FI = f"{PY}/flashinfer"
case(
    "flashinfer_mxfp4_autotune_oom_b200_0510",
    "0.5.10.post1",
    "sglang-0.5.10.post1 model_executor/model_runner.py:654/2052-2110 (kernel_warmup -> _flashinfer_autotune -> _dummy_run, before capture), layers/quantization/mxfp4.py:753/803; flashinfer-python 0.6.7.post3 fused_moe/core.py:1750-1770/2709, autotuner.py:446, jit/core.py:54-57 (log format)",
    "oom_moe_workspace",
    "gpt-oss-120b on B200 with --mem-fraction-static 0.99: FlashInfer's MXFP4 MoE autotune (a dummy decode at the pool's batch size, before capture) cannot allocate the trtllm-gen MoE buffers",
    join(
        "WARNING:sglang.srt.server_args:Detected SM100 and MXFP4 quantization format for GPT-OSS model, enabling FlashInfer MXFP4 MOE kernel.",
        sargs(
            at(D0510, 3),
            "openai/gpt-oss-120b",
            dtype="bfloat16",
            mem_fraction_static=0.99,
            max_running_requests=2048,
            tp_size=1,
            attention_backend="trtllm_mha",
            moe_runner_backend="flashinfer_mxfp4",
        ),
        f"{at(D0510, 9)} Init torch distributed begin.",
        f"{at(D0510, 9)} Init torch distributed ends. elapsed=0.29 s, mem usage=0.00 GB",
        f"{at(D0510, 9)} Load weight begin. avail mem=177.62 GB",
        *shards(15, 16),
        f"{at(D0510, 31)} Shuffling MoE weights for FlashInfer MXFP4 moe kernel (layer: model.layers.0.mlp.experts), it might take a while...",
        f"{at(D0510, 44)} Load weight end. elapsed=34.88 s, type=GptOssForCausalLM, quant=mxfp4, avail mem=112.95 GB, mem usage=64.67 GB.",
        f"{at(D0510, 44)} Using KV cache dtype: torch.bfloat16",
        f"{at(D0510, 44)} Use sliding window memory pool. full_layer_tokens=1675844, swa_layer_tokens=1340675",
        f"{at(D0510, 45)} Memory pool end. avail mem=1.86 GB",
        f"{at(D0510, 45)} Running FlashInfer autotune...",
        "2026-04-08 14:00:45,912 - INFO - autotuner.py:446 - flashinfer.jit: [Autotuner]: Autotuning process starts ...",
        f"{at(D0510, 47)} Scheduler hit an exception: {TB}",
        tb(
            PY,
            *SCHED0510,
            ("model_executor/model_runner.py", 654, "initialize", "self.kernel_warmup()"),
            ("model_executor/model_runner.py", 2061, "kernel_warmup", "self._flashinfer_autotune()"),
            ("model_executor/model_runner.py", 2106, "_flashinfer_autotune", "self._dummy_run("),
            ("model_executor/model_runner.py", 2373, "_dummy_run", "run_once()"),
            (
                "model_executor/model_runner.py",
                2362,
                "run_once",
                "logits_output_or_pp_proxy_tensors = self.model.forward(",
            ),
            *CTX,
            ("models/gpt_oss.py", 706, "forward", "hidden_states = self.model("),
            *MOD29,
            ("models/gpt_oss.py", 630, "forward", "hidden_states, residual = layer("),
            *MOD29,
            (
                "models/gpt_oss.py",
                545,
                "forward",
                "hidden_states = self.mlp(hidden_states, forward_batch, should_allreduce_fusion)",
            ),
            *MOD29,
            ("models/gpt_oss.py", 230, "forward", "return self.forward_normal(hidden_states, should_allreduce_fusion)"),
            (
                "models/gpt_oss.py",
                255,
                "forward_normal",
                "final_hidden_states = self.experts(hidden_states, topk_output)",
            ),
            *MOD29,
            (
                "layers/moe/fused_moe_triton/layer.py",
                993,
                "forward",
                "return self.forward_impl(hidden_states, topk_output)",
            ),
            ("layers/moe/fused_moe_triton/layer.py", 1012, "forward_impl", "combine_input = self.run_moe_core("),
            ("layers/moe/fused_moe_triton/layer.py", 1033, "run_moe_core", "return self.quant_method.apply("),
            ("layers/quantization/mxfp4.py", 803, "apply", "trtllm_gen_output = trtllm_fp4_block_scale_moe("),
            (
                f"{FI}/fused_moe/core.py",
                2709,
                "trtllm_fp4_block_scale_moe",
                "return get_trtllm_moe_sm100_module().trtllm_fp4_block_scale_moe(",
            ),
            (f"{FI}/fused_moe/core.py", 1764, "trtllm_fp4_block_scale_moe_op", "output = torch.empty("),
        ),
        oom("12.00 MiB", 0, "178.35 GiB", "9.31 MiB", "178.33 GiB", "175.02 GiB", "1.29 GiB"),
        "",
        sigquit(at(D0510, 47)),
    ),
)

case(
    "oom_runtime_long_prefill_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 scheduler.py:1009/1921 (event_loop_overlap -> run_batch), model_runner.py:2061/2112/2006, the triton_kernels MoE runner (layers/moe/moe_runner/triton_kernels.py:111, triton_kernels_moe.py:295); sgl-kernel 0.3.16 triton_kernels/matmul_ogs.py:459/340",
    "oom_runtime",
    "gpt-oss-120b served for a while on one H100 with --chunked-prefill-size -1: a 118k-token prompt's MoE intermediate (tokens x top-4 x 5760) does not fit, OOM mid-prefill after ready",
    join(
        *start054(
            D054,
            "openai/gpt-oss-120b",
            tp=1,
            avail=78.68,
            after=14.57,
            mem_fraction_static=0.95,
            chunked_prefill_size=-1,
            attention_backend="fa3",
            moe_runner_backend="triton_kernel",
        ),
        f"{at(D054, 41)} Using KV cache dtype: torch.bfloat16",
        f"{at(D054, 41)} KV Cache is allocated. #tokens: 143360, K size: 4.92 GB, V size: 4.92 GB",
        f"{at(D054, 41)} Memory pool end. avail mem=4.64 GB",
        f"{at(D054, 42)} Capture cuda graph begin. This can take up to several minutes. avail mem=4.51 GB",
        "Capturing batches (bs=1 avail_mem=3.79 GB): 100%|██████████| 36/36 [00:09<00:00,  3.81it/s]",
        f"{at(D054, 52)} Capture cuda graph end. Time elapsed: 9.46 s. mem usage=0.73 GB. avail mem=3.78 GB.",
        f"{at(D054, 52)} max_total_num_tokens=143360, chunked_prefill_size=-1, max_prefill_tokens=16384, max_running_requests=560, context_len=131072, available_gpu_mem=3.78 GB",
        *ready(D054, 53),
        f'{at(D054, 70)} INFO:     10.3.1.22:51290 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(D054, 71)} Decode batch. #running-req: 3, #token: 9811, token usage: 0.07, cuda graph: True, gen throughput (token/s): 188.40, #queue-req: 0, ",
        f"{at(D054, 95)} Prefill batch. #new-seq: 1, #new-token: 118304, #cached-token: 0, token usage: 0.07, #running-req: 3, #queue-req: 0, ",
        f"{at(D054, 96)} Scheduler hit an exception: {TB}",
        tb(WS, *LOOP054, *MOE054),
        oom("5.08 GiB", 0, "79.11 GiB", "3.10 GiB", "76.00 GiB", "74.31 GiB", "1.06 GiB"),
        "",
        sigquit(at(D054, 96)),
    ),
)

# ============================================================================================== distributed / port
case(
    "nccl_init_docker_without_shm_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 distributed/parallel_state.py:1525/1292/326 (the TP group's PyNcclCommunicator), device_communicators/pynccl.py:112, pynccl_wrapper.py:371-374/399 (NCCL_CHECK); NCCL misc/shmutils.cc (the /dev/shm warnings under NCCL_DEBUG=WARN)",
    "nccl_or_distributed",
    "gpt-oss-120b at tp 4 in a container started without --ipc=host or --shm-size: NCCL cannot size its /dev/shm segment, the TP group's communicator fails to initialise",
    join(
        *start054(
            D054,
            "openai/gpt-oss-120b",
            tp=4,
            avail=0,
            after=0,
            ranks=4,
            mem_fraction_static=0.85,
            attention_backend="fa3",
            moe_runner_backend="triton_kernel",
        )[:-5],
        "7c1e2d9a4b3f:412:412 [0] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-Jb5kq0 to 9637892 bytes",
        "7c1e2d9a4b3f:412:412 [0] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-Jb5kq0 (size 9637888)",
        "7c1e2d9a4b3f:413:413 [1] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-3xYvR2 to 9637892 bytes",
        f"{at(D054, 14, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            ("managers/scheduler.py", 2753, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
            ("managers/tp_worker.py", 235, "__init__", "self._model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 299, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 627, "init_torch_distributed", "initialize_model_parallel("),
            ("distributed/parallel_state.py", 1525, "initialize_model_parallel", "_TP = init_model_parallel_group("),
            ("distributed/parallel_state.py", 1292, "init_model_parallel_group", "return GroupCoordinator("),
            ("distributed/parallel_state.py", 326, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
            (
                "distributed/device_communicators/pynccl.py",
                112,
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
        sigquit(at(D054, 14)),
    ),
)

TORCH_STORE = (
    ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
    ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
    (
        "+torch/distributed/distributed_c10d.py",
        1710,
        "init_process_group",
        "store, rank, world_size = next(rendezvous_iterator)",
    ),
    ("+torch/distributed/rendezvous.py", 278, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
    ("+torch/distributed/rendezvous.py", 198, "_create_c10d_store", "return TCPStore("),
)
case(
    "multinode_store_timeout_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 model_executor/model_runner.py:554-627 (init_torch_distributed: tcp://dist_init_addr), distributed/parallel_state.py:1405-1443; torch 2.8 TCPStore's `Timed out after ... waiting for clients`",
    "nccl_or_distributed",
    "gpt-oss-120b at tp 8 over two 4-GPU nodes; node 1's firewall drops the --dist-init-addr port, so node 0's store waits out the timeout (rendezvous, no NCCL words)",
    join(
        "$ python3 -m sglang.launch_server --model-path openai/gpt-oss-120b --tp 8 --nnodes 2 --node-rank 0 --dist-init-addr 10.20.0.11:50000 --host 0.0.0.0",
        "WARNING:sglang.srt.server_args:Detected GPT-OSS model, enabling triton_kernels MOE kernel.",
        sargs(
            at(D054, 2),
            "openai/gpt-oss-120b",
            dtype="bfloat16",
            tp_size=8,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.20.0.11:50000",
            dist_timeout=None,
        ),
        f"{at(D054, 11, 'TP0')} Init torch distributed begin.",
        f"{at(D054, 11, 'TP1')} Init torch distributed begin.",
        f"{at(D054, 11, 'TP2')} Init torch distributed begin.",
        f"{at(D054, 11, 'TP3')} Init torch distributed begin.",
        f"[{D054} 14:10:12 TP0] Scheduler hit an exception: {TB}",
        tb(
            WS,
            ("managers/scheduler.py", 2753, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
            ("managers/tp_worker.py", 235, "__init__", "self._model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 299, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 619, "init_torch_distributed", "init_distributed_environment("),
            (
                "distributed/parallel_state.py",
                1443,
                "init_distributed_environment",
                "torch.distributed.init_process_group(",
            ),
            *TORCH_STORE,
        ),
        "torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 4/8 clients joined.",
        "",
        f"[{D054} 14:10:12] Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "http_port_in_use_20b_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 entrypoints/http_server.py (uvicorn.run after the schedulers are ready), utils/common.py set_uvicorn_logging_configs; uvicorn server.startup's bind error",
    "port_in_use",
    "a second gpt-oss-20b launched on the default port while the first still serves: the model loads, then uvicorn cannot bind 30000",
    join(
        *start054(
            D054,
            "openai/gpt-oss-20b",
            tp=1,
            avail=78.68,
            after=65.12,
            mem_fraction_static=0.85,
            port=30000,
            attention_backend="fa3",
            moe_runner_backend="triton_kernel",
        ),
        f"{at(D054, 41)} Using KV cache dtype: torch.bfloat16",
        f"{at(D054, 41)} KV Cache is allocated. #tokens: 1142861, K size: 26.16 GB, V size: 26.16 GB",
        f"{at(D054, 41)} Memory pool end. avail mem=11.44 GB",
        f"{at(D054, 42)} Capture cuda graph begin. This can take up to several minutes. avail mem=11.31 GB",
        "Capturing batches (bs=1 avail_mem=10.73 GB): 100%|██████████| 36/36 [00:06<00:00,  5.62it/s]",
        f"{at(D054, 49)} Capture cuda graph end. Time elapsed: 6.61 s. mem usage=0.59 GB. avail mem=10.72 GB.",
        f"{at(D054, 49)} max_total_num_tokens=1142861, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=10.72 GB",
        f"{at(D054, 50)} INFO:     Started server process [3391]",
        f"{at(D054, 50)} INFO:     Waiting for application startup.",
        f"{at(D054, 50)} INFO:     Application startup complete.",
        f"{at(D054, 50)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{at(D054, 50)} INFO:     Waiting for application shutdown.",
        f"{at(D054, 50)} INFO:     Application shutdown complete.",
    ),
)

# ============================================================================================== cuda_error_other
case(
    "illegal_memory_access_decode_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 scheduler.py:1015/2014 (event_loop_overlap -> process_batch_result), scheduler_output_processor_mixin.py:257 (copy_done.synchronize); torch 2.8 torch.AcceleratorError text",
    "cuda_error_other",
    "gpt-oss-120b at tp 2 serving for minutes under load: a kernel faults and the next sync (the decode result's copy_done) reports an illegal memory access",
    join(
        *start054(
            D054,
            "openai/gpt-oss-120b",
            tp=2,
            avail=78.07,
            after=45.41,
            mem_fraction_static=0.85,
            attention_backend="fa3",
            moe_runner_backend="triton_kernel",
        ),
        f"{at(D054, 42, 'TP0')} KV Cache is allocated. #tokens: 848330, K size: 14.56 GB, V size: 14.56 GB",
        f"{at(D054, 42, 'TP0')} Memory pool end. avail mem=10.98 GB",
        f"{at(D054, 53, 'TP0')} Capture cuda graph end. Time elapsed: 10.37 s. mem usage=0.91 GB. avail mem=10.06 GB.",
        f"{at(D054, 53, 'TP0')} max_total_num_tokens=848330, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=3314, context_len=131072, available_gpu_mem=10.06 GB",
        *ready(D054, 54, rank="TP0"),
        f"[{D054} 14:21:03 TP0] Decode batch. #running-req: 187, #token: 402114, token usage: 0.47, cuda graph: True, gen throughput (token/s): 5120.66, #queue-req: 0, ",
        f"[{D054} 14:21:05 TP1] Scheduler hit an exception: {TB}",
        tb(WS, *RESULT054),
        "torch.AcceleratorError: CUDA error: an illegal memory access was encountered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
        "",
        f"[{D054} 14:21:05] Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "uncorrectable_ecc_tp8_052",
    "0.5.2",
    "sglang-0.5.2 scheduler.py:860/1882 (event_loop_overlap -> process_batch_result), scheduler_output_processor_mixin.py:211, tp_worker_overlap_thread.py:205-216 (copy_done.synchronize); torch 2.8 AcceleratorError text for cudaErrorECCUncorrectable",
    "cuda_error_other",
    "gpt-oss-120b at tp 8 on H200 after hours of serving: one GPU reports an uncorrectable ECC error at the decode result's sync (a hardware fault, not OOM)",
    join(
        "WARNING:sglang.srt.server_args:Detected GPT-OSS model, enabling triton_kernels MOE kernel.",
        sargs(
            at(D052, 2),
            "openai/gpt-oss-120b",
            dtype="bfloat16",
            tp_size=8,
            mem_fraction_static=0.88,
            attention_backend="fa3",
            moe_runner_backend="triton_kernel",
        ),
        f"{at(D052, 3)} mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{at(D052, 12, 'TP0')} Init torch distributed begin.",
        f"{at(D052, 14, 'TP0')} sglang is using nccl==2.27.3",
        f"{at(D052, 15, 'TP0')} Init torch distributed ends. mem usage=1.38 GB",
        f"{at(D052, 15, 'TP0')} Load weight begin. avail mem=138.84 GB",
        *shards(15, 9),
        f"{at(D052, 24, 'TP0')} Load weight end. type=GptOssForCausalLM, dtype=torch.bfloat16, avail mem=130.23 GB, mem usage=8.61 GB.",
        f"{at(D052, 25, 'TP0')} KV Cache is allocated. #tokens: 12811560, K size: 55.00 GB, V size: 55.00 GB",
        f"{at(D052, 25, 'TP0')} Memory pool end. avail mem=17.13 GB",
        f"{at(D052, 29, 'TP0')} Capture cuda graph end. Time elapsed: 3.91 s. mem usage=0.81 GB. avail mem=16.32 GB.",
        *ready(D052, 30, rank="TP0"),
        f"[{D052} 17:42:10 TP0] Decode batch. #running-req: 221, #token: 1930411, token usage: 0.31, cuda graph: True, gen throughput (token/s): 9811.25, #queue-req: 0, ",
        f"[{D052} 17:42:12 TP5] Scheduler hit an exception: {TB}",
        tb(
            WS,
            ("managers/scheduler.py", 2610, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            *CTX,
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
            ("+torch/cuda/streams.py", 231, "synchronize", "super().synchronize()"),
        ),
        "torch.AcceleratorError: CUDA error: uncorrectable ECC error encountered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
        "",
        f"[{D052} 17:42:12] Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "driver_too_old_for_cu129_image_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 server_args.py:538/617-623 (_handle_missing_default_values -> get_device()), utils/common.py:1743-1781 (`No accelerator (CUDA, XPU, HPU) is available.`); torch 2.8 torch/cuda/__init__.py's `CUDA initialization: The NVIDIA driver on your system is too old` warning",
    "cuda_error_other",
    "the cu129 image of 0.5.4.post1 on an H100 host still on driver 535 (CUDA 12.2): torch cannot initialise CUDA (driver older than the runtime), so the argument check finds no accelerator",
    join(
        "$ docker run --gpus all --ipc=host -p 30000:30000 lmsysorg/sglang:v0.5.4.post1-cu129 python3 -m sglang.launch_server --model-path openai/gpt-oss-20b --host 0.0.0.0",
        f"{PY}/torch/cuda/__init__.py:182: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:109.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        TB,
        tb(
            WS,
            *ARGS054,
            ("server_args.py", 538, "__post_init__", "self._handle_missing_default_values()"),
            ("server_args.py", 623, "_handle_missing_default_values", "self.device = get_device()"),
            (
                "utils/common.py",
                1781,
                "get_device",
                'raise RuntimeError("No accelerator (CUDA, XPU, HPU) is available.")',
            ),
        ),
        "RuntimeError: No accelerator (CUDA, XPU, HPU) is available.",
    ),
)

# ============================================================================================== healthy contrasts
case(
    "healthy_h100_20b_triton_kernels_050rc2",
    "0.5.0rc2",
    "sglang-0.5.0rc2 server_args.py:2115-2166 (fa3 on SM90, `Detected GPT-OSS model, enabling triton_kernels MOE kernel.`), configs/model_config.py (mxfp4 `not fully optimized yet`), scheduler_metrics_mixin.py (batch lines)",
    "healthy",
    "gpt-oss-20b on one H100: the pre-logging WARNING lines, mxfp4's 'not fully optimized' warning twice, FP8-free defaults; it reaches ready and serves",
    join(
        "WARNING:sglang.srt.configs.model_config:mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        "WARNING:sglang.srt.server_args:Detected GPT-OSS model, enabling triton_kernels MOE kernel.",
        sargs(
            at(D050, 2),
            "openai/gpt-oss-20b",
            dtype="bfloat16",
            mem_fraction_static=0.85,
            tp_size=1,
            attention_backend="fa3",
            enable_triton_kernel_moe=True,
            disable_hybrid_swa_memory=True,
        ),
        f"{at(D050, 3)} mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{at(D050, 4)} Using default HuggingFace chat template with detected content format: string",
        f"{at(D050, 9)} Init torch distributed begin.",
        f"{at(D050, 9)} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D050, 9)} Load weight begin. avail mem=78.68 GB",
        *shards(3, 4),
        f"{at(D050, 14)} Load weight end. type=GptOssForCausalLM, dtype=torch.bfloat16, avail mem=65.12 GB, mem usage=13.56 GB.",
        f"{at(D050, 14)} KV Cache is allocated. #tokens: 1142861, K size: 26.16 GB, V size: 26.16 GB",
        f"{at(D050, 14)} Memory pool end. avail mem=11.44 GB",
        f"{at(D050, 15)} Capture cuda graph begin. This can take up to several minutes. avail mem=11.31 GB",
        "Capturing batches (bs=1 avail_mem=10.73 GB): 100%|██████████| 36/36 [00:07<00:00,  4.88it/s]",
        f"{at(D050, 23)} Capture cuda graph end. Time elapsed: 7.62 s. mem usage=0.59 GB. avail mem=10.72 GB.",
        f"{at(D050, 23)} max_total_num_tokens=1142861, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=10.72 GB",
        *ready(D050, 24),
        f'{at(D050, 40)} INFO:     10.1.4.17:40122 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(D050, 41)} Prefill batch. #new-seq: 4, #new-token: 2310, #cached-token: 512, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{at(D050, 42)} Decode batch. #running-req: 4, #token: 3010, token usage: 0.00, cuda graph: True, gen throughput (token/s): 712.31, #queue-req: 0, ",
    ),
)

case(
    "healthy_retract_under_load_120b_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 scheduler.py:1855-1860 (KV cache pool is full. Retract requests.), scheduler_metrics_mixin.py (token usage lines)",
    "healthy",
    "gpt-oss-120b on one H100 with a small pool (36k tokens) under a long-reasoning benchmark: token usage 0.99, retractions and a queue; it keeps serving",
    join(
        *start054(
            D054,
            "openai/gpt-oss-120b",
            tp=1,
            avail=78.68,
            after=14.57,
            mem_fraction_static=0.85,
            attention_backend="fa3",
            moe_runner_backend="triton_kernel",
            reasoning_parser="gpt-oss",
        ),
        f"{at(D054, 41)} Using KV cache dtype: torch.bfloat16",
        f"{at(D054, 41)} KV Cache is allocated. #tokens: 36612, K size: 1.26 GB, V size: 1.26 GB",
        f"{at(D054, 41)} Memory pool end. avail mem=11.93 GB",
        f"{at(D054, 52)} Capture cuda graph end. Time elapsed: 10.12 s. mem usage=0.73 GB. avail mem=11.20 GB.",
        f"{at(D054, 52)} max_total_num_tokens=36612, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=143, context_len=131072, available_gpu_mem=11.20 GB",
        *ready(D054, 53),
        f"[{D054} 14:05:11] Decode batch. #running-req: 64, #token: 35988, token usage: 0.98, cuda graph: True, gen throughput (token/s): 1911.87, #queue-req: 77, ",
        f"[{D054} 14:05:12] KV cache pool is full. Retract requests. #retracted_reqs: 3, #aborted_retracted_reqs: 0, #new_token_ratio: 0.4512 -> 0.6081",
        f"[{D054} 14:05:14] Decode batch. #running-req: 61, #token: 36401, token usage: 0.99, cuda graph: True, gen throughput (token/s): 1840.20, #queue-req: 80, ",
        f"[{D054} 14:05:19] KV cache pool is full. Retract requests. #retracted_reqs: 2, #aborted_retracted_reqs: 0, #new_token_ratio: 0.5964 -> 0.7012",
        f'[{D054} 14:05:21] INFO:     10.1.4.17:40980 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"[{D054} 14:05:22] Prefill batch. #new-seq: 3, #new-token: 1620, #cached-token: 4096, token usage: 0.93, #running-req: 58, #queue-req: 79, ",
        f"[{D054} 14:05:24] Decode batch. #running-req: 61, #token: 35110, token usage: 0.96, cuda graph: True, gen throughput (token/s): 1902.55, #queue-req: 79, ",
    ),
)

HARMONY = f"{PY}/openai_harmony/__init__.py"
case(
    "healthy_harmony_error_in_asgi_052",
    "0.5.2",
    "sglang#8914 and sglang#8945 (HarmonyError raised through starlette into uvicorn's `Exception in ASGI application`, the server goes on); sglang-0.5.2 entrypoints/context.py:196-211 (parser.process), openai/serving_responses.py:834/1231, utils.py:1938-1948 (uvicorn log format)",
    "healthy",
    "gpt-oss-120b on H100s serving /v1/responses with the browser tool: one streamed response's tokens break the harmony parser; uvicorn logs the traceback for that request and the server keeps serving",
    join(
        "WARNING:sglang.srt.server_args:Detected GPT-OSS model, enabling triton_kernels MOE kernel.",
        sargs(
            at(D052, 2),
            "openai/gpt-oss-120b",
            dtype="bfloat16",
            tp_size=2,
            mem_fraction_static=0.85,
            attention_backend="fa3",
            moe_runner_backend="triton_kernel",
            tool_server="demo",
        ),
        f"{at(D052, 3)} mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{at(D052, 11, 'TP0')} Init torch distributed begin.",
        f"{at(D052, 12, 'TP0')} Init torch distributed ends. mem usage=0.59 GB",
        f"{at(D052, 12, 'TP0')} Load weight begin. avail mem=78.07 GB",
        *shards(15, 11),
        f"{at(D052, 26, 'TP0')} Load weight end. type=GptOssForCausalLM, dtype=torch.bfloat16, avail mem=45.41 GB, mem usage=32.66 GB.",
        f"{at(D052, 27, 'TP0')} KV Cache is allocated. #tokens: 848330, K size: 14.56 GB, V size: 14.56 GB",
        f"{at(D052, 27, 'TP0')} Memory pool end. avail mem=10.98 GB",
        f"{at(D052, 39, 'TP0')} Capture cuda graph end. Time elapsed: 10.37 s. mem usage=0.91 GB. avail mem=10.06 GB.",
        *ready(D052, 40, rank="TP0"),
        f'{at(D052, 70)} INFO:     10.1.4.17:41882 - "POST /v1/responses HTTP/1.1" 200 OK',
        f"[{D052} 14:02:11 TP0] Prefill batch. #new-seq: 1, #new-token: 1870, #cached-token: 0, token usage: 0.01, #running-req: 5, #queue-req: 0, ",
        f"[{D052} 14:02:14] ERROR:    Exception in ASGI application",
        TB,
        tb(
            PY,
            (
                "+uvicorn/protocols/http/h11_impl.py",
                403,
                "run_asgi",
                "result = await app(  # type: ignore[func-returns-value]",
            ),
            ("+uvicorn/middleware/proxy_headers.py", 60, "__call__", "return await self.app(scope, receive, send)"),
            ("+fastapi/applications.py", 1054, "__call__", "await super().__call__(scope, receive, send)"),
            ("+starlette/applications.py", 113, "__call__", "await self.middleware_stack(scope, receive, send)"),
            ("+starlette/middleware/errors.py", 186, "__call__", "raise exc"),
            ("+starlette/middleware/errors.py", 164, "__call__", "await self.app(scope, receive, _send)"),
            ("+starlette/middleware/cors.py", 85, "__call__", "await self.app(scope, receive, send)"),
            (
                "+starlette/middleware/exceptions.py",
                63,
                "__call__",
                "await wrap_app_handling_exceptions(self.app, conn)(scope, receive, send)",
            ),
            ("+starlette/_exception_handler.py", 53, "wrapped_app", "raise exc"),
            ("+starlette/_exception_handler.py", 42, "wrapped_app", "await app(scope, receive, sender)"),
            ("+starlette/routing.py", 716, "__call__", "await self.middleware_stack(scope, receive, send)"),
            ("+starlette/routing.py", 736, "app", "await route.handle(scope, receive, send)"),
            ("+starlette/routing.py", 290, "handle", "await self.app(scope, receive, send)"),
            ("+starlette/responses.py", 269, "__call__", "with collapse_excgroups():"),
            ("+starlette/responses.py", 246, "stream_response", "async for chunk in self.body_iterator:"),
            (
                "entrypoints/openai/serving_responses.py",
                834,
                "responses_stream_generator",
                "async for ctx in result_generator:",
            ),
            (
                "entrypoints/openai/serving_responses.py",
                1231,
                "_generate_with_builtin_tools",
                "context.append_output(res)",
            ),
            ("entrypoints/context.py", 211, "append_output", "self.parser.process(token_id)"),
            (HARMONY, 627, "process", "self._inner.process(token)"),
        ),
        "openai_harmony.HarmonyError: Unexpected token 12606 while expecting start token 200006",
        f'[{D052} 14:02:15] INFO:     10.1.4.17:41890 - "POST /v1/responses HTTP/1.1" 200 OK',
        f"[{D052} 14:02:16 TP0] Decode batch. #running-req: 6, #token: 9120, token usage: 0.03, cuda graph: True, gen throughput (token/s): 702.16, #queue-req: 0, ",
        f'[{D052} 14:02:31] INFO:     10.1.4.17:41904 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_b200_flashinfer_autotune_fallback_0510",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py:1738-1742 (SM100 MXFP4 warning), model_runner.py:2052-2110 (Running FlashInfer autotune...), layers/quantization/mxfp4.py (shuffle line); flashinfer-python 0.6.7.post3 autotuner.py:812-817 (a caught OOM while profiling a tactic falls back), jit/core.py:54-57",
    "healthy",
    "gpt-oss-120b on B200: FlashInfer's autotuner hits an OOM profiling one tactic, catches it and falls back to the default tactic; autotune completes, capture runs, the server is ready and serves",
    join(
        "WARNING:sglang.srt.server_args:Detected SM100 and MXFP4 quantization format for GPT-OSS model, enabling FlashInfer MXFP4 MOE kernel.",
        sargs(
            at(D0510, 3),
            "openai/gpt-oss-120b",
            dtype="bfloat16",
            mem_fraction_static=0.88,
            tp_size=1,
            attention_backend="trtllm_mha",
            moe_runner_backend="flashinfer_mxfp4",
            reasoning_parser="gpt-oss",
            tool_call_parser="gpt-oss",
        ),
        f"{at(D0510, 9)} Init torch distributed begin.",
        f"{at(D0510, 9)} Init torch distributed ends. elapsed=0.28 s, mem usage=0.00 GB",
        f"{at(D0510, 9)} Load weight begin. avail mem=177.62 GB",
        *shards(15, 16),
        f"{at(D0510, 31)} Shuffling MoE weights for FlashInfer MXFP4 moe kernel (layer: model.layers.0.mlp.experts), it might take a while...",
        f"{at(D0510, 44)} Load weight end. elapsed=34.71 s, type=GptOssForCausalLM, quant=mxfp4, avail mem=112.95 GB, mem usage=64.67 GB.",
        f"{at(D0510, 44)} Using KV cache dtype: torch.bfloat16",
        f"{at(D0510, 44)} Use sliding window memory pool. full_layer_tokens=1561760, swa_layer_tokens=1249408",
        f"{at(D0510, 45)} Memory pool end. avail mem=14.21 GB",
        f"{at(D0510, 45)} Running FlashInfer autotune...",
        "2026-04-08 14:00:45,912 - INFO - autotuner.py:446 - flashinfer.jit: [Autotuner]: Autotuning process starts ...",
        "2026-04-08 14:01:02,377 - WARNING - autotuner.py:814 - flashinfer.jit: [Autotuner]: OOM detected, falling back to default tactic",
        "2026-04-08 14:01:09,040 - INFO - autotuner.py:455 - flashinfer.jit: [Autotuner]: Autotuning process ends",
        f"{at(D0510, 69)} FlashInfer autotune completed.",
        f"{at(D0510, 69)} Capture cuda graph begin. This can take up to several minutes. avail mem=13.02 GB",
        "Capturing batches (bs=1 avail_mem=12.31 GB): 100%|██████████| 36/36 [00:05<00:00,  6.71it/s]",
        f"{at(D0510, 75)} Capture cuda graph end. Time elapsed: 5.86 s. mem usage=0.71 GB. avail mem=12.30 GB.",
        f"{at(D0510, 75)} max_total_num_tokens=1561760, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=2048, context_len=131072, available_gpu_mem=12.30 GB",
        *ready(D0510, 76),
        f"{at(D0510, 99)} Decode batch, #running-req: 32, #full token: 81530, full token usage: 0.05, #swa token: 40960, swa token usage: 0.03, cuda graph: True, gen throughput (token/s): 6120.44, #queue-req: 0, ",
    ),
)

case(
    "healthy_a100_pcie_custom_ar_off_tool_errors_054",
    "0.5.4.post1",
    "sglang-0.5.4.post1 distributed/device_communicators/custom_all_reduce.py:158-164 (disabled on >2 PCIe-only GPUs), function_call/base_format_detector.py:90 (undefined function), entrypoints/openai/serving_chat.py:928-931 (Tool call parsing error, request still answered), server_args.py:897-902 (triton attention below SM90)",
    "healthy",
    "gpt-oss-120b at tp 4 on A100-PCIe: custom all-reduce is disabled (PCIe-only), the model calls a builtin tool that is not in the request and one tool call's JSON does not parse; every request is still answered",
    join(
        "WARNING:sglang.srt.configs.model_config:mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        "WARNING:sglang.srt.server_args:Detected GPT-OSS model, enabling triton_kernels MOE kernel.",
        sargs(
            at(D054, 2),
            "openai/gpt-oss-120b",
            dtype="bfloat16",
            tp_size=4,
            mem_fraction_static=0.85,
            attention_backend="triton",
            moe_runner_backend="triton_kernel",
            tool_call_parser="gpt-oss",
            reasoning_parser="gpt-oss",
        ),
        f"{at(D054, 3)} mxfp4 quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{at(D054, 4)} Using default HuggingFace chat template with detected content format: string",
        f"{at(D054, 11, 'TP0')} Init torch distributed begin.",
        f"{at(D054, 11, 'TP1')} Init torch distributed begin.",
        f"{at(D054, 11, 'TP2')} Init torch distributed begin.",
        f"{at(D054, 11, 'TP3')} Init torch distributed begin.",
        f"{at(D054, 12, 'TP0')} sglang is using nccl==2.27.3",
        f"{at(D054, 12, 'TP0')} Custom allreduce is disabled because it's not supported on more than two PCIe-only GPUs. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
        f"{at(D054, 12, 'TP2')} Custom allreduce is disabled because it's not supported on more than two PCIe-only GPUs. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
        f"{at(D054, 13, 'TP0')} Init torch distributed ends. mem usage=0.46 GB",
        f"{at(D054, 13, 'TP0')} Load weight begin. avail mem=78.70 GB",
        *shards(15, 28),
        f"{at(D054, 41, 'TP0')} Load weight end. type=GptOssForCausalLM, dtype=torch.bfloat16, avail mem=60.59 GB, mem usage=18.11 GB.",
        f"{at(D054, 41, 'TP0')} KV Cache is allocated. #tokens: 2310720, K size: 19.83 GB, V size: 19.83 GB",
        f"{at(D054, 42, 'TP0')} Memory pool end. avail mem=20.64 GB",
        f"{at(D054, 63, 'TP0')} Capture cuda graph end. Time elapsed: 20.81 s. mem usage=1.62 GB. avail mem=19.02 GB.",
        f"{at(D054, 63, 'TP0')} max_total_num_tokens=2310720, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=19.02 GB",
        *ready(D054, 64, rank="TP0"),
        f"[{D054} 14:03:40] Model attempted to call undefined function: browser.search",
        f'[{D054} 14:03:40] INFO:     10.1.4.17:52231 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"[{D054} 14:04:02] Tool call parsing error: Expecting ',' delimiter: line 1 column 58 (char 57)",
        f'[{D054} 14:04:02] INFO:     10.1.4.17:52240 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"[{D054} 14:04:03 TP0] Decode batch. #running-req: 9, #token: 20111, token usage: 0.01, cuda graph: True, gen throughput (token/s): 611.08, #queue-req: 0, ",
    ),
)


# ------------------------------------------------------------------------------------------------------ tests
XFAIL: dict[str, str] = {  # filled after the ONE first-sight run: case -> label the classifier gave
    "cuda_graph_capture_oom_120b_tp2_054": "oom_moe_workspace",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_gptoss_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}  # healthy cases that fire a failure event on the way: case -> event label


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_gptoss_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
