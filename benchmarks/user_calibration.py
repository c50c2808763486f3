"""Judge `gpuplanner calibrate` the way a user meets it: public runs of one GPU stand in for the user's own cluster.
The published fit is remade without them (their independence groups left out, as leave-one-group-out does), a few
of them are calibrated on over it, the others held out; the held-out runs' errors are printed with the shipped fit
(which holds them: in sample), with the fit that never saw them (before) and with the user's fit layered over that
one (after). Run: PYTHONPATH=. python benchmarks/user_calibration.py"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from gpuplanner.calibration.fit import calibrate_runs, figure, prepare
from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import Calibration
from gpuplanner.calibration.refit import fit_without
from gpuplanner.calibration.refit_serving import fits_leaving_each_source_out, serving_cases, with_serving
from gpuplanner.calibration.replay import Case, as_measured_run, inference_cases, published_runs, training_cases
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.estimates.estimate import estimate


@dataclass(frozen=True)
class HoldOut:
    """Public runs of one GPU, stack or engine and precision, taken in `stride` turns: in turn k every stride-th run
    from the k-th calibrates (a user's few runs over their range of sizes) and the others are judged."""
    title: str
    cases: tuple[Case, ...]
    stride: int

    def calibrated_on(self, turn: int) -> tuple[Case, ...]:
        return self.cases[turn::self.stride]

    def held_out(self, turn: int) -> tuple[Case, ...]:
        return tuple(c for c in self.cases if c not in self.calibrated_on(turn))

    @property
    def sources(self) -> frozenset[str]:
        """The independence groups of its runs: what the published fit is remade without."""
        runs = published_runs()
        return frozenset(runs[c.run_id]["independence_group"] for c in self.cases)

    @property
    def training(self) -> bool:
        return self.cases[0].block == "training"


@dataclass(frozen=True)
class Judged:
    """Each turn's held-out runs (label, error % with the shipped fit, which holds them; with the fit remade without
    them, what the user starts from; with the user's fit over that one), pooled over the turns."""
    rows: tuple[tuple[str, float, float, float], ...]

    def _columns(self, summary: Callable[[list[float]], float], magnitude: bool) -> tuple[float, float, float]:
        shipped, before, after = (summary([abs(row[i]) if magnitude else row[i] for row in self.rows])
                                  for i in (1, 2, 3))
        return shipped, before, after

    def medians(self) -> tuple[float, float, float]:
        """Median |error| % (shipped, before, after)."""
        return self._columns(statistics.median, True)

    def means(self) -> tuple[float, float, float]:
        """Mean |error| % (shipped, before, after)."""
        return self._columns(statistics.fmean, True)

    def biases(self) -> tuple[float, float, float]:
        """Median signed error % (shipped, before, after): the cluster's offset a calibration removes."""
        return self._columns(statistics.median, False)


def hold_outs() -> list[HoldOut]:
    """Megatron-LM's A100 step times (its 2021 and 2022 papers; stack megatron-2021) for training, and for serving
    TensorRT-LLM v0.9.0's H200 FP8 throughput per GPU of dense models. Every fourth (training) or third (serving)
    run calibrates."""
    training = tuple(c for c in training_cases() if c.in_median and c.metric == "step_time_s"
                     and c.scenario.get("stack") == "megatron-2021"
                     and c.scenario["hardware"]["gpu"] == "a100-sxm4-80gb")
    serving = tuple(c for c in inference_cases() if c.in_median and c.requests is None
                    and c.run_id == "trtllm-v09-perf-tables" and c.scenario["hardware"]["gpu"] == "h200-sxm-141gb"
                    and c.metric == "output_tokens_per_s_per_gpu" and "Mixtral" not in c.label)
    return [HoldOut("training: A100 step time, Megatron-LM (stack megatron-2021)", training, 4),
            HoldOut("serving: H200 FP8 TensorRT-LLM v0.9.0 throughput per GPU, dense models", serving, 3)]


def published_without(hold_out: HoldOut, catalog: Catalog) -> Calibration:
    """The published calibration as its fit would stand had the hold-out's sources never been published."""
    if hold_out.training:
        return fit_without(hold_out.sources, catalog)
    _, without = fits_leaving_each_source_out(serving_cases(catalog))
    (source,) = hold_out.sources
    return with_serving(without[source])


def judged(hold_out: HoldOut, catalog: Catalog) -> Judged:
    base = published_without(hold_out, catalog)
    rows = []
    for turn in range(hold_out.stride):
        runs = [as_measured_run(c) for c in hold_out.calibrated_on(turn)]
        fitted = calibrate_runs(runs, catalog, before=base, base=base)
        for case in hold_out.held_out(turn):
            item = prepare(as_measured_run(case), catalog)
            (path, measured), = item.run.measured.items()
            errors = []
            for calibration in (PUBLISHED, base, fitted.calibration):
                value = figure(estimate(item.scenario, item.node, alternatives=False, calibration=calibration), path)
                assert value is not None
                errors.append((value / measured - 1.0) * 100.0)
            rows.append((f"{case.label} (turn {turn + 1})", *errors))
    return Judged(tuple(rows))


def report(hold_out: HoldOut, result: Judged) -> str:
    """Per held-out run its error with the shipped fit, before and after; then the median and mean |error| and the
    median signed error."""
    lines = [f"{hold_out.title}: {len(hold_out.cases)} runs in {hold_out.stride} turns, each calibrating on one run "
             f"in {hold_out.stride} and judging the others; the published fit remade without "
             f"{'; '.join(sorted(hold_out.sources))}",
             f"  {'held-out run':<66} {'shipped':>8} {'before':>8} {'after':>8}"]
    lines += [f"  {label[:66]:<66} {s:>+7.1f}% {b:>+7.1f}% {a:>+7.1f}%" for label, s, b, a in result.rows]
    for name, figures, sign in (("median |error|", result.medians(), ""), ("mean |error|", result.means(), ""),
                                ("median error", result.biases(), "+")):
        s, b, a = (f"{value:{sign}.1f}%" for value in figures)
        lines.append(f"  {name:<15} shipped (holds them) {s}, without them {b} -> calibrated on the user's runs {a}")
    return "\n".join(lines)


def main() -> int:
    catalog = Catalog(overrides_path=None)
    for hold_out in hold_outs():
        print(report(hold_out, judged(hold_out, catalog)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
