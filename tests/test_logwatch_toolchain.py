"""Three families by structure (issue 18, after blind8), judged on the corpus's own lines: an interpreter that cannot
start SGLang at all (Python's runpy report from `python -m`), a build toolchain that fails at start-up (a compiler
or linker Triton, torch or FlashInfer run on first use), and Python's own exception for code that does not fit its
API raised during graph capture (not a CUDA error unless CUDA's API raised it). Each is `config_error`; the guards
keep SGLang's caught import errors, CUDA errors in capture and a server that goes on as they were."""

from __future__ import annotations

import json

import pytest

from safelaunch.core.logwatch import classify_text
from tests.conftest import run_cli
from tests.test_logwatch_families import SGL, TB, frames
from tests.test_logwatch_official import HIT, LOGS, SERVING, line


def label_rule(text: str) -> tuple[str, str]:
    d = classify_text(text)
    return d.label, d.rule


# -- the interpreter cannot start SGLang: runpy's `<python>: Error while finding module specification ...`
NO_SGLANG = LOGS["stevenwang-qwen3vl-no-sglang-module-b8"]["log_text"].strip()
PYTHON = NO_SGLANG.split(":", 1)[0]  # /venv/main/bin/python


@pytest.mark.parametrize(
    "text",
    [
        NO_SGLANG,
        "    " + NO_SGLANG,  # pasted indented
        f"sglang-1  | {NO_SGLANG}",  # behind docker compose's wrapper
        NO_SGLANG.replace(PYTHON, "/usr/bin/python3.11"),
        f"{PYTHON}: No module named sglang.launch_server",  # runpy's wording when the parent package exists
        f"{PYTHON}: Error while finding module specification for 'sglang.launch_server' (ImportError: cannot import "
        "name 'x' from partially initialized module 'sglang')",
        f"{PYTHON}: No module named sglang.launch_server\n"
        "sglang.service: Main process exited, code=exited, status=1/FAILURE",
    ],
)
def test_an_interpreter_that_cannot_start_sglang_is_configuration(text: str) -> None:
    assert label_rule(text) == ("config_error", "config.interpreter")


def test_the_interpreter_report_names_its_remedy_through_the_cli(tmp_path) -> None:
    """End to end: `safelaunch classify` says why in one line, and that a retry will not help."""
    log = tmp_path / "sglang.log"
    log.write_text(NO_SGLANG + "\n")
    out = run_cli("classify", str(log), "--json")
    assert out.returncode == 0, out.stderr
    verdict = json.loads(out.stdout)
    assert verdict["label"] == "config_error"
    assert "SGLang is not installed" in verdict["hint"] and "retry will not help" in verdict["hint"]
    assert verdict["evidence"][-1]["text"] == NO_SGLANG


def test_sglangs_own_missing_module_lines_are_not_the_interpreter() -> None:
    """Guards: SGLang's 'Ignore import error ... No module named' carries on; a log line that quotes a path is no
    runpy report."""
    ignored = next(x for x in LOGS["jethac-spark-image-smoke-b3"]["log_text"].split("\n") if "No module named" in x)
    assert classify_text(f"{ignored}\n{SERVING}").label == "healthy"
    quoted = "[2025-09-01 10:00:00] Using python: /venv/main/bin/python (module search path ok)"
    assert classify_text(f"{quoted}\n{SERVING}").label == "healthy"


# -- a build toolchain that fails: the compiler or linker Triton / torch / FlashInfer run on first use
CAUGHT_BUILD = line("sglang-issue-4253-b8", "[2025-03-10 14:17:52 TP6] Ignore import error")
CALLED = line("sglang-issue-1240-b2", "subprocess.CalledProcessError:")  # the same gcc -lcuda step, raised
LD = line("slurmv4-3-14-jit-link-capture-b6", "/usr/bin/ld: cannot find -lcudart")


@pytest.mark.parametrize(
    "text",
    [
        LOGS["sglang-issue-4253-b8"]["log_text"],  # the two-line excerpt: the build, then the scheduler dies
        f"{CAUGHT_BUILD}\n{HIT}\nValueError: Model architectures ['DeepseekV3ForCausalLM'] are not supported",
        CALLED,
        f"{HIT}\n{CALLED}",
        LD,
        f"{LD}\ncollect2: error: ld returned 1 exit status",
        "error: command '/usr/bin/x86_64-linux-gnu-gcc' failed with exit code 1",
        "subprocess.CalledProcessError: Command '['/usr/local/cuda/bin/nvcc', '-c', 'k.cu']' returned non-zero "
        "exit status 2.",
    ],
)
def test_a_build_toolchain_that_fails_is_configuration_even_in_a_short_excerpt(text: str) -> None:
    label, rule = label_rule(text)
    assert label == "config_error", rule
    assert rule.startswith("config.build_failed") or rule in ("config.message", "config.exception"), rule


def test_a_build_sglang_caught_while_importing_one_model_decides_only_if_sglang_dies() -> None:
    """Guards: SGLang skipped that model's module and went on; a server that reaches ready is healthy, and a later
    cause (an OOM) still decides over the earlier, caught build."""
    assert classify_text(f"{CAUGHT_BUILD}\n{SERVING}").label == "healthy"
    oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"
    assert classify_text(f"{CAUGHT_BUILD}\n{SERVING}\n{HIT}\n{oom}").label == "oom_runtime"
    # a command that is no build tool, failing, is not a build
    other = "subprocess.CalledProcessError: Command '['nvidia-smi', '-L']' returned non-zero exit status 9."
    assert not label_rule(other)[1].startswith("config.build_failed")


# -- Python's own exception for code that does not fit its API, raised during graph capture
FORWARD_METADATA = LOGS["ajith-kimik25-mi355x-forwardmetadata-b8"]["log_text"]
UNPACK = line("ajith-kimik25-mi355x-forwardmetadata-b8", "TypeError:")
CAPTURE = frames(
    (f"{SGL}/model_executor/model_runner.py", "init_device_graphs"),
    (f"{SGL}/model_executor/cuda_graph_runner.py", "capture"),
    (f"{SGL}/model_executor/cuda_graph_runner.py", "capture_one_batch_size"),
    (f"{SGL}/models/deepseek_v2.py", "forward_absorb_fused_mla_rope_prepare"),
)


@pytest.mark.parametrize(
    "exc",
    [
        UNPACK,
        "AttributeError: 'ForwardMetadata' object has no field 'kv_indptr'",
        "ValueError: too many values to unpack (expected 7)",
        "KeyError: 'attn_logits'",
    ],
)
def test_an_api_mismatch_raised_during_capture_is_configuration(exc: str) -> None:
    assert label_rule(f"{HIT}\n{CAPTURE}\n{exc}")[0] == "config_error"


def test_the_real_capture_type_error_is_configuration() -> None:
    assert label_rule(FORWARD_METADATA) == ("config_error", "unnamed.exception")


def test_cuda_errors_in_capture_stay_cuda_errors() -> None:
    """Guards: an illegal memory access, a device-side assert, an exception of no Python-code type, and one raised in
    CUDA's own API (torch.cuda) during capture stay `cuda_error_other`."""
    ima = line("verl-issue-1611-b8", "(WorkerDict pid=859188) RuntimeError: CUDA error: an illegal memory access")
    assert classify_text(f"{HIT}\n{CAPTURE}\n{ima}").label == "cuda_error_other"
    not_permitted = line("stevenwang-dsv32awq-capture-sync-b8", "torch.AcceleratorError: CUDA error: operation not")
    assert classify_text(f"{HIT}\n{CAPTURE}\n{not_permitted}").label == "cuda_error_other"
    for case in ("stevenwang-dsv32-flashmla-ima-capture-b8", "stevenwang-dsv32awq-capture-sync-b8"):
        assert classify_text(LOGS[case]["log_text"]).label == "cuda_error_other", case
    assert classify_text(f"{HIT}\n{CAPTURE}\nRuntimeError: CUDA error: device-side assert triggered").label == (
        "cuda_error_other"
    )
    assert classify_text(f"{HIT}\n{CAPTURE}\nRuntimeError: operation failed in the graph").label == "cuda_error_other"
    in_cuda_api = CAPTURE + "\n" + frames(("/usr/lib/python3.12/site-packages/torch/cuda/graphs.py", "capture_end"))
    assert classify_text(f"{HIT}\n{in_cuda_api}\nTypeError: an integer is required (got type NoneType)").label == (
        "cuda_error_other"
    )
    assert classify_text(f"{TB}\n{CAPTURE}\n{UNPACK}\n{SERVING}").label == "healthy"  # a server that went on
