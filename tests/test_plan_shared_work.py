"""Work the planner shares between its estimates and from one plan to the next gives what working it out again
gives: a batch's layout rows gathered from several shapes' tables, a job's figures kept for its workload, a part's
shape number kept for the part."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.kept import KeptByIdentity
from gpuplanner.core.estimates import training_estimate
from gpuplanner.core.estimates.estimate import estimate
from gpuplanner.core.planning.plan_shapes import EstimateCache
from gpuplanner.core.training.layout import (
    SEARCH_EVERYTHING,
    TABLE_COLUMNS,
    _layouts_for,
    _rows_of,
    context_parallel_choices,
)
from gpuplanner.service import scenario_from_data


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog(overrides_path=None)


def test_a_batch_of_several_shapes_holds_each_shapes_own_rows() -> None:
    """_rows_of gathers every degree of each shape's rows from its table at once: the batch is each shape's take()
    in turn, degree by degree, with a context-parallel degree of 1 for a shape that has none (a column out of the
    table's order, or a shape's rows in another's place, reads another degree)."""
    choices = tuple(context_parallel_choices(65536, SEARCH_EVERYTHING, 32))
    long = _layouts_for(32, 32, 16, 8, 64, SEARCH_EVERYTHING, choices)
    short = _layouts_for(32, 32, 8, 8, 64, SEARCH_EVERYTHING)
    assert long.cp is not None and short.cp is None
    parts = [(long, np.arange(0, len(long), 3)), (short, np.arange(1, len(short), 2))]
    batch = _rows_of(parts)
    assert batch.ep is None  # a dense model: no shape has an expert-parallel array, nor has the batch
    for name in TABLE_COLUMNS[:-1]:
        expected = np.concatenate([getattr(layouts.take(index), name) if getattr(layouts, name) is not None
                                   else np.ones(len(index)) for layouts, index in parts])
        np.testing.assert_array_equal(getattr(batch, name), expected, err_msg=name)
    assert _rows_of([(short, np.arange(4))]).cp is None  # no shape splits the sequence: no cp array, as before


def test_estimates_sharing_their_jobs_figures_are_what_each_alone_gives(catalog, monkeypatch) -> None:
    """The job's figures (MFU's FLOPs, checkpoint bytes, steps, the model and assumptions blocks) are kept for the
    workload and shared by a plan's estimates: an estimate made with them kept equals one made with none kept, and
    each estimate owns its assumptions block (one changed leaves the others as they were)."""
    data = {"task": "lora", "model": {"preset": "llama-2-7b"}, "seq_len": 2048,
            "training": {"tokens": 2e8, "global_batch": 32}, "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}
    scenario = scenario_from_data(data, catalog)
    first = estimate(scenario, alternatives=False)
    second = estimate(dataclasses.replace(scenario, gpu_count=16), alternatives=False)
    assert first.assumptions is not second.assumptions
    assert first.assumptions["adapters"] is not second.assumptions["adapters"]
    first.assumptions["adapters"]["rank"] = -1
    assert second.assumptions["adapters"]["rank"] != -1
    monkeypatch.setattr(training_estimate, "_job_figures_kept", KeptByIdentity(64))
    again = estimate(dataclasses.replace(scenario, gpu_count=16), alternatives=False)
    assert again == second
    assert again.model == second.model and again.training == second.training


def test_a_parts_shape_number_is_kept_from_one_plan_to_the_next(catalog) -> None:
    """A part's shape number is worked out once for the part and read by every plan's cache: the same number in a
    later plan, the same for a copy alike but for its name and price, another for a GPU the user calibrated (its
    estimates read its own runs) and for a part with other figures."""
    gpu = catalog.gpu("h100-sxm5-80gb")
    copy = dataclasses.replace(gpu, id="my-h100", model="My H100", price_usd_low=1.0)
    other = dataclasses.replace(gpu, memory_gib=(gpu.memory_gib or 0) + 1)
    one, two = EstimateCache(), EstimateCache()
    two.start_plan(frozenset({gpu.id}))
    number = one.shape_of(gpu)
    assert EstimateCache().shape_of(gpu) == number == one.shape_of(copy)
    assert one.shape_of(other) != number
    assert two.shape_of(gpu) != number  # calibrated on the user's runs: its own
    assert two.shape_of(copy) == number


def test_a_plan_made_again_after_others_is_the_same_answer(catalog) -> None:
    """What the planner keeps from one plan to the next (each shape's rows that run, each part's shape number) gives
    a later plan of the same job the answer a first plan gives, other jobs planned in between."""
    from gpuplanner.core.results.export import result_json
    from gpuplanner.service import plan_for_scenario

    seventy = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "constraints": {"deadline_days": 60}}
    first = result_json(plan_for_scenario(seventy, catalog, top=5))
    plan_for_scenario({"task": "finetune", "model": {"preset": "llama-2-13b"}, "training": {"tokens": 1e9},
                       "constraints": {"objective": "fastest", "deadline_days": 7}}, catalog, top=5)
    assert result_json(plan_for_scenario(seventy, catalog, top=5)) == first
