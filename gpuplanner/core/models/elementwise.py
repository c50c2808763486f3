"""Memory-bound operators of a transformer layer, one by one: the bytes each moves through HBM per token.

Norms, residual adds, rotary embeddings, the MLP's activation function, dropout, the softmax over stored attention
scores (no FlashAttention), the casts that feed FP8 / FP4 GEMMs, an MoE layer's token permutation and the output
head's cross-entropy do almost no arithmetic: each reads its inputs and writes its outputs once (the fused kernels
of Transformer Engine, Megatron-LM, TensorRT-LLM and torch.compile), so its time is its bytes over HBM bandwidth
(Williams et al. 2009, roofline). Training and serving both cost them from here; training adds each operator's
backward (the gradient of a norm reads its input and the incoming gradient and writes one: 3 tensors for the
forward's 2; SwiGLU's reads gate, up and the gradient and writes two: 5 for 3).

Widths per token (elements): hidden h, the attention's Q, K and V widths and its output, and the MLP width a token
passes through (an MoE token's routed and shared experts together). Tensor parallelism splits the head- and
MLP-wide operators; the hidden-wide ones are replicated on every rank unless sequence parallelism splits them too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpuplanner.core.base.records import record
from gpuplanner.core.models.model import ModelArch

if TYPE_CHECKING:
    import numpy as np


@record
class LayerTraffic:
    """Bytes per token of one transformer layer's memory-bound operators (the mean over the layers for MoE models
    with dense layers), by how tensor parallelism divides them; the cast figures are per GPU row where the
    quantized copies are (several GPUs' layouts evaluated together)."""

    replicated_forward: np.ndarray | float  # hidden-wide: norms, residual adds, dropout, MoE permutation, their casts
    replicated_backward: np.ndarray | float
    split_forward: np.ndarray | float  # head- or MLP-wide: rotary, activation function, their casts
    split_backward: np.ndarray | float
    scores_forward: float  # per token per score position: the stored scores' traffic (no FlashAttention)
    scores_backward: float
    scores_full_square: bool = False  # the scores cover every position, masked ones too (not only the causal ones)


def mlp_copies_per_token(model: ModelArch) -> float:
    """How many copies of a token's hidden state enter MLP GEMMs, over the layers: one in a dense layer, one per
    routed and shared expert in an MoE layer (each expert multiplies its own permuted copy)."""
    if not model.is_moe:
        return 1.0
    return (model.moe_layers * (model.experts_per_token + model.shared_experts) + model.dense_layers) / model.layers


# Eager PyTorch (no torch.compile, no fused kernels) runs Hugging Face's Llama-family modules one elementary op per
# kernel (transformers' modeling_llama.py). Bytes per element with 16-bit activations, in units of act_bytes:
# LlamaRMSNorm casts to fp32 (read 2, write 4), squares (4, 4), takes the mean (4), scales (4, 4), casts back
# (4, 2) and multiplies by its weight (2, 2): 18 units for the fused kernel's 2; its autograd backward about 30
# for 3. rotate_half's rotary multiplies by cos, negates half, concatenates, multiplies by sin and adds: about 10
# units a pass for 2. SwiGLU as act_fn(gate) * up: SiLU (read, write), then the product (read 2, write 1): 5 units
# per MLP value for 3, and its backward 9 for 5. Residual adds are one kernel either way; GeLU and LayerNorm
# (models with a plain MLP: GPT, MPT) are single kernels in eager PyTorch too, so only gated models change.
EAGER_NORM_FORWARD, EAGER_NORM_BACKWARD = 18.0, 30.0
EAGER_ROTARY_PASS = 10.0
EAGER_SWIGLU_FORWARD, EAGER_SWIGLU_BACKWARD = 5.0, 9.0


def layer_traffic(model: ModelArch, act_bytes: float, *, quantized_bytes: float = 0.0,
                  quantized_copies: np.ndarray | float = 1.0,
                  dropout: bool = False, flash_attention: bool = True, training: bool = True,
                  eager: bool = False) -> LayerTraffic:
    """Bytes per token of one layer's memory-bound operators, forward and (training) backward.

    act_bytes: the activations' dtype (2 for 16-bit, 4 for fp32 / tf32). quantized_bytes: with FP8 / FP4 GEMMs the
    bytes of a quantized value (0: the GEMMs read 16-bit activations); quantized_copies: the quantized copies each
    cast writes (Transformer Engine writes a transposed one for the weight-gradient GEMM where FP8 GEMMs take only
    the TN layout: core.training.performance.quantized_weight_copies decides it for weights and activations alike).
    eager: a gated (Llama-family) model's norms, rotary and SwiGLU run unfused, as eager PyTorch runs them, and without
    FlashAttention the stored scores go through HBM op by op over the whole square.
    """
    h, e = float(model.hidden), act_bytes
    qkv = float(model.q_width + model.kv_dim + model.kv_heads * model.value_head_dim)
    # Rotary turns Q and K; multi-head latent attention only their decoupled rotary parts (each head's query part
    # and one shared key, DeepSeek-V2 Sec. 2.1.3).
    rotated = float((model.heads + 1) * model.rope_head_dim if model.is_mla else model.q_width + model.kv_dim)
    mlp = model.mean_active_ffn_width
    mlp_out = mlp * (2.0 if model.gated_mlp else 1.0)  # FC1's output: gate and up for SwiGLU
    copies = mlp_copies_per_token(model)
    moe_share = model.moe_layers / model.layers if model.is_moe else 0.0
    routed = float(model.experts_per_token)

    unfused = eager and model.gated_mlp
    norm_fwd, norm_bwd = (EAGER_NORM_FORWARD, EAGER_NORM_BACKWARD) if unfused else (2.0, 3.0)
    rotary = EAGER_ROTARY_PASS if unfused else 2.0
    # Forward, replicated: 2 norms (read h, write h), 2 residual adds (read 2h, write h), dropout on both branches
    # (fused with the add: a 1-byte mask written), an MoE layer's permutation of its tokens to their top-k experts
    # and back (read h, write k h; read k h, write h).
    replicated_fwd: np.ndarray | float = 2 * norm_fwd * h * e + 2 * 3 * h * e + (2 * h if dropout else 0.0) \
        + moe_share * 2 * (routed + 1) * h * e
    # Backward: a norm reads x and dy and writes dx; the residual adds sum two gradients (read 2h, write h); dropout
    # reads its mask; the permutation's gradient moves what the forward moved.
    replicated_bwd: np.ndarray | float = 2 * norm_bwd * h * e + 2 * 3 * h * e + (2 * h if dropout else 0.0) \
        + moe_share * 2 * (routed + 1) * h * e
    # Forward, split: rotary on Q and K (read, write); the activation function: SwiGLU reads gate and up and writes
    # their product, GeLU reads and writes FC1's output.
    activation_fwd = EAGER_SWIGLU_FORWARD * mlp if unfused else mlp_out + mlp
    split_fwd: np.ndarray | float = rotary * rotated * e + activation_fwd * e
    # Backward: rotary's gradient the same; SwiGLU reads gate, up and the gradient and writes both gradients (GeLU:
    # reads its input and the gradient, writes one).
    activation_bwd = EAGER_SWIGLU_BACKWARD * mlp if unfused else (2 * mlp_out + mlp if model.gated_mlp else 3 * mlp)
    split_bwd: np.ndarray | float = rotary * rotated * e + activation_bwd * e

    if quantized_bytes:
        written = quantized_bytes * quantized_copies
        # Each GEMM input is cast before it is multiplied (read 16-bit, write the quantized copies): the QKV and FC1
        # inputs are hidden-wide (FC1's once per expert copy), the projection's and FC2's head- and MLP-wide.
        replicated_fwd += (1.0 + copies) * h * (e + written)
        split_fwd += (float(model.o_width) + mlp) * (e + written)
        if training:
            # The backward's data- and weight-gradient GEMMs take the incoming gradients quantized: those of the
            # projection's and FC2's outputs (hidden-wide), of QKV's and FC1's (head- and MLP-wide).
            replicated_bwd += (1.0 + copies) * h * (e + written)
            split_bwd += (qkv + mlp_out) * (e + written)

    # Without FlashAttention the scores are written, softmaxed and (with dropout) masked in HBM. Fused (Megatron-LM's
    # scaled_upper_triang_masked_softmax): per causal position the softmax reads and writes them, dropout reads
    # them, writes its output and a 1-byte mask; the backward reads probabilities and gradient and writes the
    # gradient (dropout: the mask and the gradient in, one gradient out); the kernel touches each row only up to its
    # diagonal. Eager (a model's own attention in PyTorch ops, e.g. flash_attn/modules/mha.py SelfAttention): every
    # position of the square, masked or not, goes through HBM op by op: the QK^T GEMM writes the scores, the causal
    # mask is added (read scores and mask, write), softmax (read, write), the PV GEMM reads the probabilities: 7
    # values; backward: the dP GEMM writes, the dV GEMM reads P, softmax's backward reads P and dP and writes dS,
    # the dQ and dK GEMMs read dS: 7. Per head; the caller multiplies by the positions (full_square: all of them).
    if flash_attention:
        scores_fwd = scores_bwd = 0.0
    else:
        heads = float(model.heads)
        dropped = (2 * e + 1) if dropout else 0.0
        scores_fwd = heads * ((7 * e if eager else 2 * e) + dropped)
        scores_bwd = heads * ((7 * e if eager else 3 * e) + dropped)
    if not training:
        replicated_bwd = split_bwd = scores_bwd = 0.0
    return LayerTraffic(replicated_fwd, replicated_bwd, split_fwd, split_bwd, scores_fwd, scores_bwd,
                        scores_full_square=eager and not flash_attention)


def cross_entropy_bytes_per_token(model: ModelArch, act_bytes: float, fp32: bool = False) -> float:
    """The output head's loss over the vocabulary, per token (forward and backward). A fused kernel reads the logits
    for their maximum and for the sum of exponentials, then reads them again and writes their gradient in place.
    In fp32 (Megatron-Core's vocab-parallel cross-entropy, fused or not, megatron/core/tensor_parallel/
    cross_entropy.py, 2024): the logits cast to fp32 (read 16-bit, write 4 bytes); max and the shifted exponentials
    with their sum (read 4, write 4); the softmax divided in place and kept (read 4, write 4); the gradient in place
    (read 4, write 4); cast back for the output layer's backward (read 4, write 16-bit). Divided by tensor
    parallelism (each rank holds vocab / tp logits)."""
    if fp32:
        return model.vocab * (2.0 * act_bytes + 32.0)
    return 4.0 * model.vocab * act_bytes


def serving_bytes_per_token(model: ModelArch, act_bytes: float, kv_bytes: float, tp: int = 1) -> float:
    """One token's memory-bound traffic through every layer of a serving forward pass on one of tp GPUs: the layer
    operators (tensor parallelism splits the head- and MLP-wide ones; engines keep the hidden-wide ones whole on
    every rank) and the append of its K and V to the cache. FP8 / FP4 GEMM inputs cost no pass of their own: serving
    engines quantize in the kernel that produces them (TensorRT-LLM's fused norm-quantize and SwiGLU-quantize)."""
    traffic = layer_traffic(model, act_bytes, training=False)
    per_layer = traffic.replicated_forward + traffic.split_forward / tp + model.kv_cache_values_per_token(tp) * kv_bytes
    return model.layers * float(per_layer)  # one figure: no per-row quantized copies here
