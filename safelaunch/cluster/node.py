"""What the leader and the followers of a group share: the heartbeat, liveness by beat counters, the engine's
multi-node flags, and an attempt that can be stopped from outside (a peer failed, the leader said stop).

Liveness never compares clocks between hosts: each node only sees another's beat counter change (or not) on its
own monotonic clock. A node is lost when its counter has not moved for the group timeout, or when another run of
it has taken its place in `group_members` (it restarted).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from safelaunch.core.group import GroupSpec
from safelaunch.store.groups import GroupTables, Member, Report
from safelaunch.supervise.attempt import AttemptConfig
from safelaunch.supervise.results import AttemptResult
from safelaunch.supervise.supervisor import Supervisor

POLL_S = 0.2  # how often a node reads the group's state while it waits or runs an attempt
BEAT_S = 0.5
EXIT_GROUP_LOST = 75  # EX_TEMPFAIL: the orchestrator (LeaderWorkerSet, Slurm, systemd) restarts the group


@dataclass(frozen=True)
class GroupSettings:
    spec: GroupSpec
    timeout_s: float = 60.0  # a node whose beat has not moved for this long is lost
    join_timeout_s: float = 900.0  # how long the group may take to gather (pods are scheduled one by one)
    dist_timeout_s: int | None = None  # SGLang's --dist-timeout, passed on when set


class AnyOf(threading.Event):
    """Set when any of its events is: the attempt's stop signal is SIGTERM *or* the group's say-so."""

    def __init__(self, *events: threading.Event) -> None:
        super().__init__()
        self.events = events

    def is_set(self) -> bool:
        return any(e.is_set() for e in self.events)


class Heartbeat:
    """A daemon thread that advances this node's beat counter every BEAT_S while the process lives."""

    def __init__(self, tables: GroupTables, group_id: str, node_rank: int, run_id: str) -> None:
        self.tables, self.group_id, self.node_rank, self.run_id = tables, group_id, node_rank, run_id
        self.replaced = threading.Event()  # another run of this node took our row
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="group-heartbeat", daemon=True)
            self._thread.start()

    def _loop(self) -> None:
        while not self._stop.wait(BEAT_S):
            try:
                if not self.tables.beat(self.group_id, self.node_rank, self.run_id):
                    self.replaced.set()
            except Exception:  # a busy store skips a beat; the others allow for many
                continue

    def stop(self) -> None:
        self._stop.set()


class Liveness:
    """Each member's beat counter as last seen, and when it last moved (this node's monotonic clock)."""

    def __init__(self, timeout_s: float) -> None:
        self.timeout_s = timeout_s
        self._seen: dict[int, tuple[int, str, float, bool]] = {}  # rank -> (beat, run, moved at, moved since seen)

    def update(self, members: Mapping[int, Member]) -> None:
        now = time.monotonic()
        for rank, m in members.items():
            prev = self._seen.get(rank)
            if prev is None or prev[1] != m.run_id:
                self._seen[rank] = (m.beat, m.run_id, now, False)
            elif prev[0] != m.beat:
                self._seen[rank] = (m.beat, m.run_id, now, True)

    def alive(self, rank: int, run_id: str | None = None, *, confirmed: bool = False) -> bool:
        """Seen beating within the timeout (and, with `confirmed`, seen to beat at all since first read)."""
        seen = self._seen.get(rank)
        if seen is None or (run_id is not None and seen[1] != run_id):
            return False
        if confirmed and not seen[3]:
            return False
        return time.monotonic() - seen[2] <= self.timeout_s

    def silent_s(self, rank: int) -> float:
        seen = self._seen.get(rank)
        return time.monotonic() - seen[2] if seen else float("inf")


class Watch:
    """Polls `check` every POLL_S in a thread while an attempt runs; the first reason it returns stops the attempt."""

    def __init__(self, check: Callable[[], str | None], stop: threading.Event) -> None:
        self.check, self.stop_event = check, stop
        self.reason: str | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="group-watch", daemon=True)

    def __enter__(self) -> Watch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join(timeout=5)

    def _loop(self) -> None:
        while not self._done.wait(POLL_S):
            try:
                reason = self.check()
            except Exception:  # the store busy for a moment: look again next turn
                continue
            if reason:
                self.reason = reason
                self.stop_event.set()
                return


class GroupSupervisor(Supervisor):
    """A `Supervisor` whose attempts are one node's part of a group's attempt (see `leader`, `follower`)."""

    group: GroupSettings
    tables: GroupTables

    def attach(self, settings: GroupSettings, tables: GroupTables, host_name: str) -> None:
        """Join the group: called once `prepare` has made the supervisor (and its run id)."""
        self.group = settings
        self.tables = tables
        self.host_name = host_name
        self.peer_stop = threading.Event()
        self.liveness = Liveness(settings.timeout_s)
        self.heartbeat = Heartbeat(tables, settings.spec.group_id, settings.spec.node_rank, self.run_id)

    @property
    def gid(self) -> str:
        return self.group.spec.group_id

    def argv(self, flags: Mapping[str, Any], port: int) -> list[str]:
        """The attempt's argv plus SGLang's own multi-node flags for this node."""
        extra = list(self.group.spec.engine_args())
        if self.group.dist_timeout_s:
            extra += ["--dist-timeout", str(self.group.dist_timeout_s)]
        return [*super().argv(flags, port), *extra]

    def _attempt_config(self) -> AttemptConfig:
        return replace(super()._attempt_config(), should_exit=AnyOf(self.should_exit, self.peer_stop))

    def members(self) -> dict[int, Member]:
        members = self.tables.members(self.gid)
        self.liveness.update(members)
        return members

    def report(self, leader_run: str, number: int, result: AttemptResult, released: bool) -> None:
        rep = Report(
            self.group.spec.node_rank,
            self.run_id,
            result.label,
            result.phase,
            dict(result.numbers),
            result.evidence,
            released,
            time.time(),
            self.ledger.to_json() if self.ledger else {},
        )
        self.tables.report(self.gid, leader_run, number, rep)

    def set_state(self, state: str, number: int) -> None:
        self.tables.set_state(self.gid, self.group.spec.node_rank, self.run_id, state, number)

    def wait(self, seconds: float = POLL_S) -> bool:
        """Sleep a poll; True when a signal asks this node to stop."""
        return self.should_exit.wait(seconds)
