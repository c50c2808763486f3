"""The planning wizard: task -> model (-> RL step) -> precision -> deployment -> budget -> assumptions. It only lays
out inputs and turns them into a scenario dict (the same schema as the CLI) through each page's bindings; all estimation
happens in the core, off this thread."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QLabel,
    QRadioButton,
    QSizePolicy,
    QSpinBox,
    QWidget,
    QWizard,
)

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.models.model import ModelArch
from gpuplanner.core.scenario.fields import field, put
from gpuplanner.core.scenario.scenario import ScenarioDocument, model_document, paged_optimizer_by_default
from gpuplanner.ui.widgets import (
    FloatBox,
    IntBox,
    clear_invalid,
    line_edit,
    mark_invalid,
    name_fields_by_their_labels,
    select_data,
    widgets_in_layout_order,
)
from gpuplanner.ui.wizard.assumptions_page import AssumptionsPage
from gpuplanner.ui.wizard.binding import IMAGE_TRAINING, Binding
from gpuplanner.ui.wizard.budget_page import BudgetPage
from gpuplanner.ui.wizard.common import PageId, merged, new_document, task_tokens_b
from gpuplanner.ui.wizard.deployment_page import DeploymentPage
from gpuplanner.ui.wizard.model_page import UNET_CONFIG, ModelPage
from gpuplanner.ui.wizard.precision_page import PrecisionPage
from gpuplanner.ui.wizard.rl_page import RlPage
from gpuplanner.ui.wizard.task_page import TaskPage

# What the pages show besides their bound fields and the custom architecture's boxes: the task, the preset, the
# sequence length (an inference task's is its input + output) and the sections they rewrite whole. Whatever else an
# opened file holds (parallelism, training.micro_batch, hardware.gpus_per_node, site limits the pages do not show...)
# is kept as it was: used for the results and written back on save, never dropped.
SHOWN_UNBOUND = ("task", "model.preset", "model.unet_config", "model.gated_mlp", "model.tied_embeddings", "seq_len",
                 "images", "assumptions")


def beyond_the_wizard(data: ScenarioDocument, shown: frozenset[str], prefix: str = "") -> ScenarioDocument:
    """The part of a scenario document the wizard's pages do not show (`shown` paths), nested as it was."""
    kept: dict[str, Any] = {}
    for key, value in data.items():
        path = prefix + key
        if path in shown:
            continue
        if isinstance(value, dict):
            inner = beyond_the_wizard(value, shown, path + ".")
            if inner:
                kept[key] = inner
        else:
            kept[key] = value
    return kept


class ScenarioWizard(QWizard):
    """Emits `edited` on every change; `scenario()` is the CLI-schema dict of the current inputs."""

    edited = Signal()
    typed = Signal()  # the edit was text typed into a number field: more keys may follow
    completed = Signal()  # Finish pressed: the wizard stays on screen with its inputs

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlags(Qt.WindowType.Widget)
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoCancelButton, True)
        self.setOption(QWizard.WizardOption.HaveFinishButtonOnEarlyPages, True)
        self._beyond: ScenarioDocument = {}  # what the opened file holds that no page shows (kept, written back)
        self.task_page = TaskPage(self)
        self.model_page = ModelPage(catalog, self)
        self.precision_page = PrecisionPage(self)
        self.deployment_page = DeploymentPage(catalog, self)
        self.budget_page = BudgetPage(self)
        self.assumptions_page = AssumptionsPage(self)
        self.rl_page = RlPage(self)
        self.assumptions_page.forget.clicked.connect(self.forget_kept)
        self.budget_page.expert.clicked.connect(lambda: self.setCurrentId(PageId.ASSUMPTIONS))
        self.model_page.imported.connect(self._carry_imported)
        self.edited.connect(self._refresh_kept)
        for page_id, page in ((PageId.TASK, self.task_page), (PageId.MODEL, self.model_page),
                              (PageId.PRECISION, self.precision_page), (PageId.DEPLOYMENT, self.deployment_page),
                              (PageId.BUDGET, self.budget_page), (PageId.ASSUMPTIONS, self.assumptions_page),
                              (PageId.RL, self.rl_page)):
            self.setPage(page_id, page)
            page.setFinalPage(True)  # sensible defaults everywhere: Finish works from any page
        self.setStartId(PageId.TASK)
        self._connect_edits()
        self._tab_in_reading_order()
        name_fields_by_their_labels(self)
        self._picked_task = self.task_page.task
        self.task_page.group.buttonToggled.connect(self._task_picked)
        self.currentIdChanged.connect(self._let_the_subtitle_wrap)
        self._task_changed()
        self.load_scenario(new_document())

    @Slot()
    def _let_the_subtitle_wrap(self) -> None:
        """QWizard gives a page's subtitle a minimum width of up to 512 px, the wider the longer the text, and sets
        its own minimum from it: the English precision page's subtitle made the wizard wider than its pane at
        1280 × 720, cutting the text and putting Finish behind a horizontal scroll bar. The subtitle wraps to the
        pane instead; the wizard's minimum width is then what its page, buttons and the subtitle's words need."""
        page = self.currentPage()
        if page is None:
            return
        for label in self.findChildren(QLabel):
            header = label.parentWidget()
            if label.wordWrap() and label.text() == page.subTitle() and header is not None:
                label.setMinimumSize(0, 0)
                policy = label.sizePolicy()
                policy.setHorizontalPolicy(QSizePolicy.Policy.Ignored)  # its 512 px hint is not a minimum
                label.setSizePolicy(policy)
                header.setMinimumSize(0, 0)
                header.setMaximumHeight(16_777_215)  # (QWIDGETSIZE_MAX) its height follows the subtitle's lines
                label.removeEventFilter(self)
                label.installEventFilter(self)  # the subtitle's height follows its width (eventFilter)
                self._fit_subtitle_height(label)
        frame = next((child for child in self.children() if isinstance(child, QWidget) and child.layout()), None)
        layout = frame.layout() if frame is not None else None
        if layout is not None:
            layout.invalidate()
            self.setMinimumWidth(layout.totalMinimumSize().width())

    @staticmethod
    def _fit_subtitle_height(label: QLabel) -> None:
        """Every line of the wrapped subtitle in view (QWizard fixed it to the lines it had at 512 px)."""
        label.setMinimumHeight(label.heightForWidth(max(label.width(), 1)))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Resize and isinstance(watched, QLabel):
            self._fit_subtitle_height(watched)
        return super().eventFilter(watched, event)

    def _tab_in_reading_order(self) -> None:
        """Tab walks each page's fields top to bottom, then Back, Next and Finish (widgets made before they had
        a parent would otherwise sit at the end of the focus chain and be skipped)."""
        buttons = [self.button(b) for b in (QWizard.WizardButton.BackButton, QWizard.WizardButton.NextButton,
                                            QWizard.WizardButton.FinishButton)]
        for page_id in PageId:
            chain = [*widgets_in_layout_order(self.page(page_id)), *buttons]
            for before, after in pairwise(chain):
                QWidget.setTabOrder(before, after)

    def _connect_edits(self) -> None:
        for widget in self.findChildren(QWidget):
            if isinstance(widget, QSpinBox | QDoubleSpinBox):
                widget.valueChanged.connect(self._on_edit)
                widget.lineEdit().textEdited.connect(self.typed)
                widget.lineEdit().textEdited.connect(self._on_edit)  # typed text that is not (yet) a value
            elif isinstance(widget, QComboBox):
                widget.currentIndexChanged.connect(self._on_edit)
                if widget.isEditable():  # typed text that names no item yet
                    line_edit(widget).editingFinished.connect(self._on_edit)
            elif isinstance(widget, QCheckBox | QRadioButton):
                widget.toggled.connect(self._on_edit)

    def accept(self) -> None:
        """Embedded in the main window: Finish computes the plans instead of closing the wizard."""
        self.completed.emit()

    def reject(self) -> None:
        """Escape must not hide the embedded wizard."""

    @Slot()
    def _on_edit(self) -> None:
        boxes = self.findChildren(QAbstractSpinBox)  # once an edit: the walk over every widget is most of its cost
        self.clear_marks(boxes)
        for box, message in self.field_problems(boxes):
            mark_invalid(box, message)
        self.edited.emit()

    def field_problems(self, boxes: list[QAbstractSpinBox] | None = None) -> list[tuple[QWidget, str]]:
        """Fields whose typed text is not a value they accept (a number, a model name), with the reason. `boxes`:
        the wizard's spin boxes, where the caller has just listed them."""
        found: list[tuple[QWidget, str]] = []
        for box in self.findChildren(QAbstractSpinBox) if boxes is None else boxes:
            problem = box.problem() if isinstance(box, IntBox | FloatBox) else None
            if problem is not None:
                found.append((box, problem))
        model = self.model_page.typed_model_problem()
        if model is not None:
            found.append((self.model_page.preset, model))
        return found

    @Slot()
    def _task_picked(self) -> None:
        """The user picked a task: its recipe's defaults (QLoRA pages its optimizer; a fine-tuning task a
        fine-tuning set, where the tokens still hold the last task's default), then the pages adapt."""
        task = self.task_page.task
        self.precision_page.paged.setChecked(paged_optimizer_by_default(task))
        tokens = self.model_page.tokens_b
        if task != self._picked_task and abs(tokens.value() - task_tokens_b(self._picked_task)) < 1e-9:
            tokens.setValue(task_tokens_b(task))  # switching to LoRA kept pretraining's 2T tokens (3,737 days)
        self._picked_task = task
        self._task_changed()

    @Slot()
    def _task_changed(self) -> None:
        task = self.task_page.task
        self.model_page.set_task(task)
        self.precision_page.set_task(task)
        self.budget_page.set_task(task)

    # --- scenario <-> widgets --------------------------------------------------------------------------
    @property
    def bindings(self) -> list[Binding]:
        """Every page's field bindings, in page order."""
        return [*self.model_page.bindings, *self.rl_page.bindings, *self.precision_page.bindings,
                *self.deployment_page.bindings, *self.budget_page.bindings, *self.assumptions_page.bindings]

    def _shown(self) -> frozenset[str]:
        shape = (f"model.{key}" for key in self.model_page.shape_boxes)
        return frozenset((*SHOWN_UNBOUND, *shape, *(binding.path for binding in self.bindings)))

    def _model_section(self, task: str) -> ScenarioDocument:
        m = self.model_page
        if task in IMAGE_TRAINING:
            if m.image_preset.currentData() == UNET_CONFIG:
                return m.unet_section()
            return {"preset": m.image_preset.currentData()}
        if m.preset.currentData() != "custom":
            return {"preset": m.preset.currentData()}
        model: ScenarioDocument = {key: box.value() for key, box in m.shape_boxes.items()}
        model.update(gated_mlp=m.gated.isChecked(), tied_embeddings=m.tied.isChecked(), name=self.tr("Custom model"))
        return model

    def scenario(self) -> ScenarioDocument:
        task = self.task_page.task
        data: dict[str, Any] = {"task": task, "model": self._model_section(task)}
        for binding in self.bindings:
            value = binding.value() if binding.applies(task) else None
            if value is not None:
                put(data, binding.path, value)
        if task == "inference":  # the context a request needs: its prompt and its answer
            data["seq_len"] = self.model_page.input_tokens.value() + self.model_page.output_tokens.value()
        # The file's own settings that no page shows go after the wizard's, in the file's nesting (its own name
        # for its custom model).
        carried = self._carried()
        if "name" in carried.get("model", {}):
            data["model"].pop("name", None)
        whole = merged(carried, data)
        return {**{key: whole[key] for key in data}, **{key: value for key, value in whole.items() if key not in data}}

    def _carried(self) -> ScenarioDocument:
        """The opened file's settings that no page shows and the scenario carries now: a custom model's own fields
        (its name, experts, parameter count) only while that custom model is the one chosen."""
        carried = dict(self._beyond)
        custom = self.model_page.preset.currentData() == "custom" and self.task_page.task not in ("vision",
                                                                                                 "diffusion")
        if not custom:
            carried.pop("model", None)
        return carried

    def kept_settings(self) -> list[str]:
        """The dotted names of what `_carried` holds."""
        def names(section: ScenarioDocument, prefix: str) -> list[str]:
            out: list[str] = []
            for key, value in section.items():
                out += names(value, f"{prefix}{key}.") if isinstance(value, dict) else [prefix + key]
            return out

        return names(self._carried(), "")

    @Slot()
    def _refresh_kept(self) -> None:
        self.assumptions_page.show_kept(self.kept_settings())

    @Slot(object)
    def _carry_imported(self, model: ModelArch) -> None:
        """An imported config.json's fields that the model page has no box for (its name, experts, head_dim,
        MLA, sliding window ...) are carried like an opened file's, replacing the previous custom model's."""
        self._beyond = {key: value for key, value in self._beyond.items() if key != "model"}
        extras = beyond_the_wizard({"model": model_document(model)}, self._shown())
        if extras:
            self._beyond["model"] = extras["model"]
        self.edited.emit()

    @Slot()
    def forget_kept(self) -> None:
        """Drop the opened file's settings that no page shows (an edit: it can be undone)."""
        self._beyond = {}
        self.edited.emit()  # the Assumptions page's list follows (_refresh_kept)

    def load_scenario(self, data: ScenarioDocument) -> None:
        """Fill every widget from a (validated) scenario dict; keys it omits show their documented defaults
        (the field table's, or the page's where the planner decides), never what the widgets held before."""
        m = self.model_page
        self._beyond = beyond_the_wizard(data, self._shown())  # listed on the Assumptions page by the edit signal
        task = str(data.get("task", field("task").file_default))
        self.blockSignals(True)
        try:
            self.task_page.set_task(task)
            model = data.get("model", {})
            if task in IMAGE_TRAINING:
                if isinstance(model.get("unet_config"), dict):
                    m.set_unet(str(model.get("name") or "U-Net"), model["unet_config"])
                select_data(m.image_preset, UNET_CONFIG if "unet_config" in model else model.get("preset"))
                wanted = model.get("preset", UNET_CONFIG if "unet_config" in model else None)
                m.missing_image_model = None if wanted in (None, m.image_preset.currentData()) else str(wanted)
            elif "preset" in model:
                select_data(m.preset, model["preset"])
            elif model:
                select_data(m.preset, "custom")
                for key, box in m.shape_boxes.items():
                    if key in model:
                        box.setValue(int(model[key]))
                m.gated.setChecked(bool(model.get("gated_mlp", True)))
                m.tied.setChecked(bool(model.get("tied_embeddings", False)))
            for binding in self.bindings:
                binding.show(data, task)
        finally:
            self.blockSignals(False)
        self._picked_task = task
        self._task_changed()
        self.edited.emit()

    # --- marking bad fields ---------------------------------------------------------------------------
    def field_widgets(self) -> dict[str, QWidget]:
        """The widget that shows each scenario field, and for a field no page has, the one that decides it."""
        m, d = self.model_page, self.deployment_page
        return {
            **{binding.path: binding.widget for binding in self.bindings},
            "model": m.preset, "model.preset": m.preset, "images": m.images,
            "images.gflops_per_sample": m.gflops, "images.activation_mib_per_sample": m.image_preset,
            "model.unet_config": m.image_preset,
            **{f"model.{key}": box for key, box in m.shape_boxes.items()},
            "training.micro_batch": m.global_batch, "parallelism": d.count,
        }

    def show_page(self, page_id: int) -> None:
        """Go to a page as Next would (the pages between are visited, as QWizard keeps its history)."""
        self.restart()
        while self.currentId() != page_id and self.currentId() != -1 and self.nextId() != -1:
            self.next()

    def page_of(self, widget: QWidget) -> int:
        for page_id in PageId:
            if self.page(page_id).isAncestorOf(widget):
                return int(page_id)
        return int(PageId.TASK)

    def mark_field(self, field: str, message: str) -> QWidget | None:
        """Mark the widget behind a scenario field (or its closest parent key) and return it."""
        widgets = self.field_widgets()
        key = field
        while key and key not in widgets:
            key = key.rpartition(".")[0]
        widget = widgets.get(key)
        if widget is not None:
            mark_invalid(widget, message)
        return widget

    def clear_marks(self, boxes: list[QAbstractSpinBox] | None = None) -> None:
        """Every field's mark taken off. `boxes`: the wizard's spin boxes, where the caller has just listed them."""
        spin_boxes = self.findChildren(QAbstractSpinBox) if boxes is None else boxes
        for widget in {*self.field_widgets().values(), *spin_boxes}:
            clear_invalid(widget)

