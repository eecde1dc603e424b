"""Store hardening: every earlier schema upgrades, write failures are StoreErrors, a failed
audit write is visible, a key can read only its own traces, and a failed model is retried
after a back-off."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import numpy as np
import pytest

from citadel._errors import BackendError, StoreError
from citadel.engine import Citadel
from citadel.generate import FakeGenerator
from citadel.ingest import ingest
from citadel.pipeline import AskSettings
from citadel.retrieve import HashingEmbedder, KeywordReranker, Reranker, Searcher
from citadel.store import ADMIN, SearchFilter, Store, TraceQuery, open_store
from citadel.store.migrations import MIGRATIONS
from citadel.trace import Trace
from tests.retrieve_fixtures import PUBLIC_DOCS, ingest_records
from tests.serve_support import fast_engine, quote_question_source

PUBLIC = SearchFilter()
HR = SearchFilter(groups=frozenset({"hr"}))
FIXTURES = Path(__file__).parent / "fixtures" / "stores"
#: Each schema a released citadel could have left on disk: the frozen SQL that made it
#: (tests/fixtures/stores/*.sql, copied from the commits named there) and its user_version.
SCHEMAS: dict[str, tuple[int, list[str]]] = {
    "v1": (1, ["m1.sql", "data.sql"]),
    "v2": (2, ["m1.sql", "m2.sql", "data.sql"]),
    "v3": (3, ["m1.sql", "m2.sql", "m3.sql", "data.sql", "trace.sql"]),
    "v3-edited": (3, ["m1.sql", "m2.sql", "m3_usage.sql", "data.sql", "trace.sql"]),
}
LEGACY_TRACE = "20261130T120000-legacy000001"
DOCS = cast(list[dict[str, Any]], PUBLIC_DOCS)


def old_store(folder: Path, schema: str) -> Path:
    """A store folder as the release with ``schema`` left it."""
    version, scripts = SCHEMAS[schema]
    folder.mkdir(parents=True)
    db = sqlite3.connect(folder / "citadel.db")
    for script in scripts:
        db.executescript((FIXTURES / script).read_text())
    db.execute(f"PRAGMA user_version = {version}")
    db.commit()
    db.close()
    return folder


def layout(path: Path) -> dict[str, set[str]]:
    """Every table's columns and every index's name (FTS shadow tables aside)."""
    db = sqlite3.connect(path)
    try:
        names = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'fts_%'")]
        out = {t: {row[1] for row in db.execute(f"PRAGMA table_info({t})")} for t in names}
        out["<indexes>"] = {n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        out["<user_version>"] = {str(db.execute("PRAGMA user_version").fetchone()[0])}
        return out
    finally:
        db.close()


def fake_engine(store: Store, generator: FakeGenerator | None = None) -> Citadel:
    searcher = Searcher(store, embedder=HashingEmbedder(), reranker=KeywordReranker())
    backend = generator or FakeGenerator(respond=quote_question_source)
    return Citadel(store, backend=backend, searcher=searcher, settings=AskSettings(abstain_threshold=0.0))


# --- migrations ------------------------------------------------------------------------------


@pytest.mark.parametrize("schema", sorted(SCHEMAS))
def test_every_earlier_schema_upgrades_and_then_ingests_asks_and_logs(tmp_path: Path, schema: str) -> None:
    folder = old_store(tmp_path / "old", schema)
    fresh = open_store(tmp_path / "fresh")
    fresh.close()
    store = open_store(folder)
    try:
        assert layout(folder / "citadel.db") == layout(tmp_path / "fresh" / "citadel.db")
        assert layout(folder / "citadel.db")["<user_version>"] == {str(len(MIGRATIONS))}
        # the old content survived and is still access-controlled
        assert [h.chunk.doc_id for h in store.keyword_search("boiler house", 5, PUBLIC)] == ["legacy.md"]
        assert {h.chunk.doc_id for h in store.keyword_search("boiler house", 5, HR)} == {"legacy.md", "legacy-hr.md"}
        # new content, a question and its trace
        doc = tmp_path / "new" / "refunds.md"
        doc.parent.mkdir()
        doc.write_text("# Refunds\n\nApproved refunds are processed within five business days.")
        assert ingest(store, [doc.parent], embedder=HashingEmbedder()).added == 1
        answer = fake_engine(store).ask("How long are refunds processed?", caller="alice")
        assert answer.trace_stored and not answer.abstained
        trace = store.get_trace(answer.trace_id, PUBLIC, caller="alice")
        assert trace is not None and trace["usage"] == [{}] and trace["answer"]["answer"] == answer.answer
        if "trace.sql" in SCHEMAS[schema][1]:  # a trace logged before the upgrade is still readable
            legacy = store.get_trace(LEGACY_TRACE, HR)
            assert legacy is not None and legacy["usage"] == [] and legacy["question"] == "When is the bonus paid?"
            assert store.get_trace(LEGACY_TRACE, PUBLIC) is None
    finally:
        store.close()


def test_migration_4_runs_once_and_reopening_changes_nothing(tmp_path: Path) -> None:
    folder = old_store(tmp_path / "s", "v3-edited")
    open_store(folder).close()
    first = layout(folder / "citadel.db")
    open_store(folder).close()
    assert layout(folder / "citadel.db") == first


# --- write failures ----------------------------------------------------------------------------


def sabotage(store_dir: Path, sql: str) -> None:
    """Install ``sql`` (triggers, tables) from a second connection, as another process could."""
    db = sqlite3.connect(store_dir / "citadel.db")
    db.executescript(sql)
    db.close()


def test_a_failed_write_inside_the_transaction_is_a_store_error_and_rolls_back(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s")
    ingest_records(store, tmp_path, DOCS)
    before = store.generation()
    sabotage(tmp_path / "s", """
        CREATE TRIGGER no_docs BEFORE INSERT ON documents BEGIN SELECT RAISE(ABORT, 'documents are frozen'); END;
        CREATE TRIGGER no_delete BEFORE DELETE ON documents BEGIN SELECT RAISE(ABORT, 'documents are frozen'); END;
        CREATE TRIGGER no_config BEFORE INSERT ON config BEGIN SELECT RAISE(ABORT, 'config is frozen'); END;
        CREATE TRIGGER no_traces BEFORE INSERT ON traces BEGIN SELECT RAISE(ABORT, 'the audit log is full'); END;
    """)  # fmt: skip
    doc = tmp_path / "d" / "new.md"
    doc.parent.mkdir()
    doc.write_text("# New\n\nA new document.")
    with pytest.raises(StoreError, match="documents are frozen"):
        ingest(store, [doc.parent], embedder=HashingEmbedder())
    with pytest.raises(StoreError, match="documents are frozen"):
        store.delete("desk")
    with pytest.raises(StoreError, match="config is frozen"):
        store.set_config("x", 1)
    with pytest.raises(StoreError, match="the audit log is full"):
        store.add_trace(Trace.start("q?", [], "fake"))
    # all rolled back: nothing half-written, and the store still works
    assert store.current("new.md") is None and store.current("desk") is not None
    assert store.keyword_search("help desk", 3, PUBLIC)[0].chunk.doc_id == "desk"
    assert store.generation() == before and store.get_config("x") is None
    sabotage(tmp_path / "s", "DROP TRIGGER no_config;")
    store.set_config("x", 2)
    assert store.get_config("x") == 2


def test_a_failure_at_commit_is_a_store_error_and_rolls_back(tmp_path: Path) -> None:
    """A deferred foreign key is checked at COMMIT, so the COMMIT itself fails."""
    store = open_store(tmp_path / "s")
    sabotage(tmp_path / "s", """
        CREATE TABLE parent (id INTEGER PRIMARY KEY);
        CREATE TABLE child (pid INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
        CREATE TRIGGER orphan AFTER INSERT ON config BEGIN INSERT INTO child VALUES (42); END;
    """)  # fmt: skip
    with pytest.raises(StoreError, match="FOREIGN KEY"):
        store.set_config("x", 1)
    assert store.get_config("x") is None
    sabotage(tmp_path / "s", "DROP TRIGGER orphan;")
    store.set_config("x", 3)
    assert store.get_config("x") == 3


# --- a failed audit write is visible ---------------------------------------------------------


def test_a_failed_audit_write_is_marked_on_the_answer_and_counted_on_the_engine(tmp_path: Path) -> None:
    engine = fast_engine(tmp_path)
    ok = engine.ask("How long are refunds processed?")
    assert ok.trace_stored and engine.audit_failures == 0
    keys = ["question", "abstained", "abstention_reason", "answer", "claims", "sources", "trace_id"]
    assert list(ok.to_json()) == [*keys, "trace_stored"] and ok.to_json()["trace_stored"] is True
    sabotage(tmp_path / "store", "CREATE TRIGGER full BEFORE INSERT ON traces BEGIN SELECT RAISE(ABORT, 'full'); END;")
    failed = engine.ask("How long are refunds processed?")
    assert not failed.abstained and failed.answer == ok.answer  # the answer is not lost
    assert failed.trace_stored is False and failed.to_json()["trace_stored"] is False
    assert engine.store.get_trace(failed.trace_id) is None
    engine.ask("Where do refunds go?", backend=None)
    assert engine.audit_failures == 2  # one count over the engine's pipelines
    assert engine.pipeline().audit_failures == 2


# --- a key's own traces ----------------------------------------------------------------------


def test_get_trace_can_be_restricted_to_one_caller(tmp_path: Path) -> None:
    engine = fast_engine(tmp_path)
    alice = engine.ask("How long are refunds processed?", caller="alice")
    bob = engine.ask("How long are refunds processed?", caller="bob")
    hr = engine.ask("What is the L5 staff engineer salary band?", groups=["hr"], caller="carol")
    store = engine.store
    assert store.get_trace(alice.trace_id, PUBLIC, caller="alice") is not None
    assert store.get_trace(alice.trace_id, PUBLIC, caller="bob") is None
    assert store.get_trace(bob.trace_id, PUBLIC, caller="bob") is not None
    assert store.get_trace(alice.trace_id, PUBLIC) is not None  # an admin key: every caller's
    assert store.get_trace(hr.trace_id, PUBLIC) is None  # ... but never one it cannot read
    assert store.get_trace(hr.trace_id, HR, caller="carol") is not None
    assert store.get_trace(hr.trace_id, ADMIN, caller="alice") is None
    listed = store.list_traces(PUBLIC, TraceQuery(caller="alice"))
    assert [t["trace_id"] for t in listed] == [alice.trace_id]


def test_listing_one_callers_traces_uses_the_caller_index(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s")
    db = sqlite3.connect(tmp_path / "s" / "citadel.db")
    plan = " ".join(str(r) for r in db.execute(
        "EXPLAIN QUERY PLAN SELECT trace_id FROM traces t WHERE t.caller = ? ORDER BY t.created_at DESC", ("a",)
    ))  # fmt: skip
    db.close()
    store.close()
    assert "traces_caller" in plan


# --- a failed model is retried after a back-off ------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class FlakyEmbedder(HashingEmbedder):
    """Embeds passages; fails its first ``failures`` query batches, then works."""

    def __init__(self, failures: int) -> None:
        super().__init__()
        self.failures, self.calls = failures, 0

    def embed_queries(self, queries: Sequence[str]) -> np.ndarray:
        self.calls += 1
        if self.calls <= self.failures:
            raise BackendError("onnxruntime: transient failure")
        return super().embed_queries(queries)


class FlakyReranker(Reranker):
    name = "flaky"

    def __init__(self, failures: int) -> None:
        self.inner, self.failures, self.calls = KeywordReranker(), failures, 0

    def _score(self, query: str, passages: list[str]) -> np.ndarray:
        self.calls += 1
        if self.calls <= self.failures:
            raise BackendError("onnxruntime: transient failure")
        return self.inner.score(query, passages)


def test_a_failed_embedder_is_retried_after_a_growing_back_off(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s")
    ingest_records(store, tmp_path, DOCS)
    clock, embedder = Clock(), FlakyEmbedder(failures=2)
    s = Searcher(store, embedder=embedder, reranker=KeywordReranker(), clock=clock)
    first = s.search("visitors park", k=3)
    assert first.mode == "bm25" and first.hits[0].doc_id == "parking"
    assert any(n.startswith("dense search unavailable (") and n.endswith("retrying in 5 s") for n in first.notes)
    clock.now += 4
    assert any(n.endswith("retrying in 1 s") for n in s.search("visitors park", k=3).notes)
    assert embedder.calls == 1  # not retried during the back-off
    clock.now += 1
    second = s.search("visitors park", k=3)  # retried, fails again: twice the wait
    assert embedder.calls == 2 and any(n.endswith("retrying in 10 s") for n in second.notes)
    clock.now += 10
    third = s.search("visitors park", k=3)
    assert third.mode == "hybrid" and not third.notes and embedder.calls == 3


def test_a_failed_reranker_is_retried_after_the_back_off(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s")
    ingest_records(store, tmp_path, DOCS)
    clock, reranker = Clock(), FlakyReranker(failures=1)
    s = Searcher(store, embedder=HashingEmbedder(), reranker=reranker, clock=clock)
    first = s.search("help desk weekday", k=3)
    assert not first.reranked
    assert any(n.startswith("reranker unavailable (") and n.endswith("retrying in 5 s") for n in first.notes)
    assert s.reranker is None  # evidence selection and the extractive backend wait too
    clock.now += 5
    assert s.reranker is reranker
    again = s.search("help desk weekday", k=3)
    assert again.reranked and not again.notes and again.hits[0].relevance is not None


def test_the_back_off_is_capped_at_five_minutes(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s")
    ingest_records(store, tmp_path, DOCS)
    clock = Clock()
    s = Searcher(store, embedder=FlakyEmbedder(failures=100), reranker=KeywordReranker(), clock=clock)
    waits = []
    for _ in range(9):
        note = next(n for n in s.search("visitors park", k=3).notes if n.startswith("dense"))
        waits.append(int(note.rsplit(" ", 2)[1]))
        clock.now += waits[-1]
    assert waits == [5, 10, 20, 40, 80, 160, 300, 300, 300]


def test_a_store_that_gets_vectors_later_gets_dense_search(tmp_path: Path) -> None:
    """'No vectors' is not a failure to wait out: the next search after an ingest uses them."""
    store = open_store(tmp_path / "s")
    s = Searcher(store, embedder=HashingEmbedder(), reranker=KeywordReranker(), clock=Clock())
    assert any("has no vectors" in n for n in s.search("visitors park", k=3).notes)
    ingest_records(store, tmp_path, DOCS)
    assert s.search("visitors park", k=3).mode == "hybrid"


def test_search_output_keys_are_unchanged(tmp_path: Path) -> None:
    """The hit contract, grown only by ``location`` (issue 17), never by the access groups."""
    store = open_store(tmp_path / "s")
    ingest_records(store, tmp_path, DOCS)
    hit = Searcher(store, embedder=HashingEmbedder(), reranker=KeywordReranker()).search("help desk", k=1).hits[0]
    assert hit.groups == ()
    assert json.loads(json.dumps(hit.to_json())).keys() == {
        "chunk_id", "doc_id", "score", "text", "title", "page", "start", "end", "version", "heading_path",
        "relevance", "bm25", "bm25_rank", "dense", "dense_rank", "rerank", "location",
    }  # fmt: skip
