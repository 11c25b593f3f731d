"""sd_notify over real unix datagram sockets: path and abstract addresses, order, sender, silence without a manager."""

from __future__ import annotations

import os
import socket
import struct
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from safelaunch.service.notify import Notifier, SupervisorStatus, child_env, status_line, watchdog_interval
from tests.conftest import subprocess_env


def _bind(address: str) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(address)
    sock.settimeout(5)
    return sock


def _recv_all(sock: socket.socket) -> list[str]:
    out = []
    sock.settimeout(0.2)
    while True:
        try:
            out.append(sock.recv(4096).decode())
        except (TimeoutError, BlockingIOError):
            return out


@pytest.fixture
def path_socket(tmp_path: Path):
    address = str(tmp_path / "notify.sock")
    sock = _bind(address)
    yield address, sock
    sock.close()


def test_path_socket_receives_every_message_in_order(path_socket, monkeypatch: pytest.MonkeyPatch) -> None:
    address, sock = path_socket
    monkeypatch.setenv("NOTIFY_SOCKET", address)
    with Notifier.from_env() as n:
        assert n.enabled
        sent = [
            n.status("attempt 1/5: loading weights 40%"),
            n.extend_timeout(300),
            n.extend_timeout(usec=1500),
            n.ready("healthy, serving"),
            n.watchdog(),
            n.watchdog_timeout(90),
            n.mainpid(4242),
            n.stopping(),
        ]
    assert all(sent)
    assert _recv_all(sock) == [
        "STATUS=attempt 1/5: loading weights 40%",
        "EXTEND_TIMEOUT_USEC=300000000",
        "EXTEND_TIMEOUT_USEC=1500",
        "READY=1\nSTATUS=healthy, serving",
        "WATCHDOG=1",
        "WATCHDOG_USEC=90000000",
        "MAINPID=4242",
        "STOPPING=1",
    ]


def test_reloading_carries_a_monotonic_timestamp(path_socket, monkeypatch: pytest.MonkeyPatch) -> None:
    address, sock = path_socket
    n = Notifier(address)
    assert n.reloading("re-reading /etc/safelaunch/q.env")
    lines = sock.recv(4096).decode().split("\n")
    assert lines[0] == "RELOADING=1"
    assert lines[1].startswith("MONOTONIC_USEC=") and int(lines[1].split("=")[1]) > 0
    assert lines[2] == "STATUS=re-reading /etc/safelaunch/q.env"


def test_abstract_namespace_socket(monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"safelaunch-test-{uuid.uuid4().hex}"
    sock = _bind("\0" + name)
    try:
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
        n = Notifier.from_env()
        assert n.status("one") and n.ready() and n.watchdog()
        assert _recv_all(sock) == ["STATUS=one", "READY=1", "WATCHDOG=1"]
    finally:
        sock.close()


def test_a_status_with_newlines_stays_one_assignment(path_socket) -> None:
    address, sock = path_socket
    Notifier(address).status("line one\nREADY=1\n  tail\0x")
    assert sock.recv(4096).decode() == "STATUS=line one READY=1 tail x"


def test_messages_come_from_the_main_process_itself(path_socket) -> None:
    """NotifyAccess=main accepts only datagrams whose sender credentials are the main PID: no helper process."""
    address, sock = path_socket
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
    child = textwrap.dedent(
        """
        import os, sys
        from safelaunch.service.notify import Notifier
        n = Notifier.from_env()
        n.status("attempt 1/3: launching SGLang"); n.ready(); n.stopping()
        print(os.getpid())
        """
    )
    proc = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, env=subprocess_env(NOTIFY_SOCKET=address)
    )
    assert proc.returncode == 0, proc.stderr
    pid = int(proc.stdout)
    got = []
    for _ in range(3):
        data, ancdata, _flags, _addr = sock.recvmsg(4096, socket.CMSG_SPACE(12))
        (level, kind, cred) = ancdata[0]
        assert (level, kind) == (socket.SOL_SOCKET, socket.SCM_CREDENTIALS)
        sender_pid, _uid, _gid = struct.unpack("iII", cred[:12])
        assert sender_pid == pid
        got.append(data.decode())
    assert got == ["STATUS=attempt 1/3: launching SGLang", "READY=1", "STOPPING=1"]


def test_no_manager_means_no_socket_and_no_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    n = Notifier.from_env()
    assert not n.enabled
    assert n.ready() is False and n.status("x") is False and n.watchdog() is False
    assert n._sock is None  # nothing was even opened


@pytest.mark.parametrize("value", ["/nonexistent/dir/notify.sock", "@safelaunch-nobody-listens-here", "vsock:2:1"])
def test_a_dead_or_foreign_socket_never_raises(value: str) -> None:
    n = Notifier(value)
    assert n.status("x") is False
    assert n.ready() is False
    n.close()


def test_a_manager_that_goes_away_is_survived(tmp_path: Path) -> None:
    address = str(tmp_path / "n.sock")
    sock = _bind(address)
    n = Notifier(address)
    assert n.watchdog()
    sock.close()
    os.unlink(address)
    assert n.watchdog() is False
    sock = _bind(address)  # the manager is back (systemd re-executed): the same Notifier reaches it
    assert n.watchdog()
    assert sock.recv(64) == b"WATCHDOG=1"
    sock.close()


def test_watchdog_interval_is_half_of_watchdog_sec() -> None:
    pid = os.getpid()
    assert watchdog_interval({"WATCHDOG_USEC": "90000000"}) == 45.0
    assert watchdog_interval({"WATCHDOG_USEC": "90000000", "WATCHDOG_PID": str(pid)}) == 45.0
    assert watchdog_interval({"WATCHDOG_USEC": "90000000", "WATCHDOG_PID": str(pid + 1)}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "0"}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "soon"}) is None
    assert watchdog_interval({}) is None


def test_the_engine_does_not_inherit_the_managers_variables() -> None:
    env = {"NOTIFY_SOCKET": "/run/systemd/notify", "WATCHDOG_USEC": "1", "WATCHDOG_PID": "1", "PATH": "/bin"}
    assert child_env(env) == {"PATH": "/bin"}


@pytest.mark.parametrize(
    ("status", "line"),
    [
        (
            SupervisorStatus(attempt=2, max_attempts=5, phase="cuda_graph", batch_size=160, tp=8, mem_fraction=0.86),
            "attempt 2/5: capturing CUDA graphs bs=160 (tp=8, mem-fraction-static=0.86)",
        ),
        (
            SupervisorStatus(attempt=1, max_attempts=5, phase="loading_weights", weights_pct=42.4, tp=2),
            "attempt 1/5: loading weights 42% (tp=2)",
        ),
        (SupervisorStatus(attempt=1, max_attempts=3, phase="launching"), "attempt 1/3: launching SGLang"),
        (SupervisorStatus(phase="kv_cache"), "allocating the KV cache"),
        (
            SupervisorStatus(state="healthy", attempt=2, max_attempts=5, tp=8, mem_fraction=0.8, detail="port 30000"),
            "healthy, serving (tp=8, mem-fraction-static=0.8) after attempt 2/5: port 30000",
        ),
        (
            SupervisorStatus(state="backoff", attempt=2, max_attempts=5, detail="oom_cuda_graph, 2.1 GiB short"),
            "attempt 2/5 failed: oom_cuda_graph, 2.1 GiB short; waiting before the next attempt",
        ),
        (
            SupervisorStatus(state="failed", attempt=5, max_attempts=5, detail="weights need 2 GPUs"),
            "gave up after attempt 5/5: weights need 2 GPUs",
        ),
        (
            SupervisorStatus(state="stopping"),
            "stopping SGLang and waiting for its GPU memory to be released",
        ),
        (
            SupervisorStatus(state="restarting", tp=4, detail="health check timed out"),
            "restarting SGLang (tp=4): health check timed out",
        ),
    ],
)
def test_status_line(status: SupervisorStatus, line: str) -> None:
    assert status_line(status) == line


def test_status_line_is_always_one_line() -> None:
    assert "\n" not in status_line(SupervisorStatus(detail="a\nb", phase="weird_new_phase"))
    assert status_line(SupervisorStatus(phase="weird_new_phase")) == "weird new phase"
