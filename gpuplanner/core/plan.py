"""The recommender behind `gpuplanner plan`: every catalog GPU at a range of counts, evaluated with the same
estimator as `estimate`, sized for the site, costed, filtered by the user's deadline / throughput / budget,
ranked by the objective, with the Pareto front of cost against time."""

from __future__ import annotations

import dataclasses
import datetime
import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from gpuplanner.core.availability import Availability, Status, check_region, in_region
from gpuplanner.core.cost import (
    QUOTE_PREFIX,
    CloudOffer,
    CostAssumptions,
    CostInputs,
    Price,
    cost_summary,
    price_age_note,
    purchase_cost,
    purchase_price_age_note,
)
from gpuplanner.core.errors import CancelledError, InputError
from gpuplanner.core.estimate import TRANSFORMER_TRAINING, estimate
from gpuplanner.core.hardware import GPU, Segment
from gpuplanner.core.layout import LayoutSearch
from gpuplanner.core.memory import GIB
from gpuplanner.core.messages import Listing, Message, msg
from gpuplanner.core.records import record
from gpuplanner.core.results import (
    AvailabilityBlock,
    Cables,
    CablingBlock,
    ChartLimits,
    ChartPoint,
    CostSummary,
    CurvePoint,
    Estimate,
    FacilitiesBlock,
    ParetoPoint,
    Plan,
    PlanResult,
    Rejected,
    ServiceLimits,
    SiteBlock,
    SupplyBlock,
    Switches,
)
from gpuplanner.core.scenario import Scenario
from gpuplanner.core.site import (
    ASHRAE_RECOMMENDED_INLET_C,
    CHINA_IDC_CABINET_AMPS,
    COOLING_WORDS,
    RACK_FOOTPRINT_M,
    Cooling,
    NodeSpec,
    PowerAssumptions,
    PowerSupply,
    SiteLimits,
    SitePlan,
    cabling,
    facilities,
    plan_site,
)
from gpuplanner.core.training_estimate import (
    fast_training_searches,
    fast_training_searches_together,
    training_bounds,
)
from gpuplanner.core.workload import Task

MAX_TRAINING_GPUS = 16384
# GeForce cards: the GeForce driver licence forbids data-center deployment, so plans keep them at workstation
# scale (two 4-GPU workstations at most).
MAX_CONSUMER_GPUS = 8
# Beyond a year a run is rarely what anyone means to buy; without a deadline the plan says so.
NO_DEADLINE_WARNING_DAYS = 365.0  # a plan longer than this, with no deadline set, says so
OBJECTIVES = ("cheapest", "fastest", "lowest-tco")
DEPLOYMENTS = ("on-prem", "cloud", "either")
T = TypeVar("T")
DEPLOYMENT_WORDS = {"on-prem": msg("bought"), "cloud": msg("rented")}
REGION_WORDS = {"global": msg("any region"), "cn-mainland": msg("mainland China")}


@record
class HardwareOptions:
    """What the catalog offers for one GPU model."""

    gpu: GPU
    node: NodeSpec
    node_price: Price | None  # a fully populated node
    cloud: CloudOffer | None  # the cheapest per GPU-hour
    nic_gbps: float  # per scale-out port
    whole_nodes_only: bool = True  # SXM baseboards and complete servers are bought whole
    gpu_price_usd: float | None = None  # for partly populated PCIe servers and workstations
    host_price_usd: float | None = None
    availability: Availability = dataclasses.field(default_factory=lambda: Availability(
        "global", Status.OPEN, msg("no regional filter"), "", ""))
    cloud_offers: tuple[CloudOffer, ...] = ()  # every offer of the GPU to choose from (empty: `cloud` alone)
    network_gbps_per_node: float | None = None  # the node's network where the option fixes it (a rented instance)
    missing: tuple[str, ...] = ()  # datasheet figures the catalog lacks, without which the GPU cannot be estimated

    def cloud_for(self, gpus: int) -> CloudOffer | None:
        """The rental a plan of `gpus` GPUs runs on: an instance holding a node's worth of them (the layout keeps
        tensor-parallel and other in-node groups on one machine's links; eight 1-GPU VMs are not one 8-GPU
        server), the cheapest per hour for the whole instances it takes; None when no instance is that large."""
        offers = self.cloud_offers or ((self.cloud,) if self.cloud is not None else ())
        need = min(gpus, self.node.gpus)
        large_enough = [offer for offer in offers if offer.gpus >= need]
        if not large_enough:
            return None
        return min(large_enough, key=lambda offer: math.ceil(gpus / offer.gpus) * offer.usd_per_hour)

    def node_with(self, gpus: int) -> tuple[NodeSpec, Price | None]:
        """The node actually bought for a plan of `gpus` GPUs (fewer than a full node only when allowed)."""
        if gpus >= self.node.gpus or self.whole_nodes_only:
            return self.node, self.node_price
        share = gpus / self.node.gpus
        node = dataclasses.replace(self.node, gpus=gpus, name=with_gpu_count(self.node.name, self.node.gpus, gpus),
                                   nameplate_kw=None if self.node.nameplate_kw is None
                                   else self.node.nameplate_kw * share)
        price = self.node_price
        if price is not None and self.gpu_price_usd is not None and self.host_price_usd is not None:
            price = dataclasses.replace(price, amount_usd=self.host_price_usd + self.gpu_price_usd * gpus,
                                        source=with_gpu_count(price.source, self.node.gpus, gpus))
        return node, price


@record
class PlanSettings:
    objective: str = "cheapest"
    deployment: str = "either"
    allow_consumer_gpus: bool = True
    deadline_days: float | None = None
    budget: float | None = None
    target_output_tokens_per_s: float | None = None
    region: str = "global"
    today: datetime.date = dataclasses.field(default_factory=datetime.date.today)  # for the age of prices
    site: SiteLimits = dataclasses.field(default_factory=SiteLimits)
    power: PowerAssumptions = dataclasses.field(default_factory=PowerAssumptions)
    cost: CostAssumptions = dataclasses.field(default_factory=CostAssumptions)

    def __post_init__(self) -> None:
        if self.objective not in OBJECTIVES:
            raise InputError("constraints.objective", "must be one of {join}", join=' | '.join(OBJECTIVES))
        if self.deployment not in DEPLOYMENTS:
            raise InputError("constraints.deployment", "must be one of {join}", join=' | '.join(DEPLOYMENTS))
        check_region(self.region)


def plan_settings(scenario: Scenario) -> PlanSettings:
    """Constraints of a scenario as typed settings (each bad value raises an InputError naming its key)."""
    c = scenario.constraints
    site = c.get("site", {})
    supply = PowerSupply(**site.get("supply", {}))
    try:
        cooling = Cooling(site.get("cooling", "air"))
    except ValueError:
        raise InputError("constraints.site.cooling", "must be one of {join}",
                         join=' | '.join(x.value for x in Cooling)) from None
    amps = site.get("china_cabinet_amps")
    if amps is not None and amps not in CHINA_IDC_CABINET_AMPS:
        raise InputError("constraints.site.china_cabinet_amps",
                         "IDC cabinets are sold at {join} A", join=', '.join(str(a) for a in CHINA_IDC_CABINET_AMPS))
    limits = SiteLimits(
        rack_kw=site.get("rack_kw", SiteLimits.rack_kw), rack_units=site.get("rack_units", SiteLimits.rack_units),
        reserved_units=site.get("reserved_units", SiteLimits.reserved_units),
        rack_max_kg=site.get("rack_max_kg", SiteLimits.rack_max_kg), cooling=cooling, supply=supply,
        china_cabinet_amps=amps, airflow_delta_t_c=site.get("airflow_delta_t_c", SiteLimits.airflow_delta_t_c),
        cooling_kw_per_rack=site.get("cooling_kw_per_rack"), rack_empty_kg=site.get("rack_empty_kg"),
        floor_kg_m2=site.get("floor_kg_m2"),
        coolant_delta_t_c=site.get("coolant_delta_t_c", SiteLimits.coolant_delta_t_c),
        rack_footprint_m=(site.get("rack_width_mm", RACK_FOOTPRINT_M[0] * 1000) / 1000.0,
                          site.get("rack_depth_mm", RACK_FOOTPRINT_M[1] * 1000) / 1000.0))
    pue = site.get("pue", PowerAssumptions.pue)
    if not 1.0 <= pue <= 3.0:
        raise InputError("constraints.site.pue", "must be between 1.0 and 3.0, got {pue:g}", pue=pue)
    cost = CostAssumptions(
        years=c.get("years", CostAssumptions.years), utilization=c.get("utilization", CostAssumptions.utilization),
        currency=c.get("currency", "USD"), usd_to_cny=c.get("usd_to_cny", CostAssumptions.usd_to_cny),
        electricity_per_kwh=site.get("electricity_price"), pue=pue,
        colocation_per_kw_month=site.get("colocation_per_kw_month"),
        colocation_per_rack_month=site.get("colocation_per_rack_month"))
    return PlanSettings(
        objective=c.get("objective", "cheapest"), deployment=c.get("deployment", "either"),
        allow_consumer_gpus=c.get("allow_consumer_gpus", True), deadline_days=c.get("deadline_days"),
        budget=c.get("budget"), target_output_tokens_per_s=c.get("target_output_tokens_per_s"),
        region=c.get("region", "global"), site=limits,
        power=PowerAssumptions(pue=pue), cost=cost)


# GPUs a training job schedules on one rack-scale node: NVIDIA trains on 64 of an NVL72 rack's 72 GPUs, 16 of its 18
# compute trays, the other two spare (MLPerf Training v6.0, DeepSeek-V3 on 512 GB200: DGXNNODES=128 trays of
# DGXNGPU=4 in SEGMENT=16 trays a rack, config_GB200_128x4x240xtp2pp4ep32cp1_mxfp8_full_cg.sh).
RACK_TRAINING_GPUS = {72: 64}


def candidate_counts(gpus_per_node: int, limit: int = MAX_TRAINING_GPUS) -> list[int]:
    """GPU counts a training plan tries on nodes of `gpus_per_node`: powers of two within a node, whole nodes, and on
    an NVL72 rack multiples of the 64 GPUs a rack trains on (powers of two and 3 x 2^k racks' worth)."""
    counts = {1 << k for k in range(limit.bit_length()) if (1 << k) <= limit}
    counts |= {gpus_per_node * n for n in (1, 2, 3, 4, 6, 12, 24, 48, 96) if gpus_per_node * n <= limit}
    in_rack = RACK_TRAINING_GPUS.get(gpus_per_node)
    if in_rack is not None:
        counts |= {in_rack * n for n in (3, 6, 12, 24, 48, 96) if in_rack * n <= limit}
    return sorted(c for c in counts if c <= gpus_per_node or c % gpus_per_node == 0
                  or (in_rack is not None and c % in_rack == 0))


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


def with_gpu_count(text: str, old: int, new: int) -> str:
    """A server's name or price source for `new` of its `old` GPUs: a message keeps its template, its count
    replaced; plain text has "old x" replaced."""
    params = getattr(text, "params", None)
    if params is not None:
        counts = {key: new for key in ("gpus", "count") if params.get(key) == old}
        return Message(text.template, **{**params, **counts})  # type: ignore[attr-defined]
    return text.replace(f"{old} x", f"{new} x")


# (GPU, count, server, GPUs per node, node network where the option fixes it)
# An estimate that does not fit is kept as None; one the job cannot have on that GPU, as the error that says why.
EstimateCache = dict[tuple[str, int | None, str, int, float | None], Estimate | InputError | None]


# A rented VM smaller than a server that publishes no network is costed at the least a 1-GPU cloud VM in the catalog
# publishes (Azure NC24ads A100 v4, 20 Gb/s): unknown, so never the server-class fabric it may well not have.
UNPUBLISHED_VM_NETWORK_GBPS = 20.0


def _on_instances(option: HardwareOptions, offer: CloudOffer, network_gbps: float | None = None) -> HardwareOptions:
    """The option with the rented instance as its node (its GPUs per node; the rest of the server's figures stay,
    they only matter to owned plans), at the instance's published network or `network_gbps`."""
    node = dataclasses.replace(option.node, gpus=offer.gpus, name=f"{offer.gpus} x {option.gpu.model} "
                               f"({offer.instance})")
    return dataclasses.replace(option, node=node, cloud=offer, cloud_offers=(offer,), node_price=None,
                               network_gbps_per_node=offer.network_gbps or network_gbps)


def _on_option(scenario: Scenario, option: HardwareOptions, count: int | None) -> Scenario:
    network = scenario.network_gbps_per_node if option.network_gbps_per_node is None else option.network_gbps_per_node
    return dataclasses.replace(scenario, gpu=option.gpu, gpu_count=count, gpus_per_node=option.node.gpus,
                               network_gbps_per_node=network, hardware_given=True)


# Under a deadline the count loop stops one count past the first that meets it: searching the option's counts this
# many at a time keeps most of the batching's gain without searching counts the loop never reaches.
COUNTS_SEARCHED_TOGETHER_UNDER_A_DEADLINE = 3


class _OptionSearches:
    """The fast-path layout searches of one option's counts, done together (fast_training_searches) as the count
    loop reaches them: all at once, or a few at a time when the loop may stop early."""

    def __init__(self, scenario: Scenario, option: HardwareOptions, counts: list[int], chunk: int) -> None:
        self.scenario, self.counts, self.chunk = scenario, counts, chunk
        self.trial = _on_option(scenario, option, None)
        self.found: dict[int, LayoutSearch] = {}
        self.done: set[int] = set()
        self._on_instances: dict[tuple[int, float | None], _OptionSearches] = {}

    def on(self, instances: HardwareOptions) -> _OptionSearches:
        """The same counts' searches with the option's rented instances as its nodes (_on_instances)."""
        key = (instances.node.gpus, instances.network_gbps_per_node)
        if key not in self._on_instances:
            self._on_instances[key] = _OptionSearches(self.scenario, instances, self.counts, self.chunk)
        return self._on_instances[key]

    def next_counts(self, count: int) -> list[int]:
        """The counts searched together when the loop reaches `count`: it and the next ones not searched yet."""
        start = self.counts.index(count)
        return [c for c in self.counts[start:start + self.chunk] if c not in self.done]

    def adopt(self, counts: list[int], found: dict[int, LayoutSearch]) -> None:
        """The searches of `counts`, done elsewhere (_first_searches_together); a count left out has no layout."""
        self.found.update(found)
        self.done.update(counts)

    def get(self, count: int) -> LayoutSearch | None:
        if count not in self.done and count in self.counts:
            batch = self.next_counts(count)
            self.adopt(batch, fast_training_searches(self.trial, batch))
        return self.found.get(count)


def _counts_to_try(scenario: Scenario, option: HardwareOptions, settings: PlanSettings
                   ) -> tuple[dict[str, list[int | None]], _OptionSearches | None]:
    """The counts worth estimating for each deployment of the option, and (training) their layout searches, to be
    done together as the count loop reaches them."""
    skip = _hopeless_counts(scenario, option, settings)
    limit = MAX_CONSUMER_GPUS if option.gpu.segment == Segment.CONSUMER else MAX_TRAINING_GPUS
    worth: list[int | None] = [None] if scenario.task == Task.INFERENCE else list(
        candidate_counts(option.node.gpus, limit))
    if scenario.task != Task.INFERENCE and scenario.gpu_count is not None:
        worth = [scenario.gpu_count]
    worth = [c for i, c in enumerate(worth) if not skip(c, worth[i + 1] if i + 1 < len(worth) else None)]
    by_deployment = {deployment: _within_reach_of_the_budget(worth, option, settings) if deployment == "on-prem"
                     else worth for deployment in _deployments(settings, option)}
    if scenario.task not in TRANSFORMER_TRAINING:
        return by_deployment, None
    wanted = {c for deployment, counts in by_deployment.items() for c in counts if c is not None
              and (deployment != "on-prem" or option.node_price is not None)}  # (_evaluate: no price)
    trial_counts = [c for c in worth if c in wanted]
    return by_deployment, _OptionSearches(scenario, option, trial_counts, len(trial_counts)
                                          if settings.deadline_days is None else
                                          COUNTS_SEARCHED_TOGETHER_UNDER_A_DEADLINE)


def _first_searches_together(options: list[tuple[HardwareOptions, _OptionSearches]], cache: EstimateCache) -> None:
    """Every option's first counts searched in one step-time evaluation (each option's count loop starts there; the
    GPUs differ, the job is the same): one evaluation instead of one per GPU. An option whose first estimate an
    earlier plan left (`cache`) is left to its loop, which searches only what it reaches (as before, lazily)."""
    batches = [(searches, searches.next_counts(searches.counts[0])) for option, searches in options
               if searches.counts and _cache_key(option, searches.counts[0]) not in cache]
    found = fast_training_searches_together([(searches.trial, counts) for searches, counts in batches])
    for (searches, counts), own in zip(batches, found, strict=True):
        searches.adopt(counts, own)


def _cache_key(option: HardwareOptions, count: int | None) -> tuple[str, int | None, str, int, float | None]:
    return option.gpu.id, count, option.node.name, option.node.gpus, option.network_gbps_per_node


def _estimate_once(scenario: Scenario, option: HardwareOptions, count: int | None, cache: EstimateCache,
                   searches: _OptionSearches | None = None) -> Estimate | None:
    """One estimate per (GPU, count), shared by the owned and the rented plan (None: it does not fit); `searches`:
    the option's layout searches, done together."""
    key = _cache_key(option, count)
    if key not in cache:
        search = None if searches is None or count is None else searches.get(count)
        try:
            result = estimate(_on_option(scenario, option, count), option.node, alternatives=False, search=search)
            cache[key] = result if result.fits else None
        except InputError as error:
            cache[key] = error
    found = cache[key]
    return found if isinstance(found, Estimate) else None


def _evaluate(scenario: Scenario, option: HardwareOptions, count: int | None, settings: PlanSettings,
              deployment: str, cache: EstimateCache, searches: _OptionSearches | None = None) -> Plan | None:
    if deployment == "on-prem" and option.node_price is None:
        return None  # nothing to price a purchase by: no plan, so no estimate either
    result = _estimate_once(scenario, option, count, cache, searches)
    if result is None:
        return None
    if result.inference is not None and count is None:
        result = _on_every_gpu_paid_for(scenario, option, result, deployment, cache)
    gpus = result.count
    if option.gpu.segment == Segment.CONSUMER and gpus > MAX_CONSUMER_GPUS:
        return None
    offer = option.cloud_for(gpus)
    small = option.cloud  # the cheapest per GPU-hour
    if deployment == "cloud" and small is not None and small.gpus < min(gpus, option.node.gpus) \
            and small.network_gbps is not None:
        # The plan run on those smaller instances as its nodes (groups within one instance, the rest over the
        # instance's published network), estimated as such: the rental where no instance holds a node's worth,
        # else the better of the two (data parallelism over many small VMs can cost less and take longer). Without
        # a published instance network there is nothing to estimate the traffic between them by: no such plan.
        instances = _on_instances(option, small)
        alternative = _evaluate(scenario, instances, count, settings, deployment, cache,
                                None if searches is None else searches.on(instances))
        if offer is None:
            return alternative
        whole = _evaluate(scenario, dataclasses.replace(option, cloud=offer, cloud_offers=(offer,)), count,
                          settings, deployment, cache, searches)
        candidates = [plan for plan in (whole, alternative) if plan is not None]
        return min(candidates, key=lambda plan: (bool(_misses(plan, settings)), *_sort_key(plan, settings.objective)),
                   default=None)
    if deployment == "cloud" and offer is None:
        # Only smaller instances, with no published network: planned on them at the least a cloud VM publishes (or
        # the user's figure), said in the plan.
        if small is None or small.gpus >= min(gpus, option.node.gpus):
            return None
        per_instance = scenario.network_gbps_per_node or UNPUBLISHED_VM_NETWORK_GBPS
        instances = _on_instances(option, small, per_instance)
        plan = _evaluate(scenario, instances, count, settings, deployment, cache,
                         None if searches is None else searches.on(instances))
        if plan is None:
            return None
        return dataclasses.replace(plan, warnings=(*plan.warnings, msg(
            "{provider} publishes no network bandwidth for {instance}: the traffic between the plan's {instances} "
            "instances is costed at {gbps:g} Gb/s each (the least a 1-GPU cloud VM in the catalog publishes); set "
            "the instance's network_gbps in your catalog if you know it.", provider=small.provider,
            instance=small.instance, instances=plan.cost.cloud_offer.instances if plan.cost.cloud_offer else plan.count,
            gbps=per_instance)))
    nodes = math.ceil(gpus / option.node.gpus)
    node, node_price = option.node_with(gpus)
    ports = node.gpus if nodes > 1 else 0
    site = plan_site(node, nodes, option.gpu.tdp_w, settings.site, settings.power, ports, option.nic_gbps, gpus)
    training, serving = result.training, result.inference
    cost_inputs = CostInputs(gpus=gpus, nodes=nodes, racks=site.racks, node_price=node_price,
                             network_usd=None, it_kw_busy=site.it_kw_expected,
                             it_kw_idle=None if site.node_kw_idle is None else site.node_kw_idle * nodes,
                             cloud=offer, gpus_bought=node.gpus * nodes)
    cost = cost_summary(cost_inputs, settings.cost, run_gpu_hours=training.gpu_hours if training else None,
                        output_tokens_per_s=serving.output_tokens_per_s if serving else None)
    metric = _cost_metric(cost, deployment, settings, training is not None)
    if metric is None:
        return None
    warnings = list(result.warnings)
    if deployment == "on-prem":  # racks, power and purchase prices concern what is bought, not what is rented
        warnings += list(site.warnings) + list(cost.notes)
        if training is not None and cost.gpus_owned > gpus:
            warnings.append(idle_gpus_note(gpus, cost.gpus_owned, nodes, node.gpus))
        stale_purchase = None if node_price is None else purchase_price_age_note(node_price, settings.today)
        if stale_purchase is not None:
            warnings.append(stale_purchase)
    elif offer is not None:
        stale = price_age_note(offer.price_date, settings.today)
        if stale is not None:
            warnings.append(stale)
        if QUOTE_PREFIX in offer.source:
            warnings.append(msg("Rental price from your quote of {date}.", date=offer.price_date))
    if training and settings.deadline_days is None and training.days > NO_DEADLINE_WARNING_DAYS:
        warnings.insert(0, msg("Takes {days:,.0f} days: no deadline is set, so slow plans can rank first. Set a "
                               "deadline to see faster ones.", days=training.days))  # first: the loudest
    where = option.availability
    limits = ServiceLimits(**{key: scenario.inference.get(key)
                              for key in ("concurrent_users", "max_ttft_s", "max_tpot_s")}) if serving \
        else ServiceLimits()
    return Plan(estimate=result, deployment=deployment, gpu_name=option.gpu.model,
                site=site_block(site, settings.site, settings.power),
                availability=AvailabilityBlock(region=where.region, status=where.status.value, reason=where.reason,
                                               source=where.source, as_of=where.as_of),
                service_limits=limits, cost=cost, cost_metric=metric,
                days=training.days if training else None, warnings=tuple(warnings))


def _on_every_gpu_paid_for(scenario: Scenario, option: HardwareOptions, result: Estimate, deployment: str,
                           cache: EstimateCache) -> Estimate:
    """A serving plan on every GPU of the whole servers (or rented instances) it pays for: twenty GPUs in TP-4
    replicas buy three 8-GPU servers, so the plan serves with six replicas, not five, at the same price."""
    assert result.inference is not None
    gpus, tp = result.count, result.inference.gpus_per_replica
    if deployment == "cloud":
        offer = option.cloud_for(gpus)
        unit = offer.gpus if offer is not None else 0
    else:
        unit = option.node_with(gpus)[0].gpus
    whole = math.ceil(gpus / unit) * unit if unit else gpus
    if whole == gpus or whole % tp or (option.gpu.segment == Segment.CONSUMER and whole > MAX_CONSUMER_GPUS):
        return result
    filled = _estimate_once(scenario, option, whole, cache)
    return filled if filled is not None else result


def _hopeless_counts(scenario: Scenario, option: HardwareOptions,
                     settings: PlanSettings) -> Callable[[int | None, int | None], bool]:
    """Counts not worth estimating (a lower bound from peak FLOPs and perfect sharding): those whose model states
    cannot fit however they are split, and, under a deadline, those that cannot meet it when the next count
    cannot either (the larger one is the nearer miss). The plans and near misses stay those of the full search."""
    bounds = training_bounds(scenario, option.gpu) if scenario.gpu_count is None else None
    if bounds is None:
        return lambda _count, _next: False
    gpu_days, states = bounds
    capacity = (option.gpu.usable_memory_gib or 0.0) * GIB - scenario.assumptions.cuda_context_gib * GIB
    deadline = settings.deadline_days

    def too_slow(count: int | None) -> bool:
        return count is not None and deadline is not None and gpu_days / count > deadline

    def skip(count: int | None, following: int | None) -> bool:
        if count is None:
            return False
        return states / count > capacity or (too_slow(count) and too_slow(following))

    return skip


def _within_reach_of_the_budget(counts: list[int | None], option: HardwareOptions,
                                settings: PlanSettings) -> list[int | None]:
    """Bought hardware without a deadline: once the purchase alone exceeds the budget, a count that buys more
    hardware still misses, and by more (the same limits, more money; the energy of the run about the same), so
    counts are kept only up to the first over-budget purchase (the whole servers it buys), the nearest miss."""
    if settings.budget is None or settings.deadline_days is not None:
        return counts
    kept: list[int | None] = []
    over: float | None = None
    for count in counts:
        if count is not None:
            node, price = option.node_with(count)
            capex = None if price is None else purchase_cost(price, math.ceil(count / node.gpus), settings.cost)
            if capex is not None and capex > settings.budget:
                if over is not None and capex > over:
                    break
                over = capex
        kept.append(count)
    return kept


def _gpus_paid_for(plan: Plan) -> int:
    """The GPUs a plan pays for: the whole servers it buys, or the whole instances it rents."""
    rented = plan.cost.gpus_rented
    return plan.cost.gpus_owned if plan.owned or rented is None else rented


def _cost_metric(cost: CostSummary, deployment: str, settings: PlanSettings, is_training: bool) -> float | None:
    """The money figure plans are ranked and budgeted by, in the user's currency."""
    if deployment == "cloud":
        if is_training:
            return cost.run_cost_cloud_on_demand
        return None if cost.cloud_on_demand_per_gpu_hour is None else cost.cloud_tco
    if settings.objective == "lowest-tco" or not is_training:
        return cost.tco
    return cost.run_cost_owned_with_capex


def _deployments(settings: PlanSettings, option: HardwareOptions) -> list[str]:
    wanted = ["on-prem", "cloud"] if settings.deployment == "either" else [settings.deployment]
    # GeForce cards are not rented out in data centers (driver licence), so they are only ever bought.
    rentable = option.cloud is not None and option.gpu.segment != Segment.CONSUMER
    return [d for d in wanted if d == "on-prem" or rentable]


def _meets_goals(plan: Plan, settings: PlanSettings) -> list[Message]:
    """Reasons a plan misses the user's goals (empty when it meets them)."""
    misses = []
    if settings.deadline_days is not None and plan.days is not None and plan.days > settings.deadline_days:
        misses.append(msg("takes {days:.1f} days (deadline {deadline:g})", days=plan.days,
                          deadline=settings.deadline_days))
    if settings.budget is not None and plan.cost_metric > settings.budget:
        misses.append(msg("costs {cost:,.0f} {currency} (budget {budget:,.0f} {currency})", cost=plan.cost_metric,
                          budget=settings.budget, currency=settings.cost.currency))
    target = settings.target_output_tokens_per_s
    serving = plan.inference
    if target is not None and serving and serving.output_tokens_per_s < target:
        misses.append(msg("serves {rate:,.0f} tokens/s (target {target:,.0f})",
                          rate=serving.output_tokens_per_s, target=target))
    if serving:
        limits = plan.service_limits
        if limits.max_ttft_s is not None and serving.ttft_s > limits.max_ttft_s * (1 + 1e-9):
            misses.append(msg("first token after {ttft:.2f} s (limit {limit:g} s)", ttft=serving.ttft_s,
                              limit=limits.max_ttft_s))
        if limits.max_tpot_s is not None and serving.tpot_s > limits.max_tpot_s * (1 + 1e-9):
            misses.append(msg("{tpot:.0f} ms per output token (limit {limit:.0f} ms)", tpot=serving.tpot_s * 1000,
                              limit=limits.max_tpot_s * 1000))
        users = limits.concurrent_users
        if users is not None and serving.users_served < users:
            misses.append(msg("room for {room} users at once (asked {users})", room=serving.users_served,
                              users=users))
    return misses


def _region_misses(plan: Plan, settings: PlanSettings) -> list[Message]:
    """An owned plan's GPU must be buyable in the user's region; a rented plan's offer must be located there."""
    if settings.region == "global":
        return []
    if not plan.owned:
        offer = plan.cost.cloud_offer
        if offer and not in_region(offer.region, settings.region):
            return [msg("rented in {where}, outside {region}", where=offer.region or "an unnamed region",
                        region=REGION_WORDS[settings.region])]
        return []
    where = plan.availability
    if where.status == Status.OPEN:
        return []
    return [msg("in {region}: {reason}", region=REGION_WORDS[settings.region], reason=where.reason)]


def _limit_misses(plan: Plan, settings: PlanSettings) -> list[Message]:
    """The user's site limits an owned plan breaks, each with by how much (a rented plan needs no rack)."""
    if not plan.owned:
        return []
    site, limits = plan.site, settings.site
    misses = []
    node_kw = site.node_kw_nameplate
    if node_kw is None:
        misses.append(msg("power unknown: the catalog has no nameplate for {node}, so no rack, circuit or cooling "
                          "limit can be checked", node=site.node))
    elif node_kw > limits.usable_rack_kw + 1e-9:
        misses.append(msg("one node needs {need:.1f} kW; the rack allows {limit:.1f} kW", need=node_kw,
                          limit=limits.usable_rack_kw))
    circuits = site.power_chain.circuits
    if circuits.fits is False and circuits.supplies_known:
        misses.append(msg("one supply cord draws {amps:.1f} A when its feed carries the node alone; a circuit "
                          "carries {allowed:.1f} A", amps=circuits.busiest_line_amps or 0.0,
                          allowed=circuits.allowed_amps))
    elif circuits.fits is False:
        misses.append(msg("one node draws {amps:.1f} A on one circuit (its supplies are not in the catalog, so it "
                          "cannot be split); a circuit carries {allowed:.1f} A", amps=circuits.busiest_line_amps or 0.0,
                          allowed=circuits.allowed_amps))
    free_units = limits.rack_units - limits.reserved_units
    if not site.rack_scale and site.rack_units_per_node > free_units:
        misses.append(msg("one node is {units}U; a rack has {free}U free", units=site.rack_units_per_node,
                          free=free_units))
    weight = site.node_weight_kg
    if weight is not None and limits.rack_max_kg is not None and weight > limits.rack_max_kg and not site.rack_scale:
        misses.append(msg("one node weighs {weight:.0f} kg; a rack holds {limit:.0f} kg", weight=weight,
                          limit=limits.rack_max_kg))
    misses += _floor_misses(site.facilities, limits.floor_kg_m2)
    if site.server_cooling == "liquid" and limits.cooling.value != "cold-plate":
        misses.append(msg("a liquid-cooled rack needs {needed} cooling; the site has {cooling}",
                          needed=COOLING_WORDS[site.cooling_needed], cooling=COOLING_WORDS[limits.cooling.value]))
    elif not site.cooling_ok and site.kw_per_rack is not None:
        misses.append(msg("{rack_kw:.1f} kW per rack needs {needed} cooling; the site has {cooling}",
                          rack_kw=site.kw_per_rack or 0.0,
                          needed=COOLING_WORDS.get(site.cooling_needed, site.cooling_needed),
                          cooling=COOLING_WORDS[limits.cooling.value]))
    return misses


def _floor_misses(facility: FacilitiesBlock, rating: float | None) -> list[Message]:
    """Against a floor rating the user gave: a loading over it, or one that cannot be known, is a miss."""
    if rating is None:
        return []
    if facility.floor_kg_m2 is None:
        return [msg("floor loading unknown (the server's weight is not in the catalog); the floor is rated "
                    "{rating:.0f} kg/m²", rating=rating)]
    if facility.floor_kg_m2 > rating + 1e-9:
        return [msg("{load:.0f} kg/m² on a floor rated {rating:.0f} kg/m²", load=facility.floor_kg_m2, rating=rating)]
    if not facility.floor_includes_rack:
        return [msg("the floor rating ({rating:.0f} kg/m²) cannot be checked without the empty rack's weight "
                    "(constraints.site.rack_empty_kg)", rating=rating)]
    return []


def _misses(plan: Plan, settings: PlanSettings) -> tuple[Message, ...]:
    """Every limit and goal the plan breaks; a plan with any is never ranked among the answers."""
    return tuple(_region_misses(plan, settings) + _limit_misses(plan, settings) + _meets_goals(plan, settings))


def _shortfall(plan: Plan, settings: PlanSettings) -> float:
    """How far a near miss is from its worst limit or goal, as a ratio (1.5: half again over)."""
    site, limits = plan.site, settings.site
    ratios = [1.0]
    if plan.owned and site.node_kw_nameplate:
        ratios.append(site.node_kw_nameplate / limits.usable_rack_kw)
    if settings.deadline_days is not None and plan.days is not None:
        ratios.append(plan.days / settings.deadline_days)
    if settings.budget is not None:
        ratios.append(plan.cost_metric / settings.budget)
    target = settings.target_output_tokens_per_s
    if target is not None and plan.inference:
        ratios.append(target / max(plan.inference.output_tokens_per_s, 1e-9))
    return max(ratios)


def _joined(messages: Sequence[Message]) -> Message:
    joined = messages[0]
    for message in messages[1:]:
        joined = msg("{first}; {second}", first=joined, second=message)
    return joined


def _nearest_fix(near: Sequence[Plan], settings: PlanSettings) -> Message | None:
    """When nothing fits, the smallest change that would let a plan through."""
    power_only = [p for p in near if p.owned and all(
        m.template.startswith(("one node needs", "{rack_kw:.1f} kW per rack needs")) for m in p.misses)]
    if power_only:
        best = min(power_only, key=lambda p: p.site.node_kw_nameplate or math.inf)
        need = best.site.node_kw_nameplate or 0.0
        return msg("Nearest fix: {gpu} × {count} ({node}) needs {need:.1f} kW per rack with {needed} cooling; ask for "
                   "racks of at least {ask:.0f} kW, or rent instead.", gpu=best.gpu_name, count=best.count,
                   node=best.site.node, need=need, needed=COOLING_WORDS.get(best.site.cooling_needed,
                                                                            best.site.cooling_needed),
                   ask=math.ceil(need))
    if near:
        best = near[0]
        return msg("Nearest: {gpu} × {count} ({deployment}): {misses}.", gpu=best.gpu_name,
                   count=best.count, deployment=DEPLOYMENT_WORDS[best.deployment],
                   misses=_joined(best.misses))
    return None


def _slowness(plan: Plan) -> float:
    """Lower is better: days to train, or minus the tokens per second served."""
    if plan.days is not None:
        return plan.days
    assert plan.inference is not None
    return -plan.inference.output_tokens_per_s


def _sort_key(plan: Plan, objective: str) -> tuple[float, ...]:
    if objective == "fastest":
        return (_slowness(plan), plan.cost_metric)
    return (plan.cost_metric, _slowness(plan))


def pareto(items: Sequence[T], cost: Callable[[T], float], slowness: Callable[[T], float]) -> list[T]:
    """Items no other item beats on both cost and slowness (lower is better on both), cheapest first."""
    front: list[T] = []
    best = math.inf
    for item in sorted(items, key=lambda i: (cost(i), slowness(i))):
        if slowness(item) < best:
            front.append(item)
            best = slowness(item)
    return front


def pareto_front(plans: Sequence[Plan]) -> list[Plan]:
    """Plans no other plan beats on both cost and time (or throughput)."""
    return pareto(plans, lambda p: p.cost_metric, _slowness)


def _rank_reasons(plan: Plan, best: Plan, index: int, settings: PlanSettings) -> tuple[Message, ...]:
    reasons = []
    money = settings.cost.currency
    if index == 0:
        goals = _has_goals(settings)
        reasons.append({
            ("cheapest", False): msg("lowest cost among plans that fit"),
            ("cheapest", True): msg("lowest cost among plans that fit and meet the goals"),
            ("fastest", False): msg("fastest among plans that fit"),
            ("fastest", True): msg("fastest among plans that fit and meet the goals"),
            ("lowest-tco", False): msg("lowest total cost of ownership among plans that fit"),
            ("lowest-tco", True): msg("lowest total cost of ownership among plans that fit and meet the goals"),
        }[(settings.objective, goals)])
    else:
        ratio_cost = plan.cost_metric / best.cost_metric if best.cost_metric else math.inf
        reasons.append(msg("{ratio:.2f}x the cost of #1 ({cost:,.0f} {currency})", ratio=ratio_cost,
                           cost=plan.cost_metric, currency=money))
        if plan.days is not None and best.days:
            reasons.append(msg("{ratio:.2f}x the speed of #1", ratio=best.days / plan.days))
    if plan.site.nodes == 1:
        reasons.append(msg("a single server: no cluster network needed"))
    elif plan.site.switches.leaf:
        reasons.append(msg("{nodes} nodes, network: {fabric}", nodes=plan.site.nodes,
                           fabric=plan.site.switches.note))
    if plan.owned:
        reasons.append(msg("on-prem: bought and run on your site"))
    else:
        assert plan.cost.cloud_offer is not None
        reasons.append(msg("cloud: rented from {provider}", provider=plan.cost.cloud_offer.provider))
    return tuple(reasons)


def _has_goals(settings: PlanSettings) -> bool:
    return any(v is not None for v in (settings.deadline_days, settings.budget, settings.target_output_tokens_per_s))


def plan_catalog(scenario: Scenario, options: list[HardwareOptions], settings: PlanSettings, top: int = 5,
                 progress: Callable[[int, int], bool] | None = None,
                 estimates: EstimateCache | None = None) -> PlanResult:
    """Evaluate every option; `progress(done, total)` may return False to cancel (raises CancelledError: a ranking
    of the options seen so far is never returned as the answer). `estimates`: the estimates of an earlier plan of
    the same workload on the same catalog to reuse (service.EstimateReuse keeps them; filled in as it goes)."""
    evaluated: list[Plan] = []
    rejected: list[Rejected] = []
    estimates = {} if estimates is None else estimates
    usable = [o for o in options if settings.allow_consumer_gpus or o.gpu.segment != Segment.CONSUMER]
    for option in (o for o in usable if o.missing):  # listed with the figures it lacks, never dropped silently
        rejected.append(Rejected(gpu=option.gpu.id, gpu_name=option.gpu.model, kind="figure", reason=msg(
            "the catalog lacks its {figures}, which the estimate needs (add them in the catalog tab)",
            figures=Listing(option.missing))))
    usable = [o for o in usable if not o.missing]
    if progress is not None and progress(0, len(usable)) is False:
        raise CancelledError
    prepared = [_counts_to_try(scenario, option, settings) for option in usable]
    _first_searches_together([(option, searches) for option, (_, searches) in zip(usable, prepared, strict=True)
                              if searches is not None], estimates)
    for done, option in enumerate(usable):
        if progress is not None and progress(done, len(usable)) is False:
            raise CancelledError
        by_deployment, searches = prepared[done]
        prepared[done] = ({}, None)  # its searches are let go with the option, as the loop leaves it
        found = 0
        for deployment, counts in by_deployment.items():
            paid_for: int | None = None  # the GPUs the first plan to meet the deadline pays for
            for count in counts:
                plan = _evaluate(scenario, option, count, settings, deployment, estimates, searches)
                if plan is None:
                    continue
                found += 1
                evaluated.append(dataclasses.replace(plan, misses=_misses(plan, settings)))
                if settings.deadline_days is not None and plan.days is not None:
                    # One count past the deadline is enough once a plan fills what it pays for: more GPUs then only
                    # cost more. Short of its servers or rented instances it pays for idle GPUs, so the counts up to
                    # those are tried too (4 H100 on a rented 8-GPU instance took 0.4 days for $293; all 8 take
                    # 0.2 days for $126).
                    if paid_for is not None and plan.count > paid_for:
                        break
                    if paid_for is None and plan.days <= settings.deadline_days:
                        paid_for = _gpus_paid_for(plan)
        if not found:
            rejected.append(_why_no_plan(option, list(by_deployment), settings, estimates, scenario.gpu_count))
    # Limits and goals are hard filters: only plans that keep every one are answers. The rest are near misses,
    # listed apart with what each misses and by how much, fewest misses first.
    meeting = [p for p in evaluated if not p.misses]
    ranked = _one_per_option(sorted(meeting, key=lambda p: _sort_key(p, settings.objective)), top)
    near = _one_per_option(sorted((p for p in evaluated if p.misses),
                                  key=lambda p: (len(p.misses), _shortfall(p, settings),
                                                 *_sort_key(p, settings.objective))), top)
    by_gpu = {option.gpu.id: option for option in usable}
    full = _runner_up_searches(scenario, [*ranked, *near], by_gpu)
    ranked = [_with_alternatives(plan, scenario, by_gpu[plan.gpu], full.get(id(plan))) for plan in ranked]
    near = [_with_alternatives(plan, scenario, by_gpu[plan.gpu], full.get(id(plan))) for plan in near]
    plans = tuple(dataclasses.replace(plan, rank=index + 1, rank_reasons=_rank_reasons(plan, ranked[0], index,
                                                                                        settings))
                  for index, plan in enumerate(ranked))
    near_misses = tuple(dataclasses.replace(plan, rank=None, rank_reasons=(), warnings=(
        msg("Not an answer: {misses}", misses=_joined(plan.misses)), *plan.warnings)) for plan in near)
    curves: dict[str, list[CurvePoint]] = {}
    for plan in sorted(evaluated, key=lambda p: p.count):
        if any(plan.gpu == top_plan.gpu and plan.deployment == top_plan.deployment for top_plan in plans):
            curves.setdefault(f"{plan.gpu} ({plan.deployment})", []).append(CurvePoint(
                count=plan.count, days=plan.days, cost=plan.cost_metric,
                output_tokens_per_s=plan.inference.output_tokens_per_s if plan.inference else None))
    front = tuple(ParetoPoint(gpu=p.gpu, count=p.count, deployment=p.deployment, cost=p.cost_metric, days=p.days,
                              output_tokens_per_s=p.inference.output_tokens_per_s if p.inference else None)
                  for p in pareto_front(meeting))
    note = None
    if not plans and near_misses:
        fix = _nearest_fix(near_misses, settings)
        note = msg("No plan keeps every limit and goal you set; the near misses say what each misses. {fix}",
                   fix=fix) if fix else msg("No plan keeps every limit and goal you set.")
    elif not plans:  # nothing to rank and no near miss: say why
        note = (scenario.hardware_given and not usable and _not_an_option_note(scenario.gpu, settings)) \
            or _batch_split_hint(scenario, options, settings, progress) or _no_plan_note(rejected)
    return PlanResult(
        plans=plans, near_misses=near_misses, pareto=front,
        curves={name: tuple(points) for name, points in curves.items()},
        points=tuple(_chart_point(p) for p in evaluated),
        limits=ChartLimits(deadline_days=settings.deadline_days, budget=settings.budget,
                           rack_kw=settings.site.usable_rack_kw),
        evaluated=len(evaluated), meeting_goals=len(meeting), rejected=tuple(rejected),
        currency=settings.cost.currency, note=note, scenario=scenario)


def _why_no_plan(option: HardwareOptions, deployments: list[str], settings: PlanSettings,
                 estimates: EstimateCache, count: int | None) -> Rejected:
    """Why an option has no plan: nothing to price the deployment by, an estimate the job cannot have on it (the
    first such error), or no layout that fits at any count searched."""
    gpu = option.gpu

    def rejected(kind: str, reason: Message) -> Rejected:
        return Rejected(gpu=gpu.id, gpu_name=gpu.model, kind=kind, reason=reason)

    if not any(deployment == "cloud" or option.node_price is not None for deployment in deployments):
        if settings.deployment == "on-prem":
            return rejected("price", msg("the catalog has no purchase price for its server"))
        if settings.deployment == "cloud":
            return rejected("price", msg("no provider in the catalog rents it"))
        return rejected("price", msg("the catalog has no purchase price for its server and no provider rents it"))
    outcomes = [value for key, value in estimates.items() if key[0] == gpu.id]
    errors = [value for value in outcomes if isinstance(value, InputError)]
    if errors and len(errors) == len(outcomes):
        return rejected("input", msg("{field}: {reason}", field=errors[0].field, reason=errors[0].message))
    if count == 1:
        return rejected("memory", msg("no layout fits in its memory on one GPU"))
    if count is not None:
        return rejected("memory", msg("no layout fits in its memory on {count} GPUs", count=count))
    return rejected("memory", msg("no layout fits in its memory at any GPU count searched"))


def _not_an_option_note(gpu: GPU, settings: PlanSettings) -> Message | None:
    """Why the GPU the scenario names was not planned at all (hardware_options leaves out what it cannot estimate)."""
    if gpu.memory_gib is None or gpu.memory_bandwidth_gbs is None:
        return msg("No plan with {gpu}: the catalog has no published memory size or bandwidth for it, which every "
                   "estimate needs.", gpu=gpu.model)
    if gpu.segment == Segment.CONSUMER and not settings.allow_consumer_gpus:
        return msg("No plan with {gpu}: consumer (GeForce) cards are excluded; allow them on the deployment page "
                   "(constraints.allow_consumer_gpus).", gpu=gpu.model)
    return None


def _no_plan_note(rejected: Sequence[Rejected]) -> Message:
    """Why no plan at all: the one GPU's reason, or how many GPUs failed for each reason."""
    if not rejected:  # no GPU of the catalog could be considered at all
        return msg("No plan fits: no GPU in the catalog can be estimated for this job.")
    if len(rejected) == 1:
        return msg("No plan with {gpu}: {reason}.", gpu=rejected[0].gpu_name, reason=rejected[0].reason)
    count = {kind: sum(r.kind == kind for r in rejected) for kind in ("memory", "price", "input", "figure")}
    counted = [part for part in (
        count["memory"] and msg("{count} fit no layout in memory", count=count["memory"]),
        count["price"] and msg("{count} have no price for the deployment", count=count["price"]),
        count["input"] and msg("{count} cannot run the job as set", count=count["input"]),
        count["figure"] and msg("{count} lack a datasheet figure the estimate needs", count=count["figure"]))
               if part]
    return msg("No plan fits. Of the {total} GPUs considered: {why}.", total=len(rejected), why=_joined(counted))


# A global batch splits over as many data-parallel replicas as it has factors (training.global_batch / dp whole):
# one with few factors of two keeps every layout on a few GPUs. When nothing fits, the plan is tried again with the
# batch rounded up to a multiple of this (a server's eight GPUs), and the note says what that changes.
BATCH_SPLIT_MULTIPLE = 8


def _batch_split_hint(scenario: Scenario, options: list[HardwareOptions], settings: PlanSettings,
                      progress: Callable[[int, int], bool] | None) -> Message | None:
    """Why nothing fits, where the global batch is the reason: its few factors of two confine the layouts to a few
    GPUs, and the same job with the batch rounded up to a multiple of 8 has a plan (None otherwise)."""
    if scenario.task not in TRANSFORMER_TRAINING:
        return None
    batch = int(scenario.training["global_batch"])
    rounded = -(-batch // BATCH_SPLIT_MULTIPLE) * BATCH_SPLIT_MULTIPLE
    micro = scenario.training.get("micro_batch")
    if batch % BATCH_SPLIT_MULTIPLE == 0 or (micro and rounded % micro):
        return None
    retry = plan_catalog(dataclasses.replace(scenario, training={**scenario.training, "global_batch": rounded}),
                         options, settings, top=1, progress=progress)
    twos = batch & -batch  # the largest power of two dividing it
    cause = msg("No plan fits with a global batch of {batch} sequences: as {batch} = {twos} x {odd}, it splits evenly "
                "over few of the GPU counts searched (powers of two and whole servers), and none of the layouts those "
                "allow fits.", batch=batch, twos=twos, odd=batch // twos)
    if retry.best is not None:
        return msg("{cause} With {rounded} sequences (a multiple of 8) the best plan is {count} x {gpu}.", cause=cause,
                   rounded=rounded, count=retry.best.count, gpu=retry.best.gpu_name)
    if retry.near_misses:
        nearest = retry.near_misses[0]
        return msg("{cause} With {rounded} sequences (a multiple of 8) plans fit but miss a limit or goal you set; "
                   "the nearest is {count} x {gpu}.", cause=cause, rounded=rounded, count=nearest.count,
                   gpu=nearest.gpu_name)
    return None


def _runner_up_searches(scenario: Scenario, shown: list[Plan],
                        by_gpu: dict[str, HardwareOptions]) -> dict[int, LayoutSearch]:
    """The full layout search (runner-up times) of each shown training plan (by id()), all in one step-time
    evaluation."""
    if scenario.task not in TRANSFORMER_TRAINING:
        return {}
    wanted = [plan for plan in shown if plan.estimate.alternatives is None and plan.training is not None]
    requests = [(_on_option(scenario, _ran_on(plan, by_gpu[plan.gpu]), None), [plan.count]) for plan in wanted]
    found = fast_training_searches_together(requests, runner_up_times=True)
    return {id(plan): own[plan.count] for plan, own in zip(wanted, found, strict=True) if plan.count in own}


def _with_alternatives(plan: Plan, scenario: Scenario, option: HardwareOptions,
                       search: LayoutSearch | None = None) -> Plan:
    """The plan with its runner-up layouts (serving: the latency curve) filled in, for a plan that is shown; the
    search behind every other plan skips them. `search`: its full layout search, done already."""
    result = plan.estimate
    if result.alternatives is not None:
        return plan
    if result.inference and plan.misses:  # a near miss shows no latency chart: no curve needed
        return dataclasses.replace(plan, estimate=dataclasses.replace(result, alternatives=()))
    count = None if result.inference else result.count
    option = _ran_on(plan, option)
    full = estimate(_on_option(scenario, option, count), option.node, search=search)
    serving = result.inference
    if serving is not None and full.inference is not None:
        serving = dataclasses.replace(serving, latency_curve=full.inference.latency_curve)
    # The plan's own warnings (site, prices) follow the estimate's; the full estimate words all of its own.
    own = plan.warnings[len(result.warnings):]
    return dataclasses.replace(
        plan, warnings=(*full.warnings, *own),
        estimate=dataclasses.replace(result, alternatives=full.alternatives, inference=serving,
                                     warnings=full.warnings, stack=full.stack))


def _ran_on(plan: Plan, option: HardwareOptions) -> HardwareOptions:
    """The option as the plan was estimated on it: a rental on instances smaller than its layout's node (_evaluate)
    runs with the instance as its node, over the instance network."""
    rented = plan.cost.cloud_offer
    if plan.owned or rented is None:
        return option
    for offer in option.cloud_offers:
        if (offer.provider, offer.instance) == (rented.provider, rented.instance) and \
                offer.gpus < min(plan.count, option.node.gpus):
            return _on_instances(option, offer)
    return option


def _chart_point(plan: Plan) -> ChartPoint:
    """One evaluated plan as the cost-vs-time chart draws it (serving: cost per million tokens vs speed per user)."""
    serving = plan.inference
    per_million = None
    if serving:
        per_million = plan.cost.per_million_tokens_owned if plan.owned else plan.cost.per_million_tokens_cloud
    return ChartPoint(gpu=plan.gpu, gpu_name=plan.gpu_name, count=plan.count, deployment=plan.deployment,
                      days=plan.days, cost=plan.cost_metric, per_million_tokens=per_million,
                      tokens_per_s_per_user=serving.output_tokens_per_s_per_user if serving else None,
                      meets=not plan.misses)


def _one_per_option(ranked: Sequence[Plan], top: int) -> list[Plan]:
    """The best count of each (GPU, deployment), in ranking order, at most `top`."""
    seen: set[tuple[str, str]] = set()
    chosen = []
    for plan in ranked:
        key = (plan.gpu, plan.deployment)
        if key not in seen:
            seen.add(key)
            chosen.append(plan)
        if len(chosen) >= top:
            break
    return chosen
