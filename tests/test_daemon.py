"""Daemon mode end to end: a real NOTIFY_SOCKET, a real simulated engine, real signals."""

from __future__ import annotations

import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import psutil
import pytest

from tests.conftest import ROOT, subprocess_env
from tests.ports import free_port

MODEL = "deepseek-ai/DeepSeek-V4-Flash"


class NotifySocket:
    """What systemd does with NOTIFY_SOCKET: a unix datagram socket that records every message, in order."""

    def __init__(self) -> None:
        self.dir = tempfile.mkdtemp(prefix="sl-notify-")
        self.path = os.path.join(self.dir, "notify")
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(self.path)
        self.sock.settimeout(0.2)
        self.messages: list[tuple[float, str]] = []
        self._stop = False
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        while not self._stop:
            try:
                data = self.sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                return
            for line in data.decode().splitlines():
                self.messages.append((time.monotonic(), line))

    def wait_for(self, prefix: str, timeout: float, since: float = 0.0, count: int = 1) -> float:
        """The time of the `count`-th message starting with `prefix` received at or after `since`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            hits = [t for t, m in list(self.messages) if m.startswith(prefix) and t >= since]
            if len(hits) >= count:
                return hits[count - 1]
            time.sleep(0.05)
        raise AssertionError(f"no {prefix} within {timeout}s; got {[m for _, m in self.messages][-20:]}")

    def count(self, prefix: str, since: float) -> int:
        return sum(1 for t, m in list(self.messages) if m.startswith(prefix) and t >= since)

    def close(self) -> None:
        self._stop = True
        self.sock.close()


def start_daemon(home: Path, notify: NotifySocket | None, port: int, *extra: str) -> subprocess.Popen:
    env = subprocess_env(SAFELAUNCH_HOME=str(home), SAFELAUNCH_SIM_SPEED="20", SAFELAUNCH_SIM_SEED="3")
    if notify is not None:
        env["NOTIFY_SOCKET"] = notify.path
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "safelaunch",
            "--log-format",
            "json",
            "serve",
            MODEL,
            "--engine",
            "sim",
            "--host-profile",
            "8xh200",
            "--tp",
            "8",
            "--daemon",
            "--health-interval",
            "0.3",
            "--port",
            str(port),
            *extra,
        ],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def engine_root(proc: subprocess.Popen) -> psutil.Process:
    kids = psutil.Process(proc.pid).children()
    assert kids, "no engine"
    return kids[0]


def test_notify_ready_only_after_health_watchdog_while_healthy_stopping_on_sigterm(tmp_path: Path) -> None:
    notify = NotifySocket()
    port = free_port()
    proc = start_daemon(tmp_path, notify, port)
    try:
        t_ready = notify.wait_for("READY=1", 60)
        # READY came only once the server answered /health and a generation
        assert httpx.get(f"http://127.0.0.1:{port}/health", timeout=5).status_code == 200
        before = [m for t, m in notify.messages if t <= t_ready]
        statuses = [m for m in before if m.startswith("STATUS=")]
        assert statuses and statuses[0].startswith("STATUS=attempt 1/")
        assert any("loading weights" in s for s in statuses) and any("CUDA graphs" in s for s in statuses)
        order = [i for i, s in enumerate(statuses) if "loading weights" in s][:1] + [
            i for i, s in enumerate(statuses) if "CUDA graphs" in s
        ][:1]
        assert order == sorted(order)
        assert any(m.startswith("EXTEND_TIMEOUT_USEC=") for m in before)
        # WATCHDOG=1 keeps coming while healthy ...
        notify.wait_for("WATCHDOG=1", 30, since=t_ready, count=2)
        # a frozen engine (every process stopped) is a hang: the tree is replaced (test_liveness.py shows the
        # watchdog unfed while the liveness generation fails)
        root = engine_root(proc)
        os.killpg(os.getpgid(root.pid), signal.SIGSTOP)
        t_restart = notify.wait_for("STATUS=restarting SGLang", 60)
        assert any("hang while serving" in m for t, m in notify.messages if t >= t_restart)
        psutil.wait_procs([root], timeout=30)
        assert not _alive(root)
        notify.wait_for("STATUS=healthy", 60, since=t_restart)  # serving again: a SIGTERM now is a clean stop
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        assert notify.count("STOPPING=1", 0) == 1
    finally:
        if proc.poll() is None:
            proc.kill()
        notify.close()


def test_kill_9_of_the_engine_is_restarted_with_the_verified_config(tmp_path: Path) -> None:
    port = free_port()
    proc = start_daemon(tmp_path, None, port)
    try:
        _wait_health(port, 60)
        _wait_verified(tmp_path / "safelaunch.db", 30)  # safelaunch itself has declared it healthy
        root = engine_root(proc)
        old_tree = [root, *root.children(recursive=True)]
        root.kill()
        psutil.wait_procs(old_tree, timeout=10)
        time.sleep(1.0)
        _wait_health(port, 60)
        new_root = engine_root(proc)
        assert new_root.pid != root.pid
        db = sqlite3.connect(tmp_path / "safelaunch.db")
        deadline = time.monotonic() + 15  # the restart is recorded once healthy: give it the moment it needs
        while True:
            rows = db.execute("select outcome, failure_label, phase from attempts order by id").fetchall()
            if (rows and rows[-1][0] == "healthy" and len(rows) >= 3) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert any(o == "failed" and p == "serving" for o, _, p in rows), rows
        assert rows[-1][0] == "healthy"
        verified = db.execute("select flags from verified").fetchall()
        assert len(verified) == 1
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        psutil.wait_procs([new_root], timeout=10)
        assert not _alive(new_root)
    finally:
        if proc.poll() is None:
            proc.kill()


def _alive(p: psutil.Process) -> bool:
    try:
        return p.is_running() and p.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def _wait_verified(db_path: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if db_path.exists():
            try:
                if sqlite3.connect(db_path).execute("select count(*) from verified").fetchone()[0]:
                    return
            except sqlite3.Error:
                pass
        time.sleep(0.1)
    raise AssertionError("the config was never recorded as healthy")


def _wait_health(port: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"no healthy server on {port} within {timeout}s")


@pytest.fixture(autouse=True)
def _no_leftovers():
    yield
    for p in psutil.Process().children(recursive=True):
        try:
            if "safelaunch" in " ".join(p.cmdline()):
                p.kill()
        except psutil.Error:
            pass


def test_supervisor_metrics_endpoint_reports_attempts_failures_and_state(tmp_path: Path) -> None:
    port, metrics_port = free_port(), free_port()
    proc = start_daemon(
        tmp_path,
        None,
        port,
        "--mem-fraction-static",
        "0.95",
        "--metrics-port",
        str(metrics_port),
        "--policies",
        str(_generic_policies(tmp_path)),
    )
    try:
        _wait_verified(tmp_path / "safelaunch.db", 60)
        text = httpx.get(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5).text
        assert 'safelaunch_state{safelaunch_state="healthy"} 1.0' in text
        attempts = float(re.search(r"^safelaunch_attempts_total (\S+)$", text, re.M).group(1))
        rows = sqlite3.connect(tmp_path / "safelaunch.db").execute("select count(*) from attempts").fetchone()[0]
        assert attempts == rows >= 2
        assert 'safelaunch_failures_total{label="oom_cuda_graph"}' in text
        assert "safelaunch_time_to_healthy_seconds" in text and 'mem_fraction_static="0.' in text
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


def _generic_policies(tmp_path: Path) -> Path:
    d = tmp_path / "policies"
    d.mkdir(exist_ok=True)
    (d / "defaults.yaml").write_text((ROOT / "policies" / "defaults.yaml").read_text())
    return d


def test_sighup_replans_and_restarts_the_server(tmp_path: Path) -> None:
    port = free_port()
    proc = start_daemon(tmp_path, None, port)
    try:
        _wait_health(port, 60)
        _wait_verified(tmp_path / "safelaunch.db", 30)
        before = engine_root(proc).pid
        proc.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            kids = psutil.Process(proc.pid).children()
            if kids and kids[0].pid != before:
                break
            time.sleep(0.2)
        _wait_health(port, 60)
        assert engine_root(proc).pid != before and proc.poll() is None
        _wait_healthy_attempts(tmp_path / "safelaunch.db", 2, 60)  # safelaunch serves again: SIGTERM stops cleanly
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


def _wait_healthy_attempts(db_path: Path, count: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            q = "select count(*) from attempts where outcome = 'healthy'"
            if sqlite3.connect(db_path).execute(q).fetchone()[0] >= count:
                return
        except sqlite3.Error:
            pass
        time.sleep(0.1)
    raise AssertionError(f"fewer than {count} healthy attempts recorded")
