"""A calibrated combiner: logistic regression over the layers' features.

The weights, the ``supported`` threshold and the ``partial`` threshold are fitted on held-out
dev data by ``train/verifier/calibrate.py`` and stored in ``model/calibration.json`` next to
the model. Without that file, hand-set weights are used (rules and word overlap only).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FEATURES = (
    "model_entail",  # logit of max P(entailment) over the windows
    "model_contra",  # logit of P(contradiction) at the best window
    "model_joined",  # logit of P(entailment) of the joined window (0 when none)
    "relevance",  # ms-marco cross-encoder relevance logit of (claim, best window)
    "overlap_best",  # share of claim content words in the best window
    "overlap_source",  # ... in the whole source
    "num_missing",  # a claim number is absent from the source
    "num_conflict",  # a claim number contradicts the source
    "num_ok",  # the claim has numbers and all are in the source
    "negation_diff",  # claim and best window differ in negation
    "entity_missing",  # share of the claim's capitalised words absent from the source
    "log_words",  # log(1 + claim words)
    "long_source",  # the source was split into windows
    "overlap_sentence",  # best single-sentence overlap
    "overlap_rare",  # overlap of the claim's rare words (long, capitalised or with digits)
    "bigram_overlap",  # share of the claim's content-word bigrams found in the best window
    "fuzzy_best",  # rapidfuzz token-set similarity with the best window (0-1)
    "missing_words",  # log(1 + claim content words absent from the whole source)
    "direction_conflict",  # increase vs decrease between claim and best window
    "negation_sentence_diff",  # claim and its best-matching sentence differ in negation
    "null_result",  # the best sentence reports no effect/association/difference, the claim does not
)


def logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


@dataclass(frozen=True)
class Combiner:
    weights: dict[str, float]
    bias: float
    threshold: float = 0.5
    partial_threshold: float = 0.25
    contradiction_threshold: float = 0.6
    meta: dict[str, object] = field(default_factory=dict)

    def prob(self, feats: dict[str, float]) -> float:
        z = self.bias + sum(self.weights.get(k, 0.0) * feats.get(k, 0.0) for k in FEATURES)
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    @classmethod
    def load(cls, path: Path, key: str) -> Combiner | None:
        """The combiner stored under ``key`` in a calibration file, or None."""
        if not path.exists():
            return None
        data = json.loads(path.read_text())
        return cls.from_dict(data[key]) if key in data else None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Combiner:
        return cls(weights=data["weights"], bias=data["bias"], threshold=data["threshold"],
                   partial_threshold=data.get("partial_threshold", data["threshold"] / 2),
                   contradiction_threshold=data.get("contradiction_threshold", 0.6),
                   meta=data.get("meta", {}))

    def to_json(self) -> dict[str, object]:
        return {"features": list(FEATURES), "weights": self.weights, "bias": self.bias,
                "threshold": self.threshold, "partial_threshold": self.partial_threshold,
                "contradiction_threshold": self.contradiction_threshold, "meta": self.meta}


def default_combiner(with_model: bool) -> Combiner:
    """Hand-set weights for when no calibration file is present."""
    w = {"overlap_best": 6.0, "overlap_source": 1.0, "num_missing": -3.0, "num_conflict": -5.0,
         "negation_diff": -2.0, "entity_missing": -3.0}
    if with_model:
        w |= {"model_entail": 0.8, "model_contra": -0.4, "model_joined": 0.2}
    return Combiner(weights=w, bias=-5.0, threshold=0.5, partial_threshold=0.2)
