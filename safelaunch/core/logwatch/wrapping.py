"""Lines a width limit broke: one log line cut into several by a terminal, a pager or an issue thread.

A pasted log often arrives hard-wrapped at 80-200 columns: `Watchdog caught collective` on one line and
`operation timeout: WorkNCCL(...)` on the next, a frame's path cut mid-word, the `at .../cascade.cuh:697:
Unsupported head_dim: 106` that says why a capture failed pushed onto a line of its own. A pattern that
reads one message then sees neither half, or only the half that names the wrong family. The classifier
keeps the last long message line; when the very next line carries no prefix of its own and starts nothing
of its own (a frame, a traceback, an exception, indented source code, another logger's line), it is that
line's continuation, and the two are read again as one.
"""

from __future__ import annotations

import re
from keyword import iskeyword

from .failures import match_failure, might_fail
from .prefix import Parsed
from .rule import Failure
from .tracebacks import BOILERPLATE, CHAIN, EXC_LINE, FRAME, TB_HEADER

# A line shorter than this was ended by its writer, not cut by a width (terminals and threads cut at 80 or more,
# an editor's fill at a space before it).
WRAP_MIN = 40
# A joined message longer than this is no longer one line that was wrapped (a dump, a config pasted whole).
JOIN_MAX = 2000
# How much of the first half's end is read with the second half to see whether the join names a failure (the
# whole joined line is what the classifier then reads): the longest failure sentence SGLang and torch print.
SEAM = 400
# Starts of lines that other writers print and `parse_prefix` leaves unprefixed: NCCL's `host:pid:tid [0]`,
# glog's `I0506 14:16:14`, a bare level, a date or time, a bracket or a parenthesis (a rank's tag, Ray's actor), and
# c10's native backtrace under an error (`Exception raised from malloc at ...`, `frame #0: ...`).
_OWN_START = re.compile(
    r"(?:\S+:\d+:\d+ \[\d+\]|[IWEF]\d{4} |(?:INFO|WARNING|WARN|ERROR|DEBUG|CRITICAL|FATAL)\b|\d{1,4}[-/:.]\d|[\[(]"
    r"|Exception raised from |frame #\d+: )"
)


def continues(prev: Parsed, p: Parsed) -> bool:
    """Whether line `p` is the rest of `prev`, cut where a width ran out (the caller checks they are adjacent)."""
    if p.prefixed or p.level is not None or p.rank is not None:
        return False
    if len(prev.text) + len(p.text) > JOIN_MAX:
        return False
    if len(prev.text) < WRAP_MIN and FRAME_CUT.match(prev.msg) is None:  # a frame's `File` may stand alone
        return False
    msg = p.msg
    if msg[:2].isspace() or not msg.strip():  # indented: a frame, its source line, a nested block
        return False
    stripped = msg.lstrip()
    return not (
        _OWN_START.match(stripped)
        or stripped.startswith(CHAIN)
        or stripped.startswith(BOILERPLATE)  # torch's and SGLang's lines printed after an error, each whole
        or TB_HEADER in msg
        or 'File "' in msg
        or EXC_LINE.match(stripped) is not None
    )


def rejoin(prev: Parsed, p: Parsed) -> tuple[Parsed | None, Parsed | None]:
    """(whole, carried): the two halves as one line where only that reading makes a frame or a failure readable;
    else the cut line so far, to carry while its pieces are read apart (None once `p` is a line of its own).

    Most unprefixed lines after a long one are lines of their own (a progress bar, a native backtrace, `Fatal Python
    error`), and reading them apart costs nothing; so the halves are joined only when the join is a traceback frame
    that the first half was not, or names a failure that neither half names alone (or, for the rules whose label is
    read from the words, the first half's failure in more words, when the second half names nothing by itself).
    A terminal cuts mid-word and keeps every character; a thread or an editor cuts at a space and often drops it:
    both joins are tried, glued first unless the first half ends with punctuation.
    """
    cut_frame = FRAME_CUT.match(prev.msg) is not None
    frame = None if cut_frame else FRAME.search(prev.msg)
    if frame is not None and frame.end() == len(prev.msg) and _name_rest(p.msg):
        # a whole frame line, but its function's name goes on: `..., line 333, in create` then `_weights` (not a
        # source line that a paste left unindented: `self.load_model()`, `initialize_model_parallel(`, `raise`)
        return glue(prev, p), None
    head = EXC_LINE.match(prev.msg.lstrip())
    exc_type = head.group(1) if head else None
    tail = prev.msg[-SEAM:]  # what a failure across the cut can span: the long first half's end
    alone, before = _failure(p.msg), _failure(tail, exc_type)
    if prev.msg[-1:].isspace() or p.msg[:1].isspace():
        seps: tuple[str, ...] = ("",)
    else:  # a cut after a word's punctuation was at a space (dropped); anywhere else, most likely mid-word
        seps = (" ", "") if prev.msg[-1:] in ".,;:!?)]}" else ("", " ")
    for sep in seps:
        whole = glue(prev, p, sep)
        if cut_frame and (FRAME.search(whole.msg) is not None or FRAME_CUT.match(whole.msg) is not None):
            return whole, None
        fail = _failure(tail + sep + p.msg, exc_type)
        if fail is None or (alone is not None and fail.rule == alone.rule):
            continue  # nothing, or what the second half says by itself: a line of its own
        if before is None or fail.rule != before.rule or (alone is None and fail.family in _WORDY):
            return whole, None
    return None, (glue(prev, p) if alone is None else None)


def glue(prev: Parsed, p: Parsed, sep: str = "") -> Parsed:
    """The two pieces as one line, under the first piece's prefix: a join, or the cut line carried so far."""
    return Parsed(prev.text + sep + p.text, prev.msg + sep + p.msg, prev.time, prev.rank, prev.prefixed, prev.level)


# A frame line that stops before its end: after `File`, in the path (an unclosed quote), or before `line N, in f`.
FRAME_CUT = re.compile(r'\s*File(?: "(?:[^"]*|[^"]*",?(?: line(?: \d+,?)?(?: in)?)?))?$')

# The rest of a function's name that a width cut off (an identifier's end, or the end of `<module>`, `<listcomp>`).
_NAME_REST = re.compile(r"\w+>?|\w*>")


def _name_rest(msg: str) -> bool:
    rest = msg.rstrip()
    return _NAME_REST.fullmatch(rest) is not None and not iskeyword(rest)


# Families whose label is read from the failure's words (a capture failure's inner error, an exception's text, an
# OOM's lead): more of the same message may change the label even under the same rule.
_WORDY = frozenset({"capture", "exc", "oom", "workspace"})


def _failure(msg: str, exc_type: str | None = None) -> Failure | None:
    if not might_fail(msg):
        return None
    if exc_type is None and (m := EXC_LINE.match(msg.lstrip())) is not None:
        exc_type = m.group(1)
    return match_failure(msg, exc_type)
