"""`safelaunch detect`, `plan` and `doctor`: what this host has, what `serve` would start, and what would stop it.

The three commands that look before anything is launched: the GPU inventory (`core.hardware`), the plan with
its memory budget and retry ladder (`core.planner`, `core.memory`, checked against the installed SGLang by
`core.sglang_args`), and the preflight checks (`host.doctor`). Each parses, calls, prints.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from safelaunch.cli.common import (
    HOST_PROFILE_HELP,
    RECIPE_HELP,
    REVISION_HELP,
    FiniteFloatRange,
    detect_host,
    emit_json,
    serve_options,
    split_engine_cmd,
    store_option,
)
from safelaunch.core import hardware


def _detect_table(host: hardware.Host) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(
        title=f"{host.gpu_count} GPU(s) from {host.source}" + (f" ({host.description})" if host.description else "")
    )
    for col in ("#", "name", "hw_key", "memory total", "free", "used", "cc", "NVLinks", "MIG", "bus", "processes"):
        table.add_column(col)
    for g in host.gpus:
        procs = (
            ", ".join(
                f"{p.pid} {p.name or '?'} ({p.user or '?'}) {hardware.fmt_bytes(p.used_bytes)}" for p in g.processes
            )
            or "-"
        )
        table.add_row(
            str(g.index),
            g.name,
            g.hw_key,
            hardware.fmt_bytes(g.memory_total),
            hardware.fmt_bytes(g.memory_free),
            hardware.fmt_bytes(g.memory_used),
            g.compute_capability or "?",
            str(g.nvlink_active),
            g.mig_mode or "n/a",
            g.pci_bus_id or "?",
            procs,
        )
    console = Console(width=None if sys.stdout.isatty() else 160)
    console.print(table)
    console.print(
        f"driver {host.driver_version or '?'}, CUDA driver {host.cuda_driver_version or '?'}; "
        f"SGLang kernel-config device name: {host.gpus[0].kernel_device_name if host.gpus else '-'}"
    )
    if host.is_mixed:
        console.print("[yellow]warning: mixed GPU models on one host; plans use GPU 0's key[/yellow]")


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the inventory as one JSON object.")
@click.option("--host-profile", metavar="SPEC", help=HOST_PROFILE_HELP)
def detect(as_json: bool, host_profile: str | None) -> None:
    """Report the GPUs (NVML), their memory, links and the processes holding memory on them."""
    host = detect_host(host_profile)
    if as_json:
        emit_json(host.to_json())
    else:
        _detect_table(host)


def _plan_text(out: dict[str, Any]) -> None:
    """The plan for a person: recipe, reasons, memory budget, ladder, argv."""
    mem = out["memory"]
    gib = 2**30
    title = out["recipe"] or "generic plan (no recipe)"
    click.echo(f"plan for {out['model']} on {out['gpu_count']}x {out['hw_key']} ({out['strategy']}, {out['quant']})")
    click.echo(f"  recipe: {title}" + (" [verified]" if out["verified"] else " [unverified]"))
    for r in out["reasons"]:
        click.echo(f"  - {r}")
    for w in out["warnings"]:
        click.echo(f"  ! {w}")
    info = out["model_info"]
    where = f" {info['path']}" if info.get("path") else ""
    click.echo(f"  model: {info['architecture']} ({info['family']}), from {info['source']}{where}")
    for note in mem.get("notes", []):
        click.echo(f"  note: {note}")
    click.echo(
        f"  memory per GPU: {mem['gpu_total_bytes'] / gib:.1f} GiB total, {mem['pre_load_bytes'] / gib:.1f} GiB free "
        f"before weights, weights {mem['weights_bytes'] / gib:.1f} GiB, KV pool {mem['kv_pool_bytes'] / gib:.1f} GiB "
        f"= {mem['kv_tokens']:,} tokens ({mem['kv_bytes_per_token']:,} B/token), fraction {mem['fraction']} "
        f"(SGLang default {mem['sglang_default_fraction']}), left for graphs/activations/workspace "
        f"{mem['runtime_bytes'] / gib:.1f} GiB (headroom {mem['headroom_bytes'] / gib:+.1f} GiB)"
    )
    if out["ladder"]:
        click.echo("  retry ladder (what serve tries next):")
        for s in out["ladder"]:
            change = " ".join(f"{k}={v}" for k, v in s["set"].items())
            click.echo(
                f"    after {'/'.join(s['on'])}: attempt {s['attempt']}: {change} ({s['kv_tokens']:,} KV tokens)"
            )
    val = out["validation"]
    click.echo(f"  validation: {val['method']}" + (f" - {val['detail']}" if val["detail"] else ""))
    for e in val["errors"]:
        click.echo(f"    error: {e}")
    if out["from_store"]:
        click.echo(f"  flags: from store (the config that worked on this host with engine {out['engine']}, as serve)")
    click.echo(f"  {out['spelling']}")
    click.echo("  command (serve takes the next free port when this one is busy, unless --port is given):")
    click.echo("    " + out["command_line"])


@click.command(context_settings={"ignore_unknown_options": False})
@click.argument("model")
@click.argument("extra_args", nargs=-1, type=click.UNPROCESSED, metavar="[-- SGLANG_ARGS...]")
@click.option(
    "--strategy",
    type=click.Choice(["low-latency", "balanced", "high-throughput"]),
    default="balanced",
    show_default=True,
)
@click.option(
    "--quant", metavar="Q", help="Quantization of the recipe (fp8, fp4, bf16 ...); default: the checkpoint's."
)
@click.option("--host-profile", metavar="SPEC", help=HOST_PROFILE_HELP)
@click.option("--tp", type=click.IntRange(1, 64), help="Tensor parallel size (overrides the recipe).")
@click.option(
    "--mem-fraction-static",
    type=FiniteFloatRange(0.05, 0.99),
    help="SGLang's --mem-fraction-static (overrides the recipe).",
)
@click.option(
    "--policies", metavar="DIR", help="Recipe catalogue directory (default: $SAFELAUNCH_POLICIES or the packaged one)."
)
@click.option(
    "--sglang-version", metavar="V", help="Spell the argv for this SGLang version instead of the installed one."
)
@click.option(
    "--python",
    "python",
    metavar="PATH",
    help="Interpreter that has SGLang (default: $SAFELAUNCH_SGLANG_PYTHON or this one).",
)
@click.option("--no-validate", is_flag=True, help="Do not check the argv against the installed SGLang.")
@click.option("--recipe", "recipe", metavar="ID", help=RECIPE_HELP)
@click.option("--revision", metavar="REV", help=REVISION_HELP)
@click.option(
    "--engine", type=click.Choice(["sglang", "sim"]), default="sglang", show_default=True, help="As serve's --engine."
)
@click.option("--engine-cmd", metavar="CMD", help="As serve's --engine-cmd: a prefix instead of PYTHON -m ...")
@click.option("--port", type=click.IntRange(1, 65535), help="The port in the command (default 30000, serve's first).")
@click.option("--host", "bind_host", default="127.0.0.1", show_default=True, help="The address in the command.")
@click.option("--no-store", is_flag=True, help="Ignore the store (serve --no-store).")
@store_option
@click.option("--json", "as_json", is_flag=True, help="Print the plan as one JSON object (with `command`, the argv).")
def plan(
    model: str,
    extra_args: tuple[str, ...],
    strategy: str,
    quant: str | None,
    host_profile: str | None,
    tp: int | None,
    mem_fraction_static: float | None,
    policies: str | None,
    sglang_version: str | None,
    python: str | None,
    no_validate: bool,
    recipe: str | None,
    revision: str | None,
    engine: str,
    engine_cmd: str | None,
    port: int | None,
    bind_host: str,
    no_store: bool,
    as_json: bool,
) -> None:
    """Show the recipe, flags (the store's, as serve would), memory budget, retry ladder and the command to run."""
    from safelaunch.core import memory, planner
    from safelaunch.core.recipes import load_catalogue
    from safelaunch.errors import ConfigError
    from safelaunch.host import planning, sglang_probe
    from safelaunch.supervise import preview as pv

    host = detect_host(host_profile)
    opts = serve_options(
        model=model,
        strategy=strategy,
        quant=quant or None,
        host_profile=host_profile,
        extra_args=tuple(extra_args),
        port=port,
        host=bind_host,
        engine=engine,
        python=python,
        engine_cmd=split_engine_cmd(engine_cmd),
        sglang_version=sglang_version,
        policies_dir=policies,
        use_store=not no_store,
        recipe=recipe,
        revision=revision,
    )
    version, version_source = pv.version_for(opts)
    overrides: dict[str, Any] = {}
    if tp is not None:
        overrides["tp"] = tp
    if mem_fraction_static is not None:
        overrides["mem-fraction-static"] = mem_fraction_static
    catalogue = load_catalogue(policies)
    p = planning.make_plan(
        model,
        host,
        strategy=strategy,
        quant=quant,
        overrides=overrides,
        extra_args=extra_args,
        policies_dir=policies,
        sglang_version=version,
        catalogue=catalogue,
        recipe=recipe,
        revision=revision,
    )
    view = pv.preview(opts, host, p, catalogue.policy, version, version_source)
    p = view.plan
    out = p.to_json()
    out["sglang_version_source"] = version_source
    out["spelling"] = view.spelling
    out["engine"] = view.engine
    out["from_store"] = view.from_store
    out["command"] = list(view.command)
    out["command_env"] = dict(view.env)
    out["command_line"] = view.command_line()
    out["memory"] = memory.estimate(p.info, host, p.flags, p.env).to_json()
    out["ledger"] = view.ledger
    out["ladder"] = planner.retry_ladder(p, host, catalogue.policy)
    if no_validate:
        validation = sglang_probe.Validation("skipped", (), "validation skipped: --no-validate")
    else:
        validation = sglang_probe.validate_argv(p.argv(), python=python, version=version)
    out["validation"] = validation.to_json()
    if as_json:
        emit_json(out)
    else:
        _plan_text(out)
    if not validation.ok:
        where = f"SGLang {version}" if version else "the installed SGLang"
        more = f" (and {len(validation.errors) - 1} more)" if len(validation.errors) > 1 else ""
        raise ConfigError(f"{where} would reject this argv: {validation.errors[0]}{more}")


@click.command()
@click.argument("model")
@click.option("--host-profile", metavar="SPEC", help=HOST_PROFILE_HELP)
@click.option(
    "--python",
    "python",
    metavar="PATH",
    help="The interpreter SGLang runs under (default: $SAFELAUNCH_SGLANG_PYTHON, else this one).",
)
@click.option("--port", type=click.IntRange(1, 65535), help="The port SGLang will serve on (default 30000).")
@click.option(
    "--strategy",
    type=click.Choice(["low-latency", "balanced", "high-throughput"]),
    default="balanced",
    show_default=True,
    help="The plan to check.",
)
@click.option("--quant", metavar="Q", help="Quantization to plan for (default: the checkpoint's own).")
@click.option("--recipe", "recipe", metavar="ID", help=RECIPE_HELP)
@click.option("--revision", metavar="REV", help=REVISION_HELP)
@click.option("--json", "as_json", is_flag=True, help='Print {"checks": [...], "ok": bool} as one JSON object.')
def doctor(
    model: str,
    host_profile: str | None,
    python: str | None,
    port: int | None,
    strategy: str,
    quant: str | None,
    recipe: str | None,
    revision: str | None,
    as_json: bool,
) -> None:
    """Preflight checks for MODEL on this host: exit 0 when nothing fails, 1 when something does."""
    from safelaunch.host import doctor as doc

    summary = doc.run_doctor(
        model, host_profile, python=python, port=port, strategy=strategy, quant=quant, recipe=recipe, revision=revision
    )
    if as_json:
        emit_json(summary.to_json())
    else:
        for check in summary.checks:
            click.echo(check.line())
        counts = summary.counts
        click.echo(f"doctor: {counts['ok']} ok, {counts['warn']} warn, {counts['fail']} fail")
    # SystemExit, not ctx.exit: main() runs click with standalone_mode=False, which swallows ctx.exit's code.
    sys.exit(summary.exit_code)
