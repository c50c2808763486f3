"""The one exporter: typed results (core.results.results) to the documented JSON of README "Headless use". Field names
are the keys; a field marked flattened writes its record's keys at its own level (a plan carries its estimate's keys); a
field marked not exported stays out (the scenario a result was computed for). Strict: a float with no finite
value is written as null; enums as their value; core messages as their English text."""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
from collections.abc import Callable, Mapping
from json.encoder import encode_basestring
from typing import Any


@functools.cache  # one list per class
def _exported_fields(kind: type) -> tuple[tuple[str, bool], ...] | None:
    """(name, flattened) of each field a record of this class writes, in order; None for a class that is not a
    record (a dataclass)."""
    if not dataclasses.is_dataclass(kind):
        return None
    return tuple((item.name, bool(item.metadata.get("flatten"))) for item in dataclasses.fields(kind)
                 if item.metadata.get("export") is not False)


_AS_IS = frozenset({str, int, bool, type(None)})  # written as they are (exactly these: an enum is a str or an int)


def to_data(value: Any) -> Any:
    """JSON-ready data (dicts, lists, str, numbers, bool, None) of a result."""
    kind: type = type(value)
    if kind in _AS_IS:  # most of a result's values: looked at first
        return value
    if kind is float:
        return value if math.isfinite(value) else None
    exported = _exported_fields(kind)
    if exported is not None:
        out: dict[str, Any] = {}
        for name, flattened in exported:
            data = to_data(getattr(value, name))
            if flattened:
                out.update(data)
            else:
                out[name] = data
        return out
    if isinstance(value, enum.Enum):
        return to_data(value.value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, str | int | bool) or value is None:
        return value
    if isinstance(value, Mapping):
        return {str(key): to_data(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [to_data(item) for item in value]
    if hasattr(value, "item"):  # a numpy scalar
        return to_data(value.item())
    raise TypeError(f"cannot export {type(value).__name__}")


def result_json(result: Any) -> str:
    """The documented JSON text of a result: strict (never Infinity/NaN), UTF-8 text as is, indented by two spaces;
    the text json.dumps(to_data(result), indent=2, ensure_ascii=False, allow_nan=False) writes, written in one pass
    over the data (json's own indented writer is pure Python and took 7 ms of a `plan --format json`)."""
    out: list[str] = []
    _write(to_data(result), "\n", out)
    return "".join(out)


def _write(value: Any, newline: str, out: list[str]) -> None:
    """`value` as json.dumps writes it with indent=2, ensure_ascii=False and allow_nan=False, its lines after the
    first starting with `newline` (a line break and the indent of the value's own level)."""
    if isinstance(value, list | tuple):
        if not value:
            out.append("[]")
            return
        inner = newline + "  "
        separator = "[" + inner
        for item in value:
            scalar = _SCALARS.get(type(item))
            if scalar is not None:
                out.append(separator + scalar(item))
            else:
                out.append(separator)
                _write(item, inner, out)
            separator = "," + inner
        out.append(newline + "]")
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        inner = newline + "  "
        separator = "{" + inner
        for key, item in value.items():
            named = separator + encode_basestring(key if isinstance(key, str) else _key_text(key)) + ": "
            scalar = _SCALARS.get(type(item))
            if scalar is not None:
                out.append(named + scalar(item))
            else:
                out.append(named)
                _write(item, inner, out)
            separator = "," + inner
        out.append(newline + "}")
    else:
        out.append(_scalar_text(value))


def _scalar_text(value: object) -> str:
    """A value that is not a list or dict, as json writes it (in json's order of checks: a str or int subclass as
    the str or int)."""
    if isinstance(value, str):
        return encode_basestring(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return _float_text(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _float_text(value: float) -> str:
    if not math.isfinite(value):
        raise ValueError(f"Out of range float values are not JSON compliant: {value!r}")
    return float.__repr__(value)


# The text of a value of exactly these types (most of a result's values), without the checks of _scalar_text.
_SCALARS: dict[type, Callable[[Any], str]] = {
    str: encode_basestring, float: _float_text, int: int.__repr__, bool: lambda value: "true" if value else "false",
    type(None): lambda _value: "null"}


def _key_text(key: object) -> str:
    """A dict key that is not a string, as json writes it."""
    if isinstance(key, float):
        return _float_text(key)
    if key is True or key is False or key is None:
        return {True: "true", False: "false", None: "null"}[key]
    if isinstance(key, int):
        return int.__repr__(key)
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")
