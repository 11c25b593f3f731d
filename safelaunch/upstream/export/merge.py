"""`export --merge`: put our cells into an upstream cookbook file, changing only their bytes.

Why apart: a reviewer's diff must show only what we measured, so an upstream file is edited by replacing the
cell whose `match` equals ours (or appending) and leaving every other byte, comment and newline style alone,
using the offsets `jsliteral` keeps. It also refuses a cell the cookbook would resolve to a checkpoint nobody
verified. Pure: text in, text out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from safelaunch.store import VerifiedConfig
from safelaunch.upstream.export.cookbook import bench_entry_for, cell_for
from safelaunch.upstream.export.hardware_ids import hardware_id
from safelaunch.upstream.export.jsx import render_bench_entry, render_cell
from safelaunch.upstream.export.selection import best_per_match, quant_id
from safelaunch.upstream.export.shapes import BenchEntry, Cell, ExportError, MergeResult
from safelaunch.upstream.jsliteral import Node, find_export, parse_module


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def _indent_at(text: str, pos: int) -> str | None:
    """The whitespace before `pos` on its line, or None when something else precedes it there."""
    line_start = text.rfind("\n", 0, pos) + 1
    prefix = text[line_start:pos]
    return prefix if prefix.strip() == "" else None


def _line_indent(text: str, pos: int) -> str:
    line_start = text.rfind("\n", 0, pos) + 1
    line = text[line_start:pos]
    return line[: len(line) - len(line.lstrip(" \t"))]


def _merge_array(
    text: str, array: Node, items: Sequence[tuple[Mapping[str, str], Callable[[str], str]]]
) -> tuple[str, int, int]:
    """Replace the element whose `match` equals ours, append the others; every other byte stays as it was."""
    nl = _newline(text)
    edits: list[tuple[int, int, str]] = []
    appended: list[Callable[[str], str]] = []
    replaced = 0
    item_indent = _line_indent(text, array.start) + "  "
    if array.items:
        item_indent = _indent_at(text, array.items[-1].start) or item_indent
    for match, render in items:
        target = None
        for node in array.items:
            m = node.get("match") if node.kind == "object" else None
            if m is not None and m.kind == "object" and m.to_py() == dict(match):
                target = node
                break
        if target is not None:
            indent = _indent_at(text, target.start) or item_indent
            edits.append((target.start, target.end, render(indent)))
            replaced += 1
        else:
            appended.append(render)
    if appended:
        rendered = [r(item_indent) for r in appended]
        if not array.items:
            pos = array.start + 1
            insertion = "".join(f"{nl}{item_indent}{r}," for r in rendered) + nl + _line_indent(text, array.start)
        elif array.trailing_comma is not None:
            pos = array.trailing_comma
            line_end = text.find("\n", pos)
            line_end = len(text) if line_end < 0 else line_end - (1 if text[line_end - 1 : line_end] == "\r" else 0)
            rest = text[pos:line_end].strip()
            if rest == "" or rest.startswith("//"):
                pos = line_end  # stay after a comment that shares the comma's line
            insertion = "".join(f"{nl}{item_indent}{r}," for r in rendered)
        else:
            pos = array.items[-1].end
            insertion = "".join(f",{nl}{item_indent}{r}" for r in rendered)
        edits.append((pos, pos, insertion))
    for start, end, new in sorted(edits, key=lambda e: e[0], reverse=True):
        text = text[:start] + new + text[end:]
    return text, replaced, len(appended)


def _config_node(source: str, what: str) -> Node:
    exp = find_export(parse_module(source), "config")
    if exp is None or exp.value.kind != "object":
        raise ExportError(f"{what} has no `export const config = {{...}}`")
    return exp.value


def merge_config(source: str, cells: Sequence[Cell], what: str = "the file") -> MergeResult:
    """Put `cells` into an upstream config file's `cells: [...]`: same match replaced, new ones appended."""
    config = _config_node(source, what)
    array = config.get("cells")
    if array is None or array.kind != "array":
        raise ExportError(f"{what}: `config.cells` is missing or not an array")
    unique = list({c.match: c for c in cells}.values())
    nl = _newline(source)
    items = [(c.match.as_dict(), lambda ind, c=c: render_cell(c, ind, nl)) for c in unique]
    text, replaced, added = _merge_array(source, array, items)
    py = config.to_py()
    supported = set(py.get("supportedHardware") or [])
    notes = []
    for hw in sorted({c.match.hw for c in unique} - supported):
        notes.append(
            f"hw {hw!r} is not in supportedHardware of {what}: add it (custom GPUs also need a `hardware` entry, "
            "see the cell's comment) or the cookbook greys the cell out"
        )
    return MergeResult(text, replaced, added, tuple(notes))


def merge_benchmarks(source: str, entries: Sequence[BenchEntry], what: str = "the file") -> MergeResult:
    exp = find_export(parse_module(source), "benchmarks")
    if exp is None or exp.value.kind != "array":
        raise ExportError(f"{what} has no `export const benchmarks = [...]`")
    unique = list({e.match: e for e in entries if e.speed}.values())
    nl = _newline(source)
    items = [(e.match.as_dict(), lambda ind, e=e: render_bench_entry(e, ind, nl)) for e in unique]
    text, replaced, added = _merge_array(source, exp.value, items)
    return MergeResult(text, replaced, added)


def file_exports(source: str) -> set[str]:
    return {e.name for e in parse_module(source)}


def resolve_match(
    source: str, cfg: VerifiedConfig, variant: str | None = None, what: str = "the file"
) -> tuple[str, str]:
    """(variant, quant) ids for `cfg` in an upstream config, read from its `modelNames` (or `--variant`).

    Refuses when the cookbook would resolve `{{MODEL_NAME}}` for that cell to a different checkpoint than the
    one we verified: the cell would then advertise a config nobody ran.
    """
    py = _config_node(source, what).to_py()
    names: dict[str, str] = {str(k): str(v) for k, v in (py.get("modelNames") or {}).items()}
    hw, _ = hardware_id(cfg)
    ours = quant_id(cfg)
    candidates = []
    for key, value in names.items():
        parts = key.split("|")
        if value.lower() != cfg.model.lower() or len(parts) not in (2, 3):
            continue
        if len(parts) == 3 and parts[0] != hw:
            continue
        v, q = parts[-2], parts[-1]
        if variant and v != variant:
            continue
        candidates.append((q.lower() == ours, len(parts), v, q))
    if candidates:
        candidates.sort(reverse=True)
        best = candidates[0]
        if not best[0] and cfg.quant and len({c[3] for c in candidates}) > 1:
            raise ExportError(
                f"{cfg.model} has several quantizations in {what} ({', '.join(sorted({c[3] for c in candidates}))}) "
                f"and ours ({ours}) is none of them"
            )
        v, q = best[2], best[3]
    else:
        ids = [str(x.get("id")) for x in (py.get("variants") or []) if isinstance(x, Mapping)]
        if variant:
            v = variant
        elif len(ids) == 1:
            v = ids[0]
        else:
            raise ExportError(
                f"{cfg.model} is not among the modelNames of {what}; pass --variant (one of: {', '.join(ids) or '-'})"
            )
        q = ours
    resolved = names.get(f"{hw}|{v}|{q}") or names.get(f"{v}|{q}")
    if resolved is not None and resolved.lower() != cfg.model.lower():
        raise ExportError(
            f"{what} resolves {{{{MODEL_NAME}}}} for {hw}|{v}|{q} to {resolved}, not to {cfg.model} that we verified; "
            "add a modelNames entry for it first"
        )
    return v, q


def merge_upstream(
    config_src: str,
    bench_src: str | None,
    configs: Sequence[VerifiedConfig],
    variant: str | None = None,
    only_named: bool = True,
    what: str = "the config file",
    bench_what: str = "the benchmarks file",
) -> tuple[MergeResult, MergeResult | None]:
    """Both upstream files updated with our configs (pure: text in, text out).

    `only_named`: take only configs whose model the file's `modelNames` lists (the file is about other
    models too: DeepSeek-V4's covers Flash and Pro); with an explicit `--model` every given config goes in.
    """
    py = _config_node(config_src, what).to_py()
    named = {str(v).lower() for v in (py.get("modelNames") or {}).values()}
    chosen = [c for c in configs if not only_named or c.model.lower() in named]
    if not chosen:
        raise ExportError(f"no exportable config for a model that {what} names in modelNames; pass --model")
    resolved = {id(c): resolve_match(config_src, c, variant, what) for c in chosen}
    pairs = best_per_match(chosen, lambda c: cell_for(c, *resolved[id(c)]).match)
    cells = [cell_for(c, *resolved[id(c)]) for _, c in pairs]
    result = merge_config(config_src, cells, what)
    bench_result = None
    if bench_src is not None:
        bench_result = merge_benchmarks(bench_src, [bench_entry_for(c, m) for m, c in pairs], bench_what)
    return result, bench_result
