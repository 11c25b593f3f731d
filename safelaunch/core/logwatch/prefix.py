"""Step 2: the logging prefix, `[2025-07-02 07:41:58 DP0 TP0] msg`, split into time, ranks and message.

Every SGLang release prefixes its lines with the time and the ranks of the process that printed them
(DP/TP/PP/EP tags, `[gpu=0]` in very old releases); uvicorn adds its level. Projects that embed SGLang log
its messages through their own logging set-up instead (Python logging's `%(asctime)s [%(levelname)s]
%(name)s:` and its relatives, loguru, FastChat's `time | LEVEL | name |`, a bare `[TP0]` rank tag), so those
prefixes are read the same way. The rank says which GPU a failure hit, and the bare message is what the phase
and failure steps read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = re.compile(
    # [2025-07-02 07:41:58 DP0 TP0]; the diffusion runtime's date has no year: [07-02 07:41:58]
    r"\[(?:((?:\d{4}-)?\d\d-\d\d) )?(\d\d:\d\d:\d\d(?:[.,]\d+)?)((?: [A-Z_]+\d+)*)\] ?"
    r"|\[gpu=(\d+)\] ?"  # very old releases: [gpu=0]
    r"|\[[^\]\s]+((?: (?:DP|TP|PP|EP|CP|MOE_DP|ATTN_CP|ATTN_DP)\d+)+)\] ?"  # time replaced: [timestamp DP3 TP3]
)
UVICORN_LEVEL = re.compile(r"(INFO|ERROR|WARNING|DEBUG|CRITICAL):\s+")
# Another logger's prefix where SGLang's own is absent: a log record's time, then its level in one of the
# usual layouts, with the logger's name. Level-led (or time-led): an exception line (`KeyError: 'x'`) is no prefix.
_TIME = r"\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\]?"
_LEVEL = r"(DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL)"
_NAME = r"[A-Za-z_][\w.]*"
FOREIGN = re.compile(
    rf"(?:{_TIME}(?: ?[-|] | |,))?(?:"
    rf"\[{_LEVEL}\] ?(?:{_NAME}(?::\d+)?: |{_NAME} - )?"  # [INFO] sglang.srt.managers.scheduler: msg
    rf"|{_LEVEL}:{_NAME}:"  # logging.basicConfig: INFO:sglang.srt.managers.scheduler:msg
    rf"|{_NAME} - {_LEVEL} - "  # %(name)s - %(levelname)s - %(message)s
    # loguru: `INFO     | module:function:42 - msg`; FastChat's `%(asctime)s | %(levelname)s | %(name)s | msg`
    rf"|{_LEVEL} *\| (?:[\w.<>]+:[\w.<>]+:\d+ - |{_NAME} \| )?"
    # vLLM's `%(levelname)s %(asctime)s %(filename)s:%(lineno)d] msg` (its date without the year), the file in
    # brackets in later releases: `WARNING 03-02 10:00:03 _custom_ops.py:21] msg`, `INFO 03-02 10:00:03 [api.py:9] msg`
    rf"|{_LEVEL} \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \[?[\w.-]+:\d+\] "
    r")?"
)
# The ranks alone, where a launcher or an older release prints no time: `[TP0] Decode batch.`
RANK_TAG = re.compile(r"\[((?:DP|TP|PP|EP|CP|MOE_DP|ATTN_CP|ATTN_DP)\d+(?: [A-Z_]+\d+)*)\] ?")
# 2024 releases' model workers, before SGLang had a logging prefix: `Rank 0: Load weight begins.`
OLD_RANK = re.compile(r"Rank (\d+): ")
# torch's elastic launcher (torchrun) tags every line of a rank's stderr, tracebacks included: `[rank0]: `.
TORCH_RANK = re.compile(r"\[(rank\d+)\]: ?")


@dataclass(frozen=True, slots=True)
class Parsed:
    text: str  # the normalised line, prefix included (what evidence shows)
    msg: str  # the message after SGLang's prefix and uvicorn's level
    time: str | None = None
    rank: str | None = None
    prefixed: bool = False
    level: str | None = None


def parse_prefix(text: str) -> Parsed:
    """Split `[2025-07-02 07:41:58 DP0 TP0] msg` into time, ranks and message; every version's form."""
    if text[:1] in " \t":  # a whole log pasted indented (a list item, a code block in a thread)
        inner = text.lstrip()
        if inner[:1] in "[0123456789DIWECFR":  # a logger's prefix or a rank's tag, under the indentation
            q = parse_prefix(inner)
            if q.prefixed or q.level is not None or q.rank is not None:
                return Parsed(text, q.msg, q.time, q.rank, q.prefixed, q.level)
    m = PREFIX.match(text)
    level = None
    if m is None:
        msg, time, rank, prefixed = text, None, None, False
        if text[:5] == "Rank " and (r := OLD_RANK.match(text)) is not None:
            msg, rank, prefixed = text[r.end() :], f"TP{r.group(1)}", True
        if text[:1] in "[0123456789DIWECF" and text[:5] != "[rank":
            f = FOREIGN.match(text)
            if f is not None and f.end():
                msg, prefixed = text[f.end() :], True
                level = next((g for g in f.groups() if g), None)
    else:
        prefixed = True
        msg = text[m.end() :]
        if m.group(4) is not None:
            time, rank = None, f"gpu={m.group(4)}"
        elif m.group(5) is not None:
            time, rank = None, m.group(5).strip()
        else:
            time = f"{m.group(1)} {m.group(2)}" if m.group(1) else m.group(2)
            rank = m.group(3).strip() or None
    if msg[:1] == "[":
        r = RANK_TAG.match(msg)
        if r is not None:
            msg, rank, prefixed = msg[r.end() :], r.group(1), True
        elif (r := TORCH_RANK.match(msg)) is not None:
            inner = msg[r.end() :]
            if not prefixed and inner[:1] == "[":  # SGLang's own prefix inside the launcher's tag
                q = parse_prefix(inner)
                if q.prefixed:
                    return Parsed(text, q.msg, q.time, q.rank or r.group(1), True, q.level)
            msg, rank = inner, r.group(1)  # the launcher's tag, not a logging prefix: the line stays raw
    if level is None and msg[:1] in "IEWDC":
        lm = UVICORN_LEVEL.match(msg)
        if lm:
            level, msg = lm.group(1), msg[lm.end() :]
    return Parsed(text, msg, time, rank, prefixed, level)
