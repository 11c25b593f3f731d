"""SGLang on NVIDIA Blackwell (B200/B300, GB200 NVL72, RTX PRO 6000 Blackwell, RTX 5090, DGX Spark GB10), as it shows
in the log. Synthetic: written blind by a helper from real release text, not copied from any one user's log.

Scope: sm_100 / sm_120 / sm_121 builds (sgl-kernel without an sm_120 build, a torch wheel without sm_100, FlashInfer JIT
with an nvcc that predates compute_120a, Ninja off PATH under systemd, Triton's bundled ptxas without sm_121a, FlashInfer
trtllm-gen MoE that only builds for major 10, Triton fused-MoE tiles over sm_120's 99 KiB shared memory); the
Blackwell-only backends (trtllm_mla / trtllm_mha refusing sm_120, trtllm_mla's kv-cache dtype, flashinfer_trtllm FP8
GEMM, flashinfer_mxfp4 MoE on GPT-OSS, FlashInfer allreduce fusion); CUDA / driver trouble (fabric manager down: Error
802); memory at each start-up phase on 180-192 GB parts (weights, the KV pool by profile and by allocation, CUDA-graph
capture, the DeepEP buffer) and on GB10's unified memory; distributed failures on GB200 NVL72 (NCCL over MNNVL, IPC
handles across nodes for allreduce fusion and DeepEP, the dist-init port, PD KV transfer, a watchdog-timed hang); and
after-ready failures (illegal address in trtllm-gen MoE, a long-prefill OOM, ptxas on the first request).

Sources. SGLang wheels (PyPI, read unpacked; file:line below are theirs): sglang 0.4.8.post1, 0.4.10.post2, 0.5.1.post3,
0.5.3, 0.5.5, 0.5.6, 0.5.8, 0.5.10.post1 (scheduler.py `Scheduler hit an exception:`, engine.py `Received sigquit ...`,
`Rank {i} scheduler is dead ...` / `Exit code:`, tokenizer_manager.py `SIGQUIT received. ... It usually means one child
failed.` / `Dumping requests before crash.`, model_runner.py start-up lines and `Not enough memory. Please try to
increase --mem-fraction-static.`, cuda_graph_runner.py `Capture cuda graph failed:` + CUDA_GRAPH_CAPTURE_FAILED_MSG,
server_args.py's TRTLLM MLA/MHA and GPT-OSS / MXFP4 lines, utils/common.py `No accelerator ...`, fp8_utils.py
`FlashInfer TRTLLM FP8 GEMM requires SM100/SM103 GPUs`, custom_all_reduce.py, flashinfer_comm_fusion.py,
disaggregation/decode.py + mooncake/conn.py, utils/watchdog.py, http_server.py warmup lines). Library text:
sgl-kernel's rmsnorm op and its `RMSNorm failed with error code ...` (from the threads below; its line approximate), flashinfer-python 0.4.0rc3 (jit/cpp_ext.py `Ninja build
failed.`, compilation_context.py `-gencode=arch=compute_120a`), 0.5.0 (comm/cuda_ipc.py `CUDART error:`,
comm/trtllm_ar.py), 0.6.1 (compilation_context.py `No supported CUDA architectures found for major versions [10].`,
jit/fused_moe.py, fused_moe/core.py); torch's own messages (sm_100 not compatible, old_gpu_warn for GB10, Error 802,
OutOfMemoryError, DistNetworkError EADDRINUSE, ProcessGroupNCCL watchdog); Triton's PTXASError / OutOfResources; NCCL's
`Cuda failure` WARN. Public threads: sgl-project/sglang#7249, #9600, #5338 (RTX 5090/5060 RMSNorm no kernel image),
#5071 (B200 torch sm_100 warning), #12695 and flashinfer-ai/flashinfer#2034 (GPT-OSS flashinfer_mxfp4 illegal access on
B200), flashinfer-ai/flashinfer#2006 (allreduce fusion `CUDART error: invalid resource handle` on two GB200 nodes),
sgl-project/sglang#26196 (DeepEP Buffer `invalid resource handle` on GB200), #28019 / #28038 and #8513 (fused-MoE
shared memory 147456 > 101376 on SM120/SM121), #10521 (RTX PRO 6000), #6218 / #5285 (capture OOM), #36033 (PD failure
notification), triton-lang/triton#8539 and vLLM's docs (ptxas `sm_121a`), flashinfer-ai/flashinfer#2577 and the public
SM120 FP4 report (`MoE kernel requires 10.x architecture`), NVIDIA/nccl#1611 (GB200 NCCL). Library line numbers in the
stacks (torch, Triton, FlashInfer internals, subprocess) are approximate; SGLang's are the named wheel's.

Labelling policy, decided before the classifier ran (../shared/corpus/README.md plus the issue's families):
- the deciding event and the phase start-up was in decide; an OOM before ready is labelled by its phase (weights, KV
  pool by profile or by allocation -> oom_kv_cache, capture, MoE/DeepEP buffer -> oom_moe_workspace), after ready it is
  oom_runtime; a SIGKILL (exit code -9) while the shards stream in on GB10's unified memory is oom_weights;
- a kernel or build that does not exist for this GPU (sgl-kernel/torch without sm_100/sm_120 SASS -> `no kernel image`,
  FlashInfer JIT for major 10 only, nvcc without compute_120a, Triton's ptxas without sm_121a, Triton tiles over sm_120's
  shared memory, Ninja not on PATH) is config_error, even when SGLang wraps it in `Capture cuda graph failed:` with its
  memory hints, and even after ready; a backend refused for the GPU or a dtype it refuses is config_error;
- runtime CUDA faults (illegal address in a kernel, CUDA init Error 802 with the fabric manager down) are
  cuda_error_other;
- IPC / peer access across nodes (FlashInfer allreduce-fusion workspace, DeepEP buffer) is nccl_or_distributed even
  though its words are `invalid resource handle`; so are NCCL init over MNNVL, PD KV-transfer loss and a watchdog-timed
  collective; a dist-init port already bound is port_in_use;
- healthy: reached `The server is fired up and ready to roll!` and only shows warnings, arch fallbacks, JIT notices,
  retractions, 4xx replies.

First sight: 28/31 (3 misses, strict xfails below; healthy contrasts 5/5: all five end `healthy` and fire no failure
event on the way):
- gb200_allreduce_fusion_ipc_across_nodes: FlashInfer allreduce-fusion IPC workspace opened across two GB200 trays
  (`CUDART error: invalid resource handle`, inside `Capture cuda graph failed:`) -> cuda_error_other (oom.capture_failed).
- gb200_pd_prefill_deepep_buffer_invalid_handle_at_warmup: DeepEP Buffer's IPC handles across GB200 trays on the PD
  prefill warm-up (`Failed: CUDA error .../deep_ep.cpp:112 'invalid resource handle'`) -> cuda_error_other (cuda.error).
- pro6000_flashinfer_trtllm_moe_only_builds_major_10: FlashInfer trtllm-gen MoE JIT on sm_120 (`No supported CUDA
  architectures found for major versions [10].`) at the autotune warm-up -> cuda_error_other (unnamed.exception).
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
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images' site-packages (lmsysorg/sglang:v0.5.*)
WS = "/sgl-workspace/sglang/python"  # lmsysorg/sglang images install sglang editable here
RUNPY = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)
CAPTURE_HINTS = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
CUDA_ASYNC = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)
DURING = "\nDuring handling of the above exception, another exception occurred:\n\n"


def t(date: str, second: int, rank: str | None = None) -> str:
    """SGLang's `[%(asctime)s{prefix}]`; `date` is `YYYY-MM-DD HH`."""
    tag = f" {rank}" if rank else ""
    return f"[{date}:{second // 60:02d}:{second % 60:02d}{tag}]"


def tb(sgl_root: str, lib_site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{sgl_root}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in `lib_site`: `+torch/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<", "python/")):
            full = path
        elif path.startswith("+"):
            full = f"{lib_site}/{path[1:]}"
        else:
            full = f"{sgl_root}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def sargs(date: str, second: int, model: str, **kw: object) -> str:
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{t(date, second)} server_args=ServerArgs({body}, log_level='info', ...)"


def ready(
    date: str,
    second: int,
    port: int = 30000,
    pid: int = 4242,
    rank: str | None = None,
    info: str = "/get_model_info",
    prefill_tail: str = "",
) -> list[str]:
    """uvicorn's lines, the warm-up request (`/get_model_info` up to 0.5.6, `/model_info` from 0.5.8; its prefill is
    logged by the scheduler, with its rank tag when TP > 1) and SGLang's ready line."""
    return [
        f"{t(date, second)} INFO:     Started server process [{pid}]",
        f"{t(date, second)} INFO:     Waiting for application startup.",
        f"{t(date, second)} INFO:     Application startup complete.",
        f"{t(date, second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{t(date, second + 1)} INFO:     127.0.0.1:46704 - "GET {info} HTTP/1.1" 200 OK',
        f"{t(date, second + 2, rank)} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, {prefill_tail}",
        f'{t(date, second + 3)} INFO:     127.0.0.1:46720 - "POST /generate HTTP/1.1" 200 OK',
        f"{t(date, second + 3)} The server is fired up and ready to roll!",
    ]


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def oom(gib: str, total: str, free: str, used: str, alloc: str, reserved: str, gpu: int = 0) -> str:
    """torch 2.7-2.9's OutOfMemoryError text."""
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {gib}. GPU {gpu} has a total capacity of {total} of which {free} is free. "
        f"Including non-PyTorch memory, this process has {used} memory in use. Of the allocated memory {alloc} is allocated by PyTorch, "
        f"and {reserved} is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  "
        "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


# -- SGLang's call paths per release (outermost first; file:line from that release's wheel)
SCHED_048 = (
    (
        "managers/scheduler.py",
        2667,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 332, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 79, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 220, "__init__", "self.initialize(min_per_gpu_memory)"),
)
SCHED_051 = (
    ("managers/scheduler.py", 2612, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 325, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 84, "__init__", "self.model_runner = ModelRunner("),
)
SCHED_053 = (
    ("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
)
SCHED_055 = (
    ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
)
SCHED_058 = (
    ("managers/scheduler.py", 2937, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 346, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 535, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 497, "init_tp_model_worker", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 246, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 329, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 383, "__init__", "self.initialize(min_per_gpu_memory)"),
)
SCHED_0510 = (
    ("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 412, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 640, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
    ("managers/tp_worker.py", 247, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
)
BUILD_0510 = SCHED_0510 + (
    ("model_executor/model_runner.py", 507, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 1120, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 620, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 262, "_initialize_model", "return model_class("),
)
TORCH_MOD_27 = (
    ("+torch/nn/modules/module.py", 1751, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1762, "_call_impl", "return forward_call(*args, **kwargs)"),
)
TORCH_MOD_28 = (
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
)


# ================================================================================================================
# config_error: a kernel, a build or a backend that does not exist for this Blackwell part
# ================================================================================================================
D1 = "2025-06-20 09"
HOME = "/home/user/sglang/python"
HOME_SITE = "/home/user/.venv/lib/python3.12/site-packages"
case(
    "rtx5090_sgl_kernel_without_sm120_rmsnorm_at_capture",
    "0.4.8.post1",
    "sglang-0.4.8.post1 wheel (model_executor/cuda_graph_runner.py:336-339 + CUDA_GRAPH_CAPTURE_FAILED_MSG, model_runner.py, models/qwen3.py, layers/layernorm.py); sgl-kernel 0.1.9 (cu126 build: no sm_120); sgl-project/sglang#7249, #9600",
    "config_error",
    "sgl-kernel's rmsnorm has no sm_120 image: `no kernel image is available` from the first custom op at capture, wrapped in SGLang's capture hints; a build for another GPU, not memory",
    join(
        sargs(
            D1,
            2,
            "Qwen/Qwen3-8B",
            dtype="auto",
            mem_fraction_static=0.88,
            tp_size=1,
            device="cuda",
            attention_backend=None,
            cuda_graph_max_bs=160,
        ),
        f"{t(D1, 8)} Attention backend not set. Use flashinfer backend by default.",
        f"{t(D1, 8)} Init torch distributed begin.",
        f"{t(D1, 9)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(D1, 9)} Load weight begin. avail mem=30.83 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/5 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 5/5 [00:03<00:00,  1.52it/s]",
        "",
        f"{t(D1, 13)} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=15.38 GB, mem usage=15.45 GB.",
        f"{t(D1, 13)} KV Cache is allocated. #tokens: 74512, K size: 5.12 GB, V size: 5.12 GB",
        f"{t(D1, 13)} Memory pool end. avail mem=4.71 GB",
        f"{t(D1, 14)} Capture cuda graph begin. This can take up to several minutes. avail mem=4.19 GB",
        f"{t(D1, 14)} Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (bs=160 avail_mem=4.17 GB):   0%|          | 0/23 [00:00<?, ?it/s]",
        f"{t(D1, 15)} Scheduler hit an exception: {TB}",
        tb(
            HOME,
            HOME_SITE,
            ("model_executor/cuda_graph_runner.py", 336, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 436, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 587, "capture_one_batch_size", "run_once()"),
            ("model_executor/cuda_graph_runner.py", 575, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            ("models/qwen3.py", 298, "forward", "hidden_states = self.model("),
            *TORCH_MOD_27,
            ("models/qwen2.py", 315, "forward", "hidden_states, residual = layer("),
            *TORCH_MOD_27,
            ("models/qwen3.py", 189, "forward", "hidden_states = self.input_layernorm(hidden_states)"),
            *TORCH_MOD_27,
            ("custom_op.py", 56, "forward", "return self._forward_method(*args, **kwargs)"),
            ("layers/layernorm.py", 79, "forward_cuda", "out = rmsnorm(x, self.weight.data, self.variance_epsilon)"),
            (
                "+sgl_kernel/elementwise.py",
                36,
                "rmsnorm",
                "torch.ops.sgl_kernel.rmsnorm.default(out, input, weight, eps, enable_pdl)",
            ),
            ("+torch/_ops.py", 756, "__call__", "return self._op(*args, **kwargs)"),
        ),
        "RuntimeError: RMSNorm failed with error code no kernel image is available for execution on the device",
        DURING + TB,
        tb(
            HOME,
            HOME_SITE,
            *SCHED_048,
            ("model_executor/model_runner.py", 300, "initialize", "self.init_cuda_graphs()"),
            (
                "model_executor/model_runner.py",
                1157,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("model_executor/cuda_graph_runner.py", 338, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: RMSNorm failed with error code no kernel image is available for execution on the device",
        CAPTURE_HINTS,
        "",
        f"{t(D1, 15)} Received sigquit from a child process. It usually means the child failed.",
        "Killed",
    ),
)

D2 = "2025-07-02 14"
VENV048 = "/opt/sglang/venv/lib/python3.12/site-packages"
case(
    "b200_torch_cu126_wheel_no_sm100_at_model_init",
    "0.4.8.post1",
    "sglang-0.4.8.post1 wheel (model_runner.py:561 load_model, model_loader/loader.py:418/160, models/qwen3.py, layers/rotary_embedding.py:98-122 `we create the cache on GPU`); torch 2.7.1+cu126 warning text as in sgl-project/sglang PR #5071's B200 comment",
    "config_error",
    "`pip install sglang[all]` pulled torch's default cu126 wheel, which has no sm_100 build; torch says so, and the first CUDA kernel (RoPE's cache, built on the GPU) fails with `no kernel image`: the install does not support this GPU",
    join(
        f"{VENV048}/torch/cuda/__init__.py:287: UserWarning: ",
        "NVIDIA B200 with CUDA capability sm_100 is not compatible with the current PyTorch installation.",
        "The current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90.",
        "If you want to use the NVIDIA B200 GPU with PyTorch, please check the instructions at https://pytorch.org/get-started/locally/",
        "",
        "  warnings.warn(",
        sargs(
            D2,
            11,
            "Qwen/Qwen3-32B",
            dtype="auto",
            mem_fraction_static=0.88,
            tp_size=1,
            device="cuda",
            attention_backend=None,
        ),
        f"{t(D2, 17)} Attention backend not set. Use flashinfer backend by default.",
        f"{t(D2, 17)} Init torch distributed begin.",
        f"{t(D2, 18)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(D2, 18)} Load weight begin. avail mem=177.91 GB",
        f"{t(D2, 19)} Scheduler hit an exception: {TB}",
        tb(
            "/opt/sglang/venv/lib/python3.12/site-packages",
            VENV048,
            *SCHED_048,
            ("model_executor/model_runner.py", 262, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 561, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 418, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 160, "_initialize_model", "return model_class("),
            ("models/qwen3.py", 249, "__init__", "self.model = Qwen3Model("),
            ("models/qwen3.py", 211, "__init__", "super().__init__("),
            ("models/qwen2.py", 268, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
            ("utils.py", 481, "make_layers", "maybe_offload_to_cpu(layer_fn(idx=idx, prefix=add_prefix(idx, prefix)))"),
            ("models/qwen2.py", 270, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
            ("models/qwen3.py", 153, "__init__", "self.self_attn = Qwen3Attention("),
            ("models/qwen3.py", 97, "__init__", "self.rotary_emb = get_rope("),
            ("layers/rotary_embedding.py", 1213, "get_rope", "rotary_emb = RotaryEmbedding("),
            ("layers/rotary_embedding.py", 98, "__init__", "cache = self._compute_cos_sin_cache()"),
            (
                "layers/rotary_embedding.py",
                129,
                "_compute_cos_sin_cache",
                "inv_freq = self._compute_inv_freq(self.base)",
            ),
            (
                "layers/rotary_embedding.py",
                122,
                "_compute_inv_freq",
                "torch.arange(0, self.rotary_dim, 2, dtype=torch.float) / self.rotary_dim",
            ),
            ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
        ),
        "RuntimeError: CUDA error: no kernel image is available for execution on the device",
        CUDA_ASYNC,
        f"{t(D2, 19)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

D3 = "2025-08-19 16"
case(
    "pro6000_trtllm_mla_refused_not_sm100",
    "0.4.10.post2",
    "sglang-0.4.10.post2 wheel (launch_server.py:11, server_args.py:2097 prepare_server_args, :1890 from_cli_args, :428-432 __post_init__ `TRTLLM MLA backend is only supported on Blackwell GPUs (SM100).`)",
    "config_error",
    "RTX PRO 6000 is Blackwell but sm_120, and is_sm100_supported() is false there: the argument check refuses trtllm_mla before anything starts",
    join(
        "$ python3 -m sglang.launch_server --model deepseek-ai/DeepSeek-V2-Lite-Chat --trust-remote-code --attention-backend trtllm_mla --port 30000",
        TB,
        tb(
            PY312,
            PY312,
            *RUNPY,
            (f"{PY312}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 2097, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 1890, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 226, "__init__", ""),
            ("server_args.py", 430, "__post_init__", "raise ValueError("),
        ),
        "ValueError: TRTLLM MLA backend is only supported on Blackwell GPUs (SM100). Please use a different backend.",
    ),
)

D6 = "2025-10-09 11"
case(
    "pro6000_trtllm_mha_refused_not_sm100",
    "0.5.3",
    "sglang-0.5.3 wheel (launch_server.py:21, server_args.py:3178 prepare_server_args, :2883 from_cli_args, :482 __post_init__, :918-922 `TRTLLM MHA backend is only supported on Blackwell GPUs (SM100).`)",
    "config_error",
    "trtllm_mha asked for on four RTX PRO 6000 (sm_120): refused at the argument checks, the hardware does not support this backend",
    join(
        f"{PY312}/torch/cuda/__init__.py:63: FutureWarning: The pynvml package is deprecated. Please install nvidia-ml-py instead. If you did not install pynvml directly, please report this to the maintainers of the package that installed pynvml for you.",
        "  import pynvml  # type: ignore[import]",
        TB,
        tb(
            PY312,
            PY312,
            *RUNPY,
            (f"{PY312}/sglang/launch_server.py", 21, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 3178, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 2883, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 271, "__init__", ""),
            ("server_args.py", 482, "__post_init__", "self._handle_attention_backend_compatibility()"),
            ("server_args.py", 920, "_handle_attention_backend_compatibility", "raise ValueError("),
        ),
        "ValueError: TRTLLM MHA backend is only supported on Blackwell GPUs (SM100). Please use a different backend.",
    ),
)

D7 = "2025-10-14 09"
NINJA_OUT = (
    "Ninja build failed. Ninja output:\n"
    "[1/4] /usr/local/cuda/bin/nvcc --generate-dependencies-with-compile --dependency-output batch_decode_kernel.cuda.o.d -DPy_LIMITED_API=0x03090000 -D_GLIBCXX_USE_CXX11_ABI=1 "
    "-isystem /opt/venv/lib/python3.12/site-packages/flashinfer/data/include -isystem /opt/venv/lib/python3.12/site-packages/torch/include "
    "--compiler-options=-fPIC --expt-relaxed-constexpr -gencode=arch=compute_120a,code=sm_120a -DFLASHINFER_ENABLE_FP8_E8M0 -DFLASHINFER_ENABLE_FP4_E2M1 -O3 -std=c++17 "
    "-c /root/.cache/flashinfer/0.4.0rc3/120a/generated/batch_decode_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False/batch_decode_kernel.cu "
    "-o /root/.cache/flashinfer/0.4.0rc3/120a/cached_ops/batch_decode_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False/batch_decode_kernel.cuda.o\n"
    "FAILED: /root/.cache/flashinfer/0.4.0rc3/120a/cached_ops/batch_decode_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False/batch_decode_kernel.cuda.o\n"
    "nvcc fatal   : Unsupported gpu architecture 'compute_120a'\n"
    "ninja: build stopped: subcommand failed.\n"
)
case(
    "pro6000_flashinfer_jit_nvcc_lacks_compute_120a",
    "0.5.3",
    "sglang-0.5.3 wheel (model_executor/cuda_graph_runner.py:364-370, flashinfer_backend.py:367/693/855, model_runner.py:443/1842); flashinfer-python 0.4.0rc3 (compilation_context.py `-gencode=arch=compute_{major}{minor}` with the `a` suffix for major >= 9, jit/cpp_ext.py run_ninja `Ninja build failed. Ninja output:`); nvcc's own `Unsupported gpu architecture`",
    "config_error",
    "FlashInfer JIT-compiles the decode kernel for sm_120a with the host's CUDA 12.6 nvcc, which has no compute_120a: a build tool too old for this GPU, though SGLang wraps it in `Capture cuda graph failed` with memory hints",
    join(
        sargs(
            D7,
            0,
            "Qwen/Qwen3-32B",
            dtype="auto",
            mem_fraction_static=0.871,
            tp_size=1,
            attention_backend="flashinfer",
            cuda_graph_max_bs=256,
        ),
        f"{t(D7, 7)} Init torch distributed begin.",
        f"{t(D7, 8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(D7, 8)} Load weight begin. avail mem=93.79 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 17/17 [00:09<00:00,  1.82it/s]",
        f"{t(D7, 18)} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=32.62 GB, mem usage=61.17 GB.",
        f"{t(D7, 18)} KV Cache is allocated. #tokens: 87040, K size: 10.62 GB, V size: 10.62 GB",
        f"{t(D7, 18)} Memory pool end. avail mem=10.88 GB",
        f"{t(D7, 19)} Capture cuda graph begin. This can take up to several minutes. avail mem=10.33 GB",
        f"{t(D7, 19)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        "Capturing batches (bs=256 avail_mem=10.31 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
        f"{t(D7, 51)} Scheduler hit an exception: {TB}",
        tb(
            "/opt/venv/lib/python3.12/site-packages",
            "/opt/venv/lib/python3.12/site-packages",
            ("model_executor/cuda_graph_runner.py", 366, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 485, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            (
                "model_executor/cuda_graph_runner.py",
                625,
                "capture_one_batch_size",
                "self.model_runner.attn_backend.init_forward_metadata_capture_cuda_graph(",
            ),
            (
                "layers/attention/flashinfer_backend.py",
                367,
                "init_forward_metadata_capture_cuda_graph",
                "self.indices_updater_decode.update(",
            ),
            ("layers/attention/flashinfer_backend.py", 693, "update_single_wrapper", "self.call_begin_forward("),
            ("layers/attention/flashinfer_backend.py", 855, "call_begin_forward", "wrapper.begin_forward("),
            ("+flashinfer/decode.py", 1056, "plan", "self._cached_module = get_batch_decode_module("),
            (
                "+flashinfer/decode.py",
                209,
                "get_batch_decode_module",
                "mod = gen_batch_decode_module(*args).build_and_load()",
            ),
            ("+flashinfer/jit/core.py", 247, "build_and_load", "self.build(verbose, need_lock=False)"),
            (
                "+flashinfer/jit/core.py",
                227,
                "build",
                "run_ninja(jit_env.FLASHINFER_JIT_DIR, self.ninja_path, verbose)",
            ),
            ("+flashinfer/jit/cpp_ext.py", 286, "run_ninja", "raise RuntimeError(msg) from e"),
        ),
        "RuntimeError: " + NINJA_OUT,
        DURING + TB,
        tb(
            "/opt/venv/lib/python3.12/site-packages",
            "/opt/venv/lib/python3.12/site-packages",
            *SCHED_053,
            ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 443, "initialize", "self.init_device_graphs()"),
            (
                "model_executor/model_runner.py",
                1842,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("model_executor/cuda_graph_runner.py", 368, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: " + NINJA_OUT,
        CAPTURE_HINTS,
        "",
        f"{t(D7, 51)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

D8 = "2025-10-21 07"
J8 = "Oct 21 07:{m:02d}:{s:02d} b200-node-07 python3[48211]: "


def j8(second: int, line: str) -> str:
    """journald's prefix (systemd unit running the venv's python without the venv on PATH)."""
    return "\n".join(J8.format(m=second // 60, s=second % 60) + part for part in line.split("\n"))


SVC = "/srv/sglang/.venv/lib/python3.12/site-packages"
case(
    "b200_systemd_ninja_not_on_path_journald",
    "0.5.3",
    "sglang-0.5.3 wheel (cuda_graph_runner.py:366 `except RuntimeError` does not catch OSError, flashinfer_backend.py:367/693/855, model_runner.py); flashinfer-python 0.4.0rc3 (jit/cpp_ext.py run_ninja: subprocess.run(['ninja', '-v', '-C', ...]); `ninja` is a pip dependency installed into the venv's bin/); systemd/journald line format",
    "config_error",
    "the unit runs /srv/sglang/.venv/bin/python3 without the venv's bin on PATH, so FlashInfer's JIT cannot find the `ninja` it shells out to: a missing build tool, reported through journald",
    join(
        "Oct 21 07:00:00 b200-node-07 systemd[1]: Started sglang.service - SGLang server (Llama-3.3-70B-Instruct-FP8, TP2).",
        j8(
            6,
            sargs(
                D8,
                6,
                "/models/Llama-3.3-70B-Instruct-FP8",
                dtype="auto",
                quantization=None,
                mem_fraction_static=0.85,
                tp_size=2,
                attention_backend="flashinfer",
                port=8000,
            ),
        ),
        j8(12, f"{t(D8, 12, 'TP0')} Init torch distributed begin."),
        j8(12, f"{t(D8, 12, 'TP1')} Init torch distributed begin."),
        j8(14, f"{t(D8, 14, 'TP0')} Init torch distributed ends. mem usage=1.21 GB"),
        j8(14, f"{t(D8, 14, 'TP0')} Load weight begin. avail mem=176.70 GB"),
        j8(
            31,
            f"{t(D8, 31, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=142.58 GB, mem usage=34.12 GB.",
        ),
        j8(31, f"{t(D8, 31, 'TP0')} KV Cache is allocated. #tokens: 1548288, K size: 59.06 GB, V size: 59.06 GB"),
        j8(31, f"{t(D8, 31, 'TP0')} Memory pool end. avail mem=23.95 GB"),
        j8(32, f"{t(D8, 32, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=23.41 GB"),
        j8(32, "Capturing batches (bs=512 avail_mem=23.39 GB):   0%|          | 0/52 [00:00<?, ?it/s]"),
        j8(
            33,
            f"{t(D8, 33, 'TP0')} Scheduler hit an exception: {TB}\n"
            + tb(
                SVC,
                SVC,
                *SCHED_053,
                ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 443, "initialize", "self.init_device_graphs()"),
                (
                    "model_executor/model_runner.py",
                    1842,
                    "init_device_graphs",
                    "self.graph_runner = graph_runners[self.device](self)",
                ),
                ("model_executor/cuda_graph_runner.py", 366, "__init__", "self.capture()"),
                ("model_executor/cuda_graph_runner.py", 485, "capture", ") = self.capture_one_batch_size(bs, forward)"),
                (
                    "model_executor/cuda_graph_runner.py",
                    625,
                    "capture_one_batch_size",
                    "self.model_runner.attn_backend.init_forward_metadata_capture_cuda_graph(",
                ),
                (
                    "layers/attention/flashinfer_backend.py",
                    367,
                    "init_forward_metadata_capture_cuda_graph",
                    "self.indices_updater_decode.update(",
                ),
                ("layers/attention/flashinfer_backend.py", 693, "update_single_wrapper", "self.call_begin_forward("),
                ("layers/attention/flashinfer_backend.py", 855, "call_begin_forward", "wrapper.begin_forward("),
                ("+flashinfer/decode.py", 1056, "plan", "self._cached_module = get_batch_decode_module("),
                (
                    "+flashinfer/decode.py",
                    209,
                    "get_batch_decode_module",
                    "mod = gen_batch_decode_module(*args).build_and_load()",
                ),
                ("+flashinfer/jit/core.py", 247, "build_and_load", "self.build(verbose, need_lock=False)"),
                (
                    "+flashinfer/jit/core.py",
                    227,
                    "build",
                    "run_ninja(jit_env.FLASHINFER_JIT_DIR, self.ninja_path, verbose)",
                ),
                ("+flashinfer/jit/cpp_ext.py", 274, "run_ninja", "subprocess.run("),
                ("/usr/lib/python3.12/subprocess.py", 548, "run", "with Popen(*popenargs, **kwargs) as process:"),
                (
                    "/usr/lib/python3.12/subprocess.py",
                    1026,
                    "__init__",
                    "self._execute_child(args, executable, preexec_fn, close_fds,",
                ),
                (
                    "/usr/lib/python3.12/subprocess.py",
                    1955,
                    "_execute_child",
                    "raise child_exception_type(errno_num, err_msg, err_filename)",
                ),
            )
            + "\nFileNotFoundError: [Errno 2] No such file or directory: 'ninja'\n",
        ),
        j8(33, f"{t(D8, 33)} Received sigquit from a child process. It usually means the child failed."),
        "Oct 21 07:00:34 b200-node-07 systemd[1]: sglang.service: Main process exited, code=killed, status=9/KILL",
        "Oct 21 07:00:34 b200-node-07 systemd[1]: sglang.service: Failed with result 'signal'.",
        "Oct 21 07:00:34 b200-node-07 systemd[1]: sglang.service: Consumed 3min 12.417s CPU time.",
    ),
)

D21 = "2025-12-11 18"
SPARK = "/opt/sglang/.venv/lib/python3.12/site-packages"
PTXAS = (
    "triton.runtime.errors.PTXASError: PTXAS error: Internal Triton PTX codegen error\n"
    "`ptxas` stderr:\n"
    "ptxas fatal   : Value 'sm_121a' is not defined for option 'gpu-name'\n\n"
    f"Repro command: {SPARK}/triton/backends/nvidia/bin/ptxas -lineinfo -v --gpu-name=sm_121a /tmp/tmpk3q9v2xe.ptx -o /tmp/tmpk3q9v2xe.ptx.o\n"
)
case(
    "dgx_spark_triton_ptxas_without_sm121a_first_request",
    "0.5.6",
    "sglang-0.5.6 wheel (scheduler.py:2677/1032/1011/1675/1878, schedule_batch.py:1353 alloc_for_extend, mem_cache/common.py:375/96 write_req_to_token_pool_triton, tokenizer_manager.py SIGQUIT / dump lines); Triton 3.5's bundled CUDA 12.8 ptxas and its PTXASError text (vLLM docs, triton-lang/triton#8539); a public GB10 report of 0.5.6.post2 serving until the first request",
    "config_error",
    "GB10 is sm_121a and Triton's bundled ptxas (CUDA 12.8) does not know it; with CUDA graphs off nothing Triton-compiled ran at start-up, so the server is ready and the first prefill dies: a toolchain without this GPU, not a runtime fault",
    join(
        sargs(
            D21,
            0,
            "Qwen/Qwen3-4B-Instruct-2507",
            dtype="auto",
            mem_fraction_static=0.7,
            tp_size=1,
            disable_cuda_graph=True,
            attention_backend="flashinfer",
            skip_server_warmup=True,
        ),
        f"{t(D21, 5)} Init torch distributed begin.",
        f"{t(D21, 5)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(D21, 5)} Load weight begin. avail mem=109.62 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 3/3 [00:02<00:00,  1.21it/s]",
        f"{t(D21, 9)} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=101.96 GB, mem usage=7.66 GB.",
        f"{t(D21, 9)} KV Cache is allocated. #tokens: 484576, K size: 33.27 GB, V size: 33.27 GB",
        f"{t(D21, 9)} Memory pool end. avail mem=34.88 GB",
        f"{t(D21, 10)} max_total_num_tokens=484576, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=262144, available_gpu_mem=34.88 GB",
        ready(D21, 11, port=30000, pid=8125)[:4],
        f"{t(D21, 11)} The server is fired up and ready to roll!",
        f'{t(D21, 40)} INFO:     127.0.0.1:52210 - "GET /v1/models HTTP/1.1" 200 OK',
        f"{t(D21, 41)} Scheduler hit an exception: {TB}",
        tb(
            SPARK,
            SPARK,
            ("managers/scheduler.py", 2677, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 1032, "event_loop_overlap", "pop_and_process()"),
            ("managers/scheduler.py", 1011, "pop_and_process", "batch = self.get_next_batch_to_run()"),
            ("managers/scheduler.py", 1675, "get_next_batch_to_run", "new_batch = self.get_new_batch_prefill()"),
            ("managers/scheduler.py", 1878, "get_new_batch_prefill", "new_batch.prepare_for_extend()"),
            (
                "managers/schedule_batch.py",
                1353,
                "prepare_for_extend",
                "out_cache_loc, req_pool_indices_tensor, req_pool_indices = alloc_for_extend(",
            ),
            ("mem_cache/common.py", 375, "alloc_for_extend", "write_cache_indices("),
            (
                "mem_cache/common.py",
                96,
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
                733,
                "run",
                "kernel = self._do_compile(key, signature, device, constexprs, options, attrs, warmup)",
            ),
            (
                "+triton/runtime/jit.py",
                861,
                "_do_compile",
                "kernel = self.compile(src, target=target, options=options.__dict__)",
            ),
            ("+triton/compiler/compiler.py", 320, "compile", "next_module = compile_ir(module, metadata)"),
            (
                "+triton/backends/nvidia/compiler.py",
                520,
                "<lambda>",
                'stages["cubin"] = lambda src, metadata: self.make_cubin(src, metadata, options, self.target.arch)',
            ),
            ("+triton/backends/nvidia/compiler.py", 500, "make_cubin", 'raise PTXASError(f"{error}\\n"'),
        ),
        PTXAS,
        f"{t(D21, 41)} SIGQUIT received. signum=3, frame=None. It usually means one child failed.",
        f"{t(D21, 41)} Dumping requests before crash. self.crash_dump_folder=None",
    ),
)

D22 = "2026-01-27 13"
GLM = "/opt/glm/.venv/lib/python3.12/site-packages"
case(
    "pro6000_flashinfer_trtllm_moe_only_builds_major_10",
    "0.5.8",
    "sglang-0.5.8 wheel (server_args.py:1959-1970 flashinfer_trtllm warning, model_runner.py:574 kernel_warmup / :1730 `Running FlashInfer autotune...` / :1733 _dummy_run / :1977 run_once, layers/moe/fused_moe_triton/layer.py:1293); flashinfer-python 0.6.1 (jit/fused_moe.py:234-236 supported_major_versions=[10], compilation_context.py:62-64, fused_moe/core.py:935-937); flashinfer-ai/flashinfer#2577 and the public SM120 FP4 report",
    "config_error",
    "flashinfer_trtllm MoE is built only for major 10 (datacenter Blackwell); on four RTX PRO 6000 (sm_120) the autotune warm-up's JIT finds no architecture to build: the backend has no build for this GPU",
    join(
        sargs(
            D22,
            0,
            "/models/GLM-4.7-NVFP4",
            dtype="auto",
            quantization="modelopt_fp4",
            mem_fraction_static=0.85,
            tp_size=4,
            moe_runner_backend="flashinfer_trtllm",
        ),
        f"{t(D22, 0)} FlashInfer TRTLLM MoE is enabled. --disable-shared-experts-fusion is automatically set.",
        f"{t(D22, 9, 'TP0')} Init torch distributed begin.",
        f"{t(D22, 11, 'TP0')} Init torch distributed ends. mem usage=1.06 GB",
        f"{t(D22, 11, 'TP0')} Load weight begin. avail mem=92.88 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 41/41 [01:02<00:00,  1.52s/it]",
        f"{t(D22, 75, 'TP0')} Load weight end. type=Glm4MoeForCausalLM, dtype=torch.bfloat16, avail mem=68.19 GB, mem usage=24.69 GB.",
        f"{t(D22, 75, 'TP0')} KV Cache is allocated. #tokens: 1047552, K size: 23.97 GB, V size: 23.97 GB",
        f"{t(D22, 75, 'TP0')} Memory pool end. avail mem=18.63 GB",
        f"{t(D22, 76, 'TP0')} Running FlashInfer autotune...",
        f"{t(D22, 77, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            GLM,
            GLM,
            *SCHED_058,
            ("model_executor/model_runner.py", 574, "initialize", "self.kernel_warmup()"),
            ("model_executor/model_runner.py", 1697, "kernel_warmup", "self._flashinfer_autotune()"),
            (
                "model_executor/model_runner.py",
                1733,
                "_flashinfer_autotune",
                "self._dummy_run(batch_size=self.req_to_token_pool.size)",
            ),
            ("model_executor/model_runner.py", 1977, "_dummy_run", "run_once()"),
            (
                "model_executor/model_runner.py",
                1966,
                "run_once",
                "logits_output_or_pp_proxy_tensors = self.model.forward(",
            ),
            ("models/glm4_moe.py", 1072, "forward", "hidden_states = self.model("),
            (
                "models/glm4_moe.py",
                528,
                "forward_normal",
                "final_hidden_states = self.experts(hidden_states, topk_output)",
            ),
            (
                "layers/moe/fused_moe_triton/layer.py",
                1243,
                "forward",
                "return self.forward_impl(hidden_states, topk_output)",
            ),
            ("layers/moe/fused_moe_triton/layer.py", 1293, "forward_impl", "result = trtllm_fp4_block_scale_moe("),
            (
                "+flashinfer/fused_moe/core.py",
                2414,
                "trtllm_fp4_block_scale_moe",
                "return get_trtllm_moe_sm100_module().trtllm_fp4_block_scale_moe(",
            ),
            (
                "+flashinfer/fused_moe/core.py",
                936,
                "get_trtllm_moe_sm100_module",
                "module = gen_trtllm_gen_fused_moe_sm100_module()",
            ),
            (
                "+flashinfer/jit/fused_moe.py",
                234,
                "gen_trtllm_gen_fused_moe_sm100_module",
                "nvcc_flags = current_compilation_context.get_nvcc_flags_list(",
            ),
            ("+flashinfer/compilation_context.py", 62, "get_nvcc_flags_list", "raise RuntimeError("),
        ),
        "RuntimeError: No supported CUDA architectures found for major versions [10].",
        "",
        f"{t(D22, 77)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

D23 = "2026-02-03 10"
case(
    "pro6000_triton_fused_moe_smem_over_sm120_limit",
    "0.5.8",
    "sglang-0.5.8 wheel (http_server.py warmup, scheduler.py:2974/1125 event loop, tp_worker.py:454, model_runner.py:2235/2334/2174, fused_moe_triton config `Using default MoE kernel config`); Triton OutOfResources text; sgl-project/sglang#28019 / #28038 (default fp8 tile 128x256x128, 4 stages = 147456 B > SM120/SM121's 101376) and #8513",
    "config_error",
    "no tuned fused-MoE config exists for this GPU and the default fp8 prefill tile needs 147456 B of shared memory, sm_120 has 101376: a kernel configuration this hardware cannot run, hit on the warm-up prefill (before ready) -- not memory pressure",
    join(
        sargs(
            D23,
            0,
            "Qwen/Qwen3-30B-A3B-Instruct-2507-FP8",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=1,
            port=30000,
        ),
        f"{t(D23, 6)} Init torch distributed begin.",
        f"{t(D23, 6)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(D23, 6)} Load weight begin. avail mem=93.89 GB",
        f"{t(D23, 22)} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=62.34 GB, mem usage=31.55 GB.",
        f"{t(D23, 22)} KV Cache is allocated. #tokens: 519168, K size: 23.77 GB, V size: 23.77 GB",
        f"{t(D23, 22)} Memory pool end. avail mem=13.95 GB",
        f"{t(D23, 23)} Capture cuda graph begin. This can take up to several minutes. avail mem=13.42 GB",
        f"{t(D23, 23)} Using default MoE kernel config. Performance might be sub-optimal! Config file not found at {PY312}/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_5_1/E=128,N=768,device_name=NVIDIA_RTX_PRO_6000_Blackwell_Workstation_Edition,dtype=fp8_w8a8,block_shape=[128, 128].json, you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton",
        "Capturing batches (bs=1 avail_mem=12.61 GB): 100%|██████████| 36/36 [00:31<00:00,  1.14it/s]",
        f"{t(D23, 55)} Capture cuda graph end. Time elapsed: 32.05 s. mem usage=0.84 GB. avail mem=12.58 GB.",
        f"{t(D23, 56)} max_total_num_tokens=519168, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=262144, available_gpu_mem=12.58 GB",
        f"{t(D23, 57)} INFO:     Started server process [5311]",
        f"{t(D23, 57)} INFO:     Waiting for application startup.",
        f"{t(D23, 57)} INFO:     Application startup complete.",
        f"{t(D23, 57)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{t(D23, 58)} INFO:     127.0.0.1:40214 - "GET /model_info HTTP/1.1" 200 OK',
        f"{t(D23, 58)} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{t(D23, 59)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            PY312,
            ("managers/scheduler.py", 2974, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 1125, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            ("managers/scheduler.py", 2334, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
            ("managers/tp_worker.py", 454, "forward_batch_generation", "out = self.model_runner.forward("),
            ("model_executor/model_runner.py", 2235, "forward", "output = self._forward_raw("),
            ("model_executor/model_runner.py", 2334, "_forward_raw", "ret = self.forward_extend("),
            ("model_executor/model_runner.py", 2174, "forward_extend", "return self.model.forward("),
            ("models/qwen3_moe.py", 927, "forward", "hidden_states = self.model("),
            (
                "models/qwen3_moe.py",
                304,
                "forward_normal",
                "final_hidden_states = self.experts(hidden_states, topk_output)",
            ),
            (
                "layers/moe/fused_moe_triton/layer.py",
                940,
                "forward",
                "return self.forward_impl(hidden_states, topk_output)",
            ),
            ("layers/moe/moe_runner/triton.py", 172, "run", "invoke_fused_moe_kernel("),
            (
                "layers/moe/fused_moe_triton/fused_moe_triton_kernels.py",
                790,
                "invoke_fused_moe_kernel",
                "fused_moe_kernel[grid](",
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
                "launch_metadata = kernel.launch_metadata(grid, stream, *bound_args.values())",
            ),
            ("+triton/compiler/compiler.py", 490, "launch_metadata", "self._init_handles()"),
            (
                "+triton/compiler/compiler.py",
                464,
                "_init_handles",
                'raise_(OutOfResources(self.metadata.shared, max_shared, "shared memory"))',
            ),
            ("+triton/compiler/compiler.py", 456, "raise_", "raise err"),
        ),
        "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 147456, Hardware limit: 101376. Reducing block sizes or `num_stages` may help.",
        "",
        f"{t(D23, 59)} SIGQUIT received. signum=3, frame=None. It usually means one child failed.",
        f"{t(D23, 59)} Dumping requests before crash. self.crash_dump_folder=None",
    ),
)

D13 = "2025-11-12 15"
case(
    "b200_trtllm_mla_refuses_fp8_e5m2_kv_cache",
    "0.5.5",
    "sglang-0.5.5 wheel (launch_server.py:24, server_args.py:4022/3637, :596 __post_init__, :1232-1234 `TensorRT-LLM MLA backend only supports kv-cache-dtype of fp8_e4m3, fp4_e2m1, or auto.`)",
    "config_error",
    "a kv-cache dtype trtllm_mla does not take (fp8_e5m2) on B200: refused at the argument checks",
    join(
        TB,
        tb(
            WS,
            PY312,
            *RUNPY,
            (f"{WS}/sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 4022, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 3637, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 306, "__init__", ""),
            ("server_args.py", 596, "__post_init__", "self._handle_attention_backend_compatibility()"),
            ("server_args.py", 1232, "_handle_attention_backend_compatibility", "raise ValueError("),
        ),
        "ValueError: TensorRT-LLM MLA backend only supports kv-cache-dtype of fp8_e4m3, fp4_e2m1, or auto.",
    ),
)

D30 = "2026-03-18 08"
QW = "/opt/venv/lib/python3.12/site-packages"
case(
    "pro6000_flashinfer_trtllm_fp8_gemm_requires_sm100",
    "0.5.10.post1",
    "sglang-0.5.10.post1 wheel (layers/quantization/fp8_utils.py:375-383 `FlashInfer TRTLLM FP8 GEMM requires SM100/SM103 GPUs and FlashInfer.`, fp8.py:293, linear.py:178, models/qwen3_moe.py, model_loader/loader.py, model_runner.py:507)",
    "config_error",
    "--fp8-gemm-backend flashinfer_trtllm on RTX PRO 6000 (sm_120): the FP8 linear method refuses while the model is being built, the hardware has no such kernel",
    join(
        sargs(
            D30,
            0,
            "Qwen/Qwen3-30B-A3B-Instruct-2507-FP8",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=2,
            fp8_gemm_runner_backend="flashinfer_trtllm",
        ),
        f"{t(D30, 8, 'TP0')} Init torch distributed begin.",
        f"{t(D30, 9, 'TP0')} Init torch distributed ends. elapsed=0.91 s, mem usage=0.74 GB",
        f"{t(D30, 9, 'TP0')} Load weight begin. avail mem=93.03 GB",
        f"{t(D30, 10, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            QW,
            QW,
            *BUILD_0510,
            ("models/qwen3_moe.py", 949, "__init__", "self.model = Qwen3MoeModel("),
            ("models/qwen3_moe.py", 919, "__init__", "super().__init__("),
            ("models/qwen2_moe.py", 607, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
            ("utils/common.py", 646, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
            ("models/qwen3_moe.py", 733, "__init__", "self.self_attn = Qwen3MoeAttention("),
            ("models/qwen3_moe.py", 479, "__init__", "self.qkv_proj = QKVParallelLinear("),
            (
                "layers/linear.py",
                178,
                "__init__",
                "self.quant_method = quant_config.get_quant_method(self, prefix=prefix)",
            ),
            ("layers/quantization/fp8.py", 229, "get_quant_method", "return Fp8LinearMethod(self)"),
            (
                "layers/quantization/fp8.py",
                293,
                "__init__",
                "self.w8a8_block_fp8_linear = dispatch_w8a8_block_fp8_linear()",
            ),
            (
                "layers/quantization/fp8_utils.py",
                355,
                "dispatch_w8a8_block_fp8_linear",
                "return _dispatch_explicit_backend(backend)",
            ),
            ("layers/quantization/fp8_utils.py", 378, "_dispatch_explicit_backend", "raise RuntimeError("),
        ),
        "RuntimeError: FlashInfer FP8 GEMM requested via --fp8-gemm-backend=flashinfer_trtllm, but FlashInfer is not available or not supported on this hardware. FlashInfer TRTLLM FP8 GEMM requires SM100/SM103 GPUs and FlashInfer.",
        "",
        f"{t(D30, 11)} {TB}",
        tb(
            QW,
            QW,
            *RUNPY,
            (f"{QW}/sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
            (f"{QW}/sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
            ("entrypoints/engine.py", 1010, "_launch_subprocesses", "scheduler_infos = _wait_for_scheduler_ready("),
        ),
        "RuntimeError: Rank 0 scheduler died during initialization (exit code: 1). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check.",
    ),
)


# ================================================================================================================
# cuda_error_other: runtime CUDA faults
# ================================================================================================================
D14 = "2025-11-18 06"
case(
    "b200_fabric_manager_down_error_802",
    "0.5.5",
    "sglang-0.5.5 wheel (launch_server.py:24, server_args.py:4022/3637/576/661, utils/common.py:1789 `No accelerator (CUDA, XPU, HPU) is available.`); torch's `CUDA initialization: Unexpected error from cudaGetDeviceCount() ... Error 802: system not yet initialized` (c10/cuda/CUDAFunctions.cpp)",
    "cuda_error_other",
    "on an HGX B200 the fabric manager is not running, so CUDA init fails with Error 802 and torch sees no GPU; SGLang's `No accelerator` is the consequence of a CUDA/driver fault, not of the arguments",
    join(
        f"{PY312}/torch/cuda/__init__.py:182: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:109.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        TB,
        tb(
            WS,
            PY312,
            *RUNPY,
            (f"{WS}/sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 4022, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 3637, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 306, "__init__", ""),
            ("server_args.py", 576, "__post_init__", "self._handle_missing_default_values()"),
            ("server_args.py", 661, "_handle_missing_default_values", "self.device = get_device()"),
            (
                "utils/common.py",
                1789,
                "get_device",
                'raise RuntimeError("No accelerator (CUDA, XPU, HPU) is available.")',
            ),
        ),
        "RuntimeError: No accelerator (CUDA, XPU, HPU) is available.",
    ),
)

D16 = "2025-11-04 21"
GPTOSS_WS = "/workspace/sglang/python"
GPTOSS_SITE = "/workspace/.venv/lib/python3.12/site-packages"
case(
    "gptoss_b200_tp2_flashinfer_mxfp4_illegal_address_after_ready",
    "0.5.5",
    "sglang-0.5.5 wheel (server_args.py:966-986 GPT-OSS lines, scheduler.py:2826/990/2024, tp_worker.py:371, model_runner.py:2147/2192/2180, layers/quantization/mxfp4.py, tokenizer_manager.py:2340-2345); flashinfer 0.5.0 fused_moe/core.py (trtllm_fp4_block_scale_moe); flashinfer-ai/flashinfer#2034, sgl-project/sglang#12695",
    "cuda_error_other",
    "ready and serving; under load the trtllm-gen MXFP4 MoE kernel faults (illegal memory access) during decode replay: a runtime CUDA fault after ready",
    join(
        "$ CUDA_LAUNCH_BLOCKING=1 python3 -m sglang.launch_server --host 127.0.0.1 --port 8000 --model openai/gpt-oss-120b --kv-cache-dtype fp8_e4m3 --tensor-parallel-size 2 --disable-radix-cache --mem-fraction-static 0.95 --max-running-requests 512",
        sargs(
            D16,
            0,
            "openai/gpt-oss-120b",
            dtype="auto",
            kv_cache_dtype="fp8_e4m3",
            mem_fraction_static=0.95,
            tp_size=2,
            disable_radix_cache=True,
            max_running_requests=512,
        ),
        f"{t(D16, 0)} Enable FlashInfer AllReduce Fusion on sm100 for GptOssForCausalLM",
        f"{t(D16, 0)} Detected SM100 and MXFP4 quantization format for GPT-OSS model, enabling FlashInfer MXFP4 MOE kernel.",
        f"{t(D16, 8, 'TP0')} Init torch distributed begin.",
        f"{t(D16, 9, 'TP0')} Init torch distributed ends. mem usage=1.18 GB",
        f"{t(D16, 9, 'TP0')} Load weight begin. avail mem=176.69 GB",
        f"{t(D16, 41, 'TP0')} Load weight end. type=GptOssForCausalLM, dtype=torch.bfloat16, avail mem=144.12 GB, mem usage=32.57 GB.",
        f"{t(D16, 41, 'TP0')} KV Cache is allocated. #tokens: 8129984, K size: 69.77 GB, V size: 69.77 GB",
        f"{t(D16, 41, 'TP0')} Memory pool end. avail mem=3.98 GB",
        f"{t(D16, 42, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=3.44 GB",
        f"{t(D16, 80, 'TP0')} Capture cuda graph end. Time elapsed: 38.21 s. mem usage=1.02 GB. avail mem=2.42 GB.",
        f"{t(D16, 81, 'TP0')} max_total_num_tokens=8129984, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=512, context_len=131072, available_gpu_mem=2.42 GB",
        ready(D16, 82, port=8000, pid=77120, rank="TP0"),
        f"{t(D16, 140, 'TP0')} Decode batch, #running-req: 412, #token: 1187364, token usage: 0.15, cuda graph: True, gen throughput (token/s): 21876.40, #queue-req: 0, ",
        f'{t(D16, 141)} INFO:     127.0.0.1:51834 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{t(D16, 143, 'TP1')} Scheduler hit an exception: {TB}",
        tb(
            GPTOSS_WS,
            GPTOSS_SITE,
            ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 990, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            ("managers/scheduler.py", 2024, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
            (
                "managers/tp_worker.py",
                371,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("model_executor/model_runner.py", 2147, "forward", "output = self._forward_raw("),
            ("model_executor/model_runner.py", 2192, "_forward_raw", "ret = self.forward_decode("),
            ("model_executor/model_runner.py", 2064, "forward_decode", "return self.model.forward("),
            ("models/gpt_oss.py", 611, "forward", "hidden_states = self.model("),
            (
                "models/gpt_oss.py",
                182,
                "forward_normal",
                "final_hidden_states = self.experts(hidden_states, topk_output)",
            ),
            ("layers/moe/fused_moe_triton/layer.py", 840, "forward", "combine_input = self.run_moe_core("),
            ("layers/quantization/mxfp4.py", 648, "apply", "trtllm_gen_output = trtllm_fp4_block_scale_moe("),
            (
                "+flashinfer/fused_moe/core.py",
                1922,
                "trtllm_fp4_block_scale_moe",
                "return get_trtllm_moe_sm100_module().trtllm_fp4_block_scale_moe(",
            ),
            (
                "+flashinfer/fused_moe/core.py",
                1570,
                "trtllm_fp4_block_scale_moe_op",
                "intermediate_output = moe_op.trtllm_fp4_block_scale_moe(",
            ),
            ("python/tvm_ffi/cython/function.pxi", 814, "core.Function.__call__", ""),
        ),
        "RuntimeError: Error in function 'run' at /workspace/.venv/lib/python3.12/site-packages/flashinfer/data/csrc/trtllm_batched_gemm_runner.cu:248: Error occurred when running GEMM! (numBatches: 64, GemmMNK: 412 5760 2880, Kernel: bmm_Bfloat16_MxE2m1MxE4m3_Fp32_t128x8x256u2_s3_et128x8_m128x8x32_cga1x1x1_16dp256b_TN_transOut_schedS_bN_tma_tmaOpt_clmp_swiGlu_dynBatch_sm100a)",
        "",
        f"{t(D16, 143, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            GPTOSS_WS,
            GPTOSS_SITE,
            ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 990, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            ("managers/scheduler.py", 2024, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
            (
                "managers/tp_worker.py",
                371,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("model_executor/model_runner.py", 2147, "forward", "output = self._forward_raw("),
            ("model_executor/model_runner.py", 2192, "_forward_raw", "ret = self.forward_decode("),
            ("model_executor/model_runner.py", 2064, "forward_decode", "return self.model.forward("),
            ("models/gpt_oss.py", 611, "forward", "hidden_states = self.model("),
            (
                "models/gpt_oss.py",
                182,
                "forward_normal",
                "final_hidden_states = self.experts(hidden_states, topk_output)",
            ),
            ("layers/moe/fused_moe_triton/layer.py", 840, "forward", "combine_input = self.run_moe_core("),
            (
                "layers/quantization/mxfp4.py",
                633,
                "apply",
                "x_quant, x_scale = mxfp8_quantize(x, False, alignment=self.hidden_size)",
            ),
            (
                "+flashinfer/fp8_quantization.py",
                172,
                "mxfp8_quantize",
                "x_q, sf = get_mxfp8_quantization_sm100_module().mxfp8_quantize_sm100(",
            ),
        ),
        "torch.AcceleratorError: CUDA error: an illegal memory access was encountered",
        CUDA_ASYNC,
        f"{t(D16, 143)} SIGQUIT received. signum=3, frame=None. It usually means one child failed.",
        f"{t(D16, 143)} Dumping requests before crash. self.crash_dump_folder=None",
    ),
)


# ================================================================================================================
# memory, by phase, on 180-192 GB parts and on GB10
# ================================================================================================================
D4 = "2025-09-03 12"
case(
    "b200_qwen3_235b_bf16_tp2_oom_weights",
    "0.5.1.post3",
    "sglang-0.5.1.post3 wheel (scheduler.py:2612/325, tp_worker_overlap_thread.py:67, tp_worker.py:84, model_runner.py:245/291/687, model_loader/loader.py:462/204, models/qwen3_moe.py:629/479/91, models/qwen2_moe.py:431, utils.py:489, layers/moe/fused_moe_triton/layer.py:214, layers/quantization/unquant.py:169-170); torch 2.8 OutOfMemoryError text",
    "oom_weights",
    "470 GB of BF16 weights over two 178 GiB B200s: the expert weights are allocated while the model is built and run out at layer ~75 -- the model does not fit at this TP",
    join(
        sargs(D4, 0, "Qwen/Qwen3-235B-A22B-Instruct-2507", dtype="auto", mem_fraction_static=0.821, tp_size=2),
        f"{t(D4, 9, 'TP0')} Init torch distributed begin.",
        f"{t(D4, 9, 'TP1')} Init torch distributed begin.",
        f"{t(D4, 10, 'TP0')} Init torch distributed ends. mem usage=1.21 GB",
        f"{t(D4, 10, 'TP0')} Load weight begin. avail mem=176.93 GB",
        f"{t(D4, 10, 'TP1')} Load weight begin. avail mem=176.93 GB",
        f"{t(D4, 14, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            PY312,
            *SCHED_051,
            ("model_executor/model_runner.py", 245, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 291, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 687, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 462, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 204, "_initialize_model", "return model_class("),
            ("models/qwen3_moe.py", 629, "__init__", "self.model = Qwen3MoeModel("),
            ("models/qwen3_moe.py", 607, "__init__", "super().__init__("),
            ("models/qwen2_moe.py", 431, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
            ("utils.py", 489, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
            ("models/qwen3_moe.py", 479, "__init__", "self.mlp = Qwen3MoeSparseMoeBlock("),
            ("models/qwen3_moe.py", 91, "__init__", "self.experts = get_moe_impl_class()("),
            ("layers/moe/fused_moe_triton/layer.py", 214, "__init__", "self.quant_method.create_weights("),
            (
                "layers/quantization/unquant.py",
                170,
                "create_weights",
                "torch.empty(num_experts, w13_weight_n, w13_weight_k, dtype=params_dtype),",
            ),
            ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
        ),
        oom("1.50 GiB", "178.35 GiB", "1.09 GiB", "177.24 GiB", "175.88 GiB", "21.63 MiB"),
        "",
        f"{t(D4, 14, 'TP1')} Scheduler hit an exception: {TB}",
        "  ...",
        oom("1.50 GiB", "178.35 GiB", "1.09 GiB", "177.24 GiB", "175.88 GiB", "21.63 MiB", gpu=1),
        "",
        f"{t(D4, 14)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

D5 = "2025-09-10 03"
case(
    "b200_dsr1_fp8_tp4_not_enough_memory_for_kv",
    "0.5.1.post3",
    "sglang-0.5.1.post3 wheel (server_args.py:359-395 auto mem_fraction_static = (gpu_mem - 32 GiB) / gpu_mem on >160 GB parts, model_runner.py:1044-1075 profile_max_num_token, :1241-1244 `Not enough memory. Please try to increase --mem-fraction-static.`, :342 initialize)",
    "oom_kv_cache",
    "DeepSeek-R1 FP8 on four B200 leaves 15 GB after 162 GB of weights, less than the 32 GB the 0.821 fraction keeps back: the profiled KV pool is negative (fix: a higher fraction or TP8)",
    join(
        sargs(
            D5,
            0,
            "deepseek-ai/DeepSeek-R1-0528",
            dtype="auto",
            mem_fraction_static=0.821,
            tp_size=4,
            trust_remote_code=True,
        ),
        f"{t(D5, 11, 'TP0')} Init torch distributed begin.",
        f"{t(D5, 13, 'TP0')} Init torch distributed ends. mem usage=1.30 GB",
        f"{t(D5, 13, 'TP0')} Load weight begin. avail mem=176.84 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 163/163 [02:41<00:00,  1.01it/s]",
        f"{t(D5, 178, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=14.93 GB, mem usage=161.91 GB.",
        f"{t(D5, 178, 'TP1')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=14.95 GB, mem usage=161.89 GB.",
        f"{t(D5, 179, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            PY312,
            *SCHED_051,
            ("model_executor/model_runner.py", 245, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 342, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 1242, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        f"{t(D5, 179)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

D11 = "2025-10-22 19"
case(
    "gb200_mla_kv_pool_allocation_oom",
    "0.5.3",
    "sglang-0.5.3 wheel (model_runner.py:298/432/1602 MLATokenToKVPool, mem_cache/memory_pool.py:1073-1081 torch.zeros per layer); torch 2.8 OutOfMemoryError text",
    "oom_kv_cache",
    "with --mem-fraction-static 0.99 on GB200 the profiler sized the MLA pool to nearly all free memory and the per-layer torch.zeros runs out while the pool is built: an OOM allocating the KV pool at start-up",
    join(
        sargs(
            D11,
            0,
            "nvidia/DeepSeek-R1-0528-FP4",
            dtype="auto",
            quantization="modelopt_fp4",
            kv_cache_dtype="fp8_e4m3",
            mem_fraction_static=0.99,
            tp_size=4,
            attention_backend="trtllm_mla",
        ),
        f"{t(D11, 0)} TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from 1 to 64.",
        f"{t(D11, 12, 'TP0')} Init torch distributed begin.",
        f"{t(D11, 14, 'TP0')} Init torch distributed ends. mem usage=1.44 GB",
        f"{t(D11, 14, 'TP0')} Load weight begin. avail mem=182.61 GB",
        f"{t(D11, 121, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=87.02 GB, mem usage=95.59 GB.",
        f"{t(D11, 122, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            PY312,
            *SCHED_053,
            ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 432, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 1602, "init_memory_pool", "self.token_to_kv_pool = MLATokenToKVPool("),
            ("mem_cache/memory_pool.py", 1081, "__init__", "torch.zeros("),
        ),
        oom("1.38 GiB", "184.31 GiB", "1.17 GiB", "183.12 GiB", "179.64 GiB", "1.08 GiB"),
        "",
        f"{t(D11, 122)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

D15 = "2025-11-20 02"
DSR = "DeepseekV3ForCausalLM"
case(
    "gb200_dp_attention_capture_oom_bs512",
    "0.5.5",
    "sglang-0.5.5 wheel (model_runner.py:322/482/1995, cuda_graph_runner.py:381-385 + CUDA_GRAPH_CAPTURE_FAILED_MSG, :500/692/679, models/deepseek_v2.py:3101/2958/2709); torch 2.8 OutOfMemoryError text; sgl-project/sglang#5285, #6218",
    "oom_cuda_graph",
    "DP-attention DeepSeek on four GB200 with --cuda-graph-max-bs 512 and a 0.92 fraction: the first (largest) batch's warm-up run inside capture runs out of memory",
    join(
        sargs(
            D15,
            0,
            "nvidia/DeepSeek-R1-0528-FP4-v2",
            dtype="auto",
            quantization="modelopt_fp4",
            mem_fraction_static=0.92,
            tp_size=4,
            dp_size=4,
            enable_dp_attention=True,
            cuda_graph_max_bs=512,
            moe_runner_backend="flashinfer_trtllm",
        ),
        f"{t(D15, 0)} Use trtllm_mla as attention backend on sm100 for DeepseekV3ForCausalLM",
        f"{t(D15, 0)} Use flashinfer_trtllm as MoE runner backend on sm100 for DeepseekV3ForCausalLM",
        f"{t(D15, 15, 'DP0 TP0')} Init torch distributed begin.",
        f"{t(D15, 17, 'DP0 TP0')} Init torch distributed ends. mem usage=1.52 GB",
        f"{t(D15, 17, 'DP0 TP0')} Load weight begin. avail mem=182.53 GB",
        f"{t(D15, 112, 'DP0 TP0')} Load weight end. type={DSR}, dtype=torch.bfloat16, avail mem=86.77 GB, mem usage=95.76 GB.",
        f"{t(D15, 113, 'DP0 TP0')} KV Cache is allocated. #tokens: 2387264, KV size: 77.43 GB",
        f"{t(D15, 113, 'DP0 TP0')} Memory pool end. avail mem=6.61 GB",
        f"{t(D15, 114, 'DP0 TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=6.08 GB",
        f"{t(D15, 114, 'DP0 TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256, 288, 320, 352, 384, 416, 448, 480, 512]",
        "Capturing batches (bs=512 avail_mem=6.05 GB):   0%|          | 0/44 [00:00<?, ?it/s]",
        f"{t(D15, 116, 'DP0 TP0')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            PY312,
            ("model_executor/cuda_graph_runner.py", 381, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 500, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 692, "capture_one_batch_size", "run_once()"),
            ("model_executor/cuda_graph_runner.py", 679, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("models/deepseek_v2.py", 3101, "forward", "hidden_states = self.model("),
            *TORCH_MOD_28,
            ("models/deepseek_v2.py", 2958, "forward", "hidden_states, residual = layer("),
            *TORCH_MOD_28,
            ("models/deepseek_v2.py", 2709, "forward", "hidden_states = self.mlp("),
            *TORCH_MOD_28,
            (
                "models/deepseek_v2.py",
                780,
                "forward_normal_dual_stream",
                "final_hidden_states = self.experts(hidden_states, topk_output)",
            ),
        ),
        oom("2.00 GiB", "184.31 GiB", "1.43 GiB", "182.86 GiB", "176.02 GiB", "2.17 GiB"),
        DURING + TB,
        tb(
            WS,
            PY312,
            *SCHED_055,
            ("model_executor/model_runner.py", 482, "initialize", "self.init_device_graphs()"),
            (
                "model_executor/model_runner.py",
                1995,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("model_executor/cuda_graph_runner.py", 383, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: "
        + oom("2.00 GiB", "184.31 GiB", "1.43 GiB", "182.86 GiB", "176.02 GiB", "2.17 GiB").removeprefix(
            "torch.OutOfMemoryError: "
        ),
        CAPTURE_HINTS,
        "",
        f"{t(D15, 116)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

D26 = "2026-02-10 22"
case(
    "b200_deepep_buffer_oom_inside_capture",
    "0.5.8",
    "sglang-0.5.8 wheel (model_runner.py:578 init_device_graphs, cuda_graph_runner.py:369 + CUDA_GRAPH_CAPTURE_FAILED_MSG, layers/moe/token_dispatcher/deepep.py get_deepep_buffer -> Buffer(...)); DeepEP's `Failed: CUDA error <file>:<line> '<msg>'` form (sgl-project/sglang#26196, DeepEP csrc/deep_ep.cpp cudaMalloc of the NVL buffer)",
    "oom_moe_workspace",
    "EP8 with --moe-a2a-backend deepep and a 0.93 fraction: DeepEP's NVL buffer is cudaMalloc'd on the first dispatch, which is the capture's first batch, and there is no room left -- an OOM allocating a MoE communication buffer, wrapped in the capture hints",
    join(
        sargs(
            D26,
            0,
            "deepseek-ai/DeepSeek-V3.1",
            dtype="auto",
            mem_fraction_static=0.93,
            tp_size=8,
            ep_size=8,
            moe_a2a_backend="deepep",
            deepep_mode="auto",
            enable_dp_attention=True,
            dp_size=8,
        ),
        f"{t(D26, 21, 'DP0 TP0 EP0')} Init torch distributed begin.",
        f"{t(D26, 24, 'DP0 TP0 EP0')} Init torch distributed ends. mem usage=1.87 GB",
        f"{t(D26, 24, 'DP0 TP0 EP0')} Load weight begin. avail mem=176.46 GB",
        f"{t(D26, 117, 'DP0 TP0 EP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=94.12 GB, mem usage=82.34 GB.",
        f"{t(D26, 118, 'DP0 TP0 EP0')} KV Cache is allocated. #tokens: 1244608, KV size: 81.25 GB",
        f"{t(D26, 118, 'DP0 TP0 EP0')} Memory pool end. avail mem=12.48 GB",
        f"{t(D26, 119, 'DP0 TP0 EP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=11.96 GB",
        "Capturing batches (bs=256 avail_mem=11.94 GB):   0%|          | 0/35 [00:00<?, ?it/s]",
        f"{t(D26, 121, 'DP0 TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            PY312,
            ("model_executor/cuda_graph_runner.py", 366, "__init__", "self.capture()"),
            (
                "model_executor/cuda_graph_runner.py",
                509,
                "capture",
                ") = self.capture_one_batch_size(bs, forward, stream_idx)",
            ),
            ("model_executor/cuda_graph_runner.py", 728, "capture_one_batch_size", "run_once()"),
            ("model_executor/cuda_graph_runner.py", 715, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            ("models/deepseek_v2.py", 2897, "forward", "hidden_states = self.model("),
            ("models/deepseek_v2.py", 932, "forward_deepep", "final_hidden_states = self.experts("),
            ("layers/moe/ep_moe/layer.py", 171, "forward", "return self.forward_impl(hidden_states, topk_output)"),
            ("layers/moe/ep_moe/layer.py", 186, "forward_impl", "dispatch_output = self.dispatcher.dispatch("),
            ("layers/moe/token_dispatcher/deepep.py", 779, "dispatch", "self.dispatch_a(hidden_states, topk_output)"),
            ("layers/moe/token_dispatcher/deepep.py", 791, "dispatch_a", "inner_state = self._get_impl().dispatch_a("),
            ("layers/moe/token_dispatcher/deepep.py", 551, "dispatch_a", "buffer = self._get_buffer()"),
            ("layers/moe/token_dispatcher/deepep.py", 713, "_get_buffer", "return DeepEPBuffer.get_deepep_buffer("),
            ("layers/moe/token_dispatcher/deepep.py", 221, "get_deepep_buffer", "cls._buffer = Buffer("),
            (
                "+deep_ep/buffer.py",
                120,
                "__init__",
                "self.runtime = deep_ep_cpp.Buffer(self.rank, self.group_size, num_nvl_bytes, num_rdma_bytes, low_latency_mode, explicitly_destroy)",
            ),
        ),
        "RuntimeError: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:58 'out of memory'",
        DURING + TB,
        tb(
            WS,
            PY312,
            *SCHED_058,
            ("model_executor/model_runner.py", 578, "initialize", "self.init_device_graphs()"),
            (
                "model_executor/model_runner.py",
                2009,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("model_executor/cuda_graph_runner.py", 368, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:58 'out of memory'",
        CAPTURE_HINTS,
        "",
        f"{t(D26, 121)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

D19 = "2025-11-26 20"
case(
    "dgx_spark_llama70b_bf16_killed_while_loading",
    "0.5.5",
    "sglang-0.5.5 wheel (engine.py:894-903 `Rank {i} scheduler is dead. Please check if there are relevant logs.` / `Exit code:`, launch_server.py:27/20, http_server.py:1358, utils/common.py:513-519 GB10 reads psutil's available memory); Python's multiprocessing EOFError",
    "oom_weights",
    "141 GB of BF16 weights into GB10's 128 GB of unified memory: the kernel OOM killer takes the scheduler (exit code -9) while the shards stream in -- the model does not fit",
    join(
        sargs(D19, 0, "meta-llama/Llama-3.3-70B-Instruct", dtype="auto", mem_fraction_static=0.85, tp_size=1),
        f"{t(D19, 6)} Init torch distributed begin.",
        f"{t(D19, 6)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(D19, 6)} Load weight begin. avail mem=114.27 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/30 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards:  47% Completed | 14/30 [02:03<02:21,  8.84s/it]",
        "Loading safetensors checkpoint shards:  77% Completed | 23/30 [03:24<01:02,  8.91s/it]",
        f"{t(D19, 221)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{t(D19, 221)} Exit code: -9",
        TB,
        tb(
            WS,
            PY312,
            *RUNPY,
            (f"{WS}/sglang/launch_server.py", 27, "<module>", "run_server(server_args)"),
            (f"{WS}/sglang/launch_server.py", 20, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 1358, "launch_server", "_launch_subprocesses(server_args=server_args)"),
            ("entrypoints/engine.py", 896, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
            ("/usr/lib/python3.12/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
            ("/usr/lib/python3.12/multiprocessing/connection.py", 430, "_recv_bytes", "buf = self._recv(4)"),
            ("/usr/lib/python3.12/multiprocessing/connection.py", 399, "_recv", "raise EOFError"),
        ),
        "EOFError",
    ),
)

D17 = "2025-11-25 17"
case(
    "b200_long_prefill_oom_after_ready",
    "0.5.5",
    "sglang-0.5.5 wheel (scheduler.py:2826/990/2024, tp_worker.py:371, model_runner.py:2147/2204/2092, models/qwen3.py:391/283, models/qwen2.py:362/97, layers/activation.py:75, tokenizer_manager.py:2340-2345); torch 2.8 OutOfMemoryError text",
    "oom_runtime",
    "ready and serving; with chunked prefill disabled a 131k-token prompt's MLP activation needs 12.5 GiB more than is free: an OOM while serving",
    join(
        sargs(
            D17,
            0,
            "Qwen/Qwen3-32B",
            dtype="auto",
            mem_fraction_static=0.9,
            tp_size=1,
            chunked_prefill_size=-1,
            context_length=131072,
        ),
        f"{t(D17, 7)} Init torch distributed begin.",
        f"{t(D17, 7)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(D17, 7)} Load weight begin. avail mem=177.91 GB",
        f"{t(D17, 26)} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=116.81 GB, mem usage=61.10 GB.",
        f"{t(D17, 26)} KV Cache is allocated. #tokens: 383744, K size: 46.84 GB, V size: 46.84 GB",
        f"{t(D17, 26)} Memory pool end. avail mem=22.31 GB",
        f"{t(D17, 27)} Capture cuda graph begin. This can take up to several minutes. avail mem=21.77 GB",
        f"{t(D17, 52)} Capture cuda graph end. Time elapsed: 25.04 s. mem usage=1.40 GB. avail mem=20.37 GB.",
        f"{t(D17, 53)} max_total_num_tokens=383744, chunked_prefill_size=-1, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=20.37 GB",
        ready(D17, 54, pid=9911),
        f"{t(D17, 300)} Prefill batch, #new-seq: 3, #new-token: 12288, #cached-token: 0, token usage: 0.12, #running-req: 29, #queue-req: 0, ",
        f"{t(D17, 301)} Decode batch, #running-req: 32, #token: 61440, token usage: 0.16, cuda graph: True, gen throughput (token/s): 1581.33, #queue-req: 0, ",
        f'{t(D17, 305)} INFO:     10.1.4.22:51422 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{t(D17, 312)} Prefill batch, #new-seq: 1, #new-token: 130944, #cached-token: 0, token usage: 0.17, #running-req: 31, #queue-req: 0, ",
        f"{t(D17, 313)} Scheduler hit an exception: {TB}",
        tb(
            WS,
            PY312,
            ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 990, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            ("managers/scheduler.py", 2024, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
            (
                "managers/tp_worker.py",
                371,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("model_executor/model_runner.py", 2147, "forward", "output = self._forward_raw("),
            ("model_executor/model_runner.py", 2204, "_forward_raw", "ret = self.forward_extend("),
            ("model_executor/model_runner.py", 2092, "forward_extend", "return self.model.forward("),
            ("models/qwen3.py", 391, "forward", "hidden_states = self.model("),
            ("models/qwen2.py", 362, "forward", "hidden_states, residual = layer("),
            ("models/qwen3.py", 283, "forward", "hidden_states = self.mlp(hidden_states)"),
            ("models/qwen2.py", 97, "forward", "x = self.act_fn(gate_up)"),
            (
                "layers/activation.py",
                75,
                "forward_cuda",
                "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
            ),
        ),
        oom("12.50 GiB", "178.35 GiB", "9.71 GiB", "168.62 GiB", "164.02 GiB", "2.36 GiB"),
        "",
        f"{t(D17, 313)} SIGQUIT received. signum=3, frame=None. It usually means one child failed.",
        f"{t(D17, 313)} Dumping requests before crash. self.crash_dump_folder=None",
    ),
)


# ================================================================================================================
# nccl_or_distributed / port_in_use: GB200 NVL72 and multi-node B200
# ================================================================================================================
D9 = "2025-10-17 04"
NCCL_HOST = "gb200-r03-n11"
case(
    "gb200_two_node_pynccl_init_cuda_failure",
    "0.5.3",
    "sglang-0.5.3 wheel (model_runner.py:285/687, distributed/parallel_state.py:1489/1270/313, device_communicators/pynccl.py:110, pynccl_wrapper.py:395-403/371-374 `NCCL error: {error_str}`); NCCL's CUCHECK `Cuda failure %d '%s'` WARN and ncclGetErrorString; NVIDIA/nccl#1611 (GB200 needs NCCL >= 2.25)",
    "nccl_or_distributed",
    "TP8 across two GB200 trays: the NCCL communicator cannot import the peer's fabric memory (no IMEX channel in the container) and ncclCommInitRank fails while the TP group is built",
    join(
        sargs(
            D9,
            0,
            "deepseek-ai/DeepSeek-R1-0528",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=8,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.20.3.11:5000",
        ),
        f"{t(D9, 14, 'TP0')} Init torch distributed begin.",
        f"{t(D9, 14, 'TP1')} Init torch distributed begin.",
        f"{t(D9, 14, 'TP2')} Init torch distributed begin.",
        f"{t(D9, 14, 'TP3')} Init torch distributed begin.",
        f"{NCCL_HOST}:21877:21877 [0] NCCL INFO NCCL version 2.27.3+cuda12.9",
        f"{NCCL_HOST}:21877:21877 [0] NCCL INFO MNNVL busId 0x8010 fabric UUID 7d2c91a4e0b3f1c2.5a18e6d2c0f49b73 cliqueId 0x7ffe state 3 healthMask 0xff",
        f"{NCCL_HOST}:21877:22104 [0] transport/nvls.cc:189 NCCL WARN Cuda failure 800 'operation not permitted'",
        f"{NCCL_HOST}:21877:22104 [0] NCCL INFO transport/nvls.cc:412 -> 1",
        f"{NCCL_HOST}:21877:22104 [0] NCCL INFO init.cc:1448 -> 1",
        f"{NCCL_HOST}:21877:22104 [0] NCCL INFO init.cc:1746 -> 1",
        f"{NCCL_HOST}:21877:21877 [0] NCCL INFO init.cc:1772 -> 1",
        f"{t(D9, 19, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            PY312,
            *SCHED_053,
            ("model_executor/model_runner.py", 285, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
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
        "RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
        "",
        f"{t(D9, 19)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

D10 = "2025-10-20 13"
case(
    "b200_two_node_dist_init_port_already_bound",
    "0.5.3",
    "sglang-0.5.3 wheel (model_runner.py:285/652/679, distributed/parallel_state.py:1408 init_process_group); torch 2.8's TCPStore `DistNetworkError: The server socket has failed to listen on any local network address. ... EADDRINUSE`",
    "port_in_use",
    "node 0 of a two-node B200 launch: a stale server from the last run still holds the --dist-init-addr port 5000, so rank 0's TCPStore cannot bind",
    join(
        sargs(
            D10,
            0,
            "moonshotai/Kimi-K2-Instruct-0905",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=16,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.12.4:5000",
            trust_remote_code=True,
        ),
        f"{t(D10, 12, 'TP0')} Init torch distributed begin.",
        f"{t(D10, 12, 'TP3')} Init torch distributed begin.",
        f"{t(D10, 13, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            PY312,
            *SCHED_053,
            ("model_executor/model_runner.py", 285, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 679, "init_torch_distributed", "init_distributed_environment("),
            (
                "distributed/parallel_state.py",
                1408,
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
            ("+torch/distributed/rendezvous.py", 230, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
            ("+torch/distributed/rendezvous.py", 198, "_create_c10d_store", "return TCPStore("),
        ),
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 5000, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        "",
        f"{t(D10, 13)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

D18 = "2025-11-29 08"
FIAR = (
    ("layers/communicator.py", 262, "prepare_attn", "self.input_layernorm.forward_with_allreduce_fusion("),
    ("layers/layernorm.py", 289, "forward_with_allreduce_fusion", "fused_result = fused_op("),
    (
        "layers/flashinfer_comm_fusion.py",
        163,
        "flashinfer_allreduce_residual_rmsnorm",
        "if not ensure_workspace_initialized(",
    ),
    ("layers/flashinfer_comm_fusion.py", 115, "ensure_workspace_initialized", "_workspace_manager.initialize("),
    ("layers/flashinfer_comm_fusion.py", 61, "initialize", "comm.trtllm_create_ipc_workspace_for_all_reduce_fusion("),
    (
        "+flashinfer/comm/trtllm_ar.py",
        572,
        "trtllm_create_ipc_workspace_for_all_reduce_fusion",
        "ipc_handles.append(create_shared_buffer(aligned_size, group))",
    ),
    (
        "+flashinfer/comm/cuda_ipc.py",
        220,
        "create_shared_buffer",
        "pointers.append(cudart.cudaIpcOpenMemHandle(h).value)",
    ),
    ("+flashinfer/comm/cuda_ipc.py", 187, "cudaIpcOpenMemHandle", "self.CUDART_CHECK("),
    ("+flashinfer/comm/cuda_ipc.py", 144, "CUDART_CHECK", 'raise RuntimeError(f"CUDART error: {error_str}")'),
)
case(
    "gb200_allreduce_fusion_ipc_across_nodes",
    "0.5.5",
    "sglang-0.5.5 wheel (layers/communicator.py:262, layernorm.py:289, flashinfer_comm_fusion.py:61/115/163, cuda_graph_runner.py:381-385 + CUDA_GRAPH_CAPTURE_FAILED_MSG); flashinfer 0.5.0 comm/trtllm_ar.py:572, comm/cuda_ipc.py:144/187/220 `CUDART error: {error_str}`; flashinfer-ai/flashinfer#2006",
    "nccl_or_distributed",
    "--enable-flashinfer-allreduce-fusion with TP8 over two GB200 trays: the fusion workspace opens peers' cudaIpc handles, which are node-local, so the peer on the other node is an invalid handle -- an all-reduce peer-access failure across nodes, surfacing in capture",
    join(
        sargs(
            D18,
            0,
            "nvidia/DeepSeek-R1-0528-FP4-v2",
            dtype="auto",
            quantization="modelopt_fp4",
            mem_fraction_static=0.85,
            tp_size=8,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.20.3.11:5000",
            enable_flashinfer_allreduce_fusion=True,
        ),
        f"{t(D18, 14, 'TP0')} Init torch distributed begin.",
        f"{t(D18, 15, 'TP0')} Custom allreduce is disabled because this process group spans across nodes.",
        f"{t(D18, 16, 'TP0')} Init torch distributed ends. mem usage=1.61 GB",
        f"{t(D18, 16, 'TP0')} Load weight begin. avail mem=182.47 GB",
        f"{t(D18, 70, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=134.63 GB, mem usage=47.84 GB.",
        f"{t(D18, 70, 'TP0')} KV Cache is allocated. #tokens: 3341888, KV size: 108.38 GB",
        f"{t(D18, 70, 'TP0')} Memory pool end. avail mem=25.64 GB",
        f"{t(D18, 71, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=25.11 GB",
        "Capturing batches (bs=256 avail_mem=25.09 GB):   0%|          | 0/35 [00:00<?, ?it/s]",
        f"{t(D18, 72, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            PY312,
            ("model_executor/cuda_graph_runner.py", 381, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 500, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 692, "capture_one_batch_size", "run_once()"),
            ("model_executor/cuda_graph_runner.py", 679, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            ("models/deepseek_v2.py", 3101, "forward", "hidden_states = self.model("),
            ("models/deepseek_v2.py", 2958, "forward", "hidden_states, residual = layer("),
            (
                "models/deepseek_v2.py",
                2677,
                "forward",
                "hidden_states, residual = self.layer_communicator.prepare_attn(",
            ),
            *FIAR,
        ),
        "RuntimeError: CUDART error: invalid resource handle",
        DURING + TB,
        tb(
            WS,
            PY312,
            *SCHED_055,
            ("model_executor/model_runner.py", 482, "initialize", "self.init_device_graphs()"),
            (
                "model_executor/model_runner.py",
                1995,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("model_executor/cuda_graph_runner.py", 383, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: CUDART error: invalid resource handle",
        CAPTURE_HINTS,
        "",
        f"{t(D18, 72)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

D27 = "2026-03-24 05"
case(
    "gb200_pd_prefill_deepep_buffer_invalid_handle_at_warmup",
    "0.5.10.post1",
    "sglang-0.5.10.post1 wheel (http_server.py:1863-1905 `Start of pd disaggregation warmup ...`, scheduler.py event loop, layers/moe/token_dispatcher/deepep.py:221 `cls._buffer = Buffer(`, tokenizer_manager.py SIGQUIT lines); sgl-project/sglang#26196 (`Failed: CUDA error /build/DeepEP/csrc/deep_ep.cpp:112 'invalid resource handle'` on GB200, then 278 'an illegal memory access')",
    "nccl_or_distributed",
    "a PD prefill server (TP8/EP8/DP8 over two GB200 trays, DeepEP normal mode) builds DeepEP's buffer on the warm-up request; DeepEP exchanges IPC handles that do not open across the NVL72 trays: a distributed buffer set-up failure before ready",
    join(
        sargs(
            D27,
            0,
            "deepseek-ai/DeepSeek-R1-0528",
            dtype="auto",
            mem_fraction_static=0.84,
            tp_size=8,
            ep_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="normal",
            disaggregation_mode="prefill",
            nnodes=2,
            node_rank=0,
        ),
        f"{t(D27, 120, 'DP0 TP0 EP0')} Load weight end. elapsed=97.31 s, type=DeepseekV3ForCausalLM, quant=fp8, fmt=e4m3, avail mem=99.82 GB, mem usage=82.66 GB.",
        f"{t(D27, 121, 'DP0 TP0 EP0')} KV Cache is allocated. #tokens: 1312640, KV size: 85.74 GB",
        f"{t(D27, 121, 'DP0 TP0 EP0')} Memory pool end. avail mem=12.61 GB",
        f"{t(D27, 123, 'DP0 TP0 EP0')} max_total_num_tokens=1312640, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=12.61 GB",
        f"{t(D27, 124)} INFO:     Started server process [3310]",
        f"{t(D27, 124)} INFO:     Waiting for application startup.",
        f"{t(D27, 124)} INFO:     Application startup complete.",
        f"{t(D27, 124)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{t(D27, 125)} INFO:     127.0.0.1:38812 - "GET /model_info HTTP/1.1" 200 OK',
        f"{t(D27, 125)} Start of pd disaggregation warmup ...",
        f"{t(D27, 126, 'DP0 TP0 EP0')} Prefill batch, #new-seq: 1, #new-token: 4, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, #prealloc-req: 0, #inflight-req: 0, cuda graph: False, input throughput (token/s): 0.00",
        f"{t(D27, 127, 'DP0 TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            PY312,
            ("managers/scheduler.py", 3617, "run_scheduler_process", "dispatch_event_loop(scheduler)"),
            ("managers/scheduler.py", 3504, "dispatch_event_loop", "scheduler.event_loop_overlap_disagg_prefill()"),
            (
                "disaggregation/prefill.py",
                435,
                "event_loop_overlap_disagg_prefill",
                "batch_result = self.run_batch(batch)",
            ),
            ("managers/scheduler.py", 2684, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
            ("managers/tp_worker.py", 469, "forward_batch_generation", "out = self.model_runner.forward("),
            ("model_executor/model_runner.py", 2739, "forward", "output = self._forward_raw("),
            ("models/deepseek_v2.py", 946, "forward_deepep", "final_hidden_states = self.experts("),
            ("layers/moe/token_dispatcher/deepep.py", 524, "_get_buffer", "return DeepEPBuffer.get_deepep_buffer("),
            ("layers/moe/token_dispatcher/deepep.py", 221, "get_deepep_buffer", "cls._buffer = Buffer("),
            ("+deep_ep/buffer.py", 132, "__init__", "self.sync(device_ids, ipc_handles, root_unique_id)"),
        ),
        "RuntimeError: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:112 'invalid resource handle'",
        "",
        f"{t(D27, 127)} SIGQUIT received. signum=3, frame=None. It usually means one child failed.",
        f"{t(D27, 127)} Dumping requests before crash. self.crash_dump_folder=None",
    ),
)

D24 = "2026-02-06 16"
ROOM = 4389012213776321043
case(
    "gb200_pd_decode_mooncake_loses_prefill_after_ready",
    "0.5.8",
    "sglang-0.5.8 wheel (disaggregation/mooncake/conn.py:921-975 heartbeat `Attempting to reconnect to ...`, :1045-1078 `Losing connection with prefill instance (bootstrap_addr: ...), N requests affected`, :42-49/1164 KVTransferError, disaggregation/decode.py:772-790 `Decode transfer failed for request rank=...`); sgl-project/sglang#36033",
    "nccl_or_distributed",
    "a PD decode server on GB200, ready and decoding, loses its prefill peer: the Mooncake heartbeat fails, in-flight KV transfers fail and their requests are aborted -- a distributed KV-transfer failure after ready",
    join(
        sargs(
            D24,
            0,
            "deepseek-ai/DeepSeek-R1-0528",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=4,
            disaggregation_mode="decode",
            disaggregation_transfer_backend="mooncake",
            port=30001,
        ),
        f"{t(D24, 140, 'TP0')} max_total_num_tokens=1871552, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=1024, context_len=163840, available_gpu_mem=9.87 GB",
        ready(D24, 141, port=30001, pid=5120, rank="TP0", info="/model_info"),
        f"{t(D24, 600, 'TP0')} Decode batch, #running-req: 188, #token: 701312, token usage: 0.37, pre-allocated usage: 0.04, #prealloc-req: 3, #transfer-req: 37, #retracted-req: 0, cuda graph: True, gen throughput (token/s): 6621.04, #queue-req: 0, ",
        f"{t(D24, 610, 'TP0')} Attempting to reconnect to 10.20.5.17:8998...",
        f"{t(D24, 615, 'TP0')} Attempting to reconnect to 10.20.5.17:8998...",
        f"{t(D24, 620, 'TP0')} Attempting to reconnect to 10.20.5.17:8998...",
        f"{t(D24, 620, 'TP0')} Losing connection with prefill instance (bootstrap_addr: 10.20.5.17:8998), 37 requests affected",
        f"{t(D24, 620, 'TP0')} Decode transfer failed for request rank=0 decode_req.req.rid='a4f1c0e2b7d94c1e8f2a6b3c5d7e9f01' decode_req.req.bootstrap_room={ROOM} with exception KVTransferError(bootstrap_room={ROOM}): Losing connection with prefill instance (bootstrap_addr: 10.20.5.17:8998)",
        f"{t(D24, 620, 'TP0')} Decode transfer failed for request rank=0 decode_req.req.rid='0c9e27d1f3a84b56a1e2c3d4f5a6b7c8' decode_req.req.bootstrap_room={ROOM + 7919} with exception KVTransferError(bootstrap_room={ROOM + 7919}): Losing connection with prefill instance (bootstrap_addr: 10.20.5.17:8998)",
        f'{t(D24, 620)} INFO:     10.20.0.4:40112 - "POST /generate HTTP/1.1" 500 Internal Server Error',
        f'{t(D24, 620)} INFO:     10.20.0.4:40118 - "POST /generate HTTP/1.1" 500 Internal Server Error',
        f"{t(D24, 640, 'TP0')} Decode batch, #running-req: 151, #token: 566272, token usage: 0.30, pre-allocated usage: 0.00, #prealloc-req: 0, #transfer-req: 0, #retracted-req: 0, cuda graph: True, gen throughput (token/s): 5210.77, #queue-req: 0, ",
    ),
)

D29 = "2026-03-30 11"
case(
    "gb200_nccl_watchdog_timeout_after_ready",
    "0.5.10.post1",
    "sglang-0.5.10.post1 wheel (utils/watchdog.py SubprocessWatchdog `Subprocess {name} (pid=...) crashed with exit code ... Triggering SIGQUIT for cleanup...`, engine.py:737-746 names scheduler_{i}, tokenizer_manager.py:2559-2567 SIGQUIT / dump); torch's ProcessGroupNCCL watchdog lines (as in sgl-project/sglang#3932)",
    "nccl_or_distributed",
    "TP8 over two GB200 trays, serving for hours: one tray's NVLink path goes away, a collective never completes and torch's NCCL watchdog takes the rank down after 600 s -- a communication failure after ready",
    join(
        sargs(
            D29,
            0,
            "moonshotai/Kimi-K2-Instruct-0905",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=8,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.20.3.11:5000",
            trust_remote_code=True,
        ),
        f"{t(D29, 16, 'TP0')} Custom allreduce is disabled because this process group spans across nodes.",
        f"{t(D29, 231, 'TP0')} max_total_num_tokens=1921536, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=2048, context_len=262144, available_gpu_mem=11.86 GB",
        ready(
            D29,
            232,
            pid=61301,
            rank="TP0",
            info="/model_info",
            prefill_tail="cuda graph: False, input throughput (token/s): 0.00",
        ),
        f"{t(D29, 300, 'TP0')} Decode batch, #running-req: 96, #token: 402177, token usage: 0.21, cuda graph: True, gen throughput (token/s): 3312.58, #queue-req: 0",
        f'{t(D29, 302)} INFO:     10.20.0.9:33120 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        "[rank5]:[E330 11:15:03.482917553 ProcessGroupNCCL.cpp:685] [Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=981223, OpType=ALLREDUCE, NumelIn=14336, NumelOut=14336, Timeout(ms)=600000) ran for 600074 milliseconds before timing out.",
        "[rank5]:[E330 11:15:03.483052201 ProcessGroupNCCL.cpp:2252] [PG ID 2 PG GUID 3 Rank 5]  failure detected by watchdog at work sequence id: 981223 PG status: last enqueued work: 981224, last completed work: 981222",
        "[rank5]:[E330 11:15:03.483061339 ProcessGroupNCCL.cpp:732] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        "[rank5]:[E330 11:15:03.483190474 ProcessGroupNCCL.cpp:698] [Rank 5] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[rank5]:[E330 11:15:03.483197118 ProcessGroupNCCL.cpp:704] [Rank 5] To avoid data inconsistency, we are taking the entire process down.",
        "[rank5]:[E330 11:15:03.485440815 ProcessGroupNCCL.cpp:1899] [PG ID 2 PG GUID 3 Rank 5] Process group watchdog thread terminated with exception: [Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=981223, OpType=ALLREDUCE, NumelIn=14336, NumelOut=14336, Timeout(ms)=600000) ran for 600074 milliseconds before timing out.",
        "Exception raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:688 (most recent call first):",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"{t(D29, 906)} Subprocess scheduler_1 (pid=61442) crashed with exit code -6. Triggering SIGQUIT for cleanup...",
        f"{t(D29, 906)} SIGQUIT received. signum=3, frame=None. It usually means one child failed.",
        f"{t(D29, 906)} Dumping requests before crash. self.crash_dump_folder=None",
    ),
)


# ================================================================================================================
# healthy: ready and serving, with lines that look alarming
# ================================================================================================================
D12 = "2025-10-11 20"
case(
    "rtx5090_tp2_healthy_p2p_fallback_and_retractions",
    "0.5.3",
    "sglang-0.5.3 wheel (distributed/device_communicators/custom_all_reduce.py:158-163 `Custom allreduce is disabled because your platform lacks GPU P2P capability ...`, scheduler.py:2016-2020 `KV cache pool is full. Retract requests.`, scheduler_metrics_mixin.py `Prefill batch.` / `Decode batch.`)",
    "healthy",
    "two RTX 5090 over PCIe: custom allreduce falls back to NCCL, the server is ready, and under a burst the KV pool fills (token usage 1.00) and requests are retracted and re-queued; one client gets a 400 -- pressure, not failure",
    join(
        sargs(D12, 0, "Qwen/Qwen3-14B", dtype="auto", mem_fraction_static=0.83, tp_size=2, port=30000),
        f"{t(D12, 7, 'TP0')} Init torch distributed begin.",
        f"{t(D12, 8, 'TP0')} Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
        f"{t(D12, 8, 'TP1')} Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
        f"{t(D12, 9, 'TP0')} Init torch distributed ends. mem usage=0.41 GB",
        f"{t(D12, 9, 'TP0')} Load weight begin. avail mem=30.42 GB",
        f"{t(D12, 17, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=16.37 GB, mem usage=14.05 GB.",
        f"{t(D12, 17, 'TP0')} KV Cache is allocated. #tokens: 103680, K size: 3.96 GB, V size: 3.96 GB",
        f"{t(D12, 17, 'TP0')} Memory pool end. avail mem=7.84 GB",
        f"{t(D12, 18, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=7.31 GB",
        f"{t(D12, 41, 'TP0')} Capture cuda graph end. Time elapsed: 22.87 s. mem usage=0.62 GB. avail mem=6.69 GB.",
        f"{t(D12, 42, 'TP0')} max_total_num_tokens=103680, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=2048, context_len=40960, available_gpu_mem=6.69 GB",
        [line.replace("Prefill batch,", "Prefill batch.") for line in ready(D12, 43, pid=23051, rank="TP0")],
        f"{t(D12, 300, 'TP0')} Prefill batch. #new-seq: 9, #new-token: 4096, #cached-token: 1024, token usage: 0.93, #running-req: 61, #queue-req: 40, ",
        f"{t(D12, 302, 'TP0')} Decode batch. #running-req: 70, #token: 103512, token usage: 1.00, cuda graph: True, gen throughput (token/s): 1894.20, #queue-req: 40, ",
        f"{t(D12, 302, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 6, #aborted_retracted_reqs: 0, #new_token_ratio: 0.4312 -> 0.6021",
        f"{t(D12, 304, 'TP0')} Decode batch. #running-req: 64, #token: 97856, token usage: 0.94, cuda graph: True, gen throughput (token/s): 1811.67, #queue-req: 46, ",
        f'{t(D12, 305)} INFO:     192.168.1.31:55102 - "POST /v1/chat/completions HTTP/1.1" 400 Bad Request',
        f'{t(D12, 306)} INFO:     192.168.1.31:55090 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{t(D12, 320, 'TP0')} Decode batch. #running-req: 58, #token: 80211, token usage: 0.77, cuda graph: True, gen throughput (token/s): 1766.02, #queue-req: 11, ",
    ),
)

D20 = "2025-11-28 13"
case(
    "b200_gptoss_healthy_mxfp4_and_allreduce_fusion_notices",
    "0.5.5",
    "sglang-0.5.5 wheel (server_args.py:966-986 `Enable FlashInfer AllReduce Fusion on sm100 for GptOssForCausalLM` / `Detected SM100 and MXFP4 quantization format ...`, layers/flashinfer_comm_fusion.py:75 `FlashInfer workspace initialized for rank ...`); flashinfer 0.5.0 comm/trtllm_ar.py:574 print of the ipc handles; fused_moe_triton config warning",
    "healthy",
    "GPT-OSS-120B on two B200: the SM100 auto-selections, FlashInfer's allreduce-fusion workspace prints raw IPC handle addresses, and the server is ready and serving",
    join(
        sargs(D20, 0, "openai/gpt-oss-120b", dtype="auto", mem_fraction_static=0.85, tp_size=2, port=8000),
        f"{t(D20, 0)} Enable FlashInfer AllReduce Fusion on sm100 for GptOssForCausalLM",
        f"{t(D20, 0)} Detected SM100 and MXFP4 quantization format for GPT-OSS model, enabling FlashInfer MXFP4 MOE kernel.",
        f"{t(D20, 8, 'TP0')} Init torch distributed begin.",
        f"{t(D20, 9, 'TP0')} Init torch distributed ends. mem usage=1.18 GB",
        f"{t(D20, 9, 'TP0')} Load weight begin. avail mem=176.69 GB",
        f"{t(D20, 38, 'TP0')} Load weight end. type=GptOssForCausalLM, dtype=torch.bfloat16, avail mem=144.30 GB, mem usage=32.39 GB.",
        f"{t(D20, 38, 'TP0')} KV Cache is allocated. #tokens: 6854784, K size: 58.83 GB, V size: 58.83 GB",
        f"{t(D20, 38, 'TP0')} Memory pool end. avail mem=25.81 GB",
        f"{t(D20, 39, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=25.27 GB",
        "rank 0 allocated ipc_handles: [['0x7f3a40000000', '0x7f3a20000000'], ['0x7f3a1e000000', '0x7f3a1dc00000'], ['0x7f39f0000000', '0x7f39c0000000']]",
        "rank 1 allocated ipc_handles: [['0x7f6b60000000', '0x7f6b80000000'], ['0x7f6b5e000000', '0x7f6b5e200000'], ['0x7f6b30000000', '0x7f6b00000000']]",
        f"{t(D20, 40, 'TP0')} FlashInfer workspace initialized for rank 0, world_size 2",
        f"{t(D20, 40, 'TP1')} FlashInfer workspace initialized for rank 1, world_size 2",
        f"{t(D20, 76, 'TP0')} Capture cuda graph end. Time elapsed: 36.92 s. mem usage=1.21 GB. avail mem=24.06 GB.",
        f"{t(D20, 77, 'TP0')} max_total_num_tokens=6854784, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=24.06 GB",
        ready(D20, 78, port=8000, pid=61877, rank="TP0"),
        f"{t(D20, 200, 'TP0')} Decode batch, #running-req: 128, #token: 301440, token usage: 0.04, cuda graph: True, gen throughput (token/s): 14412.77, #queue-req: 0, ",
        f'{t(D20, 201)} INFO:     127.0.0.1:60018 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

D25 = "2026-02-12 19"
SPARK_IMG = "/usr/local/lib/python3.12/dist-packages"
case(
    "dgx_spark_healthy_capability_warning_and_unified_memory",
    "0.5.8",
    "sglang-0.5.8 wheel (utils/common.py:513-519 GB10 reads psutil's available memory, model_runner.py start-up lines, `Capture cuda graph ...`); torch's old_gpu_warn text (`Found GPU0 NVIDIA GB10 which is of cuda capability 12.1. ... (8.0) - (12.0)`); TRITON_PTXAS_PATH as vLLM's docs and triton-lang/triton#8539 give it",
    "healthy",
    "DGX Spark with the system CUDA 13 ptxas handed to Triton: torch warns that capability 12.1 is above what it was built for, the server still captures, reaches ready and serves",
    join(
        "$ docker run --gpus all --ipc=host -e TRITON_PTXAS_PATH=/usr/local/cuda/bin/ptxas -p 30000:30000 sglang-spark:0.5.8 python3 -m sglang.launch_server --model Qwen/Qwen3-30B-A3B-Instruct-2507-FP8 --host 0.0.0.0 --mem-fraction-static 0.6",
        f"{SPARK_IMG}/torch/cuda/__init__.py:283: UserWarning: ",
        "    Found GPU0 NVIDIA GB10 which is of cuda capability 12.1.",
        "    Minimum and Maximum cuda capability supported by this version of PyTorch is",
        "    (8.0) - (12.0)",
        "    ",
        "  warnings.warn(",
        sargs(
            D25,
            3,
            "Qwen/Qwen3-30B-A3B-Instruct-2507-FP8",
            dtype="auto",
            mem_fraction_static=0.6,
            tp_size=1,
            host="0.0.0.0",
        ),
        f"{t(D25, 10)} Init torch distributed begin.",
        f"{t(D25, 10)} Init torch distributed ends. mem usage=0.00 GB",
        f"{t(D25, 10)} Load weight begin. avail mem=113.58 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 7/7 [01:12<00:00, 10.34s/it]",
        f"{t(D25, 84)} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=82.11 GB, mem usage=31.47 GB.",
        f"{t(D25, 84)} KV Cache is allocated. #tokens: 368640, K size: 16.88 GB, V size: 16.88 GB",
        f"{t(D25, 84)} Memory pool end. avail mem=47.90 GB",
        f"{t(D25, 85)} Capture cuda graph begin. This can take up to several minutes. avail mem=47.38 GB",
        f"{t(D25, 85)} Using default MoE kernel config. Performance might be sub-optimal! Config file not found at {SPARK_IMG}/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_5_1/E=128,N=768,device_name=NVIDIA_GB10,dtype=fp8_w8a8,block_shape=[128, 128].json, you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton",
        f"{t(D25, 171)} Capture cuda graph end. Time elapsed: 86.02 s. mem usage=0.91 GB. avail mem=46.47 GB.",
        f"{t(D25, 172)} max_total_num_tokens=368640, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=2048, context_len=262144, available_gpu_mem=46.47 GB",
        ready(D25, 173, pid=1, info="/model_info"),
        f"{t(D25, 260)} Decode batch, #running-req: 4, #token: 9216, token usage: 0.03, cuda graph: True, gen throughput (token/s): 58.21, #queue-req: 0, ",
    ),
)

D28 = "2026-03-27 02"
case(
    "b200_dsr1_nvfp4_healthy_retractions_under_load",
    "0.5.10.post1",
    "sglang-0.5.10.post1 wheel (server_args.py:1610/1657 `Use trtllm_mla as attention backend on sm100 ...` / `Use flashinfer_trtllm as MoE runner backend on sm100 ...`, model_runner.py `Load weight end. elapsed=..., quant=...`, scheduler.py:2595-2605 `KV cache pool is full. Retract requests. ... #new_tokens_gained`, observability/scheduler_metrics_mixin.py Prefill/Decode lines)",
    "healthy",
    "DeepSeek-R1 NVFP4 on four B200, ready; a long-output benchmark drives token usage to 0.99-1.00 and the scheduler retracts and re-queues decodes twice -- KV pressure, not a failure",
    join(
        sargs(
            D28,
            0,
            "nvidia/DeepSeek-R1-0528-FP4-v2",
            dtype="auto",
            quantization="modelopt_fp4",
            kv_cache_dtype="fp8_e4m3",
            mem_fraction_static=0.85,
            tp_size=4,
            speculative_algorithm="EAGLE",
        ),
        f"{t(D28, 0)} Use trtllm_mla as attention backend on sm100 for DeepseekV3ForCausalLM",
        f"{t(D28, 0)} Use flashinfer_trtllm as MoE runner backend on sm100 for DeepseekV3ForCausalLM",
        f"{t(D28, 14, 'TP0')} Init torch distributed begin.",
        f"{t(D28, 16, 'TP0')} Init torch distributed ends. elapsed=1.84 s, mem usage=1.49 GB",
        f"{t(D28, 16, 'TP0')} Load weight begin. avail mem=176.72 GB",
        f"{t(D28, 99, 'TP0')} Load weight end. elapsed=83.12 s, type=DeepseekV3ForCausalLM, quant=modelopt, quant_algo=NVFP4, avail mem=81.05 GB, mem usage=95.67 GB.",
        f"{t(D28, 100, 'TP0')} KV Cache is allocated. #tokens: 1785600, KV size: 61.74 GB",
        f"{t(D28, 100, 'TP0')} Memory pool end. avail mem=16.94 GB",
        f"{t(D28, 101, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=16.41 GB",
        f"{t(D28, 153, 'TP0')} Capture cuda graph end. Time elapsed: 52.33 s. mem usage=2.87 GB. avail mem=13.54 GB.",
        f"{t(D28, 154, 'TP0')} max_total_num_tokens=1785600, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=512, context_len=163840, available_gpu_mem=13.54 GB",
        ready(
            D28,
            155,
            pid=44120,
            rank="TP0",
            info="/model_info",
            prefill_tail="cuda graph: False, input throughput (token/s): 0.00",
        ),
        f"{t(D28, 900, 'TP0')} Prefill batch, #new-seq: 2, #new-token: 16384, #cached-token: 0, token usage: 0.99, #running-req: 509, #queue-req: 37, cuda graph: False, input throughput (token/s): 31877.20",
        f"{t(D28, 901, 'TP0')} Decode batch, #running-req: 511, #token: 1785344, token usage: 1.00, accept len: 2.64, accept rate: 0.66, cuda graph: True, gen throughput (token/s): 11894.05, #queue-req: 37",
        f"{t(D28, 901, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 14, #new_tokens_gained: 49152, #new_token_ratio: 0.3917 -> 0.5811",
        f"{t(D28, 905, 'TP0')} Decode batch, #running-req: 497, #token: 1742080, token usage: 0.98, accept len: 2.59, accept rate: 0.65, cuda graph: True, gen throughput (token/s): 11602.44, #queue-req: 51",
        f"{t(D28, 910, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 5, #new_tokens_gained: 20480, #new_token_ratio: 0.5603 -> 0.6488",
        f'{t(D28, 911)} INFO:     10.0.2.18:51290 - "POST /v1/completions HTTP/1.1" 200 OK',
        f"{t(D28, 930, 'TP0')} Decode batch, #running-req: 462, #token: 1569280, token usage: 0.88, accept len: 2.71, accept rate: 0.68, cuda graph: True, gen throughput (token/s): 12011.93, #queue-req: 12",
    ),
)

D31 = "2025-10-24 09"
case(
    "gb200_two_node_healthy_cross_node_notices",
    "0.5.3",
    "sglang-0.5.3 wheel (custom_all_reduce.py:96-102 `Custom allreduce is disabled because this process group spans across nodes.`, model_runner.py start-up lines, scheduler_metrics_mixin.py); NCCL INFO lines' shape",
    "healthy",
    "TP8 over two GB200 trays with MNNVL: custom allreduce is off across nodes, NCCL prints its bootstrap INFO, a client sends an over-long prompt and gets a 400, and the server keeps serving",
    join(
        sargs(
            D31,
            0,
            "deepseek-ai/DeepSeek-R1-0528",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=8,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.20.3.11:5000",
            trust_remote_code=True,
        ),
        f"{t(D31, 14, 'TP0')} Init torch distributed begin.",
        f"{NCCL_HOST}:30112:30112 [0] NCCL INFO NCCL version 2.27.3+cuda12.9",
        f"{NCCL_HOST}:30112:30112 [0] NCCL INFO MNNVL busId 0x8010 fabric UUID 7d2c91a4e0b3f1c2.5a18e6d2c0f49b73 cliqueId 0x7ffe state 3 healthMask 0xff",
        f"{NCCL_HOST}:30112:30561 [0] NCCL INFO ncclCommInitRank comm 0xaaab2f1c4d80 rank 0 nranks 8 cudaDev 0 nvmlDev 0 busId 8010 commId 0x4d7a21c9e3b0f6a5 - Init COMPLETE",
        f"{t(D31, 16, 'TP0')} Custom allreduce is disabled because this process group spans across nodes.",
        f"{t(D31, 17, 'TP0')} Init torch distributed ends. mem usage=2.04 GB",
        f"{t(D31, 17, 'TP0')} Load weight begin. avail mem=182.27 GB",
        f"{t(D31, 150, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=100.48 GB, mem usage=81.79 GB.",
        f"{t(D31, 150, 'TP0')} KV Cache is allocated. #tokens: 1284096, KV size: 83.89 GB",
        f"{t(D31, 150, 'TP0')} Memory pool end. avail mem=14.62 GB",
        f"{t(D31, 151, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=14.09 GB",
        f"{t(D31, 199, 'TP0')} Capture cuda graph end. Time elapsed: 48.10 s. mem usage=1.77 GB. avail mem=12.32 GB.",
        f"{t(D31, 200, 'TP0')} max_total_num_tokens=1284096, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=12.32 GB",
        [line.replace("Prefill batch,", "Prefill batch.") for line in ready(D31, 201, pid=30090, rank="TP0")],
        f'{t(D31, 400)} INFO:     10.20.0.4:39210 - "POST /v1/chat/completions HTTP/1.1" 400 Bad Request',
        f"{t(D31, 401, 'TP0')} Decode batch. #running-req: 64, #token: 262144, token usage: 0.20, cuda graph: True, gen throughput (token/s): 2790.41, #queue-req: 0, ",
        f'{t(D31, 402)} INFO:     10.20.0.4:39224 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)


# ------------------------------------------------------------------------------------------------------ the tests
XFAIL: dict[str, str] = {  # filled after the ONE first-sight run: case -> label the classifier gave
    "gb200_allreduce_fusion_ipc_across_nodes": "cuda_error_other",
    "gb200_pd_prefill_deepep_buffer_invalid_handle_at_warmup": "cuda_error_other",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_blackwell_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}  # healthy cases that fire a failure event on the way: case -> event label


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_blackwell_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
