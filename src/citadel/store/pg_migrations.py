"""Schema of the PostgreSQL store, as an append-only list of migrations (as for SQLite: never
edit one that has shipped, append a new one; each writes out its SQL).

Tables mirror the SQLite store's (:mod:`citadel.store.migrations`), with PostgreSQL's own parts
in place of SQLite's:

* ``chunks.tsv_text`` / ``chunks.tsv_context``: the chunk's words and its title and heading
  path, as ``tsvector`` in the text search configuration ``citadel`` (``english`` with
  Snowball stemming and every word kept, stopwords too, as SQLite's FTS5 index keeps them),
  with their lengths.
* ``postings`` (term, partition, chunk, term frequencies and lengths of text and context):
  the inverted index BM25 reads; a query scans only its terms' postings in the caller's
  partitions, from a covering index (migration 2).
* ``part_terms`` (partition, term, document frequency) and ``part_stats`` (partition, chunks,
  total lengths): BM25's statistics, kept per access partition in the same transaction as
  the chunks, so, as in SQLite, a restricted document never changes a score another caller
  sees.
* ``chunk_vectors.vec``: a pgvector ``vector``; an HNSW index (cosine) is made over
  ``vec::vector(DIM)`` once the store's first vectors fix the dimension.
* ``meta.generation``: bumped by every content write, read by every process sharing the
  database, so caches keyed on it agree across servers.

``schema_version`` records how many migrations ran; ``pg_advisory_xact_lock`` makes two
processes opening a new database at once run each migration once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MIGRATION_LOCK = 0x63697461  # "cita": the advisory lock held while migrating


def _m1_initial(cur: Any) -> None:
    cur.execute(
        """
        CREATE EXTENSION IF NOT EXISTS vector;
        CREATE TEXT SEARCH DICTIONARY citadel_stem (TEMPLATE = snowball, Language = english);
        CREATE TEXT SEARCH CONFIGURATION citadel (COPY = english);
        ALTER TEXT SEARCH CONFIGURATION citadel ALTER MAPPING
            FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH citadel_stem;
        CREATE TABLE partitions (
            part_id SERIAL PRIMARY KEY,
            groups_key TEXT NOT NULL UNIQUE
        );
        INSERT INTO partitions (part_id, groups_key) VALUES (0, '');
        CREATE TABLE documents (
            doc_id TEXT PRIMARY KEY,
            version INTEGER NOT NULL,
            title TEXT NOT NULL,
            source_path TEXT,
            media_type TEXT NOT NULL,
            metadata JSONB NOT NULL DEFAULT '{}',
            content_hash TEXT NOT NULL,
            public BOOLEAN NOT NULL,
            part_id INTEGER NOT NULL REFERENCES partitions(part_id),
            indexed_at TEXT NOT NULL
        );
        CREATE TABLE doc_groups (
            doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
            grp TEXT NOT NULL,
            PRIMARY KEY (doc_id, grp)
        );
        CREATE INDEX doc_groups_grp ON doc_groups(grp);
        CREATE TABLE versions (
            doc_id TEXT NOT NULL,
            version INTEGER NOT NULL,
            content_hash TEXT NOT NULL,
            title TEXT NOT NULL,
            text TEXT NOT NULL,
            groups JSONB NOT NULL DEFAULT '[]',
            indexed_at TEXT NOT NULL,
            replaced_at TEXT,
            PRIMARY KEY (doc_id, version)
        );
        CREATE TABLE chunks (
            rowid BIGSERIAL PRIMARY KEY,
            chunk_id TEXT NOT NULL UNIQUE,
            doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            ord INTEGER NOT NULL,
            start INTEGER NOT NULL,
            "end" INTEGER NOT NULL,
            page INTEGER,
            heading_path JSONB NOT NULL DEFAULT '[]',
            kind TEXT NOT NULL,
            text TEXT NOT NULL,
            part_id INTEGER NOT NULL,
            location JSONB,
            tsv_text TSVECTOR NOT NULL,
            tsv_context TSVECTOR NOT NULL,
            len_text INTEGER NOT NULL,
            len_context INTEGER NOT NULL
        );
        CREATE INDEX chunks_doc ON chunks(doc_id, ord);
        CREATE INDEX chunks_part ON chunks(part_id);
        CREATE TABLE postings (
            term TEXT NOT NULL,
            part_id INTEGER NOT NULL,
            rowid BIGINT NOT NULL REFERENCES chunks(rowid) ON DELETE CASCADE,
            tf_text INTEGER NOT NULL,
            tf_context INTEGER NOT NULL,
            PRIMARY KEY (term, part_id, rowid)
        );
        CREATE INDEX postings_rowid ON postings(rowid);
        CREATE TABLE part_terms (
            part_id INTEGER NOT NULL,
            term TEXT NOT NULL,
            df INTEGER NOT NULL,
            PRIMARY KEY (part_id, term)
        );
        CREATE TABLE part_stats (
            part_id INTEGER PRIMARY KEY,
            chunks BIGINT NOT NULL,
            len_text BIGINT NOT NULL,
            len_context BIGINT NOT NULL
        );
        CREATE TABLE chunk_vectors (
            rowid BIGINT PRIMARY KEY REFERENCES chunks(rowid) ON DELETE CASCADE,
            part_id INTEGER NOT NULL,
            vec VECTOR NOT NULL
        );
        CREATE INDEX chunk_vectors_part ON chunk_vectors(part_id);
        CREATE TABLE traces (
            trace_id TEXT PRIMARY KEY,
            created_at TEXT NOT NULL,
            question TEXT NOT NULL,
            caller TEXT,
            groups TEXT NOT NULL,
            backend TEXT NOT NULL,
            abstained INTEGER NOT NULL,
            abstention_reason TEXT,
            threshold DOUBLE PRECISION,
            candidates TEXT NOT NULL,
            notes TEXT NOT NULL,
            evidence TEXT NOT NULL,
            prompt TEXT NOT NULL,
            raw_output TEXT NOT NULL,
            usage TEXT NOT NULL DEFAULT '[]',
            validation TEXT NOT NULL,
            verification TEXT NOT NULL,
            answer TEXT NOT NULL,
            timings TEXT NOT NULL,
            gate TEXT
        );
        CREATE INDEX traces_created ON traces(created_at);
        CREATE INDEX traces_caller ON traces(caller, created_at);
        CREATE TABLE trace_docs (
            trace_id TEXT NOT NULL REFERENCES traces(trace_id) ON DELETE CASCADE,
            doc_id TEXT NOT NULL,
            version INTEGER NOT NULL,
            groups JSONB NOT NULL,
            public BOOLEAN NOT NULL,
            PRIMARY KEY (trace_id, doc_id, version)
        );
        CREATE INDEX trace_docs_doc ON trace_docs(doc_id);
        CREATE TABLE config (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value BIGINT NOT NULL);
        INSERT INTO meta (key, value) VALUES ('generation', 0)
        """
    )


def _m2_postings_carry_lengths(cur: Any) -> None:
    """BM25 reads only the postings: each carries its chunk's lengths, and the unique index
    over (term, partition, chunk) includes every column a score needs, so a query's postings
    come from index-only scans instead of one chunk lookup per posting (at a million chunks a
    common term has a hundred thousand postings)."""
    cur.execute(
        """
        ALTER TABLE postings ADD COLUMN len_text INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE postings ADD COLUMN len_context INTEGER NOT NULL DEFAULT 0;
        UPDATE postings p SET len_text = c.len_text, len_context = c.len_context
            FROM chunks c WHERE c.rowid = p.rowid;
        ALTER TABLE postings ALTER COLUMN len_text DROP DEFAULT;
        ALTER TABLE postings ALTER COLUMN len_context DROP DEFAULT;
        ALTER TABLE postings DROP CONSTRAINT postings_pkey;
        CREATE UNIQUE INDEX postings_scan ON postings (term, part_id, rowid)
            INCLUDE (tf_text, tf_context, len_text, len_context);
        """
    )


MIGRATIONS: list[Callable[[Any], None]] = [_m1_initial, _m2_postings_carry_lengths]


def migrate(conn: Any) -> None:
    """Run every migration the database has not seen, each in its own transaction, under an
    advisory lock so that processes starting together do not race."""
    with conn.transaction(), conn.cursor() as cur:
        cur.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        cur.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        cur.execute("SELECT version FROM schema_version")
        row = cur.fetchone()
        current = int(row[0]) if row else 0
        if row is None:
            cur.execute("INSERT INTO schema_version (version) VALUES (0)")
        for number, migration in enumerate(MIGRATIONS[current:], start=current + 1):
            migration(cur)
            cur.execute("UPDATE schema_version SET version = %s", (number,))
