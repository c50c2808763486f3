"""The published calibration: the record built from the fit on the public reference set
(resources/reference/published-runs.json), generated into calibration/published_fit.py by `make recalibrate`."""

from __future__ import annotations

from gpuplanner.calibration import published_fit as fit
from gpuplanner.calibration.record import (
    Basis,
    Calibration,
    FittedOn,
    ServingBands,
    ServingCalibration,
    TrainingBands,
)


def _pair(value: tuple[float, str] | None) -> tuple[float, Basis] | None:
    return None if value is None else (value[0], Basis(value[1]))


def _published() -> Calibration:
    training = TrainingBands({group: (pct, Basis(basis)) for group, (pct, basis) in fit.TRAINING_BANDS.items()},
                             fit.TRAINING_POOLED_BAND_PCT, fit.LARGEST_VALIDATED_GPUS, _pair(fit.SCALE_OUT_BAND),
                             _pair(fit.MOE_BAND), fit.MOE_GROUPS, fit.TRAINING_BAND_SOURCES,
                             fit.TRAINING_POOLED_SOURCES, fit.SCALE_OUT_BAND_SOURCES, fit.MOE_BAND_SOURCES)
    serving = ServingBands({group: (pct, Basis(basis)) for group, (pct, basis) in fit.SERVING_BANDS.items()},
                           fit.SERVING_POOLED_BAND_PCT, fit.SERVING_ARCHITECTURES, fit.SERVING_FITTED_GROUPS,
                           fit.SERVING_BAND_SOURCES, fit.SERVING_POOLED_SOURCES)
    return Calibration(
        efficiency_scale=dict(fit.FITTED_EFFICIENCY_SCALE),
        moe_expert_efficiency=fit.FITTED_MOE_EXPERT_EFFICIENCY,
        serving=ServingCalibration(**fit.FITTED_SERVING),
        serving_fit_sources=fit.SERVING_FIT_SOURCES,
        training_bands=training,
        serving_bands=serving,
        fitted_on={key: FittedOn(runs, groups) for key, (runs, groups) in fit.FITTED_ON.items()},
    )


# The calibration every estimate runs on unless it is handed another (a user's, layered over this one).
PUBLISHED = _published()
