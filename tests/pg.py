"""A throwaway PostgreSQL cluster for the tests: initdb + pg_ctl in a temp dir, a free port, stopped at the end.

PostgreSQL refuses to run as root, so under root (CI) the server runs as an unprivileged system user (`postgres`
when Debian's package made it, else `nobody`) through `runuser`; otherwise as the current user. Password
authentication (scram) is on, so the tests exercise what a fleet does: a role, a password from PGPASSWORD or a
file, a wrong one refused. Without PostgreSQL's binaries, `find_binaries` says why and the tests skip.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

from tests.ports import free_port

ADMIN, ADMIN_PASSWORD = "pgadmin", "admin-pw-3f9c"
ROLE, PASSWORD = "fleet", "fleet-pw-71ab"


def find_binaries() -> tuple[Path | None, str]:
    """(the bin dir holding initdb and pg_ctl, "") or (None, why not). $SAFELAUNCH_TEST_PG_BIN pins the dir."""
    pinned = os.environ.get("SAFELAUNCH_TEST_PG_BIN")
    found = shutil.which("pg_ctl")
    candidates = [Path(pinned)] if pinned else [Path(found).resolve().parent] if found else []
    if not pinned:
        candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    for d in candidates:
        if (d / "initdb").exists() and (d / "pg_ctl").exists():
            if os.geteuid() == 0 and not shutil.which("runuser"):
                return None, "PostgreSQL cannot run as root and runuser is missing"
            return d, ""
    return None, "PostgreSQL is not installed (apt-get install postgresql; .ci/run does)"


class Cluster:
    """One server in a temp dir; `url(db)` for a database of the `fleet` role (password from PGPASSWORD)."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.user = None
        if os.geteuid() == 0:
            self.user = next(u for u in ("postgres", "nobody") if _has_user(u))
        self.dir = Path(tempfile.mkdtemp(prefix="safelaunch-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()

    def _run(self, *argv: str) -> subprocess.CompletedProcess:
        cmd = [str(self.bindir / argv[0]), *argv[1:]]
        if self.user:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False, cwd=self.dir)

    def init(self) -> None:
        pwfile = self.dir / "pw"
        pwfile.write_text(ADMIN_PASSWORD + "\n")
        if self.user:
            u = pwd.getpwnam(self.user)
            os.chown(self.dir, u.pw_uid, u.pw_gid)
            os.chown(pwfile, u.pw_uid, u.pw_gid)
        res = self._run(
            "initdb", "-D", str(self.data), "-U", ADMIN, "--auth=scram-sha-256", f"--pwfile={pwfile}", "-E", "UTF8",
            "--no-sync",
        )  # fmt: skip
        if res.returncode != 0:
            raise RuntimeError(f"initdb failed: {res.stderr.strip()[-500:]}")
        self.start()
        self.admin(f"CREATE ROLE {ROLE} LOGIN PASSWORD '{PASSWORD}'")

    def start(self) -> None:
        opts = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        res = self._run("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "log"), "-o", opts, "-w", "start")
        if res.returncode != 0:
            log = (self.dir / "log").read_text(errors="replace")[-800:] if (self.dir / "log").exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {res.stderr.strip()[-300:]} {log}")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def admin(self, sql: str, db: str = "postgres") -> None:
        import psycopg

        dsn = f"host=127.0.0.1 port={self.port} user={ADMIN} dbname={db}"
        with psycopg.connect(dsn, password=ADMIN_PASSWORD, autocommit=True) as conn:
            conn.execute(sql)

    def new_database(self) -> str:
        """A fresh database owned by the `fleet` role; returns its URL (no password in it)."""
        name = "t_" + uuid.uuid4().hex[:12]
        self.admin(f"CREATE DATABASE {name} OWNER {ROLE}")
        return self.url(name)

    def url(self, db: str, user: str = ROLE) -> str:
        return f"postgresql://{user}@127.0.0.1:{self.port}/{db}"

    def destroy(self) -> None:
        with contextlib.suppress(Exception):
            self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
