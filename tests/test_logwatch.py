"""The log classifier: real labelled logs, template-built cases and traps, wrappers, prefixes, numbers, the
event stream the supervisor acts on, the CLI as a subprocess, and bad input that must never crash it."""

from __future__ import annotations

import json
import re
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from safelaunch.core import logwatch
from safelaunch.core.logwatch import (
    EVENT_KINDS,
    LABELS,
    PHASES,
    Event,
    LogClassifier,
    benign,
    classify_lines,
    classify_text,
    distributed,
    failures,
    normalise,
    oom_numbers,
    parse_prefix,
    to_bytes,
    unnamed,
)
from safelaunch.core.logwatch.carrier import Carrier
from safelaunch.core.logwatch.lines import SGL_PREFIX_INNER
from tests import logwatch_cases as lc
from tests.conftest import FIXTURES, run_cli

GIB = 1 << 30
MIB = 1 << 20


def _jsonl(name: str) -> list[dict]:
    return [json.loads(line) for line in (FIXTURES / name).read_text().splitlines() if line.strip()]


CORPUS = _jsonl("real-logs.jsonl") + _jsonl("real-logs-public.jsonl")
# The set-aside parts (split `blind2` .. `blind16`) in the order they were committed: each labelled and committed
# before any run and scored blind once (the scores and commits: benchmarks/classifier_accuracy.py, docs/benchmarks.md),
# each fresh against the corpus and every earlier part; then judged like the rest.
BLIND_PARTS = {f"blind{n}": _jsonl(f"real-logs-blind{n}.jsonl") for n in range(2, 17)}
BLIND2 = BLIND_PARTS["blind2"]
ALL_REAL = CORPUS + [c for part in BLIND_PARTS.values() for c in part]
# Real logs the classifier gets wrong, each with why (benchmarks/classifier_accuracy.py reports them too).
KNOWN_MISSES = {
    # blind3's three misses (docs/benchmarks.md) are fixed by family (tests/test_logwatch_families.py); the start-up
    # excerpts that stop after the model worker is built (4840, blind5's 7059 and 139) by `phases.started`; blind6's
    # three by family (tests/test_logwatch_transport.py); blind7's eleven by aligning with the official ten labels
    # (tests/test_logwatch_official.py); blind8's three by family (tests/test_logwatch_toolchain.py);
    # blind9's three (Ascend NPU) by family (tests/test_logwatch_npu.py)
    "sglang-issue-865-b4": "labelled cuda_error_other by analogy with 'invalid device function'; the classifier's "
    "no-kernel-variant family calls 'no kernel image is available' a build that lacks this GPU (config_error). The "
    "label stays as committed before scoring (docs/benchmarks.md); the family is not bent to one case",
    "i2895-dsv3-bf16-online-fp8-quant-load-oom-8xh200-b14": "one cut OOM line with no start-up line and no frame; "
    "the label comes from the reporter's sentence (loading weights), which the log does not show. An excerpt with no "
    "phase is read as serving (resolve_oom), the likelier place in issue threads; not bent to one case",
}


def feed_all(text: str, **kw) -> tuple[LogClassifier, list[Event]]:
    c = LogClassifier(**kw)
    events: list[Event] = []
    for line in text.split("\n"):
        events.extend(c.feed(line))
    return c, events


def case_text(name: str) -> str:
    return next(text for n, _, text, _ in lc.CASES if n == name)


# --------------------------------------------------------------------------- labelled logs


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, marks=pytest.mark.xfail(reason=KNOWN_MISSES[c["id"]], strict=True)) if c["id"] in KNOWN_MISSES
     else c for c in ALL_REAL],
    ids=[c["id"] for c in ALL_REAL],
)  # fmt: skip
def test_every_real_log_is_labelled_correctly(case: dict) -> None:
    """Each log gets its label. Our labellers' `unknown` is no official label (/work/shared/corpus/README.md has ten,
    and the held-out judge uses exactly those): on such a log the classifier says `unknown` where nothing decides, or
    names the exception that aborted SGLang (an exception rule, never a named cause family)."""
    d = classify_text(case["log_text"])
    if case["label"] == "unknown" and d.label != "unknown":
        assert d.rule in ABORTED_BY_AN_EXCEPTION, (d.label, d.rule, [e.text[:120] for e in d.evidence])
        return
    assert d.label == case["label"], [e.text[:120] for e in d.evidence]


# The rules that decide by the exception that aborted SGLang when no family names it (logwatch.unnamed, the loose
# words of an exception line), and SGLang's own check of its KV memory raising while serving (a leak: the corpus's
# labellers had no label for it, the official ten read it as a serving OOM): what an `unknown`-labelled log with a
# deciding exception may be decided by.
ABORTED_BY_AN_EXCEPTION = frozenset(
    {"unnamed.exception", "unnamed.warmup_failed", "config.exception", "oom.runtime_check"}
)


def test_the_corpus_is_split_by_issue_number_and_complete() -> None:
    """The set-aside part was chosen by number (last digit 0-2) before any rule was written; never re-chosen."""
    for case in CORPUS:
        assert case["source_url"].startswith("https://github.com/"), case["id"]
        assert case["label"] in LABELS and case["log_text"].strip(), case["id"]
        if "split" in case and "family" in case:  # the public corpus (the first 32 were all written against)
            url = case["source_url"]
            number = re.match(r"\d+", url.split("#L", 1)[1]).group() if "#L" in url else re.findall(r"\d+", url)[-1]
            assert case["split"] == ("holdout" if number[-1] in "012" else "train"), case["id"]
    assert len({c["id"] for c in CORPUS}) == len(CORPUS) >= 120
    assert sum(c["label"].startswith("oom_") for c in CORPUS) >= 30


def test_no_pressure_trap_is_ever_a_failure() -> None:
    """Retraction, queueing, token usage 1.00: SGLang carrying on under load; a restart there would be harm."""
    traps = [c for c in CORPUS if c.get("family") == "pressure"]
    assert len(traps) >= 10
    for case in traps:
        assert classify_text(case["log_text"]).label not in logwatch.FAILURE_LABELS, case["id"]


@pytest.mark.parametrize(("name", "label", "text", "numbers"), lc.CASES, ids=[c[0] for c in lc.CASES])
def test_template_cases(name: str, label: str, text: str, numbers: dict) -> None:
    d = classify_text(text)
    assert d.label == label, [e.text[:120] for e in d.evidence]
    for key, value in numbers.items():
        assert d.numbers.get(key) == value, key
    assert d.phase in PHASES
    assert d.hint and d.hint.endswith(".")


def test_every_label_is_covered_by_the_cases() -> None:
    assert {label for _, label, _, _ in lc.CASES} == set(LABELS)


def test_the_prescreen_never_changes_a_verdict() -> None:
    """The cheap word screen must let through every line that a failure pattern could match."""
    texts = [c["log_text"] for c in CORPUS + BLIND2] + [text for _, _, text, _ in lc.CASES]
    for text in texts:
        fast, ev_fast = feed_all(text)
        slow, ev_slow = feed_all(text, prescreen=False)
        assert fast.diagnosis() == slow.diagnosis()
        assert ev_fast == ev_slow


# --------------------------------------------------------------------------- step 1: wrappers


SGL = "[2025-07-25 07:53:08 TP0] Load weight begin. avail mem=78.50 GB"


@pytest.mark.parametrize(
    "raw",
    [
        "sglang-1  | " + SGL,  # docker compose v2
        "sglang_router_1   | " + SGL,  # docker compose v1
        "2025-07-25T07:53:08.21748708+08:00 stdout F " + SGL,  # Kubernetes CRI
        "2025-07-25T07:53:08.217Z stderr P " + SGL,  # CRI partial line
        "2025-07-25T07:53:08.217487080Z " + SGL,  # docker logs --timestamps
        "(SGLangEngine pid=952, ip=10.0.0.3) " + SGL,  # Ray actor
        "(pid=952) " + SGL,
        "(SGLangEngine pid=952, ip=10.0.0.3) " + SGL + " [repeated 7x across cluster]",
        "ERROR 2025-04-05T00:01:19.209237575Z " + SGL,  # cloud logging export
        "Mar 06 06:15:02 gpu-host-7 python3[1234]: " + SGL,  # journald
        "[pod/sglang-0/sglang] " + SGL,  # kubectl logs --prefix
        "> " + SGL,  # quoted in an issue thread
        "\x1b[32m" + SGL + "\x1b[0m",  # colour
        "2025-07-25T07:53:08.21748708+08:00 stdout F sglang-1  | \x1b[1m" + SGL,  # nested
        SGL + "\r\n",
        SGL.replace("Load", "Lo\x00ad"),
    ],
)
def test_wrappers_are_stripped(raw: str) -> None:
    assert normalise(raw) == [SGL]


@pytest.mark.parametrize(
    "raw",
    [
        "2025-07-25 07:53:08,217 INFO worker.py:12 -- " + SGL,  # a foreign logger's prefix before SGLang's
        "INFO 07-25 07:53:08 [serve.py:80] " + SGL,
        "2025-07-25 07:53:08.217 | INFO     | app:run:42 - " + SGL,
    ],
)
def test_a_foreign_logger_prefix_is_split_off_at_sglangs_own(raw: str) -> None:
    assert normalise(raw)[-1] == SGL


def test_traceback_frames_keep_their_indentation_through_wrappers() -> None:
    frame = '  File "/sgl/model_runner.py", line 1, in load_model'
    assert normalise("2025-07-25T07:53:08.21748708+08:00 stderr F " + frame) == [frame]
    assert normalise("sglang-1  | " + frame) == [frame]


def test_tqdm_redraws_are_each_a_logical_line_and_a_glued_log_line_is_split_off() -> None:
    bar = "Capturing batches (bs={} avail_mem=2.00 GB):  50%|█████     | 1/2 [00:01<00:01,  1.00it/s]"
    raw = bar.format(8) + "\r" + bar.format(4) + "[2025-07-25 07:53:09 TP0] Scheduler hit an exception: Traceback"
    assert normalise(raw) == [
        bar.format(8),
        bar.format(4),
        "[2025-07-25 07:53:09 TP0] Scheduler hit an exception: Traceback",
    ]


def test_invalid_utf8_is_replaced_not_fatal() -> None:
    assert normalise(b"[2025-07-25 07:53:08] caf\xc3 \xff ok") == ["[2025-07-25 07:53:08] caf\ufffd \ufffd ok"]


# --------------------------------------------------------------------------- step 2: SGLang's prefix


@pytest.mark.parametrize(
    ("text", "time", "rank"),
    [
        ("[23:17:01 TP7] Load weight begin.", "23:17:01", "TP7"),
        ("[2025-03-29 18:18:34 TP0] Load weight begin.", "2025-03-29 18:18:34", "TP0"),
        ("[2025-07-02 07:41:58 DP0 TP0] Load weight begin.", "2025-07-02 07:41:58", "DP0 TP0"),
        ("[2026-01-01 12:00:00 TP3 EP3] Load weight begin.", "2026-01-01 12:00:00", "TP3 EP3"),
        ("[2026-01-01 12:00:00 DP1 PP1] Load weight begin.", "2026-01-01 12:00:00", "DP1 PP1"),
        ("[2026-01-01 12:00:00.123 TP2] Load weight begin.", "2026-01-01 12:00:00.123", "TP2"),
        (
            "[2026-01-01 12:00:00 DP0 PP1 ATTN_CP0 MOE_DP1 TP2 EP2] Load weight begin.",
            "2026-01-01 12:00:00",
            "DP0 PP1 ATTN_CP0 MOE_DP1 TP2 EP2",
        ),
        ("[2025-08-11 17:17:03] Load weight begin.", "2025-08-11 17:17:03", None),
        ("[gpu=0] Load weight begin.", None, "gpu=0"),
    ],
)
def test_every_sglang_prefix_form(text: str, time: str | None, rank: str | None) -> None:
    p = parse_prefix(text)
    assert (p.prefixed, p.time, p.rank, p.msg) == (True, time, rank, "Load weight begin.")


def test_unprefixed_lines_and_uvicorn_levels() -> None:
    p = parse_prefix("Load weight begin.")
    assert (p.prefixed, p.rank, p.msg) == (False, None, "Load weight begin.")
    p = parse_prefix("[rank2]:[E218 06:32:24.828983440 ProcessGroupNCCL.cpp:1595] boom")
    assert not p.prefixed
    p = parse_prefix("[2025-03-06 06:15:02] INFO:     Application startup complete.")
    assert (p.level, p.msg) == ("INFO", "Application startup complete.")
    p = parse_prefix("ERROR:    [Errno 98] error while attempting to bind")
    assert (p.prefixed, p.level, p.msg) == (False, "ERROR", "[Errno 98] error while attempting to bind")


# --------------------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    ("value", "unit", "expected"),
    [
        ("256.00", "MiB", 256 * MIB),
        ("1.5", "GB", int(1.5 * GIB)),  # SGLang's GB is free / (1 << 30)
        ("2", "GiB", 2 * GIB),
        ("512", "KiB", 512 * 1024),
        ("3", "MB", 3 * MIB),
        ("0", "bytes", 0),
        ("7", "B", 7),
        ("1", "TiB", 1 << 40),
    ],
)
def test_units_become_bytes(value: str, unit: str, expected: int) -> None:
    assert to_bytes(value, unit) == expected


def test_bad_sizes_are_none() -> None:
    assert to_bytes("1.2.3", "GiB") is None
    assert to_bytes("1", "parsecs") is None


def test_numbers_of_real_torch_oom_texts() -> None:
    assert oom_numbers(lc.OOM_CAPTURE) == {
        "tried_bytes": 256 * MIB,
        "gpu": 0,
        "total_bytes": round(139.80 * GIB),
        "free_bytes": round(217.12 * MIB),
        "in_use_bytes": round(139.58 * GIB),
    }
    assert oom_numbers(lc.OOM_PLAIN)["tried_bytes"] == 200 * GIB
    assert oom_numbers(lc.OOM_PLAIN)["in_use_bytes"] == 518 * MIB


def test_numbers_of_older_and_reflowed_torch_texts() -> None:
    old = (
        "CUDA out of memory. Tried to allocate 20.00 MiB (GPU 3; 23.69 GiB total capacity; 22.73 GiB already "
        "allocated; 3.06 MiB free; 22.80 GiB reserved in total by PyTorch)"
    )
    assert oom_numbers(old) == {
        "tried_bytes": 20 * MIB,
        "gpu": 3,
        "total_bytes": round(23.69 * GIB),
        "free_bytes": round(3.06 * MIB),
        "in_use_bytes": round(22.80 * GIB),
    }
    pid = (
        "CUDA out of memory. Tried to allocate 2.63 GiB. GPU 2 has a total capacity of 79.11 GiB of which 2.61 GiB "
        "is free. Process 3596736 has 76.49 GiB memory in use."
    )
    assert oom_numbers(pid)["in_use_bytes"] == round(76.49 * GIB)
    two = pid + " Process 1 has 1.00 GiB memory in use."
    assert "in_use_bytes" not in oom_numbers(two)  # which one is ours is unknown
    reflowed = "GPU 1 has a total capacity of 47.37 GiB of                              which 4.31 MiB is free."
    assert oom_numbers(reflowed)["free_bytes"] == round(4.31 * MIB)


@pytest.mark.parametrize(
    ("msg", "expected"),
    [
        (
            "Load weight end. elapsed=82.10 s, type=X, avail mem=53.10 GB, mem usage=85.32 GB.",
            {"avail_mem_bytes": round(53.10 * GIB), "mem_usage_bytes": round(85.32 * GIB)},
        ),
        ("KV Cache is allocated. #tokens: 2795207, K size: 53.31 GB, V size: 53.31 GB", {"kv_tokens": 2795207}),
        (
            "max_total_num_tokens=665690, chunked_prefill_size=8192, available_gpu_mem=13.50 GB",
            {
                "max_total_num_tokens": 665690,
                "chunked_prefill_size": 8192,
                "avail_mem_bytes": round(13.50 * GIB),
                "available_gpu_mem_bytes": round(13.50 * GIB),
            },
        ),
        (
            "Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.88",
            {"mem_fraction": 0.88},
        ),
        (
            "Loaded weights leave no GPU memory for the KV cache under --mem-fraction-static=0.88. Raise "
            "--mem-fraction-static above 0.912 (minimum viable = 1 - available/pre = 0.9113).",
            {"mem_fraction": 0.88, "suggested_mem_fraction": 0.912},
        ),
        ("1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)", {}),
    ],
)
def test_startup_figures(msg: str, expected: dict) -> None:
    assert logwatch.line_numbers(msg) == expected


def test_the_phase_step_alone_reads_milestones_and_progress() -> None:
    ms = logwatch.read_milestone("Load weight end. elapsed=82.10 s, avail mem=53.10 GB, mem usage=85.32 GB.", None)
    assert (ms.kind, ms.phase, ms.numbers["mem_usage_bytes"]) == ("step", "kv_cache", round(85.32 * GIB))
    ms = logwatch.read_milestone("Capturing batches (bs=256 avail_mem=14.60 GB):  7%|", None)
    assert (ms.kind, ms.phase, ms.progress, ms.numbers["batch_size"]) == ("progress", "cuda_graph", "batch_size", 256)
    assert logwatch.read_milestone("Memory pool end. avail mem=14.95 GB", None).pool_ready
    assert logwatch.read_milestone("Registering 12 cuda graph addresses", None) is None


def test_every_failure_rule_has_a_name_a_verdict_can_quote() -> None:
    names = [rule.name for rule in (*failures.PATTERN_RULES, *failures.FALLBACK_RULES)]
    assert len(set(names)) == len(names)
    assert all(name.split(".")[0] in ("oom", "port", "config", "distributed", "cuda") for name in names)
    fail = logwatch.match_failure("torch.OutOfMemoryError: CUDA out of memory.", "torch.OutOfMemoryError")
    assert (fail.rule, fail.family) == ("oom.out_of_memory", "oom")
    fail = logwatch.match_failure("OSError: [Errno 98] Address already in use", "OSError")
    assert (fail.rule, fail.family) == ("port.in_use", "port")


# --------------------------------------------------------------------------- the event stream


def test_startup_streams_phases_progress_memory_and_one_ready() -> None:
    text = "\n".join([lc.STARTUP_0510, lc.CAPTURE_BARS, lc.CAPTURED, lc.READY_TAIL, lc.SERVING])
    c, events = feed_all(text)
    kinds = [e.kind for e in events]
    assert set(kinds) <= set(EVENT_KINDS)
    assert [e.phase for e in events if e.kind == "phase"] == [
        "loading_weights",
        "kv_cache",
        "cuda_graph",
        "warmup",
        "ready",
        "serving",
    ]
    progress = [e.numbers for e in events if e.kind == "progress"]
    assert [p["weights_pct"] for p in progress if "weights_pct" in p] == [0.0, 50.0, 100.0]
    assert [p["batch_size"] for p in progress if "batch_size" in p] == [512, 256, 128]
    memory = {k: v for e in events if e.kind == "memory" for k, v in e.numbers.items() if k != "avail_mem_bytes"}
    assert memory["kv_tokens"] == 1106304
    assert memory["max_total_num_tokens"] == 1106304
    pool_end = next(e for e in events if e.kind == "memory" and "Memory pool end" in e.text)
    assert pool_end.numbers == {"avail_mem_bytes": round(14.95 * GIB)} and pool_end.phase == "kv_cache"
    ready = [e for e in events if e.kind == "ready"]
    assert len(ready) == 1
    assert ready[0].phase == "warmup" and "Application startup complete" in ready[0].text
    assert c.diagnosis().label == "healthy" and c.phase == "serving"
    assert c.feed("[2026-01-05 10:09:00] The server is fired up and ready to roll!") == []  # ready only once
    assert c.feed(lc.SERVING.split("\n")[0]) == []


def test_sglangs_ready_line_alone_means_ready() -> None:
    _, events = feed_all("[2025-02-09 20:33:34] The server is fired up and ready to roll!")
    assert [(e.kind, e.phase) for e in events] == [("phase", "ready"), ("ready", "ready")]


def test_a_failure_is_announced_on_the_line_it_becomes_evident_then_refined() -> None:
    text = "\n".join([lc.STARTUP_0510, lc.CAPTURE_BARS, lc.CAPTURE_OOM_TRACEBACK])
    lines = text.split("\n")
    header = next(i for i, line in enumerate(lines, 1) if "Scheduler hit an exception" in line)
    c, events = feed_all(text)
    failures = [e for e in events if e.kind == "failure"]
    assert failures[0].line_no == header  # the scheduler died: react now, whatever the cause
    assert failures[0].label == "unknown" and "not known yet" in failures[0].hint
    assert failures[-1].label == "oom_cuda_graph"
    assert failures[-1].line_no < len(lines)  # refined on the first OOM line, before the traceback ends
    assert failures[-1].numbers["batch_size"] == 128
    d = c.diagnosis()
    assert d.label == "oom_cuda_graph" and d.rank == "TP3" and d.phase == "cuda_graph"
    assert "lower --mem-fraction-static" in d.hint and "128" in d.hint
    assert any("Capture cuda graph failed" in e.text for e in d.evidence)


def test_a_bare_traceback_is_announced_on_its_error_line() -> None:
    text = "\n".join(
        [
            "Traceback (most recent call last):",
            '  File "/sgl/model_executor/cuda_graph_runner.py", line 269, in __init__',
            "Exception: Capture cuda graph failed: " + lc.OOM_CAPTURE,
        ]
    )
    _, events = feed_all(text)
    assert [(e.kind, e.line_no, e.label) for e in events] == [("failure", 3, "oom_cuda_graph")]


def test_warnings_are_not_failures() -> None:
    text = "\n".join(
        [
            lc.READY_TAIL,
            "[2025-03-07 21:49:33 TP13] Decode out of memory happened. #retracted_reqs: 1",
            "[2026-01-05 10:05:00 TP0] KV cache pool is full. Retract requests. #retracted_reqs: 3",
            "[2026-01-05 10:01:40 TP0] [Autotuner]: OOM detected, falling back to default tactic",
            "[2026-01-05 10:00:05] Port 30001 is already in use, trying port 30002",
            "gpu-host:4242:4300 [0] NCCL WARN NET/IB : No device found.",
            "/usr/lib/python3/dist-packages/torch/cuda/__init__.py:61: UserWarning: CUDA initialization: fallback",
        ]
    )
    c, events = feed_all(text)
    assert not [e for e in events if e.kind == "failure"]
    retract = [e for e in events if e.kind == "warning" and e.label == "oom_runtime"]
    assert len(retract) == 2
    assert c.diagnosis().label == "healthy"


def test_retractions_without_a_ready_line_are_pressure_not_a_failure() -> None:
    """SGLang retracts and carries on: whatever else the excerpt lacks, a retraction is never a failure."""
    d = classify_text(
        "[2025-03-07 21:49:33 TP13] Decode out of memory happened. #retracted_reqs: 1, #new_token_ratio: 0.1 -> 0.2\n"
        "[2026-01-05 10:05:00 TP0] KV cache pool is full. Retract requests. #retracted_reqs: 3\n"
        "[2026-01-05 10:05:01 TP0] Decode batch. #running-req: 40, #token: 91000, token usage: 1.00, #queue-req: 312"
    )
    assert (d.label, d.phase, d.rule) == ("healthy", "serving", "benign.pressure")
    assert "not a failure" in d.hint


def test_oom_after_ready_is_a_runtime_oom_even_in_graph_frames() -> None:
    text = "\n".join(
        [
            lc.READY_TAIL,
            "[2026-01-05 10:09:12 TP0] Scheduler hit an exception: Traceback (most recent call last):",
            '  File "/sgl/model_executor/cuda_graph_runner.py", line 800, in replay',
            "torch.OutOfMemoryError: " + lc.OOM_CAPTURE,
        ]
    )
    d = classify_text(text)
    assert (d.label, d.phase) == ("oom_runtime", "ready")
    assert "lower" in d.hint


def test_consequences_never_decide() -> None:
    d = classify_text(
        "[2025-02-09 21:23:00] Received sigquit from a child process. It usually means the child failed.\n"
        "[2025-02-09 21:23:00 TP2] Scheduler hit an exception: Traceback (most recent call last):\n"
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)\n"
        "[2025-02-09 21:23:01] Received sigquit from a child process. It usually means the child failed."
    )
    assert (d.label, d.rank) == ("nccl_or_distributed", "TP2")
    assert classify_text("[2025-02-09 21:23:00] Received sigquit from a child process.").label == "unknown"


def test_an_error_before_ready_that_did_not_stop_the_server_is_forgotten() -> None:
    text = "\n".join(
        [
            "Traceback (most recent call last):",
            '  File "/usr/lib/python3/dist-packages/sglang/srt/layers/quantization/__init__.py", line 12, in <module>',
            "ModuleNotFoundError: No module named 'vllm'",
            lc.READY_TAIL,
        ]
    )
    c, events = feed_all(text)
    assert not [e for e in events if e.kind == "failure"]  # a caught import error is not a crash
    assert c.diagnosis().label == "healthy"


def test_a_log_with_several_launches_is_judged_by_the_last() -> None:
    failed = "\n".join([lc.STARTUP_0510, lc.CAPTURE_BARS, lc.CAPTURE_OOM_TRACEBACK])
    healthy = "\n".join([lc.STARTUP_0510, lc.CAPTURED, lc.READY_TAIL, lc.SERVING])
    assert classify_text(failed + "\n" + healthy).label == "healthy"
    c, events = feed_all(healthy + "\n" + failed)
    d = c.diagnosis()
    assert (d.label, d.phase) == ("oom_cuda_graph", "cuda_graph")  # not a serving OOM of the first launch
    assert sum(e.kind == "ready" for e in events) == 1


def test_a_rejected_request_while_serving_is_not_a_crash() -> None:
    text = "\n".join(
        [
            lc.READY_TAIL,
            lc.SERVING,
            "[2026-01-05 10:05:30] ERROR:    Exception in ASGI application",
            "Traceback (most recent call last):",
            "ValueError: The input (163900 tokens) is longer than the model's context length (163840 tokens).",
            "ConnectionResetError: [Errno 104] Connection reset by peer",
        ]
    )
    c, events = feed_all(text)
    assert not [e for e in events if e.kind == "failure"]
    assert c.diagnosis().label == "healthy"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("kv-weights-leave-no-room-0.5.23", ("raise --mem-fraction-static above 0.912", "--tp")),
        ("capture-oom-0.5.10", ("lower --mem-fraction-static", "--cuda-graph-max-bs")),
        ("weights-oom-weight-loader", ("larger --tp", "does not help")),
        ("runtime-oom-after-ready", ("lower --mem-fraction-static",)),
        ("capture-wraps-deepep-dispatch-assertion", ("--cuda-graph-max-bs", "not the cause")),
        ("uvicorn-bind-after-load", ("--port",)),
    ],
)
def test_hints_point_the_right_way(name: str, words: tuple[str, ...]) -> None:
    hint = classify_text(case_text(name)).hint
    for word in words:
        assert word in hint
    assert hint.count(". ") == 0  # one sentence


def test_diagnosis_json_shape() -> None:
    d = classify_text(case_text("capture-oom-0.5.10"))
    obj = json.loads(json.dumps(d.to_json()))
    assert set(obj) == {"label", "phase", "rank", "numbers", "evidence", "hint"}
    assert all(set(e) == {"line_no", "text"} for e in obj["evidence"])
    assert obj["numbers"]["tried_bytes"] == 256 * MIB


# --------------------------------------------------------------------------- bad input, bounded memory


def _check(c: LogClassifier, events: list[Event]) -> None:
    for e in events:
        assert e.kind in EVENT_KINDS and e.phase in PHASES and isinstance(e.line_no, int)
        assert e.label is None or e.label in LABELS
    d = c.diagnosis()
    assert d.label in LABELS and d.phase in PHASES
    json.dumps(d.to_json())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.binary(max_size=300), max_size=40))
def test_arbitrary_bytes_never_crash(lines: list[bytes]) -> None:
    c = LogClassifier()
    events = [e for line in lines for e in c.feed(line)]
    _check(c, events)


FRAGMENTS = [
    "[2025-07-02 07:41:58 DP0 TP0] ",
    "[23:17:01 TP7] ",
    "sglang-1  | ",
    "\x1b[31m",
    "\r",
    "\x00",
    "Load weight begin. avail mem=1.0 GB",
    "Load weight end. avail mem=x GB, mem usage=GB",
    "KV Cache is allocated. #tokens: ",
    "Capture cuda graph begin. ",
    "Capturing batches (bs=",
    "max_total_num_tokens=",
    "The server is fired up and ready to roll!",
    "INFO:     Application startup complete.",
    "Decode batch, #running-req: 1",
    "Scheduler hit an exception: Traceback (most recent call last):",
    'File "/sgl/cuda_graph_runner.py", line 1, in capture',
    "Exception: Capture cuda graph failed: ",
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 9.9 GiB. GPU 1 has a total capacity of",
    "RuntimeError: NCCL error: ",
    "Not enough memory. Please try to increase --mem-fraction-static.",
    "address already in use",
    "Received sigquit from a child process.",
    "Decode out of memory happened.",
    "ValueError: bad",
    " ",
    "é€",
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=8), max_size=6).map("".join), max_size=30))
def test_lines_built_from_sglang_fragments_never_crash_and_agree_with_the_slow_path(lines: list[str]) -> None:
    fast, slow = LogClassifier(), LogClassifier(prescreen=False)
    events = [e for line in lines for e in fast.feed(line)]
    assert events == [e for line in lines for e in slow.feed(line)]
    assert fast.diagnosis() == slow.diagnosis()
    _check(fast, events)
    phases = [PHASES.index(e.phase) for e in events if e.kind == "phase"]
    assert phases == sorted(phases)  # the start-up phase never goes back
    assert sum(e.kind == "ready" for e in events) <= 1


def test_a_10_mb_line_does_not_crash_or_stall() -> None:
    c = LogClassifier()
    c.feed("[2025-07-02 07:41:58 TP0] " + "x" * 10_000_000)
    c.feed(b"\xff" * 10_000_000)
    c.feed(("Capturing batches (bs=8 avail_mem=1.00 GB):   0%|" + " " * 50 + "\r") * 100_000)
    c.feed("torch.OutOfMemoryError: CUDA out of memory. " + "Tried to allocate " * 500_000)
    d = c.diagnosis()
    assert d.label in LABELS
    assert all(len(e.text) <= logwatch.MAX_TEXT for e in d.evidence)


def test_empty_input() -> None:
    c = LogClassifier()
    assert c.diagnosis().label == "unknown"
    assert c.feed("") == [] and c.feed(b"") == [] and c.feed("\n") == []
    assert classify_lines([]).label == "unknown"
    assert classify_text(b"").label == "unknown"


def test_memory_stays_flat_on_a_long_crashing_log() -> None:
    """Tracebacks that never end, errors every few lines, a million-frame log: only bounded state is kept."""
    chunk = [
        "Traceback (most recent call last):",
        '  File "/sgl/model_runner.py", line 1, in load_model',
        "    self.load()",
        "RuntimeError: CUDA error: an illegal memory access was encountered",
        "[2025-07-02 07:41:58 TP0] Some ordinary line",
    ]

    def held(n: int) -> int:
        c = LogClassifier()
        tracemalloc.start()
        for i in range(n):
            c.feed(chunk[i % len(chunk)])
        size = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        assert c.diagnosis().label == "cuda_error_other"
        return size

    small, large = held(3_000), held(30_000)
    assert large < small + 64 * 1024


# --------------------------------------------------------------------------- the CLI, as a subprocess


@pytest.mark.parametrize(
    "case_id",
    ["sglang-issue-5285-a", "inferencex-issue-2128-a", "sglang-issue-5096-a", "sglang-issue-4161-healthy-a"],
)
def test_cli_classifies_a_log_from_stdin(case_id: str) -> None:
    case = next(c for c in CORPUS if c["id"] == case_id)
    r = run_cli("classify", "-", "--json", input=case["log_text"])
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["label"] == case["label"]
    assert set(out) == {"label", "phase", "rank", "numbers", "evidence", "hint"}


def test_cli_reads_a_file_and_prints_a_readable_verdict(tmp_path) -> None:
    log = tmp_path / "sglang.log"
    log.write_bytes(case_text("kv-weights-leave-no-room-0.5.23").encode() + b"\n\xff\xfe broken tail\n")
    r = run_cli("classify", str(log))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("oom_kv_cache  (phase kv_cache, rank TP0)")
    assert "hint: The weights leave no room" in r.stdout
    assert "suggested_mem_fraction=0.912" in r.stdout


@pytest.mark.parametrize(
    ("case_id", "rule", "phase", "words"),
    [
        # a Mamba state pool OOM in a traceback wrapped across lines: the frame decides, not the phase
        ("sglang-issue-24364-a", "oom.out_of_memory", "kv_cache", "CUDA out of memory"),
        # Mooncake's KV transfer failing after ready: a distributed failure, not a healthy server
        ("sglang-issue-6854-a", "distributed.kv_transfer", "serving", "Cannot make connection for endpoint"),
        # retraction only: SGLang carrying on
        ("sglang-issue-2746-pressure-a", "benign.pressure", "serving", "Decode out of memory happened"),
    ],
)
def test_cli_explain_shows_the_deciding_line_its_phase_and_the_rule(
    case_id: str, rule: str, phase: str, words: str
) -> None:
    case = next(c for c in CORPUS if c["id"] == case_id)
    r = run_cli("classify", "-", "--json", "--explain", input=case["log_text"])
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["label"] == case["label"]
    assert set(out) == {"label", "phase", "rank", "numbers", "evidence", "hint", "explain"}
    why = out["explain"]
    assert (why["rule"], why["phase"]) == (rule, phase)
    assert words in why["line"] and why["line"] == out["evidence"][-1]["text"]
    # line_no is where the deciding line ends: the line itself, or the last piece of one a width limit cut
    lines, k = case["log_text"].split("\n"), why["line_no"]
    assert lines[k - 1].strip() in why["line"] or why["line"].endswith("...")
    assert any(why["line"].strip()[:40] in line for line in lines[max(0, k - 8) : k])
    text = run_cli("classify", "-", "--explain", input=case["log_text"]).stdout
    assert f"decided by rule {rule} in phase {phase}, line {why['line_no']}: " in text


def test_cli_exits_0_for_a_healthy_or_empty_log(tmp_path) -> None:
    empty = tmp_path / "empty.log"
    empty.write_text("")
    r = run_cli("classify", str(empty), "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["label"] == "unknown"


@pytest.mark.parametrize("path", ["/nonexistent/sglang.log", "."])
def test_cli_unreadable_file_is_one_line_and_exit_2(path: str) -> None:
    r = run_cli("classify", path)
    assert r.returncode == 2
    assert r.stderr.startswith("safelaunch: error: cannot read") and r.stderr.count("\n") == 1
    assert r.stdout == ""


def _examples(pattern: str) -> list[str]:
    """One shortest string per top-level alternative of a regex, to check the prescreen word list."""
    try:
        from re import _parser as sre_parse  # type: ignore[attr-defined]
    except ImportError:  # python 3.10
        import sre_parse  # type: ignore[no-redef]

    def category(val) -> str:
        name = str(val)
        if "NOT" in name:
            return "#" if "WORD" in name else "a"
        return "1" if "DIGIT" in name else " " if "SPACE" in name else "a"

    def gen(items) -> list[str]:
        outs = [""]
        for op, arg in items:
            name = str(op)
            if name == "LITERAL":
                choices = [chr(arg)]
            elif name == "NOT_LITERAL" or name == "ANY":
                choices = ["x"]
            elif name == "IN":
                kind, val = arg[0]
                kind = str(kind)
                if kind == "LITERAL":
                    choices = [chr(val)]
                elif kind == "RANGE":
                    choices = [chr(val[0])]
                elif kind == "CATEGORY":
                    choices = [category(val)]
                else:  # NEGATE
                    choices = ["#"]
            elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
                lo, _, sub = arg
                choices = [s * max(lo, 1) for s in gen(sub)[:1]] if lo else [""]
            elif name == "SUBPATTERN":
                choices = gen(arg[-1])
            elif name == "BRANCH":
                choices = [x for alt in arg[1] for x in gen(alt)]
            elif name == "CATEGORY":
                choices = [category(arg)]
            else:  # AT, ASSERT, ASSERT_NOT, GROUPREF...: zero width here
                choices = [""]
            outs = [o + c for o in outs for c in choices][:200]
        return outs

    return gen(sre_parse.parse(pattern))


def test_every_failure_alternative_passes_the_prescreen() -> None:
    # the screened failure patterns (KV, RUNTIME_EXPLICIT, WORKSPACE, CAPTURE_WRAP, OOM, PORT, NCCL, PEER, CUDA,
    # CONFIG), then the cascade, consequence and warning patterns
    patterns = [*failures.SCREENED, distributed.CASCADES, unnamed.CONSEQUENCES, benign.WARNINGS]
    for rx in patterns:
        for example in _examples(rx.pattern):
            assert rx.search(example), (rx.pattern[:40], example)
            assert logwatch.might_fail(example), example


WRAPS = {
    "docker-compose": lambda i, line: f"sglang-1  | {line}",
    "cri": lambda i, line: f"2025-07-25T07:53:{i % 60:02d}.21748708+08:00 stdout F {line}",
    "ray": lambda i, line: f"(SGLangEngine pid=952, ip=10.0.0.3) {line}",
    "ansi": lambda i, line: f"\x1b[3{i % 8}m{line}\x1b[0m",
    "crlf": lambda i, line: line + "\r",
}


@pytest.mark.parametrize("wrap", WRAPS, ids=list(WRAPS))
def test_real_logs_keep_their_label_behind_any_wrapper(wrap: str) -> None:
    for case in CORPUS + BLIND2:
        lines = case["log_text"].split("\n")
        wrapped = [WRAPS[wrap](i, line) for i, line in enumerate(lines)]
        assert classify_lines(wrapped).label == classify_text(case["log_text"]).label, case["id"]


# Carriers no pattern lists, learnt from the log itself (`carrier.py`): stern's `pod container`, a launcher relaying
# SGLang's output through its own logger (its level changing from line to line), an editor's line numbers, a TUI's
# box. A log whose first two lines show where the carrier ends (SGLang's prefix, a traceback's header or a frame)
# keeps its label behind any of them; a log that never shows it is read as before.
CARRIERS = {
    "stern": lambda i, line: f"sglang-7d9f-abcde sglang {line}",
    "relay": lambda i, line: f"2025-01-01 00:00:{i % 60:02d},123 {'ERROR' if i % 3 else 'INFO'} launcher: {line}",
    "gutter": lambda i, line: f"{i + 1:>5}  {line}",
    "box": lambda i, line: f"\u2502 {line}",
}


def _shows_its_carrier(text: str) -> bool:
    anchors = [SGL_PREFIX_INNER.match(x) or x.startswith(("Traceback", '  File "')) for x in text.split("\n")[:2]]
    return len(anchors) == 2 and all(anchors)


@pytest.mark.parametrize("carrier", CARRIERS, ids=list(CARRIERS))
def test_real_logs_keep_their_label_behind_a_carrier_learnt_from_the_log(carrier: str) -> None:
    shown = [case for case in ALL_REAL if _shows_its_carrier(case["log_text"])]
    assert len(shown) > 150
    for case in shown:
        wrapped = [CARRIERS[carrier](i, line) for i, line in enumerate(case["log_text"].split("\n"))]
        assert classify_lines(wrapped).label == classify_text(case["log_text"]).label, case["id"]


def test_a_carrier_is_learnt_only_when_the_next_line_carries_it_too() -> None:
    """SGLang's `Scheduler hit an exception: Traceback ...` heads its own traceback, whose frames are unprefixed: the
    sentence is never learnt. A relay logger's head is, once the next line starts with its shape (digits and level
    free), and the indentation after it is kept."""
    c = Carrier()
    sgl = ["Initialization failed. warmup error: Traceback (most recent call last):", '  File "/x.py", line 1, in f']
    assert [normalise(x, c) for x in sgl + sgl] == [[x] for x in sgl + sgl]
    relay = [
        "2025-01-01 00:00:01,123 ERROR launcher: Traceback (most recent call last):",
        '2025-01-01 00:00:02,123 ERROR launcher:   File "/sgl/srt/server_args.py", line 300, in __post_init__',
        "2025-01-01 00:00:13,123 INFO launcher:     raise ValueError(",
        "2025-01-01 00:00:14,123 ERROR launcher: ValueError: --tp-size 3 does not divide 32 attention heads",
        "2025-01-01 00:00:15,123 ERROR other: ValueError: not this carrier",
    ]
    assert [normalise(x, c)[0] for x in relay] == [
        relay[0],
        '  File "/sgl/srt/server_args.py", line 300, in __post_init__',
        "    raise ValueError(",
        "ValueError: --tp-size 3 does not divide 32 attention heads",
        relay[4],
    ]
    d = classify_lines(relay[:4])
    assert (d.label, d.evidence[-1].text) == (
        "config_error",
        "ValueError: --tp-size 3 does not divide 32 attention heads",
    )


# What a copy from a web page, a chat or a Windows editor does to a log: a byte-order mark before the first line,
# no-break spaces, zero-width spaces, full-width punctuation (an input method's, or OCR's).
PASTES = {
    "bom": lambda text: "\ufeff" + text,
    "no-break-spaces": lambda text: text.replace(" ", "\u00a0"),
    "zero-width": lambda text: text.replace("] ", "]\u200b ").replace("Error", "Err\u200bor"),
    "full-width": lambda text: text.translate(str.maketrans(":(),", "\uff1a\uff08\uff09\uff0c")),
}


@pytest.mark.parametrize("paste", PASTES, ids=list(PASTES))
def test_real_logs_keep_their_label_through_a_paste(paste: str) -> None:
    for case in ALL_REAL:
        assert classify_text(PASTES[paste](case["log_text"])).label == classify_text(case["log_text"]).label, case["id"]


def test_journald_and_systemd_lines_hip_spellings_and_a_wrapped_frame() -> None:
    """Logs without SGLang's own prefix first: journald's, systemd's verdict on the unit, ROCm's words."""
    text = "\n".join(
        [
            "Mar 06 06:15:02 gpu1 python3[1234]: [2025-03-06 06:15:02 TP0] Load weight begin. avail mem=79.10 GB",
            "2025-03-06T06:15:09+0000 gpu1 python3[1234]: [2025-03-06 06:15:09 TP0] Scheduler hit an exception: "
            "Traceback (most recent call last):",
            'Mar 06 06:15:09 gpu1 python3[1234]:   File "/sgl/srt/mem_cache/memory_pool.py",',
            "Mar 06 06:15:09 gpu1 python3[1234]: line 499, in _init_mamba_pool",
            "Mar 06 06:15:09 gpu1 python3[1234]: torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2 GiB.",
            "Mar 06 06:15:10 gpu1 systemd[1]: sglang.service: Main process exited, code=killed, status=9/KILL",
        ]
    )
    d = classify_text(text)
    assert (d.label, d.rule) == ("oom_kv_cache", "oom.out_of_memory")  # the wrapped frame is in the state pool
    assert "_init_mamba_pool" in d.evidence[-2].text
    d = classify_text(text.split("\n")[-1])
    assert (d.label, d.rule) == ("unknown", "unnamed.consequence")  # killed: a consequence, not a cause


@pytest.mark.parametrize("split", BLIND_PARTS)
def test_each_set_aside_part_is_fresh_and_never_calls_a_healthy_server_failed(split: str) -> None:
    """Each blind part: logs from sources never used before, labelled and committed before any run, scored blind
    once (docs/benchmarks.md). A one-line earlier text (a quoted SGLang sentence) may recur inside a new log, and a
    new one-line text inside an earlier log; longer texts may not."""
    names = list(BLIND_PARTS)
    part = BLIND_PARTS[split]
    earlier = CORPUS + [c for name in names[: names.index(split)] for c in BLIND_PARTS[name]]
    # blind9 to blind16: public sources are close to exhausted
    smaller = {"blind9": 21, "blind10": 10, "blind11": 13, "blind12": 15, "blind13": 9, "blind14": 12, "blind15": 5}
    smaller["blind16"] = 2
    assert len(part) >= smaller.get(split, 30)
    assert all(c["split"] == split and c["why"] and c["family"] for c in part)
    # public sources: GitHub, or (blind10's one) SGLang's own documentation site
    assert all(c["label"] in LABELS and c["source_url"].startswith("https://") for c in part)
    assert len({c["id"] for c in part}) == len(part)
    earlier_urls = {c["source_url"].split("#")[0] for c in earlier}
    for case in part:
        assert case["source_url"].split("#")[0] not in earlier_urls, case["id"]
        for c in earlier:
            assert "\n" not in case["log_text"].strip() or case["log_text"] not in c["log_text"], (case["id"], c["id"])
            assert "\n" not in c["log_text"].strip() or c["log_text"] not in case["log_text"], (case["id"], c["id"])
        if case["label"] == "healthy":  # pressure or plain serving: never a failure label
            assert classify_text(case["log_text"]).label not in logwatch.FAILURE_LABELS, case["id"]


def test_a_python_error_inside_graph_capture_is_the_code_path_not_memory() -> None:
    """'Capture cuda graph failed: TypeError: ...' (torch.compile tracing) names neither memory nor the GPU."""
    d = classify_text("Exception: Capture cuda graph failed: TypeError: 'NoneType' object is not subscriptable")
    assert d.label == "config_error"
    oom_inner = "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 2.00 GiB"
    assert classify_text(oom_inner).label == "oom_cuda_graph"


def test_a_progress_bar_glued_to_log_lines_is_never_learnt_as_a_carrier() -> None:
    """Every rank's capture bar ends glued to its `Capture cuda graph end`: the bars are SGLang's own output (the
    capture sizes the remedies read), so the next launch's bars are still read."""
    bar = "Capturing batches (bs={bs} avail_mem=12.30 GB): 100%|##########| 36/36 [00:05<00:00,  6.5{n}it/s]"
    c = Carrier()
    for rank in range(4):
        normalise(bar.format(bs=8, n=rank) + f"[2026-03-02 10:01:10 TP{rank}] Capture cuda graph end.", c)
    later = bar.format(bs=256, n=0).replace("100%", " 50%").replace("36/36", "18/36")
    assert normalise(later, c) == [later]
