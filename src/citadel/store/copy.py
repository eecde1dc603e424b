"""Moving a whole store to another kind (``citadel copy SRC DST``): SQLite to PostgreSQL and
back, with every version, group, chunk, vector, trace and configuration value, verified.

The copy goes through the :class:`~citadel.store.base.Store` interface only (``export_*`` and
``import_*``), so any two kinds of store can be copied between. It refuses a destination that
already holds documents or traces. Afterwards :func:`digest` of both must agree: counts and
SHA-256 checksums per kind of content, computed from what each store returns; a mismatch is
an error, never a silent partial copy.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from citadel._errors import ConfigError, StoreError
from citadel.store.base import ADMIN, DocumentRecord, Store, TraceQuery


@dataclass
class CopyReport:
    documents: int = 0
    traces: int = 0
    config: int = 0
    digest: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"documents": self.documents, "traces": self.traces, "config": self.config, "digest": self.digest}


def copy_store(
    source: Store,
    target: Store,
    *,
    on_start: Callable[[int], None] | None = None,
    on_progress: Callable[[str], None] | None = None,
) -> CopyReport:
    """Copy everything ``source`` keeps into the empty store ``target``, then verify it."""
    if target.documents(ADMIN) or target.list_traces(ADMIN, TraceQuery(limit=1)):
        raise ConfigError("the destination store is not empty; copy into a new folder or an empty database")
    report = CopyReport()
    items = source.config_items()
    if "embedding" in items:  # first: it fixes the vectors' dimension (and PostgreSQL's index)
        target.set_config("embedding", items["embedding"])
    for key, value in items.items():
        if key != "embedding":
            target.set_config(key, value)
    report.config = len(items)
    if on_start:
        on_start(len(source.documents(ADMIN)))
    def each(record: DocumentRecord) -> None:
        if on_progress:
            on_progress(record.document.doc_id)

    report.documents = target.import_documents(source.export_documents(), on_each=each)
    for trace in source.export_traces():
        target.import_trace(trace)
        report.traces += 1
    want, got = digest(source), digest(target)
    if want != got:
        differs = sorted(k for k in want if want[k] != got.get(k))
        raise StoreError(f"the copy does not match its source in: {', '.join(differs)}")
    report.digest = want
    return report


def digest(store: Store) -> dict[str, Any]:
    """Counts and SHA-256 checksums of a store's content, by kind (documents, versions,
    chunks, vectors, traces, config): equal for two stores that keep the same things."""
    hashes = {k: hashlib.sha256() for k in ("documents", "versions", "chunks", "vectors", "traces", "config")}
    counts = dict.fromkeys(hashes, 0)

    def add(kind: str, value: Any) -> None:
        hashes[kind].update(json.dumps(value, sort_keys=True, default=str).encode() + b"\n")
        counts[kind] += 1

    for record in store.export_documents():
        d = record.document
        add("documents", [d.doc_id, d.version, d.title, d.source_path, d.media_type, list(d.groups), d.metadata,
                          d.content_hash, d.indexed_at.isoformat()])
        for v in record.versions:
            add("versions", [d.doc_id, v.version, v.content_hash, v.title, hashlib.sha256(v.text.encode()).hexdigest(),
                             list(v.groups), v.indexed_at, v.replaced_at])
        for chunk, vec in zip(record.chunks, record.vectors, strict=True):
            add("chunks", chunk.model_dump(mode="json"))
            if vec is not None:
                add("vectors", [chunk.chunk_id, hashlib.sha256(np.asarray(vec, dtype="<f4").tobytes()).hexdigest()])
    for trace in store.export_traces():
        add("traces", [list(trace.row), [list(x) for x in trace.docs]])
    for key, value in sorted(store.config_items().items()):
        add("config", [key, value])
    return {k: {"count": counts[k], "sha256": hashes[k].hexdigest()} for k in hashes}
