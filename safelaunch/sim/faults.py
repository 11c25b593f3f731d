"""Fault injection: what SAFELAUNCH_SIM_FAULT asks the engine to break, and the faults that fire while serving.

The start-up faults (`nccl`, `port`, `hang`, `capture_oom[=G]`: G GiB more for this node's CUDA graphs, so
that one node of a group fails at capture while the others pass) are checked where SGLang would fail (rank.py's
init and graph capture, launcher.py's HTTP bind); the serving faults (`crash_serving[=S]`, `oom_serving[=S]`,
`stall_serving[=S]`) run on timers once the server is up, after S seconds or (`=#N`) at the N-th generation
request. A crash or OOM prints what a dying scheduler prints, then SIGQUITs the launcher as it does; a stall prints
nothing and no forward completes again (a rank stuck in a collective: every process alive, /generate and /health
waiting).
`workspace_overflow[=T]` is tied to the batch, not the clock: a prefill batch of more than T tokens (4096 by
default) overflows FlashInfer's fixed workspace buffer, whatever memory the GPU has free (server.py).
`retract[=#N]` is pressure, not a fault: from the N-th request on (the first by default) each request meets a
full KV pool, and the scheduler logs SGLang's retraction and carries on serving, as SGLang does. A request count
ties the fault to load rather than to the clock, so a test that wants a failure *under load* never races the
health check on a slow machine.
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
from safelaunch.sim.procs import block_forever
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
    crash_serving_request: int | None = None  # or: at this generation request (1-based)
    oom_serving_request: int | None = None
    retract_request: int | None = None  # from this generation request on (0: the next), each is retracted once
    stall_serving: float | None = None  # a scheduler stuck (in a collective): alive, but no forward completes
    stall_serving_request: int | None = None
    capture_oom: float | None = None  # GiB more that this node's first CUDA graph needs (an OOM at capture)
    # a prefill batch of more tokens than this overflows FlashInfer's fixed workspace buffer (not GPU memory)
    workspace_overflow: int | None = None

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
            elif name == "retract":
                try:
                    kwargs["retract_request"] = max(1, int(value.strip().lstrip("#"))) if value.strip() else 0
                except ValueError:
                    raise SafelaunchError(f"{FAULT_ENV}: {item!r}: give a request number (=#N)") from None
            elif name == "capture_oom":
                try:
                    kwargs[name] = float(value) if value else 4.0
                except ValueError:
                    raise SafelaunchError(f"{FAULT_ENV}: {item!r}: give the GiB (=G)") from None
            elif name == "workspace_overflow":
                try:
                    kwargs[name] = max(1, int(value)) if value else 4096
                except ValueError:
                    raise SafelaunchError(f"{FAULT_ENV}: {item!r}: give the tokens (=T)") from None
            elif name in ("crash_serving", "oom_serving", "stall_serving"):
                try:
                    if value.strip().startswith("#"):
                        kwargs[f"{name}_request"] = max(1, int(value.strip()[1:]))
                    else:
                        kwargs[name] = float(value) if value else 2.0
                except ValueError:
                    raise SafelaunchError(
                        f"{FAULT_ENV}: {item!r}: give seconds (=S) or a request number (=#N)"
                    ) from None
            else:
                raise SafelaunchError(
                    f"{FAULT_ENV}: unknown fault {name!r} "
                    "(known: nccl, port, hang, capture_oom[=G], crash_serving[=S|=#N], oom_serving[=S|=#N], "
                    "stall_serving[=S|=#N], retract[=#N], workspace_overflow[=T])"
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

    def at_request(n: int | None, action: Callable[[], None]) -> None:
        if n is not None and server is not None:
            server.request_triggers[n] = action

    if launch.faults.crash_serving is not None or launch.faults.crash_serving_request is not None:

        def crash() -> None:
            rank0.error(t.scheduler_exception(t.crash_traceback(fig.architecture)))
            os.kill(os.getpid(), signal.SIGQUIT)  # as the failing scheduler does

        if launch.faults.crash_serving is not None:
            later(launch.faults.crash_serving, crash)
        at_request(launch.faults.crash_serving_request, crash)
    if launch.faults.oom_serving is not None or launch.faults.oom_serving_request is not None:

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

        if launch.faults.oom_serving is not None:
            later(launch.faults.oom_serving, oom)
        at_request(launch.faults.oom_serving_request, oom)
    if launch.faults.retract_request is not None and server is not None:
        ratio = [0.7]

        def retract() -> None:
            running = len(server.running_rids())
            tokens = server.max_total_num_tokens
            rank0.info(t.decode_batch(running, tokens, 1.0, server.last_gen_throughput, running))
            old, ratio[0] = ratio[0], min(1.0, ratio[0] + 0.05)
            rank0.warning(t.retract(1, 64 + launch.seed % 64, old, ratio[0]))
            with server.lock:  # the next request meets the same pressure
                server.request_triggers[server.counters["requests"] + 1] = retract

        with server.lock:
            server.request_triggers[max(launch.faults.retract_request, server.counters["requests"] + 1)] = retract
    if server is not None and (launch.faults.stall_serving is not None or launch.faults.stall_serving_request):

        def stall() -> None:
            server.forward = _stuck

        if launch.faults.stall_serving is not None:
            later(launch.faults.stall_serving, stall)
        at_request(launch.faults.stall_serving_request, stall)


def _stuck(_nbytes: int) -> None:
    block_forever()
