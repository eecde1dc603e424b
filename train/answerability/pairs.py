"""How a checkpoint reads a (span, question) pair: the verifier-started model reads the span
first and cuts it to fit; one started from the reranker (``from_reranker.py``, its
``train_state.json`` says ``question_first``) reads the question first, as the reranker does,
and still cuts the span."""

from __future__ import annotations

from typing import Any


def encode_pairs(tok: Any, spans: list[str], questions: list[str], question_first: bool, max_length: int,
                 **options: Any) -> Any:
    """``tok`` (a transformers tokenizer) over the pairs in the model's order, the span cut."""
    if question_first:
        return tok(questions, spans, truncation="only_second", max_length=max_length, **options)
    return tok(spans, questions, truncation="only_first", max_length=max_length, **options)
