"""Bulk loading (``Store.import_documents``, what ``citadel copy`` writes with): many documents
per transaction must leave exactly what one transaction per document leaves (content, BM25
statistics per access partition, vectors), keep each batch whole or not at all, and on
PostgreSQL end with the HNSW index built. Runs on both stores (``any_store``)."""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from pathlib import Path

import pytest

from citadel._errors import StoreError
from citadel.ingest import ingest
from citadel.retrieve.embedders import HashingEmbedder
from citadel.store import Store, open_store
from citadel.store.base import ADMIN, DocumentRecord, SearchFilter
from citadel.store.copy import digest

PUBLIC = SearchFilter()
HR = SearchFilter(groups=frozenset({"hr"}))
TOPICS = ["refunds take ten days", "salary bands rise yearly", "badges open the lab", "printers jam on Mondays"]


def source_records(tmp_path: Path) -> tuple[list[DocumentRecord], dict[str, object], dict[str, object]]:
    """Fourteen documents, public and hr, one of them in two versions, all with vectors."""
    store = open_store(tmp_path / "source")
    for group in ("pub", "hr"):
        folder = tmp_path / group
        folder.mkdir()
        for i in range(7):
            topic = TOPICS[i % len(TOPICS)]
            (folder / f"{group}{i}.md").write_text(f"# Note {i}\n\nIn {group}, {topic}; note {i} says so.\n\n"
                                                   f"## Detail\n\nThe {topic.split()[0]} detail {i}.\n")  # fmt: skip
        ingest(store, [folder], groups=["hr"] if group == "hr" else [], embedder=HashingEmbedder())
    (tmp_path / "pub" / "pub0.md").write_text("# Note 0\n\nRefunds now take five days.\n")
    ingest(store, [tmp_path / "pub" / "pub0.md"], embedder=HashingEmbedder())
    records = list(store.export_documents())
    config = store.config_items()
    content = digest(store)
    store.close()
    return records, config, content


def searches(store: Store) -> list[object]:
    vector = HashingEmbedder().embed_queries(["salary bands"])[0]
    out: list[object] = []
    for where in (PUBLIC, HR, ADMIN):
        for query in ("refunds days", "salary bands yearly", "detail", "badges lab printers"):
            out.append([(h.chunk.chunk_id, round(h.score, 9)) for h in store.keyword_search(query, 8, where)])
        # (HNSW picks freely among chunks tied at cosine 0: only the ones that match are compared)
        out.append([(h.chunk.chunk_id, round(h.score, 6)) for h in store.dense_search(vector, 5, where)
                    if h.score > 1e-6])  # fmt: skip
    return out


def store_module(store: Store) -> object:
    return importlib.import_module(type(store).__module__)


def test_a_bulk_load_leaves_what_one_document_per_transaction_leaves(
    tmp_path: Path, any_store: Store, new_store_location: Callable[[str], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    records, config, content = source_records(tmp_path)
    monkeypatch.setattr(store_module(any_store), "IMPORT_BATCH", 4)
    if hasattr(store_module(any_store), "EXPORT_BATCH"):  # PostgreSQL reads documents back in pages
        monkeypatch.setattr(store_module(any_store), "EXPORT_BATCH", 3)
    # pub1 comes again inside the third batch: the second write replaces the first
    again = next(r for r in records if r.document.doc_id == "pub1.md")
    loaded = [*records[:9], again, *records[9:]]
    any_store.set_config("embedding", config["embedding"])
    committed: list[str] = []
    assert any_store.import_documents(loaded, on_each=lambda r: committed.append(r.document.doc_id)) == len(loaded)
    assert committed == [r.document.doc_id for r in loaded]
    with open_store(new_store_location("one-by-one")) as reference:
        reference.set_config("embedding", config["embedding"])
        for record in records:
            reference.import_document(record)
        assert digest(any_store) == digest(reference) == content  # content: the SQLite source's
        assert searches(any_store) == searches(reference)  # the same BM25 statistics, partition by partition
    public_hits = {h.chunk.doc_id for h in any_store.keyword_search("salary bands", 8, PUBLIC)}
    assert public_hits and all(d.startswith("pub") for d in public_hits)  # hr stays hr
    if hasattr(any_store, "url"):  # PostgreSQL: the HNSW index dropped for the load is back
        import psycopg

        with psycopg.connect(any_store.url) as conn:
            names = [r[0] for r in conn.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'chunk_vectors'")]
        assert "chunk_vectors_hnsw" in names


def test_a_failing_batch_keeps_the_batches_before_it_and_nothing_of_itself(
    tmp_path: Path, any_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    records, config, _ = source_records(tmp_path)
    monkeypatch.setattr(store_module(any_store), "IMPORT_BATCH", 4)
    victim = records[5]  # in the second batch: its first chunk takes another document's chunk id
    clash = victim.chunks[0].model_copy(update={"chunk_id": records[0].chunks[0].chunk_id})
    broken = dataclasses.replace(victim, chunks=(clash, *victim.chunks[1:]))
    any_store.set_config("embedding", config["embedding"])
    committed: list[str] = []
    with pytest.raises(StoreError):
        any_store.import_documents([*records[:5], broken, *records[6:]],
                                   on_each=lambda r: committed.append(r.document.doc_id))  # fmt: skip
    first_batch = [r.document.doc_id for r in records[:4]]
    assert committed == first_batch
    assert [d.doc_id for d in any_store.documents(ADMIN)] == sorted(first_batch)
    for record in records[:4]:  # each kept document whole
        assert [c.chunk_id for c in any_store.chunks(record.document.doc_id)] == [c.chunk_id for c in record.chunks]


def test_the_index_build_and_vacuum_of_a_bulk_load_run_without_the_statement_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request's statement may run two minutes; building the HNSW index over a million
    vectors takes longer, and must not be cancelled (it was, at 1M chunks). Every other
    statement keeps the limit, on every pooled connection, before and after the load."""
    from citadel.store import postgres

    from .pg_support import fresh_database, postgres_url

    records, config, content = source_records(tmp_path)
    monkeypatch.setattr(postgres, "IMPORT_BATCH", 4)
    seen: list[str] = []
    build = postgres.PostgresStore._create_index

    def recording(self: postgres.PostgresStore, cur: object, dim: int) -> None:
        seen.append(cur.execute("SHOW statement_timeout").fetchone()[0])  # type: ignore[attr-defined]
        build(self, cur, dim)

    monkeypatch.setattr(postgres.PostgresStore, "_create_index", recording)
    with open_store(fresh_database(postgres_url())) as store:
        store.set_config("embedding", config["embedding"])
        assert store.import_documents(records) == len(records)
        assert seen == ["0"]  # the index build: no limit
        assert digest(store) == content
        limits = {store._read("SHOW statement_timeout")[0][0] for _ in range(8)}  # type: ignore[attr-defined]
        assert limits == {"2min"}  # requests (and the connection that vacuumed) keep theirs
