"""Storage: the :class:`Store` interface and its implementations, chosen by location.

A location is a folder (the SQLite store, the default) or a URL whose scheme names a store
kind: ``postgresql://`` (and ``postgres://``) open :class:`~citadel.store.postgres.PostgresStore`.
Other kinds register a factory with :func:`register_store`, or as an entry point in the group
``citadel.stores`` (name: the scheme; value: a callable taking the URL). Nothing above this
package knows which kind it talks to.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib.metadata import entry_points
from pathlib import Path

from citadel._config import is_store_url
from citadel._errors import ConfigError
from citadel.store.base import ADMIN, PutStatus, ScoredChunk, SearchFilter, Store, TraceQuery
from citadel.store.sqlite import SQLiteStore

__all__ = [
    "ADMIN", "PutStatus", "SQLiteStore", "ScoredChunk", "SearchFilter", "Store", "TraceQuery", "open_store",
    "register_store", "store_kinds",
]  # fmt: skip

StoreFactory = Callable[[str], Store]
_KINDS: dict[str, StoreFactory] = {}


def _postgres(url: str) -> Store:
    from citadel.store.postgres import PostgresStore

    return PostgresStore(url)


def register_store(scheme: str, factory: StoreFactory) -> None:
    """Open URLs ``scheme://...`` with ``factory``."""
    _KINDS[scheme.lower()] = factory


def store_kinds() -> list[str]:
    """The URL schemes a store can be opened with (a folder always opens SQLite)."""
    _load_entry_points()
    return sorted(_KINDS)


def _load_entry_points() -> None:
    for ep in entry_points(group="citadel.stores"):
        if ep.name.lower() not in _KINDS:
            _KINDS[ep.name.lower()] = ep.load()


def open_store(location: str | os.PathLike[str]) -> Store:
    """Open (creating if needed) the store at ``location``: a folder, or a store URL."""
    where = os.fspath(location)
    if not is_store_url(where):
        return SQLiteStore(Path(where))
    scheme = where.split("://", 1)[0].lower()
    if scheme not in _KINDS:
        _load_entry_points()
    factory = _KINDS.get(scheme)
    if factory is None:
        raise ConfigError(f"no store kind for {scheme}:// URLs (known: {', '.join(store_kinds())}; or give a folder)")
    return factory(where)


register_store("postgresql", _postgres)
register_store("postgres", _postgres)
