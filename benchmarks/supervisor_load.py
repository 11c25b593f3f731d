"""The supervisor's own cost while serving under load: CPU (% of one core) and RSS over time.

Starts `safelaunch serve --daemon` on the simulated engine (real HTTP, one process per GPU, speed 1: real-time
token pacing, SGLang's log lines and access lines, which the supervisor classifies one by one), waits until it
is healthy, then keeps `python -m safelaunch.loadgen` running against it for the whole window while it samples
the supervisor process alone (not the engine, not the load generator) every `--every` seconds. Meanwhile the
supervisor does what it does in production: reads and classifies every line, looks at every rank in /proc
each second, runs a liveness generation every 5 s. Goal: < 1 % of one core and < 80 MB RSS, flat.

    python benchmarks/supervisor_load.py [--minutes 10] [--every 10] [--concurrency 16] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import psutil

ROOT = Path(__file__).resolve().parent.parent
MODEL = "Qwen/Qwen3-8B"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(port: int, proc: subprocess.Popen, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"safelaunch exited with {proc.returncode} before healthy")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=30).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise SystemExit("no healthy server")


def loadgen(port: int, concurrency: int, prompts: int, out: Path) -> subprocess.Popen:
    """One `safelaunch.loadgen` run; its JSONL line (requests completed, tokens) is appended to `out`."""
    argv = [sys.executable, "-m", "safelaunch.loadgen", "--port", str(port), "--dataset-name", "random-ids"]
    argv += ["--output-file", str(out)]
    argv += ["--num-prompts", str(prompts), "--max-concurrency", str(concurrency), "--random-input-len", "1024"]
    argv += ["--random-output-len", "256", "--random-range-ratio", "1.0", "--warmup-requests", "0", "--disable-tqdm"]
    return subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--every", type=float, default=10.0, help="seconds between samples")
    ap.add_argument("--concurrency", type=int, default=16)
    ap.add_argument("--json", metavar="OUT", help="write the samples and the summary here")
    args = ap.parse_args()

    home = tempfile.mkdtemp(prefix="sl-bench-supervisor-")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SAFELAUNCH_")}
    env.update(SAFELAUNCH_HOME=home, SAFELAUNCH_SIM_SPEED="1", PYTHONPATH=str(ROOT))
    argv = [sys.executable, "-m", "safelaunch", "--log-format", "json", "serve", MODEL, "--engine", "sim"]
    argv += ["--host-profile", "2xh200", "--tp", "2", "--daemon", "--port", str(port)]
    log = open(Path(home) / "supervisor.log", "w")  # noqa: SIM115 - open for the supervisor's whole life
    sup = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
    load: subprocess.Popen | None = None
    samples: list[dict] = []
    requests_runs = 0
    try:
        wait_healthy(port, sup)
        me = psutil.Process(sup.pid)
        t0 = time.monotonic()
        cpu0 = sum(me.cpu_times()[:2])
        last_t, last_cpu = t0, cpu0
        end = t0 + args.minutes * 60
        next_sample = t0 + args.every
        while time.monotonic() < end:
            if load is None or load.poll() is not None:
                load = loadgen(port, args.concurrency, args.concurrency * 8, Path(home) / "load.jsonl")
                requests_runs += 1
            if sup.poll() is not None:
                raise SystemExit(f"safelaunch exited with {sup.returncode} while serving")
            now = time.monotonic()
            if now >= next_sample:
                cpu = sum(me.cpu_times()[:2])
                rss = me.memory_info().rss
                samples.append(
                    {
                        "t_s": round(now - t0, 1),
                        "cpu_pct": round(100 * (cpu - last_cpu) / (now - last_t), 3),
                        "rss_mb": round(rss / 2**20, 1),
                        "threads": me.num_threads(),
                    }
                )
                last = samples[-1]
                print(f"t={last['t_s']:7.1f}s  cpu {last['cpu_pct']:6.3f} %  rss {last['rss_mb']:.1f} MB", flush=True)
                last_t, last_cpu = now, cpu
                next_sample += args.every
            time.sleep(0.2)
        total_cpu = 100 * (sum(me.cpu_times()[:2]) - cpu0) / (time.monotonic() - t0)
    finally:
        if load is not None and load.poll() is None:
            load.terminate()
        sup.terminate()
        sup.wait(timeout=60)
        log.close()
    runs = [json.loads(line) for line in (Path(home) / "load.jsonl").read_text().splitlines() if line.strip()]
    rss = [s["rss_mb"] for s in samples]
    third = max(1, len(rss) // 3)
    summary = {
        "minutes": args.minutes,
        "concurrency": args.concurrency,
        "loadgen_runs": requests_runs,
        "requests_completed": sum(int(r.get("completed") or 0) for r in runs),
        "output_tokens": sum(int(r.get("total_output_tokens") or 0) for r in runs),
        "cpu_pct_mean": round(total_cpu, 3),
        "cpu_pct_max_sample": max((s["cpu_pct"] for s in samples), default=None),
        "rss_mb_first_third": round(sum(rss[:third]) / third, 1) if rss else None,
        "rss_mb_last_third": round(sum(rss[-third:]) / third, 1) if rss else None,
        "rss_mb_max": max(rss, default=None),
        "host": f"{platform.node()} {psutil.cpu_count()} cores, Python {platform.python_version()}",
    }
    print(json.dumps(summary, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": summary, "samples": samples}, indent=1))


if __name__ == "__main__":
    main()
