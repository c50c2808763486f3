"""The 2026 workload classes judged as a set of runs the model never saw: every case of the runs appended to
published-runs.json for them (the block from FIRST_2026_RUN on: SGLang and H20 decode, 4-bit weights, MoE training
and serving on stacks of their own, Ampere / Ascend training, small models' whole runs), each judged with its own
independence group left out of every constant fitted on it and of the band checked against it (the held-out figures
calibration/refit.py and refit_serving.py compute), printed-only cases counted as answered or not. Prints the median
|error|, the share inside the printed band and the cases the planner refuses, against the targets of
benchmarks/accuracy_targets.py (TRAINING / SERVING median, BAND_HELD_OUT_COVERAGE).

With `--since RUN_ID` only the runs from RUN_ID to the end of published-runs.json are printed (each still judged
with its own group held out): the runs appended since the model was last changed, judged before any change.

Usage: PYTHONPATH=. .venv/bin/python benchmarks/unseen_runs.py [--since RUN_ID]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from gpuplanner.calibration.published_fit import SERVING_BANDS
from gpuplanner.calibration.refit import cross_validate, held_out_inside, score_cases
from gpuplanner.calibration.refit_serving import (
    bands_of,
    cross_validate_serving,
    judged,
    serving_band_of,
    serving_cases,
    serving_judged_runs,
)
from gpuplanner.calibration.replay import (
    gpt_fast_moe_pairs,
    inference_cases,
    published_runs,
    run_case,
    small_model_gpu_hour_cases,
    training_cases,
)
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.errors import InputError

FIRST_2026_RUN = "qwen3-speed-sglang-h20-batch1"  # the first run appended for the 2026 workload classes
FIRST_FRESH_RUN = "xtuner-llama2-7b-ulysses-8-32a100"  # the first run appended after the 2026 classes were modelled


def block_run_ids(first: str = FIRST_2026_RUN) -> set[str]:
    """The ids of the runs from `first` to the end of published-runs.json."""
    ids = list(published_runs())
    if first not in ids:
        raise SystemExit(f"no published run {first!r}")
    return set(ids[ids.index(first):])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--since", default=FIRST_2026_RUN, metavar="RUN_ID",
                        help=f"judge the runs from RUN_ID on (default {FIRST_2026_RUN}; the fresh runs: "
                             f"{FIRST_FRESH_RUN})")
    first = parser.parse_args(argv).since
    catalog = Catalog(overrides_path=None)
    block = block_run_ids(first)
    rows: list[tuple[str, float, bool]] = []  # (label, held-out error %, inside the band the other groups give)

    training = cross_validate(score_cases(catalog))
    for row, inside in zip(training, held_out_inside(training), strict=True):
        if row.scored.case.run_id in block:
            rows.append((row.scored.case.label, row.out_of_sample, inside))

    _, serving = cross_validate_serving(serving_cases(catalog))
    runs = serving_judged_runs(serving)
    build_bands = bands_of(serving)
    for row, run in zip(judged(serving), runs, strict=True):
        if row.case.prepared.case.run_id in block:
            others = build_bands([j for j in runs if j.independence_group != run.independence_group])
            rows.append((row.case.prepared.case.label, run.error_pct,
                         abs(run.error_pct) <= serving_band_of(others, run).pct))

    # Small models' whole runs: the margin their estimate states, from the other groups' runs.
    small = [(case, run_case(case, catalog)) for case in small_model_gpu_hour_cases()]
    group = {case.run_id: published_runs()[case.run_id]["independence_group"] for case, _ in small}
    excess = {case.run_id: (case.published / r.predicted - 1.0) * 100.0 for case, r in small}
    for case, r in small:
        margin = max(e for run_id, e in excess.items() if group[run_id] != group[case.run_id])
        if case.run_id in block:
            rows.append((case.label, r.error_pct, excess[case.run_id] <= margin))

    # gpt-fast's Mixtral against Llama-2-70B at batch 1: the ratio against the MoE serving band.
    moe_band = SERVING_BANDS.get("moe", (None, ""))[0]
    for moe, dense in gpt_fast_moe_pairs():
        if moe.run_id not in block:
            continue
        published = dense.published / moe.published
        predicted = run_case(dense, catalog).predicted / run_case(moe, catalog).predicted
        error = (predicted / published - 1.0) * 100.0
        rows.append((f"{moe.label} / Llama-2-70B", error, moe_band is not None and abs(error) <= moe_band))

    # Answered: every case of the block, printed-only ones too.
    refused = []
    for case in [*training_cases(), *inference_cases()]:
        if case.run_id in block:
            try:
                run_case(case, catalog)
            except InputError as error:
                refused.append(f"{case.label}: {error}")

    for label, error, inside in rows:
        print(f"{label[:78]:<78} {error:+7.1f}%  {'inside' if inside else 'OUTSIDE'}")
    errors = [abs(e) for _, e, _ in rows]
    inside = sum(i for _, _, i in rows)
    print(f"\nruns from {first}:")
    print(f"{len(rows)} judged cases of {len(block)} runs: median |error| {statistics.median(errors):.1f}%, "
          f"{inside} of {len(rows)} inside the printed band ({inside / len(rows):.0%}), {len(refused)} unanswered")
    for line in refused:
        print("unanswered:", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
