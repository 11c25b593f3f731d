"""How often the log classifier names the right failure: per-label precision and recall on labelled real logs.

Each case's `log_text` is fed line by line, exactly as `safelaunch classify - --json` reads it, and the
diagnosis label is compared with the case's label. Target: >= 95% accuracy.

    python benchmarks/classifier_accuracy.py [CORPUS.jsonl] [--synthetic]

--synthetic adds a second table for the hand-built cases in tests/logwatch_cases.py (built from SGLang's
message templates; they test the rules, they are not evidence of accuracy on real logs).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from safelaunch.core.logwatch import LABELS, classify_lines  # noqa: E402


def score(cases: list[tuple[str, str, str]], title: str) -> float:
    """Print the per-label table and the misses; return accuracy."""
    tp: Counter[str] = Counter()
    predicted: Counter[str] = Counter()
    actual: Counter[str] = Counter()
    misses: list[tuple[str, str, str]] = []
    for case_id, label, text in cases:
        got = classify_lines(text.split("\n")).label
        actual[label] += 1
        predicted[got] += 1
        if got == label:
            tp[label] += 1
        else:
            misses.append((case_id, label, got))
    correct = sum(tp.values())
    accuracy = correct / len(cases) if cases else 0.0
    print(f"\n{title}: {len(cases)} cases")
    print(f"{'label':<22}{'cases':>6}{'predicted':>10}{'correct':>8}{'precision':>11}{'recall':>8}")
    for label in LABELS:
        if not actual[label] and not predicted[label]:
            continue
        precision = f"{tp[label] / predicted[label]:.0%}" if predicted[label] else "-"
        recall = f"{tp[label] / actual[label]:.0%}" if actual[label] else "-"
        print(f"{label:<22}{actual[label]:>6}{predicted[label]:>10}{tp[label]:>8}{precision:>11}{recall:>8}")
    print(
        f"accuracy: {correct}/{len(cases)} = {accuracy:.1%} (target >= 95%: {'met' if accuracy >= 0.95 else 'NOT met'})"
    )
    for case_id, label, got in misses:
        print(f"  miss: {case_id}: expected {label}, got {got}")
    return accuracy


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="?", default=str(ROOT / "tests/fixtures/real-logs.jsonl"))
    ap.add_argument("--synthetic", action="store_true", help="also score the hand-built template cases")
    args = ap.parse_args()
    real = []
    with open(args.corpus, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                case = json.loads(line)
                real.append((case["id"], case["label"], case["log_text"]))
    score(real, f"real SGLang logs ({args.corpus})")
    if args.synthetic:
        from tests.logwatch_cases import CASES

        score([(name, label, text) for name, label, text, _ in CASES], "hand-built template cases")


if __name__ == "__main__":
    main()
