"""Verified configs -> cookbook cells and benchmark entries, grouped into one document per model.

Why apart: this is the step from what the store knows to what the cookbook shows: the five-key `match`, the
`verified` flag (true only when the config survived the benchmark load), the flag and env strings, and the
evidence comment that names the exact hardware, SGLang version and the failures on the way.
"""

from __future__ import annotations

from collections.abc import Sequence

from safelaunch import __version__
from safelaunch.store import VerifiedConfig
from safelaunch.upstream.export.flags import docs_env, docs_flags
from safelaunch.upstream.export.hardware_ids import hardware_id, parse_fingerprint
from safelaunch.upstream.export.selection import (
    bench_tools,
    best_per_match,
    doc_names,
    quant_id,
    speed_dict,
    story,
    strategy_rank,
    what_ran,
)
from safelaunch.upstream.export.shapes import BenchEntry, Cell, HwEntry, Match, ModelDoc, one_line


def evidence(cfg: VerifiedConfig, custom: HwEntry | None) -> tuple[str, ...]:
    """The cell's comment: exactly what ran (engine, version and how known, hardware and its source, the tool)."""
    lines = [
        f"safelaunch {__version__}: {what_ran(cfg)}"
        + (f"; KV pool {cfg.max_total_num_tokens} tokens" if cfg.max_total_num_tokens else ""),
        f"verified: healthy, then every request of the benchmark completed ({bench_tools(cfg)})"
        if cfg.verified
        else "booted and answered a generation; not benchmarked yet",
        story(cfg.failures),
    ]
    if custom is not None:
        lines.append(
            f"no HARDWARE_CATALOG id is exact for {cfg.device_name or cfg.hw_key}: custom hw {custom.id!r} "
            f"(needs {custom.to_js()} in `hardware` and {custom.id!r} in `supportedHardware`)"
        )
    return tuple(one_line(x) for x in lines)


def cell_for(cfg: VerifiedConfig, variant: str = "default", quant: str | None = None) -> Cell:
    hw, custom = hardware_id(cfg)
    match = Match(hw, variant, quant or quant_id(cfg), cfg.strategy)
    return Cell(
        match=match,
        verified=bool(cfg.verified),
        env=tuple(docs_env(cfg.env)),
        flags=tuple(docs_flags(cfg.flags, cfg.sglang_version)),
        evidence=evidence(cfg, custom),
    )


def bench_entry_for(cfg: VerifiedConfig, match: Match) -> BenchEntry:
    fp = parse_fingerprint(cfg.host_fingerprint)
    note = (
        f"safelaunch: {bench_tools(cfg)} against {cfg.provenance.engine} {cfg.sglang_version or ''} on "
        f"{cfg.gpu_count}x {cfg.device_name or fp.get('name') or cfg.hw_key}, driver {cfg.driver_version or 'unknown'}"
        "; ttft/tpot = P50; tokens_per_sec_per_gpu = total (input+output) tok/s per GPU"
    )
    speed = tuple(speed_dict(b) for b in sorted(cfg.benchmarks, key=lambda b: (b.isl, b.osl, b.max_concurrency)))
    return BenchEntry(match, cfg.sglang_version, speed, (one_line(note),) if speed else ())


def model_docs(configs: Sequence[VerifiedConfig], variant: str | None = None) -> list[ModelDoc]:
    """Group configs per model into cookbook documents (fresh files, `variant` defaults to `default`)."""
    by_model: dict[str, list[VerifiedConfig]] = {}
    for cfg in configs:
        by_model.setdefault(cfg.model, []).append(cfg)
    docs = []
    for model, group in sorted(by_model.items()):
        org, stem = doc_names(model)
        v = variant or "default"
        pairs = best_per_match(group, lambda c, v=v: cell_for(c, v).match)
        pairs.sort(key=lambda mc: (mc[0].hw, mc[0].quant, strategy_rank(mc[0].strategy)))
        cells = tuple(cell_for(c, v) for _, c in pairs)
        benches = tuple(bench_entry_for(c, m) for m, c in pairs)
        custom = {e.id: e for e in (hardware_id(c)[1] for _, c in pairs) if e is not None}
        names = {f"{m.variant}|{m.quant}": c.model for m, c in pairs}
        docs.append(ModelDoc(org, stem, model, cells, benches, tuple(custom.values()), names))
    return docs
