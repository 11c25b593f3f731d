"""Shared test helpers: run safelaunch as a real subprocess from this checkout."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
MODEL_CONFIGS = FIXTURES / "model-configs"

# Tests never reach the Hugging Face Hub: model resolution stops at the cache and the catalogue, as on an offline
# host (every subprocess inherits this). The Hub tests point HF_ENDPOINT at a local stand-in and unset it.
os.environ["HF_HUB_OFFLINE"] = "1"


def subprocess_env(**extra: str) -> dict[str, str]:
    """An environment where `python -m safelaunch` imports this checkout, with no GPU profile leaking in."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SAFELAUNCH_")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def run_cli(*args: str, input: str | None = None, timeout: float = 60, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "safelaunch", *args],
        capture_output=True,
        text=True,
        input=input,
        timeout=timeout,
        env=subprocess_env(**env),
        cwd=ROOT,
    )


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private SAFELAUNCH_HOME so no test touches the user's store."""
    monkeypatch.setenv("SAFELAUNCH_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(scope="session")
def pg_cluster():
    """One throwaway PostgreSQL server for the session (skipped, with the reason, when it is not installed)."""
    from tests import pg

    bindir, why = pg.find_binaries()
    if bindir is None:
        pytest.skip(why)
    cluster = pg.Cluster(bindir)
    try:
        cluster.init()
        yield cluster
    finally:
        cluster.destroy()


@pytest.fixture
def pg_url(pg_cluster, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """A fresh database of the session's server; the password comes from PGPASSWORD, as libpq reads it."""
    from tests import pg

    monkeypatch.setenv("PGPASSWORD", pg.PASSWORD)
    monkeypatch.setenv("SAFELAUNCH_HOME", str(tmp_path / "pg-home"))  # the spool of this test's "host"
    return pg_cluster.new_database()
