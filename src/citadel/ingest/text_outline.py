"""Headings in plain text: the conventions text files use instead of markup.

A README, NEWS file or specification written as plain text marks its sections in one of
these ways, and each is read here as a heading, so its sections get a heading path (a
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
* **release lines** in a NEWS file that marks them in no other way ("Version 4.0 (09 Oct 2013)"
  alone between blank lines, in column 0), when it has two or more: each heads its changes;
* **capitals**: three or more lines in capitals alone between blank lines ("INTRODUCTION",
  "GENERAL USAGE", "CJPEG DETAILS": libjpeg's usage.txt), a level below the underlined headings
  used before them; not in a file whose sections are numbered (the sed FAQ's "CHANGING
  STRINGS" between "4.2." and "4.3.");
* **numbered sections**, in a file that marks its sections in none of the ways above (a
  manual formatted by ``nroff``: "1.  Introduction", "2.2.1.  Specifying a section"): a
  line that opens with a section number and a word, alone between blank lines and not
  ending like a sentence, with text under it or its first subsection ("1." then "1.1."),
  is a heading as deep as its number has parts, when the file has
  :data:`NUMBERED_SECTIONS` of them or more (a numbered list's items end like sentences,
  run on, or follow one another); chapters numbered in Roman numerals in order ("I.
  Introduction", "II. Structures", libpng's manual) are headings above them.

A line of dashes under a sentence (one that ends with "." or ":") is a rule, not an
underline; a line that stands under another text line (no blank line above the pair) is
no heading either.
"""

from __future__ import annotations

import re

from citadel.ingest.parsed import QUESTION_CHARS

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
    plain: dict[tuple[str, bool], list[int]] = {}  # lines that are headings by their style alone, when enough
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
        if not outline and not legacy and (alone := _line_style(lines, n)) is not None:
            plain.setdefault(alone, []).append(n)
            if alone not in styles:
                styles.append(alone)
        n += 1
    numbered = _numbered_sections(lines) if not out else None  # the sections when nothing else marks them
    for style, found in list(plain.items()):
        # too few to be the file's sections, or sections numbered ("1. GENERAL INFORMATION" over
        # "1.1. Introduction") with a few lines in capitals between: the styles after them move up
        if len(found) < _NEEDED[style] or (style == _CAPITALS and numbered):
            at = styles.index(style) + 1
            out = {k: (level - (level > at), text, span) for k, (level, text, span) in out.items()}
            styles.remove(style)
            del plain[style]
    if not any(level == 1 and span == 1 for level, _, span in out.values()):  # a changelog's entries are its own
        for style, found in plain.items():  # below the underlined headings used before them, as they are
            out.update({k: (styles.index(style) + 1, " ".join(lines[k].split()), 1) for k in found})
    return out or numbered or {}


#: the styles of headings known by their line alone, among the underline styles: in capitals, and
#: a release's line
_CAPITALS, _RELEASES = ("capitals", False), ("release", False)
#: a file needs this many lines in capitals for them to be its headings, and this many releases
CAPITAL_HEADINGS, RELEASE_HEADINGS = 3, 2
_NEEDED = {_CAPITALS: CAPITAL_HEADINGS, _RELEASES: RELEASE_HEADINGS}
#: a release's line that heads its changes in a NEWS file: "Version 4.3 (19 Jan 2020)", "Release
#: 2.1.0", "Changes in version 1.2 (2019-03-02)": a version or release and its number, in column 0
_RELEASE_LINE = re.compile(r"^(?:[A-Z][\w-]*\s+){0,4}?(?:[Vv]ersion|[Rr]elease)\s+v?\d+(?:\.\d+)+\b[^.:;,]{0,40}$")


def _line_style(lines: list[str], n: int) -> tuple[str, bool] | None:
    """The style of heading line ``n`` is by itself, alone between blank lines with text under
    it: in capitals (:func:`_capitals`), or a release's line; None for any other line."""
    if not _alone(lines, n):
        return None
    if _capitals(lines[n].strip()):
        return _CAPITALS
    line = lines[n].rstrip()
    return _RELEASES if len(line) <= HEADING_CHARS and _RELEASE_LINE.match(line) is not None else None


def _between_blanks(lines: list[str], n: int) -> bool:
    """Whether line ``n`` has a blank line (or the file's start or end) on either side."""
    return (n == 0 or not lines[n - 1].strip()) and (n + 1 >= len(lines) or not lines[n + 1].strip())


def _alone(lines: list[str], n: int) -> bool:
    """Whether line ``n`` stands alone between blank lines and text follows within three lines."""
    return _between_blanks(lines, n) and any(line.strip() for line in lines[n + 1 : n + 4])


#: a heading in capitals: capital letters, digits, spaces and a title's punctuation, a word of
#: three letters at least, no two spaces inside ("GENERAL USAGE", "CJPEG DETAILS", "NO WARRANTY")
_CAPITAL_LINE = re.compile(r"^[A-Z][A-Z0-9&/(),'-]*(?: [A-Z0-9&/(),'-]+)*$")
#: a heading in capitals is at most this long, and this many words
CAPITAL_CHARS, CAPITAL_WORDS = 70, 8


def _capitals(text: str) -> bool:
    """Whether a line's ``text`` can be a heading in capitals, as plain-text manuals write their
    sections (libjpeg's "INTRODUCTION", "GENERAL USAGE", "CJPEG DETAILS"; a licence's "NO
    WARRANTY"), perhaps centred: capitals with a word of three letters or more, not ending like
    a lead-in or a broken word."""
    if not (3 <= len(text) <= CAPITAL_CHARS) or _CAPITAL_LINE.match(text) is None or text.endswith((",", "-")):
        return False
    return len(text.split()) <= CAPITAL_WORDS and re.search(r"[A-Z]{3}", text) is not None


#: a numbered section's line: "1.  Introduction", "2.2.1.  Specifying a section", "3.0 Problems"
_NUMBERED = re.compile(r"^ {0,4}(?P<number>\d{1,3}(?:\.\d{1,3})*)\.?\s+(?P<text>[^\W\d_].*)$")
#: a file needs this many numbered section lines for them to be its headings
NUMBERED_SECTIONS = 3
#: a question that heads its answer may run over this many lines ("1.2.4  Why can't I get the
#: sum(1) result reported in" / "README.lsof_<revision>?"), and :data:`QUESTION_CHARS` characters
QUESTION_LINES = 3


def _joined(lines: list[str], n: int, span: int) -> str:
    """Lines ``n`` to ``n + span`` as one line, whitespace folded."""
    return " ".join(" ".join(lines[n:n + span]).split())


def heading_lines(heads: dict[int, tuple[int, str, int]]) -> set[int]:
    """Every line the headings ``heads`` take (a heading with its underline, a wrapped question)."""
    return {k for n, (_, _, span) in heads.items() for k in range(n, n + span)}


def _section_number(number: str) -> str:
    """A section number without the zeros that number a chapter: "3.0" is chapter 3, whose
    sections are "3.1", "3.2" (lsof's FAQ)."""
    while number.endswith(".0"):
        number = number[:-2]
    return number


def _numbered_sections(lines: list[str]) -> dict[int, tuple[int, str, int]]:
    """The numbered section lines of ``lines`` (see the module's docstring), or nothing.

    A section may be a question, the way an FAQ numbers its entries ("3.19  Why is `lsof | wc`
    bigger than my system's open file limit?"), over up to :data:`QUESTION_LINES` lines; and a
    line that ends like a sentence is a section still when the section numbered just before
    it is one ("3. Where can I get a Visual Basic interface to zlib?" then "4. compress()
    returns Z_BUF_ERROR."): the numbering says what it is."""
    found: dict[int, tuple[int, str, int]] = {}
    numbers: dict[int, str] = {}
    sentences: dict[int, tuple[str, str]] = {}  # numbered lines alone that end like a sentence
    for n, raw in enumerate(lines):
        line = raw.rstrip()
        m = _NUMBERED.match(line)
        if m is None or (n > 0 and lines[n - 1].strip()):
            continue
        span = _question_span(lines, n, run_on=True)
        number = _section_number(m["number"])
        if span:
            found[n], numbers[n] = (number.count(".") + 1, _joined(lines, n, span), span), number
            continue
        if len(line.strip()) > HEADING_CHARS or (n + 1 < len(lines) and lines[n + 1].strip()):
            continue  # alone between blank lines
        if line.endswith((".", ":", ",", ";", "?", "!")):
            sentences[n] = (number, " ".join(line.split()))
            continue
        found[n], numbers[n] = (number.count(".") + 1, " ".join(line.split()), 1), number
    for n in sorted(sentences):  # the next number after a section's is a section, however it ends
        number, text = sentences[n]
        before = max((k for k in numbers if k < n), default=None)
        if before is not None and _follows(numbers[before], number):
            found[n], numbers[n] = (number.count(".") + 1, text, 1), number
    for n in list(found):  # a section holds text, or opens with its first subsection ("1." then "1.1.")
        nxt = next((k for k in range(n + found[n][2], len(lines)) if lines[k].strip()), None)
        if nxt in numbers and not numbers[nxt].startswith(numbers[n] + "."):
            del found[n]  # "1. Install" then "2. Run": a list's items, each alone between blank lines
    if len(found) < NUMBERED_SECTIONS:
        found = {}
    if roman := _roman_sections(lines):  # chapters above the numbered sections
        found = {k: (level + 1, text, span) for k, (level, text, span) in found.items()} | roman
    return found


#: a chapter numbered in Roman numerals: "I. Introduction", "IV. Writing", "X. Changes to ..."
_ROMAN = re.compile(r"^(?P<number>[IVX]{1,6})\.\s+(?P<text>[A-Z].*)$")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10}


def _roman(number: str) -> int:
    """The value of a Roman numeral of I, V and X ("IV" is 4, "XII" 12)."""
    values = [_ROMAN_VALUES[c] for c in number]
    return sum(-v if k + 1 < len(values) and v < values[k + 1] else v for k, v in enumerate(values))


def _roman_sections(lines: list[str]) -> dict[int, tuple[int, str, int]]:
    """Chapters numbered in Roman numerals, as libpng's manual has them ("I. Introduction" ...
    "X. Changes to Libpng from version 1.0.x/1.2.x to 1.4.x"): lines in column 0 alone between
    blank lines, not ending like a sentence, numbered I, II, III, ... in order; level 1, when
    there are :data:`NUMBERED_SECTIONS` or more."""
    found: dict[int, tuple[int, str, int]] = {}
    for n, raw in enumerate(lines):
        line = raw.rstrip()
        m = _ROMAN.match(line)
        if m is None or len(line) > HEADING_CHARS or line.endswith((".", ":", ",", ";", "!")) or not _alone(lines, n):
            continue
        if _roman(m["number"]) == len(found) + 1:  # the next chapter, never one out of order
            found[n] = (1, " ".join(line.split()), 1)
    return found if len(found) >= NUMBERED_SECTIONS else {}


#: "Q. I upgraded my system ..." / "Q:  What do the letters XZ mean?", and its answer's "A."
_QUESTION_MARK = re.compile(r"^ {0,4}(?:Q|Question)\s*[.:)]\s+(?=\S)")
_ANSWER_MARK = re.compile(r"^ {0,4}(?:A|Answer)\s*[.:)]\s+(?=\S)")
#: a file's questions head their answers when it has this many (an FAQ)
FAQ_QUESTIONS = 3
#: a question marked "Q." may be a paragraph up to this long
MARKED_QUESTION_CHARS = 400


def faq_questions(lines: list[str], heads: dict[int, tuple[int, str, int]]) -> dict[int, tuple[int, str, int]]:
    """The questions of an FAQ written as plain text, each a heading over its answer, one
    level below the heading they stand under: questions marked "Q." (or "Q:") over answers
    marked "A." (whose mark is blanked in ``lines``: the answer is its text), when the file
    has two of each; or, in a file with :data:`FAQ_QUESTIONS` or more, a question alone in
    its paragraph in the first columns (up to :data:`QUESTION_LINES` lines ending with "?"),
    its answer after a blank line ("Why don't I see SMP (per-CPU) stats in top?" over "You
    didn't enable it. ..."), or a numbered question over its answer in a file whose chapters
    are underlined (Valgrind's "1.1. How do you pronounce "Valgrind"?" under "1. Background"
    between rules), and then the entries numbered as deep that state their case in a short
    paragraph of their own ("3.1. Programs run OK on Valgrind, but at exit ... die with a
    segmentation fault."). Lines that are ``heads`` already are left as they are."""
    taken = heading_lines(heads)
    starts = [n for n in range(len(lines)) if lines[n].strip() and (n == 0 or not lines[n - 1].strip())
              and n not in taken]
    marked = [n for n in starts if _QUESTION_MARK.match(lines[n])]
    answers = [n for n in starts if _ANSWER_MARK.match(lines[n])]
    found: dict[int, tuple[str, int]] = {}
    if len(marked) >= 2 and answers:
        for n in marked:
            span = _paragraph_lines(lines, n)
            text = " ".join(_QUESTION_MARK.sub("", " ".join(lines[n:n + span]), count=1).split())
            if len(text) <= MARKED_QUESTION_CHARS:
                found[n] = (text, span)
        for n in answers:
            mark = _ANSWER_MARK.match(lines[n])
            if mark is not None:
                lines[n] = " " * mark.end() + lines[n][mark.end():]
    else:
        statements: dict[int, tuple[str, int, int]] = {}  # numbered entries that state their case, and their depth
        depths: set[int] = set()  # how deep the numbered questions are numbered
        for n in starts:
            if m := _NUMBERED.match(lines[n].rstrip()):  # "1.1. How do you pronounce "Valgrind"?" under a chapter
                depth = m["number"].count(".")
                if span := _question_span(lines, n, run_on=True):
                    found[n] = (_joined(lines, n, span), span)
                    depths.add(depth)
                elif depth and (span := _paragraph_lines(lines, n)) <= QUESTION_LINES:
                    if len(text := _joined(lines, n, span)) <= QUESTION_CHARS:
                        statements[n] = (text, span, depth)
                continue
            if lines[n][:1].isspace() or not (span := _question_span(lines, n)):
                continue
            after = next((k for k in range(n + span, len(lines)) if lines[k].strip()), None)
            if after is not None and not _question_span(lines, after):
                found[n] = (_joined(lines, n, span), span)
        if len(found) < FAQ_QUESTIONS:
            return {}
        for n, (text, span, depth) in statements.items():  # "3.1. Programs run OK on Valgrind, but at exit ... fault."
            if depth in depths:
                found[n] = (text, span)
    out: dict[int, tuple[int, str, int]] = {}
    for n, (text, span) in found.items():
        above = max((k for k in heads if k < n and heads[k][0] > 0), default=None)
        out[n] = ((heads[above][0] if above is not None else 0) + 1, text, span)
    return out


#: a table of contents needs this many entries that repeat the file's headings
CONTENTS_ENTRIES = 3


def contents_lines(lines: list[str], heads: dict[int, tuple[int, str, int]]) -> set[int]:
    """The lines of a table of contents: paragraphs at least half of whose lines are entries
    for headings that stand later in the file, by their section number ("3.19  Why is `lsof |
    wc` bigger ...?" for section 3.19) or word for word (an entry may wrap over up to three
    lines), when there are :data:`CONTENTS_ENTRIES` such entries or more. Read as text they
    restate every question of an FAQ and answer none."""
    later: dict[str, int] = {}  # a heading's text, and its section number, to the last line it stands at
    for n, (level, text, _) in heads.items():
        if level > 0:
            keys = [text]
            if (m := _NUMBERED.match(text)) is not None:
                keys.append("#" + _section_number(m["number"]))
            for key in keys:
                later[key] = max(later.get(key, -1), n)
    paragraphs: list[tuple[int, int, int]] = []  # (first line, line after, entries)
    n = 0
    while n < len(lines):
        if not lines[n].strip():
            n += 1
            continue
        end = n + _paragraph_lines(lines, n)
        k, count = n, 0
        while k < end:
            m = _NUMBERED.match(lines[k].rstrip())
            if m is not None and later.get("#" + _section_number(m["number"]), -1) >= end:
                count += 1
                k += 1
                continue
            for span in range(1, 4):
                if k + span <= end and later.get(_joined(lines, k, span), -1) >= end:
                    count += 1
                    k += span
                    break
            else:
                k += 1
        paragraphs.append((n, end, count))
        n = end
    table = [count >= 2 and count >= 0.5 * (end - n) for n, end, count in paragraphs]
    for k, (n, end, count) in enumerate(paragraphs):  # a one-entry paragraph between two of the table's
        if not table[k] and count == end - n and 0 < k < len(table) - 1 and table[k - 1] and table[k + 1]:
            table[k] = True
    found = {line for k, (n, end, _) in enumerate(paragraphs) if table[k] for line in range(n, end)}
    entries = sum(count for k, (_, _, count) in enumerate(paragraphs) if table[k])
    return found if entries >= CONTENTS_ENTRIES else set()


def _follows(previous: str, number: str) -> bool:
    """Whether section ``number`` comes right after ``previous`` ("4" after "3", "2.5" after
    "2.4" or after "2.4.3")."""
    head, _, last = number.rpartition(".")
    if not last.isdigit() or int(last) == 0:
        return False
    sibling = f"{head}.{int(last) - 1}" if head else str(int(last) - 1)
    return previous == sibling or previous.startswith(sibling + ".")


def _question_span(lines: list[str], n: int, run_on: bool = False) -> int:
    """How many lines the question starting at line ``n`` takes when it heads its answer: a
    question mark ends it within :data:`QUESTION_LINES` lines and a blank line follows (a
    question may ask twice, "Why can't I ...?" / "Why can't I ...?"); with ``run_on`` (a
    numbered question, "1.1. How do you pronounce "Valgrind"?" over its answer's first line,
    as Valgrind's FAQ has them), else the first line that ends with one, when a line follows
    that opens no numbered entry; 0 when it is no such question."""
    first = 0  # the first line that ends with a question mark
    for span in range(1, QUESTION_LINES + 1):
        k = n + span - 1
        if k >= len(lines) or not lines[k].strip() or (span > 1 and _NUMBERED.match(lines[k].rstrip())):
            break  # the paragraph ends, or the next entry of a list opens
        if lines[k].rstrip().endswith("?"):
            if len(_joined(lines, n, span)) > QUESTION_CHARS:
                break
            if k + 1 >= len(lines) or not lines[k + 1].strip():
                return span
            first = first or span
    if run_on and first and not _NUMBERED.match(lines[n + first].rstrip()):
        return first
    return 0


def _paragraph_lines(lines: list[str], n: int) -> int:
    """How many lines the paragraph starting at line ``n`` has (to the next blank line)."""
    end = n
    while end < len(lines) and lines[end].strip():
        end += 1
    return end - n


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
    return 0 < len(line) <= 80 and line[0].isupper() and not line.endswith((".", ":", ",", ";")) \
        and _between_blanks(lines, n)


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
