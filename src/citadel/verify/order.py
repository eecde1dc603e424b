"""Order: which comes first, and which is more.

A claim that turns an order around shares nearly every word with its source, so overlap and
the model call it supported. Three checks, each on the statement the claim restates:

- :func:`turned_relation`: the claim puts an act *before* an event the source puts it
  *after* ("use the Allen key before the table is upright" against "only after the table is
  standing upright"; "fees paid during the year after the claim" against "in the twelve
  months before the claim");
- :func:`dated_order`: the claim orders two events the source dates the other way ("Louis
  XVI was executed before the monarchy was abolished" where the monarchy ended in September
  1792 and the execution was in January 1793);
- :func:`turned_comparison`: the claim compares a thing the other way from the source ("the
  Nile is shorter than the Amazon" where "the Nile is slightly longer"; "Sydney is not as big
  as Melbourne" where "Sydney is the largest city").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from citadel.verify.atomic import subject_of
from citadel.verify.lexical import DOWN, UP, content_words, fold, overlap, stem
from citadel.verify.windows import sentences

#: an event runs to the clause's end or the next relation word ("the day before is sold ... after
#: 4 p.m." relates the sale to 4 p.m.)
_RELATION = re.compile(r"\b(before|after|prior to|following|until|without)\b\s+(?P<event>(?:(?!\b(?:before|after|"
                       r"prior to|following|until|without)\b)[^,;:.!?]){3,80})", re.IGNORECASE)
#: a relation word said as an adverb, its verb next: "the day before is sold", "soon after was closed"
_ADVERB = frozenset("is are was were be been has have had will would can could may must should".split())
#: -1: the act comes first; 1: the event comes first; 0: the event need not happen at all
#: ("take effect without restarting the service" against "only after the service is
#: restarted")
_SIGN = {"before": -1, "prior to": -1, "until": -1, "after": 1, "following": 1, "without": 0}
#: how much of the claim's event the source's must hold to be the same event
MIN_EVENT = 0.6
#: how much of the claim the source sentence must hold to be the one it restates
MIN_RESTATED = 0.4


#: verbs of coming and going that say where a thing is, not what is done to it: "before they
#: go into the oven" and "after they come out of the oven" are one event, the oven
_LIGHT = frozenset("go goes going went gone come comes coming came get gets getting got put puts putting "
                   "take takes taking took taken".split())


_NOT_IN = re.compile(r"\b(?:not|never|no)\b|n't\b", re.IGNORECASE)
#: "Knead the dough, then let it rise": two acts in their order
_THEN = re.compile(r",?\s+(?:and\s+)?then\s+", re.IGNORECASE)


def _sequenced(sentence: str) -> list[tuple[int, frozenset[str], str]]:
    """The events of a sentence that orders two acts with "then", as :func:`_events` gives
    them: the first act is an event the second comes after (+1), the second one the first
    comes before (-1)."""
    parts = _THEN.split(sentence, maxsplit=1)
    if len(parts) != 2:
        return []
    first, second = (content_words(p) - _LIGHT for p in parts)
    return [(1, first, parts[0].strip()), (-1, second, parts[1].strip())] if first and second else []


def _events(text: str) -> list[tuple[int, frozenset[str], str]]:
    """(sign, the event's words, the phrase) of each "before"/"after"/"until" phrase; a time of
    day ("after 3 p.m.") is no event but a value, the number layer's (its "p" is no word)."""
    return [(_SIGN[m.group(1).lower()], content_words(m.group("event")) - _LIGHT or content_words(m.group("event")),
             m.group(0))
            for m in _RELATION.finditer(text) if any(len(w) > 1 for w in content_words(m.group("event")))
            and m.group("event").split()[0].lower() not in _ADVERB]


def turned_relation(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim phrase, source phrase)`` when the claim relates its act to an event with
    "before" where the sentence it restates says "after" (or the reverse) of the same event,
    and no sentence of the source relates it the claim's way."""
    said = _events(claim)
    if not said:
        return None
    spans = [source[s:e] for s, e in sentences(source)]
    for sign, event, phrase in said:
        same, other = False, None
        for sent in spans:
            if overlap(claim, sent) < MIN_RESTATED:
                continue
            steps = _sequenced(sent)
            for s_sign, s_event, s_phrase in _events(sent) + steps:
                if len(event & s_event) < max(1.0, MIN_EVENT * len(event)) or _NOT_IN.search(s_phrase):
                    continue  # (an event said with a denial, "until soft but not browned", is no event)
                if (s_sign, s_event, s_phrase) in steps and not (
                        content_words(claim) - event) & next(e for _, e, p in steps if p != s_phrase):
                    # two steps with "then" order the act of the other step, which the claim
                    # does not name: "heated before baking" for "Bake ..., then leave it to cool"
                    continue
                if s_sign == sign:
                    same = True
                elif other is None:
                    other = s_phrase
        if other is not None and not same:
            return phrase.strip(), other.strip()
    return None


_FIRST = re.compile(r"\b(?:first|firstly|initially)\b", re.IGNORECASE)
_STEPS_THEN = re.compile(r"(?:,\s*|\s+and\s+|;\s*)then\s+", re.IGNORECASE)
_PREPOSITIONS = frozenset("by on in at with for from to".split())


#: a claim that says something holds from the beginning
_FROM_START = re.compile(r"\bfrom\s+the\s+(?:start|beginning|outset|first\s+day)\b|\bfrom\s+day\s+one\b|\bright\s+away\b|"
                         r"\bimmediately\b|\bstraight\s+away\b", re.IGNORECASE)
#: a sentence or clause that says it holds only later: "After that, ...", "Afterwards ..."
_LATER_ON = re.compile(r"(?:^|[;:]\s*|\.\s+)(?:only\s+)?(?:after\s+that|afterwards?|thereafter|after\s+the\s+first\s+[^,]{1,30}|"
                       r"from\s+then\s+on)\s*,?\s*(?P<rest>[^.;]+)", re.IGNORECASE)


def start_turned(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's "from the start", source's "after that")`` when the claim says something holds
    from the beginning ("follows the central bank rate from the start") that the source says only
    of a later time ("... fixed for the first two years. After that, it follows the central bank
    rate"): the source's later clause holds the claim's other content words, but one in four."""
    m = _FROM_START.search(claim)
    if m is None or _NOT_IN.search(claim):
        return None
    mine = {stem(w) for w in content_words(claim[: m.start()] + " " + claim[m.end():])}
    for later in _LATER_ON.finditer(source):
        said = {stem(w) for w in content_words(later.group("rest"))}
        if len(mine) >= 2 and len(mine - said) <= len(mine) // 4:
            return m.group(0), later.group(0).strip(" .;:")
    return None


def first_turned(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's "first", source's second step)`` when the claim says "first" of what a source
    sentence puts second with "then" ("goals scored decide first" where teams "are separated by
    goal difference, then by goals scored"): the claim names a word of the second step and none
    of the first. Steps said as parallel phrases ("by ..., then by ...") are read from the
    first's last such phrase."""
    said_first = _FIRST.search(claim)
    if said_first is None or _NOT_IN.search(claim):
        return None
    mine = {stem(w) for w in content_words(claim)}
    for s, e in sentences(source):
        # (two steps joined: ", then", "and then"; "are then passed on" is one step said later)
        parts = _STEPS_THEN.split(source[s:e], maxsplit=1)
        if len(parts) != 2:
            continue
        first, second = parts
        lead = second.split()[0].lower() if second.split() else ""
        if lead in _PREPOSITIONS:
            at = [m.start() for m in re.finditer(rf"\b{lead}\b", first, re.IGNORECASE)]
            first = first[at[-1]:] if at else first
        a, b = ({stem(w) for w in content_words(p)} for p in (first, second))
        if mine & (b - a) and not mine & (a - b):
            return said_first.group(0), "then " + second.strip().rstrip(".")
    return None


_MONTHS = {m: i for i, m in enumerate(
    "jan feb mar apr may jun jul aug sep oct nov dec".split(), start=1)}
_DATED = re.compile(r"\b(?:(?P<day>\d{1,2})\s+)?(?:(?P<month>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
                    r"[a-z]*\.?\s+(?:(?P<day2>\d{1,2}),?\s+)?)?(?P<year>1\d{3}|20\d{2})\b", re.IGNORECASE)
_STATEMENT = re.compile(r";\s+|,\s+(?:and|but|while|whereas|then)\s+|\s+(?:and then|whereas|while)\s+")
_CLAIM_ORDER = re.compile(r"^(?P<a>.+?)\s+\b(?P<rel>before|after|prior to)\b\s+(?P<b>.+)$", re.IGNORECASE)


def _date(text: str) -> tuple[int, int, int] | None:
    """The one date a statement gives, as (year, month, day) with 0 for what it leaves out;
    None for none or several."""
    found = list(_DATED.finditer(text))
    if len(found) != 1:
        return None
    m = found[0]
    month = _MONTHS.get((m.group("month") or "").lower()[:3], 0)
    day = int(m.group("day") or m.group("day2") or 0)
    return int(m.group("year")), month, day


def _before(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool | None:
    """Whether ``a`` is before ``b``, or None when their precision cannot tell."""
    for x, y in zip(a, b):
        if x == 0 or y == 0:
            return None
        if x != y:
            return x < y
    return None


def dated_order(claim: str, source: str) -> tuple[str, str] | None:
    """``(first, second)`` (the source's statements, in its order) when the claim says "A
    before B" (or after) of two events the source dates the other way. Each event must be
    the one statement (a sentence or a part of one) that holds most of its words, and
    each statement must give one date."""
    found = _dated(claim, source)
    return found[:2] if found is not None and not found[2] else None


def order_confirmed(claim: str, source: str) -> bool:
    """The source's dates put the claim's two events in the claim's order, or its ranked
    list bears the claim's comparison out: then the model's preference for the reversed
    claim (which it reads as close to any text with both events) says nothing."""
    found = _dated(claim, source)
    return (found is not None and found[2]) or ranked_comparison(claim, source) is True \
        or _sequence_confirmed(claim, source)


def _sequence_confirmed(claim: str, source: str) -> bool:
    """A source sentence that orders two acts with "then" relates the claim's act to its
    event the claim's way ("Rinse the rice before cooking it" for "Rinse the rice, then cook it")."""
    said = _events(claim)
    for s, e in sentences(source):
        sent = source[s:e]
        if overlap(claim, sent) < MIN_RESTATED:
            continue
        for sign, event, _ in said:
            if any(s_sign == sign and len(event & s_event) >= max(1.0, MIN_EVENT * len(event))
                   for s_sign, s_event, _ in _sequenced(sent)):
                return True
    return False


#: the most words of a second event said without its verb ("before Everest", "after the war")
MAX_BARE_EVENT = 4
_FINITE = re.compile(r"\b(?:is|are|was|were|has|had|have|did|does|do|began|ended|opened|closed|[a-z]{3,}ed)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _dated(claim: str, source: str) -> tuple[str, str, bool] | None:
    m = _CLAIM_ORDER.match(claim.strip().rstrip("."))
    if m is None or _DATED.search(claim):
        return None
    a, b = m.group("a"), m.group("b")
    if len(content_words(a)) < 1 or len(content_words(b)) < 1:
        return None
    # "K2 was first climbed before Everest": the second event is the first's predicate, said
    # of another subject ("Everest was first climbed")
    subject = subject_of(a)
    if subject and len(b.split()) <= MAX_BARE_EVENT and not _FINITE.search(b) and a.strip() != subject.strip():
        b = f"{b} {a.strip()[len(subject.strip()):]}"
    parts = [p for s, e in sentences(source) for p in _STATEMENT.split(source[s:e]) if p.strip()]

    def home(event: str, taken: str | None = None) -> str | None:
        scored = sorted(((overlap(event, p), p) for p in parts if p != taken), key=lambda x: -x[0])
        if not scored or scored[0][0] < MIN_RESTATED or (len(scored) > 1 and scored[1][0] == scored[0][0]):
            return None
        return scored[0][1]

    # (a tie between two statements for one event goes to the one the other event does not
    # take: "The Gutenberg Bible was printed" where "... press was developed by Gutenberg")
    pa, pb = home(a), home(b)
    if pa is None and pb is not None:
        pa = home(a, pb)
    elif pb is None and pa is not None:
        pb = home(b, pa)
    if pa is None or pb is None or pa == pb:
        return None
    da, db = _date(pa), _date(pb)
    if da is None or db is None:
        return None
    first = _before(da, db)
    if first is None:
        return None
    claimed_first = m.group("rel").lower() in ("before", "prior to")
    return ((pa, pb) if first else (pb, pa)) + (first == claimed_first,)


#: comparatives and superlatives by scale, with their sign
SCALES: dict[str, tuple[str, int]] = {}
for _scale, _up, _down in (
        ("length", "longer longest", "shorter shortest"),
        ("size", "bigger biggest larger largest greater greatest", "smaller smallest"),
        ("speed", "faster fastest quicker quickest", "slower slowest"),
        ("height", "higher highest taller tallest", "lower lowest"),
        ("age", "older oldest elder eldest", "younger youngest newer newest"),
        ("weight", "heavier heaviest", "lighter lightest"),
        ("time", "earlier earliest", "later latest"),
        ("price", "dearer dearest costlier costliest pricier", "cheaper cheapest"),
        ("heat", "hotter hottest warmer warmest", "colder coldest cooler coolest"),
        ("distance", "farther farthest further furthest", "nearer nearest closer closest")):
    for _w in _up.split():
        SCALES[_w] = (_scale, 1)
    for _w in _down.split():
        SCALES[_w] = (_scale, -1)
#: "as big as" names the scale by its base word (each points up its scale)
SCALE_BASES = {"long": "length", "big": "size", "large": "size", "fast": "speed", "quick": "speed",
         "high": "height", "tall": "height", "old": "age", "heavy": "weight", "early": "time",
         "expensive": "price", "hot": "heat", "warm": "heat", "far": "distance"}
SCALE_BASES.update({"quickly": "speed", "rapidly": "speed"})
#: bases that point down their scale: "more slowly" is less speed
_DOWN_BASES = {"slow": "speed", "slowly": "speed", "cheap": "price", "cheaply": "price"}
#: verbs whose "more" or "less" names the scale: "weighs more than", "costs 3 EUR less than"
VERB_SCALES = {"weigh": "weight", "weighs": "weight", "weighed": "weight", "cost": "price", "costs": "price",
               "pay": "price", "pays": "price", "charge": "price", "charges": "price", "last": "length",
               "lasts": "length", "take": "length", "takes": "length"}
#: "costs 3 EUR more than", "weighs less than", "more expensive than": a comparison said with
#: "more" or "less" (at most four words between the verb and it)
_VERB_MORE = re.compile(r"\b(?P<verb>" + "|".join(VERB_SCALES) + r")\s+(?:[^\s.;,]+\s+){0,4}?(?P<way>more|less)\s+than\b"
                        r"|\b(?P<mod>more|less)\s+(?P<base>[a-z]+)\s+than\b")
_NOT_AS = re.compile(r"\b(?:not|n't|never)\s+(?:\w+\s+)?as\s+(?P<base>\w+)\s+as\b", re.IGNORECASE)
#: a rank below the first before a superlative: "the second-highest", "third largest"
_RANKED_BELOW = re.compile(r"\b(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))[- ]$")
_TIMES_AS = re.compile(r"\b(?:(?P<half>half|a\s+third|a\s+quarter)|twice|double|(?:two|three|four|five|six|ten|\d+(?:\.\d+)?)"
                       r"\s+times)\s+as\s+(?P<base>[a-z]+)\b")
_QUANTIFIED = re.compile(r"\b(?:no|not|none|nothing|nobody|never|few|every|all|any)\b|n't")
_NEGATED = re.compile(r"\b(?:not|no|never)\s+(?:\w+\s+)?$|n't\s+(?:\w+\s+)?$", re.IGNORECASE)


#: the verbs that close the words before a comparison: "the white nile supplies | more water"
_TRAILING_VERB = re.compile(r"(?:\s+(?:is|are|was|were|has|have|had|can|may|will|does|do|did|gets?|[a-z]{3,}(?:es|s|ed)))+\s*$")
#: "more water than", "less rain than": a comparison of amounts of a thing
_MORE_THING = re.compile(r"\b(?P<way>more|less)\s+(?P<noun>[a-z]{3,})\s+than\b")
#: "most of the water", "the least of the rain": the greatest or least amount of a thing
_MOST_OF = re.compile(r"\b(?P<way>most|least)\s+of\s+(?:the|its|their)\s+(?P<noun>[a-z]{3,})\b")
#: words after "more" that are no thing: "more than", "more often than"
STOP_NOUNS = frozenset("than often likely frequently quickly slowly time times".split())


def _compared(text: str) -> list[tuple[str, int, int, bool]]:
    """(scale, sign, position, superlative) of each comparison the text makes: "shorter"
    (-1), "the largest" (+1, superlative), "not as big as" (-1). A negated comparative ("no
    longer than") says less than its reverse and is not read."""
    out = []
    low = fold(text)
    for m in _NOT_AS.finditer(low):
        scale = SCALE_BASES.get(m.group("base"))
        if scale:
            out.append((scale, -1, m.start(), False))
    for m in _TIMES_AS.finditer(low):
        # "twice as fast" is faster, "half as long" shorter, "twice as slow" slower
        base = m.group("base")
        scale = SCALE_BASES.get(base) or _DOWN_BASES.get(base)
        if scale and not _NEGATED.search(low, 0, m.start()):
            sign = (-1 if m.group("half") else 1) * (-1 if base in _DOWN_BASES else 1)
            out.append((scale, sign, m.start(), False))
    for m in re.finditer(r"[^\W_]+", low):
        w = m.group(0)
        if w in SCALES and not _NEGATED.search(low, 0, m.start()) \
                and not (w.endswith("st") and _RANKED_BELOW.search(low, 0, m.start())):  # "second-highest"
            scale, sign = SCALES[w]
            out.append((scale, sign, m.start(), w.endswith("st")))
    # "supplies more water than", "most of the water": an amount of a thing, compared by it
    for m in _MORE_THING.finditer(low):
        if m.group("noun") not in STOP_NOUNS and SCALE_BASES.get(m.group("noun")) is None \
                and not _NEGATED.search(low, 0, m.start()):
            out.append(("amount:" + stem(m.group("noun")), 1 if m.group("way") == "more" else -1, m.start(), False))
    for m in _MOST_OF.finditer(low):
        if not _NEGATED.search(low, 0, m.start()):
            out.append(("amount:" + stem(m.group("noun")), 1 if m.group("way") == "most" else -1, m.start(), True))
    for m in _VERB_MORE.finditer(low):
        base = m.group("base")
        down = not m.group("verb") and base in _DOWN_BASES  # "more slowly": less speed
        scale = VERB_SCALES[m.group("verb")] if m.group("verb") else SCALE_BASES.get(base) or _DOWN_BASES.get(base)
        at = m.start("way") if m.group("verb") else m.start()
        if scale and not _NEGATED.search(low, 0, at):
            sign = 1 if (m.group("way") or m.group("mod")) == "more" else -1
            out.append((scale, -sign if down else sign, at, False))
    return out


_MORE_OR_LESS = re.compile(r"\b(?:(?:more|less)\s+(?!than\b|and\b|or\b|of\b)(?P<base>[a-z]+)|(?P<er>[a-z]{3,}er)|"
                           r"fewer)\b")
#: comparatives :func:`said_equal` reads besides those of :data:`SCALES`
_MORE_OR_LESS_WORDS = frozenset(("rarer", "commoner"))
#: "no difference", "no significant ...": what a source says of a thing that did not differ
_NO_SIGNIFICANT = r"no\s+(?:significant\s+|statistically\s+significant\s+|measurable\s+)?"
_SAID_EQUAL = re.compile(r"\b(?:equally|as)\s+(?P<base>[a-z]+)|\b(?:similar|similarly|unchanged|"
                         + _NO_SIGNIFICANT + r"difference|"
                         r"(?:did|does|do)\s+not\s+differ|not\s+(?:significantly\s+)?different)\b")


#: :func:`said_equal` reads short claims, against a sentence holding half their words
MAX_EQUAL_WORDS = 25
MIN_EQUAL_ALIGNED = 0.5


_NO_CHANGE = re.compile(r"\b" + _NO_SIGNIFICANT + r"(?:difference|change|effect)|\b(?:did|does|do)\s+not\s+(?:change|differ|affect)|"
                        r"\bunchanged\b|\bequally\b|\bsimilar\s+(?:in|across|between|among)\b", re.IGNORECASE)
#: verbs of change ("rise" and "gain" are nouns and idioms as often: "gave rise to")
_MOVES = frozenset(w for w in UP | DOWN if w not in (
    "more", "less", "fewer", "above", "positive", "positively", "larger", "higher", "greater", "lower",
    "rise", "rises", "rose", "gain", "gains", "fall", "falls", "fell", "drop", "drops"))


def unchanged_named(claim: str, source: str) -> tuple[str, str] | None:
    """``(the claim's verb of change, sentence)`` when the claim says something changed
    ("lowered both systolic and diastolic blood pressure") and a source sentence says there
    was no difference or change in a thing of the claim that no other sentence names ("No
    significant difference was found in diastolic pressure")."""
    low = fold(claim)
    moved = next((w for w in re.findall(r"[a-z]+", low) if w in _MOVES), None)
    if moved is None or _QUANTIFIED.search(low) or len(low.split()) > MAX_EQUAL_WORDS:
        return None
    spans = sentences(source)
    said = [content_words(source[s:e]) for s, e in spans]
    cw = content_words(claim)
    for k, (s, e) in enumerate(spans):
        sl = fold(source[s:e])
        if not _NO_CHANGE.search(sl) or any(w in _MOVES for w in re.findall(r"[a-z]+", sl)):
            continue
        elsewhere = frozenset().union(*(w for j, w in enumerate(said) if j != k))
        if cw & said[k] - elsewhere:
            return moved, source[s:e].strip()
    return None


def _comparative(text: str) -> re.Match[str] | None:
    """The first "more X", "less X", "fewer" or comparative of a known scale ("lower",
    "rarer") in ``text``; "water", "after" and "other" are none."""
    return next((m for m in _MORE_OR_LESS.finditer(text) if not m.group("er") or m.group("er") in SCALES
                 or m.group("er") in _MORE_OR_LESS_WORDS), None)


def said_equal(claim: str, source: str) -> tuple[str, str] | None:
    """``(the claim's comparison, source sentence)`` when the claim says its subject is more
    or less of something ("nausea was less common in the treatment group") and the source
    sentence about that subject says it is equal ("Nausea was equally common in both
    groups", "no difference in ...", "similar in both arms"). An "as ... as" of another
    word, or a sentence that compares too, says nothing of it."""
    low = fold(claim)
    m = _comparative(low)
    if m is None or _QUANTIFIED.search(low[: m.start()]) or len(low.split()) > MAX_EQUAL_WORDS:
        return None
    subject = content_words(low[: m.start()])
    if not subject:
        return None
    for s, e in sentences(source):
        sl = fold(source[s:e])
        eq = _SAID_EQUAL.search(sl)
        if eq is None or not subject & content_words(sl) or overlap(claim, sl) < MIN_EQUAL_ALIGNED \
                or _comparative(sl) or _compared(sl):
            continue
        if eq.group("base") and eq.group("base") != (m.group("base") or "") and eq.group(0).startswith("as"):
            continue  # "as soon as", "as well as"
        if eq.group("base") and m.group("base") and eq.group("base") != m.group("base"):
            continue  # "equally safe" says nothing of "less common"
        return m.group(0), source[s:e].strip()
    return None


def turned_comparison(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim, source sentence)`` when the claim compares its subject (its words before
    the comparative) with another thing (its words after "than" or "as") the other way from
    a source sentence on the same scale:

    - the sentence's subject is the claim's and it says the other way: "the Nile is slightly
      longer" (the other thing named elsewhere in the source, or after its "than"), "Sydney
      is the largest city" (a superlative);
    - the sentence's subject is the claim's other thing and it says the claim's way: "the
      Amazon is longer than the Nile", "Melbourne is the largest city".
    """
    found = _compared_in_source(claim, source)
    return (claim.strip(), found[1]) if found is not None and not found[0] else None


def turned_change(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's comparative, sentence)`` when the claim says its subject became more or less
    of something with no other side ("Exports are slower in 3.1") where a source sentence says
    it of that subject the other way on the same scale, again with no other side ("makes
    exports about twice as fast"), and no sentence says it the claim's way."""
    low = fold(claim)
    cs = _compared(claim)
    if len(cs) != 1 or cs[0][3] or re.search(r"\bthan\b|\bas\s+[a-z]+\s+as\b", low) or _NOT_IN.search(low):
        return None
    scale, sign, pos, _ = cs[0]
    # (the claim's words but its comparative, all but one of them in the sentence: "became")
    mine = content_words(low[:pos] + " " + low[pos:].split(maxsplit=1)[-1]) - content_words(low[pos:].split()[0])
    found = None
    for s, e in sentences(source):
        sent = source[s:e]
        sl = fold(sent)
        if not content_words(low[:pos]) & content_words(sl) or len(mine & content_words(sl)) < max(1, len(mine) - 1) \
                or re.search(r"\bthan\b", sl) or _NOT_IN.search(sl):
            continue
        for s_scale, s_sign, _, s_sup in _compared(sent):
            if s_scale == scale and not s_sup:
                if s_sign == sign:
                    return None
                found = found or (re.findall(r"[a-z]+", low[pos:])[0], sent.strip())
    return found


def comparison_confirmed(claim: str, source: str) -> bool:
    """A source sentence makes the claim's comparison, the same way ("the ferry costs more
    than the bus" for "the ferry is more expensive than the bus") or with its two sides
    exchanged ("the bus is less expensive than the ferry"): the claim's "less" against the
    sentence's "more" then turns nothing."""
    found = _compared_in_source(claim, source)
    return found is not None and found[0]


#: "Mount Kenya is the second-highest mountain in Africa, after Kilimanjaro": ranked next below
_RANKED_AFTER = re.compile(r"(?P<a>[^,.;]+?)\s+(?:is|was|are|were)\s+(?:the\s+|[A-Za-z]+['’]s\s+)?(?:second|next)[- ](?P<sup>[a-z]+est)\b"
                           r"[^,.;]*,?\s+(?:after|behind)\s+(?P<b>[^,.;]+)", re.IGNORECASE)


def _ranked_after(claim: str, source: str, scale: str, sign: int, subject: frozenset[str],
                  other: frozenset[str]) -> tuple[bool, str] | None:
    """``(holds, sentence)`` when a source sentence ranks one of the claim's sides next below
    the other ("A is the second-highest ..., after B": B is higher) on the claim's scale."""
    for m in _RANKED_AFTER.finditer(source):
        if SCALES.get(m.group("sup").lower(), ("", 0))[0] != scale:
            continue
        way = SCALES[m.group("sup").lower()][1]
        a, b = content_words(m.group("a")), content_words(m.group("b"))
        if subject & a and other & b and not subject & b:
            return sign == -way, m.group(0).strip()
        if subject & b and other & a and not subject & a:
            return sign == way, m.group(0).strip()
    return None


@lru_cache(maxsize=4096)
def _compared_in_source(claim: str, source: str) -> tuple[bool, str] | None:
    """``(holds, source sentence)`` for the first source sentence that compares the claim's
    two sides on the claim's scale (see :func:`turned_comparison`), None when none does."""
    cs = _compared(claim)
    if len(cs) != 1 or cs[0][3]:
        return None
    scale, sign, pos, _ = cs[0]
    low = fold(claim)
    if _QUANTIFIED.search(low[:pos]) and not _NOT_AS.search(low):
        return None  # "no mountain is higher than X" says X is the highest
    subject = content_words(low[:pos])
    if scale.startswith("amount:"):  # ("The White Nile supplies more water": its verb names no side)
        subject = content_words(_TRAILING_VERB.sub("", low[:pos]))
    split = re.split(r"\b(?:than|as)\b", low[pos:], maxsplit=1)
    version = len(split) == 2 and _VERSION_SIDE.fullmatch(split[1]) is not None
    if len(split) == 2 and re.match(r"\s*(?:\d|a\s|an\s|one\b|two\b|three\b|four\b|five\b)", split[1]) and not version:
        return None  # "younger than 3 years": a bound, the number layer's
    other = (_side_words(split[1]) if version else content_words(split[1])) if len(split) == 2 else frozenset()
    subject, other = subject - other, other - subject  # "the red line" and "the blue line"
    if not subject or not other:
        return None
    ranked = _ranked_after(claim, source, scale, sign, subject - {"only"}, other)
    if ranked is not None:
        return ranked
    named = content_words(source)
    found = list(_comparisons_found(source, scale, sign, subject, other, named))
    # a comparison of the two said outright outranks a superlative ("the largest hot desert",
    # where "Antarctica, a cold desert, is even larger")
    return next((f for sup, f in found if not sup), None) or next((f for _, f in found), None) \
        or _against_the_same(source, scale, sign, subject, other)


#: the other side of a comparison named by a version alone: "than 4.9", "than in version 2.1"
_VERSION_SIDE = re.compile(r"\s*(?:in\s+)?(?:version\s+|release\s+|v)?\d+(?:\.\d+)+\s*[.!]?\s*")


def _side_words(text: str) -> frozenset[str]:
    """The content words of ``text`` with its version numbers ("4.9")."""
    return content_words(text) | frozenset(re.findall(r"\d+(?:\.\d+)+", text))


def _against_the_same(source: str, scale: str, sign: int, subject: frozenset[str],
                      other: frozenset[str]) -> tuple[bool, str] | None:
    """``(holds, sentence)`` when one source sentence compares something with the claim's
    other side ("Startup is about 30% faster than in 4.9") on the claim's scale and the
    claim's subject is said in no such sentence ("Version 5.0 starts up more slowly than
    4.9", of a source on version 5.0): the only comparison with that side there is."""
    hits = []
    for s, e in sentences(source):
        sent = source[s:e]
        sl = fold(sent)
        for s_scale, s_sign, s_pos, s_sup in _compared(sent):
            tail = re.split(r"\bthan\b", sl[s_pos:], maxsplit=1)
            if s_sup or len(tail) != 2 or not other & _side_words(tail[1]) or _side_words(tail[1]) - other:
                continue
            if subject & content_words(sl) or other & _side_words(sl[:s_pos]):
                return None  # said of the subject, or of the other side itself: read above
            if s_scale == scale:
                hits.append((s_sign == sign, sent.strip()))
    return hits[0] if len(hits) == 1 else None


#: "even larger", "larger still": a comparison with the thing just spoken of
_EVEN = re.compile(r"\b(?:even|still|yet)\s+$")


def _comparisons_found(source: str, scale: str, sign: int, subject: frozenset[str], other: frozenset[str],
                       named: frozenset[str]) -> Iterator[tuple[bool, tuple[bool, str]]]:
    """(by a superlative, (holds, sentence)) for each source comparison on ``scale`` that
    speaks of the claim's two sides (see :func:`_compared_in_source`)."""
    for s, e in sentences(source):
        sent = source[s:e]
        sl = fold(sent)
        for s_scale, s_sign, s_pos, s_sup in _compared(sent):
            if s_scale != scale:
                continue
            before = content_words(sl[:s_pos])
            tail = re.split(r"\bthan\b", sl[s_pos:], maxsplit=1)
            than = content_words(tail[1]) if len(tail) == 2 else None
            if subject & before and not other & before:
                against = (s_sup or (than is None and other & named) or (than is not None and other & than))
                if against and s_sign == -sign:
                    yield s_sup, (False, sent.strip())
                if s_sign == sign and ((than is not None and other & than) or (than is None and not s_sup and other & named)):
                    yield s_sup, (True, sent.strip())
            # ("Antarctica is even larger", after a sentence on the Sahara: larger than it)
            if other & before and not subject & before and (s_sup or (than is not None and subject & than)
                                                            or (than is None and subject & named and _EVEN.search(sl[:s_pos]))):
                yield s_sup, (s_sign == -sign, sent.strip())


#: a superlative with its rank: "the second highest", "the third-largest", "the highest"
_RANK = re.compile(r"\bthe\s+(?:(?P<nth>second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))"
                   r"[\s-]+)?(?P<sup>(?:most|least)\s+[a-z]+|[a-z]{3,}est)\b", re.IGNORECASE)


_ONE_OF = re.compile(r"\bone\s+of\s+(?:the\s+)?(?:several|many|a\s+few|numerous|multiple|two|three|four|five)\s+"
                     r"(?:[a-z-]+\s+){0,2}?(?P<noun>[a-z]+)\b", re.IGNORECASE)
_THE_ONLY = re.compile(r"\bthe\s+only\s+(?:[a-z-]+\s+){0,2}?(?P<noun>[a-z]+)\b(?!\s+(?:one|ones)\b)", re.IGNORECASE)


def turned_rank(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim, source sentence)`` when the claim ranks its subject otherwise than a source
    sentence that ranks the same subject by the same superlative: "Kilimanjaro is the second
    highest mountain in Africa" where "Kilimanjaro is the highest mountain in Africa" (or
    the reverse); or makes it one of several where the source says it is the only one."""
    for m in _ONE_OF.finditer(claim):  # "one of several active volcanoes" where "the only active volcano"
        subject = content_words(claim[: m.start()])
        for s, e in sentences(source):
            n = _THE_ONLY.search(source, s, e)
            if subject and n is not None and subject <= content_words(source[s:n.start()]) \
                    and stem(n.group("noun").lower()) == stem(m.group("noun").lower()):
                return claim.strip(), source[s:e].strip()
    for m in _RANK.finditer(claim):
        subject = content_words(claim[: m.start()])
        if not subject:
            continue
        mine = (m.group("nth") or "first").lower()
        theirs = [((n.group("nth") or "first").lower(), source[s:e]) for s, e in sentences(source)
                  for n in _RANK.finditer(source[s:e]) if n.group("sup").lower() == m.group("sup").lower()
                  and subject <= content_words(source[s:s + n.start()])]
        # any rank the source gives the subject by that word is the claim's, or none is
        # ("the second-highest mountain on Earth and the highest in Pakistan")
        if theirs and all(rank != mine for rank, _ in theirs):
            return claim.strip(), theirs[0][1].strip()
    return _held_by_another(claim, source)


#: where a clause starts inside a sentence: its subject comes after
_CLAUSE_START = re.compile(r"[,;:]\s*(?:and\s+|but\s+|while\s+|whereas\s+|though\s+|although\s+)?|"
                           r"\s(?:but|while|whereas|although)\s", re.IGNORECASE)
#: "No planet is closer to the Sun than Mercury": Mercury is the closest
_NONE_MORE = re.compile(r"^\W*no\s+(?:other\s+)?(?P<noun>[a-z-]+(?:\s+[a-z-]+){0,3}?)\s+(?:is|are|was|were|has|have|had)\s+"
                        r"(?P<comp>[a-z]{3,}er|(?:more|less|fewer)\s+[a-z]+)\b(?P<scope>[^.;]*?)\bthan\s+(?P<x>[^.;]+)",
                        re.IGNORECASE)


#: "is the" right before a superlative: it ranks the clause's subject ("Venus is the hottest"),
#: where "uses the least water" or "is considered the biggest" ranks no one by it
_BEING = re.compile(r"\b(?:is|are|was|were|be|became|becomes|remains|remained)\s+$", re.IGNORECASE)


def _holder(text: str, r: re.Match[str]) -> frozenset[str]:
    """The content words of the subject the superlative ``r`` ranks: its clause's words before
    "is the"."""
    clause = text[: _BEING.search(text, 0, r.start()).start()]  # type: ignore[union-attr]
    starts = [c.end() for c in _CLAUSE_START.finditer(clause)]
    return content_words(clause[starts[-1] if starts else 0:])


def _ranked_by(r: re.Match[str]) -> tuple[str, int] | str:
    """What a superlative ranks by: its scale and sign ("hottest": heat, +1), else its word
    ("deepest", "most popular")."""
    sup = r.group("sup").lower()
    return sup if sup.startswith(("most ", "least ")) else SCALES.get(sup, sup)


def _superlative_of(claim: str) -> tuple[frozenset[str], tuple[str, int] | str, frozenset[str]] | None:
    """(the claim's subject, its superlative's scale and sign or its "most" word, the words of
    its scope) when it gives one thing the first place: "Mercury is the hottest planet",
    "No planet is closer to the Sun than Mercury"."""
    m = _NONE_MORE.match(claim)
    if m is not None:
        comp = m.group("comp").lower()
        way: tuple[str, int] | str | None = SCALES.get(comp) or re.sub(r"e?r$", "est", comp)  # "deeper": "deepest"
        if comp.endswith("ier") and comp not in SCALES:  # "saltier": "saltiest"
            way = comp[:-3] + "iest"
        if comp.startswith(("more ", "less ")):
            way = ("most " if comp.startswith("more") else "least ") + comp.split()[1]
        subject = content_words(m.group("x"))
        scope = content_words(m.group("noun") + " " + m.group("scope"))
        return (subject, way, scope) if way and subject else None
    for r in _RANK.finditer(claim):
        if r.group("nth") or _BEING.search(claim, 0, r.start()) is None:
            continue
        way = _ranked_by(r)
        subject = _holder(claim, r)
        end = re.search(r"[,;.]", claim[r.end():])
        scope = content_words(claim[r.end(): r.end() + end.start() if end else len(claim)])
        if way and subject and not _QUANTIFIED.search(fold(claim[: r.start()])):
            return subject, way, scope
    return None


def _held_by_another(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim, source sentence)`` when the claim gives its subject the first place by a
    superlative ("Mercury is the hottest planet", "No planet is closer to the Sun than Venus")
    that a source sentence gives another thing ("Venus is the hottest", "Mercury is the
    closest planet to the Sun"), the claim's scope being that sentence's ("the hottest planet
    in Europe" is no place the source gives), and no sentence gives it to the claim's subject."""
    mine = _superlative_of(claim)
    if mine is None or not mine[0] <= content_words(source):
        return None  # the claim's subject must be a thing the source names: a swap of two of its own
    subject, way, scope = mine
    others = []
    for s, e in sentences(source):
        sent = source[s:e]
        if not scope <= content_words(sent):
            continue
        for r in _RANK.finditer(sent):
            if r.group("nth") or _ranked_by(r) != way or _BEING.search(sent, 0, r.start()) is None:
                continue
            holder = _holder(sent, r)
            if subject <= holder:
                return None  # the source gives it to the claim's subject too
            if holder - subject and not _QUANTIFIED.search(fold(sent[: r.start()])):
                others.append(sent.strip())
    return (claim.strip(), others[0]) if others else None


_RANKED = re.compile(
    r"\bfrom\s+(?:the\s+)?(?P<first>most|least|highest|lowest|largest|smallest|biggest|fastest|slowest|"
    r"oldest|newest|longest|shortest|heaviest|lightest|cheapest|earliest|latest)\s+to\s+(?:the\s+)?"
    r"(?P<last>most|least|highest|lowest|largest|smallest|biggest|fastest|slowest|oldest|newest|longest|"
    r"shortest|heaviest|lightest|cheapest|earliest|latest)(?:\s+(?P<adj>[a-z]+))?\s*[,:]?\s*"
    r"(?:(?:are|is|were|was|go|run|reads?)\s+)?(?P<items>[^.;]+)", re.IGNORECASE)
_ITEM_CUT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|then)\s+")
_UP_WORDS = frozenset("most highest largest biggest fastest oldest longest heaviest latest".split())


def _ranking(source: str) -> tuple[str | None, int, list[str]] | None:
    """(adjective or None, +1 when the list runs from most to least, items) of a ranked
    list the source states ("Log levels, from most to least verbose, are DEBUG, INFO,
    WARNING and ERROR")."""
    m = _RANKED.search(source)
    if m is None or m.group("first").lower() == m.group("last").lower():
        return None
    items = [i.strip().lower() for i in _ITEM_CUT.split(m.group("items")) if i.strip()]
    if len(items) < 3 or any(len(i.split()) > 3 for i in items):
        return None
    return (m.group("adj") or "").lower() or None, (1 if m.group("first").lower() in _UP_WORDS else -1), items


_COMPARE_IN_LIST = re.compile(r"^(?P<x>.+?)\s+(?:is|are|was|were)\s+(?:(?P<more>more)|(?P<less>less))\s+"
                              r"(?P<adj>[a-z]+)\s+than\s+(?P<y>.+?)\.?$", re.IGNORECASE)


@lru_cache(maxsize=4096)
def ranked_comparison(claim: str, source: str) -> bool | None:
    """Whether a ranked list of the source ("from most to least verbose: A, B, C") bears the
    claim's "X is more (or less) verbose than Y" out (True), turns it around (False), or
    says nothing (None)."""
    m = _COMPARE_IN_LIST.match(claim.strip())
    ranking = _ranking(source) if m else None
    if m is None or ranking is None:
        return None
    adj, sign, items = ranking
    if adj is not None and adj != m.group("adj").lower():
        return None
    x, y = m.group("x").strip().lower(), m.group("y").strip().lower()
    x = re.sub(r"^(?:the|a|an)\s+", "", x)
    y = re.sub(r"^(?:the|a|an)\s+", "", re.sub(r"\s+(?:does|do|is|are)$", "", y))
    if x not in items or y not in items:
        return None
    x_more = (items.index(x) < items.index(y)) == (sign == 1)
    return x_more == bool(m.group("more"))


__all__ = ["SCALES", "SCALE_BASES", "comparison_confirmed", "said_equal", "unchanged_named", "dated_order", "order_confirmed", "ranked_comparison", "turned_comparison", "turned_rank",
           "turned_relation"]
