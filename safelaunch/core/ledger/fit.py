"""Fitting one attempt's ledger from SGLang's log: each rank's memory figures, each traced to the line that gave it.

SGLang prints, per rank, the free memory before and after the weights (`Load weight begin/end. avail mem=`),
the weights' `mem usage`, the KV pool's size and token count, the free memory when the pool is done, before
and after CUDA graph capture (with the capture's `mem usage`), and on rank 0 `available_gpu_mem` once start-up
is over (reference/sglang.md §1.2). An OOM adds the bytes tried, free, total and in use, and (torch >= 2.1)
what private pools such as CUDA graphs held. Which need an OOM measures follows from where that rank was:
during capture it bounds the graph pool, between capture and the end of start-up the MoE / FlashInfer
workspace, once serving a prefill's activations. Lines are read as the classifier reads them
(`logwatch.normalise`, `logwatch.parse_prefix`, `logwatch.figures`); nothing here does I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from safelaunch.core.logwatch.figures import oom_numbers, to_bytes
from safelaunch.core.logwatch.lines import normalise
from safelaunch.core.logwatch.prefix import parse_prefix

from .book import (
    AT_LEAST,
    ESTIMATE,
    EXACT,
    FIRST_GRAPH,
    UNFINISHED_FORWARD,
    Figure,
    Ledger,
    RankLedger,
    gib,
    larger,
    rank_order,
)

_GB = r"([\d.]+)\s*(GB|GiB|MB|MiB)"
AVAIL = re.compile(r"avail(?:able_[cg]pu)?[ _]mem=\s*" + _GB)
USAGE = re.compile(r"mem usage=\s*" + _GB)
KV_SIZES = re.compile(r"\b(?:K|V|KV) size: ([\d.]+) (GB|GiB|MB|MiB)")
KV_TOKENS = re.compile(r"#tokens: (\d+)")
FRACTION = re.compile(r"mem_fraction_static=([01]?\.\d+|[01])\b")
CAPTURE = re.compile(r"^Capture .*?(?:graph|Graph|CUDA graph).*?\b(begin|end)\.")
BATCH = re.compile(r"Capturing batches \(bs=(\d+)(?: avail_mem=" + _GB + r")?")
BS_LIST = re.compile(r"Capture (?:cuda|CUDA) graph bs \[([\d, ]+)\]")
WORKSPACE_WORDS = re.compile(r"workspace|flashinfer|moe|deep_?ep|deep_?gemm|autotun", re.I)
SOURCE_CHARS = 240  # each figure quotes its line, clipped


def _size(rx: re.Pattern[str], msg: str) -> int | None:
    m = rx.search(msg)
    return to_bytes(m.group(1), m.group(2)) if m else None


@dataclass
class _Rank:
    """What one rank has shown so far (mutable while fitting; `ledger()` freezes it)."""

    name: str
    figures: dict[str, Figure] = field(default_factory=dict)
    kv_tokens: int | None = None
    stage: str = "start"  # start | weights | pool | capture | captured | serving
    capture_begin_free: int | None = None
    capture_end_free: int | None = None
    graphs_done: int = 0  # what earlier captures of this start used (prefill, then decode in 0.5.23)

    def put(self, key: str, value: int | None, kind: str, line: str) -> None:
        if value is not None:
            self.figures[key] = Figure(int(value), kind, line[:SOURCE_CHARS])

    def need(self, key: str, value: int | None, kind: str, line: str) -> None:
        if value is not None and value > 0:
            fig = larger(self.figures.get(key), Figure(int(value), kind, line[:SOURCE_CHARS]))
            if fig is not None:
                self.figures[key] = fig


class LedgerFitter:
    """Feed SGLang's log line by line (as printed); `ledger()` is this attempt's evidence at any moment.

    Cheap per line: a line is parsed only when it holds one of the few words the figures need, and once every
    rank is serving the fitter stops reading (a serving log is long; its figures are in the first lines)."""

    def __init__(self, fraction: float | None = None) -> None:
        self.fraction = fraction
        self._ranks: dict[str, _Rank] = {}
        self._block_rank = ""  # the rank of the last prefixed line: an unprefixed traceback line belongs to it
        self._oom: list[str] = []  # an OOM message wrapped over several lines, until its figures are complete
        self._oom_rank = ""
        self._serving = False
        self._batches: set[str] = set()  # the batch sizes tqdm showed since the last capture began (first rank)
        self._progress: list[tuple[int, int]] = []  # (batch size, free bytes before it) in capture order
        self._bs_list: list[int] = []  # every batch size this capture will do ("Capture cuda graph bs [...]")

    def feed(self, line: str | bytes) -> None:
        if self._serving and not self._oom:
            words = (b"allocate", b"exception") if isinstance(line, bytes) else ("allocate", "exception")
            if words[0] not in line and words[1] not in line:  # type: ignore[operator]
                return  # a serving OOM, or the rank's "Scheduler hit an exception" line that names whose it is
        for text in normalise(line):
            self._line(text)

    def _line(self, text: str) -> None:
        if self._oom:
            self._oom.append(text)
            if "total capac" in text or len(self._oom) > 4:
                self._flush_oom()
            return
        if text.startswith("Capturing batches"):
            m = BATCH.match(text)
            self._batches.add(m.group(1) if m else text)
            if m and m.group(2) and (not self._progress or self._progress[-1][0] != int(m.group(1))):
                self._progress.append((int(m.group(1)), to_bytes(m.group(2), m.group(3)) or 0))
            return
        wanted = any(w in text for w in ("mem", "#tokens", "Capture", "allocate", "fired up"))
        if not wanted and not text.startswith("["):
            return
        p = parse_prefix(text)
        if p.prefixed and p.rank:
            self._block_rank = p.rank
        if not wanted:
            return
        rank = p.rank if p.prefixed else self._block_rank
        msg = p.msg
        if "Tried to allocate" in msg:
            self._oom, self._oom_rank = [text], rank or self._block_rank
            if "total capac" in msg:
                self._flush_oom()
            return
        if "fired up" in msg:
            self._serving = True
            for r in self._ranks.values():
                r.stage = "serving"
            return
        self._milestone(self._rank(rank or ""), msg, text)

    def _rank(self, name: str) -> _Rank:
        if name not in self._ranks:
            self._ranks[name] = _Rank(name)
        return self._ranks[name]

    def _milestone(self, r: _Rank, msg: str, line: str) -> None:
        if self.fraction is None and "mem_fraction_static=" in msg:
            m = FRACTION.search(msg)
            if m:
                self.fraction = float(m.group(1))
        if msg.startswith(("Init torch distributed ends", "Memory baseline taken")):
            r.put("overhead", _size(USAGE, msg), EXACT, line)
        elif msg.startswith("Load weight begin"):
            r.put("free_before_weights", _size(AVAIL, msg), EXACT, line)
            r.stage = "weights"
        elif msg.startswith("Load weight end"):
            r.put("free_after_weights", _size(AVAIL, msg), EXACT, line)
            r.put("weights", _size(USAGE, msg), EXACT, line)
            r.stage = "pool"
        elif "KV Cache is allocated" in msg:
            sizes = [to_bytes(a, u) for a, u in KV_SIZES.findall(msg)]
            r.put("kv", sum(s for s in sizes if s) if sizes else None, EXACT, line)
            m = KV_TOKENS.search(msg)
            r.kv_tokens = int(m.group(1)) if m else r.kv_tokens
        elif msg.startswith("Memory pool end"):
            r.put("pool_end_free", _size(AVAIL, msg), EXACT, line)
        elif (m := BS_LIST.search(msg)) is not None:
            self._bs_list = [int(x) for x in m.group(1).replace(" ", "").split(",") if x]
        elif (m := CAPTURE.match(msg)) is not None:
            self._capture(r, m.group(1), msg, line)
        elif "available_gpu_mem=" in msg or "available_cpu_mem=" in msg:
            avail = _size(AVAIL, msg)
            r.put("available_after_start", avail, EXACT, line)
            if avail is not None and r.capture_end_free is not None and r.capture_end_free > avail:
                # what start-up allocated after capture (MoE / FlashInfer workspaces, autotune): exact
                r.need("workspace", r.capture_end_free - avail, EXACT, line)
            r.stage = "serving"

    def _capture(self, r: _Rank, which: str, msg: str, line: str) -> None:
        if which == "begin":
            r.capture_begin_free, r.stage = _size(AVAIL, msg), "capture"
            self._batches, self._progress = set(), []
            return
        used = _size(USAGE, msg)
        r.capture_end_free, r.stage = _size(AVAIL, msg), "captured"
        if used is not None:
            r.graphs_done += used
            r.put("graphs", r.graphs_done, EXACT, line)

    def _flush_oom(self) -> None:
        text = " ".join(self._oom)
        self._oom = []
        n = oom_numbers(text)
        tried, free = n.get("tried_bytes"), n.get("free_bytes")
        if not self._oom_rank and len(self._ranks) == 1:
            r = next(iter(self._ranks.values()))  # one GPU's unprefixed log: the OOM is that rank's, at its stage
        else:
            r = self._rank(self._oom_rank or (f"GPU{n['gpu']}" if "gpu" in n else ""))
        line = text[:SOURCE_CHARS]
        r.put("total", n.get("total_bytes"), EXACT, line)
        if tried is None:
            return
        lead = text[: text.find("out of memory")] if "out of memory" in text else ""
        spent = lambda since: (since - free) if since is not None and free is not None and since > free else 0  # noqa: E731
        if r.stage == "capture" and not WORKSPACE_WORDS.search(lead):
            pools = int(n.get("private_pool_bytes") or 0)
            # private pools hold every graph captured so far in this process; `spent` only this capture's
            kind = FIRST_GRAPH if len(self._batches) <= 1 and not r.graphs_done else AT_LEAST
            seen = max(pools, r.graphs_done + spent(r.capture_begin_free)) + tried
            r.need("graphs", seen, kind, line)
            more = self._graphs_to_come() if kind == AT_LEAST else 0
            if more:
                why = f"{gib(seen)} seen + {gib(more)} for the batches still to capture, at the rate measured: {line}"
                r.need("graphs", seen + more, ESTIMATE, why)
        elif r.stage in ("capture", "captured") or (WORKSPACE_WORDS.search(lead) and r.stage != "serving"):
            since = r.capture_end_free if r.stage == "captured" else r.capture_begin_free
            r.need("workspace", spent(since) + tried, AT_LEAST, line)
        elif r.stage == "serving":
            # only rank 0 prints available_gpu_mem; the ranks of one TP group start up alike
            avail = r.figures.get("available_after_start") or next(
                (
                    x.figures["available_after_start"]
                    for x in self._ranks.values()
                    if "available_after_start" in x.figures
                ),
                None,
            )
            r.need("activations", spent(avail.value if avail else None) + tried, UNFINISHED_FORWARD, line)

    def _graphs_to_come(self) -> int:
        """The graph pool the rest of an unfinished capture will add, from the pool's growth measured across the
        batches captured after the first (tqdm prints the free memory before each batch): growth per unit of
        batch size, times the batch sizes still to come. SGLang's later graphs reuse the first one's pool, so
        the measured rate, not an assumed one, is what extrapolates (0 when fewer than three batches were seen,
        or the full list of sizes is unknown)."""
        seq = self._progress
        if len(seq) < 3 or not self._bs_list:
            return 0
        grew = seq[1][1] - seq[-1][1]  # batches 2 .. k-1 are complete; the first graph is its own figure
        sizes = sum(bs for bs, _ in seq[1:-1])
        if grew <= 0 or sizes <= 0:
            return 0
        current = seq[-1][0]
        to_come = sum(bs for bs in self._bs_list if bs < current)
        return int(grew / sizes * to_come)

    def finish(self) -> None:
        """The log ended: an OOM message cut short still counts with what it said."""
        if self._oom:
            self._flush_oom()

    def ledger(self, shape: dict[str, Any] | None = None) -> Ledger:
        self.finish()
        ranks = []
        for r in self._ranks.values():
            figs = dict(r.figures)
            if not figs and r.kv_tokens is None:
                continue
            ranks.append(RankLedger(r.name, fraction=self.fraction, kv_tokens=r.kv_tokens, **figs))
        ranks.sort(key=lambda x: rank_order(x.rank))
        return Ledger(tuple(_share_unprefixed(ranks)), dict(shape or {}))


def _share_unprefixed(ranks: list[RankLedger]) -> list[RankLedger]:
    """An OOM named only by its GPU ('GPU1') with no rank line of its own joins the single rank it can be."""
    named = [r for r in ranks if not r.rank.startswith("GPU")]
    loose = [r for r in ranks if r.rank.startswith("GPU")]
    if len(named) == 1 and loose:
        merged = named[0]
        for r in loose:
            merged = merged.merged(replace(r, rank=merged.rank))
        return [merged]
    return ranks


def fit_lines(lines: Any, fraction: float | None = None, shape: dict[str, Any] | None = None) -> Ledger:
    """The ledger of a whole log (a list of lines, or one text)."""
    fitter = LedgerFitter(fraction)
    for line in lines.splitlines() if isinstance(lines, str) else lines:
        fitter.feed(line)
    return fitter.ledger(shape)
