"""Denials that leave their predicate to the clause before, said in full before judging.

"The gym is open on Saturdays, but the pool is not." denies that the pool is open on
Saturdays, yet no word of the second clause says so: every check that reads a clause on its
own (polarity, permission, the support model's window) would see a bare "is not". The
resolver repeats the predicate of the clause before after such a denial ("but the pool is not
open on Saturdays") when the two clauses share their auxiliary ("is" / "are", "can", "may",
"must", "has", ...), or its verb phrase in the plain form after "do not" ("Members pay 5 EUR,
but guests do not" -> "do not pay 5 EUR"), and keeps the insertions so that offsets in the
resolved text map back to the source's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from citadel.verify.atomic import subject_of

#: a clause that is only a subject and a denied auxiliary: "but the pool is not", "Dogs aren't"
_ELLIPTIC = re.compile(
    r"(?P<lead>(?:^|[.;!?]\s+|,?\s+(?:but|while|whereas)\s+))"
    r"(?P<subject>(?:the\s+|a\s+|an\s+|their\s+|our\s+|your\s+)?[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3}?)\s+"
    r"(?P<aux>is|are|was|were|can|may|must|will|should|could|has|have)"
    r"(?P<deny>\s+not|n't)(?P<end>\s*(?:[.;!?]|$))",
    re.IGNORECASE)
#: a denial that leaves its verb to the clause before: "but guests do not", "cars don't"
_DONE = re.compile(
    r"(?P<lead>(?:^|[.;!?]\s+|,?\s+(?:but|while|whereas)\s+))"
    r"(?P<subject>(?:the\s+|a\s+|an\s+|their\s+|our\s+|your\s+)?[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,9}?)\s+"
    r"(?P<aux>do|does|don't|doesn't)(?P<deny>\s+not|)(?P<end>\s*(?:[.;!?]|$))",
    re.IGNORECASE)
_CONTRACTED = re.compile(
    r"(?P<lead>(?:^|[.;!?]\s+|,?\s+(?:but|while|whereas)\s+))"
    r"(?P<subject>(?:the\s+|a\s+|an\s+|their\s+|our\s+|your\s+)?[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3}?)\s+"
    r"(?P<aux>isn't|aren't|wasn't|weren't|can't|cannot|won't|mustn't|shouldn't|hasn't|haven't)"
    r"(?P<deny>)(?P<end>\s*(?:[.;!?]|$))",
    re.IGNORECASE)
#: an affirmation that leaves its predicate to a denial before it: "Restoring a file does not
#: require stopping the service, but a full restore does."
_AFFIRMED = re.compile(
    r"(?P<lead>,?\s+(?:but|while|whereas)\s+)"
    r"(?P<subject>(?:the\s+|a\s+|an\s+|their\s+|our\s+|your\s+)?[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,5}?)\s+"
    r"(?P<aux>is|are|was|were|can|may|must|will|should|could|has|have|do|does|did)(?P<end>\s*(?:[.;!?]|$))",
    re.IGNORECASE)
#: the denied predicate of the clause before such an affirmation
_DENIED_PREDICATE = re.compile(
    r"\b(?:(?P<aux>is|are|was|were|can|may|must|will|should|could|has|have|do|does|did)\s+not|"
    r"(?P<short>isn't|aren't|wasn't|weren't|can't|cannot|won't|mustn't|shouldn't|hasn't|haven't|don't|doesn't|didn't))"
    r"\s+(?P<rest>[^.;!?]+?)\s*[,;.!?]?\s*$", re.IGNORECASE)
#: auxiliaries that stand for one another between the two clauses ("is" for "are")
_KIN = {"is": "be", "are": "be", "was": "were", "were": "were", "isn't": "be", "aren't": "be",
        "wasn't": "were", "weren't": "were", "can": "can", "can't": "can", "cannot": "can",
        "may": "may", "must": "must", "mustn't": "must", "will": "will", "won't": "will",
        "should": "should", "shouldn't": "should", "could": "could", "has": "have", "have": "have",
        "hasn't": "have", "haven't": "have", "do": "do", "does": "do", "did": "do", "don't": "do",
        "doesn't": "do", "didn't": "do"}
#: where the clause before starts: a sentence's start, a semicolon, or a clause's "but"
_CLAUSE_START = re.compile(r"(?:^|[.;!?]\s+|,?\s+(?:but|and|while|whereas)\s+)", re.IGNORECASE)
#: a word that is no subject's: a clause starting so is no bare subject + auxiliary
_NOT_SUBJECT = frozenset("it this that there which who what he she they we you i so".split())
#: the longest predicate repeated (characters)
MAX_PREDICATE = 160
#: how far back the clause before an elliptic denial is looked for (characters)
MAX_CLAUSE_BEFORE = 2000


@dataclass(frozen=True)
class Resolved:
    """``text`` with each elliptic denial said in full; ``inserts`` are ``(position in the
    original, length inserted)`` in order."""

    text: str
    inserts: tuple[tuple[int, int], ...]

    def to_source(self, pos: int) -> int:
        """A position in the resolved text as a position in the original (an inserted
        character maps to where its insertion stands)."""
        shift = 0
        for at, length in self.inserts:
            if pos < at + shift:
                break
            if pos < at + shift + length:
                return at
            shift += length
        return pos - shift

    def span_to_source(self, span: tuple[int, int] | None) -> tuple[int, int] | None:
        if span is None:
            return None
        return self.to_source(span[0]), self.to_source(span[1])


def _verb_phrase(before: str) -> str | None:
    """The clause ``before``'s verb phrase with its verb in the plain form ("counts" -> "count",
    "pays 5 EUR" -> "pay 5 EUR"), for a denial with "do"; None when its verb is not in the
    present tense or its subject is not found."""
    subject = subject_of(before.strip())
    if not subject:
        return None
    rest = before.strip()[len(subject):].strip().rstrip(" ,;.!?")
    first, _, tail = rest.partition(" ")
    low = first.lower()
    if not low.isalpha() or low in _AUXILIARIES or (low.endswith("ed") and low not in _PRESENT_ED) \
            or len(rest) > MAX_PREDICATE:
        return None
    if low.endswith("ies") and len(low) > 4:
        base = first[:-3] + "y"
    elif low.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        base = first[:-2]
    elif low.endswith("s") and not low.endswith("ss"):
        base = first[:-1]
    else:
        base = first
    return f"{base} {tail}".strip()


#: verbs in the present tense that end as a past one does
_PRESENT_ED = frozenset("need feed speed seed bleed breed proceed exceed succeed heed".split())
_AUXILIARIES = frozenset("is are was were be been can could may might must will would shall should has have had "
                         "do does did not never also only".split())


def _predicate(before: str, aux: str) -> str | None:
    """What the clause ``before`` says after its auxiliary kin to ``aux``, or None."""
    if aux.lower() in ("do", "does", "don't", "doesn't"):
        return _verb_phrase(before)
    kin = _KIN.get(aux.lower())
    found = None
    for m in re.finditer(r"\b(is|are|was|were|can|may|must|will|should|could|has|have)\b", before, re.IGNORECASE):
        if _KIN.get(m.group(1).lower()) == kin:
            found = m
            break
    if found is None:
        return None
    rest = before[found.end():].strip()
    # the clause before is itself a denial: "X is not allowed, and Y is not" says nothing new
    if re.match(r"(?:not\b|n't\b|never\b)", rest, re.IGNORECASE):
        return None
    rest = rest.rstrip(" ,;.!?")
    if not rest or len(rest) > MAX_PREDICATE or not re.search(r"[A-Za-z]", rest):
        return None
    return rest


def _denied_predicate(before: str, aux: str) -> str | None:
    """What the clause ``before`` denies after its auxiliary kin to ``aux`` ("does not require
    stopping the service": "require stopping the service"), or None."""
    m = _DENIED_PREDICATE.search(before)
    if m is None:
        return None
    theirs = (m.group("aux") or m.group("short") or "").lower()
    if _KIN.get(theirs) != _KIN.get(aux.lower()):
        return None
    rest = m.group("rest").strip()
    if not rest or len(rest) > MAX_PREDICATE or not re.search(r"[A-Za-z]", rest):
        return None
    return rest


def resolve(source: str) -> Resolved:
    """``source`` with each elliptic denial followed by the predicate it leaves to the clause
    before (see the module's docstring)."""
    inserts: list[tuple[int, int]] = []
    pieces: list[str] = []
    last = 0
    denials = [*_ELLIPTIC.finditer(source), *_CONTRACTED.finditer(source),
               *(m for m in _DONE.finditer(source) if m.group("deny") or "'" in m.group("aux"))]
    found = sorted([*denials, *(m for m in _AFFIRMED.finditer(source)
                                if not any(d.start() <= m.start() < d.end() for d in denials))],
                   key=lambda m: m.start())
    for m in found:
        if m.start() < last:
            continue
        subject = m.group("subject")
        if subject.split()[0].lower() in _NOT_SUBJECT:
            continue
        # (the clause before within a bounded reach: a source of many short denials is read in
        # time linear in its length)
        head = source[max(0, m.start() - MAX_CLAUSE_BEFORE):m.start()]
        starts = list(_CLAUSE_START.finditer(head))
        before = head[starts[-1].end():] if starts else head
        # (a clause before that ends in a comma list or a parenthesis is not one predicate)
        if not before.strip() or "(" in before or ")" in before:
            continue
        predicate = _denied_predicate(before, m.group("aux")) if m.re is _AFFIRMED \
            else _predicate(before, m.group("aux"))
        if predicate is None:
            continue
        at = m.start("end")
        added = " " + predicate
        pieces.append(source[last:at])
        pieces.append(added)
        inserts.append((at, len(added)))
        last = at
    if not inserts:
        return Resolved(source, ())
    pieces.append(source[last:])
    return Resolved("".join(pieces), tuple(inserts))


__all__ = ["MAX_CLAUSE_BEFORE", "MAX_PREDICATE", "Resolved", "resolve"]
