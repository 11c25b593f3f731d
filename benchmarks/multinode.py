"""A multi-node group started by safelaunch (one decision per group attempt) vs a naive per-node retry loop.

SIMULATED: two "nodes" on this machine, each a simulated 8x H200 host running the simulated engine
(`python -m safelaunch.sim` with SGLang's `--nnodes 2 --node-rank R --dist-init-addr`, a TCP rendezvous as torch's),
serving DeepSeek-V3 upcast to BF16 (about 1.37 TB of weights: 16 GPUs, two nodes). Scenarios: a clean start, and
node 1 needing G GiB more for its CUDA graphs than node 0 (`capture_oom=G` on node 1 only: it OOMs at capture).

- safelaunch: `safelaunch serve --engine sim --nnodes 2 --node-rank R` on each node, one SQLite store. Attempts
  are the group's (rows of `group_attempts`); time to healthy is the leader's (from its start, both nodes' part).
- naive: each node loops on its own, as a per-node `until healthy; do lower the fraction; done` would: the same
  first flags (safelaunch's attempt 1, read from the record), on any failure of its own engine stop it and relaunch
  0.05 lower, at most 8 launches per node. Nothing tells node 0 that node 1 failed: it waits in the rendezvous
  until the distributed timeout, fails with torch's timeout, and lowers its own fraction for a failure it did not
  have. The group is healthy once both nodes answer /health at the same moment.

Times: the engine's phases run at SAFELAUNCH_SIM_SPEED (20x), the distributed timeout (--dist-timeout, also
safelaunch's heartbeat timeout) in real seconds: 30 s here, which at 20x stands for torch's default 600 s. The
wall seconds are reported as measured, plus x20 as a rough real-time equivalent (safelaunch's own overhead, not
sped up, is inflated by it too). Nothing here is a fact about real hardware.

    python benchmarks/multinode.py [--quick] [--dist-timeout 30] [--json OUT]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from safelaunch.core import logwatch  # noqa: E402
from safelaunch.core.sglang_args import render_argv  # noqa: E402
from safelaunch.host import engine as engine_mod  # noqa: E402
from safelaunch.sim.versions import DEFAULT_VERSION  # noqa: E402
from tests.pg import free_port  # noqa: E402
from tests.test_cluster import make_bf16_deepseek  # noqa: E402

SPEED = 20
SEED = "3"
NAIVE_MAX = 8
SCENARIOS = [("clean start", None)] + [(f"node 1 OOMs at capture ({g:g} GiB more)", g) for g in (8.0, 12.0, 20.0)]


def base_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SAFELAUNCH_")}
    env.update(PYTHONPATH=str(ROOT), SAFELAUNCH_SIM_SPEED=str(SPEED), SAFELAUNCH_SIM_SEED=SEED, **extra)
    return env


def fault_env(rank: int, capture_gib: float | None) -> dict[str, str]:
    return {"SAFELAUNCH_SIM_FAULT": f"capture_oom={capture_gib:g}"} if rank == 1 and capture_gib else {}


# ---------------------------------------------------------------- safelaunch: one group


def safelaunch_group(tmp: Path, model: Path, capture_gib: float | None, dist_timeout: int) -> dict[str, Any]:
    store = tmp / "store.db"
    dist = f"127.0.0.1:{free_port()}"
    procs = []
    t0 = time.monotonic()
    for rank in (0, 1):
        argv = [
            sys.executable, "-m", "safelaunch", "--log-format", "json", "serve", str(model), "--engine", "sim",
            "--host-profile", "8xh200", "--nnodes", "2", "--node-rank", str(rank), "--dist-init-addr", dist,
            "--group", "bench", "--port", str(free_port()), "--dist-timeout", str(dist_timeout), "--json",
        ]  # fmt: skip
        if rank == 0:
            argv.append("--exit-when-healthy")
        env = base_env(SAFELAUNCH_HOME=str(tmp / f"home{rank}"), SAFELAUNCH_STORE_URL=str(store))
        env.update(fault_env(rank, capture_gib))
        out = (tmp / f"sl-node{rank}.out").open("w")
        procs.append(subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL, env=env, cwd=ROOT))
    rc = [p.wait(timeout=900) for p in procs]
    wall = time.monotonic() - t0
    lines = [ln for ln in (tmp / "sl-node0.out").read_text().splitlines() if ln.startswith("{")]
    summary = json.loads(lines[-1]) if lines else {}
    with contextlib.closing(sqlite3.connect(store)) as db:
        db.row_factory = sqlite3.Row
        tries = list(db.execute("SELECT * FROM group_attempts ORDER BY attempt_no"))
    first = tries[0]
    return {
        "healthy": bool(summary.get("healthy")) and rc == [0, 0],
        "group_attempts": len(tries),
        "launches_per_node": len(tries),
        "time_to_healthy_s": summary.get("time_to_healthy_s"),
        "wall_s": round(wall, 2),
        "final_fraction": (summary.get("flags") or {}).get("mem-fraction-static"),
        "labels": [t["failure_label"] for t in tries if t["failure_label"]],
        "first_flags": json.loads(first["flags"]),
        "first_env": json.loads(first["env"]),
    }


# ---------------------------------------------------------------- naive: a loop per node


def health(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as resp:
            return resp.status == 200
    except OSError:
        return False


class NaiveNode(threading.Thread):
    """One node's own retry loop: launch, and on any failure of this node's engine, 0.05 lower and again."""

    def __init__(self, rank: int, model: Path, flags: dict, env: dict, dist: str, dist_timeout: int) -> None:
        super().__init__(daemon=True)
        self.rank, self.model, self.flags, self.env = rank, model, dict(flags), env
        self.dist, self.dist_timeout = dist, dist_timeout
        self.port = free_port()
        self.up = threading.Event()
        self.stop = threading.Event()
        self.launches: list[tuple[float, str]] = []  # (fraction, how it ended)

    def argv(self) -> list[str]:
        group = ["--nnodes", "2", "--node-rank", str(self.rank), "--dist-init-addr", self.dist]
        group += ["--dist-timeout", str(self.dist_timeout), "--port", str(self.port)]
        engine = [sys.executable, "-m", "safelaunch.sim", "--model-path", str(self.model)]
        return [*engine, *render_argv(self.flags, DEFAULT_VERSION), *group]

    def run(self) -> None:
        while not self.stop.is_set() and len(self.launches) < NAIVE_MAX:
            fraction = float(self.flags["mem-fraction-static"])
            label = self.once()
            self.launches.append((fraction, label))
            if self.stop.is_set() or fraction - 0.05 < 0.3:
                return
            self.flags["mem-fraction-static"] = round(fraction - 0.05, 4)

    def once(self) -> str:
        proc = engine_mod.EngineProcess(self.argv(), self.env).start()
        clf = logwatch.LogClassifier()
        failed_at = None
        next_probe = 0.0
        try:
            while not self.stop.is_set():
                line = proc.read(0.05)
                if line is not None and any(ev.kind == "failure" for ev in clf.feed(line.text)):
                    failed_at = failed_at or time.monotonic()
                if failed_at is None and time.monotonic() >= next_probe:
                    next_probe = time.monotonic() + 0.2
                    if health(self.port):
                        self.up.set()
                    else:
                        self.up.clear()
                ended = not proc.is_alive() and proc.output_closed  # the engine's own last words are in
                if ended or (failed_at and time.monotonic() - failed_at > 5):
                    self.up.clear()
                    return clf.diagnosis().label
            return "stopped (group healthy)" if self.up.is_set() else "stopped"
        finally:
            proc.stop(grace=0.5)


def naive_group(model: Path, first: dict, capture_gib: float | None, dist_timeout: int, limit_s: float) -> dict:
    dist = f"127.0.0.1:{free_port()}"
    nodes = []
    for rank in (0, 1):
        env = base_env(SAFELAUNCH_HOST_PROFILE="8xh200", **first["first_env"], **fault_env(rank, capture_gib))
        nodes.append(NaiveNode(rank, model, first["first_flags"], env, dist, dist_timeout))
    t0 = time.monotonic()
    for n in nodes:
        n.start()
    healthy_at = None
    while time.monotonic() - t0 < limit_s:
        if all(n.up.is_set() for n in nodes):
            healthy_at = time.monotonic() - t0
            break
        if not any(n.is_alive() for n in nodes):  # both loops gave up
            break
        time.sleep(0.05)
    for n in nodes:
        n.stop.set()
    for n in nodes:
        n.join(timeout=60)
    return {
        "healthy": healthy_at is not None,
        "launches_per_node": [len(n.launches) for n in nodes],
        "time_to_healthy_s": round(healthy_at, 2) if healthy_at is not None else None,
        "wall_s": round(time.monotonic() - t0, 2),
        "fractions": [[f for f, _ in n.launches] for n in nodes],
        "labels": [[lab for _, lab in n.launches] for n in nodes],
    }


# ---------------------------------------------------------------- report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="Only the 12 GiB capture OOM.")
    ap.add_argument("--dist-timeout", type=int, default=30, help="Seconds (real): 30 at 20x stands for 600 s.")
    ap.add_argument("--json", metavar="OUT", help="Write every figure here.")
    args = ap.parse_args()
    scenarios = SCENARIOS[-1:] if args.quick else SCENARIOS
    rows = []
    for name, gib in scenarios:
        with tempfile.TemporaryDirectory(prefix="sl-multinode-") as d:
            tmp = Path(d)
            model = make_bf16_deepseek(tmp)  # the model tests/test_cluster.py serves
            sl = safelaunch_group(tmp, model, gib, args.dist_timeout)
            limit = max(20.0 * args.dist_timeout, 300.0)
            nv = naive_group(model, sl, gib, args.dist_timeout, limit)
        row = {"scenario": name, "safelaunch": sl, "naive": nv, "naive_limit_s": limit}
        rows.append(row)
        print(f"{name}:", flush=True)
        print(
            f"  safelaunch: {'healthy' if sl['healthy'] else 'NOT healthy'}, {sl['group_attempts']} group attempt(s),"
            f" time to healthy {sl['time_to_healthy_s']} s (x{SPEED}: ~{_x(sl['time_to_healthy_s'])}), final "
            f"fraction {sl['final_fraction']}; causes {sl['labels']}"
        )
        print(
            f"  naive:      {'healthy' if nv['healthy'] else f'NOT healthy within {limit:g} s'}, launches per node "
            f"{nv['launches_per_node']}, time to healthy {nv['time_to_healthy_s']} s (x{SPEED}: "
            f"~{_x(nv['time_to_healthy_s'])}); fractions {nv['fractions']}"
        )
        print(f"              node outcomes {nv['labels']}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({"speed": SPEED, "dist_timeout_s": args.dist_timeout, "rows": rows}))


def _x(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    s = seconds * SPEED
    return f"{s / 60:.1f} min" if s >= 120 else f"{s:.0f} s"


if __name__ == "__main__":
    main()
