"""Lines that mention memory, ports or errors but are never a failure: SGLang and its libraries carry on.

A decode retraction under KV pressure, an autotuner that skipped a tactic, a port SGLang will retry, a
deprecation: each becomes at most a warning event. Retraction is kept as evidence: a log that ends under
pressure without any failure is reported as serving-time memory pressure, with a hint that it is not a crash.
"""

from __future__ import annotations

import re

WARNINGS = re.compile(
    r"out of memory happened"  # Decode out of memory happened. #retracted_reqs (old scheduler)
    r"|KV cache pool is full\. Retract"
    r"|\[Autotuner\].*OOM"
    r"|autotune skipped"
    # an autotuner's candidate that failed and was dropped (inductor's `Runtime error during autotuning: ` at ERROR,
    # the error on the lines below it, then `Ignoring this choice.`)
    r"|(?:error|failed) during autotuning"
    r"|to avoid out of memory"
    r"|memory capacity is unbalanced"
    r"|KV pool holds \d+ tokens, fewer than"
    r"|was reduced from the requested"
    r"|[Pp]ort \d+ is (?:already )?in use[.,] (?:trying|Waiting)"
    r"|is deprecated and will be removed"
    r"|[Ff]all(?:ing|s)? ?back|skipp(?:ing|ed)\b|[Rr]etrying"
    # a feature SGLang turns off, or a path it keeps, and goes on (`... Disabling flashinfer allreduce fusion
    # permanently.`, `...; reductions stay on NCCL`)
    r"|\b[Dd]isabling\b|\bstays? on\b"
    r"|\w+Warning: "  # python warnings: path.py:12: UserWarning: ...
    # a line that says itself it may be harmless (torch_memory_saver's `cuMemCreate CUDA_ERROR_OUT_OF_MEMORY (may not
    # be an issue e.g. torch allocator will free cache and retry)`, Triton's `... can be ignored.`)
    r"|may not be an issue|can be (?:safely )?ignored"
    # ... or that the server goes on without what failed (an optional listener that could not bind: `Failed to start
    # HTTP sidecar server: [Errno 98] ... address already in use. Continuing without metrics/profile endpoints.`)
    r"|\b[Cc]ontinu(?:e|ing) without\b|\b[Pp]roceed(?:s|ing)? without\b"
    # ... or calls itself a warning (`Setup Custom allreduce failed with CUDART error: peer access is not supported
    # between these two devices. To silence this warning, specify --disable-custom-all-reduce explicitly.`)
    r"|(?:silence|suppress) this warning"
)
# c10's own warning level (`[W302 10:00:06.412003190 socket.cpp:767] [c10d] The client socket has failed to connect to
# [localhost]:34567 (errno: 99 ...)`): torch goes on (it retries, or another address family answers). Such a line still
# names what failed if nothing better follows, but it is no fatal line: it decides only when start-up never finishes.
C10_WARNING = re.compile(r"\[W\d{3,4} \d\d:\d\d:\d\d")
RUNTIME_PRESSURE = re.compile(r"out of memory happened|KV cache pool is full\. Retract")
PRESSURE_HINT = "KV cache pressure: SGLang retracted requests and carries on; not a failure."
