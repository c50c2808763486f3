"""The ± an estimate prints: an interval of stated coverage, built from the estimator's errors on published runs
judged with their own independence group left out of the fit (benchmarks/crossval.py).

Runs that share a recipe, a benchmark round or a vendor table are one independence group
(`independence_group` in published-runs.json): a group's runs count once together, so five submitters of one
vendor recipe are one source. A band is the coverage of a new source: the smallest |error| that covers `COVERAGE`
of the groups' weight, each group weighing one however many runs it published (its runs miss together; the pooled
CDFs of Dunn, Wasserman and Ramdas, "Distribution-free prediction sets for two-layer hierarchical models", JASA
2022), with split-conformal prediction's finite-sample correction over the groups (Lei et al., "Distribution-free
predictive inference for regression", JASA 2018, Thm 2.2). A class is banded on its own groups where it has
MIN_GROUPS of them, else on the wider class's (every class pooled), at least its own worst error; where nothing of
its kind was judged the band says so and widens. Each band carries the count of groups behind it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TypeVar

from gpuplanner.calibration.record import Basis, ServingBands, TrainingBands
from gpuplanner.core.base.records import record

T = TypeVar("T")

COVERAGE = 0.8  # the share of a new source's runs a band is built to hold
# The fewest independence groups a class's own band is taken over: with 4, the finite-sample level at 80 %,
# 0.8 x (4 + 1) / 4, is all of their weight, so the "quantile" is their worst error and states no coverage.
MIN_GROUPS = 5
EXTRAPOLATION_WIDENING = 1.5  # beyond the largest run judged, or an MoE model on a group no MoE run judged
UNVALIDATED_ERROR_PCT = 35.0  # the least band where no published run of the kind was judged


BASIS_ORDER = (Basis.JUDGED, Basis.FEW_SOURCES, Basis.EXTRAPOLATED, Basis.UNVALIDATED)


@record
class Band:
    """± `pct` %, meant to hold `coverage` of a new source's runs, and what it rests on: the independence groups it
    was taken over (`sources`) and how many of them are of the estimate's own class (`own_sources`; fewer than
    MIN_GROUPS: the band is the wider class's)."""
    pct: float
    coverage: float
    basis: Basis
    sources: int = 0
    own_sources: int = 0


def weaker(first: Basis, second: Basis) -> Basis:
    return max(first, second, key=BASIS_ORDER.index)


def coverage_quantile(errors: Iterable[tuple[float, str]], coverage: float = COVERAGE) -> float | None:
    """The least |error| at or under which `coverage` x (k + 1) / k of the weight lies, each of the k independence
    groups weighing one (its runs share it); None when k is too small for that level (under 4 groups at 80 %)."""
    by_group: dict[str, list[float]] = defaultdict(list)
    for error, group in errors:
        by_group[group].append(abs(error))
    k = len(by_group)
    if k == 0 or coverage * (k + 1) / k > 1.0:
        return None
    need = coverage * (k + 1)
    weighted = sorted((e, 1.0 / len(members)) for members in by_group.values() for e in members)
    total = 0.0
    for error, weight in weighted:
        total += weight
        if total >= need - 1e-9:
            return error
    return weighted[-1][0]


def group_count(errors: Iterable[tuple[float, str]]) -> int:
    """The independence groups among these errors."""
    return len({group for _, group in errors})


def judged_band(errors: Sequence[tuple[float, str]], pooled: float) -> tuple[float, Basis]:
    """A class's band: the coverage quantile over its own independence groups where it has MIN_GROUPS of them, else
    the wider class's (pooled) band, at least the worst |error| among its own."""
    quantile = coverage_quantile(errors)
    if quantile is not None and group_count(errors) >= MIN_GROUPS:
        return quantile, Basis.JUDGED
    return max([pooled, *(abs(e) for e, _ in errors)]), Basis.FEW_SOURCES


@record
class JudgedRun:
    """One published case judged out of sample: its error and where it counts."""
    error_pct: float
    independence_group: str
    group: tuple[str, str] | str  # training: (architecture, math width); serving: inference.serving_validation_group
    gpus: int = 1
    scale_out: bool = False
    moe: bool = False
    architecture: str = ""


def _pooled(errors: list[tuple[float, str]]) -> float:
    quantile = coverage_quantile(errors)
    return quantile if quantile is not None else max((abs(e) for e, _ in errors), default=UNVALIDATED_ERROR_PCT)


def _training_group(run: JudgedRun) -> tuple[str, str]:
    if isinstance(run.group, str):
        raise TypeError(f"{run.group!r} is a serving group, not a training one")
    return run.group


def _serving_group(run: JudgedRun) -> str:
    if not isinstance(run.group, str):
        raise TypeError(f"{run.group!r} is a training group, not a serving one")
    return run.group


def training_bands(runs: Iterable[JudgedRun]) -> TrainingBands:
    """The training bands these judged runs give."""
    runs = list(runs)
    dense = [r for r in runs if not r.moe]
    single = [r for r in dense if not r.scale_out]
    pooled = _pooled([(r.error_pct, r.independence_group) for r in single])
    by_group: dict[tuple[str, str], list[JudgedRun]] = defaultdict(list)
    for run in single or dense:
        by_group[_training_group(run)].append(run)
    for run in dense:  # a group judged only in the scale-out regime is banded by those runs
        if run.group not in by_group:
            by_group[_training_group(run)].append(run)
    largest: dict[tuple[str, str], int] = defaultdict(int)
    for run in dense:
        largest[_training_group(run)] = max(largest[_training_group(run)], run.gpus)
    scale_out = [(r.error_pct, r.independence_group) for r in dense if r.scale_out]
    moe = [(r.error_pct, r.independence_group) for r in runs if r.moe]
    return TrainingBands(
        groups={group: judged_band([(r.error_pct, r.independence_group) for r in members], pooled)
                for group, members in sorted(by_group.items())},
        pooled=pooled, largest_gpus=dict(sorted(largest.items())),
        scale_out=judged_band(scale_out, pooled) if scale_out else None,
        moe=judged_band(moe, pooled) if moe else None,
        moe_groups=tuple(sorted({_training_group(r) for r in runs if r.moe})),
        sources={group: len({r.independence_group for r in members}) for group, members in sorted(by_group.items())},
        pooled_sources=len({r.independence_group for r in single}), scale_out_sources=group_count(scale_out),
        moe_sources=group_count(moe),
    )


def _sourced(pct: float, basis: Basis, own: int, pooled: int) -> Band:
    """A band with the groups behind it: its class's own where judged on them, else the wider class's."""
    return Band(pct, COVERAGE, basis, own if basis == Basis.JUDGED else pooled, own)


def training_band(bands: TrainingBands, group: tuple[str, str], count: int, moe: bool = False,
                  scale_out: bool = False) -> Band:
    """The band of a training time: its group's; at least the scale-out band in that regime and the MoE band for a
    mixture-of-experts model; widened beyond the largest run judged or for MoE on a group no MoE run judged; at
    least UNVALIDATED_ERROR_PCT where no run of its group was judged."""
    if group not in bands.groups:
        pct = max(UNVALIDATED_ERROR_PCT, bands.pooled * EXTRAPOLATION_WIDENING)
        if moe and bands.moe is not None:
            pct = max(pct, bands.moe[0] * EXTRAPOLATION_WIDENING)
        return Band(pct, COVERAGE, Basis.UNVALIDATED, bands.pooled_sources, 0)
    pct, basis = bands.groups[group]
    band = _sourced(pct, basis, bands.sources.get(group, 0), bands.pooled_sources)
    for applies, extra, own in ((scale_out, bands.scale_out, bands.scale_out_sources),
                                (moe, bands.moe, bands.moe_sources)):
        if applies and extra is not None and extra[0] > band.pct:
            band = replace(_sourced(extra[0], extra[1], own, bands.pooled_sources), basis=weaker(band.basis, extra[1]))
    if count > bands.largest_gpus.get(group, 0) or (moe and group not in bands.moe_groups):
        band = replace(band, pct=band.pct * EXTRAPOLATION_WIDENING, basis=weaker(band.basis, Basis.EXTRAPOLATED))
    return band


def serving_bands(runs: Iterable[JudgedRun], fitted_groups: Iterable[str] | None = None) -> ServingBands:
    """The serving bands these judged runs give; `fitted_groups`: the groups some serving constant was fitted on a
    run of (None: not known)."""
    runs = list(runs)
    dense = [(r.error_pct, r.independence_group) for r in runs if r.group != "moe"]
    pooled = _pooled(dense)
    by_group: dict[str, list[tuple[float, str]]] = defaultdict(list)
    for run in runs:
        by_group[_serving_group(run)].append((run.error_pct, run.independence_group))
    return ServingBands({group: judged_band(errors, pooled) for group, errors in sorted(by_group.items())}, pooled,
                        tuple(sorted({r.architecture for r in runs})),
                        None if fitted_groups is None else tuple(sorted(set(fitted_groups))),
                        {group: group_count(errors) for group, errors in sorted(by_group.items())}, group_count(dense))


def unfitted_floor(bands: ServingBands) -> float:
    """The least band of an estimate no published run of its kind was judged or fitted on."""
    return max(UNVALIDATED_ERROR_PCT, bands.pooled * EXTRAPOLATION_WIDENING)


def fitted_on_none(bands: ServingBands, group: str) -> bool:
    """True where the group's estimates run on constants no run of the group was fitted on (as far as known)."""
    return bands.fitted_groups is not None and group not in bands.fitted_groups


def serving_band(bands: ServingBands, group: str, architecture: str) -> Band:
    """The band of a serving estimate in validation `group` (inference.serving_validation_group); at least
    unfitted_floor on an architecture or in a group no judged serving run covers, and in a group judged but fitted
    on no run (its constants fitted on other groups' runs, a few judged sources showing how far they carry). On an
    architecture no serving run covers (a part with no published run) its group's band is widened once, as a
    training band is for a mixture-of-experts model on a group no MoE run judged: the group's runs judge other
    silicon."""
    if group not in bands.groups:
        return Band(unfitted_floor(bands), COVERAGE, Basis.UNVALIDATED, bands.pooled_sources, 0)
    pct, basis = bands.groups[group]
    band = _sourced(pct, basis, bands.sources.get(group, 0), bands.pooled_sources)
    if architecture not in bands.architectures:
        return replace(band, pct=max(pct * EXTRAPOLATION_WIDENING, unfitted_floor(bands)), basis=Basis.UNVALIDATED)
    if fitted_on_none(bands, group) and unfitted_floor(bands) > pct:
        return replace(band, pct=unfitted_floor(bands), basis=weaker(basis, Basis.EXTRAPOLATED))
    return band


def covered_share(runs: Sequence[JudgedRun], bands: T, band_of: Callable[[T, JudgedRun], Band]) -> float:
    """The share of these runs inside the band these bands give them (in sample when they built the bands)."""
    return sum(abs(r.error_pct) <= band_of(bands, r).pct for r in runs) / len(runs)


def held_out_inside(runs: Sequence[JudgedRun], build: Callable[[list[JudgedRun]], T],
                    band_of: Callable[[T, JudgedRun], Band]) -> list[bool]:
    """Per run, whether it lies inside the band the runs of the other independence groups give it: each group in
    turn left out of the bands, as a source the model never saw."""
    inside = [False] * len(runs)
    for name in sorted({r.independence_group for r in runs}):
        bands = build([r for r in runs if r.independence_group != name])
        for index, run in enumerate(runs):
            if run.independence_group == name:
                inside[index] = abs(run.error_pct) <= band_of(bands, run).pct
    return inside


def held_out_coverage(runs: Sequence[JudgedRun], build: Callable[[list[JudgedRun]], T],
                      band_of: Callable[[T, JudgedRun], Band]) -> tuple[int, int]:
    """(inside, judged): each independence group in turn left out of the bands, its runs checked against the band
    the rest give them — how the printed band does on sources it never saw."""
    return sum(held_out_inside(runs, build, band_of)), len(runs)


def share_over_groups(runs: Sequence[JudgedRun], inside: Sequence[bool]) -> float:
    """The share of the runs inside their bands with each independence group weighing one (its runs share it): the
    coverage of a new source, where the share over cases lets a source with many runs count many times."""
    by_group: dict[str, list[bool]] = defaultdict(list)
    for run, hit in zip(runs, inside, strict=True):
        by_group[run.independence_group].append(hit)
    return sum(sum(hits) / len(hits) for hits in by_group.values()) / len(by_group)
