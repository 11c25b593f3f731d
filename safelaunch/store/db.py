"""The store: every attempt, and the configs that worked, in one SQLite file shared by every safelaunch on a host.

Why SQLite in WAL mode with short `BEGIN IMMEDIATE` transactions: a service and an interactive
`safelaunch serve` may write at the same moment; WAL lets readers go on while one writer holds the lock,
IMMEDIATE takes the write lock before reading (so a read-modify-write never deadlocks or loses an update),
and the busy timeout makes the second writer wait instead of failing.

Why the store redacts although its callers already do: a secret that reaches this file is on disk for good
(WAL frames, freed pages, backups). Every text that comes in passes through `safelaunch.redact` here again,
and secret flags are dropped from verified configs outright, because those flags are launched again.

Why a corrupt store is never repaired or replaced: it may hold the only record of what works on a host.
A store we cannot read or write raises `StoreError` with one line; the supervisor keeps serving and says it
could not record.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, NamedTuple

import tenacity

from safelaunch.errors import SafelaunchError
from safelaunch.redact import REDACTED, is_secret_env, is_secret_flag, redact_argv, redact_text

HOME_ENV = "SAFELAUNCH_HOME"
DB_NAME = "safelaunch.db"
OUTCOMES = ("healthy", "failed", "gave_up", "stopped")
BUSY_TIMEOUT_MS = 20_000
LOG_TAIL_MAX_CHARS = 64 * 1024
_SQLITE_MAGIC = b"SQLite format 3\x00"


class StoreError(SafelaunchError):
    """The store cannot be opened, read or written; the message is one line naming the file and the cause."""


# --------------------------------------------------------------------------- records


class ConfigKey(NamedTuple):
    """What a verified config is valid for; a tuple so `store.find_verified(*key)` reads naturally."""

    hw_key: str
    gpu_count: int
    model: str
    quant: str | None
    strategy: str
    sglang_version: str | None


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

    @property
    def workload(self) -> tuple[str, int, int, int]:
        return (self.dataset, self.isl, self.osl, self.max_concurrency)

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
    id: int | None = None

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["flags"], d["env"], d["numbers"] = dict(self.flags), dict(self.env), dict(self.numbers)
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
    id: int | None = None

    @property
    def key(self) -> ConfigKey:
        return ConfigKey(self.hw_key, self.gpu_count, self.model, self.quant, self.strategy, self.sglang_version)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "hw_key": self.hw_key,
            "gpu_count": self.gpu_count,
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
            "benchmarks": [b.to_json() for b in self.benchmarks],
            "verified": self.verified,
            "booted": self.booted,
            "load_failure": self.load_failure.to_json() if self.load_failure else None,
        }


# --------------------------------------------------------------------------- small pure helpers


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, tz=timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def _parse_iso(text: str) -> float:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def _opt_float(v: Any) -> float | None:
    return None if v is None else float(v)


def _opt_int(v: Any) -> int | None:
    return None if v is None else int(v)


def _key_db(value: str | None) -> str:
    """NULLs are distinct in a UNIQUE index, so an unknown quant or version is stored as '' to stay one key."""
    return value or ""


def _key_py(value: str) -> str | None:
    return value or None


def _dumps(obj: Any) -> str:
    return json.dumps(obj, sort_keys=False, default=str, separators=(",", ":"))


def _secret_values(*mappings: Mapping[str, Any] | None) -> list[str]:
    """Values of secret flags/env vars/server-info keys, so the same secret is scrubbed from every free text."""
    found: list[str] = []

    def walk(obj: Any, env_like: bool) -> None:
        if isinstance(obj, Mapping):
            for k, v in obj.items():
                secret = is_secret_flag(str(k)) or (env_like and is_secret_env(str(k)))
                if secret and isinstance(v, str) and v and v != REDACTED:
                    found.append(v)
                elif isinstance(v, Mapping | list | tuple):
                    walk(v, env_like)
        elif isinstance(obj, list | tuple):
            for v in obj:
                walk(v, env_like)

    for i, m in enumerate(mappings):
        if m:
            walk(m, env_like=(i == 1))
    return found


def _scrub(obj: Any, secrets: Sequence[str], drop_secret_keys: bool = False) -> Any:
    """Deep copy of JSON-like data with secret keys masked (or dropped) and every string scrubbed."""
    if isinstance(obj, Mapping):
        out: dict[str, Any] = {}
        for k, v in obj.items():
            if is_secret_flag(str(k)):
                if not drop_secret_keys:
                    out[str(k)] = REDACTED
                continue
            out[str(k)] = _scrub(v, secrets, drop_secret_keys)
        return out
    if isinstance(obj, list | tuple):
        items = list(obj)
        if all(isinstance(v, str) for v in items):
            items = redact_argv(items)
        return [_scrub(v, secrets, drop_secret_keys) for v in items]
    if isinstance(obj, str):
        return redact_text(obj, secrets)
    return obj


def _scrub_env(env: Mapping[str, str], secrets: Sequence[str], drop: bool) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in env.items():
        if is_secret_env(k):
            if not drop:
                out[k] = REDACTED
            continue
        out[k] = redact_text(str(v), secrets)
    return out


def store_path(path: str | os.PathLike[str] | None = None) -> Path:
    """Explicit path, else $SAFELAUNCH_HOME/safelaunch.db, else the XDG state dir (~/.local/state/safelaunch)."""
    if path is not None:
        return Path(path).expanduser()
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser() / DB_NAME
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state).expanduser() / "safelaunch" / DB_NAME


# --------------------------------------------------------------------------- schema

# Each entry migrates from version i to i+1. Never edit a released entry: add a new one.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """
        CREATE TABLE attempts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            run_id TEXT NOT NULL,
            attempt_no INTEGER NOT NULL,
            started_at REAL NOT NULL,
            ended_at REAL,
            host_fingerprint TEXT NOT NULL,
            hw_key TEXT NOT NULL,
            gpu_count INTEGER NOT NULL,
            device_name TEXT NOT NULL,
            driver_version TEXT,
            model TEXT NOT NULL,
            quant TEXT NOT NULL DEFAULT '',
            strategy TEXT NOT NULL,
            sglang_version TEXT NOT NULL DEFAULT '',
            flags TEXT NOT NULL DEFAULT '{}',
            env TEXT NOT NULL DEFAULT '{}',
            outcome TEXT NOT NULL CHECK (outcome IN ('healthy', 'failed', 'gave_up', 'stopped')),
            failure_label TEXT,
            phase TEXT,
            numbers TEXT NOT NULL DEFAULT '{}',
            decision TEXT,
            time_to_failure_s REAL,
            time_to_healthy_s REAL,
            log_tail TEXT NOT NULL DEFAULT ''
        )
        """,
        "CREATE INDEX attempts_by_model ON attempts (model, started_at)",
        "CREATE INDEX attempts_by_run ON attempts (run_id, attempt_no)",
        """
        CREATE TABLE verified (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            hw_key TEXT NOT NULL,
            gpu_count INTEGER NOT NULL,
            model TEXT NOT NULL,
            quant TEXT NOT NULL DEFAULT '',
            strategy TEXT NOT NULL,
            sglang_version TEXT NOT NULL DEFAULT '',
            flags TEXT NOT NULL,
            env TEXT NOT NULL DEFAULT '{}',
            host_fingerprint TEXT NOT NULL DEFAULT '',
            device_name TEXT NOT NULL DEFAULT '',
            driver_version TEXT,
            max_total_num_tokens INTEGER,
            server_info TEXT NOT NULL DEFAULT '{}',
            verified_at REAL NOT NULL,
            attempts_needed INTEGER NOT NULL DEFAULT 1,
            failures TEXT NOT NULL DEFAULT '[]',
            benchmarks TEXT NOT NULL DEFAULT '[]',
            verified INTEGER NOT NULL DEFAULT 0,
            booted INTEGER NOT NULL DEFAULT 1,
            load_failure TEXT,
            updated_at REAL NOT NULL,
            UNIQUE (hw_key, gpu_count, model, quant, strategy, sglang_version)
        )
        """,
        "CREATE INDEX verified_by_model ON verified (model)",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)

_KEY_WHERE = "hw_key = ? AND gpu_count = ? AND model = ? AND quant = ? AND strategy = ? AND sglang_version = ?"


def _key_params(key: ConfigKey) -> tuple[Any, ...]:
    return (
        key.hw_key,
        int(key.gpu_count),
        key.model,
        _key_db(key.quant),
        key.strategy,
        _key_db(key.sglang_version),
    )


# --------------------------------------------------------------------------- the store


class Store:
    """One connection to the store file; thread-safe (one lock), and safe next to other processes (WAL)."""

    def __init__(self, conn: sqlite3.Connection, path: Path, readonly: bool) -> None:
        self._conn = conn
        self.path = path
        self.readonly = readonly
        self._lock = threading.Lock()

    # ----- opening

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, *, readonly: bool = False) -> Store:
        """Open (creating and migrating when needed) the store; a corrupt file raises and is left untouched."""
        p = store_path(path)
        _check_header(p)
        if readonly:
            if not p.exists():
                raise StoreError(f"no store at {p} yet")
            conn = _connect(f"{p.resolve().as_uri()}?mode=ro", p, uri=True)
        else:
            try:
                if not p.parent.exists():
                    p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            except OSError as exc:
                raise StoreError(f"cannot create the store directory {p.parent}: {exc.strerror or exc}") from None
            conn = _connect(str(p), p)
        store = cls(conn, p, readonly)
        try:
            store._prepare()
        except BaseException:
            conn.close()
            raise
        return store

    def _prepare(self) -> None:
        # SQLite answers SQLITE_BUSY at once, without its busy handler, where waiting could deadlock: several
        # processes opening a new file together while one switches it to WAL. Retry the whole opening then.
        retrying = tenacity.Retrying(
            retry=tenacity.retry_if_exception(_is_busy),
            stop=tenacity.stop_after_delay(BUSY_TIMEOUT_MS / 1000),
            wait=tenacity.wait_random(0.005, 0.05),
            reraise=True,
        )
        with self._guard("open"):
            retrying(self._prepare_once)

    def _prepare_once(self) -> None:
        self._conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        version = self._conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the store {self.path} has schema version {version}, newer than this safelaunch knows "
                f"({SCHEMA_VERSION}); upgrade safelaunch"
            )
        ok = self._conn.execute("PRAGMA quick_check(1)").fetchone()[0]
        if ok != "ok":
            raise StoreError(f"the store {self.path} is corrupt ({ok}); move it aside to start a new one")
        if self.readonly:
            if version < SCHEMA_VERSION:
                raise StoreError(f"the store {self.path} needs a migration; open it once with write access")
            return
        self._conn.execute("PRAGMA journal_mode = WAL")
        self._conn.execute("PRAGMA synchronous = NORMAL")
        if version < SCHEMA_VERSION:
            self._migrate()

    def _migrate(self) -> None:
        """Under the write lock, re-read the version: another process may have migrated meanwhile."""
        with self._write() as conn:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step]:
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----- transactions and errors

    @contextlib.contextmanager
    def _guard(self, what: str) -> Iterator[None]:
        """Every sqlite error becomes one line that names the file; never a traceback for the user."""
        try:
            yield
        except StoreError:
            raise
        except sqlite3.DatabaseError as exc:
            text = str(exc)
            if "not a database" in text or "malformed" in text:
                msg = f"the store {self.path} is corrupt ({text}); move it aside to start a new one"
            elif "locked" in text or "busy" in text:
                msg = f"the store {self.path} stayed busy for {BUSY_TIMEOUT_MS // 1000} s while trying to {what}"
            elif "readonly" in text or "read-only" in text or "unable to open" in text:
                msg = f"cannot write the store {self.path} ({text}) while trying to {what}"
            else:
                msg = f"store {self.path}: cannot {what}: {text}"
            raise StoreError(msg) from None

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A short write transaction that takes the lock up front (BEGIN IMMEDIATE), so no update is lost."""
        if self.readonly:
            raise StoreError(f"the store {self.path} was opened read-only")
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
                self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        self._conn.execute("ROLLBACK")
                raise

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._conn.execute(sql, tuple(params)).fetchall()

    # ----- attempts

    def record_attempt(self, rec: AttemptRecord, secrets: Sequence[str] = ()) -> int:
        """Store one attempt (redacted) and return its id."""
        if rec.outcome not in OUTCOMES:
            raise StoreError(f"unknown attempt outcome {rec.outcome!r}; expected one of {', '.join(OUTCOMES)}")
        known = [*secrets, *_secret_values(rec.flags, rec.env)]
        tail = rec.log_tail[-LOG_TAIL_MAX_CHARS:]
        row = {
            "run_id": rec.run_id,
            "attempt_no": int(rec.attempt_no),
            "started_at": float(rec.started_at),
            "ended_at": rec.ended_at,
            "host_fingerprint": redact_text(rec.host_fingerprint, known),
            "hw_key": rec.hw_key,
            "gpu_count": int(rec.gpu_count),
            "device_name": rec.device_name,
            "driver_version": rec.driver_version,
            "model": redact_text(rec.model, known),
            "quant": _key_db(rec.quant),
            "strategy": rec.strategy,
            "sglang_version": _key_db(rec.sglang_version),
            "flags": _dumps(_scrub(dict(rec.flags), known)),
            "env": _dumps(_scrub_env(rec.env, known, drop=False)),
            "outcome": rec.outcome,
            "failure_label": rec.failure_label,
            "phase": rec.phase,
            "numbers": _dumps(_scrub(dict(rec.numbers), known)),
            "decision": redact_text(rec.decision, known) if rec.decision else rec.decision,
            "time_to_failure_s": rec.time_to_failure_s,
            "time_to_healthy_s": rec.time_to_healthy_s,
            "log_tail": redact_text(tail, known),
        }
        sql = f"INSERT INTO attempts ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})"
        with self._guard("record an attempt"), self._write() as conn:
            cur = conn.execute(sql, list(row.values()))
            return int(cur.lastrowid or 0)

    def attempts(self, model: str | None = None, limit: int = 50, run_id: str | None = None) -> list[AttemptRecord]:
        """Newest first."""
        where, params = [], []
        if model:
            where.append("model = ?")
            params.append(model)
        if run_id:
            where.append("run_id = ?")
            params.append(run_id)
        sql = "SELECT * FROM attempts" + (" WHERE " + " AND ".join(where) if where else "")
        sql += " ORDER BY started_at DESC, id DESC LIMIT ?"
        params.append(max(0, int(limit)))
        with self._guard("read attempts"):
            return [_attempt_from_row(r) for r in self._read(sql, params)]

    # ----- verified configs

    def upsert_verified(self, cfg: VerifiedConfig, secrets: Sequence[str] = ()) -> VerifiedConfig:
        """Insert or replace the config for its key; re-confirming the same flags keeps the earlier evidence.

        Same flags and env as the stored row: benchmarks, failures, `verified` and the attempt count of the
        first discovery are kept unless the new record brings its own (a start from the store should not wipe
        what the benchmark proved). Different flags: the new row replaces the old one whole.
        """
        known = [*secrets, *_secret_values(cfg.flags, cfg.env, cfg.server_info)]
        flags = _scrub(dict(cfg.flags), known, drop_secret_keys=True)
        env = _scrub_env(cfg.env, known, drop=True)
        now = time.time()
        with self._guard("record a verified config"), self._write() as conn:
            old_row = conn.execute(f"SELECT * FROM verified WHERE {_KEY_WHERE}", _key_params(cfg.key)).fetchone()
            old = _verified_from_row(old_row) if old_row else None
            failures, attempts_needed = cfg.failures, cfg.attempts_needed
            benchmarks, verified, load_failure = cfg.benchmarks, cfg.verified, cfg.load_failure
            if old is not None and dict(old.flags) == flags and dict(old.env) == env:
                if not cfg.failures:  # started first time (from the store): the discovery story stays
                    failures, attempts_needed = old.failures, old.attempts_needed
                benchmarks = benchmarks or old.benchmarks
                verified = verified or (old.verified and load_failure is None)
                if load_failure is None and not cfg.verified:
                    load_failure = old.load_failure
            elif old is not None and old.load_failure is not None and old.load_failure not in failures:
                # A new config replaces one that failed under load: keep that failure in its story.
                failures = (*failures, old.load_failure)
            row = {
                "hw_key": cfg.hw_key,
                "gpu_count": int(cfg.gpu_count),
                "model": redact_text(cfg.model, known),
                "quant": _key_db(cfg.quant),
                "strategy": cfg.strategy,
                "sglang_version": _key_db(cfg.sglang_version),
                "flags": _dumps(flags),
                "env": _dumps(env),
                "host_fingerprint": cfg.host_fingerprint,
                "device_name": cfg.device_name,
                "driver_version": cfg.driver_version,
                "max_total_num_tokens": cfg.max_total_num_tokens,
                "server_info": _dumps(_scrub(dict(cfg.server_info), known)),
                "verified_at": float(cfg.verified_at or now),
                "attempts_needed": int(attempts_needed),
                "failures": _dumps([_scrub(f.to_json(), known) for f in failures]),
                "benchmarks": _dumps([b.to_json() for b in benchmarks]),
                "verified": int(bool(verified)),
                "booted": int(bool(cfg.booted)),
                "load_failure": _dumps(_scrub(load_failure.to_json(), known)) if load_failure else None,
                "updated_at": now,
            }
            if old is not None:
                sets = ", ".join(f"{c} = ?" for c in row)
                conn.execute(f"UPDATE verified SET {sets} WHERE id = ?", [*row.values(), old.id])
            else:
                sql = f"INSERT INTO verified ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})"
                conn.execute(sql, list(row.values()))
            new_row = conn.execute(f"SELECT * FROM verified WHERE {_KEY_WHERE}", _key_params(cfg.key)).fetchone()
            return _verified_from_row(new_row)

    def find_verified(
        self,
        hw_key: str,
        gpu_count: int,
        model: str,
        quant: str | None,
        strategy: str,
        sglang_version: str | None,
        *,
        require_benchmark: bool = False,
        include_failed_under_load: bool = False,
    ) -> VerifiedConfig | None:
        """The config to try first for this key: booted, not killed by load (unless asked), benchmarked if asked."""
        key = ConfigKey(hw_key, gpu_count, model, quant, strategy, sglang_version)
        with self._guard("look up a verified config"):
            rows = self._read(f"SELECT * FROM verified WHERE {_KEY_WHERE}", _key_params(key))
        if not rows:
            return None
        cfg = _verified_from_row(rows[0])
        if not cfg.booted:
            return None
        if cfg.load_failure is not None and not include_failed_under_load:
            return None
        if require_benchmark and not cfg.verified:
            return None
        return cfg

    def verified_configs(self, model: str | None = None) -> list[VerifiedConfig]:
        sql = "SELECT * FROM verified" + (" WHERE model = ?" if model else "") + " ORDER BY model, hw_key, strategy"
        with self._guard("read verified configs"):
            return [_verified_from_row(r) for r in self._read(sql, [model] if model else [])]

    def add_benchmark(
        self,
        hw_key: str,
        gpu_count: int,
        model: str,
        quant: str | None,
        strategy: str,
        sglang_version: str | None,
        results: BenchmarkResult | Iterable[BenchmarkResult],
        *,
        verified: bool = True,
    ) -> bool:
        """Attach benchmark results (a workload measured again replaces its old figures) and set `verified`.

        Pass `verified=False` while more workloads are still to run; the final call (or a single call with
        every result) says the config survived the load. False when no config has this key.
        """
        new = [results] if isinstance(results, BenchmarkResult) else list(results)
        key = ConfigKey(hw_key, gpu_count, model, quant, strategy, sglang_version)
        with self._guard("record benchmark results"), self._write() as conn:
            row = conn.execute(f"SELECT * FROM verified WHERE {_KEY_WHERE}", _key_params(key)).fetchone()
            if row is None:
                return False
            cfg = _verified_from_row(row)
            by_workload = {b.workload: b for b in cfg.benchmarks}
            for b in new:
                by_workload[b.workload] = b
            ordered = sorted(by_workload.values(), key=lambda b: (b.dataset, b.isl, b.osl, b.max_concurrency))
            if verified:
                conn.execute(
                    "UPDATE verified SET benchmarks = ?, verified = 1, load_failure = NULL, updated_at = ? "
                    "WHERE id = ?",
                    (_dumps([b.to_json() for b in ordered]), time.time(), cfg.id),
                )
            else:
                conn.execute(
                    "UPDATE verified SET benchmarks = ?, updated_at = ? WHERE id = ?",
                    (_dumps([b.to_json() for b in ordered]), time.time(), cfg.id),
                )
            return True

    def mark_failed_under_load(
        self,
        hw_key: str,
        gpu_count: int,
        model: str,
        quant: str | None,
        strategy: str,
        sglang_version: str | None,
        label: str,
        numbers: Mapping[str, Any] | None = None,
        change: str | None = None,
    ) -> bool:
        """Booting is not serving: the config stays on record with the failure, but is no longer started as is.

        `find_verified(..., include_failed_under_load=True)` returns it with `load_failure` set, so the remedy
        policy can lower the fraction from the flags that failed. False when no config has this key.
        """
        key = ConfigKey(hw_key, gpu_count, model, quant, strategy, sglang_version)
        failure = PastFailure(label, dict(numbers or {}), change or "failed under benchmark load")
        with self._guard("record a failure under load"), self._write() as conn:
            row = conn.execute(f"SELECT * FROM verified WHERE {_KEY_WHERE}", _key_params(key)).fetchone()
            if row is None:
                return False
            cfg = _verified_from_row(row)
            known = _secret_values(cfg.flags)
            failures = [f.to_json() for f in cfg.failures] + [_scrub(failure.to_json(), known)]
            conn.execute(
                "UPDATE verified SET verified = 0, load_failure = ?, failures = ?, updated_at = ? WHERE id = ?",
                (_dumps(_scrub(failure.to_json(), known)), _dumps(failures), time.time(), cfg.id),
            )
            return True


# --------------------------------------------------------------------------- rows -> records


def _is_busy(exc: BaseException) -> bool:
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in str(exc) or "busy" in str(exc))


def _check_header(p: Path) -> None:
    """Refuse a file that is not SQLite before sqlite3 touches it (it would create -wal/-shm files beside it)."""
    try:
        if p.is_file() and p.stat().st_size > 0:
            with p.open("rb") as fh:
                head = fh.read(len(_SQLITE_MAGIC))
            if head != _SQLITE_MAGIC:
                raise StoreError(
                    f"the store {p} is not a SQLite database (corrupt or foreign file); "
                    "it was left untouched: move it aside to start a new store"
                )
    except OSError as exc:
        raise StoreError(f"cannot read the store {p}: {exc.strerror or exc}") from None


def _connect(target: str, p: Path, uri: bool = False) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(
            target,
            timeout=BUSY_TIMEOUT_MS / 1000,
            isolation_level=None,  # we issue BEGIN IMMEDIATE / COMMIT ourselves
            check_same_thread=False,  # guarded by Store._lock
            uri=uri,
        )
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open the store {p}: {exc}") from None
    conn.row_factory = sqlite3.Row
    return conn


def _loads(text: str | None, default: Any) -> Any:
    if not text:
        return default
    try:
        return json.loads(text)
    except ValueError:
        return default


def _attempt_from_row(r: sqlite3.Row) -> AttemptRecord:
    return AttemptRecord(
        id=r["id"],
        run_id=r["run_id"],
        attempt_no=r["attempt_no"],
        started_at=r["started_at"],
        ended_at=r["ended_at"],
        host_fingerprint=r["host_fingerprint"],
        hw_key=r["hw_key"],
        gpu_count=r["gpu_count"],
        device_name=r["device_name"],
        driver_version=r["driver_version"],
        model=r["model"],
        quant=_key_py(r["quant"]),
        strategy=r["strategy"],
        sglang_version=_key_py(r["sglang_version"]),
        flags=_loads(r["flags"], {}),
        env=_loads(r["env"], {}),
        outcome=r["outcome"],
        failure_label=r["failure_label"],
        phase=r["phase"],
        numbers=_loads(r["numbers"], {}),
        decision=r["decision"],
        time_to_failure_s=r["time_to_failure_s"],
        time_to_healthy_s=r["time_to_healthy_s"],
        log_tail=r["log_tail"],
    )


def _verified_from_row(r: sqlite3.Row) -> VerifiedConfig:
    load_failure = _loads(r["load_failure"], None)
    return VerifiedConfig(
        id=r["id"],
        hw_key=r["hw_key"],
        gpu_count=r["gpu_count"],
        model=r["model"],
        quant=_key_py(r["quant"]),
        strategy=r["strategy"],
        sglang_version=_key_py(r["sglang_version"]),
        flags=_loads(r["flags"], {}),
        env=_loads(r["env"], {}),
        host_fingerprint=r["host_fingerprint"],
        device_name=r["device_name"],
        driver_version=r["driver_version"],
        max_total_num_tokens=r["max_total_num_tokens"],
        server_info=_loads(r["server_info"], {}),
        verified_at=r["verified_at"],
        attempts_needed=r["attempts_needed"],
        failures=tuple(PastFailure.from_json(f) for f in _loads(r["failures"], [])),
        benchmarks=tuple(BenchmarkResult.from_json(b) for b in _loads(r["benchmarks"], [])),
        verified=bool(r["verified"]),
        booted=bool(r["booted"]),
        load_failure=PastFailure.from_json(load_failure) if load_failure else None,
    )
