"""Every pattern the classifier knows, in one tuple: the naive baseline of benchmarks/classifier_speed.py
tries them all on every line, to show what the pipeline's ordering and screens save.

Nothing in the pipeline reads this; it only gathers the patterns from the step and family modules.
"""

from __future__ import annotations

import re

from . import benign, config, cuda, distributed, figures, lines, oom, phases, port, prefix, tracebacks, unnamed


def _literal(text: str) -> re.Pattern[str]:
    return re.compile(re.escape(text))


PATTERNS: tuple[re.Pattern[str], ...] = (
    lines.ANSI, lines.WRAPPER, lines.RAY_SUFFIX, lines.SGL_PREFIX_INNER, prefix.PREFIX, prefix.UVICORN_LEVEL,
    *(rx for _, rx in figures.OOM_NUMS), figures.OOM_GPU, figures.OOM_PROCESS, figures.OOM_OLD,
    *(rx for _, rx in figures.MEM_NUMS), figures.FRACTION, figures.SUGGESTED, figures.KV_TOKENS, figures.MAX_TOTAL,
    phases.CAPTURE_BS, phases.CAPTURE_TOKENS, phases.KV_ALLOC, phases.SHARDS,
    *(_literal(start) for start, *_ in phases.PHASE_STARTS),
    _literal(phases.READY_LINE), *(_literal(s) for s in phases.UVICORN_READY),
    tracebacks.FRAME, tracebacks.FRAME_HEAD, tracebacks.FRAME_TAIL, _literal(tracebacks.TB_HEADER),
    tracebacks.EXC_LINE,
    benign.WARNINGS, benign.RUNTIME_PRESSURE, unnamed.CONSEQUENCES,
    oom.KV, oom.RUNTIME_EXPLICIT, oom.RUNTIME_CHECK, oom.WORKSPACE, oom.CAPTURE_WRAP, oom.OOM, port.PORT,
    distributed.NCCL, distributed.HANDSHAKE,
    distributed.PEER, distributed.PEER_ACCESS, distributed.KV_TRANSFER, distributed.DIST_WORDS, cuda.CUDA,
    config.CONFIG, config.GENERATION, config.CONFIG_EXC, config.BACKEND_DTYPE, distributed.CASCADES,
    distributed.HEALTH_CHECK, oom.WORKSPACE_WORDS,
)  # fmt: skip

# Patterns that are only ever tried at the start of a line (re.match); the rest are searched.
ANCHORED: frozenset[re.Pattern[str]] = frozenset(
    {lines.WRAPPER, prefix.PREFIX, prefix.UVICORN_LEVEL, tracebacks.EXC_LINE}
)
