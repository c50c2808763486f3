"""Page 1: the task."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QRadioButton,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)


class TaskPage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("What do you want to run?"))
        self.setSubTitle(self.tr("Pick the job; every later page adapts to it."))
        self.group = QButtonGroup(self)
        layout = QVBoxLayout(self)
        self.buttons: dict[str, QRadioButton] = {}
        tasks = [
            ("pretrain", self.tr("Pretrain a language model"),
             self.tr("Train all weights from scratch on a token budget.")),
            ("finetune", self.tr("Full fine-tune"),
             self.tr("Update all weights on your data (same memory as pretraining).")),
            ("lora", self.tr("LoRA fine-tune"), self.tr("Freeze the model, train small low-rank adapters.")),
            ("qlora", self.tr("QLoRA fine-tune"),
             self.tr("LoRA on a 4-bit (NF4) frozen base: the cheapest way to tune a big model.")),
            ("inference", self.tr("Serve a model (inference)"),
             self.tr("Latency, throughput and how many GPUs a load needs.")),
            ("vision", self.tr("Image model training"),
             self.tr("Train an image classifier (ResNet, EfficientNet, ViT) on a dataset for some epochs.")),
            ("diffusion", self.tr("Diffusion model training"),
             self.tr("Train a diffusion model: DiT, a Stable Diffusion U-Net (1.5, 2, XL) or your own U-Net from "
                     "its config.json.")),
            ("rl", self.tr("RL post-training (GRPO, PPO, DPO)"),
             self.tr("Train a language model on its own rollouts: generation by a serving engine, the reference and "
                     "critic passes, the update, and where each runs.")),
        ]
        for value, label, tip in tasks:
            button = QRadioButton(label, self)
            button.setToolTip(tip)
            self.group.addButton(button)
            self.buttons[value] = button
            layout.addWidget(button)
        layout.addStretch(1)
        self.buttons["pretrain"].setChecked(True)

    @property
    def task(self) -> str:
        return next(value for value, button in self.buttons.items() if button.isChecked())

    def set_task(self, task: str) -> None:
        if task in self.buttons:
            self.buttons[task].setChecked(True)

