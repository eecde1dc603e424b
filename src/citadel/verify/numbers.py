"""Numbers, units, dates and ranges: do the claim's quantities agree with the source?

Words and digits are read alike ("five" = 5, "twelve-month" = 12 month, "2-3" = "two to
three"), units are normalised and converted within a dimension (120 minutes = 2 hours), and a
claim quantity is then *matched*, *missing* from the source, or in *conflict* with it (the source
gives the same kind of quantity with another value, or the same value in another unit).
"""

from __future__ import annotations

import difflib
import math
import os
import re
from collections.abc import Callable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from functools import lru_cache
from enum import StrEnum

from citadel.verify.atomic import subject_of
from citadel.verify.lexical import NEGATED_BOUND, RELATIVE_DENIAL, STOPWORDS, content_words, fold, negation_count, overlap, stem, words
from citadel.verify.quantifiers import vague_span
from citadel.verify.tables import named_cells, named_rows, rows
from citadel.verify.windows import sentences

_SMALL = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90, "hundred": 100, "dozen": 12, "half": 0.5, "twice": 2, "double": 2, "triple": 3,
    "single": 1, "once": 1, "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5,
    "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
}
#: ordinal words: with a unit they name a position ("the first year", "after the fifth day"),
#: not an amount (:func:`_quantity` gives them the kind "ordinal")
_ORDINALS = frozenset("first second third fourth fifth sixth seventh eighth ninth tenth".split())
# numbers only with a unit: "one of them", "a second look", "third-generation", "a third"
_AMBIGUOUS = {"one", "single", "once", "half", "double"} | _ORDINALS
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "k": 1e3, "m": 1e6,
          "bn": 1e9}
# unit -> (dimension, factor to the dimension's base unit)
_UNITS: dict[str, tuple[str, float]] = {
    "o'clock": ("clock", 1),  # a time of day, in minutes after midnight
    "second": ("time", 1), "sec": ("time", 1), "s": ("time", 1), "minute": ("time", 60),
    "min": ("time", 60), "hour": ("time", 3600), "hr": ("time", 3600), "h": ("time", 3600),
    "day": ("time", 86400), "week": ("time", 604800), "month": ("time", 2629800),
    "year": ("time", 31557600), "yr": ("time", 31557600), "decade": ("time", 315576000),
    "century": ("time", 3155760000), "centurie": ("time", 3155760000),
    "mg": ("mass", 1e-3), "milligram": ("mass", 1e-3), "g": ("mass", 1), "gram": ("mass", 1),
    "kg": ("mass", 1e3), "kilogram": ("mass", 1e3), "lb": ("mass", 453.6), "pound": ("mass", 453.6),
    "mcg": ("mass", 1e-6), "µg": ("mass", 1e-6), "microgram": ("mass", 1e-6), "microgramme": ("mass", 1e-6),
    "milligramme": ("mass", 1e-3), "ton": ("mass", 1e6), "tonne": ("mass", 1e6),
    "mm": ("length", 1e-3), "cm": ("length", 1e-2), "m": ("length", 1), "meter": ("length", 1),
    "metre": ("length", 1), "km": ("length", 1e3), "kilometer": ("length", 1e3),
    "kilometre": ("length", 1e3), "centimetre": ("length", 1e-2), "centimeter": ("length", 1e-2),
    "millimetre": ("length", 1e-3), "millimeter": ("length", 1e-3), "kilobyte": ("bytes", 1e3),
    "megabyte": ("bytes", 1e6), "gigabyte": ("bytes", 1e9), "terabyte": ("bytes", 1e12),
    "millilitre": ("volume", 1e-3), "milliliter": ("volume", 1e-3), "gallon": ("volume", 3.785),
    "ounce": ("mass", 28.35), "oz": ("mass", 28.35), "yard": ("length", 0.9144),
    "mile": ("length", 1609.3), "foot": ("length", 0.3048), "feet": ("length", 0.3048),
    "inch": ("length", 0.0254), "ml": ("volume", 1e-3), "l": ("volume", 1), "liter": ("volume", 1),
    "litre": ("volume", 1), "cl": ("volume", 1e-2), "dl": ("volume", 0.1), "centilitre": ("volume", 1e-2),
    "centiliter": ("volume", 1e-2), "decilitre": ("volume", 0.1), "deciliter": ("volume", 0.1), "%": ("ratio", 1), "percent": ("ratio", 1), "per cent": ("ratio", 1),
    "percentage point": ("ratio", 1), "$": ("usd", 1), "dollar": ("usd", 1), "usd": ("usd", 1),
    "€": ("eur", 1), "euro": ("eur", 1), "eur": ("eur", 1), "£": ("gbp", 1), "pound sterling": ("gbp", 1),
    "gb": ("bytes", 1e9), "mb": ("bytes", 1e6), "tb": ("bytes", 1e12), "kb": ("bytes", 1e3),
    "mbps": ("rate", 1e6), "gbps": ("rate", 1e9), "mph": ("speed", 1), "°c": ("tempc", 1),
    "°f": ("tempf", 1), "mmhg": ("pressure", 1), "bpm": ("bpm", 1), "kcal": ("energy", 1),
    "calorie": ("energy", 1e-3),
    "date": ("date", 1),  # a day of the year: month x 100 + day ("1 March" is 301)
}
_PER = {"day": "day", "daily": "day", "week": "week", "weekly": "week", "month": "month",
        "monthly": "month", "year": "year", "yearly": "year", "annually": "year", "annual": "year",
        "hour": "hour", "hourly": "hour", "annum": "year", "second": "second", "s": "second",
        "sec": "second", "minute": "minute", "min": "minute", "h": "hour", "hr": "hour",
        # a school's or university's period, which no count of months makes exactly
        "term": "term", "semester": "semester"}

_PERIOD_WORDS = frozenset(("daily", "weekly", "monthly", "yearly", "annual", "hourly"))
_NUMWORDS = "|".join(sorted(_SMALL, key=len, reverse=True))
_CARDINALS = "|".join(sorted((k for k in _SMALL if k not in _ORDINALS), key=len, reverse=True))
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
#: words below ten that are no part of a compound number ("twenty single rooms")
_AMBIGUOUS_UNITS = frozenset(("single", "once", "twice", "double", "triple", "half"))
_NUM = (
    r"(?:(?<![\w.\-])|(?<=\$)|(?<=€)|(?<=£))"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+|"
    # ("twenty-six" is one number; "two six-hour shifts" two)
    r"(?:(?:" + _TENS + r")[ -](?:" + "|".join(k for k in _SMALL if 0 < _SMALL[k] < 10 and k not in _ORDINALS
                                                and k not in _AMBIGUOUS_UNITS) + r")|(?:" + _CARDINALS + r")|"
    # an ordinal, unless an amount follows it: "the first half hour", "the first 30 minutes"
    r"(?:" + "|".join(_ORDINALS) + r")(?![ -](?:\d|" + _CARDINALS + r")\b))"
    r"(?![a-z]))"  # a number word ends a word: not "ten" in "tend", nor "one" in "ones"
)
_HI = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|(?:" + _NUMWORDS + r")(?![a-z])"
_LEAD = r"(?P<cur>[$€£])?\s?" + _NUM


def _range(connectors: str) -> str:
    return r"(?:\s?(?P<conn>" + connectors + r")\s?(?P<hi>" + _HI + r"))?"


_QTY_TAIL = (
    r"(?:st|nd|rd|th)?"
    + r"(?:[ -]?(?P<scale>thousand|million|billion|trillion|bn|k|m)\b)?"
    + r"(?:[ -]?(?:(?P<kind>business|working|calendar)|consecutive|school|full|whole|more|"
    + r"additional|extra|straight)\s)?"
    # (a number word is no unit: "two six-hour shifts" counts shifts of six hours)
    + r"(?:[ -]?(?!(?:per|a|an|each|to|and|or|of|in|on|at|the|one|two|three|four|five|six|seven|eight|"
    + r"nine|ten|eleven|twelve)\b)"
    + r"(?P<unit>%|percentage points?|per ?cents?|°[cf]|[a-zµ°]+))?"
    + r"(?:\s?(?:per|a|an|/|each)\s?(?P<per>day|week|month|year|hour|annum|second|minute|term|semester)\b|"
    + r"/(?P<per3>s|sec|min|h|hr)\b|"
    + r"\s(?P<per2>daily|weekly|monthly|yearly|annually)\b|"
    # what else an amount is counted by: "$1,500 per trip", "15 USD per rental", "per person"
    + r"\s?per\s(?P<per4>(?!cent\b)[a-z]{3,})\b)?"
)
_PERIOD_LABEL = re.compile(r"\b(monthly|weekly|daily|annual|annually|yearly|hourly)\b[^;:|\n.]{0,30}:\s*$",
                           re.IGNORECASE)
#: an amount whose subject names its period: "Annual membership costs 90 EUR", "the monthly fee is
#: 12 USD", "a monthly allowance of 600 EUR"
_PERIOD_SUBJECT = re.compile(r"\b(monthly|weekly|daily|annual|yearly)\s+(?:[a-z]+\s+){1,2}(?:costs?|is|are|of)\s*$",
                             re.IGNORECASE)
_QTY = re.compile(_LEAD + _range("-|to|–|and") + _QTY_TAIL, re.IGNORECASE)
# "15 and 216 kD" is two numbers; "between 15 and 216 kD" is a range
_QTY_NO_AND = re.compile(_LEAD + _range("-|to|–") + _QTY_TAIL, re.IGNORECASE)
_BETWEEN = re.compile(r"\bbetween\s*(?:the\s+ages\s+of\s*)?$")
_VAGUE = re.compile(r"\b(?:several|a few|few|many|some)\s+$")
_LINE_START = re.compile(r"(?:^|\n)[ \t]*$")


class NumberStatus(StrEnum):
    NONE = "none"  # the claim has no quantity
    OK = "ok"  # every claim quantity is in the source
    MISSING = "missing"  # a claim quantity is not in the source
    CONFLICT = "conflict"  # the source gives that quantity with another value or unit


@dataclass(frozen=True)
class Quantity:
    lo: float
    hi: float
    unit: str | None  # canonical unit name, or None
    per: str | None
    start: int
    end: int
    text: str
    tol: float = 0.5  # half a unit of the literal's last digit: "41%" matches "41.3%"
    #: "business" (business or working days), "calendar", "age" (years of age, not a
    #: duration), "share" (a share said in words: "half the fare")
    kind: str | None = None
    vague: bool = False  # "several weeks", "about a month": any value within [lo, hi] +- tol

    @property
    def dimension(self) -> str | None:
        return _UNITS[self.unit][0] if self.unit in _UNITS else None

    @property
    def scale(self) -> float:
        """What one of its unit is in the base unit of its dimension (1 without a unit)."""
        return _UNITS[self.unit][1] if self.unit in _UNITS else 1.0

    def base(self) -> tuple[float, float]:
        return self.lo * self.scale, self.hi * self.scale


@dataclass(frozen=True)
class NumberCheck:
    status: NumberStatus
    detail: str
    matched: int
    total: int


def _value(tok: str) -> float | None:
    tok = tok.lower().replace(",", "").strip()
    if not tok:
        return None
    try:
        return float(tok)
    except ValueError:
        pass
    parts = re.split(r"[ -]", tok)
    vals = [_SMALL.get(p) for p in parts]
    if any(v is None for v in vals):
        return 1.0 if tok == "a" else None
    return float(sum(v for v in vals if v is not None))


def _unit(raw: str | None) -> str | None:
    if not raw:
        return None
    u = raw.lower().strip()
    if u.startswith("per") and "cent" in u:
        return "%"
    if u.startswith("percentage point"):
        return "percentage point"
    if u in _UNITS:
        return u
    for cand in (u[:-1] if u.endswith("s") else u, u[:-2] if u.endswith("es") else u):
        if cand in _UNITS:
            return cand
    return None


def is_unit(word: str) -> bool:
    """``word`` names a unit of measure or a currency ("MB", "EUR", "km"): a claim's "MB"
    is the number layer's to compare, not a name the source lacks."""
    return _unit(word) is not None


_AGE_GROUP = re.compile(r"\b(under|over)-(\d{1,2})s\b")


def quantities(text: str, ranges: bool = False) -> list[Quantity]:
    """Every quantity in ``text`` with offsets into ``fold(text)`` (same length as text
    for ordinary input). Names that hold digits ("3T3 cells", "OCT3/4", "4-PBA"), list
    markers ("1." opening a line) and vague counts ("several hundred") are not quantities.
    With ``ranges``, a range written with its unit twice ("76.3% to 85.4%") is also given
    whole, beside its two ends."""
    # "under-18s" (people under 18) says "under 18", in as many characters
    t = _AGE_GROUP.sub(lambda m: f"{m.group(1)} {m.group(2)} ", fold(text))
    orig = text if len(text) == len(t) else t
    out: list[Quantity] = []
    pos = 0
    while (m := _QTY.search(t, pos)) is not None:
        if (m.group("conn") or "").strip() == "and" and not _BETWEEN.search(t, 0, m.start()):
            m = _QTY_NO_AND.match(t, m.start())
            assert m is not None  # the same text without the range matches
        pos = m.end()
        q = _quantity(t, orig, m)
        if q is not None:
            out.append(q)
    out = _and_a_half(t, orig, out)
    # a period a few words on ("3% interest per month", "25 days of holiday a year")
    out = [_with_period(t, q) for q in out]
    # times of day and times taken ("2:00:35") replace the plain numbers they are written with
    timed = _clock_times(t, orig) + _lap_times(t, orig)
    out = [q for q in out if not any(c.start < q.end and q.start < c.end for c in timed)] + timed
    out.sort(key=lambda q: q.start)
    out += _spoken_durations(t, orig, out)
    out += _half_a_unit(t, out)
    out = _share_of_a_unit(t, out)
    out += _magnitudes(t, out)
    out = _factors(t, out)
    out += _shares(t, out)
    out += _below_zero(t, out)
    out = [_dated(t, orig, _aged(t, _numbered_period(t, q))) for q in out]
    out = _cents_as(out, out)  # ("20 cents per day" in the currency of "up to 5 EUR")
    out = _unit_of_the_other(t, out)
    if ranges:
        out += _written_ranges(t, out)
    return out


#: a bare number set against an amount just given, in its unit: "10 seconds instead of 30",
#: "12 EUR, up from 10", "4 kg rather than 5"
_AGAINST_THE_LAST = re.compile(r"\s*,?\s*(?:instead\s+of|rather\s+than|in\s+place\s+of|up\s+from|down\s+from|compared\s+(?:with|to)|"
                               r"against|versus|vs\.?)\s*$")


def _unit_of_the_other(t: str, found: list[Quantity]) -> list[Quantity]:
    """Each bare number said against the amount just before it (:data:`_AGAINST_THE_LAST`)
    takes that amount's unit and period."""
    out = list(found)
    for i in range(1, len(out)):
        q, last = out[i], out[i - 1]
        if q.unit is None and q.lo == q.hi and last.unit is not None and last.unit != "o'clock" \
                and _AGAINST_THE_LAST.fullmatch(t, last.end, q.start):
            out[i] = replace(q, unit=last.unit, per=last.per, kind=last.kind)
    return out


_CENTS = re.compile(r"^[\d.,]+\s*(?:cents?|pence)\b")
_SCHOOL = re.compile(r"\b(?:pupils?|students?|schools?|class(?:es)?|grades?|teachers?)\b")
_SCHOOL_YEAR_AFTER = re.compile(r"\s+(?:or|and)\s+(?:above|below|higher|lower|up|upwards|over|under)\b")
#: a period numbered by its label: "in year five", "from day 4", "during week two"
_NUMBERED_PERIOD = re.compile(r"\b(?:in|during|from|after|by|until|before|on|since)\s+(?P<unit>year|day|week|month)\s*$")


def _numbered_period(t: str, q: Quantity) -> Quantity:
    """``q`` read as the ordinal period its label numbers ("a failure in year five": the fifth
    year), or itself."""
    m = _NUMBERED_PERIOD.search(t, max(0, q.start - 20), q.start)
    if m is None or q.unit is not None or q.kind is not None or q.lo != q.hi or not q.lo.is_integer() or q.lo > 100:
        return q
    if m.group("unit") == "year" and (_SCHOOL.search(t) or q.text[:1].isdigit() or _SCHOOL_YEAR_AFTER.match(t, q.end)):
        return q  # "pupils in year 10 or above": a school year (a period's year is said in words: "in year five")
    return replace(q, unit=m.group("unit"), kind="ordinal", start=m.start("unit"), text=t[m.start("unit"):q.end])


def _cents_as(found: list[Quantity], theirs: list[Quantity]) -> list[Quantity]:
    """Amounts in cents ("50 cents per page") as a hundredth of the one currency ``theirs``
    names: the text's own ("up to 5 EUR"), or for a text that names none, the other text's
    ("Ten colour pages cost 5 EUR"); left alone when it names none or several."""
    named = {q.unit for q in theirs if q.dimension in _MONEY_DIMENSIONS}
    if len(named) != 1 or not any(q.unit is None and _CENTS.search(q.text) for q in found):
        return found
    unit = named.pop()
    return [replace(q, lo=q.lo / 100, hi=q.hi / 100, unit=unit, tol=q.tol / 100)
            if q.unit is None and _CENTS.search(q.text) else q for q in found]


#: a temperature below zero: "-20 °C", "−5°F" (the sign is no hyphen of a name)
_BELOW_ZERO = re.compile(r"(?<![\w.])[-−–](?P<v>\d+(?:\.\d+)?)\s*°\s*(?P<u>[cf])\b")


def _below_zero(t: str, found: list[Quantity]) -> list[Quantity]:
    """Temperatures below zero, which the number pattern leaves out after a minus sign."""
    return [Quantity(-float(m.group("v")), -float(m.group("v")), f"°{m.group('u')}", None, m.start(), m.end(),
                     m.group(0).strip(), 0.5)
            for m in _BELOW_ZERO.finditer(t) if not any(q.start < m.end() and m.start() < q.end for q in found)]


_AND_A = re.compile(r"\s+and\s+an?\s*")
_ONE_AND_A = re.compile(r"\b(?:one|an?)\s+and\s+an?\s*$", re.IGNORECASE)


def _and_a_half(t: str, orig: str, found: list[Quantity]) -> list[Quantity]:
    """"four and a half hours" as 4.5 hours, not the count four beside half an hour."""
    out: list[Quantity] = []
    for q in found:
        last = out[-1] if out else None
        half = q.unit is not None and q.lo == q.hi == 0.5 and t[q.start:q.end].strip().lower().startswith("half")
        if half and last is not None and last.unit is None and last.lo == last.hi \
                and _AND_A.fullmatch(t, last.end, q.start):
            out[-1] = Quantity(last.lo + 0.5, last.lo + 0.5, q.unit, q.per, last.start, q.end,
                               orig[last.start:q.end].strip(), 0.25, q.kind, False)
            continue
        one = _ONE_AND_A.search(t, 0, q.start) if half else None
        if one is not None:  # "one and a half days" (one is no quantity of its own)
            q = Quantity(1.5, 1.5, q.unit, q.per, one.start(), q.end, orig[one.start():q.end].strip(), 0.25, q.kind, False)
        out.append(q)
    return out


_LATER_PERIOD = re.compile(r"(?:\s+(?!per\b|a\b|an\b|each\b|every\b|and\b|or\b|but\b)[a-z]+(?:-[a-z]+)*){1,3}?\s+(?:(?:for|in)\s+)?"
                           r"(?:per|a|an|each|every)\s+(?:(?:full|whole|complete|calendar)\s+)?"
                           # ("a week's notice" is a week of notice, no period)
                           r"(?P<per>day|week|month|year|annum|hour|term|semester)\b(?!['\u2019]s\b)")


#: what else an amount is counted by, a few words on: "200 EUR of repairs per claim"
_LATER_PER_THING = re.compile(r"(?:\s+(?!per\b)[a-z]+(?:-[a-z]+)*){1,3}?\s+per\s+(?P<per>(?!cent\b)[a-z]{3,})\b", re.IGNORECASE)
#: "12 dollars every four weeks", "a dose every other day": a period of several units
_EVERY_N = re.compile(r"(?:\s+(?!every\b)[a-z]+){0,3}?\s+every\s+(?P<n>other|\d+|[a-z]+)\s+"
                      r"(?P<per>day|week|month|year|hour)s?\b", re.IGNORECASE)
#: several of a unit that make one of a larger one
_WHOLE_PERIODS = {(7.0, "day"): "week", (24.0, "hour"): "day", (12.0, "month"): "year", (1.0, "day"): "day",
                  (1.0, "week"): "week", (1.0, "month"): "month", (1.0, "year"): "year", (1.0, "hour"): "hour"}


def _every(n: float, unit: str) -> str:
    """The period of "every ``n`` ``unit``s": a unit's name when they make one ("every 12
    months" is per year), else "``n`` ``unit``s", which equals no single unit ("every four
    weeks" is not per month)."""
    return _WHOLE_PERIODS.get((n, unit)) or f"{n:g} {unit}s"


def _said(q: Quantity) -> str:
    """The quantity's words, with the period it was read with when they do not say it."""
    return q.text if q.per is None or q.per in q.text else f"{q.text} (per {q.per})"


#: a period priced before its amount: "An hour costs 4 EUR", "Each night is 90 EUR"
_PERIOD_PRICED = re.compile(r"(?:^|[.;:]\s*|\b(?:and|but)\s+)(?:an?|one|each|every)\s+(?:extra\s+|additional\s+)?"
                            r"(?P<per>day|week|month|year|hour)\s+(?:costs?|is|comes\s+to|will\s+cost)\s*$", re.IGNORECASE)
_THEN_PERIOD = re.compile(r"\s+(?:per|a|an|each|every)\s+(?P<per>day|week|month|year|hour)\b", re.IGNORECASE)


def _with_period(t: str, q: Quantity) -> Quantity:
    """``q`` with the period stated a few words after it, in its clause and before any other
    number: "3% interest per month" is 3% per month, "1.5 days of leave for each month" 1.5
    days per month, "18 days of leave in a year" 18 days per year."""
    if q.per is not None and q.per not in _PER.values() and q.unit != "o'clock":
        # "8 EUR per user per month": a price per thing and per period is read per period (what
        # a claim says as "each user costs 8 EUR a month")
        period = _THEN_PERIOD.match(t, q.end)
        return replace(q, per=_PER[period.group("per")], end=period.end()) if period is not None else q
    if q.per is not None or q.unit == "o'clock":
        return q
    every = _EVERY_N.match(t, q.end)
    if every is not None and not re.search(r"[\d,;:.()]", t[q.end:every.start("n")]):
        word = every.group("n").lower()
        n = 2.0 if word == "other" else float(word) if word.isdigit() else _SMALL.get(word)
        if n:
            return replace(q, per=_every(n, every.group("per").lower()), end=every.end())
    first = _PERIOD_PRICED.search(t, max(0, q.start - 40), q.start)
    if first is not None and q.unit is not None and q.dimension in _MONEY_DIMENSIONS:
        return replace(q, per=_PER[first.group("per").lower()])  # "An hour costs 4 EUR": 4 EUR per hour
    m = _LATER_PERIOD.match(t, q.end)
    if m is None or re.search(r"[\d,;:.()]", t[q.end:m.end()]):
        thing = _LATER_PER_THING.match(t, q.end)  # "200 EUR of repairs per claim"
        if thing is None or re.search(r"[\d,;:.()]", t[q.end:thing.end()]):
            return q
        return replace(q, per=thing.group("per").lower())
    # the period's words are the quantity's now: "a month" is no duration of its own
    return replace(q, per=_PER[m.group("per")], end=m.end())


_CLOCK = re.compile(r"\b(?:(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s*(?P<half>a\.?\s?m\b\.?|p\.?\s?m\b\.?|"
                    r"(?:o'clock\s+)?in\s+the\s+(?:morning|afternoon|evening)\b|(?:o'clock\s+)?at\s+night\b)|"
                    r"(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)(?![\d:])|(?P<word>noon|midday|midnight))",
                    re.IGNORECASE)


def _clock_times(t: str, orig: str) -> list[Quantity]:
    """Times of day ("7:00", "10 p.m.", "7.30am", "noon", "6 in the evening") as minutes after midnight, so that
    "10 p.m." is "22:00" and neither is the plain number 10."""
    out = []
    for m in _CLOCK.finditer(t):
        if m.group("word"):
            minutes = 0 if m.group("word").lower() == "midnight" else 720
        elif m.group("half"):
            h, mm = int(m.group("h")), int(m.group("m") or 0)
            if not 1 <= h <= 12 or mm > 59:
                continue
            half = m.group("half").lower()
            pm = half.startswith("p") or half.endswith(("afternoon", "evening", "night"))  # "6 in the evening"
            minutes = (h % 12 + (12 if pm else 0)) * 60 + mm
            # the start of a span that gives its half of the day once: "between 6 and 9 a.m.",
            # "from 11 to 2 p.m." (11 a.m.: a span runs forward)
            first = _SPAN_START.search(t, max(0, m.start() - 16), m.start())
            if first is not None and 1 <= int(first.group("h")) <= 12 and int(first.group("m") or 0) <= 59:
                start = (int(first.group("h")) % 12 + (12 if pm else 0)) * 60 + int(first.group("m") or 0)
                if start >= minutes:
                    start -= 12 * 60
                if start >= 0:
                    out.append(Quantity(float(start), float(start), "o'clock", None, first.start("h"), first.end("h") if
                                        not first.group("m") else first.end("m"), orig[first.start("h"):first.end("m") if
                                        first.group("m") else first.end("h")], 0.5, None, False))
        else:
            minutes = int(m.group("h24")) * 60 + int(m.group("m24"))
        out.append(Quantity(float(minutes), float(minutes), "o'clock", None, m.start(), m.end(),
                            orig[m.start():m.end()].strip(), 0.5, None, False))
    return out


#: a time taken, hours, minutes and seconds: "2:00:35" (a marathon), "1:59:40.2"
_LAP = re.compile(r"(?<![\d:.])(?P<h>\d{1,2}):(?P<m>[0-5]\d):(?P<s>[0-5]\d(?:\.\d+)?)(?![\d:])")


def _lap_times(t: str, orig: str) -> list[Quantity]:
    """Times taken written "h:mm:ss" ("2:00:35"), in seconds: a duration, no time of day
    (a clock gives no seconds in prose)."""
    return [Quantity(v, v, "second", None, m.start(), m.end(), orig[m.start():m.end()], 0.5, None, False)
            for m in _LAP.finditer(t)
            for v in (int(m.group("h")) * 3600.0 + int(m.group("m")) * 60.0 + float(m.group("s")),)]


#: a bare hour that opens a span of the day: "6 and" of "between 6 and 9 a.m."
_SPAN_START = re.compile(r"(?<![\d:.])(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s*(?:and|to|until|till|-|–)\s*$")


#: nouns after which a unit names a kind of thing ("a day ticket"), not a duration
_KIND_OF_THING = (r"(?:tickets?|pass(?:es)?|trips?|returns?|visits?|care|centres?|centers?|jobs?|schools?|"
                  r"courses?|rates?|subscriptions?|membership|plans?|permits?|cards?|off|fees?|charges?|prices?)\b")
_SPOKEN_UNITS = {"second": 1, "minute": 1, "hour": 1, "day": 1, "week": 1, "fortnight": 2,
                 "month": 1, "year": 1, "decade": 1}
_SPOKEN = re.compile(
    r"\b(?P<approx>about|around|roughly|approximately|nearly|almost|some|over|under|more than|"
    r"less than|up to|at least|at most|within)?\s*"
    r"(?P<amount>half an?|an? couple of|a few|few|several|an?|one)\s+"
    r"(?P<unit>seconds|minutes?|hours?|days?|weeks?|fortnights?|months?|years?|decades?)\b"
    # "a day ticket", "a week pass", "one day course": a unit naming a kind of thing, no duration
    rf"(?!\s+{_KIND_OF_THING})",
    re.IGNORECASE)
#: a spoken duration right after these is a rate or a count ("once a day", "25 days a year")
_NOT_SPOKEN = re.compile(r"(?:\b(?:once|twice|thrice|times|per|each|every|other|first|last|next|"
                         r"this|that|the|same)|\d|\b(?:seconds?|minutes?|hours?|days?|weeks?|"
                         r"months?|years?))\s*$", re.IGNORECASE)


_OR_MORE = re.compile(r"\s+or\s+(?P<dir>more|longer|over|above|later|less|fewer|under|shorter|sooner|earlier)\b",
                      re.IGNORECASE)
_AND_A_HALF = re.compile(r"\s+and\s+a\s+half\b", re.IGNORECASE)
#: the upper end of a span with none ("at least a month")
_UNBOUNDED = 1e9


def _spoken_durations(t: str, orig: str, found: list[Quantity]) -> list[Quantity]:
    """Durations said without digits: "a month", "half an hour", "a fortnight" (exact
    within 10%), "about a week" (within 25%), "a few days", "several weeks" (2 to 7)."""
    out = []
    for m in _SPOKEN.finditer(t):
        if any(q.start < m.end() and m.start() < q.end for q in found):
            continue
        amount, unit = m.group("amount").lower(), m.group("unit").lower().rstrip("s")
        before = _NOT_SPOKEN.search(t, 0, m.start("amount") if not m.group("approx") else m.start())
        if before and not (amount in ("a", "an") and before.group(0).strip().lower() == "last"):
            continue  # ("Sessions last an hour": the verb, not "the last hour")
        approx = (m.group("approx") or "").lower()
        base = _SPOKEN_UNITS[unit]
        canonical = "week" if unit == "fortnight" else unit
        if approx in ("over", "under", "more than", "less than", "up to", "at least", "at most", "within"):
            # a bound said in words ("within a week", "at least a month"): the span it allows,
            # which an exact value of the source must lie in ("within a week" holds for "five
            # business days", not for "30 days"); "within a few hours" allows up to 7 of them,
            # "a couple of" 2, "at least a few" from 2
            if amount in ("a", "an", "one"):
                least, most = 1.0, 1.0
            elif amount in ("a few", "few", "several") or "couple" in amount:
                least, most = 2.0, 2.0 if "couple" in amount else 7.0
            else:
                continue
            upper = approx in ("under", "less than", "up to", "at most", "within")
            lo, hi = (0.0, most * base) if upper else (least * base, _UNBOUNDED)
            # a bound said in words is as loose as the word ("at least a month": four weeks too)
            out.append(Quantity(lo, hi, canonical, None, m.start(), m.end(), t[m.start():m.end()].strip(),
                                0.1 * (most if upper else least) * base, None, True))
            continue
        end = m.end()
        if amount.startswith("half"):
            lo = hi = 0.5 * base
        elif amount in ("a few", "few", "several"):
            lo, hi = 2.0 * base, 7.0 * base
        elif "couple" in amount:
            lo = hi = 2.0 * base
        elif (more := _AND_A_HALF.match(t, end)) is not None:  # "an hour and a half": 90 minutes
            lo = hi = 1.5 * base
            end = more.end()
        else:
            lo = hi = 1.0 * base
        tol = 0.25 * hi if approx else 0.0 if amount in ("a few", "few", "several") else 0.1 * hi
        bound = _OR_MORE.match(t, end) if not approx and lo == hi else None
        if bound is not None:  # "an hour or more": from an hour on; "a week or less": up to a week
            upward = bound.group("dir").lower() in ("more", "longer", "over", "above", "later")
            lo, hi, tol, end = (lo, _UNBOUNDED, 0.0, bound.end()) if upward else (0.0, hi, 0.0, bound.end())
        out.append(Quantity(lo, hi, canonical, None, m.start(), end, t[m.start():end].strip(),
                            tol, None, True))
    return out


#: a share of an amount said in words: "half the adult fare", "a quarter of the cost", "one
#: third of the seats" (a share, like "50%"; "half an hour" is a duration, read elsewhere)
_SHARE = re.compile(r"\b(?:(?P<half>half)(?:\s+of)?|(?:a|one)\s+(?P<part>third|quarter|fourth|fifth|tenth)\s+of)"
                    r"\s+(?:the|a|an|its|their|his|her|your|our|this|that|all)\b", re.IGNORECASE)


_HALF_A = re.compile(r"\bhalf\s+an?\s+(?P<unit>[a-z]+)\b", re.IGNORECASE)


def _half_a_unit(t: str, found: list[Quantity]) -> list[Quantity]:
    """"half a centimetre", "half a litre": half of a unit of measure (durations are read
    with the spoken ones)."""
    out = []
    for m in _HALF_A.finditer(t):
        unit = _unit(m.group("unit"))
        if unit is None or any(q.start < m.end() and m.start() < q.end for q in found):
            continue
        out.append(Quantity(0.5, 0.5, unit, None, m.start(), m.end(), t[m.start():m.end()], 0.05))
    return out


#: a share of one unit: "a quarter of a year", "three quarters of an hour", "a third of a litre"
_SHARE_OF_A = re.compile(r"\b(?P<n>a|one|two|three)\s+(?P<part>quarter|third)s?\s+of\s+an?\s+(?P<unit>[a-z]+)\b")


def _share_of_a_unit(t: str, found: list[Quantity]) -> list[Quantity]:
    """"a quarter of a year" (0.25 year), "three quarters of an hour": the share, in place of
    the whole unit read on its own ("a year")."""
    out = list(found)
    for m in _SHARE_OF_A.finditer(t):
        unit = _unit(m.group("unit"))
        if unit is None:
            continue
        v = {"a": 1, "one": 1, "two": 2, "three": 3}[m.group("n")] / {"quarter": 4, "third": 3}[m.group("part")]
        out = [q for q in out if not (q.start < m.end() and m.start() < q.end)]
        out.append(Quantity(v, v, unit, None, m.start(), m.end(), t[m.start():m.end()], 0.01))
    return sorted(out, key=lambda q: q.start)


#: a count said as a magnitude: "a few hundred", "several thousand", "hundreds of", "tens of
#: thousands of", "a few dozen"
_MAGNITUDE = re.compile(r"\b(?:(?:a\s+few|several|a\s+couple\s+of)\s+(?:dozen|hundred|thousand|million)\b(?!\s+and\b)"
                        r"|(?:tens\s+of\s+)?(?:dozens|hundreds|thousands|millions)(?=\s+of\b))")


def _magnitudes(t: str, found: list[Quantity]) -> list[Quantity]:
    """Vague counts said as a magnitude, each the range of values a reader takes it to mean
    (:func:`citadel.verify.quantifiers.vague_span`, the table the count check reads too)."""
    out = []
    for m in _MAGNITUDE.finditer(t):
        span = vague_span(m.group(0))
        if span is None or any(q.start < m.end() and m.start() < q.end for q in found):
            continue
        out.append(Quantity(span[0], span[1], None, None, m.start(), m.end(), m.group(0), 0.0, "magnitude", vague=True))
    return out


#: a multiple of an amount said in words: "one and a half times the normal rate", "double
#: their usual pay", "time and a half", "double time" (pay said as a multiple of the rate)
_FACTOR = re.compile(r"\b(?:(?P<n>one|two|three|four|five|\d+)\s+and\s+a\s+half\s+times\b"
                     r"|(?P<word>double|triple|treble|quadruple)(?=\s+(?:the|their|his|her|its|your|our|that|this|what)\b)"
                     r"|(?P<idiom>time\s+and\s+a\s+half|double\s+time|triple\s+time)\b"
                     # "150% of the normal rate": a multiple (a share is at most 100%)
                     r"|(?<![\d.])(?P<pct>[1-9]\d{2,}(?:\.\d+)?)\s*%\s+of\b)")
_FACTOR_WORDS = {"double": 2.0, "triple": 3.0, "treble": 3.0, "quadruple": 4.0, "time and a half": 1.5,
                 "double time": 2.0, "triple time": 3.0}


def _factors(t: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` with the multiples said in words (:data:`_FACTOR`) as bare numbers, as
    "twice" and "1.5 times" already are ("150% of the normal rate" is 1.5 times it); a number
    they hold ("two" of "two and a half times", "150%") gives way to them."""
    extra = []
    for m in _FACTOR.finditer(t):
        said = " ".join(m.group(0).lower().split())
        if m.group("n"):
            value = _value(m.group("n"))
            if value is None:
                continue
            value += 0.5
        elif m.group("pct"):
            value = float(m.group("pct")) / 100
            if value <= 1:
                continue
        else:
            value = _FACTOR_WORDS[said]
        end = t.index("%", m.start()) + 1 if m.group("pct") else m.end()
        extra.append(Quantity(value, value, None, None, m.start(), end, t[m.start():end], 0.0))
    if not extra:
        return found
    kept = [q for q in found if not any(f.start < q.end and q.start < f.end for f in extra)]
    return sorted(kept + extra, key=lambda q: q.start)


#: words that name a kind of what is counted, not the thing: "kinds of fish"
_KIND_WORDS = frozenset("kind kinds type types sort sorts species variety varieties form forms of".split())


def _counted(text: str, end: int) -> set[str]:
    """The stems of the few words after a count that name what it counts ("species of fish":
    fish)."""
    return {stem(w) for w in words(text[end:end + 40])[:3] if w not in _KIND_WORDS} & {
        stem(w) for w in content_words(text[end:end + 40])}


def _magnitude_against(c: Quantity, claim: str, sq: list[Quantity], source: str) -> str | None:
    """The source's count (with its bound: "fewer than ten", "more than 1,500") that a vague
    magnitude of the claim ("thousands", "a few hundred") cannot be, in a sentence about what
    the claim speaks of (it, or the one before it, shares two of the claim's words)."""
    if any(s.kind == "magnitude" and s.lo <= c.hi and c.lo <= s.hi for s in sq):
        return None  # the source's own "dozens of"
    mine = content_words(claim[: c.start] + " " + claim[c.end:])
    for s in sq:
        if s.unit is not None or s.kind in ("ordinal", "magnitude") or (_is_year(s) and "," not in s.text) or s.per:
            continue
        a, b = _sentence_at(source, s.start)
        before = _sentence_at(source, a - 2)[0] if a >= 2 else a
        # (and they count the same things: "species of fish" for "kinds of fish")
        if len(mine & content_words(source[before:b])) < 2 or not _counted(claim, c.end) & _counted(source, s.end):
            continue
        lead = source[max(0, s.start - 20): s.start]
        lo, hi = s.lo, s.hi
        if (bound := _HIGH_BEFORE.search(lead)) is not None:
            lo = 0.0
        elif (bound := _LOW_BEFORE.search(lead)) is not None:
            hi = float("inf")
        elif (bound := _ROUGHLY.search(lead)) is not None:
            lo, hi = 0.9 * lo, 1.1 * hi
        # (fewer than a stated count may be a part of it: "acquired dozens of the 315 it runs")
        if hi < c.lo or (lo > c.hi and bound is not None):
            return f"{bound.group(0).strip()} {s.text}" if bound is not None else s.text
    return None


_SHARE_BOUND = re.compile(r"\b(?:than|over|under|about|around|nearly|almost|roughly|approximately|up\s+to|"
                          r"at\s+least|at\s+most)\s*$", re.IGNORECASE)


def _shares(t: str, found: list[Quantity]) -> list[Quantity]:
    """Exact shares said in words; a bounded or hedged one ("fewer than a third") is left to
    the comparisons that read bounds."""
    out = []
    for m in _SHARE.finditer(t):
        if any(q.start < m.end() and m.start() < q.end for q in found) or _SHARE_BOUND.search(t, 0, m.start()):
            continue  # "half an hour", already a duration
        value = 50.0 if m.group("half") else 100.0 / _FRACTIONS[m.group("part").lower()]
        end = m.end("half") if m.group("half") else m.end("part")
        out.append(Quantity(value, value, "%", None, m.start(), end, t[m.start():end], 1.0, "share"))
    return out


#: an age: "aged 6 to 14", "ages 3-5" (years, like "a 10-year-old")
_AGED = re.compile(r"\b(?:aged|ages?)(?:\s+of)?\s*$", re.IGNORECASE)


#: the months and the days of the week, by name, in order (the one list the verifier's rules read)
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_DAY_MONTH = re.compile(r"(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<month>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
                        r"[a-z]*(?=[\s,.;:!?)]|$)", re.IGNORECASE)
_MONTH_DAY = re.compile(r"\b(?P<month>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*$", re.IGNORECASE)
_ORDINAL_TAIL = re.compile(r"(?:st|nd|rd|th)\b", re.IGNORECASE)


def _dated(t: str, orig: str, q: Quantity) -> Quantity:
    """A day of a month ("1 March", "March 1st", "the 3rd of May") as a date, month x 100 +
    day: "1 March" is not the count one, and is not "1 February"."""
    if q.unit is not None or q.lo != q.hi or not q.lo.is_integer() or not 1 <= q.lo <= 31 or q.per:
        return q
    after = _DAY_MONTH.match(t, q.end)
    before = None if after else _MONTH_DAY.search(t, max(0, q.start - 12), q.start)
    found = after or before
    if found is None or orig[found.start("month"):found.end("month")] == "may":  # "you may 3 ..."
        return q
    month = _MONTH_NAMES.index(found.group("month").lower()) + 1
    if after is not None:
        start, end = q.start, after.end()
    else:
        start = before.start()  # type: ignore[union-attr]
        tail = _ORDINAL_TAIL.match(t, q.end)
        end = tail.end() if tail else q.end
    return replace(q, lo=month * 100 + q.lo, hi=month * 100 + q.lo, unit="date", start=start, end=end,
                   text=t[start:end].strip(), tol=0.0)


_OLD = re.compile(r"[ -]?(?:years?[ -])?old\b", re.IGNORECASE)


def _aged(t: str, q: Quantity) -> Quantity:
    """An age ("aged 6 to 14", "a 10-year-old", "12 years old") as that many years of the
    kind "age": an age is not a duration ("aged 18" is no "at least three years")."""
    if q.unit is None and _AGED.search(t, max(0, q.start - 12), q.start):
        return replace(q, unit="year", kind="age")
    if q.unit == "year" and q.per is None and _OLD.match(t, q.end):
        return replace(q, kind="age")
    return q


_FRACTIONS = {"half": 2, "halve": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6,
              "eighth": 8, "tenth": 10}
_FRACTION = re.compile(r"[\s-]+(halve|third|quarter|fourth|fifth|sixth|eighth|tenth)s?\b")
_OF_A_UNIT = re.compile(r"\s+of\s+an?\s+(hour|day|week|month|year|minute)\b", re.IGNORECASE)


_BODY_FOOT = re.compile(r"\s+(?:on|in|off|onto|into|inside|outside|behind|forward|first)\b", re.IGNORECASE)


def _quantity(t: str, orig: str, m: re.Match[str]) -> Quantity | None:
    raw = m.group("num")
    unit = _unit(m.group("unit"))
    if m.group("cur"):
        unit = _unit(m.group("cur"))
    word_num = not re.match(r"[\d.]", raw)
    if word_num and (raw.lower() == "a" or raw.lower() in _AMBIGUOUS) and unit is None:
        return None
    if unit == "foot" and _BODY_FOOT.match(t, m.end()):
        return None  # "at least one foot on the goal line": a foot, no length
    if word_num and _VAGUE.search(t, 0, m.start("num")):
        return None
    if not word_num and unit is None and _not_a_number(t, orig, m.start("num"), m.end("num")):
        return None
    lo = _value(raw)
    if lo is None:
        return None
    part = _FRACTION.match(t, m.end("num")) if unit is None and not m.group("hi") and word_num else None
    if part is not None and lo < _FRACTIONS[part.group(1)]:
        # "three quarters", "two thirds": a share, read as a percentage ("four quarters of
        # 12 minutes" are periods of a game, not a share)
        share = lo / _FRACTIONS[part.group(1)]
        of_unit = _OF_A_UNIT.match(t, part.end())
        if of_unit is not None:  # "three quarters of an hour": 45 minutes
            unit = of_unit.group(1).lower()
            return Quantity(share, share, unit, None, m.start(), of_unit.end(),
                            t[m.start():of_unit.end()].strip(), 0.05 * share)
        value = 100.0 * share
        return Quantity(value, value, "%", None, m.start(), part.end(), t[m.start():part.end()].strip(), 1.0)
    hi = _value(m.group("hi")) if m.group("hi") else lo
    if hi is None or (m.group("hi") and hi < lo):
        hi = lo
    decimals = len(raw.split(".")[1]) if "." in raw and not word_num else 0
    tol = 0.5 * 10.0 ** -decimals
    scale = (m.group("scale") or "").lower()
    if scale == "m" and not m.group("cur") and unit is None and (
            t[m.end("num"):m.start("scale")].strip() == "" and (t[m.end("num")] in " -" or
                                                              t.startswith("/", m.end("scale")))):
        scale, unit = "", "m"  # "343 m", "2.0 m/s": metres; "$5m", "5m users": millions
    if scale in _SCALE:
        lo, hi, tol = lo * _SCALE[scale], hi * _SCALE[scale], tol * _SCALE[scale]
    per = m.group("per") or m.group("per2") or m.group("per3")
    per = _PER.get(per.lower()) if per else m.group("per4").lower() if m.group("per4") else None
    if per is None and unit is None and (m.group("unit") or "").lower() in _PERIOD_WORDS:
        per = _PER[m.group("unit").lower()]  # "12 weekly sessions": a count of what happens each week
    if per is None:  # a table cell labelled by its period: "Monthly premium: $45"; "Annual membership costs 90 EUR"
        label = _PERIOD_LABEL.search(t, max(0, m.start() - 45), m.start()) or \
            _PERIOD_SUBJECT.search(t, max(0, m.start() - 45), m.start())
        per = _PER.get(label.group(1).lower()) if label else None
    end = m.end("unit") if unit and m.group("unit") else m.end("num") if not m.group("hi") \
        else m.end("hi")
    end = max(end, m.end("num"), m.end("per") if m.group("per") else 0,
              m.end("per2") if m.group("per2") else 0, m.end("per3") if m.group("per3") else 0,
              m.end("per4") if m.group("per4") else 0,
              m.end("scale") if m.group("scale") else 0)
    kind = (m.group("kind") or "").lower() or None
    kind = "business" if kind == "working" else kind
    if word_num and raw.lower() in _ORDINALS:
        kind = "ordinal"  # "the first year", "after the fifth day"
    elif unit in _CENTURY and re.match(r"(?:st|nd|rd|th)\b", t[m.end("num"):], re.IGNORECASE):
        kind = "ordinal"  # "the 15th century" is a time, no 15 centuries
    return Quantity(lo, hi, unit, per, m.start(), end, t[m.start():end].strip(), tol, kind)


def _not_a_number(t: str, orig: str, start: int, end: int) -> bool:
    """Digits that name something rather than count it, or number a list item."""
    after = orig[end:]
    if re.match(r"[A-Za-z]+\d", after):  # 3T3, 2B4
        return True
    if start and orig[start - 1] == "/" and re.search(r"[A-Za-z]\w*/$", orig[:start]):
        return True  # OCT3/4, F4/80
    name = re.match(r"-?([A-Z]{2,}[A-Za-z]*)\b", after)  # 4-PBA, 5-HT, 10EB (not 512GB, 5PM)
    if name and _unit(name.group(1)) is None and name.group(1).lower() not in ("am", "pm"):
        return True
    return bool(_LINE_START.search(t, 0, start) and re.match(r"[.)](?:\s|$)", t[end:]))


#: midnight at the end of a span of the day, in minutes
_DAY_END = 24 * 60.0


def _written_ranges(t: str, qs: list[Quantity]) -> list[Quantity]:
    """Ranges whose two ends each carry the unit: "76.3% to 85.4%", "between 2 h and 4 h"."""
    out = []
    for a, b in zip(qs, qs[1:]):
        gap = t[a.end:b.start]
        if a.lo != a.hi or b.lo != b.hi or a.unit is None or b.unit is None or a.per != b.per:
            continue
        if a.unit != b.unit:  # "from six months to five years": the range in the second end's unit
            if a.dimension is None or a.dimension != b.dimension or a.dimension == "clock":
                continue
            a = replace(a, lo=a.lo * a.scale / b.scale, hi=a.hi * a.scale / b.scale, unit=b.unit, kind=b.kind)
        if not (re.fullmatch(r"\s*(?:-|to)\s*", gap) or (
                re.fullmatch(r"\s*and\s*", gap) and _BETWEEN.search(t, 0, a.start))):
            continue
        hi = b.hi
        if a.unit == "o'clock" and b.lo == 0:
            hi = _DAY_END  # "from 5 a.m. to midnight": the end of the day, not its start
        if a.lo < hi:
            # "six months to five years old": the age the last end says is the range's
            out.append(Quantity(a.lo, hi, a.unit, a.per, a.start, b.end, t[a.start:b.end],
                                a.tol, b.kind))
    return out


#: the most a rounded value may differ from the exact one, as a share of it: "2 million" for
#: "1.97 million" rounds, "2 cups" for "1.5 cups" does not
MAX_ROUNDING = 0.1


def _same(a: float, b: float, tol: float) -> bool:
    """``a`` (from the claim, rounded to ``tol``) equals ``b`` (from the source)."""
    return a == b or (abs(a - b) < tol * (1 + 1e-9)
                      and abs(a - b) <= MAX_ROUNDING * max(abs(a), abs(b)))


def _agree(c: Quantity, s: Quantity) -> bool:
    if c.per and s.per and c.per != s.per:
        return False
    if (c.kind == "ordinal") != (s.kind == "ordinal") and c.unit is not None and s.unit is not None:
        return False  # "the first year" is no "12 months" ("the 1st" may be "the first day")
    if _age_against_duration(c, s):
        return False
    if c.kind and s.kind and c.kind != s.kind:  # five business days are not five calendar days
        return False
    if c.vague or s.vague:
        if not (c.dimension and c.dimension == s.dimension):
            return False
        (clo, chi), (slo, shi) = c.base(), s.base()
        cw, sw = c.tol * c.scale, s.tol * s.scale
        if c.vague and s.vague:  # both spans meet
            if c.hi >= _UNBOUNDED and s.hi >= _UNBOUNDED:  # two lower bounds: the same one
                return _close_bound(clo, slo)
            if c.lo == 0 and s.lo == 0:  # two upper bounds ("within a week" / "within a month")
                return _close_bound(chi, shi)
            return clo - cw <= shi + sw and slo - sw <= chi + cw
        if c.vague:  # the source's exact value lies in the claim's span
            return clo - cw <= slo and shi <= chi + cw
        return slo - sw <= clo and chi <= shi + sw
    if "business" in (c.kind, s.kind) and {(c.unit, c.kind), (s.unit, s.kind)} in (
            {("day", "business"), ("week", None)}, {("day", "business"), ("week", "business")}):
        # a working week is five working days ("two working weeks", "ten working days")
        def days(q: Quantity) -> tuple[float, float]:
            return (q.lo * 5, q.hi * 5) if q.unit == "week" else (q.lo, q.hi)
        return days(c) == days(s)
    if c.dimension and s.dimension and c.dimension == s.dimension:
        clo, chi = c.base()
        slo, shi = s.base()
        return _same(clo, slo, c.tol * c.scale) and _same(chi, shi, c.tol * c.scale)
    if c.unit != s.unit:  # one side without a unit: the same value, not a rounded one
        return (c.unit is None or s.unit is None) and c.lo == s.lo and c.hi == s.hi  # "4" is not "4.4%"
    return _same(c.lo, s.lo, c.tol) and _same(c.hi, s.hi, c.tol)


def _age_against_duration(c: Quantity, s: Quantity) -> bool:
    """One is an age ("aged 18"), the other a duration with its unit ("three years")."""
    return (c.kind == "age") != (s.kind == "age") and c.unit is not None and s.unit is not None


def _close_bound(a: float, b: float) -> bool:
    """Two bounds said in words name the same amount, within 10% ("at least a month", "at least
    four weeks"; not "at least a week")."""
    return abs(a - b) <= 0.1 * max(a, b)


def agree(c: Quantity, s: Quantity) -> bool:
    """The claim's quantity ``c`` states the source's ``s`` (same value, unit, period)."""
    return _agree(c, s)


def _is_year(q: Quantity) -> bool:
    return q.unit is None and q.lo == q.hi and q.lo.is_integer() and 1000 <= q.lo <= 2100


#: dimensions whose units one may be swapped for another's
_KINDRED = (frozenset(("usd", "eur", "gbp")), frozenset(("tempc", "tempf")), frozenset(("bytes", "rate")),
            frozenset(("mass", "volume")))


def _conflicts(c: Quantity, s: Quantity) -> bool:
    """The source states the same kind of quantity differently."""
    if _age_against_duration(c, s):
        return False
    if "age" in (c.kind, s.kind) and None in (c.unit, s.unit):
        return False  # "an 80-year-old" against "over 75": values, read as without a unit
    if (c.kind == "ordinal") != (s.kind == "ordinal") and (c.unit in _CENTURY or s.unit in _CENTURY):
        return False  # "five centuries" is no "15th century"
    if c.dimension and c.dimension == s.dimension:
        if c.per and s.per and c.per != s.per and _same(c.lo, s.lo, c.tol):
            return True
        if c.kind and s.kind and c.kind != s.kind and _same(c.lo, s.lo, c.tol):
            return True
        return not _agree(c, s)
    if _is_year(c) and _is_year(s):
        return c.lo != s.lo
    if c.unit and s.unit and c.unit != s.unit and _same(c.lo, s.lo, c.tol):
        # a unit swapped for a kindred one ("180 °F" for "180 °C", "50 USD" for "50 EUR", "200 ml"
        # for "200 g"); "a 20-minute ride" is no "20 EUR fee"
        return any({c.dimension, s.dimension} <= kin for kin in _KINDRED)
    return False


#: "1.5 cups of water for every cup of rice", "3 cups of water for 2 cups of rice": an
#: amount of one thing for an amount of another
_THING = r"(?P<{0}>[a-z]+(?:\s+of\s+[a-z]+)?)"
_PROPORTION = re.compile(r"(?<![\w.])(?P<x>" + _HI + r")\s+" + _THING.format("what") + r"\s+(?:for|per|to|with)\s+"
                         r"(?:every\s+|each\s+)?(?:(?:(?P<y>" + _HI + r")|a|an|one)\s+)?" + _THING.format("of") + r"\b")


def _proportions(text: str) -> list[tuple[float, str, str, int, int]]:
    """(amount of the first thing per one of the second, first thing, second thing, start,
    end) of each proportion the text states."""
    out = []
    for m in _PROPORTION.finditer(fold(text)):
        x, y = _value(m.group("x")), _value(m.group("y")) if m.group("y") else 1.0
        if x is not None and y:
            what = " ".join(stem(w) for w in m.group("what").split() if w != "of")
            of = " ".join(stem(w) for w in m.group("of").split() if w != "of")
            out.append((x / y, what, of, m.start(), m.end()))
    return out


def _proportional(claim: str, source: str) -> list[tuple[int, int]]:
    """The spans of the claim's proportions that scale one the source states ("3 cups of
    water for 2 cups of rice" where the source says "1.5 cups of water for every cup of
    rice"): the same two things in the same ratio."""
    stated = _proportions(source)
    return [(s, e) for r, what, of, s, e in _proportions(claim)
            if any(what == w and of == o and _close(r, sr, False) for sr, w, o, _, _ in stated)]


#: frequencies ("every three months", "quarterly"), read as events per second
PERIOD_SECONDS = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0, "week": 604800.0,
            "fortnight": 1209600.0, "month": 2629800.0, "quarter": 7889400.0, "year": 31557600.0}
_TIMES = {"once": 1.0, "twice": 2.0, "thrice": 3.0}
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10, "twelve": 12, "a": 1, "an": 1}
#: counts of times a period ("twenty times an hour"): any number word
_RATE_WORDS = {k: int(v) for k, v in _SMALL.items() if k not in _AMBIGUOUS and float(v).is_integer()
               and k not in ("twice", "double", "triple", "dozen")} | _NUMBER_WORDS
_FREQ_UNIT = r"(second|minute|hour|day|week|fortnight|month|quarter|year)s?"
_FREQ_RATE = re.compile(r"\b(once|twice|thrice|(\d+|[a-z]+)\s+times)\s+(?:a|an|per|each|every)\s+" + _FREQ_UNIT + r"\b")
_FREQ_EVERY_N = re.compile(r"\b(once|twice|thrice|(\d+|[a-z]+)\s+times)\s+every\s+(\d+|[a-z]+)\s+" + _FREQ_UNIT + r"\b")
_FREQ_INTERVAL = re.compile(r"\b(?:every|each)\s+(other\s+)?(?:(\d+(?:\.\d+)?|[a-z]+)\s+)?" + _FREQ_UNIT + r"\b")
_TIMES_DAILY = re.compile(r"\bat\s+(?P<times>\d{1,2}(?:[:.]\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)?"
                          r"(?:\s*(?:,|and|,\s*and)\s*\d{1,2}(?:[:.]\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)?){1,4})"
                          r"\s*(?:daily|every\s+day|each\s+day)\b")
_CLOCK_MARK = re.compile(r"\d{1,2}(?:[:.]\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)?")
_FREQ_COUNTED = re.compile(r"\b(one|two|three|four|five|six|\d{1,2})\s+(?:[a-z-]{3,}\s+)?([a-z]{3,}?)s?\s+(?:an?|per|each)\s+"
                           + _FREQ_UNIT + r"\b")
_FREQ_WEEKDAY = re.compile(r"\b(?:every|each)\s+(other\s+|second\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b")
#: an adverb of frequency where it says how often ("backups run daily", "paid monthly, in
#: arrears"), not before a noun ("the daily limit", "a monthly fee": an amount's period)
_FREQ_ADVERB = re.compile(r"\b(hourly|daily|weekly|fortnightly|monthly|quarterly|yearly|annually|biannually|"
                     r"semi-annually|half-yearly)\b"
                     r"(?=\s*(?:$|[.,;:!?)]|(?:on|at|in|if|and|or|for|from|to|via|until|unless|when|except|by|"
                     r"with|before|after|during|throughout|instead|only|thereafter)\b))")
_FREQ_ADVERB_UNIT = {"hourly": (1, "hour"), "daily": (1, "day"), "weekly": (1, "week"), "fortnightly": (1, "fortnight"),
                "monthly": (1, "month"), "quarterly": (3, "month"), "yearly": (1, "year"), "annually": (1, "year"),
                "biannually": (6, "month"), "semi-annually": (6, "month"), "half-yearly": (6, "month")}


def _times(word: str | None) -> float | None:
    if word is None:
        return 1.0
    try:
        return float(word)
    except ValueError:
        return float(_NUMBER_WORDS[word]) if word in _NUMBER_WORDS else None


def frequency_spans(text: str) -> list[tuple[float, int, int]]:
    """(events per second, start, end in ``fold(text)``) of each frequency the text states:
    "once a week", "twice a day", "every two weeks", "every other day", "monthly",
    "quarterly"."""
    t = fold(text)
    out: list[tuple[float, int, int]] = []
    for m in _FREQ_EVERY_N.finditer(t):  # "twice every two weeks": twice a fortnight
        k = _TIMES.get(m.group(1)) or (_times(m.group(2)) if m.group(2) else None)
        n = _times(m.group(3))
        if k and n:
            out.append((k / (n * PERIOD_SECONDS[m.group(4)]), m.start(), m.end()))
    for m in _FREQ_RATE.finditer(t):
        if any(s < m.end() and m.start() < e for _, s, e in out):
            continue
        k = _TIMES.get(m.group(1)) or (_RATE_WORDS.get(m.group(2)) if m.group(2) in _RATE_WORDS else _times(m.group(2)))
        if k:
            out.append((k / PERIOD_SECONDS[m.group(3)], m.start(), m.end()))
    for m in _TIMES_DAILY.finditer(t):  # "at 11 a.m. and 3 p.m. daily": twice a day
        k = len(_CLOCK_MARK.findall(m.group("times")))
        if k >= 2 and not any(s < m.end() and m.start() < e for _, s, e in out):
            out.append((k / PERIOD_SECONDS["day"], m.start(), m.end()))
    for m in _FREQ_COUNTED.finditer(t):  # "one train an hour", "two buses per hour": events counted
        k = _RATE_WORDS.get(m.group(1)) or (float(m.group(1)) if m.group(1).isdigit() else None)
        if k and not is_unit(m.group(2)) and not any(s < m.end() and m.start() < e for _, s, e in out):
            out.append((k / PERIOD_SECONDS[m.group(3)], m.start(), m.end()))
    for m in _FREQ_WEEKDAY.finditer(t):  # "every other Friday", "every second Thursday": every two weeks
        if not any(s < m.end() and m.start() < e for _, s, e in out):
            out.append((1.0 / ((2 if m.group(1) else 1) * PERIOD_SECONDS["week"]), m.start(), m.end()))
    for m in _FREQ_INTERVAL.finditer(t):
        k = _times(m.group(2))
        if k and not any(s < m.end() and m.start() < e for _, s, e in out):
            out.append((1.0 / (k * (2 if m.group(1) else 1) * PERIOD_SECONDS[m.group(3)]), m.start(), m.end()))
    for m in _FREQ_ADVERB.finditer(t):
        out.append((1.0 / (_FREQ_ADVERB_UNIT[m.group(1)][0] * PERIOD_SECONDS[_FREQ_ADVERB_UNIT[m.group(1)][1]]), m.start(), m.end()))
    return out


def frequencies(text: str) -> list[tuple[float, str]]:
    """(events per second, the words) of each frequency the text states."""
    t = fold(text)
    return [(v, t[s:e]) for v, s, e in frequency_spans(text)]


#: a claim that says something costs nothing
_FREE = re.compile(r"\b(?:(?:for|is|are|was|were|comes?|goes?)\s+free|free\s+of\s+(?:charge|cost)|"
                   # "members get in free", "under-fives swim free"
                   r"(?:gets?|got|travels?|swims?|enters?|parks?|rides?|eats?|stays?|plays?)\s+(?:in\s+)?free(?!\s+(?:of|from)\b)|"
                   r"(?:at\s+)?no\s+(?:extra\s+|additional\s+|monthly\s+|annual\s+|yearly\s+|weekly\s+|"
                   r"joining\s+|booking\s+|service\s+|delivery\s+|entry\s+)?(?:charge|cost|fee)s?|"
                   r"without\s+(?:a\s+|any\s+)?(?:charge|fee)|"
                   r"free(?=\s+(?:entry|admission|parking|delivery|shipping|access|of))|complimentary|costs?\s+nothing)\b",
                   re.IGNORECASE)
_MONEY_DIMENSIONS = frozenset({"usd", "eur", "gbp"})
#: the words of a free phrase that say "charge", not which one ("monthly", "delivery")
_CHARGE_WORDS = frozenset(stem(w) for w in "charge charges cost costs fee fees free nothing complimentary "
                          "extra additional".split())


def free_but_priced(claim: str, source: str) -> tuple[str, str] | None:
    """(the claim's words for free, the source's price) when the claim says something costs
    nothing and the statement it restates (60% of its other words) gives it a price: "park
    for free" where residents "may park for 2 EUR a day"."""
    m = _FREE.search(fold(claim))
    if m is None or any(q.dimension in _MONEY_DIMENSIONS for q in quantities(claim)):
        return None
    rest = fold(claim)[: m.start()] + " " + fold(claim)[m.end():]
    # the source says that very charge is none: "no monthly charge" where "there is no monthly fee"
    kind = content_words(m.group(0)) - _CHARGE_WORDS - _FREE_VERBS
    if kind and any(kind <= content_words(f.group(0)) for part in whole_statements(source)
                    for f in _FREE.finditer(fold(part))):
        return None
    # the claim's first content word, its subject: "guests" of "Guests swim for free"
    lead = next((stem(w) for w in words(rest) if w not in STOPWORDS), "")
    for part in whole_statements(source):
        if _FREE.search(fold(part)):
            continue
        # (or a short claim whose subject is the statement's: "each guest pays a 5 EUR day fee")
        theirs = subject_of(part)
        if overlap(rest, part) < MIN_PRICED_OVERLAP and not (
                len(content_words(rest)) <= 2 and theirs and lead in content_words(theirs)):
            continue
        allowance = _ALLOWANCE.search(fold(part))
        if allowance is not None and re.search(r"\bfirst\s+" + re.escape(allowance.group(1)) + r"\b", fold(claim)):
            continue  # "the first three are free" where they "cost 2 USD each after the first three"
        folded = fold(part)
        # (or a share of what is paid: "cost 2% of the amount")
        price = next((q for q in quantities(part) if q.hi > 0 and (q.dimension in _MONEY_DIMENSIONS or (
            q.unit == "%" and _SHARE_OF_SUM.match(folded, q.end)))), None)
        if price is not None:
            return m.group(0), price.text
        fare = _FARE.search(folded)  # a price said without its amount: "pay half fare"
        if fare is not None:
            return m.group(0), fare.group(0)
    return None


#: the verbs of "get in free", "travel free": what is done free, no kind of charge
_FREE_VERBS = frozenset(stem(w) for w in "get gets got travel travels swim swims enter enters park parks ride rides "
                        "eat eats stay stays play plays go goes come comes".split())
#: a price said by its kind: "pay half fare", "pays the full price", "at half price"
_FARE = re.compile(r"\bpays?\s+(?:a\s+|the\s+)?(?:half|full|reduced|normal|standard|adult|child|concession(?:ary)?)\s+"
                   r"(?:fare|price|rate|fee)s?\b|\b(?:at\s+)?half[-\s]price\b")


_SHARE_OF_SUM = re.compile(r"\s*of\s+(?:the\s+|its\s+|their\s+)?(?:amount|price|value|sum|total|fare|cost|bill|order)\b")


#: a price charged only past an allowance: "2 USD each after the first three"
_ALLOWANCE = re.compile(r"\b(?:after|beyond|above|over|past|from)\s+the\s+first\s+([\w-]+)")


#: a claim that says something is paid for
_CHARGED = re.compile(r"\b(?:charges?|charged|charging|pays?|paid|paying|costs?|fees?|payable|billed|"
                      r"at\s+(?:an?\s+)?(?:extra|additional)\s+cost)\b", re.IGNORECASE)
_DENIED = re.compile(r"\b(?:not|no|never|nothing|without)\b|n't\b", re.IGNORECASE)


def priced_but_free(claim: str, source: str) -> tuple[str, str] | None:
    """(the claim's words for a charge, the source's for free) when the claim says something
    is paid for and the statement it restates (60% of its other words) says it is free:
    "The museum charges children under 12 for entry" where "Children under 12 enter free of
    charge". A claim that denies anything, or that is free itself, is left alone; one that
    states an amount only where the free statement alone holds a word of it."""
    folded = fold(claim)
    m = _CHARGED.search(folded)
    if m is None or _FREE.search(folded) or _DENIED.search(folded):
        return None
    # "costs 8 GBP": an amount, which the number check compares, unless a statement that says
    # it is free names what the claim prices ("Members pay 12 EUR" where "members get in free")
    amount = any(q.dimension in _MONEY_DIMENSIONS for q in quantities(claim))
    # (a "non-member" is no member: the word names the others; the amount is the number check's)
    rest = re.sub(r"\bnon-[a-z]+", " ", folded[: m.start()] + " " + folded[m.end():])
    for q in quantities(rest):
        if q.dimension in _MONEY_DIMENSIONS:
            rest = rest.replace(q.text, " ")
    parts = whole_statements(source)
    for part in parts:
        free = _FREE.search(fold(part))
        if free is None or _DENIED.search(fold(part)[: free.start()]):
            continue
        # the statement holds most of the claim's words, or at least a third and one that
        # no other statement holds ("children", where the price is the adults')
        named = content_words(rest) & content_words(part) - frozenset().union(
            *(content_words(p) for p in parts if p != part))
        if overlap(rest, part) < (MIN_PRICED_OVERLAP if not named else MIN_NAMED_FREE) or (amount and not (
                named and len(parts) > 1 and not _FREE_ALLOWANCE.search(fold(part)) and not quantities(part))):
            # (an amount against a free allowance, "free for the first two hours", or a free
            # span, "between 7 a.m. and 10 a.m.", may be the price past it)
            continue
        if any(q.dimension in _MONEY_DIMENSIONS and q.hi > 0 for q in quantities(part)):
            continue  # "free of charge for members, 5 EUR for others": the claim may be the others
        return m.group(0), free.group(0)
    return None


#: a free allowance or a condition, past which a price may apply: "free for the first two hours",
#: "free of charge outside rush hours"
_FREE_ALLOWANCE = re.compile(r"\b(?:first|up\s+to|within|until|under|below|outside|except|during|between|before|after|"
                             r"only|if|when|unless|on\s+weekdays|at\s+weekends)\b")
#: ... and when the free statement alone holds one of the claim's words
MIN_NAMED_FREE = 0.3
#: how much of a "free" claim's other words the statement giving a price must hold
MIN_PRICED_OVERLAP = 0.6


#: a product or standard's name with its number after it ("macOS 12", "Windows 10", "Python
#: 3.12", "HTTP/2"): a capital letter inside or first, not a month or a word that opens a sentence
_NAMED_NUMBER = re.compile(r"(?<![\w.])(?P<name>[A-Za-z][A-Za-z]*[A-Z][A-Za-z]*|[A-Z][a-z]+)[ /]v?"
                           r"(?P<number>\d+(?:\.\d+)*)\b(?!%)(?P<more>(?:(?:,\s*|,?\s+(?:and|or|to)\s+|\s*[-–]\s*)\d+(?:\.\d+)*\b(?!%))*)")


_CALENDAR_WORD = re.compile(r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|"
                            r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|week|day|year|page|chapter", re.IGNORECASE)


def _named_version(c: Quantity, claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's name and number, source's)`` when the claim's number is a version or
    edition of a name ("macOS 10") and the source gives that name only other numbers
    ("macOS 12 or later"), while the value matched elsewhere ("Windows 10")."""
    m = next((m for m in _NAMED_NUMBER.finditer(claim) if m.start("number") < c.end and c.start < m.end("number")), None)
    # (a name at the claim's start may be any capitalised word, "Children 5 and under", but
    # for a kind of number: "Release 3.0 makes exports faster")
    if m is None or (m.start() == 0 and not _NUMBER_KIND.fullmatch(m.group("name"))) or c.unit is not None \
            or _CALENDAR_WORD.fullmatch(m.group("name")):
        return None
    name, number = m.group("name"), m.group("number")
    theirs = [t for t in _NAMED_NUMBER.finditer(source) if t.group("name").lower() == name.lower()]
    if not theirs or any(_names_number(t, number) for t in theirs):
        return None
    # a release the source names by its number alone ("required from 4.3" beside "Release 4.2
    # adds ...") is that kind's number too
    # (in a clause about the claim's matter: "the sync bug found in 2.0" says nothing of what
    # Release 2.0 adds)
    bare = re.search(rf"\b(?:from|in|since|until|with|as\s+of|before|after)\s+(?:v)?{re.escape(number)}(?![\d.]*\d)",
                     source, re.IGNORECASE) if _NUMBER_KIND.fullmatch(name) and "." in number else None
    if bare is not None:
        cuts = [m.end() for m in _PART_CUT.finditer(source, 0, bare.start())]
        after = _PART_CUT.search(source, bare.end())
        part = source[cuts[-1] if cuts else 0: after.start() if after else len(source)]
        if content_words(part) & (content_words(claim) - content_words(name)):
            return None
    return f"{name} {number}", theirs[0].group(0)


#: where a part of a sentence ends: a stop, a comma or semicolon, an "and"
_PART_CUT = re.compile(r"[.;:,](?=\s)|\s+(?:and|but|while)\s+", re.IGNORECASE)
#: "reported in 3.0", "deprecated since version 2.1": a verb and the version it happened in
_VERB_VERSION = r"(?:[a-z]+\s+)?(?:in|since|from|until|as\s+of)\s*(?:version\s+|release\s+|v)?"


def _predicate_version(c: Quantity, claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's verb and version, source's)`` when the claim dates a verb by a version
    ("The crash was reported in 3.1") that the source gives that verb only with other versions
    ("fixes the crash on start-up reported in 3.0"), the claim's version said of something else."""
    if not re.fullmatch(r"\d+(?:\.\d+)+", c.text) and not _kind_of_number(c, claim):
        return None
    m = re.search(rf"\b(?P<verb>[a-z]{{4,}})\s+{_VERB_VERSION}\s*$", claim[: c.start], re.IGNORECASE)
    if m is None or m.group("verb").lower() in STOPWORDS:
        return None
    verb = stem(m.group("verb").lower())
    theirs = [t for t in re.finditer(rf"\b(?P<verb>{re.escape(verb)}[a-z]*)\s+{_VERB_VERSION}\s*(?P<number>\d+(?:\.\d+)*)\b",
                                     source, re.IGNORECASE) if stem(t.group("verb").lower()) == verb]
    if not theirs or any(t.group("number") == c.text or t.group("number").startswith(c.text + ".") for t in theirs):
        return None
    return f"{m.group('verb')} in {c.text}", theirs[0].group(0)


_VERSIONED = re.compile(r"\b(?P<kind>version|release|edition|v)\s*(?P<number>\d+(?:\.(?:\d+|x))*)", re.IGNORECASE)


def _version_of_value(c: Quantity, claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's version and value, source's)`` when the claim gives its value to one version
    ("Version 2.0 runs on machines with 2 GB") and every source sentence with that value names
    another version only ("Version 1.x ran on machines with 2 GB")."""
    if c.unit is None:
        return None
    mine = [m for m in _VERSIONED.finditer(claim) if not (m.start("number") <= c.start < m.end())]
    if len(mine) != 1:
        return None
    kind, number = mine[0].group("kind").lower(), mine[0].group("number")
    homes = [(a, b) for a, b in sentences(source) if any(q.unit == c.unit and _agree(c, q) for q in quantities(source[a:b]))]
    if not homes:
        return None
    others = []
    for a, b in homes:
        named = [m for m in _VERSIONED.finditer(source[a:b]) if m.group("kind").lower() == kind]
        # (a version the claim's falls under, "1.x" of "1.2", is the claim's own)
        if not named or any(m.group("number") == number or (m.group("number").endswith("x") and number.startswith(
                m.group("number").rstrip("x").rstrip(".") + ".")) for m in named):
            return None
        others.append(named[0].group(0))
    return f"{mine[0].group(0)} with {c.text}", f"{others[0]} with {c.text}"


def _names_number(named: re.Match[str], number: str) -> bool:
    """The source's name and its numbers (``named``: "Windows 7 and 8", "Python 3.12",
    "Windows 8 to 11") include ``number``: one of them, a version under it ("Python 3" in
    "Python 3.12"), or a value inside a range."""
    said = [named.group("number")] + re.findall(r"\d+(?:\.\d+)*", named.group("more"))
    if any(x == number or x.startswith(number + ".") for x in said):
        return True
    if re.search(r"\bto\b|[-–]", named.group("more")):
        values = [float(x) for x in said if x.count(".") <= 1]
        return bool(values) and number.count(".") <= 1 and min(values) <= float(number) <= max(values)
    return False


#: groups of people a share is said of, each with the group it names ("kids" are "children")
_POPULATIONS = {w: w for w in ("adults children men women boys girls infants babies teenagers adolescents "
                               "seniors students teachers patients employees members visitors residents "
                               "households businesses users customers drivers passengers voters smokers "
                               "doctors nurses parents").split()} | {
    "kids": "children", "youngsters": "children", "pensioners": "seniors", "elderly": "seniors",
    "staff": "employees", "workers": "employees", "clients": "customers", "pupils": "students",
    "homes": "households", "companies": "businesses", "firms": "businesses", "people": "people"}
_AVERAGED = re.compile(r"\b(?:on\s+average|averages?|works?\s+out|equivalent|comes?\s+to)\b", re.IGNORECASE)


def _averaged(c: Quantity, claim: str, sq: list[Quantity]) -> bool:
    """The claim spreads a source amount over another period and says so ("5 EUR a month on
    average" for "60 EUR a year")."""
    if c.per not in PERIOD_SECONDS or not _AVERAGED.search(claim) or c.lo != c.hi:
        return False
    return any(s.per in PERIOD_SECONDS and s.per != c.per and s.unit == c.unit and s.lo == s.hi
               and _close(c.lo * PERIOD_SECONDS[s.per] / PERIOD_SECONDS[c.per], s.lo, True) for s in sq)


#: a sentence that says what holds outside the span the one before gives: "At other times ..."
_OTHER_TIMES = re.compile(r"\s*(?:at\s+(?:all\s+)?other\s+times|outside\s+(?:these|those|this|that)\s+(?:hours|times|period)|"
                          r"the\s+rest\s+of\s+the\s+(?:time|day)|otherwise)\b", re.IGNORECASE)
_OTHER_TIMES_OPENS = re.compile(r"[.;]\s+(?=" + _OTHER_TIMES.pattern.removeprefix(r"\s*") + ")", re.IGNORECASE)
#: the words between the two ends of a span: "from 8 a.m. | to | 7 p.m.", "between midnight | and
#: | 5 a.m.", "9 a.m.-5 p.m.", "Monday | through | Friday"
_SPAN_JOIN = re.compile(r"\s*(?:to|and|until|till|through|-|–)\s*")


def _reserved_span(c: Quantity, claim: str, sq: list[Quantity], source: str) -> tuple[bool, str] | None:
    """(whether the claim's time lies within it, the span) for a span of the day the source
    gives ("from 6 to 8 p.m.") when the sentence after it says what holds at other times ("At
    other times they are open to the public") and the claim says that of its time (it names
    what only that sentence names): "The public may use the lanes at 7 p.m." is within it
    and wrong, "at 9 p.m." outside it and what the source says."""
    if c.unit != "o'clock" or c.lo != c.hi:
        return None
    for a, b in zip(sq, sq[1:]):
        if a.unit != "o'clock" or b.unit != "o'clock" or not _SPAN_JOIN.fullmatch(source, a.end, b.start) \
                or a.lo >= b.hi or c.lo in (a.lo, b.hi):
            continue
        # (the sentence after it, which a sentence splitter may not part from "8 p.m. At ...")
        other = _OTHER_TIMES_OPENS.search(source, b.end - 1, b.end + 80)  # (from the "." of "p.m.")
        if other is None or _CLAUSE_END.search(source, b.end, other.start()):
            continue
        start = _sentence_at(source, a.start)[0]
        stop = _CLAUSE_END.search(source, other.end())
        after = source[other.start(): stop.start() if stop else len(source)]
        only_after = content_words(after) - content_words(source[start: other.start()])
        if content_words(_without_clock(claim)) & only_after:
            return a.lo < c.lo < b.hi, f"{a.text} to {b.text}"
    return None


#: "After two years of service, ...": a clause that opens by counting from a time
_OPENING_FROM = re.compile(r"(?:^|[.;:,]\s*)(?:after|from)\s*$", re.IGNORECASE)
#: a frequency said as its period alone: "each year", "every month", "a week"
_BARE_PERIOD = re.compile(r"\s*(?:each|every|per|a|an)\s+[a-z]+\s*$", re.IGNORECASE)


#: shares said in words, in percent, and how far a percentage may round one ("33%" for "a third")
_SHARE_WORD_VALUES = {"a third": 100 / 3, "one third": 100 / 3, "two thirds": 200 / 3, "a quarter": 25.0,
                      "one quarter": 25.0, "three quarters": 75.0, "half": 50.0, "a fifth": 20.0, "a tenth": 10.0}
_SHARE_WORD = re.compile(r"\b(?:" + "|".join(_SHARE_WORD_VALUES) + r")\b")
_SHARE_ROUNDING = 0.5


def _other_share_here(c: Quantity, claim: str, source: str) -> bool:
    """The sentence the claim restates gives another percentage than ``c`` and no word for it:
    "Students get 50% off" where "student card get 30% off" and children "pay half fare"."""
    a, b = max(_sentences_of(source), key=lambda ab: overlap(claim, source[ab[0]:ab[1]]), default=(0, len(source)))
    here = source[a:b]
    return any(q.unit == "%" and not _agree(c, q) for q in quantities(here)) \
        and not any(abs(c.lo - v) <= _SHARE_ROUNDING for v in _share_words(here))


def _share_words(text: str) -> list[float]:
    """The percentages the shares said in words in ``text`` stand for."""
    return [_SHARE_WORD_VALUES[m.group(0)] for m in _SHARE_WORD.finditer(text)]


#: all day, every day, said without a figure
#: access or opening all day long: "24-hour access", "open 24 hours", "24 hours a day"
#: a time said as an end ("closes at 10 p.m.", "until 6 p.m."), no moment of access
_CLOSING_TIME = re.compile(r"\b(?:clos(?:e|es|ed|ing)|shuts?|ends?|until|till|by)\b", re.IGNORECASE)
#: an all-day span said of some times only: "24 hours a day during exam periods"
_SOME_TIMES = re.compile(r"\b(?:during|except|outside|in\s+the|on)\b")
_ALL_DAY = re.compile(r"\b(?:24-hour|24\s+hours?\s+a\s+day|open\s+24\s+hours|twenty-four-hour|at\s+any\s+time)\b")
_ROUND_THE_CLOCK = re.compile(r"\b(?:a?round\s+the\s+clock|24/7|day\s+and\s+night|at\s+all\s+times|always\s+open)\b")
_WEEKDAY_NAME = re.compile(r"\b(" + "|".join(WEEKDAYS) + r")s?\b")
#: a span of months named by its first and last day ("opens on 1 April and closes on 31 October"),
#: or by its months ("from April to October")
_MONTH_SPAN = re.compile(r"\bfrom\s+(?P<a>" + "|".join(MONTHS) + r")\s+(?:to|until|till|through)\s+(?P<b>"
                         + "|".join(MONTHS) + r")\b")
#: a day that ends a span of days: "... to Friday"
_TO_WEEKDAY = re.compile(r"\b(?:to|until|-|–)\s+(?:" + "|".join(WEEKDAYS) + r")")


def _said_in_words(c: Quantity, claim: str, source: str) -> bool:  # (``source`` as written)
    """The claim's amount is what the source says without its figure: "24 hours a day" for
    "around the clock"; "twice a week" for a sentence naming two days of the week ("on Mondays
    and Thursdays"); "seven months" for a season from 1 April to 31 October (or "from April to
    October")."""
    if c.lo != c.hi:
        return False
    original, source = source, fold(source)  # (a date's month keeps its case: "1 May", not "may")
    if c.unit == "hour" and c.lo == 24 and c.per in (None, "day") and _ROUND_THE_CLOCK.search(source):
        return True
    if c.unit == "o'clock" and not negation_count(claim) and not _CLOSING_TIME.search(claim):
        # any time of day where a sentence about it gives access round the clock: "get into the
        # building at 3 a.m." for "24-hour access to the building"
        mine = content_words(claim[: c.start] + " " + claim[c.end:])
        # (split at every sentence end, "10 a.m. Room service ...": the round-the-clock one has no times)
        for sent in (fold(p) for p in re.split(r"(?<=\.)\s+(?=[A-Z])|;\s+", original)):
            if (_ROUND_THE_CLOCK.search(sent) or _ALL_DAY.search(sent)) and len(mine & content_words(sent)) >= 2 \
                    and not _SOME_TIMES.search(sent) and not any(q.unit == "o'clock" for q in quantities(sent)):
                return True
    if c.per == "week" and c.unit is None and c.kind is None:
        mine = content_words(claim[: c.start] + " " + claim[c.end:])
        for a, b in sentences(source):
            sent = source[a:b]
            days = {m.group(1) for m in _WEEKDAY_NAME.finditer(sent)}
            if len(days) == c.lo and len(mine & content_words(sent)) >= 2 and not _TO_WEEKDAY.search(sent):
                return True
    if c.unit == "month" and c.per is None and c.kind is None:
        for a, b in sentences(original):
            dates = [q for q in quantities(original[a:b]) if q.unit == "date"]
            ends = [(x.lo, y.lo) for x, y in zip(dates, dates[1:]) if x.lo == x.hi and y.lo == y.hi]
            ends += [(q.lo, q.hi) for q in dates if q.lo < q.hi]  # "from 1 May to 30 September" read whole
            spans = [(int(x) // 100, int(x) % 100, int(y) // 100, int(y) % 100) for x, y in ends]
            months = [m2 - m1 + 1 + (12 if m2 < m1 else 0) for m1, d1, m2, d2 in spans if d1 == 1 and d2 >= 28]
            months += [MONTHS.index(m.group("b")) - MONTHS.index(m.group("a")) + 1
                       + (12 if MONTHS.index(m.group("b")) < MONTHS.index(m.group("a")) else 0)
                       for m in _MONTH_SPAN.finditer(fold(original[a:b]))]
            if c.lo in months:
                return True
    return False


def _denied_past_bound(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """The claim denies something of an age the source's bound leaves out ("A 17-year-old
    cannot join the class" where "The class is for adults aged 18 and over")."""
    if c.lo != c.hi or c.kind != "age" or not negation_count(claim):
        return False
    for s in sq:
        if s.kind != "age" or s.lo != s.hi:
            continue
        low, high = _bounds_around(source, s)
        if (low is not None and high is None and c.lo < s.lo) or (high is not None and low is None and c.lo > s.hi):
            return True
    return False


def _outside_only_range(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """The claim denies something of a value outside the range a source sentence grants it to
    "only" ("Staff on grade 6 cannot get paid overtime" where "available only to staff on grades 1
    to 4"), naming the value by the range's own word ("grade", "grades")."""
    if c.lo != c.hi or not negation_count(claim):
        return False
    word = re.search(r"([a-z]+)\s*$", claim[: c.start])
    for s in sq:
        if s.lo >= s.hi or s.unit != c.unit or s.lo <= c.lo <= s.hi:
            continue
        a, _ = _sentence_at(source, s.start)
        theirs = re.search(r"([a-z]+)\s*$", source[: s.start])
        if re.search(r"\bonly\b", source[a: s.start]) and word and theirs \
                and (stem(word.group(1)) == stem(theirs.group(1)) or _forms_of_one(word.group(1), theirs.group(1))
                     or word.group(1).rstrip("s") == theirs.group(1).rstrip("s")):
            return True
    return False


_LATE = re.compile(r"\b(?:late|too\s+late|overdue|missed|misses|past\s+the\s+deadline)\b")
_ON_TIME = re.compile(r"\b(?:on\s+time|in\s+time|early\s+enough)\b")


def _called_late(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """The claim calls a time past the source's deadline late ("an essay handed in at 1 p.m. is
    late" where "must be submitted by noon"), or one before it on time."""
    if c.lo != c.hi or not c.dimension:
        return False
    late, on_time = _LATE.search(claim), _ON_TIME.search(claim)
    if not (late or on_time) or negation_count(claim):
        return False
    for s in sq:
        if s.dimension != c.dimension or s.lo != s.hi:
            continue
        lead = source[max(0, s.start - 20): s.start]
        if _LOW_BEFORE.search(lead) and _LEAD_TIME.match(source, s.end) and _LEAD_TIME.match(claim, c.end):
            # "at least 48 hours in advance": 24 hours before is late, 72 hours on time
            if (late and c.base()[0] < s.base()[0]) or (on_time and c.base()[0] >= s.base()[0]):
                return True
            continue
        if not (_DEADLINE.search(lead) or re.search(r"\b(?:before|no\s+later\s+than|within)\s*$", lead)):
            continue
        if (late and c.base()[0] > s.base()[0]) or (on_time and c.base()[0] <= s.base()[0]):
            return True
    return False


@lru_cache(maxsize=4096)
def called_late(claim: str, source: str) -> tuple[str, str] | None:
    """``(the claim's value, "late" or "on time")`` when the claim calls the value what the
    source's deadline makes it (:func:`_called_late`): "Cancelling 12 hours before is too late"
    where "at least 24 hours in advance"."""
    claim, source = fold(claim), fold(source)
    sq = quantities(source)
    said = "late" if _LATE.search(claim) else "on time"
    return next(((c.text, said) for c in quantities(claim) if _called_late(c, claim, sq, source)), None)


def _moved_bound(c: Quantity, claim: str, sq: list[Quantity], source: str) -> str | None:
    """The source's lower bound that the claim's lower bound lies inside without being it
    ("more than two weeks late" where "more than a week late": within the span, another
    threshold), when the source states no lower bound at the claim's value."""
    # (floors only: a ceiling past the source's may be what its bound promises, "returned within a
    # month" where "within 14 days", or more than it allows, "keeps for up to a week" where "up to
    # three days"; the words do not tell which)
    if _bound_kind(c, claim) != "floor" or not c.dimension:
        return None
    theirs = [s for s in sq if s.dimension == c.dimension and _bound_kind(s, source) == "floor"]
    if not theirs or any(_close(c.base()[0], s.base()[0], True) for s in theirs):
        return None
    return next((s.text for s in theirs if _agree(c, s)), None)


#: a denial before a lower bound, which makes it an upper one: "is not allowed for more than ten days"
_DENIED_FLOOR = re.compile(r"\b(?:not|never|cannot)\b(?:\s+[a-z]+){0,5}\s+(?:for\s+)?(?:more|longer)\s+than\s*$|n't(?:\s+[a-z]+){0,3}\s+(?:for\s+)?(?:more|longer)\s+than\s*$")


def _side_of(q: Quantity, text: str) -> str | None:
    """:func:`_bound_kind`, a denied floor read as the ceiling it is."""
    kind = _bound_kind(q, text)
    if kind == "floor" and _DENIED_FLOOR.search(fold(text), max(0, q.start - 60), q.start):
        return "ceiling"
    return kind


def _turned_bound(c: Quantity, claim: str, sq: list[Quantity], source: str) -> str | None:
    """The source's bound at the claim's bound's value, on the other side: "lasts at least 12
    hours" where "up to 12 hours", "allowed for at least ten days" where "not allowed for more
    than ten days". Said of the same thing: the bound's clause holds every content word of
    the claim but one (and two at least), and the claim denies nothing (nor time of day: "from 9 a.m." and
    "until 9 a.m." are times, no amounts)."""
    mine = _side_of(c, claim)
    if mine is None or c.unit == "o'clock" or negation_count(claim) or _DENIED_FLOOR.search(claim, 0, c.start):
        return None
    rest = content_words(claim[: c.start] + " " + claim[c.end:]) - content_words(c.text) - {"least", "most"}
    for s in sq:
        if s.dimension != c.dimension or s.unit == "o'clock" or (s.per or None) != (c.per or None) \
                or not _agree(c, s) and not _close(c.base()[0], s.base()[0], True):
            continue
        theirs = _side_of(s, source)
        if theirs is None or theirs == mine:
            continue
        # (of its own clause: "up to 2 metres long go by post, and anything longer must go by
        # freight" bounds no freight)
        a, b = _clause_at(source, s.start, sq)
        # (one word the clause lacks is a detail: "on one charge")
        here = content_words(source[a:b])
        if len(rest & here) >= 2 and len(rest - here) <= 1:
            return s.text.strip()
    return None


#: an amount the source says no longer holds: "now 10 seconds instead of 30", "cut from 30 to 10
#: days", "previously 5 EUR"
_REPLACED = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of|previously|formerly|(?:was|were)\s+(?:previously|formerly)|"
                       r"(?:rais|increas|reduc|cut|lower|chang|extend|shorten|halv|doubl|mov|went|rose|fell|dropp?)(?:e|ed|es|ing|s)?"
                       r"\s+(?:[a-z]+\s+){0,3}?from)\s*$")
#: a claim that speaks of the past or of a change itself: "was 30 seconds", "from 30 to 10"
_CLAIM_OF_CHANGE = re.compile(r"\b(?:was|were|used\s+to|previously|formerly|before|earlier|instead|from|old|older|"
                              r"until|prior|no\s+longer|had\s+been|originally)\b")


def _replaced(c: Quantity, claim: str, sq: list[Quantity], source: str) -> str | None:
    """The source's words that retire the claim's value ("instead of 30" for "the default
    timeout is 30 seconds" where "now 10 seconds instead of 30"): the only amounts of the
    source that agree with it are ones it says were replaced, and the claim says nothing
    of a past or a change."""
    if _CLAIM_OF_CHANGE.search(claim):
        return None
    same = [s for s in sq if _agree(c, s) or (s.unit is None and c.unit is not None and s.lo == c.lo and s.hi == c.hi)]
    if not same:
        return None
    said = [_REPLACED.search(source, max(0, s.start - 40), s.start) for s in same]
    if not all(said):
        return None
    m = said[0]
    assert m is not None
    return source[m.start(): same[0].end].strip()


def _past_threshold(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """The claim's plain duration lies past one the source counts from ("Someone with three
    years of service" where "After two years of service, the notice period rises"), of the
    same thing (a word after each: "of service")."""
    if c.dimension != "time" or c.unit == "o'clock" or c.lo != c.hi or c.per:
        return False
    lead = claim[max(0, c.start - 25): c.start]
    if _FROM_ON.search(lead) or _LOW_BEFORE.search(lead) or _HIGH_BEFORE.search(lead) or _DEADLINE.search(lead):
        return False  # the claim counts from a time itself: a threshold of its own
    if c.kind == "age":
        return False
    mine = content_words(claim[max(0, c.start - 25): c.start] + " " + claim[c.end: c.end + 25])
    for s in sq:
        if s.dimension != "time" or s.unit == "o'clock" or s.lo != s.hi or s.per or s.kind == "age" \
                or not _OPENING_FROM.search(source[max(0, s.start - 12): s.start]) or c.base()[0] <= s.base()[0] \
                or _SPAN_JOIN.match(source, s.end):  # ("from eighteen months to ten years": a range)
            continue
        theirs = content_words(source[max(0, s.start - 25): s.start] + " " + source[s.end: s.end + 25])
        if any(a == b or _forms_of_one(a, b) for a in mine for b in theirs):  # ("member", "membership")
            return True
    # a tenure counted from anywhere in a sentence: "can be made after 26 weeks of employment"
    # for "an employee with 30 weeks of service"
    if _TENURE.match(claim, c.end):
        return any(s.dimension == "time" and s.unit != "o'clock" and s.lo == s.hi and not s.per
                   and _FROM_ON.search(source, max(0, s.start - 8), s.start) and _TENURE.match(source, s.end)
                   and c.base()[0] > s.base()[0] for s in sq)
    return False


#: what a length of time is of when it is a tenure: "of service", "of employment", "of membership"
_TENURE = re.compile(r"\s+of\s+(?:continuous\s+|paid\s+)?(?:service|employment|membership|work|residence|enrolment|"
                     r"contributions|tenancy)\b")


_PERIOD_ADJECTIVES = {"hour": "hourly", "day": "daily", "week": "weekly", "month": "monthly", "year": "yearly|annual"}


def _one_period_of(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """The claim's "a day's" (one period of something: "a day's parking") where the source
    counts that thing by the period ("a daily maximum", "2 EUR per day")."""
    if not (c.lo == c.hi == 1 and c.unit in _PERIOD_ADJECTIVES and re.match(r"['’]s\b", claim[c.end:])):
        return False
    if any(s.unit == c.unit and not s.per and s.kind != "ordinal" and s.lo > 1 for s in sq):
        return False  # "one month's notice" where "two months' notice": a count of the period, no period
    return any(s.per == c.unit for s in sq) or bool(re.search(rf"\b(?:{_PERIOD_ADJECTIVES[c.unit]})\b", source))


_FIRST_BEFORE = re.compile(r"\bfirst\s*$")
_OWN_THRESHOLD = re.compile(r"\b(?:after|before|from|until|by|past|beyond)\s+the\s*$")
_AFTER_FIRST = re.compile(r"\b(?:after|beyond|past)\s+the\s*(?:first\s*)?$")


def _first_span(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """The claim's "first month" (one unit counted from the start) where the source says "the
    first 30 days" (as many of a smaller unit as make it, within 10%), or the other way round."""
    def first_of(q: Quantity, text: str) -> float | None:  # the span from the start, in seconds
        if q.dimension != "time" or q.lo != q.hi or q.per:
            return None
        if q.kind == "ordinal" and q.lo == 1:
            return q.scale
        if q.kind is None and _FIRST_BEFORE.search(text, max(0, q.start - 12), q.start):
            return q.lo * q.scale
        return None

    mine = first_of(c, claim)
    if mine is None and c.kind == "ordinal" and c.lo == c.hi and c.dimension == "time" and not c.per:
        # "in their second month" inside "during the first three months"; "in the third week"
        # past "after the first week"
        return any(s.unit == c.unit and s.lo == s.hi and not s.per and (
            (s.kind is None and c.lo <= s.lo and _FIRST_BEFORE.search(source, max(0, s.start - 12), s.start))
            or ((s.text.startswith("first") or (s.kind is None and _FIRST_BEFORE.search(source, max(0, s.start - 8), s.start)))
                and _AFTER_FIRST.search(source, max(0, s.start - 20), s.start) and c.lo > s.lo
                and not _OWN_THRESHOLD.search(claim, max(0, c.start - 12), c.start))) for s in sq)
    return mine is not None and any(
        (theirs := first_of(s, source)) is not None and (c.kind == "ordinal") != (s.kind == "ordinal")
        and _close(mine, theirs, True) for s in sq)


#: a claim whose frame names the period its amount builds up over: "A full year of work earns
#: 18 days", "In a year, staff accrue 18 days", "Over a full year ..."
_PERIOD_FRAME = re.compile(r"\b(?:(?:a|one)\s+(?:full\s+|whole\s+|complete\s+)?(?P<of>year|month|week)\s+of\b"
                           r"|(?:in|over|during|across)\s+(?:a|one|the\s+course\s+of\s+a)\s+(?:full\s+|whole\s+)?"
                           r"(?P<in>year|month|week)\b(?!\s+(?:or|and)\b))", re.IGNORECASE)
#: periods one holds a whole number of (the rate per the smaller, times this, per the larger)
_WHOLE_IN = {("month", "year"): 12, ("week", "year"): 52, ("day", "week"): 7, ("hour", "day"): 24,
             ("quarter", "year"): 4, ("month", "quarter"): 3}


def _rate_converted(c: Quantity, claim: str, sq: list[Quantity]) -> bool:
    """The claim's amount is the source's rate of something that builds up (days of leave,
    hours, points: no price) over a period, counted over another period that holds a whole
    number of it: "18 days of leave a year", or "A full year of work earns 18 days", where
    "1.5 days for each full month worked". A price is billed by its period ("60 EUR a year"
    is no "5 EUR a month" to pay): that takes words that say it averages (:func:`_averaged`)."""
    # (a price summed over a longer period, said as a sum: "Over a year, the allowance comes to
    # 9,600 EUR" for "800 EUR a month")
    summed = bool(_AVERAGED.search(claim) or _IN_TOTAL.search(claim, c.end))
    if c.lo != c.hi or c.unit is None or (c.dimension in _MONEY_DIMENSIONS and not summed) or c.vague:
        return False
    per = c.per
    if per is None:
        frames = list(_PERIOD_FRAME.finditer(claim))
        if len(frames) != 1:
            return False
        per = (frames[0].group("of") or frames[0].group("in")).lower()
    for s in sq:
        if s.unit != c.unit or s.per is None or s.per == per or s.lo != s.hi or s.vague:
            continue
        factor = _WHOLE_IN.get((s.per, per))
        if factor is not None and _close(c.lo, s.lo * factor, False):
            return True
    return False


_SPAN_FOR = re.compile(r"\bfor\b\s*(?:(?:about|around|nearly|almost|over|some|roughly|more\s+than|just\s+over)\s*)?$",
                       re.IGNORECASE)
_IN_TOTAL = re.compile(r"\s*(?:in\s+total|in\s+all|altogether|overall|combined)\b", re.IGNORECASE)
_FOR_EACH = re.compile(r"\s*(?:(?:on|for|per)\s+(?:each|every)\s+[a-z]+|each\b|apiece\b|per\s+(?:side|piece|item|leg|way|person)\b)",
                       re.IGNORECASE)


def _total_for_each(c: Quantity, claim: str, sq: list[Quantity], source: str) -> str | None:
    """What the source gives for each one ("6 to 8 minutes on each side") where the claim
    makes the same value a total ("6 to 8 minutes in total")."""
    each = _each_followed(c, sq, source, _FOR_EACH) if _IN_TOTAL.match(claim, c.end) else []
    return f"{each[0][0].text}{each[0][1].group(0)}" if each else None


_MONTH_YEAR = re.compile(r"\b(?P<month>" + "|".join(_MONTH_NAMES) + r")[a-z]*\.?\s+(?:\d{1,2},?\s+)?"
                         r"(?P<year>1\d{3}|20\d{2})\b", re.IGNORECASE)


def _month_moved(c: Quantity, claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's date, source's)`` when the claim dates something by a month and year, and the
    source gives that month only with other years: "escaped in February 1814" where "exiled
    in 1814 but escaped in February 1815"."""
    if not _is_year(c):
        return None
    mine = next((m for m in _MONTH_YEAR.finditer(claim) if m.start("year") <= c.end and c.start <= m.end("year")), None)
    if mine is None:
        return None
    month, year = mine.group("month").lower(), mine.group("year")
    theirs = [(m.group("month").lower(), m.group("year"), m.group(0)) for m in _MONTH_YEAR.finditer(source)]
    if any(mo == month and y == year for mo, y, _ in theirs):
        return None
    other = next((said for mo, y, said in theirs if mo == month and y != year), None)
    return (mine.group(0), other) if other is not None else None


_OF_WHAT = re.compile(r"\s+of\s+(?:the\s+|all\s+)?([a-z]{3,})", re.IGNORECASE)


def _share_of_another(c: Quantity, claim: str, sq: list[Quantity], source: str) -> tuple[str, str] | None:
    """``(the claim's group, the source's share)`` when the claim gives a share of a group
    ("97% of adults") that the source gives only of another group ("97% of children"), and
    the source never names the claim's group."""
    if c.unit != "%":
        return None
    mine = _OF_WHAT.match(claim, c.end)
    if mine is None or stem(mine.group(1).lower()) in {stem(w) for w in words(source)}:
        return None
    group = _POPULATIONS.get(mine.group(1).lower())
    theirs = _each_followed(c, sq, source, _OF_WHAT) if group is not None else []
    if not theirs or any(_POPULATIONS.get(m.group(1).lower(), group) == group for _, m in theirs):
        return None
    return mine.group(1), f"{theirs[0][0].text}{theirs[0][1].group(0)}"


def _each_followed(c: Quantity, sq: list[Quantity], source: str,
                   rx: re.Pattern[str]) -> list[tuple[Quantity, re.Match[str]]]:
    """Each source quantity that agrees with ``c``, with what ``rx`` matches right after it,
    when there is one and every one is so followed ("97% | of children", "6 to 8 minutes | on
    each side"); [] otherwise."""
    same = [s for s in sq if _agree(c, s)]
    found = [(s, m) for s in same if (m := rx.match(source, s.end)) is not None]
    return found if same and len(found) == len(same) else []


#: an allowance before a rate applies ("free for the first hour", "after the first 10,000
#: miles"): a plain product of the rate is then no price
_FIRST_SPAN = re.compile(r"\bfirst\s+(?:[\w,]+\s+)?(?:minute|hour|day|night|week|month|year|mile|km|kilometre|"
                         r"kilometer|page|item|kg|gb)s?\b")


#: what an amount is paid for each of: "500 EUR for each new colleague they refer"
_PAID_FOR_EACH = re.compile(r"\s+(?:(?:for|per)\s+(?:each|every)|per)\s+(?:new\s+|extra\s+|additional\s+|remaining\s+|unused\s+)?"
                            r"([a-z]+?)s?\b")
#: a price said of each of the things the sentence names before it: "Checked bags cost 30 EUR each"
_EACH_ALONE = re.compile(r"\s+(?:each|apiece|a\s+piece)\b")


#: an amount counted in periods of a rate: "a deposit equal to two months' rent", "three weeks' pay"
_PERIODS_OF = re.compile(r"\b(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+"
                         r"(?P<unit>day|week|month|year)s?['’]?\s+(?:of\s+)?(?P<what>rent|pay|salary|wages?|fees?|income|earnings)\b")


def _periods_of_rate(cq: list[Quantity], claim: str, source: str) -> set[Quantity]:
    """The claim's rate and amount when the amount is as many periods of the rate as the source
    counts ("A tenant paying 800 EUR a month pays a deposit of 1,600 EUR" where the deposit is
    "equal to two months' rent")."""
    for m in _PERIODS_OF.finditer(source):
        n = float(m.group("n")) if m.group("n").isdigit() else _SMALL.get(m.group("n"))
        if n is None:
            continue
        for rate in cq:
            if rate.per != m.group("unit") or rate.lo != rate.hi or rate.dimension not in _MONEY_DIMENSIONS:
                continue
            for amount in cq:
                if amount is not rate and not amount.per and amount.unit == rate.unit and _same(n * rate.lo, amount.lo, amount.tol):
                    return {rate, amount}
    return set()


def _same_unit(a: str | None, b: str | None) -> bool:
    """Two names of one unit ("km" and "kilometre")."""
    return a == b or (a in _UNITS and b in _UNITS and _UNITS[a] == _UNITS[b])


def _rate_product(cq: list[Quantity], sq: list[Quantity], claim: str, source: str) -> set[Quantity]:
    """The claim's amount and its span of time or count of things when the amount is the
    source's rate for that span ("Two hours of floodlights cost 10 EUR" where they "cost
    5 EUR per hour"), unless the source gives an allowance before the rate applies or a cap
    the product passes."""
    if len(cq) != 2 or _FIRST_SPAN.search(source):
        return set()
    for amount, span in (cq, cq[::-1]):
        if amount.lo != amount.hi or span.lo != span.hi or amount.per or span.per:
            continue
        # a count of what the rate is per: "three nights" for "10 EUR per night", "ten colour pages"
        # for "50 cents per page" (the noun, or the one after a word that describes it)
        pers = [span.unit] if span.unit else _nouns_after(claim, span)
        # a word that says which kind ("ten colour pages") the source uses: the rate must be said of it
        kind = pers[0] if len(pers) == 2 and any(r.per == pers[1] for r in sq) \
            and re.search(rf"\b{re.escape(pers[0])}\b", source) else None
        for rate in sq:
            if kind is not None and not re.search(rf"\b{re.escape(kind)}\b", source[rate.end: rate.end + 40].split(";")[0]
                                                  .split(" and ")[0]):
                continue
            each = _PAID_FOR_EACH.match(source, rate.end)
            # (a unit said in full: "30 cents per kilometre" for "a 100 km trip")
            per = None if each is None else next((p for p in (each.group(1), _unit(each.group(1))) if p in pers), None)
            if rate.per is None and per is not None:
                rate = replace(rate, per=per)  # "a bonus of 500 EUR for each new colleague they refer", "2 EUR per GB"
            elif rate.per is None and _EACH_ALONE.match(source, rate.end):
                # the thing the claim counts, named before the price in its sentence
                before = re.split(r"[.;:]\s", source[_sentence_at(source, rate.start)[0]:rate.start])[-1]
                named = [p for p in pers if re.search(rf"\b{re.escape(p)}s?\b", before)]
                # (a word of the claim's that says which kind, used by the source, must be said
                # there too: "two cabin bags" are no "checked bags")
                which = [p for p in pers[:-1] if re.search(rf"\b{re.escape(p)}\b", source)]
                if named and all(p in named for p in which):
                    rate = replace(rate, per=named[-1])
            if any(_same_unit(rate.per, p) for p in pers) and rate.unit == amount.unit and rate.lo == rate.hi \
                    and _same(rate.lo * span.lo, amount.lo, amount.tol) \
                    and not any(q.unit == amount.unit and q.vague and q.lo == 0 and q.hi < amount.lo for q in sq):
                return {amount, span}
    return set()


#: an allowance: "up to three items are collected free", "the first two hours are free", "free for
#: the first hour", "3 EUR for the first 30 minutes"
_FREE_AFTER = re.compile(r"[^;.]{0,40}?\b(?:free|at\s+no\s+(?:extra\s+)?(?:cost|charge)|no\s+charge|included)\b")
_FREE_BEFORE = re.compile(r"\bfree\b[^;.]{0,25}$")
_ALLOWANCE_BEFORE = re.compile(r"\b(?:up\s+to|the\s+first|first)\s*$")
_PRICED_FIRST = re.compile(r"\s+for\s+the(?:\s+first)?\s*")
#: a price of each thing past the allowance: "each further item costs", "1 EUR for every further
#: 15 minutes"
_EACH_FURTHER = re.compile(r"\b(?:each|every|per|for\s+each|for\s+every)\s+(?:further|additional|extra|subsequent|"
                           r"other)\s+([a-z]+?)s?\b")
_FURTHER_AFTER = re.compile(r"\s+(?:for|per)\s+(?:each|every)\s+(?:further|additional|extra|subsequent)\s+")


def _nouns_after(text: str, q: Quantity) -> list[str]:
    """What ``q`` counts: its unit, or the next two words, singular ("three large items": "large",
    "item")."""
    if q.unit:
        return [q.unit]
    end = _number_end(text, q)
    return [w[:-1] if w.endswith("s") and len(w) > 3 else w for w in re.findall(r"[a-z]+", text[end: end + 30])[:2]]


def _number_end(text: str, q: Quantity) -> int:
    """Where the words of ``q`` as written end: its period may end the quantity later ("six
    shirts in a week"), and the words right after the number say what it counts."""
    at = text.find(q.text, q.start)
    return at + len(q.text) if at >= 0 else q.end


def _allowance_price(first: Quantity, sq: list[Quantity], source: str) -> float | None:
    """What the allowance ``first`` ("the first two hours", "up to three items") costs: nothing
    when the source calls it free, the price said just before it ("3 EUR for the first 30
    minutes"), None when it is no allowance."""
    if not (first.text.startswith("first") or _ALLOWANCE_BEFORE.search(source, max(0, first.start - 12), first.start)):
        return None
    if _FREE_AFTER.match(source, first.end) or _FREE_BEFORE.search(source, max(0, first.start - 40), first.start):
        return 0.0
    return next((m.lo for m in sq if m.dimension in _MONEY_DIMENSIONS and m.lo == m.hi and not m.per
                 and m.end <= first.start and _PRICED_FIRST.fullmatch(source, m.end, first.start)),
                None)


def _past_allowance(cq: list[Quantity], sq: list[Quantity], claim: str, source: str) -> set[Quantity]:
    """The claim's amount and count that :func:`_allowance_dues` prices as the claim does."""
    return next(({amount, count} for amount, count, due in _allowance_dues(cq, sq, claim, source)
                 if _same(due, amount.lo, amount.tol)), set())


def _allowance_dues(cq: list[Quantity], sq: list[Quantity], claim: str, source: str
                    ) -> list[tuple[Quantity, Quantity, float]]:
    """The claim's amount and its count of things (or span of time) when the amount is what
    the count costs: the allowance's price (nothing when free) and the source's price for each
    further thing or block past it. "Having four items collected costs 10 EUR" where "up to
    three items are collected free, and each further item costs 10 EUR"; "Parking for three
    hours costs 2 EUR" where "free for the first two hours. After that, 2 EUR per hour"; "A
    45-minute ride costs 4 EUR" where "3 EUR for the first 30 minutes and 1 EUR for every
    further 15 minutes" (folded texts)."""
    # (the claim's other values are read on their own: "in a week" of "six shirts in a week")
    dues: list[tuple[Quantity, Quantity, float]] = []
    for amount, count in ((a, b) for a in cq for b in cq if a is not b):
        if amount.lo != amount.hi or count.lo != count.hi or amount.per \
                or amount.dimension not in _MONEY_DIMENSIONS or count.dimension in _MONEY_DIMENSIONS:
            continue
        counted = _nouns_after(claim, count)
        if not counted:
            continue
        timed = count.dimension == "time" and count.unit != "o'clock"
        for first in sq:
            a, b = _sentence_at(source, first.start)
            # (a count per period, "six shirts in a week", of an allowance per that period)
            if count.per != first.per and not (count.per and not first.per and re.search(
                    rf"\b(?:each|every|per|a)\s+{count.per}\b", source[a:b])):
                continue
            # (the claim may name the thing with a word before it: "five bulky items" of "three items")
            if first.lo != first.hi or not (
                    (timed and first.dimension == "time" and first.unit != "o'clock")
                    or (not timed and set(counted) & set(_nouns_after(source, first)))):
                continue
            price = _allowance_price(first, sq, source)
            if price is None:
                continue
            k, n = (count.base()[0], first.base()[0]) if timed else (count.lo, first.lo)
            if k <= n:
                continue
            for rate in sq:
                if rate.unit != amount.unit or rate.lo != rate.hi or rate.start == first.start:
                    continue
                block: float | None = None
                if rate.per and timed and rate.per in _UNITS:
                    block = _UNITS[rate.per][1]
                elif rate.per in counted:
                    block = 1.0
                elif _FURTHER_AFTER.match(source, rate.end):
                    after = _FURTHER_AFTER.match(source, rate.end)
                    step = next((q for q in sq if after and abs(q.start - after.end()) <= 1), None)
                    block = (step.base()[0] if timed and step.dimension == "time" else step.lo) if step else 1.0
                else:
                    a, b = _sentence_at(source, rate.start)
                    if any(m.group(1) in counted for m in _EACH_FURTHER.finditer(source, a, b)):
                        block = 1.0
                if not block:
                    continue
                dues.append((amount, count, price + math.ceil(round((k - n) / block, 6)) * rate.lo))
    return dues


def _bound_kind(q: Quantity, text: str) -> str | None:
    """"ceiling" for an upper bound ("up to a week", "within 30 days", "at most 3"), "floor"
    for a lower one ("more than 30 minutes"), None for a value or a range (``q`` is a
    quantity of ``text``)."""
    if not q.dimension:
        return None
    if q.vague and q.lo != q.hi:  # ("a year" is one value, read roughly)
        return "ceiling" if q.lo == 0 and q.hi < _UNBOUNDED else "floor" if q.lo > 0 and q.hi >= _UNBOUNDED else None
    if q.lo != q.hi:
        return None
    low, high = _bounds_around(fold(text), q)  # ("best used within three months": a ceiling)
    return "floor" if low and not high else "ceiling" if high and not low else None


def _bounds_of(text: str, kind: str, sterling: bool) -> list[Quantity]:
    """The bounds of the kind the text states."""
    return [q for q in _pounds(quantities(text, ranges=True), sterling) if _bound_kind(q, text) == kind]


def _other_ceiling(c: Quantity, claim: str, source: str, sterling: bool) -> Quantity | None:
    """The statement the claim restates (half of its words, more than any other) bounds
    the claim's bounded quantity with another bound of its kind: "up to a month ahead" where
    "up to a week ahead", "more than 15 minutes late" where "more than 30 minutes late". A
    bound takes in any value on its side ("one hour" of the same sentence), so bounds are
    compared with bounds first."""
    kind = _bound_kind(c, claim)
    if kind is None:
        return None
    scored = sorted(((overlap(claim, p), p) for p in whole_statements(source)), key=lambda x: -x[0])
    if not scored or scored[0][0] < 0.5 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    bounds = [q for q in _bounds_of(scored[0][1], kind, sterling) if q.dimension == c.dimension]
    # (a value of the statement may take the bound before it: "up to three days in the fridge
    # or three months in the freezer")
    edge = c.base()[1] if kind == "ceiling" else c.base()[0]
    if not bounds or any(q.lo == q.hi and q.dimension == c.dimension and _same(q.base()[0], edge, c.tol * c.scale)
                         for q in _pounds(quantities(scored[0][1], ranges=True), sterling)) \
            or any(_agree(c, q) and not (c.vague and _DUTY_SAID.search(claim) and _far_edge(_edge(q, kind), edge, kind))
                   for q in _bounds_of(source, kind, sterling)):
        # (a vague bound, "within a week", takes in any value under it: "are returned within a
        # month" holds where they are returned within 14 days; but a duty's deadline is its
        # edge, said roughly: "must be reported within a week" is no "within 48 hours")
        return None
    return bounds[0]


_DUTY_SAID = re.compile(r"\b(?:must|has\s+to|have\s+to|needs?\s+to|required|obliged|should)\b")
#: how many times a vague bound's edge may lie from the source's before it says another bound
VAGUE_EDGE_FACTOR = 2.0


def _far_edge(theirs: float, mine: float, kind: str) -> bool:
    """The claim's vague edge lies past the source's by :data:`VAGUE_EDGE_FACTOR` or more, on the
    side its bound opens to ("within a week" against "within 48 hours")."""
    if theirs <= 0 or mine <= 0:
        return False
    return mine >= VAGUE_EDGE_FACTOR * theirs if kind == "ceiling" else theirs >= VAGUE_EDGE_FACTOR * mine


def _edge(q: Quantity, kind: str) -> float:
    """The end of ``q`` a bound of ``kind`` sets: its top for a ceiling, its bottom for a floor."""
    return q.base()[1] if kind == "ceiling" else q.base()[0]


_ONE_OF = re.compile(r"\b(?:one|a\s+single)\s+(?P<noun>[a-z]{3,})\b")
#: the least share of the claim's other words the sentence with the count must hold
MIN_ONE_HELD = 0.6


#: a rate of pay (or price) said as a multiple of the normal one: "double the normal rate", "time
#: and a half", "a 50% supplement", "three times the hourly wage"
_NORMAL_RATE = r"(?:normal|usual|standard|regular|basic|hourly|ordinary|base)(?:\s+(?:rate|pay|wage|salary))?\b"
_PAY_FACTOR = re.compile(
    r"\b(?:(?P<double>double|twice)\s+(?:the\s+|their\s+|its\s+|your\s+)?" + _NORMAL_RATE
    + r"|(?P<half>time\s+and\s+a\s+half)|(?P<triple>triple|three\s+times)\s+(?:the\s+|their\s+)?" + _NORMAL_RATE
    + r"|(?P<pct>\d{1,3})\s*%\s+(?:supplement|premium|surcharge|uplift|bonus|extra|on\s+top))")


def _pay_factor(text: str) -> tuple[float, str] | None:
    """The one multiple of the normal rate a folded text gives (1.5 for "a 50% supplement"),
    with its words; None when it gives none or several."""
    found = {(2.0 if m.group("double") else 1.5 if m.group("half") else 3.0 if m.group("triple")
              else 1 + float(m.group("pct")) / 100, m.group(0)) for m in _PAY_FACTOR.finditer(text)}
    return next(iter(found)) if len({f for f, _ in found}) == 1 else None


def _most_about(texts: list[str], mine: AbstractSet[str], subject: AbstractSet[str],
                words_of: Callable[[str], AbstractSet[str]]) -> int | None:
    """The index of the text that holds most of the claim's subject's words (``subject``), then
    of its other words (``mine``, read by ``words_of``); None when there are fewer than two
    texts, two hold as many, or none holds a word of the subject."""
    def said(text: str) -> tuple[int, int]:
        found = mine & words_of(text)
        return len(found & subject), len(found)

    if len(texts) < 2:
        return None
    ranked = sorted(range(len(texts)), key=lambda k: said(texts[k]), reverse=True)
    best = said(texts[ranked[0]])
    return None if best == said(texts[ranked[1]]) or not best[0] else ranked[0]


def _factor_against(claim: str, source: str) -> str | None:
    """What is wrong when the claim gives a multiple of the normal rate ("Sunday work is paid at
    double the normal rate") that the sentence about the claim's subject gives otherwise
    ("Employees who work on a Sunday receive a 50% supplement") (folded texts): the sentence
    holding most of the claim's subject's words, then of its other words."""
    mine = _pay_factor(claim)
    if mine is None or negation_count(claim):
        return None
    rest = content_words(_PAY_FACTOR.sub(" ", claim))
    texts = [source[a:b] for a, b in _sentences_of(source)]
    best = _most_about(texts, rest, content_words(subject_of(claim) or "") & rest, content_words)
    if best is None:
        return None
    theirs = _pay_factor(texts[best])
    if theirs is None or abs(theirs[0] - mine[0]) < 1e-9:
        return None
    return f"'{mine[1]}' in the claim but '{theirs[1]}' in the source's sentence about it"


#: how many times an act is done: "renewed twice", "can be extended up to three times", "resit once"
_ACT_TIMES = re.compile(r"\b(?P<verb>[a-z]{3,})\s+(?:(?:up\s+to|at\s+most|only|just|a\s+maximum\s+of)\s+)?"
                        r"(?P<n>once|twice|thrice|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+times)"
                        r"(?!\s+(?:a|an|per|each|every|as|more|less|longer|the|that|this|their|its|his|her)\b)")


_BOUNDED_TIMES = re.compile(r"\b(?:up\s+to|at\s+most|a\s+maximum\s+of)\b")


def _act_times(text: str) -> dict[str, tuple[str, float]]:
    """How many times each act a folded text counts is done, by the act's stem (renew: "renewed
    twice", 2); "twice a week" is a frequency and "twice the price" a factor, no count."""
    out: dict[str, tuple[str, float]] = {}
    for m in _ACT_TIMES.finditer(text):
        word = m.group("n").split()[0]
        n = _TIMES.get(word) or _times(word)
        if n is not None and m.group("verb") not in STOPWORDS:
            out.setdefault(stem(m.group("verb")), (m.group(0), n))
    return out


def _times_against(claim: str, source: str) -> str | None:
    """What is wrong when the claim counts an act ("Books may be renewed three times") that
    the source counts otherwise ("Loans can be renewed twice") (folded texts)."""
    if negation_count(claim):
        return None  # "cannot resit an exam twice" where "may resit an exam once"
    theirs = _act_times(source)
    for verb, (said, n) in _act_times(claim).items():
        # ("at most three times" bounds the count: "two times" lies within it)
        if verb in theirs and theirs[verb][1] != n and not (_BOUNDED_TIMES.search(theirs[verb][0]) and n < theirs[verb][1]):
            return f"'{said}' in the claim but '{theirs[verb][0]}' in the source"
    return None


#: a share of a thing said in words: "the full fare", "half of its cost", "50% of the price"
_SHARE_OF = re.compile(r"\b(?:(?P<full>full|whole|entire)|half(?:\s+of)?)"
                       r"\s+(?:(?:the|its|their|his|her|your|our|a|an)\s+)?(?P<noun>[a-z]{3,}(?:\s+[a-z]{3,})?)")
_SHARE_BOUNDED = re.compile(r"\b(?:at\s+most|up\s+to|no\s+more\s+than|at\s+least|more\s+than|less\s+than|over|under)\s+$")
#: a share the source says a case falls short of: "if the tank is not full"
_SHARE_DENIED = re.compile(r"\b(?:not|less\s+than)\s+(?:completely\s+|quite\s+)?(?:full|whole|half)\b")


def _shares_of(text: str) -> dict[str, dict[float, str]]:
    """The shares a folded text gives of each thing, by the stems of the (one or two) words
    after the share, with the words that give it ("the full adult fare": adult and fare, 100)."""
    out: dict[str, dict[float, str]] = {}
    for m in _SHARE_OF.finditer(text):
        if _SHARE_BOUNDED.search(text, max(0, m.start() - 14), m.start()):
            continue  # "for at most half a day": a bound, no share given
        for word in m.group("noun").split():
            if word not in STOPWORDS:
                out.setdefault(stem(word), {}).setdefault(100.0 if m.group("full") else 50.0, m.group(0))
    return out


def _share_against(claim: str, source: str) -> str | None:
    """What is wrong when the claim gives a thing a share ("repay the full cost", "pays the full
    fare") and the sentence that says most of the claim gives it only another ("repay half of
    its cost", "pay half fare") (folded texts)."""
    if _SHARE_DENIED.search(source) or negation_count(claim):
        return None  # "half a tank" is a case of "If the tank is not full"
    # (the sentence that says most of the claim: "Part-time employees receive the same leave at half
    # pay" gives no share of the full-time employee's pay)
    cw = content_words(claim)
    a, b = max(sentences(source), key=lambda ab: len(cw & content_words(source[ab[0]:ab[1]])), default=(0, len(source)))
    theirs = _shares_of(source[a:b])
    for m in _SHARE_OF.finditer(claim):
        share = 100.0 if m.group("full") else 50.0
        for word in m.group("noun").split():
            given = theirs.get(stem(word), {})
            if word not in STOPWORDS and given and share not in given:
                return f"'{m.group(0)}' in the claim but '{next(iter(given.values()))}' in the source"
    return None


def _one_against_count(claim: str, source: str) -> str | None:
    """What is wrong when the claim says "one <thing>" ("Patients who miss one appointment are
    removed") where the sentence it restates counts that thing exactly with another number
    ("miss two appointments in a year"), and says "one" or "a" of it nowhere ("one" is no number
    to the quantity reader: it is too often "someone", "one of") (folded texts)."""
    for m in _ONE_OF.finditer(claim):
        noun = m.group("noun")
        if re.search(rf"\b(?:one|a|an|single|each|every|per)\s+(?:[a-z]+\s+)?{noun}\b", source):
            continue
        rest = content_words(claim[: m.start()] + " " + claim[m.end():])
        for q in quantities(source):
            if q.unit is not None or q.lo != q.hi or q.lo <= 1 or not float(q.lo).is_integer() \
                    or any(_bounds_around(source, q)) or _BOUND_IN_CLAIM.search(source, 0, q.start):
                continue
            after = re.match(rf"\s+(?:[a-z]+\s+)?{noun}(?:s|es)\b", source[_number_end(source, q):])
            a, b = _sentence_at(source, q.start)
            if after and rest and len(rest & content_words(source[a:b])) >= MIN_ONE_HELD * len(rest):
                return f"'one {noun}' in the claim but '{q.text} {after.group(0).strip()}' in the source"
    return None


def check_numbers(claim: str, source: str, window: str | None = None) -> NumberCheck:
    """Compare the claim's quantities with the source's.

    A claim quantity that no source quantity matches is ``missing``; if the best window
    (or the whole source when none is given) states a quantity of the same dimension or the
    same value with another unit, it is a ``conflict``.
    """
    folded_claim, folded_source = fold(claim), fold(source)
    pounds = "£" in claim or "£" in source or "gbp" in folded_source
    one = next((wrong for check in (_one_against_count, _times_against, _share_against, _factor_against)
                if (wrong := check(folded_claim, folded_source)) is not None), None) \
        or all_hours_against(claim, source)
    if one is not None:
        return NumberCheck(NumberStatus.CONFLICT, one, 0, 1)
    # ("A year 12 pupil": "year 12" is a label, no "a year" of time)
    cq = [c for c in _pounds(quantities(claim), pounds) if not _LABELLED.match(claim, c.start)]
    if not cq:
        return NumberCheck(NumberStatus.NONE, "", 0, 0)
    sq = _cents_as(_pounds(quantities(source, ranges=True), pounds), cq)
    wq = _cents_as(_pounds(quantities(window, ranges=True), pounds), cq) if window is not None else sq
    matched, problems, conflict = 0, [], False
    scaled = _proportional(claim, source)
    # "every three months" where the source says "quarterly": the same frequency
    stated_often = [v for v, _, _ in frequency_spans(source)]
    often = [(v, s, e) for v, s, e in frequency_spans(claim)
             if any(abs(v - w) <= 0.01 * max(v, w) for w in stated_often)]
    dues = _allowance_dues(cq, sq, folded_claim, folded_source)
    past_free = next(({amount, count} for amount, count, due in dues if _same(due, amount.lo, amount.tol)), set())
    # (an allowance and a price for each further thing price the claim's count one way: another
    # product of the source's numbers, "three items" times "10 EUR", is no price of five items)
    mispriced = {amount: due for amount, _, due in dues} if dues and not past_free else {}
    charged = past_free or (_rate_product(cq, sq, folded_claim, folded_source) if not mispriced else set()) \
        or _periods_of_rate(cq, folded_claim, folded_source)
    case = bound_case(claim, source)
    # (a time within hours the source gives, that they leave to the rest of the source to read)
    timed = hours_reading(claim, source)[0] if case is None else None
    applied = _share_applied(cq, sq)
    # the source's sentences as written, which its folded form hides ("6 p.m. On Saturdays")
    spans = sentences(source) if len(source) == len(folded_source) else None
    for c in cq:
        if c in applied:
            matched += 1  # "on 10,000 EUR the fee is 20 EUR" where "a fee of 0.2% of the amount"
            continue
        if c in mispriced:
            conflict = True
            problems.append(f"'{c.text}' in the claim, but the source's allowance and price for each further one "
                            f"make it {mispriced[c]:g} {c.unit}")
            continue
        # (both the start of what holds: "from the fourth day"; "in the third week" lies after
        # "After the first week")
        start = _ORDINAL_START.search(folded_claim, max(0, c.start - 14), c.start + 1)
        ordinals = [s for s in sq if c.kind == s.kind == "ordinal" and s.unit == c.unit and c.unit is not None
                    and start is not None and (m := _ORDINAL_START.search(folded_source, max(0, s.start - 14), s.start + 1))
                    and m.group(1) == start.group(1)]
        if ordinals and not any(_agree(c, s) for s in ordinals):
            # "from the second day" where "From the fourth day": a day counted is read against the
            # days the source counts, not its spans ("up to three days")
            conflict = True
            problems.append(f"'{c.text}' in the claim but '{ordinals[0].text}' in the source")
            continue
        qualified = _qualifier_swapped(c, folded_claim, sq, folded_source)
        if qualified is not None:
            conflict = True  # ("per page" is a proportion too: read before it)
            problems.append(f"'{c.text}' is what the source gives '{qualified[0]}', but for the claim's "
                            f"'{qualified[1]}' it gives '{qualified[2]}'")
            continue
        # (the case's value, or the period it is counted in: "four nights | in one month")
        if case is not None and (c.text.lower() == case.value or c.start == case.start or any(
                m.start() <= c.start < m.end() for m in _IN_ONE_PERIOD.finditer(folded_claim, case.start))):
            if case.holds:
                matched += 1  # "A 150 ml bottle is not allowed" where "containers of no more than 100 ml"
                continue
            conflict = True  # "A 50 ml bottle is not allowed", "A 150 ml bottle is allowed"
            said = ("lies within the source's bound '{}', and the claim says the opposite of what the source says "
                    "of values within it" if case.inside else "lies outside the source's bound '{}', and the claim "
                    "says of it what the source says only of values within it").format(case.bound)
            problems.append(f"'{c.text}' {said} (\"{case.clause[:80]}\")")
            continue
        if timed is not None and c.text.lower() == timed:
            matched += 1  # "Music must be kept down at 1 a.m." where "Quiet hours run from 10 p.m. to 7 a.m."
            continue
        # (an amount of a unit, "ten days each year", has a period of its own, "each year": no
        # frequency; a count, "twice an hour", "four trains an hour", is one)
        if any(c.start < e and s < c.end for s, e in scaled) or c in charged or any(
                (s <= c.start < e) if c.dimension or _BARE_PERIOD.fullmatch(folded_claim[s:e]) else (c.start < e and s < c.end)
                for _, s, e in often):
            matched += 1
            continue
        reserved = _reserved_span(c, folded_claim, sq, folded_source)
        if reserved is not None and reserved[0]:
            conflict = True
            problems.append(f"'{c.text}' in the claim falls within '{reserved[1]}', and the source says what "
                            "the claim says only of other times")
            continue
        if reserved is not None:
            matched += 1  # "at 9 p.m." of what the source says "at other times" than "6 to 8 p.m."
            continue
        if c.text.lower() in ("twice", "two times", "2 times") and _DOUBLE.search(folded_source):
            matched += 1  # "twice the normal rate" for "or double on public holidays"
            continue
        if _ONE_OF_UNIT.match(c.text.lower()) and _UNCOUNTED_BEFORE.search(folded_claim, 0, c.start):
            matched += 1  # "as many lessons a day as they want": a rate with no amount
            continue
        if _the_unit_itself(c, sq, folded_source):
            matched += 1  # "one day lasts longer than one year" for "a day is longer than its year"
            continue
        if _bare_hour(c, folded_claim) and any(s.unit == "o'clock" and s.lo == s.hi
                                               and s.lo % 720 == (c.lo % 12) * 60 for s in sq):
            matched += 1  # "opens at 8" where the source says "from 8 a.m."
            continue
        if c.kind == "share" and not any(s.unit == "%" for s in sq):
            matched += 1  # "half the adult price" where the source gives both prices: read elsewhere
            continue
        if c.unit == "o'clock" and not any(_agree(c, s) for s in sq) and c.lo in _clock_offsets(sq, folded_source):
            matched += 1  # a time the source counts from another ("six hours after the 8 a.m. start")
            continue
        if _averaged(c, claim, sq):
            matched += 1  # "5 EUR a month on average" for "60 EUR a year"
            continue
        if c.unit == "%" and c.lo == c.hi and any(abs(c.lo - v) <= _SHARE_ROUNDING for v in _share_words(folded_source)) \
                and not _other_share_here(c, folded_claim, folded_source):
            matched += 1  # "33% off" for "a third off"
            continue
        if _said_in_words(c, folded_claim, source):
            matched += 1  # "24 hours a day" for "around the clock", "twice a week" for "on Mondays and Thursdays"
            continue
        if any(said(c, folded_claim, sq, folded_source) for said in _SAID_OTHERWISE):
            matched += 1  # the source's amount said another way (:data:`_SAID_OTHERWISE`)
            continue
        if _rate_converted(c, folded_claim, sq) or (
                any(f.start() <= c.start and c.end <= f.end() for f in _PERIOD_FRAME.finditer(folded_claim))
                and any(_rate_converted(o, folded_claim, sq) for o in cq if o is not c)):
            matched += 1  # "18 days of leave a year" for "1.5 days for each month worked" ("in a year")
            continue
        if c.kind == "magnitude":
            # "thousands of people died" where "fewer than ten deaths were recorded": read
            # against the counts of what it speaks of; said where the source has none, it
            # is the model's to judge ("dozens of" for a list of names)
            against = _magnitude_against(c, folded_claim, sq, folded_source)
            if against is None:
                matched += 1
            else:
                conflict = True
                problems.append(f"'{c.text}' in the claim but '{against}' in the source")
            continue
        ceiling = _other_ceiling(c, claim, source, pounds)
        if ceiling is not None:
            conflict = True
            problems.append(f"'{c.text}' in the claim but '{ceiling.text}' in the statement it restates")
            continue
        dated = _month_moved(c, claim, source)
        if dated is not None:
            conflict = True
            problems.append(f"'{dated[0]}' in the claim but '{dated[1]}' in the source")
            continue
        each = _total_for_each(c, claim, sq, source)
        if each is not None:
            conflict = True
            problems.append(f"'{c.text}' is a total in the claim but '{each}' in the source")
            continue
        whose = _share_of_another(c, claim, sq, source)
        if whose is not None:
            conflict = True
            problems.append(f"'{c.text} of {whose[0]}' in the claim but '{whose[1]}' in the source")
            continue
        if any(_agree(c, s) for s in sq) or _entailed(c, folded_claim, sq, folded_source) \
                or _both(c, folded_claim, folded_source) or _signed_zero(c, folded_claim, folded_source):
            # (a value the source gives in a part naming the claim's days is said of them: "On
            # Saturdays it opens at 8 a.m." for "... and from 8 a.m. to 6 p.m. at weekends")
            home = _day_home(c, folded_claim, sq, folded_source, spans)
            other = (_said_of_another(c, claim, source, pounds, len(cq) == 1)
                     if len(cq) <= 2 and not home and not _in_class_clause(c, claim, source) else None)
            named = _named_elsewhere(c, claim, source, pounds) if other is None and len(cq) == 1 and not home else None
            if named is None and other is None and len(cq) == 1 and not home:
                named = _subject_elsewhere(c, claim, source, pounds) or _gapped_swap(c, claim, source, pounds) \
                    or _qualified_swap(c, claim, source, pounds)
            if other is None and named is None and _is_year(c):
                later = _year_of_later_part(c, claim, source)
                if later is not None:
                    conflict = True
                    problems.append(f"'{c.text}' in the claim, but the source dates what the claim names "
                                    f"from that year: \"{later[:60]}\"")
                    continue
                event = _year_of_other_event(c, claim, source)
                if event is not None:
                    conflict = True
                    problems.append(f"'{c.text}' in the claim, but the source gives that year to another "
                                    f"event: \"{event[:60]}\"")
                    continue
            if other is None and named is None:
                version = _named_version(c, claim, source) or _predicate_version(c, claim, source) \
                    or _version_of_value(c, claim, source)
                if version is not None:
                    conflict = True
                    problems.append(f"'{version[0]}' in the claim but '{version[1]}' in the source")
                    continue
            elsewhen = (_given_another_time(c, folded_claim, sq, folded_source, spans) or _said_after_that(c, cq, folded_claim, sq, folded_source)) \
                if other is None and named is None else None
            if elsewhen is not None:
                conflict = True
                problems.append(elsewhen)
                continue
            every = _said_of_all(c, claim, source, pounds) if other is None and named is None else None
            if every is not None:
                conflict = True
                problems.append(f"'{c.text}' is said of {every[2].strip().lower()}, but the source gives '{every[0].text}' "
                                f"for one of them (\"{every[1].strip()[:80]}\")")
                continue
            if named is not None:
                conflict = True
                problems.append(f"'{c.text}' in the claim is what the source gives another thing, an "
                                f"entity swap: the claim names '{named[2]}', whose statement says "
                                f"'{named[0].text}' (\"{named[1].strip()[:80]}\")")
                continue
            if other is not None:
                conflict = True
                problems.append(f"'{c.text}' in the claim but '{other[0].text}' in the statement "
                                f"it restates ('{c.text}' is said of something else: "
                                f"\"{other[1].strip()[:80]}\")")
                continue
            anchored = _anchored_elsewhere(c, folded_claim, sq, folded_source)
            if anchored is not None:
                problems.append(f"'{c.text}' is counted {anchored[0]} in the claim, but {anchored[1]} in the source")
                continue
            of_other = _amount_of_another(c, folded_claim, sq, folded_source)
            if of_other is not None:
                conflict = True
                problems.append(f"'{c.text.strip()}' is the claim's amount for {of_other[0]}, but the source gives "
                                f"{of_other[0]} '{of_other[1].strip()}' ('{c.text.strip()}' is for {of_other[2]})")
                continue
            moved = _moved_bound(c, folded_claim, sq, folded_source)
            if moved is not None:
                conflict = True
                problems.append(f"'{c.text}' is a bound of the claim, but the source bounds it at '{moved}'")
                continue
            retired = _replaced(c, folded_claim, sq, folded_source)
            if retired is not None:
                conflict = True
                problems.append(f"'{c.text.strip()}' is what the source says no longer holds ('{retired}')")
                continue
            turned = _turned_bound(c, folded_claim, sq, folded_source)
            if turned is not None:
                conflict = True
                problems.append(f"'{c.text.strip()}' bounds the claim on one side, but the source bounds it on the "
                                f"other ('{turned}')")
                continue
            bound = _bound_as_exact(c, folded_claim, sq, folded_source)
            if bound is not None:
                problems.append(f"'{c.text}' is said to be reached in full, but the source gives "
                                f"it as a bound ('{bound}')")
                continue
            matched += 1
            continue
        if c.lo == c.hi == 1 and c.unit in _SPOKEN_UNITS and re.search(rf"\b{c.unit}[ -]{_KIND_OF_THING}", folded_source):
            matched += 1  # "for a day" where the source sells "a day pass"
            continue
        clash = next((s for s in wq if _conflicts(c, s) and _same(c.lo, s.lo, c.tol)), None) \
            or _nearest_said(c, claim, [s for s in wq if _conflicts(c, s)], window or source)
        if clash is not None:
            conflict = True
            problems.append(f"'{_said(c)}' in the claim but '{_said(clash)}' in the source")
        else:
            problems.append(f"'{c.text}' does not occur in the source")
    if not problems and len(cq) >= 3:
        bound = _bound_with_others(cq, source, pounds)
        if bound is not None:
            return NumberCheck(NumberStatus.CONFLICT, bound, matched, len(cq))
    # (a price past an allowance is past its bound; a case past a bound the claim reads right is too)
    if not problems and len(cq) >= 2 and not past_free and not (case is not None and case.holds):
        unmet = _condition_unmet(cq, folded_claim, sq, folded_source) or _bracket_moved(cq, folded_claim, sq, folded_source)
        if unmet is not None:
            return NumberCheck(NumberStatus.CONFLICT, unmet, matched, len(cq))
    if not problems:
        mix = check_rows(claim, source)
        if mix:
            return NumberCheck(NumberStatus.CONFLICT, mix, matched, len(cq))
    if conflict:
        return NumberCheck(NumberStatus.CONFLICT, "; ".join(problems), matched, len(cq))
    if problems:
        return NumberCheck(NumberStatus.MISSING, "; ".join(problems), matched, len(cq))
    return NumberCheck(NumberStatus.OK, "", matched, len(cq))


#: the thing an amount measures, named after it: "200 g of butter", "2 tbsp of olive oil"
_OF_THING = re.compile(r"\s*(?:of|for)\s+(?:the\s+|all\s+|any\s+)?(?P<w1>[a-z]{3,})(?:\s+(?P<w2>[a-z]{3,}))?\b")
#: the thing named before a claim's amount: "The excess for subsidence claims is 250 EUR"
_FOR_THING_BEFORE = re.compile(r"\bfor\s+(?:the\s+|all\s+|any\s+)?(?P<w1>[a-z]{3,})(?:\s+(?P<w2>[a-z]{3,}))?(?:\s+[\w-]+){0,2}?\s+"
                               r"(?:is|are|was|were|costs?|comes\s+to)(?:\s+only|\s+just)?\s*$")
#: words after "of" that name no thing measured: "5 EUR of which", "3 days of the week"
_OF_NO_THING = frozenset("which whom them those these this that each every what".split())


def _thing_named(text: str, q: Quantity, before: bool = False) -> re.Match[str] | None:
    """The words naming the thing ``q`` measures, by "of" or "for" right after it ("200 g of
    butter", "500 EUR for subsidence claims"), or with ``before`` by "for ... is" before it
    ("The excess for subsidence claims is 250 EUR"); None for a bare amount, a duration or a
    count."""
    if q.unit is None or q.dimension in (None, "time", "clock", "ratio"):
        return None
    m = _OF_THING.match(text, q.end) or (_FOR_THING_BEFORE.search(text, max(0, q.start - 60), q.start) if before else None)
    if m is None or m.group("w1") in _OF_NO_THING or is_unit(m.group("w1")):
        return None
    return m


def _thing_words(m: re.Match[str] | None) -> frozenset[str]:
    """The stems of the thing :func:`_thing_named` found (empty for none)."""
    return frozenset() if m is None else frozenset(stem(w) for w in (m.group("w1"), m.group("w2")) if w and w not in STOPWORDS)


def _amount_of_another(c: Quantity, claim: str, sq: list[Quantity], source: str) -> tuple[str, str, str] | None:
    """``(thing, its amount in the source, the thing the claim's amount is of there)`` when
    the claim gives an amount of a thing ("200 g of sugar") that the source gives another
    thing ("200 g of butter with 150 g of sugar") while giving the claim's thing another
    amount of the same kind: the amounts swapped between two things of one list."""
    named_here = _thing_named(claim, c, before=True)
    mine = _thing_words(named_here)
    if named_here is None or not mine:
        return None
    named = [(q, found, _thing_words(found)) for q in sq for found in (_thing_named(source, q),)]
    if any(_agree(c, q) for q, _, thing in named if thing & mine):
        return None
    theirs = next((q for q, _, thing in named if thing & mine and q.dimension == c.dimension and q.per == c.per), None)
    # (the amount of another thing, or the general one beside the claim's thing's own: "250 EUR
    # per claim, or 500 EUR for subsidence claims")
    other = next(((q, found) for q, found, thing in named if not thing & mine and _agree(c, q)), None)
    if theirs is None or other is None:
        return None
    return named_here.group("w1"), theirs.text, other[1].group("w1") if other[1] is not None else "the rest"


_SIGNED = re.compile(r"\b(?:(?P<neg>below|under|less than|lower than)|(?P<pos>above|over|more than|"
                     r"greater than|higher than))\s*$")


#: the event a span of time is counted from or to: "within 30 days of returning home", "two
#: weeks before the start", "10 days after the expense"
_ANCHOR = re.compile(r"\s+(?P<rel>of|after|from|following|since|before|prior\s+to|ahead\s+of)\s+"
                     r"(?P<event>[^,.;:()]{3,60})", re.IGNORECASE)
_BEFORE_EVENT = frozenset(("before", "prior to", "ahead of"))
#: a deadline word before a span: "within 30 days of", "no later than two weeks of"
_WITHIN = re.compile(r"\b(?:within|no\s+later\s+than|not\s+later\s+than|by|up\s+to|inside|in)\s*(?:the\s*)?$",
                     re.IGNORECASE)


def _anchor(text: str, q: Quantity) -> tuple[bool, frozenset[str], str] | None:
    """(before?, the event's content words, the words) of the event ``q`` is counted from."""
    m = _ANCHOR.match(text, q.end)
    if m is None:
        return None
    if m.group("rel").lower() == "of" and not _WITHIN.search(text, 0, q.start):
        return None  # "28 days of leave": what the days are of; "within 10 days of approval": from when
    event = content_words(m.group("event"))
    rel = " ".join(m.group("rel").lower().split())
    return (rel in _BEFORE_EVENT, event, m.group(0).strip()) if event else None


def _anchored_elsewhere(c: Quantity, claim: str, sq: list[Quantity], source: str) -> tuple[str, str] | None:
    """(the claim's event, the source's) when a span of time the source states is counted
    from another event in the claim, one the source speaks of elsewhere ("within 10 days of
    approval" where the source says "10 days of the expense" and "approved within 5 days"),
    or the other way ("before" against "after"): every statement of the value in the source
    is counted from an event, none from the claim's. An event the source does not mention is
    left alone: "after spending the money" may be "of the expense" in other words."""
    if c.dimension != "time" or c.vague:
        return None
    mine = _anchor(claim, c)
    if mine is None:
        return None
    anchors = [_anchor(source, s) for s in sq if _agree(c, s)]
    theirs = [a for a in anchors if a is not None]
    if not theirs or len(theirs) < len(anchors):
        return None
    if any(a[0] == mine[0] and a[1] & mine[1] for a in theirs):
        return None
    turned = any(a[0] != mine[0] and a[1] & mine[1] for a in theirs)
    if not turned and not mine[1] <= content_words(source):
        return None
    return mine[2], theirs[0][2]


_STRICT_LOW = re.compile(r"\b(?:over|more than|above|exceeding|heavier than|longer than|later than|beyond|"
                         r"greater than|older than|larger than|bigger than|taller than|higher than)\s*$")
_STRICT_HIGH = re.compile(r"\b(?:under|less than|fewer than|below|lighter than|shorter than|earlier than|"
                          r"younger than|smaller than|lower than|cheaper than)\s*$")


#: a time of day as a deadline ("by 3 p.m.") or as a start ("from 3 p.m.")
_CLOCK_BY = re.compile(r"\b(?:by|before|until|till|no\s+later\s+than|not\s+later\s+than)\s*$")
_CLOCK_FROM = re.compile(r"\b(?:from|after|no\s+earlier\s+than|not\s+before|starting\s+at|as\s+of)\s*$")


def turned_clock_bound(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's bound, source sentence)`` when the claim makes a deadline of a time the
    source gives as a start, or the other way round: "must check in by 3 p.m." where "can
    check in from 3 p.m." (the sentence shares two other words with the claim, denies as much
    as it does, and no sentence bounds that time the claim's way)."""
    folded_claim, folded_source = fold(claim), fold(source)
    cw = content_words(_without_clock(claim))
    for c in quantities(claim):
        if c.unit != "o'clock":
            continue
        lead = folded_claim[max(0, c.start - 25): c.start]
        by, start = _CLOCK_BY.search(lead), _CLOCK_FROM.search(lead)
        if by is None and start is None:
            continue
        turned = None
        for q in quantities(source):
            if q.unit != "o'clock" or not _agree(c, q):
                continue
            theirs = folded_source[max(0, q.start - 25): q.start]
            if (by and _CLOCK_BY.search(theirs)) or (start and _CLOCK_FROM.search(theirs)):
                return None  # the source bounds it the claim's way somewhere
            if (by and _CLOCK_FROM.search(theirs)) or (start and _CLOCK_BY.search(theirs)):
                a, b = _sentence_at(source, q.start)
                sentence = source[a:b]
                if len(cw & content_words(_without_clock(sentence))) >= 2 and negation_count(claim) == negation_count(sentence):
                    turned = (f"{(by or start).group(0).strip()} {c.text}", sentence.strip())  # type: ignore[union-attr]
        if turned is not None:
            return turned
    return None


def complementary_bound(claim: str, source: str) -> bool:
    """The claim speaks of what lies past the source's bound: "parcels over 30 kg" where the
    source accepts "parcels up to 30 kg" (what the source says of the bounded ones, the claim
    may deny of the rest)."""
    folded_claim, folded_source = fold(claim), fold(source)
    sq = quantities(source)
    for c in quantities(claim):
        low, high = _STRICT_LOW.search(folded_claim, 0, c.start), _STRICT_HIGH.search(folded_claim, 0, c.start)
        if not (low or high):
            continue
        for q in sq:
            if not _agree(c, q):
                continue
            src_low, src_high = _bounds_around(folded_source, q)
            if (low and src_high) or (high and src_low):
                return True
    return False


#: a time or duration from which on something holds: "After 10 a.m. a pass costs 25 EUR",
#: "After ten years they get three extra days"
_FROM_ON = re.compile(r"\b(?:after|from)\s*$")


def _bounds_around(text: str, q: Quantity, cover: bool = False) -> tuple[re.Match[str] | None, re.Match[str] | None]:
    """The words that make ``q`` (a quantity of ``text``) a lower bound ("at least 3", "3 or
    more") and an upper one ("up to 3", "3 or less"), each None when there are none; with
    ``cover``, the length of a cover is an upper bound too ("a two-year guarantee")."""
    before, after = text[:q.start], text[q.end:]
    low = _LOW_BEFORE.search(before) or _LOW_AFTER.match(after) \
        or (_FROM_ON.search(before) if q.unit == "o'clock" else None)  # "After 10 a.m. a pass costs 25 EUR"
    high = _HIGH_BEFORE.search(before) or _HIGH_AFTER.match(after)
    if high is None and cover and q.dimension == "time" and q.unit != "o'clock":
        # how long a cover lasts: "covers defects for 24 months", "a two-year guarantee", "valid
        # for one year": the time since it began is under it
        high = _COVER_FOR.search(before) or _COVER_AFTER.match(after)
    # "no more than 8 kg" is an upper bound only, "no less than 8 kg" a lower one
    if low is not None and high is not None and low.re is _LOW_BEFORE and high.re is _HIGH_BEFORE:
        if high.start() < low.start():
            low = None
        elif low.start() < high.start():
            high = None
    return low, high


_ONLY_IF = re.compile(r"\bonly\s+(?:if|when|for|from)\b")


def fails_bound(claim: str, condition: str) -> bool:
    """A plain value of the claim lies outside a bound the condition states ("year 9" outside
    "year 10 or above", "a 15-year-old" outside "over 16"), and none inside it; or the claim
    states the bound's other side ("50 or fewer" against "more than 50")."""
    return (not meets_bound(claim, condition) and meets_bound(claim, _TURNED_BOUND.sub(
        lambda m: _TURN[m.group(0).lower()], condition))) or _other_side(claim, condition)


def _other_side(claim: str, condition: str) -> bool:
    """The claim bounds a value the other way from the condition's bound at that value ("50 or
    fewer" against "more than 50")."""
    fc, fs = fold(claim), fold(condition)
    for c in quantities(fc):
        c_low, c_high = _bounds_around(fc, c)
        if bool(c_low) == bool(c_high):
            continue
        for q in quantities(fs):
            s_low, s_high = _bounds_around(fs, q)
            if q.lo == q.hi == c.lo == c.hi and q.unit == c.unit and bool(s_low) != bool(s_high) \
                    and bool(c_low) != bool(s_low):
                return True
    return False


#: each bound's complement: what lies outside "under 5" is "at least 5", outside "at least 5" is
#: "under 5" (a strict bound's complement takes its value in)
_TURN = {"or above": "or below", "or over": "or under", "or more": "or less", "or older": "or younger",
         "and above": "and below", "and over": "and under", "at least": "under", "over": "at most",
         "above": "at most", "more than": "at most", "older than": "at most", "under": "at least",
         "below": "at least", "less than": "at least", "younger than": "at least", "at most": "over",
         "or below": "or above", "or under": "or over", "or less": "or more", "or younger": "or older",
         "longer than": "at most", "shorter than": "at least", "heavier than": "at most",
         "lighter than": "at least", "larger than": "at most", "smaller than": "at least"}
_TURNED_BOUND = re.compile(r"\b(?:" + "|".join(sorted((re.escape(k) for k in _TURN), key=len, reverse=True)) + r")\b",
                           re.IGNORECASE)


def meets_bound(claim: str, condition: str) -> bool:
    """A value of the claim lies inside a bound the condition states ("a 17-year-old" inside
    "under 18", "a 90-minute ride" inside "longer than 45 minutes")."""
    folded = fold(condition)
    for q in quantities(condition):
        if q.lo < q.hi:  # a range: "aged 5 to 11" holds "a 7-year-old"
            if any(c.lo == c.hi and q.lo <= c.lo <= q.hi and c.per == q.per and (
                    (c.unit == q.unit and c.kind == q.kind) or (c.kind == "age" and q.unit is None))
                   for c in quantities(claim)):
                return True
            continue
        low, high = _bounds_around(folded, q)
        if not (low or high) or q.lo != q.hi:
            continue
        before = folded[:q.start]
        strict = _STRICT_LOW.search(before) or _STRICT_HIGH.search(before)
        for c in quantities(claim):
            # of one unit and kind, or an age against a bare number ("a 17-year-old", "under 18");
            # "aged 18" meets no "at least three years", "a day pass" no "under 12"
            # (or an amount of money against a bare figure the condition cut from its currency:
            # "an order of 100 EUR" for "over 80" of "Orders over 80 EUR ship free")
            if c.lo != c.hi or c.per != q.per or not (
                    (c.unit == q.unit and c.kind == q.kind) or (c.kind == "age" and q.unit is None and q.kind is None)
                    or (c.dimension in _MONEY_DIMENSIONS and q.unit is None and q.kind is None and folded.rstrip(" .")
                        .endswith(q.text.lower()))):
                continue
            inside = (c.lo > q.lo or (c.lo == q.lo and not strict)) if low else (c.lo < q.lo or (c.lo == q.lo and not strict))
            if inside:
                return True
    return False


#: a claim's subject that names a case by a value: an indefinite opening ("A 150 ml bottle",
#: "Someone aged 17"), a relative clause ("Pupils who live two miles away") or a participle after
#: a bare plural ("Orders placed at 6 p.m."), with no verb of the sentence's own before the value
_CASE_OPENING = re.compile(r"\s*(?:an?|any|anyone|someone|somebody)\b")
_RELATIVE = re.compile(r"\b(?:who|that|which|whose)\b")
_FINITE = re.compile(r"\b(?:is|are|was|were|be|been|can|cannot|can't|must|may|might|will|would|should|shall|"
                     r"does|do|did|doesn't|don't|has|have|had|gets?|pays?|costs?|earns?|receives?)\b")
_PLURAL_PARTICIPLE = re.compile(r"\s*(?:[a-z]+s\s+[a-z]+(?:ed|ing)\b"
                                # ... or a noun with the past participle the value is of: "Rent paid
                                # | four days late" ("Darwin published ... in 1836" names no case)
                                r"|[a-z]+\s+(?:[a-z]+ed|paid|sent|made|kept|left|bought|sold|held|taken|given|brought)\s*$)")
#: where a bound's clause begins and ends within its sentence
_CASE_CLAUSE = re.compile(r";|,\s+(?:and|but|while|whereas)\s+|\.\s+(?=[a-z])|"
                          # ("a five-year warranty on the motor | and a two-year warranty on all other parts")
                          r"\s+and\s+(?=(?:an?\s+)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)"
                          r"[- ](?:year|month|week|day|hour)s?\b)")
#: a bound in a clause that excepts it: "... unless it is cancelled at least 24 hours in advance"
_UNLESS_BOUND = re.compile(r"\b(?:unless|except\s+(?:if|when|for))\b")
#: the share of the claim's other content words that the bound's sentence and its neighbours hold
MIN_CASE_OVERLAP = 0.5
#: a span counted back from an event: "up to 48 hours before the event" bounds how late, so how
#: little ahead, it may be done
_UNTIL = re.compile(r"up\s+to|until|till|no\s+later\s+than|by")
_LEAD_TIME = re.compile(r"\s*(?:before|ahead|in\s+advance|prior\s+to|beforehand)\b")
#: an act whose lead time opens a window rather than closing one: "book up to seven days ahead"
_BOOKED_AHEAD = re.compile(r"\b(?:book|books|booked|booking|reserve[sd]?|reserving|order|orders|ordered)\b")


#: a gerund that opens the claim names an act as its subject: "Checking out at 1 p.m. costs 30 EUR"
_GERUND_OPENING = re.compile(r"\s*[a-z]{3,}ing\b")
#: a thing named by a value after a preposition: "No receipt is needed for a lost item worth 50 EUR"
_CASE_OBJECT = re.compile(r"\b(?:for|to|on|with|by|from|at|in|of)\s+(?:an?|any)(?:\s+[a-z-]+){0,4}\s*$"
                          # ... or a thing with its measure: "A tyre with | 1.2 mm of tread"
                          r"|^\s*(?:an?|any)\s+[a-z-]+\s+with\s*$")
#: a modal that makes the claim's value the time or amount of a permitted or required act: "A
#: ticket can be passed on three days before the festival"
_CASE_MODAL = re.compile(r"\b(?:can|cannot|can't|may|must|might|could)\b(?:\s+not)?\s+(?:still\s+|only\s+|also\s+)?"
                         r"(?:be\s+)?[a-z]+")


def _names_a_case(claim: str, c: Quantity) -> bool:
    """The claim's value ``c`` names a case (``claim`` folded): in a subject that names one by
    it ("A 150 ml bottle", "Checking out at 1 p.m."), in a thing after a preposition ("for a
    lost item worth 50 EUR"), or as when or how much of an act the claim allows or bars ("can
    be passed on three days before the festival")."""
    head = claim[:c.start]
    if _CASE_OBJECT.search(head) and not _LIMIT_NOUN.search(head[-40:]):
        return True
    rel = _RELATIVE.search(head)
    if _FINITE.search(head, 0, rel.start() if rel else len(head)):
        # "Night shifts start at 11 p.m." says when they start, "The fee is 5 EUR" what it is: no
        # case; "can be passed on three days before" says when it may be done
        verb = _CASE_MODAL.search(head)
        return verb is not None and not _FINITE.search(head, 0, verb.start()) and not _LIMIT_NOUN.search(head)
    return bool(_CASE_OPENING.match(head) or rel or _PLURAL_PARTICIPLE.match(head) or _GERUND_OPENING.match(head))


#: words that deny by their meaning what a clause says of a case ("Smoking is prohibited")
_DENYING = frozenset("prohibited forbidden banned excluded ineligible refused barred free closed shut unavailable".split())
#: a denial said in a phrase: "out of service", "out of order"
_OUT_OF = re.compile(r"\bout\s+of\s+(?:service|order|use|action|bounds)\b")
#: words of a claim about a case that say only whether it is allowed: no word to find in the source
_CASE_NEUTRAL = frozenset(stem(w) for w in "cannot never not allow allowed permit permitted ago still "
                          # (words that name the bound itself: "below the legal minimum")
                          "below above legal minimum maximum".split())


#: a case called late ("is too late", "counts as late"), not a late service ("late check-out")
_CALLED_LATE = re.compile(r"\b(?:(?:is|are|was|were|be|counts?\s+as|considered)\s+(?:too\s+)?late|too\s+late|overdue)\b")
#: a case called past what is allowed: "is too long for the kennel", "too heavy", "too young"
_TOO_MUCH = re.compile(r"\btoo\s+(?:long|short|early|old|young|heavy|light|big|large|small|many|much|few|high|low|far|"
                       r"wide|tall|expensive|cheap)\b"
                       # ... or past the bound by name: "below the legal minimum", "over the limit"
                       r"|\b(?:below|under)\s+the\s+(?:[a-z]+\s+)?minimum\b"
                       r"|\b(?:above|over)\s+the\s+(?:[a-z]+\s+)?(?:maximum|limit)\b")


#: the word before an ordinal that makes it where something starts: "from the fourth day"
_ORDINAL_START = re.compile(r"\b(from|starting|after|until|before)\s+(?:the\s+)?\s*$")
#: a unit word that labels the number after it: "a year 12 pupil", "on day 3"
_LABELLED = re.compile(r"\s*an?\s+(?:year|day|week|level|grade|stage)\s+\d", re.IGNORECASE)
_WITHOUT_SUBJECT = re.compile(r"\bwithout\s+(?:an?\s+|the\s+|any\s+|their\s+|his\s+|her\s+)?[a-z-]+(?:\s+[a-z-]+){0,2}?"
                              r"(?=\s+(?:get|pay|must|can|may|is|are|has|have|need|receive|will|[a-z]{3,}s)\b)", re.IGNORECASE)


def without_subject(text: str) -> str:
    """The text without a "without ..." that only says who its subject is ("Invoices without a
    purchase order number are ..."): a denial left denies the predicate."""
    return _WITHOUT_SUBJECT.sub(" ", text)


_ABSENT_FOR = re.compile(r"\babsent\s+(?=for|from)\b")


def _denies(text: str) -> bool:
    """An odd number of denials of the predicate ("does not ship free": one; "is not
    prohibited": none)."""
    text = RELATIVE_DENIAL.sub(" ", text)
    # "without a certificate" before the verb says who, and denies no predicate; nor does "absent for
    # four days", which says which case
    text = _ABSENT_FOR.sub(" ", without_subject(text))
    # ("too late" says it does not count: a denial of a case past a deadline)
    return (negation_count(text) + len(_DENYING & set(words(text))) + (_CALLED_LATE.search(text) is not None)
            + len(_OUT_OF.findall(text))
            + (_TOO_MUCH.search(text) is not None and _CALLED_LATE.search(text) is None)) % 2 == 1


@dataclass(frozen=True)
class BoundCase:
    """A case the claim names by a plain value, read against the source's one-sided bound."""

    value: str  # the claim's value ("150 ml")
    bound: str  # the source's bound ("100 ml" of "no more than 100 ml")
    inside: bool  # the bound takes the value in
    clause: str  # the source clause that states the bound
    holds: bool  # the claim affirms what the clause says of a value inside, or denies it of one outside
    start: int = -1  # where the value starts in the claim
    at: int = -1  # where the bound starts in the source


def _case_words(text: str) -> set[str]:
    """Content words as stems, a doubled last consonant single ("cancelling" as "cancel")."""
    return {re.sub(r"([^aeiou])\1$", r"\1", stem(w)) for w in content_words(text)}


#: a count of times: "twice", "three times"
_TIMES_COUNT = re.compile(r"once|twice|thrice|(?:\d+|[a-z]+)\s+times")
#: one more than a count: "cannot borrow another", "any more", "a further one"
_ONE_MORE = re.compile(r"\b(?:another|any\s+more|one\s+more|a\s+further|an\s+extra|an\s+additional|more)\b")
#: "only restarts": the one act a clause grants its case
_ONLY_ACT = re.compile(r"\bonly\s+([a-z]{4,}s)\b")
_AGE_NAMED = re.compile(r"-year-old|\baged?\b|\byears?\s+old\b|\bturns?\b")
#: an age bound said by when it is reached: "before they turn 18", "until you reach 21"
_UNTIL_AGE = re.compile(r"\b(?:before|until|till)\s+(?:they|you|he|she|the\s+[a-z]+)\s+(?:turns?|reach(?:es)?)\s+(?:the\s+age\s+of\s+)?"
                        r"(?P<age>\d+|eighteen|sixteen|twenty-one|twenty one|twelve|fourteen|five|six|ten)\b")
#: a count within one period, said as a rate: "four nights in one month"
_IN_ONE_PERIOD = re.compile(r"\bin\s+(?:any\s+one|any|one|a\s+single|a|1)\s+(day|week|month|year)\b")


#: "two <things>" said of a relation between them ("the same points", "level", "tied")
_TWO_THINGS = re.compile(r"\s+(?P<noun>[a-z]{3,}s)\b")
_ALIKE = re.compile(r"\b(?:the\s+same|equal(?:ly)?|level|tied|each\s+other|one\s+another|identical)\b")


#: a claim that gives an amount as the difference it makes, before it ("adds 30 EUR", "saves 20
#: EUR") or after it ("2 EUR cheaper", "30 EUR more"); "an extra three days" is an amount of its own
_DIFFERENCE_BEFORE = re.compile(r"\b(?:adds?|added|saves?|saving\s+of|difference\s+of|surcharge\s+of)\s+(?:an?\s+)?(?:extra\s+)?$")
_DIFFERENCE_AFTER = re.compile(r"\s*(?:more|less|cheaper|dearer|extra|on\s+top)\b")


def _difference_said(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """``c`` is the difference between two exact amounts of its unit and period the source
    states ("60 EUR for a check-up and 90 EUR for a check-up with a scale and polish"), and the
    claim says it as one ("adds 30 EUR to the price") (folded claim)."""
    said = _DIFFERENCE_BEFORE.search(claim, 0, c.start + 1) or _DIFFERENCE_AFTER.match(claim, c.end)
    if c.lo != c.hi or c.unit is None or c.unit == "o'clock" or not said or any(_agree(c, s) for s in sq):
        return False
    same = [s for s in sq if s.unit == c.unit and s.lo == s.hi and (s.per or None) == (c.per or None)]
    return any(abs(abs(a.lo - b.lo) - c.lo) <= 1e-6 * max(1.0, c.lo) for i, a in enumerate(same) for b in same[i + 1:])


def _two_alike(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """"two <things>" is the least that a relation among things needs ("when two teams have the
    same points", "if two bids are equal") where the source says it of its things in the plural
    ("teams level on points"): no count the source would state (folded texts)."""
    noun = _TWO_THINGS.match(claim, c.end)
    return c.text == "two" and c.unit is None and noun is not None and _ALIKE.search(claim, noun.end()) is not None \
        and _ALIKE.search(source) is not None and re.search(rf"\b{noun.group('noun')}\b", source) is not None


def _share_applied(cq: list[Quantity], sq: list[Quantity]) -> list[Quantity]:
    """The claim's two amounts of one unit (neither in the source) when the smaller is a
    percentage the source states of the larger ("On 10,000 EUR invested, the yearly fee is 20
    EUR" where "an annual fee of 0.2% of the amount invested"): the source's share worked out."""
    shares = [s.lo for s in sq if s.unit == "%" and s.lo == s.hi and 0 < s.lo < 100]
    amounts = [c for c in cq if c.unit not in (None, "%") and c.lo == c.hi and c.lo > 0
               and not any(_agree(c, s) for s in sq)]
    for a in amounts:
        for b in amounts:
            if a is not b and a.unit == b.unit and b.lo < a.lo \
                    and any(abs(b.lo / a.lo * 100 - p) <= 0.01 * p for p in shares):
                return [a, b]
    return []


_PERIOD_NAMES = {"annual": "year", "annually": "year", "yearly": "year", "monthly": "month", "weekly": "week",
                 "daily": "day", "hourly": "hour"}


def share_worked(claim: str, source: str) -> str | None:
    """The source sentence when the claim's amounts are a percentage it states worked out
    (:func:`_share_applied`) and it holds every other content word of the claim (periods
    named alike: "yearly" and "annual"): the model reads the claim's two amounts as ones the
    source does not state."""
    cq = quantities(claim)
    applied = _share_applied(cq, quantities(source, ranges=True))
    if len(applied) != len(cq) or not applied:
        return None
    units = {w for c in cq for w in words(c.text)}

    def named(text: str) -> set[str]:
        return {stem(_PERIOD_NAMES.get(w, w)) for w in words(text) if w not in STOPWORDS and not w[0].isdigit()}

    mine = named(claim) - {stem(w) for w in units}
    for a, b in sentences(source):
        if mine <= named(source[a:b]) | {stem("invested"), stem("amount")} and "%" in source[a:b]:
            return source[a:b].strip()
    return None


def _period_frame(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """``c`` is "in a month" of a count the claim gives ("a fourth withdrawal in a month",
    "three visits in one week") where the source counts per that period ("three per month"):
    the period of a rate, no span of time (folded claim)."""
    m = next((m for m in _IN_ONE_PERIOD.finditer(claim) if m.start() <= c.start < m.end()), None)
    if m is None or c.lo != 1:
        return False
    counted = re.search(rf"\b(?:{'|'.join(_ORDINALS)}|\d+|{'|'.join(_NUMBER_WORDS)})\s+(?:[a-z]+\s+)?[a-z]+", claim[:m.start()])
    return counted is not None and any(s.per == m.group(1) and s.unit is None for s in sq)


@lru_cache(maxsize=4096)
def _about_another(claim: str, source: str, i: int, spans: tuple[tuple[int, int], ...]) -> bool:
    """The source's ``i``-th sentence has a subject the claim does not name, and another
    sentence's subject is all in the claim: the claim speaks of that one's thing ("You can
    email support at 3 a.m." beside "Email support is available around the clock. Phone
    support runs from 8 a.m. to 8 p.m."); ``spans`` are the source's sentences."""
    mine = content_words(claim)
    subjects = _sentence_subjects(source, spans)
    own = subjects[i]
    if not own or own <= mine:
        return False
    # (a subject of two words or more: "Claims must be submitted" names no thing of "can be claimed")
    return any(len(theirs) >= 2 and theirs <= mine and not theirs <= own
               for k, theirs in enumerate(subjects) if k != i)


@lru_cache(maxsize=1024)
def _sentence_subjects(source: str, spans: tuple[tuple[int, int], ...]) -> tuple[frozenset[str], ...]:
    """The content words of each source sentence's subject (:func:`subject_of`), in order: read
    once per source, not once per bound :func:`bound_case` tries."""
    return tuple(content_words(subject_of(source[a:b]) or "") for a, b in spans)


def _strict_bound(text: str, q: Quantity) -> bool:
    """``q`` is a bound that leaves its own value out ("under 5", "more than 20 kg"): a value
    equal to it lies past it, where "up to 14" takes 14 in and "from two hours" starts at it."""
    before = text[:q.start]
    return bool(_STRICT_LOW.search(before) or _STRICT_HIGH.search(before))


#: minutes in a day: a span of the day that crosses midnight ends past it ("10 p.m. to 7 a.m.")
_DAY = 1440.0
#: every hour of the day: "around the clock", "24 hours a day", "24/7", "at any time", "all day"
_ALL_HOURS = re.compile(r"\b(?:a?round\s+the\s+clock|24\s+hours\s+a\s+day|24/7|day\s+and\s+night|"
                        r"at\s+any\s+(?:time|hour)|all\s+day(?:\s+long)?)\b")
#: a time that ends what holds ("until 11 p.m.", "by 8 p.m.", "closes at 6 p.m.") or starts it
#: ("after 6 p.m.", "opens at 9 a.m.", "Visiting starts at 2 p.m."); "before" and "after" leave
#: the time itself out
_ENDS_AT = re.compile(r"\b(?:until|till|up\s+to|by|no\s+later\s+than|(?P<strict>before)|"
                      r"(?:close|closes|closing|end|ends|finish|finishes)\s+at)\s*$")
_STARTS_AT = re.compile(r"\b(?:(?P<strict>after|later\s+than)|from|not\s+before|"
                        r"(?:open|opens|opening|start|starts|begin|begins)\s+(?:at|from))\s*$")
#: the word that leads a span ("from 8 a.m. to 7 p.m.", "until 11 p.m.", "before noon")
_SPAN_LEAD = re.compile(r"\b(?:from|until|till|by|before|after|between|at)\s*$")
#: a time whose verb is the one before's: "opens at 6:30 a.m. on weekdays and at 8 a.m. at weekends"
_GAPPED_TIME = re.compile(r"\b(?:and|or|but)\s+(?:at\s+)?$")
#: a claim's time that states an end of the hours, not a time within them ("closes at 5:30 p.m.",
#: "starts at 6:30 a.m.", "open from 9 a.m.", "must leave by 8 p.m.", "can be stored until 10 a.m.")
_EDGE_IN_CLAIM = re.compile(r"\b(?:opens|closes|closing|opening|shuts|shutting|starts?|begins?|ends?|finish(?:es)?|stops|"
                            r"from|after|before|by|until|till|no\s+later\s+than|between|later\s+than|earlier\s+than)"
                            r"\s*(?:at\s*)?$")
#: a clause that says what holds on the other side of the hours before it: outside them ("Outside
#: these hours", "At other times", "Otherwise"), past their end ("After that", "Late deliveries",
#: "Later changes cost 3 EUR", "those arriving later") or before their start ("Before that")
_OUTSIDE_HOURS = re.compile(r"\boutside\s+(?:of\s+)?(?:these|those|the|its|our|their|opening|office|business|normal|"
                            r"staffed|working)\s+(?:[a-z]+\s+)?(?:hours|times)\b|\bat\s+(?:all\s+)?other\s+times\b|"
                            r"^\s*otherwise\b")
_PAST_HOURS = re.compile(r"^\s*(?:[a-z]+\s+){0,3}?(?:later?|after\s+(?:that|this|then))\b")
_BEFORE_HOURS = re.compile(r"^\s*(?:[a-z]+\s+){0,3}?(?:earlier|before\s+(?:that|this|then))\b")
#: hours led by "outside" or "except": a clause that says what holds outside the spans it gives
#: ("outside rush hours (6-9 a.m. and 4-6 p.m.)", "except between 1 and 2 p.m.")
_OUTSIDE_SPAN = re.compile(r"\b(?:outside|except)\s+(?:of\s+)?(?:[a-z-]+\s+){0,3}?[(:]?\s*(?:from\s+|between\s+|during\s+)?$")
#: a sentence whose subject is the one before's: "It is closed on Sundays"
_SAME_SUBJECT = re.compile(r"^\s*(?:it|they|we|the\s+[a-z]+)\b")
#: a slot of the week: ``(days, start, end, part)``, in minutes after midnight (an end past 1440
#: crosses midnight), ``part`` the index of the part of its sentence that gives it
_Slot = tuple[frozenset[int], float, float, int]


@dataclass(frozen=True)
class _Hours:
    """The spans of the week a clause says something holds in (:data:`_Slot`); ``turned`` when
    they are a condition it denies ("Runners who have not reached the mark by 12:30 p.m. must
    leave": what it says holds outside them)."""

    slots: tuple[_Slot, ...]
    parts: tuple[str, ...]
    edges: frozenset[float]
    turned: bool = False
    spans: tuple[str, ...] = ()  # the spans as the clause says them ("from 8 a.m. to 7 p.m.")
    closed: frozenset[int] = frozenset()  # days a sentence of the same thing says it is closed

    def holds_at(self, days: frozenset[int], t: float) -> bool | None:
        """Whether ``t`` (on ``days``, any day when none) lies within the hours; None when that
        depends on the day or ``t`` is an end of them."""
        if any(abs(t - e) < 1 or abs(t + _DAY - e) < 1 for e in self.edges):
            return None
        days = days or frozenset(d for s in self.slots for d in s[0]) | self.closed
        seen = {day not in self.closed and any(day in ds and (a <= t <= b or a <= t + _DAY <= b)
                                               for ds, a, b, _ in self.slots) for day in days}
        return (seen.pop() != self.turned) if len(seen) == 1 else None

    def past(self, days: frozenset[int], t: float, after: bool) -> bool | None:
        """Whether ``t`` lies after the hours end (``after``) or before they start, on the days
        (any, when none) they cover."""
        spans = [(a, b) for ds, a, b, _ in self.slots if not days or days <= ds]
        inside = self.holds_at(days, t)
        if not spans or self.turned or inside is None:
            return None
        if inside:
            return False
        seen = {(t > b if after else t < a) for a, b in spans if b <= _DAY}
        return seen.pop() if len(seen) == 1 else None

    def part_at(self, days: frozenset[int], t: float) -> str | None:
        """The part of the clause whose span holds ``t``, where the clause gives spans in several
        ("every 10 minutes from 5 a.m. to 8 p.m. | and every 20 minutes from 8 p.m. to midnight")."""
        parts = {k for ds, a, b, k in self.slots if (not days or days <= ds) and (a <= t <= b or a <= t + _DAY <= b)}
        return self.parts[parts.pop()] if len(parts) == 1 and len({s[3] for s in self.slots}) > 1 else None

    @property
    def said(self) -> str:
        """The parts of the clause that say what holds in the hours: its first and those that
        give a span ("Visitors can park for up to two hours between 8 a.m. and 6 p.m. | , and
        without limit in the evening" says no "without" of the span)."""
        return " ".join(p for k, p in enumerate(self.parts) if k == 0 or any(s[3] == k for s in self.slots))

    def of(self, mine: set[str]) -> _Hours:
        """The slots of the part that names what the claim is about, where a later part names
        its own ("open to members from 6 a.m. | and to the public from 9 a.m.")."""
        first = _case_words(self.parts[0])
        named = {k for k, part in enumerate(self.parts) if k and (mine & _case_words(part)) - first}
        kept = tuple(s for s in self.slots if s[3] in named)
        return replace(self, slots=kept) if kept else self


def _times_of_day(text: str) -> list[Quantity]:
    """The times of day a folded text names, each once, in order."""
    seen: dict[int, Quantity] = {}
    for q in quantities(text):
        if q.unit == "o'clock" and q.lo == q.hi:
            seen.setdefault(q.start, q)
    return [seen[k] for k in sorted(seen)]


#: days a part of a clause leaves out of the ones it names: "every day | except Sunday"
_DAYS_EXCEPTED = re.compile(r"\b(?:except(?:\s+on)?|apart\s+from|other\s+than|but\s+not(?:\s+on)?|excluding)\b")


def _days_of(part: str) -> frozenset[int]:
    """The days a folded part of a clause names, less those it excepts ("every day except
    Sunday")."""
    cut = _DAYS_EXCEPTED.search(part)
    if cut is None:
        return days_named(part)
    return days_named(part[:cut.start()]) - days_named(part[cut.end():])


def _hours_of(clause: str) -> _Hours | None:
    """The hours a folded clause gives (:class:`_Hours`), or None when it gives none: spans
    said by both ends, by one ("until 11 p.m.", "after 6 p.m."), or whole days ("around the
    clock", "and on Sundays"); each span holds on the days its part of the clause names, or on
    those a part without a time names ("9 a.m. to 5 p.m., Monday to Friday"), or on every day."""
    times = _times_of_day(clause)
    found: list[tuple[int, int, float, float]] = []  # (text start, text end, start, end)
    edges: set[float] = set()
    used: set[int] = set()
    role = ""  # what the last time of one end said: "start", "end", "after", "before"
    for i, q in enumerate(times):
        if i in used:
            continue
        nxt = times[i + 1] if i + 1 < len(times) else None
        if nxt is not None and _SPAN_JOIN.fullmatch(clause[q.end:nxt.start]):
            a, b = q.lo, nxt.lo if nxt.lo > q.lo else nxt.lo + _DAY
            found.append((q.start, nxt.end, a, b))
            edges |= {a, b}
            used |= {i, i + 1}
            continue
        before = clause[max(0, q.start - 24):q.start]
        if (m := _ENDS_AT.search(before)) is not None:
            role = "end" if not m.group("strict") else "before"
        elif (m := _STARTS_AT.search(before)) is not None:
            role = "start" if not m.group("strict") else "after"
        elif role and _GAPPED_TIME.search(before):
            pass  # "opens at 6:30 a.m. on weekdays | and at 8 a.m. at weekends": the role before
        else:
            role = ""
            continue
        if role in ("end", "before"):
            found.append((q.start, q.end, 0.0, q.lo - (role == "before")))
        else:
            found.append((q.start, q.end, q.lo + (role == "after"), _DAY))
        edges.add(q.lo)
    whole = [m.start() for m in _ALL_HOURS.finditer(clause)]
    if not found and not whole:
        return None
    cuts = [m.start() for m in _DAY_PARTS.finditer(clause) if not any(s <= m.start() < e for s, e, _, _ in found)]
    bounds = [0, *cuts, len(clause)]
    parts = [clause[bounds[k]:bounds[k + 1]] for k in range(len(bounds) - 1)]
    part_of = [next(k for k in range(len(parts)) if bounds[k] <= s < bounds[k + 1]) for s, _, _, _ in found]
    joined = [bool(re.match(r"\s*(?:and|or)\b", p)) for p in parts]
    loose = frozenset().union(*[_days_of(p) for k, p in enumerate(parts) if k not in part_of and not joined[k]])
    slots: list[_Slot] = [(_days_of(parts[k]) or loose or frozenset(range(7)), a, b, k)
                          for k, (_, _, a, b) in zip(part_of, found)]
    for s in whole:
        k = next(k for k in range(len(parts)) if bounds[k] <= s < bounds[k + 1])
        slots.append((_days_of(parts[k]) or frozenset(range(7)), 0.0, _DAY, k))
    for k, p in enumerate(parts):
        # "free after 6 p.m. | and on Sundays": whole days of their own
        if k not in part_of and joined[k] and not _ALL_HOURS.search(p) and (days := _days_of(p)):
            slots.append((days, 0.0, _DAY, k))
    # ("Runners who have not reached the 30 km mark by 12:30 p.m. must leave the course")
    # ("Bicycles can be taken on trains outside rush hours (6-9 a.m. and 4-6 p.m.)": what it says holds
    # outside the spans it gives)
    turned = bool(found) and (RELATIVE_DENIAL.search(clause, 0, found[0][0]) is not None
                              or _OUTSIDE_SPAN.search(clause, max(0, found[0][0] - 40), found[0][0]) is not None)
    said = tuple(clause[lead.start() if (lead := _SPAN_LEAD.search(clause, max(0, s - 12), s)) else s:e]
                 for s, e, _, _ in found) + tuple(m.group(0) for m in _ALL_HOURS.finditer(clause))
    hours = _Hours(tuple(slots), tuple(parts), frozenset(edges), turned, said)
    # ("opens at 8:30 a.m. and closes at 5:30 p.m. on weekdays": one span said by its two ends)
    starts = replace(hours, slots=tuple(s for s in slots if s[2] == _DAY and s[1] > 0))
    ends = replace(hours, slots=tuple(s for s in slots if s[1] == 0 and s[2] < _DAY))
    if starts.slots and ends.slots and len(starts.slots) + len(ends.slots) == len(slots):
        return _joined(starts, ends) or hours
    return hours


def _one_end(h: _Hours) -> str | None:
    """Whether every span of the hours is said by its start alone ("start") or its end alone."""
    ends = {"start" if b == _DAY and a > 0 else "end" if a == 0 and b < _DAY else "" for _, a, b, _ in h.slots}
    if len(ends) != 1 or h.turned:
        return None
    return next(iter(ends)) or None


def _joined(h1: _Hours, h2: _Hours) -> _Hours | None:
    """The hours two clauses give together, one saying when they start and the other when they
    end, day by day; None when they do not, or the spans they make are empty."""
    kinds = {_one_end(h1), _one_end(h2)}
    if kinds != {"start", "end"}:
        return None
    slots = [(d1 & d2, max(a1, a2), min(b1, b2), k2) for d1, a1, b1, _ in h1.slots for d2, a2, b2, k2 in h2.slots if d1 & d2]
    if not slots or any(a >= b for _, a, b, _ in slots):
        return None
    return replace(h2, slots=tuple(slots), edges=h1.edges | h2.edges, spans=h1.spans + h2.spans)


def _extended(h1: _Hours, h2: _Hours) -> _Hours | None:
    """The hours of ``h1`` (spans said by both ends) with the end (or start) ``h2`` gives for some
    of their days put in its place: "open Tuesday to Sunday from 10 a.m. to 6 p.m. | On Thursdays
    it stays open until 9 p.m."; None when ``h2`` gives no such one end for named days."""
    kind = _one_end(h2)
    if kind is None or _one_end(h1) is not None or h1.turned:
        return None
    theirs = frozenset().union(*(ds for ds, _, _, _ in h2.slots))
    if not theirs or theirs == frozenset(range(7)):
        return None
    slots: list[_Slot] = []
    for ds, a, b, k in h1.slots:
        if ds - theirs:
            slots.append((ds - theirs, a, b, k))
        for d2, a2, b2, _ in h2.slots:
            if ds & d2:
                slots.append((ds & d2, a, b2, k) if kind == "end" else (ds & d2, a2, b, k))
    if not slots or any(a >= b for _, a, b, _ in slots):
        return None
    return replace(h1, slots=tuple(slots), edges=h1.edges | h2.edges, spans=h1.spans + h2.spans)


def _claim_time(claim: str) -> tuple[Quantity, frozenset[int], set[str]] | None:
    """The one time of day a folded claim names as a time within hours ("at 6 p.m. on a
    Thursday"), not as an end of them ("closes at 5:30 p.m.", "until 10 a.m."); the days it
    names; its other content words, days left out."""
    times = _times_of_day(claim)
    if len(times) != 1 or _EDGE_IN_CLAIM.search(claim[:times[0].start]) or _ALL_HOURS.search(claim):
        return None
    c = times[0]
    rest = _DAY_WORD.sub(" ", _DAY_SPAN.sub(" ", claim[:c.start] + " " + claim[c.end:]))
    return c, days_named(claim), _case_words(rest) - _CASE_NEUTRAL


#: a condition after the main clause ("Music is allowed at other times | if it does not disturb
#: neighbours"), whose denials say nothing of what holds
_CONDITION_AFTER = re.compile(r"\s+(?:if|unless|as\s+long\s+as|so\s+long\s+as|provided(?:\s+that)?)\b.*$")


def _unconditioned(text: str) -> str:
    return _CONDITION_AFTER.sub("", text)


def _other_values(claim: str, part: str) -> bool:
    """The claim gives an amount (not a time of day) that the part of a clause gives otherwise."""
    mine = [q for q in quantities(claim) if q.unit != "o'clock"]
    theirs = [q for q in quantities(part) if q.unit != "o'clock"]
    return any(any(_comparable(c, s) for s in theirs) and not any(_agree(c, s) for s in theirs) for c in mine)


def _beyond_hours(clause: str) -> re.Match[str] | None:
    """What makes a clause say what holds beyond the hours before it (:data:`_OUTSIDE_HOURS`)."""
    return _OUTSIDE_HOURS.search(clause) or _PAST_HOURS.match(clause) or _BEFORE_HOURS.match(clause)


def all_hours_against(claim: str, source: str) -> str | None:
    """What is wrong when the claim says its thing holds around the clock ("Standard members can
    use the gym 24 hours a day") where the source clause about it gives hours ("Standard
    members can use it from 6 a.m. to 10 p.m."), and another clause gives the whole day to
    something else ("open 24 hours a day for members with a premium card"): the clause holding
    most of the claim's subject's words, then of its other words."""
    claim = fold(claim)
    said_all = _ALL_HOURS.search(claim)
    if said_all is None or _denies(claim) or _times_of_day(claim):
        return None
    mine = _case_words(claim[:said_all.start()] + " " + claim[said_all.end():]) - _CASE_NEUTRAL
    subject = _case_words(subject_of(claim) or "") & mine
    texts = [fold(part) for a, b in sentences(source) for part in source[a:b].split(";")]
    hours = [_hours_of(t) for t in texts]
    timed = [k for k, h in enumerate(hours) if h is not None]
    at = _most_about([texts[k] for k in timed], mine, subject, _case_words)
    if at is None:
        return None
    best, h = timed[at], hours[timed[at]]
    assert h is not None
    if h.turned or _ALL_HOURS.search(texts[best]) or not h.spans:
        return None
    return f"'{said_all.group(0)}' in the claim, but the source gives '{'; '.join(h.spans[:2])}' for it"


@lru_cache(maxsize=1024)
def hours_reading(claim: str, source: str) -> tuple[str | None, BoundCase | None]:
    """A time of day the claim names ("You can pick up a prescription at 6 p.m. on a Thursday")
    read against the hours the source gives ("open Monday to Friday from 8 a.m. to 7 p.m.", "Quiet
    hours run from 10 p.m. to 7 a.m.", "around the clock"), or against what a clause says of
    the other side of them ("Outside these hours, you can leave a message", "Late deliveries are
    turned away"). The clause read is the one holding most of the claim's other words (its
    subject's count three times; the hours, when only one clause gives any and none holds more).
    Within the hours the claim holds when it says what the clause says; outside them when it
    denies it (hours are all the time a thing is open, served or allowed).
    On the hours' side of a clause about the other side, what that clause says does not hold
    ("after that, quiet conversation is allowed": not before).
    ``(the claim's time, the case)``; the case is None where no clause reads the time, or two
    read it two ways; ``(None, None)`` where the claim
    names no time within hours, the source gives none, or a clause without hours holds more of
    the claim's words ("Last entry is at 4 p.m.")."""
    claim = fold(claim)
    named = _claim_time(claim)
    if named is None:
        return None, None
    c, days, mine = named
    # (a folded text hides its sentences; a semicolon ends a clause of its own)
    texts = [fold(part) for a, b in sentences(source) for part in source[a:b].split(";")]
    hours = [_hours_of(t) for t in texts]
    if not any(hours):
        return None, None
    subject = _case_words(subject_of(claim) or "") & mine

    def said(t: str) -> int:
        found = mine & _case_words(t)
        return len(found) + 2 * len(found & subject)

    # (a clause with hours of its own reads as hours: "Late check-out until 2 p.m. costs 30 EUR")
    other_side = [_beyond_hours(t) if h is None else None for t, h in zip(texts, hours)]
    own = [h.of(mine) if h is not None else None for h in hours]
    if max((said(t) for k, t in enumerate(texts) if not (own[k] or other_side[k])), default=-1) \
            > max((said(t) for k, t in enumerate(texts) if own[k] or other_side[k]), default=-1):
        # "Last entry is at 4 p.m.": a time the source states of the claim's thing; "Members with a
        # 24-hour pass can use it at night": a clause without hours about it
        return None, None
    for i in range(1, len(own)):
        # ("Visitors must leave by 8 p.m. Visiting starts at 2 p.m.", "opens at 6:30 a.m. on weekdays
        # and at 8 a.m. at weekends. It closes at 10 p.m. every day.": one span said in two)
        h1, h2 = own[i - 1], own[i]
        if h1 is not None and h2 is not None and (joined := _joined(h1, h2) or _extended(h1, h2)) is not None:
            own[i - 1] = own[i] = joined
    # days the sentence after closes the thing of the hours ("The library is open from 9 a.m. to 8 p.m.
    # on weekdays. It is closed on Sundays."), not that of other hours ("The book drop can be used at
    # any time")
    closes = [days_named(t) if h is None and _denies(t) and _SAME_SUBJECT.match(t) else frozenset()
              for t, h in zip(texts, hours)]
    read: list[tuple[int, bool, BoundCase]] = []  # (words said, of the hours themselves, case)
    for i, (t, h, other) in enumerate(zip(texts, own, other_side)):
        closed = closes[i + 1] if i + 1 < len(closes) else frozenset()
        if h is not None:
            inside = replace(h, closed=closed).holds_at(days, c.lo)
            if inside is None:
                continue
            holds = inside == (_denies(_unconditioned(claim)) == _denies(_unconditioned(h.said)))
            part = h.part_at(days, c.lo) if inside else None
            if part is not None and _other_values(claim, part):
                holds = False  # "At 9 p.m. the trams come every 10 minutes" where that part says every 20
            read.append((said(t), True, BoundCase(c.text, ("outside " if h.turned else "") + "; ".join(h.spans[:3]) or t.strip()[:60], inside, t.strip(),
                                                  holds, c.start)))
        elif other is not None and i > 0 and (theirs := own[i - 1]) is not None:
            # the other side of the hours before: within it the clause says what holds
            theirs = replace(theirs, closed=closes[i])
            if _OUTSIDE_HOURS.search(t):
                within = theirs.holds_at(days, c.lo)
                within = None if within is None else not within
            else:
                within = theirs.past(days, c.lo, after=_PAST_HOURS.match(t) is not None)
            if within is None:
                continue
            lead = other.group(0)
            holds = (_denies(_unconditioned(claim)) == _denies(_unconditioned(t.replace(lead, " ", 1)))) == within
            read.append((said(t), False, BoundCase(c.text, lead.strip(), not within, t.strip(), holds, c.start)))
    if not read:
        return c.text, None
    best = max(n for n, _, _ in read)
    if best == 0 and sum(h is not None for h in own) > 1:
        return c.text, None  # several clauses give hours and the claim names the thing of none
    # (a reading of the hours themselves comes first: "shipped the same day" is what the clause of
    # the hours says, not "Orders placed later ... are shipped the next working day")
    cases = [case for n, of_hours, case in read if n == best and of_hours] \
        or [case for n, _, case in read if n == best]
    if len({case.holds for case in cases}) != 1:
        return c.text, None
    return c.text, cases[0]


#: an ordinal period a case lies in: "in the third year", "during their first month"
_PERIOD_IN = re.compile(r"\b(?:in|during|within)\s+(?:(?:the|their|its|his|her|your|our)\s*)?$")


def _period_in(claim: str, c: Quantity) -> bool:
    """``c`` is an ordinal period of time the claim's case lies in ("cracks in the third year")."""
    return c.dimension == "time" and c.unit != "o'clock" and _PERIOD_IN.search(claim, 0, c.start) is not None


def _sentences_as_written(written: str, text: str, folded: Callable[[str], str]) -> tuple[tuple[int, int], ...]:
    """The sentences of ``text``, the ``folded`` form of ``written``, where the written text
    shows them (a folded text has no capitals to find them by: "... the team lead. for longer
    trips, ...")."""
    out: list[tuple[int, int]] = []
    pos = 0
    for a, b in sentences(written):
        part = folded(written[a:b]).strip()
        k = text.find(part, pos) if part else -1
        if k < 0:
            return sentences(text)
        out.append((k, k + len(part)))
        pos = k + len(part)
    return tuple(out)


#: the day a rule starts from, counted: "from the fourth day of illness", "from the 3rd week"
_FROM_NTH = re.compile(r"\bfrom\s+the\s+(" + "|".join(sorted(_ORDINALS)) + r"|[1-9]\d?(?:st|nd|rd|th))\s+"
                       r"(day|week|month|year)\b")
#: the number each ordinal word says: the amounts' (:data:`_SMALL`) and those of birthdays
_NTH = {w: int(_SMALL[w]) for w in _ORDINALS} | {
    w: n for n, w in enumerate("eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth "
                               "nineteenth twentieth".split(), 11)} | {"twenty-first": 21, "twenty-fifth": 25}


def _nth(word: str) -> int:
    """The number an ordinal says ("fourth", "4th")."""
    return _NTH[word] if word in _NTH else int(word[:-2])


#: what a claim says something is done without: "without a token"
_WITHOUT_THING = re.compile(r"\bwithout\s+([^,.;:]{3,60})")
#: a condition that opens a clause, up to its comma: "if it fails within the first 14 days, "
_OPENING_CONDITION = re.compile(r"^\s*(?:if|when|once|where|should)\b[^,;]{3,80},\s*")


def _other_side_parts(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """The sentence ``text[a:b]`` cut where a clause after a semicolon opens the other side of a
    bound (:data:`_PAST_THAT`, :data:`_CLASS_OPENS`)."""
    cuts = [a + m.end() for m in re.finditer(r";\s+", text[a:b])
            if _PAST_THAT.match(text, a + m.end()) or _CLASS_OPENS.match(text, a + m.end())]
    bounds = [a, *cuts, b]
    return [(bounds[k], bounds[k + 1]) for k in range(len(bounds) - 1)]


@lru_cache(maxsize=4096)
def bound_case(claim: str, source: str) -> BoundCase | None:
    """The case the claim names by a plain value ("A 150 ml bottle", "A 15-year-old", "A shift
    starting at 11 p.m.", :func:`_names_a_case`) against the one-sided bound or the range of a
    source clause of the same kind ("containers of no more than 100 ml", "at least 16 years
    old", "shifts that start after 10 p.m.", "takes children from six months to five years
    old") whose sentence and neighbours hold most of the claim's other words. The case holds
    when the claim says of a value inside the bound what the clause says ("A 50 ml bottle is
    allowed"), or denies it of one outside ("A 150 ml bottle is not allowed"). A value stated
    in the source makes no case; nor does a value outside a range whose clause prices it
    ("Lessons for children aged 5 to 12 cost 10 EUR" says nothing of a 14-year-old). A time of
    day is read against the hours the source gives, where it gives any (:func:`hours_reading`)."""
    timed, hours = hours_reading(claim, source)
    if timed is not None:
        return hours
    written = source

    def folded(text: str) -> str:
        # ("four nights in one month" is four a month; "until they turn 18" an age under 18)
        text = _IN_ONE_PERIOD.sub(r"a \1", fold(text))
        if counted:  # ("from the fourth day of illness" holds for an absence of four days or more)
            text = _FROM_NTH.sub(lambda m: f"for at least {_nth(m.group(1))} {m.group(2)}s", text)
        return _UNTIL_AGE.sub(r"while under \g<age> years old", text) if ages else text

    ages = _AGE_NAMED.search(fold(claim)) is not None
    # (a claim that counts days, "sick for two days", against the day a rule starts from)
    counted = not any(q.kind == "ordinal" for q in quantities(claim))
    claim, source = folded(claim), folded(source)
    # (a value the claim bounds itself, "by 10 a.m.", "from six months old", is a bound of its own)
    claim_values = quantities(claim)
    # (an ordinal period the case lies in is one: "a frame that cracks in the third year")
    plain = [c for c in claim_values if c.lo == c.hi and (c.kind != "ordinal" or _period_in(claim, c))
             and not _BOUND_IN_CLAIM.search(claim, 0, c.start) and not any(_bounds_around(claim, c, cover=True))
             and not _DEADLINE.search(claim, max(0, c.start - 8), c.start) and _names_a_case(claim, c)]
    # (a price beside a span is what the claim says of the case: "Freezing a membership for a month
    # costs 5 EUR" names the case "a month")
    if len(plain) == 2 and sum(q.dimension in _MONEY_DIMENSIONS for q in plain) == 1:
        plain = [q for q in plain if q.dimension not in _MONEY_DIMENSIONS]
    prices = [q for q in claim_values if q.dimension in _MONEY_DIMENSIONS and q not in plain]
    if len(plain) != 1:
        return None
    c = plain[0]
    sq = quantities(source, ranges=True)
    # (a value stated as a strict bound, "under 5", is no value stated: "a 5-year-old" is outside it)
    if any(_agree(c, s) and not _strict_bound(source, s) for s in sq) and not _ONE_MORE.search(claim, c.end):
        return None  # a value stated: the sentence that states it speaks of it (not one more than it)
    if _rule_past(c, claim, sq, source) is not None or _called_late(c, claim, sq, source) \
            or _reserved_span(c, claim, sq, source) is not None:
        return None  # the source says what happens past the bound or at other times, or the claim calls it late
    mine = _case_words(_without_clock(claim[:c.start] + " " + claim[c.end:])) \
        - _case_words(c.text) - {"old", "year"} - _CASE_NEUTRAL
    if not mine:
        return None
    spans = sentences(source)
    told = _sentences_as_written(written, source, folded)  # (the sentence after a bound's, below)
    # (a clause after a semicolon that opens the other side is read as the sentence after: "If it
    # breaks within the first 30 days, it is replaced; after that, it is repaired")
    told = tuple(piece for a2, b2 in told for piece in _other_side_parts(source, a2, b2))
    covers: set[int] = set()  # where the bounds that are a cover's length start
    # (what the claim says of the case, the relative clause that names it left out: "A laptop that
    # fails after 18 months | is still under guarantee" denies nothing)
    rel = [r for r in _RELATIVE.finditer(claim, 0, c.start) if not _FINITE.search(claim, r.end(), c.start)]
    verb = _FINITE.search(claim, c.end) if rel else None
    stated = claim[:rel[-1].start()] + claim[verb.start():] if rel and verb else claim
    denied = _denies(stated)
    # (what the claim says it is done "without" is a denial only of a clause that speaks of that thing:
    # "can leave two crates without a token" against "may leave up to three crates a month")
    lacking = _WITHOUT_THING.search(stated)
    denied_bare = _denies(stated[:lacking.start()] + stated[lacking.end():]) if lacking else denied
    found: list[tuple[float, float, int, BoundCase]] = []
    (v, _) = c.base()
    for s in sq:
        expiring: re.Match[str] | None = None
        # (a single span against a cap per period, "a one-month freeze" against "up to two months a
        # year", is read against the cap)
        capped = c.per is None and s.per in PERIOD_SECONDS and c.dimension == "time" and c.unit != "o'clock"
        if not _comparable(c, s) or ((c.per or None) != (s.per or None) and not capped) \
                or (s.lo == s.hi and any(r.lo < r.hi and r.start <= s.start and s.end <= r.end for r in sq)):
            continue
        i = next((k for k, (a, b) in enumerate(spans) if a <= s.start < b), None)
        if i is None:
            continue
        a, b = spans[i]
        if _about_another(claim, source, i, spans):
            continue  # "email support at 3 a.m." is no case of "Phone support runs from 8 a.m. to 8 p.m."
        cut = max((m.end() for m in _CASE_CLAUSE.finditer(source, a, s.start)), default=a)
        stop = _CASE_CLAUSE.search(source, s.end, b)
        clause = source[cut: stop.start() if stop else b].strip()
        # a bound said for other days than the claim's ("closed to cyclists between 7 and 10 a.m. on
        # weekdays" says nothing of a Saturday)
        if days_named(claim) and days_named(clause) and not days_named(claim) <= days_named(clause):
            continue
        # an age against a bare number: years ("a 15-year-old", "under 16"), not a count of
        # things ("more than four tablets")
        if c.kind == "age" and s.unit is None and _count_noun(source, s.end) not in ("", "year", "old"):
            continue
        vv, (t, u) = (c.lo if c.kind == "age" and s.unit is None else v), s.base()
        # (the third year runs from two years to three: inside a bound only when all of it is)
        first = vv - c.scale if c.kind == "ordinal" else vv
        if s.lo < s.hi:  # a range: "from six months to five years old", "from 9 a.m. to 6 p.m."
            inside = t <= first and vv <= u
            if c.kind == "ordinal" and not inside and first < u and vv > t:
                continue  # (a period that straddles an end)
            if not inside and (any(q.dimension in _MONEY_DIMENSIONS for q in quantities(clause))
                               or _OUTSIDE.search(source, s.end, s.end + 120)):
                continue  # (or the source says what happens outside it: "values outside this range are rejected")
        else:
            if _TIMES_COUNT.fullmatch(c.text.lower()) and not _TIMES_COUNT.fullmatch(s.text.lower()):
                continue  # "renewed twice" counts times, not the "five e-books" a bound counts
            low, high = _bounds_around(source, s, cover=True)
            if high is not None and high.re in (_COVER_FOR, _COVER_AFTER):
                covers.add(s.start)
            said = low or high
            if said is not None and any(m.end() == said.end() and m.start() < said.start()
                                        for m in NEGATED_BOUND.finditer(source, max(0, said.start() - 30), said.end())):
                low, high = high, low  # "must not weigh more than 8 kg": at most 8 kg
            if not high and _DEADLINE.search(source, max(0, s.start - 8), s.start):
                high = _DEADLINE.search(source, max(0, s.start - 8), s.start)
            if not (low or high):  # "Stamps expire six months after they are issued": older ones have expired
                low = expiring = _EXPIRES_AFTER.search(source, max(0, s.start - 20), s.start)
            if not (low or high) and c.dimension == "time" and c.unit != "o'clock" \
                    and _AFTER_SPAN.search(claim, max(0, c.start - 8), c.start):
                # "after six and a half hours" against "Runners still on the course after six
                # hours must board the sweeper bus": both thresholds
                low = _AFTER_SPAN.search(source, max(0, s.start - 8), s.start)
            named = _NAMED_DEADLINE.search(source, max(0, s.start - 40), s.start) if not (low or high) else None
            if named is not None:  # "received after the deadline of 31 March": past it
                low, high = (named, None) if named.group(1) == "after" else (None, named)
            if bool(low) == bool(high) or s.vague:
                continue
            if _LEAD_TIME.match(claim, c.end) and not re.match(r"\s*(?:before|ahead|in\s+advance|prior|of|after|from)\b",
                                                                 source[s.end:]):
                continue  # "a week before the last day" is no span "within five days" counts from nothing
            # "up to 48 hours before the event": at least 48 hours ahead ("book up to seven days
            # ahead" opens a window: at most seven days ahead)
            if high and _UNTIL.fullmatch(high.group(0).strip()) and _LEAD_TIME.match(source, s.end) \
                    and not _BOOKED_AHEAD.search(source, a, s.start) and _LEAD_TIME.match(claim, c.end) is not None:
                low, high = high, None
            # (at the upper bound, one more passes it: "with five e-books on loan cannot borrow another")
            strict = bool(_STRICT_LOW.search(source, 0, s.start) if low else _STRICT_HIGH.search(source, 0, s.start)) \
                or (high is not None and _ONE_MORE.search(claim, c.end) is not None)
            inside = (vv > t or (vv == t and not strict)) if low else (vv < t or (vv == t and not strict))
            if c.kind == "ordinal":
                inside = first >= t if low else (vv < t or (vv == t and not strict))
                if inside != ((first >= t) if low else not first >= t) or (not low and not inside and first < t):
                    continue  # (a period that straddles the bound)
        near = source[spans[max(0, i - 1)][0]: spans[min(len(spans) - 1, i + 1)][1]]
        share = len(mine & _case_words(_without_clock(near))) / len(mine)
        own = len(mine & _case_words(_without_clock(clause))) / len(mine)
        # (the claim's words in the bound's sentence, or in the next one when it opens the other side:
        # "Sick leave of up to three days can be self-certified. For longer absences, a doctor's note
        # is required." for "A two-day illness does not need a doctor's note")
        j = next((k for k, (a2, b2) in enumerate(told) if a2 <= s.start < b2), None)
        nxt = told[j + 1] if j is not None and j + 1 < len(told) else None
        after = source[nxt[0]:nxt[1]] if nxt is not None else ""
        opened = nxt is not None and bool(_CLASS_OPENS.match(source, nxt[0]) or _PAST_THAT.match(source, nxt[0]))
        if share < MIN_CASE_OVERLAP or not (mine & _case_words(source[a:b]) or (opened and mine & _case_words(after))):
            continue
        if inside and denied and not _denies(clause) and re.search(r"\bonly\b", clause):
            continue  # "under 16 may use the gym only on Saturday mornings": a grant that refuses too
        # "charges 25 EUR unless it is cancelled at least 24 hours in advance": what the clause
        # says is of the values outside its bound
        unless = _UNLESS_BOUND.search(clause[: max(0, s.start - cut)]) is not None
        # ("still valid" denies that it has expired)
        still = expiring is not None and _STILL_VALID.search(claim) is not None
        # (a condition that opens the clause names the case: "if it fails within the first 14 days,
        # it is exchanged" denies nothing)
        mine_denied = denied_bare if lacking and not {stem(w) for w in content_words(lacking.group(1))} \
            & {stem(w) for w in content_words(clause)} else denied
        holds = (inside != unless) == ((mine_denied != still) == _denies(_OPENING_CONDITION.sub("", clause)))
        # "only restarts the router": what the clause says is all that holds there, and a claim
        # with another act for the case says something else of it
        only = _ONLY_ACT.search(clause)
        if holds and only is not None and stem(only.group(1)) not in {stem(w) for w in words(claim)}:
            holds = False
        # the sentence after says what holds on the other side ("more than eight must book by
        # phone. Smaller groups can book online."): a claim in its words says that side's rule
        if s.lo == s.hi and nxt is not None:
            opens = _CLASS_OPENS.match(source, nxt[0]) or _PAST_THAT.match(source, nxt[0]) or _SIDE_NAMED.match(source, nxt[0])
            other = after
            # ("After that, a fee of 50 EUR applies" after "within 14 days": the later side)
            # (the claim's words, or the price it says, "50 EUR", are the next sentence's)
            priced = any(_agree(p, q) for p in prices for q in quantities(other)) \
                and not any(_agree(p, q) for p in prices for q in quantities(clause))
            # (or its predicate is: "does not need to be declared" of "Gifts above that value must be
            # declared", beside "may accept gifts worth up to 50 EUR")
            predicate = mine - _case_words(subject_of(claim) or "")
            side = opens.groupdict().get("cmp") or ("earlier" if opens.groupdict().get("below") else "later") \
                if opens is not None else ""
            if opens is not None and bool(low) == (side in _SHORT_CLASSES) \
                    and (len(mine & _case_words(other)) > len(mine & _case_words(clause)) or priced
                         or len(predicate & _case_words(other)) > len(predicate & _case_words(clause))):
                holds = not inside if denied == _denies(other) else inside
        # (and the clause that says least the claim does not: "must be at least 16" over "under 18
        # need a signed consent form" for "A 15-year-old cannot volunteer")
        extra = -len(_case_words(_without_clock(clause)) - mine)
        found.append((own, share, extra, BoundCase(c.text, s.text, inside, clause, holds, c.start, s.start)))
    if not found:
        return None
    # the bound whose own clause holds most of the claim's words, then whose neighbourhood does
    found.sort(key=lambda x: (-x[0], -x[1], -x[2]))
    if len(found) > 1 and found[1][:3] == found[0][:3] and found[1][3].holds != found[0][3].holds:
        return None  # two bounds alike near the claim that read it two ways
    best = found[0][3]
    if best.at in covers and any(
            _comparable(c, s) and s.start != best.at
            and len(mine & _case_words(source[a:b])) / len(mine) > found[0][0]
            for s in sq for a, b in told if a <= s.start < b):
        # a cover's length is the claim's bound only where no other time of the source is said
        # nearer the claim ("replaced within the first 30 days" beside "a one-year guarantee")
        return None
    if counted:  # the day a rule starts from, as the source says it
        for m in _FROM_NTH.finditer(fold(written)):
            read = f"{_nth(m.group(1))} {m.group(2)}s"
            if read in best.clause:
                best = replace(best, bound=m.group(0) if best.bound == read else best.bound,
                               clause=best.clause.replace(f"for at least {read}", m.group(0)))
    return best


_DAY_SPAN = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*(?:to|-|–|through|until|till)\s*"
                       r"(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b")
_DAY_WORD = re.compile(r"\b(?:(mon|tues|wednes|thurs|fri|satur|sun)days?|(weekdays?|working\s+days?)|(weekends?))\b")
#: the parts of a sentence that may each speak of other days: "from 6:30 a.m. to 9 p.m. on
#: weekdays | and from 8 a.m. to 6 p.m. at weekends"
_DAY_PARTS = re.compile(r";|,|\.\s+(?=(?:it|its|they|these|this|there|the|we|our|closed)\b)|\band\b(?!\s+(?:sun|sat|mon|tue|wed|thu|fri)[a-z]*day)|\bbut\b|\bwhile\b")
#: words for every day of the week
_EVERY_DAY = re.compile(r"\b(?:every\s+day|each\s+day|daily|seven\s+days\s+a\s+week|all\s+week)\b")


def days_named(text: str) -> frozenset[int]:
    """The days of the week (0 for Monday) a folded text names: "Tuesday", "Monday to
    Friday", "weekdays", "at weekends"."""
    if _EVERY_DAY.search(text):
        return frozenset(range(7))
    days: set[int] = set()
    for m in _DAY_SPAN.finditer(text):
        a = next(i for i, d in enumerate(WEEKDAYS) if d.startswith(m.group(1)))
        b = next(i for i, d in enumerate(WEEKDAYS) if d.startswith(m.group(2)))
        days |= set(range(a, b + 1)) if a <= b else set(range(a, 7)) | set(range(0, b + 1))
    rest = _DAY_SPAN.sub(" ", text)
    for m in _DAY_WORD.finditer(rest):
        if m.group(1):
            days.add(next(i for i, d in enumerate(WEEKDAYS) if d.startswith(m.group(1))))
        else:
            days |= set(range(5)) if m.group(2) else {5, 6}
    return frozenset(days)


#: sentence spans of a text as written, or None
Spans = tuple[tuple[int, int], ...] | None
#: the word that opens a value's place in a span: "from" or "to"
_RANGE_LEAD = re.compile(r"\b(?:from|to|until|till)\s*$")


def _part_days(source: str, q: Quantity, spans: Spans = None) -> frozenset[int]:
    """The days the part of its sentence that holds ``q`` names (:data:`_DAY_PARTS`); ``spans``
    are the sentences of the source as written, where a folded text hides them ("6 p.m. On
    Saturdays")."""
    a, b = next(((a, b) for a, b in spans if a <= q.start < b), (0, len(source))) if spans else _sentence_at(source, q.start)
    cut = max((m.end() for m in _DAY_PARTS.finditer(source, a, q.start)), default=a)
    stop = _DAY_PARTS.search(source, q.end - 1, b)  # (the stop of "6 p.m." may end its sentence)
    end = stop.start() if stop else b
    # (days, their times, then other days and theirs, with no stop between: "monday to saturday 9 a.m.
    # to 8 p.m. | sundays 11 a.m. to 5 p.m.")
    named = [m.start() for m in _DAY_WORD.finditer(source, cut, end)]
    times = [cut + t.start for t in _times_of_day(source[cut:end])]
    if named and times and named[0] < times[0]:
        blocks = [d for prev, d in zip(named, named[1:]) if any(prev < t < d for t in times)]
        cut = max([cut, *(k for k in blocks if k <= q.start)])
        end = min([end, *(k for k in blocks if k > q.start)])
    return days_named(source[cut:end])


def _day_home(c: Quantity, claim: str, sq: list[Quantity], source: str, spans: Spans = None) -> bool:
    """The claim names days, and the source gives its value in a part that names them too:
    "On Saturdays the pool opens at 8 a.m." for "... and from 8 a.m. to 6 p.m. at weekends"."""
    mine = days_named(claim)
    return bool(mine) and any(_agree(c, s) and mine <= _part_days(source, s, spans) for s in sq)


def _day_swapped(c: Quantity, claim: str, sq: list[Quantity], source: str,
                 spans: Spans = None) -> tuple[str, str, str] | None:
    """``(the days the source gives the value for, the claim's days, the value it gives for
    them)`` when the claim gives a value the source states for other days than the claim names,
    and the source states another value of its kind for the claim's days: "On Saturdays the pool
    opens at 6:30 a.m." where "open from 6:30 a.m. to 9 p.m. on weekdays and from 8 a.m. to 6
    p.m. at weekends" (folded texts)."""
    mine = days_named(claim)
    if not mine:
        return None
    homes = [s for s in sq if _agree(c, s)]
    if not homes or any(not _part_days(source, s, spans) or _part_days(source, s, spans) & mine for s in homes):
        return None

    def lead(q: Quantity) -> str:
        m = _RANGE_LEAD.search(source, max(0, q.start - 8), q.start)
        return "" if m is None else "from" if m.group(0).startswith("from") else "to"  # ("until" ends one as "to")

    # (the value at the same end of its span: a closing time for a closing time)
    others = sorted((t for t in sq if t.lo == t.hi and _comparable(c, t) and not _agree(c, t)
                     and mine <= _part_days(source, t, spans)), key=lambda t: lead(t) != lead(homes[0]))
    if not others:
        return None
    theirs = _part_days(source, homes[0], spans)
    said = "weekdays" if theirs == frozenset(range(5)) else "weekends" if theirs == frozenset({5, 6}) \
        else ", ".join(WEEKDAYS[d].capitalize() for d in sorted(theirs))
    return f"for {said}", ", ".join(WEEKDAYS[d].capitalize() for d in sorted(mine)), others[0].text


#: a phase of something the claim names: "after probation", "during the trial", "once the
#: warranty ends", "before the course"
_PHASE = re.compile(r"\b(?P<w>after|during|throughout|before|once|following|until)\s+(?:the\s+|your\s+|their\s+|its\s+|"
                    r"his\s+|her\s+)?(?:first\s+)?(?P<x>[a-z]{4,})\b")
_PHASE_OF = {"after": "after", "once": "after", "following": "after", "during": "during", "throughout": "during",
             "before": "before", "until": "before"}
#: a phase said of what the sentence named before: "...; afterwards the notice period is one month"
PHASE_BACK = re.compile(r"\b(?:(?P<after>afterwards|thereafter|after\s+(?:that|this)|from\s+then\s+on)|"
                         r"(?P<before>beforehand|before\s+(?:that|this)|until\s+then))\b")
#: the parts of a sentence that may each speak of another phase
_PHASE_PARTS = re.compile(r";|,\s+(?:and|but|while|whereas)\s+|\.\s+")


#: the words after a value that say which case it is for: "10 cents per page | in black and white"
_CASE_QUALIFIER = re.compile(r"\s+(?P<q>(?P<prep>in|for|on|during)\s+[a-z][a-z' -]{0,50}?)(?=\s*(?:[,;.]|\band\s+(?:[$€£]|\d)|$))")


def _qualifier_swapped(c: Quantity, claim: str, sq: list[Quantity], source: str) -> tuple[str, str, str] | None:
    """``(the qualifier of the claim's value, the claim's case, the value the source gives
    that case)`` when two values of a kind in one sentence each say what case they are for
    after them ("10 cents per page in black and white and 50 cents per page in colour"), and
    the claim gives one's value to the other's case ("Colour printing costs 10 cents per
    page") (folded texts)."""
    mine = {stem(w) for w in content_words(claim[:c.start] + " " + claim[c.end:])}
    for s in sq:
        own = _CASE_QUALIFIER.match(source, s.end)
        if not _agree(c, s) or own is None:
            continue
        own_words = {stem(w) for w in content_words(own.group("q"))}
        # the other value joined to this one's case ("... in black and white and 50 cents per
        # page in colour"), or the one this one's is joined to
        for t in sq:
            if t is s or not _comparable(c, t) or _agree(c, t) or t.lo != t.hi:
                continue
            theirs = _CASE_QUALIFIER.match(source, t.end)
            first, second = (own, theirs) if s.start < t.start else (theirs, own)
            if theirs is None or theirs.group("prep") != own.group("prep") or first is None \
                    or not re.fullmatch(r"\s*(?:,\s*)?(?:and|;|,)\s*", source[first.end(): max(s.start, t.start)]):
                continue
            # the claim names the other case and not this one: by the words that tell them apart
            # ("for a check-up" and "for a check-up with a scale and polish": "scale", "polish")
            theirs_words = {stem(w) for w in content_words(theirs.group("q"))}
            if (theirs_words - own_words) & mine and not (own_words - theirs_words) & mine:
                return own.group("q").strip(), theirs.group("q").strip(), t.text
            # ... or names the plain case of which this value's is the narrower ("A check-up costs
            # 90 EUR" where 90 EUR is "for a check-up with a scale and polish")
            if theirs_words < own_words and theirs_words & mine and not (own_words - theirs_words) & mine:
                return own.group("q").strip(), theirs.group("q").strip(), t.text
    return None


def _given_another_time(c: Quantity, claim: str, sq: list[Quantity], source: str, spans: Spans = None) -> str | None:
    """What is wrong when the claim gives its value to other days (:func:`_day_swapped`) or
    another phase (:func:`_phase_swapped`) than the source gives it to (folded texts)."""
    day = _day_swapped(c, claim, sq, source, spans)
    if day is not None:
        return f"'{c.text}' is what the source gives {day[0]}, but for the claim's {day[1]} it gives '{day[2]}'"
    phase = _phase_swapped(c, claim, sq, source)
    if phase is not None:
        return (f"'{c.text}' is what the source gives {phase[0]} what the claim names, but {phase[1]} it the "
                f"source gives '{phase[2]}'")
    return None


def _phase_of(part: str, thing: str) -> str | None:
    """The phase of ``thing`` a part of a sentence speaks of ("during probation": "during";
    "afterwards": "after"), None when it names none."""
    found = {_PHASE_OF[m.group("w")] for m in _PHASE.finditer(part) if stem(m.group("x")) == thing}
    back = PHASE_BACK.search(part)
    if back is not None:
        found.add("after" if back.group("after") else "before")
    return found.pop() if len(found) == 1 else None


def _phase_swapped(c: Quantity, claim: str, sq: list[Quantity], source: str) -> tuple[str, str, str] | None:
    """``(the source's phase of the value, the claim's phase, the value the source gives for
    the claim's)`` when the claim gives a value the source states for another phase of the
    thing it names: "After probation, the notice period is one week" where "During probation,
    ... one week's notice; afterwards the notice period is one month" (folded texts)."""
    named = [m for m in _PHASE.finditer(claim) if m.group("x") not in MONTHS and m.group("x") not in WEEKDAYS]
    if len(named) != 1:
        return None
    mine, thing = _PHASE_OF[named[0].group("w")], stem(named[0].group("x"))
    homes = [s for s in sq if _agree(c, s)]
    if not homes:
        return None
    phases: list[tuple[Quantity, str | None]] = []
    for s in sq:
        a, b = _sentence_at(source, s.start)
        if not re.search(rf"\b{re.escape(thing)}", source[a:b]):
            phases.append((s, None))
            continue
        cut = max((m.end() for m in _PHASE_PARTS.finditer(source, a, s.start)), default=a)
        stop = _PHASE_PARTS.search(source, s.end, b)
        phases.append((s, _phase_of(source[cut: stop.start() if stop else b], thing)))
    theirs = {p for s, p in phases if s in homes}
    home = theirs.pop() if len(theirs) == 1 else None
    if home is None or home == mine:
        return None
    other = next((s for s, p in phases if p == mine and s.lo == s.hi and _comparable(c, s) and not _agree(c, s)), None)
    return None if other is None else (home, mine, other.text)


#: a denial just before a bound turns it: "never costs more than 45 EUR" is at most 45 EUR
_DENIED_BOUND = re.compile(r"\b(?:no|not|never)\s+(?:[a-z]+\s+){0,2}$")
_BEYOND_THAT = re.compile(r"\b(?:over|above|more than|beyond|exceeding|past)\s+(?:that|this|it|these|those)\b"
                          # "anything heavier is sent as a parcel"
                          r"|\b(?:anything|any|everything|items?|those|ones?)\s+(?:heavier|longer|larger|bigger|"
                          r"older|later|more)\b")
_BELOW_THAT = re.compile(r"\b(?:under|below|less than|fewer than|within)\s+(?:that|this|it|these|those)\b"
                         r"|\b(?:anything|any|everything|items?|those|ones?)\s+(?:lighter|shorter|smaller|younger|"
                         r"earlier|less|fewer)\b")


def turned_bound(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's bound, source sentence)`` when the claim says of one side of a bound what a source
    sentence says of the other, alike otherwise: "Places for children over two are limited
    to eight" where "Places for children under two are limited to eight". The sentence
    shares two other words with the claim and denies as much as it does (a denial makes
    it the complement: "children over 12 do not travel free" for "under 12 travel free"),
    and no sentence bounds the value the claim's way."""
    folded_claim, folded_source = fold(claim), fold(source)
    sq = quantities(source)
    cw = content_words(_without_clock(claim))
    for c in quantities(claim):
        low, high = _STRICT_LOW.search(folded_claim, 0, c.start), _STRICT_HIGH.search(folded_claim, 0, c.start)
        bound = low or high
        if bound is None:
            continue
        if _DENIED_BOUND.search(folded_claim, 0, bound.start()):
            low, high = high, low  # "never costs more than 45 EUR": at most 45 EUR
        turned, alike = None, False
        for q in sq:
            if not _agree(c, q):
                continue
            src_low, src_high = _bounds_around(folded_source, q)
            for m in (src_high, src_low):
                if m is not None and m.re is not _HIGH_AFTER and m.re is not _LOW_AFTER \
                        and _DENIED_BOUND.search(folded_source, 0, m.start()):
                    src_high, src_low = src_low, src_high  # "must not take more than two"
                    break
            if (low and src_low) or (high and src_high):
                alike = True
            elif (low and src_high) or (high and src_low):
                a, b = _sentence_at(source, q.start)
                sentence = source[a:b]
                if len(cw & content_words(_without_clock(sentence)) - content_words(q.text)) >= 2 \
                        and negation_count(claim) == negation_count(sentence):
                    turned = (f"{bound.group(0).strip()} {c.text}", sentence.strip())
        # "Gifts above that must be returned": the claim's side, said of the value by a pronoun
        # (the claim says what that clause says: "Anything over 750 g has to go as a parcel" for
        # "..., and anything heavier is sent as a parcel", not "Letters over 750 g cost 2.70 EUR")
        if turned is not None and not alike and not any(
                cw & content_words(re.split(r"[.;,]", folded_source[:m.start()])[-1]
                                   + re.split(r"[.;,]", folded_source[m.start():])[0])
                for m in (_BEYOND_THAT if low else _BELOW_THAT).finditer(folded_source)):
            return turned
    return None


#: how alike, word by word, a claim and a source sentence must be around their values for
#: :func:`values_exchanged` to read them as one statement with its values moved
MIN_SKELETON = 0.85


def values_exchanged(claim: str, source: str) -> tuple[str, str] | None:
    """``(value, value)`` when the claim is a source sentence with two of its values
    exchanged: "Check-in is from 11 a.m. and check-out is by 3 p.m." where "Check-in is from 3
    p.m. and check-out is by 11 a.m.". The two say the same words around their values (word
    by word, :data:`MIN_SKELETON`), and the claim's values are the sentence's in another order."""
    cq = quantities(claim)
    if len(cq) < 2:
        return None
    mine = _skeleton(claim, cq)
    for s, e in sentences(source):
        sent = source[s:e]
        sq = quantities(sent)
        if len(sq) != len(cq):
            continue
        theirs = _skeleton(sent, sq)
        if difflib.SequenceMatcher(None, mine, theirs, autojunk=False).ratio() < MIN_SKELETON:
            continue
        moved = [i for i, (c, q) in enumerate(zip(cq, sq, strict=True)) if not _agree(c, q)]
        if len(moved) == 2:
            i, j = moved
            if _agree(cq[i], sq[j]) and _agree(cq[j], sq[i]):
                return cq[i].text, cq[j].text
    return None


def _skeleton(text: str, qs: list[Quantity]) -> list[str]:
    """The text's words with each quantity one placeholder."""
    out, pos = [], 0
    for q in qs:
        out += words(text[pos:q.start]) + ["#"]
        pos = q.end
    return out + words(text[pos:])


_AT_HOUR = re.compile(r"\b(?:opens?|closes?|shuts?|starts?|ends?|at|by|until|till|from)\s*$", re.IGNORECASE)


def _bare_hour(c: Quantity, claim: str) -> bool:
    """A whole number from 1 to 12 said as a time of day without "a.m." or "p.m." ("opens at
    8"): the hour, morning or evening."""
    return c.unit is None and c.lo == c.hi and c.lo.is_integer() and 1 <= c.lo <= 12 \
        and _AT_HOUR.search(claim, 0, c.start) is not None


def _signed_zero(c: Quantity, claim: str, source: str) -> bool:
    """"Below zero" where the source says "negative" (and "above zero" for "positive")."""
    if not (c.lo == c.hi == 0 and c.unit is None):
        return False
    m = _SIGNED.search(claim, 0, c.start)
    if m is None:
        return False
    return re.search(r"\bnegative\b" if m.group("neg") else r"\bpositive\b", source) is not None


def _both(c: Quantity, claim: str, source: str) -> bool:
    """"Two hands" where the source says "both hands"."""
    if not (c.lo == c.hi == 2 and c.unit is None):
        return False
    m = re.match(r"\s*([a-z]{3,})", claim[c.end:])
    return m is not None and re.search(rf"\bboth\s+(?:of\s+)?(?:the\s+|their\s+|its\s+)?{m.group(1)}\b",
                                       source) is not None


#: where a sentence's statements part: "; ", ", so", ", but", "whereas", "and at ..."
_STATEMENT_CUT = re.compile(r";\s+|,\s+(?:but|so|while|whereas|and)\s+|\s+(?:but|whereas|while)\s+|"
                            r"\s+and\s+(?=(?:at|on|in|for|to|by|from|with|until|till)\b)|"
                            # "..., lower than that of sunflower oil, | which is about 230 C": the value is its own
                            r",\s+(?=which\s+(?:is|are|was|were|has|have|had)\s+(?:about|around|roughly|nearly|only|just|\d))")
#: a statement that gives the value of the thing named last before it: "which is about 230 C" (a
#: price or a duration, "which costs 2 EUR", may be the whole sentence's)
_WHICH_VALUE = re.compile(r"which\s+(?=(?:is|are|was|were|has|have|had)\s+(?:about|around|roughly|nearly|only|just|\d))", re.IGNORECASE)

@lru_cache(maxsize=8192)
def _without_clock(text: str) -> str:
    """The text with its times of day ("6 a.m.", "18:00") blanked out."""
    t = fold(text)
    for q in quantities(text):
        if q.unit == "o'clock":
            t = t[: q.start] + " " * (q.end - q.start) + t[q.end:]
    return t


#: an elided part, and the subject and verb it takes from the part before it, are short
MAX_ELIDED_WORDS = 12
_ELLIPSIS = re.compile(r"(?:at|on|in|for|to|by|from|with|until|till)\b", re.IGNORECASE)
#: a part that opens with its verb, its subject left to the part before ("Audiobooks follow
#: the same rules but | can only be borrowed for seven days")
#: the noun a part opens with, its subject where no listed verb follows ("Audiobooks follow ...")
_LEAD_NOUN = re.compile(r"(?:(?:the|all|our|these|those)\s+)?[A-Za-z][\w-]*(?=\s)", re.IGNORECASE)
_VERB_FIRST = re.compile(r"(?:can|cannot|may|must|will|should|is|are|has|have)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def statements(source: str) -> tuple[str, ...]:
    """The source's statements: its sentences, cut at :data:`_STATEMENT_CUT`; a relative
    statement of a value ("which is about 230 C") names the thing it is said of ("sunflower oil
    is about 230 C")."""
    out: list[str] = []
    for s, e in sentences(source):
        parts = [p for p in _STATEMENT_CUT.split(source[s:e]) if p.strip()]
        for k, p in enumerate(parts):
            named = _named_value(p, parts[k - 1]) if k else None
            out.append(named if named is not None else p)
    return tuple(out)


def _named_value(part: str, before: str) -> str | None:
    """``part`` with its relative "which" put as the thing the part ``before`` names last
    ("which is about 230 C" after "... that of sunflower oil": "sunflower oil is about 230 C"),
    or None when it opens with no such "which"."""
    named = _last_named(before) if _WHICH_VALUE.match(part) else None
    return _WHICH_VALUE.sub(named + " ", part, count=1) if named else None


def _last_named(text: str) -> str | None:
    """The thing a statement names last ("lower than that of | sunflower oil"): its last words
    after the last function word, at most three."""
    tail = re.split(r"\b(?:of|the|a|an|for|to|in|than|that|with|and|or|by|at|on|except|but|including|like)\s+",
                    text.strip().rstrip(","),
                    flags=re.IGNORECASE)[-1].split()
    return " ".join(tail[-3:]) if tail and all(w.isalpha() for w in tail[-3:]) else None


@lru_cache(maxsize=4096)
def whole_statements(source: str) -> tuple[str, ...]:
    """:func:`statements`, where a part that opens with a preposition after "and" leaves
    its subject and verb out ("The gym opens at 6 a.m. on weekdays and at 8 a.m. on
    Sundays") gets those of the part before it ("The gym opens at 8 a.m. on Sundays"), and
    one that opens with its verb gets the subject of the part before ("Audiobooks follow the
    same rules but can only be borrowed for seven days"): the statement it is, to find which
    one a claim restates."""
    out: list[str] = []
    for s, e in sentences(source):
        parts = [p for p in _STATEMENT_CUT.split(source[s:e]) if p.strip()]
        for k, p in enumerate(parts):
            if k and _ELLIPSIS.match(p) and out and len(p.split()) <= MAX_ELIDED_WORDS:
                head = re.match(r"(.*?)\s+(?=" + re.escape(p.split()[0].lower()) + r"\b)", out[-1], re.IGNORECASE) \
                    or re.match(r"(.*?)\s+(?=" + _ELLIPSIS.pattern + ")", out[-1], re.IGNORECASE)
                if head is not None and 0 < len(head.group(1).split()) <= MAX_ELIDED_WORDS // 2:
                    p = f"{head.group(1)} {p}"
            elif k and out and (named := _named_value(p, out[-1])) is not None:
                p = named
            elif k and _VERB_FIRST.match(p) and out and (subject := subject_of(out[-1]) or (
                    m.group(0) if (m := _LEAD_NOUN.match(out[-1])) else None)) is not None \
                    and len(subject.split()) <= MAX_ELIDED_WORDS // 2:
                p = f"{subject.strip()} {p}"
            out.append(p)
    return tuple(out)


#: how much more of the claim's words the sentence it restates must hold than the sentence
#: its matching value comes from, for the value to count as another statement's
MIN_ALIGNMENT_LEAD = 0.3
#: ... or this much more when the value's statement names something the claim does not
MIN_NAMED_LEAD = 0.2


def _said_of_another(c: Quantity, claim: str, source: str, sterling: bool,
                     alone: bool) -> tuple[Quantity, str] | None:
    """``(clash, home)`` when the claim's quantity matches the source only in a statement
    (a sentence, or a part of one after ";", ", so", "but", ...) about something else
    (``home``) while the statement the claim restates (at least half of
    its content words, 30 points more than ``home``) gives that quantity another value: "a
    month's notice to end the Agreement" where the Agreement's sentence says "90 days'
    notice" and "30 days" is the invoice deadline. Years are left alone: a claim joins
    events of several sentences by their dates."""
    parts = statements(source)
    if len(parts) < 2 or _is_year(c):
        return None
    words_of = _without_clock(claim)  # "6 a.m." is the value, its "m" no word to align by
    scored = [(overlap(words_of, _without_clock(p)), p) for p in parts]
    # the statement the claim restates, read whole (an elided "and at 8 a.m. on Sundays"
    # with its subject); the other statements as written
    best_ov, best = max(((overlap(words_of, _without_clock(p)), p) for p in whole_statements(source)),
                        key=lambda p: p[0])
    if best_ov < 0.5:
        return None
    bq = _pounds(quantities(best, ranges=True), sterling)
    if any(_agree(c, q) for q in bq) or _entailed(c, fold(claim), bq, fold(best)):
        return None
    # here a plain value is a clash too: the claim's words are this statement's, not the
    # other's ("paid at twice the hourly rate on weekdays" where weekdays pay 1.5 times)
    # ... when the claim has no other number and this one is no day of a date
    plain = alone and not (_DATE.match(fold(claim), c.end) or _DATE_BEFORE.search(fold(claim), 0, c.start))
    # (a value the claim's other value restates is that one's: "During the six-month probation, one
    # week's notice is enough" where "... with one week's notice")
    mine = [o for o in _pounds(quantities(claim), sterling) if (o.start, o.end) != (c.start, c.end)]
    bq = [q for q in bq if not any(_agree(o, q) for o in mine)]
    # (a version, "Release 3.1", is no amount to clash with "twice as fast")
    versioned = bool(_kind_of_number(c, claim))
    counts = _what_is_counted(claim, c) if c.unit is None else None
    clash = next((q for q in bq if _conflicts(c, q) or _other_count_of(c, counts, q, best) or (
        plain and q.unit == c.unit and not _is_year(q) and not _agree(c, q)
        # (a count of items is no clash with one of renewals: "12 items" against "renewed twice")
        and (counts is None or (counts == _what_is_counted(best, q) if not _TIMES_COUNT.fullmatch(q.text.strip().lower())
                                else False))
        and (not versioned or bool(_kind_of_number(q, best)) or bool(re.fullmatch(r"\d+\.\d+", q.text))))), None) \
        or (_one_of(c, claim, best) if plain else None)
    if clash is None:
        return None
    homes = [(ov, text) for ov, text in scored
             if any(_agree(c, q) for q in _pounds(quantities(text, ranges=True), sterling))] or [
        # or the statement whose range or bound holds it ("one month" inside "between one and
        # three months" of the suspension, where the request is "at least one week before")
        # ... or a plain amount inside another's bound, where the claim's statement gives one
        # value ("for 60 days" where business accounts restore files "for up to 90 days" and
        # the bin keeps them "for 30 days")
        (ov, text) for ov, text in scored if (_BOUND_IN_CLAIM.search(fold(claim), 0, c.start) or (
            plain and c.unit not in (None, "o'clock") and clash.unit == c.unit and clash.lo == clash.hi))
        and _entailed(c, fold(claim), _pounds(quantities(text, ranges=True), sterling), fold(text))]
    if not homes:
        return None
    home_ov, home = max(homes)
    # the claim names the home's own thing ("30 EUR a month for students"); a frame the home
    # opens with is the whole source's topic ("In volleyball, each team may touch the ball at
    # most three times" is no home of "the best of three sets")
    # ("version" before the number names the number's kind, no thing: "deprecated in version 4.2"
    # where the home is "Version 4.2 drops ...")
    # the home is what holds afterwards, and the claim says "after": its time ("After probation,
    # the notice period is a month" for "During probation, ... one week; afterwards it rises to one month")
    if _AFTERWARDS.search(home) and re.search(r"\bafter\b|\bonce\b", claim, re.IGNORECASE):
        return None
    if _words_around(c, claim) & content_words(_without_clock(_LEAD_FRAME.sub("", home))) - content_words(best) \
            - _TIME_PREPOSITIONS - _kind_of_number(c, claim):  # "until 11 a.m." names no thing of the home's
        return None
    # the claim's subject is the home's, not the statement's it restates more of ("Saturn has 146
    # known moons" where "Jupiter has 95 known moons, more than any other planet except Saturn,
    # which has 146")
    subject = content_words(subject_of(claim) or "")
    if subject and subject <= content_words(home) and not subject <= content_words(subject_of(best) or best[:40]):
        return None
    # the claim's statement holds all its words, the value's home only some, and names
    # another thing in their place ("flights to Madrid leave from Terminal 2" for "the flight
    # to Rome leaves from Terminal 2"): a short claim's one word is the difference
    named_another = best_ov - home_ov >= MIN_NAMED_LEAD and bool(
        content_words(_without_clock(home)) - content_words(words_of) - content_words(best))
    if home_ov > best_ov - MIN_ALIGNMENT_LEAD and not named_another:
        return None
    return clash, home


def _what_is_counted(text: str, q: Quantity) -> str | None:
    """The stem of what a plain count counts, the head of the words after its number ("eight
    tablets a day": tablet; "three embryonic germ layers": layer), or None."""
    m = re.match(r"\s*[\d.,]+\s+|\s*[a-z]+(?:-[a-z]+)?\s+", q.text, re.IGNORECASE)
    tail = (q.text[m.end():] if m else "") + " " + text[q.end:]
    head = None
    for k, w in enumerate(re.findall(r"[^\W\d_]+|[^\w\s]", tail[:80])[:MAX_COUNTED_WORDS]):
        low = w.lower()
        if not k and low in _COUNT_MODIFIERS:
            continue  # "99 other players"
        if not low.isalpha() or low in STOPWORDS:
            break
        head = low
        if low.endswith("s") and len(low) > 3:  # a plural ends the phrase: "germ layers"
            break
    return stem(head) if head is not None and len(head) >= 3 else None


#: the most words of the phrase after a count that may name what it counts
MAX_COUNTED_WORDS = 4
_COUNT_MODIFIERS = frozenset("other more further additional extra".split())


def _other_count_of(c: Quantity, mine: str | None, q: Quantity, text: str) -> bool:
    """``q`` counts what the claim's plain count ``c`` counts (``mine``, as :func:`_what_is_counted`
    reads it), per the same period, another number of them ("eight tablets a day" against "up
    to four tablets a day")."""
    if mine is None or c.unit is not None or q.unit is not None or _is_year(c) or _is_year(q) \
            or (c.per or None) != (q.per or None) or _agree(c, q):
        return False
    return mine == _what_is_counted(text, q)


_TIME_PREPOSITIONS = frozenset("until till since after before from".split())
_AFTERWARDS = re.compile(r"\b(?:afterwards?|after\s+that|thereafter|from\s+then\s+on)\b", re.IGNORECASE)
#: a frame a statement opens with ("In volleyball, ", "For adults, ")
_LEAD_FRAME = re.compile(r"^\s*(?:in|for|on|at|during|among|across|throughout)\s+[^,.;:]{1,40},\s*", re.IGNORECASE)


def _without_quantities(text: str, qs: tuple[Quantity, ...]) -> str:
    """``text`` with its quantities blanked ("six months" names no month). Each is blanked in
    place, keeping the offsets of the others: a range overlaps its two ends ("8 a.m. to 8
    p.m."), and cutting one first would shift the other into the words after it."""
    for q in qs:
        text = text[: q.start] + " " * (q.end - q.start) + text[q.end:]
    return _without_clock(text)


#: :func:`_named_elsewhere` and :func:`_said_of_all` read short sources only: in a long one
#: the claim's words turn up in many statements by chance (and its first statement is no topic)
MAX_NAMING_STATEMENTS = 6


@lru_cache(maxsize=1024)
def _valued_statements(source: str, sterling: bool) -> tuple[tuple[str, tuple[Quantity, ...], frozenset[str]], ...]:
    """(statement, its quantities, its content words with the quantities blanked) for each
    statement of a source of 2 to :data:`MAX_NAMING_STATEMENTS` statements; () otherwise.
    Read once per source, whatever the number of claim quantities asking."""
    parts = statements(source)
    if not 2 <= len(parts) <= MAX_NAMING_STATEMENTS:
        return ()
    out = []
    for p in parts:
        qs = tuple(_pounds(quantities(p, ranges=True), sterling))
        out.append((p, qs, content_words(_without_quantities(p, qs))))
    return tuple(out)


def _words_around(c: Quantity, claim: str) -> frozenset[str]:
    """The claim's content words, its quantity ``c``'s own words and times of day aside (and
    the words of an age, which "aged 35" holds in the value's own text)."""
    return content_words(_without_clock(claim[: c.start] + " " + claim[c.end:])) - _AGE_WORDS


_AGE_WORDS = content_words("age aged ages")
#: a word naming what kind of number follows it ("version 4.2", "release 3", "edition 2")
_NUMBER_KIND = re.compile(r"\b(version|release|edition|revision|v)\.?\s*$", re.IGNORECASE)


def _kind_of_number(c: Quantity, claim: str) -> frozenset[str]:
    """The content word just before ``c`` that names its kind ("version" of "version 4.2")."""
    m = _NUMBER_KIND.search(claim, 0, c.start)
    return content_words(m.group(1)) if m else frozenset()


def _stating(c: Quantity, said: tuple[tuple[str, tuple[Quantity, ...], frozenset[str]], ...]) -> list[int]:
    """The indexes of the statements of ``said`` (:func:`_valued_statements`) that state ``c``."""
    return [i for i, (_, qs, _) in enumerate(said) if any(_agree(c, q) for q in qs)]


def _other_value(c: Quantity, qs: tuple[Quantity, ...]) -> Quantity | None:
    """The first of ``qs`` in ``c``'s unit (or a duration against a duration: "30 days" and
    "a year") and period whose value is not ``c``'s."""
    return next((q for q in qs if (q.unit == c.unit or (c.dimension == q.dimension == "time"))
                 and q.per == c.per and not _agree(c, q)), None)


#: a claim that starts by saying its predicate of all of several things ("Both models", "All
#: three plans"); "each month", "every £1" and "either party" are no such subject
_ALL_OF = re.compile(r"^\W*(?:(?:in|for|on)\s+)?(?:both|all)\b(?:\s+(?:of\s+)?(?:the\s+)?[\w-]+)?", re.IGNORECASE)


def _said_of_all(c: Quantity, claim: str, source: str, sterling: bool) -> tuple[Quantity, str, str] | None:
    """``(clash, statement, the claim's words)`` when the claim gives its value to every one
    of several things ("both models last up to 12 hours") and the source gives one of them
    another ("Model A lasts up to 12 hours, while Model B lasts up to 9 hours"): a
    statement with the value, and another of the same predicate (a content word of the claim
    both hold) with a value of the same unit that differs."""
    every = _ALL_OF.match(claim)
    said = _valued_statements(source, sterling)
    if every is None or not said or c.unit is None:
        return None
    rest = _words_around(c, claim)
    # what "both" or "all" is said of: the statement with another value must name it too
    things = content_words(subject_of(claim) or every.group(0)) - {"both", "all"}
    if not things:
        return None
    agreeing = _stating(c, said)
    for i in agreeing:
        for j, (p, qs, theirs) in enumerate(said):
            clash = _other_value(c, qs)
            if j not in agreeing and clash is not None and rest & said[i][2] & theirs and things & theirs:
                return clash, p, every.group(0)
    return None


def _named_elsewhere(c: Quantity, claim: str, source: str, sterling: bool
                     ) -> tuple[Quantity, str, str] | None:
    """``(clash, home, the naming words)`` when the claim's one quantity is the value of a statement about one
    thing while the claim names another, whose own statement gives it another value: "the
    gym membership costs 45 EUR a month for students" where "a standard gym membership
    costs 45 EUR a month" and "students and pensioners pay 30 EUR a month". The claim names
    the other thing by a word of that statement found in no statement giving its value;
    the words of the source's first statement (its topic, which the later ones take for
    granted) name nothing, and the claim must name nothing of the value's own statements
    that the other lacks."""
    said = _valued_statements(source, sterling)
    if not said or c.unit is None:
        return None
    rest = _words_around(c, claim)
    topic = said[0][2]
    agreeing = _stating(c, said)
    if not agreeing:
        return None
    theirs = frozenset().union(*(said[i][2] for i in agreeing))
    for i, (p, qs, own) in enumerate(said):
        # a later statement may leave the period to the one before ("New accounts earn 1.8%"
        # after "... earn 2.1% interest per year")
        clash = _other_value(c, qs) or _other_value(c, tuple(replace(q, per=c.per) for q in qs if q.per is None))
        if i in agreeing or clash is None:
            continue
        if i - 1 in agreeing and _GOES_ON.match(p) and rest & _predicate_words(said[i - 1][0]) - own:
            continue  # "... must be collected within three days. After that they are returned to
            # the depot": a claim that collects within three days and then goes to the depot
            # joins what the source joins ("kept at the depot for three days" does not)
        if i + 1 in agreeing and _BACK_PRONOUN.match(said[i + 1][0]):
            continue  # "During probation, the notice period is one week; afterwards it rises to one
            # month": the value's statement names this one's thing by a pronoun
        # (a word's forms stem apart: "takes" and "take", "delivery" and "delivers")
        said_there = {w.rstrip("e") for w in theirs | topic}
        naming = {w for w in rest & own - theirs - topic - _NAMES_NOTHING if w.rstrip("e") not in said_there
                  and not any(_forms_of_one(w, x) for x in theirs | topic)}
        if naming and not rest & theirs - own - topic:
            return clash, p, ", ".join(sorted(naming))
    return None


#: a statement whose subject is a pronoun for the thing of the one before ("afterwards it rises")
_BACK_PRONOUN = re.compile(r"\s*(?:(?:afterwards?|then|thereafter|later|now|but|and|so),?\s+)?(?:it|they)\s+[a-z]+",
                           re.IGNORECASE)


#: words that name no thing of a statement: light verbs, "day" and "time" ("pay nothing" for "is
#: free", "every day" beside "the same day"; "weekly" and "monthly" do name reports and backups)
_NAMES_NOTHING = frozenset(stem(w) for w in "pay pays paid cost costs get gets take takes make makes have has need "
                           "needs use uses give gives day days time times last lasts lasted run runs".split())


def _forms_of_one(a: str, b: str) -> bool:
    """Two forms of one word whose stems differ ("delivery", "delivers"): a long common
    start, all but the last few letters of the shorter."""
    common = len(os.path.commonprefix([a, b]))
    return common >= _MIN_COMMON_START and common >= min(len(a), len(b)) - 2


_MIN_COMMON_START = 5


#: a statement that goes on from the one before it in time ("After that", "Then", "After this
#: period"): what it says happens once the one before's value is reached
_GOES_ON = re.compile(r"\W*(?:after\s+(?:that|this|which)(?:\s+(?:time|period|date|point))?|afterwards|then|"
                      r"thereafter|beyond\s+(?:that|this)(?:\s+(?:time|period|date|point))?)\b", re.IGNORECASE)


def _predicate_words(statement: str) -> frozenset[str]:
    """The content words of ``statement`` past its subject ("must be collected within three
    days" of "Parcels left at the neighbour's house must ...")."""
    subject = subject_of(statement) or ""
    return content_words(statement) - content_words(subject)


#: the share of the claim's other words (its subject and value aside) that the statement about
#: its subject must hold: the same predicate ("must give ... notice")
MIN_SUBJECT_PREDICATE = 0.6


def _subject_elsewhere(c: Quantity, claim: str, source: str, sterling: bool
                       ) -> tuple[Quantity, str, str] | None:
    """``(clash, statement, subject)`` when the claim gives its subject the value of a
    statement about something else, and the statement about its subject gives another value of
    the same predicate: "The landlord must give the tenant two months' notice" where "The
    tenant must give the landlord two months' notice" and "The landlord must give the tenant
    six months' notice". Read by subject, so that it holds where both statements name both
    things (the words alone, as :func:`_named_elsewhere` reads them, cannot tell them apart)."""
    said = _valued_statements(source, sterling)
    mine = content_words(subject_of(claim) or "")
    if not said or c.unit is None or not mine:
        return None
    subjects = [content_words(subject_of(p) or "") for p, _, _ in said]
    homes = _stating(c, said)
    if not homes or any(mine & subjects[i] for i in homes):
        return None  # the value is said of the claim's subject somewhere
    rest = _words_around(c, claim) - mine
    for i, (p, qs, own) in enumerate(said):
        clash = _other_value(c, qs)
        if clash is not None and mine <= subjects[i] and rest \
                and len(rest & own) >= MIN_SUBJECT_PREDICATE * len(rest):
            return clash, p, " ".join(sorted(mine))
    return None


#: what stands between two values of one clause whose verb the second leaves out: "adults
#: pay 12 EUR and students 6 EUR", "the employer contributes 3%, the employee 5%"
_GAP = re.compile(r"(?:\s+(?:a|an|per|each)\s+[a-z]+)?"  # "9 EUR a session and members 4 EUR"
                  r"\s*(?:,\s*(?:and\s+|while\s+|whereas\s+)?|\s+and\s+|;\s*)(?:the\s+|for\s+(?:the\s+)?)?"
                  r"(?P<noun>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*$", re.IGNORECASE)
#: the noun and verb before the first value: "adults pay", "the employer contributes"
_OWNER = re.compile(r"(?P<noun>[a-z][a-z-]*)\s+[a-z]+(?:\s+(?:up\s+to|at\s+least|about|only))?\s*$", re.IGNORECASE)


def _value_pairs(source: str, sterling: bool) -> Iterator[tuple[str, Quantity, Quantity]]:
    """``(sentence, a, b)`` for each two quantities one after the other in a sentence of the
    source, of one unit and period."""
    for s0, e0 in sentences(source):
        sent = source[s0:e0]
        qs = _pounds(quantities(sent), sterling)
        for a, b in zip(qs, qs[1:]):
            # (the second may leave the period to the first: "60 EUR a year for the first car
            # and 120 EUR for a second car")
            if a.unit == b.unit and (a.per == b.per or b.per is None):
                yield sent, a, b


def _gapped_swap(c: Quantity, claim: str, source: str, sterling: bool) -> tuple[Quantity, str, str] | None:
    """``(clash, sentence, the claim's thing)`` when a source clause gives two things two
    values, the second with its verb left out ("adults pay 12 EUR and students 6 EUR"), and the
    claim gives one thing the other's value ("Adults pay 6 EUR")."""
    mine = content_words(claim)
    for sent, a, b in _value_pairs(source, sterling):
        gap, owner = _GAP.fullmatch(sent, a.end, b.start), _OWNER.search(sent, 0, a.start)
        if gap is None or owner is None:
            continue
        first, second = content_words(owner.group("noun")), content_words(gap.group("noun"))
        if not first or not second or first & second:
            continue
        for value, own, other, clash in ((a, first, second, b), (b, second, first, a)):
            if _agree(c, value) and other <= mine and not own & mine:
                return clash, sent, " ".join(sorted(other))
    return None


#: the words that qualify a value, after it, up to the next value's conjunction or a stop:
#: "12 EUR online | and 14 EUR at the door"
_QUALIFIER = re.compile(r"\s+(?P<q>[a-z][\w' -]{1,40}?)\s*(?=,?\s+(?:and|or|while|whereas)\s|[,.;:!?)]|$)", re.IGNORECASE)


def _qualified_swap(c: Quantity, claim: str, source: str, sterling: bool) -> tuple[Quantity, str, str] | None:
    """``(clash, sentence, the claim's qualifier)`` when a source clause gives two values of one
    unit each with its own qualifier after it ("12 EUR online and 14 EUR at the door") and the
    claim gives one value the other's qualifier ("14 EUR online")."""
    mine = _QUALIFIER.match(claim, c.end)
    # the claim's qualifier after its value, or (when that names neither side) its other words:
    # "A permit for a second car costs 60 EUR a year"
    said = content_words(mine.group("q")) - _PERIOD_NOUNS if mine is not None else frozenset()
    rest = content_words(claim[: c.start] + " " + claim[c.end:]) - _PERIOD_NOUNS
    for sent, a, b in _value_pairs(source, sterling):
        if a.unit is None:
            continue
        qa, qb = _QUALIFIER.match(sent, a.end), _QUALIFIER.match(sent, b.end)
        if qa is None or qb is None or not re.match(r"\s*,?\s*(?:and|or|while|whereas)\s*$",
                                                     sent[qa.end():b.start]):
            continue
        wa, wb = content_words(qa.group("q")) - _PERIOD_NOUNS, content_words(qb.group("q")) - _PERIOD_NOUNS
        wa, wb = wa - wb, wb - wa  # "for the first car" and "for a second car": "first" and "second"
        if not wa or not wb:
            continue
        mine_words = said if said & (wa | wb) else rest
        for value, own, other, clash in ((a, wa, wb, b), (b, wb, wa, a)):
            if _agree(c, value) and mine_words & other and not mine_words & own:
                return clash, sent, " ".join(sorted(mine_words & other))
    return None


_PERIOD_NOUNS = frozenset(("day", "week", "month", "year", "hour", "night"))


_COUNTED = re.compile(r"\s*([a-z][a-z-]+)")


def _one_of(c: Quantity, claim: str, statement: str) -> Quantity | None:
    """The statement's "one user" (or "a single user") for the claim's count of users ("up
    to ten users"): number words below two are no quantity elsewhere, but a count of the same
    thing it is."""
    m = _COUNTED.match(claim, c.end)
    if c.unit is not None or c.lo == 1 or m is None:
        return None
    key = stem(m.group(1))
    for one in re.finditer(r"\b(?:one|a\s+single|only\s+one|just\s+one)\s+([a-z][a-z-]+)", statement, re.IGNORECASE):
        if stem(one.group(1)) == key:
            return Quantity(1.0, 1.0, None, None, one.start(), one.end(), one.group(0))
    return None


def _bound_with_others(cq: list[Quantity], source: str, sterling: bool) -> str | None:
    """A claim value that the one statement holding all the claim's other values gives
    differently: "from £50,270 to £125,140 ... the 20% band" where the statement with both
    bounds says 40% and the 20% belongs to another band. None when no single statement holds
    the others, when it agrees, or when the value is no other statement's (a total)."""
    parts = statements(source)
    found = [_pounds(quantities(p, ranges=True), sterling) for p in parts]
    for q in cq:
        if _is_year(q):
            continue
        others = [c for c in cq if c is not q]
        if q.unit is not None and any(o.unit == q.unit for o in others):
            continue  # two dates, two prices: facts of two statements ("aired on March 4 and launched on March 6")
        homes = [i for i, qs in enumerate(found) if all(any(_agree(o, s) for s in qs) for o in others)]
        if len(homes) != 1 or any(_agree(q, s) for s in found[homes[0]]):
            continue
        if not any(_agree(q, s) for i, qs in enumerate(found) if i != homes[0] for s in qs):
            continue  # not another statement's value (a sum, a ratio): the arithmetic's
        # the same unit with another value ("20%" where the statement says "40%")
        clash = next((s for s in found[homes[0]] if q.unit is not None and s.unit == q.unit
                      and s.lo == s.hi and not _agree(q, s)), None)
        if clash is not None:
            return (f"'{q.text}' in the claim but '{clash.text}' in the statement that holds its other "
                    f"values: \"{parts[homes[0]].strip()[:80]}\"")
    return None


def _pounds(qs: list[Quantity], sterling: bool) -> list[Quantity]:
    """"Pounds" are money where the texts speak of sterling ("£"), weight elsewhere."""
    if not sterling:
        return qs
    return [replace(q, unit="£") if q.unit == "pound" else q for q in qs]


#: "over" of a phrasal verb ("carried over five days", "handed over"): no bound
_PHRASAL_OVER = "".join(rf"(?<!{v} )" for v in ("carry", "carried", "carries", "carrying", "roll", "rolled", "rolls",
                                                  "hand", "handed", "hands", "take", "taken", "took", "turn", "turned",
                                                  "stay", "stayed", "stays", "left", "pass", "passed")) + "over"
#: bound words before a quantity: the value is at least (``low``) or at most (``high``) it
_LOW_BEFORE = re.compile(r"\b(?:" + _PHRASAL_OVER + r"|more than|above|at least|older than|exceeding|exceeds?|"
                         r"a minimum of|minimum|no fewer than|not less than|no less than|from|"
                         r"longer than|later than|beyond|heavier than|larger than|bigger than|taller than|"
                         r"greater than|higher than|wider than|warmer than|hotter than)\s*$")
#: the length of a cover: "the warranty covers defects for 24 months", "guaranteed for one year", "valid for
#: 90 days", "a two-year warranty", "a five-year frame warranty", "a warranty of three years"
_COVER_FOR = re.compile(r"\b(?:(?:guarantee[sd]?|warrant(?:y|ies|ied)|valid|insured|protected)\b"
                        r"[^.;:]{0,50}?\bfor|(?:warranty|guarantee|cover)\s+(?:period\s+)?(?:of|lasts?|runs?(?:\s+for)?)|"
                        # ("The warranty on the washing machine is two years")
                        r"(?:warranty|guarantee)\b[^.;:,]{0,40}?\b(?:is|are)(?:\s+valid\s+for)?)\s*$")
_COVER_AFTER = re.compile(r"^[\s-]*(?:[a-z']+\s+)?(?:warranty|guarantee|cover)\b")
_HIGH_BEFORE = re.compile(r"\b(?:under|less than|fewer than|below|up to|at most|no more than|"
                          # ("within the first 30 days", "during the first two weeks")
                          r"not more than|within(?:\s+the)?(?:\s+first)?|(?:during|in)\s+the\s+first|a maximum of|maximum|younger than|no later than|"
                          r"not exceeding|shorter than|earlier than|until|before|lighter than|smaller than|"
                          r"lower than|cheaper than|colder than|narrower than)\s*$")
#: (a count's noun may come between: "three nights or more", "16 years old or over")
_COUNTED_NOUN = r"(?:(?!or\b|and\b)[a-z]+\s+){0,2}"
_LOW_AFTER = re.compile(r"^\s*(?:\+|" + _COUNTED_NOUN + r"and (?:later|above|over|up|newer|higher|more)\b|"
                        + _COUNTED_NOUN + r"or (?:later|above|over|more|newer|higher|older)\b)(?!\s+(?:to|than)\b)")
_HIGH_AFTER = re.compile(r"^\s*(?:" + _COUNTED_NOUN + r"or (?:less|fewer|under|below|earlier|younger|sooner)\b|"
                         + _COUNTED_NOUN + r"and (?:below|under|earlier|younger)\b)(?!\s+(?:to|than)\b)")
_BOUND_IN_CLAIM = re.compile(r"\b(?:" + _PHRASAL_OVER + r"|more than|above|at least|under|less than|fewer than|"
                             r"below|up to|at most|no more than|within|maximum|minimum|about|"
                             r"around|roughly|approximately|nearly|almost)\s*$")
#: at most this many quantities in the source for one step of arithmetic to be read
MAX_ARITHMETIC_QUANTITIES = 10
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DATE = re.compile(r"(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH + r"(?:\s|,|$)")
_DATE_BEFORE = re.compile(r"\b" + _MONTH + r"\s+$")
#: words that announce a computed amount: "in total", "28 years later", "ten times as many"
_ARITHMETIC = re.compile(r"\b(?:total|in all|altogether|combined|together|later|earlier|after|before|apart|"
                         r"difference|took|lasted|spanned|until|till|times|twice|double|half|each|every|so|"
                         r"sum|overall|longer|shorter|more|less|fewer|per|higher|lower|taller|heavier|lighter|"
                         r"older|younger|bigger|smaller|larger|cheaper|dearer|faster|slower|deeper|wider)\b")
#: for a small plain count, only words that announce a computed count: small counts add up
#: to almost any other by chance ("the top six" from "three attempts, then three more"); a
#: larger one is read from any arithmetic word ("120 deliveries" from 20 overs of six each)
SMALL_COUNT = 12
_COUNT_ARITHMETIC = re.compile(r"\b(?:total|in all|altogether|combined|together|sum|overall|times|twice|"
                               r"double|half|difference|apart)\b")


def _comparable(c: Quantity, s: Quantity) -> bool:
    if _age_against_duration(c, s):
        return False
    if (c.kind == "ordinal") != (s.kind == "ordinal") and (c.unit in _CENTURY or s.unit in _CENTURY):
        return False  # "the 15th century" is a time, "three centuries" a span
    if "age" in (c.kind, s.kind) and None in (c.unit, s.unit):
        return True  # "an 80-year-old" against "over 75", "aged 55 to 65"
    return (c.dimension is not None and c.dimension == s.dimension) or (
        c.unit is None and s.unit is None) or (c.unit is not None and c.unit == s.unit)


#: the claim says an amount is reached in full: "the full 20 overs", "exactly 3 years"
_EXACT_BEFORE = re.compile(r"\b(?:the\s+)?(?:full|whole|entire|exactly|precisely|all)\s*(?:of\s+(?:the\s+)?)?$")


def _bound_as_exact(c: Quantity, claim: str, sq: list[Quantity], source: str) -> str | None:
    """The source's bound ("a maximum of 20 overs", "at least three years") when the claim
    says its value is reached in full ("the full 20 overs", "exactly three years"): a limit
    is not an amount, and the claim's is not in the source."""
    if not _EXACT_BEFORE.search(claim, 0, c.start):
        return None
    noun = _word_after(claim, c.end)
    same = [s for s in sq if _agree(c, s) and (c.unit is not None or _word_after(source, s.end) == noun)]
    bounds = [_bound_before(s, source) for s in same]
    if not same or any(b is None for b in bounds):
        return None  # the source also states the amount itself
    return f"{bounds[0].group(0).strip()} {same[0].text.strip()}" if bounds[0] else None


def _word_after(text: str, end: int) -> str:
    m = re.match(r"\s*([a-z]+)", text[end:])
    return stem(m.group(1)) if m else ""


def _bound_before(s: Quantity, source: str) -> re.Match[str] | None:
    """The bound the source puts before ``s`` ("a maximum of", "at least"), if any."""
    return _HIGH_BEFORE.search(source, 0, s.start) or _LOW_BEFORE.search(source, 0, s.start)


#: the source says what happens outside a range it states: a value outside it is covered
_OUTSIDE = re.compile(r"\b(?:outside|out of|beyond)\s+(?:of\s+)?(?:this|that|the|these|those|its)?\s*"
                      r"(?:range|limits?|bounds?|interval)\b")


#: words that make a bound a rule's threshold, not a count: "must be at least 18" is wrong
#: where the source requires 21, though every 21-year-old is at least 18
_RULED = re.compile(r"\b(?:may|can|cannot|must|should|need|needs|required?|requires|allows?|allowed|permitted|"
                    r"eligible|entitled|only|limit|limited|minimum|maximum|qualif\w*)\b", re.IGNORECASE)


def _within_bound(c: Quantity, claim: str, lower: bool, sq: list[Quantity], source: str) -> bool:
    """The claim's bound (``c``, a lower one when ``lower``) is a weaker one of the same kind
    than a bound the source states: "has erupted more than 150 times" for "more than 200
    times". A strict claim ("more than 200") needs more than a non-strict source ("at least
    200"). Read for counts and measures, not for a rule's threshold (:data:`_RULED`)."""
    strict_claim = (_STRICT_LOW if lower else _STRICT_HIGH).search(claim[:c.start]) is not None
    clo, chi = c.base()
    for s in sq:
        if s.lo != s.hi or not _comparable(c, s) or (c.per or s.per) and c.per != s.per:
            continue
        at_least, at_most = _bounds_around(source, s)
        if not (at_least if lower else at_most):
            continue
        strict_source = (_STRICT_LOW if lower else _STRICT_HIGH).search(source[:s.start]) is not None
        theirs, mine = (s.base()[0], clo) if lower else (-s.base()[1], -chi)
        if theirs > mine or theirs == mine and (strict_source or not strict_claim):
            return True
    return False


#: two years that bound a span: "from 1831 to 1836", "between 1558 and 1603", "1914-1918"
_YEAR_SPAN = re.compile(r"\b(?P<a>1\d{3}|20\d{2})\s*(?:to|until|till|through|and|[-\u2013])\s*(?P<b>1\d{3}|20\d{2})\b")
_ROUGHLY = re.compile(r"\b(?:about|around|roughly|some|nearly|almost|approximately)\s*$", re.IGNORECASE)


_DEADLINE = re.compile(r"\bby\s*$")
#: a span after which a rule applies: "after six hours"
_AFTER_SPAN = re.compile(r"\bafter\s*$")
#: a thing said not to have expired: "is still valid", "can still be used"
_STILL_VALID = re.compile(r"\b(?:still\s+)?(?:valid|good|usable|active|in\s+date)\b|\bcan\s+still\s+be\s+used\b")
#: a span after which a thing expires: "expire six months after", "lapses after two years"
_EXPIRES_AFTER = re.compile(r"\b(?:expires?|lapses?|run\s+out|runs\s+out)(?:\s+after)?\s*$")
#: a bound named as a deadline: "after the deadline of 31 March", "before the closing date,"
_NAMED_DEADLINE = re.compile(r"\b(after|before|by)\s+the\s+(?:deadline|closing\s+date|cut-?off(?:\s+date)?)(?:\s+of|,)?\s*$")
#: the other side of a bound, said of "those" past it ("those arriving later", "anything
#: heavier", "after that"), or short of it
_PAST_IT = re.compile(_BEYOND_THAT.pattern + r"|\b(?:anything|any|everything|items?|those|ones?)\s+(?:[a-z]+\s+){1,2}?"
                      r"(?:heavier|longer|larger|bigger|older|later|more)\b|\b(?:after|later\s+than)\s+(?:that|this)\b")
_SHORT_OF_IT = re.compile(_BELOW_THAT.pattern + r"|\b(?:anything|any|everything|items?|those|ones?)\s+(?:[a-z]+\s+){1,2}?"
                          r"(?:lighter|shorter|smaller|younger|earlier|less|fewer)\b")
#: a sentence or clause that opens with the class on the other side of a bound the sentence
#: before states with the opposite word: "... for periods longer than a week. | Shorter leave
#: needs one week's notice"
_CLASS_OPENS = re.compile(r"(?:^|(?<=[.;:]\s))(?:(?:for|with|on|in)\s+)?(?P<cmp>heavier|lighter|longer|shorter|larger|smaller|bigger|older|younger|"
                          r"later|earlier)\s+(?!than\b)[a-z]+")
_OTHER_SIDE = {"heavier": "lighter", "lighter": "heavier", "longer": "shorter", "shorter": "longer", "larger": "smaller",
               "bigger": "smaller", "smaller": "larger|bigger", "older": "younger", "younger": "older",
               "later": "earlier", "earlier": "later"}
_SHORT_CLASSES = frozenset("lighter shorter smaller younger earlier".split())
def _said_after_that(c: Quantity, cq: list[Quantity], claim: str, sq: list[Quantity], source: str) -> str | None:
    """What is wrong when the claim gives its value to the span within a bound ("Cancelling within
    14 days of signing costs 50 EUR") that the source gives only past it, in a sentence that opens
    "After that" right after the bound's ("... within 14 days of signing get a full refund. After
    that, a cancellation fee of 50 EUR applies") (folded texts)."""
    homes = [s for s in sq if _agree(c, s)]
    if not homes:
        return None
    spans = sentences(source)
    bound: Quantity | None = None
    for h in homes:
        k = next((i for i, (a, b) in enumerate(spans) if a <= h.start < b), None)
        if k is None or k == 0 or not _PAST_THAT.match(source, spans[k][0]):
            return None
        a, b = spans[k - 1]
        bound = next((o for o in cq if o is not c and any(
            _agree(o, q) and a <= q.start < b and _bounds_around(source, q)[1] is not None for q in sq)
            and _bounds_around(claim, o)[1] is not None), None)
        if bound is None:
            return None
    return None if bound is None else f"'{c.text}' is what the source gives past '{bound.text}', and the claim gives it within it"


#: a sentence that opens with a thing on one side of the value before: "Gifts above that value"
_SIDE_NAMED = re.compile(r"(?:[a-z]+\s+){1,3}?(?:(?P<above>above|over|beyond|more\s+than)|(?P<below>below|under|less\s+than))"
                         r"\s+(?:that|this)\b")
#: a sentence that opens on what comes past the value before: "After that, ...", "Beyond that"
_PAST_THAT = re.compile(r"(?:^|(?<=[.;:]\s))(?:after\s+that|afterwards|beyond\s+that|past\s+that|thereafter)\b")
#: the bound words of either side that name no dimension: "orders over 40 EUR. Smaller orders ..."
_NEUTRAL_SIDE = {True: r"over|above|more\s+than|exceeding|at\s+least|a\s+minimum\s+of",
                 False: r"under|below|less\s+than|fewer\s+than|up\s+to|at\s+most|no\s+more\s+than|within|a\s+maximum\s+of"}
#: where the value a clause speaks of "beyond that" ends: its sentence or clause
_CLAUSE_END = re.compile(r"\.(?!\d)|;|,\s+(?:and|but)\s+")


@lru_cache(maxsize=4096)
def rule_past_bound(claim: str, source: str) -> str | None:
    """The clause of the source that says what happens past a bound (:func:`_rule_past`) when
    the claim speaks of a value past it: what the claim restates."""
    claim, source = fold(claim), fold(source)
    sq = quantities(source)
    return next((r for c in quantities(claim) if (r := _rule_past(c, claim, sq, source)) is not None), None)


def _condition_unmet(cq: list[Quantity], claim: str, sq: list[Quantity], source: str) -> str | None:
    """What is wrong when the claim pairs a value (``y``) with another (``x``) that fails the
    bound its sentence gives it: "a guest at 9 a.m. pays 25 EUR" where "After 10 a.m. a spa pass
    costs 25 EUR", "five years of service get three extra days" where "After ten years they get
    three extra days". Every sentence that gives ``y`` must set ``x`` such a bound."""
    for x in cq:
        for y in cq:
            if x is y or x.lo != x.hi or x.unit == y.unit:  # ("five years" of service and "three days" of leave)
                continue
            if any(_bounds_around(claim, x)) or any(_bounds_around(claim, y)):
                # "residents over 65": the claim's own bound, no value to test; "a parcel heavier
                # than 2 kg": the class the claim speaks of, no value it gives
                continue
            homes = [t for t in sq if _agree(y, t)]
            failed = None
            for t in homes:
                a, b = _sentence_at(source, t.start)
                # (the nearest: a sentence may join two cases, "... until 10 a.m. After 10 a.m. ...")
                bound = min((k for k in sq if a <= k.start < b and k is not t and _comparable(x, k)
                             and not k.vague and (x.per or None) == (k.per or None)),
                            key=lambda k: abs(k.start - t.start), default=None)
                if bound is None:
                    failed = None
                    break
                low, high = _bounds_around(source, bound)
                after = _FROM_ON.search(source, max(0, bound.start - 8), bound.start)
                (xlo, xhi), (klo, khi) = x.base(), bound.base()
                if (bound.lo < bound.hi and not klo <= xlo <= xhi <= khi) \
                        or (bound.lo == bound.hi and (((low or after) and xhi < klo) or (high and xlo > khi))):
                    failed = failed or bound
                else:
                    failed = None
                    break
            if failed is not None:
                return f"'{y.text}' is what the source gives past '{failed.text}', which '{x.text}' is not"
    return None


#: a bound said of the amount just named: "1% on any amount above that", "anything over this"
_BOUND_OF_THAT = re.compile(r"\b(?:(?P<low>above|over|more\s+than|beyond|exceeding)|(?P<high>below|under|less\s+than|up\s+to))"
                            r"\s+(?:that|this|it)\b(?!\s+(?:of|is|was)\b)|"
                            # "Heavier bags cost 20 EUR", "longer stays": past the bound just named
                            r"\b(?:(?P<more>heavier|larger|bigger|longer|older|higher)|(?P<less>lighter|smaller|shorter|younger|lower))"
                            r"(?!\s+than\b)\s+[a-z]+")
_UNBOUNDED_BASE = float("inf")


def _words_end(q: Quantity) -> int:
    """Where ``q``'s own words end (its ``end`` may take in a period said after them)."""
    return q.start + len(q.text.rstrip())


def _brackets(text: str, qs: list[Quantity]) -> list[tuple[int, float, float, Quantity]]:
    """(position, low, high, quantity) of each bracket of amounts ``text`` states: a range
    ("between 12,000 and 60,000 EUR"), a bound ("above 60,000 EUR", "up to 50,000 EUR"), or a
    bound of the amount just named ("1% on any amount above that"), in base units."""
    out = []
    for i, q in enumerate(qs):
        lo, hi = q.base()
        if q.lo < q.hi:
            out.append((q.start, lo, hi, q))
            continue
        then = qs[i + 1] if i + 1 < len(qs) else None
        if then is not None and then.unit == q.unit and _SPAN_JOIN.fullmatch(text, _words_end(q), then.start) \
                and then.lo > q.hi:  # "from £20,000 to £60,000": one range, written as two amounts
            out.append((q.start, lo, then.base()[1], q))
            continue
        if i and qs[i - 1].unit == q.unit and _SPAN_JOIN.fullmatch(text, _words_end(qs[i - 1]), q.start):
            continue
        low, high = _bounds_around(text, q)
        if (low is None) == (high is None):
            continue
        if low and _DENIED_FLOOR.search(text, max(0, q.start - 60), q.start):
            low, high = None, low  # "do not take more than four": at most four
        out.append((q.start, lo if low else -_UNBOUNDED_BASE, hi if high else _UNBOUNDED_BASE, q))
    for m in _BOUND_OF_THAT.finditer(text):
        prior = [b for b in out if b[3].end <= m.start()]
        if not prior:
            continue
        _, _, _, q = prior[-1]
        lo, hi = q.base()
        past = bool(m.group("low") or m.group("more"))
        out.append((m.start(), lo if past else -_UNBOUNDED_BASE, _UNBOUNDED_BASE if past else hi, q))
    return sorted(out, key=lambda b: b[0])


#: where a statement of one amount ends and the next begins: "... at 20%, and income above
#: 60,000 EUR at 40%", "2.5% on balances up to 50,000 EUR and 1% on any amount above that"
_NEXT_STATEMENT = re.compile(r";|,\s*(?:and|but|while|whereas|or)\s+|\s+(?:but|while|whereas)\s+|\s+and\s+(?=[$€£]?\d)")


#: a sentence's end in folded text ("free. heavier bags"), not an abbreviation's ("10 a.m. to")
_FOLDED_STOP = re.compile(r"(?<!\ba\.m\.)(?<!\bp\.m\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<=[.!?])\s+|\n")


def _sentences_of(text: str) -> list[tuple[int, int]]:
    """The sentences of ``text``, folded or not (a stop and a space end one)."""
    out, a = [], 0
    for m in _FOLDED_STOP.finditer(text):
        out.append((a, m.start()))
        a = m.end()
    out.append((a, len(text)))
    return out


def _clause_at(text: str, at: int, qs: list[Quantity]) -> tuple[int, int]:
    """The span of the statement of ``text`` (within its sentence) that holds offset ``at``;
    an "and" inside a range ("between 12,000 and 60,000") divides nothing. ``text`` may be
    folded: its sentences end at a stop and a space."""
    a, b = next(((x, y) for x, y in _sentences_of(text) if at <= y), (0, len(text)))
    for m in _NEXT_STATEMENT.finditer(text, a, b):
        if any(q.start <= m.start() < _words_end(q) for q in qs):
            continue
        if m.start() <= at:
            a = m.end()
        else:
            b = m.start()
            break
    return a, b


def _bracket_moved(cq: list[Quantity], claim: str, sq: list[Quantity], source: str) -> str | None:
    """What is wrong when the claim gives a value (``y``) to a bracket of another kind of
    amount ("income between 12,000 and 60,000 EUR is taxed at 40%", "balances above 50,000
    EUR earn 2.5%") while every source statement giving that value gives it to a bracket
    the claim's does not lie within ("... taxed at 20%, and income above 60,000 EUR at 40%";
    "2.5% ... on balances up to 50,000 EUR and 1% on any amount above that")."""
    mine = _brackets(claim, cq)
    if len(mine) != 1:
        return None
    _, xlo, xhi, x = mine[0]
    theirs = _brackets(source, sq)
    for y in cq:
        if y is x or y.lo != y.hi or y.dimension == x.dimension or any(_bounds_around(claim, y)):
            continue
        homes = [t for t in sq if _agree(y, t) and not any(b[3] is t for b in theirs)]
        failed = None
        for t in homes:
            a, b = _clause_at(source, t.start, sq)
            near = [k for k in theirs if a <= k[0] < b and k[3].dimension == x.dimension
                    and (x.per or None) == (k[3].per or None)]
            if not near:
                return None
            _, klo, khi, k = min(near, key=lambda k: abs(k[0] - t.start))
            if klo <= xlo and xhi <= khi:
                return None
            failed = failed or source[a:b].strip()
        if failed is not None:
            return (f"'{y.text.strip()}' is what the source gives another bracket than the claim's "
                    f"'{x.text.strip()}': \"{failed[:80]}\"")
    return None


def _in_class_clause(c: Quantity, claim: str, source: str) -> bool:
    """The claim's value ``c`` is one the clause gives that the claim's other value falls
    under ("A 10 kg parcel costs 7 EUR" where "Parcels over 20 kg cost 12 EUR. Lighter
    parcels cost 7 EUR"): said of the claim's case, not of another thing."""
    clause = rule_past_bound(claim, source)
    return clause is not None and any(_agree(c, q) for q in quantities(clause))


def _rule_past(c: Quantity, claim: str, sq: list[Quantity], source: str) -> str | None:
    """The source's clause on what happens past a bound ("by 5 p.m.", "up to 750 g"; "those
    arriving later are not counted", "anything heavier is sent as a parcel") when the claim's
    plain value lies past that bound and the claim says that clause of it: the value is a case
    of the source's rule ("a vote arriving at 6 p.m. is not counted")."""
    if c.lo != c.hi or _BOUND_IN_CLAIM.search(claim, 0, c.start):
        return None
    rest = content_words(_without_clock(claim[: c.start] + " " + claim[c.end:]))
    for s in sq:
        # (one span longer than a cap per year is past it: "a 25-day stay" of "up to 20 days a year")
        one_past_cap = c.per is None and s.per is not None and c.dimension == "time"
        if s.lo != s.hi or not _comparable(c, s) or ((c.per or None) != (s.per or None) and not one_past_cap):
            continue
        before = source[max(0, s.start - 20): s.start]
        (clo, _), (slo, shi) = c.base(), s.base()  # "three days" is short of "a week"
        if one_past_cap and not (_HIGH_BEFORE.search(before) and clo > shi):
            continue
        if _LEAD_TIME.match(source, s.end):
            continue  # "up to 24 hours in advance": "later" is less ahead, read by :func:`bound_case`
        if (_HIGH_BEFORE.search(before) or _DEADLINE.search(before)) and clo > shi:
            side = _PAST_IT
        elif _LOW_BEFORE.search(before) and clo < slo:
            side = _SHORT_OF_IT
        else:
            continue
        end = source.find(".", s.end)
        end = len(source) if end < 0 else end + 1
        # its sentence, and the one after when it opens with the other side's class
        after = source.find(".", end)
        opens = [m for m in _CLASS_OPENS.finditer(source, s.end, len(source) if after < 0 else after + 1)
                 if re.search(rf"\b(?:(?:{_OTHER_SIDE[m.group('cmp')]})\s+than|"
                              rf"{_NEUTRAL_SIDE[m.group('cmp') in _SHORT_CLASSES]})\s*$", before)]
        # (or the next sentence, when it speaks of the other side by the bound: "Gifts above that
        # value must be declared" after "may accept gifts worth up to 50 EUR")
        # ... and the claim is more that sentence's than the bound's ("ships free" is said of orders over
        # 40 EUR, not of "Orders below that")
        own_words = {stem(w) for w in content_words(source[source.rfind(".", 0, s.start) + 1:end])}
        nxt = [m for m in side.finditer(source, end, len(source) if after < 0 else after + 1)
               if (_BEYOND_THAT if side is _PAST_IT else _BELOW_THAT).match(source, m.start())
               and len({stem(w) for w in rest} & {stem(w) for w in content_words(source[end:after + 1 if after >= 0 else None])})
               > len({stem(w) for w in rest} & own_words)]
        for m in [*side.finditer(source, s.end, end), *opens, *nxt]:
            stop = _CLAUSE_END.search(source, m.end())
            # (a rule in the next sentence with its subject: "Gifts above that value must be declared")
            start = end if m in nxt else m.start()
            clause = source[start: stop.start() if stop else len(source)].strip()
            # the claim's other amounts are the clause's ("needs a week's notice", not a month's)
            theirs = quantities(clause)
            if len({stem(w) for w in rest} & {stem(w) for w in content_words(_without_clock(clause))}) >= 2 and all(
                    any(_comparable(q, k) and _close(q.base()[0], k.base()[0], False) for k in theirs)
                    for q in quantities(claim) if q.start != c.start):
                return clause
    return None


def _years_between(c: Quantity, claim: str, source: str) -> bool:
    """A claim's number of years (or decades, or centuries) is the span between two years the
    source joins ("sailed from 1831 to 1836": five years; "about 40 years" within a tenth of it,
    or one year), or the centuries it names from first to last ("from the 13th to the 15th
    century": three centuries, 300 years)."""
    rough = _ROUGHLY.search(claim, 0, c.start) is not None
    years = c.lo * _IN_YEARS.get(c.unit or "", 1)
    spans = [int(m.group("b")) - int(m.group("a")) for m in _YEAR_SPAN.finditer(source)]
    # (two years of one sentence, the claim's span between them said roughly: "closed in 2019 ...
    # and reopened in 2021" for "out of use for about two years")
    if rough:
        for a, b in sentences(source):
            dated = [int(y) for y in _YEAR.findall(source[a:b])]
            if len(dated) == 2:
                spans.append(abs(dated[1] - dated[0]))
    spans += [100 * (int(m.group("b")) - int(m.group("a")) + 1) for m in _CENTURY_SPAN.finditer(source)]
    return any(span > 0 and abs(span - years) <= (max(1.0, 0.1 * span) if rough else 0.5) for span in spans)


_CENTURY = frozenset({"century", "centurie"})
_YEAR = re.compile(r"\b(1[5-9]\d{2}|20\d{2})\b")
_IN_YEARS = {"year": 1, "decade": 10, "century": 100, "centurie": 100}
#: the centuries a source names from first to last: "from the 13th to the 15th century"
_CENTURY_SPAN = re.compile(r"\b(?:from|between)\s+the\s+(?P<a>\d{1,2})(?:st|nd|rd|th)(?:\s+centur(?:y|ies))?\s+"
                           r"(?:to|until|till|through|and)\s+(?:the\s+)?(?P<b>\d{1,2})(?:st|nd|rd|th)\s+centur(?:y|ies)\b",
                           re.IGNORECASE)


def _entailed(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """The claim's quantity follows from the source's without being written there: a value
    inside a stated range ("110 per minute" in "100 to 120 per minute"), one that meets a
    stated bound ("ten days late" for "more than five days late", "Safari 17" for "Safari 16
    and later"), or one step of arithmetic on two source quantities announced by the claim's
    words ("8% in total", "28 years later", "ten times as many"). A year, or a duration said
    in words, must be stated."""
    if _is_year(c) and c.lo == c.hi and any(
            s.lo + step == c.lo for s in sq if _is_year(s) for step in _years_on(source, s)):
        return True  # "published in 1960 and won the prize the following year": 1961
    if _is_year(c) and c.lo == c.hi and _year_of_span(c, claim, sq, source):
        return True  # "completed in 1936 after five years of work": begun in 1931
    if c.lo == c.hi and _multiplied(c, claim, sq, source):
        return True  # "The pro model doubles both": 512 GB for a 256 GB drive
    if _is_year(c) and c.lo == c.hi and _year_from_age(c, claim, source):
        return True  # "born in 1756 ... wrote his first symphony at the age of eight": 1764
    if c.unit in _CENTURY and c.kind == "ordinal" and any(
            int(m.group("a")) <= c.lo <= int(m.group("b")) for m in _CENTURY_SPAN.finditer(source)):
        return True  # "in the 14th century" for "from the 13th to the 15th century"
    if c.unit in _IN_YEARS and c.kind != "ordinal" and c.lo == c.hi and not c.per and _years_between(c, claim, source):
        return True  # "lasted five years" for "from 1831 to 1836"
    if _rule_past(c, claim, sq, source) is not None:
        return True  # "a vote arriving at 6 p.m. is not counted" for "by 5 p.m.; those arriving later are not"
    if c.lo == c.hi and negation_count(claim) and any(
            fails_bound(claim[max(0, c.start - 12):c.end + 12], source[m.start():_sentence_at(source, m.start())[1]])
            for m in _ONLY_IF.finditer(source)):
        return True  # "Year 9 pupils may not leave" where they may "only if they are in year 10 or above"
    if c.lo == c.hi and _by_difference(c, claim, sq, source):
        return True  # "It costs 25 EUR a month, 10 EUR less than full membership": full membership 35 EUR
    # ("a week" is one week, read as roughly so: a value, not a vague span)
    if _is_year(c) or (c.vague and c.lo != c.hi) or (c.unit is None and (  # "five years may ..." is no date
            _DATE.match(claim, c.end) or _DATE_BEFORE.search(claim, 0, c.start))):
        return False  # a year, a date or a spoken duration must be stated, not inferred
    # the claim's own bound or hedge ("up to 10", "about 30"): never read against the
    # source's ranges and bounds, and loosens the arithmetic match
    hedged = _BOUND_IN_CLAIM.search(claim, 0, c.start) is not None
    clo, chi = c.base()
    # the claim's bound that a stated range keeps to, reaching it ("up to three working days"
    # for "two to three working days", "at least 2" for "2 to 5")
    upper, lower = _HIGH_BEFORE.search(claim, 0, c.start), _LOW_BEFORE.search(claim, 0, c.start)
    if hedged and (upper or lower) and c.lo == c.hi:
        for s in sq:
            if s.lo < s.hi and _comparable(c, s) and not (c.per and s.per and c.per != s.per) \
                    and _same(chi, s.base()[1] if upper else s.base()[0], c.tol * c.scale):
                return True
        # a bound in the subject names a class ("Work more than three days late receives zero")
        if lower and not upper and not _RULED.search(claim) and c.start >= len(subject_of(claim) or "") \
                and _within_bound(c, claim, True, sq, source):
            return True
    if c.per and any(q.lo == c.lo and q.hi == c.hi and q.per and q.per != c.per and _comparable(c, q) for q in sq):
        return False  # "12 monthly sessions" where the source says "12 weekly": that, not a bound
    for s in [] if hedged else sq:
        if not _comparable(c, s) or (c.per and s.per and c.per != s.per) or not _said_alike(c, claim, s, sq, source):
            continue
        slo, shi = s.base()
        # an age against a bare number ("a 15-year-old", "swimmers under 16"): years against it
        vlo, vhi = (c.lo, c.hi) if c.kind == "age" and s.unit is None else c.base()
        if s.lo < s.hi and slo <= vlo and vhi <= shi and not (c.unit == "o'clock" and _ENDPOINT.search(claim, 0, c.start)):
            return True
        if s.lo < s.hi and (vlo > shi or vhi < slo) and _OUTSIDE.search(source, s.end, s.end + 120):
            return True  # "between 1 and 200; values outside this range return an error"
        if s.lo < s.hi or any(r.lo < r.hi and r.start <= s.start and s.end <= r.end for r in sq):
            continue  # a range or an end of one ("from 6 a.m. to 22:00"): no bound
        at_least, at_most = _bounds_around(source, s)
        bounded = (at_least and vlo >= slo) or (at_most and vhi <= shi)
        said = at_least or at_most
        if bounded and said is not None and (re.search(rf"\b{re.escape(said.group(0).strip())}\s*$", claim[:c.start])
                                             or any(_bounds_around(claim, c))):
            # "taken from 12 metres" restates "taken from 11 metres" with another value, as
            # "aged 18 and over" restates "aged 16 and over": a bound of its own, no value inside
            bounded = False
        if bounded and c.unit != s.unit and c.dimension == "time" and min(abs(vhi), abs(shi)) * _FAR_APART < max(abs(vhi), abs(shi)):
            bounded = False  # "5 to 6 minutes" of cooking is no value inside "up to five days" of storage
        if c.unit == "o'clock" and (_ENDPOINT.search(claim, 0, c.start) or _LAST_ONE.search(claim, 0, c.start)):
            bounded = False  # "closes until 10 a.m." is an end of its own, not one inside "until 11 a.m."
        if _LIMIT_NOUN.search(_clause_around(claim, c)):
            bounded = False  # "the allowance is 23 pounds" names the bound itself, not a value inside it
        if bounded and not _stated_nearer(c, claim, s, sq, source):
            return True
    if c.lo != c.hi:
        return False
    if c.dimension == "time" and any(_close(v, clo, hedged) for v in _clock_spans(sq)):
        return True  # "open for ten hours" where it "opens at 8 a.m. and closes at 6 p.m."
    # operands: exact values of the claim's period (a sum with nothing in it, or of amounts
    # per month for an amount per year, is not arithmetic)
    # (a position, "the fourth day", is no amount to add)
    exact = [s for s in sq if s.lo == s.hi and s.lo != 0 and not (c.per and s.per and s.per != c.per)
             and s.kind != "ordinal"]
    # "was the tallest for about 40 years" between the two years the source dates it by (read
    # whatever else the source counts: the claim's "for" names the span)
    if c.unit == "year" and _SPAN_FOR.search(claim, 0, c.start) and any(
            _is_year(a) and _is_year(b) and _close(abs(a.lo - b.lo) * _UNITS["year"][1], clo, hedged)
            for a in exact for b in exact):
        return True
    # a source with many numbers makes almost any value by chance: arithmetic is read in
    # short sources only
    if len(exact) > MAX_ARITHMETIC_QUANTITIES:
        return False
    if _HALF_PRICE.search(source) and c.dimension is not None and c.unit != "%" and any(
            a.unit == c.unit and _close(a.base()[0] / 2, clo, hedged) for a in exact):
        return True  # "half price for students" and "the full price of 300 EUR": 150 EUR
    # "saves 20% on the standard fee of 600 EUR": 480 EUR
    if _DISCOUNT.search(source) and c.dimension is not None and c.unit != "%" and any(
            p.unit == "%" and a.unit == c.unit and _close(a.base()[0] * (1 - p.lo / 100), clo, hedged)
            for p in exact for a in exact):
        return True
    if not _ARITHMETIC.search(_clause_around(claim, c)):  # "each way" says nothing of "up to 32 kg" after "and"
        # an amount the source gives per item ("each connection reserves about 10 MB") times
        # a count it states ("defaults to 100") is what that many items take: the source's
        # wording announces the product, whatever the claim's
        # so does a count of parts of an amount each: "two halves of 45 minutes" is 90 minutes
        return c.dimension is not None and any(
            b.unit is None and not _is_year(b) and _close(a.base()[0] * b.lo, clo, hedged)
            for a in exact if a.dimension == c.dimension for b in exact
            if _per_item(source, a) or (b.end <= a.start and _PARTS_OF.fullmatch(source, b.end, a.start)))
    if c.unit is None and clo <= SMALL_COUNT and not _COUNT_ARITHMETIC.search(claim):
        return False
    # "per" alone announces a product ("45 EUR per person" for two), no sum: "at most 20 EUR per
    # day" is not the day's 15 EUR and the night's 5 EUR
    announced = {w.lower() for w in _ARITHMETIC.findall(_clause_around(claim, c))}
    product_only = announced == {"per"}
    # "apart" alone announces a difference, no product: "eight weeks apart" is not "two doses,
    # four weeks apart" doubled
    difference_only = announced == {"apart"}
    for i, a in enumerate(exact):
        for j, b in enumerate(exact):
            if i != j and any(_close(v, clo, hedged) for v in (
                    [a.base()[0] * b.lo] if product_only and b.unit is None and a.dimension == c.dimension
                    else [] if product_only
                    # (two like amounts, or two years: a plain count multiplies)
                    else [] if difference_only and not (a.dimension == b.dimension is not None
                                                        or (_is_year(a) and _is_year(b)))
                    else _derived(a, b, c))):
                return True
    return False


#: between a count and the amount of each of its parts: "two halves | of | 45 minutes"
_PARTS_OF = re.compile(r"\s+[a-z]+(?:\s+[a-z]+)?\s+of\s*(?:(?:about|around|roughly)\s*)?", re.IGNORECASE)
#: how many times larger a bound may be than a value said in another unit of time and still
#: be read as its bound: "6 minutes" is no value within "up to five days"
_FAR_APART = 100
#: the source halves a price it states elsewhere
_HALF_PRICE = re.compile(r"\bhalf[ -](?:the\s+)?(?:price|fare|fee|rate|cost)\b|\b50\s*%\s+off\b")
#: a year named relative to the one before it in the sentence
#: ("a year later" and "a year earlier" are :data:`_YEARS_LATER`'s)
_NEXT_YEAR = re.compile(r"\bthe\s+(?:following|next|subsequent)\s+year\b")
_YEAR_BEFORE = re.compile(r"\bthe\s+(?:previous|preceding)\s+year\b")
_RELATIVE_REACH = 80
#: "four years later", "two years earlier"
_YEARS_LATER = re.compile(r"\b(?P<n>\d{1,2}|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+"
                          r"years?\s+(?P<way>later|afterwards|after|earlier|before)\b")


_BORN_IN = re.compile(r"\bborn\b[^.;]{0,40}?\b(?P<year>1\d{3}|20\d{2})\b")
_AT_AGE = re.compile(r"\b(?:at\s+the\s+age\s+of|aged|at\s+age)\s+(?P<age>\d{1,3}|[a-z]+)\b")


#: a thing that takes another's amounts times a factor: "The pro model doubles both" (not
#: "until doubled in size", "double-sided")
_MULTIPLIES = re.compile(r"\b(?P<how>doubles|triples|halves|quadruples)\s+(?!in\b)(?=[a-z])")
_FACTORS = {"doubl": 2.0, "tripl": 3.0, "halv": 0.5, "quadrupl": 4.0}


def _multiplied(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """The claim's value is a source value of its unit times the factor a sentence of the
    source names ("doubles both", "halves the price"), and the claim names a thing of that
    sentence ("The pro model has 512 GB")."""
    mine = content_words(claim[: c.start] + " " + claim[c.end:])
    for m in _MULTIPLIES.finditer(source):
        factor = next(f for k, f in _FACTORS.items() if m.group("how").startswith(k))
        a, b = _sentence_at(source, m.start())
        if not mine & content_words(re.split(r"[,;]|\band\b", source[a:m.start()])[-1]):
            continue  # the claim names the thing that doubles
        if any(s.unit == c.unit and s.lo == s.hi and not (c.per and s.per and c.per != s.per)
               and abs(s.lo * factor - c.lo) <= 1e-9 * max(1.0, c.lo) for s in sq):
            return True
    return False


#: an amount given as a difference from another thing's: "10 EUR less than full membership",
#: "two hours longer than the weekday service"
_DIFFERENCE = re.compile(r"\s*(?P<way>less|cheaper|lower|fewer|shorter|smaller|more|dearer|higher|longer|larger)\s+than\s+"
                         r"(?P<other>[^,;.]+)")
_LESS_WAYS = frozenset("less cheaper lower fewer shorter smaller".split())
#: the most words of the other thing a claim must name
_NAMED_WORDS = 3


def _by_difference(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """The claim's value is a source amount moved by a difference the same sentence gives
    against another thing ("It costs 25 EUR a month, 10 EUR less than full membership": full
    membership costs 35 EUR), and the claim names that other thing."""
    mine = content_words(claim[: c.start] + " " + claim[c.end:])
    for d in sq:
        m = _DIFFERENCE.match(source, d.end)
        if m is None or d.lo != d.hi or not _comparable(c, d):
            continue
        # the claim names the other thing ("full membership"), by its first words when it is long
        other = content_words(m.group("other"))
        if not other or not set([stem(w) for w in words(m.group("other")) if stem(w) in other][:_NAMED_WORDS]) <= mine:
            continue
        a, _ = _sentence_at(source, d.start)
        for s in sq:
            if s is d or not (a <= s.start < d.start) or s.lo != s.hi or not _comparable(s, d) \
                    or (c.per or s.per) and (c.per or s.per) != (s.per or c.per):
                continue
            value = s.base()[0] + (d.base()[0] if m.group("way") in _LESS_WAYS else -d.base()[0])
            if _close(value, c.base()[0], False):
                return True
    return False


#: a span of years a sentence gives an event with its year: "after five years of work",
#: "took three years", "for ten years"
_SPAN_OF_YEARS = re.compile(r"\b(?:after|over|took|taking|lasting|for)\s+(?:about\s+|nearly\s+|almost\s+)?"
                            r"(?P<n>\d{1,3}|[a-z]+)\s+years?\b")


def _year_of_span(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """The claim's year is a year of the source moved by a span of years its sentence gives
    ("completed in 1936 after five years of work": work began in 1931), for another event
    than the one the source dates ("was completed in 1941" is the completion moved)."""
    mine = set(words(claim))
    for s in sq:
        if not _is_year(s):
            continue
        a, b = _sentence_at(source, s.start)
        dated = {w for w in words(source[max(a, s.start - _COUNTERPART_REACH):s.start]) if w.endswith(("ed", "en"))}
        if dated & mine:
            continue
        for m in _SPAN_OF_YEARS.finditer(source, a, b):
            years = _times(m.group("n"))
            if years and c.lo in (s.lo - years, s.lo + years):
                return True
    return False


#: an uncounted amount before a period: "as many lessons | a day", "unlimited calls | a month"
_UNCOUNTED_BEFORE = re.compile(r"\b(?:many|much|unlimited|any\s+number\s+of)(?:\s+[a-z-]+){0,2}\s*$")
#: "double" as a factor ("or double on public holidays", "paid double", "double the price"), not
#: a kind of thing ("a double room", "double-sided")
_DOUBLE = re.compile(r"\b(?:or|and|at|paid|pays|pay|is|are|costs?)\s+double\b(?!-)(?!\s+(?:rooms?|beds?|deckers?|glazing|"
                     r"doors?|sided|espresso|cream)\b)|\bdouble\s+the\s+(?:normal|usual|standard|regular)\b")
_ONE_OF_UNIT = re.compile(r"^(?:one|a|an)\s+(?P<noun>[a-z]+)$")


def _the_unit_itself(c: Quantity, sq: list[Quantity], source: str) -> bool:
    """The claim's "one year" or "a day" names the unit itself, as the source does with no
    figure ("its year", "the day"), where the source gives no amount of that unit: nothing to
    compare."""
    m = _ONE_OF_UNIT.match(c.text.lower())
    if m is None or c.unit is None or any(s.unit == c.unit and not _ONE_OF_UNIT.match(s.text.lower()) for s in sq) \
            or any(s.per == c.unit for s in sq) \
            or any(_agree(c, s) for s in sq):  # (stated as a figure: read as one, of what it is said)
        return False
    return re.search(rf"\b(?:its|their|the|a|an|one|each|every)\s+{re.escape(m.group('noun'))}\b", source) is not None


def _year_from_age(c: Quantity, claim: str, source: str) -> bool:
    """The claim's year is the birth year the source gives plus an age at which the source
    says the claim's event happened ("born in 1756 ... wrote his first symphony at the age of
    eight": 1764, or the year after, the birthday unsaid); the claim names that event."""
    born = _BORN_IN.search(source)
    if born is None:
        return False
    mine = content_words(claim[: c.start] + " " + claim[c.end:])
    for m in _AT_AGE.finditer(source):
        years = _times(m.group("age"))
        if years is None or c.lo - int(born.group("year")) not in (years, years + 1):
            continue
        a, b = _sentence_at(source, m.start())
        if mine & (content_words(source[a:b]) - content_words(m.group(0)) - content_words(born.group(0))):
            return True
    return False


def _year_of_other_event(c: Quantity, claim: str, source: str) -> str | None:
    """The part of a source sentence that dates another event with the claim's year, when the
    claim gives that year to an event a part with another year names ("was founded in 2012"
    where "was founded in Helsinki in 1998 and moved its headquarters to Stockholm in 2012"):
    the claim's words are the other part's, none of the year's own part. Short sources only: a
    long one's pages join dates and events by chance (a page's "date modified")."""
    if len(sentences(source)) > MAX_NAMING_STATEMENTS:
        return None
    folded_claim, folded_source = fold(claim), fold(source)
    mine = content_words(folded_claim[: c.start] + " " + folded_claim[c.end:])
    for s in quantities(folded_source):
        if not _is_year(s) or not _agree(c, s):
            continue
        a, b = _sentence_at(folded_source, s.start)
        cuts = [a, *(x for m in _EVENT_CUT.finditer(folded_source, a, b) for x in (m.start(), m.end())), b]
        spans = [(cuts[k], cuts[k + 1]) for k in range(0, len(cuts) - 1, 2)]
        at = next((k for k, (x, y) in enumerate(spans) if x <= s.start < y), None)
        if at is None:
            continue
        home = folded_source[spans[at][0]:spans[at][1]]
        others = [folded_source[x:y] for k, (x, y) in enumerate(spans)
                  if k != at and any(_is_year(q) for q in quantities(folded_source[x:y]))]
        if not others:
            continue
        own = content_words(home) - content_words(s.text)
        theirs = frozenset().union(*(content_words(p) for p in others)) - own
        if mine & theirs and not mine & own:
            return home.strip(" ,;.")
    return None


#: where a sentence's events part: "founded in 1998 | and moved its headquarters in 2012"
_EVENT_CUT = re.compile(r";\s+|,\s+(?:and\s+|then\s+)?|\s+and\s+(?=(?:then\s+)?[a-z]{3,}(?:ed|en|wn|ght|ld)\b)")


def _year_of_later_part(c: Quantity, claim: str, source: str) -> str | None:
    """The part of the source sentence after a year the claim gives ("1997") that names
    another time for a thing only it names ("in the UK in 1997 and in the US a year later"),
    when the claim gives the year to that thing ("published in the US in 1997")."""
    folded_claim, folded_source = fold(claim), fold(source)
    caps = {w.lower() for w in _CAPS.findall(claim)}  # "US", which reads as a stopword
    mine = content_words(folded_claim[: c.start] + " " + folded_claim[c.end:]) | caps
    for s in quantities(folded_source):
        if not _is_year(s) or not _agree(c, s):
            continue
        a, b = _sentence_at(folded_source, s.start)
        after = folded_source[s.end:b]
        m = _YEARS_LATER.search(after) or _NEXT_YEAR.search(after) or _YEAR_BEFORE.search(after)
        if m is None:
            continue
        part = after[: m.end()]
        own = (content_words(part) | caps & set(words(part))) - content_words(folded_source[a:s.start]) \
            - content_words(m.group(0))
        # what the year is said of before it ("in the UK in 1997"): the part's counterpart
        near = folded_source[max(a, s.start - _COUNTERPART_REACH):s.start].split(" ", 1)[-1]  # whole words
        counterpart = content_words(near) | caps & set(words(near))
        if mine & own and not mine & counterpart - _YEAR_FRAME:
            return part.strip(" ,;")
    return None


_CAPS = re.compile(r"\b[A-Z]{2,}\b")
_COUNTERPART_REACH = 30


#: words that set a year in a sentence and name no thing of it
_YEAR_FRAME = content_words("first published released founded built opened born died won held came out")


def _years_on(source: str, year: Quantity) -> list[int]:
    """How many years on from ``year`` the words after it (in its reach) name another:
    "the following year" 1, "four years later" 4, "the previous year" -1."""
    after = source[year.end:year.end + _RELATIVE_REACH]
    steps = [1] if _NEXT_YEAR.search(after) else [-1] if _YEAR_BEFORE.search(after) else []
    for m in _YEARS_LATER.finditer(after):
        n = m.group("n").lower()
        count = int(n) if n.isdigit() else 1 if n == "a" else _NUMBER_WORDS.get(n, 0)
        steps.append(count if m.group("way").lower() in ("later", "afterwards", "after") else -count)
    return steps
#: a share taken off a price: "saves 20%", "20% off", "a 10% discount"
_DISCOUNT = re.compile(r"\b(?:saves?|saving|off|discount(?:ed)?|reduction|reduced\s+by|less)\b")
#: a noun that makes the claim's value a bound itself
_LIMIT_NOUN = re.compile(r"\b(?:allowance|limit|maximum|minimum|cap|quota|threshold|ceiling)\b")


def _clause_around(text: str, q: Quantity) -> str:
    """The clause of ``text`` that holds ``q``: from the last comma, semicolon, "and" or "but"
    before it to the first after it."""
    cut = re.compile(r"[,;]|\band\b|\bbut\b")
    before = [m.end() for m in cut.finditer(text, 0, q.start)]
    after = cut.search(text, q.end)
    return text[before[-1] if before else 0:after.start() if after else len(text)]


def _lead(text: str, start: int, n: int = 1) -> frozenset[str]:
    """The last ``n`` content words before ``start`` in its clause: what a value is said of
    ("charges to 80% in" of "45 minutes")."""
    clause = re.split(r"[,;:]|\band\b|\bbut\b", text[max(0, start - 80):start])[-1]
    kept = content_words(clause)
    return frozenset([w for w in (stem(x) for x in words(clause)) if w in kept][-n:])


def _stated_nearer(c: Quantity, claim: str, s: Quantity, sq: list[Quantity], source: str) -> bool:
    """Another exact value of the same kind in the bound's sentence is said with the word the
    claim says its value with, and the bound ``s`` is not: "charges to 80% in 30 minutes" is
    not within "lasts up to 12 hours ... and charges to 80% in 45 minutes"."""
    mine = _lead(claim, c.start)
    if not mine:
        return False
    theirs = len(mine & _lead(source, s.start))
    a, b = _sentence_at(source, s.start)
    return any(q is not s and a <= q.start < b and q.lo == q.hi and _comparable(c, q) and not _agree(c, q)
               and len(mine & _lead(source, q.start)) > theirs for q in sq)


def _nearest_said(c: Quantity, claim: str, found: list[Quantity], text: str) -> Quantity | None:
    """Of the quantities ``found`` in ``text``, the one said in the words nearest the claim's
    around ``c`` (the first on a tie): "4 p.m." of "from 10 a.m. to 4 p.m. on Saturdays" for
    "closes at 6 p.m. on Saturdays", not the weekdays' "9 a.m."."""
    own = content_words(claim[: c.start] + " " + claim[c.end:])
    return max(found, key=lambda s: len(own & content_words(text[max(0, s.start - 50): s.end + 50])),
               default=None)


#: a time of day the claim gives as an end of something ("closes at 6 p.m."): a time inside
#: the source's "from 9 a.m. to 8 p.m." is then no end the source states
_ENDPOINT = re.compile(r"\b(?:(?:opens|opening|closes|closing|shuts|shutting|starts|starting|ends|ending|"
                       r"finishes|begins|until|till|from|(?:is|are|be)\s+by)|(?:will|to|must|should|can|may|does|do|did)\s+(?:not\s+)?"
                       r"(?:open|close|shut|start|end|finish|begin))\s+(?:at\s+|by\s+)?$")


#: a time said of the first or last one: "The last bus runs at 11 p.m." is no time inside "after 8 p.m."
_LAST_ONE = re.compile(r"\b(?:last|first|latest|earliest|final)\b")


def _sentence_at(text: str, pos: int) -> tuple[int, int]:
    """The span of the sentence of ``text`` that holds ``pos`` (the whole text if none).
    Callers pass folded text too, where the segmenter misses some sentence ends; splitting it
    with :func:`_sentences_of` instead was measured and not kept: two year and age checks read
    the neighbouring sentence through such a missed end (bench/RESULTS.md, fortieth session)."""
    return next(((a, b) for a, b in sentences(text) if a <= pos < b), (0, len(text)))


def _said_alike(c: Quantity, claim: str, s: Quantity, sq: list[Quantity], source: str) -> bool:
    """The source's range or bound ``s`` (one of its quantities ``sq``) may bound the claim's
    value: its sentence is not about another subject (:func:`_said_of_other_subject`) and
    shares a word with the claim (:func:`_shares_words`)."""
    a, b = _sentence_at(source, s.start)
    if _said_of_other_subject(claim, source[a:b], source[:a] + " " + source[b:]):
        return False
    if _TIMES_COUNT.fullmatch(c.text.lower()) and not _TIMES_COUNT.fullmatch(s.text.lower()):
        return False  # "renewed twice" counts times, not the "five e-books" a bound counts
    if c.unit is None and s.unit is None and c.kind != "age" and (mine := _count_noun(claim, c.end)) \
            and (theirs := _count_noun(source, s.end)) and mine != theirs and theirs not in _ANY_THING:
        return False  # counts of other things: "eight modules" against "at least five quizzes"
    return _shares_words(c, claim, s, sq, source[a:b])


#: count nouns that take in any thing counted: "up to three items" bounds "two mattresses"
_ANY_THING = frozenset(stem(w) for w in "item items thing things piece pieces unit units article articles object "
                       "objects people person persons".split())


def _count_noun(text: str, end: int) -> str:
    """The stem of the plural right after a count when it names what is counted ("five
    quizzes"), else "" ("70000 is rejected", "65535; values", "under 16 need")."""
    m = re.match(r"[ \t]+([a-z][a-z-]+s)\b", text[end:].lower())  # (a plural: "16 need" counts nothing)
    return stem(m.group(1)) if m and m.group(1) not in STOPWORDS else ""


def _said_of_other_subject(claim: str, sentence: str, elsewhere: str) -> bool:
    """The sentence says its values of a subject the claim does not name, while the claim's
    subject is not in it but in another sentence of the source: "Battery replacements take up
    to 3 days" bounds nothing of "Screen repairs take 2 days" where screen repairs have their
    own sentence. Short subjects only (four words at most)."""
    mine, theirs = subject_of(claim), subject_of(sentence)
    if not mine or not theirs or len(words(mine)) > 4 or len(words(theirs)) > 4:
        return False
    mine_words, their_words = content_words(mine), content_words(theirs)
    return bool(mine_words) and bool(their_words) and not mine_words & content_words(sentence) \
        and not their_words & content_words(claim) and mine_words <= content_words(elsewhere)


def _shares_words(c: Quantity, claim: str, s: Quantity, sq: list[Quantity], sentence: str) -> bool:
    """The source's range or bound ``s`` is said in a ``sentence`` that shares a content word
    with the claim: "results within three working days" bounds nothing of "fast for 12 hours
    before the test"; or it is the source's one span of a day (of its quantities ``sq``), and
    the claim's a time of day."""
    if c.unit == s.unit == "o'clock" and s.lo < s.hi and \
            sum(1 for q in sq if q.unit == "o'clock" and q.lo < q.hi) == 1:
        return True  # the source's one span of the day: "pick it up at 5:30" in "collection is 4 to 7 p.m."
    return bool(content_words(_without_clock(claim)) & content_words(_without_clock(sentence)))


#: a span counted from an event: "six hours after the start", "two hours before closing"
_COUNTED_FROM = re.compile(r"\s+(?P<way>after|later\s+than|from|before|prior\s+to)\b", re.IGNORECASE)


def _clock_offsets(sq: list[Quantity], source: str) -> set[float]:
    """Times of day (minutes after midnight) that a span the source counts after or before an
    event makes with the time of day said last before it: "starts at 8 a.m. on Sunday, and the
    course closes six hours after the start" is 2 p.m."""
    out = set()
    for span in sq:
        m = _COUNTED_FROM.match(source, span.end)
        if span.dimension != "time" or span.lo != span.hi or span.vague or m is None:
            continue
        # the time of the event: the nearest time of day before the span, in its sentence
        # (``source`` may be folded, its sentences unmarked: within 120 characters)
        clocks = [q for q in sq if q.unit == "o'clock" and q.lo == q.hi and span.start - 120 <= q.end <= span.start]
        if clocks:
            way = 1 if m.group("way").lower() in ("after", "later than", "from") else -1
            out.add((clocks[-1].lo + way * span.base()[0] / 60) % _DAY_END)
    return out


_WITHIN_END = re.compile(r"\bwithin\s*$")
_BY_YEAR = re.compile(r"\b(?:by|before)\s*$")
#: "eleven years | after construction began": the event a span of years is counted from
_YEARS_FROM = re.compile(r"\s+(?P<way>after|before)\s+(?P<event>[^,.;:]{3,60})")


def _year_counted(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """The claim dates an event by a span of years the source counts from a year it states
    ("opened in 1932, eleven years after construction began": construction began in 1921),
    and names that event (every content word of it) (folded texts)."""
    if not _is_year(c):
        return False
    mine = {stem(w) for w in content_words(claim)}
    for span in sq:
        if span.unit == "year" and span.lo == span.hi and not span.vague and _WITHIN_END.search(source, 0, span.start) \
                and _BY_YEAR.search(claim, 0, c.start):
            # "by 1835" where "completed in 1825 ... within ten years": the latest year it says
            years = [q for q in sq if _is_year(q) and span.start - 200 <= q.end <= span.start]
            if years and c.lo == years[-1].lo + span.lo:
                return True
        m = _YEARS_FROM.match(source, span.end)
        if span.unit != "year" or span.lo != span.hi or span.vague or m is None:
            continue
        event = {stem(w) for w in content_words(m.group("event"))}
        years = [q for q in sq if _is_year(q) and span.start - 120 <= q.end <= span.start]
        way = -1 if m.group("way") == "after" else 1
        if years and event and event <= mine and c.lo == years[-1].lo + way * span.lo:
            return True
    return False


def same_bound(claim: str, text: str) -> bool:
    """The claim bounds a value ("four hours or more") the way ``text`` bounds it ("at least
    four hours apart"): the same value, the same side."""
    folded_claim, folded = fold(claim), fold(text)
    # (a bound of amount, "at least four hours apart"; a time of day a window ends at, "before
    # 10 a.m.", is the window the permission gives)
    bounds = [(q, kind) for q in quantities(folded) if q.unit != "o'clock" and (kind := _bound_kind(q, folded)) is not None
              and not _WINDOW_WORD.search(folded, 0, q.start)]
    # (a bound in the claim's condition is no duty of it: "must be prescribed if symptoms last
    # longer than three weeks")
    return any(_agree(c, q) and _bound_kind(c, folded_claim) == kind
               for c in quantities(folded_claim) if not _IN_CONDITION.search(folded_claim, 0, c.start)
               for q, kind in bounds)


_WINDOW_WORD = re.compile(r"\b(?:before|after|until|till|by|from|within|since)\s*$")
_IN_CONDITION = re.compile(r"\b(?:if|when|unless|once|provided|where|whenever)\b[^,;.]*$")


def bound_restated(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's bound, source's)`` when the claim denies more than a value ("No group has more
    than eight children") that a source sentence gives as an upper bound ("groups have at most
    eight children") and holds every other content word of the claim: the model reads the
    denial as a contradiction."""
    folded_claim, folded_source = fold(claim), fold(source)
    denied = [m for m in NEGATED_BOUND.finditer(folded_claim) if re.search(r"\b(?:more|longer|later|greater|higher)\s+than$",
                                                                          m.group(0))]
    if len(denied) != 1:
        return None
    cq = [c for c in quantities(folded_claim) if c.start >= denied[0].end() - 1]
    if len(cq) != 1 or len(quantities(folded_claim)) != 1:
        return None
    c = cq[0]
    mine = {stem(w) for w in content_words(folded_claim[: denied[0].start()] + " " + folded_claim[c.end:])}
    for q in quantities(folded_source):
        low, high = _bounds_around(folded_source, q)
        if not _agree(c, q) or high is None or low is not None or _DENIED_BOUND.search(folded_source, 0, high.start()):
            continue
        a, b = _sentence_at(folded_source, q.start)
        if mine <= {stem(w) for w in content_words(folded_source[a:b])} | {stem("has"), stem("have")}:
            return denied[0].group(0) + " " + c.text, high.group(0) + " " + q.text
    return None


def counted_year(claim: str, source: str) -> str | None:
    """The source's span and year when the claim's one quantity is a year the source counts
    from another (:func:`_year_counted`: "founded in 1885" where it "moved in 1902, seventeen
    years after it was founded") and a source sentence holds every other content word of the
    claim: the claim is the source's arithmetic, which the model reads as two years that
    disagree."""
    cq = quantities(claim)
    folded_claim, folded_source = fold(claim), fold(source)
    sq = quantities(folded_source, ranges=True)
    if len(cq) != 1 or not _is_year(cq[0]) or any(_agree(cq[0], q) for q in sq) \
            or not _year_counted(cq[0], folded_claim, sq, folded_source):
        return None
    mine = {stem(w) for w in content_words(claim[: cq[0].start] + " " + claim[cq[0].end:])}
    spans = sentences(source)
    topic = {stem(w) for w in content_words(source[spans[0][0]:spans[0][1]])} if spans else set()
    for a, b in spans:
        said = {stem(w) for w in content_words(source[a:b])}
        # (a sentence that speaks of the first one's subject as "it": "Its tolls repaid ...")
        if mine <= said or (_PRONOUN_LEAD.match(source[a:b]) and mine - said <= topic and len(mine & said) >= 2):
            return source[a:b].strip()
    return None


_PRONOUN_LEAD = re.compile(r"\s*(?:it|its|they|their)\b", re.IGNORECASE)


def _clock_spans(sq: list[Quantity]) -> list[float]:
    """The lengths, in seconds, of the spans between the source's times of day: each range
    ("from 8 a.m. to 6 p.m.") and each two times stated one after the other ("opens at 8 a.m.
    and closes at 6 p.m.")."""
    clocks = [q for q in sq if q.unit == "o'clock"]
    spans = [(q.hi - q.lo) * 60 for q in clocks if q.lo < q.hi]
    spans += [(b.lo - a.lo) * 60 for a, b in zip(clocks, clocks[1:]) if a.lo == a.hi and b.lo == b.hi and a.lo < b.lo]
    return spans


_EACH_BEFORE = re.compile(r"\b(?:each|every|per)\s+[a-z][^,;:.!?]{0,60}$")
_EACH_AFTER = re.compile(r"^\s*(?:of\s+[a-z]+\s+)?(?:each|apiece|per\s+[a-z]+|a\s+piece)\b")


def _per_item(source: str, q: Quantity) -> bool:
    """The source states ``q`` per item: "each connection reserves 10 MB", "quarters of 12
    minutes each", "10 MB per connection"."""
    return bool(_EACH_BEFORE.search(source, 0, q.start) or _EACH_AFTER.match(source[q.end:]))


def _derived(a: Quantity, b: Quantity, c: Quantity) -> list[float]:
    """Values of ``c``'s kind (in its base unit) one operation makes from ``a`` and ``b``:
    a sum or difference of two like quantities, a product with a plain number, a ratio of
    two like quantities (a plain number). Years subtract to a number of years."""
    (ab, _), (bb, _) = a.base(), b.base()
    out = []
    if c.dimension is not None:
        if a.dimension == c.dimension and b.dimension == c.dimension:
            out += [ab + bb, abs(ab - bb)]
        if a.dimension == c.dimension and b.unit is None:
            out.append(ab * b.lo)
        if c.unit == "year" and _is_year(a) and _is_year(b):
            out.append(abs(a.lo - b.lo) * _UNITS["year"][1])
    elif c.unit is None:
        if a.dimension == b.dimension or (a.unit is None and b.unit is None):
            out += [ab / bb] if bb else []
            if a.unit is None and b.unit is None and not (_is_year(a) or _is_year(b)):
                out += [a.lo + b.lo, abs(a.lo - b.lo), a.lo * b.lo]
    elif c.unit == a.unit == b.unit:  # "%", "£" and other units without a dimension
        out += [a.lo + b.lo, abs(a.lo - b.lo)]
    return out


def _close(a: float, b: float, approx: bool) -> bool:
    return abs(a - b) <= (0.1 if approx else 0.005) * max(abs(a), abs(b)) + 1e-9


def check_rows(claim: str, source: str) -> str | None:
    """Table-row consistency: in a source with table rows (:func:`citadel.verify.tables.rows`:
    ``a | b``, tab-separated, or ``Header: value; Header: value`` records), each claim number
    must sit in a row that also holds the claim's row-identifying words. Returns a
    description of the mix-up, or None."""
    table = rows(source)
    cq = quantities(claim)
    if not table or not cq:
        return None
    named = named_rows(claim, table)
    if not named:
        return None
    # a number of a row's key ("Notice 90") names that row: it is no value to place
    keys = [q for i in named if table[i].cells for q in quantities(table[i].cells[0].value)]
    row_q = [quantities(r.text) for r in table]
    for c in cq:
        if any(_agree(c, k) for k in keys):
            continue
        homes = [i for i, qs in enumerate(row_q) if any(_agree(c, s) for s in qs)]
        if homes and not set(homes) & set(named):
            return (f"'{c.text}' belongs to another row ('{table[homes[0]].text.strip()}'), not to "
                    f"'{table[named[0]].text.strip()}'")
    return None


#: comparatives and the way they order two values (+1: the first is the larger)
_MORE = frozenset("higher more greater larger bigger longer faster heavier taller older dearer costlier "
                  "wider deeper".split())
_LESS = frozenset("lower less fewer smaller shorter slower lighter cheaper younger narrower "
                  "shallower".split())

_MONEY = frozenset({"usd", "eur", "gbp"})
_PRICED = frozenset("cost costs costing charge charges charged priced".split())
#: comparatives that order one kind of quantity only
_COMPARED = {"cheaper": _MONEY, "dearer": _MONEY, "costlier": _MONEY, "heavier": {"mass"}, "lighter": {"mass"},
             "older": {"time"}, "younger": {"time"}, "taller": {"length"}, "wider": {"length"},
             "narrower": {"length"}, "deeper": {"length"}, "shallower": {"length"}}


def compare_rows(claim: str, source: str) -> str | None:
    """A comparison between two rows that their values contradict: "The X100 is not slower
    than the X200 at writing" where the X100's row gives 2,500 MB/s and the X200's 5,000 MB/s
    for "Write speed". None when the claim compares nothing, names not exactly two rows, or the
    compared column is not clear (the header the claim names, else the one column whose
    values are comparable quantities in both rows).

    "A is <comparative> than B" orders A's value against B's; a negation ("not slower than")
    turns the order and allows a tie."""
    ws = words(claim)
    if "than" not in ws:
        return None
    cmp = [w for w in ws[: ws.index("than")] if w in _MORE or w in _LESS]
    table = rows(source)
    if len(cmp) != 1 or not table:
        return None
    named = named_rows(claim, table)
    if len(named) != 2:
        return None
    a, b = table[named[0]], table[named[1]]
    if not a.cells or not b.cells:
        return None
    headers = [c.header for c in named_cells(claim, a) if c is not a.cells[0]]
    at = ws.index(cmp[0])
    # "costs more": a price, whatever the comparative
    dims = _MONEY if at and ws[at - 1] in _PRICED else _COMPARED.get(cmp[0])
    if not headers:  # no column named: the one whose values the comparative can order
        headers = [c.header for c in a.cells[1:]]
    pairs = []
    for h in headers:
        ca = next((c for c in a.cells if c.header == h), None)
        cb = next((c for c in b.cells if c.header == h), None)
        qa = quantities(ca.value) if ca else []
        qb = quantities(cb.value) if cb else []
        if len(qa) == 1 and len(qb) == 1 and _comparable(qa[0], qb[0]) and not qa[0].vague \
                and not qb[0].vague and (dims is None or qa[0].dimension in dims):
            pairs.append((h, qa[0], qb[0]))
    if len(pairs) != 1:
        return None
    h, x, y = pairs[0]
    va, vb = x.base()[1], y.base()[1]
    sign = 1 if cmp[0] in _MORE else -1
    negated = any(w in ("not", "never") or w.endswith("n't") for w in ws[: ws.index("than")])
    holds = (sign * (va - vb) <= 0) if negated else (sign * (va - vb) > 0)
    if holds:
        return None
    return (f"the claim compares two rows, but '{h}' is {x.text} in '{a.text.strip()}' and "
            f"{y.text} in '{b.text.strip()}'")



#: ways a claim says what the source's amounts say without restating the figure, each read as
#: ``f(claim quantity, claim, source quantities, source)`` (folded texts) by :func:`check_numbers`:
#: an age a bound leaves out, denied ("A 17-year-old cannot join" where "aged 18 and over"); a
#: value outside an "only" range, denied; a time past a deadline called late; a duration past a
#: threshold counted from; "a day's" of a daily amount; "first month" for "first 30 days"
#: a grant of one of a thing, or of doing it once: "may rent one plot", "may resit an exam once"
_GRANT_OF_ONE = re.compile(r"\b(?:may|can|allowed\s+to|permitted\s+to)\s+(?P<act>(?:[a-z]+\s+){1,4}?)(?:(?P<once>once)|"
                           r"(?:one|a\s+single)\s+(?P<thing>[a-z]+))\b")


#: a refusal ("cannot", "may not", "not allowed"), not a negative word ("a failed exam")
_REFUSED = re.compile(r"\b(?:cannot|not|never|no)\b|n't\b")


def count_past_one(claim: str, source: str) -> str | None:
    """The claim's count above one that it denies where the source grants one (:func:`_past_one`)."""
    claim, source = fold(claim), fold(source)
    sq = quantities(source)
    return next((c.text for c in quantities(claim) if _past_one(c, claim, sq, source)), None)


def _past_one(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """A count above one the claim denies ("A household cannot rent two plots", "cannot resit
    an exam twice") where the source grants one of the thing, or the act once."""
    if c.lo != c.hi or c.lo < 2 or c.unit is not None or not _REFUSED.search(claim):
        return False
    times = _TIMES_COUNT.fullmatch(c.text.lower()) is not None
    noun = _count_noun(claim, _number_end(claim, c)) if not times else ""
    for m in _GRANT_OF_ONE.finditer(source):
        verbs = content_words(m.group("act")) & content_words(claim)
        if not verbs:
            continue
        if (times and m.group("once")) or (noun and m.group("thing") and stem(m.group("thing")) in (noun, noun.rstrip("s"))):
            return True
    return False


#: a free allowance of a span: "free for the first 30 minutes", "the first two hours are free"
_FREE_FIRST_BEFORE = re.compile(r"\bfree\s+(?:of\s+charge\s+)?for\s+the\s+first\s*$")
_FIRST_BEFORE_FREE = re.compile(r"\bthe\s+first\s*$")
#: a claim that something is free by what is paid: "pays nothing for", "has no minute charge"
_PAYS_NOTHING = re.compile(r"\b(?:pays?|paid|paying|owes?|costs?)\s+nothing\b|\b(?:has|have|with|is)\s+no\s+(?:[a-z]+\s+)?(?:charge|cost|fee)s?\b")


def _inside_free_first(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """A span of the claim's, said free, that a free allowance of the source's holds ("Parking
    for 20 minutes is free" where it "is free for the first 30 minutes")."""
    free = _FREE.search(claim) or _PAYS_NOTHING.search(claim)
    if c.lo != c.hi or c.dimension != "time" or c.unit == "o'clock" or free is None \
            or negation_count(claim[: free.start()] + claim[free.end():]):  # ("no charge" is the freedom)
        return False
    for s in sq:
        if s.lo != s.hi or s.unit == "o'clock" or not _comparable(c, s) or c.base()[0] > s.base()[0]:
            continue
        if _FREE_FIRST_BEFORE.search(source, max(0, s.start - 40), s.start) or (
                _FIRST_BEFORE_FREE.search(source, max(0, s.start - 12), s.start) and _FREE_AFTER.match(source, s.end)):
            return True
    return False


#: a time a place opens or closes at: "opens at 7 a.m.", "closes at 10 p.m."
_OPENS_AT = re.compile(r"\bopens?\s+at\s*$")
_CLOSES_AT = re.compile(r"\b(?:closes?|shuts?)\s+at\s*$")
#: a claim that says when something opens or closes, or an end: those are the times themselves
_ENDPOINT_WORDS = re.compile(r"\b(?:opens?|opening|closes?|closing|shuts?|until|till|from|by|before|after)\b")


def _while_open(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """A time of day inside the hours a source sentence gives by when it opens and closes ("you
    can shop there at 9 p.m." where it "opens at 7 a.m. and closes at 10 p.m."), on a day the
    sentence does not except."""
    if c.unit != "o'clock" or c.lo != c.hi or _ENDPOINT_WORDS.search(claim):
        return False
    mine = days_named(claim)
    for o in sq:
        if o.unit != "o'clock" or o.lo != o.hi or not _OPENS_AT.search(source, max(0, o.start - 12), o.start):
            continue
        a, b = _sentence_at(source, o.start)
        close = next((q for q in sq if q.unit == "o'clock" and q.lo == q.hi and o.end <= q.start < b
                      and _CLOSES_AT.search(source, max(0, q.start - 12), q.start)), None)
        if close is None or not o.lo < c.lo < close.lo:
            continue
        excepted = re.search(r"\bexcept\s+(?:on\s+)?([a-z ,]+)", source[close.end:b])
        if mine and excepted and mine & days_named(excepted.group(1)):
            continue
        return True
    return False


#: an age said by when it is reached: "turns eight", "reaches 18", "at the age of six"
_AGE_REACHED = re.compile(r"\b(?:turns?|turned|turning|reach(?:es|ed|ing)?|(?:at\s+)?the\s+age\s+of|aged?)\s*$")
#: the same age said as a birthday: "the child's eighth birthday", "their 18th birthday"
_BIRTHDAY = re.compile(r"\b(" + "|".join(sorted(_NTH, key=len, reverse=True)) + r"|[1-9]\d?(?:st|nd|rd|th))\s+birthday\b")


def _birthday_said(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """The claim's age reached ("when the child turns eight") is the source's birthday ("until
    the child's eighth birthday") (folded texts)."""
    return c.lo == c.hi and c.unit in (None, "year") and c.kind != "ordinal" \
        and _AGE_REACHED.search(claim, max(0, c.start - 20), c.start) is not None \
        and any(_nth(m.group(1)) == c.lo for m in _BIRTHDAY.finditer(source))


#: the thing an amount is the size of: "a 20 EUR gift", "a 3 kg parcel"; "gifts worth 20 EUR"
_SIZED_NOUN_AFTER = re.compile(r"\s*(?:[a-z]+-)?(?P<noun>[a-z]{3,})\b")
_SIZED_NOUN_BEFORE = re.compile(r"\b(?P<noun>[a-z]{3,})\s+(?:worth|weighing|costing|priced\s+at|of)\s*$")
def _one_of_any(c: Quantity, claim: str, sq: list[Quantity], source: str) -> bool:
    """The claim's amount sizes a thing ("a 20 EUR gift") of which a sentence holding all the
    claim's other content words says something of every one, with no amount ("may not accept
    any gifts at all", "all parcels are tracked"): one case of them."""
    if c.dimension is None or c.unit == "o'clock":
        return False
    after = _SIZED_NOUN_AFTER.match(claim, c.end)
    before = _SIZED_NOUN_BEFORE.search(claim, 0, c.start)
    nouns = {stem(m.group("noun")) for m in (after, before) if m is not None and m.group("noun") not in STOPWORDS}
    if not nouns:
        return False
    rest = claim[: c.start] + " " + claim[c.end:]
    for a, b in _sentences_of(source):
        sent = source[a:b]
        if any(a <= q.start < b and q.dimension == c.dimension for q in sq) or not content_words(rest) <= content_words(sent):
            continue
        if any(stem(m.group("noun")) in nouns for m in _EVERY_ONE.finditer(sent)):
            return True
    return False


#: a thing said of every one: "any gifts", "all parcels", "no pets", "every booking"
_EVERY_ONE = re.compile(r"\b(?:any|all|every|each|no)\s+(?:[a-z-]+\s+)?(?P<noun>[a-z]{3,})\b")


_SAID_OTHERWISE: tuple[Callable[[Quantity, str, list[Quantity], str], bool], ...] = (
    _birthday_said,  # "when the child turns eight" where "until the child's eighth birthday"
    _denied_past_bound, _outside_only_range, _called_late, _past_threshold, _one_period_of, _first_span,
    _while_open, _inside_free_first, _past_one,
    _difference_said,  # "a scale and polish adds 30 EUR" where "60 EUR for a check-up and 90 EUR for ..."
    _two_alike,  # "when two teams have the same points" where "teams level on points"
    _period_frame,  # "a fourth withdrawal in a month" where "limited to three per month"
    _year_counted,  # "began in 1921" where "opened in 1932, eleven years after construction began"
    _one_of_any)  # "may not accept a 20 EUR gift" where "may not accept any gifts at all"
