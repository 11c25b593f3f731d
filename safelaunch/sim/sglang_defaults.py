"""SGLang's own defaults, reproduced from its source per version: the GPU-memory tiers and `--mem-fraction-static`.

These are SGLang's arithmetic (what it prints in `server_args=...`), not anybody's estimate, so the sim
reproduces them exactly and on its own (the planner keeps a copy of the newer formula for its predictions):

- 0.5.10.post1 (the default imitation): `ServerArgs._handle_gpu_memory_settings` (server_args.py l.1141-1330),
  after `_handle_piecewise_cuda_graph` (l.1080-1139) decided whether piecewise graphs are on;
- >= 0.5.20: `arg_groups/memory_hook.handle_gpu_memory_settings` (0.5.23), reference/sglang.md section 2.1.

All figures are MiB, as SGLang computes them (gpu_mem is nvidia-smi's memory.total, minimum over the GPUs).
"""

from __future__ import annotations

from dataclasses import dataclass

from safelaunch.sim.versions import SglangVersion


def tier_defaults(version: SglangVersion, gpu_mem_mib: float | None, tp: int) -> tuple[int, int]:
    """(chunked_prefill_size, cuda_graph_max_bs) by GPU memory; 0.5.10's 20-35 GiB tier is (2048, 24/80)."""
    if gpu_mem_mib is None:
        return 4096, 160
    if gpu_mem_mib < 20 * 1024:
        return 2048, 8
    if gpu_mem_mib < 35 * 1024:
        if version.new_family:
            return 4096, 48 if tp < 4 else 160
        return 2048, 24 if tp < 4 else 80
    if gpu_mem_mib < 60 * 1024:
        return 4096, 32 if tp < 4 else 160
    if gpu_mem_mib < 160 * 1024:
        return 8192, 256 if tp < 4 else 512
    return 16384, 512


def piecewise_tokens(max_tokens: int) -> list[int]:
    """`_generate_piecewise_cuda_graph_tokens`: the prefill token counts graphs are captured for."""
    sizes = [
        *range(4, 33, 4),
        *range(48, 257, 16),
        *range(288, 513, 32),
        *range(576, 1025, 64),
        *range(1280, 4097, 256),
        *range(4608, max_tokens + 1, 512),
    ]
    return [s for s in sizes if s <= max_tokens]


@dataclass(frozen=True)
class FractionInputs:
    """What SGLang's default fraction depends on, resolved from the flags."""

    gpu_mem_mib: float | None
    tp: int
    chunked_prefill_size: int
    max_prefill_tokens: int
    cuda_graph_max_bs: int
    attn_dp: int  # DP-attention ways (1: off)
    graphs_disabled: bool
    prefill_graphs: bool  # 0.5.10: piecewise graphs on after _handle_piecewise_cuda_graph; new: prefill graphs on
    prefill_graph_count: int
    mla: bool
    deepep: bool
    speculative: str | None


def piecewise_enabled(
    disabled_flag: bool, speculative: str | None, attn_dp: int, moe_a2a_backend: str | None, multimodal: bool
) -> bool:
    """0.5.10's `_handle_piecewise_cuda_graph`, for the conditions the sim's flags can express."""
    return not (disabled_flag or speculative or attn_dp > 1 or (moe_a2a_backend not in (None, "none")) or multimodal)


def default_fraction(version: SglangVersion, x: FractionInputs) -> float:
    """SGLang's `--mem-fraction-static` when the user leaves it unset."""
    if x.gpu_mem_mib is None:
        return 0.95 if version.new_family else 0.88
    tokens = x.chunked_prefill_size if x.chunked_prefill_size > 0 else x.max_prefill_tokens
    reserved = 512 + max(tokens, 2048) * 1.5 + x.tp / 8 * 1024
    if not x.graphs_disabled:
        reserved += x.cuda_graph_max_bs * 2
    if x.attn_dp > 1:
        reserved += x.cuda_graph_max_bs * x.attn_dp * 3
        if x.cuda_graph_max_bs > 300:
            reserved += x.cuda_graph_max_bs * x.attn_dp * 1.5
    if x.prefill_graphs:
        reserved += 1.5 * 1024 if x.mla else x.prefill_graph_count * 8
        if version.new_family and x.deepep:
            reserved += 1024
    if x.gpu_mem_mib > 60 * 1024:
        reserved = max(reserved, 10 * 1024)
    if version.new_family:
        if x.deepep and not x.graphs_disabled:
            reserved += 2 * 1024
    elif x.speculative == "STANDALONE":
        reserved += 6 * 1024
    elif x.speculative and x.speculative != "NGRAM":
        reserved += 4 * 1024
    return round((x.gpu_mem_mib - reserved) / x.gpu_mem_mib, 3)
