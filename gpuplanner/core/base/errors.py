"""Typed errors that separate bad input (the user's to fix) from bugs (ours)."""

from __future__ import annotations

from gpuplanner.core.base.messages import Message


class InputError(ValueError):
    """Bad input: names the offending field so a CLI or a form can point at it. The message is an English
    template with {named} values, so the app can show it translated."""

    def __init__(self, field: str, message: str, **params: object) -> None:
        self.field = field
        self.message = Message(message, **params)
        super().__init__(f"{field}: {self.message}")

    def naming(self, field: str) -> InputError:
        """The same refusal, naming `field` (a value read by a shared reader for another place in the file)."""
        moved = InputError.__new__(InputError)
        ValueError.__init__(moved, f"{field}: {self.message}")
        moved.field, moved.message = field, self.message
        return moved


class CancelledError(Exception):
    """The caller's progress callback asked to stop: there is no result, not a partial one."""


def require_positive(field: str, value: object, *, allow_zero: bool = False) -> float:
    """The value, a number; NaN, infinities, negatives and (unless allowed) zero are refused."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InputError(field, "must be a number, got {name}", name=type(value).__name__)
    if value != value or value in (float("inf"), float("-inf")):
        raise InputError(field, "must be a finite number")
    if value < 0 or (value == 0 and not allow_zero):
        if allow_zero:
            raise InputError(field, "must be zero or more, got {value:g}", value=value)
        raise InputError(field, "must be greater than zero, got {value:g}", value=value)
    return value


def require_int(field: str, value: object, *, minimum: int = 1, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise InputError(field, "must be a whole number, got {value!r}", value=value)
    if value < minimum:
        raise InputError(field, "must be at least {minimum}, got {value}", minimum=minimum, value=value)
    if maximum is not None and value > maximum:
        raise InputError(field, "must be at most {maximum}, got {value}", maximum=maximum, value=value)
    return value
