"""Structure-aware chunking with exact offsets and stable, readable ids.

Rules, in order:

* a chunk never crosses a section (heading path) or a page;
* a section's blocks are packed whole, in order, while they fit ``max_chars``:
  a short section is one chunk, a longer one splits between paragraphs;
* a heading with no body of its own is carried into the next section's first chunk;
* a paragraph longer than ``max_chars`` splits at sentence boundaries (and a single
  over-long sentence at whitespace);
* each table row is a chunk of its own, its text already carrying the header.

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
from citadel.models import Chunk, ChunkKind
from citadel.text import sentence_spans


@dataclass(frozen=True)
class ChunkSettings:
    max_chars: int = 900


def chunk_document(
    doc: ParsedDocument, doc_id: str, version: int, settings: ChunkSettings = ChunkSettings()
) -> list[Chunk]:
    pieces: list[tuple[int, int, ChunkKind, Block]] = []
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
        )
        for start, end, kind, block in pieces
    ]


def _sections(blocks: tuple[Block, ...]) -> list[list[Block]]:
    groups: list[list[Block]] = []
    for block in blocks:
        key = (block.heading_path, block.page)
        if groups and (groups[-1][-1].heading_path, groups[-1][-1].page) == key:
            groups[-1].append(block)
        else:
            groups.append([block])
    return groups


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


def _pack(text: str, group: list[Block], max_chars: int) -> list[tuple[int, int, ChunkKind, Block]]:
    """Pack one section's blocks into chunks; the Block of a piece gives page and path."""
    out: list[tuple[int, int, ChunkKind, Block]] = []
    pack: list[Block] = []
    anchor = group[-1]  # the deepest heading path of the group names its chunks

    def flush() -> None:
        if pack:
            out.append((pack[0].start, pack[-1].end, _pack_kind(pack), anchor))
            pack.clear()

    for block in group:
        if block.kind is ChunkKind.TABLE_ROW:
            flush()
            out.append((block.start, block.end, block.kind, anchor))
        elif block.end - block.start > max_chars:
            flush()
            for s, e in _split_long(text, block.start, block.end, max_chars):
                out.append((s, e, block.kind, anchor))
        elif pack and block.end - pack[0].start > max_chars:
            flush()
            pack.append(block)
        else:
            pack.append(block)
    flush()
    return out


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
