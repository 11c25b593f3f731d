"""Process helpers shared by the launcher and its rank processes: wait forever, die with the parent.

SGLang's processes hang rather than exit in several failure paths (a rank stuck in a collective, the
launcher waiting on it), and its schedulers die with the launcher; the sim reproduces both.
"""

from __future__ import annotations

import contextlib
import ctypes
import signal
import time
from typing import NoReturn


def set_pdeathsig() -> None:
    """Die with the launcher (SGLang's schedulers do: PR_SET_PDEATHSIG), so no orphan holds a GPU."""
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)


def block_forever() -> NoReturn:
    while True:
        time.sleep(3600)
