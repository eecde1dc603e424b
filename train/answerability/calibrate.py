"""Calibrate the shipped answerability model on the calibration fold (never trained on).

1. Every unit of the fold is scored the way ``ask`` scores it: the shipped ONNX model
   through ``citadel.retrieve.answerability`` (the span rebuilt with today's
   ``span_text``) on top of the reranker's probability for the unit in context
   (``--rerank-weight``) and alone (``--bare-weight``).
2. Platt scaling (temperature, bias) on the unit labels makes the output a probability.
3. The abstention threshold: a question is answered when the best of the reranker's
   ``--spans`` best units reaches it; the threshold maximizes the mean of the balanced
   abstention accuracies of ClapNQ dev and docsqa dev (each set counts the same, so
   one default serves Wikipedia-like text and technical documentation alike).

Writes ``calibration.json`` beside the model, with the figures.

Usage: .venv/bin/python train/answerability/calibrate.py
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))

from citadel.retrieve.answerability import (  # noqa: E402
    MODEL_DIR,
    AnswerabilityModel,
    Calibration,
    rerank_logit,
    span_text,
)


def platt(z: np.ndarray, y: np.ndarray, steps: int = 3000) -> tuple[float, float]:
    """(temperature, bias) minimizing the log loss of sigmoid(z / T + b)."""
    a, b = 1.0, 0.0  # a = 1 / T
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(a * z + b)))
        ga, gb = float(np.mean((p - y) * z)), float(np.mean(p - y))
        a, b = a - 0.5 * ga, b - 0.5 * gb
    return 1 / a, b


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calib", type=Path, default=ROOT / "train/answerability/work/calib.jsonl")
    ap.add_argument("--model", type=Path, default=MODEL_DIR)
    ap.add_argument("--rerank-weight", type=float, default=None,
                    help="weight of the reranker's logit (default: the one learned in training, else 0.5)")
    ap.add_argument("--bare-weight", type=float, default=0.0,
                    help="weight of the reranker's logit for the unit read alone (calib rows' rerank_bare)")
    ap.add_argument("--spans", type=int, default=6, help="units read per question (EvidenceSettings.answer_spans)")
    args = ap.parse_args()
    config = json.loads((args.model / "config.json").read_text())
    learned = config["train_state"].get("rerank_weight")
    weight = args.rerank_weight if args.rerank_weight is not None else float(learned if learned is not None else 0.5)
    model = AnswerabilityModel(args.model)
    model.calibration = Calibration(threshold=0.5)
    rows = [json.loads(x) for x in args.calib.open()]
    by_q: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for r in rows:
        by_q[r["set"], r["qid"]].append(r)
    for (_, _), units in by_q.items():
        units.sort(key=lambda u: -u["rerank"])
        del units[args.spans :]
        z = model.logits(units[0]["question"], [span_text(u["title"], u["heading_path"], u["unit"]) for u in units])
        for u, value in zip(units, z, strict=True):
            u["z"] = float(value) + weight * float(rerank_logit(np.array(u["rerank"])))
            if args.bare_weight:
                u["z"] += args.bare_weight * float(rerank_logit(np.array(u["rerank_bare"])))
    read = [u for units in by_q.values() for u in units]
    z = np.array([u["z"] for u in read])
    y = np.array([u["label"] for u in read], dtype=np.float64)
    temperature, bias = platt(z, y)
    # z already holds the reranker's part: only the Platt scaling is applied here
    best = {k: float((1 / (1 + np.exp(-(np.array([u["z"] for u in v]) / temperature + bias)))).max()) for k, v in by_q.items()}

    def balanced(t: float, name: str) -> float:
        qs = [(best[k], v[0]["answerable"]) for k, v in by_q.items() if k[0] == name]
        answered = [s >= t for s, a in qs if a]
        abstained = [s < t for s, a in qs if not a]
        return 0.5 * (np.mean(answered) + np.mean(abstained))

    grid = sorted(set(best.values()))
    scores = {t: 0.5 * (balanced(t, "docsqa") + balanced(t, "clapnq")) for t in grid}
    top = max(scores.values())
    near = [t for t, s in scores.items() if s >= top - 1e-9]
    threshold = float(np.median(near))  # the middle of the best plateau
    figures = {name: round(float(balanced(threshold, name)), 3) for name in ("docsqa", "clapnq")}
    out = {"threshold": round(threshold, 4), "rerank_weight": weight, "bare_weight": args.bare_weight,
           "temperature": round(temperature, 4),
           "bias": round(bias, 4), "fitted_on": "calibration fold of ClapNQ dev + docsqa dev (sha256(set:id)[0] % 3 == 0)",
           "questions": {n: sum(k[0] == n for k in by_q) for n in ("docsqa", "clapnq")},
           "units_read_per_question": args.spans, "balanced_abstention_at_threshold": figures}  # fmt: skip
    (args.model / "calibration.json").write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
