"""The local spool: a fleet store's writes, kept in SQLite on the host while PostgreSQL does not answer.

Why: serving must never wait on the store, and what a host learned while the database was away must not be
lost. Every write to a fleet store is an operation (`op`, a JSON payload already redacted, an `op_id`); while
the database answers it is applied at once; while it does not, it is appended to $SAFELAUNCH_HOME/spool.db and
one warning line says so. A background thread probes the database every `RETRY_S` seconds and, once it answers,
applies the spooled operations in order (older first, before any new one), each with its `op_id` recorded in
the same transaction (`spool_applied`), so an operation replayed after a crash is applied exactly once.
An operation the database refuses for another reason is set aside in the spool with the error, never dropped.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from safelaunch.store.records import StoreConfigError, StoreError, StoreUnreachable

RETRY_S = 2.0
Apply = Callable[[str, dict, str], Any]
Notify = Callable[[str, str], None]  # (event, text): "warning" | "info"

_DDL = (
    "CREATE TABLE IF NOT EXISTS ops (id INTEGER PRIMARY KEY AUTOINCREMENT, op_id TEXT NOT NULL UNIQUE, "
    "op TEXT NOT NULL, payload TEXT NOT NULL, queued_at REAL NOT NULL, error TEXT)"
)


class SpoolFile:
    """The op log on disk; opened only when there is something to keep or to replay."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _connect(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            conn = sqlite3.connect(str(self.path), timeout=20, isolation_level=None)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute(_DDL)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot keep the spool {self.path}: {exc}") from None
        return conn

    def append(self, op_id: str, op: str, payload: dict) -> None:
        conn = self._connect()
        try:
            conn.execute(
                "INSERT INTO ops (op_id, op, payload, queued_at) VALUES (?, ?, ?, ?)",
                (op_id, op, json.dumps(payload, separators=(",", ":")), time.time()),
            )
        finally:
            conn.close()

    def pending(self) -> list[tuple[int, str, str, dict]]:
        if not self.path.exists():
            return []
        conn = self._connect()
        try:
            rows = conn.execute("SELECT id, op_id, op, payload FROM ops WHERE error IS NULL ORDER BY id").fetchall()
        finally:
            conn.close()
        return [(r[0], r[1], r[2], json.loads(r[3])) for r in rows]

    def settle(self, row_id: int, error: str | None = None) -> None:
        """Applied: forget it. Refused: keep it aside with the reason (a person decides)."""
        conn = self._connect()
        try:
            if error is None:
                conn.execute("DELETE FROM ops WHERE id = ?", (row_id,))
            else:
                conn.execute("UPDATE ops SET error = ? WHERE id = ?", (error, row_id))
        finally:
            conn.close()


class Spooler:
    """Writes through to the database while it answers, to the spool while it does not; drains when it is back."""

    def __init__(self, path: Path, where: str, apply: Apply, probe: Callable[[], None], notify: Notify | None):
        self.file = SpoolFile(path)
        self.where = where
        self._apply = apply
        self._probe = probe
        self._notify = notify
        self._lock = threading.RLock()
        self._closed = threading.Event()
        self._thread: threading.Thread | None = None
        self.down = False
        self._warned = False
        self._refused = False

    def start(self) -> None:
        """At open: replay what an earlier run left; an unreachable database is no error (we spool)."""
        try:
            self._probe()
            with self._lock:
                done = self._drain()
            if done:
                self._say("info", f"{done} spooled write(s) of an earlier run recorded in the store {self.where}")
        except StoreUnreachable as exc:
            self.went_down(exc)
        if self.file.pending():
            self._start_thread()

    def write(self, op: str, payload: dict) -> Any:
        """The operation's result, or None when it waits in the spool."""
        op_id = uuid.uuid4().hex
        with self._lock:
            if not self.down:
                try:
                    self._drain()
                    return self._apply(op, payload, op_id)
                except StoreUnreachable as exc:
                    self.went_down(exc)
            self.file.append(op_id, op, payload)
        self._start_thread()
        return None

    def check_up(self) -> None:
        """Reads fail fast while the database is away (the flusher finds out when it is back)."""
        if self.down:
            raise StoreUnreachable(f"the store {self.where} is unreachable (its writes wait in {self.file.path})")

    def went_down(self, exc: StoreError) -> None:
        self.down = True
        if not self._warned:
            self._warned = True
            self._say(
                "warning",
                f"{exc}; serving goes on, and what it records waits in {self.file.path} until the store answers",
            )
        self._start_thread()

    def close(self) -> None:
        self._closed.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)

    # ----- inside

    def _drain(self) -> int:
        done = 0
        for row_id, op_id, op, payload in self.file.pending():
            try:
                self._apply(op, payload, op_id)
            except StoreUnreachable:
                raise
            except StoreError as exc:
                self.file.settle(row_id, str(exc))
                self._say("warning", f"the store refused a spooled {op} (kept in {self.file.path}): {exc}")
                continue
            self.file.settle(row_id)
            done += 1
        return done

    def _start_thread(self) -> None:
        with self._lock:
            if self._thread is None and not self._closed.is_set():
                self._thread = threading.Thread(target=self._flush_loop, name="safelaunch-spool", daemon=True)
                self._thread.start()

    def _flush_loop(self) -> None:
        while not self._closed.wait(RETRY_S):
            try:
                self._probe()
                with self._lock:
                    done = self._drain()
                    was_down, self.down = self.down, False
                    if not self.file.pending():
                        self._thread = None
            except StoreConfigError as exc:
                if not self._refused:  # a rotated password, a newer schema: said once, retried quietly
                    self._refused = True
                    self._say("warning", f"cannot write the spool to the store: {exc}")
                continue
            except StoreError:
                continue
            if was_down or done:
                self._warned = False
                self._say("info", f"the store {self.where} answers again: {done} spooled write(s) recorded there")
            if self._thread is None:
                return

    def _say(self, event: str, text: str) -> None:
        if self._notify is not None:
            with contextlib.suppress(Exception):
                self._notify(event, text)
