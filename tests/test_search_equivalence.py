"""The faster search gives the answers of the search it replaced, recorded by scripts/record_search_golden.py
(tests/data/search_golden.json): the best layout's step time within 0.1 % on 288 sampled (GPU, count) searches, the
same runner-up layouts, and the same ranked plans and near misses for six scenarios."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.catalog.options import hardware_options
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.estimates.estimate import estimate
from gpuplanner.core.planning.plan_settings import plan_settings
from gpuplanner.core.results.export import to_data
from gpuplanner.service import plan_for_scenario, scenario_from_data

GOLDEN = json.loads((Path(__file__).parent / "data" / "search_golden.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog(overrides_path=None)


@pytest.mark.parametrize("name", sorted(GOLDEN["scenarios"]))
def test_the_same_plans_are_ranked(catalog, name) -> None:
    result = plan_for_scenario(GOLDEN["scenarios"][name], catalog, top=5)
    plans = [{"gpu": p.gpu, "count": p.count, "deployment": p.deployment} for p in result.plans]
    assert plans == [{k: p[k] for k in ("gpu", "count", "deployment")} for p in GOLDEN["plans"][name]]
    for plan, recorded in zip(result.plans, GOLDEN["plans"][name], strict=True):
        if recorded["days"] is not None:
            assert plan.days == pytest.approx(recorded["days"], rel=1e-3)
        assert plan.cost_metric == (None if recorded["cost"] is None else pytest.approx(recorded["cost"], rel=1e-3))
        assert plan.estimate.alternatives is not None  # filled in for every plan shown
    near = [{"gpu": p.gpu, "count": p.count, "deployment": p.deployment} for p in result.near_misses]
    assert near == GOLDEN["plans"][name + ":near"]


def test_the_same_best_layouts_on_sampled_searches(catalog) -> None:
    compared = 0
    options = {}
    for record in GOLDEN["layouts"]:
        scenario = scenario_from_data(GOLDEN["scenarios"][record["scenario"]], catalog)
        if record["scenario"] not in options:
            power = plan_settings(scenario).power
            options[record["scenario"]] = {o.gpu.id: o for o in hardware_options(catalog, power)}
        option = options[record["scenario"]][record["gpu"]]
        trial = dataclasses.replace(scenario, gpu=option.gpu, gpu_count=record["count"],
                                    gpus_per_node=option.node.gpus, hardware_given=True)
        for alternatives in (True, False):
            if "error" in record:
                with pytest.raises(Exception) as raised:
                    estimate(trial, option.node, alternatives=alternatives)
                assert type(raised.value).__name__ == record["error"]
                continue
            result = estimate(trial, option.node, alternatives=alternatives)
            assert result.fits == record["fits"]
            assert result.training.step_time_s == pytest.approx(record["step_time_s"], rel=1e-3)
            layout = to_data(result.layout)
            # Fields added after the recording keep their neutral value (cp: no context parallelism below 32K).
            assert {key: layout[key] for key in record["layout"]} == record["layout"]
            assert layout.get("cp", 1) == 1
            if alternatives:
                assert [{k: str(v) for k, v in to_data(a).items() if k in recorded} for a, recorded in zip(
                    result.alternatives, record["alternatives"], strict=True)] == [
                    {k: str(v) for k, v in a.items()} for a in record["alternatives"]]
            compared += 1
    assert compared >= 2 * 250


def test_counts_that_cannot_meet_the_deadline_or_fit_are_not_estimated(catalog, monkeypatch) -> None:
    """The pruning behind the speed-up (the plans above are those of the full search): under a 60-day deadline
    no count is estimated whose peak-FLOPs bound misses it while the next count's also does, and no count whose
    model states cannot fit however they are sharded."""
    import gpuplanner.core.planning.plan_evaluation as plan_module
    from gpuplanner.core.estimates.training_estimate import training_bounds
    from gpuplanner.core.training.memory import GIB

    asked: list[tuple[str, int | None]] = []
    real = plan_module.estimate

    def counting(trial, node, alternatives=True, search=None, calibration=PUBLISHED):
        asked.append((trial.gpu.id, trial.gpu_count))
        return real(trial, node, alternatives, search, calibration)

    searched: list[tuple[str, int]] = []
    real_searches = plan_module.fast_training_searches

    real_together = plan_module.fast_training_searches_together

    def searching(trial, counts, calibration):
        searched.extend((trial.gpu.id, count) for count in counts)
        return real_searches(trial, counts, calibration)

    def searching_together(requests, calibration, runner_up_times=False):  # every option's first counts at once
        searched.extend((trial.gpu.id, count) for trial, counts in requests for count in counts)
        return real_together(requests, calibration, runner_up_times)

    monkeypatch.setattr(plan_module, "estimate", counting)
    monkeypatch.setattr(plan_module, "fast_training_searches", searching)
    monkeypatch.setattr(plan_module, "fast_training_searches_together", searching_together)
    data = GOLDEN["scenarios"]["70b-60d"]
    plan_for_scenario(data, catalog, top=5)
    scenario = scenario_from_data(data, catalog)
    h100 = catalog.gpu("h100-sxm5-80gb")
    gpu_days, states = training_bounds(scenario, h100, PUBLISHED)
    counts = sorted(c for g, c in asked if g == h100.id and c is not None)
    assert counts, "the H100 was planned"
    assert set(counts) <= {c for g, c in searched if g == h100.id}  # searched together, before being estimated
    counts = sorted({c for g, c in searched if g == h100.id})  # and no layout search of a pruned count either
    assert all(states / c <= 80 * GIB for c in counts)  # never a count whose states cannot fit
    hopeless = [c for c in counts if gpu_days / c > 60]
    assert len(hopeless) <= 1  # at most the nearest miss below the first count that could meet the deadline


@pytest.mark.parametrize(("gpu", "precision"), [("h100-sxm5-80gb", "bf16"), ("h200-sxm-141gb", "bf16"),
                                              ("h100-sxm5-80gb", "fp8"), ("b200", "fp8"), ("mi355x", "fp8"),
                                              ("a100-sxm4-80gb", "bf16")])
def test_the_pruning_bound_is_never_slower_than_a_layouts_own_gemms(catalog, gpu, precision) -> None:
    """The GPU-days bound that prunes counts must be beaten by no layout, so it takes the GEMM rate at its best:
    the prior times the fitted calibration (1.21 for Hopper 16-bit). It once left the calibration out, and for
    Llama 3.1 405B at 2,048 tokens on 2,048 H200 it came out 12 % above the searched layout's own GEMM time: a count
    that met a tight deadline could have been pruned. The layout's GEMM time alone, over the run's steps, is at
    least the bound."""
    from gpuplanner.core.estimates.estimate import estimate
    from gpuplanner.core.estimates.training_estimate import training_bounds

    data = {"task": "pretrain", "model": {"preset": "llama-3.1-405b"}, "seq_len": 2048, "precision": precision,
            "training": {"tokens": 1e12, "global_batch": 1024}, "hardware": {"gpu": gpu, "count": 2048}}
    scenario = scenario_from_data(data, catalog)
    gpu_days, _ = training_bounds(scenario, scenario.gpu, PUBLISHED)
    training = estimate(scenario).training
    gemm_days = training.step_breakdown_s["gemm"] * training.steps / 86400.0
    assert gpu_days / 2048 <= gemm_days


@pytest.mark.parametrize(("preset", "gpu", "extra"), [
    ("llama-2-70b", "h100-sxm5-80gb", {}),
    ("llama-2-7b", "a100-sxm4-40gb", {"task": "lora", "training": {"tokens": 1e8, "global_batch": 32}}),
    ("mixtral-8x7b", "h100-sxm5-80gb", {}),  # expert-parallel layouts beside counts with none
    ("llama-3.1-8b", "rtx-4090", {"seq_len": 65536}),  # context parallelism, PCIe, small nodes
])
@pytest.mark.parametrize("rows_per_evaluation", [4_000, 50])  # the default, and counts split over evaluations
def test_searching_counts_together_gives_each_counts_own_search(catalog, monkeypatch, preset, gpu, extra,
                                                                 rows_per_evaluation) -> None:
    """fast_training_searches (the planner's batched path: one step-time evaluation for several counts, each row
    on its own count's node size and network) equals search_layouts' fast path count by count: the same step
    times, the same best layout; it skips only layouts that cannot be the best: each has a twin that runs (its twin
    without recomputation, or at the next or previous ZeRO stage below 3) and beats it, as slow or slower beyond
    best_index's tie, or no faster and no smaller (the earlier row where equal)."""
    import gpuplanner.core.training.layout as layout_module

    monkeypatch.setattr(layout_module, "ROWS_PER_STEP_TIME_EVALUATION", rows_per_evaluation)
    from gpuplanner.core.base.errors import InputError
    from gpuplanner.core.estimates.result_parts import supported_precision
    from gpuplanner.core.estimates.training_estimate import cluster_for, fast_training_searches, training_workload
    from gpuplanner.core.training.layout import search_layouts

    data = {"task": "pretrain", "model": {"preset": preset}, "hardware": {"gpu": gpu}, **extra}
    scenario = dataclasses.replace(scenario_from_data(data, catalog), gpu_count=None)
    counts = [1, 2, 4, 8, 16, 64, 256]
    together = fast_training_searches(scenario, counts, PUBLISHED)
    assert together, "some count has a valid layout"
    workload = training_workload(scenario, supported_precision(scenario.gpu, scenario.precision)[0])
    zero_skipped = 0
    for count in counts:
        try:
            alone = search_layouts(workload, cluster_for(scenario, count), scenario.assumptions, scenario.layout,
                                   runner_up_times=False)
        except InputError:  # no valid layout at this count: left out of the batch too
            assert count not in together
            continue
        batch = together[count]
        assert batch.best_index() == alone.best_index()
        finite = np.isfinite(alone.time.total)
        timed = np.isfinite(batch.time.total)
        assert (finite | ~timed).all()
        np.testing.assert_allclose(batch.time.total[timed], alone.time.total[timed], rtol=1e-12)
        skipped = np.flatnonzero(finite & ~timed)
        time, memory = alone.time.total, alone.memory.total
        beaten = np.zeros(skipped.size, dtype=bool)
        recompute_twins = batch.layouts.no_recompute_twin[skipped]
        for twins in (recompute_twins, *(zero_twins[skipped] for zero_twins in batch.layouts.zero_twins)):
            other = np.where(twins >= 0, twins, 0)
            slower = time[skipped] > time[other] * 1.001  # beyond best_index's tie
            preferred = (memory[other] < memory[skipped]) | ((memory[other] == memory[skipped]) & (other < skipped))
            recomputing_twin = twins is recompute_twins
            beats = (time[skipped] >= time[other]) & (
                memory[skipped] >= memory[other] if recomputing_twin else preferred)
            beaten |= (twins >= 0) & finite[other] & (slower | beats)
        assert beaten.all()
        zero_skipped += int(np.count_nonzero(batch.layouts.recompute[skipped] == 0))
    if preset == "llama-2-70b":
        assert zero_skipped  # layouts without recomputation skipped: beaten at another ZeRO stage


@pytest.mark.parametrize("runner_up_times", [False, True])
def test_several_gpus_searched_together_get_each_gpus_own_search(catalog, runner_up_times) -> None:
    """clusters_fast_searches with rows of several GPUs in one step-time evaluation (the planner's first counts of
    every option, and the full searches of the plans shown) gives each (GPU, count) what searching it alone gives:
    the same step times of the same layouts, the same best layout, the same runner-ups."""
    from gpuplanner.core.estimates.result_parts import supported_precision
    from gpuplanner.core.estimates.training_estimate import cluster_for, training_workload
    from gpuplanner.core.training.layout import clusters_fast_searches, search_layouts

    data = {"task": "pretrain", "model": {"preset": "llama-2-13b"}}
    gpus = ["h100-sxm5-80gb", "a100-sxm4-40gb", "mi300x", "rtx-4090", "l40s"]
    clusters, workload, scenario = [], None, None
    for gpu in gpus:
        scenario = dataclasses.replace(scenario_from_data({**data, "hardware": {"gpu": gpu}}, catalog),
                                       gpu_count=None)
        workload = training_workload(scenario, supported_precision(scenario.gpu, scenario.precision)[0])
        clusters += [cluster_for(scenario, count) for count in (8, 64)]
    assert scenario is not None and workload is not None
    together = clusters_fast_searches(workload, clusters, scenario.assumptions, scenario.layout, runner_up_times)
    assert len({cluster.gpu.id for cluster in clusters}) == len(gpus)
    for cluster, batch in zip(clusters, together, strict=True):
        alone = search_layouts(workload, cluster, scenario.assumptions, scenario.layout,
                               runner_up_times=runner_up_times)
        assert batch is not None
        timed = np.isfinite(batch.time.total)
        if runner_up_times:
            assert (timed == np.isfinite(alone.time.total)).all()
        np.testing.assert_allclose(batch.time.total[timed], alone.time.total[timed], rtol=1e-12)
        assert batch.best_index() == alone.best_index()
        if runner_up_times:
            assert batch.losing_reasons(batch.best_index()) == alone.losing_reasons(alone.best_index())
