"""The store interface: everything above the store talks only to :class:`Store`.

A store keeps documents (the current version of each, plus the text of every
version for audit), their chunks, access groups, a keyword index, chunk vectors, the audit
log and a small configuration table. Implementations: :mod:`citadel.store.sqlite` (one file,
the default) and :mod:`citadel.store.postgres` (PostgreSQL with pgvector, for several servers
on one database); ``tests/test_store.py`` and the other contract modules run on both.

Every store gives these guarantees (the contract tests hold both to them):

* **Access inside the store.** Every read that can return chunk text, titles, counts or
  traces takes a :class:`SearchFilter`; rows the caller may not read never leave the query.
  A document with no groups is public; a caller sees a restricted document only when they
  share at least one of its groups.
* **Nothing leaks through scores or counts.** Keyword statistics (BM25's document
  frequencies and lengths) are kept per access partition (the set of a document's groups),
  so adding, changing or deleting a restricted document never changes the score or the
  rank a caller outside its groups sees; dense search never scores a vector the caller
  cannot read into their results; :meth:`Store.unembedded_documents` counts only readable
  documents.
* **One transaction per document.** :meth:`Store.put` writes a version, its chunks and
  vectors atomically, replacing the older version everywhere it could be found; a process
  stopped at any moment leaves each document wholly in or out.
* **A trace is as restricted as what it read** (see :mod:`citadel.store.traces`).
* **The generation** (:meth:`Store.generation`) moves with every content write and is the
  same for every process that opens the store, so caches keyed on it agree.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from citadel._errors import StoreError
from citadel.models import Chunk, Document, DocumentSummary
from citadel.text import STOPWORDS

if TYPE_CHECKING:
    from citadel.trace import Trace

PutStatus = Literal["added", "updated", "unchanged"]


@dataclass(frozen=True)
class SearchFilter:
    """Who is asking and what they want to search.

    ``groups`` are the caller's access groups (public documents are always
    visible); ``unrestricted`` is for the store's owner (local admin commands) and
    sees everything. ``doc_ids`` and ``metadata`` narrow the search further.
    """

    groups: frozenset[str] = frozenset()
    unrestricted: bool = False
    doc_ids: frozenset[str] | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    def can_read(self, doc_groups: Sequence[str]) -> bool:
        return self.unrestricted or not doc_groups or bool(self.groups & set(doc_groups))


ADMIN = SearchFilter(unrestricted=True)


@dataclass(frozen=True)
class TraceQuery:
    """Filters for listing traces."""

    limit: int = 50
    since: str | None = None  # ISO timestamp
    abstained: bool | None = None
    doc_id: str | None = None  # traces that retrieved this document
    text: str | None = None  # substring of the question
    caller: str | None = None


@dataclass(frozen=True)
class StoredTrace:
    """One request of the audit log as every store returns it (:meth:`Store.get_trace`,
    :meth:`Store.list_traces`): what was asked, by whom, with which groups and backend, what
    was retrieved and selected, each prompt and raw output, validation errors, per-claim
    verification, the answer, timings and what the abstention threshold was compared with.

    ``to_json()`` is the trace's JSON (``citadel trace --json``, ``GET /v1/traces/ID``);
    ``trace["key"]`` and ``trace.get("key")`` read that JSON too.
    """

    trace_id: str
    created_at: str
    question: str
    caller: str | None
    groups: list[str]
    backend: str
    abstained: bool
    abstention_reason: str | None
    threshold: float | None
    candidates: list[dict[str, Any]]
    notes: list[str]
    evidence: list[dict[str, Any]]
    prompt: list[Any]
    raw_output: list[Any]
    usage: list[Any]
    validation: list[Any]
    verification: list[dict[str, Any]]
    answer: dict[str, Any]
    timings: dict[str, float]
    gate: str | None = None  # "answerability" | "relevance"
    gate_score: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {**{f: getattr(self, f) for f in self.__dataclass_fields__}, "cost": self.cost}

    @property
    def cost(self) -> dict[str, int]:
        """What the answer cost in model work: ``generations`` (backend runs, retries
        included), ``model_calls`` (those that reported tokens: a language model's), and
        ``tokens_in``/``tokens_out`` as the providers reported them (OpenAI's and llama.cpp's
        ``prompt_tokens``/``completion_tokens``, Anthropic's ``input_tokens``/``output_tokens``;
        the extractive backend runs no language model: 0 calls, 0 tokens)."""
        calls = tokens_in = tokens_out = 0
        for usage in self.usage:
            if not isinstance(usage, dict):
                continue
            given = usage.get("prompt_tokens", usage.get("input_tokens"))
            taken = usage.get("completion_tokens", usage.get("output_tokens"))
            if isinstance(given, int) or isinstance(taken, int):
                calls += 1
                tokens_in += given if isinstance(given, int) else 0
                tokens_out += taken if isinstance(taken, int) else 0
        return {"generations": len(self.usage), "model_calls": calls, "tokens_in": tokens_in, "tokens_out": tokens_out}

    def __getitem__(self, key: str) -> Any:
        if key not in self.__dataclass_fields__ and key != "cost":
            raise KeyError(key)
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key, default) if key in self.__dataclass_fields__ or key == "cost" else default


@dataclass(frozen=True)
class ScoredChunk:
    """A chunk with a raw score from one index (higher is better) and its document title.

    ``groups`` are the document's access groups *as read*, in the same query as the
    chunk text (``()``: public); None when the store did not say. The audit log keeps
    them, so a trace stays as restricted as the text it read even if the document is
    deleted or made public while the request runs.
    """

    chunk: Chunk
    score: float
    title: str
    groups: tuple[str, ...] | None = None


@dataclass(frozen=True)
class EmbeddingSpec:
    """Which embedder made a store's vectors: its registered name and dimension."""

    name: str
    dim: int


@dataclass(frozen=True)
class Unembedded:
    """A stored chunk that has no vector yet (keyword-first ingest), with what its vector
    is made from; ``key`` names the exact row, so a vector is never given to the chunk of a
    newer version that took the same id meanwhile."""

    key: tuple[int, str, int]  # (row, chunk_id, version)
    title: str
    chunk: Chunk


@dataclass(frozen=True)
class VersionRecord:
    """One stored version of a document, as the audit keeps it."""

    version: int
    content_hash: str
    title: str
    text: str
    groups: tuple[str, ...]
    indexed_at: str
    replaced_at: str | None


@dataclass(frozen=True)
class DocumentRecord:
    """Everything a store keeps of one document, for moving it to another store: the
    current version, every version's text, the current chunks and their vectors (row ``i``
    for chunk ``i``; None where a chunk has none)."""

    document: Document
    versions: tuple[VersionRecord, ...]
    chunks: tuple[Chunk, ...]
    vectors: tuple[np.ndarray | None, ...]


@dataclass(frozen=True)
class TraceRecord:
    """One audit-log entry as stored: the ``traces`` row (:data:`citadel.store.traces.COLUMNS`,
    JSON columns as text) and its ``trace_docs`` rows (doc_id, version, groups JSON, public)."""

    row: tuple[Any, ...]
    docs: tuple[tuple[str, int, str, bool], ...]


@dataclass(frozen=True)
class ChunkVectors:
    """Vectors for the chunks of one :meth:`Store.put`, row ``i`` for chunk ``i``."""

    spec: EmbeddingSpec
    matrix: np.ndarray  # float32, shape (len(chunks), spec.dim), rows of unit length


_WORD = re.compile(r"\w+", re.UNICODE)


def query_words(query: str) -> list[str]:
    """A keyword query's words, lower-cased: English stopwords left out (they match nearly
    every chunk and barely move BM25) unless the query has nothing else. Every store's
    keyword search starts from these."""
    words = [w.lower() for w in _WORD.findall(query)]
    return [w for w in words if w not in STOPWORDS] or words


def check_put(document: Document, text: str, chunks: Sequence[Chunk], vectors: ChunkVectors | None) -> None:
    """What :meth:`Store.put` refuses before writing anything, in every store: a chunk that
    is not its document's text at its offsets, vectors not one row per chunk."""
    for c in chunks:
        if text[c.start : c.end] != c.text or c.doc_id != document.doc_id:
            raise StoreError(f"chunk {c.chunk_id} does not match its document text")
    if vectors is not None and vectors.matrix.shape != (len(chunks), vectors.spec.dim):
        raise StoreError(
            f"{document.doc_id}: {vectors.matrix.shape} vectors given for {len(chunks)} chunks "
            f"of dimension {vectors.spec.dim}"
        )


class Store(ABC):
    """What every store implements."""

    @abstractmethod
    def current(self, doc_id: str) -> Document | None:
        """The current version of a document, or None."""

    @abstractmethod
    def put(
        self, document: Document, text: str, chunks: Sequence[Chunk], vectors: ChunkVectors | None = None
    ) -> PutStatus:
        """Store one document version atomically, replacing any older version.

        ``document.version`` must be one more than the stored version (or 1); if the
        stored content hash equals ``document.content_hash`` nothing changes.
        ``vectors`` (one row per chunk) are written in the same transaction; the first
        vectors fix the store's :class:`EmbeddingSpec` and vectors of another spec are
        refused with a :class:`~citadel.StoreError`.
        """

    @abstractmethod
    def delete(self, doc_id: str) -> bool:
        """Remove a document, all its versions and chunks. False if it did not exist."""

    @abstractmethod
    def documents(self, where: SearchFilter = ADMIN) -> list[DocumentSummary]:
        """Documents the filter can read, sorted by id."""

    @abstractmethod
    def text(self, doc_id: str, version: int | None = None) -> str:
        """A document version's normalized text (the current version by default)."""

    @abstractmethod
    def chunks(self, doc_id: str, where: SearchFilter = ADMIN) -> list[Chunk]:
        """The current chunks of a document in reading order (empty if not readable)."""

    @abstractmethod
    def get_chunks(self, chunk_ids: Sequence[str], where: SearchFilter) -> list[Chunk]:
        """Chunks by id, skipping any the filter cannot read; in the order given."""

    @abstractmethod
    def keyword_search(self, query: str, k: int, where: SearchFilter) -> list[ScoredChunk]:
        """BM25 over chunk text and titles; best first; only readable chunks."""

    @abstractmethod
    def dense_search(self, vector: np.ndarray, k: int, where: SearchFilter) -> list[ScoredChunk]:
        """Cosine similarity of ``vector`` to stored chunk vectors; best first; only readable
        chunks (vectors a caller cannot read are never scored)."""

    @abstractmethod
    def unembedded(self, limit: int, after: int = 0) -> list[Unembedded]:
        """Up to ``limit`` current chunks without a vector whose row is past ``after``, in
        row order (owner only: this reads every document, for ``citadel embed``)."""

    @abstractmethod
    def count_unembedded(self) -> int:
        """How many current chunks have no vector (owner only)."""

    @abstractmethod
    def add_vectors(self, keys: Sequence[tuple[int, str, int]], vectors: ChunkVectors) -> int:
        """Give the chunks named by ``keys`` (from :meth:`unembedded`) their vectors, row ``i``
        for key ``i``, in one transaction; a chunk that was replaced or deleted meanwhile, or
        already has a vector, is left alone. Vectors of another spec than the store's are
        refused as by :meth:`put`. Returns how many were written."""

    @abstractmethod
    def unembedded_documents(self, where: SearchFilter, examples: int = 3) -> tuple[int, list[str]]:
        """How many documents the filter can read have chunks without a vector (dense search
        cannot find those chunks yet; keyword search can), and the first ``examples`` of their
        ids in id order."""

    @abstractmethod
    def embedding_spec(self) -> EmbeddingSpec | None:
        """The embedder the stored vectors came from, or None if the store has no vectors."""

    @abstractmethod
    def generation(self) -> int:
        """A counter that changes whenever stored content changes (for cache keys)."""

    @abstractmethod
    def get_config(self, key: str) -> Any | None:
        """A JSON value from the store's configuration (for example calibrated thresholds)."""

    @abstractmethod
    def set_config(self, key: str, value: Any) -> None:
        """Set a JSON value in the store's configuration."""

    @abstractmethod
    def add_trace(self, trace: Trace) -> None:
        """Append one request's trace to the audit log."""

    @abstractmethod
    def get_trace(
        self, trace_id: str, where: SearchFilter = ADMIN, caller: str | None = None
    ) -> StoredTrace | None:
        """A trace, or None if it does not exist or the filter may not see it.

        A trace is visible to a caller who could read every document it retrieved, with
        the groups each document had when the request read it (and, if stricter, when
        the trace was written). With ``caller``, only a trace logged for that caller
        label is returned (a key reading its own traces).
        """

    @abstractmethod
    def list_traces(self, where: SearchFilter = ADMIN, query: TraceQuery | None = None) -> list[StoredTrace]:
        """Visible traces, newest first, narrowed by ``query``."""

    # --- moving a whole store (``citadel copy``) -------------------------------------------

    @abstractmethod
    def export_documents(self) -> Iterator[DocumentRecord]:
        """Every document with all it keeps, in doc_id order (owner only)."""

    @abstractmethod
    def import_document(self, record: DocumentRecord) -> None:
        """Write one exported document as it was (its versions, groups, chunks and vectors),
        in one transaction, replacing any document of that id."""

    def import_documents(
        self, records: Iterable[DocumentRecord], on_each: Callable[[DocumentRecord], None] | None = None
    ) -> int:
        """Write exported documents as :meth:`import_document` does, as a bulk load: a store
        may write many documents to one transaction, and each such batch is kept whole or not
        at all (never part of a document). ``on_each`` is called for every document once it
        is committed. Returns how many documents were written.

        This default writes one transaction per document; stores override it with a faster
        path that keeps the same result (:func:`citadel.store.copy.digest` agrees)."""
        written = 0
        for record in records:
            self.import_document(record)
            written += 1
            if on_each:
                on_each(record)
        return written

    @abstractmethod
    def export_traces(self) -> Iterator[TraceRecord]:
        """Every trace of the audit log, oldest first (owner only)."""

    @abstractmethod
    def import_trace(self, record: TraceRecord) -> None:
        """Write one exported trace as it was (a trace already there is left alone)."""

    @abstractmethod
    def config_items(self) -> dict[str, Any]:
        """Every configuration value by key."""

    @abstractmethod
    def close(self) -> None:
        """Release connections and files."""

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
