"""The charts draw what the result says, named and translated: every evaluated plan on the cost-vs-time chart with
the deadline and budget lines, plans named "GPU × count" on the bar charts, the site limit on the power chart,
latency bars for serving, and each chart exported as PNG and SVG."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest

from tests.conftest import close_window, compute, open_window

SEVENTY_B = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "training": {"tokens": 2e12},
             "constraints": {"deadline_days": 60, "budget": 3e7, "site": {"rack_kw": 20}}}


def _ticks(plot) -> list[str]:
    return [label for _, label in plot.getAxis("left")._tickLevels[0]]


def test_training_charts_plot_the_result(qtbot, private_user_data, tmp_path) -> None:
    window = open_window(qtbot)
    window.ensure_charts()
    window.tabs.setCurrentIndex(1)  # the charts on screen, so each result redraws them
    window.wizard.load_scenario(SEVENTY_B)
    result = compute(qtbot, window)
    charts = window.charts
    plans = result.plans[:8]
    assert plans and not charts.serving
    # Every evaluated plan with a price is a point (near misses too, drawn as crosses); the best plan is ringed.
    # Plans bought without a catalog price are counted in the tooltip instead.
    points = [p for p in result.points if p.days and p.cost]
    drawn = {key: len(group.data) for key, group in charts.cost_groups.items()}
    unpriced = sum(1 for p in result.points if p.cost is None)
    assert sum(drawn.values()) == len(points) == result.evaluated - unpriced and unpriced > 0
    assert charts.cost_plot.toolTip() == f"{unpriced} plans have no price and are not drawn (their cost is n/a)"
    assert drawn[(True, False)] + drawn[(False, False)] == sum(1 for p in points if not p.meets)
    assert drawn[(False, True)] == sum(1 for p in points if p.meets and p.deployment == "cloud")
    assert charts.cost_groups[(True, False)].opts["symbol"] == "x"
    ringed = charts.cost_selected.data[0]
    assert (ringed["x"], ringed["y"]) == pytest.approx((math.log10(plans[0].days),
                                                         math.log10(plans[0].cost_metric)))
    assert charts.deadline_line.isVisible() and charts.deadline_line.value() == pytest.approx(math.log10(60))
    assert charts.budget_line.isVisible() and charts.budget_line.value() == pytest.approx(math.log10(3e7))
    # The Pareto front, fastest first: each point slower but cheaper than the one before.
    xs, ys = charts.cost_front.getOriginalDataset()
    assert len(xs) >= 1 and all(a < b for a, b in pairwise(xs))
    assert all(a > b for a, b in pairwise(ys))
    # Bar charts name their plans, one bar row per plan: count and buy / rent whole, the name shortened to fit.
    labels = _ticks(charts.memory_plot)
    for plan, label in zip(plans, labels, strict=True):
        assert label.endswith(f" × {plan.count} " + ("buy" if plan.owned else "rent")) and len(label) <= 22
        assert plan.gpu_name.startswith(label.split(" × ")[0].rstrip("…"))
    assert list(charts.memory_bars[0].opts["y"]) == list(range(len(plans)))
    weights = [p.memory.weights for p in plans]
    assert list(charts.memory_bars[0].opts["width"]) == pytest.approx(weights)
    steps = [sum(p.training.step_breakdown_s.values()) for p in plans]
    ends = [bar.opts["x0"][-1] + bar.opts["width"][-1] for bar in charts.time_bars]
    assert max(ends) == pytest.approx(steps[-1])
    assert charts.power_limit.isVisible() and charts.power_limit.value() == pytest.approx(20.0)
    assert all(b == "#4e79a7" for b in charts.power_bars.opts["brushes"])  # ranked plans keep the rack limit
    legend = [label.text for _, label in charts.scaling_plot.plotItem.legend.items]
    assert legend and all(not name.islower() for name in legend)  # GPU names, not catalog ids
    # The legends and titles are words (no code names), and pyqtgraph's own menu is off.
    time_legend = [label.text for _, label in charts.time_plot.plotItem.legend.items]
    assert "Matrix math" in time_legend and "gemm" not in time_legend
    # Only the parts these plans have: a dense 4K-token job has no context-parallel or all-to-all key.
    assert "Context-parallel traffic (exposed)" not in time_legend and "Expert all-to-all" not in time_legend
    assert not charts.memory_plot.plotItem.vb.menuEnabled()
    folder = tmp_path / "charts"
    folder.mkdir()
    assert window.write_charts(folder)
    files = sorted(p.name for p in folder.iterdir())
    assert files == sorted(f"{name}.{ext}" for name in charts.plots() for ext in ("png", "svg"))
    assert all((folder / name).stat().st_size > 1000 for name in files)
    assert (folder / "memory.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    close_window(window)


def test_serving_charts_show_latency_not_a_step_time(qtbot, private_user_data) -> None:
    from PySide6.QtCore import QPoint, Qt

    window = open_window(qtbot)
    window.ensure_charts()
    window.tabs.setCurrentIndex(1)
    wizard = window.wizard
    button = wizard.task_page.buttons["inference"]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))
    wizard.model_page.preset.setCurrentIndex(wizard.model_page.preset.findData("llama-2-70b"))
    wizard.model_page.users.setValue(50)
    wizard.model_page.max_tpot.setValue(50)
    result = compute(qtbot, window)
    charts = window.charts
    plans = result.plans[:8]
    assert plans and charts.serving
    # Latency against concurrent users on each plan's replicas, with the user's limits.
    first = plans[0].inference
    xs, ys = charts.curves[0].getOriginalDataset()
    curve = first.latency_curve
    assert list(xs) == [pt.users for pt in curve] and list(ys) == pytest.approx([pt.tpot_s * 1000
                                                                                     for pt in curve])
    assert all(a <= b + 1e-9 for a, b in pairwise(ys))  # more users, longer per token
    assert max(xs) >= 50
    assert charts.tpot_limit.isVisible() and charts.tpot_limit.value() == pytest.approx(math.log10(50))
    assert list(charts.latency_bars[0].opts["width"]) == pytest.approx([p.inference.ttft_s * 1000
                                                                        for p in plans])
    assert all(w == 0 for bar in charts.time_bars for w in bar.opts["width"])
    legend = [label.text for _, label in charts.time_plot.plotItem.legend.items]
    assert legend == ["Time to first token (ms)", "Time per output token (ms)"]
    assert charts.cost_plot.plotItem.titleLabel.text.startswith("Cost per million output tokens")
    assert not charts.deadline_line.isVisible()
    # The cost chart draws the per-token limit as the speed per user it asks for: 1 / 50 ms = 20 tokens/s.
    assert charts.speed_line.isVisible() and charts.speed_line.value() == pytest.approx(math.log10(20.0))
    close_window(window)


def test_charts_in_chinese(qtbot, private_user_data) -> None:
    from gpuplanner.i18n.language import install_translations

    try:
        install_translations("zh_CN")
        window = open_window(qtbot)
        window.ensure_charts()
        window.tabs.setCurrentIndex(1)
        compute(qtbot, window)
        charts = window.charts
        assert charts.cost_plot.plotItem.titleLabel.text == "成本与完成时间"
        legend = [label.text for _, label in charts.memory_plot.plotItem.legend.items]
        assert "权重" in legend and "Weights" not in legend
        close_window(window)
    finally:
        install_translations("en")


def test_charts_follow_a_dark_palette(qtbot, private_user_data) -> None:
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QApplication

    from gpuplanner.ui.charts import ChartPanel

    app = QApplication.instance()
    before = app.palette()
    dark = QPalette(before)
    dark.setColor(QPalette.ColorRole.Base, QColor("#1e1e1e"))
    dark.setColor(QPalette.ColorRole.Text, QColor("#e6e6e6"))
    try:
        app.setPalette(dark)
        panel = ChartPanel()
        qtbot.addWidget(panel)
        assert panel.memory_plot.backgroundBrush().color().name() == "#1e1e1e"
        assert panel.memory_plot.getAxis("bottom").textPen().color().name() == "#e6e6e6"
    finally:
        app.setPalette(before)


def test_the_step_time_legend_names_the_parts_a_long_moe_job_has(qtbot, private_user_data) -> None:
    """Mixtral at 64K tokens on a fixed layout with CP and EP: their parts are drawn and named in the legend."""
    window = open_window(qtbot)
    window.ensure_charts()
    window.tabs.setCurrentIndex(1)  # the charts on screen, so the result draws them
    window.wizard.load_scenario({"task": "pretrain", "model": {"preset": "mixtral-8x7b"}, "seq_len": 65536,
                                 "training": {"tokens": 1e10, "global_batch": 64},
                                 "hardware": {"gpu": "h100-sxm5-80gb", "count": 64},
                                 "parallelism": {"tp": 1, "pp": 1, "dp": 8, "cp": 8, "ep": 8},
                                 "constraints": {"deployment": "cloud"}})
    result = compute(qtbot, window)
    assert result.plans and result.plans[0].layout.cp == 8 and result.plans[0].layout.ep == 8
    time_legend = [label.text for _, label in window.charts.time_plot.plotItem.legend.items]
    assert "Expert all-to-all" in time_legend


def test_log_axes_read_as_amounts_and_never_crowd(qtbot, private_user_data) -> None:
    """A log axis labels 1, 2 and 5 of a decade as amounts are read ("200k", "1M", "20"), leaves the ticks between
    unlabelled (pyqtgraph's "9·10⁵" minor labels piled onto "10⁶" on a small screen), and labels every tick where that
    would leave fewer than two."""
    from gpuplanner.report.formatting import log_tick_label, log_tick_labels

    assert [log_tick_label(v) for v in (2e5, 3e5, 5e5, 9e5, 1e6, 2e6, 1e7, 7, 10, 20, 0.5, 2e9)] == \
        ["200k", "", "500k", "", "1M", "2M", "10M", "", "10", "20", "0.5", "2B"]
    assert log_tick_label(10 ** math.log10(2e5)) == "200k"  # pyqtgraph hands back 10 ** log10(value)
    assert log_tick_labels([3e5, 4e5]) == ["300k", "400k"]  # a narrow range keeps its labels
    window = open_window(qtbot)
    window.ensure_charts()
    window.tabs.setCurrentIndex(1)
    window.wizard.load_scenario({"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "seq_len": 8192,
                                 "precision": "fp8", "hardware": {"gpu": "h100-sxm5-80gb", "count": 128}})
    compute(qtbot, window)
    axis = window.charts.cost_plot.getAxis("left")
    low, high = axis.range
    labels = [label for _, values in axis.tickValues(low, high, axis.height())
              for label in axis.tickStrings(values, axis.scale, 1.0)]
    shown = [label for label in labels if label]
    assert len(shown) >= 2 and all(label[0].isdigit() and "·" not in label and "e" not in label for label in shown)
    close_window(window)


def test_each_chart_has_an_accessible_name_and_the_wizard_frame_is_no_tab_stop(qtbot, private_user_data) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QScrollArea

    window = open_window(qtbot)
    window.ensure_charts()
    charts = window.charts
    names = [plot.accessibleName() for plot in (charts.cost_plot, charts.memory_plot, charts.time_plot,
                                                charts.power_plot, charts.scaling_plot)]
    assert all(names) and len(set(names)) == 5
    scroll = next(w for w in window.findChildren(QScrollArea) if w.widget() is window.wizard)
    assert scroll.focusPolicy() == Qt.FocusPolicy.NoFocus


def _overlaps(charts) -> list[str]:
    """Each chart's legend against its title, its data and the chart's own bounds (scene coordinates)."""
    found = []
    for name, plot in charts.plots().items():
        item = plot.plotItem
        legend = item.legend.sceneBoundingRect()
        if not item.legend.items:
            continue
        for part, rect in (("title", item.titleLabel.sceneBoundingRect()), ("data", item.vb.sceneBoundingRect())):
            if legend.intersects(rect):
                found.append(f"{name}: legend over {part}")
        if not item.sceneBoundingRect().adjusted(-1, -1, 1, 1).contains(legend):
            found.append(f"{name}: legend outside the chart")
    return found


def test_legends_keep_clear_of_titles_when_the_tab_opens_before_the_result(qtbot, private_user_data) -> None:
    """The Charts tab opened while the first plan is still computing, then a result with other legend entries (a
    serving task) arriving while it is in front: no legend lies over its chart's title or data."""
    window = open_window(qtbot)
    window.resize(1366, 768)
    window.tabs.setCurrentIndex(1)  # built empty, before any result
    assert window.charts is not None and window.last_result is None
    qtbot.wait(50)
    compute(qtbot, window)
    qtbot.wait(50)
    assert _overlaps(window.charts) == []
    window.wizard.load_scenario({"task": "inference", "model": {"preset": "llama-3.1-8b"}})
    compute(qtbot, window)
    qtbot.wait(50)
    assert window.charts.serving and _overlaps(window.charts) == []
    close_window(window)


def test_large_numbers_read_in_chinese_magnitudes() -> None:
    """Chinese groups by four digits: chart ticks and the sheet's token count said "2B" and "2.0 T tokens" in the
    Chinese UI; they read 20亿 and 2 万亿 there, and English keeps k / M / B and "2.0 trillion"."""
    from gpuplanner.i18n.language import install_translations
    from gpuplanner.report.formatting import count_words, log_tick_label

    try:
        install_translations("zh_CN")
        chinese = [log_tick_label(v) for v in (2e5, 1e6, 5e7, 2e9, 1e12)]
        words = [count_words(v) for v in (2e12, 2e11, 3e7)]
    finally:
        install_translations("en")
    assert chinese == ["20万", "100万", "5000万", "20亿", "1万亿"]
    assert words == ["2 万亿", "2000 亿", "3000 万"]
    assert [log_tick_label(v) for v in (2e5, 1e6, 2e9, 1e12)] == ["200k", "1M", "2B", "1T"]
    assert count_words(2e12) == "2.0 trillion" and count_words(2e11) == "200.0 billion"


def test_bar_charts_without_a_plan_show_no_axis_numbers(qtbot, private_user_data) -> None:
    """A budget no plan keeps (typed: 1) leaves only near misses: the memory and step-time charts have no bars, and
    their value axes carry no numbers (they read "2e-10 … 1e-09 GiB" under the empty memory chart)."""
    from PySide6.QtCore import Qt

    from gpuplanner.ui.wizard import PageId

    window = open_window(qtbot)
    window.ensure_charts()
    window.wizard.show_page(int(PageId.BUDGET))
    budget = window.wizard.budget_page.budget
    budget.setFocus()
    qtbot.keyClick(budget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(budget, "1")
    qtbot.keyClick(budget, Qt.Key.Key_Return)  # Finish: the plans tab comes forward
    window.tabs.setCurrentIndex(1)
    result = compute(qtbot, window)
    assert not result.plans and result.near_misses
    charts = window.charts
    qtbot.waitUntil(lambda: charts.draw_count >= 1, timeout=10_000)
    for plot in (charts.memory_plot, charts.time_plot):  # (the power chart keeps the site's limit and its scale)
        axis = plot.getAxis("bottom")
        assert axis.range[1] >= 1.0 and not axis.style["showValues"]
    window.wizard.load_scenario(SEVENTY_B)  # a plan again: the numbers come back
    compute(qtbot, window)
    qtbot.waitUntil(lambda: charts.draw_count >= 2, timeout=10_000)
    assert all(p.getAxis("bottom").style["showValues"] for p in (charts.memory_plot, charts.time_plot))
    close_window(window)
