"""Structure-aware chunking with exact offsets and stable, readable ids.

Rules, in order:

* a chunk never crosses a section (heading path) or a page;
* a section's blocks are packed whole, in order, while they fit ``max_chars``:
  a short section is one chunk, a longer one splits between paragraphs;
* a heading with no body of its own is carried into the next section's first chunk;
* a paragraph longer than ``max_chars`` splits at sentence boundaries (and a single
  over-long sentence at whitespace);
* each table row is a chunk of its own, its text already carrying the header, and so is
  each passage of a transcript (its times are the chunk's);
* a chunk never crosses a notebook cell.

A chunk's :class:`~citadel.models.Location` joins its blocks' (lines from the first to
the last, the body's symbol, row, slide or cell, the page); a piece of a code block split
for length gets its own lines.

Every chunk's text is ``doc.text[start:end]``. A chunk id is
``{doc_id}#{section-slug}/{n}``: the slug of the section's deepest heading (or
``p{page}`` / ``text`` where there is none) and the chunk's 1-based position in that
section, so the same content in the same place keeps its id across re-ingests.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from citadel.ingest.parsed import Block, ParsedDocument
from citadel.models import Chunk, ChunkKind, Location
from citadel.text import sentence_spans


#: (start, end, kind, the block naming its section, location) of one chunk
_Piece = tuple[int, int, ChunkKind, Block, Location]


@dataclass(frozen=True)
class ChunkSettings:
    max_chars: int = 900


def chunk_document(
    doc: ParsedDocument, doc_id: str, version: int, settings: ChunkSettings = ChunkSettings()
) -> list[Chunk]:
    pieces: list[_Piece] = []
    for group in _carry_lone_headings(_sections(doc.blocks)):
        pieces.extend(_pack(doc.text, group, settings.max_chars))
    ids = _ChunkIds(doc_id)
    return [
        Chunk(
            chunk_id=ids.next(block),
            doc_id=doc_id,
            version=version,
            text=doc.text[start:end],
            start=start,
            end=end,
            page=block.page,
            heading_path=block.heading_path,
            kind=kind,
            location=location,
        )
        for start, end, kind, block, location in pieces
    ]


def _location(blocks: list[Block]) -> Location:
    """The location of blocks read as one chunk: the body's units, every block's lines."""
    body = [b for b in blocks if b.kind is not ChunkKind.HEADING] or blocks
    loc = Location.joined(b.location for b in body) or Location()
    for b in blocks:
        if b.kind is ChunkKind.HEADING and b.location is not None and b.location.line_start is not None:
            loc = loc.spanning(Location(line_start=b.location.line_start, line_end=b.location.line_end))
    page = blocks[0].page
    return loc.replace(page=page) if page is not None else loc


def _piece_location(text: str, block: Block, start: int, end: int) -> Location:
    """A piece of one long block: a code block's lines are its own (code keeps its line
    breaks); prose keeps the block's lines, which hold it."""
    loc = _location([block])
    if block.kind is ChunkKind.CODE and loc.line_start is not None:
        first = loc.line_start + text.count("\n", block.start, start)
        return loc.replace(line_start=first, line_end=first + text.count("\n", start, end))
    return loc


def _sections(blocks: tuple[Block, ...]) -> list[list[Block]]:
    groups: list[list[Block]] = []
    for block in blocks:
        key = _section_key(block)
        if groups and _section_key(groups[-1][-1]) == key:
            groups[-1].append(block)
        else:
            groups.append([block])
    return groups


def _section_key(block: Block) -> tuple[object, ...]:
    cell = block.location.cell if block.location is not None else None
    return block.heading_path, block.page, cell


def _carry_lone_headings(groups: list[list[Block]]) -> list[list[Block]]:
    """A group of headings only is merged into the following group on the same page."""
    out: list[list[Block]] = []
    carry: list[Block] = []
    for group in groups:
        if carry and carry[-1].page != group[0].page:
            out.append(carry)
            carry = []
        group = carry + group
        carry = []
        if all(b.kind is ChunkKind.HEADING for b in group):
            carry = group
        else:
            out.append(group)
    if carry:
        out.append(carry)
    return out


def _pack(text: str, group: list[Block], max_chars: int) -> list[_Piece]:
    """Pack one section's blocks into chunks; the Block of a piece gives page and path."""
    out: list[_Piece] = []
    pack: list[Block] = []
    anchor = group[-1]  # the deepest heading path of the group names its chunks

    def flush() -> None:
        if pack:
            out.append((pack[0].start, pack[-1].end, _pack_kind(pack), anchor, _location(pack)))
            pack.clear()

    for block in group:
        if block.kind is ChunkKind.TABLE_ROW or _timed(block):
            flush()
            out.append((block.start, block.end, block.kind, anchor, _location([block])))
        elif block.end - block.start > max_chars:
            flush()
            for s, e in _split_long(text, block.start, block.end, max_chars):
                out.append((s, e, block.kind, anchor, _piece_location(text, block, s, e)))
        elif pack and block.end - pack[0].start > max_chars:
            flush()
            pack.append(block)
        else:
            pack.append(block)
    flush()
    return out


def _timed(block: Block) -> bool:
    """A transcript passage: a unit of its own, so its times are its chunk's."""
    return block.location is not None and block.location.time_start is not None


def _pack_kind(pack: list[Block]) -> ChunkKind:
    """One block keeps its kind; items of one list are a list; anything more is a section."""
    body = [b.kind for b in pack if b.kind is not ChunkKind.HEADING]
    if not body:
        return ChunkKind.HEADING
    if len(body) == 1 or set(body) == {ChunkKind.LIST}:
        return body[0]
    return ChunkKind.SECTION


def _split_long(text: str, start: int, end: int, max_chars: int) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for s, e in sentence_spans(text, start, end):
        if e - s > max_chars:
            spans.extend(_split_words(text, s, e, max_chars))
        elif spans and e - spans[-1][0] <= max_chars:
            spans[-1] = (spans[-1][0], e)
        else:
            spans.append((s, e))
    return spans


def _split_words(text: str, start: int, end: int, max_chars: int) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    s = start
    while end - s > max_chars:
        cut = text.rfind(" ", s, s + max_chars)
        cut = cut if cut > s else s + max_chars
        spans.append((s, cut))
        s = cut + 1 if text[cut : cut + 1] == " " else cut
    spans.append((s, end))
    return spans


class _ChunkIds:
    def __init__(self, doc_id: str) -> None:
        self.doc_id = doc_id
        self.slugs: dict[tuple[tuple[str, ...], int | None], str] = {}
        self.counts: dict[str, int] = {}

    def next(self, block: Block) -> str:
        key = (block.heading_path, block.page if not block.heading_path else None)
        slug = self.slugs.get(key)
        if slug is None:
            base = _slug(block.heading_path[-1]) if block.heading_path else None
            base = base or (f"p{block.page}" if block.page else "text")
            slug, n = base, 2
            while slug in self.counts:
                slug, n = f"{base}-{n}", n + 1
            self.slugs[key] = slug
            self.counts[slug] = 0
        self.counts[slug] += 1
        return f"{self.doc_id}#{slug}/{self.counts[slug]}"


def _slug(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:60].rstrip("-")
