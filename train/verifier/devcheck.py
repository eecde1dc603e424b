"""Feature check on dev only: fit the combiner on the held-out calibration third, score it on
the other two thirds (rules-only features do not train on anything, so both are fair).

Usage: .venv/bin/python train/verifier/devcheck.py [--model]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from calibrate import balanced_accuracy, fit_logreg

from citadel.verify.combiner import FEATURES
from citadel.verify.verifier import Verifier, VerifierSettings

DS = Path("/work/shared/datasets")


def fold(dataset: str, group_id: str) -> int:
    return hashlib.sha256(f"{dataset}:{group_id}".encode()).digest()[0] % 3


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", action="store_true")
    ap.add_argument("--drop", default="")
    args = ap.parse_args()
    rows = []
    for name, rel in (("expertqa", "expertqa/pairs.dev.jsonl"), ("wice", "wice/pairs.dev.jsonl"),
                      ("scifact", "scifact/pairs.dev.jsonl")):
        for line in (DS / rel).open():
            r = json.loads(line)
            r["_ds"], r["_fold"] = name, fold(name, r["group_id"])
            rows.append(r)
    v = Verifier(VerifierSettings(use_model=args.model))
    feats = v.feature_rows([(r["claim"], r["evidence"]) for r in rows])
    drop = set(args.drop.split(","))
    names = [f for f in FEATURES if f in feats[0] and f not in drop]
    x = np.array([[f[n] for n in names] for f in feats])
    y = np.array([r["label"] == "supported" for r in rows], dtype=float)
    ds = np.array([r["_ds"] for r in rows])
    cal = np.array([r["_fold"] == 0 for r in rows])
    counts = {d: int((ds[cal] == d).sum()) for d in set(ds)}
    w = np.array([1.0 / counts[d] for d in ds[cal]])
    beta = fit_logreg(x[cal], y[cal], w * cal.sum() / 3)
    p = 1 / (1 + np.exp(-(beta[0] + x @ beta[1:])))
    blocked = np.array([f["num_missing"] + f["num_conflict"] > 0 for f in feats])
    best = max(np.linspace(0.05, 0.95, 91), key=lambda t: np.mean([balanced_accuracy(
        y[cal & (ds == d)], ((p >= t) & ~blocked)[cal & (ds == d)].astype(int)) for d in counts]))
    pred = ((p >= best) & ~blocked).astype(int)
    for d in sorted(counts):
        m = ~cal & (ds == d)
        print(f"{d:9} held-in(cal) {balanced_accuracy(y[cal & (ds == d)], pred[cal & (ds == d)]):.3f}"
              f"  other-dev {balanced_accuracy(y[m], pred[m]):.3f}")
    print("threshold", round(float(best), 2), dict(zip(names, np.round(beta[1:], 2))))


if __name__ == "__main__":
    main()
