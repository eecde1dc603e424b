"""More formats of documentation trees: CSV/TSV tables, e-mail, Jupyter notebooks, WebVTT and
SRT transcripts, Python source.

Each loader reads the bytes with the standard library only and builds blocks a person can
cite: a table row with its header, a message's headers and body, a notebook's markdown and
code cells (with their outputs as text), a transcript's cues merged into passages that keep
their times, a Python function or class with its qualified name as its heading.
"""

from __future__ import annotations

import ast
import csv
import io
import json
import re
from typing import Any

from citadel._errors import IngestError
from citadel.ingest.parsed import ParsedDocument, TextBuilder, row_location, row_text
from citadel.models import ChunkKind, Location, clock
from citadel.text import normalize_text

CSV = "text/csv"
TSV = "text/tab-separated-values"
EMAIL = "message/rfc822"
NOTEBOOK = "application/x-ipynb+json"
VTT = "text/vtt"
SRT = "application/x-subrip"
PYTHON = "text/x-python"


def _decode(data: bytes, what: str) -> str:
    from citadel.ingest.loaders import _check_source_chars, decode_text

    text = decode_text(data)
    _check_source_chars(text, what)
    return text


def _require(doc: ParsedDocument, what: str) -> ParsedDocument:
    if not doc.text.strip():
        raise IngestError(f"no text found in the {what}")
    return doc


# --- tables ---------------------------------------------------------------------------------


def load_delimited(data: bytes, name: str) -> ParsedDocument:
    """A CSV or TSV file: each data row one block with its header ("Plan: Pro; Price: $12")."""
    tab = name.lower().endswith((".tsv", ".tab"))
    text = _decode(data, "TSV file" if tab else "CSV file")
    dialect: Any = csv.excel_tab if tab else csv.excel
    if not tab:
        try:
            dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t|")
        except csv.Error:
            dialect = csv.excel
    rows = [r for r in csv.reader(io.StringIO(text), dialect) if any(c.strip() for c in r)]
    if not rows:
        raise IngestError("the table has no rows")
    header = [h.strip() for h in rows[0]]
    builder = TextBuilder()
    title = re.sub(r"\.(?:csv|tsv|tab)$", "", name, flags=re.IGNORECASE)
    builder.heading(1, title)
    for k, row in enumerate(rows[1:]):
        cells = [c.strip() for c in row]
        builder.block(row_text(header, cells), ChunkKind.TABLE_ROW, tight=k > 0, at=row_location(k + 1, header, cells))
    meta = {"columns": header, "rows": len(rows) - 1}
    return _require(builder.build(title, TSV if tab else CSV, meta), "table")


# --- e-mail ---------------------------------------------------------------------------------


def load_email(data: bytes, name: str) -> ParsedDocument:
    """An e-mail (``.eml``): subject as title, who and when as a first block, the plain text
    body (or the HTML one's text), attachments named but not read."""
    from email import policy
    from email.parser import BytesParser

    from citadel.ingest.loaders import _html_fragment_text, add_plain_paragraphs, check_size

    check_size("the e-mail", len(data), "max_file_bytes")
    message = BytesParser(policy=policy.default).parsebytes(data)
    subject = str(message.get("subject", "") or "").strip()
    builder = TextBuilder()
    builder.heading(1, subject or name)
    head = "; ".join(f"{k}: {message[k]}" for k in ("From", "To", "Cc", "Date") if message.get(k))
    if head:
        builder.block(head)
    body = message.get_body(preferencelist=("plain", "html"))
    if body is not None:
        content = body.get_content()
        if body.get_content_subtype() == "html":
            content = _html_fragment_text(content)
        add_plain_paragraphs(builder, normalize_text(str(content)))
    attachments = [a.get_filename() or "unnamed" for a in message.iter_attachments()]
    if attachments:
        builder.block("Attachments: " + ", ".join(attachments))
    meta = {k.lower(): str(message[k]) for k in ("From", "To", "Date", "Message-ID") if message.get(k)}
    return _require(builder.build(subject or name, EMAIL, meta), "e-mail")


# --- notebooks ------------------------------------------------------------------------------


def load_notebook(data: bytes, name: str) -> ParsedDocument:
    """A Jupyter notebook: markdown cells as prose (their headings as headings), code cells
    as code, their text outputs (stream, plain-text results, errors) as text after them."""

    try:
        nb = json.loads(_decode(data, "notebook"))
    except (json.JSONDecodeError, RecursionError) as exc:
        raise IngestError(f"not a readable notebook (JSON: {exc})") from exc
    cells = nb.get("cells") if isinstance(nb, dict) else None
    if not isinstance(cells, list):
        raise IngestError("not a Jupyter notebook (no list of cells)")
    builder = TextBuilder()
    title = ""
    for number, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict):
            continue
        source = _joined(cell.get("source"))
        kind = cell.get("cell_type")
        at = Location(cell=number)
        if kind == "markdown":
            for para in re.split(r"\n\s*\n", source):
                m = re.match(r"^(#{1,6})\s+(.+?)\s*#*\s*$", para.strip())
                if m and "\n" not in para.strip():
                    title = title or m.group(2)
                    builder.heading(len(m.group(1)), m.group(2), at=at)
                elif para.strip():
                    _cell_paragraphs(builder, para, at)
        elif kind == "code" and source.strip():
            builder.block(source, ChunkKind.CODE, at=at)
            for out in cell.get("outputs") or []:
                text = _output_text(out)
                if text.strip():
                    builder.block("Output: " + text, at=at)
        elif kind == "raw" and source.strip():
            _cell_paragraphs(builder, source, at)
    return _require(builder.build(title or re.sub(r"\.ipynb$", "", name), NOTEBOOK), "notebook")


def _cell_paragraphs(builder: TextBuilder, text: str, at: Location) -> None:
    """A cell's prose as paragraphs (list-looking lines as items), each at the cell."""
    from citadel.ingest.loaders import add_plain_paragraphs

    part = TextBuilder(max_chars=builder.max_chars)
    add_plain_paragraphs(part, text)
    doc = part.build("", "")
    for b in doc.blocks:
        builder.block(doc.text[b.start:b.end], b.kind, tight=b.kind is ChunkKind.LIST, at=at)


def _joined(value: Any) -> str:
    if isinstance(value, list):
        return "".join(str(v) for v in value)
    return str(value or "")


def _output_text(out: Any) -> str:
    if not isinstance(out, dict):
        return ""
    if out.get("output_type") == "stream":
        return _joined(out.get("text"))
    if out.get("output_type") == "error":
        return f"{out.get('ename', 'Error')}: {out.get('evalue', '')}"
    data = out.get("data") or {}
    return _joined(data.get("text/plain")) if isinstance(data, dict) else ""


# --- transcripts ----------------------------------------------------------------------------

_CUE_TIME = re.compile(r"(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})\s*-->\s*(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})")
#: cues are merged into passages of about this many characters, never across a gap this long
PASSAGE_CHARS = 400
PASSAGE_GAP_S = 5.0


def _seconds(h: str | None, m: str, s: str, ms: str) -> float:
    return int(h or 0) * 3600 + int(m) * 60 + int(s) + int(ms.ljust(3, "0")) / 1000


#: a WebVTT voice span that opens a cue: "<v Ben>", "<v.loud Anna Smith>". A class name holds no
#: dot and the name starts after the spaces, so a tag that never closes ("<v.a.a.a...", "<v  ...")
#: fails in one pass (classes that could take dots backtracked exponentially, the spaces quadratically)
_VOICE = re.compile(r"<v(?:\.[^\s>.]+)*\s+([^>\s][^>]*)>")


def load_transcript(data: bytes, name: str) -> ParsedDocument:
    """A WebVTT or SRT transcript: cues merged into passages (up to about
    :data:`PASSAGE_CHARS` characters, split at a pause of :data:`PASSAGE_GAP_S`), each passage
    led by its times ("[00:12:05-00:12:31] ...") and kept in ``metadata["passages"]``. A
    WebVTT voice ("<v Ben>") makes each speaker's turn a passage of its own, led by the name
    ("[00:00:05-00:00:12] Ben: Yesterday I ..."): who said it is often what is asked."""
    vtt = name.lower().endswith(".vtt")
    text = _decode(data, "transcript").replace("\r\n", "\n")
    cues: list[tuple[float, float, str, str]] = []  # start, end, words, speaker ("" when unnamed)
    for block in re.split(r"\n\s*\n", text):
        lines = [ln for ln in block.strip().split("\n") if ln.strip()]
        for i, line in enumerate(lines):
            m = _CUE_TIME.search(line)
            if m:
                start, end = _seconds(*m.groups()[:4]), _seconds(*m.groups()[4:])
                voice = next((v for ln in lines[i + 1:] if (v := _VOICE.match(ln.strip()))), None)
                words = " ".join(re.sub(r"<[^>]+>", "", ln).strip() for ln in lines[i + 1:])
                if words:
                    cues.append((start, end, words, " ".join(voice[1].split()) if voice else ""))
                break
    if not cues:
        raise IngestError("no timed cues found in the transcript")
    builder = TextBuilder()
    passages: list[dict[str, Any]] = []
    current: list[tuple[float, float, str, str]] = []

    def flush() -> None:
        if current:
            start, end = current[0][0], current[-1][1]
            words = " ".join(c[2] for c in current)
            if current[0][3]:  # one speaker's turn: "Ben: Yesterday I ..."
                words = f"{current[0][3]}: {words}"
            builder.block(f"[{clock(start)}-{clock(end)}] {words}", at=Location(time_start=start, time_end=end))
            passages.append({"time_start": start, "time_end": end})
            current.clear()

    for cue in cues:
        if current and (cue[0] - current[-1][1] > PASSAGE_GAP_S or (cue[3] and cue[3] != current[-1][3])
                        or sum(len(c[2]) for c in current) + len(cue[2]) > PASSAGE_CHARS):
            flush()
        current.append(cue)
    flush()
    title = re.sub(r"\.(?:vtt|srt)$", "", name, flags=re.IGNORECASE)
    return builder.build(title, VTT if vtt else SRT, {"passages": passages})


# --- source code ----------------------------------------------------------------------------


def load_python(data: bytes, name: str) -> ParsedDocument:
    """Python source, parsed with ``ast``: the module docstring, then each top-level function
    and class (and each method and nested class) as a code block under its qualified name
    ("Store.put"), with the lines it spans (``metadata["symbols"]``). Every line of the file is
    kept, once and in order: top-level statements and comments between definitions as code
    under "module (module level)", a class's statements between or after its members as code
    under "Class (class level)" with the class as their symbol. A file ``ast`` cannot parse
    (Python 2) is kept as code without symbols, with the reason in ``metadata["parse_error"]``."""
    source = _decode(data, "Python file").replace("\r\n", "\n").replace("\r", "\n")
    module = re.sub(r"\.py$", "", name)
    try:
        tree = ast.parse(source, filename=name)
    except (SyntaxError, ValueError, RecursionError) as exc:
        # Python 2 examples, templates: still worth finding, as code without symbols
        builder = TextBuilder()
        for m in re.finditer(r"[^\n]*\S[^\n]*(?:\n[^\n]*\S[^\n]*)*", source):
            first = source.count("\n", 0, m.start()) + 1
            builder.block(m.group(0), ChunkKind.CODE, at=Location.lines(first, first + m.group(0).count("\n")))
        problem = f"not valid Python 3 ({exc.__class__.__name__}: {exc})"[:200]
        return _require(builder.build(module, PYTHON, {"parse_error": problem}), "Python file")
    sections = _PythonSections(TextBuilder(), source.split("\n"), module)
    sections.module(tree)
    return _require(sections.builder.build(module, PYTHON, {"symbols": sections.symbols}), "Python file")


_DEFINITION = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def _span(node: ast.stmt) -> tuple[int, int]:
    """A statement's file lines, its decorators included."""
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
    return first, node.end_lineno or node.lineno


class _PythonSections:
    """Adds a parsed module to a builder line by line: each file line goes into exactly one
    block (blank lines at a block's ends left out), so nothing of the file is lost and every
    code block's lines are the file's."""

    def __init__(self, builder: TextBuilder, lines: list[str], module: str) -> None:
        self.builder, self.lines, self.name = builder, lines, module
        self.symbols: list[dict[str, Any]] = []

    def module(self, tree: ast.Module) -> None:
        self.builder.heading(1, self.name)
        cursor = 1
        doc = ast.get_docstring(tree)
        span = self._docstring_lines(tree.body[0]) if doc else None
        if doc and span:
            self.code(1, span[0] - 1)  # a #! line, an encoding or licence comment above the docstring
            self.builder.block(doc, at=Location.lines(*span))
            cursor = span[1] + 1
        for node in tree.body:
            if isinstance(node, _DEFINITION):
                first, last = _span(node)
                self.loose(cursor, first - 1, f"{self.name} (module level)", 2)
                self.definition(node, node.name, 2)
                cursor = last + 1
        self.loose(cursor, len(self.lines), f"{self.name} (module level)", 2)

    def definition(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, qualified: str,
                   level: int) -> None:
        """A definition under its own heading; a class's methods and nested classes each
        under theirs, the class's other statements after its first member under
        "Class (class level)"."""
        a, b = _span(node)
        self.builder.heading(level, qualified, at=Location(symbol=qualified, line_start=a, line_end=a))
        self.symbols.append({"symbol": qualified, "line_start": a, "line_end": b})
        members = [n for n in node.body if isinstance(n, _DEFINITION)] if isinstance(node, ast.ClassDef) else []
        head_end = _span(members[0])[0] - 1 if members else b
        doc = ast.get_docstring(node)
        span = self._docstring_lines(node.body[0]) if doc else None
        if doc and span and span[0] > a:
            # the signature as code, the docstring as prose led by the symbol's name (what a
            # question about the symbol reads: "Store.put: Save ..."), the rest as code
            self.code(a, span[0] - 1, qualified)
            at = Location(symbol=qualified, line_start=span[0], line_end=span[1])
            for k, para in enumerate(p for p in re.split(r"\n\s*\n", doc) if p.strip()):
                self.builder.block(f"{qualified}: {para}" if k == 0 else para, at=at)
            self.code(span[1] + 1, head_end, qualified)
        else:
            self.code(a, head_end, qualified)
        cursor = head_end + 1
        for member in members:
            first, last = _span(member)
            self.loose(cursor, first - 1, f"{qualified} (class level)", level + 1, qualified)
            self.definition(member, f"{qualified}.{member.name}", level + 1)
            cursor = last + 1
        if members:
            self.loose(cursor, b, f"{qualified} (class level)", level + 1, qualified)

    def loose(self, first: int, last: int, heading: str, level: int, symbol: str | None = None) -> None:
        """Lines between definitions, under ``heading`` when any of them is not blank."""
        if any(line.strip() for line in self.lines[first - 1:last]):
            self.builder.heading(level, heading)
            self.code(first, last, symbol)

    def code(self, first: int, last: int, symbol: str | None = None) -> None:
        """File lines ``first..last`` as one code block (blank lines at either end left out)."""
        while first <= last and not self.lines[first - 1].strip():
            first += 1
        while last >= first and not self.lines[last - 1].strip():
            last -= 1
        if last >= first:
            self.builder.block("\n".join(self.lines[first - 1:last]), ChunkKind.CODE,
                               at=Location(symbol=symbol, line_start=first, line_end=last))

    def _docstring_lines(self, node: ast.stmt) -> tuple[int, int] | None:
        """The lines of a docstring statement when it stands on them alone (nothing before it
        on its first line, nothing after it on its last), else None: then it stays in the code."""
        if node.end_lineno is None or node.end_col_offset is None:
            return None
        before = self.lines[node.lineno - 1].encode()[:node.col_offset]  # ast's columns are UTF-8 bytes
        after = self.lines[node.end_lineno - 1].encode()[node.end_col_offset:]
        return (node.lineno, node.end_lineno) if not before.strip() and not after.strip() else None


# --- spreadsheets and slides ----------------------------------------------------------------

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


def load_xlsx(data: bytes, name: str) -> ParsedDocument:
    """An Excel workbook: each sheet a section, each data row a block with its header
    ("Plan: Pro; Price: 12"); formulas read as their last computed values. The zip is
    checked for bombs before openpyxl opens it."""
    from openpyxl import load_workbook

    from citadel.ingest.loaders import check_docx_archive

    check_docx_archive(data, "XLSX")
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds on a damaged file
        raise IngestError(f"could not open the XLSX ({exc.__class__.__name__}); the file may be corrupt") from exc
    builder = TextBuilder()
    sheets: list[dict[str, Any]] = []
    try:
        for sheet in book.worksheets:
            rows = [["" if v is None else str(v).strip() for v in row] for row in sheet.iter_rows(values_only=True)]
            rows = [r for r in rows if any(r)]
            if not rows:
                continue
            builder.heading(1, sheet.title)
            header = rows[0]
            for k, row in enumerate(rows[1:]):
                builder.block(row_text(header, row), ChunkKind.TABLE_ROW, tight=k > 0, at=row_location(k + 1, header, row))
            sheets.append({"sheet": sheet.title, "columns": [h for h in header if h], "rows": len(rows) - 1})
    finally:
        book.close()
    title = re.sub(r"\.xlsx$", "", name, flags=re.IGNORECASE)
    return _require(builder.build(title, XLSX, {"sheets": sheets}), "workbook")


def load_pptx(data: bytes, name: str) -> ParsedDocument:
    """A PowerPoint deck: each slide a section headed by its number and title, its text
    frames and table rows as blocks, its notes after them ("Notes: ..."). The zip is checked
    for bombs before python-pptx opens it."""
    from pptx import Presentation

    from citadel.ingest.loaders import check_docx_archive

    check_docx_archive(data, "PPTX")
    try:
        deck = Presentation(io.BytesIO(data))
    except Exception as exc:  # python-pptx raises many kinds on a damaged file
        raise IngestError(f"could not open the PPTX ({exc.__class__.__name__}); the file may be corrupt") from exc
    builder = TextBuilder()
    title = ""
    for number, slide in enumerate(deck.slides, start=1):
        heading_shape = slide.shapes.title
        slide_title = heading_shape.text_frame.text.strip() if heading_shape is not None and heading_shape.has_text_frame else ""
        title = title or slide_title
        at = Location(slide=number)
        builder.heading(1, f"Slide {number}" + (f": {slide_title}" if slide_title else ""), at=at)
        for shape in slide.shapes:
            if shape is heading_shape:
                continue
            if shape.has_text_frame:
                for para in shape.text_frame.paragraphs:
                    text = "".join(run.text for run in para.runs).strip()
                    if text:
                        builder.block(text, ChunkKind.LIST if para.level else ChunkKind.PARAGRAPH, at=at)
            if getattr(shape, "has_table", False) and shape.has_table:
                rows = [[cell.text.strip() for cell in row.cells] for row in shape.table.rows]
                header = rows[0] if rows else []
                for k, row in enumerate(rows[1:]):
                    builder.block(row_text(header, row), ChunkKind.TABLE_ROW, tight=k > 0,
                                  at=row_location(k + 1, header, row, at))
        if slide.has_notes_slide:
            notes = slide.notes_slide.notes_text_frame.text.strip() if slide.notes_slide.notes_text_frame else ""
            if notes:
                builder.block(f"Notes: {notes}", at=at)
    doc_title = title or re.sub(r"\.pptx$", "", name, flags=re.IGNORECASE)
    return _require(builder.build(doc_title, PPTX, {"slides": len(deck.slides)}), "deck")
