"""SGLang on CPUs without a GPU, as it shows in the log (synthetic: written blind by a helper from real release text).

Scope `cpuonly`: `--device cpu` on Intel Xeon (AMX / AVX-512), the sgl-kernel CPU build (`torch.ops.sgl_kernel.*`,
`init_cpu_threads_env`, the shared-memory all-reduce), `SGLANG_CPU_OMP_THREADS_BIND` and NUMA binding, TP across
sockets over gloo, and the mistakes around it: CUDA-only flags and CUDA-only code paths on a CPU-only torch, no GPU
where one was expected (the driver missing in a container), host RAM exhausted by the weights or the KV pool (torch's
`DefaultCPUAllocator`, the kernel OOM killer), a CPU kernel built for another CPU (`-march=native`, SIGILL), gloo /
store / shm failures between CPU ranks. Five healthy CPU servers that print alarming lines and serve anyway.

Sources. Message templates and call paths are read in the wheels (file:line under sglang/): sglang 0.4.7 (layernorm
fallback, triton decode warning), 0.4.8.post1 (parallel_state.all_reduce's `import intel_extension_for_pytorch`),
0.4.9.post2 (model_runner.init_threads_binding / init_torch_distributed, utils.get_available_gpu_memory on cpu =
psutil available, tp_worker broadcast_pyobj, engine._launch_subprocesses `Rank {i} scheduler is dead` / `Exit code`),
0.5.2 (get_available_gpu_memory divided by NUMA nodes, memory_pool.MHATokenToKVPool._create_buffers, tp>numa assert),
0.5.6 (server_args._handle_cpu_backends / the Intel AMX fallback warning, _handle_model_specific_adjustments's
`torch.cuda.get_device_capability()` for DeepSeek NSA, utils/common.get_device / get_cpu_memory_capacity /
parse_lscpu_topology, model_runner init_threads_binding asserts, init_torch_distributed's `Context:` warning,
init_memory_pool's `Not enough memory`, layers/amx_utils.py, fp8.py's `Fp8LinearMethod on CPU requires that CPU has
AMX support`, flashinfer_backend.py's names imported only under is_flashinfer_available(), unquant.py
weight_packed_linear, scheduler_metrics_mixin's `cpu graph:` decode line), 0.5.10.post1 (engine._scheduler_died_error,
utils/watchdog.WatchdogRaw `Scheduler watchdog timeout`, pyspy_dump_schedulers, the launch_server UserWarning). sgl-kernel
csrc/cpu/numa_utils.cpp (`sched_setaffinity failed. errno:`, `numa_migrate_pages failed. errno:`), shm.cpp / interface.cpp
(MASTER_ADDR/MASTER_PORT-named /dev/shm segments), csrc/cpu/CMakeLists.txt (`-march=native`). torch 2.8.0
torch/cuda/__init__.py (`Torch not compiled with CUDA enabled`, _lazy_init, set_device, get_device_capability line
numbers); torch's `DefaultCPUAllocator: not enough memory`, gloo's `connectFullMesh` / `Connection closed by peer`,
TCPStore's `DistStoreError` / `DistNetworkError` texts (other torch line numbers approximate); uvicorn's bind error;
Linux's OOM-killer and `traps: ... trap invalid opcode` lines; systemd's unit-result lines. Public threads:
sgl-project/sglang#7547 (CPU server's harmless warnings: vLLM `detected platform cpu`, triton `0 active drivers`),
#8093 (Xeon Gold 6338, no AMX, the Xeon docker), #9209 (pure-CPU DeepSeek-V3, tp and SGLANG_CPU_OMP_THREADS_BIND),
#9090 (CPU OOM when mem-fraction is not set: each rank profiled the whole host), #10602 (CPU env paths), #11044 (no
AMX), #18507 (CPU DeepSeek fails inside prepare_server_args), #3226 (Gloo connectFullMesh), PR #6549 / #7524 (thread
binding), PR #6770 (`No module named 'intel_extension_for_pytorch'` in all_reduce), PR #37179 (shm all-reduce segments
colliding between engines on one host, decode hangs until the watchdog).

Labelling policy, decided before the classifier ran (../shared/corpus/README.md plus the project's families):
- A CPU-host start-up that fails on the user's arguments, the model or the machine (a CUDA-only flag or device on a
  CPU-only torch, a CUDA-only code path for this model, fp8 without AMX, TP larger than the NUMA nodes, a thread-bind
  list that does not match TP or names cores outside the container's cpuset, a missing tool such as lscpu, a kernel
  library missing or built for another CPU's instruction set (SIGILL)) is config_error.
- No GPU visible where one was expected (`No accelerator` / `Found no NVIDIA driver` in a CUDA image run without the
  driver) is cuda_error_other, the family of CUDA environment faults.
- Host RAM exhaustion is labelled by phase like a GPU OOM: while loading / packing weights -> oom_weights; while
  allocating the KV pool, or the profiled pool size `Not enough memory` -> oom_kv_cache; after ready -> oom_runtime.
  A SIGKILL (exit code -9) with the OOM killer's word, or a kernel OOM line, counts as an OOM; a gloo error on a
  surviving rank after the kernel killed its peer is a cascade and keeps the OOM's label.
- gloo / TCPStore / shm failures between CPU ranks (connect, peer closed, store timeout, a hang in the shm all-reduce
  ending in the watchdog) are nccl_or_distributed; an address in use (dist-init port or HTTP port) is port_in_use.
- A server that reached `The server is fired up and ready to roll!` and only shows fallbacks, loader warnings,
  retraction or client errors is healthy.

First sight: 29/33 (4 misses, kept as strict xfails in XFAIL below); the five healthy contrasts all end healthy and
fire no failure event on the way (EVENT_XFAIL empty):
- flashinfer_attention_backend_on_cpu: `--attention-backend flashinfer` on `--device cpu`, NameError for flashinfer's
  wrapper at attention-backend init (config_error); the classifier said cuda_error_other (unnamed.exception).
- kv_pool_oom_killer_then_gloo_cascade: the kernel OOM-kills TP1 while the KV pools fill, TP0's gloo broadcast then
  sees the peer closed (oom_kv_cache); the classifier said oom_cuda_graph (oom.out_of_memory).
- kv_pool_sigkill_tp_above_numa_nodes: rank 2 dies with exit code -9 after the pools were being allocated, the
  launcher names the OOM killer (oom_kv_cache); the classifier said nccl_or_distributed (distributed.other_ranks).
- sched_setaffinity_outside_cpuset: sgl-kernel's thread pinning aborts (`sched_setaffinity failed. errno: 22`,
  exit code -6) on cores outside the container's cpuset (config_error); the classifier said nccl_or_distributed
  (distributed.other_ranks).
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import RUNPY, TB, first_sight, ts


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
XEON = "/opt/.venv/lib/python3.12/site-packages"  # docker/xeon.Dockerfile's uv venv (0.5.x CPU image)
FORGE = "/sgl-workspace/miniforge3/lib/python3.12/site-packages"  # the earlier Xeon image's miniforge (sglang#10602)
NGC = "/usr/local/lib/python3.12/dist-packages"  # lmsysorg/sglang CUDA images


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


def sched_exc(second: int, rank: str | None, site: str, stack: tuple, error: str) -> str:
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{tb(site, *stack)}\n{error}"


def ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
    ]


def fired(second: int) -> list[str]:
    return [
        f'{ts(second)} INFO:     127.0.0.1:46710 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second)} The server is fired up and ready to roll!",
    ]


def shards(n: int, upto: int | None = None) -> list[str]:
    upto = n if upto is None else upto
    out = [f"Loading safetensors checkpoint shards:   0% Completed | 0/{n} [00:00<?, ?it/s]"]
    for i in range(1, upto + 1):
        pct = 100 * i // n
        out.append(
            f"Loading safetensors checkpoint shards: {pct:3d}% Completed | {i}/{n} [00:{i * 7:02d}<00:{(n - i) * 7:02d},  7.02s/it]"
        )
    return out


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


GLOO2 = [
    "[Gloo] Rank 0 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
    "[Gloo] Rank 1 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
]
NO_AMX = "The current platform does not support Intel AMX, will fallback to torch_native backend."
NO_SHM = "init_cpu_threads_env and shared memory based AllReduce is disabled since intel amx backend is not available"

# -- call paths (line numbers read in each wheel)
SCHED_056 = (
    ("managers/scheduler.py", 2653, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 316, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 245, "__init__", "self._model_runner = ModelRunner("),
)
INIT_056 = SCHED_056 + (("model_executor/model_runner.py", 361, "__init__", "self.initialize(min_per_gpu_memory)"),)
DIST_056 = SCHED_056 + (
    ("model_executor/model_runner.py", 344, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
)
PG_056 = DIST_056 + (
    ("model_executor/model_runner.py", 682, "init_torch_distributed", "init_distributed_environment("),
    ("distributed/parallel_state.py", 1525, "init_distributed_environment", "torch.distributed.init_process_group("),
    ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
    ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
)
LOAD_056 = INIT_056 + (
    ("model_executor/model_runner.py", 436, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 804, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 600, "load_model", "self.load_weights_and_postprocess("),
    (
        "model_loader/loader.py",
        619,
        "load_weights_and_postprocess",
        "quant_method.process_weights_after_loading(module)",
    ),
)
LAUNCH_ARGS_056 = RUNPY + (
    ("+sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 4371, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 3924, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 316, "__init__", ""),
)
LOOP_056 = (
    ("managers/scheduler.py", 2679, "run_scheduler_process", "scheduler.event_loop_normal()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 980, "event_loop_normal", "result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2034, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        392,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 2647, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 2706, "_forward_raw", "ret = self.forward_extend("),
    ("model_executor/model_runner.py", 2592, "forward_extend", "return self.model.forward("),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("models/qwen2.py", 495, "forward", "hidden_states = self.model("),
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
    ("models/qwen2.py", 362, "forward", "hidden_states, residual = layer("),
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
)
SCHED_052 = (
    ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
)
SCHED_049 = (
    (
        "managers/scheduler.py",
        2753,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 339, "__init__", "self.tp_worker = TpWorkerClass("),
)
LAUNCH_049 = RUNPY + (
    ("+sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
    (
        "entrypoints/http_server.py",
        899,
        "launch_server",
        "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
    ),
    ("entrypoints/engine.py", 805, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
    ("/usr/lib/python3.12/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
    ("/usr/lib/python3.12/multiprocessing/connection.py", 430, "_recv_bytes", "buf = self._recv(4)"),
    ("/usr/lib/python3.12/multiprocessing/connection.py", 399, "_recv", "raise EOFError"),
)
LAUNCH_0510 = RUNPY + (
    ("+sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
    ("+sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
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
WARN_0510 = [
    f"{XEON}/sglang/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
    "  Example: sglang serve --model-path <model> [options]",
    "  warnings.warn(",
]


def died_0510(rank: int, code: int) -> str:
    return (
        f"{TB}\n{tb(XEON, *LAUNCH_0510)}\n"
        f"RuntimeError: Rank {rank} scheduler died during initialization (exit code: {code}). If exit code is -9 (SIGKILL), "
        "a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check."
    )


def dead_049(second: int, rank: int, code: int) -> list[str]:
    return [
        f"{ts(second)} Rank {rank} scheduler is dead. Please check if there are relevant logs.",
        f"{ts(second)} Exit code: {code}",
        f"{TB}\n{tb(FORGE, *LAUNCH_049)}\nEOFError",
    ]


# ------------------------------------------------------------------------------------------------------ config_error
case(
    "device_cuda_on_cpu_only_torch",
    "0.5.6",
    "sglang-0.5.6 model_runner.py:618-626 (init_torch_distributed's Context warning); torch 2.8.0 cuda/__init__.py:557-569 (set_device calls torch._C._cuda_setDevice, absent from a +cpu build)",
    "config_error",
    "a GPU launch command (`--device cuda`) run on a Xeon whose torch is the +cpu build: a CUDA-only flag on a CPU host",
    join(
        sargs(
            0, "Qwen/Qwen2.5-7B-Instruct", device="cuda", tp_size=1, mem_fraction_static=0.88, attention_backend=None
        ),
        f"{ts(4)} Init torch distributed begin.",
        f"{ts(4)} Context: self.device='cuda' self.gpu_id=0 os.environ.get('CUDA_VISIBLE_DEVICES')=None self.tp_rank=0 self.tp_size=1",
        sched_exc(
            4,
            None,
            XEON,
            DIST_056
            + (
                (
                    "model_executor/model_runner.py",
                    621,
                    "init_torch_distributed",
                    "torch.get_device_module(self.device).set_device(self.gpu_id)",
                ),
                ("+torch/cuda/__init__.py", 569, "set_device", "torch._C._cuda_setDevice(device)"),
            ),
            "AttributeError: module 'torch._C' has no attribute '_cuda_setDevice'",
        ),
        "",
        sigquit(4),
    ),
)

case(
    "flashinfer_attention_backend_on_cpu",
    "0.5.6",
    "sglang-0.5.6 server_args.py:925-929 (_handle_cpu_backends keeps a user backend), layers/attention/flashinfer_backend.py:45/249, attention_registry.py:37",
    "config_error",
    "`--attention-backend flashinfer` copied into a `--device cpu` command: flashinfer is imported only on CUDA, so its wrapper name is undefined",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            device="cpu",
            tp_size=2,
            attention_backend="flashinfer",
            disable_overlap_schedule=True,
        ),
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        f"{ts(3, 'TP1')} Init torch distributed begin.",
        GLOO2,
        f"{ts(4, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4, 'TP0')} Load weight begin. avail mem=251.62 GB",
        shards(4),
        f"{ts(38, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=243.51 GB, mem usage=8.11 GB.",
        f"{ts(39, 'TP0')} KV Cache is allocated. #tokens: 3112960, K size: 95.00 GB, V size: 95.00 GB",
        f"{ts(39, 'TP0')} Memory pool end. avail mem=53.40 GB",
        sched_exc(
            40,
            "TP0",
            XEON,
            INIT_056
            + (
                ("model_executor/model_runner.py", 520, "initialize", "self.init_attention_backend()"),
                (
                    "model_executor/model_runner.py",
                    2054,
                    "init_attention_backend",
                    "self.attn_backend = self._get_attention_backend()",
                ),
                (
                    "model_executor/model_runner.py",
                    2088,
                    "_get_attention_backend",
                    "attn_backend = self._get_attention_backend_from_str(",
                ),
                (
                    "model_executor/model_runner.py",
                    2105,
                    "_get_attention_backend_from_str",
                    "full_attention_backend = ATTENTION_BACKENDS[backend_str](self)",
                ),
                (
                    "layers/attention/attention_registry.py",
                    37,
                    "create_flashinfer_backend",
                    "return FlashInferAttnBackend(",
                ),
                (
                    "layers/attention/flashinfer_backend.py",
                    249,
                    "__init__",
                    "self.prefill_wrapper_ragged = BatchPrefillWithRaggedKVCacheWrapper(",
                ),
            ),
            "NameError: name 'BatchPrefillWithRaggedKVCacheWrapper' is not defined",
        ),
        "",
        sigquit(40),
    ),
)

case(
    "deepseek_nsa_on_cpu_asks_cuda_capability",
    "0.5.6",
    "sglang-0.5.6 server_args.py:938-979 (DeepSeek NSA adjustments call torch.cuda.get_device_capability()); torch 2.8.0 cuda/__init__.py:600/616/403; shape of sglang#18507",
    "config_error",
    "DeepSeek-V3.2 (NSA) on a CPU-only torch: an argument check that only works on CUDA refuses the model before any process starts",
    join(
        "DP attention is enabled for DeepSeek NSA.",
        "NSA with TP mode is active, dp_size=1, tp_size=6, attn_tp_size=6, attention weights will be sharded across 6 ranks.",
        "Setting page size to 64 for DeepSeek NSA.",
        TB,
        tb(
            XEON,
            *LAUNCH_ARGS_056,
            ("server_args.py", 620, "__post_init__", "self._handle_model_specific_adjustments()"),
            (
                "server_args.py",
                979,
                "_handle_model_specific_adjustments",
                "major, _ = torch.cuda.get_device_capability()",
            ),
            ("+torch/cuda/__init__.py", 600, "get_device_capability", "prop = get_device_properties(device)"),
            (
                "+torch/cuda/__init__.py",
                616,
                "get_device_properties",
                "_lazy_init()  # will define _get_device_properties",
            ),
            (
                "+torch/cuda/__init__.py",
                403,
                "_lazy_init",
                'raise AssertionError("Torch not compiled with CUDA enabled")',
            ),
        ),
        "AssertionError: Torch not compiled with CUDA enabled",
    ),
)

case(
    "fp8_checkpoint_on_xeon_without_amx",
    "0.5.6",
    "sglang-0.5.6 server_args.py:1432-1439 (AMX fallback warning), layers/quantization/fp8.py:340-343, model_loader/loader.py:600/619; sglang#8093 / #11044 (Xeon without AMX)",
    "config_error",
    "an FP8 block-quant checkpoint on an Ice Lake Xeon: SGLang's CPU fp8 path requires AMX, asserted once the weights are in",
    join(
        sargs(0, "Qwen/Qwen3-30B-A3B-FP8", device="cpu", tp_size=2, quantization=None, disable_overlap_schedule=True),
        f"{ts(0)} {NO_AMX}",
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        f"{ts(3, 'TP1')} Init torch distributed begin.",
        f"{ts(3, 'TP0')} {NO_SHM}",
        f"{ts(3, 'TP1')} {NO_SHM}",
        GLOO2,
        f"{ts(4, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4, 'TP0')} Load weight begin. avail mem=125.31 GB",
        f"{ts(4, 'TP0')} Detected fp8 checkpoint.",
        shards(16),
        sched_exc(
            131,
            "TP0",
            XEON,
            LOAD_056 + (("layers/quantization/fp8.py", 341, "process_weights_after_loading", "assert ("),),
            "AssertionError: Fp8LinearMethod on CPU requires that CPU has AMX support",
        ),
        "",
        sigquit(131),
    ),
)

case(
    "tp_larger_than_numa_nodes",
    "0.5.2",
    "sglang-0.5.2 model_runner.py:237/1769-1785 (init_threads_binding assert); docs CPU servers (`n` cannot exceed the SNC count); PR #6549",
    "config_error",
    "`--tp 4` on a two-socket host with no SGLANG_CPU_OMP_THREADS_BIND: TP must not exceed the NUMA nodes",
    join(
        sargs(0, "meta-llama/Llama-3.2-3B-Instruct", device="cpu", tp_size=4, disable_overlap_schedule=True),
        *[
            sched_exc(
                3,
                f"TP{r}",
                FORGE,
                SCHED_052
                + (
                    ("model_executor/model_runner.py", 237, "__init__", "self.init_threads_binding()"),
                    (
                        "model_executor/model_runner.py",
                        1775,
                        "init_threads_binding",
                        "assert self.tp_size <= n_numa_node, (",
                    ),
                ),
                "AssertionError: SGLANG_CPU_OMP_THREADS_BIND is not set, in this case, tp_size 4 should be smaller than or equal to number of numa node on the machine 2. "
                "If you need tp_size to be larger than number of numa node, please set the CPU cores for each tp rank via SGLANG_CPU_OMP_THREADS_BIND explicitly. "
                "For example, on a machine with 2 numa nodes, where core 0-31 are on numa node 0 and core 32-63 are on numa node 1, it is suggested to use -tp 2 and bind tp rank 0 to core 0-31 and tp rank 1 to core 32-63. "
                "This is the default behavior if SGLANG_CPU_OMP_THREADS_BIND is not set and it is the same as setting SGLANG_CPU_OMP_THREADS_BIND=0-31|32-63. "
                "If you do need tp_size to be larger than the number of numa nodes, you could set SGLANG_CPU_OMP_THREADS_BIND explicitly for example SGLANG_CPU_OMP_THREADS_BIND=0-15|16-31|32-47|48-63 and run with -tp 4. "
                "If you don't want each tp rank to use all the cores on one numa node, you could set for example SGLANG_CPU_OMP_THREADS_BIND=0-15|32-47 and run with -tp 2.",
            )
            for r in range(4)
        ],
        "",
        sigquit(3),
    ),
)

case(
    "omp_bind_not_aligned_with_tp",
    "0.5.6",
    "sglang-0.5.6 model_runner.py:341/2522-2527 (init_threads_binding); sglang#9209 (bind list and tp_size)",
    "config_error",
    "SGLANG_CPU_OMP_THREADS_BIND lists three core ranges for `--tp 2`",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1-Distill-Qwen-14B",
            device="cpu",
            tp_size=2,
            max_total_tokens=65536,
            disable_overlap_schedule=True,
        ),
        sched_exc(
            3,
            "TP0",
            XEON,
            SCHED_056
            + (
                ("model_executor/model_runner.py", 341, "__init__", "self.init_threads_binding()"),
                (
                    "model_executor/model_runner.py",
                    2524,
                    "init_threads_binding",
                    "assert self.tp_size == len(threads_bind_list), (",
                ),
            ),
            "AssertionError: SGLANG_CPU_OMP_THREADS_BIND setting must be aligned with TP size parameter (2). Please double check your settings.",
        ),
        "",
        sigquit(3),
    ),
)

case(
    "omp_bind_index_error",
    "0.4.9.post2",
    "sglang-0.4.9.post2 model_runner.py:223/1381-1403 (the bind list indexed by tp_rank, no length check yet)",
    "config_error",
    "SGLANG_CPU_OMP_THREADS_BIND='0-47' (one range) with `--tp 2`: rank 1 indexes past the list",
    join(
        sargs(0, "Qwen/Qwen2.5-14B-Instruct", device="cpu", tp_size=2, disable_overlap_schedule=True),
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        sched_exc(
            3,
            "TP1",
            FORGE,
            SCHED_049
            + (
                ("managers/tp_worker.py", 81, "__init__", "self.model_runner = ModelRunner("),
                ("model_executor/model_runner.py", 223, "__init__", "self.init_threads_binding()"),
                (
                    "model_executor/model_runner.py",
                    1403,
                    "init_threads_binding",
                    'self.local_omp_cpuid = omp_cpuids.split("|")[self.tp_rank]',
                ),
            ),
            "IndexError: list index out of range",
        ),
        "",
        sigquit(3),
    ),
)

case(
    "sched_setaffinity_outside_cpuset",
    "0.5.10.post1",
    "sgl-kernel csrc/cpu/numa_utils.cpp (TORCH_CHECK inside the OpenMP loop: `sched_setaffinity failed. errno:`); sglang-0.5.10.post1 model_runner.py:939, engine.py:1182-1220",
    "config_error",
    "the bind list names cores 32-63 but the container runs with --cpuset-cpus=0-31: rank 1 aborts while pinning threads",
    join(
        WARN_0510,
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", device="cpu", tp_size=2, disable_overlap_schedule=True),
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        f"{ts(3, 'TP1')} Init torch distributed begin.",
        "terminate called after throwing an instance of 'c10::Error'",
        "  what():  sched_setaffinity failed. errno: 22",
        "Exception raised from operator() at /sgl-workspace/sglang/sgl-kernel/csrc/cpu/numa_utils.cpp:66 (most recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x98 (0x7f51d2b7a8c8 in {XEON}/torch/lib/libc10.so)",
        f"frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x6a (0x7f51d2b1a2f4 in {XEON}/torch/lib/libc10.so)",
        f"frame #2: <unknown function> + 0x1b5a43 (0x7f50f41b5a43 in {XEON}/sgl_kernel/common_ops.cpython-312-x86_64-linux-gnu.so)",
        "frame #3: <unknown function> + 0x1a4c1 (0x7f51e6a1a4c1 in /opt/.venv/lib/libiomp5.so)",
        "",
        f"{TB}\n{tb(XEON, *LAUNCH_0510)}\n"
        "RuntimeError: Rank 1 scheduler died during initialization (exit code: -6). If exit code is -9 (SIGKILL), "
        "a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check.",
    ),
)

case(
    "lscpu_missing_in_slim_image",
    "0.5.6",
    "sglang-0.5.6 server_args.py:610, utils/common.py:1739/1693/3174/3139/3118-3125 (parse_lscpu_topology); Python 3.12 subprocess.py",
    "config_error",
    "a slim image without util-linux: the CPU memory probe shells out to lscpu inside prepare_server_args",
    join(
        TB,
        tb(
            XEON,
            ("utils/common.py", 3121, "parse_lscpu_topology", "output = subprocess.check_output("),
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
        "FileNotFoundError: [Errno 2] No such file or directory: 'lscpu'",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            XEON,
            *LAUNCH_ARGS_056,
            ("server_args.py", 610, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("utils/common.py", 1739, "get_device_memory_capacity", "gpu_mem = get_cpu_memory_capacity()"),
            ("utils/common.py", 1693, "get_cpu_memory_capacity", "n_numa_node: int = len(get_cpu_ids_by_node())"),
            ("utils/common.py", 3174, "get_cpu_ids_by_node", "node_to_cpus = get_physical_cpus_by_numa()"),
            ("utils/common.py", 3139, "get_physical_cpus_by_numa", "cpu_info = parse_lscpu_topology()"),
            (
                "utils/common.py",
                3125,
                "parse_lscpu_topology",
                "raise RuntimeError(f\"Unexpected error running 'lscpu': {e}\")",
            ),
        ),
        "RuntimeError: Unexpected error running 'lscpu': [Errno 2] No such file or directory: 'lscpu'",
    ),
)

case(
    "sigill_kernel_built_for_another_cpu",
    "0.5.2",
    "sgl-kernel csrc/cpu/CMakeLists.txt (`-march=native`); sglang-0.5.2 utils.py:223-230 (sgl_kernel imported at import time); Linux traps line; systemd unit-result lines; sglang#8093",
    "config_error",
    "an image whose sgl-kernel was built with -march=native on a Sapphire Rapids runs on an AMD EPYC: SIGILL while importing, no SGLang line at all",
    join(
        "Mar 02 10:00:00 epyc-07 systemd[1]: Started sglang-cpu.service - SGLang CPU server.",
        "Mar 02 10:00:02 epyc-07 sglang-cpu[48211]: /opt/.venv/lib/python3.12/site-packages/torch/_subclasses/functional_tensor.py:279: UserWarning: Failed to initialize NumPy: No module named 'numpy' (Triggered internally at /pytorch/torch/csrc/utils/tensor_numpy.cpp:81.)",
        'Mar 02 10:00:02 epyc-07 sglang-cpu[48211]:   cpu = _conversion_method_template(device=torch.device("cpu"))',
        "Mar 02 10:00:04 epyc-07 kernel: traps: python3[48211] trap invalid opcode ip:7f2c41a3d6e0 sp:7ffd6e1b9a30 error:0 in common_ops.cpython-312-x86_64-linux-gnu.so[7f2c41800000+6a4000]",
        "Mar 02 10:00:05 epyc-07 systemd[1]: sglang-cpu.service: Main process exited, code=dumped, status=4/ILL",
        "Mar 02 10:00:05 epyc-07 systemd[1]: sglang-cpu.service: Failed with result 'core-dump'.",
        "Mar 02 10:00:05 epyc-07 systemd[1]: sglang-cpu.service: Consumed 4.213s CPU time.",
    ),
)

case(
    "ipex_missing_in_cpu_all_reduce",
    "0.4.8.post1",
    "sglang-0.4.8.post1 distributed/parallel_state.py:441-446 (`import intel_extension_for_pytorch as ipex` for CPU tensors), linear.py:1306, models/llama.py; PR #6770",
    "config_error",
    "TP2 on CPU with this release needs intel-extension-for-pytorch for its all-reduce; not installed, the warm-up request dies",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", device="cpu", tp_size=2, disable_overlap_schedule=True),
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        f"{ts(3, 'TP1')} Init torch distributed begin.",
        GLOO2,
        f"{ts(4, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4, 'TP0')} Load weight begin. avail mem=492.18 GB",
        shards(4),
        f"{ts(36, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=484.09 GB, mem usage=8.09 GB.",
        f"{ts(37, 'TP0')} KV Cache is allocated. #tokens: 524288, K size: 16.00 GB, V size: 16.00 GB",
        f"{ts(37, 'TP0')} Memory pool end. avail mem=451.90 GB",
        f"{ts(38, 'TP0')} max_total_num_tokens=524288, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=131072, available_gpu_mem=451.90 GB",
        ready(39),
        f"{ts(40, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        sched_exc(
            40,
            "TP0",
            FORGE,
            (
                ("managers/scheduler.py", 2683, "run_scheduler_process", "scheduler.event_loop_normal()"),
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                ("managers/scheduler.py", 749, "event_loop_normal", "result = self.run_batch(batch)"),
                (
                    "managers/scheduler.py",
                    1722,
                    "run_batch",
                    "self.tp_worker.forward_batch_generation(model_worker_batch)",
                ),
                (
                    "managers/tp_worker.py",
                    212,
                    "forward_batch_generation",
                    "logits_output, can_run_cuda_graph = self.model_runner.forward(",
                ),
                ("model_executor/model_runner.py", 1231, "forward", "output = self._forward_raw("),
                ("model_executor/model_runner.py", 1260, "_forward_raw", "ret = self.forward_extend("),
                ("model_executor/model_runner.py", 1199, "forward_extend", "return self.model.forward("),
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                ("models/llama.py", 457, "forward", "hidden_states = self.model("),
                ("+torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("models/llama.py", 334, "forward", "hidden_states, residual = layer("),
                ("+torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("models/llama.py", 258, "forward", "hidden_states = self.self_attn("),
                ("+torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("models/llama.py", 190, "forward", "output, _ = self.o_proj(attn_output)"),
                ("+torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("layers/linear.py", 1306, "forward", "output = tensor_model_parallel_all_reduce(output_parallel)"),
                (
                    "distributed/communication_op.py",
                    13,
                    "tensor_model_parallel_all_reduce",
                    "return get_tp_group().all_reduce(input_)",
                ),
                ("distributed/parallel_state.py", 443, "all_reduce", "import intel_extension_for_pytorch as ipex"),
            ),
            "ModuleNotFoundError: No module named 'intel_extension_for_pytorch'",
        ),
        "",
        sigquit(40),
    ),
)

# ------------------------------------------------------------------------------------------------------ cuda_error_other
case(
    "no_accelerator_container_without_gpus",
    "0.5.6",
    "sglang-0.5.6 server_args.py:607/695, utils/common.py:1858-1896 (get_device)",
    "cuda_error_other",
    "the CUDA image started without `--gpus all` (no driver in the container): torch sees no CUDA device and get_device gives up",
    join(
        "==========",
        "== CUDA ==",
        "==========",
        "",
        "CUDA Version 12.9.1",
        "",
        "WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.",
        "   Use the NVIDIA Container Toolkit to start this container with GPU support; see",
        "   https://docs.nvidia.com/datacenter/cloud-native/ .",
        "",
        TB,
        tb(
            NGC,
            *LAUNCH_ARGS_056,
            ("server_args.py", 607, "__post_init__", "self._handle_missing_default_values()"),
            ("server_args.py", 695, "_handle_missing_default_values", "self.device = get_device()"),
            (
                "utils/common.py",
                1896,
                "get_device",
                'raise RuntimeError("No accelerator (CUDA, XPU, HPU) is available.")',
            ),
        ),
        "RuntimeError: No accelerator (CUDA, XPU, HPU) is available.",
    ),
)

case(
    "found_no_nvidia_driver_with_device_cuda",
    "0.5.2",
    "sglang-0.5.2 model_runner.py:594-603 (init_torch_distributed, Context warning); torch 2.8.0 cuda/__init__.py:569/412 (_cuda_init)",
    "cuda_error_other",
    "a pod scheduled on a node without the NVIDIA driver, `--device cuda` forced: CUDA init fails in the scheduler",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", device="cuda", tp_size=1, mem_fraction_static=0.88),
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Context: self.device='cuda' self.gpu_id=0 os.environ.get('CUDA_VISIBLE_DEVICES')='0' self.tp_rank=0 self.tp_size=1",
        sched_exc(
            5,
            None,
            NGC,
            SCHED_052
            + (
                (
                    "model_executor/model_runner.py",
                    240,
                    "__init__",
                    "min_per_gpu_memory = self.init_torch_distributed()",
                ),
                (
                    "model_executor/model_runner.py",
                    597,
                    "init_torch_distributed",
                    "torch.get_device_module(self.device).set_device(self.gpu_id)",
                ),
                ("+torch/cuda/__init__.py", 569, "set_device", "torch._C._cuda_setDevice(device)"),
                ("+torch/cuda/__init__.py", 412, "_lazy_init", "torch._C._cuda_init()"),
            ),
            "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx",
        ),
        "",
        sigquit(5),
    ),
)

# ------------------------------------------------------------------------------------------------------ oom_weights
case(
    "weights_sigkill_while_loading_tp2",
    "0.4.9.post2",
    "sglang-0.4.9.post2 entrypoints/engine.py:805-816 (`Rank {i} scheduler is dead`, `Exit code:`), model_runner.py:576-663",
    "oom_weights",
    "Llama-3.3-70B bf16 at TP2 on a 256 GB host: the kernel kills rank 0 half-way through the shards (exit code -9)",
    join(
        sargs(0, "meta-llama/Llama-3.3-70B-Instruct", device="cpu", tp_size=2, disable_overlap_schedule=True),
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        f"{ts(3, 'TP1')} Init torch distributed begin.",
        GLOO2,
        f"{ts(4, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4, 'TP1')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4, 'TP0')} Load weight begin. avail mem=246.83 GB",
        f"{ts(4, 'TP1')} Load weight begin. avail mem=246.83 GB",
        shards(30, 17),
        *dead_049(190, 0, -9),
    ),
)

case(
    "weights_sigkill_launcher_names_oom_killer",
    "0.5.10.post1",
    "sglang-0.5.10.post1 entrypoints/engine.py:1182-1220 (_scheduler_died_error), model_runner.py:1075",
    "oom_weights",
    "Qwen3-235B-A22B-FP8 on one 512 GB socket: SIGKILL during `Load weight`, the launcher points at the OOM killer",
    join(
        WARN_0510,
        sargs(0, "Qwen/Qwen3-235B-A22B-FP8", device="cpu", tp_size=1, disable_overlap_schedule=True),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(3)} Init torch distributed ends. elapsed=0.21 s, mem usage=0.00 GB",
        f"{ts(3)} Load weight begin. avail mem=498.40 GB",
        f"{ts(3)} Detected fp8 checkpoint.",
        shards(24, 19),
        died_0510(0, -9),
    ),
)

case(
    "weights_cpu_allocator_while_packing_for_amx",
    "0.5.6",
    "sglang-0.5.6 layers/quantization/unquant.py:121, layers/amx_utils.py:16/60 (convert_weight_packed), model_loader/loader.py:619; torch's DefaultCPUAllocator text",
    "oom_weights",
    "bf16 weights repacked for AMX after loading on a host with strict overcommit: the packed copy cannot be allocated",
    join(
        sargs(0, "Qwen/Qwen2.5-32B-Instruct", device="cpu", tp_size=2, disable_overlap_schedule=True),
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        f"{ts(3, 'TP1')} Init torch distributed begin.",
        GLOO2,
        f"{ts(4, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4, 'TP0')} Load weight begin. avail mem=61.87 GB",
        shards(17),
        sched_exc(
            128,
            "TP1",
            XEON,
            LOAD_056
            + (
                (
                    "layers/quantization/unquant.py",
                    121,
                    "process_weights_after_loading",
                    '_amx_process_weight_after_loading(layer, ["weight"])',
                ),
                (
                    "layers/amx_utils.py",
                    60,
                    "_amx_process_weight_after_loading",
                    "amx_process_weight_after_loading(weight_tensor),",
                ),
                (
                    "layers/amx_utils.py",
                    16,
                    "amx_process_weight_after_loading",
                    "return torch.ops.sgl_kernel.convert_weight_packed(weight)",
                ),
                ("+torch/_ops.py", 1243, "__call__", "return self._op(*args, **kwargs)"),
            ),
            "RuntimeError: [enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: not enough memory: you tried to allocate 283115520 bytes.",
        ),
        "",
        sigquit(128),
    ),
)

# ------------------------------------------------------------------------------------------------------ oom_kv_cache
case(
    "kv_pool_oom_killer_then_gloo_cascade",
    "0.4.9.post2",
    "sglang-0.4.9.post2 utils.py:403-405 (cpu avail mem = psutil available, per rank), tp_worker.py:142 / utils.py:1126 (broadcast_pyobj); sglang PR #9090 (CPU OOM when mem-fraction is not set); gloo pair.cc text; Linux OOM-killer line",
    "oom_kv_cache",
    "TP2 with the default mem_fraction_static=0.88: each rank sizes its pool from the whole host, the kernel kills TP1 while it fills its pool; TP0's next gloo call sees the peer gone",
    join(
        "Mar 02 10:00:00 spr-2s sglang[7311]: "
        + sargs(0, "meta-llama/Llama-3.1-8B-Instruct", device="cpu", tp_size=2, mem_fraction_static=0.88),
        f"Mar 02 10:00:38 spr-2s sglang[7311]: {ts(38, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=967.52 GB, mem usage=8.09 GB.",
        f"Mar 02 10:00:38 spr-2s sglang[7311]: {ts(38, 'TP1')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=959.43 GB, mem usage=8.09 GB.",
        "Mar 02 10:01:09 spr-2s kernel: Out of memory: Killed process 7342 (sglang::schedul) total-vm:512733488kB, anon-rss:461833216kB, file-rss:86016kB, shmem-rss:8192kB, UID:0 pgtables:903412kB oom_score_adj:0",
        "Mar 02 10:01:09 spr-2s systemd[1]: sglang.service: A process of this unit has been killed by the OOM killer.",
        f"Mar 02 10:01:18 spr-2s sglang[7311]: {ts(78, 'TP0')} KV Cache is allocated. #tokens: 13017088, K size: 397.25 GB, V size: 397.25 GB",
        f"Mar 02 10:01:19 spr-2s sglang[7311]: {ts(79, 'TP0')} Memory pool end. avail mem=171.38 GB",
        "Mar 02 10:01:19 spr-2s sglang[7311]: "
        + sched_exc(
            79,
            "TP0",
            FORGE,
            SCHED_049
            + (
                ("managers/tp_worker.py", 142, "__init__", "self.random_seed = broadcast_pyobj("),
                ("utils.py", 1126, "broadcast_pyobj", "dist.broadcast(tensor_size, src=src, group=dist_group)"),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                ("+torch/distributed/distributed_c10d.py", 2824, "broadcast", "work.wait()"),
            ),
            "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [127.0.0.1]:25807",
        ),
        f"Mar 02 10:01:19 spr-2s sglang[7311]: {ts(79)} Received sigquit from a child process. It usually means the child failed.",
        "Mar 02 10:01:20 spr-2s systemd[1]: sglang.service: Main process exited, code=killed, status=9/KILL",
        "Mar 02 10:01:20 spr-2s systemd[1]: sglang.service: Failed with result 'oom-kill'.",
    ),
)

case(
    "kv_pool_cpu_allocator_strict_overcommit",
    "0.5.2",
    "sglang-0.5.2 model_runner.py:378/1464, mem_cache/memory_pool.py:435/450-451 (per-layer torch.zeros on the cpu device); torch's DefaultCPUAllocator text",
    "oom_kv_cache",
    "vm.overcommit_memory=2: the per-layer K buffer of the profiled pool cannot be committed, right after the weights",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-7B-Instruct",
            device="cpu",
            tp_size=1,
            mem_fraction_static=0.9,
            disable_overlap_schedule=True,
        ),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(3)} Detected the current machine has 2 numa nodes available, but tp_size is set to 1, so only 1 numa nodes are used.",
        f"{ts(3)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(3)} Load weight begin. avail mem=238.74 GB",
        shards(4),
        f"{ts(31)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=223.52 GB, mem usage=15.22 GB.",
        sched_exc(
            33,
            None,
            FORGE,
            SCHED_052
            + (
                ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 378, "initialize", "self.init_memory_pool("),
                (
                    "model_executor/model_runner.py",
                    1464,
                    "init_memory_pool",
                    "self.token_to_kv_pool = MHATokenToKVPool(",
                ),
                ("mem_cache/memory_pool.py", 435, "__init__", "self._create_buffers()"),
                ("mem_cache/memory_pool.py", 450, "_create_buffers", "self.k_buffer = ["),
            ),
            "RuntimeError: [enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: not enough memory: you tried to allocate 3512467456 bytes.",
        ),
        "",
        sigquit(33),
    ),
)

case(
    "kv_pool_not_enough_memory_low_fraction",
    "0.5.6",
    "sglang-0.5.6 model_runner.py:509/1748-1752 (init_memory_pool)",
    "oom_kv_cache",
    "`--mem-fraction-static 0.3` for a 70B bf16 model at TP2: the static budget is spent on weights, no token fits",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.3-70B-Instruct",
            device="cpu",
            tp_size=2,
            mem_fraction_static=0.3,
            disable_overlap_schedule=True,
        ),
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        f"{ts(3, 'TP1')} Init torch distributed begin.",
        GLOO2,
        f"{ts(4, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(4, 'TP0')} Load weight begin. avail mem=251.70 GB",
        shards(30),
        f"{ts(220, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=185.92 GB, mem usage=65.78 GB.",
        sched_exc(
            221,
            "TP0",
            XEON,
            INIT_056
            + (
                ("model_executor/model_runner.py", 509, "initialize", "self.init_memory_pool("),
                ("model_executor/model_runner.py", 1749, "init_memory_pool", "raise RuntimeError("),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.3",
        ),
        "",
        sigquit(221),
    ),
)

case(
    "kv_pool_sigkill_tp_above_numa_nodes",
    "0.5.10.post1",
    "sglang-0.5.10.post1 model_runner.py:2598-2610 (TP size larger than numa node number warning), engine.py:1182-1220; docs CPU servers (set --max-total-tokens with SGLANG_CPU_OMP_THREADS_BIND)",
    "oom_kv_cache",
    "TP4 bound to four core ranges of a two-node host without --max-total-tokens: each rank's pool assumes more RAM than it has, rank 2 is killed filling its pool",
    join(
        WARN_0510,
        sargs(0, "Qwen/Qwen3-32B", device="cpu", tp_size=4, disable_overlap_schedule=True),
        *[
            f"{ts(3, f'TP{r}')} TP size (4)is larger than numa node number (2), in this case the available memory amount of each rank cannot be determined in prior. Please set proper `--max-total-tokens` to avoid the out-of-memory error."
            for r in range(4)
        ],
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP0')} Init torch distributed ends. elapsed=0.84 s, mem usage=0.00 GB",
        f"{ts(5, 'TP0')} Load weight begin. avail mem=251.12 GB",
        shards(17),
        f"{ts(130, 'TP0')} Load weight end. elapsed=125.02 s, type=Qwen3ForCausalLM, avail mem=234.40 GB, mem usage=16.72 GB.",
        f"{ts(141, 'TP0')} KV Cache is allocated. #tokens: 3153920, K size: 96.25 GB, V size: 96.25 GB",
        f"{ts(141, 'TP1')} KV Cache is allocated. #tokens: 3153920, K size: 96.25 GB, V size: 96.25 GB",
        died_0510(2, -9),
    ),
)

# ------------------------------------------------------------------------------------------------------ oom_runtime
case(
    "runtime_cpu_allocator_on_long_prefill",
    "0.5.6",
    "sglang-0.5.6 scheduler.py:2679/980/2034, models/qwen2.py:96/256/362/495, layers/linear.py:429, quantization/unquant.py:133 (weight_packed_linear); torch's DefaultCPUAllocator text",
    "oom_runtime",
    "a ready server with `--chunked-prefill-size -1` takes a 120k-token prompt; the MLP activation of the whole prompt does not fit in RAM",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-7B-Instruct-1M",
            device="cpu",
            tp_size=1,
            chunked_prefill_size=-1,
            disable_overlap_schedule=True,
        ),
        f"{ts(31)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=226.03 GB, mem usage=15.23 GB.",
        f"{ts(33)} KV Cache is allocated. #tokens: 3178496, K size: 84.88 GB, V size: 84.88 GB",
        f"{ts(33)} Memory pool end. avail mem=55.66 GB",
        f"{ts(34)} max_total_num_tokens=3178496, chunked_prefill_size=-1, max_prefill_tokens=16384, max_running_requests=4096, context_len=1010000, available_cpu_mem=55.66 GB",
        ready(35),
        f"{ts(36)} Prefill batch, #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        fired(37),
        f'{ts(60)} INFO:     10.2.0.14:51022 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(90)} Prefill batch, #new-seq: 1, #new-token: 121877, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        sched_exc(
            94,
            None,
            XEON,
            LOOP_056
            + (
                ("models/qwen2.py", 256, "forward", "hidden_states = self.mlp(hidden_states)"),
                ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("models/qwen2.py", 96, "forward", "gate_up, _ = self.gate_up_proj(x)"),
                ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("layers/linear.py", 429, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
                ("layers/quantization/unquant.py", 133, "apply", "output = torch.ops.sgl_kernel.weight_packed_linear("),
                ("+torch/_ops.py", 1243, "__call__", "return self._op(*args, **kwargs)"),
            ),
            "RuntimeError: [enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: not enough memory: you tried to allocate 9235351552 bytes.",
        ),
        "",
        sigquit(94),
    ),
)

case(
    "runtime_oom_killer_after_ready_journald",
    "0.5.2",
    "sglang-0.5.2 scheduler_metrics_mixin.py:199-230 (decode line with `cpu graph:`); Linux OOM-killer line; systemd unit-result lines",
    "oom_runtime",
    "a CPU server serving for hours; a co-located batch job grows and the kernel kills the scheduler (no Python traceback)",
    join(
        "Mar 02 10:00:00 xeon-9 sglang[6120]: "
        + sargs(0, "meta-llama/Llama-3.1-8B-Instruct", device="cpu", tp_size=1, max_total_tokens=262144),
        f"Mar 02 10:00:35 xeon-9 sglang[6120]: {ts(35)} max_total_num_tokens=262144, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=2048, context_len=131072, available_cpu_mem=201.17 GB",
        *[f"Mar 02 10:00:36 xeon-9 sglang[6120]: {line}" for line in ready(36)],
        *[f"Mar 02 10:00:38 xeon-9 sglang[6120]: {line}" for line in fired(38)],
        "Mar 02 13:41:07 xeon-9 sglang[6120]: [2026-03-02 13:41:07] Decode batch. #running-req: 12, #token: 40122, token usage: 0.15, cpu graph: False, gen throughput (token/s): 96.41, #queue-req: 0, ",
        "Mar 02 13:41:09 xeon-9 sglang[6120]: [2026-03-02 13:41:09] Decode batch. #running-req: 12, #token: 40602, token usage: 0.15, cpu graph: False, gen throughput (token/s): 95.87, #queue-req: 0, ",
        "Mar 02 13:41:12 xeon-9 kernel: java invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0",
        "Mar 02 13:41:12 xeon-9 kernel: Out of memory: Killed process 6151 (sglang::schedul) total-vm:268810204kB, anon-rss:243388812kB, file-rss:70120kB, shmem-rss:4096kB, UID:1001 pgtables:479460kB oom_score_adj:0",
        "Mar 02 13:41:12 xeon-9 systemd[1]: sglang.service: A process of this unit has been killed by the OOM killer.",
        "Mar 02 13:41:12 xeon-9 systemd[1]: sglang.service: Failed with result 'oom-kill'.",
        "Mar 02 13:41:12 xeon-9 systemd[1]: sglang.service: Consumed 3h 12min 40.118s CPU time.",
    ),
)

# ------------------------------------------------------------------------------------------------------ nccl_or_distributed
case(
    "gloo_connect_full_mesh_two_nodes",
    "0.5.6",
    "sglang-0.5.6 model_runner.py:645-646 (backend gloo on cpu) / 682, parallel_state.py:1525; sglang#3226 (ProcessGroupGloo.cpp connectFullMesh line)",
    "nccl_or_distributed",
    "TP across two CPU nodes (`--nnodes 2 --dist-init-addr`): the store is reached but the gloo pairs cannot connect",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1-Distill-Llama-70B",
            device="cpu",
            tp_size=4,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.8.11:5000",
        ),
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        f"{ts(3, 'TP1')} Init torch distributed begin.",
        "[rank1]:[E302 10:00:09.462118302 ProcessGroupGloo.cpp:143] Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:144] no error",
        sched_exc(
            9,
            "TP1",
            XEON,
            PG_056
            + (
                (
                    "+torch/distributed/distributed_c10d.py",
                    1741,
                    "init_process_group",
                    "default_pg, _ = _new_process_group_helper(",
                ),
                (
                    "+torch/distributed/distributed_c10d.py",
                    1985,
                    "_new_process_group_helper",
                    "backend_class = ProcessGroupGloo(",
                ),
            ),
            "RuntimeError: Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:144] no error",
        ),
        "",
        sigquit(9),
    ),
)

case(
    "gloo_peer_closed_during_decode",
    "0.5.6",
    "sglang-0.5.6 distributed/parallel_state.py:563-568 (cpu all_reduce falls back to torch.distributed on gloo without AMX), layers/linear.py:1385, models/qwen2.py:188/248",
    "nccl_or_distributed",
    "TP2 on a non-AMX Xeon serves, then rank 0's gloo all-reduce finds its peer gone; nothing else in the log",
    join(
        sargs(0, "Qwen/Qwen2.5-14B-Instruct", device="cpu", tp_size=2, disable_overlap_schedule=True),
        f"{ts(0)} {NO_AMX}",
        f"{ts(3, 'TP0')} {NO_SHM}",
        f"{ts(3, 'TP1')} {NO_SHM}",
        GLOO2,
        f"{ts(60, 'TP0')} max_total_num_tokens=1048576, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_cpu_mem=80.12 GB",
        ready(61),
        fired(66),
        f"{ts(120, 'TP0')} Decode batch, #running-req: 4, #token: 3120, token usage: 0.00, cpu graph: False, gen throughput (token/s): 11.62, #queue-req: 0, ",
        sched_exc(
            131,
            "TP0",
            XEON,
            LOOP_056
            + (
                ("models/qwen2.py", 248, "forward", "hidden_states = self.self_attn("),
                ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("models/qwen2.py", 188, "forward", "output, _ = self.o_proj(attn_output)"),
                ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("layers/linear.py", 1385, "forward", "output = tensor_model_parallel_all_reduce(output_parallel)"),
                (
                    "distributed/communication_op.py",
                    13,
                    "tensor_model_parallel_all_reduce",
                    "return get_tp_group().all_reduce(input_)",
                ),
                (
                    "distributed/parallel_state.py",
                    567,
                    "all_reduce",
                    "torch.distributed.all_reduce(input_, group=self.device_group)",
                ),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                ("+torch/distributed/distributed_c10d.py", 2953, "all_reduce", "work.wait()"),
            ),
            "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [127.0.0.1]:41377",
        ),
        "",
        sigquit(131),
    ),
)

case(
    "store_timeout_second_node_never_joined",
    "0.5.2",
    "sglang-0.5.2 model_runner.py:646, parallel_state.py:1353; torch TCPStore's wait-for-workers text",
    "nccl_or_distributed",
    "node 0 of a two-node CPU TP waits for node 1 (whose launch failed elsewhere) until the store times out",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-70B-Instruct",
            device="cpu",
            tp_size=4,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.8.11:5000",
            dist_timeout=600,
        ),
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        f"{ts(3, 'TP1')} Init torch distributed begin.",
        sched_exc(
            603,
            "TP0",
            FORGE,
            SCHED_052
            + (
                (
                    "model_executor/model_runner.py",
                    240,
                    "__init__",
                    "min_per_gpu_memory = self.init_torch_distributed()",
                ),
                ("model_executor/model_runner.py", 646, "init_torch_distributed", "init_distributed_environment("),
                (
                    "distributed/parallel_state.py",
                    1353,
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
                ("+torch/distributed/rendezvous.py", 278, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
                ("+torch/distributed/rendezvous.py", 198, "_create_c10d_store", "return TCPStore("),
            ),
            "torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 2/4 clients joined.",
        ),
        "",
        sigquit(603),
    ),
)

case(
    "shm_allreduce_segments_collide_watchdog",
    "0.5.10.post1",
    "sglang PR #37179 (shm.cpp names /dev/shm segments from MASTER_ADDR/MASTER_PORT: two engines on one host share them, decode hangs until the watchdog); sglang-0.5.10.post1 utils/watchdog.py:124-163, utils/common.py:2267-2278 (py-spy dump)",
    "nccl_or_distributed",
    "a second TP2 CPU engine on the same host: both map the same shm all-reduce segments, decode spins in the shm wait until the watchdog sends SIGQUIT",
    join(
        WARN_0510,
        sargs(
            0, "meta-llama/Llama-3.2-3B-Instruct", device="cpu", tp_size=2, port=30001, disable_overlap_schedule=True
        ),
        f"{ts(40, 'TP0')} max_total_num_tokens=917504, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_cpu_mem=118.20 GB",
        ready(41, port=30001),
        fired(43),
        f"{ts(50, 'TP0')} Decode batch, #running-req: 8, #token: 2304, token usage: 0.00, cpu graph: False, gen throughput (token/s): 142.07, #queue-req: 0, ",
        f"{ts(353, 'TP0')} Scheduler debug info:\nscheduler.cur_batch.batch_size()=8\nscheduler.cur_batch.reqs=[Req(rid=4f1c0a77d3b84a0c9e1b2d6f0c3a9e15, input_ids=[128000, 128006, 9125, 128007, 271], output_ids=[40, 1097, 264], self.grammar=None, self.sampling_params=SamplingParams(max_new_tokens=512, temperature=0.7)), ...]\nself.max_total_num_tokens=917504, available_size=914944, evictable_size=256, protected_size=2304, session_held=0",
        f"{ts(353, 'TP0')} Pyspy dump for PID 3821:",
        "Process 3821: sglang::scheduler_TP0",
        "Python v3.12.3 (/opt/.venv/bin/python3.12)",
        "",
        'Thread 3821 (active): "MainThread"',
        "    wait_buffer_state_until_2 (shm.cpp:96)",
        "    symmetric_naive_all_reduce (shm.cpp:229)",
        "    all_reduce_outer_loop (shm.cpp:312)",
        "    shm_allreduce (interface.cpp:74)",
        "    __call__ (torch/_ops.py:1243)",
        "    all_reduce (sglang/srt/distributed/parallel_state.py:612)",
        "    tensor_model_parallel_all_reduce (sglang/srt/distributed/communication_op.py:13)",
        "    forward (sglang/srt/layers/linear.py:1402)",
        "    forward (sglang/srt/models/llama.py:190)",
        "    forward_decode (sglang/srt/model_executor/model_runner.py:2791)",
        "    event_loop_normal (sglang/srt/managers/scheduler.py:1180)",
        "    run_scheduler_process (sglang/srt/managers/scheduler.py:3612)",
        f"{ts(353, 'TP0')} Scheduler watchdog timeout (self.watchdog_timeout=300, self.soft=False)",
        "",
        "",
        sigquit(358),
    ),
)

# ------------------------------------------------------------------------------------------------------ port_in_use
case(
    "dist_init_port_in_use",
    "0.5.6",
    "sglang-0.5.6 model_runner.py:682, parallel_state.py:1525; torch TCPStore (libuv) bind-failure text",
    "port_in_use",
    "node 0's `--dist-init-addr` port is still held by a previous run that did not exit",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-70B-Instruct",
            device="cpu",
            tp_size=4,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.8.11:29500",
        ),
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        sched_exc(
            3,
            "TP0",
            XEON,
            PG_056
            + (
                (
                    "+torch/distributed/distributed_c10d.py",
                    1710,
                    "init_process_group",
                    "store, rank, world_size = next(rendezvous_iterator)",
                ),
                ("+torch/distributed/rendezvous.py", 278, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
                ("+torch/distributed/rendezvous.py", 198, "_create_c10d_store", "return TCPStore("),
            ),
            "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 29500, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        ),
        "",
        sigquit(3),
    ),
)

case(
    "http_port_in_use_after_cpu_load",
    "0.4.9.post2",
    "uvicorn's bind error under SGLang's log format; sglang-0.4.9.post2 scheduler.py:396-405 (CPU start-up lines)",
    "port_in_use",
    "a second CPU server on :30000 loads its weights, then uvicorn cannot bind",
    join(
        sargs(0, "meta-llama/Llama-3.2-3B-Instruct", device="cpu", tp_size=1, port=30000),
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(3)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(3)} Load weight begin. avail mem=118.42 GB",
        shards(2),
        f"{ts(18)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=112.40 GB, mem usage=6.02 GB.",
        f"{ts(20)} KV Cache is allocated. #tokens: 832000, K size: 44.43 GB, V size: 44.43 GB",
        f"{ts(20)} Memory pool end. avail mem=22.96 GB",
        f"{ts(21)} max_total_num_tokens=832000, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=22.96 GB",
        f"{ts(22)} INFO:     Started server process [5512]",
        f"{ts(22)} INFO:     Waiting for application startup.",
        f"{ts(22)} INFO:     Application startup complete.",
        f"{ts(22)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{ts(22)} INFO:     Waiting for application shutdown.",
        f"{ts(22)} INFO:     Application shutdown complete.",
    ),
)

# ------------------------------------------------------------------------------------------------------ healthy
case(
    "healthy_047_cpu_server_with_import_noise",
    "0.4.7",
    "sglang#7547 (the reporter's CPU server: vLLM platform line, deepgemm, triton `0 active drivers`, `Can not import sgl_kernel`); sglang-0.4.7 layers/layernorm.py:192, triton_ops/decode_attention.py:35-37",
    "healthy",
    "a small model on a laptop-class CPU: every kernel library complains on import, the triton warning says to ignore an error, and it serves",
    join(
        "INFO 03-02 10:00:00 [__init__.py:239] Automatically detected platform cpu.",
        "2026-03-02 10:00:01,402 - _logger.py - sglang.srt.layers.quantization.deep_gemm - WARNING - Failed to import deepgemm, disable _ENABLE_JIT_DEEPGEMM.",
        sargs(1, "Qwen/Qwen2.5-0.5B-Instruct", device="cpu", tp_size=1, mem_fraction_static=0.88),
        f"{ts(9)} sgl-kernel layernorm implementation is not available on current platform. Fallback to other kernel libraries.",
        f"{ts(10)} Ignore import error when loading sglang.srt.models.grok. 0 active drivers ([]). There should only be one.",
        f"{ts(10)} Ignore import error when loading sglang.srt.models.internvl. Can not import sgl_kernel. Please check your installation.",
        f"{ts(11)} Load weight begin. avail mem=27.42 GB",
        shards(1),
        f"{ts(13)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=26.41 GB, mem usage=1.01 GB.",
        f"{ts(15)} KV Cache is allocated. #tokens: 1848320, K size: 10.57 GB, V size: 10.57 GB",
        f"{ts(15)} Memory pool end. avail mem=3.21 GB",
        f"{ts(15)} The following error message 'operation scheduled before its operands' can be ignored.",
        f"{ts(17)} max_total_num_tokens=1848320, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768, available_gpu_mem=3.21 GB",
        ready(18),
        f"{ts(19)} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        fired(21),
        f"{ts(40)} Prefill batch. #new-seq: 1, #new-token: 31, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f"{ts(44)} Decode batch. #running-req: 1, #token: 64, token usage: 0.00, cuda graph: False, gen throughput (token/s): 14.83, #queue-req: 0",
        f'{ts(47)} INFO:     127.0.0.1:51332 - "POST /generate HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_056_non_amx_xeon_fallbacks",
    "0.5.6",
    "sglang-0.5.6 server_args.py:1432-1439, model_runner.py:663-679 / 2517-2520, amx_utils.py:52-55 (prepacking warning); sglang#8093 / #11044",
    "healthy",
    "TP1 on a Cascade Lake Xeon: the AMX fallback, the disabled shm all-reduce, one NUMA node unused; it serves (slowly)",
    join(
        sargs(0, "meta-llama/Llama-3.2-3B-Instruct", device="cpu", tp_size=1, disable_overlap_schedule=True),
        f"{ts(0)} {NO_AMX}",
        f"{ts(3)} Detected the current machine has 2 numa nodes available, but tp_size is set to 1, so only 1 numa nodes are used.",
        f"{ts(3)} Init torch distributed begin.",
        f"{ts(3)} {NO_SHM}",
        f"{ts(3)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(3)} Load weight begin. avail mem=92.51 GB",
        shards(2),
        f"{ts(20)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=86.49 GB, mem usage=6.02 GB.",
        f"{ts(22)} KV Cache is allocated. #tokens: 606208, K size: 32.38 GB, V size: 32.38 GB",
        f"{ts(22)} Memory pool end. avail mem=10.97 GB",
        f"{ts(23)} max_total_num_tokens=606208, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_cpu_mem=10.97 GB",
        ready(24),
        f"{ts(26)} Prefill batch, #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        fired(28),
        f"{ts(70)} Decode batch, #running-req: 3, #token: 1152, token usage: 0.00, cpu graph: False, gen throughput (token/s): 9.84, #queue-req: 0, ",
        f'{ts(74)} INFO:     10.2.0.14:40122 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_0510_amx_docker_loader_and_numa_warnings",
    "0.5.10.post1",
    "sgl-kernel csrc/cpu/numa_utils.cpp (TORCH_WARN `numa_migrate_pages failed. errno:`); docs CPU servers (LD_PRELOAD of libiomp5 / tcmalloc); sglang-0.5.10.post1 layers/amx_utils.py (prepacking warning), cpu_graph_runner capture lines",
    "healthy",
    "an AMX Xeon in docker without --privileged: the loader cannot preload a library, page migration is not permitted, one weight is not prepacked; it compiles the CPU graph and serves",
    join(
        "ERROR: ld.so: object '/opt/.venv/lib/libiomp5.so' from LD_PRELOAD cannot be preloaded (cannot open shared object file): ignored.",
        WARN_0510,
        sargs(
            0,
            "Qwen/Qwen2.5-VL-7B-Instruct",
            device="cpu",
            tp_size=2,
            enable_torch_compile=True,
            torch_compile_max_bs=4,
            disable_overlap_schedule=True,
        ),
        "ERROR: ld.so: object '/opt/.venv/lib/libiomp5.so' from LD_PRELOAD cannot be preloaded (cannot open shared object file): ignored.",
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        f"{ts(3, 'TP1')} Init torch distributed begin.",
        "[W302 10:00:03.601124889 numa_utils.cpp:47] Warning: 0numa_migrate_pages failed. errno: 1 (function init_cpu_threads_env)",
        "[W302 10:00:03.601877310 numa_utils.cpp:47] Warning: 0numa_migrate_pages failed. errno: 1 (function init_cpu_threads_env)",
        GLOO2,
        f"{ts(4, 'TP0')} Init torch distributed ends. elapsed=0.93 s, mem usage=0.00 GB",
        f"{ts(4, 'TP0')} Load weight begin. avail mem=251.48 GB",
        shards(5),
        f"{ts(41, 'TP0')} Unsupported dimension for prepacking for weight 'weight' with shape torch.Size([1710, 1280]) in ColumnParallelLinear(in_features=1280, output_features=1710, bias=True, tp_size=2, gather_output=False). The derived (OC, IC) dimensions must be divisible by (16, 32). ",
        f"{ts(41, 'TP0')} Load weight end. elapsed=37.11 s, type=Qwen2_5_VLForConditionalGeneration, avail mem=243.10 GB, mem usage=8.38 GB.",
        f"{ts(43, 'TP0')} KV Cache is allocated. #tokens: 7413760, K size: 98.98 GB, V size: 98.98 GB",
        f"{ts(43, 'TP0')} Memory pool end. avail mem=45.05 GB",
        f"{ts(43, 'TP0')} Capture cpu graph begin. This can take up to several minutes. avail mem=45.05 GB",
        f"{ts(43, 'TP0')} Capture cpu graph bs [1, 2, 3, 4]",
        f"{ts(131, 'TP0')} Capture cpu graph end. Time elapsed: 88.02 s. mem usage=0.61 GB. avail mem=44.44 GB.",
        f"{ts(132, 'TP0')} max_total_num_tokens=7413760, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=128000, available_cpu_mem=44.44 GB",
        ready(133),
        fired(137),
        f"{ts(160, 'TP0')} Decode batch, #running-req: 4, #token: 2380, token usage: 0.00, cpu graph: True, gen throughput (token/s): 61.30, #queue-req: 0, ",
    ),
)

case(
    "healthy_056_retract_under_load_tp_above_numa",
    "0.5.6",
    "sglang-0.5.6 model_runner.py:2528-2533 (TP size larger than numa node warning) / 1722-1729 (max_total_tokens larger than profiled), scheduler.py:1925-1929 (retract), scheduler_metrics_mixin.py (decode line)",
    "healthy",
    "TP4 bound across two NUMA nodes with a generous --max-total-tokens: warnings at start, then a pool at 1.00 with retraction and a queue, all requests answered",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            device="cpu",
            tp_size=4,
            max_total_tokens=400000,
            disable_overlap_schedule=True,
        ),
        *[
            f"{ts(3, f'TP{r}')} TP size (4)is larger than numa node number (2), in this case the available memory amount of each rank cannot be determined in prior. Please set proper `--max-total-tokens` to avoid the out-of-memory error."
            for r in range(4)
        ],
        f"{ts(39, 'TP0')} max_total_tokens=400000 is larger than the profiled value 131072. Use the profiled value instead.",
        f"{ts(39, 'TP0')} KV Cache is allocated. #tokens: 131072, K size: 2.00 GB, V size: 2.00 GB",
        f"{ts(40, 'TP0')} max_total_num_tokens=131072, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=2048, context_len=131072, available_cpu_mem=1.84 GB",
        ready(41),
        fired(44),
        f"{ts(300, 'TP0')} Decode batch, #running-req: 61, #token: 130211, token usage: 0.99, cpu graph: False, gen throughput (token/s): 211.40, #queue-req: 37, ",
        f"{ts(302, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 3, #new_token_ratio: 0.4127 -> 0.7000",
        f"{ts(305, 'TP0')} Decode batch, #running-req: 58, #token: 131040, token usage: 1.00, cpu graph: False, gen throughput (token/s): 203.72, #queue-req: 40, ",
        f"{ts(311, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 1, #new_token_ratio: 0.6931 -> 0.8000",
        f'{ts(312)} INFO:     10.2.0.14:40510 - "POST /v1/completions HTTP/1.1" 200 OK',
        f"{ts(330, 'TP0')} Prefill batch, #new-seq: 4, #new-token: 4096, #cached-token: 512, token usage: 0.88, #running-req: 54, #queue-req: 36, ",
        f"{ts(336, 'TP0')} Decode batch, #running-req: 58, #token: 118204, token usage: 0.90, cpu graph: False, gen throughput (token/s): 207.95, #queue-req: 33, ",
    ),
)

case(
    "healthy_052_gloo_chatter_and_truncated_inputs",
    "0.5.2",
    "sglang-0.5.2 managers/tokenizer_manager.py:442-449 (auto-truncate warning), serving_chat.py:680-681 (ValueError -> 400, no log); gloo's connected-peers line",
    "healthy",
    "TP2 across both sockets: gloo's connection chatter, over-long prompts truncated or refused with 400; the server keeps serving",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-7B-Instruct",
            device="cpu",
            tp_size=2,
            allow_auto_truncate=True,
            disable_overlap_schedule=True,
        ),
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        f"{ts(3, 'TP1')} Init torch distributed begin.",
        GLOO2,
        GLOO2,
        f"{ts(4, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(30, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=243.80 GB, mem usage=7.61 GB.",
        f"{ts(32, 'TP0')} KV Cache is allocated. #tokens: 7340032, K size: 98.00 GB, V size: 98.00 GB",
        f"{ts(32, 'TP0')} Memory pool end. avail mem=47.41 GB",
        f"{ts(33, 'TP0')} max_total_num_tokens=7340032, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_cpu_mem=47.41 GB",
        ready(34),
        fired(36),
        f"{ts(90)} The input (40213 tokens) is longer than the model's context length (32768 tokens). Truncating the input.",
        f"{ts(91, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 4096, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f'{ts(92)} INFO:     10.2.0.31:53318 - "POST /v1/chat/completions HTTP/1.1" 400 Bad Request',
        f'{ts(95)} INFO:     10.2.0.31:53320 - "POST /v1/chat/completions HTTP/1.1" 400 Bad Request',
        f"{ts(140, 'TP0')} Decode batch. #running-req: 2, #token: 33060, token usage: 0.00, cpu graph: False, gen throughput (token/s): 18.24, #queue-req: 0, ",
        f'{ts(151)} INFO:     10.2.0.31:53314 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)


# ------------------------------------------------------------------------------------------------------ tests
XFAIL: dict[str, str] = {
    "kv_pool_oom_killer_then_gloo_cascade": "oom_cuda_graph",
    "kv_pool_sigkill_tp_above_numa_nodes": "nccl_or_distributed",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_cpuonly_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {
    "flashinfer_attention_backend_on_cpu": "cuda_error_other",
    "kv_pool_oom_killer_then_gloo_cascade": "oom_cuda_graph",
    "kv_pool_sigkill_tp_above_numa_nodes": "nccl_or_distributed",
    "sched_setaffinity_outside_cpuset": "nccl_or_distributed",
}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_cpuonly_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
