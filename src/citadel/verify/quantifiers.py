"""Quantifiers as shares: "most students" against "a third of the students".

"Most students passed the exam" shares every word with "Only a third of the students passed
the exam": overlap, the relevance model and the number layer (which reads amounts, not
shares of a group) all call it supported. Here a quantifier over a group is read as the
share of the group it allows (:data:`_SHARES`: "most" more than half, "a third" a third,
"40%" two fifths, "none" nothing) and a claim's share is compared with the source's for the
same group in the sentence the claim restates: shares that cannot both hold are a conflict.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import lru_cache

from citadel.verify.lexical import content_words, fold, overlap, stem
from citadel.verify.windows import sentences

#: share words and the span of the group they allow, as (low, high), ends included
_SHARES: dict[str, tuple[float, float]] = {
    "all": (1.0, 1.0), "every": (1.0, 1.0), "each": (1.0, 1.0), "none": (0.0, 0.0), "no": (0.0, 0.0),
    "most": (0.51, 1.0), "the majority": (0.51, 1.0), "a majority": (0.51, 1.0), "the vast majority": (0.75, 1.0),
    "nearly all": (0.8, 0.99), "almost all": (0.8, 0.99), "virtually all": (0.8, 0.99),
    "a minority": (0.0, 0.49), "few": (0.0, 0.3), "very few": (0.0, 0.15), "hardly any": (0.0, 0.1),
    "half": (0.5, 0.5), "a half": (0.5, 0.5), "one half": (0.5, 0.5), "over half": (0.51, 1.0),
    "more than half": (0.51, 1.0), "less than half": (0.0, 0.49), "fewer than half": (0.0, 0.49),
    "a third": (1 / 3, 1 / 3), "one third": (1 / 3, 1 / 3), "two thirds": (2 / 3, 2 / 3),
    "a quarter": (0.25, 0.25), "one quarter": (0.25, 0.25), "three quarters": (0.75, 0.75),
    "a fifth": (0.2, 0.2), "one fifth": (0.2, 0.2), "a tenth": (0.1, 0.1), "one in ten": (0.1, 0.1),
}
_WORDS = "|".join(sorted((re.escape(k) for k in _SHARES), key=len, reverse=True))
#: a share of a group: "most students", "a third of the students", "40% of members",
#: "only a quarter of the tickets"
_SHARE = re.compile(r"\b(?:(?P<word>" + _WORDS + r")|(?P<pct>\d{1,3}(?:\.\d+)?)\s*(?:%|per\s*cent|percent))"
                    r"\s+(?P<of>of\s+)?(?:the\s+|its\s+|their\s+|our\s+|all\s+)?(?P<group>[a-z][a-z-]+)")
#: plurals without an "s": "most staff", "all children"
_COLLECTIVE = frozenset("staff people children men women personnel police data media crew team public".split())
_FIGURES = re.compile(r"\d")
_LEFT = re.compile(r"\s+(?:left|remaining|remain|remains|to\s+spare)\b")
#: a bound or a hedge before a share turns it into a span
_BOUND = re.compile(r"\b(fewer than|less than|under|below|at most|up to|no more than|more than|over|above|"
                    r"at least|about|around|roughly|approximately|nearly|almost|some)\s+$")
#: what a hedged share ("about a third", "nearly half") allows either side
_ROUGHLY = 0.07
#: rounding allowed between a share said in words and one in figures ("a third" and "33%")
_SLACK = 0.04
#: how much of the claim the source sentence must hold to be the one it restates
MIN_RESTATED = 0.6


def shares(text: str) -> dict[str, tuple[float, float, str]]:
    """The group each share of the text is of (its stem), with the span it allows and its words."""
    out: dict[str, tuple[float, float, str]] = {}
    t = fold(text)
    for m in _SHARE.finditer(t):
        group = m.group("group")
        if not m.group("of") and not group.endswith("s") and group not in _COLLECTIVE:
            continue  # "a 15% discount", "no fee": an amount of one thing, not a share of a group
        if m.group("word") in ("no", "none") and _LEFT.match(t, m.end()):
            continue  # "no cards left": what remains of a group once it is used up, not a share of it
        if m.group("pct"):
            v = float(m.group("pct")) / 100
            if v > 1:
                continue
            lo, hi = v, v
        else:
            lo, hi = _SHARES[m.group("word")]
        bound = _BOUND.search(t, 0, m.start())
        if bound is not None:  # "fewer than a third", "about 40%", "at least half"
            kind = bound.group(1)
            if kind in ("fewer than", "less than", "under", "below", "at most", "up to", "no more than"):
                lo, hi = 0.0, hi
            elif kind in ("more than", "over", "above", "at least"):
                lo, hi = lo, 1.0
            else:
                lo, hi = max(0.0, lo - _ROUGHLY), min(1.0, hi + _ROUGHLY)
        out.setdefault(stem(m.group("group")), (lo, hi, t[bound.start() if bound else m.start():m.end()]))
    return out


Spans = dict[str, tuple[float, float, str]]


def _first_clash(claim: str, source: str, said: Spans, read: Callable[[str], Spans], slack: float = 0.0,
                 skip: Callable[[str, str], bool] | None = None) -> tuple[str, str] | None:
    """(the claim's words, the source's) for the first thing ``said`` gives a span of that a
    source sentence the claim restates (``read`` gives its spans) gives a span apart from it
    by more than ``slack``; pairs ``skip`` names are left alone."""
    if not said:
        return None
    for s, e in sentences(source):
        sent = source[s:e]
        if overlap(claim, sent) < MIN_RESTATED:
            continue
        stated = read(sent)
        for key, (lo, hi, words) in said.items():
            if key not in stated:
                continue
            slo, shi, swords = stated[key]
            if skip is not None and skip(words, swords):
                continue
            if hi < slo - slack or lo > shi + slack:
                return words, swords
            # two lower bounds of a share at other values: "at least half of the plot" where "at
            # least three quarters" (each span runs to all of it, so they meet, and yet differ)
            if hi == shi == 1.0 and 0 < lo < 1 and 0 < slo < 1 and abs(lo - slo) > max(slack, 0.05) \
                    and _FLOOR.search(words) and _FLOOR.search(swords):
                return words, swords
    return None


_FLOOR = re.compile(r"^(?:at least|more than|over|above)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def share_conflict(claim: str, source: str) -> tuple[str, str] | None:
    """(the claim's share, the source's) when they are of the same group in the sentence the
    claim restates (at least 60% of its words) and cannot both hold: "most students" where
    "a third of the students", "none of the flights" where "two of the twelve flights" is
    no share and is left alone, "all rooms" where "80% of the rooms"."""
    # (two percentages are the number layer's)
    return _first_clash(claim, source, shares(claim), shares, _SLACK,
                        lambda words, swords: bool(_FIGURES.match(words) and _FIGURES.match(swords)))


#: counts said without a figure ("a handful of deaths", "thousands of houses") and the span
#: of values each allows, ends included
_VAGUE_COUNTS: dict[str, tuple[float, float]] = {
    "a couple": (2, 3), "a handful": (2, 6), "a few": (2, 6), "several": (3, 12), "a dozen": (10, 14),
    "dozens": (24, 300), "scores": (40, 300), "hundreds": (200, 2_000), "thousands": (2_000, 200_000),
    "tens of thousands": (20_000, 200_000), "hundreds of thousands": (200_000, 2_000_000),
    "millions": (2_000_000, 2_000_000_000), "tens of millions": (20_000_000, 200_000_000),
}
_VAGUE_COUNT = re.compile(r"\b(?P<amount>tens of thousands|hundreds of thousands|a couple|a handful|a few|several|"
                          r"a dozen|dozens|scores|hundreds|thousands|millions)\s+of\s+(?:the\s+)?"
                          r"(?P<noun>(?:[a-z-]+\s+){0,2}[a-z-]+)", re.IGNORECASE)
#: a figure before what it counts: "13,000 houses", "more than 200 people", "twelve flights"
_FIGURE_COUNT = re.compile(r"(?P<bound>more than|over|at least|fewer than|less than|under|about|around|nearly|almost)?"
                           r"\s*\b(?P<figure>\d{1,3}(?:,\d{3})+|\d+|one|two|three|four|five|six|seven|eight|"
                           r"nine|ten|eleven|twelve|twenty|fifty|a hundred|a thousand)"
                           r"(?:\s+(?P<scale>hundred|thousand|million|billion)\b)?\s+(?P<noun>(?:[a-z-]+\s+){0,2}[a-z-]+)",
                           re.IGNORECASE)
_SCALE = {"dozen": 12, "hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
#: a vague count said with a scale and no "of": "a few thousand copies", "several hundred people"
_VAGUE_SCALED = re.compile(r"\b(?P<amount>a few|several|a couple of)\s+(?P<scale>dozen|hundred|thousand|million)\s+"
                           r"(?P<noun>(?:[a-z-]+\s+){0,2}[a-z-]+)", re.IGNORECASE)
_FIGURE_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20, "fifty": 50,
                 "a hundred": 100, "a thousand": 1000}


#: words that end the noun phrase a count is of ("a handful of deaths | were recorded")
_PHRASE_END = frozenset("is are was were has have had will would can could may must should do does did "
                        "in on at for with from by and or but than to of that which who".split())


def _noun_phrase(phrase: str) -> str:
    """The noun phrase that opens ``phrase``: its words up to a verb or a preposition."""
    kept: list[str] = []
    for w in phrase.split():
        if w.lower() in _PHRASE_END:
            break
        kept.append(w)
    return " ".join(kept)


def _heads(phrase: str) -> list[str]:
    """The first and the last word of the noun phrase that opens ``phrase``."""
    kept = _noun_phrase(phrase).lower().split()
    return [kept[0], kept[-1]] if kept else []


def vague_span(said: str) -> tuple[float, float] | None:
    """The values a vague count allows, ends included: "hundreds of" 200 to 2,000, "a few
    hundred" 200 to 990, "tens of thousands" 20,000 to 200,000; None for other words. The
    one table both this module's count check and the number layer's magnitudes read."""
    folded = " ".join(said.lower().split())
    scaled = re.fullmatch(r"(?:a few|several|a couple of)\s+(dozen|hundred|thousand|million)", folded)
    if scaled is not None:
        scale = _SCALE[scaled.group(1)]
        return 2.0 * scale, 9.9 * scale
    span = _VAGUE_COUNTS.get(re.sub(r"\s+of$", "", folded))
    return (float(span[0]), float(span[1])) if span is not None else None


def _counted(text: str) -> dict[str, tuple[float, float, str]]:
    """What ``text`` counts, by the stem of the counted noun's last word: (low, high, words)."""
    out: dict[str, tuple[float, float, str]] = {}
    for m in _VAGUE_COUNT.finditer(text):
        lo, hi = _VAGUE_COUNTS[m.group("amount").lower()]
        said = m.group(0)[:m.start("noun") - m.start()] + _noun_phrase(m.group("noun"))
        for head in _heads(m.group("noun"))[-1:]:
            out.setdefault(stem(head), (lo, hi, said))
    for m in _VAGUE_SCALED.finditer(text):
        lo, hi = vague_span(m.group("amount") + " " + m.group("scale")) or (0.0, math.inf)
        said = m.group(0)[:m.start("noun") - m.start()] + _noun_phrase(m.group("noun"))
        for head in _heads(m.group("noun"))[-1:]:
            out.setdefault(stem(head), (lo, hi, said))
    for m in _FIGURE_COUNT.finditer(text):
        figure = m.group("figure").lower()
        value = float(_FIGURE_WORDS[figure]) if figure in _FIGURE_WORDS else float(figure.replace(",", ""))
        value *= _SCALE.get((m.group("scale") or "").lower(), 1)
        bound = (m.group("bound") or "").lower()
        lo, hi = {"more than": (value, math.inf), "over": (value, math.inf), "at least": (value, math.inf),
                  "fewer than": (0, value), "less than": (0, value), "under": (0, value)}.get(
            bound, (0.8 * value, 1.2 * value) if bound else (value, value))
        said = (m.group(0)[:m.start("noun") - m.start()] + _noun_phrase(m.group("noun"))).strip()
        for head in _heads(m.group("noun")):
            out.setdefault(stem(head), (lo, hi, said))
    return out


@lru_cache(maxsize=4096)
def count_conflict(claim: str, source: str) -> tuple[str, str] | None:
    """(the claim's count, the source's) when the claim counts a thing without a figure
    ("thousands of recorded deaths") and the sentence it restates (at least 60% of its
    words) counts the same thing with a count that cannot be it ("only a handful of deaths",
    "12 deaths"). A vague count is read as a span (:data:`_VAGUE_COUNTS`)."""
    return _first_clash(claim, source, {k: v for k, v in _counted(claim).items()
                                        if _VAGUE_COUNT.search(v[2]) or _VAGUE_SCALED.search(v[2])}, _counted)


#: "has no army", "have no children", "there is no lift"
_HAS_NONE = re.compile(r"\b(?:has|have|had|there\s+is|there\s+are|there\s+was|there\s+were)\s+no\s+"
                       r"(?P<noun>(?:[a-z-]+\s+){0,2}?[a-z-]+)\b(?=\s*(?:[.,;:]|and\b|but\b|$))", re.IGNORECASE)
#: "has a small army", "have two children", "there is a lift"
_HAS_SOME = re.compile(r"\b(?:has|have|had|there\s+is|there\s+are|there\s+was|there\s+were)\s+"
                       r"(?:a|an|one|some|several|many|a\s+few|few|two|three|four|five|\d+)\s+"
                       r"(?P<noun>(?:[a-z-]+\s+){0,2}?[a-z-]+)\b(?=\s*(?:[.,;:]|(?:and|but|in|at|of|on|for|with|to)\b|$))",
                       re.IGNORECASE)


def none_had(claim: str, source: str) -> tuple[str, str] | None:
    """(the claim's words, the sentence's) when the claim says its subject has some of a thing
    ("Iceland has a small army") and a sentence with the claim's other words says it has
    none ("Iceland has no army")."""
    if re.search(r"\b(?:not|no|never|n't)\b", claim, re.IGNORECASE):
        return None
    for m in _HAS_SOME.finditer(claim):
        noun = stem(m.group("noun").split()[-1].lower())
        rest = {stem(w) for w in re.findall(r"[a-z]+", claim[: m.start()].lower())} - {stem(w) for w in _STOP}
        for s, e in sentences(source):
            sent = source[s:e]
            for n in _HAS_NONE.finditer(sent):
                if stem(n.group("noun").split()[-1].lower()) != noun:
                    continue
                before = {stem(w) for w in re.findall(r"[a-z]+", sent[: n.start()].lower())}
                if rest and rest <= before:
                    return m.group(0).strip(), n.group(0).strip()
    return None


_STOP = frozenset("the a an it its this that these those they there".split())


#: "many deaths", "numerous complaints", "few visitors" (not "a few": some), before the noun ...
_MANY_FEW_BEFORE = re.compile(r"(?<!\ba\s)\b(?P<amount>many|numerous|a\s+lot\s+of|lots\s+of|plenty\s+of|"
                              r"(?:very\s+)?few|hardly\s+any|scarcely\s+any)\s+(?:of\s+the\s+)?"
                              r"(?P<noun>(?:[a-z-]+\s+){0,2}[a-z-]+)", re.IGNORECASE)
#: ... or said of it: "recorded deaths were few", "complaints were many"
_MANY_FEW_AFTER = re.compile(r"\b(?P<noun>[a-z-]+)\s+(?:were|are|was|is|remained|remain)\s+(?:very\s+)?"
                             r"(?P<amount>many|numerous|few)\b", re.IGNORECASE)


def _many_or_few(text: str) -> dict[str, tuple[str, str]]:
    """What ``text`` says there is much or little of, by the stem of the noun's last word:
    ("many" or "few", the words)."""
    out: dict[str, tuple[str, str]] = {}
    for m in _MANY_FEW_BEFORE.finditer(text):
        heads = _heads(m.group("noun"))
        if heads:
            amount = m.group("amount").lower()
            few = amount.split()[-1] == "few" or amount.split()[-1] == "any"  # "very few", "hardly any"
            out.setdefault(stem(heads[-1]), ("few" if few else "many", m.group(0)))
    for m in _MANY_FEW_AFTER.finditer(text):
        amount = m.group("amount").lower()
        out.setdefault(stem(m.group("noun").lower()), ("few" if amount == "few" else "many", m.group(0)))
    return out


def many_against_few(claim: str, source: str) -> tuple[str, str] | None:
    """(the claim's words, the source's) when the claim says there were many of a thing
    ("Many deaths were recorded") where the sentence it restates (half of its other words)
    says there were few ("recorded deaths were few"), or the reverse."""
    mine = _many_or_few(claim)
    if not mine or re.search(r"\b(?:not|no|never|n't)\b", claim, re.IGNORECASE):
        return None
    rest = content_words(claim) - set(mine)
    previous: frozenset[str] = frozenset()
    for s, e in sentences(source):
        sent = source[s:e]
        theirs = _many_or_few(sent)
        # (with the sentence before, whose subject "It" may stand for)
        words_here, previous = content_words(sent) | previous, content_words(sent)
        for noun, (how, said) in mine.items():
            if noun in theirs and theirs[noun][0] != how and len(rest & words_here) >= 0.5 * len(rest):
                return said.strip(), theirs[noun][1].strip()
    return None


__all__ = ["count_conflict", "many_against_few", "none_had", "share_conflict", "shares", "vague_span"]
