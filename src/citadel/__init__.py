"""citadel: grounded answers from your own documents, every sentence verified.

The public API is what ``__all__`` lists; everything else is internal. ``citadel.verify``
is both the verifier package and callable: ``citadel.verify(claim, source)``.
"""

from __future__ import annotations

from citadel._errors import (
    BackendError,
    CitadelError,
    ConfigError,
    IngestError,
    LimitError,
    NotFoundError,
    RetrievalError,
    StoreError,
    ValidationError,
    VerifyError,
)
from citadel.answers import Answer
from citadel.engine import Citadel
from citadel.generate import FakeGenerator, Generator, register_backend
from citadel.ingest import ChunkSettings, IngestReport
from citadel.models import Chunk, ChunkKind, Document, DocumentSummary
from citadel.pipeline import AskSettings
from citadel.retrieve import Hit, SearchResult
from citadel.store import SearchFilter, Store, open_store
from citadel import verify
from citadel.verify import VerifyResult, verify_batch

__all__ = [
    "Answer",
    "AskSettings",
    "BackendError",
    "Chunk",
    "ChunkKind",
    "ChunkSettings",
    "Citadel",
    "CitadelError",
    "ConfigError",
    "Document",
    "DocumentSummary",
    "FakeGenerator",
    "Generator",
    "Hit",
    "IngestError",
    "IngestReport",
    "LimitError",
    "NotFoundError",
    "RetrievalError",
    "SearchFilter",
    "SearchResult",
    "Store",
    "StoreError",
    "ValidationError",
    "VerifyError",
    "VerifyResult",
    "open_store",
    "register_backend",
    "verify",
    "verify_batch",
]
