"""A multi-node group's shared state in the store: who is in the group, the leader's attempts, each node's outcome.

Every node of a group opens the same store (one SQLite file for nodes on one machine, PostgreSQL for a fleet)
and meets the others here, keyed by the group's id. The rows are plain: `group_members` (one per node: which
run of it is alive, whether it is idle or running an attempt, a heartbeat counter that the others watch with
their own clocks, so clock skew between hosts never counts), `group_attempts` (the leader's one decision per
try: the flags, the env, which run of each node takes part, how it ended) and `group_reports` (each node's
outcome of an attempt and whether its GPUs are released). Coordination must see the live database, so these
statements never go through a spool; they are written in the SQL both backends run (`schema`'s subset), and
the whole state lives in these three tables created by migration 3.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from safelaunch.redact import is_secret_env, is_secret_flag

IDLE = "idle"  # no engine; its GPUs are released
RUNNING = "running"
# group_attempts.state
STARTING, HEALTHY, STOPPING, FAILED, GAVE_UP, ENDED = "starting", "healthy", "stopping", "failed", "gave_up", "ended"
OPEN_STATES = frozenset({STARTING, HEALTHY})

_JOIN = (
    "INSERT INTO group_members (group_id, node_rank, leader_run, run_id, host, state, attempt_no, beat, updated_at) "
    "VALUES (?, ?, ?, ?, ?, ?, 0, 1, ?) ON CONFLICT (group_id, node_rank) DO UPDATE SET "
    "leader_run = excluded.leader_run, run_id = excluded.run_id, host = excluded.host, state = excluded.state, "
    "attempt_no = 0, beat = group_members.beat + 1, updated_at = excluded.updated_at"
)
_BEAT = "UPDATE group_members SET beat = beat + 1, updated_at = ? WHERE group_id = ? AND node_rank = ? AND run_id = ?"
_SET_STATE = (
    "UPDATE group_members SET state = ?, attempt_no = ?, beat = beat + 1, updated_at = ? "
    "WHERE group_id = ? AND node_rank = ? AND run_id = ?"
)
_MEMBERS = "SELECT * FROM group_members WHERE group_id = ? ORDER BY node_rank"
_PUBLISH = (
    "INSERT INTO group_attempts (group_id, leader_run, attempt_no, nnodes, model, flags, env, participants, state, "
    "started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_ATTEMPTS = "SELECT * FROM group_attempts WHERE group_id = ? ORDER BY started_at, id"
_ATTEMPTS_OF_RUN = "SELECT * FROM group_attempts WHERE group_id = ? AND leader_run = ? ORDER BY attempt_no"
_SET_ATTEMPT = (
    "UPDATE group_attempts SET state = ?, failure_label = ?, failed_node = ?, decision = ?, ended_at = ? "
    "WHERE group_id = ? AND leader_run = ? AND attempt_no = ?"
)
_REPORT = (
    "INSERT INTO group_reports (group_id, leader_run, attempt_no, node_rank, run_id, label, phase, numbers, evidence, "
    "released, seen_at, ledger) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (group_id, leader_run, attempt_no, node_rank) DO UPDATE SET run_id = excluded.run_id, "
    "label = excluded.label, phase = excluded.phase, numbers = excluded.numbers, evidence = excluded.evidence, "
    "released = excluded.released, seen_at = excluded.seen_at, ledger = excluded.ledger"
)
_REPORTS = "SELECT * FROM group_reports WHERE group_id = ? AND leader_run = ? AND attempt_no = ? ORDER BY node_rank"


@dataclass(frozen=True)
class Member:
    node_rank: int
    leader_run: str
    run_id: str
    host: str
    state: str
    attempt_no: int
    beat: int


@dataclass(frozen=True)
class GroupAttempt:
    """The leader's one decision for one try of the whole group."""

    group_id: str
    leader_run: str
    attempt_no: int
    nnodes: int
    model: str
    flags: Mapping[str, Any]
    env: Mapping[str, str] = field(default_factory=dict)
    participants: Mapping[int, str] = field(default_factory=dict)  # node rank -> the run of it that takes part
    state: str = STARTING
    failure_label: str | None = None
    failed_node: int | None = None
    decision: str | None = None
    started_at: float = 0.0
    ended_at: float | None = None


@dataclass(frozen=True)
class Report:
    """How one node's part of one attempt ended, and whether its GPUs are free again."""

    node_rank: int
    run_id: str
    label: str
    phase: str | None = None
    numbers: Mapping[str, Any] = field(default_factory=dict)
    evidence: str = ""
    released: bool = False
    seen_at: float = 0.0
    ledger: Mapping[str, Any] = field(default_factory=dict)  # the node's memory ledger (`core.ledger`, as JSON)


class GroupTables:
    """The group statements over one store connection (`Store.groups()`); every call is one transaction."""

    def __init__(self, db: Any) -> None:
        self._db = db

    def _exec(self, what: str, sql: str, params: tuple[Any, ...]) -> int:
        with self._db.guard(what), self._db.write() as conn:
            return int(conn.execute(sql, params).rowcount or 0)

    def _read(self, what: str, sql: str, params: tuple[Any, ...]) -> list[Any]:
        with self._db.guard(what):
            return list(self._db.read(sql, params))

    # ----- members

    def join(self, group_id: str, node_rank: int, leader_run: str, run_id: str, host: str) -> None:
        self._exec("join the group", _JOIN, (group_id, node_rank, leader_run, run_id, host, IDLE, time.time()))

    def beat(self, group_id: str, node_rank: int, run_id: str) -> bool:
        """One heartbeat; False when another run of this node has taken its place."""
        return self._exec("beat", _BEAT, (time.time(), group_id, node_rank, run_id)) > 0

    def set_state(self, group_id: str, node_rank: int, run_id: str, state: str, attempt_no: int) -> None:
        params = (state, attempt_no, time.time(), group_id, node_rank, run_id)
        self._exec("say the node's state", _SET_STATE, params)

    def members(self, group_id: str) -> dict[int, Member]:
        rows = self._read("read the group", _MEMBERS, (group_id,))
        return {
            int(r["node_rank"]): Member(
                int(r["node_rank"]),
                r["leader_run"],
                r["run_id"],
                r["host"],
                r["state"],
                int(r["attempt_no"]),
                int(r["beat"]),
            )
            for r in rows
        }

    # ----- the leader's attempts

    def publish(self, a: GroupAttempt) -> None:
        flags = {k: v for k, v in a.flags.items() if not is_secret_flag(k)}
        env = {k: v for k, v in a.env.items() if not is_secret_env(k)}
        params = (
            a.group_id,
            a.leader_run,
            a.attempt_no,
            a.nnodes,
            a.model,
            json.dumps(flags, sort_keys=True),
            json.dumps(env, sort_keys=True),
            json.dumps({str(k): v for k, v in a.participants.items()}, sort_keys=True),
            a.state,
            a.started_at or time.time(),
        )
        self._exec("publish the group's attempt", _PUBLISH, params)

    def end_attempt(
        self,
        group_id: str,
        leader_run: str,
        attempt_no: int,
        state: str,
        failure_label: str | None = None,
        failed_node: int | None = None,
        decision: str | None = None,
    ) -> None:
        ended = None if state in OPEN_STATES or state == STOPPING else time.time()
        params = (state, failure_label, failed_node, decision, ended, group_id, leader_run, attempt_no)
        self._exec("end the group's attempt", _SET_ATTEMPT, params)

    def attempts(self, group_id: str, leader_run: str | None = None) -> list[GroupAttempt]:
        if leader_run is None:
            rows = self._read("read the group's attempts", _ATTEMPTS, (group_id,))
        else:
            rows = self._read("read the group's attempts", _ATTEMPTS_OF_RUN, (group_id, leader_run))
        return [_attempt(r) for r in rows]

    # ----- the nodes' outcomes

    def report(self, group_id: str, leader_run: str, attempt_no: int, rep: Report) -> None:
        params = (
            group_id,
            leader_run,
            attempt_no,
            rep.node_rank,
            rep.run_id,
            rep.label,
            rep.phase,
            json.dumps(dict(rep.numbers), sort_keys=True, default=str),
            rep.evidence,
            int(rep.released),
            rep.seen_at or time.time(),
            json.dumps(dict(rep.ledger), sort_keys=True, default=str),
        )
        self._exec("report the node's outcome", _REPORT, params)

    def reports(self, group_id: str, leader_run: str, attempt_no: int) -> dict[int, Report]:
        rows = self._read("read the nodes' outcomes", _REPORTS, (group_id, leader_run, attempt_no))
        return {
            int(r["node_rank"]): Report(
                int(r["node_rank"]),
                r["run_id"],
                r["label"],
                r["phase"],
                json.loads(r["numbers"] or "{}"),
                r["evidence"],
                bool(r["released"]),
                float(r["seen_at"]),
                json.loads(r["ledger"] or "{}"),
            )
            for r in rows
        }


def _attempt(r: Any) -> GroupAttempt:
    return GroupAttempt(
        group_id=r["group_id"],
        leader_run=r["leader_run"],
        attempt_no=int(r["attempt_no"]),
        nnodes=int(r["nnodes"]),
        model=r["model"],
        flags=json.loads(r["flags"] or "{}"),
        env=json.loads(r["env"] or "{}"),
        participants={int(k): v for k, v in json.loads(r["participants"] or "{}").items()},
        state=r["state"],
        failure_label=r["failure_label"],
        failed_node=r["failed_node"],
        decision=r["decision"],
        started_at=float(r["started_at"]),
        ended_at=r["ended_at"],
    )
