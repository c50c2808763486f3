"""The rack/power spec sheet: one QTextDocument drawn page by page onto any QPagedPaintDevice, so the printer,
the print preview and the PDF share one rendering path. All numbers come from a plan; user text is escaped."""

from __future__ import annotations

import datetime as _dt
import math
import re
from html import escape

from PySide6.QtCore import QBuffer, QCoreApplication, QIODevice, QLocale, QUrl
from PySide6.QtGui import (
    QFont,
    QPdfWriter,
    QTextDocument,
)

from gpuplanner import __version__
from gpuplanner.core.base.choices import Deployment
from gpuplanner.core.base.records import record
from gpuplanner.core.cost.cost import CostSummary
from gpuplanner.core.planning.plan_settings import REGION_WORDS
from gpuplanner.core.results.results import ChartPoint, Plan, PlanResult
from gpuplanner.core.site.availability import offer_region
from gpuplanner.core.site.sheet_check import sheet_problems
from gpuplanner.core.site.site import (
    KW_PER_REFRIGERATION_TON,
    M3H_PER_CFM,
    SWITCHES_PER_NETWORK_RACK,
    FacilitiesBlock,
    SiteBlock,
    btu_per_hour,
)
from gpuplanner.i18n import fill
from gpuplanner.i18n.bands import band_text
from gpuplanner.i18n.calibration import calibration_text
from gpuplanner.i18n.catalog_words import price_source_words, source_words, supply_cell
from gpuplanner.i18n.durations import duration_text
from gpuplanner.i18n.messages import term, translated
from gpuplanner.report.drawings import CostChart, CostPoint, RackContents, cost_time_chart, memory_bar, rack_elevation
from gpuplanner.report.fonts import report_font_family
from gpuplanner.report.formatting import (
    confidence_text,
    count_words,
    currency_name,
    expected_count,
    knob_words,
    plan_layout,
    precision_text,
    price_basis_text,
    purchase_price_source,
    stack_profile_text,
)
from gpuplanner.report.pages import (
    render,
    sheet_page_layout,
)
from gpuplanner.report.power_sheet import (
    cooling_load_text,
    cooling_needed_text,
    cooling_note,
    cooling_rows,
    feeds_section,
)
from gpuplanner.report.rl_sheet import rl_section
from gpuplanner.report.sheet_html import Formatter as _Formatter
from gpuplanner.report.sheet_html import rows as _rows
from gpuplanner.report.sheet_html import section as _section
from gpuplanner.report.sheet_html import tr, wall_circuit_rows
from gpuplanner.report.storage_sheet import storage_section
from gpuplanner.safe_write import replace_file


class SheetCheckError(RuntimeError):
    """The sheet's own figures contradict a claim it would print (core.site.sheet_check): a defect, not bad input."""


@record
class SheetOptions:
    project: str = ""
    page_size: str = "A4"  # or "Letter"
    date: str = ""


def _scenario_summary(plan: Plan) -> str:
    """What the plan answers, from the plan alone (the tokens or images it was computed for)."""
    task = term(plan.task)
    model = str(plan.model.name)
    training = plan.training
    if training and training.images:
        return fill(tr("%1 of %2 on %3 million images (all epochs)"), task, model,
                    QLocale().toString(training.images / 1e6, "f", 1))
    if training and training.tokens:
        return fill(tr("%1 of %2 on %3 tokens"), task, model, count_words(training.tokens))
    return fill(tr("%1 of %2"), task, model)


def _owned_sections(plan: Plan, fmt: _Formatter) -> list[str]:
    """What the data-centre team needs for bought hardware: bill of materials, node, rack, feeds, cluster, cost."""
    site, cost = plan.site, plan.cost
    supply = site.supply
    parts: list[str] = []
    # Capex is the servers bought (the network is not priced): one server costs capex / nodes.
    bom = [(translated(site.node), str(site.nodes), fmt.money(None if cost.capex is None else cost.capex / site.nodes),
            fmt.money(cost.capex))]
    switches = site.switches
    if switches.leaf:
        bom.append((fill(tr("Leaf switch, %1 ports"), str(switches.radix)), str(switches.leaf),
                    tr("not priced"), tr("not priced")))
    if switches.spine:
        bom.append((fill(tr("Spine switch, %1 ports"), str(switches.radix)), str(switches.spine),
                    tr("not priced"), tr("not priced")))
    if site.cables.node_to_leaf:
        bom.append((fill(tr("Cables node to leaf (%1 Gb/s)"), fmt.num(site.port_gbps, 0)),
                    str(site.cables.node_to_leaf), tr("not priced"), tr("not priced")))
    if site.cables.switch_to_switch:  # a single leaf has no spine to cable to
        bom.append((tr("Cables leaf to spine"), str(site.cables.switch_to_switch), tr("not priced"),
                    tr("not priced")))
    wiring = site.cabling
    if wiring.transceivers:
        bom.append((fill(tr("Transceivers, %1 Gb/s"), fmt.num(site.port_gbps, 0)), str(wiring.transceivers),
                    tr("not priced"), tr("not priced")))
    if not site.deskside and not site.rack_scale:
        bom.append((fill(tr("Racks (%1 U)"), str(supply.rack_units)), str(site.racks),
                    tr("not priced"), tr("not priced")))
    if not site.deskside:
        pdus = site.power_chain.pdus_total
        bom.append((tr("Rack PDUs (A and B feeds)"), tr("n/a") if pdus is None else
                    str(pdus + 2 * wiring.network_racks), tr("not priced"), tr("not priced")))
    if wiring.network_racks:
        bom.append((tr("Network racks (switches)"), str(wiring.network_racks), tr("not priced"),
                    tr("not priced")))
    if wiring.oob_switches and not site.deskside:
        bom.append((tr("Management switches, 48 × 1 GbE (out-of-band)"), str(wiring.oob_switches),
                    tr("not priced"), tr("not priced")))
    parts.append(_section(tr("Bill of materials"), _rows(bom, (tr("Item"), tr("Quantity"), tr("Unit price"),
                                                             tr("Total")))))

    node_kw = site.node_kw_nameplate
    facility = site.facilities
    parts.append(_section(tr("Per node"), _rows([
        (tr("Server"), translated(site.node)),
        (tr("Server figures: confidence"), confidence_text(site.node_confidence)),
        (tr("GPUs per node"), str(plan.cost.gpus_owned // max(site.nodes, 1))),  # the server's, used or not
        (tr("Height"), f"{site.rack_units_per_node} U"),
        (tr("Weight"), tr("n/a") if site.node_weight_kg is None else fmt.num(site.node_weight_kg) + " kg"),
        (tr("Power supplies"), _psu_text(site)),
        (tr("PSU inlet and cord (IEC 60320)"), facility.psu_coupler or tr("n/a")),
        (tr("Nameplate power (provision for this)"), fmt.num(node_kw, 2) + " kW" + _nameplate_note(site, node_kw)),
        # No metered serving run is published: a serving plan is drawn at the training draw (an upper bound).
        (tr("Expected draw under training") if plan.inference is None else
         tr("Expected draw (serving, taken at the training draw)"), fmt.num(site.node_kw_training, 2) + " kW"),
        (tr("Idle draw"), fmt.num(site.node_kw_idle, 2) + " kW"),
        (tr("Heat at nameplate"), tr("n/a") if node_kw is None else fmt.num(btu_per_hour(node_kw), 0) + " BTU/h"),
        (tr("Airflow"), tr("n/a") if site.airflow_m3_h_per_node is None else
         f"{fmt.num(site.airflow_m3_h_per_node, 0)} m³/h ({fmt.num(site.airflow_cfm_per_node, 0)} CFM)"),
        (tr("Scale-out network ports"), tr("none (single node)") if not site.scale_out_ports_per_node else
         fill(tr("%1 × %2 Gb/s"), str(site.scale_out_ports_per_node), fmt.num(site.port_gbps, 0))),
        # The CPU is its source's own text ("2x AMD EPYC 9454 (48 cores each)"): labelled as such in any language.
        (tr("CPU / memory"), f"{source_words(site.cpu) if site.cpu else tr('n/a')} / "
         + (tr("n/a") if site.system_memory_gb is None else f"{fmt.num(site.system_memory_gb, 0)} GB")),
    ])))

    if site.deskside:
        parts.append(_deskside_section(site, fmt))
        parts.append(_cost_section(plan, fmt))
        return parts

    rack_kw = site.kw_per_rack
    rack_rows = [
        (tr("Nodes per rack"), str(site.nodes_per_rack)), (tr("Racks"), str(site.racks)),
        (tr("Power per rack (nameplate)"), fmt.num(rack_kw) + " kW"),
        (tr("Site limit per rack"), fmt.num(supply.rack_kw_limit) + " kW"),
        (tr("Rack sizing limited by"), term(site.rack_limited_by)),
        (tr("Heat per rack"), fmt.num(site.heat_btu_h_per_rack, 0) + " BTU/h · "
         + (tr("n/a") if rack_kw is None else fmt.num(rack_kw / KW_PER_REFRIGERATION_TON, 2)) + " RT"),
        (tr("Cooling needed"), cooling_needed_text(site, fmt)),
        *cooling_rows(site, fmt),
        (tr("Rack weight (nodes)"), _rack_weight_text(site, fmt)),
        (tr("Floor loading"), _floor_text(facility, fmt)),
        (tr("Airflow per rack"), tr("n/a") if facility.airflow_m3_h_per_rack is None else
         fill(tr("%1 m³/h (%2 CFM) at a %3 °C rise"), fmt.num(facility.airflow_m3_h_per_rack, 0),
              fmt.num(facility.airflow_m3_h_per_rack / M3H_PER_CFM, 0),
              fmt.num(supply.airflow_delta_t_c, 0))),
        (tr("Inlet air"), fill(tr("%1-%2 °C recommended (ASHRAE TC 9.9); the node's allowed range is in its "
                                  "datasheet"), *[fmt.num(v, 0) for v in facility.inlet_c_recommended])),
    ]
    note = cooling_note(site, fmt)
    note_html = f"<p class='note'>{escape(note)}</p>" if note else ""
    if site.rack_scale:  # the system is its own rack: nothing to place it in, no elevation to draw
        rack_rows.insert(0, (tr("Rack"), fill(tr("the system is a whole %1 U rack, delivered integrated with its "
                                                 "own power shelves and manifolds: no rack to provide"),
                                              str(site.rack_units_per_node))))
        parts.append(_section(tr("Per rack (cabinet power)"), _rows(rack_rows) + note_html, new_page=True))
    else:
        parts.append(_section(tr("Per rack (cabinet power)"),
                             "<table width='100%'><tr><td width='68%' valign='top'>" + _rows(rack_rows)
                             + "</td><td valign='top' align='center'><img src='rack.png' width='185'></td></tr>"
                               "</table>" + note_html, new_page=True))

    parts.append(feeds_section(site, fmt))

    parts.append(_section(tr("Cluster"), _rows([
        (tr("Nodes / racks"), f"{site.nodes} / {site.racks}"),
        (tr("IT power, expected"), fmt.num(site.it_kw_expected) + " kW"),
        (tr("IT power at nameplate"), fmt.num(site.it_kw_nameplate) + " kW"),
        (tr("Facility power with PUE"), fmt.num(site.facility_kw_expected) + " kW"),
        (tr("Energy per year (IT: busy at the utilisation, idle the rest)"),
         fmt.num(cost.it_mwh_per_year, 0) + " MWh"),
        (tr("Electricity per year (that energy × PUE × price)"), fmt.money(cost.electricity_per_year)),
        (tr("Cooling load"), cooling_load_text(site, fmt)),
        (tr("Switches"), fill(tr("%1 leaf + %2 spine + %3 core (%4)"), switches.leaf, switches.spine,
                              switches.core, term(switches.note))),
        (tr("Cables"), fill(tr("%1 node-to-leaf, %2 switch-to-switch"), site.cables.node_to_leaf,
                            site.cables.switch_to_switch)),
        *_network_rows(site, fmt),
    ]) + ("<p align='center'><img src='network-rack.png' width='230'></p>"
          if site.cabling.network_racks else "")))

    parts.append(_cost_section(plan, fmt))
    return parts


def _bought_where(plan: Plan) -> list[tuple[str, str]]:
    """Under a regional filter, why an owned plan's GPU can be bought there, with the rule's source and date (the
    buyer orders from this sheet); nothing for a rental or a plan for any region."""
    where = plan.availability
    if where.region == "global" or not plan.owned:
        return []
    return [(tr("Export rules"), fill(tr("bought in %1: %2 (%3; %4)"), translated(REGION_WORDS[where.region]),
                                      translated(where.reason), source_words(where.source), where.as_of))]


def _nameplate_note(site: SiteBlock, node_kw: float | None) -> str:
    """How a node's nameplate was had where no datasheet gives it: for its class where no catalog server holds the
    GPU, else from its GPUs where the server publishes no maximum."""
    if node_kw is None or not any(d.startswith("nameplate") for d in site.derived):
        return ""
    if site.node_spec.generic:
        return " — " + tr("derived for its class: the catalog has no server for this GPU; ask a vendor for a server "
                          "and its figure")
    if site.node_spec.tower:
        return " — " + tr("derived for its class (a tower workstation): ask its vendor for its figure")
    return " — " + tr("estimated from the GPUs' TDP: the server's maximum power is not published; ask the vendor")


def _cost_section(plan: Plan, fmt: _Formatter) -> str:
    cost = plan.cost
    return _section(fill(tr("Cost (%1)"), currency_name(fmt.currency)), _rows([
        (tr("Capex"), fmt.money(cost.capex)), (tr("Purchase price: confidence, date"), price_basis_text(plan)),
        *([(tr("Purchase price source"), cited)] if (cited := purchase_price_source(plan)) else []),
        (tr("Opex per year"), fmt.money(cost.opex_per_year)),
        (fill(tr("TCO over %1 years"), fmt.num(cost.years, 0)), fmt.money(cost.tco)),
        (tr("Owned cost per GPU-hour"), fmt.money(cost.owned_per_gpu_hour, 2)),
        (tr("Cloud on demand per GPU-hour"), fmt.money(cost.cloud_on_demand_per_gpu_hour, 2)),
        (tr("Cloud reserved / spot per GPU-hour"), _tiers_text(cost, fmt)),
        (tr("Break-even utilisation against on-demand"), tr("n/a") if cost.break_even_utilization is None
         else fmt.num(cost.break_even_utilization * 100, 0) + " %"),
        (tr("Payback"), tr("n/a") if cost.payback_months is None or not math.isfinite(cost.payback_months)
         else fmt.num(cost.payback_months, 0) + " " + tr("months")),
    ]) + "<p class='note'>" + escape(" ".join(translated(n) for n in cost.notes)) + "</p>")


def _deskside_section(site: SiteBlock, fmt: _Formatter) -> str:
    """A single tower workstation: what the room and its wall circuit must provide, no rack or A/B feeds."""
    node_kw = site.node_kw_nameplate
    wall, outlet, on_it = wall_circuit_rows(site)
    return _section(tr("At the desk (one workstation, no rack)"), _rows([
        wall, outlet,
        (tr("Nameplate power"), tr("n/a") if node_kw is None else fmt.num(node_kw, 2) + " kW"),
        on_it,
        (tr("Heat into the room"), tr("n/a") if node_kw is None else fmt.num(btu_per_hour(node_kw), 0) + " BTU/h"),
        (tr("Noise"), tr("n/a (not published for this chassis)")),
        (tr("Rack, PDUs and feeds"), tr("none needed: a tower on the floor or a desk")),
    ]))


def _checks_before_ordering(plan: Plan) -> list[str]:
    """Facilities figures the catalog lacks for this plan: each must come from the vendor before the order."""
    site = plan.site
    facility = site.facilities
    missing = [(site.node_weight_kg is None, tr("node weight (rack and floor loading)")),
               (site.node_kw_nameplate is None, tr("nameplate power (circuits, PDUs, cooling)")),
               (not facility.psus_per_node, tr("power supplies: count, watts, redundancy and inlets"))]
    node = translated(site.node)
    return [fill(tr("Not in the catalog for %1: %2. Ask the vendor."), node, text) for gap, text in missing if gap]


def _network_rows(site: SiteBlock, fmt: _Formatter) -> list[tuple[str, str]]:
    """Where the switches go, how long the runs are and what carries them, and the management network."""
    wiring = site.cabling
    rows = []
    if wiring.network_racks:
        switches = site.switches.leaf + site.switches.spine + site.switches.core
        rows.append((tr("Switch racks"), fill(tr("network racks: %1, in the middle of the row; switches in them: "
                                                  "%2 (1U each)"), str(wiring.network_racks), str(switches))))
    for label, length, link, cables, optics in (
            (tr("Node-to-leaf runs (estimated)"), wiring.node_to_leaf_m, wiring.node_link,
             site.cables.node_to_leaf, wiring.node_link_transceivers),
            (tr("Leaf-to-spine runs (estimated)"), wiring.leaf_to_spine_m, wiring.switch_link,
             site.cables.switch_to_switch, wiring.switch_link_transceivers)):
        if length:
            rows.append((label, fill(tr("%1 cables up to %2 m: %3, %4 transceivers"), str(cables), fmt.num(length),
                                     term(str(link)), str(optics))))
    if wiring.twin_port and wiring.transceivers:
        rows.append((tr("Transceiver types"), tr("twin-port OSFP (2 × 400 Gb/s) in the switches, one for two links; "
                                                 "single-port OSFP 400 Gb/s at each node NIC")
                     if wiring.node_ports_per_cage < 2 else
                     tr("twin-port OSFP (2 × 400 Gb/s), one for two links, in the switches and in the nodes' "
                        "OSFP cages (each serves two single-port NICs)")))
    if wiring.oob_ports:
        rows.append((tr("Out-of-band management"), fill(tr("%1 BMC ports (1 GbE) on %2 management switches"),
                                                         str(wiring.oob_ports), str(wiring.oob_switches))))
    if rows:
        rows.append((tr("Cable assumption"), tr("racks in one row, 2 m at each end for the vertical run and a service "
                                                "loop; passive copper to 3 m, multimode to 50 m, then single-mode")))
    return rows


def _what_is_had(plan: Plan) -> str:
    """The server bought, or the instances rented and from whom (a rented plan buys no server)."""
    offer = plan.cost.cloud_offer
    if plan.owned or offer is None:
        return translated(plan.site.node)
    return fill(tr("%1 × %2 from %3"), str(offer.instances), offer.instance, offer.provider)


def _tiers_text(cost: CostSummary, fmt: _Formatter) -> str:
    """Reserved and spot per GPU-hour, each marked when it is a planning estimate rather than a published rate."""
    def one(value: float | None, estimated: bool) -> str:
        text = fmt.money(value, 2)
        return fill(tr("%1 (estimate)"), text) if value is not None and estimated else text
    return one(cost.cloud_reserved_per_gpu_hour, cost.cloud_reserved_estimated) + " / " + one(
        cost.cloud_spot_per_gpu_hour, cost.cloud_spot_estimated)


def _rack_weight_text(site: SiteBlock, fmt: _Formatter) -> str:
    """The nodes' weight in one rack, against the rack's rated load where the user gave one (an unknown weight is
    said to be unknown against it, never taken to fit)."""
    limit = site.supply.rack_max_kg
    if site.rack_weight_kg is None:
        return tr("n/a") if limit is None else fill(tr("unknown (the server's weight is not in the catalog): cannot "
                                                       "be checked against the rack's %1 kg"), fmt.num(limit, 0))
    text = fmt.num(site.rack_weight_kg, 0) + " kg"
    return text if limit is None else text + " " + fill(tr("(the rack holds %1 kg)"), fmt.num(limit, 0))


def _floor_text(facility: FacilitiesBlock, fmt: _Formatter) -> str:
    """The loaded rack over its footprint, what it includes, and the floor's rating where the user gave one."""
    if facility.floor_kg_m2 is None:
        return tr("n/a")
    text = fill(tr("%1 kg/m² over a %2 × %3 mm rack"), fmt.num(facility.floor_kg_m2, 0),
                *[str(v) for v in facility.rack_footprint_mm])
    if not facility.floor_includes_rack:
        text += "; " + tr("nodes only: the empty rack, PDUs and cables are not included (give the rack's weight)")
    if facility.floor_rating_kg_m2 is not None:
        text += "; " + fill(tr("floor rated %1 kg/m²"), fmt.num(facility.floor_rating_kg_m2, 0))
    return text


def _psu_text(site: SiteBlock) -> str:
    """A node's supplies in the reader's language, or as the server's datasheet words them where no count or rating
    is known."""
    facility = site.facilities
    return supply_cell(facility.psus_per_node, facility.psu_watts, facility.psu_redundancy, site.psu) or tr("n/a")


def _rental_sections(plan: Plan, fmt: _Formatter) -> list[str]:
    """A rented plan: who rents it, at what price and date, what the job costs; nothing to install on site."""
    cost, offer = plan.cost, plan.cost.cloud_offer
    provider, instance, region, source = ((offer.provider, offer.instance, offer.region, offer.source) if offer
                                          else ("", "", "", ""))
    per_gpu_hour = cost.cloud_on_demand_per_gpu_hour
    gpus = cost.gpus_rented or plan.count
    hourly = None if per_gpu_hour is None else per_gpu_hour * gpus
    training = plan.training
    rows = [
        (tr("Provider"), provider or tr("n/a")),
        (tr("Instances"), fill(tr("%1 × %2"), str(cost.cloud_offer.instances), instance) if cost.cloud_offer
         else tr("n/a")),
        (tr("Region"), translated(offer_region(region)) if offer else tr("n/a")),
        (tr("Rental price: confidence, date"), price_basis_text(plan)),
        (tr("On demand per GPU-hour"), fmt.money(per_gpu_hour, 2)),
        (tr("On demand per hour, all GPUs"), fmt.money(hourly, 2)),
        (tr("On demand per month (730 h)"), fmt.money(None if hourly is None else hourly * HOURS_PER_MONTH)),
        (tr("Reserved / spot per GPU-hour"), _tiers_text(cost, fmt)),
    ]
    if training:
        rows += [(tr("This job on demand"), fmt.money(cost.run_cost_cloud_on_demand)),
                 (tr("This job on spot (with restarts to plan for)"), fmt.money(cost.run_cost_cloud_spot))]
    else:
        rows.append((tr("Per million output tokens"), fmt.money(cost.per_million_tokens_cloud, 2)))
    source = "<p class='note'>" + escape(fill(tr("Price source: %1"), price_source_words(source) or tr("n/a"))) + "</p>"
    return [_section(fill(tr("Rental (%1)"), currency_name(fmt.currency)), _rows(rows) + source),
            _section(tr("Facilities"), "<p>" + escape(tr("Rented in the provider's data centre: no racks, power, "
                                                         "cooling or network are needed on your site.")) + "</p>")]


def build_document(plan: Plan, options: SheetOptions, catalog_date: str = "",
                   result: PlanResult | None = None) -> QTextDocument:
    """The sheet for `plan`; with the `result` it came from, also the chart of every plan it was chosen against.
    A sheet whose site claims its own figures contradict is refused (SheetCheckError), never drawn."""
    if plan.owned and (problems := sheet_problems(plan.site)):
        raise SheetCheckError("; ".join(problems))
    family = report_font_family()
    fmt = _Formatter(plan.cost.currency)
    site, cost, memory = plan.site, plan.cost, plan.memory
    supply = site.supply
    document = QTextDocument()
    document.setUndoRedoEnabled(False)  # a sheet is never edited; render's page-break moves need no history
    document.setDefaultFont(QFont(family, 9))
    document.setDefaultStyleSheet(
        "h1 { font-size: 16pt; color: #1f3b57; } h2 { font-size: 12pt; color: #1f3b57; margin-top: 10px; }"
        " table.grid { border-collapse: collapse; } table.grid td, table.grid th { border: 1px solid #999; }"
        " th { background: #e9eef3; } .note { color: #555; font-size: 8pt; } .warn { color: #8a3b12; }")

    nodes_in_rack = min(site.nodes_per_rack, site.nodes)
    rack_image = rack_elevation(RackContents(
        rack_units=supply.rack_units, node_units=int(site.rack_units_per_node),
        nodes=nodes_in_rack, reserved_units=supply.reserved_units,
        node_label=tr("Node"), switch_label=tr("Management switch"), cable_label=tr("Cable management"),
        free_label=tr("Free"), pdu_label=tr("PDU"),
        title=fill(tr("Rack elevation (front), one of %1"), str(site.racks))), family)
    document.addResource(QTextDocument.ResourceType.ImageResource, QUrl("rack.png"), rack_image)
    wiring = site.cabling
    switches = site.switches.leaf + site.switches.spine + site.switches.core
    if wiring.network_racks:
        network_image = rack_elevation(RackContents(
            rack_units=supply.rack_units, node_units=1,
            nodes=min(switches, SWITCHES_PER_NETWORK_RACK), reserved_units=supply.reserved_units,
            node_label=tr("Switch"), switch_label=tr("Management switch"), cable_label=tr("Cable management"),
            free_label=tr("Free (patch panels)"), pdu_label=tr("PDU"),
            title=fill(tr("Network rack (front), one of %1"), str(wiring.network_racks))), family)
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl("network-rack.png"), network_image)
    parts = [(tr("Weights"), memory.weights), (tr("Gradients"), memory.gradients),
             (tr("Optimizer"), memory.optimizer), (tr("Activations"), memory.activations),
             (tr("KV cache"), memory.kv_cache), (tr("Overhead"), memory.overhead)]
    memory_image = memory_bar([p for p in parts if p[1] > 0.005], memory.capacity,
                              fill(tr("Memory per GPU (GiB); dashed line: capacity %1 GiB"),
                                   fmt.num(memory.capacity, 0)), family)
    document.addResource(QTextDocument.ResourceType.ImageResource, QUrl("memory.png"), memory_image)

    chart = _cost_chart(plan, result)
    if chart is not None:
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl("cost-time.png"),
                             cost_time_chart(chart, family))

    owned = plan.owned
    date = options.date or _dt.date.today().isoformat()
    title = escape(options.project) if options.project else escape(tr("GPU cluster plan"))
    html = [f"<h1>{title}</h1>",
            "<p>" + escape(tr("Power and room specification for one deskside workstation") if site.deskside
                           else tr("Rack and power specification for the data-center team") if owned
                           else tr("Rental plan: what to rent, where, and what it costs")) + " · "
            + escape(date) + "</p>"]
    html.append(_rows([
        (tr("Scenario"), _scenario_summary(plan)),
        (tr("Recommended"), f"{plan.count} × {translated(plan.gpu_name)} — {_what_is_had(plan)}" + (
            "" if not owned or plan.cost.gpus_owned <= plan.count
            else " " + fill(tr("(%1 GPUs bought, %2 idle during this job)"), plan.cost.gpus_owned,
                            plan.cost.gpus_owned - plan.count))),
        (tr("Deployment"), tr("bought (on-premises)") if owned else tr("rented (cloud)")),
        *_bought_where(plan),
        (tr("Parallel layout"), plan_layout(plan)),
        (tr("Precision"), precision_text(plan)),
        *([(tr("Software stack"), fill(tr("%1 (searched: %2)"), stack_profile_text(plan.estimate.stack.name),
                                       tr("; ").join(knob_words().get(knob, knob)
                                                     for knob in plan.estimate.stack.searched) or "—"))]
          if plan.estimate.stack else []),
        (tr("Catalog data as of"), catalog_date or tr("n/a")),
        *([(tr("Key assumptions"), fill(tr("PUE %1; expected draw %2 kW per node (metered MLPerf H100 node scaled "
                                           "by GPU TDP); utilisation %3 %"), fmt.num(supply.pue, 2),
                                        fmt.num(site.node_kw_training), fmt.num(cost.utilization * 100, 0)))]
          if owned else []),
    ]))

    html += _owned_sections(plan, fmt) if owned else _rental_sections(plan, fmt)

    perf: list[tuple[str, str]] = []
    if plan.training:
        t = plan.training
        perf = [(tr("Step time"), fmt.num(t.step_time_s, 2) + " s"),
                (tr("Uncertainty"), band_text(t.uncertainty_pct, t.uncertainty_coverage, t.uncertainty_basis,
                                              QCoreApplication.translate, fmt.num)),
                (tr("Throughput"), fmt.num(t.images_per_s, 0) + " " + tr("images/s") if t.images_per_s
                 and not t.tokens_per_s else fmt.num(t.tokens_per_s, 0) + " " + tr("tokens/s")),
                (tr("MFU"), fmt.num(t.mfu * 100, 1) + " %"),
                (tr("Training time"), duration_text(t.days, QCoreApplication.translate, fmt.num)),
                *([(tr("Goodput"), fill(tr("%1 % of the wall-clock time trains (%2 days of steps; interruptions "
                                          "expected: %3; a checkpoint every %4 min)"),
                                       fmt.num(t.goodput.useful_share * 100, 1), fmt.num(t.compute_days, 1),
                                       expected_count(t.goodput.expected_interruptions),
                                       fmt.num(t.goodput.checkpoint_interval_min, 0)))] if t.goodput else []),
                (tr("GPU-hours"), fmt.num(t.gpu_hours, 0))]
    if plan.inference:
        s = plan.inference
        perf = [(tr("Time to first token"), fmt.num(s.ttft_s * 1000, 0) + " ms"),
                (tr("Time per output token"), fmt.num(s.tpot_s * 1000, 1) + " ms"),
                (tr("Output tokens/s"), fmt.num(s.output_tokens_per_s, 0)),
                (tr("Uncertainty"), band_text(s.uncertainty_pct, s.uncertainty_coverage, s.uncertainty_basis,
                                              QCoreApplication.translate, fmt.num))]
    calibrated = calibration_text(plan.estimate.calibration, QCoreApplication.translate)
    if calibrated:
        perf.append((tr("Calibration"), calibrated))
    html.append(_section(tr("Performance estimate"), "<p><img src='memory.png' width='520'></p>" + _rows(perf)))
    html.append(rl_section(plan, fmt))
    html.append(storage_section(plan, fmt))
    if chart is not None:
        evaluated = (tr("1 plan evaluated") if len(chart.points) == 1
                     else fill(tr("%1 plans evaluated"), str(len(chart.points))))
        unpriced = 0 if result is None else result.evaluated - len(chart.points)
        if unpriced > 0 and result is not None:  # plans without a price have no place on a cost axis
            evaluated = fill(tr("%1 plans evaluated, %2 drawn (the other %3 have no price)"), str(result.evaluated),
                             str(len(chart.points)), str(unpriced))
        key = tr("filled: keeps every limit and goal, cross: a near miss; dashed: the deadline and the budget.")
        html.append(_section(tr("Plans this one was chosen against"),
                             "<p><img src='cost-time.png' width='520'></p><p class='note'>"
                             + escape(fill(tr("%1; %2"), evaluated, key)) + "</p>"))
    # The price notes are printed under Cost already: each note once.
    warnings = [w for w in plan.warnings if not (owned and w in cost.notes)]
    checks = _checks_before_ordering(plan) if owned else []
    if checks:
        html.append(_section(tr("Check before ordering"), "<ul>" + "".join(
            f"<li class='warn'>{escape(c)}</li>" for c in checks) + "</ul>"))
    if warnings:
        html.append(_section(tr("Warnings"), "<ul>" + "".join(f"<li class='warn'>{escape(translated(w))}</li>"
                                                              for w in warnings) + "</ul>"))
    document.setHtml("".join(html))
    return document


def _cost_chart(plan: Plan, result: PlanResult | None) -> CostChart | None:
    """Cost against days (serving: cost per million tokens against speed per user) of every plan evaluated."""
    if not result or not result.points:
        return None
    serving = plan.inference is not None
    def xy(p: ChartPoint) -> tuple[float, float]:
        return ((p.tokens_per_s_per_user or 0.0, p.per_million_tokens or 0.0) if serving
                else (p.days or 0.0, p.cost or 0.0))  # no price: not drawn

    drawn = [p for p in result.points if min(xy(p)) > 0]
    if not drawn:
        return None
    points = tuple(CostPoint(*xy(p), p.deployment == Deployment.ON_PREM, p.meets) for p in drawn)
    chosen = next(((point.x, point.y) for point, p in zip(points, drawn, strict=True)
                   if (p.gpu, p.count, p.deployment) == (plan.gpu, plan.count, plan.deployment)),
                  None)
    limits = result.limits
    currency = plan.cost.currency
    return CostChart(
        points=points, chosen=chosen, x_limit=None if serving else limits.deadline_days,
        y_limit=None if serving else limits.budget,
        title=tr("Cost per million output tokens vs speed per user") if serving else tr("Cost vs time to result"),
        x_label=tr("output tokens/s per user") if serving else tr("days"),
        y_label=fill(tr("%1 per million tokens"), currency_name(currency)) if serving
        else fill(tr("cost (%1)"), currency_name(currency)),
        legend=(tr("bought"), tr("rented"), tr("near miss"), tr("this plan")))


HOURS_PER_MONTH = 730.0  # 8,760 h a year / 12, as cloud price pages quote monthly


def write_pdf(path: str, plan: Plan, options: SheetOptions,
              catalog_date: str = "", result: PlanResult | None = None) -> int:
    """Write the sheet to `path` whole or not at all: drawn in memory, checked to be a complete PDF of as many pages
    as were drawn, then written and read back before it replaces the old file (safe_write.replace_file). Returns
    the page count; OSError when it could not be written (the old file is then unchanged)."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(300)
    writer.setTitle(options.project or tr("GPU Planner spec sheet"))
    writer.setCreator(f"GPU Planner {__version__}")
    writer.setPageLayout(sheet_page_layout(options.page_size))
    pages = render(build_document(plan, options, catalog_date, result), writer)
    del writer  # the painter has ended: the PDF is complete in the buffer
    replace_file(path, bytes(buffer.data().data()), lambda written: pdf_problem(written, pages))
    return pages


PAGE_TREE_NODE = re.compile(rb"/Type\s*/Pages\b")
PAGE_COUNT = re.compile(rb"/Count\s+(\d+)")


def pdf_problem(data: bytes, pages: int) -> str | None:
    """What makes `data` not a complete PDF of `pages` pages (None: nothing): its header (%PDF-), its end-of-file
    marker (%%EOF, ISO 32000-1 7.5.5) and its page tree's page count (the root /Pages node's /Count, the largest,
    ISO 32000-1 7.7.3.2)."""
    if not data.startswith(b"%PDF-"):
        return "no %PDF- header"
    if not data.rstrip().endswith(b"%%EOF"):
        return "no %%EOF end-of-file marker"
    counts = []
    for node in PAGE_TREE_NODE.finditer(data):  # each page tree node's object, from its "obj" to its "endobj"
        start, end = data.rfind(b"obj", 0, node.start()), data.find(b"endobj", node.end())
        counts += [int(count) for count in PAGE_COUNT.findall(data, max(start, 0), end if end >= 0 else len(data))]
    found = max(counts, default=None)
    if found != pages:
        return f"{found} pages in the file, {pages} drawn"
    return None
