"""The launch: everything one `sglang serve` start decided, as plain data, and how SGLang reports it.

`Launch` is what the launcher hands to each rank process (it crosses a fork or spawn) and to the HTTP
server; it carries the delays of each start-up step at the simulated speed. `resolved_args` is the
resolved ServerArgs as SGLang logs it at start (`server_args=ServerArgs(...)`) and serves it on
`/server_info`, secrets included: SGLang hides none of them there (only 0.5.23's watermark keys), so
safelaunch must redact whatever it keeps or shows of them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from safelaunch.core.hardware import Host
from safelaunch.sim.args import SimArgs
from safelaunch.sim.faults import Faults
from safelaunch.sim.hf_config import SimModel
from safelaunch.sim.plan import StartupPlan
from safelaunch.sim.versions import SglangVersion

# Seconds at speed 1 (SAFELAUNCH_SIM_SPEED divides them): a full start of a few seconds.
DELAY = {
    "boot": 0.15,
    "init": 0.3,
    "weights": 1.2,
    "kv": 0.15,
    "capture": 1.0,
    "http": 0.1,
    "warmup_poll": 1.0,  # SGLang's warmup sleeps 1 s before its first GET /model_info
    "warmup_forward": 0.2,
    "rank_poll": 5.0,  # _wait_for_scheduler_ready polls its pipes with a 5 s timeout
    "warmup_timeout": 120.0,  # 120 GET /model_info attempts, 1 s apart, before "Initialization failed"
    "sigterm_drain": 5.0,  # the tokenizer manager's SIGTERM watchdog checks every 5 s
    "subprocess_watchdog": 1.0,  # SubprocessWatchdog's poll (0.5.10.post1+)
}


@dataclass(frozen=True)
class Launch:
    """Everything a rank process needs; plain data so it can cross a process boundary (fork or spawn)."""

    args: SimArgs
    plan: StartupPlan
    model: SimModel
    host: Host
    faults: Faults
    speed: float
    seed: int
    backend_name: str
    launcher_pid: int

    @property
    def version(self) -> SglangVersion:
        return self.plan.version

    def delay(self, name: str, fraction: float = 1.0) -> float:
        return DELAY[name] * fraction / self.speed

    def sleep(self, name: str, fraction: float = 1.0) -> None:
        time.sleep(self.delay(name, fraction))


def server_args_repr(args: SimArgs, plan: StartupPlan) -> str:
    """`server_args=ServerArgs(...)` as SGLang logs it, with the resolved values (the API key in clear, as SGLang)."""
    resolved = resolved_args(args, plan)
    parts = [f"{k}={v!r}" for k, v in resolved.items()]
    return "server_args=ServerArgs(" + ", ".join(parts) + ")"


def resolved_args(args: SimArgs, plan: StartupPlan) -> dict[str, Any]:
    out = {k: v for k, v in args.raw.items() if k not in ("help", "config")}
    out.update(
        tokenizer_path=args.raw.get("tokenizer_path") or args.model_path,
        served_model_name=args.model_name,
        mem_fraction_static=plan.fraction,
        chunked_prefill_size=plan.chunked_prefill_size,
        device="cuda",
    )
    if "cuda_graph_max_bs_decode" in out:
        out["cuda_graph_max_bs_decode"] = plan.cuda_graph_max_bs
    else:
        out["cuda_graph_max_bs"] = plan.cuda_graph_max_bs
    out["cuda_graph_bs"] = list(plan.cuda_graph_bs)
    return out  # secrets included, as SGLang 0.5.5-0.5.23 log and serve them (research section 1.5)
