"""The main window. For now: the hardware catalog with sources; the planning wizard lands in a later issue."""

from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QMainWindow,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.catalog.store import Catalog
from gpuplanner.ui.catalog_model import SORT_ROLE, CatalogTableModel


class CatalogPage(QWidget):
    """One catalog table with a filter box; every cell's tooltip names its source and date."""

    def __init__(self, model: CatalogTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(model)
        self.proxy.setSortRole(SORT_ROLE)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText(self.tr("Filter…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QTableView(self)
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.view.horizontalHeader().setStretchLastSection(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.view)


class MainWindow(QMainWindow):
    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.setWindowTitle(self.tr("GPU Planner"))
        self.resize(1200, 760)
        self.tabs = QTabWidget(self)
        self.gpu_page = CatalogPage(CatalogTableModel(self._gpu_columns(), self), self)
        self.gpu_page.model.set_rows(catalog.rows("gpus"))
        self.gpu_page.view.resizeColumnsToContents()
        self.tabs.addTab(self.gpu_page, self.tr("GPUs"))
        self.server_page = CatalogPage(CatalogTableModel(self._server_columns(), self), self)
        self.server_page.model.set_rows(catalog.rows("servers"))
        self.tabs.addTab(self.server_page, self.tr("Servers"))
        self.cloud_page = CatalogPage(CatalogTableModel(self._cloud_columns(), self), self)
        self.cloud_page.model.set_rows(catalog.rows("cloud_instances"))
        self.tabs.addTab(self.cloud_page, self.tr("Cloud prices"))
        self.setCentralWidget(self.tabs)
        self.statusBar().addWidget(QLabel(self.tr("Prices are approximate and dated; hover a cell for its source.")))
        for message in catalog.messages:
            self.statusBar().showMessage(message)

    def _gpu_columns(self) -> list[tuple[str, str]]:
        return [
            ("id", self.tr("ID")), ("vendor", self.tr("Vendor")), ("model", self.tr("Model")),
            ("memory_gib", self.tr("Memory (GiB)")), ("memory_bandwidth_gbs", self.tr("Bandwidth (GB/s)")),
            ("bf16_tflops", self.tr("BF16 dense (TFLOP/s)")), ("fp8_tflops", self.tr("FP8 dense (TFLOP/s)")),
            ("tdp_w", self.tr("TDP (W)")), ("interconnect", self.tr("Interconnect")),
            ("as_of", self.tr("As of")), ("source", self.tr("Source")),
        ]

    def _server_columns(self) -> list[tuple[str, str]]:
        return [
            ("id", self.tr("ID")), ("vendor", self.tr("Vendor")), ("model", self.tr("Model")),
            ("gpu_count", self.tr("GPUs")), ("rack_units", self.tr("Rack units")),
            ("max_power_w", self.tr("Max power (W)")), ("psu", self.tr("PSUs")), ("weight_kg", self.tr("Weight (kg)")),
            ("as_of", self.tr("As of")), ("source", self.tr("Source")),
        ]

    def _cloud_columns(self) -> list[tuple[str, str]]:
        return [
            ("provider", self.tr("Provider")), ("instance", self.tr("Instance")), ("gpu_model", self.tr("GPU")),
            ("gpu_count", self.tr("GPUs")), ("on_demand_per_hour", self.tr("On-demand per hour")),
            ("currency", self.tr("Currency")), ("region", self.tr("Region")),
            ("price_date", self.tr("Price date")), ("source", self.tr("Source")),
        ]
