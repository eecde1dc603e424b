"""The version note of an entry: what answers "since which version?".

Reference documentation says when something appeared in a note at the end of its entry
("New in version 3.9.", "Changed in version 3.7: Added the capture_output parameter."),
often several paragraphs below the sentence that describes it. A question that asks for
a version ("..., and in which version was that option added?") is answered by the
describing sentence *and* that note, and no single unit holds both: the reranker and the
answerability model find the description, the note alone says nothing of what it is
about. So once the units that answer best are known, the version note of the entry each
one belongs to is found here, by the document's structure:

* the entry is the run of text from the definition term, option line or short title line
  at or above the unit (:func:`is_boundary`) down to the next one, inside the unit's
  section (its chunks' heading path);
* its version statements are the notes above and sentences that state a version ("Starting
  in Python 3.8, you can!"); of several, the one sharing most with the unit (words the
  question did not already say, code names the question names) is taken, the first on a
  tie;
* an entry without one: the deepest heading above the unit that names a version (release
  notes and changelogs say which version in the heading an entry stands under, "Noteworthy
  changes in release 1.6 (2013-06-09)", "curl (7.88.1-10+deb12u8) bookworm; urgency=medium",
  not in the entry: :func:`version_heading`), else the first note of the document that
  names a code name of the unit ("Changed in version 3.9: exit_on_error parameter was
  added." for a unit about ``exit_on_error`` in another section).

Nothing here reads a model; evidence selection attaches the note as the unit's completion
(:mod:`citadel.retrieve.evidence`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from citadel.models import Chunk
from citadel.retrieve.sentences import candidate_spans, entry_name, is_term_line, line_term, terms

#: a documentation version note, as Sphinx writes them
NOTE = re.compile(r"(?:new|changed|added|deprecated|removed)\s+(?:in|since)\s+version\s+\d", re.IGNORECASE)
#: a sentence that states a version: "Starting in Python 3.8", "since version 2.1", "as of 1.4",
#: "Since: 2.72", "since SDL 2.0.10"
_STATED = re.compile(
    r"\b(?:since|starting (?:in|with|from)|as of|from|in|added in|introduced in)\s+"
    r"(?:python\s+|version\s+|python\s+version\s+|release\s+)v?\d+(?:\.\d+)+"
    # an API reference's label and its library ("Since: 2.72" in gtk-doc's, "available since SDL 2.0.0" in Doxygen's)
    r"|\bsince:\s*v?\d+(?:\.\d+)+|\bsince\s+[A-Z][\w+-]*\s+v?\d+(?:\.\d+)+",
    re.IGNORECASE,
)
#: a version number: digits with a dot between them ("1.6", "2.9.2", "7.88.1-10+deb12u8",
#: "v3.11"); a CVE id or a date has none
VERSION = re.compile(r"(?<![\w.])v?\d+\.\d+(?:[\w.+~:-]*\w)?")
#: a word-like token, perhaps dotted or called; which are code names is decided per token
#: (:func:`_codes`), so a long run of letters costs one linear pass
_TOKEN = re.compile(r"[A-Za-z_][\w.]*(?:\(\))?")
_CAMEL = re.compile(r"[a-z][A-Z]")
#: a short line standing alone as a paragraph, without a sentence's end: a title line
_TITLE_CHARS = 60
_PARAGRAPH = re.compile(r"[^\n]+(?:\n(?![ \t]*\n)[^\n]+)*")
_NOT_TITLE = re.compile(r"(?:>>>|\$ |\.\.\.|#|[-*+\u2022] )")
#: a code line ("asyncio.run(main())", "x = 1"): a Sphinx term with a call ends in its pilcrow
_CODE_LINE = re.compile(r"[()=]|^\s")
#: the labels of reST and Sphinx admonitions, and of an API entry's parts: inside an entry, they open nothing
_ADMONITIONS = frozenset({"attention", "caution", "danger", "error", "hint", "important", "note", "tip", "warning",
                          "see also", "example", "examples", "deprecated", "todo",
                          # the labels of an API entry's parts (Doxygen's, gtk-doc's): inside the entry
                          "parameters", "arguments", "returns", "return value", "return values"})


def states_version(unit: str) -> bool:
    """Whether the unit is a version note or states a version."""
    return NOTE.match(unit.lstrip()) is not None or _STATED.search(unit) is not None


#: a line of gtk-doc's annotations ("[transfer full][not nullable]"): part of the entry above
_ANNOTATIONS = re.compile(r"(?:\[[^\]\n]{1,40}\]\s*)+")


def is_boundary(paragraph: str) -> bool:
    """A paragraph that opens an entry: a definition term or option line
    (:func:`citadel.retrieve.sentences.is_term_line`), or a short single line that is no
    sentence, no code line, no admonition's label, no version note and no line of
    annotations ("*+, ++, ?+", "exit_on_error", a heading; not "Note", "Since: 2.72",
    "[transfer full]")."""
    line = paragraph.strip()
    if not line or "\n" in line:
        return False
    if is_term_line(line):
        return True
    return (len(line) <= _TITLE_CHARS and line[-1] not in ".!?:;," and _NOT_TITLE.match(line) is None
            and _CODE_LINE.search(line) is None and line.lower() not in _ADMONITIONS
            and _ANNOTATIONS.fullmatch(line) is None and not states_version(line))


def section_of(chunks: Sequence[Chunk], start: int) -> tuple[int, int] | None:
    """The offsets of the run of consecutive chunks (in reading order) that share the heading
    path of the chunk holding ``start``; None when no chunk holds it."""
    ordered = sorted(chunks, key=lambda c: c.start)
    at = next((n for n, c in enumerate(ordered) if c.start <= start < c.end), None)
    if at is None:
        return None
    path = ordered[at].heading_path
    lo = hi = at
    while lo > 0 and ordered[lo - 1].heading_path == path:
        lo -= 1
    while hi + 1 < len(ordered) and ordered[hi + 1].heading_path == path:
        hi += 1
    return ordered[lo].start, ordered[hi].end


#: an entry is looked for this far above and below its unit at most (a huge section without
#: boundaries costs a bounded read)
ENTRY_WINDOW = 20_000


def entry_of(text: str, section: tuple[int, int], start: int, end: int) -> tuple[int, int]:
    """The entry of the unit ``[start, end)`` inside ``section``: from the last boundary
    paragraph (:func:`is_boundary`) at or above it to the next one below it, within
    :data:`ENTRY_WINDOW` characters of the unit."""
    lo, hi = max(section[0], start - ENTRY_WINDOW), min(section[1], end + ENTRY_WINDOW)
    entry_start, entry_end = lo, hi
    for m in _PARAGRAPH.finditer(text, lo, hi):
        at = m.start()
        if not is_boundary(m.group()):
            continue
        if at <= start:
            entry_start = at
        elif at >= end:
            entry_end = at
            break
    return entry_start, entry_end


def _codes(text: str) -> set[str]:
    """The code names in ``text``, lower-cased: dotted ("os.path"), with an inner underscore
    ("exit_on_error"), called ("run()") or camelCase ("basicConfig")."""
    out = set()
    for m in _TOKEN.finditer(text):
        token = m.group()
        core = token.removesuffix("()").rstrip(".")
        if token.endswith("()") or "." in core or "_" in core.strip("_") or _CAMEL.search(core):
            out.add(core.lower())
    return out


#: a note that says what it is about before it: "FILE_PERMISSIONS <permissions>...: Added in version 3.20."
_LABELLED_NOTE = re.compile(rf"(?P<label>[^\n]{{1,120}}?):\s+{NOTE.pattern}", re.IGNORECASE)


def _of_another(text: str, start: int, end: int, own: str) -> bool:
    """The note ``text[start:end]`` is another item's, for a unit whose entry's term is ``own``:
    its line opens with another term, or it names another thing before it ("FILE_PERMISSIONS
    <permissions>...: Added in version 3.20." is no note of ESCAPE_QUOTES, in the list of
    configure_file's options where each item is one line)."""
    if not own:
        return False
    term = line_term(text, start)
    if term and term != own:
        return True
    m = _LABELLED_NOTE.match(text, start, end)
    return m is not None and own not in m.group("label")


def version_note(text: str, chunks: Sequence[Chunk], start: int, end: int, question: str) -> tuple[int, int] | None:
    """Offsets of the version statement that completes the unit ``text[start:end]`` for
    ``question`` (see the module's docstring); None when the unit states one itself or
    none is found. ``chunks``: the document version's chunks (for its sections)."""
    unit = text[start:end]
    if states_version(unit):
        return None
    section = section_of(chunks, start)
    if section is None:
        return None
    lo, hi = entry_of(text, section, start, end)
    own = line_term(text, start) or entry_name(text, start)
    notes = [(s, e) for s, e in candidate_spans(text, lo, hi) if (s, e) != (start, end) and states_version(text[s:e])
             and not _of_another(text, s, e, own)]
    if notes:
        asked, said, named = terms(question), terms(unit), _codes(question)

        def shared(span: tuple[int, int]) -> int:
            note = text[span[0] : span[1]]
            return len(terms(note) & (said - asked)) + 2 * len(_codes(note) & named)

        return max(notes, key=shared)  # max keeps the first of equals
    heading = version_heading(text, chunks, start)
    if heading is not None:
        return heading
    names = _codes(own) if own else _codes(unit)  # an item's note names its term, not any name it mentions
    if not names:
        return None
    for m in _PARAGRAPH.finditer(text):
        if NOTE.match(m.group()) and names & _codes(m.group()):
            units = candidate_spans(text, m.start(), m.end())
            return units[0] if units else None
    return None


#: how many places a heading's words are tried as its line (:func:`heading_line`)
_HEADING_TRIES = 8


#: a heading's leading section number ("2.1. Removal of the unversioned packages", "8.3 Handling
#: Exceptions"): a number followed by a word names a section, not a release ("2.3 (2024-05-02)",
#: "v2.3", "1.47.0" do)
_SECTION_NUMBER = re.compile(r"\s*\d+(?:\.\d+)*\.?\s+(?=[^\W\d_])")


def heading_versions(heading: str) -> list[str]:
    """The versions a heading names (:data:`VERSION`), its leading section number aside."""
    numbered = _SECTION_NUMBER.match(heading)
    return [m.group(0) for m in VERSION.finditer(heading, numbered.end() if numbered else 0)]


def versioned_headings(heading_path: Sequence[str]) -> list[str]:
    """The headings of ``heading_path`` that name a version (:func:`heading_versions`), deepest first."""
    return [h for h in reversed(heading_path) if heading_versions(h)]


def heading_line(text: str, heading: str, before: int) -> int | None:
    """Where ``heading`` stands as a whole line of ``text`` ending at or before ``before``
    (the last such place); None when it is not found as a line."""
    at = text.rfind(heading, 0, before)
    for _ in range(_HEADING_TRIES):  # the same words inside lines: a bounded search
        if at < 0:
            break
        end = at + len(heading)
        if (at == 0 or text[at - 1] == "\n") and (end == len(text) or text[end] == "\n"):
            return at
        at = text.rfind(heading, 0, at)
    return None


def version_heading(text: str, chunks: Sequence[Chunk], start: int) -> tuple[int, int] | None:
    """Offsets of the deepest heading of the chunk holding ``start`` that names a version
    (:data:`VERSION`), as the line it stands on above that point; None when the chunk's
    headings name none (or none is found as a line of ``text``)."""
    chunk = next((c for c in chunks if c.start <= start < c.end), None)
    if chunk is None:
        return None
    for heading in versioned_headings(chunk.heading_path):
        if (at := heading_line(text, heading, start)) is not None:
            return at, at + len(heading)
    return None
