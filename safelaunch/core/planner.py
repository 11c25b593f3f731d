"""MODEL + Host + strategy -> `Plan`: the recipe's flags, completed by the memory estimate, with the user's
explicit flags on top, and the reasons for each choice.

Pure apart from reading the recipe catalogue: the same inputs give the same plan, which is what lets `plan`
preview exactly what `serve` will launch, and lets `serve` recompute a plan after a failure with
`Plan.with_flags`. The model arrives resolved (`ModelInfo`); `safelaunch.host.planning` finds it first.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from safelaunch.core import memory
from safelaunch.core.hardware import Host
from safelaunch.core.layout_rules import check_layout
from safelaunch.core.models import ModelInfo
from safelaunch.core.recipes import (
    STRATEGIES,
    Catalogue,
    Request,
    RetryPolicy,
    gpus_needed,
    load_catalogue,
    select,
    select_pinned,
)
from safelaunch.core.sglang_args import canonical, check_extra_args, render_argv
from safelaunch.errors import ConfigError

GIB = 2**30

# User --quant values that map onto SGLang's --quantization for a checkpoint stored without it.
_ONLINE_QUANT = {"fp8": "fp8"}


@dataclass(frozen=True)
class Plan:
    """One launch: what to pass SGLang and why. `flags` use canonical names (tp, mem-fraction-static, ...)."""

    model: str  # the --model-path value
    info: ModelInfo
    hw_key: str
    gpu_count: int
    strategy: str
    quant: str | None
    flags: Mapping[str, Any]
    env: Mapping[str, str]
    recipe_id: str | None
    verified: bool
    reasons: tuple[str, ...]
    user_flags: frozenset[str]
    extra_args: tuple[str, ...]
    sglang_version: str | None
    via_hw: str | None = None  # the recipe's hardware key when reached through a fallback chain
    warnings: tuple[str, ...] = ()
    policies_dir: str | None = None

    def with_flags(self, changes: Mapping[str, Any]) -> Plan:
        """A copy with flags changed (None or False removes one); a changed plan is no longer the verified one."""
        flags = dict(self.flags)
        changed = False
        for name, value in changes.items():
            key = canonical(name)
            if value is None or value is False:
                changed |= flags.pop(key, None) is not None
            elif flags.get(key) != value:
                flags[key] = value
                changed = True
        if not changed:
            return self
        return replace(self, flags=flags, verified=False)

    def argv(self) -> list[str]:
        """SGLang's arguments for this plan, spelled for its SGLang version (no interpreter or module)."""
        return ["--model-path", self.model, *render_argv(self.flags, self.sglang_version), *self.extra_args]

    def launch_argv(self, python: str) -> list[str]:
        return [python, "-m", "sglang.launch_server", *self.argv()]

    def gpus_used(self) -> int:
        return gpus_needed(self.flags)

    def to_json(self) -> dict[str, Any]:
        from safelaunch.redact import redact_argv, redact_env, redact_flags

        return {
            "model": self.model,
            "recipe": self.recipe_id,
            "verified": self.verified,
            "reasons": list(self.reasons),
            "warnings": list(self.warnings),
            "flags": redact_flags(self.flags),
            "env": redact_env(self.env),
            "argv": redact_argv(self.argv()),
            "hw_key": self.hw_key,
            "via_hw": self.via_hw,
            "gpu_count": self.gpu_count,
            "strategy": self.strategy,
            "quant": self.quant,
            "user_flags": sorted(self.user_flags),
            "extra_args": redact_argv(list(self.extra_args)),
            "sglang_version": self.sglang_version,
            "model_info": {k: v for k, v in asdict(self.info).items() if k not in ("provenance",)}
            | {"is_moe": self.info.is_moe, "is_mla": self.info.is_mla},
        }


# --------------------------------------------------------------------------- memory-driven choices


def fraction_for(
    info: ModelInfo, host: Host, flags: Mapping[str, Any], env: Mapping[str, str], policy: RetryPolicy
) -> tuple[float, str]:
    """SGLang's default fraction for these flags, lowered for a MoE workspace SGLang does not reserve."""
    probe = {k: v for k, v in flags.items() if k != "mem-fraction-static"}
    default = memory.default_fraction_for(info, host.min_memory_total, probe)
    est = memory.estimate(info, host, {**probe, "mem-fraction-static": default}, env)
    why = f"SGLang's own default for {host.min_memory_total / 2**20:.0f} MiB GPUs with these flags"
    chosen = default
    if est.moe_workspace_bytes:
        # SGLang's reserve has nothing for the fused-MoE workspace (reference §1.7): the real DeepSeek-V4-Flash
        # case ran out at its default (1.34 GiB needed, 1.06 GiB free). Reserve the estimate and the margin on top.
        room = default - (est.moe_workspace_bytes + policy.margin_bytes) / max(1, est.pre_load_bytes)
        if room < default:
            chosen = room
            why = (
                f"SGLang's default {default:.3f} lowered to leave room for an estimated "
                f"{est.moe_workspace_bytes / GIB:.2f} GiB fused-MoE workspace (SGLang reserves none) "
                f"plus the policy's {policy.margin_bytes / GIB:.2f} GiB margin"
            )
    clamped = min(policy.fraction_ceiling, max(policy.fraction_floor, round(chosen - 0.0005, 3)))
    if clamped != round(chosen, 3) and abs(clamped - chosen) > 0.001:
        why += f"; kept within the policy's [{policy.fraction_floor}, {policy.fraction_ceiling}]"
    return clamped, why


def _useful_tokens(info: ModelInfo, flags: Mapping[str, Any], policy: RetryPolicy) -> int:
    ctx = flags.get("context-length")
    context = int(ctx) if isinstance(ctx, int) and not isinstance(ctx, bool) else info.max_position_embeddings
    return min(policy.min_kv_tokens, context) if context else policy.min_kv_tokens


def tp_candidates(info: ModelInfo, gpu_count: int, policy: RetryPolicy, flags: Mapping[str, Any]) -> list[int]:
    """TPs of the ladder the host can run and the model can be split by (attention heads divide evenly)."""
    per = 1
    for key in ("pp",):
        v = flags.get(key)
        per *= int(v) if isinstance(v, int) and not isinstance(v, bool) else 1
    if not flags.get("enable-dp-attention"):
        v = flags.get("dp")
        per *= int(v) if isinstance(v, int) and not isinstance(v, bool) else 1
    return [t for t in policy.tp_ladder if t * per <= gpu_count and info.num_attention_heads % t == 0]


def choose_tp(
    info: ModelInfo, host: Host, flags: Mapping[str, Any], env: Mapping[str, str], policy: RetryPolicy
) -> tuple[int, str, bool]:
    """The smallest TP of the ladder whose estimate fits with a useful KV pool: (tp, why, fits)."""
    candidates = tp_candidates(info, host.gpu_count, policy, flags)
    if not candidates:
        return 1, "no TP of the ladder divides the model's attention heads on this host; using 1", False
    need = _useful_tokens(info, flags, policy)
    tried = []
    for t in candidates:
        trial = {**flags, "tp": t}
        if trial.get("mem-fraction-static") in (None, "auto"):
            trial["mem-fraction-static"] = fraction_for(info, host, trial, env, policy)[0]
        est = memory.estimate(info, host, trial, env)
        if est.weights_fit and est.kv_tokens >= need:
            smaller = f" (TP {', '.join(map(str, tried))} did not)" if tried else ""
            return (
                t,
                f"tp {t}: the smallest TP of the ladder {list(policy.tp_ladder)} whose estimate fits: "
                f"{est.weights_bytes / GIB:.1f} GiB of weights per GPU, KV pool for {est.kv_tokens:,} tokens "
                f"(needs {need:,}){smaller}",
                True,
            )
        tried.append(t)
    t = candidates[-1]
    return t, f"tp {t}: the largest TP this host allows; the estimate says even it does not fit", False


# --------------------------------------------------------------------------- the plan


def _default_quant(info: ModelInfo) -> str:
    return (info.quant or info.dtype or "bf16").lower()


def check_request(host: Host, strategy: str, extra_args: Sequence[str] = ()) -> None:
    """What can be refused before the model is even looked up: the strategy, `--` extras, a host with no GPU."""
    if strategy not in STRATEGIES:
        raise ConfigError(f"strategy {strategy!r}: expected one of {', '.join(STRATEGIES)}")
    check_extra_args(extra_args)
    if host.gpu_count < 1:
        raise ConfigError("the host has no GPU to plan for")


def make_plan(
    model: str,
    host: Host,
    strategy: str = "balanced",
    quant: str | None = None,
    overrides: Mapping[str, Any] | None = None,
    extra_args: Sequence[str] = (),
    policies_dir: str | os.PathLike[str] | None = None,
    sglang_version: str | None = None,
    *,
    catalogue: Catalogue | None = None,
    info: ModelInfo,
    recipe_id: str | None = None,
    nodes: int = 1,
) -> Plan:
    """Pick a recipe for this model on this host, complete it from the memory estimate, apply user flags.

    `info` is the model already resolved (`safelaunch.host.planning.make_plan` resolves MODEL and calls this);
    `recipe_id` pins one recipe (`--recipe`), refused with the reason when it does not fit the host or model.
    `nodes` > 1 plans a multi-node group (`host` is then every node's GPUs, `core.group.group_host`): only the
    catalogue's `nodes: multi` recipes apply, and an automatic TP spans every GPU of every node."""
    check_request(host, strategy, extra_args)
    cat = catalogue or load_catalogue(policies_dir)
    policy = cat.policy
    q = (quant or _default_quant(info)).lower()
    model_key = info.model_id if info.source != "local" else Path(info.model_id).name
    req = Request(
        model_id=model_key,
        hw_key=host.hw_key,
        gpu_count=host.gpu_count,
        strategy=strategy,
        quant=q,
        kind="moe" if info.is_moe else "dense",
        nodes="multi" if nodes > 1 else "single",
        sglang_version=sglang_version,
    )
    sel = select_pinned(cat, req, recipe_id) if recipe_id else select(cat, req)
    reasons: list[str] = list(sel.reasons)
    if recipe_id and sel.recipe is not None:  # a pinned recipe's quant and strategy are the plan's
        strategy, q = sel.recipe.strategy or strategy, sel.recipe.quant or q
    warnings: list[str] = []
    if quant is None:
        reasons.append(f"quant not given: the checkpoint's own ({q})")
    if sel.via_hw and host.gpus:
        warnings.append(
            f"recipe written for {sel.via_hw}: SGLang looks tuned kernel configs up by this host's device name "
            f"({host.gpus[0].kernel_device_name}), so {sel.via_hw}-tuned MoE configs do not apply here"
        )
    for rid, why in sel.rejected:
        reasons.append(f"skipped recipe {rid}: {why}")
    recipe = sel.recipe
    flags: dict[str, Any] = {canonical(k): v for k, v in (recipe.flags if recipe else {}).items()}
    env: dict[str, str] = dict(recipe.env) if recipe else {}
    if recipe is None:
        flags = {"tp": "auto", "mem-fraction-static": "auto"}
    if recipe is None or recipe.is_generic:
        native = _default_quant(info)
        if q != native:
            if q in _ONLINE_QUANT and native in ("bf16", "fp16"):
                flags["quantization"] = _ONLINE_QUANT[q]
                reasons.append(f"quantization {_ONLINE_QUANT[q]}: --quant {q} on a {native} checkpoint (online)")
            else:
                warnings.append(
                    f"--quant {q}: the checkpoint is {native} and no recipe maps it; pass SGLang's "
                    "--quantization after `--` if it applies"
                )
    if info.trust_remote_code and "trust-remote-code" not in flags:
        flags["trust-remote-code"] = True
        reasons.append("trust-remote-code: the model ships or needs custom code")

    user: dict[str, Any] = {canonical(k): v for k, v in (overrides or {}).items() if v is not None}
    for key, value in user.items():
        old = flags.get(key)
        flags[key] = value
        was = f" (the recipe had {old})" if old not in (None, "auto") and old != value else ""
        reasons.append(f"{key} {value}: set by you{was}")
    need = gpus_needed(flags)
    if need > host.gpu_count:
        src = "your flags" if set(user) & {"tp", "dp", "pp"} else "the recipe"
        raise ConfigError(f"{src} need {need} GPUs (tp x pp x dp); this host has {host.gpu_count}")

    if flags.get("tp") in (None, "auto") and "tp" not in user:
        group_policy = replace(policy, tp_ladder=(host.gpu_count,)) if nodes > 1 else policy
        tp, why, fits = choose_tp(info, host, {k: v for k, v in flags.items() if k != "tp"}, env, group_policy)
        if nodes > 1:
            why += f" (a group of {nodes} nodes runs one TP group over every GPU of every node)"
        flags["tp"] = tp
        reasons.append(why)
        if not fits:
            warnings.append(why)
    if flags.get("mem-fraction-static") in (None, "auto"):
        fraction, why = fraction_for(info, host, flags, env, policy)
        flags["mem-fraction-static"] = fraction
        reasons.append(f"mem-fraction-static {fraction:.3f}: {why}")
    elif recipe is not None and "mem-fraction-static" not in user:
        reasons.append(f"mem-fraction-static {flags['mem-fraction-static']}: from recipe {recipe.id}")

    est = memory.estimate(info, host, flags, env)
    if not est.weights_fit:
        warnings.append(
            f"the weights need {est.weights_bytes / GIB:.1f} GiB per GPU at TP {est.tp}, more than the static budget "
            f"({est.pre_load_bytes * est.fraction / GIB:.1f} GiB); serve will try a larger TP"
        )
    elif est.kv_tokens < _useful_tokens(info, flags, policy):
        warnings.append(f"predicted KV pool of {est.kv_tokens:,} tokens is below the useful minimum")
    kv_heads = info.num_kv_heads if info.kv_lora_rank is None else 0  # MLA caches a latent, not KV heads
    check_layout(flags, extra_args, host.gpu_count, info.num_attention_heads, kv_heads)
    gpus = gpus_needed(flags)
    if gpus < host.gpu_count:
        reasons.append(f"uses {gpus} of the host's {host.gpu_count} GPUs")
    return Plan(
        model=model,
        info=info,
        hw_key=host.hw_key,
        gpu_count=host.gpu_count,
        strategy=strategy,
        quant=q,
        flags=flags,
        env=env,
        recipe_id=recipe.id if recipe else None,
        verified=bool(recipe and recipe.verified and not (set(user) - {"trust-remote-code", "revision"})),
        reasons=tuple(reasons),
        user_flags=frozenset(user),
        extra_args=tuple(extra_args),
        sglang_version=sglang_version,
        via_hw=sel.via_hw,
        warnings=tuple(warnings),
        policies_dir=cat.directory,
    )


# --------------------------------------------------------------------------- the retry ladder preview

LOWER_LABELS = ("oom_cuda_graph", "oom_moe_workspace", "oom_runtime")
WEIGHT_LABELS = ("oom_weights",)
KV_LABELS = ("oom_kv_cache",)


def _step(on: Sequence[str], attempt: int, change: Mapping[str, Any], why: str, plan: Plan, host: Host) -> dict:
    trial = plan.with_flags(change)
    est = memory.estimate(plan.info, host, trial.flags, plan.env)
    return {
        "on": list(on),
        "attempt": attempt,
        "set": dict(change),
        "why": why,
        "kv_tokens": est.kv_tokens,
        "overrides_user": sorted(set(change) & plan.user_flags),
    }


def retry_ladder(plan: Plan, host: Host, policy: RetryPolicy) -> list[dict[str, Any]]:
    """The configs `serve` would try after each typical failure, in order (a preview: the real remedy uses the
    deficit the failure reports; here the policy's step stands in for it)."""
    steps: list[dict[str, Any]] = []
    budget = max(0, policy.max_attempts - 1)
    f0 = float(
        plan.flags.get("mem-fraction-static")
        or memory.default_fraction_for(plan.info, host.min_memory_total, plan.flags)
    )
    # 1. OOM while capturing graphs / allocating a MoE workspace / serving: less static memory.
    attempt, f = 2, f0
    bs = plan.flags.get("cuda-graph-max-bs")
    if not isinstance(bs, int):
        bs = memory.estimate(plan.info, host, plan.flags, plan.env).cuda_graph_max_bs
    if policy.prefer == "cuda-graph-max-bs":
        while attempt <= budget + 1 and bs // 2 >= policy.cuda_graph_bs_floor:
            bs //= 2
            steps.append(
                _step(LOWER_LABELS, attempt, {"cuda-graph-max-bs": bs}, "halve the decode graph batch", plan, host)
            )
            attempt += 1
    while attempt <= budget + 1 and round(f - policy.fraction_step, 3) >= policy.fraction_floor:
        f = round(f - policy.fraction_step, 3)
        steps.append(
            _step(
                LOWER_LABELS,
                attempt,
                {"mem-fraction-static": f},
                f"lower the fraction by {policy.fraction_step} (serve uses the reported deficit + margin)",
                plan,
                host,
            )
        )
        attempt += 1
    # 2. OOM while loading weights: the next TP of the ladder.
    tp = int(plan.flags.get("tp") or 1)
    attempt = 2
    for t in tp_candidates(plan.info, host.gpu_count, policy, plan.flags):
        if t <= tp or attempt > budget + 1:
            continue
        probe = {k: v for k, v in plan.flags.items() if k != "mem-fraction-static"}
        probe["tp"] = t
        f_t, _ = fraction_for(plan.info, host, probe, plan.env, policy)
        steps.append(
            _step(WEIGHT_LABELS, attempt, {"tp": t, "mem-fraction-static": f_t}, f"raise TP to {t}", plan, host)
        )
        attempt += 1
    # 3. KV pool too small: more static memory, up to the ceiling.
    attempt, f = 2, f0
    while attempt <= budget + 1 and round(f + policy.fraction_step, 3) <= policy.fraction_ceiling:
        f = round(f + policy.fraction_step, 3)
        steps.append(
            _step(KV_LABELS, attempt, {"mem-fraction-static": f}, "raise the fraction for a bigger KV pool", plan, host)
        )
        attempt += 1
    return steps


__all__ = ["Plan", "check_request", "choose_tp", "make_plan", "retry_ladder", "tp_candidates"]
