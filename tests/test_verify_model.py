"""The shipped verifier end to end: the real ONNX model, the fitted calibration, and the
hand-written failure kinds and paraphrases from issue 4."""

from __future__ import annotations

import json

import pytest

from citadel.verify import Verdict, Verifier, verify, verify_batch
from citadel.verify.model import MODEL_DIR, SupportModel

LEAVE = ("Full-time employees receive 20 days of paid leave per year. Part-time staff receive "
         "leave in proportion to their hours. Requests must be approved by a manager two weeks "
         "in advance.")
REFUND = ("Customers can return a product within 30 days of delivery for a full refund. Refunds "
          "are paid to the original card within 5 business days. Shipping costs are not "
          "refunded.")
TREATY = "The treaty was signed by France and Spain in Madrid in 1750."
TABLE = ("Plan: Basic; Price: $5 per month; Storage: 10 GB\n"
         "Plan: Premium; Price: $12 per month; Storage: 100 GB")
MUSEUM = "The museum is open on Mondays from 9 am to 5 pm. Entry is free for children."
TRIAL = ("In the trial, aspirin lowered the risk of stroke by a fifth among older adults. Side "
         "effects were rare.")
MIXED = "In the trial the drug increased heart rate but decreased blood pressure in most patients."
MICE = ("In treated mice, heart rate rose sharply, while ascorbic acid levels were markedly "
        "reduced.")
STATINS = ("Across the cohorts, statin use came with an increased risk of diabetes, mostly in "
           "older women.")


def test_shipped_files_are_present_and_small() -> None:
    assert (MODEL_DIR / "model.onnx").stat().st_size < 100_000_000
    cfg = json.loads((MODEL_DIR / "config.json").read_text())
    assert cfg["labels"] == ["entailment", "neutral", "contradiction"]
    cal = json.loads((MODEL_DIR / "calibration.json").read_text())
    for key in ("with_model", "rules_only"):
        assert 0.0 < cal[key]["threshold"] < 1.0
        assert 0.0 <= cal[key]["meta"]["ece_10_bins"] < 0.2


def test_real_model_scores_pairs() -> None:
    model = SupportModel()
    same = "Refunds are paid to the original card within 5 business days."
    scores = model.score([(REFUND, same), (REFUND, "The moon is made of cheese."),
                          (REFUND, "Refunds are never paid to the original card."), (same, same)])
    assert scores.entail.shape == (4,)
    assert ((scores.entail >= 0) & (scores.entail <= 1)).all()
    assert scores.entail[3] > 0.5  # a sentence entails itself
    assert scores.entail[3] > scores.contradict[3]
    # the copied sentence inside its passage ranks above an unrelated and a negated claim
    assert scores.entail[0] > scores.entail[1]
    assert scores.entail[0] > scores.entail[2]


@pytest.mark.parametrize(
    ("kind", "claim", "source", "verdicts"),
    [
        ("number swap", "Customers can return a product within 60 days of delivery.", REFUND,
         {Verdict.CONTRADICTED}),
        ("unit swap", "Refunds are paid to the original card within 5 business weeks.", REFUND,
         {Verdict.CONTRADICTED}),
        ("negation", "The museum is not open on Mondays.", MUSEUM, {Verdict.CONTRADICTED}),
        ("entity swap", "The treaty was signed by France and Italy in Madrid in 1750.", TREATY,
         {Verdict.UNSUPPORTED, Verdict.CONTRADICTED}),
        ("overgeneralisation", "All workers receive 20 days of paid leave per year.", LEAVE,
         {Verdict.PARTIAL, Verdict.UNSUPPORTED}),
        ("table rows mixed", "The Basic plan costs $12 per month.", TABLE, {Verdict.CONTRADICTED}),
        ("unrelated", "The museum has a large collection of Roman coins.", MUSEUM,
         {Verdict.UNSUPPORTED, Verdict.PARTIAL}),
        ("date swap", "The treaty was signed by France and Spain in Madrid in 1760.", TREATY,
         {Verdict.CONTRADICTED}),
        ("direction swap", "Aspirin raised the risk of stroke in older adults.", TRIAL,
         {Verdict.CONTRADICTED}),
        ("negation, not a copy", "Shipping costs are refunded to customers.", REFUND,
         {Verdict.CONTRADICTED}),  # the model prefers the claim's opposite by a wide margin
        ("null result", "Aspirin has no effect on the risk of stroke.", TRIAL,
         {Verdict.CONTRADICTED, Verdict.UNSUPPORTED}),
        # the source sentence goes both ways, so only the direction of blood pressure tells
        ("direction of one of two things", "The drug increases blood pressure.", MIXED,
         {Verdict.CONTRADICTED}),
        ("negated direction", "Statins did not increase the risk of diabetes.", STATINS,
         {Verdict.CONTRADICTED}),
        ("direction after a copula", "Treated mice have increased ascorbic acid levels.", MICE,
         {Verdict.CONTRADICTED}),
        ("direction of a compound's head", "Memory cells diminish the early production of "
         "chemokines in the lung.", "Early in infection, memory cells enhance production of "
         "chemokines in the lung and reduce viral spread.", {Verdict.CONTRADICTED}),
    ],
)
def test_failure_kinds_are_not_supported(kind: str, claim: str, source: str,
                                         verdicts: set[Verdict]) -> None:
    res = verify(claim, source)
    assert res.verdict in verdicts, (kind, res)
    assert res.score < Verifier().combiner.threshold
    assert res.reason


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Customers can return a product within 30 days of delivery for a full refund.", REFUND),
        ("Products can be returned for a full refund within 30 days of delivery.", REFUND),
        ("Refunds go back to the original card within five business days.", REFUND),
        ("Full-time employees get 20 days of paid leave each year.", LEAVE),
        ("The Premium plan costs $12 per month.", TABLE),
        ("Children can enter the museum for free.", MUSEUM),
        ("Aspirin reduced the risk of stroke in older adults.", TRIAL),
        ("The drug increases heart rate.", MIXED),
        ("Treated mice have a raised heart rate.", MICE),
        # a hyphenated name is in the source although its words are split there
        ("Neutrophil traps are released by ANCA-stimulated neutrophils.",
         "Here we show that chromatin fibres, so-called neutrophil traps, are released by "
         "ANCA-stimulated neutrophils and contain the autoantigens."),
        # the "not" belongs to another clause: the claim is not the sentence negated
        ("Birth weight is positively associated with breast cancer risk.",
         "Birth weight was positively associated with breast cancer risk in studies based on "
         "birth records, but not in those based on adult self-reports."),
    ],
)
def test_paraphrases_and_synonyms_are_supported(claim: str, source: str) -> None:
    res = verify(claim, source)
    assert res.verdict is Verdict.SUPPORTED, res
    assert res.span is not None
    start, end = res.span
    assert 0 <= start < end <= len(source)


def test_turned_direction_names_both_phrases() -> None:
    res = verify("The drug increases blood pressure.", MIXED)
    assert "'increases blood pressure' against 'decreased blood pressure'" in res.reason


def test_long_source_is_windowed_and_span_points_at_support() -> None:
    filler = " ".join(f"Paragraph {i} discusses the weather in region {i}." for i in range(80))
    source = filler + " " + REFUND + " " + filler
    # a paraphrase, so the model reads the windows (a verbatim sentence would not need it)
    res = verify("Refunds go back to the original card within five business days.", source)
    assert res.verdict is Verdict.SUPPORTED and "own sentence" not in res.reason
    start, end = res.span  # type: ignore[misc]
    assert "original card" in source[start:end]


def test_batch_matches_single() -> None:
    pairs = [("The museum is open on Mondays.", MUSEUM), ("The Basic plan costs $5 per month.", TABLE)]
    batch = verify_batch(pairs)
    assert [r.verdict for r in batch] == [verify(c, s).verdict for c, s in pairs]
    assert all(r.verdict is Verdict.SUPPORTED for r in batch)


def test_a_claim_longer_than_the_model_window_is_scored_not_an_error() -> None:
    long_claim = "Refunds are paid to the original card within 5 business days. " * 60
    result = SupportModel().score([(REFUND, long_claim)])
    assert result.entail.shape == (1,) and 0.0 <= float(result.entail[0]) <= 1.0


def test_a_claim_that_is_whole_source_sentences_is_supported_without_the_model() -> None:
    verifier = Verifier()
    verifier._model = None  # any model call would now fail
    whole = verifier.verify("refunds are paid to the original card within 5 business days", REFUND)
    assert whole.verdict is Verdict.SUPPORTED and whole.score == 1.0 and "own sentence" in whole.reason
    assert REFUND[whole.span[0] : whole.span[1]] == "Refunds are paid to the original card within 5 business days"
    two = verifier.verify("Requests must be approved by a manager two weeks in advance.", LEAVE)
    assert two.verdict is Verdict.SUPPORTED


def test_a_verbatim_fragment_or_a_near_copy_still_goes_through_every_layer() -> None:
    source = "It is false that the new drug reduces mortality. " + REFUND
    fragment = verify("The new drug reduces mortality.", source)
    assert "own sentence" not in fragment.reason
    changed = verify("Refunds are paid to the original card within 9 business days.", source)
    assert changed.verdict is Verdict.CONTRADICTED


def test_the_best_window_is_also_read_against_the_claims_opposite_and_rated_for_relevance() -> None:
    v = Verifier()
    on_topic = v.verify("Refunds go back to the original card within five business days.", REFUND)
    off_topic = v.verify("The canteen serves lunch at noon.", REFUND)
    assert on_topic.features["relevance"] > off_topic.features["relevance"] + 5
    # "children can enter for free" is entailed far more than "it is not the case that ..."
    free = v.verify("Children can enter the museum for free.", MUSEUM)
    assert free.features["model_opposite_margin"] > 1.0
    assert v.combiner.weights["relevance"] > 0  # fitted: more relevant, more likely supported
