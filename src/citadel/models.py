"""The data model every stage shares.

A :class:`Document` is one version of one source file (or one JSONL line). Its
normalized text is kept by the store; every :class:`Chunk` is an exact slice
``text[start:end]`` of that text, so a citation can always be shown in place.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
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


class Chunk(_Frozen):
    """A retrievable slice of a document version: ``text == doc_text[start:end]``."""

    chunk_id: str
    doc_id: str
    version: int
    text: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    page: int | None = None
    heading_path: tuple[str, ...] = ()
    kind: ChunkKind = ChunkKind.PARAGRAPH


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
