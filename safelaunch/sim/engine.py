"""The simulated `sglang serve`: SGLang's process layout, start-up sequence, failure paths and signals.

Process layout as in SGLang: the launcher (this process) spawns one scheduler process per GPU. Each rank
process opens its GPU through a memory backend (memory.py), walks SGLang's start-up (init distributed,
load weights, size and allocate the KV pool from the memory free before/after the weights as reduced
over all ranks, capture CUDA graphs batch size by batch size, report ready) and prints its own lines with
its own `TP{n}` prefix. A failing rank logs "Scheduler hit an exception: <traceback>" and sends SIGQUIT
to the launcher, whose handler logs SGLang's line and kills the tree, itself last with SIGKILL, as
`kill_process_tree` does. Once every rank is ready, the launcher binds the HTTP port (server.py), runs
SGLang's warmup (GET /model_info, the first prefill, which allocates the fused-MoE workspace, POST
/generate) and prints "The server is fired up and ready to roll!". While serving, every scheduler step runs
a forward on every rank (`Launcher.forward`): the batch's prefill tokens (at most one chunk) and one token per
decoding request need activation memory outside the static pool (plan.py's calibration), allocated through
the rank's memory backend and released after; an OOM there kills the scheduler with the serving traceback
that the `oom_serving` fault also prints. The warm-up request is tiny: only load reveals a fraction too high.

Environment: SAFELAUNCH_HOST_PROFILE (GPUs; default 1xh200), SAFELAUNCH_SIM_SEED (hidden variation;
default 0), SAFELAUNCH_SIM_SPEED (delay divisor; default 1 = a start of a few seconds),
SAFELAUNCH_SIM_SGLANG_VERSION (default 0.5.10.post1), SAFELAUNCH_SIM_FAULT (comma list: nccl, port,
hang, crash_serving[=S], oom_serving[=S]).
"""

from __future__ import annotations

import contextlib
import ctypes
import faulthandler
import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, NoReturn

from safelaunch.core.hardware import Host, profile_host
from safelaunch.core.models import ModelInfo
from safelaunch.errors import SafelaunchError
from safelaunch.host.model_source import resolve_model
from safelaunch.redact import REDACTED
from safelaunch.sim import logfmt
from safelaunch.sim.args import ArgvError, SimArgs, parse
from safelaunch.sim.logfmt import GIB, MIB, Log, Templates, gb
from safelaunch.sim.memory import GpuOutOfMemory, MemoryBackend, RankSpec, backend
from safelaunch.sim.plan import (
    StartupPlan,
    batch_sizes_to_capture,
    kv_rest_gib,
    kv_tokens,
    make_plan,
    max_running_requests,
)
from safelaunch.sim.versions import SglangVersion, current_version

HOST_ENV = "SAFELAUNCH_HOST_PROFILE"
SEED_ENV = "SAFELAUNCH_SIM_SEED"
SPEED_ENV = "SAFELAUNCH_SIM_SPEED"
FAULT_ENV = "SAFELAUNCH_SIM_FAULT"
DEFAULT_HOST = "1xh200"

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
}
ACT_PIECES = 4  # a forward's activations arrive as a few large tensors: an OOM names one piece, not the sum
FRAME_REPR = "<frame at 0x7f3a2c1b5a40, file '/usr/lib/python3.12/selectors.py', line 468, code select>"


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


@dataclass(frozen=True)
class Launch:
    """Everything a rank process needs; plain data so it can cross a process boundary (fork or spawn)."""

    args: SimArgs
    plan: StartupPlan
    model: ModelInfo
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


# ============================================================================ rank (scheduler) process


class _Collective:
    """An all-reduce(MIN) over the ranks, through the launcher (stands in for the NCCL/gloo group)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def min(self, tag: str, value: float) -> float:
        self.conn.send(("min", tag, value))
        reply = self.conn.recv()
        return float(reply)


def _set_pdeathsig() -> None:
    """Die with the launcher (SGLang's schedulers do: PR_SET_PDEATHSIG), so no orphan holds a GPU."""
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)


def _block_forever() -> NoReturn:
    while True:
        time.sleep(3600)


class Rank:
    def __init__(self, launch: Launch, rank: int, conn: Connection) -> None:
        self.launch = launch
        self.rank = rank
        self.conn = conn
        plan = launch.plan
        self.tp_rank = rank % plan.tp
        dp_rank = rank // plan.tp if plan.dp_controller else None
        ep_rank = self.tp_rank // max(1, plan.tp // plan.ep) if plan.ep > 1 else 0
        self.log = Log(logfmt.rank_prefix(self.tp_rank, plan.tp, dp_rank, ep_rank, plan.ep))
        self.t = Templates(plan.version)
        self.coll = _Collective(conn)
        self.first_rank = self.tp_rank == 0

    def fail(self, tb: str) -> NoReturn:
        self.log.error(self.t.scheduler_exception(tb))
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.launch.launcher_pid, signal.SIGQUIT)
        _block_forever()

    def avail(self, mem: Any) -> float:
        return gb(mem.mem_get_info().free)

    def run(self, be: MemoryBackend) -> None:
        launch, plan, log, t = self.launch, self.launch.plan, self.log, self.t
        fig = plan.figures
        host_gpu = launch.host.gpus[plan.gpu_indices[self.rank]]
        spec = RankSpec(
            rank=self.rank,
            gpu_index=host_gpu.index,
            nvml_total=host_gpu.memory_total,
            nvml_used=host_gpu.memory_used,
            seed=launch.seed,
            fragmentation_bytes=plan.variation.fragmentation[self.rank],
        )
        mem = be.open_rank(spec)

        # ---- init distributed
        tic = time.perf_counter()
        log.info(t.init_begin())
        before = mem.mem_get_info().free
        launch.sleep("init")
        if launch.faults.nccl:
            self.fail(t.nccl_traceback())
        mem.allocate("distributed", plan.variation.dist_bytes[self.rank])
        pre = self.coll.min("pre", gb(mem.mem_get_info().free))
        for line in t.init_end(time.perf_counter() - tic, gb(before - mem.mem_get_info().free)):
            log.info(line)

        # ---- weights
        tic = time.perf_counter()
        before_load = self.avail(mem)
        log.info(t.load_begin(before_load))
        self._load_weights(mem)
        after_load = self.avail(mem)
        log.info(
            t.load_end(time.perf_counter() - tic, fig.architecture, fig.quant_str, after_load, before_load - after_load)
        )
        weight_usage = before_load - after_load

        # ---- KV pool (SGLang: min over ranks of the free memory before and after the weights)
        post = self.coll.min("post", gb(mem.mem_get_info().free))
        rest = kv_rest_gib(post, pre, plan.fraction)
        tokens = kv_tokens(rest, fig.kv_bytes_per_token, plan.page_size, launch.args.max_total_tokens)
        launch.sleep("kv")
        if tokens <= 0:
            self.fail(t.kv_traceback(t.kv_too_small(plan.fraction, post, pre, rest)))
        mrr = max_running_requests(tokens, fig.context_len, launch.args.max_running_requests, plan.dp)
        pool = (tokens + plan.page_size) * fig.kv_bytes_per_token
        try:
            mem.allocate("kv_cache", pool, chunk=max(pool // max(1, fig.num_layers), MIB))
        except GpuOutOfMemory as exc:
            self.fail(t.generic_traceback(f"torch.OutOfMemoryError: {exc.message}"))
        if fig.kv_split:
            log.info(t.kv_allocated(tokens, pool // 2, pool - pool // 2, fig.kv_dtype))
        else:
            log.info(t.kv_allocated(tokens, pool, None, fig.kv_dtype))
        kv_usage = gb(pool)
        mem.allocate("attention_buffers", plan.misc_buffers())
        log.info(t.pool_end(self.avail(mem)))

        # ---- CUDA graphs
        graph_usage = 0.0
        if plan.version.new_family and plan.prefill_graph_tokens:
            graph_usage += self._capture_prefill(mem)
        if not plan.graphs_disabled:
            graph_usage += self._capture_decode(mem, mrr)
        if not plan.version.new_family and plan.prefill_graph_tokens and not plan.graphs_disabled:
            graph_usage += self._capture_piecewise(mem)
        if plan.autotune_workspace:
            self._autotune(mem)

        if self.first_rank:
            log.info(
                t.max_total_tokens(
                    tokens, plan.chunked_prefill_size, plan.max_prefill_tokens, mrr, fig.context_len, self.avail(mem)
                )
            )
        info = {
            "max_total_num_tokens": tokens,
            "max_req_input_len": min(fig.context_len - 1, tokens - 1),
            "max_running_requests": mrr,
            "weight_gib": weight_usage,
            "kv_gib": kv_usage,
            "graph_gib": graph_usage,
            "avail_gib": self.avail(mem),
        }
        self.conn.send(("ready", info))
        self._serve(mem)

    # ------------------------------------------------------------------ phases

    def _load_weights(self, mem: Any) -> None:
        launch, fig = self.launch, self.launch.plan.figures
        shards = fig.num_shards
        step = max(1, fig.weights_bytes // shards)
        tic = time.perf_counter()
        desc = "Loading safetensors checkpoint shards"

        def progress(n: int) -> None:
            if self.first_rank:
                elapsed = time.perf_counter() - tic
                rate = n / elapsed if elapsed > 0 and n else 0.0
                left = (shards - n) / rate if rate else 0.0
                rate_text = f"{rate:5.2f}it/s" if n else "?it/s"
                remaining = logfmt._clock(left) if n else "?"
                pct = round(100 * n / shards)
                text = f"{desc}: {pct:3d}% Completed | {n}/{shards} [{logfmt._clock(elapsed)}<{remaining}, {rate_text}]"
                logfmt.write(logfmt.STDERR, "\r" + text + ("\n" if n == shards else ""))

        progress(0)
        for done, shard in enumerate(range(shards), start=1):
            launch.sleep("weights", 1 / shards)
            size = step if shard < shards - 1 else fig.weights_bytes - step * (shards - 1)
            try:
                mem.allocate("weights", size, chunk=fig.weight_chunk)
            except GpuOutOfMemory as exc:
                if self.first_rank:
                    logfmt.write(logfmt.STDERR, "\n")
                self.fail(self.t.weights_oom_traceback(fig.architecture, exc.message))
            if done == shards or done % max(1, shards // 4) == 0:
                progress(done)

    def _capture_prefill(self, mem: Any) -> float:
        launch, plan, log, t = self.launch, self.launch.plan, self.log, self.t
        tic = time.perf_counter()
        before = self.avail(mem)
        log.info(t.prefill_capture_begin(plan.prefill_graph_tokens, before))
        for tokens in sorted(plan.prefill_graph_tokens, reverse=True):
            try:
                mem.capture_graph(tokens, plan.prefill_graph_bytes(tokens))
            except GpuOutOfMemory as exc:
                hint = (
                    "Fail when using backend: breakable for prefill runner.\nPossible suggestions:\n"
                    f"{t.prefill_capture_failed_hint()}Open an issue on GitHub {logfmt.ISSUES_URL} \n"
                )
                log.error(f"OutOfMemoryError: {exc.message}\n{hint}")
                self.fail(t.prefill_capture_oom_traceback(exc.message))
        launch.sleep("capture", 0.2)
        after = self.avail(mem)
        log.info(t.prefill_capture_end(time.perf_counter() - tic, before - after, after))
        return before - after

    def _capture_decode(self, mem: Any, mrr: int) -> float:
        launch, plan, log, t = self.launch, self.launch.plan, self.log, self.t
        fig = plan.figures
        capture_bs = batch_sizes_to_capture(plan.cuda_graph_bs, mrr)
        tic = time.perf_counter()
        before = self.avail(mem)
        log.info(t.capture_begin(before))
        if self.first_rank and not plan.version.new_family:
            log.info(f"Capture cuda graph bs {capture_bs}")
        if fig.is_moe and launch.args.moe_runner_backend in ("auto", "triton"):
            log.warning(
                t.moe_default_config(
                    launch.host.gpus[plan.gpu_indices[self.rank]].kernel_device_name,
                    fig.experts_local,
                    fig.moe_n_local,
                    "fp8_w8a8" if fig.quant_str and "fp8" in fig.quant_str else None,
                )
            )
        order = list(reversed(capture_bs))
        hang_rank = plan.world - 1
        for i, bs in enumerate(order):
            if self.first_rank:
                desc = f"Capturing batches (bs={bs} avail_mem={self.avail(mem):.2f} GB)"
                logfmt.write(logfmt.STDERR, "\r" + logfmt.tqdm_bar(desc, i, len(order), time.perf_counter() - tic))
            if launch.faults.hang and i == len(order) // 2:
                if self.rank == hang_rank:
                    os.kill(os.getpid(), signal.SIGKILL)  # killed from outside (the OOM killer, say)
                if self.first_rank:
                    logfmt.write(logfmt.STDERR, "\n")
                _block_forever()  # the others wait in a collective that never completes
            launch.sleep("capture", 1 / len(order))
            try:
                mem.capture_graph(bs, plan.graph_bytes(bs, first=i == 0))
            except GpuOutOfMemory as exc:
                if self.first_rank:  # tqdm closes its bar (and ends the line) when the loop is left
                    logfmt.write(
                        logfmt.STDERR, "\r" + logfmt.tqdm_bar(desc, i, len(order), time.perf_counter() - tic) + "\n"
                    )
                self.fail(t.capture_oom_traceback(fig.architecture, exc.message))
        if self.first_rank:
            desc = f"Capturing batches (bs={order[-1]} avail_mem={self.avail(mem):.2f} GB)"
            logfmt.write(
                logfmt.STDERR, "\r" + logfmt.tqdm_bar(desc, len(order), len(order), time.perf_counter() - tic) + "\n"
            )
        after = self.avail(mem)
        log.info(t.capture_end(capture_bs, time.perf_counter() - tic, before - after, after))
        return before - after

    def _capture_piecewise(self, mem: Any) -> float:
        launch, plan, log = self.launch, self.launch.plan, self.log
        tic = time.perf_counter()
        before = self.avail(mem)
        log.info(f"Capture piecewise CUDA graph begin. avail mem={before:.2f} GB")
        for tokens in sorted(plan.prefill_graph_tokens, reverse=True):
            try:
                mem.capture_graph(tokens, plan.prefill_graph_bytes(tokens))
            except GpuOutOfMemory as exc:
                self.fail(self.t.prefill_capture_oom_traceback(exc.message))
        launch.sleep("capture", 0.2)
        after = self.avail(mem)
        log.info(
            f"Capture piecewise CUDA graph end. Time elapsed: {time.perf_counter() - tic:.2f} s. "
            f"mem usage={before - after:.2f} GB. avail mem={after:.2f} GB."
        )
        return before - after

    def _autotune(self, mem: Any) -> None:
        """FlashInfer's MoE autotune: a dummy forward at full chunk size, which allocates the MoE workspace."""
        log, t, plan = self.log, self.t, self.launch.plan
        log.info(t.autotune_begin())
        self.launch.sleep("capture", 0.1)
        try:
            mem.allocate("moe_workspace", plan.moe_workspace())
        except GpuOutOfMemory as exc:
            self.fail(t.moe_workspace_oom_traceback(plan.figures.architecture, exc.message, autotune=True))
        log.info(t.AUTOTUNE_END)

    def _serve(self, mem: Any) -> None:
        """After start-up: answer the launcher's warmup, then hold the GPU until killed or orphaned."""
        plan, fig = self.launch.plan, self.launch.plan.figures
        while True:
            try:
                msg = self.conn.recv()
            except (EOFError, OSError):
                mem.close()
                os._exit(0)
            if msg[0] == "warmup":
                workspace = 0 if plan.autotune_workspace else plan.moe_workspace()
                if workspace:
                    try:
                        mem.allocate("moe_workspace", workspace)
                    except GpuOutOfMemory as exc:
                        self.fail(self.t.moe_workspace_oom_traceback(fig.architecture, exc.message))
                self.conn.send(("warmup_ok", self.avail(mem)))
            elif msg[0] == "forward":
                self._forward(mem, int(msg[1]))
                self.conn.send(("forward_ok",))
            elif msg[0] == "exit":
                mem.close()
                os._exit(0)

    def _forward(self, mem: Any, nbytes: int) -> None:
        """One serving forward: its activations come and go outside the static pool; an OOM kills the scheduler
        with PyTorch's text inside the serving traceback, as the `oom_serving` fault prints it."""
        if nbytes <= 0:
            return
        try:
            mem.allocate("activations", nbytes, chunk=max(MIB, nbytes // ACT_PIECES))
        except GpuOutOfMemory as exc:
            self.fail(self.t.serving_oom_traceback(self.launch.plan.figures.architecture, exc.message))
        mem.release("activations")


def rank_main(launch: Launch, rank: int, conn: Connection) -> None:
    """Entry point of one scheduler process."""
    _set_pdeathsig()
    if os.getppid() != launch.launcher_pid:  # the launcher died before PR_SET_PDEATHSIG took hold
        os._exit(1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the launcher decides; Ctrl-C goes to the group
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)
    faulthandler.enable()  # SGLang's schedulers enable it too
    worker = Rank(launch, rank, conn)
    try:
        worker.run(backend(launch.backend_name))
    except GpuOutOfMemory as exc:  # an allocation no phase above expected to fail (a GPU already busy, ...)
        worker.fail(worker.t.generic_traceback(f"torch.OutOfMemoryError: {exc.message}"))
    except Exception as exc:  # never leave the launcher waiting on a rank that died of a bug
        worker.fail(worker.t.generic_traceback(f"{type(exc).__name__}: {exc}"))


# ============================================================================ the launcher


class Launcher:
    def __init__(self, launch: Launch) -> None:
        self.launch = launch
        self.log = Log()
        self.t = Templates(launch.version)
        self.procs: list[Any] = []
        self.conns: list[Connection] = []
        self.infos: list[dict[str, Any]] = []
        self.server: Any = None
        self.phase = "launch"
        self._dying = False  # a plain flag: signal handlers must not take locks (threading.Event does)
        self._warmup_lock = threading.Lock()
        self._warmed = False
        self._forward_lock = threading.Lock()

    # ------------------------------------------------------------------ process tree

    def kill_children(self) -> None:
        for proc in self.procs:
            with contextlib.suppress(Exception):
                if proc.is_alive():
                    os.kill(proc.pid, signal.SIGKILL)
        for proc in self.procs:
            with contextlib.suppress(Exception):
                proc.join(timeout=2)

    def kill_tree(self) -> NoReturn:
        """`kill_process_tree(os.getpid())`: children first, then this process with SIGKILL."""
        self._dying = True
        self.kill_children()
        os.kill(os.getpid(), signal.SIGKILL)
        _block_forever()

    def on_sigquit(self, signum: int, frame: Any) -> None:
        signal.signal(signal.SIGQUIT, signal.SIG_IGN)  # every failing rank sends one; the first decides
        if self._dying:
            return
        self._dying = True
        if self.phase == "launch":
            self.log.error(self.t.LAUNCH_SIGQUIT)
        else:
            self.log.error(self.t.running_sigquit(FRAME_REPR))
        self.kill_tree()

    def on_sigterm(self, signum: int, frame: Any) -> None:
        if self._dying:
            return
        if self.phase != "serving":  # SGLang installs its graceful handler only once it serves
            self._dying = True
            self.kill_children()
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        self.log.warning(f"SIGTERM received. signum={signum} frame=None. Draining requests and shutting down...")
        if self.server is not None:
            self.server.status = "Shutdown"
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        time.sleep(min(self.launch.delay("sigterm_drain"), 5.0))
        remaining = self.server.running_rids() if self.server is not None else []
        self.log.info(
            f"Gracefully exiting... Remaining number of requests {len(remaining)}. "
            f"Remaining requests remaining_rids={remaining}."
        )
        self.kill_tree()

    # ------------------------------------------------------------------ launch phase

    def start_ranks(self) -> None:
        ctx = mp.get_context(backend(self.launch.backend_name).start_method)
        for rank in range(self.launch.plan.world):
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=rank_main, args=(self.launch, rank, child), daemon=True)
            proc.start()
            child.close()
            self.procs.append(proc)
            self.conns.append(parent)

    def rank_died(self, rank: int) -> NoReturn:
        """A scheduler died without a word: SGLang raises from the launcher, then hangs on the stuck ranks."""
        proc = self.procs[rank]
        proc.join(timeout=1)
        code = proc.exitcode if proc.exitcode is not None else -9
        logfmt.write(logfmt.STDERR, self.t.launch_died_traceback(rank, code))
        self.phase = "hung"
        _block_forever()  # the other schedulers are non-daemon and stuck in NCCL: the launcher never exits

    def wait_ready(self) -> None:
        world = self.launch.plan.world
        pending: dict[str, dict[int, float]] = {}
        ready: dict[int, dict[str, Any]] = {}
        index = {id(c): r for r, c in enumerate(self.conns)}
        while len(ready) < world:
            live = [c for r, c in enumerate(self.conns) if r not in ready]
            got = wait(live, timeout=self.launch.delay("rank_poll"))
            for conn in got:
                rank = index[id(conn)]
                try:
                    msg = conn.recv()
                except (EOFError, OSError):
                    if self._dying:
                        _block_forever()
                    self.rank_died(rank)
                if msg[0] == "min":
                    _, tag, value = msg
                    pending.setdefault(tag, {})[rank] = value
                    if len(pending[tag]) == world:
                        low = min(pending.pop(tag).values())
                        for c in self.conns:
                            c.send(low)
                elif msg[0] == "ready":
                    ready[rank] = msg[1]
            if not got and not self._dying:
                for rank, proc in enumerate(self.procs):
                    if not proc.is_alive():
                        self.rank_died(rank)
        self.infos = [ready[r] for r in range(world)]

    def warmup_ranks(self) -> None:
        """The first prefill forward on every rank (it allocates the fused-MoE workspace); once."""
        with self._warmup_lock:
            if self._warmed:
                return
            self._run_warmup()
            self._warmed = True

    def _run_warmup(self) -> None:
        for conn in self.conns:
            conn.send(("warmup",))
        for conn in self.conns:
            try:
                conn.recv()
            except (EOFError, OSError):
                _block_forever()  # the failing rank has SIGQUIT us; the handler ends the process

    def forward(self, nbytes: int) -> None:
        """Run one serving forward on every rank (the scheduler's batch): returns when all ranks are done.

        A rank that runs out of memory logs its traceback and SIGQUITs this process, whose handler kills the
        tree; the caller then simply never returns, as a request to a dead SGLang never completes."""
        with self._forward_lock:
            for conn in self.conns:
                conn.send(("forward", nbytes))
            for conn in self.conns:
                try:
                    conn.recv()
                except (EOFError, OSError):
                    _block_forever()

    # ------------------------------------------------------------------ HTTP phase

    def serve(self) -> None:
        from safelaunch.sim.server import SimServer, bind_error_text

        launch = self.launch
        args = launch.args
        self.phase = "http"
        launch.sleep("http")
        self.log.uvicorn("INFO", f"Started server process [{os.getpid()}]")
        self.log.uvicorn("INFO", "Waiting for application startup.")
        self.log.uvicorn("INFO", "Application startup complete.")
        error = None
        if launch.faults.port:
            error = bind_error_text(args.host, args.port)
        else:
            try:
                self.server = SimServer(launch, self.infos, self.log, forward=self.forward)
            except OSError as exc:
                error = bind_error_text(args.host, args.port, exc)
        if error is not None:
            self.log.uvicorn("ERROR", error)
            self.log.uvicorn("INFO", "Waiting for application shutdown.")
            self.log.uvicorn("INFO", "Application shutdown complete.")
            # lifespan shutdown joins the warmup thread, which gives up after 120 polls of /model_info
            time.sleep(launch.delay("warmup_timeout"))
            host = "127.0.0.1" if args.host in ("0.0.0.0", "", None) else args.host
            self.log.error("Initialization failed. warmup error: " + self.t.warmup_connection_error(host, args.port))
            self.kill_tree()
        assert self.server is not None
        scheme_host = args.host if ":" not in args.host else f"[{args.host}]"
        self.log.uvicorn("INFO", f"Uvicorn running on http://{scheme_host}:{args.port} (Press CTRL+C to quit)")
        self.server.first_forward = self.warmup_ranks
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.phase = "warmup"
        if not args.skip_server_warmup:  # with it, the first request runs the first forward
            time.sleep(launch.delay("warmup_poll"))
            self.server.self_request("GET", "/model_info")
            self.server.log_prefill(7)
            self.warmup_ranks()
            time.sleep(launch.delay("warmup_forward"))
            self.server.self_request("POST", "/generate", warmup=True)
        self.server.status = "Up"
        self.phase = "serving"
        self.log.info(self.t.READY)
        self.serving_faults()
        _block_forever()

    def serving_faults(self) -> None:
        launch = self.launch
        fig = launch.plan.figures
        prefix = logfmt.rank_prefix(0, launch.plan.tp)
        rank0 = Log(prefix)

        def later(seconds: float, action: Callable[[], None]) -> None:
            timer = threading.Timer(seconds, action)
            timer.daemon = True
            timer.start()

        if launch.faults.crash_serving is not None:

            def crash() -> None:
                rank0.error(self.t.scheduler_exception(self.t.crash_traceback(fig.architecture)))
                os.kill(os.getpid(), signal.SIGQUIT)  # as the failing scheduler does

            later(launch.faults.crash_serving, crash)
        if launch.faults.oom_serving is not None:

            def oom() -> None:
                info = self.infos[0]
                free = int(info["avail_gib"] * GIB)
                total = launch.host.gpus[launch.plan.gpu_indices[0]].memory_total - 644939776
                tried = free + 2 * GIB + (launch.seed % 7) * 128 * MIB
                figures = logfmt.OomFigures(
                    tried=tried,
                    gpu=launch.plan.gpu_indices[0],
                    total=total,
                    free=free,
                    in_use=total - free,
                    allocated=total - free - 768 * MIB,
                    private_pools=int(info["graph_gib"] * GIB),
                    reserved_unallocated=96 * MIB,
                )
                if self.server is not None:
                    self.server.log_prefill(launch.plan.chunked_prefill_size)
                rank0.error(
                    self.t.scheduler_exception(
                        self.t.serving_oom_traceback(fig.architecture, logfmt.torch_oom_message(figures))
                    )
                )
                os.kill(os.getpid(), signal.SIGQUIT)

            later(launch.faults.oom_serving, oom)

    # ------------------------------------------------------------------ main

    def run(self) -> None:
        faulthandler.register(signal.SIGUSR1, all_threads=True)  # stacks on demand, for a stuck launcher
        signal.signal(signal.SIGQUIT, self.on_sigquit)
        signal.signal(signal.SIGTERM, self.on_sigterm)
        signal.signal(signal.SIGINT, self.on_sigterm)
        self.start_ranks()
        self.wait_ready()
        self.serve()


# ============================================================================ entry point


def server_args_repr(args: SimArgs, plan: StartupPlan) -> str:
    """`server_args=ServerArgs(...)` as SGLang logs it, with the resolved values (and the API key hidden)."""
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
    for secret in ("api_key", "admin_api_key", "hf_token"):
        if out.get(secret):
            out[secret] = REDACTED
    return out


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
    be = backend(args.memory_backend)
    be.preflight()
    if be.name == "cuda" and not os.environ.get(HOST_ENV):
        from safelaunch.host.nvml import detect

        host = detect()  # real GPUs: NVML's own figures
    else:
        host = profile_host(os.environ.get(HOST_ENV) or DEFAULT_HOST)
    try:
        model = resolve_model(args.model_path)
    except SafelaunchError as exc:
        raise UnknownModel(args.model_path, str(exc)) from None
    seed = int(_float_env(SEED_ENV, 0.0)) if os.environ.get(SEED_ENV) not in (None, "", "0") else 0
    plan = make_plan(args, host, model, version, seed)
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
    except UnknownModel as exc:  # what SGLang prints when transformers cannot find the model's config
        logfmt.write(logfmt.STDERR, Templates(current_version()).model_not_found_traceback(exc.model))
        return 1
    except SafelaunchError as exc:  # the sim's own settings (SAFELAUNCH_*): one line, as the CLI does
        logfmt.write(logfmt.STDERR, f"safelaunch.sim: error: {exc}\n")
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
    from safelaunch.sim.dryrun import dry_run

    gpus = [launch.host.gpus[i] for i in launch.plan.gpu_indices]
    return dry_run(
        launch.plan,
        [g.memory_total for g in gpus],
        [g.memory_used for g in gpus],
        launch.seed,
        launch.args.max_total_tokens,
        launch.args.max_running_requests,
    )
