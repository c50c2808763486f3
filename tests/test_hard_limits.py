"""The user's limits are hard filters: no ranked plan breaks a rack kW, U, weight or cooling limit, a deadline, a
budget or a throughput target; plans that do are near misses, listed apart with what they miss and by how much,
and when nothing fits the answer says why and names the nearest fix."""

from __future__ import annotations

import pytest

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.hardware.hardware import Precision
from gpuplanner.core.site.site import COOLING_LIMIT_KW, Cooling
from gpuplanner.service import plan_for_scenario

SEVENTY_B = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "training": {"tokens": 2e12}}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog(overrides_path=None)


def assert_every_plan_keeps_the_limits(result: dict, constraints: dict) -> None:
    site = constraints.get("site", {})
    rack_kw = site.get("rack_kw", 20.0)
    cooling_kw = COOLING_LIMIT_KW[Cooling(site.get("cooling", "air"))]
    for plan in result.plans:
        assert plan.misses == ()
        if plan.deployment == "on-prem":
            assert plan.site.node_kw_nameplate <= rack_kw + 1e-9
            assert plan.site.kw_per_rack <= min(rack_kw, cooling_kw) + 1e-9
            assert plan.site.rack_units_per_node <= site.get("rack_units", 42) - 2
        if "deadline_days" in constraints:
            assert plan.days <= constraints["deadline_days"]
        if "budget" in constraints:
            assert plan.cost_metric <= constraints["budget"]


def test_a_5_kw_rack_ranks_nothing_that_needs_more_and_names_the_nearest_fix(catalog) -> None:
    constraints = {"deployment": "on-prem", "deadline_days": 60, "site": {"rack_kw": 5}}
    result = plan_for_scenario({**SEVENTY_B, "constraints": constraints}, catalog, top=5)
    assert_every_plan_keeps_the_limits(result, constraints)  # 8-GPU PCIe servers of 4.4 kW and towers fit
    near = result.near_misses
    assert near and all(p.rank is None for p in near)
    assert any("one node needs" in m and "the rack allows 5 kW" in m for p in near for m in p.misses)
    # An 8-GPU H100 server needs 10.2 kW: nothing fits, and the note names the rack that would do.
    h100 = plan_for_scenario({**SEVENTY_B, "hardware": {"gpu": "h100-sxm5-80gb"}, "constraints": constraints},
                             catalog, top=5)
    assert h100.plans == () and h100.near_misses
    assert "ask for racks of at least" in h100.note and "kW" in h100.note


def test_70b_in_60_days_in_20_kw_racks(catalog) -> None:
    constraints = {"deployment": "on-prem", "deadline_days": 60, "site": {"rack_kw": 20}}
    result = plan_for_scenario({**SEVENTY_B, "constraints": constraints}, catalog, top=5)
    assert result.plans
    assert_every_plan_keeps_the_limits(result, constraints)
    assert result.plans[0].rank_reasons[0].startswith("lowest cost among plans that fit")


def test_a_budget_too_small_leaves_only_near_misses_that_say_by_how_much(catalog) -> None:
    constraints = {"deployment": "cloud", "deadline_days": 30, "budget": 1000}
    result = plan_for_scenario({**SEVENTY_B, "constraints": constraints}, catalog, top=3)
    assert result.plans == ()
    for plan in result.near_misses:
        assert any(m.startswith("costs ") and "USD (budget 1,000 USD)" in m for m in plan.misses)  # its currency
        assert plan.warnings[0].startswith("Not an answer:")


def test_serving_in_a_3_kw_rack_keeps_the_rack(catalog) -> None:
    constraints = {"deployment": "on-prem", "target_output_tokens_per_s": 500, "site": {"rack_kw": 3}}
    result = plan_for_scenario({"task": "inference", "model": {"preset": "llama-2-7b"},
                                "constraints": constraints}, catalog, top=5)
    assert_every_plan_keeps_the_limits(result, constraints)
    assert result.plans or result.near_misses
    for plan in result.plans:
        assert plan.inference.output_tokens_per_s >= 500


def test_renting_needs_no_rack(catalog) -> None:
    constraints = {"deployment": "cloud", "deadline_days": 60, "site": {"rack_kw": 5}}
    result = plan_for_scenario({**SEVENTY_B, "constraints": constraints}, catalog, top=3)
    assert result.plans and all(p.deployment == "cloud" for p in result.plans)


def test_serving_50_users_with_latency_limits_through_the_wizard(qtbot, private_user_data) -> None:
    """Serve a 70B to 50 users, TTFT < 1 s, TPOT < 50 ms, typed into the wizard: every ranked plan keeps the
    service level, at that load, and the deadline field is not offered for serving."""
    from PySide6.QtCore import QPoint, Qt

    from tests.conftest import close_window, compute, open_window

    window = open_window(qtbot)
    wizard = window.wizard
    button = wizard.task_page.buttons["inference"]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))
    m = wizard.model_page
    m.preset.setCurrentIndex(m.preset.findData("llama-2-70b"))
    m.users.setValue(50)
    m.max_ttft.setValue(1.0)
    m.max_tpot.setValue(50)
    budget = wizard.budget_page
    form = budget.layout()
    assert not form.isRowVisible(budget.deadline) and form.isRowVisible(budget.target)
    data = wizard.scenario()
    assert data["inference"]["concurrent_users"] == 50 and data["inference"]["max_tpot_s"] == 0.05
    assert "deadline_days" not in data["constraints"]
    plans = compute(qtbot, window).plans
    assert plans
    for plan in plans:
        serving = plan.inference
        assert serving.ttft_s <= 1.0 and serving.tpot_s <= 0.05
        assert serving.replicas * serving.batch_per_replica >= 50
    details = window.details.toPlainText()
    assert "Output tokens/s per user" in details and "Concurrent users" in details
    close_window(window)


def test_the_text_report_of_a_rental_asks_nothing_of_the_site(tmp_path) -> None:
    import json

    from tests.conftest import run_cli

    path = tmp_path / "rent.json"
    path.write_text(json.dumps({**SEVENTY_B, "constraints": {"deployment": "cloud", "deadline_days": 60}}))
    done = run_cli("plan", str(path), "--top", "1")
    assert done.returncode == 0, done.stderr
    assert "rented:" in done.stdout and "site: none needed" in done.stdout and "per GPU-hour" in done.stdout
    assert "circuits:" not in done.stdout and "capex" not in done.stdout


def test_lora_on_one_workstation_under_a_budget_through_the_wizard(qtbot, private_user_data) -> None:
    """LoRA a 7B, bought, at most 15,000 USD: every ranked plan is within the budget, on one machine."""
    from PySide6.QtCore import QPoint, Qt

    from tests.conftest import close_window, compute, open_window

    window = open_window(qtbot)
    wizard = window.wizard
    button = wizard.task_page.buttons["lora"]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))
    wizard.model_page.tokens_b.setValue(0.1)
    deployment = wizard.deployment_page
    deployment.deployment.setCurrentIndex(deployment.deployment.findData("on-prem"))
    wizard.budget_page.budget.setValue(15_000)
    plans = compute(qtbot, window).plans
    assert plans
    for plan in plans:
        assert plan.deployment == "on-prem" and plan.cost_metric <= 15_000
        assert plan.site.nodes == 1
    close_window(window)


def test_rent_only_through_the_wizard(qtbot, private_user_data) -> None:
    from PySide6.QtCore import Qt

    from tests.conftest import close_window, compute, open_window

    window = open_window(qtbot)
    deployment = window.wizard.deployment_page
    deployment.deployment.setCurrentIndex(deployment.deployment.findData("cloud"))
    window.wizard.budget_page.deadline.setValue(30)
    plans = compute(qtbot, window).plans
    assert plans and all(p.deployment == "cloud" and p.days <= 30 for p in plans)
    model = window.plans_model
    capex = next(c for c in range(model.columnCount()) if model.headerData(c, Qt.Orientation.Horizontal) == "Capex")
    assert all(model.data(model.index(r, capex)) == "—" for r in range(model.rowCount()))
    close_window(window)


@pytest.mark.parametrize("precision", ["fp32", "tf32", "fp16"])
def test_a_precision_some_catalog_gpus_do_not_publish_ranks_the_others(catalog, precision) -> None:
    """A catalog-wide plan in a precision some GPUs publish no rate for (B100: fp32; Gaudi 2: fp16, tf32) ranks the
    GPUs that have it; the others drop out, instead of the count pruning stopping the plan on the first without a
    peak."""
    result = plan_for_scenario({"task": "pretrain", "model": {"preset": "llama-2-7b"}, "precision": precision,
                                "training": {"tokens": 1e9}}, catalog)
    assert result.plans
    for plan in result.plans:
        assert catalog.gpu(plan.gpu).peak_tflops(Precision(plan.precision)) is not None


def test_without_a_deadline_plans_taking_decades_do_not_rank_first(catalog) -> None:
    """A QLoRA 13B file with no deadline ranked 4 x RTX 3090 first at 11,183.5 days for its cost. Runs over 365
    days now follow those that finish within it, and the result says what was assumed; a deadline the user sets
    decides instead."""
    scenario = {"task": "qlora", "model": {"preset": "llama-2-13b"}}
    result = plan_for_scenario(scenario, catalog, top=5)
    assert result.plans and all(plan.days <= 365 for plan in result.plans)
    assert result.note.startswith("No deadline is set: plans that take more than 365 days rank after")
    costs = [plan.cost_metric for plan in result.plans]
    assert costs == sorted(costs)  # among those, still cheapest first
    patient = plan_for_scenario({**scenario, "constraints": {"deadline_days": 30000}}, catalog, top=5)
    assert patient.note is None and patient.plans[0].days > 365  # the user's own horizon: cheapest first
