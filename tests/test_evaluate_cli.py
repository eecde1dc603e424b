"""calibrate, eval and eval-verifier end to end, as a user runs them, with the real models."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from citadel.store import open_store

CITADEL = [sys.executable, "-m", "citadel.cli"]
CORPUS = [
    {"doc_id": "p1", "title": "Moon", "text": "The Moon orbits the Earth once every 27.3 days. It has no atmosphere to speak of."},
    {"doc_id": "p2", "title": "Mars", "text": "Mars has two small moons, Phobos and Deimos. A day on Mars lasts 24.6 hours."},
    {"doc_id": "p3", "title": "Venus", "text": "Venus is the hottest planet, with a surface temperature of about 465 degrees Celsius."},
]
QUESTIONS = [
    {"id": "a1", "question": "How long does the Moon take to orbit the Earth?", "answerable": True,
     "gold_answers": ["27.3 days"], "gold_evidence": [{"doc_id": "p1", "sentences": []}]},
    {"id": "a2", "question": "What are the names of the moons of Mars?", "answerable": True,
     "gold_answers": ["Phobos and Deimos"], "gold_evidence": [{"doc_id": "p2", "sentences": []}]},
    {"id": "u1", "question": "Who was the first person to walk on Venus?", "answerable": False,
     "gold_answers": [], "gold_evidence": []},
    {"id": "u2", "question": "What is the price of a ticket to the Moon?", "answerable": False,
     "gold_answers": [], "gold_evidence": []},
]  # fmt: skip
KEYS = {"questions", "answered", "abstained", "answer_rate_answerable", "abstain_rate_unanswerable",
        "abstention_precision", "abstention_recall", "citation_precision", "citation_recall", "groundedness",
        "evidence_recall", "retrieval_recall@5"}  # fmt: skip


def write_jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return path


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("eval")
    write_jsonl(root / "corpus.jsonl", CORPUS)  # type: ignore[arg-type]
    write_jsonl(root / "questions.jsonl", QUESTIONS)  # type: ignore[arg-type]
    return root


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CITADEL, *args], capture_output=True, text=True)


def test_eval_prints_the_contract_and_writes_a_report(data: Path, tmp_path: Path) -> None:
    store, report = tmp_path / "s", tmp_path / "report"
    out = run("--store", str(store), "eval", str(data / "questions.jsonl"), "--corpus", str(data / "corpus.jsonl"),
              "--report", str(report), "--json")  # fmt: skip
    assert out.returncode == 0, out.stderr
    metrics = json.loads(out.stdout)
    assert KEYS <= set(metrics)
    assert metrics["questions"] == 4 and metrics["answered"] + metrics["abstained"] == 4
    assert metrics["retrieval_recall@5"] == 1.0  # both gold passages are retrieved
    assert sum(metrics["stages"].values()) == 4
    html = (report / "index.html").read_text()
    assert "<svg" in html and "answerable" in html


def test_calibrate_stores_thresholds_that_ask_then_uses(data: Path, tmp_path: Path) -> None:
    store = tmp_path / "s"
    assert run("--store", str(store), "ingest", str(data / "corpus.jsonl")).returncode == 0
    out = run("--store", str(store), "calibrate", str(data / "questions.jsonl"), "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert 0.0 <= result["threshold"] <= 1.0 and result["curve"]
    assert result["metrics"]["balanced_accuracy"] >= 0.75  # separable on this tiny set
    with open_store(store) as s:
        stored = s.get_config("abstain_threshold")
        assert stored["value"] == result["threshold"] and stored["scale"] == "answerability-v2"  # what it tuned
    answer = json.loads(run("--store", str(store), "ask", "Who was the first person to walk on Venus?", "--json").stdout)
    assert answer["abstained"] is True
    with open_store(store) as s:  # ask compared the answerability with the stored threshold
        trace = s.get_trace(answer["trace_id"])
        assert trace is not None and trace["gate"] == "answerability" and trace["threshold"] == result["threshold"]


def test_eval_verifier_scores_pairs(tmp_path: Path) -> None:
    pairs = write_jsonl(tmp_path / "pairs.jsonl", [
        {"id": "1", "claim": "The Moon orbits the Earth every 27.3 days.", "source": CORPUS[0]["text"], "label": "supported"},
        {"id": "2", "claim": "The Moon orbits the Earth every 30 days.", "source": CORPUS[0]["text"], "label": "not_supported"},
        {"id": "3", "claim": "Mars has two moons.", "evidence": CORPUS[1]["text"], "label": "supported"},
        {"id": "4", "claim": "Venus is the coldest planet.", "evidence": CORPUS[2]["text"], "label": "not_supported"},
    ])  # type: ignore[arg-type]  # fmt: skip
    out = run("eval-verifier", str(pairs), "--json", "--report", str(tmp_path / "r"))
    assert out.returncode == 0, out.stderr
    scores = json.loads(out.stdout)
    assert scores["pairs"] == 4 and scores["positives"] == 2
    assert {"balanced_accuracy", "precision", "recall", "kappa", "ece", "reliability"} <= set(scores)
    assert "<svg" in (tmp_path / "r" / "index.html").read_text()


def test_malformed_question_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "question": "q"}\n{not json}\n')
    out = run("--store", str(tmp_path / "s"), "eval", str(bad))
    assert out.returncode == 1 and "bad.jsonl:2: invalid JSON" in out.stderr
