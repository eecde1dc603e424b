"""Table rows in a source, and what a claim says about one cell.

A table reaches the verifier as rows: one line per row (``a | b``, tab-separated) or records
written out as ``Header: value; Header: value`` (one line each, or several on one line, each
ending with a full stop: "Plan: Basic; Dental: not included. Plan: Plus; Dental: included.").
Every row shares almost every word with every other, so a claim about one row reads as
supported by the whole table; what the claim says must be found in the row it names.

- :func:`rows`: the rows of a source, with their cells where they have headers;
- :func:`row_of`: the one row a claim names (by its key cell, or by words that occur in that
  row only);
- :func:`cell_polarity`: the claim says a row has (or lacks) what its cell says it lacks (or
  has): "The Premier plan does not include dental" against "Plan: Premier; Dental: included".

Numbers read against rows are in :mod:`citadel.verify.numbers` (a value taken from another
row, a comparison between two rows, the period a header names).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from citadel.verify.lexical import content_words, negation_count, stem, words
from citadel.verify.windows import sentences

#: a line that is a table row: cells split by "|" or tabs, or two "Header: value" cells
ROW = re.compile(r"\||\t|\w: [^;\n]+; *[^:;\n]+: ")
_CELL = re.compile(r"(?:^|;)\s*([A-Za-z][^:;.\n]{0,40}?):\s*([^;\n]*)")


@dataclass(frozen=True)
class Cell:
    header: str
    value: str
    start: int  # offsets of the value in the source
    end: int


@dataclass(frozen=True)
class Row:
    text: str
    start: int
    cells: tuple[Cell, ...]  # empty for rows without headers ("a | b")

    @property
    def words(self) -> frozenset[str]:
        return content_words(self.text)


@lru_cache(maxsize=2048)
def rows(source: str) -> tuple[Row, ...]:
    """The rows of ``source`` when it holds at least two (else none): its lines that are
    rows, or, when fewer than two lines are, its sentences of two or more ``Header: value``
    cells. Cached: the number check and each table rule of one pair read the same source."""
    out, pos = [], 0
    for line in source.split("\n"):
        if ROW.search(line):
            out.append(_row(source, pos, pos + len(line)))
        pos += len(line) + 1
    if len(out) < 2:
        out = [row for s, e in sentences(source) if len((row := _row(source, s, e)).cells) >= 2]
    return tuple(out) if len(out) >= 2 else ()


def _row(source: str, start: int, end: int) -> Row:
    text = source[start:end]
    cells = []
    for m in _CELL.finditer(text.rstrip(". ")):
        value = m.group(2).strip()
        if value:
            at = start + m.start(2)  # the pattern's "\s*" took the spaces before it
            cells.append(Cell(m.group(1).strip(), value, at, at + len(value)))
    return Row(text, start, tuple(cells) if len(cells) >= 2 else ())


def identifying(claim: str, table: Sequence[Row]) -> frozenset[str]:
    """The claim's content words that occur in exactly one row."""
    cw = content_words(claim)
    return frozenset(w for w in cw if sum(w in r.words for r in table) == 1)


def named_rows(claim: str, table: Sequence[Row]) -> list[int]:
    """Indexes of the rows the claim names, in the order the claim names them: by a row's key
    (its first cell's value, "Notice 90", as whole words of the claim), or by a word that occurs
    in that row only."""
    ws = [stem(w) for w in words(claim)]
    first: dict[int, int] = {}
    for i, r in enumerate(table):
        key = [stem(w) for w in words(r.cells[0].value)] if r.cells else []
        at = next((p for p in range(len(ws) - len(key) + 1) if key and ws[p:p + len(key)] == key), None)
        if at is not None and sum(1 for o in table if o.cells and o.cells[0].value == r.cells[0].value) == 1:
            first[i] = at
    ident = identifying(claim, table)
    for pos, w in enumerate(ws):
        if w in ident:
            i = next(i for i, r in enumerate(table) if w in r.words)
            first.setdefault(i, pos)
    return sorted(first, key=first.__getitem__)


def row_of(claim: str, table: Sequence[Row]) -> int | None:
    """The one row the claim names, or None when it names none or several."""
    named = named_rows(claim, table)
    return named[0] if len(named) == 1 else None


def _same_word(a: str, b: str) -> bool:
    """Two stems of one word: equal, or one starts the other and both have 4 letters or more
    ("writ" from "writing", "write")."""
    return a == b or (min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a)))


def named_cells(claim: str, row: Row) -> list[Cell]:
    """The cells of ``row`` whose header the claim names by one of its words ("dental" names
    "Dental", "writing" names "Write speed")."""
    cw = content_words(claim)
    return [c for c in row.cells if any(_same_word(h, w) for h in content_words(c.header) for w in cw)]


#: values of a yes/no cell
_YES = frozenset("included include yes available covered provided offered supported allowed permitted "
                 "free".split())
_NO = frozenset("no not none excluded unavailable n/a".split())
#: claim words that say a thing is absent ("excludes dental"), beside the negations
#: (:data:`citadel.verify.lexical.NEGATIONS` has "without" and "lacks" already)
_ABSENT = frozenset("exclude excludes excluded excluding omits omitted".split())


def _cell_says(value: str) -> bool | None:
    """True for a "has it" cell (``included``, ``yes``), False for a "lacks it" one (``not
    included``, ``no``, ``-``), None for any other value."""
    ws = words(value)
    if value.strip() in ("-", "—", "–", "✗", "✘"):
        return False
    if value.strip() in ("✓", "✔"):
        return True
    if not ws or any(w not in _YES | _NO for w in ws):
        return None
    return not any(w in _NO for w in ws)


def _claim_says(claim: str) -> bool:
    """True when the claim says the thing is there: an even count of negations and words of
    absence."""
    return (negation_count(claim) + sum(1 for w in words(claim) if w in _ABSENT)) % 2 == 0


def cell_polarity(claim: str, source: str) -> str | None:
    """What the claim gets wrong about a yes/no cell of the one row it names, or None.

    The claim must name exactly one row, and yes/no cells of that row by their headers, all of
    them saying the same (has / lacks); the claim says the other, by a negation or a word of
    absence ("does not include", "excludes"). A claim that names two rows, or cells that
    disagree ("dental but not vision"), is left to the other layers."""
    table = rows(source)
    if not table:
        return None
    i = row_of(claim, table)
    if i is None:
        return None
    cells = [(c, said) for c in named_cells(claim, table[i]) if (said := _cell_says(c.value)) is not None]
    if not cells or len({said for _, said in cells}) != 1:
        return None
    said = cells[0][1]
    if _claim_says(claim) == said:
        return None
    shown = "; ".join(f"{c.header}: {c.value}" for c, _ in cells)
    return f"the row the claim names ('{table[i].text.strip()}') says {shown}"


__all__ = ["Cell", "ROW", "Row", "cell_polarity", "identifying", "named_cells", "named_rows",
           "row_of", "rows"]
