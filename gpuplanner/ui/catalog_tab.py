"""The Catalog tab: one filterable table per catalog table, quotes imported, the user's own rows added, edited
and removed. A mixin of MainWindow."""

from __future__ import annotations

from PySide6.QtCore import (
    Qt,
    Slot,
)
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.catalog.store import CatalogWriteError, Row
from gpuplanner.core.errors import InputError
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import translated, translated_error
from gpuplanner.ui.catalog_editor import CatalogEntryDialog
from gpuplanner.ui.catalog_model import SORT_ROLE as CATALOG_SORT_ROLE
from gpuplanner.ui.catalog_model import CatalogTableModel
from gpuplanner.ui.dialogs import confirm_removal, warn
from gpuplanner.ui.widgets import filtered_proxy


class CatalogPage(QWidget):
    """One catalog table with a filter box; every cell's tooltip names its source and date."""

    def __init__(self, model: CatalogTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.proxy, self.filter_edit = filtered_proxy(model, CATALOG_SORT_ROLE, self.tr("Filter…"), self)
        self.view = QTableView(self)
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        header = self.view.horizontalHeader()
        header.setStretchLastSection(True)
        for section in range(header.count()):  # every header whole ("BF16 dense (TFLOP/s)" read "16 dense (TFLOP")
            header.resizeSection(section, max(header.sectionSize(section),
                                              header.sectionSizeFromContents(section).width()))
        self.buttons = QHBoxLayout()
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.view)
        layout.addLayout(self.buttons)

    def selected_row(self) -> Row | None:
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.row_at(self.proxy.mapToSource(rows[0]).row())


class CatalogTabActions:
    """The catalog tab and the edits made from it."""

    def _build_catalog_tab(self) -> QWidget:
        tabs = QTabWidget(self)
        self.gpu_page = CatalogPage(CatalogTableModel([
            ("id", self.tr("ID")), ("vendor", self.tr("Vendor")), ("model", self.tr("Model")),
            ("memory_gib", self.tr("Memory (GiB)")),
            ("memory_bandwidth_gbs", self.tr("Bandwidth (GB/s)")),
            ("bf16_tflops", self.tr("BF16 dense (TFLOP/s)")), ("fp8_tflops", self.tr("FP8 dense (TFLOP/s)")),
            ("tdp_w", self.tr("TDP (W)")), ("confidence", self.tr("Confidence")),
            ("price_usd_low", self.tr("Price from (USD)")), ("price_cny_low", self.tr("Price from (CNY)")),
            ("price_date", self.tr("Price date")),
            ("price_confidence", self.tr("Price confidence")),
            ("origin", self.tr("Origin")), ("as_of", self.tr("As of")), ("source", self.tr("Source"))], self), self)
        self.server_page = CatalogPage(CatalogTableModel([
            ("id", self.tr("ID")), ("vendor", self.tr("Vendor")), ("model", self.tr("Model")),
            ("gpu_count", self.tr("GPUs")), ("rack_units", self.tr("Rack units")),
            ("max_power_w", self.tr("Max power (W)")), ("psu", self.tr("PSUs")), ("weight_kg", self.tr("Weight (kg)")),
            ("confidence", self.tr("Confidence")), ("price_usd", self.tr("Price (USD)")),
            ("price_date", self.tr("Price date")), ("price_confidence", self.tr("Price confidence")),
            ("price_source", self.tr("Price source")),
            ("origin", self.tr("Origin")), ("as_of", self.tr("As of")), ("source", self.tr("Source"))], self), self)
        self.cloud_page = CatalogPage(CatalogTableModel([
            ("provider", self.tr("Provider")), ("instance", self.tr("Instance")), ("gpu_model", self.tr("GPU")),
            ("gpu_count", self.tr("GPUs")), ("on_demand_per_hour", self.tr("On-demand per hour")),
            ("currency", self.tr("Currency")), ("region", self.tr("Region")), ("price_date", self.tr("Price date")),
            ("confidence", self.tr("Confidence")), ("origin", self.tr("Origin")), ("source", self.tr("Source"))],
            self), self)
        for page, table, label in ((self.gpu_page, "gpus", self.tr("GPUs", "catalog tab: the GPU table")),
                                   (self.server_page, "servers", self.tr("Servers")),
                                   (self.cloud_page, "cloud_instances", self.tr("Cloud prices"))):
            add = QPushButton(self.tr("Add your own…"), page)
            edit = QPushButton(self.tr("Edit as your own…"), page)
            remove = QPushButton(self.tr("Remove your entry"), page)
            add.clicked.connect(lambda _=False, t=table: self.edit_catalog_entry(t, None))
            edit.clicked.connect(lambda _=False, t=table, p=page: self.edit_catalog_entry(t, p.selected_row()))
            remove.clicked.connect(lambda _=False, t=table, p=page: self.remove_catalog_entry(t, p.selected_row()))
            for button in (add, edit, remove):
                page.buttons.addWidget(button)
            page.buttons.addStretch(1)
            tabs.addTab(page, label)
        note = QLabel(self.tr("Prices are approximate and carry the date their source gives, or say it gives "
                              "none; hover a cell for its source. Unknown values show as n/a."), self)
        note.setWordWrap(True)
        self.catalog_date = QLabel(self)
        self.catalog_date.setTextFormat(Qt.TextFormat.PlainText)
        self.catalog_date.setWordWrap(True)
        wrapper = QWidget(self)
        layout = QVBoxLayout(wrapper)
        layout.addWidget(self.catalog_date)
        layout.addWidget(note)
        layout.addWidget(tabs)
        self.reload_catalog_tables()
        return wrapper

    # --- catalog editing -----------------------------------------------------------------------------------
    def reload_catalog_tables(self) -> None:
        self.gpu_page.model.set_rows(self.catalog.rows("gpus"))
        self.server_page.model.set_rows(self.catalog.rows("servers"))
        self.cloud_page.model.set_rows(self.catalog.rows("cloud_instances"))
        self.catalog_date.setText(fill(self.tr("Catalog data as of %1; a price over 12 months old, or undated, is "
                                               "flagged in the plans that use it. Confidence: vendor datasheet, "
                                               "vendor document, secondary source or estimate."),
                                       self.catalog.as_of() or self.tr("n/a")))

    @Slot()
    def import_quote(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import a vendor quote"), "",
                                              self.tr("CSV files (*.csv)"))
        if path:
            self.import_quote_file(path)

    def import_quote_file(self, path: str) -> int:
        """A vendor's prices into the user's catalog edits (all lines or none); returns how many were imported."""
        from gpuplanner.catalog.quotes import import_quotes
        from gpuplanner.scenario_file import read_text_capped

        rate = self.wizard.budget_page.usd_to_cny.value()
        try:
            quotes = import_quotes(read_text_capped(path, "quote"), self.catalog, rate)
        except InputError as exc:
            warn(self, self.tr("Quote not imported"), fill(self.tr("Nothing was changed. %1"), translated_error(exc)))
            return 0
        except CatalogWriteError as exc:
            warn(self, self.tr("Quote not imported"), translated(exc.message))
            return 0
        self.reload_catalog_tables()
        self.show_message(fill(self.tr("Imported %1 quoted price(s); the plans use them and say so."), len(quotes)))
        self.debouncer.poke()
        return len(quotes)

    def edit_catalog_entry(self, table: str, row: Row | None) -> None:
        dialog = CatalogEntryDialog(self.catalog, table, row, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.reload_catalog_tables()
            self.wizard.deployment_page.reload_gpus(self.catalog)  # usable at once, no restart
            self.debouncer.poke()

    def remove_catalog_entry(self, table: str, row: Row | None) -> None:
        if row is None or row.get("origin") != "user":
            self.show_message(self.tr("Select one of your own entries to remove it; bundled rows stay."))
            return
        if not confirm_removal(self, self.tr("Remove your entry"), fill(self.tr(
                "Remove your entry %1 from your catalog edits? Plans that use it change; a bundled row of the same "
                "id, if any, comes back."), str(row["id"]))):
            return
        try:
            self.catalog.delete_user_row(table, str(row["id"]))
        except CatalogWriteError as exc:
            warn(self, self.tr("Not removed"), translated(exc.message))
            return
        self.reload_catalog_tables()
        self.wizard.deployment_page.reload_gpus(self.catalog)
        self.debouncer.poke()
