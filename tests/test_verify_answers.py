"""Claim splitting, inline citations, ALCE citation precision/recall, the optional LLM judge.

The combiner is fixed here (word overlap and number rules only) so that the ALCE bookkeeping
is tested exactly; the shipped model is tested in test_verify_model.py.
"""

from __future__ import annotations

import pytest

from citadel import BackendError
from citadel.verify import (
    Citation,
    Claim,
    ScriptedGenerator,
    Verdict,
    Verifier,
    VerifierSettings,
    parse_citations,
    split_claims,
)
from citadel.verify.combiner import Combiner

RULES = Combiner(weights={"overlap_best": 12.0, "num_missing": -8.0, "num_conflict": -8.0},
                 bias=-9.0, threshold=0.5, partial_threshold=0.2)


@pytest.fixture
def verifier() -> Verifier:
    return Verifier(VerifierSettings(use_model=False), combiner=RULES)


def test_split_claims_keeps_offsets_and_citations() -> None:
    answer = ("Dr. Smith says the fee is $3.50 per month [S1]. Refunds take 2-3 days [S1, S2]. "
              "It was founded in 1999 [S1][S3]. Support is by email. [S2]\n"
              "- The Basic plan has 5 GB [doc-4].\n- Plan B (see Fig. 2) is free [3].")
    claims = split_claims(answer)
    assert [c.text for c in claims] == [
        "Dr. Smith says the fee is $3.50 per month.",
        "Refunds take 2-3 days.",
        "It was founded in 1999.",
        "Support is by email.",
        "The Basic plan has 5 GB.",
        "Plan B (see Fig. 2) is free.",
    ]
    assert [[x.source_id for x in c.citations] for c in claims] == [
        ["S1"], ["S1", "S2"], ["S1", "S3"], ["S2"], ["doc-4"], ["3"]]
    assert answer[claims[1].start : claims[1].end] == "Refunds take 2-3 days [S1, S2]."
    assert answer[claims[3].start : claims[3].end] == "Support is by email. [S2]"


def test_parse_citations_ignores_plain_brackets() -> None:
    text, cites = parse_citations("The term [sic] is odd [S2; S4].")
    assert text == "The term [sic] is odd."
    assert [c.source_id for c in cites] == ["S2", "S4"]


SOURCES = {
    "S1": "The refund window is 30 days for all purchases.",
    "S2": "The office is closed on public holidays.",
}


def test_alce_irrelevant_citation_lowers_precision(verifier: Verifier) -> None:
    report = verifier.check_answer(SOURCES, answer="The refund window is 30 days [S1][S2].")
    (claim,) = report.claims
    assert claim.result.verdict is Verdict.SUPPORTED and claim.keep
    s1, s2 = claim.citations
    assert s1.relevant and s1.supports_alone
    assert not s2.relevant and not s2.supports_alone  # S1 alone suffices: S2 is irrelevant
    assert report.citation_precision == pytest.approx(0.5)
    assert report.citation_recall == pytest.approx(1.0)


def test_alce_both_citations_needed_are_relevant(verifier: Verifier) -> None:
    answer = "The refund window is 30 days and the office is closed on public holidays [S1, S2]."
    report = verifier.check_answer(SOURCES, answer=answer)
    (claim,) = report.claims
    assert claim.result.verdict is Verdict.SUPPORTED
    assert [c.relevant for c in claim.citations] == [True, True]
    assert [c.supports_alone for c in claim.citations] == [False, False]
    assert report.citation_precision == 1.0


def test_invented_id_and_missing_citation(verifier: Verifier) -> None:
    answer = "The refund window is 30 days [S9]. The office is closed on public holidays."
    report = verifier.check_answer(SOURCES, answer=answer)
    first, second = report.claims
    assert first.result.verdict is Verdict.UNSUPPORTED and "S9" in first.result.reason
    assert first.citations[0].exists is False and not first.keep
    assert second.result.reason == "no citation" and not second.keep
    assert report.citation_recall == 0.0 and report.citation_precision == 0.0


def test_quote_not_in_cited_source(verifier: Verifier) -> None:
    claims = [
        Claim(text="The refund window is 30 days.",
              citations=(Citation(source_id="S1", quote="refund window is 60 days"),)),
        Claim(text="The refund window is 30 days.",
              citations=(Citation(source_id="S1", quote="The refund window is 30 days"),)),
    ]
    report = verifier.check_answer(SOURCES, claims=claims)
    bad, good = report.claims
    assert bad.result.verdict is Verdict.UNSUPPORTED and "quote" in bad.result.reason
    assert bad.citations[0].quote_found is False
    assert good.citations[0].quote_found is True and good.keep
    assert report.citation_recall == pytest.approx(0.5)


def test_llm_judge_is_optional_and_uses_its_rubric() -> None:
    fake = ScriptedGenerator()
    fake.enqueue('{"verdict": "partial", "reason": "the source does not give the hours"}',
                 "Verdict: supported.")
    v = Verifier(VerifierSettings(use_model=False), combiner=RULES, judge=fake)
    first = v.verify("The refund window is 30 days.", SOURCES["S1"])
    assert first.verdict is Verdict.PARTIAL and "hours" in first.reason
    assert first.score < RULES.threshold
    second = v.verify("The office closes on holidays.", SOURCES["S2"])
    assert second.verdict is Verdict.SUPPORTED and second.score >= RULES.threshold
    assert len(fake.history) == 2
    assert "CLAIM:\nThe refund window is 30 days." in fake.history[0]
    assert SOURCES["S1"] in fake.history[0]


def test_llm_judge_is_not_asked_when_a_number_contradicts() -> None:
    fake = ScriptedGenerator()
    v = Verifier(VerifierSettings(use_model=False), combiner=RULES, judge=fake)
    assert v.verify("The refund window is 45 days.", SOURCES["S1"]).verdict is Verdict.CONTRADICTED
    assert fake.history == []


def test_llm_judge_without_a_verdict_is_a_backend_error() -> None:
    v = Verifier(VerifierSettings(use_model=False), combiner=RULES,
                 judge=ScriptedGenerator(["I cannot tell."]))
    with pytest.raises(BackendError, match="no verdict"):
        v.verify("The refund window is 30 days.", SOURCES["S1"])


def test_a_report_merged_from_parts_equals_the_whole(verifier: Verifier) -> None:
    """The server verifies long answers in slices of claims; merging the slices' reports must
    give exactly the report of one pass (claims, kept, ALCE precision and recall)."""
    from citadel.verify import AnswerReport

    sources = {"S1": "Refunds take five business days. The fee is $3.50 per month.",
               "S2": "Support is by email only. The office opens at nine."}
    answer = ("Refunds take five business days [S1]. The fee is $9 per month [S1]. Support is by email only "
              "[S1][S2]. The office opens at nine [S2]. The fee is $3.50 per month [S1][S2]. Parking is free [S2].")
    whole = verifier.check_answer(sources, answer=answer)
    claims = split_claims(answer)
    parts = [verifier.check_answer(sources, claims=claims[i : i + 2]) for i in range(0, len(claims), 2)]
    assert AnswerReport.merge(parts).to_json() == whole.to_json()
    assert 0 < whole.citation_precision < 1 and 0 < whole.citation_recall < 1
    empty = AnswerReport.merge([])
    assert empty.claims == () and empty.citation_precision == empty.citation_recall == 0.0
