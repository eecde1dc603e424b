"""Quantifiers as shares: "most students" against "a third of the students".

"Most students passed the exam" shares every word with "Only a third of the students passed
the exam": overlap, the relevance model and the number layer (which reads amounts, not
shares of a group) all call it supported. Here a quantifier over a group is read as the
share of the group it allows (:data:`_SHARES`: "most" more than half, "a third" a third,
"40%" two fifths, "none" nothing) and a claim's share is compared with the source's for the
same group in the sentence the claim restates: shares that cannot both hold are a conflict.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citadel.verify.lexical import fold, overlap, stem
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


@lru_cache(maxsize=4096)
def share_conflict(claim: str, source: str) -> tuple[str, str] | None:
    """(the claim's share, the source's) when they are of the same group in the sentence the
    claim restates (at least 60% of its words) and cannot both hold: "most students" where
    "a third of the students", "none of the flights" where "two of the twelve flights" is
    no share and is left alone, "all rooms" where "80% of the rooms"."""
    said = shares(claim)
    if not said:
        return None
    for s, e in sentences(source):
        sent = source[s:e]
        if overlap(claim, sent) < MIN_RESTATED:
            continue
        stated = shares(sent)
        for group, (lo, hi, words) in said.items():
            if group not in stated:
                continue
            slo, shi, swords = stated[group]
            if _FIGURES.match(words) and _FIGURES.match(swords):
                continue  # two percentages: the number layer's
            if hi < slo - _SLACK or lo > shi + _SLACK:
                return words, swords
    return None


__all__ = ["share_conflict", "shares"]
