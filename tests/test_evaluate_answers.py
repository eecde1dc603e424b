"""Honest answer scoring: an answer is correct only if it holds the gold answer, cites a gold
document, and quotes the stored text at its offsets (issue 15: eval used to count any answer
citing a gold document)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from citadel.evaluate.correctness import F1_THRESHOLD, LONG_GOLD_TOKENS, contains, gold_answer_found, quotes_at_offsets
from citadel.evaluate.data import QAItem, load_questions
from citadel.evaluate.runner import DraftClaim, QuestionRecord
from citadel.evaluate.scoring import calibrate, diagnose, outcome, summarize
from citadel.ingest import ingest
from citadel.store import open_store

CITADEL = [sys.executable, "-m", "citadel.cli"]


# --- gold-answer matching ---------------------------------------------------------------------


def test_short_golds_match_after_normalization() -> None:
    assert contains("Use the `--sort-keys` option.", "--sort-keys")  # inline-code markup
    assert contains("New in version \uff13.\uff17.", "3.7")  # NFKC: full-width digits
    assert contains("Pass  \u201c:memory:\u201d\n to connect().", '":memory:"')  # quotes around the gold
    assert contains("It is named after MONTY   PYTHON.", "Monty Python.")  # words: casefold, spaces
    assert contains("the keyword is the walrus (:=) operator", ":=")  # all punctuation: kept whole


def test_code_golds_are_case_sensitive_and_whole_words() -> None:
    assert not contains("Copy recursively with scp -p.", "-P")  # -P is not -p
    assert contains("Use scp -P 2222 to pick the port.", "-P")
    assert not contains("The default is %S.", "%s")
    assert not contains("The file was disclosed.", "closed")  # not inside a longer word
    assert not contains("Run it with -ff.", "-f")
    assert contains("it returns None.", "None")


def test_every_short_gold_is_required() -> None:
    assert gold_answer_found("Added the force parameter in version 3.8.", ["force", "3.8"])
    assert not gold_answer_found("Added the force parameter.", ["force", "3.8"])
    assert not gold_answer_found("anything at all", [])  # no gold: nothing to be right about


def test_long_golds_need_token_f1_at_the_threshold() -> None:
    gold = "The Moon takes about twenty seven days to orbit the Earth once"
    assert len(gold.split()) > LONG_GOLD_TOKENS and F1_THRESHOLD == 0.5
    # 5 of the gold's 12 tokens, answer of 6 tokens: F1 = 2 * (5/6) * (5/12) / (5/6 + 5/12) = 0.556
    assert gold_answer_found("the moon takes about seven hours", [gold])
    # 4 of 12, answer of 6: F1 = 2 * (4/6) * (4/12) / (4/6 + 4/12) = 0.444
    assert not gold_answer_found("the moon takes about two hours", [gold])
    assert gold_answer_found("x", ["a reference that is long and does not match at all", "x"]) is False


def test_alt_docs_count_as_gold_documents(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps({"id": "q", "question": "How many?", "answerable": True, "gold_answers": ["50"],
                                "gold_evidence": [{"doc_id": "a", "sentences": []}], "alt_docs": ["b"]}) + "\n")  # fmt: skip
    assert load_questions(path)[0].gold_docs == {"a", "b"}


# --- records: correct, answered without the answer, bad quotes --------------------------------


def record(qid: str, text: str, doc: str = "g", quotes_ok: bool | None = True, answerable: bool = True,
           top: float = 0.9, gold: tuple[str, ...] = ("27.3 days",), abstained: bool = False) -> QuestionRecord:  # fmt: skip
    item = QAItem(qid, f"question {qid}?", answerable, gold if answerable else (),
                  frozenset({"g"}) if answerable else frozenset(), ())  # fmt: skip
    claims = [] if abstained else [{"text": text, "verdict": "supported",
                                    "citations": [{"source_id": "S1", "quote": text, "start": 0, "end": len(text)}]}]
    answer = {"abstained": abstained, "answer": text, "trace_id": f"trace-{qid}", "claims": claims,
              "sources": {"S1": {"doc_id": doc, "version": 1}}}  # fmt: skip
    drafts = [] if abstained else [DraftClaim(None, True, frozenset({doc}), text)]  # no sentence scores: one threshold
    return QuestionRecord(item, answer, [doc], top, drafts, quotes_ok=None if abstained else quotes_ok)


def test_citing_the_gold_document_without_the_answer_is_not_correct() -> None:
    right = record("1", "The Moon orbits the Earth once every 27.3 days.")
    without = record("2", "The Moon has no atmosphere to speak of.")  # cites gold doc g, lacks the answer
    assert right.correct() and not without.correct()
    assert outcome(without) == "without_answer" and diagnose(without) == "generation_failure"
    m = summarize([right, without], [[], []])
    assert m["answer_correctness"] == 0.5 and m["answered_correctly"] == 1
    assert m["answered_without_answer"] == 0.5 and m["answered_without_answer_count"] == 1
    assert m["answered_citing_gold"] == 1.0  # what eval used to count as correct
    assert m["stages"]["correct_answer"] == 1 and m["stages"]["generation_failure"] == 1


def test_a_quote_not_at_its_offsets_is_not_correct() -> None:
    bad = record("1", "The Moon orbits the Earth once every 27.3 days.", quotes_ok=False)
    unchecked = record("2", "The Moon orbits the Earth once every 27.3 days.", quotes_ok=None)
    assert outcome(bad) == "quote_mismatch" and not bad.correct() and not unchecked.correct()
    assert summarize([bad], [[]])["answer_correctness"] == 0.0


def test_quotes_are_checked_against_the_stored_text(tmp_path: Path) -> None:
    text = "The Moon orbits the Earth once every 27.3 days. It has no atmosphere to speak of."
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(json.dumps({"doc_id": "p1", "title": "Moon", "text": text}) + "\n")
    with open_store(tmp_path / "s") as store:
        ingest(store, [corpus], embedder=None)
        stored = store.text("p1", 1)
        quote = "It has no atmosphere to speak of."
        start = stored.index(quote)

        def answer(s: int, e: int, q: str = quote, version: int = 1, doc: str = "p1") -> dict[str, object]:
            return {"claims": [{"citations": [{"source_id": "S1", "quote": q, "start": s, "end": e}]}],
                    "sources": {"S1": {"doc_id": doc, "version": version}}}  # fmt: skip

        assert quotes_at_offsets(store, answer(start, start + len(quote)))
        assert not quotes_at_offsets(store, answer(start + 1, start + 1 + len(quote)))  # shifted offsets
        assert not quotes_at_offsets(store, answer(start, start + len(quote), q="It has an atmosphere."))
        assert not quotes_at_offsets(store, answer(start, start + len(quote), version=2))  # no such version
        assert not quotes_at_offsets(store, answer(start, start + len(quote), doc="p9"))
        assert not quotes_at_offsets(store, {"claims": [], "sources": {}})  # nothing quoted


def test_calibration_can_optimize_answers_not_only_abstention() -> None:
    records = [
        record("a1", "every 27.3 days", top=0.9),
        record("a2", "no atmosphere", top=0.5),  # answered, cites gold, wrong
        record("a3", "no atmosphere at all", top=0.55),
        record("u1", "something", answerable=False, top=0.6),
        record("u2", "", answerable=False, top=0.2, abstained=True),  # abstained at any threshold
    ]
    by_abstention = calibrate(records)
    by_answers = calibrate(records, objective="answers")
    assert by_abstention.threshold <= 0.5  # answering a2 and a3 raises the answer rate
    assert by_answers.threshold > 0.6  # they are wrong: better abstain on them and on u1
    assert by_answers.metrics["answer_correctness"] == pytest.approx(1 / 3)
    assert by_answers.metrics["answer_balanced_accuracy"] == pytest.approx((1 / 3 + 1) / 2)


# --- through the real CLI, with the real models -----------------------------------------------


def test_eval_json_scores_answers_honestly_with_trace_ids(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("\n".join(json.dumps(d) for d in [
        {"doc_id": "p1", "title": "Moon", "text": "The Moon orbits the Earth once every 27.3 days. It has no atmosphere to speak of."},
        {"doc_id": "p2", "title": "Mars", "text": "Mars has two small moons, Phobos and Deimos. A day on Mars lasts 24.6 hours."},
    ]) + "\n")  # fmt: skip
    question = "How many days does the Moon take to orbit the Earth once?"
    gold = [{"doc_id": "p1", "sentences": []}]
    questions = tmp_path / "questions.jsonl"
    questions.write_text("\n".join(json.dumps(q) for q in [
        {"id": "right", "question": question, "answerable": True, "gold_answers": ["27.3 days"], "gold_evidence": gold},
        # the same answer, cited to the same gold document, does not hold this gold answer
        {"id": "without", "question": question, "answerable": True, "gold_answers": ["29.5 days"], "gold_evidence": gold},
        {"id": "u1", "question": "Who was the first person to walk on Venus?", "answerable": False,
         "gold_answers": [], "gold_evidence": []},
    ]) + "\n")  # fmt: skip
    store, report = tmp_path / "s", tmp_path / "r"
    out = subprocess.run([*CITADEL, "--store", str(store), "eval", str(questions), "--corpus", str(corpus),
                          "--report", str(report), "--json"], capture_output=True, text=True)  # fmt: skip
    assert out.returncode == 0, out.stderr
    m = json.loads(out.stdout)
    rows = {r["id"]: r for r in m["per_question"]}
    assert rows["right"]["abstained"] is False and rows["without"]["abstained"] is False
    assert rows["right"]["correct"] and rows["right"]["quotes_ok"] is True and rows["right"]["cites_gold"]
    assert rows["without"]["cites_gold"] and not rows["without"]["correct"]
    assert rows["without"]["outcome"] == "without_answer" and rows["without"]["stage"] == "generation_failure"
    assert m["answer_correctness"] == 0.5 and m["answered_without_answer_count"] == 1
    assert m["answered_citing_gold"] == 1.0 and m["stages"]["correct_answer"] == 1
    assert m["gold_answer_f1_threshold"] == F1_THRESHOLD
    with open_store(store) as s:
        for r in rows.values():
            trace = s.get_trace(r["trace_id"])
            assert trace is not None and trace["question"] in (question, "Who was the first person to walk on Venus?")
    html = (report / "index.html").read_text()
    assert 'class="marker"' in html and "in force: " in html and "answer_correctness" in html


def test_the_cost_per_question_is_averaged_from_the_traces() -> None:
    one, two = record("1", "The Moon orbits the Earth once every 27.3 days."), record("2", "No.", abstained=True)
    one.cost = {"generations": 2, "model_calls": 2, "tokens_in": 300, "tokens_out": 40}
    two.cost = {"generations": 0, "model_calls": 0, "tokens_in": 0, "tokens_out": 0}  # abstained before generating
    m = summarize([one, two], [[], []])
    assert (m["model_calls_per_question"], m["tokens_in_per_question"], m["tokens_out_per_question"]) == (1.0, 150.0, 20.0)
