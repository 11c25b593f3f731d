"""Deterministic / batch-invariant inference and the sampling flags, as they show in SGLang 0.5.3-0.5.10.post1 logs.

SYNTHETIC: every case below was written blind by a helper (no look at the classifier, its tests or fixtures) from real
release text. Scope: `--enable-deterministic-inference` (its argument checks in `ServerArgs._handle_deterministic_inference`:
the allowed attention backends ['flashinfer', 'fa3', 'triton'], the DeepSeek-only ['fa3', 'triton'] rule, the automatic
fallback to fa3 / flashinfer, radix cache switched off for flashinfer, NCCL_ALGO=allreduce:tree and custom all-reduce off
for TP > 1, the sampling backend forced to pytorch), the batch-invariant ops it installs (`enable_batch_invariant_mode`:
the persistent Triton matmul, DeepGEMM `bf16_gemm_nn` on SM90+, torch's dispatcher warning when aten::mm is overridden),
FlashInfer's fixed 2 GiB workspace and split tiles in that mode, the chunked-prefill truncation alignment (4096), the
per-request sampling seed (`multinomial_with_seed`, the min_p assertion), `--random-seed`, `--sampling-backend`,
`--enable-custom-logit-processor`, `--enable-nan-detection`, and the sampler kernels (sgl_kernel
`top_k_top_p_sampling_from_probs`).

Sources. Wheels (pip download --no-deps, read under sglang/srt/): sglang 0.5.3, 0.5.4.post1, 0.5.5, 0.5.9, 0.5.10.post1
(server_args.py `_handle_deterministic_inference` / `_handle_model_specific_adjustments` / argparse choices,
batch_invariant_ops/batch_invariant_ops.py, layers/sampler.py, sampling/sampling_batch_info.py,
sampling/custom_logit_processor.py, layers/attention/attention_registry.py + flashinfer_backend.py,
model_executor/model_runner.py + cuda_graph_runner.py + model_runner_kv_cache_mixin.py, managers/scheduler.py +
schedule_policy.py + tp_worker.py + tp_worker_overlap_thread.py + tokenizer_manager.py, entrypoints/http_server.py +
engine.py, distributed/device_communicators/pynccl*.py, the launch_server.py of each release); flashinfer-python 0.4.0rc3
(include/flashinfer/allocator.h, exception.h) and 0.6.3 (csrc/sampling.cu); DeepGEMM csrc/utils/exception.hpp and
csrc/jit_kernels/impls/runtime_utils.hpp (DG CUDA driver errors). Public threads: sgl-project/sglang #29149 and #34486 /
#35732 (Triton shared-memory OutOfResources on sm_89 in deterministic mode), #25823 / #25840 and #12911 / #13226 (DeepGEMM
failing inside the batch-invariant matmul), #38980 (sgl-kernel FA3 on sm_89: `CUDA error (...flash_fwd_launch_template.h:203):
invalid argument` at capture), #33695 (min_p with a sampling seed), #10407 and #19383 (TopKTopPSamplingFromProbs illegal
memory access), #2102 / #1405 (FlashInfer AlignedAllocator workspace overflow), #11801 (the deterministic backend
fallback), #10645 / #10694 (deterministic flashinfer / triton, the split-tile and truncation-align env vars), #21460
(Ray-wrapped SGLangEngine logs in RL), #8513 (a sigquit after a Triton OutOfResources). NCCL's shmutils WARN lines as
printed in public pastes. Library line numbers (torch, triton, dill, sgl_kernel, flashinfer python) are approximate;
SGLang's own file:line are the named release's.

Labelling policy (decided before the classifier ran, by /work/shared/corpus/README.md and the issue's families):
- The deterministic argument checks (a backend outside the allowed list, including one SGLang itself auto-picked for
  GPT-OSS / DeepSeek NSA, the DeepSeek rule, 0.5.3's refusal of an unspecified backend), argparse refusals of
  `--sampling-backend` / `--random-seed`: config_error, whatever wrapper (journald, ROCm image) carries them.
- A kernel that cannot run on this GPU as configured: FA3 asserted off on Blackwell, the fa3 fallback on an Ada card with
  no sm_89 FA3 build, the batch-invariant Triton matmul needing more shared memory per block than the card has: config_error
  (family 4: the hardware / a kernel without a build for this GPU; shared memory per block is not device memory, so no oom_*).
- A request whose own parameters the running mode cannot take and that kills the scheduler (min_p with the deterministic
  seed, a custom logit processor pickled by reference to a module the server lacks, `--sampling-backend ascend` on CUDA
  meeting its first top-p request): config_error (the user's arguments; no CUDA fault, no memory).
- Runtime CUDA faults in the sampler kernel (illegal memory access) and DeepGEMM's TMA descriptor rejected by the driver
  (CUDA_ERROR_INVALID_VALUE) inside the batch-invariant matmul: cuda_error_other.
- FlashInfer's workspace: the 2 GiB buffer that deterministic mode allocates failing to fit at start-up, and that fixed
  buffer overflowing (AlignedAllocator) on a long prompt while serving: oom_moe_workspace (the README's "workspace or
  buffer for ... FlashInfer kernels"), in both phases.
- OOM in the batch-invariant matmul during graph capture: oom_cuda_graph; `Not enough memory ... --mem-fraction-static`:
  oom_kv_cache; OOM in the seeded sampler or the logits matmul after ready: oom_runtime. NCCL's /dev/shm failure at the
  pynccl warm-up all-reduce: nccl_or_distributed.
- Healthy contrasts (reached ready, serving): the deterministic start-up warnings plus torch's "Overriding a previously
  registered kernel" dispatcher warning; 400s for an unenabled custom logit processor and a bad top_p; retractions under
  the radix-less flashinfer deterministic mode; NaN-detection warnings; a queue stalled by the 4096 truncation alignment
  with `--chunked-prefill-size 2048` (a stall, not a failure in the log).

First sight: 28/29 (1 miss, kept as a strict xfail below); healthy contrasts 5/5 end healthy and fire no failure event.
- fa3_fallback_no_sm89_build_exit_0_5_10: deterministic mode's fa3 fallback on an L40S, FA3 has no sm_89 build, the C++
  check prints `CUDA error (...flash_fwd_launch_template.h:203): invalid argument` and exits 1 at graph capture; labelled
  config_error (family 4, a kernel without a build for this GPU; the fix is `--attention-backend triton|flashinfer`), the
  classifier said cuda_error_other by cuda.error.
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
SGL = f"{PY}/sglang/srt"


def tb(*stack: tuple[str, int, str, str], sgl: str = SGL, site: str = PY) -> str:
    """Python's frames. A path is under `sgl` unless it starts with `/` or `<` (absolute) or `+` (another package in
    the same site-packages: `+torch/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{sgl}/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def prefixed(prefix: str, text: str) -> str:
    return "\n".join(prefix + line for line in text.split("\n"))


def sargs(second: int, model: str, **kw: object) -> str:
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def ready(
    second: int, *, info: str = "/model_info", port: int = 30000, pid: int = 4242, warm: str = "/generate"
) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET {info} HTTP/1.1" 200 OK',
        f'{ts(second + 2)} INFO:     127.0.0.1:46710 - "POST {warm} HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


def cuda_oom(tried: str, total: str, free: str, inuse: str, alloc: str, reserved: str, gpu: int = 0) -> str:
    """torch 2.8 / 2.9's CUDACachingAllocator message (the text after `torch.OutOfMemoryError: `)."""
    return (
        f"CUDA out of memory. Tried to allocate {tried}. GPU {gpu} has a total capacity of {total} of which {free} is free. "
        f"Including non-PyTorch memory, this process has {inuse} memory in use. Of the allocated memory {alloc} is allocated "
        f"by PyTorch, and {reserved} is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try "
        "setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
        "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


def sigquit_running(second: int) -> str:
    """0.5.x tokenizer manager's running-phase SIGQUIT handler (the launcher's line is for the launch phase)."""
    return (
        f"{ts(second)} SIGQUIT received. signum=3, frame=<frame at 0x7f3c9c2e1a40, file '/usr/lib/python3.12/selectors.py', "
        "line 468, code select>. It usually means one child failed."
    )


def sigquit_launch(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


# the deterministic handler's warnings (printed through logging's last-resort handler: no prefix, before logging is set)
W_SAMPLING = "Sampling backend is set to pytorch for deterministic inference."
W_NCCL = "NCCL_ALGO is set to 'allreduce:tree' and custom all reduce is disabled for deterministic inference when TP size > 1."
W_FA3 = (
    "Attention backend not specified. Falling back to 'fa3' for deterministic inference. "
    "You can explicitly set --attention-backend to one of ['flashinfer', 'fa3', 'triton']."
)


def w_radix(backend: str) -> str:
    return f"Currently radix cache is not compatible with {backend} attention backend for deterministic inference. It will be supported in the future."


W_SERVE_0510 = [
    f"{PY}/sglang/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
    "  Example: sglang serve --model-path <model> [options]",
    "  warnings.warn(",
]

# torch's dispatcher warning when enable_batch_invariant_mode() overrides aten::mm for CUDA (once per process)
TORCH_OVERRIDE = [
    "[W302 10:00:31.219846012 OperatorEntry.cpp:218] Warning: Warning only once for all operators,  other operators may also be overridden.",
    "  Overriding a previously registered kernel for the same operator and the same dispatch key",
    "  operator: aten::mm(Tensor self, Tensor mat2) -> Tensor",
    "    registered at /pytorch/build/aten/src/ATen/RegisterSchema.cpp:6",
    "  dispatch key: CUDA",
    "  previous kernel: registered at /pytorch/build/aten/src/ATen/RegisterCUDA_0.cpp:27347",
    "       new kernel: registered at /dev/null:241 (function operator())",
]

# -- shared frames
RUNPY312 = (("<frozen runpy>", 198, "_run_module_as_main", ""), ("<frozen runpy>", 88, "_run_code", ""))
CTX = ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)")
MOD28 = (
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
)
MOD29 = (
    ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
)


def args_stack(
    launch_line: int, prep: int, from_cli: int, init_line: int, post: int, handler: int, *, prep_code: str
) -> tuple:
    """prepare_server_args -> ServerArgs.__post_init__ -> _handle_deterministic_inference's raise."""
    return (
        (f"{PY}/sglang/launch_server.py", launch_line, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
        ("server_args.py", prep, "prepare_server_args", prep_code),
        ("server_args.py", from_cli, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
        ("<string>", init_line, "__init__", ""),
        ("server_args.py", post, "__post_init__", "self._handle_deterministic_inference()"),
        ("server_args.py", handler, "_handle_deterministic_inference", "raise ValueError("),
    )


# 0.5.3: scheduler init through the overlap worker client
INIT_053 = (
    ("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
)
# 0.5.5: scheduler init
INIT_055 = (
    ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
)
ATTN_055 = INIT_055 + (
    ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 478, "initialize", "self.init_attention_backend()"),
    (
        "model_executor/model_runner.py",
        1897,
        "init_attention_backend",
        "self.attn_backend = self._get_attention_backend()",
    ),
    (
        "model_executor/model_runner.py",
        1931,
        "_get_attention_backend",
        "attn_backend = self._get_attention_backend_from_str(",
    ),
    (
        "model_executor/model_runner.py",
        1948,
        "_get_attention_backend_from_str",
        "full_attention_backend = ATTENTION_BACKENDS[backend_str](self)",
    ),
)
CAPTURE_055 = INIT_055 + (
    ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 479, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1995,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 381, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 500, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 692, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 679, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
)
LOOP_055 = (
    ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    CTX,
    ("managers/scheduler.py", 990, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 1987, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        371,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 2147, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 2204, "_forward_raw", "ret = self.forward_extend("),
)
# 0.5.9
INIT_059 = (
    ("managers/scheduler.py", 3130, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 368, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 564, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 522, "init_tp_model_worker", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 247, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 330, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 413, "__init__", "self.initialize(min_per_gpu_memory)"),
)
LOOP_059 = (
    ("managers/scheduler.py", 3169, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    CTX,
    ("managers/scheduler.py", 1165, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2328, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
)
EXTEND_059 = LOOP_059 + (
    ("managers/tp_worker.py", 456, "forward_batch_generation", "out = self.model_runner.forward("),
    ("model_executor/model_runner.py", 2401, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 2500, "_forward_raw", "ret, can_run_graph = self.forward_extend("),
    ("model_executor/model_runner.py", 2359, "forward_extend", "return self.model.forward("),
)
# 0.5.10.post1
LOOP_0510 = (
    ("managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
    ("managers/scheduler.py", 3497, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
    CTX,
    ("managers/scheduler.py", 1361, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2684, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
)
SAMPLE_0510 = (
    LOOP_0510
    + (
        (
            "managers/tp_worker.py",
            502,
            "forward_batch_generation",
            "batch_result.next_token_ids = self.model_runner.sample(",
        ),
        ("model_executor/model_runner.py", 2907, "sample", "next_token_ids = self.sampler("),
    )
    + MOD29
)
LAUNCHER_0510 = RUNPY312 + (
    (f"{PY}/sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
    (f"{PY}/sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
    ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
    ("entrypoints/engine.py", 730, "_launch_subprocesses", "scheduler_init_result.wait_for_ready()"),
    (
        "entrypoints/engine.py",
        599,
        "wait_for_ready",
        "infos = _wait_for_scheduler_ready(scheduler_pipe_readers, scheduler_procs)",
    ),
    ("entrypoints/engine.py", 1220, "_wait_for_scheduler_ready", "raise _scheduler_died_error(j, scheduler_procs[j])"),
)


def qwen3_attn_to_linear(
    mod: tuple, linear: int, unquant: int, *, qwen3_fwd: int, layer: int, attn_call: int, prep_call: int, prep: int
) -> tuple:
    """Qwen3ForCausalLM.forward -> Qwen2Model layer loop -> Qwen3DecoderLayer.self_attn -> qkv_proj -> F.linear."""
    return (
        ("models/qwen3.py", qwen3_fwd, "forward", "hidden_states = self.model("),
        *mod,
        ("models/qwen2.py", 363, "forward", "hidden_states, residual = layer("),
        *mod,
        ("models/qwen3.py", attn_call, "forward", "hidden_states = self.self_attn("),
        *mod,
        ("models/qwen3.py", prep_call, "forward", "q, k, v = self.forward_prepare_native("),
        ("models/qwen3.py", prep, "forward_prepare_native", "qkv, _ = self.qkv_proj(hidden_states)"),
        *mod,
        ("layers/linear.py", linear, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
        ("layers/quantization/unquant.py", unquant, "apply", "return F.linear(x, layer.weight, bias)"),
    )


def triton_oor(required: int, limit: int, *, new_triton: bool) -> str:
    """Triton refusing to launch the persistent matmul: 3.5's raise_ helper (torch 2.9) or 3.4's direct raise (torch 2.8)."""
    frames = [
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
        ("+triton/compiler/compiler.py", 499, "__getattribute__", "self._init_handles()"),
    ]
    if new_triton:
        frames += [
            (
                "+triton/compiler/compiler.py",
                482,
                "_init_handles",
                'raise_(OutOfResources(self.metadata.shared, max_shared, "shared memory"))',
            ),
            ("+triton/compiler/compiler.py", 456, "raise_", "raise err"),
        ]
    else:
        frames += [
            (
                "+triton/compiler/compiler.py",
                467,
                "_init_handles",
                'raise OutOfResources(self.metadata.shared, max_shared, "shared memory")',
            )
        ]
    return (
        tb(*frames)
        + f"\ntriton.runtime.errors.OutOfResources: out of resource: shared memory, Required: {required}, Hardware limit: {limit}. Reducing block sizes or `num_stages` may help."
    )


# ============================================================================== start-up argument checks (config_error)
case(
    "det_no_attention_backend_0_5_3",
    "0.5.3",
    "sglang 0.5.3 server_args.py:1255-1266 (no fallback yet: attention_backend None is not in the allowed list); launch_server.py:21; #11801 added the fallback",
    "config_error",
    "0.5.3 refuses --enable-deterministic-inference without an explicit --attention-backend",
    join(
        W_SAMPLING,
        TB,
        tb(
            *RUNPY312,
            *args_stack(21, 3178, 2883, 282, 524, 1265, prep_code="server_args = ServerArgs.from_cli_args(raw_args)"),
        ),
        "ValueError: Currently only ['flashinfer', 'fa3', 'triton'] attention backends are supported for deterministic inference.",
    ),
)

case(
    "det_gptoss_autopicked_trtllm_mha_0_5_5",
    "0.5.5",
    "sglang 0.5.5 server_args.py _handle_model_specific_adjustments (GptOssForCausalLM on SM100 sets trtllm_mha, MXFP4 MoE warning) then _handle_deterministic_inference:1819",
    "config_error",
    "GPT-OSS on B200: SGLang itself picks trtllm_mha, then the deterministic check says 'you explicitly specified' it",
    join(
        "Detected SM100 and MXFP4 quantization format for GPT-OSS model, enabling FlashInfer MXFP4 MOE kernel.",
        W_SAMPLING,
        TB,
        tb(
            *RUNPY312,
            *args_stack(24, 4022, 3637, 318, 638, 1819, prep_code="return ServerArgs.from_cli_args(raw_args)"),
        ),
        "ValueError: Currently only ['flashinfer', 'fa3', 'triton'] attention backends are supported for deterministic inference, but you explicitly specified 'trtllm_mha'.",
    ),
)

_JOURNAL = "Mar 02 10:00:{s:02d} gpu-node-07 sglang-serve[4242]: "
case(
    "det_deepseek_flashinfer_journald_0_5_5",
    "0.5.5",
    "sglang 0.5.5 server_args.py:1826 (DeepSeek models: only ['fa3', 'triton']); systemd/journald wrapping",
    "config_error",
    "DeepSeek-V3 with --attention-backend flashinfer under deterministic mode, as journalctl shows a systemd unit",
    join(
        prefixed(
            _JOURNAL.format(s=6),
            join(
                W_SAMPLING,
                TB,
                tb(
                    *RUNPY312,
                    *args_stack(24, 4022, 3637, 318, 638, 1826, prep_code="return ServerArgs.from_cli_args(raw_args)"),
                ),
                "ValueError: Currently only ['fa3', 'triton'] attention backends are supported for deterministic inference with DeepSeek models. But you're using flashinfer.",
            ),
        ),
        "Mar 02 10:00:07 gpu-node-07 systemd[1]: sglang-serve.service: Main process exited, code=exited, status=1/FAILURE",
        "Mar 02 10:00:07 gpu-node-07 systemd[1]: sglang-serve.service: Failed with result 'exit-code'.",
        "Mar 02 10:00:07 gpu-node-07 systemd[1]: sglang-serve.service: Consumed 8.412s CPU time.",
    ),
)

case(
    "det_deepseek_v32_nsa_autopicked_0_5_4",
    "0.5.4.post1",
    "sglang 0.5.4.post1 server_args.py:1002-1039 (DeepSeek NSA: nsa backend, DP attention, page size 64, print_nsa_bool_env_vars) then :1711",
    "config_error",
    "DeepSeek-V3.2-Exp: the NSA adjustments pick 'nsa', which deterministic mode refuses as 'explicitly specified'",
    join(
        "Set nsa attention backend for DeepSeek NSA.",
        "DP attention is enabled for DeepSeek NSA.",
        "Setting page size to 64 for DeepSeek NSA.",
        "NSA_DUAL_STREAM=True NSA_FUSE_TOPK=True NSA_FLASHMLA_BACKEND_DECODE_COMPUTE_FP8=True NSA_QUANT_K_CACHE_FAST=True NSA_DEQUANT_K_CACHE_FAST=True ",
        "DP attention is enabled. The chunked prefill size is adjusted to 1024 to avoid MoE kernel issues. ",
        W_SAMPLING,
        TB,
        tb(
            *RUNPY312,
            *args_stack(11, 3850, 3472, 312, 600, 1711, prep_code="return ServerArgs.from_cli_args(raw_args)"),
        ),
        "ValueError: Currently only ['flashinfer', 'fa3', 'triton'] attention backends are supported for deterministic inference, but you explicitly specified 'nsa'.",
    ),
)

case(
    "sampling_backend_invalid_choice_0_5_5",
    "0.5.5",
    "sglang 0.5.5 server_args.py:2663 (--sampling-backend choices=['flashinfer', 'pytorch']); argparse's usage/error lines",
    "config_error",
    "`--sampling-backend triton` is not a choice; argparse exits 2 before anything loads",
    join(
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH]",
        "                        [--tokenizer-mode {auto,slow}]",
        "                        [--tokenizer-worker-num TOKENIZER_WORKER_NUM]",
        "                        [--skip-tokenizer-init]",
        "                        [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote,remote_instance}]",
        "                        ...",
        "                        [--enable-deterministic-inference]",
        "launch_server.py: error: argument --sampling-backend: invalid choice: 'triton' (choose from 'flashinfer', 'pytorch')",
    ),
)

case(
    "random_seed_invalid_int_k8s_0_5_10",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:4163 (--random-seed type=int); launch_server.py:51 UserWarning; kubectl logs --timestamps",
    "config_error",
    "a Helm value rendered `--random-seed None`; argparse refuses the int",
    prefixed(
        "2026-03-02T10:00:03.418220931Z ",
        join(
            W_SERVE_0510,
            "usage: launch_server.py [-h] --model-path MODEL_PATH",
            "                        [--tokenizer-path TOKENIZER_PATH]",
            "                        [--tokenizer-mode {auto,slow}]",
            "                        ...",
            "launch_server.py: error: argument --random-seed: invalid int value: 'None'",
        ),
    ),
)

_ROCM_SGL = "/sgl-workspace/sglang/python/sglang/srt"
case(
    "det_rocm_aiter_0_5_10",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:3481 (explicit backend outside the list); ROCm image, editable install under /sgl-workspace, python3.10 runpy frames",
    "config_error",
    "MI300X with `--attention-backend aiter --enable-deterministic-inference`: aiter is not in the deterministic list",
    join(
        "/sgl-workspace/sglang/python/sglang/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
        "  Example: sglang serve --model-path <model> [options]",
        "  warnings.warn(",
        W_SAMPLING,
        TB,
        tb(
            ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
            ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
            (
                "/sgl-workspace/sglang/python/sglang/launch_server.py",
                59,
                "<module>",
                "server_args = prepare_server_args(sys.argv[1:])",
            ),
            ("server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 5975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 356, "__init__", ""),
            ("server_args.py", 841, "__post_init__", "self._handle_deterministic_inference()"),
            ("server_args.py", 3481, "_handle_deterministic_inference", "raise ValueError("),
            sgl=_ROCM_SGL,
        ),
        "ValueError: Currently only ['flashinfer', 'fa3', 'triton'] attention backends are supported for deterministic inference, but you explicitly specified 'aiter'.",
    ),
)

# ============================================================================== start-up on the GPU
_B200_32B = sargs(
    2,
    "Qwen/Qwen3-32B",
    dtype="auto",
    mem_fraction_static=0.85,
    tp_size=2,
    attention_backend="fa3",
    sampling_backend="pytorch",
    enable_deterministic_inference=True,
    disable_custom_all_reduce=True,
)
case(
    "fa3_asserted_off_on_blackwell_0_5_5",
    "0.5.5",
    "sglang 0.5.5 attention_registry.py:125-133 (FA3 needs SM80/SM90), model_runner.py:478/1897/1931/1948; scheduler wrapper and launcher sigquit",
    "config_error",
    "the H100 recipe's `--attention-backend fa3` copied to a B200: FA3's registry assert fires after the KV pool",
    join(
        W_SAMPLING,
        W_NCCL,
        _B200_32B,
        f"{ts(8, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP1')} Init torch distributed begin.",
        f"{ts(10, 'TP0')} Init torch distributed ends. mem usage=1.02 GB",
        f"{ts(10, 'TP0')} Load weight begin. avail mem=177.21 GB",
        f"{ts(31, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=146.37 GB, mem usage=30.84 GB.",
        f"{ts(31, 'TP0')} Using KV cache dtype: torch.bfloat16",
        f"{ts(32, 'TP0')} KV Cache is allocated. #tokens: 1114892, K size: 68.05 GB, V size: 68.05 GB",
        f"{ts(32, 'TP0')} Memory pool end. avail mem=9.81 GB",
        f"{ts(33, 'TP0')} Scheduler hit an exception: {TB}",
        tb(*ATTN_055, ("layers/attention/attention_registry.py", 128, "create_flashattention_v3_backend", "assert (")),
        "AssertionError: FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
        "",
        f"{ts(33, 'TP1')} Scheduler hit an exception: {TB}",
        tb(*ATTN_055, ("layers/attention/attention_registry.py", 128, "create_flashattention_v3_backend", "assert (")),
        "AssertionError: FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
        "",
        sigquit_launch(33),
    ),
)

case(
    "fa3_fallback_no_sm89_build_exit_0_5_10",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:3456-3478 (unspecified backend falls back to fa3 on pre-Blackwell GPUs), engine.py:1184-1220 (scheduler died during initialization); sglang#38980 (FA3 on sm_89: CUDA error ...flash_fwd_launch_template.h:203: invalid argument at capture, exit without a traceback)",
    "config_error",
    "on an L40S deterministic mode falls back to fa3, which has no sm_89 build: the C++ check exits(1) at graph capture",
    join(
        W_SERVE_0510,
        W_SAMPLING,
        W_FA3,
        sargs(
            2,
            "Qwen/Qwen3-8B",
            dtype="auto",
            mem_fraction_static=0.8,
            tp_size=1,
            attention_backend="fa3",
            sampling_backend="pytorch",
            enable_deterministic_inference=True,
        ),
        f"{ts(7)} Init torch distributed begin.",
        f"{ts(8)} Init torch distributed ends. elapsed=0.41 s, mem usage=0.09 GB",
        f"{ts(8)} Load weight begin. avail mem=43.92 GB",
        f"{ts(14)} Load weight end. elapsed=5.12 s, type=Qwen3ForCausalLM, avail mem=28.51 GB, mem usage=15.41 GB.",
        f"{ts(14)} Using KV cache dtype: torch.bfloat16",
        f"{ts(15)} KV Cache is allocated. #tokens: 152340, K size: 10.46 GB, V size: 10.46 GB",
        f"{ts(15)} Memory pool end. avail mem=7.21 GB",
        f"{ts(16)} Capture cuda graph begin. This can take up to several minutes. avail mem=7.08 GB",
        "Capturing batches (bs=160 avail_mem=7.05 GB):   0%|          | 0/24 [00:00<?, ?it/s]",
        "CUDA error (_deps/repo-flash-attention-src/hopper/flash_fwd_launch_template.h:203): invalid argument",
        TB,
        tb(*LAUNCHER_0510),
        "RuntimeError: Rank 0 scheduler died during initialization (exit code: 1). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check.",
    ),
)

_L40S_OOR_STACK = (
    EXTEND_059
    + qwen3_attn_to_linear(MOD29, 451, 152, qwen3_fwd=406, layer=363, attn_call=289, prep_call=185, prep=142)
    + (
        ("batch_invariant_ops/batch_invariant_ops.py", 568, "mm_batch_invariant", "return matmul_persistent(a, b)"),
        (
            "batch_invariant_ops/batch_invariant_ops.py",
            305,
            "matmul_persistent",
            "return _matmul_persistent_triton(a=a, b=b, bias=bias)",
        ),
        (
            "batch_invariant_ops/batch_invariant_ops.py",
            216,
            "_matmul_persistent_triton",
            "matmul_kernel_persistent[grid](",
        ),
    )
)
case(
    "batch_invariant_triton_smem_l40s_warmup_0_5_9",
    "0.5.9",
    "sglang#29149 (L40S / RTX 4060, sglang 0.5.9, triton 3.5.1, fp16 Qwen3-0.6B: Required 106496, limit 101376; frames unquant.py:152, batch_invariant_ops.py:568/305/216, compiler.py:456 raise_); sglang 0.5.9 wheel lines; #34486/#35732 (fp16 128x256x64 num_stages=3 config)",
    "config_error",
    "the batch-invariant fp16 matmul config needs 104 KB of shared memory per block on a 99 KB Ada card; dies on the warm-up request",
    join(
        W_SAMPLING,
        sargs(
            2,
            "Qwen3-0.6B",
            dtype="float16",
            mem_fraction_static=0.55,
            max_total_tokens=8192,
            attention_backend="triton",
            sampling_backend="pytorch",
            disable_cuda_graph=True,
            enable_deterministic_inference=True,
        ),
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(6)} Init torch distributed ends. elapsed=0.35 s, mem usage=0.09 GB",
        f"{ts(6)} Load weight begin. avail mem=43.95 GB",
        f"{ts(8)} Load weight end. elapsed=1.02 s, type=Qwen3ForCausalLM, dtype=torch.float16, avail mem=42.72 GB, mem usage=1.23 GB.",
        f"{ts(8)} Using KV cache dtype: torch.float16",
        f"{ts(8)} KV Cache is allocated. #tokens: 8192, K size: 0.44 GB, V size: 0.44 GB",
        f"{ts(8)} Memory pool end. avail mem=41.66 GB",
        f"{ts(9)} max_total_num_tokens=8192, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=41.66 GB",
        ready(10)[:5],
        f"{ts(11)} Prefill batch, #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(12)} Scheduler hit an exception: {TB}",
        tb(*_L40S_OOR_STACK),
        triton_oor(106496, 101376, new_triton=True),
        "",
        sigquit_launch(12),
    ),
)

case(
    "batch_invariant_triton_smem_t4_capture_0_5_5",
    "0.5.5",
    "sglang 0.5.5 cuda_graph_runner.py:381/500/692/679 (OutOfResources is not a RuntimeError, so it passes the `Capture cuda graph failed` wrapper), batch_invariant_ops.py:534/281/212; sglang#29149 (same fp16 config), T4's 64 KB per-block limit",
    "config_error",
    "T4 (no bf16, so fp16): the persistent matmul's fp16 config cannot fit 64 KB of shared memory during decode graph capture",
    join(
        W_SAMPLING,
        sargs(
            2,
            "Qwen/Qwen3-1.7B",
            dtype="auto",
            mem_fraction_static=0.85,
            attention_backend="triton",
            sampling_backend="pytorch",
            enable_deterministic_inference=True,
        ),
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(6)} Init torch distributed ends. mem usage=0.06 GB",
        f"{ts(6)} Load weight begin. avail mem=14.41 GB",
        f"{ts(11)} Load weight end. type=Qwen3ForCausalLM, dtype=torch.float16, avail mem=10.98 GB, mem usage=3.43 GB.",
        f"{ts(11)} Using KV cache dtype: torch.float16",
        f"{ts(11)} KV Cache is allocated. #tokens: 85632, K size: 4.57 GB, V size: 4.57 GB",
        f"{ts(11)} Memory pool end. avail mem=1.74 GB",
        f"{ts(12)} Capture cuda graph begin. This can take up to several minutes. avail mem=1.71 GB",
        "Capturing batches (bs=24 avail_mem=1.70 GB):   0%|          | 0/10 [00:00<?, ?it/s]",
        f"{ts(13)} Scheduler hit an exception: {TB}",
        tb(
            *CAPTURE_055,
            ("models/qwen3.py", 391, "forward", "hidden_states = self.model("),
            *MOD28,
            ("models/qwen2.py", 362, "forward", "hidden_states, residual = layer("),
            *MOD28,
            ("models/qwen3.py", 266, "forward", "hidden_states = self.self_attn("),
            *MOD28,
            ("models/qwen3.py", 173, "forward", "qkv, _ = self.qkv_proj(hidden_states)"),
            *MOD28,
            ("layers/linear.py", 429, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
            ("layers/quantization/unquant.py", 132, "apply", "return F.linear(x, layer.weight, bias)"),
            ("batch_invariant_ops/batch_invariant_ops.py", 534, "mm_batch_invariant", "return matmul_persistent(a, b)"),
            (
                "batch_invariant_ops/batch_invariant_ops.py",
                281,
                "matmul_persistent",
                "return _matmul_persistent_triton(a=a, b=b, bias=bias)",
            ),
            (
                "batch_invariant_ops/batch_invariant_ops.py",
                212,
                "_matmul_persistent_triton",
                "matmul_kernel_persistent[grid](",
            ),
        ),
        triton_oor(106496, 65536, new_triton=False),
        "",
        sigquit_launch(13),
    ),
)

_DG_ERR = "CUDA driver error (/sgl-kernel/build/_deps/repo-deepgemm-src/csrc/jit_kernels/impls/runtime_utils.hpp:119): 1 (CUDA_ERROR_INVALID_VALUE, invalid argument)"
_VL_STACK = LOOP_0510 + (
    ("managers/tp_worker.py", 469, "forward_batch_generation", "out = self.model_runner.forward("),
    ("model_executor/model_runner.py", 2739, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 2849, "_forward_raw", "ret, can_run_graph = self.forward_extend("),
    ("model_executor/model_runner.py", 2697, "forward_extend", "return self.model.forward("),
    CTX,
    ("models/qwen3_vl.py", 1239, "forward", "hidden_states = general_mm_embed_routine("),
    ("managers/mm_utils.py", 1052, "general_mm_embed_routine", "input_embeds, other_info = embed_mm_inputs("),
    ("managers/mm_utils.py", 822, "embed_mm_inputs", "embedding, mask, input_ids = get_embedding_and_mask("),
    ("managers/mm_utils.py", 728, "get_embedding_and_mask", "embedding, input_ids = _get_chunked_prefill_embedding("),
    (
        "managers/mm_utils.py",
        490,
        "_get_chunked_prefill_embedding",
        "embedding = data_embedding_func(embedding_items_per_req)",
    ),
    ("models/qwen3_vl.py", 1177, "get_image_feature", "return self.visual(pixel_values, grid_thw=image_grid_thw)"),
    *MOD29,
    ("models/qwen3_vl.py", 819, "forward", "x = blk("),
    *MOD29,
    ("models/qwen3_vl.py", 232, "forward", "mlp = self.mlp(norm2)"),
    *MOD29,
    ("models/qwen3_vl.py", 128, "forward", "x_fc1, _ = self.linear_fc1(x)"),
    *MOD29,
    ("layers/linear.py", 460, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
    ("layers/quantization/unquant.py", 157, "apply", "return F.linear(x, layer.weight, bias)"),
    (
        "batch_invariant_ops/batch_invariant_ops.py",
        572,
        "addmm_batch_invariant",
        "return matmul_persistent(a, b, bias=bias)",
    ),
    (
        "batch_invariant_ops/batch_invariant_ops.py",
        297,
        "matmul_persistent",
        "return _matmul_persistent_deepgemm(a=a, b=b, bias=bias)",
    ),
    ("batch_invariant_ops/batch_invariant_ops.py", 251, "_matmul_persistent_deepgemm", "raise RuntimeError("),
)
case(
    "deepgemm_tma_invalid_value_qwen3vl_b200_0_5_10",
    "0.5.10.post1",
    "sglang#25823 / #25840 (Qwen3-VL MoE, B200, --enable-deterministic-inference --attention-backend flashinfer: vision linear_fc1 shapes M=256 N=1076 K=1152 reach deep_gemm.bf16_gemm_nn, TMA descriptor CUDA_ERROR_INVALID_VALUE, TP worker dies ~6 s into warm-up); sglang 0.5.10.post1 batch_invariant_ops.py:240-256 wrapper text; DeepGEMM exception.hpp DG CUDA driver format",
    "cuda_error_other",
    "the CUDA driver rejects DeepGEMM's TMA descriptor for an odd vision-encoder shape; SGLang re-raises it on the warm-up request",
    join(
        W_SERVE_0510,
        W_SAMPLING,
        w_radix("flashinfer"),
        W_NCCL,
        sargs(
            3,
            "Qwen/Qwen3-VL-30B-A3B-Instruct",
            tp_size=4,
            attention_backend="flashinfer",
            sampling_backend="pytorch",
            disable_radix_cache=True,
            enable_deterministic_inference=True,
        ),
        f"{ts(14, 'TP0')} Load weight end. elapsed=21.77 s, type=Qwen3VLMoeForConditionalGeneration, avail mem=162.70 GB, mem usage=15.96 GB.",
        f"{ts(15, 'TP0')} KV Cache is allocated. #tokens: 3618304, K size: 82.81 GB, V size: 82.81 GB",
        f"{ts(15, 'TP0')} Memory pool end. avail mem=13.02 GB",
        f"{ts(16, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=12.97 GB",
        f"{ts(44, 'TP0')} Capture cuda graph end. Time elapsed: 28.13 s. mem usage=1.61 GB. avail mem=11.36 GB.",
        f"{ts(45, 'TP0')} max_total_num_tokens=3618304, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=262144, available_gpu_mem=11.36 GB",
        ready(46)[:5],
        f"{ts(52, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            (
                "batch_invariant_ops/batch_invariant_ops.py",
                249,
                "_matmul_persistent_deepgemm",
                "deep_gemm.bf16_gemm_nn(a, b, out)",
            ),
            ("+deep_gemm/__init__.py", 50, "_fn", "return func(*args, **kwargs)"),
            ("+torch/_ops.py", 1255, "__call__", "return self._op(*args, **kwargs)"),
        ),
        f"RuntimeError: {_DG_ERR}",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        TB,
        tb(*_VL_STACK),
        f"RuntimeError: DeepGEMM failed for matrix shapes M=256, N=1076, K=1152. This typically occurs when dimensions are too small for DeepGEMM's TMA descriptors. Consider increasing MIN_DEEPGEMM_DIM in matmul_persistent() or disabling DeepGEMM for small matrices. Original error: {_DG_ERR}",
        "",
        sigquit_launch(52),
    ),
)

case(
    "flashinfer_2g_workspace_oom_startup_0_5_3",
    "0.5.3",
    "sglang 0.5.3 flashinfer_backend.py:121-159 (deterministic mode sets global_config.flashinfer_workspace_size = 2048 MiB, torch.empty at backend init), model_runner.py:439/1742/1780/1795, attention_registry.py:30",
    "oom_moe_workspace",
    "the 2 GiB FlashInfer workspace of deterministic mode does not fit after a 0.93 KV pool; OOM at attention-backend init",
    join(
        W_SAMPLING,
        w_radix("flashinfer"),
        W_NCCL,
        sargs(
            2,
            "Qwen/Qwen3-32B",
            mem_fraction_static=0.93,
            tp_size=2,
            attention_backend="flashinfer",
            sampling_backend="pytorch",
            disable_radix_cache=True,
            enable_deterministic_inference=True,
        ),
        f"{ts(9, 'TP0')} Init torch distributed begin.",
        f"{ts(11, 'TP0')} Init torch distributed ends. mem usage=0.98 GB",
        f"{ts(11, 'TP0')} Load weight begin. avail mem=78.02 GB",
        f"{ts(40, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=47.13 GB, mem usage=30.89 GB.",
        f"{ts(40, 'TP0')} Using KV cache dtype: torch.bfloat16",
        f"{ts(41, 'TP0')} KV Cache is allocated. #tokens: 349866, K size: 21.35 GB, V size: 21.35 GB",
        f"{ts(41, 'TP0')} Memory pool end. avail mem=1.54 GB",
        f"{ts(42, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            *INIT_053,
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
        "torch.OutOfMemoryError: "
        + cuda_oom("2.00 GiB", "79.19 GiB", "1.51 GiB", "77.67 GiB", "75.88 GiB", "139.52 MiB"),
        "",
        sigquit_launch(42),
    ),
)

_CAP_OOM = cuda_oom("46.00 MiB", "39.49 GiB", "21.88 MiB", "39.46 GiB", "37.91 GiB", "102.40 MiB")
_CAP_STACK = CAPTURE_055 + (
    CTX,
    ("models/qwen3.py", 405, "forward", "return self.logits_processor("),
    *MOD28,
    (
        "layers/logits_processor.py",
        525,
        "forward",
        "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
    ),
    ("layers/logits_processor.py", 833, "_get_logits", "logits = torch.matmul("),
    ("batch_invariant_ops/batch_invariant_ops.py", 534, "mm_batch_invariant", "return matmul_persistent(a, b)"),
    (
        "batch_invariant_ops/batch_invariant_ops.py",
        281,
        "matmul_persistent",
        "return _matmul_persistent_triton(a=a, b=b, bias=bias)",
    ),
    (
        "batch_invariant_ops/batch_invariant_ops.py",
        173,
        "_matmul_persistent_triton",
        "c = torch.empty((M, N), device=a.device, dtype=dtype)",
    ),
)
case(
    "capture_oom_in_batch_invariant_lm_head_0_5_5",
    "0.5.5",
    "sglang 0.5.5 cuda_graph_runner.py:378-386 + CUDA_GRAPH_CAPTURE_FAILED_MSG (:902), logits_processor.py:525/833, batch_invariant_ops.py:173 (the persistent matmul allocates its own output)",
    "oom_cuda_graph",
    "A100-40GB at mem_fraction_static 0.92: the batch-invariant lm_head matmul's output allocation OOMs while capturing bs=160",
    join(
        W_SAMPLING,
        sargs(
            2,
            "Qwen/Qwen3-8B",
            mem_fraction_static=0.92,
            attention_backend="triton",
            sampling_backend="pytorch",
            cuda_graph_max_bs=160,
            enable_deterministic_inference=True,
        ),
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(6)} Init torch distributed ends. mem usage=0.07 GB",
        f"{ts(6)} Load weight begin. avail mem=38.87 GB",
        f"{ts(14)} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=23.46 GB, mem usage=15.41 GB.",
        f"{ts(14)} Using KV cache dtype: torch.bfloat16",
        f"{ts(14)} KV Cache is allocated. #tokens: 141136, K size: 9.69 GB, V size: 9.69 GB",
        f"{ts(14)} Memory pool end. avail mem=3.38 GB",
        f"{ts(15)} Capture cuda graph begin. This can take up to several minutes. avail mem=3.25 GB",
        "Capturing batches (bs=160 avail_mem=3.22 GB):   0%|          | 0/24 [00:00<?, ?it/s]",
        "Capturing batches (bs=160 avail_mem=3.22 GB):   0%|          | 0/24 [00:02<?, ?it/s]",
        f"{ts(18)} Scheduler hit an exception: {TB}",
        tb(*_CAP_STACK[6:]),
        "torch.OutOfMemoryError: " + _CAP_OOM,
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            *INIT_055,
            ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 479, "initialize", "self.init_device_graphs()"),
            (
                "model_executor/model_runner.py",
                1995,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("model_executor/cuda_graph_runner.py", 383, "__init__", "raise Exception("),
        ),
        f"Exception: Capture cuda graph failed: {_CAP_OOM}",
        "Possible solutions:",
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
        "3. disable torch compile by not using --enable-torch-compile",
        "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        "",
        "",
        sigquit_launch(18),
    ),
)

case(
    "kv_pool_not_enough_after_lowering_fraction_k8s_0_5_9",
    "0.5.9",
    "sglang 0.5.9 model_runner_kv_cache_mixin.py:415-419 (max_total_num_tokens <= 0), model_runner.py:413/590, scheduler.py:368/564/522; kubectl logs --timestamps",
    "oom_kv_cache",
    "mem_fraction_static lowered to 0.35 to make room for the 2 GiB deterministic FlashInfer workspace: nothing is left for the KV pool",
    prefixed(
        "2026-03-02T10:00:41.532118905Z ",
        join(
            W_SAMPLING,
            w_radix("flashinfer"),
            W_NCCL,
            sargs(
                2,
                "Qwen/Qwen3-32B",
                mem_fraction_static=0.35,
                tp_size=2,
                attention_backend="flashinfer",
                sampling_backend="pytorch",
                disable_radix_cache=True,
                enable_deterministic_inference=True,
            ),
            f"{ts(9, 'TP0')} Init torch distributed begin.",
            f"{ts(11, 'TP0')} Init torch distributed ends. elapsed=1.84 s, mem usage=0.61 GB",
            f"{ts(11, 'TP0')} Load weight begin. avail mem=43.79 GB",
            f"{ts(47, 'TP0')} Load weight end. elapsed=35.72 s, type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=28.34 GB, mem usage=15.45 GB.",
            f"{ts(47, 'TP0')} Using KV cache dtype: torch.bfloat16",
            f"{ts(47, 'TP0')} Scheduler hit an exception: {TB}",
            tb(
                *INIT_059,
                ("model_executor/model_runner.py", 590, "initialize", "self.init_memory_pool(min_per_gpu_memory)"),
                ("model_executor/model_runner_kv_cache_mixin.py", 416, "init_memory_pool", "raise RuntimeError("),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.35",
            "",
            sigquit_launch(47),
        ),
    ),
)

_NCCL_STACK = INIT_055 + (
    ("model_executor/model_runner.py", 309, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
    ("model_executor/model_runner.py", 641, "init_torch_distributed", "initialize_model_parallel("),
    ("distributed/parallel_state.py", 1585, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("distributed/parallel_state.py", 1352, "init_model_parallel_group", "return GroupCoordinator("),
    ("distributed/parallel_state.py", 356, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
    ("distributed/device_communicators/pynccl.py", 120, "__init__", "self.all_reduce(data)"),
    ("distributed/device_communicators/pynccl.py", 157, "all_reduce", "self.nccl.ncclAllReduce("),
    ("distributed/device_communicators/pynccl_wrapper.py", 421, "ncclAllReduce", "self.NCCL_CHECK("),
    (
        "distributed/device_communicators/pynccl_wrapper.py",
        374,
        "NCCL_CHECK",
        'raise RuntimeError(f"NCCL error: {error_str}")',
    ),
)
case(
    "nccl_dev_shm_full_det_tp2_0_5_5",
    "0.5.5",
    "sglang 0.5.5 pynccl.py:113-122 (warm-up all-reduce right after ncclCommInitRank), pynccl_wrapper.py:371-374/421; NCCL misc/shmutils.cc WARN lines as pasted in public threads (docker's 64 MB /dev/shm)",
    "nccl_or_distributed",
    "deterministic TP=2 (custom all-reduce off, NCCL tree) in a container with the default /dev/shm: NCCL's shm transport fails at the first all-reduce",
    join(
        W_SAMPLING,
        W_NCCL,
        sargs(
            2,
            "Qwen/Qwen3-14B",
            tp_size=2,
            attention_backend="fa3",
            sampling_backend="pytorch",
            disable_custom_all_reduce=True,
            enable_deterministic_inference=True,
        ),
        f"{ts(8, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP1')} Init torch distributed begin.",
        "b7c21f04d9e3:212:212 [0] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-UbzKZ9 to 9637892 bytes",
        "b7c21f04d9e3:212:212 [0] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-UbzKZ9 (size 9637888)",
        "b7c21f04d9e3:213:213 [1] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-q8Rr1c to 9637892 bytes",
        "b7c21f04d9e3:213:213 [1] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-q8Rr1c (size 9637888)",
        f"{ts(9, 'TP0')} Scheduler hit an exception: {TB}",
        tb(*_NCCL_STACK),
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        "",
        f"{ts(9, 'TP1')} Scheduler hit an exception: {TB}",
        tb(*_NCCL_STACK),
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        "",
        sigquit_launch(9),
    ),
)

# ============================================================================== while serving
_H100_BOOT_0510 = [
    f"{ts(8, 'TP0')} Init torch distributed begin.",
    f"{ts(10, 'TP0')} Init torch distributed ends. elapsed=1.92 s, mem usage=1.01 GB",
    f"{ts(10, 'TP0')} Load weight begin. avail mem=78.12 GB",
    f"{ts(31, 'TP0')} Load weight end. elapsed=20.94 s, type=Qwen3ForCausalLM, avail mem=62.41 GB, mem usage=15.71 GB.",
    f"{ts(31, 'TP0')} Using KV cache dtype: torch.bfloat16",
    f"{ts(32, 'TP0')} KV Cache is allocated. #tokens: 761328, K size: 26.14 GB, V size: 26.14 GB",
    f"{ts(32, 'TP0')} Memory pool end. avail mem=9.96 GB",
    f"{ts(33, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.84 GB",
    f"{ts(58, 'TP0')} Capture cuda graph end. Time elapsed: 25.06 s. mem usage=1.42 GB. avail mem=8.42 GB.",
    f"{ts(59, 'TP0')} max_total_num_tokens=761328, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=40960, available_gpu_mem=8.42 GB",
]

_RAY = "(SGLangEngine pid=12589) "
case(
    "min_p_with_deterministic_seed_ray_rl_0_5_10",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:3421-3428 (rl_on_policy_target turns deterministic on), sampling_batch_info.py:90-105 (every request gets a sampling_seed, default 42), sampler.py:161/229/469-474 (min_p asserts no seed); sglang#33695; Ray actor prefix as in #21460",
    "config_error",
    "an RL rollout with min_p > 0 on an on-policy (deterministic) engine: the pytorch sampler refuses min_p with the per-request seed",
    prefixed(
        _RAY,
        join(
            "Enable deterministic inference because of rl_on_policy_target.",
            W_SAMPLING,
            W_FA3,
            W_NCCL,
            sargs(
                3,
                "/models/Qwen3-8B",
                tp_size=2,
                attention_backend="fa3",
                sampling_backend="pytorch",
                enable_deterministic_inference=True,
                rl_on_policy_target="fsdp",
            ),
            _H100_BOOT_0510,
            ready(60, port=15000),
            f"{ts(75, 'TP0')} Prefill batch, #new-seq: 64, #new-token: 16384, #cached-token: 0, token usage: 0.02, #running-req: 0, #queue-req: 192, ",
            f"{ts(76, 'TP0')} Scheduler hit an exception: {TB}",
            tb(
                *SAMPLE_0510,
                ("layers/sampler.py", 161, "forward", "batch_next_token_ids = self._sample_from_probs("),
                (
                    "layers/sampler.py",
                    229,
                    "_sample_from_probs",
                    "batch_next_token_ids = top_k_top_p_min_p_sampling_from_probs_torch(",
                ),
                ("layers/sampler.py", 472, "top_k_top_p_min_p_sampling_from_probs_torch", "assert ("),
            ),
            "AssertionError: With sampling seed, multinomial_with_seed will provide wrong results",
            "",
            f"{ts(76, 'TP1')} Scheduler hit an exception: {TB}",
            tb(
                *SAMPLE_0510,
                ("layers/sampler.py", 161, "forward", "batch_next_token_ids = self._sample_from_probs("),
                (
                    "layers/sampler.py",
                    229,
                    "_sample_from_probs",
                    "batch_next_token_ids = top_k_top_p_min_p_sampling_from_probs_torch(",
                ),
                ("layers/sampler.py", 472, "top_k_top_p_min_p_sampling_from_probs_torch", "assert ("),
            ),
            "AssertionError: With sampling seed, multinomial_with_seed will provide wrong results",
            "",
            sigquit_running(76),
        ),
    ),
)

case(
    "custom_logit_processor_unpicklable_module_0_5_5",
    "0.5.5",
    "sglang 0.5.5 sampling_batch_info.py:120-132 (processors are deserialized in the scheduler while building the batch), custom_logit_processor.py:20/43 (dill.loads), schedule_batch.py:1388, scheduler.py:985/1668/1870; dill _dill.py (approximate lines)",
    "config_error",
    "a client's processor class was pickled by reference to its own module; the server cannot import it and the scheduler dies building the prefill batch",
    join(
        sargs(2, "meta-llama/Llama-3.1-8B-Instruct", random_seed=1234, enable_custom_logit_processor=True),
        f"{ts(6)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.20 GB, mem usage=14.99 GB.",
        f"{ts(7)} KV Cache is allocated. #tokens: 420182, K size: 25.65 GB, V size: 25.65 GB",
        f"{ts(7)} Memory pool end. avail mem=10.38 GB",
        f"{ts(31)} Capture cuda graph end. Time elapsed: 23.87 s. mem usage=1.05 GB. avail mem=9.33 GB.",
        f"{ts(32)} max_total_num_tokens=420182, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=9.33 GB",
        ready(33, info="/get_model_info"),
        f"{ts(60)} Prefill batch, #new-seq: 1, #new-token: 211, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(61)} Decode batch, #running-req: 1, #token: 244, token usage: 0.00, cuda graph: True, gen throughput (token/s): 31.40, #queue-req: 0, ",
        f'{ts(62)} INFO:     10.0.3.17:51234 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(70)} Scheduler hit an exception: {TB}",
        tb(
            ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            CTX,
            ("managers/scheduler.py", 985, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
            ("managers/scheduler.py", 1668, "get_next_batch_to_run", "new_batch = self.get_new_batch_prefill()"),
            ("managers/scheduler.py", 1870, "get_new_batch_prefill", "new_batch.prepare_for_extend()"),
            (
                "managers/schedule_batch.py",
                1388,
                "prepare_for_extend",
                "self.sampling_info = SamplingBatchInfo.from_schedule_batch(",
            ),
            (
                "sampling/sampling_batch_info.py",
                128,
                "from_schedule_batch",
                "CustomLogitProcessor.from_str(processor_str),",
            ),
            ("sampling/custom_logit_processor.py", 43, "from_str", "return _cache_from_str(json_str)()"),
            (
                "sampling/custom_logit_processor.py",
                20,
                "_cache_from_str",
                'return dill.loads(bytes.fromhex(data["callable"]))',
            ),
            ("+dill/_dill.py", 303, "loads", "return load(file, ignore, **kwds)"),
            ("+dill/_dill.py", 289, "load", "return Unpickler(file, ignore=ignore, **kwds).load()"),
            ("+dill/_dill.py", 444, "load", "obj = StockUnpickler.load(self)"),
            ("+dill/_dill.py", 434, "find_class", "return StockUnpickler.find_class(self, module, name)"),
        ),
        "ModuleNotFoundError: No module named 'guardrail_processors'",
        "",
        sigquit_running(70),
    ),
)

case(
    "ascend_sampling_backend_on_cuda_0_5_10",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:78 (SAMPLING_BACKEND_CHOICES includes 'ascend' on every device), sampler.py:21-30 (torch_npu imported only on NPU), :137/305/279/508 (_forward_ascend_backend -> top_k_top_p_min_p_sampling_from_logits_ascend)",
    "config_error",
    "`--sampling-backend ascend` passes argparse on an H100; greedy warm-up works, the first top-p request hits the NPU-only sampler",
    join(
        W_SERVE_0510,
        sargs(3, "Qwen/Qwen3-8B", tp_size=1, sampling_backend="ascend", random_seed=7),
        [line.replace(" TP0]", "]") for line in _H100_BOOT_0510],
        ready(60),
        f"{ts(80)} Prefill batch, #new-seq: 1, #new-token: 37, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(80)} Scheduler hit an exception: {TB}",
        tb(
            *SAMPLE_0510,
            ("layers/sampler.py", 137, "forward", "batch_next_token_ids, logprobs = self._forward_ascend_backend("),
            ("layers/sampler.py", 305, "_forward_ascend_backend", "batch_next_token_ids = self._sample_from_logits("),
            (
                "layers/sampler.py",
                279,
                "_sample_from_logits",
                "batch_next_token_ids = top_k_top_p_min_p_sampling_from_logits_ascend(",
            ),
            (
                "layers/sampler.py",
                508,
                "top_k_top_p_min_p_sampling_from_logits_ascend",
                'if hasattr(torch_npu, "npu_top_k_top_p") and torch.all(',
            ),
        ),
        "NameError: name 'torch_npu' is not defined",
        "",
        sigquit_running(80),
    ),
)

_IMA = "RuntimeError: TopKTopPSamplingFromProbs failed with error code an illegal memory access was encountered"
_IMA_053 = (
    ("managers/tp_worker_overlap_thread.py", 133, "forward_thread_func", "self.forward_thread_func_()"),
    CTX,
    (
        "managers/tp_worker_overlap_thread.py",
        164,
        "forward_thread_func_",
        "forward_batch_output = self.worker.forward_batch_generation(",
    ),
    (
        "managers/tp_worker.py",
        266,
        "forward_batch_generation",
        "next_token_ids = self.model_runner.sample(logits_output, forward_batch)",
    ),
    ("model_executor/model_runner.py", 2094, "sample", "next_token_ids = self.sampler("),
    *MOD28,
    ("layers/sampler.py", 115, "forward", "batch_next_token_ids = top_k_top_p_sampling_from_probs("),
    (
        "+sgl_kernel/sampling.py",
        293,
        "top_k_top_p_sampling_from_probs",
        "return _top_k_top_p_sampling_from_probs_internal(",
    ),
    (
        "+sgl_kernel/sampling.py",
        205,
        "_top_k_top_p_sampling_from_probs_internal",
        "torch.ops.sgl_kernel.top_k_top_p_sampling_from_probs.default(",
    ),
    ("+torch/_ops.py", 829, "__call__", "return self._op(*args, **kwargs)"),
)
case(
    "sampler_kernel_illegal_memory_access_overlap_0_5_3",
    "0.5.3",
    "sglang#10407 (Qwen3-Next, TP4: sgl_kernel/sampling.py:293/205, torch/_ops.py:829, `TpModelWorkerClient hit an exception`); sglang 0.5.3 tp_worker_overlap_thread.py:130-137/164, tp_worker.py:266, model_runner.py:2094, sampler.py:115",
    "cuda_error_other",
    "the flashinfer-style top-k/top-p sampling kernel faults with an illegal memory access in the overlap worker thread while serving",
    join(
        sargs(2, "Qwen/Qwen3-Next-80B-A3B-Instruct", tp_size=4, mem_fraction_static=0.8, sampling_backend="flashinfer"),
        f"{ts(90, 'TP0')} max_total_num_tokens=1920512, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=512, context_len=262144, available_gpu_mem=12.07 GB",
        ready(91, info="/get_model_info"),
        f"{ts(140, 'TP0')} Decode batch. #running-req: 211, #token: 402338, token usage: 0.21, cuda graph: True, gen throughput (token/s): 3921.55, #queue-req: 0, ",
        f"{ts(142, 'TP2')} TpModelWorkerClient hit an exception: {TB}",
        tb(*_IMA_053),
        _IMA,
        "",
        f"{ts(142, 'TP0')} TpModelWorkerClient hit an exception: {TB}",
        tb(*_IMA_053),
        _IMA,
        "",
        sigquit_running(142),
    ),
)

_IMA_059 = LOOP_059 + (
    (
        "managers/tp_worker.py",
        489,
        "forward_batch_generation",
        "batch_result.next_token_ids = self.model_runner.sample(",
    ),
    ("model_executor/model_runner.py", 2551, "sample", "next_token_ids = self.sampler("),
    *MOD29,
    ("layers/sampler.py", 160, "forward", "batch_next_token_ids = self._sample_from_probs("),
    ("layers/sampler.py", 219, "_sample_from_probs", "batch_next_token_ids = top_k_top_p_sampling_from_probs("),
    (
        "+sgl_kernel/sampling.py",
        293,
        "top_k_top_p_sampling_from_probs",
        "return _top_k_top_p_sampling_from_probs_internal(",
    ),
    (
        "+sgl_kernel/sampling.py",
        205,
        "_top_k_top_p_sampling_from_probs_internal",
        "torch.ops.sgl_kernel.top_k_top_p_sampling_from_probs.default(",
    ),
    ("+torch/_ops.py", 841, "__call__", "return self._op(*args, **kwargs)"),
)
case(
    "sampler_kernel_illegal_memory_access_tp_ep_0_5_9",
    "0.5.9",
    "sglang#19383 (Qwen3.5-397B-A17B-NVFP4 on B200 with --max-running-requests 512, `[... TP1 EP1] Scheduler hit an exception`); sglang 0.5.9 scheduler.py:3169/1165/2328, tp_worker.py:489, sampler.py:160/219",
    "cuda_error_other",
    "top-k/top-p sampling kernel illegal memory access at 512 running requests, rank-tagged TP/EP",
    join(
        sargs(
            2,
            "nvidia/Qwen3.5-397B-A17B-NVFP4",
            tp_size=4,
            ep_size=4,
            quantization="modelopt_fp4",
            max_running_requests=512,
        ),
        f"{ts(300, 'TP0 EP0')} max_total_num_tokens=2211840, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=512, context_len=262144, available_gpu_mem=20.64 GB",
        ready(301),
        f"{ts(420, 'TP0 EP0')} Decode batch, #running-req: 512, #token: 1290112, token usage: 0.58, cuda graph: True, gen throughput (token/s): 6121.08, #queue-req: 488, ",
        f"{ts(423, 'TP1 EP1')} Scheduler hit an exception: {TB}",
        tb(*_IMA_059),
        _IMA,
        "",
        f"{ts(423, 'TP3 EP3')} Scheduler hit an exception: {TB}",
        tb(*_IMA_059),
        _IMA,
        "",
        sigquit_running(423),
    ),
)

_OVERFLOW = (
    "RuntimeError: Error in function 'aligned_alloc' at /usr/local/lib/python3.12/dist-packages/flashinfer/data/include/flashinfer/allocator.h:49: "
    "Buffer overflow when allocating memory for batch_prefill_tmp_v with size 2684354560 and alignment 16, but only 2147483648 bytes available in AlignedAllocator. "
    "Increase the workspace buffer size."
)
_OVERFLOW_STACK = LOOP_055 + (
    (
        "model_executor/model_runner.py",
        2078,
        "forward_extend",
        "self.attn_backend.init_forward_metadata(forward_batch)",
    ),
    ("layers/attention/flashinfer_backend.py", 478, "init_forward_metadata", "self.indices_updater_prefill.update("),
    ("layers/attention/flashinfer_backend.py", 1175, "update_single_wrapper", "self.call_begin_forward("),
    ("layers/attention/flashinfer_backend.py", 1371, "call_begin_forward", "wrapper_paged.begin_forward("),
    ("+flashinfer/prefill.py", 1761, "plan", "self._plan_info = self._cached_module.plan("),
)
case(
    "flashinfer_workspace_overflow_long_prompt_0_5_5",
    "0.5.5",
    "sglang 0.5.5 flashinfer_backend.py:171-183 (deterministic: fixed 4096 prefill split tile, SGLANG_FLASHINFER_WORKSPACE_SIZE set to 2 GiB), :478/1175/1371 (plan with fixed_split_size); flashinfer include/flashinfer/allocator.h + exception.h text; sglang#2102 / #1405 (the same AlignedAllocator overflow under load)",
    "oom_moe_workspace",
    "a long prompt's split-KV temporaries exceed the fixed 2 GiB FlashInfer workspace of deterministic mode while serving",
    join(
        W_SAMPLING,
        w_radix("flashinfer"),
        W_NCCL,
        sargs(
            2,
            "Qwen/Qwen3-32B",
            tp_size=4,
            attention_backend="flashinfer",
            sampling_backend="pytorch",
            chunked_prefill_size=16384,
            disable_radix_cache=True,
            enable_deterministic_inference=True,
        ),
        f"{ts(50, 'TP0')} max_total_num_tokens=2942720, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=2048, context_len=40960, available_gpu_mem=19.77 GB",
        ready(51, info="/get_model_info"),
        f"{ts(90, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 16384, #cached-token: 0, token usage: 0.01, #running-req: 7, #queue-req: 0, ",
        f"{ts(91, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 16384, #cached-token: 0, token usage: 0.02, #running-req: 7, #queue-req: 0, ",
        f"{ts(92, 'TP0')} Scheduler hit an exception: {TB}",
        tb(*_OVERFLOW_STACK),
        _OVERFLOW,
        "",
        f"{ts(92, 'TP1')} Scheduler hit an exception: {TB}",
        tb(*_OVERFLOW_STACK),
        _OVERFLOW,
        "",
        sigquit_running(92),
    ),
)

_SEED_OOM = cuda_oom("594.00 MiB", "79.19 GiB", "379.94 MiB", "78.80 GiB", "76.12 GiB", "1.12 GiB")
case(
    "seeded_sampler_float64_oom_serving_0_5_10",
    "0.5.10.post1",
    "sglang 0.5.10.post1 sampler.py:161/201/605 (sampling_from_probs_torch with a seed) and :549-588 (multinomial_with_seed keeps the gumbel noise in float64: bs x vocab x 8 bytes)",
    "oom_runtime",
    "512 sampled rows x 151936 vocab in float64 (594 MiB) do not fit next to a 0.9 pool once traffic peaks",
    join(
        W_SERVE_0510,
        W_SAMPLING,
        W_FA3,
        W_NCCL,
        sargs(
            3,
            "Qwen/Qwen3-32B",
            tp_size=2,
            mem_fraction_static=0.9,
            attention_backend="fa3",
            sampling_backend="pytorch",
            max_running_requests=512,
            enable_deterministic_inference=True,
        ),
        _H100_BOOT_0510,
        ready(60),
        f"{ts(300, 'TP0')} Decode batch, #running-req: 498, #token: 588121, token usage: 0.77, cuda graph: True, gen throughput (token/s): 7311.42, #queue-req: 14, ",
        f"{ts(302, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            *SAMPLE_0510,
            ("layers/sampler.py", 161, "forward", "batch_next_token_ids = self._sample_from_probs("),
            ("layers/sampler.py", 202, "_sample_from_probs", "batch_next_token_ids = sampling_from_probs_torch("),
            ("layers/sampler.py", 605, "sampling_from_probs_torch", "sampled_index = multinomial_with_seed("),
            (
                "layers/sampler.py",
                577,
                "multinomial_with_seed",
                "x = hashed.to(torch.float64) / torch.iinfo(torch.uint32).max",
            ),
        ),
        "torch.OutOfMemoryError: " + _SEED_OOM,
        "",
        sigquit_running(302),
    ),
)

_LOGITS_OOM = cuda_oom("2.32 GiB", "139.81 GiB", "1.21 GiB", "138.58 GiB", "132.64 GiB", "3.44 GiB")
case(
    "input_logprobs_logits_oom_serving_0_5_9",
    "0.5.9",
    "sglang 0.5.9 logits_processor.py:362-370 (input logprobs unchunked by default: SGLANG_ENABLE_LOGITS_PROCESSER_CHUNK=False), :881, batch_invariant_ops.py:568/297/246 (DeepGEMM path on SM90 allocates the full logits)",
    "oom_runtime",
    "a scoring request with return_logprob and logprob_start_len=0 makes the batch-invariant lm_head matmul allocate 8192 x 151936 logits after ready",
    join(
        W_SAMPLING,
        W_NCCL,
        sargs(
            2,
            "Qwen/Qwen3-32B",
            tp_size=2,
            mem_fraction_static=0.92,
            attention_backend="fa3",
            sampling_backend="pytorch",
            enable_deterministic_inference=True,
        ),
        f"{ts(55, 'TP0')} max_total_num_tokens=3391104, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=6.12 GB",
        ready(56),
        f"{ts(120, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 8192, #cached-token: 0, token usage: 0.00, #running-req: 31, #queue-req: 0, ",
        f"{ts(121, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            *EXTEND_059,
            ("models/qwen3.py", 420, "forward", "return self.logits_processor("),
            *MOD29,
            (
                "layers/logits_processor.py",
                370,
                "forward",
                "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
            ),
            ("layers/logits_processor.py", 881, "_get_logits", "logits = torch.matmul("),
            ("batch_invariant_ops/batch_invariant_ops.py", 568, "mm_batch_invariant", "return matmul_persistent(a, b)"),
            (
                "batch_invariant_ops/batch_invariant_ops.py",
                297,
                "matmul_persistent",
                "return _matmul_persistent_deepgemm(a=a, b=b, bias=bias)",
            ),
            (
                "batch_invariant_ops/batch_invariant_ops.py",
                246,
                "_matmul_persistent_deepgemm",
                "out = torch.empty((M, N), device=a.device, dtype=dtype)",
            ),
        ),
        "torch.OutOfMemoryError: " + _LOGITS_OOM,
        "",
        sigquit_running(121),
    ),
)

# ============================================================================== healthy contrasts
case(
    "healthy_deterministic_startup_warnings_0_5_10",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:3440-3516 (the warnings), model_runner.py:613-617 (enable_batch_invariant_mode); torch's OperatorEntry override warning when aten::mm is re-registered for CUDA",
    "healthy",
    "every deterministic-mode warning plus torch's dispatcher override warning on both ranks, then ready and serving",
    join(
        W_SERVE_0510,
        W_SAMPLING,
        W_FA3,
        W_NCCL,
        sargs(
            3,
            "Qwen/Qwen3-8B",
            tp_size=2,
            attention_backend="fa3",
            sampling_backend="pytorch",
            disable_custom_all_reduce=True,
            enable_deterministic_inference=True,
        ),
        _H100_BOOT_0510[:4],
        TORCH_OVERRIDE,
        [line.replace("10:00:31.219846012", "10:00:31.224107735") for line in TORCH_OVERRIDE],
        _H100_BOOT_0510[4:],
        ready(60),
        f"{ts(70, 'TP0')} Prefill batch, #new-seq: 16, #new-token: 4096, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
        f"{ts(72, 'TP0')} Decode batch, #running-req: 16, #token: 4720, token usage: 0.01, cuda graph: True, gen throughput (token/s): 1088.30, #queue-req: 0, ",
        f'{ts(75)} INFO:     10.0.3.17:51234 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_custom_logit_processor_not_enabled_400_0_5_9",
    "0.5.9",
    "sglang 0.5.9 tokenizer_manager.py:826-832 (custom logit processor without the flag), sampling_params.py:111 (top_p range), http_server.py:682 (`[http_server] Error:` then a 400)",
    "healthy",
    "requests refused with 400 (processor not enabled, top_p 0) while the server keeps serving with --random-seed 42",
    join(
        sargs(2, "Qwen/Qwen3-8B", random_seed=42, sampling_backend="flashinfer"),
        f"{ts(30)} max_total_num_tokens=761328, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=40960, available_gpu_mem=13.29 GB",
        ready(31),
        f"{ts(50)} [http_server] Error: The server is not configured to enable custom logit processor. Please set `--enable-custom-logit-processor` to enable this feature.",
        f'{ts(50)} INFO:     10.0.3.17:51234 - "POST /generate HTTP/1.1" 400 Bad Request',
        f"{ts(52)} [http_server] Error: top_p must be in (0, 1], got 0.0.",
        f'{ts(52)} INFO:     10.0.3.17:51240 - "POST /generate HTTP/1.1" 400 Bad Request',
        f"{ts(55)} Prefill batch, #new-seq: 1, #new-token: 42, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(56)} Decode batch, #running-req: 1, #token: 83, token usage: 0.00, cuda graph: True, gen throughput (token/s): 92.17, #queue-req: 0, ",
        f'{ts(57)} INFO:     10.0.3.17:51246 - "POST /generate HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_retractions_radixless_flashinfer_0_5_5",
    "0.5.5",
    "sglang 0.5.5 scheduler.py:1917-1921 (KV cache pool is full. Retract requests.), scheduler_metrics_mixin.py decode line; deterministic flashinfer disables the radix cache",
    "healthy",
    "deterministic flashinfer without radix cache under load: token usage 0.99 and retractions, still decoding",
    join(
        W_SAMPLING,
        w_radix("flashinfer"),
        sargs(
            2,
            "Qwen/Qwen3-8B",
            attention_backend="flashinfer",
            sampling_backend="pytorch",
            disable_radix_cache=True,
            enable_deterministic_inference=True,
        ),
        f"{ts(30)} max_total_num_tokens=420182, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=9.33 GB",
        ready(31, info="/get_model_info"),
        f"{ts(200)} Decode batch, #running-req: 388, #token: 416902, token usage: 0.99, cuda graph: True, gen throughput (token/s): 5120.44, #queue-req: 612, ",
        f"{ts(201)} KV cache pool is full. Retract requests. #retracted_reqs: 3, #new_token_ratio: 0.4012 -> 0.5612",
        f"{ts(203)} KV cache pool is full. Retract requests. #retracted_reqs: 1, #new_token_ratio: 0.5531 -> 0.6488",
        f"{ts(205)} Decode batch, #running-req: 384, #token: 411204, token usage: 0.98, cuda graph: True, gen throughput (token/s): 5088.91, #queue-req: 616, ",
        f"{ts(210)} Prefill batch, #new-seq: 2, #new-token: 4096, #cached-token: 0, token usage: 0.97, #running-req: 382, #queue-req: 614, ",
        f'{ts(211)} INFO:     10.0.3.17:51234 - "POST /v1/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_nan_detection_warnings_0_5_3",
    "0.5.3",
    "sglang 0.5.3 sampler.py:50-57 (`--enable-nan-detection`: NaN logits replaced, warning; raises only when crash_on_warnings in CI)",
    "healthy",
    "NaN-in-logits warnings from the sampler on a serving server; the logits are patched and decoding continues",
    join(
        sargs(2, "mistralai/Mistral-7B-Instruct-v0.3", enable_nan_detection=True, sampling_backend="flashinfer"),
        f"{ts(25)} max_total_num_tokens=452608, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=10.02 GB",
        ready(26, info="/get_model_info"),
        f"{ts(40)} Prefill batch. #new-seq: 8, #new-token: 3120, #cached-token: 512, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
        f"{ts(41)} Detected errors during sampling! NaN in the logits.",
        f"{ts(41)} Detected errors during sampling! NaN in the logits.",
        f"{ts(42)} Decode batch. #running-req: 8, #token: 3560, token usage: 0.01, cuda graph: True, gen throughput (token/s): 402.66, #queue-req: 0, ",
        f"{ts(44)} Detected errors during sampling! NaN in the logits.",
        f'{ts(45)} INFO:     10.0.3.17:51234 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_truncation_align_stall_0_5_5",
    "0.5.5",
    "sglang 0.5.5 scheduler.py:640-655 (truncation_align_size 4096 for flashinfer), schedule_policy.py:628-637 (a chunk shorter than the align size is not scheduled)",
    "healthy",
    "--chunked-prefill-size 2048 under deterministic flashinfer: long prompts wait forever in the queue; the log only shows a growing #queue-req",
    join(
        W_SAMPLING,
        w_radix("flashinfer"),
        sargs(
            2,
            "Qwen/Qwen3-8B",
            attention_backend="flashinfer",
            sampling_backend="pytorch",
            chunked_prefill_size=2048,
            disable_radix_cache=True,
            enable_deterministic_inference=True,
        ),
        f"{ts(30)} max_total_num_tokens=420182, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=9.33 GB",
        ready(31, info="/get_model_info"),
        f"{ts(40)} Prefill batch, #new-seq: 3, #new-token: 1530, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(42)} Decode batch, #running-req: 3, #token: 1650, token usage: 0.00, cuda graph: True, gen throughput (token/s): 240.18, #queue-req: 1, ",
        f"{ts(48)} Decode batch, #running-req: 3, #token: 1770, token usage: 0.00, cuda graph: True, gen throughput (token/s): 241.02, #queue-req: 2, ",
        f"{ts(53)} Decode batch, #running-req: 1, #token: 610, token usage: 0.00, cuda graph: True, gen throughput (token/s): 80.55, #queue-req: 4, ",
        f'{ts(53)} INFO:     10.0.3.17:51234 - "POST /generate HTTP/1.1" 200 OK',
    ),
)

# ------------------------------------------------------------------------------------------------------ tests
XFAIL: dict[str, str] = {  # filled after the ONE first-sight run: case -> label the classifier gave
    "fa3_fallback_no_sm89_build_exit_0_5_10": "cuda_error_other",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_determinism_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}  # healthy cases that fire a failure event on the way: case -> event label


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_determinism_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
