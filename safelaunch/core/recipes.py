"""The recipe catalogue (policies/*.yaml): load, validate, match, rank, explain.

A recipe says which SGLang flags to use for a model (or any model of a kind) on one hardware key, for one
quantization and strategy. Validation happens at load, file by file, so a broken catalogue is one line that
names the file, the recipe and the field. Ranking is by specificity (an exact model id beats a glob beats
any model; then the exact hardware key beats an explicit fallback; then each of gpus, quant, strategy and
kind that the recipe pins); two recipes that could tie for the same request are a catalogue error found at
load, never a coin toss at run time. Hardware fallbacks (an `h200-nvl` host using an `h200` recipe) happen
only along chains the catalogue declares, and the selection says when it used one.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from safelaunch import PACKAGE_DIR
from safelaunch.errors import ConfigError

POLICIES_ENV = "SAFELAUNCH_POLICIES"
STRATEGIES = ("low-latency", "balanced", "high-throughput")
PHASES = ("launching", "loading_weights", "kv_cache", "cuda_graph", "warmup", "ready", "serving")
_FLAG_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")
MIB = 2**20


def version_tuple(version: str | None) -> tuple[int, ...] | None:
    """'0.5.10.post1' -> (0, 5, 10); None or unparsable -> None."""
    if not version:
        return None
    m = re.match(r"\s*v?(\d+)\.(\d+)(?:\.(\d+))?", version)
    if not m:
        return None
    return tuple(int(x) if x is not None else 0 for x in m.groups())


# --------------------------------------------------------------------------- the retry policy


@dataclass(frozen=True)
class RetryPolicy:
    """How `serve` walks from a failed attempt to the next one (defaults.yaml `retry:`)."""

    fraction_floor: float = 0.60  # never lower --mem-fraction-static below this
    fraction_ceiling: float = 0.95  # never raise it above this
    margin_bytes: int = 512 * MIB  # added to a measured deficit before it becomes a fraction
    max_attempts: int = 6
    tp_ladder: tuple[int, ...] = (1, 2, 4, 8)
    phase_time_limits_s: Mapping[str, float] = field(default_factory=dict)  # no progress for this long = hang
    backoff_s: float = 5.0  # first wait before a retry of a transient failure (NCCL, crash, hang)
    backoff_factor: float = 2.0
    backoff_max_s: float = 120.0
    fraction_step: float = 0.03  # the step when the deficit is unknown (and in the plan's ladder preview)
    cuda_graph_bs_floor: int = 16  # never lower cuda-graph-max-bs below this
    prefer: str = "fraction"  # on a graph OOM lower "fraction" first, or "cuda-graph-max-bs"
    min_kv_tokens: int = 32768  # a TP is "useful" when its KV pool holds at least min(this, context) tokens
    remedies: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # label -> remedy chain, in order

    def backoff(self, attempt: int) -> float:
        """Seconds to wait before retry number `attempt` (1-based) of a transient failure."""
        return min(self.backoff_max_s, self.backoff_s * self.backoff_factor ** max(0, attempt - 1))


class _RetryModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    fraction_floor: float = Field(0.60, gt=0, lt=1)
    fraction_ceiling: float = Field(0.95, gt=0, le=0.99)
    margin_bytes: int = Field(512 * MIB, ge=0)
    max_attempts: int = Field(6, ge=1, le=50)
    tp_ladder: list[int] = Field(default_factory=lambda: [1, 2, 4, 8], min_length=1)
    phase_time_limits_s: dict[str, float] = Field(default_factory=dict)
    backoff_s: float = Field(5.0, ge=0)
    backoff_factor: float = Field(2.0, ge=1)
    backoff_max_s: float = Field(120.0, ge=0)
    fraction_step: float = Field(0.03, gt=0, lt=0.5)
    cuda_graph_bs_floor: int = Field(16, ge=1)
    prefer: Literal["fraction", "cuda-graph-max-bs"] = "fraction"
    min_kv_tokens: int = Field(32768, ge=1)
    remedies: dict[str, list[str]] = Field(default_factory=dict)

    @field_validator("remedies")
    @classmethod
    def _remedies(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        from safelaunch.core.remedies import DEFAULT_CHAINS, REMEDIES

        for label, chain in v.items():
            if label not in DEFAULT_CHAINS:
                raise ValueError(f"unknown failure label {label!r} (labels: {', '.join(DEFAULT_CHAINS)})")
            for name in chain:
                if name not in REMEDIES:
                    raise ValueError(f"{label}: unknown remedy {name!r} (remedies: {', '.join(REMEDIES)})")
        return v

    @field_validator("tp_ladder")
    @classmethod
    def _ladder(cls, v: list[int]) -> list[int]:
        if any(x < 1 for x in v) or v != sorted(set(v)):
            raise ValueError("must be increasing positive integers")
        return v

    @field_validator("phase_time_limits_s")
    @classmethod
    def _phases(cls, v: dict[str, float]) -> dict[str, float]:
        for k, s in v.items():
            if k not in PHASES:
                raise ValueError(f"unknown phase {k!r} (phases: {', '.join(PHASES)})")
            if s <= 0:
                raise ValueError(f"{k}: must be positive")
        return v

    def to_policy(self) -> RetryPolicy:
        if self.fraction_floor >= self.fraction_ceiling:
            raise ValueError("fraction_floor must be below fraction_ceiling")
        d = self.model_dump()
        d["tp_ladder"] = tuple(d["tp_ladder"])
        d["remedies"] = {k: tuple(v) for k, v in d["remedies"].items()}
        return RetryPolicy(**d)


# --------------------------------------------------------------------------- recipe schema

Scalar = bool | int | float | str


class _Match(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: list[str] | str = "*"
    hw: str
    quant: str | None = None
    strategy: Literal["low-latency", "balanced", "high-throughput"] | None = None
    nodes: Literal["single", "multi"] = "single"
    gpus: int | None = Field(None, ge=1)
    kind: Literal["dense", "moe"] | None = None

    @field_validator("model")
    @classmethod
    def _models(cls, v: list[str] | str) -> list[str]:
        items = [v] if isinstance(v, str) else v
        if not items or any(not isinstance(x, str) or not x.strip() for x in items):
            raise ValueError("must be a model id, a glob, or a list of them")
        return items

    @field_validator("hw")
    @classmethod
    def _hw(cls, v: str) -> str:
        if not _FLAG_NAME.fullmatch(v):
            raise ValueError("must be a hardware key such as h200 or h200-nvl")
        return v


class _Workload(BaseModel):
    model_config = ConfigDict(extra="forbid")

    dataset: str
    isl: int = Field(ge=1)
    osl: int = Field(ge=1)
    max_concurrency: int = Field(ge=1)


class _Benchmark(BaseModel):
    model_config = ConfigDict(extra="forbid")

    workload: _Workload
    ttft_ms: float | None = None
    tpot_ms: float | None = None
    tokens_per_sec_per_gpu: float | None = None
    sglang_version: str | None = None
    notes: str | None = None


class _Recipe(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    match: _Match
    flags: dict[str, Scalar] = Field(default_factory=dict)
    env: dict[str, str] = Field(default_factory=dict)
    verified: bool = False
    provenance: str = Field(min_length=1)
    fallback_hw: list[str] = Field(default_factory=list)
    benchmarks: list[_Benchmark] = Field(default_factory=list)
    variant: str | None = None
    notes: str | None = None
    min_sglang: str | None = None  # the recipe needs at least this SGLang (a flag or choice added then)

    @field_validator("min_sglang")
    @classmethod
    def _min(cls, v: str | None) -> str | None:
        if v is not None and version_tuple(v) is None:
            raise ValueError("must be a version such as 0.5.23")
        return v

    @field_validator("flags")
    @classmethod
    def _flags(cls, v: dict[str, Scalar]) -> dict[str, Scalar]:
        for name, value in v.items():
            if not _FLAG_NAME.fullmatch(name):
                raise ValueError(f"{name!r}: flag names are SGLang's without the leading '--' (e.g. tp, dp)")
            _check_flag_value(name, value)
        return v


def _check_flag_value(name: str, value: Scalar) -> None:
    """Type checks for the flags the planner itself computes with; SGLang's parser checks the rest."""
    if value is False:
        raise ValueError(f"{name}: omit a flag instead of setting it to false")
    ints = ("tp", "dp", "ep", "pp", "cuda-graph-max-bs", "chunked-prefill-size", "max-running-requests")
    bad_int = isinstance(value, bool) or not isinstance(value, int) or value < -1 or value == 0
    if name in ints and value != "auto" and bad_int:
        raise ValueError(f"{name}: must be a positive integer or 'auto'")
    bad_fraction = isinstance(value, bool) or not isinstance(value, int | float) or not 0 < float(value) < 1
    if name == "mem-fraction-static" and value != "auto" and bad_fraction:
        raise ValueError(f"{name}: must be a number between 0 and 1, or 'auto'")


class _PolicyFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    retry: _RetryModel | None = None
    fallback_hw: dict[str, list[str]] = Field(default_factory=dict)
    recipes: list[_Recipe] = Field(default_factory=list)


# --------------------------------------------------------------------------- plain data the rest of the code uses


@dataclass(frozen=True)
class Recipe:
    id: str
    file: str
    models: tuple[str, ...]
    hw: str
    quant: str | None
    strategy: str | None
    nodes: str
    gpus: int | None
    kind: str | None
    flags: Mapping[str, Any]
    env: Mapping[str, str]
    verified: bool
    provenance: str
    fallback_hw: tuple[str, ...] = ()
    benchmarks: tuple[Mapping[str, Any], ...] = ()
    variant: str | None = None
    notes: str | None = None
    min_sglang: str | None = None

    @property
    def is_generic(self) -> bool:
        return self.models == ("*",)

    def model_score(self, model_id: str) -> int:
        """2 for an exact id, 1 for a glob, 0 for any model; -1 when it does not match."""
        mid = model_id.lower()
        best = -1
        for pat in self.models:
            p = pat.lower()
            if p == "*":
                best = max(best, 0)
            elif p == mid:
                best = max(best, 2)
            elif any(c in p for c in "*?[") and fnmatch.fnmatchcase(mid, p):
                best = max(best, 1)
            elif "/" not in mid and "/" in p and p.split("/", 1)[1] == mid:
                best = max(best, 1)  # a local directory named like the repo
        return best

    def gpus_needed(self) -> int:
        return gpus_needed(self.flags)

    def summary(self) -> str:
        parts = [f"model {'/'.join(self.models) if not self.is_generic else 'any'}", f"hw {self.hw}"]
        for name in ("quant", "strategy", "gpus", "kind"):
            v = getattr(self, name)
            if v is not None:
                parts.append(f"{name} {v}")
        return ", ".join(parts)


def gpus_needed(flags: Mapping[str, Any]) -> int:
    """GPUs a flag set occupies: tp x pp, times dp for plain data parallelism (DP attention stays inside TP)."""

    def num(key: str) -> int:
        v = flags.get(key)
        return int(v) if isinstance(v, int) and not isinstance(v, bool) else 1

    n = num("tp") * num("pp")
    if not flags.get("enable-dp-attention") and not flags.get("attn-dp-size"):
        n *= num("dp")
    return n


@dataclass(frozen=True)
class Catalogue:
    directory: str
    files: tuple[str, ...]
    recipes: tuple[Recipe, ...]
    policy: RetryPolicy
    fallback_hw: Mapping[str, tuple[str, ...]]

    def by_id(self, recipe_id: str) -> Recipe | None:
        return next((r for r in self.recipes if r.id == recipe_id), None)


# --------------------------------------------------------------------------- loading


def packaged_policies_dir() -> Path:
    """The catalogue shipped with safelaunch: `safelaunch/policies/` when installed (pyproject maps the top-level
    `policies/` to the package `safelaunch.policies`), `policies/` beside the package in a checkout."""
    here = PACKAGE_DIR
    installed = here / "policies"
    if (installed / "defaults.yaml").is_file():
        return installed
    return here.parent / "policies"


def policies_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """--policies DIR, else $SAFELAUNCH_POLICIES, else the packaged catalogue."""
    chosen = explicit or os.environ.get(POLICIES_ENV) or None
    return Path(chosen).expanduser() if chosen else packaged_policies_dir()


def _loc_text(loc: Sequence[Any]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _describe(error: ValidationError, raw: Any, path: Path) -> str:
    """The first pydantic error as one line: file, recipe (by id when it has one) and field."""
    err = error.errors()[0]
    loc = list(err.get("loc", ()))
    where = ""
    if len(loc) >= 2 and loc[0] == "recipes" and isinstance(loc[1], int):
        rid = None
        try:
            rid = raw["recipes"][loc[1]].get("id")
        except (KeyError, IndexError, TypeError, AttributeError):
            pass
        where = f"recipe {rid!r}" if rid else f"recipe #{loc[1] + 1}"
        loc = loc[2:]
    elif loc and loc[0] == "retry":
        where = "retry policy"
        loc = loc[1:]
    msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
    field_text = _loc_text(loc) or "(top level)"
    more = f" (and {len(error.errors()) - 1} more)" if len(error.errors()) > 1 else ""
    return f"{path}: {where + ': ' if where else ''}{field_text}: {msg}{more}"


def _read_file(path: Path) -> _PolicyFile:
    try:
        raw = yaml.safe_load(path.read_text())
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "syntax error"
        raise ConfigError(f"{path}: not valid YAML{at}: {problem}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ConfigError(f"{path}: expected a mapping with 'recipes:' (and 'retry:' in defaults.yaml)")
    try:
        return _PolicyFile.model_validate(raw)
    except ValidationError as exc:
        raise ConfigError(_describe(exc, raw, path)) from None


def _to_recipe(r: _Recipe, file: str) -> Recipe:
    m = r.match
    return Recipe(
        id=r.id,
        file=file,
        models=tuple(m.model),
        hw=m.hw,
        quant=m.quant.lower() if m.quant else None,
        strategy=m.strategy,
        nodes=m.nodes,
        gpus=m.gpus,
        kind=m.kind,
        flags=dict(r.flags),
        env=dict(r.env),
        verified=r.verified,
        provenance=r.provenance.strip(),
        fallback_hw=tuple(r.fallback_hw),
        benchmarks=tuple(b.model_dump(exclude_none=True) for b in r.benchmarks),
        variant=r.variant,
        notes=r.notes,
        min_sglang=r.min_sglang,
    )


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


def load_catalogue(directory: str | os.PathLike[str] | None = None) -> Catalogue:
    """Read and validate every *.yaml of the catalogue; any problem is one ConfigError line."""
    d = policies_dir(directory)
    if not d.is_dir():
        raise ConfigError(f"policies {d}: no such directory")
    files = sorted(d.glob("*.yaml")) + sorted(d.glob("*.yml"))
    if not files:
        raise ConfigError(f"policies {d}: no *.yaml files")
    recipes: list[Recipe] = []
    policy: RetryPolicy | None = None
    chains: dict[str, tuple[str, ...]] = {}
    seen: dict[str, str] = {}
    for path in files:
        pf = _read_file(path)
        if pf.retry is not None:
            if policy is not None:
                raise ConfigError(f"{path}: a second 'retry:' policy (only defaults.yaml may have one)")
            try:
                policy = pf.retry.to_policy()
            except ValueError as exc:
                raise ConfigError(f"{path}: retry policy: {exc}") from None
        for key, chain in pf.fallback_hw.items():
            if key in chains and chains[key] != tuple(chain):
                raise ConfigError(f"{path}: fallback_hw.{key}: conflicts with an earlier file ({chains[key]})")
            if key in chain:
                raise ConfigError(f"{path}: fallback_hw.{key}: a key cannot fall back to itself")
            chains[key] = tuple(chain)
        for r in pf.recipes:
            if r.id in seen:
                raise ConfigError(f"{path}: recipe {r.id!r}: id: already used in {seen[r.id]}")
            seen[r.id] = path.name
            recipes.append(_to_recipe(r, path.name))
    if policy is None:
        raise ConfigError(f"policies {d}: no retry policy ('retry:' in defaults.yaml)")
    for a, b in find_ties(recipes):
        raise ConfigError(
            f"{d / b.file}: recipe {b.id!r}: match: ties with recipe {a.id!r} ({a.file}) for the same requests; "
            "make one more specific (gpus, quant, strategy or kind)"
        )
    return Catalogue(str(d), tuple(p.name for p in files), tuple(recipes), policy, chains)


def load_policy(policies_dir: str | os.PathLike[str] | None = None) -> RetryPolicy:
    """The retry policy of a catalogue (defaults.yaml), validated with the rest of it."""
    return load_catalogue(policies_dir).policy


# --------------------------------------------------------------------------- selection


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


__all__ = [
    "PHASES",
    "POLICIES_ENV",
    "STRATEGIES",
    "Catalogue",
    "Recipe",
    "Request",
    "RetryPolicy",
    "Selection",
    "find_ties",
    "gpus_needed",
    "hw_chain",
    "load_catalogue",
    "load_policy",
    "packaged_policies_dir",
    "policies_dir",
    "select",
    "version_tuple",
]
