"""Choosing a recipe for a request: specificity ranking, declared hardware fallbacks, and the reasons why.

Ranking is by specificity (an exact model id beats a glob beats any model; then the exact hardware key
beats an explicit fallback; then each of gpus, quant, strategy and kind that the recipe pins). Hardware
fallbacks (an `h200-nvl` host using an `h200` recipe) happen only along chains the catalogue declares, and
the selection says when it used one. `find_ties` applies the same ranking to a whole catalogue at load.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from dataclasses import dataclass, replace

from safelaunch.core.recipes.catalogue import Catalogue, Recipe, version_tuple
from safelaunch.errors import ConfigError


def _score_shape(r: Recipe) -> tuple[bool, bool, bool, bool]:
    return (r.gpus is not None, r.quant is not None, r.strategy is not None, r.kind is not None)


def _models_overlap(a: Recipe, b: Recipe) -> bool:
    for p in a.models:
        for q in b.models:
            p2, q2 = p.lower(), q.lower()
            if p2 == q2 or fnmatch.fnmatchcase(p2, q2) or fnmatch.fnmatchcase(q2, p2):
                return True
    return False


def _model_kind_score(r: Recipe) -> int:
    if r.is_generic:
        return 0
    return 2 if all(not any(c in p for c in "*?[") for p in r.models) else 1


def find_ties(recipes: Sequence[Recipe]) -> list[tuple[Recipe, Recipe]]:
    """Pairs of recipes that some request would match with equal specificity (a catalogue error)."""
    ties = []
    for i, a in enumerate(recipes):
        for b in recipes[i + 1 :]:
            if a.hw != b.hw or a.nodes != b.nodes or _score_shape(a) != _score_shape(b):
                continue
            if (a.gpus, a.quant, a.strategy, a.kind) != (b.gpus, b.quant, b.strategy, b.kind):
                continue
            if _model_kind_score(a) != _model_kind_score(b) or not _models_overlap(a, b):
                continue
            ties.append((a, b))
    return ties


@dataclass(frozen=True)
class Request:
    model_id: str
    hw_key: str
    gpu_count: int
    strategy: str
    quant: str
    kind: str  # dense | moe
    nodes: str = "single"
    sglang_version: str | None = None  # None: unknown, every recipe is allowed


@dataclass(frozen=True)
class Selection:
    recipe: Recipe | None
    via_hw: str | None  # the hardware key the recipe was written for, when it differs from the host's
    reasons: tuple[str, ...]
    rejected: tuple[tuple[str, str], ...] = ()


def hw_chain(cat: Catalogue, hw_key: str) -> tuple[str, ...]:
    """The host's key followed by the keys it may fall back to, in the catalogue's declared order."""
    chain = [hw_key]
    for k in cat.fallback_hw.get(hw_key, ()):
        if k not in chain:
            chain.append(k)
    for r in cat.recipes:  # recipes that opt in to serving this key
        if hw_key in r.fallback_hw and r.hw not in chain:
            chain.append(r.hw)
    return tuple(chain)


def _field_mismatch(r: Recipe, req: Request) -> str | None:
    if r.nodes != req.nodes:
        return f"is for {r.nodes}-node deployments"
    if r.quant is not None and r.quant != req.quant:
        return f"is for quant {r.quant}, not {req.quant}"
    if r.strategy is not None and r.strategy != req.strategy:
        return f"is for strategy {r.strategy}, not {req.strategy}"
    if r.kind is not None and r.kind != req.kind:
        return f"is for {r.kind} models"
    if r.gpus is not None and r.gpus != req.gpu_count:
        return f"is for {r.gpus} GPUs, host has {req.gpu_count}"
    have, floor = version_tuple(req.sglang_version), version_tuple(r.min_sglang)
    if have and floor and have < floor:
        return f"needs SGLang >= {r.min_sglang}, this one is {req.sglang_version}"
    need = r.gpus_needed()
    if need > req.gpu_count:
        return f"needs {need} GPUs, host has {req.gpu_count}"
    return None


def select(cat: Catalogue, req: Request) -> Selection:
    """The most specific applicable recipe, with the reasons for the choice and for each near miss."""
    chain = hw_chain(cat, req.hw_key)
    candidates: list[tuple[tuple[int, int, bool, bool, bool, bool], Recipe, str]] = []
    rejected: list[tuple[str, str]] = []
    for r in cat.recipes:
        if r.hw not in chain:
            continue
        ms = r.model_score(req.model_id)
        if ms < 0:
            continue
        why = _field_mismatch(r, req)
        if why:
            if not r.is_generic:
                rejected.append((r.id, why))
            continue
        depth = chain.index(r.hw)
        candidates.append(((ms, -depth, *_score_shape(r)), r, r.hw))
    reasons: list[str] = []
    if not candidates:
        reasons.append(f"no recipe for {req.model_id} on {req.hw_key} in the catalogue: generic plan")
        return Selection(None, None, tuple(reasons), tuple(rejected))
    candidates.sort(key=lambda c: c[0], reverse=True)
    best_score, best, via = candidates[0]
    ties = [c[1].id for c in candidates[1:] if c[0] == best_score]
    if ties:
        raise ConfigError(
            f"policies {cat.directory}: recipes {best.id!r} and {ties[0]!r} tie for {req.model_id} on "
            f"{req.gpu_count}x{req.hw_key}; make one more specific"
        )
    fallbacks = chain[1:]
    if via != req.hw_key:
        own = "model-specific" if best_score[0] > 0 else "generic"
        reasons.append(
            f"no {own} {req.hw_key} recipe for {req.model_id}: using {via} recipe {best.id} "
            f"(fallback_hw {req.hw_key} -> {via}, declared in the catalogue)"
        )
    if best.is_generic:
        skipped_fallback = sorted(
            {cat.by_id(rid).hw for rid, _ in rejected if cat.by_id(rid) and cat.by_id(rid).hw in fallbacks}  # type: ignore[union-attr]
        )
        if skipped_fallback:
            reasons.append(
                f"no {req.hw_key} recipe for {req.model_id}; its {', '.join(skipped_fallback)} recipes "
                f"(fallback_hw {req.hw_key} -> {' -> '.join(fallbacks)}) do not apply here (see skipped): "
                f"generic {best.kind or 'any-kind'} recipe for {best.hw}"
            )
        elif fallbacks:
            reasons.append(
                f"no recipe for {req.model_id} on {req.hw_key} nor on its fallback {' -> '.join(fallbacks)}: "
                f"generic {best.kind or 'any-kind'} recipe for {best.hw}"
            )
        elif rejected:
            reasons.append(
                f"no applicable recipe for {req.model_id} on {req.hw_key} (see skipped): "
                f"generic {best.kind or 'any-kind'} recipe"
            )
        else:
            reasons.append(f"no recipe for {req.model_id} on {req.hw_key}: generic {best.kind or 'any-kind'} recipe")
    what = "verified" if best.verified else "unverified"
    reasons.insert(0, f"recipe {best.id} ({what}, {best.file}): matched on {best.summary()}")
    return Selection(best, via if via != req.hw_key else None, tuple(reasons), tuple(rejected))


def select_pinned(cat: Catalogue, req: Request, recipe_id: str) -> Selection:
    """The recipe `--recipe ID` names, if it applies to this model on this host; a ConfigError saying why not."""
    r = cat.by_id(recipe_id)
    if r is None:
        raise ConfigError(f"--recipe {recipe_id}: no such recipe in {cat.directory} (`safelaunch models` lists them)")
    chain = hw_chain(cat, req.hw_key)
    if r.hw not in chain:
        raise ConfigError(f"--recipe {r.id}: it is for {r.hw} GPUs, this host is {req.gpu_count}x {req.hw_key}")
    if r.model_score(req.model_id) < 0:
        raise ConfigError(f"--recipe {r.id}: it is for {', '.join(r.models)}, not {req.model_id}")
    # the pinned recipe brings its own quantization and strategy; everything else must fit this host
    why = _field_mismatch(r, replace(req, quant=r.quant or req.quant, strategy=r.strategy or req.strategy))
    if why:
        raise ConfigError(f"--recipe {r.id}: it {why}")
    via = r.hw if r.hw != req.hw_key else None
    what = "verified" if r.verified else "unverified"
    reasons = [f"recipe {r.id} ({what}, {r.file}): pinned by --recipe ({r.summary()})"]
    if via:
        reasons.append(f"recipe written for {via}: this host's {req.hw_key} may use it (fallback_hw)")
    return Selection(r, via, tuple(reasons))
