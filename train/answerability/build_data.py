"""Training and calibration pairs for citadel's answerability model.

A pair is (question, span): the span is one candidate unit of a retrieved passage
(``citadel.retrieve.sentences.candidate_spans``: a sentence, list item, table row, option
entry) shown the way the model reads it at run time (``citadel.retrieve.answerability.
span_text``: title and heading path, then the unit). Label 1: the span answers the question.

Sources (public data, dev splits only, never a test split):
  qnli     ``nli/nli.jsonl`` rows of source qnli (SQuAD sentences, CC BY-SA 4.0): entailment 1;
           and for each answering pair, the question about another name (a capitalised word
           the sentence contains swapped for another question's): 0
  clapnq   ClapNQ dev: every question is searched in its store like ``citadel ask`` does; a
           unit holding a gold evidence sentence of a gold document is 1, the other units
           of the retrieved passages 0 (the hardest 12 by the reranker, plus 4 at random);
           unanswerable questions give only 0s
  docsqa   docsqa dev (Python docs, man pages), the same way, positives repeated 3 times
  extra    ``--extra NAME=QUESTIONS=STORE``: a question set in docsqa's format written by the
           team over documents of its own (``manqa.jsonl``: man pages that are neither
           docsqa's nor the fresh benchmark sets'; ``pyqa.jsonl``: Python library pages that
           are not docsqa's), the same way; all of it is trained on
  entries  questions made from the option entries of 896 man pages that are not docsqa's
           (``entry_questions.py``, ``man_corpus.py``): the entry answers; the page's other
           entries most like the question, its first sentence, and the same entry for the
           question asked about another program do not
  synthetic hard negatives from the two: the restated question as the span (an FAQ's
           question); the question with a code-like name it asks about swapped for another
           question's; the question with a word it shares with the span's title or headings
           swapped for another document's title word (wget's option does not answer a
           question about curl): the same passage then answers a question it does not answer

Each retrieved unit carries the reranker's probability as ``ask`` reads it, in context
(``rerank``: "Title > Section: unit", which also picks the hard negatives) and alone
(``rerank_bare``); the calibration weighs both.

Questions whose ``sha256("<set>:<id>")[0] % 3 == 0`` are the calibration fold: they are
written to ``calib.jsonl`` (every unit, for fitting the threshold) and nothing derived from
them is trained on.

Run with citadel's own environment (it searches the stores):
  .venv/bin/python train/answerability/build_data.py --datasets ../shared/datasets \
      --docsqa-store /tmp/docsqa-store --clapnq-store /tmp/clapnq-store --out train/answerability/work
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from citadel.retrieve import get_reranker, probability  # noqa: E402
from citadel.retrieve.answerability import READS_CONTEXT, span_text  # noqa: E402
from citadel.retrieve.evidence import _merge_neighbours  # noqa: E402
from citadel.retrieve.searcher import Searcher  # noqa: E402
from citadel.retrieve.sentences import candidate_spans  # noqa: E402
from citadel.store import open_store  # noqa: E402
from citadel.store.base import SearchFilter  # noqa: E402
from entry_questions import entry_pairs  # noqa: E402

_TOKEN = re.compile(r"\w+")
HARD, RANDOM = 12, 4


def calib_fold(dataset: str, qid: str) -> bool:
    return hashlib.sha256(f"{dataset}:{qid}".encode()).digest()[0] % 3 == 0


def tokens(text: str) -> list[str]:
    return [t.lower() for t in _TOKEN.findall(text)]


def holds(unit: str, evidence: str) -> bool:
    """Does the unit hold this evidence sentence (most of its words, in any spacing)?"""
    ev = tokens(evidence)
    if not ev:
        return False
    have = set(tokens(unit))
    inside = sum(t in have for t in ev) / len(ev)
    return inside >= 0.8 and len(tokens(unit)) <= 3 * len(ev) + 12


def units_for(searcher: Searcher, question: str) -> list[dict[str, Any]]:
    """Every candidate unit of the passages ``ask`` would read, in ranking order."""
    where = SearchFilter()
    result = searcher.search(question, k=12, where=where, rerank=False)
    passages = _merge_neighbours(searcher.store, list(result.hits), where)[:8]
    out = []
    for rank, p in enumerate(passages):
        doc = searcher.store.text(p.doc_id, p.version)
        for s, e in candidate_spans(doc, p.start, p.end):
            unit = doc[s:e]
            if len(_TOKEN.findall(unit)) < 2:
                continue
            out.append({"doc_id": p.doc_id, "title": p.title, "heading_path": list(p.heading_path), "unit": unit,
                        "start": s, "end": e, "passage_rank": rank})  # fmt: skip
    return out[:80]


def identifier_like(word: str) -> bool:
    return bool(re.search(r"[._()\-]|\d|[a-z][A-Z]", word)) or (word[:1].isupper() and len(word) > 2)


def swap_subject(question: str, span: str, pool: list[str], rng: random.Random) -> str | None:
    """The question asking about another thing: a name-like word of the question that the
    span contains, replaced by one from another question that the span does not contain."""
    words = question.split()
    here = [i for i, w in enumerate(words[1:], 1) if identifier_like(w.strip("?,.'\"")) and w.strip("?,.'\"").lower() in span.lower()]
    if not here:
        return None
    i = rng.choice(here)
    others = [w for w in pool if w.lower() not in span.lower() and w.lower() != words[i].strip("?,.'\"").lower()]
    if not others:
        return None
    stripped = words[i].strip("?,.'\"")
    words[i] = words[i].replace(stripped, rng.choice(others))
    return " ".join(words)


_GENERIC = {"documentation", "python", "manual", "commands", "command", "general", "user", "users", "gnu", "reference",
            "library", "module", "modules", "introduction", "overview", "contents", "table", "the", "and", "for", "with"}


def title_words(title: str, heading_path: list[str]) -> set[str]:
    """The words of a span's title and headings that can name what it is about."""
    out = set()
    for part in (title, *heading_path):
        out |= {w.lower() for w in re.findall(r"[A-Za-z][\w+-]*", part) if len(w) >= 3 and w.lower() not in _GENERIC}
    return out


def swap_title_subject(question: str, unit: str, context: set[str], pool: list[str], rng: random.Random) -> str | None:
    """The question asking about another document's subject: a word it shares with the span's
    title or headings (and not with the unit itself) replaced by a title word of another
    document. The text then answers a question about something else (another tool's option
    of the same name, another person's birthday): a hard negative."""
    unit_words = {w.lower() for w in re.findall(r"\w+", unit)}
    words = question.split()
    here = [i for i, w in enumerate(words) if (core := w.strip("?,.'\"()").lower()) in context and core not in unit_words]
    if not here:
        return None
    i = rng.choice(here)
    others = [w for w in pool if w not in context and w not in unit_words]
    if not others:
        return None
    core = words[i].strip("?,.'\"()")
    words[i] = words[i].replace(core, rng.choice(others))
    return " ".join(words)


_NAME = re.compile(r"(?<!^)(?<![.?!] )\b[A-Z][a-z]{2,}\b")


def swap_name(question: str, span: str, names: list[str], rng: random.Random) -> str | None:
    """A QNLI question about another name: a capitalised word (not the first) that the
    sentence contains, replaced by one from another question that it does not."""
    here = [m for m in _NAME.finditer(question) if m.group(0) in span]
    if not here:
        return None
    m = rng.choice(here)
    others = [n for n in names if n not in span]
    return question[: m.start()] + rng.choice(others) + question[m.end() :] if others else None


def restated(question: str) -> list[str]:
    q = question.strip()
    bare = re.sub(r"^(what|which|how|when|where|who|why|is|are|does|do|can|should)\s+(is|are|does|do|can|did)?\s*", "",
                  q.rstrip("?"), flags=re.IGNORECASE)  # fmt: skip
    return [q, bare[:1].upper() + bare[1:] + "."] if bare else [q]


def extra_set(value: str) -> tuple[str, Path, Path]:
    """``--extra NAME=QUESTIONS=STORE``: a set's name, its questions file and its store."""
    parts = value.split("=", 2)
    if len(parts) != 3 or not all(parts):
        raise argparse.ArgumentTypeError(f"expected NAME=QUESTIONS=STORE, got {value!r}")
    if parts[0] in ("docsqa", "clapnq"):
        raise argparse.ArgumentTypeError(f"{parts[0]!r} is a built-in set (its calibration fold is kept out)")
    return parts[0], Path(parts[1]), Path(parts[2])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--datasets", type=Path, required=True)
    ap.add_argument("--docsqa-store", type=Path, required=True)
    ap.add_argument("--clapnq-store", type=Path, required=True)
    ap.add_argument("--entries-store", type=Path, help="store of rendered man pages (man_corpus.py)")
    ap.add_argument("--extra", action="append", default=[], type=extra_set, metavar="NAME=QUESTIONS=STORE",
                    help="another question set in docsqa's format and the store of its documents")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    train: list[dict[str, Any]] = []
    calib: list[dict[str, Any]] = []
    qnli = [json.loads(line) for line in (args.datasets / "nli" / "nli.jsonl").open()]
    qnli = [r for r in qnli if r["source"] == "qnli"]
    names = sorted({w for r in qnli for w in _NAME.findall(r["hypothesis"])})
    for row in qnli:
        train.append({"set": "qnli", "question": row["hypothesis"], "span": row["premise"],
                      "label": int(row["label"] == "entailment")})  # fmt: skip
        if row["label"] == "entailment":
            other = swap_name(row["hypothesis"], row["premise"], names, rng)
            if other:
                train.append({"set": "qnli", "question": other, "span": row["premise"], "label": 0, "kind": "other_subject"})
    if args.entries_store:
        with open_store(args.entries_store) as store:
            train.extend(entry_pairs(store, rng))
    reranker = get_reranker()
    sets = [("docsqa", args.datasets / "docsqa" / "questions.dev.jsonl", args.docsqa_store, 3),
            ("clapnq", args.datasets / "clapnq" / "questions.dev.jsonl", args.clapnq_store, 1)]  # fmt: skip
    sets += [(name, path, store, 3) for name, path, store in args.extra]
    for name, path, store_dir, repeat in sets:
        questions = [json.loads(x) for x in path.open()]
        pool = sorted({w.strip("?,.'\"") for q in questions for w in q["question"].split()[1:] if identifier_like(w.strip("?,.'\""))})
        t0 = time.perf_counter()
        titles: list[str] = []
        with open_store(store_dir) as store:
            searcher = Searcher(store, reranker=reranker)
            for n, q in enumerate(questions, 1):
                units = units_for(searcher, q["question"])
                titles = sorted(set(titles) | {w for u in units for w in title_words(u["title"], [])})
                gold_docs = {e["doc_id"] for e in q.get("gold_evidence", [])} | set(q.get("alt_docs", []))
                evidence = [(e["doc_id"], s) for e in q.get("gold_evidence", []) for s in e["sentences"]]
                texts = [span_text(u["title"], u["heading_path"], u["unit"]) for u in units]
                scores = probability(reranker.score(q["question"], texts)) if units else []  # as ask reads them
                alone = probability(reranker.score(q["question"], [u["unit"] for u in units])) if units else []
                for u, text, score, bare in zip(units, texts, scores, alone, strict=True):
                    u["span"], u["rerank"], u["rerank_bare"] = text, float(score), float(bare)
                    u["label"] = int(q["answerable"] and u["doc_id"] in gold_docs and any(
                        holds(u["unit"], s) for d, s in evidence if d == u["doc_id"] or u["doc_id"] in q.get("alt_docs", [])))
                base = {"set": name, "qid": q["id"], "question": q["question"], "answerable": q["answerable"]}
                if name in ("docsqa", "clapnq") and calib_fold(name, q["id"]):
                    calib.extend({**base, **u} for u in units)
                    continue
                pos = [u for u in units if u["label"]]
                neg = sorted((u for u in units if not u["label"]), key=lambda u: -u["rerank"])
                chosen = neg[:HARD] + rng.sample(neg[HARD:], min(RANDOM, len(neg[HARD:])))
                for u in pos:
                    for _ in range(repeat):
                        train.append({**base, "span": u["span"], "unit": u["unit"], "rerank": u["rerank"], "label": 1})
                    swapped = swap_subject(q["question"], u["span"], pool, rng)
                    if swapped:
                        train.append({**base, "question": swapped, "span": u["span"], "unit": u["unit"], "label": 0,
                                      "kind": "swapped"})
                    context = title_words(u["title"], u["heading_path"])
                    for _ in range(repeat if READS_CONTEXT else 0):  # without the title the label would be wrong
                        other = swap_title_subject(q["question"], u["unit"], context, titles, rng)
                        if other:
                            train.append({**base, "question": other, "span": u["span"], "unit": u["unit"], "label": 0,
                                          "kind": "other_subject"})
                train.extend({**base, "span": u["span"], "unit": u["unit"], "rerank": u["rerank"], "label": 0} for u in chosen)
                head = units[0] if units else None
                if head is not None:
                    for r in restated(q["question"]):
                        train.append({**base, "span": span_text(head["title"], head["heading_path"], r), "unit": r,
                                      "label": 0, "kind": "restated"})  # fmt: skip
                if n % 25 == 0:
                    print(f"{name}: {n}/{len(questions)} questions, {time.perf_counter() - t0:.0f} s", flush=True)
    todo = [r for r in train if "rerank" not in r]
    print(f"reranker scores for {len(todo)} more pairs", flush=True)
    for i in range(0, len(todo), 256):
        part = todo[i : i + 256]
        scores = probability(reranker.score_pairs([(r["question"], r["span"]) for r in part]))
        for r, score in zip(part, scores, strict=True):
            r["rerank"] = float(score)
    rng.shuffle(train)
    for file, rows in (("train.jsonl", train), ("calib.jsonl", calib)):
        with (args.out / file).open("w") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")
    counts: dict[str, list[int]] = {}
    for row in train:
        c = counts.setdefault(row["set"] + ("/" + row["kind"] if "kind" in row else ""), [0, 0])
        c[row["label"]] += 1
    print(json.dumps({"train": counts, "calib_units": len(calib), "calib_positive": sum(r["label"] for r in calib)}))


if __name__ == "__main__":
    main()
