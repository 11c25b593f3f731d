"""The SQLite connection behind the store: one file shared by every safelaunch on a host.

Why SQLite in WAL mode with short `BEGIN IMMEDIATE` transactions: a service and an interactive
`safelaunch serve` may write at the same moment; WAL lets readers go on while one writer holds the lock,
IMMEDIATE takes the write lock before reading (so a read-modify-write never deadlocks or loses an update),
and the busy timeout makes the second writer wait instead of failing.

Why a corrupt store is never repaired or replaced: it may hold the only record of what works on a host.
A file we cannot read or write raises `StoreError` with one line naming it. This module knows connections,
pragmas and SQLite's errors only; the tables are `schema`'s and the operations `db.Store`'s; PostgreSQL
(`postgres.PgDb`) is another class with the same verbs (`guard`, `write`, `read`, `close`), and `write` yields
a `SqliteTx` with the transaction's own three (`execute`, `insert`, `lock`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import tenacity

from safelaunch.store.records import StoreError
from safelaunch.store.schema import HOSTS_VERSION, MIGRATIONS, SCHEMA_VERSION, insert_sql

HOME_ENV = "SAFELAUNCH_HOME"
DB_NAME = "safelaunch.db"
BUSY_TIMEOUT_MS = 20_000
_SQLITE_MAGIC = b"SQLite format 3\x00"


def store_path(path: str | os.PathLike[str] | None = None) -> Path:
    """Explicit path, else $SAFELAUNCH_HOME/safelaunch.db, else the XDG state dir (~/.local/state/safelaunch)."""
    if path is not None:
        return Path(path).expanduser()
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser() / DB_NAME
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state).expanduser() / "safelaunch" / DB_NAME


class SqliteDb:
    """One connection to the store file; thread-safe (one lock), and safe next to other processes (WAL)."""

    kind = "sqlite"

    def __init__(self, conn: sqlite3.Connection, path: Path, readonly: bool, host: str = "") -> None:
        self._conn = conn
        self.host = host
        self.path = path
        self.where = str(path)
        self.readonly = readonly
        self._lock = threading.Lock()

    @classmethod
    def open(cls, p: Path, *, readonly: bool = False, host: str = "") -> SqliteDb:
        """Open (creating and migrating when needed) the file; a corrupt file raises and is left untouched."""
        _check_header(p)
        if readonly:
            if not p.exists():
                raise StoreError(f"no store at {p} yet")
            conn = _connect(read_only_uri(p), p, uri=True)
        else:
            try:
                if not p.parent.exists():
                    p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            except OSError as exc:
                raise StoreError(f"cannot create the store directory {p.parent}: {exc.strerror or exc}") from None
            conn = _connect(str(p), p)
        db = cls(conn, p, readonly, host)
        try:
            db._prepare()
        except BaseException:
            conn.close()
            raise
        return db

    def _prepare(self) -> None:
        # SQLite answers SQLITE_BUSY at once, without its busy handler, where waiting could deadlock: several
        # processes opening a new file together while one switches it to WAL. Retry the whole opening then.
        retrying = tenacity.Retrying(
            retry=tenacity.retry_if_exception(_is_busy),
            stop=tenacity.stop_after_delay(BUSY_TIMEOUT_MS / 1000),
            wait=tenacity.wait_random(0.005, 0.05),
            reraise=True,
        )
        with self.guard("open"):
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
        if ok != "ok":  # SQLite's report spans lines ("*** in database main ***\nOn tree page 2 ..."): one line here
            why = " ".join(str(ok).replace("*** in database main ***", "").split())
            raise StoreError(f"the store {self.path} is corrupt ({why}); move it aside to start a new one")
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
        with self.write() as conn:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step]:
                    conn.execute(statement)
            if 0 < version < HOSTS_VERSION:  # rows from before hosts were named are this host's (one file per host)
                conn.execute("UPDATE attempts SET host = ? WHERE host = ''", (self.host,))
                conn.execute("UPDATE verified SET host = ? WHERE host = ''", (self.host,))
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    # ----- transactions and errors

    @contextlib.contextmanager
    def guard(self, what: str) -> Iterator[None]:
        """Every sqlite error becomes one line that names the file; never a traceback for the user."""
        try:
            yield
        except StoreError:
            raise
        except sqlite3.DatabaseError as exc:
            text = " ".join(str(exc).split())
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
    def write(self) -> Iterator[SqliteTx]:
        """A short write transaction that takes the lock up front (BEGIN IMMEDIATE), so no update is lost."""
        if self.readonly:
            raise StoreError(f"the store {self.path} was opened read-only")
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield SqliteTx(self._conn)
                self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        self._conn.execute("ROLLBACK")
                raise

    def read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._conn.execute(sql, tuple(params)).fetchall()


def read_only_location(p: Path) -> bool:
    """An existing store this process cannot write: the file, or its directory (SQLite's -wal/-shm live there).

    `os.access` asks the kernel with this process's real identity and capabilities, so it answers for a read-only
    mount, a 0444 file in a 0555 directory of another user, and root without CAP_DAC_OVERRIDE alike."""
    return p.exists() and not (os.access(p, os.W_OK) and os.access(p.parent, os.W_OK | os.X_OK))


def read_only_uri(p: Path) -> str:
    """`mode=ro`, or `immutable=1` where SQLite could not create the WAL index (-shm) beside a WAL-mode file.

    A reader of a WAL database needs the -shm file, and creates it when missing: in a directory it cannot write
    that fails ("attempt to write a readonly database"). With no -wal content to apply, the database file alone is
    the whole store, and `immutable=1` reads it without any lock or side file; with a non-empty -wal the writer is
    alive or crashed, and `mode=ro` (which uses the existing -shm) is the only way to see its last commits."""
    uri = p.resolve().as_uri()
    wal = p.with_name(p.name + "-wal")
    wal_size = wal.stat().st_size if wal.exists() else 0
    if not os.access(p.parent, os.W_OK | os.X_OK) and wal_size == 0:
        return f"{uri}?immutable=1"
    return f"{uri}?mode=ro"


class SqliteTx:
    """One write transaction: statements in `schema`'s spelling as they are; the id of an insert is `lastrowid`."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self._conn.execute(sql, tuple(params))

    def insert(self, table: str, row: Mapping[str, Any]) -> int:
        return int(self._conn.execute(insert_sql(table, row), list(row.values())).lastrowid or 0)

    def lock(self, name: str) -> None:
        """Nothing to do: BEGIN IMMEDIATE already holds the file's one write lock for the whole transaction."""


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
            check_same_thread=False,  # guarded by SqliteDb._lock
            uri=uri,
        )
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open the store {p}: {exc}") from None
    conn.row_factory = sqlite3.Row
    return conn
