"""A GPU's scale-up fabric is catalog data: the fabrics row a GPU names gives its domain, in-switch reduction and
per-collective bus-bandwidth shares; a new vendor's fabric is a catalog row, and a user's row saved before rows named
a fabric plans as it did."""

from __future__ import annotations

import csv
import dataclasses
import shutil
import sqlite3
from pathlib import Path

import pytest

from gpuplanner.catalog.build import CatalogSourceError, build_catalog
from gpuplanner.catalog.fabrics import fabric_from_link_text, fabric_from_row
from gpuplanner.catalog.options import hardware_options, node_for
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.hardware.fabric import Collective
from gpuplanner.core.site.site import PowerAssumptions
from gpuplanner.core.training.collectives import nvlink_bytes_per_s
from gpuplanner.core.training.workload import (
    DEFAULT_SCALE_OUT_PORT_GBPS,
    Assumptions,
    Cluster,
    scale_out_port_gbps,
    stated_scale_out_port_gbps,
)
from gpuplanner.paths import resource_path, user_overrides_path
from gpuplanner.service import estimate_for_scenario, scenario_on_its_server

MY_GPU = {"id": "my-gpu", "vendor": "Acme", "model": "Acme X1", "segment": "datacenter", "memory_gib": "96",
          "memory_bandwidth_gbs": "4000", "bf16_tflops": "800", "tdp_w": "600", "interconnect": "NVLink 4",
          "interconnect_gbs": "900", "source": "vendor quote 2026-11", "as_of": "2026-11-20"}


def _reads(gpu) -> tuple:
    return gpu.has_scale_up_fabric, gpu.scale_up_domain, gpu.fabric_domain, gpu.reduces_in_switch


def test_every_bundled_gpus_fabric_is_a_sourced_catalog_row(catalog) -> None:
    """What a GPU plans on inside a node is its fabric row, read as it stands: the domain, in-switch reduction,
    shares and scale-out NIC port of the row it names, each with a source and a date; a GPU that names none plans
    over PCIe, on the default NIC port, whatever its link text says (MetaX's MetaXLink)."""
    rows = {str(row["id"]): row for row in catalog.rows("fabrics")}
    named = 0
    for gpu in catalog.gpus():
        if gpu.fabric is None:
            assert (gpu.has_scale_up_fabric, gpu.scale_up_domain, gpu.reduces_in_switch) == (False, 1, False), gpu.id
            assert stated_scale_out_port_gbps(gpu) is None and scale_out_port_gbps(gpu) == DEFAULT_SCALE_OUT_PORT_GBPS
            continue
        row = rows[gpu.fabric.id]
        assert gpu.fabric == fabric_from_row(row), gpu.id
        assert row["source"] and row["as_of"] and row["scale_up_source"], gpu.fabric.id
        if row.get("nic_gbps_per_gpu") is not None:
            assert row["nic_source"] and row["nic_as_of"], gpu.fabric.id
            assert scale_out_port_gbps(gpu) == row["nic_gbps_per_gpu"], gpu.id
        else:
            assert scale_out_port_gbps(gpu) == DEFAULT_SCALE_OUT_PORT_GBPS, gpu.id
        named += gpu.has_scale_up_fabric
    assert named >= 20
    metax = catalog.gpu("metax-c500")
    assert metax.interconnect_gbs and metax.fabric is None and not metax.has_scale_up_fabric
    h100 = catalog.gpu("h100-sxm5-80gb")
    assert h100.fabric is not None and h100.fabric.id == "nvlink-4" and "nccl#1031" in h100.fabric.source
    # One port per GPU as the DGX datasheets give it: 400 Gb/s ConnectX-7 (DGX H100), 200 Gb/s ConnectX-6 (A100).
    assert (scale_out_port_gbps(h100), scale_out_port_gbps(catalog.gpu("a100-sxm4-80gb"))) == (400.0, 200.0)
    assert "DGX H100" in str(rows["nvlink-4"]["nic_source"])


def _temporary_catalog(tmp_path: Path, fabrics: list[dict[str, str]], gpus: list[dict[str, str]]) -> Catalog:
    """The bundled catalog's sources with extra fabric and GPU rows, built into a catalog of its own."""
    source = tmp_path / "catalog-source"
    shutil.copytree(resource_path("catalog"), source)
    for table, extra in (("fabrics", fabrics), ("gpus", gpus)):
        path = source / f"{table}.csv"
        with path.open(encoding="utf-8", newline="") as handle:
            header = next(csv.reader(handle))
        with path.open("a", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=header, lineterminator="\n")
            writer.writerows(extra)
    build_catalog(source, tmp_path / "catalog.db")
    return Catalog(bundled_path=tmp_path / "catalog.db", overrides_path=None)


def test_a_new_vendors_fabric_is_a_catalog_row_the_estimates_use(tmp_path, catalog) -> None:
    """A made-up part on a made-up 16-GPU switched fabric, with the all-reduce and all-to-all shares its (made-up)
    nccl-tests runs measured: its link text means nothing to the planner, the fabric row is what it plans on.
    Tensor-parallel all-reduces of 16 stay on the fabric at its measured 0.6 of the link, as a fabric without
    measurements runs at a link efficiency of 0.6; the serving all-reduce is summed in the switch."""
    h100 = {key: "" if value is None else str(value) for key, value in catalog.row("gpus", "h100-sxm5-80gb").items()
            if key != "origin"}
    fabric = {"id": "acme-mesh", "category": "GPU scale-up", "name": "AcmeLink switch", "generation_or_model": "1",
              "per_device_gbs_bidirectional": "1000", "source": "Acme X1 datasheet (made up)", "as_of": "2026-12",
              "scale_up_domain": "16", "in_switch_reduction": "yes", "all_reduce_busbw_share": "0.6",
              "all_to_all_busbw_share": "0.4", "scale_up_source": "Acme nccl-tests runs (made up)"}
    unmeasured = {**fabric, "id": "acme-mesh-unmeasured", "all_reduce_busbw_share": "", "all_to_all_busbw_share": ""}
    part = {**h100, "id": "acme-x1", "vendor": "Acme", "vendor_zh": "", "model": "X1", "model_zh": "",
            "architecture": "Hopper", "interconnect": "AcmeLink", "interconnect_gbs": "1000", "fabric": "acme-mesh",
            "maf_fp16_tflops": "", "maf_bf16_tflops": "", "maf_fp8_tflops": "", "maf_source": "", "maf_as_of": ""}
    twin = {**part, "id": "acme-x0", "fabric": "acme-mesh-unmeasured"}
    acme = _temporary_catalog(tmp_path, [fabric, unmeasured], [part, twin])

    gpu = acme.gpu("acme-x1")
    assert fabric_from_link_text(gpu.interconnect) is None  # the text alone would be PCIe only
    assert (gpu.scale_up_domain, gpu.reduces_in_switch, gpu.default_gpus_per_node) == (16, True, 16)
    assert (gpu.busbw_share(Collective.ALL_REDUCE), gpu.busbw_share(Collective.ALL_TO_ALL),
            gpu.busbw_share(Collective.ALL_GATHER)) == (0.6, 0.4, None)
    assumptions = Assumptions()
    assert float(nvlink_bytes_per_s(gpu, 16, assumptions)) == pytest.approx(1000 / 2 * 1e9 * 0.6)
    assert float(nvlink_bytes_per_s(gpu, 16, assumptions, Collective.ALL_TO_ALL)) == pytest.approx(500e9 * 0.4)
    assert float(nvlink_bytes_per_s(gpu, 16, assumptions, Collective.ALL_GATHER)) == pytest.approx(500e9 * 0.75)
    assert float(nvlink_bytes_per_s(gpu, 32, assumptions)) == pytest.approx(gpu.pcie_gbs_bidirectional / 2 * 1e9
                                                                           * 0.75)  # beyond the fabric: PCIe

    scenario = {"task": "pretrain", "model": {"preset": "llama-3.1-70b"}, "training": {"tokens": 1e10},
                "hardware": {"gpu": "acme-x1", "count": 16, "gpus_per_node": 16}, "parallelism": {"tp": 16, "pp": 1}}
    measured = estimate_for_scenario(scenario, acme)
    assert measured.nodes == 1 and measured.layout.tp == 16
    at_link_efficiency = estimate_for_scenario({**scenario, "hardware": {**scenario["hardware"], "gpu": "acme-x0"},
                                                "assumptions": {"link_efficiency": 0.6}}, acme)
    tensor_parallel = measured.training.step_breakdown_s["tensor_parallel"]
    assert tensor_parallel > 0
    assert tensor_parallel == pytest.approx(at_link_efficiency.training.step_breakdown_s["tensor_parallel"])
    at_default = estimate_for_scenario({**scenario, "hardware": {**scenario["hardware"], "gpu": "acme-x0"}}, acme)
    assert at_default.training.step_breakdown_s["tensor_parallel"] < tensor_parallel

    from gpuplanner.core.serving.inference import ServingWorkload, WeightFormat, _tp_allreduce_s

    workload = ServingWorkload(model=acme.model("llama-3.1-70b"), weight_dtype=WeightFormat.FP8,
                               kv_dtype=WeightFormat.FP8)
    ring = dataclasses.replace(gpu, fabric=dataclasses.replace(gpu.fabric, reduces_in_switch=False))
    assert _tp_allreduce_s(workload, gpu, 16, 512) < _tp_allreduce_s(workload, ring, 16, 512)


def _part(catalog: Catalog, **columns: str) -> dict[str, str]:
    """The bundled H100 SXM's row as a made-up Acme part (no maximum-achievable rates: those are H100's)."""
    h100 = {key: "" if value is None else str(value) for key, value in catalog.row("gpus", "h100-sxm5-80gb").items()
            if key != "origin"}
    return {**h100, "vendor": "Acme", "vendor_zh": "", "model_zh": "", "architecture": "Acme 1",
            "interconnect": "AcmeLink", "interconnect_gbs": "1000", "maf_fp16_tflops": "", "maf_bf16_tflops": "",
            "maf_fp8_tflops": "", "maf_source": "", "maf_as_of": "", **columns}


def test_a_new_vendors_16_gpu_fabric_plans_16_gpu_nodes_on_its_nic_with_no_server_row(tmp_path, catalog) -> None:
    """A made-up vendor's module on a made-up 16-GPU switched fabric whose row states an 800 Gb/s NIC port per GPU,
    and no server row: its generic chassis holds the whole domain (16 GPUs, 16U at the DGX's 1U a GPU, not an 8-GPU
    8U box), a plan of 32 runs on two such nodes, and the scale-out network is the fabric row's port per GPU (not an
    architecture list's 200 Gb/s). Its twin on a fabric that states no port is planned on the default port, and its
    plans say so. A superchip module with no server row gets no generic chassis: listed as lacking its server."""
    fabric = {"id": "acme-switch", "category": "GPU scale-up", "name": "AcmeLink switch",
              "per_device_gbs_bidirectional": "1000", "source": "Acme X1 datasheet (made up)", "as_of": "2026-12",
              "scale_up_domain": "16", "in_switch_reduction": "yes", "scale_up_source": "Acme datasheet (made up)",
              "nic_gbps_per_gpu": "800", "nic_source": "Acme X1 server guide (made up)", "nic_as_of": "2026-12"}
    quiet = {**fabric, "id": "acme-switch-no-nic", "nic_gbps_per_gpu": "", "nic_source": "", "nic_as_of": ""}
    parts = [_part(catalog, id="acme-x1", model="X1", fabric="acme-switch"),
             _part(catalog, id="acme-x0", model="X0", fabric="acme-switch-no-nic"),
             _part(catalog, id="acme-s1", model="S1", fabric="acme-switch",
                   form_factor="Superchip module (Acme CPU + 2 GPUs)")]
    acme = _temporary_catalog(tmp_path, [fabric, quiet], parts)
    assert not any("acme" in str(row.get("gpu_ids")) for row in acme.rows("servers"))

    gpu = acme.gpu("acme-x1")
    assert (gpu.scale_up_domain, gpu.default_gpus_per_node, scale_out_port_gbps(gpu)) == (16, 16, 800.0)
    options = {option.gpu.id: option for option in hardware_options(acme, PowerAssumptions())}
    node = options["acme-x1"].node
    assert (node.gpus, node.rack_units, node.generic, options["acme-x1"].nic_gbps) == (16, 16, True, 800.0)
    assert options["acme-x0"].nic_gbps == DEFAULT_SCALE_OUT_PORT_GBPS
    assert options["acme-s1"].missing == ("server",) and not options["acme-x1"].missing

    scenario = {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "training": {"tokens": 1e10},
                "hardware": {"gpu": "acme-x1", "count": 32}}
    planned, on = scenario_on_its_server(scenario, acme)
    assert planned.gpus_per_node == on.gpus == 16
    assert Cluster(gpu, 32, 16).network_gbps == 800.0 * 16
    measured = estimate_for_scenario(scenario, acme)
    assert measured.nodes == 2
    default = estimate_for_scenario({**scenario, "hardware": {"gpu": "acme-x0", "count": 32}}, acme)
    assert default.nodes == 2
    assert measured.training.step_breakdown_s["data_parallel"] < default.training.step_breakdown_s["data_parallel"]
    said = "states no scale-out NIC"
    assert any(said in str(note) for note in default.warnings)
    assert not any(said in str(note) for note in measured.warnings)
    with pytest.raises(InputError, match="no catalog server holds S1"):
        node_for(acme.gpu("acme-s1"), acme.rows("servers"), PowerAssumptions())
    b100 = catalog.gpu("b100")  # a bundled baseboard module with no server row, on an 8-GPU domain
    assert [(node.gpus, node.rack_units) for node, _ in (node_for(b100, [], PowerAssumptions()),
                                                         node_for(b100, [], PowerAssumptions(), gpus=16))] \
        == [(8, 8), (16, 16)]  # the user's 16 a node: 16U at the DGX's density, never 16 GPUs in 8U
    superchips = estimate_for_scenario({**scenario, "hardware": {"gpu": "acme-s1", "count": 32}}, acme)
    assert superchips.nodes == 2 and superchips.power.node_kw_nameplate is None  # its server's: unknown


def test_a_bundled_gpu_naming_no_fabric_row_is_refused_at_build(tmp_path, catalog) -> None:
    """The catalog build refuses a GPU whose fabric is not a scale-up row of the fabrics table (a typo would
    silently plan it over PCIe), and a share of the link above 1."""
    from gpuplanner.catalog.build import CatalogSourceError

    row = {key: "" if value is None else str(value) for key, value in catalog.row("gpus", "h100-sxm5-80gb").items()
           if key != "origin"}
    with pytest.raises(CatalogSourceError, match="fabric 'nvlink-9'"):
        _temporary_catalog(tmp_path / "a", [], [{**row, "id": "typo", "fabric": "nvlink-9"}])
    with pytest.raises(CatalogSourceError, match="pcie-gen5"):
        _temporary_catalog(tmp_path / "b", [], [{**row, "id": "host-bus", "fabric": "pcie-gen5"}])
    fabric = {"id": "too-fast", "name": "x", "source": "x", "scale_up_domain": "8", "all_reduce_busbw_share": "1.5",
              "scale_up_source": "x"}
    with pytest.raises(CatalogSourceError, match="all_reduce_busbw_share must be above 0 and at most 1"):
        _temporary_catalog(tmp_path / "c", [fabric], [])


def test_a_users_gpu_rows_keep_their_fabric_and_name_one_the_table_has() -> None:
    """A user's GPU row without a fabric (saved by an earlier version, or typed in the editor's link field) plans on
    what its link text meant; one naming a fabric the table lacks is said and planned over PCIe; the user's own
    fabric row is checked as a bundled one."""
    catalog = Catalog()
    catalog.save_user_row("gpus", MY_GPU)
    catalog.save_user_row("gpus", {**MY_GPU, "id": "my-bridged", "fabric": "nvlink-bridge-2"})
    catalog.save_user_row("gpus", {**MY_GPU, "id": "my-typo", "fabric": "nvlink-9"})
    fresh = Catalog()
    assert _reads(fresh.gpu("my-gpu")) == (True, 8, 8, True)
    assert _reads(fresh.gpu("my-bridged")) == (True, 2, 2, False)
    assert _reads(fresh.gpu("my-typo")) == (False, 1, 0, False)
    assert any("my-typo" in note and "nvlink-9" in note for note in fresh.messages)
    with pytest.raises(InputError, match="at most 1"):
        catalog.save_user_row("fabrics", {"id": "mine", "name": "x", "source": "ours", "scale_up_domain": "8",
                                          "all_to_all_busbw_share": "2"})
    catalog.save_user_row("fabrics", {"id": "mine", "name": "Our mesh", "source": "our nccl-tests",
                                      "scale_up_domain": "4", "in_switch_reduction": "no",
                                      "all_reduce_busbw_share": "0.8", "scale_up_source": "our nccl-tests, 2026-12"})
    catalog.save_user_row("gpus", {**MY_GPU, "id": "my-meshed", "fabric": "mine"})
    meshed = Catalog().gpu("my-meshed")
    assert _reads(meshed) == (True, 4, 4, False) and meshed.busbw_share(Collective.ALL_REDUCE) == 0.8


def test_a_schema_11_database_gains_the_fabric_columns_and_plans_as_before() -> None:
    """Schema 12 added gpus.fabric and the fabrics' scale-up columns: a user database from before keeps its GPU
    rows, which plan on the fabric their link text gave."""
    Catalog().save_user_row("gpus", MY_GPU)
    connection = sqlite3.connect(user_overrides_path())
    connection.execute("ALTER TABLE gpus DROP COLUMN fabric")
    for column in ("scale_up_domain", "in_switch_reduction", "all_reduce_busbw_share", "all_gather_busbw_share",
                   "reduce_scatter_busbw_share", "all_to_all_busbw_share", "scale_up_source"):
        connection.execute(f"ALTER TABLE fabrics DROP COLUMN {column}")
    connection.execute("PRAGMA user_version = 11")
    connection.commit()
    connection.close()
    gpu = Catalog().gpu("my-gpu")
    assert gpu.model == "Acme X1" and _reads(gpu) == (True, 8, 8, True)
    columns = {row[1] for row in sqlite3.connect(user_overrides_path()).execute("PRAGMA table_info(gpus)")}
    assert "fabric" in columns


def test_the_editor_offers_the_catalogs_fabrics_and_keeps_a_rows_own(qtbot) -> None:
    """A GPU's fabric is a field of the catalog editor: a bundled row's own shows, so a price edit keeps it; the
    catalog's scale-up fabrics are offered; an id the catalog lacks is refused, and nothing is saved."""
    from gpuplanner.ui.catalog_editor import CatalogEntryDialog

    catalog = Catalog()
    dialog = CatalogEntryDialog(catalog, "gpus", dict(catalog.row("gpus", "h100-pcie-80gb")))
    qtbot.addWidget(dialog)
    edit = dialog.edits["fabric"]
    assert edit.text() == "nvlink-bridge-2"
    assert {"nvlink-4", "nvlink-nvl72", "xgmi-mi300x-mi325x"} <= set(edit.completer().model().stringList())
    assert "pcie-gen5" not in edit.completer().model().stringList()  # a host bus is no scale-up fabric
    dialog.edits["price_usd_low"].setText("20000")
    dialog.save()
    assert dialog.result() == dialog.DialogCode.Accepted, dialog.message.text()
    assert Catalog().gpu("h100-pcie-80gb").fabric.id == "nvlink-bridge-2"

    new = CatalogEntryDialog(catalog, "gpus")
    qtbot.addWidget(new)
    for column, value in MY_GPU.items():
        new.edits[column].setText(value)
    new.edits["fabric"].setText("nvlink-9")
    new.save()
    assert new.result() != new.DialogCode.Accepted and new.edits["fabric"].property("invalid") is True
    assert "Scale-up fabric (catalog id): not a scale-up fabric of the catalog" in new.message.text()
    with pytest.raises(InputError):
        Catalog().gpu("my-gpu")
    new.edits["fabric"].setText("nvlink-nvl72")
    new.save()
    assert new.result() == new.DialogCode.Accepted, new.message.text()
    assert _reads(Catalog().gpu("my-gpu")) == (True, 72, 72, True)


def test_geforce_collectives_over_pcie_run_at_the_bus_bandwidth_their_row_measured(tmp_path, catalog) -> None:
    """GeForce cards have no GPU peer-to-peer: NCCL stages their collectives through host memory, and where a run
    measured the bus bandwidth that reaches (8 RTX 5090 on a dual-socket host: 28 GB/s, NVIDIA/nccl#1639) the GPU
    row's share prices every collective over PCIe, not the link efficiency: a data-parallel step of 8 RTX 5090 moves
    its gradients 0.75 / 0.4375 times slower than the same card without the measurement. An RTX 4090, with no stock
    measurement found, stays at the link efficiency; a share above 1 is refused."""
    assumptions = Assumptions()
    rtx5090, rtx4090 = catalog.gpu("rtx-5090"), catalog.gpu("rtx-4090")
    assert rtx5090.pcie_busbw_share == pytest.approx(28.0 / 64.0) and rtx4090.pcie_busbw_share is None
    assert float(nvlink_bytes_per_s(rtx5090, 8, assumptions)) == pytest.approx(28e9)
    assert float(nvlink_bytes_per_s(rtx4090, 8, assumptions)) == pytest.approx(32e9 * assumptions.link_efficiency)
    # A bridged pair keeps its bridge (a made-up bridge rate: the row captures none): the share applies beyond it.
    bridged = dataclasses.replace(catalog.gpu("rtx-3090"), interconnect_gbs=100.0)
    host_staged = dataclasses.replace(bridged, pcie_busbw_share=0.2)
    assert float(nvlink_bytes_per_s(host_staged, 2, assumptions)) == float(nvlink_bytes_per_s(bridged, 2, assumptions))
    assert float(nvlink_bytes_per_s(host_staged, 8, assumptions)) == pytest.approx(32e9 * 0.2)

    scenario = {"task": "pretrain", "model": {"preset": "llama-3.2-1b"}, "seq_len": 2048,
                "training": {"tokens": 1e9, "zero": 1, "global_batch": 64, "micro_batch": 1},
                "hardware": {"gpu": "rtx-5090", "count": 8, "gpus_per_node": 8},
                "parallelism": {"tp": 1, "pp": 1, "dp": 8}, "assumptions": {"dp_overlap": 0.0}}
    measured = estimate_for_scenario(scenario, catalog, alternatives=False).training.step_breakdown_s
    unmeasured_part = {key: "" if value is None else str(value)
                       for key, value in catalog.row("gpus", "rtx-5090").items() if key != "origin"}
    unmeasured_part.update(id="rtx-5090-unmeasured", pcie_busbw_share="", pcie_busbw_source="", pcie_busbw_as_of="")
    too_high = {**unmeasured_part, "id": "rtx-5090-too-high", "pcie_busbw_share": "1.5",
                "pcie_busbw_source": "made up", "pcie_busbw_as_of": "2026-12"}
    with pytest.raises(CatalogSourceError, match="pcie_busbw_share"):
        _temporary_catalog(tmp_path / "high", [], [too_high])
    plain = _temporary_catalog(tmp_path / "plain", [], [unmeasured_part])
    unmeasured = {**scenario, "hardware": {**scenario["hardware"], "gpu": "rtx-5090-unmeasured"}}
    at_link_efficiency = estimate_for_scenario(unmeasured, plain, alternatives=False).training.step_breakdown_s
    assert measured["data_parallel"] / at_link_efficiency["data_parallel"] == pytest.approx(0.75 / 0.4375, rel=0.02)


def test_a_point_to_point_fabric_gives_a_group_only_the_links_between_its_gpus(catalog) -> None:
    """An 8-GPU Infinity Fabric board links its MI300Xs each to each (128 GB/s a link, 896 GB/s over all 7), as an
    Atlas A2 server's HCCS links its 910Bs (56 GB/s a link, 392 over 7): a group of n uses its n - 1 links (a pair
    one link, four three), all eight the whole; a switched NVLink baseboard gives any group all of it."""
    mi300x, gaudi3, h100 = (catalog.gpu(g) for g in ("mi300x", "gaudi3", "h100-sxm5-80gb"))
    assert mi300x.fabric is not None and mi300x.fabric.point_to_point and mi300x.fabric_domain == 8
    assert [float(mi300x.group_link_gbs(n)) for n in (2, 4, 8)] == [128.0, 384.0, 896.0]
    assert float(gaudi3.group_link_gbs(8)) == 1200.0 and float(gaudi3.group_link_gbs(2)) == pytest.approx(1200 / 7)
    assert [float(h100.group_link_gbs(n)) for n in (2, 4, 8)] == [900.0, 900.0, 900.0]
    pair, whole = (float(nvlink_bytes_per_s(mi300x, n, Assumptions())) for n in (2, 8))
    assert whole == pytest.approx(7 * pair)
    hccs = {str(row["id"]): row for row in catalog.rows("fabrics")}["hccs-ascend-910b"]
    assert (hccs["per_device_gbs_bidirectional"], hccs["scale_up_domain"], hccs["point_to_point"]) == (392.0, 8, 1)
    assert catalog.gpu("ascend-910b").fabric == fabric_from_row(hccs)
