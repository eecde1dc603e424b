"""The retriever ``citadel.pipeline.Pipeline`` uses: search, then evidence selection."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from citadel.retrieve.answerability import AnswerabilityModel
from citadel.retrieve.coverage import absent_names, alphanumeric_names, missing_terms
from citadel.retrieve.evidence import EvidenceSettings, Passage, select_evidence
from citadel.retrieve.hits import Hit
from citadel.retrieve.searcher import Searcher
from citadel.retrieve.entries import versioned_headings
from citadel.retrieve.versions import is_release_notes, named_versions, names_release, unnamed_versions
from citadel.store.base import SearchFilter


@dataclass(frozen=True)
class Retrieved:
    """What the answer pipeline gets: selected passages, best first, and what to log."""

    evidence: list[Passage]
    top_score: float  # the best passage's relevance in [0, 1]
    candidates: list[dict[str, object]] = field(default_factory=list)  # every hit, for the trace
    notes: list[str] = field(default_factory=list)  # anything that degraded
    #: per document, each set of access groups it had as read (the trace's visibility)
    read_groups: dict[str, list[list[str]]] = field(default_factory=dict)
    #: the best unit's answerability in [0, 1]; None when the model read nothing
    top_answerability: float | None = None
    #: code-like names of the question that no retrieved text contains
    #: (:mod:`citadel.retrieve.coverage`), and versions it names that no retrieved release
    #: notes name (:func:`citadel.retrieve.versions.unnamed_versions`): the documents do
    #: not answer it
    missing_terms: tuple[str, ...] = ()


#: how much of a document's text is its opening, where it names its subject and version
OPENING_CHARS = 1000


@dataclass(frozen=True)
class RetrieverSettings:
    k: int = 12  # hits searched before evidence selection
    evidence: EvidenceSettings = EvidenceSettings()


class EvidenceRetriever:
    """Implements the pipeline's ``Retriever`` protocol over a :class:`Searcher`.

    ``Retrieved.top_score`` is the best :attr:`Passage.relevance`: the reranker's
    probability for the best sentence (see :mod:`citadel.retrieve.evidence`). The search
    itself never reranks whole passages: sentence scoring replaces that at a tenth of the
    cost.
    """

    def __init__(
        self,
        searcher: Searcher,
        settings: RetrieverSettings = RetrieverSettings(),
        answerability: AnswerabilityModel | None = None,
    ) -> None:
        self.searcher = searcher
        self.settings = settings
        self.answerability = answerability

    def retrieve(self, question: str, where: SearchFilter) -> Retrieved:
        result = self.searcher.search(question, k=self.settings.k, where=where, rerank=False)
        result = replace(result, hits=self._release_sections(question, result.hits, where))
        embedder = self.searcher.query_embedder() if result.mode != "bm25" else None
        passages = select_evidence(
            self.searcher.store, question, result.hits, where, reranker=self.searcher.reranker,
            settings=self.settings.evidence, embedder=embedder, answerability=self.answerability,
        )
        candidates: list[dict[str, object]] = [
            {k: v for k, v in h.to_json().items() if k != "text"} for h in result.hits
        ]
        notes = list(result.notes)
        if passages and not any(p.sentences for p in passages):
            notes.append("relevance is the dense cosine mapped to [0, 1] (no reranker scores)")
        texts = [f"{h.title}\n{h.text}" for h in result.hits]
        paths, docs = [h.heading_path for h in result.hits], [h.doc_id for h in result.hits]
        missing = tuple(self._missing_names(question, texts, result.hits) + unnamed_versions(question, texts, paths, docs)) \
            if texts else ()
        if missing:
            notes.append("no retrieved text names " + ", ".join(missing))
        absent = tuple(absent_names(question, lambda name: self._named(name, where))) if texts else ()
        if absent:  # the caller's documents never name it: they are about something else
            notes.append("no document names " + ", ".join(absent))
            missing += absent
        answers = [p.answerability for p in passages if p.answerability is not None]
        if passages and self.answerability is not None and not answers and any(p.sentences for p in passages):
            notes.append("the answerability model read nothing; abstention falls back to relevance")
        return Retrieved(
            evidence=passages,  # most relevant first
            top_score=max((p.relevance for p in passages), default=0.0),
            candidates=candidates,
            notes=notes,
            read_groups=groups_as_read(result.hits),
            top_answerability=max(answers, default=None),
            missing_terms=missing,
        )

    def _missing_names(self, question: str, texts: list[str], hits: Sequence[Hit]) -> list[str]:
        """The question's names that no retrieved text names (:func:`missing_terms`); a name of
        letters and digits ("SDL2") also counts as named by the opening of a retrieved
        document (:data:`OPENING_CHARS`): a document names its subject and its version at its
        top (Doxygen's "SDL 2.0" over every page), not in every passage."""
        missing = missing_terms(question, texts)
        names = set(alphanumeric_names(question)) & set(missing)
        if not names:
            return missing
        docs = dict.fromkeys((h.doc_id, h.version) for h in hits)
        openings = [self.searcher.store.text(doc_id, version)[:OPENING_CHARS] for doc_id, version in docs]
        still = set(missing_terms(question, openings))
        return [m for m in missing if m not in names or m in still]

    def _named(self, name: str, where: SearchFilter) -> bool:
        """Whether a document the caller may read names ``name`` (keyword search, titles too)."""
        return bool(self.searcher.store.keyword_search(name, 1, where))

    def _release_sections(self, question: str, hits: tuple[Hit, ...], where: SearchFilter) -> tuple[Hit, ...]:
        """``hits`` and, for each release-notes document among them (its headings name two
        releases or more) none of whose hits stands under the release the question names, the
        first :data:`RELEASE_CHUNKS` chunks of it that do, in reading order, as hits after the others (the
        caller's filter applies: ``store.chunks`` reads only what it may; the scores are the
        document's best hit's). Search ranks by words, and "3.7" is little of them: the
        section of "When was grep 3.7 released?" can rank below a dozen others of the file."""
        if not named_versions(question):
            return hits
        taken = {h.chunk_id for h in hits}
        named = {h.doc_id for h in hits if names_release(question, h.heading_path)}
        extra: list[Hit] = []
        for doc_id in dict.fromkeys(h.doc_id for h in hits if versioned_headings(h.heading_path)):
            if doc_id in named:
                continue
            best = next(h for h in hits if h.doc_id == doc_id)
            chunks = [c for c in self.searcher.store.chunks(doc_id, where) if c.version == best.version]
            if not is_release_notes([c.heading_path for c in chunks]):
                continue
            found = [c for c in chunks if c.chunk_id not in taken and names_release(question, c.heading_path)]
            extra += [replace(best, chunk_id=c.chunk_id, text=c.text, start=c.start, end=c.end, page=c.page,
                              heading_path=c.heading_path, location=c.location, relevance=None, bm25=None, bm25_rank=None,
                              dense=None, dense_rank=None, rerank=None) for c in found[:RELEASE_CHUNKS]]  # fmt: skip
        return hits + tuple(extra)


#: chunks of a release-notes document added for the release a question names (:meth:`EvidenceRetriever._release_sections`)
RELEASE_CHUNKS = 4


def groups_as_read(hits: Sequence[Hit]) -> dict[str, list[list[str]]]:
    """Each document's distinct group sets among ``hits`` (every passage comes from them)."""
    out: dict[str, list[list[str]]] = {}
    for h in hits:
        if h.groups is not None:
            sets = out.setdefault(h.doc_id, [])
            if list(h.groups) not in sets:
                sets.append(list(h.groups))
    return out
