"""The simulated `sglang serve` (`python -m safelaunch.sim`): read the settings, plan the start, launch.

`prepare` turns SGLang's argv and the sim's environment into a `Launch` (launch.py): the flags parsed as
SGLang parses them (args.py), the host (a profile, or NVML's own figures with the CUDA backend), the model,
the start-up plan with its hidden per-scenario variation (plan.py), the faults to inject (faults.py).
`main` then prints SGLang's first lines and hands over to the launcher (launcher.py), which spawns the
rank processes (rank.py) and serves HTTP (server.py). `dry_run_launch` predicts the outcome without
processes or delays (dryrun.py).

Environment: SAFELAUNCH_HOST_PROFILE (GPUs; default 1xh200), SAFELAUNCH_SIM_SEED (hidden variation;
default 0), SAFELAUNCH_SIM_SPEED (delay divisor; default 1 = a start of a few seconds),
SAFELAUNCH_SIM_SGLANG_VERSION (default 0.5.10.post1), SAFELAUNCH_SIM_FAULT (comma list: nccl, port,
hang, capture_oom[=G], crash_serving[=S], oom_serving[=S]). Multi-node: SGLang's --nnodes, --node-rank,
--dist-init-addr and --dist-timeout (rendezvous.py). Like SGLang, it also reads SGLANG_* (SGLANG_DSV4_FP4_EXPERTS=0:
DeepSeek-V4's experts load as FP8). The model comes from model_files.py (a directory, the HF cache, or the
sim's own table of known configs), never from safelaunch's planner.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from safelaunch.core.hardware import Host, profile_host
from safelaunch.errors import SafelaunchError
from safelaunch.sim.args import ArgvError, LauncherTraceback, parse
from safelaunch.sim.backends import backend
from safelaunch.sim.dryrun import dry_run
from safelaunch.sim.faults import FAULT_ENV, Faults
from safelaunch.sim.launch import Launch, server_args_repr
from safelaunch.sim.launcher import Launcher
from safelaunch.sim.launcher_errors import model_not_found_traceback
from safelaunch.sim.layout_checks import server_args_failure
from safelaunch.sim.logfmt import STDERR, Log, write
from safelaunch.sim.model_files import load_model
from safelaunch.sim.plan import make_plan
from safelaunch.sim.versions import current_version

HOST_ENV = "SAFELAUNCH_HOST_PROFILE"
SEED_ENV = "SAFELAUNCH_SIM_SEED"
SPEED_ENV = "SAFELAUNCH_SIM_SPEED"
DEFAULT_HOST = "1xh200"


def nvml_host() -> Host:
    """The real GPUs, as NVML reports them (`--memory cuda` without a host profile).

    The sim's one use of live NVML: `detect` is moving to safelaunch.host.nvml (core.hardware's split);
    when it does, only this import changes.
    """
    from safelaunch.host.nvml import detect

    return detect()


class UnknownModel(SafelaunchError):
    """The model is neither a directory nor known offline: SGLang dies in transformers' config lookup."""

    def __init__(self, model: str, why: str) -> None:
        super().__init__(why, exit_code=1)
        self.model = model


def _float_env(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SafelaunchError(f"{name}={raw!r} is not a number") from None
    if value <= 0:
        raise SafelaunchError(f"{name} must be positive")
    return value


def prepare(argv: list[str]) -> Launch:
    version = current_version()
    args = parse(argv, version)
    refused = server_args_failure(args)
    if refused:  # ServerArgs.__post_init__ in the launcher: a traceback before any child starts
        raise LauncherTraceback(refused)
    be = backend(args.memory_backend)
    be.preflight()
    if be.name == "cuda" and not os.environ.get(HOST_ENV):
        host = nvml_host()  # real GPUs: NVML's own figures
    else:
        host = profile_host(os.environ.get(HOST_ENV) or DEFAULT_HOST)
    try:
        model = load_model(args.model_path)
    except SafelaunchError as exc:
        raise UnknownModel(args.model_path, str(exc)) from None
    seed = int(_float_env(SEED_ENV, 0.0)) if os.environ.get(SEED_ENV) not in (None, "", "0") else 0
    plan = make_plan(args, host, model, version, seed, env=dict(os.environ))
    return Launch(
        args=args,
        plan=plan,
        model=model,
        host=host,
        faults=Faults.parse(os.environ.get(FAULT_ENV)),
        speed=_float_env(SPEED_ENV, 1.0),
        seed=seed,
        backend_name=be.name,
        launcher_pid=os.getpid(),
    )


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        launch = prepare(argv)
    except ArgvError as exc:
        return exc.code
    except LauncherTraceback as exc:
        write(STDERR, str(exc))
        return 1
    except UnknownModel as exc:  # what SGLang prints when transformers cannot find the model's config
        write(STDERR, model_not_found_traceback(exc.model))
        return 1
    except SafelaunchError as exc:  # the sim's own settings (SAFELAUNCH_*): one line, as the CLI does
        write(STDERR, f"safelaunch.sim: error: {exc}\n")
        return exc.exit_code
    log = Log()
    time.sleep(launch.delay("boot"))
    for message in launch.args.deprecations:
        log.warning(f"\033[1;33m{message}\033[0m")
    log.info(server_args_repr(launch.args, launch.plan))
    Launcher(launch).run()
    return 0


def dry_run_launch(launch: Launch) -> Any:
    """The outcome the engine would reach for this launch (dryrun.py), without processes or delays."""
    gpus = [launch.host.gpus[i] for i in launch.plan.gpu_indices]
    return dry_run(
        launch.plan,
        [g.memory_total for g in gpus],
        [g.memory_used for g in gpus],
        launch.seed,
        launch.args.max_total_tokens,
        launch.args.max_running_requests,
    )
