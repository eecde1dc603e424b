"""Shared helpers of the retrieval tests: a small JSONL corpus, ingested with the hashing embedder."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from citadel._errors import BackendError
from citadel.ingest import ingest
from citadel.retrieve import Embedder, HashingEmbedder, KeywordReranker, Reranker, Searcher, SearchSettings
from citadel.store import Store

PUBLIC_DOCS = [
    {"doc_id": "refunds", "title": "Refund policy", "text": "Refunds are paid within five business days of the request."},
    {"doc_id": "desk", "title": "Help desk", "text": "The help desk opens at eight and closes at six every weekday."},
    {"doc_id": "parking", "title": "Parking", "text": "Staff parking is behind building B; visitors park at the front."},
    {"doc_id": "travel", "title": "Travel", "text": "Travel expenses need a receipt and approval from a manager.",
     "metadata": {"team": "finance"}},
]
SECRET_DOC = {
    "doc_id": "salaries", "title": "Salary bands", "groups": ["hr"],
    "text": "Salary bands for refunds staff: the refunds team lead earns ninety thousand; refunds clerks earn fifty.",
}  # fmt: skip


def write_jsonl(path: Path, records: Sequence[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def ingest_records(store: Store, tmp_path: Path, records: Sequence[dict[str, Any]], name: str = "docs") -> None:
    report = ingest(store, [write_jsonl(tmp_path / f"{name}.jsonl", records)], embedder=HashingEmbedder())
    assert not report.failed, report.failed


def searcher(store: Store, **settings: Any) -> Searcher:
    return Searcher(store, embedder=HashingEmbedder(), reranker=KeywordReranker(), settings=SearchSettings(**settings))


class BrokenEmbedder(HashingEmbedder):
    """Embeds passages like the hashing embedder but fails on queries (a model that broke)."""

    def embed_queries(self, queries: Sequence[str]) -> np.ndarray:
        raise BackendError("the embedding model failed: simulated")


class BrokenReranker(Reranker):
    name = "broken"
    calls = 0

    def _score(self, query: str, passages: list[str]) -> np.ndarray:
        BrokenReranker.calls += 1
        raise BackendError("the reranker failed: simulated")


def count_embedder_calls(embedder: Embedder) -> list[int]:
    """Wrap ``embed_batch`` to record each call's batch size."""
    calls: list[int] = []
    original = embedder.embed_batch

    def wrapped(texts: Sequence[str]) -> np.ndarray:
        calls.append(len(texts))
        return original(texts)

    embedder.embed_batch = wrapped  # type: ignore[method-assign]
    return calls
