"""Re-planning after an edit of goals, limits or prices reuses the last plan's estimates (the app keeps them between
edits) and gives exactly the answer a fresh plan gives; any change an estimate reads starts afresh."""

from __future__ import annotations

import copy
import json
from dataclasses import replace

import pytest

import gpuplanner.core.planning.plan_evaluation as plan_module
from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.errors import CancelledError
from gpuplanner.core.results.export import to_data
from gpuplanner.core.scenario.fields import FIELDS
from gpuplanner.service import (
    ANSWERS_KEPT,
    RANKING_ONLY,
    EstimateReuse,
    estimate_for_scenario,
    plan_for_scenario,
)
from tests.conftest import another_value, with_value

LORA = {"task": "lora", "model": {"preset": "llama-2-7b"}, "seq_len": 2048,
        "training": {"tokens": 2e8, "global_batch": 32}, "constraints": {}}
SERVING = {"task": "inference", "model": {"preset": "llama-3.1-70b"},
           "inference": {"weight_dtype": "fp8", "kv_dtype": "fp8", "batch": 64},
           "constraints": {"target_output_tokens_per_s": 5000}}
RANKING_EDITS = ({"deadline_days": 3}, {"budget": 30000, "deployment": "on-prem"}, {"objective": "fastest"},
                 {"deployment": "cloud"}, {"years": 5.0, "utilization": 0.4},
                 {"usd_to_cny": 8.0}, {"allow_consumer_gpus": False},
                 {"site": {"rack_kw": 8.0, "rack_units": 42, "cooling": "air", "pue": 1.5}})


def _text(result) -> str:
    return json.dumps(to_data(result), sort_keys=True, default=str)


def _edited(base: dict, **constraints) -> dict:
    data = copy.deepcopy(base)
    data["constraints"].update(constraints)
    return data


@pytest.fixture
def counted(monkeypatch) -> list[bool]:
    """Each estimate() the planner makes: True for the full ones behind the plans shown (reused for a plan shown
    again on the same estimate)."""
    calls: list[bool] = []
    real = plan_module.estimate

    def counting(trial, node, alternatives=True, search=None, calibration=PUBLISHED):
        calls.append(alternatives)
        return real(trial, node, alternatives=alternatives, search=search, calibration=calibration)

    monkeypatch.setattr(plan_module, "estimate", counting)
    return calls


@pytest.mark.parametrize("base", [LORA, SERVING], ids=["lora", "serving"])
def test_ranking_edits_reuse_the_estimates_and_give_the_fresh_answer(base, counted) -> None:
    catalog = Catalog()
    reuse = EstimateReuse()
    plan_for_scenario(base, catalog, top=8, reuse=reuse)
    for edit in RANKING_EDITS:
        data = _edited(base, **edit)
        counted.clear()
        reused = plan_for_scenario(data, catalog, top=8, reuse=reuse)
        estimated_again = counted.count(False)
        counted.clear()
        fresh = plan_for_scenario(data, catalog, top=8)
        assert _text(reused) == _text(fresh), edit
        # Only the counts and instances no earlier plan reached are estimated again.
        assert estimated_again <= 0.1 * counted.count(False), edit


@pytest.mark.parametrize("base", [LORA, SERVING], ids=["lora", "serving"])
def test_a_region_edit_gives_the_fresh_answer(base, counted) -> None:
    """Mainland China brings its own clouds (their instance shapes need estimates of their own); what the reused
    estimates give is still the fresh answer."""
    catalog = Catalog()
    reuse = EstimateReuse()
    plan_for_scenario(base, catalog, top=8, reuse=reuse)
    data = _edited(base, region="cn-mainland")
    assert _text(plan_for_scenario(data, catalog, top=8, reuse=reuse)) == _text(plan_for_scenario(data, catalog,
                                                                                                   top=8))


def test_a_serving_hours_edit_reuses_the_estimates_and_gives_the_fresh_answer(counted) -> None:
    """inference.hours_per_day only prices a rented service (declared ranking-only): a plan after editing it is
    ranked on the estimates already made and is the fresh answer."""
    catalog = Catalog()
    reuse = EstimateReuse()
    plan_for_scenario(SERVING, catalog, top=8, reuse=reuse)
    data = copy.deepcopy(SERVING)
    data["inference"]["hours_per_day"] = 12.0
    counted.clear()
    reused = plan_for_scenario(data, catalog, top=8, reuse=reuse)
    estimated_again = counted.count(False)
    counted.clear()
    fresh = plan_for_scenario(data, catalog, top=8)
    assert _text(reused) == _text(fresh)
    assert estimated_again <= 0.1 * counted.count(False)


# Goal, limit and price edits one after another, each on the last: plans move between the ranked, the near misses
# (a serving near miss shows no latency curve) and out of view, and under a tighter deadline a shown plan's
# warnings word the miss anew. None: the constraint taken out.
EDITS_IN_TURN = {
    "lora": ({"deadline_days": 0.02}, {"deadline_days": 0.005}, {"deadline_days": 0.004},
             {"budget": 30000, "deployment": "on-prem"}, {"deployment": "either", "budget": None}, {"years": 5.0},
             {"deadline_days": None}),
    "serving": ({"budget": 20000}, {"budget": None}, {"deployment": "cloud"}, {"deployment": "either"},
                {"budget": 500000}, {"objective": "fastest"}),
}


@pytest.mark.parametrize("base", [LORA, SERVING], ids=["lora", "serving"])
def test_edits_in_turn_give_the_fresh_answer_and_fill_each_shown_plan_once(base, counted) -> None:
    """Each edit's answer, planned on the estimates and the shown plans' filled estimates (runner-up layouts,
    latency curve) the earlier plans left, is the fresh answer; a plan shown before, on the same estimate, is not
    estimated in full again, unless the deadline its warnings word changed."""
    catalog = Catalog()
    reuse = EstimateReuse()
    data = copy.deepcopy(base)

    def shown(result) -> set[tuple[str, int, str]]:
        return {(p.gpu, p.count, p.deployment) for p in (*result.plans, *result.near_misses)}

    seen = shown(plan_for_scenario(data, catalog, top=8, reuse=reuse))
    filled_again = 0
    for edit in EDITS_IN_TURN["lora" if base is LORA else "serving"]:
        for key, value in edit.items():
            data["constraints"].pop(key, None) if value is None else data["constraints"].update({key: value})
        counted.clear()
        reused = plan_for_scenario(data, catalog, top=8, reuse=reuse)
        filled, now = counted.count(True), shown(reused)
        assert _text(reused) == _text(plan_for_scenario(data, catalog, top=8)), edit
        if "deadline_days" not in edit:
            assert filled <= len(now - seen), edit
        filled_again += filled
        seen |= now
    assert filled_again < len(seen)

def test_what_an_estimate_reads_starts_afresh(counted) -> None:
    catalog = Catalog()
    reuse = EstimateReuse()
    plan_for_scenario(SERVING, catalog, top=5, reuse=reuse)
    for data in (_edited(SERVING, target_output_tokens_per_s=20000),  # replicas needed: an estimate's figure
                 {**copy.deepcopy(SERVING), "inference": {**SERVING["inference"], "batch": 16}}):
        counted.clear()
        reused = plan_for_scenario(data, catalog, top=5, reuse=reuse)
        assert any(not c for c in counted)  # estimated again
        assert _text(reused) == _text(plan_for_scenario(data, catalog, top=5))
    lora = plan_for_scenario(LORA, catalog, top=5, reuse=reuse)
    longer = {**copy.deepcopy(LORA), "seq_len": 4096}
    assert _text(plan_for_scenario(longer, catalog, top=5, reuse=reuse)) == _text(
        plan_for_scenario(longer, catalog, top=5))
    # A catalog edit (a faster H100 of the user's) is read by the next plan, not hidden by the reuse.
    row = {k: v for k, v in catalog.row("gpus", "h100-sxm5-80gb").items() if k != "origin"}
    plan_for_scenario(LORA, catalog, top=5, reuse=reuse)
    catalog.save_user_row("gpus", {**row, "bf16_tflops": float(row["bf16_tflops"]) * 2})
    after = plan_for_scenario(LORA, catalog, top=5, reuse=reuse)
    assert _text(after) == _text(plan_for_scenario(LORA, catalog, top=5))
    assert _text(after) != _text(lora)


def test_reused_estimates_are_not_searched_again(monkeypatch) -> None:
    """Planning the same workload again (a goal edited) searches no layouts for the counts whose estimates it reuses:
    the first counts of a GPU whose first estimate is reused are not searched up front (its loop searches what it
    reaches)."""
    searched: list[int] = []
    together, alone = plan_module.fast_training_searches_together, plan_module.fast_training_searches

    def counting_together(requests, calibration, runner_up_times=False):
        if not runner_up_times:  # (the plans shown are searched in full every time: their runner-up layouts)
            searched.extend(count for _, counts in requests for count in counts)
        return together(requests, calibration, runner_up_times)

    def counting_alone(trial, counts, calibration):
        searched.extend(counts)
        return alone(trial, counts, calibration)

    monkeypatch.setattr(plan_module, "fast_training_searches_together", counting_together)
    monkeypatch.setattr(plan_module, "fast_training_searches", counting_alone)
    catalog, reuse = Catalog(), EstimateReuse()
    data = _edited(LORA, deadline_days=3)
    first = plan_for_scenario(data, catalog, top=8, reuse=reuse)
    assert searched
    searched.clear()
    again = plan_for_scenario(_edited(LORA, deadline_days=3, budget=40000), catalog, top=8, reuse=reuse)
    assert searched == []
    assert first.evaluated and again.evaluated


@pytest.mark.parametrize("base", [LORA, SERVING], ids=["lora", "serving"])
def test_no_field_declared_ranking_only_changes_an_estimate(base) -> None:
    """What EstimateReuse keeps across an edit of a field core.scenario.fields declares ranking_only is what a fresh
    estimate gives: each such field, set to another value it takes, leaves the scenario's estimate as it was."""
    catalog = Catalog()
    before = _text(estimate_for_scenario(base, catalog))
    declared = [spec for spec in FIELDS if spec.ranking_only]
    assert {tuple(spec.path.split(".")[:2]) for spec in declared} == {  # what the reuse leaves out
        (section, key) for section, keys in RANKING_ONLY.items() for key in keys}
    for spec in declared:
        edited = with_value(base, spec.path, another_value(spec))
        assert _text(estimate_for_scenario(edited, catalog)) == before, spec.path


def test_the_same_inputs_again_are_answered_with_their_answer(counted) -> None:
    """An undo, or a value stepped back: the answer already worked out for exactly these inputs, with no estimate
    made again; a plan that was cancelled left no answer behind; another calibration, or inputs planned longer ago
    than the last ANSWERS_KEPT, are planned afresh."""
    catalog = Catalog()
    reuse = EstimateReuse()
    longer = {**copy.deepcopy(LORA), "seq_len": 4096}
    first = plan_for_scenario(LORA, catalog, top=5, reuse=reuse)
    plan_for_scenario(longer, catalog, top=5, reuse=reuse)
    counted.clear()
    again = plan_for_scenario(copy.deepcopy(LORA), catalog, top=5, reuse=reuse)
    assert again is first and counted == []
    assert _text(again) == _text(plan_for_scenario(LORA, catalog, top=5))
    counted.clear()
    assert plan_for_scenario(LORA, catalog, top=8, reuse=reuse) is not first and counted  # more plans ranked
    counted.clear()
    recalibrated = replace(PUBLISHED, moe_expert_efficiency=PUBLISHED.moe_expert_efficiency)
    assert plan_for_scenario(LORA, catalog, top=5, reuse=reuse, calibration=recalibrated) is not first and counted

    shorter = {**copy.deepcopy(LORA), "seq_len": 1024}
    with pytest.raises(CancelledError):
        plan_for_scenario(shorter, catalog, top=5, reuse=reuse, progress=lambda done, total: False)
    counted.clear()
    answer = plan_for_scenario(shorter, catalog, top=5, reuse=reuse)
    assert counted and _text(answer) == _text(plan_for_scenario(shorter, catalog, top=5))

    # The first answers fall out behind ANSWERS_KEPT newer ones (each planned on one GPU: any answer counts, and
    # each takes a hundredth of a whole catalog's plan).
    for seq_len in range(512, 512 + 64 * ANSWERS_KEPT, 64):
        newer = {**copy.deepcopy(LORA), "seq_len": seq_len, "hardware": {"gpu": "h100-sxm5-80gb"}}
        counted.clear()
        plan_for_scenario(newer, catalog, top=5, reuse=reuse)
        assert counted  # a new answer, kept
    counted.clear()
    assert plan_for_scenario(LORA, catalog, top=5, reuse=reuse) is not first and counted


def test_a_value_stepped_back_in_the_app_shows_its_answer_at_once(qtbot, main_window, counted) -> None:
    """Up, then Down, in the sequence length (keys, each a whole value planned at once): the length stepped back to
    is answered with the answer already shown for it, no estimate made again, and the window says it answers the
    inputs on screen."""
    from PySide6.QtCore import Qt

    from tests.conftest import compute

    box = main_window.wizard.model_page.seq_len
    first = compute(qtbot, main_window)
    for key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
        counted.clear()
        with qtbot.waitSignal(main_window.result_shown, timeout=60_000):
            qtbot.keyClick(box, key)
        qtbot.waitUntil(main_window.results_are_current, timeout=60_000)
    assert main_window.last_result is first and counted == []
    assert main_window.plans_proxy.rowCount() >= 1 and not main_window.stale_banner.isVisible()
