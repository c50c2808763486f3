"""How `record` reads a class's fields and builds its records: as dataclass reads them, and a record of many fields
as one of few."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

from gpuplanner.records import ONE_BY_ONE_FIELDS, record


@record
class _Section:
    PATH: ClassVar[str] = "training"
    steps: int = 1


def _shape_of(kind: type) -> tuple[object, ...]:
    """What dataclass records on a class: each field's attributes, the class attributes the fields leave, the match
    arguments and the parameters."""
    every = tuple((f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.hash, f.compare,
                   dict(f.metadata), f.kw_only, f._field_type)  # type: ignore[attr-defined]
                  for f in kind.__dataclass_fields__.values())  # type: ignore[attr-defined]
    left = tuple((name, kind.__dict__.get(name, "(none)")) for name in kind.__dataclass_fields__)  # type: ignore[attr-defined]
    return every, left, kind.__match_args__, repr(kind.__dataclass_params__)  # type: ignore[attr-defined]


def test_a_record_reads_its_fields_as_dataclass_does() -> None:
    """`record` reads a class's fields as dataclass reads them: the same fields,
    defaults, factories, metadata, class attributes and match arguments as dataclass reads, a ClassVar no field,
    and a mutable default or a field() without an annotation refused as dataclass refuses it."""

    def body() -> dict[str, object]:
        return {"__annotations__": {"a": "int", "b": "str", "c": "list[int]", "d": "float", "e": "ClassVar[int]"},
                "b": "x", "c": dataclasses.field(default_factory=list, metadata={"unit": "GB"}),
                "d": dataclasses.field(default=1.5, compare=False, repr=False), "e": 3, "__module__": __name__}

    made = record(type("Shaped", (), body()))
    plain = dataclasses.dataclass(init=False, eq=False, repr=False)(type("Shaped", (), body()))
    assert _shape_of(made) == _shape_of(plain)
    assert [f.name for f in dataclasses.fields(made)] == ["a", "b", "c", "d"] and made.e == 3  # type: ignore[attr-defined]
    assert [f.name for f in dataclasses.fields(_Section)] == ["steps"] and _Section.PATH == "training"
    assert _Section.__match_args__ == ("steps",) and _Section(2) == _Section(steps=2)  # type: ignore[attr-defined]
    without_class_var = {**body(), "__annotations__": {"a": "int", "b": "str", "c": "list[int]", "d": "float"}}
    del without_class_var["e"]
    assert _shape_of(record(type("Plain", (), dict(without_class_var)))) == _shape_of(
        dataclasses.dataclass(init=False, eq=False, repr=False)(type("Plain", (), dict(without_class_var))))
    with pytest.raises(ValueError, match="mutable default <class 'list'> for field c is not allowed"):
        record(type("Shared", (), {"__annotations__": {"c": "list[int]"}, "c": [], "__module__": __name__}))
    with pytest.raises(TypeError, match="'c' is a field but has no type annotation"):
        record(type("Unannotated", (), {"__annotations__": {}, "c": dataclasses.field(default=1),
                                        "__module__": __name__}))


def test_a_record_of_many_fields_is_built_as_one_of_few() -> None:
    """Beyond ONE_BY_ONE_FIELDS a record's fields are written together: the same values, defaults, fresh factory
    values and __post_init__ as a frozen dataclass, the same errors, and still nothing can be assigned."""
    names = [f"f{index}" for index in range(ONE_BY_ONE_FIELDS + 4)]

    def body() -> dict[str, object]:
        made: dict[str, object] = {"__annotations__": dict.fromkeys(names, "int"), "__module__": __name__}
        made["f9"] = dataclasses.field(default_factory=list)
        made.update({name: index for index, name in enumerate(names) if index > 9})
        made["__post_init__"] = lambda self: object.__setattr__(self, "f11", self.f0 + self.f10)
        made["__annotations__"]["f9"] = "list[int]"  # type: ignore[index]
        return made

    made = record(type("Wide", (), body()))
    plain = dataclasses.dataclass(frozen=True)(type("Wide", (), body()))
    args = tuple(range(9))
    a, b = made(*args), plain(*args)
    assert dataclasses.asdict(a) == dataclasses.asdict(b) == {**{n: i for i, n in enumerate(names[:9])}, "f9": [],
                                                               "f10": 10, "f11": 10}
    assert made(*args).f9 is not a.f9 and made(*args, f9=[1]).f9 == [1]
    assert [f.name for f in dataclasses.fields(a)] == names and list(vars(a)) == names
    with pytest.raises(TypeError, match=r"missing 1 required positional argument: 'f8'"):
        made(*args[:8])
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.f0 = 5
