"""Booting is not serving: the post-start check that a full prefill chunk fits, decided by trying one.

After start-up SGLang prints `available_gpu_mem`, what is left for a forward's activations. The memory model
says what a full prefill chunk needs; when that is more than is left, the estimate alone would stop a server
that may serve perfectly well (the model is deliberately cautious; issue 19 measured it rejecting configs
that ran). So an estimate never decides alone when it can be tested: the server gets one request as long as
a whole prefill chunk, the load it will see soon enough. If it answers, the estimate was high and the server
is kept. If the engine dies doing it, SGLang's own OOM is the evidence (the ledger takes the activations'
lower bound from it) and the remedies decide from that. Only when the probe cannot say either way (an engine
without `/generate`, a probe that timed out on a live server) does the estimate decide, as before.

On an NVML host the probe is also a measurement: PyTorch's caching allocator keeps what the forward reserved,
so the rise in used memory across the probe is the chunk's activation need, which joins the ledger in place
of the estimate (a warm start then fits its fraction to it).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from safelaunch.core import ledger, remedies
from safelaunch.host import engine as engine_mod
from safelaunch.host.health import full_chunk_probe
from safelaunch.supervise.attempt import evidence_of

DEATH_SETTLE_S = 10.0  # after a failed probe: how long the engine's OOM traceback and exit may take to arrive
CLIENT_ERRORS = ("HTTP 4",)  # the server refused the request itself: it never ran the forward
QUIET_S = 2.0  # alive with no failure line this long after a failed probe: it did not die of it
PROBE_TIMEOUT_S = 120.0  # a first long prefill may JIT-compile kernels


@dataclass(frozen=True)
class LoadCheck:
    """The check's verdict: keep the healthy server, or the failure the remedies decide from."""

    kept: bool
    failure: remedies.Failure | None = None
    note: str = ""  # what the check did, for the event stream
    measured_bytes: int | None = None  # the chunk's activation need as NVML saw it (None: not measured)
    served: bool = False  # a full chunk really ran (not only "the estimate sees room")


def check(sup: Any, short: remedies.Failure | None, port: int) -> LoadCheck:
    """One full chunk decides; `short` is the memory model's verdict (None: it sees room enough), which decides
    only when the probe cannot (an engine without `/generate`, a timeout on a live server)."""
    gpus = [g.index for g in sup.host.gpus] if sup.host.source == "nvml" else []
    before = engine_mod.gpu_used_now(gpus) if gpus else {}
    ok, why = full_chunk_probe(sup.opts.host, port, sup.api_key, PROBE_TIMEOUT_S)
    if ok and sup.proc is not None and sup.proc.is_alive():
        measured = _rise(before, engine_mod.gpu_used_now(gpus)) if gpus else None
        seen = f"; NVML saw {measured / 2**30:.2f} GiB reserved for it" if measured else ""
        note = ""
        if short is not None:
            chunk = short.numbers.get("chunk")
            note = f"{short.evidence}, but a full {chunk}-token prefill ran{seen}: keeping this config"
        return LoadCheck(True, None, note, measured, served=True)
    died = None if why.startswith(CLIENT_ERRORS) else _death(sup)
    if died is not None:
        return LoadCheck(False, died, f"a full prefill chunk killed the engine ({died.label}: {died.evidence})")
    if short is None:
        return LoadCheck(True, None, "")
    return LoadCheck(False, short, f"the full-chunk probe could not decide ({why}): the estimate decides")


def _rise(before: dict[int, int], after: dict[int, int]) -> int | None:
    """The largest rise in used memory on any GPU across the probe (the binding rank's activations)."""
    rises = [after[i] - before[i] for i in after if i in before]
    best = max(rises, default=0)
    return best if best > 0 else None


def _death(sup: Any) -> remedies.Failure | None:
    """The engine's own account of dying under the probe: its log read to the end (or DEATH_SETTLE_S), then the
    classifier's verdict. None when it is still alive and the log shows no failure."""
    proc, clf, fitter = sup.proc, sup.clf, sup.fitter
    if proc is None or clf is None:
        return None
    start = time.monotonic()
    while time.monotonic() - start < DEATH_SETTLE_S:
        line = proc.read(timeout=0.05)
        if line is not None:
            if fitter is not None:
                fitter.feed(line.text)
            clf.feed(line.text)
            continue
        if not proc.is_alive() and proc.output_closed:
            break
        failing = clf.diagnosis().label not in ("healthy", "unknown", "")
        if proc.is_alive() and not failing and time.monotonic() - start > QUIET_S:
            break  # alive, and no failure line: the probe failed for another reason
    diag = clf.diagnosis()
    if diag.label in ("healthy", "unknown", "") and proc.is_alive():
        return None
    label = diag.label if diag.label not in ("healthy", "") else "unknown"
    evidence = evidence_of(diag) or f"engine exited with status {proc.returncode} during a full-chunk prefill"
    return remedies.Failure(label, diag.phase or "ready", dict(diag.numbers), evidence)


def proof_ledger(
    fraction: float | None, measured: int | None, evidence: ledger.Ledger, shape: dict[str, Any]
) -> ledger.Ledger:
    """A served chunk as evidence for every rank of this layout (each runs the same chunk under TP): the
    fraction it ran at, and the activations NVML measured for it (when it could)."""
    fig = (
        ledger.Figure(measured, ledger.MEASURED, "NVML: used memory rose by this during a full-chunk prefill")
        if measured
        else None
    )
    names = [r.rank for r in evidence.ranks] or [""]
    return ledger.Ledger(tuple(ledger.RankLedger(n, activations=fig, load_safe_at=fraction) for n in names), shape)
