"""Questions made from option entries, with their near misses: training pairs for the
answerability model that no labelled set has enough of.

A man page's option entry says what the option does ("--ask-password Prompt for a password
for each connection established."). Turned into the question a user asks ("How do I get wget
to prompt for a password for each connection?", "Which wget option prompts for ...?"), the
entry answers it, and these do not:
  sibling   the page's other option entries most like the question (same page, same words:
            the near miss "another option of the same page")
  general   the page's first sentence that is no option entry (its NAME or DESCRIPTION line:
            on topic, answers nothing of what was asked)
  other     the same entry for the same question asked about another page's program (the
            title says wget, the question asks about curl)

The question never holds the option's name (that is what it asks for), and a long description
loses one of its words at random, so copying the description is not the whole skill. The
pages come from the store given (``man_corpus.py`` renders the recipe's list of pages on this
machine); none of them is a page of docsqa's corpus.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))

from citadel.retrieve.answerability import span_text  # noqa: E402
from citadel.retrieve.sentences import candidate_spans, is_option_entry  # noqa: E402
from citadel.store.base import Store  # noqa: E402

_WORD = re.compile(r"[A-Za-z][\w'-]*")
#: an option's argument: FILE, <file>, [dir], {a,b} (a capitalised word is the description's verb)
_ARG = r"(?:[A-Z][A-Z0-9_|-]*(?![a-z])|<[^>]*>|\[[^\]]*\]|\{[^}]*\})"
_FLAG = rf"-{{1,2}}[A-Za-z0-9][\w-]*(?:=\S+|\[=?[^\]]*\])?(?: {_ARG})*"
_OPTION = re.compile(rf"{_FLAG}(?:,? {_FLAG})*,?")
#: first words of a description that are not the verb of what the option does
_NOT_VERB = {
    "a", "an", "the", "this", "that", "these", "if", "when", "with", "without", "by", "for", "in", "on", "only",
    "same", "useful", "see", "note", "it", "as", "all", "any", "each", "one", "no", "is", "are", "be", "can", "may",
    "default", "normally", "usually", "also", "equivalent", "alias", "deprecated", "obsolete", "synonym", "like",
    "currently", "since", "instead", "otherwise", "there", "you", "your", "we", "to", "of", "from", "at", "or", "and",
    "maximum", "minimum", "number", "name", "path", "file", "files", "directory", "output", "input", "size", "guest",
    "level", "amount", "time", "timeout", "version", "verbose", "debug", "type", "mode", "format", "length", "limit",
    "location", "zone", "region", "id", "user", "host", "port", "value", "string", "flag", "option", "options",
    "whether", "how", "what", "which", "where", "turn", "show",
}  # fmt: skip
#: a second word that makes the first a subject, not a verb ("Files will be moved")
_NOT_OBJECT = {"will", "is", "are", "can", "may", "must", "should", "was", "were", "exists", "has", "have", "does"}
_STOP = {"a", "an", "the", "of", "to", "for", "in", "on", "and", "or", "is", "be", "by", "with", "from", "as", "at", "it"}
MAX_WORDS = 16
#: the options every program has: a question about them teaches nothing about this page
_EVERYWHERE = re.compile(r"^(?:-h|-\?|--help|-V|-v|--version|-help|-version)(?:,? |$)")


def program(doc_id: str) -> str:
    """The program a rendered man page is about: "wget.txt" -> "wget" (its title may be
    garbled by a long name: "ACTIVATE-GLOBAL-PYTHON-ARGCOMPLETUser ComACTIVATE-...")."""
    return doc_id.rsplit("/", 1)[-1].removesuffix(".txt")


def split_entry(unit: str) -> tuple[str, str] | None:
    """An option entry's flags and the first sentence of its description."""
    flat = " ".join(unit.split())
    m = _OPTION.match(flat)
    if m is None:
        return None
    desc = flat[m.end() :].lstrip(" ,:\u00b6")
    desc = re.split(r"[.;:](?:\s|$)", desc, maxsplit=1)[0].strip().rstrip(".,;:")
    return m.group(0), desc


def third_person(verb: str) -> str:
    if verb.endswith(("s", "x", "z", "ch", "sh")):
        return verb + "es"
    if verb.endswith("y") and len(verb) > 2 and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def base_form(verb: str) -> str:
    """ "Displays" -> "display", "Specifies" -> "specify"; an imperative stays."""
    v = verb.lower()
    if v.endswith("ies") and len(v) > 4:
        return v[:-3] + "y"
    if v.endswith(("sses", "shes", "ches", "xes")):
        return v[:-2]
    if v.endswith("s") and not v.endswith(("ss", "us", "is")) and len(v) > 3:
        return v[:-1]
    return v


def question_for(prog: str, desc: str, rng: random.Random) -> str | None:
    """A question the entry answers, in one of the forms users ask, without the flag."""
    words = desc.split()
    if not 3 <= len(words) <= MAX_WORDS or not _WORD.fullmatch(words[0]) or words[0].lower() in _NOT_VERB:
        return None
    if not words[0][:1].isupper() or words[0].isupper() or words[1].lower() in _NOT_OBJECT:
        return None
    if any(w.startswith("-") for w in words):
        return None  # the description names another option: the question would hold a flag
    verb = base_form(words[0])
    rest = words[1:]
    content = [i for i, w in enumerate(rest) if w.lower().strip(",()") not in _STOP]
    if len(rest) >= 6 and len(content) >= 4 and rng.random() < 0.3:
        del rest[rng.choice(content[1:])]
    phrase = " ".join([verb, *rest]).rstrip(",")
    if verb == "do" and rest and rest[0] == "not":  # "Do not fork" -> "not fork"
        phrase, third = " ".join(rest), "does " + " ".join(rest)
    else:
        third = " ".join([third_person(verb), *rest])
    forms = [
        f"How do I get {prog} to {phrase}?",
        f"Which {prog} option {third}?",
        f"With {prog}, how can I {phrase}?",
        f"What flag makes {prog} {phrase}?",
        f"Is there a way to make {prog} {phrase}?",
    ]
    return rng.choice(forms)


def overlap(a: str, b: str) -> float:
    wa = {w.lower() for w in _WORD.findall(a)} - _STOP
    wb = {w.lower() for w in _WORD.findall(b)} - _STOP
    return len(wa & wb) / max(1, len(wa))


def entry_pairs(store: Store, rng: random.Random, per_page: int = 2, siblings: int = 2) -> list[dict[str, Any]]:
    """Labelled (question, span) pairs from the option entries of every page in ``store``."""
    docs = sorted(store.documents(), key=lambda d: d.doc_id)
    progs = sorted({p for d in docs if (p := program(d.doc_id))})
    rows: list[dict[str, Any]] = []
    for d in docs:
        prog = program(d.doc_id)
        if not prog:
            continue
        text = store.text(d.doc_id)
        entries: list[tuple[str, str, str]] = []  # (span, flags, description)
        general: str | None = None
        for chunk in store.chunks(d.doc_id):
            for s, e in candidate_spans(text, chunk.start, chunk.end):
                unit = text[s:e]
                span = span_text(d.title, list(chunk.heading_path), unit)
                if is_option_entry(unit):
                    parts = split_entry(unit)
                    if parts is not None and parts[1] and not _EVERYWHERE.search(parts[0]):
                        entries.append((span, *parts))
                elif general is None and len(_WORD.findall(unit)) >= 4:
                    general = span
        asked = [(n, q) for n, (_, _, desc) in enumerate(entries) if (q := question_for(prog, desc, rng))]
        for n, question in rng.sample(asked, min(per_page, len(asked))):
            span, _, desc = entries[n]
            base = {"set": "entries", "qid": f"{d.doc_id}:{n}", "question": question}
            rows.append({**base, "span": span, "label": 1, "kind": "entry"})
            near = [
                (overlap(question, other_desc), other_span)
                for m, (other_span, _, other_desc) in enumerate(entries)
                if m != n and other_desc and overlap(desc, other_desc) < 0.7
            ]
            for _, other_span in sorted(near, key=lambda x: -x[0])[:siblings]:
                rows.append({**base, "span": other_span, "label": 0, "kind": "entry_sibling"})
            if general is not None:
                rows.append({**base, "span": general, "label": 0, "kind": "entry_general"})
            others = [p for p in progs if p != prog and p not in span.lower()]
            if others and rng.random() < 0.5:
                other = re.sub(rf"\b{re.escape(prog)}\b", rng.choice(others), question, count=1)
                rows.append({**base, "question": other, "span": span, "label": 0, "kind": "entry_other"})
    return rows
