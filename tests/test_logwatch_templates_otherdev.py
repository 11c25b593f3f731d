"""SGLang on devices other than NVIDIA and AMD GPUs (0.4.6.post5-0.5.6), as it shows in the log (a helper, blind).

Scope: the CPU backend (`--device cpu`: the NUMA binding asserts on `SGLANG_CPU_OMP_THREADS_BIND`, sgl-kernel's CPU ops
missing from a CUDA build of sgl-kernel, a CUDA-only sgl-kernel op dispatched with CPU tensors, torch's
`DefaultCPUAllocator` running out while loading weights / allocating the KV pool / capturing the CPU graph with
torch.compile, 0.5.4's `Not enough memory` for the pool, gloo losing a peer across TP ranks), Intel XPU (`--device xpu`:
torch built without XCCL, oneCCL failing to start its workers, `XPU out of memory` while loading weights and while
serving, Level Zero losing the device), Intel Gaudi HPU (`hl-smi error: /bin/sh: 1: hl-smi: not found`, `PT_DEVMEM Allocation failed` while loading
weights, xgrammar's `Unsupported device: hpu` at the first structured request), Ascend NPU (`--device npu` with
torch_npu: `torch_npu is required`, HCCL's `hcclCommInitRootInfoConfig` failing, `NPU out of memory` while loading W8A8
weights / allocating the Ascend KV pool / capturing the NPU graph / serving, the ACL graph capture failing on its own
(`AclmdlRICaptureEnd ... error code is 107033`) and a CANN op missing from libopapi.so during capture, both behind
SGLang's `Capture cuda graph failed` wrapper with its mem-fraction advice), Apple Silicon where 0.4.x refuses it (`No
accelerator (CUDA, XPU, HPU) is available.`). Five healthy contrasts that look alarming and go on: a CPU without AMX
(torch_native fallback, shared-memory AllReduce disabled, CUDA graph disabled), a CPU run with TP above the NUMA node
count (its warning ends "to avoid the out-of-memory error"), an XPU without XMX (triton fallback), Gaudi forcing
torch_native (graph disabled), an Ascend start with torch_npu's `Device do not support double dtype now` warnings and
the page-size override.

Sources: each SGLang message is copied from the named release's wheel (`pip download sglang==V`; file:line under
sglang/srt of that release; call paths read there: scheduler -> TpModelWorker -> ModelRunner -> init_threads_binding /
init_torch_distributed / load_model / init_memory_pool / init_device_graphs, and the run_batch -> sample path) or from
the library that prints it (torch's c10 CPU allocator, XPUCachingAllocator.cpp, distributed_c10d.py, the dispatcher's
NotImplementedError; gloo's tcp pair; torch_npu's HCCL / ACL / NPU allocator messages; Habana's PT_DEVMEM; Level Zero's
UR codes; oneCCL's exec.cpp) or from the public thread cited in `source`, format fields filled. Library line numbers
(torch, torch_npu, gloo internals) are approximate.

Labels by /work/shared/corpus/README.md, decided before the classifier ran, with the brief's mapping for other
devices: each device's out-of-memory is labelled by the phase it happens in, as on CUDA (weights -> oom_weights, the KV
pool or `Not enough memory` for it -> oom_kv_cache, graph capture -> oom_cuda_graph, after ready -> oom_runtime), whatever
the allocator calls itself (DefaultCPUAllocator, XPU, NPU, PT_DEVMEM); the device's collective library (gloo, oneCCL /
XCCL, HCCL) failing is nccl_or_distributed, XCCL absent from the torch build included (the fix is the communication
stack); the device runtime's own faults (Level Zero device lost, ACL graph capture errors, the driver tools missing, a
CANN runtime without the op the kernel calls) are cuda_error_other, as the CUDA family would be; asking a device for
what SGLang or its kernels do not support there (NUMA/TP binding, a CUDA-only op or a CUDA build of sgl-kernel on CPU,
xgrammar's device check, torch_npu not installed, no accelerator SGLang 0.4 knows) is config_error. Where SGLang's
graph-capture wrapper suggests lowering --mem-fraction-static but the inner error is not a memory error, the inner error
decides.

First sight: 24/31 (7 misses, strict xfails below; the five healthy contrasts all end `healthy` and fire no failure
event on the way). Misses: the host allocator's own words (`DefaultCPUAllocator: not enough memory`) are not read as
out-of-memory in any phase (weights -> config_error, KV pool and CPU graph capture -> cuda_error_other); Gaudi's
`PT_DEVMEM Allocation failed` while loading -> config_error; `hl-smi error: /bin/sh: 1: hl-smi: not found` ->
config_error (arguable: see its `why`); a CANN op missing from libopapi.so behind `Capture cuda graph failed` ->
config_error (arguable); Level Zero's `UR_RESULT_ERROR_DEVICE_LOST` -> config_error.
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
CPU_SITE = "/opt/conda/envs/sglang/lib/python3.12/site-packages"  # a conda env on a Xeon host
XPU_SITE = "/opt/venv/lib/python3.12/site-packages"
HPU_SITE = "/usr/local/lib/python3.10/dist-packages"  # the Gaudi docker images
NPU_SITE = "/usr/local/python3.11.13/lib/python3.11/site-packages"  # lmsysorg/sglang:*-cann8.2.* (sglang#14367)
MAC_SITE = "/Users/dev/sgl/.venv/lib/python3.11/site-packages"


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


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sargs(second: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def hit(second: int, rank: str, site: str, stack: tuple, error: str) -> str:
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{tb(site, *stack)}\n{error}"


def ready(second: int, port: int = 30000, pid: int = 5120) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:51874 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


# -- call paths, 0.5.4 (CPU, XPU, HPU cases) and 0.5.6 (NPU cases): line numbers read in each wheel
def runner(v: str) -> tuple:
    n = {"0.5.4": (2747, 311, 235), "0.5.6": (2653, 316, 245)}[v]
    return (
        ("managers/scheduler.py", n[0], "run_scheduler_process", "scheduler = Scheduler("),
        ("managers/scheduler.py", n[1], "__init__", "self.tp_worker = TpModelWorker("),
        ("managers/tp_worker.py", n[2], "__init__", "self._model_runner = ModelRunner("),
    )


def threads(v: str, assert_line: int) -> tuple:
    n = {"0.5.4": 302, "0.5.6": 341}[v]
    return runner(v) + (
        ("model_executor/model_runner.py", n, "__init__", "self.init_threads_binding()"),
        ("model_executor/model_runner.py", assert_line, "init_threads_binding", "assert self.tp_size <= n_numa_node, ("
         if assert_line in (2078, 2507) else "assert self.tp_size == len(threads_bind_list), ("),
    )  # fmt: skip


def dist(v: str) -> tuple:
    n = {"0.5.4": 305, "0.5.6": 344}[v]
    return runner(v) + (
        ("model_executor/model_runner.py", n, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
    )


def init(v: str) -> tuple:
    n = {"0.5.4": 318, "0.5.6": 361}[v]
    return runner(v) + (("model_executor/model_runner.py", n, "__init__", "self.initialize(min_per_gpu_memory)"),)


def load(v: str) -> tuple:
    n = {"0.5.4": (390, 887), "0.5.6": (436, 804)}[v]
    return init(v) + (
        ("model_executor/model_runner.py", n[0], "initialize", "self.load_model()"),
        ("model_executor/model_runner.py", n[1], "load_model", "self.model = get_model("),
        ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    )


def pool(v: str) -> tuple:
    n = {"0.5.4": 463, "0.5.6": 509}[v]
    return init(v) + (("model_executor/model_runner.py", n, "initialize", "self.init_memory_pool("),)


def graphs(v: str, runner_file: str, runner_line: int) -> tuple:
    n = {"0.5.4": (474, 2064), "0.5.6": (521, 2440)}[v]
    return init(v) + (
        ("model_executor/model_runner.py", n[0], "initialize", "self.init_device_graphs()"),
        ("model_executor/model_runner.py", n[1], "init_device_graphs", "self.graph_runner = graph_runners[self.device](self)"),
        (runner_file, runner_line, "__init__", "super().__init__(model_runner)" if "npu" in runner_file else "raise Exception("),
    )  # fmt: skip


def loop(v: str) -> tuple:
    n = {"0.5.4": (2747, 2769, 1009, 1921, 368, 2209), "0.5.6": (2653, 2677, 1036, 1999, 392, 2647)}[v]
    return (
        ("managers/scheduler.py", n[1], "run_scheduler_process", "scheduler.event_loop_overlap()"),
        ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
        ("managers/scheduler.py", n[2], "event_loop_overlap", "batch_result = self.run_batch(batch)"),
        ("managers/scheduler.py", n[3], "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
        ("managers/tp_worker.py", n[4], "forward_batch_generation", "logits_output, can_run_cuda_graph = self.model_runner.forward("),
        ("model_executor/model_runner.py", n[5], "forward", "output = self._forward_raw("),
    )  # fmt: skip


CPU_GRAPH_MSG = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --torch-compile-max-bs to a smaller value (e.g., 8)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
CUDA_GRAPH_MSG = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)


# -- start-up lines per device
def cpu_head(tp: int = 2, amx: bool = True, model: str = "Qwen/Qwen3-8B", **kw: object) -> list[str]:
    out = [
        f"{ts(0)} Intel AMX is detected, using CPU with Intel AMX support."
        if amx
        else f"{ts(0)} CPU device enabled, using torch native backend, low performance expected.",
        sargs(1, model, device="cpu", tp_size=tp, attention_backend="intel_amx", sampling_backend="pytorch", **kw),
    ]
    return out


def cpu_dist(tp: int = 2) -> list[str]:
    return [f"{ts(6, f'TP{r}')} Init torch distributed begin." for r in range(tp)]


def cpu_dist_end(tp: int = 2, avail: float = 243.18) -> list[str]:
    return [f"{ts(8, f'TP{r}')} Init torch distributed ends. mem usage=0.00 GB" for r in range(tp)] + [
        f"{ts(8, 'TP0')} Load weight begin. avail mem={avail:.2f} GB"
    ]


def npu_head(model: str, tp: int = 4, **kw: object) -> list[str]:
    return [
        f"{ts(0)} At this moment Ascend attention backend only supports a page_size of 128, change page_size to 128.",
        sargs(1, model, device="npu", tp_size=tp, attention_backend="ascend", page_size=128, **kw),
    ] + [f"{ts(9, f'TP{r}')} Init torch distributed begin." for r in range(tp)]


def npu_loaded(tp: int = 4, avail: float = 44.02, usage: float = 16.71, model: str = "Qwen3ForCausalLM") -> list[str]:
    out = [f"{ts(14, f'TP{r}')} Init torch distributed ends. mem usage=0.17 GB" for r in range(tp)]
    out += [f"{ts(14, 'TP0')} Load weight begin. avail mem=60.56 GB"]
    out += [
        f"{ts(52, 'TP0')} Load weight end. type={model}, dtype=torch.bfloat16, avail mem={avail:.2f} GB, mem usage={usage:.2f} GB."
    ]
    return out


# ============================================================================================= CPU (--device cpu)
case(
    "cpu_numa_unset_tp_above_nodes",
    "0.5.4",
    "sglang 0.5.4 model_executor/model_runner.py:2078 (init_threads_binding, SGLANG_CPU_OMP_THREADS_BIND unset)",
    "config_error",
    "tp_size 4 on a 2-NUMA-node Xeon with no SGLANG_CPU_OMP_THREADS_BIND: an argument/env combination SGLang refuses; the fix is -tp 2 or an explicit binding, not memory",
    join(
        cpu_head(tp=4),
        cpu_dist(tp=1),
        hit(
            6,
            "TP2",
            CPU_SITE,
            threads("0.5.4", 2078),
            "AssertionError: SGLANG_CPU_OMP_THREADS_BIND is not set, in this case, tp_size 4 should be smaller than or equal to number of numa node on the machine 2. "
            "If you need tp_size to be larger than number of numa node, please set the CPU cores for each tp rank via SGLANG_CPU_OMP_THREADS_BIND explicitly. "
            "For example, on a machine with 2 numa nodes, where core 0-31 are on numa node 0 and core 32-63 are on numa node 1, it is suggested to use -tp 2 and bind tp rank 0 to core 0-31 and tp rank 1 to core 32-63. "
            "This is the default behavior if SGLANG_CPU_OMP_THREADS_BIND is not set and it is the same as setting SGLANG_CPU_OMP_THREADS_BIND=0-31|32-63. "
            "If you do need tp_size to be larger than the number of numa nodes, you could set SGLANG_CPU_OMP_THREADS_BIND explicitly for example SGLANG_CPU_OMP_THREADS_BIND=0-15|16-31|32-47|48-63 and run with -tp 4. "
            "If you don't want each tp rank to use all the cores on one numa node, you could set for example SGLANG_CPU_OMP_THREADS_BIND=0-15|32-47 and run with -tp 2.",
        ),
        sigquit(6),
    ),
)

case(
    "cpu_threads_bind_misaligned_with_tp",
    "0.5.6",
    "sglang 0.5.6 model_executor/model_runner.py:2524 (init_threads_binding, SGLANG_CPU_OMP_THREADS_BIND set)",
    "config_error",
    "SGLANG_CPU_OMP_THREADS_BIND lists 2 core ranges for -tp 3: an env/argument mismatch, fixed by editing the binding",
    join(
        cpu_head(tp=3),
        hit(
            5,
            "TP1",
            CPU_SITE,
            threads("0.5.6", 2524),
            "AssertionError: SGLANG_CPU_OMP_THREADS_BIND setting must be aligned with TP size parameter (3). Please double check your settings.",
        ),
        sigquit(5),
    ),
)

case(
    "cpu_sgl_kernel_cuda_build_lacks_cpu_ops",
    "0.5.4",
    "sglang 0.5.4 model_executor/model_runner.py:749 (torch.ops.sgl_kernel.init_cpu_threads_env); torch/_ops.py _OpNamespace.__getattr__",
    "config_error",
    "the CUDA wheel of sgl-kernel on a CPU host has no CPU ops (init_cpu_threads_env): the wrong package build for the device, fixed by installing the CPU build",
    join(
        cpu_head(tp=2),
        cpu_dist(tp=2),
        hit(
            7,
            "TP0",
            CPU_SITE,
            dist("0.5.4")
            + (
                ("model_executor/model_runner.py", 749, "init_torch_distributed", "torch.ops.sgl_kernel.init_cpu_threads_env(self.local_omp_cpuid)"),
                ("+torch/_ops.py", 1286, "__getattr__", "raise AttributeError("),
            ),
            "AttributeError: '_OpNamespace' 'sgl_kernel' object has no attribute 'init_cpu_threads_env'",
        ),
        sigquit(7),
    ),
)  # fmt: skip

case(
    "cpu_cuda_only_op_dispatched_on_cpu",
    "0.5.4",
    "torch dispatcher NotImplementedError (c10/core/Dispatcher); sgl-kernel CUDA-only op reached from a fp8 checkpoint on --device cpu",
    "config_error",
    "an fp8 checkpoint on CPU reaches sgl_kernel's CUDA-only per-token-group quant op: 'not implemented for the CPU backend' = the quantization is unsupported on this device",
    join(
        cpu_head(tp=1, model="Qwen/Qwen3-8B-FP8", quantization="fp8"),
        cpu_dist(tp=1),
        cpu_dist_end(tp=1, avail=486.11),
        f"{ts(40, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=476.90 GB, mem usage=9.21 GB.",
        f"{ts(41, 'TP0')} KV Cache is allocated. #tokens: 65536, K size: 4.50 GB, V size: 4.50 GB",
        f"{ts(41, 'TP0')} Memory pool end. avail mem=467.85 GB",
        f"{ts(42, 'TP0')} max_total_num_tokens=65536, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_cpu_mem=467.85 GB",
        ready(43)[:4],
        hit(
            45,
            "TP0",
            CPU_SITE,
            loop("0.5.4")
            + (
                ("model_executor/model_runner.py", 2260, "_forward_raw", "ret = self.forward_extend("),
                ("layers/quantization/fp8_kernel.py", 467, "sglang_per_token_group_quant_fp8", "sgl_per_token_group_quant_fp8("),
                ("+sgl_kernel/gemm.py", 98, "sgl_per_token_group_quant_fp8", "torch.ops.sgl_kernel.sgl_per_token_group_quant_fp8.default("),
                ("+torch/_ops.py", 829, "__call__", "return self._op(*args, **kwargs)"),
            ),
            "NotImplementedError: Could not run 'sgl_kernel::sgl_per_token_group_quant_fp8' with arguments from the 'CPU' backend. This could be because the operator doesn't exist for this backend, or was omitted during the selective/custom build process (if using custom build). If you are a Facebook employee using PyTorch on mobile, please visit https://fburl.com/ptmobile to learn about a workaround for the error. 'sgl_kernel::sgl_per_token_group_quant_fp8' is only available for these backends: [CUDA, Meta, BackendSelect, Python, FuncTorchDynamicLayerBackMode, Functionalize, Named, Conjugate, Negative, ZeroTensor, ADInplaceOrView, AutogradOther, AutogradCPU, AutogradCUDA, AutogradXLA, AutogradMPS, AutogradXPU, AutogradHPU, AutogradLazy, AutogradMeta, Tracer, AutocastCPU, AutocastXPU, AutocastMPS, AutocastCUDA, FuncTorchBatched, BatchedNestedTensor, FuncTorchVmapMode, Batched, VmapMode, FuncTorchGradWrapper, PythonTLSSnapshot, FuncTorchDynamicLayerFrontMode, PreDispatch, PythonDispatcher].",
        ),
        sigquit(45),
    ),
)  # fmt: skip

case(
    "cpu_weights_default_allocator",
    "0.5.4",
    "torch c10/core/impl/alloc_cpu.cpp (DefaultCPUAllocator: not enough memory); sglang 0.5.4 loader frames",
    "oom_weights",
    "host RAM runs out while building the 70B model's layers on CPU: an OOM during weight loading (the model does not fit this host/TP)",
    join(
        cpu_head(tp=2, model="meta-llama/Llama-3.1-70B-Instruct"),
        cpu_dist(tp=2),
        cpu_dist_end(tp=2, avail=121.44),
        hit(
            31,
            "TP1",
            CPU_SITE,
            load("0.5.4")
            + (
                ("model_loader/loader.py", 590, "load_model", "model = _initialize_model("),
                ("model_loader/loader.py", 262, "_initialize_model", "return model_class(**kwargs)"),
                ("models/llama.py", 425, "__init__", 'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))'),
                ("layers/linear.py", 208, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/unquant.py", 60, "create_weights", "torch.empty("),
            ),
            "RuntimeError: [enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: not enough memory: you tried to allocate 939524096 bytes.",
        ),
        sigquit(31),
    ),
)  # fmt: skip

case(
    "cpu_kv_pool_not_enough_memory",
    "0.5.4",
    "sglang 0.5.4 model_executor/model_runner.py:1719 (init_memory_pool: max_total_num_tokens <= 0)",
    "oom_kv_cache",
    "after the weights the CPU rank's share leaves no tokens for the pool: SGLang's own 'increase --mem-fraction-static'",
    join(
        cpu_head(tp=2, model="Qwen/Qwen2.5-32B-Instruct", mem_fraction_static=0.25),
        cpu_dist(tp=2),
        cpu_dist_end(tp=2, avail=251.63),
        f"{ts(58, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=220.88 GB, mem usage=30.75 GB.",
        hit(
            58,
            "TP0",
            CPU_SITE,
            pool("0.5.4") + (("model_executor/model_runner.py", 1719, "init_memory_pool", "raise RuntimeError("),),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.25",
        ),
        sigquit(58),
    ),
)

case(
    "cpu_kv_pool_allocator_fails",
    "0.5.4",
    "sglang 0.5.4 model_executor/model_runner.py:2102 (TP > NUMA warning), mem_cache/memory_pool.py:527 (_create_buffers); torch alloc_cpu.cpp",
    "oom_kv_cache",
    "by phase: the host allocator fails while the KV pool's buffers are created (the warning said the per-rank memory could not be known); the pool is what does not fit",
    join(
        cpu_head(tp=4),
        f"{ts(2, 'TP0')} TP size (4)is larger than numa node number (2), in this case the available memory amount of each rank cannot be determined in prior. Please set proper `--max-total-tokens` to avoid the out-of-memory error.",
        cpu_dist(tp=4),
        cpu_dist_end(tp=4, avail=119.20),
        f"{ts(33, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=115.07 GB, mem usage=4.13 GB.",
        hit(
            34,
            "TP3",
            CPU_SITE,
            pool("0.5.4")
            + (
                ("model_executor/model_runner.py", 1888, "init_memory_pool", "self.token_to_kv_pool = MHATokenToKVPool("),
                ("mem_cache/memory_pool.py", 527, "__init__", "self._create_buffers()"),
                ("mem_cache/memory_pool.py", 593, "_create_buffers", "torch.zeros("),
            ),
            "RuntimeError: [enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: not enough memory: you tried to allocate 47244640256 bytes.",
        ),
        sigquit(34),
    ),
)  # fmt: skip

case(
    "cpu_graph_capture_allocator_fails",
    "0.5.4",
    "sglang 0.5.4 model_executor/cpu_graph_runner.py:442 (`Capture CPU graph failed`), model_runner.py:2055 (`Capture cpu graph begin`); torch alloc_cpu.cpp",
    "oom_cuda_graph",
    "with --enable-torch-compile the CPU graph capture runs the host out of memory: an OOM in the graph-capture phase",
    join(
        cpu_head(tp=2, enable_torch_compile=True, torch_compile_max_bs=16),
        cpu_dist(tp=2),
        cpu_dist_end(tp=2, avail=120.61),
        f"{ts(36, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=116.42 GB, mem usage=4.19 GB.",
        f"{ts(37, 'TP0')} KV Cache is allocated. #tokens: 1410622, K size: 96.86 GB, V size: 96.86 GB",
        f"{ts(37, 'TP0')} Memory pool end. avail mem=9.80 GB",
        f"{ts(38, 'TP0')} Capture cpu graph begin. This can take up to several minutes. avail mem=9.80 GB",
        f"{ts(38, 'TP0')} Capture cpu graph bs [1, 2, 4, 8, 12, 16]",
        hit(
            161,
            "TP0",
            CPU_SITE,
            graphs("0.5.4", "model_executor/cpu_graph_runner.py", 442),
            "Exception: Capture CPU graph failed: [enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: not enough memory: you tried to allocate 12884901888 bytes.\n"
            + CPU_GRAPH_MSG,
        ),
        sigquit(161),
    ),
)

case(
    "cpu_gloo_peer_closed",
    "0.5.4",
    "sglang 0.5.4 utils/common.py:519 (get_available_gpu_memory all_reduce on the cpu group), model_runner.py:785; gloo transport/tcp/pair.cc",
    "nccl_or_distributed",
    "the CPU backend's collective library (gloo) loses TP1 during the first all_reduce: a distributed failure, rank-death cascade",
    join(
        cpu_head(tp=2),
        cpu_dist(tp=2),
        hit(
            9,
            "TP0",
            CPU_SITE,
            dist("0.5.4")
            + (
                ("model_executor/model_runner.py", 785, "init_torch_distributed", "min_per_gpu_memory = get_available_gpu_memory("),
                ("utils/common.py", 519, "get_available_gpu_memory", "torch.distributed.all_reduce("),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                ("+torch/distributed/distributed_c10d.py", 2806, "all_reduce", "work.wait()"),
            ),
            "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [127.0.0.1]:41327",
        ),
        sigquit(9),
    ),
)  # fmt: skip

# ============================================================================================= XPU (--device xpu)
XPU_HEAD = [
    sargs(0, "meta-llama/Llama-3.1-8B-Instruct", device="xpu", tp_size=2, attention_backend="intel_xpu"),
    f"{ts(6, 'TP0')} Init torch distributed begin.",
    f"{ts(6, 'TP1')} Init torch distributed begin.",
]

case(
    "xpu_torch_without_xccl",
    "0.5.4",
    "sglang 0.5.4 model_executor/model_runner.py:725 (backend = 'xccl'), parallel_state.py:1450; torch distributed_c10d.py _new_process_group_helper",
    "nccl_or_distributed",
    "the XPU's collective library as distributed: torch built without XCCL cannot form the process group; the fix is the communication stack (torch-xpu build / oneCCL)",
    join(
        XPU_HEAD,
        hit(
            7,
            "TP0",
            XPU_SITE,
            dist("0.5.4")
            + (
                ("model_executor/model_runner.py", 765, "init_torch_distributed", "init_distributed_environment("),
                ("distributed/parallel_state.py", 1450, "init_distributed_environment", "torch.distributed.init_process_group("),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
                ("+torch/distributed/distributed_c10d.py", 1765, "init_process_group", "default_pg, _ = _new_process_group_helper("),
                ("+torch/distributed/distributed_c10d.py", 2030, "_new_process_group_helper", 'raise RuntimeError("Distributed package doesn\'t have XCCL built in")'),
            ),
            "RuntimeError: Distributed package doesn't have XCCL built in",
        ),
        sigquit(7),
    ),
)  # fmt: skip

case(
    "xpu_oneccl_workers_fail",
    "0.5.4",
    "oneCCL exec.cpp:122 start_workers (the message in vllm-project/vllm#10109, XPU TP); sglang 0.5.4 call path",
    "nccl_or_distributed",
    "oneCCL (the XPU collective library) cannot start its worker threads at the first collective: a distributed initialisation failure",
    join(
        XPU_HEAD,
        "2026:03:02-10:00:07:(48211) |CCL_WARN| did not find MPI-launcher specific variables, switch to ATL/OFI, to force enable ATL/MPI set CCL_ATL_TRANSPORT=mpi",
        hit(
            8,
            "TP1",
            XPU_SITE,
            dist("0.5.4")
            + (
                ("model_executor/model_runner.py", 785, "init_torch_distributed", "min_per_gpu_memory = get_available_gpu_memory("),
                ("utils/common.py", 519, "get_available_gpu_memory", "torch.distributed.all_reduce("),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                ("+torch/distributed/distributed_c10d.py", 2806, "all_reduce", "work = group.allreduce([tensor], opts)"),
            ),
            "RuntimeError: oneCCL: exec.cpp:122 start_workers: EXCEPTION: failed to start worker # 0",
        ),
        sigquit(8),
    ),
)  # fmt: skip

case(
    "xpu_oom_loading_weights",
    "0.5.4",
    "torch c10/xpu/XPUCachingAllocator.cpp (`XPU out of memory. Tried to allocate ...`); sglang 0.5.4 loader frames",
    "oom_weights",
    "a 14B bf16 model on a 16 GB Arc at TP1 runs out while its layers are built: the model does not fit at this TP",
    join(
        sargs(0, "Qwen/Qwen3-14B", device="xpu", tp_size=1, attention_backend="intel_xpu"),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6, 'TP0')} Load weight begin. avail mem=15.11 GB",
        hit(
            19,
            "TP0",
            XPU_SITE,
            load("0.5.4")
            + (
                ("model_loader/loader.py", 590, "load_model", "model = _initialize_model("),
                ("model_loader/loader.py", 262, "_initialize_model", "return model_class(**kwargs)"),
                ("models/qwen3.py", 309, "__init__", "self.model = Qwen3Model("),
                ("models/qwen3.py", 64, "__init__", "super().__init__()"),
                ("models/qwen2.py", 284, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
                ("layers/linear.py", 208, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/unquant.py", 60, "create_weights", "torch.empty("),
            ),
            "torch.OutOfMemoryError: XPU out of memory. Tried to allocate 130.00 MiB. GPU 0 has a total capacity of 15.11 GiB of which 91.06 MiB is free. Of the allocated memory 14.71 GiB is allocated by PyTorch, and 12.18 MiB is reserved by PyTorch but unallocated. Please use `empty_cache` to release all unoccupied cached memory.",
        ),
        sigquit(19),
    ),
)  # fmt: skip

case(
    "xpu_oom_while_serving",
    "0.5.4",
    "torch c10/xpu/XPUCachingAllocator.cpp; sglang 0.5.4 event loop path (run_batch -> forward_extend)",
    "oom_runtime",
    "the XPU server was ready and serving; a long prefill runs the device out: an OOM after start-up",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", device="xpu", tp_size=1, attention_backend="intel_xpu", mem_fraction_static=0.9),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6, 'TP0')} Load weight begin. avail mem=63.98 GB",
        f"{ts(21, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=48.93 GB, mem usage=15.05 GB.",
        f"{ts(21, 'TP0')} KV Cache is allocated. #tokens: 327108, K size: 20.00 GB, V size: 20.00 GB",
        f"{ts(21, 'TP0')} Memory pool end. avail mem=6.40 GB",
        f"{ts(22, 'TP0')} max_total_num_tokens=327108, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=6.40 GB",
        ready(23),
        f"{ts(40, 'TP0')} Prefill batch, #new-seq: 6, #new-token: 8192, #cached-token: 0, token usage: 0.61, #running-req: 41, #queue-req: 9",
        f"{ts(41, 'TP0')} Decode batch, #running-req: 47, #token: 203311, token usage: 0.62, cuda graph: False, gen throughput (token/s): 611.45, #queue-req: 9",
        hit(
            42,
            "TP0",
            XPU_SITE,
            loop("0.5.4")
            + (
                ("model_executor/model_runner.py", 2260, "_forward_raw", "ret = self.forward_extend("),
                ("models/llama.py", 470, "forward", "hidden_states = self.model("),
            ),
            "torch.OutOfMemoryError: XPU out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 63.98 GiB of which 1.12 GiB is free. Of the allocated memory 61.20 GiB is allocated by PyTorch, and 744.00 MiB is reserved by PyTorch but unallocated. Please use `empty_cache` to release all unoccupied cached memory.",
        ),
        sigquit(42),
    ),
)  # fmt: skip

case(
    "xpu_level_zero_device_lost",
    "0.5.4",
    "Level Zero / Unified Runtime error text `level_zero backend failed with error: 20 (UR_RESULT_ERROR_DEVICE_LOST)` (public XPU reports); sglang 0.5.4 event loop path",
    "cuda_error_other",
    "the XPU runtime loses the device mid-decode (a driver/runtime fault, the XPU counterpart of a CUDA illegal-access / device error), not memory or config",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", device="xpu", tp_size=1, attention_backend="intel_xpu"),
        f"{ts(6, 'TP0')} Load weight begin. avail mem=23.86 GB",
        f"{ts(20, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=8.81 GB, mem usage=15.05 GB.",
        f"{ts(20, 'TP0')} KV Cache is allocated. #tokens: 36480, K size: 2.23 GB, V size: 2.23 GB",
        f"{ts(20, 'TP0')} Memory pool end. avail mem=4.19 GB",
        ready(22),
        f"{ts(30, 'TP0')} Decode batch, #running-req: 12, #token: 9911, token usage: 0.27, cuda graph: False, gen throughput (token/s): 188.02, #queue-req: 0",
        hit(
            31,
            "TP0",
            XPU_SITE,
            loop("0.5.4")
            + (
                ("model_executor/model_runner.py", 2254, "_forward_raw", "ret = self.forward_decode("),
                ("layers/attention/xpu_backend.py", 512, "forward_decode", "o = flash_attn_with_kvcache("),
            ),
            "RuntimeError: level_zero backend failed with error: 20 (UR_RESULT_ERROR_DEVICE_LOST)",
        ),
        sigquit(31),
    ),
)  # fmt: skip

# ============================================================================================= HPU (--device hpu)
case(
    "hpu_hl_smi_missing",
    "0.5.4",
    "sglang 0.5.4 utils/common.py:1586 (get_hpu_memory_capacity: `hl-smi error: {stderr}`; hl-smi run through the shell), server_args.py:541 (get_device_memory_capacity)",
    "cuda_error_other",
    "the Habana driver tools are not in the container (hl-smi not found): a device driver/runtime problem, as 'nvidia-smi not found' would be on CUDA; no argument or memory change fixes it",
    join(
        TB,
        tb(
            HPU_SITE,
            ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
            ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
            (f"{HPU_SITE}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 3678, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 3328, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 305, "__init__", ""),
            ("server_args.py", 541, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("utils/common.py", 1651, "get_device_memory_capacity", "gpu_mem = get_hpu_memory_capacity()"),
            (
                "utils/common.py",
                1586,
                "get_hpu_memory_capacity",
                'raise RuntimeError(f"hl-smi error: {result.stderr.strip()}")',
            ),
        ),
        "RuntimeError: hl-smi error: /bin/sh: 1: hl-smi: not found",
    ),
)

case(
    "hpu_devmem_allocation_failed_loading",
    "0.5.4",
    "Habana PT_DEVMEM message `[Rank:0] FATAL ERROR :: MODULE:PT_DEVMEM Allocation failed for size::939524096 (896)MB` (HabanaAI vllm-fork docs: 'set a valid tensor parallelism'); sglang 0.5.4 loader frames",
    "oom_weights",
    "Gaudi's device allocator fails while a 70B model's layers are built at TP2: the model does not fit at this TP (the Habana docs' fix is a larger TP)",
    join(
        sargs(0, "meta-llama/Llama-3.1-70B-Instruct", device="hpu", tp_size=2, attention_backend="torch_native", sampling_backend="pytorch"),
        f"{ts(0)} Cuda graph is disabled because of using torch native attention backend",
        f"{ts(8, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP1')} Init torch distributed begin.",
        f"{ts(12, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(12, 'TP0')} Load weight begin. avail mem=94.62 GB",
        hit(
            70,
            "TP0",
            HPU_SITE,
            load("0.5.4")
            + (
                ("model_loader/loader.py", 590, "load_model", "model = _initialize_model("),
                ("model_loader/loader.py", 262, "_initialize_model", "return model_class(**kwargs)"),
                ("models/llama.py", 425, "__init__", 'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))'),
                ("layers/linear.py", 208, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/unquant.py", 60, "create_weights", "torch.empty("),
            ),
            "RuntimeError: [Rank:0] FATAL ERROR :: MODULE:PT_DEVMEM Allocation failed for size::939524096 (896)MB",
        ),
        sigquit(70),
    ),
)  # fmt: skip

case(
    "hpu_xgrammar_unsupported_device",
    "0.5.6",
    "sglang 0.5.6 constrained/xgrammar_backend.py:119 (`Unsupported device: {logits.device.type}`), sampling/sampling_batch_info.py:229, model_runner.py:2732",
    "config_error",
    "the first json_schema request on Gaudi: xgrammar's vocab mask has no HPU path; a grammar backend unsupported on the device (fix: --grammar-backend / no structured output), not a device fault",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", device="hpu", tp_size=1, grammar_backend="xgrammar"),
        f"{ts(0)} Cuda graph is disabled because of using torch native attention backend",
        f"{ts(9, 'TP0')} Load weight begin. avail mem=94.62 GB",
        f"{ts(31, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=79.57 GB, mem usage=15.05 GB.",
        f"{ts(32, 'TP0')} KV Cache is allocated. #tokens: 524288, K size: 32.00 GB, V size: 32.00 GB",
        f"{ts(32, 'TP0')} Memory pool end. avail mem=14.81 GB",
        ready(33),
        f'{ts(50)} INFO:     10.0.3.7:40112 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(50, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 231, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        hit(
            51,
            "TP0",
            HPU_SITE,
            (
                ("managers/scheduler.py", 2677, "run_scheduler_process", "scheduler.event_loop_overlap()"),
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                ("managers/scheduler.py", 1036, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
                ("managers/scheduler.py", 1999, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
                ("managers/tp_worker.py", 413, "forward_batch_generation", "batch_result.next_token_ids = self.model_runner.sample("),
                ("model_executor/model_runner.py", 2755, "sample", "self._preprocess_logits(logits_output, forward_batch.sampling_info)"),
                ("model_executor/model_runner.py", 2732, "_preprocess_logits", "sampling_info.apply_logits_bias(logits_output.next_token_logits)"),
                ("sampling/sampling_batch_info.py", 229, "apply_logits_bias", "self.apply_mask_func(logits=logits, vocab_mask=self.vocab_mask)"),
                ("constrained/xgrammar_backend.py", 119, "apply_vocab_mask", 'raise RuntimeError(f"Unsupported device: {logits.device.type}")'),
            ),
            "RuntimeError: Unsupported device: hpu",
        ),
        sigquit(51),
    ),
)  # fmt: skip

# ============================================================================================= NPU (--device npu)
case(
    "npu_torch_npu_not_installed",
    "0.5.4",
    "sglang 0.5.4 utils/common.py:1611 (get_npu_memory_capacity: `torch_npu is required when run on npu device.`), server_args.py:541",
    "config_error",
    "--device npu without torch_npu installed: a missing device package, fixed by installing torch_npu, at argument checks",
    join(
        TB,
        tb(
            NPU_SITE,
            ("/usr/local/python3.11.13/lib/python3.11/site-packages/sglang/srt/utils/common.py", 1607, "get_npu_memory_capacity", "import torch_npu  # noqa: F401"),
        ),
        "ModuleNotFoundError: No module named 'torch_npu'",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            NPU_SITE,
            ("<frozen runpy>", 198, "_run_module_as_main", ""),
            ("<frozen runpy>", 88, "_run_code", ""),
            (f"{NPU_SITE}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 3678, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 3328, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 305, "__init__", ""),
            ("server_args.py", 541, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("utils/common.py", 1653, "get_device_memory_capacity", "gpu_mem = get_npu_memory_capacity()"),
            ("utils/common.py", 1611, "get_npu_memory_capacity", 'raise ImportError("torch_npu is required when run on npu device.")'),
        ),
        "ImportError: torch_npu is required when run on npu device.",
    ),
)  # fmt: skip

case(
    "npu_hccl_comm_init_fails",
    "0.5.6",
    "torch_npu HCCL error text (`HCCL function error: hcclCommInitRootInfoConfig(...), error code is 5`, `ERR02200 DIST call hccl api failed.`: verl-project/verl#5074, vllm-project/vllm-ascend#672); sglang 0.5.6 init_torch_distributed path",
    "nccl_or_distributed",
    "HCCL (the NPU collective library) fails to build the communicator at the first collective: a distributed initialisation failure",
    join(
        npu_head("Qwen/Qwen3-32B", tp=4),
        hit(
            12,
            "TP2",
            NPU_SITE,
            dist("0.5.6")
            + (
                ("model_executor/model_runner.py", 702, "init_torch_distributed", "min_per_gpu_memory = get_available_gpu_memory("),
                ("utils/common.py", 568, "get_available_gpu_memory", "torch.distributed.all_reduce("),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                ("+torch/distributed/distributed_c10d.py", 2810, "all_reduce", "work.wait()"),
            ),
            "RuntimeError: create_config:build/CMakeFiles/torch_npu.dir/compiler_depend.ts:148 HCCL function error: hcclCommInitRootInfoConfig(numRanks, &rootInfo, rank, config, &(comm->hcclComm_)), error code is 5\n"
            "[ERROR] 2026-03-02-10:00:12 (PID:30117, Device:2, RankID:2) ERR02200 DIST call hccl api failed.",
        ),
        sigquit(12),
    ),
)  # fmt: skip

case(
    "npu_oom_w8a8_weights_format_cast",
    "0.5.6",
    "torch_npu allocator text (`NPU out of memory. Tried to allocate ... reserved in total by PyTorch)...`, sglang#29838); sglang 0.5.6 model_loader/loader.py:619, layers/quantization/w8a8_int8.py:734 (npu_format_cast)",
    "oom_weights",
    "the W8A8 weights' NZ format cast after loading runs the 64 GB card out at TP2: OOM in the weight-loading phase (the model does not fit at this TP)",
    join(
        npu_head("Qwen/Qwen3-235B-A22B-W8A8", tp=2, quantization="w8a8_int8"),
        [f"{ts(14, f'TP{r}')} Init torch distributed ends. mem usage=0.17 GB" for r in range(2)],
        f"{ts(14, 'TP0')} Load weight begin. avail mem=60.56 GB",
        hit(
            212,
            "TP1",
            NPU_SITE,
            load("0.5.6")
            + (
                ("model_loader/loader.py", 600, "load_model", "self.load_weights_and_postprocess("),
                ("model_loader/loader.py", 619, "load_weights_and_postprocess", "quant_method.process_weights_after_loading(module)"),
                ("layers/quantization/w8a8_int8.py", 865, "process_weights_after_loading", "self.quant_method.process_weights_after_loading(layer)"),
                ("layers/quantization/w8a8_int8.py", 734, "process_weights_after_loading", "layer.weight.data = torch_npu.npu_format_cast(layer.weight.data, 29)"),
            ),
            "torch.OutOfMemoryError: NPU out of memory. Tried to allocate 1.50 GiB (NPU 1; 60.96 GiB total capacity; 59.12 GiB already allocated; 59.12 GiB current active; 402.17 MiB free; 59.31 GiB reserved in total by PyTorch).If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.",
        ),
        sigquit(212),
    ),
)  # fmt: skip

case(
    "npu_oom_ascend_kv_pool",
    "0.5.6",
    "gpustack/gpustack#4761 (sglang on 910B: `NPU out of memory` in memory_pool_npu _create_buffers kv_buffer torch.zeros, torch_npu transfer_to_npu frame); 0.5.6 frames mem_cache/memory_pool.py:1301 AscendTokenToKVPool",
    "oom_kv_cache",
    "by phase: the Ascend KV pool's one buffer does not fit what the weights left: an OOM while allocating the KV cache pool",
    join(
        npu_head("Qwen/Qwen3-32B", tp=2),
        npu_loaded(tp=2, avail=35.47, usage=25.09),
        hit(
            55,
            "TP0",
            NPU_SITE,
            pool("0.5.6")
            + (
                ("model_executor/model_runner.py", 1831, "init_memory_pool", "self.token_to_kv_pool = AscendTokenToKVPool("),
                ("mem_cache/memory_pool.py", 554, "__init__", "self._create_buffers()"),
                ("mem_cache/memory_pool.py", 1301, "_create_buffers", "self.kv_buffer = torch.zeros("),
                ("+torch_npu/contrib/transfer_to_npu.py", 182, "decorated", "return fn(*args, **kwargs)"),
            ),
            "RuntimeError: NPU out of memory. Tried to allocate 98.71 GiB (NPU 0; 60.96 GiB total capacity; 25.03 GiB already allocated; 25.03 GiB current active; 35.47 GiB free; 25.08 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.",
        ),
        f"{NPU_SITE}/sglang/srt/managers/scheduler.py:2698: ResourceWarning: Unclosed socket <zmq.Socket(zmq.PULL) at 0xfffef862a040>\n  parent_process.send_signal(signal.SIGQUIT)",
        sigquit(55),
    ),
)  # fmt: skip

case(
    "npu_oom_graph_capture",
    "0.5.6",
    "sglang 0.5.6 model_executor/cuda_graph_runner.py:346 (`Capture cuda graph failed`), npu_graph_runner.py:51; torch_npu allocator text",
    "oom_cuda_graph",
    "the NPU graph capture (NPUGraphRunner) runs out of device memory at a large batch size: an OOM in the graph-capture phase",
    join(
        npu_head("Qwen/Qwen3-32B", tp=4, cuda_graph_max_bs=256, mem_fraction_static=0.9),
        npu_loaded(tp=4, avail=44.02, usage=16.71),
        f"{ts(53, 'TP0')} KV Cache is allocated. #tokens: 633984, K size: 38.70 GB, V size: 38.70 GB",
        f"{ts(53, 'TP0')} Memory pool end. avail mem=4.61 GB",
        f"{ts(54, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=4.58 GB",
        f"{ts(54, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256]",
        "Capturing batches (bs=256 avail_mem=4.58 GB):   0%|          | 0/20 [00:00<?, ?it/s]",
        hit(
            61,
            "TP0",
            NPU_SITE,
            graphs("0.5.6", "model_executor/npu_graph_runner.py", 51)
            + (("model_executor/cuda_graph_runner.py", 346, "__init__", "raise Exception("),),
            "Exception: Capture cuda graph failed: NPU out of memory. Tried to allocate 2.00 GiB (NPU 0; 60.96 GiB total capacity; 56.41 GiB already allocated; 56.41 GiB current active; 1.37 GiB free; 58.59 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.\n"
            + CUDA_GRAPH_MSG,
        ),
        sigquit(61),
    ),
)  # fmt: skip

case(
    "npu_aclgraph_capture_end_error",
    "0.5.6",
    "sgl-project/sglang#14367 (aclgraph fails for qwen3-next: `Capture cuda graph failed: capture_end:... NPU function error: c10_npu::acl::AclmdlRICaptureEnd(capture_stream_, &model_ri), error code is 107033`; eager works)",
    "cuda_error_other",
    "the ACL graph runtime fails to end the capture (error code 107033) although memory is fine; the inner error decides over the wrapper's mem-fraction advice; the fix is --disable-cuda-graph (a device runtime fault)",
    join(
        npu_head("Qwen/Qwen3-Next-80B-A3B-Instruct", tp=4),
        npu_loaded(tp=4, avail=18.92, usage=41.64, model="Qwen3NextForCausalLM"),
        f"{ts(53, 'TP0')} KV Cache is allocated. #tokens: 212480, K size: 4.86 GB, V size: 4.86 GB",
        f"{ts(53, 'TP0')} Memory pool end. avail mem=8.61 GB",
        f"{ts(54, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=8.58 GB",
        hit(
            58,
            "TP3",
            NPU_SITE,
            graphs("0.5.6", "model_executor/npu_graph_runner.py", 51)
            + (("model_executor/cuda_graph_runner.py", 346, "__init__", "raise Exception("),),
            "Exception: Capture cuda graph failed: capture_end:build/CMakeFiles/torch_npu.dir/compiler_depend.ts:193 NPU function error: c10_npu::acl::AclmdlRICaptureEnd(capture_stream_, &model_ri), error code is 107033\n"
            "[ERROR] 2026-03-02-10:00:58 (PID:12487, Device:3, RankID:-1) ERR00100 PTA call acl api failed\n"
            + CUDA_GRAPH_MSG,
        ),
        sigquit(58),
    ),
)  # fmt: skip

case(
    "npu_capture_cann_op_missing",
    "0.5.6",
    "sgl-project/sglang#14747 (DeepSeek-V3.2-Exp w8a8 on A2: `Capture cuda graph failed: aclnnLightningIndexer or aclnnLightningIndexerGetWorkspaceSize not in libopapi.so, or libopapi.sonot found.`)",
    "cuda_error_other",
    "the installed CANN runtime lacks the op the NPU kernel calls (a device-library version mismatch); the wrapper's memory advice does not apply; the fix is a newer CANN",
    join(
        npu_head("DeepSeek-V3.2-Exp-w8a8", tp=16, quantization="w8a8_int8", trust_remote_code=True),
        npu_loaded(tp=16, avail=19.33, usage=41.23, model="DeepseekV32ForCausalLM"),
        f"{ts(53, 'TP0')} Memory pool end. avail mem=9.12 GB",
        f"{ts(54, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.10 GB",
        hit(
            56,
            "TP0",
            NPU_SITE,
            graphs("0.5.6", "model_executor/npu_graph_runner.py", 51)
            + (("model_executor/cuda_graph_runner.py", 346, "__init__", "raise Exception("),),
            "Exception: Capture cuda graph failed: aclnnLightningIndexer or aclnnLightningIndexerGetWorkspaceSize not in libopapi.so, or libopapi.sonot found.\n"
            + CUDA_GRAPH_MSG,
        ),
        "",
        sigquit(56),
    ),
)  # fmt: skip

case(
    "npu_oom_while_serving",
    "0.5.6",
    "sgl-project/sglang#29838 / #18329 (`torch.OutOfMemoryError: NPU out of memory` from run_batch after the server came up); sglang 0.5.6 event loop path",
    "oom_runtime",
    "the Ascend server was ready and serving; a prefill batch runs the card out: an OOM after start-up",
    join(
        npu_head("Qwen/Qwen3-32B", tp=4, mem_fraction_static=0.9),
        npu_loaded(tp=4),
        f"{ts(53, 'TP0')} KV Cache is allocated. #tokens: 633984, K size: 38.70 GB, V size: 38.70 GB",
        f"{ts(53, 'TP0')} Memory pool end. avail mem=4.61 GB",
        f"{ts(54, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=4.58 GB",
        f"{ts(71, 'TP0')} Capture cuda graph end. Time elapsed: 17.20 s. mem usage=0.41 GB. avail mem=4.17 GB.",
        f"{ts(72, 'TP0')} max_total_num_tokens=633984, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=4.17 GB",
        ready(73),
        f"{ts(95, 'TP0')} Prefill batch, #new-seq: 4, #new-token: 8192, #cached-token: 0, token usage: 0.58, #running-req: 88, #queue-req: 31",
        hit(
            96,
            "TP0",
            NPU_SITE,
            loop("0.5.6")
            + (
                ("model_executor/model_runner.py", 2706, "_forward_raw", "ret = self.forward_extend("),
                ("+torch/_ops.py", 1209, "__call__", "return self._op(*args, **kwargs)"),
            ),
            "torch.OutOfMemoryError: NPU out of memory. Tried to allocate 72.00 MiB (NPU 0; 61.27 GiB total capacity; 56.05 GiB already allocated; 56.05 GiB current active; 5.04 MiB free; 58.39 GiB reserved in total by PyTorch).If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.",
        ),
        sigquit(96),
    ),
)  # fmt: skip

# ============================================================================================= Apple Silicon (MPS)
case(
    "mac_mps_no_accelerator",
    "0.4.6.post5",
    "sglang 0.4.6.post5 utils.py:1409 (get_device: `No accelerator (CUDA, XPU, HPU) is available.`), server_args.py:236; sgl-project/sglang#7547 (the same line on a host without an accelerator)",
    "config_error",
    "an Apple Silicon laptop: SGLang 0.4 knows no MPS device and refuses at argument checks; the fix is another platform or --device cpu",
    join(
        "INFO 03-02 10:00:01 [importing.py:53] Triton module has been replaced with a placeholder.",
        "INFO 03-02 10:00:01 [__init__.py:239] Automatically detected platform cpu.",
        TB,
        tb(
            MAC_SITE,
            ("/opt/homebrew/Cellar/python@3.11/3.11.12/Frameworks/Python.framework/Versions/3.11/lib/python3.11/runpy.py", 198, "_run_module_as_main", ""),
            ("/opt/homebrew/Cellar/python@3.11/3.11.12/Frameworks/Python.framework/Versions/3.11/lib/python3.11/runpy.py", 88, "_run_code", ""),
            (f"{MAC_SITE}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 1483, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 1426, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 152, "__init__", ""),
            ("server_args.py", 236, "__post_init__", "self.device = get_device()"),
            ("utils.py", 1409, "get_device", 'raise RuntimeError("No accelerator (CUDA, XPU, HPU) is available.")'),
        ),
        "RuntimeError: No accelerator (CUDA, XPU, HPU) is available.",
    ),
)  # fmt: skip

# ============================================================================================= healthy contrasts
case(
    "healthy_cpu_without_amx_torch_native",
    "0.5.4",
    "sglang 0.5.4 utils/common.py:1777 (`CPU device enabled, using torch native backend, low performance expected.`), model_runner.py:512 (AMX fallback), :761 (shm AllReduce disabled), server_args.py (torch native disables graphs)",
    "healthy",
    "a CPU without AMX: SGLang falls back to torch_native, disables the shared-memory AllReduce and graphs, and serves",
    join(
        cpu_head(tp=2, amx=False),
        f"{ts(1)} Cuda graph is disabled because of using torch native attention backend",
        f"{ts(5, 'TP0')} The current platform does not support Intel AMX, will fallback to torch_native backend.",
        f"{ts(5, 'TP1')} The current platform does not support Intel AMX, will fallback to torch_native backend.",
        cpu_dist(tp=2),
        f"{ts(6, 'TP0')} init_cpu_threads_env and shared memory based AllReduce is disabled since intel amx backend is not available",
        f"{ts(6, 'TP1')} init_cpu_threads_env and shared memory based AllReduce is disabled since intel amx backend is not available",
        cpu_dist_end(tp=2, avail=121.90),
        f"{ts(30, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=117.71 GB, mem usage=4.19 GB.",
        f"{ts(30, 'TP0')} KV Cache is allocated. #tokens: 65536, K size: 4.50 GB, V size: 4.50 GB",
        f"{ts(30, 'TP0')} Memory pool end. avail mem=108.66 GB",
        f"{ts(31, 'TP0')} max_total_num_tokens=65536, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_cpu_mem=108.66 GB",
        ready(32),
        f"{ts(40, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 19, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
    ),
)

case(
    "healthy_cpu_tp_above_numa_with_oom_advice",
    "0.5.4",
    "sglang 0.5.4 model_executor/model_runner.py:2102 (TP size larger than numa node number ... `to avoid the out-of-memory error`), :2055 (`Capture cpu graph begin`)",
    "healthy",
    "explicit SGLANG_CPU_OMP_THREADS_BIND with TP 4 on 2 nodes: SGLang warns about the out-of-memory risk, captures the CPU graph and serves",
    join(
        cpu_head(tp=4, enable_torch_compile=True, max_total_tokens=65536),
        f"{ts(2, 'TP0')} TP size (4)is larger than numa node number (2), in this case the available memory amount of each rank cannot be determined in prior. Please set proper `--max-total-tokens` to avoid the out-of-memory error.",
        f"{ts(2, 'TP2')} TP size (4)is larger than numa node number (2), in this case the available memory amount of each rank cannot be determined in prior. Please set proper `--max-total-tokens` to avoid the out-of-memory error.",
        cpu_dist(tp=4),
        cpu_dist_end(tp=4, avail=119.20),
        f"{ts(33, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=115.07 GB, mem usage=4.13 GB.",
        f"{ts(33, 'TP0')} KV Cache is allocated. #tokens: 65536, K size: 2.25 GB, V size: 2.25 GB",
        f"{ts(33, 'TP0')} Memory pool end. avail mem=110.50 GB",
        f"{ts(34, 'TP0')} Capture cpu graph begin. This can take up to several minutes. avail mem=110.50 GB",
        f"{ts(34, 'TP0')} Capture cpu graph bs [1, 2, 4, 8, 12, 16]",
        f"{ts(140, 'TP0')} Capture cpu graph end. Time elapsed: 106.31 s. mem usage=0.62 GB. avail mem=109.88 GB.",
        f"{ts(141, 'TP0')} max_total_num_tokens=65536, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_cpu_mem=109.88 GB",
        ready(142),
    ),
)

case(
    "healthy_xpu_without_xmx_triton",
    "0.5.4",
    "sglang 0.5.4 model_executor/model_runner.py:522 (`The current platform does not support Intel XMX, will fallback to triton backend.`), utils/common.py:476 (current-device WARNING print)",
    "healthy",
    "an Arc without XMX: the intel_xpu attention backend falls back to triton and the server comes up",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", device="xpu", tp_size=1, attention_backend="intel_xpu"),
        f"{ts(5, 'TP0')} The current platform does not support Intel XMX, will fallback to triton backend.",
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        "WARNING: current device is not 0, but 1,  which may cause useless memory allocation for torch XPU context.",
        f"{ts(6, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6, 'TP0')} Load weight begin. avail mem=23.86 GB",
        f"{ts(19, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=9.61 GB, mem usage=14.25 GB.",
        f"{ts(19, 'TP0')} KV Cache is allocated. #tokens: 83021, K size: 2.22 GB, V size: 2.22 GB",
        f"{ts(19, 'TP0')} Memory pool end. avail mem=5.04 GB",
        f"{ts(20, 'TP0')} max_total_num_tokens=83021, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=5.04 GB",
        ready(21),
    ),
)

case(
    "healthy_hpu_torch_native_no_graph",
    "0.5.4",
    "sglang 0.5.4 server_args.py:861 (_handle_hpu_backends: torch_native + pytorch sampling), :1057 (`Cuda graph is disabled because of using torch native attention backend`)",
    "healthy",
    "Gaudi forces torch_native attention, which disables graphs: alarming wording, but the server loads and serves",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", device="hpu", tp_size=1, attention_backend="torch_native", sampling_backend="pytorch"),
        f"{ts(0)} Cuda graph is disabled because of using torch native attention backend",
        f"{ts(7, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(8, 'TP0')} Load weight begin. avail mem=94.62 GB",
        f"{ts(31, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=79.57 GB, mem usage=15.05 GB.",
        f"{ts(32, 'TP0')} KV Cache is allocated. #tokens: 524288, K size: 32.00 GB, V size: 32.00 GB",
        f"{ts(32, 'TP0')} Memory pool end. avail mem=14.81 GB",
        f"{ts(33, 'TP0')} max_total_num_tokens=524288, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=14.81 GB",
        ready(34),
        f"{ts(40, 'TP0')} Decode batch, #running-req: 1, #token: 160, token usage: 0.00, cuda graph: False, gen throughput (token/s): 41.77, #queue-req: 0",
    ),
)  # fmt: skip

case(
    "healthy_npu_torch_npu_warnings",
    "0.5.6",
    "torch_npu warning `Warning: Device do not support double dtype now, dtype cast repalce with float.` (vllm-project/vllm-ascend#397); sglang 0.5.6 server_args.py (Ascend page_size 128 warning), npu graph capture lines",
    "healthy",
    "an Ascend start with torch_npu's double-dtype warnings and the page-size override: graph capture ends and the server serves",
    join(
        npu_head("Qwen/Qwen3-32B", tp=4),
        "[rank0]:[W302 10:00:13.331714626 compiler_depend.ts:133] Warning: Warning: Device do not support double dtype now, dtype cast repalce with float. (function operator())",
        npu_loaded(tp=4),
        f"{ts(53, 'TP0')} KV Cache is allocated. #tokens: 524288, K size: 32.00 GB, V size: 32.00 GB",
        f"{ts(53, 'TP0')} Memory pool end. avail mem=9.87 GB",
        f"{ts(54, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.85 GB",
        "[rank0]:[W302 10:00:55.102938475 compiler_depend.ts:133] Warning: Warning: Device do not support double dtype now, dtype cast repalce with float. (function operator())",
        f"{ts(70, 'TP0')} Capture cuda graph end. Time elapsed: 16.02 s. mem usage=0.38 GB. avail mem=9.47 GB.",
        f"{ts(71, 'TP0')} max_total_num_tokens=524288, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=9.47 GB",
        ready(72),
        f"{ts(80, 'TP0')} Decode batch, #running-req: 8, #token: 4123, token usage: 0.01, cuda graph: True, gen throughput (token/s): 298.40, #queue-req: 0",
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "npu_capture_cann_op_missing": "config_error",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_an_otherdev_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way to ready at first sight (what a live supervisor acts on), with
# the event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_otherdev_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
