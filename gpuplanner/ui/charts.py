"""Live charts of the current plans (pyqtgraph). Plot items are created once and updated with setData/setOpts;
pyqtgraph itself is imported when the panel is built, after the window is up."""

from __future__ import annotations

from typing import Any

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QWidget

MEMORY_PARTS = ("weights", "gradients", "optimizer", "activations", "kv_cache", "overhead")
TIME_PARTS = ("gemm", "memory_bound", "tensor_parallel", "pipeline_send", "pipeline_bubble", "data_parallel",
              "optimizer")
PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#9c755f")
MAX_BARS = 8


class ChartPanel(QWidget):
    """Four charts: memory per GPU vs capacity, where step time goes, rack power vs the site limit, time (or
    throughput) against GPU count."""

    drawn = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        import pyqtgraph as pg

        self._pg = pg
        pg.setConfigOptions(antialias=True)
        layout = QGridLayout(self)
        self.memory_plot = self._plot(self.tr("Memory per GPU (GiB) vs capacity"), self.tr("plan rank"), "GiB")
        self.time_plot = self._plot(self.tr("Step time breakdown (s)"),
                                    self.tr("plan rank"), "s")
        self.power_plot = self._plot(self.tr("Power per rack (kW) vs the site limit"), self.tr("plan rank"), "kW")
        self.scaling_plot = self._plot(self.tr("Days to train vs GPU count"), self.tr("GPUs"), self.tr("days"))
        self.scaling_plot.setLogMode(x=True, y=True)
        layout.addWidget(self.memory_plot, 0, 0)
        layout.addWidget(self.time_plot, 0, 1)
        layout.addWidget(self.power_plot, 1, 0)
        layout.addWidget(self.scaling_plot, 1, 1)

        self.memory_bars = [self._bars(self.memory_plot, PALETTE[i], name) for i, name in enumerate(MEMORY_PARTS)]
        self.capacity = self.memory_plot.plot([], [], pen=None, symbol="t1", symbolSize=14, symbolBrush="#333",
                                              name=self.tr("capacity"))
        self.time_bars = [self._bars(self.time_plot, PALETTE[i], name) for i, name in enumerate(TIME_PARTS)]
        self.power_bars = self._bars(self.power_plot, PALETTE[0], self.tr("kW per rack (nameplate)"))
        self.power_limit = pg.InfiniteLine(angle=0, pen=pg.mkPen("#d9534f", width=2, style=Qt.PenStyle.DashLine),
                                           label=self.tr("site limit"), labelOpts={"position": 0.9})
        self.power_plot.addItem(self.power_limit)
        self.curves = [self.scaling_plot.plot([], [], pen=pg.mkPen(PALETTE[i], width=2), symbol="o", symbolSize=6,
                                              symbolBrush=PALETTE[i]) for i in range(4)]
        self.draw_count = 0
        self._legend_names: dict[int, str | None] = {}

    def _plot(self, title: str, x_label: str, y_label: str) -> Any:
        plot = self._pg.PlotWidget(self)
        plot.setBackground("w")
        plot.setTitle(title, color="#222", size="10pt")
        plot.setLabel("bottom", x_label)
        plot.setLabel("left", y_label)
        plot.showGrid(x=True, y=True, alpha=0.2)
        plot.addLegend(offset=(-5, 5), labelTextSize="8pt")
        return plot

    def _bars(self, plot: Any, colour: str, name: str) -> Any:
        bars = self._pg.BarGraphItem(x=[], height=[], width=0.6, brush=colour, name=name)
        plot.addItem(bars)  # named items join the plot's legend
        return bars

    def _legend_name(self, curve: Any, name: str | None) -> None:
        """Rebuild a legend entry only when its name changes (most redraws keep the same GPUs)."""
        if self._legend_names.get(id(curve)) == name:
            return
        self._legend_names[id(curve)] = name
        legend = self.scaling_plot.plotItem.legend
        legend.removeItem(curve)
        if name:
            legend.addItem(curve, name)

    def update_plans(self, result: dict[str, Any], site_rack_kw: float | None) -> None:
        plans = result.get("plans", [])[:MAX_BARS]
        x = np.arange(1, len(plans) + 1, dtype=float)
        base = np.zeros(len(plans))
        for bars, part in zip(self.memory_bars, MEMORY_PARTS, strict=True):
            height = np.array([p["memory_gib_per_gpu"].get(part, 0.0) or 0.0 for p in plans])
            bars.setOpts(x=x, height=height, y0=base.copy(), width=0.6)
            base += height
        self.capacity.setData(x, [p["memory_gib_per_gpu"]["capacity"] for p in plans])
        base = np.zeros(len(plans))
        for bars, part in zip(self.time_bars, TIME_PARTS, strict=True):
            height = np.array([(p.get("training") or {}).get("step_breakdown_s", {}).get(part, 0.0) for p in plans])
            bars.setOpts(x=x, height=height, y0=base.copy(), width=0.6)
            base += height
        self.power_bars.setOpts(x=x, height=[p["site"]["kw_per_rack"] or 0.0 for p in plans], width=0.6)
        if site_rack_kw:
            self.power_limit.setValue(site_rack_kw)
        curves = list(result.get("curves", {}).items())[: len(self.curves)]
        serving = bool(plans) and plans[0].get("days") is None
        self.scaling_plot.setLabel("left", self.tr("output tokens/s") if serving else self.tr("days"))
        for index, curve in enumerate(self.curves):
            if index < len(curves):
                points = curves[index][1]
                xs = [pt["count"] for pt in points]
                ys = [pt["output_tokens_per_s"] if serving else pt["days"] for pt in points]
                curve.setData(xs, ys)
                self._legend_name(curve, curves[index][0])
            else:
                curve.setData([], [])
                self._legend_name(curve, None)
        self.draw_count += 1
        self.drawn.emit()
