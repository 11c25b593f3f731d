"""Families decided by structure rather than wording (issue 18, the sixth pass), judged on the real corpus's own
lines: a launcher's wrapper changes no label, a launcher's exit report is no cause, an exception raised while
importing is the installation, and a start-up excerpt that stops after the model worker is built is healthy
without ever claiming readiness."""

from __future__ import annotations

import json

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text, strip_wrappers
from tests.conftest import FIXTURES

# The parts whose rules were written with them in view (a later blind part is scored once, not tested here).
PARTS = ("", "-public", *(f"-blind{n}" for n in range(2, 17)))
LOGS = {
    d["id"]: d
    for part in PARTS
    for d in map(json.loads, (FIXTURES / f"real-logs{part}.jsonl").read_text().splitlines())
}
# Logs whose every line is as SGLang (or Python) printed it: a launcher's wrapper goes outside, not around another.
BARE = sorted(i for i, d in LOGS.items() if all(strip_wrappers(x) == x for x in d["log_text"].split("\n")))
# torch's elastic launcher's report when a worker exits non-zero (torch/distributed/elastic/multiprocessing/errors)
TORCHRUN = """Traceback (most recent call last):
  File "/usr/local/bin/torchrun", line 8, in <module>
    sys.exit(main())
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", \
line 355, in wrapper
    return f(*args, **kwargs)
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 263, in launch_agent
    raise ChildFailedError(
torch.distributed.elastic.multiprocessing.errors.ChildFailedError:
============================================================
Root Cause (first observed failure):
[0]:
  rank      : 0 (local_rank: 0)
  exitcode  : 1 (pid: 1234)"""


def label(text: str) -> str:
    return classify_text(text).label


WRAPPERS = {
    "srun --label": lambda line: "0: " + line,
    "srun --label, right-aligned": lambda line: " 12: " + line,
    "indented paste": lambda line: "    " + line,
    "tab-indented paste": lambda line: "\t" + line,
}
# Indented, these lines lose what only their first column says: a bare batch line with no prefix at all,
# faulthandler's `Fatal Python error` header, and an error line right after a frame with no source line (tvm's
# `function.pxi` frame in 24650: indented, its error line reads as that frame's source line). Left as they are
# (no corpus log is pasted indented).
INDENT_KEEPS_NOT = {"sglang-issue-938-b3", "sglang-issue-3745-b3", "sglang-issue-24650-b6"}


@pytest.mark.parametrize("wrapper", WRAPPERS)
def test_a_launchers_wrapper_around_every_line_changes_no_label(wrapper: str) -> None:
    wrap = WRAPPERS[wrapper]
    skip = INDENT_KEEPS_NOT if "indent" in wrapper else set()
    changed = [
        i
        for i in BARE
        if i not in skip
        and label("\n".join(wrap(x) for x in LOGS[i]["log_text"].split("\n"))) != label(LOGS[i]["log_text"])
    ]
    assert not changed


def test_torchruns_rank_tag_in_front_of_sglangs_prefix_keeps_the_prefix() -> None:
    text = LOGS["sglang-issue-13202-pressure-a"]["log_text"]
    assert label("\n".join("[rank3]: " + x for x in text.split("\n"))) == "healthy"


def test_a_launchers_exit_report_is_no_cause() -> None:
    """srun's `Exited with exit code 1` after a missing module (corpus 167) and torchrun's ChildFailedError after a
    checkpoint/model KeyError (corpus 2600) leave the cause deciding; either report alone names none."""
    assert label(LOGS["sglang-issue-167-b5"]["log_text"]) == "config_error"
    assert label(LOGS["sglang-issue-2600-b5"]["log_text"] + "\n" + TORCHRUN) == "config_error"
    assert label(TORCHRUN) == "unknown"  # was nccl_or_distributed: the launcher is not a collective
    assert label("srun: error: haicluster2: task 0: Exited with exit code 1") == "unknown"


def test_an_exception_raised_while_importing_is_the_installation() -> None:
    """Corpus 4778's import chain (`<module>` frames under the launch script) with its error line made a type that
    no argument check raises: still config_error. A re-raise in the launch script's own `except` (corpus 1343) is no
    import: the custom all-reduce check that failed in distributed set-up stays nccl_or_distributed."""
    text = LOGS["sglang-issue-4778-a"]["log_text"]
    lines = text.split("\n")
    err = max(i for i, x in enumerate(lines) if x.startswith(("ImportError", "OSError", "ModuleNotFoundError")))
    lines[err] = "RuntimeError: Failed to load the library"
    assert label(text) == label("\n".join(lines)) == "config_error"
    assert label(LOGS["sglang-issue-1343-b3"]["log_text"]) == "nccl_or_distributed"


@pytest.mark.parametrize("case", ["sglang-pr-4840-a", "sglang-issue-7059-b5", "sglang-issue-139-b5"])
def test_a_start_up_excerpt_that_stops_after_the_worker_is_built_is_healthy_but_never_ready(case: str) -> None:
    c = LogClassifier()
    events = c.feed_many(LOGS[case]["log_text"].split("\n"))
    d = c.diagnosis()
    assert (d.label, d.rule) == ("healthy", "phases.started")
    assert not any(e.kind == "ready" for e in events)  # readiness is only ever the ready line (or /health)


def test_a_whole_start_up_cut_before_its_last_allocation_is_not_healthy() -> None:
    """A real start-up log (GB10, blind5) cut at each milestone: healthy once the model worker is built, unknown
    while weights load."""
    lines = LOGS["jethac-fp8kv-b5"]["log_text"].split("\n")
    built = next(i for i, x in enumerate(lines) if "max_total_num_tokens=" in x)
    loading = next(i for i, x in enumerate(lines) if "Load weight begin" in x)
    assert label("\n".join(lines[: built + 1])) == "healthy"
    assert label("\n".join(lines[: loading + 1])) == "unknown"
