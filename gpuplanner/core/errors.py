"""Typed errors that separate bad input (the user's to fix) from bugs (ours)."""

from __future__ import annotations


class InputError(ValueError):
    """Bad input: names the offending field so a CLI or a form can point at it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def require_positive(field: str, value: float, *, allow_zero: bool = False) -> None:
    """Reject NaN, infinities, negatives and (unless allowed) zero."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InputError(field, f"must be a number, got {type(value).__name__}")
    if value != value or value in (float("inf"), float("-inf")):
        raise InputError(field, "must be a finite number")
    if value < 0 or (value == 0 and not allow_zero):
        raise InputError(field, f"must be {'zero or more' if allow_zero else 'greater than zero'}, got {value:g}")


def require_int(field: str, value: object, *, minimum: int = 1, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise InputError(field, f"must be a whole number, got {value!r}")
    if value < minimum:
        raise InputError(field, f"must be at least {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise InputError(field, f"must be at most {maximum}, got {value}")
    return value
