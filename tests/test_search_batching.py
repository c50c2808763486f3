"""The plan searches every count it estimates in the batched fast path (one step-time evaluation for many GPUs and
counts), an unpriced purchase's included, without holding more of those searches than it needs, every GPU's rows
of such an evaluation timed as that GPU alone times them; and the divisibility test the layout grid and the pipeline
stages use agrees with the remainder it replaced."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

import gpuplanner.core.estimates.training_estimate as training_estimate
from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.training.memory import busiest_stage_layers, divides
from gpuplanner.service import plan_for_scenario

PRETRAIN_70B = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "constraints": {"deadline_days": 60}}
PRETRAIN_70B_NO_DEADLINE = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "training": {"tokens": 2e12},
                            "constraints": {}}
LORA_7B_ON_PREM = {"task": "lora", "model": {"preset": "llama-2-7b"}, "seq_len": 2048,
                   "training": {"tokens": 2e8, "global_batch": 32},
                   "constraints": {"budget": 30000, "deployment": "on-prem"}}
# The 7B LoRA plan's traced peak (tracemalloc, numpy's buffers included): 17 MB with an unpriced purchase's searches
# let go as they are used, 37 MB with every one held from the start.
LORA_PEAK_MB = 25.0


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog(overrides_path=None)


@pytest.mark.parametrize("scenario", [PRETRAIN_70B, PRETRAIN_70B_NO_DEADLINE], ids=["deadline", "no-deadline"])
def test_every_estimate_of_a_plan_is_searched_in_the_batched_fast_path(catalog, monkeypatch, scenario) -> None:
    timed_alone = []
    search_alone = training_estimate.search_layouts

    def counted(*args, **kwargs):
        search = search_alone(*args, **kwargs)  # a count with no valid layout raises here: not timed
        timed_alone.append(args[1].count)
        return search

    monkeypatch.setattr(training_estimate, "search_layouts", counted)
    result = plan_for_scenario(scenario, catalog)
    assert result.evaluated > 0
    # Unpriced purchases' counts were each searched alone again: 115 of the deadline plan's 290 estimates.
    assert timed_alone == []


def test_an_unpriced_purchase_holds_no_more_searches_than_it_uses(catalog) -> None:
    plan_for_scenario(LORA_7B_ON_PREM, catalog)  # the layout grids of its shapes built (cached): not counted
    tracemalloc.start()
    try:
        result = plan_for_scenario(LORA_7B_ON_PREM, catalog)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.evaluated > 0
    assert peak / 2**20 <= LORA_PEAK_MB


def test_divides_agrees_with_the_remainder() -> None:
    values = np.arange(0.0, 400.0)
    for divisor in (1.0, 2.0, 3.0, 5.0, 7.0, 8.0, 16.0, 126.0):
        assert np.array_equal(divides(divisor, values), np.mod(values, divisor) == 0)
    degrees = np.arange(1.0, 140.0)
    for layers in (1, 2, 32, 80, 126, 127):
        even = (np.mod(layers, degrees) == 0) | (np.mod(layers + 2, degrees) == 0)
        assert np.array_equal(busiest_stage_layers(layers, degrees),
                              np.where(even, layers / degrees, np.ceil(layers / degrees)))


# The 70B 60-day plan's fast-path step-time evaluations: 64 before its options' count loops ran in rounds (one for
# every option's first counts, then one per option and three counts), 29 after, 16 once the searches on rented
# instances joined the rounds (13 of the 29 were theirs, one option at a time); and the share of the counts searched
# that no loop reached: 16 % before (51 of 315), 1 % after (rented instances' searches, a few counts at a time).
ROUND_EVALUATIONS_MAX = 18
UNREACHED_SHARE_MAX = 0.03


def test_the_options_count_loops_search_together_only_the_counts_they_reach(catalog, monkeypatch) -> None:
    """The options' count loops run in rounds, each round's searches in one step-time evaluation (those on an
    option's rented instances too), and a count is searched when a loop reaches it, not three at a time ahead of
    it."""
    import gpuplanner.core.planning.plan_evaluation as evaluation

    evaluations: list[list[tuple[str, int, int]]] = []
    estimated = set()
    real_together, real_alone, real_estimate = (evaluation.fast_training_searches_together,
                                                evaluation.fast_training_searches, evaluation.estimate)

    def searching_together(requests, calibration, runner_up_times=False):
        if not runner_up_times:  # (the plans shown are searched in full afterwards: their runner-up layouts)
            evaluations.append([(trial.gpu.id, trial.gpus_per_node, count) for trial, counts in requests
                                for count in counts])
        return real_together(requests, calibration, runner_up_times)

    def searching_alone(trial, counts, calibration):
        evaluations.append([(trial.gpu.id, trial.gpus_per_node, count) for count in counts])
        return real_alone(trial, counts, calibration)

    def estimating(trial, node, alternatives=True, search=None, calibration=PUBLISHED):
        estimated.add((trial.gpu.id, trial.gpus_per_node, trial.gpu_count))
        return real_estimate(trial, node, alternatives, search, calibration)

    monkeypatch.setattr(evaluation, "fast_training_searches_together", searching_together)
    monkeypatch.setattr(evaluation, "fast_training_searches", searching_alone)
    monkeypatch.setattr(evaluation, "estimate", estimating)
    assert plan_for_scenario(PRETRAIN_70B, catalog).evaluated > 0
    searched = {key for batch in evaluations for key in batch}
    assert searched and len(evaluations) <= ROUND_EVALUATIONS_MAX
    assert len(searched - estimated) <= UNREACHED_SHARE_MAX * len(searched)


def test_a_plan_after_an_edit_of_the_job_sizes_no_site_again(catalog, monkeypatch) -> None:
    """The site blocks of a plan are kept for the next (the app plans again at every edit; an edit of the job
    leaves the servers, counts and site as they were): after the no-deadline plan (every count), the 60-day plan
    of a job with shorter sequences sizes none of them again (222 sized again, before), and its answer is the one
    planned afresh."""
    import gpuplanner.core.planning.plan_evaluation as evaluation
    from gpuplanner.core.results.export import result_json

    edited = {**PRETRAIN_70B, "seq_len": 2048}
    evaluation._sites_kept.clear()
    fresh = result_json(plan_for_scenario(edited, catalog))
    evaluation._sites_kept.clear()
    plan_for_scenario(PRETRAIN_70B_NO_DEADLINE, catalog)
    sized = []
    real = evaluation.plan_site

    def sizing(*args):
        sized.append(args[1])
        return real(*args)

    monkeypatch.setattr(evaluation, "plan_site", sizing)
    again = result_json(plan_for_scenario(edited, catalog))
    assert sized == []
    assert again == fresh


@pytest.mark.parametrize("scenario", [PRETRAIN_70B, LORA_7B_ON_PREM], ids=["70b", "7b-lora"])
def test_the_best_layouts_chosen_together_are_each_searchs_own(catalog, monkeypatch, scenario) -> None:
    """clusters_fast_searches chooses every fast-path search's best layout in one pass over the batch: each the
    layout best_index picks from that search alone (every search a plan makes, its GPUs, counts and node sizes)."""
    import dataclasses

    import gpuplanner.core.training.layout as layout

    together = layout.clusters_fast_searches
    checked: list[int] = []

    def checking(*args, **kwargs):
        searches = together(*args, **kwargs)
        for search in searches:
            if search is not None and not search.runner_up_times:
                assert search.best is not None
                assert search.best == dataclasses.replace(search, best=None).best_index()
                checked.append(search.best)
        return searches

    monkeypatch.setattr(training_estimate, "clusters_fast_searches", checking)
    assert plan_for_scenario(scenario, catalog).plans
    assert len(checked) >= 20


def test_a_step_time_that_is_not_a_number_leaves_the_choice_to_the_search() -> None:
    """Rows of three searches, the middle one's times not numbers: the other two get their best (the least memory
    among the rows within 0.1 % of their fastest), the middle one none (best_index words it)."""
    from gpuplanner.core.training.layout import _fastest_least_memory

    step = np.array([2.0, 1.0, 1.0005, 3.0, np.nan, np.nan, 5.0, 4.0])
    memory = np.array([1.0, 9.0, 8.0, 1.0, 1.0, 1.0, 1.0, 2.0])
    assert _fastest_least_memory(step, memory, np.array([0, 4, 6])).tolist() == [2, -1, 1]


def test_rows_of_several_gpus_are_timed_as_each_gpu_alone_times_them(catalog) -> None:
    """One step-time evaluation of several GPUs' rows (GpuRows gathers each GPU's figures and measured bus-bandwidth
    shares to its rows) gives every row, part by part, exactly what an evaluation of its GPU alone gives: GPUs with
    a scale-up fabric with measured shares (two collectives of four, one GPU measuring only one of them), without
    measured shares, and without a fabric, in mixed order."""
    from gpuplanner.core.base.records import replaced
    from gpuplanner.core.estimates.training_estimate import training_workload
    from gpuplanner.core.hardware.fabric import Collective
    from gpuplanner.core.hardware.hardware import Precision
    from gpuplanner.core.training.layout import SEARCH_EVERYTHING, _layouts_and_memory
    from gpuplanner.core.training.performance import STEP_PARTS, GpuRows, step_time_rows
    from gpuplanner.service import scenario_from_data

    h100 = catalog.gpu("h100-sxm5-80gb")
    assert h100.fabric is not None and not h100.fabric.busbw_share  # the shipped rows measure none
    measured = replaced(h100, id="h100-measured", fabric=replaced(h100.fabric, busbw_share={
        Collective.ALL_REDUCE: 0.62, Collective.ALL_TO_ALL: 0.41}))
    one_measured = replaced(h100, id="h100-one-measured", fabric=replaced(h100.fabric, busbw_share={
        Collective.ALL_REDUCE: 0.7}))
    gpus = (measured, catalog.gpu("l40s"), one_measured, catalog.gpu("a100-sxm4-80gb"), h100)
    scenario = scenario_from_data(PRETRAIN_70B, catalog)
    workload = training_workload(scenario, Precision.BF16)
    layouts = _layouts_and_memory(workload, scenario.assumptions, SEARCH_EVERYTHING, 64, 8)[0]
    rows = [np.arange(k, len(layouts), 7) for k in range(len(gpus))]  # each GPU its own rows of the grid
    which = np.repeat(np.arange(len(gpus)), [len(own) for own in rows])
    together = step_time_rows(workload, GpuRows(gpus, which, workload.precision, scenario.assumptions,
                                                workload.calibration),
                              8, 3200.0, layouts.take(np.concatenate(rows)), scenario.assumptions)
    start = 0
    for gpu, own in zip(gpus, rows, strict=True):
        alone = step_time_rows(workload, gpu, 8, 3200.0, layouts.take(own), scenario.assumptions)
        for part in STEP_PARTS:
            assert np.array_equal(getattr(together, part)[start:start + len(own)], getattr(alone, part)), \
                (gpu.id, part)
        start += len(own)


def test_rows_laid_out_in_runs_read_each_gpus_figures_as_rows_gathered_one_by_one(catalog) -> None:
    """GpuRows given its rows as runs of one GPU (each run's GPU and length, a GPU in several runs, a run of no rows)
    holds every figure and measured share row for row as the per-row gather does, and the step times are the same."""
    from gpuplanner.core.estimates.training_estimate import training_workload
    from gpuplanner.core.hardware.hardware import Precision
    from gpuplanner.core.training.layout import SEARCH_EVERYTHING, _layouts_and_memory
    from gpuplanner.core.training.performance import STEP_PARTS, GpuRows, step_time_rows
    from gpuplanner.service import scenario_from_data

    gpus = (catalog.gpu("h100-sxm5-80gb"), catalog.gpu("l40s"), catalog.gpu("a100-sxm4-80gb"))
    scenario = scenario_from_data(PRETRAIN_70B, catalog)
    workload = training_workload(scenario, Precision.BF16)
    layouts = _layouts_and_memory(workload, scenario.assumptions, SEARCH_EVERYTHING, 64, 8)[0]
    of_run, lengths = np.array([2, 0, 1, 0, 2]), np.array([40, 25, 0, 31, 17])
    which = np.repeat(of_run, lengths)
    gathered = GpuRows(gpus, which, workload.precision, scenario.assumptions, workload.calibration)
    in_runs = GpuRows(gpus, which, workload.precision, scenario.assumptions, workload.calibration,
                      runs=(of_run, lengths))
    for name in ("peak", "attention_flops", "gemm_efficiency", "hbm", "quantized_weight_copies", "_fabric_domain",
                 "_fabric_gbs", "_pcie_gbs", "_fabric_peer_gbs", "flash_attention_curve"):
        assert np.array_equal(getattr(in_runs, name), getattr(gathered, name)), name
    assert gathered._busbw_share.keys() == in_runs._busbw_share.keys()
    for collective, share in gathered._busbw_share.items():
        assert share is None if in_runs._busbw_share[collective] is None else np.array_equal(
            in_runs._busbw_share[collective], share, equal_nan=True), collective
    rows = layouts.take(np.arange(len(which)) % len(layouts))
    expected = step_time_rows(workload, gathered, 8, 3200.0, rows, scenario.assumptions)
    found = step_time_rows(workload, in_runs, 8, 3200.0, rows, scenario.assumptions)
    for part in STEP_PARTS:
        assert np.array_equal(getattr(found, part), getattr(expected, part)), part


def test_the_fallback_warnings_are_each_callers_own(catalog) -> None:
    """supported_precision, kept by GPU and precision, hands every caller a list of its own: a warning one estimate
    adds to it never reaches the next."""
    from gpuplanner.core.estimates.result_parts import supported_precision
    from gpuplanner.core.hardware.hardware import Precision

    a100 = catalog.gpu("a100-sxm4-80gb")  # no FP8 tensor cores: falls back to BF16
    precision, warnings = supported_precision(a100, Precision.FP8)
    assert precision == Precision.BF16 and len(warnings) == 1
    warnings.append("added by one caller")
    again = supported_precision(a100, Precision.FP8)
    assert again[0] == Precision.BF16 and len(again[1]) == 1 and again[1][0] == warnings[0]


def test_a_later_plan_of_the_same_job_gets_the_workload_made_before(catalog) -> None:
    """Two scenarios read from the same document (new objects each) give the same workload object; another job
    another one."""
    from gpuplanner.core.estimates.training_estimate import training_workload
    from gpuplanner.core.hardware.hardware import Precision
    from gpuplanner.service import scenario_from_data

    first = training_workload(scenario_from_data(PRETRAIN_70B, catalog), Precision.BF16)
    again = training_workload(scenario_from_data(PRETRAIN_70B, catalog), Precision.BF16)
    longer = training_workload(scenario_from_data({**PRETRAIN_70B, "seq_len": 8192}, catalog), Precision.BF16)
    assert again is first
    assert longer is not first and longer != first
