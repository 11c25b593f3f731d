"""A fleet learns once: N simulated hosts joining one PostgreSQL store, and the store's write latency under load.

1. Joining: N hosts (separate $SAFELAUNCH_HOME and host names, the same 8x H200 profile, the simulated engine,
   a catalogue with no model recipe so a cold start needs a remedy) run `safelaunch serve --exit-when-healthy`
   one after another against one PostgreSQL. Reported: total attempts to healthy, against N x the single-host
   cold figure (the same start measured on a host with an empty store of its own), and time to healthy.
2. Writers: W processes each record R attempts (and one verified config per 10) as fast as they can, all at
   once, into one store: PostgreSQL (one server, pooled connections) and SQLite (one WAL file, the single-host
   default, for reference). Reported: per-write latency p50 / p99 and total writes per second.

PostgreSQL is a throwaway cluster started for the run (tests/pg.py: initdb + pg_ctl in a temp dir), or the
database given with --url (its password from PGPASSWORD / ~/.pgpass).

    python benchmarks/fleet_store.py [--hosts 20] [--writers 20] [--writes 200] [--url URL] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MODEL = "deepseek-ai/DeepSeek-V4-Flash"
SPEED = "40"


def serve_once(home: Path, host: str, url: str | None, policies: Path, port: int) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SAFELAUNCH_")}
    env.update(
        PYTHONPATH=str(ROOT),
        SAFELAUNCH_HOME=str(home),
        SAFELAUNCH_HOST_NAME=host,
        SAFELAUNCH_SIM_SPEED=SPEED,
        SAFELAUNCH_SIM_SEED="3",
    )
    if url:
        env["SAFELAUNCH_STORE_URL"] = url
    argv = [sys.executable, "-m", "safelaunch", "--log-format", "json", "serve", "--engine", "sim", "--json"]
    argv += ["--exit-when-healthy", MODEL, "--host-profile", "8xh200", "--policies", str(policies)]
    argv += ["--port", str(port)]
    t0 = time.monotonic()
    res = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300, check=False)
    wall = time.monotonic() - t0
    lines = [ln for ln in res.stdout.splitlines() if ln.startswith('{"healthy"')]
    if res.returncode != 0 or not lines:
        raise SystemExit(f"{host}: serve failed (rc {res.returncode}): {res.stderr[-1500:]}")
    out = json.loads(lines[-1])
    return {"host": host, "attempts": out["attempts"], "from_store": out["from_store"], "wall_s": wall}


def join(url: str, hosts: int, work: Path) -> dict[str, Any]:
    from tests.pg import free_port

    policies = work / "policies"
    policies.mkdir()
    (policies / "defaults.yaml").write_text((ROOT / "policies" / "defaults.yaml").read_text())
    cold = serve_once(work / "cold", "cold", None, policies, free_port())  # its own empty SQLite store
    runs = [serve_once(work / f"h{i:02d}", f"h{i:02d}", url, policies, free_port()) for i in range(hosts)]
    total = sum(r["attempts"] for r in runs)
    return {
        "hosts": hosts,
        "cold_attempts_one_host": cold["attempts"],
        "cold_wall_s_one_host": round(cold["wall_s"], 2),
        "fleet_total_attempts": total,
        "no_fleet_total_attempts": hosts * cold["attempts"],
        "hosts_from_fleet_at_attempt_1": sum(1 for r in runs if r["from_store"] and r["attempts"] == 1),
        "fleet_mean_wall_s_after_first": round(statistics.mean(r["wall_s"] for r in runs[1:]), 2),
        "per_host": runs,
    }


def _writer(target: str, worker: int, writes: int, barrier: Any, out: Any) -> None:
    from safelaunch.store import AttemptRecord, Store, VerifiedConfig

    store = Store.open(target, host=f"w{worker}")
    barrier.wait()
    lat: list[float] = []
    for i in range(writes):
        rec = AttemptRecord(
            run_id=f"w{worker}", attempt_no=i + 1, started_at=time.time(), host_fingerprint="NVIDIA H200|x8",
            hw_key="h200", gpu_count=8, device_name="NVIDIA H200", model=MODEL, strategy="balanced",
            outcome="failed", flags={"tp": 8, "mem-fraction-static": 0.88}, failure_label="oom_cuda_graph",
            numbers={"tried_bytes": 2**30}, log_tail="torch.OutOfMemoryError: CUDA out of memory. " * 20,
        )  # fmt: skip
        t0 = time.perf_counter()
        store.record_attempt(rec)
        if i % 10 == 9:
            store.upsert_verified(
                VerifiedConfig("h200", 8, MODEL, "fp8", "balanced", "0.5.10", {"tp": 8, "mem-fraction-static": 0.86})
            )
        lat.append(time.perf_counter() - t0)
    store.close()
    out.put(lat)


def writers(target: str, count: int, writes: int) -> dict[str, Any]:
    from safelaunch.store import Store

    Store.open(target).close()  # created and migrated before the clock starts
    ctx = multiprocessing.get_context("spawn")
    barrier, out = ctx.Barrier(count + 1), ctx.Queue()
    procs = [ctx.Process(target=_writer, args=(target, w, writes, barrier, out)) for w in range(count)]
    for p in procs:
        p.start()
    barrier.wait()
    t0 = time.monotonic()
    lat = sorted(x for _ in procs for x in out.get(timeout=600))
    wall = time.monotonic() - t0
    for p in procs:
        p.join()
    return {
        "writers": count,
        "writes": len(lat),
        "p50_ms": round(1000 * lat[len(lat) // 2], 2),
        "p99_ms": round(1000 * lat[int(len(lat) * 0.99)], 2),
        "max_ms": round(1000 * lat[-1], 2),
        "writes_per_s": round(len(lat) / wall, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hosts", type=int, default=20)
    ap.add_argument("--writers", type=int, default=20)
    ap.add_argument("--writes", type=int, default=200, help="writes per writer")
    ap.add_argument("--url", help="an existing PostgreSQL database (default: a throwaway cluster)")
    ap.add_argument("--json", dest="json_out", help="write the results here")
    args = ap.parse_args()
    from tests import pg

    cluster = None
    work = Path(tempfile.mkdtemp(prefix="safelaunch-fleet-bench-"))
    os.environ["SAFELAUNCH_HOME"] = str(work / "bench-home")
    try:
        if args.url:
            url_join = url_write = args.url
        else:
            bindir, why = pg.find_binaries()
            if bindir is None:
                raise SystemExit(f"fleet_store: {why}; or pass --url")
            cluster = pg.Cluster(bindir)
            cluster.init()
            os.environ["PGPASSWORD"] = pg.PASSWORD
            url_join, url_write = cluster.new_database(), cluster.new_database()
        results = {"join": join(url_join, args.hosts, work)}
        j = results["join"]
        print(
            f"join: {j['hosts']} hosts, {j['fleet_total_attempts']} attempts in all vs {j['no_fleet_total_attempts']} "
            f"without the fleet ({j['hosts']} x {j['cold_attempts_one_host']}); {j['hosts_from_fleet_at_attempt_1']} "
            f"healthy at attempt 1 from the fleet; time to healthy {j['cold_wall_s_one_host']} s cold, "
            f"{j['fleet_mean_wall_s_after_first']} s from the fleet (mean, whole CLI run)"
        )
        for name, target in (("postgresql", url_write), ("sqlite", str(work / "writers.db"))):
            r = writers(target, args.writers, args.writes)
            results[f"writers_{name}"] = r
            print(
                f"writers ({name}): {r['writers']} processes x {args.writes} writes: p50 {r['p50_ms']} ms, "
                f"p99 {r['p99_ms']} ms, max {r['max_ms']} ms, {r['writes_per_s']} writes/s"
            )
        if args.json_out:
            Path(args.json_out).write_text(json.dumps(results, indent=2))
    finally:
        if cluster is not None:
            cluster.destroy()


if __name__ == "__main__":
    main()
