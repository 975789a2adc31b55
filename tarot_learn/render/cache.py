"""A small thread-safe LRU cache bounded by bytes rather than by entries.

Card images range from a few kilobytes (a 40 px index card) to a few megabytes (a 1200 px face),
so counting entries would either waste memory or evict too eagerly.

>>> c = ByteLRU(budget=10)
>>> c.put("a", b"12345", 5); c.put("b", b"67890", 5); c.get("a")
b'12345'
>>> c.put("c", b"x", 1); "b" in c, "a" in c   # "b" was least recently used
(False, True)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Hashable

__all__ = ["ByteLRU"]


class ByteLRU:
    """Keeps values until their total size passes ``budget`` bytes, dropping the least used."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: Hashable) -> Any | None:
        with self._lock:
            item = self._items.get(key)
            if item is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return item[0]

    def put(self, key: Hashable, value: Any, size: int) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.used -= old[1]
            self._items[key] = (value, size)
            self.used += size
            while self.used > self.budget and len(self._items) > 1:
                _, (_, dropped) = self._items.popitem(last=False)
                self.used -= dropped

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.used = 0
            self.hits = self.misses = 0

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)
