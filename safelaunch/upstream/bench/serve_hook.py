"""`serve --bench`: load the server safelaunch just started, and record what the load proved.

Why apart: this is where a benchmark changes the supervisor's verdict: survived, the figures go to the store
with `verified=True`; an OOM or crash under load marks the config failed under load (the next start lowers
the fraction) and records the attempt like any other failure.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from safelaunch.errors import SafelaunchError
from safelaunch.upstream.bench.outcome import FAILED_UNDER_LOAD, REQUESTS_FAILED, BenchOutcome, LoadFailure
from safelaunch.upstream.bench.run import run_workloads
from safelaunch.upstream.bench.server_info import gpus_in_use, server_state
from safelaunch.upstream.bench.tool import choose_runner, find_tokenizer
from safelaunch.upstream.bench.watch import EngineWatch
from safelaunch.upstream.bench.workloads import bench_scale, dataset_for, plan_workloads, recipe_benchmarks


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
        runner = choose_runner(opts.engine, opts.python, opts.bench_tool or "auto", "--bench-tool")
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
    emit(
        "warning" if runner.fallback else "info",
        text=f"benchmarking with {runner.module} ({runner.why}) while watching the engine's log",
    )
    gpus = gpus_in_use(summary.server_info, run.host.gpu_count)
    tokenizer = None
    if runner.tool == "sglang":
        info = server_state(summary.server_info)
        tokenizer = find_tokenizer(getattr(opts, "bench_tokenizer", None), info, run.plan.model, opts.revision)
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
        tokenizer=tokenizer,
        emit=emit,
    )
    outcome = _record(run, summary, outcome)
    if outcome.failure is not None:
        f = outcome.failure
        emit("failure_seen", label=f.label, phase=f.phase or "serving", numbers=dict(f.numbers))
        sup.stop_engine(grace=0.5)
        run.exit_code = serve_mod.EXIT_GAVE_UP
        why = f.requests_text() if f.label == REQUESTS_FAILED else f.label
        return replace(summary, healthy=False, reason=f"{FAILED_UNDER_LOAD}: {why}", benchmark=outcome)
    if outcome.error:
        run.exit_code = serve_mod.EXIT_GAVE_UP
        emit("warning", text=f"benchmark did not complete: {outcome.error}")
    return replace(summary, benchmark=outcome)


def _record(run: Any, summary: Any, outcome: BenchOutcome) -> BenchOutcome:
    """Store what the load proved; a store that cannot take it is said, never fatal."""
    store = run.store
    if store is None:
        return replace(outcome, record_error="no store")
    key = run.key
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
    from safelaunch.supervise.results import AttemptResult

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
