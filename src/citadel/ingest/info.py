"""GNU Info manuals (``/usr/share/info/grep.info.gz``, a split one's ``find.info-1.gz``).

An Info file is what ``makeinfo`` makes of a Texinfo manual: a preamble (who made it, the
copyright, the entries for the ``dir`` menu), then nodes, each opened by a ``\\x1f`` line and a
header line ("File: grep.info,  Node: Usage,  Next: Performance,  Up: Top"), its headings
underlined ("2.1 Command-line Options" over "====="), its end a menu of the nodes below it;
cross-references are written "*note Usage::" and "*note the options: Other Options."; the file
ends with a tag table of byte offsets. Read as plain text, the header lines ran into the
paragraph before them, the menus and the index (hundreds of "* --count: General Output Control.
(line 6)" lines) were passages that matched every option's name, and the tag table a block
of its own. Here:

* each node's text is read as a text file's (paragraphs, lists, an option with its
  description), under the headings its underlines mark (``*`` a chapter, ``=`` a section,
  ``-`` a subsection, ``.`` a subsubsection);
* every block's location holds the lines it came from and, as its ``symbol``, the name of
  its node: what a reader opens (``info grep 'Usage'``);
* header lines, menus (and with them the index nodes), footnote rules, the tag table, the
  indirect table of a split manual and the ``makeinfo`` line are left out, every other line
  kept where it is, so the file's line numbers hold;
* a cross-reference reads as its words ("*note Other Options::" as "Other Options", "*Note
  Usage::" as "See Usage"), a definition's " -- Function:" as "Function:", and the preamble's
  ``dir`` entries as "grep: Print lines that match patterns.";
* the title is the manual's (its top node's heading: "GNU Findutils"), with the Info file's
  name when that does not say it ("Comparing and Merging Files (diffutils)").

A file is read this way when its start says it is one (:func:`looks_like_info`).
"""

from __future__ import annotations

import bisect
import dataclasses
import re
import textwrap

from citadel.ingest.parsed import ParsedDocument, TextBuilder
from citadel.models import ChunkKind, Location

INFO = "text/x-info"

_SEPARATOR = "\x1f"
_MAKEINFO = re.compile(r"^This is (?P<file>[^\s,]+?)\.info(?:-\d+)?, produced by (?:makeinfo|texi2any)\b")
_NODE = re.compile(r"^File:\s*[^,]*,\s*Node:\s*(?P<node>[^,\t]*?)\s*(?:,|$)")
_TABLES = ("Tag Table:", "End Tag Table", "Indirect:", "Local Variables:")
_DIR_ENTRY = re.compile(r"^\*\s+(?P<name>[^:]+):\s*\((?P<file>[^)]*)\)(?P<node>[^.]*)\.\s*(?P<text>.*)$")
_MENU = "* Menu:"
_FOOTNOTES = re.compile(r"^\s*-{5,} Footnotes -{5,}\s*$")
_UNDERLINE = re.compile(r"^(?:\*+|=+|-+|\.+)$")
_LEVELS = {"*": 1, "=": 2, "-": 3, ".": 4}
#: a cross-reference: "*note NODE::" or "*note LABEL: (FILE)NODE." (the node ends at "." or ","),
#: its words across a line break; bounded, so a stray "*note" reads as it is
_REFERENCE = re.compile(
    r"\*(?P<see>[Nn])ote(?P<gap>\s{1,40})(?:(?P<node>[^:*]{1,200}?)::|(?P<label>[^:*]{1,200}?):(?P<target>\s*[^.,:*]{1,200}?)(?=[.,]))"
)
_DEFINITION = re.compile(r"^ -- (?=[A-Z][\w ]{0,40}:)")


def looks_like_info(text: str) -> bool:
    """Whether ``text`` is an Info file: it opens with ``makeinfo``'s line ("This is
    grep.info, produced by makeinfo version 6.8 from grep.texi."), or a node's header
    follows a ``\\x1f`` line near its start."""
    head = text.lstrip("\ufeff")[:8192]
    return _MAKEINFO.match(head) is not None or re.search(r"(?m)^\x1f\nFile:[^\n]*\bNode:", head) is not None


def looks_like_info_file(head: bytes) -> bool:
    """Whether a file's first bytes are an Info file's (:func:`looks_like_info`): read so
    although an index of a split manual's parts holds a tag table of ``\\x7f`` marks, and a
    manual's examples may hold a NUL or a backspace, which no other text file has."""
    return looks_like_info(head.lstrip(b"\xef\xbb\xbf").decode("utf-8", errors="replace"))


#: a mark for Info readers, no text: "\x00\x08[index\x00\x08]" opens an index node
_MARK = re.compile(rb"\x00\x08\[[^\x00\n]{0,200}\x00\x08\]")


def load_info_file(data: bytes, name: str) -> ParsedDocument:
    """An Info file's bytes: its marks for Info readers left out (they hold a NUL, which no
    text file has), then read as text, which reads it as an Info manual (:func:`load_info`)."""
    from citadel.ingest.loaders import load_text_by_content

    return load_text_by_content(_MARK.sub(b"", data), name)


def _reference(m: re.Match[str]) -> str:
    """A cross-reference's words, the node it names (and its file) left out; a line break in
    the part left out is kept, so the file's lines stay where they are."""
    see = ("See" + (m["gap"] if "\n" in m["gap"] else " ")) if m["see"] == "N" else "\n" * m["gap"].count("\n")
    if m["node"] is not None:
        return see + re.sub(r"^\([^)]*\)", "", m["node"])
    return see + m["label"] + "\n" * m["target"].count("\n")


def _dir_entry(line: str) -> str:
    """A ``dir`` menu entry as a sentence: "* grep: (grep).   Print lines that match
    patterns." is "grep: Print lines that match patterns."."""
    m = _DIR_ENTRY.match(line)
    if m is None:
        return line
    return f"{m['name'].strip()}: {m['text'].strip()}" if m["text"].strip() else ""


class _Reading:
    """The lines of an Info file, what is not the manual's text blanked (:func:`_read`)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.nodes: list[tuple[int, str]] = []  # (index of the node's first line, its name)
        self.manual = ""  # the Info file's name without ".info": "grep"
        self.dir_names: dict[str, str] = {}  # a dir entry's Info file -> its name, for the whole manual


def _read(raw_lines: list[str]) -> _Reading:
    lines = list(raw_lines)
    reading = _Reading(lines)
    part = "preamble"
    in_dir = False
    n = 0
    while n < len(lines):
        line = lines[n]
        if line.startswith(_SEPARATOR):
            lines[n] = ""
            following = lines[n + 1] if n + 1 < len(lines) else ""
            if (m := _NODE.match(following)) is not None:
                part = "node"
                reading.nodes.append((n + 1, m["node"]))
                lines[n + 1] = ""
                n += 2
                continue
            part = "skip" if following.startswith(_TABLES) else "node"
        elif part == "skip":
            lines[n] = ""
        elif part == "preamble":
            if (m := _MAKEINFO.match(line)) is not None:
                reading.manual = reading.manual or m["file"].rsplit("/", 1)[-1]
                lines[n] = ""
            elif line.startswith(("INFO-DIR-SECTION", "START-INFO-DIR-ENTRY", "END-INFO-DIR-ENTRY")):
                in_dir = line.startswith("START")
                lines[n] = ""
            elif in_dir:
                if (m := _DIR_ENTRY.match(line)) is not None and not m["node"]:
                    reading.dir_names.setdefault(m["file"].strip(), m["name"].strip())
                lines[n] = _dir_entry(line)
        elif line.startswith(_MENU):  # a menu runs to its node's end: the index's entries with it
            while n < len(lines) and not lines[n].startswith(_SEPARATOR):
                lines[n] = ""
                n += 1
            continue
        elif _FOOTNOTES.match(line):
            lines[n] = ""
        else:
            lines[n] = _DEFINITION.sub("    ", line)
        n += 1
    return reading


#: a list's marker: its lines are items, no table's terms
_MARKER = re.compile(r"\s*(?:[\u2022*+-]|\d+[.)])\s")
#: a term in the quotes makeinfo sets code in: "‘--keep’", "'completion-query-items'"
_QUOTED = re.compile(r"[\u2018'](?P<term>[^\u2018\u2019'\n]+)(?:\u2019|')")
MAX_TERM_CHARS = 100


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _entries(lines: list[str]) -> tuple[list[str], set[int], set[int]]:
    """``lines`` with each table entry's term lines written as a definition list's term
    ("‘-n’" / "‘--quiet’" over a description indented five more: "-n," / "--quiet:"), so an
    entry reads "-n, --quiet: By default, ..." as the other loaders write one, and its later
    sentences are known to be of that term. A term line stands after a blank line, another
    term line or the last line of the entry before (a table with no blank lines between its
    entries: readline's keys), at most :data:`MAX_TERM_CHARS` long, ends no sentence and is
    no list item; the description's first line is indented five more than it. Line count and
    order stay; also returned: the lines where an entry starts right after the one before,
    where a paragraph must end, and every term line."""
    out = list(lines)
    joined: set[int] = set()
    terms: set[int] = set()
    n = 0
    while n < len(lines):
        line = lines[n]
        at = _indent(line)
        after = n > 0 and bool(lines[n - 1].strip())
        if not _term_line(line) or (after and _indent(lines[n - 1]) < at + 5):
            n += 1
            continue
        last = n
        while last + 1 < len(lines) and _indent(lines[last + 1]) == at and _term_line(lines[last + 1]):
            last += 1
        if last + 1 < len(lines) and lines[last + 1].strip() and _indent(lines[last + 1]) == at + 5:
            for k in range(n, last + 1):
                term = lines[k].strip()
                if (m := _QUOTED.fullmatch(term)) is not None:
                    term = m["term"]
                out[k] = " " * at + term + ("," if k < last else ":")
                terms.add(k)
            if after:
                joined.add(n)
        n = last + 1
    return out, joined, terms


def _examples(lines: list[str], terms: set[int], headings: set[int]) -> list[tuple[int, int]]:
    """The examples of ``lines`` (``@example``, ``@smallexample``: a program's text, a session,
    its output) as (first line, line after the last), kept as code: makeinfo indents them five
    more than the text around them, whose margin is read from its last line (a multiple of
    five: a paragraph's first line is three more, a table's description five more than its
    term, a definition's header line continues ten deeper). An example follows a blank line or
    a lead-in ending in ":", opens with no list marker and runs to the first line back at the
    margin. ``terms``: the table's term lines; ``headings``: the headings' lines and
    underlines, no text of the margin's."""
    out: list[tuple[int, int]] = []
    margin = 0
    previous = ""  # the last non-blank line
    n = 0
    while n < len(lines):
        line = lines[n]
        if not line.strip():
            n += 1
            continue
        at = _indent(line)
        opens = (not lines[n - 1].strip() or previous.rstrip().endswith(":")) if n > 0 else False
        if at >= margin + 5 and opens and n not in terms and n not in headings and _MARKER.match(line) is None:
            end = n + 1
            while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) >= margin + 5):
                end += 1
            while not lines[end - 1].strip():
                end -= 1
            if _filled(lines[n:end]) or _two_columns(lines[n:end]):  # a quotation, a table: no code
                previous, n = lines[end - 1], end
                continue
            out.append((n, end))
            previous = lines[end - 1]
            n = end
            continue
        if n in terms:  # a table's term: its description is five deeper
            margin = at + 5
        else:
            margin = 0 if n in headings else at // 5 * 5
        previous = line
        n += 1
    return out


def _filled(lines: list[str]) -> bool:
    """Whether indented lines are prose filled to the page's width (a quotation, a licence
    notice): most of them long, the last ending a sentence; an example's lines are not."""
    texts = [line.strip() for line in lines if line.strip()]
    return sum(len(t) >= FILLED_CHARS for t in texts) >= 0.6 * len(texts) and texts[-1].endswith((".", ":"))


def _two_columns(lines: list[str]) -> bool:
    """Whether indented lines are a table of names and what they are, in two aligned columns
    ("'sha256'    equivalent to sha256sum", "'sm3'       only available through cksum"):
    read as the text around them reads, not as code."""
    rows = [line.strip() for line in lines if line.strip()]
    return len(rows) >= 2 and all(_COLUMNS.fullmatch(row) is not None for row in rows)


#: a name, two spaces or more, then words
_COLUMNS = re.compile(r"\S{1,30} {2,}[A-Za-z(][^\t]*")
#: a line of text filled to the page's width is at least this long
FILLED_CHARS = 45


def _term_line(line: str) -> bool:
    stripped = line.strip()
    return (bool(stripped) and len(stripped) <= MAX_TERM_CHARS and stripped[-1] not in ".:;,"
            and _MARKER.match(line) is None)


def _headings(lines: list[str]) -> dict[int, tuple[int, str]]:
    """The underlined headings of ``lines``: the heading's index to (level, text)."""
    out: dict[int, tuple[int, str]] = {}
    for n in range(len(lines) - 1):
        text, under = lines[n].strip(), lines[n + 1].rstrip()
        if text and not lines[n].startswith(" ") and _UNDERLINE.match(under) and abs(len(under) - len(text)) <= 2:
            out[n] = (_LEVELS[under[0]], text)
    return out


def _title(reading: _Reading, heads: dict[int, tuple[int, str]], name: str) -> str:
    """The manual's title: its top node's heading, else its ``dir`` entry's name, else the
    Info file's name; with the file's name when the title does not say it."""
    manual = reading.manual or re.sub(r"\.info(?:-\d+)?(?:\.gz)?$", "", name.rsplit("/", 1)[-1])
    heading = None
    for k, (line, node) in enumerate(reading.nodes):
        if node == "Top":
            end = reading.nodes[k + 1][0] if k + 1 < len(reading.nodes) else len(reading.lines)
            heading = next((text for n, (_, text) in sorted(heads.items()) if line < n < end), None)
    title = heading or reading.dir_names.get(manual) or manual
    title = " ".join(title.replace("\u2018", "").replace("\u2019", "").split())
    if not re.search(rf"(?<!\w){re.escape(manual.lower())}(?!\w)", title.lower()):
        title = f"{title} ({manual})"
    return title


def load_info(raw: str, name: str) -> ParsedDocument:
    """An Info file read by its nodes (see the module's docstring)."""
    from citadel.ingest.loaders import _require_text, add_plain_paragraphs, hyphenated_words

    reading = _read(raw.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    text = _REFERENCE.sub(_reference, "\n".join(reading.lines))
    lines, joined, terms = _entries(text.split("\n"))
    heads = _headings(lines)
    empty = _empty_nodes(lines, heads, reading.nodes)
    for n in empty:  # an index's heading, its entries gone
        lines[n] = lines[n + 1] = ""
        del heads[n]
    builder = TextBuilder()
    hyphenated = hyphenated_words(text)
    examples = dict(_examples(lines, terms, set(heads) | {n + 1 for n in heads}))
    start = 0
    for n in sorted(set(heads) | joined | set(examples)):
        if n < start:
            continue
        if n > start:
            add_plain_paragraphs(builder, "\n".join(lines[start:n]), first_line=start + 1, hyphenated=hyphenated)
        if n in heads:
            level, heading = heads[n]
            builder.heading(level, heading, at=Location.lines(n + 1, n + 2))
            start = n + 2
        elif n in examples:
            end = examples[n]
            builder.block(textwrap.dedent("\n".join(lines[n:end])), ChunkKind.CODE, at=Location.lines(n + 1, end))
            start = end
        else:
            start = n
    if start < len(lines):
        add_plain_paragraphs(builder, "\n".join(lines[start:]), first_line=start + 1, hyphenated=hyphenated)
    doc = builder.build(_title(reading, heads, name), INFO, {"format": "info", "nodes": len(reading.nodes)})
    return _require_text(_with_nodes(doc, reading.nodes), "no text found in the Info file")


def _empty_nodes(lines: list[str], heads: dict[int, tuple[int, str]], nodes: list[tuple[int, str]]) -> set[int]:
    """The headings of nodes that hold nothing else (an index, once its menu is left out)."""
    empty: set[int] = set()
    bounds = [line for line, _ in nodes] + [len(lines)]
    starts = sorted(heads)
    for lo, hi in zip(bounds, bounds[1:], strict=False):
        inside = starts[bisect.bisect_left(starts, lo) : bisect.bisect_left(starts, hi)]
        under = {n + 1 for n in inside}
        if not any(lines[k].strip() for k in range(lo, hi) if k not in heads and k not in under):
            empty.update(inside)
    return empty


def _with_nodes(doc: ParsedDocument, nodes: list[tuple[int, str]]) -> ParsedDocument:
    """``doc`` with each block's node name as its location's ``symbol``."""
    if not nodes:
        return doc
    starts = [line + 1 for line, _ in nodes]  # the header's 1-based line: the node's lines follow it
    blocks = []
    for block in doc.blocks:
        at = block.location
        if at is not None and at.line_start is not None:
            k = _last_at_or_before(starts, at.line_start)
            if k is not None:
                at = at.replace(symbol=nodes[k][1])
        blocks.append(dataclasses.replace(block, location=at))
    return dataclasses.replace(doc, blocks=tuple(blocks))


def _last_at_or_before(starts: list[int], line: int) -> int | None:
    k = bisect.bisect_right(starts, line) - 1
    return k if k >= 0 else None
