"""The ledger's records: one figure (bytes, how sure, which line), one GPU's figures, every GPU's; merging evidence.

A need seen in an OOM is only part of what its phase needs (the allocation that failed, plus what the phase
already held), so it is kept as a lower bound; a figure SGLang prints after a phase completed (the weights'
`mem usage`, a capture's `mem usage`) is exact. Attempts only add evidence: a need is the largest value
observed, so a later attempt that happened to fail earlier in a phase can never shrink it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

GiB = 1 << 30
EXACT = "exact"
AT_LEAST = "at least"  # a lower bound: an OOM shows only part of what its phase needs
ESTIMATE = "estimate"  # safelaunch.core.memory's model, until the log says more
# Seen from outside the log: NVML's used memory rising across a full-chunk prefill that the server answered (what
# PyTorch's caching allocator reserved for it). Unlike an OOM's lower bound it stands in for the estimate.
MEASURED = "measured"
# A capture OOM before the first (largest) batch's graph was done: SGLang captures the largest batch first and
# later graphs reuse its pool, so the whole pool is that first graph, of which the OOM saw only a part.
FIRST_GRAPH = "at least, first graph unfinished"
# An OOM in a serving forward: what the forward held when it died plus the allocation that failed; the rest of
# that forward (later layers' buffers, the LM head) is still to come, as with a first graph.
UNFINISHED_FORWARD = "at least, forward unfinished"


@dataclass(frozen=True)
class Figure:
    """One amount of GPU memory in bytes, how sure it is, and the log line (or estimate) it came from."""

    value: int
    kind: str = EXACT  # EXACT | AT_LEAST | ESTIMATE
    source: str = ""

    def show(self) -> str:
        mark = {
            EXACT: "",
            MEASURED: "",
            AT_LEAST: ">= ",
            FIRST_GRAPH: ">= ",
            UNFINISHED_FORWARD: ">= ",
            ESTIMATE: "~",
        }.get(self.kind, "")
        return f"{mark}{gib(self.value)}"

    def to_json(self) -> dict[str, Any]:
        return {"bytes": int(self.value), "kind": self.kind, "source": self.source}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Figure:
        return cls(int(data["bytes"]), str(data.get("kind") or EXACT), str(data.get("source") or ""))


def larger(a: Figure | None, b: Figure | None) -> Figure | None:
    """Evidence only adds: the larger of two figures of one need; at equal value the surer one."""
    if a is None or b is None:
        return a or b
    if {a.kind, b.kind} == {EXACT, ESTIMATE}:
        return a if a.kind == EXACT else b  # what the log printed once the phase ended beats any extrapolation
    if b.value > a.value or (b.value == a.value and a.kind != EXACT and b.kind == EXACT):
        return b
    return a


def surer(a: Figure | None, b: Figure | None) -> Figure | None:
    """A need with a measurement: the measurement stands (it may be below the estimate), unless an OOM showed
    more than it (then the OOM's lower bound); without one, `larger`."""
    for m, other in ((a, b), (b, a)):
        if m is not None and m.kind == MEASURED and other is not None and other.kind != EXACT:
            if other.kind == MEASURED:
                return larger(m, other)
            return other if other.kind in (AT_LEAST, UNFINISHED_FORWARD) and other.value > m.value else m
    return larger(a, b)


def gib(n: float) -> str:
    return f"{n / GiB:.2f} GiB"


# The figures of a rank that do not depend on --mem-fraction-static: a newer sighting replaces an older one.
STATIC = ("total", "free_before_weights", "weights", "free_after_weights", "overhead")
# The needs outside the static pool: each the largest ever seen (see `larger`).
NEEDS = ("graphs", "workspace", "activations")
# Sightings taken at the attempt's fraction (`RankLedger.fraction`): they travel together.
AT_FRACTION = ("kv", "pool_end_free", "available_after_start")


@dataclass(frozen=True)
class RankLedger:
    """One GPU (one SGLang rank) in bytes. `kv`, `pool_end_free` and `available_after_start` were seen at
    `fraction`; KV at any other fraction follows SGLang's formula (`kv_at`)."""

    rank: str
    total: Figure | None = None
    free_before_weights: Figure | None = None  # "Load weight begin. avail mem=": SGLang's `pre`
    weights: Figure | None = None  # "Load weight end. ... mem usage="
    free_after_weights: Figure | None = None  # "Load weight end. avail mem="
    overhead: Figure | None = None  # non-PyTorch: CUDA context, NCCL ("Init torch distributed ends. mem usage=")
    graphs: Figure | None = None
    workspace: Figure | None = None  # MoE / FlashInfer / DeepEP, allocated after graph capture
    activations: Figure | None = None  # a full prefill chunk's transient memory
    fraction: float | None = None
    kv: Figure | None = None
    kv_tokens: int | None = None
    pool_end_free: Figure | None = None  # "Memory pool end. avail mem="
    available_after_start: Figure | None = None  # "available_gpu_mem=": what is left for activations
    # the highest fraction at which this layout served a full prefill chunk (`supervise.loadcheck`): proof that
    # every need fits there, whatever the estimates say
    load_safe_at: float | None = None
    # what was still free on this GPU once a full prefill chunk had run at `headroom_at` (NVML, or the simulated
    # host's account): everything outside the static pool (graphs, workspaces, the chunk's activations, allocator
    # slack) already taken, so the rest is room a next start can give the KV cache (`solve.fit_rank`)
    headroom: Figure | None = None
    headroom_at: float | None = None

    @property
    def pre(self) -> int | None:
        return self.free_before_weights.value if self.free_before_weights else None

    @property
    def bytes_per_token(self) -> float | None:
        if self.kv and self.kv_tokens:
            return self.kv.value / self.kv_tokens
        return None

    def kv_at(self, fraction: float) -> int | None:
        """SGLang's pool: (free after the weights) - (free before the weights) * (1 - fraction)."""
        if self.free_before_weights is None or self.free_after_weights is None:
            return None
        return int(self.free_after_weights.value - self.free_before_weights.value * (1 - fraction))

    def room_at(self, fraction: float) -> int | None:
        """What start-up leaves outside the static pool at `fraction`: measured at the attempt's fraction where
        the pool was allocated (SGLang's other static buffers included), else pre * (1 - fraction)."""
        pre = self.pre
        if pre is None:
            return None
        if self.pool_end_free is not None and self.fraction is not None:
            return int(self.pool_end_free.value + pre * (self.fraction - fraction))
        return int(pre * (1 - fraction))

    def merged(self, newer: RankLedger) -> RankLedger:
        """This rank after `newer`'s evidence: static figures as last seen, needs the largest seen, and the
        sightings at a fraction from whichever attempt saw them last."""
        changes: dict[str, Any] = {}
        for name in STATIC:
            value = getattr(newer, name)
            if value is not None:
                changes[name] = value
        for name in NEEDS:
            changes[name] = surer(getattr(self, name), getattr(newer, name))
        safe = [f for f in (self.load_safe_at, newer.load_safe_at) if f is not None]
        changes["load_safe_at"] = max(safe) if safe else None
        if newer.headroom is not None and newer.headroom_at is not None:
            changes["headroom"], changes["headroom_at"] = newer.headroom, newer.headroom_at  # the latest reading
        if newer.fraction is not None and any(getattr(newer, n) is not None for n in AT_FRACTION):
            changes.update({n: getattr(newer, n) for n in AT_FRACTION})
            changes["fraction"], changes["kv_tokens"] = newer.fraction, newer.kv_tokens
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rank": self.rank}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "rank" or value is None:
                continue
            out[f.name] = value.to_json() if isinstance(value, Figure) else value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RankLedger:
        kwargs: dict[str, Any] = {"rank": str(data.get("rank") or "")}
        for f in fields(cls):
            value = data.get(f.name)
            if f.name == "rank" or value is None:
                continue
            if isinstance(value, Mapping):
                kwargs[f.name] = Figure.from_json(value)
            elif f.name in ("fraction", "load_safe_at", "headroom_at"):
                kwargs[f.name] = float(value)
            elif f.name == "kv_tokens":
                kwargs[f.name] = int(value)
        return cls(**kwargs)


@dataclass(frozen=True)
class Ledger:
    """Every rank's ledger for one layout (`shape`: the flags other than the fraction that change the needs)."""

    ranks: tuple[RankLedger, ...] = ()
    shape: Mapping[str, Any] = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.shape is None:
            object.__setattr__(self, "shape", {})

    def __bool__(self) -> bool:
        return any(r.pre is not None for r in self.ranks)

    def rank(self, name: str) -> RankLedger | None:
        return next((r for r in self.ranks if r.rank == name), None)

    def merged(self, newer: Ledger) -> Ledger:
        """This ledger after a newer attempt's evidence (same layout: see `carried_to` otherwise)."""
        out = {r.rank: r for r in self.ranks}
        for r in newer.ranks:
            out[r.rank] = out[r.rank].merged(r) if r.rank in out else r
        return Ledger(tuple(sorted(out.values(), key=lambda r: rank_order(r.rank))), dict(newer.shape or self.shape))

    def to_json(self) -> dict[str, Any]:
        return {"shape": dict(self.shape), "ranks": [r.to_json() for r in self.ranks]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Ledger:
        if not data:
            return cls()
        ranks = tuple(RankLedger.from_json(r) for r in data.get("ranks") or () if isinstance(r, Mapping))
        return cls(ranks, dict(data.get("shape") or {}))


def rank_order(name: str) -> tuple[Any, ...]:
    """'TP10' sorts after 'TP9', 'DP1 TP0' after 'DP0 TP7'."""
    return tuple((p.rstrip("0123456789"), int(p[len(p.rstrip("0123456789")) :] or 0)) for p in re.split(r"\s+", name))


def merge_all(ledgers: Iterable[Ledger]) -> Ledger:
    out = Ledger()
    for ledger in ledgers:
        out = out.merged(ledger)
    return out
