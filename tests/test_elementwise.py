"""Memory-bound operators costed one by one: the bytes each moves, and how the step time and a
serving pass pay them."""

from __future__ import annotations

import pytest

from gpuplanner.core.base.choices import Task
from gpuplanner.core.hardware.hardware import Precision
from gpuplanner.core.models.elementwise import (
    LayerTraffic,
    cross_entropy_bytes_per_token,
    layer_traffic,
    mlp_copies_per_token,
    serving_bytes_per_token,
)
from gpuplanner.core.models.model import ModelArch
from gpuplanner.core.serving.inference import (
    ServingWorkload,
    WeightFormat,
    achieved_rates,
    decode_step_s,
    elementwise_time_s,
)
from gpuplanner.core.training.performance import hbm_bytes_per_s, training_step_time
from gpuplanner.core.training.workload import Assumptions, Cluster, Layouts, Recompute, TrainingWorkload

# Llama 3.1 8B's shape: 32 heads of 128, 8 KV heads, SwiGLU of 14,336.
LLAMA_8B = ModelArch(name="llama-8b", layers=32, hidden=4096, heads=32, kv_heads=8, ffn_hidden=14336, vocab=128256)
# A small MoE: 8 of 64 experts of width 1,024, one shared.
MOE = ModelArch(name="moe", layers=8, hidden=2048, heads=16, kv_heads=4, ffn_hidden=1024, vocab=32000, experts=64,
                experts_per_token=8, shared_experts=1)


def forward(traffic: LayerTraffic) -> float:
    """A forward pass on one GPU holding the whole layer (scores apart)."""
    return traffic.replicated_forward + traffic.split_forward


def test_a_dense_layer_moves_its_operators_bytes() -> None:
    """Forward, in 16-bit: 2 norms (read and write h), 2 residual adds (read 2h, write h), rotary on Q and K (read
    and write 4,096 + 1,024), SwiGLU (read 2 x 14,336, write 14,336); the backward 3h a norm, 3h an add, the same
    rotary, and SwiGLU reads three and writes two."""
    h, f, qk = 4096, 14336, 4096 + 1024
    traffic = layer_traffic(LLAMA_8B, 2.0)
    assert traffic.replicated_forward == pytest.approx(2 * (2 * 2 * h + 3 * 2 * h))
    assert traffic.split_forward == pytest.approx(2 * 2 * qk + 3 * 2 * f)
    assert traffic.replicated_backward == pytest.approx(2 * (3 * 2 * h + 3 * 2 * h))
    assert traffic.split_backward == pytest.approx(2 * 2 * qk + 5 * 2 * f)
    assert traffic.scores_forward == traffic.scores_backward == 0.0  # FlashAttention keeps scores on chip
    serving = layer_traffic(LLAMA_8B, 2.0, training=False)
    assert serving.replicated_backward == serving.split_backward == 0.0


def test_fp8_casts_cost_a_pass_per_gemm_input_and_gradient() -> None:
    """Each GEMM input is read in 16 bits and written as `copies` FP8 copies (Hopper: a transposed one too); the
    backward casts the four GEMMs' output gradients. Blackwell's single copy moves less than Hopper's two."""
    h, f = 4096, 14336
    plain = layer_traffic(LLAMA_8B, 2.0)
    hopper = layer_traffic(LLAMA_8B, 2.0, quantized_bytes=1.0, quantized_copies=2.0)
    blackwell = layer_traffic(LLAMA_8B, 2.0, quantized_bytes=1.0, quantized_copies=1.0)
    inputs = 2 * h * (2 + 2) + (h + f) * (2 + 2)  # QKV and FC1 inputs, projection and FC2 inputs
    assert forward(hopper) - forward(plain) == pytest.approx(inputs)
    qkv = 4096 + 1024 + 1024
    gradients = 2 * h * (2 + 2) + (qkv + 2 * f) * (2 + 2)
    assert (hopper.replicated_backward + hopper.split_backward) \
        - (plain.replicated_backward + plain.split_backward) == pytest.approx(gradients)
    assert forward(plain) < forward(blackwell) < forward(hopper)


def test_moe_tokens_are_permuted_to_their_experts_and_back() -> None:
    """A routed token is copied to its top-k experts and gathered back: 2 (k + 1) h values a layer each way, and
    each expert (routed or shared) casts its own copy for FP8."""
    without_routing = layer_traffic(MOE.with_overrides(experts=1, experts_per_token=1, shared_experts=0,
                                                       ffn_hidden=1024 * 9), 2.0)
    routed = layer_traffic(MOE, 2.0)
    assert routed.replicated_forward - without_routing.replicated_forward == pytest.approx(2 * (8 + 1) * 2048 * 2)
    assert mlp_copies_per_token(MOE) == 9.0
    assert mlp_copies_per_token(LLAMA_8B) == 1.0


def test_stored_scores_are_softmaxed_in_hbm_without_flash_attention() -> None:
    """Per head and attended position: softmax reads and writes (2 x 2 bytes), dropout reads, writes and masks
    (2 x 2 + 1); the backward reads two and writes one (3 x 2), dropout's the mask and two gradients (2 x 2 + 1)."""
    traffic = layer_traffic(LLAMA_8B, 2.0, flash_attention=False, dropout=True)
    assert traffic.scores_forward == pytest.approx(32 * (4 + 5))
    assert traffic.scores_backward == pytest.approx(32 * (6 + 5))


def test_eager_attention_moves_every_score_of_the_square_op_by_op() -> None:
    """A model's own attention in PyTorch ops: the QK^T GEMM writes the scores, the causal mask is added (read two,
    write one), softmax reads and writes, the PV GEMM reads (7 x 2 bytes); backward: dP written, P read for dV,
    softmax's gradient reads two and writes one, dS read by two GEMMs (7 x 2); dropout as fused. Over the whole
    square, masked positions too."""
    traffic = layer_traffic(LLAMA_8B, 2.0, flash_attention=False, dropout=True, eager=True)
    assert traffic.scores_forward == pytest.approx(32 * (14 + 5))
    assert traffic.scores_backward == pytest.approx(32 * (14 + 5))
    assert traffic.scores_full_square
    assert not layer_traffic(LLAMA_8B, 2.0, flash_attention=False).scores_full_square
    assert not layer_traffic(LLAMA_8B, 2.0, eager=True).scores_full_square  # FlashAttention keeps them on chip


def test_the_loss_reads_the_logits_twice_and_writes_their_gradient() -> None:
    assert cross_entropy_bytes_per_token(LLAMA_8B, 2.0) == 4 * 128256 * 2


def _memory_bound_s(model: ModelArch, catalog, gpu: str, precision: Precision, tp: int, sp: bool,
                    recompute: Recompute = Recompute.NONE) -> float:
    workload = TrainingWorkload(model, task=Task.PRETRAIN, seq_len=4096, global_batch=8 // tp, precision=precision)
    layouts = Layouts.single(tp, 1, 8 // tp, 1, 1, recompute, sp, 1)
    time = training_step_time(workload, Cluster(catalog.gpu(gpu), 8), layouts, Assumptions())
    return float(time.memory_bound[0])


def test_the_step_pays_every_operators_bytes_at_hbm_bandwidth(catalog) -> None:
    """One micro-batch of 4,096 tokens on one H100 at TP 1: forward + backward of 32 layers and the loss, over the
    datasheet bandwidth. Full recomputation adds one more forward of the layers."""
    traffic = layer_traffic(LLAMA_8B, 2.0)
    per_token = 32 * (forward(traffic) + traffic.replicated_backward + traffic.split_backward) \
        + cross_entropy_bytes_per_token(LLAMA_8B, 2.0)
    bandwidth = catalog.gpu("h100-sxm5-80gb").memory_bandwidth_gbs * 1e9
    got = _memory_bound_s(LLAMA_8B, catalog, "h100-sxm5-80gb", Precision.BF16, 1, False)
    assert got == pytest.approx(per_token * 4096 / bandwidth)
    full = _memory_bound_s(LLAMA_8B, catalog, "h100-sxm5-80gb", Precision.BF16, 1, False, Recompute.FULL)
    assert full - got == pytest.approx(32 * forward(traffic) * 4096 / bandwidth)


def test_sequence_parallelism_splits_the_hidden_wide_operators(catalog) -> None:
    """At TP 2 a GPU holds half the heads and MLP: with sequence parallelism it also norms and adds half the
    tokens, so its memory-bound time halves; without, the hidden-wide operators run whole on both ranks."""
    one = _memory_bound_s(LLAMA_8B, catalog, "h100-sxm5-80gb", Precision.BF16, 1, False)
    with_sp = _memory_bound_s(LLAMA_8B, catalog, "h100-sxm5-80gb", Precision.BF16, 2, True)
    without_sp = _memory_bound_s(LLAMA_8B, catalog, "h100-sxm5-80gb", Precision.BF16, 2, False)
    assert with_sp == pytest.approx(one / 2)
    assert without_sp > with_sp * 1.1


def test_fp8_training_pays_its_activation_casts_most_where_bandwidth_is_scarce(catalog) -> None:
    """The same FP8 layer on an L40S (GDDR6, 864 GB/s) spends a larger share of its GEMM time on casts than on an
    H100 (3.35 TB/s): the ratio of their bandwidths, per FLOP of their FP8 peaks."""
    for gpu in ("h100-sxm5-80gb", "l40s"):
        bf16 = _memory_bound_s(LLAMA_8B, catalog, gpu, Precision.BF16, 1, False)
        fp8 = _memory_bound_s(LLAMA_8B, catalog, gpu, Precision.FP8, 1, False)
        assert fp8 > bf16 * 1.2, gpu


def test_a_serving_pass_pays_its_operators_at_the_engines_bandwidth(catalog) -> None:
    """Twice the batch adds its GEMMs, its KV reads and exactly its tokens' operator bytes at the engine's share
    of the bandwidth; an FP8 checkpoint's casts ride in the kernels that produce the GEMM inputs (no pass of their
    own), and TP 2 halves only the head- and MLP-wide operators."""
    gpu = catalog.gpu("h100-sxm5-80gb")
    workload = ServingWorkload(LLAMA_8B, batch=64, input_tokens=128, output_tokens=128,
                               weight_dtype=WeightFormat.FP8, kv_dtype=WeightFormat.FP8)
    per_token = serving_bytes_per_token(LLAMA_8B, 2.0, 1.0)
    _, byte_rate, _ = achieved_rates(workload, gpu)
    assert elementwise_time_s(workload, 1, 64, byte_rate) == pytest.approx(64 * per_token / byte_rate)
    assert decode_step_s(workload, gpu, 1, 64, 200.0) > elementwise_time_s(workload, 1, 64, byte_rate)
    traffic = layer_traffic(LLAMA_8B, 2.0, training=False)
    kv = 2 * 8 * 128  # K and V of 8 heads, one byte each
    assert per_token == pytest.approx(32 * (forward(traffic) + kv))
    halved = serving_bytes_per_token(LLAMA_8B, 2.0, 1.0, tp=2)
    assert halved == pytest.approx(32 * (traffic.replicated_forward + traffic.split_forward / 2 + kv / 2))


def test_eager_pytorch_runs_a_llama_layers_norms_rotary_and_swiglu_unfused() -> None:
    """Hugging Face's LlamaRMSNorm is six kernels in eager PyTorch (18 units of the activation bytes per value
    forward, 30 backward, for the fused kernel's 2 and 3), rotate_half rotary five (10 a pass for 2), SwiGLU two (5
    and 9 units per MLP value for 3 and 5); residual adds are one kernel either way. A plain-MLP model (LayerNorm,
    GeLU: one kernel each in eager PyTorch too) and serving (fused engines) do not change."""
    h, f, qk = 4096, 14336, 4096 + 1024
    fused, eager = layer_traffic(LLAMA_8B, 2.0), layer_traffic(LLAMA_8B, 2.0, eager=True)
    assert eager.replicated_forward - fused.replicated_forward == pytest.approx(2 * (18 - 2) * h * 2)
    assert eager.replicated_backward - fused.replicated_backward == pytest.approx(2 * (30 - 3) * h * 2)
    assert eager.split_forward - fused.split_forward == pytest.approx((10 - 2) * qk * 2 + (5 - 3) * f * 2)
    assert eager.split_backward - fused.split_backward == pytest.approx((10 - 2) * qk * 2 + (9 - 5) * f * 2)
    gpt = LLAMA_8B.with_overrides(gated_mlp=False)
    assert layer_traffic(gpt, 2.0, eager=True) == layer_traffic(gpt, 2.0)


def test_an_eager_step_pays_the_unfused_traffic(catalog) -> None:
    """The assumption reaches the step: an 8B layer stack on an RTX 4090 (1 TB/s) spends about three times the
    memory-bound time eagerly, and the rest of the step is unchanged."""
    workload = TrainingWorkload(LLAMA_8B, task=Task.PRETRAIN, seq_len=2048, global_batch=1, precision=Precision.BF16)
    layouts = Layouts.single(1, 1, 1, 1, 0, Recompute.FULL, False, 1)
    cluster = Cluster(catalog.gpu("rtx-4090"), 1)
    fused = training_step_time(workload, cluster, layouts, Assumptions())
    eager = training_step_time(workload, cluster, layouts, Assumptions(fused_elementwise=False))
    assert 2.5 < float(eager.memory_bound[0]) / float(fused.memory_bound[0]) < 3.5
    assert float(eager.gemm[0]) == float(fused.gemm[0])


def test_latent_attention_rotates_only_its_rotary_parts(catalog) -> None:
    """DeepSeek-V3's MLA applies rotary to 64 of each query head's 192 dimensions and to one shared 64-wide key:
    (128 + 1) x 64 values a token, read and written, not its whole Q and K."""
    model = catalog.model("deepseek-v3")
    plain = model.with_overrides(kv_lora_rank=0, q_lora_rank=0, rope_head_dim=0, head_dim=None, v_head_dim=None)
    mla, dense = layer_traffic(model, 2.0), layer_traffic(plain, 2.0)
    rotary = 2 * (128 + 1) * 64 * 2
    expected = dense.split_forward - 2 * (plain.q_width + plain.kv_dim) * 2 + rotary
    assert mla.split_forward == pytest.approx(expected)


def test_a_loss_in_fp32_costs_megatron_cores_passes(catalog) -> None:
    """Megatron-Core's vocab-parallel cross-entropy (fused or not) casts the logits to fp32 and keeps its softmax
    and gradient in fp32: 2 x 2 + 32 bytes a logit, for the fused 16-bit kernel's 4 x 2. The megatron-2021 profile
    sets it; the step pays exactly the difference over the micro-batch's tokens, at HBM bandwidth."""
    from gpuplanner.core.scenario.stack import PROFILES, Stack

    assert cross_entropy_bytes_per_token(LLAMA_8B, 2.0, fp32=True) == LLAMA_8B.vocab * 36.0
    assert cross_entropy_bytes_per_token(LLAMA_8B, 2.0) == LLAMA_8B.vocab * 8.0
    assert PROFILES[Stack.MEGATRON_2021].assumptions["loss_fp32"] is True
    workload = TrainingWorkload(LLAMA_8B, task=Task.PRETRAIN, seq_len=2048, global_batch=1, precision=Precision.BF16)
    layouts = Layouts.single(1, 1, 1, 1, 0, Recompute.FULL, False, 1)
    cluster = Cluster(catalog.gpu("h100-sxm5-80gb"), 1)
    fused = training_step_time(workload, cluster, layouts, Assumptions())
    fp32 = training_step_time(workload, cluster, layouts, Assumptions(loss_fp32=True))
    extra_s = float(fp32.memory_bound[0]) - float(fused.memory_bound[0])
    assert extra_s == pytest.approx(28.0 * LLAMA_8B.vocab * 2048 / hbm_bytes_per_s(cluster.gpu))
    assert float(fp32.gemm[0]) == float(fused.gemm[0])
