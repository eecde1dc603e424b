"""What the LangChain and LlamaIndex adapters share, free of either framework.

``citadel.integrations.langchain`` and ``citadel.integrations.llama_index`` import their
framework; this module imports neither (and ``import citadel`` imports none of them).

Both verify with :func:`check_documents`: an answer's claims checked against documents that
any retriever found, saying which document supports each claim, so that sources ranked by
similarity but never used are not shown as citations. How a claim meets the documents:

* A claim with citation markers (``[1]``, ``[S2]``, ``[D1, D3]``: the marker's number is the
  document's 1-based position in the list) is checked against the documents it cites, jointly,
  as ``POST /v1/verify`` checks an answer against its sources. A wrong citation drops the
  claim even where another document would support it; a number past the list is reported as
  not among the sources.
* A claim without markers is checked against each document on its own. It is kept when at
  least one supports it; its ``document`` is the one that supports it best (the highest
  score, the first on a tie) and ``supporting`` lists every document that supports it alone.
  When none does, the verdict shown is that of the closest document (the most of the claim's
  content words in one of its passages: a number that differs in an unrelated passage is not
  the reason shown), a contradiction before partial or no support on a tie. A claim that
  needs two documents together is kept only when it cites both.

Indexes into the document list are 0-based (``ClaimCheck.document``); markers and the
evaluator's feedback count documents from 1, as a reader does.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from citadel._errors import ValidationError
from citadel.retrieve import Hit, Searcher
from citadel.retrieve.hits import Mode
from citadel.store import SearchFilter
from citadel.verify import Citation, Claim, ClaimReport, Verdict, Verifier, default_verifier, split_claims

log = logging.getLogger(__name__)

__all__ = ["ClaimCheck", "DocumentsReport", "check_documents", "hit_metadata", "search_hits"]

#: a marker id (``S2``, ``2``, ``doc-2``) names the document at this 1-based position
_MARKER_NUMBER = re.compile(r"[A-Za-z]*[-_:]?(\d+)")
#: how telling a verdict is about a claim no document supports (higher: shown first on a tie)
_TELLING = {Verdict.SUPPORTED: 3, Verdict.CONTRADICTED: 2, Verdict.PARTIAL: 1, Verdict.UNSUPPORTED: 0}
NO_DOCUMENTS_REASON = "no documents were given to check it against"


class ClaimCheck(BaseModel):
    """The verdict on one claim of an answer checked against a list of documents.

    ``start``/``end`` index the answer; ``document`` is the 0-based index of the document
    the verdict rests on (the best supporting one when ``keep``), ``document_id`` its id
    (a chunk id or node id, when the caller gave ids), ``span`` the supporting passage in
    that document's text; ``supporting`` every document that supports the claim;
    ``citations`` the claim's markers as written (``()`` when it had none).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    start: int
    end: int
    keep: bool
    verdict: Verdict
    score: float
    reason: str
    document: int | None = None
    document_id: str | None = None
    span: tuple[int, int] | None = None
    supporting: tuple[int, ...] = ()
    citations: tuple[str, ...] = ()


class DocumentsReport(BaseModel):
    """Every claim of ``answer`` with its verdict, in order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    answer: str
    claims: tuple[ClaimCheck, ...]

    @property
    def kept(self) -> list[ClaimCheck]:
        return [c for c in self.claims if c.keep]

    @property
    def dropped(self) -> list[ClaimCheck]:
        return [c for c in self.claims if not c.keep]

    @property
    def text(self) -> str:
        """The answer's kept sentences as written (markers included), joined by spaces."""
        return " ".join(self.answer[c.start : c.end].strip() for c in self.kept)

    @property
    def used(self) -> tuple[int, ...]:
        """The documents some kept claim rests on, in the order the answer first uses them."""
        return tuple(dict.fromkeys(i for c in self.kept for i in c.supporting))

    @property
    def supported_share(self) -> float:
        """The share of claims kept (0.0 for an answer without claims)."""
        return len(self.kept) / len(self.claims) if self.claims else 0.0


def check_documents(
    answer: str,
    documents: Sequence[str],
    *,
    ids: Sequence[str | None] | None = None,
    verifier: Verifier | None = None,
) -> DocumentsReport:
    """Split ``answer`` into claims and check each against ``documents`` (their texts), as
    the module docstring describes. ``ids`` name the documents in the report."""
    if ids is not None and len(ids) != len(documents):
        raise ValidationError(f"got {len(ids)} document ids for {len(documents)} documents")
    sources = {_key(i): text for i, text in enumerate(documents)}
    claims = split_claims(answer)
    jobs: list[Claim] = []
    plan: list[list[int]] = []  # per claim, its jobs
    for claim in claims:
        if claim.citations:
            keys = dict.fromkeys(_cited_key(c.source_id, len(documents)) for c in claim.citations)
            plan.append([len(jobs)])
            jobs.append(claim.model_copy(update={"citations": tuple(Citation(source_id=k) for k in keys)}))
        else:
            plan.append(list(range(len(jobs), len(jobs) + len(documents))))
            jobs.extend(claim.model_copy(update={"citations": (Citation(source_id=_key(i)),)})
                        for i in range(len(documents)))  # fmt: skip
    reports = (verifier or default_verifier()).check_answer(sources, claims=jobs).claims if jobs else ()
    checks = []
    for claim, idx in zip(claims, plan, strict=True):
        mine = [reports[j] for j in idx]
        check = _cited(claim, mine[0], documents) if claim.citations else _best(claim, mine)
        if ids is not None and check.document is not None:
            check = check.model_copy(update={"document_id": ids[check.document]})
        checks.append(check)
    return DocumentsReport(answer=answer, claims=tuple(checks))


def _key(i: int) -> str:
    return f"document {i + 1}"  # never a marker id: those have no spaces


def _index(key: str) -> int:
    return int(key.removeprefix("document ")) - 1


def _cited_key(marker: str, count: int) -> str:
    """The source key of a marker id, or the id itself when it names no given document."""
    m = _MARKER_NUMBER.fullmatch(marker)
    return _key(int(m.group(1)) - 1) if m and 1 <= int(m.group(1)) <= count else marker


def _base(claim: Claim, report: ClaimReport) -> dict[str, Any]:
    r = report.result
    return {"text": claim.text, "start": claim.start, "end": claim.end, "keep": report.keep,
            "verdict": r.verdict, "score": r.score, "reason": r.reason,
            "citations": tuple(c.source_id for c in claim.citations)}  # fmt: skip


def _best(claim: Claim, per_document: list[ClaimReport]) -> ClaimCheck:
    """A claim without markers: the verdict of the document that supports it best, or of the
    closest one when none does."""
    if not per_document:
        return ClaimCheck(text=claim.text, start=claim.start, end=claim.end, keep=False,
                          verdict=Verdict.UNSUPPORTED, score=0.0, reason=NO_DOCUMENTS_REASON)  # fmt: skip
    supporting = tuple(i for i, r in enumerate(per_document) if r.keep)
    results = [r.result for r in per_document]
    if supporting:
        best = max(supporting, key=lambda i: (results[i].score, -i))
    else:
        best = max(range(len(results)), key=lambda i: (
            results[i].features.get("overlap_best", 0.0), _TELLING[results[i].verdict], results[i].score, -i))  # fmt: skip
    return ClaimCheck(**_base(claim, per_document[best]), document=best,
                      span=per_document[best].result.span, supporting=supporting)  # fmt: skip


def _cited(claim: Claim, report: ClaimReport, documents: Sequence[str]) -> ClaimCheck:
    """A claim with markers, checked against the documents it cites (jointly)."""
    existing = [ch for ch in report.citations if ch.exists]
    cited = [_index(ch.source_id) for ch in existing]
    supporting = tuple(i for i, ch in zip(cited, existing, strict=True) if ch.supports_alone)
    if report.keep and not supporting:
        supporting = tuple(cited)  # only the cited documents together support it
    located = _locate(report.result.span, [documents[i] for i in cited])
    document: int | None = None
    span: tuple[int, int] | None = None
    if located is not None:
        document, span = cited[located[0]], located[1]
    elif supporting or cited:
        document = (supporting or cited)[0]
    return ClaimCheck(**_base(claim, report), document=document, span=span,
                      supporting=supporting if report.keep else ())  # fmt: skip


def _locate(span: tuple[int, int] | None, texts: list[str]) -> tuple[int, tuple[int, int]] | None:
    """A span of the cited texts joined as the verifier read them (``"\\n\\n"`` between),
    as (position in ``texts``, span in that text, clipped to it)."""
    if span is None or not texts:
        return None
    offset = 0
    for n, text in enumerate(texts):
        if span[0] < offset + len(text) + 2 or n == len(texts) - 1:
            start = min(len(text), max(0, span[0] - offset))
            return n, (start, max(start, min(len(text), span[1] - offset)))
        offset += len(text) + 2
    return None


def hit_metadata(hit: Hit) -> dict[str, Any]:
    """The metadata both frameworks' documents carry: where the text is and how it ranked."""
    return {
        "chunk_id": hit.chunk_id, "doc_id": hit.doc_id, "version": hit.version,
        "start": hit.start, "end": hit.end, "title": hit.title, "heading_path": list(hit.heading_path),
        "location": hit.location.as_dict(), "score": hit.score, "relevance": hit.relevance,
    }  # fmt: skip


def search_hits(searcher: Searcher, query: str, *, k: int, groups: Sequence[str], mode: Mode | None) -> tuple[Hit, ...]:
    """The ``k`` best hits for ``query`` that a caller in ``groups`` may read."""
    result = searcher.search(query, k=k, where=SearchFilter(groups=frozenset(groups)), mode=mode)
    for note in result.notes:
        log.info("search %r: %s", query, note)
    return result.hits
