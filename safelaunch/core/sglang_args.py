"""SGLang's command line, spelled for one SGLang version: canonical flag names in, argv out.

Recipes and plans speak one vocabulary (canonical flag names without `--`, see BRIEF); `render_argv` spells
them for one SGLang version (reference/sglang.md "Version drift"):

- `tp`/`dp`/`ep`/`pp` -> `--tp-size`/`--dp-size`/`--ep-size`/`--pp-size`: the docs' `--tp` only works as an
  argparse prefix, which a new flag starting with `--tp` would break.
- `cuda-graph-max-bs` -> `--cuda-graph-max-bs` before 0.5.15, `--cuda-graph-max-bs-decode` from 0.5.15 (the
  cookbook cells benchmarked on 0.5.15 use it; 0.5.18 keeps the old one as a deprecated alias; from 0.5.20
  the bare old flag is an "ambiguous option" error, exit 2).
- `disable-cuda-graph` -> `--cuda-graph-backend-decode disabled --cuda-graph-backend-prefill disabled` from
  0.5.18, where `--disable-cuda-graph` became deprecated.
- `enable-dp-attention` with `dp N` -> `--attn-dp-size N` from 0.5.20 (SGLang's own deprecation message).

An unknown version gets the newest spelling. Which version is installed, and whether SGLang accepts an argv,
is asked of the configured interpreter by `safelaunch.host.sglang_probe`; the option table it checks against
is read from SGLang's sources by `safelaunch.core.sglang_options`. The flags safelaunch manages itself, which
extra arguments after `--` must not override, are here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from safelaunch.core.recipes import version_tuple
from safelaunch.errors import ConfigError

NEWEST_KNOWN = (0, 5, 23)

# canonical name -> aliases recipes or users may write instead
_ALIASES = {
    "tp": ("tp-size", "tensor-parallel-size"),
    "dp": ("dp-size", "data-parallel-size"),
    "ep": ("ep-size", "expert-parallel-size"),
    "pp": ("pp-size", "pipeline-parallel-size"),
    "cuda-graph-max-bs": ("cuda-graph-max-bs-decode",),
    "model-path": ("model",),
}
_CANONICAL = {alias: canon for canon, aliases in _ALIASES.items() for alias in aliases}

# rendering order: the cookbook's (model path, parallelism, MoE, tuning knobs, host/port last)
_FIRST = ("trust-remote-code", "model-path", "tp", "dp", "ep", "pp", "enable-dp-attention", "attn-dp-size")
_LAST = ("host", "port")


def canonical(name: str) -> str:
    name = name.lstrip("-")
    return _CANONICAL.get(name, name)


def parse_version(version: str | None) -> tuple[int, ...] | None:
    """'0.5.10.post1' -> (0, 5, 10); None or unparsable -> None (treated as newest)."""
    return version_tuple(version)


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        text = repr(value)
        return text if "e" not in text else f"{value:.6f}".rstrip("0").rstrip(".")
    return str(value)


def _order(names: Iterable[str]) -> list[str]:
    names = list(names)
    first = [n for n in _FIRST if n in names]
    moe = [n for n in names if n not in first and (n.startswith(("moe-", "deepep", "ep-")) or "expert" in n)]
    last = [n for n in _LAST if n in names]
    middle = [n for n in names if n not in first and n not in moe and n not in last]
    return first + moe + middle + last


def render_argv(flags: Mapping[str, Any], version: str | None) -> list[str]:
    """Canonical flags -> SGLang argv for `version` (None = newest), without interpreter or module."""
    v = parse_version(version) or NEWEST_KNOWN
    merged: dict[str, Any] = {}
    for name, value in flags.items():
        merged[canonical(name)] = value
    argv: list[str] = []
    attn_dp = v >= (0, 5, 20) and bool(merged.get("enable-dp-attention")) and merged.get("dp") not in (None, 1)
    for name in _order(merged):
        value = merged[name]
        if value is None or value is False:
            continue
        if name == "enable-dp-attention" and attn_dp:
            continue
        if name == "dp" and attn_dp:
            argv += ["--attn-dp-size", _fmt(value)]
            continue
        if name == "disable-cuda-graph":
            if v >= (0, 5, 18):
                argv += ["--cuda-graph-backend-decode", "disabled", "--cuda-graph-backend-prefill", "disabled"]
            else:
                argv.append("--disable-cuda-graph")
            continue
        if name in ("tp", "dp", "ep", "pp"):
            option = f"--{name}-size"
        elif name == "cuda-graph-max-bs":
            option = "--cuda-graph-max-bs" if v < (0, 5, 15) else "--cuda-graph-max-bs-decode"
        else:
            option = f"--{name}"
        if value is True:
            argv.append(option)
        else:
            argv += [option, _fmt(value)]
    return argv


# Flags safelaunch itself sets and changes when it recovers: after `--` they would silently override every remedy.
MANAGED_FLAGS = (
    "model-path",
    "model",
    "tp-size",
    "tensor-parallel-size",
    "dp-size",
    "data-parallel-size",
    "mem-fraction-static",
    "cuda-graph-max-bs",
    "cuda-graph-max-bs-decode",
    "host",
    "port",
)


def managed_in_extra_args(extra_args: Sequence[str]) -> list[str]:
    """The extra SGLang arguments (after `--`) that name a flag safelaunch manages, in SGLang's prefix rules."""
    found = []
    for arg in extra_args:
        if not arg.startswith("--") or arg == "--":
            continue
        name = arg[2:].split("=", 1)[0]
        if name and any(m == name or m.startswith(name) for m in MANAGED_FLAGS) and name not in ("m", "mo"):
            found.append(arg.split("=", 1)[0])
    return found


def check_extra_args(extra_args: Sequence[str]) -> None:
    """Refuse extra arguments that would override what safelaunch plans and changes (one clear line)."""
    clash = managed_in_extra_args(extra_args)
    if clash:
        raise ConfigError(
            f"{clash[0]} after `--` would override what safelaunch plans and changes when it recovers; pass it as "
            "safelaunch's own option (--tp, --mem-fraction-static, --host, --port; the model is the argument)"
        )


__all__ = [
    "MANAGED_FLAGS",
    "NEWEST_KNOWN",
    "canonical",
    "check_extra_args",
    "managed_in_extra_args",
    "parse_version",
    "render_argv",
]
