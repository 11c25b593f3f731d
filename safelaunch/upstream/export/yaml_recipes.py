"""`export --format yaml`: verified configs as recipes that a policies directory loads, pinned to what ran.

Why apart: a recipe feeds safelaunch's own planner on the next host, so it follows the `policies/*.yaml`
schema (match, flags, env, verified, provenance, benchmarks) rather than the cookbook's, and says in its
provenance how it was found.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from safelaunch import __version__
from safelaunch.redact import is_secret_env, is_secret_flag
from safelaunch.store import VerifiedConfig
from safelaunch.upstream.export.flags import LOCAL_ENV, LOCAL_FLAGS
from safelaunch.upstream.export.selection import (
    bench_tools,
    best_per_match,
    doc_names,
    quant_id,
    rehearsal,
    speed_dict,
    story,
    what_ran,
)
from safelaunch.upstream.export.shapes import one_line

_RECIPE_STRATEGIES = ("low-latency", "balanced", "high-throughput")


def recipe_flags(flags: Mapping[str, Any]) -> dict[str, Any]:
    """Canonical flags as a recipe holds them: scalars only, no secrets, nothing that belongs to this host."""
    out: dict[str, Any] = {}
    for raw, value in flags.items():
        name = str(raw).lstrip("-").replace("_", "-")
        if is_secret_flag(name) or name in LOCAL_FLAGS or raw == "extra_args" or value is None or value is False:
            continue
        if isinstance(value, Mapping | list | tuple):
            value = json.dumps(value, separators=(",", ":"))
        out[name] = value
    return out


def recipe_id(cfg: VerifiedConfig) -> str:
    _, stem = doc_names(cfg.model)
    parts = ["verified", stem, f"{cfg.gpu_count}x{cfg.hw_key}", quant_id(cfg), cfg.strategy]
    return re.sub(r"[^a-z0-9.-]+", "-", "-".join(parts).lower())


def recipe_dict(cfg: VerifiedConfig) -> dict[str, Any]:
    """One recipe in the policies/*.yaml schema (recipes.py), pinned to exactly what was verified."""
    match: dict[str, Any] = {"model": cfg.model, "hw": cfg.hw_key}
    if cfg.quant:
        match["quant"] = cfg.quant.lower()
    if cfg.strategy in _RECIPE_STRATEGIES:
        match["strategy"] = cfg.strategy
    match["nodes"] = "single"
    match["gpus"] = cfg.gpu_count
    when = cfg.verified_at and _date(cfg.verified_at)
    sim = rehearsal(cfg)
    provenance = (
        (f"{sim}. " if sim else "")
        + f"safelaunch {__version__} export: healthy with {what_ran(cfg)}"
        + (f", {when}" if when else "")
        + f"; {story(cfg.failures)}"
        + (f"; every benchmark request completed ({bench_tools(cfg)})" if cfg.verified else "; not benchmarked")
    )
    recipe: dict[str, Any] = {
        "id": ("simulated-" if sim else "") + recipe_id(cfg),
        "match": match,
        "flags": recipe_flags(cfg.flags),
    }
    env = {k: v for k, v in cfg.env.items() if not is_secret_env(k) and k not in LOCAL_ENV}
    if env:
        recipe["env"] = dict(env)
    recipe["verified"] = bool(cfg.verified) and sim is None  # a rehearsal is never a measured recipe
    recipe["provenance"] = one_line(provenance)
    if cfg.benchmarks:
        recipe["benchmarks"] = [
            {**speed_dict(b), "sglang_version": cfg.sglang_version} if cfg.sglang_version else speed_dict(b)
            for b in sorted(cfg.benchmarks, key=lambda b: (b.isl, b.osl, b.max_concurrency))
        ]
    notes = [sim] if sim else []
    if cfg.max_total_num_tokens:
        notes.append(f"KV pool {cfg.max_total_num_tokens} tokens (max_total_num_tokens from /server_info)")
    if notes:
        recipe["notes"] = "; ".join(notes)
    return recipe


def _date(ts: float) -> str:
    from datetime import datetime, timezone

    return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%d")


def yaml_files(configs: Sequence[VerifiedConfig]) -> list[tuple[str, str]]:
    """One `verified-<stem>.yaml` per model, loadable by the recipe catalogue (ties resolved to the newest)."""
    import yaml

    by_model: dict[str, list[VerifiedConfig]] = {}
    for cfg in configs:
        by_model.setdefault(cfg.model, []).append(cfg)
    files = []
    for model, group in sorted(by_model.items()):
        pairs = best_per_match(group, lambda c: (c.hw_key, c.gpu_count, quant_id(c), c.strategy))
        recipes = [recipe_dict(c) for _, c in sorted(pairs, key=lambda mc: mc[0])]
        _, stem = doc_names(model)
        sims = [c for _, c in pairs if rehearsal(c)]
        header = (
            f"# SIMULATED: {len(sims)} of these {len(pairs)} recipes are rehearsals (simulated engine or hardware), "
            "not measurements of SGLang on real GPUs; each says so in its provenance.\n"
            if sims
            else ""
        ) + (
            f"# Recipes exported by safelaunch {__version__} (`safelaunch export --format yaml`); each provenance "
            "says what ran.\n"
            "# Drop this file into a policies directory (SAFELAUNCH_POLICIES) to start these configs first.\n"
        )
        body = yaml.safe_dump({"recipes": recipes}, sort_keys=False, allow_unicode=True, width=120)
        files.append((f"verified-{stem}.yaml", header + body))
    return files
