"""safelaunch on real GPUs: real allocations, real OOM, real recovery, measured against a naive loop.

Runs on any NVIDIA host with PyTorch (the simulated engine's `--memory cuda` backend makes every allocation
real; SGLang itself is not needed):

    python benchmarks/gpu/run.py --out results/            # all GPUs present: 1 GPU, then 2 if there are 2

For each GPU count it records:
  1. real `safelaunch detect --json`;
  2. safelaunch: `safelaunch serve MODEL --engine sim --tp N --mem-fraction-static START --exit-when-healthy`,
     with the CUDA backend: attempts, time to healthy, the failure and its numbers, the reaction time from the
     OOM line to the next step, the time until NVML shows the memory freed, the final fraction and KV tokens;
  3. `serve --tune` from the same start on an empty store: its trials, every start counted, the fraction it serves at;
  4. naive: the same start, lowered by 0.05 after each failure (no figures read);
  5. reference: the highest fraction that works (bisection), and the KV capacity left on the table; "works"
     means it boots AND answers one request as long as a whole prefill chunk (booting is not serving).
With 2 GPUs the first scenario starts at TP 1 with a model that does not fit one GPU: safelaunch must see the
real weight-loading OOM and escalate to TP 2.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from safelaunch.core import hardware, logwatch  # noqa: E402
from safelaunch.host import engine as engine_mod  # noqa: E402
from safelaunch.host import nvml  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from serve_suite import full_chunk_probe, run_serve_json  # noqa: E402

SIM_OVERRIDES: dict[str, str] = {}


def env_for(gpus: int, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SAFELAUNCH_")}
    env.update(
        {
            "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p),
            "CUDA_VISIBLE_DEVICES": ",".join(str(i) for i in range(gpus)),
            "SAFELAUNCH_SIM_MEMORY": "cuda",
            "SAFELAUNCH_SIM_SPEED": "50",
            "SAFELAUNCH_SIM_SEED": "1",
            "NCCL_NVLS_ENABLE": "0",
            "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1",
            "NVSHMEM_DISABLE_NVLS": "1",
        }
    )
    env.update(SIM_OVERRIDES)
    env.update(extra or {})
    return env


def detect(gpus: int) -> dict[str, Any]:
    t0 = time.monotonic()
    res = subprocess.run(
        [sys.executable, "-m", "safelaunch", "detect", "--json"],
        capture_output=True,
        text=True,
        env=env_for(gpus),
        timeout=60,
    )
    out = json.loads(res.stdout) if res.returncode == 0 else {"error": res.stderr.strip()}
    out["seconds"] = time.monotonic() - t0
    return out


def safelaunch_serve(model: str, gpus: int, tp: int, fraction: float) -> tuple[dict[str, Any], dict[str, Any]]:
    """The cold start from `fraction`, then the same command again with the store warm (the next start: the
    verified config, or the candidate NVML's reading of the headroom after a full chunk allows)."""
    with tempfile.TemporaryDirectory() as home:
        args = [model, "--tp", str(tp), "--mem-fraction-static", str(fraction), "--max-attempts", "6"]
        env = env_for(gpus, {"SAFELAUNCH_HOME": home})
        return run_serve_json(args, env, 900), run_serve_json(args, env, 900)


def safelaunch_tuned(model: str, gpus: int, tp: int, fraction: float) -> dict[str, Any]:
    """`serve --tune` from the same start on an empty store: its trials (each a boot judged by a full prefill chunk,
    the fraction moved by the ledger), then the server at the best it found; every start counted."""
    with tempfile.TemporaryDirectory() as home:
        args = [model, "--tp", str(tp), "--mem-fraction-static", str(fraction), "--max-attempts", "6", "--tune"]
        return run_serve_json(args, env_for(gpus, {"SAFELAUNCH_HOME": home}), 900)


def launch_once(model: str, gpus: int, tp: int, fraction: float, port: int) -> dict[str, Any]:
    """One start of the CUDA-backed engine: until ready or failure; then stop it and time the GPU release."""
    from safelaunch.core.sglang_args import render_argv

    argv = [
        sys.executable,
        "-m",
        "safelaunch.sim",
        "--model-path",
        model,
        *render_argv({"tp": tp, "mem-fraction-static": fraction}, None),
        "--port",
        str(port),
    ]
    indices = list(range(gpus))
    baseline = engine_mod.gpu_used_now(indices)
    t0 = time.monotonic()
    proc = engine_mod.EngineProcess(argv, env_for(gpus)).start()
    clf = logwatch.LogClassifier()
    failure_at = None
    probe: dict[str, Any] = {}
    prober: threading.Thread | None = None
    result: dict[str, Any] = {"fraction": fraction, "tp": tp}
    try:
        while True:
            line = proc.read(0.05)
            if line is not None:
                events = clf.feed(line.text)
                # SGLang's own ready line comes after warm-up's first forward; uvicorn's lines come earlier.
                # Booting is not serving: then one request as long as a whole prefill chunk must be answered.
                if "fired up and ready to roll" in line.text and prober is None:
                    result["kv_tokens"] = clf.diagnosis().numbers.get("max_total_num_tokens")
                    prober = threading.Thread(target=full_chunk_probe, args=(port, probe), daemon=True)
                    prober.start()
                for ev in events:
                    if ev.kind == "failure" and failure_at is None:
                        failure_at = time.monotonic()
            if prober is not None and not prober.is_alive() and failure_at is None:
                if probe.get("ok"):
                    result.update(ok=True, label="healthy")
                    return result
                failure_at = time.monotonic()
            done = failure_at is not None and time.monotonic() - failure_at > 0.3
            if done or (not proc.is_alive() and proc.output_closed) or time.monotonic() - t0 > 300:
                d = clf.diagnosis()
                label = d.label if d.label != "healthy" else f"load:{probe.get('error')}"
                result.update(ok=False, label=label, numbers=dict(d.numbers))
                return result
    finally:
        pids = proc.pids()
        stop = proc.stop(grace=0.5)
        release = engine_mod.wait_gpu_release(list(stop.pids or pids), indices, timeout=60, baseline_used=baseline)
        result.update(
            seconds=round(time.monotonic() - t0, 2),
            stop_s=round(stop.seconds, 3),
            release_s=round(release.seconds, 3),
            released=release.released,
        )


def naive(model: str, gpus: int, tp: int, start: float, port: int) -> dict[str, Any]:
    t0 = time.monotonic()
    runs = []
    fraction = start
    while fraction >= 0.3 and len(runs) < 6:  # the same attempt limit as safelaunch's policy
        r = launch_once(model, gpus, tp, round(fraction, 3), port)
        runs.append(r)
        if r["ok"]:
            break
        fraction -= 0.05
    return {
        "attempts": len(runs),
        "healthy": runs[-1]["ok"],
        "final_fraction": runs[-1]["fraction"],
        "kv_tokens": runs[-1].get("kv_tokens"),
        "wall_s": round(time.monotonic() - t0, 2),
        "runs": runs,
    }


def bisect(model: str, gpus: int, tp: int, lo: float, hi: float, port: int, resolution: float = 0.01) -> dict[str, Any]:
    """The highest fraction that comes up healthy, between a known-good `lo` and a known-bad `hi`."""
    runs = []
    best_kv = None
    while hi - lo > resolution:
        mid = round((lo + hi) / 2, 3)
        r = launch_once(model, gpus, tp, mid, port)
        runs.append(r)
        if r["ok"]:
            lo, best_kv = mid, r.get("kv_tokens")
        else:
            hi = mid
    return {"best_fraction": lo, "kv_tokens": best_kv, "probes": len(runs), "runs": runs}


def torch_info() -> dict[str, Any]:
    code = (
        "import torch,json;print(json.dumps({'torch':torch.__version__,'cuda':torch.version.cuda,"
        "'devices':[torch.cuda.get_device_name(i) for i in range(torch.cuda.device_count())]}))"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    return json.loads(res.stdout) if res.returncode == 0 else {"error": res.stderr[-500:]}


SCENARIOS = {
    # GPUs -> (name, model, start TP, too-high start fraction)
    1: [
        ("fraction", "meta-llama/Llama-3.1-70B-Instruct", 1, 0.99),  # the weights leave a small KV pool
        ("fraction_large_pool", "Qwen/Qwen3-8B", 1, 0.99),  # they leave most of the GPU to the pool
    ],
    2: [
        ("fraction", "deepseek-ai/DeepSeek-V4-Flash", 2, 0.97),
        ("tp_escalation", "deepseek-ai/DeepSeek-V4-Flash", 1, 0.9),
    ],
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="gpu-results", help="folder for results.json")
    ap.add_argument("--gpus", default=None, help="comma list of GPU counts to run (default: 1, and 2 if present)")
    ap.add_argument("--skip-bisect", action="store_true")
    ap.add_argument(
        "--sim-profile",
        metavar="SPEC",
        help="rehearse without a GPU: the simulated memory backend on this host profile (e.g. 2xh200)",
    )
    args = ap.parse_args()
    if args.sim_profile:
        SIM_OVERRIDES.update({"SAFELAUNCH_SIM_MEMORY": "sim", "SAFELAUNCH_HOST_PROFILE": args.sim_profile})
        present = hardware.profile_host(args.sim_profile).gpu_count
    else:
        present = nvml.detect().gpu_count
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    counts = [int(x) for x in args.gpus.split(",")] if args.gpus else [n for n in (1, 2) if n <= present]
    results: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
        "host": platform.node(),
        "python": sys.version.split()[0],
        "torch": {} if args.sim_profile else torch_info(),
        "backend": "sim" if args.sim_profile else "cuda",
        "produced_by": (
            "benchmarks/gpu/run.py: the simulated engine (safelaunch.sim), not SGLang; "
            + (
                f"a rehearsal on host profile {args.sim_profile}, no GPU"
                if args.sim_profile
                else "its CUDA memory backend made every allocation on real GPUs (read by NVML)"
            )
        ),
        "runs": {},
    }
    port = 32000
    for n in counts:
        section: dict[str, Any] = {"detect": detect(n)}
        print(f"== {n} GPU(s): detect {section['detect'].get('seconds', 0):.2f}s", flush=True)
        for name, model, tp, start in SCENARIOS[n]:
            port += 10
            sc: dict[str, Any] = {"model": model, "tp": tp, "start": start}
            sc["safelaunch"], sc["next_start"] = safelaunch_serve(model, n, tp, start)
            _say(f"{name} safelaunch", sc["safelaunch"])
            _say(f"{name} next start", sc["next_start"])
            if name.startswith("fraction"):
                sc["tuned"] = safelaunch_tuned(model, n, tp, start)
                tu = sc["tuned"]
                print(
                    f"   serve --tune: healthy={tu.get('healthy')} {tu['starts']} starts, {tu['wall_s']:.1f}s, final "
                    f"{(tu.get('flags') or {}).get('mem-fraction-static')} kv={tu.get('kv_tokens')}; {tu['trials']}",
                    flush=True,
                )
                sc["naive"] = naive(model, n, tp, start, port)
                nv = sc["naive"]
                print(
                    f"   naive: healthy={nv['healthy']} {nv['attempts']} attempts, {nv['wall_s']}s, final "
                    f"{nv['final_fraction']} labels={[r['label'] for r in nv['runs']]}",
                    flush=True,
                )
                good = [
                    float(r["flags"]["mem-fraction-static"])
                    for r in (sc["safelaunch"], sc["next_start"], sc["tuned"])
                    if r.get("healthy") and (r.get("flags") or {}).get("mem-fraction-static")
                ]
                if not args.skip_bisect and good:
                    sc["best"] = bisect(model, n, tp, max(good), start, port + 1, resolution=0.005)
                    best = sc["best"]
                    print(
                        f"   best fraction {best['best_fraction']} kv={best['kv_tokens']} ({best['probes']} probes)",
                        flush=True,
                    )
            section[name] = sc
            results["runs"][str(n)] = section
            (out / "results.json").write_text(json.dumps(results, indent=1, default=str))
    print(f"results: {out / 'results.json'}")


def _say(name: str, r: dict[str, Any]) -> None:
    fails = ", ".join(f"{f['label']}" for f in r.get("failures", []))
    print(
        f"   {name}: healthy={r.get('healthy')} attempts={r.get('attempts')} wall {r.get('wall_s', 0):.1f}s "
        f"time_to_healthy={r.get('time_to_healthy_s')} failures=[{fails}] final={r.get('flags', {}).get('tp')}/"
        f"{r.get('flags', {}).get('mem-fraction-static')} kv={r.get('kv_tokens')} react={r.get('react_s')} "
        f"release={r.get('release_s')}",
        flush=True,
    )


if __name__ == "__main__":
    main()
