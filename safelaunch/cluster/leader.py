"""The leader (node rank 0): one decision per attempt for the whole group, from every node's outcome.

Each try: wait until every node of the group is idle with its GPUs released, publish the attempt (flags, env,
which run of each node takes part), run its own part while watching the others, then, when any part fails, say
stop, gather every node's outcome (a node that stopped beating is lost), pick the cause (`core.group.root_cause`)
and let `core.remedies` decide the next try from it, as a single host would from its own failure.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from safelaunch.cluster.node import GroupSupervisor, Watch
from safelaunch.core import ledger, remedies
from safelaunch.core.group import NODE_LOST, NodeOutcome, describe, root_cause
from safelaunch.errors import SafelaunchError
from safelaunch.host import engine as engine_mod
from safelaunch.store import groups as g
from safelaunch.supervise.results import AttemptResult, ServeSummary
from safelaunch.supervise.supervisor import STOPPED_BY_SIGNAL


class GroupGaveUp(SafelaunchError):
    """The group could not gather, or a node was lost before it could: exit so the orchestrator restarts it."""


class LeaderSupervisor(GroupSupervisor):
    number = 0  # the group's attempt counter, across restarts while serving
    open = False  # the last attempt is still on (starting, healthy or stopping)
    participants: Mapping[int, str] = {}  # the last attempt's: rank -> its run (replaced, never mutated)
    serving_failure: NodeOutcome | None = None  # the follower whose part ended the group's serving

    def start_group(self) -> None:
        self.tables.join(self.gid, 0, self.run_id, self.run_id, self.host_name)
        self.heartbeat.start()

    def run(self, flags: Mapping[str, Any], port: int | None = None) -> ServeSummary:
        t0 = time.monotonic()
        engine_mod.become_subreaper()
        port = port or self._initial_port()
        flags = dict(flags)
        self._close_open_attempt("the leader restarts the group")
        while True:
            if self.should_exit.is_set():
                return self._ended(flags, port, STOPPED_BY_SIGNAL)
            participants = self.gather()
            if participants is None:
                return self._ended(flags, port, STOPPED_BY_SIGNAL)
            self.number += 1
            number = self.number
            port = self._check_port(port)
            self.publish(number, flags, participants)
            t_start = time.monotonic()
            self.peer_stop.clear()
            with Watch(lambda n=number, p=participants: self.peer_trouble(n, p), self.peer_stop) as watch:
                result = self.run_attempt(number, flags, port)
            self.learn(flags)  # node 0's own figures; the cause's numbers come from its node's report
            if result.label == "healthy":
                self.report(self.run_id, number, result, released=False)
                self.tables.end_attempt(self.gid, self.run_id, number, g.HEALTHY)
                return self._healthy(result, flags, port, t0)
            self.tables.end_attempt(self.gid, self.run_id, number, g.STOPPING)  # every node: stop now
            self.report(self.run_id, number, result, released=True)
            if self.should_exit.is_set() and watch.reason is None:
                self.attempts.append(result)
                self._record_attempt(result, "stopped", "")
                self.tables.end_attempt(self.gid, self.run_id, number, g.ENDED, decision=STOPPED_BY_SIGNAL)
                self.open = False
                return self._ended(flags, port, STOPPED_BY_SIGNAL)
            outcomes = self.gather_outcomes(number, participants, result)
            decision, result = self.decide(number, flags, result, outcomes)
            outcome = "gave_up" if decision.give_up else "failed"
            self._settle(result, flags, decision, outcome, t_start)
            cause = root_cause(outcomes)
            state = g.GAVE_UP if decision.give_up else g.FAILED
            failed_node = cause.node_rank if cause else None
            self.tables.end_attempt(self.gid, self.run_id, number, state, result.label, failed_node, decision.reason)
            self.open = False
            flags, port, ended = self.follow(decision, flags, port)
            if ended is not None:
                return ended

    # -- before an attempt

    def gather(self) -> dict[int, str] | None:
        """Every node of this run idle (GPUs released) and beating: {rank: its run}. None on a signal."""
        n = self.group.spec.nnodes
        deadline = time.monotonic() + self.group.join_timeout_s
        said = False
        while True:
            members = self.members()
            ready = {
                r: m.run_id
                for r, m in members.items()
                if r > 0 and r < n and m.leader_run == self.run_id and m.state == g.IDLE and self.liveness.alive(r)
            }
            if len(ready) == n - 1:
                return {0: self.run_id, **ready}
            if not said:
                missing = sorted(set(range(1, n)) - set(ready))
                self.emit("info", text=f"group {self.gid}: waiting for node(s) {missing} to join and be idle")
                said = True
            if time.monotonic() > deadline:
                missing = sorted(set(range(1, n)) - set(ready))
                raise GroupGaveUp(
                    f"group {self.gid}: node(s) {missing} did not join within {self.group.join_timeout_s:g} s",
                    exit_code=75,
                )
            if self.wait():
                return None

    def publish(self, number: int, flags: Mapping[str, Any], participants: Mapping[int, str]) -> None:
        attempt = g.GroupAttempt(
            self.gid,
            self.run_id,
            number,
            self.group.spec.nnodes,
            self.plan.model,
            dict(flags),
            dict(getattr(self.plan, "env", {}) or {}),
            dict(participants),
            started_at=time.time(),
        )
        self.tables.publish(attempt)
        self.open, self.participants = True, dict(participants)
        self.set_state(g.RUNNING, number)
        self.emit("info", text=f"group {self.gid}: attempt {number} on {len(participants)} nodes")

    def _close_open_attempt(self, why: str) -> None:
        """A restart while serving: the previous attempt's nodes stop before the group gathers again (the record
        names the node whose part ended it, when one did)."""
        if self.open:
            cause, self.serving_failure = self.serving_failure, None
            label, node = (cause.label, cause.node_rank) if cause else (None, None)
            self.tables.end_attempt(self.gid, self.run_id, self.number, g.FAILED, label, node, why)
            self.open = False
        self.set_state(g.IDLE, self.number)

    # -- during an attempt

    def peer_trouble(self, number: int, participants: Mapping[int, str]) -> str | None:
        """Why the leader's own part must stop now: a node reported a failure, or was lost."""
        failed = self.failed_peer(number, participants)
        return f"node {failed.node_rank} {failed.evidence}" if failed else None

    def failed_peer(self, number: int, participants: Mapping[int, str]) -> NodeOutcome | None:
        """The first other node whose part of this attempt ended (its report says how) or that was lost."""
        for rank, rep in self.tables.reports(self.gid, self.run_id, number).items():
            if rank != 0 and rep.label != "healthy":
                return NodeOutcome(rank, rep.label, rep.phase, rep.numbers, f"failed: {rep.label}", rep.seen_at)
        members = self.members()
        for rank, run in participants.items():
            m = members.get(rank)
            if rank != 0 and (m is None or m.run_id != run or not self.liveness.alive(rank, run)):
                silent = f"was lost (no heartbeat for {self.liveness.silent_s(rank):.1f} s)"
                return NodeOutcome(rank, NODE_LOST, None, {}, silent, time.time())
        return None

    # -- while serving

    def serving_trouble(self) -> tuple[str, dict[str, Any], str] | None:
        """While the group serves, a follower whose engine died (or that was lost) ends the leader's serving too:
        `supervise.daemon` then restarts the group (this `run` again), as a single host restarts its server."""
        if not self.open:
            return None
        failed = self.failed_peer(self.number, self.participants)
        if failed is None:
            return None
        self.serving_failure = failed
        numbers = {**dict(failed.numbers), "failed_node": failed.node_rank}
        return failed.label, numbers, f"node {failed.node_rank} {failed.evidence}"

    # -- after a failed attempt

    def gather_outcomes(self, number: int, participants: Mapping[int, str], own: AttemptResult) -> list[NodeOutcome]:
        """Every node's outcome once it has released its GPUs; a node lost meanwhile is NODE_LOST."""
        outcomes = {0: NodeOutcome(0, own.label, own.phase, dict(own.numbers), own.evidence, time.time())}
        deadline = time.monotonic() + self.group.timeout_s
        while True:
            reports = self.tables.reports(self.gid, self.run_id, number)
            members = self.members()
            for rank, run in participants.items():
                if rank in outcomes:
                    continue
                rep = reports.get(rank)
                if rep is not None and rep.released:
                    outcomes[rank] = NodeOutcome(rank, rep.label, rep.phase, rep.numbers, rep.evidence, rep.seen_at)
                    self.learn_from_node(rep.ledger)
                elif members.get(rank) is None or members[rank].run_id != run or not self.liveness.alive(rank, run):
                    outcomes[rank] = NodeOutcome(
                        rank, NODE_LOST, None, {}, f"node {rank} stopped reporting (its safelaunch or host died)", 0
                    )
            if len(outcomes) == len(participants) or time.monotonic() > deadline or self.wait():
                break
        for rank in participants:
            outcomes.setdefault(
                rank, NodeOutcome(rank, NODE_LOST, None, {}, f"node {rank} did not release within the timeout", 0)
            )
        return [outcomes[r] for r in sorted(outcomes)]

    def learn_from_node(self, data: Mapping[str, Any]) -> None:
        """A follower's ledger joins the group's: its ranks (global TP ranks, node R's being R*gpus and up) are
        its own, so the fit binds on whichever node's GPU has the least room."""
        seen = ledger.Ledger.from_json(data)
        if seen:
            self.ledger = self.ledger.merged(seen)

    def decide(
        self, number: int, flags: Mapping[str, Any], own: AttemptResult, outcomes: list[NodeOutcome]
    ) -> tuple[remedies.Decision, AttemptResult]:
        """The one decision for the group, from the cause; the record names the node it came from."""
        cause = root_cause(outcomes) or outcomes[0]
        t = time.monotonic()
        failure = remedies.Failure(cause.label, cause.phase, dict(cause.numbers), cause.evidence)
        decision = remedies.decide(failure, flags, self.context(number, flags), self.history, self.policy)
        self.emit("info", text=f"attempt {number}: {describe(outcomes)}; the cause: node {cause.node_rank}")
        result = replace(
            own,
            label=cause.label,
            phase=cause.phase,
            numbers={**dict(cause.numbers), "failed_node": cause.node_rank},
            evidence=f"node {cause.node_rank}: {cause.evidence}",
            change=decision.reason,
            react_s=own.react_s + (time.monotonic() - t),
        )
        return decision, result

    def end_group(self, state: str = g.ENDED) -> None:
        """The leader leaves (exit, signal): the followers stop their engines and exit."""
        if self.open:
            self.tables.end_attempt(self.gid, self.run_id, self.number, state, decision="the leader ended the group")
            self.open = False
        self.heartbeat.stop()
