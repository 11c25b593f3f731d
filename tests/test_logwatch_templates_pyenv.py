"""The Python environment SGLang (0.4.0-0.5.10.post1) runs in, as it shows in the log (a helper, blind).

Scope: the interpreter too old or too new for the release, installs that mix wheels, library search paths, and venvs
without the runtime extras, each at the step where SGLang meets it. Interpreter: Python 3.8 under 0.4.6.post5
(`tuple[...]` in `srt/utils.py` at import: `'type' object is not subscriptable`), Python 3.9 running a 0.5.2 source
checkout (PEP 604 `str | bytes` in an `io_struct` dataclass), Python 3.10 under 0.5.10.post1 (which declares >=3.10)
reading a TOML HiCache config (`import tomllib`, 3.11+) after the model is up, a Python 3.14 venv whose torch came from
the cu130 index under a CUDA 12 sgl-kernel. Mixed wheels / search paths: torch cu118 in a conda env under sgl-kernel
built for CUDA 12 (`libcudart.so.12`), `LD_LIBRARY_PATH` putting CUDA 12.1's libnvJitLink ahead of torch's
(`undefined symbol: __nvJitLinkComplete_12_4`), a venv with nvidia-nccl-cu12 removed (torch's `_preload_cuda_deps`),
a `lib64/stubs` directory on `LD_LIBRARY_PATH` (the stub libcuda: Error 34), a stale ldconfig cache so Triton cannot
find libcuda at capture, conda's cuDNN 8 shadowing torch's bundled cuDNN 9 (first image request after ready), an old
glibc under sgl-kernel (`GLIBC_2.32`), conda's libstdc++ under xgrammar (`GLIBCXX_3.4.32`, after capture), conda's nvcc
12.4 JIT-building flashinfer for sm_100a. Extras / build tools: `pip install sglang` without `[all]` (0.4.0:
aiohttp; 0.5.2: orjson), no decord for InternVL (0.4.6.post5's processor registry), `HF_HUB_ENABLE_HF_TRANSFER=1` without
hf_transfer, no Python.h or no C compiler for Triton's launcher stub, torch `+cpu` pulled by a CPU extra index (0.5.2's
`No accelerator`, 0.5.10.post1's `Torch not compiled with CUDA enabled` with `--device cuda`). Five healthy contrasts
that look alarming and go on: pip's dependency-resolver ERROR block printed by the container's install step,
ld.so ignoring an LD_PRELOAD it cannot open, torch's pynvml FutureWarning, requests' RequestsDependencyWarning from a
system Python mixing apt and pip packages, NCCL INFO `libnccl-net.so: cannot open shared object file`.

Sources: SGLang messages and import chains are read from the named release's wheel (file:line under sglang/ of that
release: chains traced statically through module-level imports); library text from the library that prints it
(torch `__init__.py` `_preload_cuda_deps`, torch/cuda `_lazy_init`, torch/backends/cudnn, Triton
backends/nvidia/driver.py `libcuda_dirs` and runtime/build.py, huggingface_hub file_download.py, glibc's ld.so, pip's
resolver, NCCL's net plugin loader, CPython's own TypeError/ModuleNotFoundError) or from the public thread cited
(sglang#2584, #16052, #29646, NCCL lines from #4289). Format fields filled with plausible values; line numbers
inside torch / Triton / transformers / huggingface_hub are approximate.

Labelling policy (decided before the classifier ran): the environment cannot run this release, and no flag change will
fix it. Where the fault is Python-level or in the OS / toolchain (the interpreter's version, a package or extra not
installed, glibc / libstdc++ older than a wheel needs, no compiler or Python headers, an nvcc too old for the GPU, a
CPU-only torch build) the label is `config_error` (the remedy is to fix the install, as for a missing Ninja). Where an
NVIDIA library is missing or of another CUDA version than the wheel that loads it (libcudart / libnvrtc / libnvJitLink
/ libnccl / cuDNN / a stub libcuda, Triton unable to locate libcuda) the label is `cuda_error_other` (the README's
"version mismatch" family; the remedy is the CUDA library set, not the memory knobs), whatever the start-up phase it
shows up in (after capture or after ready too). Healthy: the server reaches ready and serves; warnings on the way are
not failures.

First sight: 21/27 (6 misses, strict xfails below), all one family: an NVIDIA library missing or of another CUDA
major than the wheel loading it, read as `config_error` where this file says `cuda_error_other` (libcudart.so.12 under
sgl-kernel with a cu118 torch, twice; libnvrtc.so.12 inside sgl_kernel's CRITICAL loader under a cu130 torch; torch's
`libnccl.so.*[0-9] not found in the system path`; Triton's `libcuda.so cannot found!` at capture; torch's `cuDNN version
incompatibility` after ready). The two cases of the family worded as CUDA errors (the stub driver's Error 34, the
libnvJitLink undefined symbol) were read as `cuda_error_other`. Healthy contrasts: 5/5 end `healthy`, 5/5 fire no
failure event.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import TB, first_sight, ts


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
def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/` unless it starts with `/` or `<` (absolute) or `+` (another
    package in the same site-packages: `+torch/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{site}/sglang/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def runpy(pyver: str, prefix: str = "/usr/lib") -> tuple[tuple[str, int, str, str], ...]:
    """runpy's two frames as the interpreter prints them: 3.8-3.10 show the file, 3.11+ `<frozen runpy>`."""
    if pyver in ("3.8", "3.9", "3.10"):
        lines = {"3.8": (194, 87), "3.9": (197, 87), "3.10": (196, 86)}[pyver]
        f = f"{prefix}/python{pyver}/runpy.py"
        return (
            (f, lines[0], "_run_module_as_main", "return _run_code(code, main_globals, None,"),
            (f, lines[1], "_run_code", "exec(code, run_globals)"),
        )
    return (("<frozen runpy>", 198, "_run_module_as_main", ""), ("<frozen runpy>", 88, "_run_code", ""))


def sargs(second: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def boot(rank: str, arch: str, until: str, *, tokens: int = 412000, weights_gb: float = 15.2) -> list[str]:
    """The scheduler's start-up lines (0.4.6-0.5.2 wording) up to and including `until`: dist, weights, pool, graph,
    ready (the max_total_num_tokens line)."""
    steps = [
        ("dist", f"{ts(5, rank)} Init torch distributed begin."),
        ("dist", f"{ts(6, rank)} Init torch distributed ends. mem usage=0.31 GB"),
        ("weights", f"{ts(7, rank)} Load weight begin. avail mem=78.87 GB"),
        (
            "weights",
            f"{ts(30, rank)} Load weight end. type={arch}, dtype=torch.bfloat16, avail mem={78.56 - weights_gb:.2f} GB, mem usage={weights_gb:.2f} GB.",
        ),
        ("pool", f"{ts(31, rank)} KV Cache is allocated. #tokens: {tokens}, K size: 24.15 GB, V size: 24.15 GB"),
        ("pool", f"{ts(31, rank)} Memory pool end. avail mem=14.92 GB"),
        (
            "graph",
            f"{ts(32, rank)} Capture cuda graph begin. This can take up to several minutes. avail mem=14.48 GB",
        ),
        ("graph", "Capturing batches (bs=160 avail_mem=14.21 GB):   0%|          | 0/23 [00:00<?, ?it/s]"),
    ]
    done = [
        ("captured", "Capturing batches (bs=1 avail_mem=13.02 GB): 100%|██████████| 23/23 [00:09<00:00,  2.51it/s]"),
        (
            "captured",
            f"{ts(42, rank)} Capture cuda graph end. Time elapsed: 9.85 s. mem usage=1.46 GB. avail mem=13.02 GB.",
        ),
        (
            "ready",
            f"{ts(43, rank)} max_total_num_tokens={tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=32768, available_gpu_mem=13.02 GB",
        ),
    ]
    order = ["dist", "weights", "pool", "graph", "captured", "ready"]
    stop = order.index(until)
    return [line for phase, line in steps + done if order.index(phase) <= stop]


def ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 2)} Prefill batch. #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f'{ts(second + 2)} INFO:     127.0.0.1:46720 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


def serving(second: int, rank: str = "TP0") -> list[str]:
    return [
        f"{ts(second, rank)} Prefill batch. #new-seq: 4, #new-token: 3120, #cached-token: 512, token usage: 0.02, #running-req: 12, #queue-req: 0",
        f"{ts(second + 1, rank)} Decode batch. #running-req: 16, #token: 9876, token usage: 0.02, cuda graph: True, gen throughput (token/s): 1432.17, #queue-req: 0",
        f'{ts(second + 1)} INFO:     10.0.3.17:52210 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ]


def crash(second: int, site: str, stack: tuple, error: str, rank: str = "TP0") -> list[str]:
    """The scheduler's wrapper and the launcher's sigquit line (0.4.x-0.5.x)."""
    return [
        f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{tb(site, *stack)}\n{error}",
        f"{ts(second + 1)} Received sigquit from a child process. It usually means the child failed.",
    ]


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


# site-packages of each environment
CONDA38 = "/root/miniconda3/envs/sgl/lib/python3.8/site-packages"
CONDA310 = "/root/miniconda3/envs/xinf/lib/python3.10/site-packages"
CONDA311 = "/opt/conda/lib/python3.11/site-packages"
VENV310 = "/srv/sglang/.venv/lib/python3.10/site-packages"
VENV312 = "/home/ml/.venv/lib/python3.12/site-packages"
VENV314 = "/home/loot/cbot/.venv/lib/python3.14/site-packages"
DIST310 = "/usr/local/lib/python3.10/dist-packages"
DIST312 = "/usr/local/lib/python3.12/dist-packages"

# 0.5.2 / 0.5.10.post1 scheduler call paths (outermost first)
SCHED052 = (("srt/managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),)
WORKER052 = SCHED052 + (
    ("srt/managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("srt/managers/tp_worker_overlap_thread.py", 73, "__init__", "self.worker = TpModelWorker("),
    ("srt/managers/tp_worker.py", 94, "__init__", "self.model_runner = ModelRunner("),
    ("srt/model_executor/model_runner.py", 247, "__init__", "self.initialize(min_per_gpu_memory)"),
)
GRAPH052 = WORKER052 + (
    ("srt/model_executor/model_runner.py", 363, "initialize", "self.init_device_graphs()"),
    (
        "srt/model_executor/model_runner.py",
        1737,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("srt/model_executor/cuda_graph_runner.py", 379, "__init__", "self.capture()"),
    ("srt/model_executor/cuda_graph_runner.py", 497, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("srt/model_executor/cuda_graph_runner.py", 684, "capture_one_batch_size", "run_once()"),
    ("srt/model_executor/cuda_graph_runner.py", 673, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
)
SCHED0510 = (("srt/managers/scheduler.py", 3589, "run_scheduler_process", "scheduler = Scheduler("),)
GRAPH0510 = SCHED0510 + (
    ("srt/managers/scheduler.py", 412, "__init__", "self.init_model_worker()"),
    ("srt/managers/scheduler.py", 640, "init_model_worker", "self.init_tp_model_worker()"),
    ("srt/managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker("),
    ("srt/managers/tp_worker.py", 247, "__init__", "self._init_model_runner()"),
    ("srt/managers/tp_worker.py", 330, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("srt/model_executor/model_runner.py", 430, "__init__", "self.initialize(pre_model_load_memory)"),
    ("srt/model_executor/model_runner.py", 600, "initialize", "self.init_device_graphs()"),
    (
        "srt/model_executor/model_runner.py",
        2430,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("srt/model_executor/cuda_graph_runner.py", 560, "__init__", "self.capture()"),
    ("srt/model_executor/cuda_graph_runner.py", 731, "capture", "_capture_one_stream()"),
    (
        "srt/model_executor/cuda_graph_runner.py",
        716,
        "_capture_one_stream",
        ") = self.capture_one_batch_size(bs, forward, stream_idx)",
    ),
    ("srt/model_executor/cuda_graph_runner.py", 903, "capture_one_batch_size", "run_once()"),
    ("srt/model_executor/cuda_graph_runner.py", 887, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
)
# a Triton kernel's first launch (compiling its launcher stub) under a model's forward
TRITON_FIRST_LAUNCH = (
    ("srt/models/qwen3.py", 452, "forward", "hidden_states = self.model("),
    ("srt/layers/rotary_embedding.py", 214, "forward_cuda", "apply_rotary_pos_emb_triton("),
    (
        "+triton/runtime/jit.py",
        390,
        "<lambda>",
        "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
    ),
    ("+triton/runtime/jit.py", 594, "run", "kernel = self.compile(src, target=target, options=options.__dict__)"),
    ("+triton/compiler/compiler.py", 339, "compile", "return CompiledKernel(src, metadata_group, hash)"),
    ("+triton/compiler/compiler.py", 452, "__init__", "self.run = driver.active.launcher_cls(self.src, self.metadata)"),
    ("+triton/backends/nvidia/driver.py", 535, "__init__", 'mod = compile_module_from_src(src, "__triton_launcher")'),
    (
        "+triton/backends/nvidia/driver.py",
        72,
        "compile_module_from_src",
        "so = _build(name, src_path, tmpdir, library_dirs(), include_dir, libraries)",
    ),
)

# ------------------------------------------------------------------------------------------------------ interpreter
case(
    "py38_builtin_generic_annotation_at_import",
    "0.4.6.post5",
    "sglang-0.4.6.post5 launch_server.py:6 -> srt/entrypoints/http_server.py:45 -> srt/disaggregation/utils.py:16 -> srt/utils.py:642-644 (`-> tuple[Image.Image, tuple[int, int]]`, no __future__ import); requires-python >=3.8 lets `pip install -U sglang` put it in a 3.8 env; CPython 3.8's TypeError",
    "config_error",
    "the interpreter is too old for the release's own annotations: the fix is a newer Python, not a flag",
    join(
        "(sgl) root@gpu01:~# python -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --port 30000",
        TB,
        tb(
            CONDA38,
            *runpy("3.8", "/root/miniconda3/envs/sgl/lib"),
            ("launch_server.py", 6, "<module>", "from sglang.srt.entrypoints.http_server import launch_server"),
            ("srt/entrypoints/http_server.py", 45, "<module>", "from sglang.srt.disaggregation.utils import ("),
            ("srt/disaggregation/utils.py", 16, "<module>", "from sglang.srt.utils import get_ip"),
            ("srt/utils.py", 644, "<module>", ") -> tuple[Image.Image, tuple[int, int]]:"),
        ),
        "TypeError: 'type' object is not subscriptable",
    ),
)

_PY39_CHAIN = [
    ("launch_server.py", 6, "from sglang.srt.entrypoints.http_server import launch_server"),
    ("srt/entrypoints/http_server.py", 51, "from sglang.srt.entrypoints.engine import _launch_subprocesses"),
    ("srt/entrypoints/engine.py", 43, "from sglang.srt.managers.data_parallel_controller import ("),
    ("srt/managers/data_parallel_controller.py", 33, "from sglang.srt.managers.io_struct import ("),
    ("srt/managers/io_struct.py", 889, "class BatchMultimodalOut:"),
]
case(
    "py39_source_checkout_pep604_in_dataclass",
    "0.5.2",
    "sglang-0.5.2 (requires-python >=3.10) run from a checkout with PYTHONPATH=python under python3.9: the import chain traced from launch_server.py:6 (http_server.py:51 -> engine.py:43 -> data_parallel_controller.py:33) to srt/managers/io_struct.py:889-896 (`outputs: Union[List[str | bytes], List[List[Dict]]]` in a dataclass, no __future__ import); CPython 3.9's TypeError",
    "config_error",
    "Python 3.9 cannot evaluate PEP 604 unions the release uses: the interpreter is too old for the release",
    join(
        "$ PYTHONPATH=$HOME/src/sglang/python python3.9 -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --port 30000",
        TB,
        tb(
            "/home/ml/src/sglang/python",
            *runpy("3.9"),
            *[(path, line, "<module>", code) for path, line, code in _PY39_CHAIN],
            (
                "srt/managers/io_struct.py",
                896,
                "BatchMultimodalOut",
                "outputs: Union[List[str | bytes], List[List[Dict]]]",
            ),
        ),
        "TypeError: unsupported operand type(s) for |: 'type' and 'type'",
    ),
)

case(
    "py310_tomllib_hicache_config_after_graphs",
    "0.5.10.post1",
    "sglang-0.5.10.post1 (requires-python >=3.10) srt/mem_cache/hiradix_cache.py:519 (`import tomllib` for a `@file.toml` --hicache-storage-backend-extra-config) and :534 `Invalid backend extra config JSON: {e}`; scheduler.py:391 init_cache_with_memory_pool -> :791 HiRadixCache(",
    "config_error",
    "tomllib is 3.11+: the interpreter (3.10, which the release admits) lacks a module the chosen feature needs; remedy is Python >=3.11 or a JSON config, not memory",
    join(
        sargs(
            0,
            "Qwen/Qwen3-32B",
            tp_size=2,
            enable_hierarchical_cache=True,
            hicache_storage_backend="mooncake",
            hicache_storage_backend_extra_config="@/etc/sglang/hicache.toml",
        ),
        boot("TP0", "Qwen3ForCausalLM", "ready"),
        f"{ts(44, 'TP0')} Invalid backend extra config JSON: No module named 'tomllib'",
        crash(
            44,
            VENV310,
            SCHED0510
            + (
                ("srt/managers/scheduler.py", 391, "__init__", "self.init_cache_with_memory_pool()"),
                ("srt/managers/scheduler.py", 791, "init_cache_with_memory_pool", "self.tree_cache = HiRadixCache("),
                ("srt/mem_cache/hiradix_cache.py", 107, "__init__", ") = self._parse_storage_backend_extra_config("),
                ("srt/mem_cache/hiradix_cache.py", 535, "_parse_storage_backend_extra_config", "raise e"),
                ("srt/mem_cache/hiradix_cache.py", 519, "_parse_storage_backend_extra_config", "import tomllib"),
            ),
            "ModuleNotFoundError: No module named 'tomllib'",
        ),
    ),
)

case(
    "py314_venv_cu130_torch_under_cu12_sgl_kernel",
    "0.5.10.post1",
    "https://github.com/sgl-project/sglang/issues/29646 (python3.14 venv, torch from the cu130 index, only nvidia/cu13/lib/libnvrtc.so.13 present; sgl_kernel's CRITICAL loader text as quoted there); call path launch_server -> prepare_server_args as in #16052",
    "cuda_error_other",
    "a CUDA 12 kernel library under a CUDA 13 torch: a CUDA library version mismatch from mixed wheels",
    join(
        TB,
        tb(
            VENV314,
            *runpy("3.14"),
            ("launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("srt/server_args.py", 6291, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            (
                "srt/server_args.py",
                5980,
                "from_cli_args",
                "return cls(**{attr: getattr(args, attr) for attr in attrs})",
            ),
            ("<string>", 330, "__init__", ""),
            ("srt/server_args.py", 790, "__post_init__", "self._handle_attention_backend_compatibility()"),
            (
                "srt/server_args.py",
                2110,
                "_handle_attention_backend_compatibility",
                "from sglang.srt.layers.attention.flashattention_backend import (",
            ),
            ("srt/layers/attention/flashattention_backend.py", 24, "<module>", "from sgl_kernel import merge_state_v2"),
            ("+sgl_kernel/__init__.py", 5, "<module>", "common_ops = _load_architecture_specific_ops()"),
            ("+sgl_kernel/load_utils.py", 188, "_load_architecture_specific_ops", "raise ImportError(error_msg)"),
        ),
        "ImportError: ",
        "[sgl_kernel] CRITICAL: Could not load any common_ops library!",
        "",
        "Attempted locations:",
        f"1. Architecture-specific pattern: {VENV314}/sgl_kernel/sm100/common_ops.* - found files: ['{VENV314}/sgl_kernel/sm100/common_ops.abi3.so']",
        f"2. Fallback pattern: {VENV314}/sgl_kernel/common_ops.* - found files: []",
        "3. Standard Python import: common_ops - failed",
        "",
        "GPU Info:",
        "- Compute capability: 120",
        "- Expected variant: SM120 (precise math for compatibility)",
        "",
        "Please ensure sgl_kernel is properly installed with:",
        "pip install --upgrade sgl_kernel",
        "",
        "Error details from previous import attempts:",
        "- ImportError: libnvrtc.so.12: cannot open shared object file: No such file or directory",
        "- ModuleNotFoundError: No module named 'common_ops'",
    ),
)

# ------------------------------------------------------------------------------------------------------ mixed wheels, search paths
case(
    "conda_torch_cu118_sgl_kernel_wants_libcudart12",
    "0.4.1",
    "https://github.com/sgl-project/sglang/issues/2584 (conda env `xinf`, python3.10; the chain io_struct -> schedule_batch -> model_config -> quantization -> fp8 -> fused_moe_triton -> `from sgl_kernel import moe_align_block_size`); top of the chain from the 0.4.1 wheel (launch_server.py:6 -> srt/server.py:47 -> data_parallel_controller.py:25)",
    "cuda_error_other",
    "sgl-kernel built for CUDA 12 in an env whose torch/runtime is CUDA 11.8: a CUDA runtime library version mismatch",
    join(
        TB,
        tb(
            CONDA310,
            *runpy("3.10", "/root/miniconda3/envs/xinf/lib"),
            ("launch_server.py", 6, "<module>", "from sglang.srt.server import launch_server"),
            ("srt/server.py", 47, "<module>", "from sglang.srt.managers.data_parallel_controller import ("),
            ("srt/managers/data_parallel_controller.py", 25, "<module>", "from sglang.srt.managers.io_struct import ("),
            (
                "srt/managers/io_struct.py",
                24,
                "<module>",
                "from sglang.srt.managers.schedule_batch import BaseFinishReason",
            ),
            (
                "srt/managers/schedule_batch.py",
                40,
                "<module>",
                "from sglang.srt.configs.model_config import ModelConfig",
            ),
            (
                "srt/configs/model_config.py",
                24,
                "<module>",
                "from sglang.srt.layers.quantization import QUANTIZATION_METHODS",
            ),
            (
                "srt/layers/quantization/__init__.py",
                25,
                "<module>",
                "from sglang.srt.layers.quantization.fp8 import Fp8Config",
            ),
            (
                "srt/layers/quantization/fp8.py",
                31,
                "<module>",
                "from sglang.srt.layers.moe.fused_moe_triton.fused_moe import padding_size",
            ),
            (
                "srt/layers/moe/fused_moe_triton/__init__.py",
                4,
                "<module>",
                "import sglang.srt.layers.moe.fused_moe_triton.fused_moe  # noqa",
            ),
            (
                "srt/layers/moe/fused_moe_triton/fused_moe.py",
                14,
                "<module>",
                "from sgl_kernel import moe_align_block_size as sgl_moe_align_block_size",
            ),
            ("+sgl_kernel/__init__.py", 1, "<module>", "from sgl_kernel.ops import ("),
            (
                "+sgl_kernel/ops/__init__.py",
                1,
                "<module>",
                "from sgl_kernel.ops._kernels import all_reduce as _all_reduce",
            ),
        ),
        "ImportError: libcudart.so.12: cannot open shared object file: No such file or directory",
    ),
)

case(
    "ld_library_path_old_nvjitlink_at_import_torch",
    "0.5.10.post1",
    "torch 2.9.1 cu12 wheel loading nvidia/cusparse's libcusparse.so.12 while LD_LIBRARY_PATH=/usr/local/cuda-12.1/lib64 supplies an older libnvJitLink.so.12 (the dynamic loader's undefined-symbol text; the well-known torch symptom); launch_server.py:8 imports server_args first in 0.5.10.post1",
    "cuda_error_other",
    "an older CUDA library shadowing the wheel's own via LD_LIBRARY_PATH: a CUDA library version mismatch",
    join(
        "+ export LD_LIBRARY_PATH=/usr/local/cuda-12.1/lib64:/usr/local/nvidia/lib64",
        "+ python3 -m sglang.launch_server --model-path /models/Qwen3-8B --host 0.0.0.0 --port 30000",
        TB,
        tb(
            VENV312,
            *runpy("3.12"),
            ("launch_server.py", 8, "<module>", "from sglang.srt.server_args import prepare_server_args"),
            ("srt/server_args.py", 28, "<module>", "import torch"),
            ("+torch/__init__.py", 427, "<module>", "from torch._C import *  # noqa: F403"),
        ),
        f"ImportError: {VENV312}/torch/lib/../../nvidia/cusparse/lib/libcusparse.so.12: undefined symbol: __nvJitLinkComplete_12_4, version libnvJitLink.so.12",
    ),
)

_NCCL_SYSPATH = (
    f"['/srv/sglang', '/usr/lib/python312.zip', '/usr/lib/python3.12', '/usr/lib/python3.12/lib-dynload', '{VENV312}']"
)
case(
    "venv_without_nvidia_nccl_wheel_torch_preload",
    "0.5.2",
    'torch 2.8 torch/__init__.py `_load_global_deps` (OSError on libtorch_global_deps, then `_preload_cuda_deps` for each nvidia/* lib) and `raise ValueError(f"{lib_name} not found in the system path {sys.path}")`; venv where `pip uninstall nvidia-nccl-cu12` (to use a system NCCL) left torch without libnccl; launch_server.py:6 -> http_server.py imports torch',
    "cuda_error_other",
    "the NVIDIA NCCL library torch was built against is not installed: a broken CUDA library set at import, before any NCCL communicator exists (not an NCCL init failure)",
    join(
        TB,
        tb(
            VENV312,
            (
                "+torch/__init__.py",
                367,
                "_load_global_deps",
                "ctypes.CDLL(global_deps_lib_path, mode=ctypes.RTLD_GLOBAL)",
            ),
            ("/usr/lib/python3.12/ctypes/__init__.py", 379, "__init__", "self._handle = _dlopen(self._name, mode)"),
        ),
        "OSError: libnccl.so.2: cannot open shared object file: No such file or directory",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            VENV312,
            *runpy("3.12"),
            ("launch_server.py", 6, "<module>", "from sglang.srt.entrypoints.http_server import launch_server"),
            ("srt/entrypoints/http_server.py", 44, "<module>", "import numpy as np"),
            ("srt/entrypoints/http_server.py", 48, "<module>", "import torch"),
            ("+torch/__init__.py", 425, "<module>", "_load_global_deps()"),
            ("+torch/__init__.py", 381, "_load_global_deps", "_preload_cuda_deps(lib_folder, lib_name)"),
            (
                "+torch/__init__.py",
                317,
                "_preload_cuda_deps",
                'raise ValueError(f"{lib_name} not found in the system path {sys.path}")',
            ),
        ),
        f"ValueError: libnccl.so.*[0-9] not found in the system path {_NCCL_SYSPATH}",
    ),
)

case(
    "ld_library_path_cuda_stubs_error_34",
    "0.5.2",
    "torch c10/cuda/CUDAFunctions.cpp warning `CUDA initialization: Unexpected error from cudaGetDeviceCount() ... Error 34: CUDA driver is a stub library` (a `lib64/stubs` dir on LD_LIBRARY_PATH); sglang-0.5.2 srt/utils.py:1567 `No accelerator (CUDA, XPU, HPU) is available.` from server_args.py:445 get_device()",
    "cuda_error_other",
    "the CUDA driver loaded is the toolkit's stub: a CUDA driver/library fault in CUDA's own words (Error 34), not a config argument",
    join(
        "+ export LD_LIBRARY_PATH=/usr/local/cuda/lib64/stubs:/usr/local/cuda/lib64",
        f"{DIST312}/torch/cuda/__init__.py:182: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 34: CUDA driver is a stub library (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:109.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        TB,
        tb(
            DIST312,
            *runpy("3.12"),
            ("launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("srt/server_args.py", 2566, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
            (
                "srt/server_args.py",
                2230,
                "from_cli_args",
                "return cls(**{attr: getattr(args, attr) for attr in attrs})",
            ),
            ("<string>", 262, "__init__", ""),
            ("srt/server_args.py", 445, "__post_init__", "self.device = get_device()"),
            ("srt/utils.py", 1567, "get_device", 'raise RuntimeError("No accelerator (CUDA, XPU, HPU) is available.")'),
        ),
        "RuntimeError: No accelerator (CUDA, XPU, HPU) is available.",
    ),
)

case(
    "stale_ldconfig_triton_cannot_find_libcuda_at_capture",
    "0.5.10.post1",
    "Triton backends/nvidia/driver.py libcuda_dirs(): `libcuda.so cannot found!` + `Possible files are located at ...Please create a symlink of libcuda.so to any of the files.` (ldconfig cache baked at image build points at /usr/local/cuda/compat/lib); first Triton launch during capture",
    "cuda_error_other",
    "Triton cannot locate the CUDA driver library (a library search-path fault around libcuda), not memory at capture",
    join(
        sargs(0, "Qwen/Qwen3-8B", tp_size=1, mem_fraction_static=0.85),
        boot("TP0", "Qwen3ForCausalLM", "graph"),
        crash(
            40,
            DIST312,
            GRAPH0510
            + TRITON_FIRST_LAUNCH[:-1]
            + (
                (
                    "+triton/backends/nvidia/driver.py",
                    72,
                    "compile_module_from_src",
                    "so = _build(name, src_path, tmpdir, library_dirs(), include_dir, libraries)",
                ),
                ("+triton/backends/nvidia/driver.py", 48, "library_dirs", "return [libdevice_dir, *libcuda_dirs()]"),
                (
                    "+triton/backends/nvidia/driver.py",
                    42,
                    "libcuda_dirs",
                    "assert any(os.path.exists(os.path.join(path, 'libcuda.so.1')) for path in dirs), msg",
                ),
            ),
            "AssertionError: libcuda.so cannot found!\nPossible files are located at ['/usr/local/cuda/compat/lib/libcuda.so.1'].Please create a symlink of libcuda.so to any of the files.",
        ),
    ),
)

case(
    "conda_cudnn8_shadows_torch_cudnn9_first_image_request",
    "0.5.2",
    "torch 2.8 torch/backends/cudnn/__init__.py version check (`cuDNN version incompatibility: PyTorch was compiled  against ... but found runtime version ... Looks like your LD_LIBRARY_PATH contains incompatible version of cudnn`); conda env with cudnn 8.9 in $CONDA_PREFIX/lib on LD_LIBRARY_PATH; Qwen2.5-VL's Conv3d patch embed runs on the first image request after ready",
    "cuda_error_other",
    "conda's older cuDNN loaded instead of torch's bundled one: a CUDA library version mismatch, met after ready (not an OOM, not a config argument)",
    join(
        sargs(0, "Qwen/Qwen2.5-VL-7B-Instruct", tp_size=1, chat_template="qwen2-vl"),
        boot("TP0", "Qwen2_5_VLForConditionalGeneration", "ready"),
        ready(45),
        serving(50),
        f"{ts(60, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 1342, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        crash(
            60,
            CONDA311,
            SCHED052
            + (
                ("srt/managers/scheduler.py", 2604, "run_scheduler_process", "scheduler.event_loop_overlap()"),
                ("srt/managers/scheduler.py", 790, "event_loop_overlap", "result = self.run_batch(batch)"),
                (
                    "srt/managers/scheduler.py",
                    1790,
                    "run_batch",
                    "logits_output, next_token_ids, can_run_cuda_graph = self.tp_worker.forward_batch_generation(",
                ),
                ("srt/model_executor/model_runner.py", 1870, "forward", "output = self._forward_raw("),
                ("srt/models/qwen2_5_vl.py", 560, "forward", "hidden_states = general_mm_embed_routine("),
                ("srt/managers/mm_utils.py", 607, "general_mm_embed_routine", "inputs_embeds = embed_mm_inputs("),
                (
                    "srt/models/qwen2_5_vl.py",
                    498,
                    "get_image_feature",
                    "image_embeds = self.visual(pixel_values, grid_thw=image_grid_thw)",
                ),
                ("srt/models/qwen2_5_vl.py", 396, "forward", "x = self.patch_embed(x)"),
                (
                    "+torch/nn/modules/conv.py",
                    717,
                    "forward",
                    "return self._conv_forward(input, self.weight, self.bias)",
                ),
                ("+torch/backends/cudnn/__init__.py", 113, "_init", "raise RuntimeError(base_error_msg)"),
            ),
            "RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (9, 10, 2) but found runtime version (8, 9, 2). PyTorch already comes bundled with cuDNN. One option to resolving this error is to ensure PyTorch can find the bundled cuDNN. Looks like your LD_LIBRARY_PATH contains incompatible version of cudnn. Please either remove it from the path or install cudnn (9, 10, 2)",
        ),
    ),
)

case(
    "old_glibc_host_sgl_kernel_import",
    "0.4.1",
    "glibc's loader text as in https://github.com/NVIDIA-BioNeMo/la-proteina/issues/1 (`OSError: /lib64/libc.so.6: version `GLIBC_2.32' not found`, glibc 2.28 host) for sgl-kernel's extension on a RHEL 8 host; chain from the 0.4.1 wheel (same path as sglang#2584)",
    "config_error",
    "the OS C library is older than the wheel needs: an OS/install mismatch, no CUDA fault and no flag to change",
    join(
        TB,
        tb(
            "/opt/sgl/venv/lib64/python3.10/site-packages",
            *runpy("3.10", "/usr/lib64"),
            ("launch_server.py", 6, "<module>", "from sglang.srt.server import launch_server"),
            ("srt/server.py", 47, "<module>", "from sglang.srt.managers.data_parallel_controller import ("),
            ("srt/managers/data_parallel_controller.py", 25, "<module>", "from sglang.srt.managers.io_struct import ("),
            (
                "srt/managers/io_struct.py",
                24,
                "<module>",
                "from sglang.srt.managers.schedule_batch import BaseFinishReason",
            ),
            (
                "srt/managers/schedule_batch.py",
                40,
                "<module>",
                "from sglang.srt.configs.model_config import ModelConfig",
            ),
            (
                "srt/configs/model_config.py",
                24,
                "<module>",
                "from sglang.srt.layers.quantization import QUANTIZATION_METHODS",
            ),
            (
                "srt/layers/quantization/__init__.py",
                25,
                "<module>",
                "from sglang.srt.layers.quantization.fp8 import Fp8Config",
            ),
            (
                "srt/layers/quantization/fp8.py",
                31,
                "<module>",
                "from sglang.srt.layers.moe.fused_moe_triton.fused_moe import padding_size",
            ),
            (
                "srt/layers/moe/fused_moe_triton/__init__.py",
                4,
                "<module>",
                "import sglang.srt.layers.moe.fused_moe_triton.fused_moe  # noqa",
            ),
            (
                "srt/layers/moe/fused_moe_triton/fused_moe.py",
                14,
                "<module>",
                "from sgl_kernel import moe_align_block_size as sgl_moe_align_block_size",
            ),
            ("+sgl_kernel/__init__.py", 1, "<module>", "from sgl_kernel.ops import ("),
            (
                "+sgl_kernel/ops/__init__.py",
                1,
                "<module>",
                "from sgl_kernel.ops._kernels import all_reduce as _all_reduce",
            ),
        ),
        "ImportError: /lib64/libc.so.6: version `GLIBC_2.32' not found (required by /opt/sgl/venv/lib64/python3.10/site-packages/sgl_kernel/ops/_kernels.cpython-310-x86_64-linux-gnu.so)",
    ),
)

case(
    "conda_libstdcxx_too_old_for_xgrammar_after_capture",
    "0.5.2",
    "sglang-0.5.2 srt/managers/scheduler.py:460 create_grammar_backend (after the TpModelWorker: weights, pool, graphs) -> constrained/base_grammar_backend.py:184 -> xgrammar_backend.py:21 `from xgrammar import (`; the loader's GLIBCXX text with conda's `bin/../lib/libstdc++.so.6` as in the conda threads (e.g. https://github.com/isl-org/Open3D/issues/5531)",
    "config_error",
    "conda's own libstdc++ is older than the xgrammar wheel needs: an install/ABI mismatch of the C++ runtime, met after capture (not a graph OOM)",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", tp_size=1, grammar_backend="xgrammar"),
        boot("TP0", "LlamaForCausalLM", "captured"),
        crash(
            43,
            CONDA311,
            SCHED052
            + (
                ("srt/managers/scheduler.py", 460, "__init__", "self.grammar_backend = create_grammar_backend("),
                (
                    "srt/constrained/base_grammar_backend.py",
                    184,
                    "create_grammar_backend",
                    "from sglang.srt.constrained.xgrammar_backend import XGrammarGrammarBackend",
                ),
                ("srt/constrained/xgrammar_backend.py", 21, "<module>", "from xgrammar import ("),
                ("+xgrammar/__init__.py", 1, "<module>", "from . import exception, structural_tag, testing"),
                ("+xgrammar/testing.py", 10, "<module>", "from .base import _core"),
                ("+xgrammar/base.py", 8, "<module>", "from . import xgrammar_bindings as _core"),
            ),
            f"ImportError: /opt/conda/bin/../lib/libstdc++.so.6: version `GLIBCXX_3.4.32' not found (required by {CONDA311}/xgrammar/xgrammar_bindings.cpython-311-x86_64-linux-gnu.so)",
        ),
    ),
)

case(
    "conda_nvcc_too_old_for_sm100a_flashinfer_jit",
    "0.4.6.post5",
    "sglang-0.4.6.post5 (blackwell extra, flashinfer_python 0.2.5 JIT through torch.utils.cpp_extension) on a B200 with conda's cuda-nvcc 12.4 first on PATH; nvcc's `Unsupported gpu architecture 'compute_100a'`, ninja's `FAILED:` / `build stopped`, cpp_extension's `Error building extension`; capture is where the first prefill plan JIT-builds",
    "config_error",
    "the toolchain in the env (conda's nvcc 12.4) cannot build for this GPU: a build-tool/install problem, as a missing Ninja is",
    join(
        sargs(0, "Qwen/Qwen3-30B-A3B", tp_size=1, attention_backend="flashinfer"),
        boot("TP0", "Qwen3MoeForCausalLM", "graph", weights_gb=57.1),
        f"{ts(33, 'TP0')} [flashinfer.jit]: Loading JIT ops: batch_prefill_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False_f16qk_False",
        "[1/4] /opt/conda/envs/sgl/bin/nvcc --generate-dependencies-with-compile --dependency-output batch_prefill.cuda.o.d -DTORCH_EXTENSION_NAME=batch_prefill_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False_f16qk_False -gencode=arch=compute_100a,code=sm_100a -O3 -std=c++17 --threads 4 -use_fast_math -c /root/.cache/flashinfer/100/generated/batch_prefill.cu -o batch_prefill.cuda.o",
        "FAILED: batch_prefill.cuda.o",
        "nvcc fatal   : Unsupported gpu architecture 'compute_100a'",
        "ninja: build stopped: subcommand failed.",
        crash(
            34,
            "/opt/conda/envs/sgl/lib/python3.11/site-packages",
            (
                (
                    "srt/managers/scheduler.py",
                    2215,
                    "run_scheduler_process",
                    "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
                ),
                ("srt/managers/scheduler.py", 265, "__init__", "self.tp_worker = TpWorkerClass("),
                ("srt/managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
                ("srt/managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
                ("srt/model_executor/model_runner.py", 198, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("srt/model_executor/model_runner.py", 241, "initialize", "self.init_cuda_graphs()"),
                (
                    "srt/model_executor/model_runner.py",
                    1098,
                    "init_cuda_graphs",
                    "self.cuda_graph_runner = CudaGraphRunner(self)",
                ),
                ("srt/model_executor/cuda_graph_runner.py", 292, "__init__", "self.capture()"),
                (
                    "srt/model_executor/cuda_graph_runner.py",
                    376,
                    "capture",
                    ") = self.capture_one_batch_size(bs, forward)",
                ),
                (
                    "srt/model_executor/cuda_graph_runner.py",
                    450,
                    "capture_one_batch_size",
                    "self.model_runner.attn_backend.init_forward_metadata_capture_cuda_graph(",
                ),
                (
                    "srt/layers/attention/flashinfer_backend.py",
                    318,
                    "init_forward_metadata_capture_cuda_graph",
                    "decode_wrappers.append(",
                ),
                ("+flashinfer/decode.py", 700, "__init__", 'self._cached_module = get_batch_prefill_module("fa2")('),
                (
                    "+flashinfer/prefill.py",
                    262,
                    "get_batch_prefill_module",
                    "module = gen_batch_prefill_module(backend, *args).build_and_load()",
                ),
                ("+flashinfer/jit/core.py", 120, "build_and_load", "return load_cuda_ops("),
                ("+torch/utils/cpp_extension.py", 2514, "_run_ninja_build", "raise RuntimeError(message) from e"),
            ),
            "RuntimeError: Error building extension 'batch_prefill_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False_f16qk_False'",
        ),
    ),
)

# ------------------------------------------------------------------------------------------------------ CPU-only torch
case(
    "pip_extra_index_cpu_torch_no_accelerator",
    "0.5.2",
    "pip with `extra-index-url = https://download.pytorch.org/whl/cpu` in /etc/pip.conf resolves `torch==2.8.0` to `2.8.0+cpu` (a local version sorts higher); sglang-0.5.2 srt/server_args.py:445 -> srt/utils.py:1567 `No accelerator (CUDA, XPU, HPU) is available.`",
    "config_error",
    "a CPU-only torch build was installed (the install step shows +cpu): the fix is the torch wheel, no CUDA fault happened",
    join(
        "Successfully installed sglang-0.5.2 sgl-kernel-0.3.9.post2 torch-2.8.0+cpu torchaudio-2.8.0+cpu torchvision-0.23.0+cpu flashinfer_python-0.3.1 xgrammar-0.1.24 transformers-4.56.1",
        "+ exec python3 -m sglang.launch_server --model-path /models/Meta-Llama-3.1-8B-Instruct --host 0.0.0.0 --port 30000",
        TB,
        tb(
            DIST312,
            *runpy("3.12"),
            ("launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("srt/server_args.py", 2566, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
            (
                "srt/server_args.py",
                2230,
                "from_cli_args",
                "return cls(**{attr: getattr(args, attr) for attr in attrs})",
            ),
            ("<string>", 262, "__init__", ""),
            ("srt/server_args.py", 445, "__post_init__", "self.device = get_device()"),
            ("srt/utils.py", 1567, "get_device", 'raise RuntimeError("No accelerator (CUDA, XPU, HPU) is available.")'),
        ),
        "RuntimeError: No accelerator (CUDA, XPU, HPU) is available.",
    ),
)

case(
    "cpu_torch_device_cuda_not_compiled",
    "0.5.10.post1",
    'torch 2.9.1+cpu torch/cuda/__init__.py _lazy_init `raise AssertionError("Torch not compiled with CUDA enabled")`; sglang-0.5.10.post1 server_args.py __post_init__ -> _handle_gpu_memory_settings path querying the device capability with `--device cuda` given (get_device() skipped)',
    "config_error",
    "torch was installed without CUDA: a wrong build in the venv, fixed by reinstalling torch, not by any launch flag",
    join(
        TB,
        tb(
            VENV312,
            *runpy("3.12"),
            ("launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("srt/server_args.py", 6291, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            (
                "srt/server_args.py",
                5980,
                "from_cli_args",
                "return cls(**{attr: getattr(args, attr) for attr in attrs})",
            ),
            ("<string>", 330, "__init__", ""),
            ("srt/server_args.py", 775, "__post_init__", "self._handle_gpu_memory_settings(gpu_mem)"),
            (
                "srt/server_args.py",
                1160,
                "_handle_gpu_memory_settings",
                "if is_sm100_supported() or is_sm120_supported():",
            ),
            (
                "srt/utils/common.py",
                230,
                "is_sm100_supported",
                "return (torch.cuda.get_device_capability(device)[0] == 10) and (",
            ),
            ("+torch/cuda/__init__.py", 598, "get_device_capability", "prop = get_device_properties(device)"),
            (
                "+torch/cuda/__init__.py",
                614,
                "get_device_properties",
                "_lazy_init()  # will define _get_device_properties",
            ),
            (
                "+torch/cuda/__init__.py",
                403,
                "_lazy_init",
                'raise AssertionError("Torch not compiled with CUDA enabled")',
            ),
        ),
        "AssertionError: Torch not compiled with CUDA enabled",
    ),
)

# ------------------------------------------------------------------------------------------------------ venv without the extras
case(
    "pip_install_sglang_without_all_0_4_0",
    "0.4.0",
    "sglang-0.4.0 METADATA: the base install requires only requests, tqdm, numpy, IPython (aiohttp is in the runtime_common extra); launch_server.py:6 -> srt/server.py:35 `import aiohttp`",
    "config_error",
    "the venv lacks the sglang[all] extras: a missing package, fixed by the install",
    join(
        "(venv) $ python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --port 30000",
        TB,
        tb(
            "/home/ml/venv/lib/python3.10/site-packages",
            *runpy("3.10"),
            ("launch_server.py", 6, "<module>", "from sglang.srt.server import launch_server"),
            ("srt/server.py", 35, "<module>", "import aiohttp"),
        ),
        "ModuleNotFoundError: No module named 'aiohttp'",
    ),
)

case(
    "pip_install_sglang_without_all_0_5_2",
    "0.5.2",
    "sglang-0.5.2 METADATA: orjson, uvicorn, fastapi are in runtime_common (the `srt`/`all` extras); launch_server.py:6 -> srt/entrypoints/http_server.py:41 `import orjson` (setproctitle at :32 is a base dependency)",
    "config_error",
    "`pip install sglang` without [all]: a missing runtime package, fixed by the install",
    join(
        "$ uv venv -p 3.12 && uv pip install sglang==0.5.2 torch==2.8.0",
        "$ .venv/bin/python -m sglang.launch_server --model-path Qwen/Qwen3-8B --port 30000",
        TB,
        tb(
            "/home/ml/.venv/lib/python3.12/site-packages",
            *runpy("3.12"),
            ("launch_server.py", 6, "<module>", "from sglang.srt.entrypoints.http_server import launch_server"),
            ("srt/entrypoints/http_server.py", 41, "<module>", "import orjson"),
        ),
        "ModuleNotFoundError: No module named 'orjson'",
    ),
)

case(
    "no_decord_internvl_processor_not_registered",
    "0.4.6.post5",
    "sglang-0.4.6.post5 srt/managers/multimodal_processor.py:39 `Ignore import error when loading {name}: {e}` (internvl.py:5 `from decord import VideoReader, cpu`; decord is not in 0.4.6.post5's runtime_common) and :61 `No processor registered for architecture: ...` raised from tokenizer_manager.py:213 in the launcher (engine.py:649) while the schedulers are loading",
    "config_error",
    "a package the model's processor needs (decord) is not installed; the deciding error is the registry refusing the architecture",
    join(
        sargs(0, "OpenGVLab/InternVL2_5-8B", tp_size=1, trust_remote_code=True, chat_template="internvl-2-5"),
        f"{ts(4)} Ignore import error when loading sglang.srt.managers.multimodal_processors.internvl: No module named 'decord'",
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6, 'TP0')} Load weight begin. avail mem=78.87 GB",
        TB,
        tb(
            "/usr/local/lib/python3.10/dist-packages",
            *runpy("3.10"),
            ("launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "srt/entrypoints/http_server.py",
                693,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            (
                "srt/entrypoints/engine.py",
                649,
                "_launch_subprocesses",
                "tokenizer_manager = TokenizerManager(server_args, port_args)",
            ),
            ("srt/managers/tokenizer_manager.py", 213, "__init__", "self.mm_processor = get_mm_processor("),
            ("srt/managers/multimodal_processor.py", 61, "get_mm_processor", "raise ValueError("),
        ),
        "ValueError: No processor registered for architecture: ['InternVLChatModel'].",
        "Registered architectures: ['Gemma3ForConditionalGeneration', 'DeepseekVL2ForCausalLM', 'LlavaLlamaForCausalLM', 'LlavaQwenForCausalLM', 'LlavaMistralForCausalLM', 'LlavaVidForCausalLM', 'Qwen2VLForConditionalGeneration', 'Qwen2_5_VLForConditionalGeneration', 'MiniCPMV', 'MiniCPMO', 'MllamaForConditionalGeneration', 'Llama4ForConditionalGeneration', 'KimiVLForConditionalGeneration']",
    ),
)

case(
    "hf_transfer_enabled_but_not_installed",
    "0.5.10.post1",
    "huggingface_hub file_download.py http_get: `Fast download using 'hf_transfer' is enabled (HF_HUB_ENABLE_HF_TRANSFER=1) but 'hf_transfer' package is not available in your environment. Try `pip install hf_transfer`.`; sglang-0.5.10.post1 no longer depends on hf_transfer; the config fetch runs in prepare_server_args (server_args -> hf_transformers_utils.get_config)",
    "config_error",
    "an environment variable asks for a package the venv does not have: fixed by the install or the env, not by memory or TP",
    join(
        "+ export HF_HUB_ENABLE_HF_TRANSFER=1",
        TB,
        tb(
            VENV312,
            *runpy("3.12"),
            ("launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("srt/server_args.py", 6291, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            (
                "srt/server_args.py",
                5980,
                "from_cli_args",
                "return cls(**{attr: getattr(args, attr) for attr in attrs})",
            ),
            ("<string>", 330, "__init__", ""),
            ("srt/server_args.py", 781, "__post_init__", "self._handle_model_specific_adjustments()"),
            ("srt/server_args.py", 1530, "_handle_model_specific_adjustments", "hf_config = self.get_hf_config()"),
            ("srt/server_args.py", 5995, "get_hf_config", "hf_config = get_config("),
            ("srt/utils/hf_transformers_utils.py", 260, "get_config", "config = AutoConfig.from_pretrained("),
            (
                "+transformers/models/auto/configuration_auto.py",
                1272,
                "from_pretrained",
                "config_dict, unused_kwargs = PretrainedConfig.get_config_dict(pretrained_model_name_or_path, **kwargs)",
            ),
            ("+transformers/utils/hub.py", 479, "cached_files", "hf_hub_download("),
            ("+huggingface_hub/file_download.py", 1010, "hf_hub_download", "return _hf_hub_download_to_cache_dir("),
            ("+huggingface_hub/file_download.py", 1171, "_hf_hub_download_to_cache_dir", "_download_to_tmp_and_move("),
            ("+huggingface_hub/file_download.py", 1738, "_download_to_tmp_and_move", "http_get("),
            ("+huggingface_hub/file_download.py", 407, "http_get", "raise ValueError("),
        ),
        "ValueError: Fast download using 'hf_transfer' is enabled (HF_HUB_ENABLE_HF_TRANSFER=1) but 'hf_transfer' package is not available in your environment. Try `pip install hf_transfer`.",
    ),
)

case(
    "triton_launcher_no_python_headers_at_capture",
    "0.5.10.post1",
    "Triton runtime/build.py _build: `subprocess.check_call(cc_cmd, ...)` on the generated cuda_utils.c / launcher stub; gcc's `fatal error: Python.h: No such file or directory` (a system python3.12 without python3.12-dev); first Triton launch during capture",
    "config_error",
    "the interpreter's headers are not installed, so Triton cannot build its launcher: a build-tool gap like a missing Ninja",
    join(
        sargs(0, "Qwen/Qwen3-8B", tp_size=1),
        boot("TP0", "Qwen3ForCausalLM", "graph"),
        "/tmp/tmpq3w2kz1h/main.c:5:10: fatal error: Python.h: No such file or directory",
        "    5 | #include <Python.h>",
        "      |          ^~~~~~~~~~",
        "compilation terminated.",
        crash(
            40,
            DIST312,
            GRAPH0510
            + TRITON_FIRST_LAUNCH
            + (
                ("+triton/runtime/build.py", 50, "_build", "subprocess.check_call(cc_cmd, stdout=subprocess.DEVNULL)"),
                ("/usr/lib/python3.12/subprocess.py", 415, "check_call", "raise CalledProcessError(retcode, cmd)"),
            ),
            f"subprocess.CalledProcessError: Command '['/usr/bin/gcc', '/tmp/tmpq3w2kz1h/main.c', '-O3', '-shared', '-fPIC', '-Wno-psabi', '-o', '/tmp/tmpq3w2kz1h/__triton_launcher.cpython-312-x86_64-linux-gnu.so', '-lcuda', '-L{DIST312}/triton/backends/nvidia/lib', '-L/lib/x86_64-linux-gnu', '-I{DIST312}/triton/backends/nvidia/include', '-I/tmp/tmpq3w2kz1h', '-I/usr/include/python3.12']' returned non-zero exit status 1.",
        ),
    ),
)

case(
    "triton_no_c_compiler_slim_image",
    "0.5.2",
    'Triton runtime/build.py _build: `raise RuntimeError("Failed to find C compiler. Please specify via CC environment variable.")` (a python:3.12-slim based image with no gcc); first Triton launch during capture',
    "config_error",
    "no C compiler in the image for Triton's JIT stub: a missing build tool, fixed in the image",
    join(
        sargs(0, "mistralai/Mistral-7B-Instruct-v0.3", tp_size=1),
        boot("TP0", "MistralForCausalLM", "graph"),
        crash(
            40,
            "/usr/local/lib/python3.12/site-packages",
            GRAPH052
            + TRITON_FIRST_LAUNCH[1:]
            + (
                (
                    "+triton/runtime/build.py",
                    32,
                    "_build",
                    'raise RuntimeError("Failed to find C compiler. Please specify via CC environment variable.")',
                ),
            ),
            "RuntimeError: Failed to find C compiler. Please specify via CC environment variable.",
        ),
    ),
)

case(
    "uv_cu118_index_torch_with_cu124_sgl_kernel",
    "0.4.6.post5",
    "sglang-0.4.6.post5 pins torch==2.6.0 and sgl-kernel==0.1.4 (CUDA 12.4 build); a uv index pinned to download.pytorch.org/whl/cu118 gives torch 2.6.0+cu118, so only libcudart.so.11.0 is present; sgl_kernel 0.1.x imports common_ops directly (no CRITICAL loader); chain traced from launch_server.py:6 (http_server.py:49 -> engine.py:42 -> ... -> quantization/utils.py:8) to srt/layers/quantization/fp8_kernel.py:41 `from sgl_kernel import (`",
    "cuda_error_other",
    "a CUDA 12 kernel wheel next to a CUDA 11.8 torch: mixed wheels of two CUDA majors, a CUDA library version mismatch",
    join(
        TB,
        tb(
            "/workspace/.venv/lib/python3.10/site-packages",
            *runpy("3.10", "/root/.local/share/uv/python/cpython-3.10.16-linux-x86_64-gnu/lib"),
            ("launch_server.py", 6, "<module>", "from sglang.srt.entrypoints.http_server import launch_server"),
            (
                "srt/entrypoints/http_server.py",
                49,
                "<module>",
                "from sglang.srt.entrypoints.engine import _launch_subprocesses",
            ),
            ("srt/entrypoints/engine.py", 42, "<module>", "from sglang.srt.managers.data_parallel_controller import ("),
            ("srt/managers/data_parallel_controller.py", 28, "<module>", "from sglang.srt.managers.io_struct import ("),
            (
                "srt/managers/io_struct.py",
                33,
                "<module>",
                "from sglang.srt.managers.schedule_batch import BaseFinishReason, flatten_nested_list",
            ),
            (
                "srt/managers/schedule_batch.py",
                48,
                "<module>",
                "from sglang.srt.configs.model_config import ModelConfig",
            ),
            (
                "srt/configs/model_config.py",
                30,
                "<module>",
                "from sglang.srt.layers.quantization import QUANTIZATION_METHODS",
            ),
            (
                "srt/layers/quantization/__init__.py",
                55,
                "<module>",
                "from sglang.srt.layers.quantization.blockwise_int8 import BlockInt8Config",
            ),
            (
                "srt/layers/quantization/blockwise_int8.py",
                21,
                "<module>",
                "from sglang.srt.layers.quantization.utils import is_layer_skipped",
            ),
            (
                "srt/layers/quantization/utils.py",
                8,
                "<module>",
                "from sglang.srt.layers.quantization.fp8_kernel import scaled_fp8_quant",
            ),
            ("srt/layers/quantization/fp8_kernel.py", 41, "<module>", "from sgl_kernel import ("),
            ("+sgl_kernel/__init__.py", 12, "<module>", "from sgl_kernel import common_ops"),
        ),
        "ImportError: libcudart.so.12: cannot open shared object file: No such file or directory",
    ),
)


# ------------------------------------------------------------------------------------------------------ healthy contrasts
def _serve(model: str, arch: str, **kw: object) -> list[str]:
    return [sargs(0, model, **kw)] + boot("TP0", arch, "ready") + ready(45) + serving(50)


case(
    "healthy_pip_resolver_conflict_block_then_serves",
    "0.4.1",
    "pip's resolver text (`ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.` + `X requires Y, but you have Z which is incompatible.`) printed by the container's install step before the launch; 0.4.x start-up lines",
    "healthy",
    "an install-time conflict report (an unused vllm pin) that does not stop the server: it reaches ready and serves",
    join(
        "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.",
        "vllm 0.6.3.post1 requires torch==2.4.0, but you have torch 2.5.1 which is incompatible.",
        'vllm 0.6.3.post1 requires xformers==0.0.27.post2; platform_system == "Linux" and platform_machine == "x86_64", but you have xformers 0.0.28.post3 which is incompatible.',
        "Successfully installed sglang-0.4.1 sgl-kernel-0.0.2.post8 torch-2.5.1 flashinfer-0.1.6+cu124torch2.4",
        _serve("meta-llama/Llama-3.1-8B-Instruct", "LlamaForCausalLM", tp_size=1),
    ),
)

_PRELOAD = "ERROR: ld.so: object '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2' from LD_PRELOAD cannot be preloaded (cannot open shared object file): ignored."
case(
    "healthy_ld_preload_ignored_per_process",
    "0.5.10.post1",
    "glibc ld.so's message for an LD_PRELOAD entry it cannot open (`ERROR: ld.so: object '...' from LD_PRELOAD cannot be preloaded (cannot open shared object file): ignored.`), printed once per spawned process (launcher, scheduler, detokenizer)",
    "healthy",
    "a bad LD_PRELOAD is ignored by the loader; every process starts and the server serves",
    join(
        _PRELOAD,
        sargs(0, "Qwen/Qwen3-8B", tp_size=1),
        _PRELOAD,
        _PRELOAD,
        boot("TP0", "Qwen3ForCausalLM", "ready"),
        ready(45),
        serving(50),
    ),
)

_PYNVML = f"{DIST312}/torch/cuda/__init__.py:63: FutureWarning: The pynvml package is deprecated. Please install nvidia-ml-py instead. If you did not install pynvml directly, please report this to the maintainers of the package that installed pynvml for you.\n  import pynvml  # type: ignore[import]"
case(
    "healthy_pynvml_deprecated_futurewarning",
    "0.5.2",
    "torch 2.8 torch/cuda/__init__.py's FutureWarning when the `pynvml` package (a sglang-0.5.2 runtime_common dependency) is installed, printed by each process importing torch",
    "healthy",
    "a deprecation warning about a package in the venv; the server reaches ready and serves",
    join(_PYNVML, _PYNVML, _serve("meta-llama/Llama-3.1-8B-Instruct", "LlamaForCausalLM", tp_size=1), _PYNVML),
)

case(
    "healthy_requests_dependency_warning_system_python",
    "0.4.6.post5",
    "requests' RequestsDependencyWarning from an apt-installed requests (`/usr/lib/python3/dist-packages/requests/__init__.py`) next to pip-installed urllib3 2.x (`urllib3 (...) or chardet (...) doesn't match a supported version!`, as in oobabooga/textgen#677)",
    "healthy",
    "a system Python mixing apt and pip packages warns; nothing fails and the server serves",
    join(
        "/usr/lib/python3/dist-packages/requests/__init__.py:89: RequestsDependencyWarning: urllib3 (2.4.0) or chardet (4.0.0) doesn't match a supported version!",
        '  warnings.warn("urllib3 ({}) or chardet ({}) doesn\'t match a supported "',
        _serve("Qwen/Qwen2.5-14B-Instruct", "Qwen2ForCausalLM", tp_size=1),
    ),
)

_NET = "NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so"
case(
    "healthy_nccl_net_plugin_missing_info",
    "0.5.2",
    "NCCL_DEBUG=INFO lines as in https://github.com/sgl-project/sglang/issues/4289 (`NET/Plugin: No plugin found (libnccl-net.so)`, `Plugin load returned 2 : libnccl-net.so: cannot open shared object file ...`, `Using internal network plugin.`) on a TP=2 start that comes up",
    "healthy",
    "NCCL reports the optional network plugin missing and falls back to its internal one; the server serves",
    join(
        sargs(0, "Qwen/Qwen3-32B", tp_size=2),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP1')} Init torch distributed begin.",
        "gpu01:3121:3121 [0] NCCL INFO Bootstrap : Using eth0:10.0.3.21<0>",
        "gpu01:3121:3121 [0] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)",
        f"gpu01:3121:3121 [0] {_NET}",
        "gpu01:3121:3121 [0] NCCL INFO NET/Plugin: Using internal network plugin.",
        "gpu01:3121:3121 [0] NCCL INFO cudaDriverVersion 12080",
        "NCCL version 2.27.3+cuda12.9",
        f"gpu01:3122:3122 [1] {_NET}",
        "gpu01:3122:3122 [1] NCCL INFO NET/Plugin: Using internal network plugin.",
        boot("TP0", "Qwen3ForCausalLM", "ready", weights_gb=30.6)[1:],
        ready(45),
        serving(50),
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "conda_cudnn8_shadows_torch_cudnn9_first_image_request": "config_error",
    "conda_torch_cu118_sgl_kernel_wants_libcudart12": "config_error",
    "py314_venv_cu130_torch_under_cu12_sgl_kernel": "config_error",
    "stale_ldconfig_triton_cannot_find_libcuda_at_capture": "config_error",
    "uv_cu118_index_torch_with_cu124_sgl_kernel": "config_error",
    "venv_without_nvidia_nccl_wheel_torch_preload": "config_error",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_pyenv_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way to ready at first sight (what a live supervisor acts on), with
# the event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {
    "conda_cudnn8_shadows_torch_cudnn9_first_image_request": "config_error",
    "conda_torch_cu118_sgl_kernel_wants_libcudart12": "config_error",
    "py314_venv_cu130_torch_under_cu12_sgl_kernel": "config_error",
    "stale_ldconfig_triton_cannot_find_libcuda_at_capture": "config_error",
    "uv_cu118_index_torch_with_cu124_sgl_kernel": "config_error",
    "venv_without_nvidia_nccl_wheel_torch_preload": "config_error",
}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_pyenv_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
