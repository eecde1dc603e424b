"""Chunk vectors live and die with their chunks; replaced text is never returned."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from citadel._errors import ConfigError, StoreError
from citadel.ingest import ingest
from citadel.ingest.pipeline import EMBED_BATCH_CHUNKS
from citadel.retrieve import MODES, HashingEmbedder
from citadel.store import Store
from citadel.store.base import ChunkVectors, EmbeddingSpec, SearchFilter

from tests.retrieve_fixtures import PUBLIC_DOCS, count_embedder_calls, ingest_records, searcher, write_jsonl


@pytest.fixture
def store(any_store: Store) -> Store:
    """Every test here runs on each kind of store (SQLite and PostgreSQL)."""
    return any_store


def _vector_rows(store: Store) -> tuple[int, int]:
    """(vectors, chunks) as the database holds them, with no vector left without its chunk."""
    if not hasattr(store, "path"):  # PostgreSQL: the same questions in its SQL
        import psycopg

        with psycopg.connect(store.url) as conn:  # type: ignore[attr-defined]
            vectors = conn.execute("SELECT count(*) FROM chunk_vectors").fetchone()[0]  # type: ignore[index]
            orphans = conn.execute("SELECT count(*) FROM chunk_vectors WHERE rowid NOT IN (SELECT rowid FROM chunks)")
            assert orphans.fetchone()[0] == 0  # type: ignore[index]
            return vectors, conn.execute("SELECT count(*) FROM chunks").fetchone()[0]  # type: ignore[index]
    db = sqlite3.connect(store.path)  # type: ignore[attr-defined]
    try:
        vectors = db.execute("SELECT count(*) FROM chunk_vectors").fetchone()[0]
        orphans = db.execute("SELECT count(*) FROM chunk_vectors WHERE rowid NOT IN (SELECT rowid FROM chunks)")
        assert orphans.fetchone()[0] == 0
        return vectors, db.execute("SELECT count(*) FROM chunks").fetchone()[0]
    finally:
        db.close()


def test_every_chunk_gets_a_vector_and_the_store_records_the_embedder(tmp_path: Path, store: Store) -> None:
    ingest_records(store, tmp_path, PUBLIC_DOCS)
    vectors, chunks = _vector_rows(store)
    assert vectors == chunks == len(PUBLIC_DOCS)
    assert store.embedding_spec() == EmbeddingSpec("hashing", 256)


@pytest.mark.parametrize("mode", MODES)
def test_replaced_version_text_is_never_returned(tmp_path: Path, store: Store, mode: str) -> None:
    ingest_records(store, tmp_path, [{"doc_id": "memo", "title": "Memo", "text": "The launch moves to Tuesday."}])
    ingest_records(store, tmp_path, [{"doc_id": "memo", "title": "Memo", "text": "The picnic moves to Friday."}], "v2")
    assert store.current("memo").version == 2  # type: ignore[union-attr]
    assert _vector_rows(store) == (1, 1)
    for query in ("launch Tuesday", "picnic Friday"):
        result = searcher(store).search(query, k=10, mode=mode)  # type: ignore[arg-type]
        assert all("Tuesday" not in h.text and h.version == 2 for h in result.hits)
    vector = HashingEmbedder().embed_queries(["launch Tuesday"])[0]
    assert [h.chunk.text for h in store.dense_search(vector, 10, SearchFilter())] == ["The picnic moves to Friday."]


def test_delete_removes_vectors(tmp_path: Path, store: Store) -> None:
    ingest_records(store, tmp_path, PUBLIC_DOCS)
    assert store.delete("refunds")
    assert _vector_rows(store) == (3, 3)
    result = searcher(store).search("refunds five business days", k=10, mode="dense")
    assert all(h.doc_id != "refunds" for h in result.hits)


def test_a_second_embedder_is_refused(tmp_path: Path, store: Store) -> None:
    ingest_records(store, tmp_path, PUBLIC_DOCS[:1])
    other = write_jsonl(tmp_path / "more.jsonl", PUBLIC_DOCS[1:])
    with pytest.raises(ConfigError, match="hashing"):
        ingest(store, [other], embedder=HashingEmbedder(dim=64))
    doc = store.current("refunds")
    assert doc is not None
    wrong = ChunkVectors(EmbeddingSpec("other", 256), np.zeros((1, 256), dtype=np.float32))
    with pytest.raises(StoreError, match="not 'other'"):
        store.put(doc.model_copy(update={"version": 2, "content_hash": "x"}), store.text("refunds"),
                  [c.model_copy(update={"version": 2}) for c in store.chunks("refunds")], wrong)  # fmt: skip
    assert store.current("refunds").version == 1  # type: ignore[union-attr]


def test_default_ingest_uses_the_store_embedder(tmp_path: Path, store: Store) -> None:
    ingest_records(store, tmp_path, PUBLIC_DOCS[:1])
    report = ingest(store, [write_jsonl(tmp_path / "more.jsonl", PUBLIC_DOCS[1:])])  # "default"
    assert report.added == 3 and _vector_rows(store) == (4, 4)


def test_vectors_are_computed_in_batches_across_documents(tmp_path: Path, store: Store) -> None:
    embedder = HashingEmbedder()
    calls = count_embedder_calls(embedder)
    records = [{"doc_id": f"d{i}", "text": f"Document number {i} about topic {i % 7}."} for i in range(300)]
    ingest(store, [write_jsonl(tmp_path / "many.jsonl", records)], embedder=embedder)
    assert sum(calls) == 300 and len(calls) <= 300 // EMBED_BATCH_CHUNKS + 1 and max(calls) >= EMBED_BATCH_CHUNKS


def test_no_embedder_means_keyword_search_with_a_note(tmp_path: Path, store: Store) -> None:
    ingest(store, [write_jsonl(tmp_path / "d.jsonl", PUBLIC_DOCS)], embedder=None)
    assert store.embedding_spec() is None
    result = searcher(store).search("help desk", mode="hybrid")
    assert result.mode == "bm25" and result.hits[0].doc_id == "desk"
    assert any("no vectors" in n for n in result.notes)


@pytest.mark.parametrize("mode", MODES)
def test_doc_id_and_metadata_filters(tmp_path: Path, store: Store, mode: str) -> None:
    ingest_records(store, tmp_path, PUBLIC_DOCS)
    s = searcher(store)
    only = s.search("receipt manager parking desk", k=10, mode=mode, where=SearchFilter(doc_ids=frozenset({"parking"})))  # type: ignore[arg-type]
    assert {h.doc_id for h in only.hits} == {"parking"}
    finance = s.search("receipt manager parking desk", k=10, mode=mode, where=SearchFilter(metadata={"team": "finance"}))  # type: ignore[arg-type]
    assert {h.doc_id for h in finance.hits} == {"travel"}
