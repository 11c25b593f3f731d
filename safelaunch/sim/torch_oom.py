"""PyTorch's `torch.OutOfMemoryError` text, word for word, from the caching allocator's figures.

Both memory backends and the serving-OOM fault need the same message (`c10/cuda/CUDACachingAllocator.cpp`),
and the classifier under test parses its numbers, so it is formatted in exactly one place.
"""

from __future__ import annotations

from dataclasses import dataclass


def format_size(nbytes: int) -> str:
    """c10's `format_size`: bytes up to 1 KiB, then KiB/MiB/GiB with two decimals."""
    if nbytes <= 1024:
        return f"{nbytes} bytes"
    if nbytes <= 1048576:
        return f"{nbytes / 1024.0:.2f} KiB"
    if nbytes <= 1073741824:
        return f"{nbytes / 1048576.0:.2f} MiB"
    return f"{nbytes / 1073741824.0:.2f} GiB"


@dataclass(frozen=True)
class OomFigures:
    """The numbers PyTorch's caching allocator reports when an allocation does not fit."""

    tried: int
    gpu: int
    total: int
    free: int
    in_use: int  # "this process has X memory in use" (NVML, includes non-PyTorch memory)
    allocated: int  # allocated by PyTorch, including private pools
    private_pools: int  # allocated in private pools (CUDA graphs); the clause is omitted when 0
    reserved_unallocated: int


def torch_oom_message(f: OomFigures) -> str:
    """`torch.OutOfMemoryError`'s message, word for word (tests/fixtures/torch-oom.json)."""
    private = (
        f"with {format_size(f.private_pools)} allocated in private pools (e.g., CUDA Graphs), "
        if f.private_pools > 0
        else ""
    )
    return (
        f"CUDA out of memory. Tried to allocate {format_size(f.tried)}. GPU {f.gpu} has a total capacity of "
        f"{format_size(f.total)} of which {format_size(f.free)} is free. Including non-PyTorch memory, this process "
        f"has {format_size(f.in_use)} memory in use. Of the allocated memory {format_size(f.allocated)} is allocated "
        f"by PyTorch, {private}and {format_size(f.reserved_unallocated)} is reserved by PyTorch but unallocated. "
        "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True "
        "to avoid fragmentation.  See documentation for Memory Management  "
        "(https://docs.pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf)"
    )
