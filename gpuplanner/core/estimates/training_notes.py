"""What a training estimate warns about: its layout's fit, fabric and traffic, the regime its band comes from, the
GPU's ECC and licence, a long run's GPU-hours, and hints that would free memory."""

from __future__ import annotations

import numpy as np

from gpuplanner.calibration.published_fit import (
    LARGEST_VALIDATED_GPUS,
    MOE_SPEED_RATIO,
    OUT_OF_SAMPLE_MEDIAN_PCT,
    PUBLISHED_GPU_HOURS_EXCESS_PCT,
    SCALE_OUT_CASES,
    SCALE_OUT_SOURCES,
    SCALE_OUT_SPEED_RATIO,
    SMALL_MODEL_GPU_HOURS_EXCESS_PCT,
    SMALL_MODEL_MAX_PARAMS_B,
)
from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.estimates.result_parts import (
    GEFORCE_LICENCE,
    fit_warnings,
    headroom_warnings,
    moe_unvalidated,
    sustained_clock_note,
    time_band,
)
from gpuplanner.core.hardware.hardware import GPU, Precision, Segment, pcie_tensor_parallel_warning
from gpuplanner.core.models.adapters import mixed_bytes_per_param
from gpuplanner.core.scenario.scenario import Scenario
from gpuplanner.core.training.layout import LayoutSearch
from gpuplanner.core.training.memory import (
    GIB,
    busiest_stage_layers,
    weight_bytes_per_param,
)
from gpuplanner.core.training.performance import (
    SCALE_OUT_SHARE,
    cross_node_data_parallel_share,
    is_scale_out,
    is_validated,
    validation_group,
)
from gpuplanner.core.training.workload import (
    Cluster,
    Layout,
    TrainingWorkload,
    scale_out_port_gbps,
    stated_scale_out_port_gbps,
)

FP8_PARAMETER_HINT_SHARE = 0.10  # FP8 parameters are worth a hint when they would free this share of the GPU


OVERSIZED_MIN_GPUS, OVERSIZED_HOURS = 1024, 2.0  # >= 1,024 GPUs for a job under two hours: check the inputs


ECC_RISK_DAYS = 3.0  # a run longer than this on memory without ECC risks silent errors


LONG_RUN_DAYS = 7.0  # a run this long is compared with the published whole-run GPU-hour totals


# Exposed data-parallel traffic across nodes above this share of the step is where the network costing decides the
# answer (MosaicML's FSDP runs on H100 and the older ZeRO-3, Ethernet and RoCE runs disagree on it).
CROSS_NODE_DP_NOTE_SHARE = 0.2


def whole_run_margin_note(workload: TrainingWorkload) -> Message:
    """How far published whole-run GPU-hour totals came in above estimates made this way, for the model's class:
    1-3B models (up to SMALL_MODEL_MAX_PARAMS_B, the largest judged) run further above their step-time estimates
    than large ones, so their own runs state their margin."""
    if workload.model.total_params <= SMALL_MODEL_MAX_PARAMS_B * 1e9:
        worst, median, runs = SMALL_MODEL_GPU_HOURS_EXCESS_PCT
        return msg("Small models' whole runs take well more than their steps: {runs} published pretraining totals "
                   "of 1-{largest:g}B models came in up to {worst:.0f}% above estimates made this way (median "
                   "{median:.0f}%; short steps on many GPUs, input pipeline, evaluation, restarts). Budget "
                   "GPU-hours with that margin.", runs=runs, largest=SMALL_MODEL_MAX_PARAMS_B, worst=worst,
                   median=median)
    worst, median, runs = PUBLISHED_GPU_HOURS_EXCESS_PCT
    return msg("Whole runs take more than their steps and the interruptions modelled: {runs} published pretraining "
               "totals came in up to {worst:.0f}% above estimates made this way (median {median:.0f}%; restarts, "
               "stalls, loss spikes). Budget GPU-hours with that margin.", runs=runs, worst=worst, median=median)


def training_warnings(scenario: Scenario, workload: TrainingWorkload, cluster: Cluster, search: LayoutSearch,
                      best: int, days: float) -> list[Message]:
    gpu = cluster.gpu
    layout = search.layouts.describe(best)
    breakdown = search.time.as_dict(best)
    dp_share = cross_node_data_parallel_share(breakdown, cluster.nodes)
    scale_out = is_scale_out(breakdown, cluster.nodes)

    def band(moe: bool) -> float:
        return time_band(workload.calibration, gpu, workload.precision, cluster.count, moe, scale_out).pct

    warnings: list[Message] = []
    warnings += fit_warnings(search, best, gpu)
    if layout.tp > 1 and not gpu.has_scale_up_fabric:
        warnings.append(pcie_tensor_parallel_warning(
            gpu, msg("{gpu} has no NVLink: tensor parallelism over PCIe is slow; prefer data parallelism with "
                     "ZeRO/FSDP.", gpu=gpu.model)))
    if layout.tp > gpu.scale_up_domain > 1:
        warnings.append(msg("{gpu} links only {domain} GPUs by NVLink bridge; TP={tp} crosses PCIe.",
                            gpu=gpu.model, domain=gpu.scale_up_domain, tp=layout.tp))
    if gpu.segment == Segment.CONSUMER:
        warnings.append(GEFORCE_LICENCE)
    if gpu.ecc is not True and days > ECC_RISK_DAYS and gpu.segment != Segment.CONSUMER:
        warnings.append(msg("{gpu}: ECC memory not confirmed; a {days:.0f}-day run risks silent errors.",
                            gpu=gpu.model, days=days))
    if days > LONG_RUN_DAYS:
        warnings.append(whole_run_margin_note(workload))
    deadline = scenario.constraints.deadline_days
    if deadline is not None and days > deadline:
        warnings.append(msg("Misses the deadline: {days:.1f} days against {deadline:g}.", days=days,
                            deadline=deadline))
    warnings += fp8_parameter_hint(workload, search, best, gpu)
    warnings += cross_node_data_parallel_note(scenario, cluster, layout, dp_share)
    if scale_out:
        warnings += scale_out_band_note(dp_share, band(workload.model.is_moe))
    warnings += sustained_clock_note(gpu, workload.precision)
    if not is_validated(gpu, workload.precision, workload.calibration):
        warnings.append(msg("No published run on {architecture} in {precision} to check against: the time "
                            "estimate is uncertain (±{band:.0f}%).", architecture=gpu.architecture,
                            precision=workload.precision.value,
                            band=band(workload.model.is_moe)))
    group = validation_group(gpu, workload.precision)
    # The user's own runs of this GPU band it (gpuplanner calibrate): the published band's widenings do not apply.
    own = workload.calibration.user_fit(gpu.id, group[1]) is not None
    if group in LARGEST_VALIDATED_GPUS and cluster.count > LARGEST_VALIDATED_GPUS[group] and not own:
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
    if group in OUT_OF_SAMPLE_MEDIAN_PCT and moe_unvalidated(group, workload.model.is_moe) and not own:
        warnings.append(msg("No published mixture-of-experts run on {architecture} in {width} to check against: the "
                            "time band is widened to ±{band:.0f}%.", architecture=gpu.architecture, width=group[1],
                            band=band(True)))
    if cluster.count > cluster.gpus_per_node and gpu.is_sxm_class and cluster.network_gbps_per_node is None \
            and stated_scale_out_port_gbps(gpu) is None:
        warnings.append(msg("The catalog states no scale-out NIC for {gpu} servers: planned at one {gbps:g} Gb/s port "
                            "per GPU (a default); give the node's network bandwidth in the scenario, or the NIC port "
                            "in its fabric row of the catalog, where it is known.",
                            gpu=gpu.model, gbps=scale_out_port_gbps(gpu)))
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
    warnings += parallelism_notes(scenario, workload, layout)
    hours = days * 24.0
    if cluster.count >= OVERSIZED_MIN_GPUS and hours < OVERSIZED_HOURS:
        warnings.append(msg("{count:,} GPUs for a {hours:.1f}-hour job: a cluster this size for so short a run is "
                            "unusual; check the inputs (tokens, sequence length).", count=cluster.count,
                            hours=hours))
    return warnings


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


def parallelism_notes(scenario: Scenario, workload: TrainingWorkload, layout: Layout) -> list[Message]:
    """How the layout's context and expert parallelism, and the stack's MoE execution, are costed."""
    model = workload.model
    warnings: list[Message] = []
    if layout.cp > 1 and scenario.assumptions.ulysses_attention:
        warnings.append(msg("CP={cp} splits each {seq:,}-token sequence over {cp} GPUs (DeepSpeed-Ulysses): each "
                            "attends for {cp_heads} of the {heads} heads over the whole sequence, after all-to-alls "
                            "costed in full, none hidden.", cp=layout.cp, seq=workload.seq_len,
                            cp_heads=model.heads // layout.cp, heads=model.heads))
    elif layout.cp > 1:
        warnings.append(msg("CP={cp} splits each {seq:,}-token sequence over {cp} GPUs (ring attention); its K/V "
                            "traffic is costed as hidden behind the attention math where that is longer.",
                            cp=layout.cp, seq=workload.seq_len))
    folded = scenario.layout.folded_ep
    if folded is not None:
        warnings.append(msg("EP={ep} spans TP x DP (MoE parallel folding): costed as {groups} expert groups over the "
                            "data-parallel ranks, each expert split over the TP={tp} ranks, the same {ep}-way split "
                            "of every expert layer.", ep=folded, groups=layout.ep, tp=layout.tp))
    if model.is_moe and scenario.assumptions.moe_expert_loop:
        warnings.append(msg("The {experts} experts run one after another, as Hugging Face Transformers before v5 "
                            "runs them: each its own small kernels, and under ZeRO-3 each expert's weights gathered "
                            "on demand. Megatron-Core, torchtitan or Transformers v5 run them as grouped GEMMs.",
                            experts=model.experts))
    return warnings

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
