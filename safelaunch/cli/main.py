"""The `safelaunch` command: parse, call the module that does the work, print. Nothing else lives here."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

import click

from safelaunch import __version__, logsetup
from safelaunch.core import hardware
from safelaunch.errors import SafelaunchError
from safelaunch.host import nvml
from safelaunch.service import install as service

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
        host = nvml.detect(host_profile)
    except nvml.NoGpuError as exc:
        raise nvml.NoGpuError(f"{exc}; use --host-profile (e.g. 8xh200) to plan for a host") from None
    if as_json:
        emit_json(host.to_json())
    else:
        _detect_table(host)


# --------------------------------------------------------------------------- install-service


@cli.command("install-service", context_settings={"ignore_unknown_options": False})
@click.argument("name")
@click.option("--model", required=True, help="Model id or local model directory (SAFELAUNCH_MODEL).")
@click.option("--strategy", type=click.Choice(["low-latency", "balanced", "high-throughput"]), help="Goal of the plan.")
@click.option("--quant", help="Quantization (fp8, fp4, awq, ...).")
@click.option("--host", help="SGLang --host (default 127.0.0.1).")
@click.option("--port", type=click.IntRange(1, 65535), help="SGLang --port (default 30000).")
@click.option("--python", "python_path", metavar="PATH", help="The interpreter that has SGLang installed.")
@click.option("--metrics-port", type=click.IntRange(1, 65535), help="The supervisor's own Prometheus port.")
@click.option("--unit-dir", type=click.Path(path_type=Path), default=str(service.DEFAULT_UNIT_DIR), show_default=True)
@click.option("--env-dir", type=click.Path(path_type=Path), default=str(service.DEFAULT_ENV_DIR), show_default=True)
@click.option("--enable", is_flag=True, help="Also create the user and run systemctl (needs root).")
@click.argument("extra_args", nargs=-1, type=click.UNPROCESSED, metavar="[-- SGLANG_ARGS...]")
def install_service(
    name: str,
    model: str,
    strategy: str | None,
    quant: str | None,
    host: str | None,
    port: int | None,
    python_path: str | None,
    metrics_port: int | None,
    unit_dir: Path,
    env_dir: Path,
    enable: bool,
    extra_args: tuple[str, ...],
) -> None:
    """Set up the systemd service safelaunch@NAME: its env file, the unit, and the systemctl commands."""
    if python_path and "/" in python_path:
        python_path = os.path.abspath(python_path)  # the service does not run in this directory
    cfg = service.validate(
        service.ServiceConfig(name, model, strategy, quant, host, port, python_path, metrics_port, extra_args)
    )
    template = service.packaged_unit_path().read_text()
    state = service.survey(cfg, env_dir, unit_dir)
    if not state.can_write:
        if enable:
            raise SafelaunchError(f"cannot write into {env_dir} and {unit_dir}; run it as root (sudo safelaunch ...)")
        plan = service.plan_install(cfg, env_dir, unit_dir, template, state)
        click.echo(f"no write access to {env_dir} or {unit_dir}; nothing was written. As root this would write:")
        for w in plan.writes:
            if w.action in ("create", "replace"):
                click.echo(f"\n{w.path} (mode {w.mode:04o}):")
                click.echo("".join(f"    {line}\n" for line in w.shown.splitlines()), nl=False)
            else:
                click.echo(f"\n{w.path}: {'unchanged' if w.action == 'unchanged' else 'exists, left as it is'}")
        click.echo("\nand then run:")
        for argv in plan.user_commands + plan.commands:
            click.echo("  " + service.command_text(argv, state.is_root))
        for note in plan.notes:
            click.echo(f"note: {note}")
        return
    if enable and not state.user_exists:
        service.run_commands([service.USERADD])
        click.echo("ran: " + service.command_text(service.USERADD, True))
        state = service.survey(cfg, env_dir, unit_dir)
    plan = service.plan_install(cfg, env_dir, unit_dir, template, state)
    service.apply_writes(plan)
    for w in plan.writes:
        verb = {"create": "wrote", "replace": "replaced", "unchanged": "unchanged:", "keep": "kept"}[w.action]
        secret = ", holds a secret" if w.path.suffix == ".env" and cfg.has_secret else ""
        click.echo(f"{verb} {w.path}" + (f" (mode {w.mode:04o}{secret})" if w.path.suffix == ".env" else ""))
    for note in plan.notes:
        click.echo(f"note: {note}")
    if enable:
        service.run_commands(plan.commands)
        for argv in plan.commands:
            click.echo("ran: " + service.command_text(argv, True))
        click.echo(f"started {cfg.unit} in the background; follow it: journalctl -u {cfg.unit} -f")
    else:
        click.echo("now run:")
        for argv in plan.user_commands + plan.commands:
            click.echo("  " + service.command_text(argv, state.is_root))


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
    from safelaunch.core import memory, planner
    from safelaunch.core.recipes import load_catalogue
    from safelaunch.errors import ConfigError
    from safelaunch.host import planning, sglang_probe

    try:
        host = nvml.detect(host_profile)
    except nvml.NoGpuError as exc:
        raise nvml.NoGpuError(f"{exc}; use --host-profile (e.g. 8xh200) to plan for a host") from None
    installed = None if sglang_version else sglang_probe.installed_sglang_version(python)
    version = sglang_version or installed
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
    )
    out = p.to_json()
    out["sglang_version_source"] = "--sglang-version" if sglang_version else ("installed" if installed else "unknown")
    out["memory"] = memory.estimate(p.info, host, p.flags, p.env).to_json()
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
    from safelaunch.store import db as store

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

    from safelaunch.upstream import export as ex

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

    from safelaunch.store import db as store
    from safelaunch.upstream import export as ex

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


# --------------------------------------------------------------------------- serve / demo


def _split_engine_cmd(text: str | None) -> tuple[str, ...]:
    import shlex

    try:
        return tuple(shlex.split(text)) if text else ()
    except ValueError as exc:
        raise SafelaunchError(f"--engine-cmd {text!r}: {exc}") from None


def _run_serve(opts: Any, as_json: bool, daemon: bool, metrics_port: int | None, health_interval: float) -> None:
    """Wire listeners, run the attempt loop, then serve (foreground or daemon) until a signal; exit with the code."""
    import threading

    from safelaunch.supervise import serve as serve_mod
    from safelaunch.supervise import supervisor
    from safelaunch.supervise.display import ConsoleView

    should_exit, reload = threading.Event(), threading.Event()
    supervisor.install_signal_handlers(should_exit, reload)
    view = ConsoleView()
    listeners: list[Any] = [view]
    from safelaunch.service import notify

    notifier = notify.Notifier.from_env()
    if notifier.enabled:
        listeners.append(serve_mod.NotifyListener(notifier))
    metrics = None
    if metrics_port is not None:
        from safelaunch.service.metrics import SupervisorMetrics

        metrics = SupervisorMetrics(model=opts.model, instance=os.environ.get("SAFELAUNCH_INSTANCE"))
        metrics.start(metrics_port)
        listeners.append(serve_mod.MetricsListener(metrics))
    run = None
    code = 0
    try:
        run = serve_mod.prepare(opts, listeners, should_exit)
        summary = serve_mod.start(run)
        code = run.exit_code
        if summary.healthy and not opts.exit_when_healthy:
            if as_json:
                emit_json(summary.to_json())
            code = serve_mod.serve_forever(run, should_exit, reload, daemon=daemon, health_interval=health_interval)
            summary = run.summary or summary
    finally:
        view.close()
        if run is not None:
            serve_mod.stop(run)
        if metrics is not None:
            metrics.stop()
        notifier.close()
    if as_json and (opts.exit_when_healthy or not summary.healthy):
        emit_json(summary.to_json())
    sys.exit(code)


def _serve_options(**kw: Any) -> Any:
    from safelaunch.supervise.supervisor import ServeOptions

    return ServeOptions(**kw)


@cli.command(context_settings={"ignore_unknown_options": False})
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
@click.option("--mem-fraction-static", type=click.FloatRange(0.05, 0.99), help="Fraction to start from.")
@click.option("--policies", metavar="DIR", help="Recipe catalogue directory.")
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
@click.option("--phase-timeout", type=click.FloatRange(0.1), help="Seconds without progress in any phase = hang.")
@click.option("--health-interval", type=click.FloatRange(0.1), default=5.0, show_default=True)
@click.option("--no-store", is_flag=True, help="Neither read nor write the store.")
@click.option("--force", is_flag=True, help="Start even when a preflight check (safelaunch doctor) fails.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object (last stdout line).")
@click.option("--bench", is_flag=True, help="After healthy, benchmark under load; only a survivor counts as verified.")
@click.option(
    "--bench-scale",
    type=click.FloatRange(0.001, 100, min_open=False),
    envvar="SAFELAUNCH_BENCH_SCALE",
    help="Multiply the benchmark's prompt counts (0.1 for a quick check).",
)
@click.option(
    "--bench-dataset-path",
    metavar="FILE",
    type=click.Path(exists=True, dir_okay=False),
    help="Local ShareGPT JSON: benchmark with --dataset-name random (default random-ids, no download).",
)
def serve(
    model: str,
    extra_args: tuple[str, ...],
    strategy: str,
    quant: str | None,
    host_profile: str | None,
    tp: int | None,
    mem_fraction_static: float | None,
    policies: str | None,
    sglang_version: str | None,
    port: int | None,
    bind_host: str,
    max_attempts: int | None,
    python: str | None,
    engine_cmd: str | None,
    engine: str,
    exit_when_healthy: bool,
    daemon: bool,
    metrics_port: int | None,
    phase_timeout: float | None,
    health_interval: float,
    no_store: bool,
    force: bool,
    as_json: bool,
    bench: bool,
    bench_scale: float | None,
    bench_dataset_path: str | None,
) -> None:
    """Start SGLang for MODEL with a config that works: plan, launch, watch, recover, record, serve."""
    import shlex

    try:
        extra = tuple(extra_args) or tuple(shlex.split(os.environ.get("SAFELAUNCH_EXTRA_ARGS", "")))
    except ValueError as exc:
        raise SafelaunchError(f"SAFELAUNCH_EXTRA_ARGS: {exc}") from None
    from safelaunch.core.sglang_args import check_extra_args

    check_extra_args(extra)  # before anything starts: these would override every remedy
    overrides: dict[str, Any] = {}
    if tp is not None:
        overrides["tp"] = tp
    if mem_fraction_static is not None:
        overrides["mem-fraction-static"] = mem_fraction_static
    opts = _serve_options(
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
        engine_cmd=_split_engine_cmd(engine_cmd),
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
    )
    _run_serve(opts, as_json, daemon, metrics_port, health_interval)


DEMO_MODEL = "deepseek-ai/DeepSeek-V4-Flash"


@cli.command()
@click.option(
    "--speed",
    type=click.FloatRange(0.1, 1000),
    default=4.0,
    show_default=True,
    help="How much faster than a real start the simulated engine runs.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
def demo(speed: float, as_json: bool) -> None:
    """The whole cycle on a simulated 8x H200 host: plan, OOM in CUDA graph capture, recovery, healthy, recorded."""
    import tempfile

    home = tempfile.mkdtemp(prefix="safelaunch-demo-")
    os.environ["SAFELAUNCH_HOME"] = home
    os.environ.setdefault("SAFELAUNCH_SIM_SPEED", str(speed))
    os.environ.setdefault("SAFELAUNCH_SIM_SEED", "7")
    # No model recipe in the demo's catalogue: a generic start, as for a model nobody has tuned yet.
    policies = Path(home) / "policies"
    policies.mkdir()
    from safelaunch.core.recipes import packaged_policies_dir

    (policies / "defaults.yaml").write_text((packaged_policies_dir() / "defaults.yaml").read_text())
    click.echo(
        f"safelaunch demo: {DEMO_MODEL} on a simulated 8x NVIDIA H200 host with the simulated SGLang engine, "
        "starting from --tp 8 --mem-fraction-static 0.95 with no tuned recipe, as an untuned launch would. "
        f"Store: {home}",
        err=True,
    )
    opts = _serve_options(
        model=DEMO_MODEL,
        strategy="balanced",
        host_profile="8xh200",
        overrides={"tp": 8, "mem-fraction-static": 0.95},
        engine="sim",
        exit_when_healthy=True,
        policies_dir=str(policies),
    )
    _run_serve(opts, as_json, False, None, 5.0)


# --------------------------------------------------------------------------- doctor


@cli.command()
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
@click.option("--json", "as_json", is_flag=True, help='Print {"checks": [...], "ok": bool} as one JSON object.')
def doctor(
    model: str,
    host_profile: str | None,
    python: str | None,
    port: int | None,
    strategy: str,
    quant: str | None,
    as_json: bool,
) -> None:
    """Preflight checks for MODEL on this host: exit 0 when nothing fails, 1 when something does."""
    from safelaunch.host import doctor as doc

    summary = doc.run_doctor(model, host_profile, python=python, port=port, strategy=strategy, quant=quant)
    if as_json:
        emit_json(summary.to_json())
    else:
        for check in summary.checks:
            click.echo(check.line())
        counts = summary.counts
        click.echo(f"doctor: {counts['ok']} ok, {counts['warn']} warn, {counts['fail']} fail")
    # SystemExit, not ctx.exit: main() runs click with standalone_mode=False, which swallows ctx.exit's code.
    sys.exit(summary.exit_code)


# --------------------------------------------------------------------------- bench


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


@cli.command("bench")
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
    type=click.FloatRange(0.001, 100),
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
@click.option(
    "--tool",
    type=click.Choice(["auto", "sglang", "loadgen"]),
    default="auto",
    show_default=True,
    help="auto: SGLang's bench_serving when installed for --python, else safelaunch.upstream.loadgen.",
)
@click.option("--policies", metavar="DIR", help="Recipe catalogue directory (for the recipe's workloads).")
@click.option("--no-store", is_flag=True, help="Measure only; record nothing.")
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


# --------------------------------------------------------------------------- classify


def _log_lines(source: str) -> Any:
    """The log as text lines, split on newlines only (tqdm's carriage returns stay inside their line)."""
    import io

    try:
        raw = sys.stdin.buffer if source == "-" else open(source, "rb")  # noqa: SIM115 (closed by the caller)
    except OSError as exc:
        raise SafelaunchError(f"cannot read {source}: {exc.strerror or exc}") from None
    return io.TextIOWrapper(raw, encoding="utf-8", errors="replace", newline="\n")


def _print_diagnosis(d: Any) -> None:
    where = f"phase {d.phase}" + (f", rank {d.rank}" if d.rank else "")
    click.echo(f"{d.label}  ({where})")
    click.echo(f"hint: {d.hint}")
    if d.numbers:
        shown = ", ".join(
            f"{k}={hardware.fmt_bytes(v) if k.endswith('_bytes') else v}" for k, v in sorted(d.numbers.items())
        )
        click.echo(f"numbers: {shown}")
    for ev in d.evidence:
        click.echo(f"  {ev.line_no:>6}  {ev.text[:300]}")


@cli.command()
@click.argument("source", metavar="FILE|-")
@click.option("--json", "as_json", is_flag=True, help="Print the diagnosis as one JSON object.")
def classify(source: str, as_json: bool) -> None:
    """Say why an SGLang log failed, or that it reached ready: label, phase, figures, evidence, what to change.

    Reads FILE (or stdin for -) line by line; exits 0 whatever the verdict.
    """
    from safelaunch.core import logwatch

    classifier = logwatch.LogClassifier()
    with _log_lines(source) as lines:
        try:
            for line in lines:
                classifier.feed(line)
        except OSError as exc:
            raise SafelaunchError(f"cannot read {source}: {exc.strerror or exc}") from None
    d = classifier.diagnosis()
    if as_json:
        emit_json(d.to_json())
    else:
        _print_diagnosis(d)


# --------------------------------------------------------------------------- entry point


def main(argv: list[str] | None = None) -> None:
    """Expected errors become one line on stderr and their exit code; Ctrl-C exits 130 quietly."""
    try:
        code = cli.main(args=argv, prog_name="safelaunch", standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
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
