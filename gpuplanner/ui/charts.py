"""Live charts of the current result (pyqtgraph), drawn from the result alone. Plot items are created once and
updated with setData/setOpts; pyqtgraph itself is imported when the panel is built, after the window is up.

Six charts: cost against time to result (every evaluated plan, the Pareto front, the deadline and budget lines;
for serving, cost per million tokens against speed per user), memory per GPU itemised against capacity, where the
step time goes (for serving: time to first token and per output token), power per rack against the site limit,
and days against GPU count per GPU type. Category axes name the plan ("H100 SXM × 64"); hovering shows values."""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QPalette, QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QScrollArea, QToolTip, QWidget

from gpuplanner.core.base.choices import Deployment
from gpuplanner.core.planning.plan_ranking import pareto
from gpuplanner.core.results.results import ChartPoint, CurvePoint, Plan, PlanResult, ServiceLimits
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import step_part, translated
from gpuplanner.i18n.terms import STEP_PARTS
from gpuplanner.report.formatting import currency_name, log_tick_labels, money, precision_text
from gpuplanner.safe_write import replace_file

if TYPE_CHECKING:
    from pyqtgraph import PlotWidget

MEMORY_PARTS = ("weights", "gradients", "optimizer", "activations", "kv_cache", "overhead")
TIME_PARTS = tuple(STEP_PARTS)
# Colour-blind-safe categorical palette (Tableau 10); the over-limit red is kept apart from it.
PALETTE = ("#4e79a7", "#f28e2b", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#9c755f", "#bab0ac")
OVER_LIMIT = "#d62728"
LIMIT_LINE = "#d62728"
MAX_BARS = 8
BAR_LABEL_WIDTH = 150  # px of the bar charts' left axis, where each row's plan is named
LABEL_MARGIN = 4  # px kept free at the axis's left edge
PLOT_MIN_SIZE = (380, 320)  # px: below this a chart's labels are squeezed, so the panel scrolls instead
MAX_CURVES = 6



@cache
def _log_axis_type() -> type:
    """pyqtgraph's axis with log ticks labelled as read ("200k", "1M"), only at 1, 2 and 5 of a decade (built on first
    use: pyqtgraph is imported when the charts are, after the window paints)."""
    import pyqtgraph as pg

    class LogAxis(pg.AxisItem):
        def logTickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:  # noqa: N802
            return log_tick_labels([10.0 ** value * scale for value in values])

    return LogAxis

class ChartPanel(QWidget):
    drawn = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        import pyqtgraph as pg

        self._pg = pg
        pg.setConfigOptions(antialias=True)
        self._background, self._foreground = self._colours()
        self._titled_for: tuple[bool, str, str] | None = None  # what the titles were last set for
        self._curves_styled_for = ""  # "training" or "serving": how the scaling curves are drawn
        self._grid = QGridLayout(self)
        self.cost_plot = self._plot(zoomable=True, log=True)
        self.memory_plot = self._plot()
        self.time_plot = self._plot()
        self.power_plot = self._plot()
        self.scaling_plot = self._plot(zoomable=True, log=True)
        self._plots = (self.cost_plot, self.memory_plot, self.time_plot, self.power_plot, self.scaling_plot)
        for plot in self._plots:
            plot.setMinimumSize(*PLOT_MIN_SIZE)  # below this the panel scrolls rather than squeezing the labels
            plot.getAxis("left").setWidth(BAR_LABEL_WIDTH if plot in (self.memory_plot, self.time_plot,
                                                                       self.power_plot) else 55)
        self.columns = 0
        self._place(2)
        names = ((self.cost_plot, self.tr("Cost against time to result, every plan evaluated that has a price")),
                 (self.memory_plot, self.tr("Memory per GPU of the plans shown")),
                 (self.time_plot, self.tr("Step time of the plans shown, by part")),
                 (self.power_plot, self.tr("Power per rack of the plans shown, with the site's limit")),
                 (self.scaling_plot, self.tr("How each GPU scales with its count")))
        for plot, name in names:  # screen readers name each chart
            plot.setAccessibleName(name)
        for plot in (self.memory_plot, self.time_plot, self.power_plot):
            plot.invertY(True)  # plan #1 on top
        self.cost_plot.setLogMode(x=True, y=True)
        self.scaling_plot.setLogMode(x=True, y=True)

        part_words = self._part_words()
        self.memory_bars = [self._bars(self.memory_plot, PALETTE[i], part_words[name])
                            for i, name in enumerate(MEMORY_PARTS)]
        self.capacity = self.memory_plot.plot([], [], pen=None, symbol="|", symbolSize=22,
                                              symbolPen=self._pg.mkPen(self._foreground, width=3),
                                              name=self.tr("Capacity"))
        # The time chart's legend names only the parts its plans have (_draw_time): its bars join it there, not here
        # (every step part at once grew the legend's rows and left the bars' axis too short to name each row).
        self.time_bars = [self._bars(self.time_plot, PALETTE[i % len(PALETTE)]) for i in range(len(TIME_PARTS))]
        self.latency_bars = [self._bars(self.time_plot, PALETTE[0]), self._bars(self.time_plot, PALETTE[1])]
        self.power_bars = self._bars(self.power_plot, PALETTE[0], self.tr("kW per rack (nameplate)"))
        self.power_limit = self._limit_line(90, self.tr("site limit"), self.power_plot, position=0.08)

        # One scatter per (bought or rented, keeps every limit or not): uniform styles draw fast.
        self.cost_groups: dict[tuple[bool, bool], Any] = {}
        for owned in (True, False):
            colour = PALETTE[0] if owned else PALETTE[1]
            for meets in (True, False):
                group = pg.ScatterPlotItem(size=8, hoverable=True, hoverSize=12, tip=None,
                                           symbol="o" if meets else "x", pen=pg.mkPen(colour, width=1.5),
                                           brush=colour if meets else None)
                group.sigHovered.connect(self._hover_point)
                self.cost_plot.addItem(group)
                self.cost_groups[(owned, meets)] = group
        self.cost_front = self.cost_plot.plot([], [], pen=pg.mkPen(self._foreground, width=1.5),
                                              name=self.tr("Pareto front"))
        self.cost_selected = pg.ScatterPlotItem(size=16, pen=pg.mkPen(OVER_LIMIT, width=2), brush=None)
        self.cost_plot.addItem(self.cost_selected)
        self.deadline_line = self._limit_line(90, self.tr("deadline"), self.cost_plot)
        self.budget_line = self._limit_line(0, self.tr("budget"), self.cost_plot)
        # Serving: the speed per user the time-per-token limit asks for (1 / TPOT), on the cost chart's x axis.
        self.speed_line = self._limit_line(90, self.tr("per-token limit"), self.cost_plot)

        # Legend keys only (not plotted): what the colours and the crosses mean.
        self._cost_keys = [pg.ScatterPlotItem(symbol="o", brush=PALETTE[0], pen=PALETTE[0]),
                           pg.ScatterPlotItem(symbol="o", brush=PALETTE[1], pen=PALETTE[1]),
                           pg.ScatterPlotItem(symbol="x", brush=self._foreground, pen=self._foreground)]
        for key, name in zip(self._cost_keys, (self.tr("buy"), self.tr("rent"), self.tr("near miss")), strict=True):
            self.cost_plot.plotItem.legend.addItem(key, name)
        self.ttft_limit = self._limit_line(0, self.tr("first-token limit"), self.scaling_plot, position=0.8)
        self.tpot_limit = self._limit_line(0, self.tr("per-token limit"), self.scaling_plot, position=0.55)
        self.curves = [self.scaling_plot.plot([], [], pen=pg.mkPen(PALETTE[i], width=2), symbol="o", symbolSize=6,
                                              symbolBrush=PALETTE[i]) for i in range(MAX_CURVES)]
        self._legend_names: list[str] | None = None
        self._labels: list[str] = []
        self._hover_text: list[str] = []
        self._points: list[ChartPoint] = []
        for plot in (self.memory_plot, self.time_plot, self.power_plot):
            plot.scene().sigMouseMoved.connect(lambda position, p=plot: self._hover_bar(p, position))
        self.draw_count = 0
        self.serving = False
        self._legend_mode: tuple[bool, tuple[str, ...]] | None = None
        self._currency = "USD"

    def fit_columns(self, width: int) -> bool:
        """Two charts abreast where `width` (the px the panel is shown in) holds two, else one under another: two
        abreast in a narrow pane (1280 x 720, 1.5x scaling) scrolled sideways and cut off the right-hand charts. True
        when the charts moved."""
        margins = self._grid.contentsMargins()
        pair = 2 * PLOT_MIN_SIZE[0] + max(self._grid.horizontalSpacing(), 0) + margins.left() + margins.right()
        return self._place(2 if width >= pair else 1)

    def _place(self, columns: int) -> bool:
        if columns == self.columns:
            return False
        self.columns = columns
        for plot in self._plots:
            self._grid.removeWidget(plot)
        for index, plot in enumerate(self._plots):
            self._grid.addWidget(plot, index // columns, index % columns)
        self._grid.activate()  # the panel's minimum size follows at once (the scroll area sizes the panel by it)
        return True

    # --- building -------------------------------------------------------------------------------------
    def _colours(self) -> tuple[QColor, QColor]:
        """Background and text colours from the application's palette (dark mode gets dark charts)."""
        palette = self.palette()
        return palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)

    def _plot(self, zoomable: bool = False, log: bool = False) -> Any:
        axes = {side: _log_axis_type()(side) for side in ("left", "bottom")} if log else None
        plot = self._pg.PlotWidget(self, axisItems=axes)
        plot.setBackground(self._background)
        plot.setMenuEnabled(False)  # pyqtgraph's own menu speaks English and exposes internals
        plot.hideButtons()
        plot.setMouseEnabled(x=zoomable, y=zoomable)
        for side in ("left", "bottom"):
            axis = plot.getAxis(side)
            axis.setTextPen(self._foreground)
            axis.setPen(self._foreground)
            axis.enableAutoSIPrefix(False)  # "(x1e+09)" beside a currency reads as a different number
        plot.showGrid(x=True, y=True, alpha=0.15)
        # The legend sits in its own row under the axis, never over the data.
        legend = self._pg.LegendItem(colCount=2, labelTextSize="8pt", labelTextColor=self._foreground)
        plot.plotItem.layout.addItem(legend, 4, 0, 1, 3)  # the full width, not the data column alone
        plot.plotItem.legend = legend  # named items join it
        return plot

    def _bars(self, plot: Any, colour: str, name: str | None = None) -> Any:
        bars = self._pg.BarGraphItem(x0=[], y=[], width=[], height=0.6, brush=colour, name=name)
        plot.addItem(bars)  # named items join the plot's legend
        return bars

    def _limit_line(self, angle: float, label: str, plot: Any, position: float = 0.9) -> Any:
        line = self._pg.InfiniteLine(angle=angle, pen=self._pg.mkPen(LIMIT_LINE, width=2,
                                                                       style=Qt.PenStyle.DashLine),
                                     label=label, labelOpts={"position": position, "color": LIMIT_LINE})
        plot.addItem(line)
        line.setVisible(False)
        return line

    def _part_words(self) -> dict[str, str]:
        return {"weights": self.tr("Weights"), "gradients": self.tr("Gradients"),
                "optimizer": self.tr("Optimizer"), "activations": self.tr("Activations"),
                "kv_cache": self.tr("KV cache"), "overhead": self.tr("Overhead")}

    def _titles(self, serving: bool) -> None:
        colour = self._foreground.name()
        if self._titled_for == (serving, self._currency, colour):
            return  # the same words as on the last redraw (setting them re-lays the plots out)
        self._titled_for = (serving, self._currency, colour)
        if serving:
            self._title(self.cost_plot, self.tr("Cost per million output tokens vs speed per user"),
                        self.tr("output tokens/s per user"),
                        fill(self.tr("%1 per million tokens"), currency_name(self._currency)), colour)
            self._title(self.time_plot, self.tr("Latency of each plan"), self.tr("ms"), "", colour)
            self._title(self.scaling_plot, self.tr("Latency vs concurrent users, on each plan's replicas"),
                        self.tr("concurrent users"), self.tr("ms"), colour)
        else:
            self._title(self.cost_plot, self.tr("Cost vs time to result"), self.tr("days"),
                        fill(self.tr("cost (%1)"), currency_name(self._currency)), colour)
            self._title(self.time_plot, self.tr("Where the step time goes"), self.tr("s"), "", colour)
            self._title(self.scaling_plot, self.tr("Days vs GPU count, per GPU type"), self.tr("GPUs"),
                        self.tr("days"), colour)
        self._title(self.memory_plot, self.tr("Memory per GPU vs capacity"), self.tr("GiB"), "", colour)
        self._title(self.power_plot, self.tr("Power per rack vs the site limit"), self.tr("kW"), "", colour)

    @staticmethod
    def _title(plot: Any, title: str, x_label: str, y_label: str, colour: str) -> None:
        plot.setTitle(title, color=colour, size="10pt")
        plot.setLabel("bottom", x_label)
        plot.setLabel("left", y_label)

    # --- drawing --------------------------------------------------------------------------------------
    def update_plans(self, result: PlanResult) -> None:
        """Draw every chart from this result alone (the plans, the evaluated points and the limits it was
        computed for)."""
        plans = list(result.plans[:MAX_BARS])
        currency = result.currency
        self.serving = bool(plans) and plans[0].days is None
        self._currency = currency
        self._titles(self.serving)
        x = np.arange(len(plans), dtype=float)
        for plot in (self.memory_plot, self.time_plot, self.power_plot):
            plot.getAxis("left").setTickFont(self.font())  # the font its names are measured in (bar_label) is drawn
        self._labels = [self.bar_label(p) for p in plans]
        ticks = [[(float(i), label) for i, label in enumerate(self._labels)]]
        for plot in (self.memory_plot, self.time_plot, self.power_plot):  # plans top to bottom, named on the left
            plot.getAxis("left").setTicks(ticks)
            plot.setYRange(-0.6, max(len(plans), 1) - 0.4, padding=0)
        self._draw_memory(plans, x)
        self._draw_time(plans, x)
        self._draw_power(plans, x, result.limits.rack_kw)
        self._draw_cost(result, plans)
        self._draw_scaling(result)
        self.draw_count += 1
        self.drawn.emit()

    def bar_label(self, plan: Plan) -> str:
        """A bar row's name: the count and whether bought or rented always whole (buy and rent of one GPU were cut
        to the same "GeForce RTX 4090 × …"), the GPU's name shortened to fit the rest of the axis in pixels (a label
        wider than the axis is not drawn at all: counted in characters, Chinese rows lost every other name)."""
        tail = f" × {plan.count} " + (self.tr("buy") if plan.owned else self.tr("rent"))
        axis = self.memory_plot.getAxis("left")
        metrics = QFontMetrics(axis.style["tickFont"] or axis.font())
        room = BAR_LABEL_WIDTH - max(0, axis.style["tickLength"]) - axis.style["tickTextOffset"][0] - LABEL_MARGIN
        room -= metrics.horizontalAdvance(tail)
        return metrics.elidedText(translated(plan.gpu_name), Qt.TextElideMode.ElideRight, max(room, 0)) + tail

    @staticmethod
    def _stack(bars: list[Any], widths: list[np.ndarray], y: np.ndarray) -> float:
        """Horizontal stacked bars, one row per plan; returns the longest stack."""
        base = np.zeros(len(y))
        for item, width in zip(bars, widths, strict=True):
            item.setOpts(x0=base.copy(), y=y, width=width, height=0.6)
            base += width
        return float(base.max()) if len(base) else 0.0

    @staticmethod
    def _headroom(plot: Any, top: float) -> None:
        """The value axis from zero to just past the longest bar (or the limit); with nothing drawn (no plan keeps
        every limit) the axis has no numbers (it read "2e-10 … 1e-09 GiB" under an empty chart)."""
        drawn = top > 0
        plot.getAxis("bottom").setStyle(showValues=drawn)
        plot.setXRange(0.0, (top if drawn else 1.0) * 1.08, padding=0)

    def _draw_memory(self, plans: list[Plan], x: np.ndarray) -> None:
        heights = [np.array([getattr(p.memory, part) for p in plans]) for part in MEMORY_PARTS]
        top = self._stack(self.memory_bars, heights, x)
        capacity = [p.memory.capacity for p in plans]
        self.capacity.setData(capacity, x)
        self._headroom(self.memory_plot, max([top, *capacity]))

    @staticmethod
    def _legend_entries(plot: Any, items: list[tuple[Any, str]]) -> None:
        """Replace a legend's entries (cleared and rebuilt in order, so its grid has no holes)."""
        legend = plot.plotItem.legend
        legend.clear()
        for item, name in items:
            legend.addItem(item, name)

    def _draw_time(self, plans: list[Plan], x: np.ndarray) -> None:
        heights = [np.array([p.training.step_breakdown_s.get(part, 0.0) if p.training else 0.0
                             for p in plans]) for part in TIME_PARTS]
        # The legend names the parts these plans have (no context- or expert-parallel key for dense, short jobs);
        # rebuilt only when that set changes.
        shown = () if self.serving else tuple(name for name, h in zip(TIME_PARTS, heights, strict=True)
                                              if h.size and (h > 0).any())
        if self._legend_mode != (self.serving, shown):
            self._legend_entries(self.time_plot, [
                (self.latency_bars[0], self.tr("Time to first token (ms)")),
                (self.latency_bars[1], self.tr("Time per output token (ms)"))] if self.serving else [
                (bars, step_part(name)) for bars, name in zip(self.time_bars, TIME_PARTS, strict=True)
                if name in shown])
            self._legend_mode = (self.serving, shown)
        if self.serving:
            self._stack(self.time_bars, [np.zeros(len(x)) for _ in TIME_PARTS], x)
            serving = [p.inference for p in plans if p.inference is not None]
            ttft = np.array([s.ttft_s * 1000 for s in serving])
            tpot = np.array([s.tpot_s * 1000 for s in serving])
            self.latency_bars[0].setOpts(x0=np.zeros(len(x)), y=x - 0.17, width=ttft, height=0.32)
            self.latency_bars[1].setOpts(x0=np.zeros(len(x)), y=x + 0.17, width=tpot, height=0.32)
            self._headroom(self.time_plot, float(max([*ttft, *tpot], default=0.0)))
        else:
            for bars in self.latency_bars:
                bars.setOpts(x0=[], y=[], width=[], height=0.32)
            self._headroom(self.time_plot, self._stack(self.time_bars, heights, x))
        self._hover_text = [self._plan_tip(p) for p in plans]

    def _draw_power(self, plans: list[Plan], x: np.ndarray, limit: float) -> None:
        heights = [p.site.kw_per_rack or 0.0 for p in plans]
        over = [bool(limit) and h > limit + 1e-9 and p.owned for p, h in zip(plans, heights, strict=True)]
        brushes = [OVER_LIMIT if o else PALETTE[0] for o in over]
        self.power_bars.setOpts(x0=np.zeros(len(x)), y=x, width=heights, height=0.6, brushes=brushes)
        self.power_limit.setVisible(bool(limit))
        if limit:
            self.power_limit.setValue(limit)
        self._headroom(self.power_plot, max([*heights, limit or 0.0]))

    def _draw_cost(self, result: PlanResult, plans: list[Plan]) -> None:
        drawn = [(p, xy) for p in result.points if (xy := self._cost_xy(p)) is not None]
        self._points = [p for p, _ in drawn]
        unpriced = sum(1 for p in result.points if (p.per_million_tokens if self.serving else p.cost) is None)
        self.cost_plot.setToolTip(fill(self.tr("%1 plans have no price and are not drawn (their cost is n/a)"),
                                       str(unpriced)) if unpriced else "")
        for (owned, meets), group in self.cost_groups.items():
            members = [i for i, (p, _) in enumerate(drawn) if (p.deployment == Deployment.ON_PREM) == owned
                       and p.meets == meets]
            xy = np.log10(np.array([drawn[i][1] for i in members], dtype=float).reshape(-1, 2))
            group.setData(x=xy[:, 0], y=xy[:, 1], data=members)
        # Lower cost, and fewer days (training) or more speed per user (serving): the same rule as the planner's.
        faster = -1.0 if self.serving else 1.0
        front_xy = sorted(xy for _, xy in pareto([item for item in drawn if item[0].meets],
                                                 cost=lambda item: item[1][1],
                                                 slowness=lambda item: faster * item[1][0]))
        self.cost_front.setData([a for a, _ in front_xy], [b for _, b in front_xy])
        best = (plans[0].gpu, plans[0].count, plans[0].deployment) if plans else None
        chosen = [xy for p, xy in drawn if (p.gpu, p.count, p.deployment) == best][:1]
        self.cost_selected.setData([{"pos": (math.log10(a), math.log10(b))} for a, b in chosen])
        limits = result.limits
        deadline = None if self.serving else limits.deadline_days
        budget = None if self.serving else limits.budget
        self.deadline_line.setVisible(bool(deadline))
        if deadline:
            self.deadline_line.setValue(math.log10(deadline))
        self.budget_line.setVisible(bool(budget))
        if budget:
            self.budget_line.setValue(math.log10(budget))
        tpot = result.scenario.inference.max_tpot_s if self.serving else None
        self.speed_line.setVisible(bool(tpot))
        if tpot:
            self.speed_line.setValue(math.log10(1.0 / tpot))

    def _cost_xy(self, point: ChartPoint) -> tuple[float, float] | None:
        if self.serving:
            x, y = point.tokens_per_s_per_user, point.per_million_tokens
        else:
            x, y = point.days, point.cost
        if x is None or y is None or x <= 0 or y <= 0:
            return None
        return float(x), float(y)

    def _draw_scaling(self, result: PlanResult) -> None:
        """One line per GPU type: days do not depend on buying or renting, so the two are drawn once."""
        names = {point.gpu: translated(point.gpu_name) for point in result.points}
        by_gpu: dict[str, tuple[CurvePoint, ...]] = {}
        for key, points in result.curves.items():
            by_gpu.setdefault(names.get(key.gpu, key.gpu), points)
        if self.serving:
            self._draw_latency_curves(result)
            return
        self.ttft_limit.setVisible(False)
        self.tpot_limit.setVisible(False)
        self.scaling_plot.getAxis("left").setTicks(None)
        curves = list(by_gpu.items())[:MAX_CURVES]
        self._style_curves("training")
        for index, curve in enumerate(self.curves):
            timed = [pt for pt in curves[index][1] if pt.days] if index < len(curves) else []
            curve.setData([pt.count for pt in timed], [pt.days for pt in timed])
        self._curve_legend([name for name, _ in curves])

    def _style_curves(self, mode: str) -> None:
        """Pens of the scaling curves: one solid line per GPU type (training), or per plan solid for the time per
        token and dashed for the first token (serving); set when the mode changes, not on every redraw."""
        if self._curves_styled_for == mode:
            return
        self._curves_styled_for = mode
        half = MAX_CURVES // 2
        for index, curve in enumerate(self.curves):
            colour = PALETTE[index] if mode == "training" else PALETTE[index % half]
            style = Qt.PenStyle.DashLine if mode == "serving" and index >= half else Qt.PenStyle.SolidLine
            curve.setPen(self._pg.mkPen(colour, width=2, style=style))
            curve.setSymbolBrush(colour)
            curve.setSymbolPen(colour)

    def _draw_latency_curves(self, result: PlanResult) -> None:
        """Serving: time per output token (solid) against concurrent users for each plan shown, on its replicas,
        with the time to first token dashed; the user's limits as lines (ms on the vertical axis)."""
        curves = [(p, p.inference.latency_curve) for p in result.plans if p.inference and p.inference.latency_curve]
        half = MAX_CURVES // 2
        shown = curves[:half]
        names = []
        self._style_curves("serving")
        for index, curve in enumerate(self.curves):
            if index % half >= len(shown):
                curve.setData([], [])
                continue
            points = shown[index % half][1]
            per_token = index < half
            curve.setData([pt.users for pt in points],
                          [(pt.tpot_s if per_token else pt.ttft_s) * 1000 for pt in points])
        for plan, _ in shown:
            names.append(fill(self.tr("%1 × %2: per token"), translated(plan.gpu_name), plan.count))
        for plan, _ in shown:
            names.append(fill(self.tr("%1 × %2: first token"), translated(plan.gpu_name), plan.count))
        self._curve_legend(names)
        service = result.scenario.inference  # the user's limits, drawn whether or not a plan keeps them
        limits = ServiceLimits(concurrent_users=service.concurrent_users, max_ttft_s=service.max_ttft_s,
                               max_tpot_s=service.max_tpot_s)
        values = [v * 1000 for _, points in shown for pt in points for v in (pt.ttft_s, pt.tpot_s)]
        values += [v * 1000 for v in (limits.max_ttft_s, limits.max_tpot_s) if values and v]
        if values:  # 1-2-5 steps: pyqtgraph's own log labels pile up within a decade or two
            steps = [m * 10.0 ** k for k in range(-1, 6) for m in (1, 2, 5)]
            low, high = min(values) / 1.5, max(values) * 1.5
            self.scaling_plot.getAxis("left").setTicks(
                [[(math.log10(v), f"{v:g}") for v in steps if low <= v <= high]])
        for line, value in ((self.ttft_limit, limits.max_ttft_s), (self.tpot_limit, limits.max_tpot_s)):
            line.setVisible(bool(value))
            if value:
                line.setValue(math.log10(value * 1000))

    def _curve_legend(self, names: list[str]) -> None:
        """Rebuild the legend only when its entries change (most redraws keep the same GPUs)."""
        if names == self._legend_names:
            return
        self._legend_names = names
        if self.serving:  # the solid curves first, then the dashed ones
            half, count = MAX_CURVES // 2, len(names) // 2
            curves = [*self.curves[:count], *self.curves[half:half + count]]
        else:
            curves = self.curves
        self._legend_entries(self.scaling_plot, list(zip(curves, names, strict=False)))

    # --- hover ----------------------------------------------------------------------------------------
    def _plan_tip(self, plan: Plan) -> str:
        memory = plan.memory
        lines = [f"{translated(plan.gpu_name)} × {plan.count}",
                 fill(self.tr("memory %1 of %2 GiB"), f"{memory.total:.1f}", f"{memory.capacity:g}"),
                 fill(self.tr("headroom %1 GiB (%2 %)"), f"{memory.capacity - memory.total:.1f}",
                      f"{(1 - memory.total / memory.capacity) * 100:.0f}" if memory.capacity else "—"),
                 fill(self.tr("%1 kW per rack"), f"{plan.site.kw_per_rack or 0:.1f}"),
                 fill(self.tr("precision %1"), precision_text(plan))]
        if plan.training:
            lines.append(fill(self.tr("step %1 s"), f"{plan.training.step_time_s:.2f}"))
        if plan.inference:
            lines.append(fill(self.tr("TTFT %1 ms, TPOT %2 ms"), f"{plan.inference.ttft_s * 1000:.0f}",
                              f"{plan.inference.tpot_s * 1000:.1f}"))
        return "\n".join(lines)

    def _point_tip(self, point: ChartPoint, currency: str) -> str:
        where = self.tr("buy") if point.deployment == Deployment.ON_PREM else self.tr("rent")
        head = f"{translated(point.gpu_name)} × {point.count} ({where})"
        if self.serving:
            body = fill(self.tr("%1 tokens/s per user, %2 per million tokens"),
                        f"{point.tokens_per_s_per_user:.1f}", money(point.per_million_tokens, currency, 2))
        else:
            body = fill(self.tr("%1 days, %2"), f"{point.days:.1f}", money(point.cost, currency))
        suffix = "" if point.meets else "\n" + self.tr("near miss: breaks a limit or misses a goal")
        return f"{head}\n{body}{suffix}"

    def _hover_point(self, _item: Any, points: Any, _event: Any = None) -> None:
        """The tip of the point under the cursor, written when it is asked for."""
        if len(points):
            point = self._points[int(points[0].data())]
            QToolTip.showText(self.cursor().pos(), self._point_tip(point, self._currency), self)

    def _hover_bar(self, plot: Any, position: QPointF) -> None:
        if not plot.sceneBoundingRect().contains(position):
            return
        y = plot.plotItem.vb.mapSceneToView(position).y()
        index = round(y)
        if 0 <= index < len(self._hover_text) and abs(y - index) <= 0.35:
            QToolTip.showText(self.cursor().pos(), self._hover_text[index], plot)

    # --- export ---------------------------------------------------------------------------------------
    def plots(self) -> dict[str, PlotWidget]:
        return {"cost-vs-time": self.cost_plot, "memory": self.memory_plot, "step-time": self.time_plot,
                "power": self.power_plot, "days-vs-count": self.scaling_plot}

    def export(self, folder: Path) -> list[Path]:
        """Each chart as PNG (twice the screen size) and SVG into `folder`, each file drawn in memory and written
        whole or not at all (safe_write.replace_file); returns the files written. The SVG is drawn by Qt's own SVG
        painter (pyqtgraph's SVG exporter fails on empty series)."""
        from pyqtgraph.exporters import ImageExporter
        from PySide6.QtCore import QBuffer, QIODevice, QRect, QSize
        from PySide6.QtGui import QPainter
        from PySide6.QtSvg import QSvgGenerator

        written = []
        for name, plot in self.plots().items():
            image = ImageExporter(plot.plotItem)
            image.parameters()["width"] = max(int(plot.width() * 2), 800)
            png = QBuffer()
            png.open(QIODevice.OpenModeFlag.WriteOnly)
            if not image.export(toBytes=True).save(png, "PNG"):
                raise OSError(f"the {name} chart could not be drawn as PNG")
            svg = QBuffer()
            svg.open(QIODevice.OpenModeFlag.WriteOnly)
            generator = QSvgGenerator()
            generator.setOutputDevice(svg)
            generator.setSize(QSize(plot.width(), plot.height()))
            generator.setViewBox(QRect(0, 0, plot.width(), plot.height()))
            generator.setTitle(plot.plotItem.titleLabel.text)
            painter = QPainter(generator)
            plot.render(painter)
            painter.end()
            written += [replace_file(folder / f"{name}.png", bytes(png.data().data())),
                        replace_file(folder / f"{name}.svg", bytes(svg.data().data()))]
        return written


class ChartScroll(QScrollArea):
    """The charts' scroll area (small screens scroll instead of squeezing the labels): it tells the panel the width
    it is shown in, so that the charts scroll down, one under another, rather than across."""

    def __init__(self, panel: ChartPanel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.panel = panel
        self.setWidget(panel)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self.panel.fit_columns(self.viewport().width()):
            self.setWidgetResizable(True)  # sizes the panel again, to its new minimum
