"""What a running server's `/server_info` says: its resolved flags, the GPUs it occupies, its stored config.

Why apart: both the figures (tokens per second per GPU) and the record (which verified config the figures
belong to) depend on reading the server's own view of its args, PD disaggregation included; the rules are
pure and shared by the result parser and `safelaunch bench`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from safelaunch.core.recipes import gpus_needed


def server_state(info: Mapping[str, Any] | None) -> Mapping[str, Any]:
    if not info:
        return {}
    decode = info.get("decode")
    if isinstance(decode, list) and decode and isinstance(decode[0], Mapping):
        return decode[0]  # PD disaggregation: the decode server's view
    return info


def server_flags(info: Mapping[str, Any] | None) -> dict[str, Any]:
    """The resolved args that say how many GPUs serve and how memory was split, in canonical flag names."""
    state = server_state(info)
    names = {
        "tp": "tp_size",
        "dp": "dp_size",
        "pp": "pp_size",
        "ep": "ep_size",
        "mem-fraction-static": "mem_fraction_static",
        "enable-dp-attention": "enable_dp_attention",
        "attn-dp-size": "attn_dp_size",
        "quantization": "quantization",
    }
    out: dict[str, Any] = {}
    for flag, key in names.items():
        value = state.get(key)
        if value is not None and value is not False:
            out[flag] = value
    return out


def gpus_in_use(info: Mapping[str, Any] | None, fallback: int) -> int:
    """GPUs the server occupies (tp x pp, times dp without DP attention); `fallback` when it does not say."""
    flags = server_flags(info)
    if "tp" not in flags:
        return max(1, fallback)
    return max(1, gpus_needed(flags))


def match_config(
    configs: Iterable[Any],
    info: Mapping[str, Any] | None,
    *,
    hw_key: str,
    gpu_count: int,
    model: str,
    version: str | None,
    strategy: str | None = None,
    quant: str | None = None,
    simulated: bool = False,
) -> Any | None:
    """The stored config this running server is: same key, the same kind of engine (the simulator's
    `/server_info` says so; a record of unknown provenance is neither), no flag that contradicts /server_info."""
    resolved = server_flags(info)
    best, best_score = None, -1
    for cfg in configs:
        if (cfg.hw_key, cfg.gpu_count, cfg.model.lower()) != (hw_key, gpu_count, model.lower()):
            continue
        p = cfg.provenance
        if not (p.simulated if simulated else p.real_engine):
            continue
        if version is not None and cfg.sglang_version not in (None, version):
            continue
        if strategy is not None and cfg.strategy != strategy:
            continue
        if quant is not None and (cfg.quant or "") != quant:
            continue
        score = 0
        contradicted = False
        for flag, value in resolved.items():
            if flag not in cfg.flags:
                continue
            if _same(cfg.flags[flag], value):
                score += 1
            else:
                contradicted = True
        if not contradicted and score > best_score:
            best, best_score = cfg, score
    return best


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, int | float) and isinstance(b, int | float) and not isinstance(a, bool):
        return abs(float(a) - float(b)) < 1e-6
    return str(a).lower() == str(b).lower()
