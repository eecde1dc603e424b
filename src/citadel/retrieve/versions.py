"""The version a question names: "What changed in gzip 1.12?", "When was diffutils 3.8 released?".

Release notes and changelogs file every change under a heading that names its release
("Noteworthy changes in release 3.8 (2021-08-01) [stable]", "E2fsprogs 1.47.0 (February 5,
2023)", "curl (7.88.1-10+deb12u8) bookworm; urgency=medium"). Each section reads like every
other: the same program, the same kinds of fixes. Search and the models rank them by their
words, and a version number is two short digits to them, so the answer for release 2.8.7
comes back for a question about 3.8. The heading is what tells them apart, and it is read
here, by structure:

* search ranks by words, and a release's number is little of them: when no retrieved chunk
  of a release-notes document stands under the release the question names, the retriever
  adds the first chunks of that document that do (:func:`names_release`,
  :mod:`citadel.retrieve.ask`);
* :func:`pinned`: when some retrieved chunk of a release-notes document (its headings name
  two releases or more: :func:`is_release_notes`) stands under a heading that names the
  version the question names, that document's chunks under headings that name only other
  versions are left out (chunks under no versioned heading, and other documents, stay);
* :func:`release_heading`: the models read a unit after its title and last heading ("tarx
  NEWS > Bug fixes: ..."); under a release the question names, its release heading is read
  too, which is what makes "What changed in tarx 2.2?" answered by the fixes listed there;
* :func:`dated_heading`: "When was 1.47.0 released?" is answered by the release's heading
  itself when it carries a date ("E2fsprogs 1.47.0 (February 5, 2023)"): evidence selection
  makes that heading line a unit of its own (:mod:`citadel.retrieve.evidence`), and a unit
  that states no date answers such a question with 0 (:func:`asks_release_date`);
* :func:`unnamed_versions`: when the retrieved chunks of a document are release notes and
  none of the retrieved titles, headings or text names that version, the
  documents do not cover it ("When was diffutils 4.0 released?" over a NEWS file that
  stops at 3.8), and ``ask`` abstains, as it does for a code name no retrieved text holds
  (:mod:`citadel.retrieve.coverage`).

Over documents that are no release notes, only a release of something named
(:func:`named_releases`: "XSLT 3.0", "Python 3.12") that no retrieved text names makes
``ask`` abstain ("Does xsltproc support XSLT 3.0?" over its manual); any other number in a
question ("the float 2.0", "a 1.8 GHz processor", a page titled "DB-API 2.0 interface")
changes nothing here, and a section's number is no release ("2.1. Removal of the
unversioned packages": :func:`citadel.retrieve.entries.heading_versions`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Protocol, TypeVar

from citadel.retrieve.answer_types import asks_date
from citadel.retrieve.entries import VERSION, heading_line, heading_versions


class _Sectioned(Protocol):
    @property
    def doc_id(self) -> str: ...

    @property
    def heading_path(self) -> tuple[str, ...]: ...


S = TypeVar("S", bound=_Sectioned)


def _norm(version: str) -> str:
    """``version`` without a leading "v" and trailing ".0" parts ("v1.47.0" -> "1.47")."""
    out = version.lower().removeprefix("v")
    while out.endswith(".0") and out.count(".") > 1:
        out = out[:-2]
    return out


def named_versions(question: str) -> list[str]:
    """The version numbers ``question`` names ("3.8", "1.47.0", "v2.1"), in order."""
    return list(_asked(question))


@functools.lru_cache(maxsize=64)
def _asked(question: str) -> tuple[str, ...]:
    """:func:`named_versions`, read once per question: evidence selection asks for every unit
    it reads and the retriever for every chunk of a release-notes document."""
    return tuple(dict.fromkeys(version for version, _ in _versions_in(question)))


def _versions_in(question: str) -> list[tuple[str, int]]:
    """Each version ``question`` names, with where it starts, in order."""
    return [(m.group(0).rstrip("."), m.start()) for m in VERSION.finditer(question)]


#: a name with a capital right before a version: "XSLT 3.0", "Python 3.12", "HTTP/1.1"
_NAME_BEFORE = re.compile(r"(?<![\w.])[A-Z][\w+#-]*[ /]$")


def named_releases(question: str) -> tuple[str, ...]:
    """The versions ``question`` names right after a name with a capital ("XSLT 3.0", "Python
    3.12", "YAML 1.2", "HTTP/1.1"): releases of something; "the float 2.0" and "a 1.8 GHz
    processor" are values."""
    return tuple(dict.fromkeys(
        version for version, at in _versions_in(question) if _NAME_BEFORE.search(question, max(0, at - 40), at)
    ))


def same_version(asked: str, found: str) -> bool:
    """Whether ``found`` (a version a text names) is the release ``asked`` names, or one of
    its series or packagings: "3.8" is "3.8", "3.8.1" and "v3.8"; "7.88.1" is "7.88.1-10+deb12u8";
    "1.47.0" is "1.47". Not "3.80" or "13.8", and "1.47.1" is not "1.47"."""
    a, f = _norm(asked), _norm(found)
    return f == a or (f.startswith(a) and not f[len(a)].isdigit())


def path_versions(heading_path: Sequence[str]) -> list[str]:
    """The versions the headings of ``heading_path`` name, deepest heading first (a section's
    number is none: :func:`citadel.retrieve.entries.heading_versions`)."""
    return [v for h in reversed(heading_path) for v in heading_versions(h)]


def _names(versions: Sequence[str], asked: Sequence[str]) -> bool:
    return any(same_version(a, v) for a in asked for v in versions)


def is_release_notes(heading_paths: Sequence[Sequence[str]]) -> bool:
    """Whether sections under these headings (one document's) are release notes: their
    headings name two releases or more. A page titled "DB-API 2.0 interface" names one."""
    return len({_norm(v) for path in heading_paths for v in path_versions(path)}) >= 2


def pinned(question: str, items: Sequence[S]) -> list[S]:
    """``items`` (hits or passages, best first) without those of a release-notes document
    (:func:`is_release_notes`) under a heading that names only other versions than the
    question does, when one of that document's stands under a heading that names it;
    otherwise ``items`` as they are."""
    asked = _asked(question)
    if not asked:
        return list(items)
    versions = [path_versions(x.heading_path) for x in items]
    named = {x.doc_id for x, vs in zip(items, versions, strict=True) if _names(vs, asked)}
    pinned_docs = {d for d in named if is_release_notes([x.heading_path for x in items if x.doc_id == d])}
    return [x for x, vs in zip(items, versions, strict=True)
            if x.doc_id not in pinned_docs or not vs or _names(vs, asked)]  # fmt: skip


def release_heading(question: str, heading_path: Sequence[str]) -> str:
    """The deepest heading above the last one of ``heading_path`` that names a version the
    question names; "" when there is none (the last heading is read anyway)."""
    asked = _asked(question)
    if not asked:
        return ""
    for heading in reversed(heading_path[:-1]):
        if _names(heading_versions(heading), asked):
            return heading
    return ""


def names_release(question: str, heading_path: Sequence[str]) -> bool:
    """Whether a heading of ``heading_path`` names a version the question names."""
    asked = _asked(question)
    return bool(asked) and _names(path_versions(heading_path), asked)


#: a version written onto a name, as package names write theirs ("libdb5.3", "python3.11")
_GLUED_VERSION = re.compile(r"(?<=[A-Za-z])\d+\.\d+(?:\.\d+)*(?![\w.])")


def unnamed_versions(
    question: str, texts: Sequence[str], heading_paths: Sequence[tuple[str, ...]], doc_ids: Sequence[str]
) -> list[str]:
    """The versions ``question`` names that none of ``texts`` (titles and text of the retrieved
    chunks) nor their headings names: any version when the chunks of one of their documents
    (``doc_ids``) are release notes (:func:`is_release_notes`), else a release of something
    named (:func:`named_releases`: "Does xsltproc support XSLT 3.0?" over a manual that names
    no XSLT 3.0 does not say)."""
    asked = _asked(question)
    if asked and not any(
        is_release_notes([p for p, d in zip(heading_paths, doc_ids, strict=True) if d == doc]) for doc in set(doc_ids)
    ):
        asked = named_releases(question)
    if not asked:
        return []
    found = [m.group(0) for t in texts for m in VERSION.finditer(t)]
    found += [m.group(0) for t in texts for m in _GLUED_VERSION.finditer(t)]  # "libdb5.3 copyright"
    found += [v for path in heading_paths for v in path_versions(path)]
    return [a for a in asked if not any(same_version(a, v) for v in found)]


#: a date in a heading: a year, or a month's name ("(2021-08-01)", "(February 5, 2023)")
_DATE = re.compile(
    r"(?<!\d)(?:1[89]|20)\d\d(?!\d)|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d",
    re.IGNORECASE,
)


def states_date(text: str) -> bool:
    """Whether ``text`` states a date: a year or a month's name with a day."""
    return _DATE.search(text) is not None


def asks_release_date(question: str) -> bool:
    """Whether the question asks when a release it names came out ("When was grep 3.7
    released?"): only a unit that states a date answers it."""
    return asks_date(question) and bool(_asked(question))


def dates_release(question: str, line: str) -> bool:
    """Whether ``line`` (a heading) names a version the question names and a date."""
    asked = _asked(question)
    return bool(asked) and _DATE.search(line) is not None and _names(heading_versions(line), asked)


def dated_heading(question: str, text: str, heading_path: tuple[str, ...], before: int) -> tuple[int, int, int] | None:
    """(start, end, depth) of the line of ``text`` above ``before`` that is the deepest heading
    of ``heading_path`` naming a version the question names and a date
    (:func:`dates_release`), with its depth in the path; None when there is none."""
    for depth in range(len(heading_path) - 1, -1, -1):
        heading = heading_path[depth]
        if dates_release(question, heading) and (at := heading_line(text, heading, before)) is not None:
            return at, at + len(heading), depth
    return None
