"""Servers as they ship: every catalog row sourced and dated, sourced figures pinned, and the planner putting a GPU
in a real chassis (its maximum draw published, or bounded by its N+M supplies) before a generic one."""

from __future__ import annotations

import re

import pytest

from gpuplanner.catalog.options import hardware_options, node_for
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.site.power_chain import supplies_carry_kw
from gpuplanner.core.site.site import PowerAssumptions

DATE = re.compile(r"\d{4}-\d{2}(-\d{2})?")


@pytest.fixture(scope="module")
def bundled() -> Catalog:
    return Catalog(overrides_path=None)


@pytest.fixture(scope="module")
def nodes(bundled: Catalog) -> dict[str, object]:
    return {option.gpu.id: option.node for option in hardware_options(bundled, PowerAssumptions())}


def test_every_server_row_names_its_source_and_the_day_it_was_read(bundled: Catalog) -> None:
    rows = bundled.rows("servers")
    assert len(rows) >= 40
    for row in rows:
        assert len(str(row.get("source") or "").strip()) >= 20, row["id"]
        assert DATE.fullmatch(str(row.get("as_of") or "")), row["id"]


def test_supermicro_sys_421ge_tnrt3_is_its_datasheet() -> None:
    # Supermicro SYS-421GE-TNRT3 datasheet, Key Features: "4x 2700W (2+2) Redundant Power Supplies, Titanium
    # Level"; 4U (437 x 178 x 737 mm); 32 DIMMs, "Max Memory (2DPC): Up to 8TB"; 8 double-width PCIe GPUs.
    row = Catalog(overrides_path=None).row("servers", "supermicro-sys-421ge-tnrt3")
    assert (row["psu_count"], row["psu_w"], row["psu_redundancy"]) == (4, 2700.0, "2+2")
    assert (row["rack_units"], row["gpu_count"], row["system_memory_gb"]) == (4, 8, 8192.0)
    assert row["max_power_w"] is None  # not published: the planner bounds it by the supplies, never the row


def test_atlas_800t_a2_is_the_4u_two_kunpeng_server_huaweis_storage_test_lists() -> None:
    # Huawei's OceanStor A / DaoCloud d.run compatibility test report, table 1-2: 'Atlas 800T A2 | 4U', 2 x Kunpeng
    # 920, 8 x Ascend 910B (64 GB), 4 x 2-port 200GE RoCE on the parameter plane; the blog '华为系算力卡产品调研'
    # (2025-08-18) read the same 4U off Huawei's 3D views. No table gives its power or supplies, so the row leaves
    # them to a later source rather than borrowing a DGX figure.
    row = Catalog(overrides_path=None).row("servers", "huawei-atlas-800t-a2")
    assert (row["rack_units"], row["gpu_count"], row["gpu_ids"], row["cpu"]) == (4, 8, "ascend-910b", "2x Kunpeng 920")
    assert str(row["networking"]).startswith("8x 200GE") and "oceanstor.md" in str(row["source"])
    assert row["confidence"] == "secondary" and "haoyuanyu" in str(row["source"])
    assert (row["max_power_w"], row["psu_count"], row["weight_kg"]) == (None, None, None)


def test_gh200_ships_as_a_1u_single_superchip_node() -> None:
    # Supermicro ARS-111GL-NHR datasheet, as quoted in a public GH200 research note (2026-03-29): 1U, one GH200,
    # 48.5 lb (22 kg) net, 2x 2000 W redundant supplies.
    row = Catalog(overrides_path=None).row("servers", "supermicro-ars-111gl-nhr")
    assert (row["rack_units"], row["gpu_count"], row["gpu_ids"]) == (1, 1, "gh200")
    assert (row["psu_count"], row["psu_w"], row["weight_kg"]) == (2, 2000.0, 22.0)


def test_mi355x_ships_liquid_cooled_in_the_5u_xd685() -> None:
    # HPE ProLiant Compute XD685 QuickSpecs, as a public server compilation (reviewed 2026-08-10) transcribes
    # them: 5U with direct liquid cooling for B300 / B200 / MI355X; the 6U air version carries H200 only.
    catalog = Catalog(overrides_path=None)
    liquid, air = catalog.row("servers", "hpe-xd685-dlc"), catalog.row("servers", "hpe-xd685-air")
    assert liquid["rack_units"] == 5 and str(liquid["cooling"]).startswith("liquid")
    assert "mi355x" in str(liquid["gpu_ids"]).split(";")
    assert air["rack_units"] == 6 and air["cooling"] == "air" and air["gpu_ids"] == "h200-sxm-141gb"


@pytest.mark.parametrize(("supplies", "psu_w", "schemes", "kw"), [
    (4, 2700.0, "2+2", 5.4),  # SYS-421GE-TNRT3
    (2, 2000.0, "1+1", 2.0),  # ARS-111GL-NHR
    (4, 1600.0, "3+1", 4.8),  # ASRock Rack 4U8G-EGS2
    (6, 3300.0, "4+2 6x 3,300 W @ 200-240 V, 16 A, 4+2 redundant", 13.2),  # DGX H100 row: one scheme, said twice
    (6, 2800.0, "5+1 or 3+3", None),  # two schemes: which one holds is the buyer's choice
    (6, 2800.0, "3+3 6x 2800 W Titanium (200-240 V), 3+3 fault-tolerant or 5+1", None),  # PowerEdge XE9680 row
    (48, 5500.0, "N+N", None),
    (4, 3000.0, "4x 3000 W Titanium, redundant", None),  # scheme not given
    (6, 3300.0, "2+2", None),  # does not add up to the supplies
    (None, 2700.0, "2+2", None),
    (4, None, "2+2", None),
])
def test_what_n_plus_m_supplies_carry(supplies: int | None, psu_w: float | None, schemes: str,
                                      kw: float | None) -> None:
    carried = supplies_carry_kw(supplies, psu_w, schemes)
    assert carried == (None if kw is None else pytest.approx(kw))


def test_a_gpu_goes_in_a_real_chassis_with_the_derivation_said(nodes: dict) -> None:
    gh200 = nodes["gh200"]  # was the generic 8U "8 x GH200" at 14.56 kW
    assert (gh200.name, gh200.gpus, gh200.rack_units) == ("Supermicro ARS-111GL-NHR (MGX, 1x GH200, 1U)", 1, 1)
    assert gh200.nameplate_kw == pytest.approx(2.0) and "generic" not in gh200.source
    assert any("1+1 supplies of 2,000 W" in text for text in gh200.derived)
    l40s = nodes["l40s"]
    assert l40s.name.startswith("Supermicro SYS-421GE-TNRT3") and l40s.nameplate_kw == pytest.approx(5.4)


def test_a_published_maximum_beats_one_derived_from_the_supplies(bundled: Catalog) -> None:
    # DGX B300 publishes the peak to provision for (19.7 kW); Supermicro's AS-4126GS-NB3RT-LCC only its supplies
    # (4 x 6,600 W, 2+2): whichever is listed first, a plan uses the published figure.
    derived, published = (bundled.row("servers", "supermicro-as-4126gs-nb3rt-lcc"),
                          bundled.row("servers", "dgx-b300"))
    node, _ = node_for(bundled.gpu("b300"), [derived, published], PowerAssumptions())
    assert node.name == "NVIDIA DGX B300" and node.nameplate_kw == pytest.approx(19.7) and node.derived == ()


def test_a_server_priced_by_its_seller_beats_one_priced_from_its_gpus(nodes: dict, bundled: Catalog) -> None:
    # Exxact TS4-118380266 (8x H200 SXM, 6 x 3000 W 3+3): its configurator's default build at 326,084 USD (read
    # 2026-09-21). The same server without that price, listed first, is passed over.
    priced = bundled.row("servers", "exxact-ts4-118380266")
    unpriced = {**priced, "id": "a-copy", "model": "unpriced copy", "price_usd": None}
    node, price = node_for(bundled.gpu("h200-sxm-141gb"), [unpriced, priced], PowerAssumptions())
    assert node.name == "Exxact TS4-118380266 (8U, HGX H200)" and price is not None
    assert price.amount_usd == pytest.approx(326084) and priced["price_date"] == "2026-09-21"
    assert nodes["h200-sxm-141gb"].name == node.name  # the planner's own pick too


def test_amd_8_gpu_servers_as_supermicro_lists_them() -> None:
    # Supermicro AS-8126GS-TNMR (MI350X, air): 8U, 6 x 5,250 W 3+3; AS-4126GS-NMR-LCC (MI355X): 4U, direct
    # liquid, 4 x 6,600 W 2+2 (Supermicro product pages, as a public catalog dated 2026-09-06 transcribes them).
    catalog = Catalog(overrides_path=None)
    air, liquid = catalog.row("servers", "supermicro-as-8126gs-tnmr"), catalog.row("servers",
                                                                                 "supermicro-as-4126gs-nmr-lcc")
    assert (air["rack_units"], air["psu_count"], air["psu_w"], air["psu_redundancy"]) == (8, 6, 5250.0, "3+3")
    assert air["cooling"] == "air" and "mi350x" in str(air["gpu_ids"]).split(";")
    assert (liquid["rack_units"], liquid["psu_count"], liquid["psu_w"], liquid["psu_redundancy"]) == (4, 4, 6600.0,
                                                                                                        "2+2")
    assert str(liquid["cooling"]).startswith("liquid")


def test_amd_parts_plan_on_real_chassis(nodes: dict) -> None:
    # Each was the generic 8U "as DGX H100" box.
    tnmr2 = "Supermicro AS-8125GS-TNMR2 (8U, 8x OAM)"
    expected = {"mi300x": tnmr2, "mi325x": tnmr2,
                "mi350x": "Supermicro AS-8126GS-TNMR (8U, 8x OAM, air)",
                "mi355x": "Supermicro AS-4126GS-NMR-LCC (4U, 8x MI355X, liquid)"}
    for gpu, name in expected.items():
        assert nodes[gpu].name == name and "generic" not in nodes[gpu].source, gpu
    assert nodes["mi355x"].cooled_by == "liquid" and nodes["mi355x"].nameplate_kw == pytest.approx(13.2)


def test_8_gpu_rtx_4090_and_3090_servers_as_sold_in_china(bundled: Catalog) -> None:
    # Tenstorrent T7000 specifications (built on SuperMicro A+ Server 4124GS-TNR+, a 4U system): "2+2 Titanium Level
    # PSUs ... 2000W: 220-240Vac". A mainland lab's hardware inventory (LINs-lab/cluster_tutorial, 硬件清单) lists
    # "Powerleader PR4908R (Supermicro 4124GS-TNR)" nodes with "MSI RTX 3090 * 8" and "MANLI RTX 4090 * 8", and ASUS
    # ESC8000A-E11 / -E12 nodes (4 x 3000 W, no scheme published) with "RTX 4090 * 8".
    row = bundled.row("servers", "supermicro-as-4124gs-tnr")
    assert (row["rack_units"], row["gpu_count"], row["psu_count"], row["psu_w"], row["psu_redundancy"]) == (
        4, 8, 4, 2000.0, "2+2")
    assert row["max_power_w"] is None  # not published: bounded by two of the four supplies
    # Eight 450 W RTX 4090 are expected to draw more than two supplies carry: the 2+2 bound is not theirs.
    assert row["gpu_ids"] == "rtx-3090" and "RTX 4090" in str(row["notes"])
    assert "two-slot" in str(row["notes"])  # eight to a 4U chassis are the blower editions, not the retail card
    for server in ("asus-esc8000a-e11", "asus-esc8000a-e12"):
        assert "rtx-4090" in str(bundled.row("servers", server)["gpu_ids"]).split(";"), server


def test_rtx_4090_and_3090_plan_in_a_real_4u_server(nodes: dict) -> None:
    # Each was the generic "4-GPU tower workstation" with 1.82 x the GPUs' TDP (3.28 kW for 4 x RTX 4090).
    for gpu in ("rtx-4090", "rtx-3090"):
        node = nodes[gpu]
        assert "generic" not in node.source and (node.gpus, node.rack_units, node.tower) == (8, 4, False), gpu
    rtx3090, rtx4090 = nodes["rtx-3090"], nodes["rtx-4090"]
    assert rtx3090.name.startswith("Supermicro AS-4124GS-TNR") and rtx3090.nameplate_kw == pytest.approx(4.0)
    assert any("2+2 supplies of 2,000 W" in text for text in rtx3090.derived)  # 2 x 2,000 W of a 2+2 set
    # No scheme for the ESC8000A's four 3,000 W supplies: the maximum is derived, 8 x 450 W x 1.82.
    assert rtx4090.name.startswith("ASUS ESC8000A-E1") and rtx4090.nameplate_kw == pytest.approx(6.552)
    assert any("not published" in text for text in rtx4090.derived)


def test_one_to_four_rtx_4090_still_go_in_a_tower_and_eight_in_the_rack_server() -> None:
    # A consumer card's rack server (eight two-slot cards in 4U) is what an 8- or 16-GPU plan buys; a plan of one
    # to four cards is the deskside workstation it was, plugged into the office's wall socket.
    from gpuplanner.service import plan_for_scenario

    def site(count: int):
        result = plan_for_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e7},
                                    "hardware": {"gpu": "rtx-4090", "count": count},
                                    "constraints": {"deployment": "on-prem"}}, Catalog(overrides_path=None))
        return (result.plans or result.near_misses)[0].site

    small, large = site(2), site(8)
    assert small.deskside and "ESC8000A" not in small.node
    assert not large.deskside and large.node.startswith("ASUS ESC8000A-E1") and large.nodes == 1


def test_eight_rtx_5090_in_a_4u_chassis_only_water_blocked() -> None:
    # LM TEK 4U8G specifications (its website source, 2026): 4U, "CRPS 4+1, 5x 2000W Platinum", "Up to 8 GPUs",
    # "Geforce RTX 5090" among its GPU models, on an EK liquid manifold "8x GPU, 2x CPU" with its own radiators.
    row = Catalog(overrides_path=None).row("servers", "lmtek-4u8g")
    assert (row["rack_units"], row["gpu_count"], row["psu_count"], row["psu_w"], row["psu_redundancy"]) == (
        4, 8, 5, 2000.0, "4+1")
    assert row["gpu_ids"] == "rtx-5090" and "water blocks" in str(row["notes"])
    assert str(row["cooling"]).startswith("air")  # the loop ends in the chassis's own radiators: the room takes it


def test_rtx_5090_plans_in_the_water_blocked_4u_server(nodes: dict) -> None:
    node = nodes["rtx-5090"]  # was the generic 4-GPU tower at 4.19 kW
    assert node.name.startswith("LM TEK 4U8G") and (node.gpus, node.rack_units) == (8, 4)
    assert node.nameplate_kw == pytest.approx(8.0) and node.cooled_by == "air"  # 4 x 2,000 W of a 4+1 set
