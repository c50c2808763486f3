"""Evaluate a serving scenario: the engine and workload, the replica under the load the user names (or the largest
batch its KV cache holds within the latency limits), the replicas a throughput target needs, and the latency curve."""

from __future__ import annotations

import math
from dataclasses import replace

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.published_fit import SERVING_MOE_SPEED_RATIO, SERVING_SOURCES
from gpuplanner.calibration.record import Calibration
from gpuplanner.core.base.messages import Listing, Message, msg
from gpuplanner.core.base.records import built_from
from gpuplanner.core.estimates.result_parts import (
    GEFORCE_LICENCE,
    KV_CACHE_BASIS,
    SERVING_POWER_BASIS,
    band_sources_note,
    power_block,
    profile_items,
    sustained_clock_note,
)
from gpuplanner.core.hardware.hardware import GPU, Segment, validation_width
from gpuplanner.core.results.results import Estimate, LatencyPoint, ModelSummary, ServingFigures
from gpuplanner.core.results.uncertainty import Band, Basis, fitted_on_none, serving_band
from gpuplanner.core.scenario.scenario import Scenario
from gpuplanner.core.serving.engines import KvAdmission
from gpuplanner.core.serving.inference import (
    PCIE_TENSOR_PARALLEL,
    QueuedRun,
    ServingEstimate,
    ServingWorkload,
    compute_precision,
    eager_kernels_per_pass,
    eager_launch_s,
    estimate_serving,
    fits_memory,
    replica_under_load,
    replicas_for_target,
    serving_validation_group,
    smallest_fitting_tp,
)
from gpuplanner.core.site.site import NodeSpec, PowerAssumptions
from gpuplanner.core.training.memory import MemoryPerGPU
from gpuplanner.core.training.performance import EAGER_KERNEL_LAUNCH_S
from gpuplanner.core.training.workload import Cluster, Layout, stated_scale_out_port_gbps


def serving_workload(scenario: Scenario, calibration: Calibration = PUBLISHED) -> ServingWorkload:
    """The scenario's serving workload on the engine its GPU runs (serving_engine), under `calibration`: every
    inference setting the workload declares under the same name, and what the scenario decides beyond them (an
    admission chosen for TensorRT-LLM stays with it; vLLM, planned in its place on other vendors' GPUs, admits by
    the cache in use)."""
    options = scenario.inference
    engine = serving_engine(scenario)[0]
    return built_from(ServingWorkload, options, model=scenario.transformer,
                      batch=options.batch or ServingWorkload.batch, engine=engine, assumptions=scenario.assumptions,
                      kv_admission=options.kv_admission if engine == options.engine else None,
                      calibration=calibration.for_group(scenario.gpu.id, engine),
                      pipeline_stages=scenario.layout.pp or 1, server_gpus=scenario.gpus_per_node,
                      network_gbps_per_node=scenario.network_gbps_per_node)


def serving_engine(scenario: Scenario) -> tuple[str, list[Message]]:
    """The engine a serving plan runs: the one chosen, except TensorRT-LLM, which runs on NVIDIA GPUs only; another
    vendor's GPU is planned with vLLM (it runs on AMD's ROCm, Intel Gaudi and Ascend too), and the plan says so."""
    engine = scenario.inference.engine
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
        ok_ttft = limits.max_ttft_s is None or load.ttft_s <= limits.max_ttft_s
        ok_tpot = limits.max_tpot_s is None or load.tpot_s <= limits.max_tpot_s
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


# The most servers a replica's tensor-parallel group is planned over where one server's memory cannot hold the model:
# SGLang's DeepSeek usage guide serves it over two 8-GPU servers (H20, H200) and four (A100) with --tp over all of
# them (docs 'Running examples on Multi-node'; benchmark/deepseek_v3/README.md).
MOST_SERVERS_A_REPLICA = 4


def servers_a_replica_may_span(scenario: Scenario) -> int:
    """The servers the layout search may spread one replica's tensor-parallel group over, where one server cannot hold
    it: those of the GPUs given, else MOST_SERVERS_A_REPLICA; 1 for a GPU whose servers the catalog states no
    scale-out port a GPU for (the HGX / DGX-class baseboards with a NIC per GPU that multi-node serving runs over),
    whose few shared ports a group over servers would wait on."""
    if stated_scale_out_port_gbps(scenario.gpu) is None:
        return 1
    return MOST_SERVERS_A_REPLICA if scenario.gpu_count is None else scenario.gpu_count // scenario.gpus_per_node


def estimate_inference(scenario: Scenario, node: NodeSpec | None = None, alternatives: bool = True,
                       calibration: Calibration = PUBLISHED) -> Estimate:
    gpu = scenario.gpu
    workload = serving_workload(scenario, calibration)
    node_gpus = min(scenario.gpus_per_node, scenario.gpu_count or scenario.gpus_per_node)
    tp = scenario.layout.tp or smallest_fitting_tp(workload, gpu, node_gpus, servers_a_replica_may_span(scenario))
    stages = workload.pipeline_stages
    serving = estimate_serving(workload, gpu, tp)
    warnings = [*serving_engine(scenario)[1], *serving.warnings, *admission_notes(workload, serving, gpu)]
    per_replica = serving.output_tokens_per_s
    target = scenario.constraints.target_output_tokens_per_s
    users = scenario.inference.concurrent_users
    replicas_needed = 1
    sizing_batch = workload.batch
    # A throughput target with neither a batch nor a number of users named: each replica is sized to serve the
    # largest batch its KV cache holds within the latency limits, as an engine under full load runs (the fewest
    # replicas), and the service is reported at that batch.
    full_load = target is not None and users is None and scenario.inference.batch is None
    if users is not None or full_load:
        sizing_batch = _batch_within_latency(workload, scenario, tp, max(serving.max_batch, 1))
        limited = scenario.inference.max_ttft_s is not None or scenario.inference.max_tpot_s is not None
        if sizing_batch == 0:
            warnings.append(msg("No batch meets the latency limits on this GPU; add GPUs per replica (TP)."))
            sizing_batch = 1
        elif users is None and limited:
            warnings.append(msg("Sized for the target at {batch:,} requests per replica, the most its KV cache holds "
                                "within your latency limits: set inference.batch or concurrent_users to size the "
                                "replicas for your own load.", batch=sizing_batch))
        elif users is None:
            warnings.append(msg("Sized for the target at {batch:,} requests per replica, the most its KV cache holds "
                                "(no latency limit set): set inference.batch, concurrent_users or max_tpot_s to size "
                                "the replicas for your own load.", batch=sizing_batch))
        if users is not None:
            replicas_needed = math.ceil(users / sizing_batch)
    if target is not None:
        at_batch = estimate_serving(replace(workload, batch=max(1, min(sizing_batch, serving.max_batch or 1))), gpu,
                                    tp).output_tokens_per_s
        replicas_needed = max(replicas_needed, replicas_for_target(at_batch, target))
    gpus_per_replica = tp * stages
    count = scenario.gpu_count or replicas_needed * gpus_per_replica
    replicas = max(count // gpus_per_replica, 1)
    load_batch = workload.batch if serving.queued is None else serving.queued.admitted
    if users is not None:  # report the service at the load it was sized for: the users spread over the replicas
        load_batch = max(1, min(math.ceil(users / replicas), serving.max_batch or 1))
    elif full_load:
        load_batch = max(1, min(sizing_batch, serving.max_batch or 1))
    if load_batch != workload.batch and serving.queued is None:
        serving = estimate_serving(replace(workload, batch=load_batch), gpu, tp)
        per_replica = serving.output_tokens_per_s
    if scenario.gpu_count is not None and replicas < replicas_needed:
        warnings.append(msg("The load needs {replicas} replicas of {tp} GPU(s) = {gpus} GPUs; only {count} given.",
                            replicas=replicas_needed, tp=gpus_per_replica, gpus=replicas_needed * gpus_per_replica,
                            count=count))
    # A tight batch's warning says what it needs; a queued one's, what the engine runs at once.
    if workload.batch > serving.max_batch and not serving.tight and serving.queued is None:
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
    warnings += sustained_clock_note(gpu, compute_precision(gpu, workload.weight_dtype))
    group = serving_validation_group(workload, gpu, tp)
    shown_band = serving_band(calibration.serving_bands, group, gpu.architecture)
    user = workload.calibration.user_fit(gpu.id, validation_width(compute_precision(gpu, workload.weight_dtype)))
    if user is not None and user.serving_band_pct is not None and user.band_coverage is not None:
        shown_band = Band(user.serving_band_pct, user.band_coverage, Basis.USER_RUNS)  # the user's own runs
    band = shown_band.pct
    if group == PCIE_TENSOR_PARALLEL:
        warnings.append(msg("Tensor parallelism over PCIe is checked against one published table (TensorRT-LLM "
                            "v0.9.0 on L40S, TP 2-8): one source cannot establish a coverage, so the band, "
                            "±{band:.0f}%, is at least its worst error there.",
                            band=band))
    if gpu.vendor != "NVIDIA" and shown_band.basis != Basis.USER_RUNS \
            and group.endswith(f"({gpu.vendor})") and group in calibration.serving_bands.groups \
            and fitted_on_none(calibration.serving_bands, group):
        warnings.append(msg("No serving constant is fitted on a published run of {engine} on {vendor} parts: the "
                            "estimate uses the shares fitted on NVIDIA GPUs, which the published runs there "
                            "({sources}) only judge. The band, ±{band:.0f}%, is at least their worst error and at "
                            "least that of an estimate no published run covers.",
                            engine=workload.profile.name, vendor=gpu.vendor,
                            sources=Listing(SERVING_SOURCES.get(group, ())), band=band))
    warnings += engine_notes(workload, band, own_runs=shown_band.basis == Basis.USER_RUNS)
    if workload.launches_eagerly:
        warnings.append(eager_note(workload, tp))
    warnings += band_sources_note(shown_band)
    moe = workload.model.is_moe
    if moe:
        low, median, high = SERVING_MOE_SPEED_RATIO
        warnings.append(msg("Mixture-of-experts serving is modelled in part: a pass reads the experts its tokens "
                            "are routed to, moves each token to them and back, runs their grouped GEMMs at the "
                            "efficiency of few rows times the experts' share fitted on MoE training runs, and pays "
                            "each MoE layer's routing work (router, top-k, sorting by expert, per-expert tiles) at "
                            "the GPU's SM rate, fitted on one SGLang run. Against the published MoE runs "
                            "(TensorRT-LLM: Qwen3-30B-A3B on one B200 or GB200, Mixtral 8x7B on H100, H200, L40S "
                            "and A100; SGLang: Qwen3-30B-A3B and 235B-A22B on H20s at batch 1) the estimate is "
                            "{low:.1f}-{high:.1f} times the measured speed (median {median:.1f}): ±{band:.0f}%.",
                            low=low, median=median, high=high, band=band))
    cluster = Cluster(gpu, count, min(scenario.gpus_per_node, count), scenario.network_gbps_per_node)
    parts = serving.memory_gib
    memory = MemoryPerGPU(weights=parts["weights"], gradients=0.0, optimizer=0.0, activations=parts["activations"],
                          kv_cache=parts["kv_cache"], overhead=parts["overhead"], total=parts["total"],
                          capacity=parts["capacity"], allocated=parts["total"])  # serving engines preallocate
    return Estimate(
        task=scenario.task, fits=serving.fits, gpu=gpu.id, count=count, nodes=cluster.nodes,
        precision=workload.weight_dtype, precision_requested=workload.weight_dtype,
        layout=Layout(tp=tp, pp=stages, dp=replicas, zero=0, micro_batch=load_batch, recompute="none",
                      sequence_parallel=False, virtual_stages=1),
        memory_gib_per_gpu=memory,
        training=None,
        inference=ServingFigures(
            ttft_s=serving.ttft_s, tpot_s=serving.tpot_s,
            concurrent_users=users, batch_per_replica=load_batch,
            output_tokens_per_s_per_user=1.0 / serving.tpot_s if serving.tpot_s > 0 else None,
            output_tokens_per_s=per_replica * replicas, output_tokens_per_s_per_replica=per_replica,
            output_tokens_per_s_per_gpu=per_replica / tp, max_batch=serving.max_batch,
            replicas=replicas, gpus_per_replica=gpus_per_replica, replicas_needed=replicas_needed,
            gpus_needed=replicas_needed * gpus_per_replica, engine=workload.profile.name,
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
        assumptions={"engine_profile": dict(profile_items(workload.profile)),  # (converted once per profile)
                     "gemm_overlap_penalty": calibration.serving.gemm_overlap,
                     "kv_cache": KV_CACHE_BASIS, "power": SERVING_POWER_BASIS},
        warnings=tuple(warnings),
    )


def admission_notes(workload: ServingWorkload, serving: ServingEstimate, gpu: GPU) -> list[Message]:
    """What the engine does with the batch it is given: queues what it cannot run at once, or cannot hold it."""
    notes: list[Message] = []
    tp = serving.tp
    if serving.queued is not None:
        notes.append(queued_note(serving.queued, workload.profile.name))
    if not serving.fits and workload.profile.kv_share_of_free:
        notes.append(msg("Does not fit: {need:.1f} GiB needed per GPU with TP={tp}, {capacity:g} GiB available "
                         "({engine} gives the KV cache {fraction:.0%} of the memory left after the weights).",
                         need=serving.memory_gib["total"], tp=tp, capacity=gpu.usable_memory_gib or 0,
                         engine=workload.profile.name, fraction=workload.memory_fraction))
    elif not serving.fits:
        notes.append(msg("Does not fit: {need:.1f} GiB needed per GPU with TP={tp}, {capacity:g} GiB available "
                         "({engine} uses {fraction:.0%}).", need=serving.memory_gib["total"], tp=tp,
                         capacity=gpu.usable_memory_gib or 0, engine=workload.profile.name,
                         fraction=workload.memory_fraction))
    return notes


def queued_note(queued: QueuedRun, engine: str) -> Message:
    """What a batch beyond the engine's admission does: the requests it runs at once, what bounds them, the rounds."""
    if queued.capped:
        return msg("{engine} runs {admitted:,} of the {requests:,} requests at once (its cap on running requests: "
                   "inference.max_running_requests) and queues the rest: {rounds:,} rounds; TTFT and time per token "
                   "are a full round's, throughput is over the whole run.", engine=engine, admitted=queued.admitted,
                   requests=queued.requests, rounds=queued.rounds)
    return msg("{engine} runs {admitted:,} of the {requests:,} requests at once (what its KV cache holds for their "
               "whole length) and queues the rest: {rounds:,} rounds; TTFT and time per token are a full round's, "
               "throughput is over the whole run.", engine=engine, admitted=queued.admitted,
               requests=queued.requests, rounds=queued.rounds)


def eager_note(workload: ServingWorkload, tp: int) -> Message:
    """What running without CUDA graphs costs each forward pass: its kernels launched from Python one by one."""
    return msg("CUDA graphs off: {engine} launches the {kernels:,} kernels of each forward pass from Python, "
               "{host_ms:.1f} ms of host time a pass ({kernel_us:.1f} µs a kernel, eager PyTorch's dispatch and "
               "launch); where the GPU's work takes less, the GPU waits for the host (small models and small "
               "batches).", engine=workload.profile.name, kernels=eager_kernels_per_pass(workload.model, tp),
               host_ms=eager_launch_s(workload, tp) * 1e3, kernel_us=EAGER_KERNEL_LAUNCH_S * 1e6)


def engine_notes(workload: ServingWorkload, band: float, own_runs: bool = False) -> list[Message]:
    """What the engine's profile rests on, said on every estimate made with it (`own_runs`: its band comes from the
    user's own runs, not from the published sources' errors)."""
    notes: list[Message] = []
    if workload.profile.name == "TensorRT-LLM" and not workload.model.is_moe and not own_runs:
        notes.append(msg("TensorRT-LLM's profile is fitted on these published sources: {sources}. The band, "
                         "±{band:.0f}%, holds 80 % of its errors on them, each judged with its own recipe, round "
                         "or table left out of the fit.",
                         sources=Listing(workload.calibration.serving_fit_sources), band=band))
    if workload.profile.name == "SGLang":
        notes.append(msg("SGLang reads a GDDR card's weights at a share fitted on one published table (batch 1 on "
                         "an RTX PRO 6000) and HBM at vLLM's share; its prompt speed is vLLM's, an assumption. Its "
                         "other published runs only judge it."))
    if workload.profile.name == "vLLM":
        notes.append(msg("vLLM's prompt speed is an assumption (about 90 % of TensorRT-LLM's); its decode's share "
                         "of memory bandwidth is fitted on one published run (an A100) and only judged on the others."))
    return notes
