"""Serving liveness end to end (real daemon, real simulated engine, real signals, a real NOTIFY_SOCKET).

A scheduler rank killed (-9) or stopped (SIGSTOP) while serving is a crash or a hang within seconds, restarted
and recorded under the attempt that was serving; a server whose schedulers stop answering (alive, no forward
completes) is found by the tiny generation, and systemd's watchdog is not fed meanwhile. Every wait is on a
state (a row in the store, a datagram, a process gone), with generous deadlines: no sleep is an assertion.
"""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from tests.conftest import ROOT, subprocess_env
from tests.test_daemon import NotifySocket, free_port

MODEL = "Qwen/Qwen3-8B"  # two ranks on a 2x H200 profile: light enough for a 2-core machine


def start(home: Path, port: int, *extra: str, notify: NotifySocket | None = None, **env: str) -> subprocess.Popen:
    defaults = {"SAFELAUNCH_HOME": str(home), "SAFELAUNCH_SIM_SPEED": "20", "SAFELAUNCH_SIM_SEED": "3"}
    environ = subprocess_env(**{**defaults, **env})
    if notify is not None:
        environ["NOTIFY_SOCKET"] = notify.path
    argv = [sys.executable, "-m", "safelaunch", "--log-format", "json", "serve", MODEL, "--engine", "sim"]
    argv += ["--host-profile", "2xh200", "--tp", "2", "--port", str(port), "--json", *extra]
    return subprocess.Popen(argv, env=environ, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def rows(db: Path) -> list[tuple]:
    if not db.exists():
        return []
    try:
        with sqlite3.connect(db) as conn:
            return conn.execute(
                "select attempt_no, outcome, failure_label, phase, numbers from attempts order by id"
            ).fetchall()
    except sqlite3.Error:
        return []


def wait_rows(db: Path, done, timeout: float = 90) -> list[tuple]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = rows(db)
        if done(got):
            return got
        time.sleep(0.1)
    raise AssertionError(f"the store never got there; rows: {rows(db)}")


def healthy_count(got: list[tuple]) -> int:
    return sum(1 for r in got if r[1] == "healthy")


def serving_failures(got: list[tuple]) -> list[tuple]:
    return [r for r in got if r[1] == "failed" and r[3] == "serving"]


def ranks_of(proc: subprocess.Popen) -> tuple[psutil.Process, list[psutil.Process]]:
    """The engine (the launcher, safelaunch's child) and its scheduler processes, once both are there."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        kids = psutil.Process(proc.pid).children()
        if kids and len(kids[0].children()) >= 2:
            return kids[0], kids[0].children()
        time.sleep(0.1)
    raise AssertionError("no engine with two ranks")


def stop(proc: subprocess.Popen, expected: int = 0) -> list[str]:
    proc.send_signal(signal.SIGTERM)
    out, _err = proc.communicate(timeout=60)
    assert proc.returncode == expected
    return out.strip().splitlines()


def _columns(row: tuple) -> dict:
    return json.loads(row[4] or "{}")


@pytest.fixture(autouse=True)
def _no_leftovers():
    yield
    for p in psutil.Process().children(recursive=True):
        try:
            p.kill()
        except psutil.Error:
            pass


@pytest.mark.parametrize("version", ["0.5.9", "0.5.10.post1"])
def test_kill_9_of_a_rank_is_a_crash_restarted_and_recorded_under_its_attempt(tmp_path: Path, version: str) -> None:
    """0.5.9 stays up with a dead rank (only our /proc watch can tell); 0.5.10.post1's own watchdog kills it."""
    db = tmp_path / "safelaunch.db"
    proc = start(tmp_path, free_port(), "--daemon", "--health-interval", "0.3", SAFELAUNCH_SIM_SGLANG_VERSION=version)
    try:
        wait_rows(db, lambda r: healthy_count(r) == 1)
        launcher, ranks = ranks_of(proc)
        victim = ranks[-1]
        victim.kill()
        got = wait_rows(db, lambda r: serving_failures(r) and healthy_count(r) == 2)
        (failure,) = serving_failures(got)
        healthy_attempt = next(r for r in got if r[1] == "healthy")[0]
        assert failure[0] == healthy_attempt >= 1  # recorded under the attempt that was serving, never 0
        assert failure[2] == "crash"
        if version == "0.5.9":  # nothing else can see it: the server answers /health until its 20 s deadline
            assert _columns(failure)["pid"] == victim.pid
        psutil.wait_procs([launcher], timeout=30)
        assert not launcher.is_running()
        lines = stop(proc)
        final = json.loads(lines[-1])
        assert final["healthy"] is False and final["reason"] == "stopped by signal"
    finally:
        if proc.poll() is None:
            proc.kill()


def test_sigstop_of_a_rank_is_a_hang_and_restarted(tmp_path: Path) -> None:
    db = tmp_path / "safelaunch.db"
    proc = start(tmp_path, free_port(), "--daemon", "--health-interval", "0.3", "--liveness-timeout", "30")
    try:
        wait_rows(db, lambda r: healthy_count(r) == 1)
        launcher, ranks = ranks_of(proc)
        victim = ranks[0]
        victim.suspend()
        got = wait_rows(db, lambda r: serving_failures(r) and healthy_count(r) == 2)
        (failure,) = serving_failures(got)
        assert failure[2] == "hang" and _columns(failure)["pid"] == victim.pid
        assert failure[0] >= 1
        psutil.wait_procs([victim, launcher], timeout=30)  # SIGKILL ends a stopped process too
        assert not victim.is_running()
        stop(proc)
    finally:
        if proc.poll() is None:
            proc.kill()


def test_watchdog_is_not_fed_while_the_tiny_generation_fails(tmp_path: Path) -> None:
    """stall_serving=#5: the warmup is request 1, our start-up generation 2, two liveness probes answer (3, 4),
    then every forward hangs with every process alive: only the generation's deadline sees it."""
    notify = NotifySocket()
    db = tmp_path / "safelaunch.db"
    proc = start(
        tmp_path,
        free_port(),
        "--daemon",
        "--health-interval",
        "0.2",
        "--liveness-timeout",
        "3",
        notify=notify,
        SAFELAUNCH_SIM_FAULT="stall_serving=#5",
    )
    try:
        wait_rows(db, lambda r: serving_failures(r) and healthy_count(r) == 2)
        notify.wait_for("STATUS=restarting", 30)
        messages = [m for _, m in list(notify.messages)]
        ready = messages.index("READY=1")
        restarting = next(i for i, m in enumerate(messages) if m.startswith("STATUS=restarting"))
        serving = messages[ready:restarting]
        assert "WATCHDOG=1" in serving  # fed while the generation answered ...
        status = ""
        for m in serving:  # ... and never while the last liveness probe had failed
            if m.startswith("STATUS="):
                status = m
            elif m == "WATCHDOG=1":
                assert "not answering" not in status, serving
        statuses = [m for m in serving if m.startswith("STATUS=")]
        assert [m.split("check failed ")[1][:3] for m in statuses[-4:-1]] == ["1/3", "2/3", "3/3"], statuses
        assert statuses[-1].startswith("STATUS=server failed")
        (failure,) = serving_failures(rows(db))
        assert failure[2] == "unhealthy" and failure[0] >= 1
        stop(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
        notify.close()


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_before_healthy_exits_128_plus_it_with_a_final_unhealthy_json_line(
    tmp_path: Path, sig: signal.Signals, code: int
) -> None:
    proc = start(tmp_path, free_port(), "--exit-when-healthy", SAFELAUNCH_SIM_SPEED="0.2")
    try:
        ranks_of(proc)  # the engine is starting: safelaunch's handlers are in place
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == code, err[-2000:]
        final = json.loads(out.strip().splitlines()[-1])
        assert final["healthy"] is False and final["reason"] == "stopped by signal"
        stopping = [json.loads(line) for line in err.splitlines() if '"stopping"' in line]
        assert stopping and stopping[-1]["reason"] == f"{sig.name} received"
    finally:
        if proc.poll() is None:
            proc.kill()


def test_a_failure_while_serving_in_the_foreground_ends_with_an_unhealthy_json_line(tmp_path: Path) -> None:
    proc = start(tmp_path, free_port(), "--health-interval", "0.2", SAFELAUNCH_SIM_FAULT="crash_serving=#4")
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1, err[-2000:]
    lines = out.strip().splitlines()
    assert json.loads(lines[0])["healthy"] is True  # printed when it began serving
    final = json.loads(lines[-1])
    assert final["healthy"] is False and "while serving" in final["reason"]
    events = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    failed = [e for e in events if e["event"] == "serving_failed"]
    assert failed and failed[0]["level"] == "error" and failed[0]["attempt"] >= 1
    assert any(e["event"] == "stopping" and e["reason"] for e in events)
