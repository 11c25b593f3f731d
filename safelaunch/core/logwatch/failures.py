"""Step 4: which failure rule a message fires, in priority order, behind a cheap screen.

The families (`oom`, `port`, `config`, `distributed`, `cuda`) define named rules; this module only orders
them. Named causes come first (a KV shortfall before a bare OOM, an OOM before the CUDA error that wraps it,
a port clash before the NCCL error it causes), then distributed errors, then the looser words that count
only on an exception line. Two screens keep this cheap: a word list (`might_fail`) that every failure,
warning and consequence pattern needs, and one alternation of every pattern before the ordered checks.
"""

from __future__ import annotations

import re

from . import config, cuda, distributed, oom, port
from .rule import Failure, Rule

# Rules whose pattern one alternation screens, tried in this order when it matches.
PATTERN_RULES: tuple[Rule, ...] = (
    oom.KV_SHORTFALL,
    oom.POOL_TOO_SMALL,
    oom.RUNTIME,
    oom.RUNTIME_CHECK_FAILED,
    oom.CAPTURE_FAILED,
    oom.WORKSPACE_FAILED,
    oom.KERNEL_KILLED_SGLANG_PROCESS,
    oom.KERNEL_KILLED_ANY,
    oom.OUT_OF_MEMORY,
    port.IN_USE,
    config.DEVICE_ORDINAL,
    config.INTERPRETER_CANNOT_START,
    config.BUILD_FAILED,
    config.CAUGHT_BUILD_FAILED,
    config.KERNEL_INPUT_CHECK,
    config.BUILT_WITHOUT_SUPPORT,
    distributed.PEER_ACCESS_FAILED,
    distributed.KV_TRANSFER_FAILED,
    distributed.COLLECTIVE,
    distributed.CRASHED_IN_NCCL,
    config.NO_KERNEL_VARIANT,
    config.MISSING_FROM_ENVIRONMENT,
    config.BACKEND_DTYPE_MISMATCH,
    cuda.CUDA_ERROR,
    config.MESSAGE,
    config.PLACEMENT_REFUSED,
    config.GPU_GENERATION,
)
# Rules tried when the alternation finds nothing: a cascade, or an exception line's own words.
FALLBACK_RULES: tuple[Rule, ...] = (
    distributed.OTHER_RANKS, distributed.UNHEALTHY, oom.EXCEPTION_WORDS, config.EXCEPTION
)  # fmt: skip
# The patterns the screening alternation joins: together they match exactly where a pattern rule can fire.
SCREENED: tuple[re.Pattern[str], ...] = (
    oom.KV,
    oom.POOL_ADVICE,
    oom.RUNTIME_EXPLICIT,
    oom.RUNTIME_CHECK,
    oom.WORKSPACE,
    oom.CAPTURE_WRAP,
    oom.OOM,
    port.PORT,
    distributed.NCCL,
    distributed.HANDSHAKE,
    distributed.PEER,
    distributed.PEER_ACCESS,
    distributed.KV_TRANSFER,
    distributed.NATIVE_IN_NCCL,
    cuda.CUDA,
    config.CONFIG,
    config.GENERATION,
    config.NO_VARIANT,
    config.ENVIRONMENT,
    config.BACKEND_DTYPE,
    config.BUILD,
    config.INTERPRETER,
    config.KERNEL_CHECK,
    config.BUILT_WITHOUT,
    config.PLACEMENT,
)
_ANY_FAILURE = re.compile("|".join(rx.pattern for rx in SCREENED))


def match_failure(msg: str, exc_type: str | None) -> Failure | None:
    """The failure a message names, by priority; None for an ordinary line."""
    rules = FALLBACK_RULES if _ANY_FAILURE.search(msg) is None else PATTERN_RULES
    for rule in rules:
        detail = rule.test(msg, exc_type)
        if detail is not None:
            return rule.failure(detail, exc_type)
    return None


# Words (lower case) at least one of which every failure pattern above, `distributed.CASCADES`,
# `unnamed.CONSEQUENCES` and `benign.WARNINGS` contain.
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
    "capability", "barrier", "ordinal", "resource", "endpoint", "nixl", "ucx", "ninja", "cuda_home", "profiled",
    "all_reduce", "nvcc", "declaration", "for operator", "shmem", "no space left", "argument(s)", "transport::",
    "installed", "forked", "start method", "cancelled", "crashloop", "dtype", "data_type", "compiled",
    "not implemented for", "configured", "built with", "swa-full", "one request", "please set", "not set",
    "environment variable", "host memory", "msccl", "is zero", "alignedal", "requires ", "suitable kernel",
    "leak detected", "is full!", "alloc failed", "unavailable", "available port", "free port", "disabling",
    "hccl", "stay on", "stays on",
    "find symbol", "install", "no module", "cannot find -l", "can't open file", "directly executed",
    "must ", "not bind", "peer access", "peer mapping", "peer-to-peer", "collectives",
    "allocated", "returned ", "return code", "return status", "an issue", "ignored", "bad_alloc", "is dead",
    "not found", "nvidia-container", "device driver", "unbalanced", "is lost", "device handle", "ur_result",
    "python was not", "new thread", "open files", "continuing without", "continue without", "proceed",
    "likely closed", "sigill", "4/ill",
)  # fmt: skip


def might_fail(msg: str) -> bool:
    """Whether any failure, warning or consequence pattern could match this message."""
    low = msg.lower()
    for word in _TRIGGERS:  # noqa: SIM110 (a plain loop: any() with a generator costs twice as much here)
        if word in low:
            return True
    return False
