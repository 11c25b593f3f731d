"""Live NVML: read every GPU into the recorded-inventory shape, and name the processes holding their memory.

This is the world-facing half of `safelaunch.core.hardware`: `read_nvml()` talks to the driver (pynvml) and
returns the plain dict that `core.hardware.host_from_inventory()` parses, `process_details()` asks psutil who
a pid is, and `detect()` chooses between a host profile and the live reading, as SGLang's CUDA runtime would
see it under CUDA_VISIBLE_DEVICES.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import replace
from types import ModuleType
from typing import Any

from safelaunch.core.hardware import PROFILE_ENV, Host, host_from_inventory, profile_host
from safelaunch.errors import NoGpuError


def process_details(pid: int) -> tuple[str | None, str | None]:
    """(name, user) of a process holding GPU memory; (None, None) when it is gone or not ours to inspect."""
    try:
        import psutil

        proc = psutil.Process(pid)
        with proc.oneshot():
            return proc.name(), proc.username()
    except Exception:  # gone, or another user's process we may not inspect
        return None, None


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _try(fn: Any, *args: Any, default: Any = None) -> Any:
    try:
        return fn(*args)
    except Exception:
        return default


def read_nvml(nvml: ModuleType | None = None) -> dict[str, Any]:
    """Read every GPU through NVML into the recorded-inventory shape. Raises NoGpuError when it cannot."""
    if nvml is None:
        try:
            import pynvml as nvml
        except ImportError:
            raise NoGpuError("nvidia-ml-py (pynvml) is not installed") from None
    try:
        nvml.nvmlInit()
    except Exception as exc:
        raise NoGpuError(
            f"NVML could not start: no NVIDIA driver or libnvidia-ml here ({_text(exc).strip()})"
        ) from None
    try:
        count = nvml.nvmlDeviceGetCount()
        devices = []
        for i in range(count):
            h = nvml.nvmlDeviceGetHandleByIndex(i)
            mem = nvml.nvmlDeviceGetMemoryInfo(h)
            procs: dict[int, int | None] = {}
            for getter in ("nvmlDeviceGetComputeRunningProcesses", "nvmlDeviceGetGraphicsRunningProcesses"):
                for p in _try(getattr(nvml, getter, None) or (lambda _h: []), h, default=[]) or []:
                    used = getattr(p, "usedGpuMemory", None)
                    procs[int(p.pid)] = int(used) if isinstance(used, int) else None
            links = []
            for link in range(18):
                state = _try(nvml.nvmlDeviceGetNvLinkState, h, link)
                if state is None:
                    break
                links.append({"link": link, "state": int(state)})
            pci = _try(nvml.nvmlDeviceGetPciInfo, h)
            devices.append(
                {
                    "index": i,
                    "name": _text(nvml.nvmlDeviceGetName(h)),
                    "uuid": _text(_try(nvml.nvmlDeviceGetUUID, h, default="")) or None,
                    "mem_total": int(mem.total),
                    "mem_free": int(mem.free),
                    "mem_used": int(mem.used),
                    "cc": list(_try(nvml.nvmlDeviceGetCudaComputeCapability, h, default=()) or ()) or None,
                    "pci_bus_id": _text(pci.busId) if pci is not None else None,
                    "mig_mode": list(_try(nvml.nvmlDeviceGetMigMode, h, default=()) or ()) or None,
                    "procs": [{"pid": pid, "used_memory": used} for pid, used in sorted(procs.items())],
                    "nvlink": links,
                }
            )
        return {
            "nvml": {
                "driver": _text(_try(nvml.nvmlSystemGetDriverVersion, default="")) or None,
                "cuda_driver": _try(nvml.nvmlSystemGetCudaDriverVersion),
                "devices": devices,
            }
        }
    finally:
        _try(nvml.nvmlShutdown)


def _visible(host: Host, visible: str | None) -> Host:
    """Apply CUDA_VISIBLE_DEVICES (indices or UUID prefixes) as SGLang's CUDA runtime would see it."""
    if visible is None or visible.strip() == "":
        return host if visible is None else replace(host, gpus=())
    chosen = []
    for token in (t.strip() for t in visible.split(",")):
        if not token:
            continue
        if token.isdigit():
            match = [g for g in host.gpus if g.index == int(token)]
        else:
            match = [g for g in host.gpus if g.uuid and g.uuid.startswith(token)]
        if not match:
            break  # CUDA stops at the first invalid entry
        chosen.extend(match)
    return replace(host, gpus=tuple(chosen))


def detect(profile: str | None = None, nvml: ModuleType | None = None) -> Host:
    """The host to plan for: an explicit profile, else $SAFELAUNCH_HOST_PROFILE, else live NVML."""
    spec = profile or os.environ.get(PROFILE_ENV)
    if spec:
        return profile_host(spec)
    live = host_from_inventory(read_nvml(nvml), process_details=process_details)
    host = _visible(live, os.environ.get("CUDA_VISIBLE_DEVICES"))
    if not host.gpus:
        raise NoGpuError("NVML reports no usable NVIDIA GPU")
    return host


def gpu_memory_by_pid(indices: Iterable[int] | None = None, nvml: ModuleType | None = None) -> dict[int, int]:
    """Bytes each process holds on the chosen GPUs right now (live NVML only); {} when NVML is absent."""
    try:
        inventory = read_nvml(nvml)
    except NoGpuError:
        return {}
    wanted = set(indices) if indices is not None else None
    held: dict[int, int] = {}
    for dev in inventory["nvml"]["devices"]:
        if wanted is not None and dev["index"] not in wanted:
            continue
        for p in dev["procs"]:
            held[p["pid"]] = held.get(p["pid"], 0) + int(p["used_memory"] or 0)
    return held


__all__ = ["NoGpuError", "detect", "gpu_memory_by_pid", "process_details", "read_nvml"]
