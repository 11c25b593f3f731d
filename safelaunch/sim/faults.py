"""Fault injection: what SAFELAUNCH_SIM_FAULT asks the engine to break, and the faults that fire while serving.

The start-up faults (`nccl`, `port`, `hang`) are checked where SGLang would fail (rank.py's init and graph
capture, launcher.py's HTTP bind); the serving faults (`crash_serving[=S]`, `oom_serving[=S]`) run on timers
once the server is up and print what a dying scheduler prints, then SIGQUIT the launcher as it does.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from safelaunch.errors import SafelaunchError
from safelaunch.sim.logfmt import GIB, MIB, Log, rank_prefix
from safelaunch.sim.torch_oom import OomFigures, torch_oom_message

if TYPE_CHECKING:
    from safelaunch.sim.launch import Launch
    from safelaunch.sim.server import SimServer
    from safelaunch.sim.templates import Templates

FAULT_ENV = "SAFELAUNCH_SIM_FAULT"


@dataclass(frozen=True)
class Faults:
    nccl: bool = False
    port: bool = False
    hang: bool = False
    crash_serving: float | None = None  # seconds of serving before the crash
    oom_serving: float | None = None

    @classmethod
    def parse(cls, text: str | None) -> Faults:
        kwargs: dict[str, Any] = {}
        for item in (t.strip() for t in (text or "").split(",")):
            if not item:
                continue
            name, _, value = item.replace(":", "=").partition("=")
            name = name.strip().lower()
            if name in ("nccl", "port", "hang"):
                kwargs[name] = True
            elif name in ("crash_serving", "oom_serving"):
                try:
                    kwargs[name] = float(value) if value else 2.0
                except ValueError:
                    raise SafelaunchError(f"{FAULT_ENV}: {item!r}: the delay must be seconds") from None
            else:
                raise SafelaunchError(
                    f"{FAULT_ENV}: unknown fault {name!r} (known: nccl, port, hang, crash_serving[=S], oom_serving[=S])"
                )
        return cls(**kwargs)


def start_serving_faults(launch: Launch, t: Templates, infos: list[dict[str, Any]], server: SimServer | None) -> None:
    """Arm the serving faults the launch asks for (each a daemon timer; the launcher keeps serving meanwhile)."""
    fig = launch.plan.figures
    prefix = rank_prefix(0, launch.plan.tp)
    rank0 = Log(prefix)

    def later(seconds: float, action: Callable[[], None]) -> None:
        timer = threading.Timer(seconds, action)
        timer.daemon = True
        timer.start()

    if launch.faults.crash_serving is not None:

        def crash() -> None:
            rank0.error(t.scheduler_exception(t.crash_traceback(fig.architecture)))
            os.kill(os.getpid(), signal.SIGQUIT)  # as the failing scheduler does

        later(launch.faults.crash_serving, crash)
    if launch.faults.oom_serving is not None:

        def oom() -> None:
            info = infos[0]
            free = int(info["avail_gib"] * GIB)
            total = launch.host.gpus[launch.plan.gpu_indices[0]].memory_total - 644939776
            tried = free + 2 * GIB + (launch.seed % 7) * 128 * MIB
            figures = OomFigures(
                tried=tried,
                gpu=launch.plan.gpu_indices[0],
                total=total,
                free=free,
                in_use=total - free,
                allocated=total - free - 768 * MIB,
                private_pools=int(info["graph_gib"] * GIB),
                reserved_unallocated=96 * MIB,
            )
            if server is not None:
                server.log_prefill(launch.plan.chunked_prefill_size)
            rank0.error(t.scheduler_exception(t.serving_oom_traceback(fig.architecture, torch_oom_message(figures))))
            os.kill(os.getpid(), signal.SIGQUIT)

        later(launch.faults.oom_serving, oom)
