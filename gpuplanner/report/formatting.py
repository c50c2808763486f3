"""Numbers and money as the app, the plan details and the spec sheet show them: in the user's locale, with
"n/a" (translated) for an unknown value."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale

from gpuplanner.core.cost import currency_symbol


def not_available() -> str:
    return QCoreApplication.translate("", "n/a")


def number(value: float | None, decimals: int = 1) -> str:
    return not_available() if value is None else QLocale().toString(float(value), "f", decimals)


def money(value: float | None, currency: str, decimals: int = 0) -> str:
    """Whole units for prices and totals; `decimals=2` for small unit prices (per GPU-hour, per million tokens)."""
    return not_available() if value is None else currency_symbol(currency) + number(value, decimals)
