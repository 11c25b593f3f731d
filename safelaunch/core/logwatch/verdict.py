"""Step 5: the verdict, from the failures recorded so far: which one decides, its label, and what to quote.

A log often shows several errors: the cause, other ranks dying of it, a cascade of "the other ranks did not
finish", then sigquit. Each recorded failure keeps its tier; the most decisive tier wins, and within a tier
the last error line (the first consequence). A `Record` is what the classifier keeps per tier; a
`Diagnosis` (label, phase, rank, numbers, evidence, hint) is what it hands out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .benign import PRESSURE_HINT
from .contract import PHASE_INDEX, Diagnosis, Evidence
from .distributed import CUT_OFF_IN_SETUP
from .figures import state_numbers
from .hints import hint_for
from .oom import CUT_OFF_IN_ALLOCATOR
from .rule import TIER_CASCADE, TIER_EXCEPTION
from .tracebacks import NETWORK_FRAMES, Block

# The label of each family whose label does not depend on where it hit (oom, capture and exc do).
FAMILY_LABEL = {
    "kv": "oom_kv_cache",
    "runtime": "oom_runtime",
    "workspace": "oom_moe_workspace",
    "port": "port_in_use",
    "nccl": "nccl_or_distributed",
    "cascade": "nccl_or_distributed",
    "cuda": "cuda_error_other",
    "config": "config_error",
    "consequence": "unknown",
}
UNKNOWN_YET = "SGLang is failing; the cause is not known yet: it is in the traceback that follows."
STARTED_HINT = hint_for("started", {})


@dataclass(slots=True)
class Record:
    """One recorded failure: its label so far, how decisive it is, where it hit, and what it showed."""

    label: str
    tier: int
    phase: str
    rank: str | None
    line_no: int
    numbers: dict[str, Any]
    evidence: tuple[Evidence, ...]
    detail: str
    family: str
    fatal: bool = True
    rule: str = ""  # the name of the rule that recorded it
    exc_type: str | None = None  # an unnamed exception's type: its label is revised as its message continues

    def diagnosis(self) -> Diagnosis:
        return Diagnosis(
            self.label,
            self.phase,
            self.rank,
            dict(self.numbers),
            self.evidence,
            hint_for(self.label, self.numbers, self.detail),
            self.rule,
        )


def evidence_for(block: Block | None, line: Evidence, tier: int) -> tuple[Evidence, ...]:
    """A failure's evidence: the traceback it ends (header and innermost frames), then its own line."""
    ev = block.evidence() if block is not None and tier > 0 else []
    if line not in ev:  # a dump's deciding frame is among its innermost frames already
        ev.append(line)
    return tuple(ev)


def decide(best: Mapping[int, Record], block: Block | None, phase: str, numbers: Mapping[str, Any]) -> Record | None:
    """Causes beat distributed errors (often another rank's death), which beat bare exceptions,
    which beat cascades ("other ranks didn't finish"); consequences ("sigquit") decide nothing."""
    for tier in (4, 3, 2, 1):
        rec = best.get(tier)
        if rec is not None and not (tier == TIER_EXCEPTION and rec.label == "unknown" and TIER_CASCADE in best):
            return rec
    # A traceback cut off before its error line still says where it was: in distributed set-up, or in SGLang's
    # token/KV slot allocators while serving (the frame that raises "Prefill/Decode out of memory").
    if block is not None and not block.resolved and not block.dump:
        cats = block.categories(innermost_first=True)
        innermost = next((c for c in cats if c), None)
        rule, label = None, ""
        if innermost in NETWORK_FRAMES:
            rule, label = CUT_OFF_IN_SETUP, "nccl_or_distributed"
        elif innermost == "kv_alloc" and ("loop" in cats or PHASE_INDEX[phase] >= PHASE_INDEX["ready"]):
            rule, label = CUT_OFF_IN_ALLOCATOR, "oom_runtime"
        if rule is not None:
            ev = tuple(block.evidence())
            return Record(
                label, rule.tier, phase, block.rank, ev[-1].line_no, state_numbers(numbers), ev, "", rule.family,
                rule=rule.name,
            )  # fmt: skip
    return best.get(0)


def settled(
    phase: str,
    phase_known: bool,
    numbers: dict[str, Any],
    ready: tuple[Evidence | None, ...] | None,
    pressure: tuple[Evidence, ...],
    batch: tuple[Evidence | None, ...] | None,
    started: Evidence | None,
    recent: tuple[Evidence, ...],
) -> Diagnosis:
    """The verdict of a log with no failure in it: what it proves the server did (`None`: not seen).

    Ready, retraction and batch lines prove a server that serves. A log that stops after start-up built the
    model worker (weights, KV pool, graphs: `phases.STARTED`) is a start that went well, cut before its ready
    line: healthy as a verdict, though readiness itself is only ever the ready line or /health (no `ready` event).
    """
    if ready is not None:
        ev = tuple(e for e in ready if e is not None)
        return Diagnosis("healthy", phase, None, numbers, ev, hint_for("healthy", numbers), "phases.ready")
    if pressure:  # retraction is SGLang carrying on under load: a server that serves, never a failure
        where = phase if phase_known else "serving"
        return Diagnosis("healthy", where, None, numbers, pressure, PRESSURE_HINT, "benign.pressure")
    if batch is not None:  # an excerpt from a running server: it served batches, so it had started
        ev = tuple(e for e in batch if e is not None)
        return Diagnosis("healthy", "serving", None, numbers, ev, hint_for("healthy", numbers), "phases.serving")
    if started is not None:  # an excerpt that stops after start-up's last allocation, with no error
        return Diagnosis("healthy", phase, None, numbers, (started,), STARTED_HINT, "phases.started")
    return Diagnosis("unknown", phase, None, numbers, recent, hint_for("unknown", numbers))
