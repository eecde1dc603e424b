"""Ingest throughput on SciFact's 5,183 abstracts (one JSONL file) into a fresh store.

Run: .venv/bin/python bench/ingest.py [--corpus PATH] [--no-embed]

Runs in one process, each into a new store folder:
  parse+chunk   load and chunk every line, store nothing (the floor: the baseline)
  keyword       full ingest with the keyword index only (embedder=None)
  embed only    the default embedder alone on the same chunk texts, in the same batches
  full          full ingest with the default embedder (keyword + dense vectors)
Figures: documents/s, chunks/s, seconds as a ratio to the baseline, and the full ingest's
time as a ratio to the embedder alone (what ingest adds to the model's own work).
"""

from __future__ import annotations

import argparse
import json
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


def embed_only(corpus: Path) -> tuple[int, int]:
    """The embedder alone on the texts ingest would embed, in ingest's batch size."""
    from citadel.ingest.pipeline import EMBED_CALL_CHUNKS
    from citadel.retrieve.embedders import DEFAULT_EMBEDDER, embedding_text, get_embedder

    texts, docs = [], 0
    for line in corpus.read_text().splitlines():
        record = _jsonl_record(line)
        parsed = _parse_record(record)
        texts += [embedding_text(parsed.title, c.heading_path, c.text)
                  for c in chunk_document(parsed, record["doc_id"], 1)]
        docs += 1
    embedder = get_embedder(DEFAULT_EMBEDDER)
    embedder.embed_batch(texts[:1])  # load the model outside the timing's share of work
    for start in range(0, len(texts), EMBED_CALL_CHUNKS):
        embedder.embed_batch(texts[start:start + EMBED_CALL_CHUNKS])
    return docs, len(texts)


def store_run(corpus: Path, embed: bool) -> tuple[int, int]:
    with tempfile.TemporaryDirectory() as folder, open_store(folder) as store:
        report = ingest(store, [corpus], embedder="default" if embed else None)
        assert not report.failed, report.failed[:3]
        return report.added, report.chunks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--no-embed", action="store_true", help="skip the run with dense vectors")
    args = parser.parse_args()
    runs = [("parse+chunk", lambda: parse_only(args.corpus)), ("keyword", lambda: store_run(args.corpus, False))]
    if not args.no_embed:
        runs.append(("embed only", lambda: embed_only(args.corpus)))
        runs.append(("full", lambda: store_run(args.corpus, True)))
    results = []
    for name, fn in runs:
        t0 = time.perf_counter()
        docs, chunks = fn()
        results.append((name, docs, chunks, time.perf_counter() - t0))
    base = results[0][3]
    print(f"# ingest benchmark, {date.today()}, {platform.processor() or platform.machine()}, {args.corpus.name}")
    print(f"{'run':<12} {'docs':>6} {'chunks':>7} {'seconds':>8} {'docs/s':>8} {'chunks/s':>9} {'x baseline':>10}")
    for name, docs, chunks, secs in results:
        print(f"{name:<12} {docs:>6} {chunks:>7} {secs:>8.1f} {docs / secs:>8.0f} {chunks / secs:>9.0f} {secs / base:>10.2f}")
    times = {name: secs for name, _, _, secs in results}
    if "full" in times:
        print(f"full ingest / embedder alone: x{times['full'] / times['embed only']:.2f}")
    print(json.dumps({name: {"docs": d, "chunks": c, "seconds": round(s, 2)} for name, d, c, s in results}))


if __name__ == "__main__":
    main()
