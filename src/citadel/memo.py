"""A small thread-safe memo: values remembered by key, the oldest dropped past a size."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """Values remembered by key, the least recently added dropped past ``size`` (thread-safe)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get_many(self, keys: Sequence[K], compute: Callable[[list[K]], Iterable[V]]) -> list[V]:
        """One value per key: remembered ones as they are, the others computed once each
        (``compute`` gets the distinct missing keys, in order) and remembered."""
        with self._lock:
            known = {k: self._items[k] for k in keys if k in self._items}
        missing = list(dict.fromkeys(k for k in keys if k not in known))
        if missing:
            fresh = compute(missing)
            with self._lock:
                for k, v in zip(missing, fresh, strict=True):
                    known[k] = self._items[k] = v
                while len(self._items) > self.size:
                    self._items.popitem(last=False)
        return [known[k] for k in keys]
