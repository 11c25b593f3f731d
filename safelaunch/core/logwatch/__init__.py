"""The SGLang log classifier: a small pipeline of pure steps, and the streaming classifier that joins them.

One physical line flows through `lines.normalise` (docker compose, Kubernetes CRI, Ray, journald, cloud
logging wrappers, ANSI colour, tqdm carriage returns) -> `prefix.parse_prefix` (SGLang's `[time TPx]`, its
DP/TP/PP/EP tags, or another logger's prefix) -> `phases.read_milestone` (where start-up is) ->
`failures.match_failure` (the named rules of each family: `oom`, `distributed`, `config`, `port`, `cuda`;
`unnamed` and `benign` for what names no cause) with `figures` for the bytes and settings a line states ->
`verdict.decide` (label, phase, rank, numbers, evidence, and the hint from `hints`). `classifier.LogClassifier`
keeps the only state; recording and labelling a failure, its cold path, is its base `recording.FailureRecorder`.
A whole log read after the fact (`classify_text`, `safelaunch classify`) is first put oldest first (`order`: a log
store's export comes newest first). Rules come from SGLang's message templates, its start-up order and the structure
of Python tracebacks and faulthandler dumps (`tracebacks`, `crashdump`; reference/sglang.md §1), not from the wording
of particular bug reports.

This package re-exports the public API, so `from safelaunch.core import logwatch; logwatch.LogClassifier()`
is all the supervisor, the CLI and the benchmarks need.
"""

from .catalogue import ANCHORED, PATTERNS
from .classifier import LogClassifier, classify_lines, classify_text
from .contract import EVENT_KINDS, FAILURE_LABELS, LABELS, MAX_TEXT, PHASES, Diagnosis, Event, Evidence
from .failures import match_failure, might_fail
from .figures import line_numbers, oom_numbers, to_bytes
from .hints import hint_for
from .lines import decode, normalise, strip_wrappers
from .oom import resolve_oom
from .phases import Milestone, read_milestone
from .prefix import Parsed, parse_prefix
from .rule import Failure, Rule
from .tracebacks import frame_category

__all__ = [
    "ANCHORED",
    "EVENT_KINDS",
    "FAILURE_LABELS",
    "LABELS",
    "MAX_TEXT",
    "PATTERNS",
    "PHASES",
    "Diagnosis",
    "Event",
    "Evidence",
    "Failure",
    "LogClassifier",
    "Milestone",
    "Parsed",
    "Rule",
    "classify_lines",
    "classify_text",
    "decode",
    "frame_category",
    "hint_for",
    "line_numbers",
    "match_failure",
    "might_fail",
    "normalise",
    "oom_numbers",
    "parse_prefix",
    "read_milestone",
    "resolve_oom",
    "strip_wrappers",
    "to_bytes",
]
