"""The PostgreSQL store's append-only migrations on a real server: a database made by an
earlier schema moves forward on open and keeps its content and scores, and BM25 reads the
postings from their covering index alone (issue 18)."""

from __future__ import annotations

from pathlib import Path

import psycopg

from citadel.ingest import ingest
from citadel.retrieve.embedders import HashingEmbedder
from citadel.store import open_store
from citadel.store.base import ADMIN, SearchFilter
from citadel.store.pg_migrations import MIGRATIONS

from .pg_support import fresh_database, postgres_url

QUERIES = ["refunds within days", "salary band engineer", "gift cards"]


def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "refunds.md").write_text("# Refunds\n\nApproved refunds are paid within ten days.\n\n"
                                       "## Gift cards\n\nGift cards are never refunded.\n")  # fmt: skip
    (folder / "salaries.md").write_text("# Salaries\n\nThe salary band of an engineer is set each year.\n")
    return folder


def scores(url: str) -> list[list[tuple[str, float]]]:
    with open_store(url) as store:
        return [[(h.chunk.chunk_id, round(h.score, 9)) for h in store.keyword_search(q, 5, ADMIN)] for q in QUERIES]


def test_a_version_1_database_moves_to_the_current_schema_with_the_same_scores(tmp_path: Path) -> None:
    url = fresh_database(postgres_url())
    with open_store(url) as store:
        ingest(store, [corpus(tmp_path)], embedder=HashingEmbedder())
    current = scores(url)
    assert all(current)
    with psycopg.connect(url, autocommit=True) as conn:  # take the database back to schema 1
        conn.execute("DROP INDEX postings_scan")
        conn.execute("ALTER TABLE postings DROP COLUMN len_text, DROP COLUMN len_context")
        conn.execute("ALTER TABLE postings ADD PRIMARY KEY (term, part_id, rowid)")
        conn.execute("UPDATE schema_version SET version = 1")
    assert scores(url) == current  # opening it ran migration 2: the lengths came back from the chunks
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchone() == (len(MIGRATIONS),)
        assert conn.execute("SELECT count(*) FROM postings p JOIN chunks c ON c.rowid = p.rowid "
                            "WHERE p.len_text <> c.len_text OR p.len_context <> c.len_context").fetchone() == (0,)


def test_bm25_reads_the_postings_by_an_index_only_scan(tmp_path: Path) -> None:
    url = fresh_database(postgres_url())
    with open_store(url) as store:
        ingest(store, [corpus(tmp_path)], embedder=HashingEmbedder())
        assert store.keyword_search("refunds", 3, SearchFilter())
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE postings")
        conn.execute("SET enable_seqscan = off")  # a tiny table: make the planner show its index path
        plan = "\n".join(r[0] for r in conn.execute(
            "EXPLAIN SELECT p.rowid, p.tf_text, p.tf_context, p.len_text, p.len_context FROM postings p "
            "WHERE p.term = ANY(ARRAY['refund', 'day']) AND p.part_id = ANY(ARRAY[0])"))  # fmt: skip
    assert "Index Only Scan using postings_scan" in plan, plan
