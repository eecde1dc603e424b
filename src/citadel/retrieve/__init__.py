"""Retrieval: embedders, BM25 + dense search in the store, fusion, reranking, evidence selection."""

from __future__ import annotations

from citadel.retrieve.embedders import (
    DEFAULT_EMBEDDER,
    Embedder,
    HashingEmbedder,
    OnnxEmbedder,
    embedder_names,
    embedding_text,
    get_embedder,
    register_embedder,
)
from citadel.retrieve.ask import EvidenceRetriever, Retrieved, RetrieverSettings
from citadel.retrieve.evidence import EvidenceSettings, Passage, select_evidence
from citadel.retrieve.hits import MODES, Hit, Mode, SearchResult
from citadel.retrieve.rerankers import (
    DEFAULT_RERANKER,
    CrossEncoderReranker,
    KeywordReranker,
    Reranker,
    get_reranker,
    probability,
    register_reranker,
)
from citadel.retrieve.searcher import Searcher, SearchSettings

__all__ = [
    "DEFAULT_EMBEDDER",
    "DEFAULT_RERANKER",
    "MODES",
    "CrossEncoderReranker",
    "Embedder",
    "EvidenceRetriever",
    "EvidenceSettings",
    "HashingEmbedder",
    "Hit",
    "KeywordReranker",
    "Mode",
    "OnnxEmbedder",
    "Passage",
    "Reranker",
    "Retrieved",
    "RetrieverSettings",
    "SearchResult",
    "SearchSettings",
    "Searcher",
    "embedder_names",
    "embedding_text",
    "get_embedder",
    "get_reranker",
    "probability",
    "register_embedder",
    "register_reranker",
    "select_evidence",
]
