"""A read-only table model over catalog rows (GPUs, servers, cloud prices), per the Qt model contract."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from gpuplanner.catalog.store import Row, format_cell
from gpuplanner.core.base.messages import Bilingual
from gpuplanner.core.cost.cost import CostAssumptions, converted_price, price_date_words
from gpuplanner.core.site.availability import offer_region
from gpuplanner.i18n import fill
from gpuplanner.i18n.catalog_words import price_source_words, source_words, supply_cell
from gpuplanner.i18n.messages import term, translated
from gpuplanner.i18n.terms import CONFIDENCE_COLUMNS
from gpuplanner.report.formatting import currency_name, money, not_available
from gpuplanner.ui.dialogs import plain_tooltip

# Columns whose row may carry the vendor's own Chinese name beside them (key + "_zh"), shown to a reader in Chinese.
NAMED_COLUMNS = ("vendor", "model")
# Price columns shown in the user's currency: each reads the first of its (column, currency listed in) that the row
# fills; a currency of None is the row's own `currency` column (a cloud offer's). The header holds %1, the currency.
PRICE_COLUMNS: dict[str, tuple[tuple[str, str | None], ...]] = {
    "price_from": (("price_usd_low", "USD"), ("price_cny_low", "CNY")),
    "price": (("price_usd", "USD"),),
    "on_demand": (("on_demand_per_hour", None),),
}


def listed_price(row: Row, column: str) -> tuple[float, str] | None:
    """A price column's amount and the currency its source lists it in (None: the row gives none)."""
    for key, listed in PRICE_COLUMNS[column]:
        value = row.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value), listed or str(row.get("currency") or "USD")
    return None


# Columns about a row's price: their tooltip names the price's own source (a GPU's or server's price_source) rather
# than the datasheet the row's other figures come from.
PRICE_FACT_COLUMNS = ("price_from", "price", "price_date", "price_confidence", "price_source")


def _whole(value: object) -> int | None:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _real(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def supplies_shown(row: Row) -> str:
    """A server row's power supplies in the user's language (report.catalog_words: the structured columns worded by
    the app, the description labelled as the source's words where they are empty)."""
    return supply_cell(_whole(row.get("psu_count")), _real(row.get("psu_w")), str(row.get("psu_redundancy") or ""),
                       str(row.get("psu") or ""))


def cited_source(row: Row, key: str) -> str:
    """Where a cell's figure comes from, as its tooltip says it: a price's own source in the user's language (the
    citation labelled as the source's words), a supply description as the source wrote it, then the row's source and
    the date it was read."""
    source = f"{format_cell(row.get('source'))} ({format_cell(row.get('as_of'))})"
    if key in PRICE_FACT_COLUMNS and (price := price_source_words(str(row.get("price_source") or ""))):
        return f"{price}\n{source}"
    if key == "psu" and str(row.get("psu") or "").strip():
        return f"{source_words(str(row['psu']))}\n{source}"
    return source


SOURCE_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2

ModelIndex = QModelIndex | QPersistentModelIndex


class CatalogTableModel(QAbstractTableModel):
    """Rows of one catalog table; `columns` is a list of (key, translated header)."""

    def __init__(self, columns: list[tuple[str, str]], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._columns = columns
        self._rows: list[Row] = []
        self._currency, self._usd_to_cny = "USD", CostAssumptions.usd_to_cny

    def set_currency(self, currency: str, usd_to_cny: float) -> None:
        """Show prices in `currency`, converted at `usd_to_cny` (the scenario's)."""
        if (currency, usd_to_cny) == (self._currency, self._usd_to_cny):
            return
        self._currency, self._usd_to_cny = currency, usd_to_cny
        prices = [c for c, (key, _) in enumerate(self._columns) if key in PRICE_COLUMNS]
        if prices and self._rows:
            self.dataChanged.emit(self.index(0, min(prices)), self.index(len(self._rows) - 1, max(prices)))
        if prices:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, min(prices), max(prices))

    def _price(self, row: Row, column: str) -> float | None:
        listed = listed_price(row, column)
        if listed is None:
            return None
        return converted_price(listed[0], listed[1], self._currency, self._usd_to_cny)

    def _price_note(self, row: Row, column: str) -> str:
        """Where a shown price comes from: the amount and currency its source lists, and the rate it was shown at."""
        listed = listed_price(row, column)
        if listed is None or listed[1] == self._currency:
            return ""
        amount, currency = listed
        return fill(QCoreApplication.translate("CatalogTableModel", "Listed at %1 %2; shown at %3 CNY per USD"),
                    format_cell(amount), currency_name(currency), QLocale().toString(self._usd_to_cny, "f", 4)) + "\n"

    def set_rows(self, rows: list[Row]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def column_keys(self) -> list[str]:
        """The catalog column each table column shows, in order."""
        return [key for key, _ in self._columns]

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
        key = self._columns[index.column()][0]
        value = self._price(row, key) if key in PRICE_COLUMNS else row.get(key)
        if role == Qt.ItemDataRole.DisplayRole and key in PRICE_COLUMNS and isinstance(value, int | float):
            return money(value, self._currency, 0 if value >= 100 else 2)
        if role == Qt.ItemDataRole.DisplayRole:
            if key == "psu":  # the structured columns say it where the description is empty too
                return supplies_shown(row) or not_available()
            if value is None or value == "":
                return not_available()  # 不详 in Chinese
            if key == "price_source":
                return price_source_words(str(value))
            if key == "region":  # "all": the provider's one price for every region, in words
                return translated(offer_region(str(value)))
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
            source = cited_source(row, key)
            if key in PRICE_COLUMNS:
                source = self._price_note(row, key) + source
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
            key, header = self._columns[section]
            return fill(header, currency_name(self._currency)) if key in PRICE_COLUMNS else header
        return None

