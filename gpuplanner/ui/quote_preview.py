"""What a vendor quote will change, shown before anything is stored: each good line's item with its catalog price
before and the quoted price after, and each refused line with its reason. Applying stores the good lines only."""

from __future__ import annotations

from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.catalog.quotes import QuoteChange, QuoteReading
from gpuplanner.core.cost import price_date_words
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import translated


def _table(headers: list[str], rows: list[list[str]], parent: QWidget) -> QTableWidget:
    table = QTableWidget(len(rows), len(headers), parent)
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setWordWrap(False)
    for r, cells in enumerate(rows):
        for c, text in enumerate(cells):
            table.setItem(r, c, QTableWidgetItem(text))  # plain text: catalog and file text never read as markup
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
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
                              [self._change_cells(change, locale) for change in reading.changes], self)
        layout.addWidget(self.changes)
        self.refused = _table([self.tr("Line"), self.tr("Why it is refused")],
                              [[locale.toString(line.line), translated(line.error().message)] for line in reading.bad],
                              self)
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
        self.resize(820, 460)

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
