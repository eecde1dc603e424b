"""citadel: grounded answers from your own documents, every sentence verified.

The public API is what ``__all__`` lists; everything else is internal.
"""

from __future__ import annotations

from citadel._errors import (
    BackendError,
    CitadelError,
    ConfigError,
    IngestError,
    NotFoundError,
    RetrievalError,
    StoreError,
    ValidationError,
    VerifyError,
)
from citadel.ingest import ChunkSettings, IngestReport, ingest
from citadel.models import Chunk, ChunkKind, Document, DocumentSummary
from citadel.store import SearchFilter, Store, open_store

__all__ = [
    "BackendError",
    "Chunk",
    "ChunkKind",
    "ChunkSettings",
    "CitadelError",
    "ConfigError",
    "Document",
    "DocumentSummary",
    "IngestError",
    "IngestReport",
    "NotFoundError",
    "RetrievalError",
    "SearchFilter",
    "Store",
    "StoreError",
    "ValidationError",
    "VerifyError",
    "ingest",
    "open_store",
]
