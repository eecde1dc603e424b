"""Word-level helpers: tokens, content words, overlap, and the naive baseline."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
STOPWORDS = frozenset(
    """a an the of to in on at for by with from and or but nor is are was were be been being am
    as that this these those it its which who whom whose what when where why how than then there
    their theirs they them he she him his her hers we us our ours you your yours i me my mine not
    no do does did doing done has have had having will would shall should can could may might must
    also such into onto over under about after before between during more most other some any all
    each every both either neither so if because while though although very just only own same too
    s t up down out off again further once here both few many much""".split()
)
NUMBER_WORDS = frozenset(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen"
    " sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety"
    " hundred thousand million billion dozen".split()
)
NEGATIONS = frozenset(
    "not no never none nobody nothing neither nor without cannot can't won't don't doesn't didn't "
    "isn't aren't wasn't weren't hasn't haven't hadn't shouldn't wouldn't couldn't fail fails failed "
    "lack lacks lacking absent unable".split()
)


def fold(text: str) -> str:
    """Lower-case, NFKC, quotes and dashes unified: the form every comparison uses."""
    text = unicodedata.normalize("NFKC", text).lower()
    return text.translate(_PUNCT)


_PUNCT = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                        "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u00a0": " "})


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A tiny suffix stripper: enough to match plurals and tenses in overlap counts."""
    for suf in ("ingly", "edly", "ing", "ies", "ied", "ed", "es", "s", "ly"):
        if word.endswith(suf) and len(word) - len(suf) >= 3:
            base = word[: -len(suf)]
            return base + "y" if suf in ("ies", "ied") else base
    return word


@lru_cache(maxsize=65536)
def content_words(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in words(text)
            if w not in STOPWORDS and not w.isdigit() and w not in NUMBER_WORDS)


def overlap(claim: str, source: str) -> float:
    """Share of the claim's content words (stemmed) that occur in the source."""
    cw = content_words(claim)
    if not cw:
        return 1.0
    return len(cw & content_words(source)) / len(cw)


def negation_count(text: str) -> int:
    return sum(1 for w in words(text) if w in NEGATIONS or w.endswith("n't"))


def naive_baseline(claim: str, source: str) -> bool:
    """The benchmark's naive baseline: supported when every number and every content word of
    the claim occurs in the source (after lower-casing)."""
    src = set(words(source))
    return all(w in src for w in words(claim) if w not in STOPWORDS)


UP = frozenset("increase increases increased increasing higher more greater rise rises rose raise "
               "raises raised elevated enhance enhances enhanced improve improves improved promote "
               "promotes promoted boost boosts gain gains upregulate upregulates upregulated "
               "larger positive positively above exceed exceeds".split())
DOWN = frozenset("decrease decreases decreased decreasing lower less fewer reduce reduces reduced "
                 "reduction decline declines declined fall falls fell drop drops dropped diminish "
                 "diminished inhibit inhibits inhibited suppress suppresses suppressed impair "
                 "impairs impaired downregulate downregulates downregulated smaller negative "
                 "negatively below worse worsen worsens".split())


def content_sequence(text: str) -> list[str]:
    return [stem(w) for w in words(text)
            if w not in STOPWORDS and not w.isdigit() and w not in NUMBER_WORDS]


def bigram_overlap(claim: str, window: str) -> float:
    c = content_sequence(claim)
    cb = set(zip(c, c[1:]))
    if not cb:
        return 1.0
    w = content_sequence(window)
    return len(cb & set(zip(w, w[1:]))) / len(cb)


def rare_overlap(claim: str, source: str) -> float:
    raw = [w for w in _WORD.findall(unicodedata.normalize("NFKC", claim))
           if len(w) >= 7 or any(ch.isdigit() for ch in w) or w[:1].isupper()]
    rare = {stem(w.lower()) for w in raw if w.lower() not in STOPWORDS}
    if not rare:
        return 1.0
    src = {stem(w) for w in words(source)}
    return len(rare & src) / len(rare)


def direction(text: str) -> tuple[bool, bool]:
    ws = set(words(text))
    return bool(ws & UP), bool(ws & DOWN)
