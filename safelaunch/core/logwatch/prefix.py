"""Step 2: SGLang's own prefix, `[2025-07-02 07:41:58 DP0 TP0] msg`, split into time, ranks and message.

Every SGLang release prefixes its lines with the time and the ranks of the process that printed them
(DP/TP/PP/EP tags, `[gpu=0]` in very old releases); uvicorn adds its level. The rank says which GPU a
failure hit, and the bare message is what the phase and failure steps read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = re.compile(
    r"\[(?:(\d{4}-\d\d-\d\d) )?(\d\d:\d\d:\d\d(?:[.,]\d+)?)((?: [A-Z_]+\d+)*)\] ?"  # [2025-07-02 07:41:58 DP0 TP0]
    r"|\[gpu=(\d+)\] ?"  # very old releases: [gpu=0]
    r"|\[[^\]\s]+((?: (?:DP|TP|PP|EP|CP|MOE_DP|ATTN_CP|ATTN_DP)\d+)+)\] ?"  # time replaced: [timestamp DP3 TP3]
)
UVICORN_LEVEL = re.compile(r"(INFO|ERROR|WARNING|DEBUG|CRITICAL):\s+")


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
    m = PREFIX.match(text)
    if m is None:
        msg, time, rank, prefixed = text, None, None, False
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
    level = None
    if msg[:1] in "IEWDC":
        lm = UVICORN_LEVEL.match(msg)
        if lm:
            level, msg = lm.group(1), msg[lm.end() :]
    return Parsed(text, msg, time, rank, prefixed, level)
