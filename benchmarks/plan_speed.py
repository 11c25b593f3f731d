"""How long `safelaunch plan MODEL --host-profile SPEC` takes from the shell, against Python's own start-up.

Each command runs N times as a fresh subprocess of the same interpreter, one after another, and the median wall
time is reported beside two baselines measured in the same run: `python -c pass` (the interpreter) and
`python -c 'import safelaunch'` (the package's root). The ratio is plan's median over `python -c pass`'s.
Target (issue 19): plan under 0.3 s on the 2-core development VM with SGLang absent from the interpreter.

    python benchmarks/plan_speed.py [--runs 15] [--model Qwen/Qwen3-8B] [--host-profile 1xh200] [--json OUT]

Two settings, each measured in full:
- `as is`: the environment as it is. The development VM sets PYTHONDONTWRITEBYTECODE=1, so safelaunch's own
  modules are compiled from source on every run (the installed packages have their bytecode);
- `bytecode cached`: PYTHONPYCACHEPREFIX at a fresh folder with bytecode writing on, after one warm-up run that
  fills it: what an installed safelaunch (pip writes the .pyc files) costs.
Every run gets an empty SAFELAUNCH_HOME (no store to read), HF_HUB_OFFLINE=1 (the model's figures from the
Hugging Face cache or the built-in catalogue: the network is not start-up) and no SAFELAUNCH_SGLANG_PYTHON.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def wall(argv: list[str], env: dict[str, str]) -> float:
    """One run's wall time in seconds; a failing command stops the benchmark (a broken plan is not fast)."""
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"plan_speed: {' '.join(argv)} exited {done.returncode}: {done.stderr.strip()[-300:]}")
    return elapsed


def measure(commands: dict[str, list[str]], env: dict[str, str], runs: int) -> dict[str, dict[str, float]]:
    """Median, min and max of each command, interleaved run by run so that load on the machine hits all alike."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for argv in commands.values():  # warm-up: the OS's file cache (and, when cached, the bytecode)
        wall(argv, env)
    for _ in range(runs):
        for name, argv in commands.items():
            times[name].append(wall(argv, env))
    return {name: {"median_s": statistics.median(t), "min_s": min(t), "max_s": max(t)} for name, t in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15, help="runs of each command per setting (default 15)")
    ap.add_argument("--model", default="Qwen/Qwen3-8B")
    ap.add_argument("--host-profile", default="1xh200")
    ap.add_argument("--python", default=sys.executable, help="the interpreter safelaunch is installed in")
    ap.add_argument("--json", metavar="OUT", help="also write the figures as JSON")
    args = ap.parse_args()

    has_sglang = subprocess.run(
        [args.python, "-c", "import importlib.util, sys; sys.exit(importlib.util.find_spec('sglang') is None)"]
    )
    if has_sglang.returncode == 0:
        print("note: SGLang is installed for this interpreter: plan also reads its version and checks the argv")
    commands = {
        "python -c pass": [args.python, "-c", "pass"],
        "python -c 'import safelaunch'": [args.python, "-c", "import safelaunch"],
        "safelaunch plan": [args.python, "-m", "safelaunch", "plan", args.model, "--host-profile", args.host_profile],
    }
    results: dict[str, Any] = {"runs": args.runs, "model": args.model, "host_profile": args.host_profile}
    with tempfile.TemporaryDirectory(prefix="plan-speed-") as tmp:
        base = {k: v for k, v in os.environ.items() if k != "SAFELAUNCH_SGLANG_PYTHON"}
        base.update(SAFELAUNCH_HOME=str(Path(tmp) / "home"), HF_HUB_OFFLINE="1")
        cached = {k: v for k, v in base.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        settings = {
            f"as is (PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', 'unset')})": base,
            "bytecode cached": cached,
        }
        for label, env in settings.items():
            figures = measure(commands, env, args.runs)
            ratio = figures["safelaunch plan"]["median_s"] / figures["python -c pass"]["median_s"]
            results[label] = {"commands": figures, "plan_over_python": ratio}
            print(f"{label}: median of {args.runs} runs each")
            for name, f in figures.items():
                print(f"  {name:32s} {f['median_s']:.3f} s  (min {f['min_s']:.3f}, max {f['max_s']:.3f})")
            plan_s = figures["safelaunch plan"]["median_s"]
            verdict = "under" if plan_s < 0.3 else "OVER"
            print(f"  plan / python -c pass = {ratio:.1f}x; plan {verdict} the 0.3 s target")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
