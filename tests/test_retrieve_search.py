"""Fusion, reranking, degradation and the cache of the searcher."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from citadel._errors import RetrievalError
from citadel.retrieve import HashingEmbedder, KeywordReranker, Reranker, Searcher, SearchSettings
from citadel.retrieve.fusion import rrf
from citadel.store import Store

from tests.retrieve_fixtures import (
    PUBLIC_DOCS,
    BrokenEmbedder,
    BrokenReranker,
    ingest_records,
    searcher,
)


def test_rrf_sums_reciprocal_ranks() -> None:
    fused = rrf([["a", "b", "c"], ["c", "a"]], k=60)
    assert fused == pytest.approx({"a": 1 / 61 + 1 / 62, "b": 1 / 62, "c": 1 / 63 + 1 / 61})
    assert max(fused, key=fused.__getitem__) == "a"
    weighted = rrf([["a"], ["b"]], [1.0, 2.0], k=0)
    assert weighted == {"a": 1.0, "b": 2.0}


def test_hybrid_fuses_both_indexes_and_keeps_component_scores(tmp_path: Path, store: Store) -> None:
    ingest_records(store, tmp_path, PUBLIC_DOCS)
    result = searcher(store).search("help desk weekday", k=4, mode="hybrid", rerank=False)
    top = result.hits[0]
    assert top.doc_id == "desk" and top.bm25_rank == 1 and top.dense_rank == 1
    assert top.score == pytest.approx(0.5 / 61 + 1 / 61)
    assert [h.score for h in result.hits] == sorted((h.score for h in result.hits), reverse=True)
    assert not result.reranked and all(h.relevance is None for h in result.hits)


def test_rerank_sets_relevance_in_unit_interval_and_orders_hits(tmp_path: Path, store: Store) -> None:
    ingest_records(store, tmp_path, PUBLIC_DOCS)
    result = searcher(store).search("when does the help desk open", k=4)
    assert result.reranked and result.mode == "hybrid"
    assert result.hits[0].doc_id == "desk"
    assert all(h.relevance is not None and 0.0 <= h.relevance <= 1.0 for h in result.hits)
    assert result.hits[0].relevance == max(h.relevance or 0 for h in result.hits)
    assert [h.score for h in result.hits] == sorted((h.score for h in result.hits), reverse=True)


def test_default_rerank_scores_without_reordering_and_a_weight_reorders(tmp_path: Path, store: Store) -> None:
    ingest_records(store, tmp_path, PUBLIC_DOCS)
    query = "manager approval for visitors"
    fused = searcher(store).search(query, k=4, rerank=False)
    scored = searcher(store).search(query, k=4)
    assert [h.chunk_id for h in scored.hits] == [h.chunk_id for h in fused.hits]
    assert all(h.relevance is not None for h in scored.hits)
    assert fused.hits[0].doc_id != "refunds"

    class PrefersRefunds(Reranker):
        def _score(self, query: str, passages: list[str]) -> np.ndarray:
            return np.array([5.0 if "Refund" in p else -5.0 for p in passages], dtype=np.float32)

    settings = SearchSettings(rerank_weight=100.0)
    reordered = Searcher(store, embedder=HashingEmbedder(), reranker=PrefersRefunds(), settings=settings)
    hits = reordered.search(query, k=4).hits
    assert hits[0].doc_id == "refunds" and hits[0].relevance == pytest.approx(1 / (1 + np.exp(-5.0)))


def test_k_limits_and_bad_options_raise(tmp_path: Path, store: Store) -> None:
    ingest_records(store, tmp_path, PUBLIC_DOCS)
    assert len(searcher(store).search("the", k=2, mode="dense").hits) == 2
    with pytest.raises(RetrievalError):
        searcher(store).search("x", mode="fuzzy")  # type: ignore[arg-type]
    with pytest.raises(RetrievalError):
        searcher(store).search("x", k=0)


def test_broken_reranker_degrades_to_fused_order(tmp_path: Path, store: Store) -> None:
    ingest_records(store, tmp_path, PUBLIC_DOCS)
    s = Searcher(store, embedder=HashingEmbedder(), reranker=BrokenReranker())
    result = s.search("help desk weekday", k=3)
    assert not result.reranked and result.hits[0].doc_id == "desk"
    assert any("reranker unavailable" in n for n in result.notes)
    calls = BrokenReranker.calls
    s.search("parking", k=3)
    assert BrokenReranker.calls == calls  # a failed model is not retried on every query


def test_broken_embedder_degrades_to_keyword_search(tmp_path: Path, store: Store) -> None:
    ingest_records(store, tmp_path, PUBLIC_DOCS)
    s = Searcher(store, embedder=BrokenEmbedder(), reranker=KeywordReranker())
    for mode in ("dense", "hybrid"):
        result = s.search("visitors park", k=3, mode=mode)  # type: ignore[arg-type]
        assert result.mode == "bm25" and result.hits[0].doc_id == "parking"
        assert any("dense search unavailable" in n for n in result.notes)


def test_missing_model_files_degrade(tmp_path: Path, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real loaders: a model folder that does not exist is reported, not raised."""
    from citadel.retrieve import CrossEncoderReranker, OnnxEmbedder

    ingest_records(store, tmp_path, PUBLIC_DOCS)
    embedder = OnnxEmbedder("no_such_model", name="hashing", dim=256)
    s = Searcher(store, embedder=embedder, reranker=CrossEncoderReranker("no_such_reranker"))
    result = s.search("visitors park", k=3)
    assert result.hits[0].doc_id == "parking" and result.mode == "bm25" and not result.reranked
    assert len(result.notes) == 2 and "no_such_model" in result.notes[0]


def test_cache_serves_repeats_and_forgets_on_every_store_change(tmp_path: Path, store: Store) -> None:
    ingest_records(store, tmp_path, PUBLIC_DOCS)
    s = searcher(store)
    first = s.search("parking", k=3)
    assert s.search("parking", k=3) is first
    ingest_records(store, tmp_path, [{"doc_id": "parking", "title": "Parking", "text": "No more parking."}], "v2")
    again = s.search("parking", k=3)
    assert again is not first and again.hits[0].text == "No more parking."
    uncached = Searcher(store, embedder=HashingEmbedder(), settings=SearchSettings(cache_size=0))
    assert uncached.search("parking", k=3) is not uncached.search("parking", k=3)
