"""The main window: the wizard on the left; ranked plans, details, live charts and the catalog on the right.
Estimation runs in the background job runner; this class only wires widgets and signals."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QItemSelectionModel,
    QLocale,
    QSaveFile,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.errors import InputError
from gpuplanner.estimate_cli import load_scenario_json
from gpuplanner.planning import plan_for_scenario, scenario_from_data
from gpuplanner.report.core_messages import translated, translated_error
from gpuplanner.translations import LANGUAGES
from gpuplanner.ui.catalog_editor import CatalogEntryDialog
from gpuplanner.ui.catalog_model import SORT_ROLE as CATALOG_SORT_ROLE
from gpuplanner.ui.catalog_model import CatalogTableModel
from gpuplanner.ui.details import compare_html, plan_html
from gpuplanner.ui.plans_model import SORT_ROLE, PlansTableModel
from gpuplanner.ui.settings import AppSettings
from gpuplanner.ui.widgets import filtered_proxy
from gpuplanner.ui.wizard import ScenarioWizard
from gpuplanner.ui.worker import Debouncer, JobControl, LatestJobRunner

log = logging.getLogger(__name__)
PLANS_SHOWN = 8
LETTER_TERRITORIES = {QLocale.Country.UnitedStates, QLocale.Country.Canada, QLocale.Country.Mexico}


def run_planning(data: dict[str, Any], control: JobControl) -> dict[str, Any]:
    """The background job: plan the scenario with a catalog opened on this thread."""
    return plan_for_scenario(data, Catalog(), top=PLANS_SHOWN, progress=control.progress)


class CatalogPage(QWidget):
    """One catalog table with a filter box; every cell's tooltip names its source and date."""

    def __init__(self, model: CatalogTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.proxy, self.filter_edit = filtered_proxy(model, CATALOG_SORT_ROLE, self.tr("Filter…"), self)
        self.view = QTableView(self)
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.buttons = QHBoxLayout()
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.view)
        layout.addLayout(self.buttons)

    def selected_row(self) -> dict[str, Any] | None:
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.row_at(self.proxy.mapToSource(rows[0]).row())


class MainWindow(QMainWindow):
    result_shown = Signal()
    language_requested = Signal(str)  # the app rebuilds the window in the new language, keeping the inputs

    def __init__(self, catalog: Catalog, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.settings = settings
        self.current_path: str | None = None
        self.last_result: dict[str, Any] | None = None
        self.last_error: str | None = None
        self.edit_started: float | None = None
        self.last_edit_to_result_s: float | None = None
        self.setWindowTitle(self.tr("GPU Planner"))
        self.resize(1400, 860)

        self.runner = LatestJobRunner(self)
        self.debouncer = Debouncer(300, self)
        self.wizard = ScenarioWizard(catalog, self)
        scroll = QScrollArea(self)
        scroll.setWidget(self.wizard)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(440)

        self.tabs = QTabWidget(self)
        self.tabs.addTab(self._build_plans_tab(), self.tr("Plans"))
        self.charts_holder = QWidget(self)
        self.charts_layout = QVBoxLayout(self.charts_holder)
        self.charts = None
        self.tabs.addTab(self.charts_holder, self.tr("Charts"))
        self.tabs.addTab(self._build_catalog_tab(), self.tr("Catalog"))

        splitter = QSplitter(self)
        splitter.addWidget(scroll)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(1, 1)
        self.setCentralWidget(splitter)

        self.status = QLabel(self)
        self.progress = QProgressBar(self)
        self.progress.setMaximumWidth(180)
        self.progress.setVisible(False)
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.setVisible(False)
        self.statusBar().addWidget(self.status, 1)
        self.statusBar().addPermanentWidget(self.progress)
        self.statusBar().addPermanentWidget(self.cancel_button)
        self._build_menus()

        self.wizard.edited.connect(self._on_edited)
        self.wizard.completed.connect(self._on_finish)
        self.debouncer.triggered.connect(self.recompute)
        self.runner.finished.connect(self._on_result)
        self.runner.failed.connect(self._on_failure)
        self.runner.progress.connect(self._on_progress)
        self.runner.busy_changed.connect(self._on_busy)
        self.cancel_button.clicked.connect(self.runner.cancel)
        for message in catalog.messages:
            self.show_message(message)

    # --- construction ----------------------------------------------------------------------------------
    def _build_plans_tab(self) -> QWidget:
        page = QWidget(self)
        self.plans_model = PlansTableModel(self)
        self.plans_proxy, self.plans_filter = filtered_proxy(self.plans_model, SORT_ROLE, self.tr("Filter plans…"),
                                                             page)
        self.compare_button = QPushButton(self.tr("Compare selected"), page)
        self.compare_button.setToolTip(self.tr("Select two or three plans (Ctrl+click) to see them side by side"))
        self.compare_button.clicked.connect(self.compare_selected)
        self.plans_view = QTableView(page)
        self.plans_view.setModel(self.plans_proxy)
        self.plans_view.setSortingEnabled(True)
        self.plans_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.plans_view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.plans_view.horizontalHeader().setStretchLastSection(True)
        self.plans_view.verticalHeader().setVisible(False)
        self.plans_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.plans_view.selectionModel().selectionChanged.connect(self._show_selected_plan)
        self.details = QTextBrowser(page)
        self.details.setOpenLinks(False)
        self.pdf_button = QPushButton(self.tr("Spec sheet PDF…"), page)
        self.pdf_button.setToolTip(self.tr("Export the rack and power spec sheet of the selected plan"))
        self.pdf_button.clicked.connect(self.export_pdf)
        self.preview_button = QPushButton(self.tr("Print preview…"), page)
        self.preview_button.clicked.connect(self.print_preview)
        top = QHBoxLayout()
        top.addWidget(self.plans_filter, 1)
        top.addWidget(self.compare_button)
        top.addWidget(self.pdf_button)
        top.addWidget(self.preview_button)
        splitter = QSplitter(Qt.Orientation.Vertical, page)
        splitter.addWidget(self.plans_view)
        splitter.addWidget(self.details)
        splitter.setSizes([300, 500])
        layout = QVBoxLayout(page)
        layout.addLayout(top)
        layout.addWidget(splitter)
        return page

    def _build_catalog_tab(self) -> QWidget:
        tabs = QTabWidget(self)
        self.gpu_page = CatalogPage(CatalogTableModel([
            ("id", self.tr("ID")), ("vendor", self.tr("Vendor")), ("model", self.tr("Model")),
            ("memory_gib", self.tr("Memory (GiB)")), ("memory_bandwidth_gbs", self.tr("Bandwidth (GB/s)")),
            ("bf16_tflops", self.tr("BF16 dense (TFLOP/s)")), ("fp8_tflops", self.tr("FP8 dense (TFLOP/s)")),
            ("tdp_w", self.tr("TDP (W)")), ("price_usd_low", self.tr("Price from (USD)")),
            ("origin", self.tr("Origin")), ("as_of", self.tr("As of")), ("source", self.tr("Source"))], self), self)
        self.server_page = CatalogPage(CatalogTableModel([
            ("id", self.tr("ID")), ("vendor", self.tr("Vendor")), ("model", self.tr("Model")),
            ("gpu_count", self.tr("GPUs")), ("rack_units", self.tr("Rack units")),
            ("max_power_w", self.tr("Max power (W)")), ("psu", self.tr("PSUs")), ("weight_kg", self.tr("Weight (kg)")),
            ("as_of", self.tr("As of")), ("source", self.tr("Source"))], self), self)
        self.cloud_page = CatalogPage(CatalogTableModel([
            ("provider", self.tr("Provider")), ("instance", self.tr("Instance")), ("gpu_model", self.tr("GPU")),
            ("gpu_count", self.tr("GPUs")), ("on_demand_per_hour", self.tr("On-demand per hour")),
            ("currency", self.tr("Currency")), ("region", self.tr("Region")), ("price_date", self.tr("Price date")),
            ("origin", self.tr("Origin")), ("source", self.tr("Source"))], self), self)
        for page, table, label in ((self.gpu_page, "gpus", self.tr("GPUs")),
                                   (self.server_page, "servers", self.tr("Servers")),
                                   (self.cloud_page, "cloud_instances", self.tr("Cloud prices"))):
            add = QPushButton(self.tr("Add your own…"), page)
            edit = QPushButton(self.tr("Edit as your own…"), page)
            remove = QPushButton(self.tr("Remove your entry"), page)
            add.clicked.connect(lambda _=False, t=table: self.edit_catalog_entry(t, None))
            edit.clicked.connect(lambda _=False, t=table, p=page: self.edit_catalog_entry(t, p.selected_row()))
            remove.clicked.connect(lambda _=False, t=table, p=page: self.remove_catalog_entry(t, p.selected_row()))
            for button in (add, edit, remove):
                page.buttons.addWidget(button)
            page.buttons.addStretch(1)
            tabs.addTab(page, label)
        note = QLabel(self.tr("Prices are approximate and dated; hover a cell for its source. Unknown values show "
                              "as n/a."), self)
        note.setWordWrap(True)
        wrapper = QWidget(self)
        layout = QVBoxLayout(wrapper)
        layout.addWidget(note)
        layout.addWidget(tabs)
        self.reload_catalog_tables()
        return wrapper

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        for text, shortcut, slot in ((self.tr("&New scenario"), QKeySequence.StandardKey.New, self.new_scenario),
                                     (self.tr("&Open…"), QKeySequence.StandardKey.Open, self.open_dialog),
                                     (self.tr("&Save"), QKeySequence.StandardKey.Save, self.save),
                                     (self.tr("Save &as…"), QKeySequence.StandardKey.SaveAs, self.save_as)):
            action = QAction(text, self)
            action.setShortcut(shortcut)
            action.triggered.connect(slot)
            file_menu.addAction(action)
        file_menu.addSeparator()
        for text, slot in ((self.tr("&Export spec sheet (PDF)…"), self.export_pdf),
                           (self.tr("Print pre&view…"), self.print_preview), (self.tr("&Print…"), self.print_sheet)):
            action = QAction(text, self)
            action.triggered.connect(slot)
            file_menu.addAction(action)
        file_menu.addSeparator()
        self.recent_menu = QMenu(self.tr("Open &recent"), self)
        file_menu.addMenu(self.recent_menu)
        file_menu.addSeparator()
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        self._refresh_recent_menu()
        view_menu = self.menuBar().addMenu(self.tr("&View"))
        language_menu = view_menu.addMenu(self.tr("&Language"))
        for code, name in LANGUAGES.items():
            action = QAction(name, self)
            action.triggered.connect(lambda _=False, c=code: self.language_requested.emit(c))
            language_menu.addAction(action)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        about = QAction(self.tr("&About GPU Planner"), self)
        about.triggered.connect(self.about)
        help_menu.addAction(about)

    def ensure_charts(self) -> None:
        """Build the charts (and import pyqtgraph) once the window is up."""
        if self.charts is None:
            from gpuplanner.ui.charts import ChartPanel

            self.charts = ChartPanel(self.charts_holder)
            self.charts_layout.addWidget(self.charts)
            if self.last_result is not None:
                self._update_charts()

    # --- computing ---------------------------------------------------------------------------------------
    @Slot()
    def _on_edited(self) -> None:
        if self.edit_started is None:
            self.edit_started = time.perf_counter()
        self.debouncer.poke()

    @Slot()
    def _on_finish(self) -> None:
        self.tabs.setCurrentIndex(0)
        self.debouncer.stop()
        self.recompute()

    @Slot()
    def recompute(self) -> None:
        data = self.wizard.scenario()
        self.autosave(data)
        try:
            scenario_from_data(data, self.catalog)
        except InputError as exc:
            self._show_input_error(exc.field, translated(exc.message))
            return
        if self.edit_started is None:
            self.edit_started = time.perf_counter()
        self.runner.submit(lambda control: run_planning(data, control))
        self.show_message(self.tr("Estimating…"))

    def _show_input_error(self, field: str, message: str) -> None:
        widget = self.wizard.mark_field(field, message)
        if widget is not None and self.wizard.currentId() != self.wizard.page_of(widget):
            self.show_message(self.tr("Check the highlighted field on page %1: %2")
                              .replace("%1", str(self.wizard.page_of(widget) + 1)).replace("%2", message))
        else:
            self.show_message(self.tr("Check the highlighted field: %1").replace("%1", message))
        self.edit_started = None

    @Slot(int, object)
    def _on_result(self, _job_id: int, result: object) -> None:
        assert isinstance(result, dict)
        self.last_result = result
        self.last_error = None
        self.plans_model.set_plans(result["plans"], result["currency"])
        self.plans_view.resizeColumnsToContents()
        if result["plans"]:
            first = self.plans_proxy.index(0, 0)
            self.plans_view.selectionModel().select(
                first, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
            best = result["plans"][0]
            summary = self.tr("%1 plans evaluated; best: %2 × %3").replace("%1", str(result["evaluated"])) \
                .replace("%2", str(best["count"])).replace("%3", best["gpu_name"])
            self.show_message(summary if not result.get("note") else translated(result["note"]))
        else:
            self.details.setHtml("<p>" + self.tr("No plan fits: every GPU runs out of memory or has no price for "
                                                 "the chosen deployment.") + "</p>")
            self.show_message(self.tr("No plan fits."))
        self._update_charts()
        if self.edit_started is not None:
            self.last_edit_to_result_s = time.perf_counter() - self.edit_started
            self.edit_started = None
        self.result_shown.emit()

    def _update_charts(self) -> None:
        if self.charts is not None and self.last_result is not None:
            rack_kw = self.wizard.deployment_page.rack_kw.value()
            cabinet = self.wizard.deployment_page.china_cabinet.currentData()
            self.charts.update_plans(self.last_result, cabinet * 0.22 if cabinet else rack_kw)

    @Slot(int, str, str)
    def _on_failure(self, _job_id: int, field: str, message: str) -> None:
        self.last_error = message
        self.edit_started = None
        if field:  # the user's input: mark the field
            self._show_input_error(field, message)
            return
        self.show_message(self.tr("The estimate failed: %1").replace("%1", message))
        QMessageBox.warning(self, self.tr("Estimate failed"),
                            self.tr("Something went wrong while estimating; your inputs are kept.\n\n%1")
                            .replace("%1", message))

    @Slot(int, int, int)
    def _on_progress(self, _job_id: int, done: int, total: int) -> None:
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(done)

    @Slot(bool)
    def _on_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)

    @Slot()
    def _show_selected_plan(self) -> None:
        plan = self.selected_plan()
        if plan is not None and self.last_result is not None:
            self.details.setHtml(plan_html(plan, self.last_result["currency"]))

    @Slot()
    def compare_selected(self) -> None:
        rows = self.plans_view.selectionModel().selectedRows()
        if not 2 <= len(rows) <= 3 or self.last_result is None:
            self.show_message(self.tr("Select two or three plans to compare."))
            return
        plans = [self.plans_model.plan_at(self.plans_proxy.mapToSource(r).row()) for r in rows]
        dialog = QDialog(self)
        dialog.setWindowTitle(self.tr("Compare plans"))
        browser = QTextBrowser(dialog)
        browser.setHtml(compare_html(plans, self.last_result["currency"]))
        QVBoxLayout(dialog).addWidget(browser)
        dialog.resize(760, 420)
        dialog.open()
        self.compare_dialog = dialog

    # --- spec sheet ------------------------------------------------------------------------------------------
    def selected_plan(self) -> dict[str, Any] | None:
        rows = self.plans_view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.plans_model.plan_at(self.plans_proxy.mapToSource(rows[0]).row())

    def _plan_for_sheet(self) -> dict[str, Any] | None:
        """The selected plan, or None after telling the user to select one."""
        plan = self.selected_plan()
        if plan is None:
            self.show_message(self.tr("Select a plan first."))
        return plan

    def _sheet_options(self) -> Any:
        from gpuplanner.report.spec_sheet import SheetOptions

        return SheetOptions(project=Path(self.current_path).stem if self.current_path else "")

    def sheet_document(self) -> Any:
        from gpuplanner.report.spec_sheet import build_document

        plan = self._plan_for_sheet()
        return None if plan is None else build_document(plan, self.wizard.scenario(), self._sheet_options())

    @Slot()
    def export_pdf(self) -> None:
        if self._plan_for_sheet() is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export spec sheet"), "spec-sheet.pdf",
                                              self.tr("PDF files (*.pdf)"))
        if path:
            self.write_pdf(path)

    def write_pdf(self, path: str) -> int:
        from gpuplanner.report.spec_sheet import write_pdf

        plan = self._plan_for_sheet()
        if plan is None:
            return 0
        pages = write_pdf(path, plan, self.wizard.scenario(), self._sheet_options())
        self.show_message(self.tr("Wrote %1 (%2 pages)").replace("%1", path).replace("%2", str(pages)))
        return pages

    def _printer(self) -> Any:
        from PySide6.QtPrintSupport import QPrinter

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        from gpuplanner.report.spec_sheet import page_size

        printer.setPageSize(page_size("Letter" if QLocale().territory() in LETTER_TERRITORIES else "A4"))
        return printer

    @Slot()
    def print_preview(self) -> None:
        from PySide6.QtPrintSupport import QPrintPreviewDialog

        from gpuplanner.report.spec_sheet import render

        document = self.sheet_document()
        if document is None:
            return
        self.preview_printer = self._printer()  # the dialog does not own its printer: keep it alive
        dialog = QPrintPreviewDialog(self.preview_printer, self)
        dialog.paintRequested.connect(lambda printer: render(document, printer))
        dialog.resize(900, 1000)
        dialog.open()
        self.preview_dialog = dialog

    @Slot()
    def print_sheet(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog

        from gpuplanner.report.spec_sheet import render

        document = self.sheet_document()
        if document is None:
            return
        printer = self._printer()
        if QPrintDialog(printer, self).exec() == QDialog.DialogCode.Accepted:
            render(document, printer)

    def show_message(self, text: str) -> None:
        self.status.setText(text)

    # --- catalog editing -----------------------------------------------------------------------------------
    def reload_catalog_tables(self) -> None:
        self.gpu_page.model.set_rows(self.catalog.rows("gpus"))
        self.server_page.model.set_rows(self.catalog.rows("servers"))
        self.cloud_page.model.set_rows(self.catalog.rows("cloud_instances"))

    def edit_catalog_entry(self, table: str, row: dict[str, Any] | None) -> None:
        dialog = CatalogEntryDialog(self.catalog, table, row, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.reload_catalog_tables()
            self.debouncer.poke()

    def remove_catalog_entry(self, table: str, row: dict[str, Any] | None) -> None:
        if row is None or row.get("origin") != "user":
            self.show_message(self.tr("Select one of your own entries to remove it; bundled rows stay."))
            return
        self.catalog.delete_user_row(table, str(row["id"]))
        self.reload_catalog_tables()
        self.debouncer.poke()

    # --- scenario files --------------------------------------------------------------------------------------
    def write_json_atomically(self, path: str, data: dict[str, Any]) -> bool:
        file = QSaveFile(path)
        if not file.open(QSaveFile.OpenModeFlag.WriteOnly):
            return False
        file.write(json.dumps(data, indent=2, ensure_ascii=False).encode("utf-8"))
        return file.commit()

    def autosave(self, data: dict[str, Any]) -> None:
        self.write_json_atomically(str(self.settings.autosave_path), data)

    def load_file(self, path: str) -> bool:
        """Load a scenario file; a bad one is reported and changes nothing."""
        try:
            data = load_scenario_json(path)
            scenario_from_data(data, self.catalog)
        except InputError as exc:
            QMessageBox.warning(self, self.tr("Cannot open scenario"),
                                self.tr("%1 was not loaded: %2").replace("%1", Path(path).name)
                                .replace("%2", translated_error(exc)))
            return False
        assert isinstance(data, dict)
        self.wizard.load_scenario(data)
        self.current_path = path
        self.settings.add_recent_file(path)
        self.settings.set_last_scenario(path)
        self._refresh_recent_menu()
        self.setWindowTitle(self.tr("GPU Planner — %1").replace("%1", Path(path).name))
        return True

    @Slot()
    def new_scenario(self) -> None:
        self.wizard.load_scenario({"task": "pretrain", "model": {"preset": "llama-2-7b"}})
        self.current_path = None
        self.setWindowTitle(self.tr("GPU Planner"))

    @Slot()
    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open scenario"), "", self.tr("Scenarios (*.json)"))
        if path:
            self.load_file(path)

    @Slot()
    def save(self) -> None:
        if self.current_path is None:
            self.save_as()
        else:
            self.save_to(self.current_path)

    @Slot()
    def save_as(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save scenario"), "scenario.json",
                                              self.tr("Scenarios (*.json)"))
        if path:
            self.save_to(path)

    def save_to(self, path: str) -> bool:
        if not self.write_json_atomically(path, self.wizard.scenario()):
            QMessageBox.warning(self, self.tr("Not saved"), self.tr("Could not write %1.").replace("%1", path))
            return False
        self.current_path = path
        self.settings.add_recent_file(path)
        self.settings.set_last_scenario(path)
        self._refresh_recent_menu()
        self.show_message(self.tr("Saved %1").replace("%1", path))
        return True

    def _refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in self.settings.recent_files():
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.load_file(p))
        self.recent_menu.setEnabled(bool(self.settings.recent_files()))

    def restore_session(self) -> None:
        geometry = self.settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        autosave = self.settings.autosave_path
        if autosave.exists():
            try:
                data = load_scenario_json(str(autosave))
                scenario_from_data(data, self.catalog)
            except InputError as exc:
                log.warning("autosaved scenario ignored: %s", exc)
                self.show_message(self.tr("The autosaved scenario could not be restored; defaults are shown."))
            else:
                assert isinstance(data, dict)
                self.wizard.load_scenario(data)
        last = self.settings.last_scenario()
        if last:
            self.current_path = last if Path(last).exists() else None

    @Slot()
    def about(self) -> None:
        from gpuplanner.ui.about import AboutDialog

        AboutDialog(self.catalog.as_of(), self).exec()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        self.settings.set_geometry(self.saveGeometry())
        self.autosave(self.wizard.scenario())
        self.settings.sync()
        self.debouncer.stop()
        self.runner.cancel()
        self.runner.wait(10_000)
        super().closeEvent(event)

    def start(self) -> None:
        """After the first paint: build the charts and compute the first result."""
        QTimer.singleShot(0, self.ensure_charts)
        QTimer.singleShot(0, self.recompute)
