"""Python's faulthandler dump of a process killed by a signal: which thread crashed, and in what.

`Fatal Python error: Segmentation fault` (or Aborted, Bus error, Floating point exception) says only that a
rank died; faulthandler then prints each thread's stack, most recent call first: `Current thread 0x...` is
the thread that crashed (`Stack` when only that one is dumped), `Thread 0x...` the bystanders (the watchdog,
tqdm's monitor). The crashing thread's innermost frame that is not plumbing (torch's op dispatch, c10d's
logging wrapper, nn.Module's call) is the Python code that called the native code that died: a collective
makes it a distributed failure, a kernel launch a CUDA error; any other frame names no cause, and the
segfault stays what it was (a consequence, unknown).
"""

from __future__ import annotations

import re
from collections import deque

from .contract import Evidence
from .rule import TIER_DISTRIBUTED, Rule, by_context
from .tracebacks import NETWORK_FRAMES, Block, frame_category

FATAL = "Fatal Python error"  # CPython's fatal-error line, which a crash dump follows
DUMP_TAIL = "(most recent call first):"  # a c10 exception's C++ backtrace ends so too: the head tells them apart
DUMP_HEADS = ("Current thread", "Stack", "Thread 0x")
CRASHED = ("Current thread", "Stack")
CRASH_DUMP_SPAN = 5000  # lines from the fatal line to the crashing thread's stack (100 threads x 100 frames at most)
# Frames between a caller and the native code it runs, which say nothing of what that code was.
PLUMBING = re.compile(
    r"torch/_ops\.py|c10d_logger\.py|torch/utils/_contextlib\.py|torch/nn/modules/module\.py|/functools\.py"
    r"|torch/_dynamo/|torch/_compile\.py|/threading\.py|/contextlib\.py"
)
# Native code that launches kernels: Triton's launcher and drivers, torch.cuda, SGLang's and vLLM's kernel ops,
# the attention and GEMM kernel libraries.
KERNEL = re.compile(
    r"triton/runtime/(?!build)|triton/backends/|triton/compiler/|torch/cuda/|sgl_kernel/|/_custom_ops\.py"
    r"|flashinfer/|deep_gemm/|flash_attn/"
)
COLLECTIVE = re.compile(r"deep_ep/|/mooncake/|/nixl/")  # communication libraries outside torch.distributed

IN_COLLECTIVE = Rule("crashdump.in_collective", "nccl", TIER_DISTRIBUTED, by_context)
IN_KERNEL = Rule("crashdump.in_kernel", "cuda", TIER_DISTRIBUTED, by_context)


def dump_block(msg: str, head: Evidence, crash: Evidence | None, rank: str | None, max_frames: int) -> Block | None:
    """The block a thread's stack is read into: `crashed` for the crashing thread's after a fatal error line
    (quoted as its header), `bystander` for any other thread's (or a dump on demand, with no fatal error
    before it); None for a line that heads no dump."""
    if not msg.startswith(DUMP_HEADS):
        return None
    if msg.startswith(CRASHED) and crash is not None and head.line_no - crash.line_no <= CRASH_DUMP_SPAN:
        return Block(crash, rank, deque(maxlen=max_frames), dump="crashed")
    return Block(head, rank, deque(maxlen=max_frames), dump="bystander")


def dump_frame(block: Block, ev: Evidence, path: str, func: str) -> Rule | None:
    """One frame of a dump, innermost first: kept for the crashing thread (the innermost ones, bounded); the
    first that is not plumbing decides, and the rule its code names is returned (None: no verdict)."""
    frames = block.frames
    if block.dump != "crashed" or len(frames) == frames.maxlen:
        return None  # a bystander thread, or frames far from where it crashed
    frames.append((ev, frame_category(path, func)))
    if block.resolved:
        return None
    rule = crash_frame(path, func)
    if rule is not False:
        block.resolved = True
        return rule
    return None


def crash_frame(path: str, func: str) -> Rule | bool | None:
    """What one frame of the crashing thread says: False for plumbing (read on), else the rule its code
    names, or None when the innermost real frame names no cause (the dump decides nothing)."""
    if PLUMBING.search(path):
        return False
    if frame_category(path, func) in NETWORK_FRAMES or COLLECTIVE.search(path):
        return IN_COLLECTIVE
    if KERNEL.search(path) or frame_category(path, func) == "capture":
        return IN_KERNEL
    return None
