"""Loaders: one function per format, each turning a file's bytes into a ParsedDocument.

A loader raises :class:`~citadel.IngestError` with a message a person can act on
when a file cannot be read, or :class:`~citadel.LimitError` naming the limit of
:mod:`citadel.limits` that the file is over; it never returns a half-parsed document
and never lets another exception out (whatever a parsing library raises on hostile
bytes, RecursionError and MemoryError included, becomes an IngestError).

Bounds, all from :func:`citadel.limits.limits`:

* ``max_file_bytes``: the file's size, checked before anything is parsed;
* ``max_document_chars``: the loaded text. A text source (Markdown, plain text, HTML)
  over ``SOURCE_ALLOWANCE`` times that many characters is refused before parsing,
  and the text builder stops a document the moment its text passes the limit, so an
  oversized file is refused in about the time it takes to read the limit's worth;
* ``max_nesting_depth``: HTML is refused when its tags open more than this many
  elements inside each other (a linear scan before the HTML parser, whose own work
  grows with the square of the depth); below a walked depth of this many, an element's
  text is taken flat, in document order, so no walk can exhaust the stack;
* ``max_front_matter_chars``: Markdown's YAML front matter, read by a SafeLoader
  that refuses anchors and aliases (the "billion laughs" of YAML);
* ``max_decompressed_bytes`` and ``max_compression_ratio``: a DOCX's zip members are
  checked before python-docx opens them (see :func:`check_docx_archive`);
* a gzip file inflates at most ``max_file_bytes`` (:func:`gunzip` stops there).

Files without a known suffix are read as plain text when their first bytes look like text
(:func:`looks_like_text`), or as man pages (:mod:`citadel.ingest.man`) when their name and
first lines say so; ``.gz`` files by their inner name (:func:`load_gzip`).
"""

from __future__ import annotations

import bisect
import functools
import io
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from citadel._errors import CitadelError, IngestError, LimitError
from citadel.ingest.parsed import ParsedDocument, TextBuilder, row_location
from citadel.ingest.pdf_text import LineMark, OutlineItem, read_pdf
from citadel.limits import check_size, limits, too_large
from citadel.models import ChunkKind, Location
from citadel.text import normalize_text

MARKDOWN = "text/markdown"
PLAIN = "text/plain"
HTML = "text/html"
PDF = "application/pdf"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"

Loader = Callable[[bytes, str], ParsedDocument]

#: A text source may be this many times ``max_document_chars`` long (markup, spaces)
#: before it is refused without parsing; HTML carries more markup than Markdown.
SOURCE_ALLOWANCE = 2
HTML_SOURCE_ALLOWANCE = 10


def _guarded(kind: str) -> Callable[[Loader], Loader]:
    """Make a loader refuse an oversized file first and raise only IngestError or LimitError."""

    def wrap(load: Loader) -> Loader:
        @functools.wraps(load)
        def guarded(data: bytes, name: str) -> ParsedDocument:
            check_size("the file", len(data), "max_file_bytes")
            try:
                doc = load(data, name)
            except CitadelError:
                raise
            except RecursionError as exc:
                raise IngestError(f"the {kind} is nested too deeply to read") from exc
            except MemoryError as exc:
                raise IngestError(
                    f"the {kind} needs more memory to read than is available"
                ) from exc
            except Exception as exc:
                raise IngestError(
                    f"could not read the {kind} ({describe(exc)}); the file may be corrupt"
                ) from exc
            check_size("the document text", len(doc.text), "max_document_chars", "characters")
            return doc

        return guarded

    return wrap


def describe(exc: BaseException) -> str:
    """An exception as one short line: its type and the start of its message."""
    text = " ".join(str(exc).split())
    text = text if len(text) <= 200 else text[:199] + "…"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _check_source_chars(text: str, kind: str, allowance: int = SOURCE_ALLOWANCE) -> None:
    """Refuse a source too long to hold a document under the limit, before parsing it."""
    bound = limits().max_document_chars
    if len(text) > allowance * bound:
        raise LimitError(
            f"the {kind} is {len(text):,} characters; its text would be over the limit "
            f"max_document_chars = {bound:,} characters (a source may be {allowance} times that, for markup)",
            "max_document_chars",
        )


def decode_text(data: bytes) -> str:
    """Decode a text file strictly: UTF-8 (BOM allowed) or BOM-marked UTF-16."""
    if not data.strip():
        raise IngestError("the file is empty")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise IngestError(f"invalid UTF-16 text at byte {exc.start}") from exc
    if b"\x00" in data[:8192]:
        raise IngestError("the file holds binary data, not text (check its type or extension)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise IngestError(
            f"not valid UTF-8 text (bad byte at offset {exc.start}); re-save the file as UTF-8"
        ) from exc


def _title_from_name(name: str) -> str:
    stem = Path(name).stem.replace("_", " ").replace("-", " ").strip()
    return stem[:1].upper() + stem[1:] if stem else name


#: file names that say what kind of file it is, not whose: a README or copyright file of a
#: package or project (``/usr/share/doc/less/copyright``) is named by its folder
CONVENTIONAL_NAMES = frozenset(
    "readme news changes changelog history install todo authors thanks contributing copying license licence "
    "copyright notice faq bugs usage index".split()
)


#: first headings that name a section, not the document ("Introduction" atop httplib2's README)
SECTION_TITLES = frozenset(
    "introduction overview about description installation install usage summary synopsis contents readme".split()
)


def title_with_folder(title: str, doc_id: str, name: str) -> str:
    """The title of a file with a conventional name (:data:`CONVENTIONAL_NAMES`) whose
    title is only that name, or a section's ("Introduction"): its folder's name and the
    file's ("less copyright" for ``less/copyright``, "e2fsprogs README"): the file says
    nothing better, and the folder is what says whose file it is. Any other title is
    returned as it is."""
    inner = name[:-3] if name.lower().endswith(".gz") else name
    root = inner.split(".")[0].lower()
    parts = [p for p in doc_id.replace("\\", "/").split("/") if p]
    named = {t.lower() for t in (name, inner, _title_from_name(name), _title_from_name(inner))}
    if root not in CONVENTIONAL_NAMES or len(parts) < 2:
        return title
    if title.lower() in named:
        return f"{parts[-2]} {title}"
    if " ".join(title.lower().split()) in SECTION_TITLES:
        return f"{parts[-2]} {_title_from_name(inner)}"
    return title


def _require_text(doc: ParsedDocument, what: str = "no text found in the file") -> ParsedDocument:
    if not doc.text.strip():
        raise IngestError(what)
    return doc


# --- plain text -------------------------------------------------------------------------


#: a line that ends inside a word broken by a hyphen ("... rela-", "--dis-"), and the word
#: part that opens the next line ("tive to the first", "able-cache-owner")
_BROKEN_END = re.compile(r"(?<![^\W\d_])([^\W\d_]+)-$")
_BROKEN_START = re.compile(r"(?P<word>[a-z][^\W\d_]*)\S*")
#: words after a suspended hyphen ("pre- and post-processing"): no broken word
_SUSPENDED = frozenset({"and", "or", "nor", "to", "as"})
_HYPHENATED = re.compile(r"(?<![^\W\d_])[^\W\d_]+(?:-[^\W\d_]+)+")  # from a word's start: one pass


def hyphenated_words(text: str) -> frozenset[str]:
    """The hyphenated words ``text`` writes whole on one line ("command-line"), lower-cased."""
    return frozenset(m.group(0).lower() for m in _HYPHENATED.finditer(text))


def join_broken_words(lines: list[str], hyphenated: frozenset[str] = frozenset()) -> list[str]:
    """``lines`` (one paragraph's) with each word that justified text broke at a line end
    ("rela-" / "tive", "--dis-" / "able-cache-owner", as ``nroff`` and PDF layout do) whole
    on the first line: without the hyphen, unless the document writes the hyphenated form
    elsewhere (``hyphenated``: "command-" / "line" is "command-line") or the next word
    shows a suspended hyphen ("pre-" / "and post-processing"). Line count and order stay,
    and no line is left empty unless it held nothing but the word's start."""
    out = list(lines)
    for k in range(len(out) - 1):
        if not out[k].endswith("-"):
            continue
        end = _BROKEN_END.search(out[k])
        start = _BROKEN_START.match(out[k + 1])
        if end is None or start is None or start["word"] in _SUSPENDED:
            continue
        head, word = end.group(1), start["word"]
        whole = head + ("-" if f"{head}-{word}".lower() in hyphenated else "") + start.group(0)
        rest = out[k + 1][start.end() :].lstrip()
        if rest:  # the word goes up to the line it starts on
            out[k], out[k + 1] = out[k][: end.start()] + whole, rest
        else:  # or down, where it would leave that line empty: each line keeps some text
            out[k], out[k + 1] = out[k][: end.start()].rstrip(), whole
    return out


def add_plain_paragraphs(
    builder: TextBuilder, text: str, first_line: int | None = None, hyphenated: frozenset[str] | None = None
) -> None:
    """Add text split at blank lines; list-looking lines become list items; a word broken
    at a line end is whole again (:func:`join_broken_words`; ``hyphenated``: the document's
    hyphenated words, else those of ``text``).

    With ``first_line`` (the file line ``text`` starts on) each block records the lines of
    ``text`` it came from, so ``text`` must be the file's own text, not yet normalized.
    """
    hyphenated = hyphenated_words(text) if hyphenated is None else hyphenated
    if first_line is None:
        for para in re.split(r"\n\s*\n", normalize_text(text)):
            _add_paragraph(builder, join_broken_words(para.split("\n"), hyphenated), None)
        return
    run: list[str] = []
    raw: list[str] = []
    start = first_line
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, start=first_line):
        if line.strip() and normalize_text(line):
            if not run:
                start = number
            run.append(normalize_text(line))
            raw.append(line)
        elif run:
            run = join_broken_words(run, hyphenated)
            for lo, hi in _option_entries(raw):
                _add_paragraph(builder, run[lo:hi], start + lo)
            run, raw = [], []
    run = join_broken_words(run, hyphenated)
    for lo, hi in _option_entries(raw) if run else ():
        _add_paragraph(builder, run[lo:hi], start + lo)


#: a line that opens with a command-line option ("--in-place, -i   Edit files in place", or
#: "--   terminates argument processing")
_OPTION_START = re.compile(r"-{1,2}[A-Za-z0-9?]|--(?:\s|$)")


def _entry_shaped(line: str, described_below: bool) -> bool:
    """An option entry's first line: its description set off by two spaces or more, or below
    it (indented deeper), or none (the option's names only: "--yaml-output, -y")."""
    return described_below or re.search(r"\S(?: {2,}|\t)\S", line) is not None or re.search(r"[^,] ", line) is None


def _option_entries(lines: list[str]) -> list[tuple[int, int]]:
    """The parts of a paragraph's (raw) lines that are one option's entry each, as (first,
    after last) line: a program's --help as a text file lists its options with no blank line
    between them ("  -h, --help    show this help", "  --in-place, -i", then the description
    indented deeper), and joined into one paragraph they would be one run-on unit. A paragraph
    is read so when two lines or more open with an option at one indentation, each shaped as
    an entry (:func:`_entry_shaped`), and no other line stands at it after the first of them
    (a hard-wrapped sentence that happens to start a line with "--force" is none); the lines before the
    first option are a part of their own (its lead-in, "optional arguments:"). Otherwise the
    paragraph is one part."""
    whole = [(0, len(lines))]
    indents = [len(ln) - len(ln.lstrip(" \t")) for ln in lines]
    opens = [k for k, ln in enumerate(lines) if indents[k] > 0 and _OPTION_START.match(ln.lstrip(" \t"))]
    if len(opens) < 2:
        return whole
    at = indents[opens[0]]
    starts = [k for k in opens if indents[k] == at]
    opening = set(starts)
    if len(starts) < 2 or any(indents[k] <= at and k not in opening for k in range(starts[0], len(lines))):
        return whole
    if not all(_entry_shaped(lines[k].strip(), k + 1 < len(lines) and indents[k + 1] > at) for k in starts):
        return whole
    bounds = ([0] if starts[0] > 0 else []) + starts
    return list(zip(bounds, [*bounds[1:], len(lines)], strict=True))


def _add_paragraph(builder: TextBuilder, lines: list[str], first_line: int | None) -> None:
    """One paragraph's (normalized) lines: a list of items, a table, or one block. An item
    runs on over the lines after its marker up to the next marker ("* znew now keeps the old
    .Z if it is smaller than the .z" / "file."); a list that opens with an item, or has two
    items or more, is a list, the lines before its first item a block of their own (its
    lead-in). A table drawn in text (:func:`_text_table`) is a row per block, each with its
    header ("uid: 64001; name: mysql; description: mysql-server"), the lines around it blocks
    of their own: joined into one line, "64001 | mysql | mysql-server" would be one cell of a
    run-on paragraph."""
    lines = [ln for ln in lines if ln.strip()]
    at = 0  # tables one after another, each found from where the last one ended: one pass
    while (table := _text_table(lines, at)) is not None:
        lo, hi, header, rows = table
        if lo > at:
            _add_prose(builder, lines[at:lo], first_line + at if first_line is not None else None)
        for k, (n, cells) in enumerate(rows):
            where = Location.lines(first_line + n, first_line + n) if first_line is not None else None
            builder.block(_row_text(header, cells), ChunkKind.TABLE_ROW, tight=k > 0,
                          at=row_location(k + 1, header, cells, where))
        at = hi
    if at < len(lines):
        _add_prose(builder, lines[at:], first_line + at if first_line is not None else None)


def _add_prose(builder: TextBuilder, lines: list[str], first_line: int | None) -> None:
    """Lines of a paragraph with no table in them: a list of items, or one block."""
    starts = [k for k, ln in enumerate(lines) if _LIST_ITEM.match(ln)]
    if starts and (starts[0] == 0 or len(starts) >= 2):
        items = set(starts)
        for lo, hi in zip([0, *starts], [*starts, len(lines)], strict=True):
            if hi > lo:
                at = Location.lines(first_line + lo, first_line + hi - 1) if first_line is not None else None
                kind = ChunkKind.LIST if lo in items else ChunkKind.PARAGRAPH
                builder.block(normalize_text("\n".join(lines[lo:hi])), kind, tight=kind is ChunkKind.LIST, at=at)
    elif lines:
        at = Location.lines(first_line, first_line + len(lines) - 1) if first_line is not None else None
        builder.block(normalize_text("\n".join(lines)), at=at)


_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+\S")
#: the rule under a text table's header, or around its rows: "------+-------+----",
#: "|---|:---:|", "+=====+=====+"
_TABLE_RULE = re.compile(r"^\s*[|+]?\s*:?[-=]{2,}:?\s*(?:[|+]\s*:?[-=]{2,}:?\s*)+[|+]?\s*$")


def _cells(line: str) -> list[str] | None:
    """A text table line's cells ("64001 | mysql | mysql-server", "| a | b |"); None when it
    has fewer than two."""
    if "|" not in line:
        return None
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    return cells if len(cells) >= 2 else None


def _text_table(lines: list[str], start: int = 0) -> tuple[int, int, list[str], list[tuple[int, list[str]]]] | None:
    """The first table drawn in ``lines`` from line ``start``: (its first line, the line after
    it, its header's cells, (line, cells) of each data row). A table has a rule line
    ("---+---") under its header (or above it, in a grid: "+---+", "| a | b |", "+===+"); its
    rows are the lines below with as many cells, rules between them skipped. Lines with pipes
    and no rule (a shell pipeline) are no table. None when there is none. Each line is read a
    bounded number of times: a rule without rows under it resumes the search below them."""
    r = start
    while r < len(lines):
        if _TABLE_RULE.match(lines[r]) is None:
            r += 1
            continue
        top, header = r, _cells(lines[r - 1]) if r > start else None
        if header is not None:
            top = r - 1
        elif r + 2 < len(lines) and _TABLE_RULE.match(lines[r + 2]) is not None:
            header = _cells(lines[r + 1])  # a grid: the header between two rules
            r = r + 2 if header is not None else r
        width = len(header) if header is not None else None
        rows: list[tuple[int, list[str]]] = []
        n = r + 1
        while n < len(lines):
            if _TABLE_RULE.match(lines[n]) is None:
                cells = _cells(lines[n])
                if cells is None or (width is not None and len(cells) != width):
                    break
                width = len(cells)
                rows.append((n, cells))
            n += 1
        if rows:
            return top, n, header or [], rows
        r = max(n, r + 1)
    return None


#: a terminal's control sequence (ANSI CSI: "\x1b[1m" bold, "\x1b[4m" underline, "\x1b[0m" reset)
_CSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")
#: a character struck over another with a backspace, as nroff and grotty set bold ("m\bm"),
#: underline ("_\bm") and the bullet ("+\bo")
_OVERSTRIKE = re.compile(r"([^\n\x08])\x08([^\n\x08])")


def _struck(m: re.Match[str]) -> str:
    under, over = m.group(1), m.group(2)
    if {under, over} == {"+", "o"}:
        return "\u2022"
    return under if over == "_" else over


def plain_terminal_text(text: str) -> str:
    r"""``text`` without the formatting a terminal renders: a manual saved from ``man`` or
    ``nroff`` without ``col -b`` ("\x1b[1mman-db\x1b[0m", "_\bi_\bt_\ba_\bl_\bi_\bc") reads as
    its words, each struck character as the one that shows, a struck bullet as "•". Lines stay
    lines."""
    if "\x1b" not in text and "\x08" not in text:
        return text
    text = _CSI.sub("", text)
    for _ in range(4):  # "|\b_b\b_": chains of strikes, a bounded number of passes
        struck = _OVERSTRIKE.sub(_struck, text)
        if struck == text:
            break
        text = struck
    return text.replace("\x08", "").replace("\x1b", "")


@_guarded("text file")
def load_text(data: bytes, name: str) -> ParsedDocument:
    raw = decode_text(data)
    _check_source_chars(raw, "text file")  # before any work on it: a terminal's formatting is markup
    raw = plain_terminal_text(raw)
    from citadel.ingest.man_text import load_rendered_man, looks_like_rendered_man

    if looks_like_rendered_man(raw):  # `man ls > ls.txt`: its sections, not its layout
        return load_rendered_man(raw, name)
    from citadel.ingest.debian_copyright import load_dep5, looks_like_dep5

    if looks_like_dep5(raw):  # /usr/share/doc/PACKAGE/copyright: whose files, which licence
        return load_dep5(raw, name)
    from citadel.ingest.info import load_info, looks_like_info

    if looks_like_info(raw):  # a GNU Info manual: its nodes, without menus, index and tag table
        return load_info(raw, name)
    from citadel.ingest.text_outline import (changelog_title, contents_lines, faq_questions, heading_lines,
                                             headings, is_changelog_entry, mode_line_title)

    text = normalize_text(raw)
    first, _, rest = _past_header_fields(text).partition("\n")
    first = mode_line_title(first)  # "GNU gzip NEWS   -*- outline -*-"
    title = _title_from_name(name)
    raw_first = raw.lstrip("\ufeff\n").partition("\n")[0]  # a GNU ChangeLog's two spaces are in the raw line
    if is_changelog_entry(first) or is_changelog_entry(raw_first):  # no title: "grep changelog", or the name
        title = changelog_title(first) or title
    elif (rest.strip() and 0 < len(first) <= 100 and not first.rstrip().endswith((".", ":", ","))
          and not rest.lstrip(" \t")[:1].islower() and not _ends_mid_phrase(first)):
        title = first.strip()  # a hard-wrapped sentence's first line is no title
    builder = TextBuilder()
    lines = raw.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    heads = headings(lines)
    questions = faq_questions(lines, heads)  # an FAQ's questions head their answers
    heads.update(questions)
    if next((k for k, line in enumerate(lines) if line.strip()), None) in questions:
        title = _title_from_name(name)  # its first question is no title ("procps FAQ", named by its folder)
    for n in contents_lines(lines, heads):  # a table of contents restates the headings: no text
        lines[n] = ""
        heads.pop(n, None)
    in_heads = heading_lines(heads)
    for n, line in enumerate(lines):  # a rule between entries ("-----...") ends a paragraph, it is no text of it
        if n not in in_heads and _RULE_LINE.match(line):
            lines[n] = ""
    hyphenated = hyphenated_words(raw)
    start = 0  # the text between headings, paragraph by paragraph, with its file lines
    for n in sorted(heads):
        if n > start:
            add_plain_paragraphs(builder, "\n".join(lines[start:n]), first_line=start + 1, hyphenated=hyphenated)
        level, heading, span = heads[n]
        if level > 0:  # 0: an outline's mode line, the title's
            builder.heading(level, heading, at=Location.lines(n + 1, n + span))
        start = n + span
    if start < len(lines):
        add_plain_paragraphs(builder, "\n".join(lines[start:]), first_line=start + 1, hyphenated=hyphenated)
    return _require_text(builder.build(title, PLAIN))


#: a line that is a rule: one character repeated, ten times or more
_RULE_LINE = re.compile(r"^\s*([-=_*~#+.])\1{9,}\s*$")
#: a header field as a Usenet FAQ or a mail opens with: "Archive-Name: editor-faq/sed"
_HEADER_FIELD = re.compile(r"^[A-Z][A-Za-z]*(?:-[A-Za-z]+)*:[ \t]+\S")


def _past_header_fields(text: str) -> str:
    """``text`` from its first line after the header fields it opens with, when it opens with
    two or more ("Archive-Name: editor-faq/sed", "Posting-Frequency: irregular", ...): the
    fields say where the file was posted, not what it is called ("THE SED FAQ" below them);
    and past a first line that is a marker in brackets ("<DRAFT!>" over "HOWTO keys")."""
    lines = text.lstrip("\n").split("\n")
    n = 0
    while n < len(lines) and _HEADER_FIELD.match(lines[n]):
        n += 1
    if n < 2:
        n = 0
    if n < len(lines) and _MARKER_LINE.fullmatch(lines[n].strip()):
        n += 1
    return text if n == 0 else "\n".join(lines[n:]).lstrip("\n")


#: a line that is a marker in brackets: "<DRAFT!>", "[DRAFT]", "(draft)"
_MARKER_LINE = re.compile(r"<[^<>\s]{1,20}>|\[[^\[\]\s]{1,20}\]|\([^()\s]{1,20}\)")


#: words a line ends on only when its sentence goes on in the next: "This package was
#: debianized by Colin Walters <walters@debian.org> on" / "Thu, 20 Jun 2002 ..."
_MID_PHRASE = frozenset("a an the and or nor of on by to for in into with at from as than via".split())


def _ends_mid_phrase(line: str) -> bool:
    """Whether ``line`` stops on an article, a conjunction or a preposition: it is no title."""
    words = line.split()
    return bool(words) and words[-1] in _MID_PHRASE


# --- Markdown ---------------------------------------------------------------------------

_FRONT_MATTER_OPEN = re.compile(r"---[ \t]*\n")
_FRONT_MATTER_CLOSE = re.compile(r"\n(?:---|\.\.\.)[ \t]*(?:\n|\Z)")


class _FrontMatterLoader(yaml.SafeLoader):
    """yaml's SafeLoader, refusing anchors and aliases: front matter is a flat record,
    and an alias can make a few hundred bytes expand to gigabytes (or minutes)."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise IngestError(
                "YAML aliases are not allowed in front matter (found *" + str(event.anchor) + ")"
            )
        if getattr(event, "anchor", None) is not None:
            raise IngestError(
                "YAML anchors and aliases are not allowed in front matter (found &"
                + str(event.anchor)
                + ")"
            )
        return super().compose_node(parent, index)


def _front_matter(text: str) -> tuple[dict[str, Any], str]:
    """``(metadata, body)``: a YAML block between ``---`` lines at the very start."""
    opening = _FRONT_MATTER_OPEN.match(text)
    if not opening:
        return {}, text
    closing = _FRONT_MATTER_CLOSE.search(text, opening.end())
    if not closing:
        return {}, text
    block = text[opening.end() : closing.start()]
    check_size("the YAML front matter", len(block), "max_front_matter_chars", "characters")
    try:
        meta = yaml.load(block, Loader=_FrontMatterLoader) or {}
    except yaml.YAMLError as exc:
        raise IngestError(f"invalid YAML front matter: {exc}") from exc
    except RecursionError as exc:
        raise IngestError("the YAML front matter is nested too deeply") from exc
    except ValueError as exc:  # e.g. an integer too long to convert
        raise IngestError(f"invalid YAML front matter: {describe(exc)}") from exc
    if not isinstance(meta, dict):
        raise IngestError("front matter must be a YAML mapping of keys to values")
    return {str(k): v for k, v in meta.items()}, text[closing.end() :]


def _inline(token: Any, links: bool = False) -> str:
    """The text of an inline token: markup left out, an image as its alt text. With
    ``links`` (prose: paragraphs and list items), an external link keeps where it points
    after its text ("offline documentation (https://...)"): "where can I find ...?" is
    answered by the address; a link whose text is its address, a link around an image only
    (a badge) and a link inside the document stay their text."""
    parts: list[str] = []
    opened: list[tuple[str, int, bool]] = []  # (target, where its text starts, has text)
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            content = child.content
            if child.type == "code_inline" and parts and (role := _MYST_ROLE_END.search(parts[-1])) is not None:
                # a MyST role keeps its text: "{kbd}`Ctrl+C`" reads "Ctrl+C", "{doc}`Setup <setup>`" "Setup"
                parts[-1] = parts[-1][: role.start()]
                content = _MYST_TARGET.sub(r"\1", content)
            parts.append(content)
            if opened and content.strip():
                opened[-1] = (opened[-1][0], opened[-1][1], True)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif child.type == "image":
            parts.append(_inline(child) or child.attrs.get("alt", ""))
        elif child.type == "link_open" and links:
            opened.append((_external_target(str(child.attrs.get("href") or "")), len(parts), False))
        elif child.type == "link_close" and opened:
            target, begin, has_text = opened.pop()
            label = "".join(parts[begin:]).strip()
            if target and has_text and label and label not in (target, str(target).removeprefix("mailto:")):
                parts.append(f" ({target.removeprefix('mailto:')})")
    return "".join(parts)


def _external_target(href: str) -> str:
    """A link's target when it leaves the document set (a web or mail address), else ""."""
    href = href.strip()
    return href if re.match(r"(?:https?://|mailto:)[^\s()]+$", href, re.IGNORECASE) else ""


_MYST_ROLE = re.compile(r"\{[a-z][\w:.+-]*\}(?=\S)")
#: a MyST role right before the inline code it applies to (other text in braces is text:
#: "`{prefix}/node_modules`", "{prefix}/lib")
_MYST_ROLE_END = re.compile(r"\{[a-z][\w:.+-]*\}$")
_MYST_TARGET = re.compile(r"(\w[^<>]*?)\s+<[^<>\s]+>")
_MYST_DIRECTIVE = re.compile(r"^\{([a-zA-Z][\w:.+-]*)\}\s*(.*)$")
#: MyST directives whose body is code, not prose
_CODE_DIRECTIVES = {"code", "code-block", "code-cell", "sourcecode", "literalinclude", "math", "mermaid"}
#: how a directive's name reads before its body ("{versionadded} 3.2" -> "Added in version 3.2")
_DIRECTIVE_LEADS = {
    "versionadded": "Added in version", "versionchanged": "Changed in version",
    "deprecated": "Deprecated since version", "versionremoved": "Removed in version",
    "seealso": "See also", "tab-item": "Tab", "tab": "Tab", "dropdown": "", "admonition": "",
}


def _add_directive(builder: TextBuilder, name: str, argument: str, body: str, at: Location | None = None) -> None:
    """A MyST directive (a fence named ``{name}``): its name, argument and body kept as
    text ("Added in version 3.2: The timeout option."), options (``:key: value`` lines)
    dropped; a code directive stays code."""
    lines = body.split("\n")
    while lines and re.match(r"^:[\w-]+:", lines[0].strip()):
        lines.pop(0)
    content = "\n".join(lines).strip()
    if name.lower() in _CODE_DIRECTIVES:
        if content:
            builder.block(content, ChunkKind.CODE, at=at)
        return
    lead = _DIRECTIVE_LEADS.get(name.lower(), name.replace("-", " ").capitalize())
    head = " ".join(p for p in (lead, argument.strip()) if p)
    paragraphs = [p for p in re.split(r"\n\s*\n", content) if p.strip()] or [""]
    first = f"{head}: {paragraphs[0]}" if head and paragraphs[0] else head or paragraphs[0]
    for k, para in enumerate([first, *paragraphs[1:]]):
        if para.strip():
            plain = re.sub(r"`([^`]+)`", r"\1", _MYST_ROLE.sub("", para))  # inline code as its text
            builder.block(_MYST_TARGET.sub(r"\1", plain), tight=k > 0, at=at)


_YAML_COMMENT = re.compile(r"^\s*<!--\s*YAML\s*\n(.*?)-->\s*$", re.DOTALL)


def _comment_metadata(html: str) -> str:
    """The text of YAML metadata kept in an HTML comment, as Node.js-style API docs keep a
    function's history (``<!-- YAML added: v0.1.90 changes: ... -->``): "added: v0.1.90;
    changes: v10.0.0: The callback parameter is no longer optional." Other comments: ""."""
    m = _YAML_COMMENT.match(html)
    if m is None or len(m.group(1)) > limits().max_front_matter_chars:
        return ""
    try:
        data = yaml.load(m.group(1), Loader=_FrontMatterLoader)
    except (yaml.YAMLError, IngestError):
        return ""
    return _flatten_yaml(data)


def _flatten_yaml(value: Any) -> str:
    if isinstance(value, dict):
        parts = []
        for key, item in value.items():
            text = _flatten_yaml(item)
            if text:
                parts.append(f"{key}: {text}")
        return "; ".join(parts)
    if isinstance(value, list):
        return "; ".join(t for t in (_flatten_yaml(v) for v in value) if t)
    return "" if value is None else str(value)


def _row_text(header: list[str], cells: list[str]) -> str:
    if not header or len(header) != len(cells):
        return " | ".join(cells)
    return "; ".join(f"{h}: {c}" if h else c for h, c in zip(header, cells) if c or h)


@_guarded("Markdown file")
def load_markdown(data: bytes, name: str) -> ParsedDocument:
    from markdown_it import MarkdownIt

    source = decode_text(data)
    _check_source_chars(source, "Markdown file")
    unix = source.replace("\r\n", "\n")
    meta, body = _front_matter(unix)
    skipped = unix[: len(unix) - len(body)].count("\n")  # lines of front matter before the body
    tokens = MarkdownIt("commonmark").enable("table").parse(body)
    builder = TextBuilder()

    def at(tok: Any) -> Location | None:
        """The file lines of a block token (markdown-it's ``map``: 0-based, end exclusive)."""
        if not tok.map:
            return None
        first, end = tok.map
        return Location.lines(skipped + first + 1, skipped + max(end, first + 1))

    first_h1: str | None = None
    lists: list[list[int]] = []  # per open list: [is_ordered, next_number]
    header: list[str] = []
    row: list[str] = []
    in_head = False
    data_rows = 0  # data rows of the current table so far
    row_token: Any = None
    fresh = True  # the next list item or table row starts a new run
    quotes = 0  # open blockquotes
    for i, tok in enumerate(tokens):
        t = tok.type
        if t == "blockquote_open":
            quotes += 1
        elif t == "blockquote_close":
            quotes -= 1
        elif t == "heading_open":
            text = _inline(tokens[i + 1])
            first_h1 = first_h1 or (text if tok.tag == "h1" else None)
            builder.heading(int(tok.tag[1]), text, at=at(tok))
        elif t in ("bullet_list_open", "ordered_list_open"):
            fresh = True
            lists.append([t == "ordered_list_open", int(tok.attrs.get("start", 1) or 1)])
        elif t in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif t == "inline" and tokens[i - 1].type == "paragraph_open":
            text = _inline(tok, links=True)
            if lists:
                if tokens[i - 2].type == "list_item_open":  # first paragraph of an item
                    ordered, number = lists[-1]
                    text = f"{number}. {text}" if ordered else f"- {text}"
                    lists[-1][1] += 1
                builder.block(text, ChunkKind.LIST, tight=not fresh, at=at(tokens[i - 1]))
                fresh = False
            elif quotes == 0 and _bold_term(tokens, i, text):  # "**prepare** (since npm@4.0.0)" over its list
                builder.heading(TERM_LEVEL, text, at=at(tokens[i - 1]))
            else:
                kind = ChunkKind.QUOTE if quotes > 0 else ChunkKind.PARAGRAPH
                builder.block(text, kind, at=at(tokens[i - 1]))
        elif t == "fence" and (directive := _MYST_DIRECTIVE.match(tok.info or "")):
            _add_directive(builder, directive.group(1), directive.group(2), tok.content, at(tok))
        elif t in ("fence", "code_block"):
            builder.block(tok.content, ChunkKind.CODE, at=at(tok))
        elif t == "html_block":
            text = _comment_metadata(tok.content) or _html_fragment_text(tok.content)
            if text:
                builder.block(text, at=at(tok))
        elif t == "table_open":
            data_rows = 0
        elif t == "thead_open":
            in_head, header = True, []
        elif t == "thead_close":
            in_head, fresh = False, True
        elif t == "tr_open":
            row, row_token = [], tok
        elif t in ("th_open", "td_open"):
            row.append(_inline(tokens[i + 1]).strip())
        elif t == "tr_close":
            if in_head:
                header = row
            elif any(row):
                data_rows += 1
                where = row_location(data_rows, header, row, at(row_token))
                builder.block(_row_text(header, row), ChunkKind.TABLE_ROW, tight=not fresh, at=where)
                fresh = False
    title = str(meta.pop("title", "") or first_h1 or _title_from_name(name))
    return _require_text(builder.build(title, MARKDOWN, meta))


#: the level a bold term over its list is a heading at: below every heading Markdown writes, so
#: the next heading ends its section and the next term replaces it
TERM_LEVEL = 7
#: a bold term is at most this long
MAX_BOLD_TERM = 80


def _bold_term(tokens: list[Any], i: int, text: str) -> bool:
    """Whether the paragraph whose inline token is ``tokens[i]`` is a term in bold that the list
    right after it describes ("**prepare** (since `npm@4.0.0`)" and then "* Runs BEFORE the
    package is packed ..."): short, opening in bold, ending no sentence. Read as a heading, each
    item of the list says whose it is ("Runs AFTER prepublishOnly and prepack" is prepare's)."""
    children = [c for c in tokens[i].children or [] if c.type != "text" or c.content]
    return (
        bool(children) and children[0].type == "strong_open" and len(text) <= MAX_BOLD_TERM
        and not text.rstrip().endswith((".", "!", "?", ";")) and i + 2 < len(tokens)
        and tokens[i + 1].type == "paragraph_close" and tokens[i + 2].type in ("bullet_list_open", "ordered_list_open")
    )  # fmt: skip


def _html_fragment_text(html: str) -> str:
    from selectolax.lexbor import LexborHTMLParser

    check_html_depth(html)
    tree = LexborHTMLParser(html)
    for node in tree.css("script, style"):
        node.decompose()
    return " ".join((tree.body.text(deep=True, separator=" ") if tree.body else "").split())


# --- HTML -------------------------------------------------------------------------------

_DROP = "script, style, nav, header, footer, aside, noscript, form, template, svg, iframe, button"
_DROP_ROLES = '[role="navigation"], [role="banner"], [role="contentinfo"], [aria-hidden="true"]'
#: navigation panels of generated manuals: Texinfo's ("Next: ..., Previous: ..., Up: ...
#: [Contents][Index]" in div.header, div.nav-panel from Texinfo 7) and DocBook's
_DROP_PANELS = "div.header, div.nav-panel, div.navheader, div.navfooter, table.navheader, table.navfooter"
#: a definition term at most this long opens its description's first paragraph
#: (:meth:`_HtmlWalker._definitions`); a longer one is a line of its own
MAX_DEFINITION_TERM = 100
#: a list item's lead before its paragraphs (:meth:`_HtmlWalker._led_item`) is at most this long
MAX_ITEM_LEAD = 300
#: the blocks that make a list item's first line of text its lead
_LED_BLOCKS = {"p", "div", "pre", "table", "dl", "blockquote"}
#: elements that make a paragraph or a term more than a run of inline text
_NESTED_BLOCKS = "ul, ol, table, p, div, pre, dl, blockquote"
_BLOCK_TAGS = {
    "p", "div", "section", "article", "main", "ul", "ol", "li", "table", "pre", "blockquote",
    "h1", "h2", "h3", "h4", "h5", "h6", "dl", "dt", "dd", "figure", "figcaption", "hr",
    "thead", "tbody", "tfoot", "tr", "td", "th", "details", "summary", "address", "body",
}  # fmt: skip


# Elements the nesting scan does not count: void ones, and ones the HTML parser closes
# by itself when the next of their kind (or a sibling) opens, so they never stack up.
_VOID = frozenset({
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "image", "img",
    "input", "isindex", "keygen", "link", "meta", "param", "source", "spacer", "track", "wbr",
})  # fmt: skip
_SELF_CLOSING = frozenset({
    "p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "tfoot", "option", "optgroup",
    "colgroup", "caption", "rb", "rt", "rp", "rtc", "html", "head", "body", "a", "nobr", "button",
    "form", "select",
})  # fmt: skip
_RAW_TEXT = frozenset({
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext",
})  # fmt: skip
_TAG = re.compile(r"<(/?)([A-Za-z][^\s/<>]*)([^<>]*)|<!--")
_RAW_END: dict[str, re.Pattern[str]] = {}


def html_depth(html: str, stop_above: int) -> int:
    """How deep, at most, the tags of ``html`` open elements inside each other (scanning stops
    once past ``stop_above``). A linear scan of the tags, not a parse: end tags close
    back to their element, void and self-closing elements do not count, script and
    style content is skipped; ``/>`` closes an element only inside SVG or MathML."""
    stack: list[str] = []
    open_count: dict[str, int] = {}
    pos = deepest = 0
    while deepest <= stop_above:
        m = _TAG.search(html, pos)
        if m is None:
            break
        pos = m.end()
        if m.group(0) == "<!--":
            close = html.find("-->", pos)
            pos = len(html) if close < 0 else close + 3
            continue
        closing, name = m.group(1), m.group(2).lower()
        if closing:
            if open_count.get(name):
                while stack:
                    top = stack.pop()
                    open_count[top] -= 1
                    if top == name:
                        break
            continue
        if name in _VOID or name in _SELF_CLOSING:
            continue
        if name in _RAW_TEXT:
            if name == "plaintext":
                break
            pattern = _RAW_END.setdefault(name, re.compile(rf"</{name}", re.IGNORECASE))
            close_tag = pattern.search(html, pos)
            pos = len(html) if close_tag is None else close_tag.start()
            continue
        foreign = bool(open_count.get("svg") or open_count.get("math"))
        if foreign and m.group(3).endswith("/"):
            continue
        stack.append(name)
        open_count[name] = open_count.get(name, 0) + 1
        deepest = max(deepest, len(stack))
    return deepest


def check_html_depth(html: str) -> None:
    """Refuse HTML whose elements nest deeper than ``max_nesting_depth`` (before parsing:
    the HTML parser's work grows with the square of the depth)."""
    bound = limits().max_nesting_depth
    if html_depth(html, bound) > bound:
        raise LimitError(
            f"the HTML nests elements more than {bound:,} deep, over the limit max_nesting_depth = {bound:,}",
            "max_nesting_depth",
        )


def _flat_text(node: Any) -> str:
    """All the text under ``node`` in document order (selectolax walks it without recursion)."""
    return str(node.text(deep=True, separator=" "))


def _node_inline(node: Any, depth: int, max_depth: int) -> str:
    """Inline text of a node, skipping nested block containers like lists and tables."""
    if depth >= max_depth:
        return _flat_text(node)
    parts: list[str] = []
    for child in node.iter(include_text=True):
        if child.tag == "-text":
            parts.append(child.text(deep=False))
        elif child.tag == "br":
            parts.append(" ")
        elif child.tag in ("ul", "ol", "table"):
            continue
        else:
            inline = _node_inline(child, depth + 1, max_depth)
            parts.append(" " + inline + " " if child.tag in _BLOCK_TAGS else inline)
    return "".join(parts)


def _listing_text(pre: Any) -> str:
    """A ``<pre>``'s text; several listings side by side in it (Node.js's pages give each
    example as ES module and as CommonJS, two ``<code>`` with nothing between them) each end
    with a blank line instead of running into the next ("ac.abort();const { ...")."""
    children = list(pre.iter(include_text=True))
    codes = [c for c in children if c.tag == "code"]
    between = [c for c in children if c.tag == "-text" and c.text(deep=False).strip()]
    if len(codes) < 2 or between:
        return str(pre.text(deep=True))
    return "\n\n".join(str(c.text(deep=True)).rstrip("\n") for c in codes)


def _holds_blocks(node: Any) -> bool:
    """Whether a block element is inside ``node`` (``css_first`` would find ``node`` itself)."""
    return any(inner != node for inner in node.css(_NESTED_BLOCKS))


def _own_rows(table: Any) -> list[Any]:
    """The rows of ``table`` itself (directly, or in its thead, tbody, tfoot), not those of
    tables nested in its cells."""
    rows = []
    for child in table.iter():
        if child.tag == "tr":
            rows.append(child)
        elif child.tag in ("thead", "tbody", "tfoot"):
            rows.extend(c for c in child.iter() if c.tag == "tr")
    return rows


class _HtmlWalker:
    """Turns an HTML tree into blocks. ``depth`` counts elements below the root; at
    ``max_nesting_depth`` an element's whole text becomes one block (or inline run)."""

    def __init__(self) -> None:
        self.builder = TextBuilder()
        self.first_h1: str | None = None
        self.max_depth = limits().max_nesting_depth

    def inline(self, node: Any, depth: int) -> str:
        return _node_inline(node, depth, self.max_depth)

    def walk(self, node: Any, depth: int = 0) -> None:
        if depth >= self.max_depth:
            self.builder.block(_flat_text(node))
            return
        self._run(node.iter(include_text=True), depth)

    def _run(self, children: Iterable[Any], depth: int, label: str = "",
             kind: ChunkKind = ChunkKind.PARAGRAPH) -> None:
        """Blocks of a run of sibling nodes: inline ones gathered into paragraphs, each block
        one its own. ``label`` (a definition's term, :meth:`_definitions`; a list item's lead)
        opens the first paragraph, the run's leading text or its first ``<p>``, a block of
        ``kind``; a term with no such paragraph is a line of its own."""
        pending: list[str] = []

        def flush() -> None:
            nonlocal label
            text = " ".join("".join(pending).split())
            if text:
                self.builder.block(f"{label} {text}" if label else text, kind if label else ChunkKind.PARAGRAPH)
                label = ""
            pending.clear()

        member = ""  # the name a heading just read gives a member ("g_array_new ()")
        nodes = list(children)
        for n, child in enumerate(nodes):
            tag = child.tag
            if tag == "-text":
                pending.append(child.text(deep=False))
            elif tag not in _BLOCK_TAGS:
                pending.append(self.inline(child, depth + 1) if tag != "br" else " ")
            else:
                flush()
                heading = " ".join(self.inline(child, depth + 1).split()) if tag in _HEADINGS else ""
                if heading.lower() in _PART_LABELS and tag != "h1" and self.builder.heading_path:
                    # "Returns" over "the new GArray" (gtk-doc's entries): a label of the entry's
                    # paragraph, "Returns: the new GArray", no section of its own: under the
                    # member's heading it still says whose value it is
                    label = heading + ":"
                    continue
                if member and tag == "pre" and _describes(nodes, n + 1) and (declared := _declared(child, member)):
                    label = f"{declared}:"  # the member's declaration opens its description
                    member = ""
                    continue
                member = _member_name(heading)
                if label and tag == "p" and not _holds_blocks(child):
                    pending.append(self.inline(child, depth + 1))
                    flush()
                    continue
                if label and tag == "div":  # a division's first paragraph: "<div class="fcndef">Construct ..."
                    self._run(child.iter(include_text=True), depth + 1, label, kind)
                    label = ""
                    continue
                if label:
                    self.builder.block(label.removesuffix(":"), kind)
                    label = ""
                self._block(child, tag, depth + 1)
        flush()
        if label:
            self.builder.block(label.removesuffix(":"), kind)

    def _definitions(self, node: Any, depth: int) -> None:
        """A definition list (``<dl>``): a description's first paragraph opens with its term,
        "--maxvars VALUE: Maximum number of variables. The default is 15000.", "x: Exit
        status of the command." (the terms of one description joined by ", "): read alone,
        a description does not say what it describes, nor its term what it is. A term that
        ends in a pilcrow (Sphinx's and Texinfo's permalinks: "most_common([n])\u00b6") stays
        a line above its description, which is how retrieval reads such terms
        (:func:`citadel.retrieve.sentences.is_term_line`); so does one over
        :data:`MAX_DEFINITION_TERM` characters or holding blocks."""
        terms: list[Any] = []

        def flush_terms() -> None:
            for term in terms:
                self._block(term, "dt", depth + 1)
            terms.clear()

        for child in node.iter(include_text=True):
            tag = child.tag
            if tag == "dt":
                terms.append(child)
            elif tag == "dd":
                names = [" ".join(self.inline(t, depth + 2).split()) for t in terms]
                plain = [n for n in names if n]
                if plain and not any(_holds_blocks(t) for t in terms) and not any(
                        n.endswith("\u00b6") for n in plain) and len(", ".join(plain)) <= MAX_DEFINITION_TERM:
                    term = ", ".join(plain)
                    terms.clear()
                    self._run(child.iter(include_text=True), depth + 1, term if term.endswith(":") else f"{term}:")
                else:
                    flush_terms()
                    self._block(child, "dd", depth + 1)
            elif tag == "-text":
                if child.text(deep=False).strip():
                    flush_terms()
                    self.builder.block(child.text(deep=False))
            else:
                flush_terms()
                if tag in _BLOCK_TAGS:
                    self._block(child, tag, depth + 1)
                else:
                    self.builder.block(self.inline(child, depth + 1))
        flush_terms()

    def _block(self, node: Any, tag: str, depth: int) -> None:
        if depth >= self.max_depth:
            self.builder.block(_flat_text(node))
        elif tag in _HEADINGS:
            # a link to itself that is a glyph, no word: "timeout.refresh()#" in Node.js's pages, the
            # pilcrow of Sphinx's, the "\u25c6" that opens each member's heading in Doxygen's
            for link in node.css('a[href^="#"]'):
                glyph = link.text(deep=True).strip()
                if glyph in _PERMALINK_GLYPHS or (glyph and not re.search(r"[^\W_]", glyph)):
                    link.decompose()
            text = strip_permalink(self.inline(node, depth))
            if tag == "h1" and self.first_h1 is None:
                self.first_h1 = " ".join(text.split())
            self.builder.heading(int(tag[1]), text)
        elif tag in ("ul", "ol"):
            number = 1
            for item in node.iter():
                if item.tag == "li":
                    marker = f"{number}." if tag == "ol" else "-"
                    number += 1
                    led = self._led_item(item, depth + 1)
                    if led is not None:  # "<li><em>question</em><p>answer</p>...": the lead opens the answer
                        lead, rest = led
                        glue = "" if lead.endswith(("?", ".", ":", "!")) else ":"
                        self._run(rest, depth + 2, f"{marker} {lead}{glue}", ChunkKind.LIST)
                        continue
                    text = f"{marker} {self.inline(item, depth + 1)}"
                    self.builder.block(text, ChunkKind.LIST, tight=number > 2)
                    for nested in item.iter():
                        if nested.tag in ("ul", "ol"):
                            self._block(nested, nested.tag, depth + 2)
        elif tag == "table":
            self._table(node, depth)
        elif tag == "dl":
            self._definitions(node, depth)
        elif tag == "pre":
            self.builder.block(_listing_text(node), ChunkKind.CODE)
        elif tag == "blockquote" and not node.css_first("p, div, ul, ol, table"):
            self.builder.block(self.inline(node, depth), ChunkKind.QUOTE)
        elif tag in ("p", "dt", "dd", "figcaption", "summary", "address", "li"):
            if node.css_first("ul, ol, table, p, div"):
                self.walk(node, depth)
            else:
                self.builder.block(self.inline(node, depth))
        elif tag == "div" and _is_member(node):
            self._member(node, depth)
        elif tag != "hr":
            self.walk(node, depth)

    def _led_item(self, item: Any, depth: int) -> tuple[str, list[Any]] | None:
        """A list item that opens with a line of inline text and goes on in paragraphs (an
        FAQ's "<li><em>I use the SVN version and there is no configure script</em><p>The
        configure script ... Use the autogen.sh script ...</p></li>"): (that lead, the nodes
        after it). Read as one line, the lead runs into the answer's first sentence and the
        rest of the answer into it. None for any other item."""
        children = list(item.iter(include_text=True))
        first = next((k for k, c in enumerate(children) if c.tag in _BLOCK_TAGS), None)
        if not first or children[first].tag not in _LED_BLOCKS:
            return None
        lead = " ".join("".join(c.text(deep=False) if c.tag == "-text" else self.inline(c, depth + 1)
                                for c in children[:first]).split())
        if not lead or len(lead) > MAX_ITEM_LEAD:
            return None
        return lead, children[first:]

    def _member(self, node: Any, depth: int) -> None:
        """A member of Doxygen's reference (``div.memitem``: a function's, macro's, type's):
        its declaration (``div.memproto``, a table of the return type, name and each
        parameter) as one line, "void * SDL_LoadFile(const char *file, size_t *datasize)",
        which opens the first paragraph of its description (``div.memdoc``) as a definition's
        term does, "#define SDL_RWOPS_JNIFILE 3U: Android asset": the description never names
        what it describes ("Use this function to ..."), and the declaration alone says nothing
        of what it is for. A member without a description is its declaration's line."""
        proto = node.css_first("div.memproto")
        doc = node.css_first("div.memdoc")
        signature = _declaration(proto) if proto is not None else ""
        children = list(doc.iter(include_text=True)) if doc is not None else []
        first = next((c for c in children if c.tag != "-text" or c.text(deep=False).strip()), None)
        if signature and first is not None and first.tag == "p" and not _holds_blocks(first) \
                and "definition" not in (first.attributes.get("class") or "").split():
            self._run(children, depth + 1, f"{signature}:")
            return
        if signature:
            self.builder.block(signature)
        self._run(children, depth + 1)

    def _table(self, node: Any, depth: int) -> None:
        """A table's rows, each with its header; a layout table's cells, walked in order."""
        rows = [[c for c in tr.iter() if c.tag in ("td", "th")] for tr in _own_rows(node)]
        if rows and all(len(cells) == 2 and _line_numbers(cells[0]) and cells[1].css_first("pre") for cells in rows):
            for cells in rows:  # a listing beside its line numbers (gtk-doc's, Sphinx's "linenos"): the listing
                self.walk(cells[1], depth + 3)
            return
        # a layout table: DocBook frames each listing in one; an old page lays its whole body
        # out in one, a heading in a cell (libxml2's API pages: "<h3>Function: xmlParseFile</h3>"),
        # or a table in a cell
        if all(len(cells) <= 1 for cells in rows) or any(
                c.css_first(_HEADING_TAGS) or c.css_first("table") for cells in rows for c in cells):
            # (a cell holding a table of its own is a page's frame: libxslt's pages set their menu
            # and their text side by side, each in tables)
            lines = False  # the row before was read as a line
            for cells in rows:
                if not any(_flat_text(c).strip() or c.css_first("img") for c in cells):
                    continue  # a separator row
                if len(cells) > 1 and not any(_holds_blocks(c) or c.css_first(_HEADING_TAGS) for c in cells):
                    # a row of inline cells reads as one line, and the rows in a row as lines of
                    # one block: a declaration's type and name ("#define | SDL_RWOPS_JNIFILE 3U",
                    # Doxygen's summary of a header's members)
                    line = " ".join(" ".join(self.inline(c, depth + 3) for c in cells).split())
                    if line:
                        self.builder.block(line, tight=lines)
                        lines = True
                    continue
                lines = False
                for cell in cells:
                    self.walk(cell, depth + 3)
            return
        header: list[str] = []
        first = True
        for tr in node.css("tr"):
            cells = [
                " ".join(self.inline(c, depth + 2).split())
                for c in tr.iter()
                if c.tag in ("td", "th")
            ]
            is_head = all(c.tag == "th" for c in tr.iter() if c.tag in ("td", "th"))
            if is_head and not header:
                header = cells
            elif any(cells):
                self.builder.block(_row_text(header, cells), ChunkKind.TABLE_ROW, tight=not first)
                first = False


#: the heading elements: a table cell holding one is a page's layout, not data
_HEADING_TAGS = "h1, h2, h3, h4, h5, h6"
#: the spaces a declaration's cells and lines leave that C does not write (:func:`_tidy_declaration`)
_SPACE_BEFORE = re.compile(r"\s+([,;)\]])")
_SPACE_AFTER = re.compile(r"([(\[])\s+")
_CALL_SPACE = re.compile(r"(?<=[\w>])\s+\(")
_POINTER_SPACE = re.compile(r"([*&]) (?=[\w(])")
#: the heading elements, by tag
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: headings that name a part of an API entry, not a subject: read as the label of the paragraph
#: under them (:meth:`_HtmlWalker._run`)
_PART_LABELS = frozenset({"returns", "return value", "return values", "parameters", "arguments"})
#: a member's heading: its name, perhaps called ("g_array_new ()", "g_array_index()")
_MEMBER_HEADING = re.compile(r"(?:[A-Z][a-z]+(?: [a-z]+)?: )?([A-Za-z_][\w:]*)\s*(?:\(\s*\))?")
#: a declaration listing under a member's heading is at most this long on one line
MAX_DECLARATION = 300


def _member_name(heading: str) -> str:
    """The name a heading gives a member ("g_array_new ()" -> "g_array_new", libxml2's
    "Function: xmlDocGetRootElement" -> "xmlDocGetRootElement"); "" for a heading that is no
    name in code (a word: "Usage")."""
    text = " ".join(heading.split())
    m = _MEMBER_HEADING.fullmatch(text)
    if m is None:
        return ""
    name = m.group(1)
    return name if "_" in name or "(" in text or ":" in text or re.search(r"[a-z][A-Z]", name) else ""


def _describes(nodes: Sequence[Any], start: int) -> bool:
    """Whether the first block from ``nodes[start]`` on is a paragraph or a division: the
    description a declaration listing opens (not another listing, not a table)."""
    for node in nodes[start:]:
        if node.tag == "-text" and not node.text(deep=False).strip():
            continue
        return node.tag in ("p", "div")
    return False


def _declared(pre: Any, name: str) -> str:
    """The declaration of the function or macro ``name`` that the listing ``pre`` is, on one
    line as C writes it ("GArray *g_array_new(gboolean zero_terminated, ...)", gtk-doc's
    listing under each member's heading); "" when the listing is anything else (a struct's
    body, an example, a longer one)."""
    text = " ".join(str(pre.text(deep=True)).split()).removesuffix(";").rstrip()
    if len(text) > MAX_DECLARATION or "{" in text or ";" in text:
        return ""
    if re.match(rf"#\s*define\s+{re.escape(name)}\b", text):  # a macro: "#define LIBXML_VERSION 21004"
        return text
    if not re.search(rf"(?<![\w.]){re.escape(name)}\s*\(", text) or not text.endswith(")"):
        return ""
    return _tidy_declaration(text)


def _tidy_declaration(text: str) -> str:
    """A declaration's spacing as C writes it: none inside parentheses and before commas, none
    between the name and its "(", a pointer's star against the name."""
    text = _SPACE_AFTER.sub(r"\1", _SPACE_BEFORE.sub(r"\1", text))
    return _POINTER_SPACE.sub(r"\1", _CALL_SPACE.sub("(", text, count=1))


def _line_numbers(cell: Any) -> bool:
    """Whether a table cell holds nothing but a listing's line numbers, "1 2 3 ..." counting
    up by one."""
    words = _flat_text(cell).split()
    if not words or not all(w.isdigit() for w in words):
        return False
    numbers = [int(w) for w in words]
    return all(b == a + 1 for a, b in zip(numbers, numbers[1:], strict=False))


def _is_member(node: Any) -> bool:
    """Whether ``node`` is a member of Doxygen's reference: ``div.memitem`` holding its
    declaration (``div.memproto``)."""
    return "memitem" in (node.attributes.get("class") or "").split() and node.css_first("div.memproto") is not None


def _declaration(proto: Any) -> str:
    """The declaration of a Doxygen member on one line, as C writes it: the cells of its
    ``table.memname`` (return type and name, "(", each parameter's type and name, ")") joined,
    "void * SDL_LoadFile(const char *file, size_t *datasize)"; a C++ template line before it,
    its labels ("inline", "static") after it in brackets."""
    table = proto.css_first("table.memname")
    if table is None:
        return " ".join(_flat_text(proto).split())
    text = _tidy_declaration(" ".join(_flat_text(table).split()))
    template = proto.css_first("div.memtemplate")
    if template is not None:
        text = f"{' '.join(_flat_text(template).split())} {text}"
    labels = [" ".join(_flat_text(label).split()) for label in proto.css("span.mlabel")]
    return text + "".join(f" [{label}]" for label in labels if label)


@_guarded("HTML file")
def load_html(data: bytes, name: str) -> ParsedDocument:
    from selectolax.lexbor import LexborHTMLParser

    source = decode_text(data)
    _check_source_chars(source, "HTML file", HTML_SOURCE_ALLOWANCE)
    check_html_depth(source)
    tree = LexborHTMLParser(source)
    title_node = tree.css_first("title")
    page_title = " ".join(title_node.text().split()) if title_node else ""
    header_node = tree.css_first("div.headertitle")  # Doxygen's page title, in the header dropped below
    header_title = " ".join(header_node.text().split()) if header_node else ""
    for node in tree.css(f"{_DROP}, {_DROP_ROLES}, {_DROP_PANELS}"):
        node.decompose()
    for link in tree.css('a[href*="#"]'):  # Doxygen's "More..." after a brief description: a link down the page
        if link.text(deep=True).strip() == "More...":
            link.decompose()
    root = tree.css_first("main") or tree.css_first('[role="main"]') or tree.css_first("article")
    root = root or tree.body
    if root is None:
        raise IngestError("no HTML body found")
    walker = _HtmlWalker()
    walker.walk(root)
    meta = {}
    for m in tree.css("meta[name]"):
        key, content = m.attributes.get("name"), m.attributes.get("content")
        if key in ("description", "author", "keywords") and content:
            meta[key] = content
    title = page_title or walker.first_h1 or header_title or _title_from_name(name)
    return _require_text(
        walker.builder.build(title, HTML, meta), "no readable text in the HTML body"
    )


# --- PDF --------------------------------------------------------------------------------


_END_OF_SENTENCE = (".", "!", "?", ":", '"', "\u201d", ")")
#: a PDF line in a font this share of the body's size or smaller is a footnote's or a caption's,
#: and one this share of it or larger can be a heading
_SMALL_FONT = 0.9
_HEADING_FONT = 1.1
#: two lines whose font sizes differ by less than this (points) are set in one size
_SAME_SIZE = 0.2
#: monospaced lines in a row that make a listing (:func:`_pdf_paragraphs`), and how the text
#: before them ends when no sentence runs into them
_CODE_LINES = 2
_CODE_LEAD_IN = (".", ":", "!", "?")
#: a PDF line this share of its page's widest one wide is full: the text goes on after it
_FULL_LINE = 0.85
#: a page with at least this many full lines is body text, and on it a line this share of
#: the widest one wide is no heading (:func:`_pdf_paragraphs`)
_BODY_LINES = 4
_BODY_WIDTH = 0.75
_PAGE_NUMBER = re.compile(r"^(?:page\s+)?\d+(?:\s*(?:/|of)\s*\d+)?$", re.IGNORECASE)


def _page_lines(page_text: str) -> list[str]:
    """A PDF page's lines as :func:`_pdf_paragraphs` reads them (index for index)."""
    return [ln.strip() for ln in normalize_text(page_text).split("\n")]


def _pdf_paragraphs(
    page: str | list[str],
    running: frozenset[str] = frozenset(),
    hyphenated: frozenset[str] = frozenset(),
    headings: Mapping[int, int] | None = None,
    marks: Sequence[LineMark] | None = None,
    body_size: float = 0.0,
    code: list[int] | None = None,
) -> list[tuple[str, bool]]:
    """Rebuild (text, is_heading) paragraphs from a PDF page's lines.

    PDF text has a line break at every visual line. A paragraph ends at a blank
    line, or at a line that ends a sentence and stops well short of the page's
    usual line length. The headings are the lines ``headings`` names (line index: how many
    lines the heading takes), found from the PDF's outline (:func:`_outline_headings`);
    without an outline, a short line without closing punctuation that starts a new
    paragraph and is followed by more text is a heading (:func:`_looks_like_heading`).
    Bare page numbers are dropped, and so is a first or last line in ``running``: a
    running header or footer (:func:`_running_lines`). A word the layout broke at a line
    end is whole again (:func:`join_broken_words`, with the document's ``hyphenated`` words).

    Where the lines' ``marks`` are known (font size, monospace): two or more monospaced lines
    that no sentence runs into are code, one paragraph of lines whose index is appended to
    ``code`` (a single one, a term over its description, and a monospaced run wrapped from
    the line before, a path or an address, stay text); a change between the body's
    font size and a smaller one (a footnote, a caption) ends a paragraph; and without an
    outline, a heading is a line set larger than the body.
    """
    lines = list(page) if isinstance(page, list) else _page_lines(page)
    _drop_running(lines, running)
    full = max((len(ln) for ln in lines), default=0)
    # on a page of body text, a line about as wide as the body is a paragraph's first line,
    # not a heading ("Cyclic Redundancy Checks (CRCs) were proposed by Peterson and Brown")
    body = sum(len(ln) >= _FULL_LINE * full for ln in lines) >= _BODY_LINES
    out: list[tuple[str, bool]] = []
    current: list[str] = []
    listing: list[str] = []
    if marks is not None and len(marks) != len(lines):
        marks = None
    small_now = ends_mono = False

    def flush() -> None:
        if current:
            out.append((_join_lines(join_broken_words(current, hyphenated)), False))
            current.clear()

    def flush_listing() -> None:
        # a listing of two lines or more that no sentence runs into is code; a single
        # monospaced line (an option's or a term's name over its description) or a listing
        # inside a sentence ("include" / "#define X" / "and link against") stays in the text
        if len(listing) >= _CODE_LINES and not (current and not current[-1].endswith(_CODE_LEAD_IN)):
            flush()
            if code is not None:
                code.append(len(out))
            out.append(("\n".join(listing), False))
        else:
            current.extend(listing)
        listing.clear()

    sized = marks is not None and body_size > 0  # font sizes known: a heading is set larger than the body

    def large_heading(i: int) -> int:
        """How many lines, from line ``i``, make one heading set larger than the body (up to
        :data:`_HEADING_LINES` in one size), or 0."""
        assert marks is not None
        size = marks[i].size
        if size < _HEADING_FONT * body_size or marks[i].mono:
            return 0
        span = 1  # a next line in the size goes on a heading that is no whole one alone ("... afraid to" / "forget")
        while span < _HEADING_LINES and i + span < len(lines) and lines[i + span] \
                and abs(marks[i + span].size - size) < _SAME_SIZE and not marks[i + span].mono \
                and (not _looks_like_heading(lines[i + span - 1]) or lines[i + span][:1].islower()):
            span += 1
        return span if _looks_like_heading(" ".join(lines[i : i + span])) and any(lines[i + span :]) else 0

    rows = _figure_rows(lines)
    skip = 0
    for i, line in enumerate(lines):
        mark = marks[i] if marks is not None and line else None
        if skip:
            skip -= 1
            continue
        if mark is not None and mark.mono and i not in rows and not (headings is not None and i in headings):
            if not listing and current and ends_mono and not current[-1].endswith(":"):
                current.append(line)  # a monospaced run wrapped from the line before
            else:
                listing.append(line)
            ends_mono = mark.ends_mono
            continue
        flush_listing()
        small = mark is not None and mark.size > 0 and mark.size < _SMALL_FONT * body_size
        if current and small != small_now:  # a footnote or a caption is no part of the text before it
            flush()
        if headings is not None and i in headings:
            flush()
            span = headings[i]
            out.append((" ".join(ln for ln in lines[i : i + span] if ln), True))
            skip = span - 1
        elif not line:
            flush()
        elif i in rows:  # a row of a table of figures: a line of its own
            flush()
            out.append((line, False))
        elif _PAGE_NUMBER.match(line):
            continue
        elif headings is None and not current and sized and (span := large_heading(i)):
            out.append((" ".join(lines[i : i + span]), True))
            skip = span - 1
        elif headings is None and not current and not sized and _looks_like_heading(line) and any(lines[i + 1 :]) \
                and not (body and len(line) >= _BODY_WIDTH * full):
            out.append((line, True))
        else:
            current.append(line)
            small_now, ends_mono = small, mark is not None and mark.ends_mono
            if line.endswith(_END_OF_SENTENCE) and len(line) < _FULL_LINE * full:
                flush()
    flush_listing()
    flush()
    return out


#: a line that ends inside a path or an address the layout broke ("/run/" / "crond.pid",
#: "https://www." / "gnu.org/"): a slash, or an address's or a path's own punctuation
_BROKEN_ADDRESS = re.compile(r"(?:/|(?:\S*://|(?<!\S)/)\S*[.\-_#?=&~])$")


def _join_lines(lines: list[str]) -> str:
    """A paragraph's lines as one line: a space between two, none where a path or an
    address goes on from one line to the next."""
    out = ""
    for line in lines:
        if line:
            out += ("" if not out or (_BROKEN_ADDRESS.search(out) and not line[0].isspace()) else " ") + line
    return out


#: a section number that opens a heading ("2.4.", "3", "A.1", "Chapter 3", "Appendix B")
_HEADING_NUMBER = re.compile(
    r"^\s*(?:(?i:chapter|appendix|part|section)\s+[\dA-Z]{1,3}\b\.?|\d{1,3}(?:\.\d{1,3})*\.?|[A-Z](?:\.\d{1,3})+\.?)(?=\s|$)"
)
#: a heading matches an outline title over at most this many lines
_HEADING_LINES = 3


def _letters(text: str) -> str:
    """``text``'s letters and digits, lower-cased: what two spellings of a title share."""
    return re.sub(r"[\W_]+", "", text.lower())


def _heading_core(text: str) -> str:
    """What a heading and its outline title share: the words, lower-cased, without the
    section number, punctuation or spaces ("2.5 Why does ... sym-links ...?")."""
    return _letters(_HEADING_NUMBER.sub("", normalize_text(text), count=1))


def _outline_headings(pages: list[list[str]], outline: list[OutlineItem]) -> dict[int, dict[int, tuple[int, int]]]:
    """Where the outline's entries stand: page index -> {line index: (level, lines)}.

    Each entry is looked for on the page it points to (then the next one, where a link
    lands a page early), from the line after the last heading found there, as one to
    :data:`_HEADING_LINES` lines whose words are the title's (:func:`_heading_core`)."""
    found: dict[int, dict[int, tuple[int, int]]] = {}
    after: dict[int, int] = {}  # page -> the first line a next heading may take
    where: dict[int, dict[str, list[tuple[int, int]]]] = {}  # page -> core -> (line, lines), in order

    def places(page: int) -> dict[str, list[tuple[int, int]]]:
        if page not in where:  # each page's line runs read once, however many entries point at it
            lines, index = pages[page], where.setdefault(page, {})
            for i in range(len(lines)):
                for span in range(1, _HEADING_LINES + 1):
                    if lines[i] and i + span <= len(lines):
                        index.setdefault(_heading_core(" ".join(lines[i : i + span])), []).append((i, span))
        return where[page]

    for item in outline:
        core = _heading_core(item.title)
        if not core:
            continue
        for page in (item.page, item.page + 1):
            if page >= len(pages):
                continue
            at = places(page).get(core, [])
            k = bisect.bisect_left(at, (after.get(page, 0), 0))
            match = at[k] if k < len(at) else None
            if match is not None:
                found.setdefault(page, {})[match[0]] = (item.level + 1, match[1])
                after[page] = match[0] + match[1]
                break
    return found


#: what a running header puts between the titles it names: section numbers, "Chapter", and
#: the ellipsis of a title cut short
_RUNNING_SPLIT = re.compile(r"\b(?:chapter|appendix|section|part)\b|\d+(?:\.\d+)*\.?|\.\.\.|\u2026", re.IGNORECASE)
#: a running header's title is at least this long (letters), so a short one is no match by chance
_MIN_RUNNING_TITLE = 4
#: the entries starting on a page a running header is compared with, at most
_MAX_STARTING = 24


def _drop_section_running(
    pages: list[list[str]], outline: list[OutlineItem], placed: Mapping[int, Mapping[int, tuple[int, int]]]
) -> None:
    """Blank, in place, a page's first or last line that names the chapter or section the page
    is in: "Chapter 1: Obtaining R 2", "CHAPTER 2. GETTING AND INSTALLING… 2.3. WHERE/HOW
    CAN I…": between its numbers, "Chapter" words and ellipses, nothing but the titles (or
    their starts) of the outline entries open at that page or starting on it. A chapter's
    running header on fewer pages than :data:`RUNNING_PAGES` is one all the same. The
    headings themselves (``placed``) stay."""
    open_at: dict[int, str] = {}  # level -> the core of the entry open there
    entries = sorted(((item.page, n, item) for n, item in enumerate(outline)), key=lambda e: (e[0], e[1]))
    at = 0
    for number, lines in enumerate(pages):
        starting: list[str] = []  # the entries that start on this page: a header may name any
        while at < len(entries) and entries[at][0] <= number:
            item = entries[at][2]
            open_at = {level: c for level, c in open_at.items() if level < item.level}
            open_at[item.level] = _letters(_RUNNING_SPLIT.sub(" ", item.title))
            starting.append(open_at[item.level])
            at += 1
        titles = [c for c in [*open_at.values(), *starting[:_MAX_STARTING]] if c]
        filled = [n for n, ln in enumerate(lines) if ln and n not in placed.get(number, {})]
        for n in filled[:1] + filled[-1:]:
            parts = [c for part in _RUNNING_SPLIT.split(lines[n]) if (c := _letters(part))]
            if parts and max(map(len, parts)) >= _MIN_RUNNING_TITLE \
                    and all(any(title.startswith(part) for title in titles) for part in parts):
                lines[n] = ""


#: a line of a table of contents or an index: dot leaders, then page numbers ("Scope . . . 3",
#: "BLAS library. . . . 47, 71")
_LEADERS = re.compile(r"(?:\.\s?){4,}[\s\divxlc,\u2013-]*$", re.IGNORECASE)
#: a page this share of whose lines are contents entries is a contents (or index) page
_CONTENTS_SHARE = 0.5
_TRAILING_PAGE = re.compile(r"\s+(?:\d{1,4}|[ivxlc]{1,6})$", re.IGNORECASE)


def _drop_contents(pages: list[list[str]], outline: list[OutlineItem]) -> None:
    """Blank the lines of a table of contents or an index, in place: on a page where most
    lines are entries (dot leaders and page numbers, or an outline title and its page
    number), every line; elsewhere each line with dot leaders. They only repeat headings,
    and as passages they would match every question about them."""
    titles = {core for item in outline if (core := _heading_core(item.title))}
    for lines in pages:
        filled = [n for n, ln in enumerate(lines) if ln]
        entries = [n for n in filled if _LEADERS.search(lines[n])
                   or (_TRAILING_PAGE.search(lines[n]) and _heading_core(_TRAILING_PAGE.sub("", lines[n])) in titles)]  # fmt: skip
        if len(entries) >= 3 and len(entries) >= _CONTENTS_SHARE * len(filled):
            entries = filled
        for n in entries:
            lines[n] = ""


#: headings that name a part of the document, not the document: never its title
_GENERIC_HEADING = re.compile(r"^\s*(?:table of contents|contents|index|toc|page \d+)\s*$",
                              re.IGNORECASE)
#: metadata titles that authoring tools fill in: never the title
_GENERIC_TITLE = re.compile(r"^\s*(?:untitled(?: document)?|microsoft word\s*-.*|document\d*|"
                            r"slide \d+|presentation\d*|\S+\.(?:docx?|pdf|odt|tex|dvi))\s*$", re.IGNORECASE)
#: the signs doc generators put after a heading for a link to it (and "#", after a space)
_PERMALINK_SIGNS = "\u00b6\u00a7\U0001f517\u2693"
#: what a heading's link to itself shows
_PERMALINK_GLYPHS = frozenset(_PERMALINK_SIGNS) | {"#"}
_PERMALINK = re.compile(rf"(?:[{_PERMALINK_SIGNS}]|(?<=\s)#)\s*$")


def strip_permalink(heading: str) -> str:
    """A heading without the permalink glyph doc generators append ("Usage\u00b6",
    "Usage #"); a "#" that ends a word ("C#") stays."""
    return _PERMALINK.sub("", heading.rstrip()).rstrip()


#: a numbered heading: "2.4. OPTIONS", "3 Installation", "3.4. /bin : Essential ..." (the number, then a
#: capital or a path)
_NUMBERED_HEADING = re.compile(r"^(?P<number>\d{1,2}(?:\.\d{1,2}){0,4})\.?\s+(?=[A-Z]|/[a-z])")
#: a heading that opens a part of the document: "Chapter 2. The Filesystem", "Appendix B"
_PART_HEADING = re.compile(r"^(?:chapter|appendix|part)\s+(?:\d{1,3}|[A-Z]|[IVXLC]{1,6})\b", re.IGNORECASE)
#: a line that ends with one of these words runs on into the next: no heading
_RUNS_ON = frozenset("a an and as at by for from in into of on or otherwise the to with".split())
#: a formula or an assignment ("Compression: 400k + ( 8 x block size )", "Next state = RUNNING")
_OPERATOR = re.compile(r"\s[+=<>]\s|\s=|=\s")


#: a table of figures has at least this many rows (:func:`_figure_rows`)
_MIN_FIGURE_ROWS = 3


def _figure_rows(lines: list[str]) -> set[int]:
    """Indexes of the lines that are rows of a table of figures ("-5 4400k 2100k 1350k
    845160"): runs of at least :data:`_MIN_FIGURE_ROWS` consecutive lines with the same number
    of space-separated fields, three or more, most of them holding a digit. Joined into a
    paragraph, a table is one line of numbers that no unit can quote row by row."""
    out: set[int] = set()
    run: list[int] = []
    width = 0
    for n, line in enumerate(lines):
        fields = line.split()
        row = len(fields) >= 3 and 2 * sum(any(ch.isdigit() for ch in f) for f in fields) > len(fields)
        if row and run and len(fields) == width:
            run.append(n)
            continue
        if len(run) >= _MIN_FIGURE_ROWS:
            out.update(run)
        run, width = ([n], len(fields)) if row else ([], 0)
    if len(run) >= _MIN_FIGURE_ROWS:
        out.update(run)
    return out


def _looks_like_heading(line: str) -> bool:
    """A short line that can be a heading: no closing punctuation, a capital or a section
    number first, at most 10 words, and not a wrapped line (one that ends with "or", "the",
    ...) or a formula."""
    words = line.split()
    return (
        2 < len(line) <= 70
        and not line.endswith((".", ",", ";", ":", "?", "!"))
        and (line[:1].isupper() or _NUMBERED_HEADING.match(line) is not None)
        and len(words) <= 10
        and words[-1].lower() not in _RUNS_ON
        and _OPERATOR.search(line) is None
    )


#: a first or last line on this many pages is a running header or footer
RUNNING_PAGES = 3


def _running_key(line: str) -> str:
    """A page's first or last line with its numbers blanked: "Page 3 of 9" and "Page 4 of
    9" are one running footer."""
    return re.sub(r"\d+", "#", " ".join(line.split())).lower()


def _drop_running(lines: list[str], running: frozenset[str]) -> None:
    """Blank a page's first and last line, in place, where it is in ``running``."""
    filled = [n for n, ln in enumerate(lines) if ln]
    for n in filled[:1] + filled[-1:]:
        if _running_key(lines[n]) in running:
            lines[n] = ""


def _running_lines(pages: list[str]) -> frozenset[str]:
    """The running headers and footers of a PDF: first or last lines of a page (numbers
    blanked) that are the first or last line of at least :data:`RUNNING_PAGES` pages (a
    chapter's running header is on its pages only)."""
    counts: dict[str, int] = {}
    for text in pages:
        lines = [ln for ln in normalize_text(text).split("\n") if ln.strip()]
        for key in {_running_key(ln) for ln in lines[:1] + lines[-1:]}:
            counts[key] = counts.get(key, 0) + 1
    return frozenset(key for key, count in counts.items() if count >= RUNNING_PAGES)


#: a word PDFium found broken at a line end: "dis\ufffetribution", "US\ufffeASCII"
_SOFT_HYPHEN = re.compile(r"([^\W\d_]*)\ufffe(\w*)")


def _soft_hyphens(text: str, hyphenated: frozenset[str]) -> str:
    """``text`` with each word PDFium found broken at a line end whole: without the hyphen,
    unless the document writes the word with one elsewhere or the part after it starts with
    a capital or a digit ("US-ASCII")."""

    def whole(m: re.Match[str]) -> str:
        head, tail = m.groups()
        keep = not tail or not head or f"{head}-{tail}".lower() in hyphenated or not tail[0].islower()
        return head + ("-" if keep else "") + tail

    return _SOFT_HYPHEN.sub(whole, text)


def _body_size(lines: list[list[str]], marks: list[list[LineMark] | None]) -> float:
    """The font size most of a PDF's text is set in (by characters; 0 where unknown)."""
    weight: dict[float, int] = {}
    for page_lines, page_marks in zip(lines, marks, strict=True):
        for line, mark in zip(page_lines, page_marks or [], strict=False):
            if line and mark.size > 0:
                weight[mark.size] = weight.get(mark.size, 0) + len(line)
    return max(weight, key=lambda size: weight[size]) if weight else 0.0


#: a cover's title is set at least this share of the body's size
_TITLE_FONT = 1.2


def _largest_line(lines: list[str], marks: Sequence[LineMark] | None, body_size: float) -> str | None:
    """The words a first page (its ``lines`` and their ``marks``) sets largest, when they stand
    well above the body (a cover's title, "Filesystem Hierarchy Standard", even where every
    page repeats it as a running header): the first run of lines in that size, up to
    :data:`_HEADING_LINES`."""
    if marks is None or len(marks) != len(lines) or body_size <= 0:
        return None
    size = max((m.size for ln, m in zip(lines, marks, strict=True) if ln and re.search(r"[^\W\d_]", ln)), default=0.0)
    if size < _TITLE_FONT * body_size:
        return None
    first = next(n for n, (ln, m) in enumerate(zip(lines, marks, strict=True)) if ln and m.size == size)
    run = [first]
    while len(run) < _HEADING_LINES and run[-1] + 1 < len(lines) and lines[run[-1] + 1] \
            and abs(marks[run[-1] + 1].size - size) < _SAME_SIZE:
        run.append(run[-1] + 1)
    title = " ".join(lines[n] for n in run)
    return title if len(title) <= 200 and not _GENERIC_HEADING.match(title) else None


#: an outline this long, most of whose entries are found in the text, gives the headings
_MIN_OUTLINE = 3


def _pdfium_lines(page: str) -> list[str]:
    """A page's lines as PDFium ends them (CR LF), each normalized: one for each of its marks."""
    return [normalize_text(ln.replace("\r", " ").replace("\n", " ")) for ln in page.split("\r\n")]


@_guarded("PDF")
def load_pdf(data: bytes, name: str) -> ParsedDocument:
    """A PDF's text by pages, read by PDFium in a bounded child process
    (:mod:`citadel.ingest.pdf_text`). Its headings are its outline's entries where it has
    an outline (bookmarks, as LaTeX, Texinfo and DocBook make them), else lines that look
    like headings; its table of contents and index are left out."""
    pdf = read_pdf(data, SOURCE_ALLOWANCE * limits().max_document_chars)
    pages = pdf.pages
    hyphenated = hyphenated_words("\n".join(pages))
    pages = [_soft_hyphens(page, hyphenated) for page in pages]
    running = _running_lines(pages)
    lines = [_pdfium_lines(page) for page in pages]
    cover_lines = list(lines[0]) if lines else []  # before a running header that is the title leaves
    marks = [page_marks if len(page_marks) == len(page_lines) else None
             for page_marks, page_lines in zip(pdf.marks, lines, strict=True)]  # fmt: skip
    body_size = _body_size(lines, marks)
    for page_lines in lines:
        _drop_running(page_lines, running)
    _drop_contents(lines, pdf.outline)
    placed = _outline_headings(lines, pdf.outline)
    use_outline = 2 * sum(len(on_page) for on_page in placed.values()) >= len(pdf.outline) >= _MIN_OUTLINE
    if use_outline:
        _drop_section_running(lines, pdf.outline, placed)
    code: list[list[int]] = [[] for _ in lines]
    paragraphs = [
        _pdf_paragraphs(page_lines, frozenset(), hyphenated,
                        {i: span for i, (_, span) in placed.get(n, {}).items()} if use_outline else None,
                        marks[n], body_size, code[n])
        for n, page_lines in enumerate(lines)
    ]  # fmt: skip
    builder = TextBuilder()
    headings: list[str] = []
    numbered = not use_outline and sum(1 for on_page in paragraphs for para, is_heading in on_page
                                       if is_heading and _NUMBERED_HEADING.match(para)) >= 3  # fmt: skip
    depth = 0  # the level of the last numbered heading
    for number, on_page in enumerate(paragraphs, start=1):
        builder.page = number
        levels = [level for _, (level, _) in sorted(placed.get(number - 1, {}).items())] if use_outline else []
        for k, (para, is_heading) in enumerate(on_page):
            if is_heading:
                headings.append(para)
                if use_outline:
                    level = levels.pop(0)
                # a numbered heading's level is the parts of its number ("2.4. OPTIONS": 2); in a
                # numbered document an unnumbered one stands under the numbered one before it
                elif (m := _NUMBERED_HEADING.match(para)) is not None:
                    level = depth = m["number"].count(".") + 1
                elif _PART_HEADING.match(para):  # "Chapter 2. The Filesystem": a top one
                    level = depth = 1
                else:
                    level = depth + 1 if numbered else 1
                builder.heading(level, para)
            else:
                builder.block(para, ChunkKind.CODE if k in code[number - 1] else ChunkKind.PARAGRAPH)
    # the title: the PDF's own unless a tool's placeholder, else the largest type of its first
    # page, else what that page opens with (a heading there, else its first line: a cover's
    # title), else its first real heading
    real = next((h for h in headings if not _GENERIC_HEADING.match(h)), None)
    cover = _largest_line(cover_lines, marks[0], body_size) if pages else None
    if cover is None and paragraphs:  # a numbered heading is a section's, not the title
        cover = next((p for p, is_heading in paragraphs[0] if is_heading and not _NUMBERED_HEADING.match(p)), None)
    opening = next((ln for ln in lines[0] if ln), "") if lines else ""
    if cover is None and len(opening) <= 100 and _running_key(opening) not in running \
            and re.search(r"[^\W\d_]", opening) and not _PAGE_NUMBER.match(opening):
        cover = opening
    if cover is not None and _GENERIC_HEADING.match(cover):
        cover = None
    title = (pdf.title if pdf.title and not _GENERIC_TITLE.match(pdf.title) else None) or cover or real \
        or _title_from_name(name)
    doc = builder.build(title, PDF, {"pages": len(pages)})
    return _require_text(doc, "the PDF has no extractable text (a scanned PDF needs OCR first)")


# --- DOCX -------------------------------------------------------------------------------


#: members smaller than this are not held to max_compression_ratio (a short, repetitive
#: XML part can compress very well without being a bomb)
RATIO_FLOOR_BYTES = 1 << 20


def check_docx_archive(data: bytes, kind: str = "DOCX") -> None:
    """Refuse a DOCX whose zip members would inflate past the limits, before opening it.

    First the sizes the zip's central directory declares: all members together
    against ``max_decompressed_bytes``, and each member of at least ``RATIO_FLOOR_BYTES``
    against ``max_compression_ratio``. Then every member is inflated once, in 64 KiB
    steps and without keeping the output, and refused if it holds more (or less) than
    it declares: Python's zipfile, which python-docx reads the parts through, inflates
    a whole member before cutting it to its declared size, so a forged size would
    otherwise let a bomb through. Only stored and deflated members, as Word writes, pass.
    """
    import struct
    import zipfile

    lim = limits()
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError, OSError) as exc:
        raise IngestError(f"could not open the {kind} ({describe(exc)}); the file may be corrupt") from exc
    total = 0
    for info in members:
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED) or info.flag_bits & 0x1:
            raise IngestError(
                f"the {kind} part {info.filename!r} is encrypted or uses an unsupported compression method"
            )
        total += info.file_size
        if total > lim.max_decompressed_bytes:
            raise too_large(f"the {kind}, decompressed,", total, "max_decompressed_bytes")
        ratio = info.file_size / max(info.compress_size, 1)
        if info.file_size >= RATIO_FLOOR_BYTES and ratio > lim.max_compression_ratio:
            raise LimitError(
                f"the {kind} part {info.filename!r} inflates {ratio:,.0f} times ({info.compress_size:,} bytes "
                f"to {info.file_size:,}), over the limit max_compression_ratio = {lim.max_compression_ratio:,} "
                "(a zip bomb?)",
                "max_compression_ratio",
            )
    view = memoryview(data)
    for info in members:
        start = info.header_offset
        if view[start : start + 4] != b"PK\x03\x04" or len(view) < start + 30:
            raise IngestError(f"the {kind} part {info.filename!r} is damaged; the file may be corrupt")
        name_len, extra_len = struct.unpack_from("<HH", view, start + 26)
        begin = start + 30 + name_len + extra_len
        raw = view[begin : begin + info.compress_size]
        held = len(raw) if info.compress_type == zipfile.ZIP_STORED else _inflated_size(raw, info.file_size)
        if held != info.file_size or len(raw) != info.compress_size:
            raise IngestError(
                f"the {kind} part {info.filename!r} declares {info.file_size:,} bytes but holds "
                f"{'more' if held > info.file_size else f'{held:,}'}; the file is corrupt or forged"
            )


def _inflated_size(raw: memoryview, declared: int) -> int:
    """Bytes a raw deflate stream inflates to, counted in steps; stops once past ``declared``.
    A stream that does not end (or is broken) counts as -1."""
    import zlib

    inflater = zlib.decompressobj(-zlib.MAX_WBITS)
    size = 0
    pending: bytes | memoryview = raw
    try:
        while not inflater.eof:
            out = inflater.decompress(pending, 1 << 16)
            size += len(out)
            if size > declared:
                return size
            pending = inflater.unconsumed_tail
            if not out and not pending:
                break
    except zlib.error:
        return -1
    return size if inflater.eof else -1


@_guarded("DOCX")
def load_docx(data: bytes, name: str) -> ParsedDocument:
    import zipfile

    import docx
    from docx.opc.exceptions import PackageNotFoundError
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    check_docx_archive(data)
    try:
        document = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise IngestError(
            f"could not open the DOCX ({describe(exc)}); the file may be corrupt"
        ) from exc
    builder = TextBuilder()
    title = (document.core_properties.title or "").strip()
    first_heading = ""
    for element in document.element.body.iterchildren():
        tag = element.tag.rsplit("}", 1)[-1]
        if tag == "p":
            para = Paragraph(element, document)
            text, style = para.text, (para.style.name if para.style is not None else "") or ""
            level = _docx_heading_level(style)
            if level is not None:
                first_heading = first_heading or text.strip()
                builder.heading(level, text)
            elif style.startswith("List"):
                marker = "1." if "Number" in style else "-"
                builder.block(
                    f"{marker} {text}" if text.strip() else "", ChunkKind.LIST, tight=True
                )
            else:
                builder.block(text)
        elif tag == "tbl":
            rows = [
                [" ".join(c.text.split()) for c in r.cells] for r in Table(element, document).rows
            ]
            rows = [_dedupe_merged(r) for r in rows]
            header = rows[0] if len(rows) > 1 else []
            for row in rows[1:] if header else rows:
                if any(row):
                    builder.block(_row_text(header, row), ChunkKind.TABLE_ROW, tight=True)
    title = title or first_heading or _title_from_name(name)
    return _require_text(builder.build(title, DOCX))


def _docx_heading_level(style: str) -> int | None:
    """'Title' is level 0, 'Heading N' is level N; anything else is not a heading."""
    if style == "Title":
        return 0
    if style.startswith("Heading"):
        last = style.split()[-1]
        return int(last) if last.isdigit() else 1
    return None


def _dedupe_merged(cells: list[str]) -> list[str]:
    """python-docx repeats a merged cell's text once per grid column; keep it once."""
    out: list[str] = []
    for cell in cells:
        if not out or cell != out[-1] or not cell:
            out.append(cell)
    return out


LOADERS: dict[str, tuple[str, Loader]] = {
    ".md": (MARKDOWN, load_markdown),
    ".markdown": (MARKDOWN, load_markdown),
    ".txt": (PLAIN, load_text),
    ".text": (PLAIN, load_text),
    ".html": (HTML, load_html),
    ".htm": (HTML, load_html),
    ".pdf": (PDF, load_pdf),
    ".docx": (DOCX, load_docx),
}


def _more_formats() -> None:
    """The formats of :mod:`citadel.ingest.formats` and the source code of
    :mod:`citadel.ingest.code`, by suffix."""
    from citadel.ingest import code
    from citadel.ingest import formats as f

    LOADERS.update({
        ".csv": (f.CSV, f.load_delimited), ".tsv": (f.TSV, f.load_delimited), ".tab": (f.TSV, f.load_delimited),
        ".eml": (f.EMAIL, f.load_email), ".ipynb": (f.NOTEBOOK, f.load_notebook),
        ".vtt": (f.VTT, f.load_transcript), ".srt": (f.SRT, f.load_transcript), ".py": (f.PYTHON, f.load_python),
        ".xlsx": (f.XLSX, f.load_xlsx), ".pptx": (f.PPTX, f.load_pptx),
    })  # fmt: skip
    # .js .mjs .cjs .jsx .ts .mts .cts .tsx .go .rs .java .c .h .cc .cpp .cxx .c++ .hh .hpp .hxx .h++ .cs
    # .rb .rake .sh .bash: each with its media type (code.JAVASCRIPT, code.GO, ...)
    LOADERS.update({suffix: (media_type, code.load_code) for suffix, (media_type, _) in code.SUFFIXES.items()})


_more_formats()


# --- files named by their content or compressed ---------------------------------------------

#: how much of a file's start is read to tell text from binary
SNIFF_BYTES = 8192
_CONTROL = bytes(b for b in range(32) if b not in (9, 10, 12, 13)) + b"\x7f"


def looks_like_text(head: bytes) -> bool:
    """The start of a file reads as text: no NUL byte, and under 1% control characters.

    Text files without an extension (README, NEWS, INSTALL, COPYING, changelog, copyright)
    and with one citadel has no loader for (``changelog.Debian``, ``NEWS.old``) are read as
    plain text when their content says they are text: valid UTF-8, or nearly all ASCII (a
    Latin-1 file then fails with the reason to re-save it). A BOM-marked UTF-16 file is text."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    if not head.strip() or b"\x00" in head:
        return False
    control = sum(head.count(bytes([b])) for b in _CONTROL)
    if control > 0.01 * len(head):
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if not (len(head) >= SNIFF_BYTES and exc.start >= len(head) - 4):  # not a character cut by the sample's end
            # other 8-bit text (Latin-1) is still text, to be refused with its reason
            return sum(b < 128 for b in head) >= 0.95 * len(head)
    return True


def loader_for(name: str, head: bytes | None = None) -> Loader | None:
    """The loader for a file: by its suffix, else by its content (``head``, the first
    :data:`SNIFF_BYTES`) when it looks like text; None when there is none."""
    suffix = Path(name).suffix.lower()
    if suffix in LOADERS:
        return LOADERS[suffix][1]
    if suffix == ".gz":
        return load_gzip
    if suffix in (".rst", ".rest"):
        from citadel.ingest.rst import load_rst

        return load_rst
    if suffix == ".org":
        from citadel.ingest.org import load_org

        return load_org
    if suffix in (".pod", ".pm", ".pl"):
        from citadel.ingest.pod import load_perl, load_pod

        return load_pod if suffix == ".pod" else load_perl
    from citadel.ingest.info import load_info_file, looks_like_info_file

    if head is not None and looks_like_info_file(head):  # its control marks are no binary file's
        return load_info_file
    if head is not None and looks_like_text(head):
        from citadel.ingest.man import load_man, looks_like_man

        return load_man if looks_like_man(name, head) else load_text_by_content
    return None


def load_text_by_content(data: bytes, name: str) -> ParsedDocument:
    """A text file known by its content, not its name (README, changelog, copyright): UTF-8,
    else read as Windows-1252/Latin-1 when nearly all of it is ASCII (old changelogs and
    copyright files are), recorded as ``metadata["encoding"]``. A file that claims to be
    text by its extension (``.txt``) must be UTF-8 and is refused otherwise."""
    try:
        return load_text(data, name)
    except IngestError as exc:
        if "not valid UTF-8" not in str(exc) or sum(b < 128 for b in data) < 0.95 * len(data):
            raise
    text = data.decode("cp1252", errors="replace") if b"\x81" not in data else data.decode("latin-1")
    doc = load_text(text.encode("utf-8"), name)
    return ParsedDocument(doc.title, doc.text, doc.blocks, doc.media_type, {**doc.metadata, "encoding": "cp1252"})


def gunzip(data: bytes, what: str = "the decompressed file") -> bytes:
    """The content of a gzip file (every member), refused as soon as it passes
    ``max_file_bytes``: a small archive that inflates without bound is stopped, not read."""
    import zlib

    bound = limits().max_file_bytes
    out: list[bytes] = []
    total = 0
    rest = data
    while rest:
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            chunk = inflater.decompress(rest, bound + 1 - total)
        except zlib.error as exc:
            raise IngestError(f"not a readable gzip file ({exc})") from exc
        total += len(chunk)
        out.append(chunk)
        check_size(what, total, "max_file_bytes")
        if inflater.unconsumed_tail:  # output stopped at the bound with input left
            check_size(what, bound + 1, "max_file_bytes")
        if not inflater.eof:
            raise IngestError("the gzip file is truncated")
        rest = inflater.unused_data.lstrip(b"\x00")
    return b"".join(out)


def load_gzip(data: bytes, name: str) -> ParsedDocument:
    """A gzip-compressed file, read as its inner name says (``ls.1.gz`` as ``ls.1``,
    ``README.md.gz`` as Markdown, ``changelog.Debian.gz`` by its content). The document
    records ``compressed: gzip`` in its metadata."""
    inner_name = name[:-3] if name.lower().endswith(".gz") else name
    inner = gunzip(data)
    loader = loader_for(inner_name, inner[:SNIFF_BYTES])
    if loader is None or loader is load_gzip:
        raise IngestError(f"the compressed file {inner_name!r} holds no text citadel can read")
    doc = loader(inner, inner_name)
    return ParsedDocument(doc.title, doc.text, doc.blocks, doc.media_type, {**doc.metadata, "compressed": "gzip"})
