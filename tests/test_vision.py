"""Image-model training: CNNs from parameters, FLOPs and measured activations; ViT and DiT as transformers."""

from __future__ import annotations

import json

import pytest

from gpuplanner.calibration.replay import diffusion_cases, format_table, median_abs_error, run_cases, vision_cases
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.estimates.estimate import estimate
from gpuplanner.core.estimates.image_estimate import CNN_BAND_PCT
from gpuplanner.core.images.unet import UNET_BAND_PCT, unet_forward_flops, unet_from_config_file, unet_params
from gpuplanner.core.results.results import Estimate
from gpuplanner.paths import resource_path
from gpuplanner.service import scenario_from_data
from tests.conftest import VALIDATION_TABLES


def run(catalog, data: dict) -> Estimate:
    return estimate(scenario_from_data(data, catalog))


def test_cnn_training_against_nvidia_measurements(catalog) -> None:
    results = run_cases(vision_cases(), catalog)
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


def test_sdxl_is_planned_from_its_published_unet_config(catalog) -> None:
    """SDXL answered 'FLOPs per image are not in the catalog': its U-Net is now counted from the config.json its
    authors publish, and the user's own FLOPs per image still override the count."""
    base = {"task": "diffusion", "model": {"preset": "sdxl"}, "images": {"batch": 256, "count": 1_000_000,
                                                                        "epochs": 1},
            "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}
    counted = run(catalog, base)
    assert counted.model.params == 2_567_463_684 and counted.training.days > 0
    assert counted.model.training_flops_per_image == pytest.approx(3 * 6761.24e9, rel=1e-4)
    given = run(catalog, {**base, "images": {**base["images"], "gflops_per_sample": 2 * 6761.24}})
    assert given.training.days == pytest.approx(2 * counted.training.days, rel=0.05)


def test_unet_counts_match_the_published_parameter_totals() -> None:
    """The walk the FLOPs follow reproduces each U-Net's parameter count exactly (diffusers' num_parameters() of
    the hub weights; SDXL paper Table 1: 2.6B, SD model card: 860M), so no block is missed or counted twice."""
    counts = {name: unet_params(unet_from_config_file(resource_path("catalog", "unet", f"{name}.json")))
              for name in ("sdxl", "sd-1-5", "sd-2-base")}
    assert counts == {"sdxl": 2_567_463_684, "sd-1-5": 859_520_964, "sd-2-base": 865_910_724}


def test_unet_flops_grow_with_the_latent_area() -> None:
    """Convolutions and linear layers scale with the pixels, self-attention with their square: doubling the side
    more than quadruples the FLOPs, and SD 1.5 at 512 px counts ~0.8 TFLOP a forward pass (2 x 401.6 G MACs)."""
    sd15 = unet_from_config_file(resource_path("catalog", "unet", "sd-1-5.json"))
    at_512, at_1024 = unet_forward_flops(sd15, 512), unet_forward_flops(sd15, 1024)
    assert at_512 == pytest.approx(803.27e9, rel=1e-4)
    assert 4.0 < at_1024 / at_512 < 16.0


def test_a_unet_config_in_the_scenario_plans_like_the_preset(catalog) -> None:
    """A diffusion scenario can carry its own U-Net config (model.unet_config): the same architecture as the
    catalog's preset gives the same plan; another block type is refused by name."""
    config = json.loads(resource_path("catalog", "unet", "sd-2-base.json").read_text(encoding="utf-8"))
    base = {"task": "diffusion", "images": {"batch": 512, "count": 2_000_000, "epochs": 1},
            "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}
    preset = run(catalog, {**base, "model": {"preset": "sd-2-base"}})
    own = run(catalog, {**base, "model": {"unet_config": config, "name": "my U-Net"}})
    assert own.training.images_per_s == pytest.approx(preset.training.images_per_s, rel=1e-5)  # the table rounds
    assert own.model.name == "my U-Net"
    with pytest.raises(InputError) as error:
        run(catalog, {**base, "model": {"unet_config": {**config, "down_block_types": ["SimpleCrossAttnDownBlock2D",
                                                                                       *config["down_block_types"][1:]]}}})
    assert error.value.field == "model.unet_config" and "SimpleCrossAttnDownBlock2D" in str(error.value)
    with pytest.raises(InputError):
        run(catalog, {**base, "task": "pretrain", "model": {"unet_config": config}})


def test_diffusion_training_against_mlperf(catalog) -> None:
    """MLPerf Training v3.1 stable_diffusion (published-runs: mlperf-t31-sd2-*): within the U-Net band where the
    per-GPU batch is one the efficiency covers; below it the estimate says it is optimistic and is not banded."""
    results = run_cases(diffusion_cases(), catalog)
    VALIDATION_TABLES.append(("Diffusion U-Net training vs MLPerf Training v3.1", format_table(results)))
    fitted = [r for r in results if r.case.in_median]
    assert len(fitted) == 2 and all(abs(r.error_pct) <= UNET_BAND_PCT for r in fitted)
    for r in results:
        small = not r.case.in_median
        assert any("is below the" in str(w) for w in r.result.warnings) == small
        assert (r.result.training.uncertainty_pct == UNET_BAND_PCT) != small


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
    from gpuplanner.core.training.performance import hbm_bytes_per_s

    base = {"task": "vision", "model": {"preset": "resnet-50"}, "hardware": {"gpu": "a100-sxm4-80gb", "count": 1},
            "training": {"micro_batch": 256, "zero": 0}, "images": {"batch": 256}}
    mixed = run(catalog, base)
    pure = run(catalog, {**base, "assumptions": {"master_weights": False}})
    params, hbm = mixed.model.params, hbm_bytes_per_s(catalog.gpu("a100-sxm4-80gb"))
    assert mixed.training.step_breakdown_s["optimizer"] == pytest.approx(2 * params * 16 / hbm, rel=1e-9)
    assert pure.training.step_breakdown_s["optimizer"] == pytest.approx(2 * params * 8 / hbm, rel=1e-9)


def test_the_cli_words_an_sdxl_estimate_in_images(tmp_path) -> None:
    """`gpuplanner estimate` on SDXL said 'Layout: TP 1 · PP 1 · DP 8 (v=1) · ZeRO-1 · micro-batch 8 · recompute none
    · sequence parallel off': it says how many GPUs take how many images a pass, in both languages."""
    from tests.conftest import run_cli

    scenario = tmp_path / "sdxl.json"
    scenario.write_text(json.dumps({"task": "diffusion", "model": {"preset": "sdxl"}, "images": {
        "count": 1_000_000, "epochs": 1, "batch": 512}, "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}))
    english = run_cli("estimate", str(scenario))
    chinese = run_cli("estimate", str(scenario), "--lang", "zh_CN")
    assert english.returncode == chinese.returncode == 0, english.stderr + chinese.stderr
    assert "Layout: data parallel over 8 GPUs · 8 images a GPU per pass" in english.stdout
    assert "8 卡数据并行 · 每卡每次 8 张图像" in chinese.stdout and "TP 1" not in chinese.stdout
