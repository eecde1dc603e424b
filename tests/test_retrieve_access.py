"""A caller without the right group never sees a restricted chunk, nor any trace of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from citadel.retrieve import MODES
from citadel.store import Store, open_store
from citadel.store.base import SearchFilter

from tests.retrieve_fixtures import PUBLIC_DOCS, SECRET_DOC, ingest_records, searcher


@pytest.fixture
def store(any_store: Store) -> Store:
    """Every test here runs on each kind of store (SQLite and PostgreSQL)."""
    return any_store

QUERY = "refunds team lead salary"
OUTSIDER = SearchFilter(groups=frozenset({"sales"}))
HR = SearchFilter(groups=frozenset({"hr"}))


@pytest.mark.parametrize("mode", MODES)
def test_outsider_never_sees_restricted_chunk(tmp_path: Path, store: Store, mode: str) -> None:
    ingest_records(store, tmp_path, [*PUBLIC_DOCS, SECRET_DOC])
    s = searcher(store)
    outsider = s.search(QUERY, k=50, where=OUTSIDER, mode=mode, rerank=True)  # type: ignore[arg-type]
    assert outsider.hits and all(h.doc_id != "salaries" for h in outsider.hits)
    insider = s.search(QUERY, k=50, where=HR, mode=mode, rerank=True)  # type: ignore[arg-type]
    assert "salaries" in {h.doc_id for h in insider.hits}


def test_batch_search_never_leaks(tmp_path: Path, store: Store) -> None:
    ingest_records(store, tmp_path, [*PUBLIC_DOCS, SECRET_DOC])
    s = searcher(store)
    results = s.search_many([QUERY, "salary bands", "refunds clerks earn fifty"], k=50, where=OUTSIDER)
    assert len(results) == 3
    assert all(h.doc_id != "salaries" for r in results for h in r.hits)


@pytest.mark.parametrize("mode", MODES)
def test_scores_and_counts_unchanged_by_restricted_documents(tmp_path: Path, mode: str) -> None:
    """BM25 statistics, cosines, fused ranks, rerank and hit counts are identical with or
    without a restricted document the caller cannot read."""
    with open_store(tmp_path / "without") as plain, open_store(tmp_path / "with") as mixed:
        ingest_records(plain, tmp_path / "a", PUBLIC_DOCS)
        ingest_records(mixed, tmp_path / "b", [*PUBLIC_DOCS, SECRET_DOC])
        for query in (QUERY, "refunds", "help desk hours"):
            a = searcher(plain).search(query, k=50, where=OUTSIDER, mode=mode)  # type: ignore[arg-type]
            b = searcher(mixed).search(query, k=50, where=OUTSIDER, mode=mode)  # type: ignore[arg-type]
            assert [(h.chunk_id, h.score, h.bm25, h.dense, h.relevance) for h in a.hits] == [
                (h.chunk_id, h.score, h.bm25, h.dense, h.relevance) for h in b.hits
            ]
            assert len(a.hits) == len(b.hits)


def test_cache_is_keyed_on_groups(tmp_path: Path, store: Store) -> None:
    ingest_records(store, tmp_path, [*PUBLIC_DOCS, SECRET_DOC])
    s = searcher(store)
    assert s.search(QUERY, where=HR).hits[0].doc_id == "salaries"
    assert all(h.doc_id != "salaries" for h in s.search(QUERY, where=OUTSIDER).hits)
    assert all(h.doc_id != "salaries" for h in s.search(QUERY).hits)


def test_dense_search_in_store_filters_before_scoring(tmp_path: Path, store: Store) -> None:
    """The store's dense search returns only readable chunks, even when asked for all."""
    from citadel.retrieve import HashingEmbedder

    ingest_records(store, tmp_path, [*PUBLIC_DOCS, SECRET_DOC])
    vector = HashingEmbedder().embed_queries([QUERY])[0]
    public = store.dense_search(vector, 100, SearchFilter())
    assert {h.chunk.doc_id for h in public} == {d["doc_id"] for d in PUBLIC_DOCS}
    assert "salaries" in {h.chunk.doc_id for h in store.dense_search(vector, 100, HR)}
