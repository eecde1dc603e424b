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
* ``traces`` and ``trace_docs``: the audit log (see :mod:`citadel.store.traces`).
* ``chunk_vectors`` (migration 2): one float32 vector per chunk (little-endian BLOB),
  keyed by the chunk's rowid and tagged with its partition; written in the same
  transaction as the chunk and removed with it.

``PRAGMA user_version`` records how many migrations ran. Never edit a migration
that has shipped; append a new one.
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
    from citadel.store import traces

    traces.create(db)


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_m1_initial, _m2_chunk_vectors, _m3_traces]


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
