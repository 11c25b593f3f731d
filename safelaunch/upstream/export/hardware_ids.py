"""Our hardware keys -> the cookbook's `hw` ids, and the exact hardware a config was verified on.

Why apart: honesty about hardware is its own rule. Where the cookbook's HARDWARE_CATALOG id is coarser than
ours (an H200 NVL is not an H200) we emit a custom hardware entry instead of borrowing the nearest id, and the
exact NVML device name, GPU count, driver and NVLink count travel with every cell, recipe and PR text.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from safelaunch.core.hardware import hw_class
from safelaunch.store import VerifiedConfig
from safelaunch.upstream.export.shapes import HwEntry

# The cookbook's HARDWARE_CATALOG (docs_new/src/snippets/_deployment.jsx); our key maps to the id unchanged.
CATALOGUE_HW = frozenset({"h100", "h200", "b200", "b300", "gb200", "gb300", "mi300x", "mi325x", "mi350x", "mi355x"})


# Our finer keys -> the custom entry they export as (rtx6000 is the id DeepSeek-V4's config already uses).
CUSTOM_HW: Mapping[str, HwEntry] = {
    "h200-nvl": HwEntry("h200-nvl", "H200 NVL", "141GB"),
    "h100-nvl": HwEntry("h100-nvl", "H100 NVL", "94GB"),
    "h100-pcie": HwEntry("h100-pcie", "H100 PCIe", "80GB"),
    "h20": HwEntry("h20", "H20", "96GB"),
    "a100-80gb": HwEntry("a100-80gb", "A100 80GB", "80GB"),
    "a100-40gb": HwEntry("a100-40gb", "A100 40GB", "40GB"),
    "l40s": HwEntry("l40s", "L40S", "48GB"),
    "l4": HwEntry("l4", "L4", "24GB"),
    "rtx-pro-6000": HwEntry("rtx6000", "RTX PRO 6000", "96GB"),
}


def parse_fingerprint(fp: str) -> dict[str, Any]:
    """`NVIDIA H200|x8|150754820096|nvlink18` (hardware.Host.fingerprint) -> its parts; missing parts absent."""
    out: dict[str, Any] = {}
    parts = fp.split("|") if fp else []
    if parts:
        out["name"] = parts[0]
    for part in parts[1:]:
        if re.fullmatch(r"x\d+", part):
            out["count"] = int(part[1:])
        elif re.fullmatch(r"\d+", part):
            out["memory_total"] = int(part)
        elif re.fullmatch(r"nvlink\d+", part):
            out["nvlinks"] = int(part[6:])
    return out


def hardware_id(cfg: VerifiedConfig) -> tuple[str, HwEntry | None]:
    """The cookbook `hw` id for a config, and the custom entry it needs when the catalogue has no honest id."""
    if cfg.hw_key in CATALOGUE_HW:
        return cfg.hw_key, None
    entry = CUSTOM_HW.get(cfg.hw_key)
    if entry is None:
        mem = parse_fingerprint(cfg.host_fingerprint).get("memory_total")
        row = hw_class(cfg.hw_key)
        mem = mem or (row.memory_total if row else None)
        vram = f"{math.ceil(mem / 2**30)}GB" if mem else "?"
        label = (cfg.device_name or cfg.hw_key).removeprefix("NVIDIA ").strip()
        entry = HwEntry(cfg.hw_key, label, vram)
    return entry.id, entry


def hardware_evidence(cfg: VerifiedConfig) -> str:
    """`8x NVIDIA H200, driver 570.133.20, 18 NVLink links per GPU` from what the store recorded."""
    fp = parse_fingerprint(cfg.host_fingerprint)
    name = cfg.device_name or fp.get("name") or cfg.hw_key
    text = f"{cfg.gpu_count}x {name}"
    text += f", driver {cfg.driver_version}" if cfg.driver_version else ", driver unknown"
    if "nvlinks" in fp:
        text += f", {fp['nvlinks']} active NVLink links per GPU" if fp["nvlinks"] else ", no NVLink (PCIe only)"
    return text
