"""Version skew between SGLang (0.4.0-0.5.10.post1) and what it runs on, as it shows in the log (a helper, blind).

At import: sgl-kernel built against another torch or a newer CUDA driver API (`undefined symbol`, sgl-kernel 0.1.x's
bare ImportError and 0.3.x's `[sgl_kernel] CRITICAL` loader), an sgl-kernel / DeepGEMM 2.x / outlines 0.1 (dragged in by
a vLLM upgrade) that lacks a name SGLang imports, torch 2.8's libtorch_cuda against a stale NCCL, flashinfer-cubin
against flashinfer. At argument checks: `assert_pkg_version` (flashinfer 0.4.0, sgl-kernel 0.4.6, the sglang-kernel
rename 0.5.10), the transformers>=5 check for GLM-4.6V, 0.5.8's cuDNN check for torch 2.9.1. Loading the model: a
transformers 5 tokenizer class under 4.57, transformers 4.57 under Kimi-VL's 0.4.6 code (`Ignore import error`, then no
processor). CUDA: the driver too old for torch's runtime (`No accelerator` after torch's warning), forward
compatibility on a GeForce (Error 804), Triton's bundled ptxas newer than the driver (`device kernel image is invalid`
at capture). Kernel signatures: torch inductor against Triton 3.5 (`triton_key`, capture with torch.compile),
flashinfer 0.4.0rc0's `plan()` schema (first decode after ready), xgrammar 0.1.19's `compile_structural_tag` (first
structured request). NCCL: versions differing across nodes (pynccl init). Five healthy contrasts that look alarming
and go on: the registry's `Ignore import error` for models not served, vLLM's `Failed to import from vllm._C ...
undefined symbol`, SGLang's `Failed to import deep_gemm, disable ENABLE_JIT_DEEPGEMM.`, an NGC image's "CUDA Forward
Compatibility mode ENABLED", 0.5.8's red "Could not determine CuDNN version" warning.

Each message is copied from the named release's wheel (file:line under sglang/ of that release; import chains and
call paths read there) or from the library that prints it (flashinfer-python 0.5.3 jit/env.py, xgrammar 0.1.19
compiler.py, transformers 4.57.1 activations.py / tokenization_auto.py, sgl-kernel load_utils.py / __init__.py,
DeepGEMM deep_gemm/__init__.py, NCCL src/init.cc) or from the public thread cited, its format fields filled; a few
library line numbers (torch, Triton internals) are approximate. Labels by /work/shared/corpus/README.md, decided
before the classifier ran, with this file's policy for skew: a compiled artefact that is present but does not match
the torch / driver / CUDA library it runs on (`undefined symbol`, the driver too old for the runtime, forward
compatibility unsupported, a kernel image the driver cannot load) is `cuda_error_other` (the README's "version
mismatch"); a Python-level mismatch (`cannot import name`, a missing argument, a version check that refuses to start,
an architecture or tokenizer class the installed transformers lacks) is `config_error`; NCCL refusing to form a
communicator across versions is `nccl_or_distributed`.

First sight: 26/27 (1 miss, strict xfails below; healthy contrasts 4/5: all five end `healthy`, but the vLLM one fires
a cuda_error_other failure event on vLLM's `Failed to import from vllm._C ... undefined symbol` warning line on the
way, which tests/test_logwatch_review.py counts as a miss; EVENT_XFAIL below keeps it here as a strict xfail too).
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import RUNPY, TB, first_sight, ts


class Template(NamedTuple):
    version: str
    source: str
    label: str
    why: str
    log: str


CASES: dict[str, Template] = {}


def case(name: str, version: str, source: str, label: str, why: str, log: str) -> None:
    assert name not in CASES
    CASES[name] = Template(version, source, label, why, log)


# ------------------------------------------------------------------------------------------------------ builders
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x docker images (lmsysorg/sglang:v0.4.*)
RUNPY310 = (  # python3.10's runpy frames (the 0.4.x images), as sglang#7033 prints them
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in the same site-packages: `+torch/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{site}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def sargs(second: int, model: str, **kw: object) -> str:
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def vllm_platform(second: int, line: int = 256) -> str:
    """vLLM's first line when SGLang imports it (0.4.x): the reporter's own line in sglang#5100 / #7033."""
    return f"INFO 03-02 10:00:{second:02d} [__init__.py:{line}] Automatically detected platform cuda."


def ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 1)} The server is fired up and ready to roll!",
    ]


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


# 0.4.x / 0.5.x import chains from `python -m sglang.launch_server` (read with the wheel's own import order)
IMPORT_046 = (
    (f"{PY310}/sglang/launch_server.py", 6, "<module>", "from sglang.srt.entrypoints.http_server import launch_server"),
    ("entrypoints/http_server.py", 49, "<module>", "from sglang.srt.entrypoints.engine import _launch_subprocesses"),
    ("entrypoints/engine.py", 42, "<module>", "from sglang.srt.managers.data_parallel_controller import ("),
    ("managers/data_parallel_controller.py", 28, "<module>", "from sglang.srt.managers.io_struct import ("),
    (
        "managers/io_struct.py",
        33,
        "<module>",
        "from sglang.srt.managers.schedule_batch import BaseFinishReason, flatten_nested_list",
    ),
    ("managers/schedule_batch.py", 48, "<module>", "from sglang.srt.configs.model_config import ModelConfig"),
    ("configs/model_config.py", 30, "<module>", "from sglang.srt.layers.quantization import QUANTIZATION_METHODS"),
    ("layers/quantization/__init__.py", 53, "<module>", "from sglang.srt.layers.quantization.awq import AWQConfig"),
    ("layers/quantization/awq.py", 18, "<module>", "from sgl_kernel import awq_dequantize"),
)
IMPORT_049 = (
    (f"{PY310}/sglang/launch_server.py", 6, "<module>", "from sglang.srt.entrypoints.http_server import launch_server"),
    ("entrypoints/http_server.py", 50, "<module>", "from sglang.srt.entrypoints.engine import _launch_subprocesses"),
    ("entrypoints/engine.py", 41, "<module>", "from sglang.srt.managers.data_parallel_controller import ("),
    ("managers/data_parallel_controller.py", 28, "<module>", "from sglang.srt.managers.io_struct import ("),
    ("managers/io_struct.py", 25, "<module>", "from sglang.srt.managers.schedule_batch import BaseFinishReason"),
    ("managers/schedule_batch.py", 48, "<module>", "from sglang.srt.configs.model_config import ModelConfig"),
    ("configs/model_config.py", 31, "<module>", "from sglang.srt.layers.quantization import QUANTIZATION_METHODS"),
    ("layers/quantization/__init__.py", 53, "<module>", "from sglang.srt.layers.quantization.awq import AWQConfig"),
    ("layers/quantization/awq.py", 18, "<module>", "from sgl_kernel import awq_dequantize"),
)
# 0.5.6: launch_server.py parses the arguments first and imports the HTTP server inside run_server()
RUN_056 = RUNPY + (
    (f"{PY312}/sglang/launch_server.py", 27, "<module>", "run_server(server_args)"),
    (
        f"{PY312}/sglang/launch_server.py",
        18,
        "run_server",
        "from sglang.srt.entrypoints.http_server import launch_server",
    ),
    ("entrypoints/http_server.py", 50, "<module>", "from sglang.srt.entrypoints.engine import _launch_subprocesses"),
    ("entrypoints/engine.py", 41, "<module>", "from sglang.srt.managers.data_parallel_controller import ("),
    ("managers/data_parallel_controller.py", 31, "<module>", "from sglang.srt.managers.io_struct import ("),
    ("managers/io_struct.py", 27, "<module>", "from sglang.srt.managers.schedule_batch import BaseFinishReason"),
    ("managers/schedule_batch.py", 5, "<module>", "from sglang.srt.dllm.config import DllmConfig"),
    ("dllm/config.py", 1, "<module>", "from sglang.srt.configs.model_config import ModelConfig"),
    ("configs/model_config.py", 26, "<module>", "from sglang.srt.layers.quantization import QUANTIZATION_METHODS"),
)

# ====================================================================================== import time: sgl-kernel
case(  # torch 2.7 under an sgl-kernel 0.1.2 wheel built against torch 2.6: the C++ ABI moved
    "sgl-kernel-0.1.2-under-torch-2.7-undefined-symbol-import-0.4.6",
    "0.4.6.post5",
    "sglang#5100 (helloyongyang: torch 2.7.0+cu128 with sgl-kernel 0.1.2, `_ZN5torch3jit17parseSchemaOrNameERKSsb`); import chain of the 0.4.6.post5 wheel (awq.py:18 is the first sgl_kernel import); sgl_kernel/__init__.py:13 `from sgl_kernel import common_ops` (sglang#8131's frame)",
    "cuda_error_other",
    "a compiled extension present but built against another torch: a version mismatch",
    join(
        vllm_platform(4),
        TB,
        tb(
            PY310,
            *RUNPY310,
            *IMPORT_046,
            ("+sgl_kernel/__init__.py", 13, "<module>", "from sgl_kernel import common_ops"),
        ),
        f"ImportError: {PY310}/sgl_kernel/common_ops.abi3.so: undefined symbol: _ZN5torch3jit17parseSchemaOrNameERKSsb",
    ),
)
case(  # sgl-kernel 0.2.x needs the green-context driver API (CUDA 12.5+); a 12.4 driver does not export it
    "sgl-kernel-cugreenctx-symbol-missing-cuda-12.4-driver-import-0.4.9",
    "0.4.9.post2",
    "sglang#8131 (`common_ops.abi3.so: undefined symbol: cuGreenCtxStreamCreate`, sglang 0.4.9.post2, cuda 12.4); sglang#8654 (`undefined symbol: cuGreenCtxDestroy`); import chain of the 0.4.9.post2 wheel",
    "cuda_error_other",
    "sgl-kernel built for a newer CUDA driver API than the installed driver: a driver/toolkit version mismatch",
    join(
        TB,
        tb(
            PY310,
            *RUNPY310,
            *IMPORT_049,
            ("+sgl_kernel/__init__.py", 13, "<module>", "from sgl_kernel import common_ops"),
        ),
        f"ImportError: {PY310}/sgl_kernel/common_ops.abi3.so: undefined symbol: cuGreenCtxStreamCreate",
    ),
)
case(  # sgl-kernel 0.3.x's own loader, its wheel built for torch 2.9 while torch 2.8 is installed (an L40S: sm100 dir)
    "sgl-kernel-critical-loader-symint-undefined-symbol-l40s-0.5.6",
    "0.5.6",
    "sgl-kernel python/sgl_kernel/load_utils.py (_load_architecture_specific_ops, error_msg) and __init__.py:5; the attempt list as in sglang PR #13948 (`sm100/common_ops.abi3.so: undefined symbol: _ZNK3c106SymInt6sym_neERKS0_`, Compute capability 86); 0.5.6 import chain (fp8_kernel.py:46 is the first unguarded sgl_kernel import)",
    "cuda_error_other",
    "the kernel library is present but does not match the installed torch: a version mismatch",
    join(
        TB,
        tb(
            PY312,
            *RUN_056,
            (
                "layers/quantization/__init__.py",
                19,
                "<module>",
                "from sglang.srt.layers.quantization.auto_round import AutoRoundConfig",
            ),
            (
                "layers/quantization/auto_round.py",
                12,
                "<module>",
                "from sglang.srt.layers.quantization.utils import get_scalar_types",
            ),
            (
                "layers/quantization/utils.py",
                13,
                "<module>",
                "from sglang.srt.layers.quantization.fp8_kernel import scaled_fp8_quant",
            ),
            (
                "layers/quantization/fp8_kernel.py",
                46,
                "<module>",
                "from sgl_kernel import sgl_per_tensor_quant_fp8, sgl_per_token_quant_fp8",
            ),
            ("+sgl_kernel/__init__.py", 5, "<module>", "common_ops = _load_architecture_specific_ops()"),
            ("+sgl_kernel/load_utils.py", 188, "_load_architecture_specific_ops", "raise ImportError(error_msg)"),
        ),
        "ImportError: "
        + f"""
[sgl_kernel] CRITICAL: Could not load any common_ops library!

Attempted locations:
1. Architecture-specific pattern: {PY312}/sgl_kernel/sm100/common_ops.* - found files: ['{PY312}/sgl_kernel/sm100/common_ops.abi3.so']
2. Fallback pattern: {PY312}/sgl_kernel/common_ops.* - found files: []
3. Standard Python import: common_ops - failed

GPU Info:
- Compute capability: 89
- Expected variant: SM89 (precise math for compatibility)

Please ensure sgl_kernel is properly installed with:
pip install --upgrade sgl_kernel

Error details from previous import attempts:
- ImportError: {PY312}/sgl_kernel/sm100/common_ops.abi3.so: undefined symbol: _ZNK3c106SymInt6sym_neERKS0_
- ModuleNotFoundError: No module named 'common_ops'
""",
    ),
)
case(  # an sgl-kernel older than 0.4.10.post2 pins (0.2.8): the package loads, one name is missing
    "sgl-kernel-too-old-cannot-import-fused-marlin-moe-0.4.10",
    "0.4.10.post2",
    "sglang#8654 (`ImportError: cannot import name 'fused_marlin_moe' from 'sgl_kernel'`); 0.4.10.post2 layers/quantization/awq.py:54 and its import chain (rotary_embedding.py:28 imports sgl_kernel first, which loads)",
    "config_error",
    "sgl-kernel older than the release needs: a package version mismatch at the Python level",
    join(
        vllm_platform(3, 241),
        TB,
        tb(
            PY310,
            *RUNPY310,
            (
                f"{PY310}/sglang/launch_server.py",
                6,
                "<module>",
                "from sglang.srt.entrypoints.http_server import launch_server",
            ),
            (
                "entrypoints/http_server.py",
                51,
                "<module>",
                "from sglang.srt.entrypoints.engine import _launch_subprocesses",
            ),
            ("entrypoints/engine.py", 41, "<module>", "from sglang.srt.managers.data_parallel_controller import ("),
            (
                "managers/data_parallel_controller.py",
                38,
                "<module>",
                "from sglang.srt.managers.scheduler import run_scheduler_process",
            ),
            ("managers/scheduler.py", 37, "<module>", "from sglang.srt.configs.model_config import ModelConfig"),
            (
                "configs/model_config.py",
                31,
                "<module>",
                "from sglang.srt.layers.quantization import QUANTIZATION_METHODS",
            ),
            (
                "layers/quantization/__init__.py",
                44,
                "<module>",
                "from sglang.srt.layers.quantization.awq import AWQConfig, AWQMarlinConfig",
            ),
            ("layers/quantization/awq.py", 54, "<module>", "from sgl_kernel import awq_dequantize, fused_marlin_moe"),
        ),
        f"ImportError: cannot import name 'fused_marlin_moe' from 'sgl_kernel' ({PY310}/sgl_kernel/__init__.py)",
    ),
)

# ================================================================== import time: flashinfer, DeepGEMM, outlines, torch
case(  # flashinfer-python upgraded to 0.5.3 (0.5.6's pin) while flashinfer-cubin stayed at 0.5.2
    "flashinfer-cubin-0.5.2-vs-flashinfer-0.5.3-import-0.5.6",
    "0.5.6",
    "flashinfer-python 0.5.3 flashinfer/jit/env.py:76-81 (_get_cubin_dir, called at env.py:94), jit/__init__.py:23, __init__.py:23; sglang 0.5.6 layers/quantization/__init__.py:35 -> mxfp4.py:60 (`if is_flashinfer_available(): from flashinfer import (`)",
    "config_error",
    "two packages that must be the same version are not: the environment's install, refused by flashinfer's own check",
    join(
        TB,
        tb(
            PY312,
            *RUN_056,
            (
                "layers/quantization/__init__.py",
                35,
                "<module>",
                "from sglang.srt.layers.quantization.mxfp4 import Mxfp4Config",
            ),
            ("layers/quantization/mxfp4.py", 60, "<module>", "from flashinfer import ("),
            ("+flashinfer/__init__.py", 23, "<module>", "from . import jit as jit"),
            ("+flashinfer/jit/__init__.py", 23, "<module>", "from . import env as env"),
            ("+flashinfer/jit/env.py", 94, "<module>", "FLASHINFER_CUBIN_DIR: pathlib.Path = _get_cubin_dir()"),
            ("+flashinfer/jit/env.py", 76, "_get_cubin_dir", "raise RuntimeError("),
        ),
        "RuntimeError: flashinfer-cubin version (0.5.2) does not match flashinfer version (0.5.3). Please install the same version of both packages. Set FLASHINFER_DISABLE_VERSION_CHECK=1 to bypass this check.",
    ),
)
case(  # DeepGEMM 2.x (C++ JIT, new names) under 0.5.0rc2, which still imports the 1.x grouped-GEMM name
    "deepgemm-2x-cannot-import-fp8-m-grouped-masked-import-0.5.0rc2",
    "0.5.0rc2",
    "sglang#9710 ([BREAK CHANGE] DeepGEMM python interface replaced, not compatible with previous versions; the reporter's chain launch_server -> http_server -> engine -> data_parallel_controller -> scheduler); 0.5.0rc2 deep_gemm_wrapper/configurer.py (`from deep_gemm import fp8_gemm_nt` -> DEEPGEMM_BLACKWELL) and entrypoint.py:22; deepseek-ai/DeepGEMM deep_gemm/__init__.py (exports m_grouped_fp8_gemm_nt_masked, not fp8_m_grouped_gemm_nt_masked)",
    "config_error",
    "a DeepGEMM whose Python API SGLang's release predates: cannot import name",
    join(
        TB,
        tb(
            PY312,
            *RUNPY,
            (
                f"{PY312}/sglang/launch_server.py",
                6,
                "<module>",
                "from sglang.srt.entrypoints.http_server import launch_server",
            ),
            (
                "entrypoints/http_server.py",
                52,
                "<module>",
                "from sglang.srt.entrypoints.engine import _launch_subprocesses",
            ),
            ("entrypoints/engine.py", 41, "<module>", "from sglang.srt.managers.data_parallel_controller import ("),
            (
                "managers/data_parallel_controller.py",
                38,
                "<module>",
                "from sglang.srt.managers.scheduler import run_scheduler_process",
            ),
            ("managers/scheduler.py", 37, "<module>", "from sglang.srt.configs.model_config import ModelConfig"),
            (
                "configs/model_config.py",
                32,
                "<module>",
                "from sglang.srt.layers.quantization import QUANTIZATION_METHODS",
            ),
            (
                "layers/quantization/__init__.py",
                45,
                "<module>",
                "from sglang.srt.layers.quantization.awq import AWQConfig, AWQMarlinConfig",
            ),
            ("layers/quantization/awq.py", 18, "<module>", "from sglang.srt.layers.quantization.marlin_utils import ("),
            (
                "layers/quantization/marlin_utils.py",
                22,
                "<module>",
                "from sglang.srt.layers.quantization.utils import (",
            ),
            (
                "layers/quantization/utils.py",
                13,
                "<module>",
                "from sglang.srt.layers.quantization.fp8_kernel import scaled_fp8_quant",
            ),
            (
                "layers/quantization/fp8_kernel.py",
                26,
                "<module>",
                "from sglang.srt.layers.quantization import deep_gemm_wrapper",
            ),
            ("layers/quantization/deep_gemm_wrapper/__init__.py", 1, "<module>", "from .entrypoint import *"),
            ("layers/quantization/deep_gemm_wrapper/entrypoint.py", 22, "<module>", "from deep_gemm import ("),
        ),
        f"ImportError: cannot import name 'fp8_m_grouped_gemm_nt_masked' from 'deep_gemm' ({PY312}/deep_gemm/__init__.py)",
    ),
)
case(  # `pip install vllm==0.6.5` next to sglang 0.4.0 pulls outlines 0.1.x, which dropped the name 0.4.0 imports
    "outlines-0.1-after-vllm-upgrade-build-regex-from-schema-import-0.4.0",
    "0.4.0",
    "sglang#2552 (vllm upgraded to 0.6.5 -> `cannot import name 'build_regex_from_schema' from 'outlines.fsm.json_schema'`, works again with vllm 0.6.4); 0.4.0 constrained/outlines_backend.py:23 and its import chain (launch_server.py:6 -> server.py:47 -> ... -> constrained/__init__.py:16)",
    "config_error",
    "a dependency dragged to a version whose API SGLang's release predates",
    join(
        TB,
        tb(
            PY310,
            *RUNPY310,
            (f"{PY310}/sglang/launch_server.py", 6, "<module>", "from sglang.srt.server import launch_server"),
            ("server.py", 47, "<module>", "from sglang.srt.managers.data_parallel_controller import ("),
            ("managers/data_parallel_controller.py", 25, "<module>", "from sglang.srt.managers.io_struct import ("),
            (
                "managers/io_struct.py",
                24,
                "<module>",
                "from sglang.srt.managers.schedule_batch import BaseFinishReason",
            ),
            (
                "managers/schedule_batch.py",
                41,
                "<module>",
                "from sglang.srt.constrained.base_grammar_backend import BaseGrammarObject",
            ),
            (
                "constrained/__init__.py",
                16,
                "<module>",
                "from sglang.srt.constrained.outlines_backend import build_regex_from_object",
            ),
            (
                "constrained/outlines_backend.py",
                23,
                "<module>",
                "from outlines.fsm.json_schema import build_regex_from_schema",
            ),
        ),
        f"ImportError: cannot import name 'build_regex_from_schema' from 'outlines.fsm.json_schema' ({PY310}/outlines/fsm/json_schema.py)",
    ),
)
case(  # torch 2.8's libtorch_cuda needs NCCL 2.27; another package pinned nvidia-nccl-cu12 2.26 into the env
    "torch-2.8-libtorch-cuda-stale-nccl-undefined-symbol-import-0.5.2",
    "0.5.2",
    "the import-time message as in pytorch#119932 / #186591 (`libtorch_cuda.so: undefined symbol: nccl...` from torch/__init__.py `from torch._C import *`), the symbol ncclCommWindowRegister as public notes report it with torch 2.8; 0.5.2's first `import torch` on `python -m sglang.launch_server` (http_server.py:50 -> disaggregation/utils.py:11)",
    "cuda_error_other",
    "arguable (nccl_or_distributed): nothing has communicated yet; torch's compiled library does not match the NCCL library loaded next to it, a version mismatch at import",
    join(
        TB,
        tb(
            PY312,
            *RUNPY,
            (
                f"{PY312}/sglang/launch_server.py",
                6,
                "<module>",
                "from sglang.srt.entrypoints.http_server import launch_server",
            ),
            (
                "entrypoints/http_server.py",
                50,
                "<module>",
                "from sglang.srt.disaggregation.utils import FAKE_BOOTSTRAP_HOST, DisaggregationMode",
            ),
            ("disaggregation/utils.py", 11, "<module>", "import torch"),
            ("+torch/__init__.py", 416, "<module>", "from torch._C import *  # noqa: F403"),
        ),
        f"ImportError: {PY312}/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommWindowRegister",
    ),
)

# ========================================================================== argument checks: assert_pkg_version et al.
case(  # 0.4.0 asks for flashinfer>=0.1.6 when the attention backend is flashinfer (the default)
    "assert-pkg-version-flashinfer-0.1.5-launcher-0.4.0",
    "0.4.0",
    "0.4.0 srt/server.py:526 (launch_server -> launch_engine), :431 (_set_envs_and_config), :589-595 (assert_pkg_version('flashinfer', '0.1.6', ...)); srt/utils.py:449-452",
    "config_error",
    "SGLang refuses to start on a dependency older than it needs",
    join(
        TB,
        tb(
            PY310,
            *RUNPY310,
            (f"{PY310}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            ("server.py", 526, "launch_server", "launch_engine(server_args=server_args)"),
            ("server.py", 431, "launch_engine", "_set_envs_and_config(server_args)"),
            ("server.py", 589, "_set_envs_and_config", "assert_pkg_version("),
            ("utils.py", 449, "assert_pkg_version", "raise Exception("),
        ),
        "Exception: flashinfer is installed with version 0.1.5+cu121torch2.4, which is less than the minimum required version 0.1.6. Please uninstall the old version and reinstall the latest version by following the instructions at https://docs.flashinfer.ai/installation.html.",
    ),
)
case(  # 0.4.6.post5 pins sgl-kernel 0.1.4; an image upgraded with `pip install -U sglang --no-deps` keeps 0.1.1
    "assert-pkg-version-sgl-kernel-0.1.1-launcher-0.4.6",
    "0.4.6.post5",
    "0.4.6.post5 srt/entrypoints/http_server.py:743, engine.py:548 (_launch_subprocesses -> _set_envs_and_config), :507-511 (assert_pkg_version('sgl-kernel', '0.1.4', ...)); srt/utils.py:696-699",
    "config_error",
    "SGLang refuses to start on an sgl-kernel older than it needs",
    join(
        TB,
        tb(
            PY310,
            *RUNPY310,
            (f"{PY310}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                743,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            ("entrypoints/engine.py", 548, "_launch_subprocesses", "_set_envs_and_config(server_args)"),
            ("entrypoints/engine.py", 507, "_set_envs_and_config", "assert_pkg_version("),
            ("utils.py", 696, "assert_pkg_version", "raise Exception("),
        ),
        "Exception: sgl-kernel is installed with version 0.1.1, which is less than the minimum required version 0.1.4. Please reinstall the latest version with `pip install sgl-kernel --force-reinstall`",
    ),
)
case(  # sgl-kernel was renamed sglang-kernel; the old distribution still provides `sgl_kernel`, the check asks the new name
    "assert-pkg-version-sglang-kernel-not-installed-old-sgl-kernel-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 launch_server.py:62, srt/entrypoints/http_server.py:2165, engine.py:641 (_launch_subprocesses -> _set_envs_and_config), :1137-1141 (assert_pkg_version('sglang-kernel', '0.4.1', ...)); srt/utils/common.py:1013-1017 (PackageNotFoundError branch)",
    "config_error",
    "SGLang refuses to start: the kernel package it needs is not installed under the name it checks",
    join(
        TB,
        tb(
            PY312,
            *RUNPY,
            (f"{PY312}/sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
            (f"{PY312}/sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
            ("entrypoints/engine.py", 641, "_launch_subprocesses", "_set_envs_and_config(server_args)"),
            ("entrypoints/engine.py", 1137, "_set_envs_and_config", "assert_pkg_version("),
            ("utils/common.py", 1014, "assert_pkg_version", "raise Exception("),
        ),
        "Exception: sglang-kernel with minimum required version 0.4.1 is not installed. Please reinstall the latest version with `pip install sglang-kernel --force-reinstall`",
    ),
)
case(  # 0.5.10.post1 pins transformers 5.3.0; downgraded to 4.57.1 for another model, GLM-4.6V is refused
    "glm-4.6v-transformers-4.57-below-5-model-config-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/configs/model_config.py:1082-1108 (_verify_transformers_version, called at :228), :270; srt/server_args.py:778 (__post_init__ -> _handle_piecewise_cuda_graph), :1086, :6025 (get_model_config)",
    "config_error",
    "the installed transformers is older than the model needs: unsupported model on this environment",
    join(
        TB,
        tb(
            PY312,
            *RUNPY,
            (f"{PY312}/sglang/launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 5975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 372, "__init__", ""),
            ("server_args.py", 778, "__post_init__", "self._handle_piecewise_cuda_graph()"),
            (
                "server_args.py",
                1086,
                "_handle_piecewise_cuda_graph",
                "if self.get_model_config().is_piecewise_cuda_graph_disabled_model:",
            ),
            ("server_args.py", 6025, "get_model_config", "self.model_config = ModelConfig.from_server_args(self)"),
            ("configs/model_config.py", 270, "from_server_args", "return ModelConfig("),
            ("configs/model_config.py", 228, "__init__", "self._verify_transformers_version()"),
            ("configs/model_config.py", 1104, "_verify_transformers_version", "raise ValueError("),
        ),
        "ValueError: Transformers version 4.57.1 is not supported for model zai-org/GLM-4.6V or model type glm4v_moe. Please upgrade transformers to >= 5.0.0.",
    ),
)

TF_AUTO = f"{PY312}/transformers/models/auto/tokenization_auto.py"
case(  # a fine-tune saved with transformers 5 (tokenizer_class "TokenizersBackend") served by 0.5.8, which pins 4.57.1
    "transformers-4.57-tokenizers-backend-class-missing-tokenizer-0.5.8",
    "0.5.8",
    "transformers 4.57.1 models/auto/tokenization_auto.py:1137-1138 (`Tokenizer class {tokenizer_class_candidate} does not exist or is not currently imported.`), public notes on transformers-5 checkpoints under 4.57.x (`ValueError: Tokenizer class TokenizersBackend does not exist`); 0.5.8 srt/utils/hf_transformers_utils.py:463, :477-496 (SGLang's RuntimeError with the --trust-remote-code hint), managers/tokenizer_manager.py:206, :298, entrypoints/engine.py:102, :1004, http_server.py:1723, launch_server.py:32, :25",
    "config_error",
    "the installed transformers is older than the checkpoint's tokenizer class (SGLang's hint about --trust-remote-code is a red herring): unsupported on this environment",
    join(
        sargs(0, "/models/qwen3-8b-sft-v5", tp_size=1),
        TB,
        tb(
            PY312,
            ("utils/hf_transformers_utils.py", 463, "get_tokenizer", "tokenizer = AutoTokenizer.from_pretrained("),
            (TF_AUTO, 1137, "from_pretrained", "raise ValueError("),
        ),
        "ValueError: Tokenizer class TokenizersBackend does not exist or is not currently imported.",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        TB,
        tb(
            PY312,
            *RUNPY,
            (f"{PY312}/sglang/launch_server.py", 32, "<module>", "run_server(server_args)"),
            (f"{PY312}/sglang/launch_server.py", 25, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 1723, "launch_server", "_launch_subprocesses("),
            (
                "entrypoints/engine.py",
                1004,
                "_launch_subprocesses",
                "tokenizer_manager, template_manager = init_tokenizer_manager_func(",
            ),
            (
                "entrypoints/engine.py",
                102,
                "init_tokenizer_manager",
                "tokenizer_manager = TokenizerManagerClass(server_args, port_args)",
            ),
            ("managers/tokenizer_manager.py", 206, "__init__", "self.init_tokenizer_and_processor()"),
            ("managers/tokenizer_manager.py", 298, "init_tokenizer_and_processor", "self.tokenizer = get_tokenizer("),
            ("utils/hf_transformers_utils.py", 482, "get_tokenizer", "raise RuntimeError(err_msg) from e"),
        ),
        "RuntimeError: Failed to load the tokenizer. If the tokenizer is a custom tokenizer not yet available in the HuggingFace transformers library, consider setting `trust_remote_code=True` in LLM or using the `--trust-remote-code` flag in the CLI.",
    ),
)

# ================================================================================ CUDA driver vs runtime
case(  # torch 2.9.1+cu128 on a 550 driver (CUDA 12.4): torch says so at import, SGLang then finds no device
    "torch-cu128-driver-550-too-old-no-accelerator-launcher-0.5.6",
    "0.5.6",
    'torch\'s warning as printed in public logs (`torch/cuda/__init__.py:...: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 12080)...`); 0.5.6 srt/utils/common.py get_device (`raise RuntimeError("No accelerator (CUDA, XPU, HPU) is available.")`) reached from ServerArgs.__post_init__',
    "cuda_error_other",
    "the CUDA driver is older than the runtime torch was built with (the README's version mismatch); the deciding line is torch's warning, the launcher's RuntimeError is its consequence",
    join(
        f"{PY312}/torch/cuda/__init__.py:182: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 12040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:119.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        TB,
        tb(
            PY312,
            *RUNPY,
            (f"{PY312}/sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 4371, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 3924, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 301, "__init__", ""),
            ("server_args.py", 607, "__post_init__", "self._handle_missing_default_values()"),
            ("server_args.py", 695, "_handle_missing_default_values", "self.device = get_device()"),
            (
                "utils/common.py",
                1896,
                "get_device",
                'raise RuntimeError("No accelerator (CUDA, XPU, HPU) is available.")',
            ),
        ),
        "RuntimeError: No accelerator (CUDA, XPU, HPU) is available.",
    ),
)
case(  # a CUDA 12.8 image's compat libraries on a GeForce host with a 535 driver: forward compat is datacenter-only
    "cuda-compat-error-804-geforce-set-device-0.4.6",
    "0.4.6.post5",
    "torch's `Unexpected error from cudaGetDeviceCount()... Error 804: forward compatibility was attempted on non supported HW` (AIR-DISCOVER/ICRA2024-Sim2Real-AXS#5, gpustack#1254); 0.4.6.post5 scheduler.py:2297, :277, tp_worker_overlap_thread.py:64, tp_worker.py:78, model_runner.py:224, :416-419; layers/activation.py:170 (the fallback warning when is_cuda() is false)",
    "cuda_error_other",
    "the container's CUDA runtime is newer than the host driver and this GPU cannot use forward compatibility: a driver/runtime mismatch",
    join(
        f"{PY310}/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 804: forward compatibility was attempted on non supported HW (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:108.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        sargs(2, "Qwen/Qwen2.5-7B-Instruct", tp_size=1, mem_fraction_static=0.8),
        f"{ts(6)} sgl-kernel is not available on Non-NV platforms. Fallback to other kernel libraries.",
        f"{ts(7, 'TP0')} Attention backend not set. Use flashinfer backend by default.",
        f"{ts(7, 'TP0')} Init torch distributed begin.",
        f"{ts(7, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            (
                "managers/scheduler.py",
                2297,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
            ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 224, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            (
                "model_executor/model_runner.py",
                419,
                "init_torch_distributed",
                "torch.get_device_module(self.device).set_device(self.gpu_id)",
            ),
            ("+torch/cuda/__init__.py", 478, "set_device", "torch._C._cuda_setDevice(device)"),
        ),
        "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 804: forward compatibility was attempted on non supported HW",
        "",
        sigquit(7),
    ),
)

# ============================================================================== loading the model class
case(  # transformers 4.57 (renamed PytorchGELUTanh) under 0.4.6.post5 (pins 4.51.1): Kimi-VL's code fails to import
    "kimi-vl-transformers-4.57-pytorchgelutanh-no-processor-launcher-0.4.6",
    "0.4.6.post5",
    "0.4.6.post5 srt/managers/multimodal_processor.py:31-40 (import_processors: `Ignore import error when loading {name}: {e}`), :61 (get_mm_processor's ValueError), tokenizer_manager.py:201, :213, engine.py:649; managers/multimodal_processors/kimi_vl.py:10 -> models/kimi_vl.py:77 -> models/kimi_vl_moonvit.py:52 (`from transformers.activations import ACT2FN, PytorchGELUTanh`); transformers 4.57.1 activations.py (GELUTanh, no PytorchGELUTanh)",
    "config_error",
    "the installed transformers is newer than the release's model code: the architecture is unsupported on this environment",
    join(
        sargs(0, "moonshotai/Kimi-VL-A3B-Instruct", tp_size=1, trust_remote_code=True),
        f"{ts(4)} Ignore import error when loading sglang.srt.managers.multimodal_processors.kimi_vl: cannot import name 'PytorchGELUTanh' from 'transformers.activations' ({PY310}/transformers/activations.py)",
        TB,
        tb(
            PY310,
            *RUNPY310,
            (f"{PY310}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                743,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            (
                "entrypoints/engine.py",
                649,
                "_launch_subprocesses",
                "tokenizer_manager = TokenizerManager(server_args, port_args)",
            ),
            ("managers/tokenizer_manager.py", 213, "__init__", "self.mm_processor = get_mm_processor("),
            ("managers/multimodal_processor.py", 61, "get_mm_processor", "raise ValueError("),
        ),
        "ValueError: No processor registered for architecture: ['KimiVLForConditionalGeneration'].",
        "Registered architectures: ['CLIPModel', 'DeepseekVL2ForCausalLM', 'Gemma3ForConditionalGeneration', 'InternVLChatModel', 'MultiModalityCausalLM', 'LlavaLlamaForCausalLM', 'LlavaVidForCausalLM', 'LlavaQwenForCausalLM', 'LlavaMistralForCausalLM', 'LlavaForConditionalGeneration', 'Mistral3ForConditionalGeneration', 'MiniCPMV', 'MiniCPMO', 'MllamaForConditionalGeneration', 'Llama4ForConditionalGeneration', 'PixtralVisionModel', 'Qwen2VLForConditionalGeneration', 'Qwen2_5_VLForConditionalGeneration']",
    ),
)

# ======================================================================= capture and the first requests after ready
BOOT_052 = [
    sargs(0, "meta-llama/Llama-3.1-8B-Instruct", tp_size=1, attention_backend="flashinfer"),
    f"{ts(5, 'TP0')} Init torch distributed begin.",
    f"{ts(6, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
    f"{ts(6, 'TP0')} Load weight begin. avail mem=78.68 GB",
    f"{ts(12, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.52 GB, mem usage=15.16 GB.",
    f"{ts(12, 'TP0')} KV Cache is allocated. #tokens: 413357, K size: 25.23 GB, V size: 25.23 GB",
    f"{ts(12, 'TP0')} Memory pool end. avail mem=12.66 GB",
    f"{ts(13, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=12.57 GB",
    "Capturing batches (bs=1 avail_mem=11.84 GB): 100%|██████████| 23/23 [00:04<00:00,  5.11it/s]",
    f"{ts(18, 'TP0')} Capture cuda graph end. Time elapsed: 4.83 s. mem usage=0.74 GB. avail mem=11.83 GB.",
    f"{ts(19, 'TP0')} max_total_num_tokens=413357, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=11.83 GB",
    *ready(20),
    f"{ts(25, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 42, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
]
FI_URI = "batch_prefill_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False_f16qk_False"
FI_DECL = f"{FI_URI}::plan(Tensor _0, Tensor _1, Tensor _2, Tensor _3, Tensor _4, Tensor _5, int _6, int _7, int _8, int _9, int _10, bool _11, int _12, int _13, bool _14, int _15, int _16, bool _17) -> Tensor _0"
DECODE_052 = (
    ("managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/tp_worker_overlap_thread.py", 174, "forward_thread_func_", "self.worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        251,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 1901, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 1934, "_forward_raw", "ret = self.graph_runner.replay("),
    ("model_executor/cuda_graph_runner.py", 808, "replay", "self.replay_prepare(forward_batch, pp_proxy_tensors)"),
    (
        "model_executor/cuda_graph_runner.py",
        785,
        "replay_prepare",
        "self.model_runner.attn_backend.init_forward_metadata_replay_cuda_graph(",
    ),
    (
        "layers/attention/flashinfer_backend.py",
        429,
        "init_forward_metadata_replay_cuda_graph",
        "self.indices_updater_decode.update(",
    ),
    ("layers/attention/flashinfer_backend.py", 657, "update_single_wrapper", "self.call_begin_forward("),
    ("layers/attention/flashinfer_backend.py", 802, "call_begin_forward", "wrapper.begin_forward("),
)
case(  # flashinfer 0.4.0rc0 grew the tensor-core plan() to 18 arguments; 0.5.2's fast_decode_plan passes 15
    "flashinfer-0.4.0rc0-plan-schema-missing-argument-first-decode-0.5.2",
    "0.5.2",
    "flashinfer-ai/flashinfer#1720 ([Bug] v0.4.0rc0 prefill break change: `...::plan() is missing value for argument '_15'. Declaration: ...`, then `During handling of the above exception`); 0.5.2 layers/attention/flashinfer_backend.py:350-352 (begin_forward replaced by fast_decode_plan after capture), :1392-1412 (`raise RuntimeError(f\"Error in standard plan: {e}\")`), tp_worker_overlap_thread.py:141-145",
    "config_error",
    "a kernel library whose call signature changed under the release: the first decode after ready fails on the argument count",
    join(
        BOOT_052,
        f"{ts(26, 'TP0')} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY312,
            (
                "layers/attention/flashinfer_backend.py",
                1394,
                "fast_decode_plan",
                "self._plan_info = self._cached_module.plan(",
            ),
            ("+torch/_ops.py", 829, "__call__", "return self._op(*args, **kwargs)"),
        ),
        f"RuntimeError: {FI_URI}::plan() is missing value for argument '_15'. Declaration: {FI_DECL}",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            PY312,
            *DECODE_052,
            (
                "layers/attention/flashinfer_backend.py",
                1412,
                "fast_decode_plan",
                'raise RuntimeError(f"Error in standard plan: {e}")',
            ),
        ),
        f"RuntimeError: Error in standard plan: {FI_URI}::plan() is missing value for argument '_15'. Declaration: {FI_DECL}",
        "",
        sigquit(26),
    ),
)
BOOT_056 = [
    sargs(0, "Qwen/Qwen3-8B", tp_size=1, grammar_backend="xgrammar", tool_call_parser="qwen25"),
    f"{ts(5, 'TP0')} Init torch distributed begin.",
    f"{ts(6, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
    f"{ts(6, 'TP0')} Load weight begin. avail mem=78.68 GB",
    f"{ts(11, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=63.18 GB, mem usage=15.50 GB.",
    f"{ts(11, 'TP0')} KV Cache is allocated. #tokens: 358826, K size: 24.64 GB, V size: 24.64 GB",
    f"{ts(11, 'TP0')} Memory pool end. avail mem=13.48 GB",
    f"{ts(12, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=13.40 GB",
    f"{ts(17, 'TP0')} Capture cuda graph end. Time elapsed: 5.07 s. mem usage=0.81 GB. avail mem=12.59 GB.",
    f"{ts(18, 'TP0')} max_total_num_tokens=358826, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=12.59 GB",
    *ready(19),
    f"{ts(30, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 118, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
    f"{ts(31, 'TP0')} Decode batch, #running-req: 1, #token: 158, token usage: 0.00, cuda graph: True, gen throughput (token/s): 7.45, #queue-req: 0, ",
    f'{ts(31)} INFO:     10.0.3.17:51522 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
]
case(  # xgrammar 0.1.19 (pinned by another package) under 0.5.6 (pins 0.1.27): the new one-argument structural tag
    "xgrammar-0.1.19-compile-structural-tag-missing-triggers-first-request-0.5.6",
    "0.5.6",
    "xgrammar 0.1.19 xgrammar/compiler.py:152-154 (`def compile_structural_tag(self, tags: List[StructuralTagItem], triggers: List[str])`); 0.5.6 constrained/xgrammar_backend.py:298 (the non-legacy structural tag, catching only RuntimeError/JSONDecodeError), base_grammar_backend.py:164, managers/scheduler.py:2677, :1011, :1675, :1715, :2135",
    "config_error",
    "xgrammar older than the release's call: a missing positional argument on the first structured-output request after ready",
    join(
        BOOT_056,
        f"{ts(40, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2677, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 1011, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
            ("managers/scheduler.py", 1675, "get_next_batch_to_run", "new_batch = self.get_new_batch_prefill()"),
            ("managers/scheduler.py", 1715, "get_new_batch_prefill", "self.move_ready_grammar_requests()"),
            (
                "managers/scheduler.py",
                2135,
                "move_ready_grammar_requests",
                "req.grammar = req.grammar.result(timeout=0.03)",
            ),
            ("/usr/lib/python3.12/concurrent/futures/_base.py", 456, "result", "return self.__get_result()"),
            ("/usr/lib/python3.12/concurrent/futures/_base.py", 401, "__get_result", "raise self._exception"),
            (
                "/usr/lib/python3.12/concurrent/futures/thread.py",
                58,
                "run",
                "result = self.fn(*self.args, **self.kwargs)",
            ),
            (
                "constrained/base_grammar_backend.py",
                164,
                "_init_value_dispatch",
                "grammar = self.dispatch_structural_tag(key_string)",
            ),
            (
                "constrained/xgrammar_backend.py",
                298,
                "dispatch_structural_tag",
                "ctx = self.grammar_compiler.compile_structural_tag(key_string)",
            ),
        ),
        "TypeError: GrammarCompiler.compile_structural_tag() missing 1 required positional argument: 'triggers'",
        "",
        sigquit(40),
    ),
)
SCHED_040 = (
    (
        "managers/scheduler.py",
        1489,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 194, "__init__", "self.tp_worker = TpWorkerClass("),
    (
        "managers/tp_worker_overlap_thread.py",
        61,
        "__init__",
        "self.worker = TpModelWorker(server_args, gpu_id, tp_rank, dp_rank, nccl_port)",
    ),
    ("managers/tp_worker.py", 62, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 173, "__init__", "self.init_cuda_graphs()"),
    ("model_executor/model_runner.py", 624, "init_cuda_graphs", "self.cuda_graph_runner = CudaGraphRunner(self)"),
)
MOD = (
    ("+torch/nn/modules/module.py", 1736, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1747, "_call_impl", "return forward_call(*args, **kwargs)"),
)
case(  # torch 2.5.1+cu118 on a 520 driver; Triton 3.1 assembles with its bundled ptxas (CUDA 12.4): the cubin will not load
    "triton-bundled-ptxas-newer-than-driver-kernel-image-invalid-capture-0.4.0",
    "0.4.0",
    "triton-lang/triton#4172, #3001, vllm#5713 (`RuntimeError: Triton Error [CUDA]: device kernel image is invalid` with an old driver; fixed by a newer driver or TRITON_PTXAS_PATH to the system ptxas), pytorch#119054; Triton 3.1 runtime/jit.py / compiler/compiler.py `_init_handles` (load_binary); 0.4.0 model_executor/cuda_graph_runner.py:193-202, :254, :311, :318, models/mixtral.py:310, :281, :238, :99, layers/fused_moe_triton/layer.py:555, :110, :145, fused_moe.py:604, :496, :729, :271",
    "cuda_error_other",
    "a compiler newer than the CUDA driver produced a kernel the driver cannot load: a toolkit/driver version mismatch (the wrapper's mem-fraction hints notwithstanding)",
    join(
        sargs(0, "mistralai/Mixtral-8x7B-Instruct-v0.1", tp_size=4, mem_fraction_static=0.85),
        f"{ts(40, 'TP0')} Load weight end. type=MixtralForCausalLM, dtype=torch.bfloat16, avail mem=56.01 GB",
        f"{ts(41, 'TP0')} Memory pool end. avail mem=11.82 GB",
        f"{ts(41, 'TP0')} Capture cuda graph begin. This can take up to several minutes.",
        f"{ts(44, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            ("model_executor/cuda_graph_runner.py", 193, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 254, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 318, "capture_one_batch_size", "run_once()"),
            (
                "model_executor/cuda_graph_runner.py",
                311,
                "run_once",
                "logits_output = forward(input_ids, forward_batch.positions, forward_batch)",
            ),
            ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            (
                "models/mixtral.py",
                310,
                "forward",
                "hidden_states = self.model(input_ids, positions, forward_batch, input_embeds)",
            ),
            *MOD,
            ("models/mixtral.py", 281, "forward", "hidden_states, residual = layer("),
            *MOD,
            ("models/mixtral.py", 238, "forward", "hidden_states = self.block_sparse_moe(hidden_states)"),
            *MOD,
            ("models/mixtral.py", 99, "forward", "final_hidden_states = self.experts(hidden_states, router_logits)"),
            *MOD,
            ("layers/fused_moe_triton/layer.py", 555, "forward", "final_hidden_states = self.quant_method.apply("),
            ("layers/fused_moe_triton/layer.py", 110, "apply", "return self.forward("),
            ("+vllm/model_executor/custom_op.py", 14, "forward", "return self._forward_method(*args, **kwargs)"),
            ("layers/fused_moe_triton/layer.py", 145, "forward_cuda", "return fused_experts("),
            ("layers/fused_moe_triton/fused_moe.py", 604, "fused_experts", "torch.ops.sglang.inplace_fused_experts("),
            ("+torch/_ops.py", 1116, "__call__", "return self._op(*args, **(kwargs or {}))"),
            ("layers/fused_moe_triton/fused_moe.py", 496, "inplace_fused_experts", "fused_experts_impl("),
            ("layers/fused_moe_triton/fused_moe.py", 729, "fused_experts_impl", "invoke_fused_moe_kernel("),
            ("layers/fused_moe_triton/fused_moe.py", 271, "invoke_fused_moe_kernel", "fused_moe_kernel[grid]("),
            (
                "+triton/runtime/jit.py",
                345,
                "<lambda>",
                "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
            ),
            (
                "+triton/runtime/jit.py",
                691,
                "run",
                "kernel.run(grid_0, grid_1, grid_2, stream, kernel.function, kernel.packed_metadata, launch_metadata,",
            ),
            ("+triton/compiler/compiler.py", 381, "__getattribute__", "self._init_handles()"),
            (
                "+triton/compiler/compiler.py",
                376,
                "_init_handles",
                "self.module, self.function, self.n_regs, self.n_spills = driver.active.utils.load_binary(",
            ),
        ),
        "RuntimeError: Triton Error [CUDA]: device kernel image is invalid",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(PY310, *SCHED_040, ("model_executor/cuda_graph_runner.py", 195, "__init__", "raise Exception(")),
        "Exception: Capture cuda graph failed: Triton Error [CUDA]: device kernel image is invalid",
        "Possible solutions:",
        "1. disable cuda graph by --disable-cuda-graph",
        "2. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "3. disable torch compile by not using --enable-torch-compile",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        "",
    ),
)
SCHED_043 = (
    (
        "managers/scheduler.py",
        1816,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 240, "__init__", "self.tp_worker = TpWorkerClass("),
    (
        "managers/tp_worker_overlap_thread.py",
        63,
        "__init__",
        "self.worker = TpModelWorker(server_args, gpu_id, tp_rank, dp_rank, nccl_port)",
    ),
    ("managers/tp_worker.py", 68, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 224, "__init__", "self.init_cuda_graphs()"),
    ("model_executor/model_runner.py", 741, "init_cuda_graphs", "self.cuda_graph_runner = CudaGraphRunner(self)"),
)
DYNAMO_HINT = 'Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you\'re reporting a bug to PyTorch). For even more developer context, set TORCH_LOGS="+dynamo"'
case(  # --enable-torch-compile with torch 2.5.1's inductor and a Triton 3.5 another package installed
    "torch-2.5-inductor-triton-3.5-triton-key-capture-torch-compile-0.4.3",
    "0.4.3.post2",
    "the inductor message as public logs print it (`torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\\nImportError: cannot import name 'triton_key' from 'triton.compiler.compiler'`, torch 2.5.1 with triton 3.5.0); 0.4.3.post2 model_executor/cuda_graph_runner.py:237-247 (the capture wrapper, its four hints), :304, :387, :380; model_runner.py:224, :741",
    "config_error",
    "torch's compiler and Triton are out of step: a Python-level cannot-import-name, surfaced inside the capture wrapper",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", tp_size=1, enable_torch_compile=True, torch_compile_max_bs=32),
        f"{ts(14, 'TP0')} Memory pool end. avail mem=12.02 GB",
        f"{ts(14, 'TP0')} Capture cuda graph begin. This can take up to several minutes.",
        f"{ts(21, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            ("model_executor/cuda_graph_runner.py", 237, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 304, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 387, "capture_one_batch_size", "run_once()"),
            (
                "model_executor/cuda_graph_runner.py",
                380,
                "run_once",
                "logits_output = forward(input_ids, forward_batch.positions, forward_batch)",
            ),
            ("+torch/_dynamo/eval_frame.py", 465, "_fn", "return fn(*args, **kwargs)"),
            ("+torch/_dynamo/convert_frame.py", 1269, "__call__", "return self._torchdynamo_orig_callable("),
            ("+torch/_dynamo/convert_frame.py", 526, "__call__", "return _compile("),
            ("+torch/_dynamo/convert_frame.py", 952, "_compile", "raise InternalTorchDynamoError("),
            ("+torch/_dynamo/output_graph.py", 1446, "call_user_compiler", "return self._call_user_compiler(gm)"),
            (
                "+torch/_dynamo/output_graph.py",
                1499,
                "_call_user_compiler",
                "raise BackendCompilerFailed(self.compiler_fn, e) from e",
            ),
        ),
        "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
        f"ImportError: cannot import name 'triton_key' from 'triton.compiler.compiler' ({PY310}/triton/compiler/compiler.py)",
        "",
        DYNAMO_HINT,
        "",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(PY310, *SCHED_043, ("model_executor/cuda_graph_runner.py", 239, "__init__", "raise Exception(")),
        "Exception: Capture cuda graph failed: backend='inductor' raised:",
        f"ImportError: cannot import name 'triton_key' from 'triton.compiler.compiler' ({PY310}/triton/compiler/compiler.py)",
        "",
        DYNAMO_HINT,
        "",
        "Possible solutions:",
        "1. disable cuda graph by --disable-cuda-graph",
        "2. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "3. disable torch compile by not using --enable-torch-compile",
        "4. set --cuda-graph-max-bs to a smaller value (e.g., 32)",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        "",
        f"{ts(21)} Received sigquit from a child proces. It usually means the child failed.",
    ),
)
RED, BOLD, RESET = "\033[91m", "\033[1m", "\033[0m"
case(  # 0.5.8's own cuDNN check for multimodal models: torch 2.9.1 ships cuDNN 9.10, the check wants 9.15+
    "cudnn-9.10-under-torch-2.9.1-conv3d-check-launcher-0.5.8",
    "0.5.8",
    "0.5.8 srt/server_args.py:4939-4975 (check_torch_2_9_1_cudnn_compatibility: the red `CRITICAL WARNING: PyTorch 2.9.1 & CuDNN Compatibility Issue Detected` raised as RuntimeError), :4841 (check_server_args), entrypoints/engine.py:955, http_server.py:1723, launch_server.py:32, :25",
    "config_error",
    "SGLang refuses to start on a cuDNN older than it accepts with this torch (a version check, remedy `pip install nvidia-cudnn-cu12`)",
    join(
        TB,
        tb(
            PY312,
            *RUNPY,
            (f"{PY312}/sglang/launch_server.py", 32, "<module>", "run_server(server_args)"),
            (f"{PY312}/sglang/launch_server.py", 25, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 1723, "launch_server", "_launch_subprocesses("),
            ("entrypoints/engine.py", 955, "_launch_subprocesses", "server_args.check_server_args()"),
            ("server_args.py", 4841, "check_server_args", "self.check_torch_2_9_1_cudnn_compatibility()"),
            ("server_args.py", 4975, "check_torch_2_9_1_cudnn_compatibility", "raise RuntimeError(msg)"),
        ),
        f"RuntimeError: {RED}{BOLD}CRITICAL WARNING: PyTorch 2.9.1 & CuDNN Compatibility Issue Detected",
        "--------------------------------------------------------------------------------",
        "Current Environment: PyTorch 2.9.1+cu128 | CuDNN 9.10",
        "",
        "Issue:     There is a KNOWN BUG in PyTorch 2.9.1's `nn.Conv3d` implementation",
        "           when used with CuDNN versions older than 9.15. This can cause",
        "           SEVERE PERFORMANCE DEGRADATION and EXCESSIVE MEMORY USAGE.",
        "",
        "Reference: https://github.com/pytorch/pytorch/issues/168167",
        "",
        "Solution:  You MUST upgrade CuDNN to version 9.15+ to ensure correctness.",
        "",
        "Run the following command immediately to fix:",
        "    pip install nvidia-cudnn-cu12==9.16.0.29",
        "",
        "Or you can disable this check by setting env var SGLANG_DISABLE_CUDNN_CHECK=1",
        "--------------------------------------------------------------------------------",
        RESET,
    ),
)
HOST = "gpu-node-1"
case(  # 2 nodes x 8: node 1 points SGLANG_NCCL_SO_PATH at the system NCCL 2.21.5, node 0 uses torch's 2.27.3
    "nccl-2.27-vs-2.21-across-nodes-pynccl-init-0.5.2",
    "0.5.2",
    'NVIDIA/nccl src/init.cc (`WARN("Mismatched NCCL version detected : rank %d version %d rank %d version %d"`, ret = ncclInvalidUsage); NCCL\'s WARN line format `host:pid:tid [dev] file:line NCCL WARN`; 0.5.2 distributed/device_communicators/pynccl.py:80 (`sglang is using nccl==%s`), :110, pynccl_wrapper.py:399, :374 (`NCCL error: {error_str}`), distributed/parallel_state.py:1434, :1222, :299, model_executor/model_runner.py:240, :654',
    "nccl_or_distributed",
    "NCCL refuses to build the TP communicator across two NCCL versions: a distributed initialisation failure",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-V3",
            tp_size=16,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.0.1:5000",
            trust_remote_code=True,
        ),
        f"{ts(8, 'TP0')} Init torch distributed begin.",
        f"{ts(31, 'TP0')} sglang is using nccl==2.27.3",
        f"{HOST}:51234:51234 [0] init.cc:1068 NCCL WARN Mismatched NCCL version detected : rank 8 version 22105 rank 0 version 22703",
        f"{ts(32, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
            ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 240, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 654, "init_torch_distributed", "initialize_model_parallel("),
            ("distributed/parallel_state.py", 1434, "initialize_model_parallel", "_TP = init_model_parallel_group("),
            ("distributed/parallel_state.py", 1222, "init_model_parallel_group", "return GroupCoordinator("),
            ("distributed/parallel_state.py", 299, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
            (
                "distributed/device_communicators/pynccl.py",
                110,
                "__init__",
                "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
            ),
            ("distributed/device_communicators/pynccl_wrapper.py", 399, "ncclCommInitRank", "self.NCCL_CHECK("),
            (
                "distributed/device_communicators/pynccl_wrapper.py",
                374,
                "NCCL_CHECK",
                'raise RuntimeError(f"NCCL error: {error_str}")',
            ),
        ),
        "RuntimeError: NCCL error: invalid usage (run with NCCL_DEBUG=WARN for details)",
        "",
        sigquit(32),
    ),
)


# ============================================================ healthy contrasts: skew words in lines the server goes past
def tf_missing(name: str) -> str:
    return f"cannot import name '{name}' from 'transformers' ({PY310}/transformers/__init__.py)"


case(  # transformers 4.48.3 under 0.4.6.post5 (pins 4.51.1): the registry skips the models it cannot import; Qwen2.5 serves
    "healthy-registry-ignore-import-errors-old-transformers-qwen2.5-0.4.6",
    "0.4.6.post5",
    "0.4.6.post5 srt/models/registry.py:78 (logger.warning, `continue`), the failing imports read from the wheel against transformers 4.48.3 (gemma3_causal.py:21 Gemma3TextConfig, gemma3_mm.py:24 Gemma3Config, llama4.py:24 Llama4TextConfig, llava.py:52 -> mistral.py:19 transformers.models.mistral3, mllama4.py:6 Llama4Config, qwen2_5_vl.py:35 transformers.models.qwen2_5_vl)",
    "healthy",
    "the architectures skipped are not the one served; the server reaches ready and serves",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", tp_size=1),
        f"{ts(5, 'TP0')} Attention backend not set. Use flashinfer backend by default.",
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6, 'TP0')} Load weight begin. avail mem=78.58 GB",
        f"{ts(7, 'TP0')} Ignore import error when loading sglang.srt.models.gemma3_causal. {tf_missing('Gemma3TextConfig')}",
        f"{ts(7, 'TP0')} Ignore import error when loading sglang.srt.models.gemma3_mm. {tf_missing('Gemma3Config')}",
        f"{ts(7, 'TP0')} Ignore import error when loading sglang.srt.models.llama4. {tf_missing('Llama4TextConfig')}",
        f"{ts(7, 'TP0')} Ignore import error when loading sglang.srt.models.llava. No module named 'transformers.models.mistral3'",
        f"{ts(7, 'TP0')} Ignore import error when loading sglang.srt.models.mistral. No module named 'transformers.models.mistral3'",
        f"{ts(8, 'TP0')} Ignore import error when loading sglang.srt.models.mllama4. {tf_missing('Llama4Config')}",
        f"{ts(8, 'TP0')} Ignore import error when loading sglang.srt.models.qwen2_5_vl. No module named 'transformers.models.qwen2_5_vl'",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:03<00:00,  1.21it/s]",
        f"{ts(12, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.25 GB, mem usage=14.33 GB.",
        f"{ts(12, 'TP0')} KV Cache is allocated. #tokens: 876544, K size: 23.41 GB, V size: 23.41 GB",
        f"{ts(12, 'TP0')} Memory pool end. avail mem=16.72 GB",
        f"{ts(13, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=16.63 GB",
        f"{ts(18, 'TP0')} Capture cuda graph end. Time elapsed: 5.12 s. mem usage=0.69 GB. avail mem=15.94 GB.",
        f"{ts(19, 'TP0')} max_total_num_tokens=876544, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768",
        *ready(19),
        f"{ts(21, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
    ),
)
case(  # a Jetson-built env: vLLM's _C was built against another torch; 0.4.3.post2 imports vLLM's quantization modules only
    "healthy-vllm-c-undefined-symbol-warning-0.4.3",
    "0.4.3.post2",
    "vLLM _custom_ops.py (`logger.warning(\"Failed to import from vllm._C with %r\", e)`), the line as an sglang env printed it (`WARNING 01-30 20:57:18 _custom_ops.py:14] Failed to import from vllm._C with ImportError('.../vllm/_C.abi3.so: undefined symbol: _ZNK3c1011StorageImpl27throw_data_ptr_access_errorEv')`); 0.4.3.post2 layers/quantization/fp8.py:10 (`from vllm import _custom_ops as ops` at import); memory_pool.py:195, scheduler.py:284 (this release's start-up lines)",
    "healthy",
    "vLLM's custom ops are never called for a bf16 model; the warning is vLLM's own and the server reaches ready",
    join(
        vllm_platform(3, 207),
        "WARNING 03-02 10:00:03 _custom_ops.py:21] Failed to import from vllm._C with ImportError('/opt/venv/lib/python3.10/site-packages/vllm/_C.abi3.so: undefined symbol: _ZNK3c1011StorageImpl27throw_data_ptr_access_errorEv')",
        sargs(4, "Qwen/Qwen2.5-3B-Instruct", tp_size=1, mem_fraction_static=0.7),
        f"{ts(9, 'TP0')} Init torch distributed begin.",
        f"{ts(9, 'TP0')} Load weight begin. avail mem=58.71 GB",
        f"{ts(14, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=52.84 GB",
        f"{ts(14, 'TP0')} KV Cache is allocated. K size: 16.30 GB, V size: 16.30 GB.",
        f"{ts(14, 'TP0')} Memory pool end. avail mem=19.93 GB",
        f"{ts(15, 'TP0')} Capture cuda graph begin. This can take up to several minutes.",
        f"{ts(31, 'TP0')} max_total_num_tokens=474824, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2049, context_len=32768",
        *ready(32),
        f"{ts(33, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, cache hit rate: 0.00%, token usage: 0.00, #running-req: 0, #queue-req: 0",
    ),
)
case(  # an H100 with a source-built sgl-kernel that lacks DeepGEMM: 0.5.2 turns JIT DeepGEMM off and serves FP8 with Triton
    "healthy-failed-to-import-deep-gemm-disabled-fp8-0.5.2",
    "0.5.2",
    '0.5.2 layers/quantization/deep_gemm_wrapper/configurer.py:15-19 (`except ImportError: logger.warning("Failed to import deep_gemm, disable ENABLE_JIT_DEEPGEMM.")`, logged at import in each process, before logging is configured)',
    "healthy",
    "an optional kernel library is missing and SGLang falls back; the server reaches ready",
    join(
        "Failed to import deep_gemm, disable ENABLE_JIT_DEEPGEMM.",
        sargs(1, "Qwen/Qwen3-30B-A3B-FP8", tp_size=2),
        "Failed to import deep_gemm, disable ENABLE_JIT_DEEPGEMM.",
        "Failed to import deep_gemm, disable ENABLE_JIT_DEEPGEMM.",
        f"{ts(8, 'TP0')} Init torch distributed begin.",
        f"{ts(9, 'TP0')} sglang is using nccl==2.27.3",
        f"{ts(10, 'TP0')} Init torch distributed ends. mem usage=1.12 GB",
        f"{ts(10, 'TP0')} Load weight begin. avail mem=77.12 GB",
        f"{ts(21, 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=61.80 GB, mem usage=15.32 GB.",
        f"{ts(21, 'TP0')} KV Cache is allocated. #tokens: 1102410, K size: 25.23 GB, V size: 25.23 GB",
        f"{ts(21, 'TP0')} Memory pool end. avail mem=10.71 GB",
        f"{ts(22, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=10.62 GB",
        f"{ts(41, 'TP0')} Capture cuda graph end. Time elapsed: 19.21 s. mem usage=1.02 GB. avail mem=9.60 GB.",
        f"{ts(42, 'TP0')} max_total_num_tokens=1102410, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=9.60 GB",
        *ready(43),
        f"{ts(50, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 21, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
    ),
)
case(  # an NGC image built for a newer driver on H100s with a 570 kernel driver: forward compatibility works there
    "healthy-ngc-cuda-forward-compatibility-enabled-banner-0.5.4",
    "0.5.4",
    "the NGC containers' entrypoint note as printed in public logs (`NOTE: CUDA Forward Compatibility mode ENABLED.\\n  Using CUDA 13.0 driver version 580.95.05 with kernel driver version 570.148.08.\\n  See https://docs.nvidia.com/deploy/cuda-compatibility/ for details.`); 0.5.4 start-up lines",
    "healthy",
    "forward compatibility is supported on datacenter GPUs: the note says it is on, and the server reaches ready (contrast: Error 804 on a GeForce)",
    join(
        "This container image and its contents are governed by the NVIDIA Deep Learning Container License.",
        "By pulling and using the container, you accept the terms and conditions of this license:",
        "https://developer.nvidia.com/ngc/nvidia-deep-learning-container-license",
        "",
        "NOTE: CUDA Forward Compatibility mode ENABLED.",
        "  Using CUDA 13.0 driver version 580.95.05 with kernel driver version 570.148.08.",
        "  See https://docs.nvidia.com/deploy/cuda-compatibility/ for details.",
        "",
        sargs(0, "meta-llama/Llama-3.3-70B-Instruct", tp_size=4),
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP0')} Init torch distributed ends. mem usage=1.31 GB",
        f"{ts(8, 'TP0')} Load weight begin. avail mem=77.62 GB",
        f"{ts(40, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=44.49 GB, mem usage=33.13 GB.",
        f"{ts(40, 'TP0')} KV Cache is allocated. #tokens: 1061216, K size: 16.19 GB, V size: 16.19 GB",
        f"{ts(40, 'TP0')} Memory pool end. avail mem=11.57 GB",
        f"{ts(41, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=11.48 GB",
        f"{ts(52, 'TP0')} Capture cuda graph end. Time elapsed: 11.02 s. mem usage=0.62 GB. avail mem=10.86 GB.",
        f"{ts(53, 'TP0')} max_total_num_tokens=1061216, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=10.86 GB",
        *ready(54),
    ),
)
case(  # 0.5.8's cuDNN check cannot read cuDNN's version: a red warning, and a multimodal server that starts
    "healthy-could-not-determine-cudnn-version-warning-0.5.8",
    "0.5.8",
    '0.5.8 srt/server_args.py:4976-4981 (the `else` branch: logger.warning(f"{RED}WARNING: Could not determine CuDNN version for torch==2.9.1. Please ensure CuDNN >= 9.15 to avoid nn.Conv3d bugs.{RESET}")), check_server_args at engine.py:955 after configure_logger',
    "healthy",
    "a version warning SGLang logs and goes past; the server reaches ready",
    join(
        f"{ts(0)} {RED}WARNING: Could not determine CuDNN version for torch==2.9.1. Please ensure CuDNN >= 9.15 to avoid nn.Conv3d bugs.{RESET}",
        sargs(0, "Qwen/Qwen2.5-VL-7B-Instruct", tp_size=1, chat_template="qwen2-vl"),
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(7, 'TP0')} Load weight begin. avail mem=78.68 GB",
        f"{ts(13, 'TP0')} Load weight end. type=Qwen2_5_VLForConditionalGeneration, dtype=torch.bfloat16, avail mem=62.88 GB, mem usage=15.80 GB.",
        f"{ts(13, 'TP0')} KV Cache is allocated. #tokens: 870311, K size: 23.24 GB, V size: 23.24 GB",
        f"{ts(13, 'TP0')} Memory pool end. avail mem=15.88 GB",
        f"{ts(14, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=15.79 GB",
        f"{ts(20, 'TP0')} Capture cuda graph end. Time elapsed: 6.21 s. mem usage=0.71 GB. avail mem=15.08 GB.",
        f"{ts(21, 'TP0')} max_total_num_tokens=870311, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=128000, available_gpu_mem=15.08 GB",
        *ready(22),
        f"{ts(30, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 1286, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
    ),
)

# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_skew_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way to ready at first sight (what a live supervisor acts on), with
# the event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_skew_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
