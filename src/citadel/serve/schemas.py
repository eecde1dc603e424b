"""Request and response bodies of the HTTP API (pydantic; they make the OpenAPI document).

``AnswerBody`` is exactly the ``citadel ask --json`` contract.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from citadel.answers import AbstentionReason


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    model_config = ConfigDict(extra="ignore")


def _unset(value: Any) -> bool:
    return value is None


class LocationBody(_Out):
    """Where a chunk or quote is in its original file: only the keys that apply to its medium."""

    page: int | None = Field(default=None, exclude_if=_unset, description="PDF page, 1-based.")
    line_start: int | None = Field(default=None, exclude_if=_unset, description="First line of the file, 1-based.")
    line_end: int | None = Field(default=None, exclude_if=_unset, description="Last line, inclusive.")
    symbol: str | None = Field(default=None, exclude_if=_unset, description='Code: the qualified name ("Store.put").')
    time_start: float | None = Field(default=None, exclude_if=_unset, description="Transcripts: seconds.")
    time_end: float | None = Field(default=None, exclude_if=_unset)
    row: int | None = Field(default=None, exclude_if=_unset, description="Tables: the 1-based data row.")
    columns: list[str] | None = Field(default=None, exclude_if=_unset, description="Tables: the row's header names.")
    slide: int | None = Field(default=None, exclude_if=_unset, description="Decks: the 1-based slide.")
    cell: int | None = Field(default=None, exclude_if=_unset, description="Notebooks: the 1-based cell.")


class ErrorBody(_Out):
    error: str = Field(description="A short error code, e.g. not_found or unauthorized.")
    message: str = Field(description="What went wrong and what to do next.")


class HealthBody(_Out):
    status: Literal["ok"]
    version: str | None = Field(default=None, description="Only for a known key or the local owner.")
    auth: Literal["keys", "local"] | None = Field(default=None, description="Only for a known key or the local owner.")
    audit_failures: int | None = Field(
        default=None, description="Audit-log writes that failed since the server started (known callers only)."
    )


class MeBody(_Out):
    caller: str = Field(description="The label traces carry for this key (never the key).")
    auth: Literal["keys", "local"]
    groups: list[str]
    write: list[str] = Field(description='Groups this key may write documents into ("public": without groups).')
    admin: bool
    owner: bool = Field(description="The local store owner (a server without keys).")


# --- ask -----------------------------------------------------------------------------------


class AskRequest(_In):
    question: str = Field(min_length=1, description="At most max_question_chars characters (see the limits).")
    groups: list[str] | None = Field(
        default=None,
        max_length=200,
        description="Access groups to ask with. With API keys this can only narrow the key's groups; "
        "without keys (local) it works like the CLI's --groups.",
    )


class CitationBody(_Out):
    source_id: str
    quote: str
    start: int = Field(description="Offset of the quote in the document's normalized text.")
    end: int
    location: LocationBody = Field(default_factory=LocationBody, description="Where the quote is in its file.")


class ClaimBody(_Out):
    text: str
    verdict: str
    citations: list[CitationBody]


class SourceBody(_Out):
    chunk_id: str
    doc_id: str
    version: int
    title: str
    page: int | None
    start: int
    end: int
    text: str
    location: LocationBody = Field(default_factory=LocationBody)


class ClosestBody(_Out):
    title: str
    doc_id: str
    chunk_id: str
    page: int | None
    relevance: float = Field(description="How on-topic its best sentence is: the reranker's probability, in [0, 1].")
    score: float = Field(description="The search's ranking score.")
    answerability: float | None = Field(
        default=None,
        description="The probability in [0, 1] that its best unit answers the question, what the abstention "
        "threshold is compared with by default; null when the answerability model did not read it.",
    )
    location: LocationBody = Field(default_factory=LocationBody)


class AnswerBody(_Out):
    """The same JSON as ``citadel ask --json``."""

    question: str
    abstained: bool
    abstention_reason: AbstentionReason | None
    answer: str
    claims: list[ClaimBody]
    sources: dict[str, SourceBody]
    trace_id: str
    trace_stored: bool = Field(default=True, description="False when the audit log could not be written.")
    closest: list[ClosestBody] | None = Field(
        default=None, exclude_if=lambda v: v is None,
        description="Abstentions only (absent on an answer): the passages the caller may read that came "
        "closest, best first, at most 3.",
    )  # fmt: skip


# --- search --------------------------------------------------------------------------------


class SearchRequest(_In):
    query: str = Field(min_length=1, description="At most max_question_chars characters (see the limits).")
    k: int = Field(default=10, ge=1, le=100)
    mode: Literal["bm25", "dense", "hybrid"] | None = None
    groups: list[str] | None = Field(default=None, max_length=200)


class HitBody(_Out):
    chunk_id: str
    doc_id: str
    score: float
    text: str
    title: str
    page: int | None
    start: int
    end: int
    version: int
    heading_path: list[str]
    relevance: float | None = None
    location: LocationBody = Field(default_factory=LocationBody)


class SearchBody(_Out):
    query: str
    mode: str
    reranked: bool
    notes: list[str]
    hits: list[HitBody]


# --- verify --------------------------------------------------------------------------------


class CitationIn(_In):
    source_id: str
    quote: str | None = None


class ClaimIn(_In):
    text: str
    citations: list[CitationIn] = []


class VerifyRequest(_In):
    """As the file given to ``citadel verify --answer``: sources and either an answer or claims."""

    sources: dict[str, str]
    answer: str | None = Field(default=None, description="Text with [S1] markers.")
    claims: list[ClaimIn] | None = None


class VerifiedClaimBody(_Out):
    text: str
    start: int
    end: int
    citations: list[dict[str, Any]]
    keep: bool
    verdict: str
    score: float
    reason: str
    span: list[int] | None


class VerifyBody(_Out):
    claims: list[VerifiedClaimBody]
    kept: list[int]
    citation_precision: float
    citation_recall: float


# --- documents -----------------------------------------------------------------------------


class DocumentBody(_Out):
    doc_id: str
    version: int
    title: str
    groups: list[str]
    chunks: int
    media_type: str
    indexed_at: str


class ChunkSpan(_Out):
    chunk_id: str
    start: int
    end: int
    page: int | None
    heading_path: list[str]
    location: LocationBody = Field(default_factory=LocationBody)


class DocumentTextBody(_Out):
    doc_id: str
    version: int = Field(description="The version whose text is returned.")
    current_version: int
    title: str
    groups: list[str]
    media_type: str
    text: str = Field(description="The normalized text; citation offsets index it.")
    chunks: list[ChunkSpan] = Field(description="Spans of the current version's chunks (empty for older versions).")


class FailureBody(_Out):
    path: str
    error: str


class IngestBody(_Out):
    added: int
    updated: int
    unchanged: int
    chunks: int
    failed: list[FailureBody]
    doc_ids: list[str] = Field(
        default_factory=list,
        description="The id each file (or JSONL line) is written under, in order (a key's new names go into its "
        "namespace, ~GROUPS/NAME); those that failed are also listed in 'failed' and were not stored.",
    )


class DeletedBody(_Out):
    deleted: str


# --- traces --------------------------------------------------------------------------------


class TraceSummary(_Out):
    trace_id: str
    created_at: str
    question: str
    caller: str | None
    backend: str
    abstained: bool
    abstention_reason: str | None


class TraceBody(TraceSummary):
    """A trace as logged, without the prompt (the prompt stays in the local audit log)."""

    groups: list[str]
    threshold: float | None
    candidates: list[dict[str, Any]]
    notes: list[str]
    evidence: list[dict[str, Any]]
    raw_output: list[str | None]
    validation: list[str | None]
    verification: list[dict[str, Any]]
    answer: dict[str, Any]
    timings: dict[str, float]
    cost: dict[str, int] = Field(default_factory=dict, description="generations, model_calls, tokens_in, tokens_out "
                                 "(as the backend's provider reported them).")
