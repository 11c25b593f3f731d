"""KV cache data types and what they do to an SGLang server, as the log shows it (synthetic, written blind by a helper).

Scope `kvdtype`: `--kv-cache-dtype` (auto, fp8_e4m3, fp8_e5m2, fp4_e2m1, bf16) and what follows from it: the argparse
choices of each release (`fp8` is vLLM's spelling, `fp4_e2m1` only exists from 0.5.5), KV scales from a checkpoint or
`--quantization-param-path` (the 1.0-default warning, a scales file that fails its schema and is logged as an error but
carried on from, a model class without `load_kv_cache_scales`), attention backends with and without an FP8/FP4 KV
cache (FA3's e5m2 fallback to triton, TRT-LLM MLA's dtype and Blackwell checks, KV4's backend asserts and its CUDA-only
check, DeepSeek NSA's dtype assert, upstream FlashMLA without the fp8 `descale_q` signature, Triton's `fp8e4nv` on an
A100, FlashInfer JIT-compiling the e4m3 kernel without nvcc), page-size rewrites (TRT-LLM MLA), the KV pool when the
dtype changes (`Not enough memory` in three spellings, an OOM while allocating the MLA pool, 0.4.6's ROCm e4m3 path
that never sets `kv_cache_dtype`), graph capture after an FP8 pool took the headroom, MLA's compressed KV (FlashInfer
MLA dequantizing a whole layer's FP8 buffer after ready), PD disaggregation (0.5.10's dtype-mismatch check, a Mooncake
transfer failure), runtime CUDA/HIP faults, a decode allocation failure after retractions, and the HTTP port taken.

Sources (messages copied from the named wheel's source, format fields filled; call paths and line numbers read there):
sglang 0.4.3.post2, 0.4.6.post5, 0.4.9.post6, 0.5.2, 0.5.5, 0.5.8, 0.5.10.post1 (server_args.py, launch_server.py,
model_executor/model_runner.py, model_executor/model_runner_kv_cache_mixin.py, model_executor/cuda_graph_runner.py,
mem_cache/memory_pool.py, mem_cache/common.py, model_loader/weight_utils.py, layers/quantization/kv_cache.py,
layers/attention/{flashinfer,flashinfer_mla,flashmla,triton,trtllm_mla}_backend.py, disaggregation/common/conn.py,
disaggregation/mooncake/conn.py, disaggregation/{prefill,decode}.py, managers/{scheduler,tp_worker,
tp_worker_overlap_thread,tokenizer_manager,scheduler_metrics_mixin}.py, entrypoints/{engine,http_server}.py);
triton 3.4.0 (language/core.py `to_ir`, compiler/code_generator.py, backends/nvidia/compiler.py fp8 dtypes);
flashinfer-python 0.6.x (jit/cpp_ext.py `run_ninja`, jit/core.py, jit/attention/modules.py URIs, decode.py,
prefill.py); PyTorch's c10 CUDACachingAllocator OOM text; uvicorn's bind error. Public threads for the scenarios:
https://github.com/sgl-project/sglang/issues/5651 (FA3 + FP8 KV fails in capture),
https://github.com/sgl-project/sglang/issues/6354 (FlashMLA + FP8 KV fails at start-up),
https://github.com/sgl-project/sglang/pull/8855 (FlashMLA fp8 kernels not in upstream FlashMLA),
https://github.com/sgl-project/sglang/issues/5871 and https://github.com/vllm-project/vllm/issues/17581 (Triton's
`fp8e4nv not supported in this architecture` on sm80/sm86, wrapped as `CompilationError: at 1:0:`),
https://github.com/sgl-project/sglang/issues/18818 (`--quantization-param-path` JSON scales with fp8_e4m3),
https://github.com/sgl-project/sglang/pull/28201 (a backend that needs an explicit fp8_e4m3 KV dtype).
Some library line numbers (torch, triton, flashinfer internals, subprocess) are approximate.

Labelling policy, decided before the classifier ran: the deciding event and the phase it happened in, as an operator
would read them. A KV dtype (or KV4 / NSA / TRT-LLM MLA backend combination) that the release, the backend, the GPU or
the platform does not support is `config_error`, whether it is refused by argparse, by a ValueError/AssertionError in
`ServerArgs.__post_init__`, or only shows as the kernel library failing on it (Triton's fp8e4nv on sm80, upstream
FlashMLA's missing `descale_q` keyword, 0.4.6's ROCm e4m3 path leaving `kv_cache_dtype` unset, FlashInfer's JIT with
no nvcc even when SGLang wraps it as `Capture cuda graph failed` with its mem-fraction advice), and so is PD decode's
explicit `KV cache dtype mismatch` RuntimeError naming the flag. A pool that cannot be sized or allocated before ready
(`Not enough memory`, an OOM inside the MLA pool's `torch.zeros`) is `oom_kv_cache`; an OOM inside capture is
`oom_cuda_graph`; inside weight init `oom_weights`; after ready (a forward pass, or the decode allocator raising after
retractions) `oom_runtime`. A Mooncake transfer failure between PD servers is `nccl_or_distributed`. CUDA/HIP faults
after ready are `cuda_error_other`. uvicorn's `address already in use` is `port_in_use` even when the warm-up then
reaches the old server on that port. Healthy: ready and serving with accuracy warnings, an `An error occurred while
reading` scales error that falls back to 1.0, FA3's fallback to triton plus retractions, KV4's accuracy warning, and
TRT-LLM MLA's page-size rewrite plus the ignored checkpoint k_scale.

First sight: 31/31 (no misses: every case got its label, and none of the five healthy contrasts fired a failure
event on the way, so XFAIL and EVENT_XFAIL stay empty).
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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
SGW = "/sgl-workspace/sglang/python"  # the images' editable install of sglang itself
TORCH_CALL = (
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
)
NO_GRAD = (("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),)


def tb(sgl: str, pk: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{sgl}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+` (another
    package in `{pk}`: `+torch/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{pk}/{path[1:]}"
        else:
            full = f"{sgl}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def sargs(second: int, model: str, **kw: object) -> str:
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def uvicorn(second: int, pid: int = 4242, port: int = 30000, info: str = "/get_model_info") -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:40512 - "GET {info} HTTP/1.1" 200 OK',
    ]


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sched_exc(second: int, rank: str | None, stack: str, error: str) -> str:
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{stack}\n{error}"


def sigquit(second: int, spelling: str = "process") -> str:
    return f"{ts(second)} Received sigquit from a child {spelling}. It usually means the child failed."


def bare_args_failure(pk: str, launch: tuple, frames: str, error: str) -> str:
    return f"{TB}\n{tb(SGW, pk, *launch)}\n{frames}\n{error}"


def journald(text: str, host: str, unit: str, pid: int) -> str:
    """journald's prefix on every line, its clock taken from the last SGLang timestamp seen."""
    out, clock = [], "10:00:00"
    for line in text.split("\n"):
        if line.startswith("[2026-03-02 "):
            clock = line[12:20]
        out.append(f"Mar 02 {clock} {host} {unit}[{pid}]: {line}")
    return "\n".join(out)


def oom(tried: str, total: str, free: str, inuse: str, alloc: str, reserved: str, private: str = "") -> str:
    pp = f"with {private} allocated in private pools (e.g., CUDA Graphs), " if private else ""
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried}. GPU 0 has a total capacity of {total} "
        f"of which {free} is free. Including non-PyTorch memory, this process has {inuse} memory in use. Of the "
        f"allocated memory {alloc} is allocated by PyTorch, {pp}and {reserved} is reserved by PyTorch but unallocated. "
        "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to "
        "avoid fragmentation.  See documentation for Memory Management  "
        "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


CAPTURE_ADVICE = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose "
)
DURING = "\nDuring handling of the above exception, another exception occurred:\n"
CUDA_ASYNC = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)
FP8_NO_SCALES = (
    "Using FP8 KV cache but no scaling factors provided. Defaulting to scaling factors of 1.0. "
    "This may lead to less accurate results!"
)

# -- call paths, per release (line numbers from that release's wheel)
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
    ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
)
INIT_049 = (
    (
        "managers/scheduler.py",
        2986,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 346, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 66, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 82, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 233, "__init__", "self.initialize(min_per_gpu_memory)"),
)
INIT_052 = (
    ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
)
INIT_055 = (
    ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
)
INIT_058 = (
    ("managers/scheduler.py", 2937, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 346, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 535, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 497, "init_tp_model_worker", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 246, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 329, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 383, "__init__", "self.initialize(min_per_gpu_memory)"),
)
INIT_0510 = (
    ("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
    ("managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
)
# the launcher raising in `prepare_server_args` (ServerArgs.__post_init__), per release
ARGS_052 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
    (f"{SGW}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 2566, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 2230, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 249, "__init__", ""),
)
ARGS_055 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
    (f"{SGW}/sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 4022, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 3637, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 311, "__init__", ""),
)
ARGS_058 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
    (f"{SGW}/sglang/launch_server.py", 29, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 5269, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 4751, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 322, "__init__", ""),
)
ARGS_0510 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
    (f"{SGW}/sglang/launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 5975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 364, "__init__", ""),
)
LAUNCH_WARNING_0510 = (
    f"{SGW}/sglang/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but "
    "'sglang serve' is the recommended entrypoint.\n  Example: sglang serve --model-path <model> [options]\n"
    "  warnings.warn("
)


# ================================================================================================ healthy contrasts
case(
    "healthy_fp8_e4m3_scales_default_to_one",
    "0.5.2",
    "sglang-0.5.2 model_runner.py load_model (the 1.0-scales warning), memory_pool.py, scheduler_metrics_mixin.py",
    "healthy",
    "FP8 KV without scales: SGLang warns that scales default to 1.0 (an accuracy warning), sizes a pool twice as deep and serves",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            kv_cache_dtype="fp8_e4m3",
            quantization=None,
            quantization_param_path=None,
            mem_fraction_static=0.835,
            tp_size=1,
            page_size=1,
            port=30000,
        ),
        f"{ts(2)} Using default HuggingFace chat template with detected content format: string",
        f"{ts(7)} Init torch distributed begin.",
        f"{ts(7)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(8)} Load weight begin. avail mem=78.58 GB",
        f"{ts(8)} Using model weights format ['*.safetensors']",
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:03<00:00,  1.18it/s]",
        "",
        f"{ts(12)} {FP8_NO_SCALES}",
        f"{ts(12)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.46 GB, mem usage=15.12 GB.",
        f"{ts(12)} KV Cache is allocated. #tokens: 825950, K size: 25.21 GB, V size: 25.21 GB",
        f"{ts(12)} Memory pool end. avail mem=12.84 GB",
        f"{ts(13)} Capture cuda graph begin. This can take up to several minutes. avail mem=12.71 GB",
        f"{ts(13)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        "Capturing batches (bs=256 avail_mem=12.69 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
        "Capturing batches (bs=1 avail_mem=12.03 GB): 100%|██████████| 36/36 [00:07<00:00,  4.62it/s]",
        f"{ts(21)} Capture cuda graph end. Time elapsed: 7.94 s. mem usage=0.68 GB. avail mem=12.03 GB.",
        f"{ts(21)} max_total_num_tokens=825950, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=12.03 GB",
        uvicorn(22),
        f"{ts(23)} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f'{ts(24)} INFO:     127.0.0.1:40520 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(24)} The server is fired up and ready to roll!",
        f"{ts(60)} Prefill batch. #new-seq: 12, #new-token: 8192, #cached-token: 1536, token usage: 0.05, #running-req: 36, #queue-req: 4, ",
        f"{ts(62)} Decode batch. #running-req: 48, #token: 61440, token usage: 0.07, cuda graph: True, gen throughput (token/s): 4125.37, #queue-req: 0, ",
        f'{ts(63)} INFO:     10.0.0.7:53318 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

SCALES = "/models/llama-3.1-70b-instruct/kv_cache_scales.json"
case(
    "healthy_scales_file_for_tp8_read_error_falls_back",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_loader/weight_utils.py kv_cache_scales_loader (logger.error, then the 1.0 warning), model_runner.py load_model",
    "healthy",
    "a scales JSON written for TP8 fails its schema at TP4: every rank logs `An error occurred while reading` and defaults to 1.0, then the server comes up and serves",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-70B-Instruct",
            kv_cache_dtype="fp8_e4m3",
            quantization_param_path=SCALES,
            mem_fraction_static=0.85,
            tp_size=4,
            port=30000,
        ),
        *[f"{ts(9, f'TP{r}')} Init torch distributed begin." for r in range(4)],
        f"{ts(12, 'TP0')} Init torch distributed ends. mem usage=1.12 GB",
        f"{ts(12, 'TP0')} Load weight begin. avail mem=77.98 GB",
        f"{ts(13, 'TP0')} Using model weights format ['*.safetensors']",
        "Loading safetensors checkpoint shards:   0% Completed | 0/30 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 30/30 [00:41<00:00,  1.37s/it]",
        "",
        *[f"{ts(55, f'TP{r}')} An error occurred while reading '{SCALES}'." for r in (0, 2, 1, 3)],
        *[
            f"{ts(55, f'TP{r}')} Defaulting to KV cache scaling factors = 1.0 for all layers in TP rank {r} as an error occurred during loading."
            for r in (0, 2, 1, 3)
        ],
        *[f"{ts(55, f'TP{r}')} Loaded KV cache scaling factors from {SCALES}" for r in (0, 2, 1, 3)],
        f"{ts(55, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=44.96 GB, mem usage=33.02 GB.",
        f"{ts(56, 'TP0')} KV Cache is allocated. #tokens: 868770, K size: 16.57 GB, V size: 16.57 GB",
        f"{ts(56, 'TP0')} Memory pool end. avail mem=11.21 GB",
        f"{ts(57, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=11.08 GB",
        "Capturing batches (avail_mem=11.02 GB): 100%|██████████| 35/35 [00:12<00:00,  2.87it/s]",
        f"{ts(69, 'TP0')} Capture cuda graph end. Time elapsed: 12.21 s. mem usage=1.03 GB. avail mem=10.05 GB.",
        f"{ts(70, 'TP0')} max_total_num_tokens=868770, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072",
        uvicorn(71),
        f"{ts(72, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f'{ts(74)} INFO:     127.0.0.1:40520 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(74)} The server is fired up and ready to roll!",
        f"{ts(95, 'TP0')} Decode batch. #running-req: 22, #token: 40166, token usage: 0.05, cuda graph: True, gen throughput (token/s): 611.40, #queue-req: 0",
    ),
)

case(
    "healthy_fa3_e5m2_falls_back_to_triton_and_retracts",
    "0.5.5",
    "sglang-0.5.5 server_args.py _handle_attention_backend_compatibility (FA3 e5m2 warning), model_runner.py (Using KV cache dtype), scheduler.py update_running_batch (retract), scheduler_metrics_mixin.py",
    "healthy",
    "FA3 cannot read an e5m2 cache, so SGLang switches to triton (printed before logging is set up); under load the pool fills and requests are retracted, which is pressure, not failure",
    join(
        "FlashAttention3 only supports fp8_e4m3 if using FP8; Setting attention backend to triton.",
        sargs(
            0,
            "Qwen/Qwen3-32B",
            kv_cache_dtype="fp8_e5m2",
            attention_backend="triton",
            mem_fraction_static=0.85,
            tp_size=2,
            port=30000,
        ),
        f"{ts(8, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP1')} Init torch distributed begin.",
        f"{ts(10, 'TP0')} Init torch distributed ends. mem usage=0.92 GB",
        f"{ts(10, 'TP0')} Load weight begin. avail mem=78.17 GB",
        f"{ts(10, 'TP0')} Using model weights format ['*.safetensors']",
        "Loading safetensors checkpoint shards: 100% Completed | 17/17 [00:14<00:00,  1.21it/s]",
        f"{ts(25, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=47.66 GB, mem usage=30.51 GB.",
        f"{ts(25, 'TP0')} Using KV cache dtype: torch.float8_e5m2",
        f"{ts(25, 'TP0')} KV Cache is allocated. #tokens: 584832, K size: 17.85 GB, V size: 17.85 GB",
        f"{ts(25, 'TP0')} Memory pool end. avail mem=11.69 GB",
        f"{ts(26, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=11.56 GB",
        "Capturing batches (bs=1 avail_mem=10.41 GB): 100%|██████████| 52/52 [00:11<00:00,  4.47it/s]",
        f"{ts(38, 'TP0')} Capture cuda graph end. Time elapsed: 11.86 s. mem usage=1.15 GB. avail mem=10.41 GB.",
        f"{ts(38, 'TP0')} max_total_num_tokens=584832, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=10.41 GB",
        uvicorn(39),
        f'{ts(41)} INFO:     127.0.0.1:40520 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(41)} The server is fired up and ready to roll!",
        f"{ts(300, 'TP0')} Decode batch, #running-req: 402, #token: 579127, token usage: 0.99, cuda graph: True, gen throughput (token/s): 5123.88, #queue-req: 311, ",
        f"{ts(301, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 7, #new_token_ratio: 0.4100 -> 0.7268",
        f"{ts(302, 'TP0')} Decode batch, #running-req: 395, #token: 583991, token usage: 1.00, cuda graph: True, gen throughput (token/s): 5087.12, #queue-req: 318, ",
        f"{ts(309, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 3, #new_token_ratio: 0.6931 -> 0.7854",
        f"{ts(322, 'TP0')} Prefill batch, #new-seq: 9, #new-token: 8192, #cached-token: 2048, token usage: 0.94, #running-req: 371, #queue-req: 305, ",
        f'{ts(323)} INFO:     10.0.0.7:53318 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_fp4_e2m1_kv_accuracy_warning",
    "0.5.10.post1",
    "sglang-0.5.10.post1 model_runner.py configure_kv_cache_dtype (FP4 warning), model_runner_kv_cache_mixin.py, memory_pool.py _finalize_allocation_log, launch_server.py UserWarning",
    "healthy",
    "FP4 KV with the triton backend passes the KV4 checks; SGLang warns about accuracy and serves",
    join(
        LAUNCH_WARNING_0510,
        sargs(
            0,
            "Qwen/Qwen3-30B-A3B",
            kv_cache_dtype="fp4_e2m1",
            attention_backend="triton",
            mem_fraction_static=0.88,
            tp_size=1,
            page_size=1,
            port=30000,
        ),
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(6)} Init torch distributed ends. elapsed=0.31 s, mem usage=0.00 GB",
        f"{ts(7)} Load weight begin. avail mem=177.61 GB",
        f"{ts(7)} Using model weights format ['*.safetensors']",
        "Loading safetensors checkpoint shards: 100% Completed | 16/16 [00:09<00:00,  1.71it/s]",
        f"{ts(17)} Load weight end. elapsed=10.12 s, type=Qwen3MoeForCausalLM, avail mem=120.43 GB, mem usage=57.18 GB.",
        f"{ts(17)} FP4 (E2M1) KV Cache might lead to a accuracy drop!",
        f"{ts(17)} Using KV cache dtype: torch.float4_e2m1fn_x2",
        f"{ts(18)} KV Cache is allocated. #tokens: 3883520, K size: 44.44 GB, V size: 44.44 GB",
        f"{ts(18)} Memory pool end. avail mem=21.06 GB",
        f"{ts(19)} Capture cuda graph begin. This can take up to several minutes. avail mem=20.93 GB",
        "Capturing batches (bs=1 avail_mem=19.48 GB): 100%|██████████| 52/52 [00:13<00:00,  3.91it/s]",
        f"{ts(33)} Capture cuda graph end. Time elapsed: 13.70 s. mem usage=1.45 GB. avail mem=19.48 GB.",
        f"{ts(33)} max_total_num_tokens=3883520, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=19.48 GB",
        uvicorn(34, info="/model_info"),
        f'{ts(36)} INFO:     127.0.0.1:40520 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(36)} The server is fired up and ready to roll!",
        f"{ts(80)} Decode batch, #running-req: 128, #token: 401228, token usage: 0.10, cuda graph: True, gen throughput (token/s): 9870.55, #queue-req: 0, ",
    ),
)

R1_FP4 = "nvidia/DeepSeek-R1-0528-FP4-v2"
case(
    "healthy_trtllm_mla_bf16_kv_ignores_checkpoint_k_scale",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py (TRT-LLM MLA page_size rewrite), trtllm_mla_backend.py (warning_once about k_scale), memory_pool.py (MLA KV size)",
    "healthy",
    "bf16 KV over a checkpoint calibrated for FP8 KV: page size rewritten to 64, MLA's compressed pool sized, and the first forward warns that the checkpoint's k_scale is ignored; serving goes on",
    join(
        LAUNCH_WARNING_0510,
        "TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from 1 to 64.",
        sargs(
            0,
            R1_FP4,
            quantization="modelopt_fp4",
            kv_cache_dtype="bf16",
            attention_backend="trtllm_mla",
            page_size=64,
            mem_fraction_static=0.85,
            tp_size=4,
            port=30000,
        ),
        f"{ts(12, 'TP0')} Init torch distributed ends. elapsed=3.41 s, mem usage=1.62 GB",
        f"{ts(12, 'TP0')} Load weight begin. avail mem=176.80 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 80/80 [02:41<00:00,  2.02s/it]",
        f"{ts(175, 'TP0')} Load weight end. elapsed=162.95 s, type=DeepseekV3ForCausalLM, quant=modelopt_fp4, quant_algo=NVFP4, avail mem=77.41 GB, mem usage=99.39 GB.",
        f"{ts(175, 'TP0')} Using KV cache dtype: torch.bfloat16",
        f"{ts(176, 'TP0')} KV Cache is allocated. #tokens: 763968, KV size: 50.00 GB",
        f"{ts(176, 'TP0')} Memory pool end. avail mem=26.43 GB",
        f"{ts(177, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=26.20 GB",
        "Capturing batches (bs=1 avail_mem=23.87 GB): 100%|██████████| 52/52 [00:31<00:00,  1.66it/s]",
        f"{ts(209, 'TP0')} Capture cuda graph end. Time elapsed: 31.44 s. mem usage=2.33 GB. avail mem=23.87 GB.",
        f"{ts(209, 'TP0')} max_total_num_tokens=763968, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=23.87 GB",
        uvicorn(210, info="/model_info"),
        *[
            f"{ts(212, f'TP{r}')} Checkpoint has k_scale but KV cache dtype is not FP8. Ignoring k_scale for BMM1 (k_scale=0.0417, kv_dtype=torch.bfloat16)."
            for r in range(4)
        ],
        f'{ts(213)} INFO:     127.0.0.1:40520 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(213)} The server is fired up and ready to roll!",
        f"{ts(260, 'TP0')} Decode batch, #running-req: 64, #token: 188032, token usage: 0.25, cuda graph: True, gen throughput (token/s): 2411.09, #queue-req: 0, ",
    ),
)


# ============================================================================================ arguments refused
USAGE_049 = (
    "usage: launch_server.py [-h] --model-path MODEL_PATH\n"
    "                        [--tokenizer-path TOKENIZER_PATH] [--host HOST]\n"
    "                        [--port PORT] [--tokenizer-mode {auto,slow}]\n"
    "                        [--skip-tokenizer-init] [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote}]\n"
    "                        [--trust-remote-code] [--dtype {auto,half,float16,bfloat16,float,float32}]\n"
    "                        [--kv-cache-dtype {auto,fp8_e5m2,fp8_e4m3}]\n"
    "                        [--quantization-param-path QUANTIZATION_PARAM_PATH]\n"
    "                        ..."
)
case(
    "argparse_rejects_vllm_fp8_spelling",
    "0.4.9.post6",
    "sglang-0.4.9.post6 server_args.py add_cli_args (--kv-cache-dtype choices auto, fp8_e5m2, fp8_e4m3); argparse",
    "config_error",
    "`--kv-cache-dtype fp8` is vLLM's spelling; SGLang's argparse refuses it and exits 2 before anything starts",
    join(
        "+ python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-32B-Instruct --tp 2 --kv-cache-dtype fp8 --port 30000",
        USAGE_049,
        "launch_server.py: error: argument --kv-cache-dtype: invalid choice: 'fp8' (choose from 'auto', 'fp8_e5m2', 'fp8_e4m3')",
    ),
)

case(
    "argparse_rejects_fp4_e2m1_before_0_5_5",
    "0.5.2",
    "sglang-0.5.2 server_args.py add_cli_args (choices auto, fp8_e5m2, fp8_e4m3; fp4_e2m1 arrives in 0.5.5)",
    "config_error",
    "an FP4 KV recipe for a newer release run on 0.5.2: the choice does not exist yet",
    join(
        "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH] [--tokenizer-mode {auto,slow}] [--tokenizer-worker-num TOKENIZER_WORKER_NUM]",
        "                        [--skip-tokenizer-init] [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote,remote_instance}]",
        "                        [--kv-cache-dtype {auto,fp8_e5m2,fp8_e4m3}] [--quantization-param-path QUANTIZATION_PARAM_PATH] [--mem-fraction-static MEM_FRACTION_STATIC]",
        "                        ...",
        "launch_server.py: error: argument --kv-cache-dtype: invalid choice: 'fp4_e2m1' (choose from 'auto', 'fp8_e5m2', 'fp8_e4m3')",
    ),
)

case(
    "trtllm_mla_refuses_fp8_e5m2",
    "0.5.5",
    "sglang-0.5.5 server_args.py _handle_attention_backend_compatibility (TensorRT-LLM MLA kv-cache-dtype check)",
    "config_error",
    "TRT-LLM MLA reads only e4m3/fp4/auto caches: the launcher's own traceback from ServerArgs.__post_init__",
    join(
        "TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from 1 to 64.",
        bare_args_failure(
            PY312,
            ARGS_055,
            tb(
                SGW,
                PY312,
                ("server_args.py", 596, "__post_init__", "self._handle_attention_backend_compatibility()"),
                ("server_args.py", 1232, "_handle_attention_backend_compatibility", "raise ValueError("),
            ),
            "ValueError: TensorRT-LLM MLA backend only supports kv-cache-dtype of fp8_e4m3, fp4_e2m1, or auto.",
        ),
    ),
)

case(
    "trtllm_mla_on_hopper",
    "0.5.2",
    "sglang-0.5.2 server_args.py __post_init__ (TRTLLM MLA Blackwell check)",
    "config_error",
    "a B200 recipe (trtllm_mla + fp8_e4m3 KV) copied to an H200: the backend is refused for the hardware",
    bare_args_failure(
        PY312,
        ARGS_052,
        tb(SGW, PY312, ("server_args.py", 583, "__post_init__", "raise ValueError(")),
        "ValueError: TRTLLM MLA backend is only supported on Blackwell GPUs (SM100). Please use a different backend.",
    ),
)

case(
    "kv4_mha_rejects_flashinfer_backend",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py _handle_kv4_compatibility (KV4 MHA backend assert)",
    "config_error",
    "fp4_e2m1 KV for an MHA model with --attention-backend flashinfer: the KV4 check's AssertionError",
    join(
        LAUNCH_WARNING_0510,
        bare_args_failure(
            PY312,
            ARGS_0510,
            tb(
                SGW,
                PY312,
                ("server_args.py", 794, "__post_init__", "self._handle_kv4_compatibility()"),
                ("server_args.py", 2537, "_handle_kv4_compatibility", "assert ("),
            ),
            "AssertionError: KV4 MHA expects attention_backend to be one of ['triton', 'torch_native', 'flex_attention', 'trtllm_mha'], but got flashinfer",
        ),
    ),
)

case(
    "kv4_not_tested_on_rocm",
    "0.5.8",
    "sglang-0.5.8 server_args.py _handle_kv4_compatibility (non-CUDA RuntimeError)",
    "config_error",
    "fp4_e2m1 KV on an MI355X: refused because the platform is not CUDA",
    bare_args_failure(
        PY312,
        ARGS_058,
        tb(
            SGW,
            PY312,
            ("server_args.py", 718, "__post_init__", "self._handle_kv4_compatibility()"),
            (
                "server_args.py",
                1915,
                "_handle_kv4_compatibility",
                'raise RuntimeError("KV4 is not tested on non-CUDA platforms.")',
            ),
        ),
        "RuntimeError: KV4 is not tested on non-CUDA platforms.",
    ),
)

case(
    "nsa_refuses_fp8_e5m2",
    "0.5.5",
    "sglang-0.5.5 server_args.py _handle_model_specific_adjustments (DeepSeek NSA defaults and dtype assert)",
    "config_error",
    "DeepSeek-V3.2-Exp with fp8_e5m2: NSA's defaults are printed, then its KV dtype assert fails",
    join(
        "Set nsa attention backend for DeepSeek NSA.",
        "DP attention is enabled for DeepSeek NSA.",
        "Setting page size to 64 for DeepSeek NSA.",
        bare_args_failure(
            PY312,
            ARGS_055,
            tb(
                SGW,
                PY312,
                ("server_args.py", 589, "__post_init__", "self._handle_model_specific_adjustments()"),
                ("server_args.py", 1089, "_handle_model_specific_adjustments", "assert self.kv_cache_dtype in ["),
            ),
            "AssertionError: DeepSeek NSA only supports bf16/bfloat16 or fp8_e4m3 kv_cache_dtype",
        ),
    ),
)


# ===================================================================== the model or platform cannot take the dtype
case(
    "scales_path_for_model_without_scale_loader",
    "0.4.3.post2",
    "sglang-0.4.3.post2 model_runner.py load_model (RuntimeError with a %s tuple), engine.py (`child proces.` typo)",
    "config_error",
    "--quantization-param-path with DeepSeek-V2-Lite, whose class has no load_kv_cache_scales: the RuntimeError prints as a tuple",
    join(
        "[2026-03-02 10:00:00] server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V2-Lite-Chat', tokenizer_path='deepseek-ai/DeepSeek-V2-Lite-Chat', tokenizer_mode='auto', kv_cache_dtype='fp8_e4m3', quantization_param_path='/data/scales/dsv2-lite-kv.json', trust_remote_code=True, tp_size=2, ...)",
        f"{ts(6, 'TP0')} MLA optimization is turned on. Use triton backend.",
        f"{ts(6, 'TP1')} MLA optimization is turned on. Use triton backend.",
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP1')} Init torch distributed begin.",
        f"{ts(8, 'TP0')} Load weight begin. avail mem=78.14 GB",
        f"{ts(8, 'TP1')} Load weight begin. avail mem=78.14 GB",
        f"{ts(9, 'TP0')} Using model weights format ['*.safetensors']",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:06<00:00,  1.55s/it]",
        sched_exc(
            16,
            "TP0",
            tb(
                PY310,
                PY310,
                *INIT_043,
                ("model_executor/model_runner.py", 195, "__init__", "self.load_model()"),
                ("model_executor/model_runner.py", 336, "load_model", "raise RuntimeError("),
            ),
            "RuntimeError: ('Using FP8 KV cache and scaling factors provided but model %s does not support loading scaling factors.', <class 'sglang.srt.models.deepseek_v2.DeepseekV2ForCausalLM'>)",
        ),
        "",
        sigquit(16, "proces"),
    ),
)

case(
    "engine_api_fp8_spelling_unsupported_kv_dtype",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_runner.py init_memory_pool (`Unsupported kv_cache_dtype`), engine.py sigquit",
    "config_error",
    "sgl.Engine(kv_cache_dtype='fp8') skips argparse's choices and reaches the model runner's own ValueError",
    join(
        "[2026-03-02 10:00:00] server_args=ServerArgs(model_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_mode='auto', kv_cache_dtype='fp8', quantization_param_path=None, mem_fraction_static=0.88, tp_size=1, ...)",
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6)} Load weight begin. avail mem=78.63 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:02<00:00,  1.62it/s]",
        f"{ts(9)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.51 GB, mem usage=15.12 GB.",
        sched_exc(
            9,
            None,
            tb(
                PY312,
                PY312,
                *INIT_046,
                ("model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
                ("model_executor/model_runner.py", 839, "init_memory_pool", "raise ValueError("),
            ),
            "ValueError: Unsupported kv_cache_dtype: fp8.",
        ),
        "",
        sigquit(9),
    ),
)

case(
    "rocm_fp8_e4m3_leaves_kv_cache_dtype_unset",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_runner.py init_memory_pool (the fp8_e4m3 branch only sets a dtype when is_cuda()) and profile_max_num_token",
    "config_error",
    "fp8_e4m3 on ROCm in 0.4.6: no dtype is chosen for HIP, so profiling the pool hits an AttributeError (e5m2 works there)",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-70B-Instruct",
            kv_cache_dtype="fp8_e4m3",
            attention_backend="triton",
            mem_fraction_static=0.85,
            tp_size=8,
            port=30000,
        ),
        f"{ts(9, 'TP0')} Init torch distributed ends. mem usage=2.85 GB",
        f"{ts(9, 'TP0')} Load weight begin. avail mem=188.69 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 30/30 [00:37<00:00,  1.25s/it]",
        f"{ts(47, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=171.91 GB, mem usage=16.78 GB.",
        sched_exc(
            47,
            "TP0",
            tb(
                PY312,
                PY312,
                *INIT_046,
                ("model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
                (
                    "model_executor/model_runner.py",
                    843,
                    "init_memory_pool",
                    "self.max_total_num_tokens = self.profile_max_num_token(total_gpu_memory)",
                ),
                (
                    "model_executor/model_runner.py",
                    814,
                    "profile_max_num_token",
                    "* torch._utils._element_size(self.kv_cache_dtype)",
                ),
            ),
            "AttributeError: 'ModelRunner' object has no attribute 'kv_cache_dtype'",
        ),
        "",
        sigquit(47),
    ),
)

TRITON_CAPTURE_052 = (
    INIT_052
    + (
        ("model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
        (
            "model_executor/model_runner.py",
            1761,
            "init_device_graphs",
            "self.graph_runner = graph_runners[self.device](self)",
        ),
        ("model_executor/cuda_graph_runner.py", 389, "__init__", "self.capture()"),
        ("model_executor/cuda_graph_runner.py", 497, "capture", ") = self.capture_one_batch_size(bs, forward)"),
        ("model_executor/cuda_graph_runner.py", 668, "capture_one_batch_size", "run_once()"),
        ("model_executor/cuda_graph_runner.py", 657, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    )
    + NO_GRAD
    + (("models/llama.py", 465, "forward", "hidden_states = self.model("),)
    + TORCH_CALL
    + (("models/llama.py", 342, "forward", "hidden_states, residual = layer("),)
    + TORCH_CALL
    + (("models/llama.py", 266, "forward", "hidden_states = self.self_attn("),)
    + TORCH_CALL
    + (("models/llama.py", 197, "forward", "attn_output = self.attn(q, k, v, forward_batch)"),)
    + TORCH_CALL
    + (
        ("layers/radix_attention.py", 108, "forward", "return forward_batch.attn_backend.forward("),
        ("layers/attention/base_attn_backend.py", 71, "forward", "return self.forward_decode("),
        ("layers/attention/triton_backend.py", 805, "forward_decode", "self.decode_attention_fwd("),
        (
            "layers/attention/triton_ops/decode_attention.py",
            761,
            "decode_attention_fwd",
            "decode_attention_fwd_grouped(",
        ),
        (
            "layers/attention/triton_ops/decode_attention.py",
            692,
            "decode_attention_fwd_grouped",
            "_decode_grouped_att_m_fwd(",
        ),
        (
            "layers/attention/triton_ops/decode_attention.py",
            478,
            "_decode_grouped_att_m_fwd",
            "_fwd_grouped_kernel_stage1[grid](",
        ),
        (
            "+triton/runtime/jit.py",
            390,
            "<lambda>",
            "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
        ),
        ("+triton/runtime/jit.py", 594, "run", "kernel = self.compile(src, target=target, options=options.__dict__)"),
        (
            "+triton/compiler/compiler.py",
            339,
            "compile",
            "module = src.make_ir(options, codegen_fns, module_map, context)",
        ),
        (
            "+triton/compiler/compiler.py",
            83,
            "make_ir",
            "return ast_to_ttir(self.fn, self, context=context, options=options, codegen_fns=codegen_fns,",
        ),
        ("+triton/compiler/code_generator.py", 1503, "ast_to_ttir", "generator.visit(fn.parse())"),
        (
            "+triton/compiler/code_generator.py",
            1431,
            "visit",
            "raise CompilationError(self.jit_fn.src, self.cur_node, repr(e)) from None",
        ),
    )
)
case(
    "triton_fp8e4nv_on_a100_during_capture",
    "0.5.2",
    "sglang-0.5.2 triton_backend.py / triton_ops/decode_attention.py, cuda_graph_runner.py (only RuntimeError is wrapped); triton 3.4.0 language/core.py to_ir, backends/nvidia/compiler.py (fp8e4nv needs sm89); sglang#5871, vllm#17581",
    "config_error",
    "fp8_e4m3 KV on an A100 with the triton backend: Triton has no fp8e4nv before sm89, and the kernel fails to compile at the first captured decode",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            kv_cache_dtype="fp8_e4m3",
            attention_backend="triton",
            mem_fraction_static=0.835,
            tp_size=1,
            port=30000,
        ),
        f"{ts(6)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6)} Load weight begin. avail mem=78.80 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:04<00:00,  1.02s/it]",
        f"{ts(11)} {FP8_NO_SCALES}",
        f"{ts(11)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.68 GB, mem usage=15.12 GB.",
        f"{ts(11)} KV Cache is allocated. #tokens: 826880, K size: 25.23 GB, V size: 25.23 GB",
        f"{ts(11)} Memory pool end. avail mem=12.95 GB",
        f"{ts(12)} Capture cuda graph begin. This can take up to several minutes. avail mem=12.82 GB",
        "Capturing batches (bs=256 avail_mem=12.80 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
        sched_exc(
            14,
            None,
            tb(PY312, PY312, *TRITON_CAPTURE_052),
            "triton.compiler.errors.CompilationError: at 1:0:\ndef _fwd_grouped_kernel_stage1(\n^\n"
            "ValueError(\"type fp8e4nv not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')\")",
        ),
        "",
        sigquit(14),
    ),
)

FI_VER, FI_ARCH = "0.6.1", "89"
URI = "batch_prefill_with_kv_cache_dtype_q_bf16_dtype_kv_e4m3_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False_f16qk_False"
FI_DIR = f"/root/.cache/flashinfer/{FI_VER}/{FI_ARCH}"
NINJA_OUT = (
    f"[1/3] /usr/local/cuda/bin/nvcc --generate-dependencies-with-compile --dependency-output {FI_DIR}/cached_ops/{URI}/batch_prefill.cuda.o.d -DTORCH_EXTENSION_NAME={URI} -DTORCH_API_INCLUDE_EXTENSION_H -DPy_LIMITED_API=0x03090000 -D_GLIBCXX_USE_CXX11_ABI=1 -isystem /usr/include/python3.12 -isystem /usr/local/cuda/include -gencode=arch=compute_89,code=sm_89 -O3 -std=c++17 --threads=4 -use_fast_math -c {FI_DIR}/generated/{URI}/batch_prefill.cu -o {FI_DIR}/cached_ops/{URI}/batch_prefill.cuda.o\n"
    f"FAILED: {FI_DIR}/cached_ops/{URI}/batch_prefill.cuda.o\n"
    "/bin/sh: 1: /usr/local/cuda/bin/nvcc: not found\n"
    "ninja: build stopped: subcommand failed.\n"
)
FI_STACK = (
    ("model_executor/cuda_graph_runner.py", 366, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 522, "capture", "_capture_one_stream()"),
    (
        "model_executor/cuda_graph_runner.py",
        509,
        "_capture_one_stream",
        ") = self.capture_one_batch_size(bs, forward, stream_idx)",
    ),
    (
        "model_executor/cuda_graph_runner.py",
        685,
        "capture_one_batch_size",
        "attn_backend.init_forward_metadata_capture_cuda_graph(",
    ),
    (
        "layers/attention/flashinfer_backend.py",
        568,
        "init_forward_metadata_capture_cuda_graph",
        "self.indices_updater_decode.update(",
    ),
    ("layers/attention/flashinfer_backend.py", 964, "update_single_wrapper", "self.call_begin_forward("),
    ("layers/attention/flashinfer_backend.py", 1145, "call_begin_forward", "wrapper.begin_forward("),
    ("+flashinfer/decode.py", 1051, "plan", "self._cached_module = get_batch_prefill_module("),
    (
        "+flashinfer/prefill.py",
        404,
        "get_batch_prefill_module",
        "module = gen_batch_prefill_module(backend, *args).build_and_load()",
    ),
    ("+flashinfer/jit/core.py", 317, "build_and_load", "self.build(verbose, need_lock=False)"),
    ("+flashinfer/jit/core.py", 303, "build", "run_ninja(self.build_dir, self.ninja_path, verbose)"),
    ("+flashinfer/jit/cpp_ext.py", 340, "run_ninja", "raise RuntimeError(msg) from e"),
)
case(
    "flashinfer_fp8_kv_jit_without_nvcc",
    "0.5.8",
    "sglang-0.5.8 flashinfer_backend.py (fp8 KV uses the tensor-core prefill kernel for decode), cuda_graph_runner.py (`Capture cuda graph failed` + advice); flashinfer 0.6.x jit/cpp_ext.py run_ninja (`Ninja build failed. Ninja output:`), jit/attention/modules.py URI",
    "config_error",
    "the e4m3 decode kernel is not prebuilt, so FlashInfer JIT-compiles it during capture in a runtime image without nvcc; SGLang's wrapper advises a smaller mem fraction, but nothing is out of memory",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-14B-Instruct",
            kv_cache_dtype="fp8_e4m3",
            attention_backend="flashinfer",
            mem_fraction_static=0.85,
            tp_size=1,
            port=30000,
        ),
        f"{ts(7)} Load weight begin. avail mem=43.89 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 8/8 [00:05<00:00,  1.43it/s]",
        f"{ts(13)} {FP8_NO_SCALES}",
        f"{ts(13)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=16.21 GB, mem usage=27.68 GB.",
        f"{ts(13)} Using KV cache dtype: torch.float8_e4m3fn",
        f"{ts(13)} KV Cache is allocated. #tokens: 118048, K size: 5.40 GB, V size: 5.40 GB",
        f"{ts(13)} Memory pool end. avail mem=5.25 GB",
        f"{ts(14)} Capture cuda graph begin. This can take up to several minutes. avail mem=5.12 GB",
        "Capturing batches (bs=160 avail_mem=5.10 GB):   0%|          | 0/23 [00:00<?, ?it/s]",
        sched_exc(
            47,
            None,
            tb(
                PY312,
                PY312,
                ("+flashinfer/jit/cpp_ext.py", 327, "run_ninja", "subprocess.run("),
                ("/usr/lib/python3.12/subprocess.py", 571, "run", "raise CalledProcessError(retcode, process.args,"),
            ),
            f"subprocess.CalledProcessError: Command '['ninja', '-v', '-C', '{FI_DIR}/cached_ops/{URI}', '-f', '{FI_DIR}/cached_ops/{URI}/build.ninja']' returned non-zero exit status 1.\n\n"
            "The above exception was the direct cause of the following exception:\n\n"
            f"{TB}\n{tb(PY312, PY312, *FI_STACK)}\nRuntimeError: Ninja build failed. Ninja output:\n{NINJA_OUT}\n{DURING}\n{TB}\n"
            + tb(
                PY312,
                PY312,
                *INIT_058,
                ("model_executor/model_runner.py", 575, "initialize", "self.init_device_graphs()"),
                (
                    "model_executor/model_runner.py",
                    2009,
                    "init_device_graphs",
                    "self.graph_runner = graph_runners[self.device](self)",
                ),
                ("model_executor/cuda_graph_runner.py", 368, "__init__", "raise Exception("),
            )
            + f"\nException: Capture cuda graph failed: Ninja build failed. Ninja output:\n{NINJA_OUT}\n{CAPTURE_ADVICE}",
        ),
        "",
        sigquit(47),
    ),
)

FLASHMLA_046 = (
    INIT_046
    + (
        ("model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
        ("model_executor/model_runner.py", 1098, "init_cuda_graphs", "self.cuda_graph_runner = CudaGraphRunner(self)"),
        ("model_executor/cuda_graph_runner.py", 307, "__init__", "self.capture()"),
        ("model_executor/cuda_graph_runner.py", 386, "capture", ") = self.capture_one_batch_size(bs, forward)"),
        ("model_executor/cuda_graph_runner.py", 509, "capture_one_batch_size", "run_once()"),
        ("model_executor/cuda_graph_runner.py", 497, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    )
    + NO_GRAD
    + (
        (
            "models/deepseek_v2.py",
            1475,
            "forward",
            "hidden_states = self.model(input_ids, positions, forward_batch, input_embeds)",
        ),
    )
    + TORCH_CALL
    + (("models/deepseek_v2.py", 1390, "forward", "hidden_states, residual = layer("),)
    + TORCH_CALL
    + (
        ("models/deepseek_v2.py", 1255, "forward", "return execute_operations("),
        ("operations.py", 18, "execute_operations", "executor.next()"),
        ("operations.py", 52, "next", "self._stage_output = op.fn("),
        ("models/deepseek_v2.py", 1287, "op_attn", "state.hidden_states_after_attn = self.self_attn("),
    )
    + TORCH_CALL
    + (
        ("models/deepseek_v2.py", 702, "forward", "return self.forward_absorb("),
        ("models/deepseek_v2.py", 839, "forward_absorb", "attn_output = self.attn_mqa(q, k, k_nope, forward_batch)"),
    )
    + TORCH_CALL
    + (
        ("layers/radix_attention.py", 101, "forward", "return forward_batch.attn_backend.forward("),
        ("layers/attention/base_attn_backend.py", 69, "forward", "return self.forward_decode("),
        ("layers/attention/flashmla_backend.py", 361, "forward_decode", "o, _ = flash_mla_with_kvcache("),
    )
)
case(
    "flashmla_fp8_kv_with_upstream_flash_mla",
    "0.4.6.post5",
    "sglang-0.4.6.post5 flashmla_backend.py forward_decode (fp8 path passes descale_q/descale_k), server_args.py (FlashMLA page_size 64); sglang#6354, sglang#8855",
    "config_error",
    "FlashMLA + fp8_e4m3 on H20s: upstream flash_mla has no fp8 kernels, so the first captured decode fails with a keyword the installed library lacks (a TypeError, not wrapped by capture)",
    join(
        "FlashMLA only supports a page_size of 64, change page_size to 64.",
        sargs(
            0,
            "deepseek-ai/DeepSeek-V3-0324",
            kv_cache_dtype="fp8_e4m3",
            attention_backend="flashmla",
            page_size=64,
            trust_remote_code=True,
            mem_fraction_static=0.88,
            tp_size=8,
            port=30000,
        ),
        f"{ts(14, 'TP0')} Load weight begin. avail mem=94.21 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 163/163 [02:58<00:00,  1.09s/it]",
        f"{ts(195, 'TP0')} {FP8_NO_SCALES}",
        f"{ts(195, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=12.77 GB, mem usage=81.44 GB.",
        f"{ts(196, 'TP0')} KV Cache is allocated. #tokens: 120064, KV size: 3.93 GB",
        f"{ts(196, 'TP0')} Memory pool end. avail mem=8.02 GB",
        f"{ts(197, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=7.89 GB",
        f"{ts(197, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "  0%|          | 0/23 [00:00<?, ?it/s]",
        sched_exc(
            199,
            "TP3",
            tb(PY310, PY310, *FLASHMLA_046),
            "TypeError: flash_mla_with_kvcache() got an unexpected keyword argument 'descale_q'",
        ),
        "",
        sigquit(199),
    ),
)


# ================================================================================== PD disaggregation and dtypes
PD_DECODE_0510 = (
    ("managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
    *NO_GRAD,
    ("managers/scheduler.py", 3511, "dispatch_event_loop", "scheduler.event_loop_overlap_disagg_decode()"),
    *NO_GRAD,
    ("disaggregation/decode.py", 1174, "event_loop_overlap_disagg_decode", "self.process_decode_queue()"),
    (
        "disaggregation/decode.py",
        1316,
        "process_decode_queue",
        "req_conns, _ = self.disagg_decode_prealloc_queue.pop_preallocated()",
    ),
    ("disaggregation/decode.py", 644, "pop_preallocated", "self._resolve_pending_reqs()"),
    (
        "disaggregation/decode.py",
        608,
        "_resolve_pending_reqs",
        "ready_addrs, remaining = self._ensure_prefill_info(addr_to_reqs)",
    ),
    (
        "disaggregation/decode.py",
        573,
        "_ensure_prefill_info",
        "if self.kv_manager.try_ensure_parallel_info(bootstrap_addr):",
    ),
    ("disaggregation/common/conn.py", 238, "try_ensure_parallel_info", "raise RuntimeError("),
)
case(
    "pd_decode_kv_dtype_mismatch",
    "0.5.10.post1",
    "sglang-0.5.10.post1 disaggregation/common/conn.py try_ensure_parallel_info (KV cache dtype mismatch), tokenizer_manager.py running_phase_sigquit_handler",
    "config_error",
    "a ready PD decode server (auto KV) meets its first request from an fp8_e4m3 prefill server: SGLang's own check names the flag both sides must share",
    join(
        LAUNCH_WARNING_0510,
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1-0528",
            disaggregation_mode="decode",
            disaggregation_transfer_backend="mooncake",
            kv_cache_dtype="auto",
            tp_size=8,
            page_size=64,
            port=30001,
        ),
        f"{ts(150, 'TP0')} Using KV cache dtype: torch.bfloat16",
        f"{ts(151, 'TP0')} KV Cache is allocated. #tokens: 1061504, KV size: 69.47 GB",
        f"{ts(151, 'TP0')} Memory pool end. avail mem=14.87 GB",
        f"{ts(190, 'TP0')} max_total_num_tokens=1061504, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=13.02 GB",
        uvicorn(191, port=30001, info="/model_info"),
        f"{ts(193)} The server is fired up and ready to roll!",
        sched_exc(
            260,
            "TP0",
            tb(PY312, PY312, *PD_DECODE_0510),
            "RuntimeError: KV cache dtype mismatch: prefill server has kv_cache_dtype=fp8_e4m3, but decode server has kv_cache_dtype=auto. Both servers must use the same --kv-cache-dtype value.",
        ),
        "",
        f"{ts(260)} SIGQUIT received. signum=3, frame=<frame at 0x7f2c8c1b5a40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
    ),
)

SESSION = "10.0.3.21:16002"
case(
    "pd_prefill_mooncake_transfer_failures_with_fp8_kv",
    "0.5.5",
    "sglang-0.5.5 disaggregation/mooncake/conn.py transfer_worker (`Session ... failed.`, `Failed to send kv chunk`), prefill.py (`Prefill transfer failed for request`), KVTransferError.__str__",
    "nccl_or_distributed",
    "a PD prefill server with an FP8 KV cache is ready, then every KV transfer to the decode node fails in Mooncake's RDMA transport and the requests are aborted",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1-0528",
            disaggregation_mode="prefill",
            disaggregation_transfer_backend="mooncake",
            disaggregation_ib_device="mlx5_1",
            kv_cache_dtype="fp8_e4m3",
            tp_size=8,
            page_size=64,
            port=30000,
        ),
        f"{ts(160, 'TP0')} {FP8_NO_SCALES}",
        f"{ts(161, 'TP0')} Using KV cache dtype: torch.float8_e4m3fn",
        f"{ts(161, 'TP0')} KV Cache is allocated. #tokens: 2123008, KV size: 69.47 GB",
        uvicorn(200),
        f"{ts(202)} The server is fired up and ready to roll!",
        f"{ts(240, 'TP0')} Prefill batch, #new-seq: 4, #new-token: 16384, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 2, #prealloc-req: 0, #inflight-req: 0, input throughput (token/s): 5301.27, ",
        "E0302 10:04:01.771203 61233 worker_pool.cpp:245] Worker: Process failed for slice (opcode: 1, source_addr: 0x7ef3c6000000, length: 36864, dest_addr: 0x7f1a14000000, local_nic: mlx5_1, peer_nic: 10.0.3.21:16002@mlx5_1, dest_rkey: 2099712, retry_cnt: 0): transport retry counter exceeded",
        f"{ts(241, 'TP0')} Session {SESSION} failed.",
        f"{ts(241, 'TP0')} Prefill transfer failed for request rank=0 req.rid='4c1e7d0a9b6f4f0e8f3b2a1c5d6e7f80' req.bootstrap_room=7715938842019311 with exception KVTransferError(bootstrap_room=7715938842019311): Failed to send kv chunk of 7715938842019311 to 10.0.3.21:16002",
        f"{ts(241, 'TP0')} Prefill transfer failed for request rank=0 req.rid='9a8b7c6d5e4f4a3b2c1d0e9f8a7b6c5d' req.bootstrap_room=1204477315520921 with exception KVTransferError(bootstrap_room=1204477315520921): Failed to send kv chunk of 1204477315520921 to 10.0.3.21:16002",
        f'{ts(241)} INFO:     10.0.2.5:41766 - "POST /v1/chat/completions HTTP/1.1" 500 Internal Server Error',
        f"{ts(243, 'TP0')} Prefill transfer failed for request rank=0 req.rid='0f1e2d3c4b5a49687766554433221100' req.bootstrap_room=5590142231887203 with exception KVTransferError(bootstrap_room=5590142231887203): Failed to send kv chunk of 5590142231887203 to 10.0.3.21:16002",
    ),
)


# ============================================================================================= the pool and memory
NOT_ENOUGH_0510 = INIT_0510 + (
    ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
    (
        "model_executor/model_runner_kv_cache_mixin.py",
        899,
        "init_memory_pool",
        "self.memory_pool_config = self._resolve_memory_pool_config(",
    ),
    ("model_executor/model_runner_kv_cache_mixin.py", 885, "_resolve_memory_pool_config", "return MemoryPoolConfig("),
    ("<string>", 9, "__init__", ""),
    ("model_executor/model_runner_kv_cache_mixin.py", 60, "__post_init__", "raise RuntimeError(msg)"),
)
case(
    "not_enough_memory_fp8_kv_does_not_shrink_weights",
    "0.5.10.post1",
    "sglang-0.5.10.post1 model_runner_kv_cache_mixin.py MemoryPoolConfig.__post_init__ (`Not enough memory ... Current value:`)",
    "oom_kv_cache",
    "a 70B FP8 checkpoint on one H100 with fp8_e4m3 KV: the weights leave nothing under mem_fraction_static=0.85, so the profiled pool is negative",
    join(
        LAUNCH_WARNING_0510,
        sargs(
            0,
            "RedHatAI/Llama-3.3-70B-Instruct-FP8-dynamic",
            kv_cache_dtype="fp8_e4m3",
            mem_fraction_static=0.85,
            tp_size=1,
            port=30000,
        ),
        f"{ts(7)} Init torch distributed ends. elapsed=0.29 s, mem usage=0.00 GB",
        f"{ts(7)} Load weight begin. avail mem=78.58 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 15/15 [00:46<00:00,  3.07s/it]",
        f"{ts(55)} {FP8_NO_SCALES}",
        f"{ts(55)} Load weight end. elapsed=48.21 s, type=LlamaForCausalLM, quant=compressed-tensors, avail mem=10.02 GB, mem usage=68.56 GB.",
        f"{ts(55)} Using KV cache dtype: torch.float8_e4m3fn",
        sched_exc(
            55,
            None,
            tb(PY312, PY312, *NOT_ENOUGH_0510),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.85",
        ),
        "",
        sigquit(55),
    ),
)

case(
    "not_enough_memory_after_lowering_fraction_for_fp8",
    "0.5.5",
    "sglang-0.5.5 model_runner.py init_memory_pool (`Current value: {self.server_args.mem_fraction_static=}`)",
    "oom_kv_cache",
    "mem_fraction_static lowered to 0.6 (the wrong way for a pool) for a 235B FP8 MoE at TP4: the weights alone exceed the budget",
    join(
        sargs(
            0,
            "Qwen/Qwen3-235B-A22B-FP8",
            kv_cache_dtype="fp8_e4m3",
            mem_fraction_static=0.6,
            tp_size=4,
            ep_size=1,
            port=30000,
        ),
        f"{ts(11, 'TP0')} Load weight begin. avail mem=77.91 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 48/48 [01:12<00:00,  1.51s/it]",
        f"{ts(85, 'TP0')} {FP8_NO_SCALES}",
        f"{ts(85, 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=19.04 GB, mem usage=58.87 GB.",
        f"{ts(85, 'TP0')} Using KV cache dtype: torch.float8_e4m3fn",
        *[
            sched_exc(
                85,
                f"TP{r}",
                tb(
                    PY312,
                    PY312,
                    *INIT_055,
                    ("model_executor/model_runner.py", 471, "initialize", "self.init_memory_pool("),
                    ("model_executor/model_runner.py", 1627, "init_memory_pool", "raise RuntimeError("),
                ),
                "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.6",
            )
            for r in (2, 0)
        ],
        "",
        sigquit(86),
    ),
)

case(
    "rocm_journald_not_enough_memory_e5m2",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_runner.py init_memory_pool (`Not enough memory`), fp8_e5m2 -> float8_e5m2fnuz on HIP; journald wrapper",
    "oom_kv_cache",
    "Llama-3.1-405B bf16 on 8x MI300X under a systemd unit with mem_fraction_static=0.52: no room for the e5m2 pool",
    journald(
        join(
            sargs(
                0,
                "meta-llama/Llama-3.1-405B-Instruct",
                kv_cache_dtype="fp8_e5m2",
                mem_fraction_static=0.52,
                tp_size=8,
                port=30000,
            ),
            f"{ts(12, 'TP0')} Init torch distributed ends. mem usage=3.05 GB",
            f"{ts(12, 'TP0')} Load weight begin. avail mem=188.49 GB",
            "Loading safetensors checkpoint shards: 100% Completed | 191/191 [04:37<00:00,  1.45s/it]",
            f"{ts(291, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=89.38 GB, mem usage=99.11 GB.",
            sched_exc(
                291,
                "TP0",
                tb(
                    PY312,
                    PY312,
                    *INIT_046,
                    ("model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
                    ("model_executor/model_runner.py", 898, "init_memory_pool", "raise RuntimeError("),
                ),
                "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
            ),
            "",
            sigquit(291),
        ),
        "mi300x-07",
        "sglang-llama405b.sh",
        118342,
    ),
)

MLA_POOL_049 = INIT_049 + (
    ("model_executor/model_runner.py", 322, "initialize", "self.init_memory_pool("),
    ("model_executor/model_runner.py", 1198, "init_memory_pool", "self.token_to_kv_pool = MLATokenToKVPool("),
    ("mem_cache/memory_pool.py", 817, "__init__", "self.kv_buffer = ["),
    ("mem_cache/memory_pool.py", 818, "<listcomp>", "torch.zeros("),
)
case(
    "mla_pool_allocation_oom_second_instance",
    "0.4.9.post6",
    "sglang-0.4.9.post6 mem_cache/memory_pool.py MLATokenToKVPool.__init__ (per-layer torch.zeros in store_dtype), model_runner.py init_memory_pool",
    "oom_kv_cache",
    "the pool was profiled while an old instance was still releasing its memory; allocating the FP8 MLA pool's per-layer buffers then runs out",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-V3-0324",
            kv_cache_dtype="fp8_e4m3",
            trust_remote_code=True,
            mem_fraction_static=0.9,
            tp_size=8,
            port=30000,
        ),
        f"{ts(20, 'TP0')} Load weight begin. avail mem=138.71 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 163/163 [02:31<00:00,  1.08it/s]",
        f"{ts(175, 'TP0')} {FP8_NO_SCALES}",
        f"{ts(175, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=55.89 GB, mem usage=82.82 GB.",
        sched_exc(
            176,
            "TP5",
            tb(PY310, PY310, *MLA_POOL_049),
            oom("908.00 MiB", "139.81 GiB", "512.19 MiB", "139.29 GiB", "128.77 GiB", "1.42 GiB"),
        ),
        "",
        sigquit(176),
    ),
)

CAPTURE_049 = (
    ("model_executor/cuda_graph_runner.py", 360, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 460, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 620, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 608, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    *NO_GRAD,
    ("models/qwen2.py", 476, "forward", "return self.logits_processor("),
    *TORCH_CALL,
    (
        "layers/logits_processor.py",
        326,
        "forward",
        "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
    ),
    ("layers/logits_processor.py", 458, "_get_logits", "logits = torch.matmul("),
)
CAPTURE_OOM = oom("1.16 GiB", "79.15 GiB", "871.06 MiB", "78.29 GiB", "73.46 GiB", "1.31 GiB", private="2.86 GiB")
case(
    "capture_oom_after_fp8_pool_took_the_headroom",
    "0.4.9.post6",
    "sglang-0.4.9.post6 cuda_graph_runner.py (`Capture cuda graph failed:` + advice), logits_processor.py; sglang#5651 for the traceback shape",
    "oom_cuda_graph",
    "fp8_e5m2 doubles the tokens per GB and mem_fraction_static=0.92 leaves 6 GB: graph capture runs out of memory",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-72B-Instruct",
            kv_cache_dtype="fp8_e5m2",
            mem_fraction_static=0.92,
            cuda_graph_max_bs=160,
            tp_size=4,
            port=30000,
        ),
        f"{ts(10, 'TP0')} Load weight begin. avail mem=78.62 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 37/37 [00:38<00:00,  1.04s/it]",
        f"{ts(50, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=44.51 GB, mem usage=34.11 GB.",
        f"{ts(50, 'TP0')} KV Cache is allocated. #tokens: 1000832, K size: 19.09 GB, V size: 19.09 GB",
        f"{ts(50, 'TP0')} Memory pool end. avail mem=6.31 GB",
        f"{ts(51, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=6.18 GB",
        "Capturing batches (bs=160 avail_mem=6.16 GB):   0%|          | 0/23 [00:00<?, ?it/s]",
        sched_exc(
            53,
            "TP0",
            tb(PY310, PY310, *CAPTURE_049),
            f"{CAPTURE_OOM}\n{DURING}\n{TB}\n"
            + tb(
                PY310,
                PY310,
                *INIT_049,
                ("model_executor/model_runner.py", 330, "initialize", "self.init_cuda_graphs()"),
                (
                    "model_executor/model_runner.py",
                    1479,
                    "init_cuda_graphs",
                    "self.cuda_graph_runner = CudaGraphRunner(self)",
                ),
                ("model_executor/cuda_graph_runner.py", 362, "__init__", "raise Exception("),
            )
            + f"\nException: Capture cuda graph failed: {CAPTURE_OOM.removeprefix('torch.OutOfMemoryError: ')}\n{CAPTURE_ADVICE}",
        ),
        "",
        sigquit(53),
    ),
)

WEIGHTS_055 = INIT_055 + (
    ("model_executor/model_runner.py", 398, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 752, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 594, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 262, "_initialize_model", "return model_class(**kwargs)"),
    (
        "models/llama.py",
        425,
        "__init__",
        'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))',
    ),
    ("models/llama.py", 457, "_init_model", "return LlamaModel(config, quant_config=quant_config, prefix=prefix)"),
    ("models/llama.py", 300, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils/common.py", 576, "make_layers", "+ get_offloader().wrap_modules("),
    ("utils/offloader.py", 36, "wrap_modules", "return list(all_modules_generator)"),
    ("utils/common.py", 578, "<genexpr>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
    ("models/llama.py", 302, "<lambda>", "lambda idx, prefix: LlamaDecoderLayer("),
    ("models/llama.py", 241, "__init__", "self.mlp = LlamaMLP("),
    ("models/llama.py", 72, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
    ("layers/linear.py", 492, "__init__", "super().__init__("),
    ("layers/linear.py", 329, "__init__", "self.quant_method.create_weights("),
    ("layers/quantization/unquant.py", 60, "create_weights", "torch.empty("),
    ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
)
case(
    "weights_oom_kv_dtype_does_not_quantize_weights",
    "0.5.5",
    "sglang-0.5.5 model_loader/loader.py _initialize_model, models/llama.py, layers/quantization/unquant.py create_weights",
    "oom_weights",
    "--kv-cache-dtype fp8_e4m3 taken for weight quantization: a bf16 70B does not fit one H100 and fails while its layers are created",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-70B-Instruct",
            kv_cache_dtype="fp8_e4m3",
            quantization=None,
            mem_fraction_static=0.88,
            tp_size=1,
            port=30000,
        ),
        f"{ts(6)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6)} Load weight begin. avail mem=78.58 GB",
        sched_exc(
            31,
            None,
            tb(PY312, PY312, *WEIGHTS_055),
            oom("896.00 MiB", "79.19 GiB", "345.06 MiB", "78.83 GiB", "78.11 GiB", "18.53 MiB"),
        ),
        "",
        sigquit(31),
    ),
)


# ====================================================================================================== after ready
MLA_EXTEND_052 = (
    ("managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
    *NO_GRAD,
    ("managers/tp_worker_overlap_thread.py", 174, "forward_thread_func_", "self.worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        251,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 1901, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 1952, "_forward_raw", "ret = self.forward_extend("),
    ("model_executor/model_runner.py", 1846, "forward_extend", "return self.model.forward("),
    *NO_GRAD,
    ("models/deepseek_v2.py", 2444, "forward", "hidden_states = self.model("),
    *TORCH_CALL,
    ("models/deepseek_v2.py", 2308, "forward", "hidden_states, residual = layer("),
    *TORCH_CALL,
    ("models/deepseek_v2.py", 2044, "forward", "hidden_states = self.self_attn("),
    *TORCH_CALL,
    ("models/deepseek_v2.py", 1164, "forward", "return self.forward_core(s)"),
    ("models/deepseek_v2.py", 1228, "forward_core", "return self.forward_absorb_core(*inner_state)"),
    ("models/deepseek_v2.py", 1436, "forward_absorb_core", "attn_output = self.attn_mqa("),
    *TORCH_CALL,
    ("layers/radix_attention.py", 108, "forward", "return forward_batch.attn_backend.forward("),
    ("layers/attention/base_attn_backend.py", 81, "forward", "return self.forward_extend("),
    (
        "layers/attention/flashinfer_mla_backend.py",
        560,
        "forward_extend",
        "k_buf = forward_batch.token_to_kv_pool.get_key_buffer(layer.layer_id).to(",
    ),
)
case(
    "runtime_oom_flashinfer_mla_dequantizes_fp8_layer",
    "0.5.2",
    "sglang-0.5.2 flashinfer_mla_backend.py forward_extend (paged prefill casts the layer's whole KV buffer to q.dtype), tp_worker_overlap_thread.py (`TpModelWorkerClient hit an exception:`), tokenizer_manager.py sigquit",
    "oom_runtime",
    "ready and serving with an FP8 MLA pool; a prefill that hits the prefix cache dequantizes a whole layer's buffer to bf16 and runs out of memory",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-V3-0324",
            kv_cache_dtype="fp8_e4m3",
            attention_backend="flashinfer",
            trust_remote_code=True,
            mem_fraction_static=0.9,
            tp_size=8,
            port=30000,
        ),
        f"{ts(170, 'TP0')} {FP8_NO_SCALES}",
        f"{ts(171, 'TP0')} KV Cache is allocated. #tokens: 2203648, KV size: 72.11 GB",
        f"{ts(171, 'TP0')} Memory pool end. avail mem=3.21 GB",
        f"{ts(185, 'TP0')} max_total_num_tokens=2203648, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=2.74 GB",
        uvicorn(186),
        f"{ts(188)} The server is fired up and ready to roll!",
        f"{ts(400, 'TP0')} Prefill batch. #new-seq: 3, #new-token: 6144, #cached-token: 20480, token usage: 0.41, #running-req: 57, #queue-req: 0, ",
        f"{ts(401, 'TP0')} TpModelWorkerClient hit an exception: {TB}\n"
        + tb(PY312, PY312, *MLA_EXTEND_052)
        + "\n"
        + oom("2.36 GiB", "95.08 GiB", "1.62 GiB", "93.45 GiB", "88.03 GiB", "2.11 GiB", private="1.37 GiB"),
        "",
        f"{ts(401)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

DECODE_ALLOC_055 = (
    ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    *NO_GRAD,
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
)
DECODE_OOM_MSG = "Decode out of memory. Try to lower your batch size.\nTry to allocate 384 tokens.\nAvailable tokens: 320 (available_size=320 + evictable_size=0)\n"
case(
    "decode_allocator_raises_after_retractions",
    "0.5.5",
    "sglang-0.5.5 mem_cache/common.py alloc_paged_token_slots_decode (`Decode out of memory. Try to lower your batch size.`), scheduler.py retract log, tokenizer_manager.py sigquit",
    "oom_runtime",
    "page size 64 with an FP8 pool: after retractions (pressure) the paged decode allocation still fails and the scheduler dies while serving",
    join(
        "TensorRT-LLM MHA only supports page_size of 16, 32 or 64, changing page_size from 1 to 64.",
        sargs(
            0,
            "Qwen/Qwen3-32B",
            kv_cache_dtype="fp8_e4m3",
            attention_backend="trtllm_mha",
            page_size=64,
            mem_fraction_static=0.85,
            tp_size=1,
            port=30000,
        ),
        f"{ts(20)} Using KV cache dtype: torch.float8_e4m3fn",
        f"{ts(20)} KV Cache is allocated. #tokens: 737280, K size: 45.00 GB, V size: 45.00 GB",
        uvicorn(40),
        f"{ts(42)} The server is fired up and ready to roll!",
        f"{ts(500)} KV cache pool is full. Retract requests. #retracted_reqs: 11, #new_token_ratio: 0.3870 -> 0.6952",
        f"{ts(502)} Decode batch, #running-req: 384, #token: 736960, token usage: 1.00, cuda graph: True, gen throughput (token/s): 7710.42, #queue-req: 96, ",
        f"{ts(503)} {DECODE_OOM_MSG}",
        sched_exc(503, None, tb(PY312, PY312, *DECODE_ALLOC_055), f"RuntimeError: {DECODE_OOM_MSG}"),
        "",
        f"{ts(503)} SIGQUIT received. signum=3, frame=<frame at 0x7f51d80c2e40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
    ),
)

IMA_055 = (
    ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    *NO_GRAD,
    ("managers/scheduler.py", 996, "event_loop_overlap", "self.process_batch_result(tmp_batch, tmp_result)"),
    ("managers/scheduler.py", 2090, "process_batch_result", "self.process_batch_result_decode(batch, result)"),
    (
        "managers/scheduler_output_processor_mixin.py",
        288,
        "process_batch_result_decode",
        "result.copy_done.synchronize()",
    ),
    ("+torch/cuda/streams.py", 231, "synchronize", "super().synchronize()"),
)
case(
    "illegal_memory_access_fp8_decode_after_ready",
    "0.5.5",
    "sglang-0.5.5 scheduler.py / scheduler_output_processor_mixin.py (overlap loop's copy_done.synchronize), torch's asynchronous CUDA error text",
    "cuda_error_other",
    "FP8 KV with FlashInfer serves for minutes, then a decode step faults with an illegal memory access reported at the next sync",
    join(
        sargs(
            0,
            "mistralai/Mistral-Small-3.1-24B-Instruct-2503",
            kv_cache_dtype="fp8_e4m3",
            attention_backend="flashinfer",
            mem_fraction_static=0.85,
            tp_size=2,
            port=30000,
        ),
        f"{ts(30, 'TP0')} {FP8_NO_SCALES}",
        f"{ts(30, 'TP0')} Using KV cache dtype: torch.float8_e4m3fn",
        uvicorn(50),
        f"{ts(52)} The server is fired up and ready to roll!",
        f"{ts(610, 'TP0')} Decode batch, #running-req: 211, #token: 388216, token usage: 0.31, cuda graph: True, gen throughput (token/s): 3905.71, #queue-req: 0, ",
        sched_exc(
            612,
            "TP1",
            tb(PY312, PY312, *IMA_055),
            f"RuntimeError: CUDA error: an illegal memory access was encountered\n{CUDA_ASYNC}",
        ),
        "",
        f"{ts(612)} SIGQUIT received. signum=3, frame=<frame at 0x7f0b3c0c8d40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
    ),
)

HIP_049 = (
    ("managers/tp_worker_overlap_thread.py", 140, "forward_thread_func", "self.forward_thread_func_()"),
    *NO_GRAD,
    (
        "managers/tp_worker_overlap_thread.py",
        199,
        "forward_thread_func_",
        'next_token_ids = next_token_ids.to("cpu", non_blocking=True)',
    ),
)
case(
    "hip_illegal_memory_access_fp8_after_ready",
    "0.4.9.post6",
    "sglang-0.4.9.post6 tp_worker_overlap_thread.py (`TpModelWorkerClient hit an exception:`), tokenizer_manager.py sigquit; torch-ROCm's HIP error text",
    "cuda_error_other",
    "an MI300X with an fp8_e4m3 (fnuz) cache and the aiter backend: a HIP illegal memory access while serving",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.3-70B-Instruct",
            kv_cache_dtype="fp8_e4m3",
            attention_backend="aiter",
            mem_fraction_static=0.85,
            tp_size=4,
            port=30000,
        ),
        f"{ts(40, 'TP0')} {FP8_NO_SCALES}",
        f"{ts(41, 'TP0')} KV Cache is allocated. #tokens: 3381248, K size: 64.49 GB, V size: 64.49 GB",
        uvicorn(70),
        f"{ts(72)} The server is fired up and ready to roll!",
        f"{ts(333, 'TP0')} Decode batch. #running-req: 96, #token: 291520, token usage: 0.05, cuda graph: True, gen throughput (token/s): 1877.05, #queue-req: 0",
        f"{ts(335, 'TP2')} TpModelWorkerClient hit an exception: {TB}\n"
        + tb(PY312, PY312, *HIP_049)
        + "\nRuntimeError: HIP error: an illegal memory access was encountered\n"
        "HIP kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
        "For debugging consider passing AMD_SERIALIZE_KERNEL=3\n"
        "Compile with `TORCH_USE_HIP_DSA` to enable device-side assertions.\n",
        "",
        f"{ts(335)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "port_in_use_warmup_reaches_the_old_server",
    "0.5.2",
    "sglang-0.5.2 http_server.py launch_server (uvicorn.run, warm-up thread), utils.py set_uvicorn_logging_configs; uvicorn's bind error",
    "port_in_use",
    "an FP8-KV restart while the old server still holds :30000: uvicorn cannot bind, and the warm-up thread then gets answers from the old server and prints the ready line",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            kv_cache_dtype="fp8_e4m3",
            mem_fraction_static=0.835,
            tp_size=1,
            port=30000,
        ),
        f"{ts(10)} {FP8_NO_SCALES}",
        f"{ts(10)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=48.27 GB, mem usage=15.12 GB.",
        f"{ts(10)} KV Cache is allocated. #tokens: 342528, K size: 10.45 GB, V size: 10.45 GB",
        f"{ts(19)} Capture cuda graph end. Time elapsed: 7.71 s. mem usage=0.68 GB. avail mem=12.11 GB.",
        f"{ts(19)} max_total_num_tokens=342528, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=12.11 GB",
        f"{ts(20)} INFO:     Started server process [5117]",
        f"{ts(20)} INFO:     Waiting for application startup.",
        f"{ts(20)} INFO:     Application startup complete.",
        f"{ts(20)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{ts(20)} INFO:     Waiting for application shutdown.",
        f"{ts(20)} INFO:     Application shutdown complete.",
        f"{ts(22)} The server is fired up and ready to roll!",
    ),
)


# ======================================================================================================== the tests
XFAIL: dict[str, str] = {}  # the ONE first-sight run missed nothing: case -> label the classifier gave


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_kvdtype_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}  # healthy cases that fire a failure event on the way: case -> event label


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_kvdtype_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
