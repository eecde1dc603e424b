"""Build ``work/everyday.jsonl``: everyday-error rows (``everyday.py``) plus replayed rows.

Passages (real text written by others or shipped here, never a test split):

- the dev-split sources of ExpertQA, WiCE and SciFact (as ``build_data.py`` reads them);
- the ClapNQ passages that dev questions cite (the corpus also holds test passages: those
  are left out);
- the docsqa corpus (Python's HTML docs and man pages: documents, not labels), read with
  citadel's own loaders, one paragraph or list item at a time;
- citadel's bundled sample documents.

Replay keeps what the shipped model knows: rows of ``build_data.py``'s recipe (NLI, the
dev-split rows, the first synthetic kinds), with the old "leading clause" rows left out
because they cut conditions off as if that kept the meaning.

Run with the project's venv (it needs citadel's loaders, not torch):
  .venv/bin/python train/verifier/build_everyday.py --datasets ../shared/datasets --out train/verifier/work
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from build_data import fold, in_domain, load, nli_rows, split_sents, write_jsonl  # noqa: E402
from everyday import make_everyday  # noqa: E402
from synth import make_beside_negation, make_synthetic  # noqa: E402


def crisp_fold(source_id: str) -> int:
    """0 = held out of training (the crisp pairs the model is measured on), 1 or 2 = trained
    on. The second byte of the hash: the first decides crisp's own dev/test split."""
    return hashlib.sha256(source_id.encode()).digest()[1] % 3


def clapnq_docs(ds: Path) -> list[list[str]]:
    """Sentences of the ClapNQ passages cited by dev questions only."""
    wanted = {e["doc_id"] for q in load(ds / "clapnq/questions.dev.jsonl")
              for e in q.get("gold_evidence") or []}
    wanted |= {d for q in load(ds / "clapnq/questions.dev.jsonl") for d in q.get("candidate_doc_ids") or []}
    test = {d for q in load(ds / "clapnq/questions.test.jsonl") for d in q.get("candidate_doc_ids") or []}
    test |= {e["doc_id"] for q in load(ds / "clapnq/questions.test.jsonl") for e in q.get("gold_evidence") or []}
    out = []
    for r in load(ds / "clapnq/corpus.jsonl"):
        if r["doc_id"] in wanted and r["doc_id"] not in test:
            text = r["text"].replace(" ,", ",").replace(" .", ".").replace(" '", "'")
            out.append(split_sents(text))
    return out


def parsed_docs(paths: list[Path]) -> list[list[str]]:
    """Each file read with citadel's loaders; one list of sentences per block group."""
    from citadel._errors import CitadelError
    from citadel.ingest.loaders import LOADERS
    from citadel.text import sentence_spans

    out = []
    for p in paths:
        if p.suffix.lower() not in LOADERS:
            continue
        try:
            doc = LOADERS[p.suffix.lower()][1](p.read_bytes(), p.name)
        except (CitadelError, ValueError, UnicodeError):  # a file the loaders refuse is not used
            continue
        sents: list[str] = []
        for b in doc.blocks:
            if b.kind.value in ("code", "heading"):
                if len(sents) >= 2:
                    out.append(sents)
                sents = []
                continue
            sents += [doc.text[s:e] for s, e in sentence_spans(doc.text, b.start, b.end)]
        if sents:
            out.append(sents)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--datasets", default="../shared/datasets")
    ap.add_argument("--out", default="train/verifier/work")
    ap.add_argument("--seed", type=int, default=61)
    ap.add_argument("--rows", type=int, default=24000)
    ap.add_argument("--replay", type=int, default=16000)
    ap.add_argument("--crisp", default="",
                    help="also train on two of three folds of these crisp dev pairs (by source; "
                         "crisp_fold() == 0 is held out)")
    ap.add_argument("--crisp-repeat", type=int, default=8)
    ap.add_argument("--name", default="everyday.jsonl")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    ds, out = Path(args.datasets), Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    dev_train, _calib, dev_docs = in_domain(ds, rng)
    clap = clapnq_docs(ds)
    root = HERE.parent.parent
    files = sorted((ds / "docsqa/corpus").rglob("*")) + sorted((root / "samples/docs").rglob("*"))
    parsed = parsed_docs([p for p in files if p.is_file()])
    docs = dev_docs + clap + parsed
    print(json.dumps({"passages": {"dev_sources": len(dev_docs), "clapnq_dev": len(clap),
                                   "docs_and_samples": len(parsed)}}), flush=True)
    every = make_everyday(docs, args.rows, rng)

    old = nli_rows(ds / "nli/nli.jsonl", rng) + dev_train
    old += make_synthetic(dev_docs, 6000, rng) + make_beside_negation(dev_docs, 2000, rng)
    old = [r for r in old if r["kind"] != "syn:clause"]
    replay = rng.sample(old, min(args.replay, len(old)))
    crisp = []
    if args.crisp:
        for r in load(Path(args.crisp)):
            if crisp_fold(r["source_id"]) != 0:
                crisp.append({"premise": r["source"], "hypothesis": r["claim"],
                              "label": 0 if r["supported"] else 1, "kind": f"crisp:{r['kind']}"})
        crisp *= args.crisp_repeat
    rows = [r for r in every + replay + crisp if str(r["premise"]).strip() and str(r["hypothesis"]).strip()]
    rng.shuffle(rows)
    write_jsonl(out / args.name, rows)
    kinds = Counter(str(r["kind"]) for r in every)
    print(json.dumps({"rows": len(rows), "everyday": len(every), "replay": len(replay), "crisp": len(crisp),
                      "labels": Counter(int(r["label"]) for r in rows),  # type: ignore[call-overload]
                      "kinds": dict(sorted(kinds.items()))}, indent=1))
    _ = fold  # the calibration fold of build_data stays out: in_domain() already drops it


if __name__ == "__main__":
    main()
