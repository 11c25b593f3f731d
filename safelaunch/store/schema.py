"""The store's tables, their migrations and every SQL statement, in one place for every backend.

SQLite (`sqlite`, one host) and PostgreSQL (`postgres`, a fleet) run the same tables and the same migrations,
so the DDL and the statements live here and not beside a connection. They are written in the subset both
understand, in SQLite's spelling: `?` placeholders, `INTEGER PRIMARY KEY AUTOINCREMENT`, `REAL`, `lower()` for
case-blind model ids; `postgres.pg_sql` translates the first three in one spot (`%s`, an identity column,
`DOUBLE PRECISION`: a unix time in PostgreSQL's 4-byte `REAL` would lose minutes). Unknown quant or SGLang
version are stored as '' (`key_db`), because NULLs are distinct in a UNIQUE index.
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

_V2_COLUMNS = _V1_COLUMNS + ", " + ", ".join(PROVENANCE_COLUMNS)
# The columns of `verified` from version 2 on, between the id and the UNIQUE key (version 3 adds a host first).
_VERIFIED_V2 = """hw_key TEXT NOT NULL,
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
"""

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
        f"""
        CREATE TABLE verified_v2 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
{_VERIFIED_V2}            UNIQUE (hw_key, gpu_count, model, quant, strategy, sglang_version, engine)
        )
        """,
        # ids are not copied (nothing refers to them), so a backend with sequences keeps its counter right
        f"INSERT INTO verified_v2 ({_V1_COLUMNS}) SELECT {_V1_COLUMNS} FROM verified ORDER BY id",
        "DROP TABLE verified",
        "ALTER TABLE verified_v2 RENAME TO verified",
        "CREATE INDEX verified_by_model ON verified (model)",
    ),
    # 3: a fleet shares one store. Attempts and verified configs name their host; each host keeps its own
    # verified row per key (UNIQUE grows a column, so the table is rebuilt again); the failures of a stored config
    # on each host are kept apart (`fleet_failures`), and flags that failed on N hosts carry the evidence in
    # `demoted`. `spool_applied` makes replaying a host's local spool exactly-once.
    (
        "ALTER TABLE attempts ADD COLUMN host TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX attempts_by_host ON attempts (host, started_at)",
        f"""
        CREATE TABLE verified_hosts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            host TEXT NOT NULL DEFAULT '',
            {_VERIFIED_V2}
            demoted TEXT,
            UNIQUE (host, hw_key, gpu_count, model, quant, strategy, sglang_version, engine)
        )
        """,
        f"INSERT INTO verified_hosts ({_V2_COLUMNS}) SELECT {_V2_COLUMNS} FROM verified ORDER BY id",
        "DROP TABLE verified",
        "ALTER TABLE verified_hosts RENAME TO verified",
        "CREATE INDEX verified_by_model ON verified (model)",
        "CREATE INDEX verified_by_key ON verified (hw_key, gpu_count, strategy)",
        """
        CREATE TABLE fleet_failures (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            host TEXT NOT NULL,
            from_host TEXT NOT NULL DEFAULT '',
            failed_at REAL NOT NULL,
            hw_key TEXT NOT NULL,
            gpu_count INTEGER NOT NULL,
            model TEXT NOT NULL,
            quant TEXT NOT NULL DEFAULT '',
            strategy TEXT NOT NULL,
            sglang_version TEXT NOT NULL DEFAULT '',
            engine TEXT NOT NULL DEFAULT 'unknown',
            device_name TEXT NOT NULL DEFAULT '',
            driver_version TEXT,
            flags TEXT NOT NULL,
            label TEXT NOT NULL,
            numbers TEXT NOT NULL DEFAULT '{}'
        )
        """,
        "CREATE INDEX fleet_failures_by_key ON fleet_failures (hw_key, gpu_count, strategy)",
        "CREATE TABLE spool_applied (op_id TEXT PRIMARY KEY, applied_at REAL NOT NULL)",
    ),
    # 4: the raw output beside each benchmark (the tool's JSONL line, its command and version), a JSON list
    # keyed by workload like `benchmarks`; a column of its own, so reading the figures never loads it.
    ("ALTER TABLE verified ADD COLUMN bench_raw TEXT NOT NULL DEFAULT '[]'",),
    # 5: the memory ledger each attempt ended with (core.ledger, JSON), so a warm start begins from it.
    ("ALTER TABLE attempts ADD COLUMN ledger TEXT NOT NULL DEFAULT '{}'",),
    # 6: multi-node groups (`cluster`). A verified config names its node count (the cookbook's `nodes`; its
    # gpu_count is the group's total, which keeps it apart from any single host's row). A group's shared state:
    # who is in it (`group_members`, a heartbeat counter per node), the leader's one decision per attempt
    # (`group_attempts`) and how each node's part of it ended (`group_reports`).
    (
        "ALTER TABLE verified ADD COLUMN nodes INTEGER NOT NULL DEFAULT 1",
        """
        CREATE TABLE group_members (
            group_id TEXT NOT NULL,
            node_rank INTEGER NOT NULL,
            leader_run TEXT NOT NULL,
            run_id TEXT NOT NULL,
            host TEXT NOT NULL DEFAULT '',
            state TEXT NOT NULL,
            attempt_no INTEGER NOT NULL DEFAULT 0,
            beat INTEGER NOT NULL DEFAULT 0,
            updated_at REAL NOT NULL,
            PRIMARY KEY (group_id, node_rank)
        )
        """,
        """
        CREATE TABLE group_attempts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            group_id TEXT NOT NULL,
            leader_run TEXT NOT NULL,
            attempt_no INTEGER NOT NULL,
            nnodes INTEGER NOT NULL,
            model TEXT NOT NULL,
            flags TEXT NOT NULL DEFAULT '{}',
            env TEXT NOT NULL DEFAULT '{}',
            participants TEXT NOT NULL DEFAULT '{}',
            state TEXT NOT NULL,
            failure_label TEXT,
            failed_node INTEGER,
            decision TEXT,
            started_at REAL NOT NULL,
            ended_at REAL,
            UNIQUE (group_id, leader_run, attempt_no)
        )
        """,
        "CREATE INDEX group_attempts_by_group ON group_attempts (group_id, started_at)",
        """
        CREATE TABLE group_reports (
            group_id TEXT NOT NULL,
            leader_run TEXT NOT NULL,
            attempt_no INTEGER NOT NULL,
            node_rank INTEGER NOT NULL,
            run_id TEXT NOT NULL,
            label TEXT NOT NULL,
            phase TEXT,
            numbers TEXT NOT NULL DEFAULT '{}',
            evidence TEXT NOT NULL DEFAULT '',
            released INTEGER NOT NULL DEFAULT 0,
            seen_at REAL NOT NULL,
            PRIMARY KEY (group_id, leader_run, attempt_no, node_rank)
        )
        """,
    ),
    # 7: each node's memory ledger with its outcome, so the leader fits the group's next fraction to the node
    # that failed (its ranks' own figures), not to node 0's
    ("ALTER TABLE group_reports ADD COLUMN ledger TEXT NOT NULL DEFAULT '{}'",),
)
SCHEMA_VERSION = len(MIGRATIONS)
HOSTS_VERSION = 3  # from this version on, rows name their host; older rows are claimed by the first opener

# Model ids are keys a person types (Qwen/Qwen3-8B, qwen/qwen3-8b): they compare without letter case everywhere.
# lower() on both sides, not SQLite's COLLATE NOCASE: PostgreSQL has no NOCASE, and both lower() only ASCII.
MODEL_IS = "lower(model) = lower(?)"
KEY_COLUMNS = ("hw_key", "gpu_count", "model", "quant", "strategy", "sglang_version", "engine")
KEY_WHERE = (
    f"hw_key = ? AND gpu_count = ? AND {MODEL_IS} AND quant = ? AND strategy = ? AND sglang_version = ? AND engine = ?"
)
SELECT_OWN = f"SELECT * FROM verified WHERE host = ? AND {KEY_WHERE}"
# Other hosts' rows for the key on the same exact device; the driver's major version is compared by `fleet`.
SELECT_FLEET = f"SELECT * FROM verified WHERE host <> ? AND {KEY_WHERE} AND device_name = ?"
SELECT_KEY = f"SELECT * FROM verified WHERE {KEY_WHERE}"
SELECT_FAILURES = f"SELECT * FROM fleet_failures WHERE {KEY_WHERE} AND device_name = ? ORDER BY failed_at, id"
FAILED_HERE = f"SELECT flags FROM fleet_failures WHERE host = ? AND {KEY_WHERE} AND device_name = ?"
SET_BENCHMARKS_VERIFIED = (
    "UPDATE verified SET benchmarks = ?, bench_raw = ?, verified = 1, load_failure = NULL, updated_at = ? WHERE id = ?"
)
SET_BENCHMARKS = "UPDATE verified SET benchmarks = ?, bench_raw = ?, updated_at = ? WHERE id = ?"
SET_LOAD_FAILURE = "UPDATE verified SET verified = 0, load_failure = ?, failures = ?, updated_at = ? WHERE id = ?"
SET_DEMOTED = "UPDATE verified SET demoted = ?, updated_at = ? WHERE id = ?"
MARK_APPLIED = "INSERT INTO spool_applied (op_id, applied_at) VALUES (?, ?) ON CONFLICT (op_id) DO NOTHING"


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


def _where(**equal: Any) -> tuple[str, list[Any]]:
    """` WHERE a = ? AND b = ?` for the given values that are set (none: no WHERE at all)."""
    cols = [(c, v) for c, v in equal.items() if v]
    terms = [MODEL_IS if c == "model" else f"{c} = ?" for c, _ in cols]
    return (" WHERE " + " AND ".join(terms) if cols else ""), [v for _, v in cols]


# The newest ledgers recorded for a model on this hardware and engine (a warm start's evidence).
SELECT_LEDGERS = (
    f"SELECT flags, ledger FROM attempts WHERE hw_key = ? AND gpu_count = ? AND {MODEL_IS} AND engine = ? "
    "AND ledger <> '{}' ORDER BY started_at DESC, id DESC LIMIT ?"
)


def attempts_query(model: str | None, run_id: str | None, limit: int, host: str | None = None) -> tuple[str, list[Any]]:
    """Newest first, optionally for one model, one run and/or one host."""
    where, params = _where(model=model, run_id=run_id, host=host)
    return f"SELECT * FROM attempts{where} ORDER BY started_at DESC, id DESC LIMIT ?", [*params, max(0, int(limit))]


def verified_query(model: str | None, host: str | None = None) -> tuple[str, list[Any]]:
    where, params = _where(model=model, host=host)
    return f"SELECT * FROM verified{where} ORDER BY model, hw_key, strategy, host", params
