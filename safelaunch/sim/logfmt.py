"""Where and how the sim's output goes: SGLang's log record format, uvicorn's, one `os.write` per record.

Output goes where SGLang's goes: its `logging.basicConfig` writes to stderr, uvicorn's access log to
stdout, tqdm bars to stderr. Each line is one `os.write`, so concurrent rank processes never tear a line.
The texts themselves live elsewhere (templates.py for SGLang's lines, the *_errors.py modules for its
tracebacks, torch_oom.py for PyTorch's allocator message, progress.py for tqdm bars); this module only
writes them, stamped and prefixed as SGLang's logging configuration does.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

GIB = 1 << 30
MIB = 1 << 20
STDOUT = 1
STDERR = 2


def gb(nbytes: float) -> float:
    """SGLang's "GB": `mem_get_info` bytes / (1 << 30), i.e. GiB."""
    return nbytes / GIB


# --------------------------------------------------------------------------- writing


def write(fd: int, text: str) -> None:
    """One write per record: lines from concurrent processes interleave but never tear."""
    data = text.encode("utf-8", "replace")
    try:
        while data:
            n = os.write(fd, data)
            data = data[n:]
    except (BrokenPipeError, OSError):
        pass  # the reader went away; SGLang would die on SIGPIPE, the sim just stops talking


def timestamp(now: float | None = None) -> str:
    now = time.time() if now is None else now
    text = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(now))
    if os.environ.get("SGLANG_LOG_MS", "").lower() in ("1", "true", "yes"):
        text += f".{int((now % 1) * 1000):03d}"
    return text


def rank_prefix(tp_rank: int, tp_size: int, dp_rank: int | None = None, ep_rank: int = 0, ep_size: int = 1) -> str:
    """`configure_scheduler_process`: DP only with a DP controller, TP only when tp_size > 1, EP when ep_size > 1."""
    prefix = ""
    if dp_rank is not None:
        prefix += f" DP{dp_rank}"
    if tp_size > 1:
        prefix += f" TP{tp_rank}"
    if ep_size > 1:
        prefix += f" EP{ep_rank}"
    return prefix


@dataclass(frozen=True)
class Log:
    """A logger bound to one process's prefix (`[%(asctime)s{prefix}] %(message)s`)."""

    prefix: str = ""
    fd: int = STDERR

    def info(self, message: str) -> None:
        write(self.fd, f"[{timestamp()}{self.prefix}] {message}\n")

    warning = info
    error = info

    def uvicorn(self, level: str, message: str) -> None:
        """uvicorn's default formatter as SGLang configures it: `[%(asctime)s] %(levelprefix)s %(message)s`."""
        write(STDERR, f"[{timestamp()}] {(level + ':').ljust(9)} {message}\n")

    def access(self, client: tuple[str, int], request_line: str, status: int, phrase: str) -> None:
        """uvicorn's access log (stdout): `[%(asctime)s] %(levelprefix)s %(client_addr)s - "%(request_line)s" ...`."""
        write(STDOUT, f'[{timestamp()}] INFO:     {client[0]}:{client[1]} - "{request_line}" {status} {phrase}\n')

    def raw(self, text: str, fd: int = STDERR) -> None:
        write(fd, text)
