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


def test_a_part_no_published_run_covers_takes_its_groups_band_widened() -> None:
    """A serving estimate on an architecture no published serving run ran on (a new domestic part: Ascend 910C,
    MetaX C500) is banded wider than the same group judged on parts with runs, and says it rests on none; an MoE
    model there takes the MoE runs' band widened once, as a training band does, not the judged band unchanged."""
    from gpuplanner.core.results.uncertainty import EXTRAPOLATION_WIDENING

    groups = {"moe": (70.0, Basis.JUDGED), "vllm": (10.0, Basis.JUDGED)}
    bands = ServingBands(groups, pooled=30.0, architectures=("Hopper", "Da Vinci"))
    judged = serving_band(bands, "moe", "Da Vinci")
    unseen = serving_band(bands, "moe", "Da Vinci (dual-die 910B)")
    assert (judged.pct, judged.basis) == (70.0, Basis.JUDGED)
    assert unseen.pct == EXTRAPOLATION_WIDENING * 70.0 > judged.pct
    assert unseen.basis == Basis.UNVALIDATED
    dense = serving_band(bands, "vllm", "MXMACA GPGPU")  # a narrow group's band widens to at least the floor
    assert (dense.pct, dense.basis) == (unfitted_floor(bands), Basis.UNVALIDATED)
    assert dense.pct > EXTRAPOLATION_WIDENING * 10.0
