"""Page 2: the model and its data, serving load or images."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.images.unet import unet_from_config, unet_from_config_file
from gpuplanner.core.models.model import model_from_hf_config
from gpuplanner.core.scenario.fields import ScenarioDocument, field
from gpuplanner.core.serving.engines import engine_profile
from gpuplanner.i18n import fill
from gpuplanner.i18n.field_help import field_help
from gpuplanner.i18n.messages import translated
from gpuplanner.report.formatting import model_summary
from gpuplanner.ui.dialogs import warn
from gpuplanner.ui.file_dialogs import open_file
from gpuplanner.ui.widgets import (
    choice_combo,
    defer_undo_keys,
    fit_combo,
    float_spin,
    int_spin,
    line_edit,
    select_data,
)
from gpuplanner.ui.wizard.binding import (
    AUTO,
    IMAGE_TRAINING,
    LLM_TRAINING,
    SERVING,
    Binding,
)
from gpuplanner.ui.wizard.common import PageId, engine_label, limits


def _model_key(name: str) -> str:
    """A model name compared as people type it: case, spaces, dashes, dots and underscores aside."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


IMAGE_RESOLUTION_DEFAULT = 224  # px: ImageNet classifiers' input side
UNET_CONFIG = "unet-config"  # the image model box's item for a U-Net imported from its config.json


class ModelPage(QWizardPage):
    imported = Signal(object)  # the ModelArch a config.json described, once its plain fields fill the boxes

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self._images = False
        self._task = ""  # the wizard's task (set_task): rl goes on to its own page
        self.setTitle(self.tr("Which model, and how much data?"))
        self.setSubTitle(self.tr("Choose a preset (type to search), describe your own architecture, or import a "
                                 "Hugging Face config.json."))
        self.preset = QComboBox(self)
        self.preset.setEditable(True)
        self.preset.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        defer_undo_keys(self.preset)
        fit_combo(self.preset)
        for row in catalog.rows("models"):
            if row["kind"] in ("llm", "encoder"):
                self.preset.addItem(str(row["name"]), row["id"])
        self.preset.addItem(self.tr("Custom architecture"), "custom")
        completer = self.preset.completer()
        if completer is None:  # an editable combo box has one
            raise ValueError("the model box is not editable")
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        select_data(self.preset, "llama-2-7b")
        self.image_preset = QComboBox(self)
        fit_combo(self.image_preset)
        self.image_resolutions: dict[str, int] = {}
        # (id, name, kind) of the image presets that can be planned: one without its forward FLOPs per image could
        # only ever answer "give images.gflops_per_sample" (the U-Nets' are counted from their configs).
        self.image_models: list[tuple[str, str, str]] = []
        self.transformer_images: set[str] = set()  # ViT, DiT: their FLOPs come from the architecture, not the field
        for row in catalog.rows("models"):
            if row["kind"] in ("cnn", "vit", "diffusion") and row.get("gflops_fwd_per_sample"):
                self.image_models.append((str(row["id"]), str(row["name"]), str(row["kind"])))
                if row.get("layers") is not None:
                    self.transformer_images.add(str(row["id"]))
                if resolution := row.get("resolution"):
                    self.image_resolutions[str(row["id"])] = int(resolution)
        # A U-Net read from its config.json: (its name, the config), shown as the image model box's last item.
        self.unet: tuple[str, dict[str, object]] | None = None
        self._fill_image_presets("vision")
        self.image_preset.activated.connect(self._image_picked)
        self.missing_image_model: str | None = None  # an opened file's image model no page can plan
        self.image_preset.setToolTip(self.tr("Image models from the catalog, with their sources."))
        self.preset.setToolTip(self.tr("Model presets come from the catalog, with their source."))
        self.import_button = QPushButton(self.tr("Import config.json…"), self)
        self.import_button.setToolTip(self.tr("Read layers, widths, heads and vocabulary from a local Hugging Face "
                                              "config.json."))
        self.import_unet_button = QPushButton(self.tr("Import U-Net config.json…"), self)
        self.import_unet_button.setToolTip(self.tr("Count a diffusion U-Net's parameters and FLOPs per image from "
                                                   "its diffusers config.json (unet/config.json of a Stable Diffusion "
                                                   "repository)."))

        self.custom = QGroupBox(self.tr("Custom architecture"), self)
        form = QFormLayout(self.custom)
        self.layers = int_spin(1, 1000, 32, self.tr("Transformer layers"))
        self.hidden = int_spin(64, 1 << 18, 4096, self.tr("Hidden size (model width)"))
        self.heads = int_spin(1, 4096, 32, self.tr("Attention heads"))
        self.kv_heads = int_spin(1, 4096, 32, self.tr("Key/value heads: fewer than heads means GQA/MQA, which "
                                                      "shrinks the KV cache"))
        self.ffn = int_spin(64, 1 << 21, 11008, self.tr("MLP inner width"))
        self.vocab = int_spin(1, 10_000_000, 32000, self.tr("Vocabulary size"))
        # The custom architecture's whole-number keys of the scenario's `model` section, and their boxes.
        self.shape_boxes = {"layers": self.layers, "hidden": self.hidden, "heads": self.heads,
                            "kv_heads": self.kv_heads, "ffn_hidden": self.ffn, "vocab": self.vocab}
        self.gated = QCheckBox(self.tr("Gated MLP (SwiGLU)"), self.custom)
        self.gated.setChecked(True)
        self.tied = QCheckBox(self.tr("Tied input/output embeddings"), self.custom)
        form.addRow(self.tr("Layers"), self.layers)
        form.addRow(self.tr("Hidden size"), self.hidden)
        form.addRow(self.tr("Heads"), self.heads)
        form.addRow(self.tr("KV heads"), self.kv_heads)
        form.addRow(self.tr("MLP width"), self.ffn)
        form.addRow(self.tr("Vocabulary"), self.vocab)
        form.addRow(self.gated)
        form.addRow(self.tied)

        self.data_box = QGroupBox(self.tr("Data and batch"), self)
        data_form = QFormLayout(self.data_box)
        self.tokens_b = float_spin(*limits("training.tokens", 1e9, low=0.001), 3,
                                   self.tr("Training tokens, in billions (2T, 500B and 1e3 are read too)"), " B",
                                   unit_scale=1e9)
        self.global_batch = int_spin(*limits("training.global_batch"), field_help("training.global_batch"))
        self.seq_len = int_spin(*limits("seq_len"), self.tr("Tokens per sequence (context length)"))
        self.from_dataset = QPushButton(self.tr("From dataset size…"), self)
        self.from_dataset.setToolTip(self.tr("Documents or gigabytes of text, turned into the tokens they mean"))
        self.from_dataset.clicked.connect(self._tokens_from_dataset)
        tokens_row = QWidget(self)
        tokens_layout = QHBoxLayout(tokens_row)
        tokens_layout.setContentsMargins(0, 0, 0, 0)
        tokens_layout.addWidget(self.tokens_b, 1)
        tokens_layout.addWidget(self.from_dataset)
        data_form.addRow(self.tr("Tokens"), tokens_row)
        data_form.addRow(self.tr("Global batch (sequences)"), self.global_batch)
        data_form.addRow(self.tr("Sequence length"), self.seq_len)

        self.serve_box = QGroupBox(self.tr("Serving load"), self)
        serve_form = QFormLayout(self.serve_box)
        self.batch = int_spin(*limits("inference.batch", low=0),
                              self.tr("Requests decoded together per replica. Auto: with a throughput target, the "
                                      "most the KV cache holds within the latency limits (the fewest replicas); "
                                      "otherwise one request"))
        self.batch.setSpecialValueText(self.tr("Auto"))
        self.input_tokens = int_spin(*limits("inference.input_tokens"), self.tr("Prompt length in tokens"))
        self.output_tokens = int_spin(*limits("inference.output_tokens"), self.tr("Generated tokens per request"))
        engines = field("inference.engine")  # every engine a scenario may name
        self.engine = choice_combo([(str(name), engine_label(str(name))) for name in engines.choices],
                                   str(engines.default),
                                   self.tr("The same GPU gives very different numbers per engine"))
        self.output_lengths = choice_combo(
            [("fixed", self.tr("All of the mean length")), ("sharegpt", self.tr("Spread as ShareGPT's replies"))],
            "fixed", field_help("inference.output_length_distribution"))
        self.users = int_spin(*limits("inference.concurrent_users", low=0),
                              self.tr("Users served at once: sizes the replicas (Not set: the throughput target "
                                      "and the batch size them)"))
        self.users.setSpecialValueText(self.tr("Not set"))
        self.max_ttft = float_spin(*limits("inference.max_ttft_s", low=0.0), 2,
                                   self.tr("Longest wait for the first token (0 = no limit)"), " s")
        self.max_ttft.setSpecialValueText(self.tr("No limit"))
        self.max_tpot = float_spin(*limits("inference.max_tpot_s", 0.001, low=0.0), 0,
                                   self.tr("Longest time between output tokens for each user (0 = no limit)"), " ms")
        self.max_tpot.setSpecialValueText(self.tr("No limit"))
        self.kv_fraction = float_spin(*limits("inference.kv_cache_memory_fraction", low=0.0), 2,
                                      field_help("inference.kv_cache_memory_fraction"))
        self.kv_fraction.setSingleStep(0.01)
        self.hours_per_day = float_spin(*limits("inference.hours_per_day", low=0.1), 1,
                                        field_help("inference.hours_per_day"), self.tr(" h"))
        self.kv_fraction.setSpecialValueText(self.tr("Engine default"))
        self.kv_admission = choice_combo(
            [(AUTO, self.tr("Engine default")), ("whole-sequence", self.tr("Whole length reserved up front")),
             ("in-use", self.tr("Cache in use, pausing requests when full"))], AUTO,
            self.tr("How requests are admitted to the KV cache. Whole length: room for input + output is reserved "
                    "when a request starts (TensorRT-LLM's default GUARANTEED_NO_EVICT; llama.cpp's slots). Cache "
                    "in use: room for what the sequences hold, more of them at once (TensorRT-LLM's "
                    "MAX_UTILIZATION; vLLM always)."))
        serve_form.addRow(self.tr("Concurrent users"), self.users)
        serve_form.addRow(self.tr("Time to first token under"), self.max_ttft)
        serve_form.addRow(self.tr("Time per output token under"), self.max_tpot)
        serve_form.addRow(self.tr("Runs per day"), self.hours_per_day)
        serve_form.addRow(self.tr("Batch"), self.batch)
        serve_form.addRow(self.tr("Input tokens"), self.input_tokens)
        serve_form.addRow(self.tr("Output tokens"), self.output_tokens)
        serve_form.addRow(self.tr("Output lengths"), self.output_lengths)
        serve_form.addRow(self.tr("Engine"), self.engine)
        serve_form.addRow(self.tr("KV-cache memory share"), self.kv_fraction)
        serve_form.addRow(self.tr("KV-cache admission"), self.kv_admission)

        self.image_box = QGroupBox(self.tr("Images"), self)
        image_form = QFormLayout(self.image_box)
        self.images = int_spin(*limits("images.count"),
                               self.tr("Images per epoch (ImageNet-1k: 1,281,167)"))
        self.epochs = float_spin(*limits("images.epochs", low=0.01), 2, field_help("images.epochs"))
        self.image_batch = int_spin(*limits("images.batch"),
                                    self.tr("Images per optimizer step, all GPUs together"))
        self.resolution = int_spin(*limits("images.resolution", initial=IMAGE_RESOLUTION_DEFAULT),
                                   self.tr("Image side in pixels"), " px")
        self.gflops = float_spin(*limits("images.gflops_per_sample", high=1e7), 1,
                                 self.tr("Forward FLOPs of one image at the model's own resolution, in GFLOP: leave "
                                         "it at “from the model” to use the count of its architecture"), " GFLOP")
        self.gflops.setSpecialValueText(self.tr("from the model"))
        image_model_row = QWidget(self)
        # The import button under the model, not beside it: side by side they made the English page 529 px wide,
        # past the wizard's pane at 1280 x 720 (a sideways scroll bar, Finish cut).
        image_model_layout = QVBoxLayout(image_model_row)
        image_model_layout.setContentsMargins(0, 0, 0, 0)
        image_model_layout.addWidget(self.image_preset)
        image_model_layout.addWidget(self.import_unet_button, 0, Qt.AlignmentFlag.AlignLeft)
        image_form.addRow(self.tr("Model"), image_model_row)
        image_form.addRow(self.tr("Images per epoch"), self.images)
        image_form.addRow(self.tr("Epochs"), self.epochs)
        image_form.addRow(self.tr("Batch (images)"), self.image_batch)
        image_form.addRow(self.tr("Resolution"), self.resolution)
        image_form.addRow(self.tr("FLOPs per image"), self.gflops)
        self.image_form = image_form
        self.model_row = QWidget(self)
        top = QHBoxLayout(self.model_row)
        top.setContentsMargins(0, 0, 0, 0)
        model_label = QLabel(self.tr("Model"), self)
        model_label.setBuddy(self.preset)  # its name for a screen reader, and Alt+M where the label has a mnemonic
        top.addWidget(model_label)
        top.addWidget(self.preset, 1)
        top.addWidget(self.import_button)
        # A preset's own architecture, as text (the custom boxes, hidden then, would show another model's).
        self.preset_summary = QLabel(self)
        self.preset_summary.setTextFormat(Qt.TextFormat.PlainText)
        self.preset_summary.setWordWrap(True)
        self.preset_summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.addWidget(self.model_row)
        layout.addWidget(self.preset_summary)
        layout.addWidget(self.custom)
        layout.addWidget(self.data_box)
        layout.addWidget(self.serve_box)
        layout.addWidget(self.image_box)
        layout.addStretch(1)
        self.bindings = [
            Binding("seq_len", self.seq_len, tasks=LLM_TRAINING),
            Binding("training.tokens", self.tokens_b, tasks=LLM_TRAINING, unit=1e9),
            Binding("training.global_batch", self.global_batch, tasks=LLM_TRAINING),
            Binding("inference.batch", self.batch, unset=0, tasks=SERVING),
            Binding("inference.input_tokens", self.input_tokens, tasks=SERVING),
            Binding("inference.output_tokens", self.output_tokens, tasks=SERVING),
            Binding("inference.engine", self.engine, tasks=SERVING),
            Binding("inference.output_length_distribution", self.output_lengths, unset="fixed", tasks=SERVING),
            Binding("inference.concurrent_users", self.users, unset=0, tasks=SERVING),
            Binding("inference.max_ttft_s", self.max_ttft, unset=0.0, tasks=SERVING),
            Binding("inference.max_tpot_s", self.max_tpot, unset=0.0, tasks=SERVING, unit=0.001),
            Binding("inference.kv_cache_memory_fraction", self.kv_fraction, unset=0.0, tasks=SERVING),
            Binding("inference.kv_admission", self.kv_admission, unset=AUTO, tasks=SERVING),
            Binding("inference.hours_per_day", self.hours_per_day, unset=24.0, tasks=SERVING),
            Binding("images.count", self.images, tasks=IMAGE_TRAINING),
            Binding("images.epochs", self.epochs, tasks=IMAGE_TRAINING),
            Binding("images.batch", self.image_batch, tasks=IMAGE_TRAINING),
            Binding("images.resolution", self.resolution, tasks=IMAGE_TRAINING,
                    fallback=lambda _task: self.native_resolution()),
            Binding("images.gflops_per_sample", self.gflops, unset=0.0, tasks=frozenset({"diffusion"})),
        ]
        self.preset.currentIndexChanged.connect(self._update_custom)
        line_edit(self.preset).editingFinished.connect(self._match_typed_model)
        self.engine.currentIndexChanged.connect(self._update_admission)
        self.kv_admission.currentIndexChanged.connect(self._update_admission)
        self.import_button.clicked.connect(self._import_config)
        self.import_unet_button.clicked.connect(self._import_unet)
        self.image_preset.currentIndexChanged.connect(self._update_flops_field)
        self._update_custom()
        self._update_admission()

    @Slot()
    def _update_admission(self) -> None:
        """The admission is a choice only where the engine offers one (TensorRT-LLM): for another engine the box is
        greyed out at its default, unless it holds a choice (from a file, or made before the engine changed), which
        stays editable where the check marks it."""
        choosable = engine_profile(str(self.engine.currentData())).admission_choosable
        self.kv_admission.setEnabled(choosable or self.kv_admission.currentData() != AUTO)

    @Slot()
    def _match_typed_model(self) -> None:
        """A name typed rather than picked: the one model it names (case, spaces and dashes aside) is chosen; text
        that names none or several stays as typed and typed_model_problem() says so."""
        typed = _model_key(self.preset.currentText())
        if not typed or typed == _model_key(self.preset.itemText(self.preset.currentIndex())):
            return
        names = [(index, _model_key(self.preset.itemText(index))) for index in range(self.preset.count())]
        exact = [index for index, name in names if name == typed]
        partial = [index for index, name in names if typed in name]
        chosen = exact or (partial if len(partial) == 1 else [])
        if chosen:
            self.preset.setCurrentIndex(chosen[0])

    def typed_model_problem(self) -> str | None:
        """Why the model field's text is not the model planned (None when it is)."""
        if self._images:
            if self.missing_image_model is not None and self.image_preset.currentData() != self.missing_image_model:
                return fill(self.tr("“%1” cannot be planned for this task: the catalog lacks its forward FLOPs per "
                                    "image; pick another model"), self.missing_image_model)
            return None
        text = self.preset.currentText().strip()
        if text == self.preset.itemText(self.preset.currentIndex()):
            return None
        return fill(self.tr("“%1” is not a model in the list: pick one (type part of its name), or choose Custom "
                            "architecture"), text)

    @Slot()
    def _update_custom(self) -> None:
        custom = self.preset.currentData() == "custom"
        self.custom.setEnabled(custom)
        self.custom.setVisible(custom and not self._images)
        preset = self.preset.currentData()
        self.preset_summary.setVisible(not custom and not self._images)
        if not custom and preset is not None:
            try:
                self.preset_summary.setText(model_summary(self.catalog.model(str(preset))))
            except InputError:
                self.preset_summary.clear()

    @Slot()
    def _import_config(self) -> None:
        path = open_file(self, self.tr("Import config.json"), self.tr("JSON files (*.json)"))
        if path:
            self.import_config(path)

    @Slot()
    def _import_unet(self) -> None:
        path = open_file(self, self.tr("Import U-Net config.json"), self.tr("JSON files (*.json)"))
        if path:
            self.import_unet(path)

    def import_unet(self, path: str) -> bool:
        """Read a diffusers U-Net config and make it the model trained (the box's last item, named after it)."""
        try:
            unet = unet_from_config_file(path)
            config = json.loads(Path(path).read_text(encoding="utf-8"))
        except InputError as exc:
            warn(self, self.tr("Cannot import"),
                 fill(self.tr("This U-Net config.json cannot be used: %1"), translated(exc.message)))
            return False
        self.set_unet(unet.name, config)
        self.resolution.setValue(unet.native_resolution)
        return True

    def set_unet(self, name: str, config: dict[str, object]) -> None:
        """The imported U-Net as the image model box's choice (replacing an earlier one)."""
        self.unet = (name, config)
        self.image_resolutions[UNET_CONFIG] = unet_from_config(config, name).native_resolution
        self._fill_image_presets("diffusion")
        select_data(self.image_preset, UNET_CONFIG)

    def unet_section(self) -> ScenarioDocument:
        """The scenario's model section for the imported U-Net."""
        assert self.unet is not None
        return {"unet_config": self.unet[1], "name": self.unet[0]}

    @Slot()
    def _update_flops_field(self) -> None:
        """FLOPs per image replace a U-Net's or a CNN's count; a transformer's (DiT) come from its layers."""
        counted = self.image_preset.currentData() not in self.transformer_images
        self.gflops.setEnabled(counted or self.gflops.value() > 0)

    @Slot()
    def _tokens_from_dataset(self) -> None:
        from gpuplanner.ui.wizard.dataset_dialog import DatasetDialog

        dialog = DatasetDialog(self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.tokens_b.setValue(dialog.tokens() / 1e9)  # a wizard edit like any other (undoable)

    def import_config(self, path: str) -> bool:
        try:
            model = model_from_hf_config(path)
        except InputError as exc:
            warn(self, self.tr("Cannot import"),
                 fill(self.tr("This config.json cannot be used: %1"), translated(exc.message)))
            return False
        select_data(self.preset, "custom")
        for box, value in ((self.layers, model.layers), (self.hidden, model.hidden), (self.heads, model.heads),
                           (self.kv_heads, model.kv_heads), (self.ffn, model.ffn_hidden), (self.vocab, model.vocab)):
            box.setValue(value)
        self.gated.setChecked(model.gated_mlp)
        self.tied.setChecked(model.tied_embeddings)
        self.imported.emit(model)  # the wizard keeps what these boxes cannot show (experts, head_dim, MLA ...)
        return True

    def _fill_image_presets(self, task: str) -> None:
        """The presets the task trains: classifiers for image-model training, diffusion models for diffusion."""
        kinds = ("diffusion",) if task == "diffusion" else ("cnn", "vit")
        current = self.image_preset.currentData()
        self.image_preset.blockSignals(True)
        self.image_preset.clear()
        for model_id, name, kind in self.image_models:
            if kind in kinds:
                self.image_preset.addItem(name, model_id)
        if task == "diffusion" and self.unet is not None:
            self.image_preset.addItem(fill(self.tr("%1 (imported U-Net)"), self.unet[0]), UNET_CONFIG)
        select_data(self.image_preset, current)
        self.image_preset.blockSignals(False)

    @Slot()
    def _image_picked(self) -> None:
        """A model picked by the user brings its native resolution (ResNet-50 224 px, DiT-XL/2 256 px)."""
        self.missing_image_model = None
        native = self.image_resolutions.get(str(self.image_preset.currentData()))
        if native is not None:
            self.resolution.setValue(native)

    def native_resolution(self) -> int:
        """The selected image preset's native resolution (the parser's default for `images.resolution`)."""
        return self.image_resolutions.get(str(self.image_preset.currentData()), IMAGE_RESOLUTION_DEFAULT)

    def nextId(self) -> int:  # noqa: N802 (Qt's name)
        """Task rl goes on to its own page, every other task to the precision page."""
        return int(PageId.RL) if self._task == "rl" else super().nextId()

    def set_task(self, task: str) -> None:
        self._task = task
        serving = task == "inference"
        images = task in ("vision", "diffusion")
        if images:
            before = self.image_preset.currentData()
            self._fill_image_presets(task)
            if self.image_preset.currentData() != before:  # ResNet-50 is no diffusion model: the task's first
                self._image_picked()
        self.serve_box.setVisible(serving)
        self.data_box.setVisible(task in LLM_TRAINING)  # RL has its own page for its step
        self.image_box.setVisible(images)
        diffusion = task == "diffusion"
        self.import_unet_button.setVisible(diffusion)
        self.image_form.setRowVisible(self.gflops, diffusion)
        self._update_flops_field()
        self.model_row.setVisible(not images)
        self._images = images
        self._update_custom()

