"""A --mem-fraction-static pinned by the user: a pin the store saw fail on this host is said before launching, with
the value that worked, and the start begins from that value (the remedies would lower the pin after the same failure
anyway); `--no-store` tries the pin regardless."""

from __future__ import annotations

from pathlib import Path

from tests.test_serve import MODEL, serve

ARGS = (MODEL, "--host-profile", "8xh200")


def test_a_pin_that_failed_here_is_said_and_gives_way_to_the_value_that_worked(tmp_path: Path) -> None:
    res, first = serve(tmp_path, *ARGS, "--mem-fraction-static", "0.97")
    assert first["healthy"] and first["attempts"] >= 2, res.stderr[-2000:]
    worked = first["flags"]["mem-fraction-static"]
    assert worked < 0.97
    assert "failed on this host before" not in res.stderr  # nothing known yet

    res, again = serve(tmp_path, *ARGS, "--mem-fraction-static", "0.97")
    assert again["from_store"] is True and again["attempts"] == 1, again
    assert worked <= again["flags"]["mem-fraction-static"] < 0.97  # the verified value, or its candidate
    warnings = [line for line in res.stderr.splitlines() if "failed on this host before" in line]
    assert len(warnings) == 1, res.stderr[-3000:]
    assert "0.97 (set by you)" in warnings[0] and f"starting from {worked:g}, which worked" in warnings[0]

    res, forced = serve(tmp_path, *ARGS, "--mem-fraction-static", "0.97", "--no-store")
    assert forced["failures"] and "failed on this host before" not in res.stderr  # the pin, as asked

    res, plain = serve(tmp_path, *ARGS)
    assert plain["from_store"] is True and plain["attempts"] == 1
    assert "failed on this host before" not in res.stderr


def test_a_tp_pin_whose_weights_did_not_fit_here_gives_way_to_the_stored_layout(tmp_path: Path) -> None:
    """DeepSeek-V4-Flash does not fit one H200: `--tp 1` fails loading the weights and serve escalates to TP 2. The
    next start with the same pins begins at the stored TP 2 config, said before launching: one attempt."""
    args = (MODEL, "--host-profile", "2xh200", "--tp", "1", "--mem-fraction-static", "0.9")
    res, first = serve(tmp_path, *args)
    assert first["healthy"] and first["failures"][0]["label"] == "oom_weights", res.stderr[-2000:]
    assert first["flags"]["tp"] == 2
    res, again = serve(tmp_path, *args)
    assert again["healthy"] and again["attempts"] == 1 and again["flags"]["tp"] == 2, res.stderr[-2000:]
    warnings = [line for line in res.stderr.splitlines() if "--tp 1 (set by you) failed on this host" in line]
    assert len(warnings) == 1 and "oom_weights" in warnings[0] and "tp 2" in warnings[0], res.stderr[-3000:]


def test_a_failed_pin_with_nothing_working_at_its_tp_starts_from_the_stored_layout(tmp_path: Path) -> None:
    """Llama-3.1-70B on 4x H100 from a pinned 0.95: at the planned TP 2 no fraction leaves a useful KV pool, so serve
    moved to TP 4. The same command again starts at the stored TP 4 config: one attempt, and said so."""
    args = ("meta-llama/Llama-3.1-70B-Instruct", "--host-profile", "4xh100", "--mem-fraction-static", "0.95")
    res, first = serve(tmp_path, *args)
    assert first["healthy"] and first["flags"]["tp"] == 4 and first["attempts"] >= 2, res.stderr[-2000:]
    res, again = serve(tmp_path, *args)
    assert again["healthy"] and again["attempts"] == 1 and again["flags"]["tp"] == 4, res.stderr[-2000:]
    assert "starting from the stored config (tp 4" in res.stderr
