"""The shape of a failure rule, and of the failure it reports.

Each rule has a dotted name (`oom.cuda_oom`, `distributed.collective`, ...) that a verdict can quote, a
family that says how the label is resolved (an OOM's label depends on where it hit; a port clash's does
not), a tier that says how decisive it is against other errors of the same log, and one test on one
message. The family modules define rules; `failures` orders them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

# Tiers: how decisive a failure is when a log shows several.
TIER_CAUSE, TIER_DISTRIBUTED, TIER_EXCEPTION, TIER_CASCADE, TIER_CONSEQUENCE = 4, 3, 2, 1, 0


@dataclass(frozen=True, slots=True)
class Failure:
    """A failure pattern matched on one message: the family decides how the label is resolved."""

    family: str  # kv runtime workspace capture oom port nccl cuda config exc cascade consequence
    tier: int  # 4 cause, 3 distributed, 2 unrecognised exception, 1 cascade, 0 consequence
    detail: str = ""  # the text that decides (for a capture wrapper: its inner error)
    exc_type: str | None = None
    fatal: bool = True  # False: only an exception line's wording, which a caught, logged error also has
    rule: str = ""  # the name of the rule that matched


# A rule's test: (message, exception type or None) -> the deciding text, or None when it does not apply.
Test = Callable[[str, "str | None"], "str | None"]


@dataclass(frozen=True, slots=True)
class Rule:
    """A named failure rule: what it reports (family, tier, fatal) and the test that fires it."""

    name: str
    family: str
    tier: int
    test: Test
    fatal: bool = True

    def failure(self, detail: str, exc_type: str | None = None) -> Failure:
        """The failure this rule reports, given the text its test (or the classifier) found decisive."""
        return Failure(self.family, self.tier, detail, exc_type, self.fatal, self.name)


def by_context(msg: str, exc_type: str | None) -> str | None:
    """The test of a rule the classifier applies from its own state (a traceback's frames, the phase)."""
    return None


def searching(rx: re.Pattern[str]) -> Test:
    """A test that fires when the pattern occurs anywhere in the message; the whole message decides."""

    def test(msg: str, exc_type: str | None) -> str | None:
        return msg if rx.search(msg) else None

    return test
