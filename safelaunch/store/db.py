"""The store: every attempt, and the configs that worked, recorded and looked up, on one host or a fleet.

`Store` is what the rest of safelaunch calls (`Store.open()`, `record_attempt`, `upsert_verified`,
`find_verified`, ...). It decides what to read and write, through `rows` (records to redacted rows and back),
`schema` (the statements) and `fleet` (which other host's config goes first, when one is demoted), over one
backend: `sqlite.SqliteDb` (the default, one host) or `postgres.PgDb` (a fleet). Every write is an operation
with a JSON payload, already redacted, applied in one transaction (`_apply`); on PostgreSQL it goes through the
`spool.Spooler`, which keeps it on the host while the database does not answer. A store that cannot be read or
written raises `StoreError` with one line; the supervisor keeps serving and says it could not record.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from safelaunch.store import fleet, rows, schema
from safelaunch.store import target as target_mod
from safelaunch.store.groups import GroupTables
from safelaunch.store.records import (
    OUTCOMES,
    AttemptRecord,
    BenchmarkResult,
    ConfigKey,
    FleetFailure,
    PastFailure,
    StoreError,
    StoreUnreachable,
    VerifiedConfig,
)
from safelaunch.store.sqlite import SqliteDb

DEFAULT_DEMOTE_AFTER_HOSTS = 3  # policies/defaults.yaml `retry.fleet_demote_after_hosts` overrides it in serve


class Store:
    """The record of attempts and verified configs, over one backend (thread-safe, safe next to others)."""

    def __init__(self, db: Any, host: str, spooler: Any = None) -> None:
        self._db = db
        self.host = host  # this host's name in the store (`target.host_name`)
        self._spooler = spooler
        self.demote_after_hosts = DEFAULT_DEMOTE_AFTER_HOSTS

    @property
    def path(self) -> Path | None:
        """The SQLite file (None for PostgreSQL: see `where`)."""
        return self._db.path

    @property
    def where(self) -> str:
        """The store for messages: a path, or a URL with any password masked."""
        return self._db.where

    @property
    def kind(self) -> str:
        return self._db.kind

    @property
    def readonly(self) -> bool:
        return self._db.readonly

    @classmethod
    def open(
        cls,
        target: str | os.PathLike[str] | target_mod.StoreTarget | None = None,
        *,
        readonly: bool = False,
        host: str | None = None,
        notify: Callable[[str, str], None] | None = None,
    ) -> Store:
        """Open (creating and migrating when needed) the store: a path, a URL, or $SAFELAUNCH_STORE_URL.

        A corrupt SQLite file raises and is left untouched. PostgreSQL that does not answer is no error for a
        writer: it records into the local spool and `notify("warning", line)` says so once."""
        t = target if isinstance(target, target_mod.StoreTarget) else target_mod.resolve(target)
        name = host or target_mod.host_name()
        if t.kind == "sqlite":
            assert t.path is not None
            return cls(SqliteDb.open(t.path, readonly=readonly, host=name), name)
        from safelaunch.store import postgres, spool

        if readonly:
            return cls(postgres.PgDb.open(t, readonly=True, host=name), name)
        db = postgres.PgDb(t, host=name)
        store = cls(db, name)

        def probe() -> None:
            with db.guard("answer"):
                db.ensure_ready()
                db.read("SELECT 1")

        store._spooler = spool.Spooler(target_mod.spool_path(), db.where, store._apply, probe, notify)
        store._spooler.start()
        return store

    def close(self) -> None:
        if self._spooler is not None:
            self._spooler.close()
        self._db.close()

    def groups(self) -> GroupTables:
        """A multi-node group's shared state (`groups`), on the live connection: coordination never spools."""
        return GroupTables(self._db)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----- the two paths every operation takes

    def _write(self, op: str, payload: dict[str, Any]) -> Any:
        """Apply now (SQLite; PostgreSQL while it answers) or keep in the spool (None)."""
        if self._spooler is None:
            return self._apply(op, payload, None)
        return self._spooler.write(op, payload)

    def _apply(self, op: str, payload: dict[str, Any], op_id: str | None) -> Any:
        """One operation in one transaction; with an `op_id`, at most once however often it is replayed."""
        fn, what = _OPS[op]
        with self._db.guard(what), self._db.write() as tx:
            if op_id is not None and tx.execute(schema.MARK_APPLIED, (op_id, time.time())).rowcount == 0:
                return None
            return fn(self, tx, payload)

    def _read(self, what: str, sql: str, params: Sequence[Any]) -> list[Any]:
        if self._spooler is not None:
            self._spooler.check_up()
        try:
            with self._db.guard(what):
                return self._db.read(sql, params)
        except StoreUnreachable as exc:
            if self._spooler is not None:
                self._spooler.went_down(exc)
            raise

    # ----- attempts

    def record_attempt(self, rec: AttemptRecord, secrets: Sequence[str] = ()) -> int:
        """Store one attempt (redacted) as this host's and return its id (0 while it waits in the spool)."""
        if rec.outcome not in OUTCOMES:
            raise StoreError(f"unknown attempt outcome {rec.outcome!r}; expected one of {', '.join(OUTCOMES)}")
        return int(self._write("attempt", rows.attempt_row(rec, secrets, self.host)) or 0)

    def _op_attempt(self, tx: Any, row: dict[str, Any]) -> int:
        return tx.insert("attempts", row)

    def attempts(
        self, model: str | None = None, limit: int = 50, run_id: str | None = None, host: str | None = None
    ) -> list[AttemptRecord]:
        """Newest first; every host's unless `host` names one."""
        sql, params = schema.attempts_query(model, run_id, limit, host)
        return [rows.attempt_from_row(r) for r in self._read("read attempts", sql, params)]

    def ledgers(self, hw_key: str, gpu_count: int, model: str, engine: str, limit: int = 20) -> list[tuple[dict, dict]]:
        """(flags, ledger JSON) of the newest attempts that recorded a memory ledger for this model here."""
        found = self._read("read ledgers", schema.SELECT_LEDGERS, [hw_key, int(gpu_count), model, engine, int(limit)])
        return [(rows.loads(r["flags"], {}), rows.loads(r["ledger"], {})) for r in found]

    # ----- verified configs

    def upsert_verified(self, cfg: VerifiedConfig, secrets: Sequence[str] = ()) -> VerifiedConfig:
        """Insert or replace this host's config for its key; re-confirming the same flags keeps the evidence.

        What is kept and what is replaced is `rows.with_kept_evidence`'s rule. Returns the config as stored."""
        known, flags, env = rows.launch_settings(cfg, secrets)
        row = rows.verified_row(replace(cfg, host=self.host), flags, env, known, time.time())
        stored = self._write("verified", row)
        return stored if stored is not None else rows.verified_from_row({**row, "id": None})

    def _op_verified(self, tx: Any, row: dict[str, Any]) -> VerifiedConfig:
        cfg = rows.verified_from_row({**row, "id": None})
        own = (cfg.host, *schema.key_params(cfg.key))
        tx.lock(_lock_name(cfg.key))
        old_row = tx.execute(schema.SELECT_OWN, own).fetchone()
        old = rows.verified_from_row(old_row) if old_row else None
        kept = rows.with_kept_evidence(cfg, old, cfg.flags, cfg.env)
        new = rows.verified_row(kept, cfg.flags, cfg.env, (), row["updated_at"])
        if old is not None:
            tx.execute(schema.update_by_id_sql("verified", new), [*new.values(), old.id])
        else:
            tx.insert("verified", new)
        return rows.verified_from_row(tx.execute(schema.SELECT_OWN, own).fetchone())

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
        device_name: str | None = None,
        driver_version: str | None = None,
        nodes: int = 1,
    ) -> VerifiedConfig | None:
        """The config to try first: this host's own when usable, else (given the exact device name and driver)
        the fleet's pick among other hosts' configs of the same fingerprint (`fleet.pick`; its `host` says
        whose). Booted, never demoted, not killed by load (unless asked, own only), benchmarked if asked.

        The engine is part of the key: a simulated config never answers a real engine's lookup, nor the reverse,
        on this host or from the fleet. So is a group's node count (`nodes`, the cookbook's)."""
        key = schema.key_params(ConfigKey(hw_key, gpu_count, model, quant, strategy, sglang_version, engine))
        found = self._read("look up a verified config", schema.SELECT_OWN, (self.host, *key))
        own = next((c for c in map(rows.verified_from_row, found) if c.nodes == nodes), None)
        ok = {"require_benchmark": require_benchmark, "include_failed_under_load": include_failed_under_load}
        if own is not None and fleet.usable(own, **ok):
            return own
        if device_name is None:
            return None
        others = self._read("look up the fleet's configs", schema.SELECT_FLEET, (self.host, *key, device_name))
        if not others:
            return None
        failed = self._read("read this host's failures", schema.FAILED_HERE, (self.host, *key, device_name))
        failed_here = [fleet.flags_id(rows.loads(r["flags"], {})) for r in failed]
        candidates = [c for c in map(rows.verified_from_row, others) if c.nodes == nodes]
        return fleet.pick(candidates, driver_version, failed_here, require_benchmark=require_benchmark)

    def verified_configs(self, model: str | None = None, host: str | None = None) -> list[VerifiedConfig]:
        """Every host's configs (one row per host and key) unless `host` names one."""
        sql, params = schema.verified_query(model, host)
        return [rows.verified_from_row(r) for r in self._read("read verified configs", sql, params)]

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
        """Attach benchmark results to this host's config (a workload measured again replaces its old figures)
        and set `verified`. Pass `verified=False` while more workloads are still to run; the final call (or a
        single call with every result) says the config survived the load. False when no config has this key."""
        new = [results] if isinstance(results, BenchmarkResult) else list(results)
        key = schema.key_params(ConfigKey(hw_key, gpu_count, model, quant, strategy, sglang_version, engine))
        payload = {"host": self.host, "key": list(key), "results": [b.report_json() for b in new], "verified": verified}
        done = self._write("benchmark", payload)
        return True if done is None else bool(done)

    @staticmethod
    def _own_locked(tx: Any, p: dict[str, Any]) -> VerifiedConfig | None:
        """The payload host's config for the payload's key, its lock held for the rest of the transaction."""
        tx.lock(_lock_name(p["key"]))
        row = tx.execute(schema.SELECT_OWN, (p["host"], *p["key"])).fetchone()
        return None if row is None else rows.verified_from_row(row)

    def _op_benchmark(self, tx: Any, p: dict[str, Any]) -> bool:
        cfg = self._own_locked(tx, p)
        if cfg is None:
            return False
        merged = rows.merged_benchmarks(cfg, [BenchmarkResult.from_json(b) for b in p["results"]])
        sql = schema.SET_BENCHMARKS_VERIFIED if p["verified"] else schema.SET_BENCHMARKS
        tx.execute(sql, (*merged, time.time(), cfg.id))
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
        """Booting is not serving: this host's config stays on record with the failure, but is no longer started
        as is; the failure counts against its flags in the fleet too (`record_failure`'s rule).

        `find_verified(..., include_failed_under_load=True)` returns it with `load_failure` set, so the remedy
        policy can lower the fraction from the flags that failed. False when no config has this key."""
        key = schema.key_params(ConfigKey(hw_key, gpu_count, model, quant, strategy, sglang_version, engine))
        failure = PastFailure(label, dict(numbers or {}), change or "failed under benchmark load")
        payload = {
            "host": self.host,
            "key": list(key),
            "failure": failure.to_json(),
            "failed_at": time.time(),
            "demote_after": self.demote_after_hosts,
        }
        done = self._write("load_failure", payload)
        return True if done is None else bool(done)

    def _op_load_failure(self, tx: Any, p: dict[str, Any]) -> bool:
        cfg = self._own_locked(tx, p)
        if cfg is None:
            return False
        failure = PastFailure.from_json(p["failure"])
        load_failure, failures = rows.load_failure_columns(cfg, failure)
        tx.execute(schema.SET_LOAD_FAILURE, (load_failure, failures, time.time(), cfg.id))
        held = FleetFailure(p["host"], failure.label, failure.numbers, p["failed_at"], cfg.host)
        self._hold_against(tx, cfg, held, p["demote_after"])
        return True

    # ----- the fleet

    def record_failure(
        self,
        started: VerifiedConfig,
        label: str,
        numbers: Mapping[str, Any] | None = None,
        driver_version: str | None = None,
    ) -> None:
        """A stored config (`started`: this host's or another's) failed here: held against this host; on
        `demote_after_hosts` hosts of its fingerprint it is demoted everywhere, with these failures as evidence."""
        failure = FleetFailure(self.host, label, dict(numbers or {}), time.time(), started.host)
        here = replace(started, driver_version=driver_version or started.driver_version)
        known, flags, env = rows.launch_settings(here)
        payload = {
            "config": rows.verified_row(here, flags, env, known, time.time()),
            "failure": failure.to_json(),
            "demote_after": self.demote_after_hosts,
        }
        self._write("failure", payload)

    def _op_failure(self, tx: Any, p: dict[str, Any]) -> bool:
        cfg = rows.verified_from_row({**p["config"], "id": None})
        tx.lock(_lock_name(schema.key_params(cfg.key)))
        return self._hold_against(tx, cfg, FleetFailure.from_json(p["failure"]), p["demote_after"])

    def _hold_against(self, tx: Any, cfg: VerifiedConfig, failure: FleetFailure, after_hosts: int) -> bool:
        """Record `failure` of `cfg`'s flags; demote those flags on every host once enough hosts failed."""
        key = schema.key_params(cfg.key)
        key_row = dict(zip(schema.KEY_COLUMNS, key, strict=True))
        key_row.update(device_name=cfg.device_name, driver_version=cfg.driver_version)
        tx.insert("fleet_failures", rows.failure_row(key_row, failure, cfg.flags))
        seen = [rows.failure_from_row(r) for r in tx.execute(schema.SELECT_FAILURES, (*key, cfg.device_name))]
        evidence = fleet.demotion(seen, cfg.flags, cfg.driver_version, after_hosts)
        if not evidence:
            return False
        text, now = rows.dumps([f.to_json() for f in evidence]), time.time()
        wanted, major = fleet.flags_id(cfg.flags), fleet.driver_major(cfg.driver_version)
        for r in tx.execute(schema.SELECT_KEY, key).fetchall():
            other = rows.verified_from_row(r)
            same = other.device_name == cfg.device_name and fleet.driver_major(other.driver_version) == major
            if same and fleet.flags_id(other.flags) == wanted and not other.demoted:
                tx.execute(schema.SET_DEMOTED, (text, now, other.id))
        return True


def _lock_name(key: Iterable[Any]) -> str:
    return "verified:" + "|".join(str(k) for k in key)


_OPS: dict[str, tuple[Callable[[Store, Any, dict[str, Any]], Any], str]] = {
    "attempt": (Store._op_attempt, "record an attempt"),
    "verified": (Store._op_verified, "record a verified config"),
    "benchmark": (Store._op_benchmark, "record benchmark results"),
    "load_failure": (Store._op_load_failure, "record a failure under load"),
    "failure": (Store._op_failure, "record a failure of a stored config"),
}
