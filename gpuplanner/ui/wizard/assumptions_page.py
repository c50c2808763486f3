"""Page 6: every modelling assumption, editable."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from gpuplanner.core.scenario.fields import FIELDS
from gpuplanner.i18n import fill
from gpuplanner.ui.details import assumption_labels
from gpuplanner.ui.widgets import (
    float_spin,
    int_spin,
    wrapping_check_box,
)
from gpuplanner.ui.wizard.binding import (
    Binding,
)


class AssumptionsPage(QWizardPage):
    """Every modelling assumption behind the estimates, editable (the scenario's `assumptions`, ranges from the
    field table); a value left at its default is not written to the file."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Assumptions"))
        self.setSubTitle(self.tr("What every estimate assumes. Change one to see what it does; values left at their "
                                 "defaults are not written to your file."))
        labels = assumption_labels()
        inner = QWidget(self)
        form = QFormLayout(inner)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # long labels go above their field
        self.boxes: dict[str, QWidget] = {}
        self.specs = [spec for spec in FIELDS if spec.section == "assumptions"]
        for spec in self.specs:
            label = labels.get(spec.key, spec.key)
            if spec.kind is bool:
                check, row = wrapping_check_box(label, inner)  # long labels wrap rather than widen the page
                box: QWidget = check
                form.addRow(row)
            elif spec.kind is int:
                box = int_spin(int(spec.minimum or 0), int(spec.maximum or 1 << 20), int(spec.default_number()),
                               parent=inner)
                form.addRow(label, box)
            else:
                default = spec.default_number()
                decimals = 6 if 0 < default < 1e-3 else 4
                box = float_spin(spec.minimum or 0.0, spec.maximum or 1e6, default, decimals, parent=inner)
                form.addRow(label, box)
            self.boxes[spec.key] = box
        # A value at its default is left out of the file (the stack's or the model's default then applies).
        self.bindings = [Binding(spec.path, self.boxes[spec.key], unset=spec.default) for spec in self.specs]
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll)
        # Settings of the opened file that no page shows: named here (as text), kept, or dropped on request.
        self.kept = QLabel(self)
        self.kept.setTextFormat(Qt.TextFormat.PlainText)
        self.kept.setWordWrap(True)
        self.forget = QPushButton(self.tr("Drop them"), self)
        layout.addWidget(self.kept)  # the button under the text: visible however narrow the wizard is
        layout.addWidget(self.forget, 0, Qt.AlignmentFlag.AlignLeft)
        self.show_kept([])

    def nextId(self) -> int:  # noqa: N802 (Qt's name)
        """The last page, reached on purpose from the budget page: Finish plans. Next led on to the RL page, which
        belongs to task rl alone, whatever the task."""
        return -1

    def show_kept(self, keys: list[str]) -> None:
        """Name the opened file's settings that no page shows (they are used and saved as they are)."""
        self.kept.setText(fill(self.tr("Also from your file, used and saved as they are (no page shows them): %1"),
                               ", ".join(keys)) if keys else "")
        self.kept.setVisible(bool(keys))
        self.forget.setVisible(bool(keys))
