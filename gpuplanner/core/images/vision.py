"""Image-model training from parameters and FLOPs per image: CNN classifiers (ResNet, EfficientNet) and
diffusion U-Nets. Transformer image models (ViT, DiT) go through the transformer estimator instead, with their
patch tokens as the sequence.

Per image: FLOPs = 3 x forward (forward + backward), scaled by (resolution / base)^2; activation memory is the
measured bytes kept for backward (scripts/measure_cnn_activations.py), scaled the same way. Data parallel only,
with ZeRO stages and micro-batch searched like the transformer layouts."""

from __future__ import annotations

import numpy as np

from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.records import record
from gpuplanner.core.hardware.hardware import Precision
from gpuplanner.core.models.model import ModelArch
from gpuplanner.core.training.collectives import nvlink_bytes_per_s, ring_allreduce_s
from gpuplanner.core.training.layout import MICRO_BATCH_CHOICES, SEARCH_EVERYTHING, LayoutConstraints, LayoutSearch
from gpuplanner.core.training.memory import (
    GIB,
    MemoryBreakdown,
    gradient_bytes_per_param,
    optimizer_state_bytes,
    optimizer_step_bytes,
    runtime_overhead,
    weight_bytes_per_param,
    zero_sharded,
)
from gpuplanner.core.training.performance import StepTime, exposed_weight_gathers, hbm_bytes_per_s, sustained_peak_flops
from gpuplanner.core.training.workload import Assumptions, Cluster, Layouts, Optimizer

# Convolution training is bound by activation traffic, not FLOPs: ResNet-50 (8.2 GFLOPs/image) and EfficientNet-B0
# (0.8 GFLOPs) both train at ~2,480 images/s on one A100 (NVIDIA DeepLearningExamples, PyTorch 21.03, AMP) with the
# same ~42 MiB of stored activations. Fit to those two runs: each image moves ~18.5x its stored activation bytes
# through HBM; the math runs at up to half the dense peak and overlaps the traffic.
ACTIVATION_TRAFFIC_FACTOR = 18.5
CONV_EFFICIENCY = 0.5


@record
class ImageModel:
    name: str
    params: float
    gflops_fwd_per_sample: float  # FLOPs (2 x multiply-adds) at base_resolution
    base_resolution: int
    activation_mib_per_sample: float  # 16-bit, at base_resolution
    math_efficiency: float = CONV_EFFICIENCY  # share of the dense peak its math runs at
    unet: bool = False  # a diffusion U-Net (its own efficiency and published runs), else a CNN classifier


@record
class ImagePreset:
    """What the catalog knows of an image model: a transformer over patch tokens, or parameters and FLOPs."""

    transformer: ModelArch | None
    tokens_at_base: int | None
    base_resolution: int
    image_model: ImageModel | None

    def tokens(self, resolution: int) -> int:
        """Patch tokens at a resolution (the class token is kept, the patches scale with the area)."""
        base = self.tokens_at_base or 1
        patches = base - 1 if base % 2 else base
        return max(1, round(patches * (resolution / self.base_resolution) ** 2) + (base - patches))


@record
class ImageWorkload:
    model: ImageModel
    images: int  # per epoch
    epochs: float
    global_batch: int
    resolution: int
    precision: Precision = Precision.BF16
    optimizer: Optimizer = Optimizer.ADAMW

    @property
    def scale(self) -> float:
        return (self.resolution / self.model.base_resolution) ** 2

    @property
    def flops_per_image(self) -> float:
        return 3.0 * self.model.gflops_fwd_per_sample * 1e9 * self.scale

    @property
    def steps(self) -> float:
        return self.images * self.epochs / self.global_batch


def image_layouts(workload: ImageWorkload, cluster: Cluster, fixed: LayoutConstraints) -> Layouts:
    count = cluster.count
    if workload.global_batch % count:
        raise InputError("images.batch", "{global_batch} images cannot be split over {count} GPUs",
                         global_batch=workload.global_batch, count=count)
    per_gpu = workload.global_batch // count
    micro = np.array([fixed.micro_batch] if fixed.micro_batch else
                     [m for m in (*MICRO_BATCH_CHOICES, 32, 64, 128, 256) if per_gpu % m == 0], dtype=np.float64)
    zero = np.array([fixed.zero] if fixed.zero is not None else (0, 1, 2, 3), dtype=np.float64)
    grid_micro, grid_zero = (g.ravel() for g in np.meshgrid(micro, zero, indexing="ij"))
    ones = np.ones_like(grid_micro)
    return Layouts(ones, ones, ones * count, grid_micro, grid_zero, np.zeros_like(ones), np.zeros_like(ones), ones)


def search_image_layouts(workload: ImageWorkload, cluster: Cluster, assumptions: Assumptions,
                         fixed: LayoutConstraints = SEARCH_EVERYTHING) -> LayoutSearch:
    layouts = image_layouts(workload, cluster, fixed)
    if len(layouts) == 0:
        raise InputError("images.batch", "no micro-batch divides the images each GPU gets per step")
    gpu, dp, zero = cluster.gpu, layouts.dp, layouts.zero
    params = workload.model.params
    weight_bytes = weight_bytes_per_param(workload.precision)
    gradient_bytes = gradient_bytes_per_param(workload.precision, assumptions)
    state_bytes = optimizer_state_bytes(workload.optimizer, weight_bytes, assumptions.master_weights)
    weights, gradients, optimizer = zero_sharded(
        params * weight_bytes, params * gradient_bytes, params * state_bytes, dp, zero)
    act_scale = 2.0 if weight_bytes == 4 else 1.0
    activations = workload.model.activation_mib_per_sample * 2**20 * workload.scale * act_scale * layouts.micro_batch
    tensors = weights + gradients + optimizer + activations
    memory = MemoryBreakdown(weights, gradients, optimizer, activations,
                             runtime_overhead(tensors, assumptions, cluster.count), assumptions.fragmentation * tensors)

    images_per_gpu = workload.global_batch / cluster.count
    peak = sustained_peak_flops(gpu, workload.precision)
    achieved = peak * workload.model.math_efficiency * assumptions.compute_efficiency_scale
    math_s = workload.flops_per_image * images_per_gpu / achieved
    activation_bytes = workload.model.activation_mib_per_sample * 2**20 * workload.scale * act_scale
    hbm = hbm_bytes_per_s(gpu)
    traffic_s = activation_bytes * ACTIVATION_TRAFFIC_FACTOR * images_per_gpu / hbm
    compute = max(math_s, traffic_s) * np.ones(len(layouts))
    gpus_per_node = min(cluster.gpus_per_node, cluster.count)
    link = np.where(dp <= gpus_per_node, nvlink_bytes_per_s(gpu, dp, assumptions),
                    cluster.network_gbps / gpus_per_node / 8.0 * 1e9 * assumptions.network_efficiency)
    grads = ring_allreduce_s(params * gradient_bytes * np.ones(len(dp)),
                             dp, link, assumptions.collective_latency_s) * np.where(zero >= 2, 0.5, 1.0)
    microbatches = images_per_gpu / layouts.micro_batch
    gathers = np.where(zero >= 3, 2.0 * microbatches * (dp - 1.0) / dp * params * weight_bytes / link, 0.0)
    data_parallel = grads * (1.0 - assumptions.dp_overlap) + exposed_weight_gathers(gathers, compute, assumptions)
    update = optimizer_step_bytes(params / np.where(zero >= 1, dp, 1.0), weight_bytes, gradient_bytes,
                                  state_bytes) / hbm
    zeros = np.zeros(len(layouts))
    time = StepTime(compute, zeros, zeros, zeros, zeros, data_parallel, update, zeros, zeros)
    capacity = (gpu.usable_memory_gib or 0.0) * GIB
    # The step time is fitted on runs of a whole per-GPU batch in one pass (plain data parallelism) and has no cost
    # for splitting it or sharding a small model, which real training has (more, smaller kernels; BatchNorm over
    # fewer images; gathers per pass): among equal times the largest micro-batch that fits is preferred, then the
    # lowest ZeRO stage, gradient accumulation and sharding only where memory needs them.
    return LayoutSearch(layouts, memory, time, capacity, memory.total <= capacity, tight=(
        memory.total > capacity) & (memory.allocated <= capacity), prefer=(-layouts.micro_batch, layouts.zero))
