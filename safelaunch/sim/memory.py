"""The simulated memory backend: GPU memory as arithmetic, the default, and what runs everywhere.

It implements memory_base.py's contract the way PyTorch's caching allocator behaves on a real GPU
(2 MiB blocks, a CUDA context, reserved-but-unallocated slack after graph capture, a private graph pool),
and formats its out-of-memory errors with PyTorch's own text (torch_oom.py). The dry run (dryrun.py) uses
it directly, without processes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from safelaunch.sim.logfmt import MIB
from safelaunch.sim.memory_base import GpuOutOfMemory, MemInfo, RankSpec
from safelaunch.sim.torch_oom import OomFigures, torch_oom_message

BLOCK = 2 * MIB  # PyTorch's caching allocator rounds large blocks to 2 MiB
GRAPH_PIECE = 1 << 30  # largest single allocation while capturing one graph
CONTEXT_BYTES = 518 * MIB  # CUDA context of a fresh PyTorch process on an H200 (tests/fixtures/torch-oom.json)

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
