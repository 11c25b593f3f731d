"""`safelaunch tune`: the highest load-safe --mem-fraction-static, in as few restarts as the ledger allows.

Each trial is one `serve` start at a pinned fraction (the first from the store's or the planned config, with
the usual recovery), judged by a full-chunk prefill probe once healthy: booting is not serving. A healthy
start's ledger (what was left after start-up) proposes the highest fraction that fits next, with the policy's
margin; when a measured headroom sees no more room, one trial at the edge (no margin) is all that is left. A
failure bisects between the highest known-good and the lowest known-bad, until the bracket is worth less than a
share of the KV pool (`resolution_at`). Trials record their attempts (evidence) but never a verified config: only
the best fraction is recorded, once, after its probe passed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from safelaunch.core import remedies
from safelaunch.core.ledger import kv_step
from safelaunch.host.health import full_chunk_probe
from safelaunch.supervise import serve as serve_mod
from safelaunch.supervise.results import ServeOptions, ServeSummary
from safelaunch.supervise.supervisor import Listener

FRACTION = "mem-fraction-static"
RESOLUTION = 0.005  # the bracket at which tuning stops where a step is worth little KV (most layouts)
# ... but where the weights leave a small pool, a step of 0.005 is worth much of it (Llama-3.1-70B on one H200: 1,977
# tokens at 0.95, 2,889 at 0.952): there the bracket closes only when its width is worth less than KV_SHARE of the
# pool, down to FINEST (SGLang takes any fraction; 0.001 of an H200 is 0.14 GiB).
KV_SHARE = 0.01
FINEST = 0.001


@dataclass(frozen=True)
class Trial:
    number: int
    fraction: float | None
    booted: bool
    load_safe: bool
    why: str
    kv_tokens: int | None
    attempts: int

    def line(self) -> str:
        state = "load-safe" if self.load_safe else ("booted, probe failed" if self.booted else "did not boot")
        kv = f", KV {self.kv_tokens} tokens" if self.kv_tokens else ""
        return f"trial {self.number}: --{FRACTION} {self.fraction} -> {state}{kv}" + (
            f" ({self.why})" if self.why else ""
        )


@dataclass
class TuneResult:
    trials: list[Trial] = field(default_factory=list)
    best: Trial | None = None
    best_summary: ServeSummary | None = None
    recorded: bool = False
    record_error: str = ""
    bracket: tuple[float | None, float | None] = (None, None)

    @property
    def restarts(self) -> int:
        """Starts after the first: what tuning cost beyond one ordinary start."""
        return max(0, len(self.trials) - 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "best_fraction": self.best.fraction if self.best else None,
            "kv_tokens": self.best.kv_tokens if self.best else None,
            "restarts": self.restarts,
            "recorded": self.recorded,
            "bracket": list(self.bracket),
            "trials": [
                {"fraction": t.fraction, "booted": t.booted, "load_safe": t.load_safe, "why": t.why}
                for t in self.trials
            ],
        }

    def lines(self) -> list[str]:
        if self.best is None:
            return [f"tune: no load-safe fraction found in {len(self.trials)} start(s)"]
        hi = self.bracket[1]
        return [
            f"tune: best load-safe --{FRACTION} {self.best.fraction}"
            + (f" (lowest failing {hi})" if hi is not None else ""),
            f"  KV capacity: {self.best.kv_tokens} tokens; restarts: {self.restarts}; "
            + ("recorded as verified" if self.recorded else f"not recorded ({self.record_error or 'no store'})"),
        ]


def next_fraction(
    good: float | None,
    bad: float | None,
    proposal: float | None,
    ceiling: float,
    measured: bool = False,
    resolution: float = RESOLUTION,
    edge: float | None = None,
) -> float | None:
    """The next fraction to try, or None when the bracket is closed. Pure: the ledger's proposal when it lies
    inside the bracket (and moves by more than the resolution), else the bisection's midpoint; with no bad
    fraction known yet, the ceiling (bisected down from there on failure). A proposal from a measured headroom
    (`measured`: what was free after a full chunk at the best fraction so far) that sees no more room closes the
    search, but for one trial at the `edge`: the fraction the same reading allows with no margin at all, believed
    only if its own full chunk passes (the judge of load-safe is the probe, not the policy's margin; the margin
    stays in every fraction the ledger proposes without a trial). `resolution`: the bracket's width at which a
    step is no longer worth a restart (`resolution_at`)."""
    lo = good if good is not None else 0.0
    hi = bad if bad is not None else ceiling + resolution
    if hi - lo < resolution * 2 - 1e-9:
        return None
    if proposal is not None and lo + resolution - 1e-9 <= proposal <= hi - resolution + 1e-9:
        return round(proposal, 3)
    if measured and proposal is not None and good is not None and proposal < lo + resolution - 1e-9:
        if edge is not None and lo + resolution - 1e-9 <= edge <= hi - resolution + 1e-9:
            return round(edge, 3)
        return None
    if bad is None:
        step = ceiling  # the ledger sees no more room, but its activations are an estimate: try the top
        return round(step, 3) if step - lo >= resolution - 1e-9 else None
    return round((lo + hi) / 2, 3)


def resolution_at(step: float | None) -> float:
    """The bracket's resolution, given the fraction step worth KV_SHARE of the pool at the best fraction so far
    (`ledger.kv_step`): never coarser than RESOLUTION, never finer than FINEST. Pure."""
    if step is None:
        return RESOLUTION
    return round(min(RESOLUTION, max(FINEST, step)), 4)


@dataclass(frozen=True)
class Reading:
    """What a load-safe trial's ledger says, read once: the highest fraction at which every known need (plus the
    policy's margin) fits; whether it rests on a measured headroom (then the ledger knows everything outside the pool,
    not an estimate of it); the edge (the same reading with no margin, when measured); and the fraction step worth
    KV_SHARE of the pool at the trial's fraction (`ledger.kv_step`)."""

    proposal: float | None = None
    measured: bool = False
    edge: float | None = None
    kv_step: float | None = None


def _reading(run: serve_mod.Run, flags: dict[str, Any], fraction: float | None) -> Reading:
    sup = run.supervisor
    ctx = sup.context(len(sup.attempts) or 1, flags)
    if not ctx.ledger:
        return Reading()
    step = kv_step(ctx.ledger, fraction, KV_SHARE) if fraction is not None else None
    if ctx.estimates is None:
        return Reading(kv_step=step)
    # the plain estimates, not the unseen factor's caution: every proposal is tried before it is believed
    got = remedies.policy_fit(sup.policy, ctx.ledger, ctx.estimates, unseen=1.0)
    if got is None:
        return Reading(kv_step=step)
    edge = None
    if got.measured:
        bare = remedies.policy_fit(replace(sup.policy, margin_bytes=0), ctx.ledger, ctx.estimates, unseen=1.0)
        edge = bare.fraction if bare is not None else None
    return Reading(got.fraction, got.measured, edge, step)


def tune(
    opts: ServeOptions,
    listeners: Sequence[Listener],
    should_exit: threading.Event,
    max_restarts: int = 4,
    say: Callable[[str], None] = lambda _line: None,
    ceiling: float = 0.99,
    probe_timeout: float = 60.0,
) -> TuneResult:
    """Trials until the bracket is closed or `max_restarts` restarts are spent; then the best is recorded."""
    result = TuneResult()
    good: float | None = None
    bad: float | None = None
    fraction: float | None = None
    best_run: serve_mod.Run | None = None
    resolution = RESOLUTION
    while len(result.trials) <= max_restarts and not should_exit.is_set():
        trial_opts = opts
        if fraction is not None:  # pinned: one attempt; a failure is the answer, not something to recover from
            overrides = {**dict(opts.overrides), FRACTION: fraction}
            trial_opts = replace(opts, overrides=overrides, max_attempts=1)
        run = serve_mod.prepare(trial_opts, listeners, should_exit)
        store, run.store = run.store, None  # a boot is not the verdict: nothing verified until the probe passed
        summary = serve_mod.start(run)
        flags = dict(summary.flags)
        tried = flags.get(FRACTION)
        tried = float(tried) if tried is not None else fraction
        ok, why, reading = False, summary.reason, Reading()
        if summary.healthy:
            ok, why = full_chunk_probe(opts.host, summary.port or 0, run.supervisor.api_key, probe_timeout)
            reading = _reading(run, flags, tried) if ok else reading
            serve_mod.stop(run, "tune: trial judged", discard=True)
        trial = Trial(len(result.trials) + 1, tried, summary.healthy, ok, why, summary.kv_tokens, len(summary.attempts))
        result.trials.append(trial)
        proposal, edge = reading.proposal, reading.edge
        edge_note = f" (the edge, no margin: {edge})" if edge is not None else ""
        say(trial.line() + (f"; the ledger proposes {proposal}{edge_note}" if proposal is not None else ""))
        if ok and tried is not None and (good is None or tried > good):
            good, result.best, result.best_summary, best_run = tried, trial, summary, run
            best_run.store = store
            resolution = resolution_at(reading.kv_step)
        elif not ok and tried is not None and (bad is None or tried < bad):
            bad = tried
        if good is None and not summary.healthy and fraction is None and tried is None:
            break  # the ordinary start could not boot at all: nothing to tune from
        fraction = next_fraction(good, bad, proposal, ceiling, reading.measured and tried == good, resolution, edge)
        if fraction is None:
            break
        if good is None and bad is not None:
            fraction = round(bad - 0.05, 3)  # nothing good yet: step down as the naive loop would
    result.bracket = (good, bad)
    if best_run is not None and result.best_summary is not None:
        error = serve_mod.record_verified(best_run, result.best_summary, result.best_summary.server_info)
        result.recorded, result.record_error = not error, "" if error == "no store" else error
    return result
