"""Catalog, user and scenario text is shown as text everywhere: never interpreted as markup, never loads a file."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt

from gpuplanner.catalog.store import Catalog
from gpuplanner.ui.catalog_editor import CatalogEntryDialog
from gpuplanner.ui.main_window import MainWindow
from gpuplanner.ui.settings import AppSettings
from tests.conftest import open_window

HOSTILE = '<b>Bold</b><img src="file:///dev/zero">'


def make_window(qtbot) -> MainWindow:
    return open_window(qtbot)


def test_a_scenario_naming_a_markup_gpu_is_refused_with_the_name_printed(qtbot, private_user_data, tmp_path: Path,
                                                                       message_boxes) -> None:
    window = make_window(qtbot)
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps({"task": "pretrain", "model": {"preset": "llama-2-7b"}, "hardware": {"gpu": HOSTILE}}))
    assert window.load_file(str(path)) is False  # and the app is still here (it used to die in std::bad_alloc)
    title, text, text_format = message_boxes.shown[-1]
    assert title == "Cannot open scenario" and HOSTILE in text and text_format == Qt.TextFormat.PlainText
    window.show_message(HOSTILE)
    assert window.status.textFormat() == Qt.TextFormat.PlainText and window.status.text() == HOSTILE
    window.close_without_asking = True
    window.close()


def test_catalog_text_in_tooltips_and_the_editor_is_escaped(qtbot, private_user_data) -> None:
    catalog = Catalog()
    catalog.save_user_row("gpus", {"id": "my-card", "vendor": "Acme", "model": HOSTILE, "segment": "datacenter",
                                   "memory_gib": "48", "source": HOSTILE, "as_of": "2026-12-01"})
    window = MainWindow(catalog, AppSettings())
    qtbot.addWidget(window)
    window.reload_catalog_tables()
    model = window.gpu_page.model
    row = next(i for i in range(model.rowCount()) if model.row_at(i)["id"] == "my-card")
    tooltip = model.data(model.index(row, 0), Qt.ItemDataRole.ToolTipRole)
    assert "&lt;b&gt;Bold&lt;/b&gt;&lt;img" in tooltip and "<img" not in tooltip
    dialog = CatalogEntryDialog(catalog, "gpus", model.row_at(row), window)
    assert dialog.edits["model"].text() == HOSTILE  # a line edit shows text as typed
    dialog.edits["memory_gib"].setText(HOSTILE)
    dialog.save()
    assert dialog.message.textFormat() == Qt.TextFormat.PlainText and HOSTILE in dialog.message.text()
    assert "&lt;img" in dialog.edits["memory_gib"].toolTip() and "<img" not in dialog.edits["memory_gib"].toolTip()
    window.close_without_asking = True
    window.close()


def test_plan_tooltips_and_details_escape_catalog_names(qtbot, private_user_data) -> None:
    catalog = Catalog()
    catalog.save_user_row("gpus", {"id": "my-card", "vendor": "Acme", "model": HOSTILE, "segment": "datacenter",
                                   "memory_gib": "80", "memory_bandwidth_gbs": "3000", "bf16_tflops": "900",
                                   "tdp_w": "700", "source": "quote", "as_of": "2026-12-01",
                                   "price_usd_low": "20000"})
    window = MainWindow(catalog, AppSettings())
    qtbot.addWidget(window)
    window.wizard.load_scenario({"task": "pretrain", "model": {"preset": "llama-2-7b"},
                                 "hardware": {"gpu": "my-card", "count": 8}})
    with qtbot.waitSignal(window.result_shown, timeout=60_000):
        window.recompute()
    plans = window.last_result.plans
    assert plans and plans[0].gpu_name == HOSTILE
    model = window.plans_model
    for column in range(model.columnCount()):
        tooltip = model.data(model.index(0, column), Qt.ItemDataRole.ToolTipRole) or ""
        assert "<img" not in tooltip and "<b>" not in tooltip
    assert HOSTILE in window.details.toPlainText()  # shown literally in the rich-text details
    window.close_without_asking = True
    window.close()
