"""Running the benchmark tool: one subprocess per workload, in its own process group, the engine watched.

Why apart: this is the shell around the pure parts: it spawns the tool with an argv list (the API key travels
in the environment, never on the command line), stops it on a failure under load or a signal, and reads its
JSONL line once it is done. The first failure ends the series.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from safelaunch import PACKAGE_DIR
from safelaunch.store import BenchmarkResult
from safelaunch.upstream.bench.outcome import REQUESTS_FAILED, BenchOutcome, LoadFailure, result_row
from safelaunch.upstream.bench.results import BenchToolError, first_error, last_record, parse_result
from safelaunch.upstream.bench.tool import Runner, bench_argv
from safelaunch.upstream.bench.workloads import Workload

KILL_GRACE_S = 2.0


@dataclass(frozen=True)
class ToolRun:
    result: BenchmarkResult | None
    failure: LoadFailure | None = None
    error: str = ""
    stopped: bool = False
    output_tail: str = ""


def _tool_env(runner: Runner, api_key: str | None) -> dict[str, str]:
    env = dict(os.environ)
    for k in ("OPENAI_API_KEY", "API_KEY"):
        env.pop(k, None)
    if api_key:
        env["OPENAI_API_KEY"] = api_key  # bench_serving's own rule: a bearer token from OPENAI_API_KEY
    if runner.tool == "loadgen":
        here = str(PACKAGE_DIR.parent)
        env["PYTHONPATH"] = here + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def _kill_group(p: subprocess.Popen[bytes]) -> None:
    for sig, wait in ((signal.SIGTERM, KILL_GRACE_S), (signal.SIGKILL, 5.0)):
        if p.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(p.pid, sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            p.wait(timeout=wait)


def _tail(path: Path, chars: int = 4000) -> str:
    try:
        return path.read_text(errors="replace")[-chars:]
    except OSError:
        return ""


def run_workload(
    runner: Runner,
    argv: Sequence[str],
    w: Workload,
    workdir: Path,
    output_file: Path,
    watch: Any,
    should_exit: threading.Event,
    *,
    gpus: int,
    api_key: str | None = None,
) -> ToolRun:
    """Run one benchmark subprocess to its end, unless the engine fails or a signal comes first."""
    log_path = workdir / f"tool-c{w.max_concurrency}.log"
    with open(log_path, "wb") as log:
        try:
            p = subprocess.Popen(
                list(argv),
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=_tool_env(runner, api_key),
                cwd=str(workdir),
                start_new_session=True,
            )
        except OSError as exc:
            return ToolRun(None, error=f"cannot start {argv[0]}: {exc.strerror or exc}")
    try:
        while True:
            failure = watch.check(0.1)
            if failure is not None:
                _kill_group(p)
                return ToolRun(None, failure=replace(failure, workload=w), output_tail=_tail(log_path))
            if should_exit.is_set():
                _kill_group(p)
                return ToolRun(None, stopped=True)
            if p.poll() is not None:
                break
    finally:
        _kill_group(p)
    # the tool may have finished just as the engine died: read the log once more before trusting the figures
    failure = watch.check(0.0)
    if failure is not None:
        return ToolRun(None, failure=replace(failure, workload=w), output_tail=_tail(log_path))
    tail = _tail(log_path)
    try:
        text = output_file.read_text(encoding="utf-8")
    except OSError:
        last = (tail.strip().splitlines() or ["no output"])[-1]
        error = f"{runner.module} exited with status {p.returncode} without a result: {last}"
        return ToolRun(None, error=error, output_tail=tail)
    try:
        record = last_record(text)
        result = parse_result(record, gpus, expected=w, tool=runner.module, measured_at=time.time())
    except BenchToolError as exc:
        return ToolRun(None, error=f"{runner.module}: {exc}", output_tail=tail)
    failed = int(result.extra.get("failed_requests") or 0)
    if failed:
        # a benchmark verifies only when every request completed: the figures are kept, the verdict is not
        failure = LoadFailure(
            REQUESTS_FAILED,
            "serving",
            {"failed_requests": failed, "num_prompts": w.num_prompts},
            first_error(record, _tail(log_path, 200_000)),
            w,
        )
        return ToolRun(result, failure=failure, output_tail=tail)
    return ToolRun(result, output_tail=tail)


def run_workloads(
    runner: Runner,
    workloads: Sequence[Workload],
    *,
    host: str,
    port: int,
    model: str,
    gpus: int,
    watch: Any,
    should_exit: threading.Event,
    dataset_path: str | None = None,
    api_key: str | None = None,
    emit: Callable[..., None] = lambda *a, **k: None,
) -> BenchOutcome:
    """Every workload in turn; the first failure under load (or a tool error, or a signal) ends the series."""
    probe_host = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    results: list[BenchmarkResult] = []
    workdir = Path(tempfile.mkdtemp(prefix="safelaunch-bench-"))
    outcome = BenchOutcome((), runner.module, tuple(workloads), why_tool=runner.why)
    try:
        for i, w in enumerate(workloads, 1):
            out_file = workdir / f"result-c{w.max_concurrency}-{i}.jsonl"
            argv = bench_argv(runner, probe_host, port, model, w, str(out_file), dataset_path)
            emit("info", text=f"benchmark {i}/{len(workloads)} ({runner.module}): {w.label()}")
            run = run_workload(runner, argv, w, workdir, out_file, watch, should_exit, gpus=gpus, api_key=api_key)
            if run.result is not None:
                results.append(run.result)
                emit("info", text="  " + result_row(run.result))
                if run.failure is None:
                    continue
            outcome = replace(
                outcome, failure=run.failure, error=run.error, stopped=run.stopped, results=tuple(results)
            )
            if run.error and run.output_tail:
                emit("warning", text=f"benchmark tool output (tail): {run.output_tail[-600:]}")
            return outcome
        return replace(outcome, results=tuple(results))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
