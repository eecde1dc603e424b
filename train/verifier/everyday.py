"""Claim-support pairs for everyday errors, made from real passages (issue 16).

Each row is (window of 1-5 consecutive real sentences, claim made from one or two of them,
label 0 entailment / 1 neutral / 2 contradiction). The edits are the errors a generator
makes and a reader cannot see, and, with the same words, the rewrites that keep the meaning,
so that no surface word is a shortcut ("not" appears on both sides, and so do "all", "only",
antonyms and other numbers):

unsupported
  negation flips with their scope (an auxiliary negated or un-negated, "cannot", "no longer",
  "never", a list subject cut to one item and negated), antonyms (open/closed, optional/
  mandatory, ...), another number of the same passage, unit and period swaps (per month /
  per year, MB / GB, business / calendar days), an exact quantity made vague, two entities
  of the passage swapped (one sentence's subject put on another's predicate), roles reversed
  (two noun phrases of a sentence swapped), modality strengthened (may -> must), quantifiers
  widened (some -> all, a restrictive modifier dropped from the subject, "all" added) or
  narrowed ("only" added to a list subset), conditions and exceptions dropped, days, months
  and tenses changed, invented on-topic details (an adjunct from another passage), a true
  sentence joined to an untrue part;

supported
  a copy, a list subset, a negation moved onto an antonym ("not allowed" / "prohibited",
  "is closed" / "is not open"), a number written differently (12 months / a year, 30 minutes /
  half an hour, 2 hours / 120 minutes, "up to 10" / "at most 10"), a modal said in other words
  (must / is required to), a parenthesis or a discourse marker dropped, a leading clause when
  what follows it adds no condition, two sentences of the window joined.

Deterministic for a seed. The generator only edits text; which passages it reads is up to
the caller (``build_everyday.py``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

Row = dict[str, object]
Edit = tuple[str, int, str]  # (claim, label, kind)

# ---------------------------------------------------------------------------------------
# lexicons: each names a phenomenon, used in both directions where the meaning allows

#: complementary adjectives: "not A" means B and "not B" means A
COMPLEMENTS = [
    ("open", "closed"), ("allowed", "prohibited"), ("permitted", "forbidden"),
    ("optional", "mandatory"), ("optional", "required"), ("included", "excluded"),
    ("enabled", "disabled"), ("valid", "invalid"), ("eligible", "ineligible"),
    ("refundable", "non-refundable"), ("paid", "unpaid"), ("available", "unavailable"),
    ("true", "false"), ("legal", "illegal"), ("possible", "impossible"), ("safe", "unsafe"),
    ("present", "absent"), ("visible", "hidden"), ("encrypted", "unencrypted"),
    ("supported", "unsupported"), ("accepted", "rejected"), ("covered", "uncovered"),
    ("insured", "uninsured"), ("taxable", "tax-free"), ("public", "private"),
    ("active", "inactive"), ("complete", "incomplete"), ("known", "unknown"),
    ("online", "offline"), ("locked", "unlocked"), ("successful", "unsuccessful"),
    ("permanent", "temporary"), ("internal", "external"), ("stable", "experimental"),
]
#: contraries and directions: swapping them says something else
ANTONYMS = COMPLEMENTS + [
    ("increase", "decrease"), ("increases", "decreases"), ("increased", "decreased"),
    ("higher", "lower"), ("more", "less"), ("larger", "smaller"), ("longer", "shorter"),
    ("faster", "slower"), ("earlier", "later"), ("before", "after"), ("above", "below"),
    ("inside", "outside"), ("minimum", "maximum"), ("first", "last"), ("won", "lost"),
    ("wins", "loses"), ("win", "lose"), ("rose", "fell"), ("rises", "falls"),
    ("gain", "loss"), ("profit", "loss"), ("import", "export"), ("imports", "exports"),
    ("bought", "sold"), ("buy", "sell"), ("early", "late"), ("earliest", "latest"),
    ("oldest", "newest"), ("older", "newer"), ("north", "south"), ("east", "west"),
    ("added", "removed"), ("adds", "removes"), ("add", "remove"), ("upload", "download"),
    ("input", "output"), ("full-time", "part-time"), ("domestic", "international"),
    ("success", "failure"), ("succeeds", "fails"), ("positive", "negative"),
    ("strong", "weak"), ("maximum", "minimum"), ("upper", "lower"), ("start", "end"),
    ("starts", "ends"), ("begins", "ends"), ("opens", "closes"), ("accept", "reject"),
    ("accepts", "rejects"), ("allow", "forbid"), ("allows", "forbids"), ("enable", "disable"),
    ("enables", "disables"), ("reduced", "increased"), ("reduces", "increases"),
    ("cheaper", "more expensive"), ("most", "least"), ("major", "minor"), ("hot", "cold"),
    ("wet", "dry"), ("inbound", "outbound"), ("ascending", "descending"), ("local", "remote"),
    ("before", "after"), ("prior to", "after"), ("always", "never"), ("with", "without"),
    ("synchronous", "asynchronous"), ("uppercase", "lowercase"), ("inclusive", "exclusive"),
]
BE = r"(is|are|was|were|be|remains|remain|becomes|become|stays|stay)"
AUX = ["is", "are", "was", "were", "can", "will", "has", "have", "does", "do", "did", "should",
       "must", "may", "could", "would"]
CONTRACTED = {"isn't": "is", "aren't": "are", "wasn't": "was", "weren't": "were",
              "can't": "can", "won't": "will", "doesn't": "does", "don't": "do",
              "didn't": "did", "hasn't": "has", "haven't": "have", "shouldn't": "should"}
#: modality made stronger (unsupported) and said in other words (supported)
STRONGER = [("may", "must"), ("can", "must"), ("may", "will"), ("could", "will"),
            ("should", "must"), ("might", "will"), ("recommended", "required"),
            ("encouraged", "required"), ("usually", "always"), ("often", "always"),
            ("sometimes", "always"), ("typically", "always"), ("generally", "always"),
            ("some", "all"), ("many", "all"), ("most", "all"), ("several", "all"),
            ("can be", "must be"), ("allowed to", "required to"), ("permitted to", "required to")]
SAME_MODAL = [("must", "is required to"), ("must", "has to"), ("may", "is allowed to"),
              ("may", "is permitted to"), ("cannot", "is not allowed to"),
              ("must not", "is not allowed to"), ("must not", "is prohibited from"),
              ("is required to", "must"), ("are required to", "must"), ("need to", "must"),
              ("are allowed to", "may"), ("is allowed to", "may"), ("are not allowed to", "may not"),
              ("never", "at no time"), ("always", "at all times"), ("before", "prior to"),
              ("prior to", "before"), ("after", "following"), ("every day", "daily"),
              ("daily", "every day"), ("every week", "weekly"), ("weekly", "every week"),
              ("every month", "monthly"), ("monthly", "every month"), ("per year", "annually"),
              ("annually", "every year"), ("every year", "annually"), ("per month", "a month"),
              ("free of charge", "at no cost"), ("at no cost", "free of charge"),
              ("for free", "at no charge"), ("without charge", "free of charge"),
              ("approximately", "about"), ("about", "roughly"), ("roughly", "about"),
              ("twice", "two times"), ("two times", "twice"), ("half of", "50% of"),
              ("percent", "%"), ("start", "begin"), ("begins", "starts"), ("ends", "finishes"),
              ("purchase", "buy"), ("purchased", "bought"), ("receive", "get"),
              ("receives", "gets"), ("obtain", "get"), ("requires", "needs"),
              ("require", "need"), ("approximately", "around"), ("contact", "get in touch with")]
UNITS = [("per day", "per week"), ("per week", "per month"), ("per month", "per year"),
         ("a day", "a week"), ("a week", "a month"), ("a month", "a year"),
         ("daily", "weekly"), ("weekly", "monthly"), ("monthly", "annually"),
         ("minutes", "hours"), ("hours", "days"), ("days", "weeks"), ("weeks", "months"),
         ("months", "years"), ("seconds", "minutes"), ("minute", "hour"), ("hour", "day"),
         ("day", "week"), ("week", "month"), ("month", "year"),
         ("business days", "calendar days"), ("working days", "calendar days"),
         ("MB", "GB"), ("GB", "TB"), ("KB", "MB"), ("kB", "MB"), ("ms", "seconds"),
         ("mg", "g"), ("g", "kg"), ("kg", "lb"), ("km", "miles"), ("m", "km"), ("cm", "mm"),
         ("ml", "l"), ("USD", "EUR"), ("EUR", "GBP"), ("dollars", "euros"), ("euros", "pounds"),
         ("%", " percentage points"), ("percent", "percentage points"), ("°C", "°F"),
         ("Mbps", "MB/s"), ("hours", "minutes"), ("years", "months")]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
TENSE = [("will be", "was"), ("will", "did"), ("is planned", "was completed"),
         ("no longer", "still"), ("still", "no longer"), ("since", "until"), ("until", "since"),
         ("has been", "will be"), ("was", "will be"), ("were", "will be"),
         ("already", "not yet"), ("not yet", "already")]
WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen", "twenty"]
# (number, unit) -> other ways to say the same amount
SAME_AMOUNT = {
    ("12", "months"): ["a year", "one year", "twelve months"], ("1", "year"): ["12 months", "twelve months"],
    ("24", "hours"): ["a day", "one day"], ("7", "days"): ["a week", "one week"],
    ("14", "days"): ["two weeks", "a fortnight"], ("2", "weeks"): ["14 days", "a fortnight"],
    ("30", "minutes"): ["half an hour"], ("60", "minutes"): ["an hour", "one hour"],
    ("60", "seconds"): ["a minute", "one minute"], ("90", "minutes"): ["an hour and a half"],
    ("1", "hour"): ["60 minutes"], ("1", "day"): ["24 hours"], ("1", "week"): ["7 days"],
    ("6", "months"): ["half a year"], ("48", "hours"): ["two days"], ("2", "days"): ["48 hours"],
    ("1,000", ""): ["one thousand"], ("1000", ""): ["one thousand"], ("100", "%"): ["all"],
    ("50", "%"): ["half"], ("1024", "MB"): ["1 GB"], ("1", "GB"): ["1,024 MB"],
}
TO_SMALLER = {"hours": ("minutes", 60), "hour": ("minutes", 60), "minutes": ("seconds", 60),
              "days": ("hours", 24), "weeks": ("days", 7), "years": ("months", 12),
              "year": ("months", 12), "GB": ("MB", 1024), "kg": ("g", 1000), "km": ("m", 1000),
              "week": ("days", 7), "day": ("hours", 24)}
VAGUE = ["about a month", "several weeks", "a few hours", "around a year", "several days",
         "a few minutes", "a couple of weeks", "many months", "about an hour", "a few days",
         "roughly a week", "several months"]
RESTRICT_OPENERS = r"(?:if|unless|except|excluding|provided|as long as|only|when|once|whenever|" \
                   r"where|while|after|before|until|for|from|within|during|on|in|at|with|without|" \
                   r"subject to|other than|but only|so long as|because)"
CONDITION = re.compile(r",?\s+\b(?:except(?: for)?|unless|provided(?: that)?|as long as|only if|"
                       r"if|so long as|excluding|other than|but not|when|once|subject to)\b[^.;]*",
                       re.IGNORECASE)
LEAD_CONDITION = re.compile(r"^(?!(?:For example|For instance|In fact|In addition|In general|In particular|"
                            r"In practice|In other words|On the other hand|In this case|In short|In summary)\b)"
                            r"(?:If|Unless|Except for|Except|When|Once|Provided that|As long as|Where|For|In|On|"
                            r"After|Before|During)\b[^,]{3,80},\s+", re.IGNORECASE)
DISCOURSE = re.compile(r"^(?:However|In addition|Additionally|Also|Furthermore|Moreover|Note that|"
                       r"Please note that|In general|Generally speaking|As a result|Therefore|"
                       r"Thus|Currently|Today),?\s+", re.IGNORECASE)
NUM = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w]|[.,]\d)")
NUM_UNIT = re.compile(r"\b(\d+(?:\.\d+)?|" + "|".join(WORDS[1:]) + r")\s+(business days|working days|"
                      r"calendar days|minutes|hours|days|weeks|months|years|seconds|minute|hour|"
                      r"day|week|month|year)\b")
VERB = re.compile(r"\b(?:is|are|was|were|has|have|had|can|cannot|can't|may|must|will|should|"
                  r"could|would|might|does|do|did|receive|receives|received|get|gets|pay|pays|"
                  r"paid|take|takes|took|cost|costs|need|needs|require|requires|required|include|"
                  r"includes|included|offer|offers|offered|provide|provides|provided|allow|"
                  r"allows|support|supports|accept|accepts|use|uses|used|run|runs|ran|open|"
                  r"opens|close|closes|start|starts|begin|begins|end|ends|won|win|wins|became|"
                  r"become|becomes|lead|leads|led|contain|contains|set|sets|return|returns|"
                  r"returned|make|makes|made|give|gives|gave|hold|holds|held|reach|reaches|"
                  r"reached|apply|applies|applied|expire|expires|expired|remain|remains|"
                  r"remained|qualify|qualifies|earn|earns|earned|cover|covers|covered|lasts|last|"
                  r"lasted|create|creates|created|defeated|beat|beats|signed|founded|built|wrote|"
                  r"produced|introduced|announced|replaced|replaces|joined|moved|left|served)\b")
THE_NP = re.compile(r"\b(?:the|a|an|its|their|his|her|each|every) (?:[a-z][a-z-]+ ){0,2}[a-z][a-z-]{2,}\b")
NAME = re.compile(r"(?<![.!?] )(?<!^)\b([A-Z][a-z]+(?: (?:of |de |van |von )?[A-Z][a-z]+)*)\b")
LIST = re.compile(r"\b((?:[\w-]+ ){0,2}[\w-]+)((?:, (?:[\w-]+ ){0,2}[\w-]+)*),? (and|or) ((?:[\w-]+ ){0,2}[\w-]+)\b")
NEGATION = re.compile(r"\b(?:not|no|never|none|cannot|without|nobody|nothing|neither|nor)\b|n't\b",
                      re.IGNORECASE)
FUNCTION = {"you", "we", "they", "it", "he", "she", "i", "is", "are", "was", "were", "be", "to",
            "that", "which", "who", "will", "can", "has", "have", "had", "not", "there", "this",
            "if", "when", "also", "then", "so", "but", "would", "could", "should", "may", "must",
            "do", "does", "did", "been", "its", "their", "his", "her"}
STOP = {"the", "a", "an", "of", "to", "in", "on", "at", "for", "by", "with", "from", "and", "or",
        "is", "are", "was", "were", "be", "it", "this", "that", "as"}


def _sub_word(s: str, a: str, b: str, rng: random.Random) -> str | None:
    """``s`` with one whole-word (or whole-phrase) occurrence of ``a`` replaced by ``b``."""
    hits = list(re.finditer(r"(?<![\w-])" + re.escape(a) + r"(?![\w'’-])", s))
    if not hits:
        return None
    m = rng.choice(hits)
    return s[: m.start()] + b + s[m.end():]


def _swap_from(s: str, pairs: list[tuple[str, str]], rng: random.Random,
               both: bool = True) -> tuple[str, str, str] | None:
    """(new sentence, old word, new word) for one pair of the lexicon found in ``s``."""
    cands = [(a, b) for a, b in pairs if re.search(r"(?<![\w-])" + re.escape(a) + r"(?![\w-])", s)]
    if both:
        cands += [(b, a) for a, b in pairs if re.search(r"(?<![\w-])" + re.escape(b) + r"(?![\w-])", s)]
    if not cands:
        return None
    a, b = rng.choice(cands)
    out = _sub_word(s, a, b, rng)
    return (out, a, b) if out and out != s else None


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _end(s: str) -> str:
    s = s.strip()
    return s if s.endswith((".", "!", "?")) else s + "."


# ---------------------------------------------------------------------------------------
# unsupported edits


def negate(s: str, rng: random.Random) -> str | None:
    """The sentence's polarity flipped at one auxiliary (or a "no longer"/"never")."""
    opts: list[Callable[[], str | None]] = []
    for c, plain in CONTRACTED.items():
        if re.search(rf"\b{re.escape(c)}", s, re.IGNORECASE):
            opts.append(lambda c=c, plain=plain: _sub_word(s, c, plain, rng))
    if re.search(r"\bcannot\b", s):
        opts.append(lambda: _sub_word(s, "cannot", "can", rng))
    for aux in AUX:
        if re.search(rf"\b{aux} not\b", s):
            opts.append(lambda aux=aux: _sub_word(s, f"{aux} not", aux, rng))
        elif re.search(rf"\b{aux}\b(?! not)", s):
            opts.append(lambda aux=aux: _sub_word(s, aux, "cannot" if aux == "can" else f"{aux} not", rng))
    if re.search(r"\bnever\b", s):
        opts.append(lambda: _sub_word(s, "never", rng.choice(["always", "sometimes"]), rng))
    if re.search(r"\bno longer\b", s):
        opts.append(lambda: _sub_word(s, "no longer", "still", rng))
    if re.search(r"\b(?:no|without) [a-z]", s):
        opts.append(lambda: re.sub(r"\bwithout\b", "with", s, count=1) if "without" in s
                    else re.sub(r"\bno ([a-z])", r"a \1", s, count=1))
    rng.shuffle(opts)
    for f in opts:
        out = f()
        if out and out != s:
            return out
    return None


def list_items(s: str) -> list[tuple[re.Match[str], list[str]]]:
    """Lists of two or more items ("cash, cards and cheques") not under an exception word."""
    out = []
    for m in LIST.finditer(s):
        before = s[: m.start()].lower()
        if re.search(r"\b(?:except|excluding|without|other than|but not|neither|nor|between)\s*(?:for\s+)?$",
                     before.rstrip()):
            continue
        items = [m.group(1)] + [x.strip() for x in m.group(2).split(",") if x.strip()] + [m.group(4)]
        if any(set(i.lower().split()) & FUNCTION for i in items):
            continue
        if len(items) == 2 and any(len(i.split()) > 2 for i in items):
            continue
        if all(1 <= len(i.split()) <= 3 for i in items) and len(set(items)) == len(items):
            out.append((m, items))
    return out


def _subset(s: str, rng: random.Random) -> tuple[str, str] | None:
    """(sentence with its list cut to one item, the item); verb agreement is fixed for a
    list subject ("Season tickets and vouchers are" -> "Vouchers are" stays plural enough)."""
    lists = [(m, items) for m, items in list_items(s) if m.group(3) == "and"]
    if not lists:
        return None
    m, items = rng.choice(lists)
    keep = rng.choice(items)
    out = s[: m.start()] + keep + s[m.end():]
    if m.start() == 0:
        out = _cap(out)
    return out, keep


def subset_negated(s: str, rng: random.Random) -> str | None:
    """A list cut to one item and its polarity flipped: "Season tickets can be refunded."
    from "Season tickets and vouchers cannot be refunded."."""
    cut = _subset(s, rng)
    return negate(cut[0], rng) if cut else None


def antonym(s: str, rng: random.Random) -> str | None:
    hit = _swap_from(s, ANTONYMS, rng)
    return hit[0] if hit else None


def other_number(s: str, window: str, rng: random.Random) -> str | None:
    """A number replaced by another number of the same passage (or a near one)."""
    mine = NUM.findall(s)
    if not mine:
        m = re.search(r"\b(" + "|".join(WORDS[2:13]) + r")\b", s)
        if not m:
            return None
        new = rng.choice([w for w in WORDS[2:13] if w != m.group(1)])
        return s[: m.start()] + new + s[m.end():]
    n = rng.choice(mine)
    pool = [x for x in NUM.findall(window) if x != n]
    if pool and rng.random() < 0.6:
        new = rng.choice(pool)
    else:
        try:
            v = float(n.replace(",", ""))
        except ValueError:
            return None
        if "." in n:
            new = f"{v * rng.choice([0.5, 0.8, 1.25, 1.5, 2.0]):.{len(n.split('.')[1])}f}"
        elif 1800 <= v <= 2100:
            new = str(int(v) + rng.choice([-10, -3, -1, 1, 2, 5]))
        else:
            new = str(max(0, int(v) + rng.choice([-2, -1, 1, 2, 5, int(v) or 1, 10 * (int(v) or 1)])))
            if "," in n and len(new) > 3:
                new = f"{int(new):,}"
    if new == n:
        return None
    out = _sub_word(s, n, new, rng)
    return out if out != s else None


def unit_swap(s: str, rng: random.Random) -> str | None:
    """A unit or period swapped where it follows a number ("25.9 years" -> "25.9 months"),
    or a period phrase swapped ("per month" -> "per year", "weekly" -> "monthly")."""
    cands = []
    before = r"(?:\d\s?|\b(?:" + "|".join(WORDS[1:]) + r"|a|an|per|one) )"
    for a, b in UNITS + [(b, a) for a, b in UNITS]:
        phrase = " " in a or a in ("daily", "weekly", "monthly", "annually")
        pat = (r"(?<![\w-])()" if phrase else "(" + before + ")") + "(" + re.escape(a) + r")(?![\w-])"
        for m in re.finditer(pat, s):
            cands.append((m, b))
    if not cands:
        return None
    m, b = rng.choice(cands)
    return s[: m.start(2)] + b + s[m.end(2):]


def vague(s: str, rng: random.Random) -> str | None:
    """An exact duration made into a vague one of another size ("five business days" ->
    "about a month")."""
    m = NUM_UNIT.search(s)
    if not m:
        return None
    unit = m.group(2).split()[-1].rstrip("s")
    choices = [v for v in VAGUE if unit not in v]
    return s[: m.start()] + rng.choice(choices) + s[m.end():]


def _subject(s: str) -> tuple[int, int] | None:
    """The span of the sentence's subject: its first words up to the first verb (1-6 words)."""
    m = VERB.search(s)
    if not m or m.start() == 0:
        return None
    subj = s[: m.start()].rstrip(" ,")
    n = len(subj.split())
    if not 1 <= n <= 6 or re.search(r"[,;:()]", subj) or NEGATION.search(subj):
        return None
    if subj.split()[0].lower() in {"if", "when", "unless", "after", "before", "in", "on", "at",
                                   "for", "to", "by", "from", "with", "as", "while", "although",
                                   "it", "there", "this", "that", "these", "those", "they", "he",
                                   "she", "we", "you", "i", "since", "because", "though",
                                   "whereas", "once", "until", "so", "but", "and", "or", "what",
                                   "how", "why", "where", "which", "who", "also", "however"}:
        return None
    return 0, len(subj)


def entity_swap(s: str, window_sents: list[str], rng: random.Random) -> str | None:
    """Another sentence's subject put on this sentence's predicate ("Interns receive 25 days"
    from "Permanent staff receive 25 days. Interns ... receive 10 days."), or a name of
    another sentence of the window put in place of one of this sentence's names."""
    mine = _subject(s)
    others = []
    for o in window_sents:
        if o == s:
            continue
        sp = _subject(o)
        if sp:
            others.append(o[sp[0]: sp[1]])
    if mine and others:
        subj = s[mine[0]: mine[1]]
        cands = [o for o in others if o.lower() != subj.lower() and o.lower() not in s.lower()]
        if cands:
            new = rng.choice(cands)
            return _cap(new) + s[mine[1]:]
    names = [n for n in NAME.findall(s) if len(n) > 2]
    pool = [n for o in window_sents if o != s for n in NAME.findall(o) if len(n) > 2 and n not in s]
    if names and pool:
        return _sub_word(s, rng.choice(names), rng.choice(pool), rng)
    return None


def role_swap(s: str, rng: random.Random) -> str | None:
    """Two noun phrases of one sentence swapped: who did what to whom reversed ("The tenant
    must notify the landlord" -> "The landlord must notify the tenant"; "A beat B" -> "B
    beat A"; "X is larger than Y" -> "Y is larger than X")."""
    if len(s.split()) > 30:
        return None
    names = list(dict.fromkeys(n for n in NAME.findall(s) if len(n) > 2))
    nps = [m for m in THE_NP.finditer(s)]
    if len(names) >= 2 and rng.random() < 0.5:
        a, b = rng.sample(names, 2)
        out = s.replace(a, "\0").replace(b, a).replace("\0", b)
        return out if out != s else None
    if len(nps) >= 2:
        i, j = sorted(rng.sample(range(len(nps)), 2))
        a, b = nps[i], nps[j]
        if a.group(0).split()[-1] == b.group(0).split()[-1]:
            return None
        ta, tb = a.group(0), b.group(0)
        out = s[: a.start()] + tb + s[a.end(): b.start()] + ta + s[b.end():]
        if a.start() == 0 or (a.start() > 0 and s[: a.start()].strip() == ""):
            out = _cap(out[:1].lower() + out[1:])
        return out if out.lower() != s.lower() else None
    return None


def stronger(s: str, rng: random.Random) -> str | None:
    hit = _swap_from(s, STRONGER, rng, both=False)
    return hit[0] if hit else None


def overgeneral(s: str, rng: random.Random) -> str | None:
    """The subject widened: a restrictive modifier dropped ("Visitors from outside the EU"
    -> "All visitors"), a leading qualifier dropped ("Permanent staff" -> "Staff"), or a
    quantifier or frequency made universal ("some" -> "all", "often" -> "always")."""
    sp = _subject(s)
    if not sp:
        return stronger(s, rng)
    subj, rest = s[sp[0]: sp[1]], s[sp[1]:]
    m = re.search(r"\s+(?:from|with|who|that|in|under|over|aged|on|at|of|outside|inside|without|"
                  r"above|below|older|younger|living|working|holding|using|between)\b.*$", subj)
    if m and m.start() > 0:
        head = re.sub(r"^(?:The|Our|Some|Most|Many)\s+", "", subj[: m.start()], flags=re.IGNORECASE)
        if rng.random() < 0.6:
            return rng.choice(["All ", "Every "]) + head[:1].lower() + head[1:] + rest
        return _cap(head) + rest
    words = subj.split()
    if len(words) >= 2 and words[-1].endswith("s") and words[0].lower() not in {"the", "all", "every"}:
        head = " ".join(words[1:])
        return (rng.choice(["All ", ""]) + head if head[:1].islower() else head) + rest
    return stronger(s, rng)


def only(s: str, rng: random.Random) -> str | None:
    """The claim narrowed where the source allows more: a list cut to one item with "only"
    ("accepts only cash" from "accepts cash and cards"), or "only"/"never" put in."""
    cut = _subset(s, rng)
    if cut:
        out, keep = cut
        return _sub_word(out, keep, "only " + keep, rng)
    v = VERB.search(s)
    if v and v.start() > 0:
        return s[: v.start()] + "only " + s[v.start():]
    return None


def drop_condition(s: str, rng: random.Random) -> str | None:
    """The sentence's condition or exception left out."""
    m = LEAD_CONDITION.match(s)
    if m and rng.random() < 0.5:
        rest = s[m.end():]
        return _cap(rest) if len(rest.split()) >= 4 else None
    hits = [h for h in CONDITION.finditer(s) if h.start() > 10]
    if hits:
        h = rng.choice(hits)
        out = (s[: h.start()] + s[h.end():]).strip()
        return _end(out) if len(out.split()) >= 4 else None
    if m:
        rest = s[m.end():]
        return _cap(rest) if len(rest.split()) >= 4 else None
    return None


def temporal(s: str, rng: random.Random) -> str | None:
    for names in (DAYS, MONTHS):
        present = [d for d in names if re.search(rf"\b{d}\b", s)]
        if present:
            d = rng.choice(present)
            return _sub_word(s, d, rng.choice([x for x in names if x not in present]), rng)
    years = [y for y in re.findall(r"\b(1[89]\d\d|20\d\d)\b", s)]
    if years and rng.random() < 0.6:
        y = rng.choice(years)
        return _sub_word(s, y, str(int(y) + rng.choice([-10, -2, -1, 1, 3, 10])), rng)
    hit = _swap_from(s, TENSE, rng, both=False)
    return hit[0] if hit else None


def invented(s: str, adjuncts: list[str], window: str, rng: random.Random) -> str | None:
    """An on-topic adjunct the source does not give ("by phone", "in cash") put in."""
    pool = [a for a in adjuncts if a.lower() not in window.lower()]
    if not pool:
        return None
    a = rng.choice(pool)
    body = s.rstrip(" .!?")
    return body + " " + a + "."


def rng_join(part: str) -> str:
    return ", and " + part[:1].lower() + part[1:] + "."


# ---------------------------------------------------------------------------------------
# supported edits


def move_negation(s: str, rng: random.Random) -> str | None:
    """The meaning kept, the negation moved onto a complementary word: "is not allowed" <->
    "is prohibited", "is closed" <-> "is not open"."""
    opts = []
    for a, b in COMPLEMENTS:
        for x, y in ((a, b), (b, a)):
            if re.search(rf"\b{BE} not {re.escape(x)}\b", s):
                opts.append((rf"\b{BE} not {re.escape(x)}\b", rf"\1 {y}"))
            elif re.search(rf"\b{BE} {re.escape(x)}\b", s):
                opts.append((rf"\b{BE} {re.escape(x)}\b", rf"\1 not {y}"))
    if not opts:
        return None
    pat, rep = rng.choice(opts)
    out = re.sub(pat, rep, s, count=1)
    return out if out != s else None


def same_modal(s: str, rng: random.Random) -> str | None:
    hit = _swap_from(s, SAME_MODAL, rng, both=False)
    return hit[0] if hit else None


def same_number(s: str, rng: random.Random) -> str | None:
    """A number written differently: digits and words, 12 months / a year, 2 hours / 120
    minutes, "up to 10" / "at most 10", "at least 18" / "18 or older"."""
    for (n, unit), alts in SAME_AMOUNT.items():
        pat = rf"\b{re.escape(n)}\s*{re.escape(unit)}\b" if unit else rf"(?<![\d,]){re.escape(n)}(?![\d,])"
        if re.search(pat, s):
            return re.sub(pat, rng.choice(alts), s, count=1)
    m = re.search(r"\b(up to|at most|no more than|a maximum of|at least|no fewer than|a minimum of|"
                  r"more than|over|less than|under|fewer than) (\d[\d,.]*)", s)
    if m and rng.random() < 0.6:
        same = {"up to": ["at most", "no more than", "a maximum of"],
                "at most": ["up to", "no more than"], "no more than": ["at most", "up to"],
                "a maximum of": ["up to", "at most"], "at least": ["no fewer than", "a minimum of"],
                "no fewer than": ["at least"], "a minimum of": ["at least"],
                "more than": ["over"], "over": ["more than"], "less than": ["under", "below"],
                "under": ["less than"], "fewer than": ["less than"]}[m.group(1)]
        return s[: m.start(1)] + rng.choice(same) + s[m.end(1):]
    m = NUM_UNIT.search(s)
    if m and m.group(2) in TO_SMALLER and m.group(1).isdigit() and rng.random() < 0.5:
        unit, k = TO_SMALLER[m.group(2)]
        v = int(m.group(1)) * k
        return s[: m.start()] + f"{v:,} {unit}" + s[m.end():]
    m = re.search(r"(?<![\w.,$€£])(\d{1,2})(?![\w.,%])", s)
    if m and 1 <= int(m.group(1)) <= 20:
        return s[: m.start()] + WORDS[int(m.group(1))] + s[m.end():]
    m = re.search(r"\b(" + "|".join(WORDS[1:]) + r")\b", s)
    if m:
        return s[: m.start()] + str(WORDS.index(m.group(1))) + s[m.end():]
    return None


def drop_aside(s: str) -> str | None:
    out = re.sub(r"\s*\([^)]*\)", "", s)
    if out != s:
        return out
    m = DISCOURSE.match(s)
    if m:
        return _cap(s[m.end():])
    return None


def leading_clause(s: str) -> str | None:
    """The sentence up to a comma, when what follows adds no condition or exception."""
    m = re.search(r",\s+(?:and|but|while|which|whereas|so)?\s*", s)
    if not m or len(s[: m.start()].split()) < 5:
        return None
    rest = s[m.end():].lower()
    if re.match(RESTRICT_OPENERS, rest) or re.search(r"\b(?:except|unless|only|if|provided)\b", rest):
        return None
    if LEAD_CONDITION.match(s):
        return None
    return _end(s[: m.start()])


def subset(s: str, rng: random.Random) -> str | None:
    cut = _subset(s, rng)
    return cut[0] if cut else None


# ---------------------------------------------------------------------------------------


def adjunct_pool(docs: list[list[str]], n: int, rng: random.Random) -> list[str]:
    """Short adjuncts ("by phone", "in writing", "within 24 hours") cut from real sentences."""
    pat = re.compile(r"\b((?:by|in|via|through|within|for|during|on|at|with|using|after|before) "
                     r"(?:the |a |an )?[a-z][a-z-]+(?: [a-z][a-z-]+)?)[.,;]")
    out: list[str] = []
    for d in rng.sample(docs, min(len(docs), 4000)):
        for s in d:
            for m in pat.finditer(s):
                if m.group(1).split()[-1] not in STOP:
                    out.append(m.group(1))
    rng.shuffle(out)
    return list(dict.fromkeys(out))[:n]


# kind -> (label, weight)
KINDS: dict[str, tuple[int, float]] = {
    "negation": (2, 1.2), "subset_negated": (2, 0.6), "antonym": (2, 1.0), "number": (2, 0.8),
    "unit": (2, 0.7), "vague": (1, 0.4), "entity": (1, 1.3), "role": (1, 1.0),
    "stronger": (1, 0.7), "overgeneral": (1, 0.8), "only": (1, 0.6), "condition": (1, 0.9),
    "temporal": (2, 0.7), "invented": (1, 0.7), "joined_false": (1, 0.6), "outside": (1, 0.3),
    "copy": (0, 0.8), "move_negation": (0, 1.3), "same_modal": (0, 0.9), "same_number": (0, 1.1),
    "aside": (0, 0.4), "clause": (0, 0.5), "subset": (0, 1.0), "joined_true": (0, 0.8),
}


_CODEISH = re.compile(r"[¶|`{}<>=_\\]|\.\.\.\.|\w\(")


def _prose(s: str) -> bool:
    """A sentence worth editing: prose of 25-320 characters that starts with a capital or a
    digit, ends like a sentence and holds no code or table markup."""
    return (25 <= len(s) <= 320 and s[:1].isupper() or s[:1].isdigit()) and \
        s.rstrip().endswith((".", "!", "?")) and not _CODEISH.search(s) and len(s.split()) >= 5


#: the kinds whose edit reads only the sentence (and the random source)
_SENTENCE_EDITS: dict[str, Callable[[str, random.Random], str | None]] = {
    "negation": negate, "subset_negated": subset_negated, "antonym": antonym, "unit": unit_swap,
    "vague": vague, "role": role_swap, "stronger": stronger, "overgeneral": overgeneral, "only": only,
    "condition": drop_condition, "temporal": temporal, "move_negation": move_negation,
    "same_modal": same_modal, "same_number": same_number, "aside": lambda s, _rng: drop_aside(s),
    "clause": lambda s, _rng: leading_clause(s), "subset": subset,
}


def make_everyday(docs: list[list[str]], n: int, rng: random.Random) -> list[Row]:
    """``n`` rows over windows of the given documents (lists of sentences)."""
    docs = [[s for s in d if _prose(s)] for d in docs]
    docs = [d for d in docs if d]
    multi = [d for d in docs if len(d) >= 2]
    adjuncts = adjunct_pool(docs, 4000, rng)
    names = list(KINDS)
    weights = [KINDS[k][1] for k in names]
    out: list[Row] = []
    tries = 0
    kind, left = names[0], 0
    while len(out) < n and tries < n * 60:
        tries += 1
        if left <= 0:  # a kind is drawn by weight, then looked for in up to 40 windows
            kind, left = rng.choices(names, weights)[0], 40
        left -= 1
        label = KINDS[kind][0]
        pool = multi if kind in ("entity", "joined_true", "outside") or rng.random() < 0.8 else docs
        d = rng.choice(pool)
        k = rng.randint(min(2, len(d)), min(5, len(d)))
        i = rng.randrange(0, len(d) - k + 1)
        win = d[i: i + k]
        window = " ".join(win)
        s = rng.choice(win)
        claim: str | None = None
        if kind in _SENTENCE_EDITS:
            claim = _SENTENCE_EDITS[kind](s, rng)
        elif kind == "number":
            claim = other_number(s, window, rng)
        elif kind == "entity":
            claim = entity_swap(s, win, rng)
        elif kind == "invented":
            claim = invented(s, adjuncts, window, rng)
        elif kind == "joined_false":
            other = rng.choice(rng.choice(docs))
            bad = negate(s, rng) if rng.random() < 0.3 else other
            if bad and bad != s:
                t = rng.choice(win)
                claim = t.rstrip(" .!?") + rng_join(bad.rstrip(" .!?"))
        elif kind == "outside":
            rest = d[:i] + d[i + k:]
            claim = rng.choice(rest) if rest else None
        elif kind == "copy":
            claim = s
        elif kind == "joined_true" and len(win) >= 2:
            a, b = sorted(rng.sample(range(len(win)), 2))
            claim = win[a].rstrip(" .!?") + rng_join(win[b].rstrip(" .!?"))
        if not claim or not claim.strip() or (label != 0 and claim.strip() == s.strip()):
            continue
        if label != 0 and claim.strip() in window:  # the edit made another true sentence
            continue
        out.append({"premise": window, "hypothesis": claim, "label": label, "kind": f"everyday:{kind}"})
        left = 0
    return out[:n]
