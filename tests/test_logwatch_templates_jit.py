"""Just-in-time compilation under SGLang 0.4.6-0.5.5, as it shows in the log (a helper, blind).

Scope: `--enable-torch-compile` (inductor / Triton failing inside CUDA-graph capture, dynamo refusing a graph, the
inductor cache dir), Triton kernel compilation (bundled ptxas not knowing the GPU, shared-memory `OutOfResources` at
capture and at the first request), FlashInfer's JIT (ninja missing, nvcc missing headers, nvcc too old for the arch,
at capture and at the first request after ready), DeepGEMM's JIT (NVCC / NVRTC failing, the warmup running out of
memory, a DeepGEMM without `get_compile_mode`), 0.5.5's piecewise CUDA graph (compile outside the capture `try`,
capture OOM inside it). Four healthy contrasts: DeepGEMM's long pre-compile session, inductor's "Not enough SMs"
warning, flashinfer 0.2's "Prebuilt kernels not found, using JIT backend", the fused-MoE default-config warning.

Sources: SGLang's lines from the 0.5.2 and 0.4.6.post5 wheels (model_executor/cuda_graph_runner.py: the
`Capture cuda graph failed: {e}` wrapper at 391 and CUDA_GRAPH_CAPTURE_FAILED_MSG at 861, model_runner.py's
`Capture cuda graph begin` at 1751, managers/scheduler.py's `Scheduler hit an exception` at 2630,
layers/quantization/deep_gemm_wrapper/compile_utils.py's pre-compile warnings at 94-108 and `DeepGEMM warmup` tqdm at
138) and 0.5.5's model_executor/piecewise_cuda_graph_runner.py (207, 543). Compiler text from public threads:
sglang#5389 (flashinfer JIT cuda_fp8.h at capture), #7918 (torch.compile + moe_fused_gate: operation not permitted when
stream is capturing), #4968 (torch compile + dp: InternalTorchDynamoError), #5995 and #8513 (Triton OutOfResources
shared memory while serving), #12918 (deep_gemm has no get_compile_mode), #16026 and #15891 (DeepGEMM JIT lines),
triton-lang/triton#8539 (ptxas fatal sm_121a), DeepGEMM#172 (NVCC compilation failed sm_100f), DeepGEMM#359 (NVRTC
CUDA_ERROR_INVALID_IMAGE), flashinfer#4410 and anthony-chaudhary/fak#923 (ninja missing / nvcc header errors),
pytorch#119054 (BackendCompilerFailed wording). Library line numbers (torch, triton, flashinfer) are approximate.

Labelling policy (decided before the classifier ran; the label set has no "compile failure", so by the remedy):
a compiler or toolchain that does not match the GPU / CUDA it runs on (ptxas or nvcc not knowing the arch, missing
CUDA headers for a JIT build, an NVRTC image the driver refuses) and CUDA runtime errors raised inside capture are
`cuda_error_other`; Triton's shared-memory OutOfResources is a per-block hardware limit, not HBM, so also
`cuda_error_other` (neither a lower fraction nor a smaller batch fixes it); a feature the flags turned on that cannot
compile this model (dynamo Unsupported / InternalTorchDynamoError, piecewise graph refusing a layer), a missing Python
tool (ninja) or Python-level API skew, or an unwritable inductor cache dir are `config_error` (the remedy is a flag or
an environment setting); an OOM inside capture with compile on is `oom_cuda_graph`; an OOM in DeepGEMM's warmup
buffers is `oom_moe_workspace`.

First sight: 19/25 (6 misses, strict xfails below; the 4 healthy contrasts all end `healthy` and fire no failure
event). Misses: the three FlashInfer JIT builds that nvcc cannot do (missing cuda_fp8.h at capture, missing
cuda/pipeline at the first prefill after ready, nvcc not knowing compute_120a) got config_error (the ninja / `ninja:
build stopped` lines, not the compiler's fatal line, decide); both Triton shared-memory OutOfResources (at capture and
at the first burst after ready) got config_error; 0.5.5's piecewise compile failing in dynamo before capture got
unknown. Arguable: whether a JIT toolchain that cannot build for this GPU / CUDA is `cuda_error_other` (this file) or
`config_error` (the classifier); this file's FlashInfer ninja-killed-by-host-OOM case is config_error and passed.
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
PY = "/usr/local/lib/python3.12/dist-packages"
PY310 = "/usr/local/lib/python3.10/dist-packages"


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Frames: a path is under `{site}/sglang/srt/` unless it starts with `+` (another package in site)."""
    out = []
    for path, line, func, code in stack:
        full = f"{site}/{path[1:]}" if path.startswith("+") else f"{site}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


SCHED = (
    ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 94, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 244, "__init__", "self.initialize(min_per_gpu_memory)"),
)
INIT_GRAPHS = SCHED + (
    ("model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1760,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
)
CAPTURE = INIT_GRAPHS + (
    ("model_executor/cuda_graph_runner.py", 389, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 497, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 668, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 657, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
)
OUTER = INIT_GRAPHS + (("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception("),)
DYNAMO = (
    ("+torch/_dynamo/eval_frame.py", 655, "_fn", "return fn(*args, **kwargs)"),
    ("+torch/_dynamo/convert_frame.py", 1432, "__call__", "return self._torchdynamo_orig_callable("),
    ("+torch/_dynamo/convert_frame.py", 1213, "__call__", "result = self._inner_convert("),
    ("+torch/_dynamo/convert_frame.py", 598, "__call__", "return _compile("),
    (
        "+torch/_dynamo/convert_frame.py",
        1059,
        "_compile",
        "guarded_code = compile_inner(code, one_graph, hooks, transform)",
    ),
)
INDUCTOR = DYNAMO + (("+torch/_dynamo/output_graph.py", 1491, "_call_user_compiler", "raise BackendCompilerFailed("),)
CAPTURE_MSG = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose "
)
PCG_MSG = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --piecewise-cuda-graph-max-tokens to a smaller value (e.g., 512)\n"
    "3. disable Piecewise CUDA graph by unset --enable-piecewise-cuda-graph\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose "
)


def boot(model: str, extra: str, *, tp: int = 1, until_capture: bool = True, compile_on: bool = True) -> list[str]:
    """0.5.x start-up as far as capture begins."""
    lines = [
        f"{ts(0)} server_args=ServerArgs(model_path='{model}', tokenizer_path='{model}', tokenizer_mode='auto', "
        f"dtype='auto', mem_fraction_static=0.85, tp_size={tp}, enable_torch_compile={compile_on}, "
        f"torch_compile_max_bs=32, {extra}log_level='info', ...)",
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6, 'TP0')} Load weight begin. avail mem=78.83 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:09<00:00,  2.31s/it]",
        f"{ts(16, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.41 GB, mem usage=14.42 GB.",
        f"{ts(16, 'TP0')} KV Cache is allocated. #tokens: 905312, K size: 24.17 GB, V size: 24.17 GB",
        f"{ts(16, 'TP0')} Memory pool end. avail mem=15.21 GB",
    ]
    if until_capture:
        lines += [
            f"{ts(17, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=14.58 GB",
            f"{ts(17, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
            "Capturing batches (bs=160 avail_mem=14.52 GB):   0%|          | 0/23 [00:00<?, ?it/s]",
        ]
    return lines


def ready(second: int) -> list[str]:
    return [
        f"{ts(second, 'TP0')} max_total_num_tokens=905312, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=12.90 GB",
        f"{ts(second)} INFO:     Started server process [5123]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:40312 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 1)} Prefill batch. #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f'{ts(second + 2)} INFO:     127.0.0.1:40314 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


def capture_end(second: int) -> list[str]:
    return [
        f"{ts(second, 'TP0')} Capture cuda graph end. Time elapsed: {second - 17:.2f} s. mem usage=0.64 GB. avail mem=13.94 GB."
    ]


def sched_exc(second: int, body: str, rank: str = "TP0") -> list[str]:
    return [
        f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{body}",
        f"{ts(second)} Received sigquit from a child process. It usually means the child failed.",
    ]


def capture_failed(inner_stack: str, inner_error: str) -> str:
    """0.5.x: the error inside capture, then SGLang's wrapper (a RuntimeError inside `self.capture()`)."""
    return (
        f"{tb(PY, *CAPTURE)}\n{inner_stack}\n{inner_error}\n\nDuring handling of the above exception, another exception occurred:\n\n"
        f"{TB}\n{tb(PY, *OUTER)}\nException: Capture cuda graph failed: {inner_error.split(': ', 1)[1]}\n{CAPTURE_MSG}\n"
    )


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


QWEN = "Qwen/Qwen2.5-7B-Instruct"
DSV3 = "deepseek-ai/DeepSeek-V3"
MODEL_FWD = tb(
    PY,
    ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
    ("models/qwen2.py", 462, "forward", "hidden_states = self.model("),
)

# ------------------------------------------------------------------------------------------- torch.compile
PTXAS_ERR = (
    "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
    "PTXASError: PTXAS error: Internal Triton PTX codegen error\n"
    "`ptxas` stderr:\n"
    "ptxas fatal   : Value 'sm_121a' is not defined for option 'gpu-name'\n\n"
    f"Repro command: {PY}/triton/backends/nvidia/bin/ptxas -lineinfo -v --gpu-name=sm_121a /tmp/tmpkw7ug6t8.ptx -o /tmp/tmpkw7ug6t8.ptx.o\n\n\n"
    'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information\n\n\n'
    "You can suppress this exception and fall back to eager by setting:\n"
    "    import torch._dynamo\n"
    "    torch._dynamo.config.suppress_errors = True\n"
)
case(
    "tc_inductor_ptxas_unknown_arch_at_capture",
    "0.5.2",
    "sglang-0.5.2 model_executor/cuda_graph_runner.py:391; triton-lang/triton#8539 (ptxas fatal sm_121a, TRITON_PTXAS_PATH fix)",
    "cuda_error_other",
    "Triton's bundled ptxas is older than the GPU (DGX Spark sm_121a): a toolchain/arch mismatch, not memory; fix is TRITON_PTXAS_PATH to the CUDA 13 ptxas",
    join(
        boot(QWEN, "", compile_on=True),
        sched_exc(71, capture_failed(MODEL_FWD + "\n" + tb(PY, *INDUCTOR), PTXAS_ERR.rstrip("\n"))),
    ),
)

case(
    "tc_inductor_ptxas_exit_255_rtx5090",
    "0.5.2",
    "sglang-0.5.2 model_executor/cuda_graph_runner.py:391; fishaudio/fish-speech#907 (ptxas --gpu-name=sm_120 exit 255 under inductor)",
    "cuda_error_other",
    "inductor's Triton compile of a kernel fails in ptxas for sm_120 (Triton too old for Blackwell consumer parts): toolchain mismatch",
    join(
        boot(QWEN, "", compile_on=True),
        "E0302 10:01:02.533000 713 torch/_inductor/runtime/triton_heuristics.py:533] subprocess.CalledProcessError: Command '['"
        + PY
        + "/triton/backends/nvidia/bin/ptxas', '-lineinfo', '-v', '--gpu-name=sm_120', '/tmp/tmpdy7phawp.ptx', '-o', '/tmp/tmpdy7phawp.ptx.o']' returned non-zero exit status 255.",
        sched_exc(
            72,
            capture_failed(
                MODEL_FWD + "\n" + tb(PY, *INDUCTOR),
                "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
                "RuntimeError: `ptxas` failed with error code 255: \n\n\n"
                'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information',
            ),
        ),
    ),
)

case(
    "tc_internal_dynamo_error_with_dp_attention",
    "0.4.4.post1",
    "https://github.com/sgl-project/sglang/issues/4968 (torch compile + dp: InternalTorchDynamoError in _compile)",
    "config_error",
    "dynamo cannot trace the model under --enable-dp-attention: a flag combination that does not compile; the remedy is to drop --enable-torch-compile",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='{DSV3}', tokenizer_path='{DSV3}', tp_size=8, dp_size=8, enable_dp_attention=True, enable_torch_compile=True, torch_compile_max_bs=8, log_level='info', ...)",
        f"{ts(9, 'TP0')} Load weight begin. avail mem=78.66 GB",
        f"{ts(300, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=5.80 GB, mem usage=72.86 GB.",
        f"{ts(301, 'TP0')} Memory pool end. avail mem=4.12 GB",
        f"{ts(302, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=4.10 GB",
        sched_exc(
            360,
            tb(PY310, *CAPTURE)
            + "\n"
            + tb(PY310, *DYNAMO[2:])
            + "\n"
            + tb(PY310, ("+torch/_dynamo/convert_frame.py", 952, "_compile", "raise InternalTorchDynamoError("))
            + "\ntorch._dynamo.exc.InternalTorchDynamoError: AttributeError: 'NoneType' object has no attribute 'get_local_rank'\n\n"
            "from user code:\n"
            f'   File "{PY310}/sglang/srt/models/deepseek_v2.py", line 1254, in forward\n'
            "    hidden_states = self.model(input_ids, positions, forward_batch, input_embeds)\n\n"
            'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information',
        ),
    ),
)

case(
    "tc_unsupported_graph_break_fullgraph",
    "0.5.2",
    "sglang-0.5.2 model_executor/cuda_graph_runner.py:134 (torch.compile(torch.no_grad()(model.forward), mode=..., dynamic=False)) and :391; torch._dynamo.exc.Unsupported wording",
    "config_error",
    "dynamo hits a construct it cannot trace (a custom op without a fake impl) inside a compiled forward; no memory or CUDA fix; drop --enable-torch-compile",
    join(
        boot("google/gemma-3-12b-it", "", compile_on=True),
        sched_exc(
            40,
            capture_failed(
                MODEL_FWD + "\n" + tb(PY, *DYNAMO),
                "torch._dynamo.exc.Unsupported: Operator does not support running with fake tensors\n"
                "  Explanation: \n  Hint: see https://docs.google.com/document/d/1GgvOe7C8_NVOMLOCwDaYV1mXXyHMXY7ExoewHqooxrs/edit#heading=h.64r4npvq0w0 for how to fix\n\n"
                "  Developer debug context: unsupported operator: sgl_kernel.gemma_rmsnorm.default\n\n"
                "from user code:\n"
                f'   File "{PY}/sglang/srt/layers/layernorm.py", line 290, in forward_cuda\n'
                "    gemma_rmsnorm(x, self.weight.data, self.variance_epsilon, out=out)",
            ),
        ),
    ),
)

case(
    "tc_capture_oom_while_compiling",
    "0.5.2",
    "sglang-0.5.2 model_executor/cuda_graph_runner.py:391/861; torch CUDACachingAllocator OOM text",
    "oom_cuda_graph",
    "inductor's compiled graph runs out of memory during capture: a capture-time OOM (lower fraction / cuda-graph-max-bs)",
    join(
        boot("Qwen/Qwen2.5-32B-Instruct", "", compile_on=True),
        "Capturing batches (bs=32 avail_mem=1.02 GB):  83%|████████▎ | 19/23 [03:41<00:40, 10.12s/it]",
        sched_exc(
            260,
            capture_failed(
                MODEL_FWD
                + "\n"
                + tb(PY, ("+torch/_inductor/output_code.py", 460, "__call__", "return self.current_callable(inputs)")),
                "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.25 GiB. GPU 0 has a total capacity of 79.19 GiB of which 412.00 MiB is free. Process 88121 has 78.78 GiB memory in use. Of the allocated memory 75.90 GiB is allocated by PyTorch, with 1.10 GiB allocated in private pools (e.g., CUDA Graphs), and 1.21 GiB is reserved by PyTorch but unallocated.",
            ),
        ),
    ),
)

case(
    "tc_moe_fused_gate_not_permitted_while_capturing",
    "0.4.9.post1",
    "https://github.com/sgl-project/sglang/issues/7918 (enable-torch-compile conflicts with cuda graph: moe_fused_gate)",
    "cuda_error_other",
    "a CUDA runtime error raised inside capture with compile on (operation not permitted when stream is capturing)",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='{DSV3}', tokenizer_path='{DSV3}', tp_size=8, enable_torch_compile=True, torch_compile_max_bs=16, log_level='info', ...)",
        f"{ts(300, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=57.10 GB, mem usage=82.10 GB.",
        f"{ts(302, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=20.10 GB",
        sched_exc(
            340,
            f'  File "/opt/conda/lib/python3.10/site-packages/sglang/srt/layers/moe/topk.py", line 322, in biased_grouped_topk_gpu\n'
            "    topk_weights, topk_ids = moe_fused_gate(\n"
            '  File "/opt/conda/lib/python3.10/site-packages/sgl_kernel/moe.py", line 58, in moe_fused_gate\n'
            "    return torch.ops.sgl_kernel.moe_fused_gate.default(\n"
            "RuntimeError: CUDA error: operation not permitted when stream is capturing\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n\n\n"
            "During handling of the above exception, another exception occurred:\n\n"
            f"{TB}\n"
            '  File "/opt/conda/lib/python3.10/site-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 338, in __init__\n'
            "    raise Exception(\n"
            "Exception: Capture cuda graph failed: CUDA error: operation not permitted when stream is capturing\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n\n" + CAPTURE_MSG,
        ),
    ),
)

case(
    "tc_inductor_cache_dir_permission_denied",
    "0.5.2",
    "sglang-0.5.2 model_executor/cuda_graph_runner.py:155 (fx_graph_cache=True); torch inductor cache dir /tmp/torchinductor_<user>",
    "config_error",
    "the inductor cache dir left by another user (container uid change) is not writable: an environment setting (TORCHINDUCTOR_CACHE_DIR), not CUDA",
    join(
        boot(QWEN, "", compile_on=True),
        sched_exc(
            19,
            capture_failed(
                MODEL_FWD
                + "\n"
                + tb(
                    PY,
                    *INDUCTOR,
                    ("+torch/_inductor/codecache.py", 1165, "load", "cache_dir = FxGraphCache._get_tmp_dir()"),
                    (
                        "+torch/_inductor/runtime/cache_dir_utils.py",
                        28,
                        "cache_dir",
                        "os.makedirs(sanitized, exist_ok=True)",
                    ),
                ),
                "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
                "PermissionError: [Errno 13] Permission denied: '/tmp/torchinductor_root/fxgraph'\n\n"
                'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information',
            ),
        ),
    ),
)

# ------------------------------------------------------------------------------------------- Triton kernels
OOR = "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 147456, Hardware limit: 101376. Reducing block sizes or `num_stages` may help."
TRITON_RUN = tb(
    PY,
    ("layers/moe/fused_moe_triton/fused_moe.py", 1520, "fused_experts_impl", "invoke_fused_moe_kernel("),
    ("layers/moe/fused_moe_triton/fused_moe.py", 700, "invoke_fused_moe_kernel", "fused_moe_kernel[grid]("),
    (
        "+triton/runtime/jit.py",
        347,
        "<lambda>",
        "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
    ),
    (
        "+triton/runtime/jit.py",
        591,
        "run",
        "kernel.run(grid_0, grid_1, grid_2, stream, kernel.function, kernel.packed_metadata,",
    ),
    ("+triton/compiler/compiler.py", 413, "__getattribute__", "self._init_handles()"),
    (
        "+triton/compiler/compiler.py",
        401,
        "_init_handles",
        'raise OutOfResources(self.metadata.shared, max_shared, "shared memory")',
    ),
)
LOOP = (
    ("managers/scheduler.py", 2610, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 790, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 1780, "run_batch", ") = self.tp_worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        240,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 1700, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 1650, "forward_extend", "return self.model.forward("),
)
case(
    "triton_oor_shared_memory_first_burst",
    "0.5.0rc0",
    "https://github.com/sgl-project/sglang/issues/8513 (GLM-4.5-Air-FP8 OutOfResources after ready) and #5995 (Qwen3-30B-A3B-FP8)",
    "cuda_error_other",
    "a fused-MoE Triton config asks for more shared memory per block than the GPU has, on the first batched prefill: a kernel/arch mismatch, not HBM (oom_runtime's remedies do nothing)",
    join(
        boot("zai-org/GLM-4.5-Air-FP8", "", tp=4, compile_on=False, until_capture=False),
        f"{ts(18, 'TP0')} Using default MoE kernel config. Performance might be sub-optimal! Config file not found at {PY}/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_3_1/E=128,N=352,device_name=NVIDIA_L40S,dtype=fp8_w8a8,block_shape=[128, 128].json, you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton",
        f"{ts(20, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.50 GB",
        capture_end(40),
        ready(41),
        f"{ts(60, 'TP0')} Prefill batch. #new-seq: 2, #new-token: 3584, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
        sched_exc(61, tb(PY, *LOOP) + "\n" + TRITON_RUN + "\n" + OOR),
        f"{ts(61)} Dumping requests before crash. self.crash_dump_folder=None",
    ),
)

case(
    "triton_oor_shared_memory_at_capture",
    "0.4.6.post1",
    "https://github.com/sgl-project/sglang/issues/5995 (OutOfResources Required: 163840, Hardware limit: 101376); sglang-0.4.6.post5 cuda_graph_runner.py capture wrapper",
    "cuda_error_other",
    "the same shared-memory limit hit by the decode fused-MoE kernel inside capture: wrapped by `Capture cuda graph failed`, whose hints are about memory, but it is not memory",
    join(
        boot("RedHatAI/Qwen3-30B-A3B-FP8-dynamic", "", compile_on=False),
        sched_exc(
            21,
            capture_failed(
                TRITON_RUN.replace("147456", "163840"),
                OOR.replace("147456", "163840").replace(
                    "triton.runtime.errors.OutOfResources", "triton.runtime.errors.OutOfResources"
                ),
            ),
        ),
    ),
)

# ------------------------------------------------------------------------------------------- FlashInfer JIT
NINJA_CALLED = (
    f'  File "{PY310}/torch/utils/cpp_extension.py", line 2104, in _run_ninja_build\n'
    "    subprocess.run(\n"
    '  File "/usr/lib/python3.10/subprocess.py", line 526, in run\n'
    "    raise CalledProcessError(retcode, process.args,\n"
    "subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.\n\n"
    "The above exception was the direct cause of the following exception:\n"
)
case(
    "flashinfer_jit_missing_cuda_fp8_h_at_capture",
    "0.4.4.post3",
    "https://github.com/sgl-project/sglang/issues/5389 (flashinfer JIT requires cuda_fp8.h during CUDA graph capture)",
    "cuda_error_other",
    "FlashInfer JIT-builds a decode kernel during capture and nvcc lacks the CUDA headers (toolkit too old / CUDA_HOME wrong): a CUDA toolchain problem, not memory",
    join(
        boot("meta-llama/Llama-3.1-8B-Instruct", "attention_backend='flashinfer', ", compile_on=False),
        "[1/3] /usr/local/cuda/bin/nvcc --generate-dependencies-with-compile --dependency-output batch_decode_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False/batch_decode.cuda.o.d -c batch_decode.cu -o batch_decode.cuda.o",
        "FAILED: batch_decode.cuda.o",
        f"{PY310}/flashinfer/data/include/flashinfer/vec_dtypes.cuh:20:10: fatal error: cuda_fp8.h: No such file or directory",
        "   20 | #include <cuda_fp8.h>",
        "      |          ^~~~~~~~~~~~",
        "compilation terminated.",
        "ninja: build stopped: subcommand failed.",
        sched_exc(
            24,
            NINJA_CALLED
            + f"\n{TB}\n"
            + tb(PY310, *CAPTURE)
            + "\n"
            + tb(
                PY310,
                ("+flashinfer/decode.py", 789, "plan", "self._cached_module = get_batch_decode_module("),
                ("+flashinfer/jit/core.py", 120, "build_and_load", "self.build(verbose)"),
                ("+flashinfer/jit/core.py", 97, "load_cuda_ops", "torch_cpp_ext.load("),
                ("+torch/utils/cpp_extension.py", 2120, "_run_ninja_build", "raise RuntimeError(message) from e"),
            )
            + "\nRuntimeError: Error building extension 'batch_decode_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False'",
        ),
    ),
)

case(
    "flashinfer_jit_ninja_not_installed",
    "0.5.2",
    "https://github.com/anthony-chaudhary/fak/issues/923 (FileNotFoundError 'ninja' from flashinfer/jit/cpp_ext.py run_ninja; fixed by pip install ninja)",
    "config_error",
    "a Python build tool missing from the venv: an install/environment fix (pip install ninja), not CUDA",
    join(
        boot("Qwen/Qwen3-0.6B", "attention_backend='flashinfer', ", compile_on=False),
        sched_exc(
            19,
            tb(PY, *CAPTURE)
            + "\n"
            + tb(
                PY,
                (
                    "layers/attention/flashinfer_backend.py",
                    540,
                    "init_forward_metadata_capture_cuda_graph",
                    "self.indices_updater_decode.update(",
                ),
                ("+flashinfer/decode.py", 1014, "plan", "self._cached_module = get_batch_decode_module("),
                ("+flashinfer/jit/core.py", 247, "build_and_load", "self.build(verbose, need_lock=False)"),
                (
                    "+flashinfer/jit/core.py",
                    235,
                    "build",
                    "run_ninja(jit_env.FLASHINFER_JIT_DIR, self.ninja_path, verbose)",
                ),
                ("+flashinfer/jit/cpp_ext.py", 290, "run_ninja", "subprocess.run("),
                ("/usr/lib/python3.12/subprocess.py", 548, "run", "with Popen(*popenargs, **kwargs) as process:"),
                (
                    "/usr/lib/python3.12/subprocess.py",
                    1955,
                    "_execute_child",
                    "raise child_exception_type(errno_num, err_msg, err_filename)",
                ),
            )
            + "\nFileNotFoundError: [Errno 2] No such file or directory: 'ninja'",
        ),
    ),
)

case(
    "flashinfer_jit_nvcc_unsupported_arch",
    "0.5.2",
    "flashinfer-ai/flashinfer#4410 (JIT build failures as one ninja CalledProcessError); nvcc's `Unsupported gpu architecture` (DeepGEMM#172 wording)",
    "cuda_error_other",
    "the system nvcc (CUDA 12.6) does not know compute_120 which TORCH_CUDA_ARCH_LIST/the GPU asks for: toolkit too old for the GPU",
    join(
        boot("Qwen/Qwen3-8B", "attention_backend='flashinfer', ", compile_on=False),
        sched_exc(
            21,
            tb(PY, *CAPTURE)
            + "\n"
            + tb(
                PY,
                ("+flashinfer/decode.py", 1014, "plan", "self._cached_module = get_batch_decode_module("),
                (
                    "+flashinfer/jit/core.py",
                    235,
                    "build",
                    "run_ninja(jit_env.FLASHINFER_JIT_DIR, self.ninja_path, verbose)",
                ),
                ("+flashinfer/jit/cpp_ext.py", 300, "run_ninja", "raise RuntimeError(msg) from e"),
            )
            + "\nRuntimeError: Ninja build failed. Ninja output:\n"
            "ninja: Entering directory `/root/.cache/flashinfer/0.3.1/120/cached_ops'\n"
            "[1/4] /usr/local/cuda/bin/nvcc -gencode=arch=compute_120a,code=sm_120a -c batch_decode.cu -o batch_decode.cuda.o\n"
            "FAILED: batch_decode/batch_decode.cuda.o\n"
            "nvcc fatal   : Unsupported gpu architecture 'compute_120a'\n"
            "ninja: build stopped: subcommand failed.",
        ),
    ),
)

case(
    "flashinfer_jit_fails_at_first_prefill_after_ready",
    "0.4.6.post5",
    "sglang-0.4.6.post5 managers/scheduler.py (Scheduler hit an exception); sglang#5389 and flashinfer#4410 for the JIT build text",
    "cuda_error_other",
    "the server reached ready (decode kernels were AOT); the first prefill needs a prefill kernel JIT-built and nvcc lacks headers: the same toolchain problem, at the first request",
    join(
        boot("google/gemma-2-9b-it", "attention_backend='flashinfer', ", compile_on=False, until_capture=False),
        f"{ts(17, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=14.58 GB",
        capture_end(25),
        f"{ts(26, 'TP0')} max_total_num_tokens=905312, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=8192",
        f"{ts(26)} INFO:     Started server process [5123]",
        f"{ts(26)} INFO:     Application startup complete.",
        f"{ts(26)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{ts(27)} INFO:     127.0.0.1:40312 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(27, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 6, #cached-token: 0, token-usage: 0.00, #running-req: 0, #queue-req: 0",
        "/usr/local/lib/python3.10/dist-packages/flashinfer/data/include/flashinfer/attention/prefill.cuh:21:10: fatal error: cuda/pipeline: No such file or directory",
        "ninja: build stopped: subcommand failed.",
        sched_exc(
            58,
            NINJA_CALLED
            + f"\n{TB}\n"
            + tb(PY310, *LOOP)
            + "\n"
            + tb(
                PY310,
                (
                    "layers/attention/flashinfer_backend.py",
                    370,
                    "init_forward_metadata",
                    "self.indices_updater_prefill.update(",
                ),
                ("+flashinfer/prefill.py", 1540, "plan", "self._cached_module = get_batch_prefill_module("),
                ("+torch/utils/cpp_extension.py", 2120, "_run_ninja_build", "raise RuntimeError(message) from e"),
            )
            + "\nRuntimeError: Error building extension 'batch_prefill_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_256_head_dim_vo_256_posenc_0_use_sliding_window_True_use_logits_soft_cap_True_f16qk_False'",
        ),
        f"{ts(58)} ERROR:    Exception in ASGI application",
    ),
)

# ------------------------------------------------------------------------------------------- DeepGEMM JIT
DG_WARN = (
    "Entering DeepGEMM JIT Pre-Compile session. It may take a long time (typically 10-20 mins) if you have not run "
    "`sglang.compile_deep_gemm`. It is recommended to run `sglang.compile_deep_gemm` with same args as "
    "`sglang.launch_server` for pre-compilation to reduce the overhead if you have not run it before. For example: "
    "`python3 -m sglang.compile_deep_gemm --model deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code`"
)


def dg_try(second: int, kind: str, n: int, k: int, groups: int) -> str:
    return (
        f"{ts(second, 'TP0')} Try DeepGEMM JIT Compiling for <{kind}> N={n}, K={k}, num_groups={groups} with all Ms. "
        "It only takes a little time (typically 1 sec) if you have run `python3 -m sglang.compile_deep_gemm`. "
    )


DSV3_BOOT = [
    f"{ts(0)} server_args=ServerArgs(model_path='{DSV3}', tokenizer_path='{DSV3}', tp_size=8, mem_fraction_static=0.82, trust_remote_code=True, log_level='info', ...)",
    f"{ts(10, 'TP0')} Init torch distributed ends. mem usage=1.21 GB",
    f"{ts(10, 'TP0')} Load weight begin. avail mem=137.40 GB",
    f"{ts(190, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=53.22 GB, mem usage=84.18 GB.",
    f"{ts(191, 'TP0')} KV Cache is allocated. #tokens: 1264832, KV size: 82.79 GB",
    f"{ts(191, 'TP0')} Memory pool end. avail mem=22.10 GB",
    f"{ts(192, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=21.96 GB",
    f"{ts(192, 'TP0')} {DG_WARN}",
    dg_try(192, "GEMM_NT_F8F8BF16", 24576, 1536, 1),
]
DG_STACK = tb(
    PY,
    (
        "layers/quantization/fp8_kernel.py",
        1120,
        "w8a8_block_fp8_matmul_deepgemm",
        "deep_gemm_wrapper.gemm_nt_f8f8bf16((A, As), (B, Bs), C)",
    ),
    (
        "layers/quantization/deep_gemm_wrapper/entrypoint.py",
        80,
        "gemm_nt_f8f8bf16",
        "_maybe_compile_deep_gemm_one_type_all(",
    ),
    (
        "layers/quantization/deep_gemm_wrapper/compile_utils.py",
        110,
        "_maybe_compile_deep_gemm_one_type_all",
        "_compile_deep_gemm_one_type_all(",
    ),
    (
        "layers/quantization/deep_gemm_wrapper/compile_utils.py",
        139,
        "_compile_deep_gemm_one_type_all",
        "executor.execute(m=m)",
    ),
    ("layers/quantization/deep_gemm_wrapper/compile_utils.py", 215, "execute", "deep_gemm.fp8_gemm_nt("),
    ("+torch/_ops.py", 1243, "__call__", "return self._op(*args, **kwargs)"),
)
case(
    "deepgemm_nvcc_unsupported_sm100f",
    "0.5.2",
    "sglang-0.5.2 deep_gemm_wrapper/compile_utils.py:94/104/138; DeepGEMM#172 (NVCC compilation failed: Unsupported gpu architecture 'sm_100f', compiler.hpp:176)",
    "cuda_error_other",
    "DeepGEMM's JIT needs NVCC >= 12.9 for sm_100f; the image's nvcc 12.8 cannot build it: toolkit/arch mismatch",
    join(
        DSV3_BOOT,
        "Warning: please use at least NVCC 12.9 for the best DeepGEMM performance",
        "DeepGEMM warmup:   0%|          | 0/16384 [00:00<?, ?it/s]NVCC compilation failed: nvcc fatal   : Unsupported gpu architecture 'sm_100f'",
        "",
        sched_exc(
            194,
            capture_failed(
                DG_STACK,
                'RuntimeError: Assertion error (csrc/apis/../jit_kernels/impls/../../jit/compiler.hpp:176): false and "NVCC compilation failed"',
            ),
        ),
    ),
)

case(
    "deepgemm_nvrtc_invalid_image",
    "0.5.2",
    "sglang-0.5.2 deep_gemm_wrapper/compile_utils.py:39 (DG_JIT_USE_NVRTC from SGL_DG_USE_NVRTC); DeepGEMM#359 (NVRTC build fails, CUDA_ERROR_INVALID_IMAGE)",
    "cuda_error_other",
    "with SGL_DG_USE_NVRTC=1 the NVRTC build of a kernel fails and the driver refuses the image: a CUDA JIT/driver error (the fix is NVCC, i.e. unset the env var)",
    join(
        DSV3_BOOT,
        "DeepGEMM warmup:   0%|          | 0/16384 [00:00<?, ?it/s]",
        'deep_gemm/include/deep_gemm/impls/sm90_fp8_gemm_1d2d.cuh(120): error: identifier "cudaGridDependencySynchronize" is undefined',
        '1 error detected in the compilation of "kernel.cu".',
        sched_exc(
            195,
            capture_failed(
                DG_STACK,
                "RuntimeError: CUDA driver error (csrc/apis/../jit_kernels/impls/../../jit/handle.hpp:141): 200 (CUDA_ERROR_INVALID_IMAGE, device kernel image is invalid)",
            ),
        ),
    ),
)

case(
    "deepgemm_warmup_oom",
    "0.5.2",
    "sglang-0.5.2 deep_gemm_wrapper/compile_utils.py:130-146 (_BaseWarmupExecutor allocates max_m x K fp8 inputs and the bf16 output before the tqdm); /work/shared/reference/anchors.md (DeepGEMM warmup OOMs)",
    "oom_moe_workspace",
    "DeepGEMM's warmup buffers for the grouped MoE GEMM do not fit in what the KV pool left: a MoE/DeepGEMM workspace OOM",
    join(
        DSV3_BOOT,
        dg_try(193, "GROUPED_GEMM_NT_F8F8BF16_MASKED", 4096, 7168, 32),
        sched_exc(
            194,
            capture_failed(
                tb(
                    PY,
                    (
                        "layers/moe/ep_moe/layer.py",
                        560,
                        "forward_deepgemm_masked",
                        "deep_gemm_wrapper.grouped_gemm_nt_f8f8bf16_masked(",
                    ),
                    (
                        "layers/quantization/deep_gemm_wrapper/entrypoint.py",
                        40,
                        "grouped_gemm_nt_f8f8bf16_masked",
                        "_maybe_compile_deep_gemm_one_type_all(",
                    ),
                    (
                        "layers/quantization/deep_gemm_wrapper/compile_utils.py",
                        110,
                        "_maybe_compile_deep_gemm_one_type_all",
                        "_compile_deep_gemm_one_type_all(",
                    ),
                    (
                        "layers/quantization/deep_gemm_wrapper/compile_utils.py",
                        131,
                        "_compile_deep_gemm_one_type_all",
                        "executor = _BaseWarmupExecutor.create(",
                    ),
                    (
                        "layers/quantization/deep_gemm_wrapper/compile_utils.py",
                        245,
                        "__init__",
                        "self.lhs_q, self.lhs_s = _empty_token_fp8((num_groups, max_m, k))",
                    ),
                ),
                "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.00 GiB. GPU 0 has a total capacity of 139.81 GiB of which 3.12 GiB is free. Including non-PyTorch memory, this process has 136.68 GiB memory in use. Of the allocated memory 131.20 GiB is allocated by PyTorch, and 2.90 GiB is reserved by PyTorch but unallocated.",
            ),
        ),
    ),
)

case(
    "deepgemm_no_get_compile_mode",
    "0.5.4",
    "https://github.com/sgl-project/sglang/issues/12918 (deep_gemm has no get_compile_mode but sglang calls it; sglang 0.5.4, DeepGEMM 2.1.x)",
    "config_error",
    "a DeepGEMM build without the API SGLang's JIT warmup calls: Python-level version skew; remedy is the matching DeepGEMM or SGL_JIT_DEEPGEMM_PRECOMPILE=false",
    join(
        DSV3_BOOT,
        sched_exc(
            193,
            capture_failed(
                tb(
                    PY,
                    (
                        "layers/deep_gemm_wrapper/entrypoint.py",
                        80,
                        "gemm_nt_f8f8bf16",
                        "_maybe_compile_deep_gemm_one_type_all(",
                    ),
                    (
                        "layers/deep_gemm_wrapper/compile_utils.py",
                        110,
                        "_maybe_compile_deep_gemm_one_type_all",
                        "_compile_deep_gemm_one_type_all(",
                    ),
                    (
                        "layers/deep_gemm_wrapper/compile_utils.py",
                        139,
                        "_compile_deep_gemm_one_type_all",
                        "old_compile_mode = deep_gemm.get_compile_mode()",
                    ),
                ),
                "AttributeError: module 'deep_gemm' has no attribute 'get_compile_mode'",
            ).replace("Exception: Capture cuda graph failed: module", "Exception: Capture cuda graph failed: module"),
        ),
    ),
)

# ------------------------------------------------------------------------------------------- piecewise CUDA graph (0.5.5)
PCG_INIT = SCHED + (
    (
        "model_executor/model_runner.py",
        349,
        "initialize",
        "self.piecewise_cuda_graph_runner = PiecewiseCudaGraphRunner(self)",
    ),
)
case(
    "piecewise_compile_fails_before_capture",
    "0.5.5",
    "sglang-0.5.5 model_executor/piecewise_cuda_graph_runner.py:200 (warmup_and_capture under set_compiled, outside the capture try) and model_runner.py:349",
    "config_error",
    "--enable-piecewise-cuda-graph compiles the layers with torch.compile; dynamo cannot trace this model's attention: unset the experimental flag",
    join(
        boot("Qwen/Qwen3-30B-A3B", "enable_piecewise_cuda_graph=True, ", compile_on=False, until_capture=False),
        sched_exc(
            30,
            tb(
                PY,
                *PCG_INIT,
                ("model_executor/piecewise_cuda_graph_runner.py", 200, "__init__", "self.warmup_and_capture()"),
                (
                    "model_executor/piecewise_cuda_graph_runner.py",
                    262,
                    "warmup_and_capture",
                    "_ = self.model_runner.model.forward(",
                ),
                ("compilation/compile.py", 190, "trampoline", "compiled_callable = torch.compile("),
            )
            + "\n"
            + tb(PY, *DYNAMO)
            + "\ntorch._dynamo.exc.Unsupported: Graph break due to unsupported builtin sgl_kernel.fused_qk_norm_rope.default. This function is either a Python builtin (e.g. _warnings.warn) or a third-party C/C++ Python extension (perhaps created with pybind).\n\n"
            "from user code:\n"
            f'   File "{PY}/sglang/srt/models/qwen3_moe.py", line 480, in forward\n'
            "    q, k = self.apply_qk_norm_rotary(q, k, positions)",
        ),
    ),
)

case(
    "piecewise_capture_oom",
    "0.5.5",
    "sglang-0.5.5 model_executor/piecewise_cuda_graph_runner.py:207/543 (Capture cuda graph failed + PIECEWISE_CUDA_GRAPH_CAPTURE_FAILED_MSG)",
    "oom_cuda_graph",
    "capturing the piecewise graphs (up to --piecewise-cuda-graph-max-tokens) runs out of memory: a capture-time OOM",
    join(
        boot(
            "Qwen/Qwen3-30B-A3B",
            "enable_piecewise_cuda_graph=True, piecewise_cuda_graph_max_tokens=4096, ",
            compile_on=False,
            until_capture=False,
        ),
        "Capturing num tokens (num_tokens=4096 avail_mem=0.88 GB):   0%|          | 0/58 [00:00<?, ?it/s]",
        sched_exc(
            90,
            tb(
                PY,
                *PCG_INIT,
                ("model_executor/piecewise_cuda_graph_runner.py", 205, "__init__", "self.capture()"),
                (
                    "model_executor/piecewise_cuda_graph_runner.py",
                    300,
                    "capture",
                    "self.capture_one_batch_size(num_tokens)",
                ),
            )
            + "\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 768.00 MiB. GPU 0 has a total capacity of 79.19 GiB of which 602.00 MiB is free. Process 2201 has 78.59 GiB memory in use.\n\n"
            "During handling of the above exception, another exception occurred:\n\n"
            f"{TB}\n"
            + tb(PY, *PCG_INIT, ("model_executor/piecewise_cuda_graph_runner.py", 207, "__init__", "raise Exception("))
            + "\nException: Capture cuda graph failed: CUDA out of memory. Tried to allocate 768.00 MiB. GPU 0 has a total capacity of 79.19 GiB of which 602.00 MiB is free. Process 2201 has 78.59 GiB memory in use.\n"
            + PCG_MSG,
        ),
    ),
)

case(
    "triton_cache_no_space_at_first_request",
    "0.5.2",
    "triton/runtime/cache.py FileCacheManager.put (writes compiled kernels under ~/.triton/cache, TRITON_CACHE_DIR); sglang-0.5.2 triton attention backend compiles its extend kernel on the first prefill",
    "config_error",
    "Triton cannot write its JIT cache (disk full): an environment setting (TRITON_CACHE_DIR on a volume with room), not CUDA or GPU memory; decided by the remedy",
    join(
        boot(QWEN, "attention_backend='triton', ", compile_on=False, until_capture=False),
        f"{ts(17, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=14.58 GB",
        capture_end(30),
        ready(31),
        f"{ts(50, 'TP0')} Prefill batch. #new-seq: 4, #new-token: 6120, #cached-token: 512, token usage: 0.01, #running-req: 1, #queue-req: 0, ",
        sched_exc(
            51,
            tb(PY, *LOOP)
            + "\n"
            + tb(
                PY,
                ("layers/attention/triton_ops/extend_attention.py", 420, "extend_attention_fwd", "_fwd_kernel[grid]("),
                (
                    "+triton/runtime/jit.py",
                    569,
                    "run",
                    "kernel = self.compile(src, target=target, options=options.__dict__)",
                ),
                (
                    "+triton/compiler/compiler.py",
                    300,
                    "compile",
                    "metadata_group[ir_filename] = fn_cache_manager.put(next_module, ir_filename)",
                ),
                ("+triton/runtime/cache.py", 126, "put", "with open(temp_path, mode) as f:"),
            )
            + "\nOSError: [Errno 28] No space left on device: '/root/.triton/cache/5XG3Q5WJ7RK3SPRZ3U4DCQTXOGQ6M5VBNAVMRHY5RCUNU3BXPT2A/tmp.pid_5123_8817/_fwd_kernel.ptx'",
        ),
    ),
)

case(
    "flashinfer_jit_nvcc_killed_host_ram",
    "0.5.2",
    "flashinfer-ai/flashinfer#4410 and #4615 (ninja build failures; an OOM-killed nvcc job exits 137, lower MAX_JOBS / FLASHINFER_NVCC_THREADS)",
    "config_error",
    "parallel nvcc jobs of FlashInfer's JIT build are killed by the host OOM killer: host RAM, not GPU memory; the remedy is an environment setting (MAX_JOBS) or a prebuilt flashinfer-jit-cache",
    join(
        boot("Qwen/Qwen3-8B", "attention_backend='flashinfer', ", compile_on=False),
        sched_exc(
            80,
            tb(PY, *CAPTURE)
            + "\n"
            + tb(
                PY,
                ("+flashinfer/decode.py", 1014, "plan", "self._cached_module = get_batch_decode_module("),
                (
                    "+flashinfer/jit/core.py",
                    235,
                    "build",
                    "run_ninja(jit_env.FLASHINFER_JIT_DIR, self.ninja_path, verbose)",
                ),
                ("+flashinfer/jit/cpp_ext.py", 300, "run_ninja", "raise RuntimeError(msg) from e"),
            )
            + "\nRuntimeError: Ninja build failed. Ninja output:\n"
            "ninja: Entering directory `/root/.cache/flashinfer/0.3.1/90/cached_ops'\n"
            "[3/9] /usr/local/cuda/bin/nvcc -gencode=arch=compute_90a,code=sm_90a -c batch_decode_jit_binding.cu -o batch_decode_jit_binding.cuda.o\n"
            "FAILED: batch_decode/batch_decode_kernel_0.cuda.o\n"
            "Killed\n"
            "ninja: build stopped: subcommand failed.",
        ),
    ),
)

# ------------------------------------------------------------------------------------------- healthy contrasts
case(
    "healthy_deepgemm_long_precompile",
    "0.5.2",
    "sglang-0.5.2 deep_gemm_wrapper/compile_utils.py:94-108/138; sglang#16026 and #15891 (the same lines in real logs)",
    "healthy",
    "DeepGEMM's JIT pre-compile warning and a long warmup are expected on a cold cache; it goes on to ready",
    join(
        DSV3_BOOT,
        "DeepGEMM warmup: 100%|██████████| 16384/16384 [09:12<00:00, 29.65it/s]",
        dg_try(745, "GROUPED_GEMM_NT_F8F8BF16_MASKED", 4096, 7168, 32),
        "DeepGEMM warmup: 100%|██████████| 128/128 [01:40<00:00,  1.28it/s]",
        f"{ts(900, 'TP0')} Capture cuda graph end. Time elapsed: 708.20 s. mem usage=2.41 GB. avail mem=19.55 GB.",
        ready(901),
    ),
)

case(
    "healthy_inductor_not_enough_sms_and_slow_compile",
    "0.5.2",
    "sglang-0.5.2 cuda_graph_runner.py:149-162 (set_torch_compile_config) and :270; torch/_inductor/utils.py `Not enough SMs to use max_autotune_gemm mode`",
    "healthy",
    "inductor's warning about SM count and a multi-minute compile inside capture are normal with --enable-torch-compile; the server comes up",
    join(
        boot(QWEN, "", compile_on=True),
        "W0302 10:00:25.117000 6120 torch/_inductor/utils.py:1137] [0/0] Not enough SMs to use max_autotune_gemm mode",
        "Capturing batches (bs=32 avail_mem=13.90 GB):  83%|████████▎ | 19/23 [05:10<01:12, 18.02s/it]",
        capture_end(420),
        ready(421),
    ),
)

case(
    "healthy_flashinfer_jit_backend_notice",
    "0.4.6.post5",
    "flashinfer 0.2.x jit/core.py (`Prebuilt kernels not found, using JIT backend`, `Loading JIT ops`), logged by its own logger",
    "healthy",
    "flashinfer without AOT kernels JIT-builds on the first use and says so; the build succeeds and the server is ready",
    join(
        boot(
            "meta-llama/Llama-3.1-8B-Instruct",
            "attention_backend='flashinfer', ",
            compile_on=False,
            until_capture=False,
        ),
        "2026-03-02 10:00:17,111 - INFO - flashinfer.jit: Prebuilt kernels not found, using JIT backend",
        f"{ts(17, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=14.58 GB",
        "2026-03-02 10:00:17,402 - INFO - flashinfer.jit: Loading JIT ops: batch_decode_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False",
        "2026-03-02 10:01:49,930 - INFO - flashinfer.jit: Finished loading JIT ops: batch_decode_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False",
        capture_end(115),
        ready(116),
    ),
)

case(
    "healthy_moe_default_config_warning",
    "0.5.2",
    "/work/shared/reference/sglang.md §4 (fused_moe_triton_config: `Using default MoE kernel config` / `Config file not found`)",
    "healthy",
    "no tuned Triton config for this GPU: SGLang uses defaults and warns; a performance note, not a failure",
    join(
        boot("Qwen/Qwen3-30B-A3B", "", compile_on=False, until_capture=False),
        f"{ts(17, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=14.58 GB",
        f"{ts(18, 'TP0')} Using default MoE kernel config. Performance might be sub-optimal! Config file not found at {PY}/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_4_0/E=128,N=768,device_name=NVIDIA_H20.json, you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton",
        capture_end(30),
        ready(31),
    ),
)


# ------------------------------------------------------------------------------------------- tests
XFAIL: dict[str, str] = {
    "flashinfer_jit_fails_at_first_prefill_after_ready": "config_error",
    "flashinfer_jit_missing_cuda_fp8_h_at_capture": "config_error",
    "flashinfer_jit_nvcc_unsupported_arch": "config_error",
    "triton_oor_shared_memory_at_capture": "config_error",
    "triton_oor_shared_memory_first_burst": "config_error",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_jit_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    assert classify_text(t.log).label == t.label, t.why


EVENT_XFAIL: dict[str, str] = {
    "flashinfer_jit_fails_at_first_prefill_after_ready": "config_error",
    "flashinfer_jit_missing_cuda_fp8_h_at_capture": "config_error",
    "flashinfer_jit_nvcc_unsupported_arch": "config_error",
    "piecewise_compile_fails_before_capture": "unknown",
    "triton_oor_shared_memory_at_capture": "config_error",
    "triton_oor_shared_memory_first_burst": "config_error",
}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_jit_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    fired = [e for line in CASES[name].log.splitlines() for e in clf.feed(line) if e.kind == "failure"]
    assert not fired, fired


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5
