"""Every bad input gets ONE line on stderr and exit 2 (never a traceback, never exit 1, which systemd restarts)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli, subprocess_env

MODEL = "Qwen/Qwen3-8B"


def _one_line_error(r: subprocess.CompletedProcess, *words: str) -> str:
    assert r.returncode == 2, (r.returncode, r.stderr)
    errors = [line for line in r.stderr.splitlines() if line.startswith("safelaunch: error: ")]
    assert len(errors) == 1 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.strip().splitlines()[-1] == errors[0], r.stderr  # the error is the last and only such line
    for word in words:
        assert word in errors[0], errors[0]
    return errors[0]


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "0", "1.5"])
@pytest.mark.parametrize("command", ["plan", "serve"])
def test_mem_fraction_static_out_of_range_or_not_finite(tmp_path: Path, command: str, value: str) -> None:
    extra = ["--engine", "sim", "--exit-when-healthy"] if command == "serve" else []
    r = run_cli(
        command,
        MODEL,
        "--host-profile",
        "8xh200",
        "--mem-fraction-static",
        value,
        *extra,
        SAFELAUNCH_HOME=str(tmp_path),
    )
    assert r.stderr.count("\n") == 1
    _one_line_error(r, "--mem-fraction-static")


@pytest.mark.parametrize(
    ("inventory", "words"),
    [
        ([], ["must be a JSON object", "list"]),
        ("gpus", ["must be a JSON object", "str"]),
        (None, ["must be a JSON object", "NoneType"]),
        ({"nvml": []}, ["'nvml' must be an object", "list"]),
        ({"nvml": "x"}, ["'nvml' must be an object", "str"]),
        ({"nvml": None}, ["'nvml' must be an object", "NoneType"]),
        ({"nvml": {"devices": [{"name": "H200", "mem_total": 1, "cc": 9}]}}, ["inventory device 0"]),
    ],
)
@pytest.mark.parametrize("command", ["plan", "serve"])
def test_host_profile_inventory_of_the_wrong_shape(tmp_path: Path, command: str, inventory, words) -> None:
    path = tmp_path / "inventory.json"
    path.write_text(json.dumps(inventory))
    extra = ["--engine", "sim", "--exit-when-healthy"] if command == "serve" else []
    r = run_cli(command, MODEL, "--host-profile", str(path), *extra, SAFELAUNCH_HOME=str(tmp_path / "home"))
    _one_line_error(r, *words)


@pytest.mark.parametrize(
    "config",
    [
        {"architectures": ["LlamaForCausalLM"], "hidden_size": "big", "num_attention_heads": 32},
        {"hidden_size": 4096, "num_attention_heads": 32, "num_hidden_layers": "two"},
        {"hidden_size": 4096, "num_attention_heads": 32, "num_hidden_layers": 2, "head_dim": "x"},
    ],
)
def test_config_json_with_wrong_types(tmp_path: Path, config: dict) -> None:
    model = tmp_path / "model"
    model.mkdir()
    (model / "config.json").write_text(json.dumps(config))
    r = run_cli("plan", str(model), "--host-profile", "8xh200")
    _one_line_error(r, "config.json has a value of the wrong type")


def test_an_unreadable_hugging_face_cache(tmp_path: Path) -> None:
    """HF_HOME is another user's 0700 directory. Root ignores permission bits, so as root the command runs
    without the capabilities that bypass them (setpriv), which makes the kernel enforce them as for anyone."""
    if os.geteuid() == 0 and not shutil.which("setpriv"):
        pytest.skip("root without setpriv: permission bits cannot be enforced")
    hf = tmp_path / "hf"
    (hf / "hub" / "models--Qwen--Qwen3-8B" / "snapshots").mkdir(parents=True)
    if os.geteuid() == 0:
        for p in (hf, *hf.rglob("*")):
            os.chown(p, 65534, 65534)  # nobody
    hf.chmod(0o700)
    tmp_path.chmod(0o755)
    prefix = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner", "--"] if os.geteuid() == 0 else []
    if os.geteuid() != 0:
        hf.chmod(0o000)
    r = subprocess.run(
        [*prefix, sys.executable, "-m", "safelaunch", "plan", MODEL, "--host-profile", "8xh200"],
        capture_output=True,
        text=True,
        env=subprocess_env(HF_HOME=str(hf)),
        cwd=ROOT,
        timeout=60,
    )
    hf.chmod(0o700)
    _one_line_error(r, "cannot read the Hugging Face cache", "Permission denied")


def test_a_corrupt_store_with_an_intact_header_is_one_line(tmp_path: Path) -> None:
    home = tmp_path / "home"
    r = run_cli(
        "serve", MODEL, "--engine", "sim", "--host-profile", "8xh200", "--exit-when-healthy",
        SAFELAUNCH_HOME=str(home), SAFELAUNCH_SIM_SPEED="50",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    db = home / "safelaunch.db"
    # Everything in the main file first: a page still in the WAL would be read instead of the corrupt one.
    with contextlib.closing(sqlite3.connect(db)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(db.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    assert data[:16] == b"SQLite format 3\x00"
    for start in range(page, len(data), page):  # every page's cells after page 1: the header stays intact
        data[start + 8 : start + 200] = b"\x07" * 192
    db.write_bytes(bytes(data))
    for command in ("history", "export"):
        r = run_cli(command, SAFELAUNCH_HOME=str(home))
        _one_line_error(r, "is corrupt", "move it aside")
    assert bytes(data) == db.read_bytes()  # never repaired nor replaced
