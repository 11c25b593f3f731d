"""Failure messages SGLang prints on hardware other than NVIDIA Hopper/Ampere: AMD ROCm (PyTorch's hipified HIP errors,
the HIP runtime's error strings, ROCr's memory-access-fault and HSA queue aborts, RCCL's WARN lines, aiter's kernel
lookups), Ascend NPU (torch_npu's allocator, ACL / CANN and HCCL errors, sgl-kernel-npu, SGLang's own NPU checks),
Intel XPU, SGLang's CPU backend, and NVIDIA Blackwell (sm100/sm120: FlashInfer's TensorRT-LLM cutlass kernels,
Triton's ptxas, SGLang's Blackwell-only paths). Each is rendered where SGLang would hit it: in the scheduler's
`Scheduler hit an exception:` traceback through the call path that raises, then the launcher's lines; the launcher's
own traceback; or the runtime's stderr line followed by the process abort that SGLang's launcher or subprocess
watchdog then reports. Every case names its source (file:line, or repository + path + commit, or the public thread
where a closed-source text (CANN) was found) and its label by the message's semantics (the ten labels of
/work/shared/corpus/README.md), decided before the classifier was run.

Sources read: SGLang 0.5.10.post1 (sglang/srt; call paths as in tests/logwatch_templates.py); ROCm/clr
f9f995c6 (hipamd/src/hip_error.cpp: hipGetErrorString / hipGetErrorName; rocclr/device/rocm/rocdevice.cpp:2995
queue-abort callback); ROCm/ROCR-Runtime (core/runtime/runtime.cpp VMFaultHandler: `Memory access fault by GPU
node-%u (Agent handle: %p) on address %p%s. Reason: %s.`); pytorch/pytorch c10/cuda/CUDAException.cpp +
CUDAMiscFunctions.cpp and CUDACachingAllocator.cpp as hipified for ROCm builds (the HIP spellings as they appear in
public ROCm threads, e.g. huggingface/autotrain-advanced#737, pytorch/pytorch#138002); c10/xpu/XPUCachingAllocator.cpp;
ROCm/rccl src/init.cc (`Missing "iommu=pt"` WARN); ROCm/aiter e4048607 (csrc/include/aiter_hip_common.h check_fail,
csrc/py_itfs_cu/asm_mla.cu:1002, aiter/jit/core.py:1612); Ascend/pytorch branch v2.8.0-7.3.0
(torch_npu/csrc/core/npu/NPUCachingAllocator.cpp:1264, NPUException.{h,cpp}, NPUErrorCodes.h, NPUQueue.cpp:553,
csrc/distributed/HCCLUtils.hpp); CANN's own EZ9999 texts as printed in public threads (vllm-project/vllm-ascend#3046,
hw-native-sys/PTOAS#1161); sgl-project/sgl-kernel-npu f425bdf1 (csrc/deepep/deep_ep.cpp:128, exception.hpp);
flashinfer-python 0.6.7.post3 (the release SGLang 0.5.10.post1 pins: data/csrc/nv_internal: cutlass_heuristic.cpp:631,
moe_gemm_template_dispatch.h:202, tllmException.cpp, assert.h); Triton's PTXASError as printed in
triton-lang/triton#8539.

First sight (one run, labels fixed before it): 22/32. The ten misses are strict xfails in XFAIL, grouped there by
family; five of them carry labels marked arguable in a comment at the case.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import classify_text

from .logwatch_templates import (
    ARGS,
    DIED,
    GRAPHS,
    INIT,
    LOAD,
    LOOP,
    PKG,
    POOL,
    RUNPY,
    SCHED,
    SIGQUIT,
    TB,
    WEIGHTS,
    first_sight,
    frames,
    launcher_dies,
    scheduler_dies,
    startup,
    ts,
)


class Template(NamedTuple):
    hardware: str
    source: str  # file:line in the library (or repository and path where the text was found)
    label: str
    why: str  # one line: what a person fixing the launch would conclude
    log: str


CASES: dict[str, Template] = {}


def case(name: str, hardware: str, source: str, label: str, why: str, log: str) -> None:
    assert name not in CASES
    CASES[name] = Template(hardware, source, label, why, log)


# -- builders for the hardware runtimes' own ways of printing (new here; the shared ones are imported above)
TORCH = f"{PKG}/torch"
AITER = f"{PKG}/aiter"
HOST = "mi300x-node-03"

# PyTorch's c10 CUDA check (c10/cuda/CUDAException.cpp + CUDAMiscFunctions.cpp, torch 2.9) as a ROCm build prints it:
# hipify turns "CUDA error" into "HIP error", CUDA_LAUNCH_BLOCKING=1 into AMD_SERIALIZE_KERNEL=3, TORCH_USE_CUDA_DSA into
# TORCH_USE_HIP_DSA; the help line names the hipError_t and points at the ROCm docs (the USE_ROCM branch).
HIP_TAIL = "HIP kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing AMD_SERIALIZE_KERNEL=3\nCompile with `TORCH_USE_HIP_DSA` to enable device-side assertions."


def hip_error(text: str, name: str) -> str:
    return f"HIP error: {text}\nSearch for `{name}' in https://rocm.docs.amd.com/projects/HIP/en/latest/index.html for more information.\n{HIP_TAIL}\n"


# cuda_graph_runner.py:653-657 (0.5.10.post1): a RuntimeError during capture is re-raised with this advice
CAPTURE_TAIL = """Possible solutions:
1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)
2. set --cuda-graph-max-bs to a smaller value (e.g., 16)
3. disable torch compile by not using --enable-torch-compile
4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)
Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose """
CAPTURE = GRAPHS + (
    ("model_executor/cuda_graph_runner.py", 653, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 800, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 1024, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 1010, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
)
CAPTURE_RAISE = GRAPHS + (("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),)


def capture_failed(message: str) -> str:
    return f"Exception: Capture cuda graph failed: {message}\n{CAPTURE_TAIL}"


def rocm_queue_abort(status: str, code: int, *, free_mb: int | None = None) -> str:
    """ROCclr's queue-abort callback (rocclr/device/rocm/rocdevice.cpp:2995/2999, ClPrint LOG_ALWAYS prefix), then abort()."""
    where = ":0:rocdevice.cpp            :2995: 2987412733166 us: [pid:51234 tid:0x7f2a4bfff640] "
    if free_mb is None:
        return f"{where}Callback: Queue 0x7f1c30000000 aborting with error : {status} code: 0x{code:x}"
    return f"{where}Callback: Queue 0x7f1c30000000 Aborting with error : {status} Code: 0x{code:x} Available Free mem : {free_mb} MB"


FATAL_ABORT = 'Fatal Python error: Aborted\n\nCurrent thread 0x00007f2a4bfff640 (most recent call first):\n  File "{f}", line {n} in {fn}\n'


def aborted_at_start(phase: str, lines: str, *, where: tuple[str, int, str]) -> str:
    """The scheduler is killed by abort() before it is ready: the runtime's stderr lines, CPython's faulthandler, then
    0.5.10's launcher notices the child gone (`Rank 0 scheduler died during initialization (exit code: -6)`)."""
    f, n, fn = where
    died = DIED.replace("(exit code: 1)", "(exit code: -6)")
    return (
        f"{startup(phase)}\n{lines}\n{FATAL_ABORT.format(f=f'{PKG}/sglang/srt/{f}', n=n, fn=fn)}{ts(99)} {TB}\n{died}"
    )


def aborted_while_serving(lines: str, *, where: tuple[str, int, str]) -> str:
    """The scheduler is killed by abort() after ready: stderr lines, faulthandler, then the subprocess watchdog
    (utils/watchdog.py:216, 0.5.10.post1) logs the crash and sends SIGQUIT."""
    f, n, fn = where
    return (
        f"{startup('serving')}\n{lines}\n{FATAL_ABORT.format(f=f'{PKG}/sglang/srt/{f}', n=n, fn=fn)}"
        f"{ts(99)} Subprocess scheduler_0 (pid=51234) crashed with exit code -6. Triggering SIGQUIT for cleanup...\n{SIGQUIT}"
    )


def before_scheduler_line(log: str, lines: str, *, rank: str = "TP0") -> str:
    marker = f"{ts(90, rank)} Scheduler hit"
    assert marker in log
    return log.replace(marker, f"{lines}\n{marker}")


def launcher_during_handling(first: tuple, first_error: str, stack: tuple, error: str, *, phase: str = "args") -> str:
    """The launcher raises inside an `except` without `from`: Python prints the first traceback, then the second."""
    return (
        f"{startup(phase)}\n{TB}\n{frames(*first)}\n{first_error}\n\n"
        "During handling of the above exception, another exception occurred:\n\n"
        f"{TB}\n{frames(*stack)}\n{error}"
    )


def npu_stamp(device: int = 0, rank: int = 0) -> str:
    """torch_npu's formatErrorCode prefix (NPUException.cpp): `[ERROR] <%Y-%m-%d-%H:%M:%S> (PID:.., Device:.., RankID:..)`."""
    return f"[ERROR] 2026-03-02-10:01:30 (PID:51234, Device:{device}, RankID:{rank})"


# first MoE / attention frames of a serving forward and of a capture forward
QWEN_MOE = (
    ("models/qwen3_moe.py", 720, "forward", "hidden_states = self.model("),
    ("models/qwen3_moe.py", 650, "forward", "hidden_states, residual = layer("),
    ("models/qwen3_moe.py", 560, "forward", "hidden_states = self.mlp(hidden_states, forward_batch)"),
    ("models/qwen3_moe.py", 260, "forward", "final_hidden_states = self.experts(hidden_states, topk_output)"),
    ("layers/moe/fused_moe_triton/layer.py", 980, "forward", "return self.forward_impl(hidden_states, topk_output)"),
)
DSV3_ATTN = (
    ("models/deepseek_v2.py", 3100, "forward", "hidden_states = self.model("),
    ("models/deepseek_v2.py", 2900, "forward", "hidden_states, residual = layer("),
    ("models/deepseek_v2.py", 2600, "forward", "hidden_states = self.self_attn("),
    ("models/deepseek_v2.py", 1480, "forward", "return self.forward_core(s)"),
    ("models/deepseek_v2.py", 1560, "forward_core", "return self.forward_absorb_core(*inner_state)"),
    ("models/deepseek_v2.py", 1900, "forward_absorb_core", "attn_output = self.attn_mqa("),
    ("layers/radix_attention.py", 120, "forward", "return forward_batch.attn_backend.forward("),
    ("layers/attention/base_attn_backend.py", 90, "forward", "return self.forward_decode("),
)

AITER_IMPORT_CHAIN = RUNPY + (
    (f"{PKG}/sglang/launch_server.py", 7, "<module>", "from sglang.srt.entrypoints.http_server import launch_server"),
    ("entrypoints/http_server.py", 60, "<module>", "from sglang.srt.entrypoints.engine import _launch_subprocesses"),
    ("entrypoints/engine.py", 45, "<module>", "from sglang.srt.managers.data_parallel_controller import ("),
    (
        "managers/data_parallel_controller.py",
        40,
        "<module>",
        "from sglang.srt.managers.scheduler import run_scheduler_process",
    ),
    ("managers/scheduler.py", 120, "<module>", "from sglang.srt.layers.moe import initialize_moe_config"),
    ("layers/moe/__init__.py", 5, "<module>", "from sglang.srt.layers.moe.topk import ("),
)


# =============================================================================================== AMD ROCm: memory
case(
    "rocm-hip-oom-loading-weights",
    "AMD MI300X (ROCm 6.4, torch 2.9 ROCm build)",
    "c10/cuda/CUDACachingAllocator.cpp (DeviceCachingAllocator::malloc) as hipified: 'HIP out of memory. Tried to allocate' / PYTORCH_HIP_ALLOC_CONF",
    "oom_weights",
    "the allocator ran out of HBM while copying weights in: the model does not fit at this TP",
    scheduler_dies(
        "loading_weights",
        WEIGHTS + (("models/qwen3_moe.py", 880, "load_weights", "weight_loader("),),
        "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 1.50 GiB. GPU 0 has a total capacity of 191.98 GiB of which 1.12 GiB is free. Of the allocated memory 188.90 GiB is allocated by PyTorch, and 412.00 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_HIP_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
    ),
)
case(
    "rocm-hip-oom-capture-hip-graphs",
    "AMD MI300X (ROCm 6.4, torch 2.9 ROCm build)",
    "c10/cuda/CUDACachingAllocator.cpp hipified (private_pool_msg: '(e.g., HIP Graphs)'), re-raised by cuda_graph_runner.py:655",
    "oom_cuda_graph",
    "graph capture at start-up ran out of memory: lower --cuda-graph-max-bs or --mem-fraction-static",
    scheduler_dies(
        "cuda_graph",
        CAPTURE_RAISE,
        capture_failed(
            "HIP out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 191.98 GiB of which 1.31 GiB is free. Of the allocated memory 176.44 GiB is allocated by PyTorch, with 3.25 GiB allocated in private pools (e.g., HIP Graphs), and 620.00 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_HIP_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
        ),
    ),
)
case(
    "rocm-hip-oom-moe-forward-serving",
    "AMD MI300X (ROCm 6.4, torch 2.9 ROCm build)",
    "c10/cuda/CUDACachingAllocator.cpp hipified ('HIP out of memory')",
    "oom_runtime",
    "an activation allocation in the MoE layer failed after the server was ready",
    scheduler_dies(
        "serving",
        LOOP
        + QWEN_MOE
        + (
            (
                "layers/moe/fused_moe_triton/fused_moe.py",
                1500,
                "fused_experts_impl",
                "intermediate_cache1 = torch.empty(",
            ),
        ),
        "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 3.38 GiB. GPU 3 has a total capacity of 191.98 GiB of which 2.06 GiB is free. Of the allocated memory 171.20 GiB is allocated by PyTorch, with 4.10 GiB allocated in private pools (e.g., HIP Graphs), and 1.95 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_HIP_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        rank="TP3",
    ),
)
case(  # arguable: no torch OutOfMemoryError at all; the runtime aborts the queue and says 0 MB free
    "rocm-hsa-out-of-resources-queue-abort-serving",
    "AMD MI300X (ROCm 6.4)",
    "ROCm/clr rocclr/device/rocm/rocdevice.cpp:2995 (queue-abort callback) with ROCr's hsa_status_string for HSA_STATUS_ERROR_OUT_OF_RESOURCES",
    "oom_runtime",
    "the HSA runtime could not get device memory for a kernel while serving (0 MB free): memory exhaustion after ready",
    aborted_while_serving(
        rocm_queue_abort(
            "HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources. This error may also occur when the core runtime library needs to spawn threads or create internal OS-specific events.",
            0x1008,
            free_mb=0,
        ),
        where=("layers/moe/fused_moe_triton/fused_moe.py", 1520, "fused_experts_impl"),
    ),
)

# ======================================================================== AMD ROCm: HIP / ROCr / HSA errors
case(  # arguable: a HIP error, but its cause is a build without code for this gfx (the corpus labels 'no kernel image' config)
    "rocm-hip-invalid-device-function-gfx-mismatch-loading",
    "AMD MI300X (gfx942) with a kernel package built for gfx90a",
    "ROCm/clr hipamd/src/hip_error.cpp (hipErrorInvalidDeviceFunction -> 'invalid device function') via c10 CUDA check, hipified",
    "cuda_error_other",
    "the installed kernels have no code for this GPU's gfx arch: a build / version mismatch, fixed by the right wheel or image. "
    "Label revised after the run (lead): the corpus labels ROCm's `HIP error: invalid device function` cuda_error_other "
    "(sglang-issue-5775-a)",
    scheduler_dies(
        "loading_weights",
        LOAD
        + (
            ("model_loader/loader.py", 620, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 262, "_initialize_model", "return model_class("),
            (
                "models/llama.py",
                420,
                "__init__",
                'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))',
            ),
            ("layers/rotary_embedding.py", 120, "__init__", "cache = self._compute_cos_sin_cache()"),
        ),
        "torch.AcceleratorError: " + hip_error("invalid device function", "hipErrorInvalidDeviceFunction"),
    ),
)
case(
    "rocm-hip-illegal-memory-access-serving",
    "AMD MI300X (ROCm 6.4, torch 2.9 ROCm build)",
    "ROCm/clr hipamd/src/hip_error.cpp (hipErrorIllegalAddress -> 'an illegal memory access was encountered') via c10 CUDA check, hipified",
    "cuda_error_other",
    "a kernel faulted on device memory while serving: a GPU error, not memory pressure",
    scheduler_dies(
        "serving",
        LOOP + (("layers/sampler.py", 110, "forward", "batch_next_token_ids = torch.argmax(logits, -1)"),),
        "torch.AcceleratorError: " + hip_error("an illegal memory access was encountered", "hipErrorIllegalAddress"),
    ),
)
case(
    "rocm-memory-access-fault-by-gpu-node-serving",
    "AMD MI300X (ROCm 6.4)",
    "ROCm/ROCR-Runtime core/runtime/runtime.cpp (VMFaultHandler: 'Memory access fault by GPU node-%u (Agent handle: %p) on address %p%s. Reason: %s.'), then std::abort()",
    "cuda_error_other",
    "the GPU faulted on an unmapped page inside a kernel (ROCm's illegal-address) and the runtime aborted the process",
    aborted_while_serving(
        "Memory access fault by GPU node-2 (Agent handle: 0x55d6c1a0e4b0) on address 0x7f0a21e00000. Reason: Page not present or supervisor privilege.",
        where=("layers/attention/aiter_backend.py", 2461, "forward_decode"),
    ),
)
case(
    "rocm-hsa-aperture-violation-queue-abort-capture",
    "AMD MI300X (ROCm 6.4)",
    "ROCm/clr rocclr/device/rocm/rocdevice.cpp:2999 (queue-abort callback, no free-memory query) with HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION",
    "cuda_error_other",
    "a kernel accessed memory beyond the legal aperture during graph capture: a GPU fault, not an OOM",
    aborted_at_start(
        "cuda_graph",
        rocm_queue_abort(
            "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent attempted to access memory beyond the largest legal address.",
            0x29,
        ),
        where=("model_executor/cuda_graph_runner.py", 1010, "run_once"),
    ),
)
case(
    "rocm-no-rocm-capable-device-set-device",
    "AMD host, container without /dev/kfd",
    "ROCm/clr hipamd/src/hip_error.cpp (hipErrorNoDevice -> 'no ROCm-capable device is detected') via c10 CUDA check, hipified",
    "cuda_error_other",
    "the HIP runtime sees no GPU (driver / device nodes not available to the process): a device error",
    scheduler_dies(
        "args",
        SCHED
        + (
            ("managers/scheduler.py", 3570, "run_scheduler_process", "torch.cuda.set_device(gpu_id)"),
            (f"{TORCH}/cuda/__init__.py", 567, "set_device", "torch._C._cuda_setDevice(device)"),
        ),
        "torch.AcceleratorError: " + hip_error("no ROCm-capable device is detected", "hipErrorNoDevice"),
    ),
)
case(  # arguable: the driver module is not loaded; SGLang's own wrapper names rocm-smi although it ran rocminfo
    "rocm-rocminfo-module-not-loaded-launcher",
    "AMD host without the amdgpu/ROCk driver loaded",
    "sglang/srt/utils/common.py:1454 (get_amdgpu_memory_capacity: 'rocm-smi error: {stderr}'), stderr of ROCm/rocminfo ('ROCk module is NOT loaded, possibly no GPU devices')",
    "config_error",
    "the GPU driver is not loaded, so SGLang cannot read device memory at argument time: a driver/device problem. Label "
    "revised after the run (lead): the corpus labels a host whose process sees no accelerator config_error "
    "(stevenwang-dsv32-no-accelerator-b8: the environment, not a CUDA error)",
    launcher_dies(
        ARGS[:-1]
        + (
            ("server_args.py", 781, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("utils/common.py", 1677, "get_device_memory_capacity", "gpu_mem = get_amdgpu_memory_capacity()"),
            (
                "utils/common.py",
                1454,
                "get_amdgpu_memory_capacity",
                'raise RuntimeError(f"rocm-smi error: {result.stderr.strip()}")',
            ),
        ),
        "RuntimeError: rocm-smi error: ROCk module is NOT loaded, possibly no GPU devices",
    ),
)

# ============================================================================ AMD ROCm: RCCL, aiter, SGLang's ROCm paths
case(  # a trap: RCCL's WARN about the kernel command line is advice; the server comes up
    "rccl-iommu-pt-warn-then-ready",
    "AMD MI300X x8 (RCCL 2.22)",
    "ROCm/rccl src/init.cc (WARN 'Missing \"iommu=pt\" from kernel command line which can lead to system instablity or hang!')",
    "healthy",
    "RCCL warns about the host's IOMMU setting at communicator init and carries on; the server reaches ready",
    startup("serving").replace(
        f"{ts(8, 'TP0')} Init torch distributed ends.",
        f'{HOST}:51234:51234 [0] /long_pathname_so_that_rpms_can_package_the_debug_info/src/extlibs/rccl/build/hipify/src/init.cc:213 NCCL WARN Missing "iommu=pt" from kernel command line which can lead to system instablity or hang!\n'
        f"{ts(8, 'TP0')} Init torch distributed ends.",
    ),
)
case(  # arguable: an unsupported head / dtype / seqlen combination for aiter's asm kernels on this gfx (a setting) vs a kernel failure
    "aiter-mla-cannot-find-suitable-kernel-capture",
    "AMD MI300X (aiter, --attention-backend aiter, DeepSeek MLA)",
    "ROCm/aiter e4048607 csrc/py_itfs_cu/asm_mla.cu:1002 (AITER_CHECK ... ': cannot find suitable kernel') via aiter_hip_common.h check_fail, raised by aiter/jit/core.py:1612",
    "config_error",
    "aiter ships no MLA decode kernel for this head count / dtype / gfx: the attention backend or its settings do not fit this GPU",
    before_scheduler_line(
        scheduler_dies(
            "cuda_graph",
            CAPTURE_RAISE,
            capture_failed(
                "mla_decode_stage1_asm_fwd failed: [AITER] /sgl-workspace/aiter/csrc/py_itfs_cu/asm_mla.cu:1002 mla_decode_stage1_asm_fwd: cannot find suitable kernel"
            ),
        ),
        "[AITER] /sgl-workspace/aiter/csrc/py_itfs_cu/asm_mla.cu:1002 mla_decode_stage1_asm_fwd: cannot find suitable kernel",
    ),
)
case(
    "sglang-aiter-required-import-launcher",
    "AMD MI300X (SGLANG_USE_AITER=1, aiter not installed)",
    "sglang/srt/layers/moe/topk.py:134 (0.5.10.post1: 'aiter is required when SGLANG_USE_AITER is set to True')",
    "config_error",
    "an environment setting asks for a library that is not installed",
    launcher_during_handling(
        AITER_IMPORT_CHAIN
        + (
            (
                "layers/moe/topk.py",
                131,
                "<module>",
                "from aiter import biased_grouped_topk as aiter_biased_grouped_topk",
            ),
        ),
        "ModuleNotFoundError: No module named 'aiter'",
        AITER_IMPORT_CHAIN
        + (
            (
                "layers/moe/topk.py",
                134,
                "<module>",
                'raise ImportError("aiter is required when SGLANG_USE_AITER is set to True")',
            ),
        ),
        "ImportError: aiter is required when SGLANG_USE_AITER is set to True",
    ),
)

# ============================================================================================= Ascend NPU (torch_npu)
case(
    "npu-oom-loading-weights",
    "Ascend 910B (torch_npu 2.8.0, CANN 8.3)",
    "Ascend/pytorch v2.8.0-7.3.0 torch_npu/csrc/core/npu/NPUCachingAllocator.cpp:1264 (AT_ERROR 'NPU out of memory. Tried to allocate ...')",
    "oom_weights",
    "the NPU allocator ran out of HBM while the weights were copied in: the model does not fit at this TP",
    scheduler_dies(
        "loading_weights",
        WEIGHTS + (("models/qwen3.py", 480, "load_weights", "weight_loader(param, loaded_weight)"),),
        "RuntimeError: NPU out of memory. Tried to allocate 1.16 GiB (NPU 0; 60.96 GiB total capacity; 58.71 GiB already allocated; 58.71 GiB current active; 812.40 MiB free; 59.02 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.",
    ),
)
case(
    "npu-aicore-exception-507015-serving",
    "Ascend 910B (torch_npu 2.8.0, CANN 8.3)",
    "Ascend/pytorch v2.8.0-7.3.0 torch_npu/csrc/core/npu/NPUQueue.cpp:553 ('The Inner error is reported as above...') + NPUException.cpp formatErrorCode (ERR00100 PTA call acl api failed); CANN EZ9999 device text as printed in hw-native-sys/PTOAS#1161",
    "cuda_error_other",
    "an AI-core kernel raised a hardware exception while serving (ub address out of bounds): the NPU's illegal-access error",
    scheduler_dies(
        "serving",
        LOOP + (("layers/logits_processor.py", 500, "forward", "logits = self._get_logits(hidden_states, lm_head)"),),
        "RuntimeError: The Inner error is reported as above. The process exits for this inner error, and the current working operator name is FusedInferAttentionScore.\n"
        "Since the operator is called asynchronously, the stacktrace may be inaccurate. If you want to get the accurate stacktrace, please set the environment variable ASCEND_LAUNCH_BLOCKING=1.\n"
        "Note: ASCEND_LAUNCH_BLOCKING=1 will force ops to run in synchronous mode, resulting in performance degradation. Please unset ASCEND_LAUNCH_BLOCKING in time after debugging.\n"
        f"{npu_stamp()} ERR00100 PTA call acl api failed.\n"
        "EZ9999: Inner Error!\n"
        "EZ9999[PID: 51234] 2026-03-02-10:01:30.834.038 (EZ9999):  The error from device(chipId:0, dieId:0), serial number is 453, there is an exception of aivec error, core id is 38, error code = 0x4000000000000000, dump info: pc start: 0x124a00000000, current: 0x124a000000c0, vec error info: 0xdd24, mte error info: 0xef03020099, ifu error info: 0x2dfff9c542240, ccu error info: 0x1ce600007500001f, cube error info: 0, biu error info: 0, aic error mask: 0x6500020bd00028c, para base: 0x12c100000000.[FUNC:PrintCoreInfo][FILE:device_error_core_proc.cc][LINE:645]\n"
        "        TraceBack (most recent call last):\n"
        "       The extend info: errcode:(0x4000000000000000, 0, 0) errorStr: VEC instruction error: the ub address out of bounds. fixp_error0 info: 0x3020099, fixp_error1 info: 0xef, fsmId:1, tslot:1, thread:0, ctxid:0, blk:0, sublk:0, subErrType:4.[FUNC:PrintCoreInfo][FILE:device_error_core_proc.cc][LINE:658]\n"
        "       Kernel task happen error, retCode=0x31, [vector core exception].[FUNC:PreCheckTaskErr][FILE:davinci_kernel_task.cc][LINE:1729]",
    ),
)
case(  # arguable: CANN's operator package does not match the chip (a wrong image / version); by the corpus's convention a config
    "npu-aclnn-parse-kernel-config-561103-capture",
    "Ascend 910C running the 910B image (torch_npu 2.8.0, CANN 8.2)",
    "Ascend/pytorch v2.8.0-7.3.0 torch_npu/csrc/core/npu/NPUException.h:193-206 (NPU_CHECK_ERROR: '<func>:<file>:<line> NPU function error: ..., error code is N' + ERR00100) ; CANN text as printed in vllm-project/vllm-ascend#3046",
    "config_error",
    "CANN cannot parse the operator's kernel config for this chip: the CANN / operator package does not match the hardware",
    scheduler_dies(
        "cuda_graph",
        GRAPHS
        + (
            ("hardware_backend/npu/graph_runner/npu_graph_runner.py", 90, "__init__", "super().__init__(model_runner)"),
            ("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),
        ),
        capture_failed(
            "arange_out_op_api:build/CMakeFiles/torch_npu.dir/compiler_depend.ts:36 NPU function error: call aclnnArange failed, error code is 561103\n"
            f"{npu_stamp(rank=-1)} ERR00100 PTA call acl api failed.\n"
            "EZ9999: Inner Error!\n"
            "EZ9999: [PID: 51234] 2026-03-02-10:01:30.166.059 Parse dynamic kernel config fail.\n"
            "        TraceBack (most recent call last):\n"
            "       AclOpKernelInit failed opType\n"
            "       ArangeAiCore ADD_TO_LAUNCHER_LIST_AICORE failed."
        ),
    ),
)
case(
    "hccl-comm-init-root-info-failed-first-collective",
    "Ascend 910B x16 (2 nodes, torch_npu 2.8.0)",
    "Ascend/pytorch v2.8.0-7.3.0 torch_npu/csrc/distributed/HCCLUtils.hpp:36-52 (HCCL_CHECK_ERROR: 'HCCL function error: ..., error code is N' + DIST_ERROR -> ERR02200 DIST call hccl api failed)",
    "nccl_or_distributed",
    "HCCL could not build the communicator across the nodes (torch_npu creates it at the first collective, in capture's warm-up run)",
    scheduler_dies(
        "cuda_graph",
        CAPTURE_RAISE,
        capture_failed(
            "create_config:build/CMakeFiles/torch_npu.dir/compiler_depend.ts:102 HCCL function error: hcclCommInitRootInfoConfig(numRanks, &rootInfo, rank, config, &(comm->hcclComm_)), error code is 7\n"
            f"{npu_stamp(rank=3)} ERR02200 DIST call hccl api failed.\n"
        ),
        rank="TP3",
    ),
)
case(
    "npu-torch-npu-missing-launcher",
    "Ascend 910B (--device npu, torch_npu not installed)",
    "sglang/srt/utils/common.py:1589 (get_npu_memory_capacity: 'torch_npu is required when run on npu device.')",
    "config_error",
    "the NPU device was asked for but its PyTorch plugin is not installed",
    launcher_during_handling(
        ARGS[:-1]
        + (
            ("server_args.py", 781, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("utils/common.py", 1681, "get_device_memory_capacity", "gpu_mem = get_npu_memory_capacity()"),
            ("utils/common.py", 1585, "get_npu_memory_capacity", "import torch_npu  # noqa: F401"),
        ),
        "ModuleNotFoundError: No module named 'torch_npu'",
        ARGS[:-1]
        + (
            ("server_args.py", 781, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("utils/common.py", 1681, "get_device_memory_capacity", "gpu_mem = get_npu_memory_capacity()"),
            (
                "utils/common.py",
                1589,
                "get_npu_memory_capacity",
                'raise ImportError("torch_npu is required when run on npu device.")',
            ),
        ),
        "ImportError: torch_npu is required when run on npu device.",
    ),
)
case(
    "npu-ascend-transfer-engine-init-failed-pd",
    "Ascend 910B PD disaggregation (--disaggregation-transfer-backend ascend)",
    "sglang/srt/disaggregation/ascend/transfer_engine.py:81-82 (logger.error + RuntimeError 'Ascend Transfer Engine initialization failed.')",
    "nccl_or_distributed",
    "the KV-transfer engine between prefill and decode could not initialise: a PD transfer (distributed) failure",
    scheduler_dies(
        "kv_cache",
        INIT
        + (
            ("model_executor/model_runner.py", 560, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
            ("disaggregation/ascend/conn.py", 40, "__init__", "self.engine = AscendTransferEngine("),
            ("disaggregation/ascend/transfer_engine.py", 55, "__init__", "self.initialize()"),
            (
                "disaggregation/ascend/transfer_engine.py",
                82,
                "initialize",
                'raise RuntimeError("Ascend Transfer Engine initialization failed.")',
            ),
        ),
        "RuntimeError: Ascend Transfer Engine initialization failed.",
    ).replace(
        f"{ts(90, 'TP0')} Scheduler hit",
        f"{ts(89, 'TP0')} Ascend Transfer Engine initialization failed.\n{ts(90, 'TP0')} Scheduler hit",
    ),
)
case(  # the same family as DeepEP's own dispatch bound (an environment setting); here NPU DeepEP's C++ check
    "npu-deepep-dispatch-capacity-serving",
    "Ascend 910C (sgl-kernel-npu DeepEP, --moe-a2a-backend deepep)",
    "sgl-project/sgl-kernel-npu f425bdf1 csrc/deepep/deep_ep.cpp:128 (EP_HOST_ASSERT_S) with csrc/deepep/exception.hpp (EPException: 'Failed: Assertion error <file>:<line> error message or error code is ...')",
    "config_error",
    "the dispatch buffer's token capacity (DEEPEP_NORMAL_LONG_SEQ_ROUND x tokens per round) is smaller than the batch: raise the setting or lower the prefill size",
    scheduler_dies(
        "serving",
        LOOP
        + QWEN_MOE
        + (
            ("layers/moe/token_dispatcher/deepep.py", 560, "dispatch_a", "self._dispatch_core("),
            (f"{PKG}/deep_ep/buffer.py", 300, "get_dispatch_layout", "self.runtime.get_dispatch_layout("),
        ),
        "RuntimeError: Failed: Assertion error /sgl-kernel-npu/csrc/deepep/deep_ep.cpp:128 error message or error code is '(num_tokens <= configured_capacity) num_tokens (16384) must not exceed the configured capacity (8192), calculated as round (1) * per_round_tokens (8192).\n'",
    ),
)
case(
    "npu-mindspore-impl-needs-npu-launcher",
    "NVIDIA H100 with --model-impl mindspore",
    "sglang/srt/server_args.py:6209 (0.5.10.post1: assert is_npu(), 'MindSpore model impl is only supported on Ascend npu.')",
    "config_error",
    "an argument that only exists for Ascend was given on another device",
    launcher_dies(
        ARGS[:-1]
        + (
            ("server_args.py", 790, "__post_init__", "self.check_server_args()"),
            (
                "server_args.py",
                6209,
                "check_server_args",
                'assert is_npu(), "MindSpore model impl is only supported on Ascend npu."',
            ),
        ),
        "AssertionError: MindSpore model impl is only supported on Ascend npu.",
    ),
)

# ================================================================================================== Intel XPU
case(
    "xpu-oom-allocating-kv-pool",
    "Intel Data Center GPU Max 1550 (torch 2.8 XPU)",
    "pytorch/pytorch c10/xpu/XPUCachingAllocator.cpp (TORCH_CHECK_WITH OutOfMemoryError 'XPU out of memory. Tried to allocate ...')",
    "oom_kv_cache",
    "the KV cache pool could not be allocated after the weights: too little memory left for the pool at start-up",
    scheduler_dies(
        "kv_cache",
        POOL
        + (
            (
                "model_executor/model_runner_kv_cache_mixin.py",
                760,
                "init_memory_pool",
                "self.token_to_kv_pool = MHATokenToKVPool(",
            ),
            ("mem_cache/memory_pool.py", 640, "__init__", "self._create_buffers()"),
            ("mem_cache/memory_pool.py", 700, "_create_buffers", "torch.zeros("),
        ),
        "torch.OutOfMemoryError: XPU out of memory. Tried to allocate 24.50 GiB. GPU 0 has a total capacity of 63.98 GiB of which 11.20 GiB is free. Of the allocated memory 38.75 GiB is allocated by PyTorch, and 412.00 MiB is reserved by PyTorch but unallocated. Please use `empty_cache` to release all unoccupied cached memory.",
    ),
)
case(
    "xpu-torch-xpu-not-available-launcher",
    "--device xpu with a torch build without XPU",
    "sglang/srt/utils/common.py:1629 (get_xpu_memory_capacity: 'torch.xpu is not available.')",
    "config_error",
    "the installed PyTorch has no XPU support for the device that was asked for: an installation / argument mismatch",
    launcher_during_handling(
        ARGS[:-1]
        + (
            ("server_args.py", 781, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("utils/common.py", 1685, "get_device_memory_capacity", "gpu_mem = get_xpu_memory_capacity()"),
            ("utils/common.py", 1625, "get_xpu_memory_capacity", "if torch.xpu.is_available():"),
        ),
        "AttributeError: module 'torch' has no attribute 'xpu'",
        ARGS[:-1]
        + (
            ("server_args.py", 781, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("utils/common.py", 1685, "get_device_memory_capacity", "gpu_mem = get_xpu_memory_capacity()"),
            ("utils/common.py", 1629, "get_xpu_memory_capacity", 'raise RuntimeError("torch.xpu is not available.")'),
        ),
        "RuntimeError: torch.xpu is not available.",
    ),
)
case(  # a trap: SGLang adjusts the page size for the XPU backend and carries on
    "xpu-page-size-adjusted-warning-then-ready",
    "Intel Data Center GPU Max 1550 (--attention-backend intel_xpu --page-size 16)",
    "sglang/srt/server_args.py:2442 (0.5.10.post1 logger.warning 'Intel XPU attention backend only supports page_size of 32, 64 or 128, changing page_size from {} to 128.')",
    "healthy",
    "an argument is corrected with a warning at start-up; the server reaches ready",
    startup("serving").replace(
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(0)} WARNING:  Intel XPU attention backend only supports page_size of 32, 64 or 128, changing page_size from 16 to 128.\n{ts(5, 'TP0')} Init torch distributed begin.",
    ),
)
case(  # arguable: nothing visible to any backend (driver missing, container without devices) vs a bad --device
    "no-accelerator-available-launcher",
    "a host where no GPU / NPU / XPU is visible to the process",
    "sglang/srt/utils/common.py:1853 (get_device: 'No accelerator (CUDA, XPU, HPU, NPU, MUSA, MPS) is available.')",
    "config_error",
    "the process sees no accelerator at all: a driver / device-visibility problem on the host. Label revised after the "
    "run (lead): the corpus labels this very message config_error (stevenwang-dsv32-no-accelerator-b8)",
    launcher_dies(
        ARGS[:-1]
        + (
            ("server_args.py", 768, "__post_init__", "self._handle_missing_default_values()"),
            ("server_args.py", 953, "_handle_missing_default_values", "self.device = get_device()"),
            (
                "utils/common.py",
                1853,
                "get_device",
                'raise RuntimeError("No accelerator (CUDA, XPU, HPU, NPU, MUSA, MPS) is available.")',
            ),
        ),
        "RuntimeError: No accelerator (CUDA, XPU, HPU, NPU, MUSA, MPS) is available.",
    ),
)

# ================================================================================================== CPU backend
case(
    "cpu-tp-more-than-numa-nodes-assert",
    "Intel Xeon (Sapphire Rapids, 2 NUMA nodes), --device cpu --tp 4",
    "sglang/srt/model_executor/model_runner.py:2583 (init_threads_binding: assert self.tp_size <= n_numa_node, 'SGLANG_CPU_OMP_THREADS_BIND is not set, ...')",
    "config_error",
    "the CPU backend's TP size does not fit the NUMA layout without an explicit thread binding: an argument / environment setting",
    scheduler_dies(
        "launching",
        INIT[:-1]
        + (
            ("model_executor/model_runner.py", 397, "__init__", "self.init_threads_binding()"),
            ("model_executor/model_runner.py", 2583, "init_threads_binding", "assert self.tp_size <= n_numa_node, ("),
        ),
        "AssertionError: SGLANG_CPU_OMP_THREADS_BIND is not set, in this case, tp_size 4 should be smaller than or equal to number of numa node on the machine 2. If you need tp_size to be larger than number of numa node, please set the CPU cores for each tp rank via SGLANG_CPU_OMP_THREADS_BIND explicitly. For example, on a machine with 2 numa nodes, where core 0-31 are on numa node 0 and core 32-63 are on numa node 1, it is suggested to use -tp 2 and bind tp rank 0 to core 0-31 and tp rank 1 to core 32-63. This is the default behavior if SGLANG_CPU_OMP_THREADS_BIND is not set and it is the same as setting SGLANG_CPU_OMP_THREADS_BIND=0-31|32-63. If you do need tp_size to be larger than the number of numa nodes, you could set SGLANG_CPU_OMP_THREADS_BIND explicitly for example SGLANG_CPU_OMP_THREADS_BIND=0-15|16-31|32-47|48-63 and run with -tp 4. If you don't want each tp rank to use all the cores on one numa node, you could set for example SGLANG_CPU_OMP_THREADS_BIND=0-15|32-47 and run with -tp 2.",
        rank="TP2",
    ),
)
case(  # a trap: two CPU-backend fallbacks logged as warnings; the server comes up
    "cpu-amx-fallback-and-numa-warnings-then-ready",
    "AMD EPYC (no AMX, 4 NUMA nodes), --device cpu --attention-backend intel_amx --tp 2",
    "sglang/srt/server_args.py:2425 ('The current platform does not support Intel AMX, will fallback to torch_native backend.') and model_runner.py:2593 ('Detected the current machine has {n} numa nodes available, but tp_size is set to {tp}, so only {tp} numa nodes are used.')",
    "healthy",
    "the CPU backend falls back and uses fewer NUMA nodes, with warnings; the server reaches ready",
    startup("serving").replace(
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(0)} WARNING:  The current platform does not support Intel AMX, will fallback to torch_native backend.\n"
        f"{ts(4, 'TP0')} Detected the current machine has 4 numa nodes available, but tp_size is set to 2, so only 2 numa nodes are used.\n"
        f"{ts(5, 'TP0')} Init torch distributed begin.",
    ),
)

# ================================================================================ NVIDIA Blackwell (sm100 / sm120)
FI_CSRC = f"{PKG}/flashinfer/data/csrc/nv_internal/tensorrt_llm/kernels/cutlass_kernels"
FI_MOE = (
    LOOP
    + QWEN_MOE
    + (
        ("layers/moe/fused_moe_triton/layer.py", 1010, "forward_impl", "combine_input = self.run_moe_core("),
        ("layers/quantization/fp8.py", 1300, "apply", "output = flashinfer_cutlass_fused_moe("),
        (
            f"{PKG}/flashinfer/fused_moe/core.py",
            860,
            "cutlass_fused_moe",
            "return get_cutlass_fused_moe_module(device_arch).cutlass_fused_moe(",
        ),
        (f"{PKG}/flashinfer/fused_moe/core.py", 560, "cutlass_fused_moe", "run_moe("),
    )
)
TLLM_TRACE = "1       0x7f8a3c21b5e9 tensorrt_llm::common::TllmException::TllmException(char const*, unsigned long, char const*) + 121\n2       0x7f8a3c4e2a10 /root/.cache/flashinfer/0.6.7.post3/120a/cached_ops/fused_moe_120/fused_moe_120.so(+0x2e2a10) [0x7f8a3c4e2a10]"
case(
    "blackwell-sm120-cutlass-moe-gemm-only-nvfp4",
    "NVIDIA RTX PRO 6000 Blackwell (sm_120), FP8 MoE with --moe-runner-backend flashinfer_cutlass",
    "flashinfer-python 0.6.7.post3 data/csrc/nv_internal/tensorrt_llm/kernels/cutlass_kernels/cutlass_heuristic.cpp:631 (TLLM_THROW 'Not Implemented: SM120 GEMM only supports nvfp4.'), what() per cpp/common/tllmException.cpp",
    "config_error",
    "FlashInfer's cutlass MoE on sm_120 only has NVFP4 kernels: this quantization / backend pair is unsupported on the GPU",
    scheduler_dies(
        "cuda_graph",
        CAPTURE_RAISE,
        capture_failed(
            f"Not Implemented: SM120 GEMM only supports nvfp4. ({FI_CSRC}/cutlass_heuristic.cpp:631)\n{TLLM_TRACE}"
        ),
    ),
)
case(  # arguable: a cutlass initialisation failure with no clearer cause is a kernel error; it could also be an unsupported config
    "blackwell-cutlass-grouped-gemm-init-error-internal-serving",
    "NVIDIA RTX 5090 (sm_120), MoE through FlashInfer's TRT-LLM cutlass kernels",
    "flashinfer-python 0.6.7.post3 data/csrc/nv_internal/tensorrt_llm/kernels/cutlass_kernels/moe_gemm/moe_gemm_template_dispatch.h:202 (TLLM_CHECK_WITH_INFO 'Failed to initialize cutlass grouped gemm. Error: ' + cutlassGetStatusString) via assert.h throwRuntimeError",
    "cuda_error_other",
    "the cutlass grouped GEMM failed to initialise on the device while serving (Error Internal): a kernel / CUDA-level failure",
    scheduler_dies(
        "serving",
        FI_MOE,
        f"RuntimeError: [TensorRT-LLM][ERROR] Assertion failed: Failed to initialize cutlass grouped gemm. Error: Error Internal ({FI_CSRC}/moe_gemm/moe_gemm_template_dispatch.h:202)\n{TLLM_TRACE}",
    ),
)
case(
    "blackwell-triton-ptxas-sm121a-not-defined-capture",
    "NVIDIA GB10 / DGX Spark (sm_121) with Triton's bundled ptxas from CUDA 12.8",
    "triton python/triton/runtime/errors.py PTXASError + backends/nvidia/compiler.py (make_cubin); ptxas's own 'Value ... is not defined for option gpu-name', as printed in triton-lang/triton#8539",
    "config_error",
    "the toolchain Triton uses (its bundled ptxas) does not know this GPU's arch: a version mismatch fixed by a newer ptxas (TRITON_PTXAS_PATH)",
    scheduler_dies(
        "cuda_graph",
        CAPTURE
        + (
            ("models/qwen3.py", 420, "forward", "hidden_states = self.model("),
            ("layers/layernorm.py", 90, "forward_cuda", "out = rmsnorm(x, self.weight.data, self.variance_epsilon)"),
            (
                f"{PKG}/triton/runtime/jit.py",
                390,
                "<lambda>",
                "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
            ),
            (
                f"{PKG}/triton/runtime/jit.py",
                594,
                "run",
                "kernel = self.compile(src, target=target, options=options.__dict__)",
            ),
            (f"{PKG}/triton/compiler/compiler.py", 359, "compile", "next_module = compile_ir(module, metadata)"),
            (
                f"{PKG}/triton/backends/nvidia/compiler.py",
                465,
                "<lambda>",
                'stages["cubin"] = lambda src, metadata: self.make_cubin(src, metadata, options, self.target.arch)',
            ),
            (f"{PKG}/triton/backends/nvidia/compiler.py", 442, "make_cubin", 'raise PTXASError(f"{error}\\n"'),
        ),
        "triton.runtime.errors.PTXASError: PTXAS error: Internal Triton PTX codegen error\n`ptxas` stderr:\nptxas fatal   : Value 'sm_121a' is not defined for option 'gpu-name'\n\n"
        f"Repro command: {PKG}/triton/backends/nvidia/bin/ptxas -lineinfo -v --gpu-name=sm_121a /tmp/tmpkw7ug6t8.ptx -o /tmp/tmpkw7ug6t8.ptx.o\n",
    ),
)
case(
    "blackwell-mxfp8-dense-needs-sm100-sm120",
    "NVIDIA H100 (sm_90) serving an MXFP8 checkpoint",
    "sglang/srt/layers/quantization/fp8_utils.py:909 (0.5.10.post1: 'MXFP8 dense linear requires Blackwell GPUs (SM100/SM120).')",
    "config_error",
    "the checkpoint's quantization needs a Blackwell GPU: unsupported on this hardware",
    scheduler_dies(
        "cuda_graph",
        CAPTURE_RAISE,
        capture_failed("MXFP8 dense linear requires Blackwell GPUs (SM100/SM120)."),
    ),
)
case(
    "blackwell-fp8-blockscale-gemm-only-hopper",
    "NVIDIA B200 (sm_100), FP8 block-scale MoE through FlashInfer's TRT-LLM fp8 blockscale GEMM",
    "flashinfer-python 0.6.7.post3 data/csrc/nv_internal/tensorrt_llm/kernels/cutlass_kernels/fp8_blockscale_gemm/fp8_blockscale_gemm.cu:73 (TLLM_THROW 'fp8 blockscale gemm only supported on Hopper.')",
    "config_error",
    "the selected FP8 block-scale kernel exists only for Hopper: the kernel backend does not fit this GPU",
    scheduler_dies(
        "serving",
        FI_MOE,
        f"RuntimeError: fp8 blockscale gemm only supported on Hopper. ({FI_CSRC}/fp8_blockscale_gemm/fp8_blockscale_gemm.cu:73)\n{TLLM_TRACE}",
    ),
)


# The classifier's misses at first sight (one run, after the labels above were fixed): strict, so a fix must remove the
# entry. Filled in from that run; no log or label above was changed after it.
# Afterwards (lead): four fixed by family (the capture wrapper's inner message is read for a kernel with no variant,
# a GPU generation the kernel requires, `only supports`, and HCCL as the distributed family); three labels revised to
# the corpus's convention (each says why at its case); three stay, their labels open to argument.
XFAIL: dict[str, str] = {
    # a hardware error whose cause is a build / package that does not fit the chip, read as a plain device error
    "npu-aclnn-parse-kernel-config-561103-capture": "cuda_error_other (cuda.error)",
    # ROCm's OOM spelled by the HSA queue-abort callback (no torch OutOfMemoryError), then abort()
    "rocm-hsa-out-of-resources-queue-abort-serving": "unknown (unnamed.consequence)",
    # a TensorRT-LLM kernel assertion with no cause named, read as a settings error
    "blackwell-cutlass-grouped-gemm-init-error-internal-serving": "config_error (unnamed.exception)",
}
FIRST_SIGHT = "22/32"


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_hardware_message_in_sglangs_wrapper_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.hardware} {t.source}: {d.label} by {d.rule}"


def test_every_case_says_why() -> None:
    assert all(t.why and t.source for t in CASES.values())
