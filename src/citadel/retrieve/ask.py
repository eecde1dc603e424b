"""The retriever ``citadel.pipeline.Pipeline`` uses: search, then evidence selection."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from citadel.retrieve.evidence import EvidenceSettings, select_evidence
from citadel.retrieve.searcher import Searcher
from citadel.store.base import SearchFilter

if TYPE_CHECKING:
    from citadel.pipeline import Retrieved


@dataclass(frozen=True)
class RetrieverSettings:
    k: int = 12  # hits searched before evidence selection
    evidence: EvidenceSettings = EvidenceSettings()


class EvidenceRetriever:
    """Implements the pipeline's ``Retriever`` protocol over a :class:`Searcher`.

    ``Evidence.score`` and ``Retrieved.top_score`` are :attr:`Passage.relevance`
    (the reranker's probability, see :mod:`citadel.retrieve.evidence`).
    """

    def __init__(self, searcher: Searcher, settings: RetrieverSettings = RetrieverSettings()) -> None:
        self.searcher = searcher
        self.settings = settings

    def retrieve(self, question: str, where: SearchFilter) -> Retrieved:
        from citadel.pipeline import Evidence, Retrieved

        result = self.searcher.search(question, k=self.settings.k, where=where)
        reranker = self.searcher.reranker if result.reranked else None
        passages = select_evidence(
            self.searcher.store, question, result.hits, where, reranker=reranker, settings=self.settings.evidence
        )
        evidence = [
            Evidence(
                chunk_id=p.chunk_ids[0], doc_id=p.doc_id, version=p.version, title=p.title,
                heading_path=p.heading_path, page=p.page, start=p.start, end=p.end, text=p.text,
                score=p.relevance,
            )  # fmt: skip
            for p in sorted(passages, key=lambda p: -p.relevance)
        ]
        candidates: list[dict[str, object]] = [
            {k: v for k, v in h.to_json().items() if k != "text"} for h in result.hits
        ]
        notes = list(result.notes)
        if not result.reranked:
            notes.append("relevance is the dense cosine mapped to [0, 1] (no reranker scores)")
        return Retrieved(
            evidence=evidence,
            top_score=max((e.score for e in evidence), default=0.0),
            candidates=candidates,
            notes=notes,
        )
