"""A rack's power path — the node's supplies, the A/B feeds, the circuits, the PDUs — with every claim the sheet
makes (one feed can fail, a circuit carries its cords) derived here from the figures it prints, at one power
factor. Unknown figures stay unknown: they never make a node redundant or a circuit fit."""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from enum import StrEnum

from gpuplanner.core.base.records import record

# Server power supplies take 200-240 V AC (NVIDIA DGX H100/B200 user guides, "Power Specifications"); where the
# line-to-neutral voltage is below that (120/208 V wye in North America) they are wired line to line.
PSU_MIN_INPUT_VOLTS = 200.0
FEEDS = 2  # A and B
# 120/208 V wye, North America's data-centre feed: 208 V exists only between two of its lines (NEMA WD 6), so a
# single-phase 208 V circuit is two hot conductors and a ground, never a line and a neutral.
NORTH_AMERICA_VOLTS = 208.0


def is_north_american(line_to_line_volts: float) -> bool:
    """A feed of North America's 120/208 V system (its single-phase circuits then run line to line)."""
    return abs(line_to_line_volts - NORTH_AMERICA_VOLTS) <= 2.0


def circuit_lines(phase: int, voltage: float) -> tuple[str, ...]:
    """The current-carrying conductors of one circuit: L1/L2/L3 three-phase; L1/L2 for a single-phase circuit
    between two lines (208 V); L for one line to neutral."""
    if phase == 3:
        return ("L1", "L2", "L3")
    return ("L1", "L2") if is_north_american(voltage) else ("L",)


class Redundancy(StrEnum):
    REDUNDANT = "redundant"  # one feed's supplies carry the node's maximum draw
    CAPPED = "power-capped"  # they carry the job's expected draw, not the maximum: the node runs capped
    DROPS = "drops"  # they carry less than the expected draw: the node goes down with its feed
    UNKNOWN = "unknown"  # supplies (count or rating) or the node's maximum not published


@record
class FeedRedundancy:
    """What one node keeps when one of its feeds fails."""

    status: Redundancy
    supplies: int | None
    supplies_per_feed: int | None  # on the feed that survives (the fewer, when they do not split evenly)
    psu_kw: float | None
    feed_kw: float | None  # what the surviving feed's supplies deliver
    node_max_kw: float | None
    expected_kw: float | None
    three_feeds_kw: float | None  # what is left when one of three feeds fails (supplies spread evenly)

    @property
    def three_feeds_redundant(self) -> bool:
        return (self.three_feeds_kw is not None and self.node_max_kw is not None
                and self.three_feeds_kw >= self.node_max_kw - 1e-9)


def surviving_supplies(supplies: int, feeds: int) -> int:
    """Supplies still powered when the feed holding the most of them (spread as evenly as they go) fails."""
    return supplies - math.ceil(supplies / feeds)


_N_PLUS_M = re.compile(r"(\d+)\s*\+\s*(\d+)")


def supplies_carry_kw(supplies: int | None, psu_w: float | None, schemes: str) -> float | None:
    """What a node's supplies deliver with their redundant ones failed: N x the rating in an N+M scheme. A
    vendor that sells the node N+M redundant and publishes no maximum input sizes it to draw no more than this, so
    it bounds the node's maximum. `schemes`: the catalog's redundancy and supply texts. None unless the count, the
    rating and exactly one N+M scheme that adds up to the count are known: with two schemes on offer ("3+3 or 5+1")
    the bound depends on the one bought, and "N+N" or a bare "redundant" says nothing."""
    found = {(int(active), int(spare)) for active, spare in _N_PLUS_M.findall(schemes or "")}
    if not supplies or not psu_w or len(found) != 1:
        return None
    ((active, spare),) = found
    if active < 1 or active + spare != supplies:
        return None
    return active * psu_w / 1000.0


# A plan sizes a few hundred site blocks from a few dozen servers' supplies and racks: each answer kept, by its
# arguments and their types (an int and an equal float answer alike, but a record keeps the type it was given).
@functools.lru_cache(maxsize=1024, typed=True)
def feed_redundancy(supplies: int | None, psu_w: float | None, node_max_kw: float | None,
                    expected_kw: float | None) -> FeedRedundancy:
    """Supplies per feed x their rating against the node's maximum draw (its nameplate) and its expected draw."""
    if not supplies or not psu_w or node_max_kw is None:
        return FeedRedundancy(Redundancy.UNKNOWN, supplies, None, None if psu_w is None else psu_w / 1000.0, None,
                              node_max_kw, expected_kw, None)
    psu_kw = psu_w / 1000.0
    left = surviving_supplies(supplies, FEEDS)
    feed_kw = left * psu_kw
    if feed_kw >= node_max_kw - 1e-9:
        status = Redundancy.REDUNDANT
    elif expected_kw is not None and feed_kw >= expected_kw - 1e-9:
        status = Redundancy.CAPPED
    else:
        status = Redundancy.DROPS
    three = surviving_supplies(supplies, 3) * psu_kw if supplies >= 3 else None
    return FeedRedundancy(status, supplies, left, psu_kw, feed_kw, node_max_kw, expected_kw, three)


@record
class CircuitPlan:
    """Whole supply cords assigned to the circuits of one feed while that feed carries the rack alone."""

    psu_volts: float  # what each supply sees
    psu_line_to_line: bool  # supplies wired across two lines (120/208 V feeds)
    cords_per_node: int  # on one feed; 1 where the supplies are unknown (the node goes whole on one circuit)
    supplies_known: bool  # False: the node is assigned whole, its load taken as balanced over the phases
    cord_kw: float | None  # one cord's load while its feed carries the node alone
    cord_amps: float | None
    allowed_amps: float  # breaker x continuous-load derating
    power_factor: float
    cords_per_circuit: int | None  # at most; spread over the phases of a three-phase circuit
    circuits_per_feed: int | None  # None: unknown power, or one cord exceeds a circuit
    busiest_line_amps: float | None  # line current of the busiest phase of the busiest circuit
    fits: bool | None  # None: unknown power
    lines: tuple[str, ...] = ("L",)  # the circuit's current-carrying conductors (circuit_lines)
    # Each phase's current where whole cords sit line to neutral on a three-phase circuit (two cords load L1 and L2,
    # none L3); None elsewhere: one phase, a balanced estimate, or cords across two lines.
    phase_currents: tuple[float, ...] | None = None

    @property
    def line_amps(self) -> tuple[float, ...] | None:
        """The busiest circuit's current on each of its lines while its feed carries the rack alone: each phase's
        own cords where they are known and wired line to neutral, else the busiest line's current on every line
        (the cords spread evenly over the phases, no line carries more)."""
        if self.busiest_line_amps is None:
            return None
        if self.phase_currents is not None and len(self.phase_currents) == len(self.lines):
            return self.phase_currents
        return (self.busiest_line_amps,) * len(self.lines)


def psu_input(voltage: float, phase: int, line_to_line: bool) -> tuple[float, bool]:
    """(volts, wired line to line) for a supply on this feed: a single-phase 208 V circuit is two lines."""
    if phase == 1:
        return voltage, is_north_american(voltage)
    line_to_neutral = voltage / math.sqrt(3) if line_to_line else voltage
    if line_to_neutral >= PSU_MIN_INPUT_VOLTS - 5:
        return line_to_neutral, False
    return (voltage if line_to_line else voltage * math.sqrt(3)), True


@functools.lru_cache(maxsize=1024, typed=True)  # (as feed_redundancy)
def assign_circuits(node_feed_kw: float | None, cords_per_node: int | None, nodes: int, voltage: float, phase: int,
                    line_to_line: bool, amps: float, derating: float, power_factor: float) -> CircuitPlan:
    """Whole cords on whole circuits (_assigned_cords), with the conductors each circuit has."""
    plan = _assigned_cords(node_feed_kw, cords_per_node, nodes, voltage, phase, line_to_line, amps, derating,
                           power_factor)
    return dataclasses.replace(plan, lines=circuit_lines(phase, voltage))


def _assigned_cords(node_feed_kw: float | None, cords_per_node: int | None, nodes: int, voltage: float, phase: int,
                    line_to_line: bool, amps: float, derating: float, power_factor: float) -> CircuitPlan:
    """Cords go to whole circuits: each circuit (each phase of a three-phase one) takes as many cords as its
    derated current allows at the supplies' power factor, I = P / (V pf); a cord it cannot carry fits nowhere.
    With the supplies unknown (`cords_per_node` None) each node goes whole on one circuit."""
    volts, across_lines = psu_input(voltage, phase, line_to_line)
    allowed = amps * derating
    known = cords_per_node is not None
    per_node = cords_per_node or 1
    if node_feed_kw is None:
        return CircuitPlan(volts, across_lines, per_node, known, None, None, allowed, power_factor, None, None, None,
                           None)
    cord_kw = node_feed_kw / per_node
    phases = 1 if phase == 1 else 3
    # Line current per kW on one phase: P / (V_LN pf); for supplies wired line to line on a balanced three-phase
    # circuit the line current is the same sqrt(3) V_LL I_line pf = 3 P_phase.
    line_volts = voltage if phase == 1 else (voltage / math.sqrt(3) if line_to_line else voltage)
    amps_per_kw = 1000.0 / (line_volts * power_factor)
    cords = nodes * per_node
    if not known:  # a whole node per unit, its load spread evenly over the circuit's phases
        unit_amps = cord_kw * amps_per_kw / phases
        per_circuit = math.floor(allowed / unit_amps + 1e-9)
        if per_circuit < 1:
            return CircuitPlan(volts, across_lines, per_node, known, cord_kw, unit_amps, allowed, power_factor, 0,
                               None, unit_amps, False)
        return CircuitPlan(volts, across_lines, per_node, known, cord_kw, unit_amps, allowed, power_factor,
                           per_circuit, math.ceil(cords / per_circuit), min(cords, per_circuit) * unit_amps, True)
    cord_amps = cord_kw * 1000.0 / (volts * power_factor)
    per_phase = math.floor(allowed / (cord_kw * amps_per_kw) + 1e-9)
    phase_currents = None
    if per_phase >= 1:
        per_circuit = per_phase * phases
        on_circuit = min(cords, per_circuit)
        busiest = math.ceil(on_circuit / phases) * cord_kw * amps_per_kw
        if phases == 3 and not across_lines:  # the cords dealt round the phases: 2 cords load L1 and L2, not L3
            phase_currents = tuple((on_circuit // 3 + (line < on_circuit % 3)) * cord_kw * amps_per_kw
                                   for line in range(3))
    elif cord_amps <= allowed + 1e-9:
        # One cord alone loads its line(s) at its own current; a second on the circuit (across a shared line) would
        # put sqrt(3) times that on the shared line.
        per_circuit, busiest = 1, cord_amps
    else:
        return CircuitPlan(volts, across_lines, per_node, known, cord_kw, cord_amps, allowed, power_factor, 0, None,
                           cord_amps, False)
    return CircuitPlan(volts, across_lines, per_node, known, cord_kw, cord_amps, allowed, power_factor, per_circuit,
                       math.ceil(cords / per_circuit), busiest, True, phase_currents=phase_currents)


@record
class PowerChain:
    """The power path of one rack of `nodes` servers, and the cluster's UPS."""

    redundancy: FeedRedundancy
    circuits: CircuitPlan
    pdus_per_rack: int | None  # one per circuit per feed
    pdus_total: int | None
    outlets_per_pdu: int | None
    rack_kva: float | None  # apparent power at nameplate
    ups_kva_per_side: float | None  # 2N: each side carries the whole cluster at nameplate


def power_chain(supplies: int | None, psu_w: float | None, node_max_kw: float | None, expected_kw: float | None,
                nodes_per_rack: int, nodes: int, voltage: float, phase: int, line_to_line: bool, amps: float,
                derating: float, power_factor: float) -> PowerChain:
    redundancy = feed_redundancy(supplies, psu_w, node_max_kw, expected_kw)
    # While its partner is down a feed carries what its supplies can deliver to the node, at most its maximum (a
    # node with a single supply puts its whole load on the one feed it has).
    node_feed_kw = node_max_kw if not redundancy.feed_kw or node_max_kw is None else min(node_max_kw,
                                                                                         redundancy.feed_kw)
    cords = None if not supplies else max(surviving_supplies(supplies, FEEDS), 1)
    in_rack = min(nodes_per_rack, nodes)
    circuits = assign_circuits(node_feed_kw, cords, in_rack, voltage, phase, line_to_line, amps, derating,
                               power_factor)
    per_rack = None if circuits.circuits_per_feed is None else FEEDS * circuits.circuits_per_feed
    total = None
    if per_rack is not None and circuits.cords_per_circuit:
        full, rest = divmod(nodes, max(in_rack, 1))
        last = math.ceil(rest * circuits.cords_per_node / circuits.cords_per_circuit) * FEEDS
        total = full * per_rack + last
    rack_kva = None if node_max_kw is None else node_max_kw * in_rack / power_factor
    ups = None if node_max_kw is None else node_max_kw * nodes / power_factor
    outlets = None if circuits.cords_per_circuit is None or not circuits.supplies_known else min(
        circuits.cords_per_circuit, in_rack * circuits.cords_per_node)
    return PowerChain(redundancy, circuits, per_rack, total, outlets or None, rack_kva, ups)
