"""`safelaunch tune` against the best load-safe fraction, on the serve suite's cells (simulated, one run).

For each model x host x seed cell of `serve_suite.CELLS` (the simulated engine's truth is its own, sim/truth.py):
  - tune: `safelaunch tune MODEL --host-profile HOST --engine sim --json` on an empty store (trial 1 is the planned
    config with the usual recovery; every trial after it pins one fraction);
  - the judge, independent of safelaunch: the engine at the fraction tune recorded, with the planned config's other
    flags, booted and sent one full-chunk prefill (`serve_suite.launch_once`);
  - best: the highest fraction that passes the same judge, by bisection to 0.001 (tune's own finest step), a
    failure believed only when it repeats, the tuned fraction a lower bound only if the judge passed it.
Target (issue 19): >= 99% of the best's KV capacity in <= 4 restarts. A share above 100% is flagged ("!").

    python benchmarks/tune_suite.py [--only TEXT] [--json OUT] [--port-base N]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_suite import CELLS, best, cli, first_config, launch_once, sim_env

PRODUCED_BY = "benchmarks/tune_suite.py: `safelaunch tune` on the simulated engine (safelaunch.sim), not real hardware"
MAX_RESTARTS = 4


def run_cell(model: str, host: str, seed: int, port: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as home:
        lines, log = cli(["tune", model, "--host-profile", host, "--engine", "sim", "--json"], home, host, seed, 900)
    out = lines[-1] if lines else {}
    tuned = out.get("best_fraction")
    flags, env_extra = first_config(model, host, seed, None)
    others = {k: v for k, v in flags.items() if k != "mem-fraction-static"}
    env = sim_env(host, seed, env_extra)
    judged = launch_once(model, {**others, "mem-fraction-static": tuned}, env, port) if tuned else None
    known = [float(tuned)] if judged is not None and judged.ok else []
    best_f, best_kv, launches = best(model, others, env, port, known, resolution=0.001)
    kv = judged.kv_tokens if judged is not None and judged.ok else 0
    return {
        "produced_by": PRODUCED_BY,
        "cell": f"{model.split('/')[-1]} {host} seed{seed}",
        "tuned_fraction": tuned,
        "restarts": out.get("restarts"),
        "trials": out.get("trials") or [],
        "recorded": out.get("recorded"),
        "judge_ok": judged.ok if judged is not None else None,
        "judge_label": judged.label if judged is not None else None,
        "kv": kv,
        "best_fraction": best_f,
        "best_kv": best_kv,
        "best_launches": launches,
        "kv_share": (kv or 0) / best_kv if best_kv else None,
        "error": "" if lines else log.strip().splitlines()[-1:],
    }


def report(rows: list[dict[str, Any]]) -> None:
    shares = [r["kv_share"] for r in rows if r["kv_share"] is not None]
    restarts = [r["restarts"] for r in rows if r["restarts"] is not None]
    met = [r for r in rows if (r["kv_share"] or 0) >= 0.99 and (r["restarts"] or 0) <= MAX_RESTARTS]
    print(f"cells: {len(rows)}; tune found a fraction on {sum(1 for r in rows if r['tuned_fraction'])}")
    print(f"judge passed the tuned fraction on {sum(1 for r in rows if r['judge_ok'])} of {len(rows)}")
    if shares:
        print(f"KV vs best: mean {sum(shares) / len(shares):.1%}, worst {min(shares):.1%}")
    if restarts:
        print(f"restarts: mean {sum(restarts) / len(restarts):.2f}, max {max(restarts)}")
    print(f">= 99% of the best in <= {MAX_RESTARTS} restarts: {len(met)}/{len(rows)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", metavar="TEXT", help="only the cells whose name contains TEXT")
    ap.add_argument("--json", metavar="OUT", help="write every figure to this file")
    ap.add_argument("--port-base", type=int, help="first port (two runs at once: give each its own range)")
    args = ap.parse_args()
    cells = list(dict.fromkeys((m, h, s) for m, h, s, _ in CELLS))  # each cell once, in the suite's order
    if args.only:
        cells = [c for c in cells if args.only in f"{c[0].split('/')[-1]} {c[1]} seed{c[2]}"]
        if not cells:
            sys.exit(f"tune_suite: no cell's name contains {args.only!r}")
    port = args.port_base or 33000 + os.getpid() % 2000
    rows = []
    for model, host, seed in cells:
        port += 1
        row = run_cell(model, host, seed, port)
        rows.append(row)
        share = f"{row['kv_share']:.1%}" if row["kv_share"] is not None else "-"
        flag = " !" if (row["kv_share"] or 0) > 1.0 else ""
        print(
            f"{row['cell']:<44} tuned {row['tuned_fraction']} in {row['restarts']} restarts (judge "
            f"{'ok' if row['judge_ok'] else row['judge_label']}); best {row['best_fraction']}; KV {share}{flag}",
            flush=True,
        )
    report(rows)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
