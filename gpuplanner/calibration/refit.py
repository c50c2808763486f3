"""The published fit of the training step-time model, judged leave-one-group-out.

Each architecture x math width's GEMM efficiency (core/training/performance.py) is refitted as a multiplier on every
independence group (published-runs.json: one recipe, benchmark round or vendor table) but the one of the case
judged; a group whose only runs are the ones left out falls back to the efficiency of an architecture never seen
(core.training.performance.UNVALIDATED_EFFICIENCY). The mixture-of-experts runs fit one more constant, the experts'
share of a dense GEMM's efficiency, the same way. Printed side by side: the shipped constants, a refit on all runs (both
in sample) and leave-one-group-out, per case and per group, with the bands of stated coverage those errors give
(core/results/uncertainty.py) and how often a band holds the cases of a group it never saw. `--write` regenerates
gpuplanner/calibration/published_fit.py from generated_source (`make recalibrate` runs it and prints what moved).

Still in sample, said plainly: the GEMM size curve and the attention constants were set once on the whole set. The
serving model is judged the same way (calibration/refit_serving.py). The cases are the published runs' replay
blocks (calibration/replay.py); benchmarks/crossval.py prints and writes.
"""

from __future__ import annotations

import bisect
import copy
import hashlib
import json
import math
import platform
import statistics
from collections import defaultdict
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from gpuplanner.calibration.canonical import canonical
from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.published_fit import FITTED_EFFICIENCY_SCALE, FITTED_MOE_EXPERT_EFFICIENCY
from gpuplanner.calibration.record import EFFICIENCY, MOE_EXPERT_EFFICIENCY, SERVING, Calibration, ServingCalibration
from gpuplanner.calibration.refit_serving import (
    FIT_CACHE,
    ROOT,
    TENSORRT_LLM,
    ServingRow,
    band_table,
    band_table_text,
    class_coverage_text,
    serving_generated_lines,
)
from gpuplanner.calibration.replay import (
    Case,
    Prepared,
    gpu_hour_cases,
    predicted_value,
    prepare,
    published_runs,
    run_case,
    run_cases,
    small_model_gpu_hour_cases,
    training_cases,
)
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.estimates.estimate import estimate
from gpuplanner.core.hardware.hardware import Precision
from gpuplanner.core.results.uncertainty import (
    Band,
    Basis,
    JudgedRun,
    TrainingBands,
    covered_share,
    held_out_coverage,
    training_band,
    training_bands,
)
from gpuplanner.core.results.uncertainty import (
    held_out_inside as held_out_flags,
)
from gpuplanner.core.training.performance import (
    SCALE_OUT_SHARE,
    UNVALIDATED_EFFICIENCY,
    is_scale_out,
    peak_gemm_efficiency,
    validation_group,
)
from gpuplanner.safe_write import replace_file

# The training cases' predictions benchmarks/crossval.py --write last made, kept in the repository under the digest of
# the code that made them (code_digest): a fresh checkout's `make test` reads them while no file of the package changed.
SHIPPED_PREDICTIONS = Path(__file__).with_name("training_predictions.json")
# Efficiency multipliers tried in a fit (the shipped constants are 1.0); errors in between are interpolated.
GRID = tuple(round(0.5 + 0.02 * i, 2) for i in range(61))  # 0.50 .. 1.70
# The MoE experts' efficiency (assumptions.moe_expert_efficiency, an absolute share) tried in its fit.
MOE_GRID = tuple(round(0.15 + 0.05 * i, 2) for i in range(18))  # 0.15 .. 1.00


def _interpolated(grid: tuple[float, ...], predicted: tuple[float, ...], at: float, x: Callable[[float], float]
                  ) -> float:
    """The prediction at `at`, interpolating 1 / prediction linearly in x(grid value) between grid points (a time
    or a rate scales with it)."""
    i = min(max(bisect.bisect_left(grid, at), 1), len(grid) - 1)
    t = (x(at) - x(grid[i - 1])) / (x(grid[i]) - x(grid[i - 1]))
    return 1.0 / ((1 - t) / predicted[i - 1] + t / predicted[i])


@dataclass(frozen=True)
class Scored:
    """One published case: its group, source and predicted value at every multiplier of the grid."""
    case: Case
    group: tuple[str, str]  # (architecture, "16-bit" | "fp8")
    source: str  # its independence group (published-runs.json): runs of one recipe, round or table count once
    gpus: int
    base_efficiency: float  # the shipped GEMM efficiency of its group
    predicted: tuple[float, ...]  # at each GRID value
    moe: bool = False  # a mixture-of-experts model
    gpu: str = ""  # the catalog id of the GPU it ran on
    scale_out: bool = False  # data-parallel traffic between nodes is a real share of its step (is_scale_out)
    moe_predicted: tuple[float, ...] = ()  # an MoE case: predicted at each MOE_GRID experts' efficiency
    key: str = ""  # its case_digest: what its predictions are kept under

    def error_pct(self, scale: float) -> float:
        """Error at any multiplier: the prediction interpolated in 1 / value (times and rates scale with it)."""
        return (_interpolated(GRID, self.predicted, scale, float) / self.case.published - 1.0) * 100.0

    def moe_error_pct(self, efficiency: float) -> float:
        """An MoE case's error at any experts' efficiency (the experts' time goes as its inverse)."""
        return (_interpolated(MOE_GRID, self.moe_predicted, efficiency, lambda e: 1.0 / e)
                / self.case.published - 1.0) * 100.0


def _at_each(case: Case, catalog: Catalog, name: str, values: Sequence[float]) -> Iterator[tuple[float, Prepared]]:
    """(value, the case prepared with assumptions.`name` at that value) for each value. The scenario is parsed (and
    checked) at the smallest and the largest value alone: a grid of dozens of values differs in that one number, and
    parsing each took a third of a fit's time."""
    if not values:
        return
    checked = []
    for bound in (min(values), max(values)):
        data = copy.deepcopy(case.scenario)
        data.setdefault("assumptions", {})[name] = bound
        checked.append(prepare(replace(case, scenario=data), catalog))
    base = checked[0]
    assert not base.waves, "a training case: one scenario, no waves of a finite serving run"
    for value in values:
        changed: dict[str, Any] = {name: value}
        scenario = replace(base.scenario, assumptions=replace(base.scenario.assumptions, **changed))
        yield value, replace(base, scenario=scenario)


def code_digest(package: Path = ROOT / "gpuplanner") -> str:
    """A digest of every Python file of the package (an estimate runs most of it: a change to any file computes
    the predictions afresh, never the reverse) with Python's and numpy's versions (the release numbers, not the
    build's date and compiler: the predictions kept in the repository serve every build of the locked versions)."""
    digest = hashlib.sha256(f"{platform.python_version()} numpy {np.__version__}".encode())
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def case_digest(prepared: Prepared) -> str:
    """A digest of one training case as its grid is estimated: the case, the scenario the catalog made of it (the
    catalog rows it uses) and both grids."""
    c = prepared.case
    return hashlib.sha256(json.dumps([c.run_id, c.label, c.metric, c.block, c.requests, c.scenario, GRID, MOE_GRID,
                                      canonical((prepared.scenario, prepared.waves))],
                                     sort_keys=True, default=repr).encode()).hexdigest()[:20]


def _given_scale(case: Case) -> float:
    """The case's own efficiency multiplier, which its grid scales."""
    given: float = case.scenario.get("assumptions", {}).get("compute_efficiency_scale", 1.0)
    return given


def prediction_key(case: Case, catalog: Catalog) -> str:
    """What score_cases keeps a training case's predictions under: the digest of its grid's first point."""
    given = _given_scale(case)
    return case_digest(next(_at_each(case, catalog, "compute_efficiency_scale", [given * s for s in GRID]))[1])


def _kept_predictions(path: Path | None) -> dict[str, list[list[float]]]:
    if path is None or not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def shipped_predictions(path: Path | None = None) -> dict[str, list[list[float]]]:
    """The training cases' predictions kept in the repository (`path`: SHIPPED_PREDICTIONS) by case_digest, if they
    were made by this code (code_digest), else none."""
    path = path or SHIPPED_PREDICTIONS
    if not path.exists():
        return {}
    stored = json.loads(path.read_text(encoding="utf-8"))
    return stored["predictions"] if stored["code"] == code_digest() else {}


def write_shipped_predictions(catalog: Catalog, path: Path | None = None) -> None:
    """Keep every training case's predictions in the repository (`path`: SHIPPED_PREDICTIONS) under this code's
    digest, one case a line."""
    path = path or SHIPPED_PREDICTIONS
    lines = [f"{json.dumps(s.key)}: {json.dumps([list(s.predicted), list(s.moe_predicted)])}"
             for s in sorted(score_cases(catalog), key=lambda s: s.key)]
    path.write_text(f'{{"code": {json.dumps(code_digest())}, "predictions": {{\n' + ",\n".join(lines) + "\n}}\n",
                    encoding="utf-8")


def score_cases(catalog: Catalog, cases: list[Case] | None = None, cache: Path | None = FIT_CACHE,
                shipped: Path | None = SHIPPED_PREDICTIONS) -> list[Scored]:
    """Each case (by default every training case) at every multiplier of the grid. `cache`: a folder where the
    predictions are kept by the digest of the code (code_digest) and of each case (case_digest), read back while
    neither changed (None: always estimate); JSON gives back every float as it was written. `shipped`: the
    predictions kept in the repository (benchmarks/crossval.py --write), read as the cache is, under this code's
    digest alone (None: not read)."""
    runs = published_runs()
    path = None if cache is None else cache / f"training-predictions-{code_digest()}.json"
    kept = {**({} if shipped is None else shipped_predictions(shipped)), **_kept_predictions(path)}
    new: dict[str, list[list[float]]] = {}
    scored = []
    for case in training_cases() if cases is None else cases:
        if not case.in_median:  # tier-C cases are printed by validate.py, never fitted or judged on
            continue
        given = _given_scale(case)
        points = list(_at_each(case, catalog, "compute_efficiency_scale", [given * s for s in GRID]))
        first = estimate(dict(points)[given].scenario)  # the estimate with the shipped calibration
        assert first.training is not None
        moe = first.model.active_params < first.model.params
        key = case_digest(points[0][1])
        if key in kept:
            predicted, moe_predicted = kept[key]
        else:
            predicted = [predicted_value(prepared, first if scale == given else estimate(prepared.scenario))
                         for scale, prepared in points]
            moe_predicted = [predicted_value(prepared, estimate(prepared.scenario)) for _, prepared
                             in _at_each(case, catalog, "moe_expert_efficiency", MOE_GRID if moe else ())]
            new[key] = [predicted, moe_predicted]
        gpu = catalog.gpu(first.gpu)
        title = runs[case.run_id]["independence_group"]
        precision = Precision(first.precision)
        group = validation_group(gpu, Precision(first.precision))
        scored.append(Scored(case, group, title, first.count,
                             peak_gemm_efficiency(gpu, precision) * FITTED_EFFICIENCY_SCALE.get(group, 1.0),
                             tuple(predicted), moe, gpu.id, is_scale_out(first.training.step_breakdown_s, first.nodes),
                             tuple(moe_predicted), key))
    if path is not None and new:
        path.parent.mkdir(parents=True, exist_ok=True)
        # what another process kept meanwhile, with these; each process writes through its own temporary file
        merged = {**_kept_predictions(path), **new}
        replace_file(path, json.dumps(merged).encode("utf-8"), sync_folder=False)
        for older in path.parent.glob("training-predictions-*.json"):  # made by code since changed
            if older != path:
                older.unlink(missing_ok=True)
    return scored


def best_scale(cases: list[Scored]) -> float:
    """The multiplier (relative to the shipped calibration) with the least median |error| over these cases; on a
    tie, the one nearest the uncalibrated prior, so that a held-out fit never leans on a calibration that saw the
    source it is judged on."""
    fine = [round(0.5 + 0.005 * i, 3) for i in range(241)]
    current = FITTED_EFFICIENCY_SCALE.get(cases[0].group, 1.0) if cases else 1.0
    return min(fine, key=lambda k: (statistics.median(abs(c.error_pct(k)) for c in cases), abs(k * current - 1.0)))


def best_moe_efficiency(cases: list[Scored]) -> float:
    """The MoE experts' efficiency with the least median |error| over these MoE cases (one value for every
    architecture: the work it stands for is the framework's, not the chip's); on a tie, the larger."""
    fine = [round(0.15 + 0.005 * i, 3) for i in range(171)]
    return min(fine, key=lambda e: (statistics.median(abs(c.moe_error_pct(e)) for c in cases), -e))


def fit_without(sources: Collection[str], catalog: Catalog) -> Calibration:
    """The published calibration as its fit would stand without the dense runs of these independence groups: the
    GEMM efficiency of each group they fall in refitted on the other groups' dense runs (as fitted_scales does; an
    architecture left with none at the efficiency of one never seen). What a GPU's held-out runs are judged against
    when they stand in for a user's own cluster, which the published fit never saw."""
    runs = published_runs()
    dense: list[tuple[Case, tuple[str, str], float]] = []  # a dense case, its group, its uncalibrated efficiency
    for case in training_cases():
        if not case.in_median or not case.fitted:
            continue
        result = run_case(case, catalog).result
        if result.model.active_params == result.model.params:
            gpu, precision = catalog.gpu(result.gpu), Precision(result.precision)
            dense.append((case, validation_group(gpu, precision), peak_gemm_efficiency(gpu, precision)))
    left_out = {group for case, group, _ in dense if runs[case.run_id]["independence_group"] in sources}
    kept = [case for case, group, _ in dense if group in left_out
            and runs[case.run_id]["independence_group"] not in sources]
    by_group: dict[tuple[str, str], list[Scored]] = defaultdict(list)
    for item in score_cases(catalog, kept):
        by_group[item.group].append(item)
    scale = dict(PUBLISHED.efficiency_scale)
    for group in left_out:
        if by_group[group]:
            scale[group] = round(FITTED_EFFICIENCY_SCALE.get(group, 1.0) * best_scale(by_group[group]), 3)
        else:  # no other run of the architecture: the efficiency of one never seen
            peak = next(efficiency for _, g, efficiency in dense if g == group)
            scale[group] = round(UNVALIDATED_EFFICIENCY / peak, 3)
    return replace(PUBLISHED, efficiency_scale=scale)


@dataclass(frozen=True)
class Row:
    scored: Scored
    shipped: float  # error % with the shipped constants
    in_sample: float  # error % after a refit on every case of its group
    out_of_sample: float  # error % after a refit without its source


def cross_validate(scored: list[Scored]) -> list[Row]:
    by_group: dict[tuple[str, str], list[Scored]] = defaultdict(list)
    for item in scored:
        by_group[item.group].append(item)
    rows = []
    for members in by_group.values():
        # The GEMM calibration is fitted on dense models only.
        dense = [m for m in members if not m.moe]
        fitting = [m for m in dense if m.case.fitted]
        everything = best_scale(fitting) if fitting else None
        for item in dense:
            others = [m for m in fitting if m.source != item.source]
            # Never seen from any other source: the efficiency of an architecture with no published run.
            held_out = best_scale(others) if others else UNVALIDATED_EFFICIENCY / item.base_efficiency
            in_sample = item.error_pct(everything) if everything is not None else item.error_pct(held_out)
            rows.append(Row(item, item.error_pct(1.0), in_sample, item.error_pct(held_out)))
    # The mixture-of-experts runs, at their groups' shipped GEMM calibration, fit the experts' efficiency
    # (assumptions.moe_expert_efficiency): on all of them in sample, without the source judged out of sample.
    moe = [m for m in scored if m.moe]
    fitting_moe = [m for m in moe if m.case.fitted]
    everything_moe = best_moe_efficiency(fitting_moe) if fitting_moe else None
    for item in moe:
        others = [m for m in fitting_moe if m.source != item.source]
        held_out = best_moe_efficiency(others) if others else 1.0
        rows.append(Row(item, item.error_pct(1.0), item.moe_error_pct(everything_moe or 1.0),
                        item.moe_error_pct(held_out)))
    return rows


def _median_max(values: list[float]) -> tuple[float, float]:
    magnitudes = [abs(v) for v in values]
    return statistics.median(magnitudes), max(magnitudes)


def group_summary(rows: list[Row]) -> dict[tuple[str, str], dict[str, float]]:
    by_group: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for row in rows:
        by_group[row.scored.group].append(row)
    out = {}
    for group, members in sorted(by_group.items()):
        shipped = _median_max([r.shipped for r in members])
        held_out = _median_max([r.out_of_sample for r in members])
        out[group] = {"cases": len(members), "sources": len({r.scored.source for r in members}),
                      "largest_gpus": max(r.scored.gpus for r in members),
                      "in_sample_median": shipped[0], "in_sample_max": shipped[1],
                      "out_of_sample_median": held_out[0], "out_of_sample_max": held_out[1]}
    return out


def format_report(rows: list[Row]) -> str:
    lines = [f"{'case':<42} {'group':<17} {'source':<24} {'shipped':>8} {'refit':>8} {'LOGO':>8}"]
    for row in sorted(rows, key=lambda r: (r.scored.group, r.scored.source)):
        group = f"{row.scored.group[0]} {row.scored.group[1]}"
        lines.append(f"{row.scored.case.label[:42]:<42} {group:<17} {row.scored.source[:24]:<24} "
                     f"{row.shipped:>+7.1f}% {row.in_sample:>+7.1f}% {row.out_of_sample:>+7.1f}%")
    lines.append("")
    lines.append(f"{'group (dense)':<17} {'cases':>5} {'sources':>7}  {'in-sample median / max':>24}  "
                 f"{'out-of-sample median / max':>28}")
    for key, s in group_summary(compute_bound_rows(rows)).items():
        lines.append(f"{key[0] + ' ' + key[1]:<17} {s['cases']:>5} {s['sources']:>7}  "
                     f"{s['in_sample_median']:>11.1f}% / {s['in_sample_max']:>5.1f}%  "
                     f"{s['out_of_sample_median']:>15.1f}% / {s['out_of_sample_max']:>5.1f}%")
    for label, members in (("not scale-out", compute_bound_rows(rows)), ("scale-out, dense", scale_out_rows(rows)),
                           ("all dense", dense_rows(rows)),
                           ("MoE", [r for r in rows if r.scored.moe]), ("all", rows)):
        if not members:
            continue
        shipped = _median_max([r.shipped for r in members])
        held_out = _median_max([r.out_of_sample for r in members])
        lines.append(f"{label:<17} {len(members):>5} {len({r.scored.source for r in members}):>7}  "
                     f"{shipped[0]:>11.1f}% / {shipped[1]:>5.1f}%  {held_out[0]:>15.1f}% / {held_out[1]:>5.1f}%")
    lines.append(f"(groups: dense cases outside the scale-out regime, whose errors band them; scale-out: exposed "
                 f"data-parallel traffic between nodes at least {SCALE_OUT_SHARE:.0%} of the predicted step)")
    lines.append("")
    lines.append(format_classes(rows))
    return "\n".join(lines)


FOLDED_EP_CLASS = "MoE, EP folded over TP x DP (Megatron-Core)"
ULYSSES_CLASS = "dense, Ulysses sequence parallel (DeepSpeed / HF)"


def workload_class(row: Row) -> str | None:
    """The kind of 2026 workload a case stands for, where it is one of those judged apart (the stack's MoE
    execution, experts folded over tensor and data ranks, narrow experts, DeepSpeed-Ulysses, 8K dense training on
    Ampere, Ascend): printed per class beside the groups."""
    scenario = row.scored.case.scenario
    stack = scenario.get("stack")
    layout = scenario.get("parallelism", {})
    if row.scored.moe:
        if stack == "hf-transformers":
            return "MoE, experts one by one (Transformers, ZeRO-3)"
        if layout.get("ep", 1) > 1 and layout.get("dp", 1) % layout["ep"]:
            return FOLDED_EP_CLASS
        if row.scored.group[0] == "Ampere" or scenario["model"].get("preset") == "qwen3-30b-a3b":
            return "MoE grouped GEMMs, narrow experts / Ampere"
        return None
    if stack in ("deepspeed", "hf-transformers") and layout.get("cp", 1) > 1:
        return ULYSSES_CLASS
    if row.scored.group[0] == "Ampere" and scenario["seq_len"] >= 8192:
        return "dense on Ampere at 8K (DeepSpeed, Megatron)"
    if row.scored.group[0] == "Da Vinci":
        return "Ascend 910B (MindSpore, Megatron on torch_npu)"
    return None


def format_classes(rows: list[Row]) -> str:
    """Out-of-sample median and largest |error| of each workload class (workload_class), with the share of its
    cases inside the band the other independence groups give."""
    bands_inside = dict(zip((id(r) for r in rows), held_out_inside(rows), strict=True))
    by_class: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        name = workload_class(row)
        if name is not None:
            by_class[name].append(row)
    lines = [f"{'class':<46} {'cases':>5} {'sources':>7}  {'LOGO median / max':>18}  {'inside band':>11}"]
    for name, members in sorted(by_class.items()):
        median, largest = _median_max([r.out_of_sample for r in members])
        inside = sum(bands_inside[id(r)] for r in members)
        lines.append(f"{name:<46} {len(members):>5} {len({r.scored.source for r in members}):>7}  "
                     f"{median:>8.1f}% / {largest:>6.1f}%  {inside:>5} of {len(members):<3}")
    return "\n".join(lines)


def held_out_inside(rows: list[Row]) -> list[bool]:
    """Per row, whether its out-of-sample error is inside the band the runs of the other independence groups give."""
    return held_out_flags(judged_runs(rows), training_bands, band_of)


def band_class(run: JudgedRun) -> str:
    """The runs a training case's band is drawn from: the MoE runs', the scale-out runs', else its group's."""
    if run.moe:
        return "MoE"
    if run.scale_out:
        return "scale-out"
    return " ".join(run.group)


def judged_runs(rows: list[Row]) -> list[JudgedRun]:
    """The rows as the bands read them: each out-of-sample error with its independence group."""
    return [JudgedRun(r.out_of_sample, r.scored.source, r.scored.group, r.scored.gpus, r.scored.scale_out,
                      r.scored.moe) for r in rows]


def band_of(bands: TrainingBands, run: JudgedRun) -> Band:
    return training_band(bands, run.group, run.gpus, run.moe, run.scale_out)  # type: ignore[arg-type]


def band_coverage(rows: list[Row]) -> tuple[int, int]:
    """(inside, judged) over every case, its whole independence group left out of the bands it is checked
    against (uncertainty.held_out_coverage)."""
    return held_out_coverage(judged_runs(rows), training_bands, band_of)


def format_bands(rows: list[Row]) -> str:
    bands = training_bands(judged_runs(rows))
    independent: dict[tuple[str, str], set[str]] = defaultdict(set)
    for row in compute_bound_rows(rows):
        independent[row.scored.group].add(row.scored.source)
    return band_table_text([(f"{group[0]} {group[1]}", len(independent[group]), pct, basis)
                            for group, (pct, basis) in bands.groups.items()], bands.pooled,
                           [("scale-out", bands.scale_out), ("MoE", bands.moe)], band_coverage(rows),
                           covered_share(judged_runs(rows), bands, band_of)) + "\n" + training_class_coverage(rows)


def training_class_coverage(rows: list[Row]) -> str:
    """class_coverage_text over the training bands' classes (band_class)."""
    runs = judged_runs(rows)
    inside = held_out_flags(runs, training_bands, band_of)
    bands = training_bands(runs)
    order = sorted(range(len(runs)), key=lambda i: band_class(runs[i]))
    return class_coverage_text([runs[i] for i in order], [band_class(runs[i]) for i in order],
                               [inside[i] for i in order], [band_of(bands, runs[i]).pct for i in order])


def dense_rows(rows: list[Row]) -> list[Row]:
    """The dense models' cases: the ones the calibration is fitted on, and whose errors give dense models' bands."""
    return [r for r in rows if not r.scored.moe]


def compute_bound_rows(rows: list[Row]) -> list[Row]:
    """The dense cases outside the scale-out regime: their errors band the estimates outside it (a scale-out run's
    site-to-site spread is banded apart, SCALE_OUT_*, and does not widen a single node's band)."""
    return [r for r in dense_rows(rows) if not r.scored.scale_out]


def scale_out_rows(rows: list[Row]) -> list[Row]:
    """The dense cases in the scale-out regime (core.training.performance.is_scale_out): their errors band the estimates
    in it, whatever their group."""
    return [r for r in dense_rows(rows) if r.scored.scale_out]


def speed_ratio(row: Row) -> float:
    """Estimated over measured speed, out of sample: a step time's error inverted, a throughput's as it is."""
    error = row.out_of_sample / 100.0
    return 1.0 / (1.0 + error) if row.scored.case.metric in ("step_time_s", "gpu_hours") else 1.0 + error


def speed_range(rows: list[Row]) -> tuple[float, float, float] | None:
    """(least, median, most) estimated over measured speed of these cases, out of sample."""
    speeds = [speed_ratio(r) for r in rows]
    return (round(min(speeds), 2), round(statistics.median(speeds), 2), round(max(speeds), 2)) if speeds else None


def fitted_scales(scored: list[Scored]) -> dict[tuple[str, str], float]:
    """The shipped calibration: each group's multiplier fitted on all of its runs (the "refit" column), relative to
    the uncalibrated efficiencies. The cases were scored with the current calibration, so the fit multiplies it;
    a change under 1 % keeps the current value (the file is a fixed point of --write)."""
    by_group: dict[tuple[str, str], list[Scored]] = defaultdict(list)
    for item in scored:
        if not item.moe and item.case.fitted:
            by_group[item.group].append(item)
    out = {}
    for group, members in sorted(by_group.items()):
        current = FITTED_EFFICIENCY_SCALE.get(group, 1.0)
        relative = best_scale(members)
        out[group] = current if abs(relative - 1.0) < 0.01 else round(current * relative, 3)
    return out


def band_summary(rows: list[Row]) -> dict[tuple[str, str], dict[str, float]]:
    """Per group: cases, sources and largest run over every dense case; the out-of-sample median and max over
    those outside the scale-out regime (over all of them for a group with none outside it)."""
    summary = group_summary(dense_rows(rows))
    for group, s in group_summary(compute_bound_rows(rows)).items():
        for key in ("in_sample_median", "in_sample_max", "out_of_sample_median", "out_of_sample_max"):
            summary[group][key] = s[key]
    return summary


def gpu_medians(rows: list[Row]) -> dict[tuple[str, str], float]:
    """Median out-of-sample |error| (%) of the dense cases run on each GPU outside the scale-out regime, per math
    width: where a GPU's own runs stray from its group's (MI300X at 750 W against MI325X at 1,000 W with the same
    peak), its estimates say so."""
    by_gpu: dict[tuple[str, str], list[float]] = defaultdict(list)
    for row in compute_bound_rows(rows):
        by_gpu[(row.scored.gpu, row.scored.group[1])].append(row.out_of_sample)
    return {key: round(_median_max(values)[0], 1) for key, values in sorted(by_gpu.items())}


def gpu_hour_excess(cases: Callable[[], list[Case]] = gpu_hour_cases) -> tuple[float, float, int]:
    """(largest, median) excess (%) of the published whole-run GPU-hour totals over the estimates, and the number of
    runs: totals include restarts, stalls and extra stages beyond the interruptions the goodput model counts."""
    catalog = Catalog(overrides_path=None)
    under = [max(0.0, (r.case.published / r.predicted - 1.0) * 100.0) for r in run_cases(cases(), catalog)]
    return round(max(under), 1), round(statistics.median(under), 1), len(under)


def small_model_largest_params_b() -> float:
    """The largest model (billions of parameters, rounded up to a tenth) among the small models' published whole
    runs: the class their excess is stated for."""
    catalog = Catalog(overrides_path=None)
    largest = 0.0
    for case in small_model_gpu_hour_cases():
        training = run_case(case, catalog).result.training
        assert training is not None
        largest = max(largest, training.trainable_params)
    return math.ceil(largest / 1e8) / 10.0


def band_pair(band: tuple[float, Basis] | None) -> str:
    return "None" if band is None else f"({round(band[0], 1)}, {str(band[1])!r})"


def fitted_on(rows: list[Row], serving_rows: list[ServingRow]) -> dict[tuple[str, ...], list[tuple[str, str]]]:
    """What each fitted constant was fitted on, (run id, independence group) per case: a group's GEMM multiplier on
    its dense cases, the MoE experts' efficiency on every MoE case, the serving constants (fitted together) on the
    dense TensorRT-LLM runs."""
    out: dict[tuple[str, ...], list[tuple[str, str]]] = defaultdict(list)
    for row in rows:
        if not row.scored.case.fitted:
            continue
        key = (MOE_EXPERT_EFFICIENCY,) if row.scored.moe else (EFFICIENCY, *row.scored.group)
        out[key].append((row.scored.case.run_id, row.scored.source))
    for serving_row in serving_rows:
        if serving_row.case.engine == TENSORRT_LLM and not serving_row.case.moe:
            out[(SERVING,)].append((serving_row.case.prepared.case.run_id, serving_row.case.source))
    return dict(sorted(out.items()))


def fitted_on_source(table: Mapping[tuple[str, ...], list[tuple[str, str]]]) -> str:
    """FITTED_ON as Python source: {key: (run ids, independence groups)}, each sorted and distinct."""
    def names(values: set[str]) -> str:
        return "(\n" + "".join(f"            {value!r},\n" for value in sorted(values)) + "        )"

    return "{\n" + "".join(f"    {key!r}: (\n        {names({r for r, _ in cases})},\n"
                           f"        {names({g for _, g in cases})},\n    ),\n"
                           for key, cases in table.items()) + "}"


def generated_source(rows: list[Row], serving: tuple[ServingCalibration, list[ServingRow]]) -> str:
    summary = band_summary(rows)
    bands = training_bands(judged_runs(rows))
    per_gpu = "{\n" + "".join(f"    {key!r}: {value},\n" for key, value in gpu_medians(rows).items()) + "}"
    overall = round(_median_max([r.out_of_sample for r in compute_bound_rows(rows)])[0], 1)
    moe_rows = [r for r in rows if r.scored.moe]
    moe_median, moe_max = (round(v, 1) for v in _median_max([r.out_of_sample for r in moe_rows])) if moe_rows \
        else (None, None)
    moe_sources = len({r.scored.source for r in moe_rows})
    moe_speed = speed_range(moe_rows)
    scale_out = scale_out_rows(rows)
    scale_out_median, scale_out_max = (round(v, 1) for v in _median_max([r.out_of_sample for r in scale_out])) \
        if scale_out else (None, None)
    moe_groups = tuple(sorted({r.scored.group for r in moe_rows}))
    scales = fitted_scales([r.scored for r in rows])
    fitting_moe = [r.scored for r in moe_rows if r.scored.case.fitted]
    moe_efficiency = best_moe_efficiency(fitting_moe) if fitting_moe else FITTED_MOE_EXPERT_EFFICIENCY
    calibration = "{\n" + "".join(f"    {group!r}: {value},\n" for group, value in scales.items()) + "}"

    def table(key: str, digits: int | None = 1) -> str:
        items = "".join(f"    {group!r}: {round(s[key], digits) if digits is not None else int(s[key])},\n"
                        for group, s in summary.items())
        return "{\n" + items + "}"

    return "\n".join([
        '"""Generated by benchmarks/crossval.py --write (`make recalibrate`): do not edit. Leave-one-group-out',
        "errors of the training step-time model over the public reference set",
        "(resources/reference/published-runs.json): each group's efficiency refitted without the independence group",
        "(one recipe, benchmark round or vendor table) of the run judged, per architecture x math width; the",
        "serving model's constants with their errors, refitted the same way (calibration/refit_serving.py); and",
        'the bands of stated coverage both give (core/results/uncertainty.py)."""',
        "",
        "# The shipped calibration: per group, the efficiency multiplier with the least median |error| over all of",
        "# its published runs (core.training.performance applies it to the GEMM and attention efficiencies, as the",
        "# user's compute_efficiency_scale). The errors below judge the same fit made without the source judged.",
        f"FITTED_EFFICIENCY_SCALE = {calibration}",
        "# Median |error| (%) of the cases of each group when their own source was left out of the fit (outside the",
        "# scale-out regime: its runs are banded apart, below).",
        f"OUT_OF_SAMPLE_MEDIAN_PCT = {table('out_of_sample_median')}",
        "# Largest |error| (%) among them.",
        f"OUT_OF_SAMPLE_MAX_PCT = {table('out_of_sample_max')}",
        "# Median |error| (%) of the dense cases on each GPU (catalog id x math width; outside the scale-out",
        "# regime): a GPU's band is at least this.",
        f"OUT_OF_SAMPLE_GPU_MEDIAN_PCT = {per_gpu}",
        "# Median over every dense case outside the scale-out regime, the floor of any band.",
        f"OUT_OF_SAMPLE_OVERALL_MEDIAN_PCT = {overall}",
        "# Published dense cases, distinct sources, and the largest GPU count validated, per group.",
        f"CASES = {table('cases', None)}",
        f"SOURCES = {table('sources', None)}",
        f"LARGEST_VALIDATED_GPUS = {table('largest_gpus', None)}",
        "# The MoE experts' share of a dense GEMM's efficiency, routing and token permutation included (the default",
        "# of assumptions.moe_expert_efficiency): the value with the least median |error| over every published MoE",
        "# pretraining run, one for all architectures.",
        f"FITTED_MOE_EXPERT_EFFICIENCY = {moe_efficiency}",
        "# Mixture-of-experts models: the median and largest |error| (%) of the MoE cases with that efficiency",
        "# refitted without the case's source, their distinct sources, and the groups with one.",
        f"MOE_OUT_OF_SAMPLE_MEDIAN_PCT = {moe_median}",
        f"MOE_OUT_OF_SAMPLE_MAX_PCT = {moe_max}",
        f"MOE_SOURCES = {moe_sources}",
        "# The range of their estimated over measured speed (least, median, most), out of sample.",
        f"MOE_SPEED_RATIO = {moe_speed!r}",
        f"MOE_GROUPS = {moe_groups!r}",
        "# Dense runs in the scale-out regime (core.training.performance.is_scale_out; any group): the median and "
        "largest",
        "# out-of-sample |error| (%), their cases and distinct sources, and their estimated over measured speed",
        "# (least, median, most). An estimate in the regime has at least this median as its band.",
        f"SCALE_OUT_OUT_OF_SAMPLE_MEDIAN_PCT = {scale_out_median}",
        f"SCALE_OUT_OUT_OF_SAMPLE_MAX_PCT = {scale_out_max}",
        f"SCALE_OUT_CASES = {len(scale_out)}",
        f"SCALE_OUT_SOURCES = {len({r.scored.source for r in scale_out})}",
        f"SCALE_OUT_SPEED_RATIO = {speed_range(scale_out)!r}",
        "# The training bands (core.results.uncertainty): per group of dense runs outside the scale-out regime, the "
        "|error|",
        "# (%) holding 80 % of them, each independence group weighing one, or with too few groups the worst error,",
        "# at least the pooled band; the pooled band; the scale-out and MoE bands; and (inside, judged) with each",
        "# independence group left out of the bands it is checked against.",
        f"TRAINING_BANDS = {band_table(bands.groups)}",
        f"TRAINING_POOLED_BAND_PCT = {round(bands.pooled, 1)}",
        "# The independence groups behind each band: per group, over the pooled band, the scale-out and the MoE runs.",
        "TRAINING_BAND_SOURCES = {\n" + "".join(f"    {group!r}: {count},\n" for group, count in bands.sources.items())
        + "}",
        f"TRAINING_POOLED_SOURCES = {bands.pooled_sources}",
        f"SCALE_OUT_BAND_SOURCES = {bands.scale_out_sources}",
        f"MOE_BAND_SOURCES = {bands.moe_sources}",
        f"SCALE_OUT_BAND = {band_pair(bands.scale_out)}",
        f"MOE_BAND = {band_pair(bands.moe)}",
        f"TRAINING_BAND_HELD_OUT = {band_coverage(rows)!r}",
        "# Whole-run GPU-hours: the largest and median excess (%) of the published totals over the estimates",
        "# (restarts, stalls and loss spikes beyond the interruptions modelled), and the runs judged.",
        f"PUBLISHED_GPU_HOURS_EXCESS_PCT = {gpu_hour_excess()!r}",
        "# The same for models up to SMALL_MODEL_MAX_PARAMS_B billion parameters (1-3B models on tens to hundreds of",
        "# GPUs: their published totals run further above the step-time estimates; judged apart, stated apart).",
        f"SMALL_MODEL_GPU_HOURS_EXCESS_PCT = {gpu_hour_excess(small_model_gpu_hour_cases)!r}",
        f"SMALL_MODEL_MAX_PARAMS_B = {small_model_largest_params_b()!r}",
        *serving_generated_lines(*serving),
        "# The runs each fitted constant was fitted on: {key: (run ids, independence groups)}, keyed ('efficiency',",
        "# architecture, math width), ('moe_expert_efficiency',) or ('serving',) (its constants are fitted together).",
        f"FITTED_ON = {fitted_on_source(fitted_on(rows, serving[1]))}",
        "",
    ])

