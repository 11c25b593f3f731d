"""CUDA graph capture on one rank, as SGLang does it: decode graphs batch size by batch size, prefill graphs.

Capture is the start-up phase where a too-high `--mem-fraction-static` usually ends: each batch size's
graph grows the private pool, the first rank draws tqdm's bar, and an OOM prints SGLang's "Capture cuda
graph failed" chain with its hint. The 0.5.20+ family captures breakable prefill graphs first; the
classic family captures piecewise prefill graphs after the decode ones. The `hang` fault strikes here.
"""

from __future__ import annotations

import os
import signal
import time
from typing import TYPE_CHECKING, Any

from safelaunch.sim.logfmt import STDERR, write
from safelaunch.sim.memory_base import GpuOutOfMemory
from safelaunch.sim.plan import batch_sizes_to_capture
from safelaunch.sim.procs import block_forever
from safelaunch.sim.progress import tqdm_bar
from safelaunch.sim.startup_errors import ISSUES_URL

if TYPE_CHECKING:
    from safelaunch.sim.rank import Rank


def capture_prefill(rank: Rank, mem: Any) -> float:
    launch, plan, log, t = rank.launch, rank.launch.plan, rank.log, rank.t
    tic = time.perf_counter()
    before = rank.avail(mem)
    log.info(t.prefill_capture_begin(plan.prefill_graph_tokens, before))
    for tokens in sorted(plan.prefill_graph_tokens, reverse=True):
        try:
            mem.capture_graph(tokens, plan.prefill_graph_bytes(tokens))
        except GpuOutOfMemory as exc:
            hint = (
                "Fail when using backend: breakable for prefill runner.\nPossible suggestions:\n"
                f"{t.prefill_capture_failed_hint()}Open an issue on GitHub {ISSUES_URL} \n"
            )
            log.error(f"OutOfMemoryError: {exc.message}\n{hint}")
            rank.fail(t.prefill_capture_oom_traceback(exc.message))
    launch.sleep("capture", 0.2)
    after = rank.avail(mem)
    log.info(t.prefill_capture_end(time.perf_counter() - tic, before - after, after))
    return before - after


def capture_decode(rank: Rank, mem: Any, mrr: int) -> float:
    launch, plan, log, t = rank.launch, rank.launch.plan, rank.log, rank.t
    fig = plan.figures
    capture_bs = batch_sizes_to_capture(plan.cuda_graph_bs, mrr)
    tic = time.perf_counter()
    before = rank.avail(mem)
    log.info(t.capture_begin(before))
    if rank.first_rank and not plan.version.new_family:
        log.info(f"Capture cuda graph bs {capture_bs}")
    if fig.is_moe and launch.args.moe_runner_backend in ("auto", "triton"):
        log.warning(
            t.moe_default_config(
                launch.host.gpus[plan.gpu_indices[rank.rank]].kernel_device_name,
                fig.experts_local,
                fig.moe_n_local,
                "fp8_w8a8" if fig.quant_str and "fp8" in fig.quant_str else None,
            )
        )
    order = list(reversed(capture_bs))
    hang_rank = plan.world - 1
    for i, bs in enumerate(order):
        if rank.first_rank:
            desc = f"Capturing batches (bs={bs} avail_mem={rank.avail(mem):.2f} GB)"
            write(STDERR, "\r" + tqdm_bar(desc, i, len(order), time.perf_counter() - tic))
        if launch.faults.hang and i == len(order) // 2:
            if rank.rank == hang_rank:
                os.kill(os.getpid(), signal.SIGKILL)  # killed from outside (the OOM killer, say)
            if rank.first_rank:
                write(STDERR, "\n")
            block_forever()  # the others wait in a collective that never completes
        launch.sleep("capture", 1 / len(order))
        try:
            extra = int((launch.faults.capture_oom or 0) * 2**30) if i == 0 else 0
            mem.capture_graph(bs, plan.graph_bytes(bs, first=i == 0) + extra)
        except GpuOutOfMemory as exc:
            if rank.first_rank:  # tqdm closes its bar (and ends the line) when the loop is left
                write(STDERR, "\r" + tqdm_bar(desc, i, len(order), time.perf_counter() - tic) + "\n")
            rank.fail(t.capture_oom_traceback(fig.architecture, exc.message))
    if rank.first_rank:
        desc = f"Capturing batches (bs={order[-1]} avail_mem={rank.avail(mem):.2f} GB)"
        write(STDERR, "\r" + tqdm_bar(desc, len(order), len(order), time.perf_counter() - tic) + "\n")
    after = rank.avail(mem)
    log.info(t.capture_end(capture_bs, time.perf_counter() - tic, before - after, after))
    return before - after


def capture_piecewise(rank: Rank, mem: Any) -> float:
    launch, plan, log = rank.launch, rank.launch.plan, rank.log
    tic = time.perf_counter()
    before = rank.avail(mem)
    log.info(f"Capture piecewise CUDA graph begin. avail mem={before:.2f} GB")
    for tokens in sorted(plan.prefill_graph_tokens, reverse=True):
        try:
            mem.capture_graph(tokens, plan.prefill_graph_bytes(tokens))
        except GpuOutOfMemory as exc:
            rank.fail(rank.t.prefill_capture_oom_traceback(exc.message))
    launch.sleep("capture", 0.2)
    after = rank.avail(mem)
    log.info(
        f"Capture piecewise CUDA graph end. Time elapsed: {time.perf_counter() - tic:.2f} s. "
        f"mem usage={before - after:.2f} GB. avail mem={after:.2f} GB."
    )
    return before - after
