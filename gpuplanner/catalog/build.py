"""Build `catalog.db` from the reviewed CSV sources in `resources/catalog/` (deterministically)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # sqlite-utils writes; reading the catalog needs only sqlite3 (and starts faster)
    import sqlite_utils

from gpuplanner.catalog.fabrics import check_fabric_row, check_pcie_busbw_share
from gpuplanner.catalog.schema import (
    BOOL,
    BUNDLED_REQUIRED,
    CONFIDENCE_LEVELS,
    INTEGER,
    MEASURED_COLUMNS,
    PRICE_COLUMNS,
    PRICE_CURRENCY_GROUPS,
    REAL,
    REQUIRED,
    SCHEMA_VERSION,
    TABLES,
    Cell,
    Row,
    sqlite_type,
)
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.images.unet import unet_from_config_file, unet_image_model


class CatalogSourceError(ValueError):
    """A source CSV has a value that does not fit its column."""


def parse_cell(table: str, column: str, column_type: str, raw: str, where: str) -> Cell:
    text = raw.strip()
    if text == "":
        return None
    try:
        if column_type == INTEGER:
            return int(text)
        if column_type == REAL:
            return float(text)
    except ValueError as exc:
        raise CatalogSourceError(f"{where}: {table}.{column} expects a number, got {text!r}") from exc
    if column_type == BOOL:
        if text.lower() in ("yes", "true", "1"):
            return 1
        if text.lower() in ("no", "false", "0"):
            return 0
        raise CatalogSourceError(f"{where}: {table}.{column} expects yes/no, got {text!r}")
    return text


def read_source_rows(source_dir: Path, table: str) -> list[Row]:
    path = source_dir / f"{table}.csv"
    columns = TABLES[table]
    import csv  # only for building the catalog from its sources: reading it starts without

    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        expected = [name for name, _ in columns]
        if reader.fieldnames != expected:
            raise CatalogSourceError(f"{path}: header must be {','.join(expected)}")
        rows = []
        seen: set[str] = set()
        for line_number, raw in enumerate(reader, start=2):
            where = f"{path.name}:{line_number}"
            row = {name: parse_cell(table, name, kind, raw[name] or "", where) for name, kind in columns}
            for name in REQUIRED[table] + BUNDLED_REQUIRED.get(table, ()):
                if row[name] is None:
                    raise CatalogSourceError(f"{where}: {table}.{name} must not be empty")
            _check_trust(table, row, where)
            if table in ("fabrics", "gpus"):
                try:
                    if table == "fabrics":
                        check_fabric_row(row)
                    else:
                        check_pcie_busbw_share(row)
                except InputError as exc:
                    raise CatalogSourceError(f"{where}: {exc.field} {exc.message}") from exc
            if row["id"] in seen:
                raise CatalogSourceError(f"{where}: duplicate id {row['id']!r}")
            seen.add(str(row["id"]))
            rows.append(row)
    return rows


def _check_trust(table: str, row: Row, where: str) -> None:
    """Confidence is one of the levels; a price is in one currency and has a date and its own confidence."""
    for name in ("confidence", "price_confidence"):
        value = row.get(name)
        if value is not None and value not in CONFIDENCE_LEVELS:
            raise CatalogSourceError(f"{where}: {table}.{name} must be one of {', '.join(CONFIDENCE_LEVELS)}, "
                                     f"got {value!r}")
    for measured, provenance in MEASURED_COLUMNS.get(table, ()):
        if any(row.get(column) is not None for column in measured):
            for name in provenance:
                if row.get(name) is None:
                    raise CatalogSourceError(f"{where}: {table}.{name} must not be empty where a measured rate is "
                                             "given")
    filled = [group for group in PRICE_CURRENCY_GROUPS.get(table, ())
              if any(row.get(column) is not None for column in group)]
    if len(filled) > 1:
        raise CatalogSourceError(f"{where}: {table} gives one price in one currency: fill "
                                 f"{' or '.join('/'.join(group) for group in filled)}, not both")
    if any(row.get(column) is not None for column in PRICE_COLUMNS.get(table, ())):
        # The date says when the price held ("undated (read ...)" where the source gives none: plans flag it).
        needed = ("price_source", "price_date", "price_confidence") if "price_confidence" in row else ("price_date",)
        for name in needed:
            if row.get(name) is None:
                raise CatalogSourceError(f"{where}: {table}.{name} must not be empty where a price is given")


def unet_derived(row: Row, source_dir: Path) -> Row:
    """A diffusion U-Net's parameters, forward GFLOPs and activations per image, counted from the architecture
    config its authors publish (unet/<id>.json beside the tables; core.images.unet): a cell the table fills must
    agree."""
    path = source_dir / "unet" / f"{row['id']}.json"
    if row["kind"] != "diffusion" or not path.exists():
        return row
    model = unet_image_model(unet_from_config_file(path))
    derived = {"params": model.params, "gflops_fwd_per_sample": round(model.gflops_fwd_per_sample, 2),
               "activation_mib_per_sample": round(model.activation_mib_per_sample, 1),
               "resolution": model.base_resolution}
    for column, value in derived.items():
        if row.get(column) is not None and float(row[column]) != float(value):  # type: ignore[arg-type]
            raise CatalogSourceError(f"models.csv {row['id']}: {column} {row[column]} disagrees with {path.name}, "
                                     f"which gives {value}")
    return {**row, **derived}


def _check_fabrics_named(tables: dict[str, list[Row]]) -> None:
    """Each GPU's fabric is a row of the fabrics table that states a scale-up domain."""
    scale_up = {row["id"] for row in tables["fabrics"] if row.get("scale_up_domain") is not None}
    for row in tables["gpus"]:
        if row.get("fabric") is not None and row["fabric"] not in scale_up:
            raise CatalogSourceError(f"gpus.csv {row['id']}: fabric {row['fabric']!r} is no fabrics.csv row with a "
                                     "scale_up_domain")


def create_tables(db: sqlite_utils.Database) -> None:
    """The schema's tables that `db` lacks (each with `id` as its primary key)."""
    for table, columns in TABLES.items():
        if table in db.table_names():
            continue
        db.table(table).create({name: _python_type(kind) for name, kind in columns}, pk="id")


def _python_type(column_type: str) -> type:
    return {"TEXT": str, "INTEGER": int, "REAL": float}[sqlite_type(column_type)]


def build_catalog(source_dir: Path, target: Path) -> dict[str, int]:
    """Write a fresh catalog database to `target`; returns row counts per table."""
    import tempfile  # (like sqlite_utils, only for building: reading the catalog starts without them)

    import sqlite_utils

    with tempfile.TemporaryDirectory() as scratch:
        scratch_path = Path(scratch) / "catalog.db"
        connection = sqlite3.connect(scratch_path)
        db = sqlite_utils.Database(connection)
        create_tables(db)
        counts = {}
        read = {table: sorted(read_source_rows(source_dir, table), key=lambda row: str(row["id"])) for table in TABLES}
        _check_fabrics_named(read)
        for table, rows in read.items():
            if table == "models":
                rows = [unet_derived(row, source_dir) for row in rows]
            db.table(table).insert_all(rows)
            counts[table] = len(rows)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.commit()
        connection.execute("VACUUM")
        connection.close()
        target.parent.mkdir(parents=True, exist_ok=True)
        Path(scratch_path).replace(target)
    return counts


def catalog_dump(path: Path) -> list[str]:
    """The database's content as SQL text: what "the same catalog" means, whatever SQLite version wrote it."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        return [f"-- user_version {version}", *connection.iterdump()]
    finally:
        connection.close()
