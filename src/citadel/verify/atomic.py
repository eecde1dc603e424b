"""Split a claim that states several facts into its atomic parts.

"Refunds take five business days and are paid in cash." states two facts; a source that
gives only the first supports half of it, and a model reading the whole claim against that
source is often fooled by the true half. Each part is judged on its own and the claim is
supported only when every part is: one unsupported part makes the claim unsupported, and the
verdict's reason names it.

The split is conservative. A claim is cut at a semicolon, and at "and", "but", "while" or
"whereas" only where what follows is a predicate ("... and are paid in cash") or a clause
with its own subject and verb ("... and interns receive ten days"); never inside a list of
nouns ("cash and cards"). A predicate part gets the first part's subject, so it reads as a
sentence: "Refunds are paid in cash."
"""

from __future__ import annotations

import re

from citadel.verify.lexical import NEGATIONS, overlap
from citadel.verify.polarity import normed_words, surface

#: auxiliaries and common verbs that start a predicate or follow a subject
_VERB = (r"(?:is|are|was|were|has|have|had|can|cannot|can't|may|must|will|won't|should|could|"
         r"would|might|does|do|did|doesn't|don't|didn't|isn't|aren't|wasn't|weren't|"
         r"take|takes|took|get|gets|got|pay|pays|paid|cost|costs|need|needs|require|requires|"
         r"include|includes|offer|offers|provide|provides|allow|allows|support|supports|accept|"
         r"accepts|use|uses|used|run|runs|open|opens|close|closes|closed|start|starts|end|ends|"
         r"receive|receives|received|become|becomes|became|remain|remains|apply|applies|"
         r"expire|expires|cover|covers|last|lasts|contain|contains|return|returns|make|makes|"
         r"made|give|gives|gave|win|wins|won|lose|loses|lost|lead|leads|led|show|shows|showed|"
         r"reduce|reduces|reduced|increase|increases|increased|cause|causes|caused|work|works|"
         r"worked|come|comes|came|go|goes|went|keep|keeps|kept|count|counts|qualify|qualifies|"
         r"fix|fixes|fixed|add|adds|added|improve|improves|improved|remove|removes|removed|introduce|"
         r"introduces|introduced|replace|replaces|replaced|update|updates|updated|change|changes|changed|"
         r"lower|lowers|lowered|raise|raises|raised|drop|drops|dropped|sell|sells|sold|buy|buys|bought|"
         r"send|sends|sent|ship|ships|shipped|deliver|delivers|delivered|charge|charges|charged|"
         r"prevent|prevents|prevented|protect|protects|protected|treat|treats|treated|weigh|weighs|"
         r"weighed|hold|holds|held|mean|means|meant|help|helps|helped|speed|speeds|cut|cuts|"
         r"enable|enables|enabled|disable|disables|disabled|create|creates|created|delete|deletes|"
         r"deleted|store|stores|stored|saw|sees|see|grow|grows|grew|fell|falls|fall|rose|rise|rises|"
         r"tell|tells|told|ask|asked|inform|informed|notify|notifies|notified|bring|brought)")
_CUT = re.compile(r"\s*;\s+|,?\s+(?:and|but|while|whereas)\s+(?=\S)", re.IGNORECASE)
_STARTS_VERB = re.compile(rf"^(?:also |then |still |only |never |not |always )?(?:{_VERB}\b|"
                          r"[a-z]{3,}(?:s|ed)\s+(?:a|an|the|its|their|his|her|our|your|this|that|these|"
                          r"those|new|all|some|any|\d)\b)", re.IGNORECASE)
_SUBJECT_WORD = r"(?!(?:and|or|for|of|in|on|with|to|at|by|from|than|as)\b)\w[\w'-]*"
_CLAUSE = re.compile(rf"^(?:(?:the|a|an|all|some|every|each|no|this|these|its|their|our|your)\s+)?"
                     rf"{_SUBJECT_WORD}(?:\s+{_SUBJECT_WORD}){{0,3}}\s+(?:also\s+|not\s+|only\s+)?{_VERB}\b",
                     re.IGNORECASE)
_KNOWN_VERB_FIRST = re.compile(rf"^(?:also |then |still |only |never |not |always )?{_VERB}\b", re.IGNORECASE)
_HAS_VERB = re.compile(rf"\b{_VERB}\b", re.IGNORECASE)
_VERB_AT = re.compile(rf"\s+(?:also\s+|not\s+|only\s+)?(?P<verb>{_VERB})\b", re.IGNORECASE)
_DETERMINER = frozenset("the a an this these that those its their our your my his her".split())
_PRONOUNS = frozenset("it they he she we i you there here which who".split())
_PREPOSITION = re.compile(r"^(?:in|on|at|for|by|with|from|to|of|into|over|under|after|before|"
                          r"during|than|as|if|when|unless|because|so|or)\b", re.IGNORECASE)
_PRONOUN = re.compile(r"(?:it|they|he|she|this|these)(?=\s|$)", re.IGNORECASE)
MIN_WORDS = 3


def atomic_parts(claim: str) -> list[str]:
    """The claim's atomic parts, or ``[claim]`` when it states one fact (or cannot be cut
    safely)."""
    text = claim.strip()
    so = _SO_TOO.match(text)
    if so is not None:  # "Headaches were less common in the treatment group, and so was nausea"
        head = so.group("head").strip().rstrip(",")
        subject = subject_of(head)
        if subject and len(head.split()) >= MIN_WORDS:
            other = so.group("subject").strip()
            return [head[:1].upper() + head[1:] + ".",
                    other[:1].upper() + other[1:] + head[len(subject):].rstrip(".") + "."]
    pieces: list[str] = []
    pos = 0
    for m in _CUT.finditer(text):
        rest = text[m.end():]
        if m.group(0).strip() != ";" and not (_STARTS_VERB.match(rest) or _is_clause(rest)):
            continue
        head = text[pos:m.start()]
        # (a verb the list does not know, "The mode skips the test", heads a predicate part only)
        if (len(head.split()) < MIN_WORDS or not (_HAS_VERB.search(head) or _KNOWN_VERB_FIRST.match(rest)
                                                   and subject_of(head))) and not pieces:
            continue  # "X and Y are ...": the "and" joins the subject, not two facts
        pieces.append(head)
        pos = m.end()
    pieces.append(text[pos:])
    if len(pieces) == 1:
        return [claim]
    parts: list[str] = []
    subject = subject_of(pieces[0])
    for i, piece in enumerate(pieces):
        piece = piece.strip().rstrip(".;,")
        if i and _STARTS_VERB.match(piece):
            if not subject:
                return [claim]
            piece = f"{subject} {piece}"
        elif i and (pronoun := _PRONOUN.match(piece)):  # "..., and they can take time off": say who
            if not subject or _PRONOUN.fullmatch(subject):
                return [claim]
            piece = subject + piece[pronoun.end():]
        if len(piece.split()) < MIN_WORDS:
            return [claim]
        parts.append(piece[:1].upper() + piece[1:] + ".")
    return parts


#: "X ..., and so is Y": Y shares X's predicate
_SO_TOO = re.compile(r"^(?P<head>.+?),?\s+and\s+so\s+(?:is|are|was|were|do|does|did|has|have|had|can|could|"
                     r"will|would|should|must)\s+(?P<subject>[^,;.]{2,60}?)\s*[.!]?$", re.IGNORECASE)
_RELATIVE = re.compile(r"^\S+(?:\s+\S+){0,3}?\s+(?:you|we|they|i|he|she|it|that|which|who)\s", re.IGNORECASE)


def _is_clause(text: str) -> bool:
    """A clause with its own subject and verb ("interns receive ten days"), not a noun
    phrase with a relative clause inside ("the card you paid with")."""
    m = _CLAUSE.match(text)
    return m is not None and not _PREPOSITION.match(text) and not _RELATIVE.match(m.group(0) + " ")


#: a word that opens a subordinate clause, and a verb of any form with its object after it
_SUBORDINATE = re.compile(r"\s(?:(?<!such\s)as|when|whenever|if|unless|because|while|until|before|after|since|once)\s",
                          re.IGNORECASE)
#: capitalised words before a verb in the past tense: "Howard Florey | discovered"
_NAMED_ACTOR = re.compile(r"((?:[A-Z][\w'.-]*\s+){1,4})(?=[a-z]{3,}ed\b)")
_OBJECT_VERB = re.compile(r"\s[a-z]{3,}(?:s|ed)\s+(?=(?:a|an|the|each|every|its|their|his|her|our|your|"
                          r"all|any|no)\s)")


def has_verb(text: str) -> bool:
    """The text holds a verb of the known list (:data:`_VERB`)."""
    return _HAS_VERB.search(text) is not None


def subject_of(text: str) -> str | None:
    """The words before a sentence's verb ("All three rooms" of "All three rooms cost ..."),
    or None when they read as no subject (a preposition first, a clause inside)."""
    text = text.strip()
    subject = None
    for m in _VERB_AT.finditer(text, 2):
        if m.start() > 80:
            break
        if _VERB_AT.match(text, m.end()) or text[: m.start()].lower() in _DETERMINER:
            continue  # "The update fixes", "The new update changes": a verb's word as a noun
        subject = text[: m.start()]
        break
    if subject and (sub := _SUBORDINATE.search(subject)):
        # the known verb is in a clause of its own ("The flag prints each file as it is
        # compressed"): the sentence's verb is an unlisted one before it, taking an object
        verb = _OBJECT_VERB.search(subject, 0, sub.start() + 1)
        subject = subject[:verb.start()] if verb else None
    elif subject is None and (verb := _OBJECT_VERB.search(text, 0, 60)) and len(text[:verb.start()].split()) <= 5 \
            and not re.search(r"[.!?][\"')\]]*\s", text):
        subject = text[:verb.start()]  # "The fast mode skips the checksum test": an unlisted verb
    if subject is None and (named := _NAMED_ACTOR.match(text)) \
            and {w.lower() for w in named.group(1).split()} - _DETERMINER - _PRONOUNS:
        subject = named.group(1)  # "Howard Florey discovered penicillin": a name before a past tense
    if not subject or _PREPOSITION.match(subject) or re.search(r",|\b(?:that|who|which)\b", subject):
        return None
    return subject


_AMOUNT = re.compile(r"\b\d[\d,.]*\s*(?:[a-z]+\s+(?:later|earlier|ago|after|before|on)\b|[a-z%]+)?|%", re.IGNORECASE)
#: a part is unsupported when at most this share of its own words (those no other part of
#: the claim has) occur in the source, and another part is this well covered
MAX_OWN_IN_SOURCE = 1 / 3
MIN_OTHER_COVERED = 0.8


def unsupported_part(claim: str, source: str) -> tuple[str, tuple[str, ...]] | None:
    """``(part, its words the source lacks)`` for a part of a several-fact claim whose own
    words (at least two) the source mostly lacks, while another part is well covered: the
    true part plus an invented one ("The storming of the Bastille took place on 14 July 1789
    and was led by Maximilien Robespierre" against a source that names no leader). The
    model reads such a claim as close to its source; the words say it is not all there.
    Words are compared as :func:`citadel.verify.polarity.normed_words` reads them, so "without
    interruption" finds "must not be interrupted"."""
    if _PRONOUN.match(claim.strip()):
        return None  # "They can ...": its subject is in its context, and so may its words be
    parts = atomic_parts(claim)
    if len(parts) < 2:
        return None
    in_source = normed_words(source)
    # an amount and the words that place it ("28 years later") are the number layer's
    words_of = [normed_words(_AMOUNT.sub(" ", p)) - NEGATIONS for p in parts]
    for k, mine in enumerate(words_of):
        own = mine - frozenset().union(*(w for j, w in enumerate(words_of) if j != k))
        if len(own) < 2 or len(own & in_source) > MAX_OWN_IN_SOURCE * len(own):
            continue
        if any(overlap(parts[j], source) >= MIN_OTHER_COVERED for j in range(len(parts)) if j != k):
            return parts[k], tuple(sorted(surface(w, parts[k]) for w in own - in_source))
    return None
