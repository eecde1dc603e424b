"""The data model every stage shares.

A :class:`Document` is one version of one source file (or one JSONL line). Its
normalized text is kept by the store; every :class:`Chunk` is an exact slice
``text[start:end]`` of that text, so a citation can always be shown in place.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class ChunkKind(StrEnum):
    """What structural unit a chunk holds."""

    SECTION = "section"  # several blocks of one section packed together
    PARAGRAPH = "paragraph"
    LIST = "list"
    TABLE_ROW = "table_row"  # one row, rendered with its table's header
    CODE = "code"
    HEADING = "heading"  # a heading with no body of its own
    QUOTE = "quote"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Document(_Frozen):
    """One stored version of a document (without its text)."""

    doc_id: str
    version: int = Field(ge=1)
    title: str
    source_path: str | None = None
    media_type: str
    groups: tuple[str, ...] = ()  # empty: public
    metadata: dict[str, Any] = Field(default_factory=dict)
    content_hash: str
    indexed_at: datetime

    @property
    def public(self) -> bool:
        return not self.groups


class Location(_Frozen):
    """Where a chunk is in the original file, in the terms of its medium; only the keys
    that apply are set.

    ``page`` (PDF), ``line_start``/``line_end`` (1-based lines of the original file: text,
    Markdown, reStructuredText, man pages, code), ``symbol`` (code: a qualified name such as
    ``Store.put``), ``time_start``/``time_end`` (seconds into a transcript), ``row`` (the
    1-based data row of a table) with ``columns`` (its header names), ``slide`` (a deck's
    1-based slide), ``cell`` (a notebook's 1-based cell).
    """

    page: int | None = Field(default=None, ge=1)
    line_start: int | None = Field(default=None, ge=1)
    line_end: int | None = Field(default=None, ge=1)
    symbol: str | None = None
    time_start: float | None = Field(default=None, ge=0)
    time_end: float | None = Field(default=None, ge=0)
    row: int | None = Field(default=None, ge=1)
    columns: tuple[str, ...] | None = None
    slide: int | None = Field(default=None, ge=1)
    cell: int | None = Field(default=None, ge=1)

    @classmethod
    def lines(cls, first: int, last: int | None = None) -> Location:
        return cls(line_start=first, line_end=max(first, last if last is not None else first))

    def as_dict(self) -> dict[str, Any]:
        """The keys that apply, JSON-ready (``columns`` a list)."""
        out = self.model_dump(exclude_none=True)
        if "columns" in out:
            out["columns"] = list(out["columns"])
        return out

    def replace(self, **changes: Any) -> Location:
        return self.model_copy(update=changes)

    def spanning(self, other: Location) -> Location:
        """The location of two neighbouring pieces read as one: lines and times from the
        first start to the last end; a key on one side only, or equal on both, is kept; a
        unit the two disagree on (symbol, row, slide, cell, page) keeps the first's."""
        merged: dict[str, Any] = {}
        for key in type(self).model_fields:
            a, b = getattr(self, key), getattr(other, key)
            if a is None or b is None:
                merged[key] = a if b is None else b
            elif key in ("line_start", "time_start"):
                merged[key] = min(a, b)
            elif key in ("line_end", "time_end"):
                merged[key] = max(a, b)
            else:
                merged[key] = a
        return Location(**merged)

    @staticmethod
    def joined(locations: Iterable[Location | None]) -> Location | None:
        """Neighbouring pieces' locations read as one (see :meth:`spanning`), None if none."""
        out: Location | None = None
        for loc in locations:
            if loc is not None:
                out = loc if out is None else out.spanning(loc)
        return out

    @staticmethod
    def of_span(pieces: Iterable[tuple[int, int, Location]], start: int, end: int) -> Location | None:
        """The joined location of the ``(start, end, location)`` pieces that ``[start, end)``
        overlaps; None when it overlaps none."""
        return Location.joined(loc for s, e, loc in pieces if s < end and start < e)

    def label(self) -> str:
        """How a person reads it: "page 3", "lines 40-52", "Store.put, lines 40-52",
        "00:12:05-00:12:31", "row 7 \u00b7 Price", "slide 4", "cell 3"."""
        parts: list[str] = []
        if self.page is not None:
            parts.append(f"page {self.page}")
        if self.slide is not None:
            parts.append(f"slide {self.slide}")
        if self.cell is not None:
            parts.append(f"cell {self.cell}")
        if self.symbol:
            parts.append(self.symbol)
        if self.line_start is not None:
            end = self.line_end or self.line_start
            parts.append(f"line {self.line_start}" if end == self.line_start else f"lines {self.line_start}-{end}")
        if self.time_start is not None:
            end_time = self.time_end if self.time_end is not None else self.time_start
            parts.append(f"{clock(self.time_start)}-{clock(end_time)}")
        if self.row is not None:
            row = f"row {self.row}"
            if self.columns:
                shown = ", ".join(self.columns[:3]) + (", ..." if len(self.columns) > 3 else "")
                row += f" \u00b7 {shown}"
            parts.append(row)
        return ", ".join(parts)


def clock(seconds: float) -> str:
    """``hh:mm:ss`` of a time in seconds."""
    s = int(seconds)
    return f"{s // 3600:02d}:{s % 3600 // 60:02d}:{s % 60:02d}"


class Chunk(_Frozen):
    """A retrievable slice of a document version: ``text == doc_text[start:end]``.

    ``location`` says where it is in the original file (:class:`Location`); ``page`` is
    kept beside it, as it always was, and equals ``location.page``.
    """

    chunk_id: str
    doc_id: str
    version: int
    text: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    page: int | None = None
    heading_path: tuple[str, ...] = ()
    kind: ChunkKind = ChunkKind.PARAGRAPH
    location: Location = Field(default_factory=lambda: Location())

    def model_post_init(self, context: Any) -> None:
        if self.page is not None and self.location.page is None:
            object.__setattr__(self, "location", self.location.replace(page=self.page))


class DocumentSummary(_Frozen):
    """A row of the document listing."""

    doc_id: str
    version: int
    title: str
    groups: tuple[str, ...]
    chunks: int
    media_type: str
    source_path: str | None
    indexed_at: datetime
