"""The desktop app driven as a person would, offscreen: wizard, plans, charts, worker, files, catalog edits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtWidgets import QApplication

from gpuplanner.catalog.store import Catalog
from gpuplanner.ui.catalog_model import CatalogTableModel
from gpuplanner.ui.main_window import MainWindow
from gpuplanner.ui.plans_model import PlansTableModel
from gpuplanner.ui.settings import AppSettings
from gpuplanner.ui.wizard import PageId
from gpuplanner.ui.worker import JobControl, LatestJobRunner
from tests.conftest import compute, run_cli

RESULT_TIMEOUT_MS = 60_000


@pytest.fixture
def warnings_shown(message_boxes):
    """(title, text) of every message box shown, in order."""
    return _TitlesAndTexts(message_boxes)


class _TitlesAndTexts:
    def __init__(self, boxes) -> None:
        self.boxes = boxes

    def __bool__(self) -> bool:
        return bool(self.boxes.shown)

    def __getitem__(self, index):
        title, text, _ = self.boxes.shown[index]
        return title, text


@pytest.fixture
def window(qtbot, private_user_data, warnings_shown):
    main = MainWindow(Catalog(), AppSettings())
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    yield main
    main.close()


class RepaintOrder(QObject):
    """An event filter that appends 'repaint' to `order` at the first window repaint (UpdateRequest) it sees."""

    def __init__(self, order: list[str]) -> None:
        super().__init__()
        self.order = order

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.UpdateRequest and "repaint" not in self.order:
            self.order.append("repaint")
        return False


def wait_result(qtbot, window) -> dict:
    """The next result shown that answers the inputs on screen: an edit is planned at once, so a plan of the inputs
    before it (a load's, say, beside a recompute asked for by hand) can be shown first."""
    with qtbot.waitSignal(window.result_shown, timeout=RESULT_TIMEOUT_MS):
        pass
    qtbot.waitUntil(window.results_are_current, timeout=RESULT_TIMEOUT_MS)
    assert window.last_result is not None
    return window.last_result


def test_next_next_finish_gives_a_ranked_plan(qtbot, window) -> None:
    wizard = window.wizard
    for _ in range(4):
        qtbot.mouseClick(wizard.button(wizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)
    assert wizard.currentId() == PageId.BUDGET
    with qtbot.waitSignal(window.result_shown, timeout=RESULT_TIMEOUT_MS):
        qtbot.mouseClick(wizard.button(wizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert wizard.isVisible()  # Finish computes; the wizard stays with its inputs
    assert window.plans_proxy.rowCount() >= 1
    assert "×" in window.details.toPlainText()
    assert window.tabs.currentIndex() == 0


def test_typed_values_reach_the_plans_and_back_keeps_them(qtbot, window) -> None:
    wizard = window.wizard
    lora = wizard.task_page.buttons["lora"]
    qtbot.mouseClick(lora, Qt.MouseButton.LeftButton, pos=QPoint(8, lora.height() // 2))  # on the indicator
    wizard.next()
    model_page = wizard.model_page
    model_page.preset.setCurrentIndex(model_page.preset.findData("llama-2-13b"))
    model_page.seq_len.setValue(2048)
    model_page.tokens_b.setValue(0.5)
    wizard.next()
    wizard.back()
    assert model_page.seq_len.value() == 2048  # Back keeps what was typed
    deployment = wizard.deployment_page
    deployment.deployment.setCurrentIndex(deployment.deployment.findData("on-prem"))
    result = wait_result(qtbot, window)
    assert all(plan.deployment == "on-prem" for plan in result.plans)
    assert result.plans[0].task == "lora"
    assert window.wizard.scenario()["training"]["lora_rank"] == 16


def test_qlora_starts_with_its_recipes_paged_optimizer(qtbot, window) -> None:
    """Picking QLoRA checks "Paged optimizer" (its recipe); LoRA unchecks it; an opened file keeps its own value."""
    wizard = window.wizard
    for task, paged in (("qlora", True), ("lora", False), ("qlora", True)):
        button = wizard.task_page.buttons[task]
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))
        assert wizard.precision_page.paged.isChecked() is paged
        assert wizard.scenario()["training"]["paged_optimizer"] is paged
    wizard.load_scenario({"task": "qlora", "model": {"preset": "llama-2-7b"}})
    assert wizard.precision_page.paged.isChecked()  # the parser's default for qlora, shown
    wizard.load_scenario({"task": "qlora", "model": {"preset": "llama-2-7b"},
                          "training": {"paged_optimizer": False}})
    assert not wizard.precision_page.paged.isChecked()  # what the file says


def test_lora_dropout_is_shown_for_adapters_saved_and_marked_when_out_of_range(qtbot, window) -> None:
    """The LoRA dropout row appears for LoRA and QLoRA only; a value typed there reaches the scenario (and the
    activations: each adapted matrix keeps a dropped copy and a mask); 0 leaves the key out; a file's value out of
    range is marked on its box, not clamped."""
    wizard = window.wizard
    page = wizard.precision_page
    for task, shown in (("pretrain", False), ("qlora", True), ("lora", True)):
        button = wizard.task_page.buttons[task]
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))
        assert page.layout().isRowVisible(page.lora_dropout) is shown, task
    wizard.load_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "seq_len": 2048,
                          "hardware": {"gpu": "a100-sxm4-80gb", "count": 1},
                          "parallelism": {"tp": 1, "pp": 1, "dp": 1},
                          "training": {"micro_batch": 1, "recompute": "none", "zero": 0}})
    window.recompute()
    before = wait_result(qtbot, window).plans[0].estimate.memory_gib_per_gpu.activations
    page.lora_dropout.setValue(0.1)
    assert wizard.scenario()["training"]["lora_dropout"] == pytest.approx(0.1)
    assert wait_result(qtbot, window).plans[0].estimate.memory_gib_per_gpu.activations > before
    page.lora_dropout.setValue(0.0)
    assert "lora_dropout" not in wizard.scenario()["training"]
    wizard.load_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"lora_dropout": 0.05}})
    assert page.lora_dropout.value() == pytest.approx(0.05)
    page.lora_dropout.lineEdit().setText("0.95")
    window.debouncer.stop()
    window.recompute()
    assert page.lora_dropout.property("invalid") is True


def test_invalid_field_is_marked_in_place(qtbot, window) -> None:
    model_page = window.wizard.model_page
    model_page.preset.setCurrentIndex(model_page.preset.findData("custom"))
    model_page.heads.setValue(7)  # 4096 / 7 is not whole
    window.debouncer.stop()
    window.recompute()
    assert model_page.heads.property("invalid") is True
    assert "heads" in model_page.heads.toolTip()
    assert "page 2" in window.status.text() or "highlighted" in window.status.text()
    model_page.heads.setValue(32)
    assert model_page.heads.property("invalid") is False


# The pause that ends a burst, in the tests that send one: long enough that a loaded machine's slowness between two
# keys is never taken for the typist's pause.
BURST_PAUSE_MS = 2_000


def count_jobs(window) -> list[object]:
    """The jobs the window hands its runner, from now on."""
    submitted: list[object] = []
    original = window.runner.submit
    window.runner.submit = lambda fn: submitted.append(fn) or original(fn)  # type: ignore[method-assign]
    return submitted


def test_a_whole_value_is_planned_at_once_and_one_pass_of_edits_is_one_job(qtbot, window) -> None:
    """A value set whole (a pick, a step) is planned on the event loop's next pass, not after the typing pause;
    the edits of one pass (a preset filling several fields) are still one job, for the last values."""
    compute(qtbot, window)  # the first plan, of the defaults
    submitted = count_jobs(window)
    seq = window.wizard.model_page.seq_len
    for value in (1024, 2048, 3072, 4096, 8192):
        seq.setValue(value)
    assert not submitted
    QApplication.processEvents()  # one pass: no pause waited for
    assert len(submitted) == 1
    assert wait_result(qtbot, window) is window.last_result and window.result_scenario["seq_len"] == 8192
    assert window.results_are_current() and not window.stale_banner.isVisible()
    assert len(submitted) == 1


def test_a_step_is_decided_before_the_repaint_and_its_plan_starts_after_it(qtbot, window) -> None:
    """An arrow key's step is decided as soon as the key's event is handled, ahead of the window's repaint (a
    low-priority event), so that one repaint shows the new value and the plan's status; the plan itself starts once
    the window has painted them. Started at once, it held the interpreter lock while the window painted, and each of
    the paint's calls into Python (style hooks, event filters, slots) waited for it."""
    compute(qtbot, window)
    box = window.wizard.model_page.seq_len
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    QApplication.processEvents()  # nothing left to paint from before the key
    submitted = count_jobs(window)
    order: list[str] = []

    repaints = RepaintOrder(order)
    QApplication.instance().installEventFilter(repaints)
    window.debouncer.triggered.connect(lambda: order.append("planned"))
    window.runner.started.connect(lambda _job: order.append("started"))
    try:
        qtbot.keyClick(box, Qt.Key.Key_Up)
        qtbot.waitUntil(lambda: "started" in order, timeout=RESULT_TIMEOUT_MS)
    finally:
        QApplication.instance().removeEventFilter(repaints)
    assert order == ["planned", "repaint", "started"] and len(submitted) == 1
    wait_result(qtbot, window)


def test_a_burst_of_typing_is_one_job_for_the_final_text(qtbot, window) -> None:
    """Typed digits, the event loop running between the keys, are planned once, after the last one; until that
    plan arrives the plans on screen are marked as earlier inputs', never as the answer; the field's edit is one
    undo step, planned at once when undone."""
    compute(qtbot, window)
    window.activateWindow()
    box = window.wizard.model_page.seq_len
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    box.selectAll()
    window.debouncer.delay_ms = BURST_PAUSE_MS
    submitted = count_jobs(window)
    shown: list[tuple[int, bool, bool]] = []  # each result shown: its sequence length, current, banner shown
    window.result_shown.connect(lambda: shown.append((window.result_scenario["seq_len"],
                                                      window.results_are_current(),
                                                      window.stale_banner.isVisible())))
    for key in "3072":
        qtbot.keyClick(box, key)
        QApplication.processEvents()  # a pass of the event loop between keys, as a person's typing gives it
        assert not submitted  # nothing planned from "3", "30", "307"
        assert window.stale_banner.isVisible() and "Updating" in window.stale_banner.text()
    with qtbot.waitSignal(window.debouncer.triggered, timeout=3 * BURST_PAUSE_MS):
        pass
    wait_result(qtbot, window)
    assert len(submitted) == 1
    assert shown == [(3072, True, False)]
    assert box.value() == 3072 and window.last_result.plans
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert box.value() == 4096  # the four keys were one step
    QApplication.processEvents()
    assert len(submitted) == 2  # an undo is a whole value: planned at once
    wait_result(qtbot, window)
    assert shown[-1] == (4096, True, False)


def test_a_held_arrow_key_is_planned_at_its_first_step_and_once_after_it(qtbot, window) -> None:
    """A held arrow key steps a field about every 30 to 75 ms: the first step is planned at once, the others in
    one job when the steps stop, so the plans shown at the end are the last value's, and current."""
    compute(qtbot, window)
    box = window.wizard.deployment_page.rack_kw
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    window.debouncer.delay_ms = BURST_PAUSE_MS
    submitted = count_jobs(window)
    start = box.value()
    for _ in range(6):
        qtbot.keyClick(box, Qt.Key.Key_Up)
        QApplication.processEvents()
    assert len(submitted) == 1
    qtbot.waitUntil(lambda: len(submitted) == 2, timeout=3 * BURST_PAUSE_MS)
    qtbot.waitUntil(window.results_are_current, timeout=RESULT_TIMEOUT_MS)
    assert box.value() > start and window.result_scenario == window.wizard.scenario()
    assert len(submitted) == 2


def test_a_key_pressed_once_the_answer_is_shown_is_planned_at_once(qtbot, window) -> None:
    """A burst is the steps that come before their answer can be shown: a key pressed after the answer is on screen,
    however soon, is a new edit and planned at once (it waited out the burst's pause, 100 ms, after a ranking-only
    plan shown in about 60 ms); steps while a plan runs still wait for the pause."""
    compute(qtbot, window)
    box = window.wizard.budget_page.deadline
    window.debouncer.delay_ms = BURST_PAUSE_MS
    submitted = count_jobs(window)
    qtbot.keyClick(box, Qt.Key.Key_Up)
    QApplication.processEvents()
    assert len(submitted) == 1
    wait_result(qtbot, window)  # well within the pause
    qtbot.keyClick(box, Qt.Key.Key_Up)
    QApplication.processEvents()
    assert len(submitted) == 2  # not held back for the pause
    qtbot.keyClick(box, Qt.Key.Key_Up)  # while that plan runs: one of a burst
    QApplication.processEvents()
    assert len(submitted) == 2
    qtbot.waitUntil(lambda: len(submitted) == 3, timeout=3 * BURST_PAUSE_MS)
    qtbot.waitUntil(window.results_are_current, timeout=RESULT_TIMEOUT_MS)
    assert window.result_scenario == window.wizard.scenario()


def test_the_plans_stay_in_place_from_an_edit_to_its_answer(qtbot, window) -> None:
    """The stale banner's room is kept while it is hidden; emptied as it hid, its room shrank to an empty label's, so
    every edit moved the table and the details down and back, laying out and repainting both while the plan ran."""
    compute(qtbot, window)

    def where() -> tuple[object, object]:
        return (window.plans_view.mapTo(window, window.plans_view.rect().topLeft()), window.details.geometry())

    before = where()
    moves: list[tuple[object, object]] = []
    window.result_shown.connect(lambda: moves.append(where()))
    qtbot.keyClick(window.wizard.model_page.seq_len, Qt.Key.Key_Up)
    QApplication.processEvents()
    assert window.stale_banner.isVisible()
    moves.append(where())
    wait_result(qtbot, window)
    QApplication.processEvents()
    assert not window.stale_banner.isVisible()
    assert moves == [before, before]
    assert where() == before


def test_only_the_columns_whose_texts_changed_are_sized_again(qtbot, window) -> None:
    """A new result sizes again only the columns whose texts measure differently (sizing one asks the model for
    every role of every cell); the widths are those of sizing them all."""
    compute(qtbot, window)
    header = window.plans_view.horizontalHeader()
    results = []
    for edit in range(3):
        window.wizard.model_page.seq_len.setValue(window.wizard.model_page.seq_len.value() + 1024 * (edit + 1))
        results.append(wait_result(qtbot, window))
    resized: list[int] = []
    header.sectionResized.connect(lambda column, _old, _new: resized.append(column))
    for result in (*results, results[0]):
        window._on_result(0, result)
        incremental = [header.sectionSize(column) for column in range(header.count())]
        window.plans_columns.fit()
        assert [header.sectionSize(column) for column in range(header.count())] == incremental
    resized.clear()
    window._on_result(0, results[0])  # the same texts again: no column sized
    assert resized == []
    window.plans_filter.setText(results[0].plans[-1].gpu_name)  # some rows filtered out: the rows shown are measured
    assert 0 < window.plans_proxy.rowCount() < window.plans_model.rowCount()
    window._on_result(0, results[1])
    incremental = [header.sectionSize(column) for column in range(header.count())]
    window.plans_columns.fit()
    assert [header.sectionSize(column) for column in range(header.count())] == incremental
    QApplication.processEvents()


def test_new_details_are_laid_out_at_the_width_they_are_shown_at(qtbot, window) -> None:
    """Another plan's details replace the pane's text without the pane's scroll bar going and coming back (which
    laid the text out twice, at two widths); a short text still hides the bar."""
    window.resize(1280, 720)
    compute(qtbot, window)
    window.tabs.setCurrentIndex(0)
    window.plans_view.selectRow(0)
    bar = window.details.verticalScrollBar()
    qtbot.waitUntil(bar.isVisible)
    resizes: list[int] = []

    class Resizes(QObject):
        def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Resize:
                resizes.append(window.details.viewport().width())
            return False

    counter = Resizes()
    window.details.viewport().installEventFilter(counter)
    window.plans_view.selectRow(1)
    QApplication.processEvents()
    assert window.last_result.plans[1].gpu_name in window.details.toPlainText()
    assert resizes == [] and bar.isVisible()
    window.plans_view.clearSelection()
    QApplication.processEvents()
    assert window.details.toPlainText() == "Select a plan to see its details." and not bar.isVisible()
    window.details.viewport().removeEventFilter(counter)


def test_a_result_with_the_same_details_leaves_the_pane_and_its_scroll_as_they_were(qtbot, window) -> None:
    """A budget the best plan fits anyway gives the same details: the pane is not laid out again (about 9 ms of the
    GUI thread) nor scrolled back to its top under the reader; a plan that changes is written."""
    compute(qtbot, window)
    window.tabs.setCurrentIndex(0)
    shown = window.details.toHtml()
    bar = window.details.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    bar.setValue(bar.maximum() // 2)  # the reader halfway down
    at = bar.value()
    window.wizard.budget_page.budget.setValue(1e12)
    qtbot.waitUntil(window.results_are_current, timeout=RESULT_TIMEOUT_MS)
    assert window.details.toHtml() == shown and bar.value() == at
    window.wizard.model_page.seq_len.setValue(8192)
    qtbot.waitUntil(window.results_are_current, timeout=RESULT_TIMEOUT_MS)
    assert window.details.toHtml() != shown and bar.value() == 0
    assert str(window.last_result.best.count) in window.details.toPlainText()


def test_progress_reaches_the_gui_thread_a_few_times_a_second_and_a_cancel_at_once() -> None:
    """A 70B plan reported about 50 times in 250 ms, each report a call the GUI thread made: the first and the last
    report go through, the others at most every PROGRESS_INTERVAL_S; a cancel is heard at the very next report."""
    reports: list[tuple[int, int]] = []
    control = JobControl(1, lambda _job, done, total: reports.append((done, total)))
    assert all(control.progress(done, 2000) for done in range(2000))
    assert control.progress(2000, 2000)
    assert reports[0] == (0, 2000) and reports[-1] == (2000, 2000)
    assert len(reports) < 100
    control.cancel()
    assert control.progress(2001, 4000) is False


def test_stale_results_are_dropped(qtbot) -> None:
    runner = LatestJobRunner()
    results = []
    runner.finished.connect(lambda job_id, result: results.append((job_id, result)))
    first = runner.submit(lambda control: "old")
    second = runner.submit(lambda control: "new")
    with qtbot.waitSignal(runner.finished, timeout=5000):
        pass
    assert runner.wait(5000)
    qtbot.wait(50)
    assert results == [(second, "new")] and first != second


def test_a_job_starts_after_the_events_queued_before_it_and_one_superseded_meanwhile_never_runs(qtbot) -> None:
    """Nothing starts within submit: a job waits for the GUI thread to handle what was queued before it (a window's
    repaint), so a job submitted again before that (the next key of a held arrow) replaces it without its ever
    running; wait() runs a job that has not started yet."""
    runner = LatestJobRunner()
    ran: list[str] = []
    started: list[int] = []
    runner.started.connect(started.append)
    runner.submit(lambda control: ran.append("superseded"))
    newest = runner.submit(lambda control: ran.append("newest") or "newest")
    assert not ran and not started
    with qtbot.waitSignal(runner.finished, timeout=5000) as finished:
        pass
    assert finished.args == [newest, "newest"] and ran == ["newest"] and started == [newest]
    closing = runner.submit(lambda control: ran.append("closing"))
    assert runner.wait(5000) and ran[-1] == "closing" and started[-1] == closing


def test_a_job_the_gui_thread_never_lets_through_begins_after_the_limit(monkeypatch) -> None:
    """A job waits for the GUI thread's next turn only so long: with no event loop to let it through (a runner torn
    down without wait()), it begins after START_WAIT_LIMIT_S instead of holding its pool thread for ever."""
    import threading

    import gpuplanner.ui.worker as worker_module

    monkeypatch.setattr(worker_module, "START_WAIT_LIMIT_S", 0.05)
    runner = LatestJobRunner()
    began = threading.Event()
    runner.submit(lambda control: began.set())
    assert began.wait(5)  # no Qt event was processed
    assert runner.wait(5000)


def test_worker_exception_reaches_the_user_and_the_app_stays_usable(qtbot, window, monkeypatch,
                                                                     warnings_shown) -> None:
    import gpuplanner.ui.planning_controller as planning_module

    def broken(_data, _catalog, _control, _reuse=None, _calibration=None):
        raise RuntimeError("simulated fault")

    monkeypatch.setattr(planning_module, "run_planning", broken)
    with qtbot.waitSignal(window.runner.failed, timeout=RESULT_TIMEOUT_MS):
        window.recompute()
    assert "simulated fault" in window.status.text()
    assert warnings_shown and "simulated fault" in warnings_shown[-1][1]
    monkeypatch.undo()
    assert compute(qtbot, window).plans


def test_input_error_found_in_the_worker_marks_the_field(qtbot, window, monkeypatch) -> None:
    import gpuplanner.ui.planning_controller as planning_module
    from gpuplanner.core.base.errors import InputError

    def refuses(_data, _catalog, _control, _reuse=None, _calibration=None):
        raise InputError("model.heads", "{heads} heads do not divide hidden size {hidden}", heads=7, hidden=4096)

    monkeypatch.setattr(planning_module, "run_planning", refuses)
    with qtbot.waitSignal(window.runner.failed, timeout=RESULT_TIMEOUT_MS) as blocker:
        window.recompute()
    assert blocker.args[1:] == ["model.heads", "7 heads do not divide hidden size 4096"]
    heads = window.wizard.model_page.heads
    assert heads.property("invalid") is True and "4096" in heads.toolTip()


def test_plans_model_obeys_the_qt_contract(qtmodeltester, window, qtbot) -> None:
    result = compute(qtbot, window)
    model = PlansTableModel()
    model.set_plans(result.plans, result.currency)
    qtmodeltester.check(model)
    catalog_model = CatalogTableModel([("id", "ID"), ("memory_gib", "Memory")])
    catalog_model.set_rows(Catalog().rows("gpus"))
    qtmodeltester.check(catalog_model)


def test_the_charts_wait_for_the_first_result_or_their_tab(qtbot, private_user_data, warnings_shown) -> None:
    """Starting, the window paints and computes before it builds the charts (pyqtgraph's import and the plots held
    back the first paint by about 150 ms); they are built once the first result is shown, or at once when their tab
    is opened before it."""
    main = MainWindow(Catalog(), AppSettings())
    qtbot.addWidget(main)
    main.show()
    main.start()
    qtbot.waitExposed(main)
    assert main.charts is None  # painted without them
    wait_result(qtbot, main)
    qtbot.waitUntil(lambda: main.charts is not None, timeout=10_000)
    main.close()

    early = MainWindow(Catalog(), AppSettings())
    qtbot.addWidget(early)
    early.show()
    qtbot.waitExposed(early)
    assert early.charts is None
    early.tabs.setCurrentWidget(early.charts_holder)
    assert early.charts is not None
    early.close()


def test_the_details_follow_a_result_that_arrived_behind_the_charts(qtbot, window) -> None:
    """A result that arrives with the Charts tab in front writes the details when the Plans tab is shown again:
    the pane then describes the plan selected in the new result, not the old one."""
    window.debouncer.stop()
    window.recompute()
    wait_result(qtbot, window)
    before = window.details.toPlainText()
    window.tabs.setCurrentWidget(window.charts_holder)
    window.wizard.model_page.preset.setCurrentIndex(window.wizard.model_page.preset.findData("llama-2-13b"))
    result = wait_result(qtbot, window)
    assert window.details.toPlainText() == before  # not written behind the charts
    window.tabs.setCurrentIndex(0)
    shown = window.details.toPlainText()
    best = result.plans[0]
    assert window.selected_plan() == best
    assert shown != before and shown.startswith(f"#1 {best.count} × {best.gpu_name}")


def test_charts_follow_the_results(qtbot, window) -> None:
    """Shown, the charts redraw with every result; hidden, a result costs the GUI thread the table alone and the
    charts are brought up to date when their tab is shown (or exported)."""
    window.start()
    wait_result(qtbot, window)
    window.tabs.setCurrentIndex(1)
    qtbot.waitUntil(lambda: window.charts is not None and window.charts.draw_count >= 1, timeout=10_000)
    before = window.charts.draw_count
    bars = window.charts.memory_bars[0]
    window.wizard.model_page.preset.setCurrentIndex(window.wizard.model_page.preset.findData("llama-2-13b"))
    wait_result(qtbot, window)
    assert window.charts.draw_count == before + 1
    assert bars is window.charts.memory_bars[0]  # updated in place, not re-plotted
    window.tabs.setCurrentIndex(0)
    window.wizard.model_page.preset.setCurrentIndex(window.wizard.model_page.preset.findData("llama-2-7b"))
    wait_result(qtbot, window)
    assert window.charts.draw_count == before + 1  # hidden: not drawn
    window.tabs.setCurrentIndex(1)
    assert window.charts.draw_count == before + 2  # shown: drawn from the newest result


def test_a_result_behind_the_charts_draws_them_a_turn_after_its_table(qtbot, window) -> None:
    """With the charts in front, a result's table is shown in one turn of the event loop and its charts drawn in the
    next (together they held the GUI thread 14-15 ms); until both are, the result does not count as current."""
    first = compute(qtbot, window)
    window.tabs.setCurrentIndex(1)
    qtbot.waitUntil(lambda: window.charts is not None and window.charts.draw_count >= 1, timeout=10_000)
    window.wizard.model_page.seq_len.setValue(2 * window.wizard.model_page.seq_len.value())
    second = wait_result(qtbot, window)
    drawn = window.charts.draw_count
    window._on_result(0, first)
    assert window.plans_model.plan_at(0) is first.plans[0] and window.charts.draw_count == drawn
    assert not window.results_are_current()
    with qtbot.waitSignal(window.result_shown, timeout=RESULT_TIMEOUT_MS):
        pass
    assert window.charts.draw_count == drawn + 1
    window._on_result(0, second)
    qtbot.waitUntil(window.results_are_current, timeout=RESULT_TIMEOUT_MS)
    assert window.charts.draw_count == drawn + 2


def test_a_result_is_shown_in_turns_its_table_painted_before_its_details_are_written(qtbot, window) -> None:
    """The table of a result arriving is painted in a turn of the event loop of its own, and the details pane is
    laid out in the next: written in the turn of the repaint, ahead of it, the two held the GUI thread 11 ms of CPU
    together (70B plans, offscreen). The result counts as current once its details are written."""
    first = compute(qtbot, window)
    window.wizard.model_page.seq_len.setValue(2 * window.wizard.model_page.seq_len.value())
    wait_result(qtbot, window)
    QApplication.processEvents()  # nothing left to paint from before
    order: list[str] = []

    write = window._write_details
    window._write_details = lambda text: (order.append("details"), write(text))  # type: ignore[method-assign]
    repaints = RepaintOrder(order)
    QApplication.instance().installEventFilter(repaints)
    try:
        window._on_result(0, first)
        assert not window.results_are_current()
        qtbot.waitUntil(window.results_are_current, timeout=RESULT_TIMEOUT_MS)
    finally:
        QApplication.instance().removeEventFilter(repaints)
    assert order[:2] == ["repaint", "details"]


def test_compare_two_plans(qtbot, window) -> None:
    compute(qtbot, window)
    selection = window.plans_view.selectionModel()
    window.plans_view.selectRow(0)
    from PySide6.QtCore import QItemSelectionModel

    selection.select(window.plans_proxy.index(1, 0),
                     QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows)
    window.compare_selected()
    assert window.compare_dialog.isVisible()
    from PySide6.QtWidgets import QTextBrowser

    text = window.compare_dialog.findChild(QTextBrowser).toPlainText()
    first, second = (window.plans_model.plan_at(window.plans_proxy.mapToSource(window.plans_proxy.index(r, 0)).row())
                     for r in (0, 1))
    for plan in (first, second):  # both plans side by side, with their own figures
        assert f"{plan.count} × {plan.gpu_name}" in text
    # The dialog is as large as its table (it sat in the corner of a fixed 760 x 420 dialog), all of it in view.
    from PySide6.QtGui import QTextDocument

    browser = window.compare_dialog.findChild(QTextBrowser)
    alone = QTextDocument()
    alone.setHtml(browser.toHtml())
    alone.adjustSize()
    assert window.compare_dialog.width() <= alone.idealWidth() + 80
    assert browser.verticalScrollBar().maximum() == 0 and browser.horizontalScrollBar().maximum() == 0
    window.compare_dialog.close()


def test_save_and_open_round_trip(qtbot, window, tmp_path: Path) -> None:
    window.wizard.model_page.seq_len.setValue(3072)
    path = tmp_path / "mine.json"
    assert window.save_to(str(path))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["seq_len"] == 3072
    assert run_cli("estimate", str(path)).returncode == 0  # same schema as the CLI
    window.wizard.model_page.seq_len.setValue(1024)
    assert window.load_file(str(path))
    assert window.wizard.model_page.seq_len.value() == 3072
    assert str(path) in window.settings.recent_files()


@pytest.mark.parametrize("content", [
    "{not json",
    json.dumps({"task": "pretrain", "model": {"preset": "llama-2-7b"}, "seq_len": "long"}),
    json.dumps({"task": "pretrain", "model": {"preset": "llama-2-7b"}, "seq_len": 10**30}),
    json.dumps({"task": "pretrain", "model": {"preset": "llama-2-7b"}, "evil": "<script>"}),
    json.dumps([1, 2, 3]),
    "HUGE",
])
def test_bad_scenario_files_are_refused_and_change_nothing(qtbot, window, tmp_path: Path, content: str,
                                                           warnings_shown) -> None:
    path = tmp_path / "bad.json"
    if content == "HUGE":
        path.write_text('{"task": "pretrain", "pad": "' + "x" * (50 << 20) + '"}', encoding="utf-8")
    else:
        path.write_text(content, encoding="utf-8")
    before = window.wizard.scenario()
    assert window.load_file(str(path)) is False
    assert window.wizard.scenario() == before
    assert warnings_shown and "was not loaded" in warnings_shown[-1][1]


def test_window_geometry_is_restored(qtbot, private_user_data, warnings_shown) -> None:
    first = MainWindow(Catalog(), AppSettings())
    qtbot.addWidget(first)
    first.show()
    qtbot.waitExposed(first)
    first.resize(first.minimumSizeHint().width() + 1, 500)
    saved_size = first.size()
    first.close()
    second = MainWindow(Catalog(), AppSettings())
    qtbot.addWidget(second)
    second.restore_session()
    assert second.height() == saved_size.height()  # width is clamped to the 800-px offscreen screen


def test_user_catalog_entry_from_the_editor(qtbot, window) -> None:
    from gpuplanner.ui.catalog_editor import CatalogEntryDialog

    dialog = CatalogEntryDialog(window.catalog, "gpus", None, window)
    dialog.edits["id"].setText("my-card")
    dialog.edits["vendor"].setText("Acme")
    dialog.edits["model"].setText("Acme X1")
    dialog.edits["memory_gib"].setText("lots")
    dialog.edits["source"].setText("vendor quote")
    dialog.save()
    assert dialog.edits["memory_gib"].property("invalid") is True
    assert dialog.result() == 0
    dialog.edits["memory_gib"].setText("96")
    dialog.save()
    assert dialog.result() == dialog.DialogCode.Accepted
    window.reload_catalog_tables()
    assert any(row["id"] == "my-card" for row in window.catalog.rows("gpus"))


def test_every_page_and_the_results_render(qtbot, window, tmp_path: Path) -> None:
    window.resize(1280, 800)
    for page_id in PageId:
        # The expert page is opened on purpose, not by Next (it ends the path); the RL page follows the model page for
        # task rl alone.
        if page_id in (PageId.TASK, PageId.ASSUMPTIONS, PageId.RL):
            window.wizard.setCurrentId(page_id)
        else:
            window.wizard.next()
        assert window.wizard.currentId() == page_id
        image = window.grab().toImage()
        assert image.width() == 1280 and image.save(str(tmp_path / f"page{page_id}.png"))
    result = compute(qtbot, window)
    assert result.plans and window.plans_proxy.rowCount() == len(result.plans)
    best = result.plans[0]
    assert best.gpu_name in window.details.toPlainText()
    window.ensure_charts()
    window.tabs.setCurrentIndex(1)
    charts = window.charts.grab().toImage()
    assert charts.width() > 400 and window.charts.draw_count >= 1
    # the charts were drawn from this result: one memory bar per ranked plan
    assert len(window.charts.memory_bars[0].opts["width"]) == min(len(result.plans), 8)


def test_smoke_test_flag_runs_the_whole_path() -> None:
    done = run_cli("--smoke-test")
    assert done.returncode == 0, done.stderr
    assert "first paint after" in done.stdout and "first result after" in done.stdout
    assert "charts drawn 1" in done.stdout


def test_smoke_test_with_unsaved_work_in_the_session_still_exits(private_user_data) -> None:
    """An automated start must never wait on the Save/Discard prompt (it hung for 120 s with recovered work)."""
    private_user_data.mkdir(parents=True, exist_ok=True)
    (private_user_data / "autosave.json").write_text(json.dumps(
        {"format": 2, "path": None, "modified": True,
         "scenario": {"task": "pretrain", "model": {"preset": "llama-2-7b"}, "seq_len": 2048}}))
    done = run_cli("--smoke-test")
    assert done.returncode == 0, done.stderr
    assert "first result after" in done.stdout
    assert json.loads((private_user_data / "autosave.json").read_text())["scenario"]["seq_len"] == 2048  # kept


def test_image_training_through_the_wizard(qtbot, window) -> None:
    wizard = window.wizard
    button = wizard.task_page.buttons["vision"]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))
    page = wizard.model_page
    assert page.image_box.isVisibleTo(page) and not page.data_box.isVisibleTo(page)
    page.image_preset.setCurrentIndex(page.image_preset.findData("efficientnet-b0"))
    page.epochs.setValue(30)
    result = compute(qtbot, window)
    assert result.plans[0].task == "vision"
    assert result.plans[0].training.images_per_s > 0
    assert window.wizard.scenario()["images"]["epochs"] == 30
    # The table's time column gives the rate an image model is judged by beside the run's length.
    speed = window.plans_model.COLUMNS.index("speed")
    text = window.plans_proxy.data(window.plans_proxy.index(0, speed))
    assert "images/s" in text
    assert f"{result.plans[0].training.images_per_s:.0f}" in text.replace(",", "").replace("\u00a0", "")


@pytest.mark.parametrize(("scenario", "rows"), [
    ({"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 2e8},
      "constraints": {"deployment": "cloud"}}, ("This job, rented on demand", "Capex if bought instead")),
    ({"task": "inference", "model": {"preset": "llama-3.1-8b"}, "constraints": {"deployment": "on-prem"}},
     ("Per million output tokens, owned", "Capex")),
])
def test_plan_details_show_what_the_job_costs(qtbot, scenario: dict, rows: tuple[str, ...]) -> None:
    from PySide6.QtGui import QTextDocument

    from gpuplanner.catalog.store import Catalog
    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.details import plan_html

    result = plan_for_scenario(scenario, Catalog(), top=1)
    document = QTextDocument()
    document.setHtml(plan_html(result.plans[0], result.currency))
    text = document.toPlainText()
    for row in rows:
        assert row in text
    assert "n/a" not in text.split(rows[0], 1)[1].split("\n")[1]  # the job's own cost is known


def test_the_assumptions_are_editable_in_the_app(qtbot, window) -> None:
    """Every assumption has a field on its own page, with the field table's range; only what differs from the
    default is written, and an opened file's values come back."""
    from gpuplanner.core.training.workload import Assumptions

    wizard = window.wizard
    page = wizard.assumptions_page
    assert set(page.boxes) == {f for f in Assumptions.__dataclass_fields__}
    assert "assumptions" not in wizard.scenario()  # the defaults are not written
    page.boxes["restart_minutes"].setValue(30.0)
    page.boxes["flash_attention"].setChecked(False)
    assert wizard.scenario()["assumptions"] == {"restart_minutes": 30.0, "flash_attention": False}
    result = wait_result(qtbot, window)
    assert result.scenario.assumptions.restart_minutes == 30.0  # the plans shown were computed with it
    wizard.load_scenario({"task": "pretrain", "model": {"preset": "llama-2-7b"},
                          "assumptions": {"dp_overlap": 0.5}})
    assert page.boxes["dp_overlap"].value() == 0.5 and page.boxes["restart_minutes"].value() == 14.0
    assert page.boxes["restart_minutes"].maximum() == 1440.0


def test_the_catalog_tab_says_how_current_its_data_is(qtbot, window) -> None:
    as_of = window.catalog.as_of()
    assert as_of and as_of in window.catalog_date.text() and "12 months" in window.catalog_date.text()
    assert window.catalog_date.textFormat() == Qt.TextFormat.PlainText


def test_a_preset_shows_its_own_architecture_not_the_custom_boxes(qtbot, window) -> None:
    """The custom-architecture boxes, greyed under a preset, showed another model's widths (32 layers, 4,096 wide
    under gpt-oss-120b). A preset now shows its own shape as text, the boxes only for a custom model."""
    page = window.wizard.model_page
    page.preset.setCurrentIndex(page.preset.findData("gpt-oss-120b"))
    text = page.preset_summary.text()
    assert page.preset_summary.isVisibleTo(page) and not page.custom.isVisibleTo(page)
    assert "36 layers" in text and "128 experts, 4 per token" in text and "sliding window of 128 tokens" in text
    assert "116.8 B parameters, 5.7 B active per token" in text
    page.preset.setCurrentIndex(page.preset.findData("deepseek-v3"))
    assert "latent attention (MLA)" in page.preset_summary.text() and "+ 1 shared" in page.preset_summary.text()
    assert "routed within 4 of 8 expert groups" in page.preset_summary.text()
    page.preset.setCurrentIndex(page.preset.findData("custom"))
    assert page.custom.isVisibleTo(page) and page.custom.isEnabled()
    assert not page.preset_summary.isVisibleTo(page)
    window.wizard.task_page.set_task("vision")
    assert not page.custom.isVisibleTo(page) and not page.preset_summary.isVisibleTo(page)


def test_plan_details_say_why_other_layouts_lost(qtbot) -> None:
    """The details list the runner-up layouts with what each costs or needs (as `gpuplanner estimate` does), in the
    user's language; none of them repeats the chosen layout's outcome."""
    from PySide6.QtGui import QTextDocument

    from gpuplanner.catalog.store import Catalog
    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.details import plan_html

    result = plan_for_scenario({"task": "pretrain", "model": {"preset": "llama-2-70b"},
                                "hardware": {"gpu": "a100-sxm4-80gb", "count": 16}}, Catalog(), top=1)
    plan = result.plans[0]
    document = QTextDocument()
    document.setHtml(plan_html(plan, result.currency))
    text = document.toPlainText()
    assert "Other layouts" in text
    others = plan.estimate.alternatives
    assert others and len(others) <= 4
    for other in others:
        assert other.layout != plan.layout
        assert str(other.reason).split(":")[0].split(",")[0] in text  # "6% faster", "3% slower", "does not fit"
    # Full recompute wins on 16 A100 80GB; the faster layouts just over capacity are named with what they need.
    assert any("over capacity" in str(other.reason) for other in others)


def test_the_kv_cache_memory_share_is_a_wizard_field(qtbot, window) -> None:
    """The share the Tight warning tells the user to set can be set where they plan: a file's value reads into the
    serving page and back out, typed in it reaches the scenario, 0 leaves the engine's default, and a share under
    the accepted range is marked in place."""
    wizard, model_page = window.wizard, window.wizard.model_page
    wizard.load_scenario({"task": "inference", "model": {"preset": "llama-3.1-8b"},
                          "inference": {"kv_cache_memory_fraction": 0.93}})
    assert model_page.kv_fraction.value() == pytest.approx(0.93)
    assert wizard.scenario()["inference"]["kv_cache_memory_fraction"] == pytest.approx(0.93)
    model_page.kv_fraction.setValue(0.95)
    assert wizard.scenario()["inference"]["kv_cache_memory_fraction"] == pytest.approx(0.95)
    model_page.kv_fraction.setValue(0.0)
    assert "kv_cache_memory_fraction" not in wizard.scenario()["inference"]
    model_page.kv_fraction.setValue(0.05)
    window.debouncer.stop()
    window.recompute()
    assert model_page.kv_fraction.property("invalid") is True
    assert "0.1" in model_page.kv_fraction.toolTip() and "0.99" in model_page.kv_fraction.toolTip()


def test_the_kv_admission_is_a_wizard_field_where_the_engine_offers_it(qtbot, window) -> None:
    """The admission the does-not-fit warning names can be chosen on the serving page: a file's value reads in and
    back out, "Engine default" leaves it out, and for an engine without the choice (vLLM) the box is greyed out at
    its default. A choice that engine cannot honour is kept and marked in place, as the CLI refuses it, until the
    user sets it back."""
    from gpuplanner.ui.widgets import select_data

    wizard, model_page = window.wizard, window.wizard.model_page
    wizard.load_scenario({"task": "inference", "model": {"preset": "llama-2-70b"},
                          "inference": {"engine": "tensorrt-llm", "kv_admission": "in-use"}})
    assert model_page.kv_admission.isEnabled() and model_page.kv_admission.currentData() == "in-use"
    assert wizard.scenario()["inference"]["kv_admission"] == "in-use"
    select_data(model_page.kv_admission, "whole-sequence")
    assert wizard.scenario()["inference"]["kv_admission"] == "whole-sequence"
    select_data(model_page.engine, "vllm")
    assert model_page.kv_admission.isEnabled()
    window.debouncer.stop()
    window.recompute()
    assert model_page.kv_admission.property("invalid") is True
    assert "vLLM offers one admission only: cache in use" in model_page.kv_admission.toolTip()
    select_data(model_page.kv_admission, "auto")
    assert not model_page.kv_admission.isEnabled() and "kv_admission" not in wizard.scenario()["inference"]
    compute(qtbot, window)
    assert model_page.kv_admission.property("invalid") is not True
    select_data(model_page.engine, "tensorrt-llm")
    assert model_page.kv_admission.isEnabled() and "kv_admission" not in wizard.scenario()["inference"]


def test_when_nothing_fits_the_details_say_why_in_the_users_language(qtbot, window) -> None:
    """The planner's reason (here: a global batch with few factors of two) reaches the details pane, as text."""
    from tests.test_site_cost_plan import BATCH_OF_FEW_FACTORS

    window.wizard.load_scenario(BATCH_OF_FEW_FACTORS)
    result = compute(qtbot, window)
    assert result.best is None and result.note is not None
    text = window.details.toPlainText()
    assert text.startswith("No plan fits with a global batch of 250 sequences") and "256 sequences" in text


def test_a_gpu_count_without_a_gpu_is_planned_at_that_count(qtbot, window) -> None:
    """"Any GPU" with a count: the count is part of the scenario and every plan has it (it was dropped unless a GPU
    was chosen, so the box said 16 while the plans had 48 or 96)."""
    window.wizard.load_scenario({"task": "pretrain", "model": {"preset": "llama-3.1-8b"},
                                 "training": {"tokens": 1e11}, "constraints": {"deployment": "cloud"}})
    window.wizard.deployment_page.count.setValue(16)
    assert window.wizard.scenario()["hardware"] == {"count": 16}
    result = compute(qtbot, window)
    assert result.plans and {plan.count for plan in result.plans} == {16}


def test_the_serving_batch_is_auto_until_the_user_names_one(qtbot, window) -> None:
    """The serving page's batch is "Auto" until the user types one: no batch in the scenario, a throughput target
    sized at the most the KV cache holds (as `gpuplanner plan` does with the same file); a batch the user types is kept
    and saved."""
    wizard, page = window.wizard, window.wizard.model_page
    wizard.load_scenario({"task": "inference", "model": {"preset": "llama-3.1-8b"},
                          "hardware": {"gpu": "h100-sxm5-80gb"},
                          "constraints": {"deployment": "cloud", "target_output_tokens_per_s": 20000}})
    assert page.batch.value() == 0 and page.batch.text() == "Auto"
    assert "batch" not in wizard.scenario()["inference"]
    serving = wait_result(qtbot, window).plans[0].estimate.inference
    assert serving.batch_per_replica == serving.max_batch > 16
    page.batch.setValue(8)
    assert wizard.scenario()["inference"]["batch"] == 8
    assert wait_result(qtbot, window).plans[0].estimate.inference.batch_per_replica == 8


def test_the_compare_dialog_shows_a_rental_no_capex_as_the_table_does(qtbot, catalog) -> None:
    """It showed a rented plan's capex and TCO as if bought while the table showed '—'."""
    import re

    from PySide6.QtGui import QTextDocument

    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.details import compare_html

    result = plan_for_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e9},
                                "constraints": {"deployment": "either", "allow_consumer_gpus": False}}, catalog, top=20)
    owned = next(p for p in result.plans if p.owned)
    rented = next(p for p in result.plans if not p.owned)
    document = QTextDocument()
    document.setHtml(compare_html([owned, rented], result.currency))
    text = document.toPlainText()
    capex = re.search(r"Capex\s*\n(.*)\n(.*)", text)
    assert capex and capex.group(2).strip() == "—" and capex.group(1).strip() != "—", text
    cloud = re.search(r"Cloud cost, this run\s*\n(.*)\n(.*)", text)
    assert cloud and cloud.group(1).strip() == "—" and cloud.group(2).strip() != "—"
    assert "Time to first token" not in text  # a training comparison has no serving rows


def test_the_compare_dialog_of_serving_plans_shows_latency_and_the_costs_period(catalog) -> None:
    """Two serving plans side by side showed an empty training-time row, no TTFT / TPOT, and a cloud cost without
    the period it runs over."""
    from PySide6.QtGui import QTextDocument

    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.details import compare_html

    result = plan_for_scenario({"task": "inference", "model": {"preset": "llama-3.1-8b"},
                                "constraints": {"deployment": "cloud"}}, catalog, top=5)
    first, second = result.plans[:2]
    document = QTextDocument()
    document.setHtml(compare_html([first, second], result.currency))
    text = document.toPlainText()
    assert "Training time" not in text
    assert f"{first.inference.ttft_s * 1000:,.0f}" in text.split("Time to first token (ms)")[1].split("\n")[1]
    assert f"Cloud cost over {first.cost.years:.0f} years of service" in text


def test_a_plan_with_almost_no_memory_left_is_marked_in_the_table(qtbot, catalog) -> None:
    """179.5 of 180 GiB ranked first with no caution in its row: the memory cell carries the warning icon and says
    why, as the plan's own warning does."""
    import dataclasses

    from PySide6.QtCore import Qt

    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.plans_model import PlansTableModel

    plan = plan_for_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e9}},
                             catalog, top=1).plans[0]
    def using(share: float) -> object:
        memory = dataclasses.replace(plan.memory, total=plan.memory.capacity * share)
        return dataclasses.replace(plan, estimate=dataclasses.replace(plan.estimate, memory_gib_per_gpu=memory))

    tight, roomy = using(0.997), using(0.5)
    model = PlansTableModel()
    model.set_plans((tight, roomy), "USD")
    column = model.COLUMNS.index("memory")
    assert model.data(model.index(0, column), Qt.ItemDataRole.DecorationRole) is not None
    assert "headroom" in model.data(model.index(0, column), Qt.ItemDataRole.ToolTipRole)
    assert model.data(model.index(1, column), Qt.ItemDataRole.DecorationRole) is None


def test_the_details_follow_the_selection_and_the_banner_keeps_its_room(qtbot, window) -> None:
    """The details pane kept a plan after the selection was cleared while Print said 'Select a plan first'; the
    stale banner pushed the table down on every keystroke."""
    compute(qtbot, window)
    window.plans_view.selectRow(0)
    assert window.last_result.plans[0].gpu_name in window.details.toPlainText()
    window.plans_view.clearSelection()
    assert window.details.toPlainText() == "Select a plan to see its details."
    assert window.stale_banner.sizePolicy().retainSizeWhenHidden()


def test_a_window_closed_while_its_result_waits_for_the_repaint_draws_nothing(qtbot, private_user_data,
                                                                             warnings_shown) -> None:
    """A result's details are drawn in a turn after the table's repaint, let through by the application's keeper of
    that turn; a window deleted meanwhile (closed as its plan arrived) is skipped, not drawn into (it raised
    'Internal C++ object already deleted' in the next window's events)."""
    from shiboken6 import delete

    main = MainWindow(Catalog(), AppSettings())
    main.show()
    qtbot.waitExposed(main)
    main.recompute()
    qtbot.waitUntil(main.results_are_current, timeout=RESULT_TIMEOUT_MS)
    main._on_result(0, main.last_result)  # a result arrives: its details wait for the repaint
    delete(main)  # the window goes before that turn
    other = MainWindow(Catalog(), AppSettings())
    qtbot.addWidget(other)
    other.show()
    other.recompute()
    qtbot.waitUntil(other.results_are_current, timeout=RESULT_TIMEOUT_MS)  # raises if a dead window was drawn into
    assert other.details.toPlainText()
