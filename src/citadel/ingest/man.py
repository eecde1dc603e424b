"""Man pages in roff (the ``man`` macros): sections as headings, each option with its
description as one unit.

Only what a reader sees is kept. The page's setup (macro definitions ``.de`` ... ``..``,
conditionals ``.if``/``.ie``/``.el`` with their ``\\{ ... \\}`` blocks, registers, strings,
font and spacing requests) is skipped; font escapes (``\\fB``, ``\\f(CW``), size changes and
zero-width marks are dropped; named characters (``\\(em``, ``\\[lq]``, ``\\*(lq``) become
their glyphs. ``.SH`` and ``.SS`` become headings; a ``.TP`` or ``.IP`` item becomes one list
block "term: description", so an option is found and cited with what it does; ``.nf``/``.EX``
blocks stay as code. The title is ``name(section)`` from ``.TH``.

Pages in mdoc, the BSD macro set (``.Dd``/``.Sh``/``.Fl``: OpenSSH's, ``file.1``), are read by
:mod:`citadel.ingest.mdoc`.

A file is read as a man page when its name ends like one (``ls.1``, ``open.3pm``,
``sshd_config.5``; ``ls.1.gz`` once decompressed) and its first lines hold ``.TH`` or ``.SH``.
"""

from __future__ import annotations

import re

from citadel._errors import IngestError
from citadel.ingest.parsed import ParsedDocument, TextBuilder, heads_answer, row_location, term_glue
from citadel.models import ChunkKind, Location

MAN = "text/troff"
_MAN_SUFFIX = re.compile(r"\.(?:[1-9][a-z0-9]{0,8}|man|n)$", re.IGNORECASE)
_MAN_MARK = re.compile(rb"^[.'][ \t]*(?:TH|SH|Dd|Dt|Sh)\b", re.MULTILINE)  # man or mdoc


def section_heading(text: str) -> str:
    """A section heading as citadel shows it: one in capitals ("SEE ALSO") capitalized like
    a sentence ("See also"), as every man page reader here does (roff, mdoc, rendered text)."""
    return text.capitalize() if text.isupper() else text


def looks_like_man(name: str, head: bytes) -> bool:
    """A man page by name and content (``.TH`` or ``.SH`` near the start; mdoc's ``.Dd``,
    ``.Dt`` or ``.Sh``)."""
    return bool(_MAN_SUFFIX.search(name)) and bool(_MAN_MARK.search(head[:8192]))


_GLYPHS = {
    "em": "\u2014", "en": "\u2013", "hy": "-", "aq": "'", "dq": '"', "lq": "\u201c", "rq": "\u201d",
    "oq": "\u2018", "cq": "\u2019", "bu": "\u2022", "co": "\u00a9", "rg": "\u00ae", "tm": "\u2122",
    "mu": "\u00d7", "di": "\u00f7", ">=": "\u2265", "<=": "\u2264", "->": "\u2192", "<-": "\u2190",
    "la": "\u27e8", "ra": "\u27e9", "ti": "~", "ha": "^", "ga": "`", "rs": "\\", "sl": "/",
    "lB": "[", "rB": "]", "lC": "{", "rC": "}", "Tm": "\u2122", "R": "\u00ae", "pl": "+", "mi": "-",
    "eq": "=", "de": "\u00b0", "dg": "\u2020", "ss": "\u00df", "ct": "\u00a2", "ps": "\u00b6",
    "sc": "\u00a7", "fm": "\u2032", "or": "|", "ci": "\u25cb", "sq": "\u25a1",
}
_ESCAPE = re.compile(
    r"\\(?:"
    r"f(?:\[[^\]]*\]|\(..|.)"  # font
    r"|s[+-]?(?:\d|\(\d\d|\[\d+\])"  # size
    r"|[(](?P<g2>..)|\[(?P<gb>[^\]]+)\]"  # named glyph
    r"|\*(?:\((?P<s2>..)|\[(?P<sb>[^\]]+)\]|(?P<s1>.))"  # string
    r"|n(?:\(..|\[[^\]]*\]|.)"  # register
    r"|C'(?P<gq>[^']*)'"  # named glyph, quoted
    r"|[whvXNlLbDoxZkHSRAB]'[^']*'"  # width, motion, device, drawing, font height and slant
    r"|[mMYVgO](?:\[[^\]]*\]|\(..|.)"  # colours (DocBook's links: \m[blue]...\m[]), device, format
    r"|[udrpzj]"  # half-line up and down (DocBook's "\u[1]\d" link marks), reverse line, break, zero width
    r"|(?P<one>.)"
    r")"
)
_ONE = {"-": "-", "e": "\\", "E": "\\", "\\": "\\", "&": "", "~": " ", " ": " ", "0": " ", "|": "", "^": "",
        "c": "", "%": "", ":": "", "t": " ", ".": ".", "'": "'", "`": "`", "!": "", "/": "", ",": "",
        "{": "", "}": "", "a": ""}


def unescape(text: str) -> str:
    """The text a roff line shows: escapes resolved, comments dropped."""
    text = re.sub(r'\\".*$', "", text)

    def sub(m: re.Match[str]) -> str:
        glyph = m.group("g2") or m.group("gb") or m.group("gq")
        if glyph is not None:
            return _GLYPHS.get(glyph, "")
        string = m.group("s2") or m.group("sb") or m.group("s1")
        if string is not None:
            return _GLYPHS.get(string, "")
        one = m.group("one")
        if one is not None:
            return _ONE.get(one, one)
        return ""

    return _ESCAPE.sub(sub, text)


def _args(rest: str) -> list[str]:
    """A request's arguments: words, or "quoted strings" ("" inside is a quote)."""
    out, i = [], 0
    while i < len(rest):
        while i < len(rest) and rest[i] in " \t":
            i += 1
        if i >= len(rest):
            break
        if rest[i] == '"':
            j, buf = i + 1, []
            while j < len(rest):
                if rest[j] == '"' and rest[j + 1: j + 2] == '"':
                    buf.append('"')
                    j += 2
                elif rest[j] == '"':
                    break
                else:
                    buf.append(rest[j])
                    j += 1
            out.append("".join(buf))
            i = j + 1
        else:
            j = i
            while j < len(rest) and rest[j] not in " \t":
                j += 1
            out.append(rest[i:j])
            i = j
    return out


_BULLETS = {"\u2022", "\u25cb", "\u25cf", "-", "*", "o", ""}
_FONT_RUNS = {"B", "I", "SM", "SB", "R"}
_ALTERNATING = {"BR", "RB", "IR", "RI", "BI", "IB"}
_BREAKS = {"PP", "P", "LP", "sp", "HP", "SY", "YS", "UE", "ME"}
_SKIPPED_BLOCKS = {"de", "de1", "am", "am1", "ig", "dei"}
_CONDITIONALS = {"if", "ie", "el", "while"}


class _Page:
    def __init__(self) -> None:
        self.builder = TextBuilder()
        self.words: list[str] = []
        self.term: list[str] | None = None  # inside a .TP/.IP item: its term, then its text
        self.expect_term = False
        self.code: list[str] | None = None
        self.line = 0  # the file line being read (1-based)
        self.span: tuple[int, int] | None = None  # file lines of the unit being gathered
        self.section_level = 0  # the level of the last .SH (1) or .SS (2)
        self.contents = False  # inside a "Contents" section

    def _seen(self) -> None:
        self.span = (self.span[0] if self.span else self.line, self.line)

    def _at(self) -> Location | None:
        span, self.span = self.span, None
        return Location.lines(*span) if span else None

    def text(self, line: str) -> None:
        shown = unescape(line).strip()
        if self.code is not None:
            self.code.append(unescape(line).rstrip())
            self._seen()
            return
        if not shown:
            return
        self._seen()
        if self.expect_term:
            self.term = [shown]
            self.expect_term = False
        else:
            self.words.append(shown)

    def flush(self) -> None:
        if self.contents:  # a table of contents restates the headings below: no text
            self.words, self.term, self.expect_term, self.span = [], None, False, None
            return
        body = " ".join(self.words).strip()
        if self.term is not None:
            term = " ".join(self.term).strip()
            # "search Search list for host-name lookup." is a term that ends as a sentence: no colon after
            # it; nor after a setting's "=" ("Storage= Controls where ...", as man shows it)
            unit = f"{term}{term_glue(term)}{body}" if term and body else term or body
            if unit:
                self.builder.block(unit, ChunkKind.LIST, tight=True, at=self._at())
        elif body:
            self.builder.block(body, at=self._at())
        self.words, self.term, self.expect_term, self.span = [], None, False, None

    def end_code(self) -> None:
        if self.code is not None:
            lines, self.code = self.code, None
            at = self._at()
            if any(ln.strip() for ln in lines):
                self.builder.block("\n".join(lines).strip("\n"), ChunkKind.CODE, at=at)


# --- tbl tables (.TS ... .TE) ------------------------------------------------------------------

_TBL_TAB = re.compile(r"\btab\s*\((.)\)")
#: a column's key letter in a tbl format line, with its modifiers (font, width, spacing)
_TBL_KEY = re.compile(r"([lrcnasLRCNAS^_=\-])((?:[bBiItTdDeExXzZuU|]|[fF](?:\(..|\[[^\]]*\]|[A-Z]{1,2}|.)|[wW]\([^)]*\)|[pPvVmM][+-]?\d+|\d+)*)")
#: a table as long as this many data rows is read at most (a page is bounded by its size too)
MAX_TABLE_ROWS = 2000


def _format_rows(line: str) -> list[list[tuple[str, bool]]]:
    """A tbl format line's rows ("lB lB", "l l l." or "lb, l" on one line), each a list of
    (key letter, bold) per column."""
    rows = []
    for part in line.rstrip().rstrip(".").split(","):
        cols = [(m.group(1).lower(), "b" in m.group(2).lower().replace("fb", "b")) for m in _TBL_KEY.finditer(part)]
        if cols:
            rows.append(cols)
    return rows


def _table(page: _Page, lines: list[str], i: int) -> int:
    """Read the tbl table whose ``.TS`` line was just read (``lines[i]`` is the line after
    it) into ``page``: each data row a table-row block ("Header: cell; Header: cell" when the
    first row is a header: set in bold, or the rows above ``.TH``; else "cell | cell"), with
    its lines and row number. Returns the index of the line after ``.TE``."""
    tab = "\t"
    if i < len(lines) and lines[i].rstrip().endswith(";"):  # the options line
        m = _TBL_TAB.search(lines[i])
        tab = m.group(1) if m else tab
        i += 1
    formats: list[list[tuple[str, bool]]] = []
    while i < len(lines) and not lines[i].startswith((".TE", "'TE")):  # format lines, up to one ending in "."
        formats += _format_rows(lines[i])
        i += 1
        if lines[i - 1].rstrip().endswith("."):
            break
    rows: list[tuple[list[str], int, int]] = []  # cells, first and last line (1-based)
    head_rows = 0
    cells: list[str] = []
    text_block: list[str] | None = None  # inside T{ ... T}
    first_line = i + 1
    while i < len(lines) and len(rows) < MAX_TABLE_ROWS:
        line = lines[i]
        i += 1
        if text_block is not None:
            if line.startswith("T}"):
                cells.append(" ".join(text_block))
                text_block = None
                rest = line[2:]
                if rest.startswith(tab):
                    rest = rest[1:]
                    if rest.endswith("T{"):
                        parts = rest[:-2].split(tab)
                        cells += [unescape(c).strip() for c in parts[:-1]]
                        text_block = []
                        continue
                    cells += [unescape(c).strip() for c in rest.split(tab)]
                rows.append((cells, first_line, i))
                cells, first_line = [], i + 1
            elif line[:1] in ".'":
                pass  # a request inside a text block (.br, .sp): layout
            elif line.strip():
                text_block.append(unescape(line).strip())
            continue
        if line.startswith((".TE", "'TE")):
            break
        if line.startswith((".TH", "'TH")):
            head_rows = len(rows)
            first_line = i + 1
            continue
        if line.startswith((".T&", "'T&")):  # new formats for the rows below
            while i < len(lines) and not lines[i].startswith((".TE", "'TE")):
                i += 1
                if lines[i - 1].rstrip().endswith("."):
                    break
            first_line = i + 1
            continue
        if line[:1] in ".'" or line.strip() in ("_", "=", "") or line.strip().startswith('\\"'):
            first_line = i + 1
            continue  # a request (.sp, .ft), a rule, a comment
        parts = line.split(tab)
        if parts[-1].rstrip().endswith("T{"):
            cells = [unescape(c).strip() for c in parts[:-1]]
            text_block = []
            continue
        rows.append(([unescape(c).strip() for c in parts], first_line, i))
        first_line = i + 1
    else:
        while i < len(lines) and not lines[i].startswith((".TE", "'TE")):  # past the rows not read
            i += 1
        i += 1
    if not head_rows and len(rows) > 1 and formats and all(bold for key, bold in formats[0] if key not in "s^_=-"):
        head_rows = 1  # a first row set in bold is the header
    from citadel.ingest.loaders import _row_text

    header = rows[0][0] if head_rows == 1 else []
    for n, (cells, first, last) in enumerate(rows[1:] if header else rows):
        if any(c.strip("\\^_= ") for c in cells):
            at = row_location(n + 1, header, cells, Location.lines(first, max(first, last)))
            page.builder.block(_row_text(header, cells), ChunkKind.TABLE_ROW, tight=n > 0, at=at)
    return i


#: a line that is a term DocBook sets above its indented description, at most this long
MAX_DOCBOOK_TERM = 100


def _docbook_term(line: str) -> bool:
    """A short line that ends no sentence: "Storage=", "-d, --download-only", "purge"."""
    stripped = line.strip()
    return 0 < len(stripped) <= MAX_DOCBOOK_TERM and not stripped.endswith((".", ":", ";", ",", "?", "!"))


#: a section that is a table of contents (ctags-faq(7)'s "CONTENTS", the questions below it again)
_CONTENTS = re.compile(r"(?:table\s+of\s+)?contents", re.IGNORECASE)
def load_man(data: bytes, name: str) -> ParsedDocument:
    """A man page (see the module docstring)."""
    from citadel.ingest.loaders import _check_source_chars, decode_text

    raw = decode_text(data)
    _check_source_chars(raw, "man page")
    from citadel.ingest.mdoc import is_mdoc, load_mdoc

    if is_mdoc(raw):
        return load_mdoc(raw, name)
    lines = raw.replace("\r\n", "\n").split("\n")
    page = _Page()
    title = re.sub(r"\.(?:gz)$", "", name)
    i, skip_until, depth = 0, None, 0
    while i < len(lines):
        line = lines[i]
        while line.endswith("\\") and not line.endswith("\\\\") and i + 1 < len(lines):
            i += 1
            line = line[:-1] + lines[i]
        i += 1
        page.line = i
        if skip_until is not None:  # inside a macro definition
            if line.strip() in (skip_until, "." + skip_until.lstrip(".")):
                skip_until = None
            continue
        if depth:  # inside a conditional's \{ ... \} block
            depth += line.count("\\{") - line.count("\\}")
            depth = max(depth, 0)
            continue
        if not line.strip():
            if page.code is not None:
                page.code.append("")
            else:
                page.flush()
            continue
        if line[0] not in ".'":
            page.text(line)
            continue
        request = line[1:].lstrip()
        if request.startswith('\\"') or not request:
            continue
        m = re.match(r"(\S+)\s*(.*)$", request)
        if m is None:
            continue
        macro, rest = m.group(1), m.group(2)
        if macro in _SKIPPED_BLOCKS:
            args = _args(rest)
            skip_until = ".." if macro != "ig" or not args[1:] else "." + args[1]
            continue
        if macro in _CONDITIONALS:
            depth = max(0, rest.count("\\{") - rest.count("\\}"))
            continue
        if macro == "TH":
            args = [unescape(a) for a in _args(rest)]
            if args:
                title = f"{args[0].lower()}({args[1]})" if len(args) > 1 else args[0].lower()
        elif macro in ("SH", "SS"):
            page.end_code()
            page.flush()
            heading = unescape(" ".join(_args(rest))).strip()
            if not heading and i < len(lines):
                heading, i = unescape(lines[i]).strip(), i + 1
            page.section_level = 1 if macro == "SH" else 2
            page.contents = _CONTENTS.fullmatch(heading.strip()) is not None
            page.builder.heading(page.section_level, section_heading(heading), at=Location.lines(page.line, i))
        elif macro == "TP":
            page.flush()
            page.expect_term = True
        elif macro == "IP":
            args = _args(rest)
            term = unescape(args[0]).strip() if args else ""
            lead = " ".join(page.words).strip()
            if not term and page.term is None and lead.endswith(":") and len(lead) <= 100:
                # "--slurp/-s:" then .IP and its description (Ronn's layout): one unit
                page.term, page.words = [lead[:-1]], []
                continue
            page.flush()
            if term and term not in _BULLETS:
                page.term = [term]
                page._seen()
        elif macro == "RS" and page.term is None and page.words \
                and heads_answer(question := " ".join(" ".join(page.words).split())):
            # DocBook's questions and answers (gitfaq(7)): ".PP", the question, its answer in ".RS 4":
            # the question heads its answer, one level below the section it is in
            page.words = []
            page.builder.heading(page.section_level + 1, question, at=page._at())
        elif macro == "RS" and page.term is None and len(page.words) == 1 and _docbook_term(page.words[0]):
            # DocBook's entries: ".PP", the term alone on a line, then its description in ".RS 4"
            page.term, page.words = page.words, []
        elif macro in _BREAKS:
            page.flush()
        elif macro == "TS":
            page.end_code()
            page.flush()
            i = _table(page, lines, i)
        elif macro in ("nf", "EX"):
            page.flush()
            page.code = []
        elif macro in ("fi", "EE"):
            page.end_code()
        elif macro == "br":
            if page.code is None and page.words:
                page.words.append("")
        elif macro in _FONT_RUNS:
            shown = " ".join(_args(rest))
            if shown:
                page.text(shown)
            elif i < len(lines):  # the font applies to the next line
                i += 1
                page.line = i
                page.text(lines[i - 1])
        elif macro in _ALTERNATING:
            page.text("".join(_args(rest)))
        elif macro in ("UR", "MT"):
            pass  # the link text follows; the address is kept by .UE's line if any
        elif macro in ("OP",):
            page.text("[" + " ".join(_args(rest)) + "]")
        # every other request (.RS, .RE, .PD, .ad, .nh, .ft, .ds, .nr, .so, .in, ...) is layout
    page.end_code()
    page.flush()
    doc = page.builder.build(title, MAN, {"format": "man"})
    if not doc.text.strip():
        raise IngestError("no text found in the man page")
    return doc
