"""Where the store lives: `--store URL` / $SAFELAUNCH_STORE_URL, resolved to a SQLite file or a PostgreSQL DSN.

`sqlite:///PATH` (the default: $SAFELAUNCH_HOME/safelaunch.db) keeps one host's record; `postgresql://USER@HOST:
PORT/DB` is a fleet's, shared by every host. Why passwords never ride in the URL given on the command line: argv
is readable by every user of the host (`ps`). They come from PGPASSWORD or ~/.pgpass (libpq reads both), or from
$SAFELAUNCH_STORE_PASSWORD_FILE, a file only its owner may read; every message shows the URL redacted
(`display`). This module parses and reads files only: connecting is `sqlite`'s and `postgres`'s.
"""

from __future__ import annotations

import os
import re
import socket
import stat
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from safelaunch.redact import REDACTED
from safelaunch.store.records import StoreConfigError
from safelaunch.store.sqlite import store_path

URL_ENV = "SAFELAUNCH_STORE_URL"
PASSWORD_FILE_ENV = "SAFELAUNCH_STORE_PASSWORD_FILE"
HOST_NAME_ENV = "SAFELAUNCH_HOST_NAME"
SPOOL_NAME = "spool.db"
_USAGE = "use sqlite:///PATH or postgresql://USER@HOST:PORT/DB"
_URL_PASSWORD = re.compile(r"(://[^:/@?#\s]*:)([^@/?#\s]*)(@)")
_QUERY_PASSWORD = re.compile(r"(\bpassword=)([^&\s]*)", re.IGNORECASE)


@dataclass(frozen=True)
class StoreTarget:
    """A resolved store: a SQLite path, or a PostgreSQL DSN (without a password) and the password to pass apart."""

    kind: str  # "sqlite" | "postgresql"
    display: str  # what messages show: the path, or the URL with any password masked
    path: Path | None = None
    dsn: str = ""
    password: str | None = None  # from the URL (environment only) or the password file; never shown

    @property
    def secrets(self) -> tuple[str, ...]:
        return (self.password,) if self.password else ()


def redact_url(text: str) -> str:
    """Mask a password in `scheme://user:PASSWORD@host` and in `password=...`, wherever they appear in `text`."""
    return _QUERY_PASSWORD.sub(rf"\g<1>{REDACTED}", _URL_PASSWORD.sub(rf"\g<1>{REDACTED}\g<3>", text))


def host_name() -> str:
    """This host's name in a shared store: $SAFELAUNCH_HOST_NAME, else the kernel's host name."""
    return os.environ.get(HOST_NAME_ENV, "").strip() or socket.gethostname() or "localhost"


def spool_path() -> Path:
    """The local SQLite spool that holds a fleet store's writes while the database does not answer."""
    return store_path().parent / SPOOL_NAME


def resolve(url: str | os.PathLike[str] | None = None, *, from_argv: bool = False) -> StoreTarget:
    """`url` (a path or a URL), else $SAFELAUNCH_STORE_URL, else the default SQLite file; bad URLs are one line.

    `from_argv`: the URL came from `--store`, where a password would be visible to every user (refused)."""
    if url is None:
        url = os.environ.get(URL_ENV, "").strip() or None
    if url is None:
        p = store_path()
        return StoreTarget("sqlite", str(p), path=p)
    if isinstance(url, os.PathLike) or "://" not in str(url):
        if str(url).startswith(("postgres:", "postgresql:", "sqlite:")):
            raise StoreConfigError(f"store URL {redact_url(str(url))!r}: {_USAGE}")
        p = store_path(url)
        return StoreTarget("sqlite", str(p), path=p)
    text = str(url)
    parts = urlsplit(text)
    scheme = parts.scheme.lower()
    if scheme == "sqlite":
        if parts.netloc or not parts.path or parts.path == "/":
            raise StoreConfigError(f"store URL {text!r}: a SQLite URL names a file: sqlite:///PATH (three slashes)")
        p = Path(parts.path[1:] if parts.path.startswith("/~") else parts.path).expanduser()
        return StoreTarget("sqlite", str(p), path=p)
    if scheme not in ("postgresql", "postgres"):
        raise StoreConfigError(f"store URL {redact_url(text)!r}: unknown scheme {parts.scheme!r}; {_USAGE}")
    return _postgres_target(text, from_argv)


def _postgres_target(text: str, from_argv: bool) -> StoreTarget:
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    shown = redact_url(text)
    try:
        params = conninfo_to_dict(text)
    except Exception as exc:  # psycopg.ProgrammingError: libpq's own words, one line
        raise StoreConfigError(f"store URL {shown!r}: {_first_line(str(exc))}; {_USAGE}") from None
    try:
        port = urlsplit(text).port
    except ValueError:
        port = -1
    if port == -1 or (port is not None and not 0 < port < 65536):
        raise StoreConfigError(f"store URL {shown!r}: the port is not a number from 1 to 65535; {_USAGE}")
    password = params.pop("password", None)
    if password and from_argv:
        raise StoreConfigError(
            f"store URL {shown!r}: a password on the command line is visible to every user; put it in "
            f"PGPASSWORD, ~/.pgpass or a 0600 file named by {PASSWORD_FILE_ENV}"
        )
    password = password or _password_from_file()
    dsn = make_conninfo("", **{k: v for k, v in params.items() if v is not None})
    return StoreTarget("postgresql", shown, dsn=dsn, password=password or None)


def _password_from_file() -> str | None:
    """$SAFELAUNCH_STORE_PASSWORD_FILE: its first line, when the file is its owner's alone (like ~/.pgpass)."""
    name = os.environ.get(PASSWORD_FILE_ENV, "").strip()
    if not name:
        return None
    path = Path(name).expanduser()
    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode):
            raise StoreConfigError(f"{PASSWORD_FILE_ENV}={path}: not a regular file")
        if st.st_mode & 0o077:
            raise StoreConfigError(
                f"{PASSWORD_FILE_ENV}={path}: readable by others (mode {stat.S_IMODE(st.st_mode):04o}); chmod 600 it"
            )
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise StoreConfigError(f"{PASSWORD_FILE_ENV}={path}: {exc.strerror or exc}") from None
    return lines[0].strip() if lines else None


def _first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), text.strip())
