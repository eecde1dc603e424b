"""The verifier against human labels: balanced accuracy, precision, recall, kappa, calibration."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from citadel.evaluate.data import Pair
from citadel.evaluate.metrics import binary_scores, reliability
from citadel.verify import Verifier, naive_baseline

BATCH = 16


def evaluate_verifier(
    pairs: Sequence[Pair], verifier: Verifier, on_step: Callable[[str], None] | None = None
) -> dict[str, Any]:
    scores: list[float] = []
    predicted: list[bool] = []
    for start in range(0, len(pairs), BATCH):
        batch = pairs[start : start + BATCH]
        for result in verifier.verify_batch([(p.claim, p.source) for p in batch]):
            scores.append(result.score)
            predicted.append(result.supported)
        if on_step:
            for p in batch:
                on_step(p.id)
    gold = [p.supported for p in pairs]
    s = binary_scores(gold, predicted)
    rows, ece = reliability(scores, gold)
    naive = binary_scores(gold, [naive_baseline(p.claim, p.source) for p in pairs])
    return {
        "pairs": s.n,
        "positives": sum(gold),
        "balanced_accuracy": s.balanced_accuracy,
        "precision": s.precision,
        "recall": s.recall,
        "kappa": s.kappa,
        "ece": ece,
        "naive_balanced_accuracy": naive.balanced_accuracy,
        "reliability": rows,
        "primary": "balanced_accuracy",
    }
