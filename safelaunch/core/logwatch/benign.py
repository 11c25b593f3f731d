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
    r"|to avoid out of memory"
    r"|memory capacity is unbalanced"
    r"|KV pool holds \d+ tokens, fewer than"
    r"|was reduced from the requested"
    r"|[Pp]ort \d+ is (?:already )?in use[.,] (?:trying|Waiting)"
    r"|is deprecated and will be removed"
    r"|fall(?:ing)? ?back|skipp(?:ing|ed)\b|[Rr]etrying"
    r"|\w+Warning: "  # python warnings: path.py:12: UserWarning: ...
)
RUNTIME_PRESSURE = re.compile(r"out of memory happened|KV cache pool is full\. Retract")
PRESSURE_HINT = "KV cache pressure: SGLang retracted requests and carries on; not a failure."
