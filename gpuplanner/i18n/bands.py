"""The ± beside an estimate, with what it covers (core.results.uncertainty.Band): one table of texts for the app, the
sheet and the CLI, each translating it in its context."""

from __future__ import annotations

from collections.abc import Callable

from gpuplanner.i18n.placeholders import fill
from gpuplanner.i18n.terms import QT_TRANSLATE_NOOP

CONTEXT = "Bands"
TEXTS = {
    "judged": QT_TRANSLATE_NOOP("Bands", "±%1% (meant to hold %2% of a new source's runs, judged on independent "
                                         "published sources of its kind)"),
    "few_sources": QT_TRANSLATE_NOOP("Bands", "±%1% (too few independent sources of its kind to show %2% coverage; "
                                              "at least the worst error among them)"),
    "extrapolated": QT_TRANSLATE_NOOP("Bands", "±%1% (widened beyond the runs judged; %2% coverage not shown)"),
    "unvalidated": QT_TRANSLATE_NOOP("Bands", "±%1% (no comparable published run; %2% coverage not shown)"),
    "user_runs": QT_TRANSLATE_NOOP("Bands", "±%1% (from your own runs, each left out of the fit: %2% coverage)"),
}


def band_text(pct: float, coverage: float, basis: str, translate: Callable[[str, str], str],
              number: Callable[[float, int], str]) -> str:
    """A band as "±12% (meant to hold 80% of a new source's runs, ...)"; `translate(context, text)` and
    `number(value, decimals)` are the caller's. The band is rounded as the estimate's notes round it (Python's
    format, half to even), so one figure reads alike in both where a caller's number rounds halves up (QLocale)."""
    return fill(translate(CONTEXT, TEXTS[basis]), number(float(f"{pct:.0f}"), 0), number(coverage * 100.0, 0))
