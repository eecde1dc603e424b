"""Schema of the SQLite store, as an append-only list of migrations.

Tables:

* ``documents``: the current version of each document (title, media type,
  metadata as JSON, content hash, ``public`` = no groups, partition).
* ``doc_groups``: (doc_id, group) for restricted documents.
* ``versions``: the normalized text of every version ever stored, with
  ``replaced_at`` set once a newer version took its place; kept for audit and
  replay, never searched.
* ``chunks``: the current chunks, ``text == versions.text[start:end]``.
* ``partitions`` and ``fts_<id>``: one FTS5 keyword index per access partition
  (the sorted set of a document's groups; partition 0 is public). BM25 statistics
  are therefore computed only over documents sharing the same access, so a
  restricted document never influences the score a caller without access sees.
* ``config``: JSON settings kept with the store (calibrated thresholds, and under
  ``embedding`` the name and dimension of the embedder that made the vectors).
* ``meta``: ``generation``, bumped in every write transaction.
* ``chunk_vectors`` (migration 2): one float32 vector per chunk (little-endian BLOB),
  keyed by the chunk's rowid and tagged with its partition; written in the same
  transaction as the chunk and removed with it.
* ``traces`` and ``trace_docs`` (migration 3): the audit log (see
  :mod:`citadel.store.traces`); migration 4 adds ``traces.usage`` and the
  ``traces_caller`` index, migration 5 ``traces.gate``.
* migration 6 adds ``chunks.location`` (JSON; see :class:`citadel.models.Location`).

``PRAGMA user_version`` records how many migrations ran. Never edit a migration
that has shipped; append a new one. Each migration's SQL is written out in it, never
imported from the modules that use the tables (those change; a migration must not).
``tests/fixtures/stores/`` keeps a store of every earlier schema, and the tests open
each one with the current code.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

FTS_TOKENIZER = "porter unicode61 remove_diacritics 2"


def _m1_initial(db: sqlite3.Connection) -> None:
    _run(
        db,
        """
        CREATE TABLE partitions (
            part_id INTEGER PRIMARY KEY,
            groups_key TEXT NOT NULL UNIQUE
        );
        INSERT INTO partitions (part_id, groups_key) VALUES (0, '');
        CREATE TABLE documents (
            doc_id TEXT PRIMARY KEY,
            version INTEGER NOT NULL,
            title TEXT NOT NULL,
            source_path TEXT,
            media_type TEXT NOT NULL,
            metadata TEXT NOT NULL DEFAULT '{}',
            content_hash TEXT NOT NULL,
            public INTEGER NOT NULL,
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
            groups TEXT NOT NULL DEFAULT '[]',
            indexed_at TEXT NOT NULL,
            replaced_at TEXT,
            PRIMARY KEY (doc_id, version)
        );
        CREATE TABLE chunks (
            rowid INTEGER PRIMARY KEY,
            chunk_id TEXT NOT NULL UNIQUE,
            doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            ord INTEGER NOT NULL,
            start INTEGER NOT NULL,
            "end" INTEGER NOT NULL,
            page INTEGER,
            heading_path TEXT NOT NULL DEFAULT '[]',
            kind TEXT NOT NULL,
            text TEXT NOT NULL,
            part_id INTEGER NOT NULL
        );
        CREATE INDEX chunks_doc ON chunks(doc_id, ord);
        CREATE TABLE config (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
        INSERT INTO meta (key, value) VALUES ('generation', 0);
        """
    )
    create_fts(db, 0)


def _run(db: sqlite3.Connection, script: str) -> None:
    """Run statements one by one (``executescript`` would commit the open transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def create_fts(db: sqlite3.Connection, part_id: int) -> None:
    db.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS fts_{int(part_id)} "
        f"USING fts5(text, context, tokenize='{FTS_TOKENIZER}')"
    )


def _m2_chunk_vectors(db: sqlite3.Connection) -> None:
    _run(
        db,
        """
        CREATE TABLE chunk_vectors (
            rowid INTEGER PRIMARY KEY REFERENCES chunks(rowid) ON DELETE CASCADE,
            part_id INTEGER NOT NULL,
            vec BLOB NOT NULL
        );
        CREATE INDEX chunk_vectors_part ON chunk_vectors(part_id, rowid)
        """,
    )


def _m3_traces(db: sqlite3.Connection) -> None:
    """The audit log as migration 3 shipped (commit 1b6bd4e). Frozen: a store made by it
    has exactly these tables, whatever :mod:`citadel.store.traces` writes today."""
    _run(
        db,
        """
        CREATE TABLE traces (
            trace_id TEXT PRIMARY KEY,
            created_at TEXT NOT NULL,
            question TEXT NOT NULL,
            caller TEXT,
            groups TEXT NOT NULL,
            backend TEXT NOT NULL,
            abstained INTEGER NOT NULL,
            abstention_reason TEXT,
            threshold REAL,
            candidates TEXT NOT NULL,
            notes TEXT NOT NULL,
            evidence TEXT NOT NULL,
            prompt TEXT NOT NULL,
            raw_output TEXT NOT NULL,
            validation TEXT NOT NULL,
            verification TEXT NOT NULL,
            answer TEXT NOT NULL,
            timings TEXT NOT NULL
        );
        CREATE INDEX traces_created ON traces(created_at);
        CREATE TABLE trace_docs (
            trace_id TEXT NOT NULL REFERENCES traces(trace_id) ON DELETE CASCADE,
            doc_id TEXT NOT NULL,
            version INTEGER NOT NULL,
            groups TEXT NOT NULL,
            public INTEGER NOT NULL,
            PRIMARY KEY (trace_id, doc_id, version)
        );
        CREATE INDEX trace_docs_doc ON trace_docs(doc_id)
        """,
    )


def _m4_trace_usage(db: sqlite3.Connection) -> None:
    """``traces.usage`` (the backend's usage notes per generation) and an index for one
    caller's traces. Migration 3 was once edited in place to add ``usage``, so a store
    made then already has the column: add it only where it is missing."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(traces)")}
    if "usage" not in columns:
        db.execute("ALTER TABLE traces ADD COLUMN usage TEXT NOT NULL DEFAULT '[]'")
    db.execute("CREATE INDEX IF NOT EXISTS traces_caller ON traces(caller, created_at)")


def _m5_trace_gate(db: sqlite3.Connection) -> None:
    """``traces.gate``: what the abstention threshold was compared with, as JSON
    ``{"scale": "answerability" | "relevance", "score": float}`` (NULL before)."""
    db.execute("ALTER TABLE traces ADD COLUMN gate TEXT")


def _m6_chunk_location(db: sqlite3.Connection) -> None:
    """``chunks.location``: where a chunk is in its original file, as the JSON of
    :class:`citadel.models.Location` (lines, symbol, times, row and columns, slide, cell;
    NULL when nothing applies, and for chunks stored before: their ``page`` still says it)."""
    db.execute("ALTER TABLE chunks ADD COLUMN location TEXT")


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [
    _m1_initial, _m2_chunk_vectors, _m3_traces, _m4_trace_usage, _m5_trace_gate, _m6_chunk_location,
]  # fmt: skip


def migrate(db: sqlite3.Connection) -> None:
    """Run every migration the database has not seen yet, each in its own transaction."""
    current = db.execute("PRAGMA user_version").fetchone()[0]
    for number, migration in enumerate(MIGRATIONS[current:], start=current + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            migration(db)
            db.execute(f"PRAGMA user_version = {number}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
