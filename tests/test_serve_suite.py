"""benchmarks/serve_suite.py's judge and naive loop, end to end against the simulated engine (real processes,
real HTTP): the suite's figures are only as fair as these."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import serve_suite

from tests.ports import free_port

pytestmark = pytest.mark.timeout(120)


def test_wait_for_port_needs_a_listener() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        assert not serve_suite.wait_for_port(port, deadline_s=0.2)  # bound, not listening: refused
        s.listen()
        assert serve_suite.wait_for_port(port, deadline_s=5)


def test_judge_reads_sglangs_default_fraction_and_passes_a_full_chunk() -> None:
    env = serve_suite.sim_env("1xh100", 1)
    r = serve_suite.launch_once("Qwen/Qwen3-8B", {"tp": 1}, env, free_port())
    assert r.ok and r.label == "healthy"
    assert r.kv_tokens and r.kv_tokens > 0
    assert r.fraction is not None and 0.5 < r.fraction < 0.95  # the engine's own default, from its server_args line


def test_naive_lowers_by_005_from_the_same_first_fraction_until_the_judge_passes() -> None:
    env = serve_suite.sim_env("1xl40s", 1)
    attempts, last, seconds = serve_suite.naive(
        "Qwen/Qwen3-8B", {"tp": 1, "mem-fraction-static": 0.99}, env, free_port()
    )
    assert attempts == 2 and last.ok  # 0.99 fails (graph capture), 0.94 passes
    assert last.fraction == pytest.approx(0.94)
    assert seconds > 0


def test_report_reprints_a_saved_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    row = {
        "scenario": "m h seed1 forced 0.97", "start": 0.97, "sl_attempts": 2, "sl_healthy": True, "sl_time_s": 1.0,
        "sl_warm_attempts": 1, "sl_judge_ok": False, "sl_kv_share": 0.0, "sl_react_s": [0.01],
        "naive_attempts": 1, "naive_healthy": True, "naive_time_s": 0.5, "naive_kv_share": 1.02,
    }  # fmt: skip
    serve_suite.report([row, {**row, "start": None, "scenario": "m h seed1 default"}])
    out = capsys.readouterr().out
    assert "1/1 100%" in out  # healthy at attempt 2 counts
    assert "share above 100% of best" in out  # flagged, not hidden
    assert "KV vs best, worst" in out and "0.0%" in out  # a judge failure counts as 0%


def test_only_matching_no_scenario_is_one_line_and_runs_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["serve_suite.py", "--only", "no-such-model"])
    monkeypatch.setattr(serve_suite, "run_scenario", lambda *a: pytest.fail("a scenario ran"))
    with pytest.raises(SystemExit) as exit_:
        serve_suite.main()
    assert isinstance(exit_.value.code, str) and "no-such-model" in exit_.value.code
    assert "\n" not in exit_.value.code


def test_equal_attempt_times_are_judged_against_naives_own_spread(capsys: pytest.CaptureFixture[str]) -> None:
    base = {"sl_healthy": True, "naive_healthy": True, "naive_repeat_healthy": True}
    rows = [  # naive against itself: 0.40 vs 0.43 at 2 attempts -> 15 ms a attempt is the widest spread
        {**base, "sl_attempts": 2, "naive_attempts": 2, "naive_repeat_attempts": 2, "sl_time_s": 0.41,
         "naive_time_s": 0.40, "naive_repeat_time_s": 0.43},  # +10 ms: within 2 x 15 ms, between naive's two runs
        {**base, "sl_attempts": 1, "naive_attempts": 1, "naive_repeat_attempts": 1, "sl_time_s": 0.30,
         "naive_time_s": 0.20, "naive_repeat_time_s": 0.20},  # +100 ms: slower beyond it, slower than both
        {**base, "sl_attempts": 1, "naive_attempts": 1, "naive_repeat_attempts": 1, "sl_time_s": 0.10,
         "naive_time_s": 0.20, "naive_repeat_time_s": 0.21},  # -100 ms: faster beyond it, faster than both
        {**base, "sl_attempts": 1, "naive_attempts": 3, "naive_repeat_attempts": 3, "sl_time_s": 0.10,
         "naive_time_s": 0.60, "naive_repeat_time_s": 0.60},  # fewer attempts: not an equal-attempt row
    ]  # fmt: skip
    serve_suite.noise_report(rows)
    out = capsys.readouterr().out
    assert "repeat unhealthy on 0 of 4, attempts differ on 0 of 4" in out
    assert "median 5 ms, max 15 ms; the repeat slower on 2 of 4" in out
    assert "as many attempts as naive (3): safelaunch faster beyond naive's widest spread on 1, within it on 1, " \
        "slower beyond it on 1" in out  # fmt: skip
    assert "median +5 ms, slower on 2 of 3; slower than both naive runs on 1, faster than both on 1 of 3" in out
    serve_suite.noise_report([{k: v for k, v in r.items() if not k.startswith("naive_repeat")} for r in rows])
    assert capsys.readouterr().out == ""  # an earlier run's file without the repeat: nothing claimed


def test_a_repeat_that_never_got_healthy_is_counted_and_no_spread_claims_zero_noise(
    capsys: pytest.CaptureFixture[str],
) -> None:
    row = {"sl_healthy": True, "sl_attempts": 1, "sl_time_s": 0.3, "naive_healthy": True, "naive_attempts": 1,
           "naive_time_s": 0.2, "naive_repeat_healthy": True, "naive_repeat_attempts": 2,
           "naive_repeat_time_s": 0.5}  # fmt: skip
    sick = {**row, "naive_repeat_healthy": False, "naive_repeat_attempts": 8, "naive_repeat_time_s": 3.0}
    serve_suite.noise_report([row, sick])
    out = capsys.readouterr().out
    assert "repeat unhealthy on 1 of 2, attempts differ on 1 of 1" in out  # naive's flakiness shows, not dropped
    assert "no noise floor, no time verdict" in out and " 0 ms" not in out and "within it" not in out


def test_report_of_a_file_of_another_schema_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = tmp_path / "old.json"
    old.write_text('[{"scenario": "m h seed1", "sl_attempts": 1}]')  # the first suites' rows: no "start"
    for path, words in ((old, "no field 'start'"), (tmp_path / "missing.json", "cannot read")):
        monkeypatch.setattr(sys, "argv", ["serve_suite.py", "--report", str(path)])
        with pytest.raises(SystemExit) as exit_:
            serve_suite.main()
        assert isinstance(exit_.value.code, str) and words in exit_.value.code and "\n" not in exit_.value.code
