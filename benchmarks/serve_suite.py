"""safelaunch vs a naive retry loop on a fixed suite of simulated scenarios (one run, ratios printed).

For each scenario (model x host x strategy x seed, all on the simulated engine, which hides per-scenario
variation in graph and workspace sizes from every planner):
  - safelaunch, empty store: `safelaunch serve --engine sim --exit-when-healthy --json` (the real CLI);
  - safelaunch, warm store: the same command again;
  - naive: SGLang's default fraction at the same TP, lowered by 0.05 after each failure, no TP change;
  - best: the highest fraction that works at the final TP, found by bisection (resolution 0.005).
"Works" means boots AND survives one full-chunk prefill: once ready, one `/generate` with `input_ids` as long as
the chunked prefill size (or the longest input the server takes, if smaller) and 4 new tokens. The sim's serving
forwards need activation memory outside the static pool, so a fraction that only boots is not counted.
safelaunch's own final config is judged the same way: after `serve --exit-when-healthy`, its final flags are
launched once more with that probe ("load" column: ok, or the failure label).
Reported: mean / max attempts to healthy, share of scenarios healthy, KV capacity reached as a share of the
best fraction's, and the reaction time from the failure line to the tree stopped and the next step decided.

    python benchmarks/serve_suite.py [--quick] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from safelaunch.core import logwatch  # noqa: E402
from safelaunch.host import engine as engine_mod  # noqa: E402

SPEED = "400"
SCENARIOS: list[tuple[str, str, str, int]] = [
    (model, host, strategy, seed)
    for model, host, strategy in [
        ("deepseek-ai/DeepSeek-V4-Flash", "8xh200", "balanced"),
        ("deepseek-ai/DeepSeek-V4-Flash", "8xb200", "balanced"),
        ("deepseek-ai/DeepSeek-V3", "8xh200", "balanced"),
        ("Qwen/Qwen3-235B-A22B-FP8", "8xh100", "balanced"),
        ("Qwen/Qwen3-235B-A22B-FP8", "4xh200", "high-throughput"),
        ("meta-llama/Llama-3.1-70B-Instruct", "4xh100", "balanced"),
        ("meta-llama/Llama-3.1-70B-Instruct", "2xh200", "low-latency"),
        ("meta-llama/Llama-3.1-8B-Instruct", "1xl40s", "balanced"),
        ("Qwen/Qwen3-8B", "1xh100", "high-throughput"),
        ("Qwen/Qwen3-8B", "1xa100-40gb", "balanced"),
    ]
    for seed in (1, 2)
]


@dataclass
class Launch:
    ok: bool
    label: str
    kv_tokens: int | None
    seconds: float


def sim_env(host: str, seed: int) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SAFELAUNCH_HOST_PROFILE": host,
        "SAFELAUNCH_SIM_SEED": str(seed),
        "SAFELAUNCH_SIM_SPEED": SPEED,
    }


def launch_once(model: str, flags: dict[str, Any], host: str, seed: int, port: int, probe: bool = True) -> Launch:
    """Start the simulated engine with these flags until it is ready or fails, then (with `probe`) send one
    full-chunk prefill and see whether it survives; always stop it."""
    from safelaunch.core.sglang_args import render_argv
    from safelaunch.sim.versions import DEFAULT_VERSION

    argv = [
        sys.executable,
        "-m",
        "safelaunch.sim",
        "--model-path",
        model,
        *render_argv(flags, DEFAULT_VERSION),  # the SGLang the sim imitates by default (0.5.10.post1)
        "--port",
        str(port),
    ]
    t0 = time.monotonic()
    proc = engine_mod.EngineProcess(argv, sim_env(host, seed)).start()
    clf = logwatch.LogClassifier()
    failure_at = None
    ready_kv: int | None = None
    probe_thread: threading.Thread | None = None
    probe_result: dict[str, Any] = {}
    try:
        while True:
            line = proc.read(0.05)
            if line is not None:
                for ev in clf.feed(line.text):
                    if ev.kind == "ready" and probe_thread is None and failure_at is None:
                        d = clf.diagnosis()
                        kv = d.numbers.get("max_total_num_tokens") or d.numbers.get("kv_tokens")
                        ready_kv = int(kv) if kv else 0
                        if not probe:
                            return Launch(True, "healthy", ready_kv or None, time.monotonic() - t0)
                        probe_thread = threading.Thread(target=full_chunk_probe, args=(port, probe_result), daemon=True)
                        probe_thread.start()
                    if ev.kind == "failure" and failure_at is None:
                        failure_at = time.monotonic()
            if probe_thread is not None and not probe_thread.is_alive() and failure_at is None:
                if probe_result.get("ok"):
                    return Launch(True, "healthy", ready_kv or None, time.monotonic() - t0)
                failure_at = time.monotonic()  # no answer: wait a moment for the engine's own words
            if (failure_at and time.monotonic() - failure_at > 0.2) or (not proc.is_alive() and proc.output_closed):
                label = clf.diagnosis().label
                if label == "healthy":  # ready, then the probe failed without a failure line
                    label = f"load:{probe_result.get('error', 'no answer')}"
                return Launch(False, label, None, time.monotonic() - t0)
            if time.monotonic() - t0 > 60:
                return Launch(False, "hang", None, time.monotonic() - t0)
    finally:
        proc.stop(grace=0.5)


def full_chunk_probe(port: int, result: dict[str, Any]) -> None:
    """One request as long as a whole prefill chunk (what load brings soon enough); result['ok'] if answered."""
    import httpx

    base = f"http://127.0.0.1:{port}"
    try:
        info = httpx.get(f"{base}/server_info", timeout=10).json()
        chunk = int(info.get("chunked_prefill_size") or 0)
        longest = int(info.get("max_req_input_len") or chunk)
        tokens = min(chunk, longest) if chunk > 0 else longest
        body = {"input_ids": [1 + i % 1000 for i in range(tokens)], "sampling_params": {"max_new_tokens": 4}}
        r = httpx.post(f"{base}/generate", json=body, timeout=30)
        result["ok"] = r.status_code == 200
        result["error"] = None if result["ok"] else f"HTTP {r.status_code}"
    except (httpx.HTTPError, ValueError) as exc:
        result["ok"] = False
        result["error"] = type(exc).__name__


def run_serve_json(args: list[str], env: dict[str, str], timeout: float) -> dict[str, Any]:
    """The real CLI: `safelaunch serve --engine sim --exit-when-healthy --json ARGS`; its summary (last JSON line),
    with the wall time and the end of its log (stderr) added."""
    t0 = time.monotonic()
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "safelaunch",
            "--log-format",
            "json",
            "serve",
            "--engine",
            "sim",
            "--exit-when-healthy",
            "--json",
            *args,
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )
    lines = [x for x in res.stdout.splitlines() if x.startswith("{")]
    out = (
        json.loads(lines[-1])
        if lines
        else {"healthy": False, "attempts": 0, "flags": {}, "failures": [], "error": res.stderr[-2000:]}
    )
    out["wall_s"] = time.monotonic() - t0
    out["log_tail"] = res.stderr.splitlines()[-40:]
    return out


def safelaunch_serve(model: str, host: str, strategy: str, seed: int, home: str) -> dict[str, Any]:
    env = sim_env(host, seed)
    env.pop("SAFELAUNCH_HOST_PROFILE")
    env["SAFELAUNCH_HOME"] = home
    return run_serve_json([model, "--host-profile", host, "--strategy", strategy], env, 300)


def naive(model: str, host: str, seed: int, tp: int, extra: dict[str, Any], port: int) -> tuple[int, Launch]:
    """SGLang's default first, then 0.05 lower after each failure; the same TP throughout."""
    fraction: float | None = None
    for attempt in range(1, 9):
        flags = {**extra, "tp": tp}
        if fraction is not None:
            flags["mem-fraction-static"] = round(fraction, 3)
        result = launch_once(model, flags, host, seed, port)
        if result.ok:
            return attempt, result
        if fraction is None:
            fraction = default_fraction(host, tp)
        fraction -= 0.05
        if fraction < 0.3:
            break
    return attempt, result


def default_fraction(host: str, tp: int) -> float:
    from safelaunch.core import hardware, memory

    return float(memory.default_mem_fraction(hardware.profile_host(host).min_memory_total, tp))


def best(model: str, host: str, seed: int, flags: dict[str, Any], port: int) -> tuple[float | None, int | None]:
    """The highest fraction that works with these other flags (bisection), and its KV capacity."""
    lo, hi = 0.30, 0.97
    found: tuple[float | None, int | None] = (None, None)
    top = launch_once(model, {**flags, "mem-fraction-static": hi}, host, seed, port)
    if top.ok:
        return hi, top.kv_tokens
    while hi - lo > 0.005:
        mid = round((lo + hi) / 2, 4)
        r = launch_once(model, {**flags, "mem-fraction-static": mid}, host, seed, port)
        if r.ok:
            lo, found = mid, (mid, r.kv_tokens)
        elif r.label in ("oom_kv_cache", "oom_weights"):
            lo = mid  # too little static memory: the best is higher
        else:
            hi = mid
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="only the first 6 scenarios")
    ap.add_argument("--json", metavar="OUT", help="write every figure to this file")
    args = ap.parse_args()
    scenarios = SCENARIOS[:6] if args.quick else SCENARIOS
    rows = []
    port = 31000
    for model, host, strategy, seed in scenarios:
        port += 1
        with tempfile.TemporaryDirectory() as home:
            cold = safelaunch_serve(model, host, strategy, seed, home)
            warm = safelaunch_serve(model, host, strategy, seed, home)
        flags = {k: v for k, v in (cold.get("flags") or {}).items() if k != "mem-fraction-static"}
        tp = int(flags.get("tp") or 1)
        final = dict(cold.get("flags") or {})
        load = launch_once(model, final, host, seed, port) if cold.get("healthy") else None
        n_attempts, n_result = naive(model, host, seed, tp, {k: v for k, v in flags.items() if k != "tp"}, port)
        best_f, best_kv = best(model, host, seed, flags, port) if cold.get("healthy") else (None, None)
        row = {
            "scenario": f"{model.split('/')[-1]} {host} {strategy} seed{seed}",
            "sl_attempts": cold.get("attempts"),
            "sl_healthy": cold.get("healthy"),
            "sl_warm_attempts": warm.get("attempts"),
            "sl_warm_from_store": warm.get("from_store"),
            "sl_fraction": (cold.get("flags") or {}).get("mem-fraction-static"),
            "sl_kv": cold.get("kv_tokens"),
            "sl_react_s": cold.get("react_s") or [],
            "sl_load_ok": load.ok if load else None,
            "sl_load_label": load.label if load else None,
            "naive_attempts": n_attempts,
            "naive_healthy": n_result.ok,
            "naive_kv": n_result.kv_tokens,
            "best_fraction": best_f,
            "best_kv": best_kv,
        }
        row["sl_kv_share"] = (row["sl_kv"] / best_kv) if row["sl_kv"] and best_kv else None
        row["naive_kv_share"] = (row["naive_kv"] / best_kv) if row["naive_kv"] and best_kv else None
        rows.append(row)
        print(
            f"{row['scenario']:<52} safelaunch {row['sl_attempts']} att ({'ok' if row['sl_healthy'] else 'FAIL'}, "
            f"f={row['sl_fraction']}, kv {_pct(row['sl_kv_share'])}, load {_load(row)}), warm "
            f"{row['sl_warm_attempts']}; naive "
            f"{row['naive_attempts']} att ({'ok' if row['naive_healthy'] else 'FAIL'}, "
            f"kv {_pct(row['naive_kv_share'])});"
            f" best f={best_f}",
            flush=True,
        )
    report(rows)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


def _load(row: dict[str, Any]) -> str:
    if row["sl_load_ok"] is None:
        return "-"
    return "ok" if row["sl_load_ok"] else f"FAIL {row['sl_load_label']}"


def _pct(x: float | None) -> str:
    return f"{100 * x:.1f}%" if x is not None else "-"


def _mean(xs: list[float]) -> float:
    return statistics.fmean(xs) if xs else float("nan")


def report(rows: list[dict[str, Any]]) -> None:
    n = len(rows)
    sl = [r["sl_attempts"] or 0 for r in rows]
    warm = [r["sl_warm_attempts"] or 0 for r in rows]
    nv = [r["naive_attempts"] for r in rows]
    # a config that dies of a full chunk has no capacity worth counting: only load-safe configs are compared
    sl_share = [r["sl_kv_share"] for r in rows if r["sl_kv_share"] is not None and r["sl_load_ok"] is not False]
    nv_share = [r["naive_kv_share"] for r in rows if r["naive_kv_share"] is not None]
    react = [x for r in rows for x in r["sl_react_s"] if x > 0]  # 0: no failure line (a headroom check)
    print()
    print(f"{'':<34}{'safelaunch':>12}{'naive':>12}{'ratio':>10}")
    print(f"{'mean attempts (empty store)':<34}{_mean(sl):>12.2f}{_mean(nv):>12.2f}{_mean(nv) / _mean(sl):>9.2f}x")
    print(f"{'max attempts':<34}{max(sl):>12}{max(nv):>12}")
    print(f"{'mean attempts (warm store)':<34}{_mean(warm):>12.2f}")
    healthy_sl = sum(1 for r in rows if r["sl_healthy"]) / n
    healthy_nv = sum(1 for r in rows if r["naive_healthy"]) / n
    print(f"{'scenarios healthy':<34}{100 * healthy_sl:>11.0f}%{100 * healthy_nv:>11.0f}%")
    load_sl = sum(1 for r in rows if r["sl_load_ok"]) / n
    print(f"{'final config survives full chunk':<34}{100 * load_sl:>11.0f}%{100 * healthy_nv:>11.0f}%")
    print(f"{'KV capacity vs best (mean)':<34}{100 * _mean(sl_share):>11.1f}%{100 * _mean(nv_share):>11.1f}%")
    print(f"{'KV capacity vs best (min)':<34}{100 * min(sl_share or [0]):>11.1f}%{100 * min(nv_share or [0]):>11.1f}%")
    if react:
        print(
            f"{'failure line -> next step (max)':<34}{max(react) * 1000:>10.0f}ms   (mean {_mean(react) * 1000:.0f} ms,"
            " GPU release excluded)"
        )
    print(f"targets: mean attempts <= 1.5 empty store, == 1 warm; KV >= 98% of best; reaction < 1 s; {n} scenarios")


if __name__ == "__main__":
    main()
