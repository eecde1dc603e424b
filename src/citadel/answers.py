"""The answer a caller sees, as typed models that serialise to the documented JSON.

Only verified claims appear here. Offsets (``start``/``end``) of sources and of
citations index the cited document's normalized text (``citadel show DOC_ID``), so a
citation can be highlighted in place. The prompt, raw model output and dropped
claims stay in the trace, never in the answer.

``Answer.to_json()`` (the ``citadel ask --json`` output) has the keys ``question``,
``abstained``, ``abstention_reason``, ``answer``, ``claims``, ``sources`` and
``trace_id``, then ``trace_stored``: true when the request's trace was written to the
audit log, false when that write failed (the answer is still given, the failure is
logged and counted in ``Citadel.audit_failures``, and ``trace_id`` names a trace that
``citadel trace`` will not find).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

AbstentionReason = Literal["no_evidence", "unsupported", "invalid_output"]


class _Out(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CitationOut(_Out):
    source_id: str
    quote: str
    start: int
    end: int


class ClaimOut(_Out):
    text: str
    verdict: str
    citations: list[CitationOut]


class SourceOut(_Out):
    chunk_id: str
    doc_id: str
    version: int
    title: str
    page: int | None
    start: int
    end: int
    text: str
    section: str = ""


class Answer(_Out):
    question: str
    abstained: bool
    abstention_reason: AbstentionReason | None
    answer: str
    claims: list[ClaimOut]
    sources: dict[str, SourceOut]
    trace_id: str
    trace_stored: bool = True  # False: the audit log write failed (see the module docstring)

    def to_json(self) -> dict[str, object]:
        data = self.model_dump()
        for source in data["sources"].values():
            source.pop("section")
        return data


_TRAILING = re.compile(r"([.!?:;]+)$")


def with_markers(text: str, source_ids: list[str]) -> str:
    """``Refunds take five days.`` + [S1] -> ``Refunds take five days [S1].``"""
    markers = "".join(f"[{s}]" for s in dict.fromkeys(source_ids))
    text = text.strip()
    m = _TRAILING.search(text)
    if m:
        return f"{text[: m.start()].rstrip()} {markers}{m.group(1)}"
    return f"{text} {markers}"


def render_text(answer: Answer) -> str:
    """The answer for people: claims with numbered footnotes giving place and quote."""
    if answer.abstained:
        return answer.answer
    notes: dict[tuple[str, str], int] = {}
    lines = []
    for claim in answer.claims:
        refs = []
        for c in claim.citations:
            key = (c.source_id, c.quote)
            notes.setdefault(key, len(notes) + 1)
            refs.append(f"[{notes[key]}]")
        lines.append(f"{claim.text.strip()} {''.join(refs)}")
    out = [" ".join(lines), ""]
    for (sid, quote), n in notes.items():
        s = answer.sources[sid]
        where = ", ".join(x for x in (s.section, f"page {s.page}" if s.page else "") if x)
        out.append(f"[{n}] {s.title} ({s.doc_id}{', ' + where if where else ''}, v{s.version})")
        out.append(f'    "{quote}"')
    return "\n".join(out)
