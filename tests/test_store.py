"""The store contract, on every kind of store (SQLite and PostgreSQL): versions, groups,
filters, deletion and keyword search."""

from __future__ import annotations

from pathlib import Path

import pytest

from citadel._errors import NotFoundError, StoreError
from citadel.ingest import ingest
from citadel.store import ADMIN, SearchFilter, Store, open_store

PUBLIC = SearchFilter()


@pytest.fixture
def store(any_store: Store) -> Store:
    """Every test here runs on each kind of store."""
    return any_store

HR = SearchFilter(groups=frozenset({"hr"}))


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def ids(hits) -> list[str]:  # type: ignore[no-untyped-def]
    return [h.chunk.chunk_id for h in hits]


def test_reingest_unchanged_changes_nothing(tmp_path: Path, store: Store) -> None:
    doc = write(tmp_path / "d" / "policy.md", "# Policy\n\nRefunds take five days.")
    first = ingest(store, [doc])
    generation = store.generation()
    before = store.chunks("policy.md")
    second = ingest(store, [doc])
    assert (first.added, second.unchanged, second.added, second.updated) == (1, 1, 0, 0)
    assert store.generation() == generation
    assert store.chunks("policy.md") == before


def test_changed_document_replaces_old_version_everywhere(tmp_path: Path, store: Store) -> None:
    doc = write(tmp_path / "policy.md", "# Policy\n\nRefunds take five days via the zebra desk.")
    ingest(store, [doc])
    write(doc, "# Policy\n\nRefunds take ten days via the billing team.")
    report = ingest(store, [doc])
    assert report.updated == 1
    current = store.current("policy.md")
    assert current is not None and current.version == 2
    assert store.keyword_search("zebra", 10, ADMIN) == []  # stale text is not retrievable
    hits = store.keyword_search("billing", 10, ADMIN)
    assert ids(hits) == ["policy.md#policy/1"] and hits[0].chunk.version == 2
    assert all(c.version == 2 for c in store.chunks("policy.md"))
    assert "zebra" in store.text("policy.md", version=1)  # kept for audit only
    assert "ten days" in store.text("policy.md")


def test_groups_restrict_search_documents_and_chunks(tmp_path: Path, store: Store) -> None:
    write(tmp_path / "pub" / "handbook.md", "# Handbook\n\nSalary reviews happen in March.")
    write(tmp_path / "hr" / "bands.md", "# Bands\n\nSalary band L4 pays EUR 70,000.")
    ingest(store, [tmp_path / "pub"])
    ingest(store, [tmp_path / "hr"], groups=["hr"])
    assert ids(store.keyword_search("salary", 10, PUBLIC)) == ["handbook.md#handbook/1"]
    assert set(ids(store.keyword_search("salary", 10, HR))) == {"handbook.md#handbook/1", "bands.md#bands/1"}
    assert [d.doc_id for d in store.documents(PUBLIC)] == ["handbook.md"]
    assert store.chunks("bands.md", PUBLIC) == []
    assert store.get_chunks(["bands.md#bands/1"], PUBLIC) == []
    assert len(store.get_chunks(["bands.md#bands/1"], HR)) == 1
    other = SearchFilter(groups=frozenset({"finance"}))
    assert ids(store.keyword_search("salary", 10, other)) == ["handbook.md#handbook/1"]


def test_restricted_documents_do_not_change_public_scores(tmp_path: Path, new_store_location) -> None:  # type: ignore[no-untyped-def]
    write(tmp_path / "pub" / "a.md", "# A\n\nThe refund window is thirty days for annual plans.")
    write(tmp_path / "pub" / "b.md", "# B\n\nLaptops ship within three days.")
    with open_store(new_store_location("s1")) as plain, open_store(new_store_location("s2")) as mixed:
        ingest(plain, [tmp_path / "pub"])
        ingest(mixed, [tmp_path / "pub"])
        for i in range(5):
            write(tmp_path / "hr" / f"r{i}.md", f"# R{i}\n\nrefund refund window secret {i}")
        ingest(mixed, [tmp_path / "hr"], groups=["hr"])
        a = plain.keyword_search("refund window", 5, PUBLIC)
        b = mixed.keyword_search("refund window", 5, PUBLIC)
        assert [(h.chunk.chunk_id, h.score) for h in a] == [(h.chunk.chunk_id, h.score) for h in b]
        assert len(mixed.keyword_search("refund window", 50, HR)) == 6


def test_filters_by_doc_id_and_metadata(tmp_path: Path, store: Store) -> None:
    write(tmp_path / "a.md", "---\nteam: billing\ntags: [refunds, cards]\n---\n# A\n\nRefund rules.")
    write(tmp_path / "b.md", "---\nteam: support\n---\n# B\n\nRefund escalation.")
    ingest(store, [tmp_path])
    assert ids(store.keyword_search("refund", 10, SearchFilter(doc_ids=frozenset({"b.md"})))) == ["b.md#b/1"]
    assert ids(store.keyword_search("refund", 10, SearchFilter(metadata={"team": "billing"}))) == ["a.md#a/1"]
    assert ids(store.keyword_search("refund", 10, SearchFilter(metadata={"tags": "cards"}))) == ["a.md#a/1"]
    assert store.keyword_search("refund", 10, SearchFilter(metadata={"team": "legal"})) == []


def test_delete_removes_document_versions_and_chunks(tmp_path: Path, store: Store) -> None:
    ingest(store, [write(tmp_path / "x.md", "# X\n\nUnique quokka text.")])
    assert store.delete("x.md") is True
    assert store.delete("x.md") is False
    assert store.current("x.md") is None and store.chunks("x.md") == []
    assert store.keyword_search("quokka", 5, ADMIN) == []
    with pytest.raises(NotFoundError):
        store.text("x.md")


def test_put_rejects_chunks_that_do_not_match_text(tmp_path: Path, store: Store) -> None:
    ingest(store, [write(tmp_path / "x.md", "# X\n\nSome text.")])
    doc, chunks = store.current("x.md"), store.chunks("x.md")
    assert doc is not None
    bad = doc.model_copy(update={"version": 2, "content_hash": "other"})
    with pytest.raises(StoreError, match="does not match"):
        store.put(bad, "completely different", chunks)
    assert store.current("x.md") == doc  # nothing half-written


def test_config_round_trip_and_persistence(new_store_location) -> None:  # type: ignore[no-untyped-def]
    location = new_store_location("s")
    with open_store(location) as s:
        s.set_config("abstain_threshold", {"value": 0.42})
    with open_store(location) as s:
        assert s.get_config("abstain_threshold") == {"value": 0.42}
        assert s.get_config("missing") is None


def test_keyword_search_handles_punctuation_and_empty_queries(tmp_path: Path, store: Store) -> None:
    ingest(store, [write(tmp_path / "x.md", "# X\n\nThe O'Brien \"quote\" AND OR NOT test.")])
    assert store.keyword_search('"AND OR NOT (', 5, ADMIN)  # FTS syntax in a query is just words
    assert store.keyword_search("  ?? ", 5, ADMIN) == []


def test_generation_moves_with_content_only(tmp_path: Path, store: Store) -> None:
    from citadel.trace import Trace

    start = store.generation()
    store.set_config("x", 1)
    store.add_trace(Trace.start("q?", [], "fake"))
    assert store.generation() == start  # logging and settings do not invalidate search caches
    ingest(store, [write(tmp_path / "g.md", "# G\n\nText.")])
    assert store.generation() == start + 1
    store.delete("g.md")
    assert store.generation() == start + 2
