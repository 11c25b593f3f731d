"""A --mem-fraction-static pinned by the user: `from_store` is false when the pin overrides the stored config, and a
pin the store saw fail on this host is said before launching, with the value that worked."""

from __future__ import annotations

from pathlib import Path

from tests.test_serve import MODEL, serve

ARGS = (MODEL, "--host-profile", "8xh200")


def test_a_pin_that_failed_here_is_warned_about_and_not_reported_as_the_stores(tmp_path: Path) -> None:
    res, first = serve(tmp_path, *ARGS, "--mem-fraction-static", "0.97")
    assert first["healthy"] and first["attempts"] >= 2, res.stderr[-2000:]
    worked = first["flags"]["mem-fraction-static"]
    assert worked < 0.97
    assert "failed on this host before" not in res.stderr  # nothing known yet

    res, again = serve(tmp_path, *ARGS, "--mem-fraction-static", "0.97")
    assert again["from_store"] is False, again
    warnings = [line for line in res.stderr.splitlines() if "failed on this host before" in line]
    assert len(warnings) == 1, res.stderr[-3000:]
    assert "0.97 (set by you)" in warnings[0] and f"{worked:g} worked" in warnings[0]

    res, plain = serve(tmp_path, *ARGS)
    assert plain["from_store"] is True and plain["attempts"] == 1
    assert "failed on this host before" not in res.stderr
