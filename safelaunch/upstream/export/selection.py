"""Which configs an export takes, one per cookbook match, and the facts every format repeats about them.

Why apart: the cookbook cells, the YAML recipes and the PR text must agree on what is exportable (benchmark-
verified, never one the load killed), on which config wins a match (verified first, then the newest SGLang,
then the newest), on the model's document names and on the speed figures; one module, so the three formats
cannot drift apart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from safelaunch.store import BenchmarkResult, PastFailure, VerifiedConfig
from safelaunch.upstream.export.hardware_ids import hardware_evidence
from safelaunch.upstream.export.shapes import one_line

STRATEGY_LABELS = {
    "low-latency": "Low-Latency",
    "balanced": "Balanced",
    "high-throughput": "High-Throughput",
    "max-throughput": "Max-Throughput",
}


def version_tuple(version: str | None) -> tuple[int, ...]:
    """`0.5.10.post1` -> (0, 5, 10); unknown -> () which sorts before every version."""
    if not version:
        return ()
    m = re.match(r"\s*v?(\d+(?:\.\d+)*)", version)
    return tuple(int(p) for p in m.group(1).split(".")) if m else ()


def doc_names(model: str) -> tuple[str, str]:
    """Model path -> (org folder, file stem) as the cookbook names them: `deepseek-ai`, `deepseek-v4-flash`."""
    clean = model.strip().rstrip("/")
    parts = clean.split("/")
    if len(parts) == 2 and not clean.startswith((".", "~")) and all(parts):
        org, name = parts
    else:
        org, name = "local", parts[-1] or "model"
    stem = re.sub(r"[^a-z0-9.]+", "-", name.lower()).strip("-") or "model"
    return org, stem


def speed_dict(b: BenchmarkResult) -> dict[str, Any]:
    """The cookbook's speed entry: P50 TTFT/TPOT, total (input+output) tokens per second per GPU."""
    return {
        "workload": {"dataset": b.dataset, "isl": b.isl, "osl": b.osl, "max_concurrency": b.max_concurrency},
        "ttft_ms": round(b.ttft_ms, 2),
        "tpot_ms": round(b.tpot_ms, 2),
        "tokens_per_sec_per_gpu": round(b.tokens_per_sec_per_gpu),
    }


def story(failures: Sequence[PastFailure]) -> str:
    if not failures:
        return "healthy at the first attempt"
    steps = "; ".join(f"{f.label}" + (f" -> {one_line(f.change)}" if f.change else "") for f in failures)
    return f"after {len(failures)} failure(s): {steps}"


def exportable(configs: Iterable[VerifiedConfig], include_unverified: bool = False) -> list[VerifiedConfig]:
    """Configs worth showing: benchmark-verified ones (or every booted one when asked); never one load killed."""
    return [
        c
        for c in configs
        if c.booted and c.load_failure is None and (c.verified or include_unverified) and c.model.strip()
    ]


def rehearsal(cfg: VerifiedConfig) -> str | None:
    """Why a config is not a fact about real SGLang on real GPUs, in words a reader cannot miss (None: it is)."""
    p = cfg.provenance
    if p.simulated:
        return (
            f"SIMULATED: run by safelaunch's simulated engine ({p.engine}), not SGLang, on hardware from "
            f"{p.hardware}; its figures are not measurements of SGLang"
        )
    if not p.real_engine:
        return "SIMULATED OR UNKNOWN: recorded before safelaunch kept provenance; treated as SIMULATED"
    if not p.real_hardware:
        return f"SIMULATED HARDWARE: {p.engine} on a host profile ({p.hardware}), the GPUs were not read through NVML"
    return None


def docs_refusal(cfg: VerifiedConfig) -> str | None:
    """Why a config may not become a cookbook cell or be merged upstream (None: it may): a rehearsal, or figures
    measured by another tool than SGLang's own benchmark."""
    why = rehearsal(cfg)
    if why is not None:
        return why
    others = sorted({b.tool for b in cfg.benchmarks if not b.by_sglang_bench})
    if others:
        return f"benchmarked with {', '.join(others)}, not SGLang's own bench_serving"
    return None


def select(
    configs: Iterable[VerifiedConfig], fmt: str, include_simulated: bool = False
) -> tuple[list[VerifiedConfig], list[str]]:
    """The configs a format may publish, and one line per config it refuses (said to the user, never dropped
    silently): `sglang-docs` takes real-engine, NVML-read, SGLang-benchmarked configs only; `markdown` and
    `yaml` take rehearsals too when asked, and then say SIMULATED everywhere."""
    kept, refused = [], []
    for cfg in configs:
        why = docs_refusal(cfg) if fmt == "sglang-docs" else (None if include_simulated else rehearsal(cfg))
        if why is None:
            kept.append(cfg)
        else:
            refused.append(f"{cfg.model} on {cfg.gpu_count}x {cfg.hw_key} ({cfg.strategy}): {why}")
    return kept, refused


def what_ran(cfg: VerifiedConfig) -> str:
    """The engine, the hardware and its source, the SGLang version and how it was known: exactly what ran."""
    p = cfg.provenance
    version = cfg.sglang_version or str(cfg.server_info.get("version") or "") or "unknown"
    engine = "SGLang" if p.engine == "sglang" else (f"SGLang via {p.engine}" if p.real_engine else p.engine)
    hw = hardware_evidence(cfg) + (" (read through NVML)" if p.real_hardware else f" (from {p.hardware}, not NVML)")
    return f"engine {engine}, SGLang {version} (version from {p.version_source}); {hw}"


def bench_tools(cfg: VerifiedConfig) -> str:
    return ", ".join(sorted({b.tool for b in cfg.benchmarks})) or "no benchmark"


def quant_id(cfg: VerifiedConfig) -> str:
    return (cfg.quant or str(cfg.flags.get("quantization") or "") or "default").lower()


def best_per_match(configs: Sequence[VerifiedConfig], match_of: Callable[[VerifiedConfig], Any]) -> list[Any]:
    """One config per match (verified first, then newest SGLang, then newest): the cookbook and the recipe
    catalogue have no SGLang-version axis, and the cookbook none for the GPU count either."""
    best: dict[Any, VerifiedConfig] = {}
    for cfg in configs:
        m = match_of(cfg)
        cur = best.get(m)
        rank = (cfg.verified, version_tuple(cfg.sglang_version), cfg.verified_at)
        if cur is None or rank > (cur.verified, version_tuple(cur.sglang_version), cur.verified_at):
            best[m] = cfg
    return [(m, c) for m, c in best.items()]


def strategy_rank(s: str) -> int:
    order = list(STRATEGY_LABELS)
    return order.index(s) if s in order else len(order)
