"""`safelaunch history` and `safelaunch export`: what the store recorded, for a person or for upstream.

Both read the whole store, which for a fleet's PostgreSQL is every host's record (`--host NAME`: one host's).
`history` reads attempts and verified configs (read-only) and prints two tables or one JSON object; `export`
turns verified configs into SGLang cookbook cells, YAML recipes or a PR description (`upstream.export`), or
merges them into an upstream cookbook file in place (`--merge`), each file replaced in one rename.
"""

from __future__ import annotations

import contextlib
import sys
from typing import Any

import click

from safelaunch.cli.common import emit_json, store_option

HOST_HELP = "Only what this host recorded (its $SAFELAUNCH_HOST_NAME, else its host name); default: every host."


def _read_store(read: Any) -> tuple[Any, str]:
    """`read(store)` on the store opened read-only, or None where there is no SQLite file yet (never created)."""
    from safelaunch import store

    where = store.resolve()
    if where.kind == "sqlite" and where.path is not None and not where.path.exists():
        return None, where.display
    with store.Store.open(where, readonly=True) as db:
        return read(db), where.display


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
    cols = (
        "id",
        "started",
        "host",
        "model",
        "engine",
        "hardware",
        "quant",
        "strategy",
        "run",
        "#",
        "outcome",
        "failure",
        "change",
    )
    for col in cols:
        table.add_column(col)
    for a in attempts:
        duration = a.time_to_healthy_s if a.outcome == "healthy" else a.time_to_failure_s
        outcome = a.outcome + (f" ({duration:.1f} s)" if duration is not None else "")
        table.add_row(
            str(a.id),
            when(a.started_at),
            a.host or "-",
            a.model,
            _engine(a.provenance),
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
    cols = ("host", "model", "engine", "hardware", "quant", "strategy", "SGLang", "status", "attempts", "KV tokens")
    for col in (*cols, "flags", "when"):
        table.add_column(col)
    for c in configs:
        if c.demoted:
            status = f"[red]demoted: failed on {len(c.demoted)} hosts[/red]"
        elif c.load_failure is not None:
            status = f"[red]failed under load ({c.load_failure.label})[/red]"
        elif c.verified:
            status = f"[green]verified[/green] ({len(c.benchmarks)} bench)"
        else:
            status = "booted"
        flags = " ".join(f"{k}={v}" if v is not True else k for k, v in c.flags.items())
        table.add_row(
            c.host or "-",
            c.model,
            _engine(c.provenance),
            f"{c.gpu_count}x {c.device_name or c.hw_key}" + ("" if c.provenance.real_hardware else " (profile)"),
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


def _engine(p: Any) -> str:
    """`sglang`, `sim`, ...; `unknown` for rows recorded before provenance was kept (never taken for real)."""
    return p.engine if p.real_engine or p.simulated else "unknown"


def _raw_lines(configs: list[Any]) -> list[str]:
    """`history --raw`: how each stored benchmark was measured, and the tool's own output line."""
    import shlex

    out: list[str] = []
    for c in configs:
        for b in c.benchmarks:
            r = b.raw
            out.append(
                f"{c.model} {c.gpu_count}x {c.hw_key} {c.strategy}: {b.dataset} {b.isl}/{b.osl} c={b.max_concurrency}"
            )
            if not r:
                out.append("  (no raw output kept: recorded before safelaunch kept it)")
                continue
            out.append(f"  tool: {r.get('tool')} ({r.get('tool_version')}, {r.get('python')})")
            if r.get("fallback"):
                out.append(f"  fallback: {r['fallback']}")
            tok = r.get("tokenizer") or {}
            out.append(f"  tokenizer: {tok.get('path') or '-'} ({tok.get('source')})")
            out.append(f"  exact input lengths: {'yes' if r.get('tokenize_prompt') else 'no'}")
            out.append(f"  warm-up: {(r.get('warmup') or {}).get('note')}")
            note = (r.get("input_tokens") or {}).get("note")
            if note:
                out.append(f"  {note}")
            out.append(f"  command: {shlex.join(str(a) for a in r.get('command') or [])}")
            out.append(f"  jsonl: {r.get('jsonl')}")
    return out or ["no benchmark recorded"]


@click.command()
@click.option("--json", "as_json", is_flag=True, help='One JSON object: {"attempts": [...], "verified": [...]}.')
@click.option("--model", "model", metavar="M", help="Only this model (the --model-path value).")
@click.option("--limit", default=50, show_default=True, type=click.IntRange(min=0), help="At most N attempts.")
@click.option("--host", "host", metavar="NAME", help=HOST_HELP)
@click.option("--raw", is_flag=True, help="How each benchmark was measured: tool, command, the tool's JSONL line.")
@store_option
def history(as_json: bool, model: str | None, limit: int, host: str | None, raw: bool) -> None:
    """List recorded attempts and the configs that worked (every host's, in a fleet's store)."""
    found, path = _read_store(
        lambda db: (db.attempts(model=model, limit=limit, host=host), db.verified_configs(model=model, host=host))
    )
    attempts, configs = found or ([], [])
    if raw and not as_json:
        for line in _raw_lines(configs):
            click.echo(line)
    elif as_json:
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


@click.command("export")
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
@click.option(
    "--include-simulated",
    is_flag=True,
    help="markdown/yaml only: also rehearsals (simulated engine or host profile), each marked SIMULATED.",
)
@click.option("--host", "host", metavar="NAME", help=HOST_HELP)
@store_option
def export_cmd(
    fmt: str,
    model: str | None,
    out_dir: str | None,
    merge_file: str | None,
    variant: str | None,
    include_unverified: bool,
    include_simulated: bool,
    host: str | None,
) -> None:
    """Export verified configs: SGLang cookbook cells (.jsx), recipes (YAML) or a PR description (Markdown).

    Cookbook cells and --merge take only configs that real SGLang ran on GPUs read through NVML and that SGLang's
    own bench_serving measured; a rehearsal never becomes one."""
    from pathlib import Path

    from safelaunch.upstream import export as ex

    if merge_file and fmt != "sglang-docs":
        raise ex.ExportError("--merge updates cookbook .jsx files: use it with --format sglang-docs")
    if include_simulated and fmt == "sglang-docs":
        raise ex.ExportError(
            "--include-simulated is for --format markdown or yaml: a rehearsal never becomes a cookbook cell"
        )
    found, path = _read_store(lambda db: db.verified_configs(model=model, host=host))
    # a config the fleet demoted (it failed on N hosts) is no recipe for anyone
    every = [c for c in found or [] if not c.demoted]
    configs, refused = ex.select(ex.exportable(every, include_unverified), fmt, include_simulated)
    for line in refused:
        click.echo(f"safelaunch: note: not exported: {line}", err=True)
    if not configs:
        hint = "" if include_unverified else "; configs that booted but were not benchmarked need --include-unverified"
        if refused:
            hint = f"; {len(refused)} refused: {refused[0]}" + (
                "" if fmt == "sglang-docs" else " (--include-simulated exports it, marked SIMULATED)"
            )
        raise ex.ExportError(f"no config to export in {path}" + (f" for {model}" if model else "") + hint)
    if merge_file:
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
