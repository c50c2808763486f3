"""Figures worked out from objects that never change (records, catalog parts), kept by those objects' identity."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from operator import is_
from typing import Generic, TypeVar

V = TypeVar("V")


class KeptByIdentity(Generic[V]):
    """Values made from `held` objects (and plain `extra` keys), found again while the same objects are asked about:
    the objects are held with their value, so that an identity is never a later object's at the same address. At
    most `most` values, emptied when full (one call, safe while a plan in the app's worker and a fit in another
    thread use it at once, where dropping the oldest would not be)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._kept: dict[tuple[Hashable, ...], tuple[tuple[object, ...], V]] = {}

    def get(self, held: tuple[object, ...], extra: tuple[Hashable, ...], make: Callable[[], V]) -> V:
        key = (*map(id, held), *extra)
        kept = self._kept.get(key)
        if kept is not None and all(map(is_, kept[0], held)):
            return kept[1]
        value = make()
        if len(self._kept) >= self.most:
            self._kept.clear()
        self._kept[key] = (held, value)
        return value
