"""What is being trained, on what, and the assumptions behind the estimate (all visible and editable)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import IntEnum, StrEnum
from typing import Any

import numpy as np

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import Calibration
from gpuplanner.core.base.choices import Task
from gpuplanner.core.base.errors import InputError, require_positive
from gpuplanner.core.base.records import record
from gpuplanner.core.hardware.hardware import GPU, Precision
from gpuplanner.core.models.adapters import NF4_DOUBLE_QUANT_BITS_PER_PARAM, AdapterSpec
from gpuplanner.core.models.model import ModelArch
from gpuplanner.core.training.goodput import (
    CHECKPOINT_WRITE_GBS_PER_GPU,
    INTERRUPTIONS_PER_MILLION_GPU_HOURS,
    RESTART_MINUTES,
)


@record
class Layout:
    """How the GPUs split the job: tensor, pipeline and data parallel degrees, ZeRO stage, micro-batch."""
    tp: int
    pp: int
    dp: int
    zero: int
    micro_batch: int
    recompute: str
    sequence_parallel: bool
    virtual_stages: int
    recompute_layers: int | None = None  # layers that recompute; None: all (or none without recomputation)
    cp: int = 1  # context-parallel degree: each sequence split over this many GPUs (ring attention)
    ep: int = 1  # expert-parallel degree: a MoE layer's experts split over this many data-parallel GPUs

    @property
    def degrees(self) -> str:
        """The parallel degrees as practitioners write them, in every language: "TP 8 · CP 16 · PP 16 · DP 4"
        (CP only where the sequence is split, EP only where the experts are)."""
        context = f" · CP {self.cp}" if self.cp > 1 else ""
        experts = f" (EP {self.ep})" if self.ep > 1 else ""
        return f"TP {self.tp}{context} · PP {self.pp} · DP {self.dp}{experts}"


class Optimizer(StrEnum):
    ADAMW = "adamw"
    ADAM_8BIT = "adam8bit"
    SGD = "sgd"
    ADAFACTOR = "adafactor"


# NVFP4 (Blackwell): 4-bit E2M1 values with one FP8 (E4M3) scale per 16, 4.5 bits a value (NVIDIA's NVFP4
# introduction, 2025); the per-tensor FP32 scale is negligible.
NVFP4_BYTES_PER_VALUE = 4.5 / 8.0


class WeightDtype(StrEnum):
    """How the transformer's matrices are stored (`training.weight_dtype`); embeddings, norms and the output head
    stay 16-bit. A workload without one keeps its weights in the compute dtype."""

    BF16 = "bf16"
    FP16 = "fp16"
    # FP8 parameters: Transformer Engine's fp8_model_init (NeMo's fp8_params, Megatron-Core's --fp8-param-gather);
    # the FP8 GEMMs read them directly, the fp32 master copy stays with the optimizer.
    FP8 = "fp8"
    # NVFP4 parameters (Transformer Engine's NVFP4Tensor, as NVIDIA's MLPerf v5.1 FP4 LoRA recipes hold the frozen
    # base): quantized row-wise for the forward GEMM and column-wise for the backward one, both kept.
    FP4 = "fp4"
    NF4 = "nf4"  # QLoRA's 4-bit NormalFloat with double-quantized constants (Dettmers et al. 2023): a frozen base

    @property
    def matmul_bytes(self) -> float:
        """Bytes per stored matrix weight (one FP8 scale per tensor is negligible)."""
        return {WeightDtype.NF4: NF4_DOUBLE_QUANT_BITS_PER_PARAM / 8.0, WeightDtype.FP8: 1.0,
                WeightDtype.FP4: 2.0 * NVFP4_BYTES_PER_VALUE}.get(self, 2.0)

    def read_by(self, precision: Precision) -> bool:
        """Whether GEMMs of `precision` take these weights as stored (else a 16-bit copy is made per layer)."""
        if self is WeightDtype.NF4:
            return False
        if self is WeightDtype.FP8:
            return precision in (Precision.FP8, Precision.FP4)
        if self is WeightDtype.FP4:
            return precision is Precision.FP4
        return precision not in (Precision.FP32, Precision.TF32)  # 16-bit weights under fp32 math are upcast


class Recompute(IntEnum):
    """Activation recomputation (checkpointing), Korthikanti et al. 2022."""

    NONE = 0
    SELECTIVE = 1  # recompute only the attention core (scores, softmax, dropout)
    FULL = 2  # keep only each layer's input and recompute the whole layer in backward

    @classmethod
    def parse(cls, text: str) -> Recompute:
        try:
            return cls[text.upper()]
        except KeyError:
            raise InputError("training.recompute", "must be none, selective or full, got {text!r}", text=text) from None


# The recompute modes as the degrees a Layouts array holds them: numpy compares an array with a float several times
# faster than with an IntEnum member, whose type it searches for array overrides at every comparison.
SELECTIVE_RECOMPUTE, FULL_RECOMPUTE = float(Recompute.SELECTIVE), float(Recompute.FULL)


def assumption(default: Any, minimum: float | None = None, maximum: float | None = None, unit: str = "",
               help: str = "") -> Any:
    """One modelling constant: its default, the range a scenario may set it in, its unit and its help (the scenario
    field table, core.scenario.fields, reads them from here)."""
    return field(default=default, metadata={"assumption": {"minimum": minimum, "maximum": maximum, "unit": unit,
                                                           "help": help}})


@record
class Assumptions:
    """Every modelling constant the user may want to question. Defaults say where they come from; each carries the
    range a scenario may set it in and the help the field table shows."""

    # 16-bit gradients: the DeepSpeed/FSDP default
    gradient_bytes: float = assumption(
        2.0, 1.0, 4.0, "bytes", help="bytes per gradient value (2: 16-bit, 4: fp32 as Megatron-LM 2021)")
    master_weights: bool = assumption(
        True, help="fp32 master copy of the weights in mixed precision; off: pure 16-bit training, whose optimizer "
        "keeps its states in the weights' 16-bit dtype (torchtune, LitGPT bf16-true)")
    # Dao et al. 2022
    flash_attention: bool = assumption(
        True, help="attention scores never stored (FlashAttention); off: written to memory, softmaxed by a fused "
        "causal kernel (Megatron-LM), or op by op over the whole square with fused kernels off")
    # Dropout in the layers, whose masks are stored for the backward pass: Megatron-LM's GPT recipes (0.1); Llama,
    # Qwen and MPT pretrain without it (their configs: attention and hidden dropout 0).
    dropout: bool = assumption(
        False, help="dropout masks stored for the backward pass (Megatron-LM's GPT recipes; Llama, Qwen, MPT: none)")
    # Serving: the engine runs the batch's prompts, then its decode steps (static batching, as older benchmark
    # tables); False: in-flight batching, prompts in the same passes as the running sequences' decode steps.
    static_batching: bool = assumption(
        False, help="serving runs each batch's prompts, then its decode steps (older benchmark tables); off: "
        "in-flight batching, new prompts in the same passes as the running decode steps")
    # Which generation of fused attention kernel the stack runs (core.training.performance.attention_kernel_factor): 3,
    # the best of today (FlashAttention-3 / cuDNN on Hopper, FlashAttention-2 before it); 2, FlashAttention-2 (PyTorch
    # SDPA's flash backend, DeepSpeed); 1, FlashAttention-1 or xformers' memory-efficient attention (2022-23 stacks).
    flash_attention_version: int = assumption(
        3, 1, 3, help="fused attention kernel generation: 3 today's best (FlashAttention-3 / cuDNN on Hopper), 2 "
        "FlashAttention-2 (PyTorch SDPA, DeepSpeed; about half as fast on Hopper), 1 FlashAttention-1 or xformers "
        "(0.62 of FlashAttention-2's rate in a training step)")
    # FP8 recipes that also store the MLP activation function's input (SwiGLU's gate and up, or FC1's output) in FP8
    # for the backward pass: NeMo's fp8_activation_input_store, set in NVIDIA's and AMD's MLPerf LoRA recipes.
    fp8_activation_inputs: bool = assumption(
        False, help="FP8 training also stores the MLP activation function's input in FP8 (NeMo's "
        "fp8_activation_input_store, MLPerf LoRA recipes)")
    # FP8 training also runs the attention core (QK^T, softmax, PV) in FP8: Transformer Engine's FP8 dot-product
    # attention (fp8_dot_product_attention, FP8_DPA=1 in NVIDIA's, Dell's, Krai's and Nebius's MLPerf v5.1 recipes);
    # off: the attention core in 16-bit, as most FP8 recipes run it. core.training.performance.FP8_ATTENTION_SPEEDUP.
    fp8_attention: bool = assumption(
        False, help="FP8 training also runs the attention core in FP8 (Transformer Engine's FP8 dot-product "
        "attention, FP8_DPA=1 in NVIDIA's MLPerf recipes); off: attention in 16-bit")
    # Norms, rotary and the activation function run as fused kernels (Transformer Engine, Megatron-LM, Liger,
    # torch.compile); False: eager PyTorch, one elementary op a kernel, as Hugging Face's Llama-family modules run
    # without torch.compile (core/models/elementwise.py). Only gated (Llama-family) models change.
    fused_elementwise: bool = assumption(
        True, help="norms, rotary and SwiGLU run as fused kernels (Transformer Engine, Megatron-LM, Liger, "
        "torch.compile); off: eager PyTorch, one op a kernel (Hugging Face models without torch.compile: several "
        "times the memory traffic; without FlashAttention, each score of the square passes through memory about seven "
        "times a pass)")
    # The loss over the vocabulary runs in fp32 (Megatron-LM 2021-24, both its fused and unfused vocab-parallel
    # cross-entropy: the logits cast to fp32, their max, exp, sum and softmax written in fp32, the gradient too);
    # off: a kernel that reads the 16-bit logits and writes their gradient in place (Transformer Engine's, Liger's,
    # FlashAttention's fused cross-entropy). core/elementwise.cross_entropy_bytes_per_token.
    loss_fp32: bool = assumption(
        False, help="the loss over the vocabulary runs in fp32 (Megatron-LM 2021-24: 4.5 x the memory traffic of a "
        "fused 16-bit cross-entropy such as Transformer Engine's or Liger's)")
    # Bytes a token keeps per vocabulary entry at the loss's peak: 6, fp32 logits beside their 16-bit copy (Megatron's
    # vocab-parallel cross-entropy); 12, Hugging Face Transformers, which upcasts the whole logits to fp32 before the
    # loss (transformers/loss/loss_utils.py ForCausalLMLoss) and keeps their log-softmax and its gradient beside them.
    logits_bytes: float = assumption(
        6.0, 0.0, 32.0, "bytes", help="bytes a token keeps per vocabulary entry at the loss (6: fp32 logits and their "
        "16-bit copy, Megatron; 12: Hugging Face Transformers, which upcasts every logit to fp32 and keeps its "
        "log-softmax and gradient; 0: a chunked loss such as Liger's or LitGPT's)")
    cuda_context_gib: float = assumption(0.75, 0.0, 16.0, "GiB")  # CUDA context + cuBLAS/cuDNN workspaces, per process
    nccl_buffers_gib: float = assumption(0.5, 0.0, 16.0, "GiB")  # NCCL channel buffers when the GPU talks to peers
    fragmentation: float = assumption(
        0.08, 0.0, 1.0, help="caching-allocator slack, a share of tensor memory (reserved but not allocated)")
    # Achieved bus bandwidth / link peak (NCCL tests) over PCIe, and over a scale-up fabric for a collective its
    # catalog row gives no measured share of (core.hardware.fabric).
    link_efficiency: float = assumption(0.75, 0.01, 1.0)
    network_efficiency: float = assumption(0.80, 0.01, 1.0)  # achieved bus bandwidth / NIC line rate
    # Data-parallel collectives spanning nodes striped over every NIC of a node: NCCL's rings cross a node once per
    # channel, one channel per NIC on a rail-optimized fabric, so a ring has the NICs of all its ranks in the node.
    # Off (the default, which the published runs fit best overall): each rank's whole volume through its own NIC
    # share. MosaicML's FSDP runs on H100 need it on (calibration/replay.fsdp_scale_out_cases); the 2021 ZeRO-3,
    # Cisco's Ethernet and LLaMA-65B runs are slower than it predicts.
    node_striped_collectives: bool = assumption(
        False, help="data-parallel traffic across nodes uses every NIC of a node (NCCL rings on a rail-optimized "
        "fabric; MosaicML's FSDP runs on H100 behave so); off: each GPU's traffic through its own NIC")
    collective_latency_s: float = assumption(
        20e-6, 0.0, 1.0, "s", help="latency of one step of a collective: a ring all-reduce over n GPUs pays it "
        "2 (n - 1) times, a point-to-point send once (the public training runs fit 20 us better than NCCL's own tuning "
        "model, 3.4 us a step over NVLink and 9.6 us over the network)")
    # bucketed DDP
    dp_overlap: float = assumption(0.8, 0.0, 1.0, help="share of the gradient traffic hidden behind the backward pass")
    # Transformer Engine's userbuffer overlap. 0 by default: on the public runs an overlap does not lower the
    # out-of-sample error overall (benchmarks/crossval.py; 0.3 / 0.5 / 0.7 trade Hopper 16-bit against Hopper FP8 and
    # LLaMA-65B).
    tp_overlap: float = assumption(
        0.0, 0.0, 1.0, help="share of the tensor-parallel collectives hidden behind the GEMMs (Transformer Engine "
        "overlap)")
    # Share of the MoE all-to-all (token dispatch and combine) hidden behind compute: 0 for a plain implementation;
    # DeepSeek-V3's DualPipe overlaps nearly all of it (DeepSeek-V3 report, Sec. 3.2.1).
    ep_overlap: float = assumption(
        0.0, 0.0, 1.0, help="share of the MoE all-to-all hidden behind compute (DeepSeek-V3's DualPipe: nearly all)")
    # MoE dispatch that sends a token over the network once per destination node and forwards it over NVLink there
    # (DeepEP, used by Megatron-Core, NeMo and SGLang; DeepSeek-V3 report, Sec. 3.2.2), not once per remote expert
    # (a plain NCCL all-to-all).
    ep_node_forwarding: bool = assumption(
        True, help="MoE dispatch sends a token over the network once per destination node and forwards it over NVLink "
        "there (DeepEP); off: once per remote expert (a plain all-to-all)")
    # Context parallelism by DeepSpeed-Ulysses (Jacobs et al. 2023): before attention an all-to-all turns the
    # sequence-split Q, K and V into head-split ones over the whole sequence, and one after it turns the output back
    # (4 all-to-alls a layer forward, 4 backward), none hidden behind compute; each GPU attends for heads / cp of the
    # heads. Off: ring attention (Megatron-Core's context parallelism), its K / V passed round the ring.
    ulysses_attention: bool = assumption(
        False, help="context parallelism by all-to-all over the attention heads (DeepSpeed-Ulysses: each GPU "
        "attends over the whole sequence for heads / cp of the heads); off: ring attention")
    # XTuner's attention (xtuner/model/modules/dispatch/llama.py, 2024) repeats a grouped-query model's key / value
    # heads to the query heads' count (repeat_kv) before its Ulysses all-to-alls (sequence_parallel_wrapper), so they
    # move K and V at the query heads' width; off: at the key / value heads' own width.
    ulysses_repeats_kv: bool = assumption(
        False, help="DeepSpeed-Ulysses all-to-alls move K and V repeated to every query head (XTuner repeats a "
        "grouped-query model's key / value heads first); off: at the key / value heads' own width")
    # DeepSpeed's engine reduces the gradients at every micro-batch from ZeRO-2 on, not only at the accumulation
    # boundary (deepspeed/runtime/engine.py, allreduce_gradients: "ZeRO stage >= 2 communicates during non gradient
    # accumulation boundaries as well"): each GPU owns a shard of the gradients, so each backward reduce-scatters
    # its own. Off: once a step, as DDP's no_sync and Megatron's distributed optimizer accumulate locally first.
    zero_reduces_each_microbatch: bool = assumption(
        False, help="from ZeRO-2 on the gradients are reduce-scattered after every micro-batch (DeepSpeed's engine), "
        "not once a step")
    # The routed experts run one after another, each its own small GEMMs and element-wise kernels on the tokens
    # routed to it (Hugging Face Transformers before v5: a Python loop over the experts), not as grouped GEMMs.
    # Under ZeRO-3 each expert's weight matrices are then fetched on demand, one gather at a time: the order the
    # experts run in changes every step, so DeepSpeed's prefetch trace never holds (DeepSpeed PR 4966).
    moe_expert_loop: bool = assumption(
        False, help="MoE experts run one after another, each its own GEMMs (Hugging Face Transformers before v5); "
        "under ZeRO-3 each expert's weights are then gathered on demand, one at a time; off: grouped GEMMs")
    # MoE routing imbalance: tokens the busiest expert-parallel rank receives over the mean (1: balanced, as the
    # aux-loss-free balancing of DeepSeek-V3 and NeMo's benchmark recipes aim for; GShard's capacity factor 1.25).
    moe_load_imbalance: float = assumption(
        1.0, 1.0, 8.0, help="tokens the busiest expert-parallel GPU gets over the mean (1 balanced; GShard's capacity "
        "factor 1.25)")
    # The share of a dense GEMM's efficiency an MoE layer's routed experts reach, end to end: the grouped GEMMs of
    # uneven sizes and the work around them that a FLOP count misses (router, token permutation and its inverse,
    # waiting for the busiest expert). Fitted on the published MoE pretraining runs (benchmarks/crossval.py, judged
    # leave-one-group-out: calibration/published_fit.py) and applied to serving too, whose MoE runs judge it
    # (calibration/refit_serving.py); 1: the experts run as fast as dense GEMMs of their size.
    moe_expert_efficiency: float = assumption(
        PUBLISHED.moe_expert_efficiency, 0.05, 1.0, help="share of a dense GEMM's efficiency an MoE layer's routed "
        "experts reach, routing and token permutation included (fitted on published MoE pretraining runs, judged by "
        "the serving ones; 1: as fast as dense GEMMs)")
    # ZeRO-3 prefetches the next layer's weights while computing; this share of the all-gathers stays exposed even
    # when compute could hide them (the first layer's gather, prefetch start-up). A planning default, not measured.
    gather_exposed_share: float = assumption(0.1, 0.0, 1.0)
    compute_efficiency_scale: float = assumption(
        1.0, 0.01, 2.0, help="multiplies the calibrated GEMM efficiency (what-if)")
    # Goodput (core/training/goodput.py): job interruptions per million GPU-hours (Llama 3: 419 in 54 days on 16,384
    # H100), checkpoint write bandwidth per GPU (Llama 3's storage: 2 TB/s for 16K GPUs), minutes to restart.
    interruptions_per_million_gpu_hours: float = assumption(
        INTERRUPTIONS_PER_MILLION_GPU_HOURS, 0.0, 1e6, "per million GPU-hours",
        help="job interruptions (Llama 3: 419 in 54 days on 16,384 GPUs)")
    checkpoint_write_gbs_per_gpu: float = assumption(
        CHECKPOINT_WRITE_GBS_PER_GPU, 0.001, 1000.0, "GB/s",
        help="checkpoint write bandwidth per GPU (Llama 3: 2 TB/s for 16K GPUs)")
    restart_minutes: float = assumption(
        RESTART_MINUTES, 0.0, 1440.0, "min", help="minutes from an interruption back to training")

    @classmethod
    def from_mapping(cls, values: dict[str, object]) -> Assumptions:
        known = {f.name: f for f in fields(cls)}
        kwargs: dict[str, float | bool] = {}
        for key, value in values.items():
            if key not in known:
                raise InputError(f"assumptions.{key}", "unknown assumption")
            if known[key].type == "bool":
                if not isinstance(value, bool):
                    raise InputError(f"assumptions.{key}", "must be true or false")
                kwargs[key] = value
            else:
                kwargs[key] = require_positive(f"assumptions.{key}", value, allow_zero=True)
        # Each value is checked against its own field's kind above, a pairing of names and types no checker follows.
        return cls(**kwargs)  # type: ignore[arg-type]


@record
class TrainingWorkload:
    model: ModelArch
    task: Task = Task.PRETRAIN
    seq_len: int = 4096
    global_batch: int = 1024  # sequences per optimizer step
    tokens: float = 2e12
    precision: Precision = Precision.BF16
    optimizer: Optimizer = Optimizer.ADAMW
    adapter: AdapterSpec | None = None  # LoRA / QLoRA: the base is frozen, only adapters train
    weight_dtype: WeightDtype | None = None  # stored matrices (QLoRA: NF4); None: the compute dtype
    calibration: Calibration = PUBLISHED  # the fitted GEMM efficiencies its step time runs on

    @property
    def tokens_per_step(self) -> int:
        return self.global_batch * self.seq_len

    @property
    def dequantizes_weights(self) -> bool:
        """The GEMMs cannot read the stored matrices: NF4 (QLoRA), or FP8 / FP4 under wider compute, dequantized to
        16-bit one layer at a time in each pass."""
        return self.weight_dtype is not None and not self.weight_dtype.read_by(self.precision)

    @property
    def steps(self) -> float:
        return self.tokens / self.tokens_per_step


@record
class Cluster:
    gpu: GPU
    count: int
    gpus_per_node: int = 8
    network_gbps_per_node: float | None = None  # None: the default for the GPU class

    @property
    def nodes(self) -> int:
        return -(-self.count // self.gpus_per_node)

    @property
    def network_gbps(self) -> float:
        """Node's inter-node bandwidth: given, else the default for its GPU (default_network_gbps_per_node)."""
        if self.network_gbps_per_node is not None:
            return self.network_gbps_per_node
        return default_network_gbps_per_node(self.gpu, self.gpus_per_node)


# The scale-out port a GPU is planned with when its fabric row states none: one 200 Gb/s HDR port (DGX A100 User
# Guide: 8 x ConnectX-6 200 Gb/s for 8 GPUs), the slower of the two generations the catalog's baseboards use.
DEFAULT_SCALE_OUT_PORT_GBPS = 200.0
# A PCIe server's inter-node network: 2 x 100 GbE (a typical dual-port ConnectX NIC), whatever its GPU count.
PCIE_SERVER_NETWORK_GBPS = 200.0


def stated_scale_out_port_gbps(gpu: GPU) -> float | None:
    """The scale-out NIC port the catalog states for the GPU's servers (its fabric row's nic_gbps_per_gpu); None
    where it states none."""
    return None if gpu.fabric is None else gpu.fabric.nic_gbps_per_gpu


def scale_out_port_gbps(gpu: GPU) -> float:
    """One NIC port per GPU: the figure its fabric row states (DGX H100 / B200: 400 Gb/s; DGX A100: 200), else
    DEFAULT_SCALE_OUT_PORT_GBPS."""
    stated = stated_scale_out_port_gbps(gpu)
    return DEFAULT_SCALE_OUT_PORT_GBPS if stated is None else stated


def default_network_gbps_per_node(gpu: GPU, gpus_per_node: int) -> float:
    """SXM/OAM nodes carry a port per GPU; PCIe servers 2 x 100 GbE per node."""
    return scale_out_port_gbps(gpu) * gpus_per_node if gpu.is_sxm_class else PCIE_SERVER_NETWORK_GBPS


@dataclass
class Layouts:
    """A batch of parallel layouts as parallel numpy arrays (one entry per candidate)."""

    tp: np.ndarray
    pp: np.ndarray
    dp: np.ndarray
    micro_batch: np.ndarray
    zero: np.ndarray
    recompute: np.ndarray
    sequence_parallel: np.ndarray
    virtual_stages: np.ndarray
    # Layers (of the whole model) that recompute, where recompute is on; None: all of them.
    recompute_layers: np.ndarray | None = None
    # Index of the same layout without recomputation (-1: none enumerated, or this one has none); only on a whole
    # enumeration (take() leaves it out: its indices are the enumeration's).
    no_recompute_twin: np.ndarray | None = None
    # Context-parallel degree: each sequence split over this many GPUs (ring attention); None: 1 everywhere.
    cp: np.ndarray | None = None
    # Expert-parallel degree: a MoE layer's experts split over this many data-parallel GPUs; None: 1 everywhere.
    ep: np.ndarray | None = None
    # Every degree as a row of one (11, n) array, the fields above its rows (layout.TABLE_COLUMNS): only on a whole
    # enumeration, as no_recompute_twin.
    table: np.ndarray | None = None
    # For each pair of ZeRO stages (layout.ZERO_TWIN_STAGES), the index of the same layout at the pair's other stage
    # (-1: none enumerated, or this one is at neither); only on a whole enumeration, as no_recompute_twin.
    zero_twins: tuple[np.ndarray, ...] = ()

    @property
    def context(self) -> np.ndarray:
        """The context-parallel degree of each layout (1 without context parallelism)."""
        return np.ones_like(self.tp) if self.cp is None else self.cp

    @property
    def experts(self) -> np.ndarray:
        """The expert-parallel degree of each layout (1 without expert parallelism)."""
        return np.ones_like(self.tp) if self.ep is None else self.ep

    def __len__(self) -> int:
        return int(self.tp.shape[0])

    @classmethod
    def single(cls, tp: int, pp: int, dp: int, micro_batch: int, zero: int, recompute: int,
               sequence_parallel: bool, virtual_stages: int) -> Layouts:
        def one(value: float) -> np.ndarray:
            return np.array([value], dtype=np.float64)

        return cls(one(tp), one(pp), one(dp), one(micro_batch), one(zero), one(recompute),
                   one(1.0 if sequence_parallel else 0.0), one(virtual_stages))

    def take(self, index: np.ndarray | int) -> Layouts:
        pick = np.atleast_1d(index)  # (rows by index: take, cheaper than numpy's general indexing)
        return Layouts(self.tp.take(pick), self.pp.take(pick), self.dp.take(pick), self.micro_batch.take(pick),
                       self.zero.take(pick), self.recompute.take(pick), self.sequence_parallel.take(pick),
                       self.virtual_stages.take(pick),
                       None if self.recompute_layers is None else self.recompute_layers.take(pick),
                       cp=None if self.cp is None else self.cp.take(pick),
                       ep=None if self.ep is None else self.ep.take(pick))

    def without_recompute(self) -> Layouts:
        """The same layouts with no activation recomputation (what a layer holds when nothing is recomputed)."""
        return Layouts(self.tp, self.pp, self.dp, self.micro_batch, self.zero, np.zeros_like(self.tp),
                       self.sequence_parallel, self.virtual_stages, cp=self.cp, ep=self.ep)

    def recompute_share(self, layers: int) -> np.ndarray:
        """Share of the layers that recompute (1 where all do; 0 without recomputation)."""
        if self.recompute_layers is None:
            return np.where(self.recompute > 0, 1.0, 0.0)
        return np.where(self.recompute > 0, np.minimum(self.recompute_layers / layers, 1.0), 0.0)

    def describe(self, i: int) -> Layout:
        """Layout i as a record; a whole enumeration's (kept for as long as its shape is, and searched for every
        GPU and count of it) keeps each one it described, the records being immutable."""
        if self.table is None:
            return self._described(i)
        kept = self.__dict__.setdefault("_described_rows", {})
        found = kept.get(i)
        if found is None:
            found = kept[i] = self._described(i)
        return found

    def _described(self, i: int) -> Layout:
        return Layout(tp=int(self.tp[i]), pp=int(self.pp[i]), dp=int(self.dp[i]), zero=int(self.zero[i]),
                      micro_batch=int(self.micro_batch[i]), recompute=Recompute(int(self.recompute[i])).name.lower(),
                      sequence_parallel=bool(self.sequence_parallel[i]),
                      virtual_stages=int(self.virtual_stages[i]),
                      recompute_layers=None if self.recompute_layers is None or self.recompute[i] == 0
                      else int(self.recompute_layers[i]),
                      cp=1 if self.cp is None else int(self.cp[i]), ep=1 if self.ep is None else int(self.ep[i]))
