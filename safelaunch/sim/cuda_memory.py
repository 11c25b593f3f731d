"""The real CUDA memory backend of the simulated engine (`python -m safelaunch.sim --memory cuda`).

Everything the simulated engine decides (what to allocate, in which order, SGLang's log lines) stays the
same; this backend makes each allocation real on the rank's own GPU with PyTorch: weights and the KV pool
as tensors, each decode batch size as a real `torch.cuda.CUDAGraph` capture of a real kernel whose
activation buffers grow with the batch size, in one shared graph pool as SGLang captures them. When a
fraction is too high, what ends the start is PyTorch's own `torch.OutOfMemoryError`, its text untouched,
raised in the phase where the memory really ran out; NVML sees the memory held and freed for real.

PyTorch is imported only inside the rank's process (spawned, never forked: CUDA does not survive fork).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from safelaunch.sim.memory_base import GpuOutOfMemory, MemInfo, RankSpec

HIDDEN = 4096  # the width of the kernel captured per batch size (a bf16 GEMM against a resident weight)


def _find_oom(exc: BaseException) -> BaseException | None:
    """The OutOfMemoryError behind `exc`: capture teardown can raise a second error on top of the first."""
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        if type(cur).__name__ == "OutOfMemoryError" or "out of memory" in str(cur).lower():
            return cur
        cur = cur.__cause__ or cur.__context__
    return None


class CudaRank:
    """One rank's GPU through PyTorch's caching allocator; every figure comes from the device itself."""

    def __init__(self, spec: RankSpec) -> None:
        import torch

        self.torch = torch
        count = torch.cuda.device_count()
        if count == 0:
            from safelaunch.errors import ConfigError

            raise ConfigError("--memory cuda: PyTorch sees no CUDA device")
        # SGLang gives rank r the device base_gpu_id + r among the visible ones.
        self.device = torch.device("cuda", spec.rank % count)
        self.gpu_index = spec.gpu_index
        torch.cuda.set_device(self.device)
        self.tensors: dict[str, list[Any]] = {}
        self.graphs: list[tuple[Any, ...]] = []
        self.pool = torch.cuda.graph_pool_handle()
        self.stream = torch.cuda.Stream(self.device)
        self.weight = torch.randn(HIDDEN, HIDDEN, device=self.device, dtype=torch.bfloat16)

    def mem_get_info(self) -> MemInfo:
        free, total = self.torch.cuda.mem_get_info(self.device)
        return MemInfo(free=int(free), total=int(total))

    def _oom(self, exc: BaseException, tried: int) -> GpuOutOfMemory:
        info = self.mem_get_info()
        return GpuOutOfMemory(str(exc).strip(), tried, info.free, info.total, self.device.index or 0)

    def allocate(self, tag: str, nbytes: int, chunk: int | None = None) -> None:
        torch = self.torch
        held = self.tensors.setdefault(tag, [])
        remaining = int(nbytes)
        step = int(chunk or nbytes) or 1
        while remaining > 0:
            piece = min(step, remaining)
            try:
                held.append(torch.empty(piece, dtype=torch.uint8, device=self.device))
            except torch.OutOfMemoryError as exc:
                raise self._oom(exc, piece) from None
            remaining -= piece

    def capture_graph(self, bs: int, nbytes: int) -> None:
        """Capture a GEMM + GELU over a (bs, HIDDEN) batch, with `nbytes` of activations in the graph pool."""
        torch = self.torch
        rows = max(1, int(bs))
        elems = max(rows * HIDDEN, int(nbytes) // 2)
        try:
            static_in = torch.randn(rows, HIDDEN, device=self.device, dtype=torch.bfloat16)
            # warm-up on the side stream, as torch.cuda.graphs asks before a capture
            self.stream.wait_stream(torch.cuda.current_stream(self.device))
            with torch.cuda.stream(self.stream):
                torch.nn.functional.gelu(static_in @ self.weight)
            torch.cuda.current_stream(self.device).wait_stream(self.stream)
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph, pool=self.pool, stream=self.stream):
                hidden = static_in @ self.weight
                act = torch.empty(elems, device=self.device, dtype=torch.bfloat16)
                act[: hidden.numel()].copy_(hidden.view(-1))
                out = torch.nn.functional.gelu(act[: hidden.numel()].view(rows, HIDDEN))
            graph.replay()
        except Exception as exc:  # an OOM inside capture may surface wrapped by the capture's teardown
            oom = _find_oom(exc)
            if oom is None:
                raise
            raise self._oom(oom, int(nbytes)) from None
        self.graphs.append((graph, static_in, act, out))

    def release(self, tag: str) -> None:
        self.tensors.pop(tag, None)  # the caching allocator keeps the blocks reserved, as in SGLang

    def close(self) -> None:
        self.graphs.clear()
        self.tensors.clear()
        self.torch.cuda.synchronize(self.device)
        self.torch.cuda.empty_cache()


@dataclass(frozen=True)
class CudaBackend:
    name: str = "cuda"
    start_method: str = "spawn"

    def preflight(self) -> None:
        return None

    def open_rank(self, spec: RankSpec) -> CudaRank:
        return CudaRank(spec)


def available() -> str | None:
    """None when PyTorch with CUDA can be imported here, else why not (without initialising CUDA)."""
    try:
        import importlib.util

        if importlib.util.find_spec("torch") is None:
            return "PyTorch is not installed"
    except (ImportError, ValueError):
        return "PyTorch is not installed"
    return None
