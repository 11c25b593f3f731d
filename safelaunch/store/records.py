"""What the store holds: attempts, verified configs, their benchmarks and failures, and the error it raises.

Small frozen dataclasses with their JSON forms (`to_json` for `history --json` and the exports, `from_json` for
the JSON columns), shared by every backend and by the store's readers (`serve`, `bench`, `export`). Nothing
here knows SQL: `rows` maps these records to table rows, `schema` holds the tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from typing import Any, NamedTuple

from safelaunch.errors import SafelaunchError

OUTCOMES = ("healthy", "failed", "gave_up", "stopped")


class StoreError(SafelaunchError):
    """The store cannot be opened, read or written; the message is one line naming the file and the cause."""


UNKNOWN = "unknown"
SIM_ENGINES = ("sim", "sim+cuda")
SGLANG_BENCH_TOOLS = ("sglang.bench_serving", "sglang.benchmark.serving")


class StoreConfigError(StoreError):
    """The store was named wrongly: a bad URL, a wrong password, a schema newer than this safelaunch.

    Unlike an unreachable database, retrying cannot help, so `serve` refuses to start (exit 2) instead of
    serving on without recording."""


class StoreUnreachable(StoreError):
    """The database did not answer (down, restarting, network): writes wait in the local spool meanwhile."""


class ConfigKey(NamedTuple):
    """What a verified config is valid for; a tuple so `store.find_verified(*key)` reads naturally.

    The engine is part of the key: a simulated config is never a starting point for real SGLang, nor the reverse.
    """

    hw_key: str
    gpu_count: int
    model: str
    quant: str | None
    strategy: str
    sglang_version: str | None
    engine: str


@dataclass(frozen=True)
class Provenance:
    """What produced a record, so a rehearsal is never read as a fact about real hardware.

    `engine`: `sglang` (SGLang's launcher), `sim` / `sim+cuda` (the simulated engine, with simulated or real CUDA
    memory), or the `--engine-cmd` prefix's program (`docker`, ...). `hardware`: `nvml` (read from the GPUs) or
    `profile:<spec>` (a host profile stood in). `version_source`: how the SGLang version was known: `metadata`
    (the interpreter's package metadata), `server_info` (the running server said), `sim` (the simulator's
    imitation), `flag` (--sglang-version). Records from before provenance was kept read as `unknown`: never real.
    """

    engine: str = UNKNOWN
    hardware: str = UNKNOWN
    version_source: str = UNKNOWN

    @property
    def simulated(self) -> bool:
        return self.engine in SIM_ENGINES

    @property
    def real_engine(self) -> bool:
        """A real SGLang (its launcher, or a user's prefix such as `docker run`), neither the sim nor unknown."""
        return self.engine not in (*SIM_ENGINES, UNKNOWN, "")

    @property
    def real_hardware(self) -> bool:
        return self.hardware == "nvml"

    def describe(self) -> str:
        """One phrase for people: `engine sim, hardware profile:8xh200, SGLang version from sim`."""
        return f"engine {self.engine}, hardware {self.hardware}, SGLang version from {self.version_source}"

    def to_json(self) -> dict[str, str]:
        return {"engine": self.engine, "hardware": self.hardware, "version_source": self.version_source}


@dataclass(frozen=True)
class PastFailure:
    """One failure on the way to a working config, and what was changed because of it."""

    label: str
    numbers: Mapping[str, Any] = field(default_factory=dict)
    change: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "numbers": dict(self.numbers), "change": self.change}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> PastFailure:
        return cls(label=str(d.get("label", "unknown")), numbers=dict(d.get("numbers") or {}), change=d.get("change"))


@dataclass(frozen=True)
class BenchmarkResult:
    """One benchmark workload, in the cookbook's speed shape (TTFT/TPOT at P50; tokens/s/GPU counts in+out)."""

    dataset: str
    isl: int
    osl: int
    max_concurrency: int
    ttft_ms: float
    tpot_ms: float
    tokens_per_sec_per_gpu: float
    output_throughput: float | None = None
    total_throughput: float | None = None
    request_throughput: float | None = None
    num_prompts: int | None = None
    completed: int | None = None
    duration_s: float | None = None
    measured_at: float | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    tool: str = UNKNOWN  # the module that measured: sglang.bench_serving, safelaunch.upstream.loadgen, ...
    # How it was measured, kept so anyone can check the figures later: the tool's own JSONL line, the command
    # (secrets redacted), the tool's version, the tokenizer, the warm-up, why another tool was not used. Stored
    # in its own column (`bench_raw`), apart from the figures, so reading the figures never loads it.
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def workload(self) -> tuple[str, int, int, int]:
        return (self.dataset, self.isl, self.osl, self.max_concurrency)

    @property
    def by_sglang_bench(self) -> bool:
        """Measured by SGLang's own benchmark, the only tool whose figures the cookbook takes."""
        return self.tool in SGLANG_BENCH_TOOLS

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "workload": {
                "dataset": self.dataset,
                "isl": self.isl,
                "osl": self.osl,
                "max_concurrency": self.max_concurrency,
            },
            "ttft_ms": self.ttft_ms,
            "tpot_ms": self.tpot_ms,
            "tokens_per_sec_per_gpu": self.tokens_per_sec_per_gpu,
            "tool": self.tool,
        }
        for name in ("output_throughput", "total_throughput", "request_throughput", "num_prompts", "completed"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        if self.duration_s is not None:
            out["duration_s"] = self.duration_s
        if self.measured_at is not None:
            out["measured_at"] = _iso(self.measured_at)
        if self.extra:
            out["extra"] = dict(self.extra)
        return out

    def report_json(self) -> dict[str, Any]:
        """The figures with the raw output beside them (history --json, bench --json, serve --json)."""
        return {**self.to_json(), **({"raw": dict(self.raw)} if self.raw else {})}

    def raw_json(self) -> dict[str, Any]:
        """The raw record as stored in `bench_raw`: keyed by its workload, like the figures."""
        return {"workload": self.to_json()["workload"], **dict(self.raw)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> BenchmarkResult:
        w = d.get("workload") or {}
        measured = d.get("measured_at")
        return cls(
            dataset=str(w.get("dataset", "random")),
            isl=int(w.get("isl", 0)),
            osl=int(w.get("osl", 0)),
            max_concurrency=int(w.get("max_concurrency", 0)),
            ttft_ms=float(d["ttft_ms"]),
            tpot_ms=float(d["tpot_ms"]),
            tokens_per_sec_per_gpu=float(d["tokens_per_sec_per_gpu"]),
            output_throughput=_opt_float(d.get("output_throughput")),
            total_throughput=_opt_float(d.get("total_throughput")),
            request_throughput=_opt_float(d.get("request_throughput")),
            num_prompts=_opt_int(d.get("num_prompts")),
            completed=_opt_int(d.get("completed")),
            duration_s=_opt_float(d.get("duration_s")),
            measured_at=_parse_iso(measured) if isinstance(measured, str) else _opt_float(measured),
            extra=dict(d.get("extra") or {}),
            tool=str(d.get("tool") or (d.get("extra") or {}).get("tool") or UNKNOWN),
            raw=dict(d.get("raw") or {}),
        )


@dataclass(frozen=True)
class AttemptRecord:
    """One launch of SGLang, from start to its outcome; `id` is set by the store."""

    run_id: str  # one `safelaunch serve` invocation; its attempts share it
    attempt_no: int
    started_at: float  # unix seconds
    host_fingerprint: str
    hw_key: str
    gpu_count: int
    device_name: str
    model: str
    strategy: str
    outcome: str  # healthy | failed | gave_up | stopped
    driver_version: str | None = None
    quant: str | None = None
    sglang_version: str | None = None
    flags: Mapping[str, Any] = field(default_factory=dict)
    env: Mapping[str, str] = field(default_factory=dict)
    ended_at: float | None = None
    failure_label: str | None = None
    phase: str | None = None
    numbers: Mapping[str, Any] = field(default_factory=dict)
    decision: str | None = None  # what was changed after this attempt, and why (one line)
    time_to_failure_s: float | None = None
    time_to_healthy_s: float | None = None
    log_tail: str = ""
    provenance: Provenance = field(default_factory=Provenance)
    host: str = ""  # the host that made the attempt (set by the store: its `host` name)
    ledger: Mapping[str, Any] = field(default_factory=dict)  # core.ledger.Ledger.to_json() after this attempt
    id: int | None = None

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["flags"], d["env"], d["numbers"] = dict(self.flags), dict(self.env), dict(self.numbers)
        d["ledger"] = dict(self.ledger)
        d["provenance"] = self.provenance.to_json()
        d["started_at"] = _iso(self.started_at)
        d["ended_at"] = _iso(self.ended_at) if self.ended_at is not None else None
        return d


@dataclass(frozen=True)
class VerifiedConfig:
    """A config that booted on this hardware (`booted`) and, once benchmarked without an OOM, `verified`."""

    hw_key: str
    gpu_count: int
    model: str
    quant: str | None
    strategy: str
    sglang_version: str | None
    flags: Mapping[str, Any]
    env: Mapping[str, str] = field(default_factory=dict)
    host_fingerprint: str = ""
    device_name: str = ""
    driver_version: str | None = None
    max_total_num_tokens: int | None = None
    server_info: Mapping[str, Any] = field(default_factory=dict)
    verified_at: float = 0.0  # when it last came up healthy (unix seconds)
    attempts_needed: int = 1
    failures: tuple[PastFailure, ...] = ()
    benchmarks: tuple[BenchmarkResult, ...] = ()
    verified: bool = False  # survived the benchmark's load
    booted: bool = True
    load_failure: PastFailure | None = None  # the benchmark's load killed it: do not start it as it is
    provenance: Provenance = field(default_factory=Provenance)
    host: str = ""  # the host that verified it (set by the store: its `host` name)
    demoted: tuple[FleetFailure, ...] = ()  # failed on this many hosts (the fleet policy's N): never started again
    id: int | None = None
    nodes: int = 1  # a multi-node group's config: gpu_count is the group's total

    @property
    def key(self) -> ConfigKey:
        return ConfigKey(
            self.hw_key,
            self.gpu_count,
            self.model,
            self.quant,
            self.strategy,
            self.sglang_version,
            self.provenance.engine,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "hw_key": self.hw_key,
            "gpu_count": self.gpu_count,
            "nodes": self.nodes,
            "model": self.model,
            "quant": self.quant,
            "strategy": self.strategy,
            "sglang_version": self.sglang_version,
            "flags": dict(self.flags),
            "env": dict(self.env),
            "host_fingerprint": self.host_fingerprint,
            "device_name": self.device_name,
            "driver_version": self.driver_version,
            "max_total_num_tokens": self.max_total_num_tokens,
            "server_info": dict(self.server_info),
            "verified_at": _iso(self.verified_at),
            "attempts_needed": self.attempts_needed,
            "failures": [f.to_json() for f in self.failures],
            "benchmarks": [b.report_json() for b in self.benchmarks],
            "verified": self.verified,
            "booted": self.booted,
            "load_failure": self.load_failure.to_json() if self.load_failure else None,
            "provenance": self.provenance.to_json(),
            "host": self.host,
            "demoted": [f.to_json() for f in self.demoted] or None,
        }


@dataclass(frozen=True)
class FleetFailure:
    """A stored config that failed on one host: held against that host; on N hosts the config is demoted."""

    host: str
    label: str
    numbers: Mapping[str, Any] = field(default_factory=dict)
    failed_at: float = 0.0
    from_host: str = ""  # the host whose verified config it was

    def to_json(self) -> dict[str, Any]:
        return {
            "host": self.host,
            "label": self.label,
            "numbers": dict(self.numbers),
            "failed_at": _iso(self.failed_at),
            "from_host": self.from_host,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> FleetFailure:
        at = d.get("failed_at")
        return cls(
            host=str(d.get("host", "")),
            label=str(d.get("label", "unknown")),
            numbers=dict(d.get("numbers") or {}),
            failed_at=_parse_iso(at) if isinstance(at, str) else float(at or 0.0),
            from_host=str(d.get("from_host", "")),
        )


# --------------------------------------------------------------------------- JSON helpers


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, tz=timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def _parse_iso(text: str) -> float:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def _opt_float(v: Any) -> float | None:
    return None if v is None else float(v)


def _opt_int(v: Any) -> int | None:
    return None if v is None else int(v)
