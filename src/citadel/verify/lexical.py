"""Word-level helpers: tokens, content words, overlap, and the naive baseline."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
STOPWORDS = frozenset(
    """a an the of to in on at for by with from and or but nor is are was were be been being am
    as that this these those it its which who whom whose what when where why how than then there
    their theirs they them he she him his her hers we us our ours you your yours i me my mine not
    no do does did doing done has have had having will would shall should can could may might must
    also such into onto over under about after before between during more most other some any all
    each every both either neither so if because while though although very just only own same too
    s t up down out off again further once here both few many much
    nobody anyone anybody everyone everybody""".split()
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


#: the suffixes the stemmer strips, the first that fits
_SUFFIXES = ("ingly", "edly", "ing", "ies", "ied", "ed", "es", "s", "ly")


def _suffixed(word: str) -> tuple[str, str]:
    """``(base, suffix)``: the word without a possessive and the first suffix that leaves
    three letters ("" for none)."""
    if word.endswith("'s") and len(word) > 3:
        word = word[:-2]
    for suf in _SUFFIXES:
        if word.endswith(suf) and len(word) - len(suf) >= 3:
            return word[: -len(suf)], suf
    return word, ""


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A tiny suffix stripper: enough to match plurals, possessives and tenses in overlap
    counts ("party's" is "party"). A word and its forms share one stem: a final "e" goes
    ("time", "times" and "timed" are "tim"; "medicine" and "medicines" "medicin"), "-es" is
    a suffix only after a sibilant ("boxes"), a final "ss" is no plural ("witness"), and a
    consonant doubled before "-ing" or "-ed" is single ("stopped" is "stop"; "cancelling",
    "cancelled" and "cancel" are "cancel")."""
    base, suf = _suffixed(word)
    if suf in ("ies", "ied"):
        return base + "y"
    if suf == "s" and base.endswith("s"):
        base += "s"  # "witness" is no plural: it and "witnesses" are "witness"
    if suf in ("ed", "edly") and base.endswith("e"):
        base += "e"  # "agreed", "freed"
    elif suf == "es" and not base.endswith(("s", "x", "z", "ch", "sh")):
        base += "e"  # "times" is "time" and "s"
    elif suf in ("ing", "ed", "ingly", "edly") and len(base) >= 4 and base[-1] == base[-2] and base[-1] in _DOUBLED:
        base = base[:-1]
    return _word_end(base)


def feature_stem(word: str) -> str:
    """The plain suffix stripper the combiner's word-overlap features were fitted with
    (``train/verifier/calibrate.py``): :func:`stem` before it joined a word's forms
    ("time" and "times" are "time" and "tim" here). The fitted weights read overlaps as this
    counts them, so the features keep it until the combiner is fitted again."""
    base, suf = _suffixed(word)
    return base + "y" if suf in ("ies", "ied") else base


@lru_cache(maxsize=65536)
def feature_words(text: str) -> frozenset[str]:
    """:func:`content_words` as the combiner's features count them (:func:`feature_stem`)."""
    return frozenset(feature_stem(w) for w in words(text) if is_content(w))


def feature_overlap(claim: str, source: str) -> float:
    """:func:`overlap` as the combiner's features count it (:func:`feature_stem`)."""
    return _share(feature_words(claim), feature_words(source))


def is_content(word: str) -> bool:
    """A word that carries content: no stopword, no number."""
    return word not in STOPWORDS and not word.isdigit() and word not in NUMBER_WORDS


def _share(mine: frozenset[str], theirs: frozenset[str]) -> float:
    """The share of ``mine`` in ``theirs`` (1.0 when ``mine`` is empty)."""
    return len(mine & theirs) / len(mine) if mine else 1.0


#: consonants doubled before "-ing" and "-ed" ("stopped", "planning", "cancelled")
_DOUBLED = frozenset("bdgmnprtl")


def _word_end(word: str) -> str:
    """A stem without the final "e" or the second "l" that some of a word's forms lack
    ("close" / "closed", "cancel" / "cancelled"); function words stay as they are ("more",
    "note" is no "not")."""
    if len(word) < 4 or word in STOPWORDS or word[:-1] in STOPWORDS:
        return word
    if word.endswith("e") and not word.endswith("ee"):
        return word[:-1]
    if word.endswith("ll"):
        return word[:-1]
    return word


@lru_cache(maxsize=65536)
def content_words(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in words(text) if is_content(w))


def overlap(claim: str, source: str) -> float:
    """Share of the claim's content words (stemmed) that occur in the source."""
    return _share(content_words(claim), content_words(source))


#: bounds written with a negation ("no more than four" is "up to four"): not negations
NEGATED_BOUND = re.compile(r"\b(?:no|not|never|cannot|can't)\s+(?:(?!than\b)[a-z]+\s+){0,5}(?:more|fewer|less|later|earlier|longer|"
                           r"sooner|greater|higher|lower)\s+than\b|"
                           # "no members younger than 19": an age or a weight bounded, not someone denied
                           r"\b(?:no|not|never)\s+(?:(?!than\b)[a-z]+\s+)?(?:younger|older|shorter|heavier|lighter)\s+than\s+"
                           r"(?=\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty)\b)|\b(?:not|never)\s+exceeds?(?:ing)?\b",
                           re.IGNORECASE)


#: support taken away, said without a negation word: "Version 3 drops support for Windows 7"
CEASED = re.compile(r"\b(?:drops?|dropped|dropping|ends?|ended|ending|removes?|removed|removing|discontinues?|"
                     r"discontinued|withdraws?|withdrew|withdrawn)\s+(?:the\s+|its\s+|official\s+)?support\s+(?:for|of)\b",
                     re.IGNORECASE)


#: ... and said of the support itself: "Support for Android 9 ends with this version"
_SUPPORT_ENDS = re.compile(r"\bsupport\s+for\s+(?P<thing>(?:[^,;.:!?]|(?<=\d)\.(?=\d)){1,40}?)\s+(?P<verb>ends|ended|stops|stopped|"
                           r"(?:is|was|has\s+been|will\s+be)\s+(?:dropped|removed|discontinued|withdrawn|ended))\b",
                           re.IGNORECASE)


def support_ended(text: str) -> str:
    """The text with support said to end ("Support for X ends") put as :data:`CEASED` reads
    it ("ends support for X")."""
    return _SUPPORT_ENDS.sub(lambda m: f"ends support for {m.group('thing')}", text)


def ceased_count(text: str) -> int:
    """How many of ``text``'s negations are support taken away ("drops support for")."""
    return len(CEASED.findall(support_ended(text)))


#: "returns None": a value's name inside a sentence (capitalised after a word), no denial
_NONE_VALUE = re.compile(r"(?<=\w )None\b")


#: "no other" before a comparison, or "no" and a noun that is more of something than a
#: named thing: a superlative ("No other river carries as much water as the Amazon", "No
#: planet is closer to the Sun than Mercury"), no denial. "No refund is given later than 30
#: days" compares with an amount: a denial
NO_OTHER = re.compile(r"\b(?:no|none)\s+other\b(?=[^.;]*?\b(?:as\s+\w+(?:\s+\w+){0,2}\s+as|than)\b)"
                      r"|\bno\s+(?=(?:[a-z-]+\s+){1,4}?(?:is|are|was|were|has|have|had)\s+(?:[a-z]{3,}er|more\s+[a-z]+|fewer\s+[a-z]+)\b"
                      r"[^.;\d]*?\bthan\s+(?!(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten)\b)[a-z])",
                      re.IGNORECASE)


def negation_count(text: str) -> int:
    text = NO_OTHER.sub(" ", NEGATED_BOUND.sub(" ", _NONE_VALUE.sub(" ", text)))
    return sum(1 for w in words(text) if w in NEGATIONS or w.endswith("n't")) + ceased_count(text)


def naive_baseline(claim: str, source: str) -> bool:
    """The benchmark's naive baseline: supported when every number and every content word of
    the claim occurs in the source (after lower-casing)."""
    src = set(words(source))
    return all(w in src for w in words(claim) if w not in STOPWORDS)


UP = frozenset("increase increases increased increasing higher more greater rise rises rose raise "
               "raises raised elevated enhance enhances enhanced improve improves improved promote "
               "promotes promoted boost boosts gain gains upregulate upregulates upregulated "
               "larger positive positively above exceed exceeds dearer pricier costlier".split())
DOWN = frozenset("decrease decreases decreased decreasing lower lowers lowered less fewer reduce "
                 "reduces reduced reduction decline declines declined fall falls fell drop drops "
                 "dropped diminish diminished inhibit inhibits inhibited suppress suppresses "
                 "suppressed impair impairs impaired downregulate downregulates downregulated "
                 "smaller negative negatively below worse worsen worsens worsened cheaper".split())


def content_sequence(text: str) -> list[str]:
    """The content words in order, as the combiner's features count them (:func:`feature_stem`)."""
    return [feature_stem(w) for w in words(text) if is_content(w)]


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
    rare = {feature_stem(w.lower()) for w in raw if w.lower() not in STOPWORDS}
    if not rare:
        return 1.0
    src = {feature_stem(w) for w in words(source)}
    return len(rare & src) / len(rare)


def direction(text: str) -> tuple[bool, bool]:
    ws = set(words(text))
    return bool(ws & UP), bool(ws & DOWN)


_OPPOSITES = (
    "increase decrease", "increases decreases", "increased decreased", "increasing decreasing",
    "higher lower", "more less", "greater smaller", "larger smaller", "longer shorter",
    "positive negative", "positively negatively", "promote inhibit", "promotes inhibits",
    "promoted inhibited", "improve impair", "improves impairs", "improved impaired",
    "activate deactivate", "activates deactivates", "activated deactivated", "enhance reduce",
    "enhances reduces", "enhanced reduced", "upregulates downregulates",
    "upregulated downregulated", "raise lower", "raises lowers", "raised lowered",
    "elevated reduced", "rise fall", "rose fell", "risen fallen",
    "rises falls", "benefit harm", "beneficial harmful", "better worse", "above below",
    "gain loss", "high low", "protects harms", "effective ineffective",
    "sufficient insufficient", "necessary unnecessary", "stimulates suppresses",
    "accelerates slows", "most least", "strong weak", "stronger weaker", "before after",
    "earlier later", "always never", "all none",
)
_SWAP: dict[str, str] = {}
for _pair in _OPPOSITES:
    _a, _b = _pair.split()
    _SWAP.setdefault(_a, _b)
    _SWAP.setdefault(_b, _a)
_LETTERS = re.compile(r"[A-Za-z]+")
_MINUS = re.compile(r"\s+(?:any|the|a|an|your|their|its|our|his|her|all)\b", re.IGNORECASE)
# main verbs that opposite() negates in place ("X regulates Y" -> "X does not regulate Y");
# verbs whose -s form is mostly a plural noun (results, uses, costs, controls) are left out
_VERBS = frozenset(
    "cause regulate induce affect require predict mediate prevent protect contribute lead "
    "correlate associate bind interact drive trigger block modulate encode express occur depend "
    "determine alter influence enable confer produce contain involve exhibit show facilitate "
    "recruit stabilize destabilize direct govern maintain restore reverse allow provide include "
    "delay extend shorten limit mimic resemble differ vary persist remain reflect explain "
    "accompany precede follow antagonize potentiate phosphorylate localize accumulate".split())
_DETERMINERS = frozenset("the a an this that these those its their our his her your my no any "
                         "each every some".split())

_NEGATED = re.compile(r"\b(?:not|never|no longer|no)\b\s*|(?<=\w)n't\b", re.IGNORECASE)
_AUXILIARY = re.compile(r"\b(?:is|are|was|were|can|could|may|might|will|would|should|does|do|did|"
                        r"has|have|had|must)\b(?!\s+not\b)", re.IGNORECASE)


def _verb_form(word: str, prev: str) -> tuple[str, str] | None:
    """(base form, auxiliary) when ``word``, after ``prev``, is a known main verb:
    "regulates" -> ("regulate", "does"); "bind" after a plural noun -> ("bind", "do")."""
    if word.endswith("ies") and word[:-3] + "y" in _VERBS:
        return word[:-3] + "y", "does"
    for suffix in ("es", "s"):
        if word.endswith(suffix) and word[: -len(suffix)] in _VERBS:
            return word[: -len(suffix)], "does"
    if word in _VERBS and len(prev) > 3 and re.search(r"[^su]s$", prev):  # plural noun
        return word, "do"
    return None


def _negate_main_verb(claim: str) -> str | None:
    """"X regulates Y" -> "X does not regulate Y"; "Cells bind Y" -> "Cells do not bind Y"."""
    prev = ""
    for m in re.finditer(r"(?<=\s)[a-z]+\b|\S+", claim):
        word = m.group(0)
        if m.start() and word.isalpha() and prev.lower() not in _DETERMINERS:
            form = _verb_form(word, prev)
            if form is not None:
                return f"{claim[: m.start()]}{form[1]} not {form[0]}{claim[m.end():]}"
        prev = word
    return None


#: a denial in a relative clause of the subject ("A guest who is not on the premium plan pays
#: 15 EUR", "Students who are not native speakers must ..."): it names the case, it denies
#: nothing of the predicate
RELATIVE_DENIAL = re.compile(r"\b(?:who|that|which|whose)\s+(?:[a-z']+\s+){0,2}?(?:not|never)\b|"
                             r"\b(?:who|that|which)\s+(?:don't|doesn't|didn't|aren't|isn't|haven't|hasn't)\b",
                             re.IGNORECASE)


def opposite(claim: str) -> str:
    """The claim turned into its opposite, for a contrastive check: direction words swapped
    ("increases" -> "decreases", "positively" -> "negatively"), else a negation removed,
    else one added after the first auxiliary verb or before a known main verb ("regulates"
    -> "does not regulate"), else "It is not the case that ..."

    A source that supports the opposite better than the claim speaks against the claim:
    the verifier compares the model's P(entailment) of both on the same window.
    """
    swapped = 0

    def swap(m: re.Match[str]) -> str:
        nonlocal swapped
        word = m.group(0)
        other = _SWAP.get(word.lower())
        if other is None or _MINUS.match(claim, m.end()) and word.lower() == "less":
            return word  # "less any repair costs" is "minus", no amount compared
        swapped += 1
        return other.capitalize() if word[0].isupper() else other

    text = _LETTERS.sub(swap, claim)
    if swapped:
        return text
    denial = _NEGATED.search(claim)
    if denial is not None and any(r.start() <= denial.start() < r.end() for r in RELATIVE_DENIAL.finditer(claim)):
        # a denial in the subject's relative clause names a case ("A guest who is not on the
        # plan pays ..."): no denial of the claim's to take away, nor an auxiliary of its own first
        return _not_the_case(claim)
    if denial is not None:
        return re.sub(r"\s{2,}", " ", _NEGATED.sub("", claim, count=1)).strip()
    m = _AUXILIARY.search(claim)
    if m:
        return claim[: m.end()] + " not" + claim[m.end():]
    negated = _negate_main_verb(claim)
    if negated is not None:
        return negated
    return _not_the_case(claim)


def _not_the_case(claim: str) -> str:
    """The claim's opposite said whole: "It is not the case that ..." (its first letter lower
    case when the second letter is: "the ..." of "The ...", but "NASA ..." kept)."""
    body = claim.strip()
    return "It is not the case that " + (body[:1].lower() + body[1:] if body[1:2].islower() else body)


# Direction words for scoped_directions(): UP and DOWN plus verbs and comparatives of change
# that are too domain-bound for the whole-window direction() ("slowed", "blocked", "faster").
_SCOPED_UP = (UP - {"above", "exceed", "exceeds"}) | frozenset(
    "increasing elevate elevates elevating enhancing improving promoting boosted stimulate "
    "stimulates stimulated stimulating activate activates activated activating accelerate "
    "accelerates accelerated accelerating faster encourage encourages encouraged potentiate "
    "potentiates potentiated augment augments augmented amplify amplifies amplified exacerbate "
    "exacerbates exacerbated upregulation longer stronger".split())
_SCOPED_DOWN = (DOWN - {"below"}) | frozenset(
    "lowering reducing diminishes inhibiting inhibition suppressing suppression downregulation "
    "slow slows slowed slowing slower block blocks blocked blocking attenuate attenuates "
    "attenuated abolish abolishes abolished prevent prevents prevented preventing repress "
    "represses repressed deactivate deactivates deactivated abrogate abrogates abrogated "
    "shorter weaker loss".split())


class Directed(NamedTuple):
    """One thing a text says goes up or down (see :func:`scoped_directions`)."""

    sign: int  # +1 up, -1 down
    words: tuple[str, ...]  # what goes up or down: one to three content words, stemmed
    before: bool  # the words come before the direction word ("levels were reduced")
    phrase: str  # as written (folded): "no increased risk of hypospadias"
    compound: bool = False  # two words after it with none between ("thyroid volume")


_COPULAS = frozenset("is are was were be been being became become becomes remained remains"
                     .split())


class _Tok(NamedTuple):
    kind: str  # + up, - down, ! negation, # number, = copula, w content word
    text: str  # the stem of a content word, else the word
    raw: str
    start: int
    end: int
    gap: bool  # a stop word was skipped right before it


def scoped_directions(text: str) -> list[Directed]:
    """What ``text`` says goes up or down: the direction word with the one or two content
    words after it ("reduced headache attacks"), or, after a copula, up to three before it
    ("ascorbic acid levels were markedly reduced"). A negation before the direction word (or
    its adverb) turns it ("no increased risk" goes down); a number right after it makes it a
    quantity, which is the number layer's.

    "Tricyclics reduced headache attacks" ->
    ``[Directed(-1, ("headache", "attack"), False, "reduced headache attacks", True)]``."""
    folded = fold(text)
    toks: list[_Tok] = []
    gap = False
    for m in _WORD.finditer(folded):
        w = m.group(0)
        if w in _SCOPED_UP or w in _SCOPED_DOWN:
            kind = "+" if w in _SCOPED_UP else "-"
        elif w in NEGATIONS or w.endswith("n't"):
            kind = "!"
        elif w.isdigit() or w in NUMBER_WORDS:
            kind = "#"
        elif w in _COPULAS:
            kind = "="
        elif w not in STOPWORDS:
            kind = "w"
        else:
            gap = True
            continue
        toks.append(_Tok(kind, stem(w) if kind == "w" else w, w, m.start(), m.end(), gap))
        gap = False
    out = []
    for i, tok in enumerate(toks):
        if tok.kind not in "+-":
            continue
        sign, start = (1 if tok.kind == "+" else -1), tok.start
        j = i - 1
        if j >= 0 and toks[j].raw.endswith("ly"):  # "significantly reduced"
            j -= 1
        if j >= 0 and toks[j].kind == "!":
            sign, start, j = -sign, toks[j].start, j - 1
        if j >= 1 and toks[j].kind == "=" and toks[j - 1].kind == "w":
            head = [t for t in toks[max(0, j - 3) : j] if t.kind == "w"]
            out.append(Directed(sign, tuple(t.text for t in head), True,
                                folded[head[0].start : tok.end]))
            continue
        if i + 1 >= len(toks) or toks[i + 1].kind != "w":
            continue
        last = i + 2 if i + 2 < len(toks) and toks[i + 2].kind == "w" else i + 1
        out.append(Directed(sign, tuple(t.text for t in toks[i + 1 : last + 1]), False,
                            folded[start : toks[last].end],
                            compound=last == i + 2 and not toks[last].gap))
    return out
