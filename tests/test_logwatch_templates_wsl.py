"""SGLang 0.4.6.post5-0.5.10.post1 on Windows Subsystem for Linux 2 and single workstations, as it shows in the log
(a helper, blind).

Scope: WSL's CUDA stub and linker cache (`/usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link`, Triton's `libcuda.so
cannot found!` on a stale `ldconfig` cache in a Docker Desktop image), pinned host memory limited under WSL
(`--cpu-offload-gb`, the hierarchical cache's pinned host pool), the host memory cap of `.wslconfig` (the hierarchical
cache's own host-memory check, the OOM killer taking the scheduler while it loads weights), `/dev/shm` in a Docker
Desktop container (NCCL's SHM transport), NCCL's `Cuda failure 'invalid argument'` on two GPUs under WSL2, `nvidia-smi`
not on PATH / `GPU access blocked by the operating system`, Windows paths pasted into `--model-path` (backslashes,
`C:/...`), CRLF line endings in a launch script (`'30000\\r'`, `\\<CR>` continuation lines), a desktop / laptop GPU
whose display takes memory (weights OOM with WSL's `17179869184.00 GiB` quirk, KV pool, graph capture, prefill), the
WSL2 + Blackwell hidden overhead (sglang#24364's Mamba pool OOM), Windows TDR killing a long kernel while serving,
WSL2 + RTX 5090 graph capture `unknown error`, consumer GPUs' custom all-reduce, the Triton / FlashInfer JIT with no
C compiler / no nvcc, Windows Python (Microsoft Store) running SGLang, the HTTP port held by a Windows process under
mirrored networking. Five healthy contrasts that look alarming and go on: ldconfig's `is not a symbolic link` from an
apt step before the launch, 0.4.6's swallowed `Setup Custom allreduce failed with CUDART error: peer access is not
supported`, 0.5.2's `Custom allreduce is disabled because your platform lacks GPU P2P capability`, the TP memory
imbalance check turned into a warning by `SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK=1` (the display GPU), NCCL_DEBUG=INFO's
`P2P is disabled between connected GPUs` / `Failed to open libibverbs.so[.1]` lines.

Sources: the SGLang wheels 0.4.6.post5, 0.5.2, 0.5.5, 0.5.10.post1 (file:line under sglang/ of that release: start-up
lines, wrappers, call paths), transformers 4.56.1 / huggingface_hub 0.34.4 (the repo-id validation), flashinfer v0.3.1
(jit/cpp_ext.py, jit/core.py, decode.py), Triton's runtime/build.py and backends/nvidia/driver.py as quoted in public
files (line numbers of Triton, torch and Python internals are approximate), NCCL's WARN lines as quoted in public
threads, and the public threads cited per case (sglang#4814, #24364; vllm#4411, #49497; flashinfer#1781;
microsoft/WSL#5663, #8447, #14452; vllm#312, #37242; noonghunna/club-3090#50). Format fields are filled with plausible values.

Labelling policy (decided before the classifier ran), by /work/shared/corpus/README.md and, where ambiguous, by the
remedy a supervisor should apply: GPU memory by phase (weights / KV pool / graph capture / serving); the OOM killer
taking the scheduler (exit -9) while it loads weights is `oom_weights` (the load does not fit the memory it has); a
host-memory size the user asked for that WSL cannot give (hierarchical cache host pool, pinned or not) is
`config_error` (the remedy is a smaller `--hicache-size` / `--hicache-ratio`), while pinned memory for
`--cpu-offload-gb` failing while the layers are built is `oom_weights`; the CUDA driver / its libraries unreachable or
failing (libcuda not found, nvidia-smi missing or blocked, `unknown error`, a TDR timeout) is `cuda_error_other`; a
missing build tool (no C compiler for Triton, no nvcc for FlashInfer's JIT), a Windows path, CRLF debris, Windows
Python are `config_error` (the setup or the command line must change, nothing to retry); NCCL failing to form or use a
communicator is `nccl_or_distributed`; an address already taken is `port_in_use`. An OOM that SGLang wraps as
`Capture cuda graph failed:` is `oom_cuda_graph` only when the cause inside is memory.

First sight: 28/32 (4 misses, strict xfails below): `hicache_pinned_host_pool_cuda_oom_052` (config_error -> oom_runtime,
on `torch.AcceleratorError: CUDA error: out of memory` from the pinned host pool after the `max_total_num_tokens=` line),
`ms_store_python_alias_stub_052` (config_error -> unknown, on Windows' `Python was not found; run without arguments to
install from the Microsoft Store ...`), `nvidia_smi_gpu_access_blocked_052` (cuda_error_other -> config_error, on
`RuntimeError: nvidia-smi error: Failed to initialize NVML: GPU access blocked by the operating system` raised inside
`prepare_server_args`), `triton_libcuda_stale_ldconfig_docker_desktop_052` (cuda_error_other -> config_error, on Triton's
`AssertionError: libcuda.so cannot found!` / `Please create a symlink of libcuda.so`). Arguable labels of mine: the two
hicache cases (config_error by remedy) and the libcuda case (driver library vs environment setup). Healthy contrasts
5/5 end `healthy`, and none fires a failure event on the way (EVENT_XFAIL empty).
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
V310 = "/home/dev/sglang-env/lib/python3.10/site-packages"  # a venv on WSL Ubuntu 22.04 (0.4.x)
V312 = "/home/dev/.venv/lib/python3.12/site-packages"  # a venv on WSL Ubuntu 24.04 (0.5.x)
D312 = "/usr/local/lib/python3.12/dist-packages"  # the lmsysorg/sglang 0.5.x image under Docker Desktop (WSL2 backend)
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
RUNPY312 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)


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


def sargs(second: int, model: str, **kw: object) -> str:
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def shards(n: int, done: int, rate: str = "1.52it/s") -> list[str]:
    bars = [f"Loading safetensors checkpoint shards:   0% Completed | 0/{n} [00:00<?, ?it/s]"]
    for i in range(1, done + 1):
        bars.append(
            f"Loading safetensors checkpoint shards: {100 * i // n:3d}% Completed | {i}/{n} [00:0{i}<00:0{n - i}, {rate}]"
        )
    return bars


def uvicorn(second: int, port: int = 30000, pid: int = 5120) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
    ]


def ready046(second: int, port: int = 30000, rank: str | None = None) -> list[str]:
    return uvicorn(second, port) + [
        f'{ts(second + 1)} INFO:     127.0.0.1:51264 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 1, rank)} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f'{ts(second + 2)} INFO:     127.0.0.1:51270 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


def ready052(second: int, port: int = 30000, rank: str | None = None) -> list[str]:
    return uvicorn(second, port) + [
        f'{ts(second + 1)} INFO:     127.0.0.1:40934 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 1, rank)} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f'{ts(second + 2)} INFO:     127.0.0.1:40940 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


TORCH_CUDA_TAIL = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)
CAPTURE_HINTS_052 = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)

# -- 0.4.6.post5 call paths (overlap scheduler: the TpModelWorkerClient wraps TpModelWorker)
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
RUNNER046 = INIT046 + (("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),)
LOAD046 = RUNNER046 + (
    ("model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 534, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 376, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 153, "_initialize_model", "return model_class("),
)
DIST046 = INIT046 + (
    ("model_executor/model_runner.py", 224, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
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

# -- 0.5.2 call paths
INIT052 = (
    ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
)
RUNNER052 = INIT052 + (("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),)
LOAD052 = RUNNER052 + (
    ("model_executor/model_runner.py", 296, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 735, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 477, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 219, "_initialize_model", "return model_class("),
)
GRAPH052 = RUNNER052 + (
    ("model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1761,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
)
CAPTURE052 = GRAPH052 + (
    ("model_executor/cuda_graph_runner.py", 389, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 497, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    (
        "model_executor/cuda_graph_runner.py",
        632,
        "capture_one_batch_size",
        "self.model_runner.attn_backend.init_forward_metadata_capture_cuda_graph(",
    ),
    (
        "layers/attention/flashinfer_backend.py",
        339,
        "init_forward_metadata_capture_cuda_graph",
        "self.indices_updater_decode.update(",
    ),
    ("layers/attention/flashinfer_backend.py", 657, "update_single_wrapper", "self.call_begin_forward("),
)
DIST052 = INIT052 + (
    ("model_executor/model_runner.py", 240, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
    ("model_executor/model_runner.py", 654, "init_torch_distributed", "initialize_model_parallel("),
    ("distributed/parallel_state.py", 1434, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("distributed/parallel_state.py", 1222, "init_model_parallel_group", "return GroupCoordinator("),
    ("distributed/parallel_state.py", 299, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
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
)
HICACHE052 = (
    ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 421, "__init__", "self.init_memory_pool_and_cache()"),
    ("managers/scheduler.py", 624, "init_memory_pool_and_cache", "self.tree_cache = HiRadixCache("),
    ("mem_cache/hiradix_cache.py", 57, "__init__", "self.token_to_kv_pool_host = MHATokenToKVPoolHost("),
    ("mem_cache/memory_pool_host.py", 283, "__init__", "super().__init__("),
)
ARGS052 = RUNPY312 + (
    ("+sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 2566, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 2230, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 262, "__init__", ""),
)
SERVE052 = (
    ("managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
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
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("models/qwen2.py", 476, "forward", "hidden_states = self.model("),
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
    ("models/qwen2.py", 340, "forward", "hidden_states, residual = layer("),
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
    ("models/qwen2.py", 252, "forward", "hidden_states = self.mlp(hidden_states)"),
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
    ("models/qwen2.py", 92, "forward", "gate_up, _ = self.gate_up_proj(x)"),
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
    ("layers/linear.py", 420, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
    ("layers/quantization/unquant.py", 133, "apply", "return F.linear(x, layer.weight, bias)"),
)


# -- start-up lines per release (tp=1 prints no rank tag)
def boot046(
    model: str,
    *,
    gpu_gb: float,
    weights_gb: float,
    arch: str = "Qwen2ForCausalLM",
    n_shards: int = 4,
    rank: str | None = None,
    **kw: object,
) -> list[str]:
    return [
        sargs(0, model, **kw),
        f"{ts(3, rank)} Init torch distributed begin.",
        f"{ts(3, rank)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4, rank)} Load weight begin. avail mem={gpu_gb:.2f} GB",
        *shards(n_shards, n_shards),
        "",
        f"{ts(19, rank)} Load weight end. type={arch}, dtype=torch.bfloat16, avail mem={gpu_gb - weights_gb:.2f} GB, mem usage={weights_gb:.2f} GB.",
    ]


def boot052(
    model: str,
    *,
    gpu_gb: float,
    weights_gb: float,
    arch: str = "Qwen2ForCausalLM",
    n_shards: int = 4,
    rank: str | None = None,
    **kw: object,
) -> list[str]:
    return [
        sargs(0, model, **kw),
        f"{ts(4, rank)} Attention backend not set. Use flashinfer backend by default.",
        f"{ts(4, rank)} Init torch distributed begin.",
        f"{ts(5, rank)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6, rank)} Load weight begin. avail mem={gpu_gb:.2f} GB",
        *shards(n_shards, n_shards),
        "",
        f"{ts(21, rank)} Load weight end. type={arch}, dtype=torch.bfloat16, avail mem={gpu_gb - weights_gb:.2f} GB, mem usage={weights_gb:.2f} GB.",
    ]


def pool_lines(second: int, tokens: int, kv_gb: float, after_gb: float, rank: str | None = None) -> list[str]:
    return [
        f"{ts(second, rank)} KV Cache is allocated. #tokens: {tokens}, K size: {kv_gb / 2:.2f} GB, V size: {kv_gb / 2:.2f} GB",
        f"{ts(second, rank)} Memory pool end. avail mem={after_gb:.2f} GB",
    ]


# ============================================================================================================ memory
case(
    "laptop_weights_oom_wsl_process_quirk_052",
    "0.5.2",
    "sglang-0.5.2 model_executor/model_runner.py:698 (Load weight begin), models/qwen2.py:70 (gate_up_proj), layers/quantization/unquant.py:100; the WSL `this process has 17179869184.00 GiB memory in use` figure as in public WSL2 OOM pastes (RTX 3060 Laptop, vllm on WSL)",
    "oom_weights",
    "an 8 GB laptop GPU (display memory taken) runs out while Qwen2.5-7B's layers are built: the model does not fit this GPU",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", mem_fraction_static=0.85),
        f"{ts(4)} Attention backend not set. Use flashinfer backend by default.",
        f"{ts(4)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6)} Load weight begin. avail mem=6.93 GB",
        f"{ts(9)} Scheduler hit an exception: {TB}",
        tb(
            V312,
            *LOAD052,
            ("models/qwen2.py", 419, "__init__", "self.model = Qwen2Model("),
            ("models/qwen2.py", 284, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
            ("utils.py", 497, "make_layers", "+ get_offloader().wrap_modules("),
            ("offloader.py", 36, "wrap_modules", "return list(all_modules_generator)"),
            ("utils.py", 499, "<genexpr>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
            ("models/qwen2.py", 286, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
            ("models/qwen2.py", 219, "__init__", "self.mlp = Qwen2MLP("),
            ("models/qwen2.py", 70, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
            ("layers/linear.py", 483, "__init__", "super().__init__("),
            ("layers/linear.py", 320, "__init__", "self.quant_method.create_weights("),
            ("layers/quantization/unquant.py", 100, "create_weights", "torch.empty("),
            ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
        ),
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 130.00 MiB. GPU 0 has a total capacity of 8.00 GiB of which 0 bytes is free. Including non-PyTorch memory, this process has 17179869184.00 GiB memory in use. Of the allocated memory 6.41 GiB is allocated by PyTorch, and 21.37 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        "",
        sigquit(9),
    ),
)

case(
    "display_gpu_kv_pool_not_enough_memory_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_executor/model_runner.py:899 (`Not enough memory. Please try to increase --mem-fraction-static.`), :297 (init_memory_pool)",
    "oom_kv_cache",
    "a 12 GB desktop card that also drives Windows' display: after Llama-3.1-8B's weights nothing is left for the KV pool at 0.7",
    join(
        boot046(
            "meta-llama/Llama-3.1-8B-Instruct",
            gpu_gb=10.71,
            weights_gb=8.38,
            arch="LlamaForCausalLM",
            mem_fraction_static=0.7,
        ),
        f"{ts(20)} Scheduler hit an exception: {TB}",
        tb(
            V310,
            *RUNNER046,
            ("model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 898, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        sigquit(20),
    ),
)

case(
    "desktop_16gb_capture_oom_052",
    "0.5.2",
    "sglang-0.5.2 model_executor/cuda_graph_runner.py:389-393 (`Capture cuda graph failed: {e}` + CUDA_GRAPH_CAPTURE_FAILED_MSG at :861), model_runner.py:1752",
    "oom_cuda_graph",
    "a 16 GB RTX 4060 Ti with the display on it: capture of bs=8 runs out at mem fraction 0.9 (lower fraction / max bs)",
    join(
        boot052(
            "Qwen/Qwen2.5-7B-Instruct", gpu_gb=14.62, weights_gb=7.12, mem_fraction_static=0.9, cuda_graph_max_bs=8
        ),
        pool_lines(23, 97552, 5.23, 1.89),
        f"{ts(24)} Capture cuda graph begin. This can take up to several minutes. avail mem=1.84 GB",
        f"{ts(24)} Capture cuda graph bs [1, 2, 4, 8]",
        "Capturing batches (bs=8 avail_mem=1.80 GB):   0%|          | 0/4 [00:00<?, ?it/s]",
        "Capturing batches (bs=8 avail_mem=1.80 GB):   0%|          | 0/4 [00:00<?, ?it/s]",
        f"{ts(26)} Scheduler hit an exception: {TB}",
        tb(V312, *GRAPH052, ("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception(")),
        "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 1.16 GiB. GPU 0 has a total capacity of 16.00 GiB of which 512.00 KiB is free. Including non-PyTorch memory, this process has 17179869184.00 GiB memory in use. Of the allocated memory 13.42 GiB is allocated by PyTorch, with 58.00 MiB allocated in private pools (e.g., CUDA Graphs), and 71.90 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        CAPTURE_HINTS_052,
        sigquit(26),
    ),
)

case(
    "desktop_4090_prefill_oom_after_ready_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 managers/tp_worker_overlap_thread.py:121 (`TpModelWorkerClient hit an exception:`), tokenizer_manager.py:1446 (sigquit)",
    "oom_runtime",
    "served for minutes on a 24 GB card shared with the desktop, then a long prefill runs out in the MLP: an OOM while serving",
    join(
        boot046(
            "Qwen/Qwen2.5-14B-Instruct-AWQ",
            gpu_gb=22.48,
            weights_gb=9.35,
            n_shards=3,
            mem_fraction_static=0.85,
            chunked_prefill_size=4096,
        ),
        pool_lines(21, 207210, 11.07, 1.96),
        f"{ts(21)} Capture cuda graph begin. This can take up to several minutes. avail mem=1.96 GB",
        "100%|██████████| 4/4 [00:03<00:00,  1.18it/s]",
        f"{ts(25)} Capture cuda graph end. Time elapsed: 3.52 s. mem usage=0.12 GB. avail mem=1.84 GB.",
        f"{ts(26)} max_total_num_tokens=207210, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=2049, context_len=32768",
        ready046(27),
        f"{ts(95)} Prefill batch. #new-seq: 1, #new-token: 4096, #cached-token: 0, token usage: 0.03, #running-req: 3, #queue-req: 1",
        f"{ts(96)} TpModelWorkerClient hit an exception: {TB}",
        tb(
            V310,
            ("managers/tp_worker_overlap_thread.py", 118, "forward_thread_func", "self.forward_thread_func_()"),
            ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
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
            ("model_executor/model_runner.py", 1201, "forward", "ret = self.forward_extend("),
            ("model_executor/model_runner.py", 1140, "forward_extend", "return self.model.forward("),
            ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            ("models/qwen2.py", 417, "forward", "hidden_states = self.model("),
            ("+torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("models/qwen2.py", 315, "forward", "hidden_states, residual = layer("),
            ("+torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("models/qwen2.py", 238, "forward", "hidden_states = self.mlp(hidden_states)"),
            ("+torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("models/qwen2.py", 92, "forward", "x = self.act_fn(gate_up)"),
            ("+torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("custom_op.py", 18, "forward", "return self._forward_method(*args, **kwargs)"),
            (
                "layers/activation.py",
                49,
                "forward_cuda",
                "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
            ),
        ),
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 216.00 MiB. GPU 0 has a total capacity of 23.99 GiB of which 0 bytes is free. Including non-PyTorch memory, this process has 17179869184.00 GiB memory in use. Of the allocated memory 21.87 GiB is allocated by PyTorch, with 118.00 MiB allocated in private pools (e.g., CUDA Graphs), and 104.35 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        "",
        sigquit(96),
    ),
)

case(
    "wslconfig_oom_killer_scheduler_exit9_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 entrypoints/engine.py:514-519 (sigchld `Child process unexpectedly failed with an exit code 9`), :664-671 (`Rank 0 scheduler is dead`, `Exit code: -9`), launch_server.py:14",
    "oom_weights",
    "WSL's VM memory cap (.wslconfig, default half the host RAM) lets the kernel OOM killer take the scheduler halfway through the shards: the load does not fit the memory it has",
    join(
        sargs(0, "Qwen/Qwen2.5-14B-Instruct", mem_fraction_static=0.88),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(3)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4)} Load weight begin. avail mem=46.98 GB",
        *shards(8, 3, "0.12it/s"),
        f"{ts(61)} Child process unexpectedly failed with an exit code 9. pid=2211",
        f"{ts(61)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{ts(61)} Exit code: -9",
        TB,
        tb(
            V310,
            *RUNPY310,
            ("+sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                743,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            ("entrypoints/engine.py", 664, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
            ("/usr/lib/python3.10/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
            ("/usr/lib/python3.10/multiprocessing/connection.py", 414, "_recv_bytes", "buf = self._recv(4)"),
            ("/usr/lib/python3.10/multiprocessing/connection.py", 383, "_recv", "raise EOFError"),
        ),
        "EOFError",
    ),
)

case(
    "wslconfig_oom_killer_during_load_055",
    "0.5.5",
    "sglang-0.5.5 entrypoints/engine.py:896-903, http_server.py:1358, launch_server.py:25; the kernel's `Out of memory: Killed process` line from `dmesg -T` pasted after it",
    "oom_weights",
    "the same host-memory kill with the user's dmesg paste: `Out of memory: Killed process ... (sglang::schedul)` while the shards load",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", mem_fraction_static=0.85),
        f"{ts(4)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(5)} Load weight begin. avail mem=22.63 GB",
        *shards(4, 1, "0.09it/s"),
        f"{ts(49)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{ts(49)} Exit code: -9",
        TB,
        tb(
            V312,
            *RUNPY312,
            ("+sglang/launch_server.py", 25, "<module>", "run_server(server_args)"),
            ("+sglang/launch_server.py", 19, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 1358, "launch_server", "_launch_subprocesses(server_args=server_args)"),
            ("entrypoints/engine.py", 896, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
            ("/usr/lib/python3.12/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
            ("/usr/lib/python3.12/multiprocessing/connection.py", 430, "_recv_bytes", "buf = self._recv(4)"),
            ("/usr/lib/python3.12/multiprocessing/connection.py", 399, "_recv", "raise EOFError"),
        ),
        "EOFError",
        "$ sudo dmesg -T | grep -i oom",
        "[Mon Mar  2 10:00:48 2026] python3 invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
        "[Mon Mar  2 10:00:48 2026] Out of memory: Killed process 2211 (sglang::schedul) total-vm:38122456kB, anon-rss:14874212kB, file-rss:86528kB, shmem-rss:12288kB, UID:1000 pgtables:31720kB oom_score_adj:0",
    ),
)

case(
    "hicache_wslconfig_host_memory_check_052",
    "0.5.2",
    "sglang-0.5.2 mem_cache/memory_pool_host.py:88-100 (`Not enough host memory available. ... Please reduce the size of the hierarchical cache.`), hiradix_cache.py:57, scheduler.py:624",
    "config_error",
    "--hicache-size 64 asks for more host memory than WSL's VM was given (.wslconfig): SGLang's own check refuses; remedy is a smaller --hicache-size",
    join(
        boot052(
            "Qwen/Qwen2.5-7B-Instruct",
            gpu_gb=22.41,
            weights_gb=7.12,
            mem_fraction_static=0.85,
            enable_hierarchical_cache=True,
            hicache_size=64,
        ),
        pool_lines(23, 243968, 13.03, 2.11),
        f"{ts(24)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.08 GB",
        f"{ts(24)} Capture cuda graph bs [1, 2, 4, 8]",
        "Capturing batches (bs=1 avail_mem=1.97 GB): 100%|██████████| 4/4 [00:02<00:00,  1.64it/s]",
        f"{ts(27)} Capture cuda graph end. Time elapsed: 2.71 s. mem usage=0.12 GB. avail mem=1.96 GB.",
        f"{ts(27)} max_total_num_tokens=243968, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=1.96 GB",
        f"{ts(28)} Scheduler hit an exception: {TB}",
        tb(V312, *HICACHE052, ("mem_cache/memory_pool_host.py", 95, "__init__", "raise ValueError(")),
        "ValueError: Not enough host memory available. Requesting 63.99 GB but only have 19.88 GB free. Please reduce the size of the hierarchical cache.",
        "",
        sigquit(28),
    ),
)

case(
    "hicache_pinned_host_pool_cuda_oom_052",
    "0.5.2",
    "sglang-0.5.2 mem_cache/memory_pool_host.py:102 (`Allocating ... GB host memory for hierarchical KV cache.`), :106 / :324 (`torch.empty(..., pin_memory=self.pin_memory)`); WSL's limit on pinned system memory (NVIDIA's WSL guide, vllm#312, microsoft/WSL#8447)",
    "config_error",
    "the host pool passes the free-RAM check but WSL will not pin 24 GB: cudaHostAlloc fails; remedy is a smaller --hicache-size (not the GPU's fraction)",
    join(
        boot052(
            "Qwen/Qwen2.5-7B-Instruct",
            gpu_gb=22.41,
            weights_gb=7.12,
            mem_fraction_static=0.85,
            enable_hierarchical_cache=True,
            hicache_size=24,
        ),
        pool_lines(23, 243968, 13.03, 2.11),
        f"{ts(24)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.08 GB",
        f"{ts(24)} Capture cuda graph bs [1, 2, 4, 8]",
        "Capturing batches (bs=1 avail_mem=1.97 GB): 100%|██████████| 4/4 [00:02<00:00,  1.64it/s]",
        f"{ts(27)} Capture cuda graph end. Time elapsed: 2.71 s. mem usage=0.12 GB. avail mem=1.96 GB.",
        f"{ts(27)} max_total_num_tokens=243968, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=1.96 GB",
        f"{ts(27)} Allocating 24.00 GB host memory for hierarchical KV cache.",
        f"{ts(29)} Scheduler hit an exception: {TB}",
        tb(
            V312,
            *HICACHE052,
            ("mem_cache/memory_pool_host.py", 106, "__init__", "self.kv_buffer = self.init_kv_buffer()"),
            ("mem_cache/memory_pool_host.py", 324, "init_kv_buffer", "return torch.empty("),
        ),
        "torch.AcceleratorError: CUDA error: out of memory",
        TORCH_CUDA_TAIL,
        sigquit(29),
    ),
)

case(
    "cpu_offload_pinned_host_oom_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 utils.py:401 (`cpu_data = torch.empty_strided(..., pin_memory=pin_memory)` in maybe_offload_to_cpu), :465 (make_layers), models/qwen2.py:267/386; WSL's pinned-memory limit (vllm#312 `Do not pin memory when in WSL`)",
    "oom_weights",
    "--cpu-offload-gb 12 on a 16 GB card: pinning the offloaded layers fails under WSL while the model is built: the weights do not fit as configured",
    join(
        sargs(0, "Qwen/Qwen2.5-14B-Instruct", mem_fraction_static=0.85, cpu_offload_gb=12),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(3)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4)} Load weight begin. avail mem=14.71 GB",
        f"{ts(11)} Scheduler hit an exception: {TB}",
        tb(
            V310,
            *LOAD046,
            ("models/qwen2.py", 386, "__init__", "self.model = Qwen2Model("),
            ("models/qwen2.py", 267, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
            ("utils.py", 464, "make_layers", "[PPMissingLayer(return_tuple=return_tuple) for _ in range(start_layer)]"),
            ("utils.py", 465, "<listcomp>", "maybe_offload_to_cpu(layer_fn(idx=idx, prefix=add_prefix(idx, prefix)))"),
            ("utils.py", 401, "maybe_offload_to_cpu", "cpu_data = torch.empty_strided("),
        ),
        "RuntimeError: CUDA error: out of memory",
        TORCH_CUDA_TAIL,
        sigquit(11),
    ),
)

case(
    "wsl_blackwell_mamba_pool_oom_0510",
    "0.5.10.post1",
    "https://github.com/sgl-project/sglang/issues/24364 (Qwen3.6 hybrid Mamba pool OOM on RTX PRO 6000 Blackwell + WSL2: mem_cache/memory_pool.py:499 `_init_mamba_pool`, `this process has 17179869184.00 GiB`); call path from sglang-0.5.10.post1 model_runner.py:623, model_runner_kv_cache_mixin.py:443/869/903, memory_pool.py:479/499/268",
    "oom_kv_cache",
    "the weights loaded (39 GB); allocating the KV / Mamba state pool itself fails on WSL2's hidden per-process overhead: an OOM of the KV-cache phase",
    join(
        sargs(
            0,
            "Qwen/Qwen3.6-27B-FP8",
            mem_fraction_static=0.85,
            max_running_requests=16,
            context_length=16384,
            disable_cuda_graph=True,
        ),
        f"{ts(2)} Disabling overlap schedule since mamba no_buffer is not compatible with overlap schedule, try to use --disable-radix-cache if overlap schedule is necessary",
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(7)} Init torch distributed ends. elapsed=0.61 s, mem usage=0.00 GB",
        f"{ts(8)} Load weight begin. avail mem=92.96 GB",
        f"{ts(8)} Detected fp8 checkpoint.",
        *shards(11, 11, "0.91it/s"),
        "",
        f"{ts(21)} Load weight end. elapsed=13.07 s, type=Qwen3_5ForConditionalGeneration, quant=fp8, avail mem=53.87 GB, mem usage=39.09 GB.",
        f"{ts(22)} Scheduler hit an exception: {TB}",
        tb(
            V310,
            ("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
            ("managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
            ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
            ("managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
            ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
            ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
            (
                "model_executor/model_runner_kv_cache_mixin.py",
                903,
                "init_memory_pool",
                "self._apply_memory_pool_config(self.memory_pool_config)",
            ),
            ("model_executor/model_runner_kv_cache_mixin.py", 869, "_apply_memory_pool_config", "self._init_pools()"),
            (
                "model_executor/model_runner_kv_cache_mixin.py",
                443,
                "_init_pools",
                "self.req_to_token_pool = HybridReqToTokenPool(",
            ),
            ("mem_cache/memory_pool.py", 479, "__init__", "self._init_mamba_pool("),
            ("mem_cache/memory_pool.py", 499, "_init_mamba_pool", "self.mamba_pool = MambaPool("),
            ("mem_cache/memory_pool.py", 268, "__init__", "temporal_state = torch.zeros("),
        ),
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 18.56 GiB. GPU 0 has a total capacity of 95.59 GiB of which 53.44 GiB is free. Including non-PyTorch memory, this process has 17179869184.00 GiB memory in use. Of the allocated memory 39.43 GiB is allocated by PyTorch, and 26.65 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        "",
        sigquit(22),
        "sglang.service: Main process exited, code=killed, status=9/KILL",
    ),
)

# ============================================================================================================ config
case(
    "windows_backslash_model_path_052",
    "0.5.2",
    "sglang-0.5.2 server_args.py:535 (model_specific_adjustments), :2240, hf_transformers_utils.py:141; transformers-4.56.1 utils/hub.py:479/531/144; huggingface_hub-0.34.4 utils/_validators.py:106/160",
    "config_error",
    "a Windows path pasted into WSL is no local folder and no repo id: huggingface_hub's repo-id check refuses it before anything starts",
    join(
        TB,
        tb(
            V312,
            ("+transformers/utils/hub.py", 479, "cached_files", "hf_hub_download("),
            ("+huggingface_hub/utils/_validators.py", 106, "_inner_fn", "validate_repo_id(arg_value)"),
            ("+huggingface_hub/utils/_validators.py", 160, "validate_repo_id", "raise HFValidationError("),
        ),
        "huggingface_hub.errors.HFValidationError: Repo id must use alphanumeric chars or '-', '_', '.', '--' and '..' are forbidden, '-' and '.' cannot start or end the name, max length is 96: 'C:\\Users\\dev\\models\\Qwen2.5-7B-Instruct'.",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            V312,
            *ARGS052,
            ("server_args.py", 535, "__post_init__", "self.model_specific_adjustments()"),
            ("server_args.py", 2439, "model_specific_adjustments", "hf_config = self.get_hf_config()"),
            ("server_args.py", 2240, "get_hf_config", "hf_config = get_config("),
            ("hf_transformers_utils.py", 141, "get_config", "config = AutoConfig.from_pretrained("),
            (
                "+transformers/models/auto/configuration_auto.py",
                1288,
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
                321,
                "cached_file",
                "file = cached_files(path_or_repo_id=path_or_repo_id, filenames=[filename], **kwargs)",
            ),
            (
                "+transformers/utils/hub.py",
                531,
                "cached_files",
                "_get_cache_file_to_return(path_or_repo_id, filename, cache_dir, revision, repo_type)",
            ),
            ("+transformers/utils/hub.py", 144, "_get_cache_file_to_return", "resolved_file = try_to_load_from_cache("),
            ("+huggingface_hub/utils/_validators.py", 106, "_inner_fn", "validate_repo_id(arg_value)"),
            ("+huggingface_hub/utils/_validators.py", 160, "validate_repo_id", "raise HFValidationError("),
        ),
        "huggingface_hub.errors.HFValidationError: Repo id must use alphanumeric chars or '-', '_', '.', '--' and '..' are forbidden, '-' and '.' cannot start or end the name, max length is 96: 'C:\\Users\\dev\\models\\Qwen2.5-7B-Instruct'.",
    ),
)

case(
    "windows_forward_slash_model_path_046",
    "0.4.6.post5",
    "huggingface_hub utils/_validators.py (`Repo id must be in the form 'repo_name' or 'namespace/repo_name': ... Use `repo_type` argument if needed.`); sglang-0.4.6.post5 entrypoints/engine.py:646 (TokenizerManager), managers/tokenizer_manager.py get_tokenizer",
    "config_error",
    "`C:/Users/dev/models/...` (forward slashes) is neither a path in WSL nor a repo id: the tokenizer load refuses it",
    join(
        sargs(0, "C:/Users/dev/models/Meta-Llama-3.1-8B-Instruct", mem_fraction_static=0.8),
        TB,
        tb(
            V310,
            *RUNPY310,
            ("+sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                743,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            (
                "entrypoints/engine.py",
                646,
                "_launch_subprocesses",
                "tokenizer_manager = TokenizerManager(server_args, port_args)",
            ),
            ("managers/tokenizer_manager.py", 162, "__init__", "self.model_config = ModelConfig("),
            ("configs/model_config.py", 61, "__init__", "self.hf_config = get_config("),
            ("hf_transformers_utils.py", 80, "get_config", "config = AutoConfig.from_pretrained("),
            (
                "+transformers/models/auto/configuration_auto.py",
                1112,
                "from_pretrained",
                "config_dict, unused_kwargs = PretrainedConfig.get_config_dict(pretrained_model_name_or_path, **kwargs)",
            ),
            (
                "+transformers/configuration_utils.py",
                590,
                "get_config_dict",
                "config_dict, kwargs = cls._get_config_dict(pretrained_model_name_or_path, **kwargs)",
            ),
            ("+transformers/configuration_utils.py", 649, "_get_config_dict", "resolved_config_file = cached_file("),
            (
                "+transformers/utils/hub.py",
                266,
                "cached_file",
                "file = cached_files(path_or_repo_id=path_or_repo_id, filenames=[filename], **kwargs)",
            ),
            (
                "+transformers/utils/hub.py",
                491,
                "cached_files",
                "_get_cache_file_to_return(path_or_repo_id, filename, cache_dir, revision)",
            ),
            ("+transformers/utils/hub.py", 133, "_get_cache_file_to_return", "resolved_file = try_to_load_from_cache("),
            ("+huggingface_hub/utils/_validators.py", 106, "_inner_fn", "validate_repo_id(arg_value)"),
            ("+huggingface_hub/utils/_validators.py", 154, "validate_repo_id", "raise HFValidationError("),
        ),
        "huggingface_hub.errors.HFValidationError: Repo id must be in the form 'repo_name' or 'namespace/repo_name': 'C:/Users/dev/models/Meta-Llama-3.1-8B-Instruct'. Use `repo_type` argument if needed.",
    ),
)

case(
    "crlf_script_continuation_lines_052",
    "0.5.2",
    "sglang-0.5.2 server_args.py `--model-path` (required=True) via argparse; bash running a script saved with CRLF endings (`\\` before `\\r` is no line continuation)",
    "config_error",
    "serve.sh has Windows line endings: the first line runs alone (argparse: --model-path required) and each continuation line runs as a command",
    join(
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH]",
        "                        [--tokenizer-mode {auto,slow}]",
        "                        [--skip-tokenizer-init]",
        "                        [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote}]",
        "                        [--model-loader-extra-config MODEL_LOADER_EXTRA_CONFIG]",
        "                        [--trust-remote-code] [--context-length CONTEXT_LENGTH]",
        "                        ...",
        "launch_server.py: error: the following arguments are required: --model-path/--model",
        "./serve.sh: line 2: --model-path: command not found",
        "./serve.sh: line 3: --mem-fraction-static: command not found",
        "./serve.sh: line 4: --host: command not found",
        "./serve.sh: line 5: --port: command not found",
    ),
)

case(
    "crlf_port_invalid_int_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 server_args.py `--port` (type=int) via argparse `invalid %(type)s value: %(value)r`; a one-line launch script saved with CRLF",
    "config_error",
    "the trailing carriage return of a CRLF script reaches argparse: `invalid int value: '30000\\r'`",
    join(
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH]",
        "                        [--host HOST] [--port PORT]",
        "                        ...",
        "launch_server.py: error: argument --port: invalid int value: '30000\\r'",
    ),
)

case(
    "chat_template_windows_path_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 openai_api/adapter.py:123/129 (`Use chat template for the OpenAI-compatible API server:` / `Chat template ... is not a built-in template name or a valid chat template file path.`), entrypoints/engine.py:649",
    "config_error",
    "--chat-template given as a Windows path: no such file in WSL and no built-in name; the launcher refuses after the scheduler came up",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", chat_template="D:\\templates\\qwen_tools.jinja"),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(3)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(3)} Use chat template for the OpenAI-compatible API server: D:\\templates\\qwen_tools.jinja",
        TB,
        tb(
            V310,
            *RUNPY310,
            ("+sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                743,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            ("entrypoints/engine.py", 649, "_launch_subprocesses", "load_chat_template_for_openai_api("),
            ("openai_api/adapter.py", 129, "load_chat_template_for_openai_api", "raise RuntimeError("),
        ),
        "RuntimeError: Chat template D:\\templates\\qwen_tools.jinja is not a built-in template name or a valid chat template file path.",
    ),
)

case(
    "ms_store_python_alias_stub_052",
    "0.5.2",
    "the Windows App Execution Alias stub (`python.exe` under %LOCALAPPDATA%\\Microsoft\\WindowsApps) reached through WSL interop when the Linux venv is not active",
    "config_error",
    "`python` resolves to Windows' Microsoft Store alias through WSL's appended Windows PATH: SGLang never runs; the command / environment must change",
    join(
        "$ python -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --port 30000",
        "Python was not found; run without arguments to install from the Microsoft Store, or disable this shortcut from Settings > Manage App Execution Aliases.",
    ),
)

case(
    "ms_store_python_windows_site_packages_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 launch_server.py:6, entrypoints/http_server.py:37 (`import orjson`; the base wheel requires only aiohttp, requests, tqdm, numpy, IPython, setproctitle)",
    "config_error",
    "SGLang run by the Microsoft Store's Windows Python (pip install sglang without [all]): Windows site-packages, missing srt dependencies",
    join(
        TB,
        '  File "<frozen runpy>", line 198, in _run_module_as_main',
        '  File "<frozen runpy>", line 88, in _run_code',
        '  File "C:\\Users\\dev\\AppData\\Local\\Packages\\PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0\\LocalCache\\local-packages\\Python312\\site-packages\\sglang\\launch_server.py", line 6, in <module>',
        "    from sglang.srt.entrypoints.http_server import launch_server",
        '  File "C:\\Users\\dev\\AppData\\Local\\Packages\\PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0\\LocalCache\\local-packages\\Python312\\site-packages\\sglang\\srt\\entrypoints\\http_server.py", line 37, in <module>',
        "    import orjson",
        "ModuleNotFoundError: No module named 'orjson'",
    ),
)

case(
    "triton_no_c_compiler_at_capture_052",
    "0.5.2",
    "sglang-0.5.2 layers/attention/flashinfer_backend.py:773 (`create_flashinfer_kv_indices_triton[(bs,)](`), cuda_graph_runner.py:391; Triton runtime/build.py `Failed to find C compiler. Please specify via CC environment variable or set triton.knobs.build.impl.` (driver.py CudaUtils)",
    "config_error",
    "a fresh WSL Ubuntu without build-essential: Triton cannot build its driver module at the first kernel (graph capture); install gcc / set CC",
    join(
        boot052("Qwen/Qwen2.5-7B-Instruct", gpu_gb=22.41, weights_gb=7.12, mem_fraction_static=0.85),
        pool_lines(23, 243968, 13.03, 2.11),
        f"{ts(24)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.08 GB",
        f"{ts(24)} Capture cuda graph bs [1, 2, 4, 8]",
        "Capturing batches (bs=8 avail_mem=2.07 GB):   0%|          | 0/4 [00:00<?, ?it/s]",
        f"{ts(25)} Scheduler hit an exception: {TB}",
        tb(V312, *GRAPH052, ("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception(")),
        "Exception: Capture cuda graph failed: Failed to find C compiler. Please specify via CC environment variable or set triton.knobs.build.impl.",
        CAPTURE_HINTS_052,
        sigquit(25),
    ),
)

case(
    "flashinfer_jit_no_nvcc_052",
    "0.5.2",
    "flashinfer v0.3.1 decode.py:1039/209, jit/attention/pytorch.py:756/1313, jit/core.py:219/124, jit/cpp_ext.py:117/43 (`subprocess.check_output([nvcc, \"--version\"])`); flashinfer#1781 (`No such file or directory: 'nvcc'`), vllm#49497 (WSL2, nvcc not discoverable)",
    "config_error",
    "pip-installed SGLang on WSL with no CUDA toolkit: FlashInfer's JIT needs nvcc for its first decode kernel; install the toolkit or pick another attention backend",
    join(
        boot052(
            "meta-llama/Llama-3.1-8B-Instruct",
            gpu_gb=22.41,
            weights_gb=15.01,
            arch="LlamaForCausalLM",
            mem_fraction_static=0.85,
        ),
        pool_lines(23, 18432, 2.25, 4.97),
        f"{ts(24)} Capture cuda graph begin. This can take up to several minutes. avail mem=4.95 GB",
        f"{ts(24)} Capture cuda graph bs [1, 2, 4, 8]",
        "Capturing batches (bs=8 avail_mem=4.93 GB):   0%|          | 0/4 [00:00<?, ?it/s]",
        f"{ts(25)} Scheduler hit an exception: {TB}",
        tb(
            V312,
            *CAPTURE052,
            ("layers/attention/flashinfer_backend.py", 802, "call_begin_forward", "wrapper.begin_forward("),
            ("+flashinfer/decode.py", 1039, "plan", "self._cached_module = get_batch_decode_module("),
            (
                "+flashinfer/decode.py",
                209,
                "get_batch_decode_module",
                "mod = gen_batch_decode_module(*args).build_and_load()",
            ),
            (
                "+flashinfer/jit/attention/pytorch.py",
                756,
                "gen_batch_decode_module",
                "return gen_customize_batch_decode_module(",
            ),
            (
                "+flashinfer/jit/attention/pytorch.py",
                1313,
                "gen_customize_batch_decode_module",
                "return gen_jit_spec(uri, source_paths)",
            ),
            ("+flashinfer/jit/core.py", 219, "gen_jit_spec", "spec.write_ninja()"),
            ("+flashinfer/jit/core.py", 124, "write_ninja", "content = generate_ninja_build_for_op("),
            ("+flashinfer/jit/cpp_ext.py", 117, "generate_ninja_build_for_op", "cuda_version = get_cuda_version()"),
            (
                "+flashinfer/jit/cpp_ext.py",
                43,
                "get_cuda_version",
                'txt = subprocess.check_output([nvcc, "--version"], text=True)',
            ),
            (
                "/usr/lib/python3.12/subprocess.py",
                466,
                "check_output",
                "return run(*popenargs, stdout=PIPE, timeout=timeout, check=True,",
            ),
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
        ),
        "FileNotFoundError: [Errno 2] No such file or directory: 'nvcc'",
        "",
        sigquit(25),
    ),
)

# ============================================================================================================ CUDA
case(
    "triton_libcuda_stale_ldconfig_docker_desktop_052",
    "0.5.2",
    "Triton backends/nvidia/driver.py libcuda_dirs() (`libcuda.so cannot found!` ... `Please create a symlink of libcuda.so to any of the files.`); sglang-0.5.2 flashinfer_backend.py:773; microsoft/WSL#5663 (WSL ships libcuda as copies under /usr/lib/wsl/lib)",
    "cuda_error_other",
    "in a Docker Desktop (WSL2) container the image's ldconfig cache names a libcuda that is not there: Triton cannot find the CUDA driver library at the first kernel",
    join(
        boot052("Qwen/Qwen2.5-7B-Instruct", gpu_gb=22.41, weights_gb=7.12, mem_fraction_static=0.85),
        pool_lines(23, 243968, 13.03, 2.11),
        f"{ts(24)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.08 GB",
        f"{ts(24)} Capture cuda graph bs [1, 2, 4, 8]",
        "Capturing batches (bs=8 avail_mem=2.07 GB):   0%|          | 0/4 [00:00<?, ?it/s]",
        f"{ts(25)} Scheduler hit an exception: {TB}",
        tb(
            D312,
            *CAPTURE052,
            (
                "layers/attention/flashinfer_backend.py",
                773,
                "call_begin_forward",
                "create_flashinfer_kv_indices_triton[(bs,)](",
            ),
            (
                "+triton/runtime/jit.py",
                390,
                "<lambda>",
                "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
            ),
            ("+triton/runtime/jit.py", 594, "run", "device = driver.active.get_current_device()"),
            ("+triton/runtime/driver.py", 23, "__getattr__", "self._initialize_obj()"),
            ("+triton/runtime/driver.py", 20, "_initialize_obj", "self._obj = self._init_fn()"),
            ("+triton/runtime/driver.py", 9, "_create_driver", "return actives[0]()"),
            ("+triton/backends/nvidia/driver.py", 535, "__init__", "self.utils = CudaUtils()  # TODO: make static"),
            ("+triton/backends/nvidia/driver.py", 89, "__init__", "mod = compile_module_from_src("),
            (
                "+triton/runtime/build.py",
                80,
                "compile_module_from_src",
                "so = _build(name, src_path, tmpdir, library_dirs or [], include_dirs or [], libraries or [])",
            ),
            ("+triton/backends/nvidia/driver.py", 63, "library_dirs", "return [libdevice_dir, *libcuda_dirs()]"),
            (
                "+triton/backends/nvidia/driver.py",
                57,
                "libcuda_dirs",
                "assert any(os.path.exists(os.path.join(path, 'libcuda.so.1')) for path in dirs), msg",
            ),
        ),
        "AssertionError: libcuda.so cannot found!",
        "Possible files are located at ['/usr/local/cuda/compat/lib/libcuda.so.1'].Please create a symlink of libcuda.so to any of the files.",
        "",
        sigquit(25),
    ),
)

case(
    "nvidia_smi_not_on_path_052",
    "0.5.2",
    "sglang-0.5.2 utils.py:1361-1363 (`nvidia-smi not found. Ensure NVIDIA drivers are installed and accessible.`), :1408, server_args.py:449 (`gpu_mem = get_device_memory_capacity(self.device)`)",
    "cuda_error_other",
    "started from a systemd unit whose PATH lacks /usr/lib/wsl/lib (where WSL puts nvidia-smi): SGLang cannot query the GPU; the driver tooling is unreachable",
    join(
        TB,
        tb(
            V312,
            ("utils.py", 1330, "get_nvgpu_memory_capacity", "result = subprocess.run("),
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
        ),
        "FileNotFoundError: [Errno 2] No such file or directory: 'nvidia-smi'",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            V312,
            *ARGS052,
            ("server_args.py", 449, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("utils.py", 1408, "get_device_memory_capacity", "gpu_mem = get_nvgpu_memory_capacity()"),
            ("utils.py", 1361, "get_nvgpu_memory_capacity", "raise RuntimeError("),
        ),
        "RuntimeError: nvidia-smi not found. Ensure NVIDIA drivers are installed and accessible.",
        "sglang.service: Main process exited, code=exited, status=1/FAILURE",
    ),
)

case(
    "nvidia_smi_gpu_access_blocked_052",
    "0.5.2",
    'sglang-0.5.2 utils.py:1337-1338 (`raise RuntimeError(f"nvidia-smi error: {result.stderr.strip()}")`); NVML\'s `Failed to initialize NVML: GPU access blocked by the operating system` as WSL prints it',
    "cuda_error_other",
    "WSL's GPU paravirtualisation is refusing access (driver / Windows side): nvidia-smi fails and SGLang stops at its memory query",
    join(
        TB,
        tb(
            V312,
            *ARGS052,
            ("server_args.py", 449, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("utils.py", 1408, "get_device_memory_capacity", "gpu_mem = get_nvgpu_memory_capacity()"),
            (
                "utils.py",
                1338,
                "get_nvgpu_memory_capacity",
                'raise RuntimeError(f"nvidia-smi error: {result.stderr.strip()}")',
            ),
        ),
        "RuntimeError: nvidia-smi error: Failed to initialize NVML: GPU access blocked by the operating system",
    ),
)

case(
    "wsl2_rtx5090_capture_unknown_error_052",
    "0.5.2",
    "sglang-0.5.2 cuda_graph_runner.py:389-393; microsoft/WSL#14452 and vllm#37242 (RTX 5090 + WSL2: CUDA graph capture crashes with `cudaErrorUnknown` before WSL 2.7.0)",
    "cuda_error_other",
    "RTX 5090 under an older WSL2: graph capture dies with CUDA `unknown error` at 28 GB free; not memory, SGLang's OOM hints are generic",
    join(
        boot052(
            "Qwen/Qwen3-8B",
            gpu_gb=30.11,
            weights_gb=15.27,
            arch="Qwen3ForCausalLM",
            n_shards=5,
            mem_fraction_static=0.8,
        ),
        pool_lines(23, 92672, 12.73, 2.21),
        f"{ts(24)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.19 GB",
        f"{ts(24)} Capture cuda graph bs [1, 2, 4, 8]",
        "Capturing batches (bs=8 avail_mem=2.17 GB):   0%|          | 0/4 [00:00<?, ?it/s]",
        f"{ts(25)} Scheduler hit an exception: {TB}",
        tb(V312, *GRAPH052, ("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception(")),
        "Exception: Capture cuda graph failed: CUDA error: unknown error",
        TORCH_CUDA_TAIL + "\n" + CAPTURE_HINTS_052,
        sigquit(25),
    ),
)

case(
    "windows_tdr_launch_timeout_while_serving_052",
    "0.5.2",
    "sglang-0.5.2 managers/tp_worker_overlap_thread.py:141-145 (`TpModelWorkerClient hit an exception:`), call path tp_worker.py:251 -> model_runner.py:1901/1952/1846 -> models/qwen2.py -> layers/quantization/unquant.py:133; Windows TDR signature under WSL2 (noonghunna/club-3090#50; `the launch timed out and was terminated` on display GPUs)",
    "cuda_error_other",
    "a 30k-token prefill on the display GPU runs past Windows' TDR delay: the driver resets and the kernel is terminated; a CUDA fault, not memory",
    join(
        boot052(
            "Qwen/Qwen2.5-7B-Instruct", gpu_gb=22.41, weights_gb=7.12, mem_fraction_static=0.85, chunked_prefill_size=-1
        ),
        pool_lines(23, 243968, 13.03, 2.11),
        f"{ts(24)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.08 GB",
        f"{ts(24)} Capture cuda graph bs [1, 2, 4, 8]",
        "Capturing batches (bs=1 avail_mem=1.97 GB): 100%|██████████| 4/4 [00:02<00:00,  1.64it/s]",
        f"{ts(27)} Capture cuda graph end. Time elapsed: 2.71 s. mem usage=0.12 GB. avail mem=1.96 GB.",
        f"{ts(27)} max_total_num_tokens=243968, chunked_prefill_size=-1, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=1.96 GB",
        ready052(28),
        f"{ts(140)} Prefill batch. #new-seq: 1, #new-token: 30512, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(143)} TpModelWorkerClient hit an exception: {TB}",
        tb(V312, *SERVE052),
        "torch.AcceleratorError: CUDA error: the launch timed out and was terminated",
        TORCH_CUDA_TAIL,
        sigquit(143),
    ),
)

# ============================================================================================================ distributed
case(
    "nccl_wsl2_two_3090_invalid_argument_052",
    "0.5.2",
    "https://github.com/vllm-project/vllm/issues/4411 (WSL2, 2x RTX 3090: `transport.cc:154 NCCL WARN Cuda failure 'invalid argument'` after `via SHM/direct/direct`); sglang-0.5.2 distributed/device_communicators/pynccl.py:80/110, pynccl_wrapper.py:374",
    "nccl_or_distributed",
    "TP=2 on two 3090s under WSL2: NCCL's SHM transport setup fails inside ncclCommInitRank; the communicator never forms",
    join(
        sargs(0, "Qwen/Qwen2.5-32B-Instruct-AWQ", tp_size=2, mem_fraction_static=0.85),
        f"{ts(5, 'TP0')} Attention backend not set. Use flashinfer backend by default.",
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP1')} Init torch distributed begin.",
        "[Gloo] Rank 0 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
        "[Gloo] Rank 1 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
        f"{ts(6, 'TP0')} sglang is using nccl==2.27.3",
        "DESKTOP-7Q2K1:2311:2311 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct/direct",
        "DESKTOP-7Q2K1:2311:2311 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct/direct",
        "",
        "DESKTOP-7Q2K1:2311:2311 [0] transport.cc:154 NCCL WARN Cuda failure 'invalid argument'",
        "DESKTOP-7Q2K1:2311:2311 [0] NCCL INFO init.cc:1032 -> 1",
        "DESKTOP-7Q2K1:2311:2311 [0] NCCL INFO init.cc:1309 -> 1",
        "DESKTOP-7Q2K1:2311:2311 [0] NCCL INFO init.cc:1549 -> 1",
        f"{ts(7, 'TP0')} Scheduler hit an exception: {TB}",
        tb(V312, *DIST052),
        "RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
        "",
        f"{ts(7, 'TP1')} Scheduler hit an exception: {TB}",
        tb(V312, *DIST052),
        "RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
        "",
        sigquit(7),
    ),
)

case(
    "nccl_dev_shm_docker_desktop_046",
    "0.4.6.post5",
    "NCCL misc/shmutils.cc WARN lines (`failed to extend /dev/shm/nccl-... to ... bytes`, `Error while creating shared memory segment ... (size ...)`) as quoted in public shm-size threads; sglang-0.4.6.post5 pynccl.py:109, pynccl_wrapper.py:329",
    "nccl_or_distributed",
    "a Docker Desktop (WSL2) container left at the default 64 MB /dev/shm: NCCL cannot create its SHM segment; --shm-size / --ipc=host",
    join(
        sargs(0, "Qwen/Qwen2.5-14B-Instruct", tp_size=2, mem_fraction_static=0.85),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP1')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} sglang is using nccl==2.21.5",
        "",
        "6f0c2d1a9b7e:331:331 [0] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-X3kP2q to 9637892 bytes",
        "",
        "6f0c2d1a9b7e:331:331 [0] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-X3kP2q (size 9637888)",
        "6f0c2d1a9b7e:331:331 [0] NCCL INFO transport/shm.cc:114 -> 2",
        "6f0c2d1a9b7e:331:331 [0] NCCL INFO transport.cc:33 -> 2",
        "6f0c2d1a9b7e:331:331 [0] NCCL INFO init.cc:1263 -> 2",
        f"{ts(6, 'TP0')} Scheduler hit an exception: {TB}",
        tb("/usr/local/lib/python3.10/dist-packages", *DIST046),
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        "",
        sigquit(6),
    ),
)

case(
    "http_port_held_by_windows_mirrored_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 entrypoints/http_server.py:778 (uvicorn.run), utils.py:1729-1739 (uvicorn log format); uvicorn's `[Errno 98] error while attempting to bind on address`",
    "port_in_use",
    "under WSL mirrored networking a Windows process already listens on 30000: the model loads, then uvicorn cannot bind",
    join(
        boot046("Qwen/Qwen2.5-7B-Instruct", gpu_gb=22.48, weights_gb=7.12),
        pool_lines(21, 243968, 13.03, 2.11),
        f"{ts(21)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.09 GB",
        "100%|██████████| 4/4 [00:02<00:00,  1.61it/s]",
        f"{ts(24)} Capture cuda graph end. Time elapsed: 2.74 s. mem usage=0.12 GB. avail mem=1.97 GB.",
        f"{ts(25)} max_total_num_tokens=243968, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768",
        f"{ts(26)} INFO:     Started server process [5120]",
        f"{ts(26)} INFO:     Waiting for application startup.",
        f"{ts(26)} INFO:     Application startup complete.",
        f"{ts(26)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{ts(26)} INFO:     Waiting for application shutdown.",
        f"{ts(26)} INFO:     Application shutdown complete.",
    ),
)

# ============================================================================================================ healthy
case(
    "healthy_ldconfig_not_a_symlink_before_launch_052",
    "0.5.2",
    "https://github.com/microsoft/WSL/issues/5663 (`/sbin/ldconfig.real: /usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link` on every libc-bin trigger); sglang-0.5.2 start-up lines to http_server.py:1386",
    "healthy",
    "the bootstrap script's apt step prints WSL's harmless ldconfig warning about libcuda copies; SGLang then starts and serves",
    join(
        "Setting up ninja-build (1.11.1-2) ...",
        "Processing triggers for libc-bin (2.39-0ubuntu8.4) ...",
        "/sbin/ldconfig.real: /usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link",
        "",
        boot052("Qwen/Qwen2.5-7B-Instruct", gpu_gb=22.41, weights_gb=7.12, mem_fraction_static=0.85),
        pool_lines(23, 243968, 13.03, 2.11),
        f"{ts(24)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.08 GB",
        f"{ts(24)} Capture cuda graph bs [1, 2, 4, 8]",
        "Capturing batches (bs=1 avail_mem=1.97 GB): 100%|██████████| 4/4 [00:02<00:00,  1.64it/s]",
        f"{ts(27)} Capture cuda graph end. Time elapsed: 2.71 s. mem usage=0.12 GB. avail mem=1.96 GB.",
        f"{ts(27)} max_total_num_tokens=243968, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=1.96 GB",
        ready052(28),
    ),
)

case(
    "healthy_custom_ar_setup_failed_peer_access_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 distributed/parallel_state.py:270-279 (`Setup Custom allreduce failed with {e}. To silence this warning, specify --disable-custom-all-reduce explicitly.`); the same line with `CUDART error: peer access is not supported between these two devices` in a public TP=2 log; sglang#4814 (4090s)",
    "healthy",
    "two consumer GPUs without P2P: the custom all-reduce setup fails and SGLang falls back to NCCL with a warning, then serves",
    join(
        sargs(0, "Qwen/Qwen2.5-14B-Instruct", tp_size=2, mem_fraction_static=0.85),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP1')} Init torch distributed begin.",
        "[Gloo] Rank 0 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
        "[Gloo] Rank 1 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
        f"{ts(6, 'TP0')} sglang is using nccl==2.21.5",
        f"{ts(6, 'TP1')} Setup Custom allreduce failed with CUDART error: peer access is not supported between these two devices. To silence this warning, specify --disable-custom-all-reduce explicitly.",
        f"{ts(6, 'TP0')} Setup Custom allreduce failed with CUDART error: peer access is not supported between these two devices. To silence this warning, specify --disable-custom-all-reduce explicitly.",
        f"{ts(7, 'TP0')} Init torch distributed ends. mem usage=0.21 GB",
        f"{ts(7, 'TP1')} Init torch distributed ends. mem usage=0.21 GB",
        f"{ts(7, 'TP0')} Load weight begin. avail mem=22.06 GB",
        f"{ts(7, 'TP1')} Load weight begin. avail mem=22.27 GB",
        *shards(8, 8, "1.37it/s"),
        "",
        f"{ts(14, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=15.04 GB, mem usage=7.02 GB.",
        f"{ts(14, 'TP1')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=15.25 GB, mem usage=7.02 GB.",
        f"{ts(14, 'TP0')} KV Cache is allocated. #tokens: 235123, K size: 5.38 GB, V size: 5.38 GB",
        f"{ts(14, 'TP1')} KV Cache is allocated. #tokens: 235123, K size: 5.38 GB, V size: 5.38 GB",
        f"{ts(14, 'TP0')} Memory pool end. avail mem=4.11 GB",
        f"{ts(14, 'TP1')} Memory pool end. avail mem=4.32 GB",
        f"{ts(15, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=4.09 GB",
        "100%|██████████| 4/4 [00:04<00:00,  1.06s/it]",
        f"{ts(19, 'TP0')} Capture cuda graph end. Time elapsed: 4.25 s. mem usage=0.19 GB. avail mem=3.90 GB.",
        f"{ts(19, 'TP0')} max_total_num_tokens=235123, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768",
        ready046(20, rank="TP0"),
    ),
)

case(
    "healthy_custom_ar_disabled_p2p_cache_052",
    "0.5.2",
    "sglang-0.5.2 distributed/device_communicators/custom_all_reduce.py:159-165 (`Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed.`), custom_all_reduce_utils.py:305 (`reading GPU P2P access cache from ...`)",
    "healthy",
    "two GPUs under WSL2 with no P2P: custom all-reduce disables itself with a warning; NCCL carries the all-reduce and the server comes up",
    join(
        sargs(0, "Qwen/Qwen2.5-32B-Instruct-AWQ", tp_size=2, mem_fraction_static=0.85),
        f"{ts(5, 'TP0')} Attention backend not set. Use flashinfer backend by default.",
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP1')} Init torch distributed begin.",
        "[Gloo] Rank 0 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
        "[Gloo] Rank 1 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
        f"{ts(6, 'TP0')} sglang is using nccl==2.27.3",
        f"{ts(7, 'TP0')} reading GPU P2P access cache from /home/dev/.cache/sglang/gpu_p2p_access_cache_for_0,1.json",
        f"{ts(7, 'TP1')} reading GPU P2P access cache from /home/dev/.cache/sglang/gpu_p2p_access_cache_for_0,1.json",
        f"{ts(7, 'TP0')} Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
        f"{ts(7, 'TP1')} Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
        f"{ts(8, 'TP0')} Init torch distributed ends. mem usage=0.19 GB",
        f"{ts(8, 'TP1')} Init torch distributed ends. mem usage=0.19 GB",
        f"{ts(8, 'TP0')} Load weight begin. avail mem=22.08 GB",
        f"{ts(8, 'TP1')} Load weight begin. avail mem=23.30 GB",
        *shards(5, 5, "0.92it/s"),
        "",
        f"{ts(15, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.float16, avail mem=12.67 GB, mem usage=9.41 GB.",
        f"{ts(15, 'TP1')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.float16, avail mem=13.89 GB, mem usage=9.41 GB.",
        f"{ts(15, 'TP0')} KV Cache is allocated. #tokens: 102400, K size: 3.13 GB, V size: 3.13 GB",
        f"{ts(15, 'TP1')} KV Cache is allocated. #tokens: 102400, K size: 3.13 GB, V size: 3.13 GB",
        f"{ts(15, 'TP0')} Memory pool end. avail mem=6.35 GB",
        f"{ts(15, 'TP1')} Memory pool end. avail mem=7.57 GB",
        f"{ts(16, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=6.33 GB",
        f"{ts(16, 'TP0')} Capture cuda graph bs [1, 2, 4, 8]",
        "Capturing batches (bs=1 avail_mem=6.18 GB): 100%|██████████| 4/4 [00:03<00:00,  1.21it/s]",
        f"{ts(20, 'TP0')} Capture cuda graph end. Time elapsed: 3.42 s. mem usage=0.16 GB. avail mem=6.17 GB.",
        f"{ts(20, 'TP0')} max_total_num_tokens=102400, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=6.17 GB",
        ready052(21, rank="TP0"),
    ),
)

case(
    "healthy_tp_memory_imbalance_warning_display_gpu_052",
    "0.5.2",
    "sglang-0.5.2 model_executor/model_runner.py:677-683 (with SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK set: logger.warning `The memory capacity is unbalanced. Some GPUs may be occupied by other processes. min_per_gpu_memory=...`)",
    "healthy",
    "GPU 0 also drives the Windows desktop; the user set SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK=1 so the imbalance is only a warning, and the server serves",
    join(
        sargs(0, "Qwen/Qwen2.5-32B-Instruct-AWQ", tp_size=2, mem_fraction_static=0.8),
        f"{ts(5, 'TP0')} Attention backend not set. Use flashinfer backend by default.",
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP1')} Init torch distributed begin.",
        "[Gloo] Rank 0 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
        "[Gloo] Rank 1 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
        f"{ts(6, 'TP0')} sglang is using nccl==2.27.3",
        f"{ts(7, 'TP1')} The memory capacity is unbalanced. Some GPUs may be occupied by other processes. min_per_gpu_memory=20.58984375, local_gpu_memory=23.30078125, local_gpu_memory * 0.9=20.970703125",
        f"{ts(8, 'TP0')} Init torch distributed ends. mem usage=0.19 GB",
        f"{ts(8, 'TP1')} Init torch distributed ends. mem usage=0.19 GB",
        f"{ts(8, 'TP0')} Load weight begin. avail mem=20.59 GB",
        f"{ts(8, 'TP1')} Load weight begin. avail mem=23.30 GB",
        *shards(5, 5, "0.92it/s"),
        "",
        f"{ts(15, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.float16, avail mem=11.18 GB, mem usage=9.41 GB.",
        f"{ts(15, 'TP1')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.float16, avail mem=13.89 GB, mem usage=9.41 GB.",
        f"{ts(15, 'TP0')} KV Cache is allocated. #tokens: 61440, K size: 1.88 GB, V size: 1.88 GB",
        f"{ts(15, 'TP1')} KV Cache is allocated. #tokens: 61440, K size: 1.88 GB, V size: 1.88 GB",
        f"{ts(15, 'TP0')} Memory pool end. avail mem=7.38 GB",
        f"{ts(15, 'TP1')} Memory pool end. avail mem=10.09 GB",
        f"{ts(16, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=7.36 GB",
        f"{ts(16, 'TP0')} Capture cuda graph bs [1, 2, 4, 8]",
        "Capturing batches (bs=1 avail_mem=7.21 GB): 100%|██████████| 4/4 [00:03<00:00,  1.19it/s]",
        f"{ts(20, 'TP0')} Capture cuda graph end. Time elapsed: 3.48 s. mem usage=0.16 GB. avail mem=7.20 GB.",
        f"{ts(20, 'TP0')} max_total_num_tokens=61440, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2048, context_len=32768, available_gpu_mem=7.20 GB",
        ready052(21, rank="TP0"),
    ),
)

case(
    "healthy_nccl_info_p2p_disabled_wsl_046",
    "0.4.6.post5",
    "NCCL INFO lines under NCCL_DEBUG=INFO as in public WSL threads (LlamaFactory#1169 on DESKTOP-*: `P2P is disabled between connected GPUs 1 and 0. You can repress this message with NCCL_IGNORE_DISABLED_P2P=1.`, vllm#4411 `via SHM/direct/direct`, NVIDIA/nccl#442 `Failed to open libibverbs.so[.1]`); sglang-0.4.6.post5 start-up to ready",
    "healthy",
    "NCCL_DEBUG=INFO on WSL2 prints P2P-disabled, no-IB and SHM-fallback lines; the communicator still forms and the server serves",
    join(
        sargs(0, "Qwen/Qwen2.5-14B-Instruct", tp_size=2, mem_fraction_static=0.85, disable_custom_all_reduce=True),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP1')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} sglang is using nccl==2.21.5",
        "DESKTOP-VMBL43V:4163:4163 [0] NCCL INFO Bootstrap : Using eth0:172.29.16.54<0>",
        "DESKTOP-VMBL43V:4163:4163 [0] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)",
        "DESKTOP-VMBL43V:4163:4202 [0] NCCL INFO Failed to open libibverbs.so[.1]",
        "DESKTOP-VMBL43V:4163:4202 [0] NCCL INFO NET/Socket : Using [0]eth0:172.29.16.54<0>",
        "DESKTOP-VMBL43V:4163:4202 [0] NCCL INFO Using network Socket",
        "DESKTOP-VMBL43V:4163:4202 [0] NCCL INFO P2P is disabled between connected GPUs 0 and 1. You can repress this message with NCCL_IGNORE_DISABLED_P2P=1.",
        "DESKTOP-VMBL43V:4164:4203 [1] NCCL INFO P2P is disabled between connected GPUs 1 and 0. You can repress this message with NCCL_IGNORE_DISABLED_P2P=1.",
        "DESKTOP-VMBL43V:4163:4202 [0] NCCL INFO Could not enable P2P between dev 0(=1000) and dev 1(=4000)",
        "DESKTOP-VMBL43V:4163:4202 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct/direct",
        "DESKTOP-VMBL43V:4163:4202 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct/direct",
        "DESKTOP-VMBL43V:4163:4202 [0] NCCL INFO Connected all rings",
        "DESKTOP-VMBL43V:4163:4202 [0] NCCL INFO comm 0x55d1c37e9b30 rank 0 nranks 2 cudaDev 0 busId 1000 commId 0x8f2a64b7d19c0e35 - Init COMPLETE",
        f"{ts(7, 'TP0')} Init torch distributed ends. mem usage=0.21 GB",
        f"{ts(7, 'TP1')} Init torch distributed ends. mem usage=0.21 GB",
        f"{ts(7, 'TP0')} Load weight begin. avail mem=22.06 GB",
        *shards(8, 8, "1.37it/s"),
        "",
        f"{ts(14, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=15.04 GB, mem usage=7.02 GB.",
        f"{ts(14, 'TP0')} KV Cache is allocated. #tokens: 235123, K size: 5.38 GB, V size: 5.38 GB",
        f"{ts(14, 'TP0')} Memory pool end. avail mem=4.11 GB",
        f"{ts(15, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=4.09 GB",
        "100%|██████████| 4/4 [00:04<00:00,  1.06s/it]",
        f"{ts(19, 'TP0')} Capture cuda graph end. Time elapsed: 4.25 s. mem usage=0.19 GB. avail mem=3.90 GB.",
        f"{ts(19, 'TP0')} max_total_num_tokens=235123, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768",
        ready046(20, rank="TP0"),
    ),
)

# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "hicache_pinned_host_pool_cuda_oom_052": "oom_runtime",
    "triton_libcuda_stale_ldconfig_docker_desktop_052": "config_error",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_wsl_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way to ready at first sight (what a live supervisor acts on), with
# the event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {
    "hicache_pinned_host_pool_cuda_oom_052": "oom_runtime",
    "triton_libcuda_stale_ldconfig_docker_desktop_052": "config_error",
}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_wsl_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
