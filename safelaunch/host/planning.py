"""The plan for MODEL as a command line names it: look the model up on this machine, then ask the core planner.

`safelaunch.core.planner.make_plan` is pure and takes the model already resolved; `plan`, `serve`, `doctor`
and `bench` name a model by id or path, so this is the one place that resolves it (local directory, Hugging
Face cache, built-in catalogue: `safelaunch.host.model_source`) before planning. The checks that need no
model (strategy, extra arguments, a host with GPUs) still come first, as they always have.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from safelaunch.core import planner
from safelaunch.core.hardware import Host
from safelaunch.core.models import ModelInfo
from safelaunch.core.planner import Plan
from safelaunch.core.recipes import Catalogue
from safelaunch.host.model_source import resolve_model


def make_plan(
    model: str,
    host: Host,
    strategy: str = "balanced",
    quant: str | None = None,
    overrides: Mapping[str, Any] | None = None,
    extra_args: Sequence[str] = (),
    policies_dir: str | os.PathLike[str] | None = None,
    sglang_version: str | None = None,
    *,
    catalogue: Catalogue | None = None,
    info: ModelInfo | None = None,
    recipe: str | None = None,
    revision: str | None = None,
    nodes: int = 1,
) -> Plan:
    """`core.planner.make_plan` for a model named by id or path (`info` skips the lookup when already known).

    `recipe` pins a recipe by id; `revision` is the Hub revision to read the config of, passed on to SGLang's
    --revision so that it loads the same checkpoint."""
    if info is None:
        planner.check_request(host, strategy, extra_args)
        info = resolve_model(model, revision)
    if revision:
        overrides = {**(overrides or {}), "revision": revision}
    return planner.make_plan(
        model,
        host,
        strategy,
        quant,
        overrides,
        extra_args,
        policies_dir,
        sglang_version,
        catalogue=catalogue,
        info=info,
        recipe_id=recipe,
        nodes=nodes,
    )


__all__ = ["make_plan"]
