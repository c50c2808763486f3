"""A plan bought in a generic chassis (no catalog server holds its GPU) is indicative: its GPUs are real, its server is
not. Under every objective it follows the plans on a real server, as an unpriced plan follows the priced ones; it is
marked where plans are listed, and where nothing else fits the first one still shows, saying what to do. A rented plan
is never marked: the instance it rents is real."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from gpuplanner.catalog.options import hardware_options
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.choices import Deployment
from gpuplanner.core.planning.plan_ranking import rank_key
from gpuplanner.core.planning.plan_settings import plan_settings
from gpuplanner.core.results.results import Plan
from gpuplanner.core.site.site import PowerAssumptions
from gpuplanner.i18n.plan_marks import deployment_marked
from gpuplanner.service import plan_for_scenario, scenario_from_data
from tests.conftest import run_cli
from tests.test_owned_chassis import LORA_72B, NO_REAL_CHASSIS_FOUND

# Pretraining a 7B model as fast as it goes, bought: the B100 (no catalog server: the generic 8-GPU baseboard box)
# trains it in about 33 minutes, ahead of every real-chassis part but the B200; the old key ranked it second.
FASTEST_7B = {"task": "pretrain", "model": {"preset": "llama-2-7b"}, "seq_len": 4096,
              "training": {"tokens": 1e11, "global_batch": 512},
              "constraints": {"deployment": "on-prem", "objective": "fastest"}}


@pytest.fixture(scope="module")
def bundled() -> Catalog:
    return Catalog(overrides_path=None)


def real_then_generic(plans: tuple[Plan, ...]) -> tuple[list[Plan], list[Plan]]:
    """The ranked plans on a real server and on a generic chassis, asserting no generic one ranks above a real one."""
    flags = [plan.on_generic_chassis for plan in plans]
    assert flags == sorted(flags), [(plan.rank, plan.gpu, plan.on_generic_chassis) for plan in plans]
    return [p for p in plans if not p.on_generic_chassis], [p for p in plans if p.on_generic_chassis]


def test_the_fastest_plan_on_a_generic_chassis_follows_every_plan_on_a_real_server(bundled: Catalog) -> None:
    result = plan_for_scenario(FASTEST_7B, bundled, top=80)
    real, generic = real_then_generic(result.plans)
    assert generic and {plan.gpu for plan in generic} <= set(NO_REAL_CHASSIS_FOUND)
    fastest = min(generic, key=lambda plan: plan.days or 0.0)
    # Faster than a real-chassis plan, and still after them all.
    assert fastest.days is not None and any(p.days is not None and p.days > fastest.days for p in real)
    assert [p.days for p in real] == sorted(p.days for p in real)  # speed still decides among the real ones
    assert "generic chassis stands in" in str(fastest.rank_reasons)
    assert not any("generic chassis" in str(p.rank_reasons) for p in real)


def test_a_mainland_72b_lora_buy_ranks_no_generic_chassis_above_a_real_server(bundled: Catalog) -> None:
    """Without a price the fewest GPUs paid for ranked first: two Ascend 910C in a generic box came before eight
    910B in a real Atlas 800T A2."""
    result = plan_for_scenario(LORA_72B, bundled, top=40)
    real, generic = real_then_generic(result.plans)
    assert real and generic
    unpriced_real = [p for p in real if p.cost_metric is None]
    assert min(p.cost.gpus_owned for p in generic) < max(p.cost.gpus_owned for p in unpriced_real)
    assert not result.plans[0].on_generic_chassis


def test_where_every_plan_is_on_a_generic_chassis_the_first_shows_and_says_what_to_do(bundled: Catalog,
                                                                                      tmp_path: Path) -> None:
    """The 72B LoRA on one part no catalog server holds (the BR100 today)."""
    part = next(plan.gpu for plan in plan_for_scenario(LORA_72B, bundled, top=40).plans if plan.on_generic_chassis)
    scenario = {**LORA_72B, "hardware": {"gpu": part}}
    result = plan_for_scenario(scenario, bundled)
    assert result.plans and all(plan.on_generic_chassis for plan in result.plans)
    source = tmp_path / "generic.json"
    source.write_text(json.dumps(scenario), encoding="utf-8")
    plan = json.loads(run_cli("plan", str(source), "--format", "json").stdout)["plans"][0]
    assert plan["rank"] == 1 and plan["site"]["node_generic"] is True
    for lang, words in (("en", ("buy, generic chassis", "no catalog server holds these GPUs",
                                "Servers > Add your own…", "File > Import a vendor quote", "gpuplanner import-quote")),
                        ("zh_CN", ("购买，通用机箱", "目录中没有装这些 GPU 的服务器", "服务器 > 添加自定义…",
                                   "文件 > 导入厂商报价", "gpuplanner import-quote"))):
        done = run_cli("plan", str(source), "--lang", lang)
        assert done.returncode == 0, done.stderr
        row = next(line for line in done.stdout.splitlines() if line.startswith("1 "))
        assert words[0] in row, (lang, row)
        for word in words[1:]:
            assert word in done.stdout, (lang, word)


def test_a_tower_for_a_few_cards_of_a_racked_gpu_is_no_stand_in(bundled: Catalog) -> None:
    """A 7B LoRA under a 30,000 USD budget: one RTX 3090 in a tower stays the cheapest answer (3,701 USD; flagged
    generic it would have been 4 x RTX 4090 D in a server, 19,408 USD). The catalog holds eight-card RTX 3090 servers,
    so the tower is a choice of size, not a stand-in for a missing server. The RTX 3090 Ti, which no catalog server
    holds, is on a generic tower and follows."""
    for option in hardware_options(bundled, PowerAssumptions()):
        if option.deskside is not None:  # only a part with a real rack server gets a tower of its own
            assert not option.node.generic and not option.deskside.generic, option.gpu.id
    scenario = {"task": "lora", "model": {"preset": "llama-2-7b"}, "seq_len": 2048,
                "training": {"tokens": 2e8, "global_batch": 32},
                "constraints": {"budget": 30000, "deployment": "on-prem"}}
    result = plan_for_scenario(scenario, bundled, top=8)
    _, generic = real_then_generic(result.plans)
    first = result.plans[0]
    assert first.site.deskside and not first.site.node_generic and first.count <= 4
    assert all(plan.gpu in NO_REAL_CHASSIS_FOUND for plan in generic)


def test_a_rented_plan_is_never_marked_generic(bundled: Catalog) -> None:
    """A rental of the same GPUs, on a site sized like the generic box: the instance is real, so it is neither
    marked nor ranked after the plans on a real server."""
    settings = plan_settings(scenario_from_data(LORA_72B, bundled))
    bought = next(plan for plan in plan_for_scenario(LORA_72B, bundled, top=40).plans if plan.on_generic_chassis)
    rented = dataclasses.replace(bought, deployment=Deployment.CLOUD)
    assert rented.site.node_generic and not rented.on_generic_chassis
    assert rank_key(bought, settings)[1] == 1.0 and rank_key(rented, settings)[1] == 0.0
    assert deployment_marked(rented, "rent", lambda _context, text: text) == "rent"
    assert deployment_marked(bought, "buy", lambda _context, text: text) == "buy, generic chassis"


def test_the_plan_table_marks_a_plan_on_a_generic_chassis(main_window, qtbot) -> None:
    """A mainland buyer's 72B LoRA: the table's first rows are real servers, unmarked; choosing the BR100 in the
    wizard leaves one plan, on a generic chassis: its row says so and the details say what to do."""
    from PySide6.QtCore import Qt

    from tests.conftest import compute

    window = main_window
    window.wizard.load_scenario(LORA_72B)
    result = compute(qtbot, window)
    model = window.plans_model
    where = model.COLUMNS.index("deployment")
    assert result.plans and not result.plans[0].on_generic_chassis
    assert model.data(model.index(0, where)) == "Buy"
    gpu = window.wizard.deployment_page.gpu
    gpu.setFocus()
    qtbot.keyClicks(gpu, "BR100")  # a person types the part's name into the GPU list
    assert gpu.currentData() == "biren-br100"
    result = compute(qtbot, window)
    assert [plan.gpu for plan in result.plans] == ["biren-br100"]
    assert model.data(model.index(0, where)) == "Buy, generic chassis"
    tip = model.data(model.index(0, where), Qt.ItemDataRole.ToolTipRole)
    assert "no catalog server holds these GPUs" in tip
    details = window.details.toPlainText()
    assert "(buy, generic chassis)" in details and "Servers > Add your own…" in details
