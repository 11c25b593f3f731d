"""The shapes an export emits (cookbook cells, benchmark entries, whole documents) and their JS scalar spelling.

Why apart: every other export module passes these small frozen values around (selection builds them, `jsx`
renders them, `merge` splices them into an upstream file); keeping them in one leaf lets each of those stay
one concern. `js_str`/`js_num` write the scalars exactly as the cookbook's plain-literal contract wants.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from safelaunch.errors import SafelaunchError

FORMATS = ("sglang-docs", "yaml", "markdown")


class ExportError(SafelaunchError):
    """Nothing to export, or an upstream file we cannot update honestly (one line)."""


@dataclass(frozen=True)
class HwEntry:
    """A config-level `hardware: [{id, label, vram, vendor}]` entry, for GPUs the catalogue does not carry."""

    id: str
    label: str
    vram: str
    vendor: str = "nvidia"

    def to_js(self) -> str:
        return (
            f"{{ id: {js_str(self.id)}, label: {js_str(self.label)}, vram: {js_str(self.vram)}, "
            f"vendor: {js_str(self.vendor)} }}"
        )


@dataclass(frozen=True)
class Match:
    """The cookbook's five-key selector; `nodes` is always `single` for one host."""

    hw: str
    variant: str
    quant: str
    strategy: str
    nodes: str = "single"

    def as_dict(self) -> dict[str, str]:
        return {k: getattr(self, k) for k in ("hw", "variant", "quant", "strategy", "nodes")}

    def to_js(self) -> str:
        return "{ " + ", ".join(f"{k}: {js_str(v)}" for k, v in self.as_dict().items()) + " }"


@dataclass(frozen=True)
class Cell:
    match: Match
    verified: bool
    env: tuple[str, ...]
    flags: tuple[str, ...]
    evidence: tuple[str, ...] = ()  # comment lines inside the cell

    def as_dict(self) -> dict[str, Any]:
        """What a JavaScript parser reads back from the rendered cell."""
        return {
            "match": self.match.as_dict(),
            "verified": self.verified,
            "env": list(self.env),
            "flags": list(self.flags),
        }


@dataclass(frozen=True)
class BenchEntry:
    match: Match
    sglang_version: str | None
    speed: tuple[Mapping[str, Any], ...]
    evidence: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"match": self.match.as_dict()}
        if self.speed:
            if self.sglang_version:
                d["sglang_version"] = self.sglang_version
            d["speed"] = [dict(s) for s in self.speed]
        return d


@dataclass(frozen=True)
class ModelDoc:
    """Everything for one `<org>/<stem>.jsx` + `<org>/<stem>-benchmarks.jsx` pair."""

    org: str
    stem: str
    model: str
    cells: tuple[Cell, ...]
    benchmarks: tuple[BenchEntry, ...]
    hardware: tuple[HwEntry, ...]  # custom entries the cells need
    model_names: Mapping[str, str]  # "variant|quant" -> model path

    @property
    def config_path(self) -> str:
        return f"{self.org}/{self.stem}.jsx"

    @property
    def benchmarks_path(self) -> str:
        return f"{self.org}/{self.stem}-benchmarks.jsx"


@dataclass(frozen=True)
class MergeResult:
    text: str
    replaced: int
    added: int
    notes: tuple[str, ...] = ()


def js_str(s: str) -> str:
    return json.dumps(str(s), ensure_ascii=False)


def js_num(x: float | int) -> str:
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int) or float(x).is_integer():
        return str(int(x))
    return repr(float(x))


def one_line(text: str) -> str:
    return " ".join(str(text).split())
