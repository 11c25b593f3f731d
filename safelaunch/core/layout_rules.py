"""SGLang's own layout rules, checked before a launch: a layout SGLang would refuse (or crash on) never starts.

Why here and pure: `plan` and `serve` must refuse the same layouts, with the same words, and the rules are
facts of SGLang's source (research/sglang-facts.md section 4), not estimates:

- `(tp_size * pp_size) % nnodes == 0`, "tp_size must be divisible by number of nodes" (ServerArgs, launcher);
- with DP attention, `assert self.tp_size % self.dp_size == 0` (a bare assert in `_handle_data_parallelism`);
- attention heads split evenly over the attention TP group: `assert self.total_num_heads % tp_size == 0`, and
  KV heads either split (`total_num_kv_heads % tp_size == 0`) or are replicated (`tp_size % total_num_kv_heads
  == 0`): bare asserts in each model's attention `__init__`, raised in the scheduler;
- GPUs: rank r of a node uses GPU `base_gpu_id + r`, so one node needs `tp x pp / nnodes` GPUs (times dp for
  plain data parallelism); SGLang never checks this, a missing GPU is CUDA's "invalid device ordinal".

The layout is read from the planned flags and the extra SGLang arguments after `--` (`--pp-size 4` there asks
for GPUs too). A broken rule is a `ConfigError` with exit status 78 (EX_CONFIG, as serve's config_error).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from safelaunch.errors import ConfigError

EXIT_CONFIG = 78

# SGLang spellings after `--` -> our canonical name (long aliases included; argparse prefixes are refused elsewhere).
_EXTRA = {
    "--tp-size": "tp",
    "--tensor-parallel-size": "tp",
    "--dp-size": "dp",
    "--data-parallel-size": "dp",
    "--attn-dp-size": "attn-dp-size",
    "--pp-size": "pp",
    "--pipeline-parallel-size": "pp",
    "--nnodes": "nnodes",
    "--enable-dp-attention": "enable-dp-attention",
}


@dataclass(frozen=True)
class Layout:
    """How one SGLang server spreads over GPUs (per SGLang's ServerArgs fields)."""

    tp: int = 1
    dp: int = 1
    pp: int = 1
    nnodes: int = 1
    dp_attention: bool = False

    @property
    def attn_tp(self) -> int:
        """The TP size attention heads are split over: TP, or TP / DP inside DP attention."""
        return self.tp // self.dp if self.dp_attention and self.dp > 1 and self.tp % self.dp == 0 else self.tp

    @property
    def gpus_per_node(self) -> int:
        n = self.tp * self.pp // max(1, self.nnodes)
        return n if self.dp_attention else n * self.dp

    def text(self) -> str:
        parts = [f"tp {self.tp}"]
        if self.dp > 1:
            parts.append(f"dp {self.dp}" + (" with DP attention" if self.dp_attention else ""))
        if self.pp > 1:
            parts.append(f"pp {self.pp}")
        if self.nnodes > 1:
            parts.append(f"{self.nnodes} nodes")
        return ", ".join(parts)


def _int(value: Any, default: int = 1) -> int:
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return default


def _extra_values(extra_args: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, arg in enumerate(extra_args):
        name, eq, inline = arg.partition("=")
        key = _EXTRA.get(name)
        if key is None:
            continue
        if key == "enable-dp-attention":
            out[key] = True
        elif eq:
            out[key] = inline
        elif i + 1 < len(extra_args):
            out[key] = extra_args[i + 1]
    return out


def layout_of(flags: Mapping[str, Any], extra_args: Sequence[str] = ()) -> Layout:
    """The layout the launch would ask SGLang for: planned flags, then what `--` adds (SGLang: last one wins)."""
    merged = {**dict(flags), **_extra_values(extra_args)}
    attn_dp = _int(merged.get("attn-dp-size"))
    dp_attention = bool(merged.get("enable-dp-attention")) or attn_dp > 1
    dp = attn_dp if attn_dp > 1 else _int(merged.get("dp"))
    return Layout(
        tp=_int(merged.get("tp")),
        dp=dp,
        pp=_int(merged.get("pp")),
        nnodes=_int(merged.get("nnodes")),
        dp_attention=dp_attention and dp > 1,  # SGLang: `if self.dp_size == 1: self.enable_dp_attention = False`
    )


def layout_problem(layout: Layout, gpu_count: int, heads: int = 0, kv_heads: int = 0) -> str | None:
    """The first SGLang rule this layout breaks, in words that quote it; None when SGLang would accept it."""
    if min(layout.tp, layout.dp, layout.pp, layout.nnodes) < 1:
        return f"{layout.text()}: every size must be at least 1"
    if (layout.tp * layout.pp) % layout.nnodes:
        return (
            f"{layout.text()}: SGLang requires (tp_size * pp_size) % nnodes == 0 "
            '("tp_size must be divisible by number of nodes", server_args.py)'
        )
    if layout.dp_attention and layout.tp % layout.dp:
        return (
            f"{layout.text()}: DP attention runs inside the TP group, so SGLang requires tp_size % dp_size == 0 "
            "(`assert self.tp_size % self.dp_size == 0` in server_args.py)"
        )
    t = layout.attn_tp
    if heads and heads % t:
        return (
            f"{layout.text()}: the model's {heads} attention heads do not split over attention TP {t} "
            "(`assert self.total_num_heads % tp_size == 0` in SGLang's model code)"
        )
    if kv_heads and kv_heads >= t and kv_heads % t:
        return (
            f"{layout.text()}: the model's {kv_heads} KV heads do not split over attention TP {t} "
            "(`assert self.total_num_kv_heads % tp_size == 0` in SGLang's model code)"
        )
    if kv_heads and kv_heads < t and t % kv_heads:
        return (
            f"{layout.text()}: attention TP {t} is not a multiple of the model's {kv_heads} KV heads "
            "(`assert tp_size % self.total_num_kv_heads == 0` in SGLang's model code)"
        )
    if layout.gpus_per_node > gpu_count:
        return (
            f"{layout.text()}: needs {layout.gpus_per_node} GPUs per node (tp x pp / nnodes"
            + ("" if layout.dp_attention else " x dp")
            + f"), this host has {gpu_count}; SGLang would fail in a scheduler with CUDA's 'invalid device ordinal'"
        )
    return None


def check_layout(
    flags: Mapping[str, Any], extra_args: Sequence[str], gpu_count: int, heads: int = 0, kv_heads: int = 0
) -> Layout:
    """Refuse (ConfigError, exit 78) a layout SGLang would refuse or crash on; return the layout otherwise."""
    layout = layout_of(flags, extra_args)
    problem = layout_problem(layout, gpu_count, heads, kv_heads)
    if problem:
        raise ConfigError(f"config_error: {problem}", exit_code=EXIT_CONFIG)
    return layout


__all__ = ["EXIT_CONFIG", "Layout", "check_layout", "layout_of", "layout_problem"]
