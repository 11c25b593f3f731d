"""The memory estimate per GPU, pure: weights, KV cache per token, SGLang's default fraction, and what is left.

SGLang's own model of one GPU (reference/sglang.md §2.1-2.2): with `pre` the free memory before the weights
load and `f` = --mem-fraction-static, the KV pool is (pre - weights) - pre * (1 - f) and pre * (1 - f) is left
for CUDA graphs, activations and MoE workspaces. The package is read as `memory.X`; its parts:

- `footprint`: what the model occupies on one GPU at a parallel layout (weights, KV bytes per token);
- `sglang_reserves`: SGLang's own default fraction and the reserves behind it (its heuristic, in MiB);
- `activations`: safelaunch's per-model estimate of a forward's transient memory and the MoE workspace;
- `budget`: `estimate()`, one GPU's whole budget under a set of flags, and the fractions it implies.
"""

from __future__ import annotations

from safelaunch.core.memory.activations import (
    ACT_FORWARD_FIXED,
    ACT_HIDDEN_COPIES,
    ACT_RESERVE_PER_TOKEN,
    ACT_SHARE_MAX,
    LocalWidths,
    activation_bytes_per_token,
    activation_per_token,
    local_widths,
    moe_workspace_bytes,
    prefill_activation_bytes,
    prefill_chunk_tokens,
)
from safelaunch.core.memory.budget import (
    CONTEXT_OVERHEAD_BYTES,
    DISTRIBUTED_OVERHEAD_BYTES,
    MemoryEstimate,
    estimate,
    expert_dtype_for,
    fraction_for_headroom,
    fraction_to_free,
    pre_load_bytes,
)
from safelaunch.core.memory.footprint import (
    GIB,
    KV_DTYPE_BYTES,
    MIB,
    attention_tp,
    kv_bytes_per_token,
    kv_pool_bytes,
    min_fraction_for_weights,
    weight_bytes_per_gpu,
    weight_split_bytes,
)
from safelaunch.core.memory.sglang_reserves import (
    activation_bytes,
    cuda_graph_bytes,
    default_fraction_for,
    default_mem_fraction,
    prefill_graph_sizes,
    tier_defaults,
)

__all__ = [
    "ACT_FORWARD_FIXED",
    "ACT_HIDDEN_COPIES",
    "ACT_RESERVE_PER_TOKEN",
    "ACT_SHARE_MAX",
    "CONTEXT_OVERHEAD_BYTES",
    "DISTRIBUTED_OVERHEAD_BYTES",
    "GIB",
    "KV_DTYPE_BYTES",
    "MIB",
    "LocalWidths",
    "MemoryEstimate",
    "activation_bytes",
    "activation_bytes_per_token",
    "activation_per_token",
    "attention_tp",
    "cuda_graph_bytes",
    "default_fraction_for",
    "default_mem_fraction",
    "estimate",
    "expert_dtype_for",
    "fraction_for_headroom",
    "fraction_to_free",
    "kv_bytes_per_token",
    "kv_pool_bytes",
    "local_widths",
    "min_fraction_for_weights",
    "moe_workspace_bytes",
    "pre_load_bytes",
    "prefill_activation_bytes",
    "prefill_chunk_tokens",
    "prefill_graph_sizes",
    "tier_defaults",
    "weight_bytes_per_gpu",
    "weight_split_bytes",
]
