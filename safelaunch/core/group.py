"""Multi-node groups, the pure part: who this node is in its group, and what one failed group attempt was.

SGLang runs one model over N nodes with the same flags plus `--nnodes N --node-rank R --dist-init-addr
HOST:PORT`; a failure on any node fails them all, and the others only see it as a distributed timeout. So the
leader must decide from every node's outcome, naming the cause and not its echo (`root_cause`). Where the
node's place comes from is also decided here, from plain mappings: the command line, LeaderWorkerSet's pod
environment (`LWS_*`) or Slurm's (`SLURM_*`, with its compact node lists such as `node[01-04]`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from safelaunch.core.hardware import Host
from safelaunch.errors import ConfigError

DEFAULT_DIST_PORT = 20000  # the rendezvous port when only a host is known (LeaderWorkerSet, Slurm)

# Failures that are another node's death seen from here: never the cause when a node names one.
# (`nccl_or_distributed` is the classifier's label for NCCL and c10d errors, a peer's timeout among them.)
ECHO_LABELS = frozenset({"stopped", "nccl_or_distributed", "nccl", "cascade", "hang", "unknown", "node_lost"})
NODE_LOST = "node_lost"  # a node that stopped reporting (its safelaunch or its host died)


@dataclass(frozen=True)
class GroupSpec:
    """This node's place in a group: N nodes, this one's rank, where rank 0 rendezvouses, the group's id."""

    nnodes: int
    node_rank: int
    dist_init_addr: str
    group_id: str
    source: str = "flags"  # flags | lws | slurm

    @property
    def leader(self) -> bool:
        return self.node_rank == 0

    def engine_args(self) -> tuple[str, ...]:
        """SGLang's own multi-node flags for this node."""
        return (
            "--nnodes",
            str(self.nnodes),
            "--node-rank",
            str(self.node_rank),
            "--dist-init-addr",
            self.dist_init_addr,
        )


@dataclass(frozen=True)
class NodeOutcome:
    """How one node's part of one group attempt ended (`label` is a failure label, "healthy" or "stopped")."""

    node_rank: int
    label: str
    phase: str | None = None
    numbers: Mapping[str, Any] = field(default_factory=dict)
    evidence: str = ""
    at: float = 0.0  # when the node saw it (unix time), to order two named causes


def expand_nodelist(text: str) -> list[str]:
    """Slurm's compact host list (`node[01-04,07],gpu-a`) expanded in order (`scontrol show hostnames`)."""
    hosts = [h for part in _split_top(text.strip()) for h in _expand_one(part)]
    if not hosts:
        raise ConfigError("SLURM_JOB_NODELIST is empty")
    return hosts


def _expand_one(part: str) -> list[str]:
    m = re.fullmatch(r"([^\[\]]*)\[([^\]]+)\](.*)", part)
    if not m:
        if "[" in part or "]" in part:
            raise ConfigError(f"SLURM_JOB_NODELIST: cannot read {part!r}")
        return [part]
    prefix, ranges, suffix = m.groups()
    out: list[str] = []
    for r in ranges.split(","):
        lo, _, hi = r.partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            raise ConfigError(f"SLURM_JOB_NODELIST: cannot read the range {r!r} in {part!r}")
        for n in range(int(lo), int(hi or lo) + 1):
            out.extend(_expand_one(f"{prefix}{n:0{len(lo)}d}{suffix}"))
    return out


def _split_top(text: str) -> list[str]:
    """Split on the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch == "["
        depth -= ch == "]"
        if ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p for p in (p.strip() for p in parts) if p]


def _int(env: Mapping[str, str], name: str) -> int:
    raw = env.get(name, "")
    if not raw.strip().lstrip("-").isdigit():
        raise ConfigError(f"{name}={raw!r} is not a whole number")
    return int(raw)


def _with_port(addr: str, port: int) -> str:
    _, sep, p = addr.rpartition(":")
    if sep and p.isdigit() and "]" not in p:
        return addr
    return f"{addr}:{port}"


def from_sources(
    env: Mapping[str, str],
    *,
    nnodes: int | None = None,
    node_rank: int | None = None,
    dist_init_addr: str | None = None,
    group_id: str | None = None,
    dist_port: int = DEFAULT_DIST_PORT,
) -> GroupSpec | None:
    """The group from the command line, else LeaderWorkerSet's env, else Slurm's; None for a single node.

    A value on the command line wins over the environment's. The group id defaults to what the orchestrator
    shares between the nodes: LWS's leader address (one per group), Slurm's job id."""
    source, env_id = "flags", None
    n, r, addr = nnodes, node_rank, dist_init_addr
    if "LWS_GROUP_SIZE" in env and "LWS_LEADER_ADDRESS" in env:
        source, env_id = "lws", "lws-" + env["LWS_LEADER_ADDRESS"].split(".")[0]
        n = n if n is not None else _int(env, "LWS_GROUP_SIZE")
        r = r if r is not None else _int(env, "LWS_WORKER_INDEX") if "LWS_WORKER_INDEX" in env else None
        addr = addr or _with_port(env["LWS_LEADER_ADDRESS"], dist_port)
    elif "SLURM_JOB_NODELIST" in env and "SLURM_NNODES" in env:
        source, env_id = "slurm", "slurm-" + env.get("SLURM_JOB_ID", "job")
        n = n if n is not None else _int(env, "SLURM_NNODES")
        rank_var = "SLURM_NODEID" if "SLURM_NODEID" in env else "SLURM_PROCID"
        r = r if r is not None else _int(env, rank_var) if rank_var in env else None
        addr = addr or _with_port(expand_nodelist(env["SLURM_JOB_NODELIST"])[0], dist_port)
    if n is None or n <= 1:
        if n is not None and n < 1:
            raise ConfigError(f"--nnodes {n}: a group has at least one node")
        return None
    if r is None:
        raise ConfigError(f"a group of {n} nodes needs --node-rank (0 for the leader)")
    if not 0 <= r < n:
        raise ConfigError(f"--node-rank {r} is outside 0..{n - 1} for --nnodes {n}")
    if not addr:
        raise ConfigError("a group needs --dist-init-addr HOST:PORT (the leader's address)")
    host, sep, port = addr.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(f"--dist-init-addr {addr!r}: expected HOST:PORT")
    gid = group_id or env_id or f"{host}:{port}"
    return GroupSpec(n, r, addr, gid, source)


def group_host(host: Host, nnodes: int) -> Host:
    """The group as one host for planning: every node's GPUs (the nodes of a group are alike)."""
    if nnodes <= 1:
        return host
    return replace(host, gpus=tuple(host.gpus) * nnodes)


def root_cause(outcomes: Sequence[NodeOutcome]) -> NodeOutcome | None:
    """The failure the group's next attempt must answer: a named cause (an OOM, a bad flag) on any node wins over
    the distributed timeouts, hangs and stops it caused on the others; of two named causes, the first seen."""
    failed = [o for o in outcomes if o.label != "healthy"]
    if not failed:
        return None
    named = [o for o in failed if o.label not in ECHO_LABELS]
    pool = named or [o for o in failed if o.label != "stopped"] or failed
    return min(pool, key=lambda o: (o.at, o.node_rank))


def describe(outcomes: Sequence[NodeOutcome]) -> str:
    """One line: each node's outcome, by rank."""
    return "; ".join(f"node {o.node_rank}: {o.label}" for o in sorted(outcomes, key=lambda o: o.node_rank))
