"""`safelaunch classify FILE|-`: why an SGLang log failed, or that it reached ready, from the log alone.

The log is fed line by line to `core.logwatch.LogClassifier`; the diagnosis is printed as label, phase,
figures, evidence lines and what to change, or as one JSON object.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import click

from safelaunch.cli.common import emit_json
from safelaunch.core import hardware
from safelaunch.errors import SafelaunchError


def _log_lines(source: str) -> Iterator[str]:
    """The log as text lines, split on newlines only (tqdm's carriage returns stay inside their line).

    Read in chunks, each line capped (`core.linecap`): memory stays bounded on a runaway single line."""
    from safelaunch.core.linecap import LineSplitter

    try:
        raw = sys.stdin.buffer if source == "-" else open(source, "rb")  # noqa: SIM115 (closed below)
    except OSError as exc:
        raise SafelaunchError(f"cannot read {source}: {exc.strerror or exc}") from None
    splitter = LineSplitter(keep_empty=True)
    try:
        while True:
            chunk = raw.read(1 << 20)
            if not chunk:
                break
            for line in splitter.feed(chunk):
                yield line.decode("utf-8", "replace") + "\n"
        last = splitter.flush()
        if last is not None:
            yield last.decode("utf-8", "replace")
    except OSError as exc:
        raise SafelaunchError(f"cannot read {source}: {exc.strerror or exc}") from None
    finally:
        if raw is not sys.stdin.buffer:
            raw.close()


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


@click.command()
@click.argument("source", metavar="FILE|-")
@click.option("--json", "as_json", is_flag=True, help="Print the diagnosis as one JSON object.")
@click.option("--explain", is_flag=True, help="Also show the deciding line, its phase and the rule that decided.")
def classify(source: str, as_json: bool, explain: bool) -> None:
    """Say why an SGLang log failed, or that it reached ready: label, phase, figures, evidence, what to change.

    Reads FILE (or stdin for -) line by line; exits 0 whatever the verdict.
    """
    from safelaunch.core import logwatch
    from safelaunch.core.logwatch.order import oldest_first

    classifier = logwatch.LogClassifier()
    for line in oldest_first(_log_lines(source)):
        classifier.feed(line)
    d = classifier.diagnosis()
    if as_json:
        emit_json({**d.to_json(), "explain": d.explain()} if explain else d.to_json())
    else:
        _print_diagnosis(d)
        if explain:
            why = d.explain()
            where = f"line {why['line_no']}: {why['line'][:300]}" if why["line_no"] else "no deciding line"
            click.echo(f"decided by rule {why['rule']} in phase {why['phase']}, {where}")
