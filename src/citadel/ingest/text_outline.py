"""Headings in plain text: the conventions text files use instead of markup.

A README, NEWS file or specification written as plain text marks its sections in one of
three ways, and each is read here as a heading, so its sections get a heading path (a
release note then stands under its release: "Noteworthy changes in release 1.12 > Bug
fixes") and no heading runs into the paragraph under it:

* **underlined** (setext, as in reStructuredText and Markdown): a short line followed by a
  line of one repeated character (``=``, ``-``, ``~``, ``^``, ``*``, ``#``, ``+``) about
  as long as it, perhaps with the same line above it too. Levels follow the order in
  which the styles first appear, as in reStructuredText;
* **Emacs outline** (GNU NEWS files, whose first line says ``-*- outline -*-``): a line
  that starts with ``*``, ``**``, ... and a space, with a blank line after it, is a heading
  of that level, up to the first starred line that ends like a sentence or a lead-in or runs
  on: from there on, the file's older entries star their items, and none is a heading but a
  first-level one that names a release ("* Version 3.7.8 (released 2022-09-27)": GnuTLS stars
  its items throughout); a short capitalised line alone between blank lines heads each of
  those entries instead;
* **Debian changelog** entries: "grep (3.8-3) unstable; urgency=low" heads the changes of
  that version, up to its " -- Maintainer <address>  date" line;
* **GNU ChangeLog** entries: "2022-04-15  Pádraig Brady  <P@draigBrady.com>" (or the older
  "Fri Apr  7 15:14:43 PDT 2017  Phil Nelson <philnelson@acm.org>") heads the changes made
  that day, whose items follow indented;
* **numbered sections**, in a file that marks its sections in none of the ways above (a
  manual formatted by ``nroff``: "1.  Introduction", "2.2.1.  Specifying a section"): a
  line that opens with a section number and a word, alone between blank lines and not
  ending like a sentence, with text under it or its first subsection ("1." then "1.1."),
  is a heading as deep as its number has parts, when the file has
  :data:`NUMBERED_SECTIONS` of them or more (a numbered list's items end like sentences,
  run on, or follow one another).

A line of dashes under a sentence (one that ends with "." or ":") is a rule, not an
underline; a line that stands under another text line (no blank line above the pair) is
no heading either.
"""

from __future__ import annotations

import re

#: an underline: one character repeated, nothing else
_UNDERLINE = re.compile(r"^(?P<char>[=\-~^*#+])(?P=char){2,}\s*$")
#: an underlined heading's text is at most this long
HEADING_CHARS = 100
_OUTLINE_MODE = re.compile(r"-\*-\s*(?:mode:\s*)?outline\s*-\*-", re.IGNORECASE)
_OUTLINE = re.compile(r"^(?P<stars>\*{1,6}) +(?P<text>\S.*?)\s*$")
#: a starred line that names a release: "* Version 3.7.8 (released 2022-09-27)"
_RELEASE = re.compile(r"\b(?:version|release)\s+v?\d+\.\d+", re.IGNORECASE)
_CHANGELOG_ENTRY = re.compile(r"^(?P<package>[a-z0-9][a-z0-9.+-]+) \((?P<version>[^()\s]+)\) [^;]+; *urgency=\S+", re.IGNORECASE)
#: a GNU ChangeLog entry's first line, in column 0: the date, then after two spaces or a tab
#: the author ("2022-08-19  Release Manager", "... 1993  David J. MacKenzie  (djm at frob)"), or
#: after one space an author with an address
_GNU_DATE = r"(?:\d{4}-\d{2}-\d{2}|[A-Z][a-z]{2} [A-Z][a-z]{2} +\d{1,2} \d{2}:\d{2}(?::\d{2})?(?: [A-Z]{2,5})? \d{4})"
_GNU_ENTRY = re.compile(rf"^{_GNU_DATE}(?:(?: {{2,}}|\t)\s*|\s+(?=[^<>]*<[^<>\s]+@[^<>\s]+>))\S.{{0,120}}$")


def changelog_title(first_line: str) -> str | None:
    """A changelog's title when its first line is an entry: "grep changelog" for a Debian
    one ("grep (3.8-3) unstable; urgency=low"); None for a GNU ChangeLog (its entries name no
    package: the file name says) and for any other first line."""
    m = _CHANGELOG_ENTRY.match(first_line.strip())
    return f"{m['package']} changelog" if m else None


def is_changelog_entry(line: str) -> bool:
    """Whether ``line`` opens a Debian or GNU changelog entry."""
    return _CHANGELOG_ENTRY.match(line) is not None or _GNU_ENTRY.match(line) is not None


def mode_line_title(first_line: str) -> str:
    """The first line without its Emacs mode marker ("GNU gzip NEWS   -*- outline -*-")."""
    return _OUTLINE_MODE.sub("", first_line).strip()


def headings(lines: list[str]) -> dict[int, tuple[int, str, int]]:
    """The headings of a text file's ``lines``: the index of each heading's first line, to
    (level, text, how many lines it takes: 1, 2 with its underline, 3 with an overline).
    Level 0 is the outline's mode line ("GNU gzip NEWS   -*- outline -*-"): the title's, no
    block of the text."""
    out: dict[int, tuple[int, str, int]] = {}
    outline = bool(lines) and _OUTLINE_MODE.search(lines[0]) is not None
    if outline:
        out[0] = (0, mode_line_title(lines[0]), 1)
    styles: list[tuple[str, bool]] = []  # underline styles in order of first use: their level
    legacy = False  # past the outline, in the older entries of the NEWS file
    n = 1 if outline else 0
    while n < len(lines):
        line = lines[n].rstrip()
        if outline and (m := _OUTLINE.match(line)):
            if _outline_heading(lines, n, m["text"]):
                out[n] = (len(m["stars"]), m["text"], 1)
                n += 1
                continue
            outline, legacy = False, True  # the older entries below star their items: none is a heading
            last = max(out, default=0)
            for k in range(n - 1, last, -1):  # the entry this item is of began after the last heading
                if _entry_title(lines, k):
                    out[k] = (1, " ".join(lines[k].split()), 1)
                    break
        if legacy and (m := _OUTLINE.match(line)) and len(m["stars"]) == 1 and _RELEASE.search(m["text"]) \
                and _outline_heading(lines, n, m["text"]):  # GnuTLS stars its items, and still its releases
            out[n] = (1, m["text"], 1)
            n += 1
            continue
        if legacy and _entry_title(lines, n):  # "Major changes in Gzip 1.3.12 (2007-04-13)" heads an older entry
            out[n] = (1, " ".join(line.split()), 1)
            n += 1
            continue
        if is_changelog_entry(line):
            out[n] = (1, " ".join(line.split()), 1)
            n += 1
            continue
        under = _underlined(lines, n)
        if under is not None:
            style, span = under
            if style not in styles:
                styles.append(style)
            text_line = n + 1 if span == 3 else n
            out[n] = (styles.index(style) + 1, " ".join(lines[text_line].split()), span)
            n += span
            continue
        n += 1
    return out or _numbered_sections(lines)


#: a numbered section's line: "1.  Introduction", "2.2.1.  Specifying a section"
_NUMBERED = re.compile(r"^ {0,4}(?P<number>\d{1,3}(?:\.\d{1,3})*)\.?\s+(?P<text>[^\W\d_].*)$")
#: a file needs this many numbered section lines for them to be its headings
NUMBERED_SECTIONS = 3


def _numbered_sections(lines: list[str]) -> dict[int, tuple[int, str, int]]:
    """The numbered section lines of ``lines`` (see the module's docstring), or nothing."""
    found: dict[int, tuple[int, str, int]] = {}
    numbers: dict[int, str] = {}
    for n, raw in enumerate(lines):
        line = raw.rstrip()
        m = _NUMBERED.match(line)
        if m is None or len(line.strip()) > HEADING_CHARS or line.endswith((".", ":", ",", ";", "?", "!")):
            continue
        if (n > 0 and lines[n - 1].strip()) or (n + 1 < len(lines) and lines[n + 1].strip()):
            continue  # alone between blank lines
        found[n], numbers[n] = (m["number"].count(".") + 1, " ".join(line.split()), 1), m["number"]
    for n in list(found):  # a section holds text, or opens with its first subsection ("1." then "1.1.")
        nxt = next((k for k in range(n + 1, len(lines)) if lines[k].strip()), None)
        if nxt in numbers and not numbers[nxt].startswith(numbers[n] + "."):
            del found[n]  # "1. Install" then "2. Run": a list's items, each alone between blank lines
    return found if len(found) >= NUMBERED_SECTIONS else {}


def _outline_heading(lines: list[str], n: int, text: str) -> bool:
    """Whether the starred line ``n`` is a heading: not a sentence or a lead-in (older
    entries of the same NEWS files star their items: "* Fix some gzip problems:" with its
    list under it, "** 'gzip -f' now creates foo.gz.gz."), and a blank line after it."""
    return not text.endswith((".", ":", ";", ",")) and (n + 1 >= len(lines) or not lines[n + 1].strip())


def _entry_title(lines: list[str], n: int) -> bool:
    """Whether line ``n`` of an outline NEWS file's older part heads an entry: a short line
    alone between blank lines, in column 0, that starts with a capital and does not end like
    a sentence ("Major changes in Gzip 1.3.12 (2007-04-13)", "Version 1.2.4 (18 Aug 93)")."""
    line = lines[n].rstrip()
    return (
        0 < len(line) <= 80 and line[0].isupper() and not line.endswith((".", ":", ",", ";"))
        and (n == 0 or not lines[n - 1].strip()) and (n + 1 >= len(lines) or not lines[n + 1].strip())
    )  # fmt: skip


def _underlined(lines: list[str], n: int) -> tuple[tuple[str, bool], int] | None:
    """((underline character, overlined), lines taken) when line ``n`` starts an
    underlined heading: "Title" + "=====", or "=====" + "Title" + "=====". None otherwise."""
    over = _UNDERLINE.match(lines[n].rstrip())
    if over is not None:  # an overline: the title, then the same line under it
        if n + 2 < len(lines) and lines[n + 2].rstrip() == lines[n].rstrip() and _title_like(lines[n + 1], len(lines[n].strip()), True):
            if n == 0 or not lines[n - 1].strip():
                return (over["char"], True), 3
        return None
    if n + 1 >= len(lines) or not lines[n].strip():
        return None
    under = _UNDERLINE.match(lines[n + 1].rstrip())
    if under is None or not _title_like(lines[n], len(lines[n + 1].strip()), False):
        return None
    if n > 0 and lines[n - 1].strip():  # the line stands under other text: a rule after a paragraph
        return None
    return (under["char"], False), 2


def _title_like(line: str, rule_length: int, overlined: bool) -> bool:
    """Whether ``line`` can be the text of a heading with a rule ``rule_length`` long."""
    text = line.strip()
    if not text or len(text) > HEADING_CHARS or _UNDERLINE.match(text) or text.endswith((".", ":", ",", ";")):
        return False
    if overlined:  # the overline and underline frame the title, which may be centred
        return rule_length >= len(text)
    return 0.6 * len(text) <= rule_length <= 1.5 * len(text) + 3
