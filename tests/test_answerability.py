"""Answerability, separate from relevance and support: the bundled model, the names check,
the gate ``ask`` abstains on, and the verifier's check that a claim addresses the question."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest

from citadel.engine import Citadel
from citadel.pipeline import AskSettings
from citadel.retrieve import get_reranker, probability
from citadel.retrieve.answerability import (
    MODEL_DIR,
    READS_CONTEXT,
    AnswerabilityModel,
    Calibration,
    Reading,
    get_answerability,
    span_text,
)
from citadel.retrieve.coverage import alphanumeric_names, missing_terms, salient_terms
from citadel.store import open_store
from citadel.verify import Citation, Claim, default_verifier

from tests.engine_fixtures import engine_over

# --- the context a span is read with --------------------------------------------------------


def test_a_span_is_its_unit_and_with_context_its_title_and_last_heading_without_repeats() -> None:
    heads = ["json — JSON encoder and decoder\u00b6", "Command Line Interface\u00b6"]
    title = "json — JSON encoder and decoder — Python 3.11.2 documentation"
    assert span_text(title, heads, "Sort  the\n output.", context=False) == "Sort the output."
    assert READS_CONTEXT and span_text(title, heads, "Sort the output.") == span_text(title, heads, "Sort the output.", context=True)
    text = span_text(title, heads, "Sort the output.", context=True)
    assert text == "json — JSON encoder and decoder — Python 3.11.2 documentation > Command Line Interface: Sort the output."
    assert span_text("Refunds", ["Refunds"], "  Ten\n days. ", context=True) == "Refunds: Ten days."  # no repeat
    assert span_text("", [], "Alone.", context=True) == "Alone."
    # an FAQ's question heading restates the question: it is left out, the title stays
    assert span_text("Refunds", ["How long do refunds take?"], "Ten days.", context=True) == "Refunds: Ten days."
    long = span_text("T" * 300, [], "x", context=True)
    assert len(long) < 100 and long.endswith("...: x")
    assert len(span_text("", [], "word " * 200)) == 400  # a unit is cut


def test_the_calibration_reads_the_model_on_top_of_the_reranker() -> None:
    shipped = json.loads((MODEL_DIR / "calibration.json").read_text())
    cal = get_answerability().calibration
    assert cal.threshold == shipped["threshold"] and 0.0 < cal.threshold < 1.0
    assert cal.rerank_weight == shipped["rerank_weight"] > 0
    assert cal.bare_weight == shipped["bare_weight"] > 0
    logits = np.array([0.0, 0.0])
    with_rerank = cal.probability(logits, np.array([0.01, 0.99]))
    assert with_rerank[1] > with_rerank[0]  # a more relevant unit is likelier to answer
    # the unit read alone counts too: on topic in its page but not by itself scores lower
    both = cal.probability(logits, np.array([0.9, 0.9]), np.array([0.01, 0.9]))
    assert both[1] > both[0]
    assert cal.probability(logits[:1], np.array([0.9]))[0] == pytest.approx(
        Calibration(cal.threshold, cal.rerank_weight, cal.temperature, cal.bias).probability(logits[:1], np.array([0.9]))[0])
    assert Calibration(0.5).probability(np.array([0.0]))[0] == pytest.approx(0.5)


# --- the real bundled model ------------------------------------------------------------------


def test_the_sentence_that_answers_outscores_the_restated_question_and_its_neighbour() -> None:
    model = get_answerability()
    question = "How long does a refund take to reach my card?"
    title, heads = "Payments FAQ", ["Refunds"]
    spans = [
        span_text(title, heads, "Refunds are paid back to the card you used within ten business days."),
        span_text(title, heads, "How long does a refund take to reach my card?"),  # the FAQ's restated question
        span_text(title, heads, "You can ask for a refund from the orders page."),  # the neighbour before it
    ]
    units = [x.split(": ", 1)[1] for x in spans]
    rerank = probability(get_reranker().score(question, spans))  # in context, as ask reads them
    bare = probability(get_reranker().score(question, units))  # and alone
    logits = model.logits(question, spans)
    assert logits[0] > logits[1] + 1.0 and logits[0] > logits[2]  # the model alone ranks the answer first
    scores = model.score(question, spans, rerank, bare)
    assert scores[0] > scores[1] and scores[0] > scores[2]
    assert scores[0] >= model.calibration.threshold


def test_the_model_reads_its_pairs_in_the_order_and_precision_its_config_states(tmp_path: Path) -> None:
    shipped = json.loads((MODEL_DIR / "config.json").read_text())
    model = get_answerability()
    assert model.reading.question_first == bool(shipped.get("question_first", False))
    assert model.reading.max_length == shipped["max_len"] == model.settings.max_length
    # activations quantized at run time: a batch would give a pair a score that depends on its
    # batch mates; every model reads one pair per run, the runs side by side
    assert model.reading.dynamic_int8 == str(shipped["precision"]).startswith("int8")
    assert model.settings.batch_size == 1
    (tmp_path / "config.json").write_text(json.dumps({"question_first": True, "max_len": 128, "precision": "int8 dynamic"}))
    other = AnswerabilityModel(tmp_path)
    assert other.reading == Reading(question_first=True, max_length=128, dynamic_int8=True)
    assert (other.settings.batch_size, other.settings.max_length) == (1, 128)
    (tmp_path / "config.json").write_text("{not json")
    assert AnswerabilityModel(tmp_path).reading == Reading()  # the verifier-style reading, batched


def test_a_span_scores_the_same_whatever_is_read_beside_it() -> None:
    model = get_answerability()
    question = "How do I make the test run stop at the first failure?"
    spans = [span_text("unittest", ["Command-line options"], "-f, --failfast  Stop the test run on the first error or failure."),
             span_text("unittest", ["Command-line options"], "-b, --buffer  The standard output and error streams are buffered."),
             span_text("unittest", [], "A test case is the individual unit of testing.")]
    together = model.logits(question, spans)
    alone = np.concatenate([model.logits(question, [s]) for s in spans])
    assert np.allclose(together, alone, atol=1e-4)
    assert together[0] > together[1] and together[0] > together[2]  # the entry that answers comes first


# --- names the evidence must contain ---------------------------------------------------------


def test_code_like_names_are_salient_and_plain_words_and_abbreviations_are_not() -> None:
    q = "How does os.process_cpu_count() differ from os.cpu_count(), i.e. with PYTHON_GIL=0 and --sort-keys?"
    assert salient_terms(q) == ["os.process_cpu_count", "os.cpu_count", "PYTHON_GIL", "--sort-keys"]
    assert salient_terms("How do I use the @typing.override decorator?") == ["typing.override"]
    assert salient_terms("What does getRecursionLimit return?") == ["getRecursionLimit"]
    assert salient_terms("How long do refunds take, e.g. for cards?") == []
    # a numbered identifier is a name too: the changelog that fixes CVE-2024-7264 does not
    # answer for CVE-2024-6197; a short number is part of an ordinary name ("UTF-8", "COVID-19")
    assert salient_terms("Which revision fixed CVE-2024-6197 in ISO-8859-1 or UTF-8 text?") == ["CVE-2024-6197", "ISO-8859-1"]
    assert missing_terms("Which revision fixed CVE-2024-6197?", ["Fix CVE-2024-7264: a date parser overread."]) == [
        "CVE-2024-6197"]
    assert missing_terms("Which revision fixed cve-2024-7264?", ["Fix CVE-2024-7264: a date parser overread."]) == []


def test_a_name_of_letters_and_digits_must_be_named_in_some_spelling() -> None:
    """"HTTP/2" against a page about HTTP 1.1: the documents are about another version of the
    protocol. Any spelling names it ("HTTP 2", "http2", "SHA-256" for "SHA256"); a number
    first ("64-bit") or no capital ("ww2") is an everyday word a text may spell out."""
    assert alphanumeric_names("Does it speak HTTP/2 over IPv6 on ARM64, with SHA256 and Python3?") == [
        "HTTP/2", "IPv6", "ARM64", "SHA256", "Python3"]
    assert alphanumeric_names("Is 64-bit supported since v2.1, as in the 1800s and ww2?") == []
    assert missing_terms("Does httplib2 support HTTP/2?", ["Supports HTTP 1.1 Keep-Alive."]) == ["HTTP/2"]
    assert missing_terms("Does it support HTTP/2?", ["HTTP 2 is supported."]) == []
    assert missing_terms("Is SHA256 used?", ["Digests use SHA-256."]) == []
    assert missing_terms("Does it run on Python3?", ["It requires Python 3.8 or later."]) == []
    assert missing_terms("Does it read UTF-8?", ["Input is read as utf8."]) == []
    assert missing_terms("Does it read UTF-16?", ["Input is read as UTF-8."]) == ["UTF-16"]
    # a name the pattern cannot end well ("A1-A1-...-/"): one pass, not a split per way to cut it
    started = time.perf_counter()
    assert alphanumeric_names("A1-" * 600 + "/") == []
    assert time.perf_counter() - started < 1


def test_a_name_counts_as_named_by_its_code_like_last_part_but_not_by_an_english_one() -> None:
    docs = ["os.cpu_count() returns the number of CPUs.", "The override keyword in C++ marks a method."]
    assert missing_terms("How does os.cpu_count() differ from os.process_cpu_count()?", docs) == ["os.process_cpu_count"]
    assert missing_terms("What does cpu_count return?", docs) == []  # the last part is code-like: it counts
    assert missing_terms("How do I use @typing.override?", docs) == ["typing.override"]  # "override" alone is English
    assert missing_terms("What does typing.override do?", ["Use typing.override on methods."]) == []
    assert missing_terms("Which option, --sort-keys or --indent?", ["--indent sets the indent"]) == ["--sort-keys"]
    # whole names only: "cpu_count" is not named by "cpu_count_max", nor "--sort" by "--sort-keys"
    assert missing_terms("what is cpu_count", ["cpu_count_max is a limit"]) == ["cpu_count"]
    assert missing_terms("what is --sort", ["use --sort-keys"]) == ["--sort"]


FAQ = """# Refunds

## How long do refunds take?

Refunds are paid back to the original card within ten business days.

## Can I cancel an order?

Orders can be cancelled until they ship. Use refunds.cancel_order() from the API to cancel one.
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Citadel:
    return engine_over(tmp_path_factory.mktemp("answerability"), {"refunds.md": FAQ})


def test_ask_gates_on_answerability_and_records_it(engine: Citadel) -> None:
    answer = engine.ask("How long do refunds take to arrive?")
    assert not answer.abstained and "ten business days" in answer.answer
    trace = engine.store.get_trace(answer.trace_id)
    assert trace is not None and trace["gate"] == "answerability"
    assert trace["gate_score"] >= trace["threshold"] == get_answerability().calibration.threshold
    assert all("answerability" in e for e in trace["evidence"][:1])
    # the claim quotes the unit evidence selection read: its answerability is reused, not measured again
    (claim,) = [c for c in trace["verification"][-1]["claims"] if c["keep"]]
    cited = next(e for e in trace["evidence"] if e["source_id"] == claim["citations"][0]["source_id"])
    assert claim["addresses"] == cited["answerability"] == round(trace["gate_score"], 4)


def test_a_question_naming_what_no_document_names_abstains_whatever_the_threshold(engine: Citadel) -> None:
    lenient = Citadel(engine.store, settings=AskSettings(abstain_threshold=0.0))  # the gate lets everything through
    answer = lenient.ask("How do I call refunds.resume_order() to restart a cancelled order?")
    assert answer.abstained and answer.abstention_reason == "no_evidence"
    trace = engine.store.get_trace(answer.trace_id)
    assert trace is not None and any("no retrieved text names refunds.resume_order" in n for n in trace["notes"])
    assert answer.closest and answer.closest[0].doc_id == "refunds.md"  # what came closest is still shown
    # the same question about the name the document has is answered
    named = lenient.ask("How do I cancel an order with refunds.cancel_order()?")
    assert not named.abstained and "refunds.cancel_order()" in named.answer
    trace = engine.store.get_trace(named.trace_id)
    assert trace is not None and not any("no retrieved text names" in n for n in trace["notes"])


def test_without_the_model_the_relevance_gate_applies(engine: Citadel) -> None:
    old = Citadel(engine.store, settings=AskSettings(use_answerability=False))
    answer = old.ask("How long do refunds take to arrive?")
    trace = engine.store.get_trace(answer.trace_id)
    assert trace is not None and trace["gate"] == "relevance" and trace["threshold"] == AskSettings().default_threshold


# --- the verifier: a claim must address the question -------------------------------------------


SOURCE = ("Refunds are paid back to the original card within ten business days. "
          "Our office is closed on public holidays.")  # fmt: skip


def _claim(text: str) -> Claim:
    return Claim(text=text, citations=(Citation(source_id="S1", quote=text),))


def test_a_supported_claim_that_does_not_address_the_question_is_dropped_with_its_reason() -> None:
    verifier = default_verifier()
    claims = [_claim("Refunds are paid back to the original card within ten business days."),
              _claim("Our office is closed on public holidays.")]  # fmt: skip
    plain = verifier.check_answer({"S1": SOURCE}, claims=claims)
    assert [c.keep for c in plain.claims] == [True, True]  # both are supported by the source
    asked = verifier.check_answer({"S1": SOURCE}, claims=claims, question="How long do refunds take?")
    on, off = asked.claims
    assert on.keep and not on.off_topic and on.addresses is not None
    assert off.result.supported and off.off_topic and not off.keep
    assert off.addresses is not None and off.addresses < verifier.settings.min_addresses <= on.addresses
    row = asked.to_json()["claims"][1]  # what the trace keeps
    assert isinstance(row, dict) and row["off_topic"] is True and "does not address the question" in row["drop_reason"]
    assert asked.citation_recall == plain.citation_recall == 1.0  # support is unchanged: both are true
    # an answerability already measured (the unit evidence selection read) is used, not measured again
    known = verifier.check_answer({"S1": SOURCE}, claims=claims, question="How long do refunds take?",
                                  known={claims[1].text: 0.9, claims[0].text: 0.01})  # fmt: skip
    assert [c.keep for c in known.claims] == [False, True] and [c.addresses for c in known.claims] == [0.01, 0.9]


def test_ask_drops_an_off_topic_claim_whatever_the_backend(tmp_path: Path) -> None:
    from citadel.generate.backends.fake import FakeGenerator

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "refunds.md").write_text("# Refunds\n\n" + SOURCE + "\n")

    def respond(request: object) -> str:
        return json.dumps({"abstained": False, "claims": [
            {"text": "Refunds are paid back to the original card within ten business days.",
             "citations": [{"source_id": "S1", "quote": "Refunds are paid back to the original card within ten business days."}]},
            {"text": "Our office is closed on public holidays.",
             "citations": [{"source_id": "S1", "quote": "Our office is closed on public holidays."}]},
        ]})  # fmt: skip

    engine = Citadel(open_store(tmp_path / "store"), backend=FakeGenerator(respond=respond),
                     settings=AskSettings(regenerate=False))  # fmt: skip
    engine.ingest([tmp_path / "docs"])
    answer = engine.ask("How long do refunds take?")
    assert [c.text for c in answer.claims] == ["Refunds are paid back to the original card within ten business days."]
    trace = engine.store.get_trace(answer.trace_id)
    assert trace is not None
    dropped = [c for c in trace["verification"][-1]["claims"] if not c["keep"]]
    assert [c["text"] for c in dropped] == ["Our office is closed on public holidays."] and dropped[0]["off_topic"]
