"""The rack's power path: feed redundancy from the supplies, cords on whole circuits at one power factor, the
Chinese cabinet's single-phase circuit, PDUs per circuit; and, over generated sites, that every claim holds."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpuplanner.core.site.power_chain import Redundancy, assign_circuits, feed_redundancy, power_chain, psu_input
from gpuplanner.core.site.site import (
    Cooling,
    NodeSpec,
    PowerAssumptions,
    PowerSupply,
    SiteLimits,
    feed_plug,
    plan_site,
    psu_coupler,
)

# NVIDIA DGX H100/H200 and DGX B200 User Guides, "Power Specifications": six 3,300 W supplies at 200-240 V.
DGX_H100 = NodeSpec("DGX H100", 8, 8, 10.2, psu_count=6, psu_w=3300, psu_redundancy="4+2")
DGX_B200 = NodeSpec("DGX B200", 8, 10, 14.3, psu_count=6, psu_w=3300, psu_redundancy="5+1")


def test_dgx_h100_on_a_and_b_feeds_is_power_capped_not_redundant() -> None:
    """Three 3.3 kW supplies on a feed give 9.9 kW, below the 10.2 kW nameplate: no 'one feed can fail'."""
    verdict = feed_redundancy(6, 3300, 10.2, 7.15)
    assert verdict.status is Redundancy.CAPPED and verdict.feed_kw == pytest.approx(9.9)
    assert verdict.three_feeds_redundant and verdict.three_feeds_kw == pytest.approx(13.2)  # 4 of 6 left


def test_dgx_b200_drops_with_its_feed_and_no_feed_count_saves_it() -> None:
    """5+1: 9.9 kW a feed against 14.3 kW maximum and 10.2 kW expected (8 x 1,000 W x 1.277); a third feed leaves
    four supplies, 13.2 kW, still short of the maximum."""
    verdict = feed_redundancy(6, 3300, 14.3, 8 * 1000 * 894 / 700 / 1000)
    assert verdict.status is Redundancy.DROPS
    assert not verdict.three_feeds_redundant


def test_unknown_supplies_never_claim_redundancy() -> None:
    assert feed_redundancy(None, None, 10.2, 7.0).status is Redundancy.UNKNOWN
    assert feed_redundancy(6, None, 10.2, 7.0).status is Redundancy.UNKNOWN
    assert feed_redundancy(6, 3300, None, 7.0).status is Redundancy.UNKNOWN


def test_nvl72_power_shelves_carry_the_gb200_rack_on_one_feed_but_not_gb300_s_maximum() -> None:
    """24 of 48 x 5.5 kW supplies per feed: 132 kW >= GB200's 120 kW; < GB300's up to 142 kW."""
    assert feed_redundancy(48, 5500, 120.0, 100.0).status is Redundancy.REDUNDANT
    assert feed_redundancy(48, 5500, 142.0, 120.0).status is Redundancy.CAPPED


def test_breakers_are_checked_at_the_power_factor_the_currents_use() -> None:
    """8 x H100 on 400 V three-phase 20 A derated to 0.75 (15.0 A): on failover each supply cord draws
    3,300 W / (231 V x 0.95) = 15.04 A, so no circuit of this size carries one; the old sheet printed L1 15.5 A
    beside a circuit it said held the 10.2 kW node."""
    circuits = power_chain(6, 3300, 10.2, 7.15, 1, 1, 400, 3, True, 20, 0.75, 0.95).circuits
    assert circuits.allowed_amps == pytest.approx(15.0)
    assert circuits.cord_amps == pytest.approx(3300 / (400 / math.sqrt(3) * 0.95))
    assert circuits.fits is False and circuits.circuits_per_feed is None
    supply = PowerSupply(voltage=400, phase=3, amps=20, derating=0.75)
    # The circuit's kW and its current limit agree: 13.86 kVA x 0.75 x 0.95 kW is exactly 15.0 A per line.
    assert supply.usable_kw * 1000 / (math.sqrt(3) * 400 * 0.95) == pytest.approx(15.0)


def test_a_workstation_larger_than_its_circuit_is_not_spread_over_three() -> None:
    """A 3.28 kW tower with unknown supplies on 230 V / 16 A (12.8 A continuous): 15.0 A on one cord, no fit."""
    circuits = assign_circuits(3.28, None, 2, 230, 1, False, 16, 0.8, 0.95)
    assert circuits.fits is False and circuits.cord_amps == pytest.approx(3280 / (230 * 0.95))


def test_pdus_follow_circuits_per_feed() -> None:
    """Four DGX H100 (capped at 9.9 kW each on a feed) on 415 V 63 A (50.4 A continuous): 3 cords of 14.5 A a
    phase, 9 a circuit, 12 cords a feed -> two circuits a feed, four PDUs a rack."""
    chain = power_chain(6, 3300, 10.2, 7.15, 4, 8, 415, 3, True, 63, 0.8, 0.95)
    assert chain.circuits.circuits_per_feed == 2
    assert chain.pdus_per_rack == 4 and chain.pdus_total == 8
    assert chain.rack_kva == pytest.approx(4 * 10.2 / 0.95)
    assert chain.ups_kva_per_side == pytest.approx(8 * 10.2 / 0.95)


def test_supplies_at_north_american_208_v_are_wired_line_to_line() -> None:
    volts, across = psu_input(208, 3, True)
    assert across and volts == pytest.approx(208)
    assert psu_coupler(2800, volts) == "C19/C20"  # 2,800 / (208 x 0.95) = 14.2 A
    assert psu_coupler(2800, 120) is None  # what the sheet used: 120 V to neutral, 24.6 A, beyond any coupler
    assert psu_input(400, 3, True) == (pytest.approx(400 / math.sqrt(3)), False)


def test_a_chinese_cabinet_is_one_single_phase_220_v_circuit_derated_like_any_other() -> None:
    limits = SiteLimits(china_cabinet_amps=32)
    feed = limits.feed
    assert (feed.voltage, feed.phase, feed.amps) == (220, 1, 32)
    assert limits.usable_rack_kw == pytest.approx(220 * 32 * 0.8 * 0.95 / 1000)  # 5.35 kW, not the 7.0 kW it is sold as
    plug = feed_plug(feed)
    assert "2P+E" in plug and "blue" in plug and "3P" not in plug
    one_node = assign_circuits(2.0, None, 1, feed.voltage, feed.phase, False, feed.amps, 0.8, 0.95)
    assert one_node.line_amps == (pytest.approx(2000 / (220 * 0.95)),) and one_node.lines == ("L",)  # 9.6 A
    node = NodeSpec("8 x L20 server", 8, 4, 2.0)
    site = plan_site(node, 2, 350, limits, PowerAssumptions(), 0, 100)
    extra = site.facilities
    assert extra.phase_amps is not None and len(extra.phase_amps) == 1
    assert site.circuits_per_feed == 1  # a cabinet has one circuit a feed: nodes per cabinet follow it


@settings(max_examples=300, deadline=None)
@given(supplies=st.one_of(st.none(), st.integers(1, 12)), psu_w=st.sampled_from([1600, 2000, 2700, 3000, 3300, 5500]),
       node_kw=st.floats(0.3, 20.0), expected_share=st.floats(0.3, 1.0), in_rack=st.integers(1, 8),
       voltage=st.sampled_from([208, 220, 230, 240, 380, 400, 415, 480]), phase=st.sampled_from([1, 3]),
       amps=st.sampled_from([10, 16, 20, 30, 32, 63, 125]), derating=st.floats(0.5, 1.0),
       power_factor=st.floats(0.8, 1.0))
def test_every_claim_the_chain_makes_holds(supplies: int | None, psu_w: int, node_kw: float, expected_share: float,
                                            in_rack: int, voltage: int, phase: int, amps: int, derating: float,
                                            power_factor: float) -> None:
    chain = power_chain(supplies, psu_w, node_kw, node_kw * expected_share, in_rack, in_rack * 3, voltage, phase,
                        True, amps, derating, power_factor)
    redundancy, circuits = chain.redundancy, chain.circuits
    if redundancy.status is Redundancy.REDUNDANT:
        assert supplies and (supplies - math.ceil(supplies / 2)) * psu_w / 1000 >= node_kw - 1e-9
    if supplies is None:
        assert redundancy.status is Redundancy.UNKNOWN
    if circuits.fits:
        assert circuits.busiest_line_amps <= circuits.allowed_amps + 1e-6
        assert circuits.circuits_per_feed * circuits.cords_per_circuit >= in_rack * circuits.cords_per_node
        assert chain.pdus_per_rack == 2 * circuits.circuits_per_feed
    else:
        assert circuits.circuits_per_feed is None and chain.pdus_per_rack is None
        assert circuits.busiest_line_amps > circuits.allowed_amps


def test_the_energy_a_year_and_its_cost_share_one_basis(catalog) -> None:
    """64 H100 owned: the sheet's MWh a year times the PUE and the price is its electricity cost (it printed
    351 MWh beside $52.7k at 1.3 x $0.10, which is 405 MWh: the energy left out the idle hours the cost counted)."""
    from gpuplanner.catalog.options import hardware_options
    from gpuplanner.core.planning.plan import plan_catalog
    from gpuplanner.core.planning.plan_settings import plan_settings
    from gpuplanner.service import scenario_from_data

    data = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "training": {"tokens": 1e12},
            "hardware": {"gpu": "h100-sxm5-80gb", "count": 64},
            "constraints": {"deployment": "on-prem", "site": {"rack_kw": 40, "electricity_price": 0.1}}}
    parsed = scenario_from_data(data, catalog)
    settings = plan_settings(parsed)
    plan = plan_catalog(parsed, hardware_options(catalog, settings.power), settings, top=1).plans[0]
    cost = plan.cost
    assert cost.it_mwh_per_year * 1000 * 1.3 * 0.1 == pytest.approx(cost.electricity_per_year)
    assert cost.it_mwh_per_year > plan.site.it_kw_expected * 8.76 * cost.utilization  # idle hours draw too


@settings(max_examples=200, deadline=None)
@given(psus=st.one_of(st.none(), st.integers(1, 8)), psu_w=st.sampled_from([1600, 2700, 3000, 3300]),
       node_kw=st.one_of(st.none(), st.floats(0.5, 16.0)), units=st.sampled_from([2, 4, 6, 8, 10]),
       weight=st.one_of(st.none(), st.floats(20, 200)), server_cooling=st.sampled_from(["air", "liquid"]),
       site_cooling=st.sampled_from(list(Cooling)), rack_kw=st.floats(3.0, 80.0), nodes=st.integers(1, 40),
       voltage=st.sampled_from([208, 230, 400, 415]), phase=st.sampled_from([1, 3]),
       amps=st.sampled_from([16, 20, 32, 63]), derating=st.floats(0.5, 1.0), pf=st.floats(0.8, 1.0),
       cabinet=st.sampled_from([None, 16, 32, 40]))
def test_every_sheet_claim_holds_over_generated_sites(psus, psu_w, node_kw, units, weight, server_cooling,
                                                       site_cooling, rack_kw, nodes, voltage, phase, amps, derating,
                                                       pf, cabinet) -> None:
    """The sheet's self-check finds nothing to refuse on any site the planner lays out: redundancy, breaker
    margin at the printed power factor, the server's cooling type, what fits a rack and the plug all hold."""
    from gpuplanner.core.site.sheet_check import sheet_problems

    node = NodeSpec("server", 8, units, node_kw, weight_kg=weight, psu_count=psus, psu_w=psu_w,
                    cooling=server_cooling)
    limits = SiteLimits(rack_kw=rack_kw, cooling=site_cooling, china_cabinet_amps=cabinet,
                        supply=PowerSupply(voltage=voltage, phase=phase, amps=amps, derating=derating,
                                           power_factor=pf))
    power = PowerAssumptions()
    site = plan_site(node, nodes, 700 if node_kw is not None else None, limits, power, 8, 400)
    assert sheet_problems(site) == []


def test_the_self_check_catches_a_claim_its_figures_contradict() -> None:
    """The DGX H100 page with 'either feed can fail', a circuit allowed more than its breaker gives, or an air
    server called cold-plate cooled: each is refused."""
    import dataclasses

    from gpuplanner.core.site.sheet_check import sheet_problems

    limits, power = SiteLimits(rack_kw=25), PowerAssumptions()
    block = plan_site(DGX_H100, 4, 700, limits, power, 8, 400)
    assert sheet_problems(block) == []
    chain = block.power_chain
    redundant = dataclasses.replace(chain, redundancy=dataclasses.replace(chain.redundancy,
                                                                          status=Redundancy.REDUNDANT))
    assert "either feed can fail" in " ".join(sheet_problems(dataclasses.replace(block, power_chain=redundant)))
    loose = dataclasses.replace(chain, circuits=dataclasses.replace(chain.circuits, allowed_amps=40.0,
                                                                    busiest_line_amps=39.0))
    assert sheet_problems(dataclasses.replace(block, power_chain=loose))
    assert sheet_problems(dataclasses.replace(block, cooling_needed="cold-plate"))
