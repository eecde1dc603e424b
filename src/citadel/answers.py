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

An abstention (and only an abstention) has one more key, last: ``closest``, the
passages that came closest to answering, best first, at most three, empty when nothing
was retrieved. Each is ``{"title", "doc_id", "chunk_id", "page", "relevance",
"score", "answerability", "location"}``: ``answerability`` is the probability in [0, 1] that its best
unit answers the question (:mod:`citadel.retrieve.answerability`; what the abstention
threshold is compared with by default; null when the model did not read the passage),
``relevance`` how on-topic its best sentence is (the reranker's probability), ``score``
the search's ranking score. They come from the caller's own retrieved evidence, so they
never name a document the caller may not read. An answered question has no
``closest`` key (its ``sources`` are the passages used).

Every source, citation and closest passage has a ``location``: where it is in its file,
with the keys of :class:`citadel.models.Location` that apply to its medium (``page``,
``line_start``/``line_end``, ``symbol``, ``time_start``/``time_end``, ``row`` with
``columns``, ``slide``, ``cell``); a citation's is that of the chunks its quote overlaps,
so a quote of one table row names that row. ``{}`` when the medium has none.

A claim's ``text`` never starts with a Markdown heading mark or a list marker
(``# ``, ``- ``, ``* ``, ``• ``, ``1. ``): :func:`claim_text` strips them; quotes and
offsets are the source's exact text.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from citadel.models import Location

AbstentionReason = Literal["no_evidence", "unsupported", "invalid_output"]

#: How many passages an abstention lists in ``closest``.
CLOSEST_LIMIT = 3


class _Out(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CitationOut(_Out):
    source_id: str
    quote: str
    start: int
    end: int
    #: where the quote is in its file: the keys of :class:`citadel.models.Location` that apply
    location: dict[str, Any] = {}


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
    location: dict[str, Any] = {}  # where the source is in its file (see CitationOut)


class ClosestOut(_Out):
    """A passage that came close to answering (see the module docstring)."""

    title: str
    doc_id: str
    chunk_id: str
    page: int | None
    relevance: float  # the best unit's reranker probability (on topic), in [0, 1]
    score: float  # the search's ranking score
    #: the best unit's answerability (what the abstention threshold is compared with by
    #: default), in [0, 1]; None when the answerability model did not read this passage
    answerability: float | None = None
    location: dict[str, Any] = {}  # where the passage is in its file (see CitationOut)


class Answer(_Out):
    question: str
    abstained: bool
    abstention_reason: AbstentionReason | None
    answer: str
    claims: list[ClaimOut]
    sources: dict[str, SourceOut]
    trace_id: str
    trace_stored: bool = True  # False: the audit log write failed (see the module docstring)
    closest: list[ClosestOut] = []  # only serialised on an abstention

    def to_json(self) -> dict[str, object]:
        data = self.model_dump()
        for source in data["sources"].values():
            source.pop("section")
        if not self.abstained:
            data.pop("closest")
        return data


_TRAILING = re.compile(r"([.!?:;]+)$")
#: Markdown heading marks and list markers a claim must not start with ("## ", "- ", "1. ", "•").
_LEADING_MARKS = re.compile(r"^(?:\s*(?:#{1,6}\s+|[-*+]\s+|•\s*|\d{1,3}[.)]\s+))+")


def claim_text(text: str) -> str:
    """``text`` without the heading marks and list markers it starts with (if any)."""
    stripped = _LEADING_MARKS.sub("", text, count=1).strip()
    return stripped or text.strip()


def with_markers(text: str, source_ids: list[str]) -> str:
    """``Refunds take five days.`` + [S1] -> ``Refunds take five days [S1].``"""
    markers = "".join(f"[{s}]" for s in dict.fromkeys(source_ids))
    return _attach(claim_text(text), markers)


def _attach(text: str, markers: str) -> str:
    text = text.strip()
    m = _TRAILING.search(text)
    if m:
        return f"{text[: m.start()].rstrip()} {markers}{m.group(1)}"
    return f"{text} {markers}"


def render_text(answer: Answer) -> str:
    """The answer for people: each claim once, one a line, with numbered footnotes [n], then each
    footnote's place and quote. A quote that is word for word a claim is not printed
    again; a quote of table rows (``Header: value; Header: value``) is shown as columns.
    An abstention lists the passages that came closest, with their scores."""
    if answer.abstained:
        return _render_abstention(answer)
    notes: dict[tuple[str, str], int] = {}
    places: dict[tuple[str, str], dict[str, Any]] = {}
    sentences = []
    for claim in answer.claims:
        refs = []
        for c in claim.citations:
            key = (c.source_id, c.quote)
            notes.setdefault(key, len(notes) + 1)
            places.setdefault(key, c.location)
            refs.append(f"[{notes[key]}]")
        sentences.append(_attach(_one_line(claim_text(claim.text)), "".join(dict.fromkeys(refs))))
    said = {_comparable(claim_text(c.text)) for c in answer.claims}
    out = [*sentences, ""]  # one claim a line: table rows and headings never run together
    for (sid, quote), n in notes.items():
        s = answer.sources[sid]
        place = _place(places.get((sid, quote)) or s.location) or (f"page {s.page}" if s.page else "")
        where = ", ".join(x for x in (_section(s), place) if x)
        out.append(f"[{n}] {s.title} ({s.doc_id}{', ' + where if where else ''}, v{s.version})")
        table = table_columns(quote)
        if table is not None:
            out.extend("    " + line for line in table)
        elif _comparable(claim_text(quote)) not in said:
            out.append(textwrap.fill(_one_line(quote), width=96, initial_indent='    "', subsequent_indent="     ") + '"')
    return "\n".join(out)


def _render_abstention(answer: Answer) -> str:
    out = [answer.answer]
    if answer.closest:
        out += ["", "Closest:"]
        for c in answer.closest:
            place = _place(c.location) or (f"page {c.page}" if c.page else "")
            page = f", {place}" if place else ""
            answers = "" if c.answerability is None else f"answerability {c.answerability:.2f}, "
            out.append(f"  {c.title} ({c.doc_id}{page}): {answers}relevance {c.relevance:.2f}, rank score {c.score:.4f}")
    return "\n".join(out)


def _place(location: dict[str, Any]) -> str:
    """A location as a person reads it ("page 3", "lines 40-52", "row 7 \u00b7 Price")."""
    try:
        return Location.model_validate(location).label() if location else ""
    except ValueError:
        return ""


def _section(source: SourceOut) -> str:
    """The section path, without a first heading that only repeats the title."""
    parts = source.section.split(" > ") if source.section else []
    if len(parts) > 1 and parts[0] == source.title:
        parts = parts[1:]
    return " > ".join(parts)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _comparable(text: str) -> str:
    return _one_line(text).rstrip(".!?:;,").casefold()


def table_columns(quote: str) -> list[str] | None:
    """Table rows as aligned lines (a header line, then one line per row), or None when
    ``quote`` is not one or more whole rows of ``Header: value; Header: value`` cells."""
    rows: list[list[tuple[str, str]]] = []
    for line in quote.strip().splitlines():
        if not line.strip():
            continue
        cells = [cell.partition(": ") for cell in line.strip().split("; ")]
        if len(cells) < 2 or any(not sep or not head.strip() for head, sep, _ in cells):
            return None
        rows.append([(head.strip(), value.strip()) for head, _, value in cells])
    if not rows:
        return None
    out: list[str] = []
    group: list[list[tuple[str, str]]] = []
    for row in rows:  # consecutive rows with the same headers share one header line
        if group and [h for h, _ in row] != [h for h, _ in group[0]]:
            out.extend(_columns(group))
            group = []
        group.append(row)
    out.extend(_columns(group))
    return out


def _columns(rows: list[list[tuple[str, str]]]) -> list[str]:
    headers = [h for h, _ in rows[0]]
    widths = [max(len(headers[i]), *(len(r[i][1]) for r in rows)) for i in range(len(headers))]
    lines = [headers, *([v for _, v in r] for r in rows)]
    return ["  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip() for line in lines]
