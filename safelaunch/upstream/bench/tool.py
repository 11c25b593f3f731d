"""Which tool measures, and the argv it runs with.

Why apart: the cookbook's figures come from SGLang's own benchmark (`PYTHON -m sglang.bench_serving`, moved
to `sglang.benchmark.serving` in newer releases), so it is used whenever SGLang is installed for the
interpreter; otherwise (`--engine sim`, or no SGLang in that environment) `python -m safelaunch.upstream.loadgen`
stands in with the same flags and the same JSON keys. An installed SGLang is used only once its benchmark has
started (`probe`: `--help` in that interpreter); when it cannot, the load generator measures and the reason, the
failing import, is kept with the figures. Picking the tool and spelling its command line are decisions apart
from running it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from safelaunch.core.recipes import version_tuple
from safelaunch.errors import SafelaunchError
from safelaunch.upstream.bench.method import Tokenizer, choose_tokenizer
from safelaunch.upstream.bench.workloads import Workload

# `sglang.bench_serving` is a deprecated shim for `sglang.benchmark.serving` from 0.5.15 on (research §3.1: the
# wheels of 0.5.15 and later have benchmark/serving.py, 0.5.14 does not); the shim prints a FutureWarning and
# "will be removed", so newer versions get the new module.
NEW_MODULE_SINCE = (0, 5, 15)
OLD_MODULE = "sglang.bench_serving"
NEW_MODULE = "sglang.benchmark.serving"
LOADGEN_MODULE = "safelaunch.upstream.loadgen"
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "tokenizer.model")


@dataclass(frozen=True)
class Runner:
    tool: str  # "sglang" | "loadgen"
    python: str
    module: str
    sglang_version: str | None = None
    why: str = ""
    flags: frozenset[str] = frozenset()  # the flags its --help lists (SGLang's tool)
    fallback: str = ""  # why SGLang's tool is not the one measuring, when it is installed but cannot start

    def version_text(self) -> str:
        """The tool's version, as stored with the figures."""
        if self.tool == "sglang":
            return f"SGLang {self.sglang_version or '(version unknown)'}"
        from safelaunch import __version__

        return f"safelaunch {__version__}"


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
    *,
    tokenizer: str | None = None,
    tokenize_prompt: bool = False,
    warmup_requests: int | None = None,
) -> list[str]:
    """The cookbook's benchmark command, as an argv list (the API key travels in the environment, never here).

    `tokenizer`: the server's own (else the tool loads `--model` by name); `tokenize_prompt`: send token ids, so
    input lengths are exact; `warmup_requests`: what the warm-up rule allows (`method.warmup_for`)."""
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
        str(w.warmup_requests if warmup_requests is None else warmup_requests),
        "--output-file",
        output_file,
    ]
    if dataset_path and w.dataset == "random":
        argv += ["--dataset-path", dataset_path]
    if runner.tool == "sglang":
        if tokenizer:
            argv += ["--tokenizer", tokenizer]
        if tokenize_prompt:
            argv.append("--tokenize-prompt")
        argv.append("--disable-tqdm")
    return argv


def choose_runner(
    engine: str = "sglang", python: str | None = None, tool: str = "auto", tool_flag: str = "--tool"
) -> Runner:
    """SGLang's benchmark when it is installed for the interpreter and starts there, else safelaunch's load generator.

    `tool="sglang"` makes a missing or broken SGLang an error (one line: why); `auto` falls back and says why.
    """
    if tool == "loadgen" or (engine == "sim" and tool == "auto"):
        why = f"{tool_flag} loadgen" if tool == "loadgen" else "the simulated engine (no SGLang tokenizer needed)"
        return Runner("loadgen", sys.executable, LOADGEN_MODULE, None, why)
    from safelaunch.host import sglang_install
    from safelaunch.upstream.bench.probe import probe_tool

    interpreter = python or sglang_install.default_python()
    inst = sglang_install.probe(interpreter)
    if not inst.has_sglang:
        if tool == "sglang":
            raise SafelaunchError(
                f"SGLang is not installed for {interpreter} ({inst.error or 'no sglang package'}): "
                f"point --python at its environment, or use {tool_flag} loadgen"
            )
        return Runner("loadgen", sys.executable, LOADGEN_MODULE, None, f"SGLang is not installed for {interpreter}")
    module = bench_module(inst.sglang_version, inst.sglang_path)
    checked = probe_tool(interpreter, module)
    if checked.ok:
        why = f"SGLang {inst.sglang_version} in {interpreter}"
        return Runner("sglang", interpreter, module, inst.sglang_version, why, checked.flags)
    broken = f"SGLang {inst.sglang_version}'s {module} cannot start in {interpreter}: {checked.error}"
    if tool == "sglang":
        raise SafelaunchError(f"{broken}; fix that environment, or use {tool_flag} loadgen")
    why = f"{broken}; measuring with {LOADGEN_MODULE} instead"
    return Runner("loadgen", sys.executable, LOADGEN_MODULE, None, why, fallback=broken)


def find_tokenizer(override: str | None, info: Any, model: str, revision: str | None = None) -> Tokenizer:
    """The tokenizer the server loaded, looked for on this host (`method.choose_tokenizer`'s order)."""
    import os

    from safelaunch.host.model_source import hf_cache_snapshot

    def cached(name: str, rev: str | None) -> str | None:
        if os.path.isabs(name) or name.startswith("."):
            return None
        try:
            snap = hf_cache_snapshot(name, revision=rev)
        except (OSError, ValueError):
            return None
        # safelaunch may have cached only config.json (to plan); a tokenizer needs its own files there
        has_tokenizer = snap is not None and any((snap / f).is_file() for f in TOKENIZER_FILES)
        return str(snap) if has_tokenizer else None

    return choose_tokenizer(override, info, model, os.path.isdir, cached, revision)
