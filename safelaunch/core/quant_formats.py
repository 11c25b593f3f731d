"""A checkpoint's `quantization_config` -> what each group of its weights costs per parameter, and its KV dtype.

Why its own module: FP8 (block or per-channel scales), FP4 (NVFP4: 16-element blocks with an FP8 scale; MXFP4:
32-element blocks with an E8M0 scale), AWQ / GPTQ (4 or 8 bits, a 16-bit scale and zero per group) and
compressed-tensors (config_groups with num_bits and type) all say the same few things differently, and which
modules stay unquantized (`ignore`, `modules_to_not_convert`, `exclude_modules`) decides whether attention and
the LM head cost 2 bytes a parameter or less. Bytes per parameter include the scales.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

_TORCH_DTYPES = {
    "bfloat16": "bf16",
    "bf16": "bf16",
    "float16": "fp16",
    "half": "fp16",
    "fp16": "fp16",
    "float32": "fp32",
    "float": "fp32",
}
# stored bytes per parameter, scales included
FORMAT_BYTES = {"bf16": 2.0, "fp16": 2.0, "fp32": 4.0, "fp8": 1.0, "int8": 1.0, "nvfp4": 0.5625, "mxfp4": 0.53125}


@dataclass(frozen=True)
class CheckpointQuant:
    """label: fp8 | fp4 | mxfp4 | awq | gptq | compressed-tensors ... or None; dtype: the stored linear dtype."""

    label: str | None
    dtype: str  # bf16 | fp16 | fp8 | fp4 | int4 | int8 (ModelInfo.dtype)
    linear_bytes: float  # bytes per parameter of a quantized linear weight
    embed_bytes: float = 2.0
    vision_bytes: float = 2.0
    unquantized: frozenset[str] = field(default_factory=frozenset)  # groups left at 16 bits: attn, mlp, experts
    experts_only: bool = False
    kv_cache_dtype: str | None = None  # what the checkpoint declares for its KV cache (fp8_e4m3), if anything
    weight_block_size: tuple[int, int] | None = None

    def bytes_for(self, group: str) -> float:
        """Bytes per parameter of a group: attn | mlp | experts."""
        if group in self.unquantized or (self.experts_only and group != "experts"):
            return self.embed_bytes
        return self.linear_bytes


def _bits_format(bits: int, kind: str, group: int | None) -> tuple[str, float]:
    if kind == "float" and bits == 4:
        return "fp4", FORMAT_BYTES["nvfp4"]
    if kind == "float":
        return "fp8", 1.0
    per_group = 2.5 / max(1, group or 128)  # a 16-bit scale and a 4-bit (or 8-bit) zero per group
    return ("int4", 0.5 + per_group) if bits == 4 else ("int8", 1.0 + per_group)


def _skipped(qc: Mapping[str, Any]) -> frozenset[str]:
    names = [str(x) for k in ("ignore", "modules_to_not_convert", "exclude_modules") for x in (qc.get(k) or [])]
    groups = set()
    if any("attn" in n for n in names):
        groups.add("attn")
    if any(n.endswith(("mlp", "shared_expert", "shared_experts")) or ".mlp." in n for n in names):
        groups.add("mlp")
    return frozenset(groups)


def _compressed_tensors(qc: Mapping[str, Any]) -> tuple[str, float]:
    fmt = str(qc.get("format") or "")
    for group in (qc.get("config_groups") or {}).values():
        w = (group or {}).get("weights") or {}
        if w.get("num_bits"):
            kind = "float" if str(w.get("type")) == "float" or "fp" in fmt else "int"
            return _bits_format(int(w["num_bits"]), kind, w.get("group_size"))
    return ("fp4", FORMAT_BYTES["nvfp4"]) if "nvfp4" in fmt else ("fp8", 1.0)


def checkpoint_quant(qc: Mapping[str, Any] | None, torch_dtype: str | None) -> CheckpointQuant:
    """quantization_config (None for a plain checkpoint) and torch_dtype -> CheckpointQuant."""
    base = _TORCH_DTYPES.get(str(torch_dtype or "bfloat16").replace("torch.", ""), "bf16")
    if base == "fp32":  # SGLang's dtype "auto" loads a float32 checkpoint in 16 bits (gemma-2-9b-it says float32)
        base = "bf16"
    plain = FORMAT_BYTES.get(base, 2.0)
    if not qc:
        return CheckpointQuant(None, base, plain, plain, plain)
    method = str(qc.get("quant_method") or "").lower()
    algo = str(qc.get("quant_algo") or "").lower()
    skipped = _skipped(qc)
    kv = qc.get("kv_cache_quant_algo") or (qc.get("kv_cache_scheme") or {}).get("type")
    kv_dtype = "fp8_e4m3" if kv and ("fp8" in str(kv).lower() or str(kv) == "float") else None
    block = qc.get("weight_block_size")
    wbs = (int(block[0]), int(block[1])) if isinstance(block, list) and len(block) == 2 else None
    if method == "mxfp4" or "mxfp4" in algo:
        # gpt-oss: only the experts are MXFP4; attention, router, embeddings stay bf16
        return CheckpointQuant("mxfp4", "fp4", FORMAT_BYTES["mxfp4"], experts_only=True, kv_cache_dtype=kv_dtype)
    if "fp4" in algo or method in ("modelopt_fp4", "nvfp4"):
        return CheckpointQuant("fp4", "fp4", FORMAT_BYTES["nvfp4"], unquantized=skipped, kv_cache_dtype=kv_dtype)
    if method == "fp8" or "fp8" in algo or method == "modelopt_fp8":
        return CheckpointQuant(
            "fp8", "fp8", 1.0, unquantized=skipped, kv_cache_dtype=kv_dtype, weight_block_size=wbs or None
        )
    if method in ("awq", "gptq", "awq_marlin", "gptq_marlin", "auto-round"):
        bits = int(qc.get("bits") or qc.get("w_bit") or 4)
        dtype, per = _bits_format(bits, "int", qc.get("group_size") or qc.get("q_group_size"))
        return CheckpointQuant(method, dtype, per, unquantized=skipped, embed_bytes=2.0)
    if method in ("compressed-tensors", "compressed_tensors"):
        dtype, per = _compressed_tensors(qc)  # labelled by what it stores, so recipes match fp8 / fp4 / int4
        return CheckpointQuant(dtype, dtype, per, unquantized=skipped, kv_cache_dtype=kv_dtype)
    if method in ("bitsandbytes",):
        return CheckpointQuant(method, "int4" if qc.get("load_in_4bit") else "int8", 0.55, unquantized=skipped)
    return CheckpointQuant(method or None, base, plain, plain, plain, kv_cache_dtype=kv_dtype)


__all__ = ["FORMAT_BYTES", "CheckpointQuant", "checkpoint_quant"]
