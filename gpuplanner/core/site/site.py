"""What the data center must provide: node power, racks, cooling, circuits per A/B feed, heat, airflow,
weight and the scale-out fabric. Pure arithmetic over a node description; every factor is a named, editable
assumption with its source."""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import field
from enum import StrEnum

from gpuplanner.core.base.kept import KeptByIdentity
from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.base.records import NOT_EXPORTED, record
from gpuplanner.core.site.power_chain import NORTH_AMERICA_VOLTS, PowerChain, is_north_american, power_chain

WATTS_PER_BTU_H = 1.0 / 3.412142  # 1 W = 3.412142 BTU/h (NIST SP 811)
KW_PER_REFRIGERATION_TON = 3.516853  # 1 RT = 12,000 BTU/h
AIR_DENSITY_KG_M3 = 1.2  # at 20 °C, sea level
AIR_HEAT_CAPACITY_J_KG_K = 1005.0
M3H_PER_CFM = 1.699011
CHINA_IDC_CABINET_AMPS = (10, 13, 16, 20, 32, 40)  # cabinets sold by current at 220 V
CHINA_IDC_VOLTAGE = 220.0
RACK_FOOTPRINT_M = (0.6, 1.2)  # width x depth of a common 600 x 1200 mm AI rack (editable in the site)


@record
class Switches:
    leaf: int
    spine: int
    core: int
    radix: int
    note: str


@record
class Cables:
    node_to_leaf: int
    switch_to_switch: int


@record
class FacilitiesBlock:
    """Electrical and floor figures for one rack, from the node's catalog figures and the site's feed."""
    # The busiest circuit's current on each of its lines while one feed carries the rack: the circuit plan's
    # figure (power_chain.CircuitPlan.line_amps), the one the sheet prints
    phase_amps: tuple[float, ...] | None
    phase_lines: tuple[str, ...]  # the conductors those currents are on: L1/L2/L3, L1/L2 (208 V), or L
    feed_plug: Message  # the connector of one rack feed; a deskside workstation's: the desk outlet it plugs into
    psu_coupler: str | None  # IEC 60320 inlet / cord connector of one PSU, from its rating
    psus_per_node: int | None
    psu_watts: float | None
    psu_redundancy: str
    outlets_per_pdu: int | None  # half the rack's PSU cords go to each of the A and B PDUs
    pdu_kw: float  # what one rack PDU (one feed) must carry: the rack's nameplate, or the circuit's capacity
    airflow_m3_h_per_rack: float | None
    floor_kg_m2: float | None  # the loaded rack's weight over its footprint (None: the nodes' weight unknown)
    floor_includes_rack: bool  # the empty rack's weight is in floor_kg_m2
    floor_rating_kg_m2: float | None  # the site's floor rating, where given
    rack_footprint_mm: tuple[int, int]
    inlet_c_recommended: tuple[float, float]


@record
class CablingBlock:
    network_racks: int
    node_to_leaf_m: float | None  # the longest run, racks in one row with the network rack in the middle
    leaf_to_spine_m: float | None
    node_link: str  # copper / multimode / single-mode, by that length
    switch_link: str
    transceivers: int
    node_link_transceivers: int  # one at each end of an optical link; a twin-port switch one serves two links
    switch_link_transceivers: int
    twin_port: bool  # 400G switch ports in twin-port OSFP cages: one switch transceiver serves two links
    node_ports_per_cage: int  # 2: the node's NIC ports sit in twin-port OSFP cages, one transceiver for two
    oob_ports: int  # BMC of every node and every switch
    oob_switches: int


@record
class SupplyBlock:
    """The user's site, as the plan was sized for it."""
    voltage: float
    phase: int
    amps: float
    derating: float
    line_to_line: bool
    power_factor: float  # of the supplies: the currents, circuit capacities and breaker checks all use it
    china_cabinet_amps: float | None
    feed_voltage: float  # the circuit that feeds a rack (a cabinet's: 220 V single-phase)
    feed_phase: int
    feed_amps: float
    cooling_limit_kw: float  # what the site's cooling removes per rack (the tier's default unless set)
    coolant_delta_t_c: float
    rack_kw_limit: float
    rack_units: int
    reserved_units: int
    cooling: str
    pue: float
    airflow_delta_t_c: float  # the air temperature rise the airflow is sized for
    rack_max_kg: float | None  # the rack's rated load, where given
    region: str  # where the site is: the desk outlet of a workstation


@record
class SiteBlock:
    """What an owned plan asks of the data centre, sized in one pass (core.site.site.plan_site): the server, its racks,
    power, cooling, network and facilities."""
    node: str
    node_source: str
    derived: tuple[str, ...]
    node_confidence: str  # how far the server's figures can be trusted (datasheet, vendor, secondary, estimate)
    node_generic: bool  # no catalog server holds the GPU: a generic chassis of its class stands in (NodeSpec.generic)
    deskside: bool
    rack_units_per_node: int
    node_weight_kg: float | None
    node_kw_nameplate: float | None
    node_kw_training: float | None
    node_kw_idle: float | None
    nodes: int
    nodes_per_rack: int
    racks: int
    kw_per_rack: float | None
    rack_limited_by: str
    cooling_ok: bool
    cooling_needed: str
    circuits_per_feed: int | None
    circuit_kw: float
    it_kw_expected: float | None  # the job's expected draw (busy GPUs at the metered training draw, the rest idle)
    facility_kw_expected: float | None
    heat_btu_h_per_rack: float | None
    refrigeration_tons: float | None  # cooling load at the expected draw (what the job puts out)
    it_kw_nameplate: float | None  # every node at its nameplate: what chillers, like circuits and UPS, are sized for
    refrigeration_tons_nameplate: float | None  # cooling load at nameplate
    airflow_m3_h_per_node: float | None
    airflow_cfm_per_node: float | None
    rack_weight_kg: float | None
    power_chain: PowerChain
    heat_limit_kw: float  # what the site removes per rack for this server's cooling type
    server_cooling: str  # air | liquid
    rack_scale: bool  # the server is a whole rack (NVL72)
    coolant_l_min_per_rack: float | None
    psu: str
    cpu: str
    system_memory_gb: float | None
    networking: str
    node_price_usd: float | None
    switches: Switches
    cables: Cables
    scale_out_ports_per_node: int
    port_gbps: float
    facilities: FacilitiesBlock
    cabling: CablingBlock
    supply: SupplyBlock
    node_spec: NodeSpec = field(metadata=NOT_EXPORTED)  # the server it was sized for (its name is `node`)
    fabric: FabricPlan = field(metadata=NOT_EXPORTED)  # what switches and cables summarise
    warnings: tuple[Message, ...] = field(default=(), metadata=NOT_EXPORTED)  # the plan's, when bought


class Cooling(StrEnum):
    AIR = "air"
    REAR_DOOR = "rear-door"
    COLD_PLATE = "cold-plate"
    IMMERSION = "immersion"


# Planning ceilings in kW per rack for each cooling tier, the defaults of constraints.site.cooling_kw_per_rack. Air:
# "good passive air management in well-designed rooms can support heat loads of twenty kW and higher" (RISA data
# centre directives, "Thermal Management in Cabinets"); cold plate: a GB200 NVL72 rack, ~120 kW drawn on direct-to-chip
# liquid (NVIDIA DGX GB Rack Scale Systems User Guide, "Power"), up to 142 kW for GB300 (NVL72 Enterprise Reference
# Architecture), so 160 kW; rear door and immersion: typical design points, to be replaced by the site's own figure.
COOLING_LIMIT_KW = {Cooling.AIR: 20.0, Cooling.REAR_DOOR: 40.0, Cooling.COLD_PLATE: 160.0, Cooling.IMMERSION: 160.0}
# 80 PLUS Titanium (the class of DGX / HGX server PSUs) requires a power factor of at least 0.95 at 50 % load: the
# default of constraints.site.supply.power_factor.
PSU_POWER_FACTOR = 0.95
WATER_KJ_PER_L_K = 4.18  # volumetric heat capacity of water near 30 °C (1 kg/L x 4.18 kJ/(kg K))
# OCP / OAI liquid-cooling guidance: about 1.5 L/min per kW, i.e. a coolant rise of about 10 °C across the rack.
COOLANT_DELTA_T_C = 10.0
# Cooling tiers as words inside warnings (messages, so the app shows them translated).
COOLING_WORDS = {Cooling.AIR.value: msg("air"), Cooling.REAR_DOOR.value: msg("rear-door heat exchanger"),
                 Cooling.COLD_PLATE.value: msg("cold-plate liquid"), Cooling.IMMERSION.value: msg("immersion"),
                 "beyond immersion presets": msg("more than immersion presets"),
                 "beyond rear-door": msg("more than a rear-door heat exchanger removes"),
                 "unknown": msg("unknown (power not published)")}


@record
class PowerSupply:
    """A rack feed: single-phase (V line-to-neutral) or three-phase (V line-to-line unless stated)."""

    voltage: float = 400.0
    phase: int = 3
    amps: float = 32.0
    derating: float = 0.8  # continuous load limit (NEC 80 % rule; set 1.0 where the site says so)
    line_to_line: bool = True  # for three-phase: is `voltage` line-to-line (400/415/208) or line-to-neutral?
    power_factor: float = PSU_POWER_FACTOR  # of the supplies: one figure for currents, capacities and breakers

    @property
    def apparent_kva(self) -> float:
        """Circuit capacity before derating: V x I single-phase; sqrt(3) x V_LL x I three-phase."""
        if self.phase == 1:
            return self.voltage * self.amps / 1000.0
        line_to_line = self.voltage if self.line_to_line else self.voltage * math.sqrt(3)
        return math.sqrt(3) * line_to_line * self.amps / 1000.0

    @property
    def usable_kw(self) -> float:
        """Continuous real power one circuit may carry: its kVA x the derating x the supplies' power factor."""
        return self.apparent_kva * self.derating * self.power_factor

    @property
    def line_to_line_volts(self) -> float:
        if self.phase == 1 or self.line_to_line:
            return self.voltage
        return self.voltage * math.sqrt(3)


def china_idc_cabinet_kw(amps: float) -> float:
    """What a Chinese IDC cabinet is sold as, 220 V x its current (20 A: 4.4 kW), before any derating."""
    return CHINA_IDC_VOLTAGE * amps / 1000.0


def china_idc_cabinet_supply(amps: float, site_supply: PowerSupply) -> PowerSupply:
    """A Chinese IDC cabinet sold by current: one single-phase 220 V circuit of that current on each feed, derated
    and at the power factor the user set for the site."""
    return PowerSupply(voltage=CHINA_IDC_VOLTAGE, phase=1, amps=amps, derating=site_supply.derating,
                       line_to_line=False, power_factor=site_supply.power_factor)


def btu_per_hour(kw: float) -> float:
    return kw * 1000.0 / WATTS_PER_BTU_H


def refrigeration_tons(kw: float) -> float:
    return kw / KW_PER_REFRIGERATION_TON


def airflow_m3_per_h(kw: float, delta_t_c: float) -> float:
    """Air needed to carry `kw` away at a given inlet-outlet rise: P = rho x cp x V x dT."""
    return kw * 1000.0 / (AIR_DENSITY_KG_M3 * AIR_HEAT_CAPACITY_J_KG_K * delta_t_c) * 3600.0


@record
class NodeSpec:
    """One server. Unknown figures stay None and print as n/a."""

    name: str
    gpus: int
    rack_units: int
    nameplate_kw: float | None
    weight_kg: float | None = None
    psu: str = ""
    cpu: str = ""
    system_memory_gb: float | None = None
    networking: str = ""
    cooling: str = "air"
    price_usd: float | None = None
    source: str = ""
    derived: tuple[str, ...] = ()  # which figures were derived rather than read from a datasheet
    confidence: str = ""  # of the server's figures: datasheet, vendor, secondary or estimate (catalog.schema)
    psu_count: int | None = None
    psu_w: float | None = None
    psu_redundancy: str = ""
    tower: bool = False  # a deskside workstation (racked only if the user chooses to)
    rack_scale: bool = False  # the server is a whole rack (GB200 / GB300 NVL72): never placed inside another rack
    management_ports: int = 1  # BMC ports on the out-of-band network (an NVL72: one per compute and switch tray)
    scale_out_ports_per_cage: int = 1  # 2 where the node's NIC ports sit in twin-port OSFP cages (DGX H100 / B200)
    cpu_cores: int | None = None  # physical cores of its CPUs
    local_nvme_tb: float | None = None  # data drives (the OS drives left out)
    local_nvme_write_gbs: float | None = None  # their sequential write rate together, where the datasheet gives it
    generic: bool = False  # no catalog server holds the GPU: a chassis of its class, its figures derived
    host_kw: float = 0.0  # the part of the nameplate the GPUs do not draw and that stays whole with fewer of them

    @property
    def cooled_by(self) -> str:
        return server_cooling(self.cooling)

    def share(self, gpus: int, name: str | None = None) -> NodeSpec:
        """The server as `gpus` of its GPUs (a part of one bought, an instance rented, the GPUs a job runs on): its
        nameplate those GPUs' share of the server's, so a node's power is always its own GPUs', never the whole
        server's; a host part it states (a workstation's CPU and platform) stays whole."""
        if gpus == self.gpus and name is None:
            return self
        nameplate = None if self.nameplate_kw is None else (
            self.host_kw + (self.nameplate_kw - self.host_kw) * gpus / self.gpus)
        return dataclasses.replace(self, gpus=gpus, name=self.name if name is None else name, nameplate_kw=nameplate)


@record
class PowerAssumptions:
    # Whole-node AC draw while training, per watt of GPU TDP: 7.15 kW for 8 x 700 W H100 (MLPerf Training v4.0,
    # SMC metered) = 1.28. Idle: 2.4-2.8 kW on the same node = 0.46.
    training_w_per_gpu_tdp_w: float = 894.0 / 700.0
    idle_w_per_gpu_tdp_w: float = 2600.0 / 5600.0
    # No metered serving run in the reference set: serving is taken at the training draw (an upper bound).
    inference_w_per_gpu_tdp_w: float = 894.0 / 700.0
    # Nameplate of a generic server: GPU TDP x this, from DGX datasheets (H100 10.2 kW / 5.6 kW = 1.82,
    # A100 6.5 / 3.2 = 2.03, B200 14.3 / 8.0 = 1.79).
    nameplate_per_gpu_tdp: float = 1.82
    pue: float = 1.3
    # A deskside workstation's host at full load: one workstation CPU (AMD Ryzen Threadripper PRO 7995WX and Intel
    # Xeon w9-3495X: 350 W TDP, AMD and Intel product pages) and the rest of its platform (memory, drives, fans and
    # board: 150 W, a planning value, said wherever it is used); through a supply that is 90 % efficient at full load
    # (80 PLUS Titanium, 115 V internal, 100 % load; Platinum 89 %).
    workstation_cpu_w: float = 350.0
    workstation_platform_w: float = 150.0
    workstation_psu_efficiency: float = 0.90

    def workstation_host_kw(self) -> float:
        """What a deskside workstation draws from the wall besides its GPUs: its CPU and platform through its
        supply's losses."""
        return (self.workstation_cpu_w + self.workstation_platform_w) / self.workstation_psu_efficiency / 1000.0

    def workstation_nameplate_kw(self, gpu_board_w: float, gpus: int) -> float:
        """A deskside workstation's maximum wall draw: its GPU boards, one CPU and the platform, through the supply's
        losses -- a tower's host does not grow with its GPUs, so this is no multiple of them (4 x 450 W RTX 4090:
        2.56 kW, where 1.82 x the GPUs gave 3.28)."""
        return gpus * gpu_board_w / self.workstation_psu_efficiency / 1000.0 + self.workstation_host_kw()


# The metered power figures above as they are (an immutable record, shared by the estimates that take them so).
PUBLISHED_POWER = PowerAssumptions()


@record
class SiteLimits:
    rack_kw: float = 20.0
    rack_units: int = 42
    reserved_units: int = 2  # top-of-rack management switch and cable management
    rack_max_kg: float | None = None  # the rack's rated load; None: not given (then not checked)
    cooling: Cooling = Cooling.AIR
    supply: PowerSupply = field(default_factory=PowerSupply)
    china_cabinet_amps: float | None = None  # set when the rack is a Chinese IDC cabinet sold by current
    airflow_delta_t_c: float = 12.0  # server inlet-to-outlet temperature rise used for airflow
    rack_footprint_m: tuple[float, float] = RACK_FOOTPRINT_M  # width x depth, for the floor loading
    cooling_kw_per_rack: float | None = None  # heat the site's cooling removes per rack; None: the tier's default
    rack_empty_kg: float | None = None  # the empty rack with its PDUs and cable management; None: not given
    floor_kg_m2: float | None = None  # the floor's rated load; None: not given (then not checked)
    coolant_delta_t_c: float = COOLANT_DELTA_T_C  # supply-to-return rise of a liquid loop
    region: str = "global"  # where the site is (core.site.availability.REGIONS): which desk outlet a workstation meets

    @property
    def feed(self) -> PowerSupply:
        """The circuit type that feeds a rack: the site's supply, or a cabinet's single-phase 220 V circuit."""
        if self.china_cabinet_amps is not None:
            return china_idc_cabinet_supply(self.china_cabinet_amps, self.supply)
        return self.supply

    @property
    def usable_rack_kw(self) -> float:
        """A cabinet sold by current carries one derated circuit per feed; any other rack, the user's kW."""
        if self.china_cabinet_amps is not None:
            return self.feed.usable_kw
        return self.rack_kw

    @property
    def cooling_limit_kw(self) -> float:
        return self.cooling_kw_per_rack if self.cooling_kw_per_rack is not None else COOLING_LIMIT_KW[self.cooling]

    def tier_limit_kw(self, tier: Cooling) -> float:
        """Heat a rack may put out under a cooling tier: the site's own stated figure for its own tier, the tier's
        planning default for any other."""
        return self.cooling_limit_kw if tier is self.cooling else COOLING_LIMIT_KW[tier]

    def heat_limit_kw(self, server_cooling: str) -> float:
        """Heat one rack of these servers may put out here. An air-cooled server's heat goes to the room air (a rear
        door takes it out at the rack); a liquid loop takes none of it, so on a liquid site the air tier's ceiling
        holds for it."""
        if server_cooling == AIR and self.cooling in (Cooling.COLD_PLATE, Cooling.IMMERSION):
            return COOLING_LIMIT_KW[Cooling.AIR]
        return self.cooling_limit_kw


AIR, LIQUID = "air", "liquid"


@functools.lru_cache(maxsize=256)  # a few texts in a catalog, asked about for every site block
def server_cooling(text: str) -> str:
    """How a server is cooled, from its catalog text: "liquid" (direct-to-chip, needs liquid at the rack) or
    "air" (anything else, an "air or liquid" OEM choice included: the air version is what is quoted)."""
    return LIQUID if text.strip().lower().startswith("liquid") else AIR


@record
class FabricPlan:
    nodes: int
    ports_per_node: int
    port_gbps: float
    leaf_switches: int
    spine_switches: int
    core_switches: int
    node_cables: int
    switch_cables: int
    switch_radix: int
    note: str


def rail_optimised_fabric(nodes: int, ports_per_node: int, port_gbps: float, radix: int = 64) -> FabricPlan:
    """Non-blocking rail-optimised fat tree (DGX SuperPOD style): each leaf gives half its ports to nodes, half
    to spines; two tiers reach radix^2/2 ports, beyond that a third (core) tier is added."""
    if nodes <= 1:
        return FabricPlan(nodes, ports_per_node, port_gbps, 0, 0, 0, 0, 0, radix, "single node: no scale-out fabric")
    endpoints = nodes * ports_per_node
    if endpoints <= radix:  # one switch holds every port: non-blocking with no uplinks
        return FabricPlan(nodes, ports_per_node, port_gbps, 1, 0, 0, endpoints, 0, radix, "one leaf switch")
    down = radix // 2
    leaves = math.ceil(endpoints / down)
    uplinks = leaves * down
    spines = math.ceil(uplinks / radix)
    core = 0
    if endpoints > radix * radix // 2:
        pods = math.ceil(endpoints / (radix * radix // 2))
        spines = math.ceil(uplinks / down)
        core = math.ceil(spines * down / radix)
        note: str = msg("three tiers ({pods} pods)", pods=pods)
    else:
        note = "two tiers, non-blocking"
    switch_cables = uplinks + (spines * down if core else 0)
    return FabricPlan(nodes, ports_per_node, port_gbps, leaves, spines, core, endpoints, switch_cables, radix, note)


def expected_it_kw(gpu_tdp_w: float | None, busy: int, idle: int, power: PowerAssumptions,
                   node_max_kw: float | None = None, nodes: int = 1) -> float | None:
    """Expected draw of `nodes` servers holding `busy` GPUs at work and `idle` idle ones: each GPU's TDP times the
    metered whole-server draw per TDP-watt in training, or at idle (PowerAssumptions; None without a published TDP),
    never more than the servers' maximum input (`node_max_kw` each, where known). The ratio is measured on DGX H100;
    a server's own maximum, or the bound its redundant supplies set, holds over it (8 x MI355X: 1.28 x 8 x 1,400 W =
    14.3 kW, where the server's 2+2 supplies of 6,600 W carry 13.2 kW)."""
    if gpu_tdp_w is None:
        return None
    kw = gpu_tdp_w * (busy * power.training_w_per_gpu_tdp_w + idle * power.idle_w_per_gpu_tdp_w) / 1000.0
    return kw if node_max_kw is None else min(kw, node_max_kw * nodes)


def coolant_l_min(kw: float, delta_t_c: float) -> float:
    """Water flow that carries `kw` at a supply-to-return rise: Q = P / (rho c dT)."""
    return kw / (WATER_KJ_PER_L_K * delta_t_c) * 60.0


def rack_power_chain(node: NodeSpec, expected_kw: float | None, nodes_per_rack: int, nodes: int,
                     feed: PowerSupply) -> PowerChain:
    return power_chain(node.psu_count, node.psu_w, node.nameplate_kw, expected_kw, nodes_per_rack, nodes,
                       feed.voltage, feed.phase, feed.line_to_line, feed.amps, feed.derating, feed.power_factor)


def _nodes_per_rack(node: NodeSpec, nodes: int, limits: SiteLimits, heat_limit: float,
                    training_kw: float | None) -> tuple[int, str]:
    """How many nodes one rack holds, and what limits it (rack units, power, cooling, weight, the cabinet's one
    circuit a feed). A rack-scale server is its own rack; a node of unknown power is sized by what is known."""
    if node.rack_scale:
        return 1, "rack-scale system"
    nameplate = node.nameplate_kw
    by_units = (limits.rack_units - limits.reserved_units) // node.rack_units
    by_power = math.inf if nameplate is None else math.floor(limits.usable_rack_kw / nameplate + 1e-9)
    by_cooling = math.inf if nameplate is None else math.floor(heat_limit / nameplate + 1e-9)
    by_weight = math.inf if (limits.rack_max_kg is None or node.weight_kg is None) else math.floor(
        limits.rack_max_kg / node.weight_kg)
    by_circuit = math.inf
    if limits.china_cabinet_amps is not None:
        one = rack_power_chain(node, training_kw, 1, 1, limits.feed).circuits
        if one.cords_per_circuit is not None:
            by_circuit = one.cords_per_circuit // one.cords_per_node
    limits_by = (("rack power", by_power), ("rack units", by_units), ("rack weight", by_weight),
                 ("cooling", by_cooling), ("cabinet circuit", by_circuit))
    limited_by = "unknown power" if nameplate is None else min(limits_by, key=lambda item: item[1])[0]
    return max(1, int(min(nodes, *(value for _, value in limits_by)))), limited_by


def _cooling_needed(node: NodeSpec, rack_kw: float | None, limits: SiteLimits) -> str:
    """The cooling tier one rack of these servers needs: liquid at the rack for a liquid-cooled server; for an
    air-cooled one, the first of air or a rear door whose ceiling holds its heat (the site's stated figure for the
    site's own tier: a room that removes 30 kW of air needs no door for 25 kW); its heat never reaches a cold-plate
    loop."""
    if node.cooled_by == LIQUID:
        return Cooling.COLD_PLATE.value
    if rack_kw is None:
        return "unknown"
    tiers = (Cooling.AIR, Cooling.REAR_DOOR)
    return next((tier.value for tier in tiers if rack_kw <= limits.tier_limit_kw(tier) + 1e-9), "beyond rear-door")


def plan_site(node: NodeSpec, nodes: int, gpu_tdp_w: float | None, limits: SiteLimits, power: PowerAssumptions,
              ports_per_node: int, port_gbps: float, busy_gpus: int | None = None) -> SiteBlock:
    """The racks, power, cooling, fabric and facilities of `nodes` servers, `busy_gpus` of their GPUs at work (all
    where None; a training job on part of what it buys leaves the rest idle, and the expected draw counts them so):
    what an owned plan asks of the data centre, in one record."""
    warnings: list[Message] = []
    nameplate = node.nameplate_kw
    training = expected_it_kw(gpu_tdp_w, node.gpus, 0, power, nameplate)
    idle = expected_it_kw(gpu_tdp_w, 0, node.gpus, power, nameplate)
    rack_kw = limits.usable_rack_kw
    heat_limit = limits.heat_limit_kw(node.cooled_by)
    per_rack, limited_by = _nodes_per_rack(node, nodes, limits, heat_limit, training)
    metered = expected_it_kw(gpu_tdp_w, node.gpus, 0, power)
    if nameplate is not None and metered is not None and metered > nameplate + 1e-9:
        warnings.append(msg("{node}: {ratio:.2f} x TDP a GPU (the draw metered on DGX H100 in training) gives "
                            "{metered:.1f} kW, above the {nameplate:.1f} kW the server takes at most: its expected "
                            "draw is taken at that maximum.", node=node.name, ratio=power.training_w_per_gpu_tdp_w,
                            metered=metered, nameplate=nameplate))
    if nameplate is None:
        warnings.append(msg("{node}: nameplate power not published: power, circuits and cooling cannot be sized, "
                            "so no plan on it keeps the site's limits until the vendor gives it.", node=node.name))
    elif nameplate > rack_kw + 1e-9:
        if limits.china_cabinet_amps:
            warnings.append(msg("One {node} needs {need:.1f} kW nameplate but the rack allows {rack_kw:.1f} kW (a "
                                "{amps:g} A x 220 V IDC cabinet): the node does not fit this rack. Ask for a "
                                "higher-power cabinet or bond cabinets.", node=node.name, need=nameplate,
                                rack_kw=rack_kw, amps=limits.china_cabinet_amps))
        else:
            warnings.append(msg("One {node} needs {need:.1f} kW nameplate but the rack allows {rack_kw:.1f} kW: the "
                                "node does not fit this rack. Ask for a higher-power rack.", node=node.name,
                                need=nameplate, rack_kw=rack_kw))
    racks = math.ceil(nodes / per_rack)
    in_rack = min(per_rack, nodes)
    rack_nameplate = None if nameplate is None else nameplate * in_rack
    cooling_needed = _cooling_needed(node, rack_nameplate, limits)
    if node.cooled_by == LIQUID:
        cooling_ok = limits.cooling is Cooling.COLD_PLATE and (rack_nameplate is None
                                                               or rack_nameplate <= heat_limit + 1e-9)
    else:
        cooling_ok = rack_nameplate is not None and rack_nameplate <= heat_limit + 1e-9
    if node.cooled_by == LIQUID and limits.cooling is not Cooling.COLD_PLATE:
        warnings.append(msg("{node} is cooled by liquid at the chip: it needs a coolant loop at the rack, which "
                            "{cooling} cooling does not provide.", node=node.name,
                            cooling=COOLING_WORDS[limits.cooling.value]))
    elif rack_nameplate is not None and not cooling_ok:
        warnings.append(msg("{rack_kw:.1f} kW per rack exceeds what {cooling} cooling handles (~{limit:g} kW): "
                            "needs {needed} cooling.", rack_kw=rack_nameplate,
                            cooling=COOLING_WORDS[limits.cooling.value], limit=heat_limit,
                            needed=COOLING_WORDS[cooling_needed]))
    if node.cooled_by == AIR and limits.cooling in (Cooling.COLD_PLATE, Cooling.IMMERSION):
        warnings.append(msg("{node} is air-cooled: its heat goes to the room air, none of it to the site's "
                            "{cooling} loop (a rear-door heat exchanger takes it out at the rack).", node=node.name,
                            cooling=COOLING_WORDS[limits.cooling.value]))
    deskside = node.tower and nodes == 1
    # A deskside machine draws from the wall circuit of the office it stands in, not from the racks' feed.
    feed = wall_supply(limits.feed, limits.region) if deskside else limits.feed
    chain = rack_power_chain(node, training, per_rack, nodes, feed)
    busy = nodes * node.gpus if busy_gpus is None else min(busy_gpus, nodes * node.gpus)
    it_kw = expected_it_kw(gpu_tdp_w, busy, nodes * node.gpus - busy, power, nameplate, nodes)
    facility = None if it_kw is None else it_kw * power.pue
    heat_rack = None if rack_nameplate is None else btu_per_hour(rack_nameplate)
    tons = None if it_kw is None else refrigeration_tons(it_kw)
    it_nameplate = None if nameplate is None else nameplate * nodes
    airflow = None if nameplate is None or node.cooled_by == LIQUID else airflow_m3_per_h(nameplate,
                                                                                          limits.airflow_delta_t_c)
    coolant = None if rack_nameplate is None or node.cooled_by != LIQUID else coolant_l_min(
        rack_nameplate, limits.coolant_delta_t_c)
    weight = None if node.weight_kg is None else node.weight_kg * in_rack
    fabric = rail_optimised_fabric(nodes, ports_per_node, port_gbps)
    return SiteBlock(
        node=node.name, node_source=node.source, derived=tuple(node.derived), node_confidence=node.confidence,
        node_generic=node.generic, deskside=deskside, rack_units_per_node=node.rack_units,
        node_weight_kg=node.weight_kg,
        node_kw_nameplate=nameplate, node_kw_training=training, node_kw_idle=idle, nodes=nodes,
        nodes_per_rack=per_rack, racks=racks, kw_per_rack=rack_nameplate, rack_limited_by=limited_by,
        cooling_ok=cooling_ok, cooling_needed=cooling_needed, circuits_per_feed=chain.circuits.circuits_per_feed,
        circuit_kw=feed.usable_kw, it_kw_expected=it_kw, facility_kw_expected=facility,
        heat_btu_h_per_rack=heat_rack, refrigeration_tons=tons, it_kw_nameplate=it_nameplate,
        refrigeration_tons_nameplate=None if it_nameplate is None else refrigeration_tons(it_nameplate),
        airflow_m3_h_per_node=airflow,
        airflow_cfm_per_node=None if airflow is None else airflow / M3H_PER_CFM, rack_weight_kg=weight,
        power_chain=chain, heat_limit_kw=heat_limit, server_cooling=node.cooled_by, rack_scale=node.rack_scale,
        coolant_l_min_per_rack=coolant, psu=node.psu, cpu=node.cpu, system_memory_gb=node.system_memory_gb,
        networking=node.networking, node_price_usd=node.price_usd,
        switches=Switches(leaf=fabric.leaf_switches, spine=fabric.spine_switches, core=fabric.core_switches,
                          radix=fabric.switch_radix, note=fabric.note),
        cables=Cables(node_to_leaf=fabric.node_cables, switch_to_switch=fabric.switch_cables),
        scale_out_ports_per_node=fabric.ports_per_node, port_gbps=fabric.port_gbps,
        facilities=facilities(node, chain, rack_nameplate, airflow, min(per_rack, nodes), weight, limits, feed,
                              deskside),
        cabling=cabling(fabric, node, nodes, per_rack, racks, limits), supply=site_supply(limits, power),
        node_spec=node, fabric=fabric, warnings=tuple(warnings))


# --- what the electricians and the floor need -------------------------------------------------------------
# IEC 60320 appliance couplers: C13/C14 are rated 10 A, C19/C20 16 A; in North America the same couplers carry their
# UL 498 / CSA C22.2 No. 42 ratings, C13/C14 15 A and C19/C20 20 A.
IEC_60320_COUPLERS = (("C13/C14", 10.0), ("C19/C20", 16.0))
UL_COUPLERS = (("C13/C14", 15.0), ("C19/C20", 20.0))
# IEC 60309-2 industrial plugs: rated 16 / 32 / 63 / 125 A; colour by voltage (blue 200-250 V, red 380-480 V).
IEC_60309_AMPS = (16, 32, 63, 125)
# 120/208 V wye feeds (power_chain.NORTH_AMERICA_VOLTS) take NEMA L21 (three-phase) and L6 (two poles) plugs (NEMA
# WD 6).
# ASHRAE TC 9.9 thermal guidelines (5th ed., 2021): the recommended inlet envelope for classes A1-A4.
ASHRAE_RECOMMENDED_INLET_C = (18.0, 27.0)


def feed_plug(supply: PowerSupply) -> Message:
    """The rack feed's connector: NEMA locking plugs at North American voltages, IEC 60309 elsewhere."""
    line_to_line = supply.line_to_line_volts
    if abs(line_to_line - NORTH_AMERICA_VOLTS) <= 2 and supply.amps <= 30:  # NEMA locking plugs go to 30 A
        amps = 20 if supply.amps <= 20 else 30
        if supply.phase == 3:
            return msg("NEMA L21-{amps}P (three-phase 208 V)", amps=amps)
        return msg("NEMA L6-{amps}P (208 V)", amps=amps)
    rating = next((a for a in IEC_60309_AMPS if a >= supply.amps), None)
    high = line_to_line >= 380 if supply.phase == 3 else supply.voltage > 250
    colour = msg("red, 380-480 V") if high else msg("blue, 200-250 V") if line_to_line >= 200 or supply.phase == 3 \
        else msg("yellow, 100-130 V")
    pins = "3P+N+E" if supply.phase == 3 else "2P+E"
    if rating is None:
        return msg("IEC 60309 {pins} above {amps} A: hard-wired ({colour})", pins=pins, amps=IEC_60309_AMPS[-1],
                   colour=colour)
    return msg("IEC 60309 {pins} {amps} A ({colour})", pins=pins, amps=rating, colour=colour)


def psu_coupler(psu_watts: float | None, volts: float, power_factor: float = PSU_POWER_FACTOR,
                north_american: bool = False) -> str | None:
    """The smallest IEC 60320 coupler whose rating carries one PSU at full load and `volts` (None: beyond C19), at
    its IEC rating, or its UL/CSA rating on a North American feed."""
    if psu_watts is None:
        return None
    amps = psu_watts / (volts * power_factor)
    ratings = UL_COUPLERS if north_american else IEC_60320_COUPLERS
    return next((name for name, rating in ratings if amps <= rating), None)


# Desk outlets a deskside workstation plugs into: NEMA 5-15 / 5-20 (120 V) and 6-15 / 6-20 (208 V) in North America
# (NEMA WD 6); GB 2099.1 / GB 1002 10 A or 16 A in mainland China (220 V), by region: 220 V alone is no sign of it
# (IEC/TR 60083 lists 220 V mains on CEE 7 sockets in many countries); BS 1363 13 A, the only 13 A desk socket (UK,
# Ireland, Hong Kong, Singapore; IEC/TR 60083); CEE 7/7 "Schuko" 16 A at 220-240 V elsewhere (IEC/TR 60083).
MAINS_VOLTS_CHINA = 220.0
BS_1363_AMPS = 13.0


def desk_outlet(volts: float, amps: float, region: str) -> Message:
    """The wall socket a workstation's cord meets at `volts` and its circuit's `amps`, by region, voltage and the
    circuit's rating."""
    if region == "cn-mainland":
        return msg("GB 2099.1 / GB 1002 wall socket, {amps} A (220 V)", amps=10 if amps <= 10 else 16)
    if volts <= 130:
        return msg("NEMA 5-{amps}R wall outlet (120 V)", amps=15 if amps <= 15 else 20)
    if is_north_american(volts):
        return msg("NEMA 6-{amps}R wall outlet (208 V)", amps=15 if amps <= 15 else 20)
    if abs(amps - BS_1363_AMPS) < 0.5:
        return msg("BS 1363 wall socket, 13 A ({volts:g} V)", volts=volts)
    return msg("CEE 7/7 (Schuko) wall socket, 16 A ({volts:g} V)", volts=volts)


def floor_loading_kg_m2(rack_weight_kg: float | None, rack_scale: bool, limits: SiteLimits) -> float | None:
    """The loaded rack over its footprint: the nodes, and the empty rack where given (a rack-scale system's weight
    is the whole rack's)."""
    if rack_weight_kg is None:
        return None
    width, depth = limits.rack_footprint_m
    rack = 0.0 if rack_scale or limits.rack_empty_kg is None else limits.rack_empty_kg
    return (rack_weight_kg + rack) / (width * depth)


def facilities(node: NodeSpec, chain: PowerChain, rack_kw: float | None, airflow_m3_h_per_node: float | None,
               in_rack: int, rack_weight_kg: float | None, limits: SiteLimits, feed: PowerSupply,
               deskside: bool) -> FacilitiesBlock:
    """The electrical and floor figures of one rack of `in_rack` nodes, from the node's catalog figures and the
    circuit that feeds them (`feed`: the rack feed, or a deskside machine's wall circuit)."""
    return FacilitiesBlock(
        phase_amps=chain.circuits.line_amps, phase_lines=chain.circuits.lines,
        feed_plug=desk_outlet(feed.voltage, feed.amps, limits.region) if deskside else feed_plug(feed),
        psu_coupler=psu_coupler(node.psu_w, chain.circuits.psu_volts, feed.power_factor,
                                is_north_american(feed.line_to_line_volts)),
        psus_per_node=node.psu_count, psu_watts=node.psu_w, psu_redundancy=node.psu_redundancy,
        outlets_per_pdu=chain.outlets_per_pdu,
        pdu_kw=rack_kw if rack_kw is not None else feed.usable_kw,
        airflow_m3_h_per_rack=None if airflow_m3_h_per_node is None else airflow_m3_h_per_node * in_rack,
        floor_kg_m2=floor_loading_kg_m2(rack_weight_kg, node.rack_scale, limits),
        floor_includes_rack=limits.rack_empty_kg is not None or node.rack_scale,
        floor_rating_kg_m2=limits.floor_kg_m2,
        rack_footprint_mm=(round(limits.rack_footprint_m[0] * 1000), round(limits.rack_footprint_m[1] * 1000)),
        inlet_c_recommended=ASHRAE_RECOMMENDED_INLET_C)


def site_supply(limits: SiteLimits, power: PowerAssumptions) -> SupplyBlock:
    """The user's site, as the plan was sized for it (one record for every site block of the same site and power
    assumptions)."""
    return _supplies.get((limits, power), (), lambda: _site_supply(limits, power))


_supplies: KeptByIdentity[SupplyBlock] = KeptByIdentity(64)


def _site_supply(limits: SiteLimits, power: PowerAssumptions) -> SupplyBlock:
    supply = limits.supply
    return SupplyBlock(
        voltage=supply.voltage, phase=supply.phase, amps=supply.amps, derating=supply.derating,
        line_to_line=supply.line_to_line, power_factor=supply.power_factor,
        china_cabinet_amps=limits.china_cabinet_amps, feed_voltage=limits.feed.voltage,
        feed_phase=limits.feed.phase, feed_amps=limits.feed.amps, cooling_limit_kw=limits.cooling_limit_kw,
        coolant_delta_t_c=limits.coolant_delta_t_c, rack_kw_limit=limits.usable_rack_kw,
        rack_units=limits.rack_units, reserved_units=limits.reserved_units, cooling=limits.cooling.value,
        pue=power.pue, airflow_delta_t_c=limits.airflow_delta_t_c, rack_max_kg=limits.rack_max_kg,
        region=limits.region)


# --- the network the racks need -------------------------------------------------------------------------
SWITCH_RACK_UNITS = 1  # a 64-port 400G switch (NVIDIA QM9700) is 1U (QM9700 datasheet)
SWITCHES_PER_NETWORK_RACK = 16  # leaves a network rack room for patch panels and cable management (planning)
CABLE_SLACK_M = 2.0  # each end: the run up or down the rack and a service loop (planning assumption)
IN_RACK_SLACK_M = 0.5  # each end of a patch between switches in one rack: no run along the row (planning)
RACK_UNIT_M = 0.04445  # EIA-310: 1U = 44.45 mm
# 400G switch ports come in twin-port OSFP cages, two 400 Gb/s links a cage and a transceiver (NVIDIA QM97xx user
# manual, "Interfaces": "each OSFP port consists of 2 logical InfiniBand ports"); a node's 400G NIC takes a
# single-port OSFP (NVIDIA MMA4Z00-NS400 / MMS4X00-NS400 specifications).
TWIN_PORT_GBPS = 400.0
# Reach classes of 400G links (NVIDIA LinkX): passive copper to 3 m, multimode optics (SR4) to 50 m,
# single-mode (DR4) beyond.
COPPER_REACH_M, MULTIMODE_REACH_M = 3.0, 50.0
OOB_SWITCH_PORTS = 48  # one 48-port 1 GbE management switch per rack (the BMC network)


def link_class(length_m: float | None) -> str:
    if length_m is None:
        return ""
    if length_m <= COPPER_REACH_M:
        return "copper"
    return "multimode" if length_m <= MULTIMODE_REACH_M else "single-mode"


def node_transceivers(ports: int, ports_per_cage: int) -> int:
    """Transceivers at one node's scale-out NICs: one a cage, each cage serving `ports_per_cage` of its ports."""
    return math.ceil(ports / max(ports_per_cage, 1))


def cabling(fabric: FabricPlan, node: NodeSpec, nodes: int, nodes_per_rack: int, racks: int,
            limits: SiteLimits) -> CablingBlock:
    """The network racks, cable runs, transceivers and management network of the racks and their fabric."""
    switches = fabric.leaf_switches + fabric.spine_switches + fabric.core_switches
    network_racks = math.ceil(switches * SWITCH_RACK_UNITS / SWITCHES_PER_NETWORK_RACK) if switches else 0
    width = limits.rack_footprint_m[0]
    node_to_leaf = None
    leaf_to_spine = None
    if fabric.node_cables:
        row = racks + network_racks
        node_to_leaf = (math.ceil(row / 2) * width) + 2 * CABLE_SLACK_M
    if fabric.switch_cables and network_racks == 1:  # leaves and spines a few U apart in one rack
        leaf_to_spine = switches * SWITCH_RACK_UNITS * RACK_UNIT_M + 2 * IN_RACK_SLACK_M
    elif fabric.switch_cables:
        leaf_to_spine = network_racks * width + 2 * CABLE_SLACK_M
    node_link, switch_link = link_class(node_to_leaf), link_class(leaf_to_spine)
    twin = fabric.port_gbps == TWIN_PORT_GBPS
    optical_nodes = fabric.nodes if node_link not in ("", "copper") and fabric.node_cables else 0
    node_optics = fabric.node_cables if optical_nodes else 0
    switch_optics = fabric.switch_cables if switch_link not in ("", "copper") else 0
    # A link has a transceiver at each end; a twin-port cage (in the switch, or at a node that has them) takes one
    # transceiver for two links.
    node_end = (node_transceivers(fabric.ports_per_node, node.scale_out_ports_per_cage) * optical_nodes
                + (math.ceil(node_optics / 2) if twin else node_optics))
    switch_end = 2 * math.ceil(switch_optics / 2) if twin else 2 * switch_optics
    ports = node.management_ports
    oob_ports = nodes * ports + switches
    # One management switch per rack of nodes (more when a rack has more BMCs than its ports), full racks first.
    full_racks, last_rack = divmod(nodes, max(nodes_per_rack, 1))
    oob_switches = (full_racks * math.ceil(nodes_per_rack * ports / OOB_SWITCH_PORTS)
                    + math.ceil(last_rack * ports / OOB_SWITCH_PORTS) + network_racks)
    return CablingBlock(network_racks=network_racks, node_to_leaf_m=node_to_leaf, leaf_to_spine_m=leaf_to_spine,
                        node_link=node_link, switch_link=switch_link, transceivers=node_end + switch_end,
                        node_link_transceivers=node_end, switch_link_transceivers=switch_end, twin_port=twin,
                        node_ports_per_cage=node.scale_out_ports_per_cage,
                        oob_ports=oob_ports, oob_switches=max(oob_switches, 1))


@record
class WallCircuit:
    volts: float
    breaker_amps: float
    usable_kw: float
    usable_amps: float
    node_amps: float | None
    fits: bool | None


def desk_circuit(site: SiteBlock) -> WallCircuit:
    """The wall circuit a deskside plan's workstation plugs into (wall_circuit), from the feed it was planned on."""
    supply = site.supply
    return wall_circuit(site.node_kw_nameplate, PowerSupply(
        voltage=supply.feed_voltage, phase=supply.feed_phase, amps=supply.feed_amps, derating=supply.derating,
        line_to_line=supply.line_to_line, power_factor=supply.power_factor), supply.region)


# An office's wall circuit where the site's supply is three-phase: 120 V 15 A on a 120/208 V building, 220 V 10 A in
# mainland China (GB 2099.1's common socket), 230 V 16 A elsewhere.
OFFICE_CIRCUIT_NORTH_AMERICA = (120.0, 15.0)
OFFICE_CIRCUIT_CHINA = (MAINS_VOLTS_CHINA, 10.0)
OFFICE_CIRCUIT = (230.0, 16.0)


def wall_supply(supply: PowerSupply, region: str = "global") -> PowerSupply:
    """The single-phase wall circuit a deskside machine plugs into: the site's, when single-phase; else the office
    circuit of the building's region, at the site's derating and power factor."""
    if supply.phase == 1:
        return supply
    if region == "cn-mainland":
        volts, breaker = OFFICE_CIRCUIT_CHINA
    elif is_north_american(supply.line_to_line_volts):
        volts, breaker = OFFICE_CIRCUIT_NORTH_AMERICA
    else:
        volts, breaker = OFFICE_CIRCUIT
    return PowerSupply(voltage=volts, phase=1, amps=breaker, derating=supply.derating, line_to_line=False,
                       power_factor=supply.power_factor)


def wall_circuit(node_kw: float | None, supply: PowerSupply, region: str = "global") -> WallCircuit:
    """A deskside machine on its wall circuit (wall_supply): what the circuit carries and whether the node fits."""
    wall = wall_supply(supply, region)
    volts, breaker = wall.voltage, wall.amps
    usable_amps = breaker * wall.derating
    amps = None if node_kw is None else node_kw * 1000.0 / wall.power_factor / volts
    return WallCircuit(volts, breaker, volts * usable_amps * wall.power_factor / 1000.0, usable_amps, amps,
                       None if amps is None else amps <= usable_amps + 1e-9)
