"""ask latency on a ~5k-chunk store with the default backend (extractive, bundled models), warm.

Run: .venv/bin/python bench/ask.py [--chunks 5000] [--questions 40]

The store holds the first SciFact abstracts until it reaches ``--chunks`` chunks (vectors
from bench/retrieval.py's cache when present, so a rerun embeds nothing). Questions are
SciFact test claims turned into questions. Every figure comes from the same process:
  baseline   hybrid search without rerank (the cheapest useful retrieval)
  search     hybrid search with the cross-encoder reading the top 10 passages (what
             `citadel search` does; ask no longer does it)
  ask        the whole pipeline: retrieve, score a dozen sentences, read the best 6 for
             answerability, extract, verify, log
  ask-rel    the same with the relevance gate (AskSettings(use_answerability=False)): the
             design before the answerability model, for its cost
  ask-raw    the default with the reranker reading each unit alone, without "Title >
             Section: " (EvidenceSettings(unit_context=False)): the cost of the context
  ask-1run   the default with every model run after run, each on every core's intra-op
             threads (OnnxSettings(threads=0, workers=1)): the design before
             citadel.inference put one run on each core
Reported: p50/p95 per call in ms and each as a ratio to the baseline p50.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "src"))

from dataclasses import replace  # noqa: E402

from retrieval import DATA, CachedEmbedder  # noqa: E402

from citadel.engine import Citadel, MemoReranker  # noqa: E402
from citadel.ingest import ingest  # noqa: E402
from citadel.pipeline import AskSettings  # noqa: E402
from citadel.retrieve import (  # noqa: E402
    CrossEncoderReranker,
    EvidenceSettings,
    OnnxEmbedder,
    RetrieverSettings,
    Searcher,
    SearchSettings,
    get_reranker,
)
from citadel.retrieve._onnx import OnnxSettings  # noqa: E402
from citadel.retrieve.answerability import AnswerabilityModel, get_answerability  # noqa: E402
from citadel.store import SearchFilter, open_store  # noqa: E402
from citadel.verify import Verifier, VerifierSettings  # noqa: E402


def build(folder: Path, target: int, embedder: CachedEmbedder) -> int:
    lines = (DATA / "corpus.jsonl").read_text().splitlines()
    corpus = folder / "corpus.jsonl"
    chunks = 0
    with open_store(folder / "store") as store:
        step = 400
        for start in range(0, len(lines), step):
            corpus.write_text("\n".join(lines[start : start + step]) + "\n")
            chunks += ingest(store, [corpus], embedder=embedder).chunks
            if chunks >= target:
                break
    embedder.save()
    return chunks


def timed(fn, items: list[str]) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for item in items:
        t0 = time.perf_counter()
        fn(item)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chunks", type=int, default=5000)
    parser.add_argument("--questions", type=int, default=180, help="split in six disjoint sixths, one per step")
    args = parser.parse_args()
    claims = [json.loads(x)["text"] for x in (DATA / "queries.test.jsonl").read_text().splitlines()][: args.questions]
    questions = [f"Is it true that {c[0].lower()}{c[1:].rstrip('.')}?" for c in claims]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        n_chunks = build(folder, args.chunks, CachedEmbedder(OnnxEmbedder()))
        store = open_store(folder / "store")
        searcher = Searcher(store, reranker=MemoReranker(get_reranker()), settings=SearchSettings(cache_size=0))
        with Citadel(store, searcher=searcher) as engine:
            engine.ask("Is this a warm-up question about cells?")  # load every model once
            where = SearchFilter()
            part = len(questions) // 6  # disjoint slices: no step benefits from another's caches
            base = timed(lambda q: searcher.search(q, k=12, where=where, rerank=False), questions[:part])
            search = timed(lambda q: searcher.search(q, k=12, where=where, rerank=True), questions[part : 2 * part])
            answers = []
            ask = timed(lambda q: answers.append(engine.ask(q)), questions[2 * part : 3 * part])
            abstained = sum(a.abstained for a in answers)
            relevance = Citadel(store, searcher=searcher, settings=AskSettings(use_answerability=False))
            ask_relevance = timed(lambda q: relevance.ask(q), questions[3 * part : 4 * part])
            raw = Citadel(store, searcher=searcher,
                          retriever=RetrieverSettings(evidence=EvidenceSettings(unit_context=False)))
            ask_raw = timed(lambda q: raw.ask(q), questions[4 * part : 5 * part])
            one_run = Citadel(
                store, answerability=AnswerabilityModel(settings=replace(get_answerability().settings, threads=0, workers=1)),
                searcher=Searcher(store, embedder=OnnxEmbedder(settings=OnnxSettings(batch_size=1, threads=0, workers=1)),
                                  reranker=MemoReranker(CrossEncoderReranker(settings=replace(
                                      CrossEncoderReranker.DEFAULT_SETTINGS, threads=0, workers=1))),
                                  settings=SearchSettings(cache_size=0)),
                verifier=Verifier(VerifierSettings(threads=1)))  # its model's intra-op threads: 1 now
            one_run.ask("Is this a warm-up question about cells?")
            ask_one = timed(lambda q: one_run.ask(q), questions[5 * part : 6 * part])
    p50 = statistics.median(base)
    print(f"# ask benchmark, {date.today()}, {platform.machine()}, {n_chunks} chunks, {len(questions)} questions")
    print(f"{'step':<10} {'p50 ms':>8} {'p95 ms':>8} {'x baseline p50':>15}")
    for name, xs in (("baseline", base), ("search", search), ("ask", ask), ("ask-rel", ask_relevance), ("ask-raw", ask_raw),
                     ("ask-1run", ask_one)):
        q = statistics.quantiles(xs, n=20)
        print(f"{name:<10} {statistics.median(xs):>8.0f} {q[18]:>8.0f} {statistics.median(xs) / p50:>15.1f}")
    print(f"ask abstained on {abstained} of {len(ask)} questions")


if __name__ == "__main__":
    main()
