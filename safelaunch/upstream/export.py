"""Verified configs -> SGLang cookbook snippets, a pull-request description, or recipes. Pure formatting.

The cookbook (`docs_new/src/snippets/configs/<org>/<model>.jsx`) is where every other SGLang user finds a
config; its authoring contract is strict (flat literals, five `match` keys, flag order, placeholders), so
everything here renders exactly that shape, and `merge_*` edit an upstream file by replacing or appending
one cell's text and leaving every other byte alone (a reviewer's diff shows only what we measured).

Honesty rules: a cell is `verified: true` only when its config survived the benchmark load; where the
cookbook's hardware id is coarser than ours (an H200 NVL is not an H200) we emit a custom hardware id; the
exact NVML device name, GPU count, driver and NVLink count go in as a comment in every cell we write.
"""

from __future__ import annotations

import json
import math
import re
import shlex
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from safelaunch import __version__
from safelaunch.core.hardware import fmt_bytes, hw_class
from safelaunch.core.sglang_args import canonical, render_argv
from safelaunch.errors import SafelaunchError
from safelaunch.redact import is_secret_env, is_secret_flag
from safelaunch.store.db import BenchmarkResult, PastFailure, VerifiedConfig
from safelaunch.upstream.jsliteral import Node, find_export, parse_module

FORMATS = ("sglang-docs", "yaml", "markdown")

# The cookbook's HARDWARE_CATALOG (docs_new/src/snippets/_deployment.jsx); our key maps to the id unchanged.
CATALOGUE_HW = frozenset({"h100", "h200", "b200", "b300", "gb200", "gb300", "mi300x", "mi325x", "mi350x", "mi355x"})


@dataclass(frozen=True)
class HwEntry:
    """A config-level `hardware: [{id, label, vram, vendor}]` entry, for GPUs the catalogue does not carry."""

    id: str
    label: str
    vram: str
    vendor: str = "nvidia"

    def to_js(self) -> str:
        return (
            f"{{ id: {_js_str(self.id)}, label: {_js_str(self.label)}, vram: {_js_str(self.vram)}, "
            f"vendor: {_js_str(self.vendor)} }}"
        )


# Our finer keys -> the custom entry they export as (rtx6000 is the id DeepSeek-V4's config already uses).
CUSTOM_HW: Mapping[str, HwEntry] = {
    "h200-nvl": HwEntry("h200-nvl", "H200 NVL", "141GB"),
    "h100-nvl": HwEntry("h100-nvl", "H100 NVL", "94GB"),
    "h100-pcie": HwEntry("h100-pcie", "H100 PCIe", "80GB"),
    "h20": HwEntry("h20", "H20", "96GB"),
    "a100-80gb": HwEntry("a100-80gb", "A100 80GB", "80GB"),
    "a100-40gb": HwEntry("a100-40gb", "A100 40GB", "40GB"),
    "l40s": HwEntry("l40s", "L40S", "48GB"),
    "l4": HwEntry("l4", "L4", "24GB"),
    "rtx-pro-6000": HwEntry("rtx6000", "RTX PRO 6000", "96GB"),
}

STRATEGY_LABELS = {
    "low-latency": "Low-Latency",
    "balanced": "Balanced",
    "high-throughput": "High-Throughput",
    "max-throughput": "Max-Throughput",
}

# Flags that describe this host or this run rather than the config (and secrets, handled by redact).
LOCAL_FLAGS = frozenset(
    {
        "model-path",
        "model",
        "host",
        "port",
        "nnodes",
        "node-rank",
        "dist-init-addr",
        "nccl-init-addr",
        "nccl-port",
        "base-gpu-id",
        "served-model-name",
        "tokenizer-path",
        "download-dir",
        "log-level",
        "log-level-http",
        "log-requests",
        "enable-metrics",
        "extra_args",
    }
)
LOCAL_ENV = frozenset(
    {
        "CUDA_VISIBLE_DEVICES",
        "HF_HOME",
        "HF_HUB_CACHE",
        "HF_HUB_OFFLINE",
        "HF_DATASETS_OFFLINE",
        "TRANSFORMERS_OFFLINE",
        "TRANSFORMERS_CACHE",
        "PATH",
        "PYTHONPATH",
        "HOME",
        "NCCL_SOCKET_IFNAME",
        "GLOO_SOCKET_IFNAME",
    }
)
# The docs' spelling: argparse accepts the unique prefixes `--tp`/`--dp`, and `--ep` is a real alias.
_DOCS_OPTION = {"--tp-size": "--tp", "--dp-size": "--dp", "--ep-size": "--ep"}
_PARALLEL_ORDER = ("tp", "dp", "enable-dp-attention", "ep", "pp", "attn-dp-size", "attn-cp-size", "moe-dense-tp-size")
_MOE_EXTRA = frozenset({"enable-eplb", "ep-num-redundant-experts", "deepep-mode", "ep-dispatch-algorithm"})
_TUNING_ORDER = (
    "quantization",
    "kv-cache-dtype",
    "context-length",
    "mem-fraction-static",
    "chunked-prefill-size",
    "max-running-requests",
    "cuda-graph-max-bs",
    "cuda-graph-max-bs-decode",
    "disable-cuda-graph",
)


class ExportError(SafelaunchError):
    """Nothing to export, or an upstream file we cannot update honestly (one line)."""


# --------------------------------------------------------------------------- the shapes we emit


@dataclass(frozen=True)
class Match:
    """The cookbook's five-key selector; `nodes` is always `single` for one host."""

    hw: str
    variant: str
    quant: str
    strategy: str
    nodes: str = "single"

    def as_dict(self) -> dict[str, str]:
        return {k: getattr(self, k) for k in ("hw", "variant", "quant", "strategy", "nodes")}

    def to_js(self) -> str:
        return "{ " + ", ".join(f"{k}: {_js_str(v)}" for k, v in self.as_dict().items()) + " }"


@dataclass(frozen=True)
class Cell:
    match: Match
    verified: bool
    env: tuple[str, ...]
    flags: tuple[str, ...]
    evidence: tuple[str, ...] = ()  # comment lines inside the cell

    def as_dict(self) -> dict[str, Any]:
        """What a JavaScript parser reads back from the rendered cell."""
        return {
            "match": self.match.as_dict(),
            "verified": self.verified,
            "env": list(self.env),
            "flags": list(self.flags),
        }


@dataclass(frozen=True)
class BenchEntry:
    match: Match
    sglang_version: str | None
    speed: tuple[Mapping[str, Any], ...]
    evidence: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"match": self.match.as_dict()}
        if self.speed:
            if self.sglang_version:
                d["sglang_version"] = self.sglang_version
            d["speed"] = [dict(s) for s in self.speed]
        return d


@dataclass(frozen=True)
class ModelDoc:
    """Everything for one `<org>/<stem>.jsx` + `<org>/<stem>-benchmarks.jsx` pair."""

    org: str
    stem: str
    model: str
    cells: tuple[Cell, ...]
    benchmarks: tuple[BenchEntry, ...]
    hardware: tuple[HwEntry, ...]  # custom entries the cells need
    model_names: Mapping[str, str]  # "variant|quant" -> model path

    @property
    def config_path(self) -> str:
        return f"{self.org}/{self.stem}.jsx"

    @property
    def benchmarks_path(self) -> str:
        return f"{self.org}/{self.stem}-benchmarks.jsx"


@dataclass(frozen=True)
class MergeResult:
    text: str
    replaced: int
    added: int
    notes: tuple[str, ...] = ()


# --------------------------------------------------------------------------- small pure helpers


def _js_str(s: str) -> str:
    return json.dumps(str(s), ensure_ascii=False)


def _js_num(x: float | int) -> str:
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int) or float(x).is_integer():
        return str(int(x))
    return repr(float(x))


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


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


def parse_fingerprint(fp: str) -> dict[str, Any]:
    """`NVIDIA H200|x8|150754820096|nvlink18` (hardware.Host.fingerprint) -> its parts; missing parts absent."""
    out: dict[str, Any] = {}
    parts = fp.split("|") if fp else []
    if parts:
        out["name"] = parts[0]
    for part in parts[1:]:
        if re.fullmatch(r"x\d+", part):
            out["count"] = int(part[1:])
        elif re.fullmatch(r"\d+", part):
            out["memory_total"] = int(part)
        elif re.fullmatch(r"nvlink\d+", part):
            out["nvlinks"] = int(part[6:])
    return out


def hardware_id(cfg: VerifiedConfig) -> tuple[str, HwEntry | None]:
    """The cookbook `hw` id for a config, and the custom entry it needs when the catalogue has no honest id."""
    if cfg.hw_key in CATALOGUE_HW:
        return cfg.hw_key, None
    entry = CUSTOM_HW.get(cfg.hw_key)
    if entry is None:
        mem = parse_fingerprint(cfg.host_fingerprint).get("memory_total")
        row = hw_class(cfg.hw_key)
        mem = mem or (row.memory_total if row else None)
        vram = f"{math.ceil(mem / 2**30)}GB" if mem else "?"
        label = (cfg.device_name or cfg.hw_key).removeprefix("NVIDIA ").strip()
        entry = HwEntry(cfg.hw_key, label, vram)
    return entry.id, entry


def hardware_evidence(cfg: VerifiedConfig) -> str:
    """`8x NVIDIA H200, driver 570.133.20, 18 NVLink links per GPU` from what the store recorded."""
    fp = parse_fingerprint(cfg.host_fingerprint)
    name = cfg.device_name or fp.get("name") or cfg.hw_key
    text = f"{cfg.gpu_count}x {name}"
    text += f", driver {cfg.driver_version}" if cfg.driver_version else ", driver unknown"
    if "nvlinks" in fp:
        text += f", {fp['nvlinks']} active NVLink links per GPU" if fp["nvlinks"] else ", no NVLink (PCIe only)"
    return text


def _docs_strings(name: str, value: Any, version: str | None) -> list[str]:
    """One canonical flag -> its `"--flag value"` string(s), spelled by `sglang_args.render_argv` for `version`.

    Rendering one flag at a time keeps the docs' parallelism style (`--dp N --enable-dp-attention`, which the
    cookbook writes for every version) while the version-dependent names (`--cuda-graph-max-bs-decode`, the
    cuda-graph backends) follow the same rules as the argv safelaunch launches with.
    """
    if isinstance(value, Mapping | list | tuple):
        value = json.dumps(value, separators=(",", ":"))
    out: list[str] = []
    for token in render_argv({name: value}, version):
        if token.startswith("--") and token not in ("--",):
            out.append(_DOCS_OPTION.get(token, token))
        elif out:
            out[-1] += " " + shlex.quote(token)
    return out


def docs_flags(flags: Mapping[str, Any], sglang_version: str | None = None) -> list[str]:
    """Canonical flags -> the cookbook's flag strings, in the authoring contract's order.

    `--trust-remote-code`, `--model-path {{MODEL_NAME}}`, parallelism, MoE, tuning knobs, then
    `--host {{HOST_IP}}` / `--port {{PORT}}`. Secrets and host-local flags never appear.
    """
    kept: dict[str, Any] = {}
    for raw, value in flags.items():
        name = canonical(str(raw).replace("_", "-")) if raw != "extra_args" else raw
        if is_secret_flag(name) or name in LOCAL_FLAGS or value is None or value is False:
            continue
        kept[name] = value
    head = ["--trust-remote-code"] if kept.pop("trust-remote-code", None) else []
    head.append("--model-path {{MODEL_NAME}}")
    parallel = [n for n in _PARALLEL_ORDER if n in kept]
    moe = [n for n in kept if (n.startswith("moe-") or n in _MOE_EXTRA) and n not in parallel]
    rest = [n for n in kept if n not in parallel and n not in moe]
    tuning = [n for n in _TUNING_ORDER if n in rest] + [n for n in rest if n not in _TUNING_ORDER]
    body = [f for n in (*parallel, *moe, *tuning) for f in _docs_strings(n, kept[n], sglang_version)]
    return [*head, *body, "--host {{HOST_IP}}", "--port {{PORT}}"]


def docs_env(env: Mapping[str, str]) -> list[str]:
    """Env vars as `NAME=value` lines; secrets and host-local settings are left out."""
    out = []
    for k, v in env.items():
        if is_secret_env(k) or k in LOCAL_ENV or k.startswith("SAFELAUNCH_"):
            continue
        value = str(v)
        out.append(f"{k}={value if re.fullmatch(r'[A-Za-z0-9_.,:/@%+=-]*', value) else shlex.quote(value)}")
    return out


def speed_dict(b: BenchmarkResult) -> dict[str, Any]:
    """The cookbook's speed entry: P50 TTFT/TPOT, total (input+output) tokens per second per GPU."""
    return {
        "workload": {"dataset": b.dataset, "isl": b.isl, "osl": b.osl, "max_concurrency": b.max_concurrency},
        "ttft_ms": round(b.ttft_ms, 2),
        "tpot_ms": round(b.tpot_ms, 2),
        "tokens_per_sec_per_gpu": round(b.tokens_per_sec_per_gpu),
    }


def _story(failures: Sequence[PastFailure]) -> str:
    if not failures:
        return "healthy at the first attempt"
    steps = "; ".join(f"{f.label}" + (f" -> {_one_line(f.change)}" if f.change else "") for f in failures)
    return f"after {len(failures)} failure(s): {steps}"


def evidence(cfg: VerifiedConfig, custom: HwEntry | None) -> tuple[str, ...]:
    lines = [
        f"safelaunch {__version__}: {hardware_evidence(cfg)}; SGLang {cfg.sglang_version or 'unknown'}"
        + (f"; KV pool {cfg.max_total_num_tokens} tokens" if cfg.max_total_num_tokens else ""),
        "verified: healthy, then survived the benchmark load"
        if cfg.verified
        else "booted and answered a generation; not benchmarked yet",
        _story(cfg.failures),
    ]
    if custom is not None:
        lines.append(
            f"no HARDWARE_CATALOG id is exact for {cfg.device_name or cfg.hw_key}: custom hw {custom.id!r} "
            f"(needs {custom.to_js()} in `hardware` and {custom.id!r} in `supportedHardware`)"
        )
    return tuple(_one_line(x) for x in lines)


# --------------------------------------------------------------------------- configs -> cells


def exportable(configs: Iterable[VerifiedConfig], include_unverified: bool = False) -> list[VerifiedConfig]:
    """Configs worth showing: benchmark-verified ones (or every booted one when asked); never one load killed."""
    return [
        c
        for c in configs
        if c.booted and c.load_failure is None and (c.verified or include_unverified) and c.model.strip()
    ]


def quant_id(cfg: VerifiedConfig) -> str:
    return (cfg.quant or str(cfg.flags.get("quantization") or "") or "default").lower()


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
        f"safelaunch: SGLang bench_serving on {cfg.gpu_count}x {cfg.device_name or fp.get('name') or cfg.hw_key}; "
        "ttft/tpot = P50; tokens_per_sec_per_gpu = total (input+output) tok/s per GPU"
    )
    speed = tuple(speed_dict(b) for b in sorted(cfg.benchmarks, key=lambda b: (b.isl, b.osl, b.max_concurrency)))
    return BenchEntry(match, cfg.sglang_version, speed, (_one_line(note),) if speed else ())


def _best_per_match(configs: Sequence[VerifiedConfig], match_of: Callable[[VerifiedConfig], Any]) -> list[Any]:
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


def model_docs(configs: Sequence[VerifiedConfig], variant: str | None = None) -> list[ModelDoc]:
    """Group configs per model into cookbook documents (fresh files, `variant` defaults to `default`)."""
    by_model: dict[str, list[VerifiedConfig]] = {}
    for cfg in configs:
        by_model.setdefault(cfg.model, []).append(cfg)
    docs = []
    for model, group in sorted(by_model.items()):
        org, stem = doc_names(model)
        v = variant or "default"
        pairs = _best_per_match(group, lambda c, v=v: cell_for(c, v).match)
        pairs.sort(key=lambda mc: (mc[0].hw, mc[0].quant, _strategy_rank(mc[0].strategy)))
        cells = tuple(cell_for(c, v) for _, c in pairs)
        benches = tuple(bench_entry_for(c, m) for m, c in pairs)
        custom = {e.id: e for e in (hardware_id(c)[1] for _, c in pairs) if e is not None}
        names = {f"{m.variant}|{m.quant}": c.model for m, c in pairs}
        docs.append(ModelDoc(org, stem, model, cells, benches, tuple(custom.values()), names))
    return docs


def _strategy_rank(s: str) -> int:
    order = list(STRATEGY_LABELS)
    return order.index(s) if s in order else len(order)


# --------------------------------------------------------------------------- rendering JS


def _list_block(name: str, values: Sequence[str], inner: str) -> list[str]:
    if not values:
        return [f"{inner}{name}: [],"]
    return [f"{inner}{name}: [", *(f"{inner}  {_js_str(v)}," for v in values), f"{inner}],"]


def _comments(lines: Sequence[str], inner: str) -> list[str]:
    """Evidence as `//` lines wrapped near 110 columns, like the comments upstream writes."""
    width = max(40, 110 - len(inner) - 3)
    out = []
    for line in lines:
        for i, chunk in enumerate(textwrap.wrap(line, width) or [""]):
            out.append(f"{inner}// {'  ' if i else ''}{chunk}")
    return out


def render_cell(cell: Cell, indent: str = "    ", nl: str = "\n") -> str:
    """The cell as upstream writes it; the first line (`{`) goes where the caller puts it, the rest at `indent`."""
    inner = indent + "  "
    lines = ["{", *_comments(cell.evidence, inner)]
    lines.append(f"{inner}match: {cell.match.to_js()},")
    lines.append(f"{inner}verified: {'true' if cell.verified else 'false'},")
    lines += _list_block("env", cell.env, inner)
    lines += _list_block("flags", cell.flags, inner)
    lines.append(f"{indent}}}")
    return nl.join(lines)


def _speed_js(s: Mapping[str, Any], inner: str) -> str:
    w = s["workload"]
    workload = (
        f"{{ dataset: {_js_str(w['dataset'])}, isl: {_js_num(w['isl'])}, osl: {_js_num(w['osl'])}, "
        f"max_concurrency: {_js_num(w['max_concurrency'])} }}"
    )
    figures = ", ".join(f"{k}: {_js_num(s[k])}" for k in ("ttft_ms", "tpot_ms", "tokens_per_sec_per_gpu"))
    return f"{{ workload: {workload},\n{inner}  {figures} }}"


def render_bench_entry(entry: BenchEntry, indent: str = "  ", nl: str = "\n") -> str:
    inner = indent + "  "
    lines = ["{", *_comments(entry.evidence, inner), f"{inner}match: {entry.match.to_js()},"]
    if entry.speed:
        if entry.sglang_version:
            lines.append(f"{inner}sglang_version: {_js_str(entry.sglang_version)},")
        lines.append(f"{inner}speed: [")
        lines += [f"{inner}  " + _speed_js(s, inner + "  ").replace("\n", nl) + "," for s in entry.speed]
        lines.append(f"{inner}],")
    lines.append(f"{indent}}}")
    return nl.join(lines)


def render_config_file(doc: ModelDoc) -> str:
    """A complete cookbook config (every required field of the authoring contract)."""
    name = doc.model.rstrip("/").split("/")[-1]
    hws = list(dict.fromkeys(c.match.hw for c in doc.cells))
    quants = list(dict.fromkeys(c.match.quant for c in doc.cells))
    variants = list(dict.fromkeys(c.match.variant for c in doc.cells))
    strategies = sorted(dict.fromkeys(c.match.strategy for c in doc.cells), key=_strategy_rank)
    out = [
        f"// Generated by safelaunch {__version__} (`safelaunch export`) from configs that came up healthy on real",
        "// hardware; each cell's comment names the exact GPUs, driver and SGLang version it was verified with.",
        "// Single `export const config` literal: no spreads/calls/IIFE (the cookbook's authoring contract).",
        "",
        "export const config = {",
        f"  modelName: {_js_str(name)},",
        "",
        f"  supportedHardware: [{', '.join(_js_str(h) for h in hws)}],",
    ]
    if doc.hardware:
        out += [
            "",
            "  // GPUs the shared HARDWARE_CATALOG does not carry (the engine merges these in).",
            "  hardware: [",
            *(f"    {e.to_js()}," for e in doc.hardware),
            "  ],",
        ]
    out += ["", "  variants: ["]
    out += [f"    {{ id: {_js_str(v)}, label: {_js_str(name if v == 'default' else v)} }}," for v in variants]
    out += ["  ],", "  quantizations: ["]
    out += [f"    {{ id: {_js_str(q)}, label: {_js_str(_quant_label(q))} }}," for q in quants]
    out += ["  ],", "  strategies: ["]
    out += [f"    {{ id: {_js_str(s)}, label: {_js_str(STRATEGY_LABELS.get(s, s.title()))} }}," for s in strategies]
    out += ["  ],", "  nodesOptions: [", '    { id: "single", label: "Single Node" },', "  ],", ""]
    out += ["  modelNames: {", *(f"    {_js_str(k)}: {_js_str(v)}," for k, v in doc.model_names.items()), "  },", ""]
    out += [
        "  placeholders: {",
        '    HOST_IP:   { target: "command", label: "Bind host",   default: "0.0.0.0" },',
        '    PORT:      { target: "command", label: "Bind port",   default: "30000" },',
        '    CURL_HOST: { target: "curl",    label: "Server host", default: "localhost" },',
        '    CURL_PORT: { target: "curl",    label: "Server port", default: "30000" },',
        "  },",
        "",
        "  curl: `curl http://{{CURL_HOST}}:{{CURL_PORT}}/v1/chat/completions \\\\",
        "-H 'Content-Type: application/json' \\\\",
        """-d '{ "model": "{{MODEL_NAME}}", "messages": [{"role":"user","content":"Hello"}] }'`,""",
        "",
        "  cells: [",
    ]
    out += [f"    {render_cell(c, '    ')}," for c in doc.cells]
    out += ["  ],", "};", ""]
    return "\n".join(out)


def _quant_label(q: str) -> str:
    return "Default" if q == "default" else q.upper()


def render_benchmarks_file(doc: ModelDoc) -> str:
    out = [
        f"// {doc.stem} per-cell benchmark numbers, keyed by the same `match` tuple as {doc.stem}.jsx cells.",
        "// Measured by safelaunch with SGLang's own bench_serving (random dataset, fixed ISL/OSL).",
        "// ttft_ms / tpot_ms are P50; tokens_per_sec_per_gpu is total (input+output) tok/s per GPU.",
        "// A bare `{ match }` entry is pending (not benchmarked yet).",
        "export const benchmarks = [",
        *(f"  {render_bench_entry(e, '  ')}," for e in doc.benchmarks),
        "];",
        "",
    ]
    return "\n".join(out)


# --------------------------------------------------------------------------- merging into upstream files


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
    pairs = _best_per_match(chosen, lambda c: cell_for(c, *resolved[id(c)]).match)
    cells = [cell_for(c, *resolved[id(c)]) for _, c in pairs]
    result = merge_config(config_src, cells, what)
    bench_result = None
    if bench_src is not None:
        bench_result = merge_benchmarks(bench_src, [bench_entry_for(c, m) for m, c in pairs], bench_what)
    return result, bench_result


# --------------------------------------------------------------------------- yaml (recipes for policies/)

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
    provenance = (
        f"safelaunch {__version__} export: healthy on {hardware_evidence(cfg)}, SGLang {cfg.sglang_version or '?'}"
        + (f", {when}" if when else "")
        + f"; {_story(cfg.failures)}"
        + ("; survived the benchmark load" if cfg.verified else "; not benchmarked")
    )
    recipe: dict[str, Any] = {
        "id": recipe_id(cfg),
        "match": match,
        "flags": recipe_flags(cfg.flags),
    }
    env = {k: v for k, v in cfg.env.items() if not is_secret_env(k) and k not in LOCAL_ENV}
    if env:
        recipe["env"] = dict(env)
    recipe["verified"] = bool(cfg.verified)
    recipe["provenance"] = _one_line(provenance)
    if cfg.benchmarks:
        recipe["benchmarks"] = [
            {**speed_dict(b), "sglang_version": cfg.sglang_version} if cfg.sglang_version else speed_dict(b)
            for b in sorted(cfg.benchmarks, key=lambda b: (b.isl, b.osl, b.max_concurrency))
        ]
    if cfg.max_total_num_tokens:
        recipe["notes"] = f"KV pool {cfg.max_total_num_tokens} tokens (max_total_num_tokens from /server_info)"
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
        pairs = _best_per_match(group, lambda c: (c.hw_key, c.gpu_count, quant_id(c), c.strategy))
        recipes = [recipe_dict(c) for _, c in sorted(pairs, key=lambda mc: mc[0])]
        _, stem = doc_names(model)
        header = (
            f"# Recipes verified by safelaunch {__version__} on real hardware (`safelaunch export --format yaml`).\n"
            "# Drop this file into a policies directory (SAFELAUNCH_POLICIES) to start these configs first.\n"
        )
        body = yaml.safe_dump({"recipes": recipes}, sort_keys=False, allow_unicode=True, width=120)
        files.append((f"verified-{stem}.yaml", header + body))
    return files


# --------------------------------------------------------------------------- markdown (a PR description)


def _numbers(numbers: Mapping[str, Any]) -> str:
    parts = []
    for k, v in numbers.items():
        if k.endswith("_bytes") and isinstance(v, int | float):
            parts.append(f"{k.removesuffix('_bytes').replace('_', ' ')} {fmt_bytes(v)}")
        else:
            parts.append(f"{k.replace('_', ' ')} {v}")
    return ", ".join(parts) or "-"


def _command(cell: Cell, model: str) -> str:
    lines = [f"{e} \\" for e in cell.env] + ["sglang serve \\"]
    flags = [f.replace("{{MODEL_NAME}}", model) for f in cell.flags]
    lines += [f"  {f} \\" for f in flags[:-1]] + [f"  {flags[-1]}"]
    return "\n".join(lines)


def markdown(configs: Sequence[VerifiedConfig]) -> str:
    """A pull-request description per config: hardware, versions, what failed and why, what changed, figures."""
    if not configs:
        raise ExportError("no verified config to describe")
    parts = []
    for cfg in configs:
        hw, custom = hardware_id(cfg)
        cell = cell_for(cfg)
        fp = parse_fingerprint(cfg.host_fingerprint)
        nvlink = fp.get("nvlinks")
        title_q = f"{cfg.quant}, " if cfg.quant else ""
        parts.append(
            f"## Verified config: {cfg.model} on {cfg.gpu_count}x {cfg.device_name or hw} ({title_q}{cfg.strategy})"
        )
        parts.append("")
        parts.append("| | |\n|---|---|")
        rows = [
            ("GPU (exact NVML name)", f"`{cfg.device_name or fp.get('name') or '?'}`"),
            ("GPU count", str(cfg.gpu_count)),
            ("Driver", f"`{cfg.driver_version}`" if cfg.driver_version else "unknown"),
            ("NVLink", f"{nvlink} active links per GPU" if nvlink else ("none (PCIe)" if nvlink == 0 else "unknown")),
            ("Cookbook hw id", f"`{hw}`" + (f" (custom entry: `{custom.to_js()}`)" if custom else "")),
            ("SGLang", f"`{cfg.sglang_version or 'unknown'}`"),
            ("Model", f"`{cfg.model}`"),
            ("Quantization", f"`{cfg.quant or 'checkpoint default'}`"),
            ("Strategy", f"`{cfg.strategy}`"),
            ("KV pool", f"{cfg.max_total_num_tokens:,} tokens" if cfg.max_total_num_tokens else "unknown"),
            (
                "Status",
                "healthy, then survived the benchmark load without an OOM"
                if cfg.verified
                else "healthy; not benchmarked yet",
            ),
        ]
        parts += [f"| {k} | {v} |" for k, v in rows]
        parts.append("")
        parts.append("### What failed before, and what changed")
        parts.append("")
        if cfg.failures:
            parts.append("| # | failure | numbers | change |\n|---|---|---|---|")
            for i, f in enumerate(cfg.failures, 1):
                parts.append(f"| {i} | `{f.label}` | {_numbers(f.numbers)} | {_one_line(f.change or '-')} |")
            parts.append("")
            parts.append(f"Found in {cfg.attempts_needed} attempt(s) by safelaunch's remedy policy.")
        else:
            parts.append(f"Nothing: it came up healthy at the first attempt ({cfg.attempts_needed} attempt(s)).")
        parts.append("")
        parts.append("### Launch command")
        parts.append("")
        parts.append("```bash\n" + _command(cell, cfg.model) + "\n```")
        parts.append("")
        parts.append("### Benchmark (SGLang bench_serving; TTFT/TPOT at P50; tok/s/GPU counts input+output)")
        parts.append("")
        if cfg.benchmarks:
            parts.append(
                "| dataset | ISL | OSL | concurrency | TTFT ms | TPOT ms | tok/s/GPU | output tok/s |\n"
                "|---|---|---|---|---|---|---|---|"
            )
            for b in sorted(cfg.benchmarks, key=lambda b: (b.isl, b.osl, b.max_concurrency)):
                s = speed_dict(b)
                out_tps = _js_num(round(b.output_throughput, 1)) if b.output_throughput is not None else "-"
                parts.append(
                    f"| {b.dataset} | {b.isl} | {b.osl} | {b.max_concurrency} | {_js_num(s['ttft_ms'])} | "
                    f"{_js_num(s['tpot_ms'])} | {_js_num(s['tokens_per_sec_per_gpu'])} | {out_tps} |"
                )
        else:
            parts.append("Not benchmarked yet (`safelaunch bench`).")
        parts.append("")
        parts.append("### Cookbook cell")
        parts.append("")
        parts.append("```js\n" + render_cell(cell, "") + ",\n```")
        parts.append("")
    return "\n".join(parts)
