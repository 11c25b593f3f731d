"""Native (non-Python) deaths of SGLang processes (0.4.6.post5-0.5.10.post1) and what the log shows around them (a helper, blind).

Scope: C++ exceptions escaping to `std::terminate` (`terminate called after throwing an instance of 'c10::Error'` /
`'c10::DistBackendError'` / `'std::bad_alloc'`, with c10's `Exception raised from ... (most recent call first):` frame
list), faulthandler's `Fatal Python error: Segmentation fault` / `Aborted` / `Bus error` thread dumps (SGLang's scheduler
calls `faulthandler.enable()`), UCX's / NCCL's `Caught signal 11` backtraces, a too-small `/dev/shm` in a container
(SIGBUS), NCCL's watchdog aborting the rank (collective timeout, `unhandled cuda error`), Triton's LLVM abort and
ptxas refusing the GPU, a CUDA device-side assert that aborts, kernel lines pasted beside (NVRM Xid 31/48/79, the OOM
killer, a cgroup OOM kill reported by Kubernetes), and each release's report of a child killed by a signal: 0.4.6's
SIGCHLD handler (`Child process unexpectedly failed with an exit code 139`, a raw wait status), 0.4.6-0.5.5's `Rank 0
scheduler is dead` / `Exit code: -9` then `EOFError`, 0.5.10's `Rank N scheduler died during initialization (exit code:
-7)` and its serving-time `SubprocessWatchdog` (`Subprocess scheduler_0 (pid=...) crashed with exit code -6.`) followed
by the tokenizer manager's `SIGQUIT received`. Five healthy contrasts that look alarming and go on serving: the soft
watchdog's py-spy dump on demand (0.5.10), c10d's client-socket retry warning, torch's `Waiting for pending NCCL work`
CUDAGraph warning, a `Setup Custom allreduce failed with CUDART error` fallback, and a pasted OOM-killer line about
another process on the host.

Sources: SGLang's own lines are copied from the named release's wheel (`pip download sglang==VERSION`; file:line under
sglang/ given per case; call paths read there); the native text is that of the library that prints it (libstdc++'s
terminate handler, CPython's faulthandler, torch's c10 / ProcessGroupNCCL, NCCL, UCX, Triton/LLVM, the Linux kernel and
the NVIDIA driver's NVRM lines) in the shape the public threads cited per case show; format fields are filled
plausibly, and native addresses / library line numbers are approximate.

Labelling policy (decided before the classifier ran): the label is what failed, not the signal. A CUDA fault (illegal
address, device-side assert, Xid, ECC, a kernel image the toolchain cannot build for the GPU, a segfault inside graph
capture of a compute kernel) is `cuda_error_other`, even when NCCL's watchdog is the thread that notices it. A fault
in the communication layer itself (NCCL timeout or init crash, a segfault inside NCCL / custom all-reduce / the PD KV
transfer engine, SIGBUS from NCCL's /dev/shm segments) is `nccl_or_distributed` (the remedies are NCCL/P2P settings,
`--disable-custom-all-reduce`, `--shm-size`). A host-memory death while the weights load (OOM killer, cgroup OOM,
`std::bad_alloc`) is `oom_weights` (the model does not fit the way it is being loaded; mem-fraction does not help).
Where the remedy is an argument the operator set (a HiCache host pool larger than the host, a context length forced
past the model's positions) the label is `config_error`, and `why` says so.

First sight: 21/29 (8 label misses, strict xfails below), and 2 of the 5 healthy contrasts fire a failure event on
the way (EVENT_XFAIL: the OOM-killer one below, and the custom all-reduce fallback). Misses: the launcher's bare report of a SIGKILLed / aborted child during weight loading
with no OOM text beside it (`m_host_oom_eof_052`, `m_sigchld_killed_loading_046`: unknown; `m_bad_alloc_weights_055`:
unknown, the libstdc++ `std::bad_alloc` line not read as memory); a faulthandler dump whose crashing frames are the PD
Mooncake transfer engine (`n_pd_mooncake_segv_052`: unknown); SGLang's custom all-reduce faulting with an illegal
address (`n_custom_ar_abort_055`: cuda_error_other, the call path through ca_comm.custom_all_reduce not weighed); the
remedy-by-argument cases (`f_hicache_host_oom_rank5_0510`: oom_cuda_graph, though no graph was being captured;
`f_context_override_device_assert_055`: cuda_error_other, the override warning not weighed); an OOM-killer line about
another process pasted beside a serving log (`h_oom_killer_other_process_0510`: oom_runtime, also as an event). The
`h_custom_ar_cudart_fallback_0510` log ends healthy but fires a nccl_or_distributed event on the benign
`[Gloo] Rank 0 is connected to 1 peer ranks.` line.
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


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's traceback frames. A path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or
    `+` (another package in the same site-packages)."""
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


def fh_frames(site: str, *stack: tuple[str, int, str]) -> list[str]:
    """faulthandler's frames (most recent call first): `File "...", line N in func` (no comma, no source)."""
    out = []
    for path, line, func in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{site}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line} in {func}')
    return out


def fh_dump(signal_name: str, threads: list[tuple[str, list[str]]], current: tuple[str, list[str]]) -> list[str]:
    """CPython's faulthandler output: the fatal line, each other thread, then the current one, then the extension
    modules line (3.10+)."""
    out = [f"Fatal Python error: {signal_name}", ""]
    for tid, frames in threads:
        out += [f"Thread {tid} (most recent call first):"] + frames + [""]
    tid, frames = current
    out += [f"Current thread {tid} (most recent call first):"] + (frames or ["  <no Python frame>"]) + [""]
    out.append(
        "Extension modules: numpy._core._multiarray_umath, numpy.linalg._umath_linalg, torch._C, torch._C._dynamo.autograd_compiler, "
        "torch._C._dynamo.eval_frame, torch._C._dynamo.guards, torch._C._dynamo.utils, torch._C._fft, torch._C._linalg, "
        "torch._C._nested, torch._C._nn, torch._C._sparse, torch._C._special, zmq.backend.cython._zmq, psutil._psutil_linux, "
        "setproctitle._setproctitle, uvloop.loop, sentencepiece._sentencepiece, msgspec._core, PIL._imaging, "
        "cuda_utils, __triton_launcher (total: 187)"
    )
    return out


# threads every scheduler process has, by Python version
def tqdm_thread(py: str) -> list[str]:
    if py == "3.10":
        return [
            '  File "/usr/lib/python3.10/threading.py", line 324 in wait',
            '  File "/usr/lib/python3.10/threading.py", line 607 in wait',
            f'  File "{PY310}/tqdm/_monitor.py", line 60 in run',
            '  File "/usr/lib/python3.10/threading.py", line 1016 in _bootstrap_inner',
            '  File "/usr/lib/python3.10/threading.py", line 973 in _bootstrap',
        ]
    return [
        '  File "/usr/lib/python3.12/threading.py", line 359 in wait',
        '  File "/usr/lib/python3.12/threading.py", line 655 in wait',
        f'  File "{PY312}/tqdm/_monitor.py", line 60 in run',
        '  File "/usr/lib/python3.12/threading.py", line 1075 in _bootstrap_inner',
        '  File "/usr/lib/python3.12/threading.py", line 1032 in _bootstrap',
    ]


def thread_tail(py: str) -> list[str]:
    if py == "3.10":
        return [
            '  File "/usr/lib/python3.10/threading.py", line 953 in run',
            '  File "/usr/lib/python3.10/threading.py", line 1016 in _bootstrap_inner',
            '  File "/usr/lib/python3.10/threading.py", line 973 in _bootstrap',
        ]
    return [
        '  File "/usr/lib/python3.12/threading.py", line 1012 in run',
        '  File "/usr/lib/python3.12/threading.py", line 1075 in _bootstrap_inner',
        '  File "/usr/lib/python3.12/threading.py", line 1032 in _bootstrap',
    ]


def spawn_tail(py: str) -> list[str]:
    """The bottom of a `mp.Process` child started with the spawn method."""
    if py == "3.10":
        return [
            '  File "/usr/lib/python3.10/multiprocessing/process.py", line 108 in run',
            '  File "/usr/lib/python3.10/multiprocessing/process.py", line 314 in _bootstrap',
            '  File "/usr/lib/python3.10/multiprocessing/spawn.py", line 129 in _main',
            '  File "/usr/lib/python3.10/multiprocessing/spawn.py", line 116 in spawn_main',
            '  File "<string>", line 1 in <module>',
        ]
    return [
        '  File "/usr/lib/python3.12/multiprocessing/process.py", line 108 in run',
        '  File "/usr/lib/python3.12/multiprocessing/process.py", line 314 in _bootstrap',
        '  File "/usr/lib/python3.12/multiprocessing/spawn.py", line 135 in _main',
        '  File "/usr/lib/python3.12/multiprocessing/spawn.py", line 122 in spawn_main',
        '  File "<string>", line 1 in <module>',
    ]


def c10_frames(lib_site: str, *frames: str) -> list[str]:
    """c10's native frame list: `frame #N: symbol + 0xoff (0xaddr in lib)`; a frame given as `sym@lib` (a lib without
    a slash or `.so` is the process image, named by its proctitle, with a short address)."""
    out = []
    for i, f in enumerate(frames):
        sym, lib = f.split("@")
        if "[0x" in sym:
            out.append(f"frame #{i}: {sym}")
            continue
        if "/" not in lib and not lib.endswith((".so", ".so.6")):
            out.append(f"frame #{i}: {sym} (0x{0x54ECE2 + 4099 * i:x} in {lib})")
            continue
        path = lib if lib.startswith("/") else f"{lib_site}/torch/lib/{lib}"
        out.append(f"frame #{i}: {sym} (0x7f3{i % 16:x}a1c{i * 7919 % 100000:05x} in {path})")
    return out


C10_ERROR = "c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >) + 0x80@libc10.so"
CUDA_CHECK = "<unknown function> + 0x11fb7@libc10_cuda.so"
LIBSTDCXX = "<unknown function> + 0xdc253@/usr/lib/x86_64-linux-gnu/libstdc++.so.6"
LIBC_THREAD = "<unknown function> + 0x94ac3@/usr/lib/x86_64-linux-gnu/libc.so.6"
LIBC_CLONE = "<unknown function> + 0x126850@/usr/lib/x86_64-linux-gnu/libc.so.6"
WATCHDOG_FRAMES = (
    "c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x50@libtorch_cuda.so",
    "c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0x68@libtorch_cuda.so",
    "c10d::ProcessGroupNCCL::Watchdog::runLoop() + 0x969@libtorch_cuda.so",
    "c10d::ProcessGroupNCCL::Watchdog::run() + 0xdf@libtorch_cuda.so",
    LIBSTDCXX,
    LIBC_THREAD,
    LIBC_CLONE,
)
CUDA_HINT = [
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    "",
]


def sargs(second: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def tp_tags(tp: int) -> list[str]:
    return [f"TP{i}" for i in range(tp)]


def shards(total: int, upto: int, rate: str = "4.12s/it") -> list[str]:
    """safetensors' tqdm lines as far as shard `upto` of `total`."""
    sec = float(rate.removesuffix("s/it"))
    out = [f"Loading safetensors checkpoint shards:   0% Completed | 0/{total} [00:00<?, ?it/s]"]
    for i in range(1, upto + 1):
        pct = int(100 * i / total)
        done, left = int(i * sec), int((total - i) * sec)
        out.append(
            f"Loading safetensors checkpoint shards: {pct:3d}% Completed | {i}/{total} [{done // 60:02d}:{done % 60:02d}<{left // 60:02d}:{left % 60:02d}, {rate}]"
        )
    return out


def ready(second: int, pid: int = 4242, port: int = 30000) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{ts(second + 2)} INFO:     127.0.0.1:46712 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


def boot_046(model: str, arch: str, tp: int, phase: str, *, shard_total: int = 37, graph: bool = True) -> list[str]:
    """0.4.6.post5's start-up as far as `phase` (model_runner.py:495/502/575, memory_pool.py:274, model_runner.py:978/1096/1101, scheduler.py:334)."""
    tags = tp_tags(tp)
    out = [sargs(0, model, tp_size=tp, mem_fraction_static=0.87, disable_cuda_graph=not graph)]
    out += [f"{ts(4, t)} Init torch distributed begin." for t in tags]
    out += [f"{ts(5, t)} Init torch distributed ends. mem usage=1.24 GB" for t in tags]
    out += [f"{ts(6, t)} Load weight begin. avail mem=77.81 GB" for t in tags]
    if phase == "load":
        return out
    out += shards(shard_total, shard_total)
    out += [
        f"{ts(50, t)} Load weight end. type={arch}, dtype=torch.bfloat16, avail mem=59.43 GB, mem usage=18.38 GB."
        for t in tags
    ]
    out += [f"{ts(51, t)} KV Cache is allocated. #tokens: 1120443, K size: 25.64 GB, V size: 25.64 GB" for t in tags]
    out += [f"{ts(51, t)} Memory pool end. avail mem=7.89 GB" for t in tags]
    if phase == "pool":
        return out
    out += [
        f"{ts(52, t)} Capture cuda graph begin. This can take up to several minutes. avail mem=7.31 GB" for t in tags
    ]
    if phase == "capture":
        return out
    out += [
        f"{ts(70, t)} Capture cuda graph end. Time elapsed: 17.84 s. mem usage=0.98 GB. avail mem=6.33 GB."
        for t in tags
    ]
    out.append(
        f"{ts(71, 'TP0')} max_total_num_tokens=1120443, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768"
    )
    out += ready(72)
    return out


def boot_05(
    model: str, arch: str, tp: int, phase: str, *, shard_total: int = 17, quant: str = "", ep: bool = False
) -> list[str]:
    """0.5.x's start-up as far as `phase` (0.5.5 forms: `Init torch distributed ends. mem usage=`, `Load weight end. type=..., dtype=...`)."""
    tags = [f"TP{i} EP{i}" if ep else f"TP{i}" for i in range(tp)] if tp > 1 else [None]
    out = [sargs(0, model, tp_size=tp, mem_fraction_static=0.85, quantization=quant or None)]
    out += [f"{ts(5, t)} Init torch distributed begin." for t in tags]
    if phase == "dist":
        return out
    if tp > 1:
        out.append(f"{ts(6, tags[0])} sglang is using nccl==2.27.3")
    out += [f"{ts(7, t)} Init torch distributed ends. mem usage=1.31 GB" for t in tags]
    out += [f"{ts(8, t)} Load weight begin. avail mem=78.05 GB" for t in tags]
    if phase == "load":
        return out
    out += shards(shard_total, shard_total)
    out += [
        f"{ts(40, t)} Load weight end. type={arch}, dtype=torch.bfloat16, avail mem=60.21 GB, mem usage=17.84 GB."
        for t in tags
    ]
    out += [f"{ts(41, t)} KV Cache is allocated. #tokens: 1008416, K size: 23.08 GB, V size: 23.08 GB" for t in tags]
    out += [f"{ts(41, t)} Memory pool end. avail mem=11.62 GB" for t in tags]
    if phase == "pool":
        return out
    out += [
        f"{ts(42, t)} Capture cuda graph begin. This can take up to several minutes. avail mem=11.40 GB" for t in tags
    ]
    if phase == "capture":
        return out
    out.append("Capturing batches (bs=1 avail_mem=10.21 GB): 100%|██████████| 36/36 [00:14<00:00,  2.51it/s]")
    out += [
        f"{ts(58, t)} Capture cuda graph end. Time elapsed: 15.63 s. mem usage=1.27 GB. avail mem=10.13 GB."
        for t in tags
    ]
    out.append(
        f"{ts(59, tags[0])} max_total_num_tokens=1008416, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=10.13 GB"
    )
    out += ready(60)
    return out


def after(phase: str, model: str, arch: str, tp: int, **kw: object) -> list[str]:
    """0.5.x's start-up lines that follow `phase`, as far as ready."""
    return boot_05(model, arch, tp, "ready", **kw)[len(boot_05(model, arch, tp, phase, **kw)) :]  # type: ignore[arg-type]


def serving(second: int, tag: str | None = "TP0", n: int = 3) -> list[str]:
    out = []
    for i in range(n):
        out.append(
            f"{ts(second + 2 * i, tag)} Prefill batch. #new-seq: 3, #new-token: 6144, #cached-token: 1024, token usage: 0.{12 + i:02d}, #running-req: {41 + i}, #queue-req: 0, "
        )
        out.append(
            f"{ts(second + 2 * i + 1, tag)} Decode batch. #running-req: {44 + i}, #token: {131072 + 9000 * i}, token usage: 0.{13 + i:02d}, cuda graph: True, gen throughput (token/s): {2811.4 + 37 * i:.2f}, #queue-req: 0, "
        )
    return out


def died_0510(rank: int, code: int, second: int = 99) -> str:
    """0.5.10.post1's launcher when it finds a scheduler gone during init (engine.py:1185-1190, polled at 1220)."""
    return join(
        f"{ts(second)} {TB}",
        tb(
            PY312,
            ("<frozen runpy>", 198, "_run_module_as_main", ""),
            ("<frozen runpy>", 88, "_run_code", ""),
            ("+sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
            ("+sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
            ("entrypoints/engine.py", 730, "_launch_subprocesses", "scheduler_init_result.wait_for_ready()"),
            (
                "entrypoints/engine.py",
                599,
                "wait_for_ready",
                "infos = _wait_for_scheduler_ready(scheduler_pipe_readers, scheduler_procs)",
            ),
            (
                "entrypoints/engine.py",
                1220,
                "_wait_for_scheduler_ready",
                "raise _scheduler_died_error(j, scheduler_procs[j])",
            ),
        ),
        f"RuntimeError: Rank {rank} scheduler died during initialization (exit code: {code}). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check.",
    )


def dead_eof(site: str, py: str, engine_line: int, launch: tuple, code: int, second: int = 99) -> str:
    """0.4.6-0.5.5's launcher when the pipe from rank 0 closes: two error lines, then the EOFError from recv()."""
    conn = f"/usr/lib/python{py}/multiprocessing/connection.py"
    return join(
        f"{ts(second)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{ts(second + 1)} Exit code: {code}",
        TB,
        tb(
            site,
            *launch,
            ("entrypoints/engine.py", engine_line, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
            (conn, 250, "recv", "buf = self._recv_bytes()"),
            (conn, 430, "_recv_bytes", "buf = self._recv(4)"),
            (conn, 399, "_recv", "raise EOFError"),
        ),
        "EOFError",
    )


LAUNCH_046 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
    ("+sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
    (
        "entrypoints/http_server.py",
        679,
        "launch_server",
        "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
    ),
)
LAUNCH_052 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
    ("+sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
    (
        "entrypoints/http_server.py",
        1165,
        "launch_server",
        "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
    ),
)


def subprocess_watchdog(name: str, pid: int, code: int, second: int) -> list[str]:
    """0.5.10.post1's serving-time liveness watchdog (utils/watchdog.py:216-221) and the tokenizer manager's handler
    (tokenizer_manager.py:2560)."""
    return [
        f"{ts(second)} Subprocess {name} (pid={pid}) crashed with exit code {code}. Triggering SIGQUIT for cleanup...",
        f"{ts(second)} SIGQUIT received. signum=3, frame=<frame at 0x7f2e1c0b5a40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
    ]


# scheduler main-thread stacks (faulthandler form, most recent call first)
def sched_main_0510(*inner: tuple[str, int, str]) -> list[str]:
    return fh_frames(
        PY312,
        *inner,
        ("managers/scheduler.py", 3497, "dispatch_event_loop"),
        ("managers/scheduler.py", 3616, "run_scheduler_process"),
    ) + spawn_tail("3.12")


def sched_init_0510(*inner: tuple[str, int, str]) -> list[str]:
    return fh_frames(
        PY312,
        *inner,
        ("model_executor/model_runner.py", 427, "__init__"),
        ("managers/tp_worker.py", 344, "_init_model_runner"),
        ("managers/tp_worker.py", 261, "__init__"),
        ("managers/scheduler.py", 600, "init_tp_model_worker"),
        ("managers/scheduler.py", 632, "init_model_worker"),
        ("managers/scheduler.py", 385, "__init__"),
        ("managers/scheduler.py", 3600, "run_scheduler_process"),
    ) + spawn_tail("3.12")


# ============================================================================================ cuda_error_other
case(
    "c_ima_overlap_thread_046",
    "0.4.6.post5",
    "sglang 0.4.6.post5 managers/tp_worker_overlap_thread.py:115-122 (TpModelWorkerClient hit an exception, SIGQUIT), tokenizer_manager.py:1446; the abort and dump as in https://github.com/sgl-project/sglang/issues/4673",
    "cuda_error_other",
    "an illegal memory access while serving; the overlap thread reports it, then the NCCL watchdog sees the same sticky CUDA error and aborts the rank",
    join(
        boot_046("Qwen/Qwen2.5-72B-Instruct", "Qwen2ForCausalLM", 4, "ready"),
        serving(80),
        f"{ts(91, 'TP0')} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY310,
            ("managers/tp_worker_overlap_thread.py", 118, "forward_thread_func", "self.forward_thread_func_()"),
            ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            (
                "managers/tp_worker_overlap_thread.py",
                151,
                "forward_thread_func_",
                "self.worker.forward_batch_generation(",
            ),
            (
                "managers/tp_worker.py",
                209,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("model_executor/model_runner.py", 1141, "forward", "output = self._forward_raw("),
            ("model_executor/model_runner.py", 1168, "_forward_raw", "ret = self.cuda_graph_runner.replay("),
            ("model_executor/cuda_graph_runner.py", 607, "replay", "self.graphs[self.bs].replay()"),
            ("+torch/cuda/graphs.py", 86, "replay", "super().replay()"),
        ),
        "RuntimeError: CUDA error: an illegal memory access was encountered",
        *CUDA_HINT[:3],
        "",
        f"{ts(91)} Received sigquit from a child process. It usually means the child failed.",
        "[rank0]:[E302 10:01:31.417264907 ProcessGroupNCCL.cpp:1595] [PG ID 2 PG GUID 3 Rank 0] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered",
        *CUDA_HINT,
        "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):",
        *c10_frames(PY310, C10_ERROR, CUDA_CHECK, *WATCHDOG_FRAMES),
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 0] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered",
        *CUDA_HINT,
        "Exception raised from ncclCommWatchdog at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1601 (most recent call first):",
        *c10_frames(
            PY310, C10_ERROR, "<unknown function> + 0xe5c6fc@libtorch_cuda.so", LIBSTDCXX, LIBC_THREAD, LIBC_CLONE
        ),
        "",
        *fh_dump(
            "Aborted",
            [
                (
                    "0x00007ee43dfff640",
                    fh_frames(PY310, ("managers/scheduler.py", 1829, "watchdog_thread")) + thread_tail("3.10"),
                ),
                ("0x00007ee4737fe640", tqdm_thread("3.10")),
            ],
            (
                "0x00007ee43d7fe640",
                [
                    '  File "/usr/lib/python3.10/linecache.py", line 72 in checkcache',
                    '  File "/usr/lib/python3.10/traceback.py", line 379 in extract',
                    '  File "/usr/lib/python3.10/traceback.py", line 135 in format_exception',
                ]
                + fh_frames(
                    PY310,
                    ("+sglang/utils.py", 66, "get_exception_traceback"),
                    ("managers/tp_worker_overlap_thread.py", 120, "forward_thread_func"),
                )
                + thread_tail("3.10"),
            ),
        ),
    ),
)

case(
    "c_ima_watchdog_hicache_055",
    "0.5.5",
    "torch's ProcessGroupNCCL watchdog text as in https://github.com/sgl-project/sglang/issues/18785 (HiCache) and https://github.com/sgl-project/sglang/pull/14193; 0.5.5 has no serving-time liveness watchdog, so the log ends at the dump",
    "cuda_error_other",
    "the faulting kernel is a HiCache host-device copy, NCCL's watchdog only reports the sticky illegal address; nothing NCCL-side to change",
    join(
        sargs(0, "Qwen/Qwen3-32B", tp_size=2, enable_hierarchical_cache=True, hicache_ratio=2.0),
        boot_05("Qwen/Qwen3-32B", "Qwen3ForCausalLM", 2, "pool")[1:],
        f"{ts(41, 'TP0')} Allocating 92.27 GB host memory for hierarchical KV cache.",
        f"{ts(41, 'TP1')} Allocating 92.27 GB host memory for hierarchical KV cache.",
        after("pool", "Qwen/Qwen3-32B", "Qwen3ForCausalLM", 2),
        serving(70),
        "[rank1]:[E302 10:01:26.281862353 ProcessGroupNCCL.cpp:2057] [PG ID 2 PG GUID 3 Rank 1] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered",
        "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.",
        *CUDA_HINT,
        "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:44 (most recent call first):",
        *c10_frames(PY312, C10_ERROR, CUDA_CHECK, *WATCHDOG_FRAMES),
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 1] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered",
        "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.",
        *CUDA_HINT,
        "Exception raised from run at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2063 (most recent call first):",
        *c10_frames(
            PY312,
            C10_ERROR,
            "<unknown function> + 0xe34731@libtorch_cuda.so",
            "<unknown function> + 0x93b4d1@libtorch_cuda.so",
            LIBSTDCXX,
            LIBC_THREAD,
            LIBC_CLONE,
        ),
        "",
        *fh_dump(
            "Aborted",
            [
                (
                    "0x00007f36a37fe640",
                    fh_frames(
                        PY312,
                        ("mem_cache/hiradix_cache.py", 214, "writing_check"),
                        ("managers/cache_controller.py", 512, "write_thread_func_direct"),
                    )
                    + thread_tail("3.12"),
                ),
                ("0x00007f36c8ffd640", tqdm_thread("3.12")),
            ],
            ("0x00007f36a1ffb640", []),
        ),
    ),
)

case(
    "c_ima_abort_subprocess_watchdog_0510",
    "0.5.10.post1",
    "sglang 0.5.10.post1 utils/watchdog.py:216-221 (SubprocessWatchdog), managers/tokenizer_manager.py:2560; c10's terminate text as in https://github.com/sgl-project/sglang/issues/13016 (frames ending in sglang::scheduler_TP0)",
    "cuda_error_other",
    "the scheduler's main thread throws a c10::Error (illegal address) from a CUDA call with no Python frame to catch it; 0.5.10's liveness watchdog reports exit -6",
    join(
        boot_05("deepseek-ai/DeepSeek-V2-Lite-Chat", "DeepseekV2ForCausalLM", 1, "ready", shard_total=4),
        serving(62, None),
        "terminate called after throwing an instance of 'c10::Error'",
        "  what():  CUDA error: an illegal memory access was encountered",
        "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.",
        *CUDA_HINT,
        "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:44 (most recent call first):",
        *c10_frames(
            PY312,
            C10_ERROR,
            CUDA_CHECK,
            "c10::cuda::CUDACachingAllocator::Native::DeviceCachingAllocator::free(c10::cuda::CUDACachingAllocator::Block*) + 0x3d2@libc10_cuda.so",
            "c10::StorageImpl::~StorageImpl() + 0x2f@libc10.so",
            "c10::TensorImpl::~TensorImpl() + 0x1a@libc10.so",
            "<unknown function> + 0x8b1f43@libtorch_python.so",
            "_PyEval_EvalFrameDefault + 0x5102@sglang::scheduler",
            "PyEval_EvalCode + 0x99@sglang::scheduler",
            "Py_BytesMain + 0x2d@sglang::scheduler",
        ),
        "",
        *fh_dump(
            "Aborted",
            [
                (
                    "0x00007163e3fff640",
                    fh_frames(
                        PY312,
                        ("utils/watchdog.py", 147, "_watchdog_once"),
                        ("utils/watchdog.py", 127, "_watchdog_thread"),
                    )
                    + thread_tail("3.12"),
                ),
                ("0x000071632dfff640", tqdm_thread("3.12")),
            ],
            (
                "0x0000717e1f7a8740",
                sched_main_0510(
                    ("managers/schedule_batch.py", 1702, "prepare_for_decode"),
                    ("managers/scheduler.py", 2221, "update_running_batch"),
                    ("managers/scheduler.py", 2043, "get_next_batch_to_run"),
                    ("managers/scheduler.py", 1352, "event_loop_overlap"),
                    ("+torch/utils/_contextlib.py", 120, "decorate_context"),
                ),
            ),
        ),
        subprocess_watchdog("scheduler_0", 4381, -6, 75),
    ),
)

case(
    "c_device_assert_teardown_abort_052",
    "0.5.2",
    "sglang 0.5.2 managers/scheduler.py (Scheduler hit an exception, SIGQUIT), managers/tokenizer_manager.py:1698; torch's IndexKernel.cu assertion text as in public threads (e.g. https://github.com/Deci-AI/super-gradients/issues/1307); teardown abort as c10 prints it",
    "cuda_error_other",
    "a device-side assert in sampling kills the scheduler (Python wrapper), and the process then aborts in c10 at teardown; the fault is a CUDA kernel's",
    join(
        boot_05("meta-llama/Llama-3.1-8B-Instruct", "LlamaForCausalLM", 1, "ready", shard_total=4),
        serving(62, None, 2),
        *[
            f'/pytorch/aten/src/ATen/native/cuda/IndexKernel.cu:94: operator(): block: [{b},0,0], thread: [{t},0,0] Assertion `-sizes[i] <= index && index < sizes[i] && "index out of bounds"` failed.'
            for b in (3, 3, 7)
            for t in (64, 65)
        ],
        f"{ts(67)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2610, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 847, "event_loop_overlap", "self.process_batch_result(tmp_batch, tmp_result)"),
            (
                "managers/scheduler.py",
                2038,
                "process_batch_result",
                "self.process_batch_result_decode(batch, result, launch_done)",
            ),
            (
                "managers/scheduler_output_processor_mixin.py",
                216,
                "process_batch_result_decode",
                "next_token_ids = next_token_ids.tolist()",
            ),
        ),
        "RuntimeError: CUDA error: device-side assert triggered",
        *CUDA_HINT[:3],
        "",
        f"{ts(67)} Received sigquit from a child process. It usually means the child failed.",
        "terminate called after throwing an instance of 'c10::Error'",
        "  what():  CUDA error: device-side assert triggered",
        *CUDA_HINT,
        "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:42 (most recent call first):",
        *c10_frames(
            PY312,
            C10_ERROR,
            CUDA_CHECK,
            "c10::cuda::CUDAKernelLaunchRegistry::get_singleton_ref() + 0x0@libc10_cuda.so",
            "at::cuda::CUDAEvent::~CUDAEvent() + 0x61@libtorch_cuda.so",
            "<unknown function> + 0x4ab7e0@libtorch_python.so",
            "_PyEval_EvalFrameDefault + 0x5102@sglang::scheduler",
        ),
        "",
        *fh_dump(
            "Aborted",
            [("0x00007f1b27fff640", tqdm_thread("3.12"))],
            ("0x00007f1d9a43b740", ['  File "/usr/lib/python3.12/threading.py", line 1594 in _shutdown']),
        ),
    ),
)

case(
    "c_xid79_fallen_off_bus_055",
    "0.5.5",
    "sglang 0.5.5 managers/scheduler.py (Scheduler hit an exception), tokenizer_manager.py:2342; NVRM Xid 79 line as the driver prints it (e.g. https://github.com/NVIDIA/NVSentinel/issues/155)",
    "cuda_error_other",
    "the GPU left the PCIe bus mid-serving (Xid 79 pasted beside); a hardware fault, not memory or NCCL",
    join(
        boot_05("Qwen/Qwen3-30B-A3B", "Qwen3MoeForCausalLM", 2, "ready"),
        serving(62),
        f"{ts(71, 'TP1')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 990, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            ("managers/scheduler.py", 1987, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
            (
                "managers/tp_worker.py",
                371,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
        ),
        "RuntimeError: CUDA error: unspecified launch failure",
        *CUDA_HINT[:3],
        "",
        f"{ts(71)} SIGQUIT received. signum=3, frame=<frame at 0x7f2e1c0b5a40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
        "Killed",
        "$ sudo dmesg -T | grep -i nvrm",
        "[Mon Mar  2 10:01:10 2026] NVRM: GPU at PCI:0000:9b:00: GPU-5d8c2e71-0f3a-9b44-8e1c-2a7d4b90c6e3",
        "[Mon Mar  2 10:01:10 2026] NVRM: Xid (PCI:0000:9b:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
        "[Mon Mar  2 10:01:10 2026] NVRM: GPU 0000:9b:00.0: GPU has fallen off the bus.",
    ),
)

case(
    "c_xid31_segv_0510",
    "0.5.10.post1",
    "sglang 0.5.10.post1 utils/watchdog.py:216-221, tokenizer_manager.py:2560; faulthandler dump; NVRM Xid 31 MMU-fault line as the driver prints it",
    "cuda_error_other",
    "the scheduler segfaults after an MMU fault on its GPU (Xid 31 names sglang::schedul); a CUDA fault, the signal is only the messenger",
    join(
        boot_05("google/gemma-3-27b-it", "Gemma3ForConditionalGeneration", 4, "ready", shard_total=12),
        serving(62),
        *fh_dump(
            "Segmentation fault",
            [
                (
                    "0x00007fa1b7fff640",
                    fh_frames(
                        PY312,
                        ("utils/watchdog.py", 147, "_watchdog_once"),
                        ("utils/watchdog.py", 127, "_watchdog_thread"),
                    )
                    + thread_tail("3.12"),
                ),
                ("0x00007fa1c9ffb640", tqdm_thread("3.12")),
            ],
            (
                "0x00007fa4e51c4740",
                sched_main_0510(
                    ("model_executor/cuda_graph_runner.py", 1210, "replay"),
                    ("model_executor/model_runner.py", 2795, "_forward_raw"),
                    ("model_executor/model_runner.py", 2731, "forward"),
                    ("managers/tp_worker.py", 463, "forward_batch_generation"),
                    ("managers/scheduler.py", 2684, "run_batch"),
                    ("managers/scheduler.py", 1361, "event_loop_overlap"),
                    ("+torch/utils/_contextlib.py", 120, "decorate_context"),
                ),
            ),
        ),
        subprocess_watchdog("scheduler_2", 5127, -11, 71),
        "# dmesg -T",
        "[Mon Mar  2 10:01:11 2026] NVRM: Xid (PCI:0000:3b:00): 31, pid=5127, name=sglang::schedul, Ch 00000008, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f3a_1c000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ",
    ),
)

case(
    "c_ecc_xid48_052",
    "0.5.2",
    "sglang 0.5.2 managers/scheduler.py (Scheduler hit an exception), tokenizer_manager.py:1698; torch's `uncorrectable ECC error encountered`; NVRM Xid 48 line",
    "cuda_error_other",
    "an uncorrectable ECC (double-bit) error on the GPU while serving; hardware, not a memory-size problem despite the word ECC",
    join(
        boot_05(
            "mistralai/Mistral-Small-3.1-24B-Instruct-2503",
            "Mistral3ForConditionalGeneration",
            2,
            "ready",
            shard_total=10,
        ),
        serving(62),
        f"{ts(70, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2610, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 840, "event_loop_overlap", "result = self.run_batch(batch)"),
            ("managers/scheduler.py", 1820, "run_batch", ") = self.tp_worker.forward_batch_generation_and_sample("),
        ),
        "RuntimeError: CUDA error: uncorrectable ECC error encountered",
        *CUDA_HINT[:3],
        "",
        f"{ts(70)} Received sigquit from a child process. It usually means the child failed.",
        "[Mon Mar  2 10:01:10 2026] NVRM: Xid (PCI:0000:b3:00): 48, pid=6230, name=sglang::schedul, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 1, subpartition 0.",
    ),
)

case(
    "c_ptxas_sm120a_capture_055",
    "0.5.5",
    "Triton's PTXASError as in https://github.com/sgl-project/sglang/issues/8879 and https://github.com/triton-lang/triton/issues/8539; sglang 0.5.5 model_executor/cuda_graph_runner.py (Capture cuda graph failed + CUDA_GRAPH_CAPTURE_FAILED_MSG)",
    "cuda_error_other",
    "Triton's bundled ptxas cannot build for sm_120a (toolchain older than the GPU): a kernel-image / version mismatch, not memory, though it surfaces inside graph capture",
    join(
        boot_05("openai/gpt-oss-20b", "GptOssForCausalLM", 1, "capture", shard_total=3),
        "Capturing batches (bs=512 avail_mem=58.12 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
        f"{ts(44)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("model_executor/cuda_graph_runner.py", 381, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 500, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 692, "capture_one_batch_size", "run_once()"),
            (
                "+triton/runtime/jit.py",
                594,
                "run",
                "kernel = self.compile(src, target=target, options=options.__dict__)",
            ),
            ("+triton/compiler/compiler.py", 359, "compile", "next_module = compile_ir(module, metadata)"),
            (
                "+triton/backends/nvidia/compiler.py",
                461,
                "<lambda>",
                'stages["cubin"] = lambda src, metadata: self.make_cubin(src, metadata, options, self.target.arch)',
            ),
            ("+triton/backends/nvidia/compiler.py", 442, "make_cubin", 'raise PTXASError(f"{error}\\n"'),
        ),
        "triton.runtime.errors.PTXASError: PTXAS error: Internal Triton PTX codegen error",
        "`ptxas` stderr:",
        "ptxas fatal   : Value 'sm_120a' is not defined for option 'gpu-name'",
        "",
        f"Repro command: {PY312}/triton/backends/nvidia/bin/ptxas -lineinfo -v --gpu-name=sm_120a /tmp/tmpkz2cup6g.ptx -o /tmp/tmpkz2cup6g.ptx.o",
        "",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            PY312,
            ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
            (
                "model_executor/model_runner.py",
                1995,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("model_executor/cuda_graph_runner.py", 383, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: PTXAS error: Internal Triton PTX codegen error",
        "`ptxas` stderr:",
        "ptxas fatal   : Value 'sm_120a' is not defined for option 'gpu-name'",
        "",
        "Possible solutions:",
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
        "3. disable torch compile by not using --enable-torch-compile",
        "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        "",
        f"{ts(44)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "c_triton_llvm_abort_052",
    "0.5.2",
    "LLVM's abort text as in https://github.com/vllm-project/vllm/issues/3878 and https://github.com/triton-lang/triton/issues/2936 (Fatal Python error: Aborted inside Triton's compiler); sglang 0.5.2 engine.py:849-856 (Rank 0 scheduler is dead / Exit code / EOFError)",
    "cuda_error_other",
    "Triton's LLVM backend aborts compiling SGLang's fused-MoE kernel during capture; a GPU-toolchain failure that kills the process natively",
    join(
        boot_05("Qwen/Qwen3-30B-A3B-FP8", "Qwen3MoeForCausalLM", 1, "capture", shard_total=7, quant="fp8"),
        "Capturing batches (bs=256 avail_mem=21.37 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
        "error: LLVM Translation failed for operation: builtin.unrealized_conversion_cast",
        "Failed to emit LLVM IR",
        "Translate to LLVM IR failedLLVM ERROR: Failed to translate TritonGPU to LLVM IR.",
        *fh_dump(
            "Aborted",
            [("0x00007f51b3fff640", tqdm_thread("3.12"))],
            (
                "0x00007f54a0b2e740",
                fh_frames(
                    PY312,
                    ("+triton/backends/nvidia/compiler.py", 341, "make_llir"),
                    ("+triton/backends/nvidia/compiler.py", 457, "<lambda>"),
                    ("+triton/compiler/compiler.py", 359, "compile"),
                    ("+triton/runtime/jit.py", 594, "run"),
                    ("+triton/runtime/jit.py", 347, "<lambda>"),
                    ("layers/moe/fused_moe_triton/fused_moe.py", 722, "invoke_fused_moe_kernel"),
                    ("layers/moe/fused_moe_triton/fused_moe.py", 1567, "fused_experts_impl"),
                    ("layers/moe/fused_moe_triton/layer.py", 833, "forward"),
                    ("model_executor/cuda_graph_runner.py", 643, "run_once"),
                    ("model_executor/cuda_graph_runner.py", 668, "capture_one_batch_size"),
                    ("model_executor/cuda_graph_runner.py", 488, "capture"),
                    ("model_executor/cuda_graph_runner.py", 389, "__init__"),
                    ("model_executor/model_runner.py", 1761, "init_device_graphs"),
                    ("model_executor/model_runner.py", 386, "initialize"),
                    ("managers/scheduler.py", 2587, "run_scheduler_process"),
                )
                + spawn_tail("3.12"),
            ),
        ),
        dead_eof(PY312, "3.12", 852, LAUNCH_052, -6),
    ),
)

case(
    "c_ucx_segv_draft_capture_046",
    "0.4.6.post5",
    "UCX's `Caught signal 11` backtrace and the faulthandler dump as in https://github.com/sgl-project/sglang/issues/6496 (draft cuda graph, DeepGEMM); sglang 0.4.6.post5 entrypoints/engine.py:513-522 (SIGCHLD handler logs the raw wait status)",
    "cuda_error_other",
    "a segfault while capturing the EAGLE draft model's CUDA graph (a compute kernel, no NCCL frame); the launcher only logs the child's status 139 and hangs waiting on rank 0",
    join(
        boot_046("deepseek-ai/DeepSeek-V3", "DeepseekV3ForCausalLM", 8, "capture", shard_total=163),
        [
            f"{ts(90, t)} Capture cuda graph end. Time elapsed: 41.07 s. mem usage=2.11 GB. avail mem=8.61 GB."
            for t in tp_tags(8)
        ],
        [
            f"{ts(91, t)} Capture draft cuda graph begin. This can take up to several minutes. avail mem=8.60 GB"
            for t in tp_tags(8)
        ],
        "[sgl-v3-deepseek-nextn-2-1:116  :0:116] Caught signal 11 (Segmentation fault: invalid permissions for mapped object at address 0x55555d5d7420)",
        "==== backtrace (tid:    116) ====",
        " 0 0x0000000000042520 __sigaction()  ???:0",
        "=================================",
        *fh_dump(
            "Segmentation fault",
            [("0x00007feec7fff640", tqdm_thread("3.10"))],
            (
                "0x00007ff1a6d0e480",
                fh_frames(
                    PY310,
                    ("speculative/eagle_draft_cuda_graph_runner.py", 160, "run_once"),
                    ("speculative/eagle_draft_cuda_graph_runner.py", 182, "capture_one_batch_size"),
                    ("model_executor/cuda_graph_runner.py", 374, "capture"),
                    ("speculative/eagle_draft_cuda_graph_runner.py", 82, "__init__"),
                    ("speculative/eagle_worker.py", 236, "init_cuda_graphs"),
                    ("speculative/eagle_worker.py", 149, "__init__"),
                    ("managers/scheduler.py", 297, "__init__"),
                    ("managers/scheduler.py", 2297, "run_scheduler_process"),
                )
                + spawn_tail("3.10"),
            ),
        ),
        f"{ts(92)} Child process unexpectedly failed with an exit code 139. pid=116",
    ),
)

# ========================================================================================= nccl_or_distributed
case(
    "n_nccl_watchdog_timeout_052",
    "0.5.2",
    "torch ProcessGroupNCCL watchdog timeout and terminate text as in https://github.com/sgl-project/sglang/issues/1693 and https://github.com/NVIDIA/Megatron-LM/issues/935; sglang 0.5.2 parallel_state.py:577 (torch.distributed.all_reduce)",
    "nccl_or_distributed",
    "one rank's all-reduce never completed in 600 s; NCCL's watchdog takes the rank down (a collective timeout, the other ranks were stuck in NCCL)",
    join(
        boot_05("meta-llama/Llama-3.3-70B-Instruct", "LlamaForCausalLM", 8, "ready", shard_total=30),
        serving(62),
        "[rank5]:[E302 10:11:40.012345678 ProcessGroupNCCL.cpp:685] [Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48213, OpType=ALLREDUCE, NumelIn=16384, NumelOut=16384, Timeout(ms)=600000) ran for 600047 milliseconds before timing out.",
        "[rank5]:[E302 10:11:40.012567890 ProcessGroupNCCL.cpp:2252] [PG ID 2 PG GUID 3 Rank 5]  failure detected by watchdog at work sequence id: 48213 PG status: last enqueued work: 48215, last completed work: 48212",
        "[rank5]:[E302 10:11:40.012601234 ProcessGroupNCCL.cpp:732] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        "[rank5]:[E302 10:11:40.013011223 ProcessGroupNCCL.cpp:746] [Rank 5] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[rank5]:[E302 10:11:40.013050112 ProcessGroupNCCL.cpp:752] [Rank 5] To avoid data inconsistency, we are taking the entire process down.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 5] Process group watchdog thread terminated with exception: [Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48213, OpType=ALLREDUCE, NumelIn=16384, NumelOut=16384, Timeout(ms)=600000) ran for 600047 milliseconds before timing out.",
        "Exception raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:688 (most recent call first):",
        *c10_frames(
            PY312,
            "c10::Error::Error(c10::SourceLocation, std::string) + 0x96@libc10.so",
            "c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x23d@libtorch_cuda.so",
            "c10d::ProcessGroupNCCL::Watchdog::runLoop() + 0xc9a@libtorch_cuda.so",
            "c10d::ProcessGroupNCCL::Watchdog::run() + 0xdf@libtorch_cuda.so",
            LIBSTDCXX,
            LIBC_THREAD,
            LIBC_CLONE,
        ),
        "",
        *fh_dump(
            "Aborted",
            [
                (
                    "0x00007f8c1bfff640",
                    fh_frames(PY312, ("managers/scheduler.py", 2119, "watchdog_thread")) + thread_tail("3.12"),
                ),
                ("0x00007f8c2dffe640", tqdm_thread("3.12")),
            ],
            (
                "0x00007f8f0a1d3740",
                fh_frames(
                    PY312,
                    ("+torch/distributed/distributed_c10d.py", 2935, "all_reduce"),
                    ("+torch/distributed/c10d_logger.py", 81, "wrapper"),
                    ("distributed/parallel_state.py", 577, "_all_reduce_in_place"),
                    ("distributed/parallel_state.py", 131, "inplace_all_reduce"),
                    ("distributed/parallel_state.py", 548, "all_reduce"),
                    ("distributed/communication_op.py", 13, "tensor_model_parallel_all_reduce"),
                    ("layers/linear.py", 1380, "forward"),
                    ("models/llama.py", 121, "forward"),
                    ("models/llama.py", 285, "forward"),
                    ("models/llama.py", 340, "forward"),
                    ("models/llama.py", 466, "forward"),
                    ("model_executor/model_runner.py", 1900, "forward_extend"),
                    ("model_executor/model_runner.py", 2016, "_forward_raw"),
                    ("model_executor/model_runner.py", 1968, "forward"),
                    ("managers/tp_worker.py", 236, "forward_batch_generation"),
                    ("managers/tp_worker_overlap_thread.py", 174, "forward_thread_func_"),
                    ("managers/tp_worker_overlap_thread.py", 141, "forward_thread_func"),
                )
                + thread_tail("3.12"),
            ),
        ),
    ),
)

case(
    "n_pynccl_init_segv_interleaved_0510",
    "0.5.10.post1",
    "faulthandler output of two ranks interleaved at ncclCommInitRank as in https://github.com/gpustack/gpustack/issues/5553 and https://github.com/sgl-project/sglang/issues/28299; sglang 0.5.10.post1 pynccl_wrapper.py:397-405, pynccl.py:109, parallel_state.py:356/1394/1790, engine.py:1185-1220",
    "nccl_or_distributed",
    "both ranks segfault inside NCCL's communicator init (pynccl); the launcher reports rank 0 died with -11",
    join(
        sargs(0, "Qwen/Qwen3-8B", tp_size=2, mem_fraction_static=0.85),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP1')} Init torch distributed begin.",
        "[Gloo] Rank 0 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
        "[Gloo] Rank 1 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
        f"{ts(6, 'TP0')} sglang is using nccl==2.28.3",
        "Fatal Python error: Fatal Python error: Segmentation faultSegmentation fault",
        "",
        "Current thread 0xCurrent thread 0x0000724a7c9a930000007e8f4e95e300 (most recent call first):",
        " (most recent call first):",
        f'  File   File ""{PY312}/sglang/srt/distributed/device_communicators/pynccl_wrapper.py{PY312}/sglang/srt/distributed/device_communicators/pynccl_wrapper.py"", line , line 403403 in  in ncclCommInitRankncclCommInitRank',
        f'  File   File ""{PY312}/sglang/srt/distributed/device_communicators/pynccl.py{PY312}/sglang/srt/distributed/device_communicators/pynccl.py"", line , line 109109 in  in __init____init__',
        f'  File   File ""{PY312}/sglang/srt/distributed/parallel_state.py{PY312}/sglang/srt/distributed/parallel_state.py"", line , line 356356 in  in __init____init__',
        *fh_frames(
            PY312,
            ("distributed/parallel_state.py", 1442, "init_model_parallel_group"),
            ("distributed/parallel_state.py", 1790, "initialize_model_parallel"),
            ("model_executor/model_runner.py", 964, "init_torch_distributed"),
        ),
        *sched_init_0510(),
        "",
        died_0510(0, -11, 9),
    ),
)

case(
    "n_shm_sigbus_docker_0510",
    "0.5.10.post1",
    "sglang 0.5.10.post1 engine.py:1185-1220 (exit code -7); faulthandler's `Bus error`; the docker default 64 MB /dev/shm (the NCCL shared-memory case of https://github.com/sgl-project/sglang/issues/5096, here as SIGBUS)",
    "nccl_or_distributed",
    "NCCL's shared-memory transport touches a /dev/shm segment the 64 MB tmpfs cannot back (SIGBUS, exit -7); remedy is --shm-size / --ipc=host, the NCCL family per the corpus",
    join(
        "$ docker run --gpus all -p 30000:30000 lmsysorg/sglang:v0.5.10.post1-cu129 python3 -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4",
        sargs(0, "Qwen/Qwen3-32B", tp_size=4, mem_fraction_static=0.88),
        [f"{ts(5, t)} Init torch distributed begin." for t in tp_tags(4)],
        f"{ts(6, 'TP0')} sglang is using nccl==2.27.3",
        *fh_dump(
            "Bus error",
            [("0x00007f0e6bfff640", tqdm_thread("3.12"))],
            (
                "0x00007f1190a3c740",
                fh_frames(
                    PY312,
                    ("distributed/device_communicators/pynccl_wrapper.py", 403, "ncclCommInitRank"),
                    ("distributed/device_communicators/pynccl.py", 109, "__init__"),
                    ("distributed/parallel_state.py", 356, "__init__"),
                    ("distributed/parallel_state.py", 1442, "init_model_parallel_group"),
                    ("distributed/parallel_state.py", 1790, "initialize_model_parallel"),
                    ("model_executor/model_runner.py", 964, "init_torch_distributed"),
                )
                + sched_init_0510(),
            ),
        ),
        died_0510(2, -7, 9),
        "$ docker exec sglang df -h /dev/shm",
        "Filesystem      Size  Used Avail Use% Mounted on",
        "shm              64M   64M     0 100% /dev/shm",
    ),
)

case(
    "n_custom_ar_abort_055",
    "0.5.5",
    "https://github.com/sgl-project/sglang/issues/13016 (0.5.5 custom all reduce crashing: traceback through ca_comm.custom_all_reduce, then c10 frames ending in sglang::scheduler_TP0 and Fatal Python error: Aborted); sglang 0.5.5 parallel_state.py:156/615/634",
    "nccl_or_distributed",
    "SGLang's custom all-reduce kernel faults while serving (the call path is ca_comm.custom_all_reduce); by remedy (--disable-custom-all-reduce) a communication-layer failure",
    join(
        boot_05(
            "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8",
            "Qwen3MoeForCausalLM",
            8,
            "ready",
            shard_total=24,
            quant="fp8",
            ep=True,
        ),
        serving(62, "TP0 EP0"),
        f"{ts(70, 'TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("managers/scheduler.py", 990, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            ("managers/scheduler.py", 1987, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
            ("models/qwen3_moe.py", 340, "forward", "hidden_states = tensor_model_parallel_all_reduce(hidden_states)"),
            (
                "distributed/communication_op.py",
                13,
                "tensor_model_parallel_all_reduce",
                "return get_tp_group().all_reduce(input_)",
            ),
            ("distributed/parallel_state.py", 615, "all_reduce", "return torch.ops.sglang.outplace_all_reduce("),
            ("+torch/_ops.py", 1243, "__call__", "return self._op(*args, **kwargs)"),
            (
                "distributed/parallel_state.py",
                156,
                "outplace_all_reduce",
                "return group._all_reduce_out_place(tensor, outplace_all_reduce_method)",
            ),
            ("distributed/parallel_state.py", 634, "_all_reduce_out_place", "out = ca_comm.custom_all_reduce(input_)"),
            (
                "distributed/device_communicators/custom_all_reduce.py",
                420,
                "custom_all_reduce",
                "return self.all_reduce(input, registered=False)",
            ),
            ("distributed/device_communicators/custom_all_reduce.py", 397, "all_reduce", "ops.all_reduce("),
        ),
        "RuntimeError: CUDA error: an illegal memory access was encountered",
        *CUDA_HINT[:3],
        "",
        f"{ts(70)} SIGQUIT received. signum=3, frame=<frame at 0x7f2e1c0b5a40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
        "terminate called after throwing an instance of 'c10::Error'",
        "  what():  CUDA error: an illegal memory access was encountered",
        *CUDA_HINT,
        "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:44 (most recent call first):",
        *c10_frames(
            PY312,
            C10_ERROR,
            CUDA_CHECK,
            "c10::cuda::CUDACachingAllocator::Native::DeviceCachingAllocator::insertEventsInternal(c10::cuda::CUDACachingAllocator::Block*) + 0x2a6@libc10_cuda.so",
            "<unknown function> + 0x5f4e2b@libtorch_python.so",
            "sglang::scheduler_TP0() [0x59e4a6]@-",
            "_PyEval_EvalFrameDefault + 0x5102@sglang::scheduler_TP0",
            "PyEval_EvalCode + 0x99@sglang::scheduler_TP0",
            "Py_BytesMain + 0x2d@sglang::scheduler_TP0",
            "__libc_start_main + 0x80@/usr/lib/x86_64-linux-gnu/libc.so.6",
        ),
        "",
        *fh_dump(
            "Aborted",
            [("0x000071632dfff640", tqdm_thread("3.12"))],
            ("0x0000717e1f7a8740", ['  File "/usr/lib/python3.12/threading.py", line 1594 in _shutdown']),
        ),
    ),
)

case(
    "n_nccl_segv_in_capture_046",
    "0.4.6.post5",
    "NCCL's segfault backtrace inside ncclLaunchPrepare during capture as in https://github.com/sgl-project/sglang/issues/4205; sglang 0.4.6.post5 cuda_graph_runner.py:307/354/393/509, parallel_state.py (pynccl all_reduce)",
    "nccl_or_distributed",
    "the segfault is inside NCCL's enqueue (ncclMemoryPoolAlloc/addProxyOpIfNeeded) while capturing the TP all-reduce; a communication-library crash",
    join(
        boot_046("Qwen/QwQ-32B", "Qwen2ForCausalLM", 4, "capture", shard_total=14),
        "[node-07:3318 :0:3318] Caught signal 11 (Segmentation fault: address not mapped to object at address 0x10)",
        "==== backtrace (tid:    3318) ====",
        " 0 0x0000000000042520 __sigaction()  ???:0",
        " 1 0x0000000000049b8a ncclMemoryPoolAlloc<ncclProxyOp>()  /dvs/p4/build/sw/gpgpu/nccl/gitfusion/stable/src/include/utils.h:280",
        " 2 0x0000000000049b8a addProxyOpIfNeeded()  /dvs/p4/build/sw/gpgpu/nccl/gitfusion/stable/src/enqueue.cc:180",
        " 3 0x000000000004c496 addCBDCollToPlan()  /dvs/p4/build/sw/gpgpu/nccl/gitfusion/stable/src/enqueue.cc:481",
        " 4 0x000000000004f5bd ncclLaunchPrepare()  /dvs/p4/build/sw/gpgpu/nccl/gitfusion/stable/src/enqueue.cc:844",
        " 5 0x0000000000055b7e groupLaunch()  /dvs/p4/build/sw/gpgpu/nccl/gitfusion/stable/src/group.cc:379",
        " 6 0x0000000000056b3d ncclGroupEndInternal()  /dvs/p4/build/sw/gpgpu/nccl/gitfusion/stable/src/group.cc:553",
        " 7 0x000000000004e2a5 ncclEnqueueCheck()  /dvs/p4/build/sw/gpgpu/nccl/gitfusion/stable/src/enqueue.cc:1963",
        " 8 0x00000000000418d6 ncclAllReduce()  /dvs/p4/build/sw/gpgpu/nccl/gitfusion/stable/src/collectives.cc:50",
        "=================================",
        *fh_dump(
            "Segmentation fault",
            [("0x00007f4d8bfff640", tqdm_thread("3.10"))],
            (
                "0x00007f50c1b3a480",
                fh_frames(
                    PY310,
                    ("distributed/device_communicators/pynccl_wrapper.py", 297, "NCCL_CHECK"),
                    ("distributed/device_communicators/pynccl_wrapper.py", 346, "ncclAllReduce"),
                    ("distributed/device_communicators/pynccl.py", 133, "all_reduce"),
                    ("distributed/parallel_state.py", 468, "_all_reduce_in_place"),
                    ("distributed/parallel_state.py", 113, "inplace_all_reduce"),
                    ("distributed/parallel_state.py", 436, "all_reduce"),
                    ("layers/linear.py", 1299, "forward"),
                    ("models/qwen2.py", 92, "forward"),
                    ("model_executor/cuda_graph_runner.py", 486, "run_once"),
                    ("model_executor/cuda_graph_runner.py", 513, "capture_one_batch_size"),
                    ("model_executor/cuda_graph_runner.py", 374, "capture"),
                    ("model_executor/cuda_graph_runner.py", 307, "__init__"),
                    ("model_executor/model_runner.py", 1098, "init_cuda_graphs"),
                    ("model_executor/model_runner.py", 305, "initialize"),
                    ("managers/scheduler.py", 2297, "run_scheduler_process"),
                )
                + spawn_tail("3.10"),
            ),
        ),
        f"{ts(53)} Child process unexpectedly failed with an exit code 139. pid=3318",
        dead_eof(PY310, "3.10", 660, LAUNCH_046, -11, 53),
    ),
)

case(
    "n_pd_mooncake_segv_052",
    "0.5.2",
    "faulthandler dump with the Mooncake transfer thread as in https://github.com/sgl-project/sglang/issues/10350 and https://github.com/sgl-project/sglang/issues/7338; sglang 0.5.2 disaggregation/mooncake/conn.py, disaggregation/common/utils.py",
    "nccl_or_distributed",
    "the prefill server segfaults in Mooncake's transfer engine while sending KV to the decode side; the PD transfer layer is the distributed/communication family",
    join(
        sargs(
            0,
            "Qwen/Qwen3-32B",
            tp_size=1,
            disaggregation_mode="prefill",
            disaggregation_transfer_backend="mooncake",
            disaggregation_ib_device="mlx5_0",
        ),
        boot_05("Qwen/Qwen3-32B", "Qwen3ForCausalLM", 1, "ready")[1:],
        f"{ts(62)} Prefill batch. #new-seq: 1, #new-token: 3172, #cached-token: 0, token usage: 0.00, #unbootstrapped-req: 0, #queue-req: 0, #transferring-req: 0, input throughput (token/s): 0.00, ",
        f"{ts(63)} Prefill batch. #new-seq: 4, #new-token: 8192, #cached-token: 512, token usage: 0.01, #unbootstrapped-req: 0, #queue-req: 3, #transferring-req: 1, input throughput (token/s): 6132.87, ",
        *fh_dump(
            "Segmentation fault",
            [
                ("0x00007fbc4bfff640", tqdm_thread("3.12")),
                (
                    "0x00007fbc5ffff640",
                    ['  File "/usr/lib/python3.12/threading.py", line 355 in wait']
                    + fh_frames(
                        PY312,
                        ("disaggregation/common/utils.py", 24, "get"),
                        ("disaggregation/mooncake/conn.py", 768, "transfer_worker"),
                    )
                    + thread_tail("3.12"),
                ),
                (
                    "0x00007fb209fff640",
                    fh_frames(
                        PY312,
                        ("disaggregation/mooncake/transfer_engine.py", 75, "transfer_sync"),
                        ("disaggregation/mooncake/conn.py", 259, "process_layer"),
                        ("/usr/lib/python3.12/concurrent/futures/thread.py", 58, "run"),
                        ("/usr/lib/python3.12/concurrent/futures/thread.py", 92, "_worker"),
                    )
                    + thread_tail("3.12"),
                ),
            ],
            (
                "0x00007fbf2e51c740",
                fh_frames(
                    PY312,
                    ("disaggregation/utils.py", 47, "poll_and_all_reduce"),
                    ("disaggregation/prefill.py", 492, "process_disagg_prefill_inflight_queue"),
                    ("disaggregation/prefill.py", 333, "event_loop_overlap_disagg_prefill"),
                    ("+torch/utils/_contextlib.py", 120, "decorate_context"),
                    ("managers/scheduler.py", 2617, "run_scheduler_process"),
                )
                + spawn_tail("3.12"),
            ),
        ),
    ),
)

case(
    "n_nccl_unhandled_cuda_watchdog_052",
    "0.5.2",
    "torch's `NCCL error: unhandled cuda error ... ncclUnhandledCudaError: Call to CUDA function failed. Last error: Cuda failure ...` as in https://github.com/NVIDIA/nccl/issues/1410 and https://github.com/vllm-project/vllm/issues/3688, here raised by ProcessGroupNCCL's watchdog, then terminate",
    "nccl_or_distributed",
    "NCCL itself reports the failed CUDA call (P2P 'invalid argument') and the watchdog aborts the rank; remedies are NCCL/P2P settings",
    join(
        boot_05("Qwen/Qwen2.5-32B-Instruct", "Qwen2ForCausalLM", 2, "ready", shard_total=17),
        serving(62),
        "[rank1]:[E302 10:01:08.514227640 ProcessGroupNCCL.cpp:2057] [PG ID 2 PG GUID 3 Rank 1] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.27.3",
        "ncclUnhandledCudaError: Call to CUDA function failed.",
        "Last error:",
        "Cuda failure 1 'invalid argument'",
        "Exception raised from checkForNCCLErrorsInternal at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2312 (most recent call first):",
        *c10_frames(
            PY312,
            C10_ERROR,
            "c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x23f@libtorch_cuda.so",
            "c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c@libtorch_cuda.so",
            "c10d::ProcessGroupNCCL::Watchdog::runLoop() + 0x5c1@libtorch_cuda.so",
            "c10d::ProcessGroupNCCL::Watchdog::run() + 0xdf@libtorch_cuda.so",
            LIBSTDCXX,
            LIBC_THREAD,
            LIBC_CLONE,
        ),
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 1] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.27.3",
        "ncclUnhandledCudaError: Call to CUDA function failed.",
        "Last error:",
        "Cuda failure 1 'invalid argument'",
        "Exception raised from run at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2063 (most recent call first):",
        *c10_frames(
            PY312, C10_ERROR, "<unknown function> + 0xe34731@libtorch_cuda.so", LIBSTDCXX, LIBC_THREAD, LIBC_CLONE
        ),
        "",
        *fh_dump("Aborted", [("0x00007f0a3bfff640", tqdm_thread("3.12"))], ("0x00007f0a25ffb640", [])),
    ),
)

# ============================================================================================ memory (host)
case(
    "m_host_oom_killer_load_0510",
    "0.5.10.post1",
    "sglang 0.5.10.post1 entrypoints/engine.py:1185-1190 (exit code -9 hint), polled at 1220; the kernel's OOM-killer lines (comm truncated to 15 chars: sglang::schedul)",
    "oom_weights",
    "the OS OOM killer SIGKILLs the scheduler while the shards stream through host RAM (exit -9, dmesg pasted); the weights do not fit the way they are loaded",
    join(
        boot_05("meta-llama/Llama-3.1-70B-Instruct", "LlamaForCausalLM", 4, "load"),
        shards(30, 11, "6.03s/it"),
        died_0510(3, -9, 80),
        "$ dmesg -T | grep -i oom",
        "[Mon Mar  2 10:01:18 2026] sglang::schedul invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
        "[Mon Mar  2 10:01:18 2026] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-1000.slice/session-3.scope,task=sglang::schedul,pid=48213,uid=1000",
        "[Mon Mar  2 10:01:18 2026] Out of memory: Killed process 48213 (sglang::schedul) total-vm:198345676kB, anon-rss:121567812kB, file-rss:1234560kB, shmem-rss:8192kB, UID:1000 pgtables:251384kB oom_score_adj:0",
    ),
)

case(
    "m_host_oom_eof_052",
    "0.5.2",
    "sglang 0.5.2 entrypoints/engine.py:849-856 (Rank 0 scheduler is dead / Exit code: -9 / EOFError), the shape of https://github.com/sgl-project/sglang/issues/15235 and https://github.com/sgl-project/sglang/issues/6083",
    "oom_weights",
    "SIGKILL (-9) in the middle of the shard progress bar, single GPU, no Python error: the host OOM killer while the weights load",
    join(
        boot_05("Qwen/Qwen2.5-VL-72B-Instruct", "Qwen2_5_VLForConditionalGeneration", 1, "load"),
        shards(38, 23, "5.61s/it"),
        dead_eof(PY312, "3.12", 852, LAUNCH_052, -9, 160),
    ),
)

case(
    "m_sigchld_killed_loading_046",
    "0.4.6.post5",
    "sglang 0.4.6.post5 entrypoints/engine.py:513-522 (SIGCHLD handler: os.waitpid's raw status, 9 = killed by SIGKILL) and 660-671 (Rank 0 scheduler is dead / Exit code / EOFError)",
    "oom_weights",
    "raw status 9 then exit code -9 during `Loading safetensors checkpoint shards`: the host killed the loader for memory",
    join(
        boot_046("deepseek-ai/DeepSeek-R1-Distill-Llama-70B", "LlamaForCausalLM", 2, "load"),
        shards(17, 6, "9.40s/it"),
        f"{ts(66)} Child process unexpectedly failed with an exit code 9. pid=21764",
        dead_eof(PY310, "3.10", 660, LAUNCH_046, -9, 66),
    ),
)

case(
    "m_k8s_oomkilled_loading_055",
    "0.5.5",
    "sglang 0.5.5 start-up lines; Kubernetes' container status (`Reason: OOMKilled`, `Exit Code: 137`) and the cgroup OOM line as `kubectl describe` / the node's kernel log print them",
    "oom_weights",
    "the pod's memory limit is hit while the checkpoint shards load; the container is killed (137 = 128+9), no SGLang error line at all",
    join(
        boot_05("Qwen/Qwen3-235B-A22B-Instruct-2507-FP8", "Qwen3MoeForCausalLM", 8, "load", quant="fp8", ep=True),
        shards(24, 9, "7.77s/it"),
        "$ kubectl describe pod qwen3-235b-sglang-0 | sed -n '/Last State/,/Finished/p'",
        "    Last State:     Terminated",
        "      Reason:       OOMKilled",
        "      Exit Code:    137",
        "      Started:      Mon, 02 Mar 2026 10:00:00 +0000",
        "      Finished:     Mon, 02 Mar 2026 10:01:12 +0000",
        "[Mon Mar  2 10:01:12 2026] Memory cgroup out of memory: Killed process 3917 (sglang::schedul) total-vm:301246880kB, anon-rss:98213376kB, file-rss:402112kB, shmem-rss:0kB, UID:0 pgtables:214820kB oom_score_adj:999",
    ),
)

case(
    "m_bad_alloc_weights_055",
    "0.5.5",
    "libstdc++'s terminate text for std::bad_alloc; faulthandler dump; sglang 0.5.5 model_loader/weight_utils.py:610-699 (safetensors_weights_iterator), loader.py:599/607, engine.py:849-856. Composite: the native text is the library's, its place in the weight iterator is plausible, not copied from one thread",
    "oom_weights",
    "host allocation fails while a weight shard is materialised (std::bad_alloc, abort, exit -6): the weights do not fit in host RAM during load",
    join(
        boot_05("mistralai/Mixtral-8x22B-Instruct-v0.1", "MixtralForCausalLM", 4, "load"),
        shards(59, 17, "8.90s/it"),
        "terminate called after throwing an instance of 'std::bad_alloc'",
        "  what():  std::bad_alloc",
        *fh_dump(
            "Aborted",
            [("0x00007f6e2bfff640", tqdm_thread("3.12"))],
            (
                "0x00007f710e0c2740",
                fh_frames(
                    PY312,
                    ("model_loader/weight_utils.py", 694, "safetensors_weights_iterator"),
                    ("models/mixtral.py", 402, "load_weights"),
                    ("model_loader/loader.py", 607, "load_weights_and_postprocess"),
                    ("model_loader/loader.py", 599, "load_model"),
                    ("model_loader/__init__.py", 28, "get_model"),
                    ("model_executor/model_runner.py", 752, "load_model"),
                    ("model_executor/model_runner.py", 398, "initialize"),
                    ("model_executor/model_runner.py", 322, "__init__"),
                    ("managers/tp_worker.py", 237, "__init__"),
                    ("managers/scheduler.py", 311, "__init__"),
                    ("managers/scheduler.py", 2802, "run_scheduler_process"),
                )
                + spawn_tail("3.12"),
            ),
        ),
        dead_eof(PY312, "3.12", 898, LAUNCH_052, -6, 120),
    ),
)

# ============================================================================================ configuration
case(
    "f_hicache_host_oom_rank5_0510",
    "0.5.10.post1",
    "sglang 0.5.10.post1 mem_cache/memory_pool_host.py (per-rank psutil check, `Allocating ... GB host memory for hierarchical KV cache.`), engine.py:1185-1220; the repro in https://github.com/sgl-project/sglang/pull/20287 (later ranks SIGKILLed as each allocates its host pool)",
    "config_error",
    "each TP rank passes the free-memory check alone, together the --hicache-size pools exceed host RAM and the OOM killer takes rank 5 after the KV pool; the remedy is the operator's --hicache-size, not weights/TP or mem-fraction",
    join(
        sargs(
            0,
            "Qwen/Qwen3-32B-FP8",
            tp_size=8,
            mem_fraction_static=0.85,
            enable_hierarchical_cache=True,
            hicache_size=150,
        ),
        boot_05("Qwen/Qwen3-32B-FP8", "Qwen3ForCausalLM", 8, "pool", quant="fp8")[1:],
        [f"{ts(43, t)} Allocating 150.00 GB host memory for hierarchical KV cache." for t in tp_tags(8)],
        died_0510(5, -9, 70),
        "$ dmesg -T | grep -i oom",
        "[Mon Mar  2 10:01:09 2026] Out of memory: Killed process 7731 (sglang::schedul) total-vm:231445120kB, anon-rss:157288448kB, file-rss:90112kB, shmem-rss:0kB, UID:0 pgtables:310944kB oom_score_adj:0",
    ),
)

case(
    "f_context_override_device_assert_055",
    "0.5.5",
    "sglang 0.5.5 configs/model_config.py:285-293 (the context_length override warning with SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN); torch's index_select assertion (Indexing.cu `srcIndex < srcSelectDimSize`); c10 terminate at teardown",
    "config_error",
    "the operator forced --context-length past the model's positions (the log warns: 'may lead to ... CUDA errors'); a long prompt then indexes past the RoPE cache; remedy is the argument",
    join(
        sargs(0, "meta-llama/Meta-Llama-3-8B-Instruct", context_length=32768, mem_fraction_static=0.85),
        f"{ts(1)} Warning: User-specified context_length (32768) is greater than the derived context_length (8192). This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config.",
        boot_05("meta-llama/Meta-Llama-3-8B-Instruct", "LlamaForCausalLM", 1, "ready", shard_total=4)[1:],
        f"{ts(64)} Prefill batch. #new-seq: 1, #new-token: 8192, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
        f"{ts(65)} Prefill batch. #new-seq: 1, #new-token: 5311, #cached-token: 8192, token usage: 0.03, #running-req: 0, #queue-req: 0, ",
        *[
            f"/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1255: indexSelectSmallIndex: block: [{b},0,0], thread: [{t},0,0] Assertion `srcIndex < srcSelectDimSize` failed."
            for b in (12, 13)
            for t in (0, 1, 2)
        ],
        f"{ts(65)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("managers/scheduler.py", 990, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            ("managers/scheduler.py", 1987, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
            ("models/llama.py", 166, "forward", "q, k = self.rotary_emb(positions, q, k)"),
            (
                "layers/rotary_embedding.py",
                212,
                "forward_native",
                "cos_sin = self.cos_sin_cache.index_select(0, positions)",
            ),
        ),
        "RuntimeError: CUDA error: device-side assert triggered",
        *CUDA_HINT[:3],
        "",
        f"{ts(65)} SIGQUIT received. signum=3, frame=<frame at 0x7f2e1c0b5a40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
        "terminate called after throwing an instance of 'c10::Error'",
        "  what():  CUDA error: device-side assert triggered",
        *CUDA_HINT,
        "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:44 (most recent call first):",
        *c10_frames(
            PY312,
            C10_ERROR,
            CUDA_CHECK,
            "at::cuda::CUDAEvent::~CUDAEvent() + 0x61@libtorch_cuda.so",
            "_PyEval_EvalFrameDefault + 0x5102@sglang::scheduler",
        ),
        "",
        *fh_dump(
            "Aborted",
            [("0x00007f2b17fff640", tqdm_thread("3.12"))],
            ("0x00007f2d8e53b740", ['  File "/usr/lib/python3.12/threading.py", line 1594 in _shutdown']),
        ),
    ),
)

# ============================================================================================ healthy contrasts
case(
    "h_soft_watchdog_pyspy_dump_0510",
    "0.5.10.post1",
    "sglang 0.5.10.post1 utils/watchdog.py:133-159 (soft watchdog: debug info, `Pyspy dump for PID`, `Scheduler watchdog timeout (..., self.soft=True)`, no SIGQUIT when soft), utils/common.py:2267-2278 (py-spy dump --native), managers/scheduler_runtime_checker_mixin.py:383-408",
    "healthy",
    "--soft-watchdog-timeout dumps the stack of a long prefill on demand and does nothing else; the next batches are logged and the server keeps serving",
    join(
        sargs(0, "Qwen/Qwen3-8B", soft_watchdog_timeout=60.0, context_length=131072),
        boot_05("Qwen/Qwen3-8B", "Qwen3ForCausalLM", 1, "ready", shard_total=5)[1:],
        f"{ts(64)} Prefill batch. #new-seq: 1, #new-token: 8192, #cached-token: 0, token usage: 0.08, #running-req: 0, #queue-req: 0, ",
        f"{ts(126)} Scheduler debug info:",
        "scheduler.cur_batch.batch_size()=1",
        "scheduler.cur_batch.reqs=[Req(rid=4c1f0e9d2b7a48a5b0e1f2a3c4d5e6f7, input_ids=[151644, 872, 198, ...], output_ids=[])]",
        "#tokens: 98304, #available_tokens: 885712",
        f"{ts(126)} Pyspy dump for PID 4388:",
        "Process 4388: sglang::scheduler",
        "Python v3.12.3 (/usr/bin/python3.12)",
        "",
        'Thread 4388 (active): "MainThread"',
        "    flash::run_mha_fwd_<cutlass::bfloat16_t, 128, false> (sgl_kernel/flash_ops.abi3.so)",
        f"    flash_attn_with_kvcache ({PY312}/sgl_kernel/flash_attn.py:201)",
        f"    forward_extend ({PY312}/sglang/srt/layers/attention/flashattention_backend.py:812)",
        f"    forward ({PY312}/sglang/srt/models/qwen3.py:151)",
        f"    forward_extend ({PY312}/sglang/srt/model_executor/model_runner.py:2640)",
        f"    run_batch ({PY312}/sglang/srt/managers/scheduler.py:2684)",
        f"    event_loop_overlap ({PY312}/sglang/srt/managers/scheduler.py:1361)",
        f"    run_scheduler_process ({PY312}/sglang/srt/managers/scheduler.py:3616)",
        'Thread 4502 (idle): "Thread-3 (_watchdog_thread)"',
        f"    _watchdog_once ({PY312}/sglang/srt/utils/watchdog.py:152)",
        "",
        f"{ts(126)} Scheduler watchdog timeout (self.watchdog_timeout=60.0, self.soft=True)",
        "",
        f"{ts(131)} Prefill batch. #new-seq: 1, #new-token: 8192, #cached-token: 0, token usage: 0.09, #running-req: 0, #queue-req: 2, ",
        f"{ts(133)} Decode batch. #running-req: 3, #token: 106611, token usage: 0.11, cuda graph: True, gen throughput (token/s): 88.31, #queue-req: 0, ",
        f'{ts(140)} INFO:     10.0.3.17:55380 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "h_c10d_socket_retry_055",
    "0.5.5",
    "torch c10d's client-socket warning (`[W... socket.cpp] [c10d] The client socket has failed to connect to ... (errno: 99 - Cannot assign requested address).`), retried until the store is up; sglang 0.5.5 start-up",
    "healthy",
    "a C++ [W] line from torch's TCPStore client while rank 1 waits for rank 0's store; it retries, distributed init ends and the server reaches ready",
    join(
        boot_05("Qwen/Qwen3-14B", "Qwen3ForCausalLM", 2, "dist"),
        "[W302 10:00:05.842315221 socket.cpp:752] [c10d] The client socket has failed to connect to [localhost]:35417 (errno: 99 - Cannot assign requested address).",
        "[W302 10:00:05.845001997 socket.cpp:752] [c10d] The client socket has failed to connect to [localhost]:35417 (errno: 99 - Cannot assign requested address).",
        boot_05("Qwen/Qwen3-14B", "Qwen3ForCausalLM", 2, "ready", shard_total=8)[3:],
        serving(62),
    ),
)

case(
    "h_cudagraph_pending_nccl_warning_052",
    "0.5.2",
    "torch's CUDAGraph.cpp warning `Waiting for pending NCCL work to finish before starting graph capture.` printed per rank during SGLang's capture with TP; sglang 0.5.2 start-up",
    "healthy",
    "a native [W] CUDAGraph warning per rank at capture start, then capture ends and the server serves",
    join(
        boot_05("meta-llama/Llama-3.1-8B-Instruct", "LlamaForCausalLM", 2, "capture", shard_total=4),
        "[rank0]:[W302 10:00:42.301441590 CUDAGraph.cpp:150] Warning: Waiting for pending NCCL work to finish before starting graph capture. (function operator())",
        "[rank1]:[W302 10:00:42.301556021 CUDAGraph.cpp:150] Warning: Waiting for pending NCCL work to finish before starting graph capture. (function operator())",
        after("capture", "meta-llama/Llama-3.1-8B-Instruct", "LlamaForCausalLM", 2, shard_total=4),
        serving(62),
    ),
)

case(
    "h_custom_ar_cudart_fallback_0510",
    "0.5.10.post1",
    "sglang 0.5.10.post1 distributed/parallel_state.py:370-383 (`Setup Custom allreduce failed with {e}. To silence this warning, specify --disable-custom-all-reduce explicitly.`), the CUDART text as in https://github.com/sgl-project/sglang/issues/12496",
    "healthy",
    "custom all-reduce cannot set up P2P on PCIe GPUs (a CUDART error in a warning), SGLang falls back to NCCL and reaches ready",
    join(
        boot_05("Qwen/Qwen3-30B-A3B", "Qwen3MoeForCausalLM", 2, "dist"),
        "[Gloo] Rank 0 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
        "[Gloo] Rank 1 is connected to 1 peer ranks. Expected number of connected peer ranks is : 1",
        f"{ts(6, 'TP1')} Setup Custom allreduce failed with CUDART error: peer access is not supported between these two devices. To silence this warning, specify --disable-custom-all-reduce explicitly.",
        f"{ts(6, 'TP0')} Setup Custom allreduce failed with CUDART error: peer access is not supported between these two devices. To silence this warning, specify --disable-custom-all-reduce explicitly.",
        boot_05("Qwen/Qwen3-30B-A3B", "Qwen3MoeForCausalLM", 2, "ready", shard_total=16)[3:],
        serving(62),
    ),
)

case(
    "h_oom_killer_other_process_0510",
    "0.5.10.post1",
    "sglang 0.5.10.post1 start-up and serving lines; the kernel's OOM-killer line for another process (a notebook kernel) pasted by the operator",
    "healthy",
    "the OOM killer took someone else's python (a Jupyter kernel) on the shared host; SGLang never died and keeps logging batches",
    join(
        boot_05("Qwen/Qwen3-8B", "Qwen3ForCausalLM", 1, "ready", shard_total=5),
        serving(62, None),
        "$ dmesg -T | grep -i oom",
        "[Mon Mar  2 10:01:40 2026] python3 invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0",
        "[Mon Mar  2 10:01:40 2026] Out of memory: Killed process 91234 (python3) total-vm:88012344kB, anon-rss:61234512kB, file-rss:10240kB, shmem-rss:0kB, UID:1001 pgtables:121004kB oom_score_adj:0",
        serving(102, None, 2),
    ),
)

# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "f_context_override_device_assert_055": "cuda_error_other",
    "f_hicache_host_oom_rank5_0510": "oom_cuda_graph",
    "n_custom_ar_abort_055": "cuda_error_other",
    "n_pd_mooncake_segv_052": "unknown",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_native_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way to ready at first sight (what a live supervisor acts on), with
# the event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_native_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
