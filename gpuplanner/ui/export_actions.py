"""What the window writes out: the spec sheet (PDF, preview, printer), the charts, and the plans as CSV, xlsx or
the clipboard. A mixin of MainWindow."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QLocale,
    Qt,
    Slot,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
)

from gpuplanner.core.results.results import Plan, PlanResult
from gpuplanner.i18n import fill
from gpuplanner.report.xlsx import workbook_bytes
from gpuplanner.ui.dialogs import resize_within_screen, warn
from gpuplanner.ui.document_actions import write_failure
from gpuplanner.ui.file_dialogs import choose_folder, save_file
from gpuplanner.ui.plans_export import as_data, plan_rows, plans_csv
from gpuplanner.ui.window_parts import WindowParts

LETTER_TERRITORIES = {QLocale.Country.UnitedStates, QLocale.Country.Canada, QLocale.Country.Mexico}


def table_as_csv(model: QAbstractItemModel, rows: list[int] | None = None, delimiter: str = ",") -> str:
    """A table model's header and rows (all, or the given ones) as CSV text, cells as displayed; a cell that is not
    a number in the window's language is text, kept from being read as a formula (as_data)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    columns = range(model.columnCount())
    locale = QLocale()

    def cell(text: str) -> str:
        return text if locale.toDouble(text)[1] else as_data(text)

    writer.writerow([cell(str(model.headerData(c, Qt.Orientation.Horizontal) or "")) for c in columns])
    for row in (range(model.rowCount()) if rows is None else rows):
        writer.writerow([cell(str(model.data(model.index(row, c)) or "")) for c in columns])
    return out.getvalue()


class ExportActions(WindowParts):
    """The spec sheet, charts and plans, written where the user asks."""

    def _plan_for_sheet(self) -> Plan | None:
        """The selected plan, or None after telling the user why there is none to print."""
        if not self.results_are_current():
            self.show_message(self.tr("The plans are not up to date with the inputs; the sheet is not written."))
            return None
        plan = self.selected_plan()
        if plan is None:
            self.show_message(self.tr("Select a plan first."))
        return plan

    def _sheet_options(self) -> Any:
        from gpuplanner.report.spec_sheet import SheetOptions

        return SheetOptions(project=Path(self.current_path).stem if self.current_path else "",
                            page_size="Letter" if QLocale().territory() in LETTER_TERRITORIES else "A4")

    def sheet_document(self) -> Any:
        from gpuplanner.report.spec_sheet import build_document

        plan = self._plan_for_sheet()
        return None if plan is None else build_document(plan, self._sheet_options(), self.catalog.as_of(),
                                                        self.last_result)

    @Slot()
    def export_pdf(self) -> None:
        if self._plan_for_sheet() is None:
            return
        path = save_file(self, self.tr("Export spec sheet"), "spec-sheet.pdf", self.tr("PDF files (*.pdf)"))
        if path:
            self.write_pdf(path)

    def write_pdf(self, path: str) -> int:
        from gpuplanner.report.spec_sheet import write_pdf

        plan = self._plan_for_sheet()
        if plan is None:
            return 0
        try:
            pages = write_pdf(path, plan, self._sheet_options(), self.catalog.as_of(), self.last_result)
        except OSError as exc:
            warn(self, self.tr("Spec sheet not written"),
                 fill(self.tr("%1 was not written (%2); a file already there is unchanged."), path,
                      write_failure(exc)))
            return 0
        self.show_message(fill(self.tr("Wrote %1 (%2 pages)"), path, str(pages)))
        return pages

    def _printer(self) -> Any:
        from PySide6.QtPrintSupport import QPrinter

        from gpuplanner.report.pages import sheet_page_layout

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageLayout(sheet_page_layout(self._sheet_options().page_size))  # the page the PDF is made on
        return printer

    @Slot()
    def print_preview(self) -> None:
        from PySide6.QtPrintSupport import QPrintPreviewDialog

        from gpuplanner.report.pages import render

        document = self.sheet_document()
        if document is None:
            return
        self.preview_printer = self._printer()  # the dialog does not own its printer: keep it alive
        dialog = QPrintPreviewDialog(self.preview_printer, self)
        dialog.paintRequested.connect(lambda printer: render(document, printer))
        resize_within_screen(dialog, 900, 1000, self)
        dialog.open()
        self.preview_dialog = dialog

    @Slot()
    def print_sheet(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog

        from gpuplanner.report.pages import render

        document = self.sheet_document()
        if document is None:
            return
        printer = self._printer()
        if QPrintDialog(printer, self).exec() == QDialog.DialogCode.Accepted:
            render(document, printer)

    @Slot()
    def export_charts(self) -> None:
        folder = choose_folder(self, self.tr("Export charts into a folder"))
        if folder:
            self.write_charts(Path(folder))

    def write_charts(self, folder: Path) -> bool:
        """Every chart as PNG and SVG into `folder` (existing files of the same name are replaced)."""
        self.ensure_charts()
        assert self.charts is not None
        try:
            written = self.charts.export(folder)
        except OSError as exc:
            warn(self, self.tr("Not exported"), fill(self.tr("Could not write %1: %2"), str(folder),
                                                     write_failure(exc)))
            return False
        self.show_message(fill(self.tr("Exported %1 chart files to %2"), len(written), str(folder)))
        return True

    @Slot()
    def export_plans_csv(self) -> None:
        path = save_file(self, self.tr("Export plans"), "plans.csv", self.tr("CSV files (*.csv)"))
        if path:
            self.write_plans_csv(path)

    def export_plans_xlsx(self) -> None:
        path = save_file(self, self.tr("Export plans"), "plans.xlsx", self.tr("Excel workbooks (*.xlsx)"))
        if path:
            self.write_plans_xlsx(path)

    def write_plans_csv(self, path: str) -> bool:
        """Every plan the last result evaluated, numbers as numbers with units in the headers, for a spreadsheet
        (with a BOM: Excel reads it as UTF-8)."""
        return self._write_plans(path, lambda result: ("\ufeff" + plans_csv(result)).encode("utf-8"))

    def write_plans_xlsx(self, path: str) -> bool:
        """The same rows as the CSV, as a workbook an IT buyer forwards (header bold and frozen)."""
        return self._write_plans(path, lambda result: workbook_bytes(plan_rows(result), self.tr("Plans")))

    def _write_plans(self, path: str, encode: Callable[[PlanResult], bytes]) -> bool:
        if self.last_result is None:
            self.show_message(self.tr("No plans to export yet."))
            return False
        problem = self.write_atomically(path, encode(self.last_result))
        if problem is not None:
            warn(self, self.tr("Not exported"),
                 fill(self.tr("%1 was not written (%2); a file already there is unchanged."), path, problem))
            return False
        self.show_message(fill(self.tr("Exported the plans to %1"), path))
        return True

    @Slot()
    def copy_selected_plans(self) -> None:
        rows = sorted(index.row() for index in self.plans_view.selectionModel().selectedRows())
        QApplication.clipboard().setText(table_as_csv(self.plans_proxy, rows, delimiter="\t"))
        self.show_message(fill(self.tr("Copied %1 plan(s)"), str(len(rows))))
