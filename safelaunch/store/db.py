"""The store: every attempt, and the configs that worked, recorded and looked up.

`Store` is what the rest of safelaunch calls (`Store.open()`, `record_attempt`, `upsert_verified`,
`find_verified`, ...). It decides what to read and write, through `rows` (records to redacted rows and back)
and `schema` (the statements), over one connection: `sqlite.SqliteDb` today, and any backend with the same
verbs (`guard`, `write`, `read`, `close`) later. A store that cannot be read or written raises `StoreError`
with one line; the supervisor keeps serving and says it could not record.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from safelaunch.store import rows, schema
from safelaunch.store.records import (
    OUTCOMES,
    AttemptRecord,
    BenchmarkResult,
    ConfigKey,
    PastFailure,
    StoreError,
    VerifiedConfig,
)
from safelaunch.store.sqlite import SqliteDb, store_path


class Store:
    """The record of attempts and verified configs, over one connection (thread-safe, safe next to others)."""

    def __init__(self, db: SqliteDb) -> None:
        self._db = db

    @property
    def path(self) -> Path:
        return self._db.path

    @property
    def readonly(self) -> bool:
        return self._db.readonly

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, *, readonly: bool = False) -> Store:
        """Open (creating and migrating when needed) the store; a corrupt file raises and is left untouched."""
        return cls(SqliteDb.open(store_path(path), readonly=readonly))

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----- attempts

    def record_attempt(self, rec: AttemptRecord, secrets: Sequence[str] = ()) -> int:
        """Store one attempt (redacted) and return its id."""
        if rec.outcome not in OUTCOMES:
            raise StoreError(f"unknown attempt outcome {rec.outcome!r}; expected one of {', '.join(OUTCOMES)}")
        row = rows.attempt_row(rec, secrets)
        with self._db.guard("record an attempt"), self._db.write() as conn:
            cur = conn.execute(schema.insert_sql("attempts", row), list(row.values()))
            return int(cur.lastrowid or 0)

    def attempts(self, model: str | None = None, limit: int = 50, run_id: str | None = None) -> list[AttemptRecord]:
        """Newest first."""
        sql, params = schema.attempts_query(model, run_id, limit)
        with self._db.guard("read attempts"):
            return [rows.attempt_from_row(r) for r in self._db.read(sql, params)]

    # ----- verified configs

    def upsert_verified(self, cfg: VerifiedConfig, secrets: Sequence[str] = ()) -> VerifiedConfig:
        """Insert or replace the config for its key; re-confirming the same flags keeps the earlier evidence.

        What is kept and what is replaced is `rows.with_kept_evidence`'s rule. Returns the config as stored.
        """
        known, flags, env = rows.launch_settings(cfg, secrets)
        now = time.time()
        with self._db.guard("record a verified config"), self._db.write() as conn:
            old_row = conn.execute(schema.SELECT_VERIFIED_BY_KEY, schema.key_params(cfg.key)).fetchone()
            old = rows.verified_from_row(old_row) if old_row else None
            row = rows.verified_row(rows.with_kept_evidence(cfg, old, flags, env), flags, env, known, now)
            if old is not None:
                conn.execute(schema.update_by_id_sql("verified", row), [*row.values(), old.id])
            else:
                conn.execute(schema.insert_sql("verified", row), list(row.values()))
            new_row = conn.execute(schema.SELECT_VERIFIED_BY_KEY, schema.key_params(cfg.key)).fetchone()
            return rows.verified_from_row(new_row)

    def find_verified(
        self,
        hw_key: str,
        gpu_count: int,
        model: str,
        quant: str | None,
        strategy: str,
        sglang_version: str | None,
        engine: str,
        *,
        require_benchmark: bool = False,
        include_failed_under_load: bool = False,
    ) -> VerifiedConfig | None:
        """The config to try first for this key: booted, not killed by load (unless asked), benchmarked if asked.

        The engine is part of the key: a simulated config never answers a real engine's lookup, nor the reverse.
        """
        key = ConfigKey(hw_key, gpu_count, model, quant, strategy, sglang_version, engine)
        with self._db.guard("look up a verified config"):
            found = self._db.read(schema.SELECT_VERIFIED_BY_KEY, schema.key_params(key))
        if not found:
            return None
        cfg = rows.verified_from_row(found[0])
        if not cfg.booted:
            return None
        if cfg.load_failure is not None and not include_failed_under_load:
            return None
        if require_benchmark and not cfg.verified:
            return None
        return cfg

    def verified_configs(self, model: str | None = None) -> list[VerifiedConfig]:
        sql, params = schema.verified_query(model)
        with self._db.guard("read verified configs"):
            return [rows.verified_from_row(r) for r in self._db.read(sql, params)]

    def add_benchmark(
        self,
        hw_key: str,
        gpu_count: int,
        model: str,
        quant: str | None,
        strategy: str,
        sglang_version: str | None,
        engine: str,
        results: BenchmarkResult | Iterable[BenchmarkResult],
        *,
        verified: bool = True,
    ) -> bool:
        """Attach benchmark results (a workload measured again replaces its old figures) and set `verified`.

        Pass `verified=False` while more workloads are still to run; the final call (or a single call with
        every result) says the config survived the load. False when no config has this key.
        """
        new = [results] if isinstance(results, BenchmarkResult) else list(results)
        key = ConfigKey(hw_key, gpu_count, model, quant, strategy, sglang_version, engine)
        with self._db.guard("record benchmark results"), self._db.write() as conn:
            row = conn.execute(schema.SELECT_VERIFIED_BY_KEY, schema.key_params(key)).fetchone()
            if row is None:
                return False
            cfg = rows.verified_from_row(row)
            sql = schema.SET_BENCHMARKS_VERIFIED if verified else schema.SET_BENCHMARKS
            conn.execute(sql, (rows.merged_benchmarks(cfg, new), time.time(), cfg.id))
            return True

    def mark_failed_under_load(
        self,
        hw_key: str,
        gpu_count: int,
        model: str,
        quant: str | None,
        strategy: str,
        sglang_version: str | None,
        engine: str,
        label: str,
        numbers: Mapping[str, Any] | None = None,
        change: str | None = None,
    ) -> bool:
        """Booting is not serving: the config stays on record with the failure, but is no longer started as is.

        `find_verified(..., include_failed_under_load=True)` returns it with `load_failure` set, so the remedy
        policy can lower the fraction from the flags that failed. False when no config has this key.
        """
        key = ConfigKey(hw_key, gpu_count, model, quant, strategy, sglang_version, engine)
        failure = PastFailure(label, dict(numbers or {}), change or "failed under benchmark load")
        with self._db.guard("record a failure under load"), self._db.write() as conn:
            row = conn.execute(schema.SELECT_VERIFIED_BY_KEY, schema.key_params(key)).fetchone()
            if row is None:
                return False
            cfg = rows.verified_from_row(row)
            load_failure, failures = rows.load_failure_columns(cfg, failure)
            conn.execute(schema.SET_LOAD_FAILURE, (load_failure, failures, time.time(), cfg.id))
            return True
