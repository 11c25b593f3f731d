"""Numbers extraction: the memory figures a line states, as bytes, and the settings SGLang echoes.

The remedies act on figures, not words: how much an OOM tried to allocate, how much was free, the GPU's
total and what this process held (every torch version's wording), and the figures SGLang prints during
start-up (avail mem, mem usage, KV tokens, the fraction in force or suggested). SGLang's "GB" is
`free / (1 << 30)`, so GB and GiB (and MB and MiB) are read as binary units.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

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


OOM_NUMS = (
    ("tried_bytes", re.compile(r"Tried to allocate " + _SIZE)),
    ("free_bytes", re.compile(r"of\s+which\s+" + _SIZE + r"\s+is\s+free")),
    ("total_bytes", re.compile(r"total\s+capac\w*\s+of\s+" + _SIZE)),
    ("in_use_bytes", re.compile(r"this\s+process\s+has\s+" + _SIZE + r"\s+memory\s+in\s+use")),
    # torch >= 2.1: what CUDA graphs (and other private pools) already held when the allocation failed
    ("private_pool_bytes", re.compile(r"with\s+" + _SIZE + r"\s+allocated\s+in\s+private\s+pool")),
)
OOM_GPU = re.compile(r"GPU\s+(\d+)(?:\s+has\s+a\s+total|;)")
OOM_PROCESS = re.compile(r"Process\s+\d+\s+has\s+" + _SIZE + r"\s+memory\s+in\s+use")
# torch 1.x: (GPU 0; 23.69 GiB total capacity; 22.73 GiB already allocated; 3.06 MiB free; 22.80 GiB reserved ...)
OOM_OLD = re.compile(
    r"GPU (\d+); " + _SIZE + r" total capacity; " + _SIZE + r" already allocated; " + _SIZE + r" free"
    r"(?:; " + _SIZE + r" reserved)?"
)
MEM_NUMS = (
    ("avail_mem_bytes", re.compile(r"avail(?:able_gpu)?[ _]mem=\s*([\d.]+)\s*(GB|GiB|MB|MiB)")),
    ("mem_usage_bytes", re.compile(r"mem usage=\s*([\d.]+)\s*(GB|GiB|MB|MiB)")),
)
NODE_RANK = re.compile(r"\bnode_rank=(\d+)")  # ServerArgs' node of a multi-node launch
FRACTION = re.compile(r"mem[_-]fraction[_-]static(?:=|\s+)([01]?\.\d+|[01])\b")
SUGGESTED = re.compile(r"--mem-fraction-static above ([01]?\.\d+)")
KV_TOKENS = re.compile(r"#tokens: (\d+)")
MAX_TOTAL = re.compile(r"max_total_num_tokens=(\d+)")
AVAILABLE_AFTER = re.compile(r"available_gpu_mem=([\d.]+) ?([KMGT]?i?B)")
CHUNK = re.compile(r"chunked_prefill_size=(\d+)")
# A kernel's buffer of FIXED size that the batch outgrew, not GPU memory running short: FlashInfer's AlignedAllocator
# carving its workspace (`Buffer overflow when allocating memory for batch_prefill_tmp_v with size N and alignment 16,
# but only M bytes available in AlignedAllocator`; older: `Failed to allocate memory for ... in AlignedAllocator`,
# `Out of workspace memory in AlignedAlloactor`), the A2A dispatcher's `exceeds its fixed workspace`, DeepEP's
# `<= num_max_dispatch_tokens_per_rank` assertion. The batch that sized the request is what can shrink.
FIXED_BUFFER = re.compile(
    r"in AlignedAll?oc?ator|[Ii]ncrease the workspace buffer size"
    r"|exceeds its fixed workspace|<= num_max_dispatch_tokens_per_rank"
)
FIXED_NEED = re.compile(r"with size (\d+)")
FIXED_LEFT = re.compile(r"but only (\d+) bytes available")

# The running figures a verdict carries (the last seen of each); the rest belong to the line that showed them.
STATE_KEYS = (
    "avail_mem_bytes",
    "mem_usage_bytes",
    "kv_tokens",
    "max_total_num_tokens",
    "available_gpu_mem_bytes",
    "mem_fraction",
    "weights_pct",
    "chunked_prefill_size",
)
_FRACTION_KEYS = ("suggested_mem_fraction", "mem_fraction")


def oom_numbers(text: str) -> dict[str, Any]:
    """The figures of a PyTorch CUDA OOM message, every torch version's wording, wrapped or not."""
    out: dict[str, Any] = {}
    for key, rx in OOM_NUMS:
        m = rx.search(text)
        if m:
            b = to_bytes(m.group(1), m.group(2))
            if b is not None:
                out[key] = b
    m = OOM_GPU.search(text)
    if m:
        out["gpu"] = int(m.group(1))
    if "in_use_bytes" not in out:
        procs = OOM_PROCESS.findall(text)
        if len(procs) == 1:  # one process listed: it is ours (older torch names it by pid)
            b = to_bytes(*procs[0])
            if b is not None:
                out["in_use_bytes"] = b
    if "total_bytes" not in out:
        m = OOM_OLD.search(text)
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
        for key, rx in MEM_NUMS:
            m = rx.search(msg)
            if m:
                b = to_bytes(m.group(1), m.group(2))
                if b is not None:
                    out[key] = b
        if "fraction" in msg:
            m = SUGGESTED.search(msg)
            if m:
                out["suggested_mem_fraction"] = float(m.group(1))
            m = FRACTION.search(msg)
            if m:
                out["mem_fraction"] = float(m.group(1))
    if "#tokens: " in msg:
        m = KV_TOKENS.search(msg)
        if m:
            out["kv_tokens"] = int(m.group(1))
    if "max_total_num_tokens=" in msg:
        m = MAX_TOTAL.search(msg)
        if m:
            out["max_total_num_tokens"] = int(m.group(1))
        m = CHUNK.search(msg)
        if m:  # the chunk in force (SGLang picks it by GPU when the flag is absent): what a prefill may ask at once
            out["chunked_prefill_size"] = int(m.group(1))
        m = AVAILABLE_AFTER.search(msg)
        if m:  # what start-up left for activations: SGLang's docs judge a fraction by it
            b = to_bytes(m.group(1), m.group(2))
            if b is not None:
                out["available_gpu_mem_bytes"] = b
    return out


def fraction_numbers(text: str) -> dict[str, Any]:
    """The fractions a message names or suggests (a KV shortfall says which fraction would do)."""
    return {k: v for k, v in line_numbers(text).items() if k in _FRACTION_KEYS}


def fixed_buffer_numbers(text: str) -> dict[str, Any]:
    """A fixed-size kernel buffer outgrown (FIXED_BUFFER): what was asked and what the buffer had left, as stated."""
    if not FIXED_BUFFER.search(text):
        return {}
    out: dict[str, Any] = {"fixed_buffer": 1}
    for key, rx in (("needed_bytes", FIXED_NEED), ("buffer_left_bytes", FIXED_LEFT)):
        m = rx.search(text)
        if m:
            out[key] = int(m.group(1))
    return out


def failure_numbers(text: str) -> dict[str, Any]:
    """What a memory failure's message states: the OOM figures, any fraction it names or suggests, and whether a
    fixed-size buffer (not the GPU's memory) was what ran out."""
    out = oom_numbers(text)
    out.update(fraction_numbers(text))
    out.update(fixed_buffer_numbers(text))
    return out


def state_numbers(numbers: Mapping[str, Any]) -> dict[str, Any]:
    """The running figures worth carrying into a verdict (see STATE_KEYS)."""
    return {k: numbers[k] for k in STATE_KEYS if k in numbers}
