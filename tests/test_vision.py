"""Image-model training: CNNs from parameters, FLOPs and measured activations; ViT and DiT as transformers."""

from __future__ import annotations

import pytest

from benchmarks.replay import format_table, median_abs_error, run_cases, vision_cases
from gpuplanner.core.errors import InputError
from gpuplanner.core.estimate import estimate
from gpuplanner.core.image_estimate import CNN_BAND_PCT
from gpuplanner.core.results import Estimate
from gpuplanner.service import scenario_from_data
from tests.conftest import VALIDATION_TABLES


def run(catalog, data: dict) -> Estimate:
    return estimate(scenario_from_data(data, catalog))


def test_cnn_training_against_nvidia_measurements(catalog) -> None:
    results = run_cases(vision_cases(catalog), catalog)
    VALIDATION_TABLES.append(("Image-model training vs NVIDIA DeepLearningExamples", format_table(results)))
    assert median_abs_error(results) <= 15.0
    # One vendor's tables are one independence group: the band is the worst error, so it holds every run.
    assert all(abs(r.error_pct) <= CNN_BAND_PCT for r in results)


def test_dit_flops_match_the_paper(catalog) -> None:
    """Peebles & Xie 2023 Table 4: DiT-XL/2 at 256x256 is 118.6 Gflops (multiply-adds)."""
    dit = catalog.image_model("dit-xl-2")
    tokens = dit.tokens(256)
    assert tokens == 256
    forward_flops = dit.transformer.forward_flops_per_token(tokens) * tokens
    assert forward_flops / 2 / 1e9 == pytest.approx(118.6, rel=0.05)


def test_vit_tokens_grow_with_resolution(catalog) -> None:
    vit = catalog.image_model("vit-l-16")
    assert vit.tokens(224) == 197 and vit.tokens(384) == 577
    small = run(catalog, {"task": "vision", "model": {"preset": "vit-l-16"}, "hardware": {"gpu": "h100-sxm5-80gb",
                                                                                         "count": 8}})
    large = run(catalog, {"task": "vision", "model": {"preset": "vit-l-16"}, "images": {"resolution": 384},
                          "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}})
    assert large.training.days > 2.5 * small.training.days
    assert small.training.images_per_s > 0 and small.task == "vision"


def test_cnn_memory_grows_with_micro_batch_and_resolution(catalog) -> None:
    base = {"task": "vision", "model": {"preset": "resnet-50"}, "hardware": {"gpu": "rtx-4090", "count": 1},
            "training": {"micro_batch": 32, "zero": 0}, "images": {"batch": 256}}
    small = run(catalog, base)
    bigger = run(catalog, {**base, "images": {"batch": 256, "resolution": 448}})
    assert small.memory_gib_per_gpu.activations == pytest.approx(41.9 * 32 / 1024, rel=1e-6)
    assert bigger.memory_gib_per_gpu.activations == pytest.approx(4 * small.memory_gib_per_gpu.activations)


def test_sdxl_without_flops_names_the_missing_field(catalog) -> None:
    with pytest.raises(InputError) as error:
        run(catalog, {"task": "diffusion", "model": {"preset": "sdxl"}})
    assert error.value.field == "images.gflops_per_sample"
    result = run(catalog, {"task": "diffusion", "model": {"preset": "sdxl"},
                           "images": {"gflops_per_sample": 5000, "activation_mib_per_sample": 4000, "batch": 64,
                                      "count": 1_000_000, "epochs": 1},
                           "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}})
    assert result.training.days > 0


@pytest.mark.parametrize(("data", "field"), [
    ({"task": "pretrain", "model": {"preset": "llama-2-7b"}, "images": {"count": 10}}, "images"),
    ({"task": "vision", "model": {"layers": 4}}, "model"),
    ({"task": "vision", "model": {"preset": "llama-2-7b"}}, "model.preset"),
    ({"task": "vision", "model": {"preset": "resnet-50"}, "images": {"epochs": -1}}, "images.epochs"),
    ({"task": "vision", "model": {"preset": "resnet-50"}, "images": {"resolution": 3}}, "images.resolution"),
])
def test_bad_image_inputs_name_the_field(catalog, data: dict, field: str) -> None:
    with pytest.raises(InputError) as error:
        run(catalog, data)
    assert error.value.field == field


def test_plan_covers_image_training(catalog) -> None:
    from gpuplanner.service import plan_for_scenario

    result = plan_for_scenario({"task": "vision", "model": {"preset": "resnet-50"},
                                "constraints": {"deadline_days": 2, "deployment": "on-prem"}}, catalog, top=3)
    assert result.plans and all(plan.days <= 2 for plan in result.plans)


def test_a_cnn_runs_its_per_gpu_batch_in_one_pass_unless_memory_needs_more(catalog) -> None:
    """An image model's time, fitted on runs of a whole per-GPU batch, has no cost for splitting it: among equal
    times the largest micro-batch that fits is chosen, then the lowest ZeRO stage (ResNet-50 on 8 A100 in one pass, not
    128); where the whole batch does not fit, the search still splits it."""
    data = {"task": "vision", "model": {"preset": "resnet-50"}, "images": {"count": 1281167, "epochs": 90},
            "hardware": {"gpu": "a100-sxm4-80gb", "count": 8}}
    layout = run(catalog, data).layout
    assert layout.micro_batch == 128 and layout.zero < 3
    big = run(catalog, {**data, "images": {**data["images"], "batch": 8192, "resolution": 448}})
    assert big.fits and big.layout.micro_batch < 1024


def test_an_image_model_plan_shows_images_per_second_in_its_details(qtbot, catalog) -> None:
    from PySide6.QtGui import QTextDocument

    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.details import plan_html

    plan = plan_for_scenario({"task": "vision", "model": {"preset": "resnet-50"},
                              "hardware": {"gpu": "a100-sxm4-80gb", "count": 8}}, catalog, top=1).plans[0]
    document = QTextDocument()
    document.setHtml(plan_html(plan, "USD"))
    text = document.toPlainText()
    assert "Images/s" in text and "Tokens/s per GPU" not in text


def test_an_image_models_optimizer_step_moves_what_a_transformers_does(catalog) -> None:
    """The update reads and writes each parameter's 16-bit weight, its gradient (2 bytes by default), AdamW's two
    fp32 moments and the fp32 master copy: 2 x (2 + 2 + 8 + 4) bytes, once per step, at HBM bandwidth; without a
    master copy the moments follow the bf16 weights (2 x (2 + 2 + 4))."""
    from gpuplanner.core.performance import hbm_bytes_per_s

    base = {"task": "vision", "model": {"preset": "resnet-50"}, "hardware": {"gpu": "a100-sxm4-80gb", "count": 1},
            "training": {"micro_batch": 256, "zero": 0}, "images": {"batch": 256}}
    mixed = run(catalog, base)
    pure = run(catalog, {**base, "assumptions": {"master_weights": False}})
    params, hbm = mixed.model.params, hbm_bytes_per_s(catalog.gpu("a100-sxm4-80gb"))
    assert mixed.training.step_breakdown_s["optimizer"] == pytest.approx(2 * params * 16 / hbm, rel=1e-9)
    assert pure.training.step_breakdown_s["optimizer"] == pytest.approx(2 * params * 8 / hbm, rel=1e-9)
