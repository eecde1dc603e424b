"""Is an answer right? Gold-answer matching and the quote-at-offsets check of ``citadel eval``.

An answered question counts as **correct** only when all three hold:

1. the answer *contains a gold answer* (:func:`gold_answer_found`);
2. it cites a gold document (a ``gold_evidence`` doc id or an ``alt_docs`` entry);
3. every quote is the stored text at its offsets: ``store.text(doc_id, version)[start:end] == quote``
   (:func:`quotes_at_offsets`).

Gold answers come in two kinds, told apart by length:

* **short** golds (at most :data:`LONG_GOLD_TOKENS` word tokens: ``--sort-keys``, ``3.7``,
  ``Monty Python``) are must-contain strings, as in docsqa: *all* of an item's short golds must
  occur in the answer. Both sides are normalized first (Unicode NFKC, curly quotes made straight,
  backticks dropped, whitespace collapsed; quotes and trailing ``.,;!?`` around the gold
  stripped). A gold made of letters and spaces only matches case-insensitively (casefold); a gold
  with any other character (``-P``, ``%j``, ``r:xz``, ``is_absolute``) is code and matches
  case-sensitively, because there case is meaning (``-P`` is not ``-p``). A match must not sit
  inside a longer word (``closed`` is not found in ``disclosed``, ``-f`` not in ``-ff``).
* **long** golds (more than :data:`LONG_GOLD_TOKENS` tokens: ClapNQ's written answers) are
  alternative reference answers: *one* of them must be contained, or reach SQuAD token F1 of at
  least :data:`F1_THRESHOLD` (0.5) with the answer.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from citadel._errors import StoreError
from citadel.evaluate.metrics import token_f1, tokens

LONG_GOLD_TOKENS = 6  # a gold with more word tokens than this is a free-text reference answer
F1_THRESHOLD = 0.5  # token F1 a long gold needs (best over the long golds)

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ", "`": None})
_SPACE = re.compile(r"\s+")
_EDGE = "\"' "
_TRAILING = ".,;!?"
_WORDS_ONLY = re.compile(r"[^\W\d_]+(?: [^\W\d_]+)*")


def normalize(text: str) -> str:
    """NFKC, straight quotes, no backticks (inline-code markup), single spaces, trimmed."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).translate(_QUOTES)).strip()


def clean_gold(gold: str) -> str:
    """A gold string normalized, without surrounding quotes or trailing sentence punctuation."""
    g = normalize(gold)
    stripped = g.strip(_EDGE).rstrip(_TRAILING).strip(_EDGE)
    return stripped or g  # a gold that is all punctuation (``<``, ``:=``) stays as it is


def is_long(gold: str) -> bool:
    return len(tokens(gold)) > LONG_GOLD_TOKENS


def contains(answer: str, gold: str) -> bool:
    """Does the answer contain this gold string (normalized, whole words, case as described above)?"""
    g = clean_gold(gold)
    a = normalize(answer)
    if not g:
        return False
    if _WORDS_ONLY.fullmatch(g):
        a, g = a.casefold(), g.casefold()
    start = a.find(g)
    while start != -1:
        end = start + len(g)
        before_ok = start == 0 or not (_word(a[start - 1]) and _word(g[0]))
        after_ok = end == len(a) or not (_word(a[end]) and _word(g[-1]))
        if before_ok and after_ok:
            return True
        start = a.find(g, start + 1)
    return False


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def gold_answer_found(answer: str, golds: Sequence[str], f1_threshold: float = F1_THRESHOLD) -> bool:
    """All short golds contained and, if there are long golds, one contained or at token F1 >= threshold.

    False when there are no golds: nothing says what the answer should be.
    """
    short = [g for g in golds if g.strip() and not is_long(g)]
    long = [g for g in golds if is_long(g)]
    if not short and not long:
        return False
    if not all(contains(answer, g) for g in short):
        return False
    return not long or any(contains(answer, g) for g in long) or token_f1(answer, long) >= f1_threshold


class _Texts(Protocol):
    def text(self, doc_id: str, version: int | None = None) -> str: ...


def quotes_at_offsets(store: _Texts, answer: Mapping[str, Any]) -> bool:
    """Is every quote of the answer the stored text of its cited document version at its offsets?

    False for an answer with no quote at all, a missing document or version, or an empty quote.
    """
    texts: dict[tuple[str, int], str | None] = {}
    seen = 0
    for claim in answer.get("claims", []):
        for c in claim.get("citations", []):
            source = answer.get("sources", {}).get(c.get("source_id"))
            if not source or not c.get("quote"):
                return False
            key = (str(source["doc_id"]), int(source["version"]))
            if key not in texts:
                try:
                    texts[key] = store.text(*key)
                except StoreError:  # a missing document or version: the quote is not there
                    texts[key] = None
            text = texts[key]
            start, end = int(c.get("start", -1)), int(c.get("end", -1))
            if text is None or not 0 <= start < end <= len(text) or text[start:end] != c["quote"]:
                return False
            seen += 1
    return seen > 0
