"""`training.weight_dtype`: FP8 parameters and narrower LoRA bases, the FP8 activation inputs of the MLPerf LoRA
recipes, and what the scenario refuses."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from gpuplanner.cli.main import main
from gpuplanner.core.estimates.estimate import estimate
from gpuplanner.core.models.adapters import NF4_DOUBLE_QUANT_BITS_PER_PARAM
from gpuplanner.core.training.memory import GIB, activation_bytes_per_layer
from gpuplanner.core.training.workload import Assumptions, Layouts
from gpuplanner.service import scenario_from_data
from tests.test_cli import write

LLAMA_8B = {"preset": "llama-3.1-8b"}
H100 = {"gpu": "h100-sxm5-80gb", "count": 8}
ONE_LAYOUT = {"tp": 1, "pp": 1, "dp": 8}


def run(catalog, scenario: dict):
    return estimate(scenario_from_data(scenario, catalog))


def pretrain(weight_dtype: str | None = None, precision: str = "fp8", gpu: str = "h100-sxm5-80gb") -> dict:
    training = {"global_batch": 64, "micro_batch": 1, "zero": 0, "recompute": "full"}
    if weight_dtype is not None:
        training["weight_dtype"] = weight_dtype
    return {"task": "pretrain", "model": LLAMA_8B, "seq_len": 4096, "precision": precision, "training": training,
            "hardware": {**H100, "gpu": gpu}, "parallelism": ONE_LAYOUT}


def test_fp8_parameters_store_the_matrices_in_one_byte_and_keep_the_rest_16_bit(catalog) -> None:
    """Transformer Engine's FP8 parameters: the layer matrices at 1 byte, embeddings, norms and head at 2; the fp32
    master copy and the gradients do not change."""
    model = scenario_from_data(pretrain(), catalog).model
    plain, fp8 = run(catalog, pretrain()), run(catalog, pretrain("fp8"))
    expected = (model.matmul_params * 1.0 + (model.total_params - model.matmul_params) * 2.0) / GIB
    # (the stage's count leaves out the final norm's hidden weights: 1e-6 of the total)
    assert fp8.memory_gib_per_gpu.weights == pytest.approx(expected, rel=1e-6)
    assert plain.memory_gib_per_gpu.weights == pytest.approx(model.total_params * 2.0 / GIB, rel=1e-6)
    assert fp8.memory_gib_per_gpu.optimizer == plain.memory_gib_per_gpu.optimizer
    assert fp8.memory_gib_per_gpu.gradients == plain.memory_gib_per_gpu.gradients
    assert "FP8, read by the GEMMs" in fp8.assumptions["weight_storage"]
    assert plain.assumptions["weight_storage"] == "16-bit (the compute dtype)"


def test_fp8_parameters_halve_the_zero3_weight_gathers(catalog) -> None:
    """Megatron-Core's --fp8-param-gather: ZeRO-3 gathers the stored FP8 weights, half the bytes of 16-bit ones."""
    def gathers(weight_dtype: str | None) -> float:
        scenario = pretrain(weight_dtype)
        scenario["training"] = {**scenario["training"], "zero": 3}
        scenario["hardware"] = {"gpu": "h100-sxm5-80gb", "count": 16, "network_gbps_per_node": 400}
        scenario["parallelism"] = {"tp": 1, "pp": 1, "dp": 16}
        scenario["assumptions"] = {"gather_exposed_share": 1.0}  # every gather shows: the traffic itself
        return run(catalog, scenario).training.step_breakdown_s["data_parallel"]

    assert gathers("fp8") < 0.75 * gathers(None)


def test_fp8_weights_fall_back_with_the_precision_and_say_so(catalog) -> None:
    """An A100 has no FP8: the run falls back to BF16, and its weights are kept in BF16 (a warning says both)."""
    result = run(catalog, pretrain("fp8", gpu="a100-sxm4-80gb"))
    assert any("FP8 weights need FP8 GEMMs" in w and "BF16" in w for w in result.warnings), result.warnings
    assert result.memory_gib_per_gpu.weights == pytest.approx(run(catalog, pretrain(
        None, gpu="a100-sxm4-80gb")).memory_gib_per_gpu.weights)


def lora(weight_dtype: str | None, precision: str) -> dict:
    training = {"global_batch": 8, "micro_batch": 1, "lora_rank": 16, "zero": 0, "recompute": "full"}
    if weight_dtype is not None:
        training["weight_dtype"] = weight_dtype
    return {"task": "lora", "model": LLAMA_8B, "seq_len": 4096, "precision": precision, "training": training,
            "hardware": H100, "parallelism": ONE_LAYOUT}


def test_an_fp8_lora_base_under_16_bit_compute_is_dequantized_a_layer_at_a_time(catalog) -> None:
    """A frozen FP8 base with BF16 GEMMs is upcast per layer, as QLoRA's NF4 base is: one 16-bit layer more in
    memory and the dequantization traffic in every pass; with FP8 GEMMs it is read as it is."""
    model = scenario_from_data(lora(None, "bf16"), catalog).model
    bf16, fp8_base = run(catalog, lora(None, "bf16")), run(catalog, lora("fp8", "bf16"))
    direct = run(catalog, lora("fp8", "fp8"))
    one_layer = model.total_params / model.layers * 2.0 / GIB  # a layer's share of the stage, dequantized
    assert direct.memory_gib_per_gpu.weights + one_layer == pytest.approx(fp8_base.memory_gib_per_gpu.weights,
                                                                         rel=1e-6)
    assert fp8_base.memory_gib_per_gpu.weights < 0.6 * bf16.memory_gib_per_gpu.weights
    assert "dequantized" in fp8_base.assumptions["weight_storage"]
    assert fp8_base.training.step_breakdown_s["memory_bound"] > bf16.training.step_breakdown_s["memory_bound"]
    # Read as stored: no per-layer upcast, and none of the per-step FP8 cast a 16-bit base pays.
    assert direct.training.step_breakdown_s["memory_bound"] < run(catalog, lora(None, "fp8")).training \
        .step_breakdown_s["memory_bound"]


def test_qlora_is_an_nf4_base_whether_or_not_the_file_says_so(catalog) -> None:
    base = lora(None, "bf16") | {"task": "qlora"}
    said = lora("nf4", "bf16") | {"task": "qlora"}
    lora_nf4 = lora("nf4", "bf16")
    model = scenario_from_data(base, catalog).model
    nf4 = (model.matmul_params * NF4_DOUBLE_QUANT_BITS_PER_PARAM / 8.0
           + (model.total_params - model.matmul_params) * 2.0)
    weights = {name: run(catalog, s).memory_gib_per_gpu.weights for name, s in
               (("qlora", base), ("qlora nf4", said), ("lora nf4", lora_nf4))}
    assert weights["qlora"] == weights["qlora nf4"] == weights["lora nf4"]
    assert weights["qlora"] > nf4 / GIB  # plus the adapters and one dequantized layer
    assert run(catalog, base).assumptions["adapters"]["quantized_base"] is True


def test_fp8_activation_inputs_store_the_swiglu_inputs_in_one_byte(catalog) -> None:
    """NeMo's fp8_activation_input_store: SwiGLU's gate and up (2 x ffn / hidden of s*b*h at 2 bytes) stored at 1
    byte: 2 x ffn / hidden x s*b*h bytes less per layer, and nothing without FP8 GEMM inputs."""
    model = scenario_from_data(lora(None, "fp8"), catalog).model
    layout = Layouts.single(1, 1, 8, 1, 0, 0, False, 1)
    s, b, h = 4096, 1, model.hidden

    def per_layer(fp8: bool, store: bool) -> float:
        return float(activation_bytes_per_layer(model, s, layout, 2.0, Assumptions(fp8_activation_inputs=store),
                                                fp8)[0])

    assert per_layer(True, False) - per_layer(True, True) == pytest.approx(2.0 * model.ffn_hidden / h * s * b * h)
    assert per_layer(False, True) == per_layer(False, False)


def test_amds_mlperf_lora_run_fits_at_its_published_unsharded_layout(catalog) -> None:
    """AMD's MLPerf v5.1 Llama-2-70B LoRA on 8 MI300X ran at TP 1 x DP 8 with Megatron DDP (ZeRO-0), FP8 parameters
    and FP8 activation inputs (config_MI300X_1x8x1.sh): with the recipe's storage it fits the 192 GB; with 16-bit base
    weights (236.7 GiB) it would not."""
    scenario = {"task": "lora", "model": {"preset": "llama-2-70b"}, "seq_len": 8192, "precision": "fp8",
                "training": {"global_batch": 8, "micro_batch": 1, "lora_rank": 16, "lora_targets": "attention",
                             "recompute": "full", "recompute_layers": 21, "zero": 0},
                "hardware": {"gpu": "mi300x", "count": 8}, "parallelism": {"tp": 1, "pp": 1, "dp": 8}}
    sixteen_bit = run(catalog, scenario)
    assert sixteen_bit.fits is False and sixteen_bit.memory_gib_per_gpu.total == pytest.approx(236.7, abs=0.1)
    scenario["training"]["weight_dtype"] = "fp8"
    scenario["assumptions"] = {"fp8_activation_inputs": True}
    recipe = run(catalog, scenario)
    assert recipe.fits is True
    memory = recipe.memory_gib_per_gpu
    print(f"AMD MLPerf LoRA at ZeRO-0: {memory.total:.1f} GiB reserved, {memory.allocated:.1f} allocated of "
          f"{memory.capacity:.0f}")
    assert memory.weights == pytest.approx(sixteen_bit.memory_gib_per_gpu.weights / 2.0, rel=0.02)


@pytest.mark.parametrize(("training", "task", "precision", "words"), [
    ({"weight_dtype": "nf4"}, "pretrain", "bf16", "cannot be trained"),
    ({"weight_dtype": "fp8"}, "qlora", "bf16", "choose task lora"),
    ({"weight_dtype": "fp8"}, "finetune", "bf16", "need precision fp8"),
    ({"weight_dtype": "bf16"}, "pretrain", "fp32", "fp32 training keeps fp32 weights"),
    ({"weight_dtype": "fp8"}, "inference", "bf16", "inference.weight_dtype"),
    ({"weight_dtype": "int4"}, "lora", "bf16", "must be one of"),
])
def test_weight_dtypes_a_task_cannot_train_with_exit_2_naming_the_field(tmp_path: Path, capsys, training, task,
                                                                      precision, words) -> None:
    scenario = {"task": task, "model": LLAMA_8B, "precision": precision, "training": training}
    code = main(["estimate", str(write(tmp_path, scenario))])
    err = capsys.readouterr().err.strip()
    assert code == 2, err
    assert len(err.splitlines()) == 1 and "error: training.weight_dtype:" in err and words in err, err


def test_the_wizard_writes_reads_and_hides_the_weight_storage(qtbot, main_window) -> None:
    """"Weights stored as" shows for full training and LoRA, not for QLoRA (NF4 by definition) or serving; what it
    says goes into the scenario, and an opened file's value is shown."""
    wizard = main_window.wizard
    page = wizard.precision_page
    layout = page.layout()

    def pick(task: str) -> None:
        button = wizard.task_page.buttons[task]
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))

    pick("lora")
    assert layout.isRowVisible(page.stored_weights)
    assert "weight_dtype" not in wizard.scenario()["training"]  # "As computed" writes nothing
    page.stored_weights.setCurrentIndex(page.stored_weights.findData("fp8"))
    assert wizard.scenario()["training"]["weight_dtype"] == "fp8"
    pick("qlora")
    assert not layout.isRowVisible(page.stored_weights)
    assert "weight_dtype" not in wizard.scenario()["training"]
    pick("inference")
    assert not layout.isRowVisible(page.stored_weights)
    wizard.load_scenario({"task": "pretrain", "model": LLAMA_8B, "precision": "fp8",
                          "training": {"weight_dtype": "fp8"}})
    assert layout.isRowVisible(page.stored_weights) and page.stored_weights.currentData() == "fp8"
    assert wizard.scenario()["training"]["weight_dtype"] == "fp8"


def test_nvidias_fp4_lora_run_fits_with_its_nvfp4_base_held_in_both_orientations(catalog) -> None:
    """NVIDIA's MLPerf v5.1 FP4 LoRA on 8 GB200 (TP 1 x CP 2 x DP 4, no recomputation) keeps the frozen base as
    NVFP4 tensors with row- and column-wise data (custom_callbacks.py, _pre_quantize_model): 2 x 4.5 bits a matrix
    weight. A 16-bit base does not fit the 186 GiB it ran on."""
    scenario = {"task": "lora", "model": {"preset": "llama-2-70b"}, "seq_len": 8192, "precision": "fp4",
                "training": {"global_batch": 8, "micro_batch": 1, "lora_rank": 16, "lora_targets": "attention",
                             "recompute": "none", "zero": 0},
                "hardware": {"gpu": "gb200", "count": 8, "gpus_per_node": 8},
                "parallelism": {"tp": 1, "pp": 1, "cp": 2, "dp": 4}}
    assert run(catalog, scenario).fits is False
    scenario["training"]["weight_dtype"] = "fp4"
    recipe = run(catalog, scenario)
    model = scenario_from_data(scenario, catalog).model
    adapters = recipe.memory_gib_per_gpu.weights - (
        model.matmul_params * 2 * 4.5 / 8 + (model.total_params - model.matmul_params) * 2.0) / GIB
    # The rest: LoRA's A and B in 16-bit, r (d_in + d_out) on q, k, v and o of 80 layers (h 8192, K/V 1024 wide).
    lora = 80 * 16 * ((8192 + 8192) + 2 * (8192 + 1024) + (8192 + 8192))
    assert recipe.fits is True
    assert adapters == pytest.approx(lora * 2.0 / GIB, rel=1e-3)
    assert "NVFP4" in recipe.assumptions["weight_storage"] and "read by the GEMMs" in recipe.assumptions[
        "weight_storage"]


def test_zero1_gathers_fp8_parameters_at_their_stored_bytes(catalog) -> None:
    """The distributed optimizer reduce-scatters 16-bit gradients and all-gathers the updated weights as stored
    (Megatron-Core's --fp8-param-gather): with FP8 parameters the data-parallel traffic is (2 + stored) / (2 + 2)
    of the 16-bit one."""
    from gpuplanner.core.training.memory import stored_weight_bytes_per_param
    from gpuplanner.core.training.workload import TrainingWorkload, WeightDtype

    def traffic(weight_dtype: str | None) -> float:
        scenario = pretrain(weight_dtype)
        scenario["training"] = {**scenario["training"], "zero": 1}
        scenario["hardware"] = {"gpu": "h100-sxm5-80gb", "count": 16, "network_gbps_per_node": 400}
        scenario["parallelism"] = {"tp": 1, "pp": 1, "dp": 16}
        scenario["assumptions"] = {"dp_overlap": 0.0, "collective_latency_s": 0.0}  # the traffic itself
        return run(catalog, scenario).training.step_breakdown_s["data_parallel"]

    model = scenario_from_data(pretrain(), catalog).model
    stored = stored_weight_bytes_per_param(TrainingWorkload(model, weight_dtype=WeightDtype.FP8))
    assert traffic("fp8") / traffic(None) == pytest.approx((2.0 + stored) / 4.0, rel=1e-6)


@pytest.mark.parametrize(("gpu", "copies"), [("h100-sxm5-80gb", 2), ("b200", 1)])
def test_fp8_compute_on_16_bit_weights_pays_their_cast_once_a_step(catalog, gpu, copies) -> None:
    """Transformer Engine quantizes 16-bit weights for FP8 GEMMs once per optimizer step (read 2 bytes, write one
    FP8 copy, and a transposed one where FP8 GEMMs take only the TN layout: Hopper, not data-centre Blackwell). A
    LoRA step of one micro-batch over a 70B frozen base pays it in full; FP8 parameters pay nothing."""
    from gpuplanner.core.training.performance import hbm_bytes_per_s

    def memory_bound(weight_dtype: str | None) -> float:
        scenario = {"task": "lora", "model": {"preset": "llama-2-70b"}, "seq_len": 8192, "precision": "fp8",
                    "training": {"global_batch": 8, "micro_batch": 1, "lora_rank": 16, "lora_targets": "attention",
                                 "recompute": "none", "zero": 0},
                    "hardware": {"gpu": gpu, "count": 8}, "parallelism": {"tp": 8, "pp": 1, "dp": 1}}
        if weight_dtype is not None:
            scenario["training"]["weight_dtype"] = weight_dtype
        return run(catalog, scenario).training.step_breakdown_s["memory_bound"]

    scenario = scenario_from_data({"task": "lora", "model": {"preset": "llama-2-70b"}}, catalog)
    model = scenario.model
    # The GPU's share (TP 8) of the stage's matrices, the final norm aside as the stage count does.
    matrices = (model.total_params - model.hidden) / 8 * model.matmul_params / model.total_params
    cast = (memory_bound(None) - memory_bound("fp8")) * hbm_bytes_per_s(catalog.gpu(gpu))
    assert cast == pytest.approx(matrices * (2.0 + copies * 1.0), rel=1e-6)


def test_fp8_math_on_16_bit_weights_says_what_fp8_parameters_would_free(catalog) -> None:
    """The estimate keeps what the scenario says; where FP8 parameters would free a real share of the GPU (here 70B
    at TP 4: 32 GiB of weights -> 16), a warning says so, with the key to set."""
    scenario = {"task": "lora", "model": {"preset": "llama-2-70b"}, "seq_len": 8192, "precision": "fp8",
                "training": {"global_batch": 8, "micro_batch": 1, "lora_rank": 16, "lora_targets": "attention",
                             "recompute": "none", "zero": 0},
                "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}, "parallelism": {"tp": 4, "pp": 1, "dp": 2}}

    def hints(result) -> list[str]:
        return [w for w in result.warnings if "training.weight_dtype fp8" in w]

    sixteen_bit = run(catalog, scenario)
    (hint,) = hints(sixteen_bit)
    fp8, now = (float(v) for v in re.search(r"in ([0-9.]+) GiB per GPU instead of ([0-9.]+)", hint).groups())
    assert now == pytest.approx(sixteen_bit.memory_gib_per_gpu.weights, abs=0.05)
    assert 0.5 * now < fp8 < 0.52 * now  # the matrices halve; embeddings and head stay 16-bit
    scenario["training"]["weight_dtype"] = "fp8"
    assert hints(run(catalog, scenario)) == []
    scenario["training"].pop("weight_dtype")
    assert hints(run(catalog, {**scenario, "precision": "bf16"})) == []
