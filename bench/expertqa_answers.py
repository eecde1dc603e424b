"""citadel's answer scorer against ExpertQA's experts, answer by answer.

Run: .venv/bin/python bench/expertqa_answers.py [--split test]

For every answer with cited passages, each claim is verified against its cited passages
jointly (the verifier behind `citadel verify --answer`), and compared with the expert's
label (Complete = supported; Partial/Incomplete = not; N/A skipped). Reported:
- claim level: balanced accuracy and Cohen's kappa against the experts, next to the naive
  word-overlap baseline on the same claims (the in-run baseline);
- answer level: Spearman correlation between citadel's citation recall (share of an
  answer's cited claims that its citations support) and the experts' share of Complete claims.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from citadel.evaluate.metrics import binary_scores, spearman  # noqa: E402
from citadel.verify import Citation, Claim, default_verifier, naive_baseline  # noqa: E402

DATA = Path("/work/shared/datasets/expertqa")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", default="test", choices=["dev", "test"])
    args = parser.parse_args()
    verifier = default_verifier()
    gold, ours, naive = [], [], []
    ours_recall, expert_recall = [], []
    for line in (DATA / f"answers.{args.split}.jsonl").read_text().splitlines():
        answer = json.loads(line)
        sources = {str(p["cite_id"]): p["text"] for p in answer["passages"] if p.get("text")}
        items = [
            c for c in answer["claims"]
            if c.get("label") is not None and c["cited"] and all(str(n) in sources for n in c["cited"])
        ]  # fmt: skip
        if not items:
            continue
        claims = [Claim(text=c["claim_clean"], citations=tuple(Citation(source_id=str(n)) for n in c["cited"])) for c in items]
        report = verifier.check_answer(sources, claims=claims)
        for c, r in zip(items, report.claims, strict=True):
            gold.append(c["label"] == "supported")
            ours.append(r.keep)
            naive.append(naive_baseline(c["claim_clean"], "\n\n".join(sources[str(n)] for n in c["cited"])))
        ours_recall.append(report.citation_recall)
        expert_recall.append(sum(c["label"] == "supported" for c in items) / len(items))
    s, b = binary_scores(gold, ours), binary_scores(gold, naive)
    rho = spearman(ours_recall, expert_recall)
    print(f"# ExpertQA answers ({args.split}): {len(ours_recall)} answers, {len(gold)} labelled cited claims")
    print(f"{'scorer':<10} {'bal.acc':>8} {'kappa':>7} {'x naive':>8}")
    print(f"{'citadel':<10} {s.balanced_accuracy:>8.3f} {s.kappa:>7.3f} {s.balanced_accuracy / b.balanced_accuracy:>8.2f}")
    print(f"{'naive':<10} {b.balanced_accuracy:>8.3f} {b.kappa:>7.3f} {1.0:>8.2f}")
    print(f"answer-level citation recall vs experts: Spearman {rho:.3f}")


if __name__ == "__main__":
    main()
