"""`record` is a frozen dataclass: the same fields, equality, hash, repr and immutability as dataclass(frozen=True)."""

from __future__ import annotations

import dataclasses
import functools
import pickle
from collections.abc import Callable
from typing import ClassVar

import pytest

from gpuplanner.core.base.records import record, replaced


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


@record
class _Made:
    name: str
    sizes: tuple[int, ...] = (1, 2)
    tags: list[str] = dataclasses.field(default_factory=list)
    total: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum(self.sizes))  # the frozen dataclass idiom for a derived field


def test_a_record_is_built_as_a_frozen_dataclass_builds_it() -> None:
    """__init__ as dataclass writes it: positional or keyword, defaults, a fresh default factory value each time,
    __post_init__; a missing or unknown argument is a TypeError; nothing can be assigned or deleted afterwards."""
    a, b = _Made("a"), _Made(name="b", sizes=(3, 4), tags=["x"])
    assert (a.name, a.sizes, a.tags, a.total) == ("a", (1, 2), [], 3)
    assert (b.sizes, b.tags, b.total) == ((3, 4), ["x"], 7)
    assert _Made("c").tags is not a.tags
    assert dataclasses.replace(b, sizes=(10,)).total == 10
    with pytest.raises(TypeError):
        _Made()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _Made("d", colour="red")  # type: ignore[call-arg]
    for change in (lambda: setattr(a, "name", "z"), lambda: setattr(a, "other", 1), lambda: delattr(a, "name")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            change()
    assert a.name == "a" and not hasattr(a, "other")


@record
class _Checked:
    x: int

    def __post_init__(self) -> None:
        if self.x < 0:
            raise ValueError("negative")


@record
class _Cached:
    x: int

    @functools.cached_property
    def doubled(self) -> int:
        return 2 * self.x


def test_replaced_is_dataclasses_replace_for_a_record() -> None:
    point = _Point(1, label="b", note="kept")
    assert replaced(point, x=2) == dataclasses.replace(point, x=2) == _Point(2, label="b")
    assert replaced(point, x=2).note == "kept" and point.x == 1  # the original is left as it is
    with pytest.raises(dataclasses.FrozenInstanceError):
        replaced(point, x=2).x = 3  # type: ignore[misc]
    with pytest.raises(TypeError, match="no field y"):
        replaced(point, y=2)
    with pytest.raises(ValueError, match="negative"):  # a record that checks its fields still checks them
        replaced(_Checked(1), x=-1)
    cached = _Cached(1)
    assert cached.doubled == 2 and replaced(cached, x=5).doubled == 10  # no value cached from the old fields


def test_a_record_hash_is_kept_but_never_carried_to_another_record() -> None:
    inner = _Point(1)
    outer = _Made("a", sizes=(3,), total=2)
    nested = {inner: outer}
    assert nested[_Point(1)] is outer and hash(inner) == hash(_Point(1))  # kept, and the same as worked out anew
    changed = replaced(_Point(1, label="b"), label="c")
    assert hash(changed) == hash(_Point(1, label="c")) and changed == _Point(1, label="c")
    assert hash(dataclasses.replace(inner, x=5)) == hash(_Point(5))
    # A pickled copy (another process's string hashes differ) takes none: it works its hash out where it is read.
    copy = pickle.loads(pickle.dumps(inner))
    assert "_record_hash" not in copy.__dict__ and copy == inner and hash(copy) == hash(inner)
    assert dataclasses.asdict(inner) == {"x": 1, "label": "a", "note": ""}


def test_records_of_one_shape_each_take_their_own_names_defaults_and_factories() -> None:
    """Two records with the same shape (three fields, a factory in the middle, no __post_init__) share one compiled
    __init__ template; each keeps its own parameter names, defaults, factory and error messages."""

    @record
    class Left:
        a: int
        b: list[int] = dataclasses.field(default_factory=list)
        c: str = "left"

    @record
    class Right:
        x: int
        y: dict[str, int] = dataclasses.field(default_factory=dict)
        z: str = "right"

    left, right = Left(1), Right(x=2, z="given")
    assert (left.a, left.b, left.c) == (1, [], "left") and (right.x, right.y, right.z) == (2, {}, "given")
    assert Left(1).b is not left.b and Left(1, [5]).b == [5]
    assert Left.__init__.__code__ is not Right.__init__.__code__
    assert Left.__init__.__qualname__.endswith("Left.__init__")
    with pytest.raises(TypeError, match=r"Right.__init__\(\) missing 1 required positional argument: 'x'"):
        Right()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'a'"):
        Right(a=1)  # type: ignore[call-arg]


def test_a_field_without_a_default_after_one_with_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="non-default argument 'y' follows default argument"):
        @record
        class _Wrong:
            x: int = 1
            y: int  # type: ignore[misc]


_Counted = ClassVar  # a class variable's marker under another name, which dataclass still reads as ClassVar


def _annotated(make: Callable[[type], type]) -> type:
    """One class body with every kind of annotation dataclass reads apart, made by `make`."""
    class Annotated:
        size: int
        names: tuple[str, ...] = ()
        shared: ClassVar[int] = 3
        aliased: _Counted[str] = "kept on the class"
        given: dataclasses.InitVar[int | None] = None
        left_out: float | None = dataclasses.field(default=None, metadata={"export": False})
    return make(Annotated)


_Annotated = _annotated(record)
_SameAnnotated = _annotated(dataclasses.dataclass(frozen=True))


def _described(kind: type) -> list[tuple[object, ...]]:
    return [(item.name, item.type, item.default, item.init, item.compare, dict(item.metadata), item._field_type)
            for item in kind.__dataclass_fields__.values()]  # type: ignore[attr-defined]


def test_a_record_reads_its_annotations_as_dataclass_does() -> None:
    """A record's fields are dataclass's: each type the annotation's text, a class variable (under any name) and an
    init-only value read as dataclass reads them, the class's annotations as written."""
    assert _described(_Annotated) == _described(_SameAnnotated)
    assert [item.type for item in dataclasses.fields(_Annotated)] == ["int", "tuple[str, ...]", "float | None"]
    assert _Annotated.__annotations__ == _SameAnnotated.__annotations__
    assert _Annotated.shared == 3 and _Annotated.aliased == "kept on the class"
    assert _Annotated(1).left_out is None
