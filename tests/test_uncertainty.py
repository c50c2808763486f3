"""The serving band of a group judged but fitted on no run: at least an unfitted estimate's, and said to be widened."""

from __future__ import annotations

from gpuplanner.calibration.record import Basis, ServingBands
from gpuplanner.core.results.uncertainty import serving_band, unfitted_floor


def test_a_group_fitted_on_no_run_gets_at_least_the_unfitted_band() -> None:
    """A vendor group whose few judged runs happen to sit close is widened to what an estimate no run covers gets
    (and says it is widened); the same errors in a group constants were fitted on keep their band."""
    groups = {"vllm": (20.0, Basis.JUDGED), "vllm (Huawei)": (8.0, Basis.FEW_SOURCES)}
    unfitted = ServingBands(groups, pooled=25.0, architectures=("Hopper", "Da Vinci"), fitted_groups=("vllm",))
    band = serving_band(unfitted, "vllm (Huawei)", "Da Vinci")
    assert band.pct == unfitted_floor(unfitted) > 8.0
    assert band.basis == Basis.EXTRAPOLATED
    fitted = ServingBands(groups, pooled=25.0, architectures=("Hopper", "Da Vinci"),
                          fitted_groups=("vllm", "vllm (Huawei)"))
    assert serving_band(fitted, "vllm (Huawei)", "Da Vinci").pct == 8.0
    unknown = ServingBands(groups, pooled=25.0, architectures=("Hopper", "Da Vinci"))
    assert serving_band(unknown, "vllm (Huawei)", "Da Vinci").pct == 8.0
    wide = ServingBands({"vllm (AMD)": (60.0, Basis.FEW_SOURCES)}, 25.0, ("CDNA 3",), ())
    assert serving_band(wide, "vllm (AMD)", "CDNA 3").pct == 60.0  # a judged band above the floor stands
