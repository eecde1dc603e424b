"""Man pages rendered as text (``man ls > ls.txt``, ``man -P cat``): sections as headings.

``man`` lays a page out in a fixed way: the first line is the page header ("LS(1)   User
Commands   LS(1)", the page's name and section at both ends), section headings (``.SH``)
start in column 0, subsection headings (``.SS``) are indented 3 spaces, the body 7, and an
option's description hangs under its tag at 14. Read as plain text, all of that is lost:
"DESCRIPTION" runs into the paragraph under it (and then into a quoted answer), the page
has no heading path to say where an option stands, its title is the header line, and the
footer ("GNU coreutils 9.1   September 2022   LS(1)") is a paragraph of its own. Here:

* the title is ``name(section)``, as the roff loader's from ``.TH`` (:mod:`citadel.ingest.man`),
  so a page reads the same from either source: the name from the NAME section's line, the
  section from the header;
* column-0 lines become level-1 headings and 3-space lines with deeper text under them
  level-2 ones, capitalized like the roff loader's when they are all capitals ("SEE ALSO"
  becomes "See also");
* the header and the footer are left out;
* a paragraph also ends where a line goes back to a shallower indentation: one option's
  description ends where the next option's tag starts, even with no blank line between
  them (pages set with ``.PD 0``);
* a tag with its description hanging under it (``.TP``, ``.IP``) becomes "tag: description",
  as the roff loader writes it: "octopus: This resolves cases with more than two heads ...
  This is the default merge strategy when pulling or merging more than one branch.", so the
  description's later sentences are known to be octopus's (a bullet or a number stays as it is;
  so does the synopsis, whose continuation lines hang under the command);
* every block keeps the file lines it came from.

A text file is read this way when its first line is such a header and a section heading in
capitals follows within a few lines (:func:`looks_like_rendered_man`).
"""

from __future__ import annotations

import re

from citadel.ingest.man import section_heading
from citadel.ingest.parsed import ParsedDocument, TextBuilder, term_glue
from citadel.models import Location
from citadel.text import normalize_text

#: the page header ends with the page's name and section: "LS(1)   User Commands   LS(1)",
#: "CALLGRIND ANNOTATE(1)   ...", or squeezed when the name is long
#: ("ACTIVATE-GLOBAL-PYTHON-ARGCOMPLETUser ComACTIVATE-GLOBAL-PYTHON-ARGCOMPLETE(1)"); it
#: starts with the same name, or with as much of it as fits
_HEADER_END = re.compile(r"(?P<name>\S(?:\S| (?! ))*?)\((?P<section>[0-9n]\w{0,8})\)\s*$")
#: the NAME section's line: "gzip, gunzip, zcat - compress or expand files"
_NAME_LINE = re.compile(r"^\s*(?P<name>[^,]{1,80}?)(?:,[^,]{1,80}?)*\s+[-\u2010\u2013\u2014]+\s")
#: a section heading ("NAME", "SEE ALSO", "1. COMMAND-LINE Options"): column 0, short
_SECTION = re.compile(r"^\S.{0,78}$")
#: a subsection heading: indented exactly 3 spaces, short, not a sentence's end
_SUBSECTION = re.compile(r"^ {3}(?=\S)(?P<text>.{1,77}[^.,;:])\s*$")
#: the footer: the last line, laid out in columns ("GNU coreutils 9.1   September 2022   LS(1)")
_FOOTER = re.compile(r"^(?:\S.*)?\S {3,}\S(?:.*\S)?$|^ {20,}\S+$")
#: the heading must come this soon after the header
_HEADING_WITHIN = 6
#: a header or footer line is at most this long (``man`` lays them out to the page width):
#: a longer line is none, and the patterns never run over a megabyte-long first line
_LAYOUT_CHARS = 300


def looks_like_rendered_man(text: str) -> bool:
    """Whether ``text`` is a man page as ``man`` renders it: a page header first, then a
    section heading in capitals ("NAME") in column 0 within a few lines."""
    lines = text.lstrip("\ufeff").split("\n", _HEADING_WITHIN + 2)
    first = next((n for n, line in enumerate(lines) if line.strip()), None)
    if first is None or _header(lines[first]) is None:
        return False
    return any(_SECTION.match(line.rstrip("\r")) and line.strip() == line.rstrip("\r") and line.isupper()
               for line in lines[first + 1 : first + 1 + _HEADING_WITHIN] if line.strip())  # fmt: skip


def _header(line: str) -> tuple[str, str] | None:
    """(name, section) of a page header line (:data:`_HEADER_END`), None when it is none."""
    line = line.lstrip("\ufeff").rstrip()
    if not line or len(line) > _LAYOUT_CHARS or line[0].isspace():
        return None
    match = _HEADER_END.search(line)
    if match is None:
        return None
    words = match["name"].split(" ")
    for k in range(len(words)):  # "... Manual GCLOUD_ACTIVE-DIRECTORY(1)": the name is the words that start the line
        name = " ".join(words[k:])
        if line.startswith(name[:8]):
            return name, match["section"]
    return None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def load_rendered_man(raw: str, name: str) -> ParsedDocument:
    """A rendered man page (see the module docstring); ``raw``: the file's decoded text.
    Raises IngestError when no text is left (from the text loader's check)."""
    from citadel.ingest.loaders import PLAIN, _add_paragraph, _require_text

    lines = raw.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    filled = [n for n, line in enumerate(lines) if line.strip()]
    head = filled[0] if filled else 0
    header = _header(lines[head]) if filled else None
    title = name
    if header is not None:
        page, section = header
        after = next((line for line in lines[head + 1 :] if line.strip() and _indent(line) > 0), "")
        named = _NAME_LINE.match(after)  # the NAME section's first line names the page best
        title = f"{(named['name'] if named else page).lower()}({section})"
    last = lines[filled[-1]].rstrip() if len(filled) > 1 else ""
    footer = bool(last) and len(last) <= _LAYOUT_CHARS and (
        _FOOTER.match(last) is not None or (header is not None and last.endswith(f"({header[1]})")))
    tail = filled[-1] if footer else None
    builder = TextBuilder()
    run: list[str] = []
    start, depth, section = 0, 0, ""
    hang = _usual_hang(lines)

    def flush() -> None:
        nonlocal run
        if run:
            _add_paragraph(builder, run, start)
        run = []

    for n, line in enumerate(lines):
        number = n + 1
        if n == head or n == tail:
            continue
        shown = normalize_text(line) if line.strip() else ""
        if not shown:
            flush()
            continue
        indent = _indent(line)
        if indent == 0 and _SECTION.match(line.rstrip()):
            flush()
            section = section_heading(line.strip())
            builder.heading(1, section, at=Location.lines(number))
            continue
        sub = _SUBSECTION.match(line.rstrip())
        if sub and not run and _next_indent(lines, n) > 3:
            builder.heading(2, section_heading(sub["text"]), at=Location.lines(number))
            continue
        if run and indent < depth:  # back to a shallower indent: the next tag or paragraph
            flush()
        if not run:
            start = number
            if section != "Synopsis":
                under = _hanging_indent(lines, n, indent)
                shown = _tagged(line, under or (hang if hang > indent else 0), shown, alone=not under)
        run.append(shown)
        depth = indent
    flush()
    return _require_text(builder.build(title, PLAIN, {"format": "man", "rendered": True}))


#: a tag and, two spaces or more after it, the first words of its description ("-k     keep a backup")
_TAG_AND_TEXT = re.compile(r"(?P<tag>\S(?:.*?\S)?)(?P<gap> {2,})(?P<text>\S.*)")
#: a list's marker alone ("o", "\u2022", "1.", "a)", "3"), or opening its item's text ("3. Pathnames
#: with ... explained for the", "o Pure distutils packages ..."): no term; the item's lines hang
#: under its text, not under a tag
_MARKER = re.compile(r"(?:[-*+o\u00b7\u2022\u2023\u25e6]|\(?\d{1,3}[.)]|\(?[a-z][.)])(?:\s|$)|\(?\d{1,3}$")


#: a line of an example's code or a wrapped line of text, with lines under it that it runs on
#: into ("if (fd < 0) {", "find . -print0 \\", "module name,", "cmd ||"): no tag; a tag may be
#: punctuation alone ("{", "\\\\", "%{ %[ %(") or a call ("git-add(1)", "index(s,t)")
_CODE_LINE = re.compile(r"\s[{(\[]$|[,|&]$|\s\\$")


def _hanging_indent(lines: list[str], n: int, indent: int) -> int:
    """The indentation of line ``n + 1`` when it continues line ``n`` (no blank line between)
    deeper than ``indent``: the description hanging under a tag; 0 otherwise."""
    if n + 1 >= len(lines) or not lines[n + 1].strip():
        return 0
    deeper = _indent(lines[n + 1])
    return deeper if deeper > indent else 0


def _usual_hang(lines: list[str]) -> int:
    """The indentation descriptions most often hang at under their tags in this page (0 when
    none does): where a one-line item's description starts ("-k     keep a backup")."""
    counts: dict[int, int] = {}
    for n, line in enumerate(lines):  # under a heading (column 0 or 3) is the body, no description
        if _indent(line) > 3 and line.strip() and (deeper := _hanging_indent(lines, n, _indent(line))):
            counts[deeper] = counts.get(deeper, 0) + 1
    return max(counts, key=lambda k: (counts[k], -k)) if counts else 0


def _tagged(line: str, hanging: int, shown: str, alone: bool = False) -> str:
    """The first line of a paragraph as its block starts: "tag: first words" when the lines
    under it hang deeper (``hanging``, their indentation) and it is a tag alone ("octopus",
    "-o DIR, --output=DIR") or a tag with the description's first words at that indentation
    ("-k     keep a backup"); ``alone``: a line with nothing under it, a tag only when its
    description's first words start at ``hanging`` (the page's usual one); ``shown`` (the line
    as it is) otherwise."""
    if not hanging:
        return shown
    body = line.rstrip()
    indent = _indent(body)
    m = _TAG_AND_TEXT.fullmatch(body, indent)
    if (m is None and alone) or (m is not None and m.start("text") != hanging):  # a line of text
        return shown
    tag = normalize_text(m["tag"] if m is not None else body[indent:])
    if not tag or _MARKER.match(tag) is not None or _CODE_LINE.search(tag) is not None:
        return shown
    glue = term_glue(tag)
    return f"{tag}{glue}{normalize_text(m['text'])}" if m is not None else f"{tag}{glue.rstrip()}"


def _next_indent(lines: list[str], n: int) -> int:
    """The indentation of the first non-blank line after line ``n`` (0 when none)."""
    for line in lines[n + 1 :]:
        if line.strip():
            return _indent(line)
    return 0

