"""Lines a width limit cut (`core/logwatch/wrapping.py`): a pasted log hard-wrapped by a terminal or a thread.

Judged two ways: constructed pieces of each kind of cut (a failure's words split, a frame's path split, a capture
failure whose reason went to the next line, and lines of their own that must not be glued), and every real log of
the corpus cut the way a terminal cuts, mid-word at a fixed width, which must keep its label."""

from __future__ import annotations

import pytest

from benchmarks.classifier_cuts import fill
from benchmarks.classifier_cuts import terminal as cut
from safelaunch.core.logwatch import classify_lines, classify_text
from tests.test_logwatch import ALL_REAL

TB = "Traceback (most recent call last):"
SGL = "/usr/lib/python3.12/site-packages/sglang/srt"


WATCHDOG = (
    "[rank3]:[E901 10:00:00.000000000 ProcessGroupNCCL.cpp:629] [Rank 3] Watchdog caught collective operation "
    "timeout: WorkNCCL(SeqNum=3, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600066 "
    "milliseconds before timing out."
)
WEIGHTS_OOM = f"""[2025-09-01 10:00:01 TP0] Scheduler hit an exception: {TB}
  File "{SGL}/model_executor/model_runner.py", line 318, in load_model
    self.model = get_model(model_config=self.model_config, load_config=self.load_config)
  File "/usr/lib/python3.12/site-packages/vllm/model_executor/layers/linear.py", line 333, in create_weights
    weight = Parameter(torch.empty(sum(output_partition_sizes), input_size_per_partition, dtype=params_dtype))
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 224.00 MiB. GPU 0 has a total capacity of 79.10 GiB \
of which 120.06 MiB is free. Including non-PyTorch memory, this process has 78.97 GiB memory in use."""
CAPTURE = (
    "Exception: Capture cuda graph failed: Error in function 'BatchPrefillWithPagedKVCacheDispatched' at "
    "/usr/lib/python3.12/site-packages/flashinfer/data/include/flashinfer/attention/prefill.cuh:2211: "
    "Unsupported head_dim: 106"
)


@pytest.mark.parametrize("width", [60, 80, 100, 120])
def test_a_failures_words_split_by_the_cut_are_read_whole(width: int) -> None:
    for lines in (cut(WATCHDOG, width), fill(WATCHDOG, width)):
        assert classify_lines(lines).label == "nccl_or_distributed", lines


@pytest.mark.parametrize("width", [60, 80, 100])
def test_a_frame_cut_in_its_path_still_says_where_the_oom_hit(width: int) -> None:
    assert classify_text(WEIGHTS_OOM).label == "oom_weights"
    for lines in (cut(WEIGHTS_OOM, width), fill(WEIGHTS_OOM, width)):
        assert classify_lines(lines).label == "oom_weights", lines


@pytest.mark.parametrize("width", [60, 90, 140])
def test_a_capture_failures_reason_on_the_next_line_decides(width: int) -> None:
    assert classify_text(CAPTURE).label == "config_error"  # a kernel with no variant for the model's head size
    for lines in (cut(CAPTURE, width), fill(CAPTURE, width)):
        assert classify_lines(lines).label == "config_error", lines


def test_lines_of_their_own_after_a_long_line_are_not_glued_to_it() -> None:
    """What the second line says by itself decides; a progress bar or a native backtrace joins nothing."""
    begin = (
        "[2025-09-01 10:00:30 DP6 TP6] Capture cuda graph begin. This can take up to several minutes. avail mem=6.99 GB"
    )
    kernel = "CUDA error (csrc/smxx/get_mla_metadata.cu:93): no kernel image is available for execution on the device"
    assert classify_lines([begin, kernel]).label == "config_error"
    served = '[2025-09-01 10:05:00] INFO:     127.0.0.1:34000 - "POST /v1/chat/completions HTTP/1.1" 200 OK'
    abort = "terminate called after throwing an instance of 'gloo::EnforceNotMet'"
    what = " what():  [enforce fail at /pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:456] op.preamble.length"
    assert classify_lines([served, abort, what, "Fatal Python error: Aborted"]).label == "nccl_or_distributed"
    usage = "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH] [--host HOST]"
    bad = "launch_server.py: error: unrecognized arguments: --enable_metrics"
    assert classify_lines([usage, bad]).label == "config_error"


def test_a_failure_line_of_its_own_after_a_long_failure_line_is_read_apart() -> None:
    """An OOM's long line, then a CUDA error of its own: as if the second had SGLang's prefix (the last decides)."""
    oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79 GiB"
    cuda = "CUDA error (csrc/attention/decode.cu:120): an illegal memory access was encountered"
    apart = classify_lines([oom, "[2025-09-01 10:00:00 TP0] " + cuda]).label
    assert apart == "cuda_error_other"
    assert classify_lines([oom, cuda]).label == apart


@pytest.mark.parametrize("width", [120])
def test_every_real_log_cut_by_a_terminal_keeps_its_label(width: int) -> None:
    """The whole corpus (every part), each line cut mid-word at `width` columns as a copied terminal does."""
    changed = [
        (c["id"], whole, got)
        for c in ALL_REAL
        if (got := classify_lines(cut(c["log_text"], width)).label) != (whole := classify_text(c["log_text"]).label)
    ]
    assert not changed
