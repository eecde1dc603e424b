"""Evaluation: metrics, failure diagnosis, calibration and HTML reports on labelled data."""

from __future__ import annotations

from citadel.evaluate.correctness import gold_answer_found, quotes_at_offsets
from citadel.evaluate.data import Pair, QAItem, load_pairs, load_questions
from citadel.evaluate.runner import QuestionRecord, RunResult, run_questions
from citadel.evaluate.scoring import PRIMARY, Calibration, calibrate, diagnose, outcome, summarize
from citadel.evaluate.verifier_eval import evaluate_verifier

__all__ = [
    "PRIMARY",
    "Calibration",
    "Pair",
    "QAItem",
    "QuestionRecord",
    "RunResult",
    "calibrate",
    "diagnose",
    "evaluate_verifier",
    "gold_answer_found",
    "load_pairs",
    "load_questions",
    "outcome",
    "quotes_at_offsets",
    "run_questions",
    "summarize",
]
