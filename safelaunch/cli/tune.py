"""`safelaunch tune MODEL`: find the highest load-safe --mem-fraction-static here and record it as verified."""

from __future__ import annotations

from typing import Any

import click

from safelaunch.cli.common import emit_json, store_option


@click.command("tune")
@click.argument("model")
@click.option("--host-profile", help="A host profile instead of NVML (rehearsals, tests).")
@click.option("--engine", type=click.Choice(["sglang", "sim"]), default="sglang", show_default=True)
@click.option("--strategy", type=click.Choice(["low-latency", "balanced", "high-throughput"]), default="balanced")
@click.option("--max-restarts", type=click.IntRange(0, 20), default=4, show_default=True)
@click.option("--probe-timeout", type=click.FloatRange(1, 3600), default=60.0, show_default=True)
@click.option("--port", type=click.IntRange(1, 65535), help="Port for the trial servers (default: a free one).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON line.")
@store_option
def tune_cmd(
    model: str,
    host_profile: str | None,
    engine: str,
    strategy: str,
    max_restarts: int,
    probe_timeout: float,
    port: int | None,
    as_json: bool,
) -> None:
    """Boot, judge by a full prefill chunk, move the fraction by the ledger (or bisect); record the best."""
    from safelaunch.supervise.results import ServeOptions

    opts = ServeOptions(model=model, strategy=strategy, host_profile=host_profile, engine=engine, port=port)
    result, _ = _run_tune(opts, max_restarts=max_restarts, probe_timeout=probe_timeout)
    for line in result.lines():
        click.echo(line, err=as_json)
    if as_json:
        emit_json(result.to_json())
    if result.best is None:
        raise SystemExit(1)


def tune_first(opts: Any, group: Any) -> Any:
    """`serve --tune`: trials (a given --mem-fraction-static is where they start), the best recorded as verified;
    the options to serve with then leave the fraction to the store, so the server starts at what was found."""
    from dataclasses import replace

    from safelaunch.errors import SafelaunchError

    if group is not None:
        raise SafelaunchError("--tune tunes one host; a group's nodes cannot be tuned with --nnodes")
    if not opts.use_store:
        raise SafelaunchError("--tune records what it finds in the store: it cannot run with --no-store")
    result, should_exit = _run_tune(opts)
    for line in result.lines():
        click.echo(line, err=True)
    if should_exit.is_set():
        raise SystemExit(128 + (should_exit.signum or 15))
    if result.best is None or not result.recorded:
        raise SafelaunchError(f"--tune found no load-safe fraction to serve with ({len(result.trials)} start(s))")
    overrides = {k: v for k, v in dict(opts.overrides).items() if k != "mem-fraction-static"}
    return replace(opts, overrides=overrides)


def _run_tune(opts: Any, **kw: Any) -> tuple[Any, Any]:
    """The trials with the console view and signal handling both entry points share; progress lines on stderr."""
    from safelaunch.supervise import supervisor
    from safelaunch.supervise import tune as tune_mod
    from safelaunch.supervise.display import ConsoleView

    should_exit = supervisor.StopRequest()
    supervisor.install_signal_handlers(should_exit)
    view = ConsoleView()
    try:
        result = tune_mod.tune(opts, [view], should_exit, say=lambda line: click.echo(line, err=True), **kw)
    finally:
        view.close()
    return result, should_exit
