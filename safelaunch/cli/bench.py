"""`safelaunch bench`: benchmark a running server the cookbook's way and record the figures with its config.

The benchmark itself is `upstream.bench` (SGLang's bench_serving, or safelaunch's load generator without
SGLang); this module parses the workloads (`--concurrency 16,64`), shows progress in the console view and
exits 1 when the server failed under load, 130 when stopped.
"""

from __future__ import annotations

import os
import sys

import click

from safelaunch.cli.common import HOST_PROFILE_HELP, FiniteFloatRange, bench_tool_options, emit_json, store_option


def _concurrency_list(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[int, ...]:
    out: list[int] = []
    for item in value:
        for part in str(item).split(","):
            part = part.strip()
            if not part:
                continue
            if not part.isdigit() or int(part) < 1:
                raise click.BadParameter(f"{part!r}: a concurrency is a positive integer (e.g. 16,64)")
            out.append(int(part))
    return tuple(out)


@click.command("bench")
@click.argument("model")
@click.option("--host", "bind_host", default="127.0.0.1", show_default=True, help="The running server's host.")
@click.option("--port", type=click.IntRange(1, 65535), default=30000, show_default=True)
@click.option(
    "--strategy",
    type=click.Choice(["low-latency", "balanced", "high-throughput"]),
    help="Whose workloads, and which stored config (default: the stored config's, else balanced).",
)
@click.option("--quant", metavar="Q", help="Which stored config (when several match).")
@click.option("--host-profile", metavar="SPEC", help=HOST_PROFILE_HELP)
@click.option("--isl", type=click.IntRange(1), help="Input length in tokens (default: the recipe's, else 8192).")
@click.option("--osl", type=click.IntRange(1), help="Output length in tokens (default: the recipe's, else 1024).")
@click.option(
    "--concurrency",
    multiple=True,
    callback=_concurrency_list,
    help="Max concurrency, repeatable or comma-separated (default: the recipe's, else per strategy).",
)
@click.option("--num-prompts", type=click.IntRange(1), help="Prompts per workload (default: the cookbook's per C).")
@click.option("--warmup-requests", type=click.IntRange(0), help="Warm-up requests per workload (default 64, scaled).")
@click.option(
    "--bench-scale",
    type=FiniteFloatRange(0.001, 100),
    envvar="SAFELAUNCH_BENCH_SCALE",
    help="Multiply the prompt counts (0.1 for a quick check).",
)
@click.option(
    "--python",
    "python",
    metavar="PATH",
    envvar="SAFELAUNCH_SGLANG_PYTHON",
    help="Interpreter whose SGLang runs the benchmark (without SGLang: safelaunch's load generator).",
)
@click.option(
    "--dataset-path",
    metavar="FILE",
    type=click.Path(exists=True, dir_okay=False),
    help="Local ShareGPT JSON: --dataset-name random (default random-ids, which downloads nothing).",
)
@bench_tool_options("--tool", "--tokenizer")
@click.option("--policies", metavar="DIR", help="Recipe catalogue directory (for the recipe's workloads).")
@click.option("--no-store", is_flag=True, help="Measure only; record nothing.")
@store_option
@click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON object.")
def bench_cmd(
    model: str,
    bind_host: str,
    port: int,
    strategy: str | None,
    quant: str | None,
    host_profile: str | None,
    isl: int | None,
    osl: int | None,
    concurrency: tuple[int, ...],
    num_prompts: int | None,
    warmup_requests: int | None,
    bench_scale: float | None,
    python: str | None,
    dataset_path: str | None,
    tool: str,
    tokenizer: str | None,
    policies: str | None,
    no_store: bool,
    as_json: bool,
) -> None:
    """Benchmark a running server for MODEL the cookbook's way; record the figures with its verified config."""
    import threading

    from safelaunch.supervise.display import ConsoleView
    from safelaunch.upstream import bench as bench_mod

    should_exit = threading.Event()
    bench_mod.stop_on_signals(should_exit)
    view = ConsoleView()
    try:
        report = bench_mod.bench_running_server(
            model,
            host=bind_host,
            port=port,
            strategy=strategy,
            quant=quant,
            host_profile=host_profile,
            isl=isl,
            osl=osl,
            concurrency=concurrency,
            num_prompts=num_prompts,
            warmup_requests=warmup_requests,
            scale=bench_scale,
            python=python,
            dataset_path=dataset_path,
            tool=tool,
            tokenizer=tokenizer,
            api_key=os.environ.get("SAFELAUNCH_API_KEY"),
            policies_dir=policies,
            use_store=not no_store,
            should_exit=should_exit,
            emit=lambda kind, **d: view(kind, d),
        )
    finally:
        view.close()
    out = report.outcome
    if as_json:
        emit_json(report.to_json())
    else:
        click.echo(f"{report.model} at {report.base_url} (SGLang {report.sglang_version or '?'}, {report.gpus} GPU(s))")
        for line in out.lines():
            click.echo(line)
        for note in report.notes:
            click.echo(f"note: {note}")
    if out.failure is not None or out.error:
        sys.exit(1)
    if out.stopped:
        sys.exit(130)
