"""GPU inventory, pure: an NVML inventory dict (or a host profile standing in for it) -> `Host`.

Live NVML and recorded inventories take the same path: `safelaunch.host.nvml.read_nvml()` produces a plain
dict in the shape of `fixtures/gpu/*/nvml-inventory.json`, and `host_from_inventory()` here turns any such
dict into a `Host`. That way the fixture tests exercise the real parser. The hardware-key table, the host
profiles and `fmt_bytes` live here too; reading NVML and looking processes up is the shell's (`host.nvml`).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from safelaunch.errors import ConfigError

PROFILE_ENV = "SAFELAUNCH_HOST_PROFILE"

# pid -> (process name, user): how a live reading names the processes holding GPU memory (host.nvml supplies it).
ProcessDetails = Callable[[int], tuple[str | None, str | None]]


@dataclass(frozen=True)
class HwClass:
    """One row of the hardware table: how to recognise a GPU and what a profile of it looks like."""

    key: str
    pattern: str  # full-match regex on NVML's device name
    nvml_name: str  # the name NVML reports, used for profiles
    memory_total: int  # bytes NVML reports as total, used for profiles
    compute_capability: tuple[int, int]
    nvlinks: int  # active NVLink count typical of the SXM/NVL board, used for profiles


# Order matters: the first full match wins, so the more specific names come first.
HW_TABLE: tuple[HwClass, ...] = (
    HwClass("h200-nvl", r"NVIDIA H200 NVL", "NVIDIA H200 NVL", 150754820096, (9, 0), 2),
    HwClass("h200", r"NVIDIA H200(?: SXM.*)?", "NVIDIA H200", 150754820096, (9, 0), 18),
    HwClass("h100-nvl", r"NVIDIA H100 NVL", "NVIDIA H100 NVL", 100485038080, (9, 0), 2),
    HwClass("h100-pcie", r"NVIDIA H100 PCIe", "NVIDIA H100 PCIe", 85520809984, (9, 0), 0),
    HwClass("h100", r"NVIDIA H100(?: 80GB HBM3| SXM5? 80GB| SXM.*)?", "NVIDIA H100 80GB HBM3", 85520809984, (9, 0), 18),
    HwClass("h20", r"NVIDIA H20", "NVIDIA H20", 102625181696, (9, 0), 18),
    HwClass("gb200", r"NVIDIA GB200.*", "NVIDIA GB200", 199214956544, (10, 0), 18),
    HwClass("b200", r"NVIDIA B200.*", "NVIDIA B200", 191468240896, (10, 0), 18),
    HwClass("b300", r"NVIDIA B300.*", "NVIDIA B300 SXM6 AC", 288435814400, (10, 3), 18),
    HwClass(
        "a100-40gb",
        r"NVIDIA A100[- ](?:SXM4|PCIE|PCIe)[- ]40GB|NVIDIA A100[- ]40GB.*",
        "NVIDIA A100-SXM4-40GB",
        42505273344,
        (8, 0),
        12,
    ),
    HwClass(
        "a100-80gb",
        r"NVIDIA A100[- ](?:SXM4|PCIE|PCIe)[- ]80GB|NVIDIA A100 80GB PCIe",
        "NVIDIA A100-SXM4-80GB",
        85899345920,
        (8, 0),
        12,
    ),
    HwClass("l40s", r"NVIDIA L40S", "NVIDIA L40S", 48305799168, (8, 9), 0),
    HwClass("l4", r"NVIDIA L4", "NVIDIA L4", 24152899584, (8, 9), 0),
    HwClass(
        "rtx-pro-6000",
        r"NVIDIA RTX PRO 6000 Blackwell.*",
        "NVIDIA RTX PRO 6000 Blackwell Server Edition",
        102641958912,
        (12, 0),
        0,
    ),
)
_BY_KEY = {row.key: row for row in HW_TABLE}
_COMPILED = tuple((re.compile(row.pattern), row) for row in HW_TABLE)


def hw_key_for(name: str) -> str:
    """NVML device name -> hardware key; unknown names become a lower-case slug so they never collide."""
    clean = name.strip()
    for pattern, row in _COMPILED:
        if pattern.fullmatch(clean):
            return row.key
    slug = re.sub(r"[^a-z0-9]+", "-", clean.lower()).strip("-")
    return slug.removeprefix("nvidia-") or "unknown"


def kernel_device_name(name: str) -> str:
    """The device name SGLang keys its tuned kernel configs on (`get_device_name().replace(' ', '_')`)."""
    return name.replace(" ", "_")


def hw_class(key: str) -> HwClass | None:
    return _BY_KEY.get(key)


def known_keys() -> tuple[str, ...]:
    return tuple(row.key for row in HW_TABLE)


@dataclass(frozen=True)
class GpuProcess:
    pid: int
    used_bytes: int | None
    name: str | None = None
    user: str | None = None


@dataclass(frozen=True)
class Gpu:
    index: int
    name: str
    hw_key: str
    kernel_device_name: str
    memory_total: int
    memory_free: int
    memory_used: int
    compute_capability: str | None
    pci_bus_id: str | None
    uuid: str | None
    nvlink_active: int
    mig_mode: str | None  # "enabled" / "disabled" / None when the GPU does not support MIG
    processes: tuple[GpuProcess, ...] = ()


@dataclass(frozen=True)
class Host:
    gpus: tuple[Gpu, ...]
    driver_version: str | None
    cuda_driver_version: str | None
    source: str  # "nvml" | "profile"
    description: str = ""

    @property
    def gpu_count(self) -> int:
        return len(self.gpus)

    @property
    def hw_key(self) -> str:
        """The key of the host's GPUs; a mixed host is keyed by its first GPU (and says so in `detect`)."""
        return self.gpus[0].hw_key if self.gpus else "none"

    @property
    def device_name(self) -> str:
        return self.gpus[0].name if self.gpus else ""

    @property
    def min_memory_total(self) -> int:
        return min((g.memory_total for g in self.gpus), default=0)

    @property
    def is_mixed(self) -> bool:
        return len({g.name for g in self.gpus}) > 1

    def fingerprint(self) -> str:
        """Identifies the hardware a config was verified on: exact name, count, memory, topology."""
        if not self.gpus:
            return "none"
        g = self.gpus[0]
        return f"{g.name}|x{self.gpu_count}|{g.memory_total}|nvlink{g.nvlink_active}"

    def to_json(self) -> dict[str, Any]:
        gpus = []
        for g in self.gpus:
            d = asdict(g)
            d["processes"] = [asdict(p) for p in g.processes]
            gpus.append(d)
        return {
            "gpus": gpus,
            "driver_version": self.driver_version,
            "cuda_driver_version": self.cuda_driver_version,
            "source": self.source,
        }


# --------------------------------------------------------------------------- inventory -> Host


def _format_cuda_version(raw: Any) -> str | None:
    """NVML gives the CUDA driver version as 13000 for 13.0; keep strings as they are."""
    if raw is None:
        return None
    if isinstance(raw, int):
        return f"{raw // 1000}.{(raw % 1000) // 10}"
    return str(raw)


def _mig(raw: Any) -> str | None:
    if raw is None:
        return None
    current = raw[0] if isinstance(raw, (list, tuple)) else raw
    return "enabled" if int(current) else "disabled"


def host_from_inventory(
    inventory: Mapping[str, Any], source: str = "nvml", process_details: ProcessDetails | None = None
) -> Host:
    """Build a Host from an NVML inventory dict (live or recorded); rejects shapes it cannot read.

    `process_details` names each process holding GPU memory (a live reading passes one); without it the
    processes keep only their pid and bytes."""
    if not isinstance(inventory, Mapping):
        raise ConfigError(f"inventory must be a JSON object with an 'nvml' object, not {type(inventory).__name__}")
    nvml = inventory.get("nvml", inventory)
    if not isinstance(nvml, Mapping):
        raise ConfigError(f"inventory 'nvml' must be an object with a 'devices' list, not {type(nvml).__name__}")
    devices = nvml.get("devices")
    if not isinstance(devices, list):
        raise ConfigError("inventory has no 'nvml.devices' list")
    gpus = []
    for pos, dev in enumerate(devices):
        try:
            gpus.append(_gpu_from(dev, pos, process_details))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise ConfigError(f"inventory device {pos} lacks a readable name or memory figure ({exc})") from None
    return Host(
        gpus=tuple(gpus),
        driver_version=nvml.get("driver"),
        cuda_driver_version=_format_cuda_version(nvml.get("cuda_driver")),
        source=source,
    )


def _gpu_from(dev: Mapping[str, Any], pos: int, process_details: ProcessDetails | None) -> Gpu:
    """One device of an inventory; any field of the wrong shape raises (the caller says which device)."""
    name = str(dev["name"])
    total = int(dev["mem_total"])
    free = int(dev.get("mem_free", total))
    used = int(dev.get("mem_used", total - free))
    cc = dev.get("cc")
    procs = tuple(
        GpuProcess(
            int(p["pid"]),
            p.get("used_memory"),
            *(process_details(int(p["pid"])) if process_details else (None, None)),
        )
        for p in dev.get("procs") or ()
    )
    return Gpu(
        index=int(dev.get("index", pos)),
        name=name,
        hw_key=hw_key_for(name),
        kernel_device_name=kernel_device_name(name),
        memory_total=total,
        memory_free=free,
        memory_used=used,
        compute_capability=f"{cc[0]}.{cc[1]}" if cc else None,
        pci_bus_id=dev.get("pci_bus_id"),
        uuid=dev.get("uuid"),
        nvlink_active=sum(1 for link in dev.get("nvlink") or () if link.get("state")),
        mig_mode=_mig(dev.get("mig_mode")),
        processes=procs,
    )


# --------------------------------------------------------------------------- profiles

_SPEC = re.compile(r"(?:(\d+)\s*[x×*]\s*)?([a-z0-9][a-z0-9-]*)")


def profile_host(spec: str) -> Host:
    """`8xh200` -> a Host of 8 idle H200s with NVML's figures; a path -> a recorded inventory."""
    path = Path(spec).expanduser()
    if path.suffix == ".json" or path.is_file() or os.sep in spec:
        try:
            data = json.loads(path.read_text())
        except FileNotFoundError:
            raise ConfigError(f"host profile {spec}: no such file") from None
        except (OSError, ValueError) as exc:
            raise ConfigError(f"host profile {spec}: not a readable JSON inventory ({exc})") from None
        host = host_from_inventory(data, source="profile")
        return replace(host, description=str(path))
    match = _SPEC.fullmatch(spec.strip().lower())
    row = _BY_KEY.get(match.group(2)) if match else None
    if not match or row is None:
        raise ConfigError(
            f"host profile {spec!r}: expected COUNTxKEY (e.g. 8xh200) with KEY one of {', '.join(known_keys())}, "
            "or a path to an NVML inventory JSON"
        )
    count = int(match.group(1) or 1)
    if not 1 <= count <= 64:
        raise ConfigError(f"host profile {spec!r}: GPU count must be between 1 and 64")
    major, minor = row.compute_capability
    baseline = 644939776 if row.memory_total > 60 * 2**30 else 429916160  # what an idle GPU shows as used
    gpus = tuple(
        Gpu(
            index=i,
            name=row.nvml_name,
            hw_key=row.key,
            kernel_device_name=kernel_device_name(row.nvml_name),
            memory_total=row.memory_total,
            memory_free=row.memory_total - baseline,
            memory_used=baseline,
            compute_capability=f"{major}.{minor}",
            pci_bus_id=f"00000000:{0x18 + i * 0x10:02X}:00.0",
            uuid=None,
            nvlink_active=row.nvlinks if count > 1 else 0,
            mig_mode="disabled",
        )
        for i in range(count)
    )
    return Host(gpus=gpus, driver_version=None, cuda_driver_version=None, source="profile", description=spec)


def fmt_bytes(n: int | float | None) -> str:
    if n is None:
        return "?"
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if abs(value) < 1024 or unit == "TiB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.2f} {unit}"
        value /= 1024
    return f"{value:.2f} TiB"


__all__ = [
    "Gpu",
    "GpuProcess",
    "Host",
    "HwClass",
    "ProcessDetails",
    "fmt_bytes",
    "host_from_inventory",
    "hw_key_for",
    "kernel_device_name",
    "profile_host",
]
