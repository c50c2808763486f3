"""What the core answers, as typed frozen records: an estimate (memory, time, serving, power), a plan (the
estimate plus site, cost and ranking) and a plan result that carries the scenario it was computed for. Field
names are the keys of the documented JSON (README "Headless use"); core.results.export is the one place that writes them
out. Every front end (the table, the details, the charts, the CLI text, the spec sheet) reads these attributes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any

from gpuplanner.core.base.choices import Deployment, Rejection, Task
from gpuplanner.core.base.messages import Message
from gpuplanner.core.base.records import FLATTENED, NOT_EXPORTED, record
from gpuplanner.core.cost.cost import QUOTE_PREFIX, CostSummary
from gpuplanner.core.hardware.hardware import Precision
from gpuplanner.core.scenario.scenario import Scenario
from gpuplanner.core.serving.inference import WeightFormat  # serving estimates carry a weight format
from gpuplanner.core.site.site import SiteBlock
from gpuplanner.core.site.storage import StorageBlock
from gpuplanner.core.training.goodput import Goodput
from gpuplanner.core.training.layout import Alternative
from gpuplanner.core.training.memory import MemoryPerGPU
from gpuplanner.core.training.workload import Layout


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
    uncertainty_basis: str  # core.results.uncertainty.Basis: judged, few_sources, extrapolated, unvalidated, user_runs
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
    # One node's expected draw: the GPUs of it the job uses (all unless the job is smaller); in a plan, the busiest
    # server it buys, its other GPU slots idle (planning.plan_evaluation.on_own_node)
    node_kw_expected: float | None
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
    # training: datasets, checkpoints, their bandwidth, the host (core.site.storage)
    storage: StorageBlock | None = None
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

    @property
    def on_generic_chassis(self) -> bool:
        """Bought in a generic chassis (no catalog server holds its GPU): its GPUs are real, its server is not, so
        the plan is indicative. A rented plan never is: the instance it rents is real."""
        return self.owned and self.site.node_generic


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
