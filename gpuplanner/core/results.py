"""What the core answers, as typed frozen records: an estimate (memory, time, serving, power), a plan (the
estimate plus site, cost and ranking) and a plan result that carries the scenario it was computed for. Field
names are the keys of the documented JSON (README "Headless use"); core.export is the one place that writes them out.
Every front end (the table, the details, the charts, the CLI text, the spec sheet) reads these attributes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Any

from gpuplanner.core.choices import Deployment, Rejection, Task
from gpuplanner.core.goodput import Goodput
from gpuplanner.core.hardware import Precision
from gpuplanner.core.messages import Message
from gpuplanner.core.power_chain import PowerChain
from gpuplanner.core.records import record
from gpuplanner.core.storage import StorageBlock

if TYPE_CHECKING:
    from gpuplanner.core.inference import WeightFormat  # serving estimates carry a weight format
    from gpuplanner.core.scenario import Scenario
    from gpuplanner.core.site import FabricPlan, NodeSpec

NOT_EXPORTED = {"export": False}
FLATTENED = {"flatten": True}  # the record's fields are written at this level of the JSON


@record
class Layout:
    """How the GPUs split the job: tensor, pipeline and data parallel degrees, ZeRO stage, micro-batch."""
    tp: int
    pp: int
    dp: int
    zero: int
    micro_batch: int
    recompute: str
    sequence_parallel: bool
    virtual_stages: int
    recompute_layers: int | None = None  # layers that recompute; None: all (or none without recomputation)
    cp: int = 1  # context-parallel degree: each sequence split over this many GPUs (ring attention)
    ep: int = 1  # expert-parallel degree: a MoE layer's experts split over this many data-parallel GPUs

    @property
    def degrees(self) -> str:
        """The parallel degrees as practitioners write them, in every language: "TP 8 · CP 16 · PP 16 · DP 4"
        (CP only where the sequence is split, EP only where the experts are)."""
        context = f" · CP {self.cp}" if self.cp > 1 else ""
        experts = f" (EP {self.ep})" if self.ep > 1 else ""
        return f"TP {self.tp}{context} · PP {self.pp} · DP {self.dp}{experts}"


@record
class Alternative:
    """A runner-up layout and why it lost to the chosen one."""
    layout: Layout = field(metadata=FLATTENED)
    reason: Message


@record
class MemoryPerGPU:
    """GiB per GPU by part, and the GPU's capacity."""
    weights: float
    gradients: float
    optimizer: float
    activations: float
    kv_cache: float
    overhead: float
    total: float  # what the allocator reserves
    capacity: float
    allocated: float  # what the tensors and the runtime take, without the allocator's slack

    PARTS = ("weights", "gradients", "optimizer", "activations", "kv_cache", "overhead")

    def parts(self) -> tuple[tuple[str, float], ...]:
        """(part, GiB) in the order the charts and reports stack them."""
        return tuple((name, float(getattr(self, name))) for name in self.PARTS)

    def parts_of(self, serving: bool, rl: bool = False) -> tuple[tuple[str, float], ...]:
        """The parts a job of its kind has, for the tables: serving keeps no gradients or optimizer states, training
        no KV cache; an RL step, whose rollout and training share the GPUs, all of them."""
        absent = () if rl else ("gradients", "optimizer") if serving else ("kv_cache",)
        return tuple(part for part in self.parts() if part[0] not in absent)

    @property
    def headroom_gib(self) -> float:
        return self.capacity - self.total

    @property
    def tensors(self) -> float:
        """GiB the tensors themselves take at the peak (what torch.cuda.max_memory_allocated reports): the parts
        without the runtime's overhead (CUDA context, communication buffers, the allocator's slack)."""
        return self.weights + self.gradients + self.optimizer + self.activations + self.kv_cache


@record
class TrainingFigures:
    step_time_s: float
    tokens_per_s: float | None  # None for CNN training, which counts images
    tokens_per_s_per_gpu: float | None
    model_tflops_per_gpu: float
    mfu: float
    days: float
    gpu_hours: float
    steps: float
    tokens: float | None
    trainable_params: float
    cluster_model_states_gb: float
    uncertainty_pct: float  # ± band of the time, meant to hold `uncertainty_coverage` of comparable published runs
    uncertainty_coverage: float
    uncertainty_basis: str  # core.uncertainty.Basis: judged, few_sources, extrapolated, unvalidated, user_runs
    step_breakdown_s: Mapping[str, float]  # the time model's parts, in its order
    compute_days: float = 0.0  # the steps alone; `days` adds interruptions and checkpoints (goodput)
    goodput: Goodput | None = None
    images_per_s: float | None = None
    images: float | None = None  # all epochs together
    tokens_per_image: int | None = None
    epochs: float | None = None  # passes over the images (image-model training)


@record
class LatencyPoint:
    users: float
    ttft_s: float
    tpot_s: float


@record
class ServingFigures:
    ttft_s: float
    tpot_s: float
    concurrent_users: int | None
    batch_per_replica: int
    output_tokens_per_s_per_user: float | None
    output_tokens_per_s: float
    output_tokens_per_s_per_replica: float
    output_tokens_per_s_per_gpu: float
    max_batch: int
    replicas: int
    gpus_per_replica: int
    replicas_needed: int
    gpus_needed: int
    engine: str
    kv_admission: str  # how the engine admits requests to the KV cache (inference.KvAdmission)
    uncertainty_pct: float  # ± band of the throughput and latencies, as TrainingFigures'
    uncertainty_coverage: float
    uncertainty_basis: str
    latency_curve: tuple[LatencyPoint, ...] | None  # filled in for the plans shown

    @property
    def users_served(self) -> int:
        """Sequences in flight at once over every replica."""
        return self.replicas * self.batch_per_replica


@record
class RlParts:
    """An RL step's phases in seconds, each as the step runs it (the rollout's generation; the policy's own forward
    for the old log-probabilities; the frozen reference's; PPO's critic, its values and its training; a learned
    reward model's; the policy's training; moving the new weights into the engine; colocated states to the host and
    back)."""
    generation_s: float
    log_prob_s: float
    reference_s: float
    critic_s: float
    reward_s: float
    training_s: float
    weight_sync_s: float
    offload_s: float

    PARTS = ("generation_s", "log_prob_s", "reference_s", "critic_s", "reward_s", "training_s", "weight_sync_s",
             "offload_s")

    def items(self) -> tuple[tuple[str, float], ...]:
        """(part, seconds) in the step's order."""
        return tuple((name, float(getattr(self, name))) for name in self.PARTS)


@record
class RlMemory:
    """GiB per GPU in each phase of an RL step, and the peak: colocated phases time-share one GPU (the peak is the
    largest phase, not their sum); apart, the rollout phase is the rollout GPUs' and the rest the training GPUs'."""
    peak: float
    rollout: float | None  # the engine's weights, KV cache and workspace (and what stays resident beside them)
    training: float  # the policy's update
    critic: float | None  # PPO's critic update
    capacity: float


@record
class RlFigures:
    algorithm: str
    placement: str
    engine: str | None  # None for DPO (no rollout)
    asynchronous: bool
    offload: bool
    step_time_s: float
    parts: RlParts
    generation_share: float  # of the step (asynchronous: of the longer side)
    tokens_per_s: float  # generated tokens per second over the step (DPO: 0, nothing is generated)
    trained_tokens_per_s: float  # prompt and response tokens the policy trains on, per second
    sequences_per_step: int
    steps: float
    days: float
    gpu_hours: float
    rollout_gpus: int  # colocated: all of them
    training_gpus: int
    rollout_tp: int | None
    rollout_replicas: int | None
    rollout_concurrency: int | None  # sequences one replica decodes at once
    rollout_idle_share: float | None  # separate: the share of a step each side waits for the other
    training_idle_share: float | None
    memory_gib_per_gpu: RlMemory
    uncertainty_pct: float
    uncertainty_coverage: float
    uncertainty_basis: str
    placements_considered: int = 1


@record
class PowerFigures:
    node_kw_nameplate: float | None
    node_kw_expected: float | None  # the GPUs of one node the job uses (all of them unless the job is smaller)
    cluster_kw_expected: float | None
    node_gpus: int | None = None  # GPUs the server of the nameplate holds


@record
class ModelSummary:
    name: str
    params: float
    active_params: float
    training_flops_per_token: float | None = None
    training_flops_per_image: float | None = None


@record
class StackReport:
    """The software stack a training estimate assumed, and where each setting came from."""
    name: str
    source: str
    from_profile: Mapping[str, float | bool | str]  # setting -> value the profile fixed (ZeRO: the stages allowed)
    set_by_you: tuple[str, ...]  # scenario keys the user gave (they win over the profile)
    searched: tuple[str, ...]  # layout knobs the search chose


@record
class PublishedCalibration:
    """The estimate ran on the published calibration (the fit on the public reference runs)."""
    source: str = "published"


@record
class UserCalibration:
    """The estimate ran on the user's own measured runs (`gpuplanner calibrate`) layered over the published fit."""
    source: str  # "user"
    runs: int
    dates: tuple[str, ...]


PUBLISHED_CALIBRATION = PublishedCalibration()


@record
class Estimate:
    """One scenario on one GPU type and count (the output of `estimate`)."""
    task: Task
    fits: bool
    gpu: str
    count: int
    nodes: int
    # What the estimate used, after any fallback (FP8 -> BF16 on a GPU without FP8); serving: the weight format.
    precision: Precision | WeightFormat
    precision_requested: Precision | WeightFormat
    layout: Layout
    memory_gib_per_gpu: MemoryPerGPU
    training: TrainingFigures | None
    inference: ServingFigures | None
    power: PowerFigures
    energy_mwh: float | None
    energy_mwh_gpu_tdp_basis: float | None  # GPU-hours x TDP, the basis Llama and BLOOM publish
    model: ModelSummary
    alternatives: tuple[Alternative, ...] | None  # None: not computed (the planner's fast path)
    layouts_considered: int | None
    layouts_fitting: int | None
    assumptions: Mapping[str, Any]  # the settings the estimate used, named as the user edits them
    warnings: tuple[Message, ...]
    stack: StackReport | None = None  # training: the software stack profile and what was searched
    storage: StorageBlock | None = None  # training: datasets, checkpoints, their bandwidth, the host (core.storage)
    # What the estimate ran on: the published calibration, or the user's runs of its GPU, stack and width.
    calibration: PublishedCalibration | UserCalibration = PUBLISHED_CALIBRATION
    rl: RlFigures | None = None  # RL post-training: the step's parts, memory per phase (its run is `training`'s)

    @property
    def days(self) -> float | None:
        return None if self.training is None else self.training.days

    @property
    def fell_back(self) -> bool:
        """The GPU could not run the requested precision and the estimate used another."""
        return self.precision != self.precision_requested


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
    """What an owned plan asks of the data centre, sized in one pass (core.site.plan_site): the server, its racks,
    power, cooling, network and facilities."""
    node: str
    node_source: str
    derived: tuple[str, ...]
    node_confidence: str  # how far the server's figures can be trusted (datasheet, vendor, secondary, estimate)
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


@record
class AvailabilityBlock:
    region: str
    status: str
    reason: Message
    source: str
    as_of: str


@record
class ServiceLimits:
    concurrent_users: int | None = None
    max_ttft_s: float | None = None
    max_tpot_s: float | None = None


@record
class CloudOfferBlock:
    provider: str
    instance: str
    region: str
    price_date: str
    source: str
    confidence: str = ""  # datasheet, vendor, secondary or estimate; "" for the user's own quote
    instances: int = 1  # how many of the instance the plan rents (whole instances)


QUOTE_PREFIX = "your quote"  # how the source of a price from the user's vendor quote begins


@record
class CostSummary:
    """Money figures in `currency`; None where a price is missing."""
    currency: str
    capex: float | None
    opex_per_year: float
    electricity_per_year: float | None
    it_mwh_per_year: float | None  # IT energy in a year, busy at the utilisation and idle the rest (the cost's basis)
    colocation_per_year: float | None
    maintenance_per_year: float | None
    tco: float | None
    years: float
    utilization: float
    owned_per_gpu_hour: float | None
    cloud_on_demand_per_gpu_hour: float | None
    cloud_reserved_per_gpu_hour: float | None
    cloud_spot_per_gpu_hour: float | None  # None where the provider rents no spot capacity
    cloud_reserved_estimated: bool  # from the on-demand price and a planning ratio, not a published rate
    cloud_spot_estimated: bool
    cloud_offer: CloudOfferBlock | None
    cloud_tco: float | None
    gpus_rented: int | None
    gpus_owned: int
    break_even_utilization: float | None
    payback_months: float | None
    payback_note: Message | None  # why there is no payback figure
    node_price_source: str | None
    notes: tuple[Message, ...]
    node_price_date: str | None = None  # when the purchase price held
    node_price_confidence: str | None = None  # datasheet, vendor, secondary or estimate
    run_cost_cloud_on_demand: float | None = None  # training: what the run costs
    run_cost_cloud_spot: float | None = None
    run_cost_owned: float | None = None
    run_cost_owned_with_capex: float | None = None
    per_million_tokens_cloud: float | None = None  # serving: per million output tokens
    per_million_tokens_owned: float | None = None


@record
class Plan:
    """An estimate placed on real hardware: bought (on-prem) or rented (cloud), sized for the site, costed,
    checked against the user's limits and goals, and ranked."""
    estimate: Estimate = field(metadata=FLATTENED)
    deployment: Deployment
    gpu_name: str
    site: SiteBlock
    availability: AvailabilityBlock
    service_limits: ServiceLimits
    cost: CostSummary
    cost_metric: float | None  # the money figure plans are ranked and budgeted by; None: no price (n/a)
    days: float | None
    warnings: tuple[Message, ...]
    misses: tuple[Message, ...] = ()  # the limits and goals it breaks: a near miss when any
    rank: int | None = None
    rank_reasons: tuple[Message, ...] = ()

    # The estimate's figures, read through the plan.
    @property
    def price_basis(self) -> tuple[str, str]:
        """(confidence, date) of the price this plan is costed by: the purchase price of what is bought, the
        rental price of what is rented (confidence "quote" for the user's own quote, "" where none is given)."""
        cost = self.cost
        if self.owned:
            quoted = QUOTE_PREFIX in (cost.node_price_source or "")
            return "quote" if quoted else cost.node_price_confidence or "", cost.node_price_date or ""
        offer = cost.cloud_offer
        if offer is None:
            return "", ""
        return "quote" if QUOTE_PREFIX in offer.source else offer.confidence, offer.price_date

    @property
    def task(self) -> str:
        return self.estimate.task

    @property
    def model(self) -> ModelSummary:
        return self.estimate.model

    @property
    def gpu(self) -> str:
        return self.estimate.gpu

    @property
    def count(self) -> int:
        return self.estimate.count

    @property
    def nodes(self) -> int:
        return self.estimate.nodes

    @property
    def precision(self) -> str:
        return self.estimate.precision

    @property
    def training(self) -> TrainingFigures | None:
        return self.estimate.training

    @property
    def inference(self) -> ServingFigures | None:
        return self.estimate.inference

    @property
    def layout(self) -> Layout:
        return self.estimate.layout

    @property
    def memory(self) -> MemoryPerGPU:
        return self.estimate.memory_gib_per_gpu

    @property
    def owned(self) -> bool:
        return self.deployment == Deployment.ON_PREM


@record
class ParetoPoint:
    gpu: str
    count: int
    deployment: Deployment
    cost: float
    days: float | None
    output_tokens_per_s: float | None


@record
class CurvePoint:
    count: int
    days: float | None
    cost: float | None  # None: no price (the chart leaves the point out)
    output_tokens_per_s: float | None


@record
class ChartPoint:
    """One evaluated plan as the cost-vs-time chart draws it (serving: cost per million tokens vs speed per
    user)."""
    gpu: str
    gpu_name: str
    count: int
    deployment: Deployment
    days: float | None
    cost: float | None  # None: no price (the chart leaves the point out)
    per_million_tokens: float | None
    tokens_per_s_per_user: float | None
    meets: bool


@record
class ChartLimits:
    deadline_days: float | None
    budget: float | None
    rack_kw: float


@record
class Rejected:
    """A GPU with no plan at all, and why (`reason` says it in words)."""
    gpu: str
    gpu_name: str
    kind: Rejection
    reason: Message


@record
class CurveKey:
    """Which curve a chart draws: one GPU, bought or rented (written to JSON as "gpu (deployment)")."""
    gpu: str
    deployment: Deployment

    def __str__(self) -> str:
        return f"{self.gpu} ({self.deployment})"


@record
class NextStep:
    """What would give a plan when nothing can be bought: `action` rent (rent instead), gpu (plan on `gpu`, a part
    open to the buyer) or quote (import a vendor quote for parts that miss only a price)."""
    action: str
    message: Message
    gpu: str | None = None


@record
class PlanResult:
    """The answer to one scenario: the ranked plans, the near misses, the Pareto front and what the charts
    draw, with the scenario it was computed for (`complete`: every option was evaluated)."""
    plans: tuple[Plan, ...]
    near_misses: tuple[Plan, ...]
    pareto: tuple[ParetoPoint, ...]
    curves: Mapping[CurveKey, tuple[CurvePoint, ...]]  # days or throughput against count
    points: tuple[ChartPoint, ...]
    limits: ChartLimits
    evaluated: int
    meeting_goals: int
    rejected: tuple[Rejected, ...]
    currency: str
    note: Message | None
    scenario: Scenario = field(metadata=NOT_EXPORTED)
    complete: bool = True
    next_steps: tuple[NextStep, ...] = ()  # when nothing can be bought: what would work, in order
    # What the plans' estimates ran on: the published calibration, or the user's runs (each plan says whether its
    # own estimate used them).
    calibration: PublishedCalibration | UserCalibration = PUBLISHED_CALIBRATION

    @property
    def best(self) -> Plan | None:
        return self.plans[0] if self.plans else None
