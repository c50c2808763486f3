"""The pieces every estimate shares, whatever its task: the precision a GPU runs, the assumptions and stack it
reports, its band, power and energy, its memory headroom and reliability notes, and the texts of its bases."""

from __future__ import annotations

import math
from dataclasses import asdict
from functools import lru_cache
from typing import Any

from gpuplanner.calibration.published_fit import MOE_GROUPS
from gpuplanner.calibration.record import Calibration
from gpuplanner.core.base.choices import Task
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.kept import KeptByIdentity
from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.hardware.hardware import GPU, Precision
from gpuplanner.core.results.results import PowerFigures, StackReport
from gpuplanner.core.results.uncertainty import (
    MIN_GROUPS,
    Band,
    Basis,
    training_band,
)
from gpuplanner.core.scenario.fields import StorageSettings
from gpuplanner.core.scenario.scenario import Scenario
from gpuplanner.core.scenario.stack import profile_for
from gpuplanner.core.serving.engines import EngineProfile
from gpuplanner.core.site.site import NodeSpec, PowerAssumptions, expected_it_kw
from gpuplanner.core.site.storage import (
    CheckpointFormat,
    StorageBlock,
    StorageInputs,
    bytes_per_image,
    bytes_per_token,
    storage_plan,
)
from gpuplanner.core.training.goodput import LOW_GOODPUT, Goodput, expected_goodput
from gpuplanner.core.training.layout import LayoutSearch
from gpuplanner.core.training.memory import GIB, MemoryPerGPU, checkpoint_bytes, weight_bytes_per_param
from gpuplanner.core.training.performance import validation_group
from gpuplanner.core.training.workload import Assumptions, Optimizer, TrainingWorkload, WeightDtype

MIN_MEMORY_HEADROOM = 0.05  # a senior engineer's rule of thumb: keep ~5 % of GPU memory free


PRECISION_FALLBACK = {Precision.FP4: Precision.FP8, Precision.FP8: Precision.BF16, Precision.BF16: Precision.FP16,
                      Precision.TF32: Precision.FP32, Precision.FP16: Precision.FP32}


def estimated_figures(gpu: GPU) -> list[Message]:
    """A GPU whose catalog figures are estimates (no vendor datasheet): every result on it says so."""
    if gpu.confidence != "estimate":
        return []
    return [msg("The catalog's figures for {gpu} are estimates (no vendor datasheet found): so is everything computed "
                "from them; check their source on the catalog tab.", gpu=gpu.model)]


# Whose architectures the fallback's explanation names (FP4: Blackwell or CDNA 4; FP8 and BF16: NVIDIA's generations).
_RULE_VENDORS = {Precision.FP4: ("NVIDIA", "AMD"), Precision.FP8: ("NVIDIA",), Precision.BF16: ("NVIDIA",)}


def _fallback_reason(gpu: GPU, precision: Precision, fallback: str) -> Message:
    """Why `gpu` runs `precision` as `fallback`: the architecture rule where it describes the part, else the rate the
    catalog lacks."""
    if gpu.vendor not in _RULE_VENDORS.get(precision, ()):
        return msg("{gpu} publishes no {wanted} rate; estimated in {fallback} instead.",
                   gpu=gpu.model, wanted=precision.value.upper(), fallback=fallback)
    if precision == Precision.FP4:
        return msg("{gpu} has no FP4 tensor cores (FP4 needs Blackwell or CDNA 4); estimated in {fallback} instead.",
                   gpu=gpu.model, fallback=fallback)
    if precision == Precision.FP8:
        return msg("{gpu} has no FP8 tensor cores (FP8 needs Hopper, Ada or newer); estimated in {fallback} instead.",
                   gpu=gpu.model, fallback=fallback)
    return msg("{gpu} has no BF16 tensor cores (BF16 needs Ampere or newer); estimated in {fallback} instead.",
               gpu=gpu.model, fallback=fallback)


def supported_precision(gpu: GPU, wanted: Precision) -> tuple[Precision, list[Message]]:
    """The precision the GPU can run, falling back (FP4 -> FP8 -> BF16 -> FP16 -> FP32) with a warning (a list of the
    caller's own)."""
    precision, warnings = _supported_kept.get((gpu,), (wanted,), lambda: _supported_precision(gpu, wanted))
    return precision, list(warnings)


# supported_precision by the GPU object (a record: its figures never change) and the precision asked for: a plan asks
# for each of its GPUs at every search and estimate.
_supported_kept: KeptByIdentity[tuple[Precision, tuple[Message, ...]]] = KeptByIdentity(1024)


def _supported_precision(gpu: GPU, wanted: Precision) -> tuple[Precision, tuple[Message, ...]]:
    warnings: list[Message] = []
    precision = wanted
    while gpu.peak_tflops(precision) is None and precision in PRECISION_FALLBACK:
        warnings.append(_fallback_reason(gpu, precision, PRECISION_FALLBACK[precision].value.upper()))
        precision = PRECISION_FALLBACK[precision]
    if gpu.peak_tflops(precision) is None:
        raise InputError("precision", "{model} has no published peak for {value} or a fallback",
                         model=gpu.model, value=wanted.value)
    return precision, tuple(warnings)


@lru_cache(maxsize=64)
def _assumption_items(assumptions: Assumptions) -> tuple[tuple[str, Any], ...]:
    return tuple(asdict(assumptions).items())


@lru_cache(maxsize=16)
def profile_items(profile: EngineProfile) -> tuple[tuple[str, Any], ...]:
    return tuple(asdict(profile).items())


def assumption_values(assumptions: Assumptions) -> dict[str, float | bool]:
    """The assumptions as plain values for the result (a fresh dict; the conversion is done once per set)."""
    return dict(_assumption_items(assumptions))


def time_band(calibration: Calibration, gpu: GPU, precision: Precision, count: int, moe: bool = False,
              scale_out: bool = False) -> Band:
    """The band of a training time on `count` GPUs (core.results.uncertainty.training_band over the calibration's bands;
    the band of the user's own runs of the GPU where they calibrated it)."""
    group = validation_group(gpu, precision)
    user = calibration.user_fit(gpu.id, group[1])
    if user is not None and user.time_band_pct is not None and user.band_coverage is not None:
        return Band(user.time_band_pct, user.band_coverage, Basis.USER_RUNS)  # the user's own runs of this GPU
    return training_band(calibration.training_bands, group, count, moe, scale_out)


def band_sources_note(band: Band) -> list[Message]:
    """The independent published sources behind a band, said on the estimate: how many of its kind it was taken
    over, that it is the wider class's where they are fewer than MIN_GROUPS, or that it is widened beyond them."""
    if band.basis in (Basis.EXTRAPOLATED, Basis.UNVALIDATED):
        if band.own_sources == 0:  # no run of its kind: the estimate's own notes say so
            return []
        return [msg("The band, ±{band:.0f}%, is widened beyond the {own} independent published sources of this kind "
                    "judged, each weighing one however many runs it published.", band=band.pct, own=band.own_sources)]
    if band.basis not in (Basis.JUDGED, Basis.FEW_SOURCES):
        return []
    if band.own_sources >= MIN_GROUPS:
        return [msg("The band, ±{band:.0f}%, is taken over {sources} independent published sources of this kind, "
                    "each weighing one however many runs it published and each judged with its own runs left out "
                    "of the fit: it is meant to hold {coverage:.0f} % of a new source's runs.",
                    band=band.pct, sources=band.own_sources, coverage=band.coverage * 100.0)]
    return [msg("Independent published sources of this kind judged: {own}, fewer than the {least} a band of its own "
                "needs. The band, ±{band:.0f}%, is that of every kind ({sources} sources), at least the worst error "
                "among its own.", own=band.own_sources, least=MIN_GROUPS, band=band.pct, sources=band.sources)]


def moe_unvalidated(group: tuple[str, str], moe: bool) -> bool:
    """A mixture-of-experts model on an architecture and math width no published MoE run was checked on."""
    return moe and group not in MOE_GROUPS


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
    """Nameplate from the chosen server (when known) and the expected draw from the metered per-GPU figure (at most
    the nameplate)."""
    expected = expected_it_kw(gpu.tdp_w, gpus_per_node, 0, power, None if node is None else node.nameplate_kw)
    return PowerFigures(node_kw_nameplate=None if node is None else node.nameplate_kw, node_kw_expected=expected,
                        cluster_kw_expected=None if expected is None else expected * nodes,
                        node_gpus=None if node is None else node.gpus)


def servers_power_block(gpu: GPU, busy: int, node: NodeSpec, power: PowerAssumptions) -> PowerFigures:
    """The draw of the servers a plan of `busy` GPUs buys and powers (whole `node`s, as many as hold them): the busy
    GPUs at the metered training draw and the rest of their slots idle at the metered idle draw, each server at most
    its maximum input (expected_it_kw, the site block's own figure); `node_kw_expected` is the busiest server's."""
    nodes = max(1, math.ceil(busy / node.gpus))
    first = min(busy, node.gpus)
    expected = expected_it_kw(gpu.tdp_w, first, node.gpus - first, power, node.nameplate_kw)
    cluster = expected_it_kw(gpu.tdp_w, busy, nodes * node.gpus - busy, power, node.nameplate_kw, nodes)
    return PowerFigures(node_kw_nameplate=node.nameplate_kw, node_kw_expected=expected, cluster_kw_expected=cluster,
                        node_gpus=node.gpus)


def run_energy(power: PowerFigures, gpu: GPU, count: int, days: float) -> tuple[float | None, float | None]:
    """Energy of the run in MWh: the expected cluster draw, and GPU-hours x TDP (the accounting Llama and BLOOM
    publish: no host, no PUE) for like-with-like checks."""
    cluster_kw = power.cluster_kw_expected
    return (None if cluster_kw is None else cluster_kw * days * 24.0 / 1000.0,
            None if gpu.tdp_w is None else days * 24.0 * count * gpu.tdp_w / 1e6)


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
    given = scenario.assumptions_given
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


def saved_bytes(trainable_params: float, precision: Precision, optimizer: Optimizer, assumptions: Assumptions,
                adapter: bool, storage: StorageSettings) -> float:
    """One checkpoint in the scenario's format: the full states (memory.checkpoint_bytes), or the trained weights in
    their dtype alone."""
    if storage.checkpoint_format == CheckpointFormat.WEIGHTS:
        return trainable_params * weight_bytes_per_param(precision)
    return checkpoint_bytes(trainable_params, precision, optimizer, assumptions, adapter)


def run_goodput(compute_days: float, count: int, saved: float, assumptions: Assumptions,
                storage: StorageSettings) -> Goodput:
    """Wall-clock time with the expected interruptions and the checkpoints of `saved` bytes each, written to the
    user's shared store where one is described (else at the assumed per-GPU share of Llama 3's), every
    storage.checkpoint_interval_min where given."""
    return expected_goodput(compute_days, count, saved, assumptions.interruptions_per_million_gpu_hours,
                            checkpoint_write_gbs(count, assumptions, storage) / count, assumptions.restart_minutes,
                            storage.checkpoint_interval_min)


def checkpoint_write_gbs(count: int, assumptions: Assumptions, storage: StorageSettings) -> float:
    """The job's checkpoint write bandwidth: the user's shared store, else the assumed share per GPU x the GPUs."""
    if storage.shared_store_gbs is not None:
        return storage.shared_store_gbs
    return assumptions.checkpoint_write_gbs_per_gpu * count


def storage_for(scenario: Scenario, node: NodeSpec | None, count: int, gpus_per_node: int, samples_per_s: float,
                compute_days: float, saved: float, reliability: Goodput, export_params: float) -> StorageBlock:
    """The run's storage and host (core.site.storage), from the estimate's throughput and goodput, the scenario's
    storage section and the server's catalog figures."""
    settings = scenario.storage
    images = scenario.task in (Task.VISION, Task.DIFFUSION)
    if images:
        assert scenario.images.resolution is not None
        per_sample = settings.bytes_per_image or bytes_per_image(scenario.images.resolution)
        samples, epochs = float(scenario.images.count), scenario.images.epochs
    else:
        vocab = scenario.model.vocab if scenario.model is not None else None
        per_sample = settings.bytes_per_token or bytes_per_token(vocab)
        samples, epochs = scenario.training.tokens, 1.0
    in_node = min(count, gpus_per_node)
    return storage_plan(StorageInputs(
        gpus=count, nodes=-(-count // gpus_per_node), gpus_per_node=in_node, samples_per_s=samples_per_s,
        images=images, dataset_samples=samples, epochs=epochs, bytes_per_sample=per_sample,
        dataset_tb=settings.dataset_tb, compute_s=compute_days * 86400.0, checkpoint_bytes=saved,
        export_bytes=export_params * 2.0, checkpoint_format=settings.checkpoint_format,
        checkpoints_kept=settings.checkpoints_kept, checkpoint_share=settings.checkpoint_share,
        interval_given=settings.checkpoint_interval_min is not None,
        checkpoint_interval_min=reliability.checkpoint_interval_min, checkpoint_write_s=reliability.checkpoint_write_s,
        write_gbs=checkpoint_write_gbs(count, scenario.assumptions, settings),
        shared_store_gbs=settings.shared_store_gbs,
        interruptions_per_day=reliability.interruptions_per_day, gpu_memory_gb=scenario.gpu.memory_gib or 0.0,
        server_nvme_tb=None if node is None else node.local_nvme_tb,
        server_nvme_write_gbs=None if node is None else node.local_nvme_write_gbs,
        server_cores=None if node is None else node.cpu_cores,
        server_memory_gb=None if node is None else node.system_memory_gb))


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


def model_states_gb(memory: MemoryPerGPU, count: int) -> float:
    """Weights, gradients and optimizer states summed over every GPU, replicas included, in GB (a checkpoint holds
    one copy: memory.checkpoint_bytes)."""
    return (memory.weights + memory.gradients + memory.optimizer) * GIB * count / 1e9
