"""Stage-3 data: rows that break the negation shortcut, plus a replay sample of train.jsonl.

    (cd train/verifier && python3 build_patch.py --out work)   # after build_data.py

Writes ``work/patch.jsonl``: ``--rows`` copy-beside-negation entailment rows (see
``synth.make_beside_negation``) from the same dev-split sources as the synthetic set, mixed
with ``--replay`` rows drawn from ``work/train.jsonl`` so the model does not forget the rest.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from build_data import in_domain, write_jsonl
from synth import make_beside_negation


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--datasets", default="/work/shared/datasets")
    ap.add_argument("--out", default="work")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--rows", type=int, default=4000)
    ap.add_argument("--replay", type=int, default=12000)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out = Path(args.out)
    _, _, docs = in_domain(Path(args.datasets), random.Random(13))
    rows = make_beside_negation(docs, args.rows, rng)
    train = (out / "train.jsonl").read_text().splitlines()
    rows += [json.loads(line) for line in rng.sample(train, args.replay)]
    rng.shuffle(rows)
    write_jsonl(out / "patch.jsonl", rows)
    print(json.dumps({"rows": len(rows), "beside_negation": args.rows, "replay": args.replay}))


if __name__ == "__main__":
    main()
