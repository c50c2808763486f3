"""Evaluate a scenario: pick the layout (or take the user's), and report memory, time, power and warnings in
the shape of DESIGN.md §6."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from gpuplanner.core.errors import InputError
from gpuplanner.core.hardware import GPU, Precision, Segment
from gpuplanner.core.layout import LayoutSearch, search_layouts
from gpuplanner.core.memory import GIB
from gpuplanner.core.performance import is_validated, model_flops_per_token, peak_flops
from gpuplanner.core.power import expected_node_kw
from gpuplanner.core.scenario import Scenario
from gpuplanner.core.workload import Cluster, Task, TrainingWorkload

# Median |error| of the published runs in the validation table (benchmarks/validate_training.py), per
# architecture family and math width; tests/test_validation_training.py keeps these in step with the harness.
VALIDATION_ERROR_PCT = {("Ampere", "16-bit"): 4.7, ("Hopper", "16-bit"): 9.3, ("Hopper", "fp8"): 7.6,
                        ("Blackwell", "fp8"): 9.0}
UNVALIDATED_ERROR_PCT = 35.0
LONG_RUN_DAYS = 3.0
COUNT_SEARCH_LIMIT = 1 << 16

PRECISION_FALLBACK = {Precision.FP8: Precision.BF16, Precision.BF16: Precision.FP16, Precision.TF32: Precision.FP32,
                      Precision.FP16: Precision.FP32}


def supported_precision(gpu: GPU, wanted: Precision) -> tuple[Precision, list[str]]:
    """The precision the GPU can run, falling back (FP8 -> BF16 -> FP16 -> FP32) with a warning."""
    warnings: list[str] = []
    precision = wanted
    while gpu.peak_tflops(precision) is None and precision in PRECISION_FALLBACK:
        fallback = PRECISION_FALLBACK[precision]
        reason = {
            Precision.FP8: "has no FP8 tensor cores (FP8 needs Hopper, Ada or newer)",
            Precision.BF16: "has no BF16 tensor cores (BF16 needs Ampere or newer)",
        }.get(precision, f"publishes no {precision.value.upper()} rate")
        warnings.append(f"{gpu.model} {reason}; estimated in {fallback.value.upper()} instead.")
        precision = fallback
    if gpu.peak_tflops(precision) is None:
        raise InputError("precision", f"{gpu.model} has no published peak for {wanted.value} or a fallback")
    return precision, warnings


def uncertainty_pct(gpu: GPU, precision: Precision) -> float:
    width = "fp8" if precision == Precision.FP8 else "16-bit"
    return VALIDATION_ERROR_PCT.get((gpu.architecture, width), UNVALIDATED_ERROR_PCT)


def training_warnings(scenario: Scenario, workload: TrainingWorkload, cluster: Cluster, search: LayoutSearch,
                      best: int, days: float) -> list[str]:
    gpu = cluster.gpu
    layout = search.layouts.describe(best)
    warnings: list[str] = []
    if not search.fits[best]:
        need = float(search.memory.total[best]) / GIB
        warnings.append(f"Does not fit: the leanest layout needs {need:.1f} GiB per GPU but {gpu.model} has "
                        f"{gpu.memory_gib or 0:g} GiB. Add GPUs, shard more (ZeRO-3), or recompute activations.")
    if layout["tp"] > 1 and not gpu.has_scale_up_fabric:
        warnings.append(f"{gpu.model} has no NVLink: tensor parallelism over PCIe is slow; prefer data "
                        "parallelism with ZeRO/FSDP.")
    if layout["tp"] > gpu.scale_up_domain > 1:
        warnings.append(f"{gpu.model} links only {gpu.scale_up_domain} GPUs by NVLink bridge; TP={layout['tp']} "
                        "crosses PCIe.")
    if gpu.segment == Segment.CONSUMER:
        warnings.append("GeForce cards: NVIDIA's driver licence does not permit data-center deployment, and they "
                        "have no ECC memory.")
    if gpu.ecc is not True and days > LONG_RUN_DAYS and gpu.segment != Segment.CONSUMER:
        warnings.append(f"{gpu.model}: ECC memory not confirmed; a {days:.0f}-day run risks silent errors.")
    deadline = scenario.constraints.get("deadline_days")
    if deadline is not None and days > deadline:
        warnings.append(f"Misses the deadline: {days:.1f} days against {deadline:g}.")
    if not is_validated(gpu, workload.precision):
        warnings.append(f"No published run on {gpu.architecture} in {workload.precision.value} to check against: "
                        f"the time estimate is uncertain (±{UNVALIDATED_ERROR_PCT:.0f}%).")
    if cluster.count > cluster.gpus_per_node and not gpu.is_sxm_class:
        warnings.append("Multi-node training on PCIe servers: check each node has a 100-200 Gb/s RDMA NIC per "
                        "2 GPUs or gradient traffic will dominate.")
    return warnings


def _cluster(scenario: Scenario, count: int) -> Cluster:
    return Cluster(scenario.gpu, count, min(scenario.gpus_per_node, count), scenario.network_gbps_per_node)


def _training_workload(scenario: Scenario, precision: Precision) -> TrainingWorkload:
    return TrainingWorkload(model=scenario.model, task=scenario.task, seq_len=scenario.seq_len,
                            global_batch=scenario.training["global_batch"], tokens=scenario.training["tokens"],
                            precision=precision, optimizer=scenario.training["optimizer"])


def choose_count(scenario: Scenario, workload: TrainingWorkload) -> tuple[int, LayoutSearch]:
    """Smallest power-of-two GPU count that fits (and meets the deadline when one is set)."""
    deadline = scenario.constraints.get("deadline_days")
    count = 1
    last: tuple[int, LayoutSearch] | None = None
    while count <= COUNT_SEARCH_LIMIT:
        try:
            search = search_layouts(workload, _cluster(scenario, count), scenario.assumptions, scenario.layout)
        except InputError:
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
        raise InputError("hardware.count", "no GPU count up to 65536 gives a valid layout for this batch")
    return last


def estimate_training(scenario: Scenario) -> dict[str, Any]:
    precision, warnings = supported_precision(scenario.gpu, scenario.precision)
    workload = _training_workload(scenario, precision)
    if scenario.gpu_count is None:
        count, search = choose_count(scenario, workload)
    else:
        count = scenario.gpu_count
        search = search_layouts(workload, _cluster(scenario, count), scenario.assumptions, scenario.layout)
    cluster = _cluster(scenario, count)
    best = search.best_index()
    step_s = float(search.time.total[best])
    tokens_per_s = workload.tokens_per_step / step_s
    model_tflops = model_flops_per_token(workload) * tokens_per_s / count / 1e12
    peak_tflops = peak_flops(cluster.gpu, precision) / 1e12
    days = workload.steps * step_s / 86400.0
    memory = search.memory.as_gib(best)
    memory["kv_cache"] = 0.0  # training keeps no KV cache
    memory["capacity"] = cluster.gpu.memory_gib or 0.0
    node_kw = expected_node_kw(cluster.gpu, cluster.gpus_per_node)
    cluster_kw = None if node_kw is None else node_kw * cluster.nodes
    warnings += training_warnings(scenario, workload, cluster, search, best, days)
    return {
        "task": scenario.task.value,
        "fits": bool(search.fits[best]),
        "gpu": cluster.gpu.id,
        "count": count,
        "nodes": cluster.nodes,
        "precision": precision.value,
        "layout": search.layouts.describe(best),
        "memory_gib_per_gpu": memory,
        "training": {
            "step_time_s": step_s,
            "tokens_per_s": tokens_per_s,
            "tokens_per_s_per_gpu": tokens_per_s / count,
            "model_tflops_per_gpu": model_tflops,
            "mfu": model_tflops / peak_tflops,
            "days": days,
            "gpu_hours": days * 24.0 * count,
            "steps": workload.steps,
            "uncertainty_pct": uncertainty_pct(cluster.gpu, precision),
            "step_breakdown_s": search.time.as_dict(best),
        },
        "inference": None,
        "power": {
            "node_kw_nameplate": None,
            "node_kw_expected": node_kw,
            "cluster_kw_expected": cluster_kw,
        },
        "energy_mwh": None if cluster_kw is None else cluster_kw * days * 24.0 / 1000.0,
        "model": {
            "name": workload.model.name,
            "params": workload.model.total_params,
            "active_params": workload.model.active_params,
            "training_flops_per_token": model_flops_per_token(workload),
        },
        "alternatives": search.losing_reasons(best),
        "layouts_considered": len(search.layouts),
        "layouts_fitting": int(search.fits.sum()),
        "assumptions": {
            **asdict(scenario.assumptions),
            "flops_convention": "6N + 12*layers*hidden*seq per token (PaLM); no causal discount",
            "activation_memory": "Korthikanti et al. 2022, generalised to GQA and SwiGLU",
            "optimizer": workload.optimizer.value,
            "power": "expected draw = 1.28 x GPU TDP per GPU incl. host (MLPerf Training v4.0 metered)",
        },
        "warnings": warnings,
    }


def estimate(scenario: Scenario) -> dict[str, Any]:
    if scenario.task in (Task.PRETRAIN, Task.FINETUNE):
        return estimate_training(scenario)
    raise InputError("task", f"{scenario.task.value!r} estimates are not available in this version yet "
                     "(pretrain and finetune are)")
