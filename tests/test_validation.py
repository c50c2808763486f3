"""Estimates against published measured runs, through the same path as `gpuplanner estimate`.
The tables print at the end of the test session (see conftest.pytest_terminal_summary)."""

from __future__ import annotations

import statistics
from collections import defaultdict

import pytest

from benchmarks.replay import format_table, gpu_hour_cases, median_abs_error, run_cases, training_cases
from gpuplanner.core.estimate import VALIDATION_ERROR_PCT
from tests.conftest import VALIDATION_TABLES


@pytest.fixture(scope="module")
def training_results():
    from gpuplanner.catalog.store import Catalog

    catalog = Catalog(overrides_path=None)
    results = run_cases(training_cases(catalog), catalog)
    VALIDATION_TABLES.append(("Training step time / throughput vs published runs", format_table(results)))
    return results, catalog


def test_median_error_within_ten_percent(training_results) -> None:
    results, _ = training_results
    assert len([r for r in results if r.case.in_median]) >= 20
    assert median_abs_error(results) <= 10.0


def test_no_case_worse_than_twenty_five_percent(training_results) -> None:
    results, _ = training_results
    worst = max((r for r in results if r.case.in_median), key=lambda r: abs(r.error_pct))
    assert abs(worst.error_pct) <= 25.0, f"{worst.case.label}: {worst.error_pct:+.1f}%"


def test_uncertainty_band_matches_the_validation_errors(training_results) -> None:
    results, catalog = training_results
    errors: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in results:
        if r.case.in_median:
            width = "fp8" if r.result.precision == "fp8" else "16-bit"
            errors[(catalog.gpu(r.result.gpu).architecture, width)].append(abs(r.error_pct))
    measured = {key: round(statistics.median(values), 1) for key, values in errors.items()}
    assert measured.keys() == VALIDATION_ERROR_PCT.keys()
    for key, value in measured.items():
        assert VALIDATION_ERROR_PCT[key] == pytest.approx(value, abs=0.5), (key, value)


def test_gpu_hour_totals_are_upper_bounds() -> None:
    from gpuplanner.catalog.store import Catalog

    catalog = Catalog(overrides_path=None)
    results = run_cases(gpu_hour_cases(catalog), catalog)
    VALIDATION_TABLES.append(("Whole-run GPU-hours (published totals include failures: estimate should be lower)",
                              format_table(results)))
    for r in results:
        assert 0.5 * r.case.published <= r.predicted <= 1.05 * r.case.published, r.case.label
