"""Ascend NPU logs (issue 18, after blind9), judged on the corpus's own lines: torch_npu / CANN / aclnn's device and
kernel runtime errors are the CUDA family (`cuda_error_other`), an NPU out-of-memory takes the OOM family of its
phase, and an operator's own check of its inputs (`[ERROR][FusedDeepMoe] batchSize(bs) must <= 256.`) is the
launch's sizes (`config_error`) once SGLang dies, never while the server carries on."""

from __future__ import annotations

import pytest

from safelaunch.core.logwatch import classify_text
from tests.test_logwatch_families import LOOP
from tests.test_logwatch_official import HIT, INIT, LOGS, SERVING, line

DISPATCH = "shun-qwen3-480b-pd-mix-deepep-dispatch-tiling-b9"
WARMUP = "shun-qwen35-9b-vlm-warmup-npu-copy-failed-b9"
BS_LIMIT = "sgl-kernel-npu-issue-185-fused-deep-moe-bs-b9"
ACLNN = line(DISPATCH, "RuntimeError: call aclnn")  # ... failed, detail:EZ9999: Inner Error!
INNER = line(DISPATCH, "EZ9999[PID")  # CANN's own report of the inner error code
NPU_FN = line(WARMUP, "RuntimeError: copy_d2d")  # torch_npu's "NPU function error: call aclnnInplaceCopy failed"
CHECK = line(BS_LIMIT, "[ERROR][FusedDeepMoe] batchSize")
CHECK_FAILED = line(BS_LIMIT, "[ERROR][FusedDeepMoe] CheckData")


@pytest.mark.parametrize("case", [DISPATCH, WARMUP, BS_LIMIT])
def test_the_ascend_logs_of_blind9_get_their_labels(case: str) -> None:
    assert classify_text(LOGS[case]["log_text"]).label == LOGS[case]["label"]


@pytest.mark.parametrize(
    "text",
    [
        f"{SERVING}\n{HIT}\n{LOOP}\n{ACLNN}",  # the scheduler's forward, after ready
        f"{SERVING}\n{HIT}\n{LOOP}\n{NPU_FN}",
        f"{SERVING}\n{HIT}\n{LOOP}\n{INNER}",  # the error code alone, no RuntimeError line
        f"{HIT}\n{LOOP}\nRuntimeError: ACL stream synchronize failed, error code:507035",
        NPU_FN,  # bare, no SGLang prefix
    ],
    ids=["aclnn-after-ready", "npu-function-error", "cann-code-alone", "stream-sync", "bare"],
)
def test_an_ascend_runtime_error_is_the_cuda_family(text: str) -> None:
    d = classify_text(text)
    assert (d.label, d.rule) == ("cuda_error_other", "cuda.error")


def test_an_npu_out_of_memory_takes_the_oom_family_of_its_phase() -> None:
    npu_oom = "RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB (NPU 0; 60.96 GiB total capacity)"
    cuda_oom = npu_oom.replace("NPU", "CUDA")
    assert classify_text(f"{SERVING}\n{HIT}\n{LOOP}\n{npu_oom}").label == "oom_runtime"
    for where in (f"{HIT}\n{INIT}\n", f"{HIT}\n{LOOP}\n", ""):  # model init (start-up), the loop, bare
        npu, cuda = classify_text(where + npu_oom), classify_text(where + cuda_oom)
        assert npu.label.startswith("oom_") and (npu.label, npu.rule) == (cuda.label, cuda.rule), where


def test_an_operators_input_check_is_the_launchs_sizes_once_sglang_dies() -> None:
    """The excerpt stops at 'Scheduler hit an exception: Traceback': the operator's check, logged just before, is the
    cause. Logged alone after ready, with the server carrying on, it decides nothing."""
    died = LOGS[BS_LIMIT]["log_text"].split("\n")[-1]  # "[... TP4 EP4] Scheduler hit an exception: Traceback ..."
    d = classify_text(LOGS[BS_LIMIT]["log_text"])
    assert (d.label, d.rule, d.evidence[-1].text) == ("config_error", "config.kernel_check", CHECK_FAILED)
    d = classify_text(f"{SERVING}\n{CHECK}\n{CHECK_FAILED}\n{died}")  # after ready: read as the loop's exception
    assert (d.label, d.explain()["line"]) == ("config_error", CHECK_FAILED)
    assert classify_text(CHECK).label == classify_text(CHECK_FAILED).label == "config_error"  # nothing was ready
    assert classify_text(f"{SERVING}\n{CHECK}\n{CHECK_FAILED}\n{SERVING.split(chr(10))[-1]}").label == "healthy"
    assert classify_text(f"{SERVING}\n[FusedDeepMoe] loaded, bs must be set per rank").label == "healthy"


def test_roc_m_and_cuda_spellings_are_unchanged() -> None:
    for msg in ("RuntimeError: HIP error: invalid device function", "RuntimeError: CUDA error: illegal memory access"):
        assert classify_text(f"{SERVING}\n{HIT}\n{LOOP}\n{msg}").label == "cuda_error_other"
    assert classify_text(f"{SERVING}\n{HIT}\n{LOOP}\ntorch.OutOfMemoryError: HIP out of memory.").label == "oom_runtime"
