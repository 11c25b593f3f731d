"""SGLang's own reserve model: its default `--mem-fraction-static` and the per-tier defaults behind it.

SGLang picks the fraction from the GPU's memory by reserving room for CUDA graphs, activations and, with
DeepEP, all-to-all buffers (memory_hook.handle_gpu_memory_settings, 0.5.23). It works in MiB, which is kept
at the spot. The planner compares its own estimate with this default, and the simulated engine starts from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from safelaunch.core.memory.footprint import MIB, int_flag, opt_int_flag
from safelaunch.core.models import ModelInfo

# --------------------------------------------------------------------------- SGLang's default fraction


def tier_defaults(gpu_mem_mib: float | None, tp: int) -> tuple[int, int]:
    """SGLang's (chunked_prefill_size, decode cuda-graph max bs) by GPU memory in MiB (reference §2.1, 0.5.23).

    0.5.10 differs only in the 20-35 GiB tier (2048, 24/80); its other tiers are the same.
    """
    if gpu_mem_mib is None:
        return 4096, 160
    if gpu_mem_mib < 20 * 1024:
        return 2048, 8
    if gpu_mem_mib < 35 * 1024:
        return 4096, 48 if tp < 4 else 160
    if gpu_mem_mib < 60 * 1024:
        return 4096, 32 if tp < 4 else 160
    if gpu_mem_mib < 160 * 1024:
        return 8192, 256 if tp < 4 else 512
    return 16384, 512


def prefill_graph_sizes(max_tokens: int) -> list[int]:
    """The token counts SGLang captures prefill (piecewise/breakable) graphs for, up to `max_tokens`."""
    sizes = (
        list(range(4, 33, 4))
        + list(range(48, 257, 16))
        + list(range(288, 513, 32))
        + list(range(576, 1025, 64))
        + list(range(1280, 4097, 256))
        + list(range(4608, max_tokens + 1, 512))
    )
    return [s for s in sizes if s <= max_tokens]


def default_mem_fraction(
    gpu_mem_bytes: int | None,
    tp: int,
    *,
    pp: int = 1,
    chunked_prefill_size: int | None = None,
    cuda_graph_max_bs: int | None = None,
    max_running_requests: int | None = None,
    mla: bool = False,
    dp_attention_size: int = 1,
    cuda_graph_disabled: bool = False,
    prefill_graph: bool = True,
    deepep: bool = False,
) -> float:
    """SGLang's own `--mem-fraction-static` default (memory_hook.handle_gpu_memory_settings, 0.5.23).

    gpu_mem is nvidia-smi's memory.total in MiB (the minimum over visible GPUs); every reserve below is in
    MiB. reserved = 512 + max(chunked, 2048) * 1.5 + tp*pp/8 * 1024 + graph reserve (decode max_bs * 2; DP
    attention max_bs * dp * 3, and * 1.5 more above bs 300; prefill graphs 8 per captured size, or 1.5 GiB
    with MLA; DeepEP + breakable prefill graph 1 GiB), floored at 10 GiB on GPUs over 60 GiB, plus 2 GiB for
    DeepEP all-to-all buffers; f = round((gpu_mem - reserved) / gpu_mem, 3). Unknown memory -> 0.95.
    """
    if gpu_mem_bytes is None:
        return 0.95
    gpu_mem = gpu_mem_bytes / MIB
    chunked_default, bs_default = tier_defaults(gpu_mem, tp)
    chunked = chunked_prefill_size if chunked_prefill_size is not None else chunked_default
    max_bs = cuda_graph_max_bs
    if max_bs is None:
        max_bs = bs_default
        if max_running_requests is not None and max_bs > max_running_requests:
            max_bs = max_running_requests
    activation_tokens = max(chunked, 2048) if chunked > 0 else max(16384, 2048)
    reserved = 512 + activation_tokens * 1.5 + tp * pp / 8 * 1024
    if not cuda_graph_disabled:
        reserved += max_bs * 2
    if dp_attention_size > 1:
        reserved += max_bs * dp_attention_size * 3
        if max_bs > 300:
            reserved += max_bs * dp_attention_size * 1.5
    if prefill_graph and not cuda_graph_disabled:
        if mla:
            reserved += 1.5 * 1024
        else:
            reserved += len(prefill_graph_sizes(chunked if chunked > 0 else 8192)) * 8
        if deepep:
            reserved += 1024
    if gpu_mem > 60 * 1024:
        reserved = max(reserved, 10 * 1024)
    if deepep and not cuda_graph_disabled:
        reserved += 2 * 1024
    return round((gpu_mem - reserved) / gpu_mem, 3)


def default_fraction_for(model: ModelInfo, gpu_mem_bytes: int | None, flags: Mapping[str, Any]) -> float:
    """`default_mem_fraction` with its inputs read from a plan's flags."""
    tp = int_flag(flags, "tp", 1)
    return default_mem_fraction(
        gpu_mem_bytes,
        tp,
        pp=int_flag(flags, "pp", 1),
        chunked_prefill_size=opt_int_flag(flags, "chunked-prefill-size"),
        cuda_graph_max_bs=opt_int_flag(flags, "cuda-graph-max-bs"),
        max_running_requests=opt_int_flag(flags, "max-running-requests"),
        mla=model.is_mla,
        dp_attention_size=int_flag(flags, "dp", 1) if flags.get("enable-dp-attention") else 1,
        cuda_graph_disabled=bool(flags.get("disable-cuda-graph")),
        deepep=flags.get("moe-a2a-backend") == "deepep",
    )


# --------------------------------------------------------------------------- reserves SGLang leaves to the slack


def cuda_graph_bytes(max_bs: int, dp_attention_size: int = 1, disabled: bool = False) -> int:
    """SGLang's own estimate of decode-graph memory: 2 MiB per batch size slot (+3 MiB x dp with DP attention)."""
    if disabled:
        return 0
    mib = max_bs * 2.0
    if dp_attention_size > 1:
        mib += max_bs * dp_attention_size * 3 + (max_bs * dp_attention_size * 1.5 if max_bs > 300 else 0)
    return int(mib * MIB)


def activation_bytes(chunked_prefill_size: int) -> int:
    """SGLang's activation reserve: 512 MiB of metadata + 1.5 MiB per prefill token in a chunk."""
    return int((512 + max(chunked_prefill_size, 2048) * 1.5) * MIB)
