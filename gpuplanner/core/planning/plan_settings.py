"""What a plan is searched over and judged by: the hardware options, the user's goals and site as settings, and the
GPU counts tried."""

from __future__ import annotations

import dataclasses
import datetime
import math

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import Calibration
from gpuplanner.core.base.choices import Deployment
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.base.records import built_from, record
from gpuplanner.core.cost.cost import (
    CloudOffer,
    CostAssumptions,
    Price,
)
from gpuplanner.core.hardware.hardware import GPU
from gpuplanner.core.scenario.scenario import Scenario
from gpuplanner.core.site.availability import Availability, Status, check_region
from gpuplanner.core.site.site import (
    NodeSpec,
    PowerAssumptions,
    PowerSupply,
    SiteLimits,
)

MAX_TRAINING_GPUS = 16384
HOURS_PER_DAY = 24.0


# GeForce cards: the GeForce driver licence forbids data-center deployment, so plans keep them at workstation
# scale (two 4-GPU workstations at most).
MAX_CONSUMER_GPUS = 8


# Beyond a year a run is rarely what anyone means to buy; without a deadline the plan says so.
NO_DEADLINE_WARNING_DAYS = 365.0  # a plan longer than this, with no deadline set, says so


OBJECTIVES = ("cheapest", "fastest", "lowest-tco")


DEPLOYMENTS = ("on-prem", "cloud", "either")


DEPLOYMENT_WORDS = {Deployment.ON_PREM: msg("bought"), Deployment.CLOUD: msg("rented")}


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
    # A consumer or workstation card whose catalog server is a rack chassis: the tower a plan of no more GPUs than
    # the tower holds is bought as (one to four cards go in a deskside workstation, not a rack server), with its
    # price; None for every other part.
    deskside: NodeSpec | None = None
    deskside_price: Price | None = None
    # The catalog's other real servers that hold as many of the GPU as `node`, best known first, with their prices:
    # what a site whose limits `node` cannot be shown to meet is planned on instead (core.planning.chassis).
    chassis: tuple[tuple[NodeSpec, Price | None], ...] = ()
    chassis_note: Message | None = None  # why `node` was chosen over the catalog's first server for the GPU

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
        """The node actually bought for a plan of `gpus` GPUs (fewer than a full node only when allowed; a
        deskside tower where the part has one and the plan fits in it)."""
        if self.deskside is not None and gpus < self.node.gpus and gpus <= self.deskside.gpus:
            return _partly_populated(self.deskside, self.deskside_price, gpus, self.gpu_price_usd,
                                     self.host_price_usd)
        if gpus >= self.node.gpus or self.whole_nodes_only:
            return self.node, self.node_price
        return _partly_populated(self.node, self.node_price, gpus, self.gpu_price_usd, self.host_price_usd)


def _partly_populated(node: NodeSpec, price: Price | None, gpus: int, gpu_price_usd: float | None,
                      host_price_usd: float | None) -> tuple[NodeSpec, Price | None]:
    """A server or workstation bought with `gpus` of its GPU slots filled: its share of the power, and the host
    platform plus those GPUs as its price (where both are known)."""
    if gpus == node.gpus:
        return node, price
    shared = node.share(gpus, with_gpu_count(node.name, node.gpus, gpus))
    if price is not None and gpu_price_usd is not None and host_price_usd is not None:
        price = dataclasses.replace(price, amount_usd=host_price_usd + gpu_price_usd * gpus,
                                    source=with_gpu_count(price.source, node.gpus, gpus))
    return shared, price



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
    calibration: Calibration = PUBLISHED  # the fitted constants every estimate of the plan runs on

    def __post_init__(self) -> None:
        if self.objective not in OBJECTIVES:
            raise InputError("constraints.objective", "must be one of {join}", join=' | '.join(OBJECTIVES))
        if self.deployment not in DEPLOYMENTS:
            raise InputError("constraints.deployment", "must be one of {join}", join=' | '.join(DEPLOYMENTS))
        check_region(self.region)


def plan_settings(scenario: Scenario, calibration: Calibration = PUBLISHED) -> PlanSettings:
    """Constraints of a scenario as typed settings: the site as limits and power, the money as cost assumptions,
    each built from the settings records (core.scenario.fields) field by field of the same name; the estimates made
    under `calibration`."""
    c = scenario.constraints
    site = c.site
    limits = built_from(SiteLimits, site, supply=built_from(PowerSupply, site.supply), region=c.region,
                         rack_footprint_m=(site.rack_width_mm / 1000.0, site.rack_depth_mm / 1000.0))
    cost = built_from(CostAssumptions, c, site, electricity_per_kwh=site.electricity_price,
                       service_hours_share=scenario.inference.hours_per_day / HOURS_PER_DAY)
    return PlanSettings(
        objective=c.objective, deployment=c.deployment, allow_consumer_gpus=c.allow_consumer_gpus,
        deadline_days=c.deadline_days, budget=c.budget, target_output_tokens_per_s=c.target_output_tokens_per_s,
        region=c.region, site=limits, power=PowerAssumptions(pue=site.pue), cost=cost, calibration=calibration)


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


def with_gpu_count(text: str, old: int, new: int) -> str:
    """A server's name or price source for `new` of its `old` GPUs: a message keeps its template, its count
    replaced; plain text has "old x" replaced."""
    if isinstance(text, Message):
        params = text.params
        counts = {key: new for key in ("gpus", "count") if params.get(key) == old}
        return Message(text.template, **{**params, **counts})
    return text.replace(f"{old} x", f"{new} x")
