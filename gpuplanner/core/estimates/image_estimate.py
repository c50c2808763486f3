"""Evaluate an image-model training scenario (CNNs from parameters, FLOPs and measured activations; ViT and DiT as
transformers) and band it by the published image-model runs."""

from __future__ import annotations

from dataclasses import replace

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import Calibration
from gpuplanner.core.base.choices import Task
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.messages import msg
from gpuplanner.core.estimates.result_parts import (
    assumption_values,
    fit_warnings,
    goodput_warnings,
    model_states_gb,
    power_block,
    run_energy,
    run_goodput,
    saved_bytes,
    storage_for,
    supported_precision,
)
from gpuplanner.core.estimates.training_estimate import (
    cluster_for,
    estimate_training,
)
from gpuplanner.core.images.unet import UNET_BAND_PCT, UNET_MIN_FITTED_MICRO_BATCH, UNET_VALIDATED_ARCHITECTURES
from gpuplanner.core.images.vision import (
    ACTIVATION_TRAFFIC_FACTOR,
    ImageModel,
    ImageWorkload,
    search_image_layouts,
)
from gpuplanner.core.results.results import (
    Estimate,
    ModelSummary,
    TrainingFigures,
)
from gpuplanner.core.results.uncertainty import (
    COVERAGE,
    UNVALIDATED_ERROR_PCT,
    Band,
    Basis,
)
from gpuplanner.core.scenario.scenario import Scenario
from gpuplanner.core.site.site import NodeSpec, PowerAssumptions
from gpuplanner.core.site.storage import TB
from gpuplanner.core.training.layout import LayoutSearch
from gpuplanner.core.training.performance import peak_flops

# CNN training: the worst |error| of the NVIDIA DeepLearningExamples runs (calibration/replay.vision_cases, A100 and
# V100): one vendor's tables, too few independent sources for a coverage quantile (core.results.uncertainty).
CNN_BAND_PCT = 21.0


CNN_VALIDATED_ARCHITECTURES = ("Ampere", "Volta")


def _image_model(scenario: Scenario) -> ImageModel:
    """The catalog's parameters-and-FLOPs model, with the user's overrides; refuses what no source gives."""
    assert scenario.image is not None and scenario.image.image_model is not None
    model = scenario.image.image_model
    images = scenario.images
    if images.gflops_per_sample is not None:
        model = replace(model, gflops_fwd_per_sample=images.gflops_per_sample)
    if images.activation_mib_per_sample is not None:
        model = replace(model, activation_mib_per_sample=images.activation_mib_per_sample)
    if model.gflops_fwd_per_sample <= 0:
        raise InputError("images.gflops_per_sample", "{name}: FLOPs per image are not in the catalog (no citable "
                         "source); give images.gflops_per_sample", name=model.name)
    if model.activation_mib_per_sample <= 0:
        raise InputError("images.activation_mib_per_sample", "{name}: activation memory per image is not in the "
                         "catalog; give images.activation_mib_per_sample (scripts/measure_cnn_activations.py)",
                         name=model.name)
    return model


def estimate_image_training(scenario: Scenario, node: NodeSpec | None = None,
                            calibration: Calibration = PUBLISHED) -> Estimate:
    """Vision and diffusion training: transformers (ViT, DiT) through the transformer estimator over their patch
    tokens (under `calibration`); CNNs and U-Nets from parameters, FLOPs and measured activations per image."""
    preset, images = scenario.image, scenario.images
    assert preset is not None
    if preset.transformer is not None:
        assert images.resolution is not None  # the parser gives an image task its preset's
        tokens = preset.tokens(images.resolution)
        training = replace(scenario.training, global_batch=images.batch, tokens=images.count * images.epochs * tokens)
        result = estimate_training(replace(scenario, task=Task.PRETRAIN, model=preset.transformer, seq_len=tokens,
                                           training=training), node, calibration=calibration)
        assert result.training is not None and result.training.tokens_per_s is not None
        figures = replace(result.training, images_per_s=result.training.tokens_per_s / tokens,
                          tokens_per_image=tokens, images=images.count * images.epochs, epochs=images.epochs)
        assert result.storage is not None and figures.goodput is not None and figures.images_per_s is not None
        # Storage read as images, not as the patch tokens the transformer saw.
        storage = storage_for(scenario, node, result.count, scenario.gpus_per_node, figures.images_per_s,
                              figures.compute_days, result.storage.checkpoint_tb * TB, figures.goodput,
                              preset.transformer.total_params)
        kept = tuple(w for w in result.warnings if w not in result.storage.warnings) + storage.warnings
        return replace(result, task=scenario.task, training=figures, storage=storage, warnings=kept)
    precision, warnings = supported_precision(scenario.gpu, scenario.precision)
    assert images.resolution is not None
    workload = ImageWorkload(model=_image_model(scenario), images=images.count, epochs=images.epochs,
                             global_batch=images.batch, resolution=images.resolution, precision=precision,
                             optimizer=scenario.training.optimizer)
    deadline = scenario.constraints.deadline_days
    counts = [scenario.gpu_count] if scenario.gpu_count else [1 << k for k in range(13)]
    chosen: tuple[int, LayoutSearch] | None = None
    for count in counts:
        try:
            search = search_image_layouts(workload, cluster_for(scenario, count), scenario.assumptions, scenario.layout)
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
    cluster = cluster_for(scenario, count)
    best = search.best_index()
    step_s = float(search.time.total[best])
    images_per_s = workload.global_batch / step_s
    model_tflops = workload.flops_per_image * images_per_s / count / 1e12
    compute_days = workload.steps * step_s / 86400.0
    memory = search.memory.as_gib(best, cluster.gpu.usable_memory_gib or 0.0)
    saved = saved_bytes(workload.model.params, precision, workload.optimizer, scenario.assumptions, False,
                        scenario.storage)
    reliability = run_goodput(compute_days, count, saved, scenario.assumptions, scenario.storage)
    days = reliability.wall_days
    storage = storage_for(scenario, node, count, cluster.gpus_per_node, images_per_s, compute_days, saved,
                          reliability, workload.model.params)
    warnings += goodput_warnings(reliability, count, scenario.assumptions)
    warnings += storage.warnings
    warnings += fit_warnings(search, best, cluster.gpu)
    unet = workload.model.unet
    micro_batch = int(search.layouts.micro_batch[best])
    small_passes = unet and micro_batch < UNET_MIN_FITTED_MICRO_BATCH
    validated = cluster.gpu.architecture in (UNET_VALIDATED_ARCHITECTURES if unet else CNN_VALIDATED_ARCHITECTURES)
    band = Band(UNET_BAND_PCT if unet else CNN_BAND_PCT, COVERAGE, Basis.FEW_SOURCES) \
        if validated and not small_passes else Band(UNVALIDATED_ERROR_PCT, COVERAGE, Basis.UNVALIDATED)
    if small_passes:
        warnings.append(msg("{micro_batch} images a GPU per pass is below the {fitted} the U-Net's speed is fitted on "
                            "(MLPerf Training): small passes run slower, so this time is optimistic (4 images a GPU "
                            "ran at less than half the estimated speed).", micro_batch=micro_batch,
                            fitted=UNET_MIN_FITTED_MICRO_BATCH))
    if not validated:
        warnings.append(msg("No published run on {architecture} in {precision} to check against: the time "
                            "estimate is uncertain (±{band:.0f}%).", architecture=cluster.gpu.architecture,
                            precision=precision.value, band=UNVALIDATED_ERROR_PCT))
    power = power_block(cluster.gpu, cluster.gpus_per_node, cluster.nodes, node, PowerAssumptions())
    energy, energy_tdp_basis = run_energy(power, cluster.gpu, count, compute_days)
    return Estimate(
        task=scenario.task, fits=search.runs(best), gpu=cluster.gpu.id, count=count,
        nodes=cluster.nodes, precision=precision, precision_requested=scenario.precision,
        layout=search.layouts.describe(best),
        memory_gib_per_gpu=memory,
        training=TrainingFigures(
            step_time_s=step_s, tokens_per_s=None, tokens_per_s_per_gpu=None, images_per_s=images_per_s,
            model_tflops_per_gpu=model_tflops, mfu=model_tflops * 1e12 / peak_flops(cluster.gpu, precision),
            days=days, gpu_hours=days * 24.0 * count, steps=workload.steps,
            tokens=None, images=workload.images * workload.epochs, epochs=workload.epochs,
            trainable_params=workload.model.params,
            cluster_model_states_gb=model_states_gb(memory, count),
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
                     "flops_convention": msg("3 x the forward FLOPs per image, scaled by (resolution / base)²"),
                     "activation_memory": msg("estimated from the U-Net's architecture (16-bit tensors kept for "
                                              "backward), scaled the same way") if unet else
                     msg("measured per image (scripts/measure_cnn_activations.py), scaled the same way"),
                     "time_model": (msg("the longer of the math at {efficiency:.1%} of the dense peak and {factor:g} x "
                                        "the stored activation bytes through HBM; fitted to MLPerf Training v3.1 "
                                        "stable_diffusion (8 x H100)", efficiency=workload.model.math_efficiency,
                                        factor=ACTIVATION_TRAFFIC_FACTOR) if unet else
                                    msg("the longer of the math at {efficiency:.1%} of the dense peak and {factor:g} x "
                                        "the stored activation bytes through HBM; fitted to NVIDIA "
                                        "DeepLearningExamples A100 runs", efficiency=workload.model.math_efficiency,
                                        factor=ACTIVATION_TRAFFIC_FACTOR))},
        warnings=tuple(warnings),
        storage=storage,
    )
