"""Training step time for a batch of layouts (numpy arrays, seconds).

Step = (GEMMs + memory-bound ops + tensor-parallel collectives + pipeline sends) x pipeline-bubble factor
       + exposed data-parallel gradient traffic + optimizer update.
- GEMM time: hardware FLOPs over the dense peak for the precision x a size-dependent efficiency.
- Pipeline bubble: (pp - 1) / (v x micro-batches) for (interleaved) 1F1B (Narayanan et al. 2021, eq. 2-3).
- Collectives: ring all-reduce moves 2 (n-1)/n of the buffer per GPU (Patarasuk & Yuan 2009).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from gpuplanner.core.adapters import NF4_DOUBLE_QUANT_BITS_PER_PARAM
from gpuplanner.core.errors import InputError
from gpuplanner.core.hardware import GPU, Precision
from gpuplanner.core.memory import (
    activation_bytes_per_layer,
    gradient_bytes_per_param,
    microbatches_per_step,
    optimizer_bytes_per_param,
    parameter_shard,
    weight_bytes_per_param,
)
from gpuplanner.core.workload import Assumptions, Cluster, Layouts, Recompute, TrainingWorkload

# Calibrated against the measured runs in shared/reference/published-runs.json (in-sample fit; the
# validation table in benchmarks/validate_training.py prints every case's error). Efficiency of large
# transformer GEMMs relative to the dense datasheet peak, by architecture family and math width.
GEMM_EFFICIENCY_16BIT = {"Ampere": 0.74, "Hopper": 0.60}
# Hopper FP8: 0.61, the least-median-error refit over the four Hopper FP8 runs (benchmarks/crossval.py; it was
# 0.52 when MLPerf's time-to-train, evaluation included, stood for its steady state and NeMo's 405B and Qwen3 runs
# were not replayed). Hopper 16-bit is left at 0.60: a refit (x 1.10) would push MPT-7B at 64K from +25 % to +37 %.
GEMM_EFFICIENCY_FP8 = {"Hopper": 0.61, "Blackwell": 0.50}
GEMM_EFFICIENCY_FP4: dict[str, float] = {}  # no published FP4 training run in the reference set yet
UNVALIDATED_EFFICIENCY = 0.55  # architectures with no published run to check against
# GEMMs shrink with tensor parallelism: efficiency x w / (w + W0) for per-GPU width w = hidden / tp,
# and x n / (n + N0) for n = tokens per micro-batch.
GEMM_WIDTH_HALF_EFFICIENCY = 96.0
GEMM_TOKENS_HALF_EFFICIENCY = 96.0
# Attention-core kernels (FlashAttention-2 class) relative to the 16-bit dense peak.
ATTENTION_EFFICIENCY = 0.25
# Memory-bound work (norms, activations, softmax, dropout, residuals) moves about this many times the
# layer's stored activation bytes through HBM per forward+backward pass.
ELEMENTWISE_TRAFFIC_FACTOR = 3.0


def _efficiency_table(precision: Precision) -> dict[str, float]:
    return {Precision.FP8: GEMM_EFFICIENCY_FP8, Precision.FP4: GEMM_EFFICIENCY_FP4}.get(precision,
                                                                                     GEMM_EFFICIENCY_16BIT)


def is_validated(gpu: GPU, precision: Precision) -> bool:
    return gpu.architecture in _efficiency_table(precision)


def peak_gemm_efficiency(gpu: GPU, precision: Precision) -> float:
    return _efficiency_table(precision).get(gpu.architecture, UNVALIDATED_EFFICIENCY)


def peak_flops(gpu: GPU, precision: Precision) -> float:
    """Dense peak FLOP/s for the precision; 16-bit falls back between bf16 and fp16 (same units)."""
    value = gpu.peak_tflops(precision)
    if value is None and precision in (Precision.BF16, Precision.FP16):
        value = gpu.peak_tflops(Precision.FP16 if precision == Precision.BF16 else Precision.BF16)
    if value is None and precision == Precision.TF32:
        value = gpu.peak_tflops(Precision.FP32)
    return (value or 0.0) * 1e12


def gemm_efficiency(gpu: GPU, workload: TrainingWorkload, layouts: Layouts, assumptions: Assumptions,
                    tokens: np.ndarray | None = None) -> np.ndarray:
    """Achieved share of the dense peak for GEMMs of `tokens` rows (default: a GPU's tokens per micro-batch)."""
    width = workload.model.hidden / layouts.tp
    if tokens is None:
        tokens = layouts.micro_batch * workload.seq_len / layouts.context
    size_factor = (width / (width + GEMM_WIDTH_HALF_EFFICIENCY)) * (tokens / (tokens + GEMM_TOKENS_HALF_EFFICIENCY))
    return peak_gemm_efficiency(gpu, workload.precision) * size_factor * assumptions.compute_efficiency_scale


def model_flops_per_token(workload: TrainingWorkload) -> float:
    """Useful FLOPs per token for MFU: 3 x forward for full training; a frozen LoRA base does 2 x forward."""
    if workload.adapter is None:
        return workload.model.training_flops_per_token(workload.seq_len)
    attention = 3.0 * workload.model.attention_flops_per_token_fwd(workload.seq_len)
    return float(linear_flops_per_token(workload, np.zeros(1))[0]) + attention


def linear_flops_per_token(workload: TrainingWorkload, recompute: np.ndarray) -> np.ndarray:
    """Executed matmul FLOPs per token: forward + backward (3 x 2N) plus a layer forward under full recompute.
    A frozen base (LoRA) skips its weight gradients: forward + input gradients = 2 x 2N, plus the adapters' 3 x."""
    model = workload.model
    layers_forward = 2.0 * model.active_layer_matmul_params
    logits_forward = 2.0 * model.logit_params
    recomputed = np.where(recompute == Recompute.FULL, layers_forward, 0.0)
    if workload.adapter is None:
        return 3.0 * (layers_forward + logits_forward) + recomputed
    adapters_forward = 2.0 * workload.adapter.total_params(model)
    return 2.0 * (layers_forward + logits_forward) + 3.0 * adapters_forward + recomputed


def attention_flops_per_token(workload: TrainingWorkload, recompute: np.ndarray,
                              assumptions: Assumptions) -> np.ndarray:
    """Executed attention-core FLOPs per token. FlashAttention skips masked blocks (x 0.5 for causal) and
    recomputes scores in its backward (2.5 x forward, Dao 2023); without it the full square is computed and
    selective/full recompute repeat the forward."""
    forward = workload.model.attention_flops_per_token_fwd(workload.seq_len)
    if assumptions.flash_attention:
        passes = 3.5 + np.where(recompute == Recompute.FULL, 1.0, 0.0)
        return 0.5 * forward * passes
    return forward * (3.0 + np.where(recompute >= Recompute.SELECTIVE, 1.0, 0.0))


@dataclass
class StepTime:
    gemm: np.ndarray
    memory_bound: np.ndarray
    tensor_parallel: np.ndarray
    pipeline_send: np.ndarray
    pipeline_bubble: np.ndarray
    data_parallel: np.ndarray
    optimizer: np.ndarray
    context_parallel: np.ndarray  # ring-attention transfers the attention math does not hide
    expert_parallel: np.ndarray  # MoE token dispatch and combine (all-to-all)

    @cached_property  # the parts are not changed once built: the sum is taken once
    def total(self) -> np.ndarray:
        return (self.gemm + self.memory_bound + self.tensor_parallel + self.pipeline_send + self.pipeline_bubble
                + self.data_parallel + self.optimizer + self.context_parallel + self.expert_parallel)

    def as_dict(self, i: int) -> dict[str, float]:
        return {name: float(getattr(self, name)[i]) for name in _STEP_PARTS}

    def spread(self, positions: np.ndarray, size: int) -> SpreadStepTime:
        """These times placed at `positions` (ascending) of `size` layouts; the layouts not timed take forever."""
        return SpreadStepTime(self, positions, size)


@dataclass
class SpreadStepTime:
    """Step times of some of a search's layouts, read as if every layout had one (inf where none was timed): the
    planner's fast path times only the layouts that run. The same totals as spreading each part, built once."""

    timed: StepTime
    positions: np.ndarray  # ascending layout indices of the timed rows
    size: int

    @cached_property
    def total(self) -> np.ndarray:
        out = np.full(self.size, np.inf)
        out[self.positions] = self.timed.total
        return out

    def as_dict(self, i: int) -> dict[str, float]:
        row = int(np.searchsorted(self.positions, i))
        if row >= len(self.positions) or self.positions[row] != i:
            return dict.fromkeys(_STEP_PARTS, float("inf"))
        return self.timed.as_dict(row)


_STEP_PARTS = ("gemm", "memory_bound", "tensor_parallel", "pipeline_send", "pipeline_bubble", "data_parallel",
               "optimizer", "context_parallel", "expert_parallel")


def ring_allreduce_s(bytes_per_gpu: np.ndarray, ranks: np.ndarray, link_bytes_per_s: np.ndarray,
                     latency_s: float) -> np.ndarray:
    """Ring all-reduce: 2 (n-1)/n of the buffer crosses each GPU's link, plus per-step latency."""
    moved = 2.0 * (ranks - 1.0) / ranks * bytes_per_gpu
    return np.where(ranks > 1, moved / link_bytes_per_s + 2.0 * (ranks - 1.0) * latency_s, 0.0)


def exposed_weight_gathers(gathers: np.ndarray, compute: np.ndarray, assumptions: Assumptions) -> np.ndarray:
    """ZeRO-3 all-gather time that compute does not hide: what exceeds compute, plus a floor share."""
    return np.maximum(gathers - compute, 0.0) + assumptions.gather_exposed_share * gathers


def nvlink_bytes_per_s(gpu: GPU, group: np.ndarray | int, assumptions: Assumptions) -> np.ndarray:
    """Achieved one-way bytes/s per GPU inside a group of node peers (the fabric if it spans them, else PCIe)."""
    return gpu.group_link_gbs(group) / 2.0 * 1e9 * assumptions.link_efficiency


def hbm_bytes_per_s(gpu: GPU) -> float:
    """The GPU's published memory bandwidth; a GPU without one cannot be estimated (never a guessed figure)."""
    if gpu.memory_bandwidth_gbs is None:
        raise InputError("hardware.gpu", "{model} has no published memory bandwidth; add it in the catalog to "
                         "estimate it", model=gpu.model)
    return gpu.memory_bandwidth_gbs * 1e9


def training_step_time(workload: TrainingWorkload, cluster: Cluster, layouts: Layouts,
                       assumptions: Assumptions) -> StepTime:
    """Step time of each layout; with partial recomputation, the recomputed share of the layers costs what its
    mode costs and the other layers what no recomputation costs."""
    share = layouts.recompute_share(workload.model.layers)
    partial = np.flatnonzero((layouts.recompute > 0) & (share < 1.0))
    if partial.size == 0:
        return _step_time(workload, cluster, layouts, assumptions)
    # The partial rows once more without recomputation, in the same vectorised call.
    n = len(layouts)
    both = Layouts(*(np.concatenate([getattr(layouts, name), getattr(layouts, name)[partial]]) for name in (
        "tp", "pp", "dp", "micro_batch", "zero")), np.concatenate([layouts.recompute, np.zeros(partial.size)]),
        *(np.concatenate([getattr(layouts, name), getattr(layouts, name)[partial]]) for name in (
            "sequence_parallel", "virtual_stages")),
        cp=None if layouts.cp is None else np.concatenate([layouts.cp, layouts.cp[partial]]),
        ep=None if layouts.ep is None else np.concatenate([layouts.ep, layouts.ep[partial]]))
    time = _step_time(workload, cluster, both, assumptions)
    f = share[partial]
    parts = {}
    for name in _STEP_PARTS:
        values = getattr(time, name)
        part = values[:n].copy()
        part[partial] = f * part[partial] + (1.0 - f) * values[n:]
        parts[name] = part
    return StepTime(**parts)


def _step_time(workload: TrainingWorkload, cluster: Cluster, layouts: Layouts,
               assumptions: Assumptions) -> StepTime:
    gpu, model = cluster.gpu, workload.model
    tp, pp, dp, zero = layouts.tp, layouts.pp, layouts.dp, layouts.zero
    cp = layouts.context
    world = tp * cp * pp * dp
    replicas = dp * cp  # gradients are reduced, and ZeRO shards, over the data- and context-parallel ranks
    act_bytes = 4.0 if workload.precision in (Precision.FP32, Precision.TF32) else 2.0
    microbatches = microbatches_per_step(workload, layouts)
    hbm = hbm_bytes_per_s(gpu)
    local_tokens = workload.seq_len / cp  # each GPU of a context-parallel group holds s / cp of the sequence

    # GEMMs: executed FLOPs of the whole step shared evenly by every GPU. The attention core runs in 16-bit
    # even in FP8 recipes (Transformer Engine) and at its own, lower efficiency.
    tokens_per_gpu = workload.tokens_per_step / world
    peak = max(peak_flops(gpu, workload.precision), 1.0)
    attention_peak = peak_flops(gpu, Precision.BF16 if workload.precision in (Precision.FP8, Precision.FP4)
                                else workload.precision)
    # The LM head's FLOPs are spread over the stages, as a modern stack balances them (fewer layers on the last
    # stage, as Llama 3 did); Megatron-LM 2021 put it all on the last stage, which this does not model yet.
    attention = (attention_flops_per_token(workload, layouts.recompute, assumptions) * tokens_per_gpu
                 / (max(attention_peak, 1.0) * ATTENTION_EFFICIENCY * assumptions.compute_efficiency_scale))
    linear = linear_flops_per_token(workload, layouts.recompute) * tokens_per_gpu
    dense_efficiency = gemm_efficiency(gpu, workload, layouts, assumptions)
    if model.is_moe:
        # Routed experts run as grouped GEMMs of the tokens each expert receives: a micro-batch's tokens x top-k
        # spread over the experts, ep GPUs' worth of them on each (fewer tokens: a lower efficiency).
        expert_share = model.active_expert_matmul_params / (model.active_layer_matmul_params + model.logit_params)
        per_expert = layouts.micro_batch * local_tokens * model.experts_per_token * layouts.experts / model.experts
        expert_efficiency = gemm_efficiency(gpu, workload, layouts, assumptions, per_expert)
        gemm = (linear * (1.0 - expert_share) / (peak * dense_efficiency)
                + linear * expert_share / (peak * expert_efficiency) + attention)
    else:
        gemm = linear / (peak * dense_efficiency) + attention

    # Memory-bound kernels: traffic proportional to the layer's activations (recompute repeats a forward).
    layer_activations = activation_bytes_per_layer(model, workload.seq_len, layouts.without_recompute(), act_bytes,
                                                   assumptions)
    passes = ELEMENTWISE_TRAFFIC_FACTOR * np.where(layouts.recompute == Recompute.FULL, 4.0 / 3.0, 1.0)
    memory_bound = layer_activations * passes * (model.layers / pp) * microbatches / hbm
    shard = parameter_shard(workload, tp, pp, layouts.ep)
    if workload.adapter is not None and workload.adapter.quantized_base:
        # QLoRA dequantizes every NF4 weight to 16-bit in each forward and backward pass (read 4.1 + write 16
        # + read 16 bits per parameter).
        dequant_passes = 2.0 + np.where(layouts.recompute == Recompute.FULL, 1.0, 0.0)
        memory_bound = memory_bound + shard.base_params * (NF4_DOUBLE_QUANT_BITS_PER_PARAM / 8.0 + 4.0) \
            * dequant_passes * microbatches / hbm

    # Tensor parallel: 2 all-reduces (or reduce-scatter + all-gather with SP) of s*b*h per layer per pass.
    link_bytes_per_s = nvlink_bytes_per_s(gpu, tp, assumptions)
    activation_buffer = local_tokens * layouts.micro_batch * model.hidden * act_bytes
    collectives_per_layer = np.where(layouts.recompute == Recompute.FULL, 6.0, 4.0)
    tensor_parallel = (ring_allreduce_s(activation_buffer, tp, link_bytes_per_s, assumptions.collective_latency_s)
                       * collectives_per_layer * (model.layers / pp) * microbatches) * (1.0 - assumptions.tp_overlap)

    # Network bandwidth per GPU once a group leaves the node.
    gpus_per_node = min(cluster.gpus_per_node, cluster.count)
    nic_bytes_per_s = cluster.network_gbps / gpus_per_node / 8.0 * 1e9 * assumptions.network_efficiency

    def group_link(group: np.ndarray) -> np.ndarray:
        """One-way bytes/s per GPU for a group of `group` consecutive ranks: NVLink inside a node, else the NIC."""
        return np.where(group <= gpus_per_node, nvlink_bytes_per_s(gpu, group, assumptions), nic_bytes_per_s)

    # Context parallel (ring attention, Megatron-Core / Liu et al. 2023): each GPU passes its K and V chunk round
    # the ring, cp - 1 hops per layer, in the forward and twice in the backward (K, V and their gradients), each
    # tensor-parallel rank its share of the heads; the transfers overlap the attention math, the rest shows.
    cp_link = group_link(tp * cp)
    kv_chunk = local_tokens * layouts.micro_batch * model.kv_width * act_bytes / tp
    ring_passes = np.where(layouts.recompute == Recompute.FULL, 4.0, 3.0)
    ring = np.where(cp > 1, (cp - 1.0) * (kv_chunk / cp_link + assumptions.collective_latency_s) * ring_passes
                    * (model.layers / pp) * microbatches, 0.0)
    context_parallel = np.maximum(ring - attention, 0.0)

    # Expert parallel (GShard, Lepikhin et al. 2020): each MoE layer sends every token's hidden state to its top-k
    # experts and back (dispatch, combine), in the forward and the backward (and the recomputed forward), to the
    # other ep - 1 GPUs of the group; assumptions.ep_overlap of it hidden behind compute. A group wider than a node
    # sends to the peers in its own node over NVLink and to the rest over the NIC at the same time: the NIC's share
    # (the remote peers' share of the destinations, routing being uniform) sets the pace.
    if model.is_moe and layouts.ep is not None:
        ep = layouts.experts
        routed = layouts.micro_batch * local_tokens * model.experts_per_token * model.hidden * act_bytes / tp
        peers_in_node = np.minimum(ep, np.maximum(gpus_per_node // (tp * cp), 1.0))  # the group's ranks per node
        local = (peers_in_node - 1.0) / ep * routed / nvlink_bytes_per_s(gpu, tp * cp * peers_in_node, assumptions)
        remote = (ep - peers_in_node) / ep * routed / nic_bytes_per_s
        exchanges = np.where(layouts.recompute == Recompute.FULL, 6.0, 4.0)
        expert_parallel = np.where(ep > 1, exchanges * (np.maximum(local, remote) + assumptions.collective_latency_s)
                                   * (model.layers / pp) * microbatches, 0.0) * (1.0 - assumptions.ep_overlap)
    else:
        expert_parallel = np.zeros_like(tp)

    # Pipeline: one activation send forward and one gradient send backward per micro-batch per boundary, v times
    # with v interleaved chunks. Each of the t tensor-parallel ranks sends 1/t of the tensor and the receiver
    # all-gathers it over NVLink (Megatron's scatter/gather, Narayanan et al. 2021 Sec. 4.1), with or without SP.
    stage_link = np.where(tp * cp * pp <= gpus_per_node, link_bytes_per_s, nic_bytes_per_s)
    send = activation_buffer / tp
    pipeline_send = np.where(pp > 1, 2.0 * microbatches * layouts.virtual_stages
                             * (send / stage_link + assumptions.collective_latency_s), 0.0)

    busy = gemm + memory_bound + tensor_parallel + context_parallel + expert_parallel + pipeline_send
    bubble_fraction = (pp - 1.0) / (layouts.virtual_stages * microbatches)
    pipeline_bubble = busy * bubble_fraction

    # Data parallel: gradients all-reduced (ZeRO 0-2); ZeRO-3 also all-gathers weights twice per micro-batch.
    dp_link = group_link(world)
    # The gradients and weights a GPU keeps (expert parallelism: its share of the experts).
    gradient_bytes = shard.trainable_params * shard.held_share * gradient_bytes_per_param(workload, assumptions)
    # ZeRO-2/3 only reduce-scatter gradients (half an all-reduce); ZeRO-0/1 all-reduce them.
    gradient_sync = ring_allreduce_s(gradient_bytes, replicas, dp_link, assumptions.collective_latency_s) * np.where(
        zero >= 2, 0.5, 1.0)
    weight_gathers = np.where(zero >= 3, 2.0 * microbatches, 0.0) * np.where(
        replicas > 1, (replicas - 1.0) / replicas * shard.weight_bytes * shard.held_share / dp_link, 0.0)
    compute = gemm + memory_bound
    exposed_gradients = gradient_sync * (1.0 - assumptions.dp_overlap)
    # ZeRO-3 prefetches the next layer's weights while computing: only traffic beyond compute shows.
    exposed_gathers = exposed_weight_gathers(weight_gathers, compute, assumptions)
    data_parallel = exposed_gradients + exposed_gathers

    # Optimizer update: read and write weights, gradients and states of this GPU's shard.
    updated = shard.trainable_params / np.where(zero >= 1, replicas, 1.0 / shard.held_share)
    state_bytes = (weight_bytes_per_param(workload.precision) + gradient_bytes_per_param(workload, assumptions)
                   + optimizer_bytes_per_param(workload, assumptions))
    optimizer = 2.0 * updated * state_bytes / hbm

    return StepTime(gemm, memory_bound, tensor_parallel, pipeline_send, pipeline_bubble, data_parallel, optimizer,
                    context_parallel, expert_parallel)
