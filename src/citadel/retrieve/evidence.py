"""Evidence selection: turn ranked hits into the passages a generator is shown.

Steps, in order, all keeping exact offsets (``passage.text == doc_text[start:end]``
of the stated version):

1. near-duplicate removal: a hit whose words overlap an already kept hit's by at
   least ``duplicate_jaccard`` (word 3-shingles) is dropped;
2. neighbouring chunks of one section (same document version, heading path and page,
   consecutive in reading order) are merged into one passage;
3. a passage longer than ``trim_above_chars`` is trimmed to the contiguous run of
   sentences from the first to the last one that matters for the query (sentences
   from :func:`citadel.text.sentence_spans`, scored by the reranker, or by word overlap
   when there is none);
4. passages are taken best first while they fit ``token_budget`` (~4 characters a token).

``Passage.relevance`` is the best normalized relevance (reranker probability) of the
hits it holds; when the hits were not reranked it falls back to the dense cosine
mapped linearly from [0.6, 0.85] to [0, 1], a rough stand-in noted in the result.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from citadel._errors import BackendError
from citadel.retrieve.hits import Hit
from citadel.retrieve.rerankers import Reranker, probability
from citadel.store.base import SearchFilter, Store
from citadel.text import sentence_spans


@dataclass(frozen=True)
class EvidenceSettings:
    token_budget: int = 1500
    max_passages: int = 8
    duplicate_jaccard: float = 0.8
    trim_above_chars: int = 600
    sentence_keep: float = 0.3  # keep sentences scoring at least this share of the best one


@dataclass(frozen=True)
class Passage:
    """A contiguous span of one document version, made of one or more hits."""

    chunk_ids: tuple[str, ...]
    doc_id: str
    version: int
    title: str
    heading_path: tuple[str, ...]
    page: int | None
    start: int
    end: int
    text: str
    score: float  # the best hit's ranking score
    relevance: float  # normalized, in [0, 1]


_WORD = re.compile(r"\w+")


def select_evidence(
    store: Store,
    query: str,
    hits: Sequence[Hit],
    where: SearchFilter,
    *,
    reranker: Reranker | None = None,
    settings: EvidenceSettings = EvidenceSettings(),
) -> list[Passage]:
    """Passages for ``query`` from ``hits`` (best first), within the token budget."""
    kept = _dedupe(hits, settings.duplicate_jaccard)
    passages = _merge_neighbours(store, kept, where)
    out: list[Passage] = []
    budget = settings.token_budget
    for passage in passages:
        if passage.end - passage.start > settings.trim_above_chars:
            passage = _trim(store, passage, query, reranker, settings.sentence_keep)
        cost = _tokens(passage.text)
        if cost > budget:
            continue
        out.append(passage)
        budget -= cost
        if len(out) >= settings.max_passages:
            break
    return out


def _tokens(text: str) -> int:
    return max(1, len(text) // 4)


def _shingles(text: str) -> set[tuple[str, ...]]:
    words = [w.lower() for w in _WORD.findall(text)]
    return {tuple(words[i : i + 3]) for i in range(max(1, len(words) - 2))}


def _dedupe(hits: Sequence[Hit], threshold: float) -> list[Hit]:
    kept: list[tuple[Hit, set[tuple[str, ...]]]] = []
    for hit in hits:
        sh = _shingles(hit.text)
        if any(len(sh & other) / max(1, len(sh | other)) >= threshold for _, other in kept):
            continue
        kept.append((hit, sh))
    return [h for h, _ in kept]


def _relevance(hit: Hit) -> float:
    if hit.relevance is not None:
        return hit.relevance
    if hit.dense is not None:
        return float(min(1.0, max(0.0, (hit.dense - 0.6) / 0.25)))
    return 0.0


def _merge_neighbours(store: Store, hits: list[Hit], where: SearchFilter) -> list[Passage]:
    """One passage per run of consecutive chunks of one section; ordered by their best hit."""
    order: dict[str, dict[str, int]] = {}
    for doc_id in {h.doc_id for h in hits}:
        order[doc_id] = {c.chunk_id: i for i, c in enumerate(store.chunks(doc_id, where))}
    groups: list[list[Hit]] = []
    for hit in hits:
        pos = order[hit.doc_id].get(hit.chunk_id)
        for group in groups:
            head = group[0]
            same = (head.doc_id, head.version, head.heading_path, head.page) == (
                hit.doc_id, hit.version, hit.heading_path, hit.page,
            )  # fmt: skip
            positions = {order[head.doc_id].get(h.chunk_id) for h in group}
            if same and pos is not None and (pos - 1 in positions or pos + 1 in positions):
                group.append(hit)
                break
        else:
            groups.append([hit])
    return [_passage(store, group) for group in groups]


def _passage(store: Store, group: list[Hit]) -> Passage:
    best = group[0]
    group = sorted(group, key=lambda h: h.start)
    start, end = group[0].start, group[-1].end
    text = best.text if len(group) == 1 else store.text(best.doc_id, best.version)[start:end]
    return Passage(
        chunk_ids=tuple(h.chunk_id for h in group), doc_id=best.doc_id, version=best.version,
        title=best.title, heading_path=best.heading_path, page=best.page, start=start, end=end,
        text=text, score=best.score, relevance=max(_relevance(h) for h in group),
    )  # fmt: skip


def _trim(store: Store, passage: Passage, query: str, reranker: Reranker | None, keep: float) -> Passage:
    doc_text = store.text(passage.doc_id, passage.version)
    spans = sentence_spans(doc_text, passage.start, passage.end)
    if len(spans) < 2:
        return passage
    sentences = [doc_text[s:e] for s, e in spans]
    scores = _sentence_scores(query, sentences, reranker)
    best = float(scores.max())
    if best <= 0:
        return passage
    chosen = [i for i, s in enumerate(scores) if s >= keep * best]
    start, end = spans[chosen[0]][0], spans[chosen[-1]][1]
    return Passage(
        chunk_ids=passage.chunk_ids, doc_id=passage.doc_id, version=passage.version,
        title=passage.title, heading_path=passage.heading_path, page=passage.page,
        start=start, end=end, text=doc_text[start:end], score=passage.score, relevance=passage.relevance,
    )  # fmt: skip


def _sentence_scores(query: str, sentences: list[str], reranker: Reranker | None) -> np.ndarray:
    """Relevance of each sentence in [0, 1]: reranker probability, else query-word overlap."""
    if reranker is not None:
        try:
            return probability(reranker.score(query, sentences))
        except BackendError:
            pass
    words = {w.lower() for w in _WORD.findall(query) if len(w) > 2}
    return np.array(
        [len(words & {w.lower() for w in _WORD.findall(s)}) / max(1, len(words)) for s in sentences],
        dtype=np.float32,
    )
