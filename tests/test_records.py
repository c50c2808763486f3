"""`record` is a frozen dataclass: the same fields, equality, hash, repr and immutability as dataclass(frozen=True)."""

from __future__ import annotations

import dataclasses

import pytest

from gpuplanner.core.records import record


@record
class _Point:
    x: int
    label: str = "a"
    note: str = dataclasses.field(default="", compare=False)


@dataclasses.dataclass(frozen=True)
class _SamePoint:
    x: int
    label: str = "a"
    note: str = dataclasses.field(default="", compare=False)


def test_a_record_compares_hashes_and_prints_like_a_frozen_dataclass() -> None:
    a, b = _Point(1, note="first"), _Point(1, note="second")
    assert a == b and hash(a) == hash(b)  # `note` does not compare
    assert a != _Point(2) and a != _Point(1, label="b")
    assert {a: "kept"}[b] == "kept"
    assert repr(a) == repr(_SamePoint(1, note="first")).replace("_SamePoint", "_Point")
    assert hash(a) == hash(_SamePoint(1))  # dataclass hashes the compared fields' tuple
    assert (a == _SamePoint(1)) is False  # another class is never equal
    assert _Point.__eq__(a, 3) is NotImplemented


def test_a_record_is_frozen_and_works_with_dataclass_tools() -> None:
    a = _Point(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 2  # type: ignore[misc]
    assert dataclasses.replace(a, x=3) == _Point(3)
    assert dataclasses.asdict(a) == {"x": 1, "label": "a", "note": ""}
    assert [f.name for f in dataclasses.fields(a)] == ["x", "label", "note"]


def test_a_record_without_fields_is_equal_to_another() -> None:
    @record
    class Empty:
        pass

    assert Empty() == Empty() and hash(Empty()) == hash(Empty())
