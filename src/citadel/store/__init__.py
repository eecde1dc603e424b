"""Storage: the :class:`Store` interface and its implementations."""

from __future__ import annotations

from pathlib import Path

from citadel.store.base import ADMIN, PutStatus, ScoredChunk, SearchFilter, Store, TraceQuery
from citadel.store.sqlite import SQLiteStore

__all__ = ["ADMIN", "PutStatus", "SQLiteStore", "ScoredChunk", "SearchFilter", "Store", "TraceQuery", "open_store"]


def open_store(folder: str | Path) -> Store:
    """Open (creating if needed) the store in ``folder``."""
    return SQLiteStore(folder)
