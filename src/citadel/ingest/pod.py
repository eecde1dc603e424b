"""Perl's POD (Plain Old Documentation): ``.pod`` files, and the documentation inside Perl
modules and scripts (``.pm``, ``.pl``), read as ``perldoc`` shows it.

``=head1`` .. ``=head6`` are headings (one in capitals, "DESCRIPTION", capitalized as a
sentence, as man pages are); an ``=over`` ... ``=back`` list's ``=item`` with its first
paragraph is one unit ("- text", "2. text", or "term: description", so an option or a
function is found and cited with what it does; several ``=item`` lines over one description
are one term: "-v, --verbose: ..."; an item that is a question, an FAQ's entry, heads its
answer); verbatim paragraphs (indented) are code, the blank lines
between them kept; formatting codes give their text (``C<open>`` -> open, ``E<gt>`` -> >,
``L<perlfunc/open>`` -> "open" in perlfunc, ``L<the manual|perlpod>`` -> the manual), index
entries (``X<>``) and ``Z<>`` nothing. Blocks for other formatters (``=begin html``,
``=for comment``) are left out; ``=begin text`` and ``=for :text`` are read. In a module or a
script the code between ``=cut`` and the next command is not read (a Perl file without POD is
read as text). The title is the NAME section's line ("IO::Compress::FAQ -- Frequently Asked
Questions about IO::Compress"), else the first heading, else the file's name.
"""

from __future__ import annotations

import html.entities
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from citadel._errors import IngestError
from citadel.ingest.man import section_heading
from citadel.ingest.parsed import ParsedDocument, TextBuilder, heads_answer, term_glue
from citadel.models import ChunkKind, Location

POD = "text/x-pod"
#: a command paragraph's first line: "=head1 NAME", "=item *", "=cut"
_COMMAND = re.compile(r"=([a-zA-Z][\w-]*)")
#: POD starts at a command at the start of a paragraph, in a module as in a .pod file
_POD_MARK = re.compile(rb"(?:\A|\n[ \t]*\n)=(?:head[1-6]|pod|over|item|begin|for|encoding)\b")
#: the formatting codes POD defines; any other capital before "<" is text
_CODE_LETTERS = frozenset("IBCLEFSXZ")
_CODE_START = re.compile(r"([IBCLEFSXZ])(<+)")
_ESCAPES = {"lt": "<", "gt": ">", "verbar": "|", "sol": "/"}
#: a link's target that is a URL, shown as it is
_URL = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*://|mailto:|news:)")
#: formats whose ``=begin``/``=for`` blocks are read (":" before a format: POD inside)
_READ_FORMATS = {"text"}
#: at most this many ``=item`` lines before one description are one term ("-v, --verbose");
#: a longer run is a list of names, each its own item
MAX_JOINED_TERMS = 4


def looks_like_pod(head: bytes) -> bool:
    """A Perl file holds POD: a command (``=head1``, ``=pod``, ``=over``, ...) opens a paragraph."""
    return _POD_MARK.search(head) is not None


def load_pod(data: bytes, name: str) -> ParsedDocument:
    """A POD file, or a Perl module's or script's POD (see the module's description)."""
    from citadel.ingest.loaders import _check_source_chars, _require_text

    source = _decoded(data)
    _check_source_chars(source, "POD file")
    reader = _Reader()
    for para in _paragraphs(source.replace("\r\n", "\n").replace("\r", "\n")):
        reader.paragraph(para)
    reader.finish()
    title = reader.title or reader.first_heading or re.sub(r"\.(?:pod|pm|pl)$", "", name, flags=re.IGNORECASE)
    return _require_text(reader.builder.build(title, POD, {"format": "pod"}),
                         "no text found in the POD (its documentation is empty, or all of it is for other formatters)")


def load_perl(data: bytes, name: str) -> ParsedDocument:
    """A Perl module or script: its POD when it has any, else its text as it is."""
    if looks_like_pod(data):
        return load_pod(data, name)
    from citadel.ingest.loaders import load_text_by_content

    return load_text_by_content(data, name)


#: the character sets a POD's ``=encoding`` may name, as Python's codecs name them: each decodes
#: in time linear in the file (punycode, which a file could name too, takes minutes on a megabyte)
_CHARSETS = re.compile(r"ascii|iso8859-\d+|cp\d+|koi8-\w+|mac-[\w-]+|utf-(?:8|16|32)(?:-[lb]e)?|shift_jis\w*"
                       r"|euc_\w+|gb\w+|big5\w*|iso2022_\w+|latin_1")


def _decoded(data: bytes) -> str:
    """UTF-8 text, or the character set its ``=encoding`` line names (``latin1``,
    ``iso-8859-1``, ``cp1252``, ``euc-jp``: :data:`_CHARSETS`); anything else fails with the
    reason."""
    import codecs

    from citadel.ingest.loaders import decode_text

    declared = re.search(rb"^=encoding[ \t]+([\w.:-]+)", data, re.MULTILINE)
    name = declared.group(1).decode("ascii").lower() if declared else "utf-8"
    if name.replace("-", "").replace("_", "") in ("utf8", "utf8strict"):
        return decode_text(data)
    try:
        codec = codecs.lookup(name).name
    except LookupError as exc:
        raise IngestError(f"the POD names an encoding Python does not know ({name!r})") from exc
    if not _CHARSETS.fullmatch(codec):
        raise IngestError(f"the POD names {name!r}, which is no character set citadel reads (UTF-8, Latin-1, "
                          "the ISO 8859 and Windows code pages, UTF-16, the CJK ones)")
    try:
        return data.decode(codec)
    except UnicodeError as exc:
        where = f" (bad byte at offset {exc.start})" if isinstance(exc, UnicodeDecodeError) else ""
        raise IngestError(f"the POD is not valid {name} text{where}") from exc


@dataclass
class _Paragraph:
    lines: list[str]
    first: int  # its first line in the file (1-based)

    @property
    def last(self) -> int:
        return self.first + len(self.lines) - 1


def _paragraphs(source: str) -> Iterator[_Paragraph]:
    """The POD's paragraphs, in order: from a command that opens a paragraph up to ``=cut``
    (which is not given), again from the next command; a line of blanks is a paragraph break."""
    in_pod = False
    current: list[str] = []
    first = 0
    for number, line in enumerate([*source.split("\n"), ""], start=1):
        if line.strip():
            if not current:
                first = number
                if not in_pod and _COMMAND.match(line):
                    in_pod = True
            current.append(line)
            continue
        if current and in_pod:
            match = _COMMAND.match(current[0])
            if match and match.group(1) == "cut":
                in_pod = False
            else:
                yield _Paragraph(current, first)
        current = []


@dataclass
class _List:
    kind: str = ""  # "bullet", "number" or "term", from its first item
    terms: list[str] = field(default_factory=list)  # =item lines not yet given their paragraph
    marker: str = ""  # the pending item's "-" or "3."
    first: int = 0  # the pending item's first line
    open: bool = False  # the item's first paragraph is still to come


class _Reader:
    def __init__(self) -> None:
        self.builder = TextBuilder()
        self.title: str | None = None
        self.first_heading: str | None = None
        self._lists: list[_List] = []
        self._skip: str | None = None  # inside "=begin FORMAT" for another formatter: that format
        self._code: list[str] = []  # verbatim paragraphs waiting to be one code block
        self._code_at: tuple[int, int] = (0, 0)
        self._in_name = False
        self.level = 0  # the last =head's level

    # --- paragraphs -----------------------------------------------------------------------

    def paragraph(self, para: _Paragraph) -> None:
        command = _COMMAND.match(para.lines[0])
        if self._skip is not None:
            if command and command.group(1) == "end" and _format(_argument(para)) == self._skip:
                self._skip = None
            return
        if command:
            self._flush_code()
            self._command(command.group(1), _argument(para), para)
        elif para.lines[0][:1] in (" ", "\t"):
            self._verbatim(para)
        else:
            self._flush_code()
            self._ordinary(_codes(" ".join(line.strip() for line in para.lines)), para)

    def finish(self) -> None:
        self._flush_code()
        while self._lists:
            self._close_list()

    def _command(self, name: str, argument: str, para: _Paragraph) -> None:
        at = Location.lines(para.first, para.last)
        if name.startswith("head") and name[4:].isdigit():
            while self._lists:
                self._close_list()
            text = " ".join(_codes(argument).split())
            self._in_name = text.upper() == "NAME"
            if text:
                self.first_heading = self.first_heading or text
                self.level = int(name[4:])
                self.builder.heading(self.level, section_heading(text), at=at)
        elif name == "over":
            self._pending_terms()
            self._lists.append(_List())
        elif name == "item":
            self._item(argument, para)
        elif name == "back":
            if self._lists:
                self._close_list()
        elif name == "begin":
            fmt = _format(argument)
            if not _read_format(argument):
                self._skip = fmt
        elif name == "for":
            fmt, _, rest = argument.partition(" ")
            if _read_format(fmt) and rest.strip():
                self._ordinary(_codes(" ".join(rest.split())), para)
        # =pod, =end, =encoding and unknown commands give no text

    def _verbatim(self, para: _Paragraph) -> None:
        self._pending_terms()
        if self._code:
            self._code.extend([""] * (para.first - self._code_at[1] - 1))
        else:
            self._code_at = (para.first, para.first)
        self._code.extend(line.rstrip() for line in para.lines)
        self._code_at = (self._code_at[0], para.last)

    def _flush_code(self) -> None:
        if not self._code:
            return
        lines, self._code = self._code, []
        indent = min(len(ln) - len(ln.lstrip()) for ln in lines if ln.strip())
        text = "\n".join(ln[indent:] for ln in lines).expandtabs(8)
        self.builder.block(text, ChunkKind.CODE, at=Location.lines(*self._code_at))

    def _ordinary(self, text: str, para: _Paragraph) -> None:
        if self._in_name and self.title is None and text.strip():
            self.title = " ".join(text.split())
        current = self._lists[-1] if self._lists else None
        if current is not None and current.open:
            current.open = False
            lead, glue = self._lead(current)
            self.builder.block(f"{lead}{glue}{text}" if lead else text, ChunkKind.LIST, tight=True,
                               at=Location.lines(current.first, para.last))
            return
        self.builder.block(text, at=Location.lines(para.first, para.last))

    # --- lists ----------------------------------------------------------------------------

    def _item(self, argument: str, para: _Paragraph) -> None:
        if not self._lists:  # an =item outside =over: read as if inside one
            self._lists.append(_List())
        current = self._lists[-1]
        text = " ".join(_codes(argument).split())
        bullet = re.match(r"^([*\-o\u2022])(?:\s+|$)", text) if current.kind != "term" else None
        number = re.match(r"^(\d+)\.?(?:\s+|$)", text) if current.kind != "term" else None
        kind = "bullet" if bullet and (current.kind in ("", "bullet")) else \
            "number" if number and current.kind in ("", "number") else "term"
        current.kind = current.kind or kind
        if kind == "term" and heads_answer(text):
            # an FAQ's entry ("=item How do I install a module into my home directory?"): the question
            # heads its answer, one level below the heading it stands under
            self._pending_terms()
            current.open, current.terms = False, []
            self.builder.heading(self.level + 1, text, at=Location.lines(para.first, para.last))
            return
        if kind == "term" and current.open and current.terms:  # one more name over the same description
            current.terms.append(text)
            return
        self._pending_terms()
        current.first = para.first
        if kind == "bullet" and bullet:
            current.marker, rest = "-", text[bullet.end():]
        elif kind == "number" and number:
            current.marker, rest = f"{number.group(1)}.", text[number.end():]
        else:
            current.marker, rest = "", text
        current.terms = [rest] if rest else []
        current.open = True

    def _lead(self, current: _List) -> tuple[str, str]:
        """The pending item's lead and what joins it to its paragraph: its marker ("- " before
        the text), or its text or terms ("- Deflate: ...", "-v, --verbose: ..."; terms joined
        when they are a few names over one description, else each but the last given alone)."""
        terms, current.terms = current.terms, []
        if current.kind != "term":
            if not terms:
                return current.marker, " "
            terms = [f"{current.marker} {terms[0]}"]
        if len(terms) > MAX_JOINED_TERMS:
            for term in terms[:-1]:
                self.builder.block(term, ChunkKind.LIST, tight=True)
            terms = terms[-1:]
        lead = ", ".join(terms)
        return lead, term_glue(lead)

    def _pending_terms(self) -> None:
        """Items given no paragraph (a list of names; an item followed by code or a list):
        each stands alone."""
        if not self._lists or not self._lists[-1].open:
            return
        current = self._lists[-1]
        current.open = False
        at = Location.lines(current.first)
        marker = f"{current.marker} " if current.kind != "term" else ""
        for term in current.terms:
            self.builder.block(marker + term, ChunkKind.LIST, tight=True, at=at)
        current.terms = []

    def _close_list(self) -> None:
        self._flush_code()
        self._pending_terms()
        self._lists.pop()


def _argument(para: _Paragraph) -> str:
    """A command paragraph's text after its name ("=head2 How do I ...?" -> "How do I ...?")."""
    first = _COMMAND.sub("", para.lines[0], count=1)
    return " ".join([first, *para.lines[1:]]).strip()


def _format(argument: str) -> str:
    return argument.split()[0].lower() if argument.split() else ""


def _read_format(argument: str) -> bool:
    """``=begin``/``=for`` of this format are read: plain text, or any format marked as POD
    with ":" (``=begin :text``)."""
    fmt = _format(argument)
    return fmt.startswith(":") or fmt in _READ_FORMATS


# --- formatting codes -------------------------------------------------------------------------


#: formatting codes nest this deep at most; a deeper one is read as the text it is
MAX_CODE_DEPTH = 32
#: a code opened with more angle brackets than this ("C<<<<<<<<< ...") takes one
MAX_BRACKETS = 8


def _codes(text: str) -> str:
    """Text with POD's formatting codes read (see the module's description); a code left
    open runs to the end, as perldoc reads it."""
    out, _ = _parse(text, 0, None, 0)
    return out


def _parse(text: str, i: int, closer: re.Pattern[str] | None, depth: int) -> tuple[str, int]:
    parts: list[str] = []
    n = len(text)
    while i < n:
        if closer is not None:
            end = closer.match(text, i)
            if end:
                return "".join(parts), end.end()
        start = _CODE_START.match(text, i) if text[i] in _CODE_LETTERS and depth < MAX_CODE_DEPTH else None
        if start is None:
            parts.append(text[i])
            i += 1
            continue
        letter, brackets = start.group(1), len(start.group(2))
        j = start.end()
        if 1 < brackets <= MAX_BRACKETS and j < n and text[j].isspace():  # C<< $a <=> $b >>
            inner_closer = re.compile(r"\s+" + ">" * brackets)
            j = re.compile(r"\s+").match(text, j).end()  # type: ignore[union-attr]
        else:  # C<...>: one bracket; further "<" are the code's text
            inner_closer = re.compile(">")
            j = i + 2
        body_start = j
        body, i = _parse(text, j, inner_closer, depth + 1)
        if letter == "L":
            raw = text[body_start:i].rstrip(">").rstrip()
            parts.append(_link(raw, body))
        elif letter == "E":
            parts.append(_escape(body.strip()))
        elif letter in ("X", "Z"):
            continue
        else:
            parts.append(body)
    return "".join(parts), i


def _link(raw: str, shown: str) -> str:
    """What ``L<...>`` shows: its text before "|"; a URL; "section" in page; or the page."""
    if "|" in raw:
        return _codes(raw.split("|", 1)[0])
    target = raw.strip()
    if _URL.match(target):
        return target
    page, slash, section = target.partition("/")
    if not slash and target.startswith('"'):  # L<"section">, the old form
        page, section = "", target
    page, section = _codes(page).strip(), _codes(section).strip().strip('"').strip()
    if section:
        return f'"{section}" in {page}' if page else f'"{section}"'
    return page or shown


def _escape(name: str) -> str:
    """``E<...>``: lt, gt, verbar, sol, a number (``E<0x201E>``, ``E<075>``, ``E<181>``) or
    an HTML entity's name; an unknown one is kept as written."""
    if name in _ESCAPES:
        return _ESCAPES[name]
    try:
        if name.lower().startswith("0x"):
            return chr(int(name, 16))
        if name.isdigit():
            return chr(int(name, 8) if name.startswith("0") and len(name) > 1 else int(name))
    except (ValueError, OverflowError):
        return f"E<{name}>"
    entity = html.entities.html5.get(f"{name};")
    return entity if entity is not None else f"E<{name}>"
