"""The verdict's last part: one sentence on what to change, by label, with the figures that matter.

The label is only useful because the direction of the fix differs by it (lower the fraction for graphs and
workspaces, raise it for the KV pool, a larger TP for the weights); the hint says that direction in words a
person can act on, quoting the figures the log gave (batch size, how much more memory was needed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .config import BUILD, INTERPRETER
from .oom import OOM


def _size(n: int) -> str:
    return f"{n / (1 << 30):.2f} GiB" if n >= 1 << 30 else f"{n / (1 << 20):.0f} MiB"


def hint_for(label: str, numbers: Mapping[str, Any], detail: str = "") -> str:
    """One sentence on what to change; the direction differs by label and is the point of the label."""
    if label == "oom_cuda_graph":
        bs = f" at batch size {numbers['batch_size']}" if "batch_size" in numbers else ""
        need = ""
        if "tried_bytes" in numbers and "free_bytes" in numbers:
            need = f" (about {_size(max(0, numbers['tried_bytes'] - numbers['free_bytes']))} more per GPU was needed)"
        return (
            f"CUDA graph capture ran out of memory{bs}{need}: lower --mem-fraction-static to leave room for the "
            "graphs, or lower --cuda-graph-max-bs."
        )
    if label == "oom_moe_workspace":
        if "num_max_dispatch_tokens_per_rank" in detail:
            return (
                "The DeepEP dispatch buffer is smaller than the batch: lower --cuda-graph-max-bs or raise "
                "SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK; the memory fraction is not the cause."
            )
        if numbers.get("fixed_buffer"):
            return (
                "FlashInfer's fixed workspace buffer is smaller than the batch asks: lower --chunked-prefill-size (or "
                "--cuda-graph-max-bs for decode) or raise SGLANG_FLASHINFER_WORKSPACE_SIZE; the memory fraction is "
                "not the cause."
            )
        return (
            "A MoE/FlashInfer/DeepEP/DeepGEMM workspace did not fit: lower --mem-fraction-static to leave room for "
            "it, or lower --cuda-graph-max-bs / --chunked-prefill-size."
        )
    if label == "oom_kv_cache":
        if "suggested_mem_fraction" in numbers:
            return (
                f"The weights leave no room for the KV cache: raise --mem-fraction-static above "
                f"{numbers['suggested_mem_fraction']}, or use a larger --tp."
            )
        if OOM.search(detail):
            return (
                "Allocating the KV cache pool itself ran out of GPU memory: use a larger --tp, and check that no "
                "other process holds memory on the GPU; raising --mem-fraction-static will not help here."
            )
        return "The KV cache does not fit beside the weights: raise --mem-fraction-static, or use a larger --tp."
    if label == "oom_weights":
        return (
            "The weights do not fit in GPU memory at this tensor parallelism: use a larger --tp (or a smaller or "
            "quantized checkpoint); --mem-fraction-static does not help."
        )
    if label == "oom_runtime":
        return (
            "Out of memory while serving: lower --mem-fraction-static to leave more room for activations, or lower "
            "--max-running-requests / --chunked-prefill-size."
        )
    if label == "nccl_or_distributed":
        return (
            "A distributed (NCCL/gloo/torch.distributed) failure: check /dev/shm, NCCL_* settings and that every "
            "rank is alive, then retry (--disable-custom-all-reduce can help)."
        )
    if label == "port_in_use":
        return "An address is already in use: choose another --port (or --nccl-port) or stop the process holding it."
    if label == "config_error":
        if INTERPRETER.search(detail):
            return (
                "The interpreter cannot start SGLang (python -m finds no such module): SGLang is not installed for "
                "it; install it there or pass the interpreter that has it (--python). A retry will not help."
            )
        if BUILD.search(detail):
            return (
                "A compiler or linker run at start-up failed (a kernel or Triton's driver module built on first use): "
                "install what it lacks (a C compiler, CUDA's libcuda.so on the linker's path, headers). A retry will "
                "not help."
            )
        return (
            "A launch argument, the model path or the environment is invalid: fix what SGLang names; a retry will "
            "not help."
        )
    if label == "cuda_error_other":
        return (
            "A CUDA error that is not about memory: check driver, CUDA and kernel versions, or disable CUDA graphs "
            "or the failing backend; memory settings will not fix it."
        )
    if label == "healthy":
        return "Nothing to change: the server reached ready."
    if label == "started":
        return (
            "No failure: start-up had built the model worker (weights, KV pool, graphs) when this log stops, "
            "before SGLang's ready line; readiness is that line or /health."
        )
    return "No known failure pattern matched: read the evidence lines."
