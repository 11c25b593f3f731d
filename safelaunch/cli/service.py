"""`safelaunch install-service NAME`: the env file and unit for safelaunch@NAME, and the systemctl commands.

Without write access it writes nothing and prints what root would write and run; with it, it writes the files
(`service.install.apply_writes`) and, with --enable, creates the service user and runs systemctl.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from safelaunch.errors import SafelaunchError
from safelaunch.service import install as service
from safelaunch.service import unit_files


@click.command("install-service", context_settings={"ignore_unknown_options": False})
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
    cfg = unit_files.validate(
        unit_files.ServiceConfig(name, model, strategy, quant, host, port, python_path, metrics_port, extra_args)
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
        secret = w.shown == "***"  # a secret flag's own file: its mode matters, its value is never shown
        shown_mode = w.path.suffix == ".env" or secret
        note = ", holds a secret" if secret else ""
        click.echo(f"{verb} {w.path}" + (f" (mode {w.mode:04o}{note})" if shown_mode else ""))
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
