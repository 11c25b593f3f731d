"""The `safelaunch` command: the click group, its logging options, and errors turned into one line and an exit code.

Each command group lives in its own module and is registered here; nothing else lives here.
"""

from __future__ import annotations

import sys

import click

from safelaunch import __version__, logsetup
from safelaunch.cli import bench, classify, cluster, models, plan, records, serve, service, tune
from safelaunch.errors import SafelaunchError


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


for command in (
    plan.detect,
    plan.plan,
    plan.doctor,
    models.models_cmd,
    serve.serve,
    serve.demo,
    records.history,
    records.export_cmd,
    bench.bench_cmd,
    service.install_service,
    classify.classify,
    tune.tune_cmd,
    cluster.k8s_cmd,
    cluster.slurm_cmd,
):
    cli.add_command(command)


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
