"""The recipe catalogue (policies/*.yaml): load, validate, match, rank, explain.

A recipe says which SGLang flags to use for a model (or any model of a kind) on one hardware key, for one
quantization and strategy; `defaults.yaml` also holds the retry policy. The package is read as
`recipes.X`; its parts:

- `catalogue`: the plain frozen dataclasses (`Recipe`, `Catalogue`, `RetryPolicy`) and shared names;
- `schema`: the pydantic schema a policies file must satisfy;
- `loading`: finding the policies directory and reading it into a validated `Catalogue`;
- `selection`: the most specific recipe for a request, the declared hardware fallbacks, and ties.
"""

from __future__ import annotations

from safelaunch.core.recipes.catalogue import (
    PHASES,
    STRATEGIES,
    Catalogue,
    Recipe,
    RetryPolicy,
    gpus_needed,
    version_tuple,
)
from safelaunch.core.recipes.loading import (
    POLICIES_ENV,
    load_catalogue,
    load_policy,
    packaged_policies_dir,
    policies_dir,
)
from safelaunch.core.recipes.selection import Request, Selection, find_ties, hw_chain, select, select_pinned

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
    "select_pinned",
    "version_tuple",
]
