"""A model's per-GPU figures at one parallel layout, as the sim's start-up plan (plan.py) consumes them.

They are the sim's own truth (truth.py, from the config alone) plus what the log prints about the model
(architecture, quantization, KV dtype); nothing is read from safelaunch's planner.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from safelaunch.sim import truth
from safelaunch.sim.args import SimArgs
from safelaunch.sim.hf_config import SimModel
from safelaunch.sim.logfmt import GIB, MIB

# FlashInfer's attention workspace (SGLANG_FLASHINFER_WORKSPACE_SIZE, 0.5.10.post1 environ.py: 384 MiB;
# flashinfer_backend.py raises it to 512 MiB for Qwen2/Qwen3 dense models). MLA / DeepSeek-V4 use their own
# backends, whose buffers plan.MISC_BUFFERS covers.
FLASHINFER_WORKSPACE = 384 * MIB
FLASHINFER_WORKSPACE_QWEN = 512 * MIB


def _kv_dtype(kv_cache_dtype: str) -> str:
    return {
        "auto": "torch.bfloat16",
        "bf16": "torch.bfloat16",
        "bfloat16": "torch.bfloat16",
        "fp8_e4m3": "torch.float8_e4m3fn",
        "fp8_e5m2": "torch.float8_e5m2",
        "mxfp8": "torch.float8_e4m3fn",
        "nvfp4": "torch.float4_e2m1fn_x2",
        "fp4_mx_block16": "torch.float4_e2m1fn_x2",
    }.get(kv_cache_dtype, "torch.bfloat16")


@dataclass(frozen=True)
class Figures:
    """A model's per-GPU figures at one parallel layout: the sim's own truth (truth.py), before variation."""

    architecture: str
    weights_bytes: int
    weight_chunk: int  # the largest single tensor load (an OOM while loading names this size)
    num_shards: int
    kv_bytes_per_token: int
    kv_split: bool  # separate K and V buffers (MHA/GQA) or one (MLA / compressed caches)
    kv_dtype: str
    quant_str: str | None
    context_len: int
    num_layers: int
    hidden_size: int
    vocab_size: int
    is_moe: bool
    moe_layers: int
    topk: int
    moe_n_local: int  # one expert's width on this GPU (SGLang's fused-MoE N)
    experts_local: int
    dense_inter_local: int
    num_experts: int  # all routed experts (the router's logits cover every one)
    activations: truth.ActivationModel
    state_per_request: int  # hybrid linear attention: the Gated DeltaNet state one request keeps (0: none)
    compressed_attention: bool  # a compressed KV cache (DeepSeek-V4): heavier per-position attention metadata
    standard_attention: bool  # plain MHA/GQA: SGLang 0.5.10 captures piecewise prefill graphs only then
    attention_workspace: int  # FlashInfer's workspace buffer (0: the backend's own, in MISC_BUFFERS)


def model_figures(model: SimModel, lay: truth.Layout, args: SimArgs, env: Mapping[str, str]) -> Figures:
    """The model's figures at this layout, from the sim's own reading of its config (truth.py)."""
    weights = truth.weight_bytes(model, lay, env, speculative=args.speculative_algorithm is not None)
    layers = max(1, model.num_layers)
    if model.quant == "fp8":
        quant_str: str | None = "quant=fp8, fmt=e4m3"
    elif model.quant:
        quant_str = f"quant={model.quant}"
    else:
        quant_str = None
    standard = not (model.is_mla or model.is_dsv4)
    if not standard:
        workspace = 0
    elif model.architecture in ("Qwen2ForCausalLM", "Qwen3ForCausalLM"):
        workspace = FLASHINFER_WORKSPACE_QWEN
    else:
        workspace = FLASHINFER_WORKSPACE
    return Figures(
        architecture=model.architecture,
        weights_bytes=weights,
        weight_chunk=max(64 * MIB, min(2 * GIB, weights // (layers + 2))),
        num_shards=max(1, round((model.checkpoint_bytes or weights * lay.tp) / (3.5 * 10**9))),
        kv_bytes_per_token=truth.kv_bytes_per_token(model, lay, args.kv_cache_dtype),
        kv_split=standard,
        kv_dtype=_kv_dtype(args.kv_cache_dtype),
        quant_str=quant_str,
        context_len=args.context_length or model.max_position_embeddings,
        num_layers=layers,
        hidden_size=model.hidden_size,
        vocab_size=model.vocab_size,
        is_moe=model.is_moe,
        moe_layers=model.moe_layers,
        topk=model.experts_per_token,
        moe_n_local=model.moe_intermediate_size // lay.moe_tp,
        experts_local=max(1, model.num_experts // lay.ep),
        dense_inter_local=max(1, model.intermediate_size // lay.tp),
        num_experts=model.num_experts,
        activations=truth.activations(model, lay),
        state_per_request=truth.linear_state_per_request(model, lay),
        compressed_attention=model.is_dsv4,
        standard_attention=standard,
        attention_workspace=workspace,
    )
