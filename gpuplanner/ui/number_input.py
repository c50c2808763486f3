"""Numbers as people type them: "2T", "1.5k", "1e3", "1,281,167" (the locale's separators), in a field's own
unit. Pure text -> number; the spin boxes in ui/widgets.py use it and show its reason when they refuse."""

from __future__ import annotations

import math
import re

from gpuplanner.core.base.records import record

# Magnitude suffixes people write for counts and token budgets (SI k/M/G/T, B for billion; 万 and 亿, the Chinese
# ten-thousand and hundred-million, as in "500万" or "1.5亿").
MULTIPLIERS = {"k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6, "b": 1e9, "B": 1e9, "g": 1e9, "G": 1e9, "t": 1e12,
               "T": 1e12, "万": 1e4, "亿": 1e8}
_NUMBER = re.compile(r"^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([kKmMbBgGtT万亿]?)$")


@record
class Refusal:
    """Why a text is not a value for the field (ui/widgets.py words it, translated)."""

    kind: str  # "not-a-number" | "ambiguous" | "too-large" | "not-whole" | "below" | "above"
    argument: str = ""


def parse_number(text: str, *, group_separator: str = ",", decimal_point: str = ".",
                 unit_scale: float = 1.0) -> float | Refusal:
    """The value of `text` in the field's unit (a field showing billions has unit_scale 1e9: "2T" is 2000)."""
    # Any run of white space (a no-break or narrow no-break space, a newline pasted with the text) is one space.
    spaced = re.sub(r"\s+", " ", text.strip())
    body, suffix = (spaced[:-1].rstrip(), spaced[-1]) if spaced[-1:] in MULTIPLIERS else (spaced, "")
    separators = dict.fromkeys((" " if group_separator.isspace() else group_separator, " "))
    for separator in filter(None, separators):
        if separator in body:
            # A group separator only where it groups thousands ("1,281,167", "1 281 167"): "1,5" is a decimal comma
            # in another locale, read as 15 it was ten times the value meant; "12 34", two lines pasted, is no 1234.
            whole = body.split(decimal_point, 1)[0]
            if not _grouped(whole, separator) or separator in body[len(whole):]:
                return Refusal("ambiguous", spaced)
            body = body.replace(separator, "")
    cleaned = body + suffix
    if decimal_point != ".":
        cleaned = cleaned.replace(decimal_point, ".")
    match = _NUMBER.match(cleaned)
    if not match:
        return Refusal("not-a-number", spaced)
    value = float(match.group(1))
    if match.group(2):
        value = value * MULTIPLIERS[match.group(2)] / unit_scale
    if not math.isfinite(value):
        return Refusal("too-large", spaced)
    return value


def _grouped(whole: str, separator: str) -> bool:
    """Whether an integer part puts `separator` between groups of three digits, and nowhere else."""
    digits = whole.lstrip("+-")
    pattern = r"\d{1,3}(?:" + re.escape(separator) + r"\d{3})+[^\d]*"
    return re.fullmatch(pattern, digits) is not None


def _shown(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value:,g}"


def check_range(value: float, minimum: float, maximum: float, *, whole: bool) -> Refusal | None:
    if whole and not float(value).is_integer():
        return Refusal("not-whole", _shown(value))
    # "-0" (or "-0.001" shown with two decimals) is a negative number typed, not the 0 a field starting at 0 takes.
    if value < minimum or (value == 0 and math.copysign(1.0, value) < 0 <= minimum):
        return Refusal("below", _shown(minimum))
    if value > maximum:
        return Refusal("above", _shown(maximum))
    return None
