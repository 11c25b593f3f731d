"""GPU hardware and driver faults under a starting or running SGLang (0.4.6.post5-0.5.10.post1), as they show in the
log with the kernel's / nvidia-smi's lines pasted beside it (a helper, blind).

Scope: Xid errors in a `dmesg -T` / `journalctl -k` paste (13, 31, 43, 48, 63, 74, 79 "GPU has fallen off the bus",
94, 95, 119, 154), uncorrectable ECC and row remapping (`CUDA error: uncorrectable ECC error encountered` in the event
loop, at weight load, at graph capture, at the KV pool, on the restart after an Xid 95 with "GPU Reset Required"), a
GPU lost mid-serving (`unspecified launch failure`, `an illegal memory access`, `unknown error`, nvidia-smi's `GPU is
lost` / `ERR!`, torch's `CUDA unknown error ... Setting the available devices to be zero`), NVLink faults (Xid 74 as a
CUDA error in the scheduler vs as NCCL's `unhandled cuda error` from an all-reduce), fabric manager down on an HGX
(`Error 802: system not yet initialized` before SGLang's `No accelerator ... is available`) or restarted without a
GPU reset (NVLS `Cuda failure 1 'invalid argument'` at pynccl init), GSP timeouts (Xid 119) that show as SGLang's
watchdog timeout, the NCCL watchdog aborting a rank on a CUDA error, a peer's NCCL timeout cascade after one GPU falls
off, a GPU in EXCLUSIVE_PROCESS held by another process, a MIG slice too small for the weights. Five healthy contrasts
that look alarming and go on serving: an Xid 43 from another user's process, correctable ECC counters in
`nvidia-smi -q`, an Xid 63 row-remap pending note, the MIG nvidia-smi capacity fallback warning, thermal slowdown.

Sources: SGLang's lines and call paths are read in the named release's wheel (`pip download sglang==V`; file:line
under sglang/ in each case's `source`): the launcher's `prepare_server_args` -> `__post_init__` ->
`_handle_missing_default_values` -> `get_device()` (`No accelerator (CUDA, XPU, HPU) is available.`),
`get_nvgpu_memory_capacity` (`nvidia-smi error: ...`, the MIG fallback warning), `init_torch_distributed`'s `Context:`
warning around `set_device`, `Capture cuda graph failed: ...` + CUDA_GRAPH_CAPTURE_FAILED_MSG, the event loops and
`process_batch_result_decode`'s `copy_done.synchronize()`, 0.4.6's `TpModelWorkerClient hit an exception:`, the
scheduler watchdog (`Watchdog timeout (self.watchdog_timeout=300)`, 0.5.10's `Scheduler watchdog timeout (...)`),
0.5.10's SubprocessWatchdog (`Subprocess scheduler_N (pid=...) crashed with exit code ...`), the SIGQUIT lines,
pynccl's `NCCL error: {ncclGetErrorString}`. Torch's texts (2.6 RuntimeError, 2.8+/2.9 `torch.AcceleratorError` with
its `Search for ...` line, the cudaGetDeviceCount warnings, ProcessGroupNCCL's watchdog and timeout lines) and the
NVRM Xid formats follow public threads: sgl-project/sglang#15132, #14694, #3204, #9151, #12893, #27487,
verl-project/verl#1691, deepseek-ai/DeepSeek-MoE#47, NVIDIA/nccl#1488 and #1410, vllm-project/vllm#6732,
NVIDIA/open-gpu-kernel-modules#1151, NVIDIA/NVSentinel#155, leptonai/gpud#1209 (format fields filled; C++ frame
addresses, a few torch/NCCL source line numbers and some Xid detail fields are plausible, not copied).

Labelling policy (corpus README; remedy decides where it is ambiguous): a GPU that faults under SGLang (Xid 79 / 48 /
94 / 95 / 13 / 31 / 74 / 119 / 154, uncorrectable ECC, lost GPU, fabric manager down so CUDA cannot initialise, a device
busy in EXCLUSIVE_PROCESS) is `cuda_error_other` wherever it surfaces -- in a graph capture whose wrapper suggests a
smaller mem fraction (not OOM), during weight loading or the KV pool (not OOM), in torch's NCCL *watchdog* that only
re-raises the CUDA error, or as peers' NCCL timeouts when the pasted dmesg names the lost GPU (the engineer drains the
GPU; no NCCL or memory knob helps). When NCCL itself reports the failure (`NCCL error: unhandled cuda error` from a
collective or from communicator init, with NCCL's WARN naming NVLink / NVLS), it is `nccl_or_distributed`: the
communicator is what failed and its remedies (NCCL_NVLS_ENABLE=0, NCCL_P2P_DISABLE, other GPUs) are distributed ones.
A MIG slice too small for the weights is `oom_weights` (a bigger slice or more TP). Kernel lines that do not stop
SGLang (another process's Xid 43, correctable ECC, a pending row remap, MIG capacity fallback, thermal slowdown) are
`healthy` when the server reached ready and kept serving.

First sight: 28/32 (4 misses, strict xfails below; the five healthy contrasts end `healthy` and fire no failure
event line by line). Misses: `xid79_restart_nvidia_smi_lost_055` -> config_error (the launcher's bare `RuntimeError:
nvidia-smi error: Unable to determine the device handle ...: GPU is lost.` inside argument checks);
`xid79_peer_timeout_cascade_0510` -> nccl_or_distributed (peers' `Watchdog caught collective operation timeout`,
the pasted Xid 79 for the hung rank's GPU not weighed; arguable, see its `why`); `xid119_gsp_timeout_watchdog_055`
-> nccl_or_distributed (0.5.5's scheduler `Watchdog timeout (self.watchdog_timeout=300)` read as other ranks';
arguable: a watchdog-only log whose cause is the Xid 119 paste); `xid119_gsp_health_check_watchdog_0510` ->
config_error (an unnamed-exception rule on `Health check failed. Server couldn't get a response from detokenizer`).
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import TB, first_sight, ts


class Template(NamedTuple):
    version: str
    source: str
    label: str
    why: str
    log: str


CASES: dict[str, Template] = {}


def case(name: str, version: str, source: str, label: str, why: str, log: str) -> None:
    assert name not in CASES
    CASES[name] = Template(version, source, label, why, log)


# ------------------------------------------------------------------------------------------------------ builders
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
RUNPY312 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)
CUDA_TAIL = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
)
CUDA_ERR_NAMES = {
    "unspecified launch failure": "cudaErrorLaunchFailure",
    "an illegal memory access was encountered": "cudaErrorIllegalAddress",
    "uncorrectable ECC error encountered": "cudaErrorECCUncorrectable",
    "uncorrectable NVLink error detected during the execution": "cudaErrorNvlinkUncorrectable",
    "unknown error": "cudaErrorUnknown",
    "CUDA-capable device(s) is/are busy or unavailable": "cudaErrorDevicesUnavailable",
}


def cuda_error(msg: str, torch: str = "2.9") -> str:
    """torch's CUDA error as the exception line prints it: 2.6's RuntimeError, 2.8+'s AcceleratorError with the
    `Search for` hint."""
    if torch == "2.6":
        return f"RuntimeError: CUDA error: {msg}\n{CUDA_TAIL}"
    return (
        f"torch.AcceleratorError: CUDA error: {msg}\n"
        f"Search for `{CUDA_ERR_NAMES[msg]}' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n"
        f"{CUDA_TAIL}"
    )


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in the same site-packages)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{site}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sargs(model: str, tp: int = 1, second: int = 0, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", "tp_size": tp, **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def boot(
    model: str,
    tp: int,
    until: str,
    arch: str = "Qwen3ForCausalLM",
    weights_gb: float = 15.3,
    total: float = 78.6,
    **kw: object,
) -> list[str]:
    """0.5.x start-up lines of rank 0 as far as `until` (torch, weights, kv, graph, ready); `total` is what the GPU
    has free at load (78.6 on an H100 80GB, 139.2 on an H200), `weights_gb` this rank's share."""
    r = "TP0" if tp > 1 else None
    after = total - weights_gb
    pool_end = round(total * 0.115, 2)
    kv = after - pool_end
    tokens = int(kv * 4096)
    lines = [
        sargs(model, tp, **kw),
        f"{ts(4, r)} Init torch distributed begin.",
    ]
    if until == "torch":
        return lines
    lines += [
        f"{ts(6, r)} Init torch distributed ends. mem usage=0.62 GB",
        f"{ts(7, r)} Load weight begin. avail mem={total - 0.62:.2f} GB",
    ]
    if until == "weights":
        return lines
    lines += [
        "Loading safetensors checkpoint shards: 100% Completed | 17/17 [00:21<00:00,  1.26s/it]",
        f"{ts(30, r)} Load weight end. type={arch}, dtype=torch.bfloat16, avail mem={after - 0.62:.2f} GB, mem usage={weights_gb:.2f} GB.",
    ]
    if until == "kv":
        return lines
    lines += [
        f"{ts(31, r)} KV Cache is allocated. #tokens: {tokens}, K size: {kv / 2:.2f} GB, V size: {kv / 2:.2f} GB",
        f"{ts(31, r)} Memory pool end. avail mem={pool_end - 0.62:.2f} GB",
        f"{ts(32, r)} Capture cuda graph begin. This can take up to several minutes. avail mem={pool_end - 0.7:.2f} GB",
    ]
    if until == "graph":
        return lines
    lines += [
        f"{ts(58, r)} Capture cuda graph end. Time elapsed: 26.11 s. mem usage=1.21 GB. avail mem={pool_end - 1.91:.2f} GB.",
        f"{ts(59, r)} max_total_num_tokens={tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=40960, available_gpu_mem={pool_end - 1.91:.2f} GB",
    ]
    return lines


def ready(second: int = 60, port: int = 30000, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


def serving(start: int, n: int = 3, tp: int = 1, sep: str = ",", usage: float = 0.31) -> list[str]:
    """Prefill/decode stats lines (0.5.5+ writes `Prefill batch, `; 0.4.x-0.5.3 write `Prefill batch. `)."""
    r = "TP0" if tp > 1 else None
    out = []
    for i in range(n):
        s = start + 2 * i
        out.append(
            f"{ts(s, r)} Prefill batch{sep} #new-seq: 4, #new-token: 6144, #cached-token: 1024, token usage: {usage:.2f}, #running-req: {40 + i}, #queue-req: 0, "
        )
        out.append(
            f"{ts(s + 1, r)} Decode batch{sep} #running-req: {44 + i}, #token: 10834, token usage: {usage:.2f}, cuda graph: True, gen throughput (token/s): {2210.4 + 13 * i:.2f}, #queue-req: 0, "
        )
    return out


def http_ok(second: int, n: int = 2) -> list[str]:
    return [
        f'{ts(second + i)} INFO:     10.0.3.17:5{i}812 - "POST /v1/chat/completions HTTP/1.1" 200 OK' for i in range(n)
    ]


def sigquit_running(second: int) -> str:
    """0.5.x tokenizer manager's handler once the server is up."""
    return f"{ts(second)} SIGQUIT received. signum=None, frame=None. It usually means one child failed."


def sigquit_launch(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def dmesg(*lines: str, stamp: str = "Mon Mar  2 10:01:31 2026") -> list[str]:
    return ["$ sudo dmesg -T | grep -i nvrm", *[f"[{stamp}] {line}" for line in lines]]


def c10_frames(site: str, *extra: str) -> str:
    base = [
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x98 (0x7f3c1b77a1b8 in {site}/torch/lib/libc10.so)",
        f"frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x6a (0x7f3c1b71b8ba in {site}/torch/lib/libc10.so)",
        f"frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f3c1b84e918 in {site}/torch/lib/libc10_cuda.so)",
    ]
    return "\n".join(base + [f"frame #{i + 3}: {x}" for i, x in enumerate(extra)])


# -- 0.5.10.post1's event loop down to the decode result's copy_done (scheduler.py / scheduler_output_processor_mixin.py)
LOOP_0510 = (
    ("managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
    ("managers/scheduler.py", 3497, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 1357, "event_loop_overlap", "pop_and_process()"),
    ("managers/scheduler.py", 1340, "pop_and_process", "self.process_batch_result(tmp_batch, tmp_result)"),
    ("managers/scheduler.py", 2817, "process_batch_result", "self.process_batch_result_decode(batch, result)"),
    (
        "managers/scheduler_output_processor_mixin.py",
        380,
        "process_batch_result_decode",
        "result.copy_done.synchronize()",
    ),
    ("+torch/cuda/streams.py", 231, "synchronize", "super().synchronize()"),
)
# -- 0.5.5's overlap loop (no dispatch_event_loop yet)
LOOP_055 = (
    ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 996, "event_loop_overlap", "self.process_batch_result(tmp_batch, tmp_result)"),
    ("managers/scheduler.py", 2090, "process_batch_result", "self.process_batch_result_decode(batch, result)"),
    (
        "managers/scheduler_output_processor_mixin.py",
        288,
        "process_batch_result_decode",
        "result.copy_done.synchronize()",
    ),
    ("+torch/cuda/streams.py", 231, "synchronize", "super().synchronize()"),
)
# -- 0.5.x scheduler construction down to ModelRunner.__init__
INIT_055 = (
    ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
)
INIT_053 = (
    ("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
)
INIT_0510 = (
    ("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 640, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
    ("managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
)


def scheduler_exc(second: int, rank: str | None, site: str, stack: tuple, error: str) -> str:
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{tb(site, *stack)}\n{error}"


# ============================================================================================== GPU lost (Xid 79)
case(
    "xid79_decode_copy_done_0510",
    "0.5.10.post1",
    "scheduler.py:3616/1300/3497/1357/1340/2817, scheduler_output_processor_mixin.py:380, tokenizer_manager.py:2561; AcceleratorError text as sglang#15132; Xid 79 lines as NVIDIA/open-gpu-kernel-modules#1151",
    "cuda_error_other",
    "serving, the decode copy fails with unspecified launch failure and dmesg says Xid 79 fallen off the bus: a dead GPU, drain it; no flag helps",
    join(
        boot("Qwen/Qwen3-32B", 1, "ready", weights_gb=61.03, mem_fraction_static=0.88),
        ready(),
        serving(64, 3),
        http_ok(70),
        scheduler_exc(91, None, PY312, LOOP_0510, cuda_error("unspecified launch failure")),
        sigquit_running(91),
        "Killed",
        "",
        *dmesg(
            "NVRM: GPU at PCI:0000:3b:00: GPU-0b6b7808-c002-f593-ac86-cd8e57757b94",
            "NVRM: Xid (PCI:0000:3b:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
            "NVRM: GPU 0000:3b:00.0: GPU has fallen off the bus.",
            "NVRM: kgspRcAndNotifyAllChannels_IMPL: RC all channels for critical error 79.",
        ),
    ),
)

case(
    "xid79_restart_nvidia_smi_lost_055",
    "0.5.5",
    "launch_server.py:24, server_args.py:4022/3637/579, utils/common.py:1626/1525 (`nvidia-smi error: {stderr}`); nvidia-smi's lost-GPU text as NVIDIA/NVSentinel#155",
    "cuda_error_other",
    "the restart after a fall-off dies in argument checks because nvidia-smi cannot reach the lost GPU: hardware, not a bad argument",
    join(
        f"{PY312}/torch/cuda/__init__.py:63: FutureWarning: The pynvml package is deprecated. Please install nvidia-ml-py instead. If you did not install pynvml directly, please report this to the maintainers of the package that installed pynvml for you.",
        "  import pynvml  # type: ignore[import]",
        TB,
        tb(
            PY312,
            *RUNPY312,
            (f"{PY312}/sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 4022, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 3637, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 283, "__init__", ""),
            ("server_args.py", 579, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("utils/common.py", 1626, "get_device_memory_capacity", "gpu_mem = get_nvgpu_memory_capacity()"),
            (
                "utils/common.py",
                1525,
                "get_nvgpu_memory_capacity",
                'raise RuntimeError(f"nvidia-smi error: {result.stderr.strip()}")',
            ),
        ),
        "RuntimeError: nvidia-smi error: Unable to determine the device handle for GPU0000:3B:00.0: GPU is lost.  Reboot the system to recover this GPU",
        "",
        "$ nvidia-smi",
        "Unable to determine the device handle for GPU0000:3B:00.0: GPU is lost.  Reboot the system to recover this GPU",
    ),
)

case(
    "xid79_restart_cuda_unknown_053",
    "0.5.3",
    "launch_server.py:21, server_args.py:3178/2883/465/538, utils/common.py:1701; torch's CUDA-unknown-error warning (c10/cuda/CUDAFunctions.cpp) as LiuHC0428/LAW-GPT#33",
    "cuda_error_other",
    "CUDA init fails with unknown error and nvidia-smi shows ERR! after a fall-off: 'no accelerator' is the GPU being gone, not a config mistake",
    join(
        f"{PY312}/torch/cuda/__init__.py:182: UserWarning: CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up environment, e.g. changing env variable CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero. (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:109.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        TB,
        tb(
            PY312,
            *RUNPY312,
            (f"{PY312}/sglang/launch_server.py", 21, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 3178, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 2883, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 270, "__init__", ""),
            ("server_args.py", 465, "__post_init__", "self._handle_missing_default_values()"),
            ("server_args.py", 538, "_handle_missing_default_values", "self.device = get_device()"),
            (
                "utils/common.py",
                1701,
                "get_device",
                'raise RuntimeError("No accelerator (CUDA, XPU, HPU) is available.")',
            ),
        ),
        "RuntimeError: No accelerator (CUDA, XPU, HPU) is available.",
        "",
        "$ nvidia-smi",
        "Mon Mar  2 10:14:02 2026",
        "+-----------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI 570.133.20             Driver Version: 570.133.20     CUDA Version: 12.8     |",
        "|-----------------------------------------+------------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
        "|=========================================+========================+======================|",
        "|   0  NVIDIA H100 80GB HBM3          On  |   00000000:18:00.0 Off |                 ERR! |",
        "| ERR!  ERR!  ERR!            ERR! / ERR! |       0MiB /  81559MiB |    ERR!      Default |",
        "+-----------------------------------------+------------------------+----------------------+",
        "[Mon Mar  2 10:02:11 2026] NVRM: Xid (PCI:0000:18:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
    ),
)

NCCL_WATCHDOG_046 = (
    "[rank2]:[E302 10:01:33.512345678 ProcessGroupNCCL.cpp:1595] [PG ID 2 PG GUID 3 Rank 2] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure\n"
    f"{CUDA_TAIL}\n\n"
    "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):\n"
    + c10_frames(
        PY310,
        f"c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f3bc87f1556 in {PY310}/torch/lib/libtorch_cuda.so)",
        f"c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x7f3bc87f8a70 in {PY310}/torch/lib/libtorch_cuda.so)",
        f"c10d::ProcessGroupNCCL::watchdogHandler() + 0x617 (0x7f3bc87fa4d7 in {PY310}/torch/lib/libtorch_cuda.so)",
        f"c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3bc87fb7ed in {PY310}/torch/lib/libtorch_cuda.so)",
        f"<unknown function> + 0x145c0 (0x7f3c1c6145c0 in {PY310}/torch/lib/libtorch.so)",
        "<unknown function> + 0x94ac3 (0x7f3c2da94ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "<unknown function> + 0x126850 (0x7f3c2db26850 in /lib/x86_64-linux-gnu/libc.so.6)",
    )
    + "\n\nterminate called after throwing an instance of 'c10::DistBackendError'\n"
    "  what():  [PG ID 2 PG GUID 3 Rank 2] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure\n"
    f"{CUDA_TAIL}\n\n"
    "Fatal Python error: Aborted\n\n"
    "Thread 0x00007f3a9b400640 (most recent call first):\n"
    '  File "/usr/lib/python3.10/threading.py", line 324 in wait\n'
    '  File "/usr/lib/python3.10/threading.py", line 607 in wait\n'
    f'  File "{PY310}/tqdm/_monitor.py", line 60 in run'
)

case(
    "xid79_nccl_watchdog_rank_abort_046",
    "0.4.6.post5",
    "scheduler.py:2311 (event loop), 0.4.x `Prefill batch. ` stats; torch 2.6 ProcessGroupNCCL watchdog text as deepseek-ai/DeepSeek-MoE#47; Xid 79 as leptonai/gpud#1209",
    "cuda_error_other",
    "torch's NCCL watchdog only re-raises the CUDA error (unspecified launch failure) of rank 2 whose GPU fell off the bus: a hardware fault, not a communication one",
    join(
        sargs("meta-llama/Llama-3.3-70B-Instruct", 4),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(9, 'TP0')} Load weight begin. avail mem=78.68 GB",
        f"{ts(52, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=45.52 GB, mem usage=33.16 GB.",
        f"{ts(53, 'TP0')} KV Cache is allocated. #tokens: 1238431, K size: 18.90 GB, V size: 18.90 GB",
        f"{ts(53, 'TP0')} Memory pool end. avail mem=7.49 GB",
        f"{ts(54, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=7.40 GB",
        f"{ts(77, 'TP0')} Capture cuda graph end. Time elapsed: 23.32 s. mem usage=0.69 GB. avail mem=6.71 GB.",
        f"{ts(78, 'TP0')} max_total_num_tokens=1238431, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=131072",
        ready(79),
        serving(84, 2, tp=4, sep="."),
        NCCL_WATCHDOG_046,
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
            "NVRM: GPU 0000:5d:00.0: GPU has fallen off the bus.",
            stamp="Mon Mar  2 10:01:32 2026",
        ),
    ),
)

case(
    "xid79_peer_timeout_cascade_0510",
    "0.5.10.post1",
    "utils/watchdog.py:216 (SubprocessWatchdog `Subprocess {name} (pid=...) crashed with exit code ...`), tokenizer_manager.py:2561; torch 2.9 ProcessGroupNCCL timeout lines as vllm-project/vllm#6732",
    "cuda_error_other",
    "peers time out on an all-reduce because rank 5's GPU fell off the bus (dmesg Xid 79 on its bus id): the engineer drains GPU 5; NCCL settings would not help (unsure: the README's rank-death cascade)",
    join(
        boot("deepseek-ai/DeepSeek-V3-0324", 8, "ready", arch="DeepseekV3ForCausalLM", weights_gb=83.2, total=139.2),
        ready(),
        serving(64, 2, tp=8, usage=0.22),
        "[rank0]:[E302 10:11:40.123456789 ProcessGroupNCCL.cpp:685] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=18231, OpType=ALLREDUCE, NumelIn=917504, NumelOut=917504, Timeout(ms)=600000) ran for 600048 milliseconds before timing out.",
        "[rank3]:[E302 10:11:40.124011532 ProcessGroupNCCL.cpp:685] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=18231, OpType=ALLREDUCE, NumelIn=917504, NumelOut=917504, Timeout(ms)=600000) ran for 600051 milliseconds before timing out.",
        "[rank0]:[E302 10:11:40.125880113 ProcessGroupNCCL.cpp:2251] [PG ID 2 PG GUID 3 Rank 0]  failure detected by watchdog at work sequence id: 18231 PG status: last enqueued work: 18232, last completed work: 18230",
        "[rank0]:[E302 10:11:40.125901442 ProcessGroupNCCL.cpp:731] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        "[rank0]:[F302 10:11:41.003112874 ProcessGroupNCCL.cpp:1759] [PG ID 2 PG GUID 3 Rank 0] [PG ID 2 PG GUID 3 Rank 0] Terminating the process after attempting to dump debug info, due to collective timeout or exception.",
        f"{ts(701)} Subprocess scheduler_0 (pid=5120) crashed with exit code -6. Triggering SIGQUIT for cleanup...",
        sigquit_running(701),
        "",
        *dmesg(
            "NVRM: GPU at PCI:0000:9b:00: GPU-3f5e9d11-8a0c-2b7e-41d7-6c0e2a9f1b30",
            "NVRM: Xid (PCI:0000:9b:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
            "NVRM: GPU 0000:9b:00.0: GPU has fallen off the bus.",
            stamp="Mon Mar  2 10:01:38 2026",
        ),
        "$ nvidia-smi --query-gpu=index,pci.bus_id --format=csv",
        "Unable to determine the device handle for GPU0000:9B:00.0: Unknown Error",
    ),
)

case(
    "xid79_graph_capture_launch_failure_0510",
    "0.5.10.post1",
    "model_executor/model_runner.py:655/2455, cuda_graph_runner.py:653-656 (`Capture cuda graph failed: {e}` + CUDA_GRAPH_CAPTURE_FAILED_MSG); Xid 79 as NVIDIA/open-gpu-kernel-modules#900 (falls off under load)",
    "cuda_error_other",
    "graph capture fails with unspecified launch failure, not out of memory, and the GPU fell off the bus: the wrapper's mem-fraction advice does not apply",
    join(
        boot("Qwen/Qwen3-32B", 1, "graph", weights_gb=61.03, mem_fraction_static=0.85),
        "Capturing batches (bs=256 avail_mem=7.81 GB):  11%|█         | 4/36 [00:02<00:19,  1.62it/s]",
        scheduler_exc(
            37,
            None,
            PY312,
            INIT_0510
            + (
                ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
                ("model_executor/model_runner.py", 655, "initialize", "self.init_device_graphs()"),
                (
                    "model_executor/model_runner.py",
                    2455,
                    "init_device_graphs",
                    "self.graph_runner = graph_runners[self.device](self)",
                ),
                ("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),
            ),
            "Exception: Capture cuda graph failed: CUDA error: unspecified launch failure\n"
            "Search for `cudaErrorLaunchFailure' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n"
            f"{CUDA_TAIL}\n\n"
            "Possible solutions:\n"
            "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
            "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
            "3. disable torch compile by not using --enable-torch-compile\n"
            "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
            "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        ),
        f"{ts(38)} {TB}",
        tb(
            PY312,
            *RUNPY312,
            (f"{PY312}/sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
            (f"{PY312}/sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 1935, "launch_server", "_launch_subprocesses("),
            ("entrypoints/engine.py", 1140, "_launch_subprocesses", "scheduler_infos = _wait_for_scheduler_ready("),
        ),
        "RuntimeError: Rank 0 scheduler died during initialization (exit code: 1). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check.",
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:01:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
            "NVRM: GPU 0000:01:00.0: GPU has fallen off the bus.",
            "NVRM: A GPU crash dump has been created. If possible, please run",
            "NVRM: nvidia-bug-report.sh as root to collect this data before",
            "NVRM: the NVIDIA kernel module is unloaded.",
            stamp="Mon Mar  2 10:00:36 2026",
        ),
    ),
)

case(
    "xid79_aer_unknown_error_046",
    "0.4.6.post5",
    "managers/tp_worker_overlap_thread.py:118/121 (`TpModelWorkerClient hit an exception:`), tokenizer_manager.py:1446; torch 2.6 text; PCIe AER + Xid 79 journal lines as leptonai/gpud#1209",
    "cuda_error_other",
    "CUDA 'unknown error' in the forward thread with a fatal PCIe AER and Xid 79 in the journal: the card dropped off the bus (riser / power), a host fault",
    join(
        sargs("Qwen/Qwen2.5-14B-Instruct", 1),
        f"{ts(4)} Init torch distributed begin.",
        f"{ts(6)} Load weight begin. avail mem=47.13 GB",
        f"{ts(31)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=19.47 GB, mem usage=27.66 GB.",
        f"{ts(32)} KV Cache is allocated. #tokens: 142018, K size: 6.50 GB, V size: 6.50 GB",
        f"{ts(32)} Memory pool end. avail mem=6.45 GB",
        f"{ts(33)} Capture cuda graph begin. This can take up to several minutes. avail mem=6.42 GB",
        f"{ts(51)} Capture cuda graph end. Time elapsed: 18.01 s. mem usage=0.42 GB. avail mem=6.00 GB.",
        ready(52),
        serving(58, 2, sep="."),
        f"{ts(80)} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY310,
            ("managers/tp_worker_overlap_thread.py", 118, "forward_thread_func", "self.forward_thread_func_()"),
            ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            (
                "managers/tp_worker_overlap_thread.py",
                175,
                "forward_thread_func_",
                'next_token_ids = next_token_ids.to("cpu", non_blocking=True)',
            ),
        ),
        cuda_error("unknown error", torch="2.6"),
        "",
        sigquit_launch(80),
        "Killed",
        "",
        "$ journalctl -k --since '10:00'",
        "Mar 02 10:01:19 gpu-a6000-03 kernel: pcieport 0000:40:01.1: AER: Uncorrected (Fatal) error received: 0000:41:00.0",
        "Mar 02 10:01:19 gpu-a6000-03 kernel: nvidia 0000:41:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)",
        "Mar 02 10:01:20 gpu-a6000-03 kernel: NVRM: Xid (PCI:0000:41:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
        "Mar 02 10:01:20 gpu-a6000-03 kernel: NVRM: GPU 0000:41:00.0: GPU has fallen off the bus.",
    ),
)

# ============================================================================================== ECC / row remapping
ECC_ABORT_046 = (
    "terminate called after throwing an instance of 'c10::Error'\n"
    "  what():  CUDA error: uncorrectable ECC error encountered\n"
    f"{CUDA_TAIL}\n\n"
    "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):\n"
    + c10_frames(
        PY310,
        f"<unknown function> + 0x1ea80 (0x7f3c1b81fa80 in {PY310}/torch/lib/libc10_cuda.so)",
        f"<unknown function> + 0xe4271b (0x79eb37e4271b in {PY310}/torch/lib/libtorch_cuda.so)",
        f"<unknown function> + 0x145c0 (0x79ec23a1b5c0 in {PY310}/torch/lib/libtorch.so)",
        "<unknown function> + 0x94ac3 (0x79ec2da94ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "<unknown function> + 0x126850 (0x79ec2db26850 in /lib/x86_64-linux-gnu/libc.so.6)",
    )
    + "\n\nFatal Python error: Aborted\n\n"
    "Thread 0x000079e69b400640 (most recent call first):\n"
    '  File "/usr/lib/python3.10/threading.py", line 324 in wait\n'
    '  File "/usr/lib/python3.10/threading.py", line 607 in wait\n'
    f'  File "{PY310}/tqdm/_monitor.py", line 60 in run\n'
    '  File "/usr/lib/python3.10/threading.py", line 1016 in _bootstrap_inner\n'
    '  File "/usr/lib/python3.10/threading.py", line 973 in _bootstrap\n\n'
    "Thread 0x000079e803c00640 (most recent call first):\n"
    f'  File "{PY310}/torch/_inductor/compile_worker/subproc_pool.py", line 47 in _recv_msg'
)

case(
    "xid48_ecc_overlap_thread_abort_046",
    "0.4.6.post5",
    "sglang#3204 (DeepSeek-V3 on 0.4.x: `CUDA error: uncorrectable ECC error encountered`, c10 frames, `Fatal Python error: Aborted`, thread dump); Xid 48 DBE line as the NVRM format",
    "cuda_error_other",
    "a double-bit ECC error (Xid 48) aborts the process with uncorrectable ECC error: bad GPU memory, a reset / RMA, not a memory-size problem",
    join(
        sargs("deepseek-ai/DeepSeek-V3", 8, trust_remote_code=True),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(12, 'TP0')} Load weight begin. avail mem=78.50 GB",
        f"{ts(410, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=4.79 GB, mem usage=73.71 GB.",
        f"{ts(411, 'TP0')} KV Cache is allocated. #tokens: 66432, KV size: 4.34 GB",
        f"{ts(411, 'TP0')} Memory pool end. avail mem=3.11 GB",
        f"{ts(412, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=3.05 GB",
        f"{ts(470, 'TP0')} Capture cuda graph end. Time elapsed: 58.10 s. mem usage=0.84 GB. avail mem=2.21 GB.",
        ready(472),
        serving(480, 2, tp=8, sep=".", usage=0.44),
        ECC_ABORT_046,
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:cb:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.",
            "NVRM: Xid (PCI:0000:cb:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row marked for remapping, reset gpu to activate.",
            stamp="Mon Mar  2 10:08:21 2026",
        ),
    ),
)

case(
    "xid94_ecc_event_loop_055",
    "0.5.5",
    "scheduler.py:2826/996/2090, scheduler_output_processor_mixin.py:288, tokenizer_manager.py:2342; torch 2.8 AcceleratorError; ECC error text as sglang#9151",
    "cuda_error_other",
    "the decode loop dies on uncorrectable ECC error with Xid 94 (contained ECC) beside it: the memory fault killed this context; restart after the GPU is checked",
    join(
        boot("meta-llama/Llama-3.1-8B-Instruct", 1, "ready", arch="LlamaForCausalLM", weights_gb=15.0),
        ready(),
        serving(62, 3),
        http_ok(69, 3),
        scheduler_exc(88, None, PY312, LOOP_055, cuda_error("uncorrectable ECC error encountered", torch="2.8")),
        sigquit_running(88),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:b9:00): 94, pid=4388, name=sglang::schedu, Contained: SM (0x1). RST: No, D-RST: No",
            "NVRM: Xid (PCI:0000:b9:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row marked for remapping, reset gpu to activate.",
            stamp="Mon Mar  2 10:01:28 2026",
        ),
    ),
)

case(
    "ecc_during_weight_load_053",
    "0.5.3",
    "model_executor/model_runner.py:298/345/789, model_loader/loader.py (load_weights_and_postprocess); `Loading safetensors checkpoint shards` bar; ECC text as sglang#9151; nvidia-smi -q Remapped Rows block",
    "cuda_error_other",
    "the ECC error comes while copying weights to the GPU and nvidia-smi shows a pending uncorrectable remap: a GPU needing reset, not a model too big (no OOM)",
    join(
        sargs("Qwen/Qwen2.5-72B-Instruct", 4),
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(7, 'TP0')} Init torch distributed ends. mem usage=0.71 GB",
        f"{ts(8, 'TP0')} Load weight begin. avail mem=78.40 GB",
        "Loading safetensors checkpoint shards:  32% Completed | 12/37 [00:17<00:35,  1.39s/it]",
        scheduler_exc(
            27,
            "TP2",
            PY312,
            INIT_053
            + (
                ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 345, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 789, "load_model", "self.model = get_model("),
                ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
                ("model_loader/loader.py", 594, "load_model", "self.load_weights_and_postprocess("),
                ("model_loader/loader.py", 602, "load_weights_and_postprocess", "model.load_weights(weights)"),
                ("models/qwen2.py", 571, "load_weights", "weight_loader(param, loaded_weight)"),
                ("model_loader/weight_utils.py", 964, "default_weight_loader", "param.data.copy_(loaded_weight)"),
            ),
            cuda_error("uncorrectable ECC error encountered", torch="2.8"),
        ),
        sigquit_launch(27),
        "",
        "$ nvidia-smi -q -i 2 -d ROW_REMAPPER",
        "GPU 00000000:5D:00.0",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : Yes",
        "        Remapping Failure Occurred        : No",
    ),
)

case(
    "ecc_graph_capture_055",
    "0.5.5",
    "model_executor/model_runner.py:479/1995, cuda_graph_runner.py:381-384 (+ CUDA_GRAPH_CAPTURE_FAILED_MSG at :902); torch 2.8 text; Xid 95 uncontained line",
    "cuda_error_other",
    "graph capture fails on an uncorrectable ECC error (Xid 95 uncontained): the mem-fraction advice in the wrapper is noise; lowering it would not help",
    join(
        boot("Qwen/Qwen3-30B-A3B", 2, "graph", arch="Qwen3MoeForCausalLM", weights_gb=30.5),
        "Capturing batches (bs=160 avail_mem=8.02 GB):  28%|██▊       | 10/36 [00:05<00:13,  1.95it/s]",
        scheduler_exc(
            39,
            "TP1",
            PY312,
            INIT_055
            + (
                ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 479, "initialize", "self.init_device_graphs()"),
                (
                    "model_executor/model_runner.py",
                    1995,
                    "init_device_graphs",
                    "self.graph_runner = graph_runners[self.device](self)",
                ),
                ("model_executor/cuda_graph_runner.py", 383, "__init__", "raise Exception("),
            ),
            "Exception: Capture cuda graph failed: CUDA error: uncorrectable ECC error encountered\n"
            "Search for `cudaErrorECCUncorrectable' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n"
            f"{CUDA_TAIL}\n\n"
            "Possible solutions:\n"
            "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
            "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
            "3. disable torch compile by not using --enable-torch-compile\n"
            "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
            "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        ),
        sigquit_launch(39),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:3d:00): 95, pid=6120, name=sglang::schedu, Uncontained: FBHUB. RST: Yes, D-RST: No",
            stamp="Mon Mar  2 10:00:38 2026",
        ),
    ),
)

case(
    "xid95_uncontained_prefill_tp2_053",
    "0.5.3",
    "scheduler.py:2869 (event_loop_overlap), 0.5.3 `Prefill batch. ` stats, tokenizer_manager.py:1870; ECC text as sglang#9151 (PD + HiCache, `blocks the GPU and I have to restart the node`)",
    "cuda_error_other",
    "a prefill on TP1 dies with uncorrectable ECC and Xid 95 says uncontained, reset required: drain and reset the GPU",
    join(
        boot("Qwen/Qwen3-32B", 2, "ready", weights_gb=30.5),
        ready(),
        serving(64, 2, tp=2, sep="."),
        scheduler_exc(
            75,
            "TP1",
            PY312,
            (
                ("managers/scheduler.py", 2869, "run_scheduler_process", "scheduler.event_loop_overlap()"),
                ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
                (
                    "managers/scheduler.py",
                    981,
                    "event_loop_overlap",
                    "self.process_batch_result(tmp_batch, tmp_result, batch.launch_done)",
                ),
                (
                    "managers/scheduler.py",
                    2109,
                    "process_batch_result",
                    "self.process_batch_result_prefill(batch, result, launch_done)",
                ),
                (
                    "managers/scheduler_output_processor_mixin.py",
                    58,
                    "process_batch_result_prefill",
                    "self.tp_worker.resolve_last_batch_result(launch_done)",
                ),
                ("managers/tp_worker_overlap_thread.py", 203, "resolve_last_batch_result", "copy_done.synchronize()"),
                ("+torch/cuda/streams.py", 227, "synchronize", "super().synchronize()"),
            ),
            cuda_error("uncorrectable ECC error encountered", torch="2.8"),
        ),
        sigquit_running(75),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:9a:00): 95, pid=7311, name=sglang::schedu, Uncontained: FBHUB. RST: Yes, D-RST: No",
            "NVRM: Xid (PCI:0000:9a:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)",
            stamp="Mon Mar  2 10:01:14 2026",
        ),
    ),
)

case(
    "xid154_reset_required_restart_ecc_0510",
    "0.5.10.post1",
    "model_executor/model_runner.py:889-898 (`Context: {self.device=} {self.gpu_id=} ...` warning then raise), scheduler.py:3600; engine.py launcher traceback; Xid 154 line",
    "cuda_error_other",
    "the restart after an uncontained ECC error fails at set_device because the GPU still waits for the reset Xid 154 asked for: reset the GPU, then start",
    join(
        boot("Qwen/Qwen3-32B", 4, "torch"),
        f"{ts(4, 'TP3')} Init torch distributed begin.",
        f"{ts(5, 'TP3')} Context: self.device='cuda' self.gpu_id=3 os.environ.get('CUDA_VISIBLE_DEVICES')=None self.tp_rank=3 self.tp_size=4",
        scheduler_exc(
            5,
            "TP3",
            PY312,
            INIT_0510
            + (
                (
                    "model_executor/model_runner.py",
                    425,
                    "__init__",
                    "pre_model_load_memory = self.init_torch_distributed()",
                ),
                (
                    "model_executor/model_runner.py",
                    894,
                    "init_torch_distributed",
                    "torch.get_device_module(self.device).set_device(self.gpu_id)",
                ),
                ("+torch/cuda/__init__.py", 567, "set_device", "torch._C._cuda_setDevice(device)"),
            ),
            cuda_error("uncorrectable ECC error encountered"),
        ),
        f"{ts(6)} {TB}",
        tb(
            PY312,
            *RUNPY312,
            (f"{PY312}/sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
            (f"{PY312}/sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 1935, "launch_server", "_launch_subprocesses("),
            ("entrypoints/engine.py", 1140, "_launch_subprocesses", "scheduler_infos = _wait_for_scheduler_ready("),
        ),
        "RuntimeError: Rank 3 scheduler died during initialization (exit code: 1). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check.",
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:db:00): 95, pid=90211, name=sglang::schedu, Uncontained: FBHUB. RST: Yes, D-RST: No",
            "NVRM: Xid (PCI:0000:db:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)",
            stamp="Mon Mar  2 09:41:02 2026",
        ),
    ),
)

case(
    "row_remap_failure_kv_pool_055",
    "0.5.5",
    "model_executor/model_runner.py:322/~470 (init_memory_pool), mem_cache/memory_pool.py (_create_buffers torch.zeros); nvidia-smi -q Remapped Rows block; Xid 64",
    "cuda_error_other",
    "allocating the KV pool hits an uncorrectable ECC error and nvidia-smi says row remapping failed: a GPU for RMA; a higher or lower mem fraction changes nothing",
    join(
        boot("Qwen/Qwen3-14B", 1, "kv", weights_gb=27.9),
        scheduler_exc(
            31,
            None,
            PY312,
            INIT_055
            + (
                ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 423, "initialize", "self.init_memory_pool("),
                (
                    "model_executor/model_runner.py",
                    1838,
                    "init_memory_pool",
                    "self.token_to_kv_pool = MHATokenToKVPool(",
                ),
                ("mem_cache/memory_pool.py", 492, "__init__", "self._create_buffers()"),
                ("mem_cache/memory_pool.py", 520, "_create_buffers", "torch.zeros("),
            ),
            cuda_error("uncorrectable ECC error encountered", torch="2.8"),
        ),
        sigquit_launch(31),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:17:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 2, subpartition 1.",
            "NVRM: Xid (PCI:0000:17:00): 64, pid='<unknown>', name=<unknown>, Row Remapper Error: failed to remap row",
            stamp="Mon Mar  2 10:00:30 2026",
        ),
        "$ nvidia-smi -q -d ROW_REMAPPER | sed -n 8,13p",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 512",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : Yes",
    ),
)

# ============================================================================================== illegal access (Xid 13 / 31)
case(
    "xid13_illegal_address_capture_046",
    "0.4.6.post5",
    "model_executor/model_runner.py:305/1098, cuda_graph_runner.py:307-310 (0.4.x `Capture CUDA graph failed: {e}` + its advice); torch 2.6 text; Xid 13 SM warp exception line",
    "cuda_error_other",
    "illegal memory access during graph capture with Xid 13 (out of range address): a kernel or device fault, not memory pressure",
    join(
        sargs("deepseek-ai/DeepSeek-V2-Lite-Chat", 1, trust_remote_code=True),
        f"{ts(4)} Init torch distributed begin.",
        f"{ts(6)} Load weight begin. avail mem=78.81 GB",
        f"{ts(28)} Load weight end. type=DeepseekV2ForCausalLM, dtype=torch.bfloat16, avail mem=48.98 GB, mem usage=29.83 GB.",
        f"{ts(29)} KV Cache is allocated. #tokens: 1221410, KV size: 36.72 GB",
        f"{ts(29)} Memory pool end. avail mem=11.35 GB",
        f"{ts(30)} Capture cuda graph begin. This can take up to several minutes. avail mem=11.26 GB",
        f"{ts(33)} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            (
                "managers/scheduler.py",
                2297,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
            ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
            (
                "model_executor/model_runner.py",
                1098,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("model_executor/cuda_graph_runner.py", 309, "__init__", "raise Exception("),
        ),
        "Exception: Capture CUDA graph failed: CUDA error: an illegal memory access was encountered",
        f"{CUDA_TAIL}",
        "",
        "Possible solutions:",
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
        "3. disable torch compile by not using --enable-torch-compile",
        "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        "",
        sigquit_launch(33),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:4e:00): 13, pid=3187, name=python3, Graphics SM Warp Exception on (GPC 2, TPC 1, SM 0): Out Of Range Address",
            "NVRM: Xid (PCI:0000:4e:00): 13, pid=3187, name=python3, Graphics Exception: ESR 0x514730=0x201000e 0x514734=0x20 0x514728=0xc81eb60 0x51472c=0x1174",
            stamp="Mon Mar  2 10:00:33 2026",
        ),
    ),
)

case(
    "xid31_mmu_fault_decode_0510",
    "0.5.10.post1",
    "scheduler.py event loop + scheduler_output_processor_mixin.py:380 (as sglang#12893's DeepSeek V3.2 illegal access); Xid 31 MMU fault line as a public gpu-health paste",
    "cuda_error_other",
    "an illegal memory access mid-serving with Xid 31 MMU fault from SGLang's own pid: a CUDA fault in the serving kernels (the README's own example)",
    join(
        boot(
            "deepseek-ai/DeepSeek-V3.2-Exp",
            8,
            "ready",
            arch="DeepseekV32ForCausalLM",
            weights_gb=84.1,
            total=139.2,
            trust_remote_code=True,
        ),
        ready(),
        serving(64, 2, tp=8, usage=0.12),
        scheduler_exc(78, "TP4", PY312, LOOP_0510, cuda_error("an illegal memory access was encountered")),
        sigquit_running(78),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:ca:00): 31, pid=15872, name=sglang::schedu, Ch 0000000a, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC5 GPCCLIENT_T1_5 faulted @ 0x7f2a_d6600000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE",
            stamp="Mon Mar  2 10:01:18 2026",
        ),
    ),
)

case(
    "xid13_illegal_address_decode_053",
    "0.5.3",
    "scheduler.py:2869 event_loop_overlap -> process_batch_result_decode (0.5.3 overlap thread resolve), tokenizer_manager.py:1870; torch 2.8 text as sglang#15132",
    "cuda_error_other",
    "decode dies on an illegal memory access with Xid 13 for the scheduler's pid: a CUDA fault while serving",
    join(
        boot("meta-llama/Llama-3.1-8B-Instruct", 1, "ready", arch="LlamaForCausalLM", weights_gb=15.0),
        ready(),
        serving(62, 2, sep="."),
        scheduler_exc(
            73,
            None,
            PY312,
            (
                ("managers/scheduler.py", 2869, "run_scheduler_process", "scheduler.event_loop_overlap()"),
                ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
                (
                    "managers/scheduler.py",
                    981,
                    "event_loop_overlap",
                    "self.process_batch_result(tmp_batch, tmp_result, batch.launch_done)",
                ),
                (
                    "managers/scheduler.py",
                    2104,
                    "process_batch_result",
                    "self.process_batch_result_decode(batch, result, launch_done)",
                ),
                (
                    "managers/scheduler_output_processor_mixin.py",
                    236,
                    "process_batch_result_decode",
                    "self.tp_worker.resolve_last_batch_result(launch_done)",
                ),
                ("managers/tp_worker_overlap_thread.py", 203, "resolve_last_batch_result", "copy_done.synchronize()"),
                ("+torch/cuda/streams.py", 227, "synchronize", "super().synchronize()"),
            ),
            cuda_error("an illegal memory access was encountered", torch="2.8"),
        ),
        sigquit_running(73),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:01:00): 13, pid=2231, name=sglang::schedu, Graphics SM Warp Exception on (GPC 0, TPC 3, SM 1): Out Of Range Address",
            stamp="Mon Mar  2 10:01:13 2026",
        ),
    ),
)

# ============================================================================================== NVLink (Xid 74)
case(
    "xid74_nvlink_cuda_error_event_loop_0510",
    "0.5.10.post1",
    "scheduler.py event loop (LOOP 0510) + tokenizer_manager.py:2561; `uncorrectable NVLink error detected during the execution` = cudaErrorNvlinkUncorrectable (NVIDIA/srt-slurm#307); Xid 74 line as NVSentinel docs",
    "cuda_error_other",
    "torch (not NCCL) raises uncorrectable NVLink error on the decode sync and Xid 74 names the link: a GPU/link hardware fault surfaced as a CUDA error",
    join(
        boot("Qwen/Qwen3-235B-A22B-FP8", 8, "ready", arch="Qwen3MoeForCausalLM", weights_gb=29.6),
        ready(),
        serving(64, 2, tp=8),
        scheduler_exc(
            80, "TP6", PY312, LOOP_0510, cuda_error("uncorrectable NVLink error detected during the execution")
        ),
        sigquit_running(80),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:b9:00): 74, pid=<unknown>, name=<unknown>, NVLink: fatal error detected on link 6(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)",
            stamp="Mon Mar  2 10:01:19 2026",
        ),
    ),
)

case(
    "xid74_nccl_allreduce_unhandled_cuda_055",
    "0.5.5",
    "distributed/parallel_state.py (inplace_all_reduce -> _all_reduce_in_place -> torch.distributed.all_reduce), torch 2.8 DistBackendError text + `Last error:` as NVIDIA/nccl#1410 / vllm#6732; NCCL WARN format as NVIDIA/nccl#1488",
    "nccl_or_distributed",
    "NCCL reports the failure (unhandled cuda error from an all-reduce, WARN names the NVLink fault): the communicator's path failed; NCCL_P2P_DISABLE / other GPUs are the remedies, and the engineer also files the link",
    join(
        boot(
            "meta-llama/Llama-3.3-70B-Instruct",
            4,
            "ready",
            arch="LlamaForCausalLM",
            weights_gb=33.2,
        ),
        ready(),
        serving(64, 2, tp=4),
        "gpu-node-12:4471:5210 [2] enqueue.cc:1622 NCCL WARN Cuda failure 220 'uncorrectable NVLink error detected during the execution'",
        "gpu-node-12:4471:5210 [2] NCCL INFO group.cc:247 -> 1",
        "gpu-node-12:4471:5210 [2] NCCL INFO group.cc:470 -> 1",
        "gpu-node-12:4471:5210 [2] NCCL INFO group.cc:573 -> 1",
        "gpu-node-12:4471:5210 [2] NCCL INFO enqueue.cc:2299 -> 1",
        scheduler_exc(
            70,
            "TP2",
            PY312,
            (
                ("managers/scheduler.py", 2828, "run_scheduler_process", "scheduler.event_loop_normal()"),
                ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
                ("managers/scheduler.py", 963, "event_loop_normal", "result = self.run_batch(batch)"),
                (
                    "managers/scheduler.py",
                    2040,
                    "run_batch",
                    "batch_result = self.model_worker.forward_batch_generation(",
                ),
                (
                    "managers/tp_worker.py",
                    376,
                    "forward_batch_generation",
                    "logits_output, can_run_cuda_graph = self.model_runner.forward(",
                ),
                ("model_executor/model_runner.py", 2199, "forward", "output = self._forward_raw("),
                ("model_executor/model_runner.py", 2258, "_forward_raw", "ret = self.forward_extend("),
                ("models/llama.py", 470, "forward", "hidden_states = self.model("),
                ("layers/linear.py", 1324, "forward", "output = tensor_model_parallel_all_reduce(output_parallel)"),
                (
                    "distributed/communication_op.py",
                    13,
                    "tensor_model_parallel_all_reduce",
                    "return get_tp_group().all_reduce(input_)",
                ),
                ("distributed/parallel_state.py", 581, "all_reduce", "self._all_reduce_in_place(input_)"),
                (
                    "distributed/parallel_state.py",
                    665,
                    "_all_reduce_in_place",
                    "torch.distributed.all_reduce(input_, group=self.device_group)",
                ),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                (
                    "+torch/distributed/distributed_c10d.py",
                    2960,
                    "all_reduce",
                    "work = group.allreduce([tensor], opts)",
                ),
            ),
            "torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3699, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.27.3\n"
            "ncclUnhandledCudaError: Call to CUDA function failed.\n"
            "Last error:\n"
            "Cuda failure 220 'uncorrectable NVLink error detected during the execution'",
        ),
        sigquit_running(70),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:5d:00): 74, pid=4471, name=sglang::schedu, NVLink: fatal error detected on link 14(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
            stamp="Mon Mar  2 10:01:09 2026",
        ),
    ),
)

case(
    "xid74_nccl_warmup_start_0510",
    "0.5.10.post1",
    "model_executor/model_runner.py:425/889 init_torch_distributed -> distributed/parallel_state.py initialize_model_parallel -> device_communicators/pynccl.py (ncclCommInitRank) -> pynccl_wrapper.py NCCL_CHECK (`NCCL error: {error_str}`); NCCL WARN P2P format as NVIDIA/nccl#1488",
    "nccl_or_distributed",
    "NCCL fails to set up its P2P transport over a link Xid 74 disabled, at communicator init: a distributed start-up failure (NCCL_P2P_DISABLE or other GPUs), the link itself goes to the hardware queue",
    join(
        boot("Qwen/Qwen3-32B", 2, "torch"),
        "gpu-node-04:3310:3391 [1] transport/p2p.cc:275 NCCL WARN Cuda failure 217 'peer access is not supported between these two devices'",
        "gpu-node-04:3310:3391 [1] NCCL INFO transport/p2p.cc:393 -> 1",
        "gpu-node-04:3310:3391 [1] NCCL INFO transport.cc:183 -> 1",
        "gpu-node-04:3310:3391 [1] NCCL INFO init.cc:1270 -> 1",
        "gpu-node-04:3310:3391 [1] NCCL INFO init.cc:1548 -> 1",
        "gpu-node-04:3310:3391 [1] NCCL INFO init.cc:1799 -> 1",
        scheduler_exc(
            9,
            "TP1",
            PY312,
            INIT_0510
            + (
                (
                    "model_executor/model_runner.py",
                    425,
                    "__init__",
                    "pre_model_load_memory = self.init_torch_distributed()",
                ),
                ("model_executor/model_runner.py", 956, "init_torch_distributed", "initialize_model_parallel("),
                (
                    "distributed/parallel_state.py",
                    1668,
                    "initialize_model_parallel",
                    "_TP = init_model_parallel_group(",
                ),
                ("distributed/parallel_state.py", 1431, "init_model_parallel_group", "return GroupCoordinator("),
                ("distributed/parallel_state.py", 332, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
                (
                    "distributed/device_communicators/pynccl.py",
                    110,
                    "__init__",
                    "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
                ),
                ("distributed/device_communicators/pynccl_wrapper.py", 399, "ncclCommInitRank", "self.NCCL_CHECK("),
                (
                    "distributed/device_communicators/pynccl_wrapper.py",
                    374,
                    "NCCL_CHECK",
                    'raise RuntimeError(f"NCCL error: {error_str}")',
                ),
            ),
            "RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
        ),
        sigquit_launch(9),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:1b:00): 74, pid=<unknown>, name=<unknown>, NVLink: fatal error detected on link 3(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
            stamp="Mon Mar  2 09:52:40 2026",
        ),
    ),
)

# ============================================================================================== fabric manager (NVSwitch)
case(
    "fm_down_error_802_055",
    "0.5.5",
    "launch_server.py:24, server_args.py:4022/3637/576/661, utils/common.py:1789 (`No accelerator (CUDA, XPU, HPU) is available.`); torch's Error 802 warning as hiyouga/LlamaFactory#7888 and sglang#27487",
    "cuda_error_other",
    "CUDA cannot initialise (Error 802 system not yet initialized) on an HGX whose fabric manager is not running: start nvidia-fabricmanager; 'no accelerator' is its echo, not a bad argument",
    join(
        f"{PY312}/torch/cuda/__init__.py:182: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:109.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        TB,
        tb(
            PY312,
            *RUNPY312,
            (f"{PY312}/sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 4022, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 3637, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 283, "__init__", ""),
            ("server_args.py", 576, "__post_init__", "self._handle_missing_default_values()"),
            ("server_args.py", 661, "_handle_missing_default_values", "self.device = get_device()"),
            (
                "utils/common.py",
                1789,
                "get_device",
                'raise RuntimeError("No accelerator (CUDA, XPU, HPU) is available.")',
            ),
        ),
        "RuntimeError: No accelerator (CUDA, XPU, HPU) is available.",
        "",
        "$ systemctl status nvidia-fabricmanager --no-pager | head -3",
        "○ nvidia-fabricmanager.service - NVIDIA fabric manager service",
        "     Loaded: loaded (/lib/systemd/system/nvidia-fabricmanager.service; disabled; vendor preset: enabled)",
        "     Active: inactive (dead)",
    ),
)

case(
    "fm_down_error_802_046",
    "0.4.6.post5",
    "launch_server.py:11, server_args.py:1483/1426/236, utils.py:1409 (0.4.x `No accelerator (CUDA, XPU, HPU) is available.`); Error 802 warning as hiyouga/LlamaFactory#7888; fix from gpustack/gpustack#4154 (install nvidia-fabricmanager)",
    "cuda_error_other",
    "Error 802 before any SGLang line on an H100 SXM box: the NVSwitch fabric is not initialised (fabric manager missing); a host fix, nothing in the arguments",
    join(
        f"{PY310}/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        TB,
        tb(
            PY310,
            *RUNPY310,
            (f"{PY310}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 1483, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 1426, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 160, "__init__", ""),
            ("server_args.py", 236, "__post_init__", "self.device = get_device()"),
            ("utils.py", 1409, "get_device", 'raise RuntimeError("No accelerator (CUDA, XPU, HPU) is available.")'),
        ),
        "RuntimeError: No accelerator (CUDA, XPU, HPU) is available.",
    ),
)

case(
    "fm_restarted_nvls_init_053",
    "0.5.3",
    "model_executor/model_runner.py:285/687 -> parallel_state.py:1489/1270/313 -> pynccl.py:110 -> pynccl_wrapper.py:399/374; NCCL WARN `transport/nvls.cc ... Cuda failure 1 'invalid argument'` as NVIDIA/nccl#1488 (fabric manager restarted without a GPU reset)",
    "nccl_or_distributed",
    "NCCL's NVLS (NVLink SHARP) setup fails at communicator init after the fabric manager was restarted without a GPU reset: a distributed init failure (NCCL_NVLS_ENABLE=0 gets past it; a GPU reset fixes it)",
    join(
        boot("meta-llama/Llama-3.1-405B-Instruct-FP8", 8, "torch", arch="LlamaForCausalLM"),
        "hgx-h100-17:2290:2340 [0] transport/nvls.cc:244 NCCL WARN Cuda failure 1 'invalid argument'",
        "hgx-h100-17:2290:2340 [0] NCCL INFO transport/nvls.cc:394 -> 1",
        "hgx-h100-17:2290:2340 [0] NCCL INFO init.cc:1196 -> 1",
        "hgx-h100-17:2290:2340 [0] NCCL INFO init.cc:1462 -> 1",
        "hgx-h100-17:2290:2340 [0] NCCL INFO group.cc:75 -> 1 [Async thread]",
        scheduler_exc(
            14,
            "TP0",
            PY312,
            INIT_053
            + (
                (
                    "model_executor/model_runner.py",
                    285,
                    "__init__",
                    "min_per_gpu_memory = self.init_torch_distributed()",
                ),
                ("model_executor/model_runner.py", 687, "init_torch_distributed", "initialize_model_parallel("),
                (
                    "distributed/parallel_state.py",
                    1489,
                    "initialize_model_parallel",
                    "_TP = init_model_parallel_group(",
                ),
                ("distributed/parallel_state.py", 1270, "init_model_parallel_group", "return GroupCoordinator("),
                ("distributed/parallel_state.py", 313, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
                (
                    "distributed/device_communicators/pynccl.py",
                    110,
                    "__init__",
                    "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
                ),
                ("distributed/device_communicators/pynccl_wrapper.py", 399, "ncclCommInitRank", "self.NCCL_CHECK("),
                (
                    "distributed/device_communicators/pynccl_wrapper.py",
                    374,
                    "NCCL_CHECK",
                    'raise RuntimeError(f"NCCL error: {error_str}")',
                ),
            ),
            "RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
        ),
        sigquit_launch(14),
    ),
)

# ============================================================================================== GSP timeouts (Xid 119)
case(
    "xid119_gsp_timeout_watchdog_055",
    "0.5.5",
    "managers/scheduler_runtime_checker_mixin.py:225-262 (`{self.cur_batch.batch_size()=}` dump, pyspy_dump_schedulers, `Watchdog timeout ({self.watchdog_timeout=})`, SIGQUIT), utils/common.py:2220 (`Pyspy dump for PID`), tokenizer_manager.py:2342; Xid 119 GSP RPC timeout line",
    "cuda_error_other",
    "the forward hangs (py-spy: in synchronize) while Xid 119 says the GSP stopped answering: a GPU/firmware hang; reset the GPU (unsure: the log shows only a watchdog timeout)",
    join(
        boot("Qwen/Qwen3-32B", 2, "ready", weights_gb=30.5),
        ready(),
        serving(64, 2, tp=2),
        f"{ts(370, 'TP0')} self.cur_batch.batch_size()=46",
        "self.cur_batch.reqs=[Req(rid=4b0d6f5a9c2e4e8f8d1a, input_ids=[151644, 872, 198, 5501, ...], output_ids=[...]), ...]",
        "self.max_total_num_tokens=905312, available_size=611204, evictable_size=12011, protected_size=282097",
        f"{ts(371, 'TP0')} Pyspy dump for PID 4388:",
        'Thread 4388 (active): "MainThread"',
        "    synchronize (torch/cuda/streams.py:231)",
        "    process_batch_result_decode (sglang/srt/managers/scheduler_output_processor_mixin.py:288)",
        "    process_batch_result (sglang/srt/managers/scheduler.py:2090)",
        "    event_loop_overlap (sglang/srt/managers/scheduler.py:996)",
        "",
        f"{ts(371, 'TP0')} Watchdog timeout (self.watchdog_timeout=300)",
        "",
        sigquit_running(376),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:3b:00): 119, pid=4388, name=sglang::schedu, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4).",
            "NVRM: GPU1 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a4c 0x0000000000000004.",
            stamp="Mon Mar  2 10:01:12 2026",
        ),
    ),
)

case(
    "xid119_gsp_health_check_watchdog_0510",
    "0.5.10.post1",
    "entrypoints/http_server.py:542 (`Health check failed. Server couldn't get a response from detokenizer ...`), utils/watchdog.py:150-163 (`Scheduler watchdog timeout (self.watchdog_timeout=..., self.soft=...)`), tokenizer_manager.py:2561; Xid 119 line",
    "cuda_error_other",
    "health checks time out then SGLang's scheduler watchdog fires, while dmesg shows Xid 119 GSP timeouts: the GPU stopped responding; reset/drain, no memory or NCCL change (unsure: a watchdog-only log)",
    join(
        boot("Qwen/Qwen3-8B", 1, "ready", weights_gb=16.4),
        ready(),
        serving(64, 2),
        f"{ts(120)} Health check failed. Server couldn't get a response from detokenizer for last 20 seconds. tic start time: 10:01:40. last_heartbeat time: 10:01:09",
        f'{ts(120)} INFO:     10.0.0.5:40122 - "GET /health HTTP/1.1" 503 Service Unavailable',
        f"{ts(150)} Health check failed. Server couldn't get a response from detokenizer for last 20 seconds. tic start time: 10:02:10. last_heartbeat time: 10:01:09",
        f'{ts(150)} INFO:     10.0.0.5:40388 - "GET /health HTTP/1.1" 503 Service Unavailable',
        f"{ts(372)} Scheduler watchdog timeout (self.watchdog_timeout=300, self.soft=False)",
        sigquit_running(377),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:41:00): 119, pid=2871, name=sglang::schedu, Timeout after 6s of waiting for RPC response from GPU0 GSP! Expected function 10 (FREE) (0xa55a0040 0x0).",
            "NVRM: Xid (PCI:0000:41:00): 119, pid=2871, name=sglang::schedu, Timeout after 6s of waiting for RPC response from GPU0 GSP! Expected function 76 (GSP_RM_CONTROL) (0x2080014b 0x5).",
            stamp="Mon Mar  2 10:01:17 2026",
        ),
    ),
)

# ============================================================================================== MIG / compute mode at start
case(
    "exclusive_process_busy_055",
    "0.5.5",
    "model_executor/model_runner.py:568-576 (`Context: {self.device=} ...` then raise), scheduler.py:2802; torch 2.8 AcceleratorError for cudaErrorDevicesUnavailable",
    "cuda_error_other",
    "the GPU is in EXCLUSIVE_PROCESS compute mode and another process holds it: set_device fails busy or unavailable; free the GPU or change compute mode, not an SGLang argument",
    join(
        boot("Qwen/Qwen3-8B", 1, "torch", weights_gb=16.4),
        f"{ts(5)} Context: self.device='cuda' self.gpu_id=0 os.environ.get('CUDA_VISIBLE_DEVICES')='2' self.tp_rank=0 self.tp_size=1",
        scheduler_exc(
            5,
            None,
            PY312,
            INIT_055
            + (
                (
                    "model_executor/model_runner.py",
                    309,
                    "__init__",
                    "min_per_gpu_memory = self.init_torch_distributed()",
                ),
                (
                    "model_executor/model_runner.py",
                    572,
                    "init_torch_distributed",
                    "torch.get_device_module(self.device).set_device(self.gpu_id)",
                ),
                ("+torch/cuda/__init__.py", 567, "set_device", "torch._C._cuda_setDevice(device)"),
            ),
            cuda_error("CUDA-capable device(s) is/are busy or unavailable", torch="2.8"),
        ),
        sigquit_launch(5),
        "",
        "$ nvidia-smi -i 2 --query-gpu=compute_mode,persistence_mode --format=csv",
        "compute_mode, persistence_mode",
        "Exclusive_Process, Enabled",
    ),
)

case(
    "mig_slice_weights_oom_055",
    "0.5.5",
    "utils/common.py:1534-1541 (MIG: `Failed to get GPU memory capacity from nvidia-smi, falling back to torch.cuda.mem_get_info().`), model_runner.py:398/752 load path; torch's CUDA OOM text",
    "oom_weights",
    "a 3g.40gb MIG slice cannot hold 32B bf16 weights: out of memory while loading weights; a bigger slice or TP is the fix",
    join(
        sargs("Qwen/Qwen3-32B", 1, mem_fraction_static=0.85),
        f"{ts(1)} Failed to get GPU memory capacity from nvidia-smi, falling back to torch.cuda.mem_get_info().",
        f"{ts(4)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6)} Load weight begin. avail mem=39.10 GB",
        "Loading safetensors checkpoint shards:  71% Completed | 12/17 [00:19<00:08,  1.61s/it]",
        scheduler_exc(
            25,
            None,
            PY312,
            INIT_055
            + (
                ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 398, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 752, "load_model", "self.model = get_model("),
                ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
                ("model_loader/loader.py", 594, "load_model", "self.load_weights_and_postprocess("),
                ("model_loader/loader.py", 602, "load_weights_and_postprocess", "model.load_weights(weights)"),
                ("models/qwen3.py", 520, "load_weights", "weight_loader(param, loaded_weight, shard_id)"),
                ("layers/linear.py", 843, "weight_loader", "param_data.copy_(loaded_weight)"),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 250.00 MiB. GPU 0 has a total capacity of 39.38 GiB of which 139.44 MiB is free. Including non-PyTorch memory, this process has 39.23 GiB memory in use. Of the allocated memory 38.71 GiB is allocated by PyTorch, and 12.04 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        ),
        sigquit_launch(25),
        "",
        "$ nvidia-smi -L",
        "GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-5c1e9f8a-22b1-7d8e-9a13-0f4e7b6c2d11)",
        "  MIG 3g.40gb     Device  0: (UUID: MIG-1b7c8e55-4a3e-5f0d-9b21-7e6c4d3a2f10)",
    ),
)

# ============================================================================================== healthy contrasts
case(
    "healthy_xid43_other_process_055",
    "0.5.5",
    "startup and stats lines of 0.5.5 (model_runner.py:569/686/799/1873/1986/2000, scheduler_metrics_mixin.py:138/266, http_server.py:1567); Xid 43 (`Ch 00000010`) as the NVRM format",
    "healthy",
    "Xid 43 is a channel reset for another user's pid (a notebook's python3), SGLang's scheduler keeps serving: nothing to act on",
    join(
        boot("Qwen/Qwen3-8B", 1, "ready", weights_gb=16.4, base_gpu_id=0),
        ready(),
        serving(64, 2),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:3b:00): 43, pid=88123, name=python3, Ch 00000010",
            stamp="Mon Mar  2 10:01:09 2026",
        ),
        "$ ps -o user,pid,cmd -p 88123",
        "USER         PID CMD",
        "alice      88123 python3 -m ipykernel_launcher -f /home/alice/.local/share/jupyter/runtime/kernel-7c1.json",
        "",
        serving(80, 2),
        http_ok(84, 2),
    ),
)

case(
    "healthy_correctable_ecc_counters_053",
    "0.5.3",
    "0.5.3 startup / `Prefill batch. ` stats (scheduler_metrics_mixin.py:112/215); nvidia-smi -q -d ECC layout",
    "healthy",
    "non-zero correctable DRAM ECC counters with zero uncorrectable and no pending remap: the hardware corrected them, the server is up and serving",
    join(
        boot("meta-llama/Llama-3.1-8B-Instruct", 1, "ready", arch="LlamaForCausalLM", weights_gb=15.0),
        ready(),
        serving(64, 2, sep="."),
        "$ nvidia-smi -q -d ECC | sed -n 10,30p",
        "    ECC Mode",
        "        Current                           : Enabled",
        "        Pending                           : Enabled",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 12",
        "            DRAM Uncorrectable            : 0",
        "        Aggregate",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 57",
        "            DRAM Uncorrectable            : 0",
        serving(80, 2, sep="."),
    ),
)

case(
    "healthy_xid63_row_remap_pending_0510",
    "0.5.10.post1",
    "0.5.10 startup and stats; Xid 63 text `Row Remapper: New row marked for remapping, reset gpu to activate` as a public training-log paste (bigscience chronicles)",
    "healthy",
    "Xid 63 marks a row for remapping at the next reset; the server keeps serving and the reset goes to the next maintenance window: no failure now",
    join(
        boot("Qwen/Qwen3-32B", 4, "ready"),
        ready(),
        serving(64, 2, tp=4),
        "",
        *dmesg(
            "NVRM: Xid (PCI:0000:10:1c): 63, pid=1850, name=sglang::schedu, Row Remapper: New row marked for remapping, reset gpu to activate.",
            stamp="Mon Mar  2 10:01:06 2026",
        ),
        "",
        serving(90, 3, tp=4),
        http_ok(96, 3),
    ),
)

case(
    "healthy_mig_capacity_fallback_055",
    "0.5.5",
    "utils/common.py:1534-1541 (`Failed to get GPU memory capacity from nvidia-smi, falling back to torch.cuda.mem_get_info().`), then the 0.5.5 startup lines",
    "healthy",
    "on a MIG slice nvidia-smi reports no memory.total and SGLang falls back to torch's number, then starts and serves",
    join(
        sargs("Qwen/Qwen3-4B", 1, mem_fraction_static=0.8),
        f"{ts(1)} Failed to get GPU memory capacity from nvidia-smi, falling back to torch.cuda.mem_get_info().",
        f"{ts(4)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6)} Load weight begin. avail mem=39.10 GB",
        f"{ts(14)} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=31.52 GB, mem usage=7.58 GB.",
        f"{ts(15)} KV Cache is allocated. #tokens: 166240, K size: 11.41 GB, V size: 11.41 GB",
        f"{ts(15)} Memory pool end. avail mem=8.45 GB",
        f"{ts(16)} Capture cuda graph begin. This can take up to several minutes. avail mem=8.38 GB",
        f"{ts(33)} Capture cuda graph end. Time elapsed: 17.20 s. mem usage=0.61 GB. avail mem=7.77 GB.",
        f"{ts(34)} max_total_num_tokens=166240, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=1024, context_len=40960, available_gpu_mem=7.77 GB",
        ready(35),
        serving(40, 2),
    ),
)

case(
    "healthy_thermal_slowdown_046",
    "0.4.6.post5",
    "0.4.6.post5 startup / `Decode batch. ` stats (scheduler.py:1146/1202, http_server.py ready line); nvidia-smi -q -d PERFORMANCE layout of the 550 drivers (`Clocks Event Reasons`)",
    "healthy",
    "HW thermal slowdown is active and throughput drops, but SGLang keeps decoding: a cooling ticket, not a failed server",
    join(
        sargs("Qwen/Qwen2.5-7B-Instruct", 1),
        f"{ts(4)} Init torch distributed begin.",
        f"{ts(6)} Load weight begin. avail mem=23.18 GB",
        f"{ts(19)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=8.79 GB, mem usage=14.39 GB.",
        f"{ts(20)} KV Cache is allocated. #tokens: 98210, K size: 2.62 GB, V size: 2.62 GB",
        f"{ts(20)} Memory pool end. avail mem=3.41 GB",
        f"{ts(21)} Capture cuda graph begin. This can take up to several minutes. avail mem=3.38 GB",
        f"{ts(36)} Capture cuda graph end. Time elapsed: 15.02 s. mem usage=0.33 GB. avail mem=3.05 GB.",
        ready(37),
        serving(42, 2, sep="."),
        "$ nvidia-smi -q -d PERFORMANCE,TEMPERATURE | grep -E 'Slowdown|GPU Current Temp'",
        "        HW Slowdown                       : Active",
        "            HW Thermal Slowdown           : Active",
        "            HW Power Brake Slowdown       : Not Active",
        "        SW Thermal Slowdown               : Active",
        "        GPU Current Temp                  : 91 C",
        "        GPU T.Limit Temp                  : -4 C",
        f"{ts(60)} Decode batch. #running-req: 12, #token: 20110, token usage: 0.20, cuda graph: True, gen throughput (token/s): 402.17, #queue-req: 0, ",
        f"{ts(64)} Decode batch. #running-req: 12, #token: 20590, token usage: 0.21, cuda graph: True, gen throughput (token/s): 388.90, #queue-req: 0, ",
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "xid119_gsp_health_check_watchdog_0510": "config_error",
    "xid119_gsp_timeout_watchdog_055": "nccl_or_distributed",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_gpufault_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way at first sight (what a live supervisor acts on), with the
# event's label.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_gpufault_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
