"""A plan's site block: racks, feeds, circuits, cooling and cabling of the owned hardware, in the result's shape."""

from __future__ import annotations

from gpuplanner.core.messages import Message, msg
from gpuplanner.core.plan_settings import RACK_TRAINING_GPUS
from gpuplanner.core.results import (
    Cables,
    CablingBlock,
    FacilitiesBlock,
    SiteBlock,
    SupplyBlock,
    Switches,
)
from gpuplanner.core.site import (
    ASHRAE_RECOMMENDED_INLET_C,
    PowerAssumptions,
    SiteLimits,
    SitePlan,
    cabling,
    facilities,
)


def idle_gpus_note(used: int, bought: int, nodes: int, per_node: int) -> Message:
    """A training plan that runs on fewer GPUs than the whole servers it buys says so, and why that can pay."""
    if RACK_TRAINING_GPUS.get(per_node) is not None and used == nodes * RACK_TRAINING_GPUS[per_node]:
        return msg("Trains on {used:,} of the {bought:,} GPUs bought: {in_rack} of each rack's {per_node}, as NVIDIA's "
                   "own NVL72 training runs do, the other {spare} of each rack spare for a failed tray.", used=used,
                   bought=bought, in_rack=RACK_TRAINING_GPUS[per_node], per_node=per_node,
                   spare=per_node - RACK_TRAINING_GPUS[per_node])
    return msg("Trains on {used:,} of the {bought:,} GPUs bought ({nodes:,} x {per_node}): the other {idle:,} stay "
               "idle during this job.", used=used, bought=bought, nodes=nodes, per_node=per_node, idle=bought - used)


def site_block(site: SitePlan, limits: SiteLimits, power: PowerAssumptions) -> SiteBlock:
    """What an owned plan asks of the data centre, for the sheet and the JSON."""
    fabric = site.fabric
    extra = facilities(site, limits)
    wiring = cabling(site, limits)
    supply = limits.supply
    return SiteBlock(
        node=site.node.name, node_source=site.node.source, derived=tuple(site.node.derived),
        node_confidence=site.node.confidence,
        deskside=site.node.tower and site.nodes == 1,
        rack_units_per_node=site.node.rack_units, node_weight_kg=site.node.weight_kg,
        node_kw_nameplate=site.node_kw_nameplate, node_kw_training=site.node_kw_training,
        node_kw_idle=site.node_kw_idle, nodes=site.nodes, nodes_per_rack=site.nodes_per_rack,
        racks=site.racks, kw_per_rack=site.rack_kw_nameplate, rack_limited_by=site.limited_by,
        cooling_ok=site.cooling_ok, cooling_needed=site.cooling_needed,
        circuits_per_feed=site.circuits_per_feed, circuit_kw=site.circuit_kw,
        it_kw_expected=site.it_kw_expected, facility_kw_expected=site.facility_kw_expected,
        heat_btu_h_per_rack=site.heat_btu_h_per_rack, refrigeration_tons=site.refrigeration_tons_total,
        airflow_m3_h_per_node=site.airflow_m3_h_per_node, airflow_cfm_per_node=site.airflow_cfm_per_node,
        rack_weight_kg=site.rack_weight_kg, power_chain=site.power, heat_limit_kw=site.heat_limit_kw,
        server_cooling=site.node.cooled_by, rack_scale=site.node.rack_scale,
        coolant_l_min_per_rack=site.coolant_l_min_per_rack,
        psu=site.node.psu, cpu=site.node.cpu, system_memory_gb=site.node.system_memory_gb,
        networking=site.node.networking, node_price_usd=site.node.price_usd,
        switches=Switches(leaf=fabric.leaf_switches, spine=fabric.spine_switches, core=fabric.core_switches,
                          radix=fabric.switch_radix, note=fabric.note),
        cables=Cables(node_to_leaf=fabric.node_cables, switch_to_switch=fabric.switch_cables),
        scale_out_ports_per_node=fabric.ports_per_node, port_gbps=fabric.port_gbps,
        facilities=FacilitiesBlock(
            phase_amps=None if extra.phase_amps is None else tuple(extra.phase_amps), feed_plug=extra.feed_plug,
            psu_coupler=extra.psu_coupler, psus_per_node=extra.psus_per_node, psu_watts=extra.psu_watts,
            psu_redundancy=extra.psu_redundancy, outlets_per_pdu=extra.outlets_per_pdu, pdu_kw=extra.pdu_kw,
            airflow_m3_h_per_rack=extra.airflow_m3_h_per_rack, floor_kg_m2=extra.floor_kg_m2,
            floor_includes_rack=extra.floor_includes_rack, floor_rating_kg_m2=limits.floor_kg_m2,
            rack_footprint_mm=(round(limits.rack_footprint_m[0] * 1000), round(limits.rack_footprint_m[1] * 1000)),
            inlet_c_recommended=ASHRAE_RECOMMENDED_INLET_C),
        cabling=CablingBlock(
            network_racks=wiring.network_racks, node_to_leaf_m=wiring.node_to_leaf_m,
            leaf_to_spine_m=wiring.leaf_to_spine_m, node_link=wiring.node_link, switch_link=wiring.switch_link,
            transceivers=wiring.transceivers, node_link_transceivers=wiring.node_link_transceivers,
            switch_link_transceivers=wiring.switch_link_transceivers, twin_port=wiring.twin_port,
            oob_ports=wiring.oob_ports, oob_switches=wiring.oob_switches),
        supply=SupplyBlock(
            voltage=supply.voltage, phase=supply.phase, amps=supply.amps, derating=supply.derating,
            line_to_line=supply.line_to_line, power_factor=supply.power_factor,
            china_cabinet_amps=limits.china_cabinet_amps, feed_voltage=limits.feed.voltage,
            feed_phase=limits.feed.phase, feed_amps=limits.feed.amps, cooling_limit_kw=limits.cooling_limit_kw,
            coolant_delta_t_c=limits.coolant_delta_t_c,
            rack_kw_limit=limits.usable_rack_kw, rack_units=limits.rack_units,
            reserved_units=limits.reserved_units, cooling=limits.cooling.value, pue=power.pue,
            airflow_delta_t_c=limits.airflow_delta_t_c),
    )
