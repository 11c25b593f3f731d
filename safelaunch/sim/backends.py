"""Picks a memory backend by name (`--memory sim|cuda`): the factory above both backends.

The simulated backend (memory.py) is always available; the CUDA one (cuda_memory.py) is imported only
when asked for, and reports why it cannot run here (no PyTorch) as a backend whose preflight fails, so
the launcher refuses before any rank starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from safelaunch.errors import ConfigError
from safelaunch.sim.memory import SimBackend
from safelaunch.sim.memory_base import MemoryBackend, RankMemory, RankSpec


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
