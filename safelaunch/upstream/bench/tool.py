"""Which tool measures, and the argv it runs with.

Why apart: the cookbook's figures come from SGLang's own benchmark (`PYTHON -m sglang.bench_serving`, moved
to `sglang.benchmark.serving` in newer releases), so it is used whenever SGLang is installed for the
interpreter; otherwise (`--engine sim`, or no SGLang in that environment) `python -m safelaunch.upstream.loadgen`
stands in with the same flags and the same JSON keys. Picking the tool and spelling its command line are
decisions apart from running it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from safelaunch.core.recipes import version_tuple
from safelaunch.errors import SafelaunchError
from safelaunch.upstream.bench.workloads import Workload

# `sglang.bench_serving` is a deprecated shim for `sglang.benchmark.serving` from 0.5.20 on (reference §0 table,
# §6); the shim prints a FutureWarning and "will be removed", so newer versions get the new module.
NEW_MODULE_SINCE = (0, 5, 20)
OLD_MODULE = "sglang.bench_serving"
NEW_MODULE = "sglang.benchmark.serving"
LOADGEN_MODULE = "safelaunch.upstream.loadgen"


@dataclass(frozen=True)
class Runner:
    tool: str  # "sglang" | "loadgen"
    python: str
    module: str
    sglang_version: str | None = None
    why: str = ""


def bench_module(version: str | None, sglang_path: str | None = None) -> str:
    """SGLang's benchmark module for that install: what its files show, else the version's rule."""
    if sglang_path:
        root = Path(sglang_path)
        if (root / "benchmark" / "serving.py").is_file():
            return NEW_MODULE
        if (root / "bench_serving.py").is_file():
            return OLD_MODULE
    v = version_tuple(version)
    return NEW_MODULE if v is not None and v >= NEW_MODULE_SINCE else OLD_MODULE


def bench_argv(
    runner: Runner,
    host: str,
    port: int,
    model: str,
    w: Workload,
    output_file: str,
    dataset_path: str | None = None,
) -> list[str]:
    """The cookbook's benchmark command, as an argv list (the API key travels in the environment, never here)."""
    argv = [
        runner.python,
        "-m",
        runner.module,
        "--backend",
        "sglang",
        "--host",
        host,
        "--port",
        str(port),
        "--model",
        model,
        "--dataset-name",
        w.dataset,
        "--random-input-len",
        str(w.isl),
        "--random-output-len",
        str(w.osl),
        "--random-range-ratio",
        "1.0",
        "--num-prompts",
        str(w.num_prompts),
        "--max-concurrency",
        str(w.max_concurrency),
        "--warmup-requests",
        str(w.warmup_requests),
        "--output-file",
        output_file,
    ]
    if dataset_path and w.dataset == "random":
        argv += ["--dataset-path", dataset_path]
    if runner.tool == "sglang":
        argv.append("--disable-tqdm")
    return argv


def choose_runner(engine: str = "sglang", python: str | None = None, tool: str = "auto") -> Runner:
    """SGLang's benchmark when SGLang is installed for the interpreter, else safelaunch's load generator."""
    if tool == "loadgen" or engine == "sim":
        why = "--tool loadgen" if tool == "loadgen" else "the simulated engine (no SGLang tokenizer needed)"
        return Runner("loadgen", sys.executable, LOADGEN_MODULE, None, why)
    from safelaunch.host import sglang_install

    interpreter = python or sglang_install.default_python()
    inst = sglang_install.probe(interpreter)
    if inst.has_sglang:
        module = bench_module(inst.sglang_version, inst.sglang_path)
        why = f"SGLang {inst.sglang_version} in {interpreter}"
        return Runner("sglang", interpreter, module, inst.sglang_version, why)
    if tool == "sglang":
        raise SafelaunchError(
            f"SGLang is not installed for {interpreter} ({inst.error or 'no sglang package'}): "
            "point --python at its environment, or use --tool loadgen"
        )
    return Runner("loadgen", sys.executable, LOADGEN_MODULE, None, f"SGLang is not installed for {interpreter}")
