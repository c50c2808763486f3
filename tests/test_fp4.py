"""FP4: NVFP4 / MXFP4 tensor cores as a precision and as a serving weight and KV format —
dense FP4 peaks in the catalog where a source gives one, FP4 -> FP8 -> BF16 fallback with a warning, 4.5-bit
weights (4-bit values and an FP8 scale per 16); FP4 serving carries the out-of-sample error of its published
sources, each judged with the fit on the others, FP4 training the out-of-sample band of its published runs."""

from __future__ import annotations

import pytest

from gpuplanner.calibration.published_fit import (
    SERVING_BANDS,
    SERVING_OUT_OF_SAMPLE_MAX_PCT,
    SERVING_OUT_OF_SAMPLE_MEDIAN_PCT,
    SERVING_SOURCES,
    SOURCES,
    TRAINING_BANDS,
)
from gpuplanner.catalog.store import Catalog
from gpuplanner.service import estimate_for_scenario

SERVE = {"task": "inference", "model": {"preset": "llama-3.1-70b"},
         "inference": {"weight_dtype": "fp4", "kv_dtype": "fp8", "batch": 64}, "hardware": {"count": 1}}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog(overrides_path=None)


def serve(catalog, gpu: str, weights: str = "fp4"):
    return estimate_for_scenario({**SERVE, "inference": {**SERVE["inference"], "weight_dtype": weights},
                                  "hardware": {"gpu": gpu, "count": 1}}, catalog)


def test_dense_fp4_peaks_are_twice_fp8_where_a_source_gives_them(catalog) -> None:
    for gpu_id, fp4 in (("b200", 9000), ("gb200", 10000), ("mi355x", 10050), ("mi350x", 9225)):
        gpu = catalog.gpu(gpu_id)
        assert gpu.dense_tflops["fp4"] == fp4, gpu_id
        assert fp4 == pytest.approx(2 * gpu.dense_tflops["fp8"], rel=0.01), gpu_id  # dense, not sparse
    # GeForce: FP4 is not halved like FP32-accumulate FP8 (419): the whitepaper's 1,676 dense.
    assert catalog.gpu("rtx-5090").dense_tflops["fp4"] == 1676
    # B300: NVIDIA's DGX B300 datasheet, 108 PF dense FP4 for 8 GPUs = 13,500 a GPU (its Blackwell Ultra table
    # rounds to 14 PF); and, corrected from the GB300 figures, 7.7 TB/s and 1,100 W, with the 262.5 GiB software can
    # allocate (OCI's 268,800 MiB), not NVIDIA's HGX 270 GB nor the 288 GB of the physical stacks.
    b300 = catalog.gpu("b300")
    assert b300.dense_tflops["fp4"] == 13500 and b300.memory_bandwidth_gbs == 7700 and b300.tdp_w == 1100
    assert b300.memory_gib == 262.5
    assert catalog.gpu("h100-sxm5-80gb").dense_tflops["fp4"] is None  # Hopper has no FP4 tensor cores


def test_fp4_training_falls_back_to_fp8_without_fp4_tensor_cores(catalog) -> None:
    base = {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "precision": "fp4", "training": {"tokens": 1e10}}
    blackwell = estimate_for_scenario({**base, "hardware": {"gpu": "b200", "count": 8}}, catalog)
    # Published FP4 runs from several independence groups (MLPerf v5.1's LoRA, 405B and 8B recipes, v6.0's 405B and
    # 8B) judge Blackwell FP4: the band is their coverage quantile, not the unvalidated 35 %.
    assert blackwell.precision == "fp4"
    group = ("Blackwell", "fp4")
    assert SOURCES[group] >= 4
    assert (blackwell.training.uncertainty_pct, blackwell.training.uncertainty_basis) == TRAINING_BANDS[group]
    assert blackwell.training.uncertainty_pct < 35.0
    assert not any("No published run on Blackwell in fp4" in str(w) for w in blackwell.warnings)
    hopper = estimate_for_scenario({**base, "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}, catalog)
    assert (hopper.precision, hopper.precision_requested) == ("fp8", "fp4")
    assert any("no FP4 tensor cores" in str(w) for w in hopper.warnings)


def test_fp4_weights_take_four_and_a_half_bits_and_decode_faster(catalog) -> None:
    fp4, fp8, fp16 = (serve(catalog, "b200", dtype) for dtype in ("fp4", "fp8", "fp16"))
    # The matmul weights at 4.5 bits instead of 8; embeddings and norms stay 16-bit (fp16 - fp8 = the matmul
    # weights at one byte each).
    matmul_at_one_byte = fp16.memory_gib_per_gpu.weights - fp8.memory_gib_per_gpu.weights
    assert fp4.memory_gib_per_gpu.weights == pytest.approx(fp8.memory_gib_per_gpu.weights
                                                           - (1.0 - 0.5625) * matmul_at_one_byte, rel=1e-9)
    assert fp4.inference.tpot_s < fp8.inference.tpot_s
    # FP4 is checked against three independence groups (TensorRT-LLM 1.0's table on B200 / GB200, MLPerf Inference
    # v4.1 and v5.0 on one B200) that disagree: too few for a coverage quantile, so its band is the worst error seen;
    # FP8 serving's is TensorRT-LLM's coverage quantile (which of the two is the wider follows the runs each holds).
    assert fp4.inference.uncertainty_pct == SERVING_BANDS["fp4"][0] >= SERVING_OUT_OF_SAMPLE_MAX_PCT["fp4"]
    assert fp8.inference.uncertainty_pct == SERVING_BANDS["tensorrt-llm"][0]
    note = next(str(w) for w in fp4.warnings if "FP4 serving is checked against published sources" in str(w))
    assert f"{SERVING_OUT_OF_SAMPLE_MEDIAN_PCT['fp4']:.0f}% off in the median" in note
    assert f"up to {SERVING_OUT_OF_SAMPLE_MAX_PCT['fp4']:.0f}%" in note
    assert len(SERVING_SOURCES["fp4"]) == 3 and all(name in note for name in SERVING_SOURCES["fp4"])
    hopper = serve(catalog, "h100-sxm5-80gb")
    assert any("FP4 weights save memory but run as FP8 GEMMs" in str(w) for w in hopper.warnings)


def test_the_wizard_offers_fp4(qtbot, private_user_data) -> None:
    from gpuplanner.ui.main_window import MainWindow
    from gpuplanner.ui.settings import AppSettings

    window = MainWindow(Catalog(), AppSettings())
    qtbot.addWidget(window)
    page = window.wizard.precision_page
    for combo in (page.precision, page.weight_dtype, page.kv_dtype):
        assert combo.findData("fp4") >= 0
    page.precision.setCurrentIndex(page.precision.findData("fp4"))
    assert window.wizard.scenario()["precision"] == "fp4"
    window.close_without_asking = True
    window.close()
