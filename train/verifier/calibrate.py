"""Fit the verifier's combiner and its thresholds on held-out dev data; report calibration.

Reads ``work/calib.jsonl`` (the third of the dev groups that training never saw) and, with
``--crisp``, the crisp dev pairs (hand-written everyday pairs; the model never trains on them),
with ``--everyday``, the team's probe pairs of sets a model was not trained on
(``build_probes.py --hold-from``), each as a dataset of its own; computes every layer's
features with the shipped model, fits a logistic regression (L2, each dataset weighted
equally), picks the ``supported`` threshold that maximises the mean balanced accuracy over the
datasets, and writes ``calibration.json`` next to the model with the expected
calibration error (ECE, 10 bins).

Usage: .venv/bin/python train/verifier/calibrate.py [--model-dir src/citadel/verify/model]
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import numpy as np

from citadel.verify.combiner import FEATURES, Combiner
from citadel.verify.verifier import Verifier, VerifierSettings


def fit_logreg(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float = 1.0) -> np.ndarray:
    """Weighted L2 logistic regression by Newton steps; returns [bias, weights...]."""
    xb = np.hstack([np.ones((len(x), 1)), x])
    beta = np.zeros(xb.shape[1])
    reg = np.full(xb.shape[1], l2)
    reg[0] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(xb @ beta, -30, 30)))
        g = xb.T @ (w * (p - y)) + reg * beta
        h = (xb * (w * p * (1 - p))[:, None]).T @ xb + np.diag(reg + 1e-6)
        step = np.linalg.solve(h, g)
        beta -= step
        if np.abs(step).max() < 1e-7:
            break
    return beta


def balanced_accuracy(y: np.ndarray, pred: np.ndarray) -> float:
    tpr = (pred[y == 1] == 1).mean() if (y == 1).any() else 0.0
    tnr = (pred[y == 0] == 0).mean() if (y == 0).any() else 0.0
    return float((tpr + tnr) / 2)


def ece(p: np.ndarray, y: np.ndarray, bins: int = 10) -> float:
    edges = np.linspace(0, 1, bins + 1)
    total = 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        m = (p >= lo) & (p < hi if hi < 1 else p <= hi)
        if m.any():
            total += m.mean() * abs(p[m].mean() - y[m].mean())
    return float(total)


def pick_threshold(p: np.ndarray, y: np.ndarray, ds: np.ndarray, blocked: np.ndarray) -> float:
    """The threshold maximising the mean of the datasets' balanced accuracies."""
    names = sorted(set(ds))
    best_t, best_ba = 0.5, -1.0
    for t in np.linspace(0.05, 0.95, 91):
        pred = ((p >= t) & ~blocked).astype(int)
        ba = np.mean([balanced_accuracy(y[ds == d], pred[ds == d]) for d in names])
        if ba > best_ba + 1e-9:
            best_t, best_ba = float(t), float(ba)
    return best_t


def cross_validate(x: np.ndarray, y: np.ndarray, w: np.ndarray, ds: np.ndarray, blocked: np.ndarray,
                   groups: list[str], k: int, l2: float) -> dict[str, float]:
    """Balanced accuracy per dataset when each group's pairs are scored by a combiner (and
    threshold) fitted without that group."""
    import hashlib

    fold = np.array([hashlib.sha256(g.encode()).digest()[1] % k for g in groups])
    pred = np.zeros(len(y), dtype=int)
    for f in range(k):
        tr, te = fold != f, fold == f
        beta = fit_logreg(x[tr], y[tr], w[tr], l2)
        p = 1 / (1 + np.exp(-(beta[0] + x @ beta[1:])))
        t = pick_threshold(p[tr], y[tr], ds[tr], blocked[tr])
        pred[te] = ((p[te] >= t) & ~blocked[te]).astype(int)
    return {d: round(balanced_accuracy(y[ds == d], pred[ds == d]), 4) for d in sorted(set(ds))}


def hand_written(path: str, dataset: str, group: Callable[[dict], str]) -> list[dict]:
    """Pairs in ``citadel verify --pairs`` form (claim, source, supported) as calibration rows."""
    return [{"claim": r["claim"], "evidence": r["source"], "dataset": dataset,
             "label": "supported" if r["supported"] else "unsupported", "group_id": group(r)}
            for r in map(json.loads, open(path))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calib", default="train/verifier/work/calib.jsonl")
    ap.add_argument("--model-dir", default="src/citadel/verify/model")
    ap.add_argument("--only", choices=["rules_only", "with_model"], default=None)
    ap.add_argument("--l2", type=float, default=1.0,
                    help="L2 strength of the logistic regression (the shipped with_model: 100)")
    ap.add_argument("--crisp", default="",
                    help="also fit on these crisp pairs (../shared/datasets/crisp/pairs.dev.jsonl), "
                         "as a dataset of their own")
    ap.add_argument("--everyday", default="",
                    help="also fit on these hand-written everyday pairs (everyday-probes.jsonl "
                         "rows of sets the model was not trained on: build_probes.py --hold-from)")
    ap.add_argument("--cv", type=int, default=0,
                    help="also report K-fold cross-validation by group (the combiner and its "
                         "threshold fitted on the other folds), the honest figure for crisp")
    ap.add_argument("--dry-run", action="store_true", help="report only; write nothing")
    args = ap.parse_args()
    rows = [json.loads(line) for line in open(args.calib)]
    if args.crisp:
        rows += hand_written(args.crisp, "crisp", lambda r: r["source_id"])
    if args.everyday:  # (a probe set's pairs over one source are one group)
        rows += hand_written(args.everyday, "everyday", lambda r: r["set"] + ":" + r["source"][:40])
    pairs = [(r["claim"], r["evidence"]) for r in rows]
    y = np.array([r["label"] == "supported" for r in rows], dtype=float)
    ds = [r["dataset"] for r in rows]
    counts = defaultdict(int)
    for d in ds:
        counts[d] += 1
    wts = np.array([len(rows) / (len(counts) * counts[d]) for d in ds])
    model_dir = Path(args.model_dir)
    out = {}
    report = {}
    for key, use_model in (("rules_only", False), ("with_model", True)):
        if args.only and key != args.only:
            continue
        t0 = time.time()
        v = Verifier(VerifierSettings(model_dir=model_dir, use_model=use_model))
        rows_ruled = v.ruled_rows(pairs)
        feats = [f for f, _ in rows_ruled]
        names = [f for f in FEATURES if f in feats[0]]
        x = np.array([[f[n] for n in names] for f in feats])
        beta = fit_logreg(x, y, wts, args.l2)
        p = 1 / (1 + np.exp(-(beta[0] + x @ beta[1:])))
        # pairs a rule decides (a number missing or in conflict, a negation or direction
        # turned, a name swapped, the opposite supported better) are never "supported"
        blocked = np.array([ruled is not None for _, ruled in rows_ruled])
        best_t = pick_threshold(p, y, np.array(ds), blocked)
        pred = ((p >= best_t) & ~blocked).astype(int)
        exact = {d: balanced_accuracy(y[np.array(ds) == d], pred[np.array(ds) == d]) for d in counts}
        per_ds = {d: round(v, 4) for d, v in exact.items()}
        best_ba = float(np.mean(list(exact.values())))
        comb = Combiner(weights={n: float(b) for n, b in zip(names, beta[1:])},
                        bias=float(beta[0]), threshold=best_t, partial_threshold=best_t / 2,
                        meta={"fitted_on": f"{len(rows)} held-out dev pairs {dict(counts)}",
                              "l2": args.l2,
                              "ece_10_bins": round(ece(p, y), 4),
                              "balanced_accuracy_dev": per_ds,
                              "mean_balanced_accuracy_dev": round(best_ba, 4)})
        if args.cv:
            groups = [str(r.get("group_id", i)) for i, r in enumerate(rows)]
            report_cv = cross_validate(x, y, wts, np.array(ds), blocked, groups, args.cv, args.l2)
            comb.meta["cv_balanced_accuracy_dev"] = report_cv
            print(key, "cv", json.dumps(report_cv), flush=True)
        out[key] = comb.to_json()
        report[key] = {"threshold": round(best_t, 3), "per_dataset": per_ds,
                       "ece": round(ece(p, y), 4), "seconds": round(time.time() - t0, 1)}
        print(key, json.dumps(report[key]), flush=True)
    if args.dry_run:
        return
    cal = model_dir / "calibration.json"
    if cal.exists():
        out = json.loads(cal.read_text()) | out
    cal.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {cal}")


if __name__ == "__main__":
    main()
