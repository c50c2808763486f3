"""The user's own catalog entries: merged over the bundled catalog, validated, and never lost."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from gpuplanner.catalog.schema import SCHEMA_VERSION
from gpuplanner.catalog.store import Catalog, CatalogWriteError
from gpuplanner.core.base.errors import InputError
from gpuplanner.paths import bundled_catalog_path, user_overrides_path

MY_GPU = {"id": "my-gpu", "vendor": "Acme", "model": "Acme X1", "segment": "datacenter", "memory_gib": "96",
          "memory_bandwidth_gbs": "4000", "bf16_tflops": "800", "tdp_w": "600", "source": "vendor quote 2026-11",
          "as_of": "2026-11-20"}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_user_rows_merge_over_bundled_rows_and_bundled_file_is_untouched() -> None:
    before = _digest(bundled_catalog_path())
    catalog = Catalog()
    catalog.save_user_row("gpus", MY_GPU)
    changed_h100 = {**{k: v for k, v in catalog.row("gpus", "h100-sxm5-80gb").items() if k != "origin"},
                    "price_usd_low": 18000.0, "price_usd_high": 18000.0, "price_source": "our PO"}
    catalog.save_user_row("gpus", changed_h100)

    fresh = Catalog()
    assert fresh.gpu("my-gpu").dense_tflops["bf16"] == 800
    assert fresh.row("gpus", "my-gpu")["origin"] == "user"
    assert fresh.gpu("h100-sxm5-80gb").price_usd_low == 18000
    assert len(fresh.rows("gpus")) == len(Catalog(overrides_path=None).rows("gpus")) + 1
    assert _digest(bundled_catalog_path()) == before
    assert user_overrides_path().exists()


def test_deleting_a_user_row_restores_the_bundled_one() -> None:
    catalog = Catalog()
    catalog.save_user_row("gpus", {**MY_GPU, "id": "l4", "model": "my L4"})
    assert Catalog().gpu("l4").model == "my L4"
    catalog.delete_user_row("gpus", "l4")
    assert Catalog().gpu("l4").model == "L4"


def test_a_reader_sees_every_write_another_catalog_makes_however_quick() -> None:
    """Rows are read once and kept until a database changes: a second program's writes (here a second Catalog,
    same file) must show at the next read, however quickly they follow each other."""
    reader, writer = Catalog(), Catalog()
    writer.save_user_row("gpus", MY_GPU)
    assert reader.gpu("my-gpu").tdp_w == 600
    reader.rows("gpus")[0]["model"] = "changed by a caller"  # copies: the kept rows are not the caller's
    assert reader.rows("gpus")[0]["model"] != "changed by a caller"
    for watts in range(601, 611):
        writer.save_user_row("gpus", {**MY_GPU, "tdp_w": str(watts)})
        assert reader.gpu("my-gpu").tdp_w == watts
    writer.delete_user_row("gpus", "my-gpu")
    with pytest.raises(InputError):
        reader.gpu("my-gpu")


@pytest.mark.parametrize(("change", "field"), [
    ({"memory_gib": "lots"}, "gpus.memory_gib"),
    ({"memory_gib": "-5"}, "gpus.memory_gib"),
    ({"source": ""}, "gpus.source"),
    ({"segment": "gaming"}, "gpus.segment"),
    ({"colour": "green"}, "gpus.colour"),
])
def test_invalid_user_rows_are_rejected_naming_the_field(change: dict, field: str) -> None:
    with pytest.raises(InputError) as error:
        Catalog().save_user_row("gpus", {**MY_GPU, **change})
    assert error.value.field == field


def test_corrupted_user_database_is_set_aside_and_app_keeps_working() -> None:
    path = user_overrides_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"this is not a database" * 100)
    catalog = Catalog()
    assert catalog.gpu("h100-sxm5-80gb").memory_gib == 80
    assert any("moved to" in message for message in catalog.messages)
    kept = list(path.parent.glob("overrides.db.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not a database")
    catalog.save_user_row("gpus", MY_GPU)  # a fresh database is usable
    assert Catalog().gpu("my-gpu").model == "Acme X1"


def test_newer_schema_user_database_is_left_untouched() -> None:
    Catalog().save_user_row("gpus", MY_GPU)
    path = user_overrides_path()
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.commit()
    connection.close()
    before = _digest(path)
    catalog = Catalog()
    assert any("newer" in message for message in catalog.messages)
    with pytest.raises(InputError):
        catalog.gpu("my-gpu")
    with pytest.raises(CatalogWriteError):
        catalog.save_user_row("gpus", MY_GPU)
    assert _digest(path) == before


def test_older_schema_user_database_is_migrated_and_kept() -> None:
    Catalog().save_user_row("gpus", MY_GPU)
    path = user_overrides_path()
    connection = sqlite3.connect(path)
    connection.execute("ALTER TABLE models DROP COLUMN activation_mib_per_sample")
    connection.execute("PRAGMA user_version = 1")
    connection.commit()
    connection.close()
    catalog = Catalog()
    assert catalog.gpu("my-gpu").model == "Acme X1"  # the user's row survived
    catalog.save_user_row("models", {"id": "my-cnn", "name": "My CNN", "kind": "cnn", "params": "1e7",
                                     "activation_mib_per_sample": "12", "source": "measured by us"})
    assert Catalog().row("models", "my-cnn")["activation_mib_per_sample"] == 12.0


def test_a_schema_5_database_gains_the_routing_group_columns() -> None:
    """Schema 6 added the models' MoE routing groups: a user database from before keeps its rows, gains the two
    columns, and then holds a user's group-limited MoE model."""
    Catalog().save_user_row("gpus", MY_GPU)
    connection = sqlite3.connect(user_overrides_path())
    for column in ("expert_groups", "expert_groups_per_token"):
        connection.execute(f"ALTER TABLE models DROP COLUMN {column}")
    connection.execute("PRAGMA user_version = 5")
    connection.commit()
    connection.close()
    catalog = Catalog()
    assert catalog.gpu("my-gpu").model == "Acme X1"
    catalog.save_user_row("models", {"id": "my-moe", "name": "My MoE", "kind": "llm", "layers": "4", "hidden": "1024",
                                     "heads": "8", "kv_heads": "8", "ffn_hidden": "512", "vocab": "32000",
                                     "experts": "64", "experts_per_token": "8", "expert_groups": "8",
                                     "expert_groups_per_token": "2", "source": "our config.json"})
    assert Catalog().model("my-moe").routing_groups == (8, 2)
    assert sqlite3.connect(user_overrides_path()).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_hardware_options_follow_every_catalog_write() -> None:
    """hardware_options is built once per catalog state (a plan reads it on every edit): a write by this catalog
    or by another program (a second Catalog on the same file) is in the next options, however quick."""
    from gpuplanner.catalog.options import hardware_options
    from gpuplanner.core.site.site import PowerAssumptions

    power = PowerAssumptions()
    reader, writer = Catalog(), Catalog()
    assert "my-gpu" not in {o.gpu.id for o in hardware_options(reader, power)}
    writer.save_user_row("gpus", MY_GPU)
    assert {o.gpu.id: o.gpu.tdp_w for o in hardware_options(reader, power)}["my-gpu"] == 600
    for watts in range(601, 606):
        reader.save_user_row("gpus", {**MY_GPU, "tdp_w": str(watts)})
        assert {o.gpu.id: o.gpu.tdp_w for o in hardware_options(reader, power)}["my-gpu"] == watts
        writer.save_user_row("gpus", {**MY_GPU, "tdp_w": str(watts + 100)})
        assert {o.gpu.id: o.gpu.tdp_w for o in hardware_options(reader, power)}["my-gpu"] == watts + 100
    options = hardware_options(reader, power)
    options.clear()  # a fresh list each time: the caller's to change
    assert hardware_options(reader, power)
