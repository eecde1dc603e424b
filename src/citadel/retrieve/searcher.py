"""Search: BM25 and dense candidates from the store, fusion, a cross-encoder rerank.

The pipeline for one query (hybrid mode, rerank on, the default):

1. ``candidates`` chunks from BM25 (FTS5, per access partition) and as many from
   the dense index, both computed *inside* the store over what the caller may read;
2. reciprocal-rank fusion of the two lists, the BM25 rank weighted ``bm25_weight``;
3. the cross-encoder scores the top ``rerank_depth`` fused chunks (title + text);
   its rank may enter the final RRF with ``rerank_weight``. The defaults (BM25 weight
   0.5, rerank weight 0) were chosen on SciFact *training* claims by
   ``bench/retrieval.py``: reordering by the reranker did not beat the fused order
   there (rerank order alone was clearly worse), so by default the reranker scores
   but does not reorder;
4. ``Hit.relevance`` = sigmoid of the rerank logit, the normalized score later stages
   threshold for abstention (see :func:`citadel.retrieve.rerankers.probability`).

If the dense side (embedder or vectors) or the reranker cannot be used, the search
runs with what works and says so in ``SearchResult.notes``. A model that failed (to
load or to run) is left alone for a back-off, 5 s doubling up to 5 min, then tried
again; the note says when (``...; retrying in 5 s``), and a success resets it. Results
may be cached in memory, keyed on the query, every option, the caller's filter and the
store's generation, so a permission change or a replaced document is never served stale.
"""

from __future__ import annotations

import json
import logging
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from citadel._errors import BackendError, CitadelError, RetrievalError, StoreError
from citadel.limits import check_question
from citadel.memo import Memo
from citadel.retrieve.embedders import Embedder, get_embedder
from citadel.retrieve.fusion import RRF_K, rrf
from citadel.retrieve.hits import MODES, Hit, Mode, SearchResult
from citadel.retrieve.rerankers import Reranker, get_reranker, probability
from citadel.store.base import ScoredChunk, SearchFilter, Store

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SearchSettings:
    """Defaults of a :class:`Searcher` (each search may override mode, k and rerank)."""

    mode: Mode = "hybrid"
    rerank: bool | None = None  # None: rerank in hybrid mode only
    candidates: int = 50  # per index, before fusion
    rerank_depth: int = 10
    rerank_weight: float = 0.0  # weight of the rerank rank in the final RRF (0: relevance only)
    bm25_weight: float = 0.5  # weight of the BM25 rank in RRF (the dense rank weighs 1)
    rrf_k: int = RRF_K
    cache_size: int = 256  # 0 turns the cache off


class Backoff:
    """When a failed model may be tried again: ``first`` seconds after the first failure,
    doubling with each failure in a row up to ``cap``; a success resets it."""

    def __init__(self, clock: Callable[[], float], first: float = 5.0, cap: float = 300.0) -> None:
        self.clock, self.first, self.cap = clock, first, cap
        self.failures = 0
        self.error: str | None = None  # the last failure, e.g. "reranker unavailable (...)"
        self.retry_at = 0.0

    def waiting(self) -> bool:
        """True while the last failure's back-off runs."""
        return self.error is not None and self.clock() < self.retry_at

    def fail(self, error: str) -> str:
        """Record a failure; the note to show (the error and when it is retried)."""
        self.failures += 1
        self.error = error
        self.retry_at = self.clock() + min(self.cap, self.first * 2 ** (self.failures - 1))
        return self.note()

    def succeed(self) -> None:
        self.failures, self.error, self.retry_at = 0, None, 0.0

    def note(self) -> str:
        wait = max(0, math.ceil(self.retry_at - self.clock()))
        return f"{self.error}; retrying in {wait} s"


class Searcher:
    """Searches one store. Models load on first use; failures degrade, never crash a search.

    ``clock`` (monotonic seconds) times the back-off before a failed model is retried."""

    def __init__(
        self,
        store: Store,
        *,
        embedder: Embedder | None = None,
        reranker: Reranker | None = None,
        settings: SearchSettings = SearchSettings(),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.settings = settings
        self._embedder = embedder
        self._reranker = reranker
        self._dense_down = Backoff(clock)
        self._rerank_down = Backoff(clock)
        # both shared by every thread of a server (the memo holds the lock)
        self._cache: Memo[tuple[Any, ...], SearchResult] = Memo(settings.cache_size)
        self._unembedded: Memo[tuple[Any, ...], tuple[int, list[str]]] = Memo(_UNEMBEDDED_KEYS)

    # --- public ----------------------------------------------------------------------------

    @property
    def reranker(self) -> Reranker | None:
        """The reranker, loaded on first use; None when it cannot be used (or, after a failure,
        until its back-off has passed)."""
        return self._ensure_reranker()

    def query_embedder(self) -> Embedder | None:
        """The embedder of the store's vectors, loaded on first use; None when dense search
        is unavailable (evidence selection then compares sentences by words only)."""
        return self._ensure_embedder()[0]

    def search(
        self,
        query: str,
        *,
        k: int = 10,
        where: SearchFilter = SearchFilter(),
        mode: Mode | None = None,
        rerank: bool | None = None,
    ) -> SearchResult:
        """The ``k`` best hits for ``query`` that ``where`` may read."""
        return self.search_many([query], k=k, where=where, mode=mode, rerank=rerank)[0]

    def search_many(
        self,
        queries: Sequence[str],
        *,
        k: int = 10,
        where: SearchFilter = SearchFilter(),
        mode: Mode | None = None,
        rerank: bool | None = None,
    ) -> list[SearchResult]:
        """Several queries with the same options; query vectors are computed in one batch."""
        mode = mode or self.settings.mode
        if mode not in MODES:
            raise RetrievalError(f"unknown search mode {mode!r} (choose from {', '.join(MODES)})")
        if k < 1:
            raise RetrievalError("k must be at least 1")
        for query in queries:
            check_question(query, "the query")
        use_rerank = rerank if rerank is not None else (
            self.settings.rerank if self.settings.rerank is not None else mode == "hybrid"
        )
        generation = self.store.generation()
        keys = [_cache_key(q, k, where, mode, use_rerank, generation) for q in queries]
        results: list[SearchResult | None] = [self._cache_get(key) for key in keys]
        todo = [i for i, r in enumerate(results) if r is None]
        vectors, dense_note = self._query_vectors([queries[i] for i in todo], mode)
        for n, i in enumerate(todo):
            vector = vectors[n] if vectors is not None else None
            result = self._search_one(queries[i], k, where, mode, use_rerank, vector, dense_note)
            self._cache_put(keys[i], result)
            results[i] = result
        return [r for r in results if r is not None]

    # --- steps -----------------------------------------------------------------------------

    def _search_one(
        self,
        query: str,
        k: int,
        where: SearchFilter,
        mode: Mode,
        use_rerank: bool,
        vector: np.ndarray | None,
        dense_note: str | None,
    ) -> SearchResult:
        notes: list[str] = []
        depth = max(self.settings.candidates, k)
        dense: list[ScoredChunk] | None = None
        if mode != "bm25":
            if vector is not None:
                dense = self._dense(vector, depth, where, notes)
                if dense is not None:
                    self._note_unembedded(where, notes)
            elif dense_note:
                notes.append(dense_note)
        used: Mode = mode if mode == "bm25" or dense is not None else "bm25"  # degrade to keywords
        lexical = self.store.keyword_search(query, depth, where) if used != "dense" else []
        hits = _fuse(lexical, dense or [], used, self.settings.rrf_k, self.settings.bm25_weight)
        reranked = False
        if use_rerank and hits:
            hits, reranked = self._rerank(query, hits, notes)
        return SearchResult(query, tuple(hits[:k]), used, reranked, tuple(notes))

    def _note_unembedded(self, where: SearchFilter, notes: list[str]) -> None:
        """Say so when documents the caller may read are not in the dense index yet (a
        keyword-first ingest): they are found by keywords only. Counted over what the
        caller may read, never over the rest; once per store generation and filter (the
        count reads every chunk: at a million chunks it would cost more than the search)."""
        try:
            key = (self.store.generation(), *_filter_key(where))
            known = self._unembedded.get(key)
            if known is None:
                known = self.store.unembedded_documents(where)
                self._unembedded.put(key, known)
            missing, examples = known
        except CitadelError as exc:
            log.warning("could not count the documents without vectors: %s", exc)
            return
        if missing:
            one = missing == 1
            named = ", ".join(examples) + (", ..." if missing > len(examples) else "")
            notes.append(
                f"{missing} document{'' if one else 's'} ({named}) {'is' if one else 'are'} not in the dense "
                "index yet (found by keyword search only; run `citadel embed`)"
            )

    def _query_vectors(self, queries: list[str], mode: Mode) -> tuple[np.ndarray | None, str | None]:
        if mode == "bm25" or not queries:
            return None, None
        embedder, note = self._ensure_embedder()
        if embedder is None:
            return None, note
        try:
            vectors = embedder.embed_queries(queries)
        except BackendError as exc:
            note = self._dense_down.fail(f"dense search unavailable ({exc}); keyword search only")
            log.warning("%s", note)
            return None, note
        self._dense_down.succeed()
        return vectors, None

    def _ensure_embedder(self) -> tuple[Embedder | None, str | None]:
        """The query embedder, or None and why. The store's vectors are checked every time
        (cheap, and an ingest may add them); a failed model waits out its back-off."""
        spec = self.store.embedding_spec()
        if spec is None:
            return None, "dense search unavailable (the store has no vectors; run `citadel embed`); keyword search only"
        if self._dense_down.waiting():
            return None, self._dense_down.note()
        if self._embedder is None:
            try:
                self._embedder = get_embedder(spec.name)
            except BackendError as exc:
                note = self._dense_down.fail(f"dense search unavailable ({exc}); keyword search only")
                log.warning("%s", note)
                return None, note
        if (self._embedder.name, self._embedder.dim) != (spec.name, spec.dim):
            return None, (
                f"dense search unavailable (the store's vectors come from {spec.name!r}, "
                f"the query embedder is {self._embedder.name!r}); keyword search only"
            )
        return self._embedder, None

    def _dense(
        self, vector: np.ndarray, depth: int, where: SearchFilter, notes: list[str]
    ) -> list[ScoredChunk] | None:
        try:
            return self.store.dense_search(vector, depth, where)
        except (StoreError, RetrievalError) as exc:
            notes.append(f"dense search failed ({exc}); keyword search only")
            return None

    def _rerank(self, query: str, hits: list[Hit], notes: list[str]) -> tuple[list[Hit], bool]:
        reranker = self._ensure_reranker()
        if reranker is None:
            notes.append(self._rerank_down.note() if self._rerank_down.error else "reranker unavailable")
            return hits, False
        head = hits[: self.settings.rerank_depth]
        try:
            logits = reranker.score(query, [f"{h.title}\n{h.text}" if h.title else h.text for h in head])
        except BackendError as exc:
            note = self._rerank_down.fail(f"reranker unavailable ({exc}); results are not reranked")
            log.warning("%s", note)
            notes.append(note)
            return hits, False
        self._rerank_down.succeed()
        probs = probability(logits)
        order = sorted(range(len(head)), key=lambda i: (-float(logits[i]), head[i].chunk_id))
        rerank_rank = {head[i].chunk_id: r for r, i in enumerate(order, start=1)}
        k, w, wb = self.settings.rrf_k, self.settings.rerank_weight, self.settings.bm25_weight
        fused = {
            h.chunk_id: (wb / (k + h.bm25_rank) if h.bm25_rank else 0.0)
            + (1.0 / (k + h.dense_rank) if h.dense_rank else 0.0)
            + w / (k + rerank_rank[h.chunk_id])
            for h in head
        }
        scored = [
            replace(h, score=fused[h.chunk_id], relevance=float(probs[i]), rerank=float(logits[i]))
            for i, h in enumerate(head)
        ]
        scored.sort(key=lambda h: (-h.score, h.chunk_id) if w == 0 else (-h.score, -(h.rerank or 0.0), h.chunk_id))
        floor = scored[-1].score if scored else 0.0
        tail = [replace(h, score=min(h.score, floor) * 0.999) for h in hits[len(head) :]]
        return scored + tail, True

    def _ensure_reranker(self) -> Reranker | None:
        if self._rerank_down.waiting():
            return None
        if self._reranker is None:
            try:
                self._reranker = get_reranker()
            except BackendError as exc:
                log.warning("%s", self._rerank_down.fail(f"reranker unavailable ({exc}); results are not reranked"))
                return None
        return self._reranker

    # --- cache -----------------------------------------------------------------------------

    def _cache_get(self, key: tuple[Any, ...]) -> SearchResult | None:
        return self._cache.get(key) if self.settings.cache_size > 0 else None

    def _cache_put(self, key: tuple[Any, ...], result: SearchResult) -> None:
        if self.settings.cache_size <= 0 or result.notes:  # never pin a degraded answer
            return
        self._cache.put(key, result)


def _cache_key(query: str, k: int, where: SearchFilter, mode: Mode, rerank: bool, generation: int) -> tuple[Any, ...]:
    return (query, k, mode, rerank, generation, *_filter_key(where))


def _filter_key(where: SearchFilter) -> tuple[Any, ...]:
    return (
        tuple(sorted(where.groups)), where.unrestricted,
        None if where.doc_ids is None else tuple(sorted(where.doc_ids)),
        json.dumps(where.metadata, sort_keys=True, default=str),
    )  # fmt: skip


#: (generation, filter) keys whose count of documents without vectors a searcher remembers
_UNEMBEDDED_KEYS = 256


def _fuse(
    lexical: list[ScoredChunk], dense: list[ScoredChunk], mode: Mode, rrf_k: int, bm25_weight: float
) -> list[Hit]:
    """Hits from one or both candidate lists, best first, with their component scores."""
    by_id: dict[str, ScoredChunk] = {}
    bm25 = {s.chunk.chunk_id: (s.score, r) for r, s in enumerate(lexical, 1)}
    cos = {s.chunk.chunk_id: (s.score, r) for r, s in enumerate(dense, 1)}
    for s in (*lexical, *dense):
        by_id.setdefault(s.chunk.chunk_id, s)
    if mode == "bm25":
        score = {cid: v[0] for cid, v in bm25.items()}
    elif mode == "dense":
        score = {cid: v[0] for cid, v in cos.items()}
    else:
        ids = [[s.chunk.chunk_id for s in lexical], [s.chunk.chunk_id for s in dense]]
        score = rrf(ids, [bm25_weight, 1.0], k=rrf_k)
    hits = []
    for cid, value in score.items():
        s = by_id[cid]
        c = s.chunk
        hits.append(
            Hit(
                chunk_id=cid, doc_id=c.doc_id, version=c.version, score=float(value), text=c.text,
                title=s.title, page=c.page, start=c.start, end=c.end, heading_path=c.heading_path,
                bm25=bm25[cid][0] if cid in bm25 else None, bm25_rank=bm25[cid][1] if cid in bm25 else None,
                dense=cos[cid][0] if cid in cos else None, dense_rank=cos[cid][1] if cid in cos else None,
                groups=s.groups, location=c.location,
            )  # fmt: skip
        )
    hits.sort(key=lambda h: (-h.score, h.chunk_id))
    return hits
