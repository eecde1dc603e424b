"""Synthetic claim-support pairs made from real passages (dev-split sources only).

Each pair is (window of 2-4 consecutive real sentences, claim) where the claim is made from a
sentence of the window:

- entailment: the sentence copied, a leading clause of it, or it with a parenthetical dropped;
- contradiction: a number, unit, negation, antonym or named-entity swap;
- neutral: an on-topic sentence from outside the window, a supported sentence joined to an
  unsupported clause, an overgeneralised quantifier ("some" -> "all");
- table rows: a small templated table, with claims that mix two rows (contradiction) or read
  one row correctly (entailment).
"""

from __future__ import annotations

import random
import re

NUM = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)(?![\w])")
UNITS = [
    ("minutes", "hours"), ("hours", "days"), ("days", "weeks"), ("weeks", "months"),
    ("months", "years"), ("mg", "g"), ("kg", "g"), ("km", "miles"), ("meters", "feet"),
    ("percent", "points"), ("%", " percent of cases"), ("per month", "per year"),
    ("per day", "per week"), ("million", "billion"), ("thousand", "million"),
    ("seconds", "minutes"), ("cm", "mm"), ("ml", "l"),
]
NEG = [
    (" is ", " is not "), (" are ", " are not "), (" was ", " was not "), (" were ", " were not "),
    (" can ", " cannot "), (" will ", " will not "), (" has ", " has not "), (" did ", " did not "),
    (" does ", " does not "), (" should ", " should not "), (" may ", " may not "),
]
ANTONYM = [
    ("increase", "decrease"), ("increased", "decreased"), ("higher", "lower"), ("more", "less"),
    ("larger", "smaller"), ("before", "after"), ("positive", "negative"), ("reduced", "increased"),
    ("reduces", "increases"), ("improves", "worsens"), ("improved", "worsened"),
    ("maximum", "minimum"), ("first", "last"), ("rise", "fall"), ("enhances", "inhibits"),
    ("promotes", "suppresses"), ("activates", "inhibits"), ("associated with", "unrelated to"),
]
GENERAL = [
    (" some ", " all "), (" many ", " all "), (" most ", " all "), (" may ", " always "),
    (" can ", " always "), (" often ", " always "), (" several ", " all "), (" sometimes ", " always "),
    (" full-time employees", " all workers"), (" adults", " people of all ages"),
]
CAP = re.compile(r"(?<!^)(?<![.!?] )\b([A-Z][a-z]+(?: [A-Z][a-z]+)*)")
WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve"]
NUMWORD = re.compile(r"\b(" + "|".join(WORDS[1:]) + r")\b")


def _swap_number(s: str, window: str, rng: random.Random) -> str | None:
    nums = NUM.findall(s)
    m = NUMWORD.search(s)
    if not nums and m:
        w = m.group(1)
        new = rng.choice([x for x in WORDS[1:] if x != w])
        return s[: m.start()] + new + s[m.end():]
    if not nums:
        return None
    n = rng.choice(nums)
    try:
        v = float(n.replace(",", ""))
    except ValueError:
        return None
    for _ in range(5):
        if "." in n:
            nv = round(v * rng.choice([0.5, 0.8, 1.25, 1.5, 2.0]) + rng.choice([0, 0.1, -0.1]), 1)
            new = f"{nv:.{len(n.split('.')[1])}f}"
        elif 1900 <= v <= 2030:
            new = str(int(v) + rng.choice([-3, -2, -1, 1, 2, 5]))
        else:
            new = str(max(0, int(v) + rng.choice([-2, -1, 1, 2, 3, int(v) or 1, 10])))
            if "," in n and len(new) > 3:
                new = f"{int(new):,}"
        if new != n and new not in window:
            return s.replace(n, new, 1)
    return None


def _swap_pairs(s: str, pairs: list[tuple[str, str]], rng: random.Random,
                both_ways: bool = True) -> str | None:
    cands = []
    for a, b in pairs:
        if a in s:
            cands.append((a, b))
        if both_ways and b in s:
            cands.append((b, a))
    if not cands:
        return None
    a, b = rng.choice(cands)
    return s.replace(a, b, 1)


def _swap_entity(s: str, others: list[str], rng: random.Random, window: str) -> str | None:
    mine = [m for m in CAP.findall(s) if len(m) > 3]
    if not mine:
        return None
    pool = [m for o in others for m in CAP.findall(o) if len(m) > 3 and m not in window]
    if not pool:
        return None
    return s.replace(rng.choice(mine), rng.choice(pool), 1)


def _clause(s: str) -> str | None:
    parts = re.split(r",\s+(?:and|but|while|which|whereas)?\s*", s)
    if len(parts) >= 2 and len(parts[0].split()) >= 5:
        return parts[0].rstrip(",;") + "."
    return None


def _table(rng: random.Random) -> list[dict]:
    names = rng.sample(["Basic", "Standard", "Premium", "Family", "Student", "Business",
                        "Starter", "Pro", "Plus", "Team", "Enterprise", "Lite"], 3)
    what = rng.choice([("storage", "GB"), ("price", "dollars per month"), ("speed", "Mbps"),
                       ("dose", "mg"), ("duration", "weeks"), ("limit", "users")])
    vals = rng.sample(range(2, 200), 3)
    extra = rng.choice([("support", ["email", "phone", "chat"]),
                        ("region", ["Europe", "Asia", "America"]),
                        ("term", ["monthly", "yearly", "weekly"])])
    ex = rng.sample(extra[1], 3)
    rows = [f"{n}: {what[0]} {v} {what[1]}, {extra[0]} {e}." for n, v, e in zip(names, vals, ex)]
    table = " ".join(rows) if rng.random() < 0.5 else "\n".join(
        [f"plan | {what[0]} | {extra[0]}"] + [f"{n} | {v} {what[1]} | {e}" for n, v, e in
                                                 zip(names, vals, ex)])
    i, j = rng.sample(range(3), 2)
    out = [
        {"premise": table, "hypothesis": f"The {names[i]} plan has a {what[0]} of {vals[i]} "
         f"{what[1]}.", "label": 0, "kind": "syn:table_row"},
        {"premise": table, "hypothesis": f"The {names[i]} plan has a {what[0]} of {vals[j]} "
         f"{what[1]}.", "label": 2, "kind": "syn:table_mix"},
        {"premise": table, "hypothesis": f"The {names[i]} plan comes with {ex[j]} {extra[0]}.",
         "label": 2, "kind": "syn:table_mix"},
        {"premise": table, "hypothesis": f"The {names[i]} plan comes with {ex[i]} {extra[0]}.",
         "label": 0, "kind": "syn:table_row"},
    ]
    return rng.sample(out, 2)


def make_synthetic(docs: list[list[str]], n: int, rng: random.Random) -> list[dict]:
    docs = [[s for s in d if 30 <= len(s) <= 400] for d in docs]
    docs = [d for d in docs if len(d) >= 4]
    out: list[dict] = []
    tries = 0
    while len(out) < n and tries < n * 20:
        tries += 1
        if rng.random() < 0.03:
            out.extend(_table(rng))
            continue
        d = rng.choice(docs)
        k = rng.randint(2, 4)
        i = rng.randrange(0, len(d) - k + 1)
        win_s = d[i : i + k]
        window = " ".join(win_s)
        s = rng.choice(win_s)
        outside = d[:i] + d[i + k:]
        others = rng.choice(docs)
        r = rng.random()
        claim, label, kind = None, None, ""
        if r < 0.14:
            claim, label, kind = s, 0, "copy"
        elif r < 0.22:
            claim, label, kind = _clause(s), 0, "clause"
        elif r < 0.26:
            c = re.sub(r"\s*\([^)]*\)", "", s)
            claim, label, kind = (c if c != s else None), 0, "drop_paren"
        elif r < 0.40:
            claim, label, kind = _swap_number(s, window, rng), 2, "number"
        elif r < 0.46:
            claim, label, kind = _swap_pairs(s, UNITS, rng), 2, "unit"
        elif r < 0.54:
            c = _swap_pairs(s, NEG, rng, both_ways=True)
            claim, label, kind = c, 2, "negation"
        elif r < 0.60:
            claim, label, kind = _swap_pairs(s, ANTONYM, rng), 2, "antonym"
        elif r < 0.68:
            claim, label, kind = _swap_entity(s, others, rng, window), 2, "entity"
        elif r < 0.78:
            claim, label, kind = (rng.choice(outside) if outside else None), 1, "outside"
        elif r < 0.90:
            extra = rng.choice(outside or others)
            extra = extra[0].lower() + extra[1:] if extra else extra
            claim, label, kind = s.rstrip(". ") + ", and " + extra, 1, "joined_clause"
        else:
            claim, label, kind = _swap_pairs(s, GENERAL, rng, both_ways=False), 1, "overgeneral"
        if claim and claim.strip() and (label != 2 or claim != s):
            out.append({"premise": window, "hypothesis": claim, "label": label,
                        "kind": f"syn:{kind}"})
    return out[:n]


_NEGATED = re.compile(r"\b(?:not|no|never|none|cannot|without)\b|n't\b", re.IGNORECASE)


def make_beside_negation(docs: list[list[str]], n: int, rng: random.Random) -> list[dict]:
    """Entailment rows whose window also holds a negated sentence: the hypothesis copies (or
    cuts a leading clause of) a sentence *without* a negation.

    The first models learned a shortcut from the negation swaps ("a negation in the premise
    and none in the hypothesis means contradiction") and scored a copied sentence as
    contradicted whenever its passage said "not" elsewhere. These rows break that shortcut."""
    docs = [[s for s in d if 30 <= len(s) <= 400] for d in docs]
    out: list[dict] = []
    tries = 0
    while len(out) < n and tries < n * 50:
        tries += 1
        d = rng.choice(docs)
        if len(d) < 2:
            continue
        k = rng.randint(2, min(4, len(d)))
        i = rng.randrange(0, len(d) - k + 1)
        win_s = d[i : i + k]
        plain = [s for s in win_s if not _NEGATED.search(s)]
        if not plain or len(plain) == len(win_s):
            continue
        s = rng.choice(plain)
        claim = s if rng.random() < 0.6 else _clause(s)
        if claim:
            out.append({"premise": " ".join(win_s), "hypothesis": claim, "label": 0,
                        "kind": "syn:copy_beside_negation"})
    return out


# Direction words by family and form (base, third person, past, -ing). Within a family the
# words mean the same direction; each family has an opposite.
_DIRECTION = {
    "quantity_up": [("increase", "increases", "increased", "increasing"),
                    ("raise", "raises", "raised", "raising"),
                    ("elevate", "elevates", "elevated", "elevating"),
                    ("boost", "boosts", "boosted", "boosting")],
    "quantity_down": [("decrease", "decreases", "decreased", "decreasing"),
                      ("reduce", "reduces", "reduced", "reducing"),
                      ("diminish", "diminishes", "diminished", "diminishing"),
                      ("lessen", "lessens", "lessened", "lessening")],
    "better": [("improve", "improves", "improved", "improving"),
               ("enhance", "enhances", "enhanced", "enhancing")],
    "worse": [("worsen", "worsens", "worsened", "worsening"),
              ("impair", "impairs", "impaired", "impairing")],
    "promote": [("promote", "promotes", "promoted", "promoting"),
                ("stimulate", "stimulates", "stimulated", "stimulating"),
                ("activate", "activates", "activated", "activating"),
                ("upregulate", "upregulates", "upregulated", "upregulating")],
    "inhibit": [("inhibit", "inhibits", "inhibited", "inhibiting"),
                ("suppress", "suppresses", "suppressed", "suppressing"),
                ("block", "blocks", "blocked", "blocking"),
                ("downregulate", "downregulates", "downregulated", "downregulating")],
    "more": [("higher",), ("greater",)],
    "less": [("lower",), ("smaller",)],
    "positive": [("positive",), ("positively",)],
    "negative": [("negative",), ("negatively",)],
}
_OPPOSITE_FAMILY = {"quantity_up": "quantity_down", "better": "worse", "promote": "inhibit",
                    "more": "less", "positive": "negative"}
_OPPOSITE_FAMILY |= {v: k for k, v in list(_OPPOSITE_FAMILY.items())}
_DIRECTION_FORM: dict[str, tuple[str, int, int]] = {}  # word -> (family, synonym index, form)
for _fam, _syns in _DIRECTION.items():
    for _i, _forms in enumerate(_syns):
        for _f, _w in enumerate(_forms):
            _DIRECTION_FORM.setdefault(_w, (_fam, _i, _f))
_DIRECTION_WORD = re.compile(r"\b(" + "|".join(sorted(_DIRECTION_FORM, key=len, reverse=True))
                             + r")\b")


def _redirect(s: str, same: bool, rng: random.Random) -> str | None:
    """``s`` with one direction word replaced by a synonym (``same``) or by a word of the
    opposite direction in the same grammatical form; None when ``s`` has none."""
    hits = list(_DIRECTION_WORD.finditer(s))
    if not hits:
        return None
    m = rng.choice(hits)
    fam, idx, form = _DIRECTION_FORM[m.group(1)]
    if same:
        choices = [syn[form] for k, syn in enumerate(_DIRECTION[fam]) if k != idx and len(syn) > form]
        if fam in ("positive", "negative"):  # "positive" and "positively" are not synonyms
            return None
    else:
        opp = _DIRECTION[_OPPOSITE_FAMILY[fam]]
        choices = [syn[form] for syn in opp if len(syn) > form]
        if fam in ("positive", "negative"):
            choices = [opp[idx][0]]
    if not choices:
        return None
    return s[: m.start()] + rng.choice(choices) + s[m.end():]


def make_direction(docs: list[list[str]], n: int, rng: random.Random) -> list[dict]:
    """Rows that teach direction, not spelling: a sentence with one direction word replaced
    by a synonym ("lowered" -> "reduced": entailment) or by an opposite in the same form
    ("lowered" -> "increased": contradiction), in a window of 1-3 sentences.

    The first models matched direction words as strings: "aspirin raised the risk" scored
    as entailed by "aspirin lowered the risk" more than "aspirin reduced the risk" did, and
    SciFact's contradicted claims (most are the finding turned around) passed as supported.
    Half of the rows are each kind."""
    docs = [[s for s in d if 30 <= len(s) <= 400] for d in docs]
    docs = [d for d in docs if any(_DIRECTION_WORD.search(s) for s in d)]
    out: list[dict] = []
    tries = 0
    while len(out) < n and tries < n * 50 and docs:
        tries += 1
        d = rng.choice(docs)
        cands = [i for i, s in enumerate(d) if _DIRECTION_WORD.search(s)]
        i = rng.choice(cands)
        k = rng.randint(1, min(3, len(d)))
        lo = rng.randint(max(0, i - k + 1), min(i, len(d) - k))
        same = len(out) % 2 == 0
        claim = _redirect(d[i], same, rng)
        if claim is None:
            continue
        if rng.random() < 0.3:  # the leading clause, when the changed word is inside it
            cut, orig = _clause(claim), _clause(d[i])
            if cut and orig and cut != orig:
                claim = cut
        out.append({"premise": " ".join(d[lo : lo + k]), "hypothesis": claim,
                    "label": 0 if same else 2, "kind": "syn:direction_" + ("same" if same else "opposite")})
    return out
