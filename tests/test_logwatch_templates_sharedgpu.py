"""GPUs that are not empty or not whole when SGLang (0.4.0-0.5.10.post1) starts (a helper, blind).

Scope: another process already on the GPU when SGLang starts or while it runs: a previous crashed server's schedulers
still holding memory (torch's OOM text naming them, `Process N has X GiB memory in use`), another tenant's job, a
second SGLang server started on the same GPUs (its weights / KV / port failures; 0.4.9's bind error followed by a
"ready" line that the first server's answers produced), a `--base-gpu-id` that lands on busy GPUs or past the visible
ones, a workstation GPU driving the desktop (Xorg is not a compute process, so torch names nobody), MIG slices (0.4.6's
`No GPU memory values found.`, 0.5.x's fallback warning and the slice's small totals), MPS (Error 807 before any GPU is
found), an EXCLUSIVE_PROCESS GPU held by someone else, and SGLang's own TP memory-balance check per release: 0.4.0-0.4.3
a bare ValueError, 0.4.6-0.5.6 a ValueError with the numbers unless `SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK` turns it into
a warning, 0.5.10 a RuntimeError unless `SGLANG_ENABLE_TP_MEMORY_INBALANCE_CHECK=0` (the old variable, set to 1, is
mapped onto the new one and so still raises). Five healthy contrasts that look alarming and go on: the imbalance
warning (0.4.6 and 0.5.10), the MIG fallback warning (0.5.3), 0.5.6 waiting for a dying server's ZMQ port, and a second
server sharing a GPU on purpose with a much smaller `avail mem`.

Each message is copied from the named release's wheel (file:line under sglang/ of that release: model_runner.py's
memory check, utils get_nvgpu_memory_capacity, server_args PortArgs.init_new / wait_port_available, environ.py's
deprecation mapping, cuda_graph_runner.py's capture wrapper, scheduler / engine wrappers) or from the library that
prints it (torch's CUDACachingAllocator OOM text and CUDA error text, uvicorn 0.34 server.py's bind failure, Python's
warnings) or from the public thread cited, format fields filled with plausible values; some torch / loader line numbers
are approximate.

Labelling policy (by /work/shared/corpus/README.md, decided before the classifier ran): the phase decides the memory
label even when the cause is someone else's process (an OOM while building the weights is `oom_weights`, "Not enough
memory" at the pool is `oom_kv_cache`, an OOM in capture is `oom_cuda_graph`, after ready `oom_runtime`); the `why`
says what a careful engineer does instead (free the GPU, kill the zombie, fix --base-gpu-id). SGLang's TP
memory-balance check is a start-up memory check made just before the weights are placed, so it is labelled
`oom_weights` (the weights cannot be placed evenly on these GPUs; no change of --mem-fraction-static helps). A bad
`--base-gpu-id` past the visible GPUs is `config_error`; MPS / EXCLUSIVE_PROCESS refusals are `cuda_error_other`; a
port held by the other server is `port_in_use`; 0.4.6's MIG crash in the argument checks is `config_error` (that
release cannot run on a MIG slice; retries do not help).

First sight: 24/33 (9 misses, strict xfails below). All eight balance-check failures (0.4.0 to 0.5.10, ValueError
and RuntimeError forms, one to six ranks) came back nccl_or_distributed (rule unnamed.exception; the raise sits in
init_torch_distributed, the message names memory). 0.5.10's invalid device ordinal after --base-gpu-id (torch 2.9's AcceleratorError
with `GPU device may be out of range` and `Search for cudaErrorInvalidDevice`) came back cuda_error_other, while 0.4.6's
bare `RuntimeError: CUDA error: invalid device ordinal` after the Context line was config_error. Healthy contrasts 5/5,
none fires a failure event.
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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # 0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # 0.5.x images


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in the same site-packages: `+torch/...`)."""
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


def at(second: int, rank: str | None, msg: str) -> str:
    return f"{ts(second, rank)} {msg}"


def sargs(second: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def gib(mib: int) -> float:
    """`get_available_gpu_memory`: free bytes / (1 << 30); free memory comes in MiB, so this is exact."""
    return mib / 1024


def imbalance(min_mib: int, local_mib: int, first: str = "min_per_gpu_memory") -> str:
    """0.4.6+'s numbers, as the f-string's `=` specifier prints them (repr of the floats)."""
    lo, loc = gib(min_mib), gib(local_mib)
    return f"{first}={lo!r}, local_gpu_memory={loc!r}, local_gpu_memory * 0.9={loc * 0.9!r}"


IMBALANCE = "The memory capacity is unbalanced. Some GPUs may be occupied by other processes."


def sigquit(second: int, typo: bool = False) -> str:
    word = "proces" if typo else "process"  # 0.4.3's engine.py:331 misspells it
    return f"{ts(second)} Received sigquit from a child {word}. It usually means the child failed."


def ready(second: int, port: int = 30000, pid: int = 4242, host: str = "127.0.0.1") -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://{host}:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{ts(second + 2)} INFO:     127.0.0.1:46710 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


TORCH_TAIL = (
    "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
    "fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)


def torch_oom(
    tried: str,
    gpu: int,
    total: str,
    free: str,
    procs: list[tuple[int, str]],
    mine: str,
    alloc: str,
    pools: str | None,
    reserved: str,
) -> str:
    """torch's CUDACachingAllocator text: one `Process N has X memory in use.` per other compute process NVML lists,
    then this process's own line."""
    others = "".join(f"Process {pid} has {size} memory in use. " for pid, size in procs)
    pool = f"with {pools} allocated in private pools (e.g., CUDA Graphs), " if pools else ""
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried}. GPU {gpu} has a total capacity of {total} "
        f"of which {free} is free. {others}Including non-PyTorch memory, this process has {mine} memory in use. "
        f"Of the allocated memory {alloc} is allocated by PyTorch, {pool}and {reserved} is reserved by PyTorch but unallocated. "
        + TORCH_TAIL
    )


CUDA_ERR_TAIL = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
)

# -- the call paths into ModelRunner, per release (outermost first), read in each wheel
TO_RUNNER = {
    "0.4.0": (
        (
            "managers/scheduler.py",
            1489,
            "run_scheduler_process",
            "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
        ),
        ("managers/scheduler.py", 194, "__init__", "self.tp_worker = TpWorkerClass("),
        (
            "managers/tp_worker_overlap_thread.py",
            61,
            "__init__",
            "self.worker = TpModelWorker(server_args, gpu_id, tp_rank, dp_rank, nccl_port)",
        ),
        ("managers/tp_worker.py", 62, "__init__", "self.model_runner = ModelRunner("),
    ),
    "0.4.3": (
        (
            "managers/scheduler.py",
            1816,
            "run_scheduler_process",
            "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
        ),
        ("managers/scheduler.py", 240, "__init__", "self.tp_worker = TpWorkerClass("),
        (
            "managers/tp_worker_overlap_thread.py",
            63,
            "__init__",
            "self.worker = TpModelWorker(server_args, gpu_id, tp_rank, dp_rank, nccl_port)",
        ),
        ("managers/tp_worker.py", 68, "__init__", "self.model_runner = ModelRunner("),
    ),
    "0.4.6": (
        (
            "managers/scheduler.py",
            2012,
            "run_scheduler_process",
            "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
        ),
        ("managers/scheduler.py", 261, "__init__", "self.tp_worker = TpWorkerClass("),
        (
            "managers/tp_worker_overlap_thread.py",
            63,
            "__init__",
            "self.worker = TpModelWorker(server_args, gpu_id, tp_rank, dp_rank, nccl_port)",
        ),
        ("managers/tp_worker.py", 75, "__init__", "self.model_runner = ModelRunner("),
    ),
    "0.4.9": (
        (
            "managers/scheduler.py",
            2721,
            "run_scheduler_process",
            "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
        ),
        ("managers/scheduler.py", 338, "__init__", "self.tp_worker = TpWorkerClass("),
        ("managers/tp_worker_overlap_thread.py", 66, "__init__", "self.worker = TpModelWorker("),
        ("managers/tp_worker.py", 81, "__init__", "self.model_runner = ModelRunner("),
    ),
    "0.5.3": (
        ("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),
        ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
        ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
        ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
    ),
    "0.5.6": (
        ("managers/scheduler.py", 2653, "run_scheduler_process", "scheduler = Scheduler("),
        ("managers/scheduler.py", 316, "__init__", "self.tp_worker = TpModelWorker("),
        ("managers/tp_worker.py", 245, "__init__", "self._model_runner = ModelRunner("),
    ),
    "0.5.10.post1": (
        ("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
        ("managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
        ("managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
        ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
        ("managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
        ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
    ),
}
# ModelRunner.__init__ -> init_torch_distributed -> the balance check's raise, per release
BALANCE = {
    "0.4.0": ((148, "min_per_gpu_memory = self.init_torch_distributed()"), (215, "raise ValueError(")),
    "0.4.3": ((186, "min_per_gpu_memory = self.init_torch_distributed()"), (279, "raise ValueError(")),
    "0.4.6": ((177, "min_per_gpu_memory = self.init_torch_distributed()"), (391, "raise ValueError(")),
    "0.4.9": ((226, "min_per_gpu_memory = self.init_torch_distributed()"), (566, "raise ValueError(")),
    "0.5.3": ((285, "min_per_gpu_memory = self.init_torch_distributed()"), (718, "raise ValueError(")),
    "0.5.6": ((344, "min_per_gpu_memory = self.init_torch_distributed()"), (722, "raise ValueError(")),
    "0.5.10.post1": ((403, "pre_model_load_memory = self.init_torch_distributed()"), (1016, "raise RuntimeError(msg)")),
}


def balance_tb(ver: str, site: str) -> str:
    (l1, c1), (l2, c2) = BALANCE[ver]
    return tb(
        site,
        *TO_RUNNER[ver],
        ("model_executor/model_runner.py", l1, "__init__", c1),
        ("model_executor/model_runner.py", l2, "init_torch_distributed", c2),
    )


def sched_exc(second: int, rank: str, trace: str, error: str = "") -> str:
    """`Scheduler hit an exception: <traceback>`; `trace` may already end with its error (a chained one)."""
    body = f"{trace}\n{error}" if error else trace
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{body}"


def died(second: int, site: str, rank: int = 0, code: int = 1) -> str:
    """0.5.10's launcher, when it sees a scheduler gone before the sigquit arrives."""
    return (
        f"{ts(second)} {TB}\n"
        + tb(
            site,
            ("<frozen runpy>", 198, "_run_module_as_main", ""),
            ("<frozen runpy>", 88, "_run_code", ""),
            ("+sglang/launch_server.py", 32, "<module>", "run_server(server_args)"),
            ("+sglang/launch_server.py", 20, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 1710, "launch_server", "_launch_subprocesses("),
            ("entrypoints/engine.py", 1010, "_launch_subprocesses", "scheduler_infos = _wait_for_scheduler_ready("),
            (
                "entrypoints/engine.py",
                1220,
                "_wait_for_scheduler_ready",
                "raise _scheduler_died_error(j, scheduler_procs[j])",
            ),
        )
        + (
            f"\nRuntimeError: Rank {rank} scheduler died during initialization (exit code: {code}). If exit code is -9 (SIGKILL), "
            "a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check."
        )
    )


# ======================================================================= the TP memory-balance check, per release
case(
    "balance_040_tenant_on_gpu1_bare_valueerror",
    "0.4.0",
    "sglang-0.4.0 srt/model_executor/model_runner.py:211-217 (no numbers yet); thread https://github.com/sgl-project/sglang/issues/1533",
    "oom_weights",
    "another user's job holds half of GPU 1, so TP0 refuses before placing its shard; the fix is freeing GPU 1 or picking idle GPUs, not a fraction",
    join(
        sargs(0, "meta-llama/Llama-3.1-70B-Instruct", tp_size=2, mem_fraction_static=0.87, port=30000),
        at(4, "TP0", "Init torch distributed begin."),
        at(4, "TP1", "Init torch distributed begin."),
        at(6, "TP1", "Load weight begin. avail mem=40.11 GB"),
        sched_exc(6, "TP0", balance_tb("0.4.0", PY310), f"ValueError: {IMBALANCE}"),
        "",
        "Killed",
    ),
)

case(
    "balance_043_crashed_servers_schedulers_still_alive",
    "0.4.3",
    "sglang-0.4.3 srt/model_executor/model_runner.py:276-281, entrypoints/engine.py:331 (the 'proces' typo)",
    "oom_weights",
    "the last crashed server's TP2/TP3 schedulers still hold GPUs 2-3, so ranks 0-1 refuse; a careful engineer kills those pids and relaunches",
    join(
        sargs(0, "Qwen/Qwen2.5-72B-Instruct", tp_size=4, mem_fraction_static=0.85, port=30000),
        at(5, "TP0", "Init torch distributed begin."),
        at(5, "TP1", "Init torch distributed begin."),
        at(5, "TP2", "Init torch distributed begin."),
        at(5, "TP3", "Init torch distributed begin."),
        at(8, "TP2", "Load weight begin. avail mem=14.62 GB"),
        at(8, "TP3", "Load weight begin. avail mem=14.62 GB"),
        sched_exc(8, "TP0", balance_tb("0.4.3", PY310), f"ValueError: {IMBALANCE}"),
        "",
        sched_exc(8, "TP1", balance_tb("0.4.3", PY310), f"ValueError: {IMBALANCE}"),
        "",
        sigquit(8, typo=True),
    ),
)

case(
    "balance_046_workstation_gpu0_drives_the_desktop",
    "0.4.6",
    "sglang-0.4.6 srt/model_executor/model_runner.py:382-395, entrypoints/engine.py:472",
    "oom_weights",
    "two RTX 4090s, GPU 0 runs Xorg/gnome-shell/browser (2.6 GiB), so only TP1 sees min < 0.9 x local and raises; remedy: free GPU 0 or set SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK=1 knowingly",
    join(
        sargs(0, "Qwen/Qwen2.5-32B-Instruct-AWQ", tp_size=2, mem_fraction_static=0.87, port=30000),
        at(3, "TP0", "Init torch distributed begin."),
        at(3, "TP1", "Init torch distributed begin."),
        at(5, "TP0", "Init torch distributed ends. mem usage=0.18 GB"),
        at(5, "TP0", "Load weight begin. avail mem=20.55 GB"),
        sched_exc(5, "TP1", balance_tb("0.4.6", PY310), f"ValueError: {IMBALANCE} {imbalance(21043, 23389)}"),
        "",
        sigquit(5),
    ),
)

case(
    "balance_049_mixed_3090_and_a4000",
    "0.4.9",
    "sglang-0.4.9 srt/model_executor/model_runner.py:557-570; the GPU pair from https://github.com/sgl-project/sglang/issues/1533 (A4000 + 3090)",
    "oom_weights",
    "an RTX 3090 next to a 16 GB A4000: nothing is occupied but the smaller card bounds every shard and the check refuses; remedy: matched GPUs or SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK=1, never a fraction change (unsure: closest to config_error)",
    join(
        sargs(0, "Qwen/Qwen2.5-14B-Instruct", tp_size=2, port=30000),
        at(4, "TP0", "Attention backend not set. Use flashinfer backend by default."),
        at(4, "TP0", "Init torch distributed begin."),
        at(4, "TP1", "Init torch distributed begin."),
        at(6, "TP1", "Init torch distributed ends. mem usage=0.21 GB"),
        at(6, "TP1", "Load weight begin. avail mem=15.29 GB"),
        sched_exc(6, "TP0", balance_tb("0.4.9", PY310), f"ValueError: {IMBALANCE} {imbalance(15657, 23337)}"),
        "",
        sigquit(6),
    ),
)

case(
    "balance_053_zombie_tp2_scheduler",
    "0.5.3",
    "sglang-0.5.3 srt/model_executor/model_runner.py:709-722, entrypoints/engine.py:726",
    "oom_weights",
    "a crashed run left sglang::scheduler_TP2 alive with 38 GiB on GPU 2; ranks 0, 1 and 3 raise, TP2 (the minimum) does not; kill the zombie, then relaunch",
    join(
        sargs(0, "meta-llama/Llama-3.3-70B-Instruct", tp_size=4, mem_fraction_static=0.85, port=30000),
        at(6, "TP0", "Init torch distributed begin."),
        at(6, "TP1", "Init torch distributed begin."),
        at(6, "TP2", "Init torch distributed begin."),
        at(6, "TP3", "Init torch distributed begin."),
        at(8, "TP0", "sglang is using nccl==2.27.3"),
        at(9, "TP2", "Init torch distributed ends. mem usage=0.55 GB"),
        at(9, "TP2", "Load weight begin. avail mem=40.05 GB"),
        sched_exc(9, "TP1", balance_tb("0.5.3", PY312), f"ValueError: {IMBALANCE} {imbalance(41011, 80295)}"),
        "",
        sched_exc(9, "TP0", balance_tb("0.5.3", PY312), f"ValueError: {IMBALANCE} {imbalance(41011, 80295)}"),
        "",
        sched_exc(9, "TP3", balance_tb("0.5.3", PY312), f"ValueError: {IMBALANCE} {imbalance(41011, 80301)}"),
        "",
        sigquit(9),
    ),
)

case(
    "balance_056_tenant_on_gpus_5_6_tp8",
    "0.5.6",
    "sglang-0.5.6 srt/model_executor/model_runner.py:713-726, entrypoints/engine.py:752",
    "oom_weights",
    "another team's fine-tune sits on GPUs 5-6 of the node; six ranks refuse; the remedy is scheduling onto free GPUs, not retrying at another fraction",
    join(
        sargs(0, "deepseek-ai/DeepSeek-V3-0324", tp_size=8, trust_remote_code=True, port=30000),
        at(7, "TP0", "Init torch distributed begin."),
        at(7, "TP5", "Init torch distributed begin."),
        at(10, "TP0", "sglang is using nccl==2.27.3"),
        at(12, "TP5", "Init torch distributed ends. mem usage=1.21 GB"),
        at(12, "TP5", "Load weight begin. avail mem=44.37 GB"),
        sched_exc(12, "TP0", balance_tb("0.5.6", PY312), f"ValueError: {IMBALANCE} {imbalance(45432, 141262)}"),
        "",
        sched_exc(12, "TP3", balance_tb("0.5.6", PY312), f"ValueError: {IMBALANCE} {imbalance(45432, 141262)}"),
        "",
        sigquit(12),
    ),
)

case(
    "balance_0510_runtimeerror_launcher_sees_death",
    "0.5.10.post1",
    "sglang-0.5.10.post1 srt/model_executor/model_runner.py:1009-1017 (RuntimeError by default, environ.py:213), entrypoints/engine.py:1182-1191",
    "oom_weights",
    "GPU 3 still holds a previous server's 70 GiB; TP0 raises the 0.5.10 RuntimeError form before loading; free GPU 3 (or move), fraction changes cannot help",
    join(
        sargs(0, "Qwen/Qwen3-235B-A22B-FP8", tp_size=4, mem_fraction_static=0.88, port=30000),
        at(6, "TP0", "Init torch distributed begin."),
        at(6, "TP3", "Init torch distributed begin."),
        at(9, "TP3", "Init torch distributed ends. elapsed=2.95 s, mem usage=0.61 GB"),
        at(9, "TP3", "Load weight begin. avail mem=68.73 GB"),
        sched_exc(
            9,
            "TP0",
            balance_tb("0.5.10.post1", PY312),
            f"RuntimeError: The memory capacity is unbalanced. Some GPUs may be occupied by other processes. {imbalance(70379, 142037, 'pre_model_load_memory')}",
        ),
        died(11, PY312),
    ),
)

case(
    "balance_0510_old_disable_variable_still_raises",
    "0.5.10.post1",
    "sglang-0.5.10.post1 srt/environ.py:539-544 + 559-562 (SGL_DISABLE_... copied onto SGLANG_ENABLE_...), environ.py:581, model_runner.py:1013-1016",
    "oom_weights",
    "the user exported the 0.4.x switch SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK=1; 0.5.10 maps it onto SGLANG_ENABLE_...=1 and raises anyway; GPU 1 is shared with a notebook, so free it (or set SGLANG_ENABLE_TP_MEMORY_INBALANCE_CHECK=0)",
    join(
        f"{PY312}/sglang/srt/environ.py:541: UserWarning: Environment variable SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK will be deprecated, please use SGLANG_ENABLE_TP_MEMORY_INBALANCE_CHECK instead",
        "  warnings.warn(",
        f"{PY312}/sglang/srt/environ.py:572: UserWarning: Environment variable SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK is deprecated, please use SGLANG_DISABLE_TP_MEMORY_INBALANCE_CHECK",
        "  warnings.warn(",
        sargs(0, "Qwen/Qwen3-32B", tp_size=2, port=30000),
        at(5, "TP0", "Init torch distributed begin."),
        at(5, "TP1", "Init torch distributed begin."),
        at(7, "TP1", "Init torch distributed ends. elapsed=1.88 s, mem usage=0.49 GB"),
        at(7, "TP1", "Load weight begin. avail mem=51.20 GB"),
        sched_exc(
            7,
            "TP0",
            balance_tb("0.5.10.post1", PY312),
            f"RuntimeError: The memory capacity is unbalanced. Some GPUs may be occupied by other processes. {imbalance(52429, 80363, 'pre_model_load_memory')}",
        ),
        sigquit(7),
    ),
)

# ================================================================== torch OOMs naming the other process, by phase
LOAD_043 = TO_RUNNER["0.4.3"] + (
    ("model_executor/model_runner.py", 194, "__init__", "self.load_model()"),
    ("model_executor/model_runner.py", 317, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 357, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 138, "_initialize_model", "return model_class("),
    ("models/qwen2.py", 332, "__init__", "self.model = Qwen2Model(config, quant_config=quant_config)"),
    ("models/qwen2.py", 241, "__init__", "self.layers = make_layers("),
    ("utils.py", 313, "make_layers", "["),
    ("utils.py", 314, "<listcomp>", 'maybe_offload_to_cpu(layer_fn(idx=idx, prefix=f"{prefix}.{idx}"))'),
    ("models/qwen2.py", 243, "<lambda>", "lambda idx, prefix: Qwen2DecoderLayer("),
    ("models/qwen2.py", 190, "__init__", "self.mlp = Qwen2MLP("),
    ("models/qwen2.py", 63, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
    ("layers/linear.py", 505, "__init__", "super().__init__("),
    ("layers/linear.py", 359, "__init__", "self.quant_method.create_weights("),
    ("layers/linear.py", 153, "create_weights", "torch.empty("),
    ("+torch/utils/_device.py", 106, "__torch_function__", "return func(*args, **kwargs)"),
)

case(
    "zombie_043_weights_oom_process_named",
    "0.4.3",
    "sglang-0.4.3 srt/model_executor/model_runner.py:285-320; torch 2.5 CUDACachingAllocator OOM text; like https://github.com/sgl-project/sglang/issues/465 (a full GPU picked by mistake)",
    "oom_weights",
    "a previous crashed server (pid 31377) still holds 68 GiB of GPU 0, so the 7B weights do not fit in what is left; the real remedy is killing 31377, not a larger TP",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", tp_size=1, mem_fraction_static=0.88, port=30000),
        at(3, "TP0", "Init torch distributed begin."),
        at(4, "TP0", "Load weight begin. avail mem=10.61 GB"),
        at(4, "TP0", "Using model weights format ['*.safetensors']"),
        sched_exc(
            5,
            "TP0",
            tb(PY310, *LOAD_043),
            torch_oom(
                "130.00 MiB",
                0,
                "79.10 GiB",
                "43.38 MiB",
                [(31377, "68.44 GiB")],
                "10.62 GiB",
                "9.98 GiB",
                None,
                "24.79 MiB",
            ),
        ),
        "",
        sigquit(5, typo=True),
    ),
)

LOAD_0510 = TO_RUNNER["0.5.10.post1"] + (
    ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
    ("model_executor/model_runner.py", 507, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 1159, "load_model", "self.model = self.loader.load_model("),
    ("model_loader/loader.py", 683, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 277, "_initialize_model", "return model_class(**kwargs)"),
    (
        "models/llama.py",
        473,
        "__init__",
        'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))',
    ),
    ("models/llama.py", 505, "_init_model", "return LlamaModel(config, quant_config=quant_config, prefix=prefix)"),
    ("models/llama.py", 348, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils/common.py", 646, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
    ("models/llama.py", 350, "<lambda>", "lambda idx, prefix: LlamaDecoderLayer("),
    ("models/llama.py", 289, "__init__", "self.mlp = LlamaMLP("),
    ("models/llama.py", 78, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
    ("layers/linear.py", 523, "__init__", "super().__init__("),
    ("layers/linear.py", 351, "__init__", "self.quant_method.create_weights("),
    ("layers/quantization/unquant.py", 119, "create_weights", "torch.empty("),
    ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
)

case(
    "zombie_0510_tp8_all_gpus_held_evenly",
    "0.5.10.post1",
    "sglang-0.5.10.post1 srt/model_executor/model_runner.py:1075 + 1159, engine.py:1182-1191; torch 2.9 OOM text",
    "oom_weights",
    "every GPU still carries a crashed server's 70 GiB (even, so the balance check passes); the 70B shard OOMs while building layers; remedy: reap the zombies (host pids 1822931...), then relaunch",
    join(
        sargs(0, "meta-llama/Llama-3.3-70B-Instruct", tp_size=8, mem_fraction_static=0.85, port=30000),
        at(6, "TP0", "Init torch distributed begin."),
        at(9, "TP0", "sglang is using nccl==2.28.3"),
        at(11, "TP0", "Init torch distributed ends. elapsed=4.87 s, mem usage=0.62 GB"),
        at(11, "TP0", "Load weight begin. avail mem=7.98 GB"),
        sched_exc(
            13,
            "TP0",
            tb(PY312, *LOAD_0510),
            torch_oom(
                "448.00 MiB",
                0,
                "79.19 GiB",
                "301.56 MiB",
                [(1822931, "70.51 GiB")],
                "8.36 GiB",
                "7.71 GiB",
                None,
                "19.22 MiB",
            ),
        ),
        sched_exc(
            13,
            "TP4",
            tb(PY312, *LOAD_0510),
            torch_oom(
                "448.00 MiB",
                4,
                "79.19 GiB",
                "287.56 MiB",
                [(1822935, "70.52 GiB")],
                "8.36 GiB",
                "7.71 GiB",
                None,
                "19.22 MiB",
            ),
        ),
        died(15, PY312),
    ),
)

LOAD_056 = TO_RUNNER["0.5.6"] + (
    ("model_executor/model_runner.py", 361, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 436, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 804, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 595, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 263, "_initialize_model", "return model_class(**kwargs)"),
    (
        "models/llama.py",
        425,
        "__init__",
        'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))',
    ),
    ("models/llama.py", 457, "_init_model", "return LlamaModel(config, quant_config=quant_config, prefix=prefix)"),
    ("models/llama.py", 300, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils/common.py", 614, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
    ("models/llama.py", 302, "<lambda>", "lambda idx, prefix: LlamaDecoderLayer("),
    ("models/llama.py", 241, "__init__", "self.mlp = LlamaMLP("),
    ("models/llama.py", 72, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
    ("layers/linear.py", 304, "__init__", "super().__init__("),
    ("layers/linear.py", 329, "__init__", "self.quant_method.create_weights("),
    ("layers/quantization/unquant.py", 108, "create_weights", "torch.empty("),
    ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
)

case(
    "second_server_056_same_gpu_weights_oom",
    "0.5.6",
    "sglang-0.5.6 srt/model_executor/model_runner.py:732-810; torch 2.9 OOM text",
    "oom_weights",
    "a second server was started on GPU 0 where the first (pid 48213) already holds 71 GiB; the 8B weights cannot fit the 7 GiB left; remedy: another GPU (CUDA_VISIBLE_DEVICES / --base-gpu-id), not a larger TP",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", tp_size=1, port=30001),
        at(3, None, "Attention backend not specified. Use fa3 backend by default."),
        at(4, "TP0", "Init torch distributed begin."),
        at(5, "TP0", "Init torch distributed ends. mem usage=0.00 GB"),
        at(5, "TP0", "Load weight begin. avail mem=7.62 GB"),
        sched_exc(
            6,
            "TP0",
            tb(PY312, *LOAD_056),
            torch_oom(
                "224.00 MiB",
                0,
                "79.19 GiB",
                "97.56 MiB",
                [(48213, "71.02 GiB")],
                "7.81 GiB",
                "7.21 GiB",
                None,
                "13.98 MiB",
            ),
        ),
        "",
        sigquit(6),
    ),
)

POOL_056 = TO_RUNNER["0.5.6"] + (
    ("model_executor/model_runner.py", 361, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 509, "initialize", "self.init_memory_pool("),
    ("model_executor/model_runner.py", 1749, "init_memory_pool", "raise RuntimeError("),
)

case(
    "tenant_056_pool_not_enough_memory",
    "0.5.6",
    "sglang-0.5.6 srt/model_executor/model_runner.py:1748-1752 (pool budget = free-at-start x fraction)",
    "oom_kv_cache",
    "a tenant's 30 GiB job shrank the free memory the pool is budgeted from; the 22B weights eat the whole budget; by the README a higher fraction (or freeing the GPU, which a careful engineer does first)",
    join(
        sargs(0, "mistralai/Codestral-22B-v0.1", tp_size=1, mem_fraction_static=0.88, port=30000),
        at(4, "TP0", "Init torch distributed begin."),
        at(5, "TP0", "Init torch distributed ends. mem usage=0.00 GB"),
        at(5, "TP0", "Load weight begin. avail mem=48.70 GB"),
        "Loading safetensors checkpoint shards: 100% Completed | 9/9 [00:21<00:00,  2.36s/it]",
        at(
            27,
            "TP0",
            "Load weight end. type=MistralForCausalLM, dtype=torch.bfloat16, avail mem=7.20 GB, mem usage=41.50 GB.",
        ),
        sched_exc(
            27,
            "TP0",
            tb(PY312, *POOL_056),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.88",
        ),
        "",
        sigquit(27),
    ),
)

POOL_046 = TO_RUNNER["0.4.6"] + (
    ("model_executor/model_runner.py", 184, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 214, "initialize", "self.init_memory_pool("),
    ("model_executor/model_runner.py", 789, "init_memory_pool", "raise RuntimeError("),
)

case(
    "second_server_046_pool_not_enough_memory",
    "0.4.6",
    "sglang-0.4.6 srt/model_executor/model_runner.py:788-791",
    "oom_kv_cache",
    "the second server on the same A100 starts with 27 GiB free (the first holds the rest) and its weights leave nothing under --mem-fraction-static 0.7; label by the pool phase, remedy: give it its own GPU",
    join(
        sargs(0, "Qwen/Qwen2.5-14B-Instruct", tp_size=1, mem_fraction_static=0.7, port=30010),
        at(3, "TP0", "Init torch distributed begin."),
        at(3, "TP0", "Init torch distributed ends. mem usage=0.00 GB"),
        at(4, "TP0", "Load weight begin. avail mem=27.31 GB"),
        "Loading safetensors checkpoint shards: 100% Completed | 8/8 [00:09<00:00,  1.19s/it]",
        at(
            14,
            "TP0",
            "Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=7.70 GB, mem usage=19.61 GB.",
        ),
        sched_exc(
            14,
            "TP0",
            tb(PY310, *POOL_046),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        ),
        "",
        sigquit(14),
    ),
)


def capture_oom(ver: str, site: str, oom: str, inner_lines: tuple, outer: tuple, msg_tail: str) -> str:
    """cuda_graph_runner's wrapper: the inner RuntimeError's traceback, then `Exception: Capture cuda graph failed: ...`."""
    return (
        tb(site, *inner_lines)
        + "\n"
        + oom
        + "\n\nDuring handling of the above exception, another exception occurred:\n\n"
        + TB
        + "\n"
        + tb(site, *outer)
        + "\nException: Capture cuda graph failed: "
        + oom.split(": ", 1)[1]
        + "\n"
        + msg_tail
    )


TAIL_05 = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
INNER_056 = (
    ("model_executor/cuda_graph_runner.py", 344, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 486, "capture", ") = self.capture_one_batch_size(bs, forward, stream_idx)"),
    (
        "model_executor/cuda_graph_runner.py",
        680,
        "capture_one_batch_size",
        "logits_output_or_pp_proxy_tensors = forward(",
    ),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("models/llama.py", 470, "forward", "return self.logits_processor("),
    (
        "layers/logits_processor.py",
        331,
        "forward",
        "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
    ),
    ("layers/logits_processor.py", 480, "_get_logits", "logits = torch.matmul("),
)
OUTER_056 = TO_RUNNER["0.5.6"] + (
    ("model_executor/model_runner.py", 361, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 518, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        2440,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 346, "__init__", "raise Exception("),
)

case(
    "tenant_056_capture_oom_two_processes_named",
    "0.5.6",
    "sglang-0.5.6 srt/model_executor/cuda_graph_runner.py:344-348 + 887-894; torch OOM text",
    "oom_cuda_graph",
    "a tenant's job (pid 9921) grabbed 21 GiB between pool sizing and capture; the OOM is in capture, so oom_cuda_graph; a careful engineer relaunches once the GPU is exclusive rather than lowering the fraction for good",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", tp_size=1, mem_fraction_static=0.85, port=30000),
        at(4, "TP0", "Init torch distributed begin."),
        at(5, "TP0", "Load weight begin. avail mem=78.61 GB"),
        at(
            12,
            "TP0",
            "Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.54 GB, mem usage=15.07 GB.",
        ),
        at(12, "TP0", "KV Cache is allocated. #tokens: 425110, K size: 25.95 GB, V size: 25.95 GB"),
        at(12, "TP0", "Memory pool end. avail mem=11.43 GB"),
        at(13, "TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=11.21 GB"),
        at(
            13,
            "TP0",
            "Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        ),
        "Capturing batches (bs=256 avail_mem=10.94 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
        sched_exc(
            15,
            "TP0",
            capture_oom(
                "0.5.6",
                PY312,
                torch_oom(
                    "1002.00 MiB",
                    0,
                    "79.19 GiB",
                    "611.56 MiB",
                    [(9921, "21.47 GiB")],
                    "57.10 GiB",
                    "55.31 GiB",
                    "1.27 GiB",
                    "480.90 MiB",
                ),
                INNER_056,
                OUTER_056,
                TAIL_05,
            ),
        ),
        "",
        sigquit(15),
    ),
)

INNER_049 = (
    ("model_executor/cuda_graph_runner.py", 337, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 425, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 555, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 544, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
    ("models/llama.py", 462, "forward", "hidden_states = self.model("),
)
OUTER_049 = TO_RUNNER["0.4.9"] + (
    ("model_executor/model_runner.py", 233, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 314, "initialize", "self.init_cuda_graphs()"),
    ("model_executor/model_runner.py", 1373, "init_cuda_graphs", "self.cuda_graph_runner = CudaGraphRunner(self)"),
    ("model_executor/cuda_graph_runner.py", 339, "__init__", "raise Exception("),
)

case(
    "desktop_049_rtx4090_capture_oom_nobody_named",
    "0.4.9",
    "sglang-0.4.9 srt/model_executor/cuda_graph_runner.py:337-340 + 760-767; torch OOM text (Xorg is a graphics process, not listed)",
    "oom_cuda_graph",
    "a workstation 4090 also drives the desktop (1.6 GiB to Xorg/compositor, invisible in torch's text); capture runs out; remedy in the capture family: a lower fraction or smaller --cuda-graph-max-bs (or a headless GPU)",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", tp_size=1, port=30000),
        at(3, "TP0", "Attention backend not set. Use flashinfer backend by default."),
        at(3, "TP0", "Init torch distributed begin."),
        at(3, "TP0", "Init torch distributed ends. mem usage=0.00 GB"),
        at(4, "TP0", "Load weight begin. avail mem=21.72 GB"),
        at(
            15,
            "TP0",
            "Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=6.63 GB, mem usage=15.09 GB.",
        ),
        at(15, "TP0", "KV Cache is allocated. #tokens: 31112, K size: 1.90 GB, V size: 1.90 GB"),
        at(15, "TP0", "Memory pool end. avail mem=2.81 GB"),
        at(16, "TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=2.49 GB"),
        at(
            16,
            "TP0",
            "Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        ),
        "Capturing batches (bs=160 avail_mem=2.47 GB):   0%|          | 0/23 [00:00<?, ?it/s]",
        sched_exc(
            17,
            "TP0",
            capture_oom(
                "0.4.9",
                PY310,
                torch_oom(
                    "1.96 GiB", 0, "23.53 GiB", "1.53 GiB", [], "20.29 GiB", "19.55 GiB", "12.00 MiB", "268.70 MiB"
                ),
                INNER_049,
                OUTER_049,
                TAIL_05,
            ),
        ),
        "",
        sigquit(17),
    ),
)

INNER_053 = (
    ("model_executor/cuda_graph_runner.py", 366, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 485, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    (
        "model_executor/cuda_graph_runner.py",
        650,
        "capture_one_batch_size",
        "logits_output_or_pp_proxy_tensors = forward(",
    ),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("models/qwen2_moe.py", 606, "forward", "hidden_states = self.model("),
)
OUTER_053 = TO_RUNNER["0.5.3"] + (
    ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 440, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1842,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 368, "__init__", "raise Exception("),
)

case(
    "unequal_053_tp3_alone_fails_capture",
    "0.5.3",
    "sglang-0.5.3 srt/model_executor/cuda_graph_runner.py:366-370; model_runner.py:1258-1263 (pool sized from the minimum across ranks)",
    "oom_cuda_graph",
    "a co-located embedding server on GPU 3 (pid 5120) passed the 10% balance check, then grew to 14 GiB; only TP3 runs out in capture; label by phase, remedy: move the neighbour (else a lower fraction)",
    join(
        sargs(0, "Qwen/Qwen3-30B-A3B", tp_size=4, mem_fraction_static=0.88, port=30000),
        at(5, "TP0", "Init torch distributed begin."),
        at(5, "TP3", "Init torch distributed begin."),
        at(8, "TP0", "Init torch distributed ends. mem usage=0.62 GB"),
        at(8, "TP3", "Init torch distributed ends. mem usage=0.62 GB"),
        at(8, "TP0", "Load weight begin. avail mem=78.02 GB"),
        at(8, "TP3", "Load weight begin. avail mem=72.87 GB"),
        at(
            21,
            "TP0",
            "Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=63.55 GB, mem usage=14.47 GB.",
        ),
        at(21, "TP0", "KV Cache is allocated. #tokens: 1013262, K size: 23.19 GB, V size: 23.19 GB"),
        at(21, "TP0", "Memory pool end. avail mem=16.71 GB"),
        at(22, "TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=16.41 GB"),
        at(22, "TP3", "Capture cuda graph begin. This can take up to several minutes. avail mem=2.14 GB"),
        "Capturing batches (bs=512 avail_mem=16.20 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
        sched_exc(
            24,
            "TP3",
            capture_oom(
                "0.5.3",
                PY312,
                torch_oom(
                    "2.00 GiB",
                    3,
                    "79.19 GiB",
                    "1.87 GiB",
                    [(5120, "14.20 GiB")],
                    "63.12 GiB",
                    "61.40 GiB",
                    "386.00 MiB",
                    "1.33 GiB",
                ),
                INNER_053,
                OUTER_053,
                TAIL_05,
            ),
        ),
        "",
        sigquit(24),
    ),
)

RUN_053 = (
    ("managers/tp_worker_overlap_thread.py", 133, "forward_thread_func", "self.forward_thread_func_()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    (
        "managers/tp_worker_overlap_thread.py",
        164,
        "forward_thread_func_",
        "forward_batch_output = self.worker.forward_batch_generation(",
    ),
    (
        "managers/tp_worker.py",
        256,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 1982, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 2033, "_forward_raw", "ret = self.forward_extend("),
    ("model_executor/model_runner.py", 1927, "forward_extend", "return self.model.forward("),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("models/llama.py", 470, "forward", "return self.logits_processor("),
    (
        "layers/logits_processor.py",
        331,
        "forward",
        "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
    ),
    ("layers/logits_processor.py", 480, "_get_logits", "logits = torch.matmul("),
)

case(
    "tenant_053_runtime_oom_after_ready",
    "0.5.3",
    "sglang-0.5.3 srt/managers/tp_worker_overlap_thread.py:130-137, tokenizer_manager.py:1868-1871; torch OOM text",
    "oom_runtime",
    "served for minutes, then a tenant's training job (pid 77102) took 9.5 GiB of the slack on GPU 0 and a long prefill OOMed; remedy: keep the GPU exclusive; a fraction cut only hides it",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", tp_size=1, mem_fraction_static=0.85, port=30000),
        at(4, "TP0", "Init torch distributed begin."),
        at(5, "TP0", "Load weight begin. avail mem=78.61 GB"),
        at(
            12,
            "TP0",
            "Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.54 GB, mem usage=15.07 GB.",
        ),
        at(12, "TP0", "KV Cache is allocated. #tokens: 425110, K size: 25.95 GB, V size: 25.95 GB"),
        at(12, "TP0", "Memory pool end. avail mem=11.43 GB"),
        at(13, "TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=11.21 GB"),
        at(31, "TP0", "Capture cuda graph end. Time elapsed: 18.11 s. mem usage=1.06 GB. avail mem=10.15 GB."),
        at(
            32,
            "TP0",
            "max_total_num_tokens=425110, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=10.15 GB",
        ),
        ready(33),
        at(
            240,
            "TP0",
            "Prefill batch. #new-seq: 4, #new-token: 8192, #cached-token: 112, token usage: 0.21, #running-req: 31, #queue-req: 9,",
        ),
        f"{ts(241, 'TP0')} TpModelWorkerClient hit an exception: {TB}\n"
        + tb(PY312, *RUN_053)
        + "\n"
        + torch_oom(
            "3.91 GiB",
            0,
            "79.19 GiB",
            "1.21 GiB",
            [(77102, "9.52 GiB")],
            "68.44 GiB",
            "66.02 GiB",
            "1.02 GiB",
            "1.38 GiB",
        ),
        "",
        f"{ts(241)} SIGQUIT received. signum=3, frame=<frame at 0x7f51c2a9d240, file '/usr/lib/python3.12/asyncio/base_events.py', line 1987, code _run_once>. It usually means one child failed.",
    ),
)

# ====================================================================================== MIG slices
MIG_046 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
    ("+sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 1262, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 1213, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 168, "__init__", ""),
    ("server_args.py", 221, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
    ("utils.py", 1175, "get_device_memory_capacity", "gpu_mem = get_nvgpu_memory_capacity()"),
    ("utils.py", 1131, "get_nvgpu_memory_capacity", 'raise ValueError("No GPU memory values found.")'),
)

case(
    "mig_046_nvidia_smi_insufficient_permissions",
    "0.4.6",
    "sglang-0.4.6 srt/utils.py:1110-1138, server_args.py:221; https://github.com/sgl-project/sglang/issues/6110 (and #2933, fixed by PR #8167)",
    "config_error",
    "inside a MIG container nvidia-smi prints [Insufficient Permissions] for memory.total and 0.4.6 has no fallback, so it dies in the argument checks; retries cannot help (upgrade, or run on a whole GPU)",
    join(
        "INFO 03-02 10:00:02 [__init__.py:239] Automatically detected platform cuda.",
        TB,
        tb(PY310, *MIG_046),
        "ValueError: No GPU memory values found.",
    ),
)

case(
    "mig_056_1g10gb_slice_weights_oom",
    "0.5.6",
    "sglang-0.5.6 srt/utils/common.py:1630-1637 (the MIG fallback warning), model_runner.py:804; torch OOM text",
    "oom_weights",
    "a 1g.10gb MIG slice reports 9.5 GiB in all; an 8B bf16 model cannot fit its weights there (the model does not fit this device); remedy: a bigger slice or a quantized model",
    join(
        f"{ts(0)} Failed to get GPU memory capacity from nvidia-smi, falling back to torch.cuda.mem_get_info().",
        sargs(1, "meta-llama/Llama-3.1-8B-Instruct", tp_size=1, port=30000),
        at(4, "TP0", "Init torch distributed begin."),
        at(4, "TP0", "Init torch distributed ends. mem usage=0.00 GB"),
        at(5, "TP0", "Load weight begin. avail mem=9.12 GB"),
        sched_exc(
            9,
            "TP0",
            tb(PY312, *LOAD_056),
            torch_oom("112.00 MiB", 0, "9.50 GiB", "41.12 MiB", [], "9.44 GiB", "9.08 GiB", None, "11.77 MiB"),
        ),
        "",
        sigquit(9),
    ),
)

POOL_0510 = TO_RUNNER["0.5.10.post1"] + (
    ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
    ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
    (
        "model_executor/model_runner_kv_cache_mixin.py",
        899,
        "init_memory_pool",
        "self.memory_pool_config = self._resolve_memory_pool_config(",
    ),
    ("model_executor/model_runner_kv_cache_mixin.py", 885, "_resolve_memory_pool_config", "return MemoryPoolConfig("),
    ("<string>", 9, "__init__", ""),
    ("model_executor/model_runner_kv_cache_mixin.py", 60, "__post_init__", "raise RuntimeError(msg)"),
)

case(
    "mig_0510_3g40gb_pool_not_enough_memory",
    "0.5.10.post1",
    "sglang-0.5.10.post1 srt/utils/common.py:1481-1541 (fallback warning), model_runner_kv_cache_mixin.py:55-60",
    "oom_kv_cache",
    "on a 3g.40gb slice the FP8 32B weights take the whole static budget; the pool message asks for a higher fraction (or a larger slice); phase: the KV pool",
    join(
        f"{ts(0)} Failed to get GPU memory capacity from nvidia-smi. Falling back to torch.cuda.mem_get_info(). Reported total GPU memory per device (MiB): [40192], using min: 40192 MiB.",
        sargs(1, "Qwen/Qwen3-32B-FP8", tp_size=1, mem_fraction_static=0.85, port=30000),
        at(5, "TP0", "Init torch distributed begin."),
        at(5, "TP0", "Init torch distributed ends. elapsed=0.31 s, mem usage=0.00 GB"),
        at(6, "TP0", "Load weight begin. avail mem=38.95 GB"),
        at(
            44,
            "TP0",
            "Load weight end. elapsed=38.02 s, type=Qwen3ForCausalLM, quant=fp8, avail mem=4.61 GB, mem usage=34.34 GB.",
        ),
        sched_exc(
            44,
            "TP0",
            tb(PY312, *POOL_0510),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.85",
        ),
        sigquit(44),
    ),
)

# =============================================================== --base-gpu-id, exclusive-process GPUs, MPS
SETDEV = {
    "0.4.6": (
        (177, "min_per_gpu_memory = self.init_torch_distributed()"),
        (331, "torch.get_device_module(self.device).set_device(self.gpu_id)"),
        476,
    ),
    "0.5.3": (
        (285, "min_per_gpu_memory = self.init_torch_distributed()"),
        (629, "torch.get_device_module(self.device).set_device(self.gpu_id)"),
        567,
    ),
    "0.5.10.post1": (
        (403, "pre_model_load_memory = self.init_torch_distributed()"),
        (894, "torch.get_device_module(self.device).set_device(self.gpu_id)"),
        567,
    ),
}


def setdev_tb(ver: str, site: str) -> str:
    (l1, c1), (l2, c2), tl = SETDEV[ver]
    return tb(
        site,
        *TO_RUNNER[ver],
        ("model_executor/model_runner.py", l1, "__init__", c1),
        ("model_executor/model_runner.py", l2, "init_torch_distributed", c2),
        ("+torch/cuda/__init__.py", tl, "set_device", "torch._C._cuda_setDevice(device)"),
    )


case(
    "base_gpu_id_0510_past_the_visible_gpus",
    "0.5.10.post1",
    "sglang-0.5.10.post1 srt/model_executor/model_runner.py:893-899 (the Context line); torch text as in https://github.com/THUDM/slime/issues/1326",
    "config_error",
    "CUDA_VISIBLE_DEVICES=4,5,6,7 plus --base-gpu-id 4 asks for devices 4..7 of a 4-device view; a bad argument, give up quoting it",
    join(
        sargs(0, "Qwen/Qwen3-32B", tp_size=4, base_gpu_id=4, port=30002),
        at(5, "TP0", "Init torch distributed begin."),
        at(
            5,
            "TP0",
            "Context: self.device='cuda' self.gpu_id=4 os.environ.get('CUDA_VISIBLE_DEVICES')='4,5,6,7' self.tp_rank=0 self.tp_size=4",
        ),
        at(5, "TP1", "Init torch distributed begin."),
        at(
            5,
            "TP1",
            "Context: self.device='cuda' self.gpu_id=5 os.environ.get('CUDA_VISIBLE_DEVICES')='4,5,6,7' self.tp_rank=1 self.tp_size=4",
        ),
        sched_exc(
            5,
            "TP0",
            setdev_tb("0.5.10.post1", PY312),
            "torch.AcceleratorError: CUDA error: invalid device ordinal\nGPU device may be out of range, do you have enough GPUs?\n"
            "Search for `cudaErrorInvalidDevice' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n"
            + CUDA_ERR_TAIL,
        ),
        "",
        sigquit(5),
    ),
)

case(
    "base_gpu_id_046_past_the_visible_gpus",
    "0.4.6",
    "sglang-0.4.6 srt/model_executor/model_runner.py:327-337 (the Context line); torch 2.6 CUDA error text",
    "config_error",
    "a second 2-GPU server on a 4-GPU box launched with --base-gpu-id 3: rank 1 asks for device 4; fix the argument (--base-gpu-id 2)",
    join(
        sargs(0, "Qwen/Qwen2.5-14B-Instruct", tp_size=2, base_gpu_id=3, port=30001),
        at(3, "TP0", "Init torch distributed begin."),
        at(3, "TP1", "Init torch distributed begin."),
        at(
            3,
            "TP1",
            "Context: self.device='cuda' self.gpu_id=4 os.environ.get('CUDA_VISIBLE_DEVICES')=None self.tp_rank=1 self.tp_size=2",
        ),
        sched_exc(
            3, "TP1", setdev_tb("0.4.6", PY310), "RuntimeError: CUDA error: invalid device ordinal\n" + CUDA_ERR_TAIL
        ),
        "",
        sigquit(3),
    ),
)

case(
    "base_gpu_id_053_lands_on_the_first_servers_gpus",
    "0.5.3",
    "sglang-0.5.3 srt/model_executor/model_runner.py:731 + 789; torch OOM text",
    "oom_weights",
    "meant for GPUs 4-7, the second server was launched without --base-gpu-id 4 and landed on GPUs 0-3 where the first one (pid 771) runs; the OOM is in weight loading; remedy: fix --base-gpu-id",
    join(
        sargs(0, "meta-llama/Llama-3.3-70B-Instruct", tp_size=4, base_gpu_id=0, port=30001),
        at(6, "TP0", "Init torch distributed begin."),
        at(9, "TP0", "Init torch distributed ends. mem usage=0.55 GB"),
        at(9, "TP0", "Load weight begin. avail mem=8.66 GB"),
        sched_exc(
            10,
            "TP0",
            tb(
                PY312,
                *TO_RUNNER["0.5.3"],
                ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 345, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 789, "load_model", "self.model = get_model("),
                ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
                ("model_loader/loader.py", 583, "load_model", "model = _initialize_model("),
                ("model_loader/loader.py", 257, "_initialize_model", "return model_class(**kwargs)"),
                (
                    "models/llama.py",
                    425,
                    "__init__",
                    'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))',
                ),
                ("models/llama.py", 300, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
                ("utils/common.py", 506, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
                ("models/llama.py", 241, "__init__", "self.mlp = LlamaMLP("),
                ("models/llama.py", 72, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
                ("layers/linear.py", 296, "__init__", "super().__init__("),
                ("layers/linear.py", 321, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/unquant.py", 100, "create_weights", "torch.empty("),
                ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            torch_oom(
                "896.00 MiB",
                0,
                "79.19 GiB",
                "405.56 MiB",
                [(771, "69.95 GiB")],
                "8.83 GiB",
                "8.21 GiB",
                None,
                "2.00 MiB",
            ),
        ),
        "",
        sigquit(10),
    ),
)

case(
    "exclusive_process_053_gpu_held_by_another_job",
    "0.5.3",
    "sglang-0.5.3 srt/model_executor/model_runner.py:626-634 (the Context line); CUDA cudaErrorDevicesUnavailable text as torch 2.8 prints it",
    "cuda_error_other",
    "the cluster sets GPUs to EXCLUSIVE_PROCESS and another job owns GPU 1, so the context cannot be created; a CUDA refusal, remedy: wait for or pick a free GPU",
    join(
        sargs(0, "Qwen/Qwen2.5-32B-Instruct", tp_size=2, port=30000),
        at(4, "TP0", "Init torch distributed begin."),
        at(4, "TP1", "Init torch distributed begin."),
        at(
            4,
            "TP1",
            "Context: self.device='cuda' self.gpu_id=1 os.environ.get('CUDA_VISIBLE_DEVICES')='0,1' self.tp_rank=1 self.tp_size=2",
        ),
        sched_exc(
            4,
            "TP1",
            setdev_tb("0.5.3", PY312),
            "torch.AcceleratorError: CUDA error: CUDA-capable device(s) is/are busy or unavailable\n"
            "Search for `cudaErrorDevicesUnavailable' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n"
            + CUDA_ERR_TAIL,
        ),
        "",
        sigquit(4),
    ),
)

MPS_056 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
    ("+sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 4371, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 3924, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 298, "__init__", ""),
    ("server_args.py", 607, "__post_init__", "self._handle_missing_default_values()"),
    ("server_args.py", 695, "_handle_missing_default_values", "self.device = get_device()"),
    ("utils/common.py", 1896, "get_device", 'raise RuntimeError("No accelerator (CUDA, XPU, HPU) is available.")'),
)

case(
    "mps_056_server_not_ready",
    "0.5.6",
    "sglang-0.5.6 srt/utils/common.py:1858-1896, server_args.py:695; torch c10/cuda/CUDAFunctions.cpp warning; Error 807 as in https://github.com/NVIDIA-AI-Blueprints/video-search-and-summarization/issues/70",
    "cuda_error_other",
    "the client was pointed at an MPS daemon whose server cannot take clients (Error 807), so torch sees no GPU; a CUDA-level failure, remedy: restart the MPS daemon or unset CUDA_MPS_PIPE_DIRECTORY",
    join(
        f"{PY312}/torch/cuda/__init__.py:182: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 807: MPS server is not ready to accept new MPS client requests (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:109.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        TB,
        tb(PY312, *MPS_056),
        "RuntimeError: No accelerator (CUDA, XPU, HPU) is available.",
    ),
)

# ================================================================ a second server's ports
case(
    "second_server_049_http_port_bound_then_ready_line",
    "0.4.9",
    "sglang-0.4.9 srt/entrypoints/http_server.py:128-158 + 940-954 + 957-1078 (warmup thread joined after uvicorn exits); uvicorn 0.34 server.py:161-173",
    "port_in_use",
    "a second server on the same GPUs and the default port: it loads, uvicorn cannot bind 30000 and exits, and the joined warmup thread then reaches the FIRST server and prints ready; remedy: another --port",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", tp_size=1, mem_fraction_static=0.4, port=30000, host="127.0.0.1"),
        at(3, "TP0", "Attention backend not set. Use flashinfer backend by default."),
        at(3, "TP0", "Init torch distributed begin."),
        at(3, "TP0", "Init torch distributed ends. mem usage=0.00 GB"),
        at(4, "TP0", "Load weight begin. avail mem=45.02 GB"),
        at(
            11,
            "TP0",
            "Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=30.63 GB, mem usage=14.39 GB.",
        ),
        at(11, "TP0", "KV Cache is allocated. #tokens: 60384, K size: 1.61 GB, V size: 1.61 GB"),
        at(11, "TP0", "Memory pool end. avail mem=27.23 GB"),
        at(12, "TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=26.91 GB"),
        at(21, "TP0", "Capture cuda graph end. Time elapsed: 9.03 s. mem usage=0.48 GB. avail mem=26.43 GB."),
        at(
            22,
            "TP0",
            "max_total_num_tokens=60384, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2049, context_len=32768, available_gpu_mem=26.43 GB",
        ),
        f"{ts(22)} INFO:     Started server process [60212]",
        f"{ts(22)} INFO:     Waiting for application startup.",
        f"{ts(22)} INFO:     Application startup complete.",
        f"{ts(22)} ERROR:    [Errno 98] error while attempting to bind on address ('127.0.0.1', 30000): address already in use",
        f"{ts(22)} INFO:     Waiting for application shutdown.",
        f"{ts(22)} INFO:     Application shutdown complete.",
        f"{ts(24)} The server is fired up and ready to roll!",
    ),
)

PORTS_056 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
    ("+sglang/launch_server.py", 28, "<module>", "run_server(server_args)"),
    ("+sglang/launch_server.py", 20, "run_server", "launch_server(server_args)"),
    ("entrypoints/http_server.py", 1386, "launch_server", "_launch_subprocesses(server_args=server_args)"),
    ("entrypoints/engine.py", 796, "_launch_subprocesses", "port_args = PortArgs.init_new(server_args)"),
)
WAIT_056 = PORTS_056 + (
    ("server_args.py", 4464, "init_new", 'wait_port_available(dist_init_port, "dist_init_port")'),
    ("utils/common.py", 749, "wait_port_available", "raise ValueError("),
)
FIRST_CMD = "['python3', '-m', 'sglang.launch_server', '--model-path', 'deepseek-ai/DeepSeek-V2-Lite-Chat', '--tp', '4', '--dp', '4', '--enable-dp-attention', '--trust-remote-code']"
HELD = f"dist_init_port is used by a process already. process.name()='python3'' process.cmdline()={FIRST_CMD} process.status()='sleeping' pid=51822"

case(
    "second_server_056_dp_attention_zmq_port_held",
    "0.5.6",
    "sglang-0.5.6 srt/server_args.py:4436-4478 (port + 233), utils/common.py:727-752",
    "port_in_use",
    "a second DP-attention server with the same --port: its ZMQ base 30233 belongs to the running one (pid 51822); remedy: another --port",
    join(
        sargs(0, "deepseek-ai/DeepSeek-V2-Lite-Chat", tp_size=4, dp_size=4, enable_dp_attention=True, port=30000),
        f"{ts(2)} port 30233 is in use. Waiting for 15 seconds for dist_init_port to be available. {HELD}",
        f"{ts(2)} port 30233 is in use. Waiting for 20 seconds for dist_init_port to be available. {HELD}",
        f"{ts(3)} port 30233 is in use. Waiting for 25 seconds for dist_init_port to be available. {HELD}",
        f"{ts(3)} Port is already in use. dist_init_port=30233 port_base=30234 detokenizer_port=30235 nccl_port=30871 scheduler_input_port=30238",
        TB,
        tb(PY312, *WAIT_056),
        f"ValueError: dist_init_port at 30233 is not available in 30 seconds. {HELD}",
        TB,
        tb(PY312, *WAIT_056),
        f"ValueError: dist_init_port at 30233 is not available in 30 seconds. {HELD}",
    ),
)

TCPSTORE_0510 = TO_RUNNER["0.5.10.post1"] + (
    ("model_executor/model_runner.py", 403, "__init__", "pre_model_load_memory = self.init_torch_distributed()"),
    ("model_executor/model_runner.py", 955, "init_torch_distributed", "init_distributed_environment("),
    ("distributed/parallel_state.py", 1609, "init_distributed_environment", "torch.distributed.init_process_group("),
    ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
    ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
    (
        "+torch/distributed/distributed_c10d.py",
        1710,
        "init_process_group",
        "store, rank, world_size = next(rendezvous_iterator)",
    ),
    ("+torch/distributed/rendezvous.py", 230, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
    ("+torch/distributed/rendezvous.py", 198, "_create_c10d_store", "return TCPStore("),
)

case(
    "zombie_0510_fixed_nccl_port_still_held",
    "0.5.10.post1",
    "sglang-0.5.10.post1 srt/model_executor/model_runner.py:955 (no availability check when --nccl-port is given); torch TCPStore text as in https://github.com/sgl-project/sglang/issues/37215",
    "port_in_use",
    "the crashed server's rank-0 scheduler still listens on the fixed --nccl-port 29650, so the new TCPStore cannot bind; remedy: kill the leftover or another --nccl-port",
    join(
        sargs(0, "Qwen/Qwen3-32B", tp_size=2, nccl_port=29650, port=30000),
        at(5, "TP0", "Init torch distributed begin."),
        at(5, "TP1", "Init torch distributed begin."),
        "[W302 10:00:05.482913104 socket.cpp:752] [c10d] The server socket has failed to listen on [::]:29650 (errno: 98 - Address already in use).",
        "[W302 10:00:05.483102287 socket.cpp:752] [c10d] The server socket has failed to bind to 0.0.0.0:29650 (errno: 98 - Address already in use).",
        "[E302 10:00:05.483160331 socket.cpp:793] [c10d] The server socket has failed to listen on any local network address.",
        sched_exc(
            5,
            "TP0",
            tb(PY312, *TCPSTORE_0510),
            "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 29650, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        ),
        died(7, PY312),
    ),
)

# ====================================================================== healthy contrasts: alarming, and it serves
case(
    "healthy_046_imbalance_warning_check_disabled",
    "0.4.6",
    "sglang-0.4.6 srt/model_executor/model_runner.py:382-389 (warning when SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK is set)",
    "healthy",
    "the same imbalance text as a warning (the user knowingly shares GPU 1 with a notebook); the server loads, sizes its pool from the minimum and serves",
    join(
        sargs(0, "Qwen/Qwen2.5-14B-Instruct", tp_size=2, port=30000),
        at(3, "TP0", "Init torch distributed begin."),
        at(3, "TP1", "Init torch distributed begin."),
        at(5, "TP0", f"{IMBALANCE} {imbalance(52318, 80187)}"),
        at(5, "TP0", "Init torch distributed ends. mem usage=0.21 GB"),
        at(5, "TP1", "Init torch distributed ends. mem usage=0.21 GB"),
        at(5, "TP0", "Load weight begin. avail mem=78.10 GB"),
        at(
            14,
            "TP0",
            "Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=70.64 GB, mem usage=7.46 GB.",
        ),
        at(14, "TP0", "KV Cache is allocated. #tokens: 732418, K size: 33.53 GB, V size: 33.53 GB"),
        at(14, "TP0", "Memory pool end. avail mem=25.18 GB"),
        at(15, "TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=24.86 GB"),
        at(33, "TP0", "Capture cuda graph end. Time elapsed: 18.20 s. avail mem=24.01 GB. mem usage=0.85 GB."),
        at(
            33,
            "TP0",
            "max_total_num_tokens=732418, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768",
        ),
        ready(34),
    ),
)

case(
    "healthy_0510_imbalance_warning_enable_flag_off",
    "0.5.10.post1",
    "sglang-0.5.10.post1 srt/model_executor/model_runner.py:1011-1018 (logger.warning when SGLANG_ENABLE_TP_MEMORY_INBALANCE_CHECK=0)",
    "healthy",
    "0.5.10's imbalance text as a warning on two ranks; everything after it is a normal start-up to ready",
    join(
        sargs(0, "Qwen/Qwen3-32B", tp_size=4, port=30000),
        at(5, "TP0", "Init torch distributed begin."),
        at(5, "TP2", "Init torch distributed begin."),
        at(8, "TP0", f"{IMBALANCE} {imbalance(110213, 141262, 'pre_model_load_memory')}"),
        at(8, "TP1", f"{IMBALANCE} {imbalance(110213, 141262, 'pre_model_load_memory')}"),
        at(8, "TP0", "Init torch distributed ends. elapsed=3.02 s, mem usage=0.61 GB"),
        at(8, "TP0", "Load weight begin. avail mem=137.34 GB"),
        at(
            30,
            "TP0",
            "Load weight end. elapsed=21.77 s, type=Qwen3ForCausalLM, avail mem=121.63 GB, mem usage=15.71 GB.",
        ),
        at(30, "TP0", "KV Cache is allocated. #tokens: 1432211, K size: 43.71 GB, V size: 43.71 GB"),
        at(30, "TP0", "Memory pool end. avail mem=33.61 GB"),
        at(31, "TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=33.28 GB"),
        at(55, "TP0", "Capture cuda graph end. Time elapsed: 23.84 s. mem usage=1.52 GB. avail mem=31.76 GB."),
        at(
            56,
            "TP0",
            "max_total_num_tokens=1432211, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=31.76 GB",
        ),
        ready(57),
    ),
)

case(
    "healthy_053_mig_fallback_warning",
    "0.5.3",
    "sglang-0.5.3 srt/utils/common.py:1450-1458 (falls back to torch.cuda.mem_get_info() in MIG mode)",
    "healthy",
    "in a 3g.40gb MIG container nvidia-smi cannot read memory; 0.5.3 warns, falls back, and an 8B model serves within the slice",
    join(
        f"{ts(0)} Failed to get GPU memory capacity from nvidia-smi, falling back to torch.cuda.mem_get_info().",
        sargs(1, "meta-llama/Llama-3.1-8B-Instruct", tp_size=1, port=30000),
        at(4, "TP0", "Init torch distributed begin."),
        at(4, "TP0", "Init torch distributed ends. mem usage=0.00 GB"),
        at(5, "TP0", "Load weight begin. avail mem=38.87 GB"),
        at(
            13,
            "TP0",
            "Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=23.80 GB, mem usage=15.07 GB.",
        ),
        at(13, "TP0", "KV Cache is allocated. #tokens: 143104, K size: 8.73 GB, V size: 8.73 GB"),
        at(13, "TP0", "Memory pool end. avail mem=6.08 GB"),
        at(14, "TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=5.77 GB"),
        at(27, "TP0", "Capture cuda graph end. Time elapsed: 12.94 s. mem usage=0.61 GB. avail mem=5.16 GB."),
        at(
            28,
            "TP0",
            "max_total_num_tokens=143104, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=2048, context_len=131072, available_gpu_mem=5.16 GB",
        ),
        ready(29),
    ),
)

HELD_DYING = f"dist_init_port is used by a process already. process.name()='python3'' process.cmdline()={FIRST_CMD} process.status()='sleeping' pid=48807"

case(
    "healthy_056_waits_for_dying_servers_port",
    "0.5.6",
    "sglang-0.5.6 srt/utils/common.py:727-747 (logs every 0.5 s after 1 s while it waits), server_args.py:4462-4473",
    "healthy",
    "relaunched right after a crash: the dying server still held ZMQ port 30233 for ~2 s; SGLang waits, the port frees, and it starts and serves",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-V2-Lite-Chat",
            tp_size=4,
            dp_size=4,
            enable_dp_attention=True,
            trust_remote_code=True,
            port=30000,
        ),
        f"{ts(2)} port 30233 is in use. Waiting for 15 seconds for dist_init_port to be available. {HELD_DYING}",
        f"{ts(2)} port 30233 is in use. Waiting for 20 seconds for dist_init_port to be available. {HELD_DYING}",
        at(6, "DP0 TP0", "Init torch distributed begin."),
        at(9, "DP0 TP0", "Init torch distributed ends. mem usage=0.72 GB"),
        at(9, "DP0 TP0", "Load weight begin. avail mem=78.30 GB"),
        at(
            20,
            "DP0 TP0",
            "Load weight end. type=DeepseekV2ForCausalLM, dtype=torch.bfloat16, avail mem=70.52 GB, mem usage=7.78 GB.",
        ),
        at(20, "DP0 TP0", "KV Cache is allocated. #tokens: 1139840, KV size: 58.46 GB"),
        at(20, "DP0 TP0", "Memory pool end. avail mem=11.09 GB"),
        at(21, "DP0 TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=10.77 GB"),
        at(44, "DP0 TP0", "Capture cuda graph end. Time elapsed: 22.90 s. mem usage=1.04 GB. avail mem=9.73 GB."),
        at(
            45,
            "DP0 TP0",
            "max_total_num_tokens=1139840, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=1024, context_len=163840, available_gpu_mem=9.73 GB",
        ),
        ready(46),
    ),
)

case(
    "healthy_056_second_server_shares_the_gpu_on_purpose",
    "0.5.6",
    "sglang-0.5.6 srt/model_executor/model_runner.py:1688-1700 (pool budget = free memory at start x fraction)",
    "healthy",
    "two small servers deliberately share one H100 at --mem-fraction-static 0.45; the second starts with 43 GiB free and a small pool, which is expected, and serves",
    join(
        sargs(0, "Qwen/Qwen2.5-3B-Instruct", tp_size=1, mem_fraction_static=0.45, port=30001),
        at(3, None, "Attention backend not specified. Use fa3 backend by default."),
        at(4, "TP0", "Init torch distributed begin."),
        at(4, "TP0", "Init torch distributed ends. mem usage=0.00 GB"),
        at(5, "TP0", "Load weight begin. avail mem=43.41 GB"),
        at(
            9,
            "TP0",
            "Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=37.48 GB, mem usage=5.93 GB.",
        ),
        at(9, "TP0", "KV Cache is allocated. #tokens: 497664, K size: 6.84 GB, V size: 6.84 GB"),
        at(9, "TP0", "Memory pool end. avail mem=23.56 GB"),
        at(10, "TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=23.25 GB"),
        at(21, "TP0", "Capture cuda graph end. Time elapsed: 11.02 s. mem usage=0.42 GB. avail mem=22.83 GB."),
        at(
            22,
            "TP0",
            "max_total_num_tokens=497664, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=22.83 GB",
        ),
        ready(23, port=30001),
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "balance_040_tenant_on_gpu1_bare_valueerror": "nccl_or_distributed",
    "balance_043_crashed_servers_schedulers_still_alive": "nccl_or_distributed",
    "balance_046_workstation_gpu0_drives_the_desktop": "nccl_or_distributed",
    "balance_049_mixed_3090_and_a4000": "nccl_or_distributed",
    "balance_053_zombie_tp2_scheduler": "nccl_or_distributed",
    "balance_056_tenant_on_gpus_5_6_tp8": "nccl_or_distributed",
    "balance_0510_runtimeerror_launcher_sees_death": "nccl_or_distributed",
    "balance_0510_old_disable_variable_still_raises": "nccl_or_distributed",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_sharedgpu_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way to ready at first sight (what a live supervisor acts on), with
# the event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_sharedgpu_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
