"""Training rows from the team's hand-written everyday pairs, mixed with a replay sample.

    (cd train/verifier && ../../.venv/bin/python build_probes.py --out work)

Reads ``bench/data/everyday-probes.jsonl`` (pairs the team wrote in crisp's spirit; none from
crisp or any dataset) and writes ``work/probes_train.jsonl``: the pairs of every set *not held
out*, ``--repeat`` times, labelled entailment (supported), neutral (a claim that says more than
the source: invented details, overgeneralised subjects, dropped conditions, a true part joined
to an unsupported one, vague against exact) or contradiction (every other unsupported kind:
negation, antonyms, swapped numbers, units, periods, entities and roles, temporal, modality,
comparison), plus ``--replay`` rows drawn from ``work/train.jsonl`` (``build_data.py``) so the
model keeps what it read there.

Held out, never written: the sets numbered ``--hold-from`` and above (the newest, written last,
each run once before any fix) and ``p14`` (no mechanism was ever fixed from it). They, crisp
dev and the calibration fold are what a model trained on these rows is judged on.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import Counter
from pathlib import Path

from build_data import load, write_jsonl

ROOT = Path(__file__).resolve().parents[2]
PROBES = ROOT / "bench" / "data" / "everyday-probes.jsonl"

#: Unsupported kinds whose claim says more than the source rather than the opposite of it.
NEUTRAL_KINDS = frozenset({
    "invented", "overgeneralisation", "overgeneralization", "overgeneral", "condition-dropped",
    "dropped-condition", "condition-drop", "condition", "partial", "true-plus-false", "vague",
    "vague-vs-exact", "vague-exact", "quantifier", "scope", "inference-simple", "instance",
    "undergeneralisation-false", "multi-sentence",
})


def set_number(name: str) -> int:
    """``p121`` -> 121, ``p38r`` -> 38, ``p22`` -> 22."""
    m = re.match(r"p(\d+)", name)
    return int(m.group(1)) if m else -1


def held_out(name: str, hold_from: int) -> bool:
    return set_number(name) >= hold_from or name == "p14"


def label_of(row: dict) -> int:
    if row["supported"]:
        return 0
    return 1 if row["kind"] in NEUTRAL_KINDS else 2


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="work")
    ap.add_argument("--probes", default=str(PROBES))
    ap.add_argument("--hold-from", type=int, default=121)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--replay", type=int, default=12000)
    ap.add_argument("--seed", type=int, default=79)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out = Path(args.out)
    probes = load(Path(args.probes))
    train = [r for r in probes if not held_out(r["set"], args.hold_from)]
    rows = [{"premise": r["source"], "hypothesis": r["claim"], "label": label_of(r),
             "kind": "probe:" + r["kind"]} for r in train] * args.repeat
    replay = load(out / "train.jsonl")
    rows += rng.sample(replay, min(args.replay, len(replay)))
    rng.shuffle(rows)
    write_jsonl(out / "probes_train.jsonl", rows)
    held = sorted({r["set"] for r in probes if held_out(r["set"], args.hold_from)}, key=set_number)
    print(json.dumps({"rows": len(rows), "probe_pairs": len(train), "held_out_sets": held,
                      "held_out_pairs": len(probes) - len(train),
                      "labels": Counter(r["label"] for r in rows)}, indent=1))


if __name__ == "__main__":
    main()
