"""Metrics on worked examples: each number below is computed by hand."""

from __future__ import annotations

import pytest

from citadel.evaluate.metrics import (
    CitationJudgement as C,
)
from citadel.evaluate.metrics import (
    SentenceJudgement as S,
)
from citadel.evaluate.metrics import (
    abstention_scores,
    binary_scores,
    citation_precision,
    citation_recall,
    cohen_kappa,
    groundedness,
    recall_at_k,
    reciprocal_rank,
    reliability,
    rouge_l,
    spearman,
    token_f1,
)


def test_alce_citation_recall_and_precision() -> None:
    sentences = [
        S(True, (C(alone=True, others=False),)),  # 1 relevant citation
        S(True, (C(alone=False, others=True), C(alone=True, others=False))),  # first is irrelevant
        S(True, (C(alone=False, others=False), C(alone=False, others=False))),  # both needed: both relevant
        S(False, (C(alone=False, others=False),)),  # unsupported: imprecise, no recall
        S(False, ()),  # no citation at all
    ]
    assert citation_recall(sentences) == pytest.approx(3 / 5)
    assert citation_precision(sentences) == pytest.approx(4 / 6)


def test_at_most_three_citations_count() -> None:
    s = S(True, (C(True, False),) * 3 + (C(False, True),) * 2)
    assert citation_precision([s]) == 1.0


def test_groundedness() -> None:
    assert groundedness(["supported", "partial", "supported", "contradicted"]) == 0.5
    assert groundedness([]) == 1.0


def test_abstention_scores() -> None:
    answerable = [True, True, True, False, False]
    abstained = [False, True, False, True, False]
    s = abstention_scores(answerable, abstained)
    assert (s.answered, s.abstained) == (3, 2)
    assert s.answer_rate_answerable == pytest.approx(2 / 3)
    assert s.abstain_rate_unanswerable == pytest.approx(1 / 2)
    assert s.abstention_precision == pytest.approx(1 / 2)
    assert s.balanced_accuracy == pytest.approx((2 / 3 + 1 / 2) / 2)


def test_retrieval_metrics() -> None:
    ranked = ["a", "b", "a", "c", "d"]
    assert recall_at_k(ranked, {"c", "x"}, 3) == 0.5  # distinct top 3: a, b, c
    assert reciprocal_rank(ranked, {"c"}) == pytest.approx(1 / 3)
    assert reciprocal_rank(ranked, {"z"}) == 0.0


def test_answer_overlap() -> None:
    assert token_f1("the cat sat", ["the cat sat on the mat"]) == pytest.approx(2 * 1 * 0.5 / 1.5)
    assert rouge_l("a b c d", ["a x c d"]) == pytest.approx(0.75)
    assert rouge_l("", ["a"]) == 0.0


def test_binary_scores_and_kappa() -> None:
    gold = [True, True, False, False]
    pred = [True, False, False, True]
    s = binary_scores(gold, pred)
    assert (s.balanced_accuracy, s.precision, s.recall) == (0.5, 0.5, 0.5)
    assert cohen_kappa(gold, pred) == pytest.approx(0.0)
    assert cohen_kappa([True, False], [True, False]) == 1.0


def test_reliability_and_ece() -> None:
    rows, ece = reliability([0.05, 0.15, 0.95, 0.95], [False, False, True, False])
    assert [r["count"] for r in rows] == [1, 1, 2]
    assert ece == pytest.approx(0.25 * 0.05 + 0.25 * 0.15 + 0.5 * 0.45)


def test_spearman_with_ties() -> None:
    assert spearman([1, 2, 3], [10, 20, 30]) == pytest.approx(1.0)
    assert spearman([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1, 1, 2], [1, 2, 3]) == pytest.approx(0.8660254)
