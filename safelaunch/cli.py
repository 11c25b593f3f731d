"""The `safelaunch` command: parse, call the module that does the work, print. Nothing else lives here."""

from __future__ import annotations

import contextlib
import json
import sys
from typing import Any

import click

from safelaunch import __version__, hardware, logsetup
from safelaunch.errors import SafelaunchError

HOST_PROFILE_HELP = "Plan for this host instead of reading NVML: COUNTxKEY (8xh200) or an NVML inventory JSON."


def emit_json(obj: Any) -> None:
    """One JSON object on one line of stdout: the machine-readable result of a command."""
    click.echo(json.dumps(obj, default=str))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="safelaunch")
@click.option(
    "--log-format",
    type=click.Choice(["auto", "console", "json"]),
    default="auto",
    show_default=True,
    help="Readable on a terminal, JSON lines otherwise.",
)
@click.option("-v", "--verbose", count=True, help="More detail in the logs.")
def cli(log_format: str, verbose: int) -> None:
    """Start SGLang on this GPU host with a config that works, and keep it working."""
    logsetup.configure(log_format, verbose)


# --------------------------------------------------------------------------- detect


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


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print the inventory as one JSON object.")
@click.option("--host-profile", metavar="SPEC", help=HOST_PROFILE_HELP)
def detect(as_json: bool, host_profile: str | None) -> None:
    """Report the GPUs (NVML), their memory, links and the processes holding memory on them."""
    try:
        host = hardware.detect(host_profile)
    except hardware.NoGpuError as exc:
        raise hardware.NoGpuError(f"{exc}; use --host-profile (e.g. 8xh200) to plan for a host") from None
    if as_json:
        emit_json(host.to_json())
    else:
        _detect_table(host)


# --------------------------------------------------------------------------- history (store)


def _history_tables(attempts: list[Any], configs: list[Any], path: Any) -> None:
    from datetime import datetime

    from rich.console import Console
    from rich.table import Table

    def when(ts: float | None) -> str:
        return datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M:%S") if ts else "-"

    console = Console(width=None if sys.stdout.isatty() else 200)
    if not attempts and not configs:
        console.print(f"nothing recorded yet (store: {path})")
        return
    table = Table(title=f"attempts, newest first ({path})")
    for col in ("id", "started", "model", "hardware", "quant", "strategy", "run", "#", "outcome", "failure", "change"):
        table.add_column(col)
    for a in attempts:
        duration = a.time_to_healthy_s if a.outcome == "healthy" else a.time_to_failure_s
        outcome = a.outcome + (f" ({duration:.1f} s)" if duration is not None else "")
        table.add_row(
            str(a.id),
            when(a.started_at),
            a.model,
            f"{a.gpu_count}x {a.hw_key}",
            a.quant or "-",
            a.strategy,
            a.run_id[:8],
            str(a.attempt_no),
            outcome,
            a.failure_label or "-",
            a.decision or "-",
        )
    console.print(table)
    table = Table(title="configs that worked")
    for col in ("model", "hardware", "quant", "strategy", "SGLang", "status", "attempts", "KV tokens", "flags", "when"):
        table.add_column(col)
    for c in configs:
        if c.load_failure is not None:
            status = f"[red]failed under load ({c.load_failure.label})[/red]"
        elif c.verified:
            status = f"[green]verified[/green] ({len(c.benchmarks)} bench)"
        else:
            status = "booted"
        flags = " ".join(f"{k}={v}" if v is not True else k for k, v in c.flags.items())
        table.add_row(
            c.model,
            f"{c.gpu_count}x {c.device_name or c.hw_key}",
            c.quant or "-",
            c.strategy,
            c.sglang_version or "?",
            status,
            str(c.attempts_needed),
            str(c.max_total_num_tokens or "-"),
            flags,
            when(c.verified_at),
        )
    console.print(table)


@cli.command()
@click.option("--json", "as_json", is_flag=True, help='One JSON object: {"attempts": [...], "verified": [...]}.')
@click.option("--model", "model", metavar="M", help="Only this model (the --model-path value).")
@click.option("--limit", default=50, show_default=True, type=click.IntRange(min=0), help="At most N attempts.")
def history(as_json: bool, model: str | None, limit: int) -> None:
    """List recorded attempts and the configs that worked ($SAFELAUNCH_HOME/safelaunch.db)."""
    from safelaunch import store

    path = store.store_path()
    if path.exists():
        with store.Store.open(path, readonly=True) as db:
            attempts, configs = db.attempts(model=model, limit=limit), db.verified_configs(model=model)
    else:
        attempts, configs = [], []
    if as_json:
        emit_json({"attempts": [a.to_json() for a in attempts], "verified": [c.to_json() for c in configs]})
    else:
        _history_tables(attempts, configs, path)


# --------------------------------------------------------------------------- export


def _write_atomically(path: Any, text: str) -> None:
    """Replace a file's bytes in one rename, keeping its permissions (an upstream checkout stays consistent)."""
    import os
    import shutil
    import tempfile
    from pathlib import Path

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        if path.exists():
            shutil.copymode(path, tmp)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _merge_into(merge_file: str, configs: list[Any], variant: str | None, only_named: bool) -> None:
    from pathlib import Path

    from safelaunch import export as ex

    given = Path(merge_file)
    text = given.read_text(encoding="utf-8")
    if given.name.endswith("-benchmarks.jsx") and "config" not in ex.file_exports(text):
        config_path, bench_path = given.with_name(given.name.removesuffix("-benchmarks.jsx") + ".jsx"), given
        if not config_path.exists():
            raise ex.ExportError(f"{given} needs its config file {config_path} beside it (for variant ids)")
        merge_config_too = False
    else:
        config_path, bench_path = given, given.with_name(given.name.removesuffix(".jsx") + "-benchmarks.jsx")
        merge_config_too = True
    config_src = config_path.read_text(encoding="utf-8")
    bench_src = bench_path.read_text(encoding="utf-8") if bench_path.exists() else None
    result, bench_result = ex.merge_upstream(
        config_src, bench_src, configs, variant, only_named, str(config_path), str(bench_path)
    )
    if merge_config_too:
        if result.text != config_src:
            _write_atomically(config_path, result.text)
        click.echo(f"{config_path}: {result.replaced} cell(s) replaced, {result.added} added")
        for note in result.notes:
            click.echo(f"safelaunch: note: {note}", err=True)
    if bench_result is not None:
        if bench_result.text != bench_src:
            _write_atomically(bench_path, bench_result.text)
        click.echo(f"{bench_path}: {bench_result.replaced} entry(ies) replaced, {bench_result.added} added")
    elif merge_config_too:
        click.echo(f"safelaunch: note: no {bench_path.name} beside it; benchmark figures not merged", err=True)


@cli.command("export")
@click.option(
    "--format", "fmt", type=click.Choice(["sglang-docs", "yaml", "markdown"]), default="sglang-docs", show_default=True
)
@click.option("--model", "model", metavar="M", help="Only this model (the --model-path value).")
@click.option("--out", "out_dir", metavar="DIR", type=click.Path(file_okay=False), help="Write files under DIR.")
@click.option(
    "--merge",
    "merge_file",
    metavar="FILE",
    type=click.Path(exists=True, dir_okay=False),
    help="Update an upstream cookbook <model>.jsx (and its -benchmarks.jsx) in place: same match replaced, new added.",
)
@click.option("--variant", metavar="ID", help="Cookbook variant id (default: read from the file's modelNames).")
@click.option("--include-unverified", is_flag=True, help="Also configs that booted but were not benchmarked.")
def export_cmd(
    fmt: str,
    model: str | None,
    out_dir: str | None,
    merge_file: str | None,
    variant: str | None,
    include_unverified: bool,
) -> None:
    """Export verified configs: SGLang cookbook cells (.jsx), recipes (YAML) or a PR description (Markdown)."""
    from pathlib import Path

    from safelaunch import export as ex
    from safelaunch import store

    path = store.store_path()
    every: list[Any] = []
    if path.exists():
        with store.Store.open(path, readonly=True) as db:
            every = db.verified_configs(model=model)
    configs = ex.exportable(every, include_unverified)
    if not configs:
        hint = "" if include_unverified else "; configs that booted but were not benchmarked need --include-unverified"
        raise ex.ExportError(f"no config to export in {path}" + (f" for {model}" if model else "") + hint)
    if merge_file:
        if fmt != "sglang-docs":
            raise ex.ExportError("--merge updates cookbook .jsx files: use it with --format sglang-docs")
        _merge_into(merge_file, configs, variant, only_named=model is None)
        return
    files: list[tuple[str, str]] = []
    if fmt == "sglang-docs":
        for doc in ex.model_docs(configs, variant):
            files.append((doc.config_path, ex.render_config_file(doc)))
            files.append((doc.benchmarks_path, ex.render_benchmarks_file(doc)))
    elif fmt == "markdown":
        files.append(("safelaunch-pr.md", ex.markdown(configs)))
    else:
        files.extend(ex.yaml_files(configs))
    for name, text in files:
        if out_dir:
            target = Path(out_dir) / name
            _write_atomically(target, text)
            click.echo(str(target))
        else:
            if len(files) > 1:
                click.echo(f"// ---- {name}" if name.endswith(".jsx") else f"# ---- {name}")
            click.echo(text, nl=not text.endswith("\n"))


# --------------------------------------------------------------------------- plan


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
    if out["env"]:
        click.echo("  env: " + " ".join(f"{k}={v}" for k, v in out["env"].items()))
    click.echo("  argv: " + " ".join(_shell_quote(a) for a in out["argv"]))


def _shell_quote(arg: str) -> str:
    import shlex

    return shlex.quote(arg)


@cli.command(context_settings={"ignore_unknown_options": False})
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
    type=click.FloatRange(0.05, 0.99),
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
@click.option("--json", "as_json", is_flag=True, help="Print the plan as one JSON object.")
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
    as_json: bool,
) -> None:
    """Show the recipe, flags, memory budget and retry ladder `serve` would use for MODEL, and the argv."""
    from safelaunch import memory, planner, sglang_args
    from safelaunch.errors import ConfigError
    from safelaunch.recipes import load_catalogue

    try:
        host = hardware.detect(host_profile)
    except hardware.NoGpuError as exc:
        raise hardware.NoGpuError(f"{exc}; use --host-profile (e.g. 8xh200) to plan for a host") from None
    installed = None if sglang_version else sglang_args.installed_sglang_version(python)
    version = sglang_version or installed
    overrides: dict[str, Any] = {}
    if tp is not None:
        overrides["tp"] = tp
    if mem_fraction_static is not None:
        overrides["mem-fraction-static"] = mem_fraction_static
    catalogue = load_catalogue(policies)
    p = planner.make_plan(
        model,
        host,
        strategy=strategy,
        quant=quant,
        overrides=overrides,
        extra_args=extra_args,
        policies_dir=policies,
        sglang_version=version,
        catalogue=catalogue,
    )
    out = p.to_json()
    out["sglang_version_source"] = "--sglang-version" if sglang_version else ("installed" if installed else "unknown")
    out["memory"] = memory.estimate(p.info, host, p.flags, p.env).to_json()
    out["ladder"] = planner.retry_ladder(p, host, catalogue.policy)
    if no_validate:
        validation = sglang_args.Validation("skipped", (), "validation skipped: --no-validate")
    else:
        validation = sglang_args.validate_argv(p.argv(), python=python, version=version)
    out["validation"] = validation.to_json()
    if as_json:
        emit_json(out)
    else:
        _plan_text(out)
    if not validation.ok:
        where = f"SGLang {version}" if version else "the installed SGLang"
        raise ConfigError(f"{where} would reject this argv: {validation.errors[0]}")


# --------------------------------------------------------------------------- entry point


def main(argv: list[str] | None = None) -> None:
    """Expected errors become one line on stderr and their exit code; Ctrl-C exits 130 quietly."""
    try:
        cli.main(args=argv, prog_name="safelaunch", standalone_mode=False)
    except SafelaunchError as exc:
        click.echo(f"safelaunch: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("safelaunch: aborted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
