"""Vectors filled in later: a keyword-first ingest (``citadel ingest --no-embed``) stores
documents searchable by keyword at once, and :func:`embed_missing` (``citadel embed``) gives
their chunks vectors afterwards, so dense search finds them too.

Work goes in row order, a batch at a time, each batch's vectors written in one transaction:
stopping at any moment keeps every batch already written, and running it again goes on with
what is still missing. A chunk replaced by a newer version while its vector was computed is
left alone (the newer version's chunk has no vector and is picked up by the next run).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from citadel._errors import ConfigError
from citadel.ingest.pipeline import EMBED_CALL_CHUNKS, resolve_embedder
from citadel.limits import check_deadline
from citadel.retrieve.embedders import Embedder, embedding_text
from citadel.store.base import ChunkVectors, EmbeddingSpec, Store

#: chunks read from the store and written back per transaction
EMBED_STORE_BATCH = 256


@dataclass
class EmbedReport:
    chunks: int = 0  # vectors written
    replaced: int = 0  # chunks replaced or deleted while their vector was computed (left alone)
    remaining: int = 0  # chunks still without a vector afterwards (written meanwhile by an ingest)
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        return {"chunks": self.chunks, "replaced": self.replaced, "remaining": self.remaining,
                "seconds": round(self.seconds, 2)}


def embed_missing(
    store: Store,
    embedder: Embedder | Literal["default"] = "default",
    *,
    on_start: Callable[[int], None] | None = None,
    on_progress: Callable[[str], None] | None = None,
) -> EmbedReport:
    """Give every current chunk without a vector its vector (see the module docstring)."""
    model = resolve_embedder(store, embedder)
    if model is None:  # pragma: no cover - resolve_embedder returns one for "default"
        raise ConfigError("no embedder to compute vectors with")
    started = time.perf_counter()
    report = EmbedReport()
    if on_start:
        on_start(store.count_unembedded())
    spec = EmbeddingSpec(model.name, model.dim)
    after = 0
    while True:
        check_deadline("the embedding")
        todo = store.unembedded(EMBED_STORE_BATCH, after)
        if not todo:
            break
        texts = [embedding_text(u.title, u.chunk.heading_path, u.chunk.text) for u in todo]
        parts = []
        for start in range(0, len(texts), EMBED_CALL_CHUNKS):
            if start:
                check_deadline("the embedding")
            parts.append(model.embed_batch(texts[start:start + EMBED_CALL_CHUNKS]))
        written = store.add_vectors([u.key for u in todo], ChunkVectors(spec, np.concatenate(parts)))
        report.chunks += written
        report.replaced += len(todo) - written
        after = todo[-1].key[0]
        if on_progress:
            for u in todo:
                on_progress(u.chunk.doc_id)
    report.remaining = store.count_unembedded()
    report.seconds = time.perf_counter() - started
    return report
