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


def test_an_unindented_frames_source_line_is_not_the_rest_of_its_function_name() -> None:
    """A paste that lost its indentation: `in load_weights` then `weight_loader(param,loaded_weight)` is a frame and
    its source line, not one function named `load_weightsweight_loader(...)` (which would hide the weights frame)."""
    log = f"""[2025-09-01 10:00:01 TP0] Scheduler hit an exception: {TB}
File "{SGL}/managers/scheduler.py", line 2704, in run_scheduler_process
scheduler=Scheduler(server_args,port_args,gpu_id,tp_rank,moe_ep_rank,pp_rank,dp_rank)
File "{SGL}/models/llama.py", line 500, in load_weights
weight_loader(param,loaded_weight)
File "{SGL}/layers/linear.py", line 333, in create_weights
weight=Parameter(torch.empty(sum(output_partition_sizes),input_size_per_partition,dtype=params_dtype))
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 224.00 MiB. GPU 0 has a total capacity of 79.10 GiB \
of which 120.06 MiB is free. Including non-PyTorch memory, this process has 78.97 GiB memory in use."""
    d = classify_text(log)
    assert d.label == "oom_weights"
    assert all("create_weightsweight" not in e.text for e in d.evidence)


def test_sglangs_possible_solutions_after_a_capture_failure_are_lines_of_their_own() -> None:
    """A live log, never cut: SGLang prints its capture failure, then `Possible solutions:` and numbered hints, each
    a line. The failure's evidence stays on its own line, and its words are its own."""
    hints = [
        "Possible solutions:",
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
        "3. disable torch compile by not using --enable-torch-compile",
        "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
    ]
    lines = [
        "[2025-09-01 10:00:30 TP0] Capture cuda graph begin. This can take up to several minutes. avail mem=6.99 GB",
        f"[2025-09-01 10:00:31 TP0] Scheduler hit an exception: {TB}",
        f'  File "{SGL}/model_executor/cuda_graph_runner.py", line 300, in __init__',
        "    raise Exception(",
        "Exception: Capture cuda graph failed: CUDA error: an illegal memory access was encountered",
        *hints,
    ]
    d = classify_lines(lines)
    assert d.label == "cuda_error_other"
    assert (d.evidence[-1].line_no, d.evidence[-1].text) == (5, lines[4])


def test_c10s_native_backtrace_under_an_oom_is_read_apart() -> None:
    """torch prints `Exception raised from ...` and `frame #N: ...` as lines of their own under the error: the OOM's
    evidence stays on its line."""
    oom = (
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 GiB. GPU 0 has a total capacity of "
        "79.10 GiB of which 1.06 MiB is free."
    )
    lines = [
        "[2025-09-01 10:00:30 TP0] Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=6.99 GB",
        f"[2025-09-01 10:00:31 TP0] Scheduler hit an exception: {TB}",
        f'  File "{SGL}/model_executor/model_runner.py", line 300, in init_memory_pool',
        "    self.x = torch.zeros(n)",
        oom,
        "Exception raised from malloc at /pytorch/c10/cuda/CUDACachingAllocator.cpp:1234 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x98 (0x7f00 in /usr/lib/libc10.so)",
        "frame #1: <unknown function> + 0x1234 (0x7f01 in /usr/lib/libc10_cuda.so)",
    ]
    d = classify_lines(lines)
    assert d.label == "oom_kv_cache"
    assert (d.evidence[-1].line_no, d.evidence[-1].text) == (5, oom)


def test_a_retracted_half_leaves_no_trace_of_its_own() -> None:
    """After ready, the first half alone reads as a fatal transfer failure; the whole line is a logged, non-fatal
    report. The cut log must read as the uncut one: the half's fatality, like its record, is undone."""
    ready = "[2025-09-01 10:00:00] The server is fired up and ready to roll!"
    line = (
        "E0901 10:05:00.000100  4242 transfer_engine.cpp:88] Mooncake transfer engine failed: the library was not "
        "compiled with CUDA support"
    )
    whole = classify_lines([ready, line])
    for at in (60, 75, 90):
        assert classify_lines([ready, line[:at], line[at:]]).label == whole.label, at
