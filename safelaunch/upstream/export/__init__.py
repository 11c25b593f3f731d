"""Verified configs -> SGLang cookbook snippets, a pull-request description, or recipes.

The cookbook (`docs_new/src/snippets/configs/<org>/<model>.jsx`) is where every other SGLang user finds a
config; its authoring contract is strict (flat literals, five `match` keys, flag order, placeholders), so
everything here renders exactly that shape, and `merge_*` edit an upstream file by replacing or appending
one cell's text and leaving every other byte alone (a reviewer's diff shows only what we measured).

Honesty rules: only what real SGLang ran on GPUs read through NVML, measured by SGLang's own benchmark, becomes
a cell or is merged (`selection.select`); markdown and yaml take rehearsals only when asked and then say
SIMULATED in every table, comment and recipe; every sentence says what ran (engine, version and how known,
driver, tool). A cell is `verified: true` only when every request of its benchmark completed; where the
cookbook's hardware id is coarser than ours (an H200 NVL is not an H200) we emit a custom hardware id; the
exact NVML device name, GPU count, driver and NVLink count go in as a comment in every cell we write.

The package, all pure formatting: `shapes` (the values passed around), `hardware_ids`, `flags` (what may be
said publicly), `selection` (which configs, shared by every format), `cookbook` (configs -> cells), `jsx`
(their text), `merge` (`--merge` into an upstream file), `yaml_recipes` and `pr_text`. This `__init__` is the
package's public API.
"""

from __future__ import annotations

from safelaunch.upstream.export.cookbook import bench_entry_for, cell_for, evidence, model_docs
from safelaunch.upstream.export.flags import LOCAL_ENV, LOCAL_FLAGS, docs_env, docs_flags
from safelaunch.upstream.export.hardware_ids import (
    CATALOGUE_HW,
    CUSTOM_HW,
    hardware_evidence,
    hardware_id,
    parse_fingerprint,
)
from safelaunch.upstream.export.jsx import render_bench_entry, render_benchmarks_file, render_cell, render_config_file
from safelaunch.upstream.export.merge import (
    file_exports,
    merge_benchmarks,
    merge_config,
    merge_upstream,
    resolve_match,
)
from safelaunch.upstream.export.pr_text import markdown
from safelaunch.upstream.export.selection import (
    STRATEGY_LABELS,
    doc_names,
    docs_refusal,
    exportable,
    quant_id,
    rehearsal,
    select,
    speed_dict,
    version_tuple,
    what_ran,
)
from safelaunch.upstream.export.shapes import (
    FORMATS,
    BenchEntry,
    Cell,
    ExportError,
    HwEntry,
    Match,
    MergeResult,
    ModelDoc,
)
from safelaunch.upstream.export.yaml_recipes import recipe_dict, recipe_flags, recipe_id, yaml_files

__all__ = [
    "CATALOGUE_HW",
    "CUSTOM_HW",
    "FORMATS",
    "LOCAL_ENV",
    "LOCAL_FLAGS",
    "STRATEGY_LABELS",
    "BenchEntry",
    "Cell",
    "ExportError",
    "HwEntry",
    "Match",
    "MergeResult",
    "ModelDoc",
    "bench_entry_for",
    "cell_for",
    "doc_names",
    "docs_env",
    "docs_flags",
    "docs_refusal",
    "evidence",
    "exportable",
    "file_exports",
    "hardware_evidence",
    "hardware_id",
    "markdown",
    "merge_benchmarks",
    "merge_config",
    "merge_upstream",
    "model_docs",
    "parse_fingerprint",
    "quant_id",
    "recipe_dict",
    "recipe_flags",
    "recipe_id",
    "rehearsal",
    "render_bench_entry",
    "render_benchmarks_file",
    "render_cell",
    "render_config_file",
    "resolve_match",
    "select",
    "speed_dict",
    "version_tuple",
    "what_ran",
    "yaml_files",
]
