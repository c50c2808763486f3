"""The claims a spec sheet makes about a site, re-derived from the figures it prints: feed redundancy from the
supplies, each circuit's current against its breaker at the power factor printed, the cooling the server's type
needs, what fits a rack, the plug for the phases. The sheet runs it before it prints; a claim that does not hold
is a defect, and the sheet is refused rather than handed to a facilities team."""

from __future__ import annotations

import math

from gpuplanner.core.site.power_chain import Redundancy
from gpuplanner.core.site.site import SiteBlock

TOLERANCE = 1e-6


def _redundancy(site: SiteBlock) -> list[str]:
    facility, verdict = site.facilities, site.power_chain.redundancy
    supplies, watts, node_kw = facility.psus_per_node, facility.psu_watts, site.node_kw_nameplate
    if not supplies or not watts or node_kw is None:
        return [] if verdict.status is Redundancy.UNKNOWN else ["redundancy claimed without the supplies or the "
                                                                "node's maximum on the page"]
    left_kw = (supplies - math.ceil(supplies / 2)) * watts / 1000.0
    if verdict.status is Redundancy.REDUNDANT and left_kw < node_kw - TOLERANCE:
        return [f"'either feed can fail' with {left_kw:g} kW a feed against a {node_kw:g} kW node"]
    if verdict.status is not Redundancy.REDUNDANT and left_kw >= node_kw - TOLERANCE:
        return [f"'not redundant' with {left_kw:g} kW a feed against a {node_kw:g} kW node"]
    return []


def _circuits(site: SiteBlock) -> list[str]:
    supply, circuits = site.supply, site.power_chain.circuits
    problems = []
    allowed = supply.feed_amps * supply.derating
    if abs(circuits.allowed_amps - allowed) > TOLERANCE or abs(circuits.power_factor - supply.power_factor) > 1e-9:
        problems.append("the circuit's allowed current or power factor differs from the supply printed")
    three = math.sqrt(3) if supply.feed_phase == 3 else 1.0
    line_to_line = supply.feed_voltage if supply.feed_phase == 1 or supply.line_to_line else (
        supply.feed_voltage * math.sqrt(3))
    circuit_kw = three * line_to_line * supply.feed_amps * supply.derating * supply.power_factor / 1000.0
    if abs(circuit_kw - site.circuit_kw) > 1e-6 * max(circuit_kw, 1.0):
        problems.append(f"circuit printed at {site.circuit_kw:g} kW, the supply gives {circuit_kw:g} kW")
    if circuits.fits:
        if circuits.busiest_line_amps is None or circuits.busiest_line_amps > allowed + TOLERANCE:
            problems.append(f"a circuit carries {circuits.busiest_line_amps} A where {allowed:g} A are allowed")
        cords = min(site.nodes_per_rack, site.nodes) * circuits.cords_per_node
        if (circuits.circuits_per_feed or 0) * (circuits.cords_per_circuit or 0) < cords:
            problems.append("fewer circuit places than supply cords on a feed")
    elif circuits.fits is False and site.circuits_per_feed is not None:
        problems.append("circuits counted for cords no circuit can carry")
    plug = str(site.facilities.feed_plug)
    phases_in_plug = "3P+N+E" in plug or "three-phase" in plug  # IEC 60309 pins, or NEMA L21's words
    if phases_in_plug != (supply.feed_phase == 3):
        problems.append("the feed's plug does not match its phases")
    return problems


def _rack(site: SiteBlock) -> list[str]:
    problems = []
    supply, in_rack = site.supply, min(site.nodes_per_rack, site.nodes)
    if site.server_cooling == "liquid" and site.cooling_needed != "cold-plate":
        problems.append("a liquid-cooled server printed as needing other than liquid at the rack")
    if site.server_cooling == "air" and site.cooling_needed in ("cold-plate", "immersion"):
        problems.append("an air-cooled server printed as cooled by liquid")
    if site.cooling_ok and site.kw_per_rack is not None and site.kw_per_rack > site.heat_limit_kw + TOLERANCE:
        problems.append(f"cooling called sufficient for {site.kw_per_rack:g} kW where the site removes "
                        f"{site.heat_limit_kw:g} kW")
    if site.kw_per_rack is not None and site.node_kw_nameplate is not None and abs(
            site.kw_per_rack - site.node_kw_nameplate * in_rack) > TOLERANCE:
        problems.append("power per rack is not the nodes in it times their nameplate")
    if not site.rack_scale and in_rack * site.rack_units_per_node > supply.rack_units - supply.reserved_units:
        problems.append("more rack units placed than a rack has free")
    return problems


def sheet_problems(site: SiteBlock) -> list[str]:
    """Every claim about the site that its own figures contradict (empty: the page is consistent)."""
    if site.deskside:
        return []
    return _redundancy(site) + _circuits(site) + _rack(site)
