"""One scheduler process (one rank, one GPU): SGLang's start-up sequence, then the forwards it is asked for.

Each rank opens its GPU through a memory backend (backends.py), walks SGLang's start-up (init distributed,
load weights, size and allocate the KV pool from the memory free before/after the weights as reduced over
all ranks, capture CUDA graphs (capture.py), FlashInfer's autotune) and prints its own lines with its own
`TP{n}` prefix, then reports ready and serves the launcher's requests: the warmup forward (which allocates
the fused-MoE workspace) and each serving forward's activations, outside the static pool. A failing rank
logs "Scheduler hit an exception: <traceback>" and sends SIGQUIT to the launcher (launcher.py).
"""

from __future__ import annotations

import contextlib
import faulthandler
import os
import signal
import time
from multiprocessing.connection import Connection
from typing import Any, NoReturn

from safelaunch.host import simgpu
from safelaunch.sim.backends import backend
from safelaunch.sim.capture import capture_decode, capture_piecewise, capture_prefill
from safelaunch.sim.launch import Launch
from safelaunch.sim.layout_checks import heads_exception, missing_gpu_exception
from safelaunch.sim.logfmt import MIB, STDERR, Log, gb, rank_prefix, write
from safelaunch.sim.memory_base import GpuOutOfMemory, MemoryBackend, RankSpec
from safelaunch.sim.plan import kv_rest_gib, kv_tokens, max_running_requests, split_linear_state
from safelaunch.sim.procs import block_forever, set_pdeathsig
from safelaunch.sim.progress import shard_bar
from safelaunch.sim.templates import Templates

ACT_PIECES = 4  # a forward's activations arrive as a few large tensors: an OOM names one piece, not the sum


class _Collective:
    """An all-reduce(MIN) over the ranks, through the launcher (stands in for the NCCL/gloo group)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def min(self, tag: str, value: float) -> float:
        self.conn.send(("min", tag, value))
        reply = self.conn.recv()
        return float(reply)


class Rank:
    def __init__(self, launch: Launch, rank: int, conn: Connection) -> None:
        self.launch = launch
        self.rank = rank
        self.conn = conn
        plan = launch.plan
        self.tp_rank = (int(launch.args.raw.get("node_rank") or 0) * plan.world + rank) % plan.tp  # global in a group
        dp_rank = rank // plan.tp if plan.dp_controller else None
        ep_rank = self.tp_rank // max(1, plan.tp // plan.ep) if plan.ep > 1 else 0
        self.log = Log(rank_prefix(self.tp_rank, plan.tp, dp_rank, ep_rank, plan.ep))
        self.t = Templates(plan.version)
        self.coll = _Collective(conn)
        self.first_rank = self.tp_rank == 0
        self.nvml_total = self.gpu_index = 0  # this rank's GPU, once opened (`_publish`)

    def fail(self, tb: str) -> NoReturn:
        self.log.error(self.t.scheduler_exception(tb))
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.launch.launcher_pid, signal.SIGQUIT)
        block_forever()

    def avail(self, mem: Any) -> float:
        return gb(mem.mem_get_info().free)

    def run(self, be: MemoryBackend) -> None:
        launch, plan, log, t = self.launch, self.launch.plan, self.log, self.t
        fig = plan.figures
        gpu_id = plan.gpu_indices[self.rank]
        if gpu_id >= len(launch.host.gpus):  # SGLang never counts GPUs: set_device fails in this scheduler
            log.info(t.init_begin())
            self.fail(missing_gpu_exception(t._init_frames()))
        host_gpu = launch.host.gpus[gpu_id]
        spec = RankSpec(
            rank=self.rank,
            gpu_index=host_gpu.index,
            nvml_total=host_gpu.memory_total,
            nvml_used=host_gpu.memory_used,
            seed=launch.seed,
            fragmentation_bytes=plan.variation.fragmentation[self.rank],
        )
        mem = be.open_rank(spec)
        self.nvml_total, self.gpu_index = host_gpu.memory_total, host_gpu.index

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
        attn_tp = plan.tp // plan.attn_dp if plan.attn_dp > 1 else plan.tp
        model = launch.model
        kv_heads = 0 if model.is_mla else model.num_kv_heads
        bad_heads = heads_exception(t._init_frames(), fig.architecture, model.num_heads, kv_heads, attn_tp)
        if bad_heads:
            self.fail(bad_heads)
        self._load_weights(mem)
        after_load = self.avail(mem)
        log.info(
            t.load_end(time.perf_counter() - tic, fig.architecture, fig.quant_str, after_load, before_load - after_load)
        )
        weight_usage = before_load - after_load

        # ---- KV pool (SGLang: min over ranks of the free memory before and after the weights)
        post = self.coll.min("post", gb(mem.mem_get_info().free))
        rest, state_bytes = split_linear_state(kv_rest_gib(post, pre, plan.fraction), fig.state_per_request)
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
        if state_bytes:
            mem.allocate("linear_state", state_bytes, chunk=max(state_bytes // max(1, fig.num_layers), MIB))
        mem.allocate("attention_buffers", plan.misc_buffers())
        log.info(t.pool_end(self.avail(mem)))

        # ---- CUDA graphs
        graph_usage = 0.0
        if plan.version.new_family and plan.prefill_graph_tokens:
            graph_usage += capture_prefill(self, mem)
        if not plan.graphs_disabled:
            graph_usage += capture_decode(self, mem, mrr)
        if not plan.version.new_family and plan.prefill_graph_tokens and not plan.graphs_disabled:
            graph_usage += capture_piecewise(self, mem)
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
                text = shard_bar(desc, n, shards, time.perf_counter() - tic)
                write(STDERR, "\r" + text + ("\n" if n == shards else ""))

        progress(0)
        for done, shard in enumerate(range(shards), start=1):
            launch.sleep("weights", 1 / shards)
            size = step if shard < shards - 1 else fig.weights_bytes - step * (shards - 1)
            try:
                mem.allocate("weights", size, chunk=fig.weight_chunk)
            except GpuOutOfMemory as exc:
                if self.first_rank:
                    write(STDERR, "\n")
                self.fail(self.t.weights_oom_traceback(fig.architecture, exc.message))
            if done == shards or done % max(1, shards // 4) == 0:
                progress(done)

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
                self._publish(mem)
                self.conn.send(("warmup_ok", self.avail(mem)))
            elif msg[0] == "forward":
                self._forward(mem, int(msg[1]))
                self._publish(mem)
                self.conn.send(("forward_ok",))
            elif msg[0] == "exit":
                mem.close()
                os._exit(0)

    def _publish(self, mem: Any) -> None:
        """What NVML would read on this GPU now (the simulated host's NVML, `host.simgpu`): its total less what
        CUDA reports free, so the driver's reserve and other processes are in it, as in NVML's `used`."""
        where = os.environ.get(simgpu.DIR_ENV)
        if where and self.nvml_total:
            simgpu.publish(where, self.gpu_index, self.nvml_total - mem.mem_get_info().free, self.nvml_total)

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
    set_pdeathsig()
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
