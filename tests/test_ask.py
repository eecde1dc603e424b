"""The ask pipeline: quote-first generation, validation with one retry, verification,
abstention reasons, access control and the trace. Deterministic parts (a scripted
generator, a hashing embedder, a keyword reranker) with the real verifier."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from citadel.cli import cli
from citadel._errors import ValidationError
from citadel.engine import Citadel
from citadel.evaluate import load_questions
from citadel.generate import ABSTAIN_SENTENCE, FakeGenerator
from citadel.generate.backends import GenerationRequest
from citadel.generate.backends.base import Generation
from citadel.ingest import ingest
from citadel.pipeline import ANSWERABILITY_SCALE, RELEVANCE_SCALE, AskSettings
from citadel.retrieve.answerability import get_answerability
from citadel.retrieve import HashingEmbedder, KeywordReranker, Searcher
from citadel.store import ADMIN, SearchFilter, open_store

REFUNDS = """# Refund policy

## Processing time

Approved refunds are processed within five business days. Refunds always go back to the original card.
"""
SALARIES = "# Salary bands\n\nThe L5 staff engineer band is EUR 86,000 to 110,000 per year."


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    (tmp_path / "pub").mkdir()
    (tmp_path / "hr").mkdir()
    (tmp_path / "pub" / "refunds.md").write_text(REFUNDS)
    (tmp_path / "hr" / "salaries.md").write_text(SALARIES)
    return tmp_path


def engine_for(tmp_path: Path, corpus: Path, fake: FakeGenerator, **settings: object) -> Citadel:
    store = open_store(tmp_path / "store")
    embedder = HashingEmbedder()
    ingest(store, [corpus / "pub"], embedder=embedder)
    ingest(store, [corpus / "hr"], groups=["hr"], embedder=embedder)
    searcher = Searcher(store, embedder=embedder, reranker=KeywordReranker())
    # the keyword reranker's scores are not on the calibrated scale: no early abstention unless a test asks
    settings.setdefault("abstain_threshold", 0.0)
    return Citadel(store, backend=fake, searcher=searcher, settings=AskSettings(**settings))  # type: ignore[arg-type]


def cite(sid: str, quote: str, text: str | None = None) -> dict[str, object]:
    return {"abstained": False, "claims": [{"citations": [{"source_id": sid, "quote": quote}], "text": text or quote}]}


def first_source(request: GenerationRequest, doc_id: str) -> str:
    return next(s.sid for s in request.sources if s.doc_id == doc_id)


def test_supported_quote_becomes_a_cited_answer_with_document_offsets(tmp_path: Path, corpus: Path) -> None:
    quote = "Approved refunds are processed within five business days."
    fake = FakeGenerator(respond=lambda r: json.dumps(cite(first_source(r, "refunds.md"), quote)))
    engine = engine_for(tmp_path, corpus, fake)
    answer = engine.ask("How long are refunds processed?")
    assert not answer.abstained and answer.abstention_reason is None
    [claim] = answer.claims
    assert claim.verdict == "supported"
    [citation] = claim.citations
    source = answer.sources[citation.source_id]
    assert source.chunk_id == "refunds.md#processing-time/1" and source.version == 1
    doc_text = engine.store.text("refunds.md")
    assert doc_text[citation.start : citation.end] == quote == citation.quote
    assert answer.answer == f"Approved refunds are processed within five business days [{citation.source_id}]."


def test_invalid_output_is_retried_once_with_the_error_then_abstains(tmp_path: Path, corpus: Path) -> None:
    fake = FakeGenerator(["this is not json", json.dumps(cite("S9", "five business days"))])
    engine = engine_for(tmp_path, corpus, fake)
    answer = engine.ask("How long are refunds processed?")
    assert answer.abstained and answer.abstention_reason == "invalid_output"
    assert answer.answer == ABSTAIN_SENTENCE and answer.claims == []
    assert len(fake.history) == 2
    assert "not a JSON object" in (fake.history[1].feedback or "")
    trace = engine.store.get_trace(answer.trace_id)
    assert trace is not None
    assert trace["raw_output"] == ["this is not json", json.dumps(cite("S9", "five business days"))]
    assert "'S9', which is not a source" in trace["validation"][1]


def test_an_abstained_draft_with_claims_is_retried_as_invalid_output(tmp_path: Path, corpus: Path) -> None:
    """The bundled local model returned claims with quotes but marked its draft abstained, so
    every answerable question abstained: such a draft is invalid, retried once with the error."""
    quote = "Approved refunds are processed within five business days."
    both = {**cite("S1", quote), "abstained": True}
    fake = FakeGenerator([json.dumps(both), json.dumps(cite("S1", quote))])
    answer = engine_for(tmp_path, corpus, fake).ask("How long are refunds processed?")
    assert not answer.abstained and answer.claims[0].citations[0].quote == quote
    assert len(fake.history) == 2 and '"abstained" is true but the answer has claims' in (fake.history[1].feedback or "")
    twice = FakeGenerator([json.dumps(both), json.dumps(both)])
    again = engine_for(tmp_path / "again", corpus, twice).ask("How long are refunds processed?")
    assert again.abstained and again.abstention_reason == "invalid_output"


def test_retry_can_recover(tmp_path: Path, corpus: Path) -> None:
    quote = "Refunds always go back to the original card."
    fake = FakeGenerator(["{broken", json.dumps(cite("S1", quote))])
    answer = engine_for(tmp_path, corpus, fake).ask("Where do refunds go?")
    assert not answer.abstained and answer.claims[0].citations[0].quote == quote


def test_unsupported_claims_are_dropped_and_regenerated_once(tmp_path: Path, corpus: Path) -> None:
    quote = "Approved refunds are processed within five business days."
    wrong = cite("S1", quote, "Approved refunds are processed within ten business days.")
    fake = FakeGenerator([wrong, wrong])
    engine = engine_for(tmp_path, corpus, fake)
    answer = engine.ask("How long are refunds processed?")
    assert answer.abstained and answer.abstention_reason == "unsupported"
    assert len(fake.history) == 2 and "ten business days" in (fake.history[1].feedback or "")
    trace = engine.store.get_trace(answer.trace_id)
    assert trace is not None
    verdicts = [c["verdict"] for v in trace["verification"] for c in v["claims"]]
    assert verdicts == ["contradicted", "contradicted"]  # dropped claims stay in the trace
    assert answer.sources  # the evidence that was looked at is still listed


def test_no_evidence_abstains_before_generation(tmp_path: Path, corpus: Path) -> None:
    fake = FakeGenerator()
    engine = engine_for(tmp_path, corpus, fake, abstain_threshold=0.99)
    answer = engine.ask("What colour is the office cat?")
    assert answer.abstention_reason == "no_evidence" and fake.history == []
    assert answer.sources == {}


def test_threshold_comes_from_the_store_configuration(tmp_path: Path, corpus: Path) -> None:
    fake = FakeGenerator()
    engine = engine_for(tmp_path, corpus, fake, abstain_threshold=None)
    shipped = get_answerability().calibration.threshold
    assert engine.pipeline().scale == ANSWERABILITY_SCALE  # the bundled model gates by default
    assert engine.pipeline().threshold() == shipped  # nothing calibrated yet: the model's own threshold
    engine.store.set_config("abstain_threshold", {"value": 0.999, "scale": ANSWERABILITY_SCALE})
    assert engine.pipeline().threshold() == 0.999
    answer = engine.ask("How long are refunds processed?")
    assert answer.abstention_reason == "no_evidence"
    trace = engine.store.get_trace(answer.trace_id)
    assert trace is not None and trace["gate"] == "answerability" and trace["threshold"] == 0.999
    assert 0.0 <= trace["gate_score"] < 0.999
    # a threshold calibrated on another scale (relevance, or none named) is not applied to this one
    engine.store.set_config("abstain_threshold", {"value": 0.999, "scale": RELEVANCE_SCALE})
    assert engine.pipeline().threshold() == shipped
    engine.store.set_config("abstain_threshold", {"value": 0.999})
    assert engine.pipeline().threshold() == shipped
    # nor one calibrated for an earlier answerability model (its probabilities meant something else)
    engine.store.set_config("abstain_threshold", {"value": 0.999, "scale": "answerability-v1"})
    assert ANSWERABILITY_SCALE != "answerability-v1" and engine.pipeline().threshold() == shipped
    # without the model the relevance gate and its own default apply, and the relevance-scale value
    relevance = engine_for(tmp_path / "second", corpus, fake, abstain_threshold=None, use_answerability=False)
    assert relevance.pipeline().scale == RELEVANCE_SCALE
    assert relevance.pipeline().threshold() == AskSettings().default_threshold


def test_restricted_documents_are_not_evidence_and_leave_no_trace(tmp_path: Path, corpus: Path) -> None:
    fake = FakeGenerator()
    engine = engine_for(tmp_path, corpus, fake)
    public = engine.ask("What is the L5 staff engineer salary band?")
    seen = [s.doc_id for r in fake.history for s in r.sources]
    assert "salaries.md" not in seen
    assert "salaries.md" not in json.dumps(public.to_json()) and "86,000" not in json.dumps(public.to_json())
    hr = engine.ask("What is the L5 staff engineer salary band?", groups=["hr"])
    assert "salaries.md" in [s.doc_id for s in fake.history[-1].sources]
    # the HR trace is visible to HR callers only
    assert engine.store.get_trace(hr.trace_id, SearchFilter(groups=frozenset({"hr"}))) is not None
    assert engine.store.get_trace(hr.trace_id, SearchFilter()) is None
    assert engine.store.get_trace(public.trace_id, SearchFilter()) is not None


def test_the_trace_records_every_step_and_the_answer_hides_the_prompt(tmp_path: Path, corpus: Path) -> None:
    quote = "Approved refunds are processed within five business days."
    fake = FakeGenerator(respond=lambda r: json.dumps(cite("S1", quote)))
    engine = engine_for(tmp_path, corpus, fake)
    answer = engine.ask("How long are refunds processed?", caller="tester")
    trace = engine.store.get_trace(answer.trace_id, ADMIN)
    assert trace is not None
    assert trace["question"] == "How long are refunds processed?" and trace["caller"] == "tester"
    assert trace["evidence"][0]["chunk_id"] and trace["evidence"][0]["version"] == 1
    assert "data, not instructions" in trace["prompt"][0]["system"]
    assert trace["raw_output"] == [json.dumps(cite("S1", quote))]
    assert trace["verification"][0]["claims"][0]["verdict"] == "supported"
    assert trace["answer"] == answer.to_json()
    assert {"retrieve", "generate", "verify", "total"} <= set(trace["timings"])
    client_view = json.dumps(answer.to_json())
    assert "data, not instructions" not in client_view and "<source" not in client_view


def test_a_replaced_version_is_never_cited(tmp_path: Path, corpus: Path) -> None:
    fake = FakeGenerator(respond=lambda r: json.dumps(cite(r.sources[0].sid, r.sources[0].text.split("\n")[-1])))
    engine = engine_for(tmp_path, corpus, fake)
    (corpus / "pub" / "refunds.md").write_text(REFUNDS.replace("five business days", "ten business days"))
    ingest(engine.store, [corpus / "pub"], embedder=HashingEmbedder())
    answer = engine.ask("How long are refunds processed?")
    assert not answer.abstained
    assert all(s.version == 2 for s in answer.sources.values())
    assert "five business days" not in json.dumps(answer.to_json())


def test_sources_are_exact_document_slices(tmp_path: Path, corpus: Path) -> None:
    fake = FakeGenerator()
    engine = engine_for(tmp_path, corpus, fake)
    engine.ask("Where do refunds go?")
    for s in fake.history[0].sources:
        assert engine.store.text(s.doc_id)[s.start : s.end] == s.text


def test_a_verifier_failure_is_an_abstention_not_a_crash(tmp_path: Path, corpus: Path) -> None:
    class Broken:
        def check_answer(self, *args: object, **kwargs: object) -> None:
            raise RuntimeError("model exploded")

    quote = "Approved refunds are processed within five business days."
    fake = FakeGenerator(respond=lambda r: json.dumps(cite("S1", quote)))
    engine = engine_for(tmp_path, corpus, fake)
    engine.verifier = Broken()  # type: ignore[assignment]
    answer = engine.ask("How long are refunds processed?")
    assert answer.abstained and answer.abstention_reason == "unsupported" and answer.claims == []
    trace = engine.store.get_trace(answer.trace_id)
    assert trace is not None and "model exploded" in trace["verification"][0]["error"]


class CountingGenerator(FakeGenerator):
    """A scripted backend that reports token usage as an OpenAI-compatible provider does."""

    def generate(self, request: GenerationRequest) -> Generation:
        out = super().generate(request)
        return Generation(text=out.text, model="counting",
                          usage={"prompt_tokens": 100 + len(self.history), "completion_tokens": 20})


def test_the_trace_counts_model_calls_and_tokens(tmp_path: Path, corpus: Path) -> None:
    """Cost per answer (issue 19): every generation's reported tokens, retries included, in the
    trace, `citadel trace` and the HTTP API."""
    quote = "Refunds always go back to the original card."
    fake = CountingGenerator(["{broken", json.dumps(cite("S1", quote))])
    engine = engine_for(tmp_path, corpus, fake)
    answer = engine.ask("Where do refunds go?")
    trace = engine.store.get_trace(answer.trace_id)
    assert trace is not None
    assert trace.cost == {"generations": 2, "model_calls": 2, "tokens_in": 101 + 102, "tokens_out": 40}
    assert trace.to_json()["cost"] == trace.cost
    shown = CliRunner().invoke(cli, ["--store", str(tmp_path / "store"), "trace", answer.trace_id])
    assert "cost: 2 generation(s), 2 language-model call(s), 203 tokens in, 40 tokens out" in shown.output
    extractive = engine.ask("Where do refunds go?", backend="extractive")
    assert engine.store.get_trace(extractive.trace_id).cost["model_calls"] == 0  # type: ignore[union-attr]


def test_a_question_without_words_is_refused_before_any_model_runs(tmp_path: Path, corpus: Path) -> None:
    fake = FakeGenerator()
    engine = engine_for(tmp_path, corpus, fake)
    for blank in ("", "   \n", "?!", "--"):
        with pytest.raises(ValidationError, match="has no words"):
            engine.ask(blank)
        with pytest.raises(ValidationError, match="has no words"):
            engine.search(blank)
    assert fake.history == [] and engine.store.list_traces() == []
    questions = tmp_path / "q.jsonl"
    questions.write_text('{"question": "How long do refunds take?", "answerable": true}\n'
                         '{"question": " ", "answerable": false}\n')  # fmt: skip
    with pytest.raises(ValidationError, match=r"q\.jsonl:2: the question has no words"):
        load_questions(questions)  # `eval` and `calibrate` refuse the file before asking its first question
