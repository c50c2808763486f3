"""Tools → Calibrate…: choose files of the user's own measured runs, see per run the estimate before, the measured
value and the estimate after, then apply (stored; every plan uses it and says so), discard, or reset to the
published calibration."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.calibration.fit import Fitted, calibrate_runs
from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import Calibration, UserGroupFit
from gpuplanner.calibration.runs import MeasuredRun, runs_from_path
from gpuplanner.calibration.store import reset_calibration, save_calibration
from gpuplanner.catalog.store import Catalog
from gpuplanner.i18n import fill
from gpuplanner.i18n.calibration import dates_text
from gpuplanner.i18n.messages import translated
from gpuplanner.ui.file_dialogs import open_files
from gpuplanner.ui.worker import JobControl, LatestJobRunner


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.4g}"


class CalibrateDialog(QDialog):
    """The runs chosen, fitted over the published calibration, shown before anything is stored. `changed` carries
    the calibration estimates now run on (after apply or reset)."""

    changed = Signal(object)

    def __init__(self, catalog: Catalog, current: Calibration, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Calibrate to your own runs"))
        self.catalog, self.current = catalog, current
        self.fitted: Fitted | None = None
        self.runs: list[MeasuredRun] = []
        self.status = QLabel(self._status_text(), self)
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.choose = QPushButton(self.tr("&Choose runs files…"), self)
        self.choose.clicked.connect(self.choose_files)
        self.table = QTableWidget(0, 5, self)
        self.table.setHorizontalHeaderLabels([self.tr("Run"), self.tr("Figure"), self.tr("Before"),
                                              self.tr("Measured"), self.tr("After")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.moved = QLabel(self)
        self.moved.setWordWrap(True)
        self.moved.setTextFormat(Qt.TextFormat.PlainText)
        buttons = QDialogButtonBox(self)
        self.apply_button = buttons.addButton(self.tr("&Apply"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.apply_button.setEnabled(False)
        self.reset_button = buttons.addButton(self.tr("&Reset to published"), QDialogButtonBox.ButtonRole.ResetRole)
        self.reset_button.setEnabled(current.user is not None)
        self.discard_button = buttons.addButton(self.tr("&Discard"), QDialogButtonBox.ButtonRole.RejectRole)
        self.apply_button.clicked.connect(self.apply)
        self.reset_button.clicked.connect(self.reset)
        self.discard_button.clicked.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(self.choose)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addLayout(top)
        layout.addWidget(self.table)
        layout.addWidget(self.moved)
        layout.addWidget(buttons)
        self.resize(900, 480)
        # Fitting runs an estimate per run and figure: off the GUI thread, the newest choice of files winning.
        self.runner = LatestJobRunner(self)
        self.runner.finished.connect(self._fitted)
        self.runner.failed.connect(self._not_fitted)

    def _status_text(self) -> str:
        user = self.current.user
        if user is None:
            return self.tr("Estimates run on the published calibration. Choose files of runs you measured on your "
                           "own hardware to fit it to them.")
        return fill(self.tr("Estimates run on your calibration: %1 runs of %2."), user.runs, dates_text(user.dates))

    def choose_files(self) -> None:
        paths = open_files(self, self.tr("Choose runs files"), self.tr("Runs files (*.json);;All files (*)"))
        if paths:
            self.load([Path(p) for p in paths])

    def load(self, paths: list[Path]) -> None:
        """Read and fit the runs of these files in the background; a bad file is said and nothing is fitted or
        stored."""
        catalog, current = self.catalog, self.current

        def fit(_control: JobControl) -> tuple[list[MeasuredRun], Fitted]:
            runs = [run for path in paths for run in runs_from_path(path)]
            return runs, calibrate_runs(runs, catalog, before=current)

        self.fitted, self.runs = None, []
        self.apply_button.setEnabled(False)
        self.status.setText(self.tr("Fitting the runs…"))
        self.runner.submit(fit)

    def _fitted(self, _job: int, outcome: object) -> None:
        runs, fitted = cast(tuple[list[MeasuredRun], Fitted], outcome)
        self.fitted, self.runs = fitted, runs
        self.status.setText(self._status_text())
        self._show(fitted)
        self.apply_button.setEnabled(True)

    def _not_fitted(self, _job: int, field: str, message: str) -> None:
        """A bad file (its field named) or a bug of ours (no field: its traceback is in the message)."""
        self.table.setRowCount(0)
        self.moved.clear()
        self.status.setText(fill(self.tr("Not read: %1: %2"), field, message) if field else
                            fill(self.tr("The runs could not be fitted: %1"), message))

    def _show(self, fitted: Fitted) -> None:
        self.table.setRowCount(len(fitted.results))
        for row, result in enumerate(fitted.results):
            cells = [result.run.origin + (f" ({result.run.source})" if result.run.source else ""),
                     self._figure_words().get(result.path, result.path),
                     _number(result.before), _number(result.measured), _number(result.after)]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text if column != 1 else f"{text}\n{result.path}")  # the runs file's name for it
                if column >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        user = fitted.calibration.user
        assert user is not None
        self.status.setText(fill(self.tr("Fitted on %1 runs; groups refitted (GPU, math width, stack or engine): %2. "
                                         "Apply to plan with it."), len(self.runs), len(user.groups)))
        self.moved.setText("\n".join(fill(self.tr("%1 · %2 · %3: %4"), self._gpu_name(gpu), width, stack,
                                          self._moved_words(fit))
                                     for (gpu, width, stack), fit in user.groups.items()))

    def _figure_words(self) -> dict[str, str]:
        """Each measured figure (its path in estimate's JSON, which a runs file names) in words and its unit: the
        table read "inference.output_tokens_per_s_per_gpu" in either language."""
        return {"training.tokens_per_s_per_gpu": self.tr("Tokens/s per GPU"),
                "training.step_time_s": self.tr("Step time (s)"),
                "inference.tpot_s": self.tr("Time per output token (s)"),
                "inference.ttft_s": self.tr("Time to first token (s)"),
                "inference.output_tokens_per_s": self.tr("Output tokens/s"),
                "inference.output_tokens_per_s_per_gpu": self.tr("Output tokens/s per GPU"),
                "memory_gib_per_gpu.total": self.tr("Memory per GPU (GiB)")}

    def _gpu_name(self, gpu_id: str) -> str:
        """The GPU's catalog name in the user's language (the group line read "h200-sxm-141gb"); the id where the
        catalog no longer has it."""
        gpu = next((g for g in self.catalog.gpus() if g.id == gpu_id), None)
        return translated(gpu.model) if gpu is not None else gpu_id

    def _moved_words(self, fit: UserGroupFit) -> str:
        words = {"gemm": self.tr("GEMM efficiency ×%1"), "prefill": self.tr("prompt-processing share ×%1"),
                 "decode": self.tr("memory-bandwidth share ×%1"), "memory_gib": self.tr("memory overhead %1 GiB")}
        parts = [fill(text, f"{getattr(fit, name):.3g}") for name, text in words.items()
                 if getattr(fit, name) != (0.0 if name == "memory_gib" else 1.0)]
        band = fit.time_band_pct if fit.time_band_pct is not None else fit.serving_band_pct
        if band is not None:
            parts.append(fill(self.tr("band ±%1% from your runs"), f"{band:.1f}"))
        return self.tr(", ").join(parts) or self.tr("nothing moved")

    def apply(self) -> None:
        """Store the fit: every estimate and plan runs on it from now on, and says so."""
        assert self.fitted is not None and self.fitted.calibration.user is not None
        save_calibration(self.fitted.calibration.user, [r.document() for r in self.runs])
        self.changed.emit(self.fitted.calibration)
        self.accept()

    def reset(self) -> None:
        """Remove the stored calibration: estimates return to the published ones exactly."""
        reset_calibration()
        self.changed.emit(PUBLISHED)
        self.accept()

