"""Add or edit the user's own catalog rows (GPUs, cloud prices). Validation is the catalog's own."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from gpuplanner.catalog.store import Catalog, CatalogWriteError, Row
from gpuplanner.core.errors import InputError
from gpuplanner.i18n import fill
from gpuplanner.report.core_messages import translated, translated_error
from gpuplanner.ui.widgets import clear_invalid, mark_invalid

EDITABLE_COLUMNS = {
    "gpus": ("id", "vendor", "model", "segment", "architecture", "form_factor", "memory_gib", "memory_bandwidth_gbs",
             "bf16_tflops", "fp16_tflops", "fp8_tflops", "tdp_w", "interconnect", "interconnect_gbs",
             "price_usd_low", "price_usd_high", "price_source", "source", "as_of", "notes"),
    "servers": ("id", "vendor", "model", "gpu_ids", "gpu_count", "rack_units", "max_power_w", "psu", "psu_count",
                "psu_w", "psu_redundancy", "cpu", "system_memory_gb", "networking", "weight_kg", "cooling", "price_usd",
                "price_source", "source", "as_of", "notes"),
    "cloud_instances": ("id", "provider", "instance", "gpu_id", "gpu_count", "on_demand_per_hour", "currency",
                        "region", "price_date", "as_of", "source", "notes"),
}


class CatalogEntryDialog(QDialog):
    def __init__(self, catalog: Catalog, table: str, row: Row | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.table = table
        self.setWindowTitle(self.tr("Your catalog entry"))
        form = QFormLayout()
        self.edits: dict[str, QLineEdit] = {}
        for column in EDITABLE_COLUMNS[table]:
            edit = QLineEdit(self)
            value = None if row is None else row.get(column)
            edit.setText("" if value is None else str(value))
            self.edits[column] = edit
            form.addRow(column, edit)
        if table == "gpus" and row is None:
            self.edits["segment"].setText("datacenter")
        self.message = QLabel(self)
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # it echoes what the user typed
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b52b27;")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel,
                                   self)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Your entries are stored in your own database and override the bundled "
                                        "catalog; the bundled file is never changed."), self))
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)

    def values(self) -> Row:
        return {column: edit.text().strip() or None for column, edit in self.edits.items()}

    def save(self) -> None:
        for edit in self.edits.values():
            clear_invalid(edit)
        try:
            self.catalog.save_user_row(self.table, self.values())
        except InputError as exc:
            column = exc.field.split(".", 1)[-1]
            if column in self.edits:
                mark_invalid(self.edits[column], translated(exc.message))
                self.edits[column].setFocus()
            self.message.setText(fill(self.tr("Not saved: %1"), translated_error(exc)))
            return
        except CatalogWriteError as exc:  # full disk, lock, permissions: the form keeps what was typed
            self.message.setText(translated(exc.message))
            return
        self.accept()
