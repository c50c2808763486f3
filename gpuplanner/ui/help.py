"""F1: how to read a plan, and the planner's words in plain language (translated like every other string)."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget


class HelpDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("GPU Planner help"))
        terms = [
            (self.tr("How to read a plan"),
             self.tr("Each row is one way to run your job: which GPU, how many, bought or rented. Rows are ranked by "
                     "what you chose to optimise (cost, speed or total cost of ownership). Only plans that keep "
                     "every limit you set (rack power, cooling, deadline, budget, service level) are ranked; the "
                     "others are listed as near misses with what they miss. Select a row for its memory, time, "
                     "site and cost, and print its spec sheet for the data-centre team.")),
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
        browser.setHtml("".join(f"<h3>{escape(title)}</h3><p>{escape(text)}</p>" for title, text in terms))
        self.browser = browser
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(browser)
        layout.addWidget(buttons)
        self.resize(720, 640)
