"""Typed search results: a frozen :class:`Hit` per chunk and the :class:`SearchResult` around them."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from citadel.models import Location

Mode = Literal["bm25", "dense", "hybrid"]
MODES: tuple[Mode, ...] = ("bm25", "dense", "hybrid")


@dataclass(frozen=True)
class Hit:
    """One retrieved chunk: ``text == document_text[start:end]`` of version ``version``.

    ``score`` orders the hits (higher is better; its scale depends on the mode: RRF
    for hybrid, cosine for dense, BM25 for bm25, a fused rank score after a rerank).
    ``relevance`` is the normalized relevance in [0, 1] that later stages threshold:
    the cross-encoder's probability that the passage answers the query (sigmoid of
    the ms-marco logit), or None when the hit was not reranked.
    The component fields keep each index's raw score and 1-based rank (None when the
    chunk was not among that index's candidates).
    ``groups`` are the document's access groups as the store read them with this text
    (``()``: public; None: not known); the audit log keeps them (not in ``to_json``).
    ``location`` is the chunk's :class:`~citadel.models.Location`.
    """

    chunk_id: str
    doc_id: str
    version: int
    score: float
    text: str
    title: str
    page: int | None
    start: int
    end: int
    heading_path: tuple[str, ...] = ()
    relevance: float | None = None
    bm25: float | None = None
    bm25_rank: int | None = None
    dense: float | None = None
    dense_rank: int | None = None
    rerank: float | None = None
    groups: tuple[str, ...] | None = None
    location: Location = Location()  # where the chunk is in its file (page, lines, symbol, ...)

    def to_json(self) -> dict[str, Any]:
        """The CLI's hit object: the contract's keys first, then the extras."""
        data = asdict(self)
        data.pop("groups")
        data["location"] = self.location.as_dict()
        data["heading_path"] = list(self.heading_path)
        keys = ["chunk_id", "doc_id", "score", "text", "title", "page", "start", "end"]
        return {**{k: data.pop(k) for k in keys}, **data}


@dataclass(frozen=True)
class SearchResult:
    """Hits best first, the mode actually used, and notes on anything that degraded."""

    query: str
    hits: tuple[Hit, ...]
    mode: Mode
    reranked: bool
    notes: tuple[str, ...] = ()

    @property
    def degraded(self) -> bool:
        return bool(self.notes)
