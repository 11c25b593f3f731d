"""Multi-node groups end to end: two safelaunch "nodes" on this machine (separate homes, one shared store), each
running the simulated engine on a simulated 8x H200 host, serving a model that only fits on 16 GPUs.

Every wait is on the store's state or a process's exit, never on a sleep: the nodes meet through the store, and
so does the test.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from safelaunch.store import Store, StoreError
from tests.conftest import FIXTURES, ROOT, subprocess_env
from tests.pg import free_port

FAST = {"SAFELAUNCH_SIM_SPEED": "20", "SAFELAUNCH_SIM_SEED": "3"}
CAPTURE_OOM = "capture_oom=12"  # node 1's CUDA graphs need 12 GiB more than node 0's


def make_bf16_deepseek(where: Path) -> Path:
    """DeepSeek-V3 upcast to BF16 (what DeepSeek's fp8_cast_bf16.py makes of it): about 1.37 TB of weights, more
    than one 8x H200 host holds (8 x 141 GB), so SGLang needs two nodes for it."""
    config = json.loads((FIXTURES / "model-configs" / "deepseek-ai__DeepSeek-V3" / "config.json").read_text())
    config.pop("quantization_config", None)
    config["torch_dtype"] = "bfloat16"
    model = where / "DeepSeek-V3-bf16"
    model.mkdir()
    (model / "config.json").write_text(json.dumps(config))
    return model


@pytest.fixture
def bf16_deepseek(tmp_path: Path) -> Path:
    return make_bf16_deepseek(tmp_path)


class Node:
    """One safelaunch process standing for one node of the group."""

    def __init__(
        self, tmp: Path, store: str, model: Path, rank: int, port: int, dist: str, *extra: str, **env: str
    ) -> None:
        self.rank = rank
        self.out = tmp / f"node{rank}-{time.monotonic_ns()}.out"
        self.err = self.out.with_suffix(".err")
        argv = [
            sys.executable, "-m", "safelaunch", "--log-format", "json", "serve", str(model), "--engine", "sim",
            "--host-profile", "8xh200", "--nnodes", "2", "--node-rank", str(rank), "--dist-init-addr", dist,
            "--group", "g1", "--port", str(port), "--json", *extra,
        ]  # fmt: skip
        self.proc = subprocess.Popen(
            argv,
            stdout=self.out.open("w"),
            stderr=self.err.open("w"),
            env=subprocess_env(SAFELAUNCH_HOME=str(tmp / f"home{rank}"), SAFELAUNCH_STORE_URL=store, **FAST, **env),
            cwd=ROOT,
        )

    def finish(self, timeout: float = 180, summary: bool = True) -> dict:
        rc = self.proc.wait(timeout=timeout)
        lines = [line for line in self.out.read_text().splitlines() if line.startswith("{")]
        assert lines or not summary, f"node {self.rank}: rc={rc}, no summary\n{self.err.read_text()[-3000:]}"
        return {"rc": rc, **(json.loads(lines[-1]) if lines else {})}

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)


def rows(store: str, sql: str, *params: object) -> list:
    """Read the shared store (a SQLite file or a PostgreSQL URL) as the nodes see it; [] before it exists."""
    if "://" not in store and not Path(store).exists():
        return []
    try:
        with Store.open(store) as s:
            return list(s._db.read(sql, params))
    except StoreError:  # not created or migrated yet
        return []


def wait_for(what: str, check, timeout: float = 120.0, nodes: tuple[Node, ...] = ()) -> object:
    """Poll the store until `check()` is truthy; fail at once if a node died meanwhile."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        for n in nodes:
            assert n.proc.poll() is None, f"node {n.rank} exited ({n.proc.returncode}) while waiting for {what}"
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The store the nodes share: one SQLite file (nodes on one machine) or a PostgreSQL database (a fleet)."""
    if request.param == "sqlite":
        return str(tmp_path / "store.db")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def nodes() -> list[Node]:
    started: list[Node] = []
    yield started
    for n in started:
        n.kill()


def test_a_capture_oom_on_node_1_is_recovered_by_one_group_decision(
    tmp_path: Path, bf16_deepseek: Path, nodes: list[Node], store: str
) -> None:
    dist, p0, p1 = f"127.0.0.1:{free_port()}", free_port(), free_port()
    leader = Node(tmp_path, store, bf16_deepseek, 0, p0, dist, "--dist-timeout", "30", "--exit-when-healthy")
    fault = {"SAFELAUNCH_SIM_FAULT": CAPTURE_OOM}
    follower = Node(tmp_path, store, bf16_deepseek, 1, p1, dist, "--dist-timeout", "30", **fault)
    nodes += [leader, follower]
    lead, foll = leader.finish(), follower.finish()

    assert lead["rc"] == 0 and lead["healthy"], leader.err.read_text()[-3000:]
    assert foll["rc"] == 0 and foll["reason"] == "the leader ended the group", follower.err.read_text()[-3000:]
    first = lead["failures"][0]
    assert first["label"] == "oom_cuda_graph" and first["numbers"]["failed_node"] == 1
    assert "mem-fraction-static" in first["change"]
    # the leader fitted the fraction to node 1's own GPUs (its ledger came with its report): global ranks 8-15
    assert re.search(r"ledger: .* on rank TP(8|9|1[0-5])\)", first["change"]), first["change"]

    # the record: one group attempt per try, each failed one naming node 1 and the one decision taken
    tries = rows(store, "SELECT * FROM group_attempts WHERE group_id = 'g1' ORDER BY attempt_no")
    assert [t["attempt_no"] for t in tries] == list(range(1, lead["attempts"] + 1))
    assert [t["state"] for t in tries] == ["failed"] * (len(tries) - 1) + ["ended"]
    assert all(t["failed_node"] == 1 for t in tries[:-1])
    assert [t["decision"] for t in tries[:-1]] == [f["change"] for f in lead["failures"]]
    fractions = [json.loads(t["flags"])["mem-fraction-static"] for t in tries]
    assert fractions == sorted(fractions, reverse=True) and fractions[-1] < fractions[0]
    assert fractions[-1] == lead["flags"]["mem-fraction-static"]

    # every node ran exactly the leader's attempt, and released its GPUs before the next one began
    for t in tries[:-1]:
        reports = rows(
            store,
            "SELECT * FROM group_reports WHERE group_id = 'g1' AND attempt_no = ? ORDER BY node_rank",
            t["attempt_no"],
        )
        assert [(r["node_rank"], r["released"]) for r in reports] == [(0, 1), (1, 1)]
        assert max(r["seen_at"] for r in reports) <= tries[t["attempt_no"]]["started_at"]
    node1 = rows(store, "SELECT * FROM attempts WHERE run_id <> ? ORDER BY attempt_no", _leader_run(store))
    assert [json.loads(a["flags"]) for a in node1] == [json.loads(t["flags"]) for t in tries]
    assert node1[0]["failure_label"] == "oom_cuda_graph"

    # the working config is the group's: 16 GPUs over 2 nodes
    cfg = rows(store, "SELECT * FROM verified")
    assert [(c["gpu_count"], c["nodes"], json.loads(c["flags"])["tp"]) for c in cfg] == [(16, 2, 16)]


def _leader_run(store: str) -> str:
    return rows(store, "SELECT leader_run FROM group_attempts LIMIT 1")[0]["leader_run"]


def test_a_follower_killed_mid_start_is_noticed_and_the_group_relaunched(
    tmp_path: Path, bf16_deepseek: Path, nodes: list[Node]
) -> None:
    store = str(tmp_path / "store.db")
    dist, timeout, p0, p1 = f"127.0.0.1:{free_port()}", 8, free_port(), free_port()
    leader = Node(tmp_path, store, bf16_deepseek, 0, p0, dist, "--dist-timeout", str(timeout), "--exit-when-healthy")
    follower = Node(tmp_path, store, bf16_deepseek, 1, p1, dist, "--dist-timeout", str(timeout))
    nodes += [leader, follower]
    wait_for(
        "node 1 to start attempt 1",
        lambda: rows(store, "SELECT 1 FROM group_members WHERE node_rank = 1 AND state = 'running'"),
        nodes=(leader, follower),
    )
    follower.proc.kill()  # SIGKILL: the node is gone, its engine with it
    follower.proc.wait(timeout=30)
    killed_at = time.monotonic()
    ended = wait_for(
        "the leader to end attempt 1",
        lambda: rows(
            store, "SELECT * FROM group_attempts WHERE attempt_no = 1 AND state IN ('failed', 'gave_up', 'ended')"
        ),
        nodes=(leader,),
    )[0]
    noticed_s = time.monotonic() - killed_at
    assert ended["state"] == "failed" and ended["failed_node"] == 1
    assert ended["failure_label"] == "node_lost"  # the leader's own NCCL timeout is only its echo
    assert noticed_s < 3 * timeout, f"noticed after {noticed_s:.1f} s (distributed timeout {timeout} s)"

    # the orchestrator brings node 1 back: the leader relaunches the whole group with it
    again = Node(tmp_path, store, bf16_deepseek, 1, p1, dist, "--dist-timeout", str(timeout))
    nodes.append(again)
    lead, foll = leader.finish(), again.finish()
    assert lead["rc"] == 0 and lead["healthy"] and lead["attempts"] == 2, leader.err.read_text()[-3000:]
    assert foll["rc"] == 0
    tries = rows(store, "SELECT * FROM group_attempts ORDER BY attempt_no")
    assert [(t["attempt_no"], t["state"]) for t in tries] == [(1, "failed"), (2, "ended")]
    participants = [json.loads(t["participants"]) for t in tries]
    assert participants[0]["1"] != participants[1]["1"]  # attempt 2 ran the new node 1, not the dead one


def test_a_follower_exits_non_zero_when_its_leader_is_lost(
    tmp_path: Path, bf16_deepseek: Path, nodes: list[Node]
) -> None:
    store = str(tmp_path / "store.db")
    dist, p0, p1 = f"127.0.0.1:{free_port()}", free_port(), free_port()
    leader = Node(tmp_path, store, bf16_deepseek, 0, p0, dist, "--dist-timeout", "6")
    follower = Node(tmp_path, store, bf16_deepseek, 1, p1, dist, "--dist-timeout", "6")
    nodes += [leader, follower]
    wait_for(
        "the group to be healthy",
        lambda: rows(store, "SELECT 1 FROM group_attempts WHERE state = 'healthy'"),
        nodes=(leader, follower),
    )
    leader.kill()
    foll = follower.finish(timeout=120, summary=False)
    assert foll["rc"] == 75  # EX_TEMPFAIL: the orchestrator restarts the group
    assert "the leader was lost" in follower.err.read_text()


def test_a_follower_engine_dying_while_serving_restarts_the_group(
    tmp_path: Path, bf16_deepseek: Path, nodes: list[Node]
) -> None:
    store = str(tmp_path / "store.db")
    dist, p0, p1 = f"127.0.0.1:{free_port()}", free_port(), free_port()
    leader = Node(tmp_path, store, bf16_deepseek, 0, p0, dist, "--dist-timeout", "30", "--daemon")
    follower = Node(tmp_path, store, bf16_deepseek, 1, p1, dist, "--dist-timeout", "30")
    nodes += [leader, follower]
    wait_for(
        "the group to be healthy",
        lambda: rows(store, "SELECT 1 FROM group_attempts WHERE attempt_no = 1 AND state = 'healthy'"),
        nodes=(leader, follower),
    )
    # the group is healthy once the leader's part is; node 1's own check may still be under way (on a loaded
    # machine): its engine dies *while serving* only once node 1 has reported its part healthy
    wait_for(
        "node 1 to report its part healthy",
        lambda: rows(store, "SELECT 1 FROM group_reports WHERE attempt_no = 1 AND node_rank = 1 AND label = 'healthy'"),
        nodes=(leader, follower),
    )
    engine = psutil.Process(follower.proc.pid).children(recursive=True)
    assert engine, "node 1 serves through its engine"
    for p in engine:  # node 1's engine dies while the group serves; its safelaunch lives on
        p.kill()
    wait_for(
        "the leader to restart the group",
        lambda: rows(store, "SELECT 1 FROM group_attempts WHERE attempt_no = 2 AND state = 'healthy'"),
        nodes=(leader, follower),
    )
    leader.proc.send_signal(signal.SIGTERM)
    lead, foll = leader.finish(), follower.finish()
    assert lead["rc"] == 0 and foll["rc"] == 0 and foll["reason"] == "the leader ended the group"
    tries = rows(store, "SELECT * FROM group_attempts ORDER BY attempt_no")
    assert [(t["attempt_no"], t["state"]) for t in tries] == [(1, "failed"), (2, "ended")]
    assert (tries[0]["failed_node"], tries[0]["decision"]) == (1, "the leader restarts the group")
    assert tries[0]["failure_label"] == "crash_serving"
    assert json.loads(tries[0]["participants"]) == json.loads(tries[1]["participants"])  # the same two runs
    leader_attempts = rows(store, "SELECT * FROM attempts WHERE run_id = ? ORDER BY id", _leader_run(store))
    assert any(a["failure_label"] == "crash_serving" for a in leader_attempts)  # the leader recorded why it stopped
