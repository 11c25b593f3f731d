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
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from safelaunch.core import ledger, remedies
from safelaunch.host import engine as engine_mod
from safelaunch.host import simgpu
from safelaunch.host.health import full_chunk_probe
from safelaunch.supervise import priors
from safelaunch.supervise.attempt import evidence_of

DEATH_SETTLE_S = 10.0  # after a failed probe: how long the engine's OOM traceback and exit may take to arrive
CLIENT_ERRORS = ("HTTP 4",)  # the server refused the request itself: it never ran the forward
QUIET_S = 2.0  # alive with no failure line this long after a failed probe: it did not die of it
PROBE_TIMEOUT_S = 120.0  # a first long prefill may JIT-compile kernels
ENGINE_TOOK = 1 << 30  # a GPU whose use rose more than this since the launch is one the engine holds


@dataclass(frozen=True)
class LoadCheck:
    """The check's verdict: keep the healthy server, or the failure the remedies decide from."""

    kept: bool
    failure: remedies.Failure | None = None
    note: str = ""  # what the check did, for the event stream
    measured_bytes: int | None = None  # the chunk's activation need as NVML saw it (None: not measured)
    served: bool = False  # a full chunk really ran (not only "the estimate sees room")
    free_after: int | None = None  # the least free memory on any GPU once the chunk ran (None: not measured)
    short: remedies.Failure | None = None  # the memory model's verdict on the room start-up left
    seen_by: str = "NVML"  # what read the memory: NVML, or the simulated host's stand-in for it (`reader`)


def judge(sup: Any, number: int, port: int, flags: Mapping[str, Any]) -> LoadCheck:
    """Booting is not serving: the verdict on a healthy start (`check`), told, and a served chunk's proof and
    readings added to the supervisor's ledger."""
    available = sup.clf.diagnosis().numbers.get("available_gpu_mem_bytes") if sup.clf is not None else None
    short = priors.runtime_shortfall(sup.plan, sup.host, sup.policy_source, flags, available, bool(sup.opts.engine_cmd))
    verdict = replace(check(sup, short, port), short=short)
    if verdict.note:
        sup.emit("warning", number=number, text=verdict.note)
    if verdict.served:
        fraction = flags.get(remedies.FRACTION)
        if not isinstance(fraction, (int, float)):
            fraction = sup.clf.diagnosis().numbers.get("mem_fraction_static") if sup.clf is not None else None
        sup.ledger = sup.ledger.merged(proof_ledger(fraction, verdict, sup.ledger, ledger.shape_of(flags)))
    return verdict


def check(sup: Any, short: remedies.Failure | None, port: int) -> LoadCheck:
    """One full chunk decides; `short` is the memory model's verdict (None: it sees room enough), which decides
    only when the probe cannot (an engine without `/generate`, a timeout on a live server)."""
    before = gpu_memory(sup)
    ok, why = full_chunk_probe(sup.opts.host, port, sup.api_key, PROBE_TIMEOUT_S)
    if ok and sup.proc is not None and sup.proc.is_alive():
        after = gpu_memory(sup)
        measured = _rise(before, after)
        free = min((total - used for used, total in after.values()), default=None)
        by = reader(sup)
        seen = f"; {by} saw {measured / 2**30:.2f} GiB reserved for it" if measured else ""
        note = ""
        if short is not None:
            chunk = short.numbers.get("chunk")
            note = f"{short.evidence}, but a full {chunk}-token prefill ran{seen}: keeping this config"
        return LoadCheck(True, None, note, measured, served=True, free_after=free, seen_by=by)
    died = None if why.startswith(CLIENT_ERRORS) else _death(sup)
    if died is not None:
        return LoadCheck(False, died, f"a full prefill chunk killed the engine ({died.label}: {died.evidence})")
    if short is None:
        return LoadCheck(True, None, "")
    return LoadCheck(False, short, f"the full-chunk probe could not decide ({why}): the estimate decides")


def gpu_memory(sup: Any) -> dict[int, tuple[int, int]]:
    """(used, total) per GPU of this start: NVML on a real host, the simulated engine's own account on a
    simulated one (`host.simgpu`), nothing where neither can be read (a container's engine command)."""
    if sup.host.source == "nvml":  # only the GPUs this engine took (its start-up raised their use)
        base = getattr(sup, "baseline_used", None) or {}
        now = engine_mod.gpu_memory_now([g.index for g in sup.host.gpus])
        return {i: m for i, m in now.items() if i not in base or m[0] - base[i] > ENGINE_TOOK}
    where = getattr(sup, "sim_nvml", None)  # set for a simulated engine on a simulated host only
    if where is not None and not sup.opts.engine_cmd:
        return simgpu.usage(where.name)
    return {}


def reader(sup: Any) -> str:
    """Who read the memory `gpu_memory` returns, for every figure made of it: a simulated host's readings are the
    simulated engine's own account, never to be taken for NVML's."""
    return "NVML" if sup.host.source == "nvml" else "the simulated host's NVML (the simulated engine's account)"


def _rise(before: Mapping[int, tuple[int, int]], after: Mapping[int, tuple[int, int]]) -> int | None:
    """The largest rise in used memory on any GPU across the probe (the binding rank's activations)."""
    rises = [after[i][0] - before[i][0] for i in after if i in before]
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
    fraction: float | None, verdict: LoadCheck, evidence: ledger.Ledger, shape: dict[str, Any]
) -> ledger.Ledger:
    """A served chunk as evidence for every rank of this layout (each runs the same chunk under TP): the
    fraction it ran at, the activations NVML measured for it, and what was still free after it (the headroom
    a next start may turn into KV cache: `core.ledger.fit`)."""
    acts = headroom = None
    if verdict.measured_bytes:
        acts = ledger.Figure(
            verdict.measured_bytes,
            ledger.MEASURED,
            f"{verdict.seen_by}: used memory rose by this during a full-chunk prefill",
        )
    if verdict.free_after is not None and fraction is not None:
        headroom = ledger.Figure(
            max(0, verdict.free_after),
            ledger.MEASURED,
            f"{verdict.seen_by}: free after a full-chunk prefill at {fraction:g}",
        )
    names = [r.rank for r in evidence.ranks] or [""]
    return ledger.Ledger(
        tuple(
            ledger.RankLedger(n, activations=acts, load_safe_at=fraction, headroom=headroom, headroom_at=fraction)
            for n in names
        ),
        shape,
    )
