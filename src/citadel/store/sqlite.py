"""The embedded store: one SQLite file (``citadel.db``) in the store folder.

See :mod:`citadel.store.migrations` for the schema. Every write runs in one
``BEGIN IMMEDIATE`` transaction, so a crash or Ctrl-C leaves each document
fully stored or not at all. WAL mode lets readers run while one writer writes.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from citadel._errors import ConfigError, NotFoundError, StoreError
from citadel.models import Chunk, ChunkKind, Document, DocumentSummary, Location
from citadel.store.base import (
    ADMIN,
    ChunkVectors,
    EmbeddingSpec,
    PutStatus,
    ScoredChunk,
    SearchFilter,
    Store,
    StoredTrace,
    DocumentRecord,
    TraceQuery,
    TraceRecord,
    Unembedded,
    VersionRecord,
    check_put,
    query_words,
)
from citadel.store import traces
from citadel.store.dense import DenseIndex
from citadel.store.migrations import create_fts, migrate

if TYPE_CHECKING:
    from citadel.trace import Trace

DB_NAME = "citadel.db"
_CHUNK_COLS = 'c.chunk_id, c.doc_id, c.version, c.text, c.start, c."end", c.page, c.heading_path, c.kind, c.location'
#: documents :meth:`SQLiteStore.import_documents` writes per transaction
IMPORT_BATCH = 250
#: A document's groups (alias ``d``), sorted and joined by U+001F; NULL when public.
_GROUPS = (
    "(SELECT group_concat(grp, char(31)) FROM (SELECT grp FROM doc_groups g WHERE g.doc_id = d.doc_id ORDER BY grp))"
)


class SQLiteStore(Store):
    """A :class:`Store` in one SQLite file."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.path = self.folder / DB_NAME
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA busy_timeout=10000")
            self._db.execute("PRAGMA foreign_keys=ON")
            migrate(self._db)
        except (OSError, sqlite3.Error) as exc:
            raise ConfigError(f"cannot open the store at {self.folder}: {exc}") from exc
        self._lock = threading.RLock()
        self._dense: DenseIndex | None = None
        self._unembedded_cache: dict[tuple[object, ...], tuple[int, list[str]]] = {}  # (generation, filter) ->

    # --- transactions -------------------------------------------------------------------

    @contextmanager
    def _write(self, content: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction; ``content`` writes (documents, chunks) move the generation.

        A :class:`sqlite3.Error` inside the transaction or at COMMIT (a full disk, a
        read-only file, a constraint) rolls back and is raised as :class:`StoreError`."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"the store is busy or read-only: {exc}") from exc
            try:
                yield self._db
                if content:
                    self._db.execute("UPDATE meta SET value = value + 1 WHERE key = 'generation'")
                self._db.execute("COMMIT")
            except BaseException as exc:
                # An interrupt can land just after COMMIT ran: only roll back what is open.
                self._rollback()
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(f"the store could not write ({exc}); nothing of this write was kept") from exc
                raise

    def _rollback(self) -> None:
        if not self._db.in_transaction:
            return
        try:
            self._db.execute("ROLLBACK")
        except sqlite3.Error:  # SQLite may have rolled back already (a full disk, an I/O error)
            pass

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except sqlite3.Error as exc:
                raise StoreError(f"store query failed: {exc}") from exc

    # --- documents ----------------------------------------------------------------------

    def current(self, doc_id: str) -> Document | None:
        rows = self._read(
            "SELECT doc_id, version, title, source_path, media_type, metadata, content_hash, "
            "indexed_at FROM documents WHERE doc_id = ?",
            (doc_id,),
        )
        if not rows:
            return None
        r = rows[0]
        groups = tuple(g for (g,) in self._read("SELECT grp FROM doc_groups WHERE doc_id = ? ORDER BY grp", (doc_id,)))
        return Document(
            doc_id=r[0], version=r[1], title=r[2], source_path=r[3], media_type=r[4],
            metadata=json.loads(r[5]), content_hash=r[6], indexed_at=datetime.fromisoformat(r[7]),
            groups=groups,
        )  # fmt: skip

    def put(
        self, document: Document, text: str, chunks: Sequence[Chunk], vectors: ChunkVectors | None = None
    ) -> PutStatus:
        check_put(document, text, chunks, vectors)
        with self._write() as db:
            if vectors is not None:
                self._check_spec(db, vectors.spec)
            row = db.execute(
                "SELECT version, content_hash FROM documents WHERE doc_id = ?", (document.doc_id,)
            ).fetchone()
            if row and row[1] == document.content_hash:
                return "unchanged"
            expected = row[0] + 1 if row else 1
            if document.version != expected:
                raise StoreError(
                    f"{document.doc_id}: version {document.version} given, {expected} expected "
                    "(another process changed it; run the ingest again)"
                )
            if row:
                self._remove_chunks(db, document.doc_id)
                db.execute("DELETE FROM doc_groups WHERE doc_id = ?", (document.doc_id,))
                db.execute(
                    "UPDATE versions SET replaced_at = ? WHERE doc_id = ? AND replaced_at IS NULL",
                    (_now(), document.doc_id),
                )
            part_id = self._partition(db, document.groups)
            db.execute(
                "INSERT OR REPLACE INTO documents (doc_id, version, title, source_path, media_type, "
                "metadata, content_hash, public, part_id, indexed_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (
                    document.doc_id, document.version, document.title, document.source_path,
                    document.media_type, json.dumps(document.metadata, default=str),
                    document.content_hash, int(document.public), part_id,
                    document.indexed_at.isoformat(),
                ),
            )  # fmt: skip
            db.executemany(
                "INSERT INTO doc_groups (doc_id, grp) VALUES (?, ?)",
                [(document.doc_id, g) for g in sorted(set(document.groups))],
            )
            db.execute(
                "INSERT OR REPLACE INTO versions (doc_id, version, content_hash, title, text, groups, "
                "indexed_at) VALUES (?,?,?,?,?,?,?)",
                (
                    document.doc_id, document.version, document.content_hash, document.title, text,
                    json.dumps(sorted(document.groups)), document.indexed_at.isoformat(),
                ),
            )  # fmt: skip
            rowids = self._insert_chunks(db, document, chunks, part_id)
            if vectors is not None:
                matrix = np.ascontiguousarray(vectors.matrix, dtype="<f4")
                db.executemany(
                    "INSERT INTO chunk_vectors (rowid, part_id, vec) VALUES (?, ?, ?)",
                    [(rowid, part_id, matrix[i].tobytes()) for i, rowid in enumerate(rowids)],
                )
            return "updated" if row else "added"

    def _partition(self, db: sqlite3.Connection, groups: Sequence[str]) -> int:
        key = ",".join(sorted(set(groups)))
        row = db.execute("SELECT part_id FROM partitions WHERE groups_key = ?", (key,)).fetchone()
        if row:
            return int(row[0])
        part_id = int(db.execute("INSERT INTO partitions (groups_key) VALUES (?)", (key,)).lastrowid or 0)
        create_fts(db, part_id)
        return part_id

    def _check_spec(self, db: sqlite3.Connection, spec: EmbeddingSpec) -> None:
        row = db.execute("SELECT value FROM config WHERE key = 'embedding'").fetchone()
        if row is None:
            value = json.dumps({"name": spec.name, "dim": spec.dim})
            db.execute("INSERT INTO config (key, value) VALUES ('embedding', ?)", (value,))
            return
        stored = json.loads(row[0])
        if (stored.get("name"), stored.get("dim")) != (spec.name, spec.dim):
            raise StoreError(
                f"this store's vectors come from the embedder {stored.get('name')!r} "
                f"({stored.get('dim')} dimensions), not {spec.name!r} ({spec.dim}); ingest with "
                "the same embedder, or into a new store folder"
            )

    def _insert_chunks(
        self, db: sqlite3.Connection, document: Document, chunks: Sequence[Chunk], part_id: int
    ) -> list[int]:
        rowids: list[int] = []
        for ord_, c in enumerate(chunks):
            cur = db.execute(
                'INSERT INTO chunks (chunk_id, doc_id, version, ord, start, "end", page, heading_path, '
                "kind, text, part_id, location) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    c.chunk_id, c.doc_id, c.version, ord_, c.start, c.end, c.page,
                    json.dumps(list(c.heading_path)), c.kind.value, c.text, part_id,
                    json.dumps(c.location.as_dict()) if c.location.as_dict() else None,
                ),
            )  # fmt: skip
            context = " ".join((document.title, *c.heading_path))
            db.execute(
                f"INSERT INTO fts_{part_id} (rowid, text, context) VALUES (?, ?, ?)",
                (cur.lastrowid, c.text, context),
            )
            rowids.append(int(cur.lastrowid or 0))
        return rowids

    def _remove_chunks(self, db: sqlite3.Connection, doc_id: str) -> None:
        rows = db.execute("SELECT rowid, part_id FROM chunks WHERE doc_id = ?", (doc_id,)).fetchall()
        for rowid, part_id in rows:
            db.execute(f"DELETE FROM fts_{int(part_id)} WHERE rowid = ?", (rowid,))
            db.execute("DELETE FROM chunk_vectors WHERE rowid = ?", (rowid,))
        db.execute("DELETE FROM chunks WHERE doc_id = ?", (doc_id,))

    def delete(self, doc_id: str) -> bool:
        with self._write() as db:
            if not db.execute("SELECT 1 FROM documents WHERE doc_id = ?", (doc_id,)).fetchone():
                return False
            self._remove_chunks(db, doc_id)
            db.execute("DELETE FROM doc_groups WHERE doc_id = ?", (doc_id,))
            db.execute("DELETE FROM versions WHERE doc_id = ?", (doc_id,))
            db.execute("DELETE FROM documents WHERE doc_id = ?", (doc_id,))
            return True

    def documents(self, where: SearchFilter = ADMIN) -> list[DocumentSummary]:
        sql, params = _filter_sql(where)
        rows = self._read(
            "SELECT d.doc_id, d.version, d.title, d.media_type, d.source_path, d.indexed_at, "
            f"{_GROUPS}, "
            "(SELECT count(*) FROM chunks c WHERE c.doc_id = d.doc_id) "
            f"FROM documents d WHERE {sql} ORDER BY d.doc_id",
            params,
        )
        return [
            DocumentSummary(
                doc_id=r[0], version=r[1], title=r[2], media_type=r[3], source_path=r[4],
                indexed_at=datetime.fromisoformat(r[5]),
                groups=_groups(r[6]), chunks=r[7],
            )  # fmt: skip
            for r in rows
        ]

    def text(self, doc_id: str, version: int | None = None) -> str:
        if version is None:
            rows = self._read(
                "SELECT v.text FROM versions v JOIN documents d ON d.doc_id = v.doc_id "
                "AND d.version = v.version WHERE v.doc_id = ?",
                (doc_id,),
            )
        else:
            rows = self._read("SELECT text FROM versions WHERE doc_id = ? AND version = ?", (doc_id, version))
        if not rows:
            raise NotFoundError(f"no document {doc_id!r}" + (f" version {version}" if version else ""))
        return str(rows[0][0])

    # --- chunks -------------------------------------------------------------------------

    def chunks(self, doc_id: str, where: SearchFilter = ADMIN) -> list[Chunk]:
        sql, params = _filter_sql(where)
        rows = self._read(
            f"SELECT {_CHUNK_COLS} FROM chunks c JOIN documents d ON d.doc_id = c.doc_id "
            f"WHERE c.doc_id = ? AND {sql} ORDER BY c.ord",
            (doc_id, *params),
        )
        return [_chunk(r) for r in rows]

    def get_chunks(self, chunk_ids: Sequence[str], where: SearchFilter) -> list[Chunk]:
        if not chunk_ids:
            return []
        sql, params = _filter_sql(where)
        marks = ",".join("?" * len(chunk_ids))
        rows = self._read(
            f"SELECT {_CHUNK_COLS} FROM chunks c JOIN documents d ON d.doc_id = c.doc_id "
            f"WHERE c.chunk_id IN ({marks}) AND {sql}",
            (*chunk_ids, *params),
        )
        found = {r[0]: _chunk(r) for r in rows}
        return [found[i] for i in chunk_ids if i in found]

    def keyword_search(self, query: str, k: int, where: SearchFilter) -> list[ScoredChunk]:
        """BM25 per visible partition; English stopwords are left out of the OR query (they
        match nearly every chunk, cost a full scan and barely move BM25), unless the query
        has nothing else."""
        terms = query_words(query)
        if not terms or k <= 0:
            return []
        match = " OR ".join(f'"{t}"' for t in dict.fromkeys(terms))
        sql, params = _filter_sql(where)
        # Without doc-id or metadata filters every row of a visible partition is readable, so
        # FTS can rank and cut to k before the join; with them, the join filters first.
        narrowed = where.doc_ids is not None or bool(where.metadata)
        limit = "" if narrowed else "ORDER BY score DESC LIMIT ?"
        hits: list[ScoredChunk] = []
        for part_id in self._visible_partitions(where):
            rows = self._read(
                f"SELECT {_CHUNK_COLS}, d.title, {_GROUPS}, f.score FROM "
                f"(SELECT rowid, -bm25(fts_{part_id}, 1.0, 0.3) AS score FROM fts_{part_id} "
                f"WHERE fts_{part_id} MATCH ? {limit}) f JOIN chunks c ON c.rowid = f.rowid "
                f"JOIN documents d ON d.doc_id = c.doc_id "
                f"WHERE {sql} ORDER BY f.score DESC LIMIT ?",
                (match, *([] if narrowed else [k]), *params, k),
            )
            hits.extend(ScoredChunk(_chunk(r), float(r[-1]), r[-3], _groups(r[-2])) for r in rows)
        hits.sort(key=lambda h: (-h.score, h.chunk.chunk_id))
        return hits[:k]

    def dense_search(self, vector: np.ndarray, k: int, where: SearchFilter) -> list[ScoredChunk]:
        if k <= 0:
            return []
        index = self._dense_index()
        allowed = self._allowed_rowids(where) if where.doc_ids is not None or where.metadata else None
        top = index.search(vector, k, self._visible_partitions(where), allowed)
        if not top:
            return []
        sql, params = _filter_sql(where)
        marks = ",".join("?" * len(top))
        rows = self._read(
            f"SELECT {_CHUNK_COLS}, d.title, {_GROUPS}, c.rowid FROM chunks c "
            "JOIN documents d ON d.doc_id = c.doc_id "
            f"WHERE c.rowid IN ({marks}) AND {sql}",
            (*(rowid for rowid, _ in top), *params),
        )
        scores = dict(top)
        hits = [ScoredChunk(_chunk(r), scores[r[-1]], r[-3], _groups(r[-2])) for r in rows]
        hits.sort(key=lambda h: (-h.score, h.chunk.chunk_id))
        return hits

    def _dense_index(self) -> DenseIndex:
        """The in-memory vector matrix, rebuilt when the store's generation has moved."""
        with self._lock:
            generation = self.generation()
            if self._dense is None or self._dense.generation != generation:
                rows = self._read("SELECT rowid, part_id, vec FROM chunk_vectors ORDER BY part_id, rowid")
                spec = self.embedding_spec()
                self._dense = DenseIndex.build(generation, spec.dim if spec else 0, rows)
            return self._dense

    def _allowed_rowids(self, where: SearchFilter) -> np.ndarray:
        sql, params = _filter_sql(where)
        rows = self._read(
            f"SELECT c.rowid FROM chunks c JOIN documents d ON d.doc_id = c.doc_id WHERE {sql}", params
        )
        return np.array(sorted(r[0] for r in rows), dtype=np.int64)

    def unembedded(self, limit: int, after: int = 0) -> list[Unembedded]:
        rows = self._read(
            f"SELECT {_CHUNK_COLS}, d.title, c.rowid FROM chunks c JOIN documents d ON d.doc_id = c.doc_id "
            "WHERE c.rowid > ? AND NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.rowid = c.rowid) "
            "ORDER BY c.rowid LIMIT ?",
            (int(after), int(limit)),
        )
        return [Unembedded((int(r[-1]), str(r[0]), int(r[2])), str(r[-2]), _chunk(r)) for r in rows]

    def count_unembedded(self) -> int:
        return int(self._read(
            "SELECT count(*) FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.rowid = c.rowid)"
        )[0][0])

    def add_vectors(self, keys: Sequence[tuple[int, str, int]], vectors: ChunkVectors) -> int:
        if len(keys) != len(vectors.matrix):
            raise StoreError(f"{len(keys)} chunks but {len(vectors.matrix)} vectors")
        if not keys:
            return 0
        matrix = np.ascontiguousarray(vectors.matrix, dtype="<f4")
        written = 0
        with self._write() as db:
            self._check_spec(db, vectors.spec)
            for i, (rowid, chunk_id, version) in enumerate(keys):
                row = db.execute(
                    "SELECT c.part_id FROM chunks c WHERE c.rowid = ? AND c.chunk_id = ? AND c.version = ? "
                    "AND NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.rowid = c.rowid)",
                    (rowid, chunk_id, version),
                ).fetchone()
                if row is not None:
                    db.execute("INSERT INTO chunk_vectors (rowid, part_id, vec) VALUES (?, ?, ?)",
                               (rowid, row[0], matrix[i].tobytes()))
                    written += 1
        return written

    def unembedded_documents(self, where: SearchFilter, examples: int = 3) -> tuple[int, list[str]]:
        key = (self.generation(), where.unrestricted, tuple(sorted(where.groups)), where.doc_ids, repr(where.metadata),
               examples)  # fmt: skip
        with self._lock:
            cached = self._unembedded_cache.get(key)
        if cached is not None:
            return cached[0], list(cached[1])
        sql, params = _filter_sql(where)
        ids = [str(r[0]) for r in self._read(
            "SELECT DISTINCT c.doc_id FROM chunks c JOIN documents d ON d.doc_id = c.doc_id "
            f"WHERE {sql} AND NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.rowid = c.rowid) ORDER BY c.doc_id",
            params,
        )]
        count = (len(ids), ids[:examples])
        with self._lock:
            if len(self._unembedded_cache) > 64:
                self._unembedded_cache.clear()
            self._unembedded_cache[key] = count
        return count[0], list(count[1])

    def embedding_spec(self) -> EmbeddingSpec | None:
        value = self.get_config("embedding")
        return EmbeddingSpec(str(value["name"]), int(value["dim"])) if value else None

    def _visible_partitions(self, where: SearchFilter) -> list[int]:
        rows = self._read("SELECT part_id, groups_key FROM partitions ORDER BY part_id")
        return [
            int(part_id)
            for part_id, key in rows
            if where.can_read(key.split(",") if key else [])
        ]

    # --- audit log ----------------------------------------------------------------------

    def add_trace(self, trace: Trace) -> None:
        """Each document's groups as read come with the trace (``Trace.read_groups``); its
        current groups, read in the same transaction, can only make the trace stricter."""
        data = trace.to_json()
        doc_ids = sorted({str(e["doc_id"]) for e in [*data["candidates"], *data["evidence"]]})
        with self._write(content=False) as db:
            traces.insert(db, data, _current_groups(db, doc_ids))

    def get_trace(
        self, trace_id: str, where: SearchFilter = ADMIN, caller: str | None = None
    ) -> StoredTrace | None:
        sql, params = traces.visible_sql(where)
        mine = "" if caller is None else " AND t.caller = ?"
        rows = self._read(
            f"{traces.SELECT} WHERE t.trace_id = ? AND {sql}{mine}",
            (trace_id, *params, *([] if caller is None else [caller])),
        )
        return traces.row_to_trace(rows[0]) if rows else None

    def list_traces(self, where: SearchFilter = ADMIN, query: TraceQuery | None = None) -> list[StoredTrace]:
        q = query or TraceQuery()
        sql, params = traces.visible_sql(where)
        filters, args = traces.query_sql(q, "?", "instr(lower(t.question), lower(?)) > 0")
        clauses, args = [sql, *filters], [*params, *args]
        rows = self._read(
            f"{traces.SELECT} WHERE {' AND '.join(clauses)} ORDER BY t.created_at DESC, t.trace_id DESC LIMIT ?",
            (*args, max(0, q.limit)),
        )
        return [traces.row_to_trace(r) for r in rows]

    # --- moving a whole store ------------------------------------------------------------

    def export_documents(self) -> Iterator[DocumentRecord]:
        for (doc_id,) in self._read("SELECT doc_id FROM documents ORDER BY doc_id"):
            document = self.current(doc_id)
            if document is None:  # deleted meanwhile
                continue
            versions = tuple(
                VersionRecord(r[0], r[1], r[2], r[3], tuple(json.loads(r[4])), r[5], r[6])
                for r in self._read(
                    "SELECT version, content_hash, title, text, groups, indexed_at, replaced_at FROM versions "
                    "WHERE doc_id = ? ORDER BY version", (doc_id,))
            )  # fmt: skip
            rows = self._read(
                f"SELECT {_CHUNK_COLS}, v.vec FROM chunks c LEFT JOIN chunk_vectors v ON v.rowid = c.rowid "
                "WHERE c.doc_id = ? ORDER BY c.ord",
                (doc_id,),
            )
            vectors = tuple(np.frombuffer(r[-1], dtype="<f4").copy() if r[-1] is not None else None for r in rows)
            yield DocumentRecord(document, versions, tuple(_chunk(r) for r in rows), vectors)

    def import_document(self, record: DocumentRecord) -> None:
        self.import_documents([record])

    def import_documents(
        self, records: Iterable[DocumentRecord], on_each: Callable[[DocumentRecord], None] | None = None
    ) -> int:
        """A bulk load: :data:`IMPORT_BATCH` documents per transaction."""
        spec = self.embedding_spec()
        written = 0
        batch: list[DocumentRecord] = []
        for record in records:
            if any(v is not None for v in record.vectors) and spec is None:
                raise StoreError("vectors need the store's embedding config first (copy the config before documents)")
            batch.append(record)
            if len(batch) >= IMPORT_BATCH:
                written += self._import_batch(batch, on_each)
                batch = []
        if batch:
            written += self._import_batch(batch, on_each)
        return written

    def _import_batch(self, batch: Sequence[DocumentRecord], on_each: Callable[[DocumentRecord], None] | None) -> int:
        with self._write() as db:
            for record in batch:
                self._import_one(db, record)
        if on_each:
            for record in batch:
                on_each(record)
        return len(batch)

    def _import_one(self, db: sqlite3.Connection, record: DocumentRecord) -> None:
        document = record.document
        if db.execute("SELECT 1 FROM documents WHERE doc_id = ?", (document.doc_id,)).fetchone():
            self._remove_chunks(db, document.doc_id)
            for table in ("doc_groups", "versions", "documents"):
                db.execute(f"DELETE FROM {table} WHERE doc_id = ?", (document.doc_id,))
        part_id = self._partition(db, document.groups)
        db.execute(
            "INSERT INTO documents (doc_id, version, title, source_path, media_type, metadata, content_hash, "
            "public, part_id, indexed_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (document.doc_id, document.version, document.title, document.source_path, document.media_type,
             json.dumps(document.metadata, default=str), document.content_hash, int(document.public), part_id,
             document.indexed_at.isoformat()),
        )  # fmt: skip
        db.executemany("INSERT INTO doc_groups (doc_id, grp) VALUES (?, ?)",
                       [(document.doc_id, g) for g in sorted(set(document.groups))])
        db.executemany(
            "INSERT INTO versions (doc_id, version, content_hash, title, text, groups, indexed_at, replaced_at) "
            "VALUES (?,?,?,?,?,?,?,?)",
            [(document.doc_id, v.version, v.content_hash, v.title, v.text, json.dumps(list(v.groups)),
              v.indexed_at, v.replaced_at) for v in record.versions],
        )  # fmt: skip
        rowids = self._insert_chunks(db, document, record.chunks, part_id)
        db.executemany(
            "INSERT INTO chunk_vectors (rowid, part_id, vec) VALUES (?, ?, ?)",
            [(rowid, part_id, np.ascontiguousarray(vec, dtype="<f4").tobytes())
             for rowid, vec in zip(rowids, record.vectors, strict=True) if vec is not None],
        )  # fmt: skip

    def export_traces(self) -> Iterator[TraceRecord]:
        rows = self._read(f"SELECT {', '.join(traces.COLUMNS)} FROM traces ORDER BY created_at, trace_id")
        for row in rows:
            docs = self._read("SELECT doc_id, version, groups, public FROM trace_docs WHERE trace_id = ? "
                              "ORDER BY doc_id, version", (row[0],))
            yield TraceRecord(tuple(row), tuple((str(d), int(v), json.dumps(json.loads(g)), bool(p))
                                                for d, v, g, p in docs))

    def import_trace(self, record: TraceRecord) -> None:
        with self._write(content=False) as db:
            marks = ",".join("?" * len(traces.COLUMNS))
            cur = db.execute(f"INSERT OR IGNORE INTO traces ({', '.join(traces.COLUMNS)}) VALUES ({marks})",
                             record.row)
            if cur.rowcount:
                db.executemany(
                    "INSERT OR IGNORE INTO trace_docs (trace_id, doc_id, version, groups, public) VALUES (?,?,?,?,?)",
                    [(record.row[0], d, v, g, int(p)) for d, v, g, p in record.docs],
                )

    def config_items(self) -> dict[str, Any]:
        return {str(k): json.loads(v) for k, v in self._read("SELECT key, value FROM config ORDER BY key")}

    # --- configuration ------------------------------------------------------------------

    def generation(self) -> int:
        return int(self._read("SELECT value FROM meta WHERE key = 'generation'")[0][0])

    def get_config(self, key: str) -> Any | None:
        rows = self._read("SELECT value FROM config WHERE key = ?", (key,))
        return json.loads(rows[0][0]) if rows else None

    def set_config(self, key: str, value: Any) -> None:
        with self._write(content=False) as db:
            db.execute("INSERT OR REPLACE INTO config (key, value) VALUES (?, ?)", (key, json.dumps(value)))

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _chunk(r: Sequence[Any]) -> Chunk:
    return Chunk(
        chunk_id=r[0], doc_id=r[1], version=r[2], text=r[3], start=r[4], end=r[5], page=r[6],
        heading_path=tuple(json.loads(r[7])), kind=ChunkKind(r[8]),
        location=Location.model_validate_json(r[9]) if r[9] else Location(),
    )  # fmt: skip


def _groups(joined: str | None) -> tuple[str, ...]:
    return tuple(joined.split("\x1f")) if joined else ()


def _current_groups(db: sqlite3.Connection, doc_ids: Sequence[str]) -> dict[str, list[str] | None]:
    """Each document's groups now (see :func:`traces.current_groups`), read 500 ids at a time."""
    rows: list[tuple[str, str | None]] = []
    for i in range(0, len(doc_ids), 500):
        part = doc_ids[i : i + 500]
        rows += db.execute(
            f"SELECT d.doc_id, g.grp FROM documents d LEFT JOIN doc_groups g ON g.doc_id = d.doc_id "
            f"WHERE d.doc_id IN ({','.join('?' * len(part))})",
            part,
        ).fetchall()
    return traces.current_groups(doc_ids, rows)


def _filter_sql(where: SearchFilter) -> tuple[str, list[Any]]:
    """SQL over alias ``d`` (documents) that keeps only rows the filter may read."""
    clauses, params = ["1"], []
    if not where.unrestricted:
        marks = ",".join("?" * len(where.groups))
        clauses.append(
            "(d.public = 1 OR EXISTS (SELECT 1 FROM doc_groups g "
            f"WHERE g.doc_id = d.doc_id AND g.grp IN ({marks})))"
        )
        params.extend(sorted(where.groups))
    if where.doc_ids is not None:
        clauses.append(f"d.doc_id IN ({','.join('?' * len(where.doc_ids))})")
        params.extend(sorted(where.doc_ids))
    for key, value in sorted(where.metadata.items()):
        path = '$."' + key.replace('"', "") + '"'
        clauses.append(
            "(json_extract(d.metadata, ?) = ? OR EXISTS (SELECT 1 FROM json_each(d.metadata, ?) "
            "WHERE json_each.value = ?))"
        )
        params.extend([path, value, path, value])
    return " AND ".join(clauses), params


def _now() -> str:
    return datetime.now(UTC).isoformat()
