"""Running the benchmark tool: one subprocess per workload, in its own process group, the engine watched.

Why apart: this is the shell around the pure parts: it spawns the tool with an argv list (the API key travels
in the environment, never on the command line), stops it on a failure under load or a signal, and reads its
JSONL line once it is done, keeping it (redacted) with the figures beside the exact command, the tool's version,
the tokenizer, the warm-up and what the server counted. The first failure ends the series.
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
from safelaunch.redact import redact_argv
from safelaunch.store import BenchmarkResult
from safelaunch.upstream.bench.counters import difference, read_counters
from safelaunch.upstream.bench.method import (
    Tokenizer,
    exact_lengths,
    input_tokens_check,
    lengths_note,
    tokenize_prompt,
    warmup_for,
)
from safelaunch.upstream.bench.outcome import REQUESTS_FAILED, BenchOutcome, LoadFailure, result_row
from safelaunch.upstream.bench.results import BenchToolError, first_error, last_line, parse_result, redacted_line
from safelaunch.upstream.bench.tool import Runner, bench_argv
from safelaunch.upstream.bench.workloads import Workload

NO_TOKENIZER = Tokenizer(None, "none: the load generator sends token ids and loads no tokenizer")

KILL_GRACE_S = 2.0


@dataclass(frozen=True)
class ToolRun:
    result: BenchmarkResult | None
    failure: LoadFailure | None = None
    error: str = ""
    stopped: bool = False
    output_tail: str = ""
    line: str = ""  # the tool's JSONL line, as written
    record: dict[str, Any] | None = None


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
        line, record = last_line(text)
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
        return ToolRun(result, failure=failure, output_tail=tail, line=line, record=record)
    return ToolRun(result, output_tail=tail, line=line, record=record)


def method_lines(runner: Runner, tokenizer: Tokenizer, workloads: Sequence[Workload]) -> tuple[str, ...]:
    """How the figures are measured, in words shown with them and stored beside them."""
    out = [f"measured by {runner.module} ({runner.version_text()}, {runner.python})"]
    if runner.fallback:
        out.append(f"not SGLang's own benchmark: {runner.fallback}")
    out.append(f"tokenizer: {tokenizer.path or '-'} ({tokenizer.source})")
    if workloads:
        w = workloads[0]
        out.append(lengths_note(runner.tool, runner.flags, w.dataset, runner.sglang_version))
        out += sorted({f"warm-up: {warmup_for(runner.tool, runner.sglang_version, x).note}" for x in workloads})
    return tuple(out)


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
    tokenizer: Tokenizer | None = None,
    emit: Callable[..., None] = lambda *a, **k: None,
) -> BenchOutcome:
    """Every workload in turn; the first failure under load (or a tool error, or a signal) ends the series."""
    probe_host = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    tok = (tokenizer or Tokenizer(None, "the served model's name")) if runner.tool == "sglang" else NO_TOKENIZER
    results: list[BenchmarkResult] = []
    workdir = Path(tempfile.mkdtemp(prefix="safelaunch-bench-"))
    method = method_lines(runner, tok, workloads)
    outcome = BenchOutcome((), runner.module, tuple(workloads), why_tool=runner.why, method=method)
    for line in method:
        emit("info", text=line)
    try:
        for i, w in enumerate(workloads, 1):
            out_file = workdir / f"result-c{w.max_concurrency}-{i}.jsonl"
            warm = warmup_for(runner.tool, runner.sglang_version, w)
            exact = tokenize_prompt(runner.tool, runner.flags, w.dataset, runner.sglang_version)
            argv = bench_argv(
                runner,
                probe_host,
                port,
                model,
                w,
                str(out_file),
                dataset_path,
                tokenizer=tok.path,
                tokenize_prompt=exact,
                warmup_requests=warm.requests,
            )
            emit("info", text=f"benchmark {i}/{len(workloads)} ({runner.module}): {w.label()}")
            before = read_counters(probe_host, port, api_key)
            sent = replace(w, warmup_requests=warm.requests)
            run = run_workload(runner, argv, sent, workdir, out_file, watch, should_exit, gpus=gpus, api_key=api_key)
            if run.result is not None:
                seen = difference(before, read_counters(probe_host, port, api_key))
                exact = exact_lengths(runner.tool, runner.flags, w.dataset, runner.sglang_version)
                raw = {
                    "tool": runner.module,
                    "tool_version": runner.version_text(),
                    "python": runner.python,
                    "fallback": runner.fallback or None,
                    "command": redact_argv(argv),
                    "jsonl": redacted_line(run.line, run.record or {}, [api_key] if api_key else []),
                    "tokenizer": tok.to_json(),
                    "tokenize_prompt": exact,
                    "warmup": warm.to_json(),
                    "input_tokens": input_tokens_check(
                        (run.record or {}).get("total_input_tokens"), run.result.completed, seen, warm, exact
                    ),
                }
                results.append(replace(run.result, raw=raw))
                emit("info", text="  " + result_row(run.result))
                note = raw["input_tokens"].get("note")
                if note:
                    emit("info", text=f"  {note}")
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
