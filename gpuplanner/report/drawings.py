"""Pictures on the spec sheet, painted with QPainter: the rack elevation and the memory breakdown."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

SCALE = 3  # device pixels per drawing unit: sharp when printed


@dataclass(frozen=True)
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
    painter.drawLine(cap_x, 16, cap_x, 46)
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
