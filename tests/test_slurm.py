"""The sbatch script `safelaunch slurm` writes, run for real: a one-host Slurm cluster (tests/slurm.py) whose two
slurmd daemons stand for two nodes, each `srun` task a safelaunch node of one group.

The script runs exactly as written; only the command it runs on each node (`safelaunch slurm --safelaunch`, there
for a venv's safelaunch) is a wrapper that gives each task what a host of its own would have: its own home and
HTTP port, the rendezvous on 127.0.0.1 (the names sl0/sl1 do not resolve here), and the simulated engine on a
simulated 8x H200 host in place of SGLang on GPUs. Each node still takes its place (rank, node count, group id)
from Slurm's environment. Every wait is on the store's state or the job's, never a sleep.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from tests import slurm
from tests.conftest import run_cli, subprocess_env
from tests.test_cluster import CAPTURE_OOM, FAST, make_bf16_deepseek, rows

TERMINAL = ("COMPLETED", "CANCELLED", "FAILED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY", "PREEMPTED", "BOOT_FAIL")


@pytest.fixture(scope="module")
def cluster() -> Iterator[slurm.SlurmCluster]:
    """The cluster for this module; skipped with the reason where Slurm is missing or cannot start (but in CI,
    where .ci/run sets SAFELAUNCH_TEST_REQUIRE_SLURM, a cluster that does not start fails the test)."""
    why = slurm.find_binaries()
    if why:
        unavailable(why)
    c = slurm.SlurmCluster()
    try:
        try:
            c.start()
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
            unavailable(f"Slurm cannot start here: {str(exc).splitlines()[0]}", c.logs())
        yield c
    finally:
        c.stop()


def unavailable(why: str, logs: str = "") -> NoReturn:
    if os.environ.get(slurm.REQUIRE_ENV) == "1":
        pytest.fail(f"{why}\n{logs}".strip())
    pytest.skip(why)


def wrapper(tmp: Path, http_ports: tuple[int, int], dist_port: int) -> Path:
    """The command each srun task runs: python -m safelaunch with the script's arguments, then this host's part."""
    path = tmp / "node.sh"
    path.write_text(
        "#!/bin/bash\n"
        "# One host standing for two: each task gets what a host of its own would have.\n"
        "set -eu\n"
        f"ports=({http_ports[0]} {http_ports[1]})\n"
        f'export SAFELAUNCH_HOME="{tmp}/home$SLURM_NODEID"\n'
        f'if [ "$SLURM_NODEID" = 1 ]; then export SAFELAUNCH_SIM_FAULT={CAPTURE_OOM}; fi\n'
        f'exec {sys.executable} -m safelaunch "$@" --engine sim --host-profile 8xh200 --json \\\n'
        f'    --port "${{ports[$SLURM_NODEID]}}" --dist-init-addr 127.0.0.1:{dist_port} --dist-timeout 30\n'
    )
    path.chmod(0o755)
    return path


def health(port: int) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=10) as resp:
            return resp.status
    except OSError:
        return 0


@pytest.mark.timeout(400)  # with the cluster's start and stop (module fixture): ~25 s on an idle 2-core host
def test_the_sbatch_script_under_real_slurm(tmp_path: Path, cluster: slurm.SlurmCluster) -> None:
    model = make_bf16_deepseek(tmp_path)
    store = str(tmp_path / "store.db")
    http_ports, dist_port = (slurm.free_port(), slurm.free_port()), slurm.free_port()
    script = tmp_path / "group.sbatch"
    node = wrapper(tmp_path, http_ports, dist_port)
    res = run_cli("slurm", str(model), "--nodes", "2", "--safelaunch", str(node), "-o", str(script))
    assert res.returncode == 0, res.stderr

    env = subprocess_env(SAFELAUNCH_STORE_URL=store, **FAST)
    job = cluster.sbatch(script, cwd=tmp_path, env=env)
    out = tmp_path / f"safelaunch-{job}.out"  # the script's #SBATCH --output

    def healthy() -> bool:
        state = cluster.job_state(job)
        assert state not in TERMINAL, f"job {job} ended ({state}) before healthy:\n{_tail(out)}"
        return bool(rows(store, "SELECT 1 FROM group_attempts WHERE state = 'healthy'"))

    try:
        cluster.wait_for("the group to be healthy", healthy, timeout=240)
    except RuntimeError as exc:
        raise AssertionError(f"{exc}\n{_tail(out)}") from None
    assert cluster.job_state(job) == "RUNNING"
    assert health(http_ports[0]) == 200  # the leader (node 0) serves the model

    # the record: one group attempt per try, the group's id from Slurm's job id, node 1's OOM the one cause
    tries = rows(store, "SELECT * FROM group_attempts ORDER BY attempt_no")
    assert {t["group_id"] for t in tries} == {f"slurm-{job}"}
    assert [t["attempt_no"] for t in tries] == list(range(1, len(tries) + 1)) and len(tries) >= 2
    assert [t["state"] for t in tries] == ["failed"] * (len(tries) - 1) + ["healthy"]
    assert (tries[0]["failure_label"], tries[0]["failed_node"]) == ("oom_cuda_graph", 1)
    assert {t["failed_node"] for t in tries[:-1]} == {1} and "mem-fraction-static" in tries[0]["decision"]
    fractions = [json.loads(t["flags"])["mem-fraction-static"] for t in tries]
    assert fractions == sorted(fractions, reverse=True) and fractions[-1] < fractions[0]
    for t in tries[:-1]:  # both nodes reported each failed try and released their GPUs before the next
        reports = rows(store, "SELECT node_rank, released FROM group_reports WHERE attempt_no = ?", t["attempt_no"])
        assert sorted((r["node_rank"], r["released"]) for r in reports) == [(0, 1), (1, 1)]
    members = rows(store, "SELECT node_rank, host, state FROM group_members ORDER BY node_rank")
    assert [(m["node_rank"], m["state"]) for m in members] == [(0, "running"), (1, "running")]

    # scancel: Slurm signals both tasks; the leader ends the group and both nodes stop their engines
    cluster._run("scancel", job)

    def ended() -> object:
        last = rows(store, "SELECT * FROM group_attempts ORDER BY attempt_no DESC LIMIT 1")[0]
        return last["state"] != "healthy" and health(http_ports[0]) == 0 and health(http_ports[1]) == 0 and last

    last = cluster.wait_for("the group to end and both engines to stop", ended, timeout=90)
    assert (last["attempt_no"], last["state"], last["decision"]) == (len(tries), "ended", "the leader ended the group")


def _tail(path: Path) -> str:
    return path.read_text(errors="replace")[-4000:] if path.exists() else f"(no {path.name})"
