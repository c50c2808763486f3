"""The one exporter: typed results (core.results.results) to the documented JSON of README "Headless use". Field names
are the keys; a field marked flattened writes its record's keys at its own level (a plan carries its estimate's keys); a
field marked not exported stays out (the scenario a result was computed for). Strict: a float with no finite
value is written as null; enums as their value; core messages as their English text."""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import math
from collections.abc import Mapping
from typing import Any


@functools.cache  # one list per record class
def _exported_fields(kind: type) -> tuple[tuple[str, bool], ...]:
    """(name, flattened) of each field a record of this class writes, in order."""
    return tuple((item.name, bool(item.metadata.get("flatten"))) for item in dataclasses.fields(kind)
                 if item.metadata.get("export") is not False)


def to_data(value: Any) -> Any:
    """JSON-ready data (dicts, lists, str, numbers, bool, None) of a result."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        for name, flattened in _exported_fields(type(value)):
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
    """The documented JSON text of a result: strict (never Infinity/NaN), UTF-8 text as is."""
    return json.dumps(to_data(result), indent=2, ensure_ascii=False, allow_nan=False)
