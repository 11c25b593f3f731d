"""The post-start check decided by one full prefill chunk, not by the memory model's estimate alone (issue 19).

The estimate is deliberately cautious: on its own it stopped servers that would have served (the fair suite
measured it). A start the estimate calls short is kept when a full chunk runs; when the chunk kills the engine,
SGLang's own OOM and its figures decide the next config (tests/test_sim_load.py has that end to end)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from safelaunch.core import ledger, remedies
from safelaunch.core.ledger.book import surer
from safelaunch.supervise import loadcheck
from tests.conftest import ROOT, run_cli
from tests.pg import free_port

GiB = 1 << 30


def test_a_start_the_estimate_calls_short_is_kept_when_a_full_chunk_runs(tmp_path: Path) -> None:
    """Qwen3-8B on an L40S at 0.93 with a policy that budgets activations 8x the model (as for a server taking
    input-logprob requests): start-up leaves less than that for an 8192-token chunk, yet the simulated engine
    (its own truth) serves the chunk: one attempt, healthy, and the warning says why."""
    policies = tmp_path / "policies"
    policies.mkdir()
    text = (ROOT / "policies" / "defaults.yaml").read_text()
    policies.joinpath("defaults.yaml").write_text(
        text.replace("runtime_activation_margin: 1.1", "runtime_activation_margin: 8")
    )
    res = run_cli(
        "--log-format",
        "json",
        "serve",
        "Qwen/Qwen3-8B",
        "--engine",
        "sim",
        "--host-profile",
        "1xl40s",
        "--mem-fraction-static",
        "0.93",
        "--policies",
        str(policies),
        "--exit-when-healthy",
        "--port",
        str(free_port()),  # SGLang's default 30000 is anyone's on a shared machine
        "--json",
        SAFELAUNCH_HOME=str(tmp_path),
        SAFELAUNCH_SIM_SPEED="400",
        timeout=120,
    )
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["healthy"] and not out["failures"], res.stderr[-3000:]
    assert out["flags"]["mem-fraction-static"] == 0.93
    notes = [json.loads(line) for line in res.stderr.splitlines() if line.startswith("{")]
    kept = [n for n in notes if "keeping this config" in json.dumps(n)]
    assert kept, res.stderr[-3000:]
    assert "budgeted" in json.dumps(kept[0])  # the estimate did call it short: the chunk decided


def _sup(source: str, alive: bool = True) -> SimpleNamespace:
    proc = SimpleNamespace(is_alive=lambda: alive, output_closed=not alive, read=lambda timeout: None, returncode=None)
    return SimpleNamespace(
        host=SimpleNamespace(source=source, gpus=[SimpleNamespace(index=i) for i in range(3)]),
        opts=SimpleNamespace(host="0.0.0.0", engine="sim", engine_cmd=()),
        api_key=None,
        proc=proc,
        clf=None,
        fitter=None,
    )


SHORT = remedies.Failure(
    "low_runtime_headroom", "ready", {"tried_bytes": 9 * GiB, "free_bytes": 5 * GiB, "chunk": 8192}
)


def test_on_an_nvml_host_the_chunk_is_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    """NVML is the boundary mocked here: used memory before and after the probe; the binding GPU's rise is the
    chunk's activation need, and the least free memory after it the headroom. GPU 2 is not this engine's (its use
    did not rise since the launch): its small free memory says nothing about this server."""
    total = 140 * GiB
    readings = iter(
        [
            {0: (100 * GiB, total), 1: (101 * GiB, total), 2: (139 * GiB, total)},
            {0: (102 * GiB, total), 1: (104 * GiB, total), 2: (139 * GiB, total)},
        ]
    )
    monkeypatch.setattr(loadcheck.engine_mod, "gpu_memory_now", lambda _gpus: next(readings))
    monkeypatch.setattr(loadcheck, "full_chunk_probe", lambda *a: (True, ""))
    sup = _sup("nvml")
    sup.baseline_used = {0: 1 * GiB, 1: 1 * GiB, 2: 139 * GiB}
    got = loadcheck.check(sup, SHORT, 30000)
    assert got.kept and got.measured_bytes == 3 * GiB
    assert got.free_after == 36 * GiB
    assert "3.00 GiB" in got.note


def test_a_probe_that_cannot_decide_leaves_the_estimate_to_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine without /generate (404) that is alive and logged no failure: the estimate's verdict stands."""
    monkeypatch.setattr(loadcheck, "full_chunk_probe", lambda *a: (False, "HTTP 404"))
    sup = _sup("profile:1xh100")
    sup.clf = SimpleNamespace(diagnosis=lambda: SimpleNamespace(label="healthy"), feed=lambda _l: [])
    got = loadcheck.check(sup, SHORT, 30000)
    assert not got.kept and got.failure is SHORT and "HTTP 404" in got.note


def test_a_measurement_stands_in_for_the_estimate_but_never_hides_an_oom() -> None:
    measured = ledger.Figure(2 * GiB, ledger.MEASURED, "nvml")
    oom = ledger.Figure(3 * GiB, ledger.AT_LEAST, "OOM while serving")
    small_oom = ledger.Figure(1 * GiB, ledger.AT_LEAST, "OOM")
    assert surer(measured, None) is measured and surer(None, measured) is measured
    assert surer(measured, oom) is oom and surer(oom, measured) is oom
    assert surer(measured, small_oom) is measured
    rank = ledger.RankLedger("TP0", activations=measured)
    est = ledger.Estimates(activations=8 * GiB)
    assert ledger.need(rank, "activations", est) is measured  # below the estimate, and still what counts
    assert ledger.need(ledger.RankLedger("TP0"), "activations", est).kind == ledger.ESTIMATE


def test_the_measurement_joins_every_rank_of_the_layout() -> None:
    book = ledger.Ledger((ledger.RankLedger("TP0"), ledger.RankLedger("TP1")), {"tp": 2})
    served = loadcheck.LoadCheck(True, measured_bytes=2 * GiB, served=True, free_after=5 * GiB)
    got = book.merged(loadcheck.proof_ledger(0.9, served, book, {"tp": 2}))
    assert [r.activations.value for r in got.ranks] == [2 * GiB, 2 * GiB]
    assert all(r.activations.kind == ledger.MEASURED and r.load_safe_at == 0.9 for r in got.ranks)
    assert all(r.headroom.value == 5 * GiB and r.headroom_at == 0.9 for r in got.ranks)
    lower = got.merged(loadcheck.proof_ledger(0.85, loadcheck.LoadCheck(True, served=True), got, {"tp": 2}))
    assert all(r.load_safe_at == 0.9 and r.activations.value == 2 * GiB for r in lower.ranks)  # proof only adds
    assert all(r.headroom_at == 0.9 for r in lower.ranks)  # a start that measured nothing keeps the last reading


def test_with_room_to_spare_and_no_probe_possible_the_start_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loadcheck, "full_chunk_probe", lambda *a: (False, "HTTP 404"))
    got = loadcheck.check(_sup("profile:1xh100"), None, 30000)
    assert got.kept and got.failure is None and got.note == ""


def test_the_simulated_hosts_nvml_reads_what_the_engine_published(tmp_path: Path) -> None:
    """`host.simgpu`: one file per GPU, written whole; a half-written or foreign file is skipped, and a new
    attempt starts from no reading at all (an engine that is gone publishes nothing)."""
    from safelaunch.host import simgpu

    simgpu.publish(str(tmp_path), 0, 100 * GiB, 140 * GiB)
    simgpu.publish(str(tmp_path), 3, 7 * GiB, 140 * GiB)
    simgpu.publish(str(tmp_path), 0, 101 * GiB, 140 * GiB)  # the newer reading replaces the older
    (tmp_path / "5").write_text("garbage\n")
    (tmp_path / ".0.123").write_text("1 2\n")  # another writer's temporary file
    assert simgpu.usage(str(tmp_path)) == {0: (101 * GiB, 140 * GiB), 3: (7 * GiB, 140 * GiB)}
    simgpu.clear(str(tmp_path))
    assert simgpu.usage(str(tmp_path)) == {}


def test_a_reading_says_whether_nvml_or_the_simulated_host_made_it() -> None:
    """Every figure made of a reading names its reader: a simulated host's readings are the simulated engine's
    account and must never pass for NVML's in the store."""
    assert loadcheck.reader(_sup("nvml")) == "NVML"
    by = loadcheck.reader(_sup("profile:1xh100"))
    assert "simulated" in by and not by.startswith("NVML")
    served = loadcheck.LoadCheck(True, measured_bytes=GiB, served=True, free_after=3 * GiB, seen_by=by)
    book = ledger.Ledger((ledger.RankLedger("TP0"),), {"tp": 1})
    (rank,) = loadcheck.proof_ledger(0.9, served, book, {"tp": 1}).ranks
    assert rank.headroom.source.startswith(by) and rank.activations.source.startswith(by)
