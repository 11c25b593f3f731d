"""The `safelaunch` command: parse, call the module that does the work, print. Nothing else lives here."""

from __future__ import annotations

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
    from safelaunch import logwatch

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
