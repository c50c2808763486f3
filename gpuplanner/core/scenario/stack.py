"""Software-stack profiles (scenario key `stack`): what a training framework does that the estimate would otherwise
assume at its modern best. Each profile fixes some assumptions and limits the layout search to what the
framework can run; an assumption or a layout value the user sets in the scenario wins over the profile. Every
estimate reports which settings came from the profile, which were the user's and which were searched."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from gpuplanner.core.base.messages import msg
from gpuplanner.core.base.records import record


class Stack(StrEnum):
    MEGATRON_2021 = "megatron-2021"
    MEGATRON_CORE = "megatron-core"
    DEEPSPEED = "deepspeed"
    DEEPSPEED_PIPELINE = "deepspeed-pipeline"
    FSDP = "fsdp"
    TORCHTITAN = "torchtitan"
    HF_TRANSFORMERS = "hf-transformers"


@record
class StackProfile:
    name: str
    source: str  # where its behaviour is documented
    assumptions: Mapping[str, float | bool]  # Assumptions fields it fixes
    tensor_parallel: bool  # the framework itself splits layers over GPUs
    pipeline_parallel: bool
    zero_stages: tuple[int, ...]  # sharding it offers (0: plain data parallel)
    context_parallel: bool = False  # it splits long sequences over GPUs (ring attention, or Ulysses' all-to-all)
    expert_parallel: bool = False  # it splits a MoE layer's experts over GPUs


PROFILES: dict[Stack, StackProfile] = {
    Stack.MEGATRON_2021: StackProfile(
        Stack.MEGATRON_2021.value, msg("Narayanan et al. 2021 (PTD-P); Korthikanti et al. 2022, Sec. 6.3: fp32 "
                                       "gradients, no FlashAttention, gradient all-reduce after the backward pass, "
                                       "dropout 0.1, the loss in fp32"),
        {"gradient_bytes": 4.0, "flash_attention": False, "dp_overlap": 0.0, "tp_overlap": 0.0, "dropout": True,
         "loss_fp32": True},
        tensor_parallel=True, pipeline_parallel=True, zero_stages=(0,)),
    # Gradients in fp32: Megatron-LM sets accumulate_allreduce_grads_in_fp32 under --bf16 (megatron/training/
    # arguments.py), NeMo's bf16 mixed-precision plugin grad_reduce_in_fp32=True; its distributed-optimizer guide
    # counts 6 + 12/d bytes a parameter for bf16 parameters with fp32 gradients (docs: dist_optimizer.md).
    Stack.MEGATRON_CORE: StackProfile(
        Stack.MEGATRON_CORE.value, msg("Megatron-Core / NeMo with Transformer Engine (2024+): FlashAttention, "
                                       "sequence parallelism with TP, gradients kept and reduced in fp32 "
                                       "(overlapped), distributed optimizer (ZeRO-1), context parallelism"),
        {"gradient_bytes": 4.0}, tensor_parallel=True, pipeline_parallel=True, zero_stages=(0, 1),
        context_parallel=True, expert_parallel=True),
    Stack.DEEPSPEED: StackProfile(
        Stack.DEEPSPEED.value, msg("DeepSpeed ZeRO (stages 0-3, overlap_comm; from ZeRO-2 on the gradients "
                                   "reduce-scattered after every micro-batch), DeepSpeed-MoE expert parallelism "
                                   "(a plain all-to-all) and DeepSpeed-Ulysses sequence parallelism; no tensor or "
                                   "pipeline parallelism of its own; the model's FlashAttention-2"),
        {"flash_attention_version": 2, "ep_node_forwarding": False, "ulysses_attention": True,
         "zero_reduces_each_microbatch": True},
        tensor_parallel=False, pipeline_parallel=False, zero_stages=(0, 1, 2, 3), context_parallel=True,
        expert_parallel=True),
    Stack.DEEPSPEED_PIPELINE: StackProfile(
        Stack.DEEPSPEED_PIPELINE.value, msg("DeepSpeed PipelineModule: pipeline parallelism with ZeRO-1 at most "
                                            "(ZeRO-2/3 are not supported with pipelines); the model's "
                                            "FlashAttention-2"), {"flash_attention_version": 2},
        tensor_parallel=False, pipeline_parallel=True, zero_stages=(0, 1)),
    Stack.FSDP: StackProfile(
        Stack.FSDP.value, msg("PyTorch FSDP / FSDP2: NO_SHARD, SHARD_GRAD_OP (ZeRO-2) or FULL_SHARD (ZeRO-3), "
                              "SDPA FlashAttention-2; no tensor or pipeline parallelism"),
        {"flash_attention_version": 2}, tensor_parallel=False, pipeline_parallel=False, zero_stages=(0, 2, 3)),
    Stack.TORCHTITAN: StackProfile(
        Stack.TORCHTITAN.value, msg("torchtitan: FSDP2 (ZeRO-2/3) with tensor parallelism (sequence parallel), "
                                    "pipeline, context and expert parallelism"),
        {}, tensor_parallel=True, pipeline_parallel=True, zero_stages=(0, 2, 3), context_parallel=True,
        expert_parallel=True),
    Stack.HF_TRANSFORMERS: StackProfile(
        Stack.HF_TRANSFORMERS.value, msg("Hugging Face Transformers with PEFT (Trainer / Accelerate), as "
                                         "fine-tuning tools run it: the model's modules op by op (no torch.compile, "
                                         "no fused kernels), SDPA FlashAttention-2, the loss over logits upcast to "
                                         "fp32, MoE experts one by one (before Transformers v5), DeepSpeed ZeRO "
                                         "or FSDP, DeepSpeed-Ulysses sequence parallelism; no tensor or pipeline "
                                         "parallelism"),
        {"fused_elementwise": False, "flash_attention_version": 2, "logits_bytes": 12.0, "ulysses_attention": True,
         "ulysses_repeats_kv": True, "moe_expert_loop": True}, tensor_parallel=False, pipeline_parallel=False,
        zero_stages=(0, 1, 2, 3), context_parallel=True),
}
# No `stack` in the scenario: the best of the modern stacks, every layout any of them runs (FlashAttention,
# sequence parallelism with TP, overlapped gradient reduce, ZeRO 0-3).
MODERN = StackProfile("modern", msg("the best of the modern stacks: FlashAttention, sequence parallelism with TP, "
                                   "overlapped gradient reduce, ZeRO 0-3, context parallelism for long sequences, "
                                   "expert parallelism for MoE (no stack chosen)"),
                      {}, tensor_parallel=True, pipeline_parallel=True, zero_stages=(0, 1, 2, 3), context_parallel=True,
                      expert_parallel=True)


def profile_for(stack: Stack | None) -> StackProfile:
    return MODERN if stack is None else PROFILES[stack]
