"""The verdicts against the official label set (/work/shared/corpus/README.md: ten labels, no `unknown`; the
project's held-out judge uses exactly those), judged on the corpus's own lines moved to other phases, frames and
spellings. `unknown` is only a log with no deciding event: nothing failed, a log cut before any error, a
launcher's exit code, a bare signal or crash. An exception that aborted SGLang and no family names is
`config_error`; a dead peer's EOFError / BrokenPipeError / ConnectionResetError decides nothing; a missing package
is configuration wherever it is reported; a traceback through SGLang's token/KV slot allocators while serving is
`oom_runtime` even cut before its message; a kernel symbol ROCm cannot find is a build for another GPU."""

from __future__ import annotations

import json

import pytest

from safelaunch.core.logwatch import classify_text
from tests.conftest import FIXTURES
from tests.test_logwatch import KNOWN_MISSES
from tests.test_logwatch_families import LOOP, READY, SGL, TB, frames
from tests.test_logwatch_structure import PARTS

LOGS = {
    d["id"]: d
    for part in PARTS
    for d in map(json.loads, (FIXTURES / f"real-logs{part}.jsonl").read_text().splitlines())
}
HIT = f"[2025-09-01 10:01:05 TP0] Scheduler hit an exception: {TB}"  # the scheduler died (not one request)
SERVING = f"""{READY}
[2025-09-01 10:01:00 TP0] Prefill batch. #new-seq: 1, #new-token: 900, #cached-token: 0, token usage: 0.01"""
INIT = frames(
    (f"{SGL}/managers/scheduler.py", "run_scheduler_process"),
    (f"{SGL}/managers/tp_worker.py", "__init__"),
    (f"{SGL}/model_executor/model_runner.py", "__init__"),
)


def line(case: str, start: str) -> str:
    """The first line of a corpus log that starts with `start` (after its indentation)."""
    return next(x for x in LOGS[case]["log_text"].split("\n") if x.lstrip().startswith(start)).strip()


def label_rule(text: str) -> tuple[str, str]:
    d = classify_text(text)
    return d.label, d.rule


def test_no_officially_labelled_log_is_called_unknown() -> None:
    """`unknown` is never right on the judge's set: every log with one of the ten labels gets a label of its own,
    unless it is a known miss with its reason (tests/test_logwatch.py)."""
    official = {i: d for i, d in LOGS.items() if d["label"] != "unknown"}
    unknown = [i for i, d in official.items() if classify_text(d["log_text"]).label == "unknown"]
    assert [i for i in unknown if i not in KNOWN_MISSES] == []
    assert len(official) >= 310


# -- an exception that aborted SGLang and that no family names: config_error, wherever it was raised
BATCH2 = line("sglang-issue-6044-b7", "RuntimeError:")  # a backend that does not fit the model's head layout
UNPACK = line("sglang-issue-3201-b7", "ValueError:")  # sgl-kernel's min_p API of another version
ABORTED = {
    "serving-loop-runtime-error": f"{SERVING}\n{HIT}\n{LOOP}\n{BATCH2}",
    "serving-loop-value-error": f"{SERVING}\n{HIT}\n{LOOP}\n{UNPACK}",
    "model-runner-init": f"{HIT}\n{INIT}\n{BATCH2}",
    "an-excerpt-with-only-the-error": f"{TB}\n{UNPACK}",
}


@pytest.mark.parametrize("name", ABORTED)
def test_an_exception_that_aborted_and_no_family_names_is_configuration(name: str) -> None:
    label, rule = label_rule(ABORTED[name])
    assert label == "config_error" and rule in ("unnamed.exception", "config.exception")  # "expected 2": loose words


def test_a_caught_exception_in_a_server_that_goes_on_is_no_failure() -> None:
    """Guard: an exception line printed by a server that is up, with nothing dying after it, stays healthy."""
    assert classify_text(f"{SERVING}\n{UNPACK}").label == "healthy"


# -- a crash's consequences: a peer gone decides nothing
@pytest.mark.parametrize(
    "consequence",
    [
        "EOFError",
        "BrokenPipeError: [Errno 32] Broken pipe",
        "ConnectionResetError: [Errno 104] Connection reset by peer",
        "ConnectionAbortedError: [Errno 103] Software caused connection abort",
    ],
)
def test_a_dead_peers_exception_alone_decides_nothing(consequence: str) -> None:
    pipe = frames(
        (f"{SGL}/entrypoints/engine.py", "_launch_subprocesses"),
        ("/usr/lib/python3.10/multiprocessing/connection.py", "recv"),
    )
    assert classify_text(f"{TB}\n{pipe}\n{consequence}").label == "unknown"
    assert classify_text(f"{SERVING}\n{consequence}").label == "healthy"  # a client that left a serving server


def test_a_bare_kill_or_crash_is_unknown() -> None:
    """No exception: a signal or a crash says that SGLang died, not why (a restart is the supervisor's answer)."""
    for crash in ("Killed", "Fatal Python error: Segmentation fault", "Aborted (core dumped)"):
        assert classify_text(f"{SERVING}\n{crash}").label == "unknown"


def test_a_cause_before_a_dead_peer_still_decides() -> None:
    """The corpus's 3667: custom all-reduce's illegal memory access, then the DP controller's EOFError."""
    assert classify_text(LOGS["sglang-issue-3667-b7"]["log_text"]).label == "cuda_error_other"
    assert classify_text(LOGS["sglang-issue-2294-b7"]["log_text"]).label == "unknown"  # the EOFError alone
    assert classify_text(f"{HIT}\n{INIT}\n{UNPACK}\nEOFError").label == "config_error"


# -- a missing package, wherever it is reported
MISSING = line("sglang-issue-1930-b7", "Error:")


@pytest.mark.parametrize(
    "text",
    [
        MISSING,
        "    " + MISSING,  # pasted indented
        "ERROR: No module named 'flash_attn'. Please install flash-attn to use this backend",
        "RuntimeError: No module named 'vllm._C'",  # another exception type's message
        f"{SERVING}\n{HIT}\n{LOOP}\nRuntimeError: Please install outlines>=0.1.0 for this grammar backend",
    ],
)
def test_a_missing_package_is_configuration_wherever_it_is_reported(text: str) -> None:
    assert classify_text(text).label == "config_error"


def test_an_import_sglang_ignores_is_no_failure() -> None:
    """Guard: SGLang's own 'Ignore import error ... No module named' and a caught probe carry on."""
    ignored = next(x for x in LOGS["jethac-spark-image-smoke-b3"]["log_text"].split("\n") if "No module named" in x)
    probe = line("r9700-qwen3-coder-30b-awq-b3", "[2026-05-25 17:26:18 TP1] Failed to import amdsmi")
    assert classify_text(f"{ignored}\n{probe}\n{SERVING}").label == "healthy"
    assert classify_text(f"{ignored}\n{probe}").label == "unknown"


# -- SGLang's token/KV slot allocators while serving: the pool, even with the traceback cut before its message
ALLOC = {
    "cut-in-alloc-paged-token-slots-extend": LOGS["sglang-issue-26265-b7"]["log_text"],
    "cut-in-alloc-token-slots": f"{SERVING}\n{HIT}\n{LOOP}\n"
    + frames((f"{SGL}/mem_cache/common.py", "alloc_for_extend"), (f"{SGL}/mem_cache/common.py", "alloc_token_slots")),
    "cut-in-the-decode-allocator": f"{SERVING}\n{HIT}\n{LOOP}\n"
    + frames(
        (f"{SGL}/mem_cache/common.py", "alloc_for_decode"),
        (f"{SGL}/mem_cache/common.py", "alloc_paged_token_slots_decode"),
        (f"{SGL}/mem_cache/allocator.py", "alloc_decode"),
    ),
    "an-unnamed-error-raised-in-the-allocator": f"{SERVING}\n{HIT}\n{LOOP}\n"
    + frames((f"{SGL}/mem_cache/allocator.py", "alloc_extend"))
    + "\nAssertionError",
    "decode-out-of-memory-message": f"{SERVING}\n{HIT}\n{LOOP}\n"
    + "RuntimeError: Decode out of memory. Try to lower your batch size.",
}


@pytest.mark.parametrize("name", ALLOC)
def test_a_traceback_through_the_kv_slot_allocators_while_serving_is_a_runtime_oom(name: str) -> None:
    assert classify_text(ALLOC[name]).label == "oom_runtime"


def test_the_allocators_outside_the_loop_and_retraction_are_not_a_runtime_oom() -> None:
    """Guards: a cut traceback through an allocator in start-up's capture is no serving OOM; a retraction carries on."""
    capture = frames(
        (f"{SGL}/model_executor/cuda_graph_runner.py", "capture"),
        (f"{SGL}/mem_cache/allocator.py", "alloc_extend"),
    )
    assert classify_text(f"{TB}\n{capture}").label != "oom_runtime"
    retract = "[2025-09-01 10:01:06 TP0] Decode out of memory happened. #retracted_reqs: 3, #new_token_ratio: 0.5"
    assert classify_text(f"{SERVING}\n{retract}").label == "healthy"


# -- ROCm: a kernel symbol the installed kernels lack for this GPU is a build for another architecture
def test_a_kernel_symbol_rocm_cannot_find_is_a_build_for_another_gpu() -> None:
    assert classify_text(LOGS["sglang-issue-5637-b7"]["log_text"]).label == "config_error"
    symbol = line("sglang-issue-5637-b7", ":0:")
    assert classify_text(f"{symbol}\nFatal Python error: Aborted").label == "config_error"
    assert classify_text("RuntimeError: HIP error: hipErrorSharedObjectSymbolNotFound").label == "config_error"
    # guard: an extension built against another torch (`undefined symbol`) stays a CUDA-side version mismatch
    assert classify_text(LOGS["sglang-issue-5100-b2"]["log_text"]).label == "cuda_error_other"


# -- custom all-reduce: a device fault in its kernel is a CUDA error; its peer-access failures stay distributed
def test_a_device_fault_in_custom_all_reduce_is_a_cuda_error() -> None:
    fault = line("sglang-issue-3667-b7", "Failed: Cuda error")
    assert classify_text(fault).label == "cuda_error_other"
    assert classify_text(fault.replace("an illegal memory access", "uncorrectable ECC error")).label == (
        "cuda_error_other"
    )
    assert classify_text(line("sglang-issue-1509-a", "Failed: Cuda error")).label == "nccl_or_distributed"
    assert classify_text(LOGS["slime-issue-1998-b4"]["log_text"]).label == "nccl_or_distributed"  # invalid argument
