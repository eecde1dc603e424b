"""The real bundled models (bge-small-en-v1.5 and the ms-marco cross-encoder) on a tiny corpus."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from citadel.ingest import ingest
from citadel.retrieve import CrossEncoderReranker, EvidenceRetriever, OnnxEmbedder, Searcher
from citadel.retrieve._onnx import OnnxSettings
from citadel.retrieve.embedders import HashingEmbedder, token_batches
from citadel.store import Store
from citadel.store.base import EmbeddingSpec, SearchFilter

from tests.retrieve_fixtures import PUBLIC_DOCS, SECRET_DOC, write_jsonl


def test_bge_embeddings_are_normalised_and_semantic() -> None:
    embedder = OnnxEmbedder()
    passages = embedder.embed_batch(["The cat sleeps on the sofa.", "Interest rates rose by half a point."])
    assert passages.shape == (2, 384) and np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-5)
    query = embedder.embed_queries(["where is the kitten napping"])[0]
    assert passages[0] @ query > passages[1] @ query + 0.1


def test_a_texts_vector_does_not_depend_on_the_texts_embedded_with_it() -> None:
    """The default runs one text at a time: a document's vectors are the same whatever else
    was ingested in the same call (the INT8 graph's activation scale is per tensor, so in a
    batch they were not)."""
    texts = ["short one", "a much longer text about refunds, returns and the original card " * 6,
             "medium length text about parking", "x", "another " * 40]
    together = OnnxEmbedder().embed_batch(texts)
    alone = np.concatenate([OnnxEmbedder().embed_batch([t]) for t in texts])
    assert (together == alone).all()
    assert not (OnnxEmbedder(settings=OnnxSettings(batch_size=4)).embed_batch(texts) == alone).all()


def test_small_length_sorted_batches_give_the_vectors_of_one_text_at_a_time() -> None:
    """Batching by token length (a larger ``batch_size``) changes the speed, not the vectors
    nor their order, up to the INT8 model's dynamic quantization."""
    texts = ["short one", "a much longer text about refunds, returns and the original card " * 6,
             "medium length text about parking", "x", "another " * 40]
    batched = OnnxEmbedder(settings=OnnxSettings(batch_size=4)).embed_batch(texts)
    alone = np.concatenate([OnnxEmbedder().embed_batch([t]) for t in texts])
    same = (batched * alone).sum(axis=1)
    assert same.min() > 0.98, same
    others = batched @ alone.T - np.diag(same)
    assert (others.max(axis=1) < same).all()  # row i is text i's vector


def test_token_batches_keep_similar_lengths_under_a_budget() -> None:
    lengths = [300, 5, 12, 290, 7, 100, 6, 8]
    batches = token_batches(lengths, batch_size=3, token_budget=600)
    assert sorted(i for b in batches for i in b) == list(range(len(lengths)))  # each text once
    assert [[lengths[i] for i in b] for b in batches] == [[5, 6, 7], [8, 12, 100], [290, 300]]
    assert all(len(b) * max(lengths[i] for i in b) <= 600 or len(b) == 1 for b in batches)
    assert token_batches([900, 50], batch_size=8, token_budget=600) == [[1], [0]]  # alone when over budget


def test_real_models_end_to_end(tmp_path: Path, store: Store) -> None:
    ingest(store, [write_jsonl(tmp_path / "d.jsonl", [*PUBLIC_DOCS, SECRET_DOC])])  # default: bge
    assert store.embedding_spec() == EmbeddingSpec("bge-small-en-v1.5", 384)
    searcher = Searcher(store)
    dense = searcher.search("Where can guests leave their car?", k=2, mode="dense")
    assert dense.hits[0].doc_id == "parking" and not dense.notes
    result = searcher.search("How many days until a refund is paid?", k=4)
    assert result.reranked and not result.notes
    assert result.hits[0].doc_id == "refunds" and (result.hits[0].relevance or 0) > 0.5
    assert all(h.doc_id != "salaries" for h in result.hits)
    unrelated = searcher.search("quantum chromodynamics of gluons", k=4)
    assert max(h.relevance or 0 for h in unrelated.hits) < 0.1

    retrieved = EvidenceRetriever(searcher).retrieve("How many days until a refund is paid?", SearchFilter())
    assert retrieved.evidence[0].doc_id == "refunds" and retrieved.top_score > 0.5


def test_cross_encoder_scores_on_topic_above_off_topic() -> None:
    scores = CrossEncoderReranker().score(
        "how many days do refunds take", ["Refunds take five business days.", "The canteen serves lunch at noon."]
    )
    assert scores[0] > scores[1] + 3


def test_cross_encoder_scores_pairs_with_different_queries_like_one_at_a_time() -> None:
    reranker = CrossEncoderReranker()
    pairs = [("how many days do refunds take", "Refunds take five business days."),
             ("when is lunch served", "The canteen serves lunch at noon."),
             ("when is lunch served", "Refunds take five business days.")]
    together = reranker.score_pairs(pairs)
    alone = [float(reranker.score(q, [p])[0]) for q, p in pairs]
    assert together.tolist() == alone  # exactly: a score depends on its pair alone
    assert together[1] > together[2] + 3  # each pair is scored with its own query


def test_a_pairs_score_does_not_depend_on_the_pairs_scored_with_it() -> None:
    """The INT8 graph picks its activation scale per tensor: in a batch, a long or unusual
    neighbour moved a pair's score (0.14 of a logit). One pair per run, so a claim's verdict
    does not depend on the other claims checked with it, nor a remembered score on what was
    asked first."""
    reranker = CrossEncoderReranker()
    pair = ("how many days do refunds take", "Refunds take five business days.")
    neighbours = [("when is lunch served", "The canteen serves lunch at noon. " * 20),
                  ("x", "y"), ("what is the refund window", "Refunds are possible for 30 days " * 5)]
    alone = float(reranker.score_pairs([pair])[0])
    for n in neighbours:
        assert float(reranker.score_pairs([n, pair, n])[1]) == alone
    batched = CrossEncoderReranker(settings=replace(CrossEncoderReranker.DEFAULT_SETTINGS, batch_size=4))
    moved = [abs(float(batched.score_pairs([n, pair])[1]) - alone) for n in neighbours]
    assert max(moved) > 0  # batching did move it: the test above would catch a return to it


def test_memo_reranker_scores_pairs_once_and_remembers_them() -> None:
    from citadel.engine import MemoReranker

    class Counting(CrossEncoderReranker):
        seen: list[tuple[str, str]] = []

        def _score_pairs(self, pairs: list[tuple[str, str]]) -> np.ndarray:
            self.seen.extend(pairs)
            return super()._score_pairs(pairs)

    inner = Counting()
    memo = MemoReranker(inner)
    pairs = [("when is lunch served", "The canteen serves lunch at noon."),
             ("when is lunch served", "Refunds take five business days.")]
    first = memo.score_pairs(pairs)
    again = memo.score_pairs(pairs + pairs[:1])
    assert len(inner.seen) == 2  # the second call ran nothing
    assert again.tolist() == first.tolist() + first[:1].tolist()
    assert first[0] > first[1] + 3
    assert memo.score("when is lunch served", ["The canteen serves lunch at noon."])[0] == first[0]


def test_memo_reranker_answers_a_call_with_more_pairs_than_it_remembers() -> None:
    """A rerank of more passages than the memo holds (a long page, a big top-k) returns a
    score for each, the same as the inner reranker's, rather than losing the first ones to
    eviction before they are read back."""
    from citadel.engine import MemoReranker

    inner = CrossEncoderReranker()
    memo = MemoReranker(inner, size=2)
    passages = ["The canteen serves lunch at noon.", "Refunds take five business days.",
                "Lunch is served from twelve to two.", "The car park closes at ten."]
    direct = inner.score("when is lunch served", passages)
    got = memo.score("when is lunch served", passages)
    assert got.tolist() == direct.tolist()
    assert memo.score_pairs([("when is lunch served", p) for p in passages]).tolist() == got.tolist()
    assert got[0] > got[1] + 3 and got[2] > got[3] + 3


def test_a_query_asked_again_is_not_embedded_again() -> None:
    """ask embeds its question to search and again to compare it with candidate units: the
    second time is remembered, and the vectors are the same as a fresh embedding's."""

    class Counting(HashingEmbedder):
        def __init__(self) -> None:
            super().__init__()
            self.embedded: list[str] = []

        def _embed(self, texts: list[str]) -> np.ndarray:
            self.embedded.extend(texts)
            return super()._embed(texts)

    embedder = Counting()
    first = embedder.embed_queries(["how do I delete a record", "another question"])
    again = embedder.embed_queries(["another question", "how do I delete a record", "a third one"])
    assert len(embedder.embedded) == 3  # each distinct query once
    assert np.array_equal(again[1], first[0]) and np.array_equal(again[0], first[1])
    assert np.allclose(again[2], HashingEmbedder().embed_queries(["a third one"])[0])
    assert embedder.embed_queries([]).shape == (0, embedder.dim)
