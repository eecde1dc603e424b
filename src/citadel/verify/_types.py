"""Typed results of the verifier."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Verdict(StrEnum):
    """How far the cited source backs a claim."""

    SUPPORTED = "supported"  # every part of the claim is in the source
    PARTIAL = "partial"  # the source backs part of the claim, or backs it only loosely
    UNSUPPORTED = "unsupported"  # the source does not say this (or the citation is broken)
    CONTRADICTED = "contradicted"  # the source says otherwise (a number, a negation, ...)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class VerifyResult(_Frozen):
    """The verdict on one (claim, source) pair.

    ``score`` is the calibrated probability that the source fully supports the claim;
    ``span`` is ``(start, end)`` in the source of the best supporting passage, or None.
    """

    verdict: Verdict
    score: float = Field(ge=0.0, le=1.0)
    reason: str
    span: tuple[int, int] | None = None
    features: dict[str, float] = Field(default_factory=dict)

    @property
    def supported(self) -> bool:
        return self.verdict is Verdict.SUPPORTED

    def to_json(self) -> dict[str, object]:
        return {"verdict": self.verdict.value, "score": round(self.score, 4), "reason": self.reason,
                "span": list(self.span) if self.span else None}


class QuoteMatch(_Frozen):
    """Where a quote was found in its source; ``exact`` is False for a fuzzy alignment."""

    start: int
    end: int
    similarity: float = Field(ge=0.0, le=100.0)
    exact: bool


class Citation(_Frozen):
    """One citation attached to a claim: a source id and, optionally, a quote from it."""

    source_id: str
    quote: str | None = None


class Claim(_Frozen):
    """A sentence of an answer with its citations; ``start``/``end`` index the answer text
    (both -1 when the claim was given directly rather than split from an answer)."""

    text: str
    citations: tuple[Citation, ...] = ()
    start: int = -1
    end: int = -1


class CitationCheck(_Frozen):
    """One citation of one claim: does it exist, does its quote occur, is it relevant (ALCE)."""

    source_id: str
    exists: bool
    quote_found: bool | None = None
    supports_alone: bool = False
    relevant: bool = False


#: why a supported claim was not kept in an answer to a question
OFF_TOPIC_REASON = "supported, but it does not address the question (answerability {:.2f})"


class ClaimReport(_Frozen):
    """The verdict on one claim of an answer, checked against all its citations jointly."""

    claim: Claim
    result: VerifyResult
    citations: tuple[CitationCheck, ...]
    keep: bool
    #: checked against a question (``ask``): the probability that the claim answers it
    addresses: float | None = None
    #: supported, but not kept: it does not address the question
    off_topic: bool = False


class AnswerReport(_Frozen):
    """Per-claim verdicts plus ALCE citation precision and recall of a whole answer."""

    claims: tuple[ClaimReport, ...]
    citation_precision: float
    citation_recall: float

    @classmethod
    def merge(cls, parts: Sequence[AnswerReport]) -> AnswerReport:
        """One report for an answer checked in parts (each a run of its claims): the claims in
        order, precision and recall over all of them."""
        claims = tuple(c for part in parts for c in part.claims)
        cites = [ch for c in claims for ch in c.citations]
        return cls(
            claims=claims,
            citation_precision=sum(ch.relevant for ch in cites) / len(cites) if cites else 0.0,
            citation_recall=sum(c.result.supported for c in claims) / len(claims) if claims else 0.0,
        )

    def to_json(self) -> dict[str, object]:
        return {
            "claims": [
                {"text": c.claim.text, "start": c.claim.start, "end": c.claim.end,
                 "citations": [ch.model_dump() for ch in c.citations], "keep": c.keep,
                 **c.result.to_json(),
                 **({} if c.addresses is None else {"addresses": round(c.addresses, 4)}),
                 **({"off_topic": True, "drop_reason": OFF_TOPIC_REASON.format(c.addresses or 0.0)} if c.off_topic else {})}
                for c in self.claims
            ],
            "kept": [i for i, c in enumerate(self.claims) if c.keep],
            "citation_precision": round(self.citation_precision, 4),
            "citation_recall": round(self.citation_recall, 4),
        }
