"""A read-only table model over catalog rows (GPUs, servers, cloud prices), per the Qt model contract."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from gpuplanner.catalog.store import Row, format_cell
from gpuplanner.core.cost import price_date_words
from gpuplanner.core.messages import Bilingual
from gpuplanner.i18n.messages import term, translated
from gpuplanner.i18n.terms import CONFIDENCE_COLUMNS
from gpuplanner.report.formatting import not_available
from gpuplanner.ui.dialogs import plain_tooltip

# Columns whose row may carry the vendor's own Chinese name beside them (key + "_zh"), shown to a reader in Chinese.
NAMED_COLUMNS = ("vendor", "model")
SOURCE_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2

ModelIndex = QModelIndex | QPersistentModelIndex


class CatalogTableModel(QAbstractTableModel):
    """Rows of one catalog table; `columns` is a list of (key, translated header)."""

    def __init__(self, columns: list[tuple[str, str]], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._columns = columns
        self._rows: list[Row] = []

    def set_rows(self, rows: list[Row]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row_at(self, row: int) -> Row:
        return self._rows[row]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self._rows)):
            return None
        row = self._rows[index.row()]
        value = row.get(self._columns[index.column()][0])
        if role == Qt.ItemDataRole.DisplayRole:
            if value is None or value == "":
                return not_available()  # 不详 in Chinese
            if self._columns[index.column()][0] in CONFIDENCE_COLUMNS:
                return term(str(value))
            if self._columns[index.column()][0] == "price_date":
                return translated(price_date_words(str(value)))  # "undated (…)", "between … and …" in words
            if (key := self._columns[index.column()][0]) in NAMED_COLUMNS:
                return translated(Bilingual(str(value), {"zh_CN": str(row.get(f"{key}_zh") or "")}))
            return format_cell(value)
        if role == SORT_ROLE:
            return value if isinstance(value, int | float) else format_cell(value).lower()
        if role in (Qt.ItemDataRole.ToolTipRole, SOURCE_ROLE):
            source = f"{format_cell(row.get('source'))} ({format_cell(row.get('as_of'))})"
            if self._columns[index.column()][0] == "price_date" and value:  # the whole date, which the cell elides
                source = f"{translated(price_date_words(str(value)))}\n{source}"
            return plain_tooltip(source) if role == Qt.ItemDataRole.ToolTipRole else source
        if role == Qt.ItemDataRole.TextAlignmentRole and isinstance(value, int | float):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if role == Qt.ItemDataRole.DisplayRole and horizontal and 0 <= section < len(self._columns):
            return self._columns[section][1]
        return None
