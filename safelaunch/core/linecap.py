"""Lines of an engine's output with bounded memory, however long a line SGLang (or anything) prints.

Why: reading a log line by line holds a whole line in memory, and a runaway line (a tensor printed in full, a
progress bar without a newline, a binary blob) is unbounded: `classify` on a 1 GB single line took 2 GB. Here a
line over `limit` bytes keeps its head and its tail (where a traceback's exception and a progress bar's last
figure are) and says, in the middle, how many bytes were cut. The splitter takes bytes in chunks and never
holds more than `limit` bytes of one line plus one chunk.
"""

from __future__ import annotations

import re

MAX_LINE_BYTES = 64 * 1024


def cut_marker(cut: int) -> bytes:
    return f" [... safelaunch cut {cut} bytes of this line ...] ".encode()


class LineSplitter:
    """Bytes in, complete lines out (without their separator), each at most about `limit` bytes.

    `separators` are the bytes that end a line: b"\\n" for a log file (tqdm's carriage returns stay inside
    their line), b"\\r\\n" for a live stream (each carriage-return redraw is a line of its own).
    `keep_empty` keeps empty lines (a file's line numbers must not shift).
    """

    def __init__(self, limit: int = MAX_LINE_BYTES, separators: bytes = b"\n", keep_empty: bool = False) -> None:
        self.half = max(1, limit // 2)
        self.keep_empty = keep_empty
        self._split = re.compile(b"[" + re.escape(separators) + b"]")
        self._head = bytearray()
        self._tail = bytearray()
        self._cut = 0

    def _add(self, data: bytes) -> None:
        room = self.half - len(self._head)
        if room > 0:
            self._head += data[:room]
            data = data[room:]
        if data:
            self._tail += data
            extra = len(self._tail) - self.half
            if extra > 0:
                del self._tail[:extra]
                self._cut += extra

    def _take(self) -> bytes:
        line = bytes(self._head) + (cut_marker(self._cut) if self._cut else b"") + bytes(self._tail)
        self._head.clear()
        self._tail.clear()
        self._cut = 0
        return line

    def feed(self, chunk: bytes) -> list[bytes]:
        """The lines this chunk completes; an unfinished line waits for the next chunk (or `flush`)."""
        *done, rest = self._split.split(chunk)
        out = []
        for part in done:
            self._add(part)
            line = self._take()
            if line or self.keep_empty:
                out.append(line)
        self._add(rest)
        return out

    def flush(self) -> bytes | None:
        """The last line, when the stream ended without a separator."""
        line = self._take()
        return line if line else None


__all__ = ["MAX_LINE_BYTES", "LineSplitter", "cut_marker"]
