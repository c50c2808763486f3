"""The one placeholder syntax translators see: Qt-style %1, %2 … (they may reorder them), filled in one pass.

The Qt-free core writes its messages as readable named templates ("needs {need:.1f} GiB"); before a translator
or a translation lookup sees one, `qt_template` numbers its fields in order of first appearance ("needs %1 GiB"),
and `template_fields` says which value, converted and formatted how, goes into each number."""

from __future__ import annotations

import re
from functools import cache

_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z_0-9]*)(?:!([rsa]))?(?::([^{}]*))?\}")


_NUMBER = re.compile(r"%(\d+)")  # a placeholder: %1, %2 ... (%0 and numbers beyond the values are left as written)


def fill(template: str, *values: object) -> str:
    """Replace %1..%n in one pass (a value containing "%2" is never substituted again)."""
    if "%" not in template:
        return template

    def value(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return str(values[number - 1]) if 1 <= number <= len(values) else match.group(0)

    return _NUMBER.sub(value, template)


@cache
def template_fields(template: str) -> tuple[tuple[str, str, str], ...]:
    """(name, conversion, format spec) of each distinct field of a named template, numbered from 1 in order."""
    seen: dict[str, tuple[str, str, str]] = {}
    for match in _FIELD.finditer(template):
        seen.setdefault(match.group(1), (match.group(1), match.group(2) or "", match.group(3) or ""))
    return tuple(seen.values())


@cache
def qt_template(template: str) -> str:
    """The named template with its fields as %1..%n, what the translation catalogue holds ("{need:.1f} GiB" ->
    "%1 GiB"); text without fields (a JSON example's braces included) is unchanged."""
    numbers = {name: index for index, (name, _, _) in enumerate(template_fields(template), start=1)}
    return _FIELD.sub(lambda match: f"%{numbers[match.group(1)]}", template)


def formatted_field(value: object, conversion: str, spec: str) -> str:
    """A value as its field in the English template shows it (the same conversion and format spec)."""
    if conversion == "r":
        value = repr(value)
    elif conversion in ("s", "a"):
        value = str(value) if conversion == "s" else ascii(value)
    return format(value, spec)
