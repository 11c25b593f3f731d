"""The sim's start-up, decided up front: a pure function of the parsed flags, the host, the model and the seed.

Three kinds of figures meet here:

- SGLang's own arithmetic, reproduced exactly (sglang_defaults.py, from its source per version): the default
  `--mem-fraction-static` and tier defaults, the KV pool `rest = post - pre * (1 - f)` in GiB and
  `#tokens = int(rest * 2**30) // cell_size`, the Gated DeltaNet state's share of it, the page alignment,
  `max_running_requests`, and the CUDA-graph batch-size list (`_generate_cuda_graph_batch_sizes` +
  `get_batch_sizes_to_capture`), captured largest first.
- The model's real sizes on one GPU (truth.py, from the config alone): weights, the KV cell, activations.
- What SGLang does not compute but the GPU does: how much the CUDA graphs, the attention/sampling buffers
  and the fused-MoE workspace really take. Those come from the formulas below, calibrated on one real case
  (DeepSeek-V4-Flash, 8x H200, TP 8: the FlashInfer MoE workspace needed 1.34 GiB with 1.06 GiB free at
  SGLang's default fraction; 0.88 worked), and are perturbed per scenario by `SAFELAUNCH_SIM_SEED` within
  truth.DECLARED_ERROR, so that no planner can know the exact limit. The perturbation is keyed on the
  hardware, the model and the parallel layout, never on the fraction or the graph batch size, so that lowering
  either always helps.

Nothing here reads safelaunch's planner: the sim is the world the planner is judged against.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from safelaunch.core.hardware import Host
from safelaunch.sim import truth
from safelaunch.sim.args import SimArgs
from safelaunch.sim.figures import Figures, model_figures
from safelaunch.sim.hf_config import SimModel
from safelaunch.sim.layout_checks import pp_size
from safelaunch.sim.logfmt import GIB, MIB
from safelaunch.sim.sglang_defaults import (
    FractionInputs,
    default_fraction,
    piecewise_enabled,
    piecewise_tokens,
    tier_defaults,
)
from safelaunch.sim.versions import SglangVersion

# ----------------------------------------------------------------------------- calibration constants
# Bytes, per GPU. See the module docstring for what they stand for and how they were calibrated.
MISC_BUFFERS = 256 * MIB  # attention-backend metadata, sampler state: allocated before capture
GRAPH_POOL_BASE = 256 * MIB  # the first (largest) graph's fixed part
GRAPH_STEP_BASE = 4 * MIB  # every further graph: CUDA graph objects, kernel params
GRAPH_STEP_PER_LAYER = 300 * 1024  # ... plus this per layer
CTX_INDEX_BYTES = 4  # int32 KV-index metadata per (request slot x context position) captured
CTX_INDEX_BYTES_COMPRESSED = 18  # compressed-attention caches keep several index/scale streams per position
MOE_WORKSPACE_BYTES_PER_ELEM = 6.4  # fused-MoE workspace per routed (token x expert-slot x width) element
PREFILL_GRAPH_STEP = 1 * MIB  # per captured prefill token size (breakable / piecewise graphs)
# SGLang's own activation reserve per chunked-prefill token (its default-fraction heuristic, 1.5 MiB).
SGLANG_ACT_RESERVE_PER_TOKEN = int(1.5 * MIB)


# ----------------------------------------------------------------------------- hidden variation


@dataclass(frozen=True)
class Variation:
    """Per-scenario factors nobody outside the sim can know; deterministic for a seed and a scenario."""

    seed: int
    graph_scale: float
    buffer_scale: float
    workspace_scale: float
    fragmentation: tuple[int, ...]  # per rank: extra non-PyTorch bytes (allocator/driver noise)
    dist_bytes: tuple[int, ...]  # per rank: NCCL / custom all-reduce buffers
    bs_jitter_seed: int
    activation_scale: float = 1.0  # serving activations (drawn last: the older factors keep their values)


def scenario_key(args: SimArgs, host: Host, model: SimModel, version: SglangVersion) -> str:
    """What identifies 'the same hardware running the same model the same way' (not the tunable knobs)."""
    gpu = host.gpus[0].name if host.gpus else "none"
    return "|".join(
        str(x)
        for x in (
            gpu,
            host.gpu_count,
            host.min_memory_total,
            model.model_id,
            args.tp_size,
            args.dp_size,
            args.ep_size,
            bool(args.enable_dp_attention),
            args.kv_cache_dtype,
            args.quantization,
            version,
        )
    )


def variation(seed: int, key: str, ranks: int, tp: int) -> Variation:
    """The scenario's hidden factors. Seed 0 is the nominal world (every scale 1: the calibrated case); any other
    seed draws each scale uniformly within truth.DECLARED_ERROR."""
    digest = hashlib.sha256(f"{seed}|{key}".encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    dist_base = 0 if tp == 1 else int((1.25 + 0.03 * tp) * GIB)
    err = {k: (v if seed else 0.0) for k, v in truth.DECLARED_ERROR.items()}
    return Variation(
        seed=seed,
        graph_scale=rng.uniform(1 - err["graph_pool"], 1 + err["graph_pool"]),
        buffer_scale=rng.uniform(1 - err["buffers"], 1 + err["buffers"]),
        workspace_scale=rng.uniform(1 - err["moe_workspace"], 1 + err["moe_workspace"]),
        fragmentation=tuple(rng.randrange(0, 48) * 2 * MIB for _ in range(ranks)),
        dist_bytes=tuple((dist_base + rng.randrange(-16, 17) * 2 * MIB) if tp > 1 else 64 * MIB for _ in range(ranks)),
        bs_jitter_seed=rng.randrange(1 << 30),
        activation_scale=rng.uniform(1 - err["activations"], 1 + err["activations"]),
    )


# ----------------------------------------------------------------------------- SGLang's arithmetic


def cuda_graph_batch_sizes(max_bs: int, speculative: bool = False, disable_padding: bool = False) -> list[int]:
    """`ServerArgs._generate_cuda_graph_batch_sizes` (0.5.10.post1)."""
    if disable_padding:
        bs = list(range(1, max_bs + 1))
    elif not speculative:
        bs = [1, 2, 4, 8, 12, *range(16, 257, 8), *range(272, 512, 16), *range(512, max_bs + 1, 32)]
    else:
        bs = [*range(1, 9), *range(10, 33, 2), *range(40, 65, 4), *range(72, 257, 8), *range(272, max_bs + 1, 16)]
    bs = [b for b in bs if b <= max_bs]
    if max_bs not in bs:
        bs.append(max_bs)
    return bs


def batch_sizes_to_capture(candidates: Sequence[int], num_max_requests: int) -> list[int]:
    """`get_batch_sizes_to_capture`: add the request cap when it is smaller, drop what exceeds it; ascending."""
    bs = list(candidates)
    if max(bs) > num_max_requests:
        bs.append(num_max_requests)
    return sorted({b for b in bs if 0 < b <= num_max_requests})


def kv_rest_gib(post_gib: float, pre_gib: float, fraction: float) -> float:
    """`profile_max_num_token`: free after weights minus the non-static slack, in SGLang's GiB floats."""
    return post_gib - pre_gib * (1 - fraction)


def split_linear_state(rest_gib: float, state_per_request: int) -> tuple[float, int]:
    """`handle_max_mamba_cache` (0.5.10.post1, ratio-based): the Gated DeltaNet state pool takes
    mamba_full_memory_ratio / (1 + ratio) of the KV budget; -> (GiB left for the KV cache, state pool bytes)."""
    if state_per_request <= 0 or rest_gib <= 0:
        return rest_gib, 0
    raw = rest_gib * truth.MAMBA_FULL_MEMORY_RATIO / (1 + truth.MAMBA_FULL_MEMORY_RATIO)
    slots = int(raw * (1 << 30)) // state_per_request
    state = slots * state_per_request
    return rest_gib - state / (1 << 30), state


def kv_tokens(rest_gib: float, cell_size: int, page_size: int, max_total_tokens: int | None) -> int:
    tokens = int(rest_gib * (1 << 30)) // cell_size
    if max_total_tokens is not None:
        tokens = min(tokens, max_total_tokens)
    return tokens // page_size * page_size


def max_running_requests(tokens: int, context_len: int, user: int | None, dp: int) -> int:
    """`_resolve_max_num_reqs` (0.5.10.post1)."""
    estimated = int(tokens / context_len * 512)
    estimated = max(min(estimated, 4096), 2048)
    if user is not None:
        return min(user // dp, estimated)
    return min(estimated, tokens // 2)


# ----------------------------------------------------------------------------- the plan


@dataclass(frozen=True)
class StartupPlan:
    version: SglangVersion
    world: int  # scheduler processes = GPUs used
    tp: int
    dp: int
    ep: int
    dp_controller: bool  # DP replicas (each with its own TP group): ranks are tagged DP{d}
    fraction: float
    fraction_is_default: bool
    gpu_mem_mib: float
    chunked_prefill_size: int
    max_prefill_tokens: int
    cuda_graph_max_bs: int
    cuda_graph_bs: tuple[int, ...]
    graphs_disabled: bool
    prefill_graph_tokens: tuple[int, ...]  # new family: breakable prefill graphs; classic: piecewise graphs
    page_size: int
    figures: Figures
    variation: Variation
    gpu_indices: tuple[int, ...]
    autotune_workspace: bool  # MoE: FlashInfer's autotune allocates the workspace at start-up (else: first forward)
    attn_dp: int = 1  # DP attention ways: SGLang divides the chunked prefill size by it (_handle_data_parallelism)

    # ------------------------------------------------------------------ per-GPU sizes (bytes)

    def misc_buffers(self) -> int:
        logits = self.cuda_graph_max_bs * self.figures.vocab_size * 8
        return int((MISC_BUFFERS + logits) * self.variation.buffer_scale) + self.figures.attention_workspace

    def _activation_per_seq(self) -> int:
        """One sequence's decode activations kept in the graph pool: dense path, logits, routed experts."""
        f = self.figures
        dense = 2 * (8 * f.hidden_size + 3 * f.dense_inter_local) + 4 * f.vocab_size
        moe = f.topk * (2 * f.moe_n_local + f.hidden_size) * 2 * f.moe_layers if f.is_moe else 0
        return dense + moe

    def _index_per_seq(self) -> int:
        """Attention metadata the backend sizes per request slot for the whole context (KV indices)."""
        f = self.figures
        return f.context_len * (CTX_INDEX_BYTES_COMPRESSED if f.compressed_attention else CTX_INDEX_BYTES)

    def graph_bytes(self, bs: int, first: bool) -> int:
        """Private-pool growth when capturing batch size `bs`: the largest graph sizes the pool, the rest reuse it."""
        f = self.figures
        if first:
            size = GRAPH_POOL_BASE + bs * (self._activation_per_seq() + self._index_per_seq())
        else:
            size = GRAPH_STEP_BASE + f.num_layers * GRAPH_STEP_PER_LAYER + bs * self._activation_per_seq() // 16
        jitter = random.Random(self.variation.bs_jitter_seed * 7919 + bs).randrange(-1, 2) * MIB
        return max(MIB, int(size * self.variation.graph_scale) + jitter)

    def prefill_graph_bytes(self, tokens: int) -> int:
        return int((PREFILL_GRAPH_STEP + tokens * self.figures.hidden_size // 8) * self.variation.graph_scale)

    def activation_per_token(self) -> int:
        """Transient bytes one prefill token of a forward needs on this GPU: truth.activations, varied."""
        return int(self.figures.activations.per_prefill_token * self.variation.activation_scale)

    def prefill_chunk_tokens(self) -> int:
        """The most prefill tokens one forward runs on one rank: the chunk (per DP-attention rank), or the context."""
        chunk = self.chunked_prefill_size if self.chunked_prefill_size > 0 else self.figures.context_len
        return max(1, min(chunk // max(1, self.attn_dp), self.figures.context_len))

    def forward_activation_bytes(self, prefill_tokens: int, decode_requests: int) -> int:
        """One forward's transient memory on one rank: the batch's prefill tokens (at most one chunk, however
        many requests they come from) plus one token per running request being decoded."""
        act = self.figures.activations
        prefill = min(max(0, prefill_tokens), self.prefill_chunk_tokens())
        nominal = prefill * act.per_prefill_token + max(0, decode_requests) * act.per_decode_request
        nominal += act.per_forward if prefill else 0
        return int(nominal * self.variation.activation_scale)

    def moe_workspace(self) -> int:
        f = self.figures
        if not f.is_moe:
            return 0
        elems = self.chunked_prefill_size * f.topk * (2 * f.moe_n_local + f.hidden_size)
        return int(elems * MOE_WORKSPACE_BYTES_PER_ELEM * self.variation.workspace_scale)


def make_plan(
    args: SimArgs,
    host: Host,
    model: SimModel,
    version: SglangVersion,
    seed: int,
    env: Mapping[str, str] | None = None,
) -> StartupPlan:
    """The start-up for these flags; `env` is the process environment SGLang reads (SGLANG_*)."""
    from safelaunch.errors import ConfigError

    tp, dp = args.tp_size, args.dp_size
    attn_dp = args.attn_dp_size if args.attn_dp_size > 1 else (dp if args.enable_dp_attention and dp > 1 else 1)
    ep = tp if args.moe_a2a_backend == "deepep" else args.ep_size  # `_handle_a2a_moe`: DeepEP sets ep_size = tp_size
    dp_controller = dp > 1 and not args.enable_dp_attention
    # SGLang never counts GPUs: rank r takes GPU base_gpu_id + r, and a missing one fails in its scheduler
    world = tp * pp_size(args) * (dp if dp_controller else 1)
    world = max(1, world // max(1, int(args.raw.get("nnodes") or 1)))  # this node's share of a multi-node group
    visible = host.gpus[args.base_gpu_id :]
    if not visible:
        raise ConfigError(f"base_gpu_id={args.base_gpu_id}: the host has {len(host.gpus)} GPUs")
    lay = truth.Layout(tp=tp, ep=max(1, ep), attn_tp=max(1, tp // attn_dp))
    figures = model_figures(model, lay, args, env or {})
    total = min(g.memory_total for g in visible[:world])
    gpu_mem_mib = total / MIB
    chunked_default, bs_default = tier_defaults(version, gpu_mem_mib, tp)
    chunked = args.chunked_prefill_size if args.chunked_prefill_size is not None else chunked_default
    graphs_disabled = args.disable_cuda_graph
    max_bs = args.cuda_graph_max_bs
    if max_bs is None:
        max_bs = bs_default
        if version.new_family and args.max_running_requests is not None and max_bs > args.max_running_requests:
            max_bs = args.max_running_requests
    if args.cuda_graph_bs:
        candidates = list(args.cuda_graph_bs)
        max_bs = max(candidates)
    else:
        candidates = cuda_graph_batch_sizes(
            max_bs, speculative=args.speculative_algorithm is not None, disable_padding=args.disable_cuda_graph_padding
        )
    multimodal = "ConditionalGeneration" in model.architecture
    if version.new_family:
        prefill_on = not (graphs_disabled or args.disable_prefill_cuda_graph)
        prefill_max = min(8192, chunked) if model.is_mla else chunked
        prefill = tuple(piecewise_tokens(prefill_max if prefill_max > 0 else 8192)) if prefill_on else ()
        reserve_prefill = prefill_on
    else:
        reserve_prefill = piecewise_enabled(
            args.disable_piecewise_cuda_graph, args.speculative_algorithm, attn_dp, args.moe_a2a_backend, multimodal
        )
        piecewise_on = reserve_prefill and figures.standard_attention and not figures.is_moe
        prefill = tuple(piecewise_tokens(chunked if chunked > 0 else 8192)) if piecewise_on else ()
    default_f = default_fraction(
        version,
        FractionInputs(
            gpu_mem_mib=gpu_mem_mib,
            tp=tp,
            chunked_prefill_size=chunked,
            max_prefill_tokens=args.max_prefill_tokens,
            cuda_graph_max_bs=max_bs,
            attn_dp=attn_dp,
            graphs_disabled=graphs_disabled,
            prefill_graphs=reserve_prefill,
            prefill_graph_count=len(piecewise_tokens(chunked if chunked > 0 else 8192)),
            mla=model.is_mla,
            deepep=args.moe_a2a_backend == "deepep",
            speculative=args.speculative_algorithm,
        ),
    )
    fraction = args.mem_fraction_static if args.mem_fraction_static is not None else default_f
    key = scenario_key(args, host, model, version)
    var = variation(seed, key, world, tp)
    page = args.page_size or 1
    return StartupPlan(
        version=version,
        world=world,
        tp=tp,
        dp=dp,
        ep=ep,
        dp_controller=dp_controller,
        fraction=float(fraction),
        fraction_is_default=args.mem_fraction_static is None,
        gpu_mem_mib=gpu_mem_mib,
        chunked_prefill_size=chunked,
        max_prefill_tokens=args.max_prefill_tokens,
        cuda_graph_max_bs=max_bs,
        cuda_graph_bs=tuple(candidates),
        graphs_disabled=graphs_disabled,
        prefill_graph_tokens=prefill,
        page_size=page,
        figures=figures,
        variation=var,
        gpu_indices=tuple(args.base_gpu_id + r for r in range(world)),
        autotune_workspace=figures.is_moe and not args.disable_flashinfer_autotune,
        attn_dp=attn_dp,
    )
