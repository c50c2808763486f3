"""Prices as their vendors publish them: mainland-China clouds in CNY, dated rows, reserved and spot only where a
provider publishes them, and a rented service paying for every hour it runs."""

from __future__ import annotations

import dataclasses

import pytest

from gpuplanner.catalog.options import cloud_offers, hardware_options
from gpuplanner.core.cost.cost import CloudOffer, CostAssumptions, CostInputs, cloud_tiers, cost_summary
from gpuplanner.core.planning.plan import plan_catalog
from gpuplanner.core.planning.plan_settings import plan_settings
from gpuplanner.core.site.availability import in_region
from gpuplanner.core.site.site import PowerAssumptions
from gpuplanner.service import estimate_for_scenario, plan_for_scenario, scenario_from_data


def test_alibaba_and_tencent_are_priced_in_cny_in_their_mainland_regions(catalog) -> None:
    """The rows once read 41.06 'USD' for Alibaba's 8 x A100 in Tokyo: the pricing APIs answer in CNY, which a
    public copy multiplied by a fixed 0.138. Now the APIs' own CNY (value / 0.138), in mainland regions."""
    rows = {row["id"]: row for row in catalog.rows("cloud_instances")}
    vendors = [row for row in rows.values() if row["provider"] in ("Alibaba Cloud", "Tencent Cloud")]
    assert vendors and all(row["currency"] == "CNY" for row in vendors)
    # sugarlxn/skypilot-catalog alicloud/vms.csv @003c56a: 49.87 'USD' / 0.138 = 361.397 CNY, incl. a 40 GB disk
    beijing = rows["alibaba-ecs-sccgn7ex-32xlarge-cn-beijing"]
    assert (beijing["on_demand_per_hour"], beijing["region"]) == (361.397, "cn-beijing")
    assert "system disk" in beijing["source"]
    # tencentcloud/vms.csv @3193645: 1.20474 'USD' / 0.138 = 8.73 CNY, ap-beijing (mainland)
    assert rows["tencent-gn7-2xlarge32-ap-beijing"]["on_demand_per_hour"] == 8.73
    assert in_region("ap-beijing", "cn-mainland") and in_region("mainland China (region not stated)", "cn-mainland")
    assert not in_region("cn-hongkong", "cn-mainland")
    # tsaol/aws-gpu, 'Last updated: 2026-08-26' (the same price as its copy of 2026-01-21): dated, not 'undated'
    assert rows["aws-g6e-48xlarge"]["price_date"] == "2026-08-26" and rows["gcp-a2-highgpu-8g"]["price_date"] == \
        "2026-07-30"
    # OCI's list prices as Oracle's public price list gave them on 2026-09-18 (skypilot-catalog pull request #194:
    # B200.8 112, MI355X.8 68.8 ... USD/h, the shapes already listed unchanged, H100.8 and H200.8 at 80): dated.
    h100 = rows["oci-bm-gpu-h100-8"]
    assert (h100["on_demand_per_hour"], h100["price_date"], rows["oci-bm-gpu-h200-8"]["on_demand_per_hour"]) == \
        (80, "2026-09-18", 80)
    assert (rows["oci-bm-gpu-b200-8"]["on_demand_per_hour"], rows["oci-bm-gpu-mi355x-8"]["on_demand_per_hour"]) == \
        (112, 68.8)
    assert all(row["price_date"] == "2026-09-18" for row in rows.values() if row["provider"] == "OCI")
    # RunPod's public pricing page, Secure Cloud, retrieved 2026-09-09 (HostFleet's transcription of all 21 Pod
    # products): H100 SXM 3.49, A100 SXM 1.59, A100 PCIe 1.59 USD/h a GPU.
    assert (rows["runpod-8x-h100-sxm-secure"]["on_demand_per_hour"], rows["runpod-1x-a100-80gb"]["on_demand_per_hour"],
            rows["runpod-8x-a100-80gb-sxm-secure"]["on_demand_per_hour"]) == (27.92, 1.59, 12.72)
    assert all(row["price_date"] == "2026-09-09" for row in rows.values() if row["provider"] == "RunPod")
    # Azure, as a hand reading of the Azure Retail Prices API gave them on 2026-09-27: ND96amsr A100 v4 pay-as-you-go
    # 32.77 (dated now), and ND96isr H200 v5 84.8 in East US 2 - not only its reservation; each reserved rate is the
    # 1-year Reserved VM Instance per hour (A100: 183,722 USD / 8,760 h; H200: 407,526 / 8,760).
    a100, h200 = rows["azure-standard-nd96amsr-a100-v4"], rows["azure-standard-nd96isr-h200-v5"]
    assert (a100["on_demand_per_hour"], a100["reserved_per_hour"], a100["price_date"]) == (32.77, 20.973, "2026-09-27")
    assert (h200["on_demand_per_hour"], h200["reserved_per_hour"], h200["price_date"]) == (84.8, 46.521, "2026-09-27")
    assert rows["azure-standard-nd96isr-h100-v5"]["reserved_per_hour"] == pytest.approx(551_221 / 8_760, abs=1e-3)
    # AWS and Google publish their 1-year rates (the same reading, 2026-09-27): p5.48xlarge's EC2 Instance Savings
    # Plan 34.6752 USD/h against 55.04 on demand; p6-b200 has only a Compute Savings Plan, 89.72208; a3-highgpu-8g's
    # 1-year committed-use discount 61.383674. Published, so no longer the planning ratio's estimate.
    assert (rows["aws-p5-48xlarge"]["reserved_per_hour"], rows["aws-p6-b200-48xlarge"]["reserved_per_hour"],
            rows["gcp-a3-highgpu-8g"]["reserved_per_hour"]) == (34.6752, 89.72208, 61.383674)
    # CoreWeave's pricing page (transcribed verbatim, 'generated: 2026-09-20') prints a spot price beside four of
    # its on-demand ones: 'Spot Price: $19.71 / Hour (NA)' for HGX H100, 20.93 H200, 34.11 B200, 9.65 A100.
    spot = [rows[i]["spot_per_hour"] for i in ("coreweave-nvidia-hgx-h100-8-gpu", "coreweave-hgx-h200-8",
                                               "coreweave-hgx-b200-8", "coreweave-a100-8")]
    assert spot == [19.71, 20.93, 34.11, 9.65]
    assert rows["coreweave-l40s-8"]["spot_per_hour"] is None  # none printed: a plan estimates it and says so


def test_a_cny_plan_is_costed_at_the_listed_cny_price_and_global_leaves_out_mainland_clouds(catalog) -> None:
    """AutoDL rents an RTX 4090 at 1.88 CNY an hour (its price page, 2026-08-13): a CNY plan in mainland China
    pays exactly that at any exchange rate; a buyer anywhere else is not offered it."""
    gpu = catalog.gpu("rtx-4090")
    rows = catalog.rows("cloud_instances")
    mainland = cloud_offers(gpu, rows, "cn-mainland", usd_to_cny=6.5)
    autodl = next(offer for offer in mainland if offer.provider == "AutoDL")
    assert CostAssumptions(currency="CNY", usd_to_cny=6.5).from_usd(autodl.usd_per_gpu_hour) == pytest.approx(1.88)
    assert all(offer.provider != "AutoDL" for offer in cloud_offers(gpu, rows, "global"))


def test_a_price_shown_in_another_currency_says_so_and_at_what_rate(catalog) -> None:
    """A CNY plan renting a USD offer (Lambda, anywhere) or buying a server priced in USD names the conversion and
    its rate; a CNY plan on a CNY offer in mainland China has none to name; a USD view of a CNY offer names it the
    other way; a rate the user sets is named as theirs."""
    from gpuplanner.i18n.messages import translated

    def notes(constraints: dict) -> list[str]:
        data = {"task": "inference", "model": {"preset": "llama-3.1-8b"},
                "inference": {"concurrent_users": 8, "input_tokens": 512, "output_tokens": 128},
                "constraints": constraints}
        best = plan_for_scenario(data, catalog).plans[0]
        return [translated(w) for w in best.warnings if "is listed in" in str(w)]

    rented = notes({"currency": "CNY", "deployment": "cloud"})
    assert rented == ["The rental price is listed in USD and shown in CNY at 7.0197 CNY per USD (CFETS central "
                      "parity of 2026-01-08): set your own rate for a current figure."]
    assert notes({"currency": "CNY", "deployment": "cloud", "region": "cn-mainland"}) == []
    assert notes({"currency": "USD", "deployment": "cloud", "region": "cn-mainland"}) == [
        "The rental price is listed in CNY and shown in USD at 7.0197 CNY per USD (CFETS central parity of "
        "2026-01-08): set your own rate for a current figure."]
    assert notes({"currency": "CNY", "deployment": "on-prem", "usd_to_cny": 7.2}) == [
        "The purchase price is listed in USD and shown in CNY at your rate of 7.2 CNY per USD."]
    assert notes({"currency": "USD", "deployment": "cloud"}) == []


def test_reserved_and_spot_are_published_rates_or_marked_estimates() -> None:
    """Lambda rents no spot capacity: no spot price, not 0.40 x on-demand; a published reserved rate (AWS China's
    1-year rate) is used as is; a ratio-derived one is marked an estimate."""
    a = CostAssumptions()
    lambda_offer = CloudOffer("Lambda", "8x H100", 8, 31.92, "", "2026-09-20", "lambda.ai", spot_tier=False)
    tiers = cloud_tiers(lambda_offer, 3.99, a)
    assert tiers.spot is None and tiers.reserved_estimated
    published = CloudOffer("AWS China", "p4d.24xlarge", 8, 172.873412 / 7.0197, "cn-northwest-1", "2026-01-21", "",
                           usd_reserved_per_hour=109.601338 / 7.0197)
    tiers = cloud_tiers(published, published.usd_per_gpu_hour, a)
    assert tiers.reserved == pytest.approx(109.601338 / 7.0197 / 8) and not tiers.reserved_estimated
    assert tiers.spot_estimated


def test_a_rented_service_pays_for_every_hour_it_runs() -> None:
    """An always-on deployment rents every hour of the year; the 70 % utilisation is an owned cluster's."""
    offer = CloudOffer("CoreWeave", "HGX H100", 8, 49.24, "", "2026-09-20", "")
    inputs = CostInputs(gpus=8, nodes=1, racks=1, node_price=None, network_usd=None, it_kw_busy=None,
                        it_kw_idle=None, cloud=offer)
    serving = cost_summary(inputs, CostAssumptions(), output_tokens_per_s=5000.0)
    training = cost_summary(inputs, CostAssumptions(), run_gpu_hours=1000.0)
    assert serving.cloud_tco == pytest.approx(49.24 * 8760 * 3)
    assert training.cloud_tco == pytest.approx(49.24 * 8760 * 3 * 0.7)


def test_h20_and_l20_are_priced_in_the_cny_of_their_dated_mainland_quote(catalog) -> None:
    """The rows once kept 19,943.87 and 10,684.22 'USD': 2024 CNY quotes divided by a 2026 rate (7.0197). They keep
    what the source says, CNY on its date, and a plan converts them at the user's rate as it does a CNY cloud price:
    a CNY plan reads the quote back at any rate; a USD plan at 7.2 CNY/USD pays 140,000 / 7.2."""
    # 'AI伺服器專家交流電話會紀要' (aqiusha.com/tech/b85a6d6e69a1a2808ae5a78ef55c5b0f.html, 2024-03-25): H20 96 GB
    # 140,000 CNY, L20 48 GB 75,000 CNY a card.
    for gpu_id, quoted in (("h20", 140_000), ("l20", 75_000)):
        gpu = catalog.gpu(gpu_id)
        assert (gpu.price_cny_low, gpu.price_cny_high, gpu.price_usd_low) == (quoted, quoted, None)
        assert (gpu.price_date, gpu.price_confidence) == ("2024-03-25", "estimate")
        assert f"{quoted:,} CNY" in gpu.price_source and "CNY/USD" not in gpu.price_source
        for rate in (6.5, 7.2):
            assert CostAssumptions(currency="CNY", usd_to_cny=rate).from_usd(gpu.price_usd_mid(rate)) == \
                pytest.approx(quoted)
    options = {o.gpu.id: o for o in hardware_options(catalog, PowerAssumptions(), "cn-mainland", usd_to_cny=7.2)}
    assert options["h20"].gpu_price_usd == pytest.approx(140_000 / 7.2)
    assert "140,000 CNY" in str(options["l20"].node_price.source) or "75,000 CNY" in str(options["l20"].node_price
                                                                                          .source)


def test_a_gpu_row_gives_one_price_in_one_currency(tmp_path) -> None:
    """A row with both a USD and a CNY price would say one fact twice: the build refuses it, naming the place."""
    import shutil
    from pathlib import Path

    from gpuplanner.catalog.build import CatalogSourceError, build_catalog

    source = tmp_path / "catalog"
    shutil.copytree(Path(__file__).resolve().parent.parent / "resources" / "catalog", source)
    path = source / "gpus.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.startswith("h20,"))
    lines[index] = lines[index].replace(",,,140000,140000,", ",19943.87,19943.87,140000,140000,", 1)
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(CatalogSourceError, match=rf"gpus.csv:{index + 1}: .*one price in one currency"):
        build_catalog(source, tmp_path / "a.db")


def test_a_service_run_part_of_the_day_rents_only_those_hours(catalog) -> None:
    """inference.hours_per_day: a service up 12 hours a day rents half the hours of an always-on one, at the same
    cost per million tokens while it runs; bought GPUs cost the same either way."""
    def best(hours: float | None, deployment: str):
        inference = {"input_tokens": 512, "output_tokens": 256} | ({} if hours is None else {"hours_per_day": hours})
        result = plan_for_scenario({"task": "inference", "model": {"preset": "llama-3.1-8b"}, "inference": inference,
                                    "hardware": {"gpu": "h100-sxm5-80gb", "count": 8},
                                    "constraints": {"deployment": deployment,
                                                    "target_output_tokens_per_s": 2000}}, catalog)
        return result.plans[0]

    always, half = best(None, "cloud"), best(12.0, "cloud")
    assert half.cost.cloud_tco == pytest.approx(always.cost.cloud_tco / 2)
    assert half.cost.per_million_tokens_cloud == pytest.approx(always.cost.per_million_tokens_cloud)
    assert best(12.0, "on-prem").cost.tco == pytest.approx(best(None, "on-prem").cost.tco)


def test_rtx_pro_6000_editions_keep_their_own_figures_and_clouds_rent_the_server_edition(catalog) -> None:
    """NVIDIA's Server Edition page: 1,597 GB/s and FP4 1,920 dense; the Workstation Edition 1,792 GB/s."""
    server, workstation = catalog.gpu("rtx-pro-6000-blackwell-se"), catalog.gpu("rtx-pro-6000-blackwell")
    assert server.memory_bandwidth_gbs == 1597 and workstation.memory_bandwidth_gbs == 1792
    rented = {row["gpu_id"] for row in catalog.rows("cloud_instances") if "RTX PRO" in str(row.get("gpu_model"))
              or "rtx-pro" in str(row.get("gpu_id"))}
    assert rented == {"rtx-pro-6000-blackwell-se"}


def test_a_china_market_accelerator_plan_says_its_figures_are_estimates(catalog) -> None:
    """Ascend 910C's figures come from one 2026 blog: an estimate, which the GPU's confidence carries."""
    assert catalog.gpu("ascend-910c").confidence == "estimate"


def test_a_gpu_rented_on_small_unpublished_vms_is_not_given_a_server_fabric(catalog) -> None:
    """Lambda's 1-GPU H100 PCIe VM publishes no network: a multi-VM plan is costed at 20 Gb/s a VM, never the
    400 Gb/s of the 8-GPU server the GPU is bought in. (GH200, the earlier example, now has its own 1-GPU server:
    its 1-GPU VM is a whole node, not a slice of one.)"""
    data = {"task": "pretrain", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 2e11},
            "hardware": {"gpu": "h100-pcie-80gb"}, "constraints": {"deployment": "cloud", "deadline_days": 14}}
    parsed = scenario_from_data(data, catalog)
    settings = plan_settings(parsed)
    options = [o for o in hardware_options(catalog, settings.power) if o.gpu.id == "h100-pcie-80gb"]
    result = plan_catalog(parsed, options, settings, top=1)
    plan = (result.plans or result.near_misses)[0]
    assert plan.count > 1 and any("costed at 20 Gb/s" in str(w) for w in plan.warnings)
    assert dataclasses.asdict(plan.estimate.layout)["tp"] == 1


def test_usable_b300_memory_bounds_what_fits(catalog) -> None:
    """One basis, stated in the row: what software can allocate. OCI's BM.GPU.B300.8 reports 268,800 MiB a GPU
    (262.5 GiB), the DGX B300 datasheet 2.1 TB for 8 and AWS 262 GB; NVIDIA's HGX figure (270 GB) and the physical
    stacks (288 GB) are named in the notes, not planned on. The row held 270 with no basis stated."""
    b300 = catalog.gpu("b300")
    assert b300.memory_gib == 268_800 / 1024 == b300.usable_memory_gib
    assert "Memory basis: what software can allocate" in b300.notes and "288" in b300.notes and "270" in b300.notes
    plan = plan_for_scenario({"task": "inference", "model": {"preset": "llama-3.1-70b"},
                              "hardware": {"gpu": "b300", "count": 1}, "constraints": {"deployment": "cloud"}},
                             catalog, top=1)
    best = (plan.plans or plan.near_misses)[0]
    assert best.memory.capacity == 262.5
    oci = catalog.row("cloud_instances", "oci-bm-gpu-b300-8")
    assert "268,800 MiB" in oci["gpu_model"]


def test_a_gpu_missing_a_figure_is_listed_with_what_it_lacks(catalog) -> None:
    """A GPU without a published memory bandwidth (Kunlunxin P800: only its 96 GB found in a dated source) appears in
    no plan; it is listed, with the figure it lacks."""
    result = plan_for_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e9},
                                "constraints": {"deployment": "on-prem", "region": "cn-mainland"}}, catalog)
    p800 = next(r for r in result.rejected if r.gpu == "kunlunxin-p800")
    assert p800.kind == "figure" and "memory bandwidth" in str(p800.reason)


def test_purchase_prices_are_current_and_dated(catalog) -> None:
    # B200: mid-2026 street 37-43k (runlocalai.co, aiinframap.com), not the 2024 Morgan Stanley estimate.
    b200 = catalog.row("gpus", "b200")
    assert (b200["price_usd_low"], b200["price_usd_high"], b200["price_date"]) == (37000, 43000, "2026")
    # RTX 5090: US street 2,700-3,500 on 2026-06-22 (signal-noise.net), not the 1,999 launch MSRP.
    rtx = catalog.row("gpus", "rtx-5090")
    assert (rtx["price_usd_low"], rtx["price_date"]) == (2700, "2026-06-22")
    # RTX 4090: new cards 2,200-2,800 in February 2026 (insiderllm.com guide, row 'Price (Feb 2026)'), not the 1,599
    # launch MSRP of 2022-10; out of production since 2024.
    rtx = catalog.row("gpus", "rtx-4090")
    assert (rtx["price_usd_low"], rtx["price_usd_high"], rtx["price_date"]) == (2200, 2800, "2026-02")
    # RTX 3090: used cards 600-800 on 2026-06-29 (localrig.pages.dev guide, row 'Cost (used, 2026-06-29)'), not the
    # 1,499 launch MSRP of 2020-09; the RTX 3090 Ti keeps its 2022 launch MSRP, flagged as over a year old.
    rtx = catalog.row("gpus", "rtx-3090")
    assert (rtx["price_usd_low"], rtx["price_usd_high"], rtx["price_date"]) == (600, 800, "2026-06-29")
    assert "used" in rtx["price_source"]
    # DGX B200: resellers 275-515k on 2026-09-16 (public ADR 'Cible matérielle par paliers'), midpoint used.
    dgx = catalog.row("servers", "dgx-b200")
    assert (dgx["price_usd"], dgx["price_date"]) == (395000, "2026-09-16") and "275,000-515,000" in dgx["price_source"]
    # DGX B300: 300-350k a system on 2026-05-01 (iFactory comparison page), midpoint; the undated TCO-tool capture
    # (846,885) is named beside it, not used.
    b300 = catalog.row("servers", "dgx-b300")
    assert (b300["price_usd"], b300["price_date"], b300["price_confidence"]) == (325000, "2026-05-01", "estimate")
    assert "846,885" in b300["price_source"]
    # GB200 NVL72: 96 million TWD, about 3 million USD a cabinet (TweakTown after UDN, 2024-05-02), not an undated 4 M.
    nvl72 = catalog.row("servers", "gb200-nvl72")
    assert (nvl72["price_usd"], nvl72["price_date"]) == (3000000, "2024-05-02")
    # MI300X: about 15,000 USD a card (a February 2024 report relaying TechNews and a Citigroup note), now dated.
    mi300x = catalog.row("gpus", "mi300x")
    assert (mi300x["price_usd_low"], mi300x["price_date"], mi300x["price_confidence"]) == (15000, "2024-02", "estimate")
    # DGX A100: the 320GB model's launch price (NVIDIA newsroom, 2020-05-14); the 640GB model has none published.
    assert catalog.row("servers", "dgx-a100-320gb")["price_usd"] == 199000
    assert catalog.row("servers", "dgx-a100-640gb")["price_usd"] is None
    # Every price row has a real date: a year at least, never "undated".
    for table, column in (("gpus", "price_usd_low"), ("servers", "price_usd")):
        for row in catalog.rows(table):
            if row[column] is not None:
                assert str(row["price_date"])[:4].isdigit(), (table, row["id"], row["price_date"])
    # Every cloud price has one too, but for the rows whose sources state none, which say so: Alibaba Cloud's
    # (a snapshot of its pricing API) and Baidu AI Cloud's (copies of its price pages), as README says.
    undated = [row for row in catalog.rows("cloud_instances") if row["on_demand_per_hour"] is not None
               and not str(row["price_date"])[:4].isdigit()]
    assert {row["provider"] for row in undated} <= {"Alibaba Cloud", "Baidu AI Cloud"}
    assert all(str(row["price_date"]).startswith("undated") for row in undated)


def test_the_ascend_910b_is_planned_on_its_estimated_figures(catalog) -> None:
    """Ascend 910B3: 1,200 GB/s and 450 W, the blog 'GPU 芯片全景：国内外厂商对比' (2026-06-01, sections 3-5; another
    compilation quotes ~1,600 GB/s, the lower is used). Rented nowhere and priced by no source, so a mainland LoRA plan
    buys it with its cost n/a; asked for by name it is estimated, and the estimate says its figures are estimates."""
    ascend = catalog.gpu("ascend-910b")
    assert (ascend.memory_bandwidth_gbs, ascend.tdp_w, ascend.confidence) == (1200, 450, "estimate")
    result = plan_for_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e9},
                                "constraints": {"deployment": "on-prem", "region": "cn-mainland"}}, catalog, top=60)
    ascend_plan = next(p for p in result.plans if p.gpu == "ascend-910b")  # after the priced ones
    assert ascend_plan.cost_metric is None and ascend_plan.cost.capex is None and ascend_plan.site.racks >= 1
    caveat = "The catalog's figures for Ascend 910B (910B3 as in Atlas 800T A2) are estimates"
    for task in ({"task": "lora", "training": {"tokens": 1e9}}, {"task": "inference"}):
        named = estimate_for_scenario({**task, "model": {"preset": "llama-2-7b"},
                                       "hardware": {"gpu": "ascend-910b", "count": 8}}, catalog)
        assert [str(w).startswith(caveat) for w in named.warnings].count(True) == 1, named.warnings
        # Another vendor's part is told the rate the catalog lacks, not an NVIDIA generation rule.
        assert not any("needs Ampere" in str(w) for w in named.warnings)
    plain = estimate_for_scenario({"task": "inference", "model": {"preset": "llama-2-7b"},
                                   "hardware": {"gpu": "h100-sxm5-80gb", "count": 1}}, catalog)
    assert not any(str(w).startswith("The catalog's figures") for w in plain.warnings)


def test_plans_fit_against_what_software_can_allocate(catalog) -> None:
    """A T4 shows 15,079 MiB of its 16 GiB (ECC on GDDR takes 6.25 %, CUDA C++ Best Practices Guide): a 72B LoRA
    plan ranked 32 T4 at '16.2 of 16 GiB' as fitting. Fits are judged against the usable 15 GiB; HBM parts and ECC-off
    workstation cards keep their figure."""
    assert catalog.gpu("t4").usable_memory_gib == pytest.approx(15.0)
    assert catalog.gpu("h100-sxm5-80gb").usable_memory_gib == 80.0 and catalog.gpu("rtx-4090").usable_memory_gib == 24
    result = plan_for_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e8},
                                "hardware": {"gpu": "t4"}, "constraints": {"deployment": "cloud"}}, catalog, top=3)
    for plan in (*result.plans, *result.near_misses):
        assert plan.memory.capacity == pytest.approx(15.0) and plan.memory.total <= 15.0 + 1e-9


def test_dgx_b300_priced_below_dgx_b200_says_why_its_figure_is_low(catalog) -> None:
    """iFactory (2026-05-01) gives 300,000-350,000 for a DGX B300, under the DGX B200's reseller midpoint of 395,000
    (2026-09-16), while the same page prices one B200 GPU at 35,000-40,000: the row keeps its only dated figure, an
    estimate, and says it is low; NVIDIA's undated TCO capture orders them B300 846,885 over B200 744,793."""
    b300, b200 = catalog.row("servers", "dgx-b300"), catalog.row("servers", "dgx-b200")
    assert b300["price_usd"] < b200["price_usd"]
    assert b300["price_confidence"] == "estimate"
    assert "a low figure" in b300["price_source"] and "35,000-40,000" in b300["price_source"]


def test_cloud_rows_take_the_newest_dated_copy_and_the_missing_public_offers(catalog) -> None:
    """AWS China: tsaol/aws-gpu's China files at 18aebd1 ('Last updated: 2026-08-26') hold every value of the copy
    dated 2026-01-21 the rows carried. GCP's A3 Ultra (8 x H200) and RunPod's H200 / B200 / B300 / RTX 4090 / RTX
    5090 Secure Cloud rates (runpod.io/pricing, 2026-09-09) were missing."""
    rows = {row["id"]: row for row in catalog.rows("cloud_instances")}
    china = [row for row in rows.values() if row["provider"] == "AWS China"]
    assert len(china) == 13 and all(row["price_date"] == "2026-08-26" and "18aebd1" in row["source"] for row in china)
    # The US rows the same files dated 2026-01-21: their copies of 2026-08-26 (g5 at 18aebd1, the others at 299375b)
    # hold the same on-demand prices, e.g. g6e.48xlarge 30.13118, p6-b200.48xlarge 113.9328, p6-b300.48xlarge 142.416.
    aws = [row for row in rows.values()
           if row["provider"] == "AWS" and "tsaol/aws-gpu" in row["source"] and row["on_demand_per_hour"]]
    assert len(aws) == 11 and all(row["price_date"] == "2026-08-26" for row in aws)
    assert all(("@18aebd1" if row["instance"].startswith("g5.") else "@299375b") in row["source"] for row in aws)
    assert [rows[key]["on_demand_per_hour"] for key in ("aws-g6e-48xlarge", "aws-p6-b200-48xlarge",
                                                        "aws-p6-b300-48xlarge")] == [30.13118, 113.9328, 142.416]
    p4d = rows["aws-cn-p4d-24xlarge-cn-northwest-1"]
    assert (p4d["on_demand_per_hour"], p4d["reserved_per_hour"]) == (172.873412, 109.601338)
    ultra = rows["gcp-a3-ultragpu-8g"]
    assert (ultra["gpu_id"], ultra["gpu_count"], ultra["on_demand_per_hour"], ultra["reserved_per_hour"],
            ultra["price_date"]) == ("h200-sxm-141gb", 8, 84.806908493, 58.471933151, "2026-09-27")
    # RunPod prices a Pod per GPU; the SXM parts as 8-GPU Pods, as the catalog's 8x H100 row (8 x 3.49 = 27.92).
    runpod = {row["gpu_id"]: (row["gpu_count"], row["on_demand_per_hour"]) for row in rows.values()
              if row["provider"] == "RunPod" and row["price_date"] == "2026-09-09"}
    assert {gpu: runpod[gpu] for gpu in ("h200-sxm-141gb", "b200", "b300", "rtx-4090", "rtx-5090")} == {
        "h200-sxm-141gb": (8, 8 * 4.59), "b200": (8, 8 * 6.79), "b300": (8, 8 * 7.89), "rtx-4090": (1, 0.74),
        "rtx-5090": (1, 0.99)}
    offers = cloud_offers(catalog.gpu("b300"), catalog.rows("cloud_instances"))
    assert (offers[0].provider, offers[0].usd_per_gpu_hour) == ("RunPod", pytest.approx(7.89))


def test_domestic_accelerators_carry_their_vendors_figures_and_chinese_names(catalog) -> None:
    """Hygon's table (DCU K100 / K100 AI / BW200, quoted in wangzy0327/hblas-bench DCU-bench.md): the K100-AI has
    896 GB/s and 196 TFLOPS BF16, so a mainland plan estimates it where it once lacked its bandwidth. The vendors'
    own Chinese names show to a reader in Chinese, the English to everyone else."""
    k100 = catalog.gpu("hygon-k100-ai")
    assert (k100.memory_bandwidth_gbs, k100.dense_tflops["bf16"], k100.dense_tflops["int8"]) == (896, 196, 392)
    assert "DCU-bench.md" in k100.source
    result = plan_for_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e9},
                                "constraints": {"deployment": "on-prem", "region": "cn-mainland"}}, catalog)
    assert all(r.kind != "figure" for r in result.rejected if r.gpu == "hygon-k100-ai")
    names = {gpu.id: gpu.model for gpu in catalog.gpus()}
    assert names["ascend-910b"].translations["zh_CN"].startswith("昇腾 910B")
    assert names["hygon-k100-ai"].translations["zh_CN"] == "海光 DCU K100-AI"
    assert str(names["ascend-910b"]) == "Ascend 910B (910B3 as in Atlas 800T A2)"
    assert not names["h100-sxm5-80gb"].translations  # NVIDIA's names stay as NVIDIA writes them


def test_a_server_priced_from_cny_gpus_and_a_usd_host_says_both(catalog) -> None:
    """A workstation of 4 RTX 4090 D at their 12,999 CNY launch price and the 3,000 USD planning host: 4 x 12,999 +
    3,000 x 7.0197 = 73,055.1 CNY at the catalog's rate; the 2U rack server of four takes the 12,000 USD host of a
    four-GPU PCIe server. The plan said the purchase price was 'listed in USD'."""
    rate = CostAssumptions.usd_to_cny
    option = next(o for o in hardware_options(catalog, PowerAssumptions(), "cn-mainland", usd_to_cny=rate)
                  if o.gpu.id == "rtx-4090-d")
    assert option.deskside.gpus == 4 and option.deskside_price.listed_currency == "CNY + USD"
    assert option.deskside_price.amount_usd * rate == pytest.approx(4 * 12_999 + 3_000 * rate)
    assert option.node.gpus == 4 and option.node_price.listed_currency == "CNY + USD"
    assert option.node_price.amount_usd * rate == pytest.approx(4 * 12_999 + 12_000 * rate)
    result = plan_for_scenario({"task": "lora", "model": {"preset": "qwen2.5-72b"}, "training": {"tokens": 2e8},
                                "hardware": {"gpu": "rtx-4090-d"},
                                "constraints": {"currency": "CNY", "region": "cn-mainland", "deployment": "on-prem"}},
                               catalog, top=1)
    best = result.plans[0]
    assert any("listed in CNY + USD and shown in CNY" in str(note) for note in best.warnings)
    assert not any("listed in USD" in str(note) for note in best.warnings)


def test_a_gpu_keeps_its_chinese_name_in_a_worker_process(catalog) -> None:
    """The validation runs estimate in a process pool: a GPU sent there was unpickled without its translations
    (Bilingual.__new__ got one argument) and the pool broke."""
    import pickle

    ascend = pickle.loads(pickle.dumps(catalog.gpu("ascend-910b")))
    assert ascend.model.translations["zh_CN"] == "昇腾 910B（910B3，Atlas 800T A2 所用）"
