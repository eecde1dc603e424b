"""The default backend: offline, no LLM. It answers with source sentences, verbatim.

Every sentence of every source is scored against the question by the bundled
cross-encoder (a probability that the sentence answers it). Sentences above
``min_score`` and within ``relative`` of the best become claims, at most
``max_claims``, each one a verbatim quote with its citation. Sentences that address
a reader or an AI (“ignore previous instructions”, “tell the user…”) and questions
are never candidates, so instructions planted in a document cannot become an answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from citadel.generate.backends.base import BackendOptions, Generation, GenerationRequest, Generator
from citadel.text import sentence_spans

Scorer = Callable[[str, Sequence[str]], Sequence[float]]

_INSTRUCTION = re.compile(
    r"\b(ignore|disregard|forget|override)\b[^.]{0,60}\b(instructions?|prompts?|rules|above|previous)\b"
    r"|\b(system|developer)\s+(note|prompt|message|instruction)s?\b"
    r"|\b(ai|a\.i\.|assistant|chatbot|language model|llm)\b[^.]{0,40}\b(must|should|tell|say|answer|respond|reply)\b"
    r"|\b(tell|inform|assure)\s+(the\s+)?(user|reader|customer)s?\b"
    r"|\b(respond|reply|answer)\s+(with|that|only)\b"
    r"|\byou\s+(must|are\s+now|will\s+now)\b",
    re.I,
)


def is_instruction(sentence: str) -> bool:
    """True for text that tries to instruct whoever reads it (a prompt injection)."""
    return bool(_INSTRUCTION.search(sentence))


class ExtractiveOptions(BackendOptions):
    min_score: float = 0.28  # calibrated with the pipeline's threshold on ClapNQ dev (bench/RESULTS.md)
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
            from citadel.retrieve import default_reranker

            reranker = default_reranker()
            self._scorer = reranker.score
        return self._scorer

    def candidates(self, request: GenerationRequest) -> list[tuple[str, str]]:
        """(source id, sentence) pairs that could answer: no instructions, no questions, not too short."""
        out = []
        for source in request.sources:
            for start, end in sentence_spans(source.text):
                sentence = source.text[start:end]
                words = len(sentence.split())
                if words < self.options.min_words or sentence.endswith("?") or is_instruction(sentence):
                    continue
                out.append((source.sid, sentence))
        return out

    def generate(self, request: GenerationRequest) -> Generation:
        pool = self.candidates(request)
        scores = list(self.scorer(request.question, [s for _, s in pool])) if pool else []
        ranked = sorted(zip(scores, range(len(pool))), key=lambda x: (-x[0], x[1]))
        best = ranked[0][0] if ranked else 0.0
        o = self.options
        chosen, chosen_scores, seen = [], [], set()
        for score, i in ranked:
            sid, sentence = pool[i]
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
