"""A :class:`~citadel.store.base.Store` in PostgreSQL with pgvector, for several servers on one
database.

The same contract as the SQLite store, kept with PostgreSQL's own parts:

* **One transaction per document**, as in SQLite; a connection pool (``psycopg_pool``) serves
  concurrent callers, and ``SELECT ... FOR UPDATE`` on the document row orders two processes
  writing the same document.
* **Access inside the query**: every read that returns chunk text joins the documents and
  keeps only the access partitions the caller may read.
* **Keyword search is BM25 per access partition**: terms come from PostgreSQL full text search
  (Snowball stemming; English stopwords left out of the query unless it has nothing else, as
  in SQLite); document frequencies and lengths are kept
  per partition (``part_terms``, ``part_stats``) in the write's transaction, and each chunk is
  scored with its own partition's statistics, so a restricted document never changes a score,
  or a count, that a caller outside its groups sees. Title and heading path weigh 0.3 of the
  text, as in SQLite.
* **Dense search** uses pgvector's HNSW index (cosine) with iterative index scans
  (``hnsw.iterative_scan = relaxed_order``), so access filters that remove most candidates
  still return ``k`` rows; the final order is by exact cosine.
* **The generation** is a row every process reads, so caches keyed on it agree across servers.

Open with a ``postgresql://`` URL (``--store`` or ``CITADEL_STORE``); the database must exist
and allow ``CREATE EXTENSION vector`` (``make postgres`` starts one).
"""

from __future__ import annotations

import json
import re
import struct
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from citadel._errors import ConfigError, NotFoundError, StoreError
from citadel.models import Chunk, ChunkKind, Document, DocumentSummary, Location
from citadel.store import traces as trace_rows
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
from citadel.store.pg_migrations import migrate

if TYPE_CHECKING:
    from citadel.trace import Trace

#: BM25 as SQLite's FTS5 computes it: k1, b, and the weight of title + headings against the text
K1, B, CONTEXT_WEIGHT = 1.2, 0.75, 0.3
#: HNSW build and search settings (pgvector defaults m=16, ef_construction=64)
HNSW_M, HNSW_EF_CONSTRUCTION, HNSW_EF_SEARCH = 16, 128, 100
#: documents :meth:`PostgresStore.import_documents` writes per transaction
IMPORT_BATCH = 250
#: memory for building the HNSW index after a bulk load (pgvector builds far faster when the
#: graph fits: 1M vectors of 384 dimensions need about 2 GB)
INDEX_BUILD_MEMORY = "2GB"
#: the longest any one statement of a request may run (every pooled connection). The HNSW
#: build and the vacuum that end a bulk load are not requests: they run without this limit
#: (1M vectors take longer than two minutes to index on 2 cores)
STATEMENT_TIMEOUT = "120s"
_CHUNK_COLS = ('c.chunk_id, c.doc_id, c.version, c.text, c.start, c."end", c.page, c.heading_path, c.kind, '
               'c.location')  # fmt: skip
#: per visible partition: its size and average lengths (``stats``), each query term's idf (``idf``)
_BM25_STATS = """stats AS (
                SELECT s.part_id, s.chunks::float AS n,
                       greatest(s.len_text::float / greatest(s.chunks, 1), 1e-9) AS avg_text,
                       greatest(s.len_context::float / greatest(s.chunks, 1), 1e-9) AS avg_context
                FROM part_stats s WHERE s.part_id = ANY(%(parts)s)
            ),
            idf AS (
                SELECT t.part_id, t.term,
                       greatest(ln((st.n - t.df + 0.5) / (t.df + 0.5)), 1e-6) AS idf
                FROM part_terms t JOIN stats st ON st.part_id = t.part_id
                WHERE t.part_id = ANY(%(parts)s) AND t.term = ANY(%(terms)s)
            )"""
#: one posting's BM25 score (``p`` the posting, ``i`` its term's idf, ``st`` its partition)
_BM25_TERM = (f"i.idf * (p.tf_text * ({K1} + 1) / (p.tf_text + {K1} * (1 - {B} + {B} * p.len_text / st.avg_text)) "
              f"+ {CONTEXT_WEIGHT} * p.tf_context * ({K1} + 1) "
              f"/ (p.tf_context + {K1} * (1 - {B} + {B} * p.len_context / st.avg_context)))")  # fmt: skip
#: documents :meth:`PostgresStore.export_documents` reads per batch
EXPORT_BATCH = 500
#: a document row with its groups (alias ``d``), as :func:`_document` reads it
_DOCUMENT_COLS = ("doc_id, version, title, source_path, media_type, metadata, content_hash, indexed_at, "
                  "(SELECT coalesce(array_agg(grp ORDER BY grp), '{}') FROM doc_groups g WHERE g.doc_id = d.doc_id)")
#: the tables a bulk load fills (vacuumed and analyzed after it)
_LOADED_TABLES = ("documents", "doc_groups", "versions", "chunks", "postings", "part_terms", "part_stats",
                  "chunk_vectors")  # fmt: skip
#: A document's groups (alias ``d``), sorted, as an array (empty when public)
_GROUPS = "(SELECT coalesce(array_agg(g.grp ORDER BY g.grp), '{}') FROM doc_groups g WHERE g.doc_id = d.doc_id)"


class PostgresStore(Store):
    """A :class:`Store` in a PostgreSQL database (see the module docstring)."""

    def __init__(self, url: str, pool_size: int = 8) -> None:
        try:
            import psycopg
            from psycopg_pool import ConnectionPool
        except ImportError as exc:
            raise ConfigError(
                "a postgresql:// store needs the packages psycopg[binary] and psycopg-pool "
                "(pip install 'citadel[postgres]')"
            ) from exc
        self.url = url
        self._psycopg = psycopg
        try:
            with psycopg.connect(url, autocommit=True) as conn:
                migrate(conn)
            self._pool = ConnectionPool(url, min_size=1, max_size=pool_size, open=True,
                                        kwargs={"autocommit": True}, configure=_configure)
            self._pool.wait(timeout=30)
        except psycopg.Error as exc:
            raise ConfigError(f"cannot open the PostgreSQL store at {_safe(url)}: {exc}") from exc
        self._lock = threading.RLock()
        self._index_dim: int | None = None

    # --- transactions -------------------------------------------------------------------

    @contextmanager
    def _write(self, content: bool = True) -> Iterator[Any]:
        """One write transaction (a cursor); ``content`` writes move the generation."""
        psycopg = self._psycopg
        try:
            with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
                yield cur
                if content:
                    cur.execute("UPDATE meta SET value = value + 1 WHERE key = 'generation'")
        except psycopg.Error as exc:
            raise StoreError(f"the store could not write ({exc}); nothing of this write was kept") from exc

    def _read(
        self, sql: str, params: Sequence[Any] | dict[str, Any] = (), setup: Sequence[str] = ()
    ) -> list[tuple[Any, ...]]:
        psycopg = self._psycopg
        try:
            with self._pool.connection() as conn:
                if setup:
                    with conn.transaction(), conn.cursor() as cur:
                        for statement in setup:
                            cur.execute(statement)
                        cur.execute(sql, params)
                        return list(cur.fetchall())
                return list(conn.execute(sql, params).fetchall())
        except psycopg.Error as exc:
            raise StoreError(f"store query failed: {exc}") from exc

    # --- documents ----------------------------------------------------------------------

    def current(self, doc_id: str) -> Document | None:
        rows = self._read(f"SELECT {_DOCUMENT_COLS} FROM documents d WHERE doc_id = %s", (doc_id,))
        return _document(rows[0]) if rows else None

    def put(
        self, document: Document, text: str, chunks: Sequence[Chunk], vectors: ChunkVectors | None = None
    ) -> PutStatus:
        check_put(document, text, chunks, vectors)
        _check_text(document.doc_id, text)
        with self._write() as cur:
            if vectors is not None:
                self._check_spec(cur, vectors.spec)
            cur.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (document.doc_id,))
            cur.execute("SELECT version, content_hash FROM documents WHERE doc_id = %s FOR UPDATE",
                        (document.doc_id,))
            row = cur.fetchone()
            if row and row[1] == document.content_hash:
                return "unchanged"
            expected = row[0] + 1 if row else 1
            if document.version != expected:
                raise StoreError(
                    f"{document.doc_id}: version {document.version} given, {expected} expected "
                    "(another process changed it; run the ingest again)"
                )
            if row:
                self._remove_chunks(cur, document.doc_id)
                cur.execute("DELETE FROM doc_groups WHERE doc_id = %s", (document.doc_id,))
                cur.execute("UPDATE versions SET replaced_at = %s WHERE doc_id = %s AND replaced_at IS NULL",
                            (_now(), document.doc_id))
            part_id = self._partition(cur, document.groups)
            cur.execute(
                "INSERT INTO documents (doc_id, version, title, source_path, media_type, metadata, content_hash, "
                "public, part_id, indexed_at) VALUES (%s,%s,%s,%s,%s,%s::jsonb,%s,%s,%s,%s) "
                "ON CONFLICT (doc_id) DO UPDATE SET version = EXCLUDED.version, title = EXCLUDED.title, "
                "source_path = EXCLUDED.source_path, media_type = EXCLUDED.media_type, metadata = EXCLUDED.metadata, "
                "content_hash = EXCLUDED.content_hash, public = EXCLUDED.public, part_id = EXCLUDED.part_id, "
                "indexed_at = EXCLUDED.indexed_at",
                (document.doc_id, document.version, document.title, document.source_path, document.media_type,
                 json.dumps(document.metadata, default=str), document.content_hash, document.public, part_id,
                 document.indexed_at.isoformat()),
            )  # fmt: skip
            cur.executemany("INSERT INTO doc_groups (doc_id, grp) VALUES (%s, %s)",
                            [(document.doc_id, g) for g in sorted(set(document.groups))])
            cur.execute(
                "INSERT INTO versions (doc_id, version, content_hash, title, text, groups, indexed_at) "
                "VALUES (%s,%s,%s,%s,%s,%s::jsonb,%s) ON CONFLICT (doc_id, version) DO UPDATE SET "
                "content_hash = EXCLUDED.content_hash, title = EXCLUDED.title, text = EXCLUDED.text, "
                "groups = EXCLUDED.groups, indexed_at = EXCLUDED.indexed_at, replaced_at = NULL",
                (document.doc_id, document.version, document.content_hash, document.title, text,
                 json.dumps(sorted(document.groups)), document.indexed_at.isoformat()),
            )  # fmt: skip
            rowids = self._insert_chunks(cur, document, chunks, part_id)
            self._index_chunks(cur, {part_id: rowids})
            if vectors is not None and rowids:
                self._copy_vectors(cur, [(rowid, part_id, vectors.matrix[i]) for i, rowid in enumerate(rowids)])
            return "updated" if row else "added"

    def _partition(self, cur: Any, groups: Sequence[str]) -> int:
        key = ",".join(sorted(set(groups)))
        cur.execute("INSERT INTO partitions (groups_key) VALUES (%s) ON CONFLICT (groups_key) DO NOTHING", (key,))
        cur.execute("SELECT part_id FROM partitions WHERE groups_key = %s", (key,))
        return int(cur.fetchone()[0])

    def _check_spec(self, cur: Any, spec: EmbeddingSpec, index: bool = True) -> None:
        cur.execute("SELECT pg_advisory_xact_lock(hashtext('citadel-embedding'))")
        cur.execute("SELECT value FROM config WHERE key = 'embedding'")
        row = cur.fetchone()
        if row is None:
            cur.execute("INSERT INTO config (key, value) VALUES ('embedding', %s)",
                        (json.dumps({"name": spec.name, "dim": spec.dim}),))
            if index:
                self._create_index(cur, spec.dim)
            return
        stored = json.loads(row[0])
        if (stored.get("name"), stored.get("dim")) != (spec.name, spec.dim):
            raise StoreError(
                f"this store's vectors come from the embedder {stored.get('name')!r} "
                f"({stored.get('dim')} dimensions), not {spec.name!r} ({spec.dim}); ingest with "
                "the same embedder, or into a new store"
            )
        if index and self._index_dim != spec.dim:  # a config copied in before any vector: make the index too
            self._create_index(cur, spec.dim)

    def _create_index(self, cur: Any, dim: int) -> None:
        cur.execute(
            f"CREATE INDEX IF NOT EXISTS chunk_vectors_hnsw ON chunk_vectors USING hnsw "
            f"((vec::vector({int(dim)})) vector_cosine_ops) "
            f"WITH (m = {HNSW_M}, ef_construction = {HNSW_EF_CONSTRUCTION})"
        )
        self._index_dim = int(dim)

    def _insert_chunks(self, cur: Any, document: Document, chunks: Sequence[Chunk], part_id: int) -> list[int]:
        """Insert a document's chunks; their rowids in chunk order (see :meth:`_insert_many`)."""
        return self._insert_many(cur, [(document, chunks, part_id)])[0]

    def _insert_many(
        self, cur: Any, docs: Sequence[tuple[Document, Sequence[Chunk], int]]
    ) -> list[list[int]]:
        """Insert the chunks of several documents (document, its chunks, its partition) in one
        statement, their tsvectors made by the server; per document, its rowids in chunk
        order. The chunks are searchable once :meth:`_index_chunks` has run."""
        rows = [(d, part_id, ord_, c) for d, chunks, part_id in docs for ord_, c in enumerate(chunks)]
        if not rows:
            return [[] for _ in docs]
        cur.execute(
            'INSERT INTO chunks (chunk_id, doc_id, version, ord, start, "end", page, heading_path, kind, text, '
            "part_id, location, tsv_text, tsv_context, len_text, len_context) "
            "SELECT u.id, u.doc, u.ver, u.ord, u.start, u.stop, u.page, u.path::jsonb, u.kind, u.text, "
            "u.part, u.loc::jsonb, t.v, x.v, "
            "coalesce((SELECT sum(array_length(positions, 1)) FROM unnest(t.v)), 0), "
            "coalesce((SELECT sum(array_length(positions, 1)) FROM unnest(x.v)), 0) "
            "FROM unnest(%(ids)s::text[], %(docs)s::text[], %(vers)s::int[], %(ords)s::int[], %(starts)s::int[], "
            "%(stops)s::int[], %(pages)s::int[], %(paths)s::text[], %(kinds)s::text[], %(texts)s::text[], "
            "%(parts)s::int[], %(locs)s::text[], %(contexts)s::text[]) "
            "WITH ORDINALITY AS u(id, doc, ver, ord, start, stop, page, path, kind, text, part, loc, context, n), "
            "LATERAL (SELECT to_tsvector('citadel', u.text) AS v) t, "
            "LATERAL (SELECT to_tsvector('citadel', u.context) AS v) x "
            "ORDER BY u.n RETURNING rowid, chunk_id",
            {"ids": [c.chunk_id for _, _, _, c in rows], "docs": [c.doc_id for _, _, _, c in rows],
             "vers": [c.version for _, _, _, c in rows], "ords": [o for _, _, o, _ in rows],
             "starts": [c.start for _, _, _, c in rows], "stops": [c.end for _, _, _, c in rows],
             "pages": [c.page for _, _, _, c in rows],
             "paths": [json.dumps(list(c.heading_path)) for _, _, _, c in rows],
             "kinds": [c.kind.value for _, _, _, c in rows], "texts": [c.text for _, _, _, c in rows],
             "parts": [p for _, p, _, _ in rows],
             "locs": [json.dumps(c.location.as_dict()) if c.location.as_dict() else None for _, _, _, c in rows],
             "contexts": [" ".join((d.title, *c.heading_path)) for d, _, _, c in rows]},
        )  # fmt: skip
        by_id = {str(chunk_id): int(rowid) for rowid, chunk_id in cur.fetchall()}
        return [[by_id[c.chunk_id] for c in chunks] for _, chunks, _ in docs]

    def _index_chunks(self, cur: Any, by_part: dict[int, list[int]]) -> None:
        """Write the postings of these new chunks and add them to their partitions' BM25
        statistics: one statement for the postings, one pair per partition for the counts."""
        rowids = [r for ids in by_part.values() for r in ids]
        if not rowids:
            return
        cur.execute(
            "INSERT INTO postings (term, part_id, rowid, tf_text, tf_context, len_text, len_context) "
            "SELECT u.lexeme, c.part_id, c.rowid, sum(u.tf_text), sum(u.tf_context), c.len_text, c.len_context "
            "FROM chunks c, LATERAL ("
            "SELECT lexeme, coalesce(array_length(positions, 1), 1) AS tf_text, 0 AS tf_context "
            "FROM unnest(c.tsv_text) UNION ALL "
            "SELECT lexeme, 0, coalesce(array_length(positions, 1), 1) FROM unnest(c.tsv_context)) u "
            "WHERE c.rowid = ANY(%s) GROUP BY u.lexeme, c.part_id, c.rowid, c.len_text, c.len_context",
            (rowids,),
        )
        for part_id, ids in sorted(by_part.items()):
            if ids:
                self._count_terms(cur, ids, part_id, +1)

    def _copy_vectors(self, cur: Any, rows: Sequence[tuple[int, int, np.ndarray]]) -> None:
        """``(rowid, part_id, vector)`` rows into ``chunk_vectors``, by a binary COPY (pgvector's
        binary form: the dimension, a reserved int16, big-endian float32 values)."""
        if not rows:
            return
        out = [b"PGCOPY\n\xff\r\n\x00", struct.pack("!ii", 0, 0)]
        for rowid, part_id, vec in rows:
            values = np.asarray(vec, dtype=np.float32).reshape(-1)
            out.append(struct.pack("!hiqiiihh", 3, 8, int(rowid), 4, int(part_id), 4 + 4 * len(values),
                                   len(values), 0))  # fmt: skip
            out.append(values.astype(">f4").tobytes())
        out.append(struct.pack("!h", -1))
        with cur.copy("COPY chunk_vectors (rowid, part_id, vec) FROM STDIN (FORMAT BINARY)") as copy:
            copy.write(b"".join(out))

    def _count_terms(self, cur: Any, rowids: Sequence[int], part_id: int, sign: int) -> None:
        """Add (``sign`` +1) or take back (-1) these chunks in their partition's BM25 statistics."""
        cur.execute(
            "INSERT INTO part_terms (part_id, term, df) "
            "SELECT %s, u.lexeme, %s * count(DISTINCT c.rowid) FROM chunks c, "
            "unnest(c.tsv_text || c.tsv_context) u WHERE c.rowid = ANY(%s) GROUP BY u.lexeme ORDER BY u.lexeme "
            "ON CONFLICT (part_id, term) DO UPDATE SET df = part_terms.df + EXCLUDED.df",
            (part_id, sign, list(rowids)),
        )
        cur.execute(
            "INSERT INTO part_stats (part_id, chunks, len_text, len_context) "
            "SELECT %s, %s * count(*), %s * coalesce(sum(len_text), 0), %s * coalesce(sum(len_context), 0) "
            "FROM chunks WHERE rowid = ANY(%s) "
            "ON CONFLICT (part_id) DO UPDATE SET chunks = part_stats.chunks + EXCLUDED.chunks, "
            "len_text = part_stats.len_text + EXCLUDED.len_text, "
            "len_context = part_stats.len_context + EXCLUDED.len_context",
            (part_id, sign, sign, sign, list(rowids)),
        )
        if sign < 0:
            cur.execute("DELETE FROM part_terms WHERE part_id = %s AND df <= 0", (part_id,))

    def _remove_chunks(self, cur: Any, doc_id: str) -> None:
        cur.execute("SELECT rowid, part_id FROM chunks WHERE doc_id = %s", (doc_id,))
        by_part: dict[int, list[int]] = {}
        for rowid, part_id in cur.fetchall():
            by_part.setdefault(int(part_id), []).append(int(rowid))
        for part_id, rowids in by_part.items():
            self._count_terms(cur, rowids, part_id, -1)
        cur.execute("DELETE FROM chunks WHERE doc_id = %s", (doc_id,))

    def delete(self, doc_id: str) -> bool:
        with self._write() as cur:
            cur.execute("SELECT 1 FROM documents WHERE doc_id = %s FOR UPDATE", (doc_id,))
            if cur.fetchone() is None:
                return False
            self._remove_chunks(cur, doc_id)
            cur.execute("DELETE FROM doc_groups WHERE doc_id = %s", (doc_id,))
            cur.execute("DELETE FROM versions WHERE doc_id = %s", (doc_id,))
            cur.execute("DELETE FROM documents WHERE doc_id = %s", (doc_id,))
            return True

    def documents(self, where: SearchFilter = ADMIN) -> list[DocumentSummary]:
        sql, params = _filter_sql(where)
        rows = self._read(
            f"SELECT d.doc_id, d.version, d.title, d.media_type, d.source_path, d.indexed_at, {_GROUPS}, "
            "(SELECT count(*) FROM chunks c WHERE c.doc_id = d.doc_id) "
            f"FROM documents d WHERE {sql} ORDER BY d.doc_id COLLATE \"C\"",
            params,
        )
        return [
            DocumentSummary(
                doc_id=r[0], version=r[1], title=r[2], media_type=r[3], source_path=r[4],
                indexed_at=datetime.fromisoformat(r[5]), groups=tuple(r[6]), chunks=r[7],
            )  # fmt: skip
            for r in rows
        ]

    def text(self, doc_id: str, version: int | None = None) -> str:
        if version is None:
            rows = self._read(
                "SELECT v.text FROM versions v JOIN documents d ON d.doc_id = v.doc_id AND d.version = v.version "
                "WHERE v.doc_id = %s",
                (doc_id,),
            )
        else:
            rows = self._read("SELECT text FROM versions WHERE doc_id = %s AND version = %s", (doc_id, version))
        if not rows:
            raise NotFoundError(f"no document {doc_id!r}" + (f" version {version}" if version else ""))
        return str(rows[0][0])

    # --- chunks -------------------------------------------------------------------------

    def chunks(self, doc_id: str, where: SearchFilter = ADMIN) -> list[Chunk]:
        sql, params = _filter_sql(where)
        rows = self._read(
            f"SELECT {_CHUNK_COLS} FROM chunks c JOIN documents d ON d.doc_id = c.doc_id "
            f"WHERE c.doc_id = %(doc)s AND {sql} ORDER BY c.ord",
            {"doc": doc_id, **params},
        )
        return [_chunk(r) for r in rows]

    def get_chunks(self, chunk_ids: Sequence[str], where: SearchFilter) -> list[Chunk]:
        if not chunk_ids:
            return []
        sql, params = _filter_sql(where)
        rows = self._read(
            f"SELECT {_CHUNK_COLS} FROM chunks c JOIN documents d ON d.doc_id = c.doc_id "
            f"WHERE c.chunk_id = ANY(%(ids)s) AND {sql}",
            {"ids": list(chunk_ids), **params},
        )
        found = {r[0]: _chunk(r) for r in rows}
        return [found[i] for i in chunk_ids if i in found]

    def keyword_search(self, query: str, k: int, where: SearchFilter) -> list[ScoredChunk]:
        """BM25 with each visible partition's own statistics (see the module docstring);
        English stopwords are left out unless the query has nothing else. Every posting of
        the query's terms in the caller's partitions is scored (exact), read from the
        postings' covering index alone."""
        words = query_words(query)
        if not words or k <= 0:
            return []
        terms = [t for (t,) in self._read(
            "SELECT DISTINCT lexeme FROM unnest(to_tsvector('citadel', %s)) ORDER BY lexeme", (" ".join(words),)
        )]  # fmt: skip
        if not terms:
            return []
        parts = self._visible_partitions(where)
        if not parts:
            return []
        sql, params = _filter_sql(where)
        # every row of a visible partition is readable unless doc ids or metadata narrow it:
        # then the postings' scores are cut to k only after the documents' filter
        narrowed = where.doc_ids is not None or bool(where.metadata)
        rows = self._read(
            f"""
            WITH {_BM25_STATS},
            scored AS (
                SELECT p.rowid, sum({_BM25_TERM}) AS score
                FROM postings p
                JOIN idf i ON i.part_id = p.part_id AND i.term = p.term
                JOIN stats st ON st.part_id = p.part_id
                WHERE p.term = ANY(%(terms)s) AND p.part_id = ANY(%(parts)s)
                GROUP BY p.rowid
                {"" if narrowed else "ORDER BY score DESC, p.rowid LIMIT %(k)s"}
            )
            SELECT {_CHUNK_COLS}, d.title, {_GROUPS}, s.score
            FROM scored s JOIN chunks c ON c.rowid = s.rowid JOIN documents d ON d.doc_id = c.doc_id
            WHERE {sql}
            ORDER BY s.score DESC, c.chunk_id LIMIT %(k)s
            """,  # only constants are formatted into the SQL; values are parameters
            {"parts": parts, "terms": terms, "k": k, **params},
        )
        return [ScoredChunk(_chunk(r), float(r[-1]), r[-3], tuple(r[-2])) for r in rows]

    def dense_search(self, vector: np.ndarray, k: int, where: SearchFilter) -> list[ScoredChunk]:
        if k <= 0:
            return []
        spec = self.embedding_spec()
        if spec is None:
            return []
        query = np.asarray(vector, dtype=np.float32).reshape(-1)
        if query.shape[0] != spec.dim:
            raise StoreError(f"query vector has {query.shape[0]} dimensions, the store's have {spec.dim}")
        parts = self._visible_partitions(where)
        if not parts:
            return []
        sql, params = _filter_sql(where)
        dim = int(spec.dim)
        rows = self._read(
            f"SELECT {_CHUNK_COLS}, d.title, {_GROUPS}, 1 - (v.vec::vector({dim}) <=> %(q)s::vector({dim})) "
            "FROM chunk_vectors v JOIN chunks c ON c.rowid = v.rowid JOIN documents d ON d.doc_id = c.doc_id "
            f"WHERE v.part_id = ANY(%(parts)s) AND {sql} "
            f"ORDER BY v.vec::vector({dim}) <=> %(q)s::vector({dim}) LIMIT %(k)s",
            {"q": _vec(query), "parts": parts, "k": k, **params},
            setup=("SET LOCAL hnsw.iterative_scan = relaxed_order",
                   f"SET LOCAL hnsw.ef_search = {max(HNSW_EF_SEARCH, 2 * int(k))}"),
        )
        hits = [ScoredChunk(_chunk(r), float(r[-1]), r[-3], tuple(r[-2])) for r in rows]
        hits.sort(key=lambda h: (-h.score, h.chunk.chunk_id))  # relaxed order: exact cosine decides
        return hits

    def unembedded(self, limit: int, after: int = 0) -> list[Unembedded]:
        rows = self._read(
            f"SELECT {_CHUNK_COLS}, d.title, c.rowid FROM chunks c JOIN documents d ON d.doc_id = c.doc_id "
            "WHERE c.rowid > %s AND NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.rowid = c.rowid) "
            "ORDER BY c.rowid LIMIT %s",
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
        written = 0
        with self._write() as cur:
            self._check_spec(cur, vectors.spec)
            for i, (rowid, chunk_id, version) in enumerate(keys):
                cur.execute(
                    "INSERT INTO chunk_vectors (rowid, part_id, vec) SELECT c.rowid, c.part_id, %s::vector "
                    "FROM chunks c WHERE c.rowid = %s AND c.chunk_id = %s AND c.version = %s "
                    "ON CONFLICT (rowid) DO NOTHING",
                    (_vec(vectors.matrix[i]), rowid, chunk_id, version),
                )
                written += cur.rowcount
        return written

    def unembedded_documents(self, where: SearchFilter, examples: int = 3) -> tuple[int, list[str]]:
        sql, params = _filter_sql(where)
        ids = [str(r[0]) for r in self._read(
            'SELECT DISTINCT c.doc_id COLLATE "C" FROM chunks c JOIN documents d ON d.doc_id = c.doc_id '
            f"WHERE {sql} AND NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.rowid = c.rowid) ORDER BY 1",
            params,
        )]
        return len(ids), ids[:examples]

    def embedding_spec(self) -> EmbeddingSpec | None:
        value = self.get_config("embedding")
        return EmbeddingSpec(str(value["name"]), int(value["dim"])) if value else None

    def _visible_partitions(self, where: SearchFilter) -> list[int]:
        rows = self._read("SELECT part_id, groups_key FROM partitions ORDER BY part_id")
        return [int(part_id) for part_id, key in rows if where.can_read(key.split(",") if key else [])]

    # --- audit log ----------------------------------------------------------------------

    def add_trace(self, trace: Trace) -> None:
        data = trace.to_json()
        doc_ids = sorted({str(e["doc_id"]) for e in [*data["candidates"], *data["evidence"]]})
        with self._write(content=False) as cur:
            cur.execute(
                "SELECT d.doc_id, g.grp FROM documents d LEFT JOIN doc_groups g ON g.doc_id = d.doc_id "
                "WHERE d.doc_id = ANY(%s)",
                (doc_ids,),
            )
            current = trace_rows.current_groups(doc_ids, cur.fetchall())
            row = trace_rows.row_values(data)
            marks = ", ".join(["%s"] * len(row))
            cur.execute(f"INSERT INTO traces ({', '.join(trace_rows.COLUMNS)}) VALUES ({marks})", row)
            cur.executemany(
                "INSERT INTO trace_docs (trace_id, doc_id, version, groups, public) VALUES (%s,%s,%s,%s::jsonb,%s) "
                "ON CONFLICT DO NOTHING",
                [(t, d, v, g, bool(p)) for t, d, v, g, p in trace_rows.doc_rows(data, current)],
            )

    def get_trace(
        self, trace_id: str, where: SearchFilter = ADMIN, caller: str | None = None
    ) -> StoredTrace | None:
        sql, params = _trace_visible_sql(where)
        mine = "" if caller is None else " AND t.caller = %s"
        rows = self._read(
            f"{trace_rows.SELECT} WHERE t.trace_id = %s AND {sql}{mine}",
            (trace_id, *params, *([] if caller is None else [caller])),
        )
        return trace_rows.row_to_trace(rows[0]) if rows else None

    def list_traces(self, where: SearchFilter = ADMIN, query: TraceQuery | None = None) -> list[StoredTrace]:
        q = query or TraceQuery()
        sql, params = _trace_visible_sql(where)
        filters, args = trace_rows.query_sql(q, "%s", "strpos(lower(t.question), lower(%s)) > 0")
        clauses, args = [sql, *filters], [*params, *args]
        rows = self._read(
            f"{trace_rows.SELECT} WHERE {' AND '.join(clauses)} ORDER BY t.created_at DESC, t.trace_id DESC LIMIT %s",
            (*args, max(0, q.limit)),
        )
        return [trace_rows.row_to_trace(r) for r in rows]

    # --- moving a whole store ------------------------------------------------------------

    def export_documents(self) -> Iterator[DocumentRecord]:
        """Every document, :data:`EXPORT_BATCH` at a time (three queries a batch)."""
        last = ""
        while True:
            ids = [str(r[0]) for r in self._read(
                'SELECT doc_id FROM documents WHERE doc_id COLLATE "C" > %s ORDER BY doc_id COLLATE "C" LIMIT %s',
                (last, EXPORT_BATCH))]  # fmt: skip
            if not ids:
                return
            last = ids[-1]
            documents = {str(r[0]): _document(r) for r in self._read(
                f"SELECT {_DOCUMENT_COLS} FROM documents d WHERE doc_id = ANY(%s)", (ids,))}  # fmt: skip
            versions: dict[str, list[VersionRecord]] = {}
            for r in self._read(
                "SELECT doc_id, version, content_hash, title, text, groups, indexed_at, replaced_at FROM versions "
                "WHERE doc_id = ANY(%s) ORDER BY doc_id, version", (ids,)):  # fmt: skip
                versions.setdefault(str(r[0]), []).append(VersionRecord(r[1], r[2], r[3], r[4], tuple(r[5]), r[6], r[7]))
            chunks: dict[str, list[tuple[Any, ...]]] = {}
            for r in self._read(
                f"SELECT {_CHUNK_COLS}, v.vec::text FROM chunks c LEFT JOIN chunk_vectors v ON v.rowid = c.rowid "
                "WHERE c.doc_id = ANY(%s) ORDER BY c.doc_id, c.ord", (ids,)):  # fmt: skip
                chunks.setdefault(str(r[1]), []).append(r)
            for doc_id in ids:
                if doc_id not in documents:  # deleted since the page was read
                    continue
                rows = chunks.get(doc_id, [])
                vectors = tuple(_parse_vec(r[-1]) if r[-1] is not None else None for r in rows)
                yield DocumentRecord(documents[doc_id], tuple(versions.get(doc_id, ())),
                                     tuple(_chunk(r) for r in rows), vectors)  # fmt: skip

    def import_document(self, record: DocumentRecord) -> None:
        self.import_documents([record])

    def import_documents(
        self, records: Iterable[DocumentRecord], on_each: Callable[[DocumentRecord], None] | None = None
    ) -> int:
        """A bulk load: :data:`IMPORT_BATCH` documents per transaction, their chunks' postings
        and BM25 counts written once per batch, vectors by COPY. Into a store that holds no
        vectors yet, the HNSW index is dropped for the load and built once at the end (far
        faster than growing it row by row); a load cut short leaves it to the next write that
        brings vectors (searches stay exact, only slower, until then)."""
        spec = self.embedding_spec()
        defer = spec is not None and not self._read("SELECT 1 FROM chunk_vectors LIMIT 1")
        if defer:
            with self._write(content=False) as cur:
                cur.execute("DROP INDEX IF EXISTS chunk_vectors_hnsw")
            self._index_dim = None
        written = 0
        batch: list[DocumentRecord] = []
        for record in records:
            batch.append(record)
            if len(batch) >= IMPORT_BATCH:
                written += self._import_batch(batch, spec, defer, on_each)
                batch = []
        if batch:
            written += self._import_batch(batch, spec, defer, on_each)
        if defer and spec is not None:
            with self._write(content=False) as cur:
                cur.execute(f"SET LOCAL maintenance_work_mem = '{INDEX_BUILD_MEMORY}'")
                cur.execute("SET LOCAL statement_timeout = 0")
                self._create_index(cur, spec.dim)
        if written >= IMPORT_BATCH:  # a real bulk load: fresh statistics, and a visibility map
            self._vacuum()  # for BM25's index-only scans over the postings
        return written

    def _vacuum(self) -> None:
        try:
            with self._pool.connection() as conn:
                conn.execute("SET statement_timeout = 0")
                try:
                    conn.execute(f"VACUUM (ANALYZE) {', '.join(_LOADED_TABLES)}")
                finally:
                    conn.execute(f"SET statement_timeout = '{STATEMENT_TIMEOUT}'")
        except self._psycopg.Error as exc:
            raise StoreError(f"the store could not vacuum after the load: {exc}") from exc

    def _import_batch(
        self, batch: Sequence[DocumentRecord], spec: EmbeddingSpec | None, defer: bool,
        on_each: Callable[[DocumentRecord], None] | None,
    ) -> int:  # fmt: skip
        for record in batch:
            if any(v is not None for v in record.vectors) and spec is None:
                raise StoreError("vectors need the store's embedding config first (copy the config before documents)")
            _check_text(record.document.doc_id, "".join(v.text for v in record.versions))
        runs: list[list[DocumentRecord]] = [[]]  # a document given twice: the later run replaces it
        for record in batch:
            if any(r.document.doc_id == record.document.doc_id for r in runs[-1]):
                runs.append([])
            runs[-1].append(record)
        with self._write() as cur:
            if spec is not None and any(v is not None for r in batch for v in r.vectors):
                self._check_spec(cur, spec, index=not defer)
            for run in runs:
                self._import_run(cur, run)
        if on_each:
            for record in batch:
                on_each(record)
        return len(batch)

    def _import_run(self, cur: Any, run: Sequence[DocumentRecord]) -> None:
        """Write exported documents of distinct ids, as they were, replacing any of those ids:
        a few statements for the whole run."""
        ids = [r.document.doc_id for r in run]
        cur.execute("SELECT pg_advisory_xact_lock(hashtext(x)) FROM unnest(%s::text[]) AS x ORDER BY x", (ids,))
        cur.execute("SELECT doc_id FROM documents WHERE doc_id = ANY(%s) ORDER BY doc_id FOR UPDATE", (ids,))
        for (doc_id,) in cur.fetchall():
            self._remove_chunks(cur, doc_id)
            for table in ("doc_groups", "versions", "documents"):
                cur.execute(f"DELETE FROM {table} WHERE doc_id = %s", (doc_id,))
        parts: dict[tuple[str, ...], int] = {}
        for r in run:
            key = tuple(sorted(set(r.document.groups)))
            if key not in parts:
                parts[key] = self._partition(cur, key)
        part_of = [parts[tuple(sorted(set(r.document.groups)))] for r in run]
        cur.executemany(
            "INSERT INTO documents (doc_id, version, title, source_path, media_type, metadata, content_hash, "
            "public, part_id, indexed_at) VALUES (%s,%s,%s,%s,%s,%s::jsonb,%s,%s,%s,%s)",
            [(d.doc_id, d.version, d.title, d.source_path, d.media_type, json.dumps(d.metadata, default=str),
              d.content_hash, d.public, part_id, d.indexed_at.isoformat())
             for d, part_id in ((r.document, p) for r, p in zip(run, part_of, strict=True))],
        )  # fmt: skip
        groups = [(r.document.doc_id, g) for r in run for g in sorted(set(r.document.groups))]
        if groups:
            cur.executemany("INSERT INTO doc_groups (doc_id, grp) VALUES (%s, %s)", groups)
        cur.executemany(
            "INSERT INTO versions (doc_id, version, content_hash, title, text, groups, indexed_at, replaced_at) "
            "VALUES (%s,%s,%s,%s,%s,%s::jsonb,%s,%s)",
            [(r.document.doc_id, v.version, v.content_hash, v.title, v.text, json.dumps(list(v.groups)),
              v.indexed_at, v.replaced_at) for r in run for v in r.versions],
        )  # fmt: skip
        rowids = self._insert_many(cur, [(r.document, r.chunks, p) for r, p in zip(run, part_of, strict=True)])
        by_part: dict[int, list[int]] = {}
        vectors: list[tuple[int, int, np.ndarray]] = []
        for record, part_id, ids_ in zip(run, part_of, rowids, strict=True):
            by_part.setdefault(part_id, []).extend(ids_)
            vectors += [(rowid, part_id, vec) for rowid, vec in zip(ids_, record.vectors, strict=True)
                        if vec is not None]  # fmt: skip
        self._index_chunks(cur, by_part)
        self._copy_vectors(cur, vectors)

    def export_traces(self) -> Iterator[TraceRecord]:
        rows = self._read(f"SELECT {', '.join(trace_rows.COLUMNS)} FROM traces ORDER BY created_at, trace_id")
        for row in rows:
            docs = self._read("SELECT doc_id, version, groups::text, public FROM trace_docs WHERE trace_id = %s "
                              'ORDER BY doc_id COLLATE "C", version', (row[0],))
            yield TraceRecord(tuple(row), tuple((str(d), int(v), json.dumps(json.loads(g)), bool(p))
                                                for d, v, g, p in docs))

    def import_trace(self, record: TraceRecord) -> None:
        with self._write(content=False) as cur:
            marks = ", ".join(["%s"] * len(trace_rows.COLUMNS))
            cur.execute(f"INSERT INTO traces ({', '.join(trace_rows.COLUMNS)}) VALUES ({marks}) "
                        "ON CONFLICT DO NOTHING", record.row)
            if cur.rowcount:
                cur.executemany(
                    "INSERT INTO trace_docs (trace_id, doc_id, version, groups, public) "
                    "VALUES (%s,%s,%s,%s::jsonb,%s) ON CONFLICT DO NOTHING",
                    [(record.row[0], d, v, g, p) for d, v, g, p in record.docs],
                )

    def config_items(self) -> dict[str, Any]:
        return {str(k): json.loads(v) for k, v in self._read("SELECT key, value FROM config ORDER BY key")}

    # --- configuration ------------------------------------------------------------------

    def generation(self) -> int:
        return int(self._read("SELECT value FROM meta WHERE key = 'generation'")[0][0])

    def get_config(self, key: str) -> Any | None:
        rows = self._read("SELECT value FROM config WHERE key = %s", (key,))
        return json.loads(rows[0][0]) if rows else None

    def set_config(self, key: str, value: Any) -> None:
        with self._write(content=False) as cur:
            cur.execute("INSERT INTO config (key, value) VALUES (%s, %s) "
                        "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value", (key, json.dumps(value)))

    def close(self) -> None:
        with self._lock:
            self._pool.close()


def _configure(conn: Any) -> None:
    """Each pooled connection: pgvector's type, and no statement left running forever."""
    conn.execute(f"SET statement_timeout = '{STATEMENT_TIMEOUT}'")


def _document(r: Sequence[Any]) -> Document:
    return Document(
        doc_id=r[0], version=r[1], title=r[2], source_path=r[3], media_type=r[4], metadata=r[5],
        content_hash=r[6], indexed_at=datetime.fromisoformat(r[7]), groups=tuple(r[8]),
    )  # fmt: skip


def _chunk(r: Sequence[Any]) -> Chunk:
    return Chunk(
        chunk_id=r[0], doc_id=r[1], version=r[2], text=r[3], start=r[4], end=r[5], page=r[6],
        heading_path=tuple(r[7]), kind=ChunkKind(r[8]),
        location=Location.model_validate(r[9]) if r[9] else Location(),
    )  # fmt: skip


def _vec(row: np.ndarray) -> str:
    """A vector as pgvector's text form: exact float32 values, shortest repr."""
    return "[" + ",".join(repr(float(x)) for x in np.asarray(row, dtype=np.float32)) + "]"


def _parse_vec(text: str) -> np.ndarray:
    """pgvector's text form back to float32 (its digits are the shortest that round-trip)."""
    return np.array(text.strip("[]").split(","), dtype=np.float64).astype(np.float32)


def _check_text(doc_id: str, text: str) -> None:
    if "\x00" in text:
        raise StoreError(f"{doc_id}: the text holds a NUL character, which PostgreSQL cannot store")


def _filter_sql(where: SearchFilter) -> tuple[str, dict[str, Any]]:
    """SQL over alias ``d`` (documents) that keeps only rows the filter may read, with named
    parameters (prefixed ``f_``)."""
    clauses: list[str] = ["true"]
    params: dict[str, Any] = {}
    if not where.unrestricted:
        clauses.append("(d.public OR EXISTS (SELECT 1 FROM doc_groups g WHERE g.doc_id = d.doc_id "
                       "AND g.grp = ANY(%(f_groups)s)))")
        params["f_groups"] = sorted(where.groups)
    if where.doc_ids is not None:
        clauses.append("d.doc_id = ANY(%(f_ids)s)")
        params["f_ids"] = sorted(where.doc_ids)
    for n, (key, value) in enumerate(sorted(where.metadata.items())):
        clauses.append(f"(d.metadata ->> %(f_k{n})s = %(f_v{n})s OR (jsonb_typeof(d.metadata -> %(f_k{n})s) = 'array' "
                       f"AND d.metadata -> %(f_k{n})s @> to_jsonb(ARRAY[%(f_v{n})s]::text[])))")
        params[f"f_k{n}"], params[f"f_v{n}"] = key, str(value)
    return " AND ".join(clauses), params


def _trace_visible_sql(where: SearchFilter) -> tuple[str, list[Any]]:
    if where.unrestricted:
        return "true", []
    return (
        "NOT EXISTS (SELECT 1 FROM trace_docs td WHERE td.trace_id = t.trace_id AND NOT td.public "
        "AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(td.groups) g WHERE g = ANY(%s)))",
        [sorted(where.groups)],
    )


def _safe(url: str) -> str:
    """A URL without its password, for messages."""
    return re.sub(r"//([^:/@]+):[^@]*@", r"//\1:***@", url)


def _now() -> str:
    return datetime.now(UTC).isoformat()


__all__ = ["PostgresStore"]
