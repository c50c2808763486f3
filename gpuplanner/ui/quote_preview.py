"""What a vendor quote will change, shown before anything is stored: each good line's item with its catalog price
before and the quoted price after, and each refused line with its reason. Applying stores the good lines only."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractTableModel, QLocale, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.catalog.quotes import QuoteChange, QuoteReading
from gpuplanner.core.cost.cost import price_date_words
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import translated


class _TextRows(QAbstractTableModel):
    """Rows of plain text (catalog and file text never read as markup), each cell its own tooltip, a row's text
    made when the view first shows it: a quote of 10,000 lines opens at once (made up front, its 50,000 cells held
    the GUI thread for a second)."""

    def __init__(self, headers: list[str], count: int, row_text: Callable[[int], list[str]],
                 parent: QWidget) -> None:
        super().__init__(parent)
        self._headers, self._count, self._row_text = headers, count, row_text
        self._made: dict[int, list[str]] = {}

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._headers)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole) and index.isValid():
            row = self._made.get(index.row())
            if row is None:
                row = self._made[index.row()] = self._row_text(index.row())
            return row[index.column()]
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self._headers[section]
        return None


def _table(headers: list[str], count: int, row_text: Callable[[int], list[str]], parent: QWidget) -> QTableView:
    table = QTableView(parent)
    table.setModel(_TextRows(headers, count, row_text, table))
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    header = table.horizontalHeader()
    header.setResizeContentsPrecision(64)  # widths from the first rows: the same shapes follow
    for column in range(len(headers) - 1):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(len(headers) - 1, QHeaderView.ResizeMode.Stretch)
    return table


class QuotePreviewDialog(QDialog):
    """The changes a quote makes and its refused lines; Apply (the accept button) stores the changes."""

    def __init__(self, file_name: str, reading: QuoteReading, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.reading = reading
        self.setWindowTitle(self.tr("Import a vendor quote"))
        locale = QLocale()
        changes, bad = len(reading.changes), len(reading.bad)
        layout = QVBoxLayout(self)
        summary = QLabel(fill(self.tr("%1: %2 price(s) will change in your catalog edits, %3 line(s) are refused."),
                              file_name, locale.toString(changes), locale.toString(bad)), self)
        summary.setTextFormat(Qt.TextFormat.PlainText)
        summary.setWordWrap(True)
        layout.addWidget(summary)
        self.changes = _table([self.tr("Line"), self.tr("Item"), self.tr("Catalog price now"),
                               self.tr("Quoted price"), self.tr("Quote date")],
                              changes, lambda row: self._change_cells(reading.changes[row], locale), self)
        layout.addWidget(self.changes)
        self.refused = _table([self.tr("Line"), self.tr("Why it is refused")],
                              bad, lambda row: [locale.toString(reading.bad[row].line),
                                                translated(reading.bad[row].error().message)], self)
        self.refused.setVisible(bool(bad))
        if bad:
            note = QLabel(self.tr("Refused lines are not imported: Apply stores the other lines only. Correct the "
                                  "refused lines in the file and import it again to add them."), self)
            note.setWordWrap(True)
            layout.addWidget(note)
            layout.addWidget(self.refused)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.apply_button: QPushButton | None = None
        if changes:
            self.apply_button = self.buttons.addButton(fill(self.tr("Apply %1 price(s)"), locale.toString(changes)),
                                                       QDialogButtonBox.ButtonRole.AcceptRole)
            self.apply_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(1040, 520)

    def _change_cells(self, change: QuoteChange, locale: QLocale) -> list[str]:
        quote = change.quote
        old = self.tr("n/a") if change.old_price is None else \
            f"{locale.toString(change.old_price, 'f', 2)} {change.old_currency}"
        if change.old_date:
            old += f" ({translated(price_date_words(change.old_date))})"
        new = f"{locale.toString(change.new_usd, 'f', 2)} USD"
        if quote.currency != "USD":
            new += f" ({locale.toString(quote.unit_price, 'f', 2)} {quote.currency})"
        return [locale.toString(quote.line), f"{quote.table}:{quote.item}", old, new, quote.date]
