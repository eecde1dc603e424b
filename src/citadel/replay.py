"""Replay a logged question against the current store and say what changed.

:func:`replay` re-asks a trace's question with the trace's groups and compares the new
answer with the logged one: whether the answer text changed, claims added and removed
(by claim text), and each citation of the logged answer whose document version has since
been replaced (``stale``) or removed (``deleted``). The replay is itself logged as a new
trace, whose id the report carries.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from citadel._errors import NotFoundError
from citadel.engine import Citadel
from citadel.store import ADMIN, SearchFilter

CitationStatus = Literal["stale", "deleted"]


@dataclass(frozen=True)
class ChangedCitation:
    """A citation of the logged answer whose document is no longer the version it quoted."""

    status: CitationStatus
    source_id: str
    doc_id: str
    title: str
    version: int
    current_version: int | None
    quote: str
    quote_still_present: bool  # the quote is still in the current text


@dataclass(frozen=True)
class ReplayReport:
    trace_id: str
    replay_trace_id: str
    question: str
    groups: list[str]
    answer_changed: bool
    before: dict[str, Any]
    after: dict[str, Any]
    claims_added: list[str] = field(default_factory=list)
    claims_removed: list[str] = field(default_factory=list)
    citations: list[ChangedCitation] = field(default_factory=list)

    @property
    def stale(self) -> list[ChangedCitation]:
        return [c for c in self.citations if c.status == "stale"]

    @property
    def unchanged(self) -> bool:
        return not (self.answer_changed or self.claims_added or self.claims_removed or self.citations)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["unchanged"] = self.unchanged
        return data


def replay(
    engine: Citadel, trace_id: str, where: SearchFilter = ADMIN, backend: str | None = None, caller: str = "replay"
) -> ReplayReport:
    """Re-run trace ``trace_id`` (if ``where`` may see it) and compare; NotFoundError otherwise."""
    trace = engine.store.get_trace(trace_id, where)
    if trace is None:
        raise NotFoundError(f"no trace {trace_id!r}; list them with: citadel traces")
    before: dict[str, Any] = trace.get("answer") or {}
    after = engine.ask(trace["question"], groups=trace["groups"], backend=backend, caller=caller)
    old_claims = [str(c["text"]) for c in before.get("claims", [])]
    new_claims = [c.text for c in after.claims]
    return ReplayReport(
        trace_id=trace_id,
        replay_trace_id=after.trace_id,
        question=trace["question"],
        groups=list(trace["groups"]),
        answer_changed=before.get("answer") != after.answer,
        before=_outcome(before),
        after=_outcome(after.to_json()),
        claims_added=[c for c in new_claims if c not in old_claims],
        claims_removed=[c for c in old_claims if c not in new_claims],
        citations=_changed_citations(engine, before),
    )


def _outcome(answer: dict[str, Any]) -> dict[str, Any]:
    return {k: answer.get(k) for k in ("abstained", "abstention_reason", "answer")}


def _changed_citations(engine: Citadel, answer: dict[str, Any]) -> list[ChangedCitation]:
    sources: dict[str, Any] = answer.get("sources", {})
    out: list[ChangedCitation] = []
    seen: set[tuple[str, str]] = set()
    for claim in answer.get("claims", []):
        for citation in claim.get("citations", []):
            source = sources.get(citation["source_id"])
            if source is None or (citation["source_id"], citation["quote"]) in seen:
                continue
            seen.add((citation["source_id"], citation["quote"]))
            changed = _check(engine, source, citation)
            if changed is not None:
                out.append(changed)
    return out


def _check(engine: Citadel, source: dict[str, Any], citation: dict[str, Any]) -> ChangedCitation | None:
    current = engine.store.current(source["doc_id"])
    if current is not None and current.version == source["version"]:
        return None
    present = current is not None and citation["quote"] in engine.store.text(current.doc_id)
    return ChangedCitation(
        status="deleted" if current is None else "stale",
        source_id=citation["source_id"], doc_id=source["doc_id"], title=source["title"],
        version=source["version"], current_version=current.version if current else None,
        quote=citation["quote"], quote_still_present=present,
    )  # fmt: skip


def render_report(report: ReplayReport) -> str:
    """The report for people."""
    lines = [f"Replayed {report.trace_id} as {report.replay_trace_id}: {report.question}"]
    if report.unchanged:
        lines.append("No change: same answer, same claims, every cited document still at its version.")
    lines.append(f"before: {report.before['answer']}")
    lines.append(f"after:  {report.after['answer']}")
    lines += [f"  + {c}" for c in report.claims_added]
    lines += [f"  - {c}" for c in report.claims_removed]
    for c in report.citations:
        now = f"now v{c.current_version}" if c.current_version else "document removed"
        kept = "quote still present" if c.quote_still_present else "quote no longer present"
        lines.append(f"  {c.status.upper()} [{c.source_id}] {c.title} ({c.doc_id} v{c.version}, {now}; {kept})")
    return "\n".join(lines)
