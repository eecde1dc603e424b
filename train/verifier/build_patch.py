"""Patch data for the later training stages, each mixed with a replay sample of train.jsonl.

    (cd train/verifier && python3 build_patch.py --out work)                    # stage 3
    (cd train/verifier && python3 build_patch.py --out work --kind direction)   # stage 4
    (cd train/verifier && ../../.venv/bin/python build_patch.py --out work --kind in_domain)  # 5

``--kind beside_negation`` (stage 3) writes ``work/patch.jsonl``: copy-beside-negation
entailment rows (see ``synth.make_beside_negation``) from the same dev-split sources as the
synthetic set. ``--kind direction`` (stage 4) writes ``work/direction.jsonl``: direction-word
synonym (entailment) and opposite (contradiction) rows (``synth.make_direction``) from those
sources plus the SciFact corpus abstracts that no SciFact test pair uses. Both mix in
``--replay`` rows drawn from ``work/train.jsonl`` so the model does not forget the rest.

``--kind in_domain`` (stage 5) writes ``work/in_domain.jsonl``: every in-domain row of
``work/train.jsonl`` (the dev-split pairs of the two training folds) twice, the opposite of
each in-domain entailment row's claim (``citadel.verify.lexical.opposite``, the verifier's own
contrast) as a contradiction of the same window, ``--rows`` direction rows and ``--rows``
copy-beside-negation rows (so the stage-3 fix holds), and the replay. It needs citadel
importable (the project's ``.venv``).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from build_data import in_domain, load, split_sents, write_jsonl
from synth import make_beside_negation, make_direction

KINDS = {"beside_negation": ("patch.jsonl", make_beside_negation),
         "direction": ("direction.jsonl", make_direction),
         "in_domain": ("in_domain.jsonl", None)}


def _is_dev(row: dict) -> bool:
    """An in-domain row: a dev-split pair of the two training folds."""
    return row["kind"].startswith("dev:")


def in_domain_rows(train: list[dict], docs: list[list[str]], n: int,
                   rng: random.Random) -> list[dict]:
    """Stage 5: the in-domain rows twice, their claims' opposites, direction and
    copy-beside-negation rows (see the module docstring)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
    from citadel.verify.lexical import opposite

    dev = [r for r in train if _is_dev(r)]
    flipped = [{"premise": r["premise"], "hypothesis": opposite(r["hypothesis"]), "label": 2,
                "kind": "opp:" + r["kind"].split(":", 1)[1]}
               for r in dev if r["label"] == 0]
    return (dev + dev + flipped + make_direction(docs, n, rng)
            + make_beside_negation(docs, n, rng))


def scifact_corpus_docs(ds: Path) -> list[list[str]]:
    """Sentences of the SciFact abstracts that no test pair cites (the test stays unseen)."""
    test_docs = {r["meta"]["doc_id"] for r in load(ds / "scifact/pairs.test.jsonl")}
    return [split_sents(r["text"]) for r in load(ds / "scifact/corpus.jsonl")
            if r["doc_id"] not in test_docs]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--datasets", default="/work/shared/datasets")
    ap.add_argument("--out", default="work")
    ap.add_argument("--kind", choices=sorted(KINDS), default="beside_negation")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--rows", type=int, default=4000)
    ap.add_argument("--replay", type=int, default=12000)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out = Path(args.out)
    _, _, docs = in_domain(Path(args.datasets), random.Random(13))
    name, make = KINDS[args.kind]
    if args.kind in ("direction", "in_domain"):
        docs = docs + scifact_corpus_docs(Path(args.datasets))
    train = load(out / "train.jsonl")
    if make is None:
        rows = in_domain_rows(train, docs, args.rows, rng)
        train = [r for r in train if not _is_dev(r)]
    else:
        rows = make(docs, args.rows, rng)
    rows += rng.sample(train, args.replay)
    rng.shuffle(rows)
    write_jsonl(out / name, rows)
    print(json.dumps({"file": name, "rows": len(rows), args.kind: args.rows, "replay": args.replay}))


if __name__ == "__main__":
    main()
