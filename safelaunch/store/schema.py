"""The store's tables, their migrations and every SQL statement, in one place for every backend.

The SQLite store (`sqlite`) runs these; a second backend (PostgreSQL, for a fleet) is meant to run the same
tables and the same migrations, so the DDL and the statements live here and not beside a connection. Statements
use `?` placeholders (SQLite's paramstyle); a backend with another paramstyle translates them in one spot.
Unknown quant or SGLang version are stored as '' (`key_db`), because NULLs are distinct in a UNIQUE index.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from safelaunch.store.records import ConfigKey

PROVENANCE_COLUMNS = ("engine", "hardware_source", "version_source")
_V1_COLUMNS = (
    "hw_key, gpu_count, model, quant, strategy, sglang_version, flags, env, host_fingerprint, device_name, "
    "driver_version, max_total_num_tokens, server_info, verified_at, attempts_needed, failures, benchmarks, "
    "verified, booted, load_failure, updated_at"
)

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
    # 2: provenance (what produced each record). The engine joins the verified key, which needs a new table
    # (a UNIQUE constraint cannot be altered); rows recorded before are 'unknown', never taken for real.
    (
        *(f"ALTER TABLE attempts ADD COLUMN {c} TEXT NOT NULL DEFAULT 'unknown'" for c in PROVENANCE_COLUMNS),
        """
        CREATE TABLE verified_v2 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            hw_key TEXT NOT NULL,
            gpu_count INTEGER NOT NULL,
            model TEXT NOT NULL,
            quant TEXT NOT NULL DEFAULT '',
            strategy TEXT NOT NULL,
            sglang_version TEXT NOT NULL DEFAULT '',
            engine TEXT NOT NULL DEFAULT 'unknown',
            hardware_source TEXT NOT NULL DEFAULT 'unknown',
            version_source TEXT NOT NULL DEFAULT 'unknown',
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
            UNIQUE (hw_key, gpu_count, model, quant, strategy, sglang_version, engine)
        )
        """,
        # ids are not copied (nothing refers to them), so a backend with sequences keeps its counter right
        f"INSERT INTO verified_v2 ({_V1_COLUMNS}) SELECT {_V1_COLUMNS} FROM verified ORDER BY id",
        "DROP TABLE verified",
        "ALTER TABLE verified_v2 RENAME TO verified",
        "CREATE INDEX verified_by_model ON verified (model)",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)

# Model ids are keys a person types (Qwen/Qwen3-8B, qwen/qwen3-8b): they compare without letter case everywhere.
MODEL_IS = "model = ? COLLATE NOCASE"
KEY_WHERE = (
    f"hw_key = ? AND gpu_count = ? AND {MODEL_IS} AND quant = ? AND strategy = ? AND sglang_version = ? AND engine = ?"
)
SELECT_VERIFIED_BY_KEY = f"SELECT * FROM verified WHERE {KEY_WHERE}"
SET_BENCHMARKS_VERIFIED = (
    "UPDATE verified SET benchmarks = ?, verified = 1, load_failure = NULL, updated_at = ? WHERE id = ?"
)
SET_BENCHMARKS = "UPDATE verified SET benchmarks = ?, updated_at = ? WHERE id = ?"
SET_LOAD_FAILURE = "UPDATE verified SET verified = 0, load_failure = ?, failures = ?, updated_at = ? WHERE id = ?"


def key_db(value: str | None) -> str:
    """NULLs are distinct in a UNIQUE index, so an unknown quant or version is stored as '' to stay one key."""
    return value or ""


def key_py(value: str) -> str | None:
    return value or None


def key_params(key: ConfigKey) -> tuple[Any, ...]:
    return (
        key.hw_key,
        int(key.gpu_count),
        key.model,
        key_db(key.quant),
        key.strategy,
        key_db(key.sglang_version),
        key.engine,
    )


def insert_sql(table: str, columns: Iterable[str]) -> str:
    cols = list(columns)
    return f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})"


def update_by_id_sql(table: str, columns: Iterable[str]) -> str:
    return f"UPDATE {table} SET {', '.join(f'{c} = ?' for c in columns)} WHERE id = ?"


def attempts_query(model: str | None, run_id: str | None, limit: int) -> tuple[str, list[Any]]:
    """Newest first, optionally for one model and/or one run."""
    where: list[str] = []
    params: list[Any] = []
    if model:
        where.append(MODEL_IS)
        params.append(model)
    if run_id:
        where.append("run_id = ?")
        params.append(run_id)
    sql = "SELECT * FROM attempts" + (" WHERE " + " AND ".join(where) if where else "")
    sql += " ORDER BY started_at DESC, id DESC LIMIT ?"
    params.append(max(0, int(limit)))
    return sql, params


def verified_query(model: str | None) -> tuple[str, list[Any]]:
    sql = "SELECT * FROM verified" + (f" WHERE {MODEL_IS}" if model else "") + " ORDER BY model, hw_key, strategy"
    return sql, [model] if model else []
