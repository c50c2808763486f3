"""How long a job takes, in the unit that reads: days from a day up, hours below a day, minutes below an hour (a
short LoRA read "0.0 days"). One table for the app, the sheet and the CLI, each translating it in its context."""

from __future__ import annotations

from collections.abc import Callable

from gpuplanner.i18n.placeholders import fill
from gpuplanner.i18n.terms import QT_TRANSLATE_NOOP

CONTEXT = "Durations"
DAYS = QT_TRANSLATE_NOOP("Durations", "%1 days")
HOURS = QT_TRANSLATE_NOOP("Durations", "%1 hours")
MINUTES = QT_TRANSLATE_NOOP("Durations", "%1 min")


def duration_text(days: float, translate: Callable[[str, str], str], number: Callable[[float, int], str]) -> str:
    """`days` as "12.5 days", "5.3 hours" or "42 min"; `translate(context, text)` and `number(value, decimals)`
    are the caller's (Qt's translator and the locale's digits)."""
    if days >= 1.0:
        return fill(translate(CONTEXT, DAYS), number(days, 1))
    hours = days * 24.0
    if hours >= 1.0:
        return fill(translate(CONTEXT, HOURS), number(hours, 1))
    return fill(translate(CONTEXT, MINUTES), number(max(hours * 60.0, 0.0), 0))
