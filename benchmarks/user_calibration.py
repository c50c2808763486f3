"""Judge `gpuplanner calibrate` the way a user meets it: public runs of one GPU stand in for the user's own. A few
of them are calibrated on, the others held out; the held-out runs' errors are printed before (the published
calibration) and after (the user's fit layered over it). Run: PYTHONPATH=. python benchmarks/user_calibration.py"""

from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from gpuplanner.calibration.fit import calibrate_runs, figure, prepare
from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.replay import Case, inference_cases, published_runs, training_cases
from gpuplanner.calibration.runs import MeasuredRun
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.estimates.estimate import estimate


@dataclass(frozen=True)
class HoldOut:
    """Public runs of one GPU, stack or engine and precision: every `stride`-th calibrates (a user's few runs over
    their range of sizes), the rest are judged."""
    title: str
    cases: tuple[Case, ...]
    stride: int

    @property
    def calibrated_on(self) -> tuple[Case, ...]:
        return self.cases[::self.stride]

    @property
    def held_out(self) -> tuple[Case, ...]:
        return tuple(c for c in self.cases if c not in self.calibrated_on)


def as_run(case: Case) -> MeasuredRun:
    """A published case as a user's measured run: its scenario and its published figure."""
    run = published_runs()[case.run_id]
    return MeasuredRun(case.scenario, {f"{case.block}.{case.metric}": case.published}, run["source"]["title"],
                       run["source"].get("date", "2000-01-01")[:10] if isinstance(run["source"].get("date"), str)
                       else "2000-01-01", f"{case.run_id}: {case.label}")


def hold_outs(catalog: Catalog) -> list[HoldOut]:
    """Megatron-LM's A100 step times (its 2021 and 2022 papers; stack megatron-2021) for training, and for serving
    TensorRT-LLM v0.9.0's H200 FP8 throughput per GPU of dense models (its table runs 8 % faster than the fit on
    every TensorRT-LLM source predicts: the case of a cluster that differs from the published fit). Every fourth
    (training) or third (serving) run calibrates."""
    training = tuple(c for c in training_cases() if c.in_median and c.metric == "step_time_s"
                     and c.scenario.get("stack") == "megatron-2021"
                     and c.scenario["hardware"]["gpu"] == "a100-sxm4-80gb")
    serving = tuple(c for c in inference_cases() if c.in_median and c.requests is None
                    and c.run_id == "trtllm-v09-perf-tables" and c.scenario["hardware"]["gpu"] == "h200-sxm-141gb"
                    and c.metric == "output_tokens_per_s_per_gpu" and "Mixtral" not in c.label)
    return [HoldOut("training: A100 step time, Megatron-LM (stack megatron-2021)", training, 4),
            HoldOut("serving: H200 FP8 TensorRT-LLM v0.9.0 throughput per GPU, dense models", serving, 3)]


def judged(hold_out: HoldOut, catalog: Catalog) -> tuple[list[float], list[float]]:
    """(errors % before, errors % after) of the held-out runs."""
    fitted = calibrate_runs([as_run(c) for c in hold_out.calibrated_on], catalog)
    before, after = [], []
    for run in map(as_run, hold_out.held_out):
        item = prepare(run, catalog)
        (path, measured), = run.measured.items()
        for calibration, out in ((PUBLISHED, before), (fitted.calibration, after)):
            value = figure(estimate(item.scenario, item.node, alternatives=False, calibration=calibration), path)
            assert value is not None
            out.append((value / measured - 1.0) * 100.0)
    return before, after


def main() -> int:
    catalog = Catalog(overrides_path=None)
    for hold_out in hold_outs(catalog):
        before, after = judged(hold_out, catalog)
        print(f"{hold_out.title}: calibrated on {len(hold_out.calibrated_on)}, judged on {len(before)} held out")
        for case, b, a in zip(hold_out.held_out, before, after, strict=True):
            print(f"  {case.label[:60]:<60} {b:+7.1f}% -> {a:+7.1f}%")
        print(f"  median |error| {statistics.median(map(abs, before)):.1f}% -> "
              f"{statistics.median(map(abs, after)):.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
