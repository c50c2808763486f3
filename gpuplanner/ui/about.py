"""About GPU Planner: versions, the catalog's date, and every third-party licence the app ships (plain text)."""

from __future__ import annotations

import platform

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, Slot, qVersion
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpuplanner import __version__
from gpuplanner.i18n import fill
from gpuplanner.licenses import Component, own_licence_path, third_party_components


class AboutDialog(QDialog):
    def __init__(self, catalog_as_of: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("About GPU Planner"))
        self.components = third_party_components()
        summary = QLabel(self)
        summary.setTextFormat(Qt.TextFormat.PlainText)
        summary.setWordWrap(True)
        summary.setText(fill(self.tr("GPU Planner %1 — MIT licence\nQt %2, Qt for Python %3, Python %4\n"
                                "Hardware catalog as of %5\nEstimates are checked against published measured "
                                "runs; prices are approximate, each with its source's date or marked undated."),
                             __version__, qVersion(), pyside_version,
                             platform.python_version(), catalog_as_of or self.tr("n/a")))
        self.table = QTableWidget(len(self.components) + 1, 3, self)
        self.table.setHorizontalHeaderLabels([self.tr("Component"), self.tr("Version"), self.tr("Licence")])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        rows = [("GPU Planner", __version__, "MIT"), *((c.name, c.version, c.licence) for c in self.components)]
        for row, cells in enumerate(rows):
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.licence_text = QPlainTextEdit(self)
        self.licence_text.setReadOnly(True)
        self.table.currentCellChanged.connect(self.show_licence)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.licence_text, 2)
        layout.addWidget(buttons)
        self.resize(760, 620)
        self.table.setCurrentCell(0, 0)

    @Slot(int, int, int, int)
    def show_licence(self, row: int, _column: int = 0, _old_row: int = 0, _old_column: int = 0) -> None:
        paths = [own_licence_path()] if row == 0 else list(self._component(row).texts)
        texts = [path.read_text(encoding="utf-8", errors="replace") for path in paths if path.is_file()]
        self.licence_text.setPlainText(("\n" + "=" * 72 + "\n").join(texts) or self.tr("n/a"))

    def _component(self, row: int) -> Component:
        return self.components[row - 1]
