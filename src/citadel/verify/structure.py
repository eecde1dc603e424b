"""Structure checks: the cited id exists, and a quote really occurs in its source.

A quote is looked up first by normalized exact match (case, whitespace, quotes, dashes and
punctuation ignored, offsets mapped back to the original text), then by fuzzy alignment
(rapidfuzz) that returns the matched offsets. A "frankenquote" (pieces of the source stitched
together from distant places) fails: the fuzzy match must cover one contiguous region of about
the quote's own length.
"""

from __future__ import annotations

import re
import unicodedata

from rapidfuzz import fuzz

from citadel.verify._types import QuoteMatch

_KEEP = re.compile(r"[^\W_]", re.UNICODE)
FUZZY_MIN = 90.0  # rapidfuzz similarity (0-100) a fuzzy match needs


def _normalize_with_map(text: str) -> tuple[str, list[int]]:
    """Lower-cased letters and digits with single spaces between runs, plus a map from each
    output character back to its offset in ``text``."""
    out: list[str] = []
    where: list[int] = []
    pending_space = False
    for i, ch in enumerate(text):
        for c in unicodedata.normalize("NFKC", ch).lower():
            if _KEEP.match(c):
                if pending_space and out:
                    out.append(" ")
                    where.append(i)
                out.append(c)
                where.append(i)
                pending_space = False
            else:
                pending_space = True
    return "".join(out), where


def _core(text: str) -> str:
    """``text`` without the leading and trailing characters normalized matching ignores."""
    letters = [m.start() for m in _KEEP.finditer(text)]
    return text[letters[0] : letters[-1] + 1] if letters else ""


_NEG = re.compile(r"\b(?:not|no|never|none|nor|cannot|without)\b|n t\b")


def _negations(text: str) -> int:
    return len(_NEG.findall(text))


#: the dashes an option's name opens with, right before its first letter or digit
_LEADING_DASHES = re.compile(r"-{1,2}(?=[^\W_])")


def find_quote(quote: str, source: str, min_similarity: float = FUZZY_MIN) -> QuoteMatch | None:
    """Where ``quote`` occurs in ``source``, or None (also None for a frankenquote)."""
    core = _core(quote)
    dashes = _LEADING_DASHES.match(quote.strip())
    if core and dashes and (pos := source.find(dashes[0] + core)) >= 0:  # an option's name keeps its
        # dashes ("-s --small ...", "--sort-keys"): they are part of the name, not punctuation around it
        return QuoteMatch(start=pos, end=pos + len(dashes[0]) + len(core), similarity=100.0, exact=True)
    if core and (pos := source.find(core)) >= 0:  # verbatim once what wraps it is off ('"...text..."')
        return QuoteMatch(start=pos, end=pos + len(core), similarity=100.0, exact=True)
    nq, _ = _normalize_with_map(quote)
    if not nq:
        return None
    ns, where = _normalize_with_map(source)
    pos = ns.find(nq)
    if pos >= 0:
        return QuoteMatch(start=where[pos], end=where[pos + len(nq) - 1] + 1, similarity=100.0,
                          exact=True)
    if len(nq) < 12:  # too short to align fuzzily without false hits
        return None
    al = fuzz.partial_ratio_alignment(nq, ns, score_cutoff=min_similarity)
    if al is None:
        return None
    matched = al.dest_end - al.dest_start
    # one contiguous region of about the quote's length; a stitched quote aligns poorly or
    # needs a much longer stretch of the source
    if matched < 0.85 * len(nq) or matched > 1.2 * len(nq):
        return None
    region = ns[al.dest_start : al.dest_end]
    if fuzz.ratio(nq, region) < min_similarity:
        return None
    # a fuzzy match tolerates typos, never a changed number or a dropped/added negation
    if re.findall(r"\d+", nq) != re.findall(r"\d+", region):
        return None
    if _negations(nq) != _negations(region):
        return None
    return QuoteMatch(start=where[al.dest_start], end=where[al.dest_end - 1] + 1,
                      similarity=float(al.score), exact=False)
