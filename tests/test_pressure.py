"""Pressure is not failure: a server under load that retracts requests keeps serving, and nothing restarts it.

SGLang retracts decode requests when the KV pool is full ("KV cache pool is full. Retract requests.") and
carries on. The simulator prints that line under load (SAFELAUNCH_SIM_FAULT=retract); the classifier must
call it healthy, and the supervisor in daemon mode must keep the same engine serving.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import psutil
import pytest

from safelaunch.core.logwatch import LogClassifier
from safelaunch.errors import SafelaunchError
from safelaunch.sim.faults import Faults
from tests.conftest import ROOT, run_cli, subprocess_env
from tests.test_daemon import NotifySocket, _wait_health, _wait_verified, engine_root, free_port
from tests.test_sim import Sim

RETRACT = "KV cache pool is full. Retract requests. #retracted_reqs: 1"


def _load(port: int, n: int) -> list[int]:
    """n concurrent generations: the load that fills the KV pool."""
    codes: list[int] = []

    def one(i: int) -> None:
        body = {"text": f"request {i}", "sampling_params": {"max_new_tokens": 16}}
        codes.append(httpx.post(f"http://127.0.0.1:{port}/generate", json=body, timeout=60).status_code)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return codes


def test_the_sim_retracts_under_load_keeps_serving_and_the_log_is_healthy() -> None:
    sim = Sim("--model-path", "Qwen/Qwen3-8B", SAFELAUNCH_SIM_FAULT="retract", SAFELAUNCH_HOST_PROFILE="1xh200")
    try:
        sim.wait_for("The server is fired up and ready to roll!")
        assert _load(sim.port, 4) == [200] * 4
        sim.wait_for(RETRACT)
        assert _load(sim.port, 2) == [200] * 2  # still serving after retracting
        assert sim.proc.poll() is None
        assert httpx.get(sim.url("/health"), timeout=5).status_code == 200
    finally:
        sim.stop()
    log = sim.text
    assert log.count("KV cache pool is full. Retract requests.") >= 2
    assert "token usage: 1.00" in log
    c = LogClassifier()
    events = [ev for line in log.split("\n") for ev in c.feed(line)]
    assert not [ev for ev in events if ev.kind == "failure"]
    r = run_cli("classify", "-", "--json", "--explain", input=log)
    out = json.loads(r.stdout)
    assert (out["label"], out["phase"]) == ("healthy", "serving"), out


def test_a_supervised_server_that_retracts_under_load_is_not_restarted(tmp_path: Path) -> None:
    notify = NotifySocket()
    port = free_port()
    env = subprocess_env(SAFELAUNCH_HOME=str(tmp_path), SAFELAUNCH_SIM_SPEED="20", SAFELAUNCH_SIM_SEED="3")
    env["SAFELAUNCH_SIM_FAULT"] = "retract"
    env["NOTIFY_SOCKET"] = notify.path
    argv = ["serve", "Qwen/Qwen3-8B", "--engine", "sim", "--host-profile", "1xh200", "--daemon", "--port", str(port)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "safelaunch", "--log-format", "json", *argv, "--health-interval", "0.3"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_health(port, 60)
        _wait_verified(tmp_path / "safelaunch.db", 30)
        root = engine_root(proc)
        for _ in range(3):  # waves of load, each request meeting a full KV pool
            assert _load(port, 4) == [200] * 4
        # the supervisor has read past the retractions: three more health rounds after the load (each round
        # reads the log first), longer than it waits for a failure's traceback to settle
        t0 = time.monotonic()
        deadline = t0 + 30
        while notify.count("WATCHDOG=1", t0) < 3:
            assert time.monotonic() < deadline, "the supervisor stopped reporting a healthy server"
            time.sleep(0.1)
        assert engine_root(proc).pid == root.pid and root.is_running()
        rows = sqlite3.connect(tmp_path / "safelaunch.db").execute("select outcome from attempts").fetchall()
        assert rows == [("healthy",)], rows
        assert httpx.get(f"http://127.0.0.1:{port}/health", timeout=5).status_code == 200
        proc.terminate()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        notify.close()
        psutil.wait_procs(psutil.Process().children(recursive=True), timeout=5)


def test_the_retract_fault_parses_like_the_others() -> None:
    assert Faults.parse("retract").retract_request == 0  # from the next request on
    assert Faults.parse("retract=#3,oom_serving=#9").retract_request == 3
    with pytest.raises(SafelaunchError, match="request number"):
        Faults.parse("retract=three")
