"""State shared by CLI commands: the store folder, opened on first use."""

from __future__ import annotations

from citadel._config import resolve_store_dir
from citadel.store import Store, open_store


class CliState:
    def __init__(self, store_dir: str | None) -> None:
        self.store_dir = resolve_store_dir(store_dir)
        self._store: Store | None = None

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = open_store(self.store_dir)
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None
