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
