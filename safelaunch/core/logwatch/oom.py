"""Failure rules, memory family: the OOMs, and which of the five OOM labels one is.

The remedy differs by what ran out: graph capture and MoE workspaces want a lower fraction, a KV shortfall
a higher one, weights a larger TP, a serving OOM less concurrency. SGLang's own sentences name some of them
(the KV shortfall, a capture wrapper, a workspace that did not fit); a bare PyTorch OOM is resolved by the
words before it, the traceback frames above it, then the phase it hit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .config import CODE_PATH_EXC_TYPES, COMPILER, CONFIG, CONFIG_EXC, GENERATION, HOST_FS_EXC, NO_VARIANT
from .contract import PHASE_INDEX
from .cuda import CUDA
from .distributed import NCCL, PEER
from .port import PORT
from .rule import TIER_CASCADE, TIER_CAUSE, Rule, by_context, searching

KV = re.compile(
    r"Raise --mem-fraction-static above"
    r"|Not enou\w* memory\. Please try to increase --mem-fraction-static"
    r"|Not enough memory to allocate KV cache"
    r"|leave no GPU memory for the KV cache"
    r"|state cache is too small"
    r"|Not enough GPU memory for hybrid"
    r"|leaves no room for the full KV pool"
    # a KV pool sized from a negative or zero profile: the weights took it all (SGLang warns, then fails)
    r"|is larger than the profiled value (?:-\d+|0)\b"
)
# An exception whose message prescribes more room for SGLang's pools (the remedy names the family, whatever the
# sizing step's wording: 0.5.23's SWA / hybrid / unified pool checks, tp_worker's "Memory pool size is too small",
# the mamba state slots). Only on an exception line: 0.5.23 logs the same advice as warnings. Not HiCache's "Not
# enough host memory ... reduce the size of the hierarchical cache": host RAM, and --hicache-ratio sizes that pool
# from the GPU's, so a higher fraction (the KV family's remedy) asks for more of it: a setting, the exception decides.
# HiCache allocating its host pool at start-up (`Allocating 474.61 GB host memory for hierarchical KV cache.`, 0.4-0.5):
# a KV pool in host RAM, so a process killed outright right after it is the host's OOM killer on that pool.
HOST_POOL_STEP = re.compile(r"Allocating [\d.]+ GB host memory")
POOL_ADVICE = re.compile(
    r"(?:[Ii]ncrease|[Rr]aise) --mem-fraction-static|increase --mamba-full-memory-ratio|--max-mamba-cache-size"
    r"|[Ii]ncrease --swa-full-tokens-ratio|cannot hold even one request"
    r"|Memory pool size is too small"
    # 0.4.x's form of "cannot hold even one request": the requests the pool admits, from its token count
    r"|max_running_requests? is zero"
)
# SGLang's own allocators giving up while serving: a decode/prefill step, the request-slot pool, the last request
# left that retract_decode cannot retract (none of these is the "... happened" of a retraction that carries on).
RUNTIME_EXPLICIT = re.compile(
    r"(?:Decode|Prefill) out of memory\. Try to lower|\w+ runs out of memory\. Please"
    r"|No space left for only one request"
)
# SGLang's own checks of its KV / token memory while serving, raising: a leak (`token_to_kv_pool_allocator memory leak
# detected!`, `Mem Leak Detected!`), a pool with no room left (`KV cache is full! There is a bug in memory estimation.`,
# `HiSparse host mem pool alloc failed`). Only on an exception line: the non-strict check logs the same words, goes on.
RUNTIME_CHECK = re.compile(r"(?i:mem(?:ory)? leak detected)|KV cache is full!|mem pool alloc failed")
WORKSPACE = re.compile(
    r"Failed to allocate memory for \w+ with size \d+"
    r"|Out of workspace memory"
    r"|workspace allocation failed"
    r"|exceeds its fixed workspace"
    r"|Failed to initialize FlashInfer workspace"
    r"|OOM during tactic-ranking"
    r"|<= num_max_dispatch_tokens_per_rank"  # DeepEP's assertion on its dispatch buffer, not an info line naming it
    # FlashInfer's AlignedAllocator carving its workspace buffer (`Buffer overflow when allocating memory for
    # batch_prefill_tmp_v with size N ..., but only M bytes available in AlignedAllocator. Increase the workspace
    # buffer size.`; other releases `... with size N and alignment 16 in AlignedAllocator. Please increase the workspace
    # buffer size.`, `Out of workspace memory in AlignedAlloactor`): a kernel's workspace that does not fit
    r"|in AlignedAll?oc?ator|[Ii]ncrease the workspace buffer size"
)
CAPTURE_WRAP = re.compile(
    r"Capture (?:cuda|CUDA|cpu|CPU|npu|NPU) graph failed:?\s*(.*)"
    r"|Piecewise CUDA Graph failed with error:?\s*(.*)"
    r"|Fail when using backend: \S+ for prefill runner"
    r"|Piecewise CUDA Graph is enabled by default as an experimental feature"
)
# The kernel's OOM killer names the process it killed (`Out of memory: Killed process 91234 (python3) total-vm:...`):
# any process on the host, pasted from dmesg beside the log. Not fatal alone: it decides when SGLang then dies or
# never comes up, not while SGLang goes on serving (a server killed outright prints nothing more).
# Ray's memory monitor is the same killer in Ray's words (`1 Workers (tasks / actors) killed due to memory pressure
# (OOM)`, `Worker exit type: NODE_OUT_OF_MEMORY`), and as often kills another job's worker on the node.
KERNEL_KILLED = re.compile(
    r"Out of memory: Killed process|killed due to memory pressure \(OOM\)|exit type: NODE_OUT_OF_MEMORY"
)
# ... unless the process it names is SGLang's own: SGLang titles its processes (`sglang::scheduler_TP0`,
# `sglang::detokenizer`; the kernel keeps 15 characters, `sglang::schedul`), so the line says this server lost one.
KERNEL_KILLED_SGLANG = re.compile(r"Out of memory: Killed process \d+ \(sglang::")
OOM = re.compile(
    r"CUDA out of memory|HIP out of memory|OutOfMemoryError|CUDA error: out of memory|cudaErrorMemoryAllocation"
    r"|CUBLAS_STATUS_ALLOC_FAILED|Cuda failure 'out of memory'|memory mapping failed with OOM"
    r"|Allocation was preemptively rejected|\bMemoryError\b|std::bad_alloc|'out of memory'|failed: out of memory"
    # other devices' allocators in their own words: c10's host allocator (the CPU backend: `DefaultCPUAllocator: not
    # enough memory: you tried to allocate N bytes`), Gaudi's device memory (`MODULE:PT_DEVMEM Allocation failed`)
    r"|DefaultCPUAllocator: (?:not enough memory|can't allocate memory)|PT_DEVMEM Allocation failed"
    r"|Error \[CUDA\]: out of memory"  # Triton's spelling (`Triton Error [CUDA]: out of memory`, loading a kernel)
    r"|CUDA_ERROR_OUT_OF_MEMORY|hipErrorOutOfMemory|HIP error: out of memory|NPU out of memory"
    # the driver API's code 2 as allocators print it (torch_memory_saver: "CUresult error: 2 (out of memory)")
    r"|error: 2 \(out of memory\)|CUresult error\s+result=2\b"  # and its older `CUresult error  result=2 file=...`
    # the host's OOM killer ended a process, in the words of the kernel, systemd or Slurm: which step was running
    # decides the label, as for the GPU's. (SGLang's own `died ... (exit code: -9). If exit code is -9 (SIGKILL), a
    # common cause is the OS OOM killer` is a guess about any SIGKILL: a rank's death, but for one step, the weights'
    # loading into host memory, where the recorder reads it as the host's OOM killer: `unnamed.SIGKILLED`.)
    r"|killed by the OOM killer|result 'oom-kill'|task \d+: Out Of Memory|"
    + KERNEL_KILLED.pattern
    # the container runtime's word for a container its memory limit killed (kubelet's `Reason: OOMKilled`, a pod's
    # STATUS column, `docker inspect`'s "OOMKilled": true; not its "OOMKilled": false)
    + r'|\bOOMKilled\b(?!"?\s*:\s*false)'
)
WORKSPACE_WORDS = re.compile(r"workspace|flashinfer|alignedallocator|moe|deep_?ep|deep_?gemm|trtllm|autotuner|dispatch")


def _pool_advice(msg: str, exc_type: str | None) -> str | None:
    return msg if exc_type is not None and POOL_ADVICE.search(msg) else None


def _runtime_check(msg: str, exc_type: str | None) -> str | None:
    return msg if exc_type is not None and RUNTIME_CHECK.search(msg) else None


def kv_label(phase: str, serving_frames: bool) -> str:
    """A pool too small for what SGLang must hold: at start-up the KV pool's sizing (a higher fraction, a larger TP);
    raised while serving (the phase, or a traceback through the serving loop), the pool ran out under load."""
    return "oom_runtime" if serving_frames or PHASE_INDEX[phase] >= PHASE_INDEX["ready"] else "oom_kv_cache"


def _capture_inner(msg: str, exc_type: str | None) -> str | None:
    m = CAPTURE_WRAP.search(msg)
    return (m.group(1) or m.group(2) or "") if m else None


def _oom_words(msg: str, exc_type: str | None) -> str | None:
    return msg if exc_type is not None and ("out of memory" in msg or "Out of memory" in msg) else None


# The families of this module's rules: their failures carry the OOM's figures (tried, free, total, in use).
OOM_FAMILIES = frozenset({"oom", "capture", "workspace", "kv", "runtime"})
KV_SHORTFALL = Rule("oom.kv_shortfall", "kv", TIER_CAUSE, searching(KV))
POOL_TOO_SMALL = Rule("oom.pool_advice", "kv", TIER_CAUSE, _pool_advice)
RUNTIME = Rule("oom.runtime", "runtime", TIER_CAUSE, searching(RUNTIME_EXPLICIT))
RUNTIME_CHECK_FAILED = Rule("oom.runtime_check", "runtime", TIER_CAUSE, _runtime_check)
# "Capture cuda graph failed: <inner>": the inner error decides; an empty one marks an OOM just recorded.
CAPTURE_FAILED = Rule("oom.capture_failed", "capture", TIER_CAUSE, _capture_inner)
WORKSPACE_FAILED = Rule("oom.workspace", "workspace", TIER_CAUSE, searching(WORKSPACE))
OUT_OF_MEMORY = Rule("oom.out_of_memory", "oom", TIER_CAUSE, searching(OOM))
KERNEL_KILLED_SGLANG_PROCESS = Rule("oom.kernel_killed_sglang", "oom", TIER_CAUSE, searching(KERNEL_KILLED_SGLANG))
KERNEL_KILLED_ANY = Rule("oom.kernel_killed", "oom", TIER_CAUSE, searching(KERNEL_KILLED), fatal=False)
# An exception line that says "out of memory" in words no pattern knows.
# A traceback cut off before its error line, innermost frame in SGLang's token/KV slot allocators while serving
# (decided at the end, like distributed's cut-off set-up): the pool had no slots for a batch.
CUT_OFF_IN_ALLOCATOR = Rule("oom.cut_off_in_allocator", "frames", TIER_CASCADE, by_context)
EXCEPTION_WORDS = Rule("oom.exception_words", "oom", TIER_CAUSE, _oom_words)


# "Capture cuda graph failed: TypeError: ..." - a Python error raised while tracing (torch.compile, a model's
# forward with another version's arguments): the code path, not memory nor the GPU.
PY_EXC = re.compile(rf"\s*(?:{'|'.join(sorted(CODE_PATH_EXC_TYPES))})\b")


def capture_inner_label(inner: str) -> str:
    """'Capture cuda graph failed: <inner>' is decided by <inner>: only memory errors are graph OOMs."""
    if WORKSPACE.search(inner):
        return "oom_moe_workspace"
    if OOM.search(inner):
        lead = inner[: OOM.search(inner).start()].lower()
        return "oom_moe_workspace" if WORKSPACE_WORDS.search(lead) else "oom_cuda_graph"
    if NO_VARIANT.search(inner) or COMPILER.search(inner):
        return "config_error"  # no variant of the kernel for this GPU, or none compiled: capture only first ran it
    if NCCL.search(inner) or PORT.search(inner) or PEER.search(inner):
        return "nccl_or_distributed"
    if HOST_FS_EXC.search(inner, 0, 400):
        return "config_error"  # the host's disk, not the GPU (see HOST_FS_EXC)
    refused = CONFIG.search(inner) or GENERATION.search(inner) or CONFIG_EXC.search(inner) or PY_EXC.match(inner)
    if not CUDA.search(inner) and refused:
        return "config_error"  # a kernel that cannot be built or has no variant for this model: not memory
    return "cuda_error_other"


def resolve_oom(
    text: str,
    frames: Sequence[str | None],
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
    m = OOM.search(text)
    lead = text[: m.start()] if m else text
    if PHASE_INDEX[phase] >= PHASE_INDEX["ready"]:
        return "oom_runtime"
    if PHASE_INDEX[phase] >= PHASE_INDEX["warmup"] or (forward_seen and not capture_context):
        # Warm-up's first forward is still start-up: the innermost allocating frame tells a MoE / FlashInfer
        # workspace (allocated once, on first use) from activations that any request would need.
        for cat in frames:
            if cat == "workspace":
                return "oom_moe_workspace"
            if cat is not None and cat != "runtime":
                break
        return "oom_moe_workspace" if WORKSPACE_WORDS.search(lead.lower()) else "oom_runtime"
    if not phase_known and "loop" in frames:
        return "oom_runtime"  # an excerpt whose traceback runs through the serving loop: it was serving
    if WORKSPACE_WORDS.search(lead.lower()):
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
