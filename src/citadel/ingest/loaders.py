"""Loaders: one function per format, each turning a file's bytes into a ParsedDocument.

A loader raises :class:`~citadel.IngestError` with a message a person can act on
when a file cannot be read; it never returns a half-parsed document.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from citadel._errors import IngestError
from citadel.ingest.parsed import ParsedDocument, TextBuilder
from citadel.models import ChunkKind
from citadel.text import normalize_text

MARKDOWN = "text/markdown"
PLAIN = "text/plain"
HTML = "text/html"
PDF = "application/pdf"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"

Loader = Callable[[bytes, str], ParsedDocument]


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


def _require_text(doc: ParsedDocument, what: str = "no text found in the file") -> ParsedDocument:
    if not doc.text.strip():
        raise IngestError(what)
    return doc


# --- plain text -------------------------------------------------------------------------


def add_plain_paragraphs(builder: TextBuilder, text: str) -> None:
    """Add text split at blank lines; list-looking lines become list items."""
    for para in re.split(r"\n\s*\n", normalize_text(text)):
        lines = [ln for ln in para.split("\n") if ln.strip()]
        if lines and all(_LIST_ITEM.match(ln) for ln in lines):
            for ln in lines:
                builder.block(ln, ChunkKind.LIST, tight=True)
        else:
            builder.block(para)


_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+\S")


def load_text(data: bytes, name: str) -> ParsedDocument:
    text = normalize_text(decode_text(data))
    first, _, rest = text.partition("\n")
    title = _title_from_name(name)
    if rest.strip() and 0 < len(first) <= 100 and not first.rstrip().endswith((".", ":", ",")):
        title = first.strip()
    builder = TextBuilder()
    add_plain_paragraphs(builder, text)
    return _require_text(builder.build(title, PLAIN))


# --- Markdown ---------------------------------------------------------------------------

_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?)\n(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.S)


def _front_matter(text: str) -> tuple[dict[str, Any], str]:
    m = _FRONT_MATTER.match(text)
    if not m:
        return {}, text
    try:
        meta = yaml.safe_load(m.group(1)) or {}
    except yaml.YAMLError as exc:
        raise IngestError(f"invalid YAML front matter: {exc}") from exc
    if not isinstance(meta, dict):
        raise IngestError("front matter must be a YAML mapping of keys to values")
    return {str(k): v for k, v in meta.items()}, text[m.end() :]


def _inline(token: Any) -> str:
    parts: list[str] = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif child.type == "image":
            parts.append(_inline(child) or child.attrs.get("alt", ""))
    return "".join(parts)


def _row_text(header: list[str], cells: list[str]) -> str:
    if not header or len(header) != len(cells):
        return " | ".join(cells)
    return "; ".join(f"{h}: {c}" if h else c for h, c in zip(header, cells) if c or h)


def load_markdown(data: bytes, name: str) -> ParsedDocument:
    from markdown_it import MarkdownIt

    meta, body = _front_matter(decode_text(data).replace("\r\n", "\n"))
    tokens = MarkdownIt("commonmark").enable("table").parse(body)
    builder = TextBuilder()
    first_h1: str | None = None
    lists: list[list[int]] = []  # per open list: [is_ordered, next_number]
    header: list[str] = []
    row: list[str] = []
    in_head = False
    fresh = True  # the next list item or table row starts a new run
    for i, tok in enumerate(tokens):
        t = tok.type
        if t == "heading_open":
            text = _inline(tokens[i + 1])
            first_h1 = first_h1 or (text if tok.tag == "h1" else None)
            builder.heading(int(tok.tag[1]), text)
        elif t in ("bullet_list_open", "ordered_list_open"):
            fresh = True
            lists.append([t == "ordered_list_open", int(tok.attrs.get("start", 1) or 1)])
        elif t in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif t == "inline" and tokens[i - 1].type == "paragraph_open":
            text = _inline(tok)
            if lists:
                if tokens[i - 2].type == "list_item_open":  # first paragraph of an item
                    ordered, number = lists[-1]
                    text = f"{number}. {text}" if ordered else f"- {text}"
                    lists[-1][1] += 1
                builder.block(text, ChunkKind.LIST, tight=not fresh)
                fresh = False
            else:
                kind = ChunkKind.QUOTE if _inside(tokens, i, "blockquote") else ChunkKind.PARAGRAPH
                builder.block(text, kind)
        elif t in ("fence", "code_block"):
            builder.block(tok.content, ChunkKind.CODE)
        elif t == "html_block":
            text = _html_fragment_text(tok.content)
            if text:
                builder.block(text)
        elif t == "thead_open":
            in_head, header = True, []
        elif t == "thead_close":
            in_head, fresh = False, True
        elif t == "tr_open":
            row = []
        elif t in ("th_open", "td_open"):
            row.append(_inline(tokens[i + 1]).strip())
        elif t == "tr_close":
            if in_head:
                header = row
            elif any(row):
                builder.block(_row_text(header, row), ChunkKind.TABLE_ROW, tight=not fresh)
                fresh = False
    title = str(meta.pop("title", "") or first_h1 or _title_from_name(name))
    return _require_text(builder.build(title, MARKDOWN, meta))


def _inside(tokens: list[Any], index: int, kind: str) -> bool:
    depth = 0
    for tok in reversed(tokens[:index]):
        if tok.type == f"{kind}_close":
            depth += 1
        elif tok.type == f"{kind}_open":
            if depth == 0:
                return True
            depth -= 1
    return False


def _html_fragment_text(html: str) -> str:
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(html)
    for node in tree.css("script, style"):
        node.decompose()
    return " ".join((tree.body.text(deep=True, separator=" ") if tree.body else "").split())


# --- HTML -------------------------------------------------------------------------------

_DROP = "script, style, nav, header, footer, aside, noscript, form, template, svg, iframe, button"
_DROP_ROLES = '[role="navigation"], [role="banner"], [role="contentinfo"], [aria-hidden="true"]'
_BLOCK_TAGS = {
    "p", "div", "section", "article", "main", "ul", "ol", "li", "table", "pre", "blockquote",
    "h1", "h2", "h3", "h4", "h5", "h6", "dl", "dt", "dd", "figure", "figcaption", "hr",
    "thead", "tbody", "tfoot", "tr", "td", "th", "details", "summary", "address", "body",
}  # fmt: skip


def _node_inline(node: Any) -> str:
    """Inline text of a node, skipping nested block containers like lists and tables."""
    parts: list[str] = []
    for child in node.iter(include_text=True):
        if child.tag == "-text":
            parts.append(child.text(deep=False))
        elif child.tag == "br":
            parts.append(" ")
        elif child.tag in ("ul", "ol", "table"):
            continue
        else:
            parts.append(" " + _node_inline(child) + " " if child.tag in _BLOCK_TAGS else _node_inline(child))
    return "".join(parts)


class _HtmlWalker:
    def __init__(self) -> None:
        self.builder = TextBuilder()
        self.first_h1: str | None = None

    def walk(self, node: Any, list_depth: int = 0) -> None:
        pending: list[str] = []

        def flush() -> None:
            text = " ".join("".join(pending).split())
            if text:
                self.builder.block(text)
            pending.clear()

        for child in node.iter(include_text=True):
            tag = child.tag
            if tag == "-text":
                pending.append(child.text(deep=False))
            elif tag not in _BLOCK_TAGS:
                pending.append(_node_inline(child) if tag != "br" else " ")
            else:
                flush()
                self._block(child, tag, list_depth)
        flush()

    def _block(self, node: Any, tag: str, list_depth: int) -> None:
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            text = _node_inline(node)
            if tag == "h1" and self.first_h1 is None:
                self.first_h1 = " ".join(text.split())
            self.builder.heading(int(tag[1]), text)
        elif tag in ("ul", "ol"):
            number = 1
            for item in node.iter():
                if item.tag == "li":
                    marker = f"{number}." if tag == "ol" else "-"
                    text = f"{marker} {_node_inline(item)}"
                    self.builder.block(text, ChunkKind.LIST, tight=number > 1)
                    number += 1
                    for nested in item.iter():
                        if nested.tag in ("ul", "ol"):
                            self._block(nested, nested.tag, list_depth + 1)
        elif tag == "table":
            self._table(node)
        elif tag == "pre":
            self.builder.block(node.text(deep=True), ChunkKind.CODE)
        elif tag == "blockquote" and not node.css_first("p, div, ul, ol, table"):
            self.builder.block(_node_inline(node), ChunkKind.QUOTE)
        elif tag in ("p", "dt", "dd", "figcaption", "summary", "address", "li"):
            if node.css_first("ul, ol, table, p, div"):
                self.walk(node, list_depth)
            else:
                self.builder.block(_node_inline(node))
        elif tag != "hr":
            self.walk(node, list_depth)

    def _table(self, node: Any) -> None:
        header: list[str] = []
        first = True
        for tr in node.css("tr"):
            cells = [" ".join(_node_inline(c).split()) for c in tr.iter() if c.tag in ("td", "th")]
            is_head = all(c.tag == "th" for c in tr.iter() if c.tag in ("td", "th"))
            if is_head and not header:
                header = cells
            elif any(cells):
                self.builder.block(_row_text(header, cells), ChunkKind.TABLE_ROW, tight=not first)
                first = False


def load_html(data: bytes, name: str) -> ParsedDocument:
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(decode_text(data))
    title_node = tree.css_first("title")
    page_title = " ".join(title_node.text().split()) if title_node else ""
    for node in tree.css(f"{_DROP}, {_DROP_ROLES}"):
        node.decompose()
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
    title = page_title or walker.first_h1 or _title_from_name(name)
    return _require_text(walker.builder.build(title, HTML, meta), "no readable text in the HTML body")


# --- PDF --------------------------------------------------------------------------------


_END_OF_SENTENCE = (".", "!", "?", ":", '"', "\u201d", ")")
_PAGE_NUMBER = re.compile(r"^(?:page\s+)?\d+(?:\s*(?:/|of)\s*\d+)?$", re.I)


def _pdf_paragraphs(page_text: str) -> list[tuple[str, bool]]:
    """Rebuild (text, is_heading) paragraphs from a PDF page's lines.

    PDF text has a line break at every visual line. A paragraph ends at a blank
    line, or at a line that ends a sentence and stops well short of the page's
    usual line length. A short line without closing punctuation that starts a new
    paragraph and is followed by more text is a heading. Bare page numbers are dropped.
    """
    lines = [ln.strip() for ln in normalize_text(page_text).split("\n")]
    full = max((len(ln) for ln in lines), default=0)
    out: list[tuple[str, bool]] = []
    current: list[str] = []

    def flush() -> None:
        if current:
            out.append((" ".join(current), False))
            current.clear()

    for i, line in enumerate(lines):
        if not line:
            flush()
        elif _PAGE_NUMBER.match(line):
            continue
        elif not current and _looks_like_heading(line) and any(lines[i + 1 :]):
            out.append((line, True))
        else:
            current.append(line)
            if line.endswith(_END_OF_SENTENCE) and len(line) < 0.85 * full:
                flush()
    flush()
    return out


def _looks_like_heading(line: str) -> bool:
    return (
        2 < len(line) <= 70
        and not line.endswith((".", ",", ";", ":", "?", "!"))
        and line[:1].isupper()
        and len(line.split()) <= 10
    )


def load_pdf(data: bytes, name: str) -> ParsedDocument:
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise IngestError("the PDF is encrypted with a password; decrypt it first")
        pages = [page.extract_text() or "" for page in reader.pages]
        info = reader.metadata
        pdf_title = (info.title or "").strip() if info else ""
    except IngestError:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, OSError) as exc:
        raise IngestError(f"could not read the PDF ({exc}); the file may be corrupt") from exc
    builder = TextBuilder()
    first_heading: str | None = None
    for number, raw in enumerate(pages, start=1):
        builder.page = number
        for para, is_heading in _pdf_paragraphs(raw):
            if is_heading:
                first_heading = first_heading or para
                builder.heading(1, para)
            else:
                builder.block(para)
    title = pdf_title or first_heading or _title_from_name(name)
    doc = builder.build(title, PDF, {"pages": len(pages)})
    return _require_text(doc, "the PDF has no extractable text (a scanned PDF needs OCR first)")


# --- DOCX -------------------------------------------------------------------------------


def load_docx(data: bytes, name: str) -> ParsedDocument:
    import zipfile

    import docx
    from docx.opc.exceptions import PackageNotFoundError
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    try:
        document = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise IngestError(f"could not open the DOCX ({exc}); the file may be corrupt") from exc
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
                builder.block(f"{marker} {text}" if text.strip() else "", ChunkKind.LIST, tight=True)
            else:
                builder.block(text)
        elif tag == "tbl":
            rows = [[" ".join(c.text.split()) for c in r.cells] for r in Table(element, document).rows]
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
