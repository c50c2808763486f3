"""F1: how to read a plan, and the planner's words in plain language (translated like every other string)."""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.i18n import fill


def focused_field() -> tuple[str, str] | None:
    """(label, explanation) of the input field that has the keyboard focus: its form label and its tooltip (None
    where the focus is not on a labelled field with one)."""
    widget = QApplication.focusWidget()
    while widget is not None and not isinstance(widget, (QAbstractSpinBox, QComboBox)) \
            and isinstance(widget.parentWidget(), (QAbstractSpinBox, QComboBox)):
        widget = widget.parentWidget()  # a spin box's or combo box's own line edit
    if widget is None or not widget.toolTip().strip():
        return None
    parent = widget.parentWidget()
    layout = parent.layout() if parent is not None else None
    label = layout.labelForField(widget) if isinstance(layout, QFormLayout) else None
    text = label.text().replace("&", "") if isinstance(label, QLabel) else widget.accessibleName()
    tip = widget.toolTip()
    if tip.startswith("<"):  # a rich-text tooltip (dialogs.plain_tooltip): its words
        tip = QTextDocumentFragment.fromHtml(tip).toPlainText()
    return (text or tip.split(".")[0]), tip


class HelpDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, field: tuple[str, str] | None = None) -> None:
        """`field`: the focused field's label and explanation, shown first (F1 is help on what you are in)."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("GPU Planner help"))
        terms = [
            (self.tr("How to read a plan"),
             self.tr("Each row is one way to run your job: which GPU, how many, bought or rented. Rows are ranked by "
                     "what you chose to optimise (cost, speed or total cost of ownership). Only plans that keep "
                     "every limit you set (rack power, cooling, deadline, budget, service level) are ranked; the "
                     "others are listed as near misses with what they miss. A row marked \"generic chassis\" buys "
                     "GPUs that no catalog server holds: its server's figures are derived for its class, so it "
                     "ranks after the plans on a real server. Select a row for its memory, time, site and cost, "
                     "and print its spec sheet for the data-centre team.")),
            (self.tr("TP (tensor parallelism)"),
             self.tr("Each layer's matrices are split across several GPUs, which exchange partial results on "
                     "every layer. Fast only over NVLink inside a server.")),
            (self.tr("PP (pipeline parallelism)"),
             self.tr("The layers are split into stages on different GPUs; micro-batches flow through them like an "
                     "assembly line. Some time is lost while the pipeline fills and drains (the bubble).")),
            (self.tr("DP (data parallelism)"),
             self.tr("Every group of GPUs holds the whole model and trains on different data; gradients are "
                     "averaged after each step over the network.")),
            (self.tr("ZeRO / FSDP"),
             self.tr("Data-parallel GPUs split the optimizer states (stage 1), gradients (2) and weights (3) "
                     "among themselves instead of each keeping a copy: less memory, more network traffic.")),
            (self.tr("MFU (model FLOPs utilisation)"),
             self.tr("The share of the GPU's peak arithmetic rate the training actually uses for the model's "
                     "own maths. 40–55 % is good for large models.")),
            (self.tr("TTFT (time to first token)"),
             self.tr("How long a user waits after sending a prompt until the first word of the answer appears.")),
            (self.tr("TPOT (time per output token)"),
             self.tr("The time between two words of the answer for one user; 50 ms is about 20 tokens a second, "
                     "faster than people read.")),
            (self.tr("Nameplate and expected power"),
             self.tr("Nameplate is what the power supplies can draw and what circuits must be sized for; expected "
                     "is what a training run draws on average and what the electricity bill follows.")),
        ]
        browser = QTextBrowser(self)
        browser.setOpenLinks(False)
        if field is not None:
            terms.insert(0, (fill(self.tr("This field: %1"), field[0]), field[1]))
        browser.setHtml("".join(f"<h3>{escape(title)}</h3><p>{escape(text)}</p>" for title, text in terms))
        self.browser = browser
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(browser)
        layout.addWidget(buttons)
        self.resize(720, 640)
