"""Values written in a form alike in every process, for digests of what a fit or a prediction reads."""
from __future__ import annotations

from dataclasses import fields, is_dataclass


def canonical(value: object) -> object:
    """`value` as nested lists of field names and reprs, alike in every process: a set's repr follows the string
    hashes, which change from one process to the next."""
    if is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__, *([f.name, canonical(getattr(value, f.name))] for f in fields(value))]
    if isinstance(value, dict):
        return sorted([repr(k), canonical(v)] for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return sorted(repr(canonical(item)) for item in value)
    if isinstance(value, (list, tuple)):
        return [canonical(item) for item in value]
    return repr(value)
