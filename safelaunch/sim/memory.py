"""The memory of one GPU as one SGLang scheduler process sees it: the interface, and the simulated backend.

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
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from safelaunch.errors import ConfigError
from safelaunch.sim.logfmt import MIB, OomFigures, torch_oom_message

BLOCK = 2 * MIB  # PyTorch's caching allocator rounds large blocks to 2 MiB
GRAPH_PIECE = 1 << 30  # largest single allocation while capturing one graph
CONTEXT_BYTES = 518 * MIB  # CUDA context of a fresh PyTorch process on an H200 (tests/fixtures/torch-oom.json)


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


# --------------------------------------------------------------------------- the simulated backend

# What NVML shows as used on an idle GPU (driver reserve), as safelaunch.core.hardware's profiles assume.
_IDLE_USED_BIG = 644939776
_IDLE_USED_SMALL = 429916160


def _round_block(n: int) -> int:
    return -(-n // BLOCK) * BLOCK


@dataclass
class SimGpu:
    """A GPU as PyTorch's caching allocator sees it: total, non-PyTorch memory, allocated, reserved, graph pool."""

    index: int
    total: int  # cudaMemGetInfo total: NVML total minus the driver's reserve
    non_torch: int  # CUDA context + NCCL/cuBLAS buffers + other processes
    rng: random.Random
    allocated: dict[str, int] = field(default_factory=dict)
    private_pool: int = 0
    reserved_slack: int = 0  # reserved by PyTorch but unallocated

    # ------------------------------------------------------------------ RankMemory

    @property
    def gpu_index(self) -> int:
        return self.index

    def _used(self) -> int:
        return self.non_torch + sum(self.allocated.values()) + self.private_pool + self.reserved_slack

    def mem_get_info(self) -> MemInfo:
        return MemInfo(free=max(0, self.total - self._used()), total=self.total)

    def _oom(self, tried: int) -> GpuOutOfMemory:
        free = self.mem_get_info().free
        allocated = sum(self.allocated.values()) + self.private_pool
        figures = OomFigures(
            tried=tried,
            gpu=self.index,
            total=self.total,
            free=free,
            in_use=self.total - free,
            allocated=allocated,
            private_pools=self.private_pool,
            reserved_unallocated=self.reserved_slack,
        )
        return GpuOutOfMemory(torch_oom_message(figures), tried, free, self.total, self.index)

    def _take(self, nbytes: int) -> int:
        """Room for one block-rounded allocation: the free pool first, then the caching allocator's slack."""
        need = _round_block(nbytes)
        if need > self.mem_get_info().free + self.reserved_slack:
            raise self._oom(need)
        from_slack = min(self.reserved_slack, need)
        self.reserved_slack -= from_slack
        return need

    def allocate(self, tag: str, nbytes: int, chunk: int | None = None) -> None:
        remaining = nbytes
        step = chunk or nbytes
        while remaining > 0:
            piece = min(step, remaining)
            got = self._take(piece)
            self.allocated[tag] = self.allocated.get(tag, 0) + got
            remaining -= piece

    def capture_graph(self, bs: int, nbytes: int) -> None:
        remaining = nbytes
        while remaining > 0:  # a capture allocates tensor by tensor; the biggest are ~1 GiB
            piece = min(GRAPH_PIECE, remaining)
            self.private_pool += self._take(piece)
            remaining -= piece
        # Capturing leaves a little reserved-but-unallocated memory behind (allocator splits, per scenario).
        self.reserved_slack += self.rng.randrange(0, 3) * BLOCK

    def release(self, tag: str) -> None:
        freed = self.allocated.pop(tag, 0)
        self.reserved_slack += freed  # the caching allocator keeps it reserved

    def close(self) -> None:
        self.allocated.clear()
        self.private_pool = 0
        self.reserved_slack = 0


@dataclass(frozen=True)
class SimBackend:
    """GPU memory as arithmetic: the default, and what runs everywhere (no GPU, no PyTorch)."""

    name: str = "sim"
    start_method: str = "fork"

    def preflight(self) -> None:
        return None

    def open_rank(self, spec: RankSpec) -> SimGpu:
        idle = _IDLE_USED_BIG if spec.nvml_total > 60 * 2**30 else _IDLE_USED_SMALL
        total = spec.nvml_total - idle
        others = max(0, spec.nvml_used - idle)  # memory other processes already hold on this GPU
        return SimGpu(
            index=spec.gpu_index,
            total=total,
            non_torch=CONTEXT_BYTES + others + spec.fragmentation_bytes,
            rng=random.Random(spec.seed * 1000003 + spec.rank),
        )


@dataclass(frozen=True)
class _UnavailableBackend:
    name: str
    reason: str
    start_method: str = "spawn"

    def preflight(self) -> None:
        raise ConfigError(self.reason)

    def open_rank(self, spec: RankSpec) -> RankMemory:
        raise ConfigError(self.reason)


def _cuda_backend() -> MemoryBackend:
    """The real CUDA backend (cuda_memory.py), or why it cannot run here; PyTorch is imported only by ranks."""
    from safelaunch.sim import cuda_memory

    why = cuda_memory.available()
    if why is not None:
        return _UnavailableBackend("cuda", f"--memory cuda: {why}; use --memory sim")
    return cuda_memory.CudaBackend()


BACKENDS: Mapping[str, MemoryBackend] = {"sim": SimBackend()}
MEMORY_ENV = "SAFELAUNCH_SIM_MEMORY"


def backend(name: str) -> MemoryBackend:
    if name == "cuda":
        return _cuda_backend()
    try:
        return BACKENDS[name]
    except KeyError:
        raise ConfigError(f"--memory {name}: expected one of sim, cuda") from None
