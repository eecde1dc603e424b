"""From per-question records to the metrics of ``citadel eval``, failure stages, and calibration."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from citadel.evaluate.metrics import (
    SentenceJudgement,
    abstention_scores,
    citation_precision,
    citation_recall,
    groundedness,
    recall_at_k,
    reciprocal_rank,
    rouge_l,
    token_f1,
)
from citadel.evaluate.runner import QuestionRecord

PRIMARY = "balanced_abstention_accuracy"

STAGES = ("correct_answer", "correct_abstention", "retrieval_miss", "generation_failure", "over_abstention")


def diagnose(r: QuestionRecord, k: int = 5) -> str:
    """Where a question went right or wrong.

    * answerable, gold evidence not among the top-k retrieved: ``retrieval_miss``;
    * answerable, gold retrieved, abstained: ``over_abstention``;
    * answerable, answered without citing gold evidence: ``generation_failure``;
    * unanswerable but answered: ``generation_failure`` (it said what the documents do not);
    * otherwise ``correct_answer`` / ``correct_abstention``.
    """
    if not r.item.answerable:
        return "correct_abstention" if r.abstained else "generation_failure"
    gold_retrieved = bool(r.item.gold_docs & set(list(dict.fromkeys(r.retrieved_docs))[:k]))
    if not gold_retrieved:
        return "retrieval_miss"
    if r.abstained:
        return "over_abstention"
    return "correct_answer" if r.cited_docs & r.item.gold_docs else "generation_failure"


def summarize(records: Sequence[QuestionRecord], judgements: Sequence[Sequence[SentenceJudgement]], k: int = 5) -> dict[str, Any]:
    """The metrics of ``citadel eval --json`` (``balanced_abstention_accuracy`` is primary)."""
    ab = abstention_scores([r.item.answerable for r in records], [r.abstained for r in records])
    answered = [i for i, r in enumerate(records) if not r.abstained]
    sentences = [s for i in answered for s in judgements[i]]
    answered_answerable = [records[i] for i in answered if records[i].item.answerable]
    with_gold = [r for r in records if r.item.answerable and r.item.gold_docs]
    verdicts = [v for i in answered for v in records[i].verdicts]
    cited = [(records[i], d) for i in answered for d in records[i].cited_docs]
    stages = Counter(diagnose(r, k) for r in records)
    return {
        "questions": ab.questions,
        "answered": ab.answered,
        "abstained": ab.abstained,
        "answer_rate_answerable": ab.answer_rate_answerable,
        "abstain_rate_unanswerable": ab.abstain_rate_unanswerable,
        "abstention_precision": ab.abstention_precision,
        "abstention_recall": ab.abstention_recall,
        PRIMARY: ab.balanced_accuracy,
        "citation_precision": citation_precision(sentences),
        "citation_recall": citation_recall(sentences),
        "groundedness": groundedness(verdicts),
        "evidence_recall": _mean([bool(r.cited_docs & r.item.gold_docs) for r in answered_answerable]),
        "gold_citation_precision": _mean([d in r.item.gold_docs for r, d in cited if r.item.answerable]),
        f"retrieval_recall@{k}": _mean([recall_at_k(r.retrieved_docs, set(r.item.gold_docs), k) for r in with_gold]),
        "mrr": _mean([reciprocal_rank(r.retrieved_docs, set(r.item.gold_docs)) for r in with_gold]),
        "rouge_l": _mean([rouge_l(r.answer_text, r.item.gold_answers) for r in answered_answerable]),
        "token_f1": _mean([token_f1(r.answer_text, r.item.gold_answers) for r in answered_answerable]),
        "stages": {s: stages.get(s, 0) for s in STAGES},
        "primary": PRIMARY,
    }


def _mean(values: Sequence[float | bool]) -> float:
    return sum(values) / len(values) if values else 0.0


# --- calibration ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Calibration:
    threshold: float  # evidence relevance below which ask abstains early
    sentence_threshold: float | None  # the extractive backend's min_score, when it applies
    metrics: dict[str, float]
    curve: list[dict[str, float]]  # best sentence threshold per evidence threshold


def replay(r: QuestionRecord, threshold: float, sentence_threshold: float | None, relative: float = 0.5) -> tuple[bool, set[str]]:
    """Would this question be answered at these thresholds, and citing which documents?"""
    if r.top_score < threshold or not r.drafts:
        return False, set()
    scored = [d for d in r.drafts if d.score is not None]
    best = max((d.score for d in scored if d.score is not None), default=0.0) or 0.0
    kept = [
        d
        for d in r.drafts
        if d.kept and (sentence_threshold is None or d.score is None or d.score >= max(sentence_threshold, best * relative))
    ]
    return bool(kept), {doc for d in kept for doc in d.docs}


def _score(records: Sequence[QuestionRecord], t: float, s: float | None) -> dict[str, float]:
    outcomes = [replay(r, t, s) for r in records]
    ab = abstention_scores([r.item.answerable for r in records], [not a for a, _ in outcomes])
    hits = [bool(docs & r.item.gold_docs) for r, (a, docs) in zip(records, outcomes, strict=True) if a and r.item.answerable]
    return {
        "threshold": t,
        "sentence_threshold": -1.0 if s is None else s,
        "balanced_accuracy": ab.balanced_accuracy,
        "answer_rate_answerable": ab.answer_rate_answerable,
        "abstain_rate_unanswerable": ab.abstain_rate_unanswerable,
        "evidence_recall": _mean(hits),
    }


def calibrate(records: Sequence[QuestionRecord], min_evidence_recall: float = 0.0) -> Calibration:
    """Choose thresholds maximizing balanced abstention accuracy on labelled questions.

    ``records`` must come from a run with every threshold at 0 (nothing abstained early,
    every draft claim scored and verified). Groundedness is kept by construction (only
    verified claims are ever shown); ``min_evidence_recall`` can additionally require
    that answered questions cite their gold evidence. Ties go to the lower thresholds.
    """
    tops = sorted({round(r.top_score, 3) for r in records} | {0.0})
    grid_t = [0.0, *tops[:: max(1, len(tops) // 60)]]
    has_scores = any(d.score is not None for r in records for d in r.drafts)
    grid_s: list[float | None] = [i / 50 for i in range(50)] if has_scores else [None]
    curve, best = [], None
    for t in sorted(set(grid_t)):
        row = max(
            (_score(records, t, s) for s in grid_s),
            key=lambda m: (m["evidence_recall"] >= min_evidence_recall, m["balanced_accuracy"], m["evidence_recall"]),
        )
        curve.append(row)
        key = (row["evidence_recall"] >= min_evidence_recall, row["balanced_accuracy"], row["evidence_recall"])
        if best is None or key > best[0]:
            best = (key, row)
    assert best is not None
    row = best[1]
    s = None if row["sentence_threshold"] < 0 else row["sentence_threshold"]
    return Calibration(threshold=row["threshold"], sentence_threshold=s, metrics=row, curve=curve)
