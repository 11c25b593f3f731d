"""How often the log classifier names the right failure: per-label precision and recall on labelled real logs.

Each case's `log_text` is fed line by line, exactly as `safelaunch classify - --json` reads it, and the
diagnosis label is compared with the case's label. Tables: the whole corpus, its training part (what
the rules were written against), its first set-aside part (`split: holdout`, chosen by issue number before any
rule was written: last digit 0, 1 or 2), its second (`split: blind2`, tests/fixtures/real-logs-blind2.jsonl:
39 logs from issues never used before, committed before any rule change and scored blind once) and its third
(`split: blind3`, tests/fixtures/real-logs-blind3.jsonl: 37 logs from sources never used before, committed with
their labels before the classifier ever ran on them, scored blind once) and its fourth (`split: blind4`,
tests/fixtures/real-logs-blind4.jsonl: 33 logs from sources never used before, committed with their labels before
any run, scored blind once: 24/33; `--only blind4 --explain` is the command that gave it) and its fifth
(`split: blind5`, tests/fixtures/real-logs-blind5.jsonl: 30 logs from sources never used before, committed with their
labels before any run, scored blind once: 16/30 with `--only blind5 --explain`) and its sixth (`split: blind6`,
tests/fixtures/real-logs-blind6.jsonl: 30 logs from sources never used before, committed with their labels (8729fbb)
before any run, scored blind once: 27/30 with `tests/fixtures/real-logs-blind6.jsonl --explain`) and its seventh
(`split: blind7`, tests/fixtures/real-logs-blind7.jsonl: 31 logs from sources never used before, committed with their
labels (136ee78) before any run, scored blind once: 20/31 with `tests/fixtures/real-logs-blind7.jsonl --explain`) and
its eighth (`split: blind8`, tests/fixtures/real-logs-blind8.jsonl: 30 logs from sources never used before, labelled
with the official ten labels only and committed (ca93175) before any run, scored blind once: 27/30 with
`tests/fixtures/real-logs-blind8.jsonl --explain`) and its ninth (`split: blind9`,
tests/fixtures/real-logs-blind9.jsonl: 21 logs from sources never used before, official ten labels only, committed
(ca18857) before any run, scored blind once: 18/21 with `tests/fixtures/real-logs-blind9.jsonl --explain`) and its tenth
(`split: blind10`, tests/fixtures/real-logs-blind10.jsonl: 10 logs from four labellers' separate source spaces, official
ten labels only, committed (648a0f1) before any run, scored blind once: 10/10 with
`tests/fixtures/real-logs-blind10.jsonl --explain`) and its eleventh (`split: blind11`,
tests/fixtures/real-logs-blind11.jsonl: 13 logs, 8 of them SGLang's own 2026 issue threads, official ten labels only,
committed (dc28fcb) before any run, scored blind once: 11/13 with `tests/fixtures/real-logs-blind11.jsonl --explain`)
and its twelfth (`split: blind12`, tests/fixtures/real-logs-blind12.jsonl: 15 logs from SGLang's own 2026 issue
threads, official ten labels only, committed (dd9fff7) before any run, scored blind once: 14/15 with
`tests/fixtures/real-logs-blind12.jsonl --explain`) and its thirteenth (`split: blind13`,
tests/fixtures/real-logs-blind13.jsonl: 9 logs, distributed, port and CUDA errors, official ten labels only, committed
(fde47dc) before any run, scored blind once: 8/9 with `tests/fixtures/real-logs-blind13.jsonl --explain`).
Then the pressure traps: logs of a server that retracts, queues or
runs at token usage 1.00 and carries on; none may ever be labelled a failure. Targets: >= 95% on the whole
and on the set-aside part, 100% on pressure traps.

Every table gives two accuracies. "as labelled" counts every log against its label, `unknown` included. "official
labels" counts only the logs whose label is one of the ten of /work/shared/corpus/README.md (the authoritative label
definitions: four start-up OOMs, oom_runtime, nccl_or_distributed, port_in_use, config_error, cuda_error_other,
healthy; there is NO `unknown`). The project's held-out judge uses exactly those ten, so a log our own labellers
called `unknown` (an SGLang bug, a crash without a cause) is not in its set, and a prediction of `unknown` on an
officially labelled log is always wrong there. The official figure is the one comparable with the judge's; the
as-labelled one stays because `unknown` is a real verdict for the supervisor (it retries; config_error gives up).
A summary table of both per part closes the report.

    python benchmarks/classifier_accuracy.py [CORPUS.jsonl ...] [--only train|holdout|blind2|...|blind16]
        [--explain] [--synthetic]

--explain prints, for each miss, the deciding line, its phase and the rule that decided. --synthetic adds a
table for the hand-built cases in tests/logwatch_cases.py (built from SGLang's message templates; they test
the rules, they are not evidence of accuracy on real logs).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from safelaunch.core.logwatch import FAILURE_LABELS, LABELS, LogClassifier  # noqa: E402

# The set-aside part scored once with the rules written against the training part only (2026-11-30). Rules were
# then widened by family after reading its six misses, so today's figure on it is no longer a blind one.
BLIND_HOLDOUT = "29/35 = 82.9%"
# The second set-aside part, scored once with the rules frozen, right after it was committed (see docs/benchmarks.md).
# Rules were then added by family after reading its misses, so today's figure on it is no longer a blind one either.
BLIND_2 = "25/39 = 64.1%"
# The third set-aside part, labelled and committed before the classifier ever ran on it, scored once (2026-11-30).
# Its two miss families were then fixed (any logging prefix; faulthandler dumps), so today's figure is not blind.
BLIND_3 = "34/37 = 91.9%"
# The fourth set-aside part, labelled and committed (60631a1) before the classifier ever ran on it, scored once.
BLIND_4 = "24/33 = 72.7%"
# The fifth set-aside part, labelled and committed (6c3ece7) before the classifier ever ran on it, scored once.
BLIND_5 = "16/30 = 53.3%"
# The sixth set-aside part, labelled and committed (8729fbb) before the classifier ever ran on it, scored once with
# `python benchmarks/classifier_accuracy.py tests/fixtures/real-logs-blind6.jsonl --explain`.
BLIND_6 = "27/30 = 90.0%"
# The seventh set-aside part, labelled and committed (136ee78) before the classifier ever ran on it, scored once with
# `python benchmarks/classifier_accuracy.py tests/fixtures/real-logs-blind7.jsonl --explain` on the rules with
# blind6's fixes (written before blind7 was seen). A first run by mistake on the rules before blind6's fixes: 19/31.
BLIND_7 = "20/31 = 64.5%"
# The eighth set-aside part, labelled with the official ten labels only and committed (ca93175) before the classifier
# ever ran on it, scored once with `python benchmarks/classifier_accuracy.py tests/fixtures/real-logs-blind8.jsonl
# --explain` on the rules aligned with the official labels (8a0bcf3, written before blind8 was seen).
BLIND_8 = "27/30 = 90.0%"
# The ninth set-aside part (21 logs, the official ten labels only), committed (ca18857) before the classifier ever ran
# on it, scored once with `python benchmarks/classifier_accuracy.py tests/fixtures/real-logs-blind9.jsonl --explain`
# on the rules with blind8's fixes (written before blind9 was seen).
BLIND_9 = "18/21 = 85.7%"
# The tenth (10 logs, the official ten labels only), committed (648a0f1) before the classifier ever ran on it, scored
# once with `python benchmarks/classifier_accuracy.py tests/fixtures/real-logs-blind10.jsonl --explain` on the rules
# with blind9's fixes and SGLang's templates by family (f0bc57a, written before blind10 was seen).
BLIND_10 = "10/10 = 100.0%"
# The eleventh (13 logs, the official ten labels only), committed (dc28fcb) before the classifier ever ran on it, scored
# once with `python benchmarks/classifier_accuracy.py tests/fixtures/real-logs-blind11.jsonl --explain` on the rules
# of dc52d47 (written before blind11 was seen).
BLIND_11 = "11/13 = 84.6%"
# The twelfth (15 logs, the official ten labels only), committed (dd9fff7) before the classifier ever ran on it, scored
# once with `python benchmarks/classifier_accuracy.py tests/fixtures/real-logs-blind12.jsonl --explain` on the rules
# with blind11's fixes (written before blind12 was seen).
BLIND_12 = "14/15 = 93.3%"
# The thirteenth (9 logs, the official ten labels only), committed (fde47dc) before the classifier ever ran on it,
# scored once with `python benchmarks/classifier_accuracy.py tests/fixtures/real-logs-blind13.jsonl --explain` on the
# rules with blind12's fixes (written before blind13 was seen).
BLIND_13 = "8/9 = 88.9%"
# The fourteenth (12 logs, the official ten labels only), committed (0855b4c) before the classifier ever ran on it,
# scored once with `python benchmarks/classifier_accuracy.py tests/fixtures/real-logs-blind14.jsonl --explain` on the
# rules of 2afd6d9 (blind13's fixes; written before blind14 was seen).
BLIND_14 = "8/12 = 66.7%"
# The fifteenth (5 logs, the official ten labels only), committed (8df985f) before the classifier ever ran on it, scored
# once with `python benchmarks/classifier_accuracy.py tests/fixtures/real-logs-blind15.jsonl --explain` on the rules
# of 5c1ba84 (blind14's fixes and the cut-line reading; written before blind15 was seen).
BLIND_15 = "5/5 = 100.0%"
# The sixteenth (2 logs, the official ten labels only), committed (4a53582) before the classifier ever ran on it, scored
# once on the rules of 2026-12-01's third session (the carrier and the template families; written before it was seen).
BLIND_16 = "2/2 = 100.0%"
DEFAULT_CORPORA = (
    ROOT / "tests/fixtures/real-logs.jsonl",
    ROOT / "tests/fixtures/real-logs-public.jsonl",
    *(ROOT / f"tests/fixtures/real-logs-blind{n}.jsonl" for n in range(2, 17)),
)
# What makes a log a pressure trap (besides `family: pressure`): SGLang's lines for a server under load.
PRESSURE = re.compile(r"out of memory happened|KV cache pool is full\. Retract|#retracted_reqs|token usage: 1\.00")


def load(paths: list[str]) -> list[dict]:
    cases = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            cases.extend(json.loads(line) for line in f if line.strip())
    return cases


def run(text: str) -> tuple[str, dict | None]:
    c = LogClassifier()
    for line in text.split("\n"):
        c.feed(line)
    d = c.diagnosis()
    return d.label, d.explain()


OFFICIAL = "official labels (label != unknown, the judge's convention: /work/shared/corpus/README.md)"


def official(cases: list[dict]) -> list[dict]:
    """The logs whose label is one of the ten official ones (the held-out judge's set has no `unknown`)."""
    return [c for c in cases if c["label"] != "unknown"]


def score(cases: list[dict], title: str, explain: bool = False) -> tuple[int, int, int, int]:
    """Print the per-label table, both accuracies and the misses; return (correct, cases, official correct,
    official cases)."""
    tp: Counter[str] = Counter()
    predicted: Counter[str] = Counter()
    actual: Counter[str] = Counter()
    misses: list[tuple[str, str, str, dict | None]] = []
    for case in cases:
        label = case["label"]
        got, why = run(case["log_text"])
        actual[label] += 1
        predicted[got] += 1
        if got == label:
            tp[label] += 1
        else:
            misses.append((case["id"], label, got, why))
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
    met = "met" if accuracy >= 0.95 else "NOT met"
    print(f"accuracy: {correct}/{len(cases)} = {accuracy:.1%} (target >= 95%: {met})")
    n_official = len(official(cases))
    ok_official = sum(tp[label] for label in tp if label != "unknown")
    print(f"accuracy on {OFFICIAL}: {ratio(ok_official, n_official)}")
    for case_id, label, got, why in misses:
        print(f"  miss: {case_id}: expected {label}, got {got}")
        if explain and why:
            print(f"        rule {why['rule']} in phase {why['phase']}: line {why['line_no']}: {why['line'][:150]}")
    return correct, len(cases), ok_official, n_official


def ratio(ok: int, n: int) -> str:
    return f"{ok}/{n} = {ok / n:.1%}" if n else "0/0 = -"


def pressure_traps(cases: list[dict]) -> None:
    """Logs of a server that retracts or queues and carries on: none may be labelled a failure."""
    traps = [
        c
        for c in cases
        if c["label"] not in FAILURE_LABELS and (c.get("family") == "pressure" or PRESSURE.search(c["log_text"]))
    ]
    failed = [(c["id"], got) for c in traps if (got := run(c["log_text"])[0]) in FAILURE_LABELS]
    ok = len(traps) - len(failed)
    share = f"{ok / len(traps):.0%}" if traps else "-"
    title = "pressure traps (retraction / queueing / token usage 1.00, server carries on)"
    print(f"\n{title}: {ok}/{len(traps)} = {share}")
    for case_id, got in failed:
        print(f"  FAILURE LABEL ON A HEALTHY SERVER: {case_id}: got {got}")


# Each part's table title and its blind score (none for the training part, whose rules were written against it).
PART_TITLES = (
    ("train", "training part (rules written against it)", ""),
    ("holdout", "set-aside part (split by issue number before any rule was written)", BLIND_HOLDOUT),
    ("blind2", "second set-aside part (39 fresh logs; rules since fixed on its misses)", BLIND_2),
    ("blind3", "third set-aside part (37 fresh logs; rules since fixed on its misses)", BLIND_3),
    ("blind4", "fourth set-aside part (33 fresh logs; rules since fixed on its misses)", BLIND_4),
    ("blind5", "fifth set-aside part (30 fresh logs; rules since fixed on its misses)", BLIND_5),
    ("blind6", "sixth set-aside part (30 fresh logs; rules since fixed on its misses)", BLIND_6),
    ("blind7", "seventh set-aside part (31 fresh logs; rules since fixed on its misses)", BLIND_7),
    ("blind8", "eighth set-aside part (30 fresh logs; rules since fixed on its misses)", BLIND_8),
    ("blind9", "ninth set-aside part (21 fresh logs; rules since fixed on its misses)", BLIND_9),
    ("blind10", "tenth set-aside part (10 fresh logs; no miss to fix)", BLIND_10),
    ("blind11", "eleventh set-aside part (13 fresh logs; rules since fixed on its misses)", BLIND_11),
    ("blind12", "twelfth set-aside part (15 fresh logs; rules since fixed on its misses)", BLIND_12),
    ("blind13", "thirteenth set-aside part (9 fresh logs; rules since fixed on its misses)", BLIND_13),
    ("blind14", "fourteenth set-aside part (12 fresh logs; rules since fixed on three of its misses)", BLIND_14),
    ("blind15", "fifteenth set-aside part (5 fresh logs; no miss to fix)", BLIND_15),
    ("blind16", "sixteenth set-aside part (2 fresh logs; no miss to fix)", BLIND_16),
)


def summary(rows: list[tuple[str, tuple[int, int, int, int], str]]) -> None:
    """One line a part: official-label accuracy (the judge's convention) next to as-labelled, and the blind score."""
    print(f"\nsummary{'':<9}{'official labels':>22}{'as labelled':>22}  blind score (as labelled)")
    for name, (ok, n, ok_off, n_off), blind in rows:
        print(f"{name:<16}{ratio(ok_off, n_off):>22}{ratio(ok, n):>22}  {blind or '-'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="*", default=[str(p) for p in DEFAULT_CORPORA])
    parts_names = tuple(name for name, _, _ in PART_TITLES)
    ap.add_argument("--only", choices=parts_names, help="score only this part")
    ap.add_argument("--explain", action="store_true", help="show the deciding line, phase and rule of each miss")
    ap.add_argument("--synthetic", action="store_true", help="also score the hand-built template cases")
    args = ap.parse_args()
    cases = load(args.corpus)
    # a case without a split is the training part's
    parts = {name: [c for c in cases if c.get("split", "train") == name] for name in parts_names}
    if args.only:
        score(parts[args.only], f"real SGLang logs, {args.only} part", args.explain)
        pressure_traps(parts[args.only])
    else:
        rows = [("whole corpus", score(cases, "real SGLang logs, whole corpus", args.explain), "")]
        for name, title, blind in PART_TITLES:
            rows.append((name, score(parts[name], title, args.explain), blind))
            if blind:
                print(f"  (its blind score, before any rule saw its misses: {blind}; see docs/benchmarks.md)")
        pressure_traps(cases)
        summary(rows)
    if args.synthetic:
        from tests.logwatch_cases import CASES

        synth = [{"id": name, "label": label, "log_text": text} for name, label, text, _ in CASES]
        score(synth, "hand-built template cases", args.explain)


if __name__ == "__main__":
    main()
