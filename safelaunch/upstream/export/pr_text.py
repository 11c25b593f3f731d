"""`export --format markdown`: a pull-request description per config, for a human reviewer upstream.

Why apart: the PR text is prose for people, not a literal for the cookbook's engine: the exact hardware and
versions, what failed before and what changed, the launch command, the figures and the cell itself.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from safelaunch.core.hardware import fmt_bytes
from safelaunch.store import VerifiedConfig
from safelaunch.upstream.export.cookbook import cell_for
from safelaunch.upstream.export.hardware_ids import hardware_id, parse_fingerprint
from safelaunch.upstream.export.jsx import render_cell
from safelaunch.upstream.export.selection import bench_tools, rehearsal, speed_dict, what_ran
from safelaunch.upstream.export.shapes import Cell, ExportError, js_num, one_line


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


def _measured(benchmarks: Sequence[Any], mark: str) -> list[str]:
    """How each benchmark was measured (the raw output kept beside it): tool and version, tokenizer, input
    lengths, warm-up, the exact command and the tool's own JSONL line."""
    kept = [b for b in sorted(benchmarks, key=lambda b: (b.isl, b.osl, b.max_concurrency)) if b.raw]
    if not kept:
        return []
    out = [f"### {mark}How it was measured", ""]
    for b in kept:
        r = b.raw
        tok = r.get("tokenizer") or {}
        lengths = "exact (token ids)" if r.get("tokenize_prompt") else "text, re-tokenized by the server"
        out.append(
            f"- {b.dataset} {b.isl}/{b.osl} c={b.max_concurrency}: `{r.get('tool')}` ({r.get('tool_version')}); "
            f"tokenizer `{tok.get('path') or '-'}` ({tok.get('source')}); input lengths {lengths}; "
            f"warm-up: {(r.get('warmup') or {}).get('note')}"
            + (f"; {r['input_tokens']['note']}" if (r.get("input_tokens") or {}).get("note") else "")
            + (f"; fallback: {r['fallback']}" if r.get("fallback") else "")
        )
        command = " ".join(shlex.quote(str(a)) for a in r.get("command") or [])
        out += ["", "  <details><summary>command and raw result</summary>", "", "  ```", f"  {command}"]
        out += [f"  {r.get('jsonl')}", "  ```", "  </details>", ""]
    out.append("")
    return out


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
        sim = rehearsal(cfg)
        mark = "SIMULATED " if sim else ""
        what = "SIMULATED config (a rehearsal)" if sim else "Verified config"
        parts.append(f"## {what}: {cfg.model} on {cfg.gpu_count}x {cfg.device_name or hw} ({title_q}{cfg.strategy})")
        parts.append("")
        if sim:
            parts.append(f"> **{sim}.** Nothing below was measured on real SGLang with real GPUs.")
            parts.append("")
        parts.append(f"| {mark}| |\n|---|---|")
        rows = [
            ("What ran", what_ran(cfg)),
            ("Benchmark tool", bench_tools(cfg)),
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
                (f"{mark}: " if sim else "")
                + (
                    "healthy, then every benchmark request completed without an OOM"
                    if cfg.verified
                    else "healthy; not benchmarked yet"
                ),
            ),
        ]
        parts += [f"| {k} | {v} |" for k, v in rows]
        parts.append("")
        parts.append(f"### {mark}What failed before, and what changed")
        parts.append("")
        if cfg.failures:
            parts.append(f"| {mark}# | failure | numbers | change |\n|---|---|---|---|")
            for i, f in enumerate(cfg.failures, 1):
                parts.append(f"| {i} | `{f.label}` | {_numbers(f.numbers)} | {one_line(f.change or '-')} |")
            parts.append("")
            parts.append(f"Found in {cfg.attempts_needed} attempt(s) by safelaunch's remedy policy.")
        else:
            parts.append(f"Nothing: it came up healthy at the first attempt ({cfg.attempts_needed} attempt(s)).")
        parts.append("")
        parts.append(f"### {mark}Launch command")
        parts.append("")
        parts.append("```bash\n" + (f"# {sim}\n" if sim else "") + _command(cell, cfg.model) + "\n```")
        parts.append("")
        parts.append(
            f"### {mark}Benchmark ({bench_tools(cfg)} against {cfg.provenance.engine}; TTFT/TPOT at P50; "
            "tok/s/GPU counts input+output)"
        )
        parts.append("")
        if cfg.benchmarks:
            parts.append(
                f"| {mark}dataset | ISL | OSL | concurrency | TTFT ms | TPOT ms | tok/s/GPU | output tok/s |\n"
                "|---|---|---|---|---|---|---|---|"
            )
            for b in sorted(cfg.benchmarks, key=lambda b: (b.isl, b.osl, b.max_concurrency)):
                s = speed_dict(b)
                out_tps = js_num(round(b.output_throughput, 1)) if b.output_throughput is not None else "-"
                parts.append(
                    f"| {b.dataset} | {b.isl} | {b.osl} | {b.max_concurrency} | {js_num(s['ttft_ms'])} | "
                    f"{js_num(s['tpot_ms'])} | {js_num(s['tokens_per_sec_per_gpu'])} | {out_tps} |"
                )
        else:
            parts.append("Not benchmarked yet (`safelaunch bench`).")
        parts.append("")
        parts += _measured(cfg.benchmarks, mark)
        parts.append(f"### {mark}Cookbook cell")
        parts.append("")
        if sim:
            parts.append(f"None: a rehearsal never becomes a cookbook cell ({sim}).")
        else:
            parts.append("```js\n" + render_cell(cell, "") + ",\n```")
        parts.append("")
    return "\n".join(parts)
