"""Debian's machine-readable copyright files (DEP-5) read the way the format means them, for a
question that asks which licence something is under or who holds its copyright
(:func:`~citadel.retrieve.answer_types.asks_licence`).

The loader (:mod:`citadel.ingest.debian_copyright`) makes each ``Files`` stanza a heading
"Files: PATTERNS" over a block of its fields ("Files: *; License: Expat; Copyright: 2006, Joe
Gregorio"), and each stand-alone ``License`` stanza a heading "License: NAME" over that
licence's text. In the format, the stanza whose patterns match a file says which licence it is
under and whose it is; ``Files: *`` covers every file no other stanza names, so it is the
package's own licence; a stand-alone licence text says what a licence is, never what is under
it. Read as text, every one of them is on topic for "What license is httplib2 under?": the
reranker gives the GPL's "This program is free software ..." 0.999 and the ``Files: *`` stanza,
which holds the answer ("Expat"), 0.98, search does not even return that stanza (it shares one
word with the question), and the answerability model reads such records poorly (0.10 for
APT's ``Files: *`` and "What is the overall licence of APT?"). So for such a question, of a
copyright file about the software the question names, the stanzas for the paths, files or
folders it names ("lib/ext2fs", "compat/getline.c", "the debian/ directory", "xdiff"), else
``Files: *``, are read whatever the search found and answer by the format; the file's other
stanzas and its licence texts answer nothing (:func:`citadel.retrieve.evidence._licence_stanzas`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fnmatch import fnmatchcase
from typing import NamedTuple

from citadel.models import Chunk
from citadel.text import STOPWORDS

#: the heading the loader gives a ``Files`` stanza, and a stand-alone ``License`` stanza
FILES_HEADING = "Files: "
LICENCE_HEADING = "License: "
#: parts of a Debian package's name that name no software ("libpam-modules", "gnupg-utils",
#: "python3-httplib2", "postgresql-client-15")
_PACKAGING_WORDS = frozenset(
    "lib dev bin common utils util data doc docs python python3 perl java tools runtime base client server modules "
    "module core extra dbg copyright plugins plugin daemon".split()
)
#: a word of a question as it may name a file, a folder or a program ("lib/ext2fs/",
#: "turbojpeg.c", "D-Bus", "hb-unicode-emoji-table.hh")
_WORD = re.compile(r"[\w*+][\w.*+/-]*")


def is_dep5(chunks: Sequence[Chunk]) -> bool:
    """Whether ``chunks`` (one document's, in order) are a DEP-5 copyright file as the loader
    reads it: a ``Format:`` header first, and ``Files`` stanzas."""
    return bool(chunks) and chunks[0].text.lstrip().startswith("Format:") and any(
        c.heading_path[:1] and c.heading_path[0].startswith(FILES_HEADING) for c in chunks
    )


def is_licence_text(heading_path: Sequence[str]) -> bool:
    """Whether a unit under ``heading_path`` of a DEP-5 file is a stand-alone licence's text."""
    return bool(heading_path) and heading_path[0].startswith(LICENCE_HEADING)


def _variants(word: str) -> set[str]:
    """A name as a question or a package may write it: "D-Bus" is also "dbus", "libuuid1"
    "libuuid", "libcurl" "curl"."""
    word = word.lower().strip(".-")
    out = {word, word.replace("-", "")} | set(word.split("-"))
    out |= {w.rstrip("0123456789.") for w in list(out)}
    out |= {w[3:] for w in list(out) if w.startswith("lib") and len(w) > 5}
    return {w for w in out if len(w) >= 3 and w not in _PACKAGING_WORDS and w not in STOPWORDS}


def subject_names(title: str, doc_id: str) -> set[str]:
    """The names a copyright file's software goes by: its title's ("httplib2 copyright": the
    upstream name) and its package folder's ("python3-httplib2/copyright", "libsodium23/copyright")."""
    folder = doc_id.rsplit("/", 2)[-2] if doc_id.count("/") else ""
    return upstream_names(title) | _variants(folder)


def upstream_names(title: str) -> set[str]:
    """The names of a copyright file's title ("httplib2 copyright": its upstream name)."""
    return {n for word in title.split() for n in _variants(word)}


def _question_words(query: str) -> list[str]:
    """The words of a question as they may name a file, a folder or a program, lower-cased,
    a possessive's "'s" and closing punctuation dropped."""
    return [w.rstrip(".,;:'/").lower() for w in _WORD.findall(query.replace("\u2019", "'").replace("'s ", " "))]


def names_subject(query: str, names: set[str]) -> bool:
    """Whether the question names the software (:func:`subject_names`): a word, a part of a
    path ("file/libmagic"), or a name and the version after it ("Berkeley DB 5.3": "db5.3")."""
    words = _question_words(query)
    candidates = [part for w in words for part in w.split("/")] + [a + b for a, b in zip(words, words[1:])]
    return any(_variants(w) & names for w in candidates)


def patterns(heading: str) -> list[str]:
    """The file patterns of a ``Files`` stanza's heading ("Files: lib/ext2fs/* misc/e2fuzz.c")."""
    return [p.rstrip(",") for p in heading[len(FILES_HEADING) :].split() if p.strip(",")]


#: how a question's word names what a pattern covers (:func:`_match`)
NO_MATCH, FILE_MATCH, FOLDER_MATCH = 0, 1, 2


class _Pattern(NamedTuple):
    """A file pattern read once for every word of a question (:func:`_match`)."""

    text: str  # lower-cased
    names: dict[str, int]  # a word that names a part -> how (FOLDER_MATCH, FILE_MATCH)
    extension: str  # its file's extension ("c" of "*.c")
    globs: tuple[tuple[str, int], ...]  # parts with wildcards ("getopt*"), each with how they name


def _pattern(pattern: str) -> _Pattern:
    """``pattern`` read for :func:`_match`: each name of its parts with how it names them."""
    text = pattern.lower()
    parts = text.split("/")
    names: dict[str, int] = {}
    globs: list[tuple[str, int]] = []
    extension = ""
    for n, part in enumerate(parts):
        if part in ("*", ""):
            continue
        folder = n < len(parts) - 1
        how = FOLDER_MATCH if folder else FILE_MATCH
        stem, _, ext = part.partition(".")
        if not folder and ext:
            extension = ext.rsplit(".", 1)[-1]
        if any(c in part for c in "*?["):
            globs.append((part, how))
        said = {part, stem, part + "s", stem + "s"} | {w[:-1] for w in (part, stem) if w.endswith("s")}  # "icon", "icons/"
        if folder:  # "gitk" and "gitk-git/*", not for sure ("rendering" and "text-rendering-tests/")
            for piece in re.split(r"[-_]", stem):
                if len(piece) >= 4 and piece not in said:
                    names[piece] = max(names.get(piece, NO_MATCH), FILE_MATCH)
        for word in said:
            names[word] = max(names.get(word, NO_MATCH), how)
    return _Pattern(text, names, extension, tuple(globs))


def _match(word: str, pattern: _Pattern) -> int:
    """How a question's word names what ``pattern`` covers: a path ("lib/ext2fs" and
    "lib/ext2fs/*", "celt/x86/pitch_sse4_1.c" and "celt/x86/*") or a folder of it ("xdiff" and
    "xdiff/*", "icon" and "icons/mawk48.svg"): :data:`FOLDER_MATCH`; a file ("turbojpeg.c",
    "divsufsort" and "lib/dictBuilder/divsufsort.c", "getopt_long" and "lib/getopt*"), its
    extension ("svg", "c" and "*.c") or a word of a folder's name ("gitk" and "gitk-git/*"; a
    word of a file's name is no name of it: "link" and "packages/vms/gnv_link_curl.com"):
    :data:`FILE_MATCH`; else :data:`NO_MATCH`."""
    if "/" in word:
        text = pattern.text
        return FOLDER_MATCH if text.startswith(word + "/") or text == word or fnmatchcase(word, text) else NO_MATCH
    if len(word) < 3:  # "c" of "C#": an extension at most ("*.c")
        return FILE_MATCH if word == pattern.extension else NO_MATCH
    how = pattern.names.get(word, NO_MATCH)
    for part, named in pattern.globs:
        if named > how and fnmatchcase(word, part):
            how = named
    if how == NO_MATCH and word == pattern.extension:
        how = FILE_MATCH  # "svg" and "icons/mawk48.svg"
    return how


#: a stanza's block states a licence, and holders (not "Copyright: ;", an empty field)
_STATES_LICENCE = re.compile(r"(?:^|; )License: \S")
_STATES_HOLDER = re.compile(r"(?:^|; )Copyright: (?!;|$)\S")


def states_licence(unit: str) -> bool:
    """Whether a stanza's unit names its licence ("...; License: Expat")."""
    return _STATES_LICENCE.search(unit) is not None


def states_holder(unit: str) -> bool:
    """Whether a stanza's unit names its copyright holders (not "Copyright: ;")."""
    return _STATES_HOLDER.search(unit) is not None


#: a word of a question that names a file or a folder for sure: a path, a file name, a name with
#: an underscore or a digit ("lib/ext2fs", "turbojpeg.c", "getopt_long", "x86"); a plain word
#: ("scripts", "link", "icon") may be the name of a folder or a word of the question
_PATH_LIKE = re.compile(r"[/._*]|\d")


#: folders most source trees have: a plain word that names one ("scripts" and
#: "tests/certs/scripts/*" in "curl's OpenVMS build and packaging scripts") names no part for
#: sure; nor does "debian" ("Debian's pkg-config package"), every Debian source's folder, unless
#: the question says "Debian packaging" (what ``debian/*`` holds)
_TREE_FOLDERS = frozenset(
    "src source sources lib libs include test tests testsuite script scripts build tools util utils misc contrib "
    "example examples doc docs po m4 bin data extra extras vendor third_party debian".split()
)


#: the stanzas of a copyright file read for a question: Debian's largest have a few hundred; a
#: file of many thousands (a hostile one) is read up to here, in bounded time
MAX_STANZAS = 1000


def _forms(word: str) -> set[str]:
    """A question's word as it may say the upstream name itself: "libcurl" and "curl3" are curl;
    "iptables-apply" is no form of iptables (:func:`_variants`, which parts a name at hyphens,
    is for naming the software)."""
    word = word.lower()
    out = {word, word.rstrip("0123456789.")}
    return out | {w[3:] for w in out if w.startswith("lib") and len(w) > 5}


def _names_file(word: str, patterns: Sequence[_Pattern]) -> bool:
    """Whether a hyphenated word is the whole name of a file a pattern names ("iptables-apply"
    and "iptables/iptables-apply"): a program's name, for sure, where a plain word may be a
    word of the question ("chage" and "man/ja/man1/chage.1")."""
    return any(p.text.rsplit("/", 1)[-1].partition(".")[0] == word for p in patterns)


class Asked(NamedTuple):
    """The stanzas a question asks about (:func:`asked_stanzas`)."""

    stanzas: list[int]  # indexes into the headings, in order
    sure: bool  # named for sure (a path, a folder, a program's file name), or the package's own


def asked_stanzas(query: str, headings: Sequence[str], names: set[str]) -> Asked:
    """The stanzas of a DEP-5 file (its ``Files`` headings, in order) for the files the question
    names (:func:`_match`), the most words matched first, then the broadest pattern
    ("gitk-git/*" before "gitk-git/po/bg.po"); a word that matches a third of the stanzas or
    more names nothing in particular ("src", "lib"), nor does the upstream name (``names``:
    "httplib2" and "python?/httplib2/*", nor its library's: "curl and libcurl" are not curl's
    docs/libcurl/, :func:`_forms`). Named by a path-like word (:data:`_PATH_LIKE`), a folder
    (not one most source trees have: :data:`_TREE_FOLDERS`) or a hyphenated file's whole name
    (:func:`_names_file`): those, for sure; by plain words that match files only ("chage" and
    "man/ja/man1/chage.1" in "... the shadow tools (useradd, passwd, chage) ..."): those and
    ``Files: *``, not for sure; by none: ``Files: *``, the package's own, for sure."""
    words = {w for w in _question_words(query) if w not in STOPWORDS and not (_forms(w) & names)}
    stanzas = [patterns(h) for h in headings[:MAX_STANZAS]]
    read = [[_pattern(p) for p in ps] for ps in stanzas]
    everything = [n for n, ps in enumerate(stanzas) if ps == ["*"]][:1]
    common = max(3, len(stanzas) // 3)
    sure, loose = [0] * len(stanzas), [0] * len(stanzas)
    packaging = {"debian", "packaging"} <= words  # "the Debian packaging": debian/*, for sure
    words -= {"packaging"} if packaging else set()  # not packaging/nuget/*
    for word in words:
        found = {n: max(_match(word, p) for p in ps) for n, ps in enumerate(read) if ps and n not in everything}
        matched = [n for n, how in found.items() if how != NO_MATCH]
        if 0 < len(matched) < common:
            for n in matched:
                named = _PATH_LIKE.search(word) or (found[n] == FOLDER_MATCH and (
                    word not in _TREE_FOLDERS or (packaging and word == "debian"))) or (
                    "-" in word and found[n] == FILE_MATCH and _names_file(word, read[n]))
                (sure if named else loose)[n] += 1

    def broadest(chosen: list[int]) -> list[int]:
        return sorted(chosen, key=lambda n: min(p.count("/") for p in stanzas[n]))

    if (best := max(sure, default=0)) > 0:
        return Asked(broadest([n for n in range(len(stanzas)) if sure[n] == best]), True)
    if (best := max(loose, default=0)) > 0:
        return Asked(broadest([n for n in range(len(stanzas)) if loose[n] == best]) + everything, False)
    return Asked(everything, True)
