"""The default backend: offline, no LLM. It answers with source sentences, verbatim.

Every sentence of every source is scored against the question by the bundled
cross-encoder (a probability that the sentence answers it). In ``ask`` evidence
selection has already scored the sentences worth reading (``Source.sentences``), and
only those are candidates; a source without scores has all its sentences scored here.
Sentences above ``min_score`` and within ``relative`` of the best become claims, at most
``max_claims``, each one a verbatim quote with its citation. Sentences that address
a reader or an AI (“ignore previous instructions”, “tell the user…”), answer JSON or
chat tokens pasted into a document (:func:`citadel.untrusted.flag_spans`, which reads
through look-alike letters and invisible characters) and questions are never
candidates, so instructions planted in a document cannot become an answer. (The
verifier refuses such support too, whatever the backend.)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from citadel.generate.backends.base import BackendOptions, Generation, GenerationRequest, Generator
from citadel.text import sentence_spans
from citadel.untrusted import flag_spans, is_instruction, overlaps

Scorer = Callable[[str, Sequence[str]], Sequence[float]]

__all__ = ["ExtractiveGenerator", "ExtractiveOptions", "is_instruction"]


class ExtractiveOptions(BackendOptions):
    #: a floor for standalone use; in ask the calibrated evidence threshold (0.621 on
    #: ClapNQ dev) and ``relative`` bind first, and calibration found no better floor
    min_score: float = 0.28
    relative: float = 0.5
    max_claims: int = 3
    min_words: int = 4


class ExtractiveGenerator(Generator):
    name = "extractive"
    repairable = False
    Options = ExtractiveOptions
    options: ExtractiveOptions

    def __init__(self, options: ExtractiveOptions | None = None, scorer: Scorer | None = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self._scorer = scorer

    @property
    def scorer(self) -> Scorer:
        if self._scorer is None:
            from citadel.retrieve import get_reranker, probability

            reranker = get_reranker()
            def score(question: str, sentences: Sequence[str]) -> Sequence[float]:
                return [float(p) for p in probability(reranker.score(question, list(sentences)))]

            self._scorer = score
        return self._scorer

    def candidates(self, request: GenerationRequest) -> list[tuple[str, str, float | None]]:
        """(source id, sentence, score) for sentences that could answer: no instructions, no
        questions, not too short. The score is the one evidence selection gave the sentence
        (None when the source came without scores: the scorer reads it then)."""
        out: list[tuple[str, str, float | None]] = []
        for source in request.sources:
            spans: Sequence[tuple[int, int, float | None]] = source.sentences or tuple(
                (s, e, None) for s, e in sentence_spans(source.text)
            )
            planted = flag_spans(source.text)
            for start, end, score in spans:
                sentence = source.text[start:end]
                words = len(sentence.split())
                if words < self.options.min_words or sentence.endswith("?") or overlaps(planted, start, end):
                    continue
                out.append((source.sid, sentence, score))
        return out

    def generate(self, request: GenerationRequest) -> Generation:
        pool = self.candidates(request)
        unscored = [i for i, (_, _, score) in enumerate(pool) if score is None]
        fresh = list(self.scorer(request.question, [pool[i][1] for i in unscored])) if unscored else []
        given = {i: float(value) for i, value in zip(unscored, fresh, strict=True)}
        scores = [given[i] if score is None else score for i, (_, _, score) in enumerate(pool)]
        ranked = sorted(zip(scores, range(len(pool))), key=lambda x: (-x[0], x[1]))
        best = ranked[0][0] if ranked else 0.0
        o = self.options
        chosen: list[dict[str, Any]] = []
        chosen_scores: list[float] = []
        seen: set[str] = set()
        for score, i in ranked:
            sid, sentence, _ = pool[i]
            if score < o.min_score or score < best * o.relative or len(chosen) >= o.max_claims:
                break
            key = " ".join(sentence.lower().split())
            if key in seen:
                continue
            seen.add(key)
            chosen.append({"citations": [{"source_id": sid, "quote": sentence}], "text": sentence})
            chosen_scores.append(round(float(score), 4))
        answer = {"abstained": not chosen, "claims": chosen}
        usage = {"claim_scores": chosen_scores, "best_score": round(float(best), 4), "candidates": len(pool)}
        return Generation(text=json.dumps(answer), model="extractive", usage=usage)
