"""Small widget helpers shared by the wizard pages and dialogs (layout only, no domain math)."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QEvent,
    QLocale,
    QObject,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFocusEvent, QHideEvent, QKeyEvent, QKeySequence, QShowEvent, QValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from gpuplanner.ui.dialogs import plain_tooltip
from gpuplanner.ui.number_input import Refusal, check_range, parse_number

INVALID_STYLE = "border: 2px solid #d9534f;"


def refusal_text(refusal: Refusal) -> str:
    translate = QCoreApplication.translate
    texts = {
        "not-a-number": translate("NumberInput", "“%1” is not a number (examples: 1500, 1.5k, 2T, 1e3)"),
        "ambiguous": translate("NumberInput", "“%1”: the separator is ambiguous; use %2 for decimals, or group "
                                             "thousands in threes (1,281,167)"),
        "too-large": translate("NumberInput", "“%1” is too large"),
        "not-whole": translate("NumberInput", "must be a whole number, not %1"),
        "below": translate("NumberInput", "must be at least %1"),
        "above": translate("NumberInput", "must be at most %1"),
    }
    decimal = QLocale().decimalPoint()
    return texts[refusal.kind].replace("%1", refusal.argument).replace("%2", f"“{decimal}”")


def is_undo_or_redo_key(event: QKeyEvent) -> bool:
    """Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y and the platform's own Undo and Redo keys."""
    combination = event.keyCombination()
    ctrl = Qt.KeyboardModifier.ControlModifier
    shift = Qt.KeyboardModifier.ShiftModifier
    return (event.matches(QKeySequence.StandardKey.Undo) or event.matches(QKeySequence.StandardKey.Redo)
            or (combination.keyboardModifiers() == ctrl and combination.key() in (Qt.Key.Key_Z, Qt.Key.Key_Y))
            or (combination.keyboardModifiers() == ctrl | shift and combination.key() == Qt.Key.Key_Z))


class DocumentUndoKeys(QObject):
    """Hands Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y typed in a text field (an editable combo box's line edit) to the
    window's Edit actions: the field's own text undo would take them and the document's undo did nothing."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.ShortcutOverride and is_undo_or_redo_key(event):  # type: ignore[arg-type]
            event.ignore()
            return True
        return False


def defer_undo_keys(combo: QComboBox) -> None:
    """For an editable combo box: the box (the focus widget, which forwards the keys) and its line edit."""
    keys = DocumentUndoKeys(combo)
    combo.installEventFilter(keys)
    combo.lineEdit().installEventFilter(keys)


class _TypedNumber:
    """What a spin box does with typed text: k/M/B/T suffixes, scientific notation and the locale's separators
    are read; anything else, or a value out of range, stays on screen as typed and `problem()` says why (the
    wizard marks it and nothing is computed from it). A value is never clamped or reverted silently."""

    unit_scale = 1.0
    whole = False
    default_value = 0.0  # the value the field starts at (the examples of a refusal start from it)

    def _number_text(self, text: str) -> str:
        box: QAbstractSpinBox = self  # type: ignore[assignment]
        body = text
        prefix, suffix = box.prefix(), box.suffix()  # type: ignore[attr-defined]
        if prefix and body.startswith(prefix):
            body = body[len(prefix):]
        unit = suffix.strip()
        if suffix and body.endswith(suffix):
            body = body[: -len(suffix)]
        elif unit and body.rstrip().endswith(unit):
            body = body.rstrip()[: -len(unit)]
        if unit and body.rstrip().lower().endswith(unit.lower()):  # "50ms" typed before the field's own " ms"
            body = body.rstrip()[: -len(unit)]
        return body

    def parsed(self, text: str) -> float | Refusal:
        box: QAbstractSpinBox = self  # type: ignore[assignment]
        special = box.specialValueText()
        if special and text.strip() == special:  # "No limit", "Automatic": the minimum, shown in words
            return box.minimum()  # type: ignore[attr-defined]
        locale = box.locale()
        value = parse_number(self._number_text(text), group_separator=locale.groupSeparator(),
                             decimal_point=locale.decimalPoint(), unit_scale=self.unit_scale)
        if isinstance(value, Refusal):
            return value
        minimum, maximum = box.minimum(), box.maximum()  # type: ignore[attr-defined]
        if not self.whole:  # a value shown with fewer decimals than typed is rounded visibly, in range
            value = round(value, box.decimals())  # type: ignore[attr-defined]
        refusal = check_range(value, minimum, maximum, whole=self.whole)
        return refusal if refusal is not None else value

    def problem(self) -> str | None:
        box: QAbstractSpinBox = self  # type: ignore[assignment]
        outcome = self.parsed(box.text())
        if not isinstance(outcome, Refusal):
            return None
        unit = box.suffix().strip()  # type: ignore[attr-defined]
        if outcome.kind == "not-a-number" and unit:  # examples in the field's own unit, not token counts
            return (QCoreApplication.translate("NumberInput", "“%1” is not a number of %2 (examples: %3)")
                    .replace("%1", outcome.argument).replace("%2", unit)
                    .replace("%3", ", ".join(f"{example} {unit}" for example in self._examples())))
        return refusal_text(outcome)

    def _examples(self) -> list[str]:
        """Two values this field takes, as a user would type them: its default and another in range."""
        box: QAbstractSpinBox = self  # type: ignore[assignment]
        low, high = box.minimum(), box.maximum()  # type: ignore[attr-defined]
        start = self.default_value
        values = [value for value in (start, start * 2, start / 2, 1, 10, 100) if low < value <= high]
        shown = list(dict.fromkeys(f"{value:g}" if not self.whole else str(int(value)) for value in values))
        return shown[:2] or [f"{high:g}"]

    def validate(self, text: str, pos: int) -> object:
        state = QValidator.State.Intermediate if isinstance(self.parsed(text), Refusal) else \
            QValidator.State.Acceptable
        return state, text, pos

    def valueFromText(self, text: str) -> float:  # noqa: N802
        outcome = self.parsed(text)
        return self.value() if isinstance(outcome, Refusal) else outcome  # type: ignore[attr-defined]

    def fixup(self, text: str) -> str:
        return text  # never rewrite what the user typed

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        if self.problem() is not None:  # keep the typed text (and its mark); the base would revert it
            QWidget.focusOutEvent(self, event)  # type: ignore[arg-type]
            return
        super().focusOutEvent(event)  # type: ignore[misc]

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802
        if self.problem() is not None:  # leaving the wizard page must not rewrite the text from the old value
            QWidget.hideEvent(self, event)  # type: ignore[arg-type]
            return
        super().hideEvent(event)  # type: ignore[misc]

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        if self.problem() is not None:
            QWidget.showEvent(self, event)  # type: ignore[arg-type]
            return
        super().showEvent(event)  # type: ignore[misc]

    def event(self, event: QEvent) -> bool:
        # Undo and redo keys are the document's (the window's Edit actions): the field's own text undo recorded a new
        # edit, which cleared the redo steps, so document undo rarely worked from the keyboard in the wizard.
        if event.type() == QEvent.Type.ShortcutOverride and is_undo_or_redo_key(event):  # type: ignore[arg-type]
            event.ignore()
            return True
        return super().event(event)  # type: ignore[misc]

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.problem() is not None:
            event.ignore()  # no revert; the wizard's Finish still sees the problem
            return
        super().keyPressEvent(event)  # type: ignore[misc]


class IntBox(_TypedNumber, QSpinBox):
    whole = True


class FloatBox(_TypedNumber, QDoubleSpinBox):
    pass


def _spin(box: QSpinBox | QDoubleSpinBox, minimum: float, maximum: float, value: float, tooltip: str,
          suffix: str) -> None:
    box.setRange(minimum, maximum)  # type: ignore[arg-type]
    box.setValue(value)  # type: ignore[arg-type]
    box.default_value = float(value)  # type: ignore[union-attr]
    box.setToolTip(tooltip)
    box.setSuffix(suffix)
    box.setGroupSeparatorShown(True)
    box.setAccelerated(True)
    box.setKeyboardTracking(True)


def int_spin(minimum: float, maximum: float, value: float, tooltip: str = "", suffix: str = "",
             parent: QWidget | None = None) -> IntBox:
    box = IntBox(parent)
    _spin(box, int(minimum), min(int(maximum), 2**31 - 1), int(value), tooltip, suffix)  # a QSpinBox holds an int32
    return box


def float_spin(minimum: float, maximum: float, value: float, decimals: int = 2, tooltip: str = "",
               suffix: str = "", parent: QWidget | None = None, unit_scale: float = 1.0) -> FloatBox:
    box = FloatBox(parent)
    box.unit_scale = unit_scale
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


def widgets_in_layout_order(widget: QWidget) -> list[QWidget]:
    """The focusable fields of a page in the order a person reads them (its layouts, group boxes included)."""
    found: list[QWidget] = []

    def walk(layout: QLayout | None) -> None:
        if layout is None:
            return
        for index in range(layout.count()):
            item = layout.itemAt(index)
            child = item.widget()
            if child is None:
                walk(item.layout())
            elif child.layout() is not None and not isinstance(child, QAbstractSpinBox | QComboBox):
                walk(child.layout())  # a group box or a row of widgets: its fields, in order
            elif child.focusPolicy() & Qt.FocusPolicy.TabFocus:
                found.append(child)

    walk(widget.layout())
    return found


def name_fields_by_their_labels(widget: QWidget) -> None:
    """Every field of a form gets its label as its accessible name: a screen reader announced combo boxes by their
    current value (the recompute and ZeRO boxes both read "Automatic")."""
    for form in widget.findChildren(QFormLayout):
        for row in range(form.rowCount()):
            label = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            field = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            if label is None or field is None or not isinstance(label.widget(), QLabel):
                continue
            name = label.widget().text().replace("&", "").rstrip(":：")  # type: ignore[union-attr]
            inner = field.widget() or (field.layout().itemAt(0).widget() if field.layout() else None)
            if inner is not None and type(inner) is QWidget:  # a row of widgets: the first input in it
                inputs = [w for w in inner.findChildren(QWidget) if isinstance(w, (QAbstractSpinBox, QComboBox))]
                inner = inputs[0] if inputs else inner
            if inner is not None and not inner.accessibleName():
                inner.setAccessibleName(name)
    for label in widget.findChildren(QLabel):  # a label outside a form, tied to its field
        buddy = label.buddy()
        if buddy is not None and not buddy.accessibleName():
            buddy.setAccessibleName(label.text().replace("&", "").rstrip(":："))


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
    edit.setAccessibleName(placeholder.rstrip("…."))
    edit.setClearButtonEnabled(True)
    edit.textChanged.connect(proxy.setFilterFixedString)
    return proxy, edit
