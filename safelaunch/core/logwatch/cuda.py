"""Failure rules, CUDA family: CUDA, driver and kernel errors that are not about memory.

Memory settings will not fix these (a driver or extension version mismatch, an illegal access),
so they get a label of their own; the OOM rules are tried first, since CUDA's OOM is also a "CUDA error".
ROCm spells the same errors `HIP error` / `hipError...`; Ascend's stack (torch_npu, CANN's aclnn operators) spells
its device and kernel runtime errors `NPU function error`, `call aclnnX failed`, `ACL stream synchronize failed` and
CANN's inner errors (`EZ9999: Inner Error!`, `AclNN_Inner_Error(EI9999)`): the same family on another accelerator.
"may lead to ... CUDA errors" in an argument check's prose is not one (the plural).
"""

from __future__ import annotations

import re

from .rule import TIER_CAUSE, Rule, searching

CUDA = re.compile(
    r"CUDA (?:driver |runtime )?[Ee]rror(?!s)|hipError\w+|cudaError\w+|illegal memory access"
    r"|device-side assert triggered"
    # a kernel's own device-side assertion, as CUDA prints it before the "device-side assert triggered" error
    # (`IndexKernel.cu:92: operator(): block: [0,0,0], thread: [4,0,0] Assertion `...` failed.`)
    r"|\.cuh?:\d+: .{0,200}block: \[\d+,\d+,\d+\], thread: \[\d+,\d+,\d+\] Assertion"
    r"|invalid resource handle"
    r"|CUBLAS_STATUS_\w+|CUDNN_STATUS_\w+|cuDNN error"
    # cudaGetErrorString's words, which kernels quote without "CUDA error": "RMSNorm failed with error code ..."
    r"|invalid configuration argument|an illegal instruction was encountered"
    r"|CUDA driver version is insufficient|driver/library version mismatch|Triton Error \[CUDA\]"
    r"|misaligned address|unspecified launch failure|not permitted when stream is capturing"
    r"|Found no NVIDIA driver|CUDA initialization|uncorrectable ECC|illegal instruction|CUDA kernel launch"
    r"|cuda(?:Malloc|Memcpy)\w* failed|invalid device ordinal|driver on your system is too old"
    r"|NVML_SUCCESS == |unsupported display driver|forward compatibility was attempted|cudaGetDeviceCount"
    # ROCr's own device faults, without a Python traceback (`HW Exception by GPU node-7 (Agent handle: ...) reason :GPU
    # Hang`, `Queue 0x... aborting with error : HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION`), like `Memory access fault`
    r"|HW Exception by GPU node|HSA_STATUS_ERROR_\w+"
    r"|No CUDA GPUs are available|Memory access fault|HIP error|CUDA unknown error|CUDA_ERROR_\w+"
    # a driver API call's code as an extension prints it (torch_memory_saver's `CUresult error  result=1 file=...`;
    # its code 2, out of memory, is the OOM family's, tried first)
    r"|CUresult error:?\s+(?:result=)?\d+"
    # no driver reachable: a container started without the GPU runtime (docker's `could not select device driver ""
    # with capabilities: [[gpu]]`, the toolkit's hook `nvidia-container-cli: requirement error: ... please update your
    # driver` / `initialization error: load library failed: libnvidia-ml.so.1`), the image's banner saying so, or the
    # driver's own tools missing (`nvidia-smi not found`)
    r"|could not select device driver .{0,20}capabilities: \[\[gpu\]\]|nvidia-container-cli: \w+ error"
    r"|NVIDIA Driver was not detected|nvidia-smi not found|hl-smi: not found"
    # the driver reporting a GPU gone (`nvidia-smi error: Unable to determine the device handle for GPU0000:3B:00.0: GPU
    # is lost.`), and Intel's Level Zero runtime in its own codes (`UR_RESULT_ERROR_DEVICE_LOST`)
    r"|GPU is lost|Unable to determine the device handle|UR_RESULT_ERROR_\w+|Failed to initialize NVML"
    # a compiled extension built against another torch / CUDA than the one installed (a version mismatch)
    r"|undefined symbol"
    # Ascend (torch_npu / CANN / aclnn): a device or kernel runtime error, as CUDA's above
    r"|NPU function error|\baclnn\w+ failed|ACL stream synchronize failed"
    r"|\bE[0-9A-Z]9999: Inner Error|Inner_Error\(E[0-9A-Z]9999\)"
)

CUDA_ERROR = Rule("cuda.error", "cuda", TIER_CAUSE, searching(CUDA))

# A Python warning that states a CUDA error (torch's `UserWarning: CUDA initialization: The NVIDIA driver on your system
# is too old (found version 12040)`, `... Unexpected error from cudaGetDeviceCount() ... Error 804`): the process goes
# on and fails later in words that name no cause (`RuntimeError: No accelerator (CUDA, XPU, HPU) is available.`).
# Not fatal: it decides only when start-up then dies of nothing better (a server that reaches ready proves it harmless).
PY_WARNING = re.compile(r"\w+Warning: ")


def _warned(msg: str, exc_type: str | None) -> str | None:
    return msg if exc_type is None and PY_WARNING.search(msg) and CUDA.search(msg) else None


CUDA_WARNED = Rule("cuda.warned", "cuda", TIER_CAUSE, _warned, fatal=False)
