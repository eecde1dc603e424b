"""Ingest throughput on SciFact's 5,183 abstracts (one JSONL file) into a fresh store.

Run: .venv/bin/python bench/ingest.py [--corpus PATH] [--docs N] [--no-embed] [--no-before]

Runs in one process, each into a new store folder:
  parse+chunk   load and chunk every line, store nothing (the floor: the baseline)
  keyword       full ingest with the keyword index only (embedder=None)
  embed before  the default embedder alone as it ran before (batches of 32, char-sorted)
  embed 1-run   the same with one model run after another on every core's intra-op threads
                (OnnxSettings(threads=0, workers=1)), the design before citadel.inference
  embed only    the default embedder alone on the same chunk texts, in ingest's calls
  full          full ingest with the default embedder (keyword + dense vectors)
  kw+embed      keyword-first: `ingest --no-embed`, then `citadel embed` (both timed)
Figures: documents/s, chunks/s, seconds as a ratio to the baseline, the full ingest's time
as a ratio to the embedder alone (what ingest adds to the model's own work), and the
embedder's speed-up over its earlier batching.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from datetime import date
from pathlib import Path

from citadel.ingest import ingest
from citadel.ingest.chunking import chunk_document
from citadel.ingest.pipeline import _jsonl_record, _parse_record
from citadel.store import open_store

DEFAULT_CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "scifact" / "corpus.jsonl"


def parse_only(corpus: Path) -> tuple[int, int]:
    docs = chunks = 0
    for line in corpus.read_text().splitlines():
        record = _jsonl_record(line)
        chunks += len(chunk_document(_parse_record(record), record["doc_id"], 1))
        docs += 1
    return docs, chunks


def embed_only(corpus: Path, before: bool = False, one_run: bool = False) -> tuple[int, int]:
    """The embedder alone on the texts ingest would embed, in ingest's calls; ``before``:
    with the batching it had until 2026-12-01 (32 texts a batch, sorted by characters);
    ``one_run``: one text per run as now, the runs one after another on every core."""
    from citadel.ingest.pipeline import EMBED_CALL_CHUNKS
    from citadel.retrieve._onnx import OnnxSettings
    from citadel.retrieve.embedders import DEFAULT_EMBEDDER, Embedder, OnnxEmbedder, embedding_text, get_embedder

    texts, docs = [], 0
    for line in corpus.read_text().splitlines():
        record = _jsonl_record(line)
        parsed = _parse_record(record)
        texts += [embedding_text(parsed.title, c.heading_path, c.text)
                  for c in chunk_document(parsed, record["doc_id"], 1)]
        docs += 1
    embedder = get_embedder(DEFAULT_EMBEDDER)
    if before:
        embedder = OnnxEmbedder(settings=OnnxSettings(batch_size=32))
        embedder.embed_batch = lambda batch: Embedder.embed_batch(embedder, batch)  # type: ignore[method-assign]
    elif one_run:
        embedder = OnnxEmbedder(settings=OnnxSettings(batch_size=1, threads=0, workers=1))
    embedder.embed_batch(texts[:1])  # load the model outside the timing's share of work
    for start in range(0, len(texts), EMBED_CALL_CHUNKS):
        embedder.embed_batch(texts[start:start + EMBED_CALL_CHUNKS])
    return docs, len(texts)


def store_run(corpus: Path, embed: bool) -> tuple[int, int]:
    with tempfile.TemporaryDirectory() as folder, open_store(folder) as store:
        report = ingest(store, [corpus], embedder="default" if embed else None)
        assert not report.failed, report.failed[:3]
        return report.added, report.chunks


def keyword_then_embed(corpus: Path) -> tuple[int, int]:
    from citadel.ingest.vectors import embed_missing

    with tempfile.TemporaryDirectory() as folder, open_store(folder) as store:
        report = ingest(store, [corpus], embedder=None)
        assert not report.failed, report.failed[:3]
        filled = embed_missing(store)
        assert filled.chunks == report.chunks and filled.remaining == 0
        return report.added, report.chunks


def first_docs(corpus: Path, n: int | None) -> Path:
    """The first ``n`` lines of the corpus as a file of their own (all of it when None)."""
    if n is None:
        return corpus
    path = Path(tempfile.mkdtemp()) / f"{corpus.stem}-{n}.jsonl"
    with corpus.open() as src:
        path.write_text("".join(line for _, line in zip(range(n), src, strict=False)))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--docs", type=int, help="only the first N documents of the corpus")
    parser.add_argument("--no-embed", action="store_true", help="skip the runs with dense vectors")
    parser.add_argument("--no-before", action="store_true", help="skip the run with the earlier batching")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]  # before any run: the machine's load, not the benchmark's
    corpus = first_docs(args.corpus, args.docs)
    runs = [("parse+chunk", lambda: parse_only(corpus)), ("keyword", lambda: store_run(corpus, False))]
    if not args.no_embed:
        if not args.no_before:
            runs.append(("embed before", lambda: embed_only(corpus, before=True)))
        runs.append(("embed 1-run", lambda: embed_only(corpus, one_run=True)))
        runs.append(("embed only", lambda: embed_only(corpus)))
        runs.append(("full", lambda: store_run(corpus, True)))
        runs.append(("kw+embed", lambda: keyword_then_embed(corpus)))
    results = []
    for name, fn in runs:
        t0 = time.perf_counter()
        docs, chunks = fn()
        results.append((name, docs, chunks, time.perf_counter() - t0))
    base = results[0][3]
    print(f"# ingest benchmark, {date.today()}, {platform.processor() or platform.machine()}, {corpus.name}, "
          f"load average before: {load_before:.2f}")
    print(f"{'run':<12} {'docs':>6} {'chunks':>7} {'seconds':>8} {'docs/s':>8} {'chunks/s':>9} {'x baseline':>10}")
    for name, docs, chunks, secs in results:
        print(f"{name:<12} {docs:>6} {chunks:>7} {secs:>8.1f} {docs / secs:>8.0f} {chunks / secs:>9.0f} {secs / base:>10.2f}")
    times = {name: secs for name, _, _, secs in results}
    if "full" in times:
        print(f"full ingest / embedder alone: x{times['full'] / times['embed only']:.2f}")
        if "embed before" in times:
            print(f"embedder speed-up over its earlier batching: x{times['embed before'] / times['embed only']:.2f}")
        print(f"embedder speed-up from runs side by side (citadel.inference): "
              f"x{times['embed 1-run'] / times['embed only']:.2f}")
        print(f"keyword-first then embed / full ingest: x{times['kw+embed'] / times['full']:.2f}")
    print(json.dumps({name: {"docs": d, "chunks": c, "seconds": round(s, 2)} for name, d, c, s in results}))


if __name__ == "__main__":
    main()
