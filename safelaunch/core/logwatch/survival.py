"""Step 4b: whether a matched failure is one the process goes on from, decided from the line and where it stands.

A rule names a failure by its words; the same words are a death in one place and a logged, survived error in another.
This step settles that, as plain data in and out, after the rule matched and before the classifier records it: a
failure that is not fatal decides only if the process then dies or never comes up (`LogClassifier.diagnosis`).
"""

from __future__ import annotations

from dataclasses import replace

from .benign import C10_WARNING
from .contract import PHASE_INDEX
from .rule import Failure
from .tracebacks import Block


def settle(
    fail: Failure,
    msg: str,
    exc_type: str | None,
    level: str | None,
    phase: str,
    block: Block | None,
    *,
    stopping: bool = False,
    below: bool = False,
) -> Failure | None:
    """The failure as the process lives it: fatal, not fatal, or none of the server's (one request's error, or a
    death after a stop someone asked for). `below`: the line right above said the process goes on from what it
    introduces (`Runtime error during autotuning:`), and this is that error."""
    if stopping and fail.family in ("consequence", "cascade"):
        return None  # the process ended by the stop that was asked for (SIGTERM, systemd stopping the unit)
    if fail.fatal and exc_type is None:
        if level in ("WARNING", "WARN") or (msg[:2] == "[W" and C10_WARNING.match(msg)):
            # a library's warning level (a failed optional import, torch's c10 retrying a socket): it goes on
            fail = replace(fail, fatal=False)
        elif fail.family == "config" and PHASE_INDEX[phase] >= PHASE_INDEX["ready"]:
            # a setting's or a model's error logged, not raised, by a server that said it is ready: an API that failed
            # and said so (a weight update from a path with no weights), which the server survives unless it then dies
            fail = replace(fail, fatal=False)
    if fail.fatal and below:
        fail = replace(fail, fatal=False)  # the error a line that goes on from it introduced
    if fail.fatal and exc_type is not None and block is not None and block.caught:
        fail = replace(fail, fatal=False)  # the exception of a line that said the process goes on without it
    if not fail.fatal and Block.one_request(block):
        return None  # one HTTP request's error, answered with a 4xx/5xx: the server goes on serving
    return fail
