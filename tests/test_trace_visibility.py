"""A trace is as restricted as the text it read: its visibility comes from each document's
groups *as read* by the request, never loosened by a delete or a re-ingest that lands while
the request runs (seconds, with an LLM backend)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from citadel.engine import Citadel
from citadel.generate import FakeGenerator
from citadel.generate.backends import GenerationRequest
from citadel.ingest import ingest
from citadel.retrieve import HashingEmbedder
from citadel.store import ADMIN, SearchFilter, Store, TraceQuery
from citadel.store.traces import access
from citadel.trace import Trace
from tests.serve_support import fast_engine, quote_question_source

PUBLIC = SearchFilter(groups=frozenset())


@pytest.fixture
def store(any_store: Store) -> Store:
    """Every test here runs on each kind of store (SQLite and PostgreSQL)."""
    return any_store
HR = SearchFilter(groups=frozenset({"hr"}))
QUESTION = "What is the L5 staff engineer salary band?"


def engine_with(tmp_path: Path, during: Callable[[Citadel], object]) -> Citadel:
    """The deterministic serve engine, whose generator runs ``during(engine)`` before answering."""
    base = fast_engine(tmp_path)
    holder: list[Citadel] = []

    def respond(request: GenerationRequest) -> str:
        during(holder[0])
        return quote_question_source(request)

    engine = Citadel(base.store, backend=FakeGenerator(respond=respond), searcher=base.searcher,
                     verifier=base.verifier, settings=base.settings)  # fmt: skip
    holder.append(engine)
    return engine


def ask_hr(engine: Citadel) -> str:
    answer = engine.ask(QUESTION, groups=["hr"], caller="hr-key")
    assert "86,000" in json.dumps(answer.to_json())  # the answer quotes the restricted document
    assert answer.trace_stored
    return answer.trace_id


def assert_hr_only(store: Store, trace_id: str) -> None:
    assert store.get_trace(trace_id, PUBLIC) is None
    assert trace_id not in [t["trace_id"] for t in store.list_traces(PUBLIC)]
    assert trace_id not in [t["trace_id"] for t in store.list_traces(PUBLIC, TraceQuery(doc_id="salaries.md"))]
    seen = store.get_trace(trace_id, HR)
    assert seen is not None and "86,000" in json.dumps(seen["evidence"])
    assert trace_id in [t["trace_id"] for t in store.list_traces(HR)]
    assert store.get_trace(trace_id, ADMIN) is not None


def test_a_document_deleted_during_the_ask_leaves_the_trace_restricted(tmp_path: Path) -> None:
    engine = engine_with(tmp_path, lambda e: e.store.delete("salaries.md"))
    trace_id = ask_hr(engine)
    assert engine.store.current("salaries.md") is None  # the delete did land mid-ask
    assert_hr_only(engine.store, trace_id)


def test_a_document_reingested_as_public_during_the_ask_leaves_the_trace_restricted(tmp_path: Path) -> None:
    def make_public(e: Citadel) -> None:
        report = ingest(e.store, [tmp_path / "corpus" / "hr"], groups=(), embedder=HashingEmbedder())
        assert report.updated == 1

    engine = engine_with(tmp_path, make_public)
    trace_id = ask_hr(engine)
    now = engine.store.current("salaries.md")
    assert now is not None and now.groups == () and now.version == 2  # public now
    assert_hr_only(engine.store, trace_id)
    # a public question asked now reads the public version, and its trace is public
    later = Citadel(engine.store, backend=FakeGenerator(respond=quote_question_source), searcher=engine.searcher,
                    verifier=engine.verifier, settings=engine.settings).ask(QUESTION)  # fmt: skip
    assert engine.store.get_trace(later.trace_id, PUBLIC) is not None


def test_a_document_restricted_during_the_ask_makes_the_trace_stricter(tmp_path: Path) -> None:
    """Public as read, hr when the trace is written: the stricter groups win."""
    def restrict(e: Citadel) -> None:
        ingest(e.store, [tmp_path / "corpus" / "pub"], groups=["hr"], embedder=HashingEmbedder())

    engine = engine_with(tmp_path, restrict)
    answer = engine.ask("How long are refunds processed?")
    assert answer.sources and all(s.doc_id == "refunds.md" for s in answer.sources.values())
    assert engine.store.get_trace(answer.trace_id, PUBLIC) is None
    assert engine.store.get_trace(answer.trace_id, HR) is not None


def test_hits_carry_the_groups_read_with_their_text(tmp_path: Path) -> None:
    engine = fast_engine(tmp_path)
    hits = engine.store.keyword_search("salary band engineer", 5, HR)
    assert {(h.chunk.doc_id, h.groups) for h in hits} == {("salaries.md", ("hr",))}
    result = engine.search("refunds original card", k=3, groups=["hr"])
    assert result.hits and {h.doc_id: h.groups for h in result.hits}.get("refunds.md") == ()
    assert "groups" not in result.hits[0].to_json()  # the search output is unchanged
    vector = HashingEmbedder().embed_queries(["salary band"])[0]
    dense = engine.store.dense_search(vector, 5, HR)
    assert {h.chunk.doc_id: h.groups for h in dense} == {"refunds.md": (), "salaries.md": ("hr",)}


def test_a_trace_without_groups_as_read_falls_back_to_the_strictest(tmp_path: Path) -> None:
    """A retriever that does not report groups: current groups decide; a document that is gone
    and was never seen with groups is visible to unrestricted callers only."""
    engine = fast_engine(tmp_path)
    store = engine.store
    trace = Trace.start("q?", ["hr"], "fake")
    trace.record_retrieval([{"chunk_id": "gone.md/1", "doc_id": "gone.md", "version": 1}], [])
    store.add_trace(trace)
    assert store.get_trace(trace.trace_id, HR) is None and store.get_trace(trace.trace_id, PUBLIC) is None
    assert store.get_trace(trace.trace_id, ADMIN) is not None
    current = Trace.start("q?", ["hr"], "fake")
    current.record_retrieval([{"chunk_id": "x", "doc_id": "salaries.md", "version": 1}], [])
    store.add_trace(current)
    assert store.get_trace(current.trace_id, PUBLIC) is None and store.get_trace(current.trace_id, HR) is not None


@pytest.mark.parametrize(
    ("as_read", "current", "expected"),
    [
        ([[]], [], ([], True)),  # public then and now
        ([[]], None, ([], True)),  # public as read, deleted since
        ([["hr"]], None, (["hr"], False)),  # restricted as read, deleted since
        ([["hr"]], [], (["hr"], False)),  # restricted as read, public now
        ([[]], ["hr"], (["hr"], False)),  # public as read, restricted now
        ([["hr", "exec"]], ["hr"], (["hr"], False)),  # a caller must satisfy both
        ([["hr"]], ["exec"], ([], False)),  # nothing in common: unrestricted callers only
        ([["hr"], []], [], (["hr"], False)),  # read twice (two versions): the restricted one counts
        ([], None, ([], False)),  # never known and gone
        ([], ["hr"], (["hr"], False)),
    ],
)
def test_access_is_never_looser_than_any_groups_seen(
    as_read: list[list[str]], current: list[str] | None, expected: tuple[list[str], bool]
) -> None:
    assert access(as_read, current) == expected

