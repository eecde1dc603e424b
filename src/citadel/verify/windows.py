"""Split a source into sentence windows and pick the ones worth scoring for a claim.

A short source is one window. A long source becomes overlapping windows of up to
``size`` consecutive sentences (stride 1). The model reads only the windows that share the
most content words with the claim, plus one *joined* window made of the best sentences from
different places, for claims that need two distant sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from citadel.text import sentence_spans
from citadel.verify.lexical import feature_words

SHORT_SOURCE_CHARS = 1100


@dataclass(frozen=True)
class Window:
    text: str
    start: int  # offsets into the source; a joined window spans its first to last sentence
    end: int
    joined: bool = False


@lru_cache(maxsize=2048)
def sentences(source: str) -> tuple[tuple[int, int], ...]:
    """Sentence spans of ``source``; a line break also ends a sentence (sources that come one
    sentence per line, tables, lists)."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for line in source.split("\n"):
        end = pos + len(line)
        if line.strip():
            spans.extend(sentence_spans(source, pos, end))
        pos = end + 1
    return tuple(spans)


def candidate_windows(claim: str, source: str, size: int = 3, top_k: int = 6,
                      max_chars: int = 1000) -> list[Window]:
    """The windows the model should score for ``claim``, best lexical match first."""
    if len(source) <= SHORT_SOURCE_CHARS:
        return [Window(source, 0, len(source))]
    sents = sentences(source)
    if not sents:
        return [Window(source[:max_chars], 0, min(len(source), max_chars))]
    # (counted as the combiner's features are: the windows are what the model was fitted on)
    cw = feature_words(claim)
    sent_words = [feature_words(source[s:e]) for s, e in sents]
    sent_hits = [len(cw & w) for w in sent_words]
    scored: list[tuple[float, int, int]] = []
    for i in range(len(sents)):
        j = i + 1
        while j < len(sents) and j - i < size and sents[j][1] - sents[i][0] <= max_chars:
            j += 1
        hits = len(cw & set().union(*sent_words[i:j])) if cw else 0
        scored.append((hits / max(1, len(cw)) - 0.001 * (j - i), i, j))
    scored.sort(key=lambda t: (-t[0], t[1]))
    chosen: list[Window] = []
    seen: set[tuple[int, int]] = set()
    for _, i, j in scored:
        if (i, j) in seen:
            continue
        seen.add((i, j))
        chosen.append(Window(source[sents[i][0] : sents[j - 1][1]], sents[i][0], sents[j - 1][1]))
        if len(chosen) >= top_k:
            break
    best = sorted(range(len(sents)), key=lambda k: (-sent_hits[k], k))[:2]
    if len(best) == 2 and abs(best[0] - best[1]) >= size and min(sent_hits[k] for k in best) > 0:
        a, b = sorted(best)
        text = source[sents[a][0] : sents[a][1]] + " " + source[sents[b][0] : sents[b][1]]
        chosen.append(Window(text, sents[a][0], sents[b][1], joined=True))
    return chosen
