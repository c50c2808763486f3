"""Small widget helpers shared by the wizard pages and dialogs (layout only, no domain math)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QEvent,
    QLocale,
    QObject,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import (
    QFocusEvent,
    QFontMetricsF,
    QHideEvent,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QResizeEvent,
    QShowEvent,
    QValidator,
)
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QSpinBox,
    QSplitter,
    QTableView,
    QTextEdit,
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
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.ShortcutOverride \
                and is_undo_or_redo_key(event):
            event.ignore()
            return True
        return False


def line_edit(combo: QComboBox) -> QLineEdit:
    """An editable combo box's line edit (Qt gives every editable box one)."""
    edit = combo.lineEdit()
    if edit is None:
        raise ValueError(f"{combo.objectName() or 'the combo box'} is not editable")
    return edit


def defer_undo_keys(combo: QComboBox) -> None:
    """For an editable combo box: the box (the focus widget, which forwards the keys) and its line edit."""
    keys = DocumentUndoKeys(combo)
    combo.installEventFilter(keys)
    line_edit(combo).installEventFilter(keys)


# The typed number is a spin box's mixin: checked as a QAbstractSpinBox, a plain class at run time.
if TYPE_CHECKING:
    _SpinBase = QAbstractSpinBox
else:
    _SpinBase = object


class _TypedNumber(_SpinBase):
    """What a spin box does with typed text: k/M/B/T suffixes, scientific notation and the locale's separators
    are read; anything else, or a value out of range, stays on screen as typed and `problem()` says why (the
    wizard marks it and nothing is computed from it). A value is never clamped or reverted silently."""

    unit_scale = 1.0
    whole = False
    default_value = 0.0  # the value the field starts at (the examples of a refusal start from it)
    _outcome_of: tuple[object, ...]  # what the kept outcome was worked out from (_outcome)
    _last_outcome: float | Refusal

    def _box(self) -> QSpinBox | QDoubleSpinBox:
        """This box as the integer or decimal spin box it is mixed into (IntBox, FloatBox)."""
        box: QAbstractSpinBox = self
        if isinstance(box, QSpinBox | QDoubleSpinBox):
            return box
        raise TypeError(f"{type(self).__name__} is not a QSpinBox or QDoubleSpinBox")

    def _number_text(self, text: str) -> str:
        box = self._box()
        body = text
        prefix, suffix = box.prefix(), box.suffix()
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
        box = self._box()
        special = box.specialValueText()
        if special and text.strip() == special:  # "No limit", "Automatic": the minimum, shown in words
            return box.minimum()
        locale = box.locale()
        value = parse_number(self._number_text(text), group_separator=locale.groupSeparator(),
                             decimal_point=locale.decimalPoint(), unit_scale=self.unit_scale)
        if isinstance(value, Refusal):
            return value
        minimum, maximum = box.minimum(), box.maximum()
        if isinstance(box, QDoubleSpinBox):  # a value shown with fewer decimals than typed is rounded visibly, in range
            value = round(value, box.decimals())
        refusal = check_range(value, minimum, maximum, whole=self.whole)
        return refusal if refusal is not None else value

    def _outcome(self, box: QSpinBox | QDoubleSpinBox) -> float | Refusal:
        """`parsed` of the text on screen, kept with everything it reads (the text, range, decimals, prefix, suffix,
        special text, locale and unit) and worked out again once one of them changed: the wizard asks every field
        for its problem after each edit, and an edit changes one field."""
        read = (box.text(), box.minimum(), box.maximum(), box.decimals() if isinstance(box, QDoubleSpinBox) else 0,
                box.prefix(), box.suffix(), box.specialValueText(), box.locale(), self.unit_scale)
        if read != self.__dict__.get("_outcome_of"):
            self._outcome_of = read
            self._last_outcome = self.parsed(read[0])
        return self._last_outcome

    def problem(self) -> str | None:
        box = self._box()
        outcome = self._outcome(box)
        if not isinstance(outcome, Refusal):
            return None
        unit = box.suffix().strip()
        if outcome.kind == "not-a-number" and unit:  # examples in the field's own unit, not token counts
            return (QCoreApplication.translate("NumberInput", "“%1” is not a number of %2 (examples: %3)")
                    .replace("%1", outcome.argument).replace("%2", unit)
                    .replace("%3", ", ".join(f"{example} {unit}" for example in self._examples())))
        return refusal_text(outcome)

    def _examples(self) -> list[str]:
        """Two values this field takes, as a user would type them: its default and another in range."""
        box = self._box()
        low, high = box.minimum(), box.maximum()
        start = self.default_value
        values = [value for value in (start, start * 2, start / 2, 1, 10, 100) if low < value <= high]
        shown = list(dict.fromkeys(f"{value:g}" if not self.whole else str(int(value)) for value in values))
        return shown[:2] or [f"{high:g}"]

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state = QValidator.State.Intermediate if isinstance(self.parsed(text), Refusal) else \
            QValidator.State.Acceptable
        return state, text, pos

    def _typed_value(self, text: str) -> float:
        """The number the text says, or the current value while the text is refused."""
        outcome = self.parsed(text)
        return self._box().value() if isinstance(outcome, Refusal) else outcome

    def fixup(self, text: str) -> str:
        return text  # never rewrite what the user typed

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        if self.problem() is not None:  # keep the typed text (and its mark); the base would revert it
            QWidget.focusOutEvent(self, event)
            return
        super().focusOutEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802
        if self.problem() is not None:  # leaving the wizard page must not rewrite the text from the old value
            QWidget.hideEvent(self, event)
            return
        super().hideEvent(event)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        if self.problem() is not None:
            QWidget.showEvent(self, event)
            return
        super().showEvent(event)

    def event(self, event: QEvent) -> bool:
        # Undo and redo keys are the document's (the window's Edit actions): the field's own text undo recorded a new
        # edit, which cleared the redo steps, so document undo rarely worked from the keyboard in the wizard.
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and is_undo_or_redo_key(event):
            event.ignore()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.problem() is not None:
            event.ignore()  # no revert; the wizard's Finish still sees the problem
            return
        super().keyPressEvent(event)


class IntBox(_TypedNumber, QSpinBox):
    whole = True

    def valueFromText(self, text: str) -> int:  # noqa: N802
        return int(self._typed_value(text))  # whole: a fraction is refused (check_range)


class FloatBox(_TypedNumber, QDoubleSpinBox):
    def valueFromText(self, text: str) -> float:  # noqa: N802
        return self._typed_value(text)


def _spin(box: IntBox | FloatBox, value: float, tooltip: str, suffix: str) -> None:
    """What both kinds of number box share, after their range and value are set."""
    box.default_value = float(value)
    box.setToolTip(tooltip)
    box.setSuffix(suffix)
    box.setGroupSeparatorShown(True)
    box.setAccelerated(True)
    box.setKeyboardTracking(True)


def int_spin(minimum: float, maximum: float, value: float, tooltip: str = "", suffix: str = "",
             parent: QWidget | None = None) -> IntBox:
    box = IntBox(parent)
    box.setRange(int(minimum), min(int(maximum), 2**31 - 1))  # a QSpinBox holds an int32
    box.setValue(int(value))
    _spin(box, int(value), tooltip, suffix)
    return box


def float_spin(minimum: float, maximum: float, value: float, decimals: int = 2, tooltip: str = "",
               suffix: str = "", parent: QWidget | None = None, unit_scale: float = 1.0) -> FloatBox:
    box = FloatBox(parent)
    box.unit_scale = unit_scale
    box.setDecimals(decimals)
    box.setRange(minimum, maximum)
    box.setValue(value)
    _spin(box, value, tooltip, suffix)
    return box


def choice_combo(items: Sequence[tuple[str | int, str]], current: str | int, tooltip: str = "",
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
            if item is None:
                continue
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
            label_widget = None if label is None else label.widget()
            if field is None or not isinstance(label_widget, QLabel):
                continue
            name = label_widget.text().replace("&", "").rstrip(":：")
            inner = field.widget()
            if inner is None and (row_layout := field.layout()) is not None \
                    and (first := row_layout.itemAt(0)) is not None:
                inner = first.widget()
            if inner is not None and type(inner) is QWidget:  # a row of widgets: the first input in it
                inputs = [w for w in inner.findChildren(QWidget) if isinstance(w, (QAbstractSpinBox, QComboBox))]
                inner = inputs[0] if inputs else inner
            if inner is not None and not inner.accessibleName():
                inner.setAccessibleName(name)
    for text_label in widget.findChildren(QLabel):  # a label outside a form, tied to its field
        buddy = text_label.buddy()
        if buddy is not None and not buddy.accessibleName():
            buddy.setAccessibleName(text_label.text().replace("&", "").rstrip(":："))


class _CheckBoxText(QLabel):
    """A check box's text as a word-wrapping label: a click on it toggles the box, as a click on the box's own text
    does."""

    def __init__(self, text: str, box: QCheckBox, parent: QWidget) -> None:
        super().__init__(text, parent)
        self.box = box
        self.setWordWrap(True)
        self.setBuddy(box)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton and self.box.isEnabled() \
                and self.rect().contains(event.position().toPoint()):
            self.box.toggle()
            self.box.setFocus(Qt.FocusReason.MouseFocusReason)
        super().mouseReleaseEvent(event)


def wrapping_check_box(text: str, parent: QWidget) -> tuple[QCheckBox, QWidget]:
    """A check box whose text wraps to its pane, and the row that holds it: a check box's own text never wraps, and
    a long one widened its page past the pane (the assumptions page scrolled sideways in Chinese at 1280 x 720,
    its fields cut off). The box carries the text as its name for screen readers."""
    row = QWidget(parent)
    box = QCheckBox(row)
    box.setAccessibleName(text.replace("&", ""))
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(box, 0, Qt.AlignmentFlag.AlignTop)
    layout.addWidget(_CheckBoxText(text, box, row), 1)
    return box, row


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


def replace_html(browser: QTextEdit, html: str) -> None:
    """Show new HTML in a scrolling text pane, laid out once. Replaced under a scroll bar shown as needed, the text is
    laid out twice: the old text cleared, the bar goes and the pane widens, then the new text brings it back (a
    plan's details: 7.6 ms of the GUI thread, 3.4 ms with the bar held). The bar is held for the swap and left to
    show as needed again, which hides it at once where the new text is short."""
    bar = browser.verticalScrollBar()
    held = bar.isVisible() and browser.verticalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAsNeeded
    if held:
        browser.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
    browser.setHtml(html)
    if held:
        browser.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)


class TableFirstSplitter(QSplitter):
    """A vertical splitter of a table above a details pane that gives the table room for `rows` rows (its header and
    horizontal scroll bar included) at any height, the rest to the details, which scroll. A fixed 3 : 5 split left
    one or two rows at 1.5x scaling on a 1280 x 720 screen (480 logical pixels high). It follows the pane's height
    until the user drags the handle; from then on the user's split is kept as Qt keeps it."""

    TABLE_SHARE = 3 / 8  # the split on a tall pane, where the rows fit easily
    DETAILS_MIN_LINES = 3  # the details keep at least this many lines of text

    def __init__(self, table: QTableView, details: QWidget, rows: int = 5,
                 parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.table, self.details, self.rows = table, details, rows
        self.addWidget(table)
        self.addWidget(details)
        self.moved_by_user = False
        self.splitterMoved.connect(self._user_moved)

    def _user_moved(self, _pos: int, _index: int) -> None:
        self.moved_by_user = True

    def table_height_for_rows(self) -> int:
        """Pixels the table needs to show `rows` rows: frame, header, rows and the horizontal scroll bar."""
        table = self.table
        header = table.horizontalHeader().sizeHint().height()
        rows = self.rows * table.verticalHeader().defaultSectionSize()
        scroll_bar = table.horizontalScrollBar().sizeHint().height()
        return 2 * table.frameWidth() + header + rows + scroll_bar

    def split_for(self, height: int) -> tuple[int, int]:
        """The table's and the details' heights for a splitter `height` pixels high."""
        room = height - self.handleWidth()
        details_min = self.DETAILS_MIN_LINES * self.details.fontMetrics().lineSpacing() + 12  # frame and margins
        table = max(round(room * self.TABLE_SHARE), min(self.table_height_for_rows(), room - details_min))
        return table, room - table

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if not self.moved_by_user and event.size().height() > 0:
            self.setSizes(list(self.split_for(event.size().height())))


class ContentSizedColumns(QObject):
    """A table's columns sized to the content of each new set of rows, up to the header's maximum section size (a
    longer name is elided, its full text in the tooltip), except a column the user resized by dragging its edge:
    that one keeps the width they gave it. Sized once, a column kept the first rows' width and cut a longer name
    that came later ('昇腾 …' after an L40S scenario).

    Where the table is too narrow for `keep_in_view` (the figure the rows are ranked by) to show, the `gives_way`
    column (the names) narrows down to `narrowest` pixels to make room; it widens again when the table does. At
    1024 x 600 the GPU names pushed the cost off screen."""

    def __init__(self, table: QTableView, keep_in_view: int | None = None, gives_way: int | None = None,
                 narrowest: int = 0) -> None:
        super().__init__(table)
        self.table = table
        self.keep_in_view, self.gives_way, self.narrowest = keep_in_view, gives_way, narrowest
        self.dragged: set[int] = set()  # logical columns the user resized
        self._measured: dict[int, frozenset[tuple[float, bool]]] = {}  # each column's texts when last sized
        self._pressed = False
        self._fitting = False
        header = table.horizontalHeader()
        header.viewport().installEventFilter(self)
        table.viewport().installEventFilter(self)
        header.sectionResized.connect(self._resized)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.MouseButtonPress:
            self._pressed = True
        elif event.type() == QEvent.Type.MouseButtonRelease:
            self._pressed = False
        elif (event.type() == QEvent.Type.Resize and watched is self.table.viewport() and not self._fitting
              and isinstance(event, QResizeEvent) and event.size().width() != event.oldSize().width()
              and self.table.model() is not None and self.table.model().rowCount() > 0):
            self.fit()  # the room changed: the names take what the ranked figure leaves them
        return super().eventFilter(watched, event)

    def _resized(self, column: int, _old: int, _new: int) -> None:
        if self._pressed and not self._fitting:  # a drag on the header, not a fit nor the last section's stretch
            self.dragged.add(column)

    def _measures(self) -> dict[int, frozenset[tuple[float, bool]]]:
        """What each column's width follows from: the width of each of its texts shown and whether the cell has an
        icon. Read from the model under a sorting or filtering proxy (a call through the proxy costs five times as
        much)."""
        model = self.table.model()
        rows: Sequence[int] = range(model.rowCount())
        if isinstance(model, QSortFilterProxyModel):
            rows = [model.mapToSource(model.index(row, 0)).row() for row in rows]
            model = model.sourceModel()
        metrics = QFontMetricsF(self.table.font())
        measures = {}
        for column in range(self.table.horizontalHeader().count()):
            cells = [model.index(row, column) for row in rows]
            measures[column] = frozenset(
                (metrics.horizontalAdvance(str(model.data(cell) or "")),
                 model.data(cell, Qt.ItemDataRole.DecorationRole) is not None) for cell in cells)
        return measures

    def fit(self, changed_only: bool = False) -> None:
        """Size every column the user has not dragged to its widest cell (and header) among the rows shown now,
        then narrow the names where the ranked figure would be off screen. `changed_only` (new rows in a table whose
        room is as it was): a column whose texts measure as before keeps the width it was given for them. Sizing a
        column asks the model for every role of every cell (8 rows of 16 columns: about 7 ms of the GUI thread a
        result); measuring its texts costs a fifth of that, and an edit changes a few columns' widths at most."""
        self._fitting = True
        try:
            header = self.table.horizontalHeader()
            keep, give = self.keep_in_view, self.gives_way
            measured = self._measures()
            changed = [column for column in measured if column not in self.dragged
                       and (not changed_only or measured[column] != self._measured.get(column))]
            self._measured = measured
            if changed and give is not None and give not in changed and give not in self.dragged:
                changed.append(give)  # it gave way to the others as they were: sized again, it gives way anew
            for column in changed:
                self.table.resizeColumnToContents(column)
            if keep is None or give is None or give in self.dragged or not changed:
                return
            overflow = header.sectionPosition(keep) + header.sectionSize(keep) - self.table.viewport().width()
            if overflow > 0:
                width = header.sectionSize(give)
                header.resizeSection(give, max(min(self.narrowest, width), width - overflow))
        finally:
            self._fitting = False
