"""Evaluate a scenario: pick the layout (or take the user's), and report memory, time, power and warnings in
the shape of README "Headless use"."""

from __future__ import annotations

import math
from dataclasses import asdict, replace
from functools import lru_cache
from typing import Any

import numpy as np

from gpuplanner.core.adapters import AdapterSpec, mixed_bytes_per_param
from gpuplanner.core.errors import InputError, require_int, require_positive
from gpuplanner.core.goodput import LOW_GOODPUT, Goodput, expected_goodput
from gpuplanner.core.hardware import GPU, Precision, Segment
from gpuplanner.core.inference import (
    CALIBRATION,
    PCIE_TENSOR_PARALLEL,
    EngineProfile,
    KvAdmission,
    ServingWorkload,
    compute_precision,
    estimate_serving,
    fits_memory,
    replica_under_load,
    replicas_for_target,
    serving_validation_group,
    smallest_fitting_tp,
)
from gpuplanner.core.layout import LayoutSearch, clusters_fast_searches, search_layouts
from gpuplanner.core.memory import (
    GIB,
    busiest_stage_layers,
    checkpoint_bytes,
    gradient_bytes_per_param,
    optimizer_bytes_per_param,
    parameter_shard,
    weight_bytes_per_param,
)
from gpuplanner.core.messages import Listing, Message, msg
from gpuplanner.core.performance import (
    SCALE_OUT_SHARE,
    cross_node_data_parallel_share,
    fitted_scale,
    is_scale_out,
    is_validated,
    linear_flops_per_token,
    model_flops_per_token,
    peak_flops,
    peak_gemm_efficiency,
    sustained_peak_flops,
    validation_group,
)
from gpuplanner.core.results import (
    Estimate,
    LatencyPoint,
    Layout,
    MemoryPerGPU,
    ModelSummary,
    PowerFigures,
    ServingFigures,
    StackReport,
    TrainingFigures,
)
from gpuplanner.core.scenario import Scenario
from gpuplanner.core.site import NodeSpec, PowerAssumptions, expected_it_kw
from gpuplanner.core.stack import profile_for
from gpuplanner.core.uncertainty import (
    COVERAGE,
    SHIPPED_SERVING_BANDS,
    SHIPPED_TRAINING_BANDS,
    UNVALIDATED_ERROR_PCT,
    Band,
    Basis,
    serving_band,
    training_band,
)
from gpuplanner.core.validation_errors import (
    LARGEST_VALIDATED_GPUS,
    MOE_GROUPS,
    MOE_SPEED_RATIO,
    OUT_OF_SAMPLE_MEDIAN_PCT,
    PUBLISHED_GPU_HOURS_EXCESS_PCT,
    SCALE_OUT_CASES,
    SCALE_OUT_SOURCES,
    SCALE_OUT_SPEED_RATIO,
    SERVING_FIT_SOURCES,
    SERVING_MOE_SPEED_RATIO,
)
from gpuplanner.core.vision import (
    ACTIVATION_TRAFFIC_FACTOR,
    CONV_EFFICIENCY,
    ImageModel,
    ImageWorkload,
    search_image_layouts,
)
from gpuplanner.core.workload import Assumptions, Cluster, Task, TrainingWorkload, WeightDtype

# CNN training: the worst |error| of the NVIDIA DeepLearningExamples runs (benchmarks/replay.vision_cases, A100 and
# V100): one vendor's tables, too few independent sources for a coverage quantile (core.uncertainty).
CNN_BAND_PCT = 21.0
CNN_VALIDATED_ARCHITECTURES = ("Ampere", "Volta")
MIN_MEMORY_HEADROOM = 0.05  # a senior engineer's rule of thumb: keep ~5 % of GPU memory free
FP8_PARAMETER_HINT_SHARE = 0.10  # FP8 parameters are worth a hint when they would free this share of the GPU
OVERSIZED_MIN_GPUS, OVERSIZED_HOURS = 1024, 2.0  # >= 1,024 GPUs for a job under two hours: check the inputs
ECC_RISK_DAYS = 3.0  # a run longer than this on memory without ECC risks silent errors
LONG_RUN_DAYS = 7.0  # a run this long is compared with the published whole-run GPU-hour totals
# Exposed data-parallel traffic across nodes above this share of the step is where the network costing decides the
# answer (MosaicML's FSDP runs on H100 and the older ZeRO-3, Ethernet and RoCE runs disagree on it).
CROSS_NODE_DP_NOTE_SHARE = 0.2
COUNT_SEARCH_LIMIT = 1 << 16

PRECISION_FALLBACK = {Precision.FP4: Precision.FP8, Precision.FP8: Precision.BF16, Precision.BF16: Precision.FP16,
                      Precision.TF32: Precision.FP32, Precision.FP16: Precision.FP32}


def supported_precision(gpu: GPU, wanted: Precision) -> tuple[Precision, list[Message]]:
    """The precision the GPU can run, falling back (FP4 -> FP8 -> BF16 -> FP16 -> FP32) with a warning."""
    warnings: list[Message] = []
    precision = wanted
    while gpu.peak_tflops(precision) is None and precision in PRECISION_FALLBACK:
        fallback = PRECISION_FALLBACK[precision].value.upper()
        if precision == Precision.FP4:
            warnings.append(msg("{gpu} has no FP4 tensor cores (FP4 needs Blackwell or CDNA 4); estimated in "
                                "{fallback} instead.", gpu=gpu.model, fallback=fallback))
        elif precision == Precision.FP8:
            warnings.append(msg("{gpu} has no FP8 tensor cores (FP8 needs Hopper, Ada or newer); estimated in "
                                "{fallback} instead.", gpu=gpu.model, fallback=fallback))
        elif precision == Precision.BF16:
            warnings.append(msg("{gpu} has no BF16 tensor cores (BF16 needs Ampere or newer); estimated in "
                                "{fallback} instead.", gpu=gpu.model, fallback=fallback))
        else:
            warnings.append(msg("{gpu} publishes no {wanted} rate; estimated in {fallback} instead.",
                                gpu=gpu.model, wanted=precision.value.upper(), fallback=fallback))
        precision = PRECISION_FALLBACK[precision]
    if gpu.peak_tflops(precision) is None:
        raise InputError("precision", "{model} has no published peak for {value} or a fallback",
                         model=gpu.model, value=wanted.value)
    return precision, warnings


@lru_cache(maxsize=64)
def _assumption_items(assumptions: Assumptions) -> tuple[tuple[str, Any], ...]:
    return tuple(asdict(assumptions).items())


@lru_cache(maxsize=16)
def _profile_items(profile: EngineProfile) -> tuple[tuple[str, Any], ...]:
    return tuple(asdict(profile).items())


def assumption_values(assumptions: Assumptions) -> dict[str, float | bool]:
    """The assumptions as plain values for the result (a fresh dict; the conversion is done once per set)."""
    return dict(_assumption_items(assumptions))


def time_band(gpu: GPU, precision: Precision, count: int, moe: bool = False, scale_out: bool = False) -> Band:
    """The band of a training time on `count` GPUs (core.uncertainty.training_band over the shipped bands)."""
    return training_band(SHIPPED_TRAINING_BANDS, validation_group(gpu, precision), count, moe, scale_out)


def moe_unvalidated(group: tuple[str, str], moe: bool) -> bool:
    """A mixture-of-experts model on an architecture and math width no published MoE run was checked on."""
    return moe and group not in MOE_GROUPS


def training_warnings(scenario: Scenario, workload: TrainingWorkload, cluster: Cluster, search: LayoutSearch,
                      best: int, days: float) -> list[Message]:
    gpu = cluster.gpu
    layout = search.layouts.describe(best)
    breakdown = search.time.as_dict(best)
    dp_share = cross_node_data_parallel_share(breakdown, cluster.nodes)
    scale_out = is_scale_out(breakdown, cluster.nodes)

    def band(moe: bool) -> float:
        return time_band(gpu, workload.precision, cluster.count, moe, scale_out).pct

    warnings: list[Message] = []
    warnings += fit_warnings(search, best, gpu)
    if layout.tp > 1 and not gpu.has_scale_up_fabric:
        warnings.append(msg("{gpu} has no NVLink: tensor parallelism over PCIe is slow; prefer data "
                            "parallelism with ZeRO/FSDP.", gpu=gpu.model))
    if layout.tp > gpu.scale_up_domain > 1:
        warnings.append(msg("{gpu} links only {domain} GPUs by NVLink bridge; TP={tp} crosses PCIe.",
                            gpu=gpu.model, domain=gpu.scale_up_domain, tp=layout.tp))
    if gpu.segment == Segment.CONSUMER:
        warnings.append(GEFORCE_LICENCE)
    if gpu.ecc is not True and days > ECC_RISK_DAYS and gpu.segment != Segment.CONSUMER:
        warnings.append(msg("{gpu}: ECC memory not confirmed; a {days:.0f}-day run risks silent errors.",
                            gpu=gpu.model, days=days))
    if days > LONG_RUN_DAYS:
        worst, median, runs = PUBLISHED_GPU_HOURS_EXCESS_PCT
        warnings.append(msg("Whole runs take more than their steps and the interruptions modelled: {runs} published "
                            "pretraining totals came in up to {worst:.0f}% above estimates made this way (median "
                            "{median:.0f}%; restarts, stalls, loss spikes). Budget GPU-hours with that margin.",
                            runs=runs, worst=worst, median=median))
    deadline = scenario.constraints.get("deadline_days")
    if deadline is not None and days > deadline:
        warnings.append(msg("Misses the deadline: {days:.1f} days against {deadline:g}.", days=days,
                            deadline=deadline))
    warnings += fp8_parameter_hint(workload, search, best, gpu)
    warnings += cross_node_data_parallel_note(scenario, cluster, layout, dp_share)
    if scale_out:
        warnings += scale_out_band_note(dp_share, band(workload.model.is_moe))
    warnings += sustained_clock_note(gpu, workload.precision)
    if not is_validated(gpu, workload.precision):
        warnings.append(msg("No published run on {architecture} in {precision} to check against: the time "
                            "estimate is uncertain (±{band:.0f}%).", architecture=gpu.architecture,
                            precision=workload.precision.value,
                            band=band(workload.model.is_moe)))
    group = validation_group(gpu, workload.precision)
    if group in LARGEST_VALIDATED_GPUS and cluster.count > LARGEST_VALIDATED_GPUS[group]:
        warnings.append(msg("{count:,} GPUs is beyond the largest published run checked on {architecture} in "
                            "{width} ({largest:,} GPUs): the time band is widened to ±{band:.0f}%.",
                            count=cluster.count, architecture=gpu.architecture, width=group[1],
                            largest=LARGEST_VALIDATED_GPUS[group],
                            band=band(workload.model.is_moe)))
    if workload.model.is_moe and MOE_SPEED_RATIO is not None:
        low, median, high = MOE_SPEED_RATIO
        warnings.append(msg("Mixture-of-experts training rests on one constant fitted on published MoE runs (the "
                            "experts' share of dense GEMM efficiency, editable): refitted without each run's source, "
                            "the estimate is {low:.2f}-{high:.2f} times the measured speed (median {median:.2f}); the "
                            "band is ±{band:.0f}%.",
                            low=low, high=high, median=median,
                            band=band(True)))
    if group in OUT_OF_SAMPLE_MEDIAN_PCT and moe_unvalidated(group, workload.model.is_moe):
        warnings.append(msg("No published mixture-of-experts run on {architecture} in {width} to check against: the "
                            "time band is widened to ±{band:.0f}%.", architecture=gpu.architecture, width=group[1],
                            band=band(True)))
    if cluster.count > cluster.gpus_per_node and not gpu.is_sxm_class:
        warnings.append(msg("Multi-node training on PCIe servers: check each node has a 100-200 Gb/s RDMA NIC "
                            "per 2 GPUs or gradient traffic will dominate."))
    if search.fits[best] and gpu.usable_memory_gib:  # a tight fit has its own warning
        warnings += headroom_warnings(float(search.memory.total[best]) / GIB, gpu.usable_memory_gib)
    model = workload.model
    most = float(busiest_stage_layers(model.layers, np.array([layout.pp]))[0])
    if most * layout.pp > model.layers:
        warnings.append(msg("PP={pp} splits {layers} layers unevenly: the stage with {most} layers sets the pace, "
                            "and the estimate costs it (and its memory) so.", pp=layout.pp, layers=model.layers,
                            most=int(most)))
    if model.max_seq_len is not None and workload.seq_len > model.max_seq_len:
        warnings.append(msg("Sequence length {seq:,} is beyond the {max:,} tokens {model} was built for.",
                            seq=workload.seq_len, max=model.max_seq_len, model=model.name))
    if layout.cp > 1:
        warnings.append(msg("CP={cp} splits each {seq:,}-token sequence over {cp} GPUs (ring attention); its K/V "
                            "traffic is costed as hidden behind the attention math where that is longer.",
                            cp=layout.cp, seq=workload.seq_len))
    hours = days * 24.0
    if cluster.count >= OVERSIZED_MIN_GPUS and hours < OVERSIZED_HOURS:
        warnings.append(msg("{count:,} GPUs for a {hours:.1f}-hour job: a cluster this size for so short a run is "
                            "unusual; check the inputs (tokens, sequence length).", count=cluster.count,
                            hours=hours))
    return warnings


def fit_warnings(search: LayoutSearch, best: int, gpu: GPU) -> list[Message]:
    """Does not fit, or fits only without the caching allocator's reserve ("tight", with the margin)."""
    if search.fits[best]:
        return []
    reserved, allocated = float(search.memory.total[best]) / GIB, float(search.memory.allocated[best]) / GIB
    if search.runs(best):
        return [msg("Tight: {allocated:.1f} GiB allocated per GPU fits the {capacity:g} GiB of {gpu} with {margin:.1f} "
                    "GiB to spare, but with the allocator's reserve it comes to {reserved:.1f} GiB. Runs like this "
                    "work with PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True; leave room if you can.",
                    allocated=allocated, capacity=gpu.usable_memory_gib or 0, gpu=gpu.model,
                    margin=(gpu.usable_memory_gib or 0) - allocated, reserved=reserved)]
    return [msg("Does not fit: the leanest layout needs {need:.1f} GiB per GPU but {gpu} has "
                "{capacity:g} GiB. Add GPUs, shard more (ZeRO-3), or recompute activations.",
                need=reserved, gpu=gpu.model, capacity=gpu.usable_memory_gib or 0)]


def sustained_clock_note(gpu: GPU, precision: Precision) -> list[Message]:
    """Say so where the GPU's GEMMs are scaled by its measured sustained clock (GPU.sustained_gemm_share)."""
    share = gpu.sustained_gemm_share.get(precision.value, 1.0)
    if share >= 1.0:
        return []
    return [msg("{gpu} holds {share:.0%} of the GEMM rate of the best-sustaining {architecture} part at the same "
                "datasheet peak (its power limit lowers its clock under dense GEMMs: the vendor's measured "
                "max-achievable FLOPs); its {width} GEMMs are scaled so.", gpu=gpu.model, share=share,
                architecture=gpu.architecture, width=precision.value.upper())]


def cross_node_data_parallel_note(scenario: Scenario, cluster: Cluster, layout: Layout,
                                  share: float) -> list[Message]:
    """Where data-parallel traffic across nodes is a real share of the step and costed one NIC per GPU: say how much
    it is and that a rail-optimized fabric spreads it over every NIC of a node (the assumption that costs it so).
    Not where a data-parallel group has one rank a node (tp x pp fill it; context-parallel ranks reduce the same
    gradients, so they are in the group): striping changes nothing there. `share`: the step's exposed
    data-parallel traffic between nodes (performance.cross_node_data_parallel_share, 0 on one node)."""
    if (scenario.assumptions.node_striped_collectives or layout.dp * layout.cp <= 1
            or layout.tp * layout.pp >= cluster.gpus_per_node):
        return []
    if share < CROSS_NODE_DP_NOTE_SHARE:
        return []
    return [msg("Data-parallel traffic across nodes is {share:.0%} of the step, costed at each GPU's own NIC share. On "
                "a rail-optimized fabric NCCL spreads it over every NIC of a node (MosaicML's FSDP runs on H100 kept "
                "their speed from 8 to 64 GPUs); set assumptions.node_striped_collectives to cost it so.",
                share=share)]


def scale_out_band_note(share: float, band: float) -> list[Message]:
    """A step in the scale-out regime: how the published runs in it compare, and the band they give."""
    if SCALE_OUT_SPEED_RATIO is None or SCALE_OUT_SOURCES < 2:
        return []
    low, median, high = SCALE_OUT_SPEED_RATIO
    return [msg("Data-parallel traffic between nodes is {share:.0%} of this step. Where it is {threshold:.0%} or more, "
                "published runs of one job differ by site: against {cases} of them ({sources} sources) the estimate "
                "is {low:.2f}-{high:.2f} times the measured speed (median {median:.2f}), so the time band is "
                "±{band:.0f}%.",
                share=share, threshold=SCALE_OUT_SHARE, cases=SCALE_OUT_CASES, sources=SCALE_OUT_SOURCES, low=low,
                high=high, median=median, band=band)]


def fp8_parameter_hint(workload: TrainingWorkload, search: LayoutSearch, best: int, gpu: GPU) -> list[Message]:
    """FP8 / FP4 math on 16-bit weights: what FP8 parameters would save, where it is a real share of the GPU."""
    capacity = gpu.usable_memory_gib or 0.0
    if workload.precision not in (Precision.FP8, Precision.FP4) or workload.weight_dtype is not None or capacity <= 0:
        return []
    now = float(search.memory.weights[best]) / GIB
    fp8 = now * mixed_bytes_per_param(workload.model, 1.0) / weight_bytes_per_param(workload.precision)
    if now - fp8 < FP8_PARAMETER_HINT_SHARE * capacity:
        return []
    return [msg("FP8 parameters (training.weight_dtype fp8, as NeMo's fp8_params) would hold the weights in "
                "{fp8:.1f} GiB per GPU instead of {now:.1f} and spare their cast each step; the estimate keeps "
                "16-bit weights unless the scenario sets it.", fp8=fp8, now=now)]


def memory_is_tight(total_gib: float, capacity_gib: float) -> bool:
    """Memory within the headroom a senior engineer keeps free (MIN_MEMORY_HEADROOM)."""
    return capacity_gib > 0 and total_gib > capacity_gib * (1.0 - MIN_MEMORY_HEADROOM)


def headroom_warnings(total_gib: float, capacity_gib: float) -> list[Message]:
    """Memory within a few percent of capacity runs out with fragmentation or a longer batch."""
    if memory_is_tight(total_gib, capacity_gib):
        return [msg("Uses {used:.0%} of GPU memory: under {headroom:.0%} headroom, allocator fragmentation or a "
                    "longer sequence can run out of memory; plan a little more.", used=total_gib / capacity_gib,
                    headroom=MIN_MEMORY_HEADROOM)]
    return []


def power_block(gpu: GPU, gpus_per_node: int, nodes: int, node: NodeSpec | None,
                power: PowerAssumptions) -> PowerFigures:
    """Nameplate from the chosen server (when known) and the expected draw from the metered per-GPU figure."""
    expected = expected_it_kw(gpu.tdp_w, gpus_per_node, 0, power)
    return PowerFigures(node_kw_nameplate=None if node is None else node.nameplate_kw, node_kw_expected=expected,
                        cluster_kw_expected=None if expected is None else expected * nodes,
                        node_gpus=None if node is None else node.gpus)


def _energy(power: PowerFigures, gpu: GPU, count: int, days: float) -> tuple[float | None, float | None]:
    """Energy of the run in MWh: the expected cluster draw, and GPU-hours x TDP (the accounting Llama and BLOOM
    publish: no host, no PUE) for like-with-like checks."""
    cluster_kw = power.cluster_kw_expected
    return (None if cluster_kw is None else cluster_kw * days * 24.0 / 1000.0,
            None if gpu.tdp_w is None else days * 24.0 * count * gpu.tdp_w / 1e6)


def _cluster(scenario: Scenario, count: int) -> Cluster:
    return Cluster(scenario.gpu, count, min(scenario.gpus_per_node, count), scenario.network_gbps_per_node)


def stored_weights(scenario: Scenario, precision: Precision) -> WeightDtype | None:
    """How the weights are stored at the precision the GPU runs: as the scenario says (QLoRA: NF4), except that
    trained FP8 / FP4 parameters need GEMMs that read them; where the GPU falls back they are kept in its dtype."""
    given = scenario.training.get("weight_dtype", WeightDtype.NF4 if scenario.task == Task.QLORA else None)
    if given is not None and scenario.task in (Task.PRETRAIN, Task.FINETUNE) and not given.read_by(precision):
        return None
    return given


def _training_workload(scenario: Scenario, precision: Precision) -> TrainingWorkload:
    adapter = None
    if scenario.task in (Task.LORA, Task.QLORA):
        adapter = AdapterSpec(rank=scenario.training["lora_rank"], targets=scenario.training["lora_targets"],
                              paged_optimizer=scenario.training["paged_optimizer"],
                              dropout=scenario.training.get("lora_dropout", AdapterSpec.dropout))
    return TrainingWorkload(model=scenario.model, task=scenario.task, seq_len=scenario.seq_len,
                            global_batch=scenario.training["global_batch"], tokens=scenario.training["tokens"],
                            precision=precision, optimizer=scenario.training["optimizer"], adapter=adapter,
                            weight_dtype=stored_weights(scenario, precision))


def training_bounds(scenario: Scenario, gpu: GPU) -> tuple[float, float] | None:
    """(GPU-days, bytes over all GPUs) that no layout of this training scenario can beat on `gpu`: the executed
    matmul FLOPs at the best GEMM efficiency of its architecture and peak, and every weight, gradient and optimizer
    byte sharded perfectly (activations and the runtime come on top). Divide by a GPU count to prune counts that
    cannot meet a deadline or cannot fit (None: not a language-model training task)."""
    if scenario.task not in (Task.PRETRAIN, Task.FINETUNE, Task.LORA, Task.QLORA):
        return None
    try:
        precision, _ = supported_precision(gpu, scenario.precision)
    except InputError:  # the GPU cannot run it at all: no bound here; its own evaluation says why
        return None
    workload = _training_workload(scenario, precision)
    # The prior times its fitted calibration (above 1 for Hopper and Blackwell), GEMMs of every size at their best.
    rate = sustained_peak_flops(gpu, precision) * peak_gemm_efficiency(gpu, precision) * fitted_scale(gpu, precision) \
        * scenario.assumptions.compute_efficiency_scale
    flops = float(linear_flops_per_token(workload, np.zeros(1))[0]) * workload.tokens
    gpu_days = math.inf if rate <= 0 else flops / rate / 86400.0
    shard = parameter_shard(workload, np.ones(1), np.ones(1))
    states = float(shard.weight_bytes[0]) + float(shard.trainable_params[0]) * (
        gradient_bytes_per_param(workload, scenario.assumptions)
        + optimizer_bytes_per_param(workload, scenario.assumptions))
    return gpu_days, states


def validate_workload(scenario: Scenario) -> None:
    """Build the task's workload once, so every value it checks is refused up front, whatever GPU is tried."""
    if scenario.task == Task.INFERENCE:
        serving_workload(scenario)
    elif scenario.task in (Task.VISION, Task.DIFFUSION):
        images = scenario.images
        require_int("images.count", images["count"], maximum=1 << 40)
        require_int("images.batch", images["batch"], maximum=1 << 24)
        require_positive("images.epochs", images["epochs"])
    else:
        _training_workload(scenario, scenario.precision)


def choose_count(scenario: Scenario, workload: TrainingWorkload) -> tuple[int, LayoutSearch]:
    """Smallest power-of-two GPU count that fits (and meets the deadline when one is set)."""
    deadline = scenario.constraints.get("deadline_days")
    count = 1
    last: tuple[int, LayoutSearch] | None = None
    refusals: dict[str, InputError] = {}
    while count <= COUNT_SEARCH_LIMIT:
        try:
            search = search_layouts(workload, _cluster(scenario, count), scenario.assumptions, scenario.layout)
        except InputError as error:
            refusals.setdefault(str(error), error)
            count *= 2
            continue
        last = (count, search)
        if search.any_fits:
            best = search.best_index()
            days = workload.steps * float(search.time.total[best]) / 86400.0
            if deadline is None or days <= deadline:
                return count, search
        count *= 2
    if last is None:
        if len(refusals) == 1:  # every count refused for one reason (a GPU without a bandwidth): that is the answer
            raise next(iter(refusals.values()))
        raise InputError("hardware.count", "no GPU count up to 65536 gives a valid layout for this batch")
    return last


def fast_training_searches(scenario: Scenario, counts: list[int]) -> dict[int, LayoutSearch]:
    """The planner's fast-path layout searches of the scenario's GPU at these counts, with one step-time
    evaluation for all of them (a count without a valid layout is left out)."""
    return fast_training_searches_together([(scenario, counts)])[0]


def fast_training_searches_together(requests: list[tuple[Scenario, list[int]]],
                                    runner_up_times: bool = False) -> list[dict[int, LayoutSearch]]:
    """fast_training_searches of each (scenario, counts): the same job on different GPUs, with one step-time
    evaluation for all of those whose workload is the same (a GPU without the precision changes it). A GPU with no
    published memory bandwidth is evaluated alone (its step time says so and stops only its own search).
    `runner_up_times`: the full searches, that the runner-up reasons need (search_layouts)."""
    found: list[dict[int, LayoutSearch]] = [{} for _ in requests]
    together: dict[tuple[object, ...], list[tuple[int, list[Cluster]]]] = {}
    for index, (scenario, counts) in enumerate(requests):
        try:
            precision, _ = supported_precision(scenario.gpu, scenario.precision)
            workload = _training_workload(scenario, precision)
        except InputError:
            continue
        alone = scenario.gpu.id if scenario.gpu.memory_bandwidth_gbs is None else None
        together.setdefault((workload, scenario.assumptions, scenario.layout, alone), []).append(
            (index, [_cluster(scenario, count) for count in counts]))
    for (workload, assumptions, fixed, _), members in together.items():
        clusters = [cluster for _, own in members for cluster in own]
        searches = iter(clusters_fast_searches(workload, clusters, assumptions, fixed,  # type: ignore[arg-type]
                                               runner_up_times))
        for index, own in members:
            for cluster in own:
                search = next(searches)
                if search is not None:
                    found[index][cluster.count] = search
    return found


def estimate_training(scenario: Scenario, node: NodeSpec | None = None, alternatives: bool = True,
                      search: LayoutSearch | None = None) -> Estimate:
    """`search`: the search of the scenario's GPU count, done already (fast_training_searches; with `alternatives`,
    one with runner_up_times, else it is searched again)."""
    precision, warnings = supported_precision(scenario.gpu, scenario.precision)
    workload = _training_workload(scenario, precision)
    given = scenario.training.get("weight_dtype")
    if given is not None and workload.weight_dtype is None:
        warnings.append(msg("{dtype} weights need {dtype} GEMMs: on {gpu} they are kept in {precision}.",
                            dtype=given.value.upper(), gpu=scenario.gpu.model, precision=precision.value.upper()))
    if scenario.gpu_count is None:
        count, search = choose_count(scenario, workload)
    else:
        count = scenario.gpu_count
        if search is None or (alternatives and not search.runner_up_times):
            search = search_layouts(workload, _cluster(scenario, count), scenario.assumptions, scenario.layout,
                                    runner_up_times=alternatives)
    cluster = _cluster(scenario, count)
    best = search.best_index()
    step_s = float(search.time.total[best])
    tokens_per_s = workload.tokens_per_step / step_s
    model_tflops = model_flops_per_token(workload) * tokens_per_s / count / 1e12
    peak_tflops = peak_flops(cluster.gpu, precision) / 1e12
    compute_days = workload.steps * step_s / 86400.0
    memory = search.memory.as_gib(best, cluster.gpu.usable_memory_gib or 0.0)
    adapter_params = workload.adapter.total_params(workload.model) if workload.adapter else 0.0
    trainable = float(adapter_params) if workload.adapter else workload.model.total_params
    reliability = run_goodput(compute_days, count, checkpoint_bytes(
        trainable, precision, workload.optimizer, scenario.assumptions, workload.adapter is not None),
        scenario.assumptions)
    days = reliability.wall_days
    power = power_block(cluster.gpu, cluster.gpus_per_node, cluster.nodes, node, PowerAssumptions())
    energy, energy_tdp_basis = _energy(power, cluster.gpu, count, compute_days)
    breakdown = search.time.as_dict(best)
    band = time_band(cluster.gpu, precision, count, workload.model.is_moe, is_scale_out(breakdown, cluster.nodes))
    if alternatives:  # the planner's fast path words its warnings only for the plans it shows (_with_alternatives)
        warnings += training_warnings(scenario, workload, cluster, search, best, days)
        warnings += goodput_warnings(reliability, count, scenario.assumptions)
    return Estimate(
        task=scenario.task.value,
        fits=search.runs(best),
        gpu=cluster.gpu.id,
        count=count,
        nodes=cluster.nodes,
        precision=precision.value,
        precision_requested=scenario.precision.value,
        layout=search.layouts.describe(best),
        memory_gib_per_gpu=memory,
        training=TrainingFigures(
            step_time_s=step_s,
            tokens_per_s=tokens_per_s,
            tokens_per_s_per_gpu=tokens_per_s / count,
            model_tflops_per_gpu=model_tflops,
            mfu=model_tflops / peak_tflops,
            days=days,
            gpu_hours=days * 24.0 * count,
            steps=workload.steps,
            tokens=workload.tokens,
            trainable_params=trainable,
            cluster_model_states_gb=_model_states_gb(memory, count),
            uncertainty_pct=band.pct, uncertainty_coverage=band.coverage, uncertainty_basis=band.basis.value,
            step_breakdown_s=breakdown,
            compute_days=compute_days,
            goodput=reliability,
        ),
        inference=None,
        power=power,
        energy_mwh=energy,
        energy_mwh_gpu_tdp_basis=energy_tdp_basis,
        model=ModelSummary(name=workload.model.name, params=workload.model.total_params,
                           active_params=workload.model.active_params,
                           training_flops_per_token=model_flops_per_token(workload)),
        alternatives=search.losing_reasons(best) if search.runner_up_times else None,
        layouts_considered=len(search.layouts),
        layouts_fitting=int(search.fits.sum()),
        assumptions={
            **assumption_values(scenario.assumptions),
            "flops_convention": FLOPS_CONVENTION,
            "activation_memory": ACTIVATION_MEMORY,
            "optimizer": workload.optimizer.value,
            "weight_storage": weight_storage_text(workload),
            "adapters": None if workload.adapter is None else {
                **asdict(workload.adapter), "quantized_base": workload.weight_dtype is WeightDtype.NF4,
                "dtype": "compute dtype (bf16/fp16); optimizer states fp32, no master copy",
                "base": "frozen, " + weight_storage_text(workload)},
            "power": POWER_BASIS,
        },
        warnings=tuple(warnings),
        stack=stack_report(scenario) if alternatives else None,
    )


# The estimate's stated conventions (one message each, made once: every training estimate carries them).
FLOPS_CONVENTION = msg("6N + 12*layers*hidden*seq per token (PaLM); no causal discount")
ACTIVATION_MEMORY = msg("Korthikanti et al. 2022, generalised to GQA and SwiGLU")
POWER_BASIS = msg("expected draw = {factor:.2f} x GPU TDP per GPU incl. host (MLPerf Training v4.0 metered)",
                  factor=PowerAssumptions.training_w_per_gpu_tdp_w)


# Training and serving on GeForce cards alike.
GEFORCE_LICENCE = msg("GeForce cards: NVIDIA's driver licence does not permit data-center deployment, and they have "
                      "no ECC memory.")
# A serving estimate's stated conventions.
KV_CACHE_BASIS = msg("layers x kv_heads x (K + V head dims) x bytes per token (MLA: its latent + rotary key; a "
                     "sliding-window layer keeps its window); TP splits KV heads; room for input + output tokens per "
                     "sequence where the engine reserves it (TensorRT-LLM, llama.cpp), else for the mean occupancy, "
                     "input + output / 2 (vLLM)")
SERVING_POWER_BASIS = msg("expected draw = {factor:.2f} x GPU TDP per GPU incl. host (training level, an upper bound)",
                          factor=PowerAssumptions.inference_w_per_gpu_tdp_w)


def weight_storage_text(workload: TrainingWorkload) -> Message:
    """How the weights are held, for the assumptions block."""
    return _weight_storage_message(workload.weight_dtype, workload.precision, workload.dequantizes_weights)


@lru_cache(maxsize=32)
def _weight_storage_message(dtype: WeightDtype | None, precision: Precision, dequantized: bool) -> Message:
    if dtype is None:
        wide = precision in (Precision.FP32, Precision.TF32)
        return msg("{dtype} (the compute dtype)", dtype=precision.value.upper() if wide else "16-bit")
    stored = {WeightDtype.NF4: "NF4 (4.127 bits/param)", WeightDtype.FP4: "NVFP4 x 2 (9 bits/param)"}.get(
        dtype, dtype.value.upper())
    if dequantized:
        return msg("transformer matrices in {dtype}, dequantized to 16-bit one layer at a time; embeddings, norms and "
                   "output head 16-bit", dtype=stored)
    return msg("transformer matrices in {dtype}, read by the GEMMs; embeddings, norms and output head 16-bit",
               dtype=stored)


LAYOUT_KNOBS = ("tp", "pp", "dp", "cp", "ep", "zero", "micro_batch", "recompute", "recompute_layers",
                "sequence_parallel", "virtual_stages")


def stack_report(scenario: Scenario) -> StackReport:
    """Which settings the software-stack profile fixed, which the user gave, and which the search chose."""
    profile = profile_for(scenario.stack)
    given = scenario.raw.get("assumptions", {})
    fixed = scenario.layout
    from_profile: dict[str, float | bool | str] = {key: value for key, value in profile.assumptions.items()
                                                   if key not in given}
    pinned = set()
    if not profile.tensor_parallel and fixed.tp is None:
        from_profile["tp"] = 1
        pinned |= {"tp", "sequence_parallel"}
    if not profile.pipeline_parallel and fixed.pp is None:
        from_profile["pp"] = 1
        pinned |= {"pp", "virtual_stages"}
    if not profile.context_parallel and fixed.cp is None:
        from_profile["cp"] = 1
        pinned.add("cp")
    if fixed.ep is None and (not profile.expert_parallel or not scenario.model or not scenario.model.is_moe):
        if not profile.expert_parallel:
            from_profile["ep"] = 1
        pinned.add("ep")  # nothing to split in a dense model
    if fixed.zero is None:
        from_profile["zero"] = " | ".join(str(z) for z in profile.zero_stages)
        if len(profile.zero_stages) == 1:
            pinned.add("zero")
    mine = tuple(f"assumptions.{key}" for key in given) + tuple(
        knob for knob in LAYOUT_KNOBS if getattr(fixed, knob) is not None)
    searched = tuple(knob for knob in LAYOUT_KNOBS if getattr(fixed, knob) is None and knob not in pinned)
    return StackReport(name=profile.name, source=profile.source, from_profile=from_profile,
                       set_by_you=mine, searched=searched)


def run_goodput(compute_days: float, count: int, saved_bytes: float, assumptions: Assumptions) -> Goodput:
    """Wall-clock time with the expected interruptions and the checkpoints of `saved_bytes` each."""
    return expected_goodput(compute_days, count, saved_bytes, assumptions.interruptions_per_million_gpu_hours,
                            assumptions.checkpoint_write_gbs_per_gpu, assumptions.restart_minutes)


def goodput_warnings(reliability: Goodput, count: int, assumptions: Assumptions) -> list[Message]:
    if reliability.useful_share >= LOW_GOODPUT:
        return []
    if reliability.useful_share == 0.0:
        return [msg("{count:,} GPUs are interrupted about every {minutes:.0f} min, sooner than a restart and a "
                    "checkpoint take: the job cannot make progress. Use fewer GPUs, or faster restarts and storage.",
                    count=count, minutes=24 * 60 / reliability.interruptions_per_day)]
    return [msg("Interruptions expected over the run: {interruptions:,.0f} (one every {hours:.1f} h on {count:,} "
                "GPUs): with a checkpoint every {interval:.0f} min and {restart:g}-min restarts, {share:.0%} of the "
                "wall-clock time is training.", interruptions=reliability.expected_interruptions,
                hours=24 / reliability.interruptions_per_day, count=count,
                interval=reliability.checkpoint_interval_min, restart=assumptions.restart_minutes,
                share=reliability.useful_share)]


def _model_states_gb(memory: MemoryPerGPU, count: int) -> float:
    """Weights, gradients and optimizer states summed over every GPU, replicas included, in GB (a checkpoint holds
    one copy: memory.checkpoint_bytes)."""
    return (memory.weights + memory.gradients + memory.optimizer) * GIB * count / 1e9


def serving_workload(scenario: Scenario) -> ServingWorkload:
    """The scenario's serving workload on the engine its GPU runs (serving_engine): an admission chosen for
    TensorRT-LLM stays with it (vLLM, planned in its place on other vendors' GPUs, admits by the cache in use)."""
    options = scenario.inference
    engine = serving_engine(scenario)[0]
    return ServingWorkload(model=scenario.model, batch=options["batch"], input_tokens=options["input_tokens"],
                           output_tokens=options["output_tokens"], weight_format=options["weight_dtype"],
                           kv_format=options["kv_dtype"], engine=engine, assumptions=scenario.assumptions,
                           kv_memory_fraction=options.get("kv_cache_memory_fraction"),
                           kv_admission=options.get("kv_admission") if engine == options["engine"] else None)


def serving_engine(scenario: Scenario) -> tuple[str, list[Message]]:
    """The engine a serving plan runs: the one chosen, except TensorRT-LLM, which runs on NVIDIA GPUs only; another
    vendor's GPU is planned with vLLM (it runs on AMD's ROCm, Intel Gaudi and Ascend too), and the plan says so."""
    engine = scenario.inference["engine"]
    if engine == "tensorrt-llm" and scenario.gpu.vendor.strip().upper() != "NVIDIA":
        return "vllm", [msg("TensorRT-LLM runs on NVIDIA GPUs only: {gpu} is planned with vLLM.",
                            gpu=scenario.gpu.model)]
    return engine, []


def _batch_within_latency(workload: ServingWorkload, scenario: Scenario, tp: int, cap: int) -> int:
    """Largest batch (<= cap) at which each user's TTFT and time per output token, on a replica loaded with that
    batch (inference.replica_under_load), meet the user's limits."""
    limits = scenario.inference
    best = 0
    batch = 1
    while batch <= cap:
        load = replica_under_load(workload, scenario.gpu, tp, batch)
        ok_ttft = "max_ttft_s" not in limits or load.ttft_s <= limits["max_ttft_s"]
        ok_tpot = "max_tpot_s" not in limits or load.tpot_s <= limits["max_tpot_s"]
        if not (ok_ttft and ok_tpot):
            break
        best = batch
        batch = batch * 2 if batch * 2 <= cap or batch == cap else cap
    return best


LATENCY_CURVE_POINTS = 10


def latency_curve(workload: ServingWorkload, gpu: GPU, tp: int, replicas: int,
                  max_batch: int) -> tuple[LatencyPoint, ...]:
    """Time to first token and per output token as concurrent users grow on this many replicas (the users spread
    evenly, up to the KV-cache room), for the serving chart: each point a replica under that load."""
    most = max(replicas * max(max_batch, 1), 1)
    users = sorted({max(1, round(most ** (k / (LATENCY_CURVE_POINTS - 1)))) for k in range(LATENCY_CURVE_POINTS)})
    points = []
    for count in users:
        load = replica_under_load(workload, gpu, tp, min(math.ceil(count / replicas), max(max_batch, 1)))
        points.append(LatencyPoint(users=float(count), ttft_s=load.ttft_s, tpot_s=load.tpot_s))
    return tuple(points)


def estimate_inference(scenario: Scenario, node: NodeSpec | None = None, alternatives: bool = True) -> Estimate:
    gpu = scenario.gpu
    workload = serving_workload(scenario)
    node_gpus = min(scenario.gpus_per_node, scenario.gpu_count or scenario.gpus_per_node)
    tp = scenario.layout.tp or smallest_fitting_tp(workload, gpu, node_gpus)
    serving = estimate_serving(workload, gpu, tp)
    warnings = [*serving_engine(scenario)[1], *serving.warnings]
    if not serving.fits and workload.profile.kv_share_of_free:
        warnings.append(msg("Does not fit: {need:.1f} GiB needed per GPU with TP={tp}, {capacity:g} GiB available "
                            "({engine} gives the KV cache {fraction:.0%} of the memory left after the weights).",
                            need=serving.memory_gib["total"], tp=tp, capacity=gpu.usable_memory_gib or 0,
                            engine=workload.profile.name, fraction=workload.memory_fraction))
    elif not serving.fits:
        warnings.append(msg("Does not fit: {need:.1f} GiB needed per GPU with TP={tp}, {capacity:g} GiB available "
                            "({engine} uses {fraction:.0%}).", need=serving.memory_gib["total"], tp=tp,
                            capacity=gpu.usable_memory_gib or 0, engine=workload.profile.name,
                            fraction=workload.memory_fraction))
    per_replica = serving.output_tokens_per_s
    target = scenario.constraints.get("target_output_tokens_per_s")
    users = scenario.inference.get("concurrent_users")
    replicas_needed = 1
    sizing_batch = workload.batch
    # A throughput target with neither a batch nor a number of users named: each replica is sized to serve the
    # largest batch its KV cache holds within the latency limits, as an engine under full load runs (the fewest
    # replicas), and the service is reported at that batch.
    full_load = target is not None and users is None and "batch" not in scenario.raw.get("inference", {})
    if users is not None or full_load:
        sizing_batch = _batch_within_latency(workload, scenario, tp, max(serving.max_batch, 1))
        if sizing_batch == 0:
            warnings.append(msg("No batch meets the latency limits on this GPU; add GPUs per replica (TP)."))
            sizing_batch = 1
        if users is not None:
            replicas_needed = math.ceil(users / sizing_batch)
        elif "max_ttft_s" in scenario.inference or "max_tpot_s" in scenario.inference:
            warnings.append(msg("Sized for the target at {batch:,} requests per replica, the most its KV cache holds "
                                "within your latency limits: set inference.batch or concurrent_users to size the "
                                "replicas for your own load.", batch=sizing_batch))
        else:
            warnings.append(msg("Sized for the target at {batch:,} requests per replica, the most its KV cache holds "
                                "(no latency limit set): set inference.batch, concurrent_users or max_tpot_s to size "
                                "the replicas for your own load.", batch=sizing_batch))
    if target is not None:
        at_batch = estimate_serving(replace(workload, batch=max(1, min(sizing_batch, serving.max_batch or 1))), gpu,
                                    tp).output_tokens_per_s
        replicas_needed = max(replicas_needed, replicas_for_target(at_batch, target))
    count = scenario.gpu_count or replicas_needed * tp
    replicas = max(count // tp, 1)
    load_batch = workload.batch
    if users is not None:  # report the service at the load it was sized for: the users spread over the replicas
        load_batch = max(1, min(math.ceil(users / replicas), serving.max_batch or 1))
    elif full_load:
        load_batch = max(1, min(sizing_batch, serving.max_batch or 1))
    if load_batch != workload.batch:
        serving = estimate_serving(replace(workload, batch=load_batch), gpu, tp)
        per_replica = serving.output_tokens_per_s
    if scenario.gpu_count is not None and replicas < replicas_needed:
        warnings.append(msg("The load needs {replicas} replicas of {tp} GPU(s) = {gpus} GPUs; only {count} given.",
                            replicas=replicas_needed, tp=tp, gpus=replicas_needed * tp, count=count))
    if workload.batch > serving.max_batch and not serving.tight:  # a tight batch's warning says what it needs
        warnings.append(msg("Batch {batch} exceeds the KV-cache room: at most {most} sequences of {tokens} tokens "
                            "per replica.", batch=workload.batch, most=serving.max_batch,
                            tokens=workload.context_tokens))
    if workload.profile.admission_choosable and workload.admission == KvAdmission.WHOLE_SEQUENCE \
            and (not serving.fits or serving.tight or workload.batch > serving.max_batch) \
            and fits_memory(replace(workload, kv_admission=KvAdmission.IN_USE), gpu, tp, workload.batch):
        warnings.append(msg("Admitting requests by the cache they hold rather than their whole length fits this "
                            "batch ({engine}'s MAX_UTILIZATION scheduler, which pauses requests when the cache "
                            "fills): set inference.kv_admission to in-use.", engine=workload.profile.name))
    if gpu.segment == Segment.CONSUMER:
        warnings.append(GEFORCE_LICENCE)
    warnings += sustained_clock_note(gpu, compute_precision(gpu, workload.weight_format))
    group = serving_validation_group(workload, gpu, tp)
    shown_band = serving_band(SHIPPED_SERVING_BANDS, group, gpu.architecture)
    band = shown_band.pct
    if group == PCIE_TENSOR_PARALLEL:
        warnings.append(msg("Tensor parallelism over PCIe is checked against one published table (TensorRT-LLM "
                            "v0.9.0 on L40S, TP 2-8): one source cannot establish a coverage, so the band, "
                            "±{band:.0f}%, is at least its worst error there.",
                            band=band))
    if workload.profile.name == "TensorRT-LLM" and not workload.model.is_moe:
        warnings.append(msg("TensorRT-LLM's profile is fitted on these published sources: {sources}. The band, "
                            "±{band:.0f}%, holds 80 % of its errors on them, each judged with its own recipe, round "
                            "or table left out of the fit.",
                            sources=Listing(SERVING_FIT_SOURCES), band=band))
    if workload.profile.name == "vLLM":
        warnings.append(msg("vLLM's prompt speed is an assumption (about 90 % of TensorRT-LLM's); its decode is "
                            "fitted on one published run and checked on two (an H100, an AMD MI300X)."))
    moe = workload.model.is_moe
    if moe:
        low, median, high = SERVING_MOE_SPEED_RATIO
        warnings.append(msg("Mixture-of-experts serving is modelled only in part: a pass reads the experts its "
                            "tokens are routed to, moves each token to them and back, and runs their grouped GEMMs "
                            "at the efficiency of few rows times the experts' share fitted on MoE training runs; "
                            "the engine's own work per MoE layer has no term of its own. Against TensorRT-LLM's "
                            "published MoE runs (Qwen3-30B-A3B on one B200 or GB200, 1.0; Mixtral 8x7B on H100, "
                            "H200, L40S and A100, v0.9.0) the estimate is {low:.1f}-{high:.1f} times the measured "
                            "throughput (median {median:.1f}): ±{band:.0f}%.",
                            low=low, median=median, high=high, band=band))
    cluster = Cluster(gpu, count, min(scenario.gpus_per_node, count), scenario.network_gbps_per_node)
    parts = serving.memory_gib
    memory = MemoryPerGPU(weights=parts["weights"], gradients=0.0, optimizer=0.0, activations=parts["activations"],
                          kv_cache=parts["kv_cache"], overhead=parts["overhead"], total=parts["total"],
                          capacity=parts["capacity"], allocated=parts["total"])  # serving engines preallocate
    return Estimate(
        task=scenario.task.value, fits=serving.fits, gpu=gpu.id, count=count, nodes=cluster.nodes,
        precision=workload.weight_format.value, precision_requested=workload.weight_format.value,
        layout=Layout(tp=tp, pp=1, dp=replicas, zero=0, micro_batch=load_batch, recompute="none",
                      sequence_parallel=False, virtual_stages=1),
        memory_gib_per_gpu=memory,
        training=None,
        inference=ServingFigures(
            ttft_s=serving.ttft_s, tpot_s=serving.tpot_s,
            concurrent_users=users, batch_per_replica=load_batch,
            output_tokens_per_s_per_user=1.0 / serving.tpot_s if serving.tpot_s > 0 else None,
            output_tokens_per_s=per_replica * replicas, output_tokens_per_s_per_replica=per_replica,
            output_tokens_per_s_per_gpu=per_replica / tp, max_batch=serving.max_batch,
            replicas=replicas, gpus_per_replica=tp, replicas_needed=replicas_needed,
            gpus_needed=replicas_needed * tp, engine=workload.profile.name,
            kv_admission=workload.admission.value, uncertainty_pct=band, uncertainty_coverage=shown_band.coverage,
            uncertainty_basis=shown_band.basis.value,
            latency_curve=latency_curve(workload, gpu, tp, replicas, serving.max_batch)
            if alternatives and serving.fits else None,
        ),
        power=power_block(gpu, cluster.gpus_per_node, cluster.nodes, node, PowerAssumptions()),
        energy_mwh=None,
        energy_mwh_gpu_tdp_basis=None,
        model=ModelSummary(name=workload.model.name, params=workload.model.total_params,
                           active_params=workload.model.active_params),
        alternatives=() if alternatives else None,
        layouts_considered=None,
        layouts_fitting=None,
        assumptions={"engine_profile": dict(_profile_items(workload.profile)),  # (converted once per profile)
                     "gemm_overlap_penalty": CALIBRATION.gemm_overlap,
                     "kv_cache": KV_CACHE_BASIS, "power": SERVING_POWER_BASIS},
        warnings=tuple(warnings),
    )


def _image_model(scenario: Scenario) -> ImageModel:
    """The catalog's parameters-and-FLOPs model, with the user's overrides; refuses what no source gives."""
    assert scenario.image is not None and scenario.image.image_model is not None
    model = scenario.image.image_model
    images = scenario.images
    model = replace(model, gflops_fwd_per_sample=images.get("gflops_per_sample", model.gflops_fwd_per_sample),
                    activation_mib_per_sample=images.get("activation_mib_per_sample",
                                                         model.activation_mib_per_sample))
    if model.gflops_fwd_per_sample <= 0:
        raise InputError("images.gflops_per_sample", "{name}: FLOPs per image are not in the catalog (no citable "
                         "source); give images.gflops_per_sample", name=model.name)
    if model.activation_mib_per_sample <= 0:
        raise InputError("images.activation_mib_per_sample", "{name}: activation memory per image is not in the "
                         "catalog; give images.activation_mib_per_sample (scripts/measure_cnn_activations.py)",
                         name=model.name)
    return model


def estimate_image_training(scenario: Scenario, node: NodeSpec | None = None) -> Estimate:
    """Vision and diffusion training: transformers (ViT, DiT) through the transformer estimator over their patch
    tokens; CNNs and U-Nets from parameters, FLOPs and measured activations per image."""
    preset, images = scenario.image, scenario.images
    assert preset is not None
    if preset.transformer is not None:
        tokens = preset.tokens(images["resolution"])
        training = {**scenario.training, "global_batch": images["batch"],
                    "tokens": images["count"] * images["epochs"] * tokens}
        result = estimate_training(replace(scenario, task=Task.PRETRAIN, model=preset.transformer, seq_len=tokens,
                                           training=training), node)
        assert result.training is not None and result.training.tokens_per_s is not None
        figures = replace(result.training, images_per_s=result.training.tokens_per_s / tokens,
                          tokens_per_image=tokens, images=images["count"] * images["epochs"])
        return replace(result, task=scenario.task.value, training=figures)
    precision, warnings = supported_precision(scenario.gpu, scenario.precision)
    workload = ImageWorkload(model=_image_model(scenario), images=images["count"], epochs=images["epochs"],
                             global_batch=images["batch"], resolution=images["resolution"], precision=precision,
                             optimizer=scenario.training["optimizer"])
    deadline = scenario.constraints.get("deadline_days")
    counts = [scenario.gpu_count] if scenario.gpu_count else [1 << k for k in range(13)]
    chosen: tuple[int, LayoutSearch] | None = None
    for count in counts:
        try:
            search = search_image_layouts(workload, _cluster(scenario, count), scenario.assumptions, scenario.layout)
        except InputError:
            if scenario.gpu_count:
                raise
            continue
        chosen = (count, search)
        if search.any_fits:
            days = workload.steps * float(search.time.total[search.best_index()]) / 86400.0
            if deadline is None or days <= deadline:
                break
    if chosen is None:
        raise InputError("images.batch", "no GPU count up to 4096 divides the batch evenly")
    count, search = chosen
    cluster = _cluster(scenario, count)
    best = search.best_index()
    step_s = float(search.time.total[best])
    images_per_s = workload.global_batch / step_s
    model_tflops = workload.flops_per_image * images_per_s / count / 1e12
    compute_days = workload.steps * step_s / 86400.0
    memory = search.memory.as_gib(best, cluster.gpu.usable_memory_gib or 0.0)
    reliability = run_goodput(compute_days, count, checkpoint_bytes(
        workload.model.params, precision, workload.optimizer, scenario.assumptions, False), scenario.assumptions)
    days = reliability.wall_days
    warnings += goodput_warnings(reliability, count, scenario.assumptions)
    warnings += fit_warnings(search, best, cluster.gpu)
    validated = cluster.gpu.architecture in CNN_VALIDATED_ARCHITECTURES
    band = Band(CNN_BAND_PCT, COVERAGE, Basis.FEW_SOURCES) if validated else \
        Band(UNVALIDATED_ERROR_PCT, COVERAGE, Basis.UNVALIDATED)
    if not validated:
        warnings.append(msg("No published run on {architecture} in {precision} to check against: the time "
                            "estimate is uncertain (±{band:.0f}%).", architecture=cluster.gpu.architecture,
                            precision=precision.value, band=UNVALIDATED_ERROR_PCT))
    power = power_block(cluster.gpu, cluster.gpus_per_node, cluster.nodes, node, PowerAssumptions())
    energy, energy_tdp_basis = _energy(power, cluster.gpu, count, compute_days)
    return Estimate(
        task=scenario.task.value, fits=search.runs(best), gpu=cluster.gpu.id, count=count,
        nodes=cluster.nodes, precision=precision.value, precision_requested=scenario.precision.value,
        layout=search.layouts.describe(best),
        memory_gib_per_gpu=memory,
        training=TrainingFigures(
            step_time_s=step_s, tokens_per_s=None, tokens_per_s_per_gpu=None, images_per_s=images_per_s,
            model_tflops_per_gpu=model_tflops, mfu=model_tflops * 1e12 / peak_flops(cluster.gpu, precision),
            days=days, gpu_hours=days * 24.0 * count, steps=workload.steps,
            tokens=None, images=workload.images * workload.epochs,
            trainable_params=workload.model.params,
            cluster_model_states_gb=_model_states_gb(memory, count),
            uncertainty_pct=band.pct, uncertainty_coverage=band.coverage, uncertainty_basis=band.basis.value,
            step_breakdown_s=search.time.as_dict(best),
            compute_days=compute_days,
            goodput=reliability,
        ),
        inference=None, power=power,
        energy_mwh=energy,
        energy_mwh_gpu_tdp_basis=energy_tdp_basis,
        model=ModelSummary(name=workload.model.name, params=workload.model.params,
                           active_params=workload.model.params, training_flops_per_image=workload.flops_per_image),
        alternatives=search.losing_reasons(best), layouts_considered=len(search.layouts),
        layouts_fitting=int(search.fits.sum()),
        assumptions={**assumption_values(scenario.assumptions),
                     "flops": "3 x forward FLOPs per image, scaled by (resolution / base)^2",
                     "activations": "measured per image (scripts/measure_cnn_activations.py), same scaling",
                     "time": f"max(math at {CONV_EFFICIENCY:.0%} of the dense peak, "
                             f"{ACTIVATION_TRAFFIC_FACTOR:g}x the stored activation bytes through HBM); fit to "
                             "NVIDIA DeepLearningExamples A100 runs"},
        warnings=tuple(warnings),
    )


TRANSFORMER_TRAINING = (Task.PRETRAIN, Task.FINETUNE, Task.LORA, Task.QLORA)


def estimate(scenario: Scenario, node: NodeSpec | None = None, alternatives: bool = True,
             search: LayoutSearch | None = None) -> Estimate:
    """`node`: the server the GPUs sit in, when known (gives the nameplate power). `alternatives=False` skips the
    runner-up layouts (and the step times they need), the serving latency curve and a training estimate's warnings
    and stack report: the planner's fast path, filled in for the plans shown. `search`: that fast path's layout
    search for a transformer training scenario, done already for several counts at once."""
    if scenario.task in TRANSFORMER_TRAINING:
        return estimate_training(scenario, node, alternatives, search)
    if scenario.task in (Task.VISION, Task.DIFFUSION):
        return estimate_image_training(scenario, node)
    if scenario.task == Task.INFERENCE:
        return estimate_inference(scenario, node, alternatives)
    raise InputError("task", "{value!r} estimates are not available in this version yet", value=scenario.task.value)
