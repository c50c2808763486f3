"""RL post-training (GRPO, PPO, DPO): one step as the frameworks run it (verl, OpenRLHF, TRL, NeMo-RL).

A step generates prompts x samples responses with a serving engine (core.serving.inference's decode model, at the batch
the engine's KV cache holds, waiting for the longest response), runs forward passes of the policy (old log-probs), the
frozen reference, PPO's critic and a learned reward model over them, trains the policy (and the critic) on them with
the training estimator's layout search, and moves the new weights into the engine. Colocated, the engine and the
training time-share the GPUs (their memory by phase, offloaded or not); apart, each side waits for the other unless
the step is one-step-off asynchronous. DPO is offline: policy and reference forward on chosen and rejected responses,
then the update on the pairs.
"""

from __future__ import annotations

import math
from dataclasses import replace

from gpuplanner.core.base.choices import RlAlgorithm, RlPlacement, Task
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.messages import Listing, Message, msg
from gpuplanner.core.base.records import record
from gpuplanner.core.estimates.result_parts import (
    FLOPS_CONVENTION,
    POWER_BASIS,
    assumption_values,
    goodput_warnings,
    model_states_gb,
    power_block,
    run_energy,
    run_goodput,
    saved_bytes,
    supported_precision,
)
from gpuplanner.core.estimates.training_estimate import COUNT_FIELD, cluster_for
from gpuplanner.core.hardware.fabric import Collective
from gpuplanner.core.hardware.hardware import GPU, Precision
from gpuplanner.core.models.model import ModelArch
from gpuplanner.core.results.results import Estimate, ModelSummary, RlFigures, RlMemory, RlParts, TrainingFigures
from gpuplanner.core.results.rl_validation import FITTED_RL, RL_FIT_SOURCES, RL_JUDGED_ERRORS, RlCalibration, rl_band
from gpuplanner.core.scenario.scenario import Scenario
from gpuplanner.core.serving.engines import engine_profile
from gpuplanner.core.serving.inference import (
    ServingWorkload,
    WeightFormat,
    decode_pass_with_prompts_s,
    decode_step_s,
    held_weight_bytes,
    kv_cache_bytes,
    prefill_time_s,
    workspace_bytes,
)
from gpuplanner.core.site.site import NodeSpec, PowerAssumptions
from gpuplanner.core.training.collectives import nvlink_bytes_per_s
from gpuplanner.core.training.layout import search_layouts
from gpuplanner.core.training.memory import GIB, MemoryPerGPU
from gpuplanner.core.training.performance import peak_flops
from gpuplanner.core.training.workload import Cluster, Layout, TrainingWorkload

# Responses per prompt where the file names none: GRPO's group (DeepSeekMath's GRPO sampled 64; verl's and TRL's
# examples 5-16, 8 the most common), PPO's one sample, DPO's chosen and rejected pair.
DEFAULT_SAMPLES = {RlAlgorithm.GRPO: 8, RlAlgorithm.PPO: 1, RlAlgorithm.DPO: 2}
DEFAULT_STEPS = 1000  # a run's length where total_prompts is not given
# The longest response over the mean where max_response_tokens is not given: an assumption (reasoning rollouts are
# long-tailed; a step's longest sequences often hit the run's length limit).
DEFAULT_TAIL_FACTOR = 2.0
# Sequences one engine replica runs at once at most: verl's rollout max_num_seqs default (1024).
ENGINE_MAX_SEQUENCES = 1024
# The share of a GPU the rollout engine takes: colocated, verl's rollout.gpu_memory_utilization default (0.5); on
# GPUs of its own, vLLM's default (0.9).
COLOCATED_ENGINE_SHARE = 0.5
SEPARATE_ENGINE_SHARE = 0.9
# The rollout GPUs' shares of the cluster a separate placement is searched at.
ROLLOUT_SHARES = (0.25, 0.5, 0.75)
ROLLOUT_FORMAT = WeightFormat.BF16  # engines load the policy's 16-bit weights each step


@record
class RlJob:
    """The rl section read and checked: what one step does, and how many steps the run has."""
    algorithm: RlAlgorithm
    prompts: int
    samples: int
    prompt_tokens: int
    response_tokens: int
    max_response_tokens: int
    engine: str
    reference: bool
    critic: bool
    updates: int
    asynchronous: bool
    steps: float
    critic_model: ModelArch | None
    reward_model: ModelArch | None

    @property
    def sequences(self) -> int:
        """Sequences a step trains on (DPO: the chosen and the rejected of each pair)."""
        return self.prompts * self.samples

    @property
    def sequence_tokens(self) -> int:
        return self.prompt_tokens + self.response_tokens

    @property
    def offline(self) -> bool:
        return self.algorithm == RlAlgorithm.DPO


def rl_job(scenario: Scenario) -> RlJob:
    """The scenario's RL job; a combination the algorithms or placements do not have is refused naming its field."""
    rl = scenario.rl
    algorithm = rl.algorithm
    samples = rl.samples_per_prompt or DEFAULT_SAMPLES[algorithm]
    critic = algorithm == RlAlgorithm.PPO if rl.critic is None else rl.critic
    longest = rl.max_response_tokens or round(rl.response_tokens * DEFAULT_TAIL_FACTOR)
    if algorithm == RlAlgorithm.GRPO and samples < 2:
        raise InputError("rl.samples_per_prompt", "GRPO compares a group of at least 2 samples per prompt")
    if critic and algorithm != RlAlgorithm.PPO:
        raise InputError("rl.critic", "{algorithm} has no critic (PPO trains one)", algorithm=algorithm.value.upper())
    if rl.critic is False and scenario.critic_model is not None:
        raise InputError("rl.critic_model", "is given but rl.critic is false")
    if scenario.critic_model is not None and algorithm != RlAlgorithm.PPO:
        raise InputError("rl.critic_model", "only PPO trains a critic")
    if longest < rl.response_tokens:
        raise InputError("rl.max_response_tokens", "must be at least rl.response_tokens ({mean:,}), the mean",
                         mean=rl.response_tokens)
    if algorithm == RlAlgorithm.DPO:
        offline_only = [("samples_per_prompt", rl.samples_per_prompt not in (None, 2)),
                        ("placement", rl.placement is not None), ("rollout_gpus", rl.rollout_gpus is not None),
                        ("rollout_tp", rl.rollout_tp is not None), ("asynchronous", rl.asynchronous),
                        ("reward_model", scenario.reward_model is not None), ("offload", rl.offload is not None),
                        ("max_response_tokens", rl.max_response_tokens is not None)]
        for key, given in offline_only:
            if given:
                raise InputError(f"rl.{key}", "DPO is offline: it trains on given chosen and rejected responses, "
                                 "with no rollout")
    if rl.placement == RlPlacement.COLOCATED and rl.rollout_gpus is not None:
        raise InputError("rl.rollout_gpus", "applies to separate placement (colocated, every GPU generates)")
    if rl.asynchronous and rl.placement == RlPlacement.COLOCATED:
        raise InputError("rl.asynchronous", "one-step-off generation overlaps training only on GPUs of its own: "
                         "set rl.placement to separate")
    if rl.offload and rl.placement == RlPlacement.SEPARATE:
        raise InputError("rl.offload", "applies to colocated placement (apart, the engine has GPUs of its own)")
    count = scenario.gpu_count
    if rl.rollout_gpus is not None and count is not None and rl.rollout_gpus >= count:
        raise InputError("rl.rollout_gpus", "{rollout} of the {count} GPUs leave none for training",
                         rollout=rl.rollout_gpus, count=count)
    if rl.rollout_tp is not None:
        if scenario.model is not None and scenario.model.heads % rl.rollout_tp:
            raise InputError("rl.rollout_tp", "{tp} does not divide the model's {heads} heads", tp=rl.rollout_tp,
                             heads=scenario.model.heads)
        if rl.rollout_gpus is not None and rl.rollout_gpus % rl.rollout_tp:
            raise InputError("rl.rollout_tp", "{tp} does not divide the {gpus} rollout GPUs", tp=rl.rollout_tp,
                             gpus=rl.rollout_gpus)
    sequences = rl.prompts_per_step * samples
    if sequences % rl.updates_per_step:
        raise InputError("rl.updates_per_step", "{updates} does not divide the step's {sequences:,} sequences",
                         updates=rl.updates_per_step, sequences=sequences)
    if scenario.model is not None and scenario.model.is_moe:
        raise InputError("model", "RL post-training of mixture-of-experts models is not estimated yet")
    steps = math.ceil(rl.total_prompts / rl.prompts_per_step) if rl.total_prompts else DEFAULT_STEPS
    return RlJob(algorithm=algorithm, prompts=rl.prompts_per_step, samples=samples, prompt_tokens=rl.prompt_tokens,
                 response_tokens=rl.response_tokens, max_response_tokens=longest, engine=rl.engine,
                 reference=rl.reference_model, critic=critic, updates=rl.updates_per_step,
                 asynchronous=rl.asynchronous, steps=float(steps),
                 critic_model=(scenario.critic_model or scenario.model) if critic else None,
                 reward_model=scenario.reward_model)


def trained_workload(scenario: Scenario, job: RlJob, model: ModelArch, precision: Precision) -> TrainingWorkload:
    """One update of `model` as the training estimator sees it: a mini-batch of the step's sequences (prompt and
    response, packed to their mean length), fully trained."""
    assert scenario.model is not None
    return TrainingWorkload(model=model, task=Task.FINETUNE, seq_len=job.sequence_tokens,
                            global_batch=job.sequences // job.updates,
                            tokens=job.sequences * job.sequence_tokens * job.steps, precision=precision,
                            optimizer=scenario.training.optimizer)


@record
class TrainedModel:
    """A model's update on the training GPUs, from the layout search: its time, forward time and memory."""
    update_s: float  # the step's updates together
    forward_s: float  # one forward pass over the step's sequences
    states_bytes: float  # weights, gradients and optimizer states per GPU
    total_bytes: float  # what its update reserves per GPU
    layout: Layout
    memory: MemoryPerGPU
    fits: bool


def forward_share(breakdown: dict[str, float], recompute_share: float) -> float:
    """The forward pass's part of a training step: its compute and traffic over 3 passes' worth (the backward costs
    two forwards: Narayanan et al. 2021, Sec. 5.1), 4 where every layer recomputes its forward."""
    compute = sum(breakdown[part] for part in ("gemm", "memory_bound", "tensor_parallel", "pipeline_send",
                                                "context_parallel", "expert_parallel"))
    return compute / (3.0 + recompute_share)


def train_model(scenario: Scenario, job: RlJob, model: ModelArch, precision: Precision, cluster: Cluster,
                calibration: RlCalibration = FITTED_RL) -> TrainedModel | None:
    """The fastest layout of `model`'s update on `cluster` (None: none runs there), its passes at the share of the
    training estimator's rate an RL step reaches (calibration.pass_efficiency)."""
    workload = trained_workload(scenario, job, model, precision)
    search = search_layouts(workload, cluster, scenario.assumptions, scenario.layout, runner_up_times=False)
    best = search.best_index()
    if not search.runs(best):
        return None
    breakdown = search.time.as_dict(best)
    step = float(search.time.total[best])
    recompute = float(search.layouts.take(best).recompute_share(model.layers)[0])
    recompute *= 1.0 if int(search.layouts.recompute[best]) == 2 else 0.0  # selective: the attention core only
    memory = search.memory
    states = float(memory.weights[best] + memory.gradients[best] + memory.optimizer[best])
    slower = job.updates / calibration.pass_efficiency
    return TrainedModel(update_s=step * slower, forward_s=forward_share(breakdown, recompute) * slower,
                        states_bytes=states, total_bytes=float(memory.total[best]),
                        layout=search.layouts.describe(best),
                        memory=memory.as_gib(best, cluster.gpu.usable_memory_gib or 0.0), fits=bool(search.fits[best]))


@record
class Rollout:
    """The engine's generation of one step's responses."""
    seconds: float
    tp: int
    replicas: int
    concurrency: int  # sequences one replica decodes at once
    weights_bytes: float  # per GPU: the engine's shard of the weights
    kv_bytes: float  # its KV cache (the pool its share of the GPU leaves, or what its batch allocates)
    workspace_bytes: float  # its prompt workspace and logits


def rollout_workload(scenario: Scenario, job: RlJob, share: float) -> ServingWorkload:
    assert scenario.model is not None
    return ServingWorkload(model=scenario.model, input_tokens=job.prompt_tokens, output_tokens=job.response_tokens,
                           weight_dtype=ROLLOUT_FORMAT, kv_dtype=ROLLOUT_FORMAT, engine=job.engine,
                           assumptions=scenario.assumptions, kv_cache_memory_fraction=share)


def generation_s(workload: ServingWorkload, gpu: GPU, tp: int, job: RlJob, per_replica: int,
                 concurrency: int) -> float:
    """One replica's generation of `per_replica` responses, `concurrency` at a time. In-flight batching: the engine
    stays full until its queue empties, then runs the tail until the longest response ends (max_response_tokens
    passes at least); each pass is costed at the mean batch in flight (a pass's time is about linear in its batch)
    with the prompts riding in it. A static batch (Hugging Face generate): waves of `concurrency` prompts, each
    prefilled and decoded until its longest response ends, padded sequences included."""
    mean, longest = job.response_tokens, job.max_response_tokens
    if workload.profile.inflight_batching:
        passes = max(float(longest), per_replica * mean / concurrency + (longest - mean))
        in_flight = per_replica * mean / passes
        context = job.prompt_tokens + mean / 2.0
        return passes * decode_pass_with_prompts_s(workload, gpu, tp, in_flight, context, per_replica / passes)
    seconds = 0.0
    left = per_replica
    while left > 0:
        wave = min(left, concurrency)
        seconds += prefill_time_s(workload, gpu, tp, wave) \
            + longest * decode_step_s(workload, gpu, tp, wave, job.prompt_tokens + longest / 2.0)
        left -= wave
    return seconds


def rollout(scenario: Scenario, job: RlJob, gpus: int, resident_bytes: float, share: float) -> Rollout | None:
    """The fastest rollout on `gpus` GPUs (the tensor-parallel size the file gives, or each power of two within a
    node that divides the heads and the GPUs) beside `resident_bytes` of training states per GPU; None: the weights
    and one sequence do not fit on any."""
    model, gpu = scenario.model, scenario.gpu
    assert model is not None
    workload = rollout_workload(scenario, job, share)
    capacity = (gpu.usable_memory_gib or 0.0) * GIB
    sizes = [scenario.rl.rollout_tp] if scenario.rl.rollout_tp else \
        [tp for tp in (1, 2, 4, 8, 16, 32, 64) if tp <= min(gpus, scenario.gpus_per_node)
         and model.heads % tp == 0 and gpus % tp == 0]
    best: Rollout | None = None
    for tp in sizes:
        replicas = gpus // tp
        per_replica = math.ceil(job.sequences / replicas)
        weights = held_weight_bytes(model, ROLLOUT_FORMAT, workload.profile, tp)
        kv_tokens = job.prompt_tokens + (job.response_tokens / 2.0 if workload.profile.inflight_batching
                                         else job.max_response_tokens)  # in use on average, or the whole length
        per_sequence = kv_cache_bytes(model, ROLLOUT_FORMAT, kv_tokens, tp)
        fixed = weights + workspace_bytes(workload, tp, min(per_replica, ENGINE_MAX_SEQUENCES)) \
            + scenario.assumptions.cuda_context_gib * GIB
        if workload.profile.inflight_batching:  # the engine takes its share of the GPU, beside what stays resident
            room = share * capacity - fixed
            most = min(ENGINE_MAX_SEQUENCES, per_replica)
        else:  # it allocates what its batch needs, in what the resident states leave
            room = capacity - resident_bytes - fixed
            most = per_replica
        concurrency = min(most, int(room // per_sequence)) if room > 0 else 0
        if concurrency < 1:
            continue
        kv = room if workload.profile.inflight_batching else concurrency * per_sequence
        seconds = generation_s(workload, gpu, tp, job, per_replica, concurrency)
        if best is None or seconds < best.seconds:
            best = Rollout(seconds=seconds, tp=tp, replicas=replicas, concurrency=concurrency, weights_bytes=weights,
                           kv_bytes=kv, workspace_bytes=fixed - weights - scenario.assumptions.cuda_context_gib * GIB)
    return best


def weight_sync_s(scenario: Scenario, job: RlJob, count: int, training_gpus: int, tp: int, separate: bool) -> float:
    """Moving the updated 16-bit weights into the engine. Colocated, every GPU gathers the whole weights from the
    training GPUs' shards (an all-gather: (n - 1) / n of them in) and keeps its engine's tensor-parallel shard;
    apart, each rollout GPU takes its shard from the training side. Over the node's scale-up links (NVLink) where
    the GPUs share a node, else over each GPU's share of the node's network; on one GPU, a copy in its own memory
    (read and written once)."""
    assert scenario.model is not None
    gpu, assumptions = scenario.gpu, scenario.assumptions
    weights = scenario.model.total_params * ROLLOUT_FORMAT.bytes_per_param
    if count == 1:
        return 2.0 * weights / ((gpu.memory_bandwidth_gbs or 1.0) * 1e9)
    moved = weights / tp if separate else weights * (training_gpus - 1) / training_gpus
    if count <= scenario.gpus_per_node:
        return moved / float(nvlink_bytes_per_s(gpu, count, assumptions, Collective.ALL_GATHER))
    cluster = cluster_for(scenario, count)
    return moved / (cluster.network_gbps / cluster.gpus_per_node * 1e9 / 8.0 * assumptions.network_efficiency)


def offload_s(scenario: Scenario, moved_bytes: float) -> float:
    """Training states to host memory before the rollout and back after it, over the GPU's PCIe link."""
    one_way = scenario.gpu.pcie_gbs_bidirectional / 2.0 * 1e9 * scenario.assumptions.link_efficiency
    return 2.0 * moved_bytes / one_way


def phase_memory(capacity_gib: float, *held: MemoryPerGPU | None, weights: float = 0.0, kv: float = 0.0,
                 activations: float = 0.0, overhead: float = 0.0) -> MemoryPerGPU:
    """One phase's memory per GPU: the states `held` (each model's as its update lays it out: a model at work with
    its activations, the others' states alone) and the engine's bytes, summed by part."""
    gib = 1.0 / GIB
    parts = {"weights": weights * gib, "gradients": 0.0, "optimizer": 0.0, "activations": activations * gib,
             "kv_cache": kv * gib, "overhead": overhead * gib}
    for memory in held:
        if memory is not None:
            for name in ("weights", "gradients", "optimizer", "activations", "overhead"):
                parts[name] += getattr(memory, name)
    total = sum(parts.values())
    return MemoryPerGPU(**parts, total=total, capacity=capacity_gib, allocated=total)


def states_only(memory: MemoryPerGPU | None) -> MemoryPerGPU | None:
    """A model's weights, gradients and optimizer states, as they stay on the GPU while another model works."""
    if memory is None:
        return None
    return replace(memory, activations=0.0, overhead=0.0, kv_cache=0.0,
                   total=memory.weights + memory.gradients + memory.optimizer)


@record
class RlOutcome:
    """One placement of the step: its time, parts, memory and whether every phase fits."""
    placement: RlPlacement
    offload: bool
    rollout_gpus: int
    training_gpus: int
    parts: RlParts
    step_s: float
    memory: RlMemory
    peak_memory: MemoryPerGPU  # the largest phase, by part
    fits: bool
    policy: TrainedModel
    rollout: Rollout | None


class _Models:
    """The updates searched once per training GPU count within one estimate (placements share them)."""

    def __init__(self, scenario: Scenario, job: RlJob, precision: Precision, calibration: RlCalibration) -> None:
        self.scenario, self.job, self.precision, self.calibration = scenario, job, precision, calibration
        self.found: dict[tuple[int, ModelArch], TrainedModel | None] = {}

    def of(self, model: ModelArch, count: int) -> TrainedModel | None:
        key = (count, model)
        if key not in self.found:
            self.found[key] = train_model(self.scenario, self.job, model, self.precision,
                                          cluster_for(self.scenario, count), self.calibration)
        return self.found[key]


def _flops_ratio(model: ModelArch, policy: ModelArch, seq_len: int) -> float:
    return model.training_flops_per_token(seq_len) / policy.training_flops_per_token(seq_len)


def evaluate_placement(scenario: Scenario, job: RlJob, models: _Models, count: int, placement: RlPlacement,
                       rollout_gpus: int, offload: bool) -> RlOutcome | None:
    """The step with the engine on `rollout_gpus` (colocated: all `count`); None where the update runs nowhere."""
    policy_model = scenario.model
    assert policy_model is not None
    separate = placement == RlPlacement.SEPARATE
    training_gpus = count - rollout_gpus if separate else count
    policy = models.of(policy_model, training_gpus)
    if policy is None:
        return None
    critic = models.of(job.critic_model, training_gpus) if job.critic_model is not None else None
    if job.critic_model is not None and critic is None:
        return None
    seq = job.sequence_tokens
    frozen_params = (policy_model.total_params if job.reference else 0.0) + \
        (job.reward_model.total_params if job.reward_model is not None else 0.0)
    frozen = frozen_params * 2.0 / training_gpus  # 16-bit, sharded over the training GPUs (FSDP)
    critic_states = critic.states_bytes if critic else 0.0
    reference_s = policy.forward_s if job.reference else 0.0
    reward_s = policy.forward_s * _flops_ratio(job.reward_model, policy_model, seq) if job.reward_model else 0.0
    critic_s = critic.forward_s + critic.update_s if critic else 0.0
    capacity_gib = scenario.gpu.usable_memory_gib or 0.0
    context = scenario.assumptions.cuda_context_gib * GIB
    kept = None if offload else states_only(critic.memory if critic else None)
    training_phase = phase_memory(capacity_gib, policy.memory, kept, weights=frozen)
    critic_phase = None if critic is None else phase_memory(
        capacity_gib, critic.memory, None if offload else states_only(policy.memory), weights=frozen)
    generation = sync = moved = 0.0
    engine: Rollout | None = None
    rollout_phase: MemoryPerGPU | None = None
    if not job.offline:
        resident = 0.0 if separate or offload else policy.states_bytes + critic_states + frozen
        share = scenario.rl.gpu_memory_utilization or (SEPARATE_ENGINE_SHARE if separate else COLOCATED_ENGINE_SHARE)
        engine = rollout(scenario, job, rollout_gpus, resident, share)
        if engine is None:
            return None
        generation = engine.seconds / models.calibration.generation_efficiency
        held = () if separate or offload else (states_only(policy.memory), states_only(critic.memory if critic
                                                                                       else None))
        rollout_phase = phase_memory(capacity_gib, *held, weights=engine.weights_bytes + (frozen if held else 0.0),
                                     kv=engine.kv_bytes, activations=engine.workspace_bytes, overhead=context)
        sync = weight_sync_s(scenario, job, count, training_gpus, engine.tp, separate) \
            + policy_model.layers * models.calibration.refit_layer_s
        if offload:
            moved = policy.states_bytes + critic_states + frozen
    log_prob_s = policy.forward_s
    parts = RlParts(generation_s=generation, log_prob_s=log_prob_s, reference_s=reference_s, critic_s=critic_s,
                    reward_s=reward_s, training_s=policy.update_s, weight_sync_s=sync,
                    offload_s=offload_s(scenario, moved) if moved else 0.0)
    rest = log_prob_s + reference_s + critic_s + reward_s + policy.update_s
    # One-step-off: the next step's rollouts generate while this one's passes and updates run.
    step = max(generation, rest) + sync if job.asynchronous else generation + rest + sync + parts.offload_s
    phases = [phase for phase in (rollout_phase, training_phase, critic_phase) if phase is not None]
    peak = max(phases, key=lambda phase: phase.total)
    memory = RlMemory(peak=peak.total, rollout=None if rollout_phase is None else rollout_phase.total,
                      training=training_phase.total, critic=None if critic_phase is None else critic_phase.total,
                      capacity=capacity_gib)
    fits = all(phase.total <= capacity_gib for phase in phases) and policy.fits and (critic is None or critic.fits)
    return RlOutcome(placement=placement, offload=offload, rollout_gpus=rollout_gpus, training_gpus=training_gpus,
                     parts=parts, step_s=step, memory=memory, peak_memory=peak, fits=fits, policy=policy,
                     rollout=engine)


def placements(scenario: Scenario, job: RlJob, count: int) -> list[tuple[RlPlacement, int, bool]]:
    """(placement, rollout GPUs, offload) worth evaluating on `count` GPUs: what the file fixes, the rest searched."""
    rl = scenario.rl
    if job.offline:
        return [(RlPlacement.COLOCATED, count, False)]
    wanted = [rl.placement] if rl.placement else [RlPlacement.COLOCATED, RlPlacement.SEPARATE]
    found: list[tuple[RlPlacement, int, bool]] = []
    for placement in wanted:
        if placement == RlPlacement.COLOCATED:
            found += [(placement, count, offload) for offload in ((rl.offload,) if rl.offload is not None
                                                                  else (False, True))]
            continue
        if count < 2:
            continue
        splits = [rl.rollout_gpus] if rl.rollout_gpus else sorted({min(count - 1, max(1, round(count * share)))
                                                                   for share in ROLLOUT_SHARES})
        found += [(placement, split, False) for split in splits if split < count]
    return found


def best_outcome(scenario: Scenario, job: RlJob, models: _Models, count: int) -> tuple[RlOutcome | None, int]:
    """The fastest placement that fits on `count` GPUs (else the one needing the least memory), and how many were
    evaluated."""
    outcomes = [outcome for placement, rollout_gpus, offload in placements(scenario, job, count)
                if (outcome := evaluate_placement(scenario, job, models, count, placement, rollout_gpus, offload))
                is not None]
    fitting = [outcome for outcome in outcomes if outcome.fits]
    if fitting:
        return min(fitting, key=lambda outcome: outcome.step_s), len(outcomes)
    return min(outcomes, key=lambda outcome: outcome.memory.peak, default=None), len(outcomes)


COUNT_LIMIT = 1 << 14


def choose_count(scenario: Scenario, job: RlJob, models: _Models) -> tuple[int, RlOutcome, int]:
    """The smallest power-of-two GPU count whose step fits (and meets the deadline where one is set)."""
    deadline = scenario.constraints.deadline_days
    last: tuple[int, RlOutcome, int] | None = None
    count = 1
    while count <= COUNT_LIMIT:
        outcome, considered = best_outcome(scenario, job, models, count)
        if outcome is not None:
            last = (count, outcome, considered)
            if outcome.fits and (deadline is None or job.steps * outcome.step_s / 86400.0 <= deadline):
                return last
        count *= 2
    if last is None:
        raise InputError(COUNT_FIELD, "no GPU count up to {limit:,} runs this RL step", limit=COUNT_LIMIT)
    return last


def rl_warnings(scenario: Scenario, job: RlJob, outcome: RlOutcome) -> list[Message]:
    """What the estimate assumed that the reader should know, and what does not fit."""
    notes: list[Message] = []
    if not outcome.fits:
        notes.append(msg("Does not fit: the step's largest phase needs {need:.1f} GiB per GPU of the {capacity:.0f} "
                         "GiB; use more GPUs, offload the training states, or lower the engine's memory share.",
                         need=outcome.memory.peak, capacity=outcome.memory.capacity))
    if job.engine == "hf":
        notes.append(msg("Hugging Face generate runs a padded static batch without CUDA graphs: its speed is judged "
                         "on published single-request runs only, none at a rollout's batch sizes."))
    if job.engine == "sglang":
        notes.append(msg("SGLang is estimated with vLLM's speeds: no published SGLang run has been judged."))
    if not job.offline and scenario.rl.max_response_tokens is None:
        notes.append(msg("The longest response is taken as {longest:,} tokens (twice the mean): a synchronous step "
                         "waits for it. Set rl.max_response_tokens to the run's limit.",
                         longest=job.max_response_tokens))
    if job.critic_model is not None:
        notes.append(msg("The critic is costed as a model of its architecture trained like the policy (its value "
                         "head in place of the vocabulary is not told apart)."))
    if RL_JUDGED_ERRORS:
        band = rl_band(job.algorithm, job.offline)
        notes.append(msg("The RL step's three constants (its passes' and its rollout's share of the training and "
                         "serving estimates, the weight sync's cost a layer) are fitted on the phase times of {fit} "
                         "and judged on {count} runs of {judged}: ±{band:.0f}% is at least the worst error there, "
                         "sources of one framework (NeMo RL), too few for a band of stated coverage.",
                         fit=Listing(RL_FIT_SOURCES), count=len(RL_JUDGED_ERRORS),
                         judged=Listing(tuple(sorted({group for _, group, _ in RL_JUDGED_ERRORS}))), band=band.pct))
    if not job.offline and job.reward_model is None:
        notes.append(msg("The reward is taken as a rule or a verifier run on the host (no reward model's forward "
                         "pass); set rl.reward_model for a learned one."))
    return notes


def estimate_rl(scenario: Scenario, node: NodeSpec | None = None, alternatives: bool = True,
                calibration: RlCalibration = FITTED_RL) -> Estimate:
    """An RL post-training step and run on the scenario's GPUs (the count given, or the smallest that fits);
    `calibration`: what the frameworks' steps add (core.results.rl_validation; benchmarks/rl_runs.py fits it)."""
    model = scenario.model
    assert model is not None
    precision, warnings = supported_precision(scenario.gpu, scenario.precision)
    job = rl_job(scenario)
    models = _Models(scenario, job, precision, calibration)
    if scenario.gpu_count is None:
        count, outcome, considered = choose_count(scenario, job, models)
    else:
        count = scenario.gpu_count
        found, considered = best_outcome(scenario, job, models, count)
        if found is None:
            raise InputError(COUNT_FIELD, "no layout of the update or rollout runs on {count:,} GPUs",
                             count=count)
        outcome = found
    cluster = cluster_for(scenario, count)
    step = outcome.step_s
    generated = 0 if job.offline else job.sequences * job.response_tokens
    trained_per_step = job.sequences * job.sequence_tokens
    workload = trained_workload(scenario, job, model, precision)
    flops_per_token = workload.model.training_flops_per_token(workload.seq_len)
    model_tflops = flops_per_token * trained_per_step / step / count / 1e12
    compute_days = job.steps * step / 86400.0
    saved = saved_bytes(model.total_params, precision, workload.optimizer, scenario.assumptions, False,
                        scenario.storage)
    reliability = run_goodput(compute_days, count, saved, scenario.assumptions, scenario.storage)
    days = reliability.wall_days
    band = rl_band(job.algorithm, job.offline)
    power = power_block(cluster.gpu, cluster.gpus_per_node, cluster.nodes, node, PowerAssumptions())
    energy, energy_tdp_basis = run_energy(power, cluster.gpu, count, compute_days)
    parts = outcome.parts
    separate = outcome.placement == RlPlacement.SEPARATE
    engine = outcome.rollout
    training_busy = parts.log_prob_s + parts.reference_s + parts.critic_s + parts.reward_s + parts.training_s
    figures = RlFigures(
        algorithm=job.algorithm.value, placement=outcome.placement.value,
        engine=None if job.offline else engine_profile(job.engine).name, asynchronous=job.asynchronous,
        offload=outcome.offload, step_time_s=step, parts=parts,
        generation_share=parts.generation_s / step if step > 0 else 0.0,
        tokens_per_s=generated / step, trained_tokens_per_s=trained_per_step / step,
        sequences_per_step=job.sequences, steps=job.steps, days=days, gpu_hours=days * 24.0 * count,
        rollout_gpus=outcome.rollout_gpus, training_gpus=outcome.training_gpus,
        rollout_tp=engine.tp if engine else None, rollout_replicas=engine.replicas if engine else None,
        rollout_concurrency=engine.concurrency if engine else None,
        rollout_idle_share=(step - parts.generation_s) / step if separate else None,
        training_idle_share=(step - training_busy) / step if separate else None,
        memory_gib_per_gpu=outcome.memory, uncertainty_pct=band.pct, uncertainty_coverage=band.coverage,
        uncertainty_basis=band.basis.value, placements_considered=considered)
    breakdown = {name.removesuffix("_s"): seconds for name, seconds in parts.items()}
    warnings += rl_warnings(scenario, job, outcome)
    if alternatives:
        warnings += goodput_warnings(reliability, count, scenario.assumptions)
    return Estimate(
        task=scenario.task, fits=outcome.fits, gpu=cluster.gpu.id, count=count, nodes=cluster.nodes,
        precision=precision, precision_requested=scenario.precision, layout=outcome.policy.layout,
        memory_gib_per_gpu=outcome.peak_memory,
        training=TrainingFigures(
            step_time_s=step, tokens_per_s=trained_per_step / step,
            tokens_per_s_per_gpu=trained_per_step / step / count, model_tflops_per_gpu=model_tflops,
            mfu=model_tflops / (peak_flops(cluster.gpu, precision) / 1e12), days=days,
            gpu_hours=days * 24.0 * count, steps=job.steps, tokens=trained_per_step * job.steps,
            trainable_params=model.total_params + (job.critic_model.total_params if job.critic_model else 0.0),
            cluster_model_states_gb=model_states_gb(outcome.policy.memory, outcome.training_gpus),
            uncertainty_pct=band.pct, uncertainty_coverage=band.coverage, uncertainty_basis=band.basis.value,
            step_breakdown_s=breakdown, compute_days=compute_days, goodput=reliability),
        inference=None, power=power, energy_mwh=energy, energy_mwh_gpu_tdp_basis=energy_tdp_basis,
        model=ModelSummary(name=model.name, params=model.total_params, active_params=model.active_params,
                           training_flops_per_token=flops_per_token),
        alternatives=() if alternatives else None, layouts_considered=considered, layouts_fitting=None,
        assumptions={**assumption_values(scenario.assumptions), "flops_convention": FLOPS_CONVENTION,
                     "optimizer": workload.optimizer.value, "power": POWER_BASIS,
                     "rl": {"samples_per_prompt": job.samples, "max_response_tokens": job.max_response_tokens,
                            "steps": job.steps, "engine_max_sequences": ENGINE_MAX_SEQUENCES,
                            "engine_memory_share": scenario.rl.gpu_memory_utilization or (
                                SEPARATE_ENGINE_SHARE if separate else COLOCATED_ENGINE_SHARE),
                            "rollout_dtype": ROLLOUT_FORMAT.value}},
        warnings=tuple(warnings), rl=figures)
