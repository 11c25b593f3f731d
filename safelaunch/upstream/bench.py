"""Benchmark a running SGLang server the way SGLang's cookbook does, and let the load decide "verified".

Why: booting is not serving. A fraction that survives start-up can still run out of memory once real
batches arrive (activations, MoE workspaces, a full KV pool), so a config counts as verified only after it
has carried the benchmark's load. The figures go to the store in the cookbook's speed shape (TTFT and TPOT
at P50, input+output tokens per second per GPU), where `safelaunch export` finds them.

Which tool measures: SGLang's own benchmark (`PYTHON -m sglang.bench_serving`, moved to
`sglang.benchmark.serving` in newer releases) whenever SGLang is installed for the interpreter; otherwise
(`--engine sim`, or no SGLang in that environment) `python -m safelaunch.upstream.loadgen`, which takes the same flags
and appends the same JSON keys. Either runs as a real subprocess with an argv list; its JSONL line is parsed here.

Offline hosts: bench_serving's `random` dataset downloads ShareGPT unless `--dataset-path` names a local copy,
so the default is `random-ids` (random token ids, no download); `--dataset-path` switches to `random`.

Functional core (workloads, argv, parsing, config matching) above; the shell (subprocesses, watching the
engine's log while the load runs, the store) below.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from safelaunch import PACKAGE_DIR
from safelaunch.core.recipes import gpus_needed, version_tuple
from safelaunch.errors import SafelaunchError
from safelaunch.store.db import BenchmarkResult

# The cookbook's speed workloads (deepseek-v4 benchmarkCommands.speed: random, ISL 8192 / OSL 1024).
DEFAULT_ISL = 8192
DEFAULT_OSL = 1024
STRATEGY_CONCURRENCY: Mapping[str, tuple[int, ...]] = {
    "low-latency": (1,),
    "balanced": (16, 64),
    "high-throughput": (256,),
}
# The cookbook's numPromptsByConc (deepseek-v4.jsx).
NUM_PROMPTS_BY_CONC: Mapping[int, int] = {1: 32, 16: 32, 64: 128, 256: 512, 1024: 2048, 4096: 4096}
DEFAULT_WARMUP = 64  # the cookbook's `--warmup-requests 64`
# `sglang.bench_serving` is a deprecated shim for `sglang.benchmark.serving` from 0.5.20 on (reference §0 table,
# §6); the shim prints a FutureWarning and "will be removed", so newer versions get the new module.
NEW_MODULE_SINCE = (0, 5, 20)
OLD_MODULE = "sglang.bench_serving"
NEW_MODULE = "sglang.benchmark.serving"
LOADGEN_MODULE = "safelaunch.upstream.loadgen"
SCALE_ENV = "SAFELAUNCH_BENCH_SCALE"
SETTLE_S = 0.3  # after a failure line, let the rest of the traceback arrive (the supervisor's value)
KILL_GRACE_S = 2.0
FAILED_UNDER_LOAD = "failed under load"


# --------------------------------------------------------------------------- workloads (pure)


@dataclass(frozen=True)
class Workload:
    dataset: str  # the --dataset-name value: random-ids | random
    isl: int
    osl: int
    max_concurrency: int
    num_prompts: int
    warmup_requests: int

    def label(self) -> str:
        return f"{self.dataset} {self.isl}/{self.osl} c={self.max_concurrency} n={self.num_prompts}"


def dataset_for(dataset_path: str | None) -> str:
    """`random` samples text from ShareGPT (a local file given); `random-ids` needs no download at all."""
    return "random" if dataset_path else "random-ids"


def num_prompts_for(concurrency: int) -> int:
    """The cookbook's prompts per concurrency; between its keys, two rounds of the concurrency (at least 32)."""
    return NUM_PROMPTS_BY_CONC.get(concurrency, max(32, 2 * concurrency))


def scaled(n: int, scale: float) -> int:
    return max(1, math.ceil(n * scale))


def plan_workloads(
    strategy: str,
    recipe_benchmarks: Iterable[Mapping[str, Any]] = (),
    *,
    dataset: str = "random-ids",
    isl: int | None = None,
    osl: int | None = None,
    concurrency: Sequence[int] = (),
    num_prompts: int | None = None,
    warmup_requests: int | None = None,
    scale: float = 1.0,
) -> tuple[Workload, ...]:
    """The recipe's workloads, else the strategy's; the user's ISL/OSL/concurrency/N override; `scale` shrinks N.

    Concurrency, ISL and OSL are the workload's identity (the cookbook keys figures by them), so `scale` only
    shrinks how many prompts (and warm-up requests) are sent, never what is measured.
    """
    if scale <= 0:
        raise SafelaunchError(f"bench scale must be above 0, got {scale:g}")
    shapes: list[tuple[int, int, int]] = []
    for b in recipe_benchmarks:
        w = b.get("workload") or {}
        with contextlib.suppress(KeyError, TypeError, ValueError):
            shape = (int(w["isl"]), int(w["osl"]), int(w["max_concurrency"]))
            if shape not in shapes:
                shapes.append(shape)
    if not shapes:
        shapes = [(DEFAULT_ISL, DEFAULT_OSL, c) for c in STRATEGY_CONCURRENCY.get(strategy, (16, 64))]
    if concurrency:
        base = shapes[0]
        shapes = [(base[0], base[1], int(c)) for c in dict.fromkeys(concurrency)]
    out = []
    for s_isl, s_osl, c in shapes:
        if c < 1:
            raise SafelaunchError(f"concurrency must be at least 1, got {c}")
        n = num_prompts if num_prompts is not None else num_prompts_for(c)
        warm = warmup_requests if warmup_requests is not None else DEFAULT_WARMUP
        out.append(
            Workload(
                dataset=dataset,
                isl=int(isl or s_isl),
                osl=int(osl or s_osl),
                max_concurrency=c,
                num_prompts=scaled(n, scale),
                warmup_requests=min(scaled(warm, scale) if warm > 0 else 0, scaled(n, scale)),
            )
        )
    return tuple(out)


# --------------------------------------------------------------------------- which tool, and its argv (pure)


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


# --------------------------------------------------------------------------- results (pure)


class BenchToolError(SafelaunchError):
    """The benchmark tool could not measure (not the server's fault as far as we can tell)."""


def _server_state(info: Mapping[str, Any] | None) -> Mapping[str, Any]:
    if not info:
        return {}
    decode = info.get("decode")
    if isinstance(decode, list) and decode and isinstance(decode[0], Mapping):
        return decode[0]  # PD disaggregation: the decode server's view
    return info


def server_flags(info: Mapping[str, Any] | None) -> dict[str, Any]:
    """The resolved args that say how many GPUs serve and how memory was split, in canonical flag names."""
    state = _server_state(info)
    names = {
        "tp": "tp_size",
        "dp": "dp_size",
        "pp": "pp_size",
        "ep": "ep_size",
        "mem-fraction-static": "mem_fraction_static",
        "enable-dp-attention": "enable_dp_attention",
        "attn-dp-size": "attn_dp_size",
        "quantization": "quantization",
    }
    out: dict[str, Any] = {}
    for flag, key in names.items():
        value = state.get(key)
        if value is not None and value is not False:
            out[flag] = value
    return out


def gpus_in_use(info: Mapping[str, Any] | None, fallback: int) -> int:
    """GPUs the server occupies (tp x pp, times dp without DP attention); `fallback` when it does not say."""
    flags = server_flags(info)
    if "tp" not in flags:
        return max(1, fallback)
    return max(1, gpus_needed(flags))


def _num(d: Mapping[str, Any], key: str) -> float | None:
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(float(v)):
        return None
    return float(v)


EXTRA_KEYS = (
    "mean_ttft_ms",
    "p99_ttft_ms",
    "mean_tpot_ms",
    "p99_tpot_ms",
    "mean_itl_ms",
    "median_itl_ms",
    "p99_itl_ms",
    "median_e2e_latency_ms",
    "p99_e2e_latency_ms",
    "total_input_tokens",
    "total_output_tokens",
    "input_throughput",
    "concurrency",
    "max_output_tokens_per_s",
    "max_concurrent_requests",
    "accept_length",
)


def parse_result(
    record: str | Mapping[str, Any],
    gpus: int | None = None,
    *,
    expected: Workload | None = None,
    tool: str | None = None,
    measured_at: float | None = None,
) -> BenchmarkResult:
    """One bench_serving JSONL record -> the store's BenchmarkResult (P50 TTFT/TPOT, in+out tok/s per GPU).

    `gpus`: GPUs in use; None reads them from the record's `server_info`. Raises BenchToolError when the
    record lacks a figure the cookbook needs or no request completed.
    """
    if isinstance(record, str):
        try:
            d = json.loads(record)
        except ValueError:
            raise BenchToolError("the benchmark result is not JSON") from None
    else:
        d = dict(record)
    if not isinstance(d, Mapping):
        raise BenchToolError("the benchmark result is not a JSON object")
    completed = _num(d, "completed")
    if not completed:
        raise BenchToolError("no benchmark request completed")
    figures = {k: _num(d, k) for k in ("median_ttft_ms", "median_tpot_ms", "total_throughput", "output_throughput")}
    missing = [k for k, v in figures.items() if v is None]
    if missing:
        raise BenchToolError(f"the benchmark result lacks {', '.join(missing)}")
    n_gpus = gpus if gpus is not None else gpus_in_use(d.get("server_info"), 1)
    total = float(figures["total_throughput"] or 0.0)
    isl = d.get("random_input_len") if d.get("random_input_len") is not None else getattr(expected, "isl", 0)
    osl = d.get("random_output_len") if d.get("random_output_len") is not None else getattr(expected, "osl", 0)
    conc = d.get("max_concurrency") if d.get("max_concurrency") is not None else getattr(expected, "max_concurrency", 0)
    extra: dict[str, Any] = {k: d[k] for k in EXTRA_KEYS if d.get(k) is not None}
    extra.update(
        {
            "tool": tool or d.get("tool") or "sglang.bench_serving",
            "gpus": n_gpus,
            "backend": d.get("backend"),
            "random_range_ratio": d.get("random_range_ratio"),
        }
    )
    if expected is not None:
        extra["warmup_requests"] = expected.warmup_requests
    failed = (expected.num_prompts - int(completed)) if expected is not None else None
    if failed:
        extra["failed_requests"] = failed
    return BenchmarkResult(
        dataset=str(d.get("dataset_name") or getattr(expected, "dataset", "random")),
        isl=int(isl or 0),
        osl=int(osl or 0),
        max_concurrency=int(conc or 0),
        ttft_ms=float(figures["median_ttft_ms"] or 0.0),
        tpot_ms=float(figures["median_tpot_ms"] or 0.0),
        tokens_per_sec_per_gpu=total / max(1, n_gpus),
        output_throughput=figures["output_throughput"],
        total_throughput=total,
        request_throughput=_num(d, "request_throughput"),
        num_prompts=expected.num_prompts if expected is not None else _opt_int(d.get("num_prompts")),
        completed=int(completed),
        duration_s=_num(d, "duration"),
        measured_at=measured_at,
        extra={k: v for k, v in extra.items() if v is not None},
    )


def _opt_int(v: Any) -> int | None:
    return int(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def last_record(text: str) -> dict[str, Any]:
    """The last JSON object line of a JSONL file (bench_serving appends one per run)."""
    for line in reversed(text.strip().splitlines()):
        line = line.strip()
        if line.startswith("{"):
            with contextlib.suppress(ValueError):
                d = json.loads(line)
                if isinstance(d, dict):
                    return d
    raise BenchToolError("the benchmark wrote no result line")


def match_config(
    configs: Iterable[Any],
    info: Mapping[str, Any] | None,
    *,
    hw_key: str,
    gpu_count: int,
    model: str,
    version: str | None,
    strategy: str | None = None,
    quant: str | None = None,
) -> Any | None:
    """The stored config this running server is: same key, and no known flag that contradicts /server_info."""
    resolved = server_flags(info)
    best, best_score = None, -1
    for cfg in configs:
        if (cfg.hw_key, cfg.gpu_count, cfg.model) != (hw_key, gpu_count, model):
            continue
        if version is not None and cfg.sglang_version not in (None, version):
            continue
        if strategy is not None and cfg.strategy != strategy:
            continue
        if quant is not None and (cfg.quant or "") != quant:
            continue
        score = 0
        contradicted = False
        for flag, value in resolved.items():
            if flag not in cfg.flags:
                continue
            if _same(cfg.flags[flag], value):
                score += 1
            else:
                contradicted = True
        if not contradicted and score > best_score:
            best, best_score = cfg, score
    return best


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, int | float) and isinstance(b, int | float) and not isinstance(a, bool):
        return abs(float(a) - float(b)) < 1e-6
    return str(a).lower() == str(b).lower()


# --------------------------------------------------------------------------- outcome


@dataclass(frozen=True)
class LoadFailure:
    """The server failed while the benchmark ran: what the log said, and under which workload."""

    label: str
    phase: str | None
    numbers: Mapping[str, Any]
    evidence: str
    workload: Workload | None = None

    def change(self) -> str:
        where = f" ({self.workload.label()})" if self.workload else ""
        return f"{FAILED_UNDER_LOAD}{where}: the next start lowers the fraction"

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "phase": self.phase,
            "numbers": dict(self.numbers),
            "evidence": self.evidence,
            "workload": self.workload.label() if self.workload else None,
        }


@dataclass(frozen=True)
class BenchOutcome:
    results: tuple[BenchmarkResult, ...]
    tool: str  # the module that measured
    workloads: tuple[Workload, ...] = ()
    failure: LoadFailure | None = None
    error: str = ""  # the tool could not measure (not a server failure)
    stopped: bool = False
    recorded: bool = False
    record_error: str = ""
    why_tool: str = ""

    @property
    def survived(self) -> bool:
        return self.failure is None and not self.error and not self.stopped and len(self.results) == len(self.workloads)

    def summary_json(self) -> dict[str, Any]:
        """Keys merged into `serve --json`: the figures, and whether the config now counts as verified."""
        return {
            "benchmarks": [b.to_json() for b in self.results],
            "verified": self.survived,
            "failed_under_load": self.failure.to_json() if self.failure else None,
            "bench_tool": self.tool,
            "bench_error": self.error or None,
        }

    def lines(self) -> list[str]:
        out = [f"  benchmark ({self.tool}):"]
        if self.results:
            out.append(f"    {result_header()}")
            out += [f"    {result_row(b)}" for b in self.results]
        if self.failure is not None:
            from safelaunch.supervise.display import describe_numbers

            numbers = describe_numbers(self.failure.numbers)
            out.append(
                f"  {FAILED_UNDER_LOAD}: {self.failure.label}"
                + (f" ({numbers})" if numbers else "")
                + (f" during {self.failure.workload.label()}" if self.failure.workload else "")
            )
            out.append("    -> recorded; the next start lowers the fraction")
        elif self.error:
            out.append(f"  benchmark did not complete: {self.error}")
        elif self.stopped:
            out.append("  benchmark stopped by signal")
        else:
            out.append(
                "  survived the benchmark load: "
                + ("verified and recorded" if self.recorded else f"not recorded ({self.record_error or 'no store'})")
            )
        return out


def result_header() -> str:
    return (
        f"{'workload':<28} {'done':>9} {'TTFT p50':>10} {'TPOT p50':>9} {'ITL p50':>8} "
        f"{'out tok/s':>10} {'tok/s/GPU':>10}"
    )


def result_row(b: BenchmarkResult) -> str:
    itl = b.extra.get("median_itl_ms")
    done = f"{b.completed}/{b.num_prompts}" if b.num_prompts else str(b.completed)
    workload = f"{b.dataset} {b.isl}/{b.osl} c={b.max_concurrency}"
    return (
        f"{workload:<28} {done:>9} {b.ttft_ms:>8.1f}ms {b.tpot_ms:>7.2f}ms "
        f"{(f'{itl:.2f}ms' if isinstance(itl, int | float) else '-'):>8} "
        f"{(b.output_throughput or 0):>10.1f} {b.tokens_per_sec_per_gpu:>10.1f}"
    )


# --------------------------------------------------------------------------- shell: choosing the tool


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


# --------------------------------------------------------------------------- shell: watching the engine


class EngineWatch:
    """Reads the engine's log while the load runs: a failure line (an OOM) or the process dying ends the bench."""

    def __init__(self, proc: Any, clf: Any, settle_s: float = SETTLE_S) -> None:
        self.proc = proc
        self.clf = clf
        self.settle_s = settle_s
        self.failure_at: float | None = None
        self.first: Any = None
        self.exit_seen_at: float | None = None

    def check(self, timeout: float) -> LoadFailure | None:
        deadline = time.monotonic() + timeout
        while True:
            line = self.proc.read(timeout=max(0.0, min(0.05, deadline - time.monotonic())))
            now = time.monotonic()
            if line is not None and self.clf is not None:
                for ev in self.clf.feed(line.text):
                    if ev.kind == "failure" and self.failure_at is None:
                        self.failure_at, self.first = now, ev
            if self.failure_at is not None and (now - self.failure_at >= self.settle_s or self.proc.output_closed):
                return self._failure()
            if not self.proc.is_alive():
                self.exit_seen_at = self.exit_seen_at or now
                if self.proc.output_closed or now - self.exit_seen_at > 1.0:
                    list(self.proc.drain())
                    return self._failure(exit_code=self.proc.returncode)
                continue
            if line is None and now >= deadline:
                return None

    def _failure(self, exit_code: int | None = None) -> LoadFailure:
        diag = self.clf.diagnosis() if self.clf is not None else None
        label = getattr(diag, "label", None)
        if label in (None, "healthy", "unknown"):
            label = getattr(self.first, "label", None) or "crash"
        numbers = dict(getattr(diag, "numbers", {}) or {})
        if exit_code is not None:
            numbers.setdefault("exit_code", exit_code)
        evidence = _evidence(diag) or getattr(self.first, "text", "") or f"engine exited with status {exit_code}"
        phase = getattr(diag, "phase", None) or "serving"
        return LoadFailure(str(label), phase, numbers, str(evidence))


def _evidence(diag: Any) -> str:
    ev = getattr(diag, "evidence", ()) or ()
    if not ev:
        return ""
    last = ev[-1]
    return str(last[1] if isinstance(last, tuple | list) else getattr(last, "text", last))


class SleepWatch:
    """No engine of ours to watch (`safelaunch bench` against someone's server): just wait."""

    def __init__(self, should_exit: threading.Event) -> None:
        self.should_exit = should_exit

    def check(self, timeout: float) -> LoadFailure | None:
        self.should_exit.wait(timeout)
        return None


# --------------------------------------------------------------------------- shell: running one workload


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
        result = parse_result(last_record(text), gpus, expected=w, tool=runner.module, measured_at=time.time())
    except BenchToolError as exc:
        return ToolRun(None, error=f"{runner.module}: {exc}", output_tail=tail)
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


# --------------------------------------------------------------------------- shell: `serve --bench`


def recipe_benchmarks(policies_dir: str | None, recipe_id: str | None) -> tuple[Mapping[str, Any], ...]:
    if not recipe_id:
        return ()
    try:
        from safelaunch.core.recipes import load_catalogue

        recipe = load_catalogue(policies_dir).by_id(recipe_id)
    except SafelaunchError:
        return ()
    return tuple(recipe.benchmarks) if recipe is not None else ()


def bench_scale(explicit: float | None = None) -> float:
    if explicit is not None:
        return explicit
    raw = os.environ.get(SCALE_ENV)
    if not raw:
        return 1.0
    try:
        value = float(raw)
    except ValueError:
        raise SafelaunchError(f"{SCALE_ENV}={raw!r}: expected a number such as 0.25") from None
    if value <= 0:
        raise SafelaunchError(f"{SCALE_ENV}={raw!r}: must be above 0")
    return value


def after_healthy(run: Any, summary: Any) -> Any:
    """`serve --bench`: load the healthy server while watching its log; the outcome decides "verified".

    Survived: the figures go to the store with `verified=True`. An OOM or crash under load: the config is
    marked failed under load (the next `serve` starts from it with a lower fraction), the attempt is recorded,
    and the summary says so with `run.exit_code` non-zero.
    """
    from safelaunch.supervise import serve as serve_mod

    opts, sup = run.opts, run.supervisor
    emit = lambda kind, **d: serve_mod.emit_all(run.listeners, kind, **d)  # noqa: E731
    try:
        runner = choose_runner(opts.engine, opts.python, getattr(opts, "bench_tool", "auto") or "auto")
        dataset_path = getattr(opts, "bench_dataset_path", None)
        workloads = plan_workloads(
            run.plan.strategy,
            recipe_benchmarks(opts.policies_dir, getattr(run.plan, "recipe_id", None)),
            dataset=dataset_for(dataset_path),
            scale=bench_scale(getattr(opts, "bench_scale", None)),
        )
    except SafelaunchError as exc:
        outcome = BenchOutcome((), "-", error=str(exc))
        run.exit_code = serve_mod.EXIT_GAVE_UP
        emit("warning", text=f"benchmark did not run: {exc}")
        return replace(summary, benchmark=outcome)
    emit("info", text=f"benchmarking with {runner.module} ({runner.why}) while watching the engine's log")
    gpus = gpus_in_use(summary.server_info, run.host.gpu_count)
    outcome = run_workloads(
        runner,
        workloads,
        host=opts.host,
        port=summary.port or 0,
        model=run.plan.model,
        gpus=gpus,
        watch=EngineWatch(sup.proc, sup.clf),
        should_exit=sup.should_exit,
        dataset_path=dataset_path,
        api_key=sup.api_key,
        emit=emit,
    )
    outcome = _record(run, summary, outcome)
    if outcome.failure is not None:
        f = outcome.failure
        emit("failure_seen", label=f.label, phase=f.phase or "serving", numbers=dict(f.numbers))
        sup.stop_engine(grace=0.5)
        run.exit_code = serve_mod.EXIT_GAVE_UP
        return replace(summary, healthy=False, reason=f"{FAILED_UNDER_LOAD}: {f.label}", benchmark=outcome)
    if outcome.error:
        run.exit_code = serve_mod.EXIT_GAVE_UP
        emit("warning", text=f"benchmark did not complete: {outcome.error}")
    return replace(summary, benchmark=outcome)


def _record(run: Any, summary: Any, outcome: BenchOutcome) -> BenchOutcome:
    """Store what the load proved; a store that cannot take it is said, never fatal."""
    store = run.store
    if store is None:
        return replace(outcome, record_error="no store")
    key = (run.host.hw_key, run.host.gpu_count, run.plan.model, run.plan.quant, run.plan.strategy, run.version)
    try:
        if outcome.failure is not None:
            f = outcome.failure
            _record_attempt(run, summary, f)
            ok = store.mark_failed_under_load(*key, f.label, dict(f.numbers), f.change())
            if outcome.results:
                store.add_benchmark(*key, outcome.results, verified=False)
        elif outcome.results:
            ok = store.add_benchmark(*key, outcome.results, verified=outcome.survived)
        else:
            return outcome
    except SafelaunchError as exc:
        return replace(outcome, record_error=str(exc))
    if ok:
        from safelaunch.supervise import serve as serve_mod

        what = (
            "the failure under load"
            if outcome.failure
            else "the benchmark figures" + (" (verified)" if outcome.survived else "")
        )
        serve_mod.emit_all(run.listeners, "recorded", what=what, where=str(getattr(store, "path", "")))
    return replace(outcome, recorded=ok, record_error="" if ok else "no stored config for this key")


def _record_attempt(run: Any, summary: Any, f: LoadFailure) -> None:
    from safelaunch.supervise.supervisor import AttemptResult

    sup = run.supervisor
    number = len(summary.attempts)
    tail = tuple(sup.proc.tail) if sup.proc is not None else ()
    result = AttemptResult(
        number,
        dict(summary.flags),
        summary.port or 0,
        f.label,
        f.phase or "serving",
        dict(f.numbers),
        f.evidence,
        0.0,
        change=f.change(),
        log_tail=tail,
    )
    sup._record_attempt(result, "failed", f.change())


# --------------------------------------------------------------------------- shell: `safelaunch bench`


def stop_on_signals(should_exit: threading.Event) -> None:
    """SIGTERM / SIGINT stop the benchmark subprocess cleanly (its process group), then the command."""

    def _set(signum: int, _frame: Any) -> None:
        should_exit.set()

    signal.signal(signal.SIGTERM, _set)
    signal.signal(signal.SIGINT, _set)


@dataclass(frozen=True)
class BenchReport:
    model: str
    base_url: str
    sglang_version: str | None
    gpus: int
    outcome: BenchOutcome
    config_key: Mapping[str, Any] | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "server": self.base_url,
            "sglang_version": self.sglang_version,
            "gpus": self.gpus,
            "tool": self.outcome.tool,
            "workloads": [w.label() for w in self.outcome.workloads],
            "results": [b.to_json() for b in self.outcome.results],
            "verified": self.outcome.survived and self.outcome.recorded,
            "failed_under_load": self.outcome.failure.to_json() if self.outcome.failure else None,
            "error": self.outcome.error or None,
            "recorded": self.outcome.recorded,
            "record_error": self.outcome.record_error or None,
            "config": dict(self.config_key) if self.config_key else None,
            "notes": list(self.notes),
        }


def bench_running_server(
    model: str,
    *,
    host: str = "127.0.0.1",
    port: int = 30000,
    strategy: str | None = None,
    quant: str | None = None,
    host_profile: str | None = None,
    isl: int | None = None,
    osl: int | None = None,
    concurrency: Sequence[int] = (),
    num_prompts: int | None = None,
    warmup_requests: int | None = None,
    scale: float | None = None,
    python: str | None = None,
    dataset_path: str | None = None,
    tool: str = "auto",
    api_key: str | None = None,
    policies_dir: str | None = None,
    use_store: bool = True,
    should_exit: threading.Event | None = None,
    emit: Callable[..., None] = lambda *a, **k: None,
) -> BenchReport:
    """`safelaunch bench`: measure a server that is already up, and attach the figures to its stored config."""
    from safelaunch.host import nvml
    from safelaunch.host.health import HealthClient

    should_exit = should_exit or threading.Event()
    if dataset_path and not Path(dataset_path).is_file():
        raise SafelaunchError(f"--dataset-path {dataset_path}: no such file")
    with HealthClient(host, port, api_key) as client:
        probe = client.health()
        if probe.state != "ok":
            raise SafelaunchError(
                f"no healthy SGLang server at {client.base_url} (/health: {probe.state}"
                + (f" {probe.status_code}" if probe.status_code else "")
                + "): start it first (safelaunch serve)"
            )
        info = client.server_info() or {}
        url = client.base_url
    served = str(info.get("model_path") or _server_state(info).get("model_path") or "")
    if served and served != model:
        raise SafelaunchError(f"the server at {url} serves {served}, not {model}")
    version = str(info["version"]) if info.get("version") else None
    hw = nvml.detect(host_profile)
    notes: list[str] = []
    store, cfg = None, None
    if use_store:
        from safelaunch.store import db as store_mod

        try:
            store = store_mod.Store.open()
            cfg = match_config(
                store.verified_configs(model=model),
                info,
                hw_key=hw.hw_key,
                gpu_count=hw.gpu_count,
                model=model,
                version=version,
                strategy=strategy,
                quant=quant,
            )
        except SafelaunchError as exc:
            notes.append(f"not recorded: {exc}")
            store = None
        if store is not None and cfg is None:
            notes.append(
                f"not recorded: the store has no config for {model} on {hw.gpu_count}x {hw.hw_key} with SGLang "
                f"{version or '?'} matching this server's resolved args (start it with safelaunch serve)"
            )
    strat = strategy or (cfg.strategy if cfg is not None else "balanced")
    recipe_id = None
    if cfg is None or strategy is not None or not (isl and osl and concurrency):
        with contextlib.suppress(SafelaunchError):
            from safelaunch.host.planning import make_plan

            q = quant or (cfg.quant if cfg else None)
            recipe_id = make_plan(model, hw, strat, q, None, (), policies_dir, version).recipe_id
    workloads = plan_workloads(
        strat,
        recipe_benchmarks(policies_dir, recipe_id),
        dataset=dataset_for(dataset_path),
        isl=isl,
        osl=osl,
        concurrency=concurrency,
        num_prompts=num_prompts,
        warmup_requests=warmup_requests,
        scale=bench_scale(scale),
    )
    runner = choose_runner("sglang", python, tool)
    gpus = gpus_in_use(info, hw.gpu_count)
    outcome = run_workloads(
        runner,
        workloads,
        host=host,
        port=port,
        model=model,
        gpus=gpus,
        watch=SleepWatch(should_exit),
        should_exit=should_exit,
        dataset_path=dataset_path,
        api_key=api_key,
        emit=emit,
    )
    if outcome.error and not outcome.results:
        with HealthClient(host, port, api_key) as client:
            after = client.health()
        if after.state != "ok":
            # the server stopped answering during the load: that is the server failing, not the tool
            failure = LoadFailure("crash", "serving", {"health": after.state}, outcome.error, workloads[0])
            outcome = replace(outcome, failure=failure, error="")
    key = None
    if cfg is not None and store is not None:
        key = {
            "hw_key": cfg.hw_key,
            "gpu_count": cfg.gpu_count,
            "model": cfg.model,
            "quant": cfg.quant,
            "strategy": cfg.strategy,
            "sglang_version": cfg.sglang_version,
        }
        k = tuple(key.values())
        try:
            if outcome.failure is not None:
                f = outcome.failure
                ok = store.mark_failed_under_load(*k, f.label, dict(f.numbers), f.change())
            elif outcome.results:
                ok = store.add_benchmark(*k, outcome.results, verified=outcome.survived)
            else:
                ok = False
            outcome = replace(outcome, recorded=ok)
        except SafelaunchError as exc:
            outcome = replace(outcome, record_error=str(exc))
    elif not outcome.record_error:
        outcome = replace(outcome, record_error="no matching stored config" if use_store else "--no-store")
    if store is not None:
        store.close()
    return BenchReport(model, url, version, gpus, outcome, key, tuple(notes))


__all__ = [
    "BenchOutcome",
    "BenchReport",
    "BenchToolError",
    "EngineWatch",
    "LoadFailure",
    "Runner",
    "Workload",
    "after_healthy",
    "bench_argv",
    "bench_module",
    "bench_running_server",
    "choose_runner",
    "dataset_for",
    "gpus_in_use",
    "match_config",
    "parse_result",
    "plan_workloads",
    "run_workloads",
]
