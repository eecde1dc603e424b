"""Score a checkpoint (or the shipped ONNX) on the calibration fold, beside the reranker.

Figures, per data set and together:
  question AUC     does the best span's score tell answerable from unanswerable questions
  top-1 answers    of answerable questions with a gold unit, share whose best-scored unit is one
Scores: the reranker in context alone, the model alone, model + 0.5 x reranker in context
("sum"), and the model with both reranker views at the weights of the shipped
calibration.json ("both": what ask reads).
  balanced@t       balanced accuracy of "answer when best >= t" at the threshold t that is best
                   over both sets together (what ships as the default)

Usage:
  .venv-train/bin/python train/answerability/evaluate.py --ckpt train/answerability/work/ckpt
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path

import numpy as np

from pairs import encode_pairs  # train/answerability/pairs.py

SHIPPED_CALIBRATION = Path(__file__).resolve().parents[2] / "src/citadel/retrieve/answerability_model/calibration.json"


def logit(p: float) -> float:
    """A reranker probability on the logit scale, clipped to [-8, 8] (as in training)."""
    p = min(max(p, 3.4e-4), 1 - 3.4e-4)
    return math.log(p / (1 - p))


def auc(pos: list[float], neg: list[float]) -> float:
    if not pos or not neg:
        return float("nan")
    wins = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


def torch_scores(ckpt: str, pairs: list[tuple[str, str]], max_len: int) -> np.ndarray:
    """The checkpoint's logit for each (span, question) pair, read in the order it was
    trained on (``question_first`` in its train_state.json: the reranker's order)."""
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    torch.set_num_threads(2)
    tok = AutoTokenizer.from_pretrained(ckpt)
    model = AutoModelForSequenceClassification.from_pretrained(ckpt).eval()
    first = json.loads((Path(ckpt) / "train_state.json").read_text()).get("question_first", False)
    out = []
    with torch.no_grad():
        for i in range(0, len(pairs), 64):
            b = pairs[i : i + 64]
            enc = encode_pairs(tok, [s for s, _ in b], [q for _, q in b], first, max_len, padding=True, return_tensors="pt")
            with torch.autocast("cpu", dtype=torch.bfloat16):
                out.append(model(**enc).logits.float()[:, 0].numpy())
    return np.concatenate(out)


def report(rows: list[dict], key: str) -> dict[str, dict[str, float]]:
    by_q: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for r in rows:
        by_q[r["set"], r["qid"]].append(r)
    figures: dict[str, dict[str, float]] = {}
    best_all: list[tuple[float, bool]] = []
    for name in ("docsqa", "clapnq", "all"):
        qs = [v for k, v in by_q.items() if name in ("all", k[0])]
        pos = [max(u[key] for u in v) for v in qs if v[0]["answerable"]]
        neg = [max(u[key] for u in v) for v in qs if not v[0]["answerable"]]
        with_gold = [v for v in qs if any(u["label"] for u in v)]
        top1 = sum(max(v, key=lambda u: u[key])["label"] for v in with_gold) / max(1, len(with_gold))
        figures[name] = {"question_auc": round(auc(pos, neg), 3), "top1_answers": round(top1, 3), "questions": len(qs)}
        if name == "all":
            best_all = [(max(u[key] for u in v), v[0]["answerable"]) for v in qs]
    # one threshold for both sets: the best mean of the two sets' balanced accuracies
    grid = sorted({s for s, _ in best_all})
    def balanced(t: float, name: str) -> float:
        qs = [v for k, v in by_q.items() if k[0] == name]
        a = [max(u[key] for u in v) >= t for v in qs if v[0]["answerable"]]
        u_ = [max(u[key] for u in v) < t for v in qs if not v[0]["answerable"]]
        return 0.5 * (sum(a) / max(1, len(a)) + sum(u_) / max(1, len(u_)))
    t = max(grid, key=lambda t: balanced(t, "docsqa") + balanced(t, "clapnq"))
    figures["threshold"] = {"t": round(float(t), 3), "docsqa": round(balanced(t, "docsqa"), 3), "clapnq": round(balanced(t, "clapnq"), 3)}
    return figures


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--calib", default="train/answerability/work/calib.jsonl")
    ap.add_argument("--max-len", type=int, default=160)
    ap.add_argument("--spans", type=int, default=6, help="units read per question, the reranker's best")
    ap.add_argument("--dump", type=Path, help="write the rows with their scores here")
    args = ap.parse_args()
    rows = [json.loads(x) for x in open(args.calib)]
    logits = torch_scores(args.ckpt, [(r["span"], r["question"]) for r in rows], args.max_len)
    state = json.loads((Path(args.ckpt) / "train_state.json").read_text())
    w = state.get("rerank_weight") or 0.5
    shipped = json.loads(SHIPPED_CALIBRATION.read_text())  # the weights ask reads the views with
    in_context, alone = float(shipped["rerank_weight"]), float(shipped.get("bare_weight", 0.0))
    for r, z in zip(rows, logits, strict=True):
        r["answerability"] = float(z)
        r["rerank_logit"] = logit(r["rerank"])
        r["sum"] = float(z) + w * r["rerank_logit"]
        if "rerank_bare" in r:
            r["both"] = float(z) + in_context * r["rerank_logit"] + alone * logit(r["rerank_bare"])
    by_q: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for r in rows:
        by_q[r["set"], r["qid"]].append(r)
    read = [u for v in by_q.values() for u in sorted(v, key=lambda u: -u["rerank"])[: args.spans]]
    for key in ("rerank", "answerability", "sum", "both"):
        if key not in read[0]:
            continue
        print(f"{key} (the reranker's best {args.spans} units)", json.dumps(report(read, key)))
    if args.dump:
        args.dump.write_text("".join(json.dumps(r) + "\n" for r in rows))


if __name__ == "__main__":
    main()
