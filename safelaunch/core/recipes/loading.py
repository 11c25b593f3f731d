"""Reading the catalogue: find the policies directory, parse each YAML file, and turn it into a `Catalogue`.

Any problem is one `ConfigError` line naming the file, the recipe and the field: bad YAML, a schema error,
a second retry policy, conflicting fallback chains, a duplicate recipe id, or two recipes that would tie for
the same request (found here at load, never a coin toss at run time).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from safelaunch import PACKAGE_DIR
from safelaunch.core.recipes.catalogue import Catalogue, Recipe, RetryPolicy
from safelaunch.core.recipes.schema import PolicyFileSchema, RecipeSchema
from safelaunch.core.recipes.selection import find_ties
from safelaunch.errors import ConfigError

POLICIES_ENV = "SAFELAUNCH_POLICIES"


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


def _parse_yaml(text: str) -> Any:
    """libyaml's parser where PyYAML was built with it (5x faster: a third of `plan`'s catalogue time), else the
    pure-Python one. Either builds the same objects (the constructor is the same); a file libyaml rejects is read
    again by the pure-Python parser, so a broken file is reported in the same words, at the same line, as before."""
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        with contextlib.suppress(yaml.YAMLError):
            return yaml.load(text, Loader=fast)  # CSafeLoader: the safe constructor, libyaml parsing
    return yaml.safe_load(text)


def _read_file(path: Path) -> PolicyFileSchema:
    try:
        raw = _parse_yaml(path.read_text())
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
        return PolicyFileSchema.model_validate(raw)
    except ValidationError as exc:
        raise ConfigError(_describe(exc, raw, path)) from None


def _to_recipe(r: RecipeSchema, file: str) -> Recipe:
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
