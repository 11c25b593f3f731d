"""How many real logs keep their label when every line is cut at a fixed width, as a pasted log often is.

Two kinds of cut: a copied terminal's (mid-word at exactly `width` characters, nothing lost) and an editor's fill
(at the last space before `width`, the space dropped). For each width, the count of corpus logs whose label
changed against the same log uncut, and the first few of them. The label uncut is the reference, right or wrong:
this measures robustness to the cut, not accuracy (benchmarks/classifier_accuracy.py does that).

    python benchmarks/classifier_cuts.py [--widths 80,100,120,160,200] [CORPUS.jsonl ...]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.classifier_accuracy import DEFAULT_CORPORA  # noqa: E402
from safelaunch.core.logwatch import classify_lines, classify_text  # noqa: E402


def terminal(text: str, width: int) -> list[str]:
    """Every line cut as a terminal does when its text is copied: at `width` characters, mid-word, nothing lost."""
    return [line[i : i + width] for line in text.split("\n") for i in range(0, max(len(line), 1), width)]


def fill(text: str, width: int) -> list[str]:
    """Every line cut as an editor's fill does: at the last space before `width`, the space dropped."""
    out: list[str] = []
    for line in text.split("\n"):
        while len(line) > width and " " in line[1:width]:
            at = line.rindex(" ", 1, width)
            out.append(line[:at])
            line = line[at + 1 :]
        out.append(line)
    return out


CUTS: dict[str, Callable[[str, int], list[str]]] = {"terminal": terminal, "fill": fill}


def changed(cases: list[dict], cut: Callable[[str, int], list[str]], width: int) -> list[tuple[str, str, str]]:
    out = []
    for c in cases:
        whole = classify_text(c["log_text"]).label
        got = classify_lines(cut(c["log_text"], width)).label
        if got != whole:
            out.append((c["id"], whole, got))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpora", nargs="*", type=Path, default=list(DEFAULT_CORPORA))
    ap.add_argument("--widths", default="80,100,120,160,200")
    args = ap.parse_args()
    cases = [json.loads(x) for f in args.corpora for x in f.read_text().splitlines() if x.strip()]
    widths = [int(w) for w in args.widths.split(",")]
    print(f"{len(cases)} real logs; logs whose label changed when every line is cut at the width")
    print(f"{'cut':<10}" + "".join(f"{w:>8}" for w in widths))
    for name, cut in CUTS.items():
        rows = {w: changed(cases, cut, w) for w in widths}
        print(f"{name:<10}" + "".join(f"{len(rows[w]):>8}" for w in widths))
        for w in widths:
            for cid, whole, got in rows[w][:3]:
                print(f"    {name} {w}: {cid}: {whole} -> {got}")


if __name__ == "__main__":
    main()
