"""`safelaunch bench`: measure a server that is already up, and attach the figures to its stored config.

Why apart: here safelaunch did not start the engine: it checks the server is healthy and serves the model,
finds the stored config whose flags `/server_info` does not contradict, and records the figures (or the
failure under load, when the server stops answering) against that config only.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from safelaunch.errors import SafelaunchError
from safelaunch.upstream.bench.outcome import BenchOutcome, LoadFailure
from safelaunch.upstream.bench.run import run_workloads
from safelaunch.upstream.bench.server_info import gpus_in_use, match_config, server_state
from safelaunch.upstream.bench.tool import choose_runner, find_tokenizer
from safelaunch.upstream.bench.watch import SleepWatch
from safelaunch.upstream.bench.workloads import bench_scale, dataset_for, plan_workloads, recipe_benchmarks


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
            "method": list(self.outcome.method),
            "workloads": [w.label() for w in self.outcome.workloads],
            "results": [b.report_json() for b in self.outcome.results],
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
    tokenizer: str | None = None,
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
    served = str(info.get("model_path") or server_state(info).get("model_path") or "")
    if served and served != model:
        raise SafelaunchError(f"the server at {url} serves {served}, not {model}")
    version = str(info["version"]) if info.get("version") else None
    hw = nvml.detect(host_profile)
    notes: list[str] = []
    store, cfg = None, None
    if use_store:
        from safelaunch import store as store_mod

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
                simulated=bool(info.get("simulated_by")),
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
    if runner.fallback:
        emit("warning", text=runner.why)
    tok = find_tokenizer(tokenizer, server_state(info), model) if runner.tool == "sglang" else None
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
        tokenizer=tok,
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
            "engine": cfg.provenance.engine,
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
