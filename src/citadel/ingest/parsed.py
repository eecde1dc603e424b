"""What a loader produces: normalized text plus structural blocks with exact offsets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from citadel._errors import LimitError
from citadel.limits import limits
from citadel.models import ChunkKind, Location
from citadel.text import normalize_code


@dataclass(frozen=True)
class Block:
    """A structural unit of a document: ``text[start:end]`` of the parsed text."""

    start: int
    end: int
    kind: ChunkKind
    heading_path: tuple[str, ...]
    page: int | None = None
    location: Location | None = None  # where in the original file (lines, symbol, time, row, ...)


@dataclass(frozen=True)
class ParsedDocument:
    """A loaded document, before chunking."""

    title: str
    text: str
    blocks: tuple[Block, ...]
    media_type: str
    metadata: dict[str, Any] = field(default_factory=dict)


def row_text(header: list[str], cells: list[str]) -> str:
    """A data row with its header, empty cells left out: "Plan: Pro; Price: $12"."""
    return "; ".join(f"{h}: {c}" if h else c for h, c in zip(header, cells, strict=False) if c)


def row_location(number: int, header: list[str], cells: list[str], at: Location | None = None) -> Location:
    """Where a table's data row is (every table loader's): its 1-based number and the header
    names of its filled cells, added to ``at`` (its lines, its slide)."""
    columns = tuple(h for h, c in zip(header, cells, strict=False) if h and c) or None
    return (at or Location()).replace(row=number, columns=columns)


class TextBuilder:
    """Builds a normalized document text block by block, recording exact offsets.

    Every block is normalized on its own and joined with a blank line (or a single
    line break inside a list or table), so each block's offsets point at exactly its
    text. Prose is one line with its whitespace collapsed, as :func:`~citadel.text.normalize_text`
    leaves it; code is normalized by :func:`~citadel.text.normalize_code`, which keeps its
    indentation, alignment and inner blank lines (its lines stay the file's, one for one).

    The text may hold at most ``max_chars`` characters (default: the limit
    ``max_document_chars``): the block that passes it raises :class:`~citadel.LimitError`,
    so a loader stops as soon as a document is known to be too long.
    """

    def __init__(self, max_chars: int | None = None) -> None:
        self.max_chars = limits().max_document_chars if max_chars is None else max_chars
        self._parts: list[str] = []
        self._length = 0
        self._blocks: list[Block] = []
        self._headings: list[tuple[int, str]] = []  # (level, text)
        self.page: int | None = None

    @property
    def heading_path(self) -> tuple[str, ...]:
        return tuple(text for _, text in self._headings)

    def heading(self, level: int, text: str, at: Location | None = None) -> None:
        """Add a heading and make it the current section (``at``: where it is in the file)."""
        text = _one_line(text)
        if not text:
            return
        while self._headings and self._headings[-1][0] >= level:
            self._headings.pop()
        self._headings.append((level, text))
        self._add(text, ChunkKind.HEADING, "\n\n", at)

    def block(
        self, text: str, kind: ChunkKind = ChunkKind.PARAGRAPH, *, tight: bool = False, at: Location | None = None
    ) -> None:
        """Add a block; ``tight`` joins it to the previous one with one line break; ``at``
        says where it is in the original file."""
        text = normalize_code(text) if kind is ChunkKind.CODE else _one_line(text)
        if text:
            same_kind = bool(self._blocks) and self._blocks[-1].kind is kind
            self._add(text, kind, "\n" if tight and same_kind else "\n\n", at)

    def _add(self, text: str, kind: ChunkKind, sep: str, at: Location | None = None) -> None:
        if self._parts:
            self._parts.append(sep)
            self._length += len(sep)
        start = self._length
        self._parts.append(text)
        self._length += len(text)
        if self._length > self.max_chars:
            raise LimitError(
                f"the document text is over {self.max_chars:,} characters, the limit max_document_chars",
                "max_document_chars",
            )
        self._blocks.append(Block(start, self._length, kind, self.heading_path, self.page, at))

    def build(self, title: str, media_type: str, metadata: dict[str, Any] | None = None) -> ParsedDocument:
        text = "".join(self._parts)
        return ParsedDocument(title, text, tuple(self._blocks), media_type, metadata or {})


#: a question that heads its answer (an FAQ's entry, in any format) is at most this long
QUESTION_CHARS = 200


def heads_answer(text: str) -> bool:
    """Whether ``text`` (on one line) is a question short enough to head its answer."""
    return text.endswith("?") and len(text) <= QUESTION_CHARS


def term_glue(term: str) -> str:
    """What joins a term to its description: ": ", or a space after a term that ends as a
    sentence, a lead-in or a setting does ("search Search list ...", "Storage= Controls ...")."""
    return " " if term.endswith((".", ":", "!", "?", "=")) else ": "


def _one_line(text: str) -> str:
    return " ".join(text.split())
