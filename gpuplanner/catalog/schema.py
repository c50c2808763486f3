"""The catalog's tables: column names and SQLite types, one place for the build, the reader and overrides."""

from __future__ import annotations

from gpuplanner.core.hardware.fabric import Collective
from gpuplanner.core.models.model import ARCH_FIELDS

Cell = str | int | float | None  # one SQLite value as the catalog stores it (None where the source gives nothing)
Row = dict[str, Cell]  # one catalog row: column -> value

# 2: models.activation_mib_per_sample; 3: confidence, price_date, price_confidence; 4: fp4_tflops; 5: the models'
# shape fields beyond the classic transformer (core.models.model.ARCH_FIELDS); 6: their MoE routing groups; 7: the GPUs'
# vendor-measured max-achievable GEMM rates (maf_*)
SCHEMA_VERSION = 15  # 8: cloud_instances.reserved_per_hour and spot_per_hour; 9: availability.rule_zh; 10: the
# GPUs' prices quoted in CNY (price_cny_*) and the names their vendors use in Chinese (vendor_zh, model_zh);
# 11: servers.cpu_cores, local_nvme_tb, local_nvme_write_gbs (storage and host sizing); 12: gpus.fabric and the
# fabrics' scale-up figures (scale_up_domain, in_switch_reduction, *_busbw_share, scale_up_source); 13: the
# fabrics' scale-out NIC port per GPU (nic_gbps_per_gpu, nic_source, nic_as_of); 14: the GPUs' measured collective
# bus bandwidth over PCIe (pcie_busbw_share, pcie_busbw_source, pcie_busbw_as_of); 15: fabrics.point_to_point

TEXT, INTEGER, REAL, BOOL = "TEXT", "INTEGER", "REAL", "BOOL"
COLLECTIVES = tuple(c.value for c in Collective)  # the fabrics' <collective>_busbw_share columns

# Each table: ordered (column, type). BOOL is stored as INTEGER 0/1 from "yes"/"no" in the CSV.
TABLES: dict[str, list[tuple[str, str]]] = {
    "gpus": [
        ("id", TEXT), ("vendor", TEXT), ("model", TEXT),
        # The vendor's own Chinese names where it uses them (华为 / 昇腾 910B), shown to a reader in Chinese.
        ("vendor_zh", TEXT), ("model_zh", TEXT), ("architecture", TEXT), ("form_factor", TEXT),
        ("segment", TEXT), ("memory_gib", REAL), ("memory_type", TEXT), ("memory_bandwidth_gbs", REAL),
        ("fp32_tflops", REAL), ("tf32_tflops", REAL), ("bf16_tflops", REAL), ("fp16_tflops", REAL),
        ("fp8_tflops", REAL), ("fp4_tflops", REAL), ("int8_tops", REAL), ("dense_basis", TEXT), ("tdp_w", REAL),
        ("interconnect", TEXT), ("interconnect_gbs", REAL), ("pcie_gen", INTEGER), ("ecc", BOOL),
        ("mig", TEXT), ("release_year", INTEGER), ("price_usd_low", REAL), ("price_usd_high", REAL),
        # A price its source quotes in CNY stays in CNY (a row has USD or CNY, never both); a plan in USD converts
        # it at the user's exchange rate, as it does a CNY cloud price.
        ("price_cny_low", REAL), ("price_cny_high", REAL), ("price_source", TEXT), ("price_date", TEXT),
        ("price_confidence", TEXT), ("source", TEXT), ("confidence", TEXT), ("as_of", TEXT), ("notes", TEXT),
        # Max-achievable dense GEMM rate the vendor measured (AMD's "MAF": its libraries' best large GEMM at the
        # clock the part sustains under that load), with its own source and date.
        ("maf_fp16_tflops", REAL), ("maf_bf16_tflops", REAL), ("maf_fp8_tflops", REAL), ("maf_source", TEXT),
        ("maf_as_of", TEXT),
        # The id of its scale-up fabric in the fabrics table (empty: PCIe only; a user's row written before this
        # column existed is read from its link text: catalog.fabrics).
        ("fabric", TEXT),
        # The bus bandwidth NCCL's collectives reached between these cards over PCIe, over the link's one-way peak,
        # where a run measured it (GeForce cards have no GPU peer-to-peer: NCCL stages through host memory), with
        # its own source and date.
        ("pcie_busbw_share", REAL), ("pcie_busbw_source", TEXT), ("pcie_busbw_as_of", TEXT),
    ],
    "servers": [
        ("id", TEXT), ("vendor", TEXT), ("model", TEXT), ("gpu_ids", TEXT), ("gpu_model", TEXT),
        ("gpu_count", INTEGER), ("rack_units", INTEGER), ("max_power_w", REAL), ("psu", TEXT),
        ("psu_count", INTEGER), ("psu_w", REAL), ("psu_redundancy", TEXT), ("cpu", TEXT),
        ("system_memory_gb", REAL), ("networking", TEXT), ("weight_kg", REAL), ("cooling", TEXT),
        ("price_usd", REAL), ("price_source", TEXT), ("price_date", TEXT), ("price_confidence", TEXT),
        ("source", TEXT), ("confidence", TEXT), ("as_of", TEXT), ("notes", TEXT),
        # Host figures for storage and data-loader sizing, from the same documents as the row (the data drives
        # only; empty where the datasheet gives none).
        ("cpu_cores", INTEGER), ("local_nvme_tb", REAL), ("local_nvme_write_gbs", REAL),
    ],
    "cloud_instances": [
        ("id", TEXT), ("provider", TEXT), ("instance", TEXT), ("gpu_id", TEXT), ("gpu_model", TEXT),
        ("gpu_count", INTEGER), ("vcpus", INTEGER), ("memory_gib", REAL), ("network_gbps", REAL),
        ("on_demand_per_hour", REAL), ("reserved_per_hour", REAL), ("spot_per_hour", REAL), ("currency", TEXT),
        ("region", TEXT), ("price_date", TEXT),
        ("as_of", TEXT), ("source", TEXT), ("confidence", TEXT), ("notes", TEXT),
    ],
    "fabrics": [
        ("id", TEXT), ("category", TEXT), ("name", TEXT), ("generation_or_model", TEXT), ("used_by", TEXT),
        ("lanes_or_links", TEXT), ("per_port_or_link_gbps_unidir", REAL),
        ("per_device_gbs_bidirectional", REAL), ("switch_ports", TEXT), ("switch_capacity", TEXT),
        ("power_w", REAL), ("latency", TEXT), ("source", TEXT), ("notes", TEXT), ("as_of", TEXT),
        # What the estimator reads of a scale-up fabric a GPU names: the GPUs it joins, whether its switch reduces
        # in place, the achieved bus bandwidth over the link's one-way peak by collective where measured (empty:
        # the scenario's link efficiency), and the source of these figures.
        ("scale_up_domain", INTEGER), ("in_switch_reduction", BOOL), *((f"{c}_busbw_share", REAL) for c in COLLECTIVES),
        ("scale_up_source", TEXT),
        # The scale-out NIC port each GPU of a server on this fabric has (Gb/s), its source and date (empty: not
        # stated; the planner's default port applies and the plan says so).
        ("nic_gbps_per_gpu", REAL), ("nic_source", TEXT), ("nic_as_of", TEXT),
        # The GPUs of the domain are linked each to each, no switch: a group of some of them reaches only the links
        # between them (core.hardware.fabric.ScaleUpFabric.point_to_point); its source is scale_up_source.
        ("point_to_point", BOOL),
    ],
    "models": [
        ("id", TEXT), ("name", TEXT), ("kind", TEXT), ("layers", INTEGER), ("hidden", INTEGER),
        ("heads", INTEGER), ("kv_heads", INTEGER), ("ffn_hidden", INTEGER), ("vocab", INTEGER),
        ("gated_mlp", BOOL), ("tied_embeddings", BOOL), ("experts", INTEGER), ("experts_per_token", INTEGER),
        ("max_seq_len", INTEGER), ("params", REAL), ("active_params", REAL), ("gflops_fwd_per_sample", REAL),
        ("resolution", INTEGER), ("activation_mib_per_sample", REAL), ("source", TEXT), ("confidence", TEXT),
        ("as_of", TEXT), ("notes", TEXT), *((key, INTEGER) for key in ARCH_FIELDS),
    ],
    # Sourced statements of where a GPU can be bought (core/site/availability.py rules cover the rest).
    "availability": [
        ("id", TEXT), ("gpu_id", TEXT), ("region", TEXT), ("status", TEXT), ("rule", TEXT), ("rule_zh", TEXT),
        ("source", TEXT), ("as_of", TEXT), ("notes", TEXT),
    ],
}

# Columns that must be filled in every row of a table.
REQUIRED: dict[str, tuple[str, ...]] = {
    "gpus": ("id", "vendor", "model", "segment", "source"),
    "servers": ("id", "vendor", "model", "source"),
    "cloud_instances": ("id", "provider", "instance", "gpu_count", "currency", "source"),
    "fabrics": ("id", "name", "source"),
    "models": ("id", "name", "kind", "source"),
    "availability": ("id", "gpu_id", "region", "status", "rule", "source", "as_of"),
}


# How far a row's values can be trusted, best first: the vendor's datasheet or spec page; another vendor document
# (whitepaper, user guide, price page); a secondary source (press, reviews, compilations, aggregators); an estimate
# (analysts, stand-ins, conflicting sources). Every bundled row has one; prices carry their own.
CONFIDENCE_LEVELS = ("datasheet", "vendor", "secondary", "estimate")
# Bundled rows must say how far they can be trusted (the user's own rows are theirs: no confidence asked).
BUNDLED_REQUIRED: dict[str, tuple[str, ...]] = {
    "gpus": ("confidence",), "servers": ("confidence",), "cloud_instances": ("confidence",), "models": ("confidence",),
}
# Measured columns and what must come with them in any row (a GPU's max-achievable GEMM rates).
MEASURED_COLUMNS: dict[str, tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]] = {
    "gpus": ((("maf_fp16_tflops", "maf_bf16_tflops", "maf_fp8_tflops"), ("maf_source", "maf_as_of")),
             (("pcie_busbw_share",), ("pcie_busbw_source", "pcie_busbw_as_of"))),
    "fabrics": ((("scale_up_domain", "in_switch_reduction", "point_to_point",
                  *(f"{c}_busbw_share" for c in COLLECTIVES)),
                 ("scale_up_source",)),
                (("nic_gbps_per_gpu",), ("nic_source", "nic_as_of"))),
}
# A price column and what must come with it in a bundled row.
PRICE_COLUMNS: dict[str, tuple[str, ...]] = {
    "gpus": ("price_usd_low", "price_usd_high", "price_cny_low", "price_cny_high"), "servers": ("price_usd",),
    "cloud_instances": ("on_demand_per_hour",)}
# Columns that say one price in different currencies: a row fills one group at most.
PRICE_CURRENCY_GROUPS: dict[str, tuple[tuple[str, ...], ...]] = {
    "gpus": (("price_usd_low", "price_usd_high"), ("price_cny_low", "price_cny_high"))}


def sqlite_type(column_type: str) -> str:
    return "INTEGER" if column_type == BOOL else column_type


def whole(value: Cell) -> int:
    """A NOT NULL integer column's value (the schema's REQUIRED columns); None here is a bug, raised as int(None)
    would raise it (a TypeError)."""
    if value is None:
        raise TypeError("a required catalog column is empty")
    return int(value)


def number(value: Cell) -> float:
    """A NOT NULL real column's value (None here is a bug, raised as float(None) would raise it)."""
    if value is None:
        raise TypeError("a required catalog column is empty")
    return float(value)


def whole_or_none(value: Cell) -> int | None:
    """An optional integer column's value: None where the source gives nothing."""
    return None if value is None else int(value)
