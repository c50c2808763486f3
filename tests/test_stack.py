"""Software-stack profiles (`stack`): each fixes what its framework does and limits the layout search to what it
runs; the user's own values win; every training estimate says what came from where."""

from __future__ import annotations

import json

import pytest

from gpuplanner.catalog.store import Catalog
from gpuplanner.cli.main import main
from gpuplanner.core.scenario.stack import PROFILES, Stack
from gpuplanner.service import estimate_for_scenario

BASE = {"task": "pretrain", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e11},
        "hardware": {"gpu": "h100-sxm5-80gb", "count": 64}}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog(overrides_path=None)


def estimate(catalog, **extra):
    return estimate_for_scenario({**BASE, **extra}, catalog)


def test_no_stack_is_the_modern_default_and_says_everything_was_searched(catalog) -> None:
    result = estimate(catalog)
    assert result.stack is not None and result.stack.name == "modern"
    assert result.stack.searched == ("tp", "pp", "dp", "cp", "zero", "micro_batch", "recompute", "recompute_layers",
                                     "sequence_parallel", "virtual_stages")
    assert result.assumptions["flash_attention"] is True


def test_frameworks_without_model_parallelism_never_get_it(catalog) -> None:
    for stack in ("fsdp", "deepspeed"):
        result = estimate(catalog, stack=stack)
        assert (result.layout.tp, result.layout.pp) == (1, 1)
        assert result.layout.zero in PROFILES[Stack(stack)].zero_stages
        assert result.stack is not None and result.stack.from_profile["tp"] == 1
        assert "tp" not in result.stack.searched and "dp" in result.stack.searched
    megatron = estimate(catalog, stack="megatron-core")
    assert megatron.layout.zero in (0, 1)  # the distributed optimizer shards the optimizer states only


def test_megatron_core_keeps_and_reduces_gradients_in_fp32_unless_told_otherwise(catalog) -> None:
    """Megatron-LM under --bf16 keeps its gradient buffers in fp32 and reduces them so (its distributed-optimizer
    guide: 6 + 12/d bytes a parameter for bf16 parameters with fp32 gradients): the megatron-core profile holds twice
    the modern default's gradient memory and moves twice its gradient bytes at the same layout; a tuned recipe that
    reduces in bf16 (MLPerf's grad_reduce_in_fp32=False) says gradient_bytes 2 and gets the default's back."""
    pinned = {"parallelism": {"tp": 8, "pp": 1, "dp": 8}, "training": {"tokens": 1e11, "zero": 1, "micro_batch": 1},
              "hardware": {"gpu": "h100-sxm5-80gb", "count": 64}}
    core, modern = estimate(catalog, stack="megatron-core", **pinned), estimate(catalog, **pinned)
    tuned = estimate(catalog, stack="megatron-core", assumptions={"gradient_bytes": 2.0}, **pinned)
    assert core.stack is not None and core.stack.from_profile["gradient_bytes"] == 4.0
    assert core.memory_gib_per_gpu.gradients == pytest.approx(2 * modern.memory_gib_per_gpu.gradients)
    assert core.training is not None and modern.training is not None and tuned.training is not None
    assert core.training.step_breakdown_s["data_parallel"] > modern.training.step_breakdown_s["data_parallel"]
    assert tuned.memory_gib_per_gpu.gradients == pytest.approx(modern.memory_gib_per_gpu.gradients)


def test_megatron_2021_runs_as_it_did_and_is_slower_than_today(catalog) -> None:
    old, new = estimate(catalog, stack="megatron-2021"), estimate(catalog)
    assert old.assumptions["flash_attention"] is False and old.assumptions["gradient_bytes"] == 4.0
    assert old.assumptions["dp_overlap"] == 0.0 and old.layout.zero == 0
    assert old.stack is not None and old.stack.from_profile["flash_attention"] is False
    assert old.training is not None and new.training is not None
    assert old.training.step_time_s > 1.1 * new.training.step_time_s  # 10-25 % and more without FlashAttention


def test_the_users_values_win_over_the_profile_and_are_listed_as_theirs(catalog) -> None:
    result = estimate(catalog, stack="megatron-2021", assumptions={"flash_attention": True},
                      training={"tokens": 1e11, "zero": 1}, parallelism={"tp": 2})
    assert result.assumptions["flash_attention"] is True and result.layout.zero == 1 and result.layout.tp == 2
    assert result.stack is not None
    assert "flash_attention" not in result.stack.from_profile
    assert {"assumptions.flash_attention", "zero", "tp"} <= set(result.stack.set_by_you)
    assert "zero" not in result.stack.searched and "tp" not in result.stack.searched


def test_the_stack_is_in_the_json_and_a_bad_one_exits_2(tmp_path, capsys) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({**BASE, "stack": "fsdp"}), encoding="utf-8")
    assert main(["estimate", str(path), "--format", "json"]) == 0
    stack = json.loads(capsys.readouterr().out)["stack"]
    assert stack["name"] == "fsdp" and stack["from_profile"]["pp"] == 1 and "FSDP" in stack["source"]
    assert main(["estimate", str(path)]) == 0
    assert "Software stack fsdp" in capsys.readouterr().out
    path.write_text(json.dumps({**BASE, "stack": "jax"}), encoding="utf-8")
    assert main(["estimate", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("gpuplanner: error: stack:") and "fsdp" in err and len(err.splitlines()) == 1


def test_the_wizard_writes_and_reads_the_stack(qtbot, private_user_data) -> None:
    from tests.conftest import open_window

    window = open_window(qtbot)
    page = window.wizard.precision_page
    assert "stack" not in window.wizard.scenario()  # the default: nothing written
    page.stack.setCurrentIndex(page.stack.findData("torchtitan"))
    assert window.wizard.scenario()["stack"] == "torchtitan"
    window.wizard.load_scenario({**BASE, "stack": "deepspeed"})
    assert page.stack.currentData() == "deepspeed"
    window.close_without_asking = True
    window.close()


def test_tensor_parallel_overlap_hides_that_share_of_the_collectives(catalog) -> None:
    """`assumptions.tp_overlap` hides that share of the tensor-parallel collectives behind the
    GEMMs (Transformer Engine's overlap); 0 by default (the public runs do not support another default), and
    Megatron-LM 2021, which had no such overlap, fixes it at 0."""
    pinned = {"parallelism": {"tp": 8, "pp": 1}, "training": {"tokens": 1e11, "micro_batch": 1}}
    plain = estimate(catalog, **pinned).training.step_breakdown_s
    half = estimate(catalog, **pinned, assumptions={"tp_overlap": 0.5}).training.step_breakdown_s
    assert plain["tensor_parallel"] > 0
    assert half["tensor_parallel"] == pytest.approx(plain["tensor_parallel"] * 0.5)
    assert half["gemm"] == pytest.approx(plain["gemm"])
    assert PROFILES[Stack.MEGATRON_2021].assumptions["tp_overlap"] == 0.0


def test_fp8_recipes_gather_sequence_parallel_activations_in_one_byte(catalog) -> None:
    """With sequence parallelism, Transformer Engine casts the norm's output and the output gradient to FP8 before
    their all-gathers (LayerNormLinear): in an FP8 run the all-gathers move 1 byte a value, the reduce-scatters 2, so
    3/4 of a 16-bit run's bytes. 16-bit runs, and FP8 runs without sequence parallelism, move 2 bytes a value."""
    pinned = {"parallelism": {"tp": 8, "pp": 1, "dp": 8}, "training": {"tokens": 1e11, "micro_batch": 1,
                                                                       "recompute": "none"},
              "assumptions": {"collective_latency_s": 0.0}}

    def tp_seconds(precision: str, sequence_parallel: bool) -> float:
        parallelism = {**pinned["parallelism"], "sequence_parallel": sequence_parallel}
        result = estimate(catalog, **{**pinned, "parallelism": parallelism}, precision=precision)
        assert result.layout.sequence_parallel is sequence_parallel
        return result.training.step_breakdown_s["tensor_parallel"]

    assert tp_seconds("fp8", True) == pytest.approx(0.75 * tp_seconds("bf16", True))
    assert tp_seconds("fp8", False) == pytest.approx(tp_seconds("bf16", False))


def test_older_attention_kernels_run_slower_where_the_papers_say(catalog) -> None:
    """PyTorch FSDP and DeepSpeed run FlashAttention-2, which reaches 35 % of H100's peak against 50-73 % of A100's
    (FlashAttention-3 and -2 papers): on Hopper their attention time is 0.615 / 0.35 of the fused kernels'; on
    Ampere, where FlashAttention-2 is the best kernel, nothing changes. FlashAttention-1 / xformers (LLaMA-1's) runs
    at 0.62 of FlashAttention-2 everywhere (Dao 2023's end-to-end table; test_validation judges it)."""
    from gpuplanner.core.training.performance import attention_kernel_factor

    long = {"seq_len": 32768, "training": {"tokens": 1e10, "global_batch": 64},
            "parallelism": {"tp": 1, "pp": 1, "dp": 64, "cp": 1}}
    fsdp = estimate(catalog, stack="fsdp", **long)
    assert fsdp.assumptions["flash_attention_version"] == 2.0 and fsdp.stack is not None
    assert fsdp.stack.from_profile["flash_attention_version"] == 2.0
    fused = estimate(catalog, stack="fsdp", assumptions={"flash_attention_version": 3.0}, **long)
    assert fsdp.training is not None and fused.training is not None
    assert fsdp.training.step_time_s > 1.2 * fused.training.step_time_s  # attention dominates at 32K tokens
    h100, a100 = catalog.gpu("h100-sxm5-80gb"), catalog.gpu("a100-sxm4-80gb")
    assert attention_kernel_factor(h100, 2) == pytest.approx(0.35 / 0.615)
    assert attention_kernel_factor(a100, 2) == attention_kernel_factor(a100, 3) == 1.0
    assert attention_kernel_factor(a100, 1) == 0.62
    assert attention_kernel_factor(h100, 1) == pytest.approx(0.62 * 0.35 / 0.615)
    on_a100 = {**long, "hardware": {"gpu": "a100-sxm4-80gb", "count": 64}}
    a, b = (estimate(catalog, stack="fsdp", assumptions={"flash_attention_version": value}, **on_a100)
            for value in (2.0, 3.0))
    assert a.training is not None and b.training is not None
    assert a.training.step_time_s == b.training.step_time_s


def test_fp8_attention_runs_the_attention_core_at_flashattention3s_fp8_ratio_on_hopper(catalog) -> None:
    """Transformer Engine's FP8 dot-product attention (FP8_DPA=1 in NVIDIA's, Dell's and Krai's MLPerf LoRA
    recipes): on Hopper the attention core runs 1.2 PFLOPS / 740 TFLOPS faster (FlashAttention-3's FP8 and FP16
    figures); the linear layers, the memory and 16-bit runs do not change, and no other architecture has a
    published ratio (Blackwell's FP8-attention MLPerf runs fit 16-bit attention cost: performance.py)."""
    from gpuplanner.core.training.performance import FP8_ATTENTION_SPEEDUP

    assert set(FP8_ATTENTION_SPEEDUP) == {"Hopper"}
    assert pytest.approx(1.2e15 / 740e12) == FP8_ATTENTION_SPEEDUP["Hopper"]
    lora = {"task": "lora", "model": {"preset": "llama-2-70b"}, "seq_len": 8192, "precision": "fp8",
            "training": {"global_batch": 8, "micro_batch": 1, "lora_rank": 16, "lora_targets": "attention",
                         "recompute": "none", "zero": 0, "tokens": 1e8},
            "hardware": {"gpu": "h200-sxm-141gb", "count": 8},
            "parallelism": {"tp": 2, "pp": 1, "dp": 4, "sequence_parallel": True}}

    def run(gpu: str, precision: str, on: bool):
        scenario = {**lora, "precision": precision, "hardware": {"gpu": gpu, "count": 8},
                    "assumptions": {"fp8_attention": on}}
        result = estimate_for_scenario(scenario, catalog)
        assert result.training is not None
        return result

    off, on = run("h200-sxm-141gb", "fp8", False), run("h200-sxm-141gb", "fp8", True)
    assert on.assumptions["fp8_attention"] is True and off.assumptions["fp8_attention"] is False
    saved = off.training.step_breakdown_s["gemm"] - on.training.step_breakdown_s["gemm"]
    attention = saved / (1.0 - 1.0 / FP8_ATTENTION_SPEEDUP["Hopper"])  # the 16-bit attention time it came from
    # Llama-2-70B at 8,192 tokens with a frozen base: the causal attention core is about a third of the matmul time.
    assert 0.25 < attention / off.training.step_breakdown_s["gemm"] < 0.45
    assert {k: v for k, v in on.training.step_breakdown_s.items() if k != "gemm"} \
        == {k: v for k, v in off.training.step_breakdown_s.items() if k != "gemm"}
    assert on.memory_gib_per_gpu == off.memory_gib_per_gpu
    for gpu, precision in (("h200-sxm-141gb", "bf16"), ("b200", "fp8")):
        assert run(gpu, precision, True).training.step_time_s == run(gpu, precision, False).training.step_time_s


def test_hugging_face_stack_runs_eager_and_keeps_what_eager_layers_keep(catalog) -> None:
    """The Hugging Face Transformers / PEFT profile runs a Llama layer op by op: more memory traffic (slower) and
    more kept activations (fp32 norm inputs, SiLU's output, K and V repeated to every head) and logits (upcast to
    fp32 before the loss: 12 bytes a token x vocabulary entry, 6 more than a Megatron-style loss) than fused
    kernels, at the same layout; it says both settings came from it."""
    fixed = {"task": "lora", "model": {"preset": "llama-3.1-8b"}, "seq_len": 2048,
             "training": {"tokens": 1e8, "global_batch": 8, "micro_batch": 1, "recompute": "none", "zero": 0,
                          "lora_targets": "qv"},
             "hardware": {"gpu": "a100-sxm4-80gb", "count": 1}, "parallelism": {"tp": 1, "pp": 1, "dp": 1}}
    fused = estimate_for_scenario(fixed, catalog)
    eager = estimate_for_scenario({**fixed, "stack": "hf-transformers"}, catalog)
    assert eager.assumptions["fused_elementwise"] is False and fused.assumptions["fused_elementwise"] is True
    assert eager.stack is not None and eager.stack.from_profile["fused_elementwise"] is False
    assert eager.training is not None and fused.training is not None
    assert eager.training.step_time_s > fused.training.step_time_s
    # Llama 3.1 8B (32 heads, 8 KV heads, SwiGLU 14336 / 4096), frozen base, LoRA on q and v: per token x hidden
    # eager adds 2 x 2 (fp32 norm inputs) + 2 x 3.5 (SiLU's output) + 2 x (2 x 1 - 0.5) (repeated K, V) = 14 bytes;
    # the loss 6 bytes more per token x vocabulary entry.
    added = (eager.memory_gib_per_gpu.activations - fused.memory_gib_per_gpu.activations) * 2**30
    assert added == pytest.approx(14.0 * 2048 * 4096 * 32 + 6.0 * 2048 * 128256, rel=1e-6)


def test_node_striped_collectives_spread_cross_node_data_parallel_traffic_over_a_nodes_nics(catalog) -> None:
    """With `assumptions.node_striped_collectives` a data-parallel ring spanning nodes has the NICs of its ranks in a
    node: MPT-13B under FSDP at micro-batch 2 on 64 H100 (MosaicML's row: 4,800 tokens/s per GPU, as on 8) stops
    being bound by its weight gathers, and the estimate that costs one NIC per GPU says what it assumes and how to
    change it. Inside one node nothing changes."""
    from gpuplanner.calibration.replay import fsdp_scale_out_cases

    mpt_13b = next(case.scenario["model"] for case in fsdp_scale_out_cases() if case.label.startswith("MPT-13b,"))
    run = {"task": "pretrain", "model": mpt_13b, "seq_len": 2048, "precision": "bf16", "stack": "fsdp",
           "training": {"global_batch": 128, "micro_batch": 2, "zero": 3, "recompute": "none"},
           "hardware": {"gpu": "h100-sxm5-80gb", "count": 64, "network_gbps_per_node": 1600},
           "parallelism": {"tp": 1, "pp": 1, "dp": 64}}
    per_nic = estimate_for_scenario(run, catalog)
    striped = estimate_for_scenario({**run, "assumptions": {"node_striped_collectives": True}}, catalog)
    assert per_nic.training.step_breakdown_s["data_parallel"] > 0.5 * per_nic.training.step_time_s
    assert striped.training.step_breakdown_s["data_parallel"] < 0.2 * striped.training.step_time_s
    assert striped.training.tokens_per_s_per_gpu > 4 * per_nic.training.tokens_per_s_per_gpu
    notes = [str(w) for w in per_nic.warnings if "node_striped_collectives" in str(w)]
    assert len(notes) == 1 and "of the step" in notes[0]
    assert not any("node_striped_collectives" in str(w) for w in striped.warnings)
    one_node = {**run, "training": {**run["training"], "global_batch": 16}, "parallelism": {"tp": 1, "pp": 1, "dp": 8},
                "hardware": {**run["hardware"], "count": 8}}
    assert estimate_for_scenario({**one_node, "assumptions": {"node_striped_collectives": True}},
                                 catalog).training.step_time_s == estimate_for_scenario(one_node,
                                                                                        catalog).training.step_time_s


def test_no_striping_note_where_a_data_parallel_group_has_one_rank_a_node(catalog) -> None:
    """TP 8 fills a node: each data-parallel ring has one rank there and its NIC, striped or not, so an estimate
    whose data-parallel traffic is large says nothing about striping."""
    run = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "seq_len": 4096, "training": {"global_batch": 16,
           "micro_batch": 1, "zero": 3}, "hardware": {"gpu": "h100-sxm5-80gb", "count": 128,
           "network_gbps_per_node": 400}, "parallelism": {"tp": 8, "pp": 1, "dp": 16}}
    result = estimate_for_scenario(run, catalog)
    assert result.training.step_breakdown_s["data_parallel"] > 0.2 * result.training.step_time_s
    assert not any("node_striped_collectives" in str(w) for w in result.warnings)
    striped = estimate_for_scenario({**run, "assumptions": {"node_striped_collectives": True}}, catalog)
    assert striped.training.step_time_s == pytest.approx(result.training.step_time_s)


def test_striped_data_parallel_rings_count_the_context_parallel_ranks_of_a_node(catalog) -> None:
    """Megatron-Core reduces the gradients over the data- and context-parallel ranks together, so on 8 nodes of 8 a
    CP 2 x DP 32 layout has the 64-rank ring of DP 64, 8 ranks (and NICs) a node: striped, the same traffic time (Llama
    3.1 8B as University of Florida's MLPerf run on 64 B200)."""
    run = {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "seq_len": 8192, "precision": "fp8",
           "stack": "megatron-core", "assumptions": {"node_striped_collectives": True},
           "training": {"global_batch": 64, "micro_batch": 1, "zero": 1, "recompute": "none", "weight_dtype": "fp8"},
           "hardware": {"gpu": "b200", "count": 64, "network_gbps_per_node": 3200}}
    with_cp = estimate_for_scenario({**run, "parallelism": {"tp": 1, "pp": 1, "cp": 2, "dp": 32}}, catalog)
    without = estimate_for_scenario({**run, "parallelism": {"tp": 1, "pp": 1, "cp": 1, "dp": 64}}, catalog)
    assert with_cp.layout.cp == 2 and without.layout.cp == 1
    assert with_cp.training.step_breakdown_s["data_parallel"] == pytest.approx(
        without.training.step_breakdown_s["data_parallel"], rel=0.02)
