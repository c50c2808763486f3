"""The sheet's power path and cooling: feeds, circuits, PDUs, UPS and what one feed keeps; heat to air or liquid.
Every verdict is read from the plan's power chain (core.site.power_chain), never re-derived here."""

from __future__ import annotations

from gpuplanner.core.site.power_chain import FeedRedundancy, Redundancy
from gpuplanner.core.site.site import COOLING_LIMIT_KW, Cooling, SiteBlock
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import term, translated
from gpuplanner.report.sheet_html import Formatter, rows, section, tr


def redundancy_text(redundancy: FeedRedundancy, fmt: Formatter) -> str:
    """What one node keeps when a feed fails, and what would make it redundant."""
    status = redundancy.status
    if status is Redundancy.UNKNOWN:
        return tr("Power supplies not in the catalog: feed redundancy unknown, not assumed. Ask the vendor for the "
                  "supplies' count, rating and redundancy.")
    left, feed_kw = str(redundancy.supplies_per_feed), fmt.num(redundancy.feed_kw, 1)
    node_kw, expected = fmt.num(redundancy.node_max_kw, 1), fmt.num(redundancy.expected_kw, 1)
    if status is Redundancy.REDUNDANT:
        return fill(tr("Either feed can fail: the %1 supplies left on one feed give %2 kW, at least the node's %3 kW "
                       "maximum."), left, feed_kw, node_kw)
    if status is Redundancy.CAPPED:
        text = fill(tr("Not redundant at full power: the %1 supplies left on one feed give %2 kW, below the node's "
                       "%3 kW maximum. When a feed fails the node runs only power-capped at %2 kW (its expected %4 kW "
                       "fits); a peak above that can trip it."), left, feed_kw, node_kw, expected)
    else:
        text = fill(tr("Not redundant: the %1 supplies left on one feed give %2 kW, below even the node's expected "
                       "%4 kW (maximum %3 kW). When a feed fails the node goes down."), left, feed_kw, node_kw,
                    expected)
    if redundancy.three_feeds_redundant:
        return text + " " + fill(tr("A third feed makes it redundant: with the supplies spread over three feeds, "
                                    "%1 kW is left when one fails."), fmt.num(redundancy.three_feeds_kw, 1))
    return text + " " + tr("No spread of these supplies over feeds carries the maximum: ask for a supply option "
                           "rated N+N, or cap the node's power.")


def _circuit_text(site: SiteBlock, fmt: Formatter) -> str:
    supply, circuits = site.supply, site.power_chain.circuits
    if supply.china_cabinet_amps:
        return fill(tr("IDC cabinet sold by current: one single-phase 220 V %1 A circuit per feed, derated to %2 % "
                       "at power factor %3: %4 kW"), fmt.num(supply.china_cabinet_amps, 0),
                    fmt.num(supply.derating * 100, 0), fmt.num(circuits.power_factor, 2), fmt.num(site.circuit_kw, 2))
    return fill(tr("%1 V %2-phase %3 A circuits, derated to %4 % at power factor %5: %6 kW each"),
                fmt.num(supply.feed_voltage, 0), str(supply.feed_phase), fmt.num(supply.feed_amps, 0),
                fmt.num(supply.derating * 100, 0), fmt.num(circuits.power_factor, 2), fmt.num(site.circuit_kw, 2))


def _busiest_text(site: SiteBlock, fmt: Formatter) -> str:
    """Line current of the busiest circuit while its feed carries the rack alone, against what it may carry."""
    circuits = site.power_chain.circuits
    if circuits.busiest_line_amps is None:
        return tr("n/a")
    allowed = fmt.num(circuits.allowed_amps, 1)
    if circuits.fits is False:
        return fill(tr("one supply cord draws %1 A, more than the %2 A a circuit may carry: no circuit of this size "
                       "can feed the node"), fmt.num(circuits.busiest_line_amps, 1), allowed)
    if not circuits.supplies_known and site.supply.feed_phase == 3:
        return fill(tr("%1 A per line (of %2 A allowed), an estimate: the supplies are not in the catalog, so each "
                       "node is put whole on one circuit, its load taken as balanced; confirm with the vendor"),
                    fmt.num(circuits.busiest_line_amps, 1), allowed)
    if not circuits.supplies_known:
        return fill(tr("%1 A (of %2 A allowed), an estimate: the supplies are not in the catalog, so each node is "
                       "put whole on one circuit; confirm with the vendor"),
                    fmt.num(circuits.busiest_line_amps, 1), allowed)
    lines = " / ".join(f"{name} {fmt.num(amps, 1)} A" for name, amps in zip(circuits.lines, circuits.line_amps or (),
                                                                            strict=True))
    return fill(tr("%1 (of %2 A allowed: breaker × derating)"), lines, allowed)


def _pdu_text(site: SiteBlock) -> str:
    chain = site.power_chain
    if chain.pdus_per_rack is None:
        return tr("n/a")
    if chain.outlets_per_pdu is None:  # the supplies, so the cords, are not known
        return fill(tr("%1 per rack (one per circuit on each feed), %2 in the node racks"), str(chain.pdus_per_rack),
                    str(chain.pdus_total or 0))
    return fill(tr("%1 per rack (one per circuit on each feed), %2 in the node racks; up to %3 outlets each"),
                str(chain.pdus_per_rack), str(chain.pdus_total or 0), str(chain.outlets_per_pdu))


def feeds_section(site: SiteBlock, fmt: Formatter) -> str:
    chain, circuits, facility = site.power_chain, site.power_chain.circuits, site.facilities
    per_feed = circuits.circuits_per_feed
    wiring = tr("line to line") if circuits.psu_line_to_line else tr("line to neutral")
    cords = tr("n/a") if circuits.cord_amps is None or not circuits.supplies_known else fill(
        tr("%1 per node on each feed, %2 A each while one feed carries the node; up to %3 on a circuit"),
        str(circuits.cords_per_node), fmt.num(circuits.cord_amps, 1), str(circuits.cords_per_circuit or 0))
    return section(tr("Feeds and circuits (A/B)"), rows([
        (tr("Circuit"), _circuit_text(site, fmt)),
        (tr("Circuits on feed A"), str(per_feed) if per_feed else tr("n/a")),
        (tr("Circuits on feed B"), str(per_feed) if per_feed else tr("n/a")),
        (tr("Feed connector"), translated(facility.feed_plug)),
        (tr("Supplies' input"), fill(tr("%1 V, %2"), fmt.num(circuits.psu_volts, 0), wiring)),
        (tr("Supply cords"), cords),
        (tr("Busiest circuit, one feed carrying the rack"), _busiest_text(site, fmt)),
        (tr("Rack PDUs"), _pdu_text(site)),
        (tr("Apparent power per rack"), tr("n/a") if chain.rack_kva is None else fill(
            tr("%1 kVA at nameplate"), fmt.num(chain.rack_kva, 1))),
        (tr("UPS"), tr("n/a") if chain.ups_kva_per_side is None else fill(
            tr("2N: each side at least %1 kVA (the cluster at nameplate)"), fmt.at_least(chain.ups_kva_per_side))),
        (tr("If a feed fails"), redundancy_text(chain.redundancy, fmt)),
    ]))


def cooling_needed_text(site: SiteBlock, fmt: Formatter) -> str:
    """The cooling tier a rack needs, against what the site's stated limit allows: air above the planning default's
    ceiling is air still where the site says its room removes that much."""
    supply = site.supply
    text = term(site.cooling_needed)
    if not site.cooling_ok:
        return text + " — " + fill(tr("beyond the site's %1 cooling"), term(supply.cooling))
    if (site.cooling_needed == supply.cooling and site.kw_per_rack is not None
            and site.kw_per_rack > COOLING_LIMIT_KW[Cooling(supply.cooling)] + 1e-9):
        return text + " — " + fill(tr("within the %1 kW a rack the site states its %2 cooling removes (planning "
                                      "default %3 kW)"), fmt.num(supply.cooling_limit_kw, 0), term(supply.cooling),
                                   fmt.num(COOLING_LIMIT_KW[Cooling(supply.cooling)], 0))
    return text


def cooling_load_text(site: SiteBlock, fmt: Formatter) -> str:
    """The cluster's cooling load at both figures, each named: the job's expected draw, and nameplate, which the
    chillers, like the circuits and the UPS, are sized for."""
    if site.refrigeration_tons_nameplate is None:
        return tr("n/a")
    return fill(tr("%1 RT at nameplate (%2 kW: size the chillers for this); %3 RT at the job's expected draw "
                   "(%4 kW)"), fmt.num(site.refrigeration_tons_nameplate, 1), fmt.num(site.it_kw_nameplate, 1),
                fmt.num(site.refrigeration_tons, 1), fmt.num(site.it_kw_expected, 1))


def cooling_rows(site: SiteBlock, fmt: Formatter) -> list[tuple[str, str]]:
    """How the rack's heat leaves: the server's cooling against the site's, and the liquid loop where there is one."""
    supply = site.supply
    binds = site.rack_limited_by == "cooling"
    limit = fill(tr("%1 kW per rack for this server (%2 cooling)"), fmt.num(site.heat_limit_kw, 0),
                 term(supply.cooling))
    if binds:
        limit += " — " + tr("binds")
    out = [(tr("Server cooling"), term(site.server_cooling)), (tr("Site cooling limit"), limit)]
    if site.server_cooling == "liquid":
        out += [
            (tr("Coolant flow per rack"), tr("n/a") if site.coolant_l_min_per_rack is None else fill(
                tr("%1 L/min of water at a %2 °C rise, all nameplate heat taken to liquid"),
                fmt.num(site.coolant_l_min_per_rack, 0), fmt.num(supply.coolant_delta_t_c, 0))),
            (tr("Coolant supply temperature"), tr("unknown: not in the catalog; take it from the rack vendor's guide")),
            (tr("Heat left to room air"), tr("unknown: the vendor's liquid/air split is not in the catalog (power "
                                             "shelves, fans and drives stay air-cooled); ask for it")),
            (tr("CDU capacity"), fill(tr("at least %1 kW per rack served"), fmt.at_least(site.kw_per_rack))),
        ]
    return out


def cooling_note(site: SiteBlock, fmt: Formatter) -> str:
    """Said under the rack table when the site's cooling, not its power or space, sets the nodes per rack."""
    if site.rack_limited_by != "cooling":
        return ""
    return fill(tr("The site's cooling limit binds: it sets the nodes per rack at %1 kW of heat a rack for this "
                   "server. Change it where your room removes more (constraints.site.cooling_kw_per_rack; in the "
                   "app, the site's cooling limit)."), fmt.num(site.heat_limit_kw, 0))
