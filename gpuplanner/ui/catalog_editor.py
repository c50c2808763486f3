"""Add or edit the user's own catalog rows (GPUs, cloud prices). Validation is the catalog's own."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.catalog.quotes import cny_price_note
from gpuplanner.catalog.schema import BOOL, INTEGER, REAL, REQUIRED, TABLES
from gpuplanner.catalog.store import Catalog, CatalogWriteError, Row
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.cost.cost import CostAssumptions
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import translated
from gpuplanner.i18n.terms import QT_TRANSLATE_NOOP
from gpuplanner.ui.dialogs import resize_within_screen
from gpuplanner.ui.number_input import Refusal, parse_number
from gpuplanner.ui.widgets import clear_invalid, mark_invalid, refusal_text

EDITABLE_COLUMNS = {
    "gpus": ("id", "vendor", "model", "segment", "architecture", "form_factor", "memory_gib", "memory_bandwidth_gbs",
             "bf16_tflops", "fp16_tflops", "fp8_tflops", "fp4_tflops", "tdp_w", "ecc", "interconnect",
             "interconnect_gbs", "fabric", "price_usd_low", "price_usd_high", "price_source", "price_date", "source",
             "as_of", "notes"),
    "servers": ("id", "vendor", "model", "gpu_ids", "gpu_count", "rack_units", "max_power_w", "psu", "psu_count",
                "psu_w", "psu_redundancy", "cpu", "system_memory_gb", "networking", "weight_kg", "cooling", "price_usd",
                "price_source", "price_date", "source", "as_of", "notes"),
    "cloud_instances": ("id", "provider", "instance", "gpu_id", "gpu_count", "on_demand_per_hour", "currency",
                        "region", "price_date", "as_of", "source", "notes"),
}


# Suggested values for the text fields whose words the planner reads (any text is still allowed).
CHOICES: dict[str, tuple[str, ...]] = {
    "segment": ("datacenter", "workstation", "consumer"),
    "form_factor": ("SXM", "OAM", "PCIe (dual-slot)", "PCIe (single-slot)", "PCIe consumer card",
                    "PCIe workstation (dual-slot)"),
    "interconnect": ("NVLink 4", "NVLink 5", "NVLink bridge (pairs)", "Infinity Fabric", "HCCS", "none (PCIe only)"),
    "cooling": ("air", "liquid"),
    "currency": ("USD", "CNY"),
    "ecc": ("yes", "no"),
}
STRICT_CHOICES = ("segment", "currency", "ecc")  # the planner accepts only these words
# Choice words the form shows in the user's language (the catalog stores the English word); product and link names
# (SXM, NVLink 4, HCCS) stay as their makers write them.
WORDS = {
    "datacenter": QT_TRANSLATE_NOOP("CatalogEntryDialog", "datacenter"),
    "workstation": QT_TRANSLATE_NOOP("CatalogEntryDialog", "workstation"),
    "consumer": QT_TRANSLATE_NOOP("CatalogEntryDialog", "consumer"),
    "air": QT_TRANSLATE_NOOP("CatalogEntryDialog", "air"),
    "liquid": QT_TRANSLATE_NOOP("CatalogEntryDialog", "liquid"),
    "yes": QT_TRANSLATE_NOOP("CatalogEntryDialog", "yes"),
    "no": QT_TRANSLATE_NOOP("CatalogEntryDialog", "no"),
    "none (PCIe only)": QT_TRANSLATE_NOOP("CatalogEntryDialog", "none (PCIe only)"),
    "NVLink bridge (pairs)": QT_TRANSLATE_NOOP("CatalogEntryDialog", "NVLink bridge (pairs)"),
    "PCIe (dual-slot)": QT_TRANSLATE_NOOP("CatalogEntryDialog", "PCIe (dual-slot)"),
    "PCIe (single-slot)": QT_TRANSLATE_NOOP("CatalogEntryDialog", "PCIe (single-slot)"),
    "PCIe consumer card": QT_TRANSLATE_NOOP("CatalogEntryDialog", "PCIe consumer card"),
    "PCIe workstation (dual-slot)": QT_TRANSLATE_NOOP("CatalogEntryDialog", "PCIe workstation (dual-slot)"),
}
BOOL_WORDS = {1: "yes", 0: "no"}  # a stored yes/no (ECC) as the form words it
# Purchase-price columns: the catalog keeps them in USD; the form takes them in USD or CNY.
PRICE_COLUMNS = ("price_usd_low", "price_usd_high", "price_usd")


class CatalogEntryDialog(QDialog):
    """A form a buyer can use: labelled fields with units, required ones marked, numbers checked as they are
    typed (1.5k, 2,000 and the locale's separators are read), and the planner's words offered as choices."""

    def __init__(self, catalog: Catalog, table: str, row: Row | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.table = table
        self.kinds = dict(TABLES[table])
        self.required = set(REQUIRED[table])
        self.setWindowTitle(self.tr("Your catalog entry"))
        form = QFormLayout()
        labels = self._labels()
        self.edits: dict[str, QLineEdit] = {}
        # The fabrics a GPU may name: the catalog's scale-up fabric ids (a new vendor's fabric is a row there).
        self.fabric_ids = tuple(sorted(catalog.scale_up_fabrics())) if table == "gpus" else ()
        for column in EDITABLE_COLUMNS[table]:
            edit = QLineEdit(self)
            value = None if row is None else row.get(column)
            if self.kinds.get(column) == BOOL and value in BOOL_WORDS:
                value = BOOL_WORDS[value]  # type: ignore[index]
            edit.setText("" if value is None else self.shown_word(str(value)))
            if column in CHOICES or column == "fabric":
                shown = [self.shown_word(word) for word in CHOICES.get(column, self.fabric_ids)]
                completer = QCompleter(shown, edit)
                completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
                completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
                edit.setCompleter(completer)
                edit.setPlaceholderText(" | ".join(shown))
            edit.textEdited.connect(lambda _text, c=column: self.check_field(c))
            self.edits[column] = edit
            label = labels.get(column, column) + (" *" if column in self.required else "")
            form.addRow(label, edit)
        if table == "gpus" and row is None:
            self.edits["segment"].setText(self.shown_word("datacenter"))
        self.form = form
        self.price_currency: QComboBox | None = None
        self.rate = QLineEdit(self)
        if any(column in self.edits for column in PRICE_COLUMNS):
            # A price a Chinese vendor quotes in CNY is typed as quoted; it is stored in USD at the rate given, and
            # the price source says so (as `gpuplanner import-quote` does).
            self.price_currency = QComboBox(self)
            self.price_currency.addItems(["USD", "CNY"])
            self.price_currency.currentTextChanged.connect(self._price_labels)
            self.rate.setText(f"{CostAssumptions.usd_to_cny:g}")
            self.rate.textEdited.connect(lambda _text: self.check_rate())
            form.insertRow(0, self.tr("Prices typed in"), self.price_currency)
            form.insertRow(1, self.tr("CNY per USD (for prices typed in CNY)"), self.rate)
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
                                        "catalog; the bundled file is never changed. * marks a required field; "
                                        "give the source (a datasheet, a quote) and its date."), self))
        # The fields scroll, the message and Save / Cancel stay in view: at 1280 x 720 the dialog was 788 px tall
        # and its buttons were off the screen.
        fields = QWidget(self)
        fields.setLayout(form)
        scroll = QScrollArea(self)
        scroll.setWidget(fields)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        resize_within_screen(self, self.sizeHint().width() + 40, fields.sizeHint().height() + 200, parent)

    def shown_word(self, word: str) -> str:
        """A stored choice word as the form shows it (in the user's language); other text as it is."""
        return QCoreApplication.translate("CatalogEntryDialog", WORDS[word]) if word in WORDS else word

    def stored_word(self, text: str) -> str:
        """What the catalog stores for a shown word: the English word it translates, else the text as typed."""
        for word in WORDS:
            if text.casefold() in (word.casefold(), self.shown_word(word).casefold()):
                return word
        return text

    def _price_currency(self) -> str:
        combo = getattr(self, "price_currency", None)
        return "USD" if combo is None else combo.currentText()

    def _price_labels(self, _currency: str) -> None:
        labels = self._labels()
        for column in PRICE_COLUMNS:
            if column in self.edits:
                label = self.form.labelForField(self.edits[column])
                if isinstance(label, QLabel):
                    label.setText(labels[column])

    def _cny(self) -> bool:
        return self.price_currency is not None and self.price_currency.currentText() == "CNY"

    def _rate(self) -> float | None:
        value = parse_number(self.rate.text().strip(), group_separator=self.locale().groupSeparator(),
                             decimal_point=self.locale().decimalPoint())
        return None if isinstance(value, Refusal) or value <= 0 else value

    def check_rate(self) -> bool:
        if not self._cny() or self._rate() is not None:
            clear_invalid(self.rate)
            return True
        mark_invalid(self.rate, self.tr("must be a rate above 0"))
        return False

    def _named(self, column: str) -> str:
        """A field as its form label says it ('Memory (GiB)'), never the internal key ('memory_gib')."""
        return self._labels().get(column, column)

    def _labels(self) -> dict[str, str]:
        return {
            "id": self.tr("ID (lowercase, e.g. my-h100)"), "vendor": self.tr("Vendor"), "model": self.tr("Model"),
            "segment": self.tr("Segment"), "architecture": self.tr("Architecture"),
            "form_factor": self.tr("Form factor"), "memory_gib": self.tr("Memory (GiB)"),
            "memory_bandwidth_gbs": self.tr("Memory bandwidth (GB/s)"),
            "bf16_tflops": self.tr("BF16 dense (TFLOP/s)"), "fp16_tflops": self.tr("FP16 dense (TFLOP/s)"),
            "fp8_tflops": self.tr("FP8 dense (TFLOP/s)"), "fp4_tflops": self.tr("FP4 dense (TFLOP/s)"),
            "tdp_w": self.tr("TDP (W)"), "ecc": self.tr("ECC memory (yes / no)"),
            "interconnect": self.tr("GPU-to-GPU link"), "interconnect_gbs": self.tr("Link bandwidth per GPU (GB/s)"),
            "fabric": self.tr("Scale-up fabric (catalog id)"),
            "price_usd_low": fill(self.tr("Price from (%1)"), self._price_currency()),
            "price_usd_high": fill(self.tr("Price to (%1)"), self._price_currency()),
            "price_source": self.tr("Price source"), "source": self.tr("Source"), "as_of": self.tr("As of (date)"),
            "notes": self.tr("Notes"), "gpu_ids": self.tr("GPU ids (comma-separated)"),
            "gpu_count": self.tr("GPUs"), "rack_units": self.tr("Height (U)"), "max_power_w": self.tr("Max power (W)"),
            "psu": self.tr("Power supplies"), "psu_count": self.tr("Number of PSUs"),
            "psu_w": self.tr("PSU rating (W)"),
            "psu_redundancy": self.tr("PSU redundancy (e.g. 4+2)"), "cpu": self.tr("CPU"),
            "system_memory_gb": self.tr("System memory (GB)"), "networking": self.tr("Networking"),
            "weight_kg": self.tr("Weight (kg)"), "cooling": self.tr("Cooling"),
            "price_usd": fill(self.tr("Price (%1)"), self._price_currency()),
            "provider": self.tr("Provider"), "instance": self.tr("Instance"), "gpu_id": self.tr("GPU id"),
            "on_demand_per_hour": self.tr("On demand per hour"), "currency": self.tr("Currency"),
            "region": self.tr("Region"), "price_date": self.tr("Price date"),
        }

    def problem(self, column: str) -> str | None:
        """Why the text in a field cannot be stored (checked as it is typed)."""
        text = self.edits[column].text().strip()
        if not text:
            return self.tr("required") if column in self.required else None
        if column in STRICT_CHOICES and self.stored_word(text) not in CHOICES[column]:
            return fill(self.tr("one of %1"), " | ".join(self.shown_word(word) for word in CHOICES[column]))
        if column == "fabric" and text not in self.fabric_ids:
            return self.tr("not a scale-up fabric of the catalog (empty: read from the GPU-to-GPU link)")
        if self.kinds.get(column) in (REAL, INTEGER):
            value = parse_number(text, group_separator=self.locale().groupSeparator(),
                                 decimal_point=self.locale().decimalPoint())
            if isinstance(value, Refusal):
                return refusal_text(value)
            if value < 0:
                return self.tr("must be zero or more")
        return None

    def check_field(self, column: str) -> bool:
        problem = self.problem(column)
        if problem is None:
            clear_invalid(self.edits[column])
        else:
            mark_invalid(self.edits[column], problem)
        return problem is None

    def values(self) -> Row:
        """The typed values, numbers as plain numbers ("15.5k" -> 15500)."""
        out: Row = {}
        for column, edit in self.edits.items():
            text = edit.text().strip()
            if text and self.kinds.get(column) in (REAL, INTEGER):
                value = parse_number(text, group_separator=self.locale().groupSeparator(),
                                     decimal_point=self.locale().decimalPoint())
                if not isinstance(value, Refusal):  # a refused one goes on as typed; the catalog names it
                    text = str(int(value)) if value.is_integer() else repr(value)
            out[column] = (self.stored_word(text) if column in CHOICES else text) or None
        rate = self._rate()
        if self._cny() and rate is not None:  # stored in USD, the CNY figure named in the price source
            notes: dict[str, None] = {}
            for column in PRICE_COLUMNS:
                if column in out and _is_number(out[column]):
                    amount = float(str(out[column]))
                    notes[cny_price_note(amount, rate)] = None
                    out[column] = repr(round(amount / rate, 2))
            if notes:
                out["price_source"] = f"{out.get('price_source') or ''} ({'; '.join(notes)})".strip()
        return out

    def save(self) -> None:
        for edit in self.edits.values():
            clear_invalid(edit)
        bad = [column for column in self.edits if not self.check_field(column)]
        if not self.check_rate():
            self.rate.setFocus()
            self.message.setText(fill(self.tr("Not saved: %1"), fill(self.tr("%1: %2"), self.tr("CNY per USD"),
                                                                     self.tr("must be a rate above 0"))))
            return
        if bad:
            self.edits[bad[0]].setFocus()
            self.message.setText(fill(self.tr("Not saved: %1"), f"{self._named(bad[0])}: {self.problem(bad[0])}"))
            return
        try:
            self.catalog.save_user_row(self.table, self.values())
        except InputError as exc:
            column = exc.field.split(".", 1)[-1]
            if column in self.edits:
                mark_invalid(self.edits[column], translated(exc.message))
                self.edits[column].setFocus()
            self.message.setText(fill(self.tr("Not saved: %1"), f"{self._named(column)}: {translated(exc.message)}"))
            return
        except CatalogWriteError as exc:  # full disk, lock, permissions: the form keeps what was typed
            self.message.setText(translated(exc.message))
            return
        self.accept()


def _is_number(text: object) -> bool:
    try:
        float(str(text))
    except ValueError:
        return False
    return True
