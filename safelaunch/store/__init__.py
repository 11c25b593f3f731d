"""The store: every attempt, verified config and benchmark, with what produced it, for one host or a fleet.

SQLite (WAL) is the embedded default; PostgreSQL is a fleet's, shared by every host (`--store URL`). The
records (`records`), the tables, migrations and statements (`schema`), records to redacted rows and back
(`rows`), where the store is (`target`), the two connections (`sqlite`, `postgres`), the fleet's rules
(`fleet`), the local spool for a database that does not answer (`spool`), a multi-node group's shared state
(`groups`, never spooled) and the operations (`db.Store`) are apart: both backends run the same schema,
migrations and operations. It may import `core` dataclasses and the
shared leaves only, so that any shell package can record through it. The public API is re-exported here:
`from safelaunch.store import Store, VerifiedConfig`.
"""

from safelaunch.store.db import Store
from safelaunch.store.records import (
    OUTCOMES,
    SGLANG_BENCH_TOOLS,
    UNKNOWN,
    AttemptRecord,
    BenchmarkResult,
    ConfigKey,
    FleetFailure,
    PastFailure,
    Provenance,
    StoreConfigError,
    StoreError,
    StoreUnreachable,
    VerifiedConfig,
)
from safelaunch.store.schema import SCHEMA_VERSION
from safelaunch.store.sqlite import read_only_location, store_path
from safelaunch.store.target import StoreTarget, host_name, redact_url, resolve

__all__ = [
    "OUTCOMES",
    "SCHEMA_VERSION",
    "SGLANG_BENCH_TOOLS",
    "UNKNOWN",
    "AttemptRecord",
    "BenchmarkResult",
    "ConfigKey",
    "FleetFailure",
    "PastFailure",
    "Provenance",
    "Store",
    "StoreConfigError",
    "StoreError",
    "StoreTarget",
    "StoreUnreachable",
    "VerifiedConfig",
    "host_name",
    "read_only_location",
    "redact_url",
    "resolve",
    "store_path",
]
