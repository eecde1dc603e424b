"""Failure diagnosis and threshold calibration on hand-made records."""

from __future__ import annotations

from pathlib import Path

from citadel.evaluate.data import QAItem
from citadel.evaluate.report import write_report
from citadel.evaluate.runner import DraftClaim, QuestionRecord
from citadel.evaluate.scoring import calibrate, diagnose, replay, summarize


def item(qid: str, answerable: bool, gold: str = "g") -> QAItem:
    return QAItem(qid, f"question {qid}?", answerable, ("gold answer",) if answerable else (),
                  frozenset({gold}) if answerable else frozenset(), ())  # fmt: skip


def record(qid: str, answerable: bool, top: float, drafts: list[tuple[float, bool, str]], retrieved: list[str],
           abstained: bool = False) -> QuestionRecord:  # fmt: skip
    claims = [] if abstained else [
        {"text": "the gold answer", "verdict": "supported", "citations": [{"source_id": "S1", "quote": "q", "start": 0, "end": 1}]}
    ]
    answer = {"abstained": abstained, "answer": "x", "claims": claims,
              "sources": {"S1": {"doc_id": drafts[0][2] if drafts else "none"}}}  # fmt: skip
    return QuestionRecord(item(qid, answerable), answer, retrieved, top,
                          [DraftClaim(s, k, frozenset({d}), "the gold answer") for s, k, d in drafts],
                          quotes_ok=not abstained)  # fmt: skip


def test_diagnose_each_stage() -> None:
    assert diagnose(record("1", True, 0.9, [(0.9, True, "g")], ["g"])) == "correct_answer"
    assert diagnose(record("2", True, 0.9, [(0.9, True, "x")], ["x", "y"])) == "retrieval_miss"
    assert diagnose(record("3", True, 0.9, [(0.9, True, "g")], ["g"], abstained=True)) == "over_abstention"
    assert diagnose(record("4", True, 0.9, [(0.9, True, "x")], ["g", "x"])) == "generation_failure"
    assert diagnose(record("5", False, 0.9, [(0.9, True, "x")], ["x"])) == "generation_failure"
    assert diagnose(record("6", False, 0.1, [], ["x"], abstained=True)) == "correct_abstention"


def test_replay_applies_both_thresholds() -> None:
    r = record("1", True, 0.6, [(0.8, True, "g"), (0.3, True, "h")], ["g"])
    assert replay(r, 0.7, 0.0) == (False, set())
    assert replay(r, 0.5, 0.5) == (True, {"g"})
    assert replay(r, 0.5, 0.9) == (False, set())
    unverified = record("2", True, 0.6, [(0.8, False, "g")], ["g"])
    assert replay(unverified, 0.0, 0.0) == (False, set())


def test_calibration_separates_answerable_from_unanswerable() -> None:
    records = [record(f"a{i}", True, 0.7 + i / 100, [(0.8, True, "g")], ["g"]) for i in range(5)]
    records += [record(f"u{i}", False, 0.2 + i / 100, [(0.4, True, "x")], ["x"]) for i in range(5)]
    result = calibrate(records)
    assert result.metrics["balanced_accuracy"] == 1.0
    assert 0.24 < result.threshold <= 0.7 or (result.sentence_threshold or 0) > 0.4
    assert result.curve and all(0 <= row["balanced_accuracy"] <= 1 for row in result.curve)


def test_summary_and_report(tmp_path: Path) -> None:
    records = [
        record("1", True, 0.9, [(0.9, True, "g")], ["g"]),
        record("2", False, 0.3, [], ["x"], abstained=True),
        record("3", False, 0.8, [(0.9, True, "x")], ["x"]),
    ]
    metrics = summarize(records, [[], [], []])
    assert metrics["questions"] == 3 and metrics["answered"] == 2
    assert metrics["abstain_rate_unanswerable"] == 0.5 and metrics["evidence_recall"] == 1.0
    assert metrics["stages"]["generation_failure"] == 1 and metrics["retrieval_recall@5"] == 1.0
    path = write_report(tmp_path / "r", "test report", metrics, records, calibrate(records), 0.5)
    html = path.read_text()
    assert html.count("<svg") >= 3 and "question 3?" in html and "generation failure" in html
