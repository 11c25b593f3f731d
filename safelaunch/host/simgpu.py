"""The simulated host's NVML: what each simulated GPU's memory use is, as the simulated engine publishes it.

On a real host the rise in used memory across a full-chunk prefill, and what is still free after it, come from
NVML (`host.engine.gpu_used_now`). A simulated host has no NVML, so the simulated engine's ranks write what NVML
would read (`used total` in bytes, one file per GPU index) into a directory safelaunch names in `DIR_ENV`. The
engine writes its own state, never safelaunch's estimates, and safelaunch reads it the way it reads NVML: the
judge and the judged stay apart. Files are written whole (a rename), so a reader never sees half a number.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

DIR_ENV = "SAFELAUNCH_SIM_NVML_DIR"


def publish(directory: str, gpu_index: int, used: int, total: int) -> None:
    """One simulated GPU's NVML reading (called by the simulated engine's rank that owns the GPU)."""
    path = Path(directory) / str(gpu_index)
    tmp = path.with_name(f".{gpu_index}.{os.getpid()}")
    with contextlib.suppress(OSError):
        tmp.write_text(f"{int(used)} {int(total)}\n")
        tmp.replace(path)


def clear(directory: str) -> None:
    """Forget the readings of an engine that is gone (before the next attempt starts)."""
    for path in Path(directory).glob("*"):
        with contextlib.suppress(OSError):
            path.unlink()


def usage(directory: str) -> dict[int, tuple[int, int]]:
    """(used, total) bytes per simulated GPU index, as last published; unreadable files are skipped."""
    out: dict[int, tuple[int, int]] = {}
    for path in Path(directory).glob("[0-9]*"):
        with contextlib.suppress(OSError, ValueError):
            used, total = path.read_text().split()
            out[int(path.name)] = (int(used), int(total))
    return out
