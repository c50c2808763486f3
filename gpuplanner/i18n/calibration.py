"""What an estimate says about the calibration it ran on: one text for the app, the sheet and the CLI, each
translating it in its context (nothing for the published calibration, which every estimate runs on by default)."""

from __future__ import annotations

from collections.abc import Callable

from gpuplanner.core.results.results import PublishedCalibration, UserCalibration
from gpuplanner.i18n.placeholders import fill
from gpuplanner.i18n.terms import QT_TRANSLATE_NOOP

CONTEXT = "Calibration"
CALIBRATED_ON = QT_TRANSLATE_NOOP("Calibration", "calibrated on your %1 runs of %2")
CALIBRATED_ON_ONE = QT_TRANSLATE_NOOP("Calibration", "calibrated on your run of %1")


def dates_text(dates: tuple[str, ...]) -> str:
    """The runs' dates: one date, or the first and last (ISO dates read the same in every language)."""
    if not dates:
        return ""
    return dates[0] if len(dates) == 1 else f"{dates[0]} – {dates[-1]}"


def calibration_text(calibration: PublishedCalibration | UserCalibration,
                     translate: Callable[[str, str], str]) -> str | None:
    """"calibrated on your 4 runs of 2026-11-02 – 2026-11-20" for an estimate that ran on the user's runs, else
    None."""
    if not isinstance(calibration, UserCalibration):
        return None
    if calibration.runs == 1:
        return fill(translate(CONTEXT, CALIBRATED_ON_ONE), dates_text(calibration.dates))
    return fill(translate(CONTEXT, CALIBRATED_ON), str(calibration.runs), dates_text(calibration.dates))
