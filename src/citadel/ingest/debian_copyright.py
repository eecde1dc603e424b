"""Debian's machine-readable copyright files (DEP-5, ``/usr/share/doc/PACKAGE/copyright``).

The format is a list of stanzas of "Field: value" lines, a value's continuation lines
indented and a lone " ." for a blank line. Read as plain text, the document's title was its
first line ("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"),
so nothing said which package the licences are of, and a "Files" stanza ran its fields
together. Here:

* the title is "NAME copyright", NAME from ``Upstream-Name`` (else the file's name);
* a ``Files`` stanza is a heading "Files: PATTERNS" over one block of its fields, each
  "Field: value" with the lines of a value joined, the licence's name right after the files
  ("Files: *; License: GPL-3+; Copyright: 1999-2022 Free Software Foundation, Inc., 1992-1993
  Jean-loup Gailly"; a long one is a block of the files and their licence, then a block for
  each other field), then the licence text it carries, if any, paragraph by paragraph;
* a stand-alone ``License`` stanza is a heading "License: NAME" over its text;
* the header stanza (``Upstream-Name``, ``Source``, ...) is one block of its fields;
* every block keeps the file lines it came from.

A file is read this way when its first line is the format's ``Format:`` line
(:func:`looks_like_dep5`).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from citadel.ingest.parsed import ParsedDocument, TextBuilder
from citadel.models import Location

_FORMAT = re.compile(r"^format:\s*<?https?://(?:www\.)?debian\.org/doc/packaging-manuals/copyright-format/", re.IGNORECASE)
_FIELD = re.compile(r"^(?P<name>[A-Za-z][A-Za-z0-9-]*):[ \t]*(?P<value>.*)$")


def looks_like_dep5(text: str) -> bool:
    """Whether ``text`` is a DEP-5 copyright file: its first line is the ``Format:`` line."""
    first = next((line for line in text.lstrip("\ufeff").split("\n", 20)[:20] if line.strip()), "")
    return _FORMAT.match(first.strip()) is not None


def _stanzas(lines: list[str]) -> list[list[tuple[int, str]]]:
    """The stanzas of ``lines``: runs of non-blank lines, each line with its index."""
    out: list[list[tuple[int, str]]] = []
    run: list[tuple[int, str]] = []
    for n, line in enumerate(lines):
        if line.strip():
            run.append((n, line.rstrip()))
        elif run:
            out.append(run)
            run = []
    if run:
        out.append(run)
    return out


class _Field(NamedTuple):
    """One field of a stanza: "Name: value" and the lines that continue it."""

    name: str  # "" for lines before any field (a malformed stanza)
    value: str  # what follows "Name:" on its own line
    more: list[str]  # the continuation lines, stripped
    first: int  # index of its first and last line in the file
    last: int

    def text(self, sep: str = " ") -> str:
        """Its value and continuation lines joined with ``sep``, empty parts left out."""
        return sep.join(x for x in [self.value, *self.more] if x)

    def line(self, sep: str = " ") -> str:
        """"Name: value ...", or the first line alone for lines before any field."""
        return f"{self.name}: {self.text(sep)}" if self.name else self.value


def _fields(stanza: list[tuple[int, str]]) -> list[_Field]:
    """The fields of a stanza, in order."""
    out: list[_Field] = []
    for n, line in stanza:
        field = _FIELD.match(line) if not line[:1].isspace() else None
        if field is not None:
            out.append(_Field(field["name"], field["value"].strip(), [], n, n))
        elif out:
            out[-1].more.append(line.strip())  # in place: a licence's text can run to thousands of lines
            out[-1] = out[-1]._replace(last=n)
        else:
            out.append(_Field("", line.strip(), [], n, n))
    return out


def _paragraphs(lines: list[str]) -> list[str]:
    """A value's continuation lines as paragraphs (" ." separates them)."""
    out: list[str] = []
    run: list[str] = []
    for line in lines:
        if line == ".":
            if run:
                out.append(" ".join(run))
            run = []
        else:
            run.append(line)
    if run:
        out.append(" ".join(run))
    return out


#: a ``Files`` stanza's fields are one block up to this length (what an answer quotes at most,
#: :class:`~citadel.generate.backends.extractive.ExtractiveOptions`); a longer one (fifty holders
#: in libffi's "Files: *") is a block of the files and their licence, then a block for each
#: other field: a quote of the licence is not a page of names
STANZA_CHARS = 600


def _said(field: _Field) -> str:
    """A field as one line: "Copyright: 2006, Joe Gregorio, 2009, Mark Pilgrim" (a holder a
    line in the file), "Comment: APT is an old software ... Several bits ..." (wrapped lines
    and the paragraphs a lone "." parts joined with spaces)."""
    if not field.name or field.name.lower() in ("copyright", "files"):
        return field.line(", ")
    return f"{field.name}: {' '.join(_paragraphs([field.value, *field.more]))}".rstrip()


def load_dep5(raw: str, name: str) -> ParsedDocument:
    """A DEP-5 copyright file (see the module docstring); ``raw``: the decoded text."""
    from citadel.ingest.loaders import PLAIN, _require_text

    lines = raw.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    builder = TextBuilder()
    upstream = ""
    for stanza in _stanzas(lines):
        fields = _fields(stanza)
        first, last = stanza[0][0] + 1, stanza[-1][0] + 1
        names = {f.name.lower(): f for f in fields}
        licence = names.get("license")
        if "files" in names:
            builder.heading(1, f"Files: {names['files'].text()}", at=Location.lines(first))
            # the licence by its name only, right after the files: a long list of holders (fifty
            # lines in libffi's "Files: *") would part the files from their licence; the
            # holders a line each, joined with commas
            files = [f.line(", ") for f in fields if f.name.lower() == "files"]
            named = [f"License: {f.value}" for f in fields if f.name.lower() == "license"]
            others = [f for f in fields if f.name.lower() not in ("files", "license")]
            parts = files + named + [_said(f) for f in others]
            if len("; ".join(parts)) <= STANZA_CHARS:
                builder.block("; ".join(parts), at=Location.lines(first, last))
            else:  # the files and their licence, then each other field a block of its own (a
                # comment's paragraphs a block each)
                builder.block("; ".join(files + named), at=Location.lines(first, last))
                for other in others:
                    at = Location.lines(other.first + 1, other.last + 1)
                    if other.name.lower() == "copyright":
                        builder.block(other.line(", "), at=at)
                        continue
                    for n, para in enumerate(_paragraphs([other.value, *other.more])):
                        builder.block(f"{other.name}: {para}" if n == 0 else para, at=at)
            if licence is not None:  # the licence's text, when the stanza carries it
                for para in _paragraphs(licence.more):
                    builder.block(para, at=Location.lines(licence.first + 2, licence.last + 1))
        elif licence is not None and len(fields) <= 2:  # a licence's text, named once for every stanza that uses it
            builder.heading(1, f"License: {licence.value}", at=Location.lines(licence.first + 1))
            for para in _paragraphs(licence.more):
                builder.block(para, at=Location.lines(licence.first + 2, licence.last + 1))
            for other in fields:
                if other.name.lower() != "license":  # a Comment beside it
                    builder.block(f"{other.name}: {other.text()}", at=Location.lines(other.first + 1, other.last + 1))
        else:  # the header stanza, or any other
            upstream = upstream or next((f.value for f in fields if f.name.lower() == "upstream-name"), "")
            builder.block("; ".join(_said(f) for f in fields), at=Location.lines(first, last))
    title = f"{upstream} copyright" if upstream else name
    return _require_text(builder.build(title, PLAIN, {"format": "debian-copyright"}))
