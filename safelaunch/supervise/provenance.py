"""What a start runs on, said once: the engine, where the hardware facts came from, the SGLang version and how known.

Why apart: every record (attempts, the verified config, its benchmarks) carries this, and the store's lookups
match it, so that a rehearsal with the simulated engine or a host profile is never read as a fact about real
hardware nor started on a real GPU host. `serve`, `plan` and the daemon take it from one function here.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from safelaunch.core import hardware
from safelaunch.errors import SafelaunchError
from safelaunch.store import UNKNOWN, Provenance
from safelaunch.supervise.results import ServeOptions

SIM_MEMORY_ENV = "SAFELAUNCH_SIM_MEMORY"  # the sim's memory backend (sim.backends.MEMORY_ENV)


def engine_label(opts: ServeOptions, env: Mapping[str, str] | None = None) -> str:
    """`sglang`, `sim`, `sim+cuda` (the sim making real CUDA allocations), or the `--engine-cmd` program's name."""
    if opts.engine == "sim":
        environ = os.environ if env is None else env
        return "sim+cuda" if _sim_memory(opts.extra_args, environ) == "cuda" else "sim"
    if opts.engine_cmd:
        return Path(opts.engine_cmd[0]).name or UNKNOWN
    return "sglang"


def _sim_memory(extra_args: Sequence[str], env: Mapping[str, str]) -> str:
    for i, arg in enumerate(extra_args):
        if arg == "--memory" and i + 1 < len(extra_args):
            return extra_args[i + 1]
        if arg.startswith("--memory="):
            return arg.split("=", 1)[1]
    return env.get(SIM_MEMORY_ENV) or "sim"


def hardware_source(host: hardware.Host, opts: ServeOptions) -> str:
    """`nvml` when the GPUs were read, else `profile:<spec>` naming the profile that stood in for them."""
    if host.source == "nvml":
        return "nvml"
    spec = opts.host_profile or os.environ.get(hardware.PROFILE_ENV) or host.description or UNKNOWN
    return f"profile:{spec}"


def engine_version(opts: ServeOptions) -> tuple[str | None, str]:
    """The SGLang version to spell flags for, and how it is known (`flag`, `sim`, `metadata`, or `unknown`)."""
    if opts.sglang_version:
        return opts.sglang_version, "flag"
    if opts.engine == "sim":
        from safelaunch.sim.versions import DEFAULT_VERSION, VERSION_ENV

        return os.environ.get(VERSION_ENV) or DEFAULT_VERSION, "sim"
    if opts.engine_cmd:
        return None, UNKNOWN  # a container: its version is unknown here (its /server_info may say, once up)
    from safelaunch.host.sglang_probe import installed_sglang_version, sglang_python

    version = installed_sglang_version(opts.python)
    if version is None:
        raise SafelaunchError(
            f"SGLang is not installed for {sglang_python(opts.python)}: pip install 'safelaunch[sglang]' there, or "
            "point --python / SAFELAUNCH_SGLANG_PYTHON at the environment that has it (--engine sim rehearses)"
        )
    return version, "metadata"


def provenance_for(opts: ServeOptions, host: hardware.Host, version_source: str) -> Provenance:
    return Provenance(engine_label(opts), hardware_source(host, opts), version_source)


def simulated_engine(info: Mapping[str, Any] | None) -> str | None:
    """`sim` / `sim+cuda` when `/server_info` says the simulated engine answered, whatever launched it."""
    mark = (info or {}).get("simulated_by")
    if not isinstance(mark, Mapping):
        return None
    return "sim+cuda" if mark.get("memory") == "cuda" else "sim"


def with_server_info(p: Provenance, version: str | None, info: Mapping[str, Any] | None) -> Provenance:
    """What the running server said about itself: the simulator behind any launcher is `sim`; an unknown version
    that it reported is known now, from `/server_info`."""
    engine = simulated_engine(info) or p.engine
    source = p.version_source
    if version is None and source == UNKNOWN and info and info.get("version"):
        source = "server_info"
    return Provenance(engine, p.hardware, source)
