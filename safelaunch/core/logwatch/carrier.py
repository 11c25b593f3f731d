"""A wrapper nobody listed: learnt from the log itself, then taken off every line that carries it.

`lines.WRAPPER` knows the usual carriers (docker, Kubernetes, Ray, journald, Slurm, a markdown quote). Others
are endless: a launcher that relays SGLang's output through its own logger (`2025-01-01 10:00:01,123 ERROR
launcher: ...`), stern's `pod container ...`, a CI runner's step name. The log shows where such a carrier
ends, because some things SGLang prints have a fixed start: its own prefix (`[2025-07-02 07:41:58 TP0] `),
Python's `Traceback (most recent call last):` and a traceback's `  File "`. Whatever stands before them is the
carrier's head. A head becomes the carrier only when one of the next two lines starts with the same shape (its
digits, inner spaces and level free), so a sentence before a traceback (`Scheduler hit an exception: Traceback
...`, followed by an unprefixed frame) never does. Once learnt, the carrier is stripped from every line that
starts with it; lines without it are read as they are.
"""

from __future__ import annotations

import re

from .prefix import PREFIX, parse_prefix

_TB_HEADER = "Traceback (most recent call last)"
_FRAME = 'File "'
_LEVELS = r"(?:DEBUG|INFO|NOTICE|WARNING|WARN|ERROR|CRITICAL|FATAL)"
_PIECES = re.compile(rf"(\d+)|(\s+)|\b{_LEVELS}\b")
MAX_HEAD = 160
_BAR = re.compile(r"\d%\||\d(?:it/s|s/it)\]")  # tqdm's `36%|` or `1.52it/s]`


def shape(head: str) -> re.Pattern[str]:
    """The head as a pattern: digit runs (times, pids, ranks), inner whitespace runs and level words are free.

    Whitespace at the head's end stays exact: what follows it is the line's own indentation (a frame's two
    spaces, its source line's four), which the reading after this needs.
    """
    body = head.rstrip()
    out, last = [], 0
    for m in _PIECES.finditer(body):
        out.append(re.escape(body[last : m.start()]))
        out.append(r"\d+" if m.group(1) else r"\s+" if m.group(2) else _LEVELS)
        last = m.end()
    out.append(re.escape(body[last:] + head[len(body) :]))
    return re.compile("".join(out))


def head_of(text: str, inner: int) -> str | None:
    """What stands before SGLang's prefix (found at `inner`, or -1), a traceback header or a traceback frame (less
    the frame's own two spaces): a candidate carrier."""
    if inner <= 0:
        inner = text.find(_TB_HEADER)
        if inner <= 0:
            inner = text.find(_FRAME, 0, MAX_HEAD + 2)
            if inner <= 2 or text[inner - 2 : inner] != "  ":
                return None
            inner -= 2
    head = text[:inner]
    if len(head) > MAX_HEAD or not head.strip() or PREFIX.match(head) or not parse_prefix(head).msg.strip():
        return None  # SGLang's own line (a sentence before its traceback), a prefix read anyway, or no head at all
    if _BAR.search(head):
        return None  # a progress bar a log line was glued to: SGLang's own output (its capture sizes), never a carrier
    return head


class Carrier:
    """The learnt carrier of one log; one per classifier, since a log has one deployment around it."""

    __slots__ = ("_candidate", "_left", "_pattern")

    def __init__(self) -> None:
        self._pattern: re.Pattern[str] | None = None
        self._candidate: re.Pattern[str] | None = None
        self._left = 0  # lines a candidate may still be confirmed on

    def strip(self, text: str) -> str:
        """Take the carrier off this line, where it has one; confirm a candidate one of the two lines before proposed.

        Two (blank ones aside), since the proposing line's own rest may stand between where a terminal cut it; but a
        frame without the head (the traceback's own, unprefixed) refutes it at once.
        """
        cand = self._candidate
        if cand is not None and text:
            self._left -= 1
            if cand.match(text):
                self._pattern, cand = cand, None
            if cand is None or not self._left or text.lstrip().startswith(_FRAME):
                self._candidate = None
        if self._pattern is not None:
            m = self._pattern.match(text)
            if m is not None and m.end():
                return text[m.end() :]
        return text

    def propose(self, text: str, inner: int = -1) -> None:
        """A line with a head before SGLang's prefix or a traceback: the next lines say whether it is a carrier."""
        head = head_of(text, inner)
        if head is not None:
            self._candidate, self._left = shape(head), 2
