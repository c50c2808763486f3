"""The Catalog tab: one filterable table per catalog table, quotes imported, the user's own rows added, edited
and removed. A mixin of MainWindow."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, cast

from PySide6.QtCore import (
    Qt,
    Slot,
)
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QProgressDialog,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.catalog.store import CatalogWriteError, Row
from gpuplanner.i18n import fill
from gpuplanner.i18n.catalog_words import supply_words
from gpuplanner.i18n.messages import translated
from gpuplanner.ui.catalog_editor import CatalogEntryDialog
from gpuplanner.ui.catalog_model import SORT_ROLE as CATALOG_SORT_ROLE
from gpuplanner.ui.catalog_model import CatalogTableModel
from gpuplanner.ui.dialogs import confirm_removal, warn
from gpuplanner.ui.file_dialogs import open_file
from gpuplanner.ui.widgets import filtered_proxy
from gpuplanner.ui.window_parts import WindowParts
from gpuplanner.ui.worker import JobControl, LatestJobRunner

if TYPE_CHECKING:
    from gpuplanner.catalog.quotes import Quote, QuoteReading

T = TypeVar("T")  # what one quote step computes and hands to the step after it


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
        if "psu" in (keys := model.column_keys()):  # a typical server's supplies whole, in the user's language
            typical = supply_words(6, 3300, "4+2", "200-240 V")
            header.resizeSection(keys.index("psu"), self.fontMetrics().horizontalAdvance(typical) + 16)
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


class CatalogTabActions(WindowParts):
    """The catalog tab and the edits made from it."""

    def _build_catalog_tab(self) -> QWidget:
        tabs = QTabWidget(self)
        self.gpu_page = CatalogPage(CatalogTableModel([
            ("id", self.tr("ID")), ("vendor", self.tr("Vendor")), ("model", self.tr("Model")),
            ("memory_gib", self.tr("Memory (GiB)")),
            ("memory_bandwidth_gbs", self.tr("Bandwidth (GB/s)")),
            ("bf16_tflops", self.tr("BF16 dense (TFLOP/s)")), ("fp8_tflops", self.tr("FP8 dense (TFLOP/s)")),
            ("tdp_w", self.tr("TDP (W)")), ("confidence", self.tr("Confidence")),
            ("price_from", self.tr("Price from (%1)")),
            ("price_date", self.tr("Price date")),
            ("price_confidence", self.tr("Price confidence")),
            ("origin", self.tr("Origin")), ("as_of", self.tr("As of")), ("source", self.tr("Source"))], self), self)
        self.server_page = CatalogPage(CatalogTableModel([
            ("id", self.tr("ID")), ("vendor", self.tr("Vendor")), ("model", self.tr("Model")),
            ("gpu_count", self.tr("GPUs")), ("rack_units", self.tr("Rack units")),
            ("max_power_w", self.tr("Max power (W)")), ("psu", self.tr("PSUs")), ("weight_kg", self.tr("Weight (kg)")),
            ("confidence", self.tr("Confidence")), ("price", self.tr("Price (%1)")),
            ("price_date", self.tr("Price date")), ("price_confidence", self.tr("Price confidence")),
            ("price_source", self.tr("Price source")),
            ("origin", self.tr("Origin")), ("as_of", self.tr("As of")), ("source", self.tr("Source"))], self), self)
        self.cloud_page = CatalogPage(CatalogTableModel([
            ("provider", self.tr("Provider")), ("instance", self.tr("Instance")), ("gpu_model", self.tr("GPU")),
            ("gpu_count", self.tr("GPUs")), ("on_demand", self.tr("On-demand per hour (%1)")),
            ("region", self.tr("Region")), ("price_date", self.tr("Price date")),
            ("confidence", self.tr("Confidence")), ("origin", self.tr("Origin")), ("source", self.tr("Source"))],
            self), self)
        for page, table, label in ((self.gpu_page, "gpus", self.tr("GPUs", "catalog tab: the GPU table")),
                                   (self.server_page, "servers", self.tr("Servers")),
                                   (self.cloud_page, "cloud_instances", self.tr("Cloud prices"))):
            page.view.setAccessibleName(label)
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
    @Slot()
    def show_catalog_prices_in_scenario_currency(self) -> None:
        """The catalog's prices in the scenario's currency, at its USD-to-CNY rate (they followed USD alone)."""
        budget = self.wizard.budget_page
        for page in (self.gpu_page, self.server_page, self.cloud_page):
            page.model.set_currency(str(budget.currency.currentData()), budget.usd_to_cny.value())

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
        path = open_file(self, self.tr("Import a vendor quote"), self.tr("CSV files (*.csv)"))
        if path:
            self.import_quote_file(path)

    def import_quote_file(self, path: str) -> None:
        """Read a vendor's quote off the GUI thread (progress, cancel), show what it will change and its refused
        lines, and store the good lines if the user applies them (again off the GUI thread)."""
        from gpuplanner.catalog.quotes import read_quote
        from gpuplanner.scenario_file import read_text_capped

        rate = self.wizard.budget_page.usd_to_cny.value()
        catalog = self.catalog
        name = os.path.basename(path)
        self._run_quote_job(self.tr("Reading the quote…"),
                            lambda control: read_quote(read_text_capped(path, "quote"), catalog, rate,
                                                       progress=control.progress),
                            lambda reading: self._preview_quote(name, reading))

    def _preview_quote(self, name: str, reading: QuoteReading) -> None:
        from gpuplanner.ui.quote_preview import QuotePreviewDialog

        self.quote_preview = QuotePreviewDialog(name, reading, self)
        self.quote_preview.accepted.connect(lambda: self._apply_quote(reading))
        self.quote_preview.finished.connect(lambda _result: self.quote_preview.deleteLater())
        self.quote_preview.open()

    def _apply_quote(self, reading: QuoteReading) -> None:
        from gpuplanner.catalog.quotes import QUOTE_TABLES, apply_quote

        catalog = self.catalog

        def apply(control: JobControl) -> list[Quote] | CatalogWriteError:
            try:
                quotes = apply_quote(reading, catalog, progress=control.progress)
            except CatalogWriteError as exc:  # a full disk, a lock: said, nothing changed
                return exc
            for table in QUOTE_TABLES:  # read back here, so the GUI thread's reload finds them read
                catalog.rows(table)
            return quotes

        self._run_quote_job(self.tr("Storing the quoted prices…"), apply, self._quote_applied)

    def _quote_applied(self, outcome: list[Quote] | CatalogWriteError) -> None:
        self.reload_catalog_tables()
        if isinstance(outcome, CatalogWriteError):
            warn(self, self.tr("Quote not imported"), translated(outcome.message))
            return
        self.wizard.deployment_page.reload_gpus(self.catalog)
        self.replan_after(fill(self.tr("Imported %1 quoted price(s); the plans use them and say so."),
                               len(outcome)))

    def stop_quote_import(self) -> None:
        """Closing the window stops a quote being read or stored (a store stopped midway rolls back)."""
        if hasattr(self, "quote_runner"):
            self.quote_runner.cancel()
            self.quote_runner.wait(10_000)

    def _run_quote_job(self, label: str, job: Callable[[JobControl], T], done: Callable[[T], None]) -> None:
        """One step of a quote import on the quote runner, with a progress dialog whose Cancel stops it (nothing
        stored); a refused file says why."""
        if not hasattr(self, "quote_runner"):
            self.quote_runner = LatestJobRunner(self)
        runner = self.quote_runner
        progress = QProgressDialog(label, self.tr("Cancel"), 0, 0, self)
        progress.setWindowTitle(self.tr("Import a vendor quote"))
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(400)  # a small quote is done before it would flash
        progress.setAutoReset(False)
        self.quote_progress = progress

        def finish() -> None:
            for signal in (runner.finished, runner.failed, runner.cancelled, runner.progress):
                signal.disconnect()
            progress.canceled.disconnect()
            progress.close()
            progress.deleteLater()

        def on_progress(_job: int, step: int, total: int) -> None:
            progress.setMaximum(total)
            progress.setValue(step)

        def on_finished(_job: int, result: object) -> None:
            finish()
            done(cast(T, result))  # the runner hands back what `job` returned, untyped across the Qt signal

        def on_failed(_job: int, field: str, message: str) -> None:
            finish()
            if not field:  # a bug of ours, reported as such
                warn(self, self.tr("Quote not imported"), fill(self.tr(
                    "Something went wrong while importing the quote; nothing was changed.\n\n%1"), message))
                return
            warn(self, self.tr("Quote not imported"), fill(self.tr("Nothing was changed. %1"),
                                                           f"{field}: {message}"))

        def on_cancelled(_job: int) -> None:
            finish()
            self.show_message(self.tr("Quote import cancelled; nothing was changed."))

        runner.finished.connect(on_finished)
        runner.failed.connect(on_failed)
        runner.cancelled.connect(on_cancelled)
        runner.progress.connect(on_progress)
        progress.canceled.connect(runner.cancel)
        runner.submit(job)

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
