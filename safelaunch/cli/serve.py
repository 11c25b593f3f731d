"""`safelaunch serve` and `safelaunch demo`: plan, launch, watch, recover, record, then keep serving.

The options become one `supervise.results.ServeOptions`; `_run_serve` wires the listeners (the console
view, sd_notify, the Prometheus endpoint) around `supervise.serve` and exits with its code. `demo` is `serve`
on a simulated 8x H200 host with the simulated engine, recording into its own store (`demo/` under
$SAFELAUNCH_HOME), which it never starts from.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path
from typing import Any

import click

from safelaunch.cli.cluster import group_options, group_settings
from safelaunch.cli.common import (
    HOST_PROFILE_HELP,
    RECIPE_HELP,
    REVISION_HELP,
    FiniteFloatRange,
    bench_tool_options,
    emit_json,
    serve_options,
    split_engine_cmd,
    store_option,
)
from safelaunch.errors import SafelaunchError


def _run_serve(
    opts: Any,
    as_json: bool,
    daemon: bool,
    metrics_port: int | None,
    health_interval: float,
    warnings: Any = (),
    liveness: float = 20.0,
    group: Any = None,
) -> None:
    """Wire listeners, run the attempt loop, then serve (foreground or daemon) until a signal; exit with the code.

    With `--json` the last stdout line is always the final state: a daemon prints the healthy summary when it
    starts serving and, when it ends (stopped, gave up, crash loop), the same summary with `healthy: false`."""
    import threading

    from safelaunch.supervise import daemon as daemon_mod
    from safelaunch.supervise import serve as serve_mod
    from safelaunch.supervise import supervisor
    from safelaunch.supervise.display import ConsoleView
    from safelaunch.supervise.listeners import MetricsListener, NotifyListener
    from safelaunch.upstream import bench as bench_mod

    should_exit, reload = supervisor.StopRequest(), threading.Event()
    supervisor.install_signal_handlers(should_exit, reload)
    view = ConsoleView()
    listeners: list[Any] = [view]
    from safelaunch.service import notify

    notifier = notify.Notifier.from_env()
    if notifier.enabled:
        listeners.append(NotifyListener(notifier))
    metrics = None
    if metrics_port is not None:
        from safelaunch.service.metrics import SupervisorMetrics

        metrics = SupervisorMetrics(model=opts.model, instance=os.environ.get("SAFELAUNCH_INSTANCE"))
        metrics.start(metrics_port)
        listeners.append(MetricsListener(metrics))
    for text in warnings:
        serve_mod.emit_all(listeners, "warning", text=text)
    run = None
    summary = None
    code = 0
    try:
        load_check = bench_mod.after_healthy if opts.bench else None
        if group is not None:  # a node of a multi-node group (`cluster`)
            from safelaunch.cluster import front as cluster_front

            run = cluster_front.prepare(opts, group, listeners, should_exit, load_check)
            summary = cluster_front.start(run)
        else:
            run = serve_mod.prepare(opts, listeners, should_exit, load_check)
            summary = serve_mod.start(run)
        code = run.exit_code
        if summary.healthy and not opts.exit_when_healthy:
            if as_json:
                emit_json(summary.to_json())
            code = daemon_mod.serve_forever(
                run,
                should_exit,
                reload,
                daemon=daemon,
                health_interval=health_interval,
                liveness_deadline=liveness,
            )
            summary = run.summary or summary
    finally:
        view.close()
        if run is not None:
            reason = _stop_reason(should_exit.signum, opts.exit_when_healthy, summary)
            serve_mod.stop(run, reason, discard=reason == "--exit-when-healthy")
        if group is not None:
            from safelaunch.cluster import front as cluster_front

            cluster_front.finish(run)
        if metrics is not None:
            metrics.stop()
        notifier.close()
    if as_json and (opts.exit_when_healthy or not summary.healthy):
        emit_json(summary.to_json())
    sys.exit(code)


def _stop_reason(signum: int | None, exit_when_healthy: bool, summary: Any) -> str:
    import signal

    if signum is not None:
        return f"{signal.Signals(signum).name} received"
    if summary is None:
        return "an error before start-up ended"
    if summary.healthy and exit_when_healthy:
        return "--exit-when-healthy"
    return summary.reason or "exiting"


@click.command(context_settings={"ignore_unknown_options": False})
@click.argument("model", envvar="SAFELAUNCH_MODEL")
@click.argument("extra_args", nargs=-1, type=click.UNPROCESSED, metavar="[-- SGLANG_ARGS...]")
@click.option(
    "--strategy",
    type=click.Choice(["low-latency", "balanced", "high-throughput"]),
    default="balanced",
    show_default=True,
    envvar="SAFELAUNCH_STRATEGY",
)
@click.option("--quant", metavar="Q", envvar="SAFELAUNCH_QUANT", help="Quantization; default: the checkpoint's.")
@click.option("--host-profile", metavar="SPEC", help=HOST_PROFILE_HELP)
@click.option("--tp", type=click.IntRange(1, 64), help="Tensor parallel size to start from (overrides the recipe).")
@click.option("--mem-fraction-static", type=FiniteFloatRange(0.05, 0.99), help="Fraction to start from.")
@click.option("--policies", metavar="DIR", help="Recipe catalogue directory.")
@click.option("--recipe", "recipe", metavar="ID", envvar="SAFELAUNCH_RECIPE", help=RECIPE_HELP)
@click.option("--revision", metavar="REV", help=REVISION_HELP)
@click.option("--sglang-version", metavar="V", help="Spell flags for this SGLang version.")
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    envvar="SAFELAUNCH_PORT",
    help="HTTP port (fixed: an error if busy). Default: a free one from 30000.",
)
@click.option("--host", "bind_host", default="127.0.0.1", show_default=True, envvar="SAFELAUNCH_HOST")
@click.option("--max-attempts", type=click.IntRange(1, 50), help="Give up after this many attempts.")
@click.option(
    "--python",
    "python",
    metavar="PATH",
    envvar="SAFELAUNCH_SGLANG_PYTHON",
    help="Interpreter of the environment that has SGLang.",
)
@click.option(
    "--engine-cmd", metavar="CMD", help='A prefix instead of PYTHON -m sglang.launch_server, e.g. "docker run ...".'
)
@click.option(
    "--engine",
    type=click.Choice(["sglang", "sim"]),
    default="sglang",
    show_default=True,
    help="sim: the built-in simulated engine (rehearsal, tests, demo).",
)
@click.option("--exit-when-healthy", is_flag=True, help="Stop the server and exit 0 once healthy and recorded.")
@click.option(
    "--tune",
    "tune_first",
    is_flag=True,
    help="First find the highest load-safe --mem-fraction-static (as `safelaunch tune`), then serve with it.",
)
@click.option(
    "--daemon",
    is_flag=True,
    default=lambda: bool(os.environ.get("INVOCATION_ID")),
    help="Keep supervising after healthy: restart on crash (the default under systemd).",
)
@click.option(
    "--metrics-port",
    type=click.IntRange(0, 65535),
    envvar="SAFELAUNCH_METRICS_PORT",
    help="Serve the supervisor's own Prometheus metrics on this port.",
)
@click.option("--phase-timeout", type=FiniteFloatRange(0.1), help="Seconds without progress in any phase = hang.")
@click.option(
    "--health-interval",
    type=FiniteFloatRange(0.1),
    default=5.0,
    show_default=True,
    help="Seconds between liveness probes (a tiny generation) while serving.",
)
@click.option(
    "--liveness-timeout",
    type=FiniteFloatRange(0.1),
    default=20.0,
    show_default=True,
    help="Seconds a liveness generation may take; 3 misses in a row restart the server (as SGLang's 20 s).",
)
@click.option(
    "--api-key-file",
    metavar="FILE",
    envvar="SAFELAUNCH_API_KEY_FILE",
    help="SGLang's --api-key, read from this file (or $SAFELAUNCH_API_KEY); it reaches SGLang in a 0600 "
    "--config file, never in any argv.",
)
@click.option("--no-store", is_flag=True, help="Neither read nor write the store.")
@store_option
@click.option("--force", is_flag=True, help="Start even when a preflight check (safelaunch doctor) fails.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object (last stdout line).")
@click.option("--bench", is_flag=True, help="After healthy, benchmark under load; only a survivor counts as verified.")
@click.option(
    "--bench-scale",
    type=FiniteFloatRange(0.001, 100, min_open=False),
    envvar="SAFELAUNCH_BENCH_SCALE",
    help="Multiply the benchmark's prompt counts (0.1 for a quick check).",
)
@click.option(
    "--bench-dataset-path",
    metavar="FILE",
    type=click.Path(exists=True, dir_okay=False),
    help="Local ShareGPT JSON: benchmark with --dataset-name random (default random-ids, no download).",
)
@bench_tool_options("--bench-tool", "--bench-tokenizer")
@group_options
def serve(
    model: str,
    extra_args: tuple[str, ...],
    strategy: str,
    quant: str | None,
    host_profile: str | None,
    tp: int | None,
    mem_fraction_static: float | None,
    policies: str | None,
    recipe: str | None,
    revision: str | None,
    sglang_version: str | None,
    port: int | None,
    bind_host: str,
    max_attempts: int | None,
    python: str | None,
    engine_cmd: str | None,
    engine: str,
    exit_when_healthy: bool,
    tune_first: bool,
    daemon: bool,
    metrics_port: int | None,
    phase_timeout: float | None,
    health_interval: float,
    liveness_timeout: float,
    api_key_file: str | None,
    no_store: bool,
    force: bool,
    as_json: bool,
    bench: bool,
    bench_scale: float | None,
    bench_dataset_path: str | None,
    tool: str,
    tokenizer: str | None,
    nnodes: int | None,
    node_rank: int | None,
    dist_init_addr: str | None,
    group_id: str | None,
    dist_timeout: int | None,
    group_timeout: float | None,
    group_join_timeout: float,
) -> None:
    """Start SGLang for MODEL with a config that works: plan, launch, watch, recover, record, serve.

    Over several nodes (--nnodes, or LeaderWorkerSet's / Slurm's environment), run it on every node: the leader
    (rank 0) decides each attempt for the whole group."""
    group = group_settings(nnodes, node_rank, dist_init_addr, group_id, dist_timeout, group_timeout, group_join_timeout)
    try:
        extra = tuple(extra_args) or tuple(shlex.split(os.environ.get("SAFELAUNCH_EXTRA_ARGS", "")))
    except ValueError as exc:
        raise SafelaunchError(f"SAFELAUNCH_EXTRA_ARGS: {exc}") from None
    from safelaunch.core.sglang_args import check_extra_args
    from safelaunch.host.secret_config import collect

    check_extra_args(extra)  # before anything starts: these would override every remedy
    split, warnings = collect(extra, os.environ, api_key_file)
    extra = split.public
    overrides: dict[str, Any] = {}
    if tp is not None:
        overrides["tp"] = tp
    if mem_fraction_static is not None:
        overrides["mem-fraction-static"] = mem_fraction_static
    opts = serve_options(
        model=model,
        strategy=strategy,
        quant=quant or None,
        host_profile=host_profile,
        overrides=overrides,
        extra_args=extra,
        port=port,
        host=bind_host,
        max_attempts=max_attempts,
        engine=engine,
        python=python,
        engine_cmd=split_engine_cmd(engine_cmd),
        exit_when_healthy=exit_when_healthy,
        daemon=daemon,
        policies_dir=policies,
        sglang_version=sglang_version,
        use_store=not no_store,
        phase_timeout_s=phase_timeout,
        force=force,
        bench=bench,
        bench_scale=bench_scale,
        bench_dataset_path=bench_dataset_path,
        bench_tool=tool,
        bench_tokenizer=tokenizer,
        recipe=recipe,
        revision=revision,
        secrets=split.secrets,
    )
    if tune_first:
        from safelaunch.cli.tune import tune_first as tune_before_serving

        opts = tune_before_serving(opts, group)
    _run_serve(opts, as_json, daemon, metrics_port, health_interval, warnings, liveness_timeout, group)


DEMO_MODEL = "deepseek-ai/DeepSeek-V4-Flash"


DEMO_DIR = "demo"


def demo_home() -> Path:
    """The demo's own store and catalogue: `demo/` under $SAFELAUNCH_HOME (or the default state directory), apart
    from the store real starts read; its records say engine `sim`, so no real lookup could take them anyway."""
    from safelaunch.store import store_path

    return store_path().parent / DEMO_DIR


@click.command()
@click.option(
    "--speed",
    type=FiniteFloatRange(0.1, 1000),
    default=4.0,
    show_default=True,
    help="How much faster than a real start the simulated engine runs.",
)
@click.option("--port", type=click.IntRange(1, 65535), help="HTTP port (fixed: an error if busy). Default: a free one.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
def demo(speed: float, port: int | None, as_json: bool) -> None:
    """The whole cycle on a simulated 8x H200 host: plan, OOM in CUDA graph capture, recovery, healthy, recorded."""
    home = demo_home()
    policies = home / "policies"
    try:
        policies.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SafelaunchError(f"cannot create the demo's directory {home}: {exc.strerror or exc}") from None
    os.environ["SAFELAUNCH_HOME"] = str(home)
    os.environ.setdefault("SAFELAUNCH_SIM_SPEED", str(speed))
    os.environ.setdefault("SAFELAUNCH_SIM_SEED", "7")
    os.environ["HF_HUB_OFFLINE"] = "1"  # a rehearsal on the catalogue's figures: the same on every host, no network
    # No model recipe in the demo's catalogue: a generic start, as for a model nobody has tuned yet.
    from safelaunch.core.recipes import packaged_policies_dir

    (policies / "defaults.yaml").write_text((packaged_policies_dir() / "defaults.yaml").read_text())
    click.echo(
        f"safelaunch demo: {DEMO_MODEL} on a simulated 8x NVIDIA H200 host with the simulated SGLang engine, "
        "starting from --tp 8 --mem-fraction-static 0.95 with no tuned recipe, as an untuned launch would. "
        f"It records into its own store, {home / 'safelaunch.db'}, and never starts from it (each run shows the "
        "whole cycle).",
        err=True,
    )
    opts = serve_options(
        model=DEMO_MODEL,
        strategy="balanced",
        host_profile="8xh200",
        overrides={"tp": 8, "mem-fraction-static": 0.95},
        engine="sim",
        exit_when_healthy=True,
        policies_dir=str(policies),
        port=port,
        recall_store=False,
    )
    try:
        _run_serve(opts, as_json, False, None, 5.0)
    finally:
        click.echo(
            f"safelaunch demo: recorded in {home / 'safelaunch.db'} (engine sim); see it with: "
            f"SAFELAUNCH_HOME={shlex.quote(str(home))} safelaunch history",
            err=True,
        )
