"""The main window: the wizard on the left; ranked plans, details, live charts and the catalog on the right.
Estimation runs in the background job runner; this class only wires widgets and signals."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import (
    QSize,
    Qt,
    QTimer,
    QUrl,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QKeySequence,
    QShowEvent,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStyle,
    QTableView,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import Calibration
from gpuplanner.calibration.store import StoredCalibrationError, load_calibration
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.results.results import Plan, PlanResult
from gpuplanner.core.scenario.scenario import ScenarioDocument
from gpuplanner.i18n import LANGUAGES, fill
from gpuplanner.i18n.messages import translated
from gpuplanner.service import EstimateReuse
from gpuplanner.ui.catalog_tab import CatalogTabActions
from gpuplanner.ui.details import compare_html, near_misses_html, no_plan_html, plan_html
from gpuplanner.ui.dialogs import resize_within_screen
from gpuplanner.ui.document_actions import DocumentActions
from gpuplanner.ui.export_actions import ExportActions
from gpuplanner.ui.notices import NoticeBar
from gpuplanner.ui.planning_controller import PlanningController
from gpuplanner.ui.plans_model import SORT_ROLE, PlansTableModel
from gpuplanner.ui.session_writer import SessionWriter
from gpuplanner.ui.settings import AppSettings
from gpuplanner.ui.widgets import ContentSizedColumns, TableFirstSplitter, filtered_proxy, replace_html
from gpuplanner.ui.wizard import ScenarioWizard
from gpuplanner.ui.worker import Debouncer, LatestJobRunner

# Typed text is planned once the keys have paused this many ms, and so is a burst of edits (a held arrow key or a
# spin box's auto-repeat, 30 to 75 ms apart): one job a burst. A whole value alone (a pick, a step, a toggle) is
# planned at once; a job started before a later edit is cancelled by it and its result dropped.
EDIT_DEBOUNCE_MS = 100
PLANS_TAB = 0  # the tabs' order: Plans, Charts, Catalog


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
PLANS_NAME_MIN_CHARS = 12  # the GPU names narrow to about this many characters before the cost leaves the screen
EXAMPLE_INK = "#052c65"  # the example banner's text, dark blue on its light blue
PLANS_ROWS_IN_VIEW = 5  # rows the plans table shows above the details at any window height


def stored_calibration() -> tuple[Calibration, str | None]:
    """The calibration plans run on: the user's stored one, or the published one and why the stored one was not
    read."""
    try:
        return load_calibration(), None
    except StoredCalibrationError as error:
        return PUBLISHED, str(error)


class MainWindow(DocumentActions, ExportActions, CatalogTabActions, PlanningController, QMainWindow):
    result_shown = Signal()
    language_requested = Signal(str)  # the app rebuilds the window in the new language, keeping the inputs

    def __init__(self, catalog: Catalog, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.settings = settings
        self.current_path: str | None = None  # the file the document is bound to; Save writes only there
        self.recovered = False  # unsaved work brought back from the last session
        self.undo_stack = QUndoStack(self)  # clean = saved
        application = QApplication.instance()
        if isinstance(application, QApplication):
            application.focusChanged.connect(self._close_edit_step)
        self._applying = False  # an undo/redo or a load is filling the wizard: not a user edit
        self.last_result: PlanResult | None = None
        self.result_scenario: ScenarioDocument | None = None  # the inputs the shown plans were computed for
        self._submitted: ScenarioDocument | None = None
        self._autosave_failing = False
        self._discarded = False  # the user chose Discard in the last prompt
        self.close_without_asking = False  # a language switch (the document lives on) or the smoke test
        self.last_error: str | None = None
        self.edit_started: float | None = None
        self._focus_answer = False  # Finish was pressed: the keyboard goes to the answer when it arrives
        self.last_edit_to_result_s: float | None = None
        self.resize(1400, 860)
        self.setAcceptDrops(True)  # drop a scenario file onto the window to open it

        self.runner = LatestJobRunner(self)
        self.session_writer = SessionWriter(self)  # the session file, kept at every edit off the window's thread
        self.session_writer.written.connect(self._session_written)
        self.estimate_reuse = EstimateReuse()  # touched only by the runner's one job at a time
        self.calibration, calibration_problem = stored_calibration()  # the user's, or the published one
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
        self._details_next_turn = False  # a result's table is shown: its details are written in the next turn
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
        if calibration_problem:
            self.notices.add(fill(self.tr("Your calibration cannot be read (%1): plans use the published one; "
                                          "Tools → Calibrate… resets it."), calibration_problem))
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
        self.wizard.typed.connect(self.debouncer.typed)
        self.wizard.edited.connect(self.show_catalog_prices_in_scenario_currency)
        self.show_catalog_prices_in_scenario_currency()
        self.wizard.completed.connect(self._on_finish)
        self.debouncer.triggered.connect(self.recompute)
        self.result_shown.connect(self.debouncer.answered)
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
        self.plans_view.setAccessibleName(self.tr("Ranked plans"))
        self.plans_view.setModel(self.plans_proxy)
        self.plans_view.setSortingEnabled(True)
        self.plans_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.plans_view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.plans_view.horizontalHeader().setStretchLastSection(True)
        # A long catalog name is elided (the full name is in the tooltip), never pushing the cost off screen.
        self.plans_view.horizontalHeader().setMaximumSectionSize(PLANS_COLUMN_MAX_PX)
        # The ranked figure stays on screen down to 1024 x 600: the names give way, to about a dozen characters.
        self.plans_columns = ContentSizedColumns(
            self.plans_view, keep_in_view=PlansTableModel.COLUMNS.index("cost"),
            gives_way=PlansTableModel.COLUMNS.index("gpu"),
            narrowest=self.plans_view.fontMetrics().horizontalAdvance("0") * PLANS_NAME_MIN_CHARS)
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
        self._details_html: str | None = None  # what the details pane shows (_write_details)
        self.details.setOpenLinks(False)
        self.details.anchorClicked.connect(self._follow_next_step)
        self.pdf_button = QPushButton(self.tr("Spec sheet PDF…"), page)
        self.pdf_button.setToolTip(self.tr("Export the rack and power spec sheet of the selected plan"))
        self.pdf_button.clicked.connect(self.export_pdf)
        self.preview_button = QPushButton(self.tr("Print preview…"), page)
        self.preview_button.clicked.connect(self.print_preview)
        # The first start plans the defaults: say they are an example, until the user makes the inputs their own.
        # It can be hidden at once (on a small screen its lines are the table's rows).
        example = self.tr("An example to start from: these plans answer the inputs the app starts with (the defaults "
                          "on the left). Change any of them, or open a scenario (Ctrl+O), to plan your own job.")
        hide = self.tr("Hide")
        # The link in the banner's own ink: a dark theme's light link colour would vanish on the light banner.
        self.example_banner = QLabel(f'{html.escape(example)} <a href="#hide" style="color: {EXAMPLE_INK}">'
                                     f'{html.escape(hide)}</a>', page)
        self.example_banner.setTextFormat(Qt.TextFormat.RichText)
        self.example_banner.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                                    | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.example_banner.linkActivated.connect(lambda _link: self.example_banner.setVisible(False))
        self.example_banner.setWordWrap(True)
        self.example_banner.setStyleSheet(f"background: #cfe2ff; color: {EXAMPLE_INK}; border: 1px solid #9ec5fe; "
                                          "padding: 4px;")
        self.example_banner.setVisible(False)
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
        self.plans_splitter = TableFirstSplitter(self.plans_view, self.details, PLANS_ROWS_IN_VIEW, page)
        layout = QVBoxLayout(page)
        layout.addLayout(top)
        # One slot for both banners: the stale banner's kept room holds the example too (on a 480-pixel-high window
        # the two stacked cost the table a row); while shown, the stale banner (the later sibling) covers it.
        banners = QGridLayout()
        banners.addWidget(self.example_banner, 0, 0)
        banners.addWidget(self.stale_banner, 0, 0)
        layout.addLayout(banners)
        layout.addWidget(self.plans_splitter)
        return page

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
        sheet_items: list[tuple[str, QKeySequence.StandardKey | None, Callable[[], None]]] = [
            (self.tr("&Export spec sheet (PDF)…"), None, self.export_pdf),
            (self.tr("Print pre&view…"), None, self.print_preview),
            (self.tr("&Print…"), QKeySequence.StandardKey.Print, self.print_sheet)]
        for text, sheet_key, slot in sheet_items:
            action = QAction(text, self)
            if sheet_key is not None:
                action.setShortcut(sheet_key)
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
        self.replan_action = QAction(self.tr("&Plan again"), self)
        self.replan_action.setShortcut(QKeySequence.StandardKey.Refresh)  # F5 (Ctrl+R on macOS)
        self.replan_action.setToolTip(self.tr("Plan the current inputs again, e.g. after a cancel"))
        self.replan_action.triggered.connect(self.recompute)
        view_menu.addAction(self.replan_action)
        language_menu = view_menu.addMenu(self.tr("&Language"))
        for code, name in LANGUAGES.items():
            action = QAction(name, self)
            action.triggered.connect(lambda _=False, c=code: self.language_requested.emit(c))
            language_menu.addAction(action)
        tools_menu = self.menuBar().addMenu(self.tr("&Tools"))
        calibrate = QAction(self.tr("&Calibrate…"), self)
        calibrate.setToolTip(self.tr("Fit the estimates to runs you measured on your own hardware"))
        calibrate.triggered.connect(self.open_calibration)
        tools_menu.addAction(calibrate)
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
            from gpuplanner.ui.charts import ChartPanel, ChartScroll

            self.charts = ChartPanel()
            self.charts_layout.addWidget(ChartScroll(self.charts, self.charts_holder))
            self._charts_stale = self.last_result is not None
        if self._charts_stale:
            self._update_charts(force=True)

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

    @Slot()
    def _show_selected_plan(self) -> None:
        self._show_details()

    def _show_details(self) -> None:
        """The details pane: the selected plan's, else the near misses, else why no plan fits. Written while the
        Plans tab is in front, else when it is shown (a result arriving with the charts in front costs them alone)."""
        result = self.last_result
        if result is None or self._details_next_turn:
            return
        if self.tabs.currentIndex() != PLANS_TAB:
            self._details_stale = True
            return
        self._details_stale = False
        plan = self.selected_plan()
        if plan is not None:
            self._write_details(plan_html(plan, result.currency))
        elif result.best is None and result.near_misses:
            self._write_details(near_misses_html(result))
        elif result.best is None:
            self._write_details(no_plan_html(result))
        else:  # plans, none selected: the pane says so, as Print does, instead of keeping the last plan
            self._write_details(html.escape(self.tr("Select a plan to see its details.")))

    def _write_details(self, text: str) -> None:
        """Show this HTML in the details pane, unless it shows it already: laying it out again costs the GUI thread
        about 9 ms a result (a budget or limit the best plan meets anyway leaves its details as they were) and
        scrolls the pane back to its top under the reader."""
        if text != self._details_html:
            self._details_html = text
            replace_html(self.details, text)

    @Slot(QUrl)
    def _follow_next_step(self, url: QUrl) -> None:
        """A 'what would work instead' link: rent instead, plan on a GPU the buyer may buy, or import a quote; the
        first two are wizard edits (undoable, and planned at once)."""
        action, _, gpu = url.toString().removeprefix("next:").partition(":")
        page = self.wizard.deployment_page
        if action == "rent":
            page.deployment.setCurrentIndex(page.deployment.findData("cloud"))
        elif action == "gpu" and page.gpu.findData(gpu) >= 0:
            page.gpu.setCurrentIndex(page.gpu.findData(gpu))
        elif action == "quote":
            self.import_quote()

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
        # As large as its table (it sat in the corner of a fixed 760 x 420 dialog), within the screen.
        browser.document().adjustSize()
        wanted = browser.document().size().toSize() + QSize(48, 48)
        resize_within_screen(dialog, max(wanted.width(), 360), wanted.height(), self)
        dialog.open()
        self.compare_dialog = dialog

    # --- spec sheet ------------------------------------------------------------------------------------------
    def selected_plan(self) -> Plan | None:
        rows = self.plans_view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.plans_model.plan_at(self.plans_proxy.mapToSource(rows[0]).row())

    def show_message(self, text: str) -> None:
        self.status.setText(text)

    def fit_to_screen(self) -> None:
        """Never larger than the screen it opens on (at 200 % scaling a 1600 x 900 screen is 800 x 450), its frame
        included: at 1366 x 768 the title bar pushed the status bar with Cancel below the screen. Before the window
        is shown its frame is not known: the style's title-bar height stands in for it."""
        screen = self.screen()
        if screen is None:
            return
        room = screen.availableGeometry()
        if self.isVisible():
            outer, inner = self.frameGeometry(), self.geometry()
            frame_w, frame_h = outer.width() - inner.width(), outer.height() - inner.height()
        else:
            border = 2 * self.style().pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth)
            frame_w, frame_h = border, border + self.style().pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight)
        width, height = min(self.width(), room.width() - frame_w), min(self.height(), room.height() - frame_h)
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)
            self.move(room.topLeft())

    @Slot()
    def show_help(self) -> None:
        from gpuplanner.ui.help import HelpDialog, focused_field

        self.help_dialog = HelpDialog(self, focused_field())
        self.help_dialog.open()

    @Slot()
    def open_calibration(self) -> None:
        """Tools → Calibrate…: the user's runs fitted and shown before anything is stored."""
        from gpuplanner.ui.calibrate_dialog import CalibrateDialog

        self.calibrate_dialog = CalibrateDialog(self.catalog, self.calibration, self)
        self.calibrate_dialog.changed.connect(self.use_calibration)
        self.calibrate_dialog.finished.connect(lambda _result: self.calibrate_dialog.deleteLater())
        self.calibrate_dialog.open()

    def use_calibration(self, calibration: Calibration) -> None:
        """Plan with this calibration from now on (the user's applied, or the published one after a reset)."""
        self.calibration = calibration
        self.recompute()

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
        self.session_writer.flush()
        self.stop_quote_import()
        super().closeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        self.fit_to_screen()
        super().showEvent(event)

    def start(self) -> None:
        """Compute the first result; build the charts (pyqtgraph's import and the plots: about 150 ms of the GUI
        thread) once it is shown, or when their tab is opened first: built before, they held back the window's
        first paint (a zero timer runs before the window is exposed), and built meanwhile, the first result."""
        self.result_shown.connect(self._charts_after_first_result, Qt.ConnectionType.SingleShotConnection)
        QTimer.singleShot(0, self, self.recompute)  # dropped by Qt if the window goes first

    @Slot()
    def _charts_after_first_result(self) -> None:
        QTimer.singleShot(0, self, self.ensure_charts)  # after the result's own repaint; dropped if the window goes
