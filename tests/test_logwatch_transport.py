"""The families fixed after the sixth blind part (issue 18), judged on the corpus's own lines moved to where SGLang
raises them in other versions and backends: PD disaggregation's KV transfer engines are the network between
instances, a dtype that SGLang and its attention backend disagree on is the launch's configuration, and Python's
own TypeError wording for an operator is no capability check."""

from __future__ import annotations

import json

import pytest

from safelaunch.core.logwatch import FAILURE_LABELS, classify_text
from tests.conftest import FIXTURES
from tests.test_logwatch_families import LOOP, READY, SGL, TB, frames

LOGS = {
    d["id"]: d
    for part in ("-blind2", "-blind6")
    for d in map(json.loads, (FIXTURES / f"real-logs{part}.jsonl").read_text().splitlines())
}


def last_line(case: str, start: str) -> str:
    """The last line of a corpus log that starts with `start` (its deciding exception line)."""
    return next(x for x in reversed(LOGS[case]["log_text"].split("\n")) if x.startswith(start))


def label_rule(text: str) -> tuple[str, str]:
    d = classify_text(text)
    return d.label, d.rule


# -- PD disaggregation's KV transfer engines (Mooncake, NIXL): init, registration, transfers, before or after ready
MOONCAKE_ERR = last_line("slurmv4-3-10-mooncake-init-b6", "RuntimeError:")  # open: Address family not supported...
DECODE_INIT = frames(
    (f"{SGL}/managers/scheduler.py", "run_scheduler_process"),
    (f"{SGL}/managers/scheduler.py", "init_disaggregation"),
    (f"{SGL}/disaggregation/decode.py", "_init_kv_manager"),
)
# 0.5.10 moved the engine to distributed/device_communicators (research/src/0.5.10.post1)
ENGINE_0510 = frames(
    (f"{SGL}/disaggregation/mooncake/conn.py", "init_engine"),
    (f"{SGL}/distributed/device_communicators/mooncake_transfer_engine.py", "initialize"),
)
PREFILL_LOOP = frames(
    (f"{SGL}/managers/scheduler.py", "run_scheduler_process"),
    (f"{SGL}/disaggregation/prefill.py", "event_loop_overlap_disagg_prefill"),
    (f"{SGL}/disaggregation/prefill.py", "process_disagg_prefill_inflight_queue"),
    (f"{SGL}/disaggregation/nixl/conn.py", "poll"),
)
HIT = f"[2025-09-01 10:01:05 TP0] Scheduler hit an exception: {TB}"  # the scheduler died (not one request)
SERVING = f"""{READY}
[2025-09-01 10:01:00 TP0] Prefill batch. #new-seq: 1, #new-token: 900, #cached-token: 0, token usage: 0.01"""

TRANSPORT: dict[str, tuple[str, str]] = {
    # the corpus's Mooncake error under 0.5.10's layout of the same engine
    "mooncake-init-in-0.5.10s-layout": ("nccl_or_distributed", f"{TB}\n{DECODE_INIT}\n{ENGINE_0510}\n{MOONCAKE_ERR}"),
    # the sentence 0.5.10's engine logs and raises when its initialize() returns non-zero
    "mooncake-init-sglangs-own-sentence": (
        "nccl_or_distributed",
        f"[2025-09-01 10:00:02 TP0] Scheduler hit an exception: {TB}\n{DECODE_INIT}\n{ENGINE_0510}\n"
        "RuntimeError: Mooncake Transfer Engine initialization failed.",
    ),
    "nixl-registration-before-ready": (
        "nccl_or_distributed",
        f"{TB}\n{DECODE_INIT}\n{frames((f'{SGL}/disaggregation/nixl/conn.py', 'register_buffer_to_engine'))}\n"
        "Exception: NIXL memory registration failed for kv tensors",
    ),
    # after ready, in the scheduler's PD loop: the transport, not one request (the scheduler died)
    "nixl-transfer-in-the-prefill-loop-after-ready": (
        "nccl_or_distributed",
        f"{SERVING}\n{HIT}\n{PREFILL_LOOP}\nException: KVSender transfer encountered an error.",
    ),
    "mooncake-transfer-thread-after-ready-unnamed-words": (
        "nccl_or_distributed",
        f"{SERVING}\n{HIT}\n{frames((f'{SGL}/disaggregation/mooncake/conn.py', 'transfer_worker'))}\n"
        "RuntimeError: Transfer thread failed because of [Errno 104]. Prefill instance with bootstrap_port=8998 is "
        "dead.",
    ),
    # guards: an argument check or SGLang's capability sentence raised in the engine's frames is the launch's settings
    "ib-device-mapping-without-this-gpu": (
        "config_error",
        f"{TB}\n{DECODE_INIT}\n"
        f"{frames((f'{SGL}/distributed/device_communicators/mooncake_transfer_engine.py', 'get_ib_devices_for_gpu'))}\n"
        "ValueError: No IB devices configured for GPU 3. Available GPUs: [0, 1]",
    ),
    "pd-tp-sizes-unsupported-for-mamba": (
        "config_error",
        f"{SERVING}\n{HIT}\n{PREFILL_LOOP}\n"
        "RuntimeError: PD Disaggregation does NOT support PD different TP sizes for hybrid mamba models yet.",
    ),
}


@pytest.mark.parametrize("name", TRANSPORT)
def test_a_kv_transfer_engines_failure_is_the_network_between_instances(name: str) -> None:
    label, text = TRANSPORT[name]
    assert classify_text(text).label == label


def test_the_pd_loop_itself_is_not_the_transport() -> None:
    """The scheduler's PD loop (`disaggregation/decode.py`, `prefill.py`) is no transfer engine: an unnamed error
    raised there while serving is SGLang's own code, decided as an unnamed exception (config_error under the official
    ten labels, which have no `unknown`), never the network."""
    text = f"{SERVING}\n{HIT}\n" + PREFILL_LOOP.rsplit("\n", 2)[0] + "\nIndexError: list index out of range"
    assert label_rule(text) == ("config_error", "unnamed.exception")
    assert classify_text(LOGS["slurmv4-3-9-ready-rdma-warnings-b6"]["log_text"]).label == "healthy"


# -- a dtype SGLang and its attention backend disagree on: the launch's KV cache dtype / dtype / backend
FLASHINFER_K = last_line("jethac-dgemma-dgr4-mixedkv-b6", "ValueError:")  # k float8_e4m3fn vs kv_data_type uint8
FLASHINFER_Q = last_line("sglang-issue-2577-b2", "ValueError:")  # q bfloat16 vs q_data_type float16
ATTN = frames(
    (f"{SGL}/model_executor/model_runner.py", "forward_extend"),
    (f"{SGL}/layers/attention/flashinfer_backend.py", "forward_extend"),
    ("/usr/lib/python3.12/site-packages/flashinfer/prefill.py", "run"),
    ("/usr/lib/python3.12/site-packages/flashinfer/utils.py", "_check_cached_qkv_data_type"),
)
DTYPE: dict[str, str] = {
    "flashinfer-k-in-the-serving-loop": f"{SERVING}\n{HIT}\n{LOOP}\n{ATTN}\n{FLASHINFER_K}",
    "flashinfer-q-in-the-serving-loop": f"{SERVING}\n{HIT}\n{LOOP}\n{ATTN}\n{FLASHINFER_Q}",
    "flashinfer-k-during-capture": f"{TB}\n{frames((f'{SGL}/model_executor/cuda_graph_runner.py', 'capture'))}\n"
    f"{ATTN}\n{FLASHINFER_K}",
    # flash-attn / sgl-kernel's FA3 on an fp8 KV cache, and torch SDPA (the torch_native backend), in the loop
    "fa3-query-and-key-dtypes": f"{SERVING}\n{HIT}\n{LOOP}\nRuntimeError: query and key must have the same dtype",
    "sdpa-query-key-value-dtypes": f"{SERVING}\n{HIT}\n{LOOP}\nRuntimeError: Expected query, key, and value to have "
    "the same dtype, but got query.dtype: c10::BFloat16 key.dtype: c10::Float8_e4m3fn and value.dtype: "
    "c10::Float8_e4m3fn instead.",
    "flash-attn-fp32-activations": f"{TB}\n{ATTN}\nRuntimeError: FlashAttention only support fp16 and bf16 data type",
}


@pytest.mark.parametrize("name", DTYPE)
def test_a_dtype_the_attention_backend_was_not_planned_for_is_configuration(name: str) -> None:
    assert label_rule(DTYPE[name]) == ("config_error", "config.backend_dtype")


def test_a_caught_dtype_warning_is_no_failure() -> None:
    """The corpus's caught calibration warning (the same FlashInfer words, no exception line) on a serving log:
    the server went on, so no failure; the words decide only on the exception line that killed the scheduler."""
    warning = next(x for x in LOGS["jethac-dgemma-dgr4-mixedkv-b6"]["log_text"].split("\n") if "calibration" in x)
    assert "kv_data_type" in warning
    assert classify_text(f"{SERVING}\n{warning}").label == "healthy"
    assert classify_text(f"{SERVING}\n{warning.replace('first real prefill will remain the fallback', 'x')}").label \
        not in FAILURE_LABELS  # fmt: skip


# -- Python's own TypeError for an operator on the wrong types: a value was None in the code, no capability
OPERATOR = last_line("jethac-gemma4-mtp-identity-spec-on-b6", "TypeError:")  # unsupported operand type(s) for -


@pytest.mark.parametrize(
    "error",
    [
        OPERATOR,
        "TypeError: '<' not supported between instances of 'NoneType' and 'int'",
        "TypeError: unsupported format string passed to NoneType.__format__",
    ],
)
def test_pythons_operator_wording_in_the_serving_loop_names_no_setting(error: str) -> None:
    """Decided as an unnamed exception (the loose "unsupported" words do not fire), not as a setting SGLang named."""
    assert label_rule(f"{SERVING}\n{HIT}\n{LOOP}\n{error}") == ("config_error", "unnamed.exception")


def test_the_engines_own_unsupported_sentence_in_the_loop_still_names_the_setting() -> None:
    """Guard: only Python's operator words were taken out; SGLang's "not supported" still decides in the loop."""
    error = "NotImplementedError: FP8 KV cache is not supported with the torch_native attention backend"
    assert classify_text(f"{SERVING}\n{HIT}\n{LOOP}\n{error}").label == "config_error"
