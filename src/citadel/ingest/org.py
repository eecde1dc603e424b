"""Emacs Org-mode documents (``.org``), read as Org exports them: headlines, paragraphs, lists,
tables and blocks, without the markup.

A headline (``* Installation``, ``** 1. Install build dependencies``) is a heading as deep as its
stars, without its TODO keyword, priority cookie and tags; a headline marked COMMENT is left out
with its subtree. ``#+TITLE:`` is the title (else the first headline, else the file's name); other
keyword lines (``#+OPTIONS:``, ``#+HTML_HEAD:``), comments (``# ...``) and drawers
(``:PROPERTIES:`` ... ``:END:``) are no text. A list item is one unit with its continuation lines
("- text", "2. text"; a description item ``- term :: what it is`` as "term: what it is");
a table's rows are rows with their header (the row above its first rule line); fixed-width lines
(``: sudo ./waf install``) and ``#+BEGIN_SRC``/``#+BEGIN_EXAMPLE`` blocks are code, a
``#+BEGIN_QUOTE`` block a quote; comment and export blocks are no text. Emphasis and code markup
(``*bold*``, ``/italic/``, ``_underlined_``, ``+struck+``, ``=verbatim=``, ``~code~``) gives its
text, a link (``[[https://...][the manual]]``) its description, else its target.
"""

from __future__ import annotations

import bisect
import re

from citadel.ingest.parsed import ParsedDocument, TextBuilder, row_location, row_text
from citadel.models import ChunkKind, Location

ORG = "text/org"
_HEADLINE = re.compile(r"^(?P<stars>\*+)\s+(?P<text>.*)$")
#: a headline's TODO keyword and priority cookie ("TODO [#A] Write it"), and its tags (":docs:web:")
_KEYWORD = re.compile(r"^(?:(?:TODO|DONE|NEXT|WAITING|HOLD|CANCELLED|CANCELED)\s+)?(?:\[#[A-Z0-9]\]\s+)?")
_TAGS = re.compile(r"\s+:(?:[\w@#%]+:)+$")
#: a keyword line: "#+TITLE: Zutty user guide", "#+OPTIONS: toc:nil"
_KEYWORD_LINE = re.compile(r"^\s*#\+(?P<key>[A-Za-z_][\w-]*):\s*(?P<value>.*)$")
_BLOCK_BEGIN = re.compile(r"^\s*#\+begin_(?P<kind>\w+)", re.IGNORECASE)
_BLOCK_END = re.compile(r"^\s*#\+end_(?P<kind>\w+)", re.IGNORECASE)
_COMMENT = re.compile(r"^\s*#(?:\s|$)")
_DRAWER = re.compile(r"^\s*:(?P<name>[\w-]+):\s*$")
_FIXED = re.compile(r"^(?P<indent>\s*):(?: |$)(?P<text>.*)$")
#: a list item's bullet: "- ", "+ ", an indented "* ", "1. ", "2) "
_ITEM = re.compile(r"^(?P<indent>\s*)(?P<bullet>[-+]|(?<=\s)\*|\d+[.)])\s+(?P<text>\S.*)$")
#: a description item's term ("- term :: what it is") is at most this long
TERM_CHARS = 200
_TABLE_RULE = re.compile(r"^\s*\|[-+:]+\|?\s*$")
#: a link with its description, or its target alone
_LINK = re.compile(r"\[\[(?P<target>[^\[\]]+)\](?:\[(?P<text>[^\[\]]+)\])?\]")
#: emphasis and code markup: a marker after a space, a bracket or a quote, text that does not
#: start or end with a space (at most :data:`MARKUP_CHARS` long: Org's spans three lines at most,
#: and every marker is looked at once), the same marker before a space or punctuation
MARKUP_CHARS = 300
_MARKUP = re.compile(
    rf"(?<![^\s\-({{'\"])(?P<mark>[*/_+=~])(?P<text>\S(?:[^\n]{{0,{MARKUP_CHARS}}}?\S)??)(?P=mark)"
    r"(?=[\s\-.,;:!?')}\[\"]|$)"
)
#: an explicit line break: two backslashes at a line's end ("Homepage: https://...")
_LINE_BREAK = re.compile(r"\\\\(?=\s|$)")
#: blocks whose text is read, and how: code, a quote, or text
_CODE_BLOCKS = {"src", "example"}
_QUOTE_BLOCKS = {"quote", "verse"}
_LEFT_OUT_BLOCKS = {"comment", "export"}


def inline_text(text: str) -> str:
    """``text`` without Org's inline markup: a link as its description or target, emphasis and
    code as their text ("=--check-cxx-compiler=clang++=" as "--check-cxx-compiler=clang++")."""
    text = _LINE_BREAK.sub("", _LINK.sub(lambda m: m["text"] or m["target"], text))
    return _MARKUP.sub(lambda m: m["text"], text)


def load_org(data: bytes, name: str) -> ParsedDocument:
    """An Org document (see the module's description)."""
    from citadel.ingest.loaders import _check_source_chars, _require_text, decode_text

    source = decode_text(data)
    _check_source_chars(source, "Org file")
    reader = _Reader(source.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    reader.read()
    title = reader.title or reader.first_heading or re.sub(r"\.org$", "", name, flags=re.IGNORECASE)
    return _require_text(reader.builder.build(title, ORG, {"format": "org"}), "no text found in the Org file")


class _Reader:
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        # where blocks, drawers and subtrees can end, found in one pass: an unclosed one is text,
        # and no line is looked at again for each of thousands of openings
        self.block_ends: dict[str, list[int]] = {}
        self.drawer_ends: list[int] = []
        self.headlines: list[int] = []
        for n, line in enumerate(lines):
            if (m := _BLOCK_END.match(line)) is not None:
                self.block_ends.setdefault(m["kind"].lower(), []).append(n)
            elif line.strip().lower() == ":end:":
                self.drawer_ends.append(n)
            elif _HEADLINE.match(line):
                self.headlines.append(n)
        self.builder = TextBuilder()
        self.title = ""
        self.first_heading = ""
        self.fresh = True  # the next list item or table row starts a new run

    def at(self, first: int, last: int) -> Location:
        """File lines ``first`` to ``last`` (0-based, inclusive) as a location."""
        return Location.lines(first + 1, last + 1)

    def read(self) -> None:
        lines, n = self.lines, 0
        while n < len(lines):
            line = lines[n]
            if not line.strip():
                n += 1
                continue
            if (m := _HEADLINE.match(line)) is not None:
                n = self.headline(n, len(m["stars"]), m["text"])
                continue
            if (m := _KEYWORD_LINE.match(line)) is not None and _BLOCK_BEGIN.match(line) is None:
                if m["key"].lower() == "title" and not self.title:
                    self.title = " ".join(inline_text(m["value"]).split())
                n += 1
            elif (end := self.block_end(n)) is not None:  # a block never closed is text
                n = self.block(n, end)
            elif _COMMENT.match(line):
                n += 1
            elif self.drawer(n):
                n = self.drawer_end(n) or n + 1
            elif _FIXED.match(line):
                n = self.fixed(n)
            elif line.lstrip().startswith("|"):
                n = self.table(n)
            elif _ITEM.match(line):
                n = self.item(n)
            else:
                n = self.paragraph(n)

    def headline(self, n: int, level: int, text: str) -> int:
        text = _KEYWORD.sub("", text.strip())
        if (tags := _TAGS.search(text, max(0, len(text) - TERM_CHARS))) is not None:
            text = text[: tags.start()]
        if text.startswith("COMMENT") and (len(text) == 7 or text[7] == " "):  # left out, with its subtree
            for k in self.headlines[bisect.bisect_right(self.headlines, n) :]:
                m = _HEADLINE.match(self.lines[k])
                if m is not None and len(m["stars"]) <= level:
                    return k
            return len(self.lines)
        heading = " ".join(inline_text(text).split())
        self.first_heading = self.first_heading or heading
        self.builder.heading(level, heading, at=self.at(n, n))
        self.fresh = True
        return n + 1

    def block_end(self, n: int) -> int | None:
        """The ``#+END_...`` line of the block line ``n`` opens, or None (no block: text)."""
        m = _BLOCK_BEGIN.match(self.lines[n])
        return None if m is None else _after(self.block_ends.get(m["kind"].lower(), []), n)

    def drawer(self, n: int) -> bool:
        """Whether line ``n`` opens a drawer (":PROPERTIES:" and, before the next headline, ":END:")."""
        m = _DRAWER.match(self.lines[n])
        return m is not None and m["name"].lower() != "end" and self.drawer_end(n) is not None

    def drawer_end(self, n: int) -> int | None:
        """The line after a drawer's ``:END:``, or None when none closes it before the next
        headline (no drawer: text)."""
        end = _after(self.drawer_ends, n)
        headline = _after(self.headlines, n)
        return None if end is None or (headline is not None and headline < end) else end + 1

    def block(self, n: int, end: int) -> int:
        """A block from its ``#+BEGIN_KIND`` line ``n`` to its ``#+END_KIND`` line ``end``."""
        kind = self.lines[n].strip()[len("#+begin_") :].split(maxsplit=1)[0].lower()
        body = self.lines[n + 1 : end]
        if kind in _CODE_BLOCKS:
            # a comma protects a line that would read as Org syntax inside the block (",* not a headline")
            code = "\n".join(re.sub(r"^(\s*),(?=[*#])", r"\1", ln) for ln in body)
            self.builder.block(code, ChunkKind.CODE, at=self.at(n + 1, max(n + 1, end - 1)))
        elif kind not in _LEFT_OUT_BLOCKS:
            text = " ".join(inline_text(ln.strip()) for ln in body if ln.strip())
            kind_of = ChunkKind.QUOTE if kind in _QUOTE_BLOCKS else ChunkKind.PARAGRAPH
            self.builder.block(text, kind_of, at=self.at(n + 1, max(n + 1, end - 1)))
        self.fresh = True
        return end + 1

    def fixed(self, n: int) -> int:
        start, body = n, []
        while n < len(self.lines) and (m := _FIXED.match(self.lines[n])) is not None:
            body.append(m["text"])
            n += 1
        self.builder.block("\n".join(body), ChunkKind.CODE, at=self.at(start, n - 1))
        self.fresh = True
        return n

    def table(self, n: int) -> int:
        rows: list[tuple[int, list[str]]] = []
        rules: list[int] = []
        while n < len(self.lines) and self.lines[n].lstrip().startswith("|"):
            if _TABLE_RULE.match(self.lines[n]):
                rules.append(len(rows))
            else:
                cells = self.lines[n].strip().strip("|").split("|")
                rows.append((n, [" ".join(inline_text(c.strip()).split()) for c in cells]))
            n += 1
        header: list[str] = []
        if rules and 0 < rules[0] < len(rows):  # the rows above the first rule are the header
            header = [" ".join(parts).strip() for parts in zip(*(r for _, r in rows[: rules[0]]), strict=False)]
            rows = rows[rules[0] :]
        number = 0
        for k, (line, cells) in enumerate(rows):
            if not any(cells):
                continue
            number += 1
            text = row_text(header, cells) if header and len(header) == len(cells) else " | ".join(cells)
            where = row_location(number, header, cells, self.at(line, line))
            self.builder.block(text, ChunkKind.TABLE_ROW, tight=k > 0, at=where)
        self.fresh = True
        return n

    def item(self, n: int) -> int:
        m = _ITEM.match(self.lines[n])
        assert m is not None
        indent, start = len(m["indent"]), n
        parts = [m["text"].strip()]
        n += 1
        while n < len(self.lines):  # its continuation: lines indented past its bullet, up to a blank line
            line = self.lines[n]
            if not line.strip() or _ITEM.match(line) or _HEADLINE.match(line) or len(line) - len(line.lstrip()) <= indent \
                    or _FIXED.match(line) or line.lstrip().startswith(("|", "#+")):
                break
            parts.append(line.strip())
            n += 1
        text = " ".join(parts)
        if (k := text.find(" ::", 0, TERM_CHARS)) > 0 and text[k + 3 : k + 4] in ("", " "):  # "term :: what it is"
            text = f"{text[:k].strip()}: {text[k + 3:].strip()}".rstrip(": ")
        bullet = m["bullet"]
        marker = f"{bullet} " if bullet[0].isdigit() else "- "
        self.builder.block(marker + " ".join(inline_text(text).split()), ChunkKind.LIST, tight=not self.fresh,
                           at=self.at(start, n - 1))
        self.fresh = False
        return n

    def paragraph(self, n: int) -> int:
        start, parts = n, [self.lines[n].strip()]
        n += 1
        while n < len(self.lines):
            line = self.lines[n]
            if not line.strip() or _HEADLINE.match(line) or _ITEM.match(line) or _FIXED.match(line) \
                    or line.lstrip().startswith("|") or _KEYWORD_LINE.match(line) or _COMMENT.match(line) \
                    or self.drawer(n) or self.block_end(n) is not None:
                break
            parts.append(line.strip())
            n += 1
        self.builder.block(inline_text(" ".join(parts)), at=self.at(start, n - 1))
        self.fresh = True
        return n


def _after(positions: list[int], n: int) -> int | None:
    """The first of the sorted line numbers ``positions`` after line ``n``, or None."""
    k = bisect.bisect_right(positions, n)
    return positions[k] if k < len(positions) else None
