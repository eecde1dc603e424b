"""A small thread-safe memo: values remembered by key, the least recently used dropped past a size."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """Values remembered by key, the least recently used dropped past ``size`` (thread-safe).

    Callers get what they asked for even when one call brings in more keys than ``size``
    or another thread drops a key meanwhile: a value is read once, under the lock, and
    never looked up again after eviction could have run."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    def get(self, key: K) -> V | None:
        """The remembered value, or None (a read counts as a use)."""
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def clear(self) -> None:
        """Forget everything (the size stays)."""
        with self._lock:
            self._items.clear()

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._store([(key, value)])

    def get_many(self, keys: Sequence[K], compute: Callable[[list[K]], Iterable[V]]) -> list[V]:
        """One value per key: remembered ones as they are, the others computed once each
        (``compute`` gets the distinct missing keys, in order, outside the lock) and remembered."""
        with self._lock:
            known: dict[K, V] = {}
            for k in keys:
                if k in self._items and k not in known:
                    self._items.move_to_end(k)
                    known[k] = self._items[k]
        missing = list(dict.fromkeys(k for k in keys if k not in known))
        if missing:
            fresh = list(zip(missing, compute(missing), strict=True))
            known.update(fresh)
            with self._lock:
                self._store(fresh)
        return [known[k] for k in keys]

    def _store(self, items: Iterable[tuple[K, V]]) -> None:  # under the lock
        if self.size <= 0:
            return
        for k, v in items:
            self._items[k] = v
            self._items.move_to_end(k)
        while len(self._items) > self.size:
            self._items.popitem(last=False)
