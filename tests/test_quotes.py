"""A vendor's quote replaces catalog prices in the user's own edits, all lines or none, and every plan that uses a
quoted price says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpuplanner.catalog.store import Catalog
from gpuplanner.cli.main import main
from gpuplanner.service import plan_for_scenario

HEADER = "item,unit_price,currency,date,note\n"
H100_PLAN = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "training": {"tokens": 2e11},
             "hardware": {"gpu": "h100-sxm5-80gb"}, "constraints": {"deadline_days": 60}}


def write(tmp_path: Path, body: str, name: str = "quote.csv") -> str:
    path = tmp_path / name
    path.write_text(HEADER + body, encoding="utf-8")
    return str(path)


def test_a_quote_replaces_prices_and_the_plan_says_so(tmp_path, private_user_data, capsys) -> None:
    quote = write(tmp_path, 'dgx-h100,"289,000",USD,2026-11-20,Reseller A #4471\n'
                            "servers:dgx-b200,3100000,CNY,2026-11-25,华东代理\n"
                            "lambda-8x-h100-sxm-gpu-8x-h100-sxm5,22.0,USD,2026-11-28,1-year commit\n")
    assert main(["import-quote", quote, "--usd-to-cny", "7.0"]) == 0
    assert "imported 3 quoted price(s)" in capsys.readouterr().out
    catalog = Catalog()
    h100, b200 = catalog.row("servers", "dgx-h100"), catalog.row("servers", "dgx-b200")
    assert h100["origin"] == "user" and h100["price_usd"] == 289000.0
    assert b200["price_usd"] == pytest.approx(3_100_000 / 7.0)  # CNY converted at the given rate, and said so
    assert "3,100,000.00 CNY at 7 CNY/USD" in str(b200["price_source"])
    assert h100["max_power_w"] == 10200 and h100["source"]  # the rest of the row is the catalog's
    lambda_row = catalog.row("cloud_instances", "lambda-8x-h100-sxm-gpu-8x-h100-sxm5")
    assert lambda_row["on_demand_per_hour"] == 22.0 and lambda_row["price_date"] == "2026-11-28"
    result = plan_for_scenario(H100_PLAN, catalog)
    owned = next(p for p in result.plans if p.deployment == "on-prem")
    assert any("Server price from your quote" in w and "Reseller A #4471" in w for w in owned.warnings)
    rented = next(p for p in result.plans if p.deployment == "cloud")
    assert "Rental price from your quote of 2026-11-28." in rented.warnings
    assert rented.cost.cloud_on_demand_per_gpu_hour == pytest.approx(22.0 / 8)


def test_a_quoted_gpu_price_is_named_as_the_users_on_the_plan(tmp_path, private_user_data, capsys) -> None:
    """A quote for the GPU itself prices a server as the quoted GPUs plus a default host: the plan said 'Server
    price uses a planning default' beside the user's own quote; it names the quote, and what is still a default."""
    quote = write(tmp_path, "h100-sxm5-80gb,24000,USD,2026-11-20,Acme Systems quote 123\n")
    assert main(["import-quote", quote]) == 0
    capsys.readouterr()
    plan = plan_for_scenario({**H100_PLAN, "constraints": {"deadline_days": 60, "deployment": "on-prem"}},
                             Catalog()).plans[0]
    notes = [str(w) for w in plan.warnings if "Server price" in str(w)]
    assert notes and all("your quote for the GPUs" in w and "Acme Systems quote 123" in w for w in notes)
    assert not any("Server price uses a planning default" in str(w) for w in plan.warnings)


@pytest.mark.parametrize(("body", "field"), [
    ("dgx-h100,123456,USD,2026-11-20,ok\nno-such-item,1,USD,2026-11-20,x\n", "quote line 3, item"),
    ("dgx-h100,lots,USD,2026-11-20,x\n", "quote line 2, unit_price"),
    ("dgx-h100,-5,USD,2026-11-20,x\n", "quote line 2, unit_price"),
    ("dgx-h100,5,EUR,2026-11-20,x\n", "quote line 2, currency"),
    ("dgx-h100,5,USD,20/11/2026,x\n", "quote line 2, date"),
])
def test_a_bad_line_changes_nothing_and_names_its_place(tmp_path, private_user_data, capsys, body, field) -> None:
    assert main(["import-quote", write(tmp_path, body)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"gpuplanner: error: {field}:") and error.count("\n") == 1
    assert Catalog().row("servers", "dgx-h100")["origin"] == "bundled"  # line 2 of the first case not stored


def test_a_file_that_is_not_a_quote(tmp_path, private_user_data, capsys) -> None:
    path = tmp_path / "wrong.csv"
    path.write_text("gpu,price\nh100,1\n", encoding="utf-8")
    assert main(["import-quote", str(path)]) == 2
    assert "quote header: must be item,unit_price,currency,date,note" in capsys.readouterr().err
    assert main(["import-quote", str(tmp_path / "missing.csv")]) == 2


def test_the_app_imports_a_quote_and_replans(qtbot, private_user_data, tmp_path, message_boxes) -> None:
    from tests.conftest import close_window, compute, open_window

    window = open_window(qtbot)
    window.wizard.load_scenario(H100_PLAN)
    assert window.import_quote_file(write(tmp_path, "dgx-h100,250000,USD,2026-11-20,desk quote\n")) == 1
    assert "Imported 1 quoted price(s)" in window.status.text()
    plans = compute(qtbot, window).plans
    owned = next(p for p in plans if p.deployment == "on-prem")
    assert owned.site.node_price_usd == 250000.0
    assert any(str(w).startswith("Server price from your quote") for w in owned.warnings)
    model = window.server_page.model  # the catalog tab shows the quoted row as the user's, at once
    rows = [[str(model.data(model.index(r, c))) for c in range(model.columnCount())] for r in range(model.rowCount())]
    quoted = next(row for row in rows if row[0] == "dgx-h100")
    assert "250,000" in quoted and "your quote of 2026-11-20: desk quote" in quoted and "your edit" in quoted
    # A bad file: one message box naming the line and column, nothing changed.
    assert window.import_quote_file(write(tmp_path, "dgx-h100,x,USD,2026-11-20,\n", "bad.csv")) == 0
    title, text, _ = message_boxes.shown[-1]
    assert title == "Quote not imported" and "quote line 2, unit_price" in text and "Nothing was changed" in text
    assert Catalog().row("servers", "dgx-h100")["price_usd"] == 250000.0
    close_window(window)


def test_import_quote_speaks_the_language_asked_for(tmp_path) -> None:
    """`gpuplanner --lang zh_CN import-quote` answered "quote: file not found" in English: the command never took
    the language given before it (nor did `catalog`'s notes)."""
    from tests.conftest import run_cli

    done = run_cli("--lang", "zh_CN", "import-quote", str(tmp_path / "missing.csv"))
    assert done.returncode == 2 and "quote: 找不到文件：" in done.stderr, done.stderr
