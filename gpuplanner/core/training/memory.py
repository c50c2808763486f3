"""Per-GPU training memory, itemised, for a batch of layouts at once (numpy arrays, bytes).

Activation terms follow Korthikanti et al. 2022 ("Reducing Activation Recomputation in Large Transformer
Models", Sec. 4 and Table 2), generalised to GQA (K/V width kv_heads x head_dim) and gated MLPs.
Sharding follows Rajbhandari et al. 2020 (ZeRO): stage 1 shards optimizer states, 2 adds gradients,
3 adds weights, each over the data-parallel group.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from typing import TypeVar

import numpy as np

from gpuplanner.core.base.records import record
from gpuplanner.core.hardware.hardware import Precision, validation_width
from gpuplanner.core.models.adapters import mixed_bytes_per_param
from gpuplanner.core.models.model import ModelArch
from gpuplanner.core.training.workload import (
    FULL_RECOMPUTE,
    SELECTIVE_RECOMPUTE,
    Assumptions,
    Layouts,
    Optimizer,
    TrainingWorkload,
    WeightDtype,
)

GIB = float(1 << 30)
PerRow = TypeVar("PerRow", np.ndarray, float)  # a figure for one layout, or one per layout row

# Optimizer state bytes per trainable parameter, without the master copy.
OPTIMIZER_STATE_BYTES = {
    Optimizer.ADAMW: 8.0,  # fp32 first and second moments
    Optimizer.ADAM_8BIT: 2.0,  # block-wise 8-bit moments (Dettmers et al. 2022)
    Optimizer.SGD: 4.0,  # fp32 momentum
    Optimizer.ADAFACTOR: 0.0,  # factored second moments: O(rows + cols), negligible (Shazeer & Stern 2018)
}


@record
class MemoryPerGPU:
    """GiB per GPU by part, and the GPU's capacity."""
    weights: float
    gradients: float
    optimizer: float
    activations: float
    kv_cache: float
    overhead: float
    total: float  # what the allocator reserves
    capacity: float
    allocated: float  # what the tensors and the runtime take, without the allocator's slack

    PARTS = ("weights", "gradients", "optimizer", "activations", "kv_cache", "overhead")

    def parts(self) -> tuple[tuple[str, float], ...]:
        """(part, GiB) in the order the charts and reports stack them."""
        return tuple((name, float(getattr(self, name))) for name in self.PARTS)

    def parts_of(self, serving: bool, rl: bool = False) -> tuple[tuple[str, float], ...]:
        """The parts a job of its kind has, for the tables: serving keeps no gradients or optimizer states, training
        no KV cache; an RL step, whose rollout and training share the GPUs, all of them."""
        absent = () if rl else ("gradients", "optimizer") if serving else ("kv_cache",)
        return tuple(part for part in self.parts() if part[0] not in absent)

    @property
    def headroom_gib(self) -> float:
        return self.capacity - self.total

    @property
    def tensors(self) -> float:
        """GiB the tensors themselves take at the peak (what torch.cuda.max_memory_allocated reports): the parts
        without the runtime's overhead (CUDA context, communication buffers, the allocator's slack)."""
        return self.weights + self.gradients + self.optimizer + self.activations + self.kv_cache


def weight_bytes_per_param(precision: Precision) -> float:
    """Resident weight dtype: 4 bytes in fp32/tf32 training, else 2 (FP8 GEMMs keep bf16 weights)."""
    return 4.0 if precision in (Precision.FP32, Precision.TF32) else 2.0


def stored_weight_bytes_per_param(workload: TrainingWorkload) -> float:
    """Average resident bytes per base parameter: the compute dtype's, or the matrices in `weight_dtype` (FP8
    parameters, QLoRA's NF4) with embeddings, norms and the output head 16-bit."""
    if workload.weight_dtype is None:
        return weight_bytes_per_param(workload.precision)
    return mixed_bytes_per_param(workload.model, workload.weight_dtype.matmul_bytes)


def optimizer_state_bytes(optimizer: Optimizer, weight_bytes: float, master_weights: bool) -> float:
    """Optimizer bytes per trained parameter: its states and the fp32 master copy of 16-bit weights. torch.optim
    keeps per-element states (Adam's moments, SGD's momentum) in the dtype of the tensor it updates (zeros_like):
    fp32 with a master copy or fp32 weights; the 16-bit weights themselves without one (pure bf16 training,
    torchtune's and LitGPT's bf16-true), half the bytes."""
    master = 4.0 if master_weights and weight_bytes < 4 else 0.0
    states = OPTIMIZER_STATE_BYTES[optimizer]
    if optimizer in (Optimizer.ADAMW, Optimizer.SGD) and not master and weight_bytes < 4:
        states *= weight_bytes / 4.0
    return states + master


def checkpoint_bytes(trainable_params: float, precision: Precision, optimizer: Optimizer,
                     assumptions: Assumptions, adapter: bool) -> float:
    """What a checkpoint holds: one copy of the trained weights with their optimizer states and fp32 master copy
    (14 bytes per parameter for AdamW mixed precision); a frozen base (LoRA, QLoRA) is not saved again."""
    weights = weight_bytes_per_param(precision)
    states = OPTIMIZER_STATE_BYTES[optimizer] if adapter else optimizer_state_bytes(optimizer, weights,
                                                                                      assumptions.master_weights)
    return trainable_params * (weights + states)


def optimizer_bytes_per_param(workload: TrainingWorkload, assumptions: Assumptions) -> float:
    """Resident optimizer bytes per trainable parameter. Adapters train in the compute dtype with no master
    copy (QLoRA recipe); a paged optimizer leaves its states in host memory at the peak."""
    if workload.adapter is not None:
        return 0.0 if workload.adapter.paged_optimizer else OPTIMIZER_STATE_BYTES[workload.optimizer]
    return optimizer_state_bytes(workload.optimizer, weight_bytes_per_param(workload.precision),
                                 assumptions.master_weights)


def optimizer_step_bytes(params: PerRow, weight_bytes: float, gradient_bytes: float, state_bytes: float) -> PerRow:
    """HBM traffic of the optimizer step over `params` parameters: it reads and writes each one's weight, gradient
    and optimizer bytes (states and master copy) once (a fused multi-tensor update; its arithmetic is negligible)."""
    return 2.0 * params * (weight_bytes + gradient_bytes + state_bytes)


def gradient_bytes_per_param(precision: Precision, assumptions: Assumptions) -> float:
    """Bytes a gradient value takes: fp32 when the weights are, else the stack's choice (assumptions)."""
    if weight_bytes_per_param(precision) == 4.0:
        return 4.0
    return assumptions.gradient_bytes


@record
class ParameterShard:
    """A GPU's share of the parameters before ZeRO: its pipeline stage over its tensor-parallel group."""

    weight_bytes: np.ndarray  # resident weights: full model, or frozen base + adapters
    trainable_params: np.ndarray  # parameters with gradients and optimizer states
    base_params: np.ndarray  # parameters of the (frozen or trained) base held here
    # What a GPU keeps of that when ZeRO does not shard it: all of it, or less where expert parallelism splits the
    # routed experts (ZeRO shards the whole of it over the data- and context-parallel ranks either way).
    held_share: np.ndarray | float = 1.0


def parameter_shard(workload: TrainingWorkload, tp: np.ndarray, pp: np.ndarray,
                    ep: np.ndarray | None = None) -> ParameterShard:
    """What one GPU holds of the parameters before ZeRO; with expert parallelism (`ep`), each GPU holds 1/ep of
    the stage's routed experts (Lepikhin et al. 2020, GShard)."""
    model = workload.model
    base = params_on_heaviest_stage(model, pp) / tp
    stored = base * stored_weight_bytes_per_param(workload)
    adapter = workload.adapter
    if adapter is None and (ep is None or not model.is_moe):
        return ParameterShard(stored, base, base)
    stage_share = busiest_stage_layers(model.layers, pp) / model.layers  # of the layers' parameters
    if adapter is None:
        experts_split = 1.0 if ep is None else ep  # (None returned above)
        saved = model.expert_params * stage_share / tp * (1.0 - 1.0 / experts_split)
        return ParameterShard(stored, base, base, 1.0 - saved / base)
    adapters = adapter.total_params(model) * stage_share / tp
    return ParameterShard(stored + adapters * weight_bytes_per_param(workload.precision), adapters, base)


def divides(divisor: np.ndarray | float, value: np.ndarray | float) -> np.ndarray:
    """Whether `divisor` divides `value`, for whole numbers below 2^53 held as floats (layout degrees, layers,
    batches; divisors from 1): their float quotient is whole exactly when the division is. np.mod's floored
    division gives the same answer 5-7x slower."""
    quotient = np.divide(value, divisor)
    return quotient == np.floor(quotient)


def busiest_stage_layers(layers: int, pp: np.ndarray) -> np.ndarray:
    """Transformer layers on the pipeline stage with the most. layers / pp where they split evenly, or where the first
    and last stages take one layer fewer each for the embedding and the output head (Llama 3's 126 layers on 16
    stages; Megatron-Core's account_for_embedding_in_pipeline_split), as the head's work is spread over the stages;
    otherwise the rounded-up share (126 layers on 27 stages: 5, not 4.67): that stage holds the most and sets the
    pace of the whole pipeline."""
    degrees = _pipeline_degrees(pp)
    return _busiest_stage_layers_by_degree(layers, _table_size(degrees)).take(degrees, mode="clip")


def params_on_heaviest_stage(model: ModelArch, pp: np.ndarray) -> np.ndarray:
    """Parameters held by the busiest pipeline stage (before TP): its layers plus an embedding matrix.
    With pp > 1 the first stage holds the input embedding and the last the output head (same size)."""
    degrees = _pipeline_degrees(pp)
    return _params_on_heaviest_stage_by_degree(model, _table_size(degrees)).take(degrees, mode="clip")


# The two figures above depend on a layout's pipeline degree alone, a whole number of a few dozen at most: each is
# worked out once for every degree below a power of two and read for each row (row by row, the same elementwise
# formulas at the same degrees: the same values).


def _pipeline_degrees(pp: np.ndarray) -> np.ndarray:
    return np.asarray(pp).astype(np.intp)


def _table_size(degrees: np.ndarray) -> int:
    return 1 << int(degrees.max()).bit_length()


def _degrees_below(size: int) -> np.ndarray:
    """0 to size - 1 as floats, 0 read as 1 (no layout has degree 0: its entry is never read)."""
    degrees = np.arange(size, dtype=np.float64)
    degrees[0] = 1.0
    return degrees


@lru_cache(maxsize=256)
def _busiest_stage_layers_by_degree(layers: int, size: int) -> np.ndarray:
    pp = _degrees_below(size)
    share = layers / pp
    even = (share == np.floor(share)) | divides(pp, layers + 2)  # (divides, with the quotient already at hand)
    table = np.where(even, share, np.ceil(share))
    table.setflags(write=False)
    return table


@lru_cache(maxsize=256)
def _params_on_heaviest_stage_by_degree(model: ModelArch, size: int) -> np.ndarray:
    pp = _degrees_below(size)
    layer_params = model.total_params - model.embedding_params - model.hidden
    embedding = np.where(pp == 1, float(model.embedding_params), float(model.vocab * model.hidden))
    table = layer_params * _busiest_stage_layers_by_degree(model.layers, size) / model.layers + embedding
    table.setflags(write=False)
    return table


def activation_bytes_per_layer(model: ModelArch, seq_len: int, layouts: Layouts, act_bytes: float,
                               assumptions: Assumptions, fp8_gemm_inputs: bool = False) -> np.ndarray:
    """Stored activations of one transformer layer for one micro-batch on one GPU (bytes), under each layout's
    recomputation (layer_activation_bytes)."""
    return layer_activation_bytes(model, seq_len, layouts, act_bytes, assumptions, fp8_gemm_inputs)[0]


def layer_activation_bytes(model: ModelArch, seq_len: int, layouts: Layouts, act_bytes: float,
                           assumptions: Assumptions, fp8_gemm_inputs: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Stored activations of one transformer layer for one micro-batch on one GPU (bytes). FP8 recipes
    (Transformer Engine) keep the inputs of the QKV, projection and both MLP GEMMs in FP8 for the backward pass,
    1 byte instead of 2, and with assumptions.fp8_activation_inputs the MLP activation function's input as well;
    attention and normalisation inputs stay 16-bit. With context parallelism a GPU holds
    s / cp of the sequence (its attention scores, without FlashAttention, still span the whole sequence). Under each
    layout's recomputation, and without recomputation (what partial recomputation's other layers keep), together:
    the two share every term but the recomputed ones."""
    s, h = float(seq_len) / layouts.context, float(model.hidden)
    b, t = layouts.micro_batch, layouts.tp
    sbh = s * b * h * act_bytes / 2.0  # Korthikanti's coefficients are in 16-bit bytes per s*b*h
    ffn_ratio = model.mean_active_ffn_width / h
    # Tensors TP does not split: 2 layer-norm inputs (4), QKV input (2), MLP input (2), and with dropout its 2
    # masks (2; modern pretraining recipes have none).
    replicated = 10.0 if assumptions.dropout else 8.0
    # Split by TP: Q (2), K and V (2 together, x their width), attention output (2), each over hidden (1 each for
    # the classic shape); MLP hidden activations: 4 x ffn_ratio for GeLU (input and output), 6 x for SwiGLU
    # (gate, up, product; SiLU fused).
    attention = 2.0 * (model.q_width + model.kv_width + model.o_width) / h
    split = attention + (6.0 if model.gated_mlp else 4.0) * ffn_ratio
    if fp8_gemm_inputs:  # QKV and MLP inputs (replicated), projection input and FC2 input (split) at 1 byte
        replicated -= 2.0
        split -= 1.0 + ffn_ratio
        if assumptions.fp8_activation_inputs:  # the activation function's input too: gate and up, or FC1's output
            split -= (2.0 if model.gated_mlp else 1.0) * ffn_ratio
    # Without FlashAttention the scores are stored: the softmax output (2), and with dropout its mask and output (3).
    scores = 0.0 if assumptions.flash_attention else (5.0 if assumptions.dropout else 2.0) * model.heads \
        * float(seq_len) / h
    split_with_scores = split + np.where(layouts.recompute >= SELECTIVE_RECOMPUTE, 0.0, scores)
    replicated_part = np.where(layouts.sequence_parallel > 0, replicated / t, replicated)
    full_layer = sbh * (replicated_part + split_with_scores / t)
    unrecomputed = sbh * (replicated_part + (split + scores) / t)
    layer_input = sbh * 2.0 / np.where(layouts.sequence_parallel > 0, t, 1.0)
    return np.where(layouts.recompute == FULL_RECOMPUTE, layer_input, full_layer), unrecomputed


def kept_beyond_fused_training(workload: TrainingWorkload, layouts: Layouts, assumptions: Assumptions,
                               act_bytes: float, fp8_gemm_inputs: bool) -> np.ndarray:
    """Per layer and micro-batch, what a layer keeps beyond (or short of) activation_bytes_per_layer's count, which
    is that of fused kernels with every weight trained. Autograd keeps a matmul's input only for its weight's
    gradient (pytorch/pytorch#42371; Transformer Engine likewise, NVIDIA/TransformerEngine#739): a frozen MLP no
    adapter reads keeps neither its input nor its down projection's (the gated product), unless bitsandbytes' 4-bit
    matmul runs it (QLoRA: MatMul4Bit saves its input whatever the weight). Eager PyTorch (fused_elementwise off)
    runs a Llama-family layer as transformers' modeling_llama.py writes it (core/models/elementwise.py's eager traffic):
    each RMSNorm keeps its input in fp32 (and, where its weight is trained, its normalised output), SiLU's output is
    kept for the gated product's backward, and K and V are repeated to every query head before attention (repeat_kv)
    and kept so. Measured, to the byte, on one eager layer: benchmarks/saved_activations.py."""
    model, tp = workload.model, layouts.tp
    sbh = float(workload.seq_len) / layouts.context * layouts.micro_batch * model.hidden * act_bytes / 2.0
    replicated = np.where(layouts.sequence_parallel > 0, 1.0 / tp, 1.0)
    ffn = model.mean_active_ffn_width / model.hidden / tp
    gemm_input = 1.0 if fp8_gemm_inputs else 2.0  # a stored GEMM input, in 16-bit bytes per element
    adapter = workload.adapter
    mlp_keeps_inputs = (adapter is None or adapter.targets == "all-linear"
                        or workload.weight_dtype is WeightDtype.NF4)
    kept = np.zeros_like(replicated)
    if not mlp_keeps_inputs:
        kept = kept - gemm_input * (replicated + ffn)  # the MLP's input, the down projection's input
    if not assumptions.fused_elementwise and model.gated_mlp:
        norms = 2.0 + (2.0 if adapter is None else 0.0)  # fp32 input for bf16; the normalised output if trained
        repeated = 2.0 * (2.0 * model.q_width - model.kv_width) / model.hidden  # K, V at every query head
        kept = kept + 2.0 * ffn + 2.0 * norms * replicated + np.maximum(repeated, 0.0) / tp
    return sbh * kept


def lora_dropout_bytes(workload: TrainingWorkload, layouts: Layouts, act_bytes: float) -> np.ndarray:
    """Per layer and micro-batch, what LoRA dropout keeps: each adapted matrix drops its own copy of its input
    before A (PEFT's Linear: lora_A(dropout(x))), and A's weight gradient keeps that copy beside dropout's 1-byte
    mask (measured: benchmarks/saved_activations.py)."""
    adapter = workload.adapter
    if adapter is None or adapter.dropout <= 0.0:
        return np.zeros_like(layouts.tp, dtype=float)
    model, tp = workload.model, layouts.tp
    tokens = float(workload.seq_len) / layouts.context * layouts.micro_batch
    hidden_wide, attention_wide, mlp_wide = adapter.adapted_inputs(model)
    replicated = np.where(layouts.sequence_parallel > 0, 1.0 / tp, 1.0)
    width = (hidden_wide * model.hidden * replicated
             + (attention_wide * model.o_width + mlp_wide * model.mean_active_ffn_width) / tp)
    return tokens * width * (act_bytes + 1.0)


@record
class MemoryBreakdown:
    """Bytes per GPU for each layout (arrays aligned with the Layouts)."""

    weights: np.ndarray
    gradients: np.ndarray
    optimizer: np.ndarray
    activations: np.ndarray
    overhead: np.ndarray  # CUDA context, NCCL buffers and the caching allocator's slack
    slack: np.ndarray  # the allocator's part of the overhead: reserved but not allocated

    @cached_property  # the parts are read-only once built: the sum is taken once
    def total(self) -> np.ndarray:
        """What the allocator reserves (what nvidia-smi shows)."""
        return self.weights + self.gradients + self.optimizer + self.activations + self.overhead

    @cached_property
    def allocated(self) -> np.ndarray:
        """What the tensors and the runtime take (torch.cuda.max_memory_allocated plus the context)."""
        return self.total - self.slack

    def as_gib(self, i: int, capacity_gib: float) -> MemoryPerGPU:
        """Layout `i` in GiB per GPU (training keeps no KV cache)."""
        parts = {name: float(getattr(self, name)[i]) / GIB
                 for name in ("weights", "gradients", "optimizer", "activations", "overhead", "total")}
        return MemoryPerGPU(**parts, kv_cache=0.0, capacity=capacity_gib,
                            allocated=float(self.allocated[i]) / GIB)


def zero_sharded(weights: np.ndarray | float, gradients: np.ndarray | float, optimizer: np.ndarray | float,
                 dp: np.ndarray, zero: np.ndarray,
                 held_share: np.ndarray | float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Model-state bytes per GPU under ZeRO (Rajbhandari et al. 2020): stage 1 shards the optimizer states over
    the data-parallel ranks, stage 2 also the gradients, stage 3 also the weights; what is not sharded is kept
    whole, or `held_share` of it (expert parallelism)."""
    unsharded = 1.0 / held_share
    return (weights / np.where(zero >= 3, dp, unsharded), gradients / np.where(zero >= 2, dp, unsharded),
            optimizer / np.where(zero >= 1, dp, unsharded))


def runtime_overhead(tensors: np.ndarray, assumptions: Assumptions, world_size: int,
                     measured_gib: float = 0.0) -> np.ndarray:
    """CUDA context and workspaces, NCCL buffers when there are peers, and caching-allocator slack; plus
    `measured_gib`, what the user's own runs of the GPU held beyond them (`gpuplanner calibrate`)."""
    return ((assumptions.cuda_context_gib + measured_gib) * GIB
            + (assumptions.nccl_buffers_gib * GIB if world_size > 1 else 0.0) + assumptions.fragmentation * tensors)


def microbatches_per_step(workload: TrainingWorkload, layouts: Layouts) -> np.ndarray:
    return workload.global_batch / (layouts.dp * layouts.micro_batch)


def training_memory(workload: TrainingWorkload, layouts: Layouts, assumptions: Assumptions,
                    world_size: int) -> MemoryBreakdown:
    model = workload.model
    tp, pp, dp, zero = layouts.tp, layouts.pp, layouts.dp, layouts.zero
    local_tokens = workload.seq_len / layouts.context  # a context-parallel GPU's share of each sequence
    shard = parameter_shard(workload, tp, pp, layouts.ep)
    trainable = shard.trainable_params
    gradient_bytes, optimizer_bytes = (gradient_bytes_per_param(workload.precision, assumptions),
                                       optimizer_bytes_per_param(workload, assumptions))
    # ZeRO shards over the data- and context-parallel ranks (Megatron-Core's distributed optimizer does); the
    # experts over their own data-parallel ranks, which comes to the same bytes per GPU as without the split.
    weights, gradients, optimizer = zero_sharded(
        shard.weight_bytes, trainable * gradient_bytes, trainable * optimizer_bytes, dp * layouts.context, zero,
        shard.held_share)
    if workload.dequantizes_weights:
        # QLoRA (and FP8 storage under 16-bit compute) dequantizes one layer at a time to 16-bit for its matmuls.
        weights = weights + shard.base_params / model.layers * pp * 2.0

    act_bytes = 4.0 if workload.precision in (Precision.FP32, Precision.TF32) else 2.0
    fp8 = workload.precision in (Precision.FP8, Precision.FP4)  # FP4 recipes: GEMM inputs kept as FP8 does (assumed)
    recomputed, whole = layer_activation_bytes(model, workload.seq_len, layouts, act_bytes, assumptions, fp8)
    # The recomputed share of the layers keeps the recompute mode's activations, the others all of theirs
    # (Megatron's --recompute-num-layers): an average layer of the stage.
    share = layouts.recompute_share(model.layers)
    per_layer = share * recomputed + (1.0 - share) * whole
    # A frozen base and eager kernels keep other tensors than fused kernels training every weight; the adapter
    # path keeps x.A (s x b x r) for each adapted matrix. Layers recomputed whole keep neither.
    extra = kept_beyond_fused_training(workload, layouts, assumptions, act_bytes, fp8)
    if workload.adapter is not None:
        adapter_matrices = workload.adapter.params_per_layer(model) / workload.adapter.rank / (2.0 * model.hidden)
        extra = extra + local_tokens * layouts.micro_batch * workload.adapter.rank * act_bytes * adapter_matrices / tp
        extra = extra + lora_dropout_bytes(workload, layouts, act_bytes)
    per_layer = per_layer + (1.0 - share * np.where(layouts.recompute == FULL_RECOMPUTE, 1.0, 0.0)) * extra
    layers_per_stage = busiest_stage_layers(model.layers, pp)
    microbatches = microbatches_per_step(workload, layouts)
    # 1F1B keeps pp micro-batches in flight on the first stage. The interleaved schedule (v > 1 chunks per stage)
    # warms up 2(pp-1) + (v-1)pp + 1 chunks of layers / (pp v) layers, pp (1 + (pp-1)/(pp v)) stages' worth
    # (Korthikanti et al. 2022, Sec. 4.2.3; Megatron's schedules); with v = 1 Megatron runs plain 1F1B.
    interleaving = np.where(layouts.virtual_stages > 1, 1.0 + (pp - 1.0) / (pp * layouts.virtual_stages), 1.0)
    in_flight = np.minimum(pp, microbatches) * interleaving
    stored = per_layer * layers_per_stage * np.where(pp > 1, in_flight, 1.0)
    # Full recompute rebuilds one layer at a time: that layer's full activations are live in backward.
    working = np.where(layouts.recompute == FULL_RECOMPUTE, whole, 0.0)
    # The loss's logits on the last stage: assumptions.logits_bytes x s x b x vocab / tp (6: fp32 logits and their
    # 16-bit copy; Hugging Face's fp32 upcast, log-softmax and gradient: 12).
    logits = assumptions.logits_bytes * local_tokens * layouts.micro_batch * model.vocab / tp
    last_stage = per_layer * layers_per_stage + working + logits
    first_stage = stored + working + np.where(pp == 1, logits, 0.0)
    activations = np.maximum(first_stage, last_stage)

    tensors = weights + gradients + optimizer + activations
    measured = workload.calibration.memory_overhead_gib(validation_width(workload.precision))
    return MemoryBreakdown(weights, gradients, optimizer, activations,
                           runtime_overhead(tensors, assumptions, world_size, measured),
                           assumptions.fragmentation * tensors)
