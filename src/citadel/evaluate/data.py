"""Labelled data in the uniform formats of ../shared/datasets.

Grounded QA: ``id, question, answerable, gold_answers, gold_evidence: [{doc_id, sentences}]``,
optionally ``alt_docs`` (further documents that state the answer; they count as gold documents).
Verifier pairs: ``id, claim, evidence`` (or ``source``), ``label`` (``supported`` or not).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from citadel._errors import ValidationError
from citadel.jsonl import iter_jsonl
from citadel.limits import check_question


@dataclass(frozen=True)
class QAItem:
    id: str
    question: str
    answerable: bool
    gold_answers: tuple[str, ...]
    gold_docs: frozenset[str]
    gold_sentences: tuple[str, ...]


@dataclass(frozen=True)
class Pair:
    id: str
    claim: str
    source: str
    supported: bool


def _lines(path: Path) -> list[tuple[int, dict[str, Any]]]:
    out = []
    for number, record, error in iter_jsonl(path):
        if record is None:
            raise ValidationError(str(error))
        out.append((number, record))
    return out


def load_questions(path: Path) -> list[QAItem]:
    items = []
    for number, r in _lines(path):
        try:
            evidence = r.get("gold_evidence") or []
            items.append(
                QAItem(
                    id=str(r.get("id", number)),
                    question=str(r["question"]),
                    answerable=bool(r["answerable"]),
                    gold_answers=tuple(r.get("gold_answers") or ()),
                    gold_docs=frozenset(str(e["doc_id"]) for e in evidence) | _alt_docs(r.get("alt_docs")),
                    gold_sentences=tuple(s for e in evidence for s in e.get("sentences", [])),
                )
            )
        except (KeyError, TypeError) as exc:
            raise ValidationError(f"{path}:{number}: missing or malformed field {exc}") from exc
        try:
            check_question(items[-1].question)
        except ValidationError as exc:  # before any question is asked: nothing is spent on a bad file
            raise ValidationError(f"{path}:{number}: {exc}") from exc
    if not items:
        raise ValidationError(f"{path} holds no questions")
    return items


def _alt_docs(value: Any) -> frozenset[str]:
    return frozenset(str(d["doc_id"]) if isinstance(d, dict) else str(d) for d in value or ())


def load_pairs(path: Path) -> list[Pair]:
    pairs = []
    for number, r in _lines(path):
        source = r.get("source", r.get("evidence"))
        label = r.get("label")
        if not isinstance(r.get("claim"), str) or not isinstance(source, str) or label is None:
            raise ValidationError(f'{path}:{number}: needs "claim", "source" (or "evidence") and "label"')
        supported = label is True or str(label).lower() in {"supported", "support", "1", "true", "entailment"}
        pairs.append(Pair(str(r.get("id", number)), r["claim"], source, supported))
    if not pairs:
        raise ValidationError(f"{path} holds no pairs")
    return pairs
