"""Leave-one-group-out validation of the serving model.

The serving constants (core.serving.engines.ServingCalibration: TensorRT-LLM's 16-bit, FP8 and FP4 GEMM shares, its
bandwidth share and cost per prompt pass, the GEMM overlap, the all-reduce step latency, Blackwell's bandwidth
share) are fitted together on every published dense TensorRT-LLM run, then refitted the same way (from the same
prior) on all of its independence groups but one and judged on the one left out. A constant the remaining runs say
nothing about keeps its prior, never the value fitted with the group being judged. A fit is a coordinate descent over
each constant's grid with, after each sweep, the best move of two constants at once (fit); the fits of the
leave-one-source-out subsets run in one process and share every case's error one of them estimated (fits).
Mixture-of-experts runs are judged, never fitted (their experts' efficiency is the one the MoE training runs fit,
calibration/refit.py). Errors are summarised per
group (core.serving.inference.serving_validation_group: MoE, FP4 math, tensor parallelism over PCIe, else the engine,
apart per non-NVIDIA vendor), the groups the estimate takes its band from.

The other engines' runs are judged with the fit on all TensorRT-LLM runs (none of their sources is in it); the rows
their own constants were fitted on ("[fitted]" in the label: vLLM's and llama.cpp's bandwidth shares) count as
in-sample only. benchmarks/crossval.py prints this beside the training table and writes both into
gpuplanner/calibration/published_fit.py (--write), with the bands of stated coverage both give
(core/results/uncertainty.py).
"""

from __future__ import annotations

import hashlib
import json
import statistics
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from itertools import combinations, product
from pathlib import Path
from typing import Any

from gpuplanner.calibration.canonical import canonical
from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import Calibration, ServingCalibration
from gpuplanner.calibration.replay import Prepared, inference_cases, predicted_value, prepare, published_runs
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.estimates.serving_estimate import serving_workload
from gpuplanner.core.results.uncertainty import (
    Band,
    Basis,
    JudgedRun,
    ServingBands,
    covered_share,
    held_out_coverage,
    held_out_inside,
    serving_band,
    serving_bands,
    share_over_groups,
)
from gpuplanner.core.serving.inference import serving_validation_group
from gpuplanner.safe_write import replace_file

# The values each constant is tried at. The prior is what a fit keeps where its runs cannot tell values apart, and
# where every fit starts (the one on all runs and those leaving a source out alike): TensorRT-LLM's v1 shares
# (fitted on the 2023 tables: 0.70 of the 16-bit peak, 0.42 of the FP8 one), an overlap halfway between none and
# perfect, Blackwell at Hopper's bandwidth share, FP4 at FP8's share, all-reduces at the link's achieved bandwidth
# (their latency is gpt-fast's: core/engines.TP_ALLREDUCE_BASE_S).
GRID: dict[str, tuple[float, ...]] = {
    "trtllm_prefill": (0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9),
    "trtllm_hbm": (0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95),
    "trtllm_prompt_layer_s": (0.0, 50e-6, 100e-6, 150e-6, 200e-6, 250e-6),
    "trtllm_fp8": (0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7),
    "trtllm_fp4": (0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55),
    "gemm_overlap": (0.0, 0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0),
    "allreduce_share": (0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9, 1.0),
    "blackwell_bandwidth": (0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9, 1.0),
}
PRIOR = ServingCalibration(trtllm_prefill=0.7, trtllm_hbm=0.7, trtllm_prompt_layer_s=0.0, trtllm_fp8=0.42,
                           trtllm_fp4=0.42, gemm_overlap=0.5, allreduce_share=1.0, blackwell_bandwidth=1.0)
ERROR_CAP_PCT = 50.0  # one wild case cannot drag a fit further than this
SWEEPS = 8  # rounds of a coordinate sweep and a pair move (the fits settle in three to five)
# A constant leaves its prior only for a mean error at least 0.1 percentage point lower (one decimal): with a source
# left out, a constant the rest barely sees (the 16-bit share, once the only 16-bit table is out, shows only in the
# 16-bit output head) otherwise drifts to the edge of its grid on differences of hundredths of a point.
TIE_DECIMALS = 1
TENSORRT_LLM = "tensorrt-llm"
ROOT = Path(__file__).resolve().parents[2]  # the source checkout the fit runs in (make recalibrate)
# The serving fits, kept by the digest of their inputs (fits): `make test` refits only when the estimator, the
# catalog or the runs changed. Delete the folder to force a refit.
FIT_CACHE = ROOT / ".cache" / "crossval"
# The leave-one-source-out fits `make recalibrate` last made (benchmarks/crossval.py --write), kept in the repository
# under the digest of their inputs: a fresh checkout reads them while nothing the fits read has changed.
SHIPPED_FITS = Path(__file__).with_name("serving_fits.json")


@dataclass(frozen=True)
class ServingCase:
    prepared: Prepared
    source: str  # its independence group (published-runs.json): runs of one recipe, round or table count once
    source_name: str  # its short title (the name estimates cite it by)
    engine: str
    fitted_elsewhere: bool  # its engine's own constants were fitted on it ("[fitted]")
    group: str  # the group its error counts in (inference.serving_validation_group: 'moe', 'fp4', 'pcie-tp', engine)

    @property
    def moe(self) -> bool:
        """A mixture-of-experts model: judged, never fitted on (as in training)."""
        return self.group == "moe"


@dataclass(frozen=True)
class ServingRow:
    case: ServingCase
    shipped: float  # error % with the shipped calibration
    in_sample: float  # error % with the calibration refitted on every TensorRT-LLM run
    out_of_sample: float | None  # error % with the fit made without its source (None: in-sample only)


def with_serving(serving: ServingCalibration) -> Calibration:
    """The published calibration with these serving constants (the engine profiles follow them)."""
    return replace(PUBLISHED, serving=serving)


def error_pct(case: ServingCase, calibration: Calibration) -> float:
    return (predicted_value(case.prepared, calibration=calibration) / case.prepared.case.published - 1.0) * 100.0


def errors(cases: Sequence[ServingCase], serving: ServingCalibration) -> list[float]:
    calibration = with_serving(serving)
    return [error_pct(c, calibration) for c in cases]


CaseError = Callable[[ServingCase, ServingCalibration], float]


def case_error(case: ServingCase, serving: ServingCalibration) -> float:
    """One case's error % under these serving constants (estimated afresh)."""
    return error_pct(case, with_serving(serving))


def shared_case_error() -> CaseError:
    """case_error, each (case, constants) pair estimated once: the fits of overlapping subsets start from the same
    prior and walk mostly the same points, so a fit after the first finds most of its cases' errors already known."""
    known: dict[tuple[int, ServingCalibration], float] = {}

    def error(case: ServingCase, serving: ServingCalibration) -> float:
        key = (id(case), serving)
        if key not in known:
            known[key] = case_error(case, serving)
        return known[key]

    return error


def objective(cases: Sequence[ServingCase], calibration: ServingCalibration, error: CaseError = case_error) -> float:
    """Mean |error| %, each case capped at ERROR_CAP_PCT."""
    return statistics.fmean(min(abs(error(c, calibration)), ERROR_CAP_PCT) for c in cases)


def fit(cases: Sequence[ServingCase], start: ServingCalibration, error: CaseError = case_error,
        ) -> ServingCalibration:
    """Coordinate descent over GRID from `start`, each sweep followed by the best move of two constants a grid step
    each, until neither improves; on a tie (mean errors equal to TIE_DECIMALS), the value nearest the prior.
    Constants that act on the same runs trade against each other (FP4's share and Blackwell's bandwidth on the B200
    rows; the prefill share, the GEMM overlap and the all-reduce latency in a GEMM-bound pass): along such a valley
    no single constant's move lowers the error, and one-at-a-time descent stops short of its floor, at a point that
    changes with any run added."""
    scores: dict[ServingCalibration, float] = {}

    def score(calibration: ServingCalibration) -> float:  # a point is revisited across sweeps: scored once
        if calibration not in scores:
            scores[calibration] = round(objective(cases, calibration, error), TIE_DECIMALS)
        return scores[calibration]

    current = start
    for _ in range(SWEEPS):
        before = current
        current = _pair_move(score, _coordinate_sweep(score, current))
        if current == before:
            break
    return current


def _distance_from_prior(calibration: ServingCalibration, names: Sequence[str] = tuple(GRID)) -> float:
    """How far `names` are from the prior, each over its grid's span: the tie-break of equal errors."""
    return sum(abs(getattr(calibration, name) - getattr(PRIOR, name)) / (max(GRID[name]) - min(GRID[name]))
               for name in names)


def _coordinate_sweep(score: Callable[[ServingCalibration], float],
                      current: ServingCalibration) -> ServingCalibration:
    for name in (f.name for f in fields(ServingCalibration)):
        def key(c: ServingCalibration, n: str = name) -> tuple[float, float]:
            return score(c), _distance_from_prior(c, (n,))
        current = min((replace(current, **{name: value}) for value in GRID[name]), key=key)
    return current


def _pair_move(score: Callable[[ServingCalibration], float], current: ServingCalibration) -> ServingCalibration:
    """The best of the moves of two constants by one grid step each, where it lowers the rounded mean error."""
    best, best_key = current, (score(current), _distance_from_prior(current))
    for first, second in combinations(GRID, 2):
        for step_first, step_second in product((-1, 1), repeat=2):
            moved = {}
            for name, step in ((first, step_first), (second, step_second)):
                index = GRID[name].index(getattr(current, name)) + step
                if not 0 <= index < len(GRID[name]):
                    break
                moved[name] = GRID[name][index]
            else:
                candidate = replace(current, **moved)
                key = (score(candidate), _distance_from_prior(candidate))
                if key[0] < score(current) and key < best_key:
                    best, best_key = candidate, key
    return best


def serving_cases(catalog: Catalog) -> list[ServingCase]:
    runs = published_runs()
    out = []
    for case in inference_cases():
        if not case.in_median:  # printed-only cases are never fitted or judged on
            continue
        run = runs[case.run_id]
        source = run["source"]
        prepared = prepare(case, catalog)
        scenario = prepared.scenario
        assert scenario.inference is not None
        engine = scenario.inference.engine
        group = serving_validation_group(serving_workload(scenario), scenario.gpu, scenario.layout.tp or 1)
        out.append(ServingCase(prepared, run["independence_group"], source["short_title"], engine,
                               "[fitted]" in case.label, group))
    return out


def fit_inputs_hash(cases: Sequence[ServingCase]) -> str:
    """A digest of everything the fits read: the cases, the scenarios the catalog made of them (the rows of the
    catalog they use, not the rest of it: a price or a server added elsewhere leaves the fits alone), the estimator's
    and the catalog's code, the published calibration (the training constants serving carries over), and this
    file's grids and prior."""
    digest = hashlib.sha256()
    for case in cases:
        c = case.prepared.case
        digest.update(json.dumps([c.run_id, c.label, c.metric, c.published, c.requests, c.scenario, case.source,
                                  case.engine, case.group], sort_keys=True, default=repr).encode())
        digest.update(json.dumps(canonical((case.prepared.scenario, case.prepared.waves))).encode())
    package = ROOT / "gpuplanner"
    calibration = package / "calibration"  # the record and the published fit (not the user's fitting)
    files = [*sorted((package / "core").rglob("*.py")), calibration / "record.py", calibration / "published.py",
             calibration / "published_fit.py", *sorted((package / "catalog").glob("*.py")),
             calibration / "replay.py", Path(__file__)]
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def shipped_fits(digest: str, path: Path | None = None) -> list[ServingCalibration] | None:
    """The fits kept in the repository (`path`: SHIPPED_FITS) if they were made from inputs of this digest, else
    None."""
    path = path or SHIPPED_FITS
    if not path.exists():
        return None
    stored = json.loads(path.read_text(encoding="utf-8"))
    if stored["inputs"] != digest:
        return None
    return [ServingCalibration(**values) for values in stored["fits"]]


def fits(subsets: Sequence[Sequence[ServingCase]], cache: Path | None) -> list[ServingCalibration]:
    """The fit of each subset, kept in `cache` (a folder) by the digest of their inputs: a fit is deterministic, so
    the same inputs give the same constants and a second run reads them back, as it reads the fits shipped in the
    repository for the same digest (None: always fit)."""
    digest = fit_inputs_hash([c for s in subsets for c in s])
    path = None if cache is None else cache / f"serving-fits-{digest}.json"
    if path is not None and path.exists():
        return [ServingCalibration(**values) for values in json.loads(path.read_text(encoding="utf-8"))]
    shipped = None if cache is None else shipped_fits(digest)
    if shipped is not None:
        return shipped
    error = shared_case_error()  # one process: the subsets' fits share every error one of them estimated
    fitted = [fit(subset, PRIOR, error) for subset in subsets]
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        # each process through its own temporary file: test workers fitting the same inputs at once
        replace_file(path, json.dumps([asdict(f) for f in fitted]).encode("utf-8"), sync_folder=False)
    return fitted


def fits_leaving_each_source_out(cases: Sequence[ServingCase], cache: Path | None = FIT_CACHE,
                                 ) -> tuple[ServingCalibration, dict[str, ServingCalibration]]:
    """(the fit on every dense TensorRT-LLM run, {independence group: the fit without its runs}): the published
    serving fit, and what it would be had a source never been published."""
    sources, subsets = leave_one_source_out(cases)
    everything, *fitted = fits(subsets, cache)
    return everything, dict(zip(sources, fitted, strict=True))


def leave_one_source_out(cases: Sequence[ServingCase]) -> tuple[list[str], list[list[ServingCase]]]:
    """(the independence groups of the dense TensorRT-LLM runs fitted on, [all of those runs, then those without each
    group in turn]): the subsets the published serving fit and its held-out fits are made on."""
    trt = [c for c in cases if c.engine == TENSORRT_LLM and not c.moe and c.prepared.case.fitted]
    sources = sorted({c.source for c in trt})
    return sources, [trt] + [[c for c in trt if c.source != source] for source in sources]


def write_shipped_fits(cases: Sequence[ServingCase], path: Path | None = None) -> None:
    """Keep the leave-one-source-out fits of these cases in the repository (`path`: SHIPPED_FITS) under the digest
    of their inputs."""
    path = path or SHIPPED_FITS
    _, subsets = leave_one_source_out(cases)
    digest = fit_inputs_hash([c for s in subsets for c in s])
    fitted = [asdict(f) for f in fits(subsets, FIT_CACHE)]
    path.write_text(json.dumps({"inputs": digest, "fits": fitted}, indent=1) + "\n", encoding="utf-8")


def cross_validate_serving(cases: Sequence[ServingCase], cache: Path | None = FIT_CACHE,
                           ) -> tuple[ServingCalibration, list[ServingRow]]:
    """(the calibration fitted on every dense TensorRT-LLM run, a row per case). Mixture-of-experts runs are judged
    with the fit on all of them: their routing and grouped GEMMs are the model's own, not constants to fit.
    `cache`: where the fits are kept by the digest of their inputs (fits)."""
    everything, held_out = fits_leaving_each_source_out(cases, cache)
    shipped = errors(cases, PUBLISHED.serving)
    in_sample = errors(cases, everything)
    judged: dict[str, list[float]] = {source: errors(cases, calibration) for source, calibration in held_out.items()}
    rows = []
    for i, case in enumerate(cases):
        if case.engine == TENSORRT_LLM and not case.moe and case.prepared.case.fitted:
            out_of_sample: float | None = judged[case.source][i]
        elif not case.prepared.case.fitted:  # held out: no fit has seen it
            out_of_sample = in_sample[i]
        else:
            out_of_sample = None if case.fitted_elsewhere else in_sample[i]
        rows.append(ServingRow(case, shipped[i], in_sample[i], out_of_sample))
    return everything, rows


def _median_max(values: Sequence[float]) -> tuple[float, float]:
    magnitudes = [abs(v) for v in values]
    return statistics.median(magnitudes), max(magnitudes)


def judged(rows: Sequence[ServingRow]) -> list[ServingRow]:
    return [r for r in rows if r.out_of_sample is not None]


def engine_summary(rows: Sequence[ServingRow]) -> dict[str, dict[str, float]]:
    """Per engine (and FP4 apart): cases, sources, in-sample and out-of-sample median / max |error| %."""
    groups: dict[str, list[ServingRow]] = defaultdict(list)
    for row in rows:
        groups[row.case.group].append(row)
    out = {}
    for group, members in sorted(groups.items()):
        shipped = _median_max([r.shipped for r in members])
        held = [r.out_of_sample for r in members if r.out_of_sample is not None]
        median, largest = _median_max(held) if held else (float("nan"), float("nan"))
        out[group] = {"cases": len(members), "judged": len(held), "sources": len({r.case.source for r in members}),
                      "in_sample_median": shipped[0], "in_sample_max": shipped[1],
                      "out_of_sample_median": median, "out_of_sample_max": largest}
    return out


def group_sources(rows: Sequence[ServingRow]) -> dict[str, tuple[str, ...]]:
    """Per group (as engine_summary's), the short titles of its distinct sources, sorted."""
    names: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        names[row.case.group].add(row.case.source_name)
    return {group: tuple(sorted(members)) for group, members in sorted(names.items())}


def serving_judged_runs(rows: Sequence[ServingRow]) -> list[JudgedRun]:
    """The judged rows as the bands read them: each out-of-sample error with its independence group."""
    return [JudgedRun(r.out_of_sample, r.case.source, r.case.group,  # type: ignore[arg-type]
                      architecture=r.case.prepared.scenario.gpu.architecture) for r in judged(rows)]


def band_table(groups: Mapping[Any, tuple[float, Basis]]) -> str:
    """A band table as Python source: {group: (pct, basis)}."""
    return "{\n" + "".join(f"    {group!r}: ({round(pct, 1)}, {str(basis)!r}),\n"
                           for group, (pct, basis) in groups.items()) + "}"


def fitted_serving_groups(rows: Sequence[ServingRow]) -> tuple[str, ...]:
    """The groups some serving constant was fitted on a run of: the fitted dense TensorRT-LLM runs' and those an
    engine's own constants were fitted on ("[fitted]")."""
    return tuple(sorted({r.case.group for r in rows if r.case.fitted_elsewhere or (
        r.case.engine == TENSORRT_LLM and not r.case.moe and r.case.prepared.case.fitted)}))


def bands_of(rows: Sequence[ServingRow]) -> Callable[[list[JudgedRun]], ServingBands]:
    """The serving bands of some judged runs, knowing which groups these rows fitted constants on."""
    fitted = fitted_serving_groups(rows)
    return lambda runs: serving_bands(runs, fitted)


def serving_band_of(bands: ServingBands, run: JudgedRun) -> Band:
    return serving_band(bands, run.group, run.architecture)  # type: ignore[arg-type]


def serving_band_coverage(rows: Sequence[ServingRow]) -> tuple[int, int]:
    """(inside, judged), each independence group left out of the bands it is checked against."""
    return held_out_coverage(serving_judged_runs(rows), bands_of(rows), serving_band_of)


def band_table_text(groups: Sequence[tuple[str, int, float, Basis]], pooled: float,
                    extras: Sequence[tuple[str, tuple[float, Basis] | None]], held_out: tuple[int, int],
                    in_sample: float) -> str:
    """The bands as `make test` prints them: (label, independence groups, band, basis) per group, the pooled floor,
    the regimes banded apart, and how often the band holds cases of a group it never saw."""
    lines = [f"{'band (80 % coverage)':<22} {'groups':>6}  {'band':>7}  basis"]
    lines += [f"{label:<22} {count:>6}  {pct:>6.1f}%  {basis}" for label, count, pct, basis in groups]
    lines.append(f"{'pooled (floor)':<22} {'':>6}  {pooled:>6.1f}%")
    lines += [f"{label:<22} {'':>6}  {extra[0]:>6.1f}%  {extra[1]}" for label, extra in extras if extra is not None]
    inside, total = held_out
    lines.append(f"held out by independence group: {inside} of {total} cases inside the printed band "
                 f"({inside / total:.0%}); in sample: {in_sample:.0%}")
    return "\n".join(lines)


def class_coverage_text(runs: Sequence[JudgedRun], classes: Sequence[str], inside: Sequence[bool],
                        widths: Sequence[float]) -> str:
    """Per band class: its independence groups and cases, the share of its cases inside the band the other groups
    give them, over cases and with each group weighing one (the coverage of a new source), and the median band its
    cases print with every group in; then the same over all classes."""
    members: dict[str, list[int]] = defaultdict(list)
    for index, name in enumerate(classes):
        members[name].append(index)
    members["all"] = list(range(len(runs)))
    lines = [f"{'held out by group':<28} {'groups':>6} {'cases':>5}  {'inside':>7}  {'over cases':>10}  "
             f"{'over groups':>11}  {'median band':>11}"]
    for name, indices in members.items():
        picked = [runs[i] for i in indices]
        hits = [inside[i] for i in indices]
        lines.append(f"{name:<28} {len({r.independence_group for r in picked}):>6} {len(picked):>5}  "
                     f"{sum(hits):>7}  {sum(hits) / len(hits):>10.0%}  {share_over_groups(picked, hits):>11.0%}  "
                     f"{statistics.median(widths[i] for i in indices):>10.1f}%")
    return "\n".join(lines)


def serving_class_coverage(rows: Sequence[ServingRow]) -> str:
    """class_coverage_text over the serving groups."""
    runs = serving_judged_runs(rows)
    build = bands_of(rows)
    bands = build(runs)
    order = sorted(range(len(runs)), key=lambda i: str(runs[i].group))
    runs = [runs[i] for i in order]
    return class_coverage_text(runs, [str(r.group) for r in runs], held_out_inside(runs, build, serving_band_of),
                               [serving_band_of(bands, r).pct for r in runs])


def format_serving_bands(rows: Sequence[ServingRow]) -> str:
    runs = serving_judged_runs(rows)
    bands = bands_of(rows)(runs)
    independent: dict[str, set[str]] = defaultdict(set)
    for run in runs:
        independent[run.group].add(run.independence_group)  # type: ignore[index]
    return band_table_text([(group, len(independent[group]), pct, basis)
                            for group, (pct, basis) in bands.groups.items()], bands.pooled, [],
                           serving_band_coverage(rows), covered_share(runs, bands, serving_band_of)) \
        + "\n" + serving_class_coverage(rows)


def format_serving_report(calibration: ServingCalibration, rows: Sequence[ServingRow]) -> str:
    lines = [f"{'case':<58} {'source':<24} {'shipped':>8} {'refit':>8} {'LOGO':>8}"]
    for row in rows:
        held = f"{row.out_of_sample:>+7.1f}%" if row.out_of_sample is not None else f"{'(fit)':>8}"
        lines.append(f"{row.case.prepared.case.label[:58]:<58} {row.case.source[:24]:<24} {row.shipped:>+7.1f}% "
                     f"{row.in_sample:>+7.1f}% {held}")
    lines.append("")
    lines.append(f"{'engine':<14} {'cases':>5} {'judged':>6} {'sources':>7}  {'in-sample median / max':>24}  "
                 f"{'out-of-sample median / max':>28}")
    summary = engine_summary(rows)
    for group, s in summary.items():
        lines.append(f"{group:<14} {s['cases']:>5} {s['judged']:>6} {s['sources']:>7}  "
                     f"{s['in_sample_median']:>11.1f}% / {s['in_sample_max']:>5.1f}%  "
                     f"{s['out_of_sample_median']:>15.1f}% / {s['out_of_sample_max']:>5.1f}%")
    shipped = _median_max([r.shipped for r in rows])
    judged_all = _median_max([r.out_of_sample for r in judged(rows) if r.out_of_sample is not None])
    lines.append(f"{'all':<14} {len(rows):>5} {len(judged(rows)):>6} {len({r.case.source for r in rows}):>7}  "
                 f"{shipped[0]:>11.1f}% / {shipped[1]:>5.1f}%  {judged_all[0]:>15.1f}% / {judged_all[1]:>5.1f}%")
    for label, members in (("dense", [r for r in rows if r.case.group not in ("fp4", "moe")]),
                           ("FP4", [r for r in rows if r.case.group == "fp4"]),
                           ("MoE", [r for r in rows if r.case.group == "moe"])):
        over = sum(abs(r.out_of_sample) > 15.0 for r in judged(members))  # type: ignore[arg-type]
        median = statistics.median(abs(r.out_of_sample) for r in judged(members))  # type: ignore[arg-type]
        lines.append(f"{label}: {len(judged(members))} judged, median {median:.1f} %, {over} over 15 % out of sample; "
                     f"{sum(abs(r.shipped) > 15.0 for r in members)} of {len(members)} over 15 % in sample")
    lines.append("refit on every TensorRT-LLM run: " + ", ".join(
        f"{f.name} {getattr(calibration, f.name):g}" for f in fields(ServingCalibration)))
    return "\n".join(lines)


def _options(row: ServingRow) -> Any:
    return row.case.prepared.scenario.inference


# The workload classes judged apart (beside the groups bands come from): each a test on a published run of its own.
# A class no judged run covers prints as such: its estimates carry the band of a class without runs.
SERVING_CLASSES: dict[str, Callable[[ServingRow], bool]] = {
    "MoE decode, batch <= 16": lambda r: r.case.moe and (_options(r).batch or 1) <= 16,
    "MoE, larger batches": lambda r: r.case.moe and (_options(r).batch or 1) > 16,
    "SGLang": lambda r: r.case.engine == "sglang",
    "H20 batch-1 decode (dense)": lambda r: r.case.prepared.scenario.gpu.id == "h20" and not r.case.moe
    and (_options(r).batch or 1) == 1,
    "4-bit integer weights (W4A16 engines)": lambda r: _options(r).weight_dtype.value == "int4"
    and r.case.engine != "llama.cpp",
    "4-bit integer weights (llama.cpp)": lambda r: _options(r).weight_dtype.value == "int4"
    and r.case.engine == "llama.cpp",
}


def format_serving_classes(rows: Sequence[ServingRow]) -> str:
    """Per workload class: cases, those judged with their independence group left out of every constant fitted on
    them, the groups, and the out-of-sample median / max |error| and median signed error."""
    lines = [f"{'class':<40} {'cases':>5} {'judged':>6} {'groups':>6}  {'LOGO median / max |error|':>26}  "
             f"{'median signed':>13}"]
    for name, member in SERVING_CLASSES.items():
        members = [r for r in rows if member(r)]
        held = [r.out_of_sample for r in members if r.out_of_sample is not None]
        if not held:
            lines.append(f"{name:<40} {len(members):>5} {0:>6} {'':>6}  no judged runs (the band of a class without "
                         "runs)")
            continue
        median, largest = _median_max(held)
        lines.append(f"{name:<40} {len(members):>5} {len(held):>6} {len({r.case.source for r in members}):>6}  "
                     f"{median:>15.1f}% / {largest:>5.1f}%  {statistics.median(held):>+12.1f}%")
    return "\n".join(lines)


TIME_METRICS = ("ttft_s", "tpot_s")  # a case's metric that is a time: predicted / published is its slowness


def speed_ratio(row: ServingRow) -> float:
    """How many times the measured speed the out-of-sample estimate is (above 1: it comes out fast), whether the
    case publishes a throughput or a time."""
    ratio = 1.0 + row.out_of_sample / 100.0  # type: ignore[operator]
    return 1.0 / ratio if row.case.prepared.case.metric in TIME_METRICS else ratio


def serving_generated_lines(calibration: ServingCalibration, rows: Sequence[ServingRow]) -> list[str]:
    summary = engine_summary(rows)
    fitted = "{\n" + "".join(f"    {f.name!r}: {getattr(calibration, f.name)!r},\n"
                             for f in fields(ServingCalibration)) + "}"

    def table(key: str) -> str:
        return "{\n" + "".join(f"    {group!r}: {round(s[key], 1)},\n" for group, s in summary.items()
                               if s["judged"]) + "}"

    dense = [r.out_of_sample for r in judged(rows) if r.case.group not in ("fp4", "moe")]
    overall = round(_median_max(dense)[0], 1)  # type: ignore[arg-type]
    sources = "{\n" + "".join(f"    {group!r}: {names!r},\n" if len(repr(names)) < 100 else
                               f"    {group!r}: (\n" + "".join(f"        {name!r},\n" for name in names) + "    ),\n"
                               for group, names in group_sources(rows).items()) + "}"
    fit_sources = sorted({r.case.source_name for r in rows if r.case.engine == TENSORRT_LLM and not r.case.moe})
    architectures = tuple(sorted({r.case.prepared.scenario.gpu.architecture for r in rows}))
    moe = [speed_ratio(r) for r in judged(rows) if r.case.moe]
    moe_ratio = (round(min(moe), 1), round(statistics.median(moe), 1), round(max(moe), 1)) if moe else None
    bands = bands_of(rows)(serving_judged_runs(rows))
    return [
        "# The serving constants (core.serving.engines.ServingCalibration), fitted on every published TensorRT-LLM "
        "run.",
        f"FITTED_SERVING = {fitted}",
        "# Serving: median and largest out-of-sample |error| (%) per engine (FP4 and mixture-of-experts models apart:",
        "# 'fp4', 'moe'), the median over every other judged serving case (the floor of a serving band), the distinct",
        "# sources per group (their short titles in published-runs.json, which estimates cite), and the range of",
        "# predicted / published of the MoE runs.",
        f"SERVING_OUT_OF_SAMPLE_MEDIAN_PCT = {table('out_of_sample_median')}",
        f"SERVING_OUT_OF_SAMPLE_MAX_PCT = {table('out_of_sample_max')}",
        f"SERVING_OUT_OF_SAMPLE_OVERALL_MEDIAN_PCT = {overall}",
        f"SERVING_SOURCES = {sources}",
        "# The sources TensorRT-LLM's constants are fitted on (its dense and FP4 runs).",
        "SERVING_FIT_SOURCES = (\n" + "".join(f"    {name!r},\n" for name in fit_sources) + ")",
        f"SERVING_MOE_SPEED_RATIO = {moe_ratio!r}",
        "# The serving bands (core.results.uncertainty): per group, the |error| (%) holding 80 % of the judged runs, "
        "each",
        "# independence group weighing one, or with too few groups the worst error, at least the pooled band; and",
        "# (inside, judged) with each independence group left out of the bands it is checked against.",
        f"SERVING_BANDS = {band_table(bands.groups)}",
        f"SERVING_POOLED_BAND_PCT = {round(bands.pooled, 1)}",
        "# The independence groups behind each group's band and behind the pooled band.",
        "SERVING_BAND_SOURCES = {\n" + "".join(f"    {group!r}: {count},\n" for group, count in bands.sources.items())
        + "}",
        f"SERVING_POOLED_SOURCES = {bands.pooled_sources}",
        f"SERVING_BAND_HELD_OUT = {serving_band_coverage(rows)!r}",
        "# The GPU architectures some published serving run ran on.",
        "SERVING_ARCHITECTURES = (\n" + "".join(f"    {name!r},\n" for name in architectures) + ")",
        "# The groups some serving constant was fitted on a run of (the others' bands are at least an unfitted one's).",
        "SERVING_FITTED_GROUPS = (\n" + "".join(f"    {name!r},\n" for name in bands.fitted_groups or ()) + ")",
    ]
