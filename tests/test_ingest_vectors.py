"""Keyword-first ingest, vectors filled in later (issue 17): ``citadel ingest --no-embed`` makes
documents searchable by keyword at once, ``citadel embed`` adds their vectors, and search says
how many documents the caller may read are not yet in the dense index."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from citadel.cli import _output, cli
from citadel.ingest import ingest
from citadel.ingest.vectors import embed_missing
from citadel.retrieve import Searcher
from citadel.retrieve.embedders import HashingEmbedder
from citadel.retrieve.rerankers import KeywordReranker
from citadel.store import Store, open_store
from citadel.store.base import ChunkVectors, EmbeddingSpec, SearchFilter

from tests.retrieve_fixtures import PUBLIC_DOCS, SECRET_DOC, write_jsonl

PUBLIC = SearchFilter()
HR = SearchFilter(groups=frozenset({"hr"}))


@pytest.fixture
def store(any_store: Store) -> Store:
    """The store tests here run on each kind of store (SQLite and PostgreSQL)."""
    return any_store


def searcher(store: Store) -> Searcher:
    return Searcher(store, embedder=HashingEmbedder(), reranker=KeywordReranker())


def dense_note(notes: tuple[str, ...]) -> str | None:
    return next((n for n in notes if "not in the dense index" in n), None)


def test_no_embed_then_embed_on_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    docs = write_jsonl(tmp_path / "docs.jsonl", PUBLIC_DOCS)
    runner = CliRunner()
    base = ["--store", str(tmp_path / "s")]
    done = runner.invoke(cli, [*base, "ingest", "--no-embed", "--json", str(docs)])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["added"] == 4
    with open_store(tmp_path / "s") as store:
        assert store.embedding_spec() is None and store.count_unembedded() == 4
    searched = runner.invoke(cli, [*base, "search", "--json", "when does the help desk open"])
    assert json.loads(searched.stdout)[0]["doc_id"] == "desk"  # keyword search at once
    assert "note: dense search unavailable (the store has no vectors; run `citadel embed`)" in searched.stderr

    monkeypatch.setattr(_output, "PROGRESS_LINE_EVERY_S", 0.0)
    embedded = runner.invoke(cli, [*base, "embed", "--json"])
    assert embedded.exit_code == 0, embedded.output
    report = json.loads(embedded.stdout)
    assert report["chunks"] == 4 and report["remaining"] == 0 and report["replaced"] == 0
    assert any(ln.startswith("Embedding: 4/4 done") for ln in embedded.stderr.splitlines()), embedded.stderr
    with open_store(tmp_path / "s") as store:
        assert store.embedding_spec() == EmbeddingSpec("bge-small-en-v1.5", 384) and store.count_unembedded() == 0
    searched = runner.invoke(cli, [*base, "search", "--json", "--mode", "dense", "where can guests leave the car"])
    assert json.loads(searched.stdout)[0]["doc_id"] == "parking" and "note:" not in searched.stderr
    again = runner.invoke(cli, [*base, "embed"])  # nothing left: says so, changes nothing
    assert again.exit_code == 0 and again.stdout.startswith("0 chunks embedded") and "0 still without" in again.stdout


def test_search_counts_only_documents_the_caller_may_read(tmp_path: Path, store: Store) -> None:
    embedded = write_jsonl(tmp_path / "a.jsonl", PUBLIC_DOCS[:2])
    assert not ingest(store, [embedded], embedder=HashingEmbedder()).failed
    later = write_jsonl(tmp_path / "b.jsonl", PUBLIC_DOCS[2:])
    secret = write_jsonl(tmp_path / "c.jsonl", [SECRET_DOC])
    assert not ingest(store, [later], embedder=None).failed
    assert not ingest(store, [secret], groups=["hr"], embedder=None).failed
    search = searcher(store)
    public = search.search("refunds staff parking", k=5, where=PUBLIC)
    assert public.mode == "hybrid" and dense_note(public.notes) == (
        "2 documents (parking, travel) are not in the dense index yet (found by keyword search only; "
        "run `citadel embed`)")
    assert "salaries" not in {h.doc_id for h in public.hits}
    hr = search.search("refunds staff parking", k=5, where=HR)
    assert dense_note(hr.notes) is not None and dense_note(hr.notes).startswith(  # type: ignore[union-attr]
        "3 documents (parking, salaries, travel) are")
    assert "salaries" in {h.doc_id for h in hr.hits}  # by keywords, before it has vectors

    report = embed_missing(store, HashingEmbedder())
    assert (report.chunks, report.replaced, report.remaining) == (3, 0, 0)
    assert dense_note(search.search("refunds staff parking", k=5, where=HR).notes) is None
    dense = search.search("salary bands refunds team lead", k=3, where=HR, mode="dense")
    assert dense.hits[0].doc_id == "salaries"  # now found by its vector
    assert store.count_unembedded() == 0 and store.unembedded_documents(HR) == (0, [])


def test_the_count_of_unembedded_documents_runs_once_per_generation_and_filter(
    tmp_path: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The count reads every chunk (at a million chunks it would cost more than the search):
    a searcher repeats it only when the store's content changed or for another caller."""
    assert not ingest(store, [write_jsonl(tmp_path / "a.jsonl", PUBLIC_DOCS[:2])], embedder=HashingEmbedder()).failed
    assert not ingest(store, [write_jsonl(tmp_path / "b.jsonl", PUBLIC_DOCS[2:])], embedder=None).failed
    counted: list[SearchFilter] = []
    count = store.unembedded_documents
    monkeypatch.setattr(store, "unembedded_documents", lambda where, *a: counted.append(where) or count(where, *a))
    search = searcher(store)
    for query in ("refunds", "staff parking", "travel costs"):  # distinct queries: no result cache hit
        assert dense_note(search.search(query, k=3, where=PUBLIC).notes) is not None
    assert counted == [PUBLIC]
    search.search("refunds", k=3, where=HR)
    assert counted == [PUBLIC, HR]
    embed_missing(store, HashingEmbedder())  # a content write: the next search counts again
    assert dense_note(search.search("parking fees", k=3, where=PUBLIC).notes) is None
    assert counted == [PUBLIC, HR, PUBLIC]


def test_a_chunk_replaced_while_embedding_keeps_no_stale_vector(tmp_path: Path, store: Store) -> None:
    doc = write_jsonl(tmp_path / "d.jsonl", [{"doc_id": "note", "title": "Note", "text": "The office opens at nine."}])
    assert not ingest(store, [doc], embedder=None).failed
    [old] = store.unembedded(10)
    write_jsonl(tmp_path / "d.jsonl", [{"doc_id": "note", "title": "Note", "text": "The office opens at ten."}])
    assert not ingest(store, [doc], embedder=None).failed  # version 2 takes the same chunk id
    [new] = store.unembedded(10)
    assert new.chunk.chunk_id == old.chunk.chunk_id and new.key != old.key
    stale = HashingEmbedder().embed_batch(["The office opens at nine."])
    assert store.add_vectors([old.key], ChunkVectors(EmbeddingSpec("hashing", 256), stale)) == 0
    assert store.count_unembedded() == 1  # the new version still needs its own vector
    assert embed_missing(store, HashingEmbedder()).chunks == 1 and store.count_unembedded() == 0
    wrong = ChunkVectors(EmbeddingSpec("other", 256), stale)
    from citadel._errors import StoreError

    write_jsonl(tmp_path / "d.jsonl", [{"doc_id": "note", "title": "Note", "text": "The office opens at noon."}])
    assert not ingest(store, [doc], embedder=None).failed
    [third] = store.unembedded(10)
    with pytest.raises(StoreError, match="come from the embedder 'hashing'"):
        store.add_vectors([third.key], wrong)
