"""Numbers, units, dates and ranges: do the claim's quantities agree with the source?

Words and digits are read alike ("five" = 5, "twelve-month" = 12 month, "2-3" = "two to
three"), units are normalised and converted within a dimension (120 minutes = 2 hours), and a
claim quantity is then *matched*, *missing* from the source, or in *conflict* with it (the source
gives the same kind of quantity with another value, or the same value in another unit).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from citadel.verify.lexical import fold

_SMALL = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90, "hundred": 100, "dozen": 12, "half": 0.5, "twice": 2, "double": 2, "triple": 3,
    "single": 1, "once": 1, "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5,
}
# numbers only with a unit: "one of them", "a second look", "third-generation", "a third"
_AMBIGUOUS = {"one", "second", "first", "single", "once", "half", "double", "third", "fourth",
              "fifth"}
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "k": 1e3, "m": 1e6,
          "bn": 1e9}
# unit -> (dimension, factor to the dimension's base unit)
_UNITS: dict[str, tuple[str, float]] = {
    "second": ("time", 1), "sec": ("time", 1), "s": ("time", 1), "minute": ("time", 60),
    "min": ("time", 60), "hour": ("time", 3600), "hr": ("time", 3600), "h": ("time", 3600),
    "day": ("time", 86400), "week": ("time", 604800), "month": ("time", 2629800),
    "year": ("time", 31557600), "yr": ("time", 31557600), "decade": ("time", 315576000),
    "mg": ("mass", 1e-3), "milligram": ("mass", 1e-3), "g": ("mass", 1), "gram": ("mass", 1),
    "kg": ("mass", 1e3), "kilogram": ("mass", 1e3), "lb": ("mass", 453.6), "pound": ("mass", 453.6),
    "mcg": ("mass", 1e-6), "µg": ("mass", 1e-6), "ton": ("mass", 1e6), "tonne": ("mass", 1e6),
    "mm": ("length", 1e-3), "cm": ("length", 1e-2), "m": ("length", 1), "meter": ("length", 1),
    "metre": ("length", 1), "km": ("length", 1e3), "kilometer": ("length", 1e3),
    "mile": ("length", 1609.3), "foot": ("length", 0.3048), "feet": ("length", 0.3048),
    "inch": ("length", 0.0254), "ml": ("volume", 1e-3), "l": ("volume", 1), "liter": ("volume", 1),
    "litre": ("volume", 1), "%": ("ratio", 1), "percent": ("ratio", 1), "per cent": ("ratio", 1),
    "percentage point": ("ratio", 1), "$": ("usd", 1), "dollar": ("usd", 1), "usd": ("usd", 1),
    "€": ("eur", 1), "euro": ("eur", 1), "eur": ("eur", 1), "£": ("gbp", 1), "pound sterling": ("gbp", 1),
    "gb": ("bytes", 1e9), "mb": ("bytes", 1e6), "tb": ("bytes", 1e12), "kb": ("bytes", 1e3),
    "mbps": ("rate", 1e6), "gbps": ("rate", 1e9), "mph": ("speed", 1), "°c": ("tempc", 1),
    "°f": ("tempf", 1), "mmhg": ("pressure", 1), "bpm": ("bpm", 1), "kcal": ("energy", 1),
    "calorie": ("energy", 1e-3),
}
_PER = {"day": "day", "daily": "day", "week": "week", "weekly": "week", "month": "month",
        "monthly": "month", "year": "year", "yearly": "year", "annually": "year", "annual": "year",
        "hour": "hour", "hourly": "hour", "annum": "year"}

_NUMWORDS = "|".join(sorted(_SMALL, key=len, reverse=True))
_NUM = (
    r"(?:(?<![\w.\-])|(?<=\$)|(?<=€)|(?<=£))"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+|"
    r"(?:" + _NUMWORDS + r")(?:[ -](?:" + "|".join(k for k in _SMALL if _SMALL[k] < 10) + r"))?"
    r"(?![a-z]))"  # a number word ends a word: not "ten" in "tend", nor "one" in "ones"
)
_HI = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|(?:" + _NUMWORDS + r")(?![a-z])"
_LEAD = r"(?P<cur>[$€£])?\s?" + _NUM


def _range(connectors: str) -> str:
    return r"(?:\s?(?P<conn>" + connectors + r")\s?(?P<hi>" + _HI + r"))?"


_QTY_TAIL = (
    r"(?:st|nd|rd|th)?"
    + r"(?:[ -]?(?P<scale>thousand|million|billion|trillion|bn|k|m)\b)?"
    + r"(?:[ -]?(?:business|working|calendar|consecutive|school|full|whole|more|additional|"
    + r"extra|straight)\s)?"
    + r"(?:[ -]?(?!(?:per|a|an|each|to|and|or|of|in|on|at|the)\b)"
    + r"(?P<unit>%|percentage points?|per ?cents?|°[cf]|[a-zµ°]+))?"
    + r"(?:\s?(?:per|a|an|/|each)\s?(?P<per>day|week|month|year|hour|annum)\b|"
    + r"\s(?P<per2>daily|weekly|monthly|yearly|annually)\b)?"
)
_QTY = re.compile(_LEAD + _range("-|to|–|and") + _QTY_TAIL, re.IGNORECASE)
# "15 and 216 kD" is two numbers; "between 15 and 216 kD" is a range
_QTY_NO_AND = re.compile(_LEAD + _range("-|to|–") + _QTY_TAIL, re.IGNORECASE)
_BETWEEN = re.compile(r"\bbetween\s*$")
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

    @property
    def dimension(self) -> str | None:
        return _UNITS[self.unit][0] if self.unit in _UNITS else None

    def base(self) -> tuple[float, float]:
        f = _UNITS[self.unit][1] if self.unit in _UNITS else 1.0
        return self.lo * f, self.hi * f


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


def quantities(text: str, ranges: bool = False) -> list[Quantity]:
    """Every quantity in ``text`` with offsets into ``fold(text)`` (same length as text
    for ordinary input). Names that hold digits ("3T3 cells", "OCT3/4", "4-PBA"), list
    markers ("1." opening a line) and vague counts ("several hundred") are not quantities.
    With ``ranges``, a range written with its unit twice ("76.3% to 85.4%") is also given
    whole, beside its two ends."""
    t = fold(text)
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
    if ranges:
        out += _written_ranges(t, out)
    return out


def _quantity(t: str, orig: str, m: re.Match[str]) -> Quantity | None:
    raw = m.group("num")
    unit = _unit(m.group("unit"))
    if m.group("cur"):
        unit = _unit(m.group("cur"))
    word_num = not re.match(r"[\d.]", raw)
    if word_num and (raw.lower() == "a" or raw.lower() in _AMBIGUOUS) and unit is None:
        return None
    if word_num and _VAGUE.search(t, 0, m.start("num")):
        return None
    if not word_num and unit is None and _not_a_number(t, orig, m.start("num"), m.end("num")):
        return None
    lo = _value(raw)
    if lo is None:
        return None
    hi = _value(m.group("hi")) if m.group("hi") else lo
    if hi is None or (m.group("hi") and hi < lo):
        hi = lo
    decimals = len(raw.split(".")[1]) if "." in raw and not word_num else 0
    tol = 0.5 * 10.0 ** -decimals
    scale = (m.group("scale") or "").lower()
    if scale in _SCALE:
        lo, hi, tol = lo * _SCALE[scale], hi * _SCALE[scale], tol * _SCALE[scale]
    per = m.group("per") or m.group("per2")
    per = _PER.get(per.lower()) if per else None
    end = m.end("unit") if unit and m.group("unit") else m.end("num") if not m.group("hi") \
        else m.end("hi")
    end = max(end, m.end("num"), m.end("per") if m.group("per") else 0,
              m.end("per2") if m.group("per2") else 0, m.end("scale") if m.group("scale") else 0)
    return Quantity(lo, hi, unit, per, m.start(), end, t[m.start():end].strip(), tol)


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


def _written_ranges(t: str, qs: list[Quantity]) -> list[Quantity]:
    """Ranges whose two ends each carry the unit: "76.3% to 85.4%", "between 2 h and 4 h"."""
    out = []
    for a, b in zip(qs, qs[1:]):
        gap = t[a.end:b.start]
        if a.lo != a.hi or b.lo != b.hi or a.unit is None or a.unit != b.unit or a.per != b.per:
            continue
        if not (re.fullmatch(r"\s*(?:-|to)\s*", gap) or (
                re.fullmatch(r"\s*and\s*", gap) and _BETWEEN.search(t, 0, a.start))):
            continue
        if a.lo < b.lo:
            out.append(Quantity(a.lo, b.hi, a.unit, a.per, a.start, b.end, t[a.start:b.end],
                                a.tol))
    return out


def _same(a: float, b: float, tol: float) -> bool:
    """``a`` (from the claim, rounded to ``tol``) equals ``b`` (from the source)."""
    return a == b or abs(a - b) < tol * (1 + 1e-9)


def _agree(c: Quantity, s: Quantity) -> bool:
    if c.per and s.per and c.per != s.per:
        return False
    if c.dimension and s.dimension and c.dimension == s.dimension:
        clo, chi = c.base()
        slo, shi = s.base()
        f = _UNITS[c.unit][1] if c.unit in _UNITS else 1.0
        return _same(clo, slo, c.tol * f) and _same(chi, shi, c.tol * f)
    return _same(c.lo, s.lo, c.tol) and _same(c.hi, s.hi, c.tol) and (
        c.unit is None or s.unit is None or c.unit == s.unit)


def _is_year(q: Quantity) -> bool:
    return q.unit is None and q.lo == q.hi and q.lo.is_integer() and 1000 <= q.lo <= 2100


def _conflicts(c: Quantity, s: Quantity) -> bool:
    """The source states the same kind of quantity differently."""
    if c.dimension and c.dimension == s.dimension:
        if c.per and s.per and c.per != s.per and _same(c.lo, s.lo, c.tol):
            return True
        return not _agree(c, s)
    if _is_year(c) and _is_year(s):
        return c.lo != s.lo
    if c.unit and s.unit and c.unit != s.unit and _same(c.lo, s.lo, c.tol):
        return c.dimension is not None and s.dimension is not None  # 30 minutes vs 30 mg: no
    return False


def check_numbers(claim: str, source: str, window: str | None = None) -> NumberCheck:
    """Compare the claim's quantities with the source's.

    A claim quantity that no source quantity matches is ``missing``; if the best window
    (or the whole source when none is given) states a quantity of the same dimension or the
    same value with another unit, it is a ``conflict``.
    """
    cq = quantities(claim)
    if not cq:
        return NumberCheck(NumberStatus.NONE, "", 0, 0)
    sq = quantities(source, ranges=True)
    wq = quantities(window, ranges=True) if window is not None else sq
    matched, problems, conflict = 0, [], False
    for c in cq:
        if any(_agree(c, s) for s in sq):
            matched += 1
            continue
        clash = next((s for s in wq if _conflicts(c, s)), None)
        if clash is not None:
            conflict = True
            problems.append(f"'{c.text}' in the claim but '{clash.text}' in the source")
        else:
            problems.append(f"'{c.text}' does not occur in the source")
    if not problems:
        mix = check_rows(claim, source)
        if mix:
            return NumberCheck(NumberStatus.CONFLICT, mix, matched, len(cq))
    if conflict:
        return NumberCheck(NumberStatus.CONFLICT, "; ".join(problems), matched, len(cq))
    if problems:
        return NumberCheck(NumberStatus.MISSING, "; ".join(problems), matched, len(cq))
    return NumberCheck(NumberStatus.OK, "", matched, len(cq))


_ROW = re.compile(r"\||\t|\w: [^;\n]+; *[^:;\n]+: ")


def check_rows(claim: str, source: str) -> str | None:
    """Table-row consistency: in a source with table rows (``a | b``, tab-separated, or
    ``Header: value; Header: value`` lines), each claim number must sit in a row that also
    holds the claim's row-identifying words. Returns a description of the mix-up, or None."""
    from citadel.verify.lexical import content_words

    rows = [ln for ln in source.split("\n") if _ROW.search(ln)]
    cq = quantities(claim)
    if len(rows) < 2 or not cq:
        return None
    row_words = [content_words(r) for r in rows]
    cw = content_words(claim)
    # words of the claim that name exactly one row
    ident = {w for w in cw if sum(w in rw for rw in row_words) == 1}
    if not ident:
        return None
    row_q = [quantities(r) for r in rows]
    for c in cq:
        homes = [i for i, qs in enumerate(row_q) if any(_agree(c, s) for s in qs)]
        if homes and not any(ident & row_words[i] for i in homes):
            named = rows[max(range(len(rows)),
                             key=lambda i: (len(ident & row_words[i]), bool(row_q[i])))]
            return (f"'{c.text}' belongs to another row ('{rows[homes[0]].strip()}'), not to "
                    f"'{named.strip()}'")
    return None
