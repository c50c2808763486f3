"""The main window opens offscreen and shows the catalog through a contract-abiding model."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gpuplanner.catalog.store import Catalog
from gpuplanner.ui.catalog_model import CatalogTableModel
from gpuplanner.ui.main_window import MainWindow
from tests.conftest import run_cli


@pytest.fixture
def window(qtbot):
    main = MainWindow(Catalog())
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    return main


def test_gpu_table_lists_the_catalog(window) -> None:
    model = window.gpu_page.proxy
    assert model.rowCount() >= 35
    ids = {model.index(row, 0).data() for row in range(model.rowCount())}
    assert "h100-sxm5-80gb" in ids


def test_filter_narrows_rows(window, qtbot) -> None:
    qtbot.keyClicks(window.gpu_page.filter_edit, "mi3")
    ids = {window.gpu_page.proxy.index(r, 0).data() for r in range(window.gpu_page.proxy.rowCount())}
    assert ids == {"mi300x", "mi325x"}


def test_unknown_values_show_na_and_sources_in_tooltips(window) -> None:
    model = window.gpu_page.model
    row = next(i for i in range(model.rowCount()) if model.row_at(i)["id"] == "h800-sxm5-80gb")
    tdp_column = next(i for i in range(model.columnCount())
                      if model.headerData(i, Qt.Orientation.Horizontal) == "TDP (W)")
    assert model.index(row, tdp_column).data() == "n/a"
    assert "Unofficial" in model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)


def test_table_model_obeys_the_qt_contract(qtmodeltester) -> None:
    model = CatalogTableModel([("id", "ID"), ("memory_gib", "Memory")])
    model.set_rows(Catalog().rows("gpus"))
    qtmodeltester.check(model)


def test_window_screenshot(window, tmp_path) -> None:
    image = window.grab().toImage()
    assert image.width() > 800 and image.height() > 500
    assert image.save(str(tmp_path / "main.png"))


def test_smoke_test_flag_exits_zero_and_reports_first_paint() -> None:
    done = run_cli("--smoke-test")
    assert done.returncode == 0, done.stderr
    assert "first paint after" in done.stdout
