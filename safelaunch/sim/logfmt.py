"""SGLang's log lines, as the imitated version prints them.

Every template here is a fact taken from SGLang's source (0.5.10.post1 for the classic family, the
0.5.23 quotes in reference/sglang.md section 1 for the new family) or from PyTorch's allocator
(`c10/cuda/CUDACachingAllocator.cpp`). The sim prints exactly these strings so that a classifier tuned
on the sim holds on a real host. Figures are computed by the caller; this module only formats.

Output goes where SGLang's goes: its `logging.basicConfig` writes to stderr, uvicorn's access log to
stdout, tqdm bars to stderr. Each line is one `os.write`, so concurrent rank processes never tear a line.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass

from safelaunch.sim.versions import SglangVersion

GIB = 1 << 30
MIB = 1 << 20
STDOUT = 1
STDERR = 2

SGLANG_ROOT = "/sgl-workspace/sglang/python/sglang/"
SITE = "/usr/local/lib/python3.12/dist-packages/"
ISSUES_URL = "https://github.com/sgl-project/sglang/issues/new/choose"


def gb(nbytes: float) -> float:
    """SGLang's "GB": `mem_get_info` bytes / (1 << 30), i.e. GiB."""
    return nbytes / GIB


# --------------------------------------------------------------------------- writing


def write(fd: int, text: str) -> None:
    """One write per record: lines from concurrent processes interleave but never tear."""
    data = text.encode("utf-8", "replace")
    try:
        while data:
            n = os.write(fd, data)
            data = data[n:]
    except (BrokenPipeError, OSError):
        pass  # the reader went away; SGLang would die on SIGPIPE, the sim just stops talking


def timestamp(now: float | None = None) -> str:
    now = time.time() if now is None else now
    text = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(now))
    if os.environ.get("SGLANG_LOG_MS", "").lower() in ("1", "true", "yes"):
        text += f".{int((now % 1) * 1000):03d}"
    return text


def rank_prefix(tp_rank: int, tp_size: int, dp_rank: int | None = None, ep_rank: int = 0, ep_size: int = 1) -> str:
    """`configure_scheduler_process`: DP only with a DP controller, TP only when tp_size > 1, EP when ep_size > 1."""
    prefix = ""
    if dp_rank is not None:
        prefix += f" DP{dp_rank}"
    if tp_size > 1:
        prefix += f" TP{tp_rank}"
    if ep_size > 1:
        prefix += f" EP{ep_rank}"
    return prefix


@dataclass(frozen=True)
class Log:
    """A logger bound to one process's prefix (`[%(asctime)s{prefix}] %(message)s`)."""

    prefix: str = ""
    fd: int = STDERR

    def info(self, message: str) -> None:
        write(self.fd, f"[{timestamp()}{self.prefix}] {message}\n")

    warning = info
    error = info

    def uvicorn(self, level: str, message: str) -> None:
        """uvicorn's default formatter as SGLang configures it: `[%(asctime)s] %(levelprefix)s %(message)s`."""
        write(STDERR, f"[{timestamp()}] {(level + ':').ljust(9)} {message}\n")

    def access(self, client: tuple[str, int], request_line: str, status: int, phrase: str) -> None:
        """uvicorn's access log (stdout): `[%(asctime)s] %(levelprefix)s %(client_addr)s - "%(request_line)s" ...`."""
        write(STDOUT, f'[{timestamp()}] INFO:     {client[0]}:{client[1]} - "{request_line}" {status} {phrase}\n')

    def raw(self, text: str, fd: int = STDERR) -> None:
        write(fd, text)


# --------------------------------------------------------------------------- PyTorch's OOM text


def format_size(nbytes: int) -> str:
    """c10's `format_size`: bytes up to 1 KiB, then KiB/MiB/GiB with two decimals."""
    if nbytes <= 1024:
        return f"{nbytes} bytes"
    if nbytes <= 1048576:
        return f"{nbytes / 1024.0:.2f} KiB"
    if nbytes <= 1073741824:
        return f"{nbytes / 1048576.0:.2f} MiB"
    return f"{nbytes / 1073741824.0:.2f} GiB"


@dataclass(frozen=True)
class OomFigures:
    """The numbers PyTorch's caching allocator reports when an allocation does not fit."""

    tried: int
    gpu: int
    total: int
    free: int
    in_use: int  # "this process has X memory in use" (NVML, includes non-PyTorch memory)
    allocated: int  # allocated by PyTorch, including private pools
    private_pools: int  # allocated in private pools (CUDA graphs); the clause is omitted when 0
    reserved_unallocated: int


def torch_oom_message(f: OomFigures) -> str:
    """`torch.OutOfMemoryError`'s message, word for word (tests/fixtures/torch-oom.json)."""
    private = (
        f"with {format_size(f.private_pools)} allocated in private pools (e.g., CUDA Graphs), "
        if f.private_pools > 0
        else ""
    )
    return (
        f"CUDA out of memory. Tried to allocate {format_size(f.tried)}. GPU {f.gpu} has a total capacity of "
        f"{format_size(f.total)} of which {format_size(f.free)} is free. Including non-PyTorch memory, this process "
        f"has {format_size(f.in_use)} memory in use. Of the allocated memory {format_size(f.allocated)} is allocated "
        f"by PyTorch, {private}and {format_size(f.reserved_unallocated)} is reserved by PyTorch but unallocated. "
        "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True "
        "to avoid fragmentation.  See documentation for Memory Management  "
        "(https://docs.pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf)"
    )


# --------------------------------------------------------------------------- tracebacks


@dataclass(frozen=True)
class Frame:
    path: str  # relative to the SGLang package root, or absolute for site-packages
    line: int
    func: str
    code: str

    def render(self) -> str:
        path = self.path if self.path.startswith("/") else SGLANG_ROOT + self.path
        return f'  File "{path}", line {self.line}, in {self.func}\n    {self.code}\n'


def traceback_text(frames: Sequence[Frame], exc_line: str) -> str:
    """`traceback.format_exception` of one exception: header, frames, then `Type: message`."""
    return "Traceback (most recent call last):\n" + "".join(f.render() for f in frames) + exc_line + "\n"


def chained(first: str, second: str) -> str:
    return first + "\nDuring handling of the above exception, another exception occurred:\n\n" + second


def model_file(architecture: str) -> str:
    """`DeepseekV4ForCausalLM` -> `models/deepseek_v4.py` (SGLang's file naming)."""
    import re

    stem = re.sub(r"For(CausalLM|ConditionalGeneration|SequenceClassification)$", "", architecture)
    stem = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", stem).lower()
    stem = re.sub(r"_?v(\d)", r"_v\1", stem).replace("__", "_")
    return f"srt/models/{stem}.py"


TORCH_CTX = Frame(SITE + "torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)")
TORCH_CALL = (
    Frame(SITE + "torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    Frame(SITE + "torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
)


class Templates:
    """The lines and exception texts of one SGLang version."""

    def __init__(self, version: SglangVersion) -> None:
        self.version = version
        self.new = version.new_family

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

    READY = "The server is fired up and ready to roll!"
    LAUNCH_SIGQUIT = "Received sigquit from a child process. It usually means the child failed."

    @staticmethod
    def running_sigquit(frame_repr: str) -> str:
        return f"SIGQUIT received. signum=3, frame={frame_repr}. It usually means one child failed."

    @staticmethod
    def scheduler_exception(tb: str) -> str:
        return f"Scheduler hit an exception: {tb}"

    @staticmethod
    def rank_died(rank: int, exitcode: int) -> str:
        return (
            f"Rank {rank} scheduler died during initialization (exit code: {exitcode}). "
            "If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check."
        )

    # ------------------------------------------------------------------ exception texts

    def capture_failed_hint(self) -> str:
        if self.new:
            return (
                "Possible solutions:\n"
                "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
                "2. set --cuda-graph-max-bs-decode to a smaller value (e.g., 16)\n"
                "3. disable decode CUDA graph by --cuda-graph-backend-decode=disabled. "
                "(Not recommended. Huge performance loss)\n"
                f"Open an issue on GitHub {ISSUES_URL} \n"
            )
        return (
            "Possible solutions:\n"
            "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
            "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
            "3. disable torch compile by not using --enable-torch-compile\n"
            "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
            f"Open an issue on GitHub {ISSUES_URL} \n"
        )

    @staticmethod
    def prefill_capture_failed_hint() -> str:
        return (
            "1. disable the prefill CUDA graph by --cuda-graph-backend-prefill=disabled\n"
            "2. if it is an OOM problem, set --mem-fraction-static to a smaller value "
            "(e.g., 0.8 or 0.7) or set --cuda-graph-max-bs-prefill to a smaller value "
            "(e.g., 2048)\n"
        )

    def kv_too_small(self, fraction: float, available_gib: float, pre_gib: float, rest_gib: float) -> str:
        """The exception line when the KV pool gets no tokens (`Type: message`)."""
        if self.new and rest_gib <= 0:
            minimum = 1 - available_gib / pre_gib
            suggested = -(-minimum * 1000 // 1) / 1000
            return (
                "ValueError: Loaded weights leave no GPU memory for the KV cache under "
                f"--mem-fraction-static={fraction}. Raise --mem-fraction-static above {suggested:.3f} "
                f"(minimum viable = 1 - available/pre = {minimum:.4f}). If using speculative decoding, draft "
                "weights are now counted."
            )
        return (
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. "
            f"Current value: mem_fraction_static={fraction}"
        )

    # ------------------------------------------------------------------ traceback frames

    def _init_frames(self) -> list[Frame]:
        """run_scheduler_process -> ... -> ModelRunner.__init__ (the scheduler start-up chain)."""
        if self.new:
            return [
                Frame("srt/managers/scheduler.py", 3921, "run_scheduler_process", "scheduler = Scheduler("),
                Frame("srt/managers/scheduler.py", 402, "__init__", "self.init_model_worker()"),
                Frame("srt/managers/scheduler.py", 655, "init_model_worker", "self.init_tp_model_worker()"),
                Frame(
                    "srt/managers/scheduler.py",
                    621,
                    "init_tp_model_worker",
                    "self.tp_worker = TpModelWorker(**worker_kwargs)",
                ),
                Frame("srt/managers/tp_worker.py", 270, "__init__", "self._init_model_runner()"),
                Frame("srt/managers/tp_worker.py", 353, "_init_model_runner", "self._model_runner = ModelRunner("),
                Frame("srt/model_executor/model_runner.py", 398, "__init__", "self.initialize(pre_model_load_memory)"),
            ]
        return [
            Frame("srt/managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
            Frame("srt/managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
            Frame("srt/managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
            Frame(
                "srt/managers/scheduler.py",
                600,
                "init_tp_model_worker",
                "self.tp_worker = TpModelWorker(**worker_kwargs)",
            ),
            Frame("srt/managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
            Frame("srt/managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
            Frame("srt/model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
        ]

    def generic_traceback(self, exc_line: str) -> str:
        """A failure during the scheduler's start-up with no more specific place."""
        return traceback_text(self._init_frames(), exc_line)

    def weights_oom_traceback(self, architecture: str, oom: str) -> str:
        mfile = model_file(architecture)
        frames = [
            *self._init_frames(),
            Frame(
                "srt/model_executor/model_runner.py", 507 if not self.new else 478, "initialize", "self.load_model()"
            ),
            Frame(
                "srt/model_executor/model_runner.py",
                1159 if not self.new else 1032,
                "load_model",
                "self.model = self.loader.load_model(",
            ),
            Frame("srt/model_loader/loader.py", 683, "load_model", "model = _initialize_model("),
            Frame("srt/model_loader/loader.py", 277, "_initialize_model", "return model_class(**kwargs)"),
            Frame(mfile, 1873, "__init__", "self.model = " + architecture.replace("ForCausalLM", "Model") + "("),
            Frame(mfile, 1702, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
            Frame("srt/utils/common.py", 613, "make_layers", "+ get_offloader().wrap_modules("),
            Frame("srt/layers/linear.py", 442, "__init__", "self.quant_method.create_weights("),
            Frame("srt/layers/quantization/unquant.py", 131, "create_weights", "torch.empty("),
            Frame(SITE + "torch/utils/_device.py", 109, "__torch_function__", "return func(*args, **kwargs)"),
        ]
        return traceback_text(frames, f"torch.OutOfMemoryError: {oom}")

    def kv_traceback(self, exc_line: str) -> str:
        if self.new:
            frames = [
                *self._init_frames(),
                Frame(
                    "srt/model_executor/model_runner.py",
                    596,
                    "initialize",
                    "self.init_memory_pool(pre_model_load_memory)",
                ),
                Frame(
                    "srt/mem_cache/kv_cache_configurator.py",
                    118,
                    "init_memory_pool",
                    "config = self._resolve_memory_pool_config(",
                ),
                Frame(
                    "srt/mem_cache/kv_cache_configurator.py",
                    203,
                    "_profile_available_bytes",
                    "raise ValueError(" if exc_line.startswith("ValueError") else "return MemoryPoolConfig(",
                ),
            ]
        else:
            frames = [
                *self._init_frames(),
                Frame(
                    "srt/model_executor/model_runner.py",
                    623,
                    "initialize",
                    "self.init_memory_pool(pre_model_load_memory)",
                ),
                Frame(
                    "srt/model_executor/model_runner_kv_cache_mixin.py",
                    899,
                    "init_memory_pool",
                    "self.memory_pool_config = self._resolve_memory_pool_config(",
                ),
                Frame(
                    "srt/model_executor/model_runner_kv_cache_mixin.py",
                    884,
                    "_resolve_memory_pool_config",
                    "return MemoryPoolConfig(",
                ),
                Frame("<string>", 9, "__init__", "<unknown>"),
                Frame(
                    "srt/model_executor/model_runner_kv_cache_mixin.py", 60, "__post_init__", "raise RuntimeError(msg)"
                ),
            ]
        return traceback_text(frames, exc_line)

    def capture_oom_traceback(self, architecture: str, oom: str) -> str:
        """The OOM raised inside one batch size's capture, re-raised by SGLang as 'Capture cuda graph failed'."""
        mfile = model_file(architecture)
        model_cls = architecture.replace("ForCausalLM", "Model")
        if self.new:
            runner = "srt/model_executor/runner/decode_cuda_graph_runner.py"
            inner = [
                Frame(runner, 402, "__init__", "self.capture()"),
                Frame(runner, 561, "capture", "_capture_one_stream()"),
                Frame(runner, 548, "_capture_one_stream", ") = self.capture_one_batch_size(bs, forward, stream_idx)"),
                Frame(runner, 781, "capture_one_batch_size", "out = self._capture_graph("),
                Frame(runner, 590, "_capture_graph", "out = run_once_fn()"),
                Frame(runner, 762, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            ]
        else:
            runner = "srt/model_executor/cuda_graph_runner.py"
            inner = [
                Frame(runner, 653, "__init__", "self.capture()"),
                Frame(runner, 809, "capture", "_capture_one_stream()"),
                Frame(runner, 796, "_capture_one_stream", ") = self.capture_one_batch_size(bs, forward, stream_idx)"),
                Frame(runner, 1030, "capture_one_batch_size", "out = self._capture_graph("),
                Frame(runner, 833, "_capture_graph", "out = run_once_fn()"),
                Frame(runner, 1011, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            ]
        inner += [
            TORCH_CTX,
            Frame(mfile, 1935, "forward", "hidden_states = self.model("),
            *TORCH_CALL,
            Frame(mfile, 1788, "forward", "hidden_states, residual = layer("),
            *TORCH_CALL,
            Frame(mfile, 1544, "forward", "hidden_states = self.self_attn("),
            *TORCH_CALL,
            Frame(
                "srt/layers/linear.py",
                1398,
                "forward",
                "output_parallel = self.quant_method.apply(self, input_parallel, bias=bias_)",
            ),
            Frame("srt/layers/quantization/fp8.py", 652, "apply", "return self.w8a8_block_fp8_linear("),
            Frame("srt/layers/quantization/fp8_utils.py", 331, "triton_w8a8_block_fp8_linear", "output = torch.empty("),
        ]
        del model_cls
        first = traceback_text(inner, f"torch.OutOfMemoryError: {oom}")
        outer_frames = self._init_frames()
        if self.new:
            outer_frames += [
                Frame("srt/model_executor/model_runner.py", 631, "initialize", "self.init_device_graphs()"),
                Frame(
                    "srt/model_executor/model_runner_components/cuda_graph_setup.py",
                    214,
                    "init_device_graphs",
                    "runner = DecodeCudaGraphRunner(model_runner)",
                ),
                Frame(runner, 405, "__init__", "raise Exception("),
            ]
        else:
            outer_frames += [
                Frame("srt/model_executor/model_runner.py", 655, "initialize", "self.init_device_graphs()"),
                Frame(
                    "srt/model_executor/model_runner.py",
                    2455,
                    "init_device_graphs",
                    "self.graph_runner = graph_runners[self.device](self)",
                ),
                Frame(runner, 655, "__init__", "raise Exception("),
            ]
        second = traceback_text(
            outer_frames, f"Exception: Capture cuda graph failed: {oom}\n{self.capture_failed_hint()}"
        )
        return chained(first, second)

    def prefill_capture_oom_traceback(self, oom: str) -> str:
        """0.5.20+: the breakable prefill graph logs the error and its hint, then re-raises."""
        frames = [
            *self._init_frames(),
            Frame("srt/model_executor/model_runner.py", 628, "initialize", "self.init_piecewise_cuda_graphs()"),
            Frame(
                "srt/model_executor/model_runner_components/cuda_graph_setup.py",
                151,
                "init_piecewise_cuda_graphs",
                "runner = PrefillCudaGraphRunner(model_runner)",
            ),
            Frame("srt/model_executor/runner/prefill_cuda_graph_runner.py", 233, "__init__", "self.capture()"),
            Frame(
                "srt/model_executor/runner_backend_utils/breakable_cuda_graph/context.py",
                96,
                "capture",
                "output = run_once_fn()",
            ),
            Frame(
                "srt/layers/linear.py",
                1398,
                "forward",
                "output_parallel = self.quant_method.apply(self, input_parallel, bias=bias_)",
            ),
            Frame("srt/layers/quantization/fp8_utils.py", 331, "triton_w8a8_block_fp8_linear", "output = torch.empty("),
        ]
        return traceback_text(frames, f"torch.OutOfMemoryError: {oom}")

    def _event_loop_frames(self, architecture: str) -> list[Frame]:
        mfile = model_file(architecture)
        return [
            Frame(
                "srt/managers/scheduler.py",
                3616 if not self.new else 3937,
                "run_scheduler_process",
                "scheduler.run_event_loop()",
            ),
            Frame("srt/managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
            Frame("srt/managers/scheduler.py", 3488, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
            TORCH_CTX,
            Frame("srt/managers/scheduler.py", 1361, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            Frame(
                "srt/managers/scheduler.py",
                2684,
                "run_batch",
                "batch_result = self.model_worker.forward_batch_generation(",
            ),
            Frame("srt/managers/tp_worker.py", 476, "forward_batch_generation", "out = self.model_runner.forward("),
            Frame("srt/model_executor/model_runner.py", 2745, "forward", "output = self._forward_raw("),
            Frame("srt/model_executor/model_runner.py", 2820, "_forward_raw", "ret = self.forward_extend("),
            Frame("srt/model_executor/model_runner.py", 2697, "forward_extend", "return self.model.forward("),
            TORCH_CTX,
            Frame(mfile, 1935, "forward", "hidden_states = self.model("),
            *TORCH_CALL,
            Frame(mfile, 1788, "forward", "hidden_states, residual = layer("),
            *TORCH_CALL,
        ]

    def autotune_begin(self) -> str:
        return "Running FlashInfer autotune with cache: None" if self.new else "Running FlashInfer autotune..."

    AUTOTUNE_END = "FlashInfer autotune completed."

    def _autotune_frames(self, architecture: str) -> list[Frame]:
        """ModelRunner.initialize -> kernel_warmup -> FlashInfer autotune -> a dummy forward of the model."""
        mfile = model_file(architecture)
        if self.new:
            head = [
                Frame("srt/model_executor/model_runner.py", 612, "initialize", "self.kernel_warmup()"),
                Frame(
                    "srt/model_executor/runner/flashinfer_autotune.py",
                    88,
                    "run_flashinfer_autotune",
                    "model_runner._dummy_run(batch_size=num_tokens, run_ctx=autotune(cache=cache_path))",
                ),
            ]
        else:
            head = [
                Frame("srt/model_executor/model_runner.py", 654, "initialize", "self.kernel_warmup()"),
                Frame("srt/model_executor/model_runner.py", 2061, "kernel_warmup", "self._flashinfer_autotune()"),
                Frame("srt/model_executor/model_runner.py", 2106, "_flashinfer_autotune", "self._dummy_run("),
            ]
        return [
            *self._init_frames(),
            *head,
            Frame(
                "srt/model_executor/model_runner.py",
                2212,
                "_dummy_run",
                "logits_output_or_pp_proxy_tensors = self.model.forward(",
            ),
            TORCH_CTX,
            Frame(mfile, 1935, "forward", "hidden_states = self.model("),
            *TORCH_CALL,
            Frame(mfile, 1788, "forward", "hidden_states, residual = layer("),
            *TORCH_CALL,
        ]

    def moe_workspace_oom_traceback(self, architecture: str, oom: str, autotune: bool = False) -> str:
        """FlashInfer's fused-MoE workspace: sized for a full prefill chunk, allocated on the first MoE forward
        (FlashInfer's autotune pass at start-up, or the first request when autotune is disabled)."""
        mfile = model_file(architecture)
        frames = [
            *(self._autotune_frames(architecture) if autotune else self._event_loop_frames(architecture)),
            Frame(mfile, 1602, "forward", "hidden_states = self.mlp("),
            *TORCH_CALL,
            Frame(mfile, 617, "forward_normal", "final_hidden_states = self.experts(hidden_states, topk_output)"),
            *TORCH_CALL,
            Frame(
                "srt/layers/moe/fused_moe_triton/layer.py",
                1046,
                "forward",
                "return self.forward_impl(hidden_states, topk_output)",
            ),
            Frame(
                "srt/layers/moe/fused_moe_triton/layer.py",
                1071,
                "forward_impl",
                "combine_input = self.run_moe_core(dispatch_output)",
            ),
            Frame("srt/layers/quantization/mxfp4.py", 804, "apply", "output = flashinfer_cutlass_fused_moe("),
            Frame(
                SITE + "flashinfer/fused_moe/core.py",
                1024,
                "cutlass_fused_moe",
                "return get_cutlass_fused_moe_module(device_arch).cutlass_fused_moe(",
            ),
            Frame(
                SITE + "flashinfer/fused_moe/core.py",
                612,
                "cutlass_fused_moe",
                "workspace_buffer = torch.empty(workspace_size, dtype=torch.uint8, device=input.device)",
            ),
        ]
        return traceback_text(frames, f"torch.OutOfMemoryError: {oom}")

    def serving_oom_traceback(self, architecture: str, oom: str) -> str:
        frames = [
            *self._event_loop_frames(architecture),
            Frame(model_file(architecture), 1544, "forward", "hidden_states = self.self_attn("),
            *TORCH_CALL,
            Frame(
                "srt/layers/linear.py",
                1398,
                "forward",
                "output_parallel = self.quant_method.apply(self, input_parallel, bias=bias_)",
            ),
            Frame("srt/layers/quantization/fp8_utils.py", 331, "triton_w8a8_block_fp8_linear", "output = torch.empty("),
        ]
        return traceback_text(frames, f"torch.OutOfMemoryError: {oom}")

    def crash_traceback(self, architecture: str) -> str:
        frames = [
            *self._event_loop_frames(architecture),
            Frame(
                "srt/layers/attention/flashinfer_backend.py",
                812,
                "forward_extend",
                "o = prefill_wrapper_paged.forward(",
            ),
        ]
        return traceback_text(
            frames,
            "RuntimeError: CUDA error: an illegal memory access was encountered\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
            "might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n",
        )

    def nccl_traceback(self) -> str:
        frames = [
            *self._init_frames(),
            Frame(
                "srt/model_executor/model_runner.py",
                403,
                "__init__",
                "pre_model_load_memory = self.init_torch_distributed()",
            ),
            Frame("srt/model_executor/model_runner.py", 964, "init_torch_distributed", "initialize_model_parallel("),
            Frame(
                "srt/distributed/parallel_state.py",
                1690,
                "initialize_model_parallel",
                "_TP = init_model_parallel_group(",
            ),
            Frame("srt/distributed/parallel_state.py", 1412, "init_model_parallel_group", "return GroupCoordinator("),
            Frame("srt/distributed/parallel_state.py", 318, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
            Frame(
                "srt/distributed/device_communicators/pynccl.py",
                112,
                "__init__",
                "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
            ),
            Frame(
                "srt/distributed/device_communicators/pynccl_wrapper.py", 414, "ncclCommInitRank", "self.NCCL_CHECK("
            ),
            Frame(
                "srt/distributed/device_communicators/pynccl_wrapper.py",
                393,
                "NCCL_CHECK",
                'raise RuntimeError(f"NCCL error: {error_str}")',
            ),
        ]
        return traceback_text(
            frames, "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)"
        )

    def launch_died_traceback(self, rank: int, exitcode: int) -> str:
        """The uncaught RuntimeError the launcher raises when a scheduler process dies during start-up."""
        frames = [
            Frame("launch_server.py", 54, "<module>", "run_server(server_args)"),
            Frame("launch_server.py", 45, "run_server", "launch_server(server_args)"),
            Frame(
                "srt/entrypoints/http_server.py",
                2150,
                "launch_server",
                "tokenizer_manager, template_manager, scheduler_info, port_args = (",
            ),
            Frame(
                "srt/entrypoints/engine.py", 702, "_launch_subprocesses", "scheduler_infos = _wait_for_scheduler_ready("
            ),
            Frame(
                "srt/entrypoints/engine.py",
                1219,
                "_wait_for_scheduler_ready",
                "raise _scheduler_died_error(j, scheduler_procs[j])",
            ),
        ]
        return traceback_text(frames, f"RuntimeError: {self.rank_died(rank, exitcode)}")

    @staticmethod
    def model_not_found_traceback(model: str) -> str:
        """transformers' OSError for a model that is not a local folder nor a Hub id it can reach."""
        frames = [
            Frame("launch_server.py", 51, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            Frame("srt/server_args.py", 6543, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            Frame(
                "srt/server_args.py",
                5975,
                "from_cli_args",
                "return cls(**{attr: getattr(args, attr) for attr in attrs})",
            ),
            Frame("<string>", 339, "__init__", "<unknown>"),
            Frame("srt/server_args.py", 752, "__post_init__", "self._handle_gpu_memory_settings(gpu_mem)"),
            Frame("srt/server_args.py", 1332, "_handle_gpu_memory_settings", "model_config = self.get_model_config()"),
            Frame(SITE + "transformers/utils/hub.py", 479, "cached_files", "raise OSError("),
        ]
        return traceback_text(
            frames,
            f"OSError: {model} is not a local folder and is not a valid model identifier listed on "
            "'https://huggingface.co/models'\nIf this is a private repository, make sure to pass a token having "
            "permission to this repo either by logging in with `hf auth login` or by passing `token=<your_token>`",
        )

    @staticmethod
    def warmup_connection_error(host: str, port: int) -> str:
        frames = [
            Frame(SITE + "urllib3/connection.py", 204, "_new_conn", "sock = connection.create_connection("),
            Frame(SITE + "urllib3/util/connection.py", 85, "create_connection", "raise err"),
            Frame(SITE + "urllib3/util/connection.py", 73, "create_connection", "sock.connect(sa)"),
        ]
        return traceback_text(frames, "ConnectionRefusedError: [Errno 111] Connection refused") + (
            "\nThe above exception was the direct cause of the following exception:\n\n"
            + traceback_text(
                [
                    Frame("srt/entrypoints/http_server.py", 1760, "_execute_server_warmup", "res = requests.get("),
                    Frame(SITE + "requests/adapters.py", 700, "send", "raise ConnectionError(e, request=request)"),
                ],
                f"requests.exceptions.ConnectionError: HTTPConnectionPool(host='{host}', port={port}): Max retries "
                "exceeded with url: /model_info (Caused by NewConnectionError('<urllib3.connection.HTTPConnection "
                "object at 0x7f2c4c1e5a90>: Failed to establish a new connection: [Errno 111] Connection refused'))",
            )
        )


def tqdm_bar(desc: str, n: int, total: int, elapsed: float) -> str:
    """A tqdm line as a non-tty stream shows it (no ANSI, `\\r`-separated updates)."""
    pct = int(100 * n / total) if total else 100
    width = 10
    filled = int(width * n / total) if total else width
    bar = "█" * filled + " " * (width - filled)
    rate = n / elapsed if elapsed > 0 else 0.0
    remaining = (total - n) / rate if rate > 0 else 0.0
    rate_text = f"{rate:5.2f}it/s" if n else "?it/s"
    left = "?" if not n else _clock(remaining)
    return f"{desc}: {pct:3d}%|{bar}| {n}/{total} [{_clock(elapsed)}<{left}, {rate_text}]"


def _clock(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 60:02d}:{seconds % 60:02d}"
