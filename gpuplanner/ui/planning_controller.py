"""The window's planning: each edit schedules a background job, the latest result is shown, failures mark the
field they name. A mixin of MainWindow."""

from __future__ import annotations

import time

from PySide6.QtCore import (
    QItemSelectionModel,
    QTimer,
    Slot,
)
from PySide6.QtWidgets import (
    QWidget,
)
from shiboken6 import isValid

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import Calibration
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.results.results import PlanResult
from gpuplanner.core.scenario.scenario import ScenarioDocument
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import translated
from gpuplanner.service import EstimateReuse, plan_for_scenario, scenario_from_data
from gpuplanner.ui.dialogs import warn
from gpuplanner.ui.document import ScenarioEdit, edit_inputs_text
from gpuplanner.ui.widgets import mark_invalid
from gpuplanner.ui.window_parts import WindowParts
from gpuplanner.ui.worker import JobControl, after_repaint

PLANS_SHOWN = 8  # plans ranked and shown; the rest are counted


def run_planning(data: ScenarioDocument, catalog: Catalog, control: JobControl,
                 reuse: EstimateReuse | None = None, calibration: Calibration = PUBLISHED) -> PlanResult:
    """The background job: plan the scenario on the window's catalog (it opens a SQLite connection per read, so
    a pool thread may use it), reusing the last plan's estimates where only goals, limits or prices changed (the
    jobs run one at a time, so `reuse` is never used by two at once), on the window's calibration."""
    return plan_for_scenario(data, catalog, top=PLANS_SHOWN, progress=control.progress, reuse=reuse,
                             calibration=calibration)


class PlanningController(WindowParts):
    """Edits in, plans out: the job runner driven from the wizard."""

    plan_notice = ""  # said beside the status of the next plan submitted
    _job_notice = ""  # ... and, once it is submitted, of that plan until its result

    def replan_after(self, notice: str) -> None:
        """Plan again after a change outside the wizard (a quote imported), saying `notice` beside the status of
        that plan until its result is shown: the plan starts at once and its status would hide it."""
        self.plan_notice = notice
        self.show_message(notice)
        self.debouncer.poke()

    def _planning_status(self, text: str, *, last: bool = False) -> None:
        self.show_message(f"{self._job_notice} {text}" if self._job_notice else text)
        if last:
            self._job_notice = ""

    # --- computing ---------------------------------------------------------------------------------------
    @Slot()
    def _on_edited(self) -> None:
        if not self._applying:
            scenario = self.wizard.scenario()
            if scenario != self._snapshot:
                self.example_banner.setVisible(False)  # the inputs are the user's now
                self.undo_stack.push(ScenarioEdit(self._snapshot, scenario, self._apply_scenario,
                                                  edit_inputs_text()))
                self._snapshot = scenario
        if self.edit_started is None:
            self.edit_started = time.perf_counter()
        if self.last_result is not None:
            self._set_result_state("updating")
        self.debouncer.poke()

    def _close_edit_step(self, *_focus: object) -> None:
        """The keyboard left a field: the next edit of it starts an undo step of its own."""
        index = self.undo_stack.index()
        step = self.undo_stack.command(index - 1) if index else None
        if isinstance(step, ScenarioEdit):
            step.closed = True

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
        """Finish: plan now, and put the keyboard on the answer when it arrives."""
        self.tabs.setCurrentIndex(0)
        self.debouncer.stop()
        self._focus_answer = True
        self.recompute()

    @Slot()
    def recompute(self) -> None:
        """Plan the inputs on screen in the background, and keep them (autosave) while the plan runs, the file
        written on a thread of its own: neither the plan nor the window waits for the disk."""
        self._submit(self.wizard.scenario())
        self.autosave_soon()

    def _submit(self, data: ScenarioDocument) -> None:
        """Start planning `data`, or mark the field that keeps it from being planned."""
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
        catalog, reuse, calibration = self.catalog, self.estimate_reuse, self.calibration
        self.runner.submit(lambda control: run_planning(data, catalog, control, reuse, calibration))
        self._job_notice, self.plan_notice = self.plan_notice or self._job_notice, ""
        self._planning_status(self.tr("Estimating…"))

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
        """Show the result: the table and the status now, their repaint in the next turn of the event loop, the
        details pane (its layout) or the charts, whichever tab is in front, in the turn after that (_details_shown),
        so that the window answers input between the three; the result counts as shown once all are. (Written ahead of
        the repaint, in its turn, the details and the repaint held the GUI thread 11 ms of CPU together, the charts
        and theirs 17; in turns of their own, the longest turn is about 6 and 8 ms: 70B plans, offscreen.)"""
        assert isinstance(result, PlanResult)
        self._details_next_turn = True
        self.last_result = result
        self.result_scenario = self._submitted
        self.last_error = None
        self.plans_model.set_plans(result.plans, result.currency)
        if result.plans:  # each result's names and figures fit their columns; a column the user dragged stays
            self.plans_columns.fit(changed_only=True)
        if result.best is not None:
            first = self.plans_proxy.index(0, 0)
            self.plans_view.selectionModel().select(
                first, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
            best = result.best
            summary = (fill(self.tr("1 plan evaluated: %1 × %2"), str(best.count), translated(best.gpu_name))
                       if result.evaluated == 1 else
                       fill(self.tr("%1 plans evaluated; best: %2 × %3"), str(result.evaluated), str(best.count),
                            translated(best.gpu_name)))
            self._planning_status(summary if not result.note else translated(result.note), last=True)
        elif result.near_misses:
            self._planning_status(translated(result.note or ""), last=True)
        else:
            self._planning_status(self.tr("No plan fits."), last=True)
        self._set_result_state("current" if self.result_scenario == self.wizard.scenario() else "updating")
        if self._focus_answer:
            self._focus_answer = False
            (self.plans_view if result.plans else self.details).setFocus()
        after_repaint(before=self._details_next)

    def _details_next(self) -> None:
        """The table painted: the details in a turn of their own, unless the window was deleted meanwhile (closed
        while its result waited for the repaint: the keeper of that turn outlives it)."""
        if isValid(self):
            QTimer.singleShot(0, self, self._details_shown)  # dropped by Qt if the window goes first

    @Slot()
    def _details_shown(self) -> None:
        """The charts and the details of the result just shown (the selected plan's, the near misses or why no plan
        fits), each drawn where its tab is in front, then the result counts as shown."""
        self._details_next_turn = False
        self._update_charts()
        self._show_details()
        if self.edit_started is not None:
            self.last_edit_to_result_s = time.perf_counter() - self.edit_started
            self.edit_started = None
        self.result_shown.emit()

    def results_are_current(self) -> bool:
        """The plans on screen were computed for exactly the inputs on screen, their details written."""
        return self.last_result is not None and not self._details_next_turn \
            and self.result_scenario == self.wizard.scenario()

    def _set_result_state(self, state: str) -> None:
        """Say whether the plans shown answer the current inputs; print and PDF only when they do."""
        texts = {
            "updating": self.tr("Updating for your latest edit… The plans below are for your earlier inputs."),
            "invalid": self.tr("Not updated: check the highlighted field. The plans below are for your earlier "
                               "inputs and cannot be printed until the inputs are valid."),
            "cancelled": self.tr("Not updated: the estimate was cancelled. The plans below are for your earlier "
                                 "inputs; View > Plan again (F5) plans the current ones."),
            "failed": self.tr("Not updated: the estimate failed. The plans below are for your earlier inputs."),
        }
        stale = state in texts and self.last_result is not None
        if stale or not self.stale_banner.text():
            # Hidden, it keeps its last text (at first the one an edit shows), and so the room kept for it: the plans
            # below it stay where they are from an edit to its result, not laid out and repainted twice an edit.
            self.stale_banner.setText(texts[state if stale else "updating"])
        self.stale_banner.setVisible(stale)
        printable = state == "current" and self.last_result is not None and bool(self.last_result.plans)
        for button in (self.pdf_button, self.preview_button):
            button.setEnabled(printable)
        for action in self.sheet_actions:
            action.setEnabled(printable)

    @Slot(int)
    def _on_cancelled(self, _job_id: int) -> None:
        self.edit_started = None
        self._planning_status(self.tr("Estimate cancelled; the plans shown were not updated (F5 plans again)."),
                              last=True)
        self._set_result_state("cancelled")

    @Slot(int, str, str)
    def _on_failure(self, _job_id: int, field: str, message: str) -> None:
        self.last_error = message
        self.edit_started = None
        if field:  # the user's input: mark the field
            self._show_input_error(field, message)
            return
        self._planning_status(fill(self.tr("The estimate failed: %1"), message), last=True)
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

