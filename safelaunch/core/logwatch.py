"""Streaming classifier for SGLang's log: where start-up is, what memory it reports, and why it failed.

The supervisor feeds every line SGLang prints, as it is printed, and must react within a second, so a
failure is announced on the line where it becomes evident (with the best label known then) while
`diagnosis()` keeps refining the verdict as the rest of the traceback arrives.

Each line flows through small pure steps, in the spirit of structlog's processor chain:

    normalise (wrappers, ANSI, tqdm carriage returns)  ->  parse_prefix (SGLang's `[time RANKS]`)
    ->  observe (what the message says: phase, figures, frame, exception, failure pattern)
    ->  LogClassifier (the only state: phase, current traceback, best failure so far)

Rules come from SGLang's message templates, its start-up order and the structure of Python tracebacks
(reference/sglang.md §1), not from the wording of particular bug reports. Memory figures are bytes:
SGLang's "GB" is `free / (1 << 30)`, so GB and GiB (and MB and MiB) are read as binary units.

Nothing here does I/O, and nothing grows with the length of the log: a bounded window of recent
interesting lines, the frames of the current traceback and one best record per tier.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

# --------------------------------------------------------------------------- contract

LABELS: tuple[str, ...] = (
    "oom_cuda_graph",
    "oom_moe_workspace",
    "oom_kv_cache",
    "oom_weights",
    "oom_runtime",
    "nccl_or_distributed",
    "port_in_use",
    "config_error",
    "cuda_error_other",
    "healthy",
    "unknown",
)
FAILURE_LABELS: frozenset[str] = frozenset(LABELS[:9])
PHASES: tuple[str, ...] = ("launching", "loading_weights", "kv_cache", "cuda_graph", "warmup", "ready", "serving")
EVENT_KINDS: tuple[str, ...] = ("phase", "progress", "memory", "failure", "ready", "warning")
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}

MAX_TEXT = 1000  # characters of a line kept in events and evidence
MAX_LINE = 65536  # characters of a logical line that are classified (server_args lines run to ~10 KB)
MAX_REDRAWS = 64  # progress-bar redraws kept from one physical line


@dataclass(frozen=True, slots=True)
class Event:
    """Something the supervisor may act on, tied to the input line that showed it."""

    kind: str
    phase: str
    line_no: int
    text: str
    rank: str | None = None
    label: str | None = None
    numbers: Mapping[str, Any] = field(default_factory=dict)
    hint: str | None = None


@dataclass(frozen=True, slots=True)
class Evidence:
    line_no: int
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"line_no": self.line_no, "text": self.text}


@dataclass(frozen=True)
class Diagnosis:
    """The verdict on a whole log (so far): what happened, where, the figures, and what to change."""

    label: str
    phase: str
    rank: str | None
    numbers: Mapping[str, Any]
    evidence: tuple[Evidence, ...]
    hint: str

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "phase": self.phase,
            "rank": self.rank,
            "numbers": dict(self.numbers),
            "evidence": [e.to_json() for e in self.evidence],
            "hint": self.hint,
        }


# --------------------------------------------------------------------------- step 1: normalise

_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
# Wrappers that deployments put in front of every line, anchored at the start; applied repeatedly.
_WRAPPER = re.compile(
    r"(?:"
    # Kubernetes CRI: 2025-07-25T07:53:08.21748708+08:00 stdout F
    r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d) (?:stdout|stderr) [FP] "
    # docker logs --timestamps
    r"|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z "
    # cloud logging exports: ERROR 2025-04-05T00:01:19.209237575Z
    r"|(?:DEFAULT|DEBUG|INFO|NOTICE|WARNING|WARN|ERROR|CRITICAL|ALERT|EMERGENCY) \d{4}-\d\d-\d\dT[\d:.]+Z? "
    # kubectl logs --prefix
    r"|\[pod/[^\]\s]+\] "
    # Ray actors and workers: (SGLangEngine pid=952, ip=10.0.0.1)
    r"|\((?:[\w.:-]+ )?pid=\d+(?:, ip=[0-9a-fA-F.:]+)?(?:, [\w.-]+=[^,)]*)*\) ?"
    r"|\((?:raylet|gcs_server|autoscaler|monitor)(?:, ip=[0-9a-fA-F.:]+)?\) "
    # journald / syslog: Mar 06 06:15:02 host python3[1234]:
    r"|[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d [\w.-]+ [\w.@/-]+(?:\[\d+\])?: "
    # docker compose: name  |
    r"|[\w][\w.-]*\s*\| "
    # a markdown quote, as lines copied into issue threads are
    r"|> ?"
    r")"
)
_RAY_SUFFIX = re.compile(r"\s*\[repeated \d+x across cluster\]\s*$")
# SGLang's own prefix anywhere in a line: after a foreign logger's prefix, or glued after a tqdm bar.
_SGL_PREFIX_INNER = re.compile(r"\[(?:\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d(?:[.,]\d+)?(?: [A-Z_]+\d+)*\] ")


def decode(line: str | bytes | bytearray) -> str:
    """Bytes from a pipe may be cut mid-character or not UTF-8 at all; never fail on them."""
    if isinstance(line, str):
        return line
    return bytes(line).decode("utf-8", "replace")


def strip_wrappers(text: str) -> str:
    """Remove docker/Kubernetes/Ray/journald/cloud prefixes (nested ones too) and Ray's repeat suffix."""
    for _ in range(4):
        m = _WRAPPER.match(text)
        if not m or not m.end():
            break
        text = text[m.end() :]
    if text.endswith("cluster]"):
        text = _RAY_SUFFIX.sub("", text)
    return text


def normalise(line: str | bytes) -> list[str]:
    """One physical line -> the logical lines in it, clean of wrappers, colour and progress-bar redraws.

    tqdm redraws with carriage returns: each redraw becomes a logical line, in order (the last 64 of them);
    a log line glued to the end of a bar, or a foreign logger's prefix in front of SGLang's, is split off
    at SGLang's own prefix.
    """
    text = decode(line)
    if "\x00" in text:
        text = text.replace("\x00", "")
    text = text.rstrip("\r\n")
    if "\x1b" in text:
        text = _ANSI.sub("", text)
    if len(text) > MAX_LINE:
        text = text[:MAX_LINE]
    if "\r" in text:
        # every redraw, in order (progress), the last one possibly with a log line glued after the bar
        parts = [p for p in text.split("\r") if p.strip()][-MAX_REDRAWS:]
        text = parts.pop() if parts else ""
        out = [strip_wrappers(p) for p in parts]
    else:
        out = []
    text = strip_wrappers(text)
    while True:
        m = _SGL_PREFIX_INNER.search(text, 1)
        if m is None:
            break
        head = text[: m.start()].rstrip()
        if head:
            out.append(strip_wrappers(head))
        text = text[m.start() :]
    out.append(text)
    return out


# --------------------------------------------------------------------------- step 2: SGLang's prefix

_PREFIX = re.compile(
    r"\[(?:(\d{4}-\d\d-\d\d) )?(\d\d:\d\d:\d\d(?:[.,]\d+)?)((?: [A-Z_]+\d+)*)\] ?"  # [2025-07-02 07:41:58 DP0 TP0]
    r"|\[gpu=(\d+)\] ?"  # very old releases: [gpu=0]
)
_UVICORN_LEVEL = re.compile(r"(INFO|ERROR|WARNING|DEBUG|CRITICAL):\s+")


@dataclass(frozen=True, slots=True)
class Parsed:
    text: str  # the normalised line, prefix included (what evidence shows)
    msg: str  # the message after SGLang's prefix and uvicorn's level
    time: str | None = None
    rank: str | None = None
    prefixed: bool = False
    level: str | None = None


def parse_prefix(text: str) -> Parsed:
    """Split `[2025-07-02 07:41:58 DP0 TP0] msg` into time, ranks and message; every version's form."""
    m = _PREFIX.match(text)
    if m is None:
        msg, time, rank, prefixed = text, None, None, False
    else:
        prefixed = True
        msg = text[m.end() :]
        if m.group(4) is not None:
            time, rank = None, f"gpu={m.group(4)}"
        else:
            time = f"{m.group(1)} {m.group(2)}" if m.group(1) else m.group(2)
            rank = m.group(3).strip() or None
    level = None
    if msg[:1] in "IEWDC":
        lm = _UVICORN_LEVEL.match(msg)
        if lm:
            level, msg = lm.group(1), msg[lm.end() :]
    return Parsed(text, msg, time, rank, prefixed, level)


# --------------------------------------------------------------------------- numbers

_UNIT = {
    "b": 1,
    "byte": 1,
    "bytes": 1,
    "kb": 1 << 10,
    "kib": 1 << 10,
    "mb": 1 << 20,
    "mib": 1 << 20,
    "gb": 1 << 30,
    "gib": 1 << 30,
    "tb": 1 << 40,
    "tib": 1 << 40,
}
_SIZE = r"([\d.]+)\s*(bytes?|[KMGT]i?B|B)"


def to_bytes(value: str, unit: str) -> int | None:
    """'21.92', 'GiB' -> bytes. GB means GiB here: SGLang divides by 1 << 30 and torch prints binary units."""
    try:
        return round(float(value) * _UNIT[unit.lower()])
    except (ValueError, KeyError):
        return None


_OOM_NUMS = (
    ("tried_bytes", re.compile(r"Tried to allocate " + _SIZE)),
    ("free_bytes", re.compile(r"of\s+which\s+" + _SIZE + r"\s+is\s+free")),
    ("total_bytes", re.compile(r"total\s+capac\w*\s+of\s+" + _SIZE)),
    ("in_use_bytes", re.compile(r"this\s+process\s+has\s+" + _SIZE + r"\s+memory\s+in\s+use")),
)
_OOM_GPU = re.compile(r"GPU\s+(\d+)(?:\s+has\s+a\s+total|;)")
_OOM_PROCESS = re.compile(r"Process\s+\d+\s+has\s+" + _SIZE + r"\s+memory\s+in\s+use")
# torch 1.x: (GPU 0; 23.69 GiB total capacity; 22.73 GiB already allocated; 3.06 MiB free; 22.80 GiB reserved ...)
_OOM_OLD = re.compile(
    r"GPU (\d+); " + _SIZE + r" total capacity; " + _SIZE + r" already allocated; " + _SIZE + r" free"
    r"(?:; " + _SIZE + r" reserved)?"
)
_MEM_NUMS = (
    ("avail_mem_bytes", re.compile(r"avail(?:able_gpu)?[ _]mem=\s*([\d.]+)\s*(GB|GiB|MB|MiB)")),
    ("mem_usage_bytes", re.compile(r"mem usage=\s*([\d.]+)\s*(GB|GiB|MB|MiB)")),
)
_FRACTION = re.compile(r"mem[_-]fraction[_-]static(?:=|\s+)([01]?\.\d+|[01])\b")
_SUGGESTED = re.compile(r"--mem-fraction-static above ([01]?\.\d+)")
_KV_TOKENS = re.compile(r"#tokens: (\d+)")
_MAX_TOTAL = re.compile(r"max_total_num_tokens=(\d+)")
_AVAILABLE_AFTER = re.compile(r"available_gpu_mem=([\d.]+) ?([KMGT]?i?B)")
_CAPTURE_BS = re.compile(r"Capturing batches \((?:bs=)?(\d+)(?:\s+avail_mem=\s*([\d.]+)\s*GB)?")
_CAPTURE_TOKENS = re.compile(r"Capturing num tokens \((?:num_tokens=)?(\d+)(?:\s+avail_mem=\s*([\d.]+)\s*GB)?")


def oom_numbers(text: str) -> dict[str, Any]:
    """The figures of a PyTorch CUDA OOM message, every torch version's wording, wrapped or not."""
    out: dict[str, Any] = {}
    for key, rx in _OOM_NUMS:
        m = rx.search(text)
        if m:
            b = to_bytes(m.group(1), m.group(2))
            if b is not None:
                out[key] = b
    m = _OOM_GPU.search(text)
    if m:
        out["gpu"] = int(m.group(1))
    if "in_use_bytes" not in out:
        procs = _OOM_PROCESS.findall(text)
        if len(procs) == 1:  # one process listed: it is ours (older torch names it by pid)
            b = to_bytes(*procs[0])
            if b is not None:
                out["in_use_bytes"] = b
    if "total_bytes" not in out:
        m = _OOM_OLD.search(text)
        if m:
            out["gpu"] = int(m.group(1))
            out["total_bytes"] = to_bytes(m.group(2), m.group(3))
            out["free_bytes"] = to_bytes(m.group(6), m.group(7))
            if m.group(8):
                out["in_use_bytes"] = to_bytes(m.group(8), m.group(9))
    return out


def line_numbers(msg: str) -> dict[str, Any]:
    """Figures SGLang prints during start-up: avail mem, mem usage, #tokens, fractions."""
    out: dict[str, Any] = {}
    if "mem" in msg:
        for key, rx in _MEM_NUMS:
            m = rx.search(msg)
            if m:
                b = to_bytes(m.group(1), m.group(2))
                if b is not None:
                    out[key] = b
        if "fraction" in msg:
            m = _SUGGESTED.search(msg)
            if m:
                out["suggested_mem_fraction"] = float(m.group(1))
            m = _FRACTION.search(msg)
            if m:
                out["mem_fraction"] = float(m.group(1))
    if "#tokens: " in msg:
        m = _KV_TOKENS.search(msg)
        if m:
            out["kv_tokens"] = int(m.group(1))
    if "max_total_num_tokens=" in msg:
        m = _MAX_TOTAL.search(msg)
        if m:
            out["max_total_num_tokens"] = int(m.group(1))
        m = _AVAILABLE_AFTER.search(msg)
        if m:  # what start-up left for activations: SGLang's docs judge a fraction by it
            b = to_bytes(m.group(1), m.group(2))
            if b is not None:
                out["available_gpu_mem_bytes"] = b
    return out


# --------------------------------------------------------------------------- step 3: what a message says

# Start-up milestones, by the start of SGLang's message (every version's wording).
_PHASE_STARTS: tuple[tuple[str, str], ...] = (
    ("Init torch distributed", "launching"),
    ("Init parallel", "launching"),
    ("Memory baseline taken", "launching"),
    ("Load weight begin", "loading_weights"),
    ("Load weight end", "kv_cache"),
    ("Memory pool end", "kv_cache"),
    ("Running FlashInfer autotune", "kv_cache"),
    ("FlashInfer autotune completed", "kv_cache"),
    ("Capture ", "cuda_graph"),  # "Capture cuda graph begin", "Capture target decode CUDA graph begin", ...
    ("max_total_num_tokens=", "warmup"),
)
_KV_ALLOC = re.compile(r"(?:KV Cache|Cache) (?:is allocated|VA upper bound)\.")
_SHARDS = re.compile(r"(?:checkpoint shards|loading shards|Loading weights|Loading model weights)[^:]*:\s*(\d{1,3})%")
_READY_LINE = "The server is fired up and ready to roll"
_UVICORN_READY = ("Application startup complete", "Uvicorn running on")
_BATCH_STARTS = ("Decode batch", "Prefill batch")
# The first 12 characters of routine serving messages: batch statistics and uvicorn access lines.
_QUIET = frozenset(
    ["Decode batch", "Prefill batc"] + [f"INFO:     {a}{b}" for a in "0123456789" for b in "0123456789.:"]
)

_FRAME = re.compile(r'File "([^"]*)", line \d+,? in (\S+)')  # no comma: faulthandler's dump
_TB_HEADER = "Traceback (most recent call last)"
_EXC_LINE = re.compile(
    r"((?:[A-Za-z_][\w]*[./])*[A-Za-z_]\w*(?:Error|Exception|Derived|Exit|Interrupt)|Exception)(?::\s*(.*))?$"
)
_CHAIN = ("During handling of the above exception", "The above exception was the direct cause")

# Non-fatal messages that mention memory or ports: SGLang and its libraries carry on after them.
_WARNINGS = re.compile(
    r"out of memory happened"  # Decode out of memory happened. #retracted_reqs (old scheduler)
    r"|KV cache pool is full\. Retract"
    r"|\[Autotuner\].*OOM"
    r"|autotune skipped"
    r"|to avoid out of memory"
    r"|memory capacity is unbalanced"
    r"|KV pool holds \d+ tokens, fewer than"
    r"|was reduced from the requested"
    r"|[Pp]ort \d+ is (?:already )?in use[.,] (?:trying|Waiting)"
    r"|is deprecated and will be removed"
    r"|fall(?:ing)? ?back|skipp(?:ing|ed)\b|[Rr]etrying"
    r"|\w+Warning: "  # python warnings: path.py:12: UserWarning: ...
)
_RUNTIME_PRESSURE = re.compile(r"out of memory happened|KV cache pool is full\. Retract")

# Fatal markers that are consequences of an earlier cause: they say *that* it failed, not *why*.
_CONSEQUENCE = re.compile(
    r"hit an exception"
    r"|Received sigquit from a child"
    r"|SIGQUIT received"
    r"|Initialization failed"
    r"|Exception in \w+:"  # Exception in ModelTpServer: / run_tp_server: / ModelRpcClient: (older releases)
    r"|Fatal Python error"
    r"|Aborted \(core dumped\)|Segmentation fault"
    r"|(?:^|\s)Killed(?:\s|$)"
    r"|Child process unexpectedly failed"
    r"|exited with (?:exit )?code -?[1-9]"
)

# The failure patterns, tried in this order by match_failure. They are specific enough to be fatal wherever
# they appear; _CONFIG_EXC's looser words count only on a traceback's exception line.
_KV = re.compile(
    r"Raise --mem-fraction-static above"
    r"|Not enou\w* memory\. Please try to increase --mem-fraction-static"
    r"|Not enough memory to allocate KV cache"
    r"|leave no GPU memory for the KV cache"
    r"|state cache is too small"
    r"|Not enough GPU memory for hybrid"
    r"|leaves no room for the full KV pool"
)
_RUNTIME_EXPLICIT = re.compile(r"(?:Decode|Prefill) out of memory\. Try to lower")
_WORKSPACE = re.compile(
    r"Failed to allocate memory for \w+ with size \d+"
    r"|Out of workspace memory"
    r"|workspace allocation failed"
    r"|exceeds its fixed workspace"
    r"|Failed to initialize FlashInfer workspace"
    r"|OOM during tactic-ranking"
    r"|num_max_dispatch_tokens_per_rank"
)
_CAPTURE_WRAP = re.compile(
    r"Capture (?:cuda|CUDA) graph failed:?\s*(.*)"
    r"|Piecewise CUDA Graph failed with error:?\s*(.*)"
    r"|Fail when using backend: \S+ for prefill runner"
    r"|Piecewise CUDA Graph is enabled by default as an experimental feature"
)
_OOM = re.compile(
    r"CUDA out of memory|HIP out of memory|OutOfMemoryError|CUDA error: out of memory|cudaErrorMemoryAllocation"
    r"|CUBLAS_STATUS_ALLOC_FAILED|Cuda failure 'out of memory'|memory mapping failed with OOM"
    r"|Allocation was preemptively rejected|\bMemoryError\b|'out of memory'|failed: out of memory"
    r"|CUDA_ERROR_OUT_OF_MEMORY"
)
_PORT = re.compile(
    r"[Aa]ddress already in use|EADDRINUSE|\[Errno 98\]|Port is already in use"
    r"|is not available in \d+ seconds|is used by a process already|[Pp]ort \d+ is (?:already )?in use"
)
_NCCL = re.compile(
    r"NCCL [Ee]rror|\bnccl\w*Error\b|DistBackendError|DistStoreError|DistNetworkError|Failed to load NCCL library"
    r"|Watchdog caught collective operation timeout|collective operation timeout|NCCL timeout"
    r"|gloo/transport|\[Gloo\]|Socket Timeout|RendezvousError|Error while creating shared memory segment"
    r"|NCCL communicator|ncclCommInitRank failed|ChildFailedError|Timed out after \d+ seconds waiting for clients"
    r"|Timed out initializing process group|store based barrier"
)
# A peer hanging up is a distributed failure only between ranks (gloo, the c10d store), not an HTTP client leaving.
_PEER = re.compile(r"Connection (?:closed|reset) by peer")
_DIST_WORDS = re.compile(r"gloo|Gloo|c10d|[Ss]tore|NCCL|pair\.cc|ProcessGroup")
_CUDA = re.compile(
    r"CUDA (?:driver |runtime )?[Ee]rror|cudaError\w+|illegal memory access|device-side assert triggered"
    r"|invalid resource handle"
    r"|CUBLAS_STATUS_\w+|CUDNN_STATUS_\w+|cuDNN error|no kernel image is available"
    r"|CUDA driver version is insufficient|driver/library version mismatch|Triton Error \[CUDA\]"
    r"|misaligned address|unspecified launch failure|not permitted when stream is capturing"
    r"|Found no NVIDIA driver|CUDA initialization|uncorrectable ECC|illegal instruction|CUDA kernel launch"
    r"|cuda(?:Malloc|Memcpy)\w* failed|invalid device ordinal|driver on your system is too old"
    r"|NVML_SUCCESS == |unsupported display driver|forward compatibility was attempted|cudaGetDeviceCount"
    r"|No CUDA GPUs are available|Memory access fault|HIP error|undefined symbol|CUDA unknown error|CUDA_ERROR_\w+"
    r"|OutOfResources|out of resource: shared memory"
)
_CONFIG = re.compile(
    r"error: (?:unrecognized arguments|ambiguous option|argument |the following arguments are required|invalid choice)"
    r"|is not a local folder and is not a valid model identifier|Repo id must|HFValidationError"
    r"|RepositoryNotFoundError|GatedRepoError|gated repo|Cannot find any model weights|No model weights found"
    r"|does not appear to have a file named|Can't load tokenizer|Failed to load the tokenizer"
    r"|`trust_remote_code=True`|contains custom code which must be executed"
    r"|is not a valid git identifier|Incorrect path_or_model_id|LocalEntryNotFoundError"
    r"|are not supported for now|Unknown quantization method|does not match the quantization method"
    r"|quantization is currently not supported|is not supported for the current GPU"
    r"|is not supported for quantization method|less than the minimum required version"
    r"|with minimum required version \S+ is not installed|Unrecognized model|model type .{1,80} not recognized"
    r"|does not recognize this architecture|couldn't connect to 'https://huggingface.co'"
    r"|Can't load the configuration|correct path to a directory containing"
    r"|40[134] Client Error|Repository Not Found|SafetensorError|Error while deserializing header"
    r"|only supported on GPUs with compute capability"
)
_CONFIG_EXC = re.compile(
    r"not divisible|must be divisible|divisible by|not supported|[Uu]nsupported|No module named"
    r"|No such file or directory|does not exist|not found|couldn't find|[Ii]nvalid|must be|should be|cannot be"
    r"|exceeds|greater than|larger than|less than|smaller than|expected"
)
_CASCADE = re.compile(
    r"could finish the model loading, but there are other ranks"
    r"|scheduler died during initialization"
    r"|watchdog timeout \("
    r"|Health check failed"
)
_CONFIG_EXC_TYPES = frozenset(
    {
        "ValueError",
        "AssertionError",
        "NotImplementedError",
        "FileNotFoundError",
        "OSError",
        "ImportError",
        "ModuleNotFoundError",
        "KeyError",
        "ArgumentError",
        "ArgumentTypeError",
        "TypeError",
        "SystemExit",
    }
)
# One pass that says whether any failure pattern can match, before the ordered checks.
_ANY_FAILURE = re.compile(
    "|".join(
        rx.pattern
        for rx in (_KV, _RUNTIME_EXPLICIT, _WORKSPACE, _CAPTURE_WRAP, _OOM, _PORT, _NCCL, _PEER, _CUDA, _CONFIG)
    )
)
_WORKSPACE_WORDS = re.compile(
    r"workspace|flashinfer|alignedallocator|moe|deep_?ep|deep_?gemm|trtllm|autotuner|dispatch"
)

# Frame categories: the function (more specific) first, then the file.
_FRAME_FUNCS: dict[str, str] = {}
for _cat, _names in (
    (
        "weights",
        "load_model load_weights create_weights weight_loader _initialize_model get_model initialize_model "
        "load_weights_and_postprocess _load_weights make_layers exposed_init_model load_model_from_config",
    ),
    (
        "kv_pool",
        "init_memory_pool profile_max_num_token init_kv_cache init_cache_with_memory_pool configure_kv_cache",
    ),
    (
        "capture",
        "capture capture_one_batch_size init_cuda_graphs init_device_graphs capture_one_step "
        "_capture_graph init_piecewise_cuda_graphs capture_prefill capture_decode warmup_and_capture",
    ),
    (  # the scheduler's serving loop: only requests run here
        "loop",
        "forward_batch_generation forward_step exposed_step event_loop_normal event_loop_overlap "
        "event_loop_pp event_loop_normal_disagg_prefill event_loop_normal_disagg_decode run_batch "
        "forward_thread_func forward_thread_func_ forward_prefill_batch forward_decode_batch process_batch_result "
        "handle_generate_request",
    ),
    ("runtime", "forward_extend forward_decode forward_idle"),  # also run by warm-ups and autotuning
    (
        "distributed",
        "init_torch_distributed initialize_model_parallel init_distributed_environment "
        "init_process_group ncclCommInitRank init_model_parallel_group all_reduce barrier",
    ),
):
    for _n in _names.split():
        _FRAME_FUNCS[_n] = _cat
_FRAME_PATHS = (
    (
        "workspace",
        re.compile(r"deep_?ep|deep_?gemm|flashinfer|trtllm|token_dispatcher|moe_runner|cutlass_moe|ep_moe", re.I),
    ),
    ("capture", re.compile(r"cuda_graph|graph_runner|piecewise|breakable")),
    ("kv_pool", re.compile(r"mem_cache/memory_pool|kv_cache_configurator|pool_configurator")),
    ("weights", re.compile(r"model_loader/")),
    ("distributed", re.compile(r"/distributed/|parallel_state|pynccl|device_communicators|torch/distributed")),
)


def frame_category(path: str, func: str) -> str | None:
    """Which start-up step a traceback frame belongs to, from SGLang's module and function names."""
    cat = _FRAME_FUNCS.get(func)
    if cat is None and ("workspace" in func or "autotun" in func):
        cat = "workspace"
    if cat is not None:
        return cat
    for name, rx in _FRAME_PATHS:
        if rx.search(path):
            return name
    return None


@dataclass(frozen=True, slots=True)
class Failure:
    """A failure pattern matched on one message: the family decides how the label is resolved."""

    family: str  # kv runtime workspace capture oom port nccl cuda config exc cascade consequence
    tier: int  # 4 cause, 3 distributed, 2 unrecognised exception, 1 cascade, 0 consequence
    detail: str = ""  # the text that decides (for a capture wrapper: its inner error)
    exc_type: str | None = None
    fatal: bool = True  # False: only an exception line's wording, which a caught, logged error also has


def match_failure(msg: str, exc_type: str | None) -> Failure | None:
    """The failure a message names, by priority; None for an ordinary line."""
    if _ANY_FAILURE.search(msg) is None:
        if _CASCADE.search(msg):
            return Failure("cascade", 1, msg, exc_type)
        if exc_type is not None:
            if "out of memory" in msg or "Out of memory" in msg:
                return Failure("oom", 4, msg, exc_type)
            if exc_type.split(".")[-1] in _CONFIG_EXC_TYPES and _CONFIG_EXC.search(msg):
                return Failure("config", 4, msg, exc_type, fatal=False)
        return None
    if _KV.search(msg):
        return Failure("kv", 4, msg, exc_type)
    if _RUNTIME_EXPLICIT.search(msg):
        return Failure("runtime", 4, msg, exc_type)
    m = _CAPTURE_WRAP.search(msg)
    if m:
        return Failure("capture", 4, m.group(1) or m.group(2) or "", exc_type)
    if _WORKSPACE.search(msg):
        return Failure("workspace", 4, msg, exc_type)
    m = _OOM.search(msg)
    if m:
        return Failure("oom", 4, msg, exc_type)
    if _PORT.search(msg):
        return Failure("port", 4, msg, exc_type)
    if "invalid device ordinal" in msg:  # more GPUs asked for (--tp, --base-gpu-id) than are visible
        return Failure("config", 4, msg, exc_type)
    if _NCCL.search(msg) or (_PEER.search(msg) and _DIST_WORDS.search(msg)):
        return Failure("nccl", 3, msg, exc_type)
    if _CUDA.search(msg):
        return Failure("cuda", 4, msg, exc_type)
    if _CONFIG.search(msg):
        return Failure("config", 4, msg, exc_type)
    return None


def capture_inner_label(inner: str) -> str:
    """'Capture cuda graph failed: <inner>' is decided by <inner>: only memory errors are graph OOMs."""
    if _WORKSPACE.search(inner):
        return "oom_moe_workspace"
    if _OOM.search(inner):
        lead = inner[: _OOM.search(inner).start()].lower()
        return "oom_moe_workspace" if _WORKSPACE_WORDS.search(lead) else "oom_cuda_graph"
    if _NCCL.search(inner) or _PORT.search(inner) or _PEER.search(inner):
        return "nccl_or_distributed"
    return "cuda_error_other"


def resolve_oom(
    text: str,
    frames: Iterable[str | None],
    phase: str,
    *,
    phase_known: bool,
    pool_ready: bool,
    autotune: bool,
    capture_context: bool,
    forward_seen: bool,
) -> str:
    """Which OOM a memory error is: from its own words, the frames above it, then the phase it hit.

    The words before the OOM text name the allocation ("Failed to initialize lk_moe: CUDA out of
    memory"); the OOM body itself is ignored there because torch's text mentions "CUDA Graphs".
    After the server is up any OOM is a serving OOM: the fix is the same whatever allocated.
    """
    m = _OOM.search(text)
    lead = text[: m.start()] if m else text
    if _PHASE_INDEX[phase] >= _PHASE_INDEX["ready"]:
        return "oom_runtime"
    if _PHASE_INDEX[phase] >= _PHASE_INDEX["warmup"] or (forward_seen and not capture_context):
        # Warm-up's first forward is still start-up: the innermost allocating frame tells a MoE / FlashInfer
        # workspace (allocated once, on first use) from activations that any request would need.
        for cat in frames:
            if cat == "workspace":
                return "oom_moe_workspace"
            if cat is not None and cat != "runtime":
                break
        return "oom_moe_workspace" if _WORKSPACE_WORDS.search(lead.lower()) else "oom_runtime"
    if _WORKSPACE_WORDS.search(lead.lower()):
        return "oom_moe_workspace"
    if "Capture" in lead or "capture" in lead:
        return "oom_cuda_graph"
    for cat in frames:  # innermost first: the nearest step that allocates decides
        if cat == "workspace":
            return "oom_moe_workspace"
        if cat == "capture":
            return "oom_cuda_graph"
        if cat == "weights":
            return "oom_weights"
        if cat == "kv_pool":
            return "oom_kv_cache"
        if cat == "loop" or (cat == "runtime" and not phase_known):
            return "oom_runtime"
    if capture_context:
        return "oom_cuda_graph"
    if not phase_known:
        return "oom_runtime"  # an excerpt with no start-up line: OOMs in threads are mostly while serving
    if phase == "launching" or phase == "loading_weights":
        return "oom_weights"
    if phase == "kv_cache":
        if autotune:
            return "oom_moe_workspace"
        return "oom_cuda_graph" if pool_ready else "oom_kv_cache"
    return "oom_cuda_graph"


def exception_label(exc_type: str | None, phase: str, frames: Iterable[str | None], *, phase_known: bool) -> str:
    """An exception no pattern names, judged by where it was raised.

    Before the weights are in, what fails is the arguments, the checkpoint or the environment; while
    capturing graphs it is a kernel; while serving it is most often one bad request, so no verdict.
    """
    cats = set(frames)
    if "capture" in cats:
        return "cuda_error_other"
    if "loop" in cats or _PHASE_INDEX[phase] >= _PHASE_INDEX["warmup"]:
        return "unknown"
    if "distributed" in cats:
        return "nccl_or_distributed"
    if phase_known and _PHASE_INDEX[phase] <= _PHASE_INDEX["loading_weights"]:
        return "config_error"
    if "weights" in cats or (exc_type or "").rsplit(".", 1)[-1] in _CONFIG_EXC_TYPES:
        return "config_error"
    return "cuda_error_other" if phase_known else "unknown"


# Every pattern the classifier knows, for a naive baseline that tries them all on every line (benchmarks/).
PATTERNS: tuple[re.Pattern[str], ...] = (
    _ANSI, _WRAPPER, _RAY_SUFFIX, _SGL_PREFIX_INNER, _PREFIX, _UVICORN_LEVEL,
    *(rx for _, rx in _OOM_NUMS), _OOM_GPU, _OOM_PROCESS, _OOM_OLD, *(rx for _, rx in _MEM_NUMS),
    _FRACTION, _SUGGESTED, _KV_TOKENS, _MAX_TOTAL, _CAPTURE_BS, _CAPTURE_TOKENS, _KV_ALLOC, _SHARDS,
    *(re.compile(re.escape(start)) for start, _ in _PHASE_STARTS),
    re.compile(re.escape(_READY_LINE)), *(re.compile(re.escape(s)) for s in _UVICORN_READY),
    _FRAME, re.compile(re.escape(_TB_HEADER)), _EXC_LINE, _WARNINGS, _RUNTIME_PRESSURE, _CONSEQUENCE,
    _KV, _RUNTIME_EXPLICIT, _WORKSPACE, _CAPTURE_WRAP, _OOM, _PORT, _NCCL, _PEER, _DIST_WORDS, _CUDA, _CONFIG,
    _CONFIG_EXC, _CASCADE,
    _WORKSPACE_WORDS,
)  # fmt: skip

# Words (lower case) at least one of which every failure, warning and consequence pattern above contains.
# Ordinary lines lack them all, and a few `in` tests cost far less than the alternations (python's re has
# no multi-literal search). Keep in step with the patterns: tests compare against a run without it.
_TRIGGERS: tuple[str, ...] = (
    "memory", "mem-fraction", "cache", "pool", "oom", "workspace", "dispatch", "fail", "piecewise", "rejected",
    "eaddrinuse", "errno", "nccl", "error", "timeout", "gloo", "assert", "invalid", "cublas", "cudnn", "kernel",
    "driver", "misaligned", "initialization", "ecc", "illegal", "nvml", "compatibility", "valid", "gated", "weights",
    "tokenizer", "trust_remote_code", "path_or_model_id", "support", "quantization", "recogni", "huggingface",
    "exception", "derived", "exit", "interrupt", "died", "sigquit", "aborted", "segmentation", "killed", "skipp",
    "reduced", "deprecated", "fall", "retrying", "in use", "used by", "not available", "timed out", "by peer",
    "not permitted", "repo id", "does not appear", "custom code", "minimum required", "could finish", "warning",
    "cudagetdevicecount", "gpus are available", "undefined symbol", "can't load", "correct path", "repository",
    "capability", "barrier", "ordinal", "resource",
)  # fmt: skip


def might_fail(msg: str) -> bool:
    """Whether any failure, warning or consequence pattern could match this message."""
    low = msg.lower()
    for word in _TRIGGERS:  # noqa: SIM110 (a plain loop: any() with a generator costs twice as much here)
        if word in low:
            return True
    return False


# Patterns that are only ever tried at the start of a line (re.match); the rest are searched.
ANCHORED: frozenset[re.Pattern[str]] = frozenset({_WRAPPER, _PREFIX, _UVICORN_LEVEL, _EXC_LINE})

# --------------------------------------------------------------------------- hints


def _size(n: int) -> str:
    return f"{n / (1 << 30):.2f} GiB" if n >= 1 << 30 else f"{n / (1 << 20):.0f} MiB"


def hint_for(label: str, numbers: Mapping[str, Any], detail: str = "") -> str:
    """One sentence on what to change; the direction differs by label and is the point of the label."""
    if label == "oom_cuda_graph":
        bs = f" at batch size {numbers['batch_size']}" if "batch_size" in numbers else ""
        need = ""
        if "tried_bytes" in numbers and "free_bytes" in numbers:
            need = f" (about {_size(max(0, numbers['tried_bytes'] - numbers['free_bytes']))} more per GPU was needed)"
        return (
            f"CUDA graph capture ran out of memory{bs}{need}: lower --mem-fraction-static to leave room for the "
            "graphs, or lower --cuda-graph-max-bs."
        )
    if label == "oom_moe_workspace":
        if "num_max_dispatch_tokens_per_rank" in detail:
            return (
                "The DeepEP dispatch buffer is smaller than the batch: lower --cuda-graph-max-bs or raise "
                "SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK; the memory fraction is not the cause."
            )
        return (
            "A MoE/FlashInfer/DeepEP/DeepGEMM workspace did not fit: lower --mem-fraction-static to leave room for "
            "it, or lower --cuda-graph-max-bs / --chunked-prefill-size."
        )
    if label == "oom_kv_cache":
        if "suggested_mem_fraction" in numbers:
            return (
                f"The weights leave no room for the KV cache: raise --mem-fraction-static above "
                f"{numbers['suggested_mem_fraction']}, or use a larger --tp."
            )
        if _OOM.search(detail):
            return (
                "Allocating the KV cache pool itself ran out of GPU memory: use a larger --tp, and check that no "
                "other process holds memory on the GPU; raising --mem-fraction-static will not help here."
            )
        return "The KV cache does not fit beside the weights: raise --mem-fraction-static, or use a larger --tp."
    if label == "oom_weights":
        return (
            "The weights do not fit in GPU memory at this tensor parallelism: use a larger --tp (or a smaller or "
            "quantized checkpoint); --mem-fraction-static does not help."
        )
    if label == "oom_runtime":
        return (
            "Out of memory while serving: lower --mem-fraction-static to leave more room for activations, or lower "
            "--max-running-requests / --chunked-prefill-size."
        )
    if label == "nccl_or_distributed":
        return (
            "A distributed (NCCL/gloo/torch.distributed) failure: check /dev/shm, NCCL_* settings and that every "
            "rank is alive, then retry (--disable-custom-all-reduce can help)."
        )
    if label == "port_in_use":
        return "An address is already in use: choose another --port (or --nccl-port) or stop the process holding it."
    if label == "config_error":
        return (
            "A launch argument, the model path or the environment is invalid: fix what SGLang names; a retry will "
            "not help."
        )
    if label == "cuda_error_other":
        return (
            "A CUDA error that is not about memory: check driver, CUDA and kernel versions, or disable CUDA graphs "
            "or the failing backend; memory settings will not fix it."
        )
    if label == "healthy":
        return "Nothing to change: the server reached ready."
    return "No known failure pattern matched: read the evidence lines."


# --------------------------------------------------------------------------- the classifier


@dataclass(slots=True)
class _Record:
    label: str
    tier: int
    phase: str
    rank: str | None
    line_no: int
    numbers: dict[str, Any]
    evidence: tuple[Evidence, ...]
    detail: str
    family: str
    fatal: bool = True


@dataclass(slots=True)
class _Block:
    """The traceback being read: its header line and its frames with their categories, innermost last."""

    header: Evidence | None
    rank: str | None
    frames: deque  # of (Evidence, category)
    resolved: bool = False
    capture: bool = False


_EMPTY: dict[str, Any] = {}
_STATE_KEYS = (
    "avail_mem_bytes",
    "mem_usage_bytes",
    "kv_tokens",
    "max_total_num_tokens",
    "available_gpu_mem_bytes",
    "mem_fraction",
    "weights_pct",
)
# Lines torch prints after every CUDA error: they repeat the error's name but are not a new error.
_BOILERPLATE = (
    "CUDA kernel errors might be",
    "For debugging consider passing",
    "Compile with `TORCH_USE_CUDA_DSA`",
    "Possible solutions:",
    "Open an issue on GitHub",
    "Please report this issue",
    "To work around this error",
)
_OOM_FAMILIES = frozenset({"oom", "capture", "workspace", "kv", "runtime"})
_PRESSURE_HINT = "KV cache pressure: SGLang retracted requests and carries on; not a failure."


class LogClassifier:
    """Feed SGLang's log one line at a time; get events now and a diagnosis whenever asked.

    Once the server is serving, routine lines (decode/prefill batches, HTTP access lines) leave through a
    fast path that only looks at the message start: that is what keeps a busy server's log cheap to watch.
    Use one classifier per launch; a log holding several launches (SGLang printing its server_args again)
    is judged by the last one.
    """

    def __init__(self, window: int = 64, max_frames: int = 24, *, prescreen: bool = True) -> None:
        self._prescreen = prescreen
        self._line_no = 0
        self._phase = "launching"
        self._phase_known = False
        self._pool_ready = False
        self._autotune = False
        self._forward_seen = False
        self._ready_sent = False
        self._ready_at: int | None = None
        self._serving = False
        self._quiet_ok = False  # batch lines carry nothing new once serving is recorded
        self._rank: str | None = None
        self._numbers: dict[str, Any] = {}
        self._recent: deque[Evidence] = deque(maxlen=window)
        self._max_frames = max_frames
        self._block: _Block | None = None
        self._best: dict[int, _Record] = {}
        self._emitted_label: str | None = None
        self._pressure: deque[Evidence] = deque(maxlen=4)
        self._pending: _Record | None = None  # a failure whose message may continue on the next lines
        self._ready_evidence: Evidence | None = None
        self._last_pct: float | None = None
        self._last_bs: int | None = None
        self._in_usage = False
        self._fatal_seen = False  # a line that only a dying server prints, since the last ready
        self._batch_evidence: Evidence | None = None

    # -- public API

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def line_no(self) -> int:
        return self._line_no

    def feed(self, line: str | bytes) -> list[Event]:
        """One physical line as read from SGLang's stdout/stderr (with or without its newline)."""
        self._line_no += 1
        if line.__class__ is not str:
            line = decode(line)
        if self._quiet_ok:
            # the message after SGLang's prefix (behind any wrapper without "] " in it): is it routine?
            j = line.find("] ")
            if 0 < j < 200 and line[j + 2 : j + 14] in _QUIET:
                return []
        events: list[Event] = []
        for text in normalise(line):
            if text.strip():
                self._observe(parse_prefix(text), events)
        return events

    def feed_many(self, lines: Iterable[str | bytes]) -> list[Event]:
        events: list[Event] = []
        for line in lines:
            events.extend(self.feed(line))
        return events

    def diagnosis(self) -> Diagnosis:
        """The verdict now: the most decisive failure after the last ready, else healthy, else unknown."""
        rec = self._decide()
        # an exception that only its wording calls an error, printed by a server that is up: not a crash
        if rec is not None and (rec.fatal or self._fatal_seen or self._ready_at is None):
            hint = hint_for(rec.label, rec.numbers, rec.detail)
            return Diagnosis(rec.label, rec.phase, rec.rank, dict(rec.numbers), rec.evidence, hint)
        numbers = dict(self._numbers)
        if self._ready_at is not None:
            ev = (self._ready_evidence,) if self._ready_evidence else ()
            return Diagnosis("healthy", self._phase, None, numbers, ev, hint_for("healthy", numbers))
        if self._pressure:
            phase = self._phase if self._phase_known else "serving"
            return Diagnosis(
                "oom_runtime", phase, None, numbers, tuple(self._pressure), hint_for("oom_runtime", numbers)
            )
        if self._forward_seen:  # an excerpt from a running server: it served batches, so it had started
            ev = (self._batch_evidence,) if self._batch_evidence else ()
            return Diagnosis("healthy", "serving", None, numbers, ev, hint_for("healthy", numbers))
        return Diagnosis("unknown", self._phase, None, numbers, tuple(self._recent)[-3:], hint_for("unknown", numbers))

    # -- one logical line

    def _observe(self, p: Parsed, events: list[Event]) -> None:
        msg = p.msg
        n = self._line_no
        if p.prefixed:
            rank = p.rank
            if rank is not None:
                self._rank = rank
        else:
            rank = self._block.rank if self._block is not None else self._rank

        # A traceback frame: remember where it is, for the error line that will follow.
        if 'File "' in msg:
            m = _FRAME.search(msg)
            if m:
                if self._block is None or self._block.resolved:
                    self._block = _Block(None, rank, deque(maxlen=self._max_frames))
                self._block.frames.append((Evidence(n, _clip(p.text)), frame_category(m.group(1), m.group(2))))
                return
        stripped = msg.lstrip()
        if stripped.startswith(_BOILERPLATE):
            return

        # argparse's usage block: only its final "error:" line matters.
        if self._in_usage:
            if msg.startswith((" ", "\t", "[")):
                return
            self._in_usage = False
        if msg.startswith("usage: "):
            self._in_usage = True
            return

        if p.prefixed and (msg.startswith(("server_args=", "ServerArgs(")) or "server_args=ServerArgs(" in msg[:60]):
            if self._phase_known:
                self._new_launch()  # a log holding several attempts: judge the last one
            m = _FRACTION.search(msg)
            if m:
                self._numbers["mem_fraction"] = float(m.group(1))
            self._set_phase("launching", p, events)
            return

        # A failure message that runs over several lines (wrapped OOM text, "Raise ... above X" on its own line).
        pend = self._pending
        if pend is not None:
            if not p.prefixed and _TB_HEADER not in msg and not _EXC_LINE.match(msg) and n - pend.line_no <= 3:
                joined = pend.detail + " " + stripped
                extra = oom_numbers(joined)
                extra.update(
                    (k, v) for k, v in line_numbers(stripped).items() if k in ("suggested_mem_fraction", "mem_fraction")
                )
                if extra:
                    pend.detail = joined[:4000]
                    pend.numbers.update(extra)
            else:
                self._pending = None

        if (p.prefixed or not msg.startswith((" ", "\t"))) and self._startup_signals(p, msg, n, rank, events):
            return

        if _TB_HEADER in msg:
            self._block = _Block(Evidence(n, _clip(p.text)), rank, deque(maxlen=self._max_frames))
            if _CONSEQUENCE.search(msg, 0, msg.find(_TB_HEADER)):
                self._record(Failure("consequence", 0, msg), p, n, rank, events)
            return
        if stripped.startswith(_CHAIN):
            return
        if self._prescreen and not might_fail(msg):
            self._recent.append(Evidence(n, _clip(p.text)))
            return

        m = _EXC_LINE.match(msg)
        exc_type = m.group(1) if m else None

        if exc_type is None and _WARNINGS.search(msg):
            ev = Evidence(n, _clip(p.text))
            if _RUNTIME_PRESSURE.search(msg):
                self._pressure.append(ev)
                events.append(Event("warning", self._phase, n, ev.text, rank, "oom_runtime", _EMPTY, _PRESSURE_HINT))
            elif "OOM" in msg or "memory" in msg or "in use" in msg:
                events.append(Event("warning", self._phase, n, ev.text, rank))
            return

        fail = match_failure(msg, exc_type)
        if fail is None:
            if _CONSEQUENCE.search(msg):
                fail = Failure("consequence", 0, msg)
            elif exc_type is not None and m is not None and (m.group(2) or exc_type.endswith(("Error", "Exception"))):
                fail = Failure("exc", 2, msg, exc_type, fatal=False)
            elif "NCCL WARN" in msg:  # often harmless; explains a crash that says nothing better
                events.append(Event("warning", self._phase, n, _clip(p.text), rank))
                fail = Failure("nccl", 1, msg, None, fatal=False)
        elif not fail.fatal and _PHASE_INDEX[self._phase] >= _PHASE_INDEX["warmup"]:
            fail = Failure("exc", 2, msg, exc_type, fatal=False)  # a bad request's error, not a bad launch
        if fail is not None:
            self._record(fail, p, n, rank, events)
        else:
            self._recent.append(Evidence(n, _clip(p.text)))

    def _startup_signals(self, p: Parsed, msg: str, n: int, rank: str | None, events: list[Event]) -> bool:
        """Milestones, progress bars, memory figures and readiness, from SGLang's own templates.

        Returns True when the line was one of them (such lines never carry a failure).
        """
        if msg.startswith(_BATCH_STARTS):
            if not self._forward_seen:
                self._forward_seen = True
                self._batch_evidence = Evidence(n, _clip(p.text))
            if self._phase == "ready":
                self._serving = True
                self._set_phase("serving", p, events)
            self._quiet_ok = self._serving
            return True
        if _READY_LINE in msg:
            self._set_phase("ready", p, events)
            self._mark_ready(p, n, events)
            return True
        if p.level == "INFO" and msg.startswith(_UVICORN_READY):
            self._set_phase("warmup", p, events)
            self._mark_ready(p, n, events)
            return True
        c0 = msg[:1]
        if c0 in "ILMRFCm":
            for start, phase in _PHASE_STARTS:
                if msg.startswith(start):
                    if start == "Capture " and not (" begin" in msg or " end" in msg or " bs " in msg):
                        break
                    if start == "Memory pool end":
                        self._pool_ready = True
                    elif start.startswith("Running FlashInfer"):
                        self._autotune = True
                    elif start.startswith(("FlashInfer autotune", "Capture ")):
                        self._autotune = False
                    self._set_phase(phase, p, events)
                    self._memory_event(p, msg, n, rank, events)
                    return True
        if "Cache " in msg and _KV_ALLOC.search(msg):
            self._pool_ready = True
            self._set_phase("kv_cache", p, events)
            self._memory_event(p, msg, n, rank, events)
            return True
        if "Capturing " in msg:
            m = _CAPTURE_BS.search(msg)
            if m is not None:
                self._set_phase("cuda_graph", p, events)
                bs = int(m.group(1))
                nums: dict[str, Any] = {"batch_size": bs}
                if m.group(2):
                    nums["avail_mem_bytes"] = to_bytes(m.group(2), "GB")
                self._numbers.update(nums)
                if bs != self._last_bs:
                    self._last_bs = bs
                    events.append(Event("progress", self._phase, n, _clip(p.text), rank, None, nums))
                return True
            m = _CAPTURE_TOKENS.search(msg)
            if m is not None:
                self._set_phase("cuda_graph", p, events)
                if m.group(2):
                    self._numbers["avail_mem_bytes"] = to_bytes(m.group(2), "GB")
                return True
        if "%" in msg:
            m = _SHARDS.search(msg)
            if m is not None:
                self._set_phase("loading_weights", p, events)
                pct = float(m.group(1))
                self._numbers["weights_pct"] = pct
                if pct != self._last_pct:
                    self._last_pct = pct
                    events.append(Event("progress", self._phase, n, _clip(p.text), rank, None, {"weights_pct": pct}))
                return True
        return False

    def _new_launch(self) -> None:
        """SGLang printed its arguments again: a relaunch in the same log. Keep only what is cumulative."""
        self._phase = "launching"
        self._pool_ready = self._autotune = self._forward_seen = self._serving = self._quiet_ok = False
        self._ready_at = None
        self._ready_evidence = self._batch_evidence = None
        self._best.clear()
        self._block = None
        self._pending = None
        self._emitted_label = None
        self._fatal_seen = False
        self._numbers.clear()
        self._pressure.clear()
        self._last_pct = None
        self._last_bs = None

    def _memory_event(self, p: Parsed, msg: str, n: int, rank: str | None, events: list[Event]) -> None:
        nums = line_numbers(msg)
        if nums:
            self._numbers.update(nums)
            events.append(Event("memory", self._phase, n, _clip(p.text), rank, None, nums))

    def _set_phase(self, phase: str, p: Parsed, events: list[Event]) -> None:
        self._phase_known = True
        if _PHASE_INDEX[phase] > _PHASE_INDEX[self._phase]:  # ranks interleave: the phase never goes back
            self._phase = phase
            events.append(Event("phase", phase, self._line_no, _clip(p.text), p.rank))

    def _mark_ready(self, p: Parsed, n: int, events: list[Event]) -> None:
        # Reaching ready proves that whatever went before was not fatal.
        self._best.clear()
        self._block = None
        self._pending = None
        self._emitted_label = None
        self._fatal_seen = False
        self._ready_at = n
        if self._phase == "ready" or self._ready_evidence is None:
            self._ready_evidence = Evidence(n, _clip(p.text))
        if not self._ready_sent:
            self._ready_sent = True
            events.append(Event("ready", self._phase, n, _clip(p.text), p.rank, None, _state_numbers(self._numbers)))

    # -- failures

    def _record(self, fail: Failure, p: Parsed, n: int, rank: str | None, events: list[Event]) -> None:
        block = self._block
        label = self._label_for(fail, block)
        if label is None:
            return
        if block is not None and fail.tier > 0:
            block.resolved = True
        numbers = _state_numbers(self._numbers)
        if self._last_bs is not None and (self._phase == "cuda_graph" or label == "oom_cuda_graph"):
            numbers["batch_size"] = self._last_bs
        if fail.family in _OOM_FAMILIES:
            numbers.update(oom_numbers(p.msg))
            numbers.update(
                (k, v) for k, v in line_numbers(p.msg).items() if k in ("suggested_mem_fraction", "mem_fraction")
            )
        evidence = self._evidence_for(block, Evidence(n, _clip(p.text)), fail.tier)
        phase = self._phase if self._phase_known else _LIKELY_PHASE.get(label, self._phase)
        rec = _Record(label, fail.tier, phase, rank, n, numbers, evidence, fail.detail[:4000], fail.family, fail.fatal)
        if fail.tier > 0:
            self._best[fail.tier] = rec  # within a tier the last error line decides
        elif 0 not in self._best:
            self._best[0] = rec  # the first consequence is nearest to the cause
        self._pending = rec if fail.tier > 0 else None
        if fail.fatal:
            self._fatal_seen = True

        # Announce a failure once it is evident (a fatal line), then each time the verdict changes.
        if not self._fatal_seen:
            return
        decided = self._decide() or rec
        if self._emitted_label is None or (decided is rec and decided.label != self._emitted_label):
            self._emitted_label = decided.label
            hint = hint_for(decided.label, decided.numbers, decided.detail)
            if decided.label == "unknown":
                hint = "SGLang is failing; the cause is not known yet: it is in the traceback that follows."
            events.append(
                Event(
                    "failure", self._phase, n, _clip(p.text), decided.rank, decided.label, dict(decided.numbers), hint
                )
            )

    def _label_for(self, fail: Failure, block: _Block | None) -> str | None:
        fam = fail.family
        if fam == "oom":
            if "Cuda failure" in fail.detail and _PHASE_INDEX[self._phase] < _PHASE_INDEX["warmup"]:
                return "nccl_or_distributed"  # NCCL could not set up its buffers: the GPU was already full
            frames = [c for _, c in reversed(block.frames)] if block is not None else []
            return resolve_oom(
                fail.detail,
                frames,
                self._phase,
                phase_known=self._phase_known,
                pool_ready=self._pool_ready,
                autotune=self._autotune,
                capture_context=(block is not None and block.capture) or self._phase == "cuda_graph",
                forward_seen=self._forward_seen,
            )
        if fam == "capture":
            if not fail.detail:
                # a capture hint printed after its error: an OOM just recorded was a graph-capture OOM
                if block is not None:
                    block.capture = True
                rec = self._best.get(4)
                if rec is not None and rec.family == "oom" and self._line_no - rec.line_no <= 8:
                    rec.label = "oom_cuda_graph"
                return None
            label = capture_inner_label(fail.detail)
            if label.startswith("oom_") and _PHASE_INDEX[self._phase] >= _PHASE_INDEX["warmup"]:
                return "oom_runtime"  # piecewise graphs also replay while serving
            return label
        if fam == "exc":
            frames = [c for _, c in block.frames] if block is not None else []
            return exception_label(fail.exc_type, self._phase, frames, phase_known=self._phase_known)
        return _FAMILY_LABEL.get(fam, "unknown")

    def _evidence_for(self, block: _Block | None, line: Evidence, tier: int) -> tuple[Evidence, ...]:
        ev: list[Evidence] = []
        if block is not None and tier > 0:
            if block.header is not None:
                ev.append(block.header)
            ev.extend(e for e, _ in list(block.frames)[-4:])
        ev.append(line)
        return tuple(ev)

    def _decide(self) -> _Record | None:
        """Causes beat distributed errors (often another rank's death), which beat bare exceptions,
        which beat cascades ("other ranks didn't finish"); consequences ("sigquit") decide nothing."""
        best = self._best
        for tier in (4, 3, 2, 1):
            rec = best.get(tier)
            if rec is not None and not (tier == 2 and rec.label == "unknown" and 1 in best):
                return rec
        # A traceback cut off before its error line still says where it was: in distributed set-up.
        block = self._block
        innermost = next((c for _, c in reversed(block.frames) if c), None) if block is not None else None
        if block is not None and not block.resolved and innermost == "distributed":
            ev = tuple(([block.header] if block.header else []) + [e for e, _ in list(block.frames)[-4:]])
            numbers = _state_numbers(self._numbers)
            return _Record("nccl_or_distributed", 1, self._phase, block.rank, ev[-1].line_no, numbers, ev, "", "frames")
        return best.get(0)


# Where a failure must have happened when the log shows no start-up line (an excerpt from a thread).
_LIKELY_PHASE = {
    "oom_cuda_graph": "cuda_graph",
    "oom_moe_workspace": "cuda_graph",
    "oom_kv_cache": "kv_cache",
    "oom_weights": "loading_weights",
    "oom_runtime": "serving",
}
_FAMILY_LABEL = {
    "kv": "oom_kv_cache",
    "runtime": "oom_runtime",
    "workspace": "oom_moe_workspace",
    "port": "port_in_use",
    "nccl": "nccl_or_distributed",
    "cascade": "nccl_or_distributed",
    "cuda": "cuda_error_other",
    "config": "config_error",
    "consequence": "unknown",
}


def _clip(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 3] + "..."


def _state_numbers(numbers: Mapping[str, Any]) -> dict[str, Any]:
    return {k: numbers[k] for k in _STATE_KEYS if k in numbers}


def classify_lines(lines: Iterable[str | bytes]) -> Diagnosis:
    """A whole log, for post-mortems and tests."""
    c = LogClassifier()
    for line in lines:
        c.feed(line)
    return c.diagnosis()


def classify_text(text: str | bytes) -> Diagnosis:
    if isinstance(text, (bytes, bytearray)):
        return classify_lines(bytes(text).split(b"\n"))
    return classify_lines(text.split("\n"))


__all__ = [
    "ANCHORED",
    "EVENT_KINDS",
    "FAILURE_LABELS",
    "LABELS",
    "PATTERNS",
    "PHASES",
    "Diagnosis",
    "Event",
    "Evidence",
    "LogClassifier",
    "Parsed",
    "classify_lines",
    "classify_text",
    "decode",
    "frame_category",
    "hint_for",
    "match_failure",
    "normalise",
    "oom_numbers",
    "parse_prefix",
    "resolve_oom",
    "strip_wrappers",
    "to_bytes",
]
