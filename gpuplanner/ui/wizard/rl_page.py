"""The RL post-training page (task rl only): the algorithm, a step's prompts and responses, the rollout engine and
where it runs, the models beside the policy, and the run's length."""

from __future__ import annotations

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QCheckBox, QFormLayout, QWidget, QWizardPage

from gpuplanner.core.scenario.fields import field
from gpuplanner.i18n.field_help import field_help
from gpuplanner.ui.widgets import choice_combo, float_spin, int_spin
from gpuplanner.ui.wizard.binding import AUTO, RL, Binding
from gpuplanner.ui.wizard.common import PageId, engine_label, limits


class RlPage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("RL post-training"))
        self.setSubTitle(self.tr("Each step generates, scores and trains. Zero or Automatic: the planner decides."))
        form = QFormLayout(self)
        self.algorithm = choice_combo(
            [("grpo", self.tr("GRPO (a group of samples per prompt, no critic)")),
             ("ppo", self.tr("PPO (a critic trained beside the policy)")),
             ("dpo", self.tr("DPO (offline preference pairs, no rollout)"))], "grpo",
            self.tr("The RL algorithm: GRPO and PPO generate their training data each step; DPO trains on given "
                    "chosen and rejected responses"))
        self.prompts = int_spin(*limits("rl.prompts_per_step"), self.tr("Prompts per step (DPO: preference pairs)"))
        self.samples = int_spin(*limits("rl.samples_per_prompt", low=0),
                                self.tr("Responses per prompt (GRPO's group size); 0: the algorithm's (8 for GRPO, "
                                        "1 for PPO, 2 for DPO)"))
        self.samples.setSpecialValueText(self.tr("Automatic"))
        self.prompt_tokens = int_spin(*limits("rl.prompt_tokens"), field_help("rl.prompt_tokens"), self.tr(" tokens"))
        self.response_tokens = int_spin(*limits("rl.response_tokens"), field_help("rl.response_tokens"),
                                        self.tr(" tokens"))
        self.max_response = int_spin(*limits("rl.max_response_tokens", low=0),
                                     self.tr("The longest response, which a synchronous step waits for (0: twice "
                                             "the mean)"), self.tr(" tokens"))
        self.max_response.setSpecialValueText(self.tr("Twice the mean"))
        engines = field("rl.engine")  # the engines a rollout may run on
        self.engine = choice_combo(
            [(str(name), engine_label(str(name))) for name in engines.choices], str(engines.default),
            self.tr("The rollout engine: vLLM and SGLang batch requests in flight over a paged KV cache; Hugging "
                    "Face generate runs padded static batches, much slower"))
        self.placement = choice_combo(
            [(AUTO, self.tr("Automatic (searched)")), ("colocated", self.tr("Colocated with training")),
             ("separate", self.tr("On GPUs of its own"))], AUTO,
            self.tr("Colocated: the engine and the training take turns on every GPU; apart: some GPUs only generate, "
                    "the rest only train, each waiting for the other"))
        self.rollout_gpus = int_spin(*limits("rl.rollout_gpus", low=0),
                                     self.tr("GPUs of the rollout engine when it runs apart (0: searched)"))
        self.rollout_gpus.setSpecialValueText(self.tr("Searched"))
        self.asynchronous = QCheckBox(self.tr("One step off: generate the next step while this one trains"), self)
        self.reference = QCheckBox(self.tr("Reference model (the KL term's frozen policy)"), self)
        self.updates = int_spin(*limits("rl.updates_per_step"),
                                self.tr("Optimizer updates per step: the step's samples in this many mini-batches"))
        self.total_prompts = float_spin(*limits("rl.total_prompts", low=0.0), 0,
                                        self.tr("Prompts over the whole run (0: 1,000 steps' worth)"))
        self.total_prompts.setSpecialValueText(self.tr("1,000 steps"))
        form.addRow(self.tr("Algorithm"), self.algorithm)
        form.addRow(self.tr("Prompts per step"), self.prompts)
        form.addRow(self.tr("Samples per prompt"), self.samples)
        form.addRow(self.tr("Prompt length"), self.prompt_tokens)
        form.addRow(self.tr("Response length (mean)"), self.response_tokens)
        form.addRow(self.tr("Longest response"), self.max_response)
        form.addRow(self.tr("Rollout engine"), self.engine)
        form.addRow(self.tr("Placement"), self.placement)
        form.addRow(self.tr("Rollout GPUs"), self.rollout_gpus)
        form.addRow(self.asynchronous)  # across the form: beside the labels it made the page 540 px wide (English)
        form.addRow(self.reference)
        form.addRow(self.tr("Updates per step"), self.updates)
        form.addRow(self.tr("Prompts in the run"), self.total_prompts)
        self.bindings = [
            Binding("rl.algorithm", self.algorithm, tasks=RL),
            Binding("rl.prompts_per_step", self.prompts, tasks=RL),
            Binding("rl.samples_per_prompt", self.samples, unset=0, tasks=RL),
            Binding("rl.prompt_tokens", self.prompt_tokens, tasks=RL),
            Binding("rl.response_tokens", self.response_tokens, tasks=RL),
            Binding("rl.max_response_tokens", self.max_response, unset=0, tasks=RL),
            Binding("rl.engine", self.engine, tasks=RL),
            Binding("rl.placement", self.placement, unset=AUTO, tasks=RL),
            Binding("rl.rollout_gpus", self.rollout_gpus, unset=0, tasks=RL),
            Binding("rl.asynchronous", self.asynchronous, unset=False, tasks=RL),
            Binding("rl.reference_model", self.reference, tasks=RL),
            Binding("rl.updates_per_step", self.updates, tasks=RL),
            Binding("rl.total_prompts", self.total_prompts, unset=0.0, tasks=RL),
        ]
        self.algorithm.currentIndexChanged.connect(self._offline)
        self.placement.currentIndexChanged.connect(self._apart)
        self._offline()

    def nextId(self) -> int:  # noqa: N802 (Qt's name)
        """After the RL step, the precision page, as for the other tasks after their model."""
        return int(PageId.PRECISION)

    @Slot()
    def _offline(self) -> None:
        """DPO generates nothing: the rollout's rows are greyed out, the placement left to the planner."""
        online = self.algorithm.currentData() != "dpo"
        for widget in (self.samples, self.max_response, self.engine, self.placement, self.rollout_gpus,
                       self.asynchronous):
            widget.setEnabled(online)
        if not online:
            self.placement.setCurrentIndex(self.placement.findData(AUTO))
            self.asynchronous.setChecked(False)
            self.samples.setValue(0)
            self.max_response.setValue(0)
        self._apart()

    @Slot()
    def _apart(self) -> None:
        """The rollout GPUs and the one-step-off overlap belong to a separate placement."""
        apart = self.placement.currentData() == "separate" and self.algorithm.currentData() != "dpo"
        self.rollout_gpus.setEnabled(apart)
        self.asynchronous.setEnabled(apart)
        if not apart:
            self.rollout_gpus.setValue(0)
            self.asynchronous.setChecked(False)
