"""Numbers and money as the app, the plan details and the spec sheet show them: in the user's locale, with
"n/a" (translated) for an unknown value."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale

from gpuplanner.core.cost import currency_symbol
from gpuplanner.core.results import Plan
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import term


def not_available() -> str:
    return QCoreApplication.translate("", "n/a")


def number(value: float | None, decimals: int = 1) -> str:
    return not_available() if value is None else QLocale().toString(float(value), "f", decimals)


def precision_text(plan: Plan) -> str:
    """The precision the estimate used, and what was asked for when it fell back (e.g. "BF16 (FP8 requested)")."""
    used = plan.estimate.precision.upper()
    requested = plan.estimate.precision_requested.upper()
    if requested != used:
        return fill(QCoreApplication.translate("Formatting", "%1 (%2 requested)"), used, requested)
    return used or not_available()


def confidence_text(confidence: str) -> str:
    """A catalog confidence code as words ("vendor datasheet"), "n/a" where none is given."""
    return term(confidence) if confidence else not_available()


def price_basis_text(plan: Plan) -> str:
    """How far the price a plan is costed by can be trusted, and when it held ("vendor document, 2025-06")."""
    confidence, date = plan.price_basis
    return fill(QCoreApplication.translate("Formatting", "%1, %2"), confidence_text(confidence),
                date or QCoreApplication.translate("Formatting", "undated"))


def money(value: float | None, currency: str, decimals: int = 0) -> str:
    """Whole units for prices and totals; `decimals=2` for small unit prices (per GPU-hour, per million tokens)."""
    return not_available() if value is None else currency_symbol(currency) + number(value, decimals)
