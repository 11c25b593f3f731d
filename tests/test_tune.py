"""`safelaunch tune` end to end on the simulator: real trial servers, the full-chunk probe as the judge."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from safelaunch.supervise.tune import next_fraction

MODEL = "meta-llama/Llama-3.1-8B-Instruct"


def test_next_fraction_bisects_and_stops():
    assert next_fraction(0.9, 0.95, None, 0.99) == 0.925
    assert next_fraction(0.9, 0.95, 0.93, 0.99) == 0.93  # the ledger's proposal inside the bracket
    assert next_fraction(0.9, None, 0.9, 0.99) == 0.99  # nothing above known: try the top
    assert next_fraction(0.9, 0.904, None, 0.99) is None  # bracket closed


def test_tune_on_sim_records_the_best(tmp_path):
    env = {**os.environ, "SAFELAUNCH_HOME": str(tmp_path)}
    cmd = [sys.executable, "-m", "safelaunch", "--log-format", "json", "tune", MODEL]
    cmd += ["--host-profile", "1xh200", "--engine", "sim", "--json"]
    res = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=400)
    assert res.returncode == 0, res.stderr[-2000:]
    out = json.loads([x for x in res.stdout.splitlines() if x.startswith("{")][-1])
    assert out["restarts"] <= 4 and out["recorded"]
    good = [t["fraction"] for t in out["trials"] if t["load_safe"]]
    assert out["best_fraction"] == max(good)
    bad = [t["fraction"] for t in out["trials"] if not t["load_safe"]]
    assert all(b > out["best_fraction"] for b in bad)
    assert "trial 1:" in res.stderr
