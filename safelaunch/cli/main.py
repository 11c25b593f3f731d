"""The `safelaunch` command: the click group, its logging options, and errors turned into one line and an exit code.

Each command group lives in its own module and is registered here by name; nothing else lives here. A command's
module is imported only when that command runs (or `--help` lists them all): `plan` never pays for `serve`'s
supervisor, the store's drivers or rich (docs/benchmarks.md, "plan's start-up time").
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from safelaunch import __version__, logsetup
from safelaunch.errors import SafelaunchError

# name -> (module under safelaunch.cli, the click command in it); `safelaunch --help` lists them in name order.
COMMANDS: dict[str, tuple[str, str]] = {
    "detect": ("plan", "detect"),
    "plan": ("plan", "plan"),
    "doctor": ("plan", "doctor"),
    "models": ("models", "models_cmd"),
    "serve": ("serve", "serve"),
    "demo": ("serve", "demo"),
    "history": ("records", "history"),
    "export": ("records", "export_cmd"),
    "bench": ("bench", "bench_cmd"),
    "install-service": ("service", "install_service"),
    "classify": ("classify", "classify"),
    "tune": ("tune", "tune_cmd"),
    "k8s": ("cluster", "k8s_cmd"),
    "slurm": ("cluster", "slurm_cmd"),
}


class LazyGroup(click.Group):
    """A group whose commands are imported on first use, by name, from `COMMANDS`."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, attr = COMMANDS[cmd_name]
        command: Any = getattr(importlib.import_module(f"safelaunch.cli.{module}"), attr)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
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


def main(argv: list[str] | None = None) -> None:
    """Expected errors become one line on stderr and their exit code; Ctrl-C exits 130 quietly."""
    try:
        code = cli.main(args=argv, prog_name="safelaunch", standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except SafelaunchError as exc:
        click.echo(f"safelaunch: error: {' '.join(str(exc).split())}", err=True)  # one line, always
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:  # one line too: the option, what is wrong with it, where help is
        ctx = getattr(exc, "ctx", None)
        hint = f" (see: {ctx.command_path} --help)" if isinstance(exc, click.UsageError) and ctx is not None else ""
        click.echo(f"safelaunch: error: {' '.join(exc.format_message().split())}{hint}", err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("safelaunch: aborted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
