"""A follower (node rank > 0): runs exactly the leader's attempts, reports each outcome and its GPU release.

It joins the leader's run, waits for an attempt that names this run of it as a participant, launches the leader's
flags and env with its own node rank, and stays with it while the leader says the attempt is on. SGLang serves
no API on these nodes, only a dummy `/health` once their schedulers are ready, so that is what makes its part
healthy. A follower that loses the leader (no beat for the group timeout, or a new leader run) stops its engine
and exits EXIT_GROUP_LOST, so that the orchestrator restarts the group.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from safelaunch.cluster.node import EXIT_GROUP_LOST, GroupSupervisor, Watch
from safelaunch.errors import SafelaunchError
from safelaunch.host import engine as engine_mod
from safelaunch.host.health import HealthClient
from safelaunch.store import groups as g
from safelaunch.supervise.attempt import Attempt, engine_owns_port
from safelaunch.supervise.results import AttemptResult, ServeSummary
from safelaunch.supervise.supervisor import STOPPED_BY_SIGNAL

GROUP_ENDED = "the leader ended the group"
LOST = "the leader was lost"


class LeaderLost(SafelaunchError):
    """The leader stopped beating (or restarted): this node cannot go on alone."""


class FollowerAttempt(Attempt):
    """A follower's part: healthy once its own dummy health server answers (it serves no generation)."""

    def probe(self, health: HealthClient, now: float) -> AttemptResult | None:
        self.progress.next_probe = now + 0.5
        probe = health.health()
        self.progress.last_probe_state = probe.state
        # only our own engine's answer counts (where its sockets cannot be read, its being alive must do)
        if probe.state == "ok" and self.proc.is_alive() and engine_owns_port(self.proc, self.port, True):
            return self.become_healthy(None)
        return None


class FollowerSupervisor(GroupSupervisor):
    attempt_class = FollowerAttempt
    leader_run = ""

    def start_group(self) -> None:
        """Find the leader's run (it must be seen beating), then join it idle."""
        deadline = time.monotonic() + self.group.join_timeout_s
        while True:
            leader = self.members().get(0)
            if leader is not None and self.liveness.alive(0, leader.run_id, confirmed=True):
                break
            if time.monotonic() > deadline:
                raise LeaderLost(
                    f"group {self.gid}: no leader (node 0) within {self.group.join_timeout_s:g} s",
                    exit_code=EXIT_GROUP_LOST,
                )
            if self.wait():
                return
        self.leader_run = leader.run_id
        self.tables.join(self.gid, self.group.spec.node_rank, self.leader_run, self.run_id, self.host_name)
        self.heartbeat.start()
        self.emit(
            "info",
            text=f"group {self.gid}: joined the leader on {leader.host or '?'} as node "
            f"{self.group.spec.node_rank} of {self.group.spec.nnodes}",
        )

    def run(self, flags: Mapping[str, Any], port: int | None = None) -> ServeSummary:
        engine_mod.become_subreaper()
        port = port or self._initial_port()
        done = 0
        while True:
            attempt = self.next_attempt(done)
            if isinstance(attempt, str):
                return self._ended(dict(flags), port, attempt)
            done = attempt.attempt_no
            flags = dict(attempt.flags)
            self.plan = replace(self.plan, env=dict(attempt.env))
            port = self._check_port(port)
            self.set_state(g.RUNNING, done)
            self.peer_stop.clear()
            with Watch(lambda n=done: self.leader_says_stop(n), self.peer_stop) as watch:
                result = self.run_attempt(done, flags, port)
                self.learn(flags)
                if result.label == "healthy":
                    self.report(self.leader_run, done, result, released=False)
                    result = self.stay_up(result, watch)
            if result.label == "stopped" and watch.reason:
                result = replace(result, evidence=watch.reason)
            self.attempts.append(result)
            self.report(self.leader_run, done, result, released=True)
            self.set_state(g.IDLE, done)
            outcome = {"healthy": "healthy", "stopped": "stopped"}.get(result.label, "failed")
            self._record_attempt(result, outcome, "the leader decides the group's next attempt")
            if watch.reason and watch.reason.startswith(LOST):
                raise LeaderLost(f"group {self.gid}: {watch.reason}; stopped this node", exit_code=EXIT_GROUP_LOST)
            if self.should_exit.is_set():
                return self._ended(flags, port, STOPPED_BY_SIGNAL)

    def stay_up(self, healthy: AttemptResult, watch: Watch) -> AttemptResult:
        """Serve until the leader ends the attempt, the engine dies, or a signal: then stop and release."""
        while not self.peer_stop.is_set() and not self.should_exit.is_set():
            proc = self.proc
            if proc is not None and not proc.is_alive():
                stop, release = self.stop_engine(grace=0.0)
                return replace(
                    healthy,
                    label="crash_serving",
                    evidence="the engine exited while serving",
                    stop_s=stop.seconds,
                    release_s=release.seconds,
                )
            self.should_exit.wait(0.2)
        stop, release = self.stop_engine(grace=0.0)
        return replace(
            healthy,
            label="stopped",
            evidence=watch.reason or STOPPED_BY_SIGNAL,
            stop_s=stop.seconds,
            release_s=release.seconds,
        )

    # -- the group's state

    def next_attempt(self, done: int) -> g.GroupAttempt | str:
        """The leader's next attempt that names this run of this node; or why there will be none."""
        rank = self.group.spec.node_rank
        while True:
            attempts = self.tables.attempts(self.gid, self.leader_run)
            latest = attempts[-1] if attempts else None
            if latest is not None and latest.state in (g.ENDED, g.GAVE_UP):
                return GROUP_ENDED if latest.state == g.ENDED else f"the leader gave up: {latest.decision}"
            if (
                latest is not None
                and latest.attempt_no > done
                and latest.state == g.STARTING
                and latest.participants.get(rank) == self.run_id
            ):
                return latest
            lost = self.leader_lost()
            if lost:
                raise LeaderLost(f"group {self.gid}: {lost}; this node exits", exit_code=EXIT_GROUP_LOST)
            if self.wait():
                return STOPPED_BY_SIGNAL

    def leader_lost(self) -> str | None:
        leader = self.members().get(0)
        if leader is None or leader.run_id != self.leader_run:
            return f"{LOST} (it restarted)"
        if not self.liveness.alive(0, self.leader_run):
            return f"{LOST} (no heartbeat for {self.liveness.silent_s(0):.1f} s)"
        return None

    def leader_says_stop(self, number: int) -> str | None:
        """Why this node's part must stop now: the leader ended the attempt, or was lost."""
        for a in reversed(self.tables.attempts(self.gid, self.leader_run)):
            if a.attempt_no == number:
                if a.state not in g.OPEN_STATES:
                    return f"the leader stopped attempt {number} ({a.state})"
                break
        return self.leader_lost()
