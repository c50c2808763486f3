"""A vendor's quote replaces catalog prices in the user's own edits, all lines or none, and every plan that uses a
quoted price says so."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, Qt

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


@pytest.mark.parametrize(("body", "place"), [
    ("dgx-h100,123456,USD,2026-11-20,ok\nno-such-item,1,USD,2026-11-20,x\n", "line 3, column 1 (item)"),
    ("dgx-h100,lots,USD,2026-11-20,x\n", "line 2, column 2 (unit_price)"),
    ("dgx-h100,-5,USD,2026-11-20,x\n", "line 2, column 2 (unit_price)"),
    ("dgx-h100,5,EUR,2026-11-20,x\n", "line 2, column 3 (currency)"),
    ("dgx-h100,5,USD,20/11/2026,x\n", "line 2, column 4 (date)"),
])
def test_a_bad_line_changes_nothing_and_names_its_place(tmp_path, private_user_data, capsys, body, place) -> None:
    assert main(["import-quote", write(tmp_path, body)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"gpuplanner: error: quote: {place}:") and error.count("\n") == 1
    assert Catalog().row("servers", "dgx-h100")["origin"] == "bundled"  # line 2 of the first case not stored


def test_a_file_that_is_not_a_quote(tmp_path, private_user_data, capsys) -> None:
    path = tmp_path / "wrong.csv"
    path.write_text("gpu,price\nh100,1\n", encoding="utf-8")
    assert main(["import-quote", str(path)]) == 2
    assert "quote: line 1: the header must be item,unit_price,currency,date,note" in capsys.readouterr().err
    assert main(["import-quote", str(tmp_path / "missing.csv")]) == 2


def import_in_app(qtbot, window, path: str):
    """File > Import a vendor quote as a person does it: the quote is read in the background, then its preview
    opens (None: the file was refused whole and a message box said why)."""
    window.import_quote_file(path)
    with qtbot.waitSignal(window.quote_runner.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000):
        pass
    preview = getattr(window, "quote_preview", None)
    return preview if preview is not None and preview.isVisible() else None


def table_text(table) -> list[list[str]]:
    model = table.model()
    return [[model.index(r, c).data() for c in range(model.columnCount())] for r in range(model.rowCount())]


def test_the_app_imports_a_quote_and_replans(qtbot, private_user_data, tmp_path, message_boxes) -> None:
    from tests.conftest import close_window, compute, open_window

    window = open_window(qtbot)
    window.wizard.load_scenario(H100_PLAN)
    preview = import_in_app(qtbot, window, write(tmp_path, "dgx-h100,250000,USD,2026-11-20,desk quote\n"))
    rows = table_text(preview.changes)  # what will change, before anything is stored
    assert rows == [["2", "servers:dgx-h100", "n/a", f"{QLocale().toString(250000.0, 'f', 2)} USD", "2026-11-20"]]
    assert Catalog().row("servers", "dgx-h100")["origin"] == "bundled"
    qtbot.mouseClick(preview.apply_button, Qt.MouseButton.LeftButton)
    # The import plans again at once, and that plan's status does not hide what was imported: both are said.
    qtbot.waitUntil(lambda: window.status.text().startswith(
        "Imported 1 quoted price(s); the plans use them and say so. ") and "plans evaluated" in window.status.text(),
        timeout=60_000)
    plans = compute(qtbot, window).plans
    assert "Imported" not in window.status.text()  # said once, with the plans it led to
    owned = next(p for p in plans if p.deployment == "on-prem")
    assert owned.site.node_price_usd == 250000.0
    assert any(str(w).startswith("Server price from your quote") for w in owned.warnings)
    model = window.server_page.model  # the catalog tab shows the quoted row as the user's, at once
    rows = [[str(model.data(model.index(r, c))) for c in range(model.columnCount())] for r in range(model.rowCount())]
    quoted = next(row for row in rows if row[0] == "dgx-h100")
    # The price in the scenario's currency (USD here), whatever the locale's digit grouping.
    assert any(cell.startswith("$") and cell[1:].replace(",", "") == "250000" for cell in quoted)
    assert "your quote of 2026-11-20: desk quote" in quoted and "your edit" in quoted
    close_window(window)


def test_the_app_shows_good_and_bad_lines_and_applies_the_good_ones(qtbot, private_user_data, tmp_path,
                                                                     message_boxes) -> None:
    """One bad line refused the whole quote with a half-English message ("quote line 3, unit_price: …"); the app
    lists the bad lines with their reasons in the app's language and applies the good ones on request."""
    from tests.conftest import close_window, open_window

    window = open_window(qtbot)
    body = ("dgx-b200,250000,USD,2026-11-20,good\n"
            'dgx-a100-320gb,"1,5",USD,2026-11-20,locale\n'
            "h100-sxm5-80gb,24000,CNY,2026-11-21,\n"
            "dgx-h200,5,USD,2026-11-20," + "x" * 140_000 + "\n")
    preview = import_in_app(qtbot, window, write(tmp_path, body))
    changes, refused = table_text(preview.changes), table_text(preview.refused)
    assert [row[1] for row in changes] == ["servers:dgx-b200", "gpus:h100-sxm5-80gb"]
    old = Catalog().row("servers", "dgx-b200")
    number = QLocale().toString
    assert changes[0][2] == f"{number(395000.0, 'f', 2)} USD ({old['price_date']})"  # the price now, then the quote's
    assert changes[0][3] == f"{number(250000.0, 'f', 2)} USD"
    # the quoted CNY figure beside the USD the catalog keeps (at the wizard's rate)
    assert changes[1][3].endswith(f"({number(24000.0, 'f', 2)} CNY)")
    assert [row[0] for row in refused] == ["3", "5"]
    assert "line 3, column 2 (unit_price)" in refused[0][1] and "line 5, column 5 (note)" in refused[1][1]
    assert preview.apply_button.text() == "Apply 2 price(s)"
    qtbot.mouseClick(preview.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Imported 2 quoted price(s)" in window.status.text(), timeout=30_000)
    catalog = Catalog()
    assert catalog.row("servers", "dgx-b200")["price_usd"] == 250000.0
    assert catalog.row("gpus", "h100-sxm5-80gb")["origin"] == "user"
    assert catalog.row("servers", "dgx-a100-320gb")["origin"] == "bundled"  # refused lines are not imported
    assert catalog.row("servers", "dgx-h200")["origin"] == "bundled"
    assert message_boxes.shown == []  # no "Unexpected error"
    close_window(window)


def test_the_apps_preview_speaks_chinese(qtbot, private_user_data, tmp_path, message_boxes) -> None:
    from gpuplanner.i18n.language import install_translations
    from tests.conftest import close_window, open_window

    install_translations("zh_CN")
    try:
        window = open_window(qtbot)
        preview = import_in_app(qtbot, window, write(tmp_path, 'dgx-h100,"1,5",USD,2026-11-20,x\n'))
        reason = table_text(preview.refused)[0][1]
        assert reason.startswith("第 2 行") and "unit_price" in reason and "line" not in reason, reason
        assert preview.apply_button is None  # nothing to apply: Cancel alone
        preview.reject()
        close_window(window)
    finally:
        install_translations("en")


def test_a_file_refused_whole_in_the_app_says_why_and_changes_nothing(qtbot, private_user_data, tmp_path,
                                                                      message_boxes) -> None:
    from tests.conftest import close_window, open_window

    window = open_window(qtbot)
    path = tmp_path / "bad.csv"
    path.write_text("gpu,price\nh100,1\n", encoding="utf-8")
    assert import_in_app(qtbot, window, str(path)) is None
    title, text, _ = message_boxes.shown[-1]
    assert title == "Quote not imported" and "Nothing was changed" in text and "line 1: the header" in text
    close_window(window)


def test_the_app_stores_a_large_quote_off_the_gui_thread_and_cancel_stores_nothing(qtbot, private_user_data,
                                                                                   tmp_path, message_boxes,
                                                                                   monkeypatch) -> None:
    """The store runs on the quote runner's thread with a progress dialog; its Cancel stops it with nothing stored."""
    import threading

    from PySide6.QtWidgets import QPushButton

    from tests.conftest import close_window, open_window

    catalog = Catalog()
    seed_user_cloud_rows(catalog, 3000)
    window = open_window(qtbot, catalog)
    preview = import_in_app(qtbot, window, write_cloud_quote(tmp_path, 3000))
    assert preview.changes.model().rowCount() == 3000
    first_chunk, clicked = threading.Event(), threading.Event()
    store = catalog.save_user_rows

    def held_after_first_chunk(rows, progress=None):  # the worker waits for the click after its first chunk
        def told(done: int, total: int) -> bool:
            first_chunk.set()
            clicked.wait(20)
            return progress(done, total)
        return store(rows, progress=told)

    monkeypatch.setattr(catalog, "save_user_rows", held_after_first_chunk)
    qtbot.mouseClick(preview.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(first_chunk.is_set, timeout=30_000)
    assert threading.current_thread() is threading.main_thread()  # the GUI thread is free meanwhile
    dialog = window.quote_progress
    qtbot.waitUntil(dialog.isVisible, timeout=5_000)
    qtbot.mouseClick(dialog.findChild(QPushButton), Qt.MouseButton.LeftButton)
    clicked.set()
    qtbot.waitUntil(lambda: "cancelled" in window.status.text(), timeout=30_000)
    assert Catalog().row("cloud_instances", "bench-0000")["on_demand_per_hour"] == 10.0  # rolled back
    close_window(window)


def seed_user_cloud_rows(catalog: Catalog, count: int) -> None:
    """`count` cloud instances of the user's own (ids bench-0000…), at 10 USD/h."""
    template = catalog.row("cloud_instances", "lambda-8x-h100-sxm-gpu-8x-h100-sxm5")
    rows = [("cloud_instances", {**{k: v for k, v in template.items() if k != "origin"}, "id": f"bench-{i:04d}",
                                 "on_demand_per_hour": 10.0, "currency": "USD"}) for i in range(count)]
    catalog.save_user_rows(rows)


def write_cloud_quote(tmp_path: Path, count: int) -> str:
    day = dt.date.today().isoformat()
    return write(tmp_path, "".join(f"bench-{i:04d},{12 + i % 7}.5,USD,{day},batch {i}\n" for i in range(count)),
                 "large.csv")


def test_a_large_quote_is_one_transaction_and_a_stop_rolls_it_back(tmp_path, private_user_data) -> None:
    """Rows are written in chunks of one transaction, each chunk reported; stopping after the first rolls all back."""
    from gpuplanner.catalog.quotes import apply_quote, read_quote
    from gpuplanner.core.base.errors import CancelledError

    catalog = Catalog()
    seed_user_cloud_rows(catalog, 2500)
    reading = read_quote(Path(write_cloud_quote(tmp_path, 2500)).read_text(encoding="utf-8"), catalog, 7.0)
    assert len(reading.changes) == 2500 and not reading.bad
    told: list[tuple[int, int]] = []
    with pytest.raises(CancelledError):
        apply_quote(reading, catalog, progress=lambda done, total: told.append((done, total)) or False)
    assert told == [(1000, 2500)]
    assert Catalog().row("cloud_instances", "bench-2499")["on_demand_per_hour"] == 10.0
    apply_quote(reading, catalog, progress=lambda done, total: told.append((done, total)) or True)
    assert told[1:] == [(1000, 2500), (2000, 2500), (2500, 2500)]
    stored = Catalog()
    assert stored.row("cloud_instances", "bench-0001")["on_demand_per_hour"] == 13.5
    assert stored.row("cloud_instances", "bench-2499")["source"].endswith(f"your quote of {dt.date.today()}: "
                                                                          "batch 2499")


def test_import_quote_speaks_the_language_asked_for(tmp_path) -> None:
    """`gpuplanner --lang zh_CN import-quote` answered "quote: file not found" in English: the command never took
    the language given before it (nor did `catalog`'s notes)."""
    from tests.conftest import run_cli

    done = run_cli("--lang", "zh_CN", "import-quote", str(tmp_path / "missing.csv"))
    assert done.returncode == 2 and "quote: 找不到文件：" in done.stderr, done.stderr


def refused(tmp_path: Path, capsys, text: str, *extra: str) -> str:
    """The one error line a refused quote gives (exit 2), having checked that nothing was stored."""
    path = tmp_path / "refused.csv"
    path.write_text(text, encoding="utf-8")
    assert main(["import-quote", str(path), *extra]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1, captured
    assert not (Path(private_folder()) / "overrides.db").exists()  # nothing stored, not even an empty database
    return captured.err


def private_folder() -> str:
    import os

    return os.environ["GPUPLANNER_DATA_DIR"]


def test_an_unclosed_quote_mark_is_refused_where_it_opens(tmp_path, private_user_data, capsys) -> None:
    """A `"` left open swallowed the next lines into one note: a 3-line quote said "imported 1" and exited 0."""
    error = refused(tmp_path, capsys, HEADER + 'dgx-h100,"289,000",USD,2026-11-20,"Reseller A\n'
                                              "dgx-b200,1,USD,2026-11-20,x\nh100-sxm5-80gb,2,USD,2026-11-20,x\n")
    assert error.startswith("gpuplanner: error: quote: line 2, column 5 (note): the \" that opens this field is not "
                            "closed on its line")


@pytest.mark.parametrize("price", ['"1,5"', '"25.000,50"', '"1.234.567"', '"1,23,456"', "1e3", "inf", "$5"])
def test_a_number_in_another_notation_is_refused_with_its_place(tmp_path, private_user_data, capsys, price) -> None:
    """"1,5" was stored as 15 and "25.000,50" as 25.0005 USD."""
    error = refused(tmp_path, capsys, HEADER + f"dgx-h100,{price},USD,2026-11-20,x\n")
    assert "quote: line 2, column 2 (unit_price): " in error and "# decimal: comma" in error


@pytest.mark.parametrize(("first_line", "written", "stored"), [
    ("", '"1,234.5"', 1234.5), ("", "1234.5", 1234.5), ("# decimal: point\n", '"250,000"', 250000.0),
    ("# decimal: comma\n", '"25.000,50"', 25000.5), ("# decimal: comma\n", '"1,5"', 1.5),
    ("# Decimal: comma\n", '"25 000,50"', 25000.5), ("# decimal: comma\n", "12", 12.0),
])
def test_a_file_that_says_its_decimals_is_read_as_written(tmp_path, private_user_data, capsys, first_line, written,
                                                           stored) -> None:
    path = tmp_path / "de.csv"
    path.write_text(first_line + HEADER + f"dgx-h100,{written},USD,2026-11-20,x\n", encoding="utf-8")
    assert main(["import-quote", str(path)]) == 0, capsys.readouterr().err
    assert Catalog().row("servers", "dgx-h100")["price_usd"] == stored


def test_a_decimal_comma_file_refuses_a_decimal_point_and_an_unknown_first_line_is_refused(tmp_path, private_user_data,
                                                                                         capsys) -> None:
    error = refused(tmp_path, capsys, "# decimal: comma\n" + HEADER + "dgx-h100,1.5,USD,2026-11-20,x\n")
    assert "quote: line 3, column 2 (unit_price): '1.5' is not a number as this file writes them" in error
    error = refused(tmp_path, capsys, "# locale: de_DE\n" + HEADER + "dgx-h100,\"1,5\",USD,2026-11-20,x\n")
    assert "quote: line 1: '# locale: de_DE' is not a line this version reads" in error


@pytest.mark.parametrize("rate", ["1e-300", "0", "-7", "inf", "nan", "0.5", "1e6"])
def test_an_exchange_rate_outside_any_real_one_is_refused_with_the_reason(tmp_path, private_user_data, capsys,
                                                                          rate) -> None:
    """`--usd-to-cny 1e-300` stored inf, and the next plan exited 0 with a null cost "at inf USD"."""
    error = refused(tmp_path, capsys, HEADER + "dgx-h100,5000000,CNY,2026-11-20,x\n", f"--usd-to-cny={rate}")
    assert error.startswith("gpuplanner: error: usd_to_cny: must be between 1 and 20 CNY per USD") and \
        "divided by it" in error


def test_an_item_quoted_twice_is_refused_naming_both_lines(tmp_path, private_user_data, capsys) -> None:
    """The last of two prices for one item won, silently."""
    error = refused(tmp_path, capsys, HEADER + "dgx-h100,5,USD,2026-11-20,a\ndgx-b200,6,USD,2026-11-20,b\n"
                                               "servers:dgx-h100,7,USD,2026-11-20,c\n")
    assert "quote: line 2, column 1 (item): dgx-h100 is quoted on line 2 and on line 4: give each item once" in error


def test_a_field_over_the_limit_is_refused_not_an_internal_error(tmp_path, private_user_data, capsys) -> None:
    """A field over 128 KiB was an internal error (Python's csv field limit); a long note was cut to 200 silently."""
    for note in ("x" * 140_000, "y" * 201):
        error = refused(tmp_path, capsys, HEADER + f"dgx-h100,5,USD,2026-11-20,{note}\n")
        assert f"quote: line 2, column 5 (note): is {len(note):,} characters long; a field holds at most 200" in error
    assert main(["import-quote", write(tmp_path, "dgx-h100,5,USD,2026-11-20," + "z" * 200 + "\n")]) == 0
    assert str(Catalog().row("servers", "dgx-h100")["price_source"]).endswith("z" * 200)


@pytest.mark.parametrize(("char", "column"), [("\0", 5), ("\x1b", 5), ("\u202e", 1), ("\x7f", 3), ("\t", 5)])
def test_a_control_character_is_refused(tmp_path, private_user_data, capsys, char, column) -> None:
    """A NUL byte in a note was stored."""
    fields = ["dgx-h100", "5", "USD", "2026-11-20", "note"]
    fields[column - 1] = fields[column - 1][:2] + char + fields[column - 1][2:]
    error = refused(tmp_path, capsys, HEADER + ",".join(fields) + "\n")
    assert f"line 2, column {column} " in error and f"control character U+{ord(char):04X} at character 3" in error


def test_a_quote_dated_in_the_future_or_implausibly_long_ago_is_refused(tmp_path, private_user_data, capsys) -> None:
    """0001-01-01 and 2999-… were accepted."""
    today = dt.date.today()
    for date in ("0001-01-01", "2999-01-01", (today + dt.timedelta(days=1)).isoformat(),
                 (today.replace(year=today.year - 10) - dt.timedelta(days=1)).isoformat()):
        error = refused(tmp_path, capsys, HEADER + f"dgx-h100,5,USD,{date},x\n")
        assert f"quote: line 2, column 4 (date): {date} is " in error
        assert ("after today" in error) != ("over 10 years ago" in error)
    for date in (today, today - dt.timedelta(days=3000)):  # today and 8 years ago are real quote dates
        assert main(["import-quote", write(tmp_path, f"dgx-h100,5,USD,{date.isoformat()},x\n")]) == 0


def test_an_old_quoted_price_is_flagged_as_the_catalogs_are(tmp_path, private_user_data, capsys) -> None:
    """The price-age check skipped the user's quote: a two-year-old quote priced plans with no word of its age."""
    day = (dt.date.today() - dt.timedelta(days=800)).isoformat()
    assert main(["import-quote", write(tmp_path, f"dgx-h100,250000,USD,{day},old quote\n")]) == 0
    plan = plan_for_scenario({**H100_PLAN, "constraints": {"deadline_days": 60, "deployment": "on-prem"}},
                             Catalog()).plans[0]
    assert f"The purchase price is from {day}, over 12 months ago: ask a vendor for a current quote." in plan.warnings
    fresh = dt.date.today().isoformat()
    assert main(["import-quote", write(tmp_path, f"dgx-h100,250000,USD,{fresh},new quote\n")]) == 0
    plan = plan_for_scenario({**H100_PLAN, "constraints": {"deadline_days": 60, "deployment": "on-prem"}},
                             Catalog()).plans[0]
    assert not any("over 12 months ago" in str(w) for w in plan.warnings)


def test_quote_errors_speak_chinese_in_one_line(tmp_path) -> None:
    from tests.conftest import run_cli

    path = tmp_path / "q.csv"
    path.write_text(HEADER + 'dgx-h100,"1,5",USD,2026-11-20,x\n', encoding="utf-8")
    done = run_cli("--lang", "zh_CN", "import-quote", str(path))
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    expected = "gpuplanner: error: quote: 第 2 行第 2 列（unit_price）：'1,5' 不是以小数点书写的数字"
    assert done.stderr.startswith(expected), done.stderr


def test_reading_a_quote_reports_progress_and_stops_when_asked(catalog) -> None:
    from gpuplanner.catalog.quotes import read_quote
    from gpuplanner.core.base.errors import CancelledError, InputError

    day = dt.date.today().isoformat()
    text = HEADER + "".join(f"nobody-{i},5,USD,{day},x\n" for i in range(1200))
    told: list[tuple[int, int]] = []
    reading = read_quote(text, catalog, 7.0, progress=lambda done, total: told.append((done, total)) or True)
    assert told == [(500, 1201), (1000, 1201)] and len(reading.bad) == 1200 and not reading.changes
    with pytest.raises(CancelledError):
        read_quote(text, catalog, 7.0, progress=lambda done, total: False)
    with pytest.raises(InputError, match="has 10,001 lines; at most 10,000 are read"):
        read_quote(HEADER + "x\n" * 10_000, catalog, 7.0)
