"""`survival.settle`, as plain data: whether a failure a rule named is one the process goes on from."""

from __future__ import annotations

from collections import deque

from safelaunch.core.logwatch.config import MESSAGE
from safelaunch.core.logwatch.contract import Evidence
from safelaunch.core.logwatch.oom import OUT_OF_MEMORY
from safelaunch.core.logwatch.port import IN_USE
from safelaunch.core.logwatch.survival import settle
from safelaunch.core.logwatch.tracebacks import Block
from safelaunch.core.logwatch.unnamed import CONSEQUENCE

NO_WEIGHTS = "Failed to get weights iterator: Cannot find any model weights with `/ckpt/s40`."


def block(*categories: str | None, caught: bool = False) -> Block:
    frames = deque((Evidence(i, f'  File "/x{i}.py", line 1, in f'), c) for i, c in enumerate(categories))
    return Block(Evidence(0, "Traceback (most recent call last):"), None, frames, caught=caught)


def test_a_settings_error_logged_by_a_ready_server_is_not_fatal_and_raised_it_is() -> None:
    fail = MESSAGE.failure(NO_WEIGHTS)
    assert settle(fail, NO_WEIGHTS, None, None, "serving", None).fatal is False
    assert settle(fail, NO_WEIGHTS, None, None, "loading_weights", None).fatal is True  # start-up: it decides
    raised = MESSAGE.failure(NO_WEIGHTS, "FileNotFoundError")
    assert settle(raised, f"FileNotFoundError: {NO_WEIGHTS}", "FileNotFoundError", None, "serving", None).fatal


def test_a_libraries_warning_level_is_not_fatal() -> None:
    msg = "Address already in use"
    assert settle(IN_USE.failure(msg), msg, None, "WARNING", "launching", None).fatal is False
    assert settle(IN_USE.failure(msg), msg, None, "ERROR", "launching", None).fatal is True


def test_a_caught_tracebacks_exception_is_not_fatal_and_one_requests_error_is_none_of_the_servers() -> None:
    msg = "OSError: [Errno 98] Address already in use"
    fail = IN_USE.failure(msg, "OSError")
    assert settle(fail, msg, "OSError", None, "serving", block(None, caught=True)).fatal is False
    assert settle(fail, msg, "OSError", None, "serving", block(None)).fatal is True
    assert settle(fail, msg, "OSError", None, "serving", block("request", caught=True)) is None


def test_a_death_after_a_requested_stop_is_none_of_the_servers_and_a_cause_still_is() -> None:
    killed = "sglang.service: Main process exited, code=killed, status=9/KILL"
    assert settle(CONSEQUENCE.failure(killed), killed, None, None, "serving", None, stopping=True) is None
    assert settle(CONSEQUENCE.failure(killed), killed, None, None, "serving", None).fatal is True
    oom = "torch.OutOfMemoryError: CUDA out of memory."
    assert settle(OUT_OF_MEMORY.failure(oom), oom, "torch.OutOfMemoryError", None, "serving", None, stopping=True)
