"""`record`: the frozen dataclass the planner's typed records are (results, inputs, catalog rows; the licence
list, which sits below core, stays a plain frozen dataclass).

It is `dataclass(frozen=True)` with the same equality, hash and repr, but those three are written once here for all
records instead of being compiled for each class: Python 3.11 compiles every generated method of every dataclass
at import (a 20-field frozen dataclass took 0.71 ms to make, as a record 0.50 ms; a `gpuplanner plan` process makes
61 of them). Fields, `dataclasses.replace`, `fields`, `asdict` and the frozen `__init__` / `__setattr__` are the
dataclass's own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)


def _getter(names: tuple[str, ...]) -> Callable[[Any], Any]:
    """The named attributes of an object, as one value to compare or hash (a tuple for two or more)."""
    return attrgetter(*names) if names else (lambda _self: ())


def _eq(self: Any, other: object) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented
    compared = self.__record_compared__
    return bool(compared(self) == compared(other))


def _hash(self: Any) -> int:
    return hash(self.__record_hashed__(self))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_shown__)
    return f"{self.__class__.__qualname__}({shown})"


@dataclass_transform(frozen_default=True)
def record(cls: T) -> T:
    """A frozen dataclass whose equality and hash use the fields that `compare` (and `hash`), like dataclass's."""
    made = dataclass(frozen=True, eq=False, repr=False)(cls)
    every = fields(made)
    made.__record_compared__ = staticmethod(_getter(tuple(f.name for f in every if f.compare)))
    made.__record_hashed__ = staticmethod(_getter(tuple(
        f.name for f in every if (f.compare if f.hash is None else f.hash))))
    made.__record_shown__ = tuple(f.name for f in every if f.repr)
    made.__eq__ = _eq
    made.__hash__ = _hash
    made.__repr__ = _repr
    return made
