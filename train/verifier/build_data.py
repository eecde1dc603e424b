"""Build the training and calibration data for citadel's claim-support model.

Reads only permissively licensed NLI data (``nli.jsonl``, never ``nli_nc.jsonl``) and the
*dev* splits of the evaluation sets in ``shared/datasets`` (never a test split). Writes:

- ``work/train.jsonl``: rows ``{"premise", "hypothesis", "label", "kind"}`` with
  label 0 = entailment, 1 = neutral, 2 = contradiction;
- ``work/calib.jsonl``: the held-out third of the dev splits (by group), in the verifier-pair
  format, used to fit the combiner and the threshold, never to train the model.

Usage: python train/verifier/build_data.py --datasets /work/shared/datasets --out train/verifier/work
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
from collections import Counter
from pathlib import Path

LABELS = {"entailment": 0, "neutral": 1, "contradiction": 2}
# NLI sources and how many rows of each to keep (None = all). QNLI is dropped: its
# hypotheses are questions, not claims. Templated sets are down-sampled.
NLI_KEEP: dict[str, int | None] = {
    "snli": 4000, "mnli": None, "fever": 10000, "fever_symmetric": None,
    "sufficient_facts": None, "scitail": None, "begin": 2500,
    "conjnli": 2000, "breaking_nli": 1500, "qnli": 0,
}
WINDOW_SENTS = 3
WORD = re.compile(r"[A-Za-z0-9]+")
STOP = set(
    "a an the of to in on at for by with from and or but is are was were be been being as that this"
    " these those it its it's which who whom what when where how than then there their they them he"
    " she his her we our you your i not no do does did has have had will would can could may might"
    " also such into over under about after before between during more most other some any all".split()
)


def fold(dataset: str, group_id: str) -> int:
    """0 = calibration (held out), 1 or 2 = training. Stable across runs."""
    return hashlib.sha256(f"{dataset}:{group_id}".encode()).digest()[0] % 3


def content_words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text) if w.lower() not in STOP}


def overlap(claim: str, window: str) -> float:
    cw = content_words(claim)
    return len(cw & content_words(window)) / max(1, len(cw))


def split_sents(text: str) -> list[str]:
    """Cheap splitter for building data (runtime uses citadel.text.sentence_spans)."""
    out = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        out.extend(s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"(])", line) if s.strip())
    return out


def best_window(claim: str, sents: list[str]) -> str:
    best, best_score = "", -1.0
    for i in range(max(1, len(sents) - WINDOW_SENTS + 1)):
        w = " ".join(sents[i : i + WINDOW_SENTS])
        sc = overlap(claim, w)
        if sc > best_score:
            best, best_score = w, sc
    return best


def gold_window(sents: list[str], idx: list[int], rng: random.Random) -> str:
    idx = sorted(i for i in idx if 0 <= i < len(sents))
    if not idx:
        return ""
    if idx[-1] - idx[0] < WINDOW_SENTS:
        lo = max(0, min(idx[0] - rng.randint(0, 1), idx[-1] - WINDOW_SENTS + 1))
        hi = min(len(sents), max(idx[-1] + 1, lo + WINDOW_SENTS))
        return " ".join(sents[lo:hi])
    return " ".join(sents[i] for i in idx)  # a joined window of distant gold sentences


def load(path: Path) -> list[dict]:
    with path.open() as fh:
        return [json.loads(line) for line in fh]


def nli_rows(path: Path, rng: random.Random) -> list[dict]:
    by_src: dict[str, list[dict]] = {}
    for r in load(path):
        by_src.setdefault(r["source"], []).append(r)
    rows = []
    for src, items in by_src.items():
        keep = NLI_KEEP.get(src)
        if keep == 0:
            continue
        if keep is not None and keep < len(items):
            items = rng.sample(items, keep)
        for r in items:
            rows.append({"premise": r["premise"], "hypothesis": r["hypothesis"],
                         "label": LABELS[r["label"]], "kind": f"nli:{src}"})
    return rows


def in_domain(ds: Path, rng: random.Random) -> tuple[list[dict], list[dict], list[list[str]]]:
    """Training rows from 2/3 of the dev groups, calibration pairs from the other 1/3,
    and the sentence lists of all dev sources (for synthetic pairs)."""
    train, calib, docs = [], [], []
    for r in load(ds / "expertqa/pairs.dev.jsonl"):
        sents = split_sents(r["evidence"])
        docs.append(sents)
        if fold("expertqa", r["group_id"]) == 0:
            calib.append(r)
            continue
        lab = 0 if r["label"] == "supported" else 1
        train.append({"premise": best_window(r["claim"], sents) if len(r["evidence"]) > 1100
                      else r["evidence"], "hypothesis": r["claim"], "label": lab, "kind": "dev:expertqa"})
    for r in load(ds / "wice/pairs.dev.jsonl"):
        sents = r["evidence"].split("\n")
        docs.append([s for s in sents if not s.startswith("(meta data)")])
        if fold("wice", r["group_id"]) == 0:
            calib.append(r)
            continue
        lab = 0 if r["label"] == "supported" else 1
        sets = r["meta"].get("supporting_sentence_sets") or []
        for s in sets[:2]:
            w = gold_window(sents, s, rng)
            if w:
                train.append({"premise": w, "hypothesis": r["claim"], "label": lab, "kind": "dev:wice"})
        if not sets:
            train.append({"premise": best_window(r["claim"], sents), "hypothesis": r["claim"],
                          "label": 1, "kind": "dev:wice"})
    for r in load(ds / "wice/oracle_pairs.dev.jsonl"):
        if fold("wice", r["group_id"]) == 0:
            continue
        lab = 0 if r["label"] == "supported" else 1
        train.append({"premise": r["evidence"], "hypothesis": r["claim"], "label": lab,
                      "kind": "dev:wice_oracle"})
    for r in load(ds / "scifact/pairs.dev.jsonl"):
        sents = r["evidence"].split("\n")
        docs.append(sents)
        if fold("scifact", r["group_id"]) == 0:
            calib.append(r)
            continue
        fine = r["label_fine"]
        lab = {"SUPPORT": 0, "CONTRADICT": 2}.get(fine, 1)
        sets = r["meta"].get("rationale_sentence_sets") or []
        title = r["meta"].get("title", "")
        for s in sets[:2]:
            w = gold_window(sents, s, rng)
            train.append({"premise": w, "hypothesis": r["claim"], "label": lab, "kind": "dev:scifact"})
        if not sets:
            w = best_window(r["claim"], sents)
            train.append({"premise": w, "hypothesis": r["claim"], "label": 1, "kind": "dev:scifact"})
        if title and lab == 1:
            train.append({"premise": title + ". " + best_window(r["claim"], sents),
                          "hypothesis": r["claim"], "label": 1, "kind": "dev:scifact"})
    return train, calib, docs


def write_jsonl(path: Path, rows: list[dict]) -> None:
    with path.open("w") as fh:
        for r in rows:
            fh.write(json.dumps(r) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--datasets", default="/work/shared/datasets")
    ap.add_argument("--out", default="train/verifier/work")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--synthetic", type=int, default=16000)
    ap.add_argument("--in-domain-repeat", type=int, default=2)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    ds, out = Path(args.datasets), Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    from synth import make_synthetic

    rows = nli_rows(ds / "nli/nli.jsonl", rng)
    dev_train, calib, docs = in_domain(ds, rng)
    rows += dev_train * args.in_domain_repeat
    rows += make_synthetic(docs, args.synthetic, rng)
    rows = [r for r in rows if r["premise"].strip() and r["hypothesis"].strip()]
    rng.shuffle(rows)
    write_jsonl(out / "train.jsonl", rows)
    write_jsonl(out / "calib.jsonl", calib)
    kinds = Counter(r["kind"].split(":")[0] + ":" + r["kind"].split(":")[1] for r in rows)
    labels = Counter(r["label"] for r in rows)
    print(json.dumps({"train_rows": len(rows), "calib_pairs": len(calib), "labels": labels,
                      "kinds": kinds}, indent=1))


if __name__ == "__main__":
    main()
