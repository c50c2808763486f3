"""LLM serving: memory (weights, KV cache per KV head), prefill and decode time per engine, capacity.

A forward pass is costed kernel by kernel, in sequence: its GEMMs (2 x active parameters FLOPs per token at the
engine's achieved share of the dense peak, overlapping imperfectly with one read of the weights; of an MoE model the
experts its tokens are routed to, at the lower share grouped GEMMs as narrow as each GPU's slice of an expert reach;
integer weights' Marlin-style kernels, and FP8 weights' where the GPU has no FP8 math, a fixed cost a layer), then
attention (a prompt's causal attention at the same rate; a decode step's read of the batch's KV cache at the
engine's share of HBM bandwidth), the memory-bound operators (norms, residual adds, rotary, the activation function,
an MoE layer's token permutation: core/models/elementwise.py) at that bandwidth, then the tensor-parallel ring
all-reduces (two per layer; an engine's own one-shot kernel where it has one, NCCL's across servers where the group
spans them), plus the engine's fixed cost per pass
and an MoE layer's routing work. A pass of few tokens streams its weights no faster than the SMs' GEMVs can (bytes per
SM cycle), whatever the HBM offers (16-bit weights through tensor-core GEMMs too, on parts without TMA), or, where the
engine runs tensor-core GEMMs, pays a tile's rows of math. A
roofline per kernel (Williams et al. 2009), not over the whole step: a high-batch decode step is compute-bound in its
GEMMs and bandwidth-bound in its attention. Prompts run in passes of at most PREFILL_CHUNK_TOKENS; with in-flight
batching they share the decode passes. Tensor parallelism splits weights, KV heads and FLOPs.
"""

from __future__ import annotations

import math
from dataclasses import field, replace
from enum import StrEnum
from functools import lru_cache

import numpy as np

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.published_fit import (
    SERVING_OUT_OF_SAMPLE_MAX_PCT,
    SERVING_OUT_OF_SAMPLE_MEDIAN_PCT,
    SERVING_SOURCES,
)
from gpuplanner.calibration.record import Calibration, UserGroupFit
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.messages import Listing, Message, msg
from gpuplanner.core.base.records import record
from gpuplanner.core.hardware.hardware import GPU, Precision, pcie_tensor_parallel_warning, validation_width
from gpuplanner.core.models.elementwise import serving_bytes_per_token
from gpuplanner.core.models.model import ModelArch
from gpuplanner.core.serving.engines import (
    EAGER_KERNELS_PER_LAYER,
    EAGER_MOE_EXTRA_KERNELS_PER_LAYER,
    EAGER_TP_KERNELS_PER_LAYER,
    EXPERT_HALF_SHARE_COLUMNS_PER_SM_FLOP,
    EXPERT_ROWS_HALF_SHARE,
    GEMV_BYTES_PER_SM_CYCLE,
    GEMV_MAX_ROWS,
    HOPPER_TENSOR_FLOP_PER_SM_CYCLE,
    MOE_LAYER_SM_CYCLES,
    SGLANG_MAX_RUNNING_REQUESTS_CEILING,
    SGLANG_REQUESTS_PER_CONTEXT_OF_POOL,
    TP_ALLREDUCE_BASE_S,
    TP_ALLREDUCE_PER_GPU_S,
    VLLM_BEFORE_0_6,
    EngineProfile,
    KvAdmission,
    engine_admission,
    engine_profile,
)
from gpuplanner.core.serving.lengths import OutputLengths, drain_schedule
from gpuplanner.core.training.collectives import (
    allreduce_link_share,
    hierarchical_allreduce_s,
    nic_bytes_per_s,
    nvlink_bytes_per_s,
)
from gpuplanner.core.training.memory import GIB
from gpuplanner.core.training.performance import (
    EAGER_KERNEL_LAUNCH_S,
    calibrated_gemm_efficiency,
    require_serving_figures,
    sustained_peak_flops,
)
from gpuplanner.core.training.workload import NVFP4_BYTES_PER_VALUE, Assumptions, default_network_gbps_per_node


class WeightFormat(StrEnum):
    FP16 = "fp16"
    BF16 = "bf16"
    FP8 = "fp8"
    INT8 = "int8"
    INT4 = "int4"
    FP4 = "fp4"  # NVFP4: 4-bit values with one FP8 scale per 16 (4.5 bits a value, the scales included)

    @property
    def bytes_per_param(self) -> float:
        return {"fp16": 2.0, "bf16": 2.0, "fp8": 1.0, "int8": 1.0, "int4": 0.5,
                "fp4": NVFP4_BYTES_PER_VALUE}[self.value]

    @property
    def is_integer(self) -> bool:
        return self in (WeightFormat.INT8, WeightFormat.INT4)


# The highest memory share an engine is run at in published benchmarks: TensorRT-LLM's perf overview raises
# kv_cache_free_gpu_mem_fraction from 0.90 to 0.95 "in many cases" (docs/source/performance/perf-overview.md). A
# batch that fits only there is tight, with the setting it needs.
TIGHT_MEMORY_FRACTION = 0.95
KV_MEMORY_FRACTION_RANGE = (0.1, 0.99)  # what inference.kv_cache_memory_fraction accepts
# Tokens one prompt pass takes at most (TensorRT-LLM's default max_num_tokens, vLLM's chunked-prefill budgets are of
# this order): a batch of prompts runs in passes of this size, its workspace sized for one.
PREFILL_CHUNK_TOKENS = 8192
# The architectures the serving efficiencies were fitted on, per math width: another GPU's are carried over by its
# training-calibrated GEMM efficiency relative to theirs (core.training.performance.calibrated_gemm_efficiency).
FITTED_ARCHITECTURE = {Precision.FP4: "Blackwell"}
FITTED_ARCHITECTURE_DEFAULT = "Hopper"


@record
class ServingWorkload:
    model: ModelArch
    batch: int = 1
    input_tokens: int = 128
    output_tokens: int = 128
    weight_dtype: WeightFormat = WeightFormat.FP16
    kv_dtype: WeightFormat = WeightFormat.FP16
    engine: str = "tensorrt-llm"
    assumptions: Assumptions = field(default_factory=Assumptions)  # the user's, as for training
    # The share of memory the engine gives the KV cache, where the user sets it (TensorRT-LLM's
    # free_gpu_memory_fraction, vLLM's gpu_memory_utilization); None: the engine's default.
    kv_cache_memory_fraction: float | None = None
    # How requests are admitted to the KV cache, where the user chooses (TensorRT-LLM); None: the engine's own.
    kv_admission: KvAdmission | None = None
    calibration: Calibration = PUBLISHED  # the fitted constants the engines' speeds and the band come from
    # Pipeline stages a replica's layers are split over (each holds its share of the weights and of every sequence's
    # KV cache; a token passes through them one after another).
    pipeline_stages: int = 1
    # The most requests the engine runs at once, where the user sets it (vLLM's --max-num-seqs, SGLang's
    # --max-running-requests, TensorRT-LLM's max_batch_size); None: the engine's default
    # (EngineProfile.running_request_cap).
    max_running_requests: int | None = None
    # How the requests' output lengths spread about output_tokens: all alike, or as a dataset's replies do (a batch
    # submitted at once then runs until its longest request ends: dataset_run).
    output_length_distribution: OutputLengths = OutputLengths.FIXED
    # The GPUs of one server and its scale-out network in Gb/s (None: the GPU class's default,
    # core.training.workload.default_network_gbps_per_node): a tensor-parallel group of more GPUs spans whole servers
    # and its all-reduces cross their NICs (tp_servers). None: every group stays inside one server's fabric.
    server_gpus: int | None = None
    network_gbps_per_node: float | None = None
    # Whether decode steps replay CUDA graphs, where the user sets it (False: vLLM's --enforce-eager, SGLang's
    # --disable-cuda-graph); None: the engine's default (EngineProfile.cuda_graphs).
    cuda_graphs: bool | None = None

    def __post_init__(self) -> None:
        if self.kv_dtype == WeightFormat.INT4:
            raise InputError("inference.kv_dtype", "int4 KV cache is not supported; use fp16, bf16, fp8 or int8")
        profile = engine_profile(self.engine, self.calibration)
        if self.kv_admission is not None and not profile.admission_choosable \
                and self.kv_admission != engine_admission(profile):
            raise InputError("inference.kv_admission", "{engine} offers one admission only: {own}",
                             engine=profile.name, own=engine_admission(profile).value)
        if self.cuda_graphs and not profile.cuda_graphs:
            raise InputError("inference.cuda_graphs", "{engine} has no CUDA-graph mode: leave it unset or false",
                             engine=profile.name)

    @property
    def launches_eagerly(self) -> bool:
        """Whether an engine that replays CUDA graphs by default has them turned off here, each step's kernels then
        launched from Python (eager_launch_s); engines without graphs price their own per-layer cost instead."""
        return self.profile.cuda_graphs and self.cuda_graphs is False

    @property
    def admission(self) -> KvAdmission:
        """How this workload's engine admits requests: the user's choice where the engine offers one."""
        return self.kv_admission or engine_admission(self.profile)

    @property
    def context_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    @property
    def kv_tokens_reserved(self) -> float:
        """KV-cache tokens the engine keeps room for per sequence in flight (its admission policy)."""
        return float(self.context_tokens) if self.admission == KvAdmission.WHOLE_SEQUENCE else self.mean_kv_tokens

    @property
    def mean_kv_tokens(self) -> float:
        """Tokens a sequence holds in the KV cache on average while it decodes, input + output / 2 (what a decode
        step reads; vLLM also sizes its batch by it, as in-flight batching admits requests as others finish)."""
        return self.input_tokens + self.output_tokens / 2.0

    @property
    def profile(self) -> EngineProfile:
        return engine_profile(self.engine, self.calibration)

    @property
    def memory_fraction(self) -> float:
        """The share of memory the engine shares out: the user's, else the engine's default."""
        return self.kv_cache_memory_fraction or self.profile.memory_fraction


def kv_cache_bytes(model: ModelArch, kv_format: WeightFormat, context: float, tp: int = 1) -> float:
    """One sequence's KV cache at `context` tokens on one of tp GPUs: K and V of every layer (MLA: its latent;
    a sliding-window layer keeps its window), TP splitting KV heads (a GPU holds at least one)."""
    return model.kv_cache_values(context, tp) * kv_format.bytes_per_param


def scale_bytes_per_param(weight_format: WeightFormat, profile: EngineProfile) -> float:
    """Quantization scale bytes per matmul weight: one 16-bit scale per block of integer weights, none otherwise."""
    return 2.0 / profile.quantization_block if weight_format.is_integer else 0.0


def weight_bytes(model: ModelArch, weight_format: WeightFormat, profile: EngineProfile) -> tuple[float, float]:
    """(weights, quantization scales) in bytes. Integer formats keep one 16-bit scale per block of weights;
    embeddings and norms stay 16-bit."""
    matmul_params = model.matmul_params
    other_params = model.total_params - matmul_params
    quantized = matmul_params * weight_format.bytes_per_param + other_params * 2.0
    return quantized, matmul_params * scale_bytes_per_param(weight_format, profile)


def held_weight_bytes(model: ModelArch, weight_format: WeightFormat, profile: EngineProfile, tp: int) -> float:
    """Weight and scale bytes one GPU of a tensor-parallel group holds: its 1/tp slice, and whole the projections
    every rank keeps (tp_replicated_bytes)."""
    return per_gpu_share(sum(weight_bytes(model, weight_format, profile)),
                         tp_replicated_bytes(model, weight_format, profile), tp)


def tp_replicated_bytes(model: ModelArch, weight_format: WeightFormat, profile: EngineProfile) -> float:
    """Bytes of the weights every GPU of a tensor-parallel group holds whole (ModelArch.tp_replicated_params), in the
    weight format with its integer scales."""
    return model.tp_replicated_params * (weight_format.bytes_per_param + scale_bytes_per_param(weight_format, profile))


def per_gpu_share(total: float, replicated: float, tp: int) -> float:
    """One GPU's part of `total` (bytes or parameters) over tp GPUs when `replicated` of it is held whole by each."""
    return (total - replicated) / tp + replicated


def experts_touched_share(model: ModelArch, tokens: float) -> float:
    """The share of a layer's routed experts some of `tokens` tokens is sent to: with top-k of E experts chosen
    uniformly, an expert is missed by all of them with probability (1 - k/E)^tokens (a decode step at batch 1 reaches
    k experts a layer; a long prompt, all). Their bytes are read at the engine's weight-read share, with no cost per
    expert touched beside it: NVIDIA's aiconfigurator times the engines' fused-MoE ops (SGLang 0.5.10, TensorRT-LLM
    1.3.0rc20, vLLM 0.19.0; systems/data/*/moe at 095f58a5) streaming every expert of 128-512 (routed evenly), 1-8
    rows each, at 0.80-0.90 of the datasheet bandwidth on A100, H100, H200, B200, L40S and RTX PRO 6000 (experts of
    6-12 MB at 0.67-0.84)."""
    return 1.0 - (1.0 - model.experts_per_token / model.experts) ** max(tokens, 1.0)


def weight_bytes_read(model: ModelArch, weight_format: WeightFormat, profile: EngineProfile, tokens: float) -> float:
    """Weight bytes one forward step over `tokens` tokens reads: every dense weight, and of the routed experts only
    those some token is sent to. The input embedding is counted whole, though its gather reads only the rows its
    tokens index (Qwen3-8B: 1.24 GB of 16.4 GB in BF16 not moved at decode): counted by its rows and refitted, the
    published runs agree less (TensorRT-LLM's judged band 15.0 -> 24.6 %; SGLang's H20 rows 7.0 -> 9-11 % at the
    median, their 8B FP8 row 10 -> 21 % fast, even with vLLM's and SGLang's own shares refitted), so the whole table
    stands in for per-step work the model does not yet price."""
    weights, scales = weight_bytes(model, weight_format, profile)
    if not model.is_moe or model.expert_params <= 0:
        return weights + scales
    touched = experts_touched_share(model, tokens)
    expert_share = model.expert_params / model.matmul_params  # the routed experts' part of the quantized weights
    expert_bytes = (weights - (model.total_params - model.matmul_params) * 2.0 + scales) * expert_share
    return weights + scales - expert_bytes * (1.0 - touched)


def achieved_flops(gpu: GPU, workload: ServingWorkload, precision: Precision | None = None) -> float:
    """The engine's share of the dense peak in the math width its GEMMs run at (`precision`, where known), fitted
    on one architecture (FITTED_ARCHITECTURE) and carried to others by their training-calibrated GEMM efficiency
    relative to it."""
    precision = precision or compute_precision(gpu, workload.weight_dtype)
    user = _user_fit(workload, gpu)
    accumulate = fp16_accumulate_speedup(gpu, precision) if workload.profile.sixteen_bit_accumulate else 1.0
    return sustained_peak_flops(gpu, precision) * accumulate * workload.profile.prefill_efficiency \
        * _math_width_share(gpu.architecture, precision, workload.calibration) * (user.prefill if user else 1.0)


def fp16_accumulate_speedup(gpu: GPU, precision: Precision) -> float:
    """How much faster an NVIDIA part's tensor cores multiply FP16 with FP16 accumulation than at the catalog's
    16-bit rate (its FP32-accumulate one): the FP16-accumulate rate is half the dense INT8 rate on NVIDIA's tensor
    cores from Turing on (GA102 whitepaper, Appendix A: RTX 3090 142 / 284 dense; Ada whitepaper: RTX 4090 330.3 /
    660.6; A100 datasheet: 312 / 624), twice the FP32-accumulate rate on GeForce cards and equal to it elsewhere.
    Never below 1 (B300's INT8 is cut); 1 for other widths, other vendors, or where the catalog has no INT8 rate."""
    peak = gpu.peak_tflops(precision)
    int8 = gpu.dense_tflops.get("int8")
    if gpu.vendor != "NVIDIA" or precision not in (Precision.BF16, Precision.FP16) or not peak or not int8:
        return 1.0
    return max(1.0, int8 / 2.0 / peak)


def _user_fit(workload: ServingWorkload, gpu: GPU) -> UserGroupFit | None:
    """The user's fit of this GPU, engine and math width (`gpuplanner calibrate`), where there is one."""
    if workload.calibration.user is None:
        return None
    return workload.calibration.user_fit(gpu.id, validation_width(compute_precision(gpu, workload.weight_dtype)))


@lru_cache(maxsize=128)
def _math_width_share(architecture: str, precision: Precision, calibration: Calibration) -> float:
    """The math width's factor (TensorRT-LLM's FP8 or FP4 share over its 16-bit one; 1 for 16-bit) x the
    architecture's GEMM efficiency relative to the one the serving constants were fitted on."""
    serving = calibration.serving
    factor = {Precision.FP8: serving.trtllm_fp8 / serving.trtllm_prefill,
              Precision.FP4: serving.trtllm_fp4 / serving.trtllm_prefill}.get(precision, 1.0)
    fitted_on = FITTED_ARCHITECTURE.get(precision, FITTED_ARCHITECTURE_DEFAULT)
    return factor * calibrated_gemm_efficiency(architecture, precision, calibration) \
        / calibrated_gemm_efficiency(fitted_on, precision, calibration)


PCIE_TENSOR_PARALLEL = "pcie-tp"  # the validation group of tensor parallelism over PCIe (no scale-up fabric)
# An engine's earlier releases are judged, and banded, with the engine.
ENGINE_GROUP = {VLLM_BEFORE_0_6: "vllm"}


def serving_validation_group(workload: ServingWorkload, gpu: GPU, tp: int) -> str:
    """The group a serving estimate's error is judged in (calibration/refit_serving.py) and its band taken from:
    a mixture-of-experts model ('moe'), FP4 math ('fp4'), the engine apart on each non-NVIDIA vendor's parts
    ('vllm (AMD)': there it runs on that vendor's kernels and collective library, whose speed the NVIDIA runs say
    nothing about, at any tensor-parallel degree), tensor parallelism over PCIe (PCIE_TENSOR_PARALLEL: an NVIDIA
    GPU without a scale-up fabric, its all-reduces through PCIe), else the engine (an earlier release with its
    engine: ENGINE_GROUP)."""
    if workload.model.is_moe:
        return "moe"
    if compute_precision(gpu, workload.weight_dtype) == Precision.FP4:
        return "fp4"
    engine = ENGINE_GROUP.get(workload.engine, workload.engine)
    if gpu.vendor != "NVIDIA":
        return f"{engine} ({gpu.vendor})"
    if tp > 1 and not gpu.has_scale_up_fabric:
        return PCIE_TENSOR_PARALLEL
    return engine


def compute_precision(gpu: GPU, weight_format: WeightFormat) -> Precision:
    """FP8 weights run FP8 GEMMs where the GPU has them, FP4 weights FP4 GEMMs (else FP8 ones); integer weights
    are dequantized to 16-bit (W4A16)."""
    if weight_format == WeightFormat.FP4 and gpu.peak_tflops(Precision.FP4):
        return Precision.FP4
    if weight_format in (WeightFormat.FP8, WeightFormat.FP4) and gpu.peak_tflops(Precision.FP8):
        return Precision.FP8
    return sixteen_bit_or_slower(gpu)


def sixteen_bit_or_slower(gpu: GPU) -> Precision:
    """The GPU's 16-bit tensor width; where the catalog has no 16-bit rate but an FP32 one (a consumer card whose
    vendor publishes only a sparse FP16 figure), FP32: a rate the GPU surely reaches, so the estimate is never the
    favourable one, and a bandwidth-bound decode is still estimated rather than refused."""
    for precision in (Precision.BF16, Precision.FP16):
        if gpu.peak_tflops(precision):
            return precision
    return Precision.FP32 if gpu.peak_tflops(Precision.FP32) else Precision.FP16


@record
class ServingEstimate:
    tp: int
    fits: bool
    memory_gib: dict[str, float]
    ttft_s: float
    tpot_s: float
    output_tokens_per_s: float
    max_batch: int
    warnings: tuple[Message, ...]
    tight: bool = False  # fits only with the engine's memory share raised (TIGHT_MEMORY_FRACTION)
    # Requests the engine runs at once where the batch is more than it admits and the rest queue (QueuedRun); the
    # figures are then those of the whole run: TTFT and TPOT of a full round, throughput over every round.
    queued: QueuedRun | None = None


def _tp_allreduce_s(workload: ServingWorkload, gpu: GPU, tp: int, tokens: float) -> float:
    """Two all-reduces of tokens x hidden 16-bit values per layer (attention and MLP outputs; an MoE layer's experts
    are split over the same ranks, SGLang's and vLLM's default without expert parallelism, so its output is the
    second): the buffer's link share over each GPU's link (summed in the switch where it can: NCCL's NVLS algorithm,
    which TensorRT-LLM's all-reduce falls back to beyond its own kernels' workspace) at the fitted share of its
    bandwidth, and each all-reduce's latency. A group spanning servers runs NCCL's all-reduce across them
    (collectives.hierarchical_allreduce_s): the engines' own kernels work inside one node only (vLLM's and SGLang's
    custom all-reduce: 'disabled because this process group spans across nodes')."""
    if tp <= 1:
        return 0.0
    model = workload.model
    share = workload.calibration.serving.allreduce_share
    buffer = tokens * model.hidden * 2.0
    servers = tp_servers(workload, tp)
    if servers > 1:
        per_server = tp // servers
        link = float(nvlink_bytes_per_s(gpu, per_server, workload.assumptions)) * share
        in_server = TP_ALLREDUCE_BASE_S + (per_server - 1) * TP_ALLREDUCE_PER_GPU_S  # NCCL's, inside each server
        once = hierarchical_allreduce_s(buffer, per_server, servers, link,
                                        nic_bytes_per_s(tp_network_gbps_per_gpu(workload, gpu), workload.assumptions),
                                        in_server, gpu.reduces_in_switch)
        return 2.0 * model.layers * once
    link = float(nvlink_bytes_per_s(gpu, tp, workload.assumptions))
    moved = float(allreduce_link_share(tp, gpu.reduces_in_switch)) * buffer
    return 2.0 * model.layers * (moved / (link * share) + allreduce_latency_s(workload.profile, gpu, tp))


def tp_servers(workload: ServingWorkload, tp: int) -> int:
    """The servers a replica's tensor-parallel group of tp GPUs spans: whole servers of workload.server_gpus (the
    layout SGLang's and vLLM's multi-node serving run: --tp 16 --nnodes 2 on two 8-GPU servers); 1 within one."""
    server = workload.server_gpus
    return 1 if server is None or tp <= server else -(-tp // server)


def tp_network_gbps_per_gpu(workload: ServingWorkload, gpu: GPU) -> float:
    """Each GPU's share of its server's scale-out network in Gb/s: the workload's network, else the GPU class's
    default (a NIC port per GPU on SXM / OAM servers: the fabric row's nic_gbps_per_gpu)."""
    server = workload.server_gpus or 1
    network = workload.network_gbps_per_node
    return (default_network_gbps_per_node(gpu, server) if network is None else network) / server


def allreduce_latency_s(profile: EngineProfile, gpu: GPU, tp: int) -> float:
    """The latency of one small all-reduce over tp GPUs of a node: a fixed part and a part per further GPU, NCCL's
    unless the engine runs its own kernel over the GPUs' scale-up fabric (its peer memory: none over PCIe)."""
    base, per_gpu = TP_ALLREDUCE_BASE_S, TP_ALLREDUCE_PER_GPU_S
    if profile.allreduce_latency_s is not None and gpu.has_scale_up_fabric:
        base, per_gpu = profile.allreduce_latency_s
    return base + (tp - 1) * per_gpu


def gemm_time_s(workload: ServingWorkload, gpu: GPU, tp: int, tokens: float, logit_tokens: float,
                rates: tuple[float, float, float] | None = None) -> float:
    """One forward pass's matrix multiplies over `tokens` tokens (the output head over `logit_tokens` of them, in
    16-bit: quantized checkpoints leave it unquantized, ModelOpt's default `*lm_head*` exclusion), the faster of two
    ways engines run them. Tensor-core GEMMs stream their weights once while they compute: the longer of the two plus
    a fitted share of the shorter (a roofline per kernel, Williams et al. 2009, with imperfect overlap), a dense GEMM
    of fewer rows than a tensor-core tile taking at least the tile's math (on a part whose tensor cores are slow for
    its HBM, the H20, a batch-1 tile's math takes longer than the read, which then overlaps it only in part; under a
    longer read the padded rows' math hides). Or, at up to GEMV_MAX_ROWS rows and where the engine has them
    (runs_gemv), GEMVs on the CUDA cores, whose weight stream the SMs bound (gemv_bandwidth_bytes_per_s). Both
    stream the weights at the engine's weight-stream rate on this GPU (weight_stream_bytes_per_s). `rates`:
    achieved_rates, where known."""
    model = workload.model
    flop_rate, byte_rate, head_rate = rates or achieved_rates(workload, gpu)
    tile = tensor_tile_rows(gpu)
    dense = per_gpu_share(model.active_layer_matmul_params - model.active_expert_matmul_params,
                          model.tp_replicated_params, tp)  # one GPU's: its slice and the replicated projections
    compute = 2.0 * (dense * tokens / flop_rate + model.logit_params * logit_tokens / head_rate / tp)
    padded = 2.0 * (dense * max(tokens, tile) / flop_rate
                    + model.logit_params * max(logit_tokens, tile) / head_rate / tp)
    if model.is_moe and model.expert_params > 0:
        # Each routed expert multiplies only the tokens sent to it, in grouped GEMMs as narrow as its slice of the
        # expert on this GPU: at the share of the engine's dense rate such GEMMs reach (expert_gemm_share).
        experts = 2.0 * model.active_expert_matmul_params * tokens / flop_rate / tp \
            / expert_gemm_share(workload, gpu, tp, tokens)
        compute, padded = compute + experts, padded + experts
    weights = per_gpu_share(weight_bytes_read(model, workload.weight_dtype, workload.profile, tokens),
                            tp_replicated_bytes(model, workload.weight_dtype, workload.profile), tp)
    dequant = integer_weight_layers_s(workload, gpu)  # every GPU runs each layer's GEMMs, on its slice
    weight_rate = weight_stream_bytes_per_s(workload, gpu, byte_rate)
    read = weights / tensor_core_stream_bytes_per_s(workload, gpu, tokens, weight_rate) + dequant
    # Whichever bounds, the other overlaps it in part: the read, or the rows' own math (a tile's padded rows cost only
    # where its math is the longer: under a longer read they are idle lanes of instructions issued anyway).
    shorter = read if padded > read else min(compute, read)
    tensor_cores = max(padded, read) + workload.calibration.serving.gemm_overlap * shorter
    # A GEMV instead: the weights streamed no faster than the SMs allow, their FMAs (one a weight a row, on the CUDA
    # cores at the FP32 rate) hidden under the loads while there are fewer (the H20's 22 T FMA/s against 0.8 T
    # weights/s at one row); where it is the faster, engines that have one run it.
    fp32 = (gpu.peak_tflops(Precision.FP32) or 0.0) * 1e12
    if not fp32 or tokens > GEMV_MAX_ROWS or not runs_gemv(workload):
        return tensor_cores
    cuda_cores = 2.0 * per_gpu_share(matmul_params_read(model, tokens), model.tp_replicated_params, tp) * tokens / fp32
    stream = weights / min(weight_rate, gemv_bandwidth_bytes_per_s(gpu)) + dequant
    return min(tensor_cores, max(stream, cuda_cores))


def dequantized_copy_s(workload: ServingWorkload, tp: int, tokens: float, byte_rate: float) -> float:
    """A pass's conversion of its integer weights to a 16-bit copy before its GEMMs, where the engine makes one for
    passes of more than EngineProfile.dequantizes_above_rows rows (llama.cpp's cuBLAS path): the quantized weights and
    scales read, two bytes a weight written, at the engine's bandwidth; 0 otherwise."""
    rows = workload.profile.dequantizes_above_rows
    if rows is None or tokens <= rows or not workload.weight_dtype.is_integer:
        return 0.0
    model = workload.model
    quantized = weight_bytes_read(model, workload.weight_dtype, workload.profile, tokens)
    return (quantized + 2.0 * matmul_params_read(model, tokens)) / tp / byte_rate


def expert_gemm_share(workload: ServingWorkload, gpu: GPU, tp: int, tokens: float) -> float:
    """The share of the engine's dense GEMM rate a pass's routed-expert GEMMs reach: each expert's slice on a GPU is
    ffn_hidden / tp columns wide and multiplies the rows routed to it (tokens x top-k over the experts touched), at
    width / (width + W) of the dense rate (expert_half_share_width) and rows / (rows + R) against the pass's own
    rows' (engines.EXPERT_ROWS_HALF_SHARE), at most the dense rate; FP8 experts at the engine's fused-MoE share on
    this GPU's vendor's parts (EngineProfile.fp8_expert_share: vLLM's Triton kernel on ROCm); scaled by the user's
    moe_expert_efficiency over its published value. Routing and its launches are moe_layer_work_s; reading the
    experts, the pass's weight read."""
    model = workload.model
    width = model.ffn_hidden / tp
    rows = tokens * model.experts_per_token / (model.experts * experts_touched_share(model, tokens))
    precision = compute_precision(gpu, workload.weight_dtype)
    columns = width / (width + expert_half_share_width(gpu, precision))
    rows_share = rows / (rows + EXPERT_ROWS_HALF_SHARE) / (tokens / (tokens + EXPERT_ROWS_HALF_SHARE))
    kernel = workload.profile.fp8_expert_share_on(gpu) if precision == Precision.FP8 else 1.0
    user = workload.assumptions.moe_expert_efficiency / PUBLISHED.moe_expert_efficiency
    return min(1.0, columns * rows_share) * kernel * user


def expert_half_share_width(gpu: GPU, precision: Precision) -> float:
    """The expert width (columns on one GPU) whose grouped GEMMs reach half the dense rate: in proportion to the
    dense tensor FLOPs an SM issues a cycle in this math width (engines.EXPERT_HALF_SHARE_COLUMNS_PER_SM_FLOP);
    H100's where the part's SMs are unknown."""
    cycles = sm_cycles_per_s(gpu)
    peak = gpu.peak_tflops(precision)
    per_sm_cycle = peak * 1e12 / cycles if cycles and peak \
        else HOPPER_TENSOR_FLOP_PER_SM_CYCLE[validation_width(precision)]
    return EXPERT_HALF_SHARE_COLUMNS_PER_SM_FLOP * per_sm_cycle


def weight_stream_bytes_per_s(workload: ServingWorkload, gpu: GPU, byte_rate: float) -> float:
    """The rate the engine's matrix multiplies stream weights at on this GPU, whichever kernels run them (tensor-core
    GEMMs or GEMVs): its read rate `byte_rate` (bandwidth_bytes_per_s), less on a vendor's parts its port's kernels
    stream weights slower on (EngineProfile.weight_stream_share). KV-cache and activation reads keep `byte_rate`."""
    return byte_rate * workload.profile.weight_stream_share_on(gpu)


def tensor_core_stream_bytes_per_s(workload: ServingWorkload, gpu: GPU, tokens: float, weight_rate: float) -> float:
    """The rate tensor-core GEMMs of `tokens` rows stream the weights at: the engine's weight stream `weight_rate`
    (weight_stream_bytes_per_s), and for 16-bit weights at up to GEMV_MAX_ROWS rows on a part whose SMs load tiles
    through their threads (no TMA), no faster than the SMs' GEMVs stream (gemv_bandwidth_bytes_per_s): cuBLAS's
    kernels for so few rows keep as few bytes in flight per SM. Integer weights' Marlin kernels pipeline their loads
    deeper and keep the bandwidth."""
    sixteen_bit = workload.weight_dtype in (WeightFormat.BF16, WeightFormat.FP16)
    if not sixteen_bit or tokens > GEMV_MAX_ROWS or gpu.architecture.startswith(TMA_ARCHITECTURES):
        return weight_rate
    return min(weight_rate, gemv_bandwidth_bytes_per_s(gpu))


def runs_gemv(workload: ServingWorkload) -> bool:
    """Whether the engine has a CUDA-core GEMV for this weight format (SGLang's 16-bit layers are cuBLAS GEMMs)."""
    sixteen_bit = workload.weight_dtype in (WeightFormat.BF16, WeightFormat.FP16)
    return workload.profile.sixteen_bit_gemv or not sixteen_bit


def matmul_params_read(model: ModelArch, tokens: float) -> float:
    """The layers' weights one pass over `tokens` tokens multiplies: every dense one, of the routed experts only those
    some token is sent to."""
    if not model.is_moe or model.expert_params <= 0:
        return model.matmul_params
    return model.matmul_params - model.expert_params * (1.0 - experts_touched_share(model, tokens))


def integer_weight_layers_s(workload: ServingWorkload, gpu: GPU) -> float:
    """The fixed work of a pass's Marlin GEMMs beyond reading their weights (runs_marlin_kernels:
    engines.MARLIN_LAYER_SM_CYCLES): the engine's SM cycles a layer at the GPU's SM rate, on each GPU of a
    tensor-parallel group alike; 0 where the layers run other kernels or the SMs are unknown."""
    cycles = sm_cycles_per_s(gpu)
    if not runs_marlin_kernels(workload, gpu) or not workload.profile.integer_layer_sm_cycles or cycles is None:
        return 0.0
    return workload.model.layers * workload.profile.integer_layer_sm_cycles / cycles


def runs_marlin_kernels(workload: ServingWorkload, gpu: GPU) -> bool:
    """Whether the engine runs the layers' weights through Marlin-style mixed-precision kernels: 4-bit integer
    weights; 8-bit integer ones where it runs them in the same kernels (EngineProfile.int8_in_4_bit_kernels); FP8
    weights on a GPU without FP8 tensor cores where it multiplies them weight-only in its FP8 Marlin kernel
    (EngineProfile.fp8_marlin_without_fp8_math: vLLM on an A100), whose K striping and serial reduction through L2
    are the integer kernels'."""
    profile, weights = workload.profile, workload.weight_dtype
    return weights == WeightFormat.INT4 \
        or (weights == WeightFormat.INT8 and profile.int8_in_4_bit_kernels) \
        or (weights == WeightFormat.FP8 and profile.fp8_marlin_without_fp8_math
            and compute_precision(gpu, weights) != Precision.FP8)


@lru_cache(maxsize=256)
def elementwise_bytes_per_token(model: ModelArch, kv_format: WeightFormat, tp: int) -> float:
    """A token's memory-bound traffic through a forward pass on one of tp GPUs (core/models/elementwise.py), in 16-bit
    activations."""
    return serving_bytes_per_token(model, 2.0, kv_format.bytes_per_param, tp)


def elementwise_time_s(workload: ServingWorkload, tp: int, tokens: float, byte_rate: float) -> float:
    """The memory-bound operators (norms, residual adds, rotary, the activation function, MoE permutation, the K
    and V append) of a pass over `tokens` tokens, at the engine's bandwidth."""
    return tokens * elementwise_bytes_per_token(workload.model, workload.kv_dtype, tp) / byte_rate


# FP32 lanes (one FMA, 2 FLOP, a cycle each) per streaming multiprocessor, by the architecture's name: NVIDIA's
# architecture whitepapers (GV100, TU102, GA100: 64; GH100, AD102, GB100/GB202: 128). GA10x Ampere cards have 128:
# counted as 64, their SM rate comes out doubled, where their GDDR binds long before it.
FP32_LANES_PER_SM = {"Volta": 64, "Turing": 64, "Ampere": 64, "Hopper": 128, "Ada Lovelace": 128, "Blackwell": 128}


def sm_cycles_per_s(gpu: GPU) -> float | None:
    """The GPU's streaming multiprocessors x their clock, from its FP32 rate over what one SM issues a cycle; None
    where unknown (another vendor's compute units, an architecture not listed, no FP32 figure)."""
    fp32 = gpu.peak_tflops(Precision.FP32)
    lanes = next((n for name, n in FP32_LANES_PER_SM.items() if gpu.architecture.startswith(name)), None)
    if gpu.vendor != "NVIDIA" or not fp32 or lanes is None:
        return None
    return fp32 * 1e12 / (2.0 * lanes)


# Architectures whose SMs load tiles with the Tensor Memory Accelerator, one instruction a tile (NVIDIA H100 Tensor Core
# GPU Architecture whitepaper, 'Tensor Memory Accelerator'; Blackwell keeps it); earlier parts load through their
# threads. vLLM's batch-1 16-bit decode on the A100 reads its weights at the same rate whatever the HBM: 1.21 TB/s on
# an A100 40GB (VLLM_HBM's fit) and 1.28-1.32 TB/s on an A100 80GB (Qwen2.5 speed benchmark, vLLM 0.6.3, BF16 7B and
# 72B), whose bandwidth is 1.31 x, on the same 108 SMs: the SMs bind there, as a GEMV's stream does.
TMA_ARCHITECTURES = ("Hopper", "Blackwell")


def gemv_bandwidth_bytes_per_s(gpu: GPU) -> float:
    """The weight stream the SMs' GEMVs reach (GEMV_BYTES_PER_SM_CYCLE); unbounded where the SMs are unknown."""
    cycles = sm_cycles_per_s(gpu)
    return math.inf if cycles is None else GEMV_BYTES_PER_SM_CYCLE * cycles


# The rows one tensor-core instruction multiplies: Hopper's warpgroup MMA (wgmma) and data-centre Blackwell's tcgen05
# take tiles of 64 rows, other parts' mma.sync 16 (PTX ISA, 'Warpgroup MMA' and 'Matrix shapes'). A GEMM of fewer
# rows pays a tile's math.
TENSOR_TILE_ROWS = {"Hopper": 64, "Hopper + Grace": 64, "Blackwell": 64}
TENSOR_TILE_ROWS_DEFAULT = 16


def tensor_tile_rows(gpu: GPU) -> int:
    return TENSOR_TILE_ROWS.get(gpu.architecture, TENSOR_TILE_ROWS_DEFAULT)


def bandwidth_bytes_per_s(workload: ServingWorkload, gpu: GPU) -> float:
    """Bytes/s the engine's weight and KV-cache reads reach on this GPU."""
    architecture = workload.calibration.serving.blackwell_bandwidth if gpu.architecture == "Blackwell" else 1.0
    user = _user_fit(workload, gpu)
    return (gpu.memory_bandwidth_gbs or 1.0) * 1e9 * workload.profile.bandwidth_efficiency(gpu) * architecture \
        * (user.decode if user else 1.0)


def achieved_rates(workload: ServingWorkload, gpu: GPU) -> tuple[float, float, float]:
    """(FLOP/s of the layers' GEMMs, bytes/s, FLOP/s of the 16-bit output head) the engine reaches on this GPU:
    worked out once per pass."""
    precision = compute_precision(gpu, workload.weight_dtype)
    layers = achieved_flops(gpu, workload, precision)
    sixteen_bit = sixteen_bit_or_slower(gpu)
    head = layers if precision == sixteen_bit else achieved_flops(gpu, workload, sixteen_bit)
    return layers, bandwidth_bytes_per_s(workload, gpu), head


def moe_layer_work_s(model: ModelArch, gpu: GPU) -> float:
    """An MoE model's routing and fused-MoE work per pass that no byte count sees (MOE_LAYER_SM_CYCLES a layer, at the
    GPU's SM rate); 0 for a dense model or where the SMs are unknown."""
    cycles = sm_cycles_per_s(gpu)
    if not model.is_moe or cycles is None:
        return 0.0
    return model.moe_layers * MOE_LAYER_SM_CYCLES / cycles


def prompt_attention_s(workload: ServingWorkload, gpu: GPU, tp: int, prompts: float,
                       flop_rate: float | None = None) -> float:
    """Causal attention over `prompts` prompts (compute-bound: FlashAttention keeps the scores on chip)."""
    model = workload.model
    tokens = prompts * workload.input_tokens
    flops = 4.0 * model.layers * model.causal_attended_tokens(workload.input_tokens) * model.attention_width * tokens
    return flops / tp / (flop_rate or achieved_flops(gpu, workload))


def eager_kernels_per_pass(model: ModelArch, tp: int) -> int:
    """The kernels one forward pass of a serving engine launches from Python when it runs without CUDA graphs: every
    layer's (engines.EAGER_KERNELS_PER_LAYER), its two all-reduces on a tensor-parallel group, an MoE layer's routing
    and grouped-GEMM kernels in place of a dense MLP's. A token passes every pipeline stage in turn, so all the layers
    count."""
    per_layer = EAGER_KERNELS_PER_LAYER + (EAGER_TP_KERNELS_PER_LAYER if tp > 1 else 0)
    return model.layers * per_layer + model.moe_layers * EAGER_MOE_EXTRA_KERNELS_PER_LAYER


def eager_launch_s(workload: ServingWorkload, tp: int) -> float:
    """The host time one forward pass takes to launch its kernels when the engine's CUDA graphs are off: its kernels
    (eager_kernels_per_pass) at one eager PyTorch dispatch and launch each (EAGER_KERNEL_LAUNCH_S); 0 where the engine
    replays graphs or prices its own per-layer cost."""
    if not workload.launches_eagerly:
        return 0.0
    return eager_kernels_per_pass(workload.model, tp) * EAGER_KERNEL_LAUNCH_S


def with_eager_launches(pass_s: float, host_s: float, launch_s: float) -> float:
    """A pass of `pass_s` (its host work in step with the GPU, host_s, included) whose kernels are launched from
    Python as it runs (launch_s, eager_launch_s): the host launches ahead of the GPU, so the GPU's part takes the
    longer of the two, the GPU idling where the host is slower; the host work in step with it adds. Unchanged where
    nothing is launched eagerly."""
    if launch_s <= 0.0:
        return pass_s
    return max(pass_s - host_s, launch_s) + host_s


def prefill_time_s(workload: ServingWorkload, gpu: GPU, tp: int, batch: int) -> float:
    """`batch` prompts on their own, in passes of at most PREFILL_CHUNK_TOKENS tokens (a prompt longer than that
    takes one pass): each pass reads the weights and pays the per-pass costs (and, run eagerly, its launches)."""
    model, profile = workload.model, workload.profile
    tokens = batch * workload.input_tokens
    passes = max(1, math.ceil(tokens / max(PREFILL_CHUNK_TOKENS, workload.input_tokens)))
    rates = achieved_rates(workload, gpu)
    gemms = passes * (gemm_time_s(workload, gpu, tp, tokens / passes, batch / passes, rates)
                      + dequantized_copy_s(workload, tp, tokens / passes, rates[1]))
    host = passes * profile.host_s_per_pass + batch * profile.host_s_per_sequence
    total = gemms + elementwise_time_s(workload, tp, tokens, rates[1]) \
        + prompt_attention_s(workload, gpu, tp, batch, rates[0]) + _tp_allreduce_s(workload, gpu, tp, tokens) \
        + passes * (profile.forward_overhead_s(model, gpu, prompts=1.0) + moe_layer_work_s(model, gpu)) \
        + batch * profile.host_s_per_sequence
    return with_eager_launches(total, host, passes * eager_launch_s(workload, tp))


def decode_step_s(workload: ServingWorkload, gpu: GPU, tp: int, batch: int, context: float,
                  prompts: float = 0.0) -> float:
    """One forward pass generating a token for each of `batch` sequences at `context` tokens, with `prompts`
    prompts processed in the same pass (in-flight batching) beside them: its GEMMs, then attention, which reads
    the batch's KV cache (the kernels run one after the other, so their times add)."""
    model, profile = workload.model, workload.profile
    tokens = batch + prompts * workload.input_tokens
    flop_rate, byte_rate, _ = rates = achieved_rates(workload, gpu)
    gemms = gemm_time_s(workload, gpu, tp, tokens, batch + prompts, rates)
    kv = batch * kv_cache_bytes(model, workload.kv_dtype, context, tp) * profile.kv_traffic_per_read(model) \
        / byte_rate
    scores = 4.0 * model.layers * model.attended_tokens(context) * model.attention_width * batch / tp / flop_rate
    attention = max(kv, scores) + prompt_attention_s(workload, gpu, tp, prompts, flop_rate)
    host = profile.host_s_per_pass + (batch + prompts) * profile.host_s_per_sequence
    total = gemms + elementwise_time_s(workload, tp, tokens, byte_rate) + attention \
        + _tp_allreduce_s(workload, gpu, tp, tokens) + profile.forward_overhead_s(model, gpu, prompts) \
        + moe_layer_work_s(model, gpu) + (batch + prompts) * profile.host_s_per_sequence
    return with_eager_launches(total, host, eager_launch_s(workload, tp))


def decode_pass_with_prompts_s(workload: ServingWorkload, gpu: GPU, tp: int, batch: float, context: float,
                               prompts: float) -> float:
    """One decode step of `batch` sequences and the prompts that arrive with it, `prompts` a step on average: in the
    same pass (in-flight batching), or, where the engine runs each prefill as a pass of its own that the decode waits
    for (prefill_pauses_decode), those passes' share of the step, taking in the prompts that arrived together (one
    pass every 1 / prompts steps below one prompt a step)."""
    if not workload.profile.prefill_pauses_decode or prompts <= 0.0:
        return decode_step_s(workload, gpu, tp, batch, context, prompts)  # type: ignore[arg-type]
    per_pass = max(1, round(prompts))
    decode = decode_step_s(workload, gpu, tp, batch, context)  # type: ignore[arg-type]
    return decode + prefill_time_s(workload, gpu, tp, per_pass) * prompts / per_pass


@record
class ReplicaLoad:
    """One replica with `batch` users in flight, in steady state: what each user sees and what the replica gives."""
    ttft_s: float
    tpot_s: float
    output_tokens_per_s: float


def replica_under_load(workload: ServingWorkload, gpu: GPU, tp: int, batch: int) -> ReplicaLoad:
    """The one model of a loaded replica that the throughput, the latency limits and the latency curve all read.

    In-flight batching (TensorRT-LLM, vLLM): each finished sequence is replaced at once (a closed loop, as serving
    benchmarks run), so every pass decodes the batch and takes in batch / output-tokens prompts on average. A user's
    first token comes from the pass that carries its prompt beside the other sequences' decode; every later token
    waits for a pass that also carries some of the others' prompts (or, where the engine runs prompts as passes of
    their own, SGLang, for the others' prefill passes as well). Static batches: the batch's prompts together,
    then its decode steps. Either way the replica delivers batch x output tokens per user lifetime (Little's law):
    throughput = batch x output / (TTFT + (output - 1) x TPOT)."""
    out = workload.output_tokens
    context = workload.mean_kv_tokens
    decode = decode_step_s(workload, gpu, tp, batch, context)
    if workload.profile.inflight_batching and not workload.assumptions.static_batching:
        prompts = out * (decode_pass_with_prompts_s(workload, gpu, tp, batch, context, batch / out) - decode)
        ttft = prefill_time_s(workload, gpu, tp, 1)
        if batch > 1 and not workload.profile.prefill_pauses_decode:  # the others' decode rides in this prompt's pass
            ttft += decode_step_s(workload, gpu, tp, batch - 1, context, 1.0) \
                - decode_step_s(workload, gpu, tp, 0, context, 1.0)
        tpot = decode + (prompts * (batch - 1) / batch) / max(out - 1, 1)
    else:
        ttft = prefill_time_s(workload, gpu, tp, batch)
        tpot = decode
    return ReplicaLoad(ttft, tpot, batch * out / (ttft + (out - 1) * tpot))


def serving_memory_bytes(workload: ServingWorkload, gpu: GPU, tp: int, batch: int,
                         kv_tokens: float | None = None) -> dict[str, float]:
    """Memory per GPU at `batch` sequences, each keeping `kv_tokens` in the KV cache (the engine's admission, where
    not given): weights and KV cache split over tp GPUs (but for the projections each holds whole,
    tp_replicated_bytes) and the pipeline stages (each stage holds its layers')."""
    model = workload.model
    stages = workload.pipeline_stages
    reserved = workload.kv_tokens_reserved if kv_tokens is None else kv_tokens
    kv = batch * kv_cache_bytes(model, workload.kv_dtype, reserved, tp) / stages
    return {"weights": held_weight_bytes(model, workload.weight_dtype, workload.profile, tp) / stages, "kv_cache": kv,
            "activations": workspace_bytes(workload, tp, batch),
            "overhead": (workload.assumptions.cuda_context_gib + workload.calibration.memory_overhead_gib(
                validation_width(compute_precision(gpu, workload.weight_dtype)))) * GIB}


def workspace_bytes(workload: ServingWorkload, tp: int, batch: int) -> float:
    """Prefill workspace: one chunk of up to PREFILL_CHUNK_TOKENS through the widest layer, plus fp32 logits."""
    model = workload.model
    chunk = min(batch * workload.input_tokens, PREFILL_CHUNK_TOKENS)
    return chunk * (4 * model.hidden + 2 * model.ffn_hidden * model.experts_per_token / tp) * 2.0 \
        + batch * model.vocab * 4.0


def kv_room_bytes(workload: ServingWorkload, gpu: GPU, tp: int, batch: int = 1,
                  parts: dict[str, float] | None = None, fraction: float | None = None) -> float:
    """Bytes the engine gives the KV cache on each GPU beside the weights, workspace and context at `batch`
    (`parts`: serving_memory_bytes at that batch, where worked out already; `fraction`: the engine's memory share,
    where raised above its default)."""
    parts = parts or serving_memory_bytes(workload, gpu, tp, batch)
    return _room_beside(workload, gpu, parts["weights"] + parts["activations"] + parts["overhead"], fraction)


def _room_beside(workload: ServingWorkload, gpu: GPU, fixed: float, fraction: float | None = None) -> float:
    """The KV cache's room beside `fixed` bytes: the engine's share of what is left after them, or of the whole GPU
    less them; static batches allocate exactly their batch's cache, all that is left."""
    profile = workload.profile
    capacity = (gpu.usable_memory_gib or 0.0) * GIB
    if workload.assumptions.static_batching:
        return capacity - fixed
    share = workload.memory_fraction if fraction is None else fraction
    if profile.kv_share_of_free:
        return share * (capacity - fixed)
    return share * capacity - fixed


def fits_memory(workload: ServingWorkload, gpu: GPU, tp: int, batch: int, fraction: float | None = None) -> bool:
    """Whether the weights load and `batch` sequences' KV cache fits in the room the engine gives it (at
    `fraction` of the memory, where raised)."""
    parts = serving_memory_bytes(workload, gpu, tp, batch)
    room = kv_room_bytes(workload, gpu, tp, batch, parts, fraction)
    return room >= 0 and parts["kv_cache"] <= room


def kv_fraction_needed(workload: ServingWorkload, gpu: GPU, tp: int, batch: int) -> float:
    """The engine's memory share `batch` sequences need: the share at which the room the engine gives the KV cache
    (linear in the share, _room_beside) equals their cache (in-flight engines; static batches take all there is)."""
    parts = serving_memory_bytes(workload, gpu, tp, batch)
    fixed = parts["weights"] + parts["activations"] + parts["overhead"]
    at_zero = _room_beside(workload, gpu, fixed, fraction=0.0)
    at_one = _room_beside(workload, gpu, fixed, fraction=1.0)
    return (parts["kv_cache"] - at_zero) / max(at_one - at_zero, 1.0)


def max_batch_for_memory(workload: ServingWorkload, gpu: GPU, tp: int, kv_tokens: float | None = None) -> int:
    """Largest batch whose KV cache (what the engine reserves per sequence, or `kv_tokens` a sequence) fits beside
    the weights and the workspace that batch needs (its logits grow with it, slowly): the room at a batch gives the
    next batch, from one sequence's workspace on (it settles in a step or two), then the last sequence checked."""
    parts = serving_memory_bytes(workload, gpu, tp, 1, kv_tokens)
    resident = parts["weights"] + parts["overhead"]
    per_sequence = parts["kv_cache"]

    def room(batch: int) -> float:
        return _room_beside(workload, gpu, resident + workspace_bytes(workload, tp, batch))

    def fits(batch: int) -> bool:
        left = room(batch)
        return left >= 0 and batch * per_sequence <= left

    batch = max(int(room(1) // per_sequence), 0)
    for _ in range(4):
        following = max(int(room(max(batch, 1)) // per_sequence), 0)
        if following == batch:
            break
        batch = following
    while batch > 0 and not fits(batch):
        batch -= 1
    while fits(batch + 1):
        batch += 1
    return batch


@record
class QueuedRun:
    """A batch of requests submitted together that is more than the engine runs at once: it admits `admitted`
    (what its KV cache holds for their whole length, within its cap on running requests), queues the rest and
    admits them as a round finishes, `rounds` rounds in all, the last one part full (the tail)."""
    requests: int
    admitted: int
    rounds: int
    capped: bool  # the engine's cap on running requests binds, not its KV cache
    output_tokens_per_s: float  # over the whole run
    ttft_s: float  # a full round's: its prompts run before its first decode step
    tpot_s: float  # a full round's decode step


def running_request_cap(workload: ServingWorkload, gpu: GPU, tp: int) -> int | None:
    """The most requests the engine runs at once: the user's setting, else the engine's default on this GPU (one that
    grows with its KV token pool, from the pool its memory share leaves and the model's context length)."""
    if workload.max_running_requests is not None:
        return workload.max_running_requests
    profile, model = workload.profile, workload.model
    default = profile.running_request_cap(gpu)
    if default is None or not profile.running_requests_from_token_pool or not model.max_seq_len:
        return default
    engine_run = replace(workload, assumptions=replace(workload.assumptions, static_batching=False))
    per_token = kv_cache_bytes(model, workload.kv_dtype, 1.0, tp) / workload.pipeline_stages
    pool = max(kv_room_bytes(engine_run, gpu, tp), 0.0) / per_token
    by_context = int(pool / model.max_seq_len * SGLANG_REQUESTS_PER_CONTEXT_OF_POOL)
    return max(1, min(max(by_context, default), SGLANG_MAX_RUNNING_REQUESTS_CEILING, int(pool // 2)))


def round_kv_tokens(workload: ServingWorkload) -> float:
    """KV-cache tokens a request of a round sent together counts against the cache: those its engine's capacity
    policy reserves where the user picks the policy (TensorRT-LLM: GUARANTEED_NO_EVICT its whole length,
    MAX_UTILIZATION what it holds on average, kv_admission); else its whole length, which an engine admitting by the
    cache in use (vLLM, SGLang) preempts a round down to as its requests grow together."""
    if workload.profile.admission_choosable:
        return workload.kv_tokens_reserved
    return float(workload.context_tokens)


def queued_run(workload: ServingWorkload, gpu: GPU, tp: int) -> QueuedRun | None:
    """How an engine that queues what it cannot run (EngineProfile.max_running_requests) serves a batch larger than
    it admits; None where it admits the whole batch, or does not queue. Requests submitted together grow together:
    those a round admits hold their whole length in the KV cache when they end (an engine admitting by the cache in
    use preempts down to that), so a round admits what whole-sequence room holds (where the user picks the engine's
    capacity policy, what that policy reserves: round_kv_tokens), within the cap. A round runs its
    prompts, then its decode steps at the round's batch (the static batch's pass sequence, replica_under_load), and
    the next round is admitted as it finishes: full rounds and a last, part-full one, whose smaller batch reads the
    weights for fewer tokens. A batch within the cap that fits with the memory share raised to TIGHT_MEMORY_FRACTION,
    where a round counts what the admission reserves, runs whole: tight."""
    cap = running_request_cap(workload, gpu, tp)
    if cap is None or not workload.profile.inflight_batching:
        return None
    tokens = round_kv_tokens(workload)
    by_memory = max_batch_for_memory(workload, gpu, tp, tokens)
    admitted = min(by_memory, cap)
    if workload.batch <= admitted or admitted < 1:
        return None
    if workload.batch <= cap and workload.profile.admission_choosable \
            and fits_memory(workload, gpu, tp, workload.batch, TIGHT_MEMORY_FRACTION):
        return None  # it runs whole with the engine's memory share raised: tight (estimate_serving names the setting)
    full, rest = divmod(workload.batch, admitted)
    if workload.output_length_distribution != OutputLengths.FIXED:
        load = dataset_run(workload, gpu, tp, admitted)
        return QueuedRun(workload.batch, admitted, full + (1 if rest else 0), cap < by_memory,
                         load.output_tokens_per_s, load.ttft_s, load.tpot_s)
    round_workload = replace(workload, assumptions=replace(workload.assumptions, static_batching=True))
    full_round = replica_under_load(round_workload, gpu, tp, admitted)
    seconds = full * admitted * workload.output_tokens / full_round.output_tokens_per_s
    if rest:  # the tail: the last round, part full
        seconds += rest * workload.output_tokens / replica_under_load(round_workload, gpu, tp, rest).output_tokens_per_s
    return QueuedRun(workload.batch, admitted, full + (1 if rest else 0), cap < by_memory,
                     workload.batch * workload.output_tokens / seconds, full_round.ttft_s, full_round.tpot_s)


# Batches the decode step is costed at for a dataset run (geometric from one to the admission), the rest interpolated.
STEP_GRID_POINTS = 12


def dataset_run(workload: ServingWorkload, gpu: GPU, tp: int, admitted: int) -> ReplicaLoad:
    """A batch of requests submitted together whose output lengths spread as workload.output_length_distribution
    says, on an engine that batches in flight: at most `admitted` run at once, a queued request starts as another
    ends, and the run lasts until the longest ends (lengths.drain_schedule). Each decode step is costed at its batch
    (decode_step_s on a grid of batches, interpolated) and its requests' mean context (the KV read beyond the mean
    one, at the rate the step's KV read grows with context); prompts run as the first admission's prefill, once per
    admission's worth. TTFT and time per token are the first admission's; throughput is over the whole run. An engine
    that runs padded static batches (no in-flight batching) decodes every row of the batch until its longest ends, its
    cache grown for all of them: the run's steps at the full batch and their mean context."""
    requests = workload.batch
    running = max(min(requests, admitted), 1)
    schedule = drain_schedule(requests, running, workload.output_tokens, workload.output_length_distribution)
    context = workload.mean_kv_tokens
    if not workload.profile.inflight_batching:
        steps = schedule.expected_steps
        ttft = prefill_time_s(workload, gpu, tp, running)
        tpot = decode_step_s(workload, gpu, tp, running, workload.input_tokens + 1.0 + steps / 2.0)
        return ReplicaLoad(ttft, tpot, requests * workload.output_tokens / (ttft + steps * tpot))
    grid = sorted({max(1, round(running ** (k / (STEP_GRID_POINTS - 1)))) for k in range(STEP_GRID_POINTS)})
    times = [decode_step_s(workload, gpu, tp, batch, context) for batch in grid]
    longer = context + workload.output_tokens
    kv_rate = (decode_step_s(workload, gpu, tp, running, longer) - times[-1]) / (running * (longer - context))
    start = workload.input_tokens + 1.0 - context  # a request's context less the mean one, before its first step

    def step_s(batch: np.ndarray | float, age: np.ndarray | float) -> np.ndarray:
        return np.interp(batch, grid, times) + np.asarray(batch) * (start + np.asarray(age)) * kv_rate

    decode = float(schedule.steps @ step_s(schedule.batch, schedule.age)) \
        + schedule.steady_steps * float(step_s(running, schedule.steady_age))
    ttft = prefill_time_s(workload, gpu, tp, running)
    seconds = ttft * requests / running + decode
    return ReplicaLoad(ttft, times[-1], requests * workload.output_tokens / seconds)


def estimate_serving(workload: ServingWorkload, gpu: GPU, tp: int) -> ServingEstimate:
    require_serving_figures(gpu, achieved_flops(gpu, workload))
    queued = queued_run(workload, gpu, tp)
    running = workload if queued is None else replace(workload, batch=queued.admitted)
    memory = serving_memory_bytes(running, gpu, tp, running.batch)
    total = sum(memory.values())
    fits = fits_memory(running, gpu, tp, running.batch)
    # Runs with the engine's memory share raised as far as its own benchmarks raise it: tight, not "does not fit".
    tight = not fits and workload.memory_fraction < TIGHT_MEMORY_FRACTION \
        and fits_memory(running, gpu, tp, running.batch, TIGHT_MEMORY_FRACTION)
    if queued is not None:
        load = ReplicaLoad(queued.ttft_s, queued.tpot_s, queued.output_tokens_per_s)
    elif workload.output_length_distribution != OutputLengths.FIXED:
        load = dataset_run(workload, gpu, tp, workload.batch)
    else:
        load = replica_under_load(running, gpu, tp, running.batch)
    warnings: list[Message] = []
    if compute_precision(gpu, workload.weight_dtype) == Precision.FP32:
        warnings.append(msg("The catalog has no 16-bit tensor rate for {gpu}: its GEMMs are costed at its FP32 rate, "
                            "which it surely reaches, so prompts and large batches come out slower than they may "
                            "run; single-stream decode, which reads memory, is not affected.", gpu=gpu.model))
    if workload.weight_dtype == WeightFormat.FP8 and not gpu.peak_tflops(Precision.FP8):
        warnings.append(msg("{gpu} has no FP8 tensor cores: FP8 weights are upcast, with no compute gain.",
                            gpu=gpu.model))
    if workload.weight_dtype == WeightFormat.FP4:
        if not gpu.peak_tflops(Precision.FP4):
            warnings.append(msg("{gpu} has no FP4 tensor cores: FP4 weights save memory but run as {used} GEMMs.",
                                gpu=gpu.model, used=compute_precision(gpu, WeightFormat.FP4).value.upper()))
        else:
            warnings.append(msg("FP4 serving is checked against published sources that disagree: {sources}. "
                                "Fitted without one, its runs come out {median:.0f}% off in the median and up to "
                                "{worst:.0f}%.", sources=Listing(SERVING_SOURCES["fp4"]),
                                median=SERVING_OUT_OF_SAMPLE_MEDIAN_PCT["fp4"],
                                worst=SERVING_OUT_OF_SAMPLE_MAX_PCT["fp4"]))
    if tp > 1 and not gpu.has_scale_up_fabric:
        warnings.append(pcie_tensor_parallel_warning(
            gpu, msg("{gpu} has no NVLink: tensor parallelism over PCIe adds latency to every token.", gpu=gpu.model)))
    servers = tp_servers(workload, tp)
    if servers > 1:
        warnings.append(msg("Tensor parallelism over {tp} GPUs spans {servers} servers: each layer's two all-reduces "
                            "are priced as NCCL's hierarchical algorithm across servers (HCCL's on Ascend priced "
                            "alike) over their {gbps:g} Gb/s NICs a GPU (the engines' own all-reduce kernels work "
                            "inside one server), {ms:.1f} ms of each decode step here. Checked against one published "
                            "run (SGLang, DeepSeek-R1 on two 8 x H100 servers).",
                            tp=tp, servers=servers, gbps=tp_network_gbps_per_gpu(workload, gpu),
                            ms=_tp_allreduce_s(running, gpu, tp, running.batch) * 1e3))
    memory_gib = {key: value / GIB for key, value in memory.items()}
    memory_gib["total"] = total / GIB
    memory_gib["capacity"] = gpu.usable_memory_gib or 0.0
    if tight:
        need = kv_fraction_needed(workload, gpu, tp, workload.batch)
        warnings.append(msg("Tight: {batch} sequences need {need:.0%} of the memory {engine} shares out, more than "
                            "the {default:.0%} it is given; set its KV-cache memory fraction to {setting:.2f} "
                            "(inference.kv_cache_memory_fraction; TensorRT-LLM's own benchmarks use {most:.2f}).",
                            batch=workload.batch, engine=workload.profile.name, need=need,
                            default=workload.memory_fraction, setting=math.ceil(need * 100) / 100,
                            most=TIGHT_MEMORY_FRACTION))
    return ServingEstimate(tp=tp, fits=fits or tight, memory_gib=memory_gib, ttft_s=load.ttft_s, tpot_s=load.tpot_s,
                           output_tokens_per_s=load.output_tokens_per_s,
                           max_batch=max_batch_for_memory(workload, gpu, tp), warnings=tuple(warnings), tight=tight,
                           queued=queued)


def smallest_fitting_tp(workload: ServingWorkload, gpu: GPU, limit: int, servers: int = 1) -> int:
    """Fewest GPUs per replica (power of two, within a node of `limit`) whose memory holds the weights and one batch;
    where none does, a group over whole servers of `limit` GPUs, up to `servers` of them (tp_servers prices it)."""
    tp = 1
    while tp <= limit:
        if workload.model.heads % tp == 0 and fits_memory(workload, gpu, tp, workload.batch):
            return tp
        tp *= 2
    for spanned in range(2, servers + 1):
        tp = spanned * limit
        if workload.model.heads % tp == 0 and fits_memory(workload, gpu, tp, workload.batch):
            return tp
    return max(t for t in (1, 2, 4, 8, 16, 32, 64) if t <= limit and workload.model.heads % t == 0)


def replicas_for_target(per_replica_tokens_per_s: float, target_tokens_per_s: float) -> int:
    return max(1, math.ceil(target_tokens_per_s / per_replica_tokens_per_s))
