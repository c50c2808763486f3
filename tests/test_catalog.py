"""The bundled hardware catalog: built deterministically from sourced CSVs, with honest values."""

from __future__ import annotations

import dataclasses
import sqlite3
from pathlib import Path

import pytest

from gpuplanner.catalog.build import CatalogSourceError, build_catalog, catalog_dump
from gpuplanner.catalog.schema import SCHEMA_VERSION, TABLES
from gpuplanner.catalog.store import Catalog
from gpuplanner.paths import bundled_catalog_path, resource_path

DESIGN_GPU_IDS = ["a100-sxm4-80gb", "a100-sxm4-40gb", "a100-pcie-80gb", "h100-sxm5-80gb", "h100-pcie-80gb",
                  "h800-sxm5-80gb", "h200-sxm-141gb", "b200", "l40s", "l4", "rtx-4090", "rtx-a6000",
                  "v100-sxm2-32gb", "mi300x", "mi250x", "ascend-910b"]
ISSUE_GPU_IDS = ["h100-nvl-94gb", "h20", "a800-sxm4-80gb", "l40", "l20", "a10", "a30", "a40", "t4",
                 "v100-pcie-32gb", "rtx-5090", "rtx-3090", "rtx-3090-ti", "rtx-6000-ada", "mi325x", "mi210",
                 "gaudi2", "gaudi3"]


def test_committed_catalog_matches_a_fresh_build(tmp_path: Path) -> None:
    fresh = tmp_path / "catalog.db"
    build_catalog(resource_path("catalog"), fresh)
    assert catalog_dump(fresh) == catalog_dump(bundled_catalog_path()), (
        "catalog.db is stale: run `python -m gpuplanner.catalog build` and commit it")


def test_two_builds_are_identical(tmp_path: Path) -> None:
    build_catalog(resource_path("catalog"), tmp_path / "a.db")
    build_catalog(resource_path("catalog"), tmp_path / "b.db")
    assert (tmp_path / "a.db").read_bytes() == (tmp_path / "b.db").read_bytes()


def test_schema_version_and_tables() -> None:
    connection = sqlite3.connect(bundled_catalog_path())
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    for table, columns in TABLES.items():
        names = [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]
        assert names == [name for name, _ in columns]


def test_table_sizes(catalog) -> None:
    assert len(catalog.rows("gpus")) >= 35
    assert len(catalog.rows("servers")) >= 10
    assert len(catalog.rows("cloud_instances")) >= 25
    assert len(catalog.rows("fabrics")) >= 10
    assert len(catalog.rows("models")) >= 17


@pytest.mark.parametrize("gpu_id", DESIGN_GPU_IDS + ISSUE_GPU_IDS)
def test_required_gpus_present(catalog, gpu_id: str) -> None:
    gpu = catalog.gpu(gpu_id)
    assert gpu.source


def test_every_gpu_row_is_filled_or_explains_why(catalog) -> None:
    for row in catalog.rows("gpus"):
        for column in ("model", "memory_gib", "memory_bandwidth_gbs", "tdp_w", "source", "as_of"):
            if row[column] is None:
                assert row["notes"], f"{row['id']}.{column} is empty without a note"
        assert row["bf16_tflops"] is not None or row["fp16_tflops"] is not None or row["notes"], row["id"]


def test_every_row_of_every_table_has_a_source(catalog) -> None:
    for table in TABLES:
        for row in catalog.rows(table):
            assert row["source"], f"{table}.{row['id']} has no source"


def test_dense_not_sparse_figures(catalog) -> None:
    h100 = catalog.gpu("h100-sxm5-80gb")
    assert h100.dense_tflops["bf16"] == pytest.approx(989.5)
    assert h100.dense_tflops["fp8"] == pytest.approx(1979)
    assert catalog.gpu("a100-sxm4-80gb").dense_tflops["bf16"] == pytest.approx(312)
    assert catalog.gpu("b200").dense_tflops["bf16"] == pytest.approx(2250)
    for gpu in catalog.gpus():
        bf16, fp8 = gpu.dense_tflops["bf16"], gpu.dense_tflops["fp8"]
        if bf16 and fp8:
            # FP8 is at most ~twice the 16-bit rate (L40S: 733 FP16-accumulate vs 362 FP32-accumulate).
            assert fp8 <= 2.05 * bf16, gpu.id
        if bf16 and gpu.dense_tflops["fp32"]:
            assert gpu.dense_tflops["fp32"] <= bf16, gpu.id


def test_unknown_values_stay_empty(catalog) -> None:
    assert catalog.gpu("kunlunxin-p800").memory_bandwidth_gbs is None
    assert catalog.gpu("hygon-k100-ai").tdp_w is None


def test_bad_source_value_is_reported_with_its_place(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    for csv_file in resource_path("catalog").glob("*.csv"):
        (source / csv_file.name).write_text(csv_file.read_text(encoding="utf-8"), encoding="utf-8")
    gpus = (source / "gpus.csv").read_text(encoding="utf-8").replace(",HBM3e,7700,", ",HBM3e,lots,", 1)
    (source / "gpus.csv").write_text(gpus, encoding="utf-8")
    with pytest.raises(CatalogSourceError, match=r"gpus.csv:\d+: gpus.memory_bandwidth_gbs expects a number"):
        build_catalog(source, tmp_path / "out.db")


def test_presets_resolve_to_architectures_with_their_published_sizes(catalog) -> None:
    """The parameter count our arithmetic derives from each preset's architecture (the catalog's own total set
    aside) against the released checkpoints (Hugging Face safetensors totals; GPT-3: Brown et al. 2020)."""
    released = {"llama-2-7b": 6_738_415_616, "llama-2-13b": 13_015_864_320, "llama-2-70b": 68_976_648_192,
                "llama-3.1-8b": 8_030_261_248, "llama-3.1-70b": 70_553_706_496, "llama-3.1-405b": 405_853_388_800,
                "qwen2.5-7b": 7_615_616_512, "qwen2.5-72b": 72_706_203_648, "mixtral-8x7b": 46_702_792_704,
                "gpt-3-175b": 175.0e9, "bert-base": 110e6, "bert-large": 340e6}
    for preset, published in released.items():
        model = dataclasses.replace(catalog.model(preset), params_override=None, active_params_override=None)
        assert model.total_params == pytest.approx(published, rel=0.025), preset
    mixtral = dataclasses.replace(catalog.model("mixtral-8x7b"), params_override=None, active_params_override=None)
    assert mixtral.active_params == pytest.approx(12_879_925_248, rel=0.01)  # 2 of 8 experts per token


def test_dgx_b200_power_supplies_and_weight_are_the_user_guides() -> None:
    # NVIDIA DGX B200 User Guide, "Introduction to NVIDIA DGX B200 Systems": power supply 6 x 3.3 kW,
    # "3,300 W @ 200-240 V, 16 A", "configured for 5+1 redundancy"; system weight 313.9 lbs (142.4 kg) max.
    row = Catalog(overrides_path=None).row("servers", "dgx-b200")
    assert (row["psu_count"], row["psu_w"], row["psu_redundancy"], row["weight_kg"]) == (6, 3300.0, "5+1", 142.4)
    assert "docs.nvidia.com/dgx/dgxb200-user-guide" in str(row["source"])


def test_dgx_h100_and_h200_power_supplies() -> None:
    # NVIDIA DGX H100/H200 User Guide, Power Specifications: six supplies of 3,300 W @ 200-240 V, 16 A, in a 4+2
    # configuration (10.2 kW maximum input); Introduction: system weight 287.6 lb (130.45 kg).
    for server in ("dgx-h100", "dgx-h200"):
        row = Catalog(overrides_path=None).row("servers", server)
        assert (row["psu_count"], row["psu_w"], row["psu_redundancy"]) == (6, 3300.0, "4+2")
        assert row["max_power_w"] == 10200
        assert row["weight_kg"] == 130.45 and "130.45 kg" in str(row["source"])


def test_corrected_rows() -> None:
    catalog = Catalog(overrides_path=None)
    # deepseek-ai/DeepSeek-V3 config.json: "max_position_embeddings": 163840 (the row said 131072).
    assert catalog.row("models", "deepseek-v3")["max_seq_len"] == 163840
    # NVIDIA H200 product page, MIG row: "Up to 7 MIGs @16.5GB each" for H200 NVL, "@18GB" for H200 SXM.
    assert "16.5 GB" in str(catalog.row("gpus", "h200-nvl-141gb")["mig"])
    assert "18 GB" in str(catalog.row("gpus", "h200-sxm-141gb")["mig"])


def test_dit_xl2_parameters_are_the_papers_and_the_per_token_count_says_where_it_comes_from(catalog) -> None:
    """Peebles & Xie 2023 (arXiv:2212.09748), Table 4: DiT-XL/2 has 675M parameters. The per-token count is ours:
    675M less the 28 adaLN-Zero modulation layers (1152 -> 6 x 1152, with bias), which run once per image."""
    row = catalog.row("models", "dit-xl-2")
    assert row["params"] == 675_000_000
    modulation = 28 * (1152 * 6912 + 6912)
    assert row["active_params"] == pytest.approx(675e6 - modulation, rel=0.001)
    assert "not in the paper" in str(row["notes"]) and "223,147,008" in str(row["notes"])


def test_catalog_cells_never_show_exponents() -> None:
    """A 3,000,000 USD rack-scale system read "3e+06" in the catalog tab."""
    from gpuplanner.catalog.store import format_cell

    assert format_cell(3_000_000.0) == "3,000,000"
    assert format_cell(3_950_000) == "3,950,000" and format_cell(2024) == "2024"  # years stay years
    assert format_cell(0.4003) == "0.4003" and format_cell(2.25) == "2.25" and format_cell(None) == "n/a"
