"""Servers as they ship: every catalog row sourced and dated, sourced figures pinned, and the planner putting a GPU
in a real chassis (its maximum draw published, or bounded by its N+M supplies) before a generic one."""

from __future__ import annotations

import re

import pytest

from gpuplanner.catalog.options import hardware_options
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.power_chain import supplies_carry_kw
from gpuplanner.core.site import PowerAssumptions

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


@pytest.mark.parametrize(("supplies", "psu_w", "redundancy", "kw"), [
    (4, 2700.0, "2+2", 5.4),  # SYS-421GE-TNRT3
    (2, 2000.0, "1+1", 2.0),  # ARS-111GL-NHR
    (6, 3300.0, "4+2", 13.2),
    (4, 1600.0, "3+1", 4.8),  # ASRock Rack 4U8G-EGS2
    (6, 2800.0, "5+1 or 3+3", None),  # two schemes: which one holds is the buyer's choice
    (48, 5500.0, "N+N", None),
    (4, 3000.0, "", None),  # "redundant", scheme not given
    (6, 3300.0, "2+2", None),  # does not add up to the supplies
    (None, 2700.0, "2+2", None),
    (4, None, "2+2", None),
])
def test_what_n_plus_m_supplies_carry(supplies: int | None, psu_w: float | None, redundancy: str,
                                      kw: float | None) -> None:
    carried = supplies_carry_kw(supplies, psu_w, redundancy)
    assert carried == (None if kw is None else pytest.approx(kw))


def test_a_gpu_goes_in_a_real_chassis_with_the_derivation_said(nodes: dict) -> None:
    gh200 = nodes["gh200"]  # was the generic 8U "8 x GH200" at 14.56 kW
    assert (gh200.name, gh200.gpus, gh200.rack_units) == ("Supermicro ARS-111GL-NHR (MGX, 1x GH200, 1U)", 1, 1)
    assert gh200.nameplate_kw == pytest.approx(2.0) and "generic" not in gh200.source
    assert any("1+1 supplies of 2,000 W" in text for text in gh200.derived)
    l40s = nodes["l40s"]
    assert l40s.name.startswith("Supermicro SYS-421GE-TNRT3") and l40s.nameplate_kw == pytest.approx(5.4)


def test_a_published_maximum_beats_one_derived_from_the_supplies(nodes: dict) -> None:
    # DGX H100 publishes 10.2 kW; the PowerEdge XE9680 (listed for H100 too, and first by id) publishes only its
    # supplies (6 x 2,800 W, 3+3): the published figure is the one a plan uses.
    h100 = nodes["h100-sxm5-80gb"]
    assert h100.name == "NVIDIA DGX H100" and h100.nameplate_kw == pytest.approx(10.2) and h100.derived == ()
