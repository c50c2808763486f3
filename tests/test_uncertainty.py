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


def _runs(group: str, errors: dict[str, list[float]]) -> list:
    from gpuplanner.core.results.uncertainty import JudgedRun

    return [JudgedRun(error, source, group, architecture="Hopper") for source, values in errors.items()
            for error in values]


def test_a_class_with_too_few_sources_takes_the_wider_class_band_and_says_how_many() -> None:
    """A class judged on fewer than MIN_GROUPS independent sources is banded on the wider class (every class
    pooled), at least its own worst error, and says so; from MIN_GROUPS sources on, on its own. With 4 sources the
    80 % finite-sample level, 0.8 x 5 / 4, is all of their weight: their 'quantile' is their worst error, no
    coverage, however close they happen to sit. Each band carries the count of sources behind it."""
    from gpuplanner.core.results.uncertainty import MIN_GROUPS, coverage_quantile, serving_bands

    wide = _runs("vllm", {f"v{i}": [10.0 + 2.0 * i] for i in range(12)})
    four = _runs("sglang", {f"s{i}": [3.0 + i] for i in range(MIN_GROUPS - 1)})
    bands = serving_bands(wide + four)
    assert coverage_quantile([(r.error_pct, r.independence_group) for r in four]) == 6.0  # the worst of the four
    assert bands.groups["sglang"] == (bands.pooled, Basis.FEW_SOURCES) and bands.pooled > 6.0
    band = serving_band(bands, "sglang", "Hopper")
    assert (band.pct, band.own_sources, band.sources) == (bands.pooled, MIN_GROUPS - 1, 16)
    five = _runs("sglang", {f"s{i}": [3.0 + i] for i in range(MIN_GROUPS)})
    own = serving_bands(wide + five)
    assert own.groups["sglang"] == (7.0, Basis.JUDGED)  # its own worst source is inside: 0.8 x 6 = 4.8 of 5
    assert (serving_band(own, "sglang", "Hopper").sources, own.sources["sglang"], own.pooled_sources) == (5, 5, 17)
    vllm = serving_band(own, "vllm", "Hopper")
    assert (vllm.basis, vllm.sources, vllm.own_sources) == (Basis.JUDGED, 12, 12)


def test_a_source_with_many_runs_counts_once_in_its_band() -> None:
    """The band is the coverage of a new source: nine sources of one run each within 10 % and one source of twenty
    runs all 50 % off give a band of 10 % (nine of ten sources), where counting runs would give 50 % (twenty of 29
    runs)."""
    from gpuplanner.core.results.uncertainty import serving_bands

    runs = _runs("vllm", {**{f"v{i}": [10.0] for i in range(9)}, "big": [50.0] * 20})
    assert serving_bands(runs).groups["vllm"] == (10.0, Basis.JUDGED)


def test_a_training_band_names_the_sources_behind_it() -> None:
    """A training band carries the sources it was taken over: its group's own where judged on them, the pooled
    ones where its group has too few, the scale-out runs' where their band is the wider."""
    from gpuplanner.core.results.uncertainty import JudgedRun, training_band, training_bands

    runs = [JudgedRun(5.0 + i, f"a{i}", ("Ampere", "16-bit")) for i in range(6)]
    runs += [JudgedRun(30.0, "b0", ("CDNA 3", "fp8"))]
    runs += [JudgedRun(60.0 + i, f"s{i}", ("Ampere", "16-bit"), gpus=512, scale_out=True) for i in range(5)]
    bands = training_bands(runs)
    ampere = training_band(bands, ("Ampere", "16-bit"), 8)
    assert (ampere.basis, ampere.sources, ampere.own_sources) == (Basis.JUDGED, 6, 6)
    cdna = training_band(bands, ("CDNA 3", "fp8"), 1)
    assert (cdna.pct, cdna.basis, cdna.sources, cdna.own_sources) == (30.0, Basis.FEW_SOURCES, 7, 1)
    scale_out = training_band(bands, ("Ampere", "16-bit"), 512, scale_out=True)
    assert (scale_out.pct, scale_out.sources) == (64.0, 5)
