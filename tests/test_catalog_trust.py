"""Catalog values corrected or filled from their sources, pinned with them; every bundled row says how far it can
be trusted; every price carries its date or says its source gives none; the plan says how far its price can be
trusted and flags old ones."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from gpuplanner.catalog.build import CatalogSourceError, build_catalog
from gpuplanner.catalog.schema import CONFIDENCE_LEVELS, PRICE_COLUMNS
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.cost.cost import Price, purchase_price_age_note
from gpuplanner.paths import resource_path
from gpuplanner.service import plan_for_scenario


@pytest.fixture(scope="module")
def bundled() -> Catalog:
    return Catalog(overrides_path=None)


def test_the_values_the_audit_corrected(bundled) -> None:
    # AWS EC2 On-Demand pricing page, p5en.48xlarge (Linux, us-east-1): 63.296 USD/h since the June 2025 cut of
    # P5-family prices (the row held a pre-cut catalog copy's 84.80); EFA v3, 3,200 Gb/s.
    p5en = bundled.row("cloud_instances", "aws-p5en-48xlarge")
    assert (p5en["on_demand_per_hour"], p5en["network_gbps"], p5en["currency"]) == (63.296, 3200, "USD")
    assert "aws.amazon.com/ec2/pricing/on-demand" in str(p5en["source"]) and p5en["price_date"] == "2026-11"
    # Dell PowerEdge XE9680 spec sheet: 6 x 2800 W Titanium supplies, 3+3 fault tolerant (not 6 x 3200 W).
    xe9680 = bundled.row("servers", "dell-xe9680")
    assert (xe9680["psu_count"], xe9680["psu_w"], xe9680["psu_redundancy"]) == (6, 2800.0, "3+3")
    assert "poweredge-xe9680-spec-sheet" in str(xe9680["source"])
    # NVIDIA L40S product page: max power 350 W (the compilation it was cited to says 300 W, the L40's figure).
    l40s = bundled.row("gpus", "l40s")
    assert l40s["tdp_w"] == 350 and "nvidia.com/en-us/data-center/l40s" in str(l40s["source"])
    # GB200: 1,200 W per GPU is the product page's per-GPU figure, not the per-superchip tech brief's.
    assert "per-GPU" in str(bundled.row("gpus", "gb200")["source"])
    # Ascend 910B: the bin is the 910B3 (Atlas 800T A2); its 313 TFLOPS FP16 is in no Huawei document: an estimate.
    ascend = bundled.row("gpus", "ascend-910b")
    assert "910B3" in str(ascend["model"]) and ascend["confidence"] == "estimate"
    assert "not a Huawei document" in str(ascend["notes"])


def test_blanks_the_audit_found_public(bundled) -> None:
    b200, gb200 = bundled.gpu("b200"), bundled.gpu("gb200")
    # NVIDIA DGX B200 datasheet / HGX page: ECC, MIG up to 7 instances, PCIe Gen5 host link.
    assert (b200.ecc, b200.pcie_gen) == (True, 5) and "7" in b200.mig
    assert gb200.ecc is True and "7" in gb200.mig  # GB200 NVL72 product page
    # NVIDIA A800 80GB SXM datasheet: 2,039 GB/s; NVIDIA H800 SXM5 datasheet: up to 700 W.
    assert bundled.gpu("a800-sxm4-80gb").memory_bandwidth_gbs == 2039
    assert bundled.gpu("h800-sxm5-80gb").tdp_w == 700
    for gpu_id in ("b200", "gb200", "h20", "h800-sxm5-80gb", "a800-sxm4-80gb", "l20"):
        assert bundled.gpu(gpu_id).ecc is True, gpu_id
    # NVIDIA RTX Blackwell GPU architecture whitepaper, RTX 5090: TF32 104.8 and INT8 838 dense (half the sparse).
    rtx5090 = bundled.gpu("rtx-5090")
    assert (rtx5090.dense_tflops["tf32"], rtx5090.dense_tflops["int8"]) == (104.8, 838)
    # AWS EC2 accelerated-computing instance specifications: network bandwidth.
    assert bundled.row("cloud_instances", "aws-p4de-24xlarge")["network_gbps"] == 400
    assert bundled.row("cloud_instances", "aws-g6e-48xlarge")["network_gbps"] == 400


def test_every_bundled_row_says_how_far_it_can_be_trusted_and_every_price_has_a_date(bundled) -> None:
    for table in ("gpus", "servers", "cloud_instances", "models"):
        for row in bundled.rows(table):
            assert row["confidence"] in CONFIDENCE_LEVELS, (table, row["id"])
            if any(row.get(column) is not None for column in PRICE_COLUMNS.get(table, ())):
                assert row["price_date"], (table, row["id"])
                if table == "cloud_instances":
                    assert row["currency"] in ("USD", "CNY"), row["id"]
                else:
                    assert row["price_confidence"] in CONFIDENCE_LEVELS and row["price_source"], (table, row["id"])
    # An analyst's estimate is marked as one; a stand-in price of another model says so.
    assert bundled.row("gpus", "b200")["price_confidence"] == "estimate"
    assert bundled.row("servers", "dgx-a100-640gb")["price_usd"] is None  # no price of another model as a stand-in


def _copy_sources(tmp_path: Path) -> Path:
    source = tmp_path / "src"
    source.mkdir(parents=True)
    for csv_file in resource_path("catalog").glob("*.csv"):
        (source / csv_file.name).write_text(csv_file.read_text(encoding="utf-8"), encoding="utf-8")
    return source


def test_the_build_refuses_an_unknown_confidence_and_a_price_without_a_date(tmp_path: Path) -> None:
    source = _copy_sources(tmp_path)
    text = (source / "models.csv").read_text(encoding="utf-8")
    (source / "models.csv").write_text(text.replace(",datasheet,", ",trust me,", 1), encoding="utf-8")
    with pytest.raises(CatalogSourceError, match=r"models.csv:2: models.confidence must be one of datasheet"):
        build_catalog(source, tmp_path / "a.db")
    source = _copy_sources(tmp_path / "b")
    text = (source / "gpus.csv").read_text(encoding="utf-8")
    (source / "gpus.csv").write_text(text.replace(",2026,estimate,", ",,estimate,", 1), encoding="utf-8")  # B200's
    with pytest.raises(CatalogSourceError, match=r"gpus.price_date must not be empty where a price is given"):
        build_catalog(source, tmp_path / "b.db")


def test_a_price_over_twelve_months_old_or_undated_is_flagged_the_users_quote_too() -> None:
    today = dt.date(2026, 12, 1)
    assert purchase_price_age_note(Price(1.0, "x", "2025-11-30"), today) is not None
    assert purchase_price_age_note(Price(1.0, "x", "2026-06"), today) is None
    undated = purchase_price_age_note(Price(1.0, "x", "undated (read 2026-11)"), today)
    assert undated is not None and "undated" in str(undated)
    # A quote ages as a list price does (a vendor's quote of 2020 is no price to buy at in 2026).
    assert "2020-01-01, over 12 months ago" in str(purchase_price_age_note(
        Price(1.0, "your quote of 2020-01-01", "2020-01-01"), today))
    assert purchase_price_age_note(Price(1.0, "your quote of 2026-11-01", "2026-11-01"), today) is None


def test_a_price_bounded_by_two_dates_is_judged_by_the_older_and_worded_as_a_span(bundled) -> None:
    from gpuplanner.core.cost.cost import price_age_note, price_date_words, price_span

    assert price_span("2026-05-07/2026-12-04") == (dt.date(2026, 5, 7), dt.date(2026, 12, 4))
    assert price_span("2026-12-04/2026-05-07") is None and price_span("2026-05-07") is None
    assert str(price_date_words("2026-05-07/2026-12-04")) == "between 2026-05-07 and 2026-12-04"
    assert price_age_note("2026-05-07/2026-12-04", dt.date(2027, 3, 1)) is None
    old = price_age_note("2025-11-01/2026-12-04", dt.date(2026, 12, 5))  # may be 13 months old: flagged
    assert old is not None and "as early as 2025-11-01" in str(old)
    # Tencent's snapshot was committed with a lock file whose newest package was published 2026-05-07
    # (sugarlxn/skypilot-catalog .github/scripts/tencentcloud/uv.lock @3193645): no older than that, read 2026-12-04.
    tencent = [row for row in bundled.rows("cloud_instances") if row["provider"] == "Tencent Cloud"]
    assert len(tencent) == 9 and {row["price_date"] for row in tencent} == {"2026-05-07/2026-12-04"}
    assert all(row["currency"] == "CNY" for row in tencent)


def test_the_catalog_tab_words_a_price_date(qtbot) -> None:
    from PySide6.QtCore import Qt

    from gpuplanner.ui.catalog_model import CatalogTableModel

    model = CatalogTableModel([("price_date", "Price date")])
    model.set_rows([{"price_date": date, "source": "s", "as_of": "d"}
                    for date in ("2026-08-13", "2026-05-07/2026-12-04", "undated (page copy)", None)])
    texts = [model.data(model.index(row, 0), Qt.ItemDataRole.DisplayRole) for row in range(4)]
    assert texts == ["2026-08-13", "between 2026-05-07 and 2026-12-04", "undated (page copy)", "n/a"]
    tip = model.data(model.index(1, 0), Qt.ItemDataRole.ToolTipRole)
    assert "between 2026-05-07 and 2026-12-04" in tip and "s (d)" in tip  # the date in full, then its source


def test_a_plan_says_how_far_its_price_can_be_trusted_and_flags_an_old_one(bundled) -> None:
    bought = plan_for_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "seq_len": 2048,
                                "training": {"tokens": 2e8, "global_batch": 32},
                                "constraints": {"budget": 30000, "deployment": "on-prem"}}, bundled, top=5)
    rtx3090 = next(plan for plan in bought.plans if plan.gpu == "rtx-3090")
    assert rtx3090.price_basis == ("secondary", "2026-06-29")  # a used card's price in a dated buying guide
    assert rtx3090.site.node_confidence == "estimate"  # a generic workstation: derived figures
    ti = next(plan for plan in bought.plans if plan.gpu == "rtx-3090-ti")
    assert ti.price_basis == ("secondary", "2022-03")  # launch MSRP: no dated price since
    assert any("The purchase price is from 2022-03, over 12 months ago" in str(w) for w in ti.warnings)
    rented = plan_for_scenario({"task": "pretrain", "model": {"preset": "llama-2-70b"},
                                "constraints": {"deadline_days": 60, "deployment": "cloud"}}, bundled, top=5)
    plan = rented.plans[0]
    assert plan.price_basis == (plan.cost.cloud_offer.confidence, plan.cost.cloud_offer.price_date)
    assert plan.price_basis[0] in CONFIDENCE_LEVELS


def test_the_catalog_tab_shows_confidence_as_words(qtbot) -> None:
    from PySide6.QtCore import Qt

    from gpuplanner.ui.catalog_model import CatalogTableModel

    model = CatalogTableModel([("id", "ID"), ("confidence", "Confidence"), ("price_confidence", "Price")])
    model.set_rows([{"id": "x", "confidence": "estimate", "price_confidence": None, "source": "s", "as_of": "d"}])
    texts = [model.data(model.index(0, column), Qt.ItemDataRole.DisplayRole) for column in range(3)]
    assert texts == ["x", "estimate (low confidence)", "n/a"]


def test_new_rows_for_late_2026(bundled) -> None:
    """B300 and the MI350 series (secondary sources, marked so), and presets whose sizes the architecture fields
    reproduce: Qwen3 model cards (8.2B, 14.8B), Llama 3.3 70B (the 3.1 architecture), Mixtral 8x22B (141B total,
    39B active per Mistral's announcement), Llama 3.2 1B and 3B (1.23B, 3.21B)."""
    import dataclasses

    from gpuplanner.core.estimates.estimate import estimate
    from gpuplanner.service import scenario_from_data

    for gpu_id, fp8, memory in (("mi355x", 5033.2, 288), ("mi350x", 4613.7, 288),
                                ("rtx-pro-6000-blackwell", 1007.6, 96)):
        gpu = bundled.gpu(gpu_id)
        assert gpu.confidence == "secondary" and gpu.dense_tflops["fp8"] == fp8 and gpu.memory_gib == memory
        assert gpu.dense_tflops["bf16"] == pytest.approx(fp8 / 2, rel=1e-3)  # dense, not sparse
    # B300 from NVIDIA's Blackwell Ultra table and DGX B300 datasheet: 262.5 GiB allocatable (OCI's 268,800 MiB; the
    # HGX figure 270 GB, 288 physical), 1,100 W on HGX, INT8 cut to 150 TOPS dense (the table's 0.15 POPS).
    b300 = bundled.gpu("b300")
    assert b300.confidence == "datasheet" and (b300.dense_tflops["fp8"], b300.memory_gib) == (4500, 262.5)
    assert b300.tdp_w == 1100 and b300.dense_tflops["int8"] == 150
    # RTX PRO 6000 Blackwell: NVIDIA's 4,000 AI TOPS is FP4 with sparsity; hmc-tech.com lists 2.02 PF dense.
    pro = bundled.gpu("rtx-pro-6000-blackwell")
    assert pro.dense_tflops["fp4"] == pytest.approx(4000 / 2, rel=0.01) and pro.memory_bandwidth_gbs == 1792
    assert pro.tdp_w == 600 and pro.price_usd_low is None  # no citable price: left empty
    published = {"qwen3-8b": (8.2e9, 8.2e9), "qwen3-14b": (14.8e9, 14.8e9), "llama-3.3-70b": (70.55e9, 70.55e9),
                 "mixtral-8x22b": (141e9, 39e9), "llama-3.2-1b": (1.23e9, 1.23e9), "llama-3.2-3b": (3.21e9, 3.21e9)}
    for preset, (total, active) in published.items():
        model = dataclasses.replace(bundled.model(preset), params_override=None, active_params_override=None)
        assert model.total_params == pytest.approx(total, rel=0.01), preset
        assert model.active_params == pytest.approx(active, rel=0.01), preset
        assert bundled.row("models", preset)["confidence"] == "datasheet"
    assert bundled.model("deepseek-r1").total_params == bundled.model("deepseek-v3").total_params
    scenario = scenario_from_data({"task": "pretrain", "model": {"preset": "qwen3-8b"},
                                   "hardware": {"gpu": "b300", "count": 8}, "precision": "fp8"}, bundled)
    result = estimate(scenario)
    assert result.fits and result.training.days > 0


def test_gb300_nvl72_is_in_the_catalog_from_its_sources(bundled) -> None:
    """GB300 (Blackwell Ultra) per GPU, secondary sources: NVIDIA's rack figures / 72 and a per-GPU table agree on dense
    FP4 15 PF, FP8 5 PF, BF16 2.5 PF, 8 TB/s and 1,400 W; 277 GiB as MLPerf v6.0's system file reports it; INT8
    empty (Blackwell Ultra cut it, the tables disagree). Its rack is one 72-GPU NVLink node drawing up to 142 kW
    (NVIDIA's NVL72 reference architecture; 132 kW is its power shelves' N+N capacity), 48 supplies of 5.5 kW, with
    no citable price (left empty, n/a)."""
    gpu = bundled.gpu("gb300")
    assert gpu.confidence == "secondary" and gpu.architecture == "Blackwell" and gpu.memory_gib == 277
    assert (gpu.dense_tflops["fp4"], gpu.dense_tflops["fp8"], gpu.dense_tflops["bf16"]) == (15000, 5000, 2500)
    assert gpu.dense_tflops["int8"] is None and gpu.tdp_w == 1400 and gpu.memory_bandwidth_gbs == 8000
    assert gpu.scale_up_domain == 72
    row = bundled.row("servers", "gb300-nvl72")
    assert (row["gpu_count"], row["rack_units"], row["max_power_w"], row["weight_kg"]) == (72, 48, 142000, 1360)
    assert (row["psu_count"], row["psu_w"], row["psu_redundancy"]) == (48, 5500, "N+N")
    assert row["price_usd"] is None and row["confidence"] == "vendor"


def test_a_gb200_nvl72_rack_is_one_node_that_needs_a_rack_built_for_it(bundled) -> None:
    """Rack-scale: 72 GPUs, about 120 kW drawn (NVIDIA's rack guide; 132 kW is the shelves' N+N capacity), about
    1.36 t, 48U, cold plates. On an air-cooled site it is a near miss that says so; on a site built for it, a plan of
    whole racks, never one placed inside a site rack."""
    row = bundled.row("servers", "gb200-nvl72")
    assert (row["gpu_count"], row["rack_units"], row["max_power_w"], row["weight_kg"]) == (72, 48, 120000, 1360)
    assert row["price_confidence"] == "estimate"
    scenario = {"task": "pretrain", "model": {"preset": "llama-3.1-405b"}, "hardware": {"gpu": "gb200"},
                "constraints": {"deployment": "on-prem", "deadline_days": 90}}
    plain = plan_for_scenario(scenario, bundled, top=3)
    assert not plain.plans and plain.near_misses
    misses = " ".join(str(m) for m in plain.near_misses[0].misses)
    assert "48U" not in misses and "cold-plate liquid" in misses  # its own rack: the site's 42U do not hold it
    built = {**scenario, "constraints": {**scenario["constraints"], "site": {
        "rack_kw": 140, "rack_units": 48, "reserved_units": 0, "rack_max_kg": 1500, "cooling": "cold-plate"}}}
    plan = plan_for_scenario(built, bundled, top=3).plans[0]
    assert plan.site.nodes == plan.site.racks and plan.cost.gpus_owned == 72 * plan.site.nodes
    # It need not train on every GPU it buys: 768 GPUs on 11 racks at PP 6 (126 layers, 21 a stage) beat every count
    # of whole racks (864 on 12 forces PP 27, 5 layers on the fullest stage: 79 days for more money), and it says so.
    assert (plan.count, plan.site.nodes, plan.estimate.layout.pp) == (768, 11, 6) and plan.days < 90
    assert any("Trains on 768 of the 792 GPUs bought (11 x 72)" in str(w) for w in plan.warnings)
    assert plan.site.node_confidence == "vendor"  # the rack's power and supplies from NVIDIA's guide
    assert any("2024-05-02, over 12 months ago" in str(w) for w in plan.warnings)  # the rack's price, dated


def test_a_small_model_trains_on_64_gpus_a_rack_as_nvidia_does(bundled) -> None:
    """Two racks hold 144 GPUs, which split into no power-of-two data-parallel group without 9 pipeline stages (an 8B
    model's 32 layers, 4 on the fullest): 128 of them, 64 a rack as NVIDIA's MLPerf GB200 runs schedule, run faster
    for the same racks, and the plan says what the other 16 are for."""
    site = {"rack_kw": 140, "rack_units": 48, "reserved_units": 0, "rack_max_kg": 1500, "cooling": "cold-plate"}
    plan = plan_for_scenario({"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "precision": "fp8",
                              "seq_len": 8192, "training": {"tokens": 15e12}, "hardware": {"gpu": "gb200"},
                              "constraints": {"deployment": "on-prem", "deadline_days": 60, "site": site}},
                             bundled, top=1).plans[0]
    assert (plan.count, plan.site.racks, plan.cost.gpus_owned, plan.estimate.layout.pp) == (128, 2, 144, 4)
    assert any("64 of each rack's 72, as NVIDIA's own NVL72 training runs do" in str(w) for w in plan.warnings)
    from gpuplanner.core.planning.plan_settings import candidate_counts

    assert {64, 128, 192, 216, 256, 288, 384} <= set(candidate_counts(72)) and 96 not in candidate_counts(72)
    assert candidate_counts(8)[:6] == [1, 2, 4, 8, 16, 24]  # an 8-GPU board's counts are unchanged


def test_the_nvl72_domain_carries_tensor_parallel_groups_larger_than_eight(bundled) -> None:
    """On a GB200 NVL72 rack the NVLink domain is 72 GPUs, so a tensor-parallel (or data-
    parallel) group of 16 or 64 stays on NVLink; on an 8-GPU HGX B200 board a group of 16 leaves the fabric."""
    import numpy as np

    gb200, b200 = bundled.gpu("gb200"), bundled.gpu("b200")
    assert gb200.scale_up_domain == 72 and b200.scale_up_domain == 8
    assert list(gb200.group_link_gbs(np.array([8, 16, 64, 72]))) == [1800.0] * 4
    assert b200.group_link_gbs(np.array([16]))[0] == b200.pcie_gbs_bidirectional
    from gpuplanner.service import estimate_for_scenario

    on_rack = estimate_for_scenario({"task": "pretrain", "model": {"preset": "llama-3.1-405b"},
                                     "hardware": {"gpu": "gb200", "count": 64, "gpus_per_node": 72},
                                     "parallelism": {"tp": 16, "pp": 1}, "training": {"tokens": 1e10}}, bundled)
    assert on_rack.layout.tp == 16 and on_rack.training.step_breakdown_s["tensor_parallel"] > 0
    assert on_rack.nodes == 1
    # Tensor parallelism stays inside a node (one NVLink domain): 16 on an 8-GPU HGX B200 board is refused.
    from gpuplanner.core.base.errors import InputError

    with pytest.raises(InputError, match=r"16 exceeds the GPUs per node \(8\)"):
        estimate_for_scenario({"task": "pretrain", "model": {"preset": "llama-3.1-405b"},
                               "hardware": {"gpu": "b200", "count": 64, "gpus_per_node": 8},
                               "parallelism": {"tp": 16, "pp": 1}, "training": {"tokens": 1e10}}, bundled)


def test_an_estimate_without_gpus_per_node_takes_the_node_of_the_catalogs_server(bundled) -> None:
    """Without `hardware.gpus_per_node` an estimate takes the node of the server it is costed in, as a plan does (72
    GB300 on one NVL72 rack node, not 9 nodes of 8 with the rack's nameplate "per node"; 4 for a workstation; 8 for
    HGX); a stated value wins."""
    from gpuplanner.service import estimate_for_scenario

    scenario = {"task": "pretrain", "model": {"preset": "llama-3.1-70b"}, "precision": "fp8", "seq_len": 8192,
                "training": {"tokens": 1e10, "global_batch": 512}, "hardware": {"gpu": "gb300", "count": 72}}
    rack = estimate_for_scenario(scenario, bundled)
    assert rack.nodes == 1 and rack.training.step_breakdown_s["pipeline_send"] < 0.5
    assert rack.power.cluster_kw_expected == pytest.approx(rack.power.node_kw_expected)
    boards = estimate_for_scenario({**scenario, "hardware": {**scenario["hardware"], "gpus_per_node": 8}}, bundled)
    assert boards.nodes == 9 and boards.training.step_time_s > rack.training.step_time_s
    assert (bundled.gpu("gb200").default_gpus_per_node, bundled.gpu("b200").default_gpus_per_node,
            bundled.gpu("l40s").default_gpus_per_node) == (72, 8, 8)
    consumer = {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "training": {"tokens": 1e10},
                "hardware": {"gpu": "rtx-3090-ti", "count": 16}}  # no catalog server: the 4-GPU workstation
    towers = estimate_for_scenario(consumer, bundled)
    assert towers.nodes == 4 and towers.power.node_kw_expected < towers.power.node_kw_nameplate
    assert estimate_for_scenario({**consumer, "hardware": {**consumer["hardware"], "gpus_per_node": 8}},
                                 bundled).nodes == 2
    racked = estimate_for_scenario({**consumer, "hardware": {"gpu": "rtx-4090", "count": 16}}, bundled)
    assert racked.nodes == 2  # the RTX 4090's catalog server holds 8 (AS-4124GS-TNR)
    h100 = estimate_for_scenario({**consumer, "hardware": {"gpu": "h100-sxm5-80gb", "count": 16}}, bundled)
    assert h100.nodes == 2


def test_a_cloud_price_in_cny_is_used_at_the_users_rate_and_says_so(private_user_data) -> None:
    """A mainland-China rental listed in CNY (the user's own row, cheaper than AutoDL's 4.98 CNY a GPU-hour in the
    catalog) counts at `constraints.usd_to_cny`, and a CNY plan pays exactly the listed CNY, with no exchange rate
    to name; a USD view of the same offer names the conversion and the user's rate. The source stays the user's
    own words (it once carried "(listed at 32.00 CNY/h; 8 CNY/USD)", a rate beside a price that needs none)."""
    catalog = Catalog()
    catalog.save_user_row("cloud_instances", {
        "id": "my-autodl-a800", "provider": "AutoDL", "instance": "8x A800", "gpu_id": "a800-sxm4-80gb",
        "gpu_count": 8, "on_demand_per_hour": 32.0, "currency": "CNY", "region": "cn-north",
        "price_date": "2026-11-30", "source": "my own reading of the price page"})
    scenario = {"task": "pretrain", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e10},
                "hardware": {"gpu": "a800-sxm4-80gb"},
                "constraints": {"deployment": "cloud", "usd_to_cny": 8.0, "currency": "CNY", "region": "cn-mainland"}}
    plan = plan_for_scenario(scenario, catalog, top=1).plans[0]
    offer = plan.cost.cloud_offer
    assert (offer.instance, offer.source) == ("8x A800", "my own reading of the price page")
    # 32 CNY/h for 8 GPUs: 4 CNY per GPU-hour in the user's currency (converted to USD and back at the same rate).
    assert plan.cost.cloud_on_demand_per_gpu_hour == pytest.approx(4.0)
    assert not any("CNY per USD" in str(w) for w in plan.warnings)
    usd = plan_for_scenario({**scenario, "constraints": {**scenario["constraints"], "currency": "USD"}}, catalog,
                            top=1).plans[0]
    assert usd.cost.cloud_on_demand_per_gpu_hour == pytest.approx(0.5)  # 4 CNY at 8 CNY per USD
    assert any("listed in CNY and shown in USD at your rate of 8 CNY per USD" in str(w) for w in usd.warnings)


def test_measured_gemm_rates_carry_their_source_and_set_a_parts_sustained_clock_share(tmp_path: Path,
                                                                                      bundled) -> None:
    """AMD's max-achievable GEMM rates (ROCm blog 'Measuring Max-Achievable FLOPs - Part 2', Table 1): the MI300X at
    750 W sustains 1,273 of its 2,614.9 FP8 TFLOP/s, the MI325X at 1,000 W 1,519 of the same peak. The part of an
    architecture that sustains the most keeps its datasheet peak; the other scales its GEMMs by the ratio. A rate
    without its source and date is refused at build, like a price without a date."""
    mi300x, mi325x, h100 = (bundled.gpu(g) for g in ("mi300x", "mi325x", "h100-sxm5-80gb"))
    assert (mi300x.max_achievable_tflops["fp8"], mi325x.max_achievable_tflops["fp8"]) == (1273.0, 1519.0)
    assert "rocm-blogs" in str(bundled.row("gpus", "mi300x")["maf_source"])
    assert mi325x.sustained_gemm_share == {"fp16": 1.0, "bf16": 1.0, "fp8": 1.0}
    assert mi300x.sustained_gemm_share["fp8"] == pytest.approx(1273 / 1519)
    assert mi300x.sustained_gemm_share["bf16"] == pytest.approx(708 / 843)
    assert h100.sustained_gemm_share == {}  # nothing measured: its datasheet peak
    source = _copy_sources(tmp_path)
    text = (source / "gpus.csv").read_text(encoding="utf-8")
    (source / "gpus.csv").write_text(text.replace(",2025-02-25 (measured; read 2026-12-02)", ",", 1), encoding="utf-8")
    with pytest.raises(CatalogSourceError, match=r"gpus.maf_as_of must not be empty where a measured rate is given"):
        build_catalog(source, tmp_path / "a.db")


def test_an_estimate_says_when_a_parts_gemms_run_at_its_measured_sustained_clock(bundled) -> None:
    """The MI300X's training and serving estimates say its GEMMs are scaled by the share of the best CDNA 3 part's
    sustained rate it holds (84 % in FP8); the MI325X's, which holds all of it, say nothing of the kind."""
    from gpuplanner.service import estimate_for_scenario

    lora = {"task": "lora", "model": {"preset": "llama-2-70b"}, "seq_len": 4096, "precision": "fp8",
            "training": {"tokens": 1e8, "global_batch": 8}, "hardware": {"gpu": "mi300x", "count": 8}}
    serve = {"task": "inference", "model": {"preset": "llama-2-70b"}, "hardware": {"gpu": "mi300x", "count": 1},
             "inference": {"weight_dtype": "fp8", "kv_dtype": "fp8", "engine": "vllm", "batch": 8}}

    def notes(scenario: dict) -> list[str]:
        return [str(w) for w in estimate_for_scenario(scenario, bundled).warnings if "best-sustaining" in str(w)]

    assert notes(lora) == ["Instinct MI300X holds 84% of the GEMM rate of the best-sustaining CDNA 3 part at the same "
                           "datasheet peak (its power limit lowers its clock under dense GEMMs: the vendor's measured "
                           "max-achievable FLOPs); its FP8 GEMMs are scaled so."]
    assert len(notes(serve)) == 1
    assert notes({**lora, "hardware": {"gpu": "mi325x", "count": 8}}) == []


def test_catalog_texts_speak_of_their_sources_not_of_the_work_that_wrote_them() -> None:
    """A source names its document, locator and date: never an issue number, a session or an audit."""
    import re

    from tests.conftest import REPO_ROOT

    pattern = re.compile(r"issue \d+|this session|the catalog audit|the audit of|prior audit|not visible here|"
                         r"fetch limit", re.IGNORECASE)
    leaks = [(path.name, match.group(0)) for path in sorted((REPO_ROOT / "resources" / "catalog").glob("*.csv"))
             for match in pattern.finditer(path.read_text(encoding="utf-8"))]
    assert leaks == []


def test_the_catalog_tab_in_chinese_shows_vendors_chinese_names_and_cny_prices(qtbot, private_user_data,
                                                                               tmp_path) -> None:
    """A reader in Chinese sees the vendors' own names (华为 / 昇腾 910B), finds them by typing them in the filter, and
    the H20's 2024 quote in its own CNY; NVIDIA's names stay as NVIDIA writes them."""
    from PySide6.QtCore import Qt

    from gpuplanner.i18n.language import install_translations
    from tests.conftest import close_window, open_window

    try:
        install_translations("zh_CN")
        window = open_window(qtbot)
        window.tabs.setCurrentIndex(window.tabs.count() - 1)
        page = window.gpu_page
        headers = [page.model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
                   for c in range(page.model.columnCount())]
        assert "起价（人民币）" in headers
        page.filter_edit.setText("昇腾")  # an input method commits the characters whole (key events cannot type them)
        vendor, model = headers.index("厂商"), headers.index("模型")
        shown = {page.proxy.data(page.proxy.index(r, 0)): (page.proxy.data(page.proxy.index(r, vendor)),
                                                            page.proxy.data(page.proxy.index(r, model)))
                 for r in range(page.proxy.rowCount())}
        assert shown == {"ascend-910b": ("华为", "昇腾 910B（910B3，Atlas 800T A2 所用）"),
                         "ascend-910c": ("华为", "昇腾 910C")}
        page.filter_edit.clear()
        qtbot.keyClicks(page.filter_edit, "h20")
        cny = headers.index("起价（人民币）")
        h20 = next(r for r in range(page.proxy.rowCount()) if page.proxy.data(page.proxy.index(r, 0)) == "h20")
        assert page.proxy.data(page.proxy.index(h20, cny)) == "¥140,000"  # its own CNY, not converted
        assert page.proxy.data(page.proxy.index(h20, model)) == "H20"
        page.filter_edit.clear()
        page.filter_edit.setText("海光")
        gpus = window.wizard.deployment_page.gpu
        labels = {gpus.itemData(i): gpus.itemText(i) for i in range(gpus.count())}
        assert (labels["hygon-k100-ai"], labels["ascend-910b"], labels["h20"]) == (
            "海光 DCU K100-AI", "华为 昇腾 910B（910B3，Atlas 800T A2 所用）", "NVIDIA H20")
        window.grab().save(str(tmp_path / "catalog_zh.png"))
        close_window(window)
    finally:
        install_translations("en")
