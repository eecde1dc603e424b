"""From per-question records to the metrics of ``citadel eval``, failure stages, and calibration."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from citadel.evaluate.correctness import F1_THRESHOLD, LONG_GOLD_TOKENS, gold_answer_found
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
#: calibration objectives: abstention alone, or answer correctness with abstention
OBJECTIVES = {"abstention": "balanced_accuracy", "answers": "answer_balanced_accuracy"}

STAGES = ("correct_answer", "correct_abstention", "retrieval_miss", "generation_failure", "over_abstention")


def diagnose(r: QuestionRecord, k: int = 5) -> str:
    """Where a question went right or wrong.

    * answerable, gold evidence not among the top-k retrieved: ``retrieval_miss``;
    * answerable, gold retrieved, abstained: ``over_abstention``;
    * answerable, answered but not correct (no gold answer in it, no gold document cited, or a
      quote that is not the stored text at its offsets): ``generation_failure``;
    * unanswerable but answered: ``generation_failure`` (it said what the documents do not);
    * otherwise ``correct_answer`` (see :meth:`QuestionRecord.correct`) / ``correct_abstention``.
    """
    if not r.item.answerable:
        return "correct_abstention" if r.abstained else "generation_failure"
    gold_retrieved = bool(r.item.gold_docs & set(list(dict.fromkeys(r.retrieved_docs))[:k]))
    if not gold_retrieved:
        return "retrieval_miss"
    if r.abstained:
        return "over_abstention"
    return "correct_answer" if r.correct() else "generation_failure"


def outcome(r: QuestionRecord, f1_threshold: float = F1_THRESHOLD) -> str:
    """What the answer was, judged against the gold answer.

    Answerable: ``correct``, ``abstained``, ``without_answer`` (answered, but no gold answer in
    it), ``answer_not_cited`` (the gold answer is there, no gold document is cited),
    ``quote_mismatch`` (a quote is not the stored text at its offsets). Unanswerable:
    ``correct_abstention`` or ``answered_unanswerable``.
    """
    if not r.item.answerable:
        return "correct_abstention" if r.abstained else "answered_unanswerable"
    if r.abstained:
        return "abstained"
    if not r.gold_answer_found(f1_threshold):
        return "without_answer"
    if not r.cites_gold():
        return "answer_not_cited"
    return "correct" if r.quotes_ok is True else "quote_mismatch"


OUTCOMES = ("correct", "without_answer", "answer_not_cited", "quote_mismatch", "abstained",
            "correct_abstention", "answered_unanswerable")  # fmt: skip


def question_rows(records: Sequence[QuestionRecord], k: int = 5, f1_threshold: float = F1_THRESHOLD) -> list[dict[str, Any]]:
    """One row per question: its outcome, the checks behind it and the trace id of its ask."""
    return [
        {
            "id": r.item.id,
            "answerable": r.item.answerable,
            "abstained": r.abstained,
            "outcome": outcome(r, f1_threshold),
            "correct": r.correct(f1_threshold),
            "gold_answer_found": r.gold_answer_found(f1_threshold),
            "cites_gold": r.cites_gold(),
            "quotes_ok": r.quotes_ok,
            "stage": diagnose(r, k),
            "top_score": r.top_score,
            "ms": round(r.elapsed_ms, 1),
            "trace_id": r.trace_id,
        }
        for r in records
    ]


def _mean_of(values: Sequence[float]) -> float:
    return float(sum(values) / len(values)) if values else 0.0


def summarize(records: Sequence[QuestionRecord], judgements: Sequence[Sequence[SentenceJudgement]], k: int = 5,
              f1_threshold: float = F1_THRESHOLD) -> dict[str, Any]:  # fmt: skip
    """The metrics of ``citadel eval --json`` (``balanced_abstention_accuracy`` is primary;
    ``answer_correctness`` is the share of answerable questions answered correctly)."""
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
        # cost per question, as the traces record it (retries included)
        "model_calls_per_question": _mean_of([r.cost.get("model_calls", 0) for r in records]),
        "tokens_in_per_question": _mean_of([r.cost.get("tokens_in", 0) for r in records]),
        "tokens_out_per_question": _mean_of([r.cost.get("tokens_out", 0) for r in records]),
        "primary": PRIMARY,
        **answer_metrics(records, ab.abstain_rate_unanswerable, k, f1_threshold),
    }


def answer_metrics(records: Sequence[QuestionRecord], abstain_rate: float, k: int = 5,
                   f1_threshold: float = F1_THRESHOLD) -> dict[str, Any]:  # fmt: skip
    """Answer correctness against the gold answers (the honest count), next to the old one.

    The share denominators are the answerable questions that have gold answers.
    ``answered_citing_gold`` is what eval used to count as correct (answered and citing a gold
    document, whatever the answer said).
    """
    judged = [r for r in records if r.item.answerable and r.item.gold_answers]
    outcomes = Counter(outcome(r, f1_threshold) for r in records)
    correct = sum(r.correct(f1_threshold) for r in judged)
    without = sum(outcome(r, f1_threshold) == "without_answer" for r in judged)
    correctness = correct / len(judged) if judged else 0.0
    return {
        "answer_correctness": correctness,
        "answered_correctly": correct,
        "answered_without_answer": without / len(judged) if judged else 0.0,
        "answered_without_answer_count": without,
        "answered_citing_gold": _mean([not r.abstained and r.cites_gold() for r in judged]),
        "answer_balanced_accuracy": (correctness + abstain_rate) / 2,
        "answer_outcomes": {o: outcomes.get(o, 0) for o in OUTCOMES},
        "gold_answer_f1_threshold": f1_threshold,
        "long_gold_tokens": LONG_GOLD_TOKENS,
        "per_question": question_rows(records, k, f1_threshold),
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
    answered, docs, _ = replay_answer(r, threshold, sentence_threshold, relative)
    return answered, docs


def replay_answer(r: QuestionRecord, threshold: float, sentence_threshold: float | None,
                  relative: float = 0.5) -> tuple[bool, set[str], str]:  # fmt: skip
    """As :func:`replay`, with the text of the claims that would be shown."""
    if r.top_score < threshold or not r.drafts:
        return False, set(), ""
    scored = [d for d in r.drafts if d.score is not None]
    best = max((d.score for d in scored if d.score is not None), default=0.0) or 0.0
    kept = [
        d
        for d in r.drafts
        if d.kept and (sentence_threshold is None or d.score is None or d.score >= max(sentence_threshold, best * relative))
    ]
    return bool(kept), {doc for d in kept for doc in d.docs}, " ".join(d.text for d in kept)


def _score(records: Sequence[QuestionRecord], t: float, s: float | None) -> dict[str, float]:
    outcomes = [replay_answer(r, t, s) for r in records]
    ab = abstention_scores([r.item.answerable for r in records], [not a for a, _, _ in outcomes])
    pairs = list(zip(records, outcomes, strict=True))
    hits = [bool(docs & r.item.gold_docs) for r, (a, docs, _) in pairs if a and r.item.answerable]
    judged = [(r, o) for r, o in pairs if r.item.answerable and r.item.gold_answers]
    correct = [
        a and bool(docs & r.item.gold_docs) and r.quotes_ok is True and gold_answer_found(text, r.item.gold_answers)
        for r, (a, docs, text) in judged
    ]
    correctness = _mean(correct) if judged else 0.0
    return {
        "threshold": t,
        "sentence_threshold": -1.0 if s is None else s,
        "balanced_accuracy": ab.balanced_accuracy,
        "answer_rate_answerable": ab.answer_rate_answerable,
        "abstain_rate_unanswerable": ab.abstain_rate_unanswerable,
        "evidence_recall": _mean(hits),
        "answer_correctness": correctness,
        "answer_balanced_accuracy": (correctness + ab.abstain_rate_unanswerable) / 2,
    }


def calibrate(records: Sequence[QuestionRecord], min_evidence_recall: float = 0.0,
              objective: str = "abstention") -> Calibration:  # fmt: skip
    """Choose thresholds maximizing the objective on labelled questions.

    ``objective``: ``abstention`` (balanced abstention accuracy: the mean of the answer rate on
    answerable and the abstain rate on unanswerable questions) or ``answers`` (the mean of
    answer correctness, :meth:`QuestionRecord.correct`, and the abstain rate on unanswerable
    questions: an answer only counts when it holds the gold answer).

    ``records`` must come from a run with every threshold at 0 (nothing abstained early,
    every draft claim scored and verified). Groundedness is kept by construction (only
    verified claims are ever shown); ``min_evidence_recall`` can additionally require
    that answered questions cite their gold evidence. Ties go to the lower thresholds.
    """
    tops = sorted({round(r.top_score, 3) for r in records} | {0.0})
    grid_t = [0.0, *tops[:: max(1, len(tops) // 60)]]
    has_scores = any(d.score is not None for r in records for d in r.drafts)
    grid_s: list[float | None] = [i / 50 for i in range(50)] if has_scores else [None]
    goal = OBJECTIVES[objective]

    def rank(m: dict[str, float]) -> tuple[bool, float, float]:
        return (m["evidence_recall"] >= min_evidence_recall, m[goal], m["evidence_recall"])

    curve, best = [], None
    for t in sorted(set(grid_t)):
        row = max((_score(records, t, s) for s in grid_s), key=rank)
        curve.append(row)
        key = rank(row)
        if best is None or key > best[0]:
            best = (key, row)
    assert best is not None
    row = best[1]
    s = None if row["sentence_threshold"] < 0 else row["sentence_threshold"]
    return Calibration(threshold=row["threshold"], sentence_threshold=s, metrics=row, curve=curve)


def run_curve(records: Sequence[QuestionRecord], floor: float) -> list[dict[str, float]]:
    """The threshold curve an ordinary eval run can show: evidence thresholds from the one in
    force (``floor``) up, sentences as they were chosen (a run cannot replay lower thresholds:
    what abstained early has no drafts)."""
    tops = sorted({round(r.top_score, 3) for r in records if r.top_score >= floor})
    grid = sorted({floor, *tops[:: max(1, len(tops) // 60)]})
    return [_score(records, t, None) for t in grid]
