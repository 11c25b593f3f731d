"""Provenance end to end: a rehearsal never becomes a real engine's starting point, nor the reverse.

The real engine's side is a stand-in launcher: an interpreter (`--python`) whose `sglang` package has the
metadata of SGLang 0.5.10.post1 and whose `sglang.launch_server` module is the simulated engine. safelaunch
takes it exactly as it takes an installed SGLang (version from the interpreter's metadata, `-m
sglang.launch_server`, engine `sglang`), which is what these lookups key on; the simulator's `/server_info`
still says what it is, so the record the stand-in leaves is labelled `sim`, as it must be.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from safelaunch.store import Provenance, Store, VerifiedConfig
from tests.conftest import ROOT, run_cli

MODEL = "Qwen/Qwen3-8B"
FAST = {"SAFELAUNCH_SIM_SPEED": "40", "SAFELAUNCH_SIM_SEED": "3", "SAFELAUNCH_HOST_PROFILE": "1xh200"}


def stand_in_sglang(tmp: Path) -> Path:
    """An interpreter whose `sglang` is SGLang 0.5.10.post1 by its metadata and the simulator by its code."""
    site = tmp / "standin-site"
    (site / "sglang").mkdir(parents=True)
    (site / "sglang" / "__init__.py").write_text("")
    (site / "sglang" / "launch_server.py").write_text(
        "import sys\nfrom safelaunch.sim.engine import main\n\nif __name__ == '__main__':\n    sys.exit(main())\n"
    )
    meta = site / "sglang-0.5.10.post1.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: sglang\nVersion: 0.5.10.post1\n")
    python = tmp / "python"
    python.write_text(f'#!/bin/sh\nPYTHONPATH="{site}:{ROOT}" exec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    return python


def serve(home: Path, *args: str) -> dict:
    res = run_cli(
        "--log-format",
        "json",
        "serve",
        MODEL,
        "--exit-when-healthy",
        "--json",
        *args,
        timeout=120,
        SAFELAUNCH_HOME=str(home),
        **FAST,
    )
    lines = [line for line in res.stdout.strip().splitlines() if line.startswith("{")]
    assert res.returncode == 0 and lines, f"rc={res.returncode}\n{res.stdout[-2000:]}\n{res.stderr[-3000:]}"
    return json.loads(lines[-1])


def plan(home: Path, *args: str) -> dict:
    res = run_cli("plan", MODEL, "--json", "--no-validate", *args, SAFELAUNCH_HOME=str(home), **FAST)
    assert res.returncode == 0, res.stderr[-2000:]
    return json.loads(res.stdout.strip().splitlines()[-1])


def history(home: Path) -> dict:
    return json.loads(run_cli("history", "--json", SAFELAUNCH_HOME=str(home)).stdout)


def test_a_simulated_config_is_not_a_starting_point_for_sglang(tmp_path: Path) -> None:
    rehearsed = serve(tmp_path, "--engine", "sim", "--mem-fraction-static", "0.8")
    assert rehearsed["flags"]["mem-fraction-static"] == 0.8
    # the same engine: the store's config goes first (raised by the room its start measured after a full chunk)
    again = serve(tmp_path, "--engine", "sim")
    stored = again["flags"]["mem-fraction-static"]
    assert again["from_store"] is True and stored >= 0.8
    python = stand_in_sglang(tmp_path)
    planned = plan(tmp_path, "--engine", "sim")  # plan answers as serve does, and says so
    assert planned["from_store"] is True and planned["flags"]["mem-fraction-static"] == stored
    command = planned["command"]
    assert command[1:3] == ["-m", "safelaunch.sim"] and command[-4:] == ["--host", "127.0.0.1", "--port", "30000"]
    assert command[command.index("--mem-fraction-static") + 1] == str(stored)
    assert planned["command_line"].startswith("SAFELAUNCH_HOST_PROFILE=1xh200 ")
    for_sglang = plan(tmp_path, "--engine", "sglang", "--port", "31000")
    assert for_sglang["from_store"] is False and for_sglang["flags"]["mem-fraction-static"] != stored
    assert for_sglang["command"][1:3] == ["-m", "sglang.launch_server"] and for_sglang["command"][-1] == "31000"
    assert "flags spelled for the newest SGLang safelaunch knows" in for_sglang["spelling"]
    real = serve(tmp_path, "--engine", "sglang", "--python", str(python), "--force")
    assert real["from_store"] is False and real["flags"]["mem-fraction-static"] != stored
    attempts = history(tmp_path)["attempts"]
    assert attempts[0]["provenance"]["engine"] == "sglang" and attempts[0]["sglang_version"] == "0.5.10.post1"
    assert attempts[0]["provenance"]["version_source"] == "metadata"
    # the stand-in was the simulator, and its /server_info said so: what it left is recorded as simulated
    (cfg,) = history(tmp_path)["verified"]
    assert cfg["provenance"]["engine"] == "sim" and cfg["flags"] == real["flags"]


def test_a_real_engine_s_config_is_not_a_starting_point_for_the_simulator(tmp_path: Path) -> None:
    with Store.open(tmp_path / "safelaunch.db") as db:  # as a real start on a GPU host records it
        db.upsert_verified(
            VerifiedConfig(
                "h200",
                1,
                MODEL,
                None,
                "balanced",
                "0.5.10.post1",
                {"tp": 1, "mem-fraction-static": 0.7},
                provenance=Provenance("sglang", "nvml", "metadata"),
            )
        )
    out = serve(tmp_path, "--engine", "sim")
    assert out["from_store"] is False and out["flags"]["mem-fraction-static"] != 0.7
    configs = history(tmp_path)["verified"]
    assert sorted(c["provenance"]["engine"] for c in configs) == ["sglang", "sim"]  # two rows, one per engine
    real = next(c for c in configs if c["provenance"]["engine"] == "sglang")
    assert real["flags"]["mem-fraction-static"] == 0.7  # the rehearsal did not overwrite it


def test_demo_records_into_its_own_store_says_where_and_never_starts_from_it(tmp_path: Path) -> None:
    from safelaunch.supervise.ports import choose_port

    port = choose_port("127.0.0.1", 31700)
    runs = []
    for _ in range(2):
        res = run_cli("demo", "--port", str(port), "--json", timeout=120, SAFELAUNCH_HOME=str(tmp_path), **FAST)
        assert res.returncode == 0, res.stderr[-3000:]
        runs.append(json.loads(res.stdout.strip().splitlines()[-1]))
    demo_home = tmp_path / "demo"
    assert f"recorded in {demo_home / 'safelaunch.db'}" in res.stderr
    assert f"SAFELAUNCH_HOME={demo_home} safelaunch history" in res.stderr
    assert all(r["port"] == port and r["attempts"] >= 2 and not r["from_store"] for r in runs)  # the whole cycle
    assert not (tmp_path / "safelaunch.db").exists()  # the real store is untouched
    recorded = history(demo_home)
    assert {a["provenance"]["engine"] for a in recorded["attempts"]} == {"sim"}
    assert len({a["run_id"] for a in recorded["attempts"]}) == 2
