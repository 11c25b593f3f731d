"""From a ledger to a fraction: the highest --mem-fraction-static at which every known need fits, and why.

On one rank, with `pre` the free memory before the weights and f the fraction, SGLang leaves
`pre * (1 - f)` outside the static pool (less its other static buffers, measured where the pool was
allocated: `RankLedger.room_at`). Graphs, workspaces and a full prefill chunk's activations must fit there
with a margin, so the highest fraction is the one where the room equals their sum; the binding rank is the
one whose highest fraction is lowest. A need the log has not shown yet comes from the memory model
(`Estimates`); a lower bound from an OOM counts as at least the estimate. When no fraction leaves a useful KV
pool the dominant need says what to change instead: the graph batch when graphs dominate, the TP when the
weights do.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .book import ESTIMATE, EXACT, FIRST_GRAPH, MEASURED, NEEDS, UNFINISHED_FORWARD, Figure, Ledger, RankLedger, gib

# The flags a ledger's needs depend on, besides the fraction: another value means other needs.
LAYOUT_KEYS = ("tp", "pp", "dp", "ep", "enable-dp-attention", "quantization", "kv-cache-dtype", "context-length")
GRAPH_KEYS = ("cuda-graph-max-bs", "disable-cuda-graph")
CHUNK_KEYS = ("chunked-prefill-size",)


def shape_of(flags: Mapping[str, Any]) -> dict[str, Any]:
    return {k: flags[k] for k in (*LAYOUT_KEYS, *GRAPH_KEYS, *CHUNK_KEYS) if flags.get(k) is not None}


def carried_to(ledger: Ledger, flags: Mapping[str, Any]) -> Ledger:
    """The evidence that still holds under `flags`: another layout keeps only the GPUs' totals; another graph
    batch turns the graph pool into an estimate scaled to the batch; another chunk drops the activations."""
    new = shape_of(flags)
    old = dict(ledger.shape or {})
    if all(old.get(k) == new.get(k) for k in new.keys() | old.keys()):
        return ledger
    if any(old.get(k) != new.get(k) for k in LAYOUT_KEYS):
        return Ledger(tuple(RankLedger(r.rank, total=r.total) for r in ledger.ranks), new)
    ranks = []
    for r in ledger.ranks:
        if any(old.get(k) != new.get(k) for k in GRAPH_KEYS):
            r = replace(r, graphs=_scaled_graphs(r.graphs, old, new))
        if any(old.get(k) != new.get(k) for k in CHUNK_KEYS):
            r = replace(r, activations=None, available_after_start=None)
        # proven, and measured, for the old graphs and chunk only: the headroom had them inside it
        ranks.append(replace(r, load_safe_at=None, headroom=None, headroom_at=None))
    return Ledger(tuple(ranks), new)


def _scaled_graphs(fig: Figure | None, old: Mapping[str, Any], new: Mapping[str, Any]) -> Figure | None:
    if fig is None or new.get("disable-cuda-graph"):
        return None
    before, after = old.get("cuda-graph-max-bs"), new.get("cuda-graph-max-bs")
    if not before or not after:
        return None
    value = int(fig.value * min(1.0, int(after) / int(before)))
    return Figure(value, ESTIMATE, f"{fig.show()} at cuda-graph-max-bs {before}, scaled to {after}")


@dataclass(frozen=True)
class Estimates:
    """The memory model's figures for what the log has not shown yet (bytes per GPU; 0: nothing known)."""

    graphs: int = 0
    workspace: int = 0
    activations: int = 0
    total: int = 0  # the GPU's total memory (NVML or the host profile), when no OOM has stated it
    # a MoE model: its activation, workspace and graph figures rest on no measurement (the dense ones were
    # measured on an H200), so the policy budgets what no attempt has shown of them with more caution
    moe: bool = False


@dataclass(frozen=True)
class Fit:
    """The highest fraction that fits on the binding rank, with the sum that shows it (`line`)."""

    rank: str
    fraction: float  # rounded down to the resolution; may be below `useful_from` (see `fits`)
    useful_from: float  # below this the KV pool holds fewer than the useful minimum of tokens
    kv_bytes: int  # the pool at `fraction`
    kv_tokens: int | None
    parts: tuple[tuple[str, Figure], ...]  # weights, KV, graphs, workspace, activations, other, margin
    total: int
    dominant: str  # the largest need outside the static pool, or "weights" when they leave no room

    @property
    def fits(self) -> bool:
        return self.fraction >= self.useful_from

    @property
    def measured(self) -> bool:
        """The binding rank's fraction came from a headroom read after a served chunk, not from estimates."""
        return any(name == REST_OUTSIDE for name, _ in self.parts)

    @property
    def used(self) -> int:
        return sum(fig.value for _, fig in self.parts)

    def line(self) -> str:
        """'weights 81.1 GiB + KV 40.2 GiB at 0.88 + graphs >= 3.3 GiB + ... = 133.6 GiB of 140.4 GiB'."""
        terms = []
        for name, fig in self.parts:
            if name == "KV":
                terms.append(f"KV {fig.show()} at {self.fraction:g}")
            else:
                terms.append(f"{name} {fig.show()}")
        where = f" on rank {self.rank}" if self.rank else ""  # SGLang's rank name (TP1), not a TP size
        return f"{' + '.join(terms)} = {gib(self.used)} of {gib(self.total)}{where}"

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "fraction": self.fraction,
            "useful_from": self.useful_from,
            "kv_bytes": self.kv_bytes,
            "kv_tokens": self.kv_tokens,
            "total_bytes": self.total,
            "used_bytes": self.used,
            "dominant": self.dominant,
            "parts": {name: fig.to_json() for name, fig in self.parts},
            "line": self.line(),
        }


# How much more than its OOM's lower bound a first graph (`FIRST_GRAPH`) or a serving forward
# (`UNFINISHED_FORWARD`) is taken to need: the OOM saw the part allocated before it, and with no way to know
# where in the graph or forward it struck, the rest is taken to be of the same order (the middle, on average).
UNFINISHED_FACTOR = 2.0
REST_OUTSIDE = "rest outside the pool"  # a fit's part when a measured headroom decided it
MAX_FRACTION = 0.99  # SGLang takes a fraction below 1; the last hundredth is the CUDA context's, at least
# A fraction from a reading of what was free is not a guess to be rounded to the policy's coarse steps: 0.005 of
# an H200 is 0.7 GiB, a tenth of a big model's KV pool's worth of headroom thrown away in rounding.
MEASURED_RESOLUTION = 0.001
CAUTION_STEPS = 12  # bisection steps for the most caution a layout allows (`fit`): the factor to 1/4096 of its span


def need(r: RankLedger, name: str, est: Estimates, unseen: float = 1.0) -> Figure | None:
    """A need on this rank: the evidence where exact, else at least the estimate times `unseen` (and at least
    a first graph's or an unfinished forward's lower bound times `unseen`, up to `UNFINISHED_FACTOR`)."""
    seen: Figure | None = getattr(r, name)
    guess = int(getattr(est, name) * unseen)
    rest = min(UNFINISHED_FACTOR, max(1.0, unseen))  # the caution `fit` cuts for a tight layout cuts this too
    if seen is not None and seen.kind in (FIRST_GRAPH, UNFINISHED_FORWARD) and seen.value * rest > guess and rest > 1:
        return Figure(int(seen.value * rest), ESTIMATE, f"{rest:.3g} x {seen.show()}: {seen.source}")
    if seen is not None and (seen.kind in (EXACT, MEASURED) or seen.value >= guess):
        return seen
    if guess:
        model = "the memory model" + (f" x {unseen:.3g}" if unseen != 1 else "")
        why = f"{model}; the log showed {seen.show()}" if seen is not None else model
        return Figure(int(guess), ESTIMATE, why)
    return seen


def fit_rank(
    r: RankLedger,
    est: Estimates,
    margin: int,
    *,
    resolution: float = 0.005,
    min_kv_tokens: int = 0,
    unseen: float = 1.0,
) -> Fit | None:
    pre = r.pre
    if pre is None or pre <= 0 or r.free_after_weights is None:
        return None
    needs = {n: need(r, n, est, unseen) for n in NEEDS}
    total_needs = sum(f.value for f in needs.values() if f is not None) + margin
    base_f = r.fraction if r.fraction is not None and r.pool_end_free is not None else 1.0
    base_room = r.room_at(base_f) or 0
    # room_at(f) = base_room + pre * (base_f - f) = total_needs  =>  f = base_f + (base_room - total_needs) / pre
    f_max = _round_down(base_f + (base_room - total_needs) / pre, resolution)
    acts = needs.get("activations")
    if r.load_safe_at is not None and (acts is None or acts.kind == ESTIMATE):
        # a full chunk ran at `load_safe_at`: that is proof, where the activations are only an estimate (higher
        # would be a guess, lower a waste); a measured or OOM-bounded need computes its own fraction
        f_max = r.load_safe_at
    shown: dict[str, Figure | None] = dict(needs)
    measured = _measured_outside(r)
    if measured is not None:
        # what was free after a full chunk is what every need outside the pool left: the pool may take it all
        # but the margin. The log's own figures still cap it (an OOM seen since shows more than the reading).
        seen = sum(f.value for f in needs.values() if f is not None and f.kind != ESTIMATE) + margin
        by_evidence = _round_down(base_f + (base_room - seen) / pre, MEASURED_RESOLUTION)
        by_reading = _round_down(base_f + (base_room - measured.value - margin) / pre, MEASURED_RESOLUTION)
        f_max = min(MAX_FRACTION, by_evidence, by_reading)
        # shown as the needs the log gave exactly, and the rest of the measurement (workspaces, the chunk, slack)
        exact = {n: f for n, f in needs.items() if f is not None and f.kind in (EXACT, MEASURED) and n != "activations"}
        rest = Figure(max(0, measured.value - sum(f.value for f in exact.values())), MEASURED, measured.source)
        shown = {**exact, REST_OUTSIDE: rest}
    per_token = r.bytes_per_token
    useful = int(min_kv_tokens * per_token) if per_token and min_kv_tokens else 0
    # kv_at(f) = after - pre * (1 - f) >= useful  =>  f >= 1 - (after - useful) / pre
    useful_from = 1 - (r.free_after_weights.value - useful) / pre
    kv = r.kv_at(f_max) or 0
    total = r.total.value if r.total else est.total
    static = pre * f_max - kv  # what the pool's share holds besides the KV cache: the weights
    other = (r.room_at(f_max) or 0) - int(pre * (1 - f_max))
    parts: list[tuple[str, Figure]] = [
        ("weights", r.weights or Figure(int(static), EXACT, "free before - free after the weights")),
        ("KV", Figure(max(kv, 0), EXACT, "SGLang's formula: free after weights - free before * (1 - f)")),
    ]
    parts += [(n, f) for n, f in shown.items() if f is not None and f.value]
    if other < 0:
        parts.append(("other static", Figure(-other, EXACT, "Memory pool end: room below pre * (1 - f)")))
    parts.append(("margin", Figure(margin, EXACT, "the policy's margin")))
    if total and r.free_before_weights is not None:
        overhead = total - pre
        if overhead > 0:
            parts.insert(0, ("context", Figure(overhead, EXACT, "total - free before the weights")))
    tokens = int(kv / per_token) if per_token and kv > 0 else None
    return Fit(r.rank, f_max, useful_from, kv, tokens, tuple(parts), int(total or 0), _dominant(needs, pre, r, f_max))


def _measured_outside(r: RankLedger) -> Figure | None:
    """Everything outside the static pool as measured after a served full chunk (graphs, workspaces, the chunk's
    activations, allocator slack): the room start-up left at `headroom_at` less what was still free then."""
    if r.headroom is None or r.headroom_at is None:
        return None
    room = r.room_at(r.headroom_at)
    if room is None:
        return None
    at = f"{r.headroom_at:g}"
    why = f"graphs + workspace + a full chunk, measured: room at {at} less {r.headroom.show()} free after the chunk"
    return Figure(max(0, room - r.headroom.value), MEASURED, why)


def _dominant(needs: Mapping[str, Figure | None], pre: int, r: RankLedger, f_max: float) -> str:
    """What to shrink when no fraction leaves a useful pool: the largest need, unless the weights alone take
    more than what is left without any need at all (then only more GPUs help)."""
    sizes = {n: f.value for n, f in needs.items() if f is not None}
    biggest = max(sizes, key=lambda n: sizes[n]) if sizes else "weights"
    after = r.free_after_weights.value if r.free_after_weights else 0
    if after <= 0 or (biggest != "graphs" and f_max < 1 - after / pre):
        return "weights"
    return biggest


def fit(
    ledger: Ledger,
    est: Estimates,
    margin: int,
    *,
    resolution: float = 0.005,
    min_kv_tokens: int = 0,
    unseen: float = 1.0,
    cut: bool = True,
) -> Fit | None:
    """The binding rank's fit: the rank whose highest fraction is lowest (None: no rank has the figures).

    `unseen` scales the needs only the memory model knows. When that leaves no useful KV pool, the caution is
    cut to the most the layout allows (the largest factor between 1 and `unseen` whose fit still leaves a
    useful pool): caution that would change the layout is not caution, but dropping it all at once sent the
    tightest fits (big MoE models on few GPUs) back to the plain estimates, the very ones that had just failed."""
    found = _binding(ledger, est, margin, resolution, min_kv_tokens, unseen)
    if found is None or found.fits or unseen <= 1.0 or not cut:  # not cut: the caller tries a larger layout first
        return found
    plain = _binding(ledger, est, margin, resolution, min_kv_tokens, 1.0)
    if plain is None or not plain.fits:
        return plain
    lo, hi = 1.0, unseen
    for _ in range(CAUTION_STEPS):
        mid = (lo + hi) / 2
        trial = _binding(ledger, est, margin, resolution, min_kv_tokens, mid)
        if trial is not None and trial.fits:
            lo, plain = mid, trial
        else:
            hi = mid
    return plain


def _binding(
    ledger: Ledger, est: Estimates, margin: int, resolution: float, min_kv_tokens: int, unseen: float
) -> Fit | None:
    fits = [
        f
        for f in (
            fit_rank(r, est, margin, resolution=resolution, min_kv_tokens=min_kv_tokens, unseen=unseen)
            for r in ledger.ranks
        )
        if f is not None
    ]
    if not fits:
        return None
    return min(fits, key=lambda f: (f.fraction, -f.useful_from))


def kv_step(ledger: Ledger, fraction: float, share: float) -> float | None:
    """The fraction step that adds `share` of the KV pool held at `fraction`, on the rank where it is smallest.

    The pool grows by `pre` bytes per unit of fraction whatever its size, so what a step is worth depends on the
    pool: where the weights leave little room (a 70B model on one GPU: 2,000 tokens at 0.95), 0.002 of fraction is
    half the pool; where they leave much, it is noise. None when no rank has the figures."""
    steps = [share * kv / r.pre for r in ledger.ranks if r.pre and (kv := r.kv_at(fraction)) is not None and kv > 0]
    return min(steps) if steps else None


def describe(ledger: Ledger) -> str:
    """One line per rank: what the log showed, for `plan --json` and the store."""
    out = []
    for r in ledger.ranks:
        bits = [
            f"{name} {getattr(r, name).show()}"
            for name in ("free_before_weights", "weights", "graphs", "workspace", "activations")
            if getattr(r, name) is not None
        ]
        out.append(f"{r.rank or 'rank'}: {', '.join(bits) or 'no figures'}")
    return "; ".join(out)


def _round_down(value: float, step: float) -> float:
    return round(math.floor(value / step + 1e-9) * step, 4)
