"""A read-only store is read: `history`, `export` and `serve`'s lookup open it read-only (SQLite `mode=ro`, or
`immutable=1` where the directory cannot take the WAL index), and `serve` says once that it cannot record.

The store is a 0444 file in a 0555 directory. Root ignores permission bits, and CI runs as root, so there the
commands run under `setpriv --bounding-set -dac_override,...`: still uid 0 (the interpreter under /root stays
reachable, as the owner), but without the capabilities that bypass permission bits, so the kernel enforces
them exactly as for a service account reading a fleet's store.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli, subprocess_env

MODEL = "Qwen/Qwen3-8B"
NO_DAC = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner", "--"]


def _unprivileged(*args: str, **env: str) -> subprocess.CompletedProcess:
    prefix = NO_DAC if os.geteuid() == 0 else []
    return subprocess.run(
        [*prefix, sys.executable, "-m", "safelaunch", *args],
        capture_output=True,
        text=True,
        env=subprocess_env(**env),
        cwd=ROOT,
        timeout=120,
    )


@pytest.fixture
def read_only_home(tmp_path: Path):
    if os.geteuid() == 0 and not shutil.which("setpriv"):
        pytest.skip("root without setpriv: permission bits cannot be enforced")
    home = tmp_path / "home"
    r = run_cli(
        "serve", MODEL, "--engine", "sim", "--host-profile", "8xh200", "--exit-when-healthy", "--json",
        SAFELAUNCH_HOME=str(home), SAFELAUNCH_SIM_SPEED="50",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    db = home / "safelaunch.db"
    assert not (home / "safelaunch.db-wal").exists() or (home / "safelaunch.db-wal").stat().st_size == 0
    for side in ("safelaunch.db-wal", "safelaunch.db-shm"):
        (home / side).unlink(missing_ok=True)
    db.chmod(0o444)
    home.chmod(0o555)
    before = db.read_bytes()
    probe = _unprivileged("history", SAFELAUNCH_HOME=str(home))  # the mechanism really denies writing
    assert subprocess.run([*(NO_DAC if os.geteuid() == 0 else []), "touch", str(home / "x")]).returncode != 0
    yield home, probe
    assert db.read_bytes() == before and sorted(p.name for p in home.iterdir()) == ["safelaunch.db"]
    home.chmod(0o755)


def test_history_and_export_read_a_read_only_store(read_only_home) -> None:
    home, history = read_only_home
    assert history.returncode == 0, history.stderr
    assert MODEL in history.stdout and "booted" in history.stdout
    args = ("export", "--format", "markdown", "--include-unverified", "--include-simulated")
    export = _unprivileged(*args, SAFELAUNCH_HOME=str(home))
    assert export.returncode == 0, export.stderr
    assert MODEL in export.stdout


def test_serve_uses_a_read_only_store_and_says_once_it_cannot_record(read_only_home) -> None:
    home, _ = read_only_home
    r = _unprivileged(
        "--log-format", "json", "serve", MODEL, "--engine", "sim", "--host-profile", "8xh200",
        "--exit-when-healthy", "--json", SAFELAUNCH_HOME=str(home), SAFELAUNCH_SIM_SPEED="50",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout.splitlines()[-1])
    assert summary["healthy"] and summary["from_store"] and not summary["recorded"]
    warnings = [json.loads(x)["text"] for x in r.stderr.splitlines() if '"event": "warning"' in x]
    assert len(warnings) == 1 and "read-only" in warnings[0] and "nothing will be recorded" in warnings[0]
    assert stat.S_IMODE((home / "safelaunch.db").stat().st_mode) == 0o444
