"""Fit the user's measured runs (`gpuplanner calibrate`) over the published calibration, group by group: a group
is one GPU x math width x software stack (training) or serving engine. What is refitted are the mechanism constants
of the estimator, not the runs' figures, so the group's other workloads (sizes, sequence lengths, batches) move too:

- training step time and throughput: a factor on the group's GEMM and attention efficiency;
- serving: a factor on the engine's share of the memory bandwidth (weight and KV-cache reads) and one on its share
  of the dense peak (prompts, GEMM-bound batches), fitted in turn on every serving figure measured;
- memory: GiB per GPU beyond the estimated runtime overhead (the median of measured minus estimated).

Each factor minimises the mean squared log(estimate / measured) over the group's runs (a golden-section search):
the correction by the geometric mean of the ratios, unique however few the runs (the mean |log| is flat between two
runs, and a search stopped anywhere on that span moved held-out runs of the GPU further off). The
band of a group with at least MIN_RUNS_FOR_BAND runs is the largest |error| of each run estimated with the factor
fitted on the others (leave-one-out), and never less than the largest |error| of the fit on all of them: by
split-conformal prediction's rule for the largest of n residuals it holds a new run of the group with probability
n / (n + 1) (Lei et al., JASA 2018, Thm 2.2). With fewer runs the group keeps the published band."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import DEFAULT_STACK, Calibration, UserGroup, UserGroupFit, UserLayer
from gpuplanner.calibration.runs import MEMORY_PATHS, SERVING_PATHS, TRAINING_PATHS, MeasuredRun, refuse_repeats
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.choices import Task
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.estimates.estimate import TRANSFORMER_TRAINING, estimate
from gpuplanner.core.estimates.serving_estimate import serving_engine
from gpuplanner.core.hardware.hardware import Precision, validation_width
from gpuplanner.core.results.results import Estimate
from gpuplanner.core.scenario.scenario import Scenario
from gpuplanner.core.serving.inference import compute_precision
from gpuplanner.core.site.site import NodeSpec
from gpuplanner.service import scenario_on_its_server

MIN_RUNS_FOR_BAND = 3  # runs of a group before their leave-one-out errors replace its published band
FACTOR_RANGE = (1 / 3, 3.0)  # the factors a fit may reach (a GPU 3 x faster or slower than published is a typo)
PLAUSIBLE_RATIO = 10.0  # a measured figure this many times its estimate, either way, is refused as a slip
SEARCH_STEPS = 18  # golden-section steps: the factor to 0.05 %
SERVING_ROUNDS = 2  # decode then prefill, twice


@dataclass(frozen=True)
class PreparedRun:
    run: MeasuredRun
    scenario: Scenario
    node: NodeSpec | None  # None: no catalog server or generic chassis holds its GPU (nameplate unknown)
    group: UserGroup


@dataclass(frozen=True)
class RunResult:
    """One measured figure: the estimate before calibrating, what was measured, the estimate after."""
    run: MeasuredRun
    group: UserGroup
    path: str
    measured: float
    before: float
    after: float


@dataclass(frozen=True)
class Moved:
    """A constant of a group the fit moved: "gemm", "prefill", "decode" (factors) or "memory_gib"."""
    group: UserGroup
    constant: str
    before: float
    after: float


@dataclass(frozen=True)
class Fitted:
    calibration: Calibration  # the published calibration with the user's groups layered over it
    results: tuple[RunResult, ...]
    moved: tuple[Moved, ...]


def figure(result: Estimate, path: str) -> float | None:
    """The value at a dotted path of estimate's JSON ("training.step_time_s"), None where the estimate has none."""
    value: object = result
    for part in path.split("."):
        value = getattr(value, part, None)
        if value is None:
            return None
    return float(value) if isinstance(value, int | float) else None


def prepare(run: MeasuredRun, catalog: Catalog) -> PreparedRun:
    """The run's scenario parsed and placed on its server, and its group; InputError naming the run otherwise."""
    try:
        scenario, node = scenario_on_its_server(dict(run.scenario), catalog)
    except InputError as error:  # the same message, its field named within the runs file
        error.field = f"{run.origin}.scenario.{error.field}"
        error.args = (f"{error.field}: {error.message}",)
        raise
    task = scenario.task
    for path in run.measured:
        if path in TRAINING_PATHS and task not in TRANSFORMER_TRAINING:
            raise InputError(f"{run.origin}.measured.{path}", "a training figure needs a transformer training "
                                                            "scenario (pretrain, finetune, lora or qlora)")
        if path in SERVING_PATHS and task != Task.INFERENCE:
            raise InputError(f"{run.origin}.measured.{path}", "a serving figure needs an inference scenario")
    if task == Task.INFERENCE:
        engine = serving_engine(scenario)[0]
        width = validation_width(compute_precision(scenario.gpu, scenario.inference.weight_dtype))
        return PreparedRun(run, scenario, node, (scenario.gpu.id, width, engine))
    if task not in TRANSFORMER_TRAINING:
        raise InputError(f"{run.origin}.scenario.task", "calibrate reads transformer training and inference "
                                                        "runs, got {task}", task=task.value)
    result = estimate(scenario, node, alternatives=False)
    stack = scenario.stack.value if scenario.stack else DEFAULT_STACK
    return PreparedRun(run, scenario, node, (scenario.gpu.id, validation_width(Precision(result.precision)), stack))


def layered(base: Calibration, groups: Mapping[UserGroup, UserGroupFit]) -> Calibration:
    """The base calibration with these user groups over it (a base's own user groups are replaced)."""
    fits = list(groups.values())
    dates = tuple(sorted({d for fit in fits for d in fit.dates}))
    return replace(base, user=UserLayer(dict(groups), sum(fit.runs for fit in fits), dates), group=None)


def calibrate_runs(runs: Sequence[MeasuredRun], catalog: Catalog, before: Calibration = PUBLISHED,
                   base: Calibration = PUBLISHED) -> Fitted:
    """Fit the runs over `base` (the published calibration); `before`: the calibration the estimates before the
    fit are made with (the one in use)."""
    refuse_repeats(runs)
    prepared = [prepare(run, catalog) for run in runs]
    olds = [_estimate(item, before) for item in prepared]
    for item, old in zip(prepared, olds, strict=True):
        for path, measured in item.run.measured.items():
            _refuse_implausible(item, path, measured, _figure(old, item, path))
    by_group: dict[UserGroup, list[PreparedRun]] = defaultdict(list)
    for item in prepared:
        by_group[item.group].append(item)
    groups = {group: _fit_group(members, base) for group, members in sorted(by_group.items())}
    calibration = layered(base, groups)
    results = []
    for item, old in zip(prepared, olds, strict=True):
        new = _estimate(item, calibration)
        for path, measured in item.run.measured.items():
            results.append(RunResult(item.run, item.group, path, measured, _figure(old, item, path),
                                     _figure(new, item, path)))
    defaults = UserGroupFit(0, ())
    moved = [Moved(group, name, getattr(defaults, name), getattr(fit, name)) for group, fit in groups.items()
             for name in ("gemm", "prefill", "decode", "memory_gib") if getattr(fit, name) != getattr(defaults, name)]
    return Fitted(calibration, tuple(results), tuple(moved))


def _refuse_implausible(item: PreparedRun, path: str, measured: float, estimated: float) -> None:
    """InputError for a measured figure PLAUSIBLE_RATIO times its estimate or more, either way: no factor in
    FACTOR_RANGE comes near it, and such a gap is a slip (a unit, a figure per node for one per GPU, a typo)."""
    if not 1.0 / PLAUSIBLE_RATIO < measured / estimated < PLAUSIBLE_RATIO:
        raise InputError(f"{item.run.origin}.measured.{path}", "{value:.4g} is more than {ratio:g} times off the "
                                                              "estimate of its scenario, {estimate:.4g}: check the "
                                                              "figure and its unit", value=measured,
                         ratio=PLAUSIBLE_RATIO, estimate=estimated)


def _estimate(item: PreparedRun, calibration: Calibration) -> Estimate:
    return estimate(item.scenario, item.node, alternatives=False, calibration=calibration)


def _figure(result: Estimate, item: PreparedRun, path: str) -> float:
    value = figure(result, path)
    if value is None or not math.isfinite(value) or value <= 0:
        raise InputError(f"{item.run.origin}.measured.{path}", "the estimate of this scenario has no such figure "
                                                              "to compare with")
    return value


def _fit_group(members: Sequence[PreparedRun], base: Calibration) -> UserGroupFit:
    """The group's factors on all its runs, its memory overhead, and its bands from leave-one-out errors."""
    group = members[0].group
    dates = tuple(sorted({m.run.date for m in members}))
    fit = _fit_factors(members, base, UserGroupFit(len(members), dates))
    memory = [(m, m.run.measured[p]) for m in members for p in MEMORY_PATHS if p in m.run.measured]
    if memory:
        estimated = [_figure(_estimate(m, layered(base, {group: fit})), m, MEMORY_PATHS[0]) for m, _ in memory]
        fit = replace(fit, memory_gib=statistics.median(value - e for (_, value), e in zip(memory, estimated,
                                                                                          strict=True)))
    timed = [m for m in members if any(p in m.run.measured for p in (*TRAINING_PATHS, *SERVING_PATHS))]
    if len(timed) < MIN_RUNS_FOR_BAND:
        return fit
    errors = [abs(e) for m in timed for e in _errors(m, layered(base, {group: fit}), _TIME_PATHS)]
    for left_out in timed:
        others = [m for m in members if m is not left_out]
        alone = _fit_factors(others, base, replace(fit, gemm=1.0, prefill=1.0, decode=1.0))
        errors += [abs(e) for e in _errors(left_out, layered(base, {group: alone}), _TIME_PATHS)]
    band = max(errors) * 100.0
    n = len(timed)
    training = members[0].scenario.task != Task.INFERENCE
    return replace(fit, time_band_pct=band if training else None, serving_band_pct=None if training else band,
                   band_coverage=n / (n + 1))


_TIME_PATHS = (*TRAINING_PATHS, *SERVING_PATHS)


def _errors(item: PreparedRun, calibration: Calibration, paths: Sequence[str]) -> list[float]:
    """Relative errors (estimate / measured - 1) of the run's figures among `paths`."""
    result = _estimate(item, calibration)
    return [_figure(result, item, p) / v - 1.0 for p, v in item.run.measured.items() if p in paths]


def _fit_factors(members: Sequence[PreparedRun], base: Calibration, start: UserGroupFit) -> UserGroupFit:
    """The group's GEMM factor (training), or its decode and prefill factors (serving: each searched in turn on
    every serving figure the runs measure, SERVING_ROUNDS times, since a batch's throughput reads both)."""
    group = members[0].group
    training = members[0].scenario.task != Task.INFERENCE
    paths = TRAINING_PATHS if training else SERVING_PATHS
    measured = [m for m in members if any(p in m.run.measured for p in paths)]
    fit = start
    if not measured:
        return fit

    def cost_of(name: str) -> Callable[[float], float]:
        def cost(factor: float) -> float:
            calibration = layered(base, {group: _with_factor(fit, name, factor)})
            return statistics.fmean(math.log1p(e) ** 2 for m in measured for e in _errors(m, calibration, paths))
        return cost

    for name in ("gemm",) if training else ("decode", "prefill") * SERVING_ROUNDS:
        fit = _with_factor(fit, name, round(_golden_minimum(cost_of(name)), 4))
    return fit


def _with_factor(fit: UserGroupFit, name: str, value: float) -> UserGroupFit:
    """The fit with its "gemm", "prefill" or "decode" factor set to `value`."""
    if name == "gemm":
        return replace(fit, gemm=value)
    return replace(fit, prefill=value) if name == "prefill" else replace(fit, decode=value)


def _golden_minimum(cost: Callable[[float], float]) -> float:
    """The factor in FACTOR_RANGE with the least cost, by golden-section search over its logarithm (the costs of a
    GPU's runs are unimodal in it: each figure moves one way with the factor)."""
    low, high = math.log(FACTOR_RANGE[0]), math.log(FACTOR_RANGE[1])
    ratio = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = high - ratio * (high - low), low + ratio * (high - low)
    cost_a, cost_b = cost(math.exp(a)), cost(math.exp(b))
    for _ in range(SEARCH_STEPS):
        if cost_a <= cost_b:
            high, b, cost_b = b, a, cost_a
            a = high - ratio * (high - low)
            cost_a = cost(math.exp(a))
        else:
            low, a, cost_a = a, b, cost_b
            b = low + ratio * (high - low)
            cost_b = cost(math.exp(b))
    return math.exp((low + high) / 2.0)
