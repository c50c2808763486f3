"""The main window: the wizard on the left; ranked plans, details, live charts and the catalog on the right.
Estimation runs in the background job runner; this class only wires widgets and signals."""

from __future__ import annotations

import csv
import io
import json
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QItemSelectionModel,
    QLocale,
    QMimeData,
    QSaveFile,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeySequence,
    QShowEvent,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
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

from gpuplanner.catalog.store import Catalog, CatalogWriteError, Row
from gpuplanner.core.errors import InputError
from gpuplanner.core.results import Plan, PlanResult
from gpuplanner.core.scenario import ScenarioDocument
from gpuplanner.i18n import LANGUAGES, fill
from gpuplanner.i18n.messages import translated, translated_error
from gpuplanner.report.xlsx import workbook_bytes
from gpuplanner.scenario_file import load_scenario_json
from gpuplanner.service import EstimateReuse, plan_for_scenario, scenario_from_data
from gpuplanner.ui.catalog_editor import CatalogEntryDialog
from gpuplanner.ui.catalog_model import SORT_ROLE as CATALOG_SORT_ROLE
from gpuplanner.ui.catalog_model import CatalogTableModel
from gpuplanner.ui.details import compare_html, near_misses_html, no_plan_html, plan_html
from gpuplanner.ui.dialogs import Button, ask_save_discard_cancel, confirm_removal, warn
from gpuplanner.ui.document import ScenarioEdit, Session, UndoHistory, parse_session, session_json
from gpuplanner.ui.notices import NoticeBar
from gpuplanner.ui.plans_export import plan_rows, plans_csv
from gpuplanner.ui.plans_model import SORT_ROLE, PlansTableModel
from gpuplanner.ui.settings import AppSettings
from gpuplanner.ui.widgets import filtered_proxy, mark_invalid
from gpuplanner.ui.wizard import ScenarioWizard, new_document
from gpuplanner.ui.worker import Debouncer, JobControl, LatestJobRunner

log = logging.getLogger(__name__)
PLANS_SHOWN = 8
LETTER_TERRITORIES = {QLocale.Country.UnitedStates, QLocale.Country.Canada, QLocale.Country.Mexico}


def table_as_csv(model: QAbstractItemModel, rows: list[int] | None = None, delimiter: str = ",") -> str:
    """A table model's header and rows (all, or the given ones) as CSV text, cells as displayed."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    columns = range(model.columnCount())
    writer.writerow([model.headerData(c, Qt.Orientation.Horizontal) for c in columns])
    for row in (range(model.rowCount()) if rows is None else rows):
        writer.writerow([model.data(model.index(row, c)) or "" for c in columns])
    return out.getvalue()


def _dropped_scenario(mime: QMimeData) -> str | None:
    """The one local .json file being dropped, if that is what it is."""
    urls = mime.urls() if mime.hasUrls() else []
    if len(urls) == 1 and urls[0].isLocalFile() and urls[0].toLocalFile().lower().endswith(".json"):
        return urls[0].toLocalFile()
    return None


# Edits within this many ms make one job: long enough to gather a held arrow key or a spin box's auto-repeat
# (about 30 ms apart), short now that a plan takes tens of milliseconds to a few hundred; a job started between
# two typed keys is cancelled by the second and its result dropped.
EDIT_DEBOUNCE_MS = 100
PLANS_TAB = 0  # the tabs' order: Plans, Charts, Catalog


def run_planning(data: ScenarioDocument, catalog: Catalog, control: JobControl,
                 reuse: EstimateReuse | None = None) -> PlanResult:
    """The background job: plan the scenario on the window's catalog (it opens a SQLite connection per read, so
    a pool thread may use it), reusing the last plan's estimates where only goals, limits or prices changed (the
    jobs run one at a time, so `reuse` is never used by two at once)."""
    return plan_for_scenario(data, catalog, top=PLANS_SHOWN, progress=control.progress, reuse=reuse)


def _accept_as_copy(event: QDropEvent) -> str | None:
    """A scenario file dragged or dropped that the source lets us copy: taken as a copy, whatever the source
    proposed (a move would let a file manager delete the user's file once the window has read it); its path."""
    path = _dropped_scenario(event.mimeData())
    if path is None or not event.possibleActions() & Qt.DropAction.CopyAction:
        return None
    event.setDropAction(Qt.DropAction.CopyAction)
    event.accept()
    return path


def redo_shortcuts() -> list[QKeySequence]:
    """Ctrl+Shift+Z and Ctrl+Y, and the platform's own Redo keys, each once: the platform's Redo on Linux is
    Ctrl+Shift+Z itself, and a sequence bound twice to one action is ambiguous to Qt and fires nothing."""
    keys: list[QKeySequence] = []
    for key in (QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y"),
                *QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)):
        if key not in keys:
            keys.append(key)
    return keys


PLANS_COLUMN_MAX_PX = 200  # widest a column of the plans table sizes itself to

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
        header = self.view.horizontalHeader()
        header.setStretchLastSection(True)
        for section in range(header.count()):  # every header whole ("BF16 dense (TFLOP/s)" read "16 dense (TFLOP")
            header.resizeSection(section, max(header.sectionSize(section),
                                              header.sectionSizeFromContents(section).width()))
        self.buttons = QHBoxLayout()
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.view)
        layout.addLayout(self.buttons)

    def selected_row(self) -> Row | None:
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
        self.current_path: str | None = None  # the file the document is bound to; Save writes only there
        self.recovered = False  # unsaved work brought back from the last session
        self.undo_stack = QUndoStack(self)  # clean = saved
        self._applying = False  # an undo/redo or a load is filling the wizard: not a user edit
        self.last_result: PlanResult | None = None
        self.result_scenario: ScenarioDocument | None = None  # the inputs the shown plans were computed for
        self._submitted: ScenarioDocument | None = None
        self._autosave_failing = False
        self._discarded = False  # the user chose Discard in the last prompt
        self.close_without_asking = False  # a language switch (the document lives on) or the smoke test
        self.last_error: str | None = None
        self.edit_started: float | None = None
        self.last_edit_to_result_s: float | None = None
        self.resize(1400, 860)
        self.setAcceptDrops(True)  # drop a scenario file onto the window to open it

        self.runner = LatestJobRunner(self)
        self.estimate_reuse = EstimateReuse()  # touched only by the runner's one job at a time
        self.debouncer = Debouncer(EDIT_DEBOUNCE_MS, self)
        self.wizard = ScenarioWizard(catalog, self)
        self._snapshot = self.wizard.scenario()  # what the top of the undo stack shows
        scroll = QScrollArea(self)
        scroll.setWidget(self.wizard)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)  # a narrow pane scrolls, never clips
        scroll.setMinimumWidth(340)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the wizard's fields, not to the frame around them

        self.tabs = QTabWidget(self)
        self._details_stale = False  # a result arrived while the Plans tab was hidden: written when it is shown
        self.tabs.addTab(self._build_plans_tab(), self.tr("Plans"))
        self.charts_holder = QWidget(self)
        self.charts_layout = QVBoxLayout(self.charts_holder)
        self.export_charts_button = QPushButton(self.tr("Export charts (PNG and SVG)…"), self.charts_holder)
        self.export_charts_button.clicked.connect(self.export_charts)
        self.charts_layout.addWidget(self.export_charts_button, 0, Qt.AlignmentFlag.AlignRight)
        self.charts = None
        self._charts_stale = False  # a result arrived while the Charts tab was hidden: drawn when it is shown
        self.tabs.addTab(self.charts_holder, self.tr("Charts"))
        self.tabs.addTab(self._build_catalog_tab(), self.tr("Catalog"))
        self.tabs.currentChanged.connect(self._on_tab_changed)

        self.splitter = splitter = QSplitter(self)
        splitter.addWidget(scroll)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(1, 1)
        central = QWidget(self)
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        self.notices = NoticeBar(central)
        central_layout.addWidget(self.notices)
        central_layout.addWidget(splitter, 1)
        self.setCentralWidget(central)

        self.status = QLabel(self)
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # messages echo catalog and scenario text
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
        self.runner.cancelled.connect(self._on_cancelled)
        self.cancel_button.clicked.connect(self.runner.cancel)
        self.undo_stack.cleanChanged.connect(self._update_title)
        self._update_title()
        self._set_result_state("none")
        for message in [*catalog.messages, *settings.messages]:  # set-aside or unreadable user data: kept in view
            self.notices.add(translated(message))

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
        # A long catalog name is elided (the full name is in the tooltip), never pushing the cost off screen.
        self.plans_view.horizontalHeader().setMaximumSectionSize(PLANS_COLUMN_MAX_PX)
        self.plans_view.verticalHeader().setVisible(False)
        self.plans_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.plans_view.selectionModel().selectionChanged.connect(self._show_selected_plan)
        copy = QAction(self.tr("Copy"), self.plans_view)
        copy.setShortcut(QKeySequence.StandardKey.Copy)
        copy.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        copy.triggered.connect(self.copy_selected_plans)
        self.plans_view.addAction(copy)
        self.plans_view.setTabKeyNavigation(False)  # Tab leaves the table instead of walking its cells
        self.details = QTextBrowser(page)
        self.details.setOpenLinks(False)
        self.pdf_button = QPushButton(self.tr("Spec sheet PDF…"), page)
        self.pdf_button.setToolTip(self.tr("Export the rack and power spec sheet of the selected plan"))
        self.pdf_button.clicked.connect(self.export_pdf)
        self.preview_button = QPushButton(self.tr("Print preview…"), page)
        self.preview_button.clicked.connect(self.print_preview)
        self.stale_banner = QLabel(page)
        self.stale_banner.setTextFormat(Qt.TextFormat.PlainText)
        self.stale_banner.setWordWrap(True)
        self.stale_banner.setStyleSheet("background: #fff3cd; color: #664d03; border: 1px solid #ffe69c; "
                                        "padding: 4px;")
        self.stale_banner.setVisible(False)
        # Its room is kept while hidden, so the table does not jump down and back on every keystroke.
        banner_policy = self.stale_banner.sizePolicy()
        banner_policy.setRetainSizeWhenHidden(True)
        self.stale_banner.setSizePolicy(banner_policy)
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
        layout.addWidget(self.stale_banner)
        layout.addWidget(splitter)
        return page

    def _build_catalog_tab(self) -> QWidget:
        tabs = QTabWidget(self)
        self.gpu_page = CatalogPage(CatalogTableModel([
            ("id", self.tr("ID")), ("vendor", self.tr("Vendor")), ("model", self.tr("Model")),
            ("memory_gib", self.tr("Memory (GiB)")), ("memory_bandwidth_gbs", self.tr("Bandwidth (GB/s)")),
            ("bf16_tflops", self.tr("BF16 dense (TFLOP/s)")), ("fp8_tflops", self.tr("FP8 dense (TFLOP/s)")),
            ("tdp_w", self.tr("TDP (W)")), ("confidence", self.tr("Confidence")),
            ("price_usd_low", self.tr("Price from (USD)")), ("price_date", self.tr("Price date")),
            ("price_confidence", self.tr("Price confidence")),
            ("origin", self.tr("Origin")), ("as_of", self.tr("As of")), ("source", self.tr("Source"))], self), self)
        self.server_page = CatalogPage(CatalogTableModel([
            ("id", self.tr("ID")), ("vendor", self.tr("Vendor")), ("model", self.tr("Model")),
            ("gpu_count", self.tr("GPUs")), ("rack_units", self.tr("Rack units")),
            ("max_power_w", self.tr("Max power (W)")), ("psu", self.tr("PSUs")), ("weight_kg", self.tr("Weight (kg)")),
            ("confidence", self.tr("Confidence")), ("price_usd", self.tr("Price (USD)")),
            ("price_date", self.tr("Price date")), ("price_confidence", self.tr("Price confidence")),
            ("price_source", self.tr("Price source")),
            ("origin", self.tr("Origin")), ("as_of", self.tr("As of")), ("source", self.tr("Source"))], self), self)
        self.cloud_page = CatalogPage(CatalogTableModel([
            ("provider", self.tr("Provider")), ("instance", self.tr("Instance")), ("gpu_model", self.tr("GPU")),
            ("gpu_count", self.tr("GPUs")), ("on_demand_per_hour", self.tr("On-demand per hour")),
            ("currency", self.tr("Currency")), ("region", self.tr("Region")), ("price_date", self.tr("Price date")),
            ("confidence", self.tr("Confidence")), ("origin", self.tr("Origin")), ("source", self.tr("Source"))],
            self), self)
        for page, table, label in ((self.gpu_page, "gpus", self.tr("GPUs", "catalog tab: the GPU table")),
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
        self.catalog_date = QLabel(self)
        self.catalog_date.setTextFormat(Qt.TextFormat.PlainText)
        self.catalog_date.setWordWrap(True)
        wrapper = QWidget(self)
        layout = QVBoxLayout(wrapper)
        layout.addWidget(self.catalog_date)
        layout.addWidget(note)
        layout.addWidget(tabs)
        self.reload_catalog_tables()
        return wrapper

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        for text, shortcut, slot in ((self.tr("&New scenario"), QKeySequence.StandardKey.New, self.new_scenario),
                                     (self.tr("&Open…"), QKeySequence.StandardKey.Open, self.open_dialog),
                                     (self.tr("&Save"), QKeySequence.StandardKey.Save, self.save),
                                     (self.tr("Save &as…"), QKeySequence.StandardKey.SaveAs, self.save_as),
                                     (self.tr("&Close scenario"), QKeySequence.StandardKey.Close,
                                      self.close_scenario)):
            action = QAction(text, self)
            action.setShortcut(shortcut)
            action.triggered.connect(slot)
            file_menu.addAction(action)
        file_menu.addSeparator()
        export_csv = QAction(self.tr("Export plans as &CSV…"), self)
        export_csv.triggered.connect(self.export_plans_csv)
        file_menu.addAction(export_csv)
        export_xlsx = QAction(self.tr("Export plans as a spreadsheet (&xlsx)…"), self)
        export_xlsx.triggered.connect(self.export_plans_xlsx)
        file_menu.addAction(export_xlsx)
        import_quote = QAction(self.tr("Import a vendor &quote (CSV)…"), self)
        import_quote.triggered.connect(self.import_quote)
        file_menu.addAction(import_quote)
        self.sheet_actions: list[QAction] = []
        for text, shortcut, slot in ((self.tr("&Export spec sheet (PDF)…"), None, self.export_pdf),
                                     (self.tr("Print pre&view…"), None, self.print_preview),
                                     (self.tr("&Print…"), QKeySequence.StandardKey.Print, self.print_sheet)):
            action = QAction(text, self)
            if shortcut is not None:
                action.setShortcut(shortcut)
            action.triggered.connect(slot)
            file_menu.addAction(action)
            self.sheet_actions.append(action)
        file_menu.addSeparator()
        self.recent_menu = QMenu(self.tr("Open &recent"), self)
        file_menu.addMenu(self.recent_menu)
        file_menu.addSeparator()
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        self._refresh_recent_menu()
        edit_menu = self.menuBar().addMenu(self.tr("&Edit"))
        self.undo_action = self.undo_stack.createUndoAction(self, self.tr("&Undo"))
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_stack.createRedoAction(self, self.tr("&Redo"))
        self.redo_action.setShortcuts(redo_shortcuts())
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        view_menu = self.menuBar().addMenu(self.tr("&View"))
        language_menu = view_menu.addMenu(self.tr("&Language"))
        for code, name in LANGUAGES.items():
            action = QAction(name, self)
            action.triggered.connect(lambda _=False, c=code: self.language_requested.emit(c))
            language_menu.addAction(action)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        help_action = QAction(self.tr("GPU Planner &help"), self)
        help_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        help_action.triggered.connect(self.show_help)
        help_menu.addAction(help_action)
        about = QAction(self.tr("&About GPU Planner"), self)
        about.triggered.connect(self.about)
        help_menu.addAction(about)

    def ensure_charts(self) -> None:
        """Build the charts (and import pyqtgraph) once the window is up, and bring them up to date."""
        if self.charts is None:
            from gpuplanner.ui.charts import ChartPanel

            self.charts = ChartPanel()
            scroll = QScrollArea(self.charts_holder)  # small screens scroll instead of squeezing the labels
            scroll.setWidget(self.charts)
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            self.charts_layout.addWidget(scroll)
            self._charts_stale = self.last_result is not None
        if self._charts_stale:
            self._update_charts(force=True)

    # --- computing ---------------------------------------------------------------------------------------
    @Slot()
    def _on_edited(self) -> None:
        if not self._applying:
            scenario = self.wizard.scenario()
            if scenario != self._snapshot:
                self.undo_stack.push(ScenarioEdit(self._snapshot, scenario, self._apply_scenario,
                                                  self.tr("Edit inputs")))
                self._snapshot = scenario
        if self.edit_started is None:
            self.edit_started = time.perf_counter()
        if self.last_result is not None:
            self._set_result_state("updating")
        self.debouncer.poke()

    def _apply_scenario(self, data: ScenarioDocument) -> None:
        """Fill the wizard without recording an edit (undo, redo, open, new)."""
        self._applying = True
        try:
            self.wizard.load_scenario(data)
        finally:
            self._applying = False
        self._snapshot = self.wizard.scenario()
        self._on_edited()

    @Slot()
    def _on_finish(self) -> None:
        self.tabs.setCurrentIndex(0)
        self.debouncer.stop()
        self.recompute()

    @Slot()
    def recompute(self) -> None:
        data = self.wizard.scenario()
        self.autosave()
        problems = self.wizard.field_problems()
        if problems:  # typed text that is not a value: nothing is computed from the box's old value
            widget, message = problems[0]
            mark_invalid(widget, message)
            self._show_widget_error(widget, message)
            return
        try:
            scenario_from_data(data, self.catalog)
        except InputError as exc:
            self._show_input_error(exc.field, translated(exc.message))
            return
        if self.edit_started is None:
            self.edit_started = time.perf_counter()
        self._submitted = data
        catalog, reuse = self.catalog, self.estimate_reuse
        self.runner.submit(lambda control: run_planning(data, catalog, control, reuse))
        self.show_message(self.tr("Estimating…"))

    def _show_input_error(self, field: str, message: str) -> None:
        self._show_widget_error(self.wizard.mark_field(field, message), message)

    def _show_widget_error(self, widget: QWidget | None, message: str) -> None:
        if widget is not None and self.wizard.currentId() != self.wizard.page_of(widget):
            self.show_message(fill(self.tr("Check the highlighted field on page %1: %2"),
                                   str(self.wizard.page_of(widget) + 1), message))
        else:
            self.show_message(fill(self.tr("Check the highlighted field: %1"), message))
        self.edit_started = None
        self._set_result_state("invalid")

    @Slot(int, object)
    def _on_result(self, _job_id: int, result: object) -> None:
        assert isinstance(result, PlanResult)
        self.last_result = result
        self.result_scenario = self._submitted
        self.last_error = None
        never_sized = self.plans_model.rowCount() == 0
        self.plans_model.set_plans(result.plans, result.currency)
        if never_sized:  # sized to the first plans, then left as they are (and as the user drags them)
            self.plans_view.resizeColumnsToContents()
        if result.best is not None:
            first = self.plans_proxy.index(0, 0)
            self.plans_view.selectionModel().select(
                first, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
            best = result.best
            summary = (fill(self.tr("1 plan evaluated: %1 × %2"), str(best.count), best.gpu_name)
                       if result.evaluated == 1 else
                       fill(self.tr("%1 plans evaluated; best: %2 × %3"), str(result.evaluated), str(best.count),
                            best.gpu_name))
            self.show_message(summary if not result.note else translated(result.note))
        elif result.near_misses:
            self._show_details()
            self.show_message(translated(result.note or ""))
        else:
            self._show_details()
            self.show_message(self.tr("No plan fits."))
        self._update_charts()
        self._set_result_state("current" if self.result_scenario == self.wizard.scenario() else "updating")
        if self.edit_started is not None:
            self.last_edit_to_result_s = time.perf_counter() - self.edit_started
            self.edit_started = None
        self.result_shown.emit()

    def results_are_current(self) -> bool:
        """The plans on screen were computed for exactly the inputs on screen."""
        return self.last_result is not None and self.result_scenario == self.wizard.scenario()

    def _set_result_state(self, state: str) -> None:
        """Say whether the plans shown answer the current inputs; print and PDF only when they do."""
        texts = {
            "updating": self.tr("Updating for your latest edit… The plans below are for your earlier inputs."),
            "invalid": self.tr("Not updated: check the highlighted field. The plans below are for your earlier "
                               "inputs and cannot be printed until the inputs are valid."),
            "cancelled": self.tr("Not updated: the estimate was cancelled. The plans below are for your earlier "
                                 "inputs."),
            "failed": self.tr("Not updated: the estimate failed. The plans below are for your earlier inputs."),
        }
        stale = state in texts and self.last_result is not None
        self.stale_banner.setText(texts.get(state, ""))
        self.stale_banner.setVisible(stale)
        printable = state == "current" and self.last_result is not None and bool(self.last_result.plans)
        for widget in (self.pdf_button, self.preview_button, *self.sheet_actions):
            widget.setEnabled(printable)

    @Slot(int)
    def _on_cancelled(self, _job_id: int) -> None:
        self.edit_started = None
        self.show_message(self.tr("Estimate cancelled; the plans shown were not updated."))
        self._set_result_state("cancelled")

    def _update_charts(self, force: bool = False) -> None:
        """The charts draw the result alone: the rack limit is the one the plans were sized for. Hidden charts are
        drawn when their tab is shown (a result arriving costs the GUI thread the table alone)."""
        if self.charts is None or self.last_result is None:
            return
        if force or self.tabs.currentWidget() is self.charts_holder:
            self.charts.update_plans(self.last_result)
            self._charts_stale = False
        else:
            self._charts_stale = True

    @Slot(int)
    def _on_tab_changed(self, _index: int) -> None:
        if self.tabs.currentWidget() is self.charts_holder:
            self.ensure_charts()  # (shown before the first result built them: built now)
        elif self.tabs.currentIndex() == PLANS_TAB and self._details_stale:
            self._show_details()

    @Slot(int, str, str)
    def _on_failure(self, _job_id: int, field: str, message: str) -> None:
        self.last_error = message
        self.edit_started = None
        if field:  # the user's input: mark the field
            self._show_input_error(field, message)
            return
        self.show_message(fill(self.tr("The estimate failed: %1"), message))
        self._set_result_state("failed")
        warn(self, self.tr("Estimate failed"),
             fill(self.tr("Something went wrong while estimating; your inputs are kept.\n\n%1"), message))

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
        self._show_details()

    def _show_details(self) -> None:
        """The details pane: the selected plan's, else the near misses, else why no plan fits. Written while the
        Plans tab is in front, else when it is shown (a result arriving with the charts in front costs them alone)."""
        result = self.last_result
        if result is None:
            return
        if self.tabs.currentIndex() != PLANS_TAB:
            self._details_stale = True
            return
        self._details_stale = False
        plan = self.selected_plan()
        if plan is not None:
            self.details.setHtml(plan_html(plan, result.currency))
        elif result.best is None and result.near_misses:
            self.details.setHtml(near_misses_html(result))
        elif result.best is None:
            self.details.setHtml(no_plan_html(result))
        else:  # plans, none selected: the pane says so, as Print does, instead of keeping the last plan
            self.details.setPlainText(self.tr("Select a plan to see its details."))

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
        browser.setHtml(compare_html(plans, self.last_result.currency))
        QVBoxLayout(dialog).addWidget(browser)
        dialog.resize(760, 420)
        dialog.open()
        self.compare_dialog = dialog

    # --- spec sheet ------------------------------------------------------------------------------------------
    def selected_plan(self) -> Plan | None:
        rows = self.plans_view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.plans_model.plan_at(self.plans_proxy.mapToSource(rows[0]).row())

    def _plan_for_sheet(self) -> Plan | None:
        """The selected plan, or None after telling the user why there is none to print."""
        if not self.results_are_current():
            self.show_message(self.tr("The plans are not up to date with the inputs; the sheet is not written."))
            return None
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
        return None if plan is None else build_document(plan, self._sheet_options(), self.catalog.as_of(),
                                                        self.last_result)

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
        try:
            pages = write_pdf(path, plan, self._sheet_options(), self.catalog.as_of(), self.last_result)
        except OSError as exc:
            warn(self, self.tr("Spec sheet not written"),
                 fill(self.tr("Could not write %1: %2"), path, exc.strerror or str(exc)))
            return 0
        self.show_message(fill(self.tr("Wrote %1 (%2 pages)"), path, str(pages)))
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
        self.catalog_date.setText(fill(self.tr("Catalog data as of %1; a price over 12 months old, or undated, is "
                                               "flagged in the plans that use it. Confidence: vendor datasheet, "
                                               "vendor document, secondary source or estimate."),
                                       self.catalog.as_of() or self.tr("n/a")))

    @Slot()
    def import_quote(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import a vendor quote"), "",
                                              self.tr("CSV files (*.csv)"))
        if path:
            self.import_quote_file(path)

    def import_quote_file(self, path: str) -> int:
        """A vendor's prices into the user's catalog edits (all lines or none); returns how many were imported."""
        from gpuplanner.catalog.quotes import import_quotes
        from gpuplanner.scenario_file import read_text_capped

        rate = self.wizard.budget_page.usd_to_cny.value()
        try:
            quotes = import_quotes(read_text_capped(path, "quote"), self.catalog, rate)
        except InputError as exc:
            warn(self, self.tr("Quote not imported"), fill(self.tr("Nothing was changed. %1"), translated_error(exc)))
            return 0
        except CatalogWriteError as exc:
            warn(self, self.tr("Quote not imported"), translated(exc.message))
            return 0
        self.reload_catalog_tables()
        self.show_message(fill(self.tr("Imported %1 quoted price(s); the plans use them and say so."), len(quotes)))
        self.debouncer.poke()
        return len(quotes)

    def edit_catalog_entry(self, table: str, row: Row | None) -> None:
        dialog = CatalogEntryDialog(self.catalog, table, row, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.reload_catalog_tables()
            self.wizard.deployment_page.reload_gpus(self.catalog)  # usable at once, no restart
            self.debouncer.poke()

    def remove_catalog_entry(self, table: str, row: Row | None) -> None:
        if row is None or row.get("origin") != "user":
            self.show_message(self.tr("Select one of your own entries to remove it; bundled rows stay."))
            return
        if not confirm_removal(self, self.tr("Remove your entry"), fill(self.tr(
                "Remove your entry %1 from your catalog edits? Plans that use it change; a bundled row of the same "
                "id, if any, comes back."), str(row["id"]))):
            return
        try:
            self.catalog.delete_user_row(table, str(row["id"]))
        except CatalogWriteError as exc:
            warn(self, self.tr("Not removed"), translated(exc.message))
            return
        self.reload_catalog_tables()
        self.wizard.deployment_page.reload_gpus(self.catalog)
        self.debouncer.poke()

    # --- scenario files --------------------------------------------------------------------------------------
    def write_json_atomically(self, path: str, text: str) -> str | None:
        """Write the whole text file or nothing; the reason on failure."""
        return self.write_atomically(path, text.encode("utf-8"))

    @staticmethod
    def write_atomically(path: str, data: bytes) -> str | None:
        """Write the whole file or nothing (QSaveFile); the reason on failure."""
        file = QSaveFile(path)
        if not file.open(QSaveFile.OpenModeFlag.WriteOnly):
            return file.errorString()
        file.write(data)
        if not file.commit():
            return file.errorString()
        return None

    def autosave(self) -> None:
        """Keep the session (document path, unsaved or not, scenario) so a restart loses nothing."""
        session = Session(self.wizard.scenario(), self.current_path, not self.undo_stack.isClean() or self.recovered)
        problem = self.write_json_atomically(str(self.settings.session_path), session_json(session))
        if problem is None:
            self._autosave_failing = False
            return
        log.warning("autosave to %s failed: %s", self.settings.session_path, problem)
        text = fill(self.tr("Autosave failed (%1): %2. Your inputs are still on screen; save them with File → "
                            "Save as."), str(self.settings.session_path), problem)
        self.show_message(text)
        if not self._autosave_failing:  # once per failing streak, not on every edit; never a modal box
            self._autosave_failing = True
            self.notices.add(text)

    def _update_title(self) -> None:
        if self.current_path:
            name = Path(self.current_path).name
        elif self.recovered:
            name = self.tr("Recovered scenario (unsaved)")
        else:
            name = self.tr("Untitled")
        self.setWindowTitle(fill(self.tr("%1[*] — GPU Planner"), name))
        self.setWindowModified(not self.undo_stack.isClean() or self.recovered)

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean() or self.recovered

    def _bind(self, path: str | None, *, recovered: bool = False) -> None:
        """The document now lives in `path` (None: untitled) with nothing unsaved (unless recovered)."""
        self.current_path = path
        self.recovered = recovered
        self.undo_stack.clear()
        self._update_title()

    def maybe_save(self) -> bool:
        """Before the document goes away: True to go on (saved or discarded), False to stay."""
        if not self.is_modified():
            return True
        name = Path(self.current_path).name if self.current_path else self.tr("this scenario")
        answer = ask_save_discard_cancel(self, self.tr("Unsaved changes"),
                                         fill(self.tr("Save the changes to %1 first?"), name))
        if answer == Button.Save:
            return self.save()
        self._discarded = answer == Button.Discard
        return self._discarded

    def load_file(self, path: str, *, ask: bool = True) -> bool:
        """Open a scenario file; a bad one is reported and changes nothing."""
        if ask and not self.maybe_save():
            return False
        try:
            data = load_scenario_json(path)
            scenario_from_data(data, self.catalog)
        except InputError as exc:
            warn(self, self.tr("Cannot open scenario"),
                 fill(self.tr("%1 was not loaded: %2"), Path(path).name, translated_error(exc)))
            return False
        assert isinstance(data, dict)
        self._apply_scenario(data)
        self._bind(path)
        self.settings.add_recent_file(path)
        self._refresh_recent_menu()
        self.autosave()
        return True

    @Slot()
    def new_scenario(self) -> bool:
        """A new, untitled document at the documented defaults."""
        if not self.maybe_save():
            return False
        self._apply_scenario(new_document())
        self.wizard.restart()  # a new document starts at the first page, not the one the last was left on
        self._bind(None)
        self.autosave()
        return True

    @Slot()
    def close_scenario(self) -> bool:
        return self.new_scenario()

    @Slot()
    def open_dialog(self) -> None:
        if not self.maybe_save():
            return
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open scenario"), "", self.tr("Scenarios (*.json)"))
        if path:
            self.load_file(path, ask=False)

    @Slot()
    def save(self) -> bool:
        """Write the file named in the title; an untitled or recovered document asks where (Save as)."""
        if self.current_path is None:
            return self.save_as()
        return self.save_to(self.current_path)

    @Slot()
    def save_as(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save scenario"), self.current_path or "scenario.json",
                                              self.tr("Scenarios (*.json)"))
        return bool(path) and self.save_to(path)

    def save_to(self, path: str) -> bool:
        problem = self.write_json_atomically(path, json.dumps(self.wizard.scenario(), indent=2, ensure_ascii=False))
        if problem is not None:
            warn(self, self.tr("Not saved"),
                 fill(self.tr("Could not write %1: %2"), path, problem))
            return False
        self.current_path = path
        self.recovered = False
        self.undo_stack.setClean()
        self._update_title()
        self.settings.add_recent_file(path)
        self._refresh_recent_menu()
        self.autosave()
        self.show_message(fill(self.tr("Saved %1"), path))
        return True

    def _refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.settings.recent_files()
        for path in files:
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.load_file(p))
        self.recent_menu.setEnabled(bool(files))

    def adopt_document(self, scenario: ScenarioDocument, path: str | None, *, modified: bool,
                       history: UndoHistory | None = None, page: int | None = None) -> None:
        """Take over another window's document (a language switch): unsaved edits stay unsaved, its undo and redo
        steps stay steps, and the wizard stays on its page."""
        self._apply_scenario(scenario)
        self._bind(path, recovered=modified)
        if history is not None:
            self._restore_history(history)
        if page is not None:
            self.wizard.show_page(page)

    def undo_history(self) -> UndoHistory:
        stack = self.undo_stack
        edits = [stack.command(i) for i in range(stack.count())]
        return UndoHistory(tuple((e.before, e.after, e.text()) for e in edits if isinstance(e, ScenarioEdit)),
                           stack.index(), stack.cleanIndex())

    def _restore_history(self, history: UndoHistory) -> None:
        """The same steps, bound to this window: pushed as done, then walked back to where the other stood."""
        stack = self.undo_stack
        for before, after, text in history.edits:
            stack.push(ScenarioEdit(before, after, self._apply_scenario, text, mergeable=False))
        if 0 <= history.clean_index <= stack.count():
            stack.setIndex(history.clean_index)
            stack.setClean()
        stack.setIndex(history.index)

    def fit_to_screen(self) -> None:
        """Never larger than the screen it opens on (at 200 % scaling a 1600 x 900 screen is 800 x 450)."""
        screen = self.screen()
        if screen is None:
            return
        room = screen.availableGeometry()
        width, height = min(self.width(), room.width()), min(self.height(), room.height())
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)
            self.move(room.topLeft())

    def restore_session(self) -> None:
        """Bring back the last session: a saved document reopens bound to its file; unsaved work comes back as a
        recovered, untitled document (Save asks where), never silently bound to an old path."""
        geometry = self.settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        self.fit_to_screen()
        path = self.settings.session_path
        if not path.exists():
            return
        try:
            session = parse_session(load_scenario_json(str(path)))
            scenario_from_data(session.scenario, self.catalog)
        except (InputError, ValueError, OSError) as exc:  # OSError: not a file (a folder), unreadable
            log.warning("autosaved session ignored: %s", exc)
            self.notices.add(fill(self.tr("The autosaved scenario in %1 could not be restored (%2); defaults are "
                                          "shown and the file is left as it is."), str(path), str(exc)))
            return
        if session.path and not session.modified and Path(session.path).is_file() \
                and self.load_file(session.path, ask=False):
            return
        self._apply_scenario(session.scenario)
        if session.modified or session.path:
            self._bind(None, recovered=True)
            if session.path:
                self.notices.add(fill(self.tr("Unsaved changes to %1 from your last session were recovered; the file "
                                         "itself was not changed."), Path(session.path).name))

    @Slot()
    def show_help(self) -> None:
        from gpuplanner.ui.help import HelpDialog

        self.help_dialog = HelpDialog(self)
        self.help_dialog.open()

    @Slot()
    def export_charts(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Export charts into a folder"))
        if folder:
            self.write_charts(Path(folder))

    def write_charts(self, folder: Path) -> bool:
        """Every chart as PNG and SVG into `folder` (existing files of the same name are replaced)."""
        self.ensure_charts()
        assert self.charts is not None
        try:
            written = self.charts.export(folder)
        except OSError as exc:
            warn(self, self.tr("Not exported"), fill(self.tr("Could not write %1: %2"), str(folder),
                                                     exc.strerror or str(exc)))
            return False
        self.show_message(fill(self.tr("Exported %1 chart files to %2"), len(written), str(folder)))
        return True

    @Slot()
    def export_plans_csv(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export plans"), "plans.csv", self.tr("CSV files (*.csv)"))
        if path:
            self.write_plans_csv(path)

    def export_plans_xlsx(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export plans"), "plans.xlsx",
                                              self.tr("Excel workbooks (*.xlsx)"))
        if path:
            self.write_plans_xlsx(path)

    def write_plans_csv(self, path: str) -> bool:
        """Every plan the last result evaluated, numbers as numbers with units in the headers, for a spreadsheet
        (with a BOM: Excel reads it as UTF-8)."""
        return self._write_plans(path, lambda result: ("\ufeff" + plans_csv(result)).encode("utf-8"))

    def write_plans_xlsx(self, path: str) -> bool:
        """The same rows as the CSV, as a workbook an IT buyer forwards (header bold and frozen)."""
        return self._write_plans(path, lambda result: workbook_bytes(plan_rows(result), self.tr("Plans")))

    def _write_plans(self, path: str, encode: Callable[[PlanResult], bytes]) -> bool:
        if self.last_result is None:
            self.show_message(self.tr("No plans to export yet."))
            return False
        problem = self.write_atomically(path, encode(self.last_result))
        if problem is not None:
            warn(self, self.tr("Not exported"),
                 fill(self.tr("Could not write %1: %2"), path, problem))
            return False
        self.show_message(fill(self.tr("Exported the plans to %1"), path))
        return True

    @Slot()
    def copy_selected_plans(self) -> None:
        rows = sorted(index.row() for index in self.plans_view.selectionModel().selectedRows())
        QApplication.clipboard().setText(table_as_csv(self.plans_proxy, rows, delimiter="\t"))
        self.show_message(fill(self.tr("Copied %1 plan(s)"), str(len(rows))))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        _accept_as_copy(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802
        _accept_as_copy(event)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        path = _accept_as_copy(event)
        if path is not None:
            self.load_file(path)

    @Slot()
    def about(self) -> None:
        from gpuplanner.ui.about import AboutDialog

        AboutDialog(self.catalog.as_of(), self).exec()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        self._discarded = False
        if not self.close_without_asking and not self.maybe_save():
            event.ignore()
            return
        self.settings.set_geometry(self.saveGeometry())
        if self._discarded:  # the edits are not wanted: next time, the saved file (or a fresh start)
            self.undo_stack.setClean()
            self.recovered = False
            if self.current_path:
                self.autosave()
            else:
                self.settings.session_path.unlink(missing_ok=True)
        elif not self.close_without_asking:
            self.autosave()
        self.settings.sync()
        self.debouncer.stop()
        self.runner.cancel()
        self.runner.wait(10_000)
        super().closeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        self.fit_to_screen()
        super().showEvent(event)

    def start(self) -> None:
        """Compute the first result; build the charts (pyqtgraph's import and the plots: about 150 ms of the GUI
        thread) once it is shown, or when their tab is opened first: built before, they held back the window's
        first paint (a zero timer runs before the window is exposed), and built meanwhile, the first result."""
        self.result_shown.connect(self._charts_after_first_result, Qt.ConnectionType.SingleShotConnection)
        QTimer.singleShot(0, self.recompute)

    @Slot()
    def _charts_after_first_result(self) -> None:
        QTimer.singleShot(0, self.ensure_charts)  # after the result's own repaint
