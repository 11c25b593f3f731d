"""core.group: the cause of a failed group attempt, and a node's place from flags and env (pure)."""

from __future__ import annotations

import pytest

from safelaunch.core.group import NODE_LOST, NodeOutcome, from_sources, group_host, root_cause
from safelaunch.core.hardware import profile_host
from safelaunch.errors import ConfigError
from tests.conftest import run_cli


def test_a_named_cause_on_any_node_wins_over_its_echoes() -> None:
    outcomes = [
        NodeOutcome(0, "nccl_or_distributed", at=5.0),  # the leader saw the timeout first
        NodeOutcome(1, "oom_cuda_graph", "cuda_graph", {"tried_bytes": 1}, at=9.0),
        NodeOutcome(2, "stopped", at=1.0),
    ]
    cause = root_cause(outcomes)
    assert cause is not None and (cause.node_rank, cause.label) == (1, "oom_cuda_graph")


def test_of_two_named_causes_the_first_seen_and_a_lost_node_over_a_stop() -> None:
    two = [NodeOutcome(0, "oom_kv_cache", at=3.0), NodeOutcome(1, "oom_cuda_graph", at=2.0)]
    assert root_cause(two).node_rank == 1
    lost = [NodeOutcome(0, "stopped", at=1.0), NodeOutcome(1, NODE_LOST, at=0.0)]
    assert root_cause(lost).label == NODE_LOST
    assert root_cause([NodeOutcome(0, "healthy"), NodeOutcome(1, "healthy")]) is None


def test_flags_win_over_the_environment_and_bad_places_are_one_line() -> None:
    env = {"LWS_LEADER_ADDRESS": "g-0.g.ns", "LWS_GROUP_SIZE": "2", "LWS_WORKER_INDEX": "1"}
    spec = from_sources(env, node_rank=0, dist_init_addr="10.1.1.1:5000")
    assert spec is not None and (spec.node_rank, spec.dist_init_addr, spec.source) == (0, "10.1.1.1:5000", "lws")
    assert from_sources({}) is None and from_sources({}, nnodes=1) is None
    for kwargs in (
        {"nnodes": 2, "dist_init_addr": "h:1"},  # no rank
        {"nnodes": 2, "node_rank": 2, "dist_init_addr": "h:1"},
        {"nnodes": 2, "node_rank": 0},  # no address
        {"nnodes": 2, "node_rank": 0, "dist_init_addr": "no-port"},
    ):
        with pytest.raises(ConfigError) as err:
            from_sources({}, **kwargs)
        assert "\n" not in str(err.value)
    with pytest.raises(ConfigError):
        from_sources({"LWS_LEADER_ADDRESS": "a", "LWS_GROUP_SIZE": "two", "LWS_WORKER_INDEX": "0"})


def test_the_group_plans_as_one_host_of_every_nodes_gpus() -> None:
    host = profile_host("8xh200")
    group = group_host(host, 2)
    assert group.gpu_count == 16 and group.hw_key == host.hw_key
    assert group_host(host, 1) is host


@pytest.mark.parametrize(
    "args",
    [
        ["--dist-timeout", "5"],  # no group
        ["--nnodes", "2", "--node-rank", "3", "--dist-init-addr", "h:1"],
        ["--nnodes", "2", "--node-rank", "1", "--dist-init-addr", "h"],
        ["--nnodes", "2", "--dist-init-addr", "h:1"],
    ],
)
def test_a_bad_group_on_the_command_line_is_one_line(args: list[str]) -> None:
    res = run_cli("serve", "Qwen/Qwen3-8B", "--engine", "sim", "--host-profile", "8xh200", *args)
    assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert res.stderr.startswith("safelaunch: error:") and "Traceback" not in res.stderr
