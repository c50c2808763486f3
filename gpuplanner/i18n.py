"""Placeholders in translated strings: Qt-style %1, %2 … so translators can reorder them."""

from __future__ import annotations


def fill(template: str, *values: object) -> str:
    """Replace %1..%n in one pass (a value containing "%2" is never substituted again)."""
    out = []
    i = 0
    while i < len(template):
        if template[i] == "%" and i + 1 < len(template) and template[i + 1].isdigit():
            j = i + 1
            while j < len(template) and template[j].isdigit():
                j += 1
            number = int(template[i + 1:j])
            if 1 <= number <= len(values):
                out.append(str(values[number - 1]))
                i = j
                continue
        out.append(template[i])
        i += 1
    return "".join(out)
