"""The store: every attempt, verified config and benchmark, with what produced it.

SQLite (WAL) is the embedded default. The records (`records`), the tables, migrations and statements
(`schema`), records to redacted rows and back (`rows`), the SQLite connection (`sqlite`) and the operations
(`db.Store`) are apart, so that a second backend with the same schema adds a connection class and nothing
else. It may import `core` dataclasses and the shared leaves only, so that any shell package can record
through it. The public API is re-exported here: `from safelaunch.store import Store, VerifiedConfig`.
"""

from safelaunch.store.db import Store
from safelaunch.store.records import (
    OUTCOMES,
    SGLANG_BENCH_TOOLS,
    UNKNOWN,
    AttemptRecord,
    BenchmarkResult,
    ConfigKey,
    PastFailure,
    Provenance,
    StoreError,
    VerifiedConfig,
)
from safelaunch.store.schema import SCHEMA_VERSION
from safelaunch.store.sqlite import read_only_location, store_path

__all__ = [
    "OUTCOMES",
    "SCHEMA_VERSION",
    "SGLANG_BENCH_TOOLS",
    "UNKNOWN",
    "AttemptRecord",
    "BenchmarkResult",
    "ConfigKey",
    "PastFailure",
    "Provenance",
    "Store",
    "StoreError",
    "VerifiedConfig",
    "read_only_location",
    "store_path",
]
