"""SGLang's log lines, as the imitated version prints them.

Every template here is a fact taken from SGLang's source (0.5.10.post1 for the classic family, the
0.5.23 quotes in reference/sglang.md section 1 for the new family). The sim prints exactly these strings
so that a classifier tuned on the sim holds on a real host. Figures are computed by the caller; this
module only formats. `Templates` also carries the version's exception texts (its two bases), so a rank
or the launcher holds one object per version for everything it prints.
"""

from __future__ import annotations

from collections.abc import Sequence

from safelaunch.sim.forward_errors import ForwardTracebacks
from safelaunch.sim.frames import SGLANG_ROOT
from safelaunch.sim.logfmt import gb
from safelaunch.sim.startup_errors import StartupTracebacks


class Templates(StartupTracebacks, ForwardTracebacks):
    """The lines and exception texts of one SGLang version."""

    # ------------------------------------------------------------------ start-up lines (scheduler ranks)

    def init_begin(self) -> str:
        return "Init parallel begin." if self.new else "Init torch distributed begin."

    def init_end(self, elapsed: float, mem_usage: float) -> list[str]:
        if self.new:
            return [
                f"Init parallel ends. elapsed={elapsed:.2f} s",
                f"Memory baseline taken. mem usage={mem_usage:.2f} GB",
            ]
        return [f"Init torch distributed ends. elapsed={elapsed:.2f} s, mem usage={mem_usage:.2f} GB"]

    @staticmethod
    def load_begin(avail: float) -> str:
        return f"Load weight begin. avail mem={avail:.2f} GB"

    @staticmethod
    def load_end(elapsed: float, arch: str, quant_str: str | None, avail: float, usage: float) -> str:
        quant = f"{quant_str}, " if quant_str else ""
        return (
            f"Load weight end. elapsed={elapsed:.2f} s, type={arch}, {quant}"
            f"avail mem={avail:.2f} GB, mem usage={usage:.2f} GB."
        )

    def kv_allocated(self, tokens: int, k_bytes: int, v_bytes: int | None, dtype: str) -> str:
        dtype_part = f"dtype: {dtype}, " if self.new else ""
        if v_bytes is None:
            return f"KV Cache is allocated. {dtype_part}#tokens: {tokens}, KV size: {gb(k_bytes):.2f} GB"
        return (
            f"KV Cache is allocated. {dtype_part}#tokens: {tokens}, K size: {gb(k_bytes):.2f} GB, "
            f"V size: {gb(v_bytes):.2f} GB"
        )

    @staticmethod
    def pool_end(avail: float) -> str:
        return f"Memory pool end. avail mem={avail:.2f} GB"

    @staticmethod
    def moe_default_config(device_kernel_name: str, experts: int, n: int, dtype: str | None) -> str:
        dtype_sel = f",dtype={dtype}" if dtype else ""
        block = ",block_shape=[128, 128]" if dtype == "fp8_w8a8" else ""
        path = (
            f"{SGLANG_ROOT}srt/layers/moe/fused_moe_triton/configs/triton_3_5_1/"
            f"E={experts},N={n},device_name={device_kernel_name}{dtype_sel}{block}.json"
        )
        return (
            "Using default MoE kernel config. Performance might be sub-optimal! Config file not found at "
            f"{path}, you can create them with "
            "https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton"
        )

    def prefill_capture_begin(self, num_tokens: Sequence[int], avail: float) -> str:
        return (
            f"Capture target prefill CUDA graph begin. backend=breakable, num_tokens={list(num_tokens)}, "
            f"avail mem={avail:.2f} GB"
        )

    @staticmethod
    def prefill_capture_end(elapsed: float, usage: float, avail: float) -> str:
        return (
            f"Capture target prefill CUDA graph end. elapsed={elapsed:.2f} s, "
            f"mem usage={usage:.2f} GB, avail mem={avail:.2f} GB."
        )

    def capture_begin(self, avail: float) -> str:
        if self.new:
            return (
                f"Capture target decode CUDA graph begin. backend=full, num_tokens_per_req=1, avail mem={avail:.2f} GB"
            )
        return f"Capture cuda graph begin. This can take up to several minutes. avail mem={avail:.2f} GB"

    def capture_end(self, bs: Sequence[int], elapsed: float, usage: float, avail: float) -> str:
        if self.new:
            return (
                f"Capture target decode CUDA graph end. bs={list(bs)}, elapsed={elapsed:.2f} s, "
                f"mem usage={usage:.2f} GB, avail mem={avail:.2f} GB."
            )
        return (
            f"Capture cuda graph end. Time elapsed: {elapsed:.2f} s. "
            f"mem usage={usage:.2f} GB. avail mem={avail:.2f} GB."
        )

    @staticmethod
    def max_total_tokens(
        tokens: int, chunked: int, max_prefill: int, max_running: int, context_len: int, avail: float
    ) -> str:
        return (
            f"max_total_num_tokens={tokens}, chunked_prefill_size={chunked}, max_prefill_tokens={max_prefill}, "
            f"max_running_requests={max_running}, context_len={context_len}, available_gpu_mem={avail:.2f} GB"
        )

    @staticmethod
    def prefill_batch(new_seq: int, new_token: int, usage: float, running: int, queued: int, throughput: float) -> str:
        return (
            f"Prefill batch, #new-seq: {new_seq}, #new-token: {new_token}, #cached-token: 0, token usage: {usage:.2f}, "
            f"#running-req: {running}, #queue-req: {queued}, cuda graph: False, "
            f"input throughput (token/s): {throughput:.2f}"
        )

    @staticmethod
    def decode_batch(running: int, tokens: int, usage: float, throughput: float, queued: int) -> str:
        return (
            f"Decode batch, #running-req: {running}, #token: {tokens}, token usage: {usage:.2f}, cuda graph: True, "
            f"gen throughput (token/s): {throughput:.2f}, #queue-req: {queued}"
        )

    def retract(self, retracted: int, gained: int, old_ratio: float, new_ratio: float) -> str:
        """The scheduler's decode retraction under KV pressure (0.5.5 scheduler.py:1917; 0.5.10+ adds the gain)."""
        gain = f"#new_tokens_gained: {gained}, " if self.new else ""
        return (
            f"KV cache pool is full. Retract requests. #retracted_reqs: {retracted}, {gain}"
            f"#new_token_ratio: {old_ratio:.4f} -> {new_ratio:.4f}"
        )

    READY = "The server is fired up and ready to roll!"
    LAUNCH_SIGQUIT = "Received sigquit from a child process. It usually means the child failed."

    @staticmethod
    def running_sigquit(frame_repr: str) -> str:
        return f"SIGQUIT received. signum=3, frame={frame_repr}. It usually means one child failed."

    @staticmethod
    def scheduler_exception(tb: str) -> str:
        return f"Scheduler hit an exception: {tb}"

    def autotune_begin(self) -> str:
        return "Running FlashInfer autotune with cache: None" if self.new else "Running FlashInfer autotune..."

    AUTOTUNE_END = "FlashInfer autotune completed."
