"""From dataset size: a lab manager knows documents or gigabytes of text, not tokens; this dialog says the tokens
they mean (core.training.dataset) and puts them in the tokens field."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from gpuplanner.core.training.dataset import CHARACTERS_PER_TOKEN, WORDS_PER_TOKEN, tokens_in_documents, tokens_in_text
from gpuplanner.i18n import fill
from gpuplanner.report.formatting import count_words
from gpuplanner.ui.widgets import choice_combo, float_spin


class DatasetDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Tokens from the dataset's size"))
        self.kind = choice_combo([("text", self.tr("Gigabytes of plain text")),
                                  ("documents", self.tr("Documents and their length"))], "text")
        self.gigabytes = float_spin(0.001, 1e9, 100.0, 3, self.tr("The text's size on disk, in GB"), " GB")
        self.documents = float_spin(1, 1e13, 1e6, 0, self.tr("How many documents (1.5M and 2B are read too)"))
        self.words = float_spin(1, 1e7, 1000, 0, self.tr("Average words a document"))
        self.estimate = QLabel(self)  # the tokens the inputs come to (QDialog.result() is the dialog's own)
        self.estimate.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("The dataset as"), self.kind)
        form.addRow(self.tr("Size"), self.gigabytes)
        form.addRow(self.tr("Documents"), self.documents)
        form.addRow(self.tr("Words a document"), self.words)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.estimate)
        layout.addWidget(buttons)
        for box in (self.gigabytes, self.documents, self.words):
            box.valueChanged.connect(self._update)
        self.kind.currentIndexChanged.connect(self._update)
        self._update()

    def tokens(self) -> float:
        if self.kind.currentData() == "text":
            return tokens_in_text(self.gigabytes.value())
        return tokens_in_documents(self.documents.value(), self.words.value())

    def _update(self) -> None:
        text = self.kind.currentData() == "text"
        self.gigabytes.setEnabled(text)
        self.documents.setEnabled(not text)
        self.words.setEnabled(not text)
        rule = (fill(self.tr("about %1 characters a token"), f"{CHARACTERS_PER_TOKEN:g}") if text
                else fill(self.tr("about %1 of a word a token"), f"{WORDS_PER_TOKEN:g}"))
        self.estimate.setText(fill(self.tr("= %1 tokens (%2, English text; OpenAI's rule of thumb). Other languages "
                                         "and tokenizers differ: check the figure."), count_words(self.tokens()), rule))
