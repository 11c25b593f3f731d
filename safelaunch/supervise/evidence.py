"""The ledgers the store keeps, for a start: recalled and merged per layout, and the fraction they fit.

A warm start without a verified config begins from the evidence earlier attempts recorded (each attempt's
`core.ledger.Ledger`, stored as JSON), not from the recipe; `plan` shows the same answer as `serve`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from safelaunch.core import hardware, ledger, remedies
from safelaunch.errors import SafelaunchError
from safelaunch.supervise import priors

Listener = Callable[[str, Mapping[str, Any]], None]


def config_key(host: hardware.Host, plan: Any, version: str | None, engine: str) -> tuple[Any, ...]:
    """The store's key for this start (`store.ConfigKey`'s order): the engine keeps rehearsals and real runs apart."""
    return (host.hw_key, host.gpu_count, plan.model, plan.quant, plan.strategy, version, engine)


def recall(
    store: Any, host: hardware.Host, plan: Any, version: str | None, engine: str, nodes: int = 1
) -> tuple[Any, list]:
    """The store's config for this key (tried first) and what earlier attempts on this engine taught."""
    if store is None:
        return None, []
    key = config_key(host, plan, version, engine)
    device = host.gpus[0].name if host.gpus else None
    try:
        found = store.find_verified(
            *key, include_failed_under_load=True, device_name=device, driver_version=host.driver_version, nodes=nodes
        )
        past = store.attempts(model=plan.model, limit=200, host=store.host)  # another host's failure is its own
    except SafelaunchError:
        return None, []
    history = [
        remedies.Outcome(
            dict(a.flags), a.failure_label or ("healthy" if a.outcome == "healthy" else "unknown"), this_run=False
        )
        for a in reversed(past)
        if a.hw_key == host.hw_key
        and a.provenance.engine == engine
        and a.gpu_count == host.gpu_count
        and a.strategy == plan.strategy
        and a.outcome in ("healthy", "failed", "gave_up")
    ]
    if found is not None and found.load_failure is not None:
        history.append(remedies.Outcome(dict(found.flags), found.load_failure.label, this_run=False))
    return found, history


def recall_ledger(store: Any, host: hardware.Host, model: str, engine: str) -> ledger.Ledger | None:
    """The memory ledgers earlier attempts of this model recorded on this hardware and engine, newest last,
    merged per layout: the evidence a warm start begins from (`Supervisor.ledger`)."""
    if store is None:
        return None
    try:
        found = store.ledgers(host.hw_key, host.gpu_count, model, engine)
    except SafelaunchError:
        return None
    merged: ledger.Ledger | None = None
    for flags, data in reversed(found):
        lg = ledger.Ledger.from_json(data)
        merged = lg if merged is None else ledger.carried_to(merged, flags).merged(lg)
    return merged


def ledger_flags(
    evidence: ledger.Ledger | None, plan: Any, host: hardware.Host, policy: Any, listeners: Sequence[Listener]
) -> dict[str, Any]:
    """The plan's flags, with the fraction earlier attempts' ledgers fit (unless the user fixed it)."""
    flags = dict(plan.flags)
    if remedies.FRACTION in (getattr(plan, "user_flags", ()) or ()):
        return flags
    fit = priors.ledger_start(evidence, plan, host, policy, flags)
    if fit is None:
        return flags
    emit_all(listeners, "info", text=f"{remedies.FRACTION} {fit.fraction:g} from the recorded ledger: {fit.line()}")
    return {**flags, remedies.FRACTION: fit.fraction}


def pinned_failure(found: Any, history: Sequence[remedies.Outcome], plan: Any) -> tuple[str, dict[str, Any]] | None:
    """When a --mem-fraction-static or --tp the user pinned is one earlier attempts on this host saw fail: one line
    saying so, and the values that worked there ({}: none did). A start then begins from those values: the
    remedies change a failed pin anyway (a lower fraction, a larger TP once the weights did not fit), so repeating
    a failure the store already saw (minutes of weight loading on a large model, on every restart) would only
    delay the same answer. A TP pin gives way only to a structural failure (the weights did not fit)."""
    user = set(getattr(plan, "user_flags", ()) or ())
    stored = dict(found.flags) if found is not None and found.load_failure is None else None
    tp = plan.flags.get("tp")
    regardless = "; --no-store tries the pin regardless"
    if "tp" in user and stored is not None and stored.get("tp") != tp:
        n = sum(1 for o in history if o.label == "oom_weights" and o.flags.get("tp") == tp)
        if n:
            keep = {k: stored[k] for k in ("tp", remedies.FRACTION) if k in stored}
            return (
                f"--tp {tp} (set by you) failed on this host before ({n} attempt(s): oom_weights, the weights do "
                f"not fit); starting from the stored config ({_shown(keep)}){regardless}",
                keep,
            )
    if remedies.FRACTION not in user:
        return None
    pinned = float(plan.flags[remedies.FRACTION])

    def same(o: remedies.Outcome) -> bool:
        return o.flags.get("tp") == tp and o.flags.get(remedies.FRACTION) is not None

    failed = [
        o.label for o in history if same(o) and o.label != "healthy" and float(o.flags[remedies.FRACTION]) == pinned
    ]
    if not failed:
        return None
    worked = [float(o.flags[remedies.FRACTION]) for o in history if same(o) and o.label == "healthy"]
    at = stored.get(remedies.FRACTION) if stored is not None and stored.get("tp") == tp else None
    best = float(at) if at is not None else (max(worked) if worked else None)
    where = "the stored config" if at is not None else "a healthy attempt"
    text = (
        f"{remedies.FRACTION} {pinned:g} (set by you) failed on this host before "
        f"({len(failed)} attempt(s): {', '.join(sorted(set(failed)))})"
    )
    if best:
        return f"{text}; starting from {best:g}, which worked ({where}){regardless}", {remedies.FRACTION: best}
    if stored is not None and "tp" not in user and stored.get(remedies.FRACTION) is not None:
        # nothing worked at the planned TP, but a verified config exists at another: the remedies moved there
        keep = {"tp": stored.get("tp"), remedies.FRACTION: stored[remedies.FRACTION]}
        return f"{text}; starting from the stored config ({_shown(keep)}){regardless}", keep
    return text, {}


def _shown(values: Mapping[str, Any]) -> str:
    """'tp 2, mem-fraction-static 0.9': the values a start begins from instead of the user's pins."""
    return ", ".join(f"{k} {v:g}" if isinstance(v, float) else f"{k} {v}" for k, v in values.items())


def candidate_flags(
    found: Any,
    history: Sequence[remedies.Outcome],
    evidence: ledger.Ledger | None,
    plan: Any,
    host: hardware.Host,
    policy: Any,
) -> tuple[dict[str, Any], ledger.Fit] | None:
    """A verified config with a higher fraction where a served full chunk measured room left over (the ledger's
    headroom), for this start to try; None when there is no such room, the user fixed the fraction, or a start of
    this layout failed at or below it (that failure is what the candidate would repeat).

    The verified config stays the fallback (`Supervisor.fallback`): a candidate costs at most one attempt, and
    once healthy it is verified in its turn, so KV capacity left unused by a cautious first start is won back on
    the next one without `tune`."""
    if found is None or found.load_failure is not None or remedies.FRACTION in (plan.user_flags or ()):
        return None
    flags = dict(found.flags)
    current = flags.get(remedies.FRACTION)
    if not isinstance(current, (int, float)):
        return None
    fit = priors.ledger_start(evidence, plan, host, policy, flags)
    if fit is None or not fit.measured:
        return None
    shape = ledger.shape_of(flags)
    failed = [
        float(o.flags[remedies.FRACTION])
        for o in history
        if o.label != "healthy"
        and isinstance(o.flags.get(remedies.FRACTION), (int, float))
        and ledger.shape_of(o.flags) == shape
    ]
    step = remedies.RemedyPolicy.from_policy(policy).resolution
    fraction = min([fit.fraction, *(f - step for f in failed)])
    if fraction < float(current) + step - 1e-9:
        return None
    return {**flags, remedies.FRACTION: round(fraction, 4)}, fit


@dataclass(frozen=True)
class Start:
    """What a start begins with: its flags, whether the store gave them, and the verified config to go back to
    when they are a candidate that fails (`candidate_flags`)."""

    flags: dict[str, Any]
    from_store: bool
    fallback: dict[str, Any] | None = None


def start_from(
    found: Any,
    history: list,
    plan: Any,
    host: hardware.Host,
    policy: Any,
    listeners: Sequence[Listener] = (),
    evidence: ledger.Ledger | None = None,
) -> Start:
    """The flags a start begins with, and whether they came from the store (`plan` shows the same answer).

    The store's config for this key goes first, with what the user fixed on the command line still winning, and
    raised to the candidate its ledger's measured headroom allows; a stored config that failed under load is
    started from with the remedy's change; else the plan's flags (fitted to the recorded ledger)."""
    pin_failed = pinned_failure(found, history, plan)
    if pin_failed is not None:
        emit_all(listeners, "warning", text=pin_failed[0])
        if pin_failed[1]:  # the pins give way to the values that worked here
            user_flags = frozenset(plan.user_flags) - set(pin_failed[1])
            plan = replace(plan, user_flags=user_flags, flags={**plan.flags, **pin_failed[1]})
    if found is not None and found.load_failure is None:
        pins = {k: v for k, v in plan.flags.items() if k in plan.user_flags}
        # a pin that overrides a stored value makes another config: not the store's (`from_store` says so)
        flags = {**dict(found.flags), **pins}
        if not all(found.flags.get(k) == v for k, v in pins.items()):
            return Start(flags, False)
        candidate = candidate_flags(found, history, evidence, plan, host, policy)
        if candidate is None:
            return Start(flags, True)
        text = (
            f"trying {remedies.FRACTION} {candidate[0][remedies.FRACTION]:g} over the verified "
            f"{flags[remedies.FRACTION]:g}: {candidate[1].line()}"
        )
        emit_all(listeners, "info", text=text)
        return Start(candidate[0], True, fallback=flags)
    if found is None:
        return Start(ledger_flags(evidence, plan, host, policy, listeners), False)
    emit_all(
        listeners,
        "info",
        text=f"the stored config failed under load ({found.load_failure.label}): "
        "starting from it with a lower fraction",
    )
    decision = remedies.decide(
        remedies.Failure(found.load_failure.label, "serving", dict(found.load_failure.numbers)),
        dict(found.flags),
        _ctx(host, plan, found.flags),
        history,
        remedies.RemedyPolicy.from_policy(policy),
    )
    return Start(dict(plan.flags) if decision.give_up else decision.apply(found.flags), False)


def _ctx(host: hardware.Host, plan: Any, flags: Mapping[str, Any]) -> remedies.Context:
    return remedies.Context(
        host.min_memory_total,
        host.gpu_count,
        priors.default_fraction(host, int(flags.get("tp") or 1)),
        tuple(tp for tp in (1, 2, 4, 8, 16) if tp <= host.gpu_count),
        int(getattr(plan.info, "weight_bytes", 0) or 0),
    )


def emit_all(listeners: Sequence[Listener], event: str, **data: Any) -> None:
    for listener in listeners:
        with contextlib.suppress(Exception):
            listener(event, data)
