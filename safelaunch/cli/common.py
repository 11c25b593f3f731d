"""What every command module shares: one JSON line on stdout, the --host-profile help, the host lookup.

Small on purpose: each command module (`plan`, `serve`, `records`, `bench`, `service`, `classify`) imports only
this from `cli`, and `main` imports the command modules, so there is no cycle.
"""

from __future__ import annotations

import json
import math
from typing import Any

import click

from safelaunch.core import hardware
from safelaunch.host import nvml

HOST_PROFILE_HELP = "Plan for this host instead of reading NVML: COUNTxKEY (8xh200) or an NVML inventory JSON."


class FiniteFloatRange(click.FloatRange):
    """click's FloatRange, which lets nan through every bound (nan < x is False) and inf through open ones."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)


def emit_json(obj: Any) -> None:
    """One JSON object on one line of stdout: the machine-readable result of a command."""
    click.echo(json.dumps(obj, default=str))


def detect_host(host_profile: str | None) -> hardware.Host:
    """NVML's GPUs, or the profile's; no GPU and no profile says how to plan anyway."""
    try:
        return nvml.detect(host_profile)
    except nvml.NoGpuError as exc:
        raise nvml.NoGpuError(f"{exc}; use --host-profile (e.g. 8xh200) to plan for a host") from None


RECIPE_HELP = "Pin this recipe (an id from `safelaunch models`); an error when it does not fit the host or model."
REVISION_HELP = "Hugging Face revision (branch, tag or commit) to read the config of; SGLang loads the same one."
