"""The memory ledger: per GPU, in bytes, what SGLang's own log says each part of start-up and serving needs.

Every attempt, failed or healthy, prints almost everything needed to compute the right
--mem-fraction-static at once: per rank the free memory before and after the weights, the KV pool's size and
token count, the free memory around CUDA graph capture, `available_gpu_mem` once started, and in each OOM the
bytes tried, free, total and in use. The ledger keeps those figures (each with the line it came from), adds
every later attempt's evidence (a need is the largest value observed), and answers one question: the highest
fraction at which every known need plus a margin fits on the binding rank, or, when none leaves a useful KV
pool, which need dominates. Parts:

- `book`: `Figure` (bytes, exact / at least / estimate, source line), `RankLedger`, `Ledger`, merging;
- `fit`: `LedgerFitter`, fed SGLang's log line by line (`fit_lines` for a whole log);
- `solve`: `fit()` -> `Fit` (fraction, KV at it, the sum as one line, the dominant need); `carried_to` a new
  layout; `Estimates`, the memory model's figures for needs the log has not shown.

Pure: no I/O; the supervisor feeds it lines and stores `Ledger.to_json()` with each attempt.
"""

from .book import (
    AT_LEAST,
    ESTIMATE,
    EXACT,
    FIRST_GRAPH,
    MEASURED,
    UNFINISHED_FORWARD,
    Figure,
    Ledger,
    RankLedger,
    gib,
    larger,
    merge_all,
)
from .fit import LedgerFitter, fit_lines
from .solve import Estimates, Fit, carried_to, describe, fit, fit_rank, kv_step, need, shape_of

__all__ = [
    "AT_LEAST",
    "ESTIMATE",
    "EXACT",
    "FIRST_GRAPH",
    "MEASURED",
    "UNFINISHED_FORWARD",
    "Estimates",
    "Figure",
    "Fit",
    "Ledger",
    "LedgerFitter",
    "RankLedger",
    "carried_to",
    "describe",
    "fit",
    "fit_lines",
    "fit_rank",
    "gib",
    "kv_step",
    "larger",
    "merge_all",
    "need",
    "shape_of",
]
