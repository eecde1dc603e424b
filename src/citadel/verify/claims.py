"""Split an answer into claims and attach its inline citations.

A claim is a sentence (abbreviations, decimals and list items handled by
:func:`citadel.text.sentence_spans`), with character offsets into the answer kept. Citation
markers ``[S1]``, ``[S1, S2]``, ``[S1][S2]`` or ``[3]`` are parsed, removed from the claim
text and attached to the claim; a marker standing after the full stop (``... fee. [S2]``)
belongs to the sentence before it.
"""

from __future__ import annotations

import re

from citadel.text import sentence_spans
from citadel.verify._types import Citation, Claim

_ID = r"[A-Za-z]{0,12}[-_:]?\d+[A-Za-z]?"
MARKER = re.compile(r"\[\s*(" + _ID + r"(?:\s*[,;]\s*" + _ID + r")*)\s*\]")
_BULLET = re.compile(r"^(?:[-*+\u2022]|\d+[.)])\s+")
_LEADING_MARKERS = re.compile(r"^(?:\s*" + MARKER.pattern + r")+")


def parse_citations(text: str) -> tuple[str, tuple[Citation, ...]]:
    """(text without markers, citations in order of first appearance)."""
    ids: list[str] = []
    for m in MARKER.finditer(text):
        for part in re.split(r"\s*[,;]\s*", m.group(1)):
            if part and part not in ids:
                ids.append(part)
    clean = MARKER.sub("", text)
    clean = re.sub(r"\s+([.,;:!?])", r"\1", clean)
    clean = re.sub(r"\s{2,}", " ", clean).strip()
    clean = _BULLET.sub("", clean)
    return clean, tuple(Citation(source_id=i) for i in ids)


def split_claims(answer: str) -> list[Claim]:
    """The claims of ``answer``, in order, each with its citations and offsets."""
    spans = sentence_spans(answer)
    merged: list[list[int]] = []
    for s, e in spans:
        lead = _LEADING_MARKERS.match(answer[s:e])
        if lead and merged:
            # markers that open this span close the previous sentence
            merged[-1][1] = s + lead.end()
            s = s + lead.end()
            while s < e and answer[s].isspace():
                s += 1
            if s >= e:
                continue
        merged.append([s, e])
    claims: list[Claim] = []
    for s, e in merged:
        text, cites = parse_citations(answer[s:e])
        if not re.search(r"\w", text):
            continue
        claims.append(Claim(text=text, citations=cites, start=s, end=e))
    return claims
