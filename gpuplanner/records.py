"""`record`: the frozen dataclass the planner's typed records are (results, inputs, catalog rows, the calibration
the estimates run on). It sits below the core and the calibration, which both make their records with it (the core
through core.base.records).

It behaves as `dataclass(frozen=True)`: the same fields, `__init__`, equality, hash and repr, and no attribute can
be assigned or deleted (FrozenInstanceError). But equality, hash, repr and the frozen `__setattr__` / `__delattr__`
are written once here for every record, and `__init__`, as dataclass writes it for a frozen class (every field set
with object.__setattr__, defaults and default factories, __post_init__), is compiled once per shape (how many
fields, which have factories, whether there is a __post_init__) and renamed for each class, when its first record is
made. Python 3.11 compiles every generated method of every dataclass at import: a 20-field frozen dataclass took
0.71 ms to make, as a record 0.24 ms with its own compiled __init__; a `gpuplanner plan` process defines 92 records
and makes records of 66. `dataclasses.replace`, `fields` and `asdict` work on records as on any dataclass.
"""

from __future__ import annotations

import builtins
import dataclasses
import functools
import sys
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, fields
from operator import attrgetter
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, dataclass_transform

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound=type)
R = TypeVar("R", bound="DataclassInstance")


NOT_EXPORTED = {"export": False}  # field metadata core.results.export reads: the field stays out of the JSON
FLATTENED = {"flatten": True}  # the record's fields are written at this level of the JSON


def _getter(names: tuple[str, ...]) -> Callable[[Any], Any]:
    """The named attributes of an object, as one value to compare or hash (a tuple for two or more)."""
    return attrgetter(*names) if names else (lambda _self: ())


def _eq(self: Any, other: object) -> bool:
    compared = self.__record_compared__
    if other.__class__ is not self.__class__:
        return NotImplemented
    return bool(compared(self) == compared(other))


# Where a record keeps its hash once worked out: it is frozen, so its fields (and their hashes) never change. A
# record's nested fields were hashed again at every lookup (a plan's searches and estimates are found by workload,
# model, GPU and calibration records: about 4,600 nested hashes a 70B plan). `replaced` and `dataclasses.replace`
# build a new record without it; a pickled record leaves it behind (a string's hash differs between processes).
_HASH_KEPT = "_record_hash"


def _hash(self: Any) -> int:
    state = self.__dict__
    found = state.get(_HASH_KEPT)
    if found is None:
        found = state[_HASH_KEPT] = hash(self.__record_hashed__(self))
    return found


def _getstate(self: Any) -> dict[str, Any]:
    state = self.__dict__
    return {name: value for name, value in state.items() if name != _HASH_KEPT} if _HASH_KEPT in state else state


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_shown__)
    return f"{self.__class__.__qualname__}({shown})"


def _frozen_setattr(self: Any, name: str, value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


_USE_FACTORY = object()  # an __init__ argument left out: the field's default factory makes its value


# Up to this many fields a record's __init__ sets them one by one; more are written into its __dict__ together,
# which compiles in a third of the time (the 25 larger shapes of a `plan` process took 6 ms to compile one by one)
# and runs faster (a 46-field site block: 11.9 us one by one, 6.6 us together; 3 fields: 1.1 us, 1.7 us together).
ONE_BY_ONE_FIELDS = 8


@functools.cache
def _init_template(count: int, factories: tuple[int, ...], post_init: bool) -> CodeType:
    """The compiled __init__ of every record with `count` fields, default factories at the positions `factories`
    and, if `post_init`, a __post_init__: parameters _p0, _p1, ... set in order (a factory's value when its argument
    is left out), each with object.__setattr__ or, beyond ONE_BY_ONE_FIELDS, all into the record's __dict__ (what
    object.__setattr__ does for a field, which no descriptor holds), then __post_init__. Compiled once per shape;
    each class renames a copy."""
    parameters = [f"_p{index}" for index in range(count)]
    values = [f"(_factory_{index}() if {name} is _USE_FACTORY else {name})" if index in factories else name
              for index, name in enumerate(parameters)]
    if count > ONE_BY_ONE_FIELDS:
        body = [f"    self.__dict__.update(_zip(_names, ({', '.join(values)},)))"]
    else:
        body = [f"    _set(self, {name!r}, {value})" for name, value in zip(parameters, values, strict=True)]
    if post_init:
        body.append("    self.__post_init__()")
    scope: dict[str, Any] = {}
    exec(f"def __init__({', '.join(['self', *parameters])}):\n" + ("\n".join(body) or "    pass"), scope)
    code: CodeType = scope["__init__"].__code__
    return code


def _defaults(every: tuple[Field[Any], ...]) -> tuple[object, ...]:
    """The __init__ parameters' defaults (a left-out factory field's is _USE_FACTORY), refused as dataclass refuses
    a field without a default after one with."""
    defaults: list[object] = []
    for item in every:
        if item.default is not MISSING:
            defaults.append(item.default)
        elif item.default_factory is not MISSING:
            defaults.append(_USE_FACTORY)
        elif defaults:
            raise TypeError(f"non-default argument {item.name!r} follows default argument")
    return tuple(defaults)


def _frozen_init(cls: type, every: tuple[Field[Any], ...]) -> Callable[..., None]:
    """The __init__ dataclass writes for a frozen class: the fields in order as parameters (with their defaults),
    each set as object.__setattr__ sets it, then __post_init__ if the class has one. Its code is the shape's template
    (_init_template) with the fields' names: compiling one per class took 0.19 ms of every record's creation."""
    names = tuple(item.name for item in every)
    factories = tuple(index for index, item in enumerate(every) if item.default_factory is not MISSING)
    template = _init_template(len(every), factories, hasattr(cls, "__post_init__"))
    renamed = dict(zip((f"_p{index}" for index in range(len(names))), names, strict=True))
    code = template.replace(
        co_varnames=("self", *names), co_name="__init__", co_qualname=f"{cls.__qualname__}.__init__",
        co_consts=tuple(renamed.get(value, value) if isinstance(value, str) else value
                        for value in template.co_consts))
    scope: dict[str, Any] = {"__builtins__": builtins, "_set": object.__setattr__, "_USE_FACTORY": _USE_FACTORY,
                             "_zip": zip, "_names": names,
                             **{f"_factory_{index}": every[index].default_factory for index in factories}}
    init = FunctionType(code, scope, "__init__", _defaults(every) or None)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _init_on_first_call(cls: type, every: tuple[Field[Any], ...]) -> Callable[..., None]:
    """A stand-in __init__ that makes the class's own (_frozen_init) when the first record of the class is made,
    puts it in its place and runs it: a process makes records of only some of its classes (a `plan` process, 66
    of 92)."""
    _defaults(every)  # a field order dataclass refuses is refused when the class is made

    def first_init(self: Any, *args: Any, **kwargs: Any) -> None:
        init = _frozen_init(cls, every)
        type.__setattr__(cls, "__init__", init)
        init(self, *args, **kwargs)

    first_init.__name__, first_init.__qualname__ = "__init__", f"{cls.__qualname__}.__init__"
    return first_init


# What a plain annotation stands for while dataclass reads the class (_plain_annotations).
_PLAIN = object()
def _plain_annotations(cls: type, annotations: dict[str, Any]) -> dict[str, str]:
    """The class's own annotations that are text (`from __future__ import annotations`) and name no class variable,
    init-only value or keyword-only marker: dataclass matches each such text against a pattern three times, once
    for each of those, and looks the name up in the class's module (1,177 fields of a `plan` process's classes, about
    5 us each), where a value that is no string it compares three times. The text stays each field's type. None of
    them where the class's module is not loaded (dataclass looks the names up there)."""
    module = sys.modules.get(cls.__module__)
    if module is None:
        return {}
    namespace = module.__dict__
    plain = {}
    for name, text in annotations.items():
        if type(text) is not str or "ClassVar" in text or "InitVar" in text or "KW_ONLY" in text:
            continue
        # The name the annotation starts with (after a module's), as dataclass reads it: a builtin's is not in the
        # module (most fields: float, int, str, bool, tuple).
        meant = namespace.get(text.split("[", 1)[0].rsplit(".", 1)[-1].strip())
        if meant is not None and (meant is ClassVar or meant is dataclasses.InitVar or meant is dataclasses.KW_ONLY
                                  or isinstance(meant, dataclasses.InitVar)
                                  or getattr(meant, "__origin__", None) is ClassVar):
            continue
        plain[name] = text
    return plain


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, Field))
def record(cls: T) -> T:
    """A frozen dataclass whose equality and hash use the fields that `compare` (and `hash`), like dataclass's."""
    if not cls.__doc__:
        # What dataclass words an undocumented class with, without its inspect.signature of object.__init__ (the
        # first one compiles tokenize's patterns: 10 ms of every command's start).
        cls.__doc__ = f"{cls.__name__}()"
    # The class's own annotations (the dict itself, given back below as dataclass read it).
    own: dict[str, Any] = cls.__dict__.get("__annotations__") or {}  # noqa: RUF063
    plain = _plain_annotations(cls, own) if own else {}
    if plain:  # each shown to dataclass as a value that is no string, then given back
        cls.__annotations__ = {name: _PLAIN if name in plain else text for name, text in own.items()}
    try:
        dataclass(init=False, eq=False, repr=False)(cls)  # made a dataclass in place (it returns the class)
    finally:
        if plain:
            cls.__annotations__ = own
    made = cls
    found = made.__dict__["__dataclass_fields__"]
    for name, text in plain.items():
        found[name].type = text
    every = fields(made)
    methods: dict[str, object] = {  # set on the class being made, as dataclass sets what it writes
        "__init__": _init_on_first_call(made, every),
        "__setattr__": _frozen_setattr,
        "__delattr__": _frozen_delattr,
        "__record_compared__": staticmethod(_getter(tuple(f.name for f in every if f.compare))),
        "__record_hashed__": staticmethod(_getter(tuple(
            f.name for f in every if (f.compare if f.hash is None else f.hash)))),
        "__record_shown__": tuple(f.name for f in every if f.repr),
        "__eq__": _eq,
        "__hash__": _hash,
        "__getstate__": _getstate,
        "__repr__": _repr,
    }
    for name, method in methods.items():
        setattr(made, name, method)
    return made


def replaced(value: R, **changes: Any) -> R:
    """`dataclasses.replace` for a record, without building it again from every field: its fields copied, the
    changes set (a plan relabels shared estimates and site blocks by the thousand: a 46-field site block took 24 us
    to replace, 7 us so). A class with a __post_init__ (which may check or derive fields) is built again as before."""
    kind = type(value)
    if hasattr(kind, "__post_init__") or not hasattr(kind, "__record_shown__"):
        return dataclasses.replace(value, **changes)
    names = _field_names(kind)
    unknown = changes.keys() - names
    if unknown:
        raise TypeError(f"{kind.__qualname__} has no field {', '.join(sorted(unknown))}")
    made = object.__new__(kind)
    state = made.__dict__
    kept = value.__dict__
    if len(kept) == len(names):  # its fields alone (a cached_property, which may read a changed field, is not kept)
        state.update(kept)
    else:
        state.update({name: kept[name] for name in names})
    state.update(changes)
    return made


def built_from(target: type[R], *sources: DataclassInstance, **given: Any) -> R:
    """A `target` record from the settings records `sources`: every field it declares under a name one of them does,
    and the `given` ones (named by target field); a setting declared on a settings record and its target under one
    name reaches the target without a line that copies it. Two sources declaring one name is an error."""
    names = _field_names(target) - given.keys()
    values: dict[str, Any] = {}
    for source in sources:
        for name in _field_names(type(source)) & names:
            if name in values:
                raise TypeError(f"{target.__name__}.{name} is set by two settings records")
            values[name] = getattr(source, name)
    return target(**values, **given)


@functools.cache
def _field_names(kind: type) -> frozenset[str]:
    return frozenset(item.name for item in fields(kind))
