"""Reciprocal-rank fusion: combine ranked lists by ``sum(weight / (k + rank))``.

Ranks, not raw scores, are fused, so BM25 (unbounded) and cosine (bounded) need no
calibration, and since each list is computed only over what the caller may read, a
restricted document cannot move anyone else's fused score.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

K = TypeVar("K", bound=Hashable)

RRF_K = 60


def rrf(rankings: Sequence[Sequence[K]], weights: Sequence[float] | None = None, k: int = RRF_K) -> dict[K, float]:
    """Fused score per key; a key absent from a ranking gets nothing from it."""
    weights = weights or [1.0] * len(rankings)
    fused: dict[K, float] = {}
    for ranking, weight in zip(rankings, weights, strict=True):
        for rank, key in enumerate(ranking, start=1):
            fused[key] = fused.get(key, 0.0) + weight / (k + rank)
    return fused
