"""The ledgers the store keeps, for a start: recalled and merged per layout, and the fraction they fit.

A warm start without a verified config begins from the evidence earlier attempts recorded (each attempt's
`core.ledger.Ledger`, stored as JSON), not from the recipe; `plan` shows the same answer as `serve`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from safelaunch.core import hardware, ledger, remedies
from safelaunch.errors import SafelaunchError
from safelaunch.supervise import priors

Listener = Callable[[str, Mapping[str, Any]], None]


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
    for listener in listeners:
        with contextlib.suppress(Exception):  # as serve's emit_all: a failing observer never stops a start
            listener("info", {"text": f"{remedies.FRACTION} {fit.fraction:g} from the recorded ledger: {fit.line()}"})
    return {**flags, remedies.FRACTION: fit.fraction}


def pinned_fraction_warning(found: Any, history: Sequence[remedies.Outcome], plan: Any) -> str | None:
    """One line when the user pinned a --mem-fraction-static that earlier attempts on this host saw fail (with the
    same TP), naming the value that worked: the pin wins, but it should not cost the same failures unannounced."""
    if remedies.FRACTION not in (getattr(plan, "user_flags", ()) or ()):
        return None
    pinned = float(plan.flags[remedies.FRACTION])
    tp = plan.flags.get("tp")

    def same(o: remedies.Outcome) -> bool:
        return o.flags.get("tp") == tp and o.flags.get(remedies.FRACTION) is not None

    failed = [
        o.label for o in history if same(o) and o.label != "healthy" and float(o.flags[remedies.FRACTION]) == pinned
    ]
    if not failed:
        return None
    worked = [float(o.flags[remedies.FRACTION]) for o in history if same(o) and o.label == "healthy"]
    stored = found.flags.get(remedies.FRACTION) if found is not None and found.load_failure is None else None
    best = float(stored) if stored is not None else (max(worked) if worked else None)
    where = "the stored config" if stored is not None else "a healthy attempt"
    tail = f"; {best:g} worked ({where}): drop the pin to start from it" if best is not None else ""
    return (
        f"{remedies.FRACTION} {pinned:g} (set by you) failed on this host before "
        f"({len(failed)} attempt(s): {', '.join(sorted(set(failed)))}){tail}"
    )
