"""A log exported newest first: read it oldest first again.

Log stores answer queries newest first by default (`gcloud logging read`, Loki's `logcli query`, Datadog's search
sorted by time descending), and users paste such exports whole. Read top-down, a traceback comes before its header
and a failure before the start-up lines that say where it struck. Every shipper stamps its records with the time
(ISO 8601, or SGLang's own `[2026-03-02 10:00:16]`), so the order shows in the stamps: when, across the first lines,
time goes backwards far more often than forwards, the log is reversed before it is read. A record with several
stamps of its own (`receiveTimestamp` after `timestamp`) goes backwards once inside itself in either order; the
ratio below leaves that alone. Pure; for whole logs only (a live server's lines come in the order it printed them).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain, islice

STAMP = re.compile(r"(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(?:[.,](\d{1,9}))?")
SAMPLE = 4000  # lines looked at: enough for dozens of records of a pretty-printed JSON export
MIN_BACKWARDS = 3


def newest_first(lines: Sequence[str]) -> bool:
    """Whether time runs backwards down these lines: at least MIN_BACKWARDS steps back, and more than twice as many
    as forwards (steps between equal stamps do not count). Each kind of stamp is followed apart, by what stands
    before it on its line (`"receiveTimestamp": "`, `"timestamp": "`, SGLang's `[`, a line's start): a record's own
    stamps differ from one another in either order, but each field's run of values goes one way."""
    back = forward = 0
    last: dict[str, tuple[str, str, str]] = {}
    for line in lines[:SAMPLE]:
        m = STAMP.search(line)
        if m is None:
            continue
        field = line[max(0, m.start() - 24) : m.start()].strip()
        key = (m.group(1), m.group(2), (m.group(3) or "").ljust(9, "0"))
        before = last.get(field)
        if before is not None and key != before:
            if key < before:
                back += 1
            else:
                forward += 1
        last[field] = key
    return back >= MIN_BACKWARDS and back > 2 * forward


def oldest_first(lines: Iterable[str]) -> Iterator[str]:
    """The lines in the order they were written. Only the first SAMPLE lines are held to see the order, so a log in
    order streams through; one exported newest first (a log store's query result) is read whole and turned round."""
    it = iter(lines)
    head = list(islice(it, SAMPLE))
    if newest_first(head):
        return reversed(head + list(it))
    return chain(head, it)
