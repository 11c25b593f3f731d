"""What the classifier promises its callers: the labels, the start-up phases, and the records it hands out.

The supervisor, the CLI, the store and the benchmarks read these names; every step of the pipeline speaks
in them. They live apart from the steps so that a step can be read (and changed) without the others, and so
that the vocabulary the rest of safelaunch depends on sits in one short file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

LABELS: tuple[str, ...] = (
    "oom_cuda_graph",
    "oom_moe_workspace",
    "oom_kv_cache",
    "oom_weights",
    "oom_runtime",
    "nccl_or_distributed",
    "port_in_use",
    "config_error",
    "cuda_error_other",
    "healthy",
    "unknown",
)
FAILURE_LABELS: frozenset[str] = frozenset(LABELS[:9])
PHASES: tuple[str, ...] = ("launching", "loading_weights", "kv_cache", "cuda_graph", "warmup", "ready", "serving")
EVENT_KINDS: tuple[str, ...] = ("phase", "progress", "memory", "failure", "ready", "warning")
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}

MAX_TEXT = 1000  # characters of a line kept in events and evidence
MAX_LINE = 65536  # characters of a logical line that are classified (server_args lines run to ~10 KB)
MAX_REDRAWS = 64  # progress-bar redraws kept from one physical line


@dataclass(frozen=True, slots=True)
class Event:
    """Something the supervisor may act on, tied to the input line that showed it."""

    kind: str
    phase: str
    line_no: int
    text: str
    rank: str | None = None
    label: str | None = None
    numbers: Mapping[str, Any] = field(default_factory=dict)
    hint: str | None = None


@dataclass(frozen=True, slots=True)
class Evidence:
    line_no: int
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"line_no": self.line_no, "text": self.text}


@dataclass(frozen=True)
class Diagnosis:
    """The verdict on a whole log (so far): what happened, where, the figures, and what to change."""

    label: str
    phase: str
    rank: str | None
    numbers: Mapping[str, Any]
    evidence: tuple[Evidence, ...]
    hint: str
    rule: str = ""  # the named rule that decided (`oom.kv_shortfall`, `phases.ready`, ...), for --explain

    def explain(self) -> dict[str, Any]:
        """Why this verdict: the deciding line, the phase it was in and the rule that decided."""
        line = self.evidence[-1] if self.evidence else None
        return {
            "rule": self.rule or "none",
            "phase": self.phase,
            "line_no": line.line_no if line else None,
            "line": line.text if line else "",
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "phase": self.phase,
            "rank": self.rank,
            "numbers": dict(self.numbers),
            "evidence": [e.to_json() for e in self.evidence],
            "hint": self.hint,
        }


def clip(text: str) -> str:
    """A line as kept in events and evidence: at most MAX_TEXT characters."""
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 3] + "..."
