"""The fused-MoE kernel-config check: is SGLang's tuned Triton config there for this GPU name and TP/EP shape?

Apart from the other checks because it is the one that needs the most context: the checkpoint's quantization
and FP8 block size (read from its config.json when on disk), the launch flags, and the config files the SGLang
installation ships (`core.kernel_configs` names and looks them up). A missing config is a WARN with SGLang's own
tuner command to generate it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from safelaunch.core import kernel_configs as kc
from safelaunch.host import sglang_install
from safelaunch.host.doctor_checks import OK, WARN, Check

if TYPE_CHECKING:
    from safelaunch.core.models import ModelInfo

FP8_DEFAULT_BLOCK = (128, 128)  # block size of every FP8 checkpoint in the catalogue (DeepSeek, Qwen)


def _checkpoint_block(info: ModelInfo) -> tuple[int, int] | None:
    """weight_block_size of an FP8 checkpoint: from its config.json when on disk, else the catalogue's 128x128."""
    block = getattr(info, "weight_block_size", None)
    if block:
        return (int(block[0]), int(block[1]))
    if info.path:
        try:
            cfg = json.loads((Path(info.path) / "config.json").read_text())
        except (OSError, ValueError):
            cfg = {}
        qc = cfg.get("quantization_config") or (cfg.get("text_config") or {}).get("quantization_config") or {}
        wbs = qc.get("weight_block_size")
        return (int(wbs[0]), int(wbs[1])) if wbs and len(wbs) == 2 else None
    return FP8_DEFAULT_BLOCK


def moe_quant(info: ModelInfo, flags: Mapping[str, Any], env: Mapping[str, str] | None = None) -> kc.QuantKernel:
    """The kernel dtype selector for this launch: the checkpoint's own quantization unless a flag overrides it."""
    from safelaunch.core import memory

    expert_dtype = memory.expert_dtype_for(info, env) or info.expert_dtype
    if expert_dtype == "fp4":
        return kc.QuantKernel(None, triton=False, note="FP4 experts do not run SGLang's Triton fused-MoE kernel")
    flag = flags.get("quantization")
    quant = flag or info.quant
    if quant and str(quant).lower() == "fp8" and (info.quant or "").lower() == "fp8":
        return kc.quant_kernel("fp8", _checkpoint_block(info))
    bits = 8 if info.dtype == "int8" else 4
    return kc.quant_kernel(quant, None, bits)


def check_moe_kernels(
    info: ModelInfo,
    flags: Mapping[str, Any],
    device_name: str,
    install: sglang_install.Install,
    model: str,
    python: str | None = None,
    env: Mapping[str, str] | None = None,
) -> Check:
    """Is SGLang's tuned fused-MoE Triton config there for this exact GPU name and this TP/EP shape?"""
    name = "moe-kernel-config"
    if not info.is_moe or not info.num_experts or not info.moe_intermediate_size:
        return Check(name, OK, "not a MoE model: no fused-MoE kernel config involved")
    backend = str(flags.get("moe-runner-backend") or "auto")
    if backend not in kc.TRITON_BACKENDS:
        return Check(name, OK, f"--moe-runner-backend {backend} does not use the Triton fused-MoE configs")
    quant = moe_quant(info, flags, env)
    if not quant.triton:
        return Check(name, OK, quant.note)
    tp, ep = int(flags.get("tp") or 1), int(flags.get("ep") or 1)
    disabled = bool(flags.get("disable-shared-experts-fusion"))
    fused = kc.fused_shared_experts(info.architecture, info.num_experts, ep, disabled)
    try:
        shape = kc.moe_shape(info.num_experts, info.moe_intermediate_size, tp, ep, quant, fused)
    except ValueError as exc:
        return Check(name, WARN, f"cannot compute the config file name: {exc}")
    file_name = kc.config_file_name(shape, device_name)
    if not install.has_sglang or not install.moe_config_root:
        return Check(
            name,
            WARN,
            f"not checked: no SGLang config folder found (SGLang will look for {file_name})",
            "fix the sglang check first",
        )
    found = kc.lookup(
        shape, device_name, install.moe_config_files, install.triton_version, install.moe_fallback_versions
    )
    configs = f"{install.moe_config_root}/configs"
    triton = install.triton_version or "unknown"
    if found.status == "exact":
        return Check(name, OK, f"tuned config for {found.device_name}: {configs}/{found.found}")
    if found.status == "fallback":
        return Check(
            name,
            OK,
            f"tuned config for {found.device_name} from another triton version: {configs}/{found.found} "
            f"(installed triton {triton}; SGLang uses it and says performance might be sub-optimal)",
        )
    argv = kc.tuner_argv(
        model,
        tp,
        ep,
        quant,
        disable_shared_experts_fusion=fused == 0 and info.architecture in kc.TUNER_FUSES_SHARED,
        python=python or "python",
    )
    target = f"{configs}/{found.installed_dir or 'triton_<your triton version>'}/"
    version = install.sglang_version or "<installed version>"
    action = (
        f"generate it with SGLang's own tuner in an sglang v{version} source checkout (needs ray and these GPUs): "
        f"{kc.tuner_command(argv)} ; then copy the {file_name} it writes into {target}"
    )
    what = f"no tuned fused-MoE config for {found.device_name}: {file_name} is not in {configs}/ (triton {triton})"
    if found.status == "missing_sibling":
        others = ", ".join(found.siblings[:3]) + (" ..." if len(found.siblings) > 3 else "")
        dtype = f", {shape.dtype}" if shape.dtype else ""
        what += (
            f", while {others} {'has' if len(found.siblings) == 1 else 'have'} one for this shape "
            f"(E={shape.experts}, N={shape.n}{dtype}) and SGLang matches the device name exactly"
        )
    if found.unsearched:
        what += f"; {', '.join(found.unsearched)} exists but SGLang does not look there with triton {triton}"
    return Check(name, WARN, f"{what}; {kc.UNTUNED_COST}", action)
