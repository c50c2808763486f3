"""Training memory: the published accounting (ZeRO, BLOOM, Korthikanti) and invariants (hypothesis)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpuplanner.core.hardware.hardware import Precision
from gpuplanner.core.models.model import ModelArch
from gpuplanner.core.training.memory import (
    GIB,
    activation_bytes_per_layer,
    layer_activation_bytes,
    params_on_heaviest_stage,
    training_memory,
)
from gpuplanner.core.training.workload import Assumptions, Layouts, Recompute, TrainingWorkload

GPT2_XL = ModelArch(name="GPT-2 1.5B", layers=48, hidden=1600, heads=25, kv_heads=25, ffn_hidden=6400,
                    vocab=50257, gated_mlp=False, tied_embeddings=True)


def one(tp=1, pp=1, dp=1, mb=1, zero=0, recompute=0, sp=False, v=1) -> Layouts:
    return Layouts.single(tp, pp, dp, mb, zero, recompute, sp, v)


def model_state_bytes(workload: TrainingWorkload, layout: Layouts, **assumptions) -> float:
    memory = training_memory(workload, layout, Assumptions(**assumptions), world_size=int(layout.dp[0]))
    return float(memory.weights[0] + memory.gradients[0] + memory.optimizer[0])


def test_zero_paper_16_bytes_per_parameter() -> None:
    """Rajbhandari et al. 2020 Sec. 3.1: fp16 weights and grads + fp32 master, momentum, variance = 16 B/param;
    GPT-2 1.5B needs 24 GB of model states (published-runs: zero-16-bytes-per-param)."""
    workload = TrainingWorkload(GPT2_XL, seq_len=1024, global_batch=32, precision=Precision.FP16)
    states = model_state_bytes(workload, one())
    per_param = states / GPT2_XL.total_params
    print(f"ZeRO case: {per_param:.2f} B/param, {states / 1e9:.1f} GB vs published 24 GB")
    assert per_param == pytest.approx(16.0, rel=1e-4)
    assert states / 1e9 == pytest.approx(24.0, rel=0.05)


@pytest.mark.parametrize(("zero", "published_gb"), [(0, 120.0), (1, 31.4), (2, 16.6), (3, 1.9)])
def test_zero_paper_figure_1_per_gpu_model_states(zero: int, published_gb: float) -> None:
    """ZeRO paper Fig. 1: 7.5B parameters, 64-way data parallel, K = 12."""
    model = ModelArch(name="7.5B", layers=1, hidden=4096, heads=32, kv_heads=32, ffn_hidden=16384, vocab=1,
                      params_override=7.5e9)
    workload = TrainingWorkload(model, seq_len=1024, global_batch=64, precision=Precision.FP16)
    states = model_state_bytes(workload, one(dp=64, zero=zero))
    print(f"ZeRO-{zero}: {states / 1e9:.2f} GB vs published {published_gb} GB")
    assert states / 1e9 == pytest.approx(published_gb, rel=0.05)


def test_bloom_checkpoint_bytes_per_parameter() -> None:
    """BLOOM-176B checkpoint: bf16 weights + fp32 master + Adam m, v = 14 B/param -> 2.3 TB on disk (du, TiB)."""
    workload = TrainingWorkload(ModelArch(name="BLOOM", layers=70, hidden=14336, heads=112, kv_heads=112,
                                          ffn_hidden=57344, vocab=250680, gated_mlp=False, tied_embeddings=True),
                                seq_len=2048, global_batch=2048)
    memory = training_memory(workload, one(), Assumptions(), world_size=1)
    checkpoint_tib = float(memory.weights[0] + memory.optimizer[0]) / 2**40
    print(f"BLOOM checkpoint: {checkpoint_tib:.2f} TiB vs published 2.3 TB")
    assert checkpoint_tib == pytest.approx(2.3, rel=0.05)


KORTHIKANTI = ModelArch(name="GPT", layers=1, hidden=6144, heads=64, kv_heads=64, ffn_hidden=24576, vocab=51200,
                        gated_mlp=False)


@pytest.mark.parametrize(("tp", "sp", "recompute", "coefficient"), [
    (1, False, 0, lambda s, h, a, t: 34 + 5 * a * s / h),
    (8, False, 0, lambda s, h, a, t: 10 + 24 / t + 5 * a * s / (h * t)),
    (8, True, 0, lambda s, h, a, t: (34 + 5 * a * s / h) / t),
    (8, True, Recompute.SELECTIVE, lambda s, h, a, t: 34 / t),
    (8, False, Recompute.SELECTIVE, lambda s, h, a, t: 10 + 24 / t),
    (1, False, Recompute.FULL, lambda s, h, a, t: 2),
])
def test_korthikanti_table_2_activation_formulas(tp, sp, recompute, coefficient) -> None:
    s, b = 2048, 4
    layout = one(tp=tp, mb=b, recompute=recompute, sp=sp)
    # Korthikanti's GPT trains with dropout (its masks are 2 of the 34, and 1 + 2 of the 5as/h of the scores).
    got = activation_bytes_per_layer(KORTHIKANTI, s, layout, 2.0, Assumptions(flash_attention=False, dropout=True))[0]
    expected = s * b * KORTHIKANTI.hidden * coefficient(s, KORTHIKANTI.hidden, KORTHIKANTI.heads, tp)
    assert got == pytest.approx(expected)


def test_without_dropout_its_masks_are_not_stored() -> None:
    """Modern pretraining recipes (Llama, Qwen, MPT) have no dropout: 32 + 2as/h (the softmax output alone)."""
    s, b = 2048, 4
    got = activation_bytes_per_layer(KORTHIKANTI, s, one(mb=b), 2.0, Assumptions(flash_attention=False))[0]
    h, a = KORTHIKANTI.hidden, KORTHIKANTI.heads
    assert got == pytest.approx(s * b * h * (32 + 2 * a * s / h))


def _workload(layers: int, seq: int, batch: int = 64) -> TrainingWorkload:
    model = ModelArch(name="m", layers=layers, hidden=2048, heads=16, kv_heads=4, ffn_hidden=5632, vocab=32000)
    return TrainingWorkload(model, seq_len=seq, global_batch=batch)


def _total(workload: TrainingWorkload, layout: Layouts) -> float:
    return float(training_memory(workload, layout, Assumptions(), int(np.prod([layout.tp, layout.pp, layout.dp])))
                 .total[0])


layout_strategy = st.builds(
    lambda tp, pp, dp, mb, zero, rec, sp: (tp, pp, dp, mb, zero, rec, sp),
    st.sampled_from([1, 2, 4, 8]), st.sampled_from([1, 2, 4]), st.sampled_from([1, 2, 8, 64]),
    st.sampled_from([1, 2, 4]), st.integers(0, 3), st.integers(0, 2), st.booleans())


@settings(max_examples=60, deadline=None)
@given(layout_strategy, st.integers(4, 40), st.sampled_from([512, 2048, 8192]))
def test_memory_grows_with_model_batch_and_sequence(layout, layers, seq) -> None:
    tp, pp, dp, mb, zero, rec, sp = layout
    base = _total(_workload(layers, seq), one(tp, pp, dp, mb, zero, rec, sp))
    assert _total(_workload(layers + 4, seq), one(tp, pp, dp, mb, zero, rec, sp)) > base
    assert _total(_workload(layers, seq * 2), one(tp, pp, dp, mb, zero, rec, sp)) > base
    assert _total(_workload(layers, seq, batch=128), one(tp, pp, dp, mb * 2, zero, rec, sp)) > base


@settings(max_examples=60, deadline=None)
@given(layout_strategy, st.integers(4, 40))
def test_more_zero_sharding_never_raises_memory(layout, layers) -> None:
    tp, pp, dp, mb, _, rec, sp = layout
    totals = [_total(_workload(layers, 2048), one(tp, pp, dp, mb, zero, rec, sp)) for zero in range(4)]
    assert all(later <= earlier for earlier, later in itertools.pairwise(totals))


@settings(max_examples=60, deadline=None)
@given(layout_strategy, st.integers(4, 40))
def test_more_gpus_never_raise_weights_per_gpu(layout, layers) -> None:
    tp, pp, dp, mb, zero, rec, sp = layout
    workload = _workload(layers, 2048, batch=512)
    weights = training_memory(workload, one(tp, pp, dp, mb, zero, rec, sp), Assumptions(), 64).weights[0]
    for bigger in (one(tp, pp, dp * 2, mb, zero, rec, sp), one(min(tp * 2, 16), pp, dp, mb, zero, rec, sp),
                   one(tp, pp * 2, dp, mb, zero, rec, sp)):
        assert training_memory(workload, bigger, Assumptions(), 64).weights[0] <= weights + 1e-6


def test_the_overhead_line_follows_the_users_assumptions() -> None:
    """CUDA context, NCCL buffers (only with peers) and allocator slack are their own, editable line."""
    workload, layout = _workload(24, 4096), one(tp=2, dp=4, zero=1)
    base = training_memory(workload, layout, Assumptions(), 8)
    tensors = float(base.weights[0] + base.gradients[0] + base.optimizer[0] + base.activations[0])
    slack = training_memory(workload, layout, Assumptions(fragmentation=0.16), 8)
    assert float(slack.overhead[0] - base.overhead[0]) == pytest.approx(0.08 * tensors)
    assert float(slack.weights[0]) == float(base.weights[0])  # tensors themselves unchanged
    alone = training_memory(workload, one(), Assumptions(), 1)
    assert float(alone.overhead[0]) == pytest.approx(Assumptions().cuda_context_gib * GIB + 0.08 * float(
        alone.weights[0] + alone.gradients[0] + alone.optimizer[0] + alone.activations[0]))  # no NCCL alone


def test_a_layout_whose_tensors_fit_is_tight_not_does_not_fit() -> None:
    """Allocated and reserved memory apart: 76.8 GiB of tensors and runtime on an 80 GiB A100 runs (PyTorch's
    expandable segments), though the allocator's 8 % slack brings the reserve to 82.8 GiB. Calling it "does not
    fit" is the worst error a planner can make; it is "tight", with the margin."""
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.service import estimate_for_scenario

    catalog = Catalog(overrides_path=None)
    scenario = {"task": "finetune", "model": {"preset": "llama-2-7b"}, "seq_len": 1920,
                "training": {"tokens": 1e8, "global_batch": 64, "micro_batch": 8, "recompute": "none", "zero": 3},
                "hardware": {"gpu": "a100-sxm4-80gb", "count": 8}, "parallelism": {"tp": 1, "pp": 1, "dp": 8}}
    tight = estimate_for_scenario(scenario, catalog)
    memory = tight.memory_gib_per_gpu
    assert memory.allocated < memory.capacity < memory.total
    assert memory.total - memory.allocated == pytest.approx(0.08 * (memory.weights + memory.gradients
                                                                    + memory.optimizer + memory.activations))
    assert tight.fits and any(w.startswith("Tight: 76.8 GiB allocated") and "3.2 GiB to spare" in w
                              for w in tight.warnings)
    over = estimate_for_scenario({**scenario, "seq_len": 2048}, catalog)
    assert not over.fits and over.memory_gib_per_gpu.allocated > 80
    assert any(w.startswith("Does not fit") for w in over.warnings)


def test_fp8_recipes_store_their_gemm_inputs_in_one_byte() -> None:
    """Transformer Engine keeps the QKV, projection, FC1 and FC2 inputs in FP8 for the backward pass: for Llama-2-7B
    (SwiGLU, ffn 11008, no dropout) 32.125 -> 26.4375 s*b*h 16-bit units per layer, without recomputation or TP."""
    import numpy as np

    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.training.memory import activation_bytes_per_layer
    from gpuplanner.core.training.workload import Assumptions, Layouts

    model = Catalog(overrides_path=None).model("llama-2-7b")
    one = np.ones(1)
    layout = Layouts(one, one, one, one, 0 * one, 0 * one, 0 * one, one)
    sbh = 4096 * 1 * 4096  # bytes per s*b*h at 1 byte; Korthikanti's units are 2 bytes
    bf16 = float(activation_bytes_per_layer(model, 4096, layout, 2.0, Assumptions())[0])
    fp8 = float(activation_bytes_per_layer(model, 4096, layout, 2.0, Assumptions(), fp8_gemm_inputs=True)[0])
    assert bf16 == pytest.approx(32.125 * sbh) and fp8 == pytest.approx(26.4375 * sbh)


def test_recomputing_some_layers_lands_between_none_and_all() -> None:
    """training.recompute_layers (Megatron's --recompute-num-layers): half the layers recomputed costs half the
    extra forward and stores half the full activations; the estimate reports the count it used."""
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.base.errors import InputError
    from gpuplanner.service import estimate_for_scenario

    catalog = Catalog(overrides_path=None)
    base = {"task": "pretrain", "model": {"preset": "llama-2-13b"}, "seq_len": 4096,
            "training": {"tokens": 1e10, "global_batch": 64, "micro_batch": 1, "zero": 1},
            "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}, "parallelism": {"tp": 2, "pp": 1, "dp": 4}}

    def run(**training):
        return estimate_for_scenario({**base, "training": {**base["training"], **training}}, catalog)

    none, full, half = run(recompute="none"), run(recompute="full"), run(recompute="full", recompute_layers=20)
    assert half.layout.recompute_layers == 20 and full.layout.recompute_layers == 40
    act = [r.memory_gib_per_gpu.activations for r in (none, half, full)]
    assert act[0] > act[1] > act[2]
    assert act[1] == pytest.approx((act[0] + act[2]) / 2, rel=0.05)  # the working layer aside, half and half
    step = [r.training.step_time_s for r in (none, half, full)]
    assert step[0] < step[1] < step[2] and step[1] == pytest.approx((step[0] + step[2]) / 2, rel=1e-6)
    with pytest.raises(InputError, match="recompute"):
        run(recompute="none", recompute_layers=10)


def test_the_first_pipeline_stage_keeps_what_its_schedule_keeps() -> None:
    """Plain 1F1B holds pp micro-batches' activations on the first stage; Megatron's interleaved schedule warms up
    2(pp-1) + (v-1)pp + 1 chunks of layers / (pp v) layers, pp (1 + (pp-1)/(pp v)) stages' worth (Korthikanti et al.
    2022, Sec. 4.2.3); v = 1 is plain 1F1B."""
    workload = _workload(layers=32, seq=2048, batch=256)
    per_stage_layer = float(activation_bytes_per_layer(workload.model, 2048, one(pp=4), 2.0, Assumptions())[0])

    def activations(v: int) -> float:
        layout = one(pp=4, dp=2, v=v)
        return float(training_memory(workload, layout, Assumptions(), 8).activations[0])

    assert activations(1) == pytest.approx(per_stage_layer * 32 / 4 * 4)  # 4 micro-batches in flight
    assert activations(2) == pytest.approx(activations(1) * (1 + 3 / 8))
    assert activations(4) == pytest.approx(activations(1) * (1 + 3 / 16))


def test_eager_and_frozen_layers_keep_what_pytorch_was_measured_keeping() -> None:
    """benchmarks/saved_activations.py, run with PyTorch 2.13.0 (CPU) on 2026-12-02, measured what autograd keeps for
    one eager layer as transformers' modeling_llama.py writes it (hidden 1024, 8 heads, 2 KV heads, SwiGLU 2752, 256
    tokens, bf16), in bytes per token x hidden: 45.5 with every weight trained, 34.2 for LoRA r 8 on q and v over a
    frozen base, 41.6 over a base whose matmuls keep their input (bitsandbytes' 4-bit), 40.2 with PEFT's per-matrix
    LoRA dropout (0.05). The planner's count for the same layer (fused_elementwise off) gives the same."""
    from benchmarks.saved_activations import planner

    counted = planner()
    assert counted["trained"] == pytest.approx(45.5, abs=0.15)
    assert counted["lora"] == pytest.approx(34.2, abs=0.15)
    assert counted["qlora"] == pytest.approx(41.6, abs=0.15)
    assert counted["dropout"] == pytest.approx(40.2, abs=0.15)


def test_hugging_face_training_keeps_its_logits_in_fp32() -> None:
    """Hugging Face Transformers upcasts every logit to fp32 before the loss and keeps the log-softmax and its
    gradient beside them (12 bytes a token x vocabulary entry; a Megatron-style loss keeps 6). Judged on the
    Liger-Kernel README's run (Llama 3 8B, 8 sequences a GPU, FSDP on 8 A100 80GB): it ran at 2K tokens and ran out of
    memory from 4K; the planner fits 2K and does not call 4K a clean fit."""
    from gpuplanner.calibration.replay import published_runs
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.service import estimate_for_scenario

    run = published_runs()["liger-readme-llama3-8b-hf-fsdp-oom"]
    catalog = Catalog(overrides_path=None)

    def memory(seq: int, stack: str = "hf-transformers"):
        return estimate_for_scenario({
            "task": "finetune", "stack": stack, "model": {"preset": "llama-3.1-8b"}, "seq_len": seq,
            "precision": "bf16", "training": {"global_batch": 64, "micro_batch": 8, "zero": 3, "recompute": "full",
                                              "tokens": 1e7},
            "hardware": {"gpu": "a100-sxm4-80gb", "count": 8}, "parallelism": {"tp": 1, "pp": 1, "dp": 8}},
            catalog).memory_gib_per_gpu

    ran, ran_out = memory(run["results"]["ran_at_seq_len"]), memory(run["results"]["out_of_memory_from_seq_len"])
    assert ran.total <= ran.capacity
    assert ran_out.total > ran_out.capacity
    # The logits alone: 12 bytes x 4,096 tokens x 8 sequences x 128,256 entries = 47 GiB.
    megatron_style = memory(4096, "fsdp")
    assert ran_out.activations - megatron_style.activations == pytest.approx(
        6.0 * 4096 * 8 * 128256 / 2**30, rel=0.05)


def test_optimizer_states_take_the_dtype_of_what_the_optimizer_updates() -> None:
    """torch.optim creates its per-element states with zeros_like(param): fp32 moments beside an fp32 master copy
    (12 bytes a parameter in mixed precision) or fp32 weights (8), bf16 moments for bf16 weights trained without
    one (4); SGD's momentum likewise; 8-bit Adam keeps 2 bytes whatever the weights."""
    from gpuplanner.core.training.memory import optimizer_state_bytes
    from gpuplanner.core.training.workload import Optimizer

    assert optimizer_state_bytes(Optimizer.ADAMW, 2.0, master_weights=True) == 12.0
    assert optimizer_state_bytes(Optimizer.ADAMW, 4.0, master_weights=True) == 8.0
    assert optimizer_state_bytes(Optimizer.ADAMW, 2.0, master_weights=False) == 4.0
    assert optimizer_state_bytes(Optimizer.SGD, 2.0, master_weights=False) == 2.0
    assert optimizer_state_bytes(Optimizer.ADAM_8BIT, 2.0, master_weights=False) == 2.0


@pytest.mark.parametrize("assumptions", [Assumptions(), Assumptions(flash_attention=False, dropout=True)])
@pytest.mark.parametrize("fp8", [False, True])
def test_activations_without_recomputation_come_with_each_modes_own(catalog, assumptions, fp8) -> None:
    """layer_activation_bytes gives, beside each layout's own, what the layer keeps with recomputation off, exactly
    as the layouts with recomputation off give it (partial recomputation's other layers in training_memory)."""
    from gpuplanner.core.training.layout import LayoutConstraints, enumerate_layouts
    from gpuplanner.core.training.workload import Cluster

    workload = TrainingWorkload(catalog.model("llama-2-70b"), seq_len=65536, global_batch=1024)
    layouts = enumerate_layouts(workload, Cluster(catalog.gpu("h100-sxm5-80gb"), 64), LayoutConstraints())
    assert set(layouts.recompute) == {0, 1, 2} and layouts.cp is not None
    own, unrecomputed = layer_activation_bytes(workload.model, 65536, layouts, 2.0, assumptions, fp8)
    assert np.array_equal(own, activation_bytes_per_layer(workload.model, 65536, layouts, 2.0, assumptions, fp8))
    assert np.array_equal(unrecomputed, activation_bytes_per_layer(workload.model, 65536, layouts.without_recompute(),
                                                                   2.0, assumptions, fp8))
    assert (unrecomputed > own)[layouts.recompute == Recompute.FULL].all()


def test_the_heaviest_stage_is_read_by_degree_as_the_formula_gives_it_row_by_row() -> None:
    """params_on_heaviest_stage reads a table made once per model and pipeline degree: every row, in any order and
    with repeats, as layer params x busiest_stage_layers / layers + one embedding matrix (two with a pipeline)."""
    degrees = np.random.default_rng(0).permutation(np.concatenate([np.arange(1.0, 83.0), [1.0, 80.0, 3.0]]))
    for model in (GPT2_XL, ModelArch(name="70B-like", layers=80, hidden=8192, heads=64, kv_heads=8,
                                     ffn_hidden=28672, vocab=32000)):
        share = model.layers / degrees
        stage_layers = np.where((share == np.floor(share)) | (np.mod(model.layers + 2, degrees) == 0), share,
                                np.ceil(share))
        embedding = np.where(degrees == 1, float(model.embedding_params), float(model.vocab * model.hidden))
        layer_params = model.total_params - model.embedding_params - model.hidden
        expected = layer_params * stage_layers / model.layers + embedding
        assert np.array_equal(params_on_heaviest_stage(model, degrees), expected)
