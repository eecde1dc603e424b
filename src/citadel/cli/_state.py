"""State shared by CLI commands: the store (a folder or a URL), opened on first use."""

from __future__ import annotations

from citadel._config import resolve_store, shown_store
from citadel.store import Store, open_store


class CliState:
    def __init__(self, store_dir: str | None) -> None:
        self.location = resolve_store(store_dir)
        self.store_dir = shown_store(self.location)  # what messages name (no password)
        self._store: Store | None = None

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = open_store(self.location)
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None
