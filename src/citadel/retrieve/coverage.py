"""Does the evidence name what the question asks about?

A question that names a code-like term (``os.process_cpu_count()``, ``PYTHON_GIL``,
``--sort-keys``, ``@typing.override``, ``getRecursionLimit``), a numbered identifier
(``CVE-2024-8096``) or a name of letters and digits (``HTTP/2``, ``IPv6``, ``SHA256``) can
only be answered from
text that contains it: when none of the retrieved text does, the documents are about
something else (the same topic in another version, another tool), however on-topic
the rest of the question's words make them. Plain words never count: synonyms and
paraphrase are the answerability model's job, this is only the names.

A proper name or an acronym (``Bun``, ``ZeroMQ``, ``GPU``, ``CSV``: :func:`proper_names`) is
held to less: retrieval may miss the chunk that names it, so it counts as missing only when
no document the caller may read names it at all (:func:`absent_names`, one keyword lookup
each): "Does Corepack support the Bun package manager?" over documents that never say "Bun".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

#: a numbered identifier: a capitalized family name and numbers, one of four digits or more
#: ("CVE-2024-8096", "RFC-2616", "ISO-8859-1"; not "UTF-8" or "COVID-19")
_NUMBERED = r"[A-Z][A-Za-z]*-(?=[\d-]*\d{4})\d+(?:-\d+)*(?![\w-])"
#: dotted names, snake_case, ENV_VARS, camelCase, command-line flags, @decorators, numbered ids
_TERM = re.compile(
    r"(?<![\w.-])(?:"
    rf"{_NUMBERED}|"
    r"@?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?:\(\))?"  # os.path.isabs(), @typing.override
    r"|@?[A-Za-z]\w*_\w+(?:\(\))?"  # capture_output, PYTHON_GIL, exit_on_error()
    r"|[a-z]+[A-Z]\w*(?:\(\))?"  # camelCase
    r"|--[A-Za-z][\w-]+"  # --sort-keys
    r")"
)
_CODE_PART = re.compile(r"_|\d|[a-z][A-Z]")
#: a name part this long is no English word ("getdefaulttimeout")
LONG_NAME = 10


def salient_terms(question: str) -> list[str]:
    """The code-like names in ``question`` (``()``, ``@`` and trailing dots dropped), in order."""
    out: list[str] = []
    for match in _TERM.finditer(question):
        term = match.group(0).lstrip("@").removesuffix("()").rstrip(".")
        if all(len(part) <= 2 for part in term.split(".")):  # "i.e", "e.g"
            continue
        if term and term not in out:
            out.append(term)
    return out


_NUMBERED_ID = re.compile(rf"(?<![\w.-]){_NUMBERED}")


def numbered_ids(text: str) -> set[str]:
    """The numbered identifiers ``text`` names ("CVE-2024-8096"), upper-cased."""
    return {m.group(0).upper() for m in _NUMBERED_ID.finditer(text)}


def family(identifier: str) -> str:
    """The family of a numbered identifier: its name before the numbers ("CVE")."""
    return identifier.partition("-")[0].upper()


def _forms(term: str) -> list[str]:
    """What counts as the term being named: the whole of it, or for a dotted name its last
    part when that part is code-like itself (``cpu_count`` for ``os.cpu_count``) or long, else its
    last two parts (``typing.override``: "override" alone is an English word); for a long option
    its name without the dashes when that is no English word (``global-style``, as npm's
    configuration documents ``--global-style``; not ``force`` for ``--force``); for a library
    named "lib" and its name in capitals, that name (``libFLAC``: "FLAC")."""
    forms = [term]
    if term[:3].lower() == "lib" and len(term) > 5 and term[3].isupper():  # a library, "libFLAC": its pages say "FLAC"
        forms.append(term[3:])
    bare = term.lstrip("-")
    if bare != term and ("-" in bare or "_" in bare or len(bare) >= LONG_NAME):
        forms.append(bare)  # an option as a configuration key names it ("global-style" for "--global-style")
    parts = term.split(".")
    if len(parts) > 1:
        last = parts[-1]
        code_like = _CODE_PART.search(last) is not None or len(last) >= LONG_NAME
        forms.append(last if code_like else ".".join(parts[-2:]))
    return forms


def _named(form: str, text: str) -> bool:
    """Whether ``text`` names ``form``, also with a version written onto it, as package names
    carry theirs ("libXext" in "libxext6 copyright", "libdb" in "libdb5.3")."""
    version = r"(?:\d+(?:\.\d+)*)?" if form[-1:].isalpha() else ""
    return re.search(rf"(?<![\w-]){re.escape(form)}{version}(?![\w-])", text, re.IGNORECASE) is not None


def _named_in_name(form: str, text: str) -> bool:
    """Whether ``text`` names ``form``, also as a part of a snake_case name ("sse41" in
    "pitch_sse41.c")."""
    return re.search(rf"(?<![A-Za-z0-9-]){re.escape(form)}(?![A-Za-z0-9-])", text, re.IGNORECASE) is not None


#: a name made of letters and digits, with a capital: "HTTP/2", "IPv6", "SHA256", "ARM64", "Z85",
#: "UTF-8", "Python3"; not "64-bit", "15th", "ww2" (a number first, or no capital: everyday
#: abbreviations a text spells out), not a version ("v2.1")
_ALNUM = re.compile(r"(?<![\w./\\-])(?=[\w/.-]*[A-Z])[A-Za-z][A-Za-z0-9]*(?:[-/_.][A-Za-z0-9]+)*(?![\w/-])")
#: what separates a name's letters from its digits, however a text writes it: "HTTP/2" is
#: "HTTP 2" and "http2", "UTF-8" is "utf8", "Python 3" is "Python3"; and its numbers' parts, as a
#: file name writes them: "SSE4.1" is "sse4_1" ("celt/x86/pitch_sse4_1.c")
_JOINT = re.compile(r"(?<=[A-Za-z])[-_/ ]+(?=\d)|(?<=\d)[-_/]+(?=[A-Za-z])|(?<=[A-Za-z]\d)[._](?=\d)")


def alphanumeric_names(question: str) -> list[str]:
    """The names of ``question`` made of letters and digits (:data:`_ALNUM`), in order."""
    out: list[str] = []
    for m in _ALNUM.finditer(question):
        name = m.group(0).rstrip(".")
        if re.search(r"\d", name) and not re.fullmatch(r"[vV]?\d[\d.]*", name) and name not in out:
            out.append(name)
    return out


def missing_terms(question: str, texts: Iterable[str]) -> list[str]:
    """The question's code-like terms that none of ``texts`` names, and its names of letters
    and digits (:func:`alphanumeric_names`) that none names in any spelling ("HTTP/2" against
    "HTTP 1.1": the documents are about another protocol version)."""
    terms = salient_terms(question)
    names = [n for n in alphanumeric_names(question) if n not in terms]
    if not terms and not names:
        return []
    joined = "\n".join(texts)
    missing = [t for t in terms if not any(_named(f, joined) for f in _forms(t))]
    if names:
        folded = _JOINT.sub("", joined)
        missing += [n for n in names if not _named_in_name(_JOINT.sub("", n), folded)]
    return missing


#: a word of a question, possessive and plural endings aside ("Expat's", "CVEs")
_WORD_OF = re.compile(r"[A-Za-z][A-Za-z0-9'\u2019.+_-]*")
#: where a sentence starts inside a question: its capital says nothing
_SENTENCE_START = re.compile(r"(?:^|[.?!:;\"(\[]\s*|\s-\s)$")  # or a bracket: "is [Database] a section?"
#: a number right before a word: the word is its unit ("1.8 GHz", "512 KiB")
_AFTER_NUMBER = re.compile(r"\d\s?$")
#: capitalized words a question uses that name nothing
_NOT_NAMES = frozenset({"I", "I'm", "I've", "I'd", "I'll", "OK"})


def proper_names(question: str) -> list[str]:
    """The proper names and acronyms of ``question``, in order: a capitalized word that
    does not open one of its sentences ("Bun", "Expat", "ZeroMQ") and a word of capitals
    ("GPU", "CSV", "CVEs" as "CVE"); a possessive's "'s" dropped. Words with digits, dots or
    underscores are code or versions (:func:`salient_terms`, :func:`alphanumeric_names`), and
    a word right after a number is its unit ("1.8 GHz", "100 MB")."""
    out: list[str] = []
    for m in _WORD_OF.finditer(question):
        word = re.sub(r"['\u2019]s$", "", m.group(0).rstrip(".'\u2019-"))
        if not word or word in _NOT_NAMES or not word[0].isupper() or re.search(r"[\d._+']", word):
            continue
        if _AFTER_NUMBER.search(question, 0, m.start()):  # "1.8 GHz", "100 MB": a unit
            continue
        if word.isupper() or (word.endswith("s") and word[:-1].isupper() and len(word) > 2):
            name = word[:-1] if word.endswith("s") and not word.isupper() else word
            if len(name) >= 2 and name not in out:
                out.append(name)
        elif word[1:] != word[1:].upper() and not _SENTENCE_START.search(question, 0, m.start()) and word not in out:
            out.append(word)
    return out


#: at most this many of a question's proper names are looked up (one keyword search each)
MAX_NAMES_LOOKED_UP = 8


def absent_names(question: str, named: Callable[[str], bool]) -> list[str]:
    """The question's proper names (:func:`proper_names`, the first
    :data:`MAX_NAMES_LOOKED_UP`) for which ``named(name)`` is false: no document the caller
    may read names them (the caller's keyword search, over titles and text)."""
    return [n for n in proper_names(question)[:MAX_NAMES_LOOKED_UP] if not named(n)]
