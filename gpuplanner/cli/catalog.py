"""`gpuplanner catalog TABLE`, and the catalog every command opens (its notes printed when the command ends)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from gpuplanner.catalog.store import Catalog, Row, format_cell
from gpuplanner.cli.output import EXIT_BAD_INPUT, EXIT_OK, report_line
from gpuplanner.i18n import fill
from gpuplanner.i18n.cli import tr, translated_message, use_language

CATALOG_TABLES = {"gpus": "gpus", "servers": "servers", "cloud": "cloud_instances", "fabrics": "fabrics",
                  "models": "models", "availability": "availability"}

# Columns shown by `catalog TABLE --format text` (JSON carries every column).
TEXT_COLUMNS = {
    "gpus": ["id", "vendor", "model", "memory_gib", "memory_bandwidth_gbs", "bf16_tflops", "fp8_tflops", "fp4_tflops",
             "tdp_w", "confidence"],
    "servers": ["id", "vendor", "model", "gpu_count", "rack_units", "max_power_w", "weight_kg", "confidence",
                "price_usd", "price_date", "price_confidence"],
    "cloud_instances": ["id", "gpu_id", "gpu_count", "on_demand_per_hour", "currency", "region", "price_date",
                        "confidence"],
    "fabrics": ["id", "category", "name", "per_port_or_link_gbps_unidir", "per_device_gbs_bidirectional"],
    "models": ["id", "name", "kind", "layers", "hidden", "heads", "kv_heads", "params_b", "active_b", "confidence"],
    "availability": ["id", "gpu_id", "region", "status", "as_of"],
}


_OPENED_CATALOGS: list[Catalog] = []


def open_catalog() -> Catalog:
    """The catalog a command reads; its notes (your edits set aside, a row skipped…) are printed when the command
    ends, one line each on stderr, whatever the outcome."""
    catalog = Catalog()
    _OPENED_CATALOGS.append(catalog)
    return catalog


def print_catalog_notes() -> None:
    for catalog in _OPENED_CATALOGS:
        for message in catalog.messages:
            report_line(f"gpuplanner: note: {translated_message(message)}", limit=400)
    _OPENED_CATALOGS.clear()


def text_table(rows: Sequence[Row], columns: Sequence[str]) -> str:
    cells = [[format_cell(row.get(column)) for column in columns] for row in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)).rstrip()]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    return "\n".join(lines)


def with_model_sizes(rows: Sequence[Row], catalog: Catalog) -> list[Row]:
    """Models with their parameter counts in billions, total and active per token: what the architecture fields
    give (core.models.model), or the row's own count for a model described by parameters alone."""
    out = []
    for row in rows:
        total = active = row.get("params")
        if row.get("layers") is not None:
            model = catalog.model(str(row["id"]))
            total = model.total_params
            active = model.active_params if model.is_moe else total
        out.append({**row, "params_b": None if total is None else round(float(total) / 1e9, 2),
                    "active_b": None if active is None else round(float(active) / 1e9, 2)})
    return out


def command_catalog(args: argparse.Namespace) -> int:
    """`gpuplanner catalog TABLE`: the rows as the catalog holds them (ids, codes and raw values, in any language;
    its notes in the command line's)."""
    use_language(getattr(args, "lang", None))
    table = CATALOG_TABLES[args.table]
    catalog = open_catalog()
    rows = catalog.rows(table)
    if args.format == "json":
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        print(text_table(with_model_sizes(rows, catalog) if table == "models" else rows, TEXT_COLUMNS[table]))
    return EXIT_OK


def command_import_quote(args: argparse.Namespace) -> int:
    """`gpuplanner import-quote QUOTE.csv`: a vendor's prices into your catalog edits (all lines or none)."""
    from gpuplanner.catalog.quotes import import_quotes
    from gpuplanner.catalog.store import CatalogWriteError
    from gpuplanner.scenario_file import read_text_capped

    use_language(getattr(args, "lang", None))
    text = read_text_capped(args.quote, "quote")
    catalog = open_catalog()
    try:
        quotes = import_quotes(text, catalog, args.usd_to_cny)
    except CatalogWriteError as exc:
        report_line(f"gpuplanner: error: {translated_message(exc.message)}")
        return EXIT_BAD_INPUT
    for quote in quotes:
        print(f"{quote.table}:{quote.item}  {quote.unit_price:,.2f} {quote.currency}  ({quote.date})")
    print(fill(tr("imported %1 quoted price(s) into your catalog edits; plans now use them and say so"),
               len(quotes)))
    return EXIT_OK
