"""Pictures on the spec sheet, painted with QPainter: the rack elevation and the memory breakdown."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

from gpuplanner.core.base.records import record
from gpuplanner.report.formatting import log_tick_label

SCALE = 3  # device pixels per drawing unit: sharp when printed


@record
class RackContents:
    rack_units: int
    node_units: int
    nodes: int
    reserved_units: int
    node_label: str
    switch_label: str
    cable_label: str
    free_label: str
    pdu_label: str
    title: str


def _painter(image: QImage, family: str) -> QPainter:
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(SCALE, SCALE)
    painter.setFont(QFont(family, 7))
    return painter


def _line(painter: QPainter, x1: float, y1: float, x2: float, y2: float) -> None:
    """A line between whole-pixel points, as QPainter's integer drawLine has always placed the images' lines."""
    painter.drawLine(int(x1), int(y1), int(x2), int(y2))


def rack_elevation(contents: RackContents, family: str) -> QImage:
    """A front view of one rack: nodes from the bottom up, management switch and cable manager on top, the A/B
    PDUs as the two side strips, free units labelled."""
    unit_h, width, margin = 11.0, 190.0, 24.0
    height = contents.rack_units * unit_h + 2 * margin
    image = QImage(int((width + 2 * margin + 60) * SCALE), int(height * SCALE), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = _painter(image, family)
    left, top = margin + 20, margin
    frame = QRectF(left, top, width, contents.rack_units * unit_h)
    painter.setPen(QPen(QColor("#222"), 1.2))
    painter.drawRect(frame.adjusted(-10, -4, 10, 4))
    painter.drawText(QRectF(left - 10, 2, width + 20, margin - 6), Qt.AlignmentFlag.AlignCenter, contents.title)
    for side, x in ((contents.pdu_label + " A", left - 10), (contents.pdu_label + " B", left + width + 4)):
        strip = QRectF(x, top, 6, contents.rack_units * unit_h)
        painter.fillRect(strip, QColor("#f0ad4e"))
        painter.save()
        painter.translate(strip.center())
        painter.rotate(-90)
        painter.drawText(QRectF(-60, -4, 120, 8), Qt.AlignmentFlag.AlignCenter, side)
        painter.restore()

    def block(bottom_unit: int, units: int, colour: str, label: str) -> None:
        y = top + (contents.rack_units - bottom_unit - units) * unit_h
        rect = QRectF(left, y, width, units * unit_h)
        painter.fillRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), QColor(colour))
        painter.setPen(QPen(QColor("#333"), 0.6))
        painter.drawRect(rect)
        painter.setPen(QColor("white" if colour != "#e8e8e8" else "#555"))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
        painter.setPen(QColor("#555"))
        painter.drawText(QRectF(left + width + 14, y, 40, units * unit_h), Qt.AlignmentFlag.AlignVCenter,
                         f"U{bottom_unit + 1}–{bottom_unit + units}" if units > 1 else f"U{bottom_unit + 1}")

    unit = 0
    for index in range(contents.nodes):
        block(unit, contents.node_units, "#2e5d8a", f"{contents.node_label} {index + 1}")
        unit += contents.node_units
    top_units = contents.rack_units - contents.reserved_units
    free = top_units - unit
    if free > 0:
        block(unit, free, "#e8e8e8", f"{contents.free_label}: {free} U")
    if contents.reserved_units >= 1:
        block(top_units, 1, "#5a8f29", contents.switch_label)
    if contents.reserved_units >= 2:
        block(top_units + 1, contents.reserved_units - 1, "#777", contents.cable_label)
    painter.end()
    return image


def memory_bar(parts: list[tuple[str, float]], capacity: float, title: str, family: str) -> QImage:
    """One horizontal stacked bar of per-GPU memory with the capacity marked."""
    width, height, left = 520.0, 92.0, 10.0
    image = QImage(int(width * SCALE), int(height * SCALE), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = _painter(image, family)
    palette = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948")
    total = sum(value for _, value in parts)
    scale = (width - 2 * left) / max(total, capacity, 1e-9)
    painter.setPen(QColor("#222"))
    painter.drawText(QRectF(left, 2, width, 14), Qt.AlignmentFlag.AlignLeft, title)
    x = left
    for index, (_label, value) in enumerate(parts):
        w = value * scale
        painter.fillRect(QRectF(x, 20, w, 22), QColor(palette[index % len(palette)]))
        x += w
    cap_x = left + capacity * scale
    painter.setPen(QPen(QColor("#d9534f"), 1.5, Qt.PenStyle.DashLine))
    _line(painter, cap_x, 16, cap_x, 46)
    painter.setPen(QColor("#222"))
    lx = left
    for index, (label, value) in enumerate(parts):
        painter.fillRect(QRectF(lx, 56, 8, 8), QColor(palette[index % len(palette)]))
        text = f"{label} {value:.1f}"
        painter.drawText(QRectF(lx + 10, 52, 110, 14), Qt.AlignmentFlag.AlignVCenter, text)
        lx += 84
        if lx > width - 90:
            break
    painter.end()
    return image


@record
class CostPoint:
    x: float  # days (training) or output tokens/s per user (serving)
    y: float  # cost, or cost per million tokens
    owned: bool
    meets: bool


@record
class CostChart:
    points: tuple[CostPoint, ...]
    chosen: tuple[float, float] | None
    x_limit: float | None  # the deadline (training)
    y_limit: float | None  # the budget (training)
    title: str
    x_label: str
    y_label: str
    legend: tuple[str, str, str, str]  # bought, rented, near miss, this plan


def _decades(low: float, high: float) -> list[float]:
    return [10.0 ** k for k in range(math.floor(math.log10(low)), math.ceil(math.log10(high)) + 1)]


def cost_time_chart(chart: CostChart, family: str) -> QImage:
    """Every plan considered on log-log axes (filled: keeps every limit; cross: a near miss), the chosen plan
    ringed, the deadline and budget dashed: what this plan was chosen against."""
    width, height = 520.0, 250.0
    left, right, top, bottom = 56.0, 26.0, 22.0, 52.0
    image = QImage(int(width * SCALE), int(height * SCALE), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = _painter(image, family)
    painter.setPen(QColor("#222"))
    painter.drawText(QRectF(left, 2, width - left, 14), Qt.AlignmentFlag.AlignLeft, chart.title)
    xs = [p.x for p in chart.points] + [v for v in (chart.x_limit,) if v]
    ys = [p.y for p in chart.points] + [v for v in (chart.y_limit,) if v]
    if not chart.points:
        painter.end()
        return image
    x_ticks, y_ticks = _decades(min(xs), max(xs)), _decades(min(ys), max(ys))
    x0, x1 = math.log10(x_ticks[0]), math.log10(x_ticks[-1]) if len(x_ticks) > 1 else math.log10(x_ticks[0]) + 1
    y0, y1 = math.log10(y_ticks[0]), math.log10(y_ticks[-1]) if len(y_ticks) > 1 else math.log10(y_ticks[0]) + 1
    plot = QRectF(left, top, width - left - right, height - top - bottom)

    def to_px(x: float, y: float) -> tuple[float, float]:
        return (plot.left() + (math.log10(x) - x0) / (x1 - x0) * plot.width(),
                plot.bottom() - (math.log10(y) - y0) / (y1 - y0) * plot.height())

    painter.setPen(QPen(QColor("#ddd"), 0.5))
    for tick in x_ticks:
        px, _ = to_px(tick, y_ticks[0])
        _line(painter, px, plot.top(), px, plot.bottom())
    for tick in y_ticks:
        _, py = to_px(x_ticks[0], tick)
        _line(painter, plot.left(), py, plot.right(), py)
    painter.setPen(QColor("#222"))
    painter.drawRect(plot)
    for tick in x_ticks:
        px, _ = to_px(tick, y_ticks[0])
        painter.drawText(QRectF(px - 30, plot.bottom() + 2, 60, 12), Qt.AlignmentFlag.AlignHCenter,
                         log_tick_label(tick))
    for tick in y_ticks:
        _, py = to_px(x_ticks[0], tick)
        painter.drawText(QRectF(0, py - 6, left - 4, 12), Qt.AlignmentFlag.AlignRight, log_tick_label(tick))
    painter.drawText(QRectF(plot.left(), plot.bottom() + 14, plot.width(), 12), Qt.AlignmentFlag.AlignHCenter,
                     chart.x_label)
    painter.save()
    painter.translate(10, plot.center().y())
    painter.rotate(-90)
    painter.drawText(QRectF(-plot.height() / 2, -8, plot.height(), 12), Qt.AlignmentFlag.AlignHCenter, chart.y_label)
    painter.restore()
    colours = (QColor("#4e79a7"), QColor("#f28e2b"))
    for point in chart.points:
        px, py = to_px(point.x, point.y)
        colour = colours[0] if point.owned else colours[1]
        painter.setPen(QPen(colour, 1.0))
        if point.meets:
            painter.setBrush(colour)
            painter.drawEllipse(QRectF(px - 2.2, py - 2.2, 4.4, 4.4))
        else:
            _line(painter, px - 2, py - 2, px + 2, py + 2)
            _line(painter, px - 2, py + 2, px + 2, py - 2)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    limit_pen = QPen(QColor("#d62728"), 1.2, Qt.PenStyle.DashLine)
    if chart.x_limit:
        px, _ = to_px(chart.x_limit, y_ticks[0])
        painter.setPen(limit_pen)
        _line(painter, px, plot.top(), px, plot.bottom())
    if chart.y_limit:
        _, py = to_px(x_ticks[0], chart.y_limit)
        painter.setPen(limit_pen)
        _line(painter, plot.left(), py, plot.right(), py)
    if chart.chosen:
        px, py = to_px(*chart.chosen)
        painter.setPen(QPen(QColor("#d62728"), 1.5))
        painter.drawEllipse(QRectF(px - 5, py - 5, 10, 10))
    legend_y, lx = height - 12, left
    for index, label in enumerate(chart.legend):
        painter.setPen(QPen(colours[0] if index == 0 else colours[1] if index == 1 else QColor("#d62728")
                            if index == 3 else QColor("#555"), 1.2))
        if index < 2:
            painter.setBrush(painter.pen().color())
            painter.drawEllipse(QRectF(lx, legend_y - 3, 5, 5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
        elif index == 2:
            _line(painter, lx, legend_y - 3, lx + 5, legend_y + 2)
            _line(painter, lx, legend_y + 2, lx + 5, legend_y - 3)
        else:
            painter.drawEllipse(QRectF(lx, legend_y - 4, 7, 7))
        painter.setPen(QColor("#222"))
        painter.drawText(QRectF(lx + 9, legend_y - 6, 110, 12), Qt.AlignmentFlag.AlignVCenter, label)
        lx += 115
    painter.end()
    return image
