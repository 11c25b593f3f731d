"""The memory of one GPU as one SGLang scheduler process sees it: the interface every backend implements.

The engine (engine.py) decides WHAT to allocate and in which order, from the model and the flags, the
way SGLang does (weights, KV pool, CUDA graphs batch size by batch size, MoE workspace). A backend only
performs the allocations on one GPU and reports what `torch.cuda.mem_get_info` would. That split is what
lets a real CUDA backend (one process per GPU, `--memory cuda`, issue 9) slot in: it implements the same
five verbs with `torch.empty`, `torch.cuda.CUDAGraph` and `torch.cuda.mem_get_info`, turns a
`torch.OutOfMemoryError` into `GpuOutOfMemory(str(exc), ...)`, and the engine, the log lines and the
failure texts stay the same.

Contract for a backend (all sizes in bytes, per GPU):
- `MemoryBackend.open_rank(RankSpec) -> RankMemory` runs INSIDE the rank's own process (spawned with
  `MemoryBackend.start_method`: "fork" is fine for the sim, CUDA needs "spawn"), so a backend may hold
  a CUDA context there; nothing crosses processes but plain data.
- `RankMemory.mem_get_info() -> MemInfo(free, total)`, like `torch.cuda.mem_get_info(gpu)`.
- `RankMemory.allocate(tag, nbytes, chunk)` holds `nbytes` more under `tag`, allocated in pieces of at
  most `chunk` bytes (weights load tensor by tensor, so an OOM names the piece that did not fit, not the
  total). Raises `GpuOutOfMemory` and keeps what it got before the failing piece, as PyTorch does.
- `RankMemory.capture_graph(bs, nbytes)` captures the decode graph of batch size `bs`, growing the graph
  private pool by `nbytes` (the sim) or by whatever a real capture needs (`nbytes` is then the size of the
  activation buffers it should touch). Same failure contract.
- `RankMemory.release(tag)` frees a tag (activations after a forward); `close()` frees everything.

The simulated backend is memory.py, the CUDA one cuda_memory.py; backends.py picks one by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class GpuOutOfMemory(Exception):
    """An allocation that did not fit; `message` is PyTorch's own text (real, or formatted by the sim)."""

    def __init__(self, message: str, tried: int, free: int, total: int, gpu: int) -> None:
        super().__init__(message)
        self.message = message
        self.tried = tried
        self.free = free
        self.total = total
        self.gpu = gpu


@dataclass(frozen=True)
class MemInfo:
    free: int
    total: int


@dataclass(frozen=True)
class RankSpec:
    """What a backend needs to open one GPU for one rank (plain data: it crosses a process boundary)."""

    rank: int
    gpu_index: int  # the CUDA device index the rank uses
    nvml_total: int  # NVML's memory.total of that GPU
    nvml_used: int  # NVML's memory.used before the launch (driver reserve + other processes)
    seed: int  # hidden per-scenario variation (sim only)
    fragmentation_bytes: int = 0  # sim only: extra non-PyTorch memory this rank happens to hold


class RankMemory(Protocol):
    gpu_index: int

    def mem_get_info(self) -> MemInfo: ...

    def allocate(self, tag: str, nbytes: int, chunk: int | None = None) -> None: ...

    def capture_graph(self, bs: int, nbytes: int) -> None: ...

    def release(self, tag: str) -> None: ...

    def close(self) -> None: ...


class MemoryBackend(Protocol):
    name: str
    start_method: str

    def preflight(self) -> None:
        """Raise ConfigError in the launcher, before any rank starts, when this backend cannot run here."""
        ...

    def open_rank(self, spec: RankSpec) -> RankMemory: ...
