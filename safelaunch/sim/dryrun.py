"""Where a simulated start-up ends, without processes, sleeps or logs: the engine's memory walk, in one call.

The engine runs one process per rank; calibration checks, tests over many seeds and anyone who wants to
know "what would the sim do with these flags" need the same answer in microseconds. This walks the same
plan (plan.py) through the same simulated GPUs (memory.py) in the engine's order; tests check that the
engine and this agree on the outcome and the figures.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from safelaunch.sim.logfmt import GIB
from safelaunch.sim.memory import SimBackend, SimGpu
from safelaunch.sim.memory_base import GpuOutOfMemory, RankSpec
from safelaunch.sim.plan import (
    StartupPlan,
    batch_sizes_to_capture,
    kv_rest_gib,
    kv_tokens,
    max_running_requests,
    split_linear_state,
)


@dataclass(frozen=True)
class Outcome:
    """`kind`: healthy | oom_weights | kv_too_small | oom_cuda_graph | oom_prefill_graph | oom_moe_workspace.

    `numbers["workspace_at"]` says when the MoE workspace is allocated: "startup" (FlashInfer autotune,
    after graph capture) or "first_forward" (with --disable-flashinfer-autotune: the warmup request).
    """

    kind: str
    rank: int | None = None
    numbers: dict[str, Any] = field(default_factory=dict)


def dry_run(
    plan: StartupPlan,
    nvml_totals: list[int],
    nvml_used: list[int],
    seed: int,
    max_total_tokens: int | None = None,
    user_max_running: int | None = None,
) -> Outcome:
    be = SimBackend()
    gpus: list[SimGpu] = [
        be.open_rank(
            RankSpec(r, plan.gpu_indices[r], nvml_totals[r], nvml_used[r], seed, plan.variation.fragmentation[r])
        )
        for r in range(plan.world)
    ]

    def free_gib(g: SimGpu) -> float:
        return g.mem_get_info().free / GIB

    for r, g in enumerate(gpus):
        g.allocate("distributed", plan.variation.dist_bytes[r])
    pre = min(free_gib(g) for g in gpus)
    fig = plan.figures
    step = max(1, fig.weights_bytes // fig.num_shards)
    for r, g in enumerate(gpus):
        try:
            for shard in range(fig.num_shards):
                size = step if shard < fig.num_shards - 1 else fig.weights_bytes - step * (fig.num_shards - 1)
                g.allocate("weights", size, chunk=fig.weight_chunk)
        except GpuOutOfMemory as exc:
            return Outcome("oom_weights", r, {"tried_bytes": exc.tried, "free_bytes": exc.free})
    post = min(free_gib(g) for g in gpus)
    rest, state_bytes = split_linear_state(kv_rest_gib(post, pre, plan.fraction), fig.state_per_request)
    tokens = kv_tokens(rest, fig.kv_bytes_per_token, plan.page_size, max_total_tokens)
    numbers: dict[str, Any] = {"pre_gib": pre, "post_gib": post, "rest_gib": rest, "kv_tokens": tokens}
    if tokens <= 0:
        return Outcome("kv_too_small", 0, numbers)
    mrr = max_running_requests(tokens, fig.context_len, user_max_running, plan.dp)
    numbers["max_running_requests"] = mrr
    for g in gpus:
        pool = (tokens + plan.page_size) * fig.kv_bytes_per_token
        g.allocate("kv_cache", pool, chunk=max(pool // max(1, fig.num_layers), 1 << 20))
        if state_bytes:
            g.allocate("linear_state", state_bytes)
        g.allocate("attention_buffers", plan.misc_buffers())
    if plan.version.new_family and plan.prefill_graph_tokens:
        for r, g in enumerate(gpus):
            try:
                for tok in sorted(plan.prefill_graph_tokens, reverse=True):
                    g.capture_graph(tok, plan.prefill_graph_bytes(tok))
            except GpuOutOfMemory as exc:
                return Outcome("oom_prefill_graph", r, {**numbers, "tried_bytes": exc.tried, "free_bytes": exc.free})
    if not plan.graphs_disabled:
        order = list(reversed(batch_sizes_to_capture(plan.cuda_graph_bs, mrr)))
        for r, g in enumerate(gpus):
            for i, bs in enumerate(order):
                try:
                    g.capture_graph(bs, plan.graph_bytes(bs, first=i == 0))
                except GpuOutOfMemory as exc:
                    return Outcome(
                        "oom_cuda_graph",
                        r,
                        {**numbers, "batch_size": bs, "tried_bytes": exc.tried, "free_bytes": exc.free},
                    )
    if not plan.version.new_family and plan.prefill_graph_tokens and not plan.graphs_disabled:
        for r, g in enumerate(gpus):
            try:
                for tok in sorted(plan.prefill_graph_tokens, reverse=True):
                    g.capture_graph(tok, plan.prefill_graph_bytes(tok))
            except GpuOutOfMemory as exc:
                return Outcome("oom_prefill_graph", r, {**numbers, "tried_bytes": exc.tried, "free_bytes": exc.free})
    numbers["available_gpu_mem_gib"] = free_gib(gpus[0])
    workspace = plan.moe_workspace()
    numbers["moe_workspace_bytes"] = workspace
    numbers["workspace_at"] = "startup" if plan.autotune_workspace else "first_forward"
    numbers["free_before_workspace_bytes"] = min(g.mem_get_info().free for g in gpus)
    if workspace:
        for r, g in enumerate(gpus):
            try:
                g.allocate("moe_workspace", workspace)
            except GpuOutOfMemory as exc:
                return Outcome("oom_moe_workspace", r, {**numbers, "tried_bytes": exc.tried, "free_bytes": exc.free})
    return Outcome("healthy", None, numbers)
