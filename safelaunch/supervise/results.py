"""The plain data that crosses the supervise modules: what to serve, how one attempt ended, how a start ended.

They live apart from the code that fills them so that the attempt, the supervisor, the one-shot serve, the
daemon and `upstream.bench` (which records a failure under load as an attempt) can share them without
importing one another.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from safelaunch import redact


@dataclass(frozen=True)
class ServeOptions:
    model: str
    strategy: str = "balanced"
    quant: str | None = None
    host_profile: str | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict)
    extra_args: tuple[str, ...] = ()
    port: int | None = None
    host: str = "127.0.0.1"
    max_attempts: int | None = None
    engine: str = "sglang"  # "sglang" | "sim"
    python: str | None = None
    engine_cmd: tuple[str, ...] = ()
    exit_when_healthy: bool = False
    daemon: bool = False
    policies_dir: str | None = None
    sglang_version: str | None = None
    use_store: bool = True
    recall_store: bool = True  # start from the store's config; the demo records only, so each run shows the cycle
    phase_timeout_s: float | None = None
    release_timeout_s: float = 120.0
    bench: bool = False
    bench_scale: float | None = None  # shrink the benchmark's prompt counts (None: $SAFELAUNCH_BENCH_SCALE or 1)
    bench_dataset_path: str | None = None  # a local ShareGPT file: `random` instead of `random-ids`
    bench_tool: str = "auto"  # auto | sglang | loadgen
    bench_tokenizer: str | None = None  # the tokenizer SGLang's benchmark loads (default: the server's own)
    force: bool = False  # start even when a preflight check fails
    env: Mapping[str, str] = field(default_factory=dict)
    recipe: str | None = None  # --recipe: pin this recipe id
    revision: str | None = None  # --revision: the Hub revision (config and SGLang's --revision)
    nodes: int = 1  # a multi-node group's node count (`cluster`): plans, lookups and records are the group's
    # SGLang's secrets by flag (api-key, ...): only ever written to the 0600 --config file, never shown
    secrets: Mapping[str, str] = field(default_factory=dict, repr=False)


@dataclass(frozen=True)
class AttemptResult:
    number: int
    flags: Mapping[str, Any]
    port: int
    label: str  # a failure label, or "healthy"
    phase: str | None
    numbers: Mapping[str, Any]
    evidence: str
    seconds: float  # from launch to healthy or to the failure line
    change: str = ""  # the decision taken after it
    stop_s: float = 0.0
    release_s: float = 0.0
    react_s: float = 0.0  # failure line -> tree stopped and next step decided (GPU release excluded)
    kv_tokens: int | None = None
    log_tail: tuple[str, ...] = ()


@dataclass(frozen=True)
class ServeSummary:
    healthy: bool
    attempts: tuple[AttemptResult, ...]
    flags: Mapping[str, Any]
    from_store: bool
    time_to_healthy_s: float | None
    port: int | None
    reason: str = ""
    kv_tokens: int | None = None
    server_info: Mapping[str, Any] | None = None
    recorded: bool = False
    record_error: str = ""
    benchmark: Any = None  # safelaunch.upstream.bench.BenchOutcome after `serve --bench`

    def to_json(self) -> dict[str, Any]:
        out = {
            "healthy": self.healthy,
            "attempts": len(self.attempts),
            "flags": redact.redact_flags(self.flags),
            "failures": [
                {"label": a.label, "phase": a.phase, "numbers": dict(a.numbers), "change": a.change}
                for a in self.attempts
                if a.label != "healthy"
            ],
            "time_to_healthy_s": None if self.time_to_healthy_s is None else round(self.time_to_healthy_s, 3),
            "from_store": self.from_store,
            "port": self.port,
            "kv_tokens": self.kv_tokens,
            "reason": self.reason,
            "recorded": self.recorded,
            "react_s": [round(a.react_s, 4) for a in self.attempts if a.label != "healthy"],
            "release_s": [round(a.release_s, 4) for a in self.attempts if a.label != "healthy"],
        }
        if self.benchmark is not None:
            out.update(self.benchmark.summary_json())
        return out
