"""Desktop conventions: F1 help, the plans table to CSV and the clipboard, scenario files by drag and drop, and a
table that does not trap Tab."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication


@pytest.fixture
def window(qtbot, main_window):
    with qtbot.waitSignal(main_window.result_shown, timeout=60_000):
        main_window.recompute()
    return main_window


def test_f1_opens_the_help_in_plain_words(qtbot, window) -> None:
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F1)
    dialog = window.help_dialog
    assert dialog.isVisible()
    text = dialog.browser.toPlainText()
    for word in ("How to read a plan", "TP (tensor parallelism)", "ZeRO", "MFU", "TTFT", "TPOT"):
        assert word in text
    dialog.close()


def test_every_plan_exports_to_csv_as_numbers_with_units_in_the_headers(qtbot, window, tmp_path: Path) -> None:
    """The export gave the 8 shown plans as display text ('17.2 days', '$88,268', '—'): every plan evaluated is a
    row, the ranked ones first, numbers as numbers and the currency in the headers."""
    with qtbot.waitSignal(window.result_shown, timeout=60_000):
        window.recompute()
    result = window.last_result
    path = tmp_path / "plans.csv"
    assert window.write_plans_csv(str(path))
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
    header = rows[0]
    assert f"ranking cost ({result.currency})" in header and "days" in header
    assert len(rows) == 1 + result.evaluated
    first = dict(zip(header, rows[1], strict=True))
    best = result.plans[0]
    assert first["status"] == "ranked" and first["GPU id"] == best.gpu and int(first["GPUs"]) == best.count
    assert float(first[f"ranking cost ({result.currency})"]) == pytest.approx(best.cost_metric)
    assert float(first["days"]) == pytest.approx(best.days)  # a number, not "17.2 days"


def test_every_plan_exports_to_a_workbook_an_it_buyer_forwards(qtbot, window, tmp_path: Path, monkeypatch) -> None:
    """File → Export plans as a spreadsheet (xlsx): the CSV's rows in one sheet (ECMA-376 SpreadsheetML), the header
    bold and frozen, numbers as numbers (no cell type: a spreadsheet sums them), text as inline strings."""
    import xml.etree.ElementTree as ET
    import zipfile

    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QFileDialog

    from gpuplanner.ui.plans_export import plan_rows

    with qtbot.waitSignal(window.result_shown, timeout=60_000):
        window.recompute()
    path = tmp_path / "plans.xlsx"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(path), ""))
    (action,) = [a for a in window.findChildren(QAction) if a.text().startswith("Export plans as a spreadsheet")]
    action.trigger()
    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    with zipfile.ZipFile(path) as archive:
        assert archive.testzip() is None
        assert "xl/workbook.xml" in archive.namelist()
        sheet = ET.fromstring(archive.read("xl/worksheets/sheet1.xml"))
    assert sheet.find(f"{main}sheetViews/{main}sheetView/{main}pane").get("state") == "frozen"
    rows = sheet.findall(f"{main}sheetData/{main}row")
    expected = plan_rows(window.last_result)
    assert len(rows) == len(expected) == 1 + window.last_result.evaluated

    def value(cell: ET.Element) -> object:
        if cell.get("t") == "inlineStr":
            return cell.find(f"{main}is/{main}t").text
        return float(cell.find(f"{main}v").text)

    header = [value(c) for c in rows[0]]
    assert header == expected[0] and all(c.get("s") == "1" for c in rows[0])
    first = {header[ord(c.get("r")[0]) - ord("A")]: value(c) for c in rows[1]}
    best = window.last_result.plans[0]
    assert first["GPU id"] == best.gpu and first["GPUs"] == best.count
    assert first[f"ranking cost ({window.last_result.currency})"] == pytest.approx(best.cost_metric)
    # Numbers keep every digit but show grouped: whole ones as #,##0 (style 3), fractions as #,##0.00 (style 2).
    styles = {header[ord(c.get("r")[0]) - ord("A")]: c.get("s") for c in rows[1] if c.get("t") != "inlineStr"}
    assert styles["GPUs"] == "3" and styles["memory per GPU (GiB)"] == "2"
    with zipfile.ZipFile(path) as archive:
        formats = ET.fromstring(archive.read("xl/styles.xml")).findall(f"{main}cellXfs/{main}xf")
    assert [f.get("numFmtId") for f in formats] == ["0", "0", "4", "3"]
    assert "Exported the plans" in window.status.text()


def test_selected_rows_copy_to_the_clipboard(qtbot, window) -> None:
    window.plans_view.selectRow(0)
    window.plans_view.setFocus()
    qtbot.keyClick(window.plans_view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    lines = QApplication.clipboard().text().strip().splitlines()
    assert len(lines) == 2 and lines[0].split("\t")[1] == "GPU"
    assert lines[1].split("\t")[1] == window.plans_proxy.data(window.plans_proxy.index(0, 1))


def test_a_scenario_dropped_on_the_window_opens(qtbot, window, tmp_path: Path) -> None:
    path = tmp_path / "dropped.json"
    path.write_text(json.dumps({"task": "pretrain", "model": {"preset": "llama-2-13b"}}))
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    enter = QDragEnterEvent(QPoint(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    window.dragEnterEvent(enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    window.dropEvent(drop)
    assert window.current_path == str(path)
    assert window.wizard.scenario()["model"] == {"preset": "llama-2-13b"}
    other = QMimeData()
    other.setUrls([QUrl.fromLocalFile(str(tmp_path / "picture.png"))])
    refused = QDragEnterEvent(QPoint(1, 1), Qt.DropAction.CopyAction, other, Qt.MouseButton.LeftButton,
                              Qt.KeyboardModifier.NoModifier)
    refused.ignore()
    window.dragEnterEvent(refused)
    assert not refused.isAccepted()


def test_tab_leaves_the_plans_table(window) -> None:
    assert window.plans_view.tabKeyNavigation() is False


def test_at_1280_by_720_the_cost_is_on_screen_and_rows_show_only_their_costs(qtbot, window) -> None:
    window.resize(1280, 720)
    qtbot.wait(50)
    model = window.plans_model
    columns = {model.headerData(c, Qt.Orientation.Horizontal): c for c in range(model.columnCount())}
    view = window.plans_view
    cost = view.horizontalHeader().visualIndex(columns["Cost (ranked by)"])
    assert view.columnViewportPosition(cost) + view.columnWidth(cost) <= view.viewport().width()
    for row in range(model.rowCount()):
        plan = model.plan_at(row)
        capex = model.data(model.index(row, columns["Capex"]))
        cloud = model.data(model.index(row, columns["Cloud cost"]))
        assert (capex == "—") == (plan.deployment == "cloud") and (cloud == "—") == (plan.deployment == "on-prem")


def test_a_drop_is_taken_as_a_copy_so_the_file_manager_keeps_the_file(qtbot, window, tmp_path: Path) -> None:
    """A file manager proposing a move (Shift-drag) would delete the user's file after the drop: the window takes
    every drop as a copy."""
    path = tmp_path / "moved.json"
    path.write_text(json.dumps({"task": "pretrain", "model": {"preset": "llama-2-13b"}}))
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    both = Qt.DropAction.CopyAction | Qt.DropAction.MoveAction
    enter = QDragEnterEvent(QPoint(10, 10), both, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier)
    window.dragEnterEvent(enter)
    assert enter.isAccepted() and enter.dropAction() == Qt.DropAction.CopyAction
    drop = QDropEvent(QPointF(10, 10), both, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier)
    window.dropEvent(drop)
    assert drop.dropAction() == Qt.DropAction.CopyAction and window.current_path == str(path) and path.exists()
    move_only = QDropEvent(QPointF(10, 10), Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
                           Qt.KeyboardModifier.NoModifier)
    move_only.ignore()
    window.dropEvent(move_only)
    assert not move_only.isAccepted()  # a source that allows only a move is refused, not taken


def test_tab_reaches_every_field_and_the_wizard_buttons(qtbot, window) -> None:
    """The deployment page: the GPU list and the consumer-cards box used to be skipped, and Tab never reached
    Back / Next / Finish."""
    wizard = window.wizard
    for _ in range(3):
        wizard.next()
    page = wizard.deployment_page
    page.deployment.setFocus()
    reached = []
    for _ in range(20):  # the page's 13 fields and the 3 buttons, with room to spare
        reached.append(QApplication.focusWidget())
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    for field in (page.region, page.gpu, page.count, page.allow_consumer, page.rack_kw, page.amps):
        assert field in reached
    for button in (wizard.WizardButton.BackButton, wizard.WizardButton.NextButton, wizard.WizardButton.FinishButton):
        assert wizard.button(button) in reached
    order = [reached.index(widget) for widget in (page.region, page.gpu, page.count, page.rack_kw)]
    assert order == sorted(order)


def test_the_window_fits_a_small_or_scaled_screen(main_window) -> None:
    """The offscreen screen is 800 px wide: what a 1600-px screen offers at 200 % scaling."""
    from PySide6.QtWidgets import QStyle

    room = main_window.screen().availableGeometry()
    main_window.resize(room.width(), room.height())  # as a saved or default size as tall as the screen
    main_window.fit_to_screen()
    frame = main_window.frameGeometry()  # shown: its frame is known
    assert frame.width() <= room.width() and frame.height() <= room.height()
    assert main_window.minimumSizeHint().width() <= room.width()
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.ui.main_window import MainWindow
    from gpuplanner.ui.settings import AppSettings

    unshown = MainWindow(Catalog(), AppSettings())  # at first start it is fitted before it is shown
    unshown.resize(room.width(), room.height())
    unshown.fit_to_screen()
    title = unshown.style().pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight)
    assert unshown.height() + title <= room.height()
    unshown.close_without_asking = True
    unshown.close()
    unshown.deleteLater()


def test_on_a_small_screen_the_wizard_pane_scrolls_sideways_instead_of_clipping(qtbot, main_window) -> None:
    """At 800 px the English precision page is wider than its pane: it used to be cut off at the right (combo boxes
    and the Finish button out of reach, no scroll bar); now the pane scrolls to it."""
    from PySide6.QtWidgets import QScrollArea

    wizard = main_window.wizard
    scroll = next(area for area in main_window.findChildren(QScrollArea) if area.widget() is wizard)
    wizard.load_scenario({"task": "lora", "model": {"preset": "llama-2-70b"}, "training": {"weight_dtype": "fp8"}})
    while wizard.currentId() < 2:
        wizard.next()
    main_window.splitter.setSizes([340, 460])
    QApplication.processEvents()
    assert wizard.width() > scroll.viewport().width()  # the page, at its least width, does not fit the pane
    bar = scroll.horizontalScrollBar()
    assert bar.isVisible() and bar.maximum() == wizard.width() - scroll.viewport().width()


def test_the_first_screen_recommends_a_plan_a_user_would_choose(qtbot, window) -> None:
    """The defaults a user meets first ranked 4 RTX 5090 at 3,391.8 days first and showed 'No deadline' for the
    wizard's 30 days: File → New plans to that deadline."""
    assert window.wizard.budget_page.deadline.value() == 30.0
    assert window.wizard.scenario()["constraints"]["deadline_days"] == 30.0
    with qtbot.waitSignal(window.result_shown, timeout=60_000):
        window.recompute()
    best = window.last_result.best
    assert best is not None and best.days <= 30.0


def test_at_1366_by_768_the_charts_fit_and_the_site_limit_shows(qtbot, window) -> None:
    """On a 1366 x 768 laptop the charts panel needs no sideways scrolling, and the power chart shows the site's
    rack limit (its line was off the right edge)."""
    from PySide6.QtWidgets import QScrollArea

    window.resize(1366, 768)
    with qtbot.waitSignal(window.result_shown, timeout=60_000):
        window.wizard.load_scenario({"task": "pretrain", "model": {"preset": "llama-3.1-8b"},
                                     "training": {"tokens": 1e11},
                                     "constraints": {"deployment": "on-prem", "deadline_days": 30,
                                                     "site": {"rack_kw": 20}}})
    window.tabs.setCurrentWidget(window.charts_holder)
    qtbot.waitUntil(lambda: window.charts is not None and window.charts.draw_count >= 1, timeout=10_000)
    qtbot.wait(100)
    (scroll,) = window.charts_holder.findChildren(QScrollArea)
    assert scroll.horizontalScrollBar().maximum() == 0
    charts = window.charts
    low, high = charts.power_plot.viewRange()[0]
    assert charts.power_limit.isVisible() and low <= charts.power_limit.value() == 20.0 <= high
    assert charts.power_plot.width() <= scroll.viewport().width()


def test_catalog_headers_are_whole_words(qtbot, window) -> None:
    """Each catalog column is at least as wide as its header ("BF16 dense (TFLOPS)" read "16 dense (TFLOP")."""
    from gpuplanner.ui.catalog_tab import CatalogPage

    pages = window.findChildren(CatalogPage)
    assert pages
    for page in pages:
        header = page.view.horizontalHeader()
        for section in range(header.count() - 1):  # the last one stretches to the edge
            assert header.sectionSize(section) >= header.sectionSizeFromContents(section).width(), \
                page.model.headerData(section, Qt.Orientation.Horizontal)


def test_f1_opens_help_on_the_field_you_are_in(qtbot, main_window) -> None:
    """F1 always opened the general glossary; now the focused field's label and explanation come first."""
    from PySide6.QtCore import Qt

    window = main_window
    window.activateWindow()
    window.wizard.setCurrentId(window.wizard.pageIds()[3])  # where will it run
    rack = window.wizard.deployment_page.rack_kw
    rack.setFocus()
    qtbot.keyClick(rack, Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: getattr(window, "help_dialog", None) is not None and window.help_dialog.isVisible())
    text = window.help_dialog.browser.toPlainText()
    assert text.startswith("This field: ") and "Power the site allows per rack" in text.split("\n")[1]
    assert "How to read a plan" in text  # the glossary follows
    window.help_dialog.close()
    window.plans_view.setFocus()  # not an input field: the glossary alone
    qtbot.keyClick(window.plans_view, Qt.Key.Key_F1)
    assert window.help_dialog.browser.toPlainText().startswith("How to read a plan")
    window.help_dialog.close()


def test_every_control_has_a_name_a_screen_reader_can_read(main_window) -> None:
    """Combo boxes were announced by their current value (the recompute and ZeRO boxes both read "Automatic"), and
    the plans table and its filter box had no name. Every input of the wizard and the plans tab now has one: its
    form label, or its own text (buttons, check boxes)."""
    from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QComboBox, QLineEdit, QTableView

    window = main_window
    unnamed = []
    kinds = (QAbstractSpinBox, QComboBox, QLineEdit, QTableView, QAbstractButton)
    for widget in (w for kind in kinds for w in window.findChildren(kind)):
        if isinstance(widget, QLineEdit) and isinstance(widget.parentWidget(), (QAbstractSpinBox, QComboBox)):
            continue  # a box's own editor: the box carries the name
        if widget.objectName().startswith("qt_") or isinstance(widget.parentWidget(), QLineEdit):
            continue  # Qt's own parts: a table's corner, a menu bar's overflow, a filter box's clear button
        text = widget.text() if isinstance(widget, QAbstractButton) else ""
        if not (widget.accessibleName().strip() or text.replace("&", "").strip()):
            unnamed.append(f"{type(widget).__name__} {widget.objectName()} {widget.toolTip()[:60]!r}")
    assert unnamed == [], "\n".join(unnamed)
    page = window.wizard.precision_page
    names = {box.accessibleName() for box in page.findChildren(QComboBox)}
    assert len(names) == len(page.findChildren(QComboBox))  # no two boxes announced alike
    assert window.plans_view.accessibleName() == "Ranked plans" and window.plans_filter.accessibleName()


def test_finish_plans_and_puts_the_keyboard_on_the_answer(qtbot, main_window) -> None:
    """Finish did nothing visible and Next on the budget page led to the hidden expert page: the budget page now
    ends the path (Next disabled there), Finish plans and focuses the plans table, and the expert page opens from
    its own button."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QWizard

    from gpuplanner.ui.wizard.common import PageId

    window = main_window
    wizard = window.wizard
    window.activateWindow()
    wizard.setCurrentId(PageId.BUDGET)
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    window.tabs.setCurrentIndex(1)
    with qtbot.waitSignal(window.result_shown, timeout=60_000):
        qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert window.tabs.currentIndex() == 0 and window.plans_view.hasFocus()
    qtbot.mouseClick(wizard.budget_page.expert, Qt.MouseButton.LeftButton)
    assert wizard.currentId() == PageId.ASSUMPTIONS
    assert "defaults are chosen for you" in wizard.precision_page.subTitle()


def test_file_dialogs_open_where_the_user_last_was(qtbot, main_window, monkeypatch, tmp_path) -> None:
    """File dialogs opened in the program's folder (wherever it was started from): now the home folder first, then
    the folder of the last file opened or saved, from any dialog, and after a restart."""
    from pathlib import Path

    from PySide6.QtWidgets import QFileDialog

    asked: list[str] = []
    target = tmp_path / "exports" / "plans.csv"
    target.parent.mkdir()

    def save(_parent, _title, directory, _filters):
        asked.append(directory)
        return str(target), ""

    def open_(_parent, _title, directory, _filters):
        asked.append(directory)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", open_)
    from tests.conftest import compute

    window = main_window
    compute(qtbot, window)
    file_menu = window.menuBar().actions()[0].menu().actions()
    next(a for a in file_menu if "CSV" in a.text() and "plans" in a.text().lower()).trigger()
    assert asked[0] == str(Path.home() / "plans.csv") and target.exists()
    next(a for a in file_menu if a.text().startswith("&Open")).trigger()
    assert asked[1] == str(target.parent)
    from gpuplanner.ui.settings import AppSettings

    assert AppSettings().last_folder() == target.parent  # kept in the settings file for the next start


def test_the_first_start_says_its_plans_are_an_example(qtbot, private_user_data) -> None:
    """Before anything was entered the first screen showed a pretraining plan as if it were the user's: a first
    start now labels it an example until an input is changed, and a later start (a session to restore) does not."""
    from PySide6.QtCore import Qt

    from tests.conftest import close_window, compute, open_window

    window = open_window(qtbot)
    window.restore_session()
    compute(qtbot, window)
    assert window.example_banner.isVisible() and "example" in window.example_banner.text()
    window.activateWindow()
    window.wizard.next()  # the model page
    box = window.wizard.model_page.seq_len
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, "2048")
    qtbot.keyClick(box, Qt.Key.Key_Tab)
    assert not window.example_banner.isVisible()
    window.autosave()
    close_window(window)
    again = open_window(qtbot)
    again.restore_session()
    assert not again.example_banner.isVisible()
    close_window(again)
