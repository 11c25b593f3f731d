"""safelaunch vs a naive retry loop on a fixed suite of simulated scenarios (one run, ratios printed).

Every scenario is a model x host x seed cell of the simulated engine (its truth is its own, sim/truth.py, not the
planner's) started two ways: from SGLang's default fraction (no `--mem-fraction-static`) and from a forced
too-high one (0.95-0.99). For each:
  - safelaunch, empty store, then warm store: `safelaunch serve --engine sim --exit-when-healthy --json` (the CLI);
    the warm start (the same command again) is judged as the cold one is, against the best for its own flags;
  - naive: safelaunch's own first config (`safelaunch plan --json`: the same recipe flags, env, TP and first
    fraction; with none, SGLang's default, read from the sim's `server_args=` line), 0.05 lower after each failure;
  - best: the highest fraction that works at safelaunch's final flags, by bisection (resolution 0.005), a
    failure believed only when it repeats, every fraction already seen to work a lower bound.
"Works" is one judge for all three: the engine boots, its port accepts connections, and it answers one
`/generate` as long as a full prefill chunk (`chunked_prefill_size`, or the longest input, if smaller). The
naive loop is judged at every attempt; safelaunch's final config is judged once after `serve` (it has its own
headroom check), and a final config that fails the judge counts as 0% of the best KV, not as missing.
A share above 100% is flagged ("!"): the best is then not the best (a flaky failure or other final flags).

    python benchmarks/serve_suite.py [--quick] [--json OUT] [--report JSON]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
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

SPEED = os.environ.get("SAFELAUNCH_SIM_SPEED", "400")
CELLS: list[tuple[str, str, int, float]] = [  # model, host profile, seed, forced start
    ("Qwen/Qwen3-8B", "1xh100", 1, 0.97),
    ("meta-llama/Llama-3.1-8B-Instruct", "1xl40s", 2, 0.95),
    ("Qwen/Qwen3-235B-A22B-FP8", "4xh200", 1, 0.99),
    ("Qwen/Qwen3-8B", "1xl40s", 1, 0.99),
    ("meta-llama/Llama-3.1-8B-Instruct", "1xh200", 1, 0.97),
    ("meta-llama/Llama-3.1-8B-Instruct", "1xb200", 2, 0.99),
    ("meta-llama/Llama-3.1-70B-Instruct", "4xh100", 1, 0.95),
    ("meta-llama/Llama-3.1-70B-Instruct", "2xh200", 2, 0.97),
    ("meta-llama/Llama-3.1-70B-Instruct", "2xh200-nvl", 1, 0.99),
    ("meta-llama/Llama-3.1-70B-Instruct", "2xb200", 1, 0.96),
    ("Qwen/Qwen3-235B-A22B-FP8", "8xh100", 2, 0.97),
    ("Qwen/Qwen3-235B-A22B-FP8", "4xh200-nvl", 2, 0.95),
    ("deepseek-ai/DeepSeek-V3", "8xh200", 1, 0.97),
    ("deepseek-ai/DeepSeek-V3", "8xb200", 2, 0.99),
    ("deepseek-ai/DeepSeek-V4-Flash", "8xh200", 1, 0.97),
    ("deepseek-ai/DeepSeek-V4-Flash", "8xb200", 2, 0.95),
]
SCENARIOS: list[tuple[str, str, int, float | None]] = [
    (m, h, s, start) for m, h, s, forced in CELLS for start in (None, forced)
]  # None: SGLang's default fraction
PRODUCED_BY = "benchmarks/serve_suite.py: the simulated engine (safelaunch.sim) on a host profile, not real hardware"
SERVER_ARGS_FRACTION = re.compile(r"server_args=ServerArgs\(.*?\bmem_fraction_static=([0-9.]+)")


@dataclass
class Launch:
    ok: bool
    label: str
    kv_tokens: int | None
    seconds: float  # to healthy (judged) or, on failure, until the tree is stopped
    fraction: float | None = None  # the fraction the engine used (its server_args line)


def sim_env(host: str, seed: int, extra: dict[str, str] | None = None) -> dict[str, str]:
    return {
        **os.environ,
        **(extra or {}),
        "PYTHONPATH": str(ROOT),
        "SAFELAUNCH_HOST_PROFILE": host,
        "SAFELAUNCH_SIM_SEED": str(seed),
        "SAFELAUNCH_SIM_SPEED": SPEED,
    }


def launch_once(model: str, flags: dict[str, Any], env: dict[str, str], port: int) -> Launch:
    """The judge: start the simulated engine with these flags; once ready and its port accepts connections, send
    one full-chunk prefill and see whether it survives; always stop it (stopping counted only on failure)."""
    from safelaunch.core.sglang_args import render_argv
    from safelaunch.sim.versions import DEFAULT_VERSION

    argv = [sys.executable, "-m", "safelaunch.sim", "--model-path", model]
    argv += [*render_argv(flags, DEFAULT_VERSION), "--port", str(port)]  # the SGLang the sim imitates by default
    t0 = time.monotonic()
    proc = engine_mod.EngineProcess(argv, env).start()
    clf = logwatch.LogClassifier()
    failure_at = None
    fraction: float | None = None
    ready_kv: int | None = None
    probe_thread: threading.Thread | None = None
    probe_result: dict[str, Any] = {}
    result: Launch | None = None
    try:
        while result is None:
            line = proc.read(0.05)
            if line is not None:
                m = SERVER_ARGS_FRACTION.search(line.text)
                if m and fraction is None:
                    fraction = float(m.group(1))
                for ev in clf.feed(line.text):
                    if ev.kind == "ready" and probe_thread is None and failure_at is None:
                        d = clf.diagnosis()
                        kv = d.numbers.get("max_total_num_tokens") or d.numbers.get("kv_tokens")
                        ready_kv = int(kv) if kv else 0
                        probe_thread = threading.Thread(target=full_chunk_probe, args=(port, probe_result), daemon=True)
                        probe_thread.start()
                    if ev.kind == "failure" and failure_at is None:
                        failure_at = time.monotonic()
            if probe_thread is not None and not probe_thread.is_alive() and failure_at is None:
                if probe_result.get("ok"):
                    return Launch(True, "healthy", ready_kv or None, time.monotonic() - t0, fraction)
                failure_at = time.monotonic()  # no answer: wait a moment for the engine's own words
            if (failure_at and time.monotonic() - failure_at > 0.2) or (not proc.is_alive() and proc.output_closed):
                label = clf.diagnosis().label
                if label == "healthy":  # ready, then the probe failed without a failure line
                    label = f"load:{probe_result.get('error', 'no answer')}"
                result = Launch(False, label, None, 0.0, fraction)
            elif time.monotonic() - t0 > 90:
                result = Launch(False, "hang", None, 0.0, fraction)
    finally:
        proc.stop(grace=0.5)
    result.seconds = time.monotonic() - t0
    return result


def wait_for_port(port: int, deadline_s: float = 30.0) -> bool:
    """True once 127.0.0.1:port accepts a connection: uvicorn logs "Application startup complete." ~2 ms before it
    binds, so the log line alone is not "ready to be asked"."""
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True
        except OSError:
            time.sleep(0.01)
    return False


def full_chunk_probe(port: int, result: dict[str, Any]) -> None:
    """One request as long as a whole prefill chunk (what load brings soon enough); result['ok'] if answered."""
    import httpx

    base = f"http://127.0.0.1:{port}"
    if not wait_for_port(port):
        result.update(ok=False, error="port never accepted a connection")
        return
    try:
        # one plain-HTTP client: no certificate store to load (httpx builds one per client, 25-50 ms, a cost no
        # naive script with curl or requests pays on http://), so the judge's own overhead is what it asks
        with httpx.Client(verify=False, trust_env=False, timeout=30) as client:
            info = client.get(f"{base}/server_info", timeout=10).json()
            chunk = int(info.get("chunked_prefill_size") or 0)
            longest = int(info.get("max_req_input_len") or chunk)
            tokens = min(chunk, longest) if chunk > 0 else longest
            body = {"input_ids": [1 + i % 1000 for i in range(tokens)], "sampling_params": {"max_new_tokens": 4}}
            r = client.post(f"{base}/generate", json=body)
        result["ok"] = r.status_code == 200
        result["error"] = None if result["ok"] else f"HTTP {r.status_code}"
    except (httpx.HTTPError, ValueError) as exc:
        result["ok"] = False
        result["error"] = type(exc).__name__


def cli(args: list[str], home: str, host: str, seed: int, timeout: float = 300) -> tuple[list[dict[str, Any]], str]:
    """`python -m safelaunch ARGS` on the simulated engine with its own store: the JSON lines it printed, its log."""
    env = sim_env(host, seed, {"SAFELAUNCH_HOME": home})
    env.pop("SAFELAUNCH_HOST_PROFILE")
    res = subprocess.run(
        [sys.executable, "-m", "safelaunch", "--log-format", "json", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )
    return [json.loads(x) for x in res.stdout.splitlines() if x.startswith("{")], res.stderr


def run_serve_json(args: list[str], env: dict[str, str], timeout: float) -> dict[str, Any]:
    """The real CLI: `safelaunch serve --engine sim --exit-when-healthy --json ARGS`; its summary (last JSON line),
    with the wall time and the end of its log (stderr) added. (benchmarks/gpu/run.py uses it too.)"""
    t0 = time.monotonic()
    argv = [sys.executable, "-m", "safelaunch", "--log-format", "json", "serve", "--engine", "sim"]
    res = subprocess.run(
        [*argv, "--exit-when-healthy", "--json", *args], capture_output=True, text=True, env=env, timeout=timeout
    )
    lines = [x for x in res.stdout.splitlines() if x.startswith("{")]
    out = (
        json.loads(lines[-1])
        if lines
        else {"healthy": False, "attempts": 0, "flags": {}, "failures": [], "error": res.stderr[-2000:]}
    )
    out["wall_s"] = time.monotonic() - t0
    err = res.stderr.splitlines()
    out["log_tail"] = err[-40:]
    # every engine start (with --tune: each trial's attempts, then the server's), and tune's own progress lines
    out["starts"] = sum(1 for x in err if x.startswith("{") and '"event": "attempt"' in x)
    out["trials"] = [x for x in err if x.startswith(("trial ", "tune:"))]
    return out


def safelaunch_serve(model: str, host: str, seed: int, start: float | None, home: str, port: int) -> dict[str, Any]:
    env = sim_env(host, seed, {"SAFELAUNCH_HOME": home})
    env.pop("SAFELAUNCH_HOST_PROFILE")
    forced = [] if start is None else ["--mem-fraction-static", str(start)]
    return run_serve_json([model, "--host-profile", host, "--port", str(port), *forced], env, 300)


def first_config(model: str, host: str, seed: int, start: float | None) -> tuple[dict[str, Any], dict[str, str]]:
    """safelaunch's first config on an empty store (`safelaunch plan --json`): flags and environment."""
    forced = [] if start is None else ["--mem-fraction-static", str(start)]
    with tempfile.TemporaryDirectory() as home:
        lines, log = cli(["plan", model, "--host-profile", host, "--json", *forced], home, host, seed, 120)
    if not lines:
        raise SystemExit(f"safelaunch plan failed for {model} on {host}: {log.strip().splitlines()[-1:]}")
    return dict(lines[-1].get("flags") or {}), dict(lines[-1].get("env") or {})


def naive(model: str, flags: dict[str, Any], env: dict[str, str], port: int) -> tuple[int, Launch, float]:
    """safelaunch's first config, then 0.05 lower after each judged failure; the same TP and flags throughout.
    Returns attempts, the last launch, and the time to it (every failed attempt's launch-to-stopped included)."""
    fraction = flags.get("mem-fraction-static")
    total = 0.0
    for attempt in range(1, 9):  # noqa: B007 (the count is returned)
        result = launch_once(model, flags, env, port)
        total += result.seconds
        if result.ok:
            break
        base = fraction if fraction is not None else result.fraction  # SGLang's default, as the engine logged it
        if base is None or base - 0.05 < 0.3:
            break
        fraction = round(base - 0.05, 4)
        flags = {**flags, "mem-fraction-static": fraction}
    return attempt, result, total


def best(
    model: str,
    flags: dict[str, Any],
    env: dict[str, str],
    port: int,
    known_ok: list[float],
    resolution: float = 0.005,
) -> tuple[float | None, int | None, int]:
    """The highest fraction that passes the judge with these other flags (bisection to `resolution`), its KV
    capacity, and the launches it took. A fraction seen to work elsewhere is a lower bound; a failure is believed
    only when it repeats (one flaky failure once gave a "best" of 0.63 where 0.876 works)."""
    launches = 0

    def judge(f: float) -> Launch:
        nonlocal launches
        launches += 1
        return launch_once(model, {**flags, "mem-fraction-static": f}, env, port)

    lo, hi = max([0.30, *known_ok]), 0.99
    found: tuple[float | None, int | None] = (None, None)
    top = judge(hi)
    if not top.ok and top.label not in ("oom_kv_cache", "oom_weights"):
        top = judge(hi)  # ambiguous until it repeats
    if top.ok:
        return hi, top.kv_tokens, launches
    if known_ok:
        r = judge(lo)
        found = (lo, r.kv_tokens) if r.ok else found
    while hi - lo > resolution:
        mid = round((lo + hi) / 2, 4)
        r = judge(mid)
        if not r.ok and r.label not in ("oom_kv_cache", "oom_weights"):
            r = judge(mid)  # a single failure below a success would end the search too low: ask again
        if r.ok:
            lo, found = mid, (mid, r.kv_tokens)
        elif r.label in ("oom_kv_cache", "oom_weights"):
            lo = mid  # too little static memory: the best is higher
        else:
            hi = mid
    return found[0], found[1], launches


def scenario_name(model: str, host: str, seed: int, start: float | None) -> str:
    return f"{model.split('/')[-1]} {host} seed{seed} " + ("default" if start is None else f"forced {start}")


def run_scenario(model: str, host: str, seed: int, start: float | None, port: int, cache: dict) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as home:
        cold = safelaunch_serve(model, host, seed, start, home, port)
        warm = safelaunch_serve(model, host, seed, start, home, port)
    first_flags, first_env = first_config(model, host, seed, start)
    env = sim_env(host, seed, first_env)
    final = dict(cold.get("flags") or {})
    judged = launch_once(model, final, env, port) if cold.get("healthy") else None
    n_attempts, n_result, n_time = naive(model, first_flags, env, port)
    # naive again, unchanged: its run-to-run spread is the noise floor any time comparison here stands on
    n2_attempts, n2_result, n2_time = naive(model, first_flags, env, port)
    others = {k: v for k, v in final.items() if k != "mem-fraction-static"}
    key = (model, host, seed, json.dumps(others, sort_keys=True))
    known = [float(final["mem-fraction-static"])] if judged and judged.ok and "mem-fraction-static" in final else []
    if key not in cache and cold.get("healthy"):
        cache[key] = best(model, others, env, port, known)
    best_f, best_kv, best_launches = cache.get(key, (None, None, 0))
    sl_kv = cold.get("kv_tokens") if judged and judged.ok else 0  # failing the judge: no capacity worth counting
    # the next start (the same command, the store warm): judged the same way, against the best for its own flags
    warm_final = dict(warm.get("flags") or {})
    warm_judged = launch_once(model, warm_final, env, port) if warm.get("healthy") else None
    warm_others = {k: v for k, v in warm_final.items() if k != "mem-fraction-static"}
    warm_key = (model, host, seed, json.dumps(warm_others, sort_keys=True))
    if warm_key not in cache and warm_judged is not None and warm_judged.ok:
        cache[warm_key] = best(model, warm_others, env, port, [float(warm_final["mem-fraction-static"])])
    warm_best_kv = cache.get(warm_key, (None, None, 0))[1]
    warm_kv = warm.get("kv_tokens") if warm_judged and warm_judged.ok else 0
    nv_kv = n_result.kv_tokens if n_result.ok else 0
    row = {
        "produced_by": PRODUCED_BY,
        "scenario": scenario_name(model, host, seed, start),
        "model": model,
        "host": host,
        "seed": seed,
        "start": start,
        "first_flags": first_flags,
        "sl_attempts": cold.get("attempts"),
        "sl_healthy": bool(cold.get("healthy")),
        "sl_time_s": cold.get("time_to_healthy_s"),
        "sl_wall_s": round(cold["wall_s"], 3),
        "sl_failures": [f.get("label") for f in cold.get("failures") or []],
        "sl_error": (cold.get("error") or "")[-600:],
        "sl_warm_attempts": warm.get("attempts"),
        "sl_warm_from_store": warm.get("from_store"),
        "sl_warm_fraction": warm_final.get("mem-fraction-static"),
        "sl_warm_kv": warm.get("kv_tokens"),
        "sl_warm_judge_ok": warm_judged.ok if warm_judged else None,
        "sl_warm_kv_share": (warm_kv or 0) / warm_best_kv if warm_best_kv else None,
        "sl_fraction": final.get("mem-fraction-static"),
        "sl_final_flags": final,
        "sl_kv": cold.get("kv_tokens"),
        "sl_react_s": cold.get("react_s") or [],
        "sl_judge_ok": judged.ok if judged else None,
        "sl_judge_label": judged.label if judged else None,
        "naive_attempts": n_attempts,
        "naive_healthy": n_result.ok,
        "naive_time_s": round(n_time, 3),
        "naive_repeat_attempts": n2_attempts,
        "naive_repeat_healthy": n2_result.ok,
        "naive_repeat_time_s": round(n2_time, 3),
        "naive_fraction": n_result.fraction,
        "naive_kv": n_result.kv_tokens,
        "best_fraction": best_f,
        "best_kv": best_kv,
        "best_launches": best_launches,
    }
    row["sl_kv_share"] = (sl_kv or 0) / best_kv if best_kv and cold.get("healthy") else None
    row["naive_kv_share"] = (nv_kv or 0) / best_kv if best_kv else None
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="only the first 6 scenarios (3 cells, both starts)")
    ap.add_argument("--only", metavar="TEXT", help="only the scenarios whose name contains TEXT")
    ap.add_argument("--json", metavar="OUT", help="write every figure to this file")
    ap.add_argument("--port-base", type=int, help="first port (two runs at once: give each its own range)")
    ap.add_argument("--report", metavar="JSON", help="print the summary of an earlier run's --json file; run nothing")
    args = ap.parse_args()
    if args.report:
        try:
            rows = json.loads(Path(args.report).read_text())
        except (OSError, ValueError) as exc:
            sys.exit(f"serve_suite: cannot read {args.report}: {exc}")
        try:
            report(rows)
        except (KeyError, TypeError, AttributeError) as exc:  # a file of another tool, or of an older schema
            why = f"no field {exc}" if isinstance(exc, KeyError) else f"{type(exc).__name__}: {exc}"
            sys.exit(f"serve_suite: {args.report} is not a --json file of this suite's schema ({why})")
        return
    scenarios = SCENARIOS[:6] if args.quick else SCENARIOS
    if args.only:
        scenarios = [s for s in scenarios if args.only in scenario_name(*s)]
        if not scenarios:
            sys.exit(f"serve_suite: no scenario's name contains {args.only!r} (e.g. {scenario_name(*SCENARIOS[0])!r})")
    rows: list[dict[str, Any]] = []
    cache: dict = {}
    port = args.port_base or 31000 + os.getpid() % 2000  # apart from another run's ports
    for model, host, seed, start in scenarios:
        port += 1
        row = run_scenario(model, host, seed, start, port, cache)
        rows.append(row)
        print(
            f"{row['scenario']:<52} safelaunch {row['sl_attempts']} att {_secs(row['sl_time_s'])} "
            f"({'ok' if row['sl_healthy'] else 'FAIL'}, f={row['sl_fraction']}, judge {_judge(row)}, kv "
            f"{_pct(row['sl_kv_share'])}), warm {row['sl_warm_attempts']} att f={row['sl_warm_fraction']} kv "
            f"{_pct(row['sl_warm_kv_share'])}; naive {row['naive_attempts']} att "
            f"{_secs(row['naive_time_s'])} ({'ok' if row['naive_healthy'] else 'FAIL'}, f={row['naive_fraction']}, "
            f"kv {_pct(row['naive_kv_share'])}); best f={row['best_fraction']}",
            flush=True,
        )
    report(rows)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


def _judge(row: dict[str, Any]) -> str:
    if row["sl_judge_ok"] is None:
        return "-"
    return "ok" if row["sl_judge_ok"] else f"FAIL {row['sl_judge_label']}"


def _secs(x: float | None) -> str:
    return f"{x:.2f}s" if x is not None else "-"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%" + (" !" if x > 1.0 else "")  # "!": above the best


def _mean(xs: list[float]) -> float:
    return statistics.fmean(xs) if xs else float("nan")


def _line(name: str, a: Any, b: Any = "") -> None:
    print(f"{name:<44}{a!s:>14}{b!s:>14}")


def noise_report(recovered: list[dict[str, Any]]) -> None:
    """Time at equal attempts against naive's own run-to-run spread (naive run twice, unchanged, in the same run).
    The band is the widest gap naive showed against itself, so "within it" is a weak statement: with ~30 pairs it
    holds almost by construction. The direction is the stronger one: were safelaunch's times like naive's, it would
    be slower on about half the equal-attempt scenarios, and the slowest (or the fastest) of the three runs on about
    a third each. Printed only for runs that measured it; a repeat that never got healthy is counted, not dropped."""
    measured = [r for r in recovered if r.get("naive_repeat_time_s") is not None]
    if not measured:
        return
    pairs = [r for r in measured if r.get("naive_repeat_healthy")]
    same = [r for r in pairs if r["naive_repeat_attempts"] == r["naive_attempts"]]
    head = (
        f"naive against itself (same first config, run twice): repeat unhealthy on {len(measured) - len(pairs)} of "
        f"{len(measured)}, attempts differ on {len(pairs) - len(same)} of {len(pairs)}"
    )
    if not same:
        print(f"{head}; no scenario took naive the same attempts twice: no noise floor, no time verdict")
        return
    signed = [(r["naive_repeat_time_s"] - r["naive_time_s"]) / r["naive_attempts"] for r in same]
    spread = [abs(x) for x in signed]
    floor = max(spread)  # per attempt: the widest gap naive showed against itself
    print(
        f"{head}; time gap per attempt median {_ms(statistics.median(spread))}, max {_ms(floor)}; the repeat "
        f"slower on {sum(x > 0 for x in signed)} of {len(same)}"
    )
    tied = [
        r
        for r in recovered
        if r["sl_healthy"] and r["sl_attempts"] == r["naive_attempts"] and r["sl_time_s"] is not None
    ]
    if not tied:
        return
    verdict = [_against(r["sl_time_s"] - r["naive_time_s"], floor * r["naive_attempts"]) for r in tied]
    print(
        f"as many attempts as naive ({len(tied)}): safelaunch faster beyond naive's widest spread on "
        f"{verdict.count('faster')}, within it on {verdict.count('tie')}, slower beyond it on {verdict.count('slower')}"
    )
    gaps = [(r["sl_time_s"] - r["naive_time_s"]) / r["naive_attempts"] for r in tied]
    alike = {id(r) for r in same}
    three = [r for r in tied if id(r) in alike]  # naive's two runs at safelaunch's attempts: three runs alike
    lo = sum(1 for r in three if r["sl_time_s"] < min(r["naive_time_s"], r["naive_repeat_time_s"]))
    hi = sum(1 for r in three if r["sl_time_s"] > max(r["naive_time_s"], r["naive_repeat_time_s"]))
    print(
        f"  direction: safelaunch minus naive per attempt median {_ms(statistics.median(gaps), sign=True)}, slower "
        f"on {sum(g > 0 for g in gaps)} of {len(tied)}; slower than both naive runs on {hi}, faster than both on "
        f"{lo} of {len(three)} (about a third each if the times were alike)"
    )


def _ms(seconds: float, sign: bool = False) -> str:
    return f"{1000 * seconds:{'+' if sign else ''}.0f} ms"


def _against(gap: float, bound: float) -> str:
    return "faster" if gap < -bound else "slower" if gap > bound else "tie"


def report(rows: list[dict[str, Any]]) -> None:
    forced = [r for r in rows if r["start"] is not None]
    default = [r for r in rows if r["start"] is None]

    def by2(rs: list[dict[str, Any]], who: str) -> str:
        ok = sum(1 for r in rs if r[f"{who}_healthy"] and (r[f"{who}_attempts"] or 9) <= 2)
        return f"{ok}/{len(rs)} {100 * ok / len(rs):.0f}%" if rs else "-"

    sl_share = [r["sl_kv_share"] for r in rows if r["sl_kv_share"] is not None]
    nv_share = [r["naive_kv_share"] for r in rows if r["naive_kv_share"] is not None]
    print()
    _line("", "safelaunch", "naive")
    _line("healthy by attempt 2, forced starts", by2(forced, "sl"), by2(forced, "naive"))
    _line(
        "mean attempts, cold, default start",
        f"{_mean([r['sl_attempts'] or 0 for r in default]):.2f}",
        f"{_mean([r['naive_attempts'] for r in default]):.2f}",
    )
    _line(
        "mean attempts, cold, forced start",
        f"{_mean([r['sl_attempts'] or 0 for r in forced]):.2f}",
        f"{_mean([r['naive_attempts'] for r in forced]):.2f}",
    )
    _line("max attempts", max(r["sl_attempts"] or 0 for r in rows), max(r["naive_attempts"] for r in rows))
    for name, rs in (("default", default), ("forced", forced)):
        warm = [r["sl_warm_attempts"] or 0 for r in rs]
        _line(f"warm start attempts, {name} (mean, max)", f"{_mean(warm):.2f}, {max(warm or [0])}")
    _line("healthy (naive: judged)", sum(r["sl_healthy"] for r in rows), sum(r["naive_healthy"] for r in rows))
    _line(
        "final config passes the judge",
        sum(bool(r["sl_judge_ok"]) for r in rows),
        sum(r["naive_healthy"] for r in rows),
    )
    _line("KV vs best, mean (judge failure = 0%)", _pct(_mean(sl_share)), _pct(_mean(nv_share)))
    _line("KV vs best, worst", _pct(min(sl_share or [0])), _pct(min(nv_share or [0])))
    warm_share = [r["sl_warm_kv_share"] for r in rows if r.get("sl_warm_kv_share") is not None]
    if warm_share:
        _line("next start (store warm): KV vs best, mean", _pct(_mean(warm_share)))
        _line("next start (store warm): KV vs best, worst", _pct(min(warm_share)))
        _line("next start passes the judge", sum(bool(r.get("sl_warm_judge_ok")) for r in rows))
    t_sl = [r["sl_time_s"] for r in rows if r["sl_time_s"] is not None]
    _line("time to healthy, mean (s)", f"{_mean(t_sl):.2f}", f"{_mean([r['naive_time_s'] for r in rows]):.2f}")
    over = [r["scenario"] for r in rows if any((s or 0) > 1.0 for s in (r["sl_kv_share"], r["naive_kv_share"]))]
    if over:
        print(f"share above 100% of best (best not trusted): {', '.join(over)}")
    recovered = [r for r in rows if r["naive_healthy"]]
    worse = [
        f"{r['scenario']} ({r['sl_attempts']} vs {r['naive_attempts']} att, {_secs(r['sl_time_s'])} vs "
        f"{_secs(r['naive_time_s'])})"
        for r in recovered
        if not r["sl_healthy"] or r["sl_attempts"] > r["naive_attempts"] or (r["sl_time_s"] or 1e9) > r["naive_time_s"]
    ]
    fewer = sum(1 for r in recovered if r["sl_healthy"] and r["sl_attempts"] < r["naive_attempts"])
    same = sum(1 for r in recovered if r["sl_healthy"] and r["sl_attempts"] == r["naive_attempts"])
    faster = sum(1 for r in recovered if (r["sl_time_s"] or 1e9) < r["naive_time_s"])
    print(
        f"where naive recovers ({len(recovered)}): safelaunch fewer attempts on {fewer}, as many on {same}, more on "
        f"{len(recovered) - fewer - same}; less time on {faster}"
    )
    print(
        f"where naive recovers ({len(recovered)}), safelaunch uses no more attempts and no more time on "
        f"{len(recovered) - len(worse)}; exceptions: {'; '.join(worse) or 'none'}"
    )
    retried = [r for r in recovered if r["naive_attempts"] >= 2]
    print(
        f"where naive needed a retry and recovered ({len(retried)}): safelaunch fewer attempts on "
        f"{sum(1 for r in retried if r['sl_healthy'] and r['sl_attempts'] < r['naive_attempts'])}, as many on "
        f"{sum(1 for r in retried if r['sl_healthy'] and r['sl_attempts'] == r['naive_attempts'])}; less time on "
        f"{sum(1 for r in retried if (r['sl_time_s'] or 1e9) < r['naive_time_s'])}"
    )
    noise_report(recovered)
    react = [x for r in rows for x in r["sl_react_s"] if x > 0]
    if react:
        print(f"failure line -> next step decided: max {max(react) * 1000:.0f} ms, mean {_mean(react) * 1000:.0f} ms")
    print(
        f"targets: >= 90% by attempt 2 forced; <= 1.3 mean cold default; 1 warm; KV >= 98% mean, >= 95% worst; "
        f"{len(rows)} scenarios"
    )


if __name__ == "__main__":
    main()
