"""Evaluate a transformer training scenario: the precision and stored weights, the GPU count (the user's, or the
fewest that meet the deadline), the layout search, and the time, memory, power and goodput of the chosen layout."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

import numpy as np

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import DEFAULT_STACK, Calibration
from gpuplanner.core.base.choices import Task
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.kept import KeptByIdentity
from gpuplanner.core.base.messages import msg
from gpuplanner.core.base.records import built_from, record
from gpuplanner.core.estimates.result_parts import (
    ACTIVATION_MEMORY,
    FLOPS_CONVENTION,
    POWER_BASIS,
    assumption_values,
    band_sources_note,
    goodput_warnings,
    model_states_gb,
    power_block,
    run_energy,
    run_goodput,
    saved_bytes,
    stack_report,
    storage_for,
    supported_precision,
    time_band,
    weight_storage_text,
)
from gpuplanner.core.estimates.training_notes import training_warnings
from gpuplanner.core.hardware.hardware import GPU, Precision
from gpuplanner.core.models.adapters import AdapterSpec
from gpuplanner.core.results.results import (
    Estimate,
    ModelSummary,
    TrainingFigures,
)
from gpuplanner.core.scenario.scenario import Scenario
from gpuplanner.core.site.site import PUBLISHED_POWER, NodeSpec
from gpuplanner.core.site.storage import StorageBlock
from gpuplanner.core.training.layout import LayoutConstraints, LayoutSearch, clusters_fast_searches, search_layouts
from gpuplanner.core.training.memory import (
    gradient_bytes_per_param,
    optimizer_bytes_per_param,
    parameter_shard,
)
from gpuplanner.core.training.performance import (
    fitted_scale,
    is_scale_out,
    peak_flops,
    peak_gemm_efficiency,
    sustained_peak_flops,
)
from gpuplanner.core.training.training_flops import linear_flops_per_token, model_flops_per_token
from gpuplanner.core.training.workload import Assumptions, Cluster, TrainingWorkload, WeightDtype

COUNT_SEARCH_LIMIT = 1 << 16


COUNT_FIELD = "hardware.count"  # the field a refused GPU count is reported against


def cluster_for(scenario: Scenario, count: int) -> Cluster:
    return Cluster(scenario.gpu, count, min(scenario.gpus_per_node, count), scenario.network_gbps_per_node)


def stored_weights(scenario: Scenario, precision: Precision) -> WeightDtype | None:
    """How the weights are stored at the precision the GPU runs: as the scenario says (QLoRA: NF4), except that
    trained FP8 / FP4 parameters need GEMMs that read them; where the GPU falls back they are kept in its dtype."""
    given = scenario.training.weight_dtype
    if given is not None and scenario.task in (Task.PRETRAIN, Task.FINETUNE) and not given.read_by(precision):
        return None
    return given


# Workloads kept by what they are made of: the model, training settings and calibration records by identity, the
# rest by value. A plan asks for the same workload for every GPU and count it searches and again for every estimate
# (581 times in the 70B plan); one kept is built once, and hashed once where it is looked up.
_workloads_kept: KeptByIdentity[TrainingWorkload] = KeptByIdentity(256)


def training_workload(scenario: Scenario, precision: Precision,
                      calibration: Calibration = PUBLISHED) -> TrainingWorkload:
    group = calibration.for_group(scenario.gpu.id, (scenario.stack or DEFAULT_STACK))
    return _workloads_kept.get((scenario.transformer, scenario.training, group),
                               (scenario.task, scenario.seq_len, precision),
                               lambda: _earlier_equal(_training_workload(scenario, precision, group)))


# Each workload made, by its value: a later plan of the same job (its scenario new objects) gets the workload made
# before, and the layouts, memory and figures kept by workload (by identity, or by value: a lookup compares an equal
# but other record field by field, nested records too, about 400 times a 70B plan) find it as it is. At most this
# many, emptied when full (one call, as the planner's other caches).
WORKLOADS_MADE = 256
_workloads_made: dict[TrainingWorkload, TrainingWorkload] = {}


def _earlier_equal(workload: TrainingWorkload) -> TrainingWorkload:
    found = _workloads_made.get(workload)
    if found is None:
        if len(_workloads_made) >= WORKLOADS_MADE:
            _workloads_made.clear()
        found = _workloads_made[workload] = workload
    return found


def _training_workload(scenario: Scenario, precision: Precision, calibration: Calibration) -> TrainingWorkload:
    """The workload of the scenario at the precision the GPU runs, on `calibration` (the GPU's group's): every
    training setting the workload declares under the same name, and what the scenario decides beyond them."""
    adapter = None
    if scenario.task in (Task.LORA, Task.QLORA):
        lora = scenario.training
        adapter = AdapterSpec(rank=lora.lora_rank, targets=lora.lora_targets,
                              paged_optimizer=bool(lora.paged_optimizer), dropout=lora.lora_dropout)
    return built_from(TrainingWorkload, scenario.training, model=scenario.transformer, task=scenario.task,
                      seq_len=scenario.seq_len, precision=precision, adapter=adapter,
                      weight_dtype=stored_weights(scenario, precision), calibration=calibration)


def training_bounds(scenario: Scenario, gpu: GPU, calibration: Calibration) -> tuple[float, float] | None:
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
    workload = training_workload(scenario, precision, calibration)
    # The prior times its fitted calibration (above 1 for Hopper and Blackwell), GEMMs of every size at their best.
    rate = sustained_peak_flops(gpu, precision) * peak_gemm_efficiency(gpu, precision) \
        * fitted_scale(gpu, precision, calibration) * scenario.assumptions.compute_efficiency_scale
    flops, states = _job_bounds_kept.get((workload, scenario.assumptions), (),
                                         lambda: _job_bounds(workload, scenario.assumptions))
    gpu_days = math.inf if rate <= 0 else flops / rate / 86400.0
    return gpu_days, states


def _job_bounds(workload: TrainingWorkload, assumptions: Assumptions) -> tuple[float, float]:
    """training_bounds' figures of the job alone: its executed matmul FLOPs, and its weight, gradient and optimizer
    bytes over all GPUs."""
    flops = float(linear_flops_per_token(workload, np.zeros(1))[0]) * workload.tokens
    shard = parameter_shard(workload, np.ones(1), np.ones(1))
    states = float(shard.weight_bytes[0]) + float(shard.trainable_params[0]) * (
        gradient_bytes_per_param(workload.precision, assumptions) + optimizer_bytes_per_param(workload, assumptions))
    return flops, states


# _job_bounds kept by the workload and assumptions records: a plan bounds every option's counts by the same job.
_job_bounds_kept: KeptByIdentity[tuple[float, float]] = KeptByIdentity(64)


def choose_count(scenario: Scenario, workload: TrainingWorkload) -> tuple[int, LayoutSearch]:
    """Smallest power-of-two GPU count that fits (and meets the deadline when one is set)."""
    deadline = scenario.constraints.deadline_days
    count = 1
    last: tuple[int, LayoutSearch] | None = None
    refusals: dict[str, InputError] = {}
    while count <= COUNT_SEARCH_LIMIT:
        try:
            search = search_layouts(workload, cluster_for(scenario, count), scenario.assumptions, scenario.layout)
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
        raise InputError(COUNT_FIELD, "no GPU count up to 65536 gives a valid layout for this batch")
    return last


def fast_training_searches(scenario: Scenario, counts: list[int], calibration: Calibration) -> dict[int, LayoutSearch]:
    """The planner's fast-path layout searches of the scenario's GPU at these counts, with one step-time
    evaluation for all of them (a count without a valid layout is left out)."""
    return fast_training_searches_together([(scenario, counts)], calibration)[0]


def fast_training_searches_together(requests: list[tuple[Scenario, list[int]]], calibration: Calibration,
                                    runner_up_times: bool = False) -> list[dict[int, LayoutSearch]]:
    """fast_training_searches of each (scenario, counts): the same job on different GPUs, with one step-time
    evaluation for all of those whose workload is the same (a GPU without the precision changes it). A GPU with no
    published memory bandwidth is evaluated alone (its step time says so and stops only its own search).
    `runner_up_times`: the full searches, that the runner-up reasons need (search_layouts)."""
    found: list[dict[int, LayoutSearch]] = [{} for _ in requests]
    # (workload, assumptions, layout constraints, the GPU evaluated alone) -> (request, its clusters)
    together: dict[tuple[TrainingWorkload, Assumptions, LayoutConstraints, str | None],
                   list[tuple[int, list[Cluster]]]] = {}
    for index, (scenario, counts) in enumerate(requests):
        try:
            precision, _ = supported_precision(scenario.gpu, scenario.precision)
            workload = training_workload(scenario, precision, calibration)
        except InputError:
            continue
        alone = scenario.gpu.id if scenario.gpu.memory_bandwidth_gbs is None else None
        together.setdefault((workload, scenario.assumptions, scenario.layout, alone), []).append(
            (index, [cluster_for(scenario, count) for count in counts]))
    for (workload, assumptions, fixed, _), members in together.items():
        clusters = [cluster for _, own in members for cluster in own]
        searches = iter(clusters_fast_searches(workload, clusters, assumptions, fixed, runner_up_times))
        for index, own in members:
            for cluster in own:
                search = next(searches)
                if search is not None:
                    found[index][cluster.count] = search
    return found


@record
class JobFigures:
    """What a training estimate reports of its job alone, whichever GPU and count run it: worked out once per
    workload, assumptions and storage settings (_job_figures), not again for each of a plan's estimates."""

    flops_per_token: float  # useful FLOPs per token (MFU's numerator)
    trainable: float  # trained parameters
    saved: float  # bytes of one checkpoint
    steps: float
    model: ModelSummary
    assumption_items: tuple[tuple[str, object], ...]  # the estimate's assumptions block, in order

    def assumptions(self) -> Mapping[str, Any]:
        """The assumptions block (a fresh dict, its adapters' too: each estimate owns its own)."""
        block = dict(self.assumption_items)
        adapters = block["adapters"]
        if isinstance(adapters, dict):
            block["adapters"] = dict(adapters)
        return block


def job_figures(workload: TrainingWorkload, scenario: Scenario) -> JobFigures:
    flops_per_token = model_flops_per_token(workload)
    adapter_params = workload.adapter.total_params(workload.model) if workload.adapter else 0.0
    trainable = float(adapter_params) if workload.adapter else workload.model.total_params
    saved = saved_bytes(trainable, workload.precision, workload.optimizer, scenario.assumptions,
                        workload.adapter is not None, scenario.storage)
    assumptions = {
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
    }
    return JobFigures(flops_per_token, trainable, saved, workload.steps,
                      ModelSummary(name=workload.model.name, params=workload.model.total_params,
                                   active_params=workload.model.active_params,
                                   training_flops_per_token=flops_per_token),
                      tuple(assumptions.items()))


# JobFigures kept by the records they are made of: a plan's estimates share one workload per GPU group.
_job_figures_kept: KeptByIdentity[JobFigures] = KeptByIdentity(64)


def _job_figures(workload: TrainingWorkload, scenario: Scenario) -> JobFigures:
    return _job_figures_kept.get((workload, scenario.assumptions, scenario.storage), (),
                                 lambda: job_figures(workload, scenario))


def storage_of(scenario: Scenario, node: NodeSpec | None, result: Estimate, calibration: Calibration) -> StorageBlock:
    """The storage block of a training estimate made without one (alternatives=False, the planner's fast path), from
    the estimate's own figures: the block estimate_training gives with alternatives."""
    training = result.training
    assert training is not None and training.goodput is not None and training.tokens_per_s is not None
    precision = Precision(result.precision)
    workload = training_workload(scenario, precision, calibration)
    saved = saved_bytes(training.trainable_params, precision, workload.optimizer, scenario.assumptions,
                        workload.adapter is not None, scenario.storage)
    return storage_for(scenario, node, result.count, cluster_for(scenario, result.count).gpus_per_node,
                       training.tokens_per_s, training.compute_days, saved, training.goodput, result.model.params)


def estimate_training(scenario: Scenario, node: NodeSpec | None = None, alternatives: bool = True,
                      search: LayoutSearch | None = None, calibration: Calibration = PUBLISHED) -> Estimate:
    """`search`: the search of the scenario's GPU count, done already (fast_training_searches; with `alternatives`,
    one with runner_up_times, else it is searched again)."""
    precision, warnings = supported_precision(scenario.gpu, scenario.precision)
    workload = training_workload(scenario, precision, calibration)
    given = scenario.training.weight_dtype
    if given is not None and workload.weight_dtype is None:
        warnings.append(msg("{dtype} weights need {dtype} GEMMs: on {gpu} they are kept in {precision}.",
                            dtype=given.value.upper(), gpu=scenario.gpu.model, precision=precision.value.upper()))
    if scenario.gpu_count is None:
        count, search = choose_count(scenario, workload)
    else:
        count = scenario.gpu_count
        if search is None or (alternatives and not search.runner_up_times):
            search = search_layouts(workload, cluster_for(scenario, count), scenario.assumptions, scenario.layout,
                                    runner_up_times=alternatives)
    cluster = cluster_for(scenario, count)
    best = search.best_index()
    step_s = search.step_s(best)
    tokens_per_s = workload.tokens_per_step / step_s
    job = _job_figures(workload, scenario)
    flops_per_token, trainable, saved, steps = job.flops_per_token, job.trainable, job.saved, job.steps
    model_tflops = flops_per_token * tokens_per_s / count / 1e12
    peak_tflops = peak_flops(cluster.gpu, precision) / 1e12
    compute_days = steps * step_s / 86400.0
    memory = search.memory.as_gib(best, cluster.gpu.usable_memory_gib or 0.0)
    reliability = run_goodput(compute_days, count, saved, scenario.assumptions, scenario.storage)
    # The planner's fast path leaves the storage block to the plans it shows (storage_of): it reads none of it.
    storage = storage_for(scenario, node, count, cluster.gpus_per_node, tokens_per_s, compute_days, saved,
                          reliability, workload.model.total_params) if alternatives else None
    days = reliability.wall_days
    power = power_block(cluster.gpu, cluster.gpus_per_node, cluster.nodes, node, PUBLISHED_POWER)
    energy, energy_tdp_basis = run_energy(power, cluster.gpu, count, compute_days)
    breakdown = search.time.as_dict(best)
    band = time_band(workload.calibration, cluster.gpu, precision, count, workload.model.is_moe,
                     is_scale_out(breakdown, cluster.nodes))
    if storage is not None:  # the fast path words its warnings only for the plans it shows (with_alternatives)
        warnings += training_warnings(scenario, workload, cluster, search, best, days)
        warnings += goodput_warnings(reliability, count, scenario.assumptions)
        warnings += storage.warnings
        warnings += band_sources_note(band)
    return Estimate(
        task=scenario.task,
        fits=search.runs(best),
        gpu=cluster.gpu.id,
        count=count,
        nodes=cluster.nodes,
        precision=precision,
        precision_requested=scenario.precision,
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
            steps=steps,
            tokens=workload.tokens,
            trainable_params=trainable,
            cluster_model_states_gb=model_states_gb(memory, count),
            uncertainty_pct=band.pct, uncertainty_coverage=band.coverage, uncertainty_basis=band.basis.value,
            step_breakdown_s=breakdown,
            compute_days=compute_days,
            goodput=reliability,
        ),
        inference=None,
        power=power,
        energy_mwh=energy,
        energy_mwh_gpu_tdp_basis=energy_tdp_basis,
        model=job.model,
        alternatives=search.losing_reasons(best) if search.runner_up_times else None,
        layouts_considered=len(search.layouts),
        layouts_fitting=int(np.count_nonzero(search.fits)),  # (a bool array's sum() casts each value first)
        assumptions=job.assumptions(),
        warnings=tuple(warnings),
        stack=stack_report(scenario) if alternatives else None,
        storage=storage,
    )
