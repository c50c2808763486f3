"""What the main window's parts (documents, exports, the catalog tab, planning) reach on the window they are mixed
into, declared once for the type checker: each part is a plain class at run time and a QMainWindow with these
attributes when checked, so a misspelt or retyped attribute is caught in the part that uses it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from PySide6.QtCore import QSortFilterProxyModel, Signal
    from PySide6.QtGui import QAction, QUndoStack
    from PySide6.QtWidgets import (
        QLabel,
        QMainWindow,
        QMenu,
        QProgressBar,
        QPushButton,
        QTableView,
        QTabWidget,
        QTextBrowser,
    )

    from gpuplanner.calibration.record import Calibration
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.results.results import Plan, PlanResult
    from gpuplanner.core.scenario.scenario import ScenarioDocument
    from gpuplanner.service import EstimateReuse
    from gpuplanner.ui.charts import ChartPanel
    from gpuplanner.ui.notices import NoticeBar
    from gpuplanner.ui.plans_model import PlansTableModel
    from gpuplanner.ui.session_writer import SessionWriter
    from gpuplanner.ui.settings import AppSettings
    from gpuplanner.ui.widgets import ContentSizedColumns
    from gpuplanner.ui.wizard import ScenarioWizard
    from gpuplanner.ui.worker import Debouncer, LatestJobRunner

    class WindowParts(QMainWindow):
        """The main window as its parts see it (gpuplanner.ui.main_window.MainWindow builds all of it)."""

        result_shown: ClassVar[Signal]
        catalog: Catalog
        settings: AppSettings
        current_path: str | None
        recovered: bool
        undo_stack: QUndoStack
        _applying: bool
        _snapshot: ScenarioDocument
        last_result: PlanResult | None
        result_scenario: ScenarioDocument | None
        _submitted: ScenarioDocument | None
        last_error: str | None
        edit_started: float | None
        plan_notice: str  # what led to the next plan (an import), said with that plan's status until its result
        _job_notice: str
        _focus_answer: bool
        _details_next_turn: bool
        last_edit_to_result_s: float | None
        runner: LatestJobRunner
        session_writer: SessionWriter
        estimate_reuse: EstimateReuse
        calibration: Calibration  # what plans run on: the user's stored calibration, or the published one
        debouncer: Debouncer
        wizard: ScenarioWizard
        tabs: QTabWidget
        charts: ChartPanel | None
        notices: NoticeBar
        progress: QProgressBar
        cancel_button: QPushButton
        plans_model: PlansTableModel
        plans_proxy: QSortFilterProxyModel
        plans_view: QTableView
        plans_columns: ContentSizedColumns
        details: QTextBrowser
        pdf_button: QPushButton
        preview_button: QPushButton
        example_banner: QLabel
        stale_banner: QLabel
        recent_menu: QMenu
        sheet_actions: list[QAction]

        def show_message(self, text: str) -> None: ...
        def replan_after(self, notice: str) -> None: ...
        def selected_plan(self) -> Plan | None: ...
        def ensure_charts(self) -> None: ...
        def _update_charts(self, force: bool = False) -> None: ...
        def _show_details(self) -> None: ...
        def fit_to_screen(self) -> None: ...
        def autosave(self) -> None: ...
        def autosave_soon(self) -> None: ...
        @staticmethod
        def write_atomically(path: str, data: bytes, *, sync_folder: bool = True) -> str | None: ...
        def results_are_current(self) -> bool: ...
        def _apply_scenario(self, data: ScenarioDocument) -> None: ...
else:
    WindowParts = object
