"""What people and programs see of an answer (issue 15): an abstention lists the passages
that came closest (only ones the caller may read), the human output prints each claim
once with its footnotes (table rows as columns), ``citadel search`` labels the score it
sorts by apart from the relevance, and claims never start with a list marker or a heading
mark. Deterministic fakes where possible; the sample documents with the real default
models through the real CLI where it matters."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from citadel.answers import Answer, CitationOut, ClaimOut, ClosestOut, SourceOut, claim_text, render_text
from citadel.engine import Citadel
from citadel.generate import FakeGenerator
from citadel.generate.backends import GenerationRequest
from citadel.retrieve import HashingEmbedder, KeywordReranker, Searcher
from citadel.serve import create_app
from citadel.store import open_store

from .serve_support import HR, KEYS, PUB, fast_engine, running

CITADEL = [sys.executable, "-m", "citadel.cli"]
SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "docs"
SALARY_Q = "What is the L5 staff engineer salary band?"
REFUND_Q = "How long are approved refunds processed?"
QUOTE = "Approved refunds are processed within five business days."
CLOSEST_KEYS = ["title", "doc_id", "chunk_id", "page", "relevance", "score", "answerability", "location"]
ANSWER_KEYS = ["question", "abstained", "abstention_reason", "answer", "claims", "sources", "trace_id", "trace_stored"]


def strict_engine(root: Path, fake: FakeGenerator | None = None, threshold: float = 0.999) -> Citadel:
    """Refunds (public) and salaries (hr), the keyword reranker and the bundled answerability
    model; a threshold nothing reaches."""
    return fast_engine(root, backend=fake or FakeGenerator(), threshold=threshold, answerability=True)


# --- closest passages on an abstention -------------------------------------------------------


def test_an_abstention_lists_the_closest_passages_best_first(tmp_path: Path) -> None:
    engine = strict_engine(tmp_path)
    answer = engine.ask(SALARY_Q, groups=["hr"])
    assert answer.abstained and answer.abstention_reason == "no_evidence"
    data = answer.to_json()
    assert list(data) == [*ANSWER_KEYS, "closest"]
    closest: list[dict[str, Any]] = data["closest"]  # type: ignore[assignment]
    assert 1 <= len(closest) <= 3 and all(list(c) == CLOSEST_KEYS for c in closest)
    best = closest[0]
    assert best["doc_id"] == "salaries.md" and best["title"] == "Salary bands"  # the near passage
    assert best["chunk_id"].startswith("salaries.md#") and best["page"] is None
    assert 0.0 <= best["relevance"] < 0.999 and best["score"] > 0
    # best first by answerability, what the abstention threshold is compared with
    assert all(c["answerability"] is not None for c in closest)
    assert [c["answerability"] for c in closest] == sorted((c["answerability"] for c in closest), reverse=True)
    text = render_text(answer)
    assert text.startswith(answer.answer) and "\nClosest:\n" in text
    assert best["location"] == {"line_start": 1, "line_end": 5}  # the Markdown file's lines
    assert (f"Salary bands (salaries.md, lines 1-5): answerability {best['answerability']:.2f}, relevance {best['relevance']:.2f}, "
            f"rank score {best['score']:.4f}") in text


def test_a_restricted_document_is_never_among_the_closest_for_a_caller_without_its_group(tmp_path: Path) -> None:
    engine = strict_engine(tmp_path)
    # for an HR caller the salary document is the closest passage ...
    assert engine.ask(SALARY_Q, groups=["hr"]).closest[0].doc_id == "salaries.md"
    # ... and a public caller is shown only what it may read
    public = engine.ask(SALARY_Q)
    assert public.abstained and public.closest
    assert {c.doc_id for c in public.closest} == {"refunds.md"}
    dumped = json.dumps(public.to_json())
    assert "salaries.md" not in dumped and "Salary bands" not in dumped and "86,000" not in dumped
    assert "salaries" not in render_text(public).lower()


def test_closest_is_empty_when_nothing_was_retrieved_and_absent_on_an_answer(tmp_path: Path) -> None:
    store = open_store(tmp_path / "empty")
    searcher = Searcher(store, embedder=HashingEmbedder(), reranker=KeywordReranker())
    empty = Citadel(store, backend=FakeGenerator(), searcher=searcher)
    nothing = empty.ask(SALARY_Q)
    assert nothing.abstained and nothing.to_json()["closest"] == []
    assert render_text(nothing) == nothing.answer  # no "Closest:" heading over nothing

    def cite(request: GenerationRequest) -> str:
        sid = next(s.sid for s in request.sources if s.doc_id == "refunds.md")
        claim = {"citations": [{"source_id": sid, "quote": QUOTE}], "text": QUOTE}
        return json.dumps({"abstained": False, "claims": [claim]})

    answered = strict_engine(tmp_path / "a", FakeGenerator(respond=cite), threshold=0.0).ask(REFUND_Q)
    assert not answered.abstained and list(answered.to_json()) == ANSWER_KEYS


def test_the_http_answer_carries_closest_exactly_like_the_cli(tmp_path: Path) -> None:
    engine = fast_engine(tmp_path)
    try:
        with running(create_app(engine, KEYS)) as server:
            public = server.with_key(PUB).post("/v1/ask", {"question": SALARY_Q}).json()
            assert public["abstained"] and list(public) == [*ANSWER_KEYS, "closest"]
            assert public["closest"] and all(list(c) == CLOSEST_KEYS for c in public["closest"])
            assert "salaries.md" not in json.dumps(public)
            answered = server.with_key(HR).post("/v1/ask", {"question": SALARY_Q}).json()
            assert not answered["abstained"] and list(answered) == ANSWER_KEYS  # no closest on an answer
    finally:
        engine.close()


# --- human output: each claim once -----------------------------------------------------------


def source(sid: str, text: str, section: str = "Refund policy > Plans") -> SourceOut:
    return SourceOut(chunk_id=f"refunds.md#x/{sid}", doc_id="refunds.md", version=1, title="Refund policy",
                     page=None, start=0, end=len(text), text=text, section=section)  # fmt: skip


def answered(claims: list[tuple[str, str, str]], sources: dict[str, SourceOut]) -> Answer:
    out = [
        ClaimOut(text=text, verdict="supported", citations=[CitationOut(source_id=sid, quote=q, start=0, end=len(q))])
        for text, sid, q in claims
    ]
    return Answer(question="q", abstained=False, abstention_reason=None, answer="", claims=out, sources=sources,
                  trace_id="t")  # fmt: skip


def test_render_text_prints_a_verbatim_claim_once_and_a_paraphrase_with_its_quote() -> None:
    paraphrase = "Refunds reach the card they were paid with."
    card = "Refunds always go back to the original card."
    answer = answered(
        [(QUOTE, "S1", QUOTE), (paraphrase, "S1", card)],
        {"S1": source("S1", f"{QUOTE} {card}", "Refund policy > Processing time")},
    )
    text = render_text(answer)
    assert text.count("processed within five business days") == 1
    assert "Approved refunds are processed within five business days [1]." in text
    assert f"{paraphrase.rstrip('.')} [2]." in text and f'"{card}"' in text  # the quote that differs is shown
    assert "[1] Refund policy (refunds.md, Processing time, v1)" in text  # the title is not repeated as a section
    assert "[2] Refund policy (refunds.md, Processing time, v1)" in text


def test_render_text_shows_table_rows_as_aligned_columns() -> None:
    row = "Plan: Enterprise; Price: $24,000 per year; Refund window: 30 days"
    rows = "Plan: Starter; Price: $19; Refund window: 14 days\nPlan: Team; Price: $49 per user; Refund window: 30 days"
    answer = answered(
        [("The Enterprise refund window is 30 days.", "S1", row), ("Starter and Team windows.", "S2", rows)],
        {"S1": source("S1", row), "S2": source("S2", rows)},
    )
    lines = render_text(answer).splitlines()
    head = lines.index("    Plan        Price             Refund window")
    assert lines[head + 1] == "    Enterprise  $24,000 per year  30 days"
    team = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Plan ") and i > head + 1)
    assert lines[team + 1].index("$19") == lines[team].index("Price") == lines[team + 2].index("$49 per user")
    assert lines[team + 2].index("30 days") == lines[team].index("Refund window")
    assert "Plan: Enterprise;" not in "\n".join(lines)  # the row is shown once, as columns


@pytest.fixture(scope="module")
def samples_store(tmp_path_factory: pytest.TempPathFactory) -> str:
    store = str(tmp_path_factory.mktemp("samples") / "store")
    result = subprocess.run([*CITADEL, "--store", store, "ingest", str(SAMPLES)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return store


def cli(store: str, *args: str) -> str:
    result = subprocess.run([*CITADEL, "--store", store, *args], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_cli_prints_each_claim_once_with_the_default_models(samples_store: str) -> None:
    question = "How long does it take to process a refund?"
    data = json.loads(cli(samples_store, "ask", question, "--json"))
    assert not data["abstained"] and data["claims"]
    people = cli(samples_store, "ask", question)
    for claim in data["claims"]:
        assert people.count(claim["text"].rstrip(".")) == 1, people
    assert "five business days [1]." in people
    footnotes = [line for line in people.splitlines() if line.startswith("[")]
    assert footnotes[0].startswith("[1] Refund and Cancellation Policy (refund-policy.md, ")
    assert len(footnotes) == len({(c["source_id"], c["quote"]) for cl in data["claims"] for c in cl["citations"]})


def test_the_cli_abstention_shows_the_closest_passages_with_the_default_models(samples_store: str) -> None:
    question = "Which airline do employees fly to the annual conference?"
    data = json.loads(cli(samples_store, "ask", question, "--json"))
    assert data["abstained"] and 1 <= len(data["closest"]) <= 3
    assert all(list(c) == CLOSEST_KEYS for c in data["closest"])
    assert all(c["relevance"] < 0.621 for c in data["closest"])  # under the default threshold
    people = cli(samples_store, "ask", question)
    first = data["closest"][0]
    assert "Closest:" in people and f"{first['title']} ({first['doc_id']}" in people


def test_search_shows_the_score_it_sorts_by_and_labels_relevance_apart(samples_store: str) -> None:
    query = "How long does it take to process a refund?"
    hits = json.loads(cli(samples_store, "search", query, "--k", "3", "--json"))
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
    people = cli(samples_store, "search", query, "--k", "3")
    assert "Best first by sort score (hybrid" in people
    for hit in hits:
        assert f"sort score {hit['score']:.4f} | relevance {hit['relevance']:.2f}" in people
    plain = cli(samples_store, "search", query, "--k", "2", "--mode", "bm25")
    assert "sort score" in plain and "relevance" not in plain.split("\n\n", 1)[1]  # not reranked: no relevance


# --- no list markers or heading marks in claims ----------------------------------------------


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("- Refunds take five days.", "Refunds take five days."),
        ("* Refunds take five days.", "Refunds take five days."),
        ("• Refunds take five days.", "Refunds take five days."),
        ("•Refunds take five days.", "Refunds take five days."),
        ("3. Select Request refund.", "Select Request refund."),
        ("## Processing time", "Processing time"),
        ("# 1. Sign in", "Sign in"),
        ("Refunds take 3.5 days - usually.", "Refunds take 3.5 days - usually."),
        ("*Refunds* take five days.", "*Refunds* take five days."),
        ("-", "-"),
    ],
)
def test_claim_text_strips_only_leading_markers(raw: str, clean: str) -> None:
    assert claim_text(raw) == clean


@pytest.fixture
def marker_engine(tmp_path: Path) -> Iterator[Citadel]:
    def cite(request: GenerationRequest) -> str:
        sid = next(s.sid for s in request.sources if s.doc_id == "refunds.md")
        claim = {"citations": [{"source_id": sid, "quote": QUOTE}], "text": f"- {QUOTE}"}
        return json.dumps({"abstained": False, "claims": [claim]})

    engine = strict_engine(tmp_path, FakeGenerator(respond=cite), threshold=0.0)
    yield engine
    engine.close()


def test_a_list_marker_never_reaches_the_claim_but_the_quote_keeps_its_offsets(marker_engine: Citadel) -> None:
    answer = marker_engine.ask(REFUND_Q)
    assert not answer.abstained, answer
    [claim] = answer.claims
    assert claim.text == QUOTE and not answer.answer.startswith("-")
    [citation] = claim.citations
    assert citation.quote == QUOTE
    assert marker_engine.store.text("refunds.md")[citation.start : citation.end] == QUOTE
    text = render_text(answer)
    assert text.startswith("Approved refunds") and "- Approved" not in text


def test_render_text_strips_markers_from_claims_made_elsewhere() -> None:
    answer = answered([("## Refund windows by plan", "S1", "Refund windows by plan")],
                      {"S1": source("S1", "Refund windows by plan")})  # fmt: skip
    assert render_text(answer).splitlines()[0] == "Refund windows by plan [1]"


def test_closest_out_is_part_of_the_public_models() -> None:
    c = ClosestOut(title="T", doc_id="d", chunk_id="d#x/1", page=2, relevance=0.5, score=0.01)
    answer = Answer(question="q", abstained=True, abstention_reason="no_evidence", answer="No.", claims=[],
                    sources={}, trace_id="t", closest=[c])  # fmt: skip
    assert answer.to_json()["closest"] == [c.model_dump()]
    assert "T (d, page 2): relevance 0.50, rank score 0.0100" in render_text(answer)
