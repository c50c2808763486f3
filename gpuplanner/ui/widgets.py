"""Small widget helpers shared by the wizard pages and dialogs (layout only, no domain math)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QSortFilterProxyModel, Qt
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QLineEdit, QSpinBox, QWidget

from gpuplanner.ui.dialogs import plain_tooltip

INVALID_STYLE = "border: 2px solid #d9534f;"


def _spin(box: QSpinBox | QDoubleSpinBox, minimum: float, maximum: float, value: float, tooltip: str,
          suffix: str) -> None:
    box.setRange(minimum, maximum)  # type: ignore[arg-type]
    box.setValue(value)  # type: ignore[arg-type]
    box.setToolTip(tooltip)
    box.setSuffix(suffix)
    box.setGroupSeparatorShown(True)
    box.setAccelerated(True)


def int_spin(minimum: int, maximum: int, value: int, tooltip: str = "", suffix: str = "",
             parent: QWidget | None = None) -> QSpinBox:
    box = QSpinBox(parent)
    _spin(box, minimum, maximum, value, tooltip, suffix)
    return box


def float_spin(minimum: float, maximum: float, value: float, decimals: int = 2, tooltip: str = "",
               suffix: str = "", parent: QWidget | None = None) -> QDoubleSpinBox:
    box = QDoubleSpinBox(parent)
    box.setDecimals(decimals)
    _spin(box, minimum, maximum, value, tooltip, suffix)
    return box


def choice_combo(items: list[tuple[str, str]], current: str, tooltip: str = "",
                 parent: QWidget | None = None) -> QComboBox:
    """A combo of (value, label) pairs; `currentData()` gives the value."""
    combo = QComboBox(parent)
    fit_combo(combo)
    for value, label in items:
        combo.addItem(label, value)
    index = combo.findData(current)
    combo.setCurrentIndex(max(index, 0))
    combo.setToolTip(tooltip)
    return combo


def fit_combo(combo: QComboBox, characters: int = 18) -> None:
    """Long entries (GPU names, translated labels) must not widen the wizard past the window."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(characters)


def select_data(combo: QComboBox, value: object) -> None:
    index = combo.findData(value)
    if index >= 0:
        combo.setCurrentIndex(index)


def mark_invalid(widget: QWidget, message: str) -> None:
    """Red border and the message as tooltip; the normal tooltip comes back on `clear_invalid`."""
    if not widget.property("invalid"):
        widget.setProperty("normal_tooltip", widget.toolTip())
    widget.setStyleSheet(INVALID_STYLE)
    widget.setToolTip(plain_tooltip(message))
    widget.setProperty("invalid", True)


def clear_invalid(widget: QWidget) -> None:
    if widget.property("invalid"):
        widget.setStyleSheet("")
        widget.setToolTip(str(widget.property("normal_tooltip") or ""))
        widget.setProperty("invalid", False)


def filtered_proxy(model: QAbstractItemModel, sort_role: int, placeholder: str,
                   parent: QWidget) -> tuple[QSortFilterProxyModel, QLineEdit]:
    """A sort/filter proxy over `model` and the filter box that drives it (every column searched)."""
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(sort_role)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    proxy.setFilterKeyColumn(-1)
    edit = QLineEdit(parent)
    edit.setPlaceholderText(placeholder)
    edit.setClearButtonEnabled(True)
    edit.textChanged.connect(proxy.setFilterFixedString)
    return proxy, edit
