"""The model alone on crisp dev (and, with --calib, on the calibration fold): a checkpoint's
P(entailment) AUC, its best balanced accuracy and the share right per kind at that threshold.

This measures one layer, the way the issue asks before deciding what to change: the verifier
around it (rules, combiner) is measured by ``bench/verifier.py``.

Usage: .venv-train/bin/python train/verifier/probe_crisp.py --ckpt train/verifier/work/ckpt_e1 \
           [--crisp ../shared/datasets/crisp/pairs.dev.jsonl] [--calib train/verifier/work/calib.jsonl]
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict

import numpy as np
import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer


def auc(y: np.ndarray, s: np.ndarray) -> float:
    """Mann-Whitney AUC with ties counted half."""
    pos, neg = s[y], s[~y]
    if not len(pos) or not len(neg):
        return float("nan")
    gt = (pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()
    return float(gt / (len(pos) * len(neg)))


def entail(ckpt: str, pairs: list[tuple[str, str]], max_len: int = 224, bs: int = 32) -> np.ndarray:
    tok = AutoTokenizer.from_pretrained(ckpt)
    model = AutoModelForSequenceClassification.from_pretrained(ckpt).eval()
    out = np.zeros(len(pairs))
    order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
    with torch.no_grad():
        for k in range(0, len(order), bs):
            idx = order[k: k + bs]
            enc = tok([pairs[i][0] for i in idx], [pairs[i][1] for i in idx], truncation="only_first",
                      max_length=max_len, padding=True, return_tensors="pt")
            p = torch.softmax(model(**enc).logits.float(), dim=-1)[:, 0].numpy()
            out[idx] = p
    return out


def report(name: str, y: np.ndarray, s: np.ndarray, kinds: list[str]) -> None:
    best, bt = 0.0, 0.5
    for t in np.linspace(0.01, 0.99, 99):
        pred = s >= t
        ba = (pred[y].mean() + (~pred[~y]).mean()) / 2
        if ba > best:
            best, bt = float(ba), float(t)
    print(json.dumps({"set": name, "pairs": len(y), "auc": round(auc(y, s), 3),
                      "best_balanced_accuracy": round(best, 3), "at": round(bt, 2)}))
    per: dict[str, list[bool]] = defaultdict(list)
    for k, yy, ss in zip(kinds, y, s):
        per[k].append(bool((ss >= bt) == yy))
    print("  " + ", ".join(f"{k} {np.mean(v):.2f}" for k, v in sorted(per.items())))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--crisp", default="../shared/datasets/crisp/pairs.dev.jsonl")
    ap.add_argument("--calib", default="")
    ap.add_argument("--held-out", action="store_true",
                    help="only the crisp fold that build_everyday.py --crisp never trains on")
    args = ap.parse_args()
    torch.set_num_threads(2)
    rows = [json.loads(line) for line in open(args.crisp)]
    if args.held_out:
        from build_everyday import crisp_fold

        rows = [r for r in rows if crisp_fold(r["source_id"]) == 0]
    s = entail(args.ckpt, [(r["source"], r["claim"]) for r in rows])
    report("crisp dev", np.array([r["supported"] for r in rows]), s, [r["kind"] for r in rows])
    if args.calib:
        cal = [json.loads(line) for line in open(args.calib)]
        s = entail(args.ckpt, [(r["evidence"], r["claim"]) for r in cal])
        for d in sorted({r["dataset"] for r in cal}):
            m = np.array([r["dataset"] == d for r in cal])
            y = np.array([r["label"] == "supported" for r in cal])
            report(f"calibration fold {d} (evidence cut at 224 tokens)", y[m], s[m], [d] * int(m.sum()))


if __name__ == "__main__":
    main()
