"""The `safelaunch` command: parse, call the module that does the work, print. Nothing else lives here."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click

from safelaunch import __version__, hardware, logsetup, service
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
