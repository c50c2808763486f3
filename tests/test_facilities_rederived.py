"""Facilities figures re-derived from their datasheet and standard inputs, and compared with what the plan's JSON and
its printed sheet say: the cooling a part ships with, rack weight, the cooling a site's stated limit implies, North
American 208 V circuits and couplers, feed currents, the node's own power, the cooling load at both figures, node
transceivers, desk outlets, the Dell XE9680's supplies and weight, and a count the user fixed."""

from __future__ import annotations

import csv
import json
import math

import pytest

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.results.export import result_json
from gpuplanner.core.site.site import (
    KW_PER_REFRIGERATION_TON,
    Cooling,
    NodeSpec,
    PowerAssumptions,
    PowerSupply,
    SiteLimits,
    plan_site,
)
from gpuplanner.paths import resource_path
from gpuplanner.report.sheet_html import Formatter
from gpuplanner.report.spec_sheet import SheetOptions, build_document
from gpuplanner.service import estimate_for_scenario, plan_for_scenario

SERVERS_CSV = resource_path("catalog", "servers.csv")
GPUS_CSV = resource_path("catalog", "gpus.csv")
TRAINING_W_PER_TDP_W = 894.0 / 700.0  # MLPerf Training v4.0 metered DGX H100 (core.site.site.PowerAssumptions)
GENERIC_NAMEPLATE_PER_TDP = 1.82  # DGX datasheets (core.site.site.PowerAssumptions)


def csv_row(path, row_id: str) -> dict[str, str]:
    with open(path, newline="", encoding="utf-8") as file:
        return next(row for row in csv.DictReader(file) if row["id"] == row_id)


def plan_json(result) -> dict:
    return json.loads(result_json(result))


def sheet_text(plan) -> str:
    return build_document(plan, SheetOptions()).toPlainText()


def with_quote(catalog: Catalog, gpu_id: str, usd: float) -> None:
    """A buyer's quote for a GPU the catalog has no price for (the way a plan on it is bought)."""
    row = {k: v for k, v in catalog.row("gpus", gpu_id).items() if k != "origin"}
    catalog.save_user_row("gpus", {**row, "price_usd_low": usd, "price_usd_high": usd,
                                   "price_source": "vendor quote", "price_date": "2026-12-01",
                                   "price_confidence": "vendor"})


TRAIN_70B = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "training": {"tokens": 1e11}}
SERVE_70B = {"task": "inference", "model": {"preset": "llama-2-70b"}}


def test_a_liquid_only_part_never_passes_an_air_or_rear_door_site() -> None:
    """MI355X's liquid-cooled servers (AMD's MI355X platform row: 'liquid') never pass an air or rear-door site: a
    plan there is a near miss, unless a real air-cooled MI355X server (Supermicro AS-A126GS-TNMR, 10U, 26.4 kW from
    its supplies) fits the rack, and then the plan is on it, air at the rack; on a cold-plate site it plans, with
    liquid at the rack."""
    assert csv_row(SERVERS_CSV, "amd-mi355x-ubb-platform")["cooling"] == "liquid"
    assert csv_row(SERVERS_CSV, "amd-mi350x-ubb-platform")["cooling"] == "air"
    air_server = csv_row(SERVERS_CSV, "supermicro-as-a126gs-tnmr")
    assert air_server["cooling"] == "air" and "mi355x" in air_server["gpu_ids"].split(";")
    catalog = Catalog()
    with_quote(catalog, "mi355x", 25000.0)
    on_air = plan_for_scenario({**TRAIN_70B, "hardware": {"gpu": "mi355x", "count": 64},
                                "constraints": {"deployment": "on-prem", "site": {"cooling": "rear-door", "rack_kw": 40,
                                                                                  "supply": {"amps": 63}}}}, catalog)
    assert on_air.plans and all(plan.site.server_cooling == "air" for plan in on_air.plans)
    assert on_air.plans[0].site.node == f"{air_server['vendor']} {air_server['model']}"
    for site in ({"cooling": "rear-door", "rack_kw": 20}, {"cooling": "air", "rack_kw": 20}):  # 26.4 kW: no room
        result = plan_for_scenario({**TRAIN_70B, "hardware": {"gpu": "mi355x", "count": 64},
                                    "constraints": {"deployment": "on-prem", "site": site}}, catalog)
        assert not result.plans
        data = plan_json(result)
        miss = data["near_misses"][0]
        assert miss["site"]["server_cooling"] == "liquid" and miss["site"]["cooling_needed"] == "cold-plate"
        assert not miss["site"]["cooling_ok"]
        assert any("liquid-cooled rack needs cold-plate liquid cooling" in str(m) for m in result.near_misses[0].misses)
    liquid = plan_for_scenario({**TRAIN_70B, "hardware": {"gpu": "mi355x", "count": 64},
                                "constraints": {"deployment": "on-prem",
                                                "site": {"cooling": "cold-plate", "rack_kw": 40,
                                                         "supply": {"amps": 63}}}}, catalog)
    plan = liquid.plans[0]
    assert plan.site.server_cooling == "liquid" and plan.site.cooling_ok
    text = sheet_text(plan)
    assert "Coolant flow per rack" in text
    # The coolant flow printed is the rack's nameplate heat in water at a 10 °C rise: Q = P / (4.18 kJ/(L K) dT).
    flow = plan.site.kw_per_rack / (4.18 * 10.0) * 60.0
    assert f"{flow:,.0f} L/min of water" in text


def test_an_unknown_server_weight_never_satisfies_a_rack_weight_limit() -> None:
    """An L40S server whose weight the catalog does not give against a stated 1,000 kg rack: a near miss naming the
    unknown weight. The Dell XE9680 (107.75 kg, its spec sheet's maximum; Gaudi 3 among its GPUs) against a 300 kg
    rack: floor(300 / 107.75) = 2 nodes a rack, 215.5 kg printed."""
    catalog = Catalog()
    with_quote(catalog, "l40s", 9000.0)
    scenario = {"task": "pretrain", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e10},
                "hardware": {"gpu": "l40s", "count": 16},
                "constraints": {"deployment": "on-prem", "site": {"rack_max_kg": 1000}}}
    result = plan_for_scenario(scenario, catalog)
    assert not result.plans and result.near_misses
    miss = result.near_misses[0]
    assert miss.site.rack_weight_kg is None
    assert any("rack weight unknown" in str(m) for m in miss.misses)
    assert plan_json(result)["near_misses"][0]["site"]["supply"]["rack_max_kg"] == 1000

    weight = float(csv_row(SERVERS_CSV, "dell-xe9680")["weight_kg"])
    xe = plan_for_scenario({**TRAIN_70B, "hardware": {"gpu": "gaudi3", "count": 32},
                            "constraints": {"deployment": "on-prem",
                                            "site": {"rack_max_kg": 300, "rack_kw": 40,
                                                     "cooling_kw_per_rack": 40}}}, catalog).plans[0]
    per_rack = math.floor(300 / weight)
    assert xe.site.nodes_per_rack == per_rack == 2 and xe.site.rack_limited_by == "rack weight"
    assert xe.site.rack_weight_kg == pytest.approx(per_rack * weight)
    assert f"{Formatter('USD').num(per_rack * weight, 0)} kg (the rack holds 300 kg)" in sheet_text(xe)


def test_a_rack_weight_limit_falls_to_a_server_whose_weight_is_known() -> None:
    """MI300X: the catalog's first server, Supermicro AS-8125GS-TNMR2, publishes no weight, so every owned plan was a
    near miss ("rack weight unknown") against a 1,000 kg rack, though the Dell XE9680 (107.75 kg, its spec sheet)
    holds the same eight GPUs and meets it: the plan is made on the Dell, naming it and why. Unknown never meets a
    limit: against a 100 kg rack no server of the two can be shown to fit, and the plan stays a near miss."""
    catalog = Catalog(overrides_path=None)
    xe, first = csv_row(SERVERS_CSV, "dell-xe9680"), csv_row(SERVERS_CSV, "supermicro-as-8125gs-tnmr2")
    assert "mi300x" in xe["gpu_ids"].split(";") and "mi300x" in first["gpu_ids"].split(";")
    assert not first["weight_kg"] and xe["gpu_count"] == first["gpu_count"] == "8"
    serve = {**SERVE_70B, "hardware": {"gpu": "mi300x"}}
    free = plan_for_scenario({**serve, "constraints": {"deployment": "on-prem"}}, catalog)
    assert free.plans[0].site.node == f"{first['vendor']} {first['model']}"  # no limit: the catalog's first
    limited = plan_for_scenario({**serve, "constraints": {"deployment": "on-prem", "site": {"rack_max_kg": 1000}}},
                                catalog)
    assert limited.plans, [str(m) for p in limited.near_misses for m in p.misses]
    site = plan_json(limited)["plans"][0]["site"]
    assert site["node"] == f"{xe['vendor']} {xe['model']}" and site["node_weight_kg"] == float(xe["weight_kg"])
    assert site["rack_weight_kg"] <= 1000
    assert any(f"Planned on {xe['vendor']} {xe['model']}" in str(w) and "rack weight unknown" in str(w)
               for w in limited.plans[0].warnings)
    light = plan_for_scenario({**serve, "constraints": {"deployment": "on-prem", "site": {"rack_max_kg": 100}}},
                              catalog)
    assert not light.plans and light.near_misses[0].site.node == f"{first['vendor']} {first['model']}"
    assert any("rack weight unknown" in str(m) for m in light.near_misses[0].misses)


def test_the_cooling_needed_follows_the_sites_stated_air_limit() -> None:
    """Two DGX H100 a rack (2 x 10.2 kW = 20.4 kW) where the site says its air removes 30 kW a rack: air, not a
    rear-door heat exchanger; above 30 kW the same site needs a rear door."""
    nameplate = float(csv_row(SERVERS_CSV, "dgx-h100")["max_power_w"]) / 1000.0
    catalog = Catalog(overrides_path=None)
    site = {"rack_kw": 30, "cooling": "air", "cooling_kw_per_rack": 30}
    plan = plan_for_scenario({**TRAIN_70B, "hardware": {"gpu": "h100-sxm5-80gb", "count": 16},
                              "constraints": {"deployment": "on-prem", "site": site}}, catalog).plans[0]
    rack_kw = math.floor(30 / nameplate) * nameplate
    assert plan.site.kw_per_rack == pytest.approx(rack_kw) and rack_kw > 20.0
    assert plan.site.cooling_needed == "air" and plan.site.cooling_ok
    text = sheet_text(plan)
    assert "rear-door" not in text.split("Cooling needed", 1)[1].split("\n", 1)[0]
    assert "within the 30 kW a rack the site states its air cooling removes (planning default 20 kW)" in text
    hot = plan_site(NodeSpec("DGX H100", 8, 8, nameplate), 8, 700,
                    SiteLimits(rack_kw=40, cooling=Cooling.AIR, cooling_kw_per_rack=30), PowerAssumptions(), 8, 400)
    assert hot.nodes_per_rack == 2  # the stated air limit binds the nodes a rack
    node = NodeSpec("DGX H100", 8, 8, nameplate)
    beyond = plan_site(node, 4, 700, SiteLimits(rack_kw=40, cooling=Cooling.AIR, cooling_kw_per_rack=45),
                       PowerAssumptions(), 8, 400)
    assert beyond.kw_per_rack == pytest.approx(3 * nameplate) and beyond.cooling_needed == "air"


def test_north_american_208_v_single_phase_is_two_lines_and_c19_carries_20_a() -> None:
    """DGX H100 (six 3,300 W supplies, 4+2) on 208 V single-phase 30 A: on failover a cord carries 9.9 kW / 3 =
    3.3 kW, 3,300 / (208 x 0.95) = 16.7 A: beyond IEC's 16 A for a C19 but within its 20 A UL/CSA rating; the
    circuit runs between two lines (L1, L2), supplies wired line to line; one cord a 24 A circuit."""
    row = csv_row(SERVERS_CSV, "dgx-h100")
    psus, psu_w, nameplate = int(row["psu_count"]), float(row["psu_w"]), float(row["max_power_w"]) / 1000.0
    feed_kw = min(nameplate, (psus - math.ceil(psus / 2)) * psu_w / 1000.0)
    cord_amps = feed_kw * 1000.0 / (psus - math.ceil(psus / 2)) / (208 * 0.95)
    assert 16.0 < cord_amps <= 20.0
    site = {"rack_kw": 25, "cooling_kw_per_rack": 25, "supply": {"voltage": 208, "phase": 1, "amps": 30}}
    plan = plan_for_scenario({**TRAIN_70B, "hardware": {"gpu": "h100-sxm5-80gb", "count": 16},
                              "constraints": {"deployment": "on-prem", "site": site}}, Catalog(overrides_path=None)
                             ).plans[0]
    data = plan_json(plan_for_scenario({**TRAIN_70B, "hardware": {"gpu": "h100-sxm5-80gb", "count": 16},
                                        "constraints": {"deployment": "on-prem", "site": site}},
                                       Catalog(overrides_path=None)))["plans"][0]["site"]
    facility = data["facilities"]
    assert facility["psu_coupler"] == "C19/C20"
    assert facility["phase_lines"] == ["L1", "L2"]
    assert facility["phase_amps"] == [pytest.approx(cord_amps)] * 2  # one cord a circuit: 24 A allowed
    assert data["power_chain"]["circuits"]["psu_line_to_line"] is True
    assert data["circuits_per_feed"] == plan.site.nodes_per_rack * 3
    text = sheet_text(plan)
    assert f"L1 {cord_amps:.1f} A / L2 {cord_amps:.1f} A (of 24.0 A allowed" in text and "L3" not in text
    assert "208 V, line to line" in text and "NEMA L6-30P (208 V)" in text
    assert "PSU inlet and cord (IEC 60320)\tC19/C20" in text or "C19/C20" in text.split("PSU inlet", 1)[1][:40]


def test_the_json_and_the_sheet_give_one_circuit_current() -> None:
    """Two DGX H100 a rack on 400 V three-phase 32 A (25.6 A allowed): each cord 3.3 kW / (231 V x 0.95) = 15.0 A, one
    a phase, three a circuit; the JSON's per-line current is the sheet's and within the breaker (not the rack's 20.4 kW
    nameplate on one circuit, 31.0 A)."""
    site = {"rack_kw": 25, "cooling_kw_per_rack": 25}
    scenario = {**TRAIN_70B, "hardware": {"gpu": "h100-sxm5-80gb", "count": 16},
                "constraints": {"deployment": "on-prem", "site": site}}
    catalog = Catalog(overrides_path=None)
    result = plan_for_scenario(scenario, catalog)
    plan, data = result.plans[0], plan_json(result)["plans"][0]["site"]
    cord_amps = 3300.0 / (400 / math.sqrt(3) * 0.95)
    assert data["facilities"]["phase_amps"] == [pytest.approx(cord_amps)] * 3
    assert max(data["facilities"]["phase_amps"]) <= 32 * 0.8
    old_rule = 2 * 10.2 * 1000 / (math.sqrt(3) * 400 * 0.95)
    assert old_rule > 32 * 0.8  # what the JSON said before: a whole rack on one circuit
    assert f"L1 {cord_amps:.1f} A / L2 {cord_amps:.1f} A / L3 {cord_amps:.1f} A" in sheet_text(plan)


def test_the_expected_draw_never_exceeds_the_servers_maximum() -> None:
    """8 x MI355X in the Supermicro AS-4126GS-NMR-LCC: its 2+2 supplies of 6,600 W bound the node at 13.2 kW, while
    the DGX H100 ratio gives 8 x 1,400 W x 1.277 = 14.3 kW. The plan printed '13.2 kW nameplate, 14.3 kW expected'
    and a cooling load 8 % above nameplate; the expected draw is now at most the nameplate, node and cluster."""
    row = csv_row(SERVERS_CSV, "supermicro-as-4126gs-nmr-lcc")
    tdp = float(csv_row(GPUS_CSV, "mi355x")["tdp_w"])
    active = int(row["psu_redundancy"].split("+")[0])
    bound = active * float(row["psu_w"]) / 1000.0
    assert 8 * tdp * TRAINING_W_PER_TDP_W / 1000.0 > bound  # the ratio alone would pass the server's maximum
    result = plan_for_scenario({**TRAIN_70B, "hardware": {"gpu": "mi355x", "count": 64},
                                "constraints": {"deployment": "on-prem", "site": {
                                    "cooling": "cold-plate", "rack_kw": 60, "supply": {"amps": 63}}}},
                               Catalog(overrides_path=None))
    plan, data = result.plans[0], plan_json(result)["plans"][0]
    site = data["site"]
    assert site["node"] == f"{row['vendor']} {row['model']}" and site["node_kw_nameplate"] == pytest.approx(bound)
    assert site["node_kw_training"] == pytest.approx(bound)
    assert site["it_kw_expected"] == pytest.approx(site["it_kw_nameplate"]) == pytest.approx(8 * bound)
    assert site["refrigeration_tons"] == pytest.approx(8 * bound / KW_PER_REFRIGERATION_TON)
    assert data["power"]["node_kw_expected"] == pytest.approx(bound)
    assert site["power_chain"]["redundancy"]["status"] == "redundant"
    assert plan.site.node_kw_training <= plan.site.node_kw_nameplate
    # ... and the plan says so: the expected draw is not the "1.28 x TDP" its basis names here.
    metered = 8 * tdp * TRAINING_W_PER_TDP_W / 1000.0
    capped = [str(w) for w in plan.warnings if "the server takes at most" in str(w)]
    assert capped == [f"{site['node']}: {TRAINING_W_PER_TDP_W:.2f} x TDP a GPU (the draw metered on DGX H100 in "
                      f"training) gives {metered:.1f} kW, above the {bound:.1f} kW the server takes at most: its "
                      "expected draw is taken at that maximum."], plan.warnings
    h100 = plan_for_scenario({**TRAIN_70B, "hardware": {"gpu": "h100-sxm5-80gb", "count": 64},
                              "constraints": {"deployment": "on-prem"}}, Catalog(overrides_path=None)).plans[0]
    assert not any("the server takes at most" in str(w) for w in h100.warnings)  # 8 x 700 W x 1.28 < 10.2 kW


def test_a_four_gpu_node_carries_its_own_power() -> None:
    """L40S (350 W TDP) four to a node: the node's nameplate is 4 x 350 W x 1.82 = 2.55 kW, never the 8-GPU
    chassis' 5.10 kW; its expected draw 4 x 350 W x 1.277 = 1.79 kW."""
    tdp = float(csv_row(GPUS_CSV, "l40s")["tdp_w"])
    catalog = Catalog(overrides_path=None)
    estimate = estimate_for_scenario({**SERVE_70B, "hardware": {"gpu": "l40s", "count": 8, "gpus_per_node": 4}},
                                     catalog)
    power = json.loads(result_json(estimate))["power"]
    assert power["node_kw_nameplate"] == pytest.approx(4 * tdp * GENERIC_NAMEPLATE_PER_TDP / 1000.0)
    assert power["node_kw_expected"] == pytest.approx(4 * tdp * TRAINING_W_PER_TDP_W / 1000.0)
    assert power["node_gpus"] == 4
    rented = plan_for_scenario({**SERVE_70B, "hardware": {"gpu": "l40s", "count": 4},
                                "constraints": {"deployment": "cloud"}}, catalog)
    for plan in rented.plans:  # the estimate's power block is the plan's own node's
        assert plan.estimate.power.node_kw_nameplate == pytest.approx(plan.site.node_kw_nameplate)


IDLE_W_PER_TDP_W = 2600.0 / 5600.0  # DGX H100 idle, 2.4-2.8 kW (core.site.site.PowerAssumptions)


@pytest.mark.parametrize("scenario", [SERVE_70B, {"task": "pretrain", "model": {"preset": "llama-3.2-1b"},
                                                  "training": {"tokens": 1e9}}])
def test_a_whole_server_bought_for_fewer_gpus_draws_as_bought(scenario: dict) -> None:
    """4 L40S (350 W) in the 8-GPU server the plan buys: 4 busy x 350 W x 1.277 + 4 idle x 350 W x 0.464 =
    2.44 kW, the site's figure, in the power block too (it read the busy GPUs' 1.79 kW alone, 27 % low), and the
    run's energy at that draw."""
    tdp = float(csv_row(GPUS_CSV, "l40s")["tdp_w"])
    result = plan_for_scenario({**scenario, "hardware": {"gpu": "l40s", "count": 4},
                                "constraints": {"deployment": "on-prem"}}, Catalog(overrides_path=None))
    plan = plan_json(result)["plans"][0]
    assert plan["site"]["nodes"] == 1 and plan["power"]["node_gpus"] == 8
    expected = (4 * tdp * TRAINING_W_PER_TDP_W + 4 * tdp * IDLE_W_PER_TDP_W) / 1000.0
    assert plan["site"]["it_kw_expected"] == pytest.approx(expected)
    assert plan["power"]["cluster_kw_expected"] == pytest.approx(expected)
    assert plan["power"]["node_kw_expected"] == pytest.approx(expected)
    if plan["energy_mwh_gpu_tdp_basis"] is not None:  # GPU-hours x TDP: the run's hours, times the servers' draw
        hours = plan["energy_mwh_gpu_tdp_basis"] * 1e6 / (4 * tdp)
        assert plan["energy_mwh"] == pytest.approx(hours * expected / 1000.0)


def test_the_cooling_load_is_given_at_nameplate_and_at_the_expected_draw() -> None:
    """16 DGX H100: 163.2 kW at nameplate (46.4 RT), 114.4 kW expected (8 x 700 W x 1.277 a node: 32.5 RT), about
    30 % less: both in the JSON and on the sheet, each named."""
    nameplate = float(csv_row(SERVERS_CSV, "dgx-h100")["max_power_w"]) / 1000.0
    result = plan_for_scenario({**TRAIN_70B, "hardware": {"gpu": "h100-sxm5-80gb", "count": 128},
                                "constraints": {"deployment": "on-prem"}}, Catalog(overrides_path=None))
    plan, site = result.plans[0], plan_json(result)["plans"][0]["site"]
    it_nameplate = 16 * nameplate
    it_expected = 16 * 8 * 700 * TRAINING_W_PER_TDP_W / 1000.0
    assert site["it_kw_nameplate"] == pytest.approx(it_nameplate)
    assert site["it_kw_expected"] == pytest.approx(it_expected)
    assert site["refrigeration_tons_nameplate"] == pytest.approx(it_nameplate / KW_PER_REFRIGERATION_TON)
    assert site["refrigeration_tons"] == pytest.approx(it_expected / KW_PER_REFRIGERATION_TON)
    assert 1 - it_expected / it_nameplate == pytest.approx(0.30, abs=0.01)
    text = sheet_text(plan)
    assert (f"{it_nameplate / KW_PER_REFRIGERATION_TON:.1f} RT at nameplate ({it_nameplate:.1f} kW: size the "
            f"chillers for this); {it_expected / KW_PER_REFRIGERATION_TON:.1f} RT at the job's expected draw "
            f"({it_expected:.1f} kW)") in text


def test_node_transceivers_count_twin_port_cages() -> None:
    """16 DGX H100 (8 x 400G ports each, in 4 twin-port OSFP cages: NVIDIA's 'Four OSFP ports serving eight
    single-port ConnectX-7'): 16 x 4 = 64 transceivers at the nodes and 128 / 2 = 64 in the leaves' twin-port
    cages, not 128 + 64."""
    row = csv_row(SERVERS_CSV, "dgx-h100")
    assert row["networking"].startswith("4x OSFP ports serving 8x")
    result = plan_for_scenario({**TRAIN_70B, "hardware": {"gpu": "h100-sxm5-80gb", "count": 128},
                                "constraints": {"deployment": "on-prem", "site": {"rack_kw": 25}}},
                               Catalog(overrides_path=None))
    plan, cabling = result.plans[0], plan_json(result)["plans"][0]["site"]["cabling"]
    nodes, ports = plan.site.nodes, plan.site.scale_out_ports_per_node
    assert (nodes, ports) == (16, 8) and cabling["node_link"] != "copper"
    assert cabling["node_ports_per_cage"] == 2
    assert cabling["node_link_transceivers"] == nodes * ports // 2 + nodes * ports // 2
    assert "in the switches and in the nodes' OSFP cages" in sheet_text(plan)


@pytest.mark.parametrize(("supply", "region", "outlet"), [
    ({"voltage": 230, "phase": 1, "amps": 16}, "global", "CEE 7/7 (Schuko) wall socket, 16 A (230 V)"),
    ({"voltage": 120, "phase": 1, "amps": 15}, "global", "NEMA 5-15R wall outlet (120 V)"),
    ({"voltage": 220, "phase": 1, "amps": 10}, "cn-mainland", "GB 2099.1 / GB 1002 wall socket, 10 A (220 V)"),
    # 220 V outside mainland China (South Korea, much of Eastern Europe): CEE 7 sockets (IEC/TR 60083), not GB 2099
    ({"voltage": 220, "phase": 1, "amps": 16}, "global", "CEE 7/7 (Schuko) wall socket, 16 A (220 V)"),
    ({"voltage": 230, "phase": 1, "amps": 13}, "global", "BS 1363 wall socket, 13 A (230 V)"),  # a UK desk circuit
    ({}, "global", "CEE 7/7 (Schuko) wall socket, 16 A (230 V)"),  # a 400 V three-phase site: its office's 230 V
])
def test_an_office_workstation_plugs_into_a_desk_outlet(supply: dict, region: str, outlet: str) -> None:
    """A deskside tower meets the wall socket of the office it stands in, never an IEC 60309 industrial plug."""
    result = plan_for_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e7},
                                "hardware": {"gpu": "rtx-4090", "count": 1},
                                "constraints": {"deployment": "on-prem", "region": region,
                                                "site": {"supply": supply}}}, Catalog(overrides_path=None))
    plan = (result.plans or result.near_misses)[0]
    assert plan.site.deskside
    data = plan_json(result)
    site = (data["plans"] or data["near_misses"])[0]["site"]
    assert site["facilities"]["feed_plug"] == outlet and "60309" not in outlet
    assert outlet in sheet_text(plan)


def test_the_dell_xe9680_supplies_and_weight_are_used() -> None:
    """The XE9680 row: 6 x 2,800 W supplies (3+3), 107.75 kg, 6U. Its maximum power is not published, so it is derived
    (8 x 900 W x 1.82 = 13.1 kW) and marked so; 3 supplies a feed give 8.4 kW, below the 9.2 kW expected draw: a feed
    failure drops the node, as the sheet says."""
    from gpuplanner.i18n.catalog_words import supply_input_volts

    row = csv_row(SERVERS_CSV, "dell-xe9680")
    tdp = float(csv_row(GPUS_CSV, "gaudi3")["tdp_w"])
    result = plan_for_scenario({**TRAIN_70B, "hardware": {"gpu": "gaudi3", "count": 16},
                                "constraints": {"deployment": "on-prem", "site": {"rack_kw": 25}}},
                               Catalog(overrides_path=None))
    plan, site = result.plans[0], plan_json(result)["plans"][0]["site"]
    assert site["node"] == f"{row['vendor']} {row['model']}"
    assert site["facilities"]["psus_per_node"] == int(row["psu_count"])
    assert site["facilities"]["psu_watts"] == float(row["psu_w"])
    assert site["node_weight_kg"] == float(row["weight_kg"]) and site["rack_units_per_node"] == int(row["rack_units"])
    nameplate = 8 * tdp * GENERIC_NAMEPLATE_PER_TDP / 1000.0
    assert site["node_kw_nameplate"] == pytest.approx(nameplate) and site["derived"]
    feed_kw = (int(row["psu_count"]) // 2) * float(row["psu_w"]) / 1000.0
    expected = 8 * tdp * TRAINING_W_PER_TDP_W / 1000.0
    assert feed_kw < nameplate
    assert site["power_chain"]["redundancy"]["status"] == ("power-capped" if expected <= feed_kw else "drops")
    text = sheet_text(plan)
    fmt = Formatter("USD")  # the sheet's own number style (grouping follows the language)
    volts = supply_input_volts(row["psu"])  # the input voltage the row's supplies text states ("(200-240 V)")
    assert volts == "200–240 V"
    assert f"{row['psu_count']} × {fmt.num(float(row['psu_w']), 0)} W, {volts}, {row['psu_redundancy']} redundant" \
        in text
    assert f"Weight\n{fmt.num(float(row['weight_kg']))} kg" in text
    assert f"{fmt.num(nameplate, 2)} kW — estimated from the GPUs' TDP" in text


def test_a_count_the_user_fixed_is_the_count_planned() -> None:
    """64 MI300X fixed for a serving plan: 64 GPUs planned (8 nodes of 8), not the fewer the service needs."""
    result = plan_for_scenario({**SERVE_70B, "hardware": {"gpu": "mi300x", "count": 64},
                                "constraints": {"deployment": "on-prem"}}, Catalog(overrides_path=None))
    data = plan_json(result)
    for plan, exported in zip(result.plans, data["plans"], strict=True):
        assert plan.count == 64 and exported["count"] == 64
        assert plan.site.nodes * 8 == 64
    free = plan_for_scenario({**SERVE_70B, "hardware": {"gpu": "mi300x"}, "constraints": {"deployment": "on-prem"}},
                             Catalog(overrides_path=None))
    assert free.plans[0].count < 64  # left to the planner, the service needs fewer: the fixed count was honoured


def test_psu_couplers_take_their_north_american_rating_only_there() -> None:
    """3,300 W at 208 V (16.7 A): C19/C20 by UL (20 A); at 230 V (15.1 A): C19/C20 by IEC (16 A); 3,300 W at 200 V
    on a non-North-American feed (17.4 A): beyond IEC's C19."""
    from gpuplanner.core.site.site import psu_coupler

    assert psu_coupler(3300, 208, 0.95, north_american=True) == "C19/C20"
    assert psu_coupler(3300, 208, 0.95) is None
    assert psu_coupler(3300, 230, 0.95) == "C19/C20"
    assert psu_coupler(1400, 120, 0.95, north_american=True) == "C13/C14"  # 12.3 A: UL's 15 A C13
    assert PowerSupply(208, 1, 30).line_to_line_volts == 208


def test_the_desk_outlet_follows_the_region_and_the_buildings_supply() -> None:
    """A tower on a three-phase site meets its office's circuit: 220 V 10 A GB 2099.1 in mainland China, 120 V 15 A
    NEMA 5-15 on a 120/208 V building, 230 V 16 A Schuko elsewhere; the circuit's continuous current is 80 % of it."""
    tower = NodeSpec("4-GPU tower", 4, 4, 2.0, tower=True)
    for supply, region, volts, amps, outlet in (
            (PowerSupply(400, 3, 32), "cn-mainland", 220, 10, "GB 2099.1 / GB 1002 wall socket, 10 A (220 V)"),
            (PowerSupply(208, 3, 30), "global", 120, 15, "NEMA 5-15R wall outlet (120 V)"),
            (PowerSupply(400, 3, 32), "global", 230, 16, "CEE 7/7 (Schuko) wall socket, 16 A (230 V)")):
        site = plan_site(tower, 1, 350, SiteLimits(supply=supply, region=region), PowerAssumptions(), 0, 100)
        assert site.deskside and str(site.facilities.feed_plug) == outlet
        from gpuplanner.core.site.site import wall_circuit

        circuit = wall_circuit(2.0, supply, region)
        assert (circuit.volts, circuit.breaker_amps) == (volts, amps)
        assert circuit.node_amps == pytest.approx(2000 / (volts * 0.95))
        assert circuit.fits == (2000 / (volts * 0.95) <= amps * 0.8)


@pytest.mark.parametrize(("supply", "region", "volts", "amps"), [
    (PowerSupply(208, 3, 30), "global", 120, 15),  # a 120/208 V building: a 120 V 15 A office circuit
    (PowerSupply(400, 3, 32), "global", 230, 16),
    (PowerSupply(400, 3, 32), "cn-mainland", 220, 10),
])
def test_a_deskside_tower_is_judged_on_its_wall_circuit_not_the_racks_feed(supply, region, volts, amps) -> None:
    """A tower plugged into the office's outlet draws its nameplate on one line of that circuit, I = P / (V pf): 1.6 kW
    at 120 V is 14.0 A, over the 12 A a 15 A circuit carries continuously, so the plan is a near miss. Its current
    was taken over the three phases of the site's 208 V rack feed (4.7 A each) and the plan passed."""
    tower = NodeSpec("4-GPU tower", 4, 4, 1.6, tower=True)
    site = plan_site(tower, 1, 350, SiteLimits(supply=supply, region=region), PowerAssumptions(), 0, 100)
    node_amps = 1600 / (volts * 0.95)
    circuits = site.power_chain.circuits
    assert site.facilities.phase_lines == ("L",)
    assert site.facilities.phase_amps == pytest.approx((node_amps,))
    assert circuits.allowed_amps == pytest.approx(amps * 0.8)
    assert circuits.fits == (node_amps <= amps * 0.8)
    assert site.circuit_kw == pytest.approx(volts * amps * 0.8 * 0.95 / 1000)
    result = plan_for_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e7},
                                "hardware": {"gpu": "rtx-4090", "count": 2},
                                "constraints": {"deployment": "on-prem", "region": region, "site": {"supply": {
                                    "voltage": supply.voltage, "phase": supply.phase, "amps": supply.amps}}}},
                               Catalog(overrides_path=None))
    plan = (result.plans or result.near_misses)[0]
    drawn = plan.site.node_kw_nameplate * 1000 / (volts * 0.95)
    assert plan.site.deskside and plan.site.facilities.phase_amps == pytest.approx((drawn,))
    over = [str(miss) for miss in plan.misses if "A on one circuit" in str(miss)]
    assert bool(over) == (drawn > amps * 0.8)
    assert bool(over) == (region == "global" and volts == 120)  # 2 x RTX 4090: about 13.6 A at 120 V


@pytest.mark.parametrize(("language", "words"), [
    ("en", "at the desk: a 230 V 16 A wall circuit (12.8 A continuous); the workstation draws {amps} A"),
    ("zh_CN", "桌边：230 V 16 A 墙面插座回路（持续 12.8 A）；工作站取用 {amps} A"),
])
def test_the_text_report_puts_a_workstation_on_its_wall_circuit(tmp_path, language: str, words: str) -> None:
    """The report of one deskside tower names its wall circuit and the current it draws there (nameplate / (230 V x
    0.95)); it printed a rack, 'limited by rack units', and '1 per A/B feed of 16.8 kW', the 400 V rack feed's."""
    from tests.conftest import run_cli

    scenario = {"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e7},
                "hardware": {"gpu": "rtx-4090", "count": 2}, "constraints": {"deployment": "on-prem"}}
    path = tmp_path / "desk.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    plan = plan_for_scenario(scenario, Catalog(overrides_path=None)).plans[0]
    assert plan.site.deskside
    amps = plan.site.node_kw_nameplate * 1000 / (230 * 0.95)
    done = run_cli("--lang", language, "plan", str(path), "--top", "1",
                   env={"GPUPLANNER_DATA_DIR": str(tmp_path / "user")})
    assert done.returncode == 0, done.stderr
    assert words.format(amps=f"{amps:.2f}") in done.stdout
    assert "A/B" not in done.stdout and "16.8 kW" not in done.stdout


def test_the_bill_of_materials_lists_leaf_to_spine_cables_only_where_there_are_spines() -> None:
    """A cluster on one leaf switch has no spine: its bill of materials listed "Cables leaf to spine: 0". The
    line stays where there are spines."""
    catalog = Catalog()
    for count, has_spine in ((32, False), (512, True)):
        result = plan_for_scenario({"task": "pretrain", "model": {"preset": "llama-2-7b"},
                                    "training": {"tokens": 1e10, "global_batch": 1024},
                                    "hardware": {"gpu": "h100-sxm5-80gb", "count": count},
                                    "constraints": {"deployment": "on-prem"}}, catalog, top=1)
        assert result.plans, result.rejected
        site = result.plans[0].site
        assert bool(site.switches.spine) == has_spine
        text = sheet_text(result.plans[0])
        assert ("Cables leaf to spine" in text) == has_spine == (site.cables.switch_to_switch > 0)
