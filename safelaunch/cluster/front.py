"""`serve` for a node of a group: the right supervisor for its rank, joined to the group before it starts.

The one-host `supervise.serve` does the rest (host, plan, store, record); only the supervisor's class, the
node count of the plan and of the verified key, and how a follower's run ends differ.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from safelaunch.cluster.follower import GROUP_ENDED, FollowerSupervisor
from safelaunch.cluster.leader import LeaderSupervisor
from safelaunch.cluster.node import GroupSettings
from safelaunch.errors import SafelaunchError
from safelaunch.supervise import serve as serve_mod
from safelaunch.supervise.results import ServeOptions, ServeSummary
from safelaunch.supervise.supervisor import STOPPED_BY_SIGNAL, Listener


def prepare(
    opts: ServeOptions,
    settings: GroupSettings,
    listeners: Sequence[Listener],
    should_exit: threading.Event,
    load_check: Any = None,
) -> serve_mod.Run:
    """`supervise.serve.prepare` for this node, then join the group (a follower waits for its leader here)."""
    spec = settings.spec
    cls = LeaderSupervisor if spec.leader else FollowerSupervisor
    run = serve_mod.prepare(replace(opts, nodes=spec.nnodes), listeners, should_exit, load_check, supervisor_class=cls)
    if run.store is None:
        raise SafelaunchError(
            f"group {spec.group_id}: the nodes of a group meet in the store, and this node has none "
            "(--no-store, or a read-only store); give every node the same writable store (--store URL)"
        )
    sup = run.supervisor
    sup.attach(settings, run.store.groups(), socket.gethostname())
    serve_mod.emit_all(
        listeners,
        "info",
        text=f"group {spec.group_id}: node {spec.node_rank} of {spec.nnodes} ({'leader' if spec.leader else 'follower'}"
        f", from {spec.source}), rendezvous at {spec.dist_init_addr}",
    )
    sup.start_group()
    return run


def start(run: serve_mod.Run) -> ServeSummary:
    """The leader starts as one host does (and records the group's config); a follower runs until the group ends."""
    if isinstance(run.supervisor, LeaderSupervisor):
        return serve_mod.start(run)
    summary = run.supervisor.run(run.plan.flags)
    run.summary = summary
    run.exit_code = 0 if summary.reason in (GROUP_ENDED, STOPPED_BY_SIGNAL) else 1
    serve_mod.emit_all(
        run.listeners,
        "summary",
        lines=[f"node {run.supervisor.group.spec.node_rank}: {len(summary.attempts)} attempt(s); {summary.reason}"],
    )
    return summary


def finish(run: serve_mod.Run | None) -> None:
    """On the way out (healthy exit, signal, error): the leader ends the group; every node stops beating."""
    if run is None or not hasattr(run.supervisor, "group"):
        return
    sup = run.supervisor
    try:
        if isinstance(sup, LeaderSupervisor):
            sup.end_group()
    finally:
        sup.heartbeat.stop()
