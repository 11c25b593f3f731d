"""`safelaunch models`: what the built-in catalogue knows and which recipes exist, like NIM's list-model-profiles.

Two tables: the catalogue's models (the figures `plan` falls back to when neither a directory, the HF cache nor
the Hub can give a config.json) and the recipes of the catalogue directory (model, hardware, quantization,
strategy, GPUs, verified), each with the id `plan` and `serve` take as `--recipe ID`.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from safelaunch.cli.common import emit_json


def _rows(policies: str | None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    from safelaunch.core.model_catalogue import CATALOGUE
    from safelaunch.core.recipes import load_catalogue

    models = [
        {
            "model": m.model_id,
            "architecture": m.architecture,
            "family": m.family,
            "quant": m.quant or m.dtype,
            "weight_bytes": m.weight_bytes,
            "weight_bytes_estimated": m.weight_bytes_estimated,
            "max_context": m.max_position_embeddings,
        }
        for m in CATALOGUE.values()
    ]
    cat = load_catalogue(policies)
    recipes = [
        {
            "id": r.id,
            "models": list(r.models),
            "hw": r.hw,
            "gpus": r.gpus or ("auto" if r.flags.get("tp") == "auto" else r.gpus_needed()),
            "quant": r.quant,
            "strategy": r.strategy,
            "kind": r.kind,
            "verified": r.verified,
            "file": r.file,
        }
        for r in cat.recipes
    ]
    return models, recipes


@click.command("models")
@click.option("--policies", metavar="DIR", help="Recipe catalogue directory (default: the packaged one).")
@click.option("--json", "as_json", is_flag=True, help='Print {"models": [...], "recipes": [...]} as one JSON object.')
def models_cmd(policies: str | None, as_json: bool) -> None:
    """List the built-in model catalogue and the recipes (the ids `plan`/`serve --recipe ID` take)."""
    models, recipes = _rows(policies)
    if as_json:
        emit_json({"models": models, "recipes": recipes})
        return
    from rich.console import Console
    from rich.table import Table

    console = Console(width=None if sys.stdout.isatty() else 200)
    table = Table(title="built-in catalogue (used when no config.json can be read: offline hosts)")
    for col in ("model", "architecture", "family", "quant", "weights", "context"):
        table.add_column(col)
    for m in models:
        size = f"{m['weight_bytes'] / 1e9:.1f} GB" + (" (est.)" if m["weight_bytes_estimated"] else "")
        table.add_row(m["model"], m["architecture"], m["family"], m["quant"], size, f"{m['max_context']:,}")
    console.print(table)
    table = Table(title="recipes (safelaunch plan/serve MODEL --recipe ID)")
    for col in ("id", "model", "hardware", "gpus", "quant", "strategy", "verified"):
        table.add_column(col)
    for r in recipes:
        model = "any " + (r["kind"] or "model") if r["models"] == ["*"] else ", ".join(r["models"])
        table.add_row(
            r["id"], model, r["hw"], str(r["gpus"]), r["quant"] or "any", r["strategy"] or "any",
            "yes" if r["verified"] else "no",
        )  # fmt: skip
    console.print(table)
