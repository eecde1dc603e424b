"""Comparisons that the source's own quantities decide.

A source often states two things' amounts without comparing them ("water the orchid once a
week in summer and every two weeks in winter"; "green tea ... for two to three minutes. Black
tea needs ... four to five minutes"), and a claim compares them ("the orchid needs more
frequent watering in winter than in summer"; "black tea does not need to brew as long as green
tea"). Every word of such a claim is in its source, and the claim's opposite is as close to
it, so overlap, the model and the opposite-claim check cannot tell the two apart; the
amounts can.

:func:`measured_comparison` reads the claim's comparison (a comparative with "than", or
"(not) as ... as"), its two sides (the words before the comparative, and after "than" or
"as"), finds the one source statement that states each side's amount of the compared kind
(a duration for "longer", a frequency for "more often", a price for "cheaper", ...), and
compares the amounts. It decides only when both statements are found, each states exactly
one amount of that kind, and the amounts order the same way whatever their ranges.

:func:`frequency_conflict` reads how often a claim statement says something happens ("daily",
"every two weeks", "twice a month": :func:`citadel.verify.numbers.frequencies`) against the
frequency of the source statement it restates.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citadel.verify.lexical import STOPWORDS, content_words, fold
from citadel.verify.numbers import PERIOD_SECONDS, frequencies, quantities
from citadel.verify.order import SCALE_BASES, SCALES, VERB_SCALES
from citadel.verify.windows import sentences

#: the dimensions (citadel.verify.numbers) whose amounts each scale orders; "speed" also
#: orders durations, the other way (the faster one takes less time), and "time" orders times
#: of day the other way too (its "up" is "earlier", as in citadel.verify.order)
_DIMENSIONS: dict[str, set[str | None]] = {"length": {"time", "length"}, "speed": {"speed", "time"}, "height": {"length"},
               "age": {"time"}, "weight": {"mass"}, "time": {"clock"}, "price": {"usd", "eur", "gbp"},
               "heat": {"tempc", "tempf"}, "distance": {"length"}, "count": {"ratio", None}}
#: the comparatives of :data:`citadel.verify.order.SCALES` whose amounts a source states
#: (superlatives compare nothing here), with the sign of each (+1: the first side has more)
_SCALES: dict[str, tuple[str, int]] = {
    w: scale for w, scale in SCALES.items() if scale[0] in _DIMENSIONS and not w.endswith("st")
} | {"sooner": ("time", 1), "oftener": ("frequency", 1), "fewer": ("count", -1), "rarer": ("count", -1)}
#: the base word of "as long as", "more expensive than", "more often than", with the way it
#: points on its scale ("late" points down: "not as late as" says earlier)
_BASE: dict[str, tuple[str, int]] = {
    w: (scale, 1) for w, scale in SCALE_BASES.items() if scale in _DIMENSIONS
} | {"late": ("time", -1), "quickly": ("speed", 1), "costly": ("price", 1), "often": ("frequency", 1),
     "frequent": ("frequency", 1), "frequently": ("frequency", 1), "common": ("count", 1),
     "likely": ("count", 1), "prevalent": ("count", 1)}

_NEGATION = re.compile(r"\b(?:not|no|never)\b|n't\b")
_COMPARISON = re.compile(
    r"\b(?:(?P<mod>more|less)\s+(?P<adj>[a-z]+)|as\s+(?P<as>[a-z]+)\s+as|(?P<er>[a-z]+))\b"
    r"(?P<rest>.*)$")
_THAN = re.compile(r"\bthan\b")
#: the scale of "more <noun> than" for a noun that is no count ("more storage than"): the
#: noun follows it
_AMOUNT = "amount:"
_CLAUSE = re.compile(r";|:(?=\s)|,?\s+(?:compared (?:with|to)|as against|versus|vs\.?)\s+|,\s*(?:and|but|while|whereas|or)\s+|\s+(?:but|while|whereas)\s+|,\s+(?=every\b)|"
                     r"\s+and\s+(?![\d.])|,\s+or\s+")
#: scales of a level ("higher", "lower", "larger"), which a noun after them may name the measure of
_LEVELS = frozenset(("height", "size"))
#: the most sentences of a source whose amounts a level ("a higher rate") is read against
MAX_LEVEL_SENTENCES = 6
#: the counted noun of "more tablets than", "fewer visits than"
_COUNTED = re.compile(r"\b(?:more|fewer)\s+([a-z]{3,}s)\b")
#: a clause boundary after which a new subject follows
_NEW_SUBJECT = re.compile(r";|\b(?:but|while|whereas)\b")

#: a plural noun after "more" or "fewer" ("more patients than"): a count compared
_NOUN = re.compile(r"[a-z]{3,}(?<!ss)(?<!ous)(?<!ess)s")
_YEAR = re.compile(r"1[5-9]\d\d|20\d\d")
#: a name with a one-letter label ("Model A", "Group B"): one word, so the sides of "Model B
#: lasts longer than Model A" differ by their label
_LABEL = re.compile(r"\b([A-Z][a-z]+)\s+([A-Z])\b(?!\.)")

#: the least share of a claim statement's content words the source statement it restates holds
MIN_RESTATED = 0.5


def frequency_conflict(claim: str, source: str) -> tuple[str, str] | None:
    """(the claim's frequency, the source's) when a claim statement says how often something
    happens and the source statement it restates says another frequency: "backups run daily"
    where they "run weekly", "collected every week" where "every two weeks", "every month, or
    every three months if ..." where the source has the two the other way round. The
    statement is the source's part (sentence, or clause of one) that holds most of the claim
    statement's words, at least half, and states one frequency; a tie decides nothing."""
    said = _statements(claim, "frequency")
    if not said:
        return None
    stated = _statements(source, "frequency")
    if not stated:
        return None
    for words, amounts in said:
        if len(amounts) != 1 or not words:
            continue
        value, _, phrase, _ = amounts[0]
        scored = sorted(((len(words & w) / len(words), i) for i, (w, _) in enumerate(stated)), reverse=True)
        best, i = scored[0]
        if best < MIN_RESTATED or (len(scored) > 1 and scored[1][0] == best) or len(stated[i][1]) != 1:
            continue
        theirs, _, their_phrase, _ = stated[i][1][0]
        # the claim's figure said bare beside the source's ("20 pages a minute in black and
        # white and 12 in colour"): a value of its own, the number layer's to read
        figure = re.search(r"\d+(?:\.\d+)?", phrase)
        if figure is not None and figure.group(0) not in their_phrase \
                and re.search(rf"(?<![\d.]){re.escape(figure.group(0))}(?![\d.])", source):
            continue
        if abs(theirs - value) > 0.01 * max(theirs, value):
            return phrase, their_phrase
    return None


def _amounts(text: str, scale: str) -> list[tuple[float, float, str, str | None]]:
    """(low, high, words, period) of each amount of the scale's kind in ``text``, low and high in
    the order the scale reads (a duration is read negated for speed); a duration written in
    two parts ("3 hours 30 minutes") is one amount."""
    if scale == "frequency":
        return [(v, v, w, None) for v, w in frequencies(text)]
    found = quantities(text)
    rates = [q for q in found if q.per in PERIOD_SECONDS]
    sign = 1.0
    if scale == "speed" and rates:  # "2,500 MB/s": a speed as such
        qs = rates
    else:
        dims = _DIMENSIONS.get(scale, set())
        if scale.startswith(_AMOUNT):
            dims = {q.dimension for q in found if q.dimension not in (None, "ratio")}
        qs = [q for q in found if q.dimension in dims and (q.per is None or scale == "price")
              and not (q.dimension is None and (q.unit is not None or _YEAR.fullmatch(q.text)))]
        if scale in ("speed", "time"):  # the faster takes less time; the earlier, the earlier hour
            sign = -1.0
    merged: list[tuple[float, float, str, int]] = []
    periods: list[str | None] = []  # "€9.99 per month": a price per period
    t = fold(text)
    for q in qs:
        lo, hi = q.base()
        if merged and q.dimension == "time" and re.fullmatch(r"\s*(?:and)?\s*", t[merged[-1][3]:q.start]):
            plo, phi, pw, _ = merged[-1]
            merged[-1] = (plo + lo, phi + hi, f"{pw} {q.text}", q.end)
            continue
        merged.append((lo, hi, q.text, q.end))
        periods.append(q.per)
    return [(min(sign * lo, sign * hi), max(sign * lo, sign * hi), w, per)
            for (lo, hi, w, _), per in zip(merged, periods, strict=True)]


def _comparison(claim: str) -> tuple[str, str, str, str, str] | None:
    """(scale, relation, first side, words between the comparative and "than", second side)
    of the claim's one comparison; relation
    is ">" (the first side has more), "<", ">=" or "<=" (a negated comparative: "no faster
    than" says the first is at most as fast)."""
    low = fold(claim).rstrip(" .")
    found = []
    for m in re.finditer(r"\b(?:more|less)\s+[a-z]+|\bas\s+[a-z]+\s+as\b|\b[a-z]+er\b", low):
        g = _COMPARISON.match(low, m.start())
        if g is None:
            continue
        verb = re.search(r"([a-z]+)\s+$", low[: m.start()])
        if g.group("mod") and g.group("adj") == "than" and verb and verb.group(1) in VERB_SCALES:
            scale, sign = VERB_SCALES[verb.group(1)], (1 if g.group("mod") == "more" else -1)
            found.append((m.start(), m.start() + len(g.group("mod")), scale, sign, sign))
            continue
        if g.group("mod") and g.group("adj") not in _BASE and _NOUN.fullmatch(g.group("adj")) \
                and _THAN.search(g.group("rest")):
            sign = 1 if g.group("mod") == "more" else -1  # "more patients than", "less rain than"
            found.append((m.start(), m.end(), "count", sign, sign))
            continue
        if g.group("mod") and g.group("adj") not in _BASE and g.group("adj") not in STOPWORDS \
                and g.group("rest").startswith(" than"):
            # "more storage than": an amount of what the noun names, in any unit both sides share
            sign = 1 if g.group("mod") == "more" else -1
            found.append((m.start(), m.end(), _AMOUNT + g.group("adj"), sign, sign))
            continue
        if g.group("mod") and g.group("adj") in _BASE:
            scale, way = _BASE[g.group("adj")]
            sign = way if g.group("mod") == "more" else -way
        elif g.group("as") and g.group("as") in _BASE:
            scale, way = _BASE[g.group("as")]
            sign = 0
        elif g.group("er") and g.group("er") in _SCALES:
            scale, sign = _SCALES[g.group("er")]
            way = sign
        else:
            continue
        found.append((m.start(), m.end(), scale, sign, way))
    if len(found) != 1:
        return None
    start, end, scale, sign, way = found[0]
    tail = low[end:]
    if sign == 0:  # "as long as": the second side follows at once
        second, between = tail, ""
    else:
        cut = _THAN.search(tail)
        if cut is None:
            return None
        second, between = tail[cut.end():], tail[: cut.start()]
    head = low[:start]
    negated = bool(_NEGATION.search(" ".join(head.split()[-4:])))
    if sign == 0:
        if not negated:
            return None  # "as long as" says they are equal: not read
        relation = "<" if way > 0 else ">"  # "not as long as": shorter; "not as late as": earlier
    elif negated:
        relation = "<=" if sign > 0 else ">="
    else:
        relation = ">" if sign > 0 else "<"
    return scale, relation, head, between, second


Amount = tuple[float, float, str, str | None]


def _statements(source: str, scale: str) -> list[tuple[frozenset[str], list[Amount]]]:
    """The source's statements that state an amount of the scale's kind, each with its
    content words (a part that states none joins the statement it belongs to)."""
    out: list[tuple[frozenset[str], list[Amount]]] = []
    for s, e in sentences(source):
        # a part after ";" or "but" that states no amount opens the next statement: its
        # subject ("three weeks; the fast-track service costs 75 EUR extra and takes five
        # working days"), no more of the last one
        split = _CLAUSE.split(source[s:e])
        opens = [False] + [bool(_NEW_SUBJECT.search(d)) for d in _CLAUSE.findall(source[s:e])]
        pieces: list[tuple[str, list[Amount]]] = []
        lead = ""  # words before the first amount: its statement's subject
        for p, fresh in zip(split, opens, strict=True):
            if not p or not p.strip():
                continue
            found = _amounts(p, scale)
            if found:
                pieces.append((f"{lead} {p}", found))
                lead = ""
            elif pieces and not fresh and not lead:
                pieces[-1] = (f"{pieces[-1][0]} {p}", pieces[-1][1])
            else:
                lead = f"{lead} {p}"
        out += [(content_words(p), found) for piece in pieces for p, found in _each_own(piece, scale)]
    return out


#: "and" before an amount: "23 kg in economy | and | 32 kg in business class"
_AND_AMOUNT = re.compile(r"\s+and\s+(?=[$€£]?\d)")
_QUALIFIER = re.compile(r"[^\W\d_]{2,}")


def _each_own(piece: tuple[str, list[Amount]], scale: str) -> list[tuple[str, list[Amount]]]:
    """A statement of two amounts each with words of its own after it ("may weigh up to 23
    kg in economy and 32 kg in business class") as two, the second with the first's subject;
    any other statement as it is (a range, "between 2 and 5 kg", or "3 hours and 30 minutes",
    has no words between its amounts)."""
    text, found = piece
    m = _AND_AMOUNT.search(text) if len(found) == 2 else None
    if m is None:
        return [piece]
    left, right = text[: m.start()], text[m.end():]
    first, second = _amounts(left, scale), _amounts(right, scale)
    at = re.search(r"[$€£]?\d", left)
    if len(first) != 1 or len(second) != 1 or at is None:
        return [piece]
    after_first = left[left.rfind(first[0][2].split()[-1]) + len(first[0][2].split()[-1]):] if first[0][2] else ""
    if not _QUALIFIER.search(after_first) or not _QUALIFIER.search(right[len(second[0][2]):] if second[0][2] else right):
        return [piece]
    return [(left, first), (f"{left[: at.start()]} {right}", second)]


_FRACTION_OF = {"half": 0.5, "a third": 1 / 3, "one third": 1 / 3, "a quarter": 0.25, "one quarter": 0.25,
                "two thirds": 2 / 3, "three quarters": 0.75, "twice": 2.0, "double": 2.0, "three times": 3.0,
                "four times": 4.0, "five times": 5.0, "ten times": 10.0}
#: one side's amount said as a share or a multiple of the other's: "about 43% of the sunlight
#: that Earth does", "half the rainfall of", "three times as much as"
_RATIO = re.compile(r"(?:(?P<pct>\d+(?:\.\d+)?)\s*(?:%|per\s*cent|percent)|(?P<frac>" + "|".join(_FRACTION_OF)
                    + r")|(?P<times>\d+(?:\.\d+)?)\s+times)\s+(?:of\s+|as\s+(?P<base>much|many|long|large|big|high)\s+|"
                    r"(?=the\b|that\b|what\b|those\b))", re.IGNORECASE)


def _ratio_stated(source: str, a: frozenset[str], b: frozenset[str], scale: str) -> tuple[float, str] | None:
    """(ratio of the first side's amount to the second's, the words) when a source sentence
    gives one side's amount as a share or a multiple of the other's (``a``, ``b``: the words
    that tell the sides apart) on the claim's ``scale`` ("half as long" is a length, no
    speed): one side named before the ratio, the other after it and not before."""
    for s, e in sentences(source):
        sent = source[s:e]
        for m in _RATIO.finditer(sent):
            base = (m.group("base") or "").lower()
            if base not in ("", "much", "many") and SCALE_BASES.get(base) != scale:
                continue
            before, after = content_words(sent[: m.start()]), content_words(sent[m.end():])
            if a & before - after and b & after - before:
                inverse = False
            elif b & before - after and a & after - before:  # "Earth ... more than Mars"
                inverse = True
            else:
                continue
            if m.group("pct"):
                ratio = float(m.group("pct")) / 100
            elif m.group("frac"):
                ratio = _FRACTION_OF[m.group("frac").lower()]
            else:
                ratio = float(m.group("times"))
            if ratio > 0 and ratio != 1:
                return 1 / ratio if inverse else ratio, f"'{sent[m.start():].strip()[:60]}'"
    return None


#: the most words between a noun and the amount of it ("28 mg of caffeine")
MAX_NOUN_GAP = 2


def _measures(source: str, amount: str, noun: str) -> bool:
    """The amount's sentence says amounts of its kind of the noun: one stands at most
    :data:`MAX_NOUN_GAP` words from it ("95 mg of caffeine per cup, black tea about 47 mg"),
    not "uses the least water and energy but takes almost four hours"."""
    kind = {q.dimension for q in quantities(amount)}
    for s, e in sentences(source):
        t = fold(source[s:e])
        if fold(amount) not in t:
            continue
        for q in quantities(source[s:e]):
            if q.dimension in kind and any(
                    len(t[min(q.end, n.end()):max(q.start, n.start())].split()) <= MAX_NOUN_GAP
                    for n in re.finditer(rf"\b{re.escape(noun)}", t)):
                return True
    return False


@lru_cache(maxsize=4096)
def measured_comparison(claim: str, source: str) -> tuple[bool, str] | None:
    """(holds, what the source states) when the source states an amount for each side of
    the claim's comparison, and the two amounts decide it; None when they do not."""
    claim, source = (_LABEL.sub(lambda m: m.group(0) if m.group(1).lower() in STOPWORDS
                                else f"{m.group(1)} {m.group(1)}{m.group(2)}", t) for t in (claim, source))
    parsed = _comparison(claim)
    if parsed is None:
        return None
    scale, relation, head, between, second = parsed
    if scale in _LEVELS and content_words(between) and len(sentences(source)) <= MAX_LEVEL_SENTENCES:
        # "a lower weight limit than", "a higher rate than": the level of a measure the noun names,
        # in whatever unit both sides' statements share (in a short source: a long one states
        # amounts of many things)
        scale = _AMOUNT
    if any(q.unit is None and q.lo > 1 for q in quantities(head) + quantities(second)):
        return None  # "Ten single sessions cost less than a block of ten": a count times each amount
    a, b = content_words(head + " " + between), content_words(second)
    a, b = a - b, b - a  # "in winter than in summer": the words that tell the sides apart
    if not a or not b:
        return None
    ratio = _ratio_stated(source, a, b, scale)
    if ratio is not None:
        order = "<" if ratio[0] < 1 else ">"
        return {">": order == ">", "<": order == "<", ">=": order == ">", "<=": order == "<"}[relation], ratio[1]
    stated = _statements(source, scale)
    counted = _COUNTED.search(fold(claim)) if scale == "count" and content_words(head) else None
    if counted is not None:  # "may take more tablets than": counts of tablets, not "children under 6"
        noun = counted.group(1)[:-1]
        kept = [(w, mine) for w, amounts in stated if (mine := [a for a in amounts if noun in a[2].lower()])]
        stated = kept if len(kept) >= 2 else stated  # ("lent 12,000 books and ... 18,000": said once)
    if len(stated) < 2:
        return None
    for_b = [i for i, (w, _) in enumerate(stated) if w & b]
    if len(for_b) != 1:
        return None
    j = for_b[0]
    a -= stated[j][0]  # a word the second side's statement holds too tells nothing apart
    # ties go to the statement of the words before the comparative: "Venus is closer to the
    # Sun than Earth" is about Venus, and "the Sun" is said by every statement
    subject = content_words(head)
    ranked = sorted(((len(w & a), len(w & a & subject), i) for i, (w, _) in enumerate(stated)
                     if i != j and not w & b), reverse=True)
    if not ranked or ranked[0][0] == 0 or (len(ranked) > 1 and ranked[1][:2] == ranked[0][:2]):
        return None
    i = ranked[0][2]
    if len(stated[i][1]) != 1 or len(stated[j][1]) != 1:
        return None
    (alo, ahi, aw, aper), (blo, bhi, bw, bper) = stated[i][1][0], stated[j][1][0]
    if aper != bper:
        return None  # a price per month against one per year
    if scale == _AMOUNT and ({q.dimension for q in quantities(aw)} != {q.dimension for q in quantities(bw)}
                             or {q.dimension for q in quantities(aw)} & {"time", "clock", None}):
        return None  # a limit in kilograms against one in euros; a level is no span of time
    if scale.startswith(_AMOUNT) and scale != _AMOUNT:  # both statements name the thing, in amounts of one kind
        noun = content_words(scale[len(_AMOUNT):])
        # (one statement may leave the noun to the other: "Green tea has roughly 28 mg")
        if not noun <= stated[i][0] | stated[j][0] or \
                {q.dimension for q in quantities(aw)} != {q.dimension for q in quantities(bw)} \
                or not all(_measures(source, w, scale[len(_AMOUNT):]) for w, k in ((aw, i), (bw, j)) if noun <= stated[k][0]):
            return None
    if ahi < blo:
        order = "<"
    elif alo > bhi:
        order = ">"
    elif alo == ahi == blo == bhi:
        order = "="
    else:
        return None
    holds = {">": order == ">", "<": order == "<", ">=": order in (">", "="),
             "<=": order in ("<", "=")}[relation]
    return holds, f"'{aw}' against '{bw}'"


__all__ = ["frequencies", "frequency_conflict", "measured_comparison"]
