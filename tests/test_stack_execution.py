"""How the training stack executes a layout, judged on published runs of each kind: expert parallelism across the
tensor x data-parallel ranks (Megatron-Core's MoE parallel folding), DeepSpeed-Ulysses sequence parallelism on the
Hugging Face / DeepSpeed stacks, and MoE experts run one by one (Hugging Face Transformers before v5, under
ZeRO-3); the Ascend 910B's efficiency from its own runs, judged group by group; and grouped experts priced no faster
than their kernels measured alone. Each published comparison prints
its figures (conftest's validation tables)."""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks.accuracy_targets import TRAINING_KNOWN_MISSES, known_miss
from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.replay import published_runs
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.hardware.hardware import Precision
from gpuplanner.core.training.performance import (
    FORWARD_SHARE_FULL_RECOMPUTE,
    GpuRows,
    expert_gemm_size_factor,
    exposed_layer_gathers,
    exposed_weight_gathers,
)
from gpuplanner.core.training.workload import Assumptions
from gpuplanner.service import estimate_for_scenario
from tests.conftest import VALIDATION_TABLES


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog(overrides_path=None)


# NeMo's Qwen3-235B-A22B recipe on 256 H100 (published-runs: nemo-qwen3-235b-a22b-h100x256-fp8): EP 32 over the
# TP 2 x DP 16 ranks of a stage.
QWEN3_235B = {"task": "pretrain", "model": {"preset": "qwen3-235b-a22b"}, "seq_len": 4096, "precision": "fp8",
              "training": {"global_batch": 2048, "micro_batch": 1, "zero": 1, "tokens": 1e11},
              "hardware": {"gpu": "h100-sxm5-80gb", "count": 256}}


def test_expert_parallelism_across_tensor_and_data_ranks_is_estimated_as_megatrons_folding(catalog) -> None:
    """EP 32 with TP 2 x DP 16 was refused ("does not divide the data-parallel ranks"); Megatron-Core folds it onto
    the TP x DP ranks (expert-TP 1). It is now the same 32-way split of every expert layer as 16 expert groups each
    split over TP 2, costed alike and said in a note; an EP that no whole number of TP groups places is refused."""
    layout = {"tp": 2, "pp": 8, "cp": 1, "virtual_stages": 4}
    folded = estimate_for_scenario({**QWEN3_235B, "parallelism": {**layout, "dp": 16, "ep": 32}}, catalog)
    split = estimate_for_scenario({**QWEN3_235B, "parallelism": {**layout, "dp": 16, "ep": 16}}, catalog)
    assert folded.training is not None and split.training is not None
    assert folded.training.step_time_s == pytest.approx(split.training.step_time_s, rel=1e-9)
    assert folded.memory_gib_per_gpu.total == pytest.approx(split.memory_gib_per_gpu.total, rel=1e-9)
    assert any("EP=32 spans TP x DP" in str(w) for w in folded.warnings)
    assert not any("spans TP x DP" in str(w) for w in split.warnings)
    with pytest.raises(InputError, match=r"parallelism\.ep") as unplaced:
        estimate_for_scenario({**QWEN3_235B, "parallelism": {"tp": 2, "pp": 32, "dp": 4, "ep": 16}}, catalog)
    assert "TP x DP" in str(unplaced.value)


LONG = {"task": "finetune", "model": {"preset": "llama-3.1-8b"}, "precision": "bf16",
        "training": {"global_batch": 8, "micro_batch": 1, "zero": 3, "recompute": "full", "tokens": 1e9},
        "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}


def ulysses(catalog, stack: str, seq: int, cp: int, gpus: int = 8, **extra):
    return estimate_for_scenario({**LONG, "stack": stack, "seq_len": seq, "hardware": {**LONG["hardware"],
                                                                                        "count": gpus},
                                  "parallelism": {"tp": 1, "pp": 1, "dp": gpus // cp, "cp": cp}, **extra}, catalog)


@pytest.mark.parametrize("stack", ["deepspeed", "hf-transformers"])
def test_ulysses_sequence_parallelism_is_estimated_on_the_deepspeed_stacks(catalog, stack) -> None:
    """DeepSpeed-Ulysses (as Hugging Face Accelerate, TRL, LLaMA-Factory and ms-swift run it) was refused there as
    "no context parallelism": now each GPU holds s / cp tokens, and its all-to-alls show in the step, none hidden."""
    split = ulysses(catalog, stack, 65536, 8)
    assert split.layout.cp == 8 and split.training is not None
    assert split.training.step_breakdown_s["context_parallel"] > 0.0
    assert split.assumptions["ulysses_attention"] is True
    assert any("DeepSpeed-Ulysses" in str(w) for w in split.warnings)
    searched = estimate_for_scenario({**LONG, "stack": stack, "seq_len": 131072}, catalog)
    assert searched.layout.cp > 1  # the search splits a 128K sequence on these stacks too


def test_ulysses_all_to_all_volume_stays_constant_when_sequence_and_gpus_grow_together(catalog) -> None:
    """Jacobs et al. 2023 (DeepSpeed-Ulysses, Sec. 3.2): a GPU's all-to-all volume is about N h / P, so it stays the
    same when the sequence N and the degree P grow in proportion; over NVLink inside a node the time does too,
    latency aside. A ring would need 2 x cp equal chunks; Ulysses needs the heads to split."""
    small = ulysses(catalog, "deepspeed", 32768, 4, gpus=4).training
    large = ulysses(catalog, "deepspeed", 65536, 8).training
    assert small is not None and large is not None
    per_layer_small = small.step_breakdown_s["context_parallel"]
    per_layer_large = large.step_breakdown_s["context_parallel"]
    # (cp - 1) / cp of s / cp tokens: 3/4 x 8K against 7/8 x 8K, plus a few more latency steps.
    assert per_layer_large / per_layer_small == pytest.approx(7 / 6, rel=0.05)
    with pytest.raises(InputError, match=r"parallelism\.cp") as heads:
        estimate_for_scenario({**LONG, "stack": "deepspeed", "seq_len": 65536, "model": {"preset": "llama-2-13b"},
                               "hardware": {"gpu": "h100-sxm5-80gb", "count": 16},
                               "parallelism": {"tp": 1, "pp": 1, "dp": 1, "cp": 16}}, catalog)
    assert "40 attention heads" in str(heads.value)


def test_xtuner_ulysses_moves_k_and_v_repeated_to_every_query_head(catalog) -> None:
    """XTuner's attention repeats a grouped-query model's key / value heads (repeat_kv) before its Ulysses all-to-alls
    (xtuner/model/modules/dispatch/llama.py, 2024), so they carry K and V at the query heads' width: Llama 3.1 8B's
    8 KV heads of 32 move 4 x the K / V bytes. The hf-transformers stack (the fine-tuning tools, XTuner among them)
    prices that; the deepspeed stack moves the heads as they are. Against XTuner's speed benchmark it moves the
    70B / 256K / SP 16 row (two nodes) 2.7 points nearer (+15.7 % to +13.0 %, shipped constants); a 7B model with as
    many KV heads as query heads does not move."""
    moved = {}
    for repeats in (False, True):
        result = ulysses(catalog, "hf-transformers", 65536, 8,
                         assumptions={"ulysses_repeats_kv": repeats, "collective_latency_s": 0.0}).training
        assert result is not None
        moved[repeats] = result.step_breakdown_s["context_parallel"]
    model = catalog.model("llama-3.1-8b")
    q, kv, out = model.q_width, model.kv_width, model.o_width
    repeated = model.heads * (model.qk_head_dim + model.value_head_dim)
    # Three Q / K / V passes (forward, recomputed forward, backward) and two of the output.
    assert moved[True] / moved[False] == pytest.approx((3 * (q + repeated) + 2 * out) / (3 * (q + kv) + 2 * out),
                                                       rel=1e-6)
    assert ulysses(catalog, "hf-transformers", 65536, 8).assumptions["ulysses_repeats_kv"] is True
    assert ulysses(catalog, "deepspeed", 65536, 8).assumptions["ulysses_repeats_kv"] is False


def hf_lora_zero3(catalog, model: dict, loop: bool) -> float:
    """Qwen's finetune.sh as QwenLM issue 736 ran it: LoRA, DeepSpeed ZeRO-3, per-device batch 1, 512 tokens, 8 H100;
    with or without the expert loop."""
    result = estimate_for_scenario({
        "task": "lora", "model": model, "seq_len": 512, "precision": "bf16", "stack": "hf-transformers",
        "training": {"global_batch": 8, "micro_batch": 1, "zero": 3, "recompute": "full", "lora_rank": 64,
                     "tokens": 1e8},
        "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}, "parallelism": {"tp": 1, "pp": 1, "dp": 8},
        "assumptions": {"moe_expert_loop": loop}}, catalog)
    assert result.training is not None
    return result.training.step_time_s


EXPERT_LOOP_BAND = 0.25  # the stated band of these comparisons: within 25 % of the published ratio


def test_moe_experts_run_one_by_one_under_zero3_are_priced_as_the_stack_runs_them(catalog) -> None:
    """Hugging Face Transformers before v5 runs a MoE block expert by expert and DeepSpeed ZeRO-3 then gathers each
    expert's weights on demand, one at a time. Two published comparisons of one script on two models: QwenLM issue
    736 (Qwen2-57B-A14B against Qwen2-72B, LoRA, 8 H100: the MoE model 5.6 x slower a sample) and ms-swift's
    benchmark (Qwen3-30B-A3B on 16 A800: ZeRO-3 91.2 s against Megatron-Core's 9.6 s a step). With grouped
    experts the planner said 1.2 x and 1.9 x. Each layout is the recipe's own (ms-swift's Megatron-Core step as its
    run records it); a ratio outside the band must be a listed known miss of its run."""
    runs = published_runs()
    issue = runs["qwen-issue-736-qwen2-57b-a14b-vs-72b-lora-zero3-8h100"]
    speeds = issue["results"]["train_samples_per_second"]
    published = speeds["qwen2-72b"] / speeds["qwen2-57b-a14b"]
    moe, dense = issue["model"]["moe"], issue["model"]["dense"]
    moe = {k: v for k, v in moe.items() if k != "arch_note"}
    looped = hf_lora_zero3(catalog, moe, True) / hf_lora_zero3(catalog, dense, True)
    grouped = hf_lora_zero3(catalog, moe, False) / hf_lora_zero3(catalog, dense, False)
    swift_id = "ms-swift-qwen3-30b-a3b-8k-16a800-megatron-deepspeed"
    swift = runs[swift_id]["results"]["seconds_per_iteration"]
    swift_published = swift["deepspeed-zero3"] / swift["megatron-lm"]

    def step(stack: str, zero: int, layout: dict, loop: bool | None = None, assumptions: dict | None = None) -> float:
        scenario = {"task": "finetune", "model": {"preset": "qwen3-30b-a3b"}, "seq_len": 8192, "precision": "bf16",
                    "stack": stack, "training": {"global_batch": 16, "micro_batch": 1, "zero": zero,
                                                 "recompute": "full", "tokens": 1e8},
                    "hardware": {"gpu": "a800-sxm4-80gb", "count": 16}, "parallelism": layout,
                    "assumptions": dict(assumptions or {})}
        if loop is not None:
            scenario["assumptions"]["moe_expert_loop"] = loop
        result = estimate_for_scenario(scenario, catalog).training
        assert result is not None
        return result.step_time_s

    megatron_replay = next(r for r in runs[swift_id]["replay"] if r["scenario"]["stack"] == "megatron-core")
    megatron = step("megatron-core", 1, megatron_replay["scenario"]["parallelism"],
                    assumptions=megatron_replay["scenario"].get("assumptions"))
    zero3 = step("hf-transformers", 3, {"tp": 1, "pp": 1, "dp": 16})
    swift_looped = zero3 / megatron
    swift_grouped = step("hf-transformers", 3, {"tp": 1, "pp": 1, "dp": 16}, loop=False) / megatron
    lines = [f"QwenLM issue 736, 57B-A14B / 72B time a sample: published {published:.2f}, experts one by one "
             f"{looped:.2f} ({(looped / published - 1) * 100:+.0f}%), grouped {grouped:.2f}",
             f"ms-swift Qwen3-30B-A3B, ZeRO-3 / Megatron-Core step: published {swift_published:.2f}, experts one by "
             f"one {swift_looped:.2f} ({(swift_looped / swift_published - 1) * 100:+.0f}%), grouped "
             f"{swift_grouped:.2f}; steps ZeRO-3 {zero3:.1f} s (published {swift['deepspeed-zero3']:.1f}), "
             f"Megatron-Core {megatron:.1f} s (published {swift['megatron-lm']:.1f})"]
    VALIDATION_TABLES.append(("MoE experts one by one under ZeRO-3 (Transformers before v5), as ratios of one "
                              "script's two runs", "\n".join(lines)))
    assert grouped < 0.5 * published and swift_grouped < 0.5 * swift_published  # what the planner said before
    assert abs(looped / published - 1.0) <= EXPERT_LOOP_BAND
    assert abs(swift_looped / swift_published - 1.0) <= EXPERT_LOOP_BAND or known_miss(TRAINING_KNOWN_MISSES,
                                                                                     swift_id, "") is not None
    hf = estimate_for_scenario({"task": "finetune", "model": {"preset": "qwen3-30b-a3b"}, "seq_len": 8192,
                                "stack": "hf-transformers", "training": {"tokens": 1e8, "zero": 3},
                                "hardware": {"gpu": "a800-sxm4-80gb", "count": 16}}, catalog)
    assert any("experts run one after another" in str(w) for w in hf.warnings)


def test_ascend_910b_efficiency_comes_from_its_own_runs_judged_group_by_group(catalog) -> None:
    """The Ascend 910B's GEMM efficiency (Da Vinci, 16-bit) is fitted on the part's own published runs, each
    independence group judged by the fit of the others: MindFormers' Llama 2 recipes under MindSpore against
    ModelLink's (MindSpeed-LLM's) Megatron-Core recipes on torch_npu, one node each. With one group the held-out fit
    fell back to the prior of an architecture never seen and MindFormers' rows came out 22 % slow; each is now
    within the case target and inside the band the estimate prints for the part."""
    from benchmarks.accuracy_targets import CASE_MAX_PCT
    from gpuplanner.calibration.published_fit import TRAINING_BANDS
    from gpuplanner.calibration.refit import cross_validate, score_cases
    from gpuplanner.calibration.replay import training_cases

    ascend = [case for case in training_cases() if case.scenario["hardware"]["gpu"] == "ascend-910b"]
    rows = cross_validate(score_cases(catalog, ascend))
    band, _ = TRAINING_BANDS[("Da Vinci", "16-bit")]
    VALIDATION_TABLES.append(("Ascend 910B, each independence group held out of the part's fit, error %",
                              "\n".join(f"{r.scored.case.label}: {r.out_of_sample:+.1f}% (band ±{band:.1f}%)"
                                        for r in rows)))
    assert len({r.scored.source for r in rows}) >= 2
    assert {r.scored.case.run_id for r in rows} >= {"mindformers-model-library-llama2-atlas-800t-a2",
                                                     "modellink-readme-llama2-qwen2-7b-pp2-8npu"}
    # The band is printed to a tenth of a point and rests on these very errors: compared at its rounding.
    assert all(abs(r.out_of_sample) <= min(CASE_MAX_PCT, band + 0.05) for r in rows), [
        (r.scored.case.label, round(r.out_of_sample, 1)) for r in rows]


# NVIDIA's aiconfigurator (ai-dynamo/aiconfigurator at 095f58a5, systems/data/<gpu>/moe/<engine>/moe_perf.parquet):
# Qwen3-30B-A3B's MoE op (hidden 2,048, experts 768 wide, top 8 of 128) in BF16 on one GPU over 16,384 tokens, 1,024
# rows an expert, as a share of the datasheet peak, forward alone: TensorRT-LLM 1.3.0rc20's grouped GEMMs on the H100
# SXM (balanced routing, 2.69 ms) and SGLang 0.5.10's fused MoE on the A100 SXM (12.1 ms; TensorRT-LLM's A100 table
# has no such shape).
MEASURED_EXPERT_KERNEL_SHARE = {"h100-sxm5-80gb": 0.46, "a100-sxm4-80gb": 0.33}
MEASURED_ROWS_PER_EXPERT = 1024.0


@pytest.mark.parametrize("gpu_id", sorted(MEASURED_EXPERT_KERNEL_SHARE))
def test_moe_experts_are_not_priced_faster_than_their_grouped_kernels_run_alone(catalog, gpu_id) -> None:
    """The share of the peak the planner gives a routed expert's GEMMs in training (the GPU's calibrated GEMM
    efficiency, the expert's size, the experts' fitted efficiency) stays at or below what the grouped-GEMM kernels
    reach alone on that expert shape and row count, forward only: a training step also runs their backward and
    the routing around them, never faster. A refit that prices experts above their own kernels fails here."""
    model = catalog.model("qwen3-30b-a3b")
    assert (model.hidden, model.ffn_hidden, model.experts, model.experts_per_token) == (2048, 768, 128, 8)
    assumptions = Assumptions()
    gpu = catalog.gpu(gpu_id)
    rows = GpuRows.one(gpu, Precision.BF16, assumptions, PUBLISHED)
    priced = float(rows.gemm_efficiency * expert_gemm_size_factor(float(model.ffn_hidden), MEASURED_ROWS_PER_EXPERT)
                   * assumptions.moe_expert_efficiency) * rows.peak / (gpu.peak_tflops(Precision.BF16) * 1e12)
    assert 0.0 < priced <= MEASURED_EXPERT_KERNEL_SHARE[gpu_id], (gpu_id, priced)


def test_a_pass_of_fsdp_gathers_hides_only_behind_that_pass(catalog) -> None:
    """FSDP gathers each layer's weights one layer ahead, in each micro-batch's forward and again in its backward:
    the forward's gathers hide behind the forward alone (a quarter of a fully recomputed micro-batch), not behind
    the whole step. Where every hop of the data-parallel rings crosses nodes (TP over a whole node) the per-pass
    bound binds: KempnerForge's Llama-3.1-70B at TP 4 x FSDP 8 on 32 H200 (held out of every fit), which the step's
    bound alone prices 44 % fast. Where the rings stripe over a node's NICs (FSDP alone, MosaicML's MPT-70B on 64
    H100) the step's bound at the priced rate stays the larger, as calibrated."""
    assumptions = Assumptions()
    compute, gathers, microbatches = np.array([3.2]), np.array([2.0]), np.array([1.0])
    share = np.array([FORWARD_SHARE_FULL_RECOMPUTE])
    aggregate = exposed_weight_gathers(gathers, compute, assumptions)
    per_pass = exposed_layer_gathers(gathers, compute, share, microbatches, np.array([0.0]), assumptions)
    # One pass gathers 1.0 s; the forward computes 0.8 s of it, the backward 2.4 s: 0.2 s shows, the step's bound 0.
    assert per_pass[0] - aggregate[0] == pytest.approx(0.2)
    # The backward's gradient reduce-scatter shares the last backward's link: 1.0 + 1.6 s against 2.4 s.
    with_gradients = exposed_layer_gathers(gathers, compute, share, microbatches, np.array([1.6]), assumptions)
    assert with_gradients[0] - per_pass[0] == pytest.approx(0.2)

    def replayed(run_id: str, label: str) -> tuple[float, float, float]:
        block = next(b for b in published_runs()[run_id]["replay"] if label in b["label"])
        result = estimate_for_scenario(block["scenario"], catalog, alternatives=False).training
        assert result is not None
        (published,) = block["measured"].values()
        return result.tokens_per_s_per_gpu / published - 1.0, result.step_breakdown_s["data_parallel"], \
            result.step_time_s

    kempner = replayed("kempnerforge-mfu-scaling-llama3-h200-fsdp2-tp", "70B, 32 H200")
    mpt = replayed("mosaic-70b-h100x64-seq2048", "MPT-70B, 64 H100")
    VALIDATION_TABLES.append(("FSDP weight gathers hidden pass by pass, error % (data-parallel s / step s)",
                              f"KempnerForge 70B, TP 4 x FSDP 8, 32 H200: {kempner[0] * 100:+.1f}% "
                              f"({kempner[1]:.2f} / {kempner[2]:.2f} s)\n"
                              f"MPT-70B, FSDP 64, 64 H100: {mpt[0] * 100:+.1f}% ({mpt[1]:.2f} / {mpt[2]:.2f} s)"))
    assert kempner[0] < 0.30 and kempner[1] > 0.2 * kempner[2]
    assert abs(mpt[0]) < 0.05


# TinyLlama-1.1B's shape (its config.json): 22 layers, hidden 2,048, 32 heads, 4 key / value heads, SwiGLU 5,632.
TINYLLAMA_SHAPE = {"layers": 22, "hidden": 2048, "heads": 32, "kv_heads": 4, "ffn_hidden": 5632, "vocab": 32000,
                   "gated_mlp": True}


def test_deepspeed_reduce_scatters_the_gradients_after_every_micro_batch_from_zero_2_on(catalog) -> None:
    """DeepSpeed's engine reduces the gradients at every micro-batch from ZeRO-2 on (engine.allreduce_gradients),
    ZeRO-1 and plain data parallelism once a step: on 8 PCIe cards (no fabric) a 1.1B model's ZeRO-2 step moves the
    gradients' reduce-scatter once per micro-batch, so its data-parallel time grows with the micro-batches a step
    runs, ZeRO-1's does not, and a stack that accumulates locally (FSDP's profile here) prices ZeRO-2 as ZeRO-1."""
    def data_parallel_s(stack: str, zero: int, micro_batch: int) -> float:
        scenario = {"task": "pretrain", "model": TINYLLAMA_SHAPE, "seq_len": 2048, "stack": stack,
                    "training": {"tokens": 1e9, "zero": zero, "global_batch": 256, "micro_batch": micro_batch},
                    "hardware": {"gpu": "rtx-4090", "count": 8}, "parallelism": {"tp": 1, "pp": 1, "dp": 8},
                    "assumptions": {"dp_overlap": 0.0}}
        result = estimate_for_scenario(scenario, catalog, alternatives=False).training
        assert result is not None
        return result.step_breakdown_s["data_parallel"]

    zero1 = [data_parallel_s("deepspeed", 1, mbs) for mbs in (1, 4)]
    zero2 = [data_parallel_s("deepspeed", 2, mbs) for mbs in (1, 4)]
    assert zero1[0] == pytest.approx(zero1[1], rel=1e-6)  # once a step, whatever the accumulation
    # 32 micro-batches a step against 8: the reduce-scatter half counts 32 (8) times, the all-gather once.
    assert zero2[0] / zero1[0] == pytest.approx(0.5 * (32 + 1), rel=0.02)
    assert zero2[1] / zero1[1] == pytest.approx(0.5 * (8 + 1), rel=0.02)
    fsdp = data_parallel_s("fsdp", 2, 1)
    assert fsdp == pytest.approx(zero1[0], rel=1e-6)
