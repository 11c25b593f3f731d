"""safelaunch as a child subreaper: a killed tree's orphaned ranks are reaped by safelaunch at once, not by PID 1."""

from __future__ import annotations

import sys

import psutil
import pytest

from safelaunch.host import engine

CHILD = (
    "import subprocess, sys, time; "
    "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); "
    "print(p.pid, flush=True); time.sleep(60)"
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_CHILD_SUBREAPER is Linux's")
def test_stop_reaps_the_orphaned_rank_and_keeps_the_launcher_status() -> None:
    assert engine.become_subreaper()
    proc = engine.EngineProcess([sys.executable, "-c", CHILD]).start()
    line = proc.read(timeout=30)
    assert line is not None
    rank = int(line.text)
    assert psutil.Process(rank).ppid() == proc.pid
    report = proc.stop(grace=0)
    assert report.killed and rank in report.pids
    # the rank was adopted by this process and reaped by `stop`: no zombie is left for PID 1 to sweep
    assert not psutil.pid_exists(rank)
    # the launcher's own exit status is still Popen's to report
    assert proc.returncode == -9
