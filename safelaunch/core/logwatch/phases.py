"""Step 3: phase tracking, from SGLang's start-up milestones and progress bars.

SGLang starts in a fixed order (distributed init, weights, KV pool, CUDA graphs, warm-up, ready), and each
step prints a line of its own template. `read_milestone` says which step a message proves and what it marks
(the KV pool now exists, FlashInfer autotune began or ended, a capture batch size, a shard percentage); the
classifier applies it to its state. Where a failure happened decides which OOM it is, so this step is the
one the OOM rules lean on.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from .figures import line_numbers, to_bytes

# Start-up milestones, by the start of SGLang's message (every version's wording): the phase each proves,
# whether the KV pool exists from then on, and whether FlashInfer autotune begins (True) or ends (False).
PHASE_STARTS: tuple[tuple[str, str, bool, bool | None], ...] = (
    ("Init torch distributed", "launching", False, None),
    ("Init parallel", "launching", False, None),
    ("Memory baseline taken", "launching", False, None),
    ("Load weight begin", "loading_weights", False, None),
    ("Load weight end", "kv_cache", False, None),
    ("Memory pool end", "kv_cache", True, None),
    ("Running FlashInfer autotune", "kv_cache", False, True),
    ("FlashInfer autotune completed", "kv_cache", False, False),
    ("Capture ", "cuda_graph", False, False),  # "Capture cuda graph begin", "Capture target decode CUDA graph begin"
    ("max_total_num_tokens=", "warmup", False, None),  # the model worker is built: weights, KV pool, graphs
    ("Max_total_num_token=", "warmup", False, None),  # the same line in 2024 releases
    # SGLang's diffusion runtime (sglang.multimodal_gen): its component loaders (`Loading pipeline modules...`,
    # `Loading transformer from /m/transformer`, `Loading FluxTransformer2DModel, default_dtype: torch.bfloat16`), and
    # a GPU worker's loop once its pipeline is built (`Worker 0: Scheduler loop started.`); `DIFFUSION` tells them apart
    ("Loading ", "loading_weights", False, None),
    ("Worker ", "warmup", False, None),
)
DIFFUSION = re.compile(
    r"Loading (?:pipeline modules|required components|model from \d+ safetensors|[\w.]+ from /|[\w.]+, default_dtype)"
    r"|Worker \d+: Scheduler loop started"
)
# Milestones after which start-up has allocated everything it allocates (a log that stops there, with no error,
# is a start that went well: the excerpt ends before the ready line, not the server).
STARTED = re.compile(r"(?:max_total_num_tokens?|Max_total_num_token)=|Capture [\w ]*(?:graph|GRAPH) end\b")
# The same for a log whose SGLang runs at warning level (no milestone lines, only progress bars): the capture
# bar's last redraw, every batch size captured (`Capturing batches (bs=1 avail_mem=24.91 GB): 100%|...| 4/4 [`).
CAPTURE_DONE = re.compile(r"\| (\d+)/\1 \[")
_STARTS = tuple(start for start, *_ in PHASE_STARTS)
KV_ALLOC = re.compile(r"(?:KV Cache|Cache) (?:is allocated|VA upper bound)\.")
SHARDS = re.compile(r"(?:checkpoint shards|loading shards|Loading weights|Loading model weights)[^:]*:\s*(\d{1,3})%")
CAPTURE_BS = re.compile(r"Capturing batches \((?:bs=)?(\d+)(?:\s+avail_mem=\s*([\d.]+)\s*GB)?")
# The same bar in releases that print no batch size in it (0.4.x: `Capturing batches (avail_mem=14.04 GB): 100%|...`)
CAPTURE_BAR = re.compile(r"Capturing batches \(avail_mem=\s*([\d.]+)\s*GB\)")
CAPTURE_TOKENS = re.compile(r"Capturing num tokens \((?:num_tokens=)?(\d+)(?:\s+avail_mem=\s*([\d.]+)\s*GB)?")
READY_LINE = "The server is fired up and ready to roll"
# A node of rank >= 1 never serves HTTP, so never prints the ready line: once its schedulers are up, SGLang starts a
# health endpoint for it (`Starting dummy health check server at 0.0.0.0:30000`), that node's end of start-up.
WORKER_READY_LINE = "Starting dummy health check server"
UVICORN_READY = ("Application startup complete", "Uvicorn running on")
# An online weight update (`update_weights_from_disk`: `Update engine weights online from disk begin. avail mem=...`)
# is an API call only a server that is up accepts: the checkpoint shards it then loads are no start-up step.
ONLINE_UPDATE_LINE = "Update engine weights online"
BATCH_STARTS = ("Decode batch", "Prefill batch", "new fill batch")  # the last: 2024 releases' prefill line
# uvicorn's access line for a request answered with success (`127.0.0.1:49272 - "POST /generate HTTP/1.1" 200 OK`,
# or only its quoted request under another logger): the server answered, so it was serving.
ACCESS_OK = re.compile(r'"(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /[^"]*" 2\d\d\b')
# The first 12 characters of routine serving messages: batch statistics and uvicorn access lines.
QUIET = frozenset(
    ["Decode batch", "Prefill batc", "new fill bat"]
    + [f"INFO:     {a}{b}" for a in "0123456789" for b in "0123456789.:"]
)
# Where a failure must have happened when the log shows no start-up line (an excerpt from a thread).
LIKELY_PHASE = {
    "oom_cuda_graph": "cuda_graph",
    "oom_moe_workspace": "cuda_graph",
    "oom_kv_cache": "kv_cache",
    "oom_weights": "loading_weights",
    "oom_runtime": "serving",
}
_EMPTY: Mapping[str, Any] = MappingProxyType({})


class Milestone(NamedTuple):
    """What one start-up line says (a named tuple, not a frozen dataclass: start-up prints thousands of
    these, progress-bar redraws included, and a tuple is built in a third of the time).

    kind: `batch` (a forward batch ran), `ready` (SGLang's ready line), `listening` (uvicorn is up), `step`
    (a start-up milestone; `numbers` are its memory figures), `progress` (a capture batch size or a shard
    percentage; `progress` names which), `figures` (capture progress that only updates figures).
    """

    kind: str
    phase: str | None = None
    numbers: Mapping[str, Any] = _EMPTY
    progress: str | None = None  # the key in `numbers` whose change is worth an event
    pool_ready: bool = False  # the KV pool exists from here on
    autotune: bool | None = None  # FlashInfer autotune began (True) or ended (False); None: no news


# Each milestone as it is when its line states no figures (most do not): built once.
_STEPS = {
    start: Milestone("step", phase, _EMPTY, None, pool, autotune) for start, phase, pool, autotune in PHASE_STARTS
}
BATCH = Milestone("batch")
# A stop someone asked for: SGLang's own handler (`SIGTERM received. signum=... Draining requests and shutting down...`,
# `Gracefully exiting... Remaining number of requests 0`) or systemd stopping the unit (`Stopping sglang.service...`).
# What dies after it (a launcher killed with signal 9, a SIGQUIT, the unit's `Failed with result`) is that stop.
STOPPING = Milestone("stopping")
STOP_REQUESTED = re.compile(r"SIGTERM received\. |Gracefully exiting\.\.\.|Stopping [\w@.:-]+\.service\b")
READY = Milestone("ready", "ready")
LISTENING = Milestone("listening", "warmup")


def read_milestone(msg: str, level: str | None) -> Milestone | None:
    """The start-up step a message proves, from SGLang's own templates; None for any other line.

    Such lines never carry a failure, so the classifier stops reading a line once this step claims it.
    """
    if msg.startswith(BATCH_STARTS) or ('" 2' in msg and ACCESS_OK.search(msg)):
        return BATCH
    if READY_LINE in msg or msg.startswith((WORKER_READY_LINE, ONLINE_UPDATE_LINE)):
        return READY
    if level == "INFO" and msg.startswith(UVICORN_READY):
        return LISTENING
    if msg.startswith(("SIGTERM received", "Gracefully exiting", "Stopping ")) and STOP_REQUESTED.match(msg):
        return STOPPING
    if msg.startswith(_STARTS):  # one C-level test before the loop that finds which
        for start in _STARTS:
            if msg.startswith(start):
                if start == "Capture " and not (" begin" in msg or " end" in msg or " bs " in msg):
                    break
                if (start == "Loading " or start == "Worker ") and DIFFUSION.match(msg) is None:
                    break
                step = _STEPS[start]
                nums = line_numbers(msg)
                return Milestone("step", step.phase, nums, None, step.pool_ready, step.autotune) if nums else step
    if "Cache " in msg and KV_ALLOC.search(msg):
        return Milestone("step", "kv_cache", line_numbers(msg), None, True)
    if "Capturing " in msg:
        m = CAPTURE_BS.search(msg)
        if m is not None:
            nums: dict[str, Any] = {"batch_size": int(m.group(1))}
            if m.group(2):
                nums["avail_mem_bytes"] = to_bytes(m.group(2), "GB")
            return Milestone("progress", "cuda_graph", nums, "batch_size")
        m = CAPTURE_BAR.search(msg)
        if m is not None:
            nums = {"avail_mem_bytes": to_bytes(m.group(1), "GB")}
            return Milestone("progress", "cuda_graph", nums, "avail_mem_bytes")
        m = CAPTURE_TOKENS.search(msg)
        if m is not None:
            nums = {"avail_mem_bytes": to_bytes(m.group(2), "GB")} if m.group(2) else _EMPTY
            return Milestone("figures", "cuda_graph", nums)
    if "%" in msg:
        m = SHARDS.search(msg)
        if m is not None:
            return Milestone("progress", "loading_weights", {"weights_pct": float(m.group(1))}, "weights_pct")
    return None
