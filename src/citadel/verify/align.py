"""Align a claim with the source sentence (or clause) it is about, then judge it there.

A claim that moves an attribute to another entity of the same source, raises "may" to
"must" or narrows "cash and cards" to "only cash" shares almost every word with its source,
so a score over the whole window calls it supported. Compared with the one sentence it
restates, the change is plain. Each check here names a phenomenon, never a wording:

- :func:`substitution`: the claim is its aligned sentence with a word or short phrase
  replaced by one that the source uses elsewhere (another entity, number or role of the same
  passage: "Interns receive 25 days" where 25 days are the permanent staff's, "Suppliers may
  accept gifts from employees" for the reverse);
- :func:`swapped`: the claim is its aligned sentence with two words exchanged (roles
  reversed, values moved between two entities);
- :func:`contrary`: the claim is its aligned sentence with one word turned into its opposite
  ("closed" for "open", "indirect" for "direct", "after" for "before");
- :func:`raised_modality`: the claim obliges or asserts ("must", "will", "required") where its
  aligned clause only permits or suggests ("may", "can", "recommended");
- :func:`narrowed`: the claim restricts ("only", "never", "exclusively") where its aligned
  clause states no restriction.

Each returns what it found (for the verdict's reason) or None.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from citadel.verify.lexical import (
    NEGATED_BOUND,
    NEGATIONS,
    STOPWORDS,
    ceased_count,
    content_words,
    negation_count,
    overlap,
    stem,
    words,
)
from citadel.verify.atomic import has_verb, subject_of
from citadel.verify.numbers import (_ORDINALS, _SMALL, MONTHS, PHASE_BACK, WEEKDAYS, agree, days_named, fails_bound, is_unit,
                                    quantities, rule_past_bound, same_bound)
from citadel.verify.order import comparison_confirmed
from citadel.verify.polarity import NEGATIVE_MEANING, normed_words, surface, uses
from citadel.verify.windows import sentences

#: words kept in the aligned sequences although they are stopwords: they carry meaning
_KEPT = frozenset("not no never only all every more less before after most some any".split())
_CLAUSE_CUT = re.compile(r";\s+|,\s+but\s+|\s+but\s+|,\s+while\s+|,\s+whereas\s+|:\s+")


def sequence(text: str) -> list[str]:
    """The text's content words in order, stemmed, numbers as values ("five" -> "5"); the
    month "May" is a word of its own, no modal ("In May, dogs ...")."""
    return _words_in_order(_MONTH_MAY.sub(r"\1maymonth", text), lambda w: w in STOPWORDS and w not in _KEPT)


#: the month May, after a word that names a time by it ("in May", "from May", "1 May")
_MONTH_MAY = re.compile(r"(\b(?:in|In|from|From|until|till|to|between|and|of|since|before|after|by|during|early|late|mid|"
                        r"\d{1,2})\s+)May\b")


def _words_in_order(text: str, dropped: Callable[[str], bool]) -> list[str]:
    """The text's words in order, less those ``dropped`` says, stemmed, numbers as values."""
    out = []
    for w in words(text):
        if dropped(w):
            continue
        value = _SMALL.get(w)
        # ordinals name a position ("the fourth official"), no amount to match "four" against
        if value is not None and float(value).is_integer() and w not in _ORDINALS and w not in (
                "single", "once", "half"):
            w = str(int(value))
        out.append(stem(w))
    return out


def aligned_sentence(claim: str, source: str) -> str:
    """The source sentence sharing most of the claim's content words (ties: the one with
    the fewest words the claim lacks)."""
    sents = [source[s:e] for s, e in sentences(source)] or [source]
    return max(sents, key=lambda s: (overlap(claim, s), overlap(s, claim)))


def aligned_clause(claim: str, source: str) -> str:
    """As :func:`aligned_sentence`, over clauses (sentences cut at ";", "but", "while",
    "whereas" and ":")."""
    parts = [c for s, e in sentences(source) for c in _CLAUSE_CUT.split(source[s:e]) if c.strip()]
    return max(parts or [source], key=lambda c: (overlap(claim, c), overlap(c, claim)))


#: at most this many words on either side of a replaced segment
MAX_SEGMENT = 3
#: the claim's words that must match its aligned sentence, in order, around the replacements
MIN_EQUAL = 0.6
#: the share of the aligned sentence's content words the claim must restate: a claim that
#: takes a few words of a long sentence is a summary, not a copy with a part replaced
MIN_COVERED = 0.5


#: the fewest words of a clause that a sentence goes on with past the end of a claim
MIN_CLAUSE_WORDS = 3
#: a claim that opens with when or where: "On Saturdays, ..."
_OPENING_FRAME = re.compile(r"\s*(?:on|in|at|during|for|from|after|before|by|until)\s", re.IGNORECASE)


#: verbs that take their meaning from a noun after them ("spend four days at work", "have
#: lunch", "take a break"), stemmed
_LIGHT_VERBS = frozenset(stem(w) for w in "spend spends spent have has had take takes took make makes made get gets got "
                         "give gives gave do does did go goes went".split())


#: words that say a price is paid, stemmed
_PRICE_WORDS = frozenset(stem(w) for w in "cost costs charge charged charges fee fees pay pays paid price priced".split())


#: a clause that gives a reason
_CAUSE = re.compile(r",?\s+\b(?:since|because|as|so\s+that)\s+(?=[a-z])", re.IGNORECASE)
#: words that open a clause, as :func:`sequence` has them
_CLAUSE_LINKS = frozenset(stem(w) for w in "since because when while whereas although though which".split())


def substitution(claim: str, source: str) -> list[tuple[str, str]] | None:
    """``[(claim words, source words), ...]`` where the claim is its aligned sentence with
    one or two short segments replaced by words the source uses elsewhere, and nothing else
    added; None otherwise.

    A segment the claim puts in must occur in the source outside the words it replaces
    (so "Black tea" for "Green tea" counts only when the source speaks of black tea too, and
    "a year" for "12 months" never does). The claim adds no other word, 60% of its words
    match the aligned sentence in order, and it restates at least half of that sentence."""
    if _COMPARED.search(claim):
        return None  # "worth more than a conversion" for "worth three points": the comparison rules' to read
    if _same_rules_for(claim, source):
        return None  # "Audiobooks follow the same rules": "audiobooks" for "e-books" is what the source says
    sent = aligned_sentence(claim, source)
    found = _substituted_in(claim, sent, source)
    # (or in the clause it restates, where a semicolon joins two: "A yellow warning means rain is
    # possible; a red warning means there is a danger to life")
    clause = aligned_clause(claim, source)
    if found is None and clause != sent and ";" in sent and overlap(claim, clause) >= MIN_COVERED:
        found = _substituted_in(claim, clause, source)
    return found


#: a rule said as a bare imperative: "Do not take more than ...", "Never leave ..."
_SUBJECTLESS_RULE = re.compile(r"\s*(?:do\s+not|don't|never|always|avoid|please)\b", re.IGNORECASE)
#: the words of a denial, as :func:`sequence` keeps them
_DENIAL_WORDS = frozenset("not no never do does did don't doesn't didn't cannot can't".split())
#: how much less of the claim another sentence stating its figures may hold than the aligned
#: one, and still be the figures' home
FIGURE_ELSEWHERE_MARGIN = 0.25


def _substituted_in(claim: str, sent: str, source: str) -> list[tuple[str, str]] | None:
    """:func:`substitution` against one sentence (or clause) of the source."""
    lead = _LEADING_CONDITION.match(claim)
    if lead is not None and not _LEADING_CONDITION.match(sent) \
            and not re.search(r"\b(?:unless|except|otherwise|in\s+which\s+case)\b", sent, re.IGNORECASE):
        # "If no match is found, the method returns None" read in the sentence's order
        # ("The method returns None if no match is found")
        marker = claim.lstrip().split()[0]
        claim = f"{lead.group('rest').rstrip(' .')} {marker.lower()} {lead.group('condition')}"
    c, s = sequence(claim), sequence(sent)
    if len(c) < 3 or not s:
        return None
    ops = difflib.SequenceMatcher(None, c, s, autojunk=False).get_opcodes()
    if overlap(sent, claim) < MIN_COVERED and not (len(sentences(source)) <= MAX_SENTENCES and _window_covered(ops)):
        return None
    # the claim says something its sentence does not (unless the source says it elsewhere:
    # "Mawenzi, the highest of the three cones" where "three volcanic cones" came before; in a
    # short source, where a word elsewhere is about the same things)
    elsewhere = set(sequence(source.replace(sent, " ", 1))) if len(sentences(source)) <= MAX_SENTENCES else set()
    if any(op == "delete" and not set(c[i1:i2]) <= elsewhere for op, i1, i2, _, _ in ops):
        return None
    # words named elsewhere in the source ("of the treaty") are no part of the share to match
    added = sum(i2 - i1 for op, i1, i2, _, _ in ops if op == "delete")
    if sum(i2 - i1 for op, i1, i2, _, _ in ops if op == "equal") < MIN_EQUAL * (len(c) - added):
        return None
    # with words moved in from elsewhere, a figure replaced is the number layer's to read
    # ("costs 30 EUR a month for students" where "45 EUR" is the standard price)
    if any(op == "delete" for op, *_ in ops) and any(
            op == "replace" and any(w[0].isdigit() for w in c[i1:i2]) for op, i1, i2, _, _ in ops):
        return None
    replaced = [(c[i1:i2], s[j1:j2]) for op, i1, i2, j1, j2 in ops if op == "replace"]
    later = [s[j2:] for op, _, _, _, j2 in ops if op == "replace"]
    if not replaced or len(replaced) > 2:
        return None
    # figures put for figures that another sentence states are the number layer's, which reads
    # them against every statement ("up to eight tablets in 24 hours" aligned with "one or two
    # tablets every four to six hours", where "Do not take more than eight tablets in 24 hours")
    # (a rule said without a subject of its own, "Do not take more than eight tablets", is the
    # figures' home; "The full membership costs 40 EUR" names its own subject)
    if all(all(w[:1].isdigit() or w in _SMALL for w in new) for new, _ in replaced) and any(
            sent.strip() not in source[a:b] and all(set(new) <= set(sequence(source[a:b])) for new, _ in replaced)
            and _SUBJECTLESS_RULE.match(source[a:b])
            and overlap(claim, source[a:b]) >= overlap(claim, sent) - FIGURE_ELSEWHERE_MARGIN
            for a, b in sentences(source)):
        return None
    # a figure's words moved within its sentence, from after it ("The excess for subsidence
    # claims is 500 EUR" for "The excess is 250 EUR per claim, or 500 EUR for subsidence
    # claims"): the number layer reads which figure goes with which thing
    if any(any(w[:1].isdigit() for w in old) and not any(w[:1].isdigit() or w in _SMALL for w in new)
           and set(new) <= set(rest) for (new, old), rest in zip(replaced, later, strict=True)):
        return None
    # a denial put as a subject ("Adults may use up to twelve" for "Do not use more than
    # twelve"): the words replaced say no thing the claim's could be put for
    if any(all(w in _DENIAL_WORDS for w in old) for _, old in replaced):
        return None
    # the source's topic, put before the sentence's words as the claim's first ("Capital losses can
    # be carried forward" where "Capital gains ... are tax-free. Gains above that ..., and losses
    # can be carried forward"): the topic the sentence takes for granted, no word for another
    # (the sentence opens with the topic's head, "Gains", and the claim puts its modifier, "Capital")
    topic = sequence(source[: sentences(source)[0][1]])[:2] if sentences(source) else []
    if len(topic) == 2 and any(op == "replace" and i1 == 0 and c[i1:i2] == topic[:1] and s[j1] == topic[1]
                               for op, i1, i2, j1, _ in ops):
        return None
    # a span of the sentence that crosses into another clause ("only at the end, since | salting")
    # is no word put for another: the claim restates the clause after it
    if any(set(old[:-1]) & _CLAUSE_LINKS for _, old in replaced):
        return None
    # words the sentence says later, put first ("On Saturdays the hall can be hired until
    # midnight" for "It can be hired until midnight on Fridays and Saturdays"): a frame moved
    if _OPENING_FRAME.match(claim) and any(op == "replace" and i1 == 0 and set(c[i1:i2]) <= set(s[j2:])
                                           for op, i1, i2, j1, j2 in ops):
        return None
    # the claim ends on words it moved from earlier in its sentence, where the sentence goes
    # on ("closed for repairs in 2019" for "closed in 2019 for repairs and reopened in 2021"):
    # a move and a stop, not a substitution
    # (its words' neighbours there are the claim's too: the value of "reopened in 2021" is
    # no move of "closed in 2019" into "reopened in 2019")
    first = next((j1 for op, _, _, j1, _ in ops if op == "equal"), len(s))
    # words the sentence opens with, put at the claim's end ("During exam weeks, ... book a
    # room instead" as "... book a room during exam weeks"): a frame moved, not a substitution
    # (or its subject, put last: "no monthly charge for the basic account" for "Our basic
    # account has no monthly fee but charges 1 EUR for each cash withdrawal")
    if any(set(new) <= set(s[:first]) for new, _ in replaced):
        return None
    held = set(c)
    skipped = [s[j] for op, _, _, j1, j2 in ops if op == "insert" and j1 >= first for j in range(j1, j2)
               if (j == 0 or s[j - 1] in held) and (j + 1 == len(s) or s[j + 1] in held)]
    last = ops[-1]
    if last[0] == "replace" and last[2] == len(c) and last[4] == len(s) and (
            all(w in skipped for w in c[last[1]:])
            # "pays 10 EUR for the day" for "pay a day fee of 10 EUR; they may not use the sauna":
            # a word said earlier, where the sentence goes on with a clause of its own (one word
            # in place of another, "women-only on Wednesdays" for "... on Fridays", is a swap)
            or (set(c[last[1]:]) <= set(s[first:last[3]]) and last[4] - last[3] >= MIN_CLAUSE_WORDS)):
        return None
    # "On weekdays they must use the public car park": the claim naming whom "they" stands for
    # ("visitors", said in a sentence before and not in this one) replaces no word of the source
    before = set(sequence(source[: source.find(sent)])) - set(s) if _PERSONAL.search(sent) else set()
    everywhere = sequence(source)
    # a time the claim leaves out beside the replaced words is no part of them ("from the office
    # at 3:30 p.m." for "from the library")
    replaced = [(new, _untimed(old) if not any(_NUMERIC.fullmatch(w) for w in new) else old) for new, old in replaced]
    for new, old in replaced:
        if not old:
            return None
        if set(new) & before:
            return None
        if set(new) <= _PRICE_WORDS and set(old) & _PRICE_WORDS:
            return None  # "costs 15 EUR" for "are charged a cleaning fee of 15 EUR": one price said two ways
        if set(old) <= _LIGHT_VERBS and set(new) <= set(s):
            return None  # "work four days a week" for "spend four days a week at work": the verb is the sentence's noun
        if set(old) <= _GENERAL_STEMS:
            return None  # "council tax" for "The amount" that stands for it
        if _same_amount(new, old):
            return None  # an amount said another way ("a year", "12 months")
        if all(_NUMERIC.fullmatch(w) for w in new + old) and not all(w[0].isdigit() for w in new + old):
            return None  # a time of day or a range for a time: the number layer reads them
            # ("open at 8 p.m." inside "open from 6 a.m. to 9 p.m.")
        if len(new) > MAX_SEGMENT or len(old) > MAX_SEGMENT + 1 or set(new) & set(old) \
                or all(any(_one_word(a, b) for b in old) for a in new) \
                or any(_derived(a, b) for a in new for b in old):
            # (the same word in another form: "at the age of 35" for "in 1791, aged 35"; a
            # word of the segment derived from one it replaces: "flights cancelled" for
            # "cancellations caused by")
            return None
        rest = list(everywhere)
        for w in old:
            if w in rest:
                rest.remove(w)
        if not all(w in rest for w in new):
            return None
        # (what a later phase says: "Until 2020 the festival was held in June. Since then it has
        # taken place in September" for "is held in September")
        if any(set(new) <= set(sequence(source[a:b])) and _LATER_PHASE.search(source[a:b])
               for a, b in sentences(source) if source[a:b] != sent):
            return None
    return [(" ".join(new), " ".join(old)) for new, old in replaced]


#: a verb with a place or name it takes by a preposition: "born in Salzburg", "died in Vienna"
_VERB_OBJECT = re.compile(r"\b(?P<verb>(?=[a-z]{4,}\b)[a-z]+(?:ed|en|wn|rn|lt|nt|ld|ht))\s+(?P<prep>in|at|on|from|to|by|near)\s+"
                          r"(?P<obj>(?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)")


def moved_object(claim: str, source: str) -> list[tuple[str, str]] | None:
    """``[(claim's object, source's)]`` when the claim gives a verb the name a sentence of the
    source gives another verb of it, while the sentence gives the claim's verb another name
    by the same preposition: "Mozart was born in Vienna" where "born in Salzburg in 1756 and
    died in Vienna"."""
    for m in _VERB_OBJECT.finditer(claim):
        verb, prep, obj = m.group("verb").lower(), m.group("prep").lower(), m.group("obj").lower()
        for s, e in sentences(source):
            found = [(n.group("verb").lower(), n.group("prep").lower(), n.group("obj").lower())
                     for n in _VERB_OBJECT.finditer(source[s:e])]
            theirs = [o for v, p, o in found if v == verb and p == prep]
            if theirs and obj not in theirs and any(o == obj and v != verb and p == prep for v, p, o in found):
                return [(m.group("obj"), theirs[0])]
    return None


def _one_word(a: str, b: str) -> bool:
    """Two forms of one word ("age", "aged"; "ban", "banned")."""
    return _key(a) == _key(b) or any(x + end == y for x, y in ((a, b), (b, a)) for end in ("d", "ed", "s", "es"))


def _derived(a: str, b: str) -> bool:
    """One stem is the other with an ending ("cancel" and "cancellation", "deliver" and
    "delivery"); both five letters or more."""
    return min(len(a), len(b)) >= 5 and a != b and (a.startswith(b) or b.startswith(a))


def _window_covered(ops: Sequence[tuple[str, int, int, int, int]]) -> bool:
    """The claim restates the part of its sentence it runs along, whole: from its first word
    to its last, the sentence has no words the claim leaves out, and it stops before the
    sentence's tail ("Penicillin was discovered by Howard Florey in 1928" along "Penicillin
    was discovered by Alexander Fleming in 1928 | at St Mary's Hospital in London")."""
    inner = [op for op in ops if op[0] != "delete"]
    while inner and inner[-1][0] == "insert":
        inner.pop()
    if not inner or inner[0][0] == "insert":
        return False
    return all(op in ("equal", "replace") for op, *_ in inner) and sum(op == "replace" for op, *_ in inner) == 1 \
        and sum(i2 - i1 for op, i1, i2, _, _ in inner if op == "equal") >= 3


_NUMERIC = re.compile(r"\d[\d.,:]*|a|p|m|am|pm|to|and|from|until|till")


def _untimed(segment: list[str]) -> list[str]:
    """``segment`` without a time of day at its ends ("office 3:30 p m" -> "office"); an amount
    ("12 month") stays whole."""
    if not any(w in ("a", "p", "m", "am", "pm") or ":" in w for w in segment):
        return segment
    start, end = 0, len(segment)
    while start < end and _NUMERIC.fullmatch(segment[start]):
        start += 1
    while end > start and _NUMERIC.fullmatch(segment[end - 1]):
        end -= 1
    return segment[start:end]
_PERSONAL = re.compile(r"\b(?:they|it|he|she|them|him|her|ones)\b", re.IGNORECASE)  # "ones": "Late ones are ..."
#: a sentence that opens with a frame for all it says ("During exam weeks, ...")
_FRAME = re.compile(r"\s*(?:during|in|on|at|for|after|before|from|until|within|throughout|over|outside|"
                    r"between|on\s+and\s+after)\b", re.IGNORECASE)


def _same_amount(a: list[str], b: list[str]) -> bool:
    """Two segments that state one equal amount ("year", from "a year", and "12 month")."""
    qa, qb = (quantities(" ".join(s) if any(w.isdigit() for w in s) else "1 " + " ".join(s))
              for s in (a, b))
    return (len(qa) == len(qb) == 1 and qa[0].unit is not None and qb[0].unit is not None
            and agree(qa[0], qb[0]))


def _subsequence(a: list[str], b: list[str]) -> bool:
    it = iter(b)
    return all(w in it for w in a)


_PASSIVE = re.compile(r"\b(?:is|are|was|were|be|been|being|get|got)\s+(?:\w+\s+)?(?:\w+(?:ed|en|wn)\s+by|"
                      r"(?:included|contained|listed|covered|shown|described)\s+(?:in|on)|"
                      # "Android 9 is required from 4.3": said of the release, "4.3 requires Android 9"
                      r"(?:required|needed|supported)\s+(?:from|in|since|until|as\s+of|for|by))\b",
                      re.IGNORECASE)
_LIST_GAP = re.compile(r"^[\s,]*(?:(?:and|or|the|a|an)\b[\s,]*)*(?:\w+[\s,]+(?:(?:and|or)\b[\s,]*)?)?$",
                       re.IGNORECASE)


#: the fewest content words a claim needs for an exchange of two of them to be read: with
#: three, the exchange is as often a rewording ("faulty items can be refunded" for "refunds
#: are given only if the item is faulty")
MIN_SWAPPED_WORDS = 4


def swapped(claim: str, source: str) -> tuple[str, str] | None:
    """``(a, b)`` when the claim is its aligned sentence with two of its words, or two short
    phrases, exchanged around words that stay in place: roles reversed ("the Employee shall
    pay the Employer" for "the Employer shall pay the Employee", "Romulus Augustulus deposed
    Odoacer" for the reverse), values moved between two entities ("the employer contributes
    3% and the employee 5%" for the reverse, "the four short bolts ...; the eight long
    bolts" for the reverse), "from the Atlantic to the Andes" for "from the Andes to the
    Atlantic". Two items of one list ("cash, cards and cheques") and a voice change ("X was
    deposed by Y") are not swaps."""
    sent = aligned_sentence(claim, source)
    if bool(_PASSIVE.search(claim)) != bool(_PASSIVE.search(sent)):  # a change of voice
        return None
    c, s = sequence(claim), sequence(sent)
    if len(c) < MIN_SWAPPED_WORDS or _subsequence(c, s):
        return None
    # ... and read again without the words the claim takes from another sentence of the
    # source, which set the scene ("the waggle dance" where the sentence says "the dance")
    around = set(sequence(source.replace(sent, " ", 1))) - set(s)
    for seq, once in ((c, False), ([w for w in c if w in s or w not in around], True)):
        found = _exchanged(seq, s, claim, once, sent)
        if found is not None:
            return found
    elsewhere = frozenset(_role_sequence(source.replace(sent, " ", 1))) if len(sentences(source)) <= MAX_SENTENCES \
        else frozenset()
    return _swapped_phrases(claim, sent, elsewhere)


def _exchanged(c: list[str], s: list[str], claim: str, once: bool = False, sentence: str = "") -> tuple[str, str] | None:
    """Two words of ``c`` whose exchange makes it a subsequence of ``s``, as the claim writes
    them (with ``once``, words the sentence says once each: "risk" twice is in no one place)."""
    if len(c) < MIN_SWAPPED_WORDS or _subsequence(c, s):
        return None
    subject_words = set(sequence(subject_of(claim) or ""))
    for i in range(len(c)):
        for j in range(i + 2, len(c)):  # at least one word between them stays in place
            if c[i] == c[j] or c[i] not in s or c[j] not in s or (once and (s.count(c[i]) > 1 or s.count(c[j]) > 1)):
                continue
            exchanged = c[:i] + [c[j]] + c[i + 1:j] + [c[i]] + c[j + 1:]
            # (a compound of the sentence said with a preposition, "tickets for a match" for
            # "match tickets", names one thing)
            compound = any(s[k] == c[j] and s[k + 1] == c[i] for k in range(len(s) - 1)) \
                or {c[i], c[j]} <= subject_words  # (both in the claim's subject: "Tickets for a cancelled match")
            if _subsequence(exchanged, s) and not _listed(claim, c[i], c[j]) and not compound \
                    and not (sentence and _kept_markers(c[i], c[j], claim, sentence)):
                return surface(c[i], claim), surface(c[j], claim)
    return None


_MARKERS = frozenset("at in on by to from for with of per a an".split())


def _marker(key: str, text: str) -> str | None:
    """The preposition (or the "a" of a rate, "a week") that marks the word whose stem is
    ``key`` in ``text``, past an article; None when none does."""
    toks = words(text)
    for k, w in enumerate(toks):
        if stem(w) == key:
            back = k - 1
            while back >= 0 and toks[back] in ("the", "their", "your", "its"):
                back -= 1
            return toks[back] if back >= 0 and toks[back] in _MARKERS else None
    return None


def _kept_markers(a: str, b: str, claim: str, sentence: str) -> bool:
    """Each of two words keeps the preposition that marks it in the sentence: adjuncts put in
    another order ("at college one day a week" for "one day a week at college"), no roles
    exchanged ("from the Atlantic to the Andes")."""
    marks = [(_marker(w, claim), _marker(w, sentence)) for w in (a, b)]
    return all(mine is not None and mine == theirs for mine, theirs in marks)


#: "X is placed by Y": the subject, the participle and the agent of a passive clause
_BY_AGENT = re.compile(r"\b(?:is|are|was|were|be|been|being|get|gets|got)\s+(?P<verb>[a-z]+(?:ed|en|wn))\s+by\s+"
                       r"(?P<agent>[^,.;:]+)", re.IGNORECASE)
_CLAUSE_START = re.compile(r".*[,;:]\s*", re.DOTALL)


def _clause_before(text: str, end: int) -> str:
    """The words of ``text`` before ``end`` back to the last comma, semicolon or colon."""
    head = text[:end]
    m = _CLAUSE_START.match(head)
    return head[m.end():] if m else head


def passive_swap(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's subject, claim's agent)`` when a source sentence says the same passive verb
    with the roles the other way round: "The council is placed by pupils" where "Pupils who
    move into the area are placed by the council" (the claim's agent is the sentence's
    subject, its subject the sentence's agent); or, said actively, "Pupils place the council"
    (the claim's subject is the sentence's subject, its object the agent)."""
    mine = _BY_AGENT.search(claim)
    for s, e in sentences(source):
        sent = source[s:e]
        if overlap(claim, sent) < MIN_ALIGNED:
            continue
        for m in _BY_AGENT.finditer(sent):
            key = stem(m.group("verb").lower())
            subject, agent = set(sequence(_clause_before(sent, m.start()))), set(sequence(m.group("agent")))
            if not subject or not agent or subject & agent:
                continue
            if mine is not None:
                if stem(mine.group("verb").lower()) != key:
                    continue
                theirs_subject = set(sequence(_clause_before(claim, mine.start())))
                theirs_agent = set(sequence(mine.group("agent")))
                said = mine.group("agent").strip()
            else:  # active: the verb's stem among the claim's words, its subject before it
                seq = sequence(claim)
                at = next((i for i, w in enumerate(seq) if _key(w) == _key(key)), None)
                if at is None or at == 0:
                    continue
                # an active claim names its agent first: "The council places pupils" says the
                # same, "Pupils place the council" has the agent where the object goes
                theirs_subject, theirs_agent = set(seq[at + 1:]), set(seq[:at])
                verb = next((w for w in words(claim) if stem(w) == seq[at]), "")
                said = claim[:claim.lower().find(verb)].strip() if verb else " ".join(seq[:at])
            if theirs_subject & agent and theirs_agent & subject \
                    and not theirs_subject & subject and not theirs_agent & agent:
                return said, m.group("agent").strip()
    return None


#: a name said as an owner ("James Watt's earlier design"): the name and the words after it
_POSSESSED = re.compile(r"\b(?P<name>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})['’]s\s+(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)")


def _owner(name: str) -> bool:
    """A name that can own something: not "It's", "That's", "Let's" (a verb contracted)."""
    return bool(sequence(name)) and name.split()[0].lower() not in _NOT_A_SUBJECT | {"that", "let", "what"}


def possessor_swap(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's owner, source's owner)`` when the claim gives a thing of the source's
    ("Newcomen's earlier design") to another person or body the source names ("Watt's
    earlier design"), and the source never says it of the claim's: who did what to whose
    work is reversed ("Newcomen improved Watt's earlier design" where Watt "improved Thomas
    Newcomen's earlier design")."""
    theirs = [(m.group("name"), sequence(m.group("what"))) for m in _POSSESSED.finditer(source)
              if _owner(m.group("name"))]
    if not theirs:
        return None
    source_words, claim_words = set(sequence(source)), set(sequence(claim))
    for m in _POSSESSED.finditer(claim):
        name, what = m.group("name"), sequence(m.group("what"))
        if not what or not _owner(name) or not set(sequence(name)) <= source_words:
            continue
        owners = {n for n, w in theirs if w == what}
        if not owners or any(set(n.lower().split()) & set(name.lower().split()) for n in owners):
            continue
        other = next((n for n in owners if set(sequence(n)) <= claim_words), None)
        if other is not None:
            return name, other
    return None


#: words between a subject and its verb that say nothing of who acts
_AUXILIARY = frozenset("must should will would can could may might shall do does did not also then only always "
                       "usually still now first have has had to need needs is are was were be been being get gets "
                       "got".split())
_BE = frozenset("is are was were be been being get gets got".split())
_PARTICIPLE = re.compile(r"[a-z]+(?:ed|en|wn)|paid|sent|held|made|told|kept|done|sold|bought|left|set|put|"
                         r"run|read|met|led|built|found|brought|taught|caught|won|lost|given|taken|seen|shown")
#: where an agent's "by" phrase ends
_AGENT_END = re.compile(r"[,;.]|\s(?:before|after|if|when|unless|until|within|for|on|at|in|once|during)\s",
                        re.IGNORECASE)
#: "responsible for", "required to": what follows is what the subject does
_DUTY_WORDS = frozenset("responsible required expected obliged supposed entitled allowed able free".split())
#: verbs whose subject does nothing ("Printing costs 10 cents", "Refunds take five days")
_STATIVE = frozenset("cost costs weigh weighs last lasts mean means equal equals seem seems contain contains "
                     "include includes take takes measure measures".split())
#: the most words of a subject read as an agent
MAX_AGENT_WORDS = 5


#: a clause that sets the condition or time of the one after it: "If the airline cancels your
#: flight, | you can choose a refund"
_LEADING_CONDITION = re.compile(r"^\s*(?:if|when|whenever|once|unless|after|before)\s+(?P<condition>[^,]+),\s*(?P<rest>.+)$",
                                re.IGNORECASE | re.DOTALL)
_PERSONAL_ACTORS = frozenset("you we they he she i".split())


def _actors(text: str) -> frozenset[str]:
    """The words of ``text`` that can name who acts: its content words and personal pronouns."""
    return frozenset(sequence(text)) | frozenset(w for w in words(text) if w in _PERSONAL_ACTORS)


def _agent(text: str) -> tuple[frozenset[str], str, str] | None:
    """``(who acts, the verb's key, who acts as written)`` of a clause: its subject for an
    active verb ("The GP refers the patient", "you can choose a refund"), its "by" phrase for
    a passive one ("must be approved by a line manager"); None when it cannot be told (no
    subject, a passive without "by")."""
    subject = subject_of(text)
    if not subject and text.split() and text.split()[0].lower() in _PERSONAL_ACTORS:
        subject = text.split()[0]  # "you cancel your flight": a pronoun before any verb
    if not subject:
        return None
    rest = text.strip()[len(subject):]
    while subject.split() and subject.split()[-1].lower() in _AUXILIARY:  # "Cardholders are | not charged"
        cut = subject.rstrip().rfind(" ")
        subject, rest = subject[:max(cut, 0)], subject[max(cut, 0):] + rest
    first = subject.split()[0].lower() if subject.split() else ""
    if subject.split() and subject.split()[-1].lower() in _ARTICLES:
        return None  # "water boils at a | lower temperature": a word after an article is no verb
    if not first or len(subject.split()) > MAX_AGENT_WORDS \
            or first in (_NOT_A_SUBJECT - _PERSONAL_ACTORS) | {"whether"}:
        return None
    tokens = [m.group(0).lower() for m in re.finditer(r"[A-Za-z']+", rest)]
    passive, k = False, 0
    while k < len(tokens) and tokens[k] in _AUXILIARY:
        passive = passive or tokens[k] in _BE
        k += 1
    if k < len(tokens) - 2 and tokens[k] in _DUTY_WORDS and tokens[k + 1] in ("for", "to"):
        k, passive = k + 2, False  # "Tenants are responsible for insuring ...": they insure
    if k == len(tokens):
        return None
    verb = tokens[k]
    if passive and _PARTICIPLE.fullmatch(verb):
        by = re.search(r"\bby\s+", rest)
        if by is None:
            return None
        end = _AGENT_END.search(rest, by.end())
        said = rest[by.end():end.start() if end else len(rest)].strip()
    elif passive:
        return None  # "is free", "are open": no one acts
    else:
        said = subject.strip()
    who = _actors(said)
    return (who, _key(verb), said) if who and verb not in _STATIVE else None


def _clauses(sentence: str) -> list[str]:
    """The sentence's clauses (:data:`_CONJUNCT_CUT`, and a leading condition apart from what
    follows it), a piece without a verb of its own joined to the next ("paper | and cardboard
    go in the blue bin" is one clause)."""
    out: list[str] = []
    carry = ""
    pieces: list[tuple[str, bool]] = []
    for piece in _CONJUNCT_CUT.split(sentence):
        m = _LEADING_CONDITION.match(piece) if piece else None
        pieces += [(m.group("condition"), True), (m.group("rest"), False)] if m else [(piece, False)]
    for piece, condition in pieces:
        if not piece or not piece.strip():
            continue
        piece = f"{carry} and {piece}" if carry else piece
        if not condition and subject_of(piece) is None and not has_verb(piece):
            carry = piece
            continue
        out.append(piece)
        carry = ""
    return out + [carry] if carry else out


def _gapped(piece: str, who: frozenset[str]) -> bool:
    """A conjunct that opens with ``who`` and says its values with the verb left out ("and
    members 4 EUR"): no verb of the known list, no word after the actor that reads as a verb
    (one ending in -s or -ed that does not follow a number)."""
    if not who <= set(sequence(piece)[:len(who)]) or has_verb(piece):
        return False
    tokens = re.findall(r"[\w'-]+", piece)
    return not any(re.fullmatch(r"[a-z]{3,}(?:s|ed)", t) and not (k and tokens[k - 1][0].isdigit())
                   for k, t in enumerate(tokens) if k and stem(t.lower()) not in who)


def agent_swap(claim: str, source: str, whole: str | None = None) -> tuple[str, str] | None:
    """``(who acts in the claim, who acts in the source)`` when the clause of the source with
    the claim's verb and most of its other words has another actor, and the claim names that
    one in another role, or the source names the claim's actor elsewhere: "The patient is
    referred to the GP by the specialist" where "The GP refers the patient to a specialist";
    "Employees match the employer's contributions" where "The employer matches pension
    contributions"; "must be signed off by the finance team" where the line manager signs
    off and forwards them to the finance team; "If you cancel your flight, ..." where "If
    the airline cancels your flight, ...". Each clause of the claim is read; ``whole``, when
    the claim is a part of a longer one, names everyone that one names."""
    everyone = _actors(whole or claim)
    for part in _clauses(claim) if _LEADING_CONDITION.match(claim) else [claim]:
        found = _agent_swap_in(part, everyone, source)
        if found is not None:
            return found
    return None


def _agent_swap_in(claim: str, everyone: frozenset[str], source: str) -> tuple[str, str] | None:
    """:func:`agent_swap` for one clause of a claim (``everyone``: who the whole claim names)."""
    mine = _agent(claim)
    if mine is None:
        return None
    who, verb, said = mine
    rest = _actors(claim) - who
    best: tuple[float, frozenset[str], str] | None = None  # (share, who, as written)
    for s, e in sentences(source):
        if any(_gapped(piece, who) for piece in _CONJUNCT_CUT.split(source[s:e]) if piece):
            return None  # "Visitors pay 9 EUR and members 4 EUR": the claim's actor has a clause of its own
        for clause in _clauses(source[s:e]):
            theirs = _agent(clause)
            # a denial is no other actor's deed: "The tenant does not pay the agent's fee"
            if theirs is None or theirs[1] != verb or negation_count(clause) != negation_count(claim):
                continue
            keys = {_key(x) for x in _actors(clause)}  # "insure" and "insuring" alike
            share = sum(1 for w in rest if _key(w) in keys) / len(rest) if rest else 0.0
            if theirs[0] & who and share >= MAX_OWN_PREDICATE:
                return None  # the claim's actor does it too ("Check-in closes 45 minutes before ...")
            if best is None or share > best[0]:
                best = (share, theirs[0], theirs[2])
    # the other actor is named in the claim in another role, or the claim's actor in the source
    # (named by its head noun: "tenants" of "New tenants"; or one of the two parties of a deal,
    # the other: "The shop pays the postage" where "Customers pay the return postage")
    if best is None or best[0] < MIN_CONJUNCT or best[1] & who \
            or not (best[1] <= everyone or who <= _actors(source) or _head_actor(best[2]) in everyone
                    or any(frozenset((a, b)) in _PARTIES for a in who for b in best[1])):
        return None
    return said, best[2]


#: the two parties of a deal, each of whom the other is not: "The shop pays the postage" where
#: "Customers pay the return postage"
_PARTIES = frozenset(frozenset((stem(a), stem(b))) for a, b in (
    ("customer", "shop"), ("customer", "store"), ("customer", "retailer"), ("customer", "seller"),
    ("customer", "company"), ("guest", "host"), ("guest", "hotel"), ("landlord", "tenant"),
    ("employer", "employee"), ("buyer", "seller"), ("patient", "doctor"), ("student", "school"),
    ("member", "club"), ("passenger", "airline"), ("lender", "borrower")))


def _head_actor(said: str) -> str:
    """The last content word of an actor as written, as :func:`sequence` has it ("tenant" of
    "New tenants")."""
    seq = sequence(said)
    return seq[-1] if seq else ""


#: the longest phrase, and the most words between two phrases, that :func:`swapped` exchanges
MAX_PHRASE = 3
MAX_BETWEEN = 3
_ARTICLES = frozenset("a an the".split())
_LIST_WORDS = frozenset("and or nor".split())


def _role_sequence(text: str) -> list[str]:
    """As :func:`sequence`, with the function words that mark roles kept ("from X to Y",
    "X by Y"): only articles are dropped."""
    return _words_in_order(text, _ARTICLES.__contains__)


def _tight(a: list[str], b: list[str]) -> bool:
    """``a`` is a subsequence of ``b`` within a stretch at most ``MAX_BETWEEN`` words longer
    than ``a``: the same phrase with a few words put in, not words gathered from all over a
    long sentence."""
    for start in (i for i, w in enumerate(b) if w == a[0]):
        k = 0
        for w in b[start:start + len(a) + MAX_BETWEEN]:
            if w == a[k]:
                k += 1
                if k == len(a):
                    return True
    return False


_AUX = frozenset("is are was were be been being has have had do does did will would can could may might must shall "
                 "should".split())


def _swapped_phrases(claim: str, sent: str, elsewhere: frozenset[str] = frozenset()) -> tuple[str, str] | None:
    """Two phrases of the claim that its aligned sentence holds in the other order, with
    the words between them; the claim's other words need only occur in the sentence (a
    date may move: "Y deposed X in 476" for "in 476, X deposed Y"), or ``elsewhere`` (words
    of the source's other sentences: "at Hastings" where the battle is named before)."""
    c, s = _role_sequence(claim), _role_sequence(sent)
    held = [k for k, w in enumerate(c) if w in set(s)]
    # words the sentence lacks only at the claim's end, each said elsewhere ("... at Hastings")
    if not held or not {w for w in c[held[-1] + 1:] if w not in STOPWORDS} <= elsewhere \
            or any(w not in set(s) for w in c[: held[-1] + 1]):
        return None
    c = c[: held[-1] + 1]
    if _subsequence(c, s):
        return None
    # a fronted adjunct moves as a whole ("Until 1964, the bridge was ..." for "... until 1964")
    fronted = _FRONTED.match(claim)
    lead = len(_role_sequence(fronted.group(0))) if fronted else 0
    for i in range(len(c)):
        for la in range(MAX_PHRASE, 0, -1):
            for gap in range(1, MAX_BETWEEN + 1):
                for lb in range(MAX_PHRASE, 0, -1):
                    if i + la + gap + lb > len(c):
                        continue
                    a = c[i:i + la]
                    mid = c[i + la:i + la + gap]
                    b = c[i + la + gap:i + la + gap + lb]
                    # items of one list ("cards, vouchers and cash") trade places freely
                    # (a verb's auxiliary is no phrase to exchange: "Europe's ... volcano, is on Sicily")
                    if set(a) & set(b) or all(w in STOPWORDS for w in a + b) or set(a) <= _AUX or set(b) <= _AUX \
                            or set(mid) & _LIST_WORDS or i < lead:
                        continue
                    if _tight(b + mid + a, s) and not _subsequence(a + mid + b, s):
                        return " ".join(a), " ".join(b)
    return None


#: a prepositional phrase that opens a claim and ends at its comma
_FRONTED = re.compile(r"^\s*(?:in|on|at|until|till|since|after|before|by|from|during|within|between)\b[^,.;]{1,40},",
                      re.IGNORECASE)


def _listed(claim: str, a: str, b: str) -> bool:
    """``a`` and ``b`` are items of one list in the claim (only commas, "and", "or" and at
    most one other word between them)."""
    ws = words(claim)
    stems = [stem(w) for w in ws]
    if a not in stems or b not in stems:
        return False
    i, j = sorted((stems.index(a), stems.index(b)))
    between = " ".join(ws[i + 1:j])
    return bool(re.search(r"\b(?:and|or)\b", between) or "," in claim) and len(ws[i + 1:j]) <= 3 and \
        bool(_LIST_GAP.match(between))


#: the share of the claim's predicate (its words after the subject) a source sentence must
#: hold to be where the predicate comes from, and the most the subject's own sentence may hold
MIN_PREDICATE = 0.75
MAX_OWN_PREDICATE = 0.5
#: sources of at most this many sentences, where each sentence states one thing of one
#: subject; in a longer text a predicate's words recur in other sentences by chance
MAX_SENTENCES = 6


def _parallel(predicate: set[str], own: set[str], home: set[str]) -> bool:
    """Two clauses say alike things of their subjects ("go in the green bin", "go in the blue
    bin"), and the claim's predicate is its subject's clause with the other clause's word in
    place of its own: what it lacks of the subject's clause is in the other, and the subject's
    clause has a word of its own that the claim lacks."""
    missing = predicate - own
    return bool(missing) and missing <= home and bool(own - predicate - home)


def moved_between_clauses(claim: str, source: str) -> tuple[str, str] | None:
    """``(subject, clause)`` when a sentence's clauses each say something of their own
    subject ("The tenant pays the water bill and the owner pays the property tax") and the
    claim says one clause's predicate of the other's subject ("The tenant pays the property
    tax"): the predicate's clause names none of the claim's subject, the subject's clause holds
    at most half of the predicate."""
    mine = subject_of(claim)
    if not mine:
        return None
    subject = set(sequence(_MODAL_TAIL.sub("", mine)))
    predicate = set(sequence(claim)) - subject
    if not subject or len(predicate) < 2:
        return None
    for s, e in sentences(source):
        parts = [p for p in _CONJUNCT_CUT.split(source[s:e]) if p and p.strip()]
        if len(parts) < 2:
            continue
        said = [(p, set(sequence(_MODAL_TAIL.sub("", subject_of(p) or ""))), set(sequence(p))) for p in parts]
        own = [x for x in said if x[1] and subject <= x[1]]
        home = [x for x in said if x[1] and not subject & x[2]
                and len(predicate & (x[2] - x[1])) >= MIN_PREDICATE * len(predicate)]
        if own and home and all(len(predicate & (x[2] - x[1])) <= MAX_OWN_PREDICATE * len(predicate)
                                or _parallel(predicate, x[2] - x[1], home[0][2]) for x in own):
            return mine.strip(), home[0][0].strip()
    return None


#: a comparison of two things ("worth more than a conversion"), not a bound ("no more than six")
_COMPARED = re.compile(r"\bthan\s+(?!(?:\d|a\s+(?:day|week|month|year|hour|minute|third|quarter|half)|an\s+hour|"
                       r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|fifty|"
                       r"hundred|half|a\s+few|several)\b)|\bas\s+\w+\s+as\b", re.IGNORECASE)


#: a sentence that gives a thing what is said of another: "Audiobooks follow the same rules",
#: "The same applies to audiobooks", "... as do audiobooks"
_SAME_RULES = re.compile(r"\bthe\s+same\s+(?:rules?|terms|conditions|limits?|policy|applies|goes|is\s+true)\b|"
                         r"\b(?:likewise|similarly)\b|\b(?:also|equally)\s+appl(?:y|ies)\b|\bappl(?:y|ies)\s+(?:also|equally)\b|"
                         r",\s+as\s+(?:do|does)\b", re.IGNORECASE)


#: nouns that stand for what the text spoke of before ("The amount can be paid ...")
_GENERAL_NOUNS = frozenset("amount sum total figure fee charge payment balance bill price cost service process "
                           "procedure scheme arrangement rule measure".split())
_GENERAL_STEMS = frozenset(stem(w) for w in _GENERAL_NOUNS)
#: a sentence that opens with a general noun standing for what the one before spoke of
_GENERAL_NOUN = re.compile(r"\s*(?:the|this|that|these|those|such)\s+(?:" + "|".join(_GENERAL_NOUNS) + r")s?\b",
                           re.IGNORECASE)


def _same_rules_for(claim: str, source: str) -> bool:
    """A source sentence says the claim's subject follows the rules said of something else."""
    subject = content_words(subject_of(claim) or " ".join(claim.split()[:2]))
    return bool(subject) and any(_SAME_RULES.search(source[s:e]) and subject & content_words(source[s:e])
                                 for s, e in sentences(source))


def moved_attribute(claim: str, source: str) -> tuple[str, str] | None:
    """``(subject, sentence)`` when the claim says of its subject what the source says of
    something else: one sentence holds the claim's predicate (75% of the words after its
    first one to three content words) but none of the subject's words, another sentence
    speaks of the subject (first) with at most half of that predicate, and no sentence holds
    both. The predicate's sentence must be about something the claim does not name (its first
    words are not the claim's: "Paid keys allow ten times as many requests as free-tier keys"
    compares two things and is no move).
    "Batteries are covered for two years from the date of purchase" where the product is
    warranted for two years and "batteries are covered for twelve months only"; "Amendments
    to the bylaws pass if a majority of the directors present vote in favour" where that is
    how a resolution passes and amendments need two thirds.

    A subject the source never names is left alone: that is a paraphrase or an invented
    detail, for other layers. Read in sources of at most ``MAX_SENTENCES`` sentences."""
    first = words(claim)[:1]
    if not first or first[0] in _NOT_A_SUBJECT:
        return None  # "However, ...", "In 2014 ...", "According to ...": no subject first
    if _COMPARED.search(claim):
        return None  # "A penalty is worth more than a conversion": two things, the comparison rules' to read
    if _same_rules_for(claim, source):
        return None  # "Audiobooks follow the same rules": what is said of e-books is said of them
    c = sequence(claim)
    spans = sentences(source)
    seqs = [sequence(source[s:e]) for s, e in spans]
    sents = [set(s) for s in seqs]
    if not 2 <= len(sents) <= MAX_SENTENCES:
        return None
    for k in (1, 2, 3):
        subject, predicate = set(c[:k]), set(c[k:]) - set(c[:k])
        if len(predicate) < 2 or subject & _KEPT or all(_NUMERIC.fullmatch(w) or is_unit(w) for w in subject):
            continue  # (an amount, "1.2 km", is no subject)
        cover = [len(predicate & s) / len(predicate) for s in sents]
        if any(subject & s and cv >= MIN_PREDICATE for s, cv in zip(sents, cover)):
            return None  # a sentence says it of the subject
        # the predicate's sentence is about something the claim does not name
        # or about a sibling of the subject, said as the claim says it ("The Team plan adds shared
        # folders" for "The Basic plan includes shared folders")
        home = next((i for i, (s, cv) in enumerate(zip(sents, cover))
                     if cv >= MIN_PREDICATE and not subject & s
                     # "Mount Etna stands on Sicily. It has erupted 200 times": the same subject
                     and not (i and (_OPENS_WITH_PRONOUN.match(source[spans[i][0]:spans[i][1]])
                                     # "Council tax bills are sent in March. The amount can be paid ..."
                                     or _GENERAL_NOUN.match(source[spans[i][0]:spans[i][1]]))
                              and subject <= sents[i - 1]) and (
                         not any(_akin(x, y) for x in seqs[i][:2] for y in c) or _sibling(seqs[i], c, k)
                         and negation_count(_main_clause(claim))
                         == negation_count(_main_clause(source[spans[i][0]:spans[i][1]])))), None)
        # and the subject has a sentence of its own, where it comes first
        # (a sentence of its own that speaks of "it" or "them" may say the predicate of it:
        # "The --force flag allows it to overwrite them")
        # (a sentence the claim restates is the claim's own: "Monthly subscriptions renew on the
        # same day each month" for "A monthly subscription renews on the same date every month")
        own = [i for i, s in enumerate(sents) if subject <= s
               and cover[i] <= MAX_OWN_PREDICATE and len(s & set(c)) < MIN_PREDICATE * len(s)
               and subject & set(seqs[i][:3]) and not _PRONOUNS.search(_main_clause(source[spans[i][0]:spans[i][1]]))]
        # (the subject a modifier the source's first sentence opens with, of a head the predicate's
        # sentence names: "Capital losses can be carried forward" where "Capital gains ... Gains
        # above that are taxed, and losses can be carried forward" keeps one topic)
        if home is not None and k == 1 and len(c) > 1 and c[1] in sents[home] and len(seqs[0]) > 1 \
                and c[0] == seqs[0][0] and seqs[home][:1] == seqs[0][1:2]:
            continue
        # (a subject that names the act the home's verb does, "Payment is due within 30 days"
        # for "The Buyer shall pay ... within 30 days", is that sentence's own)
        if home is not None and own and not _names_the_act(c[:k], seqs[home]):
            return " ".join(c[:k]), source[spans[home][0]:spans[home][1]]
    return None


#: endings that make a noun of a verb: "payment", "renewal", "cancellation", "delivery"
_NOMINAL = re.compile(r"(?:ment|al|ation|ition|ion|ance|ence|y|ery|ing)s?$")


def _names_the_act(subject: list[str], sentence: list[str]) -> bool:
    """A word of the subject is a noun made of a verb of the sentence ("payment" of "shall
    pay", "renewal" of "renew")."""
    for w in subject:
        m = _NOMINAL.search(w)
        if m is None or m.start() < 3:
            continue
        root = w[: m.start()]
        if any(len(v) >= 3 and (v == root or stem(v) == stem(root) or (v.startswith(root) and len(v) <= len(root) + 2))
               for v in sentence if v != w):
            return True
    return False


#: where a sentence's main clause ends and a condition or circumstance of it begins
_SUBCLAUSE = re.compile(r",?\s+(?:when|whenever|if|unless|where|because|although|though|while|once|"
                        r"as(?=\s+(?:it|they|he|she|we|you|i)\s))\s", re.IGNORECASE)


def _main_clause(sent: str) -> str:
    """The sentence up to its first subordinate clause ("X is the default | when the output is
    not a terminal"), without its exceptions ("all output | except errors"): a negation there
    is the condition's, not the statement's."""
    m = _SUBCLAUSE.search(sent)
    sent = sent[:m.start()] if m else sent
    for start, _, end, _ in sorted(_condition_spans(sent), reverse=True):  # "all output except errors"
        sent = sent[:start] + " " + sent[end:]
    return sent


#: a pronoun that opens a sentence or a clause after a semicolon, as its subject; an
#: "it" before "is possible to" or "is likely that" stands for nothing
_LEADING_PRONOUN = re.compile(r"(?:(?<=^)|(?<=[.!?;]\s))"
                              # after a short opening phrase: "Despite its height, it is a grass"
                              r"(?:(?P<lead>(?:Despite|Unlike|Like|However|Nevertheless|Still|Today|Now|Yet|Instead|Indeed|"
                              r"In|On|At|During|After|Before|Since|For|With|Without|Once|Even|Also|Otherwise|"
                              r"[A-Z][a-z]+ly)"  # "Botanically speaking, it is a fruit"
                              r"(?:\s+[\w'-]+){0,5},\s+"
                              # the object of a gerund that opens the sentence: "Storing them in the fridge ..."
                              r"|[A-Z][a-z]+ing\s+(?=(?:them|it)\b)))?"
                              r"(?P<pronoun>It|it|They|they|He|he|She|she|(?<=ing\s)(?:them|it))"
                              r"(?=\s+(?!(?:is|was|seems|appears|takes)\s+\w+\s+(?:to|that)\b)\w)")
_OPENS_WITH_PRONOUN = re.compile(r"\s*(?:it|its|they|their|he|his|she|her|this|these|doing\s+(?:so|this))\b", re.IGNORECASE)
#: the most words of a subject a pronoun is read as
MAX_RESOLVED_WORDS = 5


#: the words before the first verb of a sentence: its subject ("Mount Etna" of "Mount Etna
#: stands on ...", "Version 3.0" of "Version 3.0 drops support ...")
_OPENING_SUBJECT = re.compile(r"\s*(?P<subject>(?:(?:the|a|an|this|our|your)\s+)?(?:[\w.'-]+\s+){0,3}?[\w.'-]+)"
                              r"(?=\s+(?:also\s+|still\s+|now\s+)?(?:is|are|was|were|has|have|had|can|cannot|"
                              r"may|must|will|would|should|does|do|did|(?-i:[a-z]{3,}(?<!u)(?:s|ed))|broke|began|became|came|"
                              r"went|grew|fell|rose|won|lost|made|took|gave|held|led|left|built|wrote|saw|found|ran|"
                              r"sold|bought|brought|kept|met|paid|sent|spent|stood|told|had)\b)", re.IGNORECASE)


_POSSESSIVE = frozenset("its his her their".split())


def resolve_pronouns(source: str) -> str:
    """``source`` with a pronoun that opens a sentence or a clause after a semicolon put back
    as the subject of the sentence or clause before it ("Mount Etna stands on Sicily. It has
    erupted 200 times" -> "... Mount Etna has erupted 200 times"; "James Watt did not invent
    it; he improved ..." -> "...; James Watt improved ..."): the rules that read a claim
    against one sentence then find the subject the sentence speaks of. A subject of more than
    ``MAX_RESOLVED_WORDS`` words, one that is a pronoun itself or opens with a preposition is
    left alone."""
    spans = sentences(source)
    out, pos = [], 0
    for m in _LEADING_PRONOUN.finditer(source):
        at = next((k for k, (a, b) in enumerate(spans) if a <= m.start() < b), None)
        if at is None:
            continue
        a, _ = spans[at]
        if source[a:m.start()].strip():  # a clause after a semicolon: the sentence's first clause
            previous = [source[a:m.start()]]
        elif at:
            # the sentence before, or the one before that where the one before speaks of its
            # subject by a possessive ("Mount Vesuvius erupted ... Its last eruption ... It is ...")
            previous = [source[spans[k][0]:spans[k][1]] for k in (at - 1, at - 2) if k >= 0]
        else:
            continue
        subject = ""
        for before in previous:
            found = _OPENING_SUBJECT.match(before)
            subject = found.group("subject").strip() if found else ""
            if not subject.split() or subject.split()[0].lower() not in _POSSESSIVE:
                break
        if not sequence(subject) or len(subject.split()) > MAX_RESOLVED_WORDS \
                or subject.split()[0].lower() in _NOT_A_SUBJECT | {"this", "that", "there"}:
            continue
        out.append(source[pos:m.start("pronoun")])
        if m.group("pronoun")[0].isupper():
            subject = subject[:1].upper() + subject[1:]
        elif subject.split()[0].lower() in STOPWORDS:  # "In winter, the museum closes": no name
            subject = subject[:1].lower() + subject[1:]
        out.append(subject)
        pos = m.end("pronoun")
    out.append(source[pos:])
    return "".join(out)


#: words after which a phrase names when something happens: "within 30 days of | the loss",
#: "six months after | enrolment", "starts on the day | the goods are delivered"
_ANCHOR_WORDS = frozenset("of after before until since following from on in at by".split())
_TIME_CUE = frozenset("day days week weeks month months year years hour hours minute minutes date time start "
                      "starts started begin begins began end ends ended expire expires due within".split())
#: names of days, seasons, parts of a day and months, each kind apart: "Sunday" is no
#: "Saturday", but "Thursday" may be a weekday, which is left to the day-range check
_CALENDAR_KINDS = (re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"), re.compile(r"spring|summer|autumn|winter"),
                   re.compile(r"mornings?|afternoons?|evenings?|nights?|bedtime|lunchtime|noon|midday|midnight|"
                              r"dinnertime|breakfast"),
                   re.compile(r"january|february|march|april|may|june|july|august|september|october|november|december"))
#: words of an amount or a duration: a change there is the number layer's ("after a year" is
#: "after twelve months")
_AMOUNT_WORDS = frozenset(_SMALL) | frozenset("a an half dozen hundred thousand day days week weeks month months year "
                                              "years hour hours minute minutes fortnight decade decades".split())


#: how much of the claim its sentence must hold (the claim's other words must all be in the
#: source, or the same as the sentence's)
MIN_ANCHORED = 0.5


def anchor_changed(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's phrase, source's phrase)`` when the claim is its aligned sentence with what
    a time is counted from or set at said differently: "within 30 days of the loss" for
    "within 30 days of returning home", "starts on the day the order is placed" for "... the
    goods are delivered", "on Sunday" for "on Saturday". The phrase follows an anchor word
    ("of", "after", "on" ...) with a time word before it, or names a day, a month or a season;
    its content words are not in the sentence, and nothing else of the claim differs."""
    sent = aligned_sentence(claim, source)
    clause = aligned_clause(claim, source)
    sent = clause if overlap(claim, clause) >= MIN_ANCHORED else sent
    if overlap(claim, sent) < MIN_ANCHORED:
        return None
    cw, sw = words(claim), words(sent)
    elsewhere = {stem(w) for w in words(source)}
    # what the sentence says besides ("between 10 a.m. and 6 p.m.") and claim words the source
    # has elsewhere ("the cooling-off period" for "the period") change nothing here
    changed = [op for op in difflib.SequenceMatcher(None, cw, sw, autojunk=False).get_opcodes()
               if op[0] in ("replace", "delete") and not (op[0] == "delete" and all(
                   w in STOPWORDS or stem(w) in elsewhere for w in cw[op[1]:op[2]]))
               and any(w not in STOPWORDS for w in cw[op[1]:op[2]] + sw[op[3]:op[4]])]
    if len(changed) != 1:
        return None
    _, i1, i2, j1, j2 = changed[0]
    mine = {stem(w) for w in cw[i1:i2] if w not in STOPWORDS and not w[0].isdigit()}
    theirs = {stem(w) for w in sw[j1:j2] if w not in STOPWORDS and not w[0].isdigit()}
    amount = [w in _AMOUNT_WORDS or w[0].isdigit() for w in sw[j1:j2] if w not in STOPWORDS]
    if any(frozenset((_key(a), _key(b))) in _SAME_EVENT for a in mine for b in theirs):
        return None  # "six hours after the race begins" for "six hours after the start"
    if not mine or mine & {stem(w) for w in sw} or theirs & {stem(w) for w in cw} \
            or any(w in _AMOUNT_WORDS or w[0].isdigit() for w in cw[i1:i2]) or amount and all(amount) \
            or negation_count(claim) != negation_count(sent):  # "does not open on Sundays"
        return None
    # (a later phase the source gives the claim's time: "Until 2020 the festival was held in June.
    # Since then it has taken place in September" for "is held in September")
    if any(mine <= {stem(w) for w in words(source[a:b])} and _LATER_PHASE.search(source[a:b])
           for a, b in sentences(source) if source[a:b] != sent):
        return None
    calendar = any(all(rx.fullmatch(w) for w in cw[i1:i2] if w not in STOPWORDS)
                   and any(rx.fullmatch(w) for w in sw[j1:j2]) for rx in _CALENDAR_KINDS)
    before = cw[max(0, i1 - 4):i1]
    anchored = any(w in _ANCHOR_WORDS for w in before) and bool(_TIME_CUE & set(cw[max(0, i1 - 8):i1])) and \
        before[-1:] != ["in"]
    if not (calendar or anchored):
        return None
    return " ".join(cw[i1:i2]), " ".join(sw[j1:j2])


#: a sentence that says what holds in a later phase: "Since then ...", "From then on ...", "Now ..."
_LATER_PHASE = re.compile(r"\b(?:since\s+then|from\s+then\s+on|after\s+that|afterwards|nowadays|now|today|currently)\b",
                          re.IGNORECASE)
_PERIOD_POINT = re.compile(r"\b(?P<point>end|start|beginning|middle|close)\s+of\s+(?:the|each|every|this|that|next|"
                           r"their|your)\s+(?P<period>(?:school\s+|working\s+|business\s+)?(?:day|week|month|year|"
                           r"term|semester|quarter|season))\b", re.IGNORECASE)


def period_changed(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's phrase, source's phrase)`` when the claim sets a time at a point of one
    period ("at the end of the week") and the sentence it restates (half of its words) at
    that point of another ("until the end of the day"), or on another of a month's weekdays
    ("the last Sunday of the month" for "the first Sunday"), one the source never names."""
    def key(m: re.Match[str]) -> tuple[str, str]:
        return _SAME_POINT.get(m.group(1).lower(), m.group(1).lower()), m.group(2).lower()

    for rx in (_PERIOD_POINT, _NTH_WEEKDAY, _RELATIVE_PERIOD):
        mine = rx.search(claim)
        if mine is None or any(key(m) == key(mine) for m in rx.finditer(source)):
            continue
        for s, e in sentences(source):
            theirs = rx.search(source[s:e])
            if theirs is not None and overlap(claim, source[s:e]) >= 0.5 and (
                    rx is _PERIOD_POINT or theirs.group(2).lower() == mine.group(2).lower()):
                return mine.group(0), theirs.group(0)
    return None


#: the period a rate is counted over: "per fortnight", "a week", "each month", "monthly"
_RATE_PERIOD = re.compile(r"\b(?:per|a|an|each|every)\s+(day|week|fortnight|month|quarter|year|night|hour)\b|"
                          r"\b(daily|weekly|fortnightly|monthly|quarterly|yearly|annually|nightly|hourly)\b", re.IGNORECASE)
_PERIOD_OF_ADVERB = {"daily": "day", "weekly": "week", "fortnightly": "fortnight", "monthly": "month",
                     "quarterly": "quarter", "yearly": "year", "annually": "year", "nightly": "night", "hourly": "hour"}
#: the share of the claim's other words the sentence with the other period must hold
MIN_RATE_PERIOD_SHARED = 0.8


def _rate_periods(text: str) -> dict[str, str]:
    """The periods ``text`` counts rates over, each with its words as written."""
    return {(m.group(1) or _PERIOD_OF_ADVERB[m.group(2).lower()]).lower(): m.group(0) for m in _RATE_PERIOD.finditer(text)}


def rate_period_changed(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's period, source's)`` when the claim is a sentence of the source with the
    period of its rate changed and its amounts kept ("two bags per week" for "two bags per
    fortnight", "50 EUR a week" for "50 EUR a month"): a changed amount is the number
    layer's to read (it converts "a week" and "a day")."""
    mine = _rate_periods(claim)
    if not mine:
        return None
    rest = _RATE_PERIOD.sub(" ", claim)
    values = {q.lo for q in quantities(claim)}
    for s, e in sentences(source):
        sent = source[s:e]
        theirs = _rate_periods(sent)
        if not theirs or set(mine) & set(theirs) or overlap(rest, sent) < MIN_RATE_PERIOD_SHARED:
            continue
        if not values or not values <= {q.lo for q in quantities(sent)}:
            continue
        return next(iter(mine.values())), next(iter(theirs.values()))
    return None


#: a period named by its place from another: "the same year", "the following year"
_RELATIVE_PERIOD = re.compile(r"\bthe\s+(same|following|next|previous|preceding|last)\s+(day|week|month|year|term|"
                              r"semester|season)\b", re.IGNORECASE)
_SAME_POINT = {"following": "next", "preceding": "previous", "last": "previous", "beginning": "start"}


#: one day of each month: "the first Sunday of the month", "the last Friday in June"
_NTH_WEEKDAY = re.compile(r"\b(first|second|third|fourth|last|1st|2nd|3rd|4th)\s+"
                          r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(?:of|in)\b", re.IGNORECASE)


def _akin(a: str, b: str) -> bool:
    """Two stems of one word ("cancell" of "cancelled", "cancellation"): equal, or sharing
    their first five letters and most of the shorter one."""
    if a == b:
        return True
    n = len(os.path.commonprefix([a, b]))
    return n >= 5 and n >= 0.7 * min(len(a), len(b))


#: the most words of a list :func:`outside_list` reads
MAX_LISTED = 12
#: words that stand for items without naming one ("two other places", "several stops")
_NO_ITEM = frozenset("other others more several many few various some each every all both any".split())


def outside_list(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's item, source's list)`` when the claim is its aligned sentence with the list
    it gives ("stops at the main station, the university and the hospital") replaced by an
    item the source never names ("also stops at the airport"): a list says which ones, and
    the claim adds one. An item of the list, or words that count items without naming one
    ("two other stops"), are no such claim."""
    sent = aligned_sentence(claim, source)
    if overlap(claim, sent) < MIN_ANCHORED:
        return None
    cw, sw = words(claim), words(sent)
    changed = [op for op in difflib.SequenceMatcher(None, cw, sw, autojunk=False).get_opcodes()
               if op[0] in ("replace", "delete") and any(w not in STOPWORDS for w in cw[op[1]:op[2]])]
    if len(changed) != 1 or changed[0][0] != "replace":
        return None
    _, i1, i2, j1, j2 = changed[0]
    item, listed = cw[i1:i2], sw[j1:j2]
    named = [w for w in item if w not in STOPWORDS]
    if negation_count(claim) != negation_count(sent) or any(rx.fullmatch(w) for w in named for rx in _CALENDAR_KINDS):
        return None  # "does not open on Sundays or bank holidays"; days are the day checks' to read
    # the item may be named where the source says something else of it ("Paint and car tyres
    # must be taken to the hazardous waste site"), not where it says what the claim says
    rest = {stem(w) for w in cw[:i1] if w not in STOPWORDS}
    everywhere = {stem(w) for a, b in sentences(source) if source[a:b] != sent
                  and rest & {stem(x) for x in words(source[a:b])} for w in words(source[a:b])} \
        | {stem(w) for w in sw}
    if not named or len(named) > 3 or len(listed) > MAX_LISTED \
            or any(w in _NO_ITEM or w in _AMOUNT_WORDS - {"a", "an"} or w[0].isdigit() for w in item + listed) \
            or any(stem(w) in everywhere for w in named) or not {"and", "or"} & set(listed) \
            or len([w for w in listed if w not in STOPWORDS]) < 2 or i2 != len(cw):
        return None
    return " ".join(item), " ".join(listed)


#: a cause named before its effect: "X causes Y", "X gives the bread Y", "X leads to Y"
_CAUSES = re.compile(r"^(?P<a>.+?)\s+(?:causes?|caused|gives?|gave|leads?\s+to|led\s+to|results?\s+in|resulted\s+in|"
                     r"produces?|produced|triggers?|triggered|brings?\s+about|creates?|created)\s+(?P<b>.+)$",
                     re.IGNORECASE)
#: an effect named before its cause: "Y comes from X", "Y is caused by X", "Y is due to X"
_CAUSED_BY = re.compile(r"^(?P<b>.+?)\s+(?:comes?\s+from|came\s+from|results?\s+from|resulted\s+from|stems?\s+from|"
                        r"arises?\s+from|(?:is|are|was|were)\s+(?:caused|produced|triggered|created|brought\s+about)\s+by|"
                        r"(?:is|are|was|were)\s+due\s+to|(?:is|are|was|were)\s+the\s+results?\s+of)\s+(?P<a>.+)$",
                        re.IGNORECASE)


_GIVING = re.compile(r"\b(?:gives?|gave)\b", re.IGNORECASE)


def _cause_and_effect(clause: str, giving: bool = True) -> tuple[frozenset[str], frozenset[str]] | None:
    """The content words of a clause's cause and of its effect, as it orders them, or None;
    with ``giving`` False, "gives" (which may say that one party gives another something) is
    no verb of causing."""
    text = clause.strip().rstrip(".!?")
    m = _CAUSED_BY.match(text) or _CAUSES.match(text)
    if m is None or (not giving and _GIVING.search(text[m.end("a"):m.start("b")])):
        return None
    cause, effect = normed_words(m.group("a")), normed_words(m.group("b"))
    return (cause, effect) if cause and effect else None


def cause_swapped(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's cause, claim's effect)`` when a source sentence names them the other way
    round: "The sour taste causes the long fermentation" where "The long fermentation gives
    the bread a sour taste". Each side of the claim is found on the other side of the
    sentence, and none on its own (whichever verb says which is cause: "comes from", "is
    caused by", "leads to")."""
    mine = _cause_and_effect(claim, giving=False)
    if mine is None or negation_count(claim):
        return None
    cause, effect = mine
    for s, e in sentences(source):
        for clause in re.split(r";\s+|,\s+(?:and|but|so)\s+", source[s:e]):
            theirs = _cause_and_effect(clause)
            if theirs is None or negation_count(clause):
                continue
            if cause & theirs[1] and effect & theirs[0] and not cause & theirs[0] and not effect - theirs[0] - theirs[1] \
                    and not cause - theirs[0] - theirs[1]:
                m = _CAUSED_BY.match(claim.strip().rstrip(".!?")) or _CAUSES.match(claim.strip().rstrip(".!?"))
                return (m.group("a").strip(), m.group("b").strip()) if m else None
    return None


#: a reason a sentence gives for what it says: "because the plate keeps pushing north", "due to
#: melting glaciers"
_REASON = re.compile(r"\b(?:because(?:\s+of)?|due\s+to|owing\s+to|as\s+a\s+result\s+of|thanks\s+to|caused\s+by)\s+"
                     r"(?P<why>[^,;.!?]+)", re.IGNORECASE)


#: how many first letters make two words of one root for :func:`other_reason` ("viral", "viruses")
_ROOT = 3


def other_reason(claim: str, source: str) -> tuple[str, str] | None:
    """``(the claim's reason, the source's)`` when the claim is its aligned sentence with the
    reason given replaced by one that shares none of its words: "grows taller every year
    because of melting glaciers" where "... because the Indian plate keeps pushing north"."""
    mine = _REASON.search(claim)
    if mine is None:
        return None
    sent = aligned_sentence(claim, source)
    theirs = _REASON.search(sent)
    if theirs is None or overlap(claim[: mine.start()], sent[: theirs.start()]) < MIN_ALIGNED:
        return None
    why, their_why = normed_words(mine.group("why")), normed_words(theirs.group("why"))
    # (nor a word of the same root: "is viral" for "viruses")
    if not why or why & their_why or why <= normed_words(source) \
            or any(a[:_ROOT] == b[:_ROOT] for a in why for b in their_why if min(len(a), len(b)) > _ROOT):
        return None  # the same reason in other words, or one the source gives elsewhere
    return mine.group("why").strip(), theirs.group("why").strip()


_NOT_DONE = re.compile(r"\b(?:instead\s+of|rather\s+than)\s+(?P<what>[a-z]+ing\b[^,;.!?]*)", re.IGNORECASE)
_PREFERS = re.compile(r"\b(?:instead|rather|over|than|prefers?|preferred)\b", re.IGNORECASE)
#: a thing a sentence says is not used, put in its place: "made with a starter | instead of
#: commercial yeast"
_NOT_USED = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?P<what>(?:(?:a|an|the|any)\s+)?"
                       r"(?![a-z]+ing\b)[a-z][\w-]*(?:\s+(?!and\b|or\b|but\b|to\b|for\b|in\b|on\b|at\b|which\b|that\b)[a-z][\w-]*){0,2})",
                       re.IGNORECASE)


def instead_of(claim: str, source: str) -> str | None:
    """What a source sentence says is not done ("replaces the last commit | instead of
    creating a new one": a verb in -ing after "instead of" or "rather than") when an
    affirmative claim says it: the claim has that verb, which the rest of the sentence does
    not, and half of the sentence's words. None otherwise."""
    if negation_count(claim) or _PREFERS.search(claim):  # "prefers OAE testing over audiometry" says it
        return None
    cw = normed_words(claim)
    for s, e in sentences(source):
        sent = source[s:e]
        for m in _NOT_DONE.finditer(sent):
            phrase = normed_words(m.group("what"))
            rest = normed_words(sent[:m.start()] + " " + sent[m.end():])
            own = {w for w in cw if any(_akin(w, x) for x in phrase) and not any(_akin(w, x) for x in rest)}
            verb = normed_words(m.group("what").split()[0])
            if any(_akin(w, x) for w in own for x in verb) and overlap(claim, sent) >= MIN_ANCHORED:
                return m.group(0).strip()
        for m in _NOT_USED.finditer(sent):
            # a thing: the claim names all of it, and none of what the sentence puts in its place
            phrase = normed_words(m.group("what"))
            before = normed_words(sent[:m.start()])
            used = before - cw
            if phrase and phrase <= cw and not phrase & normed_words(sent[m.end():]) and used \
                    and overlap(claim, sent) >= MIN_ANCHORED:
                return m.group(0).strip()
    return None


def _sibling(theirs: list[str], mine: list[str], k: int) -> bool:
    """A sentence (its content words ``theirs``) opens with a thing of the same kind as the
    claim's subject (its first ``k`` words of ``mine``): another word before the same noun
    ("Team plan" and "Basic plan")."""
    return len(theirs) >= 2 and len(mine) > k and theirs[0] not in mine and theirs[1] == mine[k] \
        and theirs[0].isalpha() and theirs[0] not in NEGATIONS and theirs[0] not in _NOT_A_SUBJECT


_PRONOUNS = re.compile(r"\b(?:it|them|they|this|these|those)\b", re.IGNORECASE)
#: first words of a claim that does not open with its subject
_NOT_A_SUBJECT = frozenset(
    "in on at for from to by with without if when whenever however although though according after "
    "before during since until while another also then thus there here it its this these those they "
    "he she we you i one as because so but and or yet still once where what which who how why "
    "instead overall generally typically usually".split())


#: everyday contraries ("open" / "closed"); prefixed opposites ("direct" / "indirect",
#: "available" / "unavailable") are recognised by their form
_CONTRARIES = [
    ("open", "closed"), ("open", "shut"), ("allow", "prohibit"), ("allow", "forbid"),
    ("permit", "forbid"), ("permit", "prohibit"), ("active", "extinct"), ("active", "dormant"), ("cool", "warm"), ("optional", "mandatory"), ("optional", "required"),
    ("optional", "compulsory"), ("include", "exclude"), ("enable", "disable"), ("on", "off"),
    ("paid", "free"), ("pay", "free"), ("public", "private"), ("internal", "external"), ("temporary", "permanent"),
    ("stable", "experimental"), ("full-time", "part-time"), ("domestic", "international"),
    ("higher", "lower"), ("more", "less"), ("more", "fewer"), ("larger", "smaller"), ("high", "low"), ("large", "small"),
    ("big", "small"), ("long", "short"), ("same", "opposite"),
    ("longer", "shorter"), ("faster", "slower"), ("earlier", "later"), ("before", "after"),
    ("above", "below"), ("inside", "outside"), ("minimum", "maximum"), ("first", "last"),
    ("win", "lose"), ("won", "lost"), ("gain", "loss"), ("increase", "decrease"), ("rise", "fall"),
    ("rose", "fell"), ("buy", "sell"), ("bought", "sold"), ("import", "export"), ("add", "remove"),
    ("accept", "reject"), ("start", "end"), ("begin", "end"), ("north", "south"), ("east", "west"),
    ("hot", "cold"), ("thin", "thick"), ("wide", "narrow"), ("deep", "shallow"), ("near", "far"), ("close", "far"),
    ("rich", "poor"), ("thicken", "thin"), ("widen", "narrow"), ("tighten", "loosen"), ("lengthen", "shorten"),
    ("strengthen", "weaken"), ("deepen", "shallow"), ("wet", "dry"), ("young", "old"), ("old", "new"), ("early", "late"),
    ("still", "nolonger"), ("always", "never"), ("most", "least"), ("best", "worst"),
    ("positive", "negative"), ("input", "output"), ("upload", "download"), ("with", "without"),
    ("local", "remote"), ("synchronous", "asynchronous"), ("upper", "lower"), ("light", "heavy"),
    ("light", "dark"), ("strong", "weak"), ("same", "different"), ("true", "false"),
    ("success", "failure"), ("pass", "fail"), ("safe", "dangerous"), ("cheap", "expensive"),
    ("away", "closer"), ("away", "towards"), ("away", "nearer"), ("further", "closer"), ("farther", "closer"),
    ("cheaper", "dearer"), ("tall", "short"), ("taller", "shorter"), ("heavier", "lighter"), ("older", "younger"),
    ("warmer", "cooler"), ("warmer", "colder"), ("hotter", "colder"), ("minor", "major"), ("junior", "senior"), ("inbound", "outbound"),
    ("arrive", "depart"), ("arrival", "departure"), ("upstream", "downstream"), ("uphill", "downhill"), ("entrance", "exit"), ("lend", "borrow"),
    ("employer", "employee"), ("landlord", "tenant"), ("buyer", "seller"), ("debit", "credit"),
    # "full-time" and "part-time" are read word by word; a charge is no free service; the first
    # of a series is not the second
    ("full", "part"), ("full", "partial"), ("charged", "free"), ("first", "second"),
    # inclusion against exclusion, permission against a ban, granting against refusing
    ("cover", "exclude"), ("allow", "ban"), ("permit", "ban"), ("accept", "refuse"), ("approve", "reject"),
    ("approve", "deny"), ("grant", "deny"), ("grant", "refuse"), ("mandatory", "voluntary"),
    ("compulsory", "voluntary"), ("show", "hide"), ("display", "hide"), ("visible", "hidden"),
    ("online", "offline"), ("present", "absent"), ("inclusive", "exclusive"),
    # keeping against taking away; slow against fast
    ("keep", "remove"), ("keep", "delete"), ("kept", "removed"), ("kept", "deleted"), ("retain", "delete"),
    ("retain", "remove"), ("slow", "fast"), ("slowly", "quickly"), ("inside", "beyond"), ("within", "beyond"),
    # the two halves of a week, a day, a year, a building, a transaction
    ("weekday", "weekend"), ("day", "night"), ("daytime", "night-time"), ("morning", "evening"),
    ("summer", "winter"), ("indoor", "outdoor"), ("indoors", "outdoors"), ("upstairs", "downstairs"),
    ("manual", "automatic"), ("manually", "automatically"), ("fixed", "variable"), ("adult", "child"),
    ("sender", "recipient"), ("lender", "borrower"), ("odd", "even"), ("left", "right"),
    ("top", "bottom"), ("front", "back"), ("peak", "off-peak"), ("single", "return"), ("oral", "written"),
    # how a place or a task is
    ("quiet", "noisy"), ("quiet", "loud"), ("quiet", "busy"), ("crowded", "empty"), ("full", "empty"),
    ("clean", "dirty"), ("easy", "difficult"), ("easy", "hard"), ("simple", "complicated"),
    ("wide", "narrow"), ("deep", "shallow"), ("thick", "thin"), ("fresh", "frozen"),
    ("raw", "cooked"), ("warm", "cold"),
    # the middle of a closed scale is no end of it ("a medium heat" / "a high heat")
    ("medium", "high"), ("medium", "low"), ("medium", "large"), ("medium", "small"), ("medium", "mild"),
    ("medium", "hot"), ("medium", "strong"), ("medium", "weak"), ("mild", "cold"), ("mild", "harsh"),
    ("mild", "severe"),
    # within a period against after or before it ("during probation" / "after probation")
    ("during", "after"), ("during", "before"),
    # within a period or a zone against outside it ("outside the rush hours" / "during the rush hours")
    ("during", "outside"), ("within", "outside"),
    # going on against stopping
    ("continue", "stop"), ("keep", "stop"), ("continue", "cease"), ("resume", "suspend"),
    # keeping against dropping ("keeps support for" / "drops support for")
    ("keep", "drop"), ("retain", "drop"), ("keep", "remove"), ("retain", "remove"), ("add", "drop"),
    ("keep", "lose"), ("retain", "lose"), ("valid", "void"), ("valid", "expired"), ("valid", "cancelled"), ("keep", "return"), ("kept", "return"),
    # a particle's two ways ("move in" / "move out", "check in" / "check out"), like "on" / "off"
    ("in", "out"),
    # ahead of time against after it ("approved in advance" / "approved afterwards")
    ("advance", "afterwards"), ("beforehand", "afterwards"), ("advance", "retrospectively"),
    # bringing a thing in against doing away with it ("introduced in 2022" / "abolished in 2022")
    ("introduce", "abolish"), ("introduce", "scrap"), ("introduce", "withdraw"), ("introduce", "discontinue"),
    ("launch", "discontinue"), ("launch", "withdraw"), ("add", "abolish"),
    # adding against taking off ("added to the overall time" / "subtracted from it")
    ("add", "subtract"), ("add", "deduct"),
]
_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non-", "non")


def _key(word: str) -> str:
    """A form that a word and its stem share ("enable", "enabled" and "enabl"; "ban" and
    "banned", "permit" and "permitted")."""
    if word.lower().endswith("pply"):  # "supply", which the stemmer reads as an adverb ("supp")
        word = word[:-1] + "ies"
    key = stem(word).rstrip("e")
    if len(key) >= 4 and key[-1] == key[-2] and key[-1] not in "aeiouls":
        key = key[:-1]
    return key


def calendar_kind(word: str) -> int | None:
    """Which kind of calendar name the word is (a day, a season, a part of the day, a month),
    else None."""
    return next((k for k, rx in enumerate(_CALENDAR_KINDS) if rx.fullmatch(word.lower())), None)


#: words for one event that a time may be counted from: "the start" and "the race begins"
_SAME_EVENT = frozenset(frozenset((_key(stem(a)), _key(stem(b)))) for group in (
    "start begin beginning commence commencement outset kickoff",
    "end finish close closing conclusion completion",
    "purchase buy buying", "arrival arrive arriving", "departure depart departing leave leaving",
    "delivery deliver delivered receipt receive received")
    for a in group.split() for b in group.split() if a != b)


# keyed both from the words and from their stems: :func:`opposite_in_conjunct` passes
# stems ("clos"), which stem again to another key ("clo") than the word's ("clos")
_CONTRARY_KEYS = frozenset(frozenset((f(x), f(y))) for x, y in _CONTRARIES
                           for f in (_key, lambda w: _key(stem(w))))


#: colours: one said for another in the same place is another thing ("flashes green" / "flashes orange")
_COLOURS = frozenset("red orange yellow green blue purple violet pink white black grey gray brown amber".split())


def colour_swapped(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's colour, source's)`` when the claim gives a thing a colour the source never
    names, after a word the source follows with another colour ("flashes green" where "the
    light flashes orange"), or before a noun the source gives another colour ("a green light"
    where "an orange light")."""
    cw, sw = words(claim), words(source)
    for i, w in enumerate(cw):
        if w not in _COLOURS or w in sw:
            continue
        for j, x in enumerate(sw):
            if x in _COLOURS and x != w and (
                    (i > 0 and j > 0 and stem(cw[i - 1]) == stem(sw[j - 1]) and cw[i - 1] not in STOPWORDS)
                    or (i + 1 < len(cw) and j + 1 < len(sw) and stem(cw[i + 1]) == stem(sw[j + 1])
                        and cw[i + 1] not in STOPWORDS)):
                return w, x
    return None


@lru_cache(maxsize=65536)
def _contrary(a: str, b: str) -> bool:
    if frozenset((_key(a), _key(b))) in _CONTRARY_KEYS:
        return True
    # the same degree of two contraries: "largest" / "smallest", "thicker" / "thinner"
    da, db = _degree(a.lower()), _degree(b.lower())
    if da is not None and db is not None and da[1] == db[1] and frozenset((_key(da[0]), _key(db[0]))) in _CONTRARY_KEYS:
        return True
    return any(x == p + y and len(y) >= 4 for x, y in ((a, b), (b, a)) for p in _PREFIXES)


def _degree(word: str) -> tuple[str, str] | None:
    """``(plain form, ending)`` of a comparative or superlative ("largest" -> ("large", "est"),
    "biggest" -> ("big", "est"), "easier" -> ("easy", "er")), None for another word."""
    for end in ("est", "er"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            base = word[:-len(end)]
            if base[-1] == base[-2] and base[-1] not in "aeiouls":
                base = base[:-1]  # "biggest", "hotter", "thinner"
            elif base.endswith("i"):
                base = base[:-1] + "y"  # "easiest", "earlier"
            return base, end
    return None


_FOCUS = frozenset("only just also even".split())
#: contraries that are negations themselves
_NEGATING = frozenset(("without", "never", "nolonger"))
#: "no longer" is one word, the contrary of "still"
_NO_LONGER = re.compile(r"\bno\s+longer\b", re.IGNORECASE)
_NON = re.compile(r"\bnon-(?=[a-z])", re.IGNORECASE)


#: a day or period named relative to another: "the following Saturday" is "the Saturday after"
_RELATIVE_DAY = re.compile(r"\bthe\s+(?P<rel>following|next|previous|preceding)\s+(?P<day>(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
                           r"day|week|month|year|morning|evening|night|weekend)\b", re.IGNORECASE)


def _relative_day(text: str) -> str:
    return _RELATIVE_DAY.sub(lambda m: f"the {m.group('day')} "
                             + ("after" if m.group("rel").lower() in ("following", "next") else "before"), text)


def contrary(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim word, source word)`` when the claim is its aligned sentence with one word
    replaced by its opposite ("closed" for "open", "indirect" for "direct", "after" for
    "before") and its negations unchanged (a negation moved onto the opposite, "not open"
    for "closed", keeps the meaning and is not this). A short sentence all of whose other
    words the claim holds is read too ("Tuples are immutable." for "Python tuples are
    mutable", where "Python lists are mutable" shares more words)."""
    sent = aligned_sentence(claim, source)
    found = _contrary_in(claim, sent, source) if overlap(claim, sent) >= MIN_ALIGNED else None
    if found is not None:
        return found
    for a, b in sentences(source):
        other = source[a:b]
        if other != sent and len(content_words(other)) >= 2 and overlap(other, claim) >= 0.5:
            found = _contrary_in(claim, other, source)
            if found is not None:
                return found
    return None


def _contrary_in(claim: str, sent: str, source: str) -> tuple[str, str] | None:
    """:func:`contrary` against one sentence. A claim that closes or refuses the complement of
    what the sentence keeps to with "only" says the same ("closed at weekends" for "runs on
    weekdays only")."""
    if closes_the_rest(claim, sent):
        return None
    # focus words do not change what is turned around: "without a receipt" against "only with a receipt"
    # ("non-subscribers" is one word, the contrary of "subscribers")
    # (verbs of becoming are one: "gets shorter" turns "grows taller")
    cw, sw = ([_BECOMING.get(w, w) for w in words(_NON.sub("non", _NO_LONGER.sub("nolonger", _relative_day(text))))
               if w not in _FOCUS] for text in (claim, sent))
    ops = difflib.SequenceMatcher(None, cw, sw, autojunk=False).get_opcodes()
    # (the source's opposite may come with words the claim leaves out, as a claim may leave
    # out any: "during rush hours" against "outside the morning and evening rush hours")
    # (or last, after words the claim leaves out: "lengthen cooking times" against "raise the
    # boiling point, which shortens cooking times")
    hits = [(cw[i1], sw[j]) for k, (op, i1, i2, j1, j2) in enumerate(ops)
            if op == "replace" and i2 - i1 == 1 and j2 - j1 >= 1
            for j in ((j1,) if _contrary(cw[i1], sw[j1]) else (j2 - 1,) if _contrary(cw[i1], sw[j2 - 1]) else ())
            if _read_on(ops[k + 1:], cw, sw)]
    others = [op for op in ops if op[0] in ("replace", "delete") and
              not (op[0] == "replace" and op[2] - op[1] == 1
                   and (_contrary(cw[op[1]], sw[op[3]]) or _contrary(cw[op[1]], sw[op[4] - 1])))]
    # the opposite is the claim's one change: nothing else of the claim differs in meaning,
    # and its negations are the same but for the opposite itself ("without" for "with")
    # (words the claim adds that the source has elsewhere set the scene: "Members pay 12 EUR
    # per hour for a court" where "Non-members pay 12 EUR per hour" and courts are booked)
    elsewhere = {stem(w) for w in words(source)} - {stem(w) for w in sw}
    # ("After probation, the notice is a month" for "During probation, ... a week; afterwards a month")
    if len(hits) == 1 and {hits[0][0], hits[0][1]} <= _PHASES and (back := PHASE_BACK.search(sent.lower())):
        # ... when the claim says what the part after "afterwards" says, more than the part before
        # (or what it says that the part before does not: "afterwards it rises to one month")
        mine = _valued_words(claim) - _PHASES
        later, earlier = _valued_words(sent[back.start():]), _valued_words(sent[:back.start()])
        if len(mine & later) >= len(mine & earlier) or (mine - earlier and mine - earlier <= later):
            return None
    # the claim speaks of the other side of a bound the sentence is said past ("Up to ten sick days
    # a year are paid" for "Sick days beyond that are unpaid")
    if len(hits) == 1 and other_side_of_bound(claim, sent):
        return None
    if len(hits) == 1 and all(all(w in STOPWORDS or (op[0] == "delete" and stem(w) in elsewhere)
                                  for w in cw[op[1]:op[2]]) for op in others) \
            and negation_count(claim) - (hits[0][0] in _NEGATING) == negation_count(sent) - (hits[0][1] in _NEGATING):
        a, b = hits[0]
        return _as_written(a, claim), _as_written(b, sent)
    return None


_VALUE_WORDS = frozenset("one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty "
                         "forty fifty hundred half double twice".split())


def _valued_words(text: str) -> frozenset[str]:
    """The content words of ``text`` with its numbers and number words ("12", "three")."""
    return content_words(text) | {w for w in words(text) if w[:1].isdigit() or w in _VALUE_WORDS}


def other_side_of_bound(claim: str, sentence: str) -> bool:
    """The sentence speaks of what lies past a bound ("Sick days beyond that are unpaid") and the
    claim of what lies within it ("Up to ten sick days a year are paid")."""
    return bool(_BEYOND_BOUND.search(sentence) and _WITHIN_BOUND.search(claim))


_BEYOND_BOUND = re.compile(r"\b(?:beyond|over|above|more\s+than|after|past)\s+(?:that|this|it|these|those|\d)", re.IGNORECASE)
_WITHIN_BOUND = re.compile(r"\b(?:up\s+to|at\s+most|no\s+more\s+than|within|under|below|the\s+first)\b", re.IGNORECASE)
#: words for the phases of something: "before", "during", "after" it
_PHASES = frozenset("before during after".split())
_BECOMING = {w: "become" for w in "get gets got getting grow grows grew growing become becomes became becoming "
             "turn turns turned turning".split()}


def _as_written(word: str, text: str) -> str:
    """A word :func:`contrary` joined back as the text writes it ("non-members", "no longer")."""
    if word == "nolonger":
        return "no longer"
    if word.startswith("non") and re.search(r"\bnon-" + re.escape(word[3:]) + r"\b", text, re.IGNORECASE):
        return "non-" + word[3:]
    return word


def _read_on(after: Sequence[tuple[str, int, int, int, int]], cw: list[str], sw: list[str]) -> bool:
    """The claim's words after its opposite run on as the sentence's do, up to its next
    content word: "ends on 31 January" is no opposite of "starts on 2 January and runs until
    31 January", where the source puts other words between the opposite and the date."""
    for op, i1, i2, j1, j2 in after:
        if op == "equal":
            if any(w not in STOPWORDS for w in cw[i1:i2]):
                return True
        elif op == "insert" and sum(w not in STOPWORDS for w in sw[j1:j2]) == 1:
            continue  # a word the claim leaves out before its next one: "the busy summer months"
        elif any(w not in STOPWORDS for w in sw[j1:j2]):
            return False
    return True


#: clauses of a sentence, each read for its own denial
DENIAL_CLAUSE = re.compile(r";\s+|,\s+(?:but|while|whereas|and|so)\s+|\s+but\s+", re.IGNORECASE)
_TOGETHER_WITH = re.compile(r"\btogether\s+with\b", re.IGNORECASE)


def denied_reworded(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's verb, clause)`` when a source clause denies its verb and the claim, which
    denies nothing, is that clause with another verb in the denied one's place and every
    other word the same: "Electrical appliances are collected with bulky waste" where
    "Electrical appliances are not taken with bulky waste". The same frame with a verb of
    like meaning affirmed says what the source denies; its contrary ("is shut" for "does
    not open") says the same. A claim that adds or drops a word is left to the other checks."""
    if negation_count(claim) or NEGATIVE_MEANING & set(words(claim)):
        return None
    read = uses(_TOGETHER_WITH.sub("with", claim))
    mine = [w for w, _ in read]
    if any(p != "+" for _, p in read) or len(mine) < 3:
        return None
    spans = sentences(source)
    # (a word another sentence affirms with the denied one names that sentence's case, no verb
    # put for the denied one: "score from a corner" where "A goal from a corner kick counts. A
    # goal from an indirect free kick does not count")
    plus = [frozenset(w for w, p in uses(source[a:b]) if p == "+") for a, b in spans]
    for i, (s, e) in enumerate(spans):
        affirmed = plus[:i] + plus[i + 1:]
        for clause in _subjects_given(DENIAL_CLAUSE.split(source[s:e])):
            theirs = uses(_TOGETHER_WITH.sub("with", clause))
            heads = [i for i, (_, p) in enumerate(theirs) if p == "-"]
            if len(heads) != 1 or len(theirs) < len(mine):
                continue
            # the sentence may name its subject more fully ("Tickets for the museum's special
            # exhibition" for "Tickets for the special exhibition"): what follows is the same
            k = heads[0]
            shift = len(theirs) - len(mine)
            if k - shift < 1 or not _subsequence(mine[:k - shift], [w for w, _ in theirs[:k]]):
                continue
            theirs, k = tuple((w, "+") for w in mine[:k - shift]) + tuple(theirs[k:]), k - shift
            # a denied motion away from a place is staying there ("must stay in the library" for
            # "cannot be taken out of the library"): the claim's verb, with no way out, says the same
            if _AWAY_FROM.search(clause) and not _AWAY_FROM.search(claim):
                continue
            if all(a == b for i, (a, (b, _)) in enumerate(zip(mine, theirs)) if i != k) \
                    and mine[k] != theirs[k][0] and mine[k] not in {w for w, _ in theirs} \
                    and not any({mine[k], theirs[k][0]} <= other for other in affirmed) \
                    and not (_contrary(mine[k], theirs[k][0])  # "shut" where "does not open"
                             # ... but a ticket bought is a ticket sold: "can be bought at the door"
                             # where "are not sold at the door"
                             and frozenset((_key(mine[k]), _key(theirs[k][0]))) not in _CONVERSES):
                return surface(mine[k], claim), clause.strip()
    return None


_AWAY_FROM = re.compile(r"\b(?:out\s+of|away\s+from|off|outside)\b", re.IGNORECASE)
#: a clause that opens with its verb after "and": "must be booked online | and are not sold at
#: the door"
_AND_VERB = re.compile(r",?\s+and\s+(?=(?:is|are|was|were|can|cannot|may|must|will)\b)", re.IGNORECASE)


def _subjects_given(clauses: list[str]) -> list[str]:
    """The clauses, each cut again at "and" before a verb, a part that opens with its verb
    given the subject of the clause it follows ("Tickets ... are not sold at the door")."""
    out: list[str] = []
    for clause in clauses:
        parts = _AND_VERB.split(clause)
        subject = subject_of(parts[0]) if len(parts) > 1 else None
        out.append(parts[0])
        out += [f"{subject.strip()} {p}" if subject else p for p in parts[1:]]
    return out


def stated_contrary(word: str, claim: str, source: str) -> bool:
    """A source sentence that shares another of the claim's content words says the contrary
    of ``word`` without a negation: "does not open on Sundays" where "It is closed on
    Sundays", though another sentence says the library is open on weekdays."""
    key = stem(word)
    others = content_words(claim) - {key}
    for s, e in sentences(source):
        sent = source[s:e]
        if negation_count(sent) or not others & content_words(sent):
            continue
        if any(_contrary(word, w) for w in words(sent)):
            return True
    return False


_ONLY_WORD = re.compile(r"\bonly\b", re.IGNORECASE)


def only_complement(claim: str, sentence: str) -> bool:
    """The sentence allows something only on one side ("lorries may only unload before 10
    a.m.") and the claim names the other side ("may not unload after 10 a.m."): its denial
    restates the "only"."""
    m = _ONLY_WORD.search(sentence)
    if m is None:
        return False
    theirs = set(words(sentence[m.end():]))
    # ... or a value the "only" bound leaves out: "Year 9 pupils may not leave" for "may leave
    # only if they are in year 10 or above"
    return any(_contrary(a, b) for a in set(words(claim)) - theirs for b in theirs) \
        or fails_bound(claim, sentence[m.start():])


#: "parts only for the second year": a thing kept to a case, which leaves the others out of it
_KEPT_ONLY = re.compile(r"\b(?P<kept>[a-z]+)\s+only\s+(?:for|in|on|during|at|from|after)\s+(?P<case>[^,.;]+)", re.IGNORECASE)


def only_kept_item(claim: str, sentence: str) -> bool:
    """The sentence keeps one thing to a case ("parts and labour for the first year and parts
    only for the second year") and the claim denies another of its things in that case ("In
    the second year, labour is not covered"): its denial restates the "only"."""
    mine = {stem(w) for w in content_words(claim)}
    said = {stem(w) for w in content_words(sentence)}
    for m in _KEPT_ONLY.finditer(sentence):
        case = {stem(w) for w in content_words(m.group("case"))}
        if case and case <= mine and stem(m.group("kept").lower()) not in mine and mine <= said:
            return True
    return False


#: a bound of a span and what lies past it: "until 5 a.m." ends what "after 5 a.m." lies past
_PAST_SIDE = re.compile(r"\b(?P<way>after|past|beyond|later\s+than|before|earlier\s+than)\s+(?P<what>[\w.:]+(?:\s+[\w.]+)?)",
                        re.IGNORECASE)
_ENDS_AT = r"(?:until|till|to|before|by|up\s+to)"
_STARTS_AT = r"(?:from|after|since)"


def past_the_span(claim: str, sentence: str) -> bool:
    """The claim denies something past an end the sentence gives it ("does not run after 5
    a.m." where "runs ... until 5 a.m."), or before its start ("is not open before 9" where
    "open from 9"): its denial restates the span."""
    for m in _PAST_SIDE.finditer(claim):
        bound = _ENDS_AT if m.group("way").lower() in ("after", "past", "beyond") or m.group("way").lower().startswith("later") \
            else _STARTS_AT
        what = re.escape(m.group("what").strip(" ."))
        if re.search(rf"\b{bound}\s+{what}", sentence, re.IGNORECASE):
            return True
    return False


_JOINED_TAIL = re.compile(r",?\s+(?:or|and)\s+(?P<tail>[^,;.]{2,60})[.!]?\s*$", re.IGNORECASE)
_BOUND_TAIL = re.compile(r"(?:less|more|fewer|above|below|over|under|later|earlier|longer|shorter|higher|"
                         r"lower|older|younger|greater|smaller|larger|so|thereabouts|similar|equivalent|newer|"
                         r"up|down|beyond)", re.IGNORECASE)
#: how much of the claim before its joined tail the sentence it restates must hold
MIN_HEAD_COVERED = 0.8


#: the share of a joined tail's words (of three or more) the source may hold for it to be added
MAX_TAIL_FOUND = 1 / 3


def added_tail(claim: str, source: str) -> str | None:
    """The last item the claim joins on with "or"/"and" ("... can be booked online or at a
    post office", "... took place on 14 July 1789 and was led by Robespierre") when the
    source mentions none of its words (or, of three or more, one in three) while a sentence
    of the source holds the rest of the claim: an alternative or a fact added to what the
    source says."""
    m = _JOINED_TAIL.search(claim.strip())
    if m is None or _BOUND_TAIL.fullmatch(m.group("tail").strip()):
        return None  # "500 EUR or less", "aged 65 and over": a bound, not an added item
    tail, head = m.group("tail"), claim.strip()[:m.start()]
    said = normed_words(tail) - NEGATIONS  # "without interruption" meets "not be interrupted"
    # at most one word in three of a longer tail may be the source's ("and children enter
    # free" beside "admission is free on Sundays": the children are the claim's own)
    found = said & normed_words(source)
    if not said or (found and (len(said) < 3 or len(found) > MAX_TAIL_FOUND * len(said))) \
            or len(content_words(head)) < 3:
        return None
    if overlap(head, aligned_sentence(head, source)) < MIN_HEAD_COVERED:
        return None
    return tail.strip()


#: a place said to be closed for a whole day: "is closed on public holidays", "are closed on Sundays"
_CLOSED_ON = re.compile(r"\b(?:is|are|will\s+be|remains?|stays?)\s+closed\s+(?:all\s+day\s+)?(?:on|during|over)\s+"
                        r"(?P<when>[^,.;]+)", re.IGNORECASE)
#: hours of a day: "closes at 6 p.m.", "opens at 7 a.m.", "is open from 9 to 5"
_HOURS_OF = re.compile(r"\b(?:opens?|closes?|open|shuts?)\b(?:(?!\bclosed\b)[^.;])*?(?:\d{1,2}(?:[:.]\d{2})?\s*"
                       r"(?:a\.?m\b\.?|p\.?m\b\.?)|\bnoon\b|\bmidnight\b|\b\d{1,2}[:.]\d{2}\b)", re.IGNORECASE)
_DAY_NAMES = frozenset(stem(d) for d in (*WEEKDAYS, "weekend", "weekends"))
_EVERY_DAY = re.compile(r"\b(?:every\s+day|daily|seven\s+days\s+a\s+week|7\s+days\s+a\s+week)\b", re.IGNORECASE)


def closed_with_hours(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's words, source's)`` when the claim says a place is closed on a day ("closed
    on public holidays") and a sentence of the source gives it hours that day ("closes at 6
    p.m. on Sundays and public holidays", "opens at 7 a.m. every day"): a closing time is no
    closed day."""
    m = _CLOSED_ON.search(claim)
    if m is None or negation_count(claim) or any(q.unit == "o'clock" for q in quantities(claim)):
        return None
    when = content_words(m.group("when"))
    if not when:
        return None
    for s, e in sentences(source):
        for part in re.split(r";\s+", source[s:e]):
            hours = _HOURS_OF.search(part)
            if hours is None or re.search(r"\bclosed\b", part, re.IGNORECASE):
                continue
            if when <= content_words(part) or (_EVERY_DAY.search(part) and {stem(w) for w in when} <= _DAY_NAMES):
                return m.group(0).strip(), part.strip(" .")
    return None


_CALENDAR_NAME = r"(?:" + "|".join(MONTHS + WEEKDAYS) + r")s?"
#: a span of named months or days: "from April to January", "Monday to Friday", "between May and September"
_CALENDAR_RANGE = re.compile(rf"\b(?:(?:from\s+)?(?P<a>{_CALENDAR_NAME})\s+(?:to|until|till|through|[-–])\s+(?P<b>{_CALENDAR_NAME})"
                             rf"|between\s+(?P<c>{_CALENDAR_NAME})\s+and\s+(?P<d>{_CALENDAR_NAME}))\b", re.IGNORECASE)
#: the least number of the claim's other content words that the sentence giving a span shares
MIN_RANGE_SHARED = 2


def _calendar_ranges(text: str) -> list[tuple[str, str, str]]:
    """(first, last, the words) of each span of named months or days of ``text``."""
    return [((m.group("a") or m.group("c")).lower().rstrip("s"), (m.group("b") or m.group("d")).lower().rstrip("s"),
             m.group(0)) for m in _CALENDAR_RANGE.finditer(text)]


def calendar_range_changed(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's span, source's)`` when the claim gives a span of named months or days
    ("from January to October") and the sentences of the source about the same thing
    (sharing two of its other words) give that kind of span only otherwise ("from April to
    January")."""
    mine = _calendar_ranges(claim)
    if not mine:
        return None
    rest = content_words(_CALENDAR_RANGE.sub(" ", claim))
    theirs = [r for a, b in sentences(source) for r in _calendar_ranges(source[a:b])
              if len(rest & content_words(_CALENDAR_RANGE.sub(" ", source[a:b]))) >= MIN_RANGE_SHARED]
    for first, last, said in mine:
        kind = first in WEEKDAYS
        alike = [r for r in theirs if (r[0] in WEEKDAYS) == kind]
        if alike and not any((first, last) == (r[0], r[1]) for r in alike):
            return said, alike[0][2]
    return None


#: a thing kept for some: "the sauna is for adults only", "the car park is reserved for staff",
#: "the lounge is restricted to members"
_KEPT_FOR = re.compile(r"(?:^|,\s*(?:and|but)\s+|;\s*|\band\s+)(?:(?:access|entry|admission)\s+to\s+)?"
                       r"(?P<x>(?:the\s+)?[a-z][\w'-]*(?:\s+[\w'-]+){0,3}?)\s+(?:is|are)\s+"
                       r"(?:(?:only|exclusively)\s+for|for|reserved\s+(?:exclusively\s+)?for|restricted\s+to|"
                       r"open\s+only\s+to)\s+(?P<y>[\w'-]+(?:\s+[\w'-]+){0,2}?)(?P<only>\s+only)?\s*(?=[,.;]|$)", re.IGNORECASE)
_MAY_USE = re.compile(r"^(?P<z>.+?)\s+(?:may|can|are\s+allowed\s+to|is\s+allowed\s+to|are\s+welcome\s+to)\s+"
                      r"(?:use|enter|visit|go\s+in(?:to)?|access|swim\s+in|book)\b", re.IGNORECASE)


#: a passive with its agent: "Fuel for private trips | is paid | by the employee"
_PASSIVE_BY = re.compile(r"^(?P<obj>.{3,80}?)\s+(?:is|are|was|were|will\s+be|must\s+be|should\s+be|can\s+be|gets?)\s+"
                         r"(?:only\s+)?(?P<verb>[a-z]{3,}ed|paid|made|sent|bought|sold|held|kept|given|taken|done|chosen|"
                         r"set|run|borne|met|covered)\s+by\s+(?P<agent>(?:the|a|an|their|its|each|every)?\s*[a-z-]+(?:\s+[a-z-]+)?)",
                         re.IGNORECASE)
#: the base of an irregular participle, for a claim's active verb ("pays" for "paid")
_PARTICIPLE_BASE = {"paid": "pay", "made": "make", "sent": "send", "bought": "buy", "sold": "sell", "held": "hold",
                    "kept": "keep", "given": "give", "taken": "take", "done": "do", "chosen": "choose", "run": "run",
                    "borne": "bear", "met": "meet", "set": "set"}


def agent_swapped(claim: str, source: str) -> tuple[str, str] | None:
    """``(the claim's subject, sentence)`` when the claim says one party does what a source
    sentence says, in the passive, another party does: "The company pays for fuel on private
    trips" where "Fuel for private trips is paid by the employee". The claim's other words must
    be the passive's object, and its subject none of the agent's words."""
    subject = subject_of(claim)
    if not subject or negation_count(claim) or re.search(r"\d|-year-old|\baged?\b", subject):
        return None  # ("A 17-year-old can cancel it" where "cancelled by the minor": a case of the agent)
    mine = content_words(subject)
    rest = content_words(claim[len(subject):])
    for a, b in sentences(source):
        m = _PASSIVE_BY.match(source[a:b].strip())
        if m is None:
            continue
        verb = m.group("verb").lower()
        base = _PARTICIPLE_BASE.get(verb, verb[:-2] if verb.endswith("ed") else verb)
        acts = {w for w in rest if stem(w) == stem(base) or w.startswith(base[:4])}
        agent = content_words(m.group("agent"))
        # (a sentence that names the claim's subject too gives it a part of its own: "...; smaller
        # ones by the team lead")
        if not acts or not agent or _stems(mine) & _stems(content_words(source[a:b])):
            continue
        objects = rest - acts
        if objects and len(objects & content_words(m.group("obj"))) >= max(1, (len(objects) + 1) // 2):
            return subject.strip(), source[a:b].strip()
    return None


def _stems(found: Collection[str]) -> set[str]:
    return {stem(w) for w in found}


def reserved_for_other(claim: str, source: str) -> tuple[str, str] | None:
    """``(the claim's subject, the source's words)`` when the claim lets someone use a thing
    ("Children may use the sauna") that the source keeps for others ("the sauna is for adults
    only", "reserved for members"): what the source says of the others, said of them."""
    m = _MAY_USE.match(claim.strip())
    if m is None or negation_count(claim):
        return None
    z = content_words(m.group("z"))
    rest = content_words(claim[m.end():])
    for s, e in sentences(source):
        for k in _KEPT_FOR.finditer(source[s:e]):
            said = k.group(0).lower()
            if not (k.group("only") or "reserved" in said or "restricted" in said or "only" in said):
                continue
            x, y = content_words(k.group("x")), content_words(k.group("y"))
            if z and x and x <= rest and not z & y:
                return m.group("z").strip(), source[s:e][k.start("x"):k.end()].strip()
    return None


#: at once, against a time the source puts it off to
_IMMEDIATE = re.compile(r"\b(?:immediately|instantly|at\s+once|straight\s+away|right\s+away|on\s+the\s+spot|"
                        r"the\s+same\s+day|same-day)\b", re.IGNORECASE)
_DEFERRED = re.compile(r"\b(?:at\s+the\s+end\s+of|after|within|from\s+the\s+(?:next|following|start\s+of)|"
                       r"on\s+the\s+(?:next|following)|at\s+the\s+(?:next|following|start\s+of)|"
                       r"the\s+(?:next|following)\s+(?:day|week|month|working\s+day|business\s+day)|"
                       r"in\s+\d+\s+(?:working\s+|business\s+)?(?:days|weeks|hours)|later)\b[^,;.]*", re.IGNORECASE)
#: how much of the claim, its "immediately" aside, the deferring clause must hold
MIN_DEFERRED_OVERLAP = 0.6


def deferred(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's word, source's words)`` when the claim says a thing happens at once
    ("Cancellations take effect immediately") and the clause of the source that says the rest
    of it puts it off ("take effect at the end of the current billing period")."""
    m = _IMMEDIATE.search(claim)
    if m is None or _DEFERRED.search(claim):
        return None
    rest = claim[: m.start()] + " " + claim[m.end():]
    if len(content_words(rest)) < 2:
        return None
    for s, e in sentences(source):
        for part in re.split(r";\s+|,\s+(?:and|but)\s+", source[s:e]):
            later = _DEFERRED.search(part)
            if later is not None and not _IMMEDIATE.search(part) and overlap(rest, part) >= MIN_DEFERRED_OVERLAP \
                    and negation_count(part) == negation_count(claim):
                return m.group(0), later.group(0).strip()
    return None


#: what the claim grants outside a set: "in lessons other than PE", "except on Sundays"
_OTHER_THAN = re.compile(r"\b(?:other\s+than|apart\s+from|besides|outside(?:\s+of)?)\s+(?P<x>[^,;.]{2,40})", re.IGNORECASE)


def outside_only(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's words, source's)`` when the claim says of what lies outside a set ("in
    lessons other than PE") what a source sentence allows only within it ("may only be worn
    during PE lessons")."""
    m = _OTHER_THAN.search(claim)
    if m is None or negation_count(claim):
        return None
    x = content_words(m.group("x"))
    rest = claim[: m.start()] + " " + claim[m.end():]
    if not x:
        return None
    for s, e in sentences(source):
        sent = source[s:e]
        only = re.search(r"\bonly\b([^,;.]*)", sent, re.IGNORECASE)
        if only is None or negation_count(sent) or not x <= content_words(only.group(1)):
            continue
        if overlap(rest, sent) >= MIN_DEFERRED_OVERLAP:
            return m.group(0).strip(), ("only" + only.group(1)).strip()
    return None


#: a set a clause keeps something to: "in maths papers only", "only on weekdays", "for staff only"
_SET_ONLY_AFTER = re.compile(r"\b(?P<prep>in|on|for|at|during|to|by|with|from)\s+(?P<ph>[a-z0-9' -]{1,40}?)\s+only\b")
_SET_ONLY_BEFORE = re.compile(r"\bonly\s+(?:(?:be\s+)?(?:allowed|permitted|used|available|accepted|worn|open|valid|sold|served|"
                              r"possible|offered|given)\s+)?(?P<prep>in|on|for|at|during|to|by|with|from)\s+(?P<ph>[^,;.]{1,40})")
_SET_ONLY_CLAUSE = re.compile(r";|,\s+(?:and|but|while|whereas)\s+|\.\s+")
#: a phrase of the claim that names days: "on a Tuesday evening", "at weekends"
_DAY_PHRASE = re.compile(r"\b(?:on|at|during|over)\s+(?P<ph>(?:an?\s+|the\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|"
                         r"weekends?|weekdays?)(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?)\b")
#: prepositions that name the same place ("taken into the front coach" for "allowed in it")
_SAME_PREPOSITION = {"in": "in|into|inside", "on": "on|onto", "to": "to|into"}
#: words that say only whether a thing is allowed or done: no word of the clause to find
_ONLY_NEUTRAL = normed_words("cannot allowed allow permitted permit used use can may not year old")
#: the least share of the claim's other words the "only" clause must hold
MIN_ONLY_HELD = 0.5


@dataclass(frozen=True)
class OnlyCase:
    """A case the claim names against a set a source clause keeps something to."""

    named: str  # the claim's words for the case ("a history paper")
    kept: str  # the clause's set ("maths papers")
    inside: bool  # the case is in the set
    holds: bool  # the claim says of it what the clause says of the set, or denies it outside
    clause: str


@lru_cache(maxsize=4096)
def only_case(claim: str, source: str) -> OnlyCase | None:
    """The case the claim names with the preposition of a set a source clause keeps something
    to ("Calculators are allowed in maths papers only" for "A calculator cannot be used in a
    history paper"): of the set's kind (it shares the set's head word, or names days) and in it
    or not, the claim's other words mostly the clause's. Outside the set the claim must deny
    what the clause allows; inside it, say it."""
    low = claim.lower()
    for s, e in sentences(source):
        for clause in _SET_ONLY_CLAUSE.split(source[s:e].lower()):
            for m in [*_SET_ONLY_AFTER.finditer(clause), *_SET_ONLY_BEFORE.finditer(clause)]:
                kept = {stem(w) for w in content_words(m.group("ph"))}
                if not kept:
                    continue
                # the claim's phrase after the same preposition, or its days against the set's days
                prep = _SAME_PREPOSITION.get(m.group("prep"), m.group("prep"))
                mine = re.search(rf"\b(?:{prep})\s+(?P<ph>[a-z0-9' -]{{1,40}}?)(?=\s*(?:[,.;]|$)|\s+(?:and|but|if|when|unless|only)\b)",
                                 low)
                if mine is None and days_named(m.group("ph")):
                    mine = _DAY_PHRASE.search(low)
                if mine is None:
                    continue
                named = {stem(w) for w in content_words(mine.group("ph"))}
                days, their_days = days_named(mine.group("ph")), days_named(m.group("ph"))
                if days and their_days:
                    inside = days <= their_days
                elif named & kept and named - kept:
                    if any(stem(w) in named - kept for w in content_words(source)):
                        continue  # the source names the claim's case itself: read there
                    inside = False
                elif named and named <= kept:
                    inside = True
                else:
                    continue
                rest = normed_words(low[: mine.start()] + " " + low[mine.end():]) - _ONLY_NEUTRAL
                held = rest & normed_words(clause)
                if not rest or len(held) < MIN_ONLY_HELD * len(rest):
                    continue
                if (rest - held) & normed_words(source.lower().replace(clause, " ")):
                    continue  # the claim speaks of what another sentence says: "the side door"
                denies = negation_count(NEGATED_BOUND.sub(" ", low)) % 2 == 1
                said = negation_count(NEGATED_BOUND.sub(" ", clause)) % 2 == 1
                return OnlyCase(mine.group("ph").strip(), m.group("ph").strip(), inside,
                                (denies == said) == inside, clause.strip())
    return None


#: the means, channel or place a thing is done by, in groups of words that name the same one:
#: a claim that names one where the source names none of its group invents how it is done
_MEANS_GROUPS: tuple[frozenset[str], ...] = tuple(frozenset(g.split()) for g in (
    # ("direct debit" is drawn from the bank, no card)
    "cash", "card cards credit contactless", "cheque cheques check checks", "transfer transfers bank debit",
    "voucher vouchers coupon coupons credit", "paypal", "phone telephone call calls calling hotline",
    "email e-mail emails mail", "post postal mail letter letters", "fax", "text sms",
    "online internet website web app portal", "person counter desk store shop branch office",
    "home house doorstep"))
_MEANS_WORDS = frozenset().union(*_MEANS_GROUPS)
_MEANS = re.compile(r"\b(?:in|by|via|through|over|with|using|as|at)\s+(?:a\s+|an\s+|the\s+)?(?:[a-z'’-]+\s+)?"
                    r"(?P<means>" + "|".join(sorted(_MEANS_WORDS, key=len, reverse=True)) + r")\b", re.IGNORECASE)


#: an amount said to be whole: "returned in full", "a full refund", "the entire deposit"
_IN_FULL = re.compile(r"\bin\s+full\b|\bfull\s+(?:refund|amount|price|deposit|fee|sum)\b|\b(?:the\s+)?(?:whole|entire)\s+"
                      r"(?:amount|deposit|fee|sum|price|cost)\b", re.IGNORECASE)
#: a deduction from an amount: "minus any repair costs", "less a 10% fee", "after deducting"
_DEDUCTED = re.compile(r"\b(?:minus|less(?!\s+than\b)|after\s+deducting|after\s+deductions?\s+(?:of|for)|deducting|"
                       r"net\s+of|with\s+(?:a|any)\s+deduction\s+(?:of|for))\s+(?P<x>[^,;.]{3,60})", re.IGNORECASE)


#: the share of the claim's other words the sentence with the deduction holds
MIN_DEDUCTED_SHARED = 0.5


def full_but_deducted(claim: str, source: str) -> str | None:
    """What the source deducts ("any repair costs") from an amount the claim says is paid in
    full ("The deposit is returned in full"), in the sentence the claim restates (half its
    other words), which says nothing of it in full itself."""
    m = _IN_FULL.search(claim)
    if m is None or negation_count(claim):
        return None
    rest = claim[: m.start()] + " " + claim[m.end():]
    for s, e in sentences(source):
        sent = source[s:e]
        cut = _DEDUCTED.search(sent)
        if cut is not None and not _IN_FULL.search(sent) and overlap(rest, sent) >= MIN_DEDUCTED_SHARED:
            return cut.group("x").strip()
    return None


def added_means(claim: str, source: str) -> str | None:
    """The means the claim says a thing is done by ("refunded in cash", "filed by phone")
    when the source names nothing of its kind (:data:`_MEANS_GROUPS`) while its sentence
    holds the rest of the claim: how it is done, invented."""
    said = {w.lower() for w in re.findall(r"[A-Za-z-]+", source)}
    for m in _MEANS.finditer(claim):
        means = m.group("means").lower()
        if any(means in g and g & said for g in _MEANS_GROUPS):
            continue
        rest = (claim[: m.start()] + " " + claim[m.end():]).strip()
        if len(content_words(rest)) >= 2 and overlap(rest, aligned_sentence(rest, source)) >= MIN_HEAD_COVERED:
            return m.group(0).strip()
    return None


#: where a noun phrase ends: punctuation, or a preposition or conjunction that starts what follows
_PHRASE_END = r"(?=\s*(?:[.,;:!?)]|$)|\s+(?:to|for|on|at|in|with|when|if|and|or|but|because|from|by|each|every|per)\b)"
#: a thing handed out by whoever runs it: "Packed lunches are provided", "Helmets are supplied"
_HANDED_OUT = re.compile(r"\b(?P<thing>[a-z-]+)\s+(?:is|are|will\s+be|get|gets)\s+(?:always\s+|also\s+)?"
                         r"(?:provided|supplied|handed\s+out|lent|given\s+out|laid\s+on|reimbursed|refunded|paid\s+back|"
                         r"covered\s+by\s+the\s+(?:company|employer|school|organi[sz]ers?|club|council))\b|"
                         r"\b(?:provides?|supplies|supply|hands?\s+out|lends?)\s+(?:free\s+)?(?:[a-z-]+\s+){0,2}?(?P<object>[a-z-]+)"
                         + _PHRASE_END, re.IGNORECASE)
#: a thing the person must bring themselves: "must bring their own packed lunch", "bring a towel"
_BROUGHT = re.compile(r"\b(?P<bought>[a-z-]+)\s+(?:must|have\s+to|has\s+to|need\s+to|needs\s+to)\s+be\s+"
                      r"(?:bought|purchased|brought|paid\s+for)\b|"
                      r"\b(?:bring|brings|supply|supplies|provide|provides|pay|pays|pay\s+for|pays\s+for|cover|covers|"
                      r"buy|buys)\s+(?:their|your|his|her|our)\s+own\s+"
                      r"(?:[a-z-]+\s+){0,2}?(?P<own>[a-z-]+)" + _PHRASE_END + "|"
                      r"\b(?:must|should|need\s+to|needs\s+to|have\s+to|has\s+to|are\s+expected\s+to|are\s+asked\s+to)\s+"
                      r"bring\s+(?!(?:their|your|his|her|our)\s+own\b)(?:a\s+|an\s+|some\s+)?(?:[a-z-]+\s+){0,2}?(?P<thing>[a-z-]+)"
                      + _PHRASE_END, re.IGNORECASE)


def _things(rx: re.Pattern[str], text: str) -> set[str]:
    return {stem(m.group(g).lower()) for m in rx.finditer(text) for g in rx.groupindex if m.group(g)}


def supplier_swapped(claim: str, source: str) -> tuple[str, str, str] | None:
    """``(thing, the claim's way, sentence)`` when the claim says people bring a thing themselves ("Pupils
    must bring their own packed lunch") where a source sentence says it is provided
    ("Packed lunches are provided"), or the other way round; neither side denied."""
    if negation_count(claim):
        return None
    mine_brought, mine_handed = _things(_BROUGHT, claim), _things(_HANDED_OUT, claim)
    # a source that says both of the thing ("towels are provided at the beach; bring your own
    # to the pool") leaves it to where
    mine_brought = {a for a in mine_brought if not any(_one_word(a, b) for b in _things(_BROUGHT, source))}
    mine_handed = {a for a in mine_handed if not any(_one_word(a, b) for b in _things(_HANDED_OUT, source))}
    for s, e in sentences(source):
        sent = source[s:e]
        if negation_count(sent):
            continue
        for way, mine, theirs in (("left to people themselves", mine_brought, _things(_HANDED_OUT, sent)),
                                  ("provided or paid back", mine_handed, _things(_BROUGHT, sent))):
            both = sorted(a for a in mine for b in theirs if _one_word(a, b))
            if both:
                return next((w for w in words(claim) if stem(w) == both[0]), both[0]), way, sent.strip()
    return None


_INSTEAD = re.compile(r"\b(?:instead of|in place of|rather than|as well as|alongside)\s+(?P<x>[^,;.]{3,60})",
                      re.IGNORECASE)
_ONLY = re.compile(r"\bonly\s+(?P<x>[^,;.]{3,60})", re.IGNORECASE)
_ONLY_AFTER = re.compile(r"(?P<x>(?:[\w'-]+\s+){1,4})only\b", re.IGNORECASE)  # "distilled water only"


def beside_only(claim: str, source: str) -> str | None:
    """The thing the claim offers something beside ("vinegar may be used instead of the
    manufacturer's descaling solution") when the source allows only that thing ("use only
    the manufacturer's descaling solution"), and the source mentions the claim's other
    thing (so the claim is about it, not about something the source never names)."""
    m = _INSTEAD.search(claim)
    if m is None:
        return None
    x = content_words(m.group("x"))
    other = content_words(claim[:m.start()]) - x
    if len(x) < 1 or not other & content_words(source):
        return None
    for o in [*_ONLY.finditer(source), *_ONLY_AFTER.finditer(source)]:
        allowed = content_words(o.group("x"))
        if x and len(x & allowed) >= max(1.0, 0.6 * len(x)):
            return m.group("x").strip()
    return None


#: contraries too common in other roles to be read outside a one-word change ("on Monday",
#: "more than", "the first day"): left to :func:`contrary` and the order and direction rules
_FUNCTIONAL = frozenset(stem(w) for w in (
    "on off with without before after more less fewer higher lower first last start end begin "
    "old new early late earlier later longer shorter larger smaller faster slower most least "
    "input output same different true false light dark heavy upper above below inside outside "
    "win lose won lost gain loss increase decrease rise fall rose fell still always never").split())
_CONJUNCT_CUT = re.compile(r";\s+|,?\s+(?:and|but|while|whereas|since|so|because)\s+|:\s+|,\s+(?=which\b)")
#: the share of a conjunct's other content words its source conjunct must hold
MIN_CONJUNCT = 0.6


def opposite_in_conjunct(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim word, source word)`` when a part of the claim ("SQLite support is stable",
    of "... is stable and suitable for production") holds a word whose opposite the
    matching part of a source sentence holds instead ("SQLite support is experimental"),
    neither part negates, and the claim's other words are in that part: "You are allowed to
    fill a new pool" against "Filling new swimming pools is prohibited", "Place the orchid in
    bright, direct light" against "Place it in bright, indirect light". Unlike
    :func:`contrary`, other words may differ; so the opposites read here are the ones that
    name a state or permission, not words like "on" or "before"."""
    source, claim = _states(source), _states(claim)
    spans = sentences(source)
    parts = []
    for k, (s, e) in enumerate(spans):
        earlier: set[str] = set()  # the sentence's parts before this one
        for p in _CONJUNCT_CUT.split(source[s:e]):
            if p.strip() and not _negated_but_ceased(p):
                # "It is closed on Sundays": the pronoun stands for what the sentence before
                # spoke of, or the part before ("Sunflowers follow the sun while | they are
                # young"), whose words the claim may name ("The store is open on Sundays")
                before = (set(sequence(source[spans[k - 1][0]:spans[k - 1][1]])) if k else set()) | earlier \
                    if _PRONOUN_LED.match(p) else set()
                parts.append((p, set(sequence(p)), before))
                earlier |= set(sequence(p))
    for part in _CONJUNCT_CUT.split(claim):
        if _negated_but_ceased(part):
            continue
        said = set(sequence(part))
        for p, theirs, before in parts:
            # "sunlight" in the claim is the part's "light": the same thing
            mine = {_headed_as(w, theirs) for w in said}
            if overlap(part, p) < 0.3 and len(mine & theirs) < 0.3 * len(mine):
                continue
            keys = {_key(w) for w in mine}
            for a in mine - theirs - _FUNCTIONAL:
                # (a part that names both sides, "either the employer or the employee", turns neither)
                for b in theirs - mine - _FUNCTIONAL:
                    if not _contrary(a, b) or _key(b) in keys or (_at_time(part, a) and _over_hours(p, b)) \
                            or _conversed(a, b, sequence(part), sequence(p)):
                        continue
                    # "drops support for" counts as a denial: only as the opposite itself
                    if (ceased_count(part) and _key(a) not in _CEASING) or (ceased_count(p) and _key(b) not in _CEASING):
                        continue
                    rest = mine - {a}
                    if len(rest) >= 2 and rest & theirs \
                            and len(rest & (theirs | before)) >= MIN_CONJUNCT * len(rest) \
                            and not any(_contrary(x, y) for x in rest for y in theirs - rest - {b}) \
                            and not any(b not in other and a in other
                                        and len(rest & (other | ctx)) >= MIN_CONJUNCT * len(rest)
                                        # (not a part about the other case: "safe ... upstream" for
                                        # "Swimming downstream is safe")
                                        and not any(_contrary(x, y) for x in rest for y in other - rest)
                                        for _, other, ctx in parts):
                        # (another part says the claim's own word of what the claim speaks of:
                        # "at weekends only ... On weekdays they must use the public car park";
                        # and the part turns no other word of the claim's, which would make it
                        # another case: "International baskets are charged 20 EUR shipping" is no
                        # ground against "A domestic basket of 95 EUR ships free")
                        return _word_of(part, a), _word_of(p, b)
    return None


def _headed_as(word: str, theirs: set[str]) -> str:
    """The word of ``theirs`` that ``word`` is with a word before it ("sunlight" for "light",
    "rainwater" for "water"), else ``word``."""
    return next((t for t in theirs if len(t) >= 4 and len(word) > len(t) and word.endswith(t)), word)


_CEASING = frozenset(_key(w) for w in ("drop", "end", "remove", "discontinue", "withdraw"))


def _negated_but_ceased(text: str) -> bool:
    """``text`` denies something otherwise than by taking support away ("drops support for
    Python 3.8" is a part :func:`opposite_in_conjunct` reads: "keeps support" is its opposite)."""
    return negation_count(text) - ceased_count(text) > 0 or ceased_count(text) > 1


#: opposites that say the same with the roles exchanged ("the school lends books to the
#: library", "the library borrows books from the school")
_CONVERSES = frozenset(frozenset((_key(stem(x)), _key(stem(y)))) for x, y in (
    ("lend", "borrow"), ("buy", "sell"), ("bought", "sold"), ("give", "receive"), ("win", "lose"),
    ("won", "lost"), ("teach", "learn"), ("import", "export")))


def _conversed(a: str, b: str, mine: list[str], theirs: list[str]) -> bool:
    """``a`` and ``b`` (stems) are converses said with the roles exchanged: the words before
    them (their subjects) differ, and each side names the other's subject after its verb."""
    if frozenset((_key(a), _key(b))) not in _CONVERSES or a not in mine or b not in theirs:
        return False
    i, j = mine.index(a), theirs.index(b)
    if i == 0 or j == 0:
        return False
    mine_subject, their_subject = mine[i - 1], theirs[j - 1]
    return mine_subject != their_subject and mine_subject in theirs[j + 1:] and their_subject in mine[i + 1:]


_PRONOUN_LED = re.compile(r"\s*(?:it|they|these|this|he|she)\b", re.IGNORECASE)


def _followed(text: str, key: str, rx: re.Pattern[str]) -> bool:
    """A word of ``text`` whose stem is ``key`` is followed by what ``rx`` matches."""
    return any(stem(m.group(0).lower()) == key and rx.match(text, m.end())
               for m in re.finditer(r"[^\W_]+", text))


_AT_TIME = re.compile(r"\s+(?:at|by)\s+\d", re.IGNORECASE)
#: (a few words may come between: "open to the public from 9 a.m.", "open daily until 8")
_OVER_HOURS = re.compile(r"\s+(?:[a-z]+\s+){0,3}?(?:from\s+\d|until\b|till\b|between\s+\d|"
                         r"\d[\d.:]*\s*(?:a\.?m\.?|p\.?m\.?)?\s*(?:-|to)\s*\d)", re.IGNORECASE)


def _at_time(text: str, key: str) -> bool:
    """The word is an event at a time of day ("shuts at 6", "closes by 5 p.m.")."""
    return _followed(text, key, _AT_TIME)


def _over_hours(text: str, key: str) -> bool:
    """The word is a state over a span of hours ("open from 9 a.m. to 6 p.m.", "open until
    8"): closing at the span's end is no contrary of it; the number layer reads the times."""
    return _followed(text, key, _OVER_HOURS)


_ON = re.compile(r"\b(?:turned|switched|set|left|kept|is|are)\s+on\b", re.IGNORECASE)
_OFF = re.compile(r"\b(?:turned|switched|set|left|kept|is|are)\s+off\b", re.IGNORECASE)


def _states(text: str) -> str:
    """"Switched off" as "disabled", "turned on" as "enabled" (same length is not kept)."""
    return _OFF.sub("disabled", _ON.sub("enabled", text))


def _word_of(text: str, key: str) -> str:
    """The text's word whose stem is ``key``."""
    return next((w for w in words(text) if stem(w) == key), key)


_STRONG = re.compile(r"\b(must|has to|have to|had to|is required to|are required to|required|"
                     r"mandatory|compulsory|obligatory|will|shall|always|needs? to)\b", re.IGNORECASE)
_WEAK = re.compile(r"\b(may|can|might|could|should|optional|recommended|encouraged|considered|"
                   r"allowed|permitted|able|advised|advisable|suggested)\b", re.IGNORECASE)
_NEGATED_BEFORE = re.compile(r"\b(?:not|never|no)\s*$|n't\s*$"
                             # ... or its subject denied: "No receipts are required to claim"
                             r"|(?:^|[,;:]\s*)(?:no|none\s+of\s+the)\s+(?:[a-z-]+\s+){1,3}(?:(?:is|are|was|were)\s*)?$", re.IGNORECASE)
_NEGATED_AFTER = re.compile(r"\s*(?:not\b|n't\b)", re.IGNORECASE)
#: an alignment weaker than this says nothing about the claim's words
MIN_ALIGNED = 0.6


_ONLY_PERMITTED = re.compile(r"\b(?:may|can)\s+only\b|\b(?:may|can)\s+(?:be\s+)?[a-z]+(?:\s+[a-z]+){0,3}\s+only\s+"
                             r"(?:before|after|until|by|on|at|in|with|if|when|from|between|within)\b", re.IGNORECASE)


_WHO_WANTS = re.compile(r"\b(?:who|that)\s+(?:wants?|wish(?:es)?|intends?|plans?)\s+to\b|\bif\s+(?:they|you|he|she|we|one)\s+"
                        r"(?:wants?|wish(?:es)?)\b|\bwishing\s+to\b|\bwanting\s+to\b", re.IGNORECASE)


def _plain(rx: re.Pattern[str], text: str) -> list[str]:
    """Matches of ``rx`` not negated ("may not", "not required" say something else)."""
    out = []
    for m in rx.finditer(text):
        if _NEGATED_BEFORE.search(text, 0, m.start()) or _NEGATED_AFTER.match(text, m.end()):
            continue
        out.append(m.group(1).lower())
    return out


def raised_modality(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim word, source word)`` when the claim obliges or asserts ("must", "will")
    where its aligned clause only permits or suggests ("may", "can", "should") and states no
    obligation itself; or makes a duty of what a sentence calls optional (:func:`optional_duty`),
    or leaves to choice what a sentence makes a duty (:func:`duty_made_optional`)."""
    # (a claim of a value past a bound restates the rule the source gives that side, not the
    # bound's own clause: "A gift worth 80 EUR must be declared" for "Gifts above that value must be
    # declared", beside "may accept gifts worth up to 50 EUR"; "An employer with 30 staff must
    # publish" against "Smaller employers may publish voluntarily")
    past = rule_past_bound(claim, source)
    clause = past if past is not None else aligned_clause(claim, source)
    if (past is not None or overlap(claim, clause) >= MIN_ALIGNED) and not re.search(r"\bwill be able\b", claim, re.IGNORECASE):
        strong, weak = _plain(_STRONG, claim), _plain(_WEAK, clause)
        # "can leave by car only before 7 a.m.": a permission with "only" is the duty to keep to
        # it for whoever wants to ("those who want to drive out must do so before 7 a.m.")
        # "Doses must be four hours or more apart" for "may take up to three doses a day, at least
        # four hours apart": the duty is the bound the clause sets, not its permission
        # (another sentence may state the duty the claim says: "If a road has a cycle lane,
        # cyclists have to ride in it" for "Cyclists must use the cycle lane where one is
        # provided", beside "On roads without a cycle lane they may ride on the road")
        if strong and weak and not _plain(_STRONG, clause) \
                and not (_ONLY_PERMITTED.search(clause) and _WHO_WANTS.search(claim)) \
                and not (strong[0].lower() == "must" and same_bound(claim, clause)) \
                and not (past is None and any(_plain(_STRONG, source[a:b]) and not _plain(_WEAK, source[a:b])
                                              and overlap(claim, source[a:b]) >= MIN_ALIGNED
                                              for a, b in sentences(source))):
            return strong[0], weak[0]
    return optional_duty(claim, source) or duty_made_optional(claim, source) or advice_made_ban(claim, source) \
        or instruction_made_optional(claim, source)


#: a ban in the claim, and advice against in the source
_BANNED = re.compile(r"\b(?:forbidden|prohibited|banned|not\s+allowed|not\s+permitted|may\s+not|must\s+not|"
                     r"cannot|can't|mustn't)\b", re.IGNORECASE)
_ADVISED_AGAINST = re.compile(r"\b(?:not\s+(?:recommended|advised|advisable|suggested)|advised\s+against|"
                              r"discouraged|should\s+not|shouldn't|best\s+avoided)\b", re.IGNORECASE)


def advice_made_ban(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim words, source words)`` when the claim forbids what the sentence it restates
    only advises against ("People with heart problems are forbidden from climbing" where "the
    climb is not recommended for people with heart problems") and no sentence bans it."""
    ban = _BANNED.search(claim)
    if ban is None:
        return None
    clause, sent = aligned_clause(claim, source), aligned_sentence(claim, source)
    advice = _ADVISED_AGAINST.search(clause)
    # (the clause may speak of its subject as "it": "..., but it is not recommended for ...")
    if advice is None or overlap(claim, sent) < MIN_ALIGNED or _BANNED.search(sent):
        return None
    cw = normed_words(claim) - normed_words(ban.group(0))
    if any(_BANNED.search(source[s:e]) and len(cw & normed_words(source[s:e])) >= 2 for s, e in sentences(source)):
        return None
    return ban.group(0).lower(), advice.group(0).lower()


_DUTY = re.compile(r"\b(must|has to|have to|is required to|are required to|needs? to|shall)\b", re.IGNORECASE)
_OPTIONAL = re.compile(r"\b(?:is|are)\s+(?:entirely\s+|completely\s+|purely\s+)?(optional|voluntary|"
                       r"not\s+(?:required|mandatory|compulsory|necessary|needed|obligatory))\b", re.IGNORECASE)


def optional_duty(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim word, source words)`` when the claim makes a duty of what a source sentence
    calls optional: "Applicants must include a cover letter" where "A cover letter is
    optional" (the sentence's subject is among the claim's words)."""
    duty = _plain(_DUTY, claim)
    if not duty:
        return None
    cw = normed_words(claim)
    for s, e in sentences(source):
        sent = source[s:e]
        for m in _OPTIONAL.finditer(sent):
            thing = normed_words(sent[:m.start()])
            if thing and thing <= cw:
                return duty[0], m.group(1).lower()
    return None


#: the claim leaves it to the reader: "if they wish", "is optional", "do not have to"
_LEFT_OPEN = re.compile(r"\b(?:if\s+(?:they|you|he|she|we|one|it)\s+(?:wish|want|like|prefer|choose)(?:e?s)?(?:\s+to)?|"
                        r"if\s+(?:desired|preferred|wanted)|optionally|(?:is|are)\s+optional|"
                        r"(?:do|does|did)\s+not\s+(?:have|need)\s+to|(?:don't|doesn't)\s+(?:have|need)\s+to|need\s+not|"
                        # "do not need a doctor's note": the thing is not required
                        r"(?:(?:do|does|did)\s+not|don't|doesn't)\s+need(?=\s+(?:a|an|any|the|their|your|his|her)\s)|"
                        r"needn't|there\s+is\s+no\s+need\s+to|"
                        r"(?:is|are)\s+not\s+(?:required|obliged|obligated)\s+to|can\s+choose\s+(?:whether\s+)?to|"
                        # advice where the source has a duty: "are encouraged (but not required) to"
                        r"(?:is|are)\s+(?:encouraged|recommended|advised|invited)\s+(?:but\s+not\s+required\s+)?to|"
                        r"not\s+required\s+to)\b",
                        re.IGNORECASE)
_CONTRAST_CUT = re.compile(r";\s+|,?\s+(?:but|while|whereas)\s+", re.IGNORECASE)
#: how much of the claim's other content words the source clause with the duty must hold
MIN_DUTY_OVERLAP = 0.75


def duty_made_optional(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim words, source word)`` when the claim leaves to choice ("may sign a waiver if
    they wish", "do not have to sign") what a source sentence makes a duty ("must ... sign a
    waiver"): the sentence holds the claim's other content words and a duty not negated."""
    m = _LEFT_OPEN.search(claim)
    if m is None:
        return None
    rest = claim[:m.start()] + " " + claim[m.end():]
    # (a value past the bound a sentence rules on is its case, named by the bound's words: "A gift
    # worth 80 EUR does not need to be declared" for "Gifts above that value must be declared")
    past = rule_past_bound(claim, source)
    for s, e in sentences(source):
        sent = source[s:e]
        # the clause that holds the duty ("Towels are provided; guests only need to bring
        # swimwear" makes no duty of towels)
        sent = next((part for part in _CONTRAST_CUT.split(sent) if _plain(_DUTY, part)), "")
        duty = _plain(_DUTY, sent)
        ruled = past is not None and past.lower() in sent.lower()
        if not duty or _LEFT_OPEN.search(sent) or (overlap(rest, sent) < MIN_DUTY_OVERLAP and not ruled):
            continue
        # the duty of those who are not what the claim names ("Students who are not native
        # speakers must show a certificate" for "Native speakers do not need one")
        at = _DUTY.search(sent)
        if at is not None and negation_count(sent[: at.start()]) > negation_count(claim[: m.start()]):
            continue
        # ... or of values past its bound ("50 or fewer staff are not required to" for "more than 50
        # staff must")
        if fails_bound(claim, sent):
            continue
        # a word of the claim the sentence lacks that another sentence has names another case
        # ("A freestyle swimmer doesn't have to ..." where breaststroke swimmers must)
        lacking = content_words(rest) - content_words(sent)
        if not lacking & content_words(source[:s] + " " + source[e:]) or ruled:
            return m.group(0).lower(), duty[0]
    return None


#: a source that leaves a step to choice itself ("if you like", "optionally")
_OPTIONAL_STEP = re.compile(r"\b(?:if\s+(?:you|they)\s+(?:like|wish|want|prefer)|optionally|optional|if\s+desired|"
                            r"(?:you\s+)?(?:can|may|could)\b)", re.IGNORECASE)


def instruction_made_optional(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim words, source's verb)`` when the claim leaves to choice a step whose gerund
    opens it ("Soaking the beans overnight is optional") that a source sentence gives as an
    instruction ("Soak the beans overnight, drain them, ..."): the sentence opens with the
    step's verb, leaves nothing to choice itself, and holds the claim's other content words."""
    m = _LEFT_OPEN.search(claim)
    first = re.match(r"\s*([A-Za-z]+ing)\b", claim)
    if m is None or first is None:
        return None
    verb = stem(first.group(1).lower())
    rest = content_words(claim[first.end():m.start()] + " " + claim[m.end():])
    for s, e in sentences(source):
        sent = source[s:e]
        lead = re.match(r"\s*([A-Z][a-z]+)\b", sent)
        if lead is None or stem(lead.group(1).lower()) != verb or _OPTIONAL_STEP.search(sent) or negation_count(sent):
            continue
        if rest <= content_words(sent) | content_words(lead.group(1)):
            return m.group(0).lower(), lead.group(1)
    return None


_ANYTIME = re.compile(r"\b(?:at\s+any\s+time|any\s*time|whenever\s+they\s+(?:like|wish|want))\b", re.IGNORECASE)
_NARROW = re.compile(r"\b(only|exclusively|solely|limited to|never|none|no one|nobody)\b", re.IGNORECASE)
_RESTRICTED = re.compile(r"\b(?:only|exclusively|solely|limited|just|except|never|no|not|cannot|none|"
                         r"unless|but|single|sole|restricted|exclusive|reserved)\b|n't",
                         re.IGNORECASE)


#: a relative clause open before a word: what follows describes someone ("who has never ...")
_DESCRIBED = re.compile(r"\b(?:who|whose|which|that)\s+(?:[\w'-]+\s+){0,2}$", re.IGNORECASE)


def narrowed(claim: str, source: str) -> str | None:
    """The restricting word of a claim ("only", "never") whose aligned clause restricts
    nothing, else None."""
    m = _NARROW.search(NEGATED_BOUND.sub(lambda b: "_" * len(b.group(0)), claim))  # "never more than 10": a bound
    if m is None or _DESCRIBED.search(claim, 0, m.start()):
        return None  # "A 70-year-old who has never given blood": who it is, no restriction of the claim's
    # the source says it holds at any time of what the claim restricts: "Employees may opt out
    # only within the first three months" where "Employees may opt out at any time"
    head = content_words(claim[: m.start()])
    if m.group(1).lower() == "only" and len(head) >= 2 and any(
            head <= content_words(source[a:b]) and _ANYTIME.search(source[a:b]) for a, b in sentences(source)):
        return "only"
    clause = aligned_clause(claim, source)
    if overlap(claim, clause) < 0.5 or _RESTRICTED.search(clause):
        return None
    if m.group(1).lower() == "only" and comparison_confirmed(claim, source):
        return None  # "Only Kilimanjaro is higher than Mount Kenya" for "the second-highest, after Kilimanjaro"
    if m.group(1).lower() == "only" and _ONLY_CONDITION.match(claim, m.end()) and (
            _NEEDS.search(clause) or _WHEN.search(clause)):
        # "can be carried only with the airline's approval" for "need the airline's approval";
        # "water only once the soil has dried out" for "water when the soil is dry"
        return None
    needs = _NEEDS.search(clause)
    if m.group(1).lower() == "only" and needs is not None and any(
            a.startswith(b) or b.startswith(a)  # ("members" for "a membership card")
            for a in {stem(w) for w in _only_phrase(claim[m.end():]) if w not in STOPWORDS}
            for b in {stem(w) for w in content_words(clause[needs.end():])} if min(len(a), len(b)) >= 4):
        # "Only administrators can restore a snapshot" for "Restoring a snapshot requires
        # administrator rights": what is needed is who alone may
        return None
    if m.group(1).lower() == "never" and _ALWAYS.search(clause):
        return None  # "never closes" for "open 24 hours a day"
    if m.group(1).lower() == "limited to" and _UPPER_BOUND.search(clause):
        return None  # "limited to two days a week" for "up to two days a week"
    return m.group(1).lower()


_UPPER_BOUND = re.compile(r"\b(?:up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|a\s+maximum\s+of|maximum)\b",
                          re.IGNORECASE)


_WHEN = re.compile(r"\b(?:when|whenever|once|after|as\s+soon\s+as|if)\b", re.IGNORECASE)
_ALWAYS = re.compile(r"\b(?:24\s+hours\s+a\s+day|24/7|(?:a)?round\s+the\s+clock|at\s+all\s+times|always|all\s+year)\b",
                     re.IGNORECASE)


_BY_DEFAULT = re.compile(r"\bby\s+default\b", re.IGNORECASE)
_ONLY_WHEN = re.compile(r"\bonly\s+(?:with|if|when|after|once|on\s+request|by|in)\b[^,;.:!?]*", re.IGNORECASE)


def default_restricted(claim: str, source: str) -> str | None:
    """The source's "only with ..." when the claim says "by default" what the clause it
    restates does only then: "ls shows hidden files by default" where "Hidden files ... are
    shown only with -a"."""
    m = _BY_DEFAULT.search(claim)
    if m is None:
        return None
    rest = claim[: m.start()] + claim[m.end():]
    for s, e in sentences(source):
        for clause in _CONJUNCT_CUT.split(source[s:e]):
            only = _ONLY_WHEN.search(clause)
            if only is not None and len(content_words(rest) & content_words(clause)) >= 2 \
                    and overlap(rest, clause) >= 0.5:
                return only.group(0).strip()
    return None


def _only_phrase(rest: str) -> list[str]:
    """The words after "only" up to the verb of its clause, at most four ("administrators" of
    "Only administrators can restore", "users with administrator rights" of "Only users with
    administrator rights may ...")."""
    out: list[str] = []
    for w in words(rest)[:4]:
        if w in _AUX or _NEEDS.fullmatch(w):
            break
        out.append(w)
    return out


#: "only" before a condition ("only with approval", "only after paying") ...
_ONLY_CONDITION = re.compile(r"\s+(?:with|after|if|once|when|by)\b", re.IGNORECASE)
#: ... says what a duty does: "need the airline's approval", "requires a permit"
_NEEDS = re.compile(r"\b(?:needs?|needed|requires?|required|must\s+(?:have|get|obtain|show|pay))\b", re.IGNORECASE)


#: a condition or an exception of a sentence, to the end of its clause: "only if the item is
#: faulty", "unless they are with an approved instructor", "except the attic rooms", "with
#: their manager's approval"
_CONDITIONAL = re.compile(
    # ("is provided outside" is a participle, no condition)
    r"(?:,\s*)?\b(?P<marker>only\s+if|if|unless|only\s+when|when(?=\s+[a-z]+ing\b)|(?<!is\s)(?<!are\s)(?<!was\s)(?<!were\s)(?<!be\s)(?<!been\s)"
    r"provided(?:\s+that)?|as\s+long\s+as|on\s+condition\s+that|"
    r"in\s+the\s+event\s+of|in\s+case\s+of|"
    r"subject\s+to|except(?:\s+for|\s+when|\s+if)?|apart\s+from|other\s+than|with\s+the\s+exception\s+of|"
    r"excluding|with(?:out)?\s+(?:the\s+|their\s+|his\s+|her\s+|its\s+|your\s+|a\s+|prior\s+|written\s+)*"
    # "with the landlord's written consent"
    r"(?:[a-z]+(?:'s)?\s+)?(?:prior\s+|written\s+|explicit\s+|express\s+)?"
    r"(?:approval|permission|consent|authori[sz]ation|agreement))\b"
    r"(?P<what>[^.;:!?]*?)(?=[,;.:!?]|$)", re.IGNORECASE)
#: an exception names a thing: it ends where the sentence's verb comes ("except the attic
#: rooms | have air conditioning")
_EXCEPTION = re.compile(r"(?:except|apart|other|with\s+the\s+exception|excluding)", re.IGNORECASE)
_VERB_AFTER = re.compile(r"\b(?:have|has|had|is|are|was|were|can|could|may|might|must|will|would|shall|"
                         r"should|get|gets|receive|receives|need|needs|pay|pays)\b", re.IGNORECASE)
#: the sentence's subject narrowed by a relative clause or a phrase of who it is ("Staff
#: | who have completed their probation | can work from home", "Children | under 12 | enter
#: free"): the claim that leaves it out says the rest of everyone
_RESTRICTED_SUBJECT = re.compile(
    r"^\W*(?:(?:the|all|any|only)\s+)?(?:[a-z][\w'-]*\s+){0,2}[a-z][\w'-]*\s+"
    r"(?P<what>(?:who|that|whose)\s+(?:[\w'-]+\s+){1,8}?(?=(?:can|cannot|may|must|will|should|are|is|get|gets|"
    r"receive|receives|need|needs|pay|pays|have to|has to|qualify|qualifies|enter|enters)\b)|"
    r"(?:from|under|over|aged|above|below|younger than|older than|longer than|shorter than|more than|less than|"
    r"heavier than|lighter than|larger than|smaller than|bigger than|"
    # "Requests for more than ten consecutive days need ...", "Bookings of six or more ..."
    r"(?:for|of)\s+(?:more|fewer|less|longer|shorter)\s+than|(?:for|of)\s+(?:over|under|up\s+to|at\s+least))"
    r"\s+(?:[\w'-]+(?:[,.]\d+)*\s+){1,5}?"
    r"(?=(?:can|cannot|may|must|will|should|are|is|get|gets|receive|receives|need|needs|pay|pays|have to|"
    r"has to|qualify|qualifies|enter|enters)\b))", re.IGNORECASE)
#: who of a group a sentence speaks of, after the group's noun: an age or size bound ("each
#: child under 18") and a relative clause without a comma ("who lives with them", "that has
#: paid the fee": "that" with an auxiliary, not the "that" of "says that")
#: a restriction said at the end with "only": "at weekends only", "for members only"
_ONLY_TAIL = re.compile(r"\s+(?:at|on|in|for|by|during|with|to|from)\s+(?:[\w'-]+\s+){0,4}?only\b(?=\s*[,;.:!?]|\s*$)",
                        re.IGNORECASE)
#: ... and said before its verb: "are only allowed | during PE lessons", "is only open | on Sundays"
_ONLY_VERB = re.compile(r"\bonly\s+(?:be\s+|been\s+)?[a-z]+\s+(?=(?:at|on|in|during|between|after|before|within|"
                        r"from|by|for|with)\s)(?P<tail>[^,;.:!?]+)", re.IGNORECASE)
#: "only" before a time, a place or a case, after the verb's object: "may use the pool | only
#: between 9 and 11 a.m."
_ONLY_PREP = re.compile(r"\s+only\s+(?:at|on|in|during|between|after|before|within|from|until|by|with|if|when)\s+"
                        r"[^,;:!?]*?(?=[,;:!?]|\.(?:\s|$)|$)", re.IGNORECASE)
#: a group of people a sentence says its thing for: "half price | for students with a valid card"
_FOR_GROUP = re.compile(r"\s+for\s+(?:all\s+)?(?:students|children|kids|members|residents|seniors|pensioners|staff|"
                        r"employees|adults|holders|pupils|families|veterans|teachers|under-\d+s|"
                        # people named by what they do: "subscribers", "participants", "cyclists"
                        r"[a-z]{3,}(?:ers|ors|ants|ents|ees|ists|ians))\b"
                        r"(?:(?!\b(?:may|can|must|is|are|was|were|will|should|have|has)\b)[^,;.:!?])*(?=[,;.:!?]|$)",
                        re.IGNORECASE)
#: a span of time an allowance holds for: "ride free | for the first 30 minutes of each trip"
_FOR_THE_FIRST = re.compile(r"\s+for\s+(?:the\s+first|up\s+to)\s+(?:\d+|[a-z]+)\s+(?:minutes?|hours?|days?|weeks?|months?|"
                            r"years?|nights?)(?:\s+of\s+(?:each|every|the|a|their|its)\s+[a-z]+)?", re.IGNORECASE)
#: what must be shown for the sentence to hold: "returns within 30 days | with a receipt"
_WITH_PROOF = re.compile(r"\s+with\s+(?:(?:a|an|the|your|their|his|her|its|valid|original|written)\s+)*"
                         r"(?:receipt|proof\s+of\s+[a-z]+|prescription|passport|photo\s+id|id|identification|"
                         r"voucher|permit|licen[cs]e|referral|doctor's\s+note|student\s+card)\b", re.IGNORECASE)
_RESTRICTED_OBJECT = re.compile(r"(?<=[a-z0-9])\s+(?:(?:under|over|aged|above|below)\s+\d+"
                                r"(?:\s+(?:years?|months?)(?:\s+old)?)?|who\s+[^,;.:!?]+|"
                                # "rentals | of seven days or more", "orders | of at least 20 EUR"
                                r"of\s+(?:at\s+least|more\s+than|over|under|less\s+than|up\s+to)\s+[\w.]+\s+[a-z]+|"
                                r"of\s+[\w.]+\s+[a-z]+\s+or\s+(?:more|longer|less|fewer|over|under)\b|"
                                r"that\s+(?:has|have|had|is|are|was|were|can|will|do|does|did)\b[^,;.:!?]+)",
                                re.IGNORECASE)
#: a claim with words of a condition of its own states one, and is read by the other rules
_STATES_CONDITION = re.compile(r"\b(?:if|unless|provided|as long as|subject to|except|apart from|other than|"
                               # "with the manager's approval" (not "need the director's approval")
                               r"excluding|only|(?:with|without|upon|on)\s+(?:[\w']+\s+){0,3}(?:approval|permission|consent)|"
                               r"when|whenever|after|before|"
                               # "once" as "as soon as", not as a count ("renewed once.")
                               r"once(?!\s*(?:[.,;:!?]|$|more\b|again\b|a\s+(?:day|week|month|year)\b))|in the event|"
                               r"in case)\b",
                               re.IGNORECASE)
#: the share of the claim the sentence without its conditions must hold, and of that
#: sentence the claim must hold, for the claim to be that sentence with a condition left out
MIN_UNCONDITIONED = 0.8
#: a scope that covers every case: "on every day they work", "at any time", "in all cases",
#: "always", "all year round"
_UNIVERSAL_ADJUNCT = re.compile(r"\b(?:(?:on|at|in|for|during)\s+(?:every|any|all|each)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+"
                                r"(?=\s*(?:[,.;]|$))|always|at\s+all\s+times|all\s+year\s+round)\b", re.IGNORECASE)


def _condition_spans(sent: str) -> list[tuple[int, int, int, bool]]:
    """(start, end of its marker, end, is an exception) of each condition or exception of
    the sentence ("except | the airport branch", "only if | the item is faulty"). An
    exception names a thing: it ends with the first word the sentence used before it ("all
    branches except the airport branch | open on Saturdays") or before the sentence's verb."""
    spans = []
    for m in _CONDITIONAL.finditer(sent):
        start, end, exception = m.start(), m.end(), bool(_EXCEPTION.match(m.group("marker")))
        if exception:
            before = normed_words(sent[: m.start()])
            for t in re.finditer(r"[^\W_]+", m.group("what")):
                if _VERB_AFTER.fullmatch(t.group(0)):
                    end = m.start("what") + t.start()
                    break
                if normed_words(t.group(0)) & before:
                    end = m.start("what") + t.end()
                    break
        spans.append((start, m.end("marker"), end, exception))
    narrowed = _RESTRICTED_SUBJECT.match(sent)
    if narrowed is not None and not any(a < narrowed.end("what") and narrowed.start("what") < b
                                        for a, _, b, _ in spans):
        spans.append((narrowed.start("what"), narrowed.start("what"), narrowed.end("what"), False))
    for rx in (_RESTRICTED_OBJECT, _ONLY_TAIL, _ONLY_VERB, _ONLY_PREP, _FOR_GROUP, _WITH_PROOF, _FOR_THE_FIRST):  # "for each child | under 18 | who lives with
        for m in rx.finditer(sent):  # them", "park in the staff car park | at weekends only"
            a, b = (m.start("tail"), m.end("tail")) if rx is _ONLY_VERB else (m.start(), m.end())
            if not any(x < b and a < y for x, _, y, _ in spans):
                spans.append((a, a, b, False))
    return spans


def closes_the_rest(claim: str, sentence: str) -> bool:
    """The sentence keeps something to a case with "only" and the claim shuts or refuses it
    elsewhere ("closed at weekends" for "runs on weekdays only"): the complement, said the
    other way, which no contrary of the sentence's words is."""
    return bool(_ONLY_WORD.search(sentence) and _SHUT.search(claim))


#: a claim that says something is shut or refused there: "closed at weekends", "unavailable on Sundays"
_SHUT = re.compile(r"\b(?:closed|shut|unavailable|not\s+(?:open|available|allowed|permitted)|cannot|can't|no)\b",
                   re.IGNORECASE)
#: a comparison with every other thing, which an exception names the one past: "more than any other"
_RANKED_AGAINST = re.compile(r"\b(?:than|of)\s+(?:any|all|every)\s+other\b[^.;]*$", re.IGNORECASE)
#: a clause that says something of the exception before it: ", when own clothes are allowed"
_OWN_CLAUSE = re.compile(r",\s*(?:when|where|which|who|in\s+which\s+case)\b[^.;]*", re.IGNORECASE)


def excepted(claim: str, sentence: str) -> str | None:
    """The thing the sentence makes an exception of, when the claim speaks of it ("the
    airport branch opens on Saturdays" for "all branches except the airport branch open on
    Saturdays"): the claim is about the exception, not the rule."""
    cw = normed_words(claim)
    cq = quantities(claim)
    for start, named, end, exception in _condition_spans(sentence):
        # ("more than any other planet except Saturn": the one a ranking leaves above, no
        # exception to a rule the claim could be about, unless the claim ranks against it too:
        # "Jupiter has more moons than Saturn")
        if exception and (not _RANKED_AGAINST.search(sentence, 0, start) or re.search(r"\bthan\b", claim)):
            rest = normed_words(sentence[:start] + " " + sentence[end:])
            if cw & (normed_words(sentence[named:end]) - rest):
                # the claim gives the exception's own value, not the rule's: "a landlord who
                # sells needs only three months" for "six months, except when selling, in which
                # case three months is enough"
                if cq and all(any(agree(c, q) for q in quantities(sentence[end:])) and
                              not any(agree(c, q) for q in quantities(sentence[:start])) for c in cq):
                    continue
                # or what the sentence says of the exception in a clause of its own: "may come in
                # their own clothes" for "... except the last day of term, when own clothes are
                # allowed"
                clause = _OWN_CLAUSE.search(sentence, end)
                own = normed_words(clause.group(0)) if clause is not None else frozenset()
                if (cw - normed_words(sentence[named:end])) & (own - normed_words(sentence[:start])):
                    continue
                # (a clause that says the claim's act of the exception at other values: "every
                # day except Sunday, when it opens from 10 a.m. to 4 p.m." for "open on Sundays")
                if not cq and quantities(clause.group(0) if clause is not None else "") \
                        and (cw - normed_words(sentence[named:end])) & own:
                    continue
                return sentence[named:end].strip(" ,")
    return None


def _digits(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"\d+", text))


#: a restricting phrase after the head of a subject: "Residents with a valid permit",
#: "Children under 8", "Members aged 65 or over", "Staff on fixed-term contracts"
_RESTRICTION = re.compile(r"^(?P<head>(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?P<mod>(?:with|without|under|over|aged|"
                          r"holding|from|on|in|of"
                          # a participle: "plots left untended for six months", "cars parked on the verge"
                          r"|left|kept|bought|sold|built|made|taken|given|held|paid|sent|[a-z]{3,}ed)\s+.+)$",
                          re.IGNORECASE)
_COPULA_END = re.compile(r"\b(?:be|is|are|was|were)\s*$", re.IGNORECASE)
_VERB_INSIDE = re.compile(r"\b(?:must|can|may|will|should|shall|is|are|be|was|were)\b", re.IGNORECASE)
_MODAL_TAIL = re.compile(r"\s+(?:may|can|must|will|should|shall|cannot|can't|do|does|did)$", re.IGNORECASE)
#: how much of the claim's other words the sentence it restates must hold
MIN_RESTRICTED_REST = 0.8


#: "Business class is allowed only for flights longer than six hours": a thing permitted in
#: some cases only
_ALLOWED_ONLY = re.compile(r"(?P<thing>[^.;:,]+?)\s+(?:is|are)\s+(?:(?:allowed|permitted|available|possible)\s+only|"
                          r"only\s+(?:allowed|permitted|available|possible))\s+(?P<cond>(?:for|if|when|on|in|at|after|before|"
                          r"with|during|to|from|between)\b[^.;:]+)", re.IGNORECASE)
_GRANTED = re.compile(r"\b(?:may|can|could|allowed|permitted|free\s+to|entitled\s+to)\b", re.IGNORECASE)


def permitted_case_dropped(claim: str, source: str) -> str | None:
    """The case a source sentence permits a thing in only ("only for flights longer than six
    hours" of "Business class is allowed only for ...") when the claim grants that thing
    ("Staff may fly business class on work trips") with none of the case's words or numbers,
    no "only" and no denial of its own."""
    if not _GRANTED.search(claim) or negation_count(claim) or re.search(r"\bonly\b", claim, re.IGNORECASE):
        return None
    mine = {stem(w) for w in content_words(claim)} | set(re.findall(r"\d+", claim))
    for m in _ALLOWED_ONLY.finditer(source):
        thing = {stem(w) for w in content_words(m.group("thing"))}
        case = ({stem(w) for w in content_words(m.group("cond"))} | set(re.findall(r"\d+", m.group("cond")))) - thing
        if thing and thing <= mine and case and not case & mine:
            return "only " + m.group("cond").strip()
    return None


def dropped_restriction(claim: str, source: str) -> str | None:
    """The phrase that restricts a source sentence's subject ("with a valid permit" of
    "Residents with a valid permit can park for free") when the claim says the same of the
    subject without it ("Residents can park for free"): the source says it of some of them.
    A phrase set off by commas adds a detail and restricts nothing."""
    mine = subject_of(claim)
    if not mine:
        return None
    mine_words = content_words(_MODAL_TAIL.sub("", mine))
    rest = content_words(claim) - mine_words
    if not mine_words or not rest:
        return None
    for sent in (part for s, e in sentences(source) for part in re.split(r";\s+", source[s:e])):
        subject = subject_of(sent)
        # (the subject as :func:`subject_of` gives it, less a modal it ends on: "... may"; one
        # with a verb inside is none: "Guests must be over 16 and | pay")
        m = _RESTRICTION.match(_MODAL_TAIL.sub("", subject.strip())) \
            if subject and "," not in subject and not _VERB_INSIDE.search(_MODAL_TAIL.sub("", subject.strip())) else None
        if m is None:
            continue
        if re.match(r"of\s+[A-Z]", m.group("mod")):
            continue  # "The Great Wall of China": a name, no restriction
        head, mod = content_words(m.group("head")), set(sequence(m.group("mod")))  # "under 8": its number too
        # the phrase's own words: "with a remote-work agreement" of "... can work from home"
        mod -= set(sequence(sent.replace(m.group("mod"), " ", 1)))
        if head != mine_words or not mod or mod & set(sequence(claim)):
            continue
        if len(rest & content_words(sent)) >= MIN_RESTRICTED_REST * len(rest):
            return m.group("mod").strip()
    return None


#: a denial said outright, of every case: "not covered at all", "never refunded"
_OUTRIGHT = re.compile(r"\b(?:at\s+all|never|whatsoever|under\s+any\s+circumstances|in\s+any\s+case|"
                       r"at\s+any\s+(?:time|point|stage))\b", re.IGNORECASE)
#: a span of time a denial holds within: "after the first year", "during the sale", "for the
#: first two weeks", "before 1 March"
_BOUNDING = re.compile(r"\b(?:after|before|until|till|beyond|during|within|for\s+the\s+first|in\s+the\s+first)\s+"
                       r"(?:the\s+|their\s+|its\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,3}?(?:days?|weeks?|months?|years?|hours?|"
                       r"minutes?|period|date|season|term|sale|trial|\d+(?:\s*(?:a\.m\.|p\.m\.|am|pm))?)\b", re.IGNORECASE)
#: how much of the claim (its outright word aside) the denying sentence must hold
MIN_OUTRIGHT_OVERLAP = 0.6


def denied_outright(claim: str, source: str) -> str | None:
    """The span a source sentence's denial holds within ("does not cover batteries | after the
    first year") when the claim denies the same thing outright, in every case ("Batteries
    are not covered at all", "are never covered") and names nothing of that span."""
    m = _OUTRIGHT.search(claim)
    if m is None or (not negation_count(claim) and m.group(0).lower() != "never"):
        return None
    rest = claim[: m.start()] + " " + claim[m.end():]
    for s, e in sentences(source):
        for part in re.split(r";\s+", source[s:e]):
            b = _BOUNDING.search(part)
            if b is None or not negation_count(part[: b.start()]) or _OUTRIGHT.search(part):
                continue
            # (the denial up to its span holds the claim: "does not cover batteries after the
            # first year, or damage caused by liquids" bounds nothing of liquids)
            if overlap(rest, part[: b.end()]) >= MIN_OUTRIGHT_OVERLAP and not set(sequence(b.group(0))) & set(sequence(claim)):
                return b.group(0).strip()
    return None


_MORE_OF_IT = re.compile(r",\s*(?:which|who|whose)\b(?:[^,;.!?]|\.(?=\S))*")  # ("... from 10 a.m. to 2 p.m.")


def _bound_left_out(cw: frozenset[str], claim: str, sent: str, spans: list[tuple[int, int]],
                    main: frozenset[str]) -> str | None:
    """A condition of ``sent`` with a figure in it (``spans``; ``main``: the sentence's words
    outside its conditions) whose other words the claim (its words ``cw``) takes in, and whose
    figure it leaves out, while the claim says at most one thing the sentence does not."""
    if _digits(claim):
        return None
    words_of = normed_words(sent)
    if sum(1 for w in cw - _ACTORS_ANY if not any(_akin(w, x) for x in words_of)) > 1 or not cw & main:
        return None  # (one word of its own: "get a refund" for "choose a refund")
    for start, end in spans:
        part = sent[start:end]
        if _IF.match(part) and _digits(part) and any(_akin(w, x) for w in cw - main for x in normed_words(part)):
            return part.strip(" ,")
    return None


_IF = re.compile(r"[\s,]*(?:only\s+)?(?:if|when|unless|provided|as\s+long\s+as)\b", re.IGNORECASE)


#: words that name who is meant, which a claim may say otherwise ("travellers" for "you")
_ACTORS_ANY = frozenset("traveller passeng customer guest user visitor member person people".split())


_PERMITTED_ACT = re.compile(r"\b(?:may|can|(?:is|are)\s+(?:allowed|permitted|free|entitled)\s+to)\s+(?P<act>[a-z]+)\b",
                            re.IGNORECASE)
#: a duty that comes before an act: "A tenant who wants to sublet must get ... consent first"
_PREREQUISITE = re.compile(
    r"(?:\b(?:who|that)\s+(?:wants?|wishes?|intends?|plans?|would\s+like)\s+to\s+(?P<act>[a-z]+)\b|"
    r"^\s*(?:before|to)\s+(?P<act2>[a-z]+)\b)[^.;]*?\b(?:must|needs?\s+to|has\s+to|have\s+to|(?:is|are)\s+required\s+to)\s+"
    r"(?P<duty>[^.;]+)", re.IGNORECASE)


def prerequisite_left_out(claim: str, source: str) -> str | None:
    """The duty a source sentence sets before an act ("must get the landlord's written consent
    first") when the claim permits the act with none of it: "A tenant may sublet" where "A
    tenant who wants to sublet must get the landlord's written consent first"."""
    m = _PERMITTED_ACT.search(claim)
    if m is None:
        return None
    act, cw = normed_words(m.group("act")), normed_words(claim)
    for s, e in sentences(source):
        p = _PREREQUISITE.search(source[s:e])
        if p is None or normed_words(p.group("act") or p.group("act2") or "") != act:
            continue
        duty = normed_words(p.group("duty")) - {"first", "beforehand", "advance"}
        if duty and not duty & cw:
            return p.group("duty").strip()
    return None


def _last_act(sentence: str) -> list[str]:
    """The sentence's subject with what follows its last "and" ("The library's e-books renewed
    once, if ..."), when that part holds a condition; [] otherwise."""
    subject = subject_of(sentence)
    parts = re.split(r"\s+and\s+", sentence)
    if not subject or len(parts) < 2 or not _CONDITIONAL.search(parts[-1]) or len(parts[-1]) >= len(sentence) - len(subject):
        return []
    return [f"{subject.strip()} {parts[-1].strip()}"]


def dropped_condition(claim: str, source: str) -> str | None:
    """The condition or exception a source sentence states ("only if the item is faulty",
    "except on the final stage") when the claim is that sentence without it, and without
    any condition of its own: "Refunds are given" where "refunds are given only if the item
    is faulty". A claim that restates one of several conditions ("needs at least four
    directors present" from "... passes if a majority vote in favour, provided at least four
    directors are present") is no such sentence."""
    if _STATES_CONDITION.search(claim):
        return None
    # a scope of its own that says "in every case" is no condition: it is the one dropped,
    # said outright ("paid at 1.5 times the rate on every day they work" where "staff who work
    # on a public holiday are paid ...")
    # (the letters of "p.m." are no words)
    cw = frozenset(w for w in normed_words(_UNIVERSAL_ADJUNCT.sub(" ", claim)) if len(w) > 1)
    if len(cw) < 2:
        return None
    # each sentence, and each of its clauses that a semicolon sets apart ("Rides under 30
    # minutes are free for subscribers; longer rides cost ...")
    # ... and the last of two acts a sentence joins with "and", with its subject ("The e-books can
    # be borrowed for 14 days and | renewed once, if no one else has reserved them")
    for sent in [p for s, e in sentences(source) for p in dict.fromkeys([source[s:e], *re.split(r";\s+", source[s:e]),
                                                                       *_last_act(source[s:e])])]:
        if excepted(claim, sent):
            continue  # about the exception: :func:`excepted`'s
        spans = [(a, b) for a, _, b, _ in _condition_spans(sent)]
        core = sent
        for a, b in sorted(spans, reverse=True):  # the sentence without any of its conditions
            # (one the claim says whole stays: "No more than ten consecutive days | can be taken
            # without the director's approval")
            if normed_words(sent[a:b]) and normed_words(sent[a:b]) <= cw and _digits(sent[a:b]) <= _digits(claim) \
                    and not negation_count(sent[a:b]):  # ("who are not native speakers": not the claim's case)
                continue
            # (and a relative clause that says more of the condition: "only if you buy the Care
            # Plus add-on, which costs 49 EUR")
            more = _MORE_OF_IT.match(core, b)
            core = core[:a] + " " + core[more.end() if more else b:]
        main = frozenset(w for w in normed_words(core) if len(w) > 1)
        if not main or negation_count(claim) != negation_count(core):
            continue
        held = len(cw & main)
        # the claim holds most of the sentence, or all of it with words of its own ("Pupils are
        # allowed to wear trainers" for "Trainers are only allowed during PE lessons")
        if (held < MIN_UNCONDITIONED * len(cw) and not (held >= 2 and main <= cw)) or held < 0.5 * len(main):
            # or it takes the condition's event into itself and leaves out the bound that
            # restricts it: "a refund for a cancelled flight" where "If the airline cancels your
            # flight less than 14 days before departure, you can choose a full refund"
            bounded = _bound_left_out(cw, claim, sent, spans, main)
            if bounded is not None:
                return bounded
            continue
        cause = _CAUSE.search(sent)
        for start, end in spans:
            # the claim restates the reason a "since" clause gives, not the act the condition is
            # of ("Salting early keeps the skins tough" for "Add salt only at the end, since
            # salting early keeps the skins tough")
            if cause is not None and end <= cause.start() \
                    and len(cw & normed_words(sent[cause.end():])) >= MIN_UNCONDITIONED * len(cw):
                continue
            # a condition of a conjunct the claim does not restate is none of its own ("adds dark
            # mode" from "adds dark mode and fixes a crash when opening files larger than 2 GB")
            piece = re.split(r"[,;]|\b(?:and|or|but)\b", sent[:start])[-1]
            if has_verb(piece) and normed_words(piece) and not normed_words(piece) & cw:
                continue
            # a bound that a copula states before "and" is that conjunct's own predicate: "Guests
            # must be over 16 | and pay a day fee" says nothing of when the fee is paid
            if _COPULA_END.search(sent, 0, start) and re.search(r"\band\s*$", sent[start:end]):
                continue
            # a choice the claim says as one: "is optional" for "Soak the beans if you like"
            if _OPTIONAL_STEP.search(sent[start:end]) and _LEFT_OPEN.search(claim):
                continue
            # its numbers count: "under 18" is a condition the claim may state as "under 18"
            condition = (normed_words(sent[start:end]) | _digits(sent[start:end])) - main
            if condition and not (cw | _digits(claim)) & condition:
                return sent[start:end].strip(" ,")
            # two conditions joined, the claim keeping one: "only if they are in year 10 or
            # above and have a signed permission slip"
            pieces = re.split(r"\s+and\s+", sent[start:end])
            parts = [(normed_words(piece) | _digits(piece)) - main for piece in pieces]
            if len(parts) > 1 and any(part & (cw | _digits(claim)) for part in parts):
                left = next((piece for piece, part in zip(pieces, parts, strict=True)
                             if len(part) >= 2 and not part & (cw | _digits(claim))), None)
                if left is not None:
                    return left.strip(" ,.")
    return None


__all__ = ["DENIAL_CLAUSE", "rate_period_changed", "full_but_deducted", "supplier_swapped", "reserved_for_other", "added_means", "calendar_range_changed", "closed_with_hours", "deferred", "denied_outright", "outside_only", "moved_object", "only_complement", "past_the_span", "added_tail", "agent_swap", "anchor_changed", "denied_reworded", "prerequisite_left_out", "instead_of", "outside_list", "possessor_swap",
           "resolve_pronouns", "period_changed", "calendar_kind", "default_restricted", "aligned_clause", "stated_contrary", "dropped_condition", "excepted", "beside_only", "aligned_sentence", "moved_attribute", "narrowed", "opposite_in_conjunct", "optional_duty", "raised_modality", "sequence",
           "substitution", "swapped", "contrary"]
