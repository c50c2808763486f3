"""The planning wizard: task -> model -> precision -> deployment -> budget. It only lays out inputs and turns
them into a scenario dict (the same schema as the CLI); all estimation happens in the core, off this thread."""

from __future__ import annotations

from enum import IntEnum
from itertools import pairwise
from typing import Any

from PySide6.QtCore import QLocale, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QCompleter,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.errors import InputError
from gpuplanner.core.fields import FIELDS, field
from gpuplanner.core.inference import engine_profile
from gpuplanner.core.model import ModelArch, model_from_hf_config
from gpuplanner.core.scenario import (
    IMAGE_BATCH_DEFAULT,
    IMAGE_EPOCHS_DEFAULT,
    IMAGENET_1K_TRAIN_IMAGES,
    ScenarioDocument,
    model_document,
    new_scenario,
    paged_optimizer_by_default,
)
from gpuplanner.core.site import CHINA_IDC_CABINET_AMPS, china_idc_cabinet_kw
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import translated
from gpuplanner.report.formatting import model_summary
from gpuplanner.ui.details import assumption_labels
from gpuplanner.ui.dialogs import warn
from gpuplanner.ui.widgets import (
    FloatBox,
    IntBox,
    choice_combo,
    clear_invalid,
    fit_combo,
    float_spin,
    int_spin,
    mark_invalid,
    select_data,
    widgets_in_layout_order,
)

AUTO = "auto"
ANY_GPU = "any"
IMAGE_RESOLUTION_DEFAULT = 224


def limits(path: str, scale: float = 1.0, *, low: float | None = None,
           high: float | None = None) -> tuple[float, float]:
    """A number field's range from the scenario field table (core/fields.py), in the field's display unit
    (`scale`: 1e9 for a field in billions, 0.01 for one in percent). `low` replaces an exclusive minimum (or a
    0 that means "none"); `high` caps what a spin box can hold."""
    spec = field(path)
    minimum = low if low is not None else (spec.minimum or 0.0) / scale
    maximum = (spec.maximum or 0.0) / scale if high is None else min(high, (spec.maximum or high) / scale)
    return minimum, maximum


# Tokens a fine-tuning task starts from in the wizard, in billions: a planning default for a fine-tuning set (a
# pretraining run's 2T tokens made a LoRA of 3,737 days); the user's own figure replaces it.
FINE_TUNING_TOKENS_B = 1.0


def task_tokens_b(task: str) -> float:
    """The tokens, in billions, the wizard gives a task it is switched to."""
    return new_scenario()["training"]["tokens"] / 1e9 if task == "pretrain" else FINE_TUNING_TOKENS_B


# The deadline the app's first screen plans to: without one the cheapest plan for the default pretraining run was
# 4 RTX 5090 for 3,392 days.
NEW_DOCUMENT_DEADLINE_DAYS = 30.0


def new_document() -> ScenarioDocument:
    """What File → New shows: the documented defaults with a 30-day deadline, priced in CNY when the interface is
    Chinese."""
    currency = "CNY" if QLocale().territory() == QLocale.Country.China else "USD"
    return merged(new_scenario(), {"constraints": {"currency": currency,
                                                   "deadline_days": NEW_DOCUMENT_DEADLINE_DAYS}})


def merged(base: ScenarioDocument, over: ScenarioDocument) -> ScenarioDocument:
    """`base` with `over` laid on top, nested objects merged key by key (neither argument is changed)."""
    out = dict(base)
    for key, value in over.items():
        out[key] = merged(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


# What the wizard's pages show and write (a whole section, or one key of it). Whatever else an opened file holds
# (parallelism, training.micro_batch, hardware.gpus_per_node, site limits the pages do not show...) is kept as it
# was: used for the results and written back on save, never dropped.
WIZARD_KEYS = (
    "task", "model.preset", "model.layers", "model.hidden", "model.heads", "model.kv_heads", "model.ffn_hidden",
    "model.vocab", "model.gated_mlp", "model.tied_embeddings", "seq_len", "images", "precision", "stack",
    "assumptions",
    "training.tokens", "training.global_batch", "training.optimizer", "training.recompute", "training.zero",
    "training.lora_rank", "training.lora_targets", "training.lora_dropout", "training.paged_optimizer",
    "training.weight_dtype",
    "inference.batch", "inference.input_tokens", "inference.output_tokens", "inference.engine",
    "inference.weight_dtype", "inference.kv_dtype", "inference.concurrent_users", "inference.max_ttft_s",
    "inference.max_tpot_s", "inference.kv_cache_memory_fraction", "inference.kv_admission", "hardware.gpu",
    "hardware.count",
    "constraints.deployment", "constraints.region", "constraints.objective", "constraints.currency",
    "constraints.years", "constraints.utilization", "constraints.usd_to_cny", "constraints.allow_consumer_gpus",
    "constraints.budget", "constraints.deadline_days", "constraints.target_output_tokens_per_s",
    "constraints.site.rack_kw", "constraints.site.rack_units", "constraints.site.cooling", "constraints.site.pue",
    "constraints.site.supply.voltage", "constraints.site.supply.phase", "constraints.site.supply.amps",
    "constraints.site.china_cabinet_amps", "constraints.site.electricity_price", "constraints.site.cooling_kw_per_rack",
)


def beyond_the_wizard(data: ScenarioDocument, prefix: str = "") -> ScenarioDocument:
    """The part of a scenario document the wizard's pages do not show (WIZARD_KEYS), nested as it was."""
    kept: dict[str, Any] = {}
    for key, value in data.items():
        path = prefix + key
        if path in WIZARD_KEYS:
            continue
        if isinstance(value, dict):
            inner = beyond_the_wizard(value, path + ".")
            if inner:
                kept[key] = inner
        else:
            kept[key] = value
    return kept


def _model_key(name: str) -> str:
    """A model name compared as people type it: case, spaces, dashes, dots and underscores aside."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


class PageId(IntEnum):
    TASK = 0
    MODEL = 1
    PRECISION = 2
    DEPLOYMENT = 3
    BUDGET = 4
    ASSUMPTIONS = 5


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
             self.tr("Train a diffusion model (DiT, or a U-Net with its FLOPs per image).")),
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


class ModelPage(QWizardPage):
    imported = Signal(object)  # the ModelArch a config.json described, once its plain fields fill the boxes

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self._images = False
        self.setTitle(self.tr("Which model, and how much data?"))
        self.setSubTitle(self.tr("Choose a preset (type to search), describe your own architecture, or import a "
                                 "Hugging Face config.json."))
        self.preset = QComboBox(self)
        self.preset.setEditable(True)
        self.preset.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        fit_combo(self.preset)
        for row in catalog.rows("models"):
            if row["kind"] in ("llm", "encoder"):
                self.preset.addItem(str(row["name"]), row["id"])
        self.preset.addItem(self.tr("Custom architecture"), "custom")
        completer = self.preset.completer()
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        select_data(self.preset, "llama-2-7b")
        self.image_preset = QComboBox(self)
        fit_combo(self.image_preset)
        self.image_resolutions: dict[str, int] = {}
        # (id, name, kind) of the image presets that can be planned: one without its forward FLOPs per image (SDXL
        # in the catalog) could only ever answer "give images.gflops_per_sample", a field no page has.
        self.image_models: list[tuple[str, str, str]] = []
        for row in catalog.rows("models"):
            if row["kind"] in ("cnn", "vit", "diffusion") and row.get("gflops_fwd_per_sample"):
                self.image_models.append((str(row["id"]), str(row["name"]), str(row["kind"])))
                if row.get("resolution"):
                    self.image_resolutions[str(row["id"])] = int(row["resolution"])  # type: ignore[call-overload]
        self._fill_image_presets("vision")
        self.image_preset.activated.connect(self._image_picked)
        self.missing_image_model: str | None = None  # an opened file's image model no page can plan
        self.image_preset.setToolTip(self.tr("Image models from the catalog, with their sources."))
        self.preset.setToolTip(self.tr("Model presets come from the catalog, with their source."))
        self.import_button = QPushButton(self.tr("Import config.json…"), self)
        self.import_button.setToolTip(self.tr("Read layers, widths, heads and vocabulary from a local Hugging Face "
                                              "config.json."))

        self.custom = QGroupBox(self.tr("Custom architecture"), self)
        form = QFormLayout(self.custom)
        self.layers = int_spin(1, 1000, 32, self.tr("Transformer layers"))
        self.hidden = int_spin(64, 1 << 18, 4096, self.tr("Hidden size (model width)"))
        self.heads = int_spin(1, 4096, 32, self.tr("Attention heads"))
        self.kv_heads = int_spin(1, 4096, 32, self.tr("Key/value heads: fewer than heads means GQA/MQA, which "
                                                      "shrinks the KV cache"))
        self.ffn = int_spin(64, 1 << 21, 11008, self.tr("MLP inner width"))
        self.vocab = int_spin(1, 10_000_000, 32000, self.tr("Vocabulary size"))
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
        self.tokens_b = float_spin(*limits("training.tokens", 1e9, low=0.001), 200.0, 3,
                                   self.tr("Training tokens, in billions (2T, 500B and 1e3 are read too)"), " B",
                                   unit_scale=1e9)
        self.global_batch = int_spin(*limits("training.global_batch"), 512, self.tr("Sequences per optimizer step"))
        self.seq_len = int_spin(*limits("seq_len"), 4096, self.tr("Tokens per sequence (context length)"))
        data_form.addRow(self.tr("Tokens"), self.tokens_b)
        data_form.addRow(self.tr("Global batch (sequences)"), self.global_batch)
        data_form.addRow(self.tr("Sequence length"), self.seq_len)

        self.serve_box = QGroupBox(self.tr("Serving load"), self)
        serve_form = QFormLayout(self.serve_box)
        self.batch = int_spin(*limits("inference.batch", low=0), 0,
                              self.tr("Requests decoded together per replica. Auto: with a throughput target, the "
                                      "most the KV cache holds within the latency limits (the fewest replicas); "
                                      "otherwise one request"))
        self.batch.setSpecialValueText(self.tr("Auto"))
        self.input_tokens = int_spin(*limits("inference.input_tokens"), 1000, self.tr("Prompt length in tokens"))
        self.output_tokens = int_spin(*limits("inference.output_tokens"), 300, self.tr("Generated tokens per request"))
        self.engine = choice_combo([("tensorrt-llm", "TensorRT-LLM"), ("vllm", "vLLM"), ("llama.cpp", "llama.cpp")],
                                   "tensorrt-llm", self.tr("The same GPU gives very different numbers per engine"))
        self.users = int_spin(*limits("inference.concurrent_users", low=0), 0,
                              self.tr("Users served at once: sizes the replicas (Not set: the throughput target "
                                      "and the batch size them)"))
        self.users.setSpecialValueText(self.tr("Not set"))
        self.max_ttft = float_spin(*limits("inference.max_ttft_s", low=0.0), 0.0, 2,
                                   self.tr("Longest wait for the first token (0 = no limit)"), " s")
        self.max_ttft.setSpecialValueText(self.tr("No limit"))
        self.max_tpot = float_spin(*limits("inference.max_tpot_s", 0.001, low=0.0), 0.0, 0,
                                   self.tr("Longest time between output tokens for each user (0 = no limit)"), " ms")
        self.max_tpot.setSpecialValueText(self.tr("No limit"))
        self.kv_fraction = float_spin(*limits("inference.kv_cache_memory_fraction", low=0.0), 0.0, 2,
                                      self.tr("Share of memory the engine gives the KV cache: TensorRT-LLM's "
                                              "free_gpu_memory_fraction (of what is free after the weights), vLLM's "
                                              "gpu_memory_utilization (of the GPU)"))
        self.kv_fraction.setSingleStep(0.01)
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
        serve_form.addRow(self.tr("Batch"), self.batch)
        serve_form.addRow(self.tr("Input tokens"), self.input_tokens)
        serve_form.addRow(self.tr("Output tokens"), self.output_tokens)
        serve_form.addRow(self.tr("Engine"), self.engine)
        serve_form.addRow(self.tr("KV-cache memory share"), self.kv_fraction)
        serve_form.addRow(self.tr("KV-cache admission"), self.kv_admission)

        self.image_box = QGroupBox(self.tr("Images"), self)
        image_form = QFormLayout(self.image_box)
        self.images = int_spin(*limits("images.count"), 1_281_167,
                               self.tr("Images per epoch (ImageNet-1k: 1,281,167)"))
        self.epochs = float_spin(*limits("images.epochs", low=0.01), 90.0, 2, self.tr("Passes over the images"))
        self.image_batch = int_spin(*limits("images.batch"), 1024,
                                    self.tr("Images per optimizer step, all GPUs together"))
        self.resolution = int_spin(*limits("images.resolution"), 224, self.tr("Image side in pixels"), " px")
        image_form.addRow(self.tr("Model"), self.image_preset)
        image_form.addRow(self.tr("Images per epoch"), self.images)
        image_form.addRow(self.tr("Epochs"), self.epochs)
        image_form.addRow(self.tr("Batch (images)"), self.image_batch)
        image_form.addRow(self.tr("Resolution"), self.resolution)
        self.model_row = QWidget(self)
        top = QHBoxLayout(self.model_row)
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(QLabel(self.tr("Model"), self))
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
        self.preset.currentIndexChanged.connect(self._update_custom)
        self.preset.lineEdit().editingFinished.connect(self._match_typed_model)
        self.engine.currentIndexChanged.connect(self._update_admission)
        self.kv_admission.currentIndexChanged.connect(self._update_admission)
        self.import_button.clicked.connect(self._import_config)
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
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import config.json"), "",
                                              self.tr("JSON files (*.json)"))
        if path:
            self.import_config(path)

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
        select_data(self.image_preset, current)
        self.image_preset.blockSignals(False)

    @Slot()
    def _image_picked(self) -> None:
        """A model picked by the user brings its native resolution (ResNet-50 224 px, DiT-XL/2 256 px)."""
        self.missing_image_model = None
        native = self.image_resolutions.get(str(self.image_preset.currentData()))
        if native is not None:
            self.resolution.setValue(native)

    def set_task(self, task: str) -> None:
        serving = task == "inference"
        images = task in ("vision", "diffusion")
        if images:
            before = self.image_preset.currentData()
            self._fill_image_presets(task)
            if self.image_preset.currentData() != before:  # ResNet-50 is no diffusion model: the task's first
                self._image_picked()
        self.serve_box.setVisible(serving)
        self.data_box.setVisible(not serving and not images)
        self.image_box.setVisible(images)
        self.model_row.setVisible(not images)
        self._images = images
        self._update_custom()


class PrecisionPage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Precision and memory savers"))
        self.setSubTitle(self.tr("Automatic choices are searched for the fastest layout that fits. Combinations a "
                                 "GPU cannot run are explained in the results' warnings."))
        form = QFormLayout(self)
        self.precision = choice_combo(
            [("bf16", "BF16"), ("fp16", "FP16"), ("fp8", "FP8"), ("fp4", "FP4"), ("tf32", "TF32"), ("fp32", "FP32")],
            "bf16", self.tr("Math precision. FP4 needs Blackwell or CDNA 4 tensor cores, FP8 Hopper, Ada or newer, "
                            "BF16 Ampere or newer."))
        self.optimizer = choice_combo(
            [("adamw", "AdamW"), ("adam8bit", self.tr("8-bit Adam")), ("sgd", self.tr("SGD with momentum")),
             ("adafactor", "Adafactor")], "adamw",
            self.tr("AdamW keeps two fp32 moments per parameter (8 bytes); 8-bit Adam 2 bytes; Adafactor almost none."))
        self.stack = choice_combo(
            [(AUTO, self.tr("Best modern stack")), ("megatron-core", "Megatron-Core / NeMo (2024+)"),
             ("megatron-2021", "Megatron-LM (2021)"), ("deepspeed", "DeepSpeed ZeRO"),
             ("deepspeed-pipeline", self.tr("DeepSpeed pipeline engine")), ("fsdp", "PyTorch FSDP / FSDP2"),
             ("torchtitan", "torchtitan"),
             ("hf-transformers", self.tr("Hugging Face Transformers / PEFT (eager)"))], AUTO,
            self.tr("The training framework: what it can split (tensor, pipeline, ZeRO stages) and how it runs "
                    "(FlashAttention, gradient dtype and overlap). The estimate lists what came from it."))
        self.recompute = choice_combo(
            [(AUTO, self.tr("Automatic")), ("none", self.tr("None")), ("selective", self.tr("Selective")),
             ("full", self.tr("Full"))], AUTO,
            self.tr("Activation recomputation: selective recomputes only attention internals (a few % slower); full "
                    "keeps only each layer's input and recomputes the layer (about a third more compute)."))
        self.zero = choice_combo(
            [(AUTO, self.tr("Automatic")), ("0", self.tr("Off (plain data parallel)")),
             ("1", self.tr("ZeRO-1: shard optimizer states")), ("2", self.tr("ZeRO-2: + gradients")),
             ("3", self.tr("ZeRO-3 / FSDP: + weights"))], AUTO,
            self.tr("ZeRO shards training state across data-parallel GPUs; ZeRO-3 (FSDP) also shards the weights at "
                    "the cost of gathering them every step."))
        self.lora_rank = int_spin(*limits("training.lora_rank"), 16,
                                  self.tr("LoRA rank r: each adapted matrix gains r x (in + out) "
                                                       "parameters"))
        self.lora_targets = choice_combo(
            [("all-linear", self.tr("All linear layers")), ("attention", self.tr("Attention (q, k, v, o)")),
             ("qv", self.tr("q and v only"))], "all-linear", self.tr("Which matrices get adapters"))
        self.lora_dropout = float_spin(*limits("training.lora_dropout"), 0.0, 2,
                                       self.tr("Dropout on each adapted matrix's input (0: none). Each adapted "
                                               "matrix then keeps a dropped copy of its input and a mask for the "
                                               "backward pass."))
        self.lora_dropout.setSingleStep(0.05)
        self.paged = QCheckBox(self.tr("Paged optimizer (states spill to CPU memory under pressure)"), self)
        self.stored_weights = choice_combo(
            [(AUTO, self.tr("As computed")), ("bf16", "BF16"), ("fp16", "FP16"),
             ("fp8", self.tr("FP8 (Transformer Engine FP8 parameters)")),
             ("fp4", self.tr("FP4 (NVFP4 parameters, Blackwell)")), ("nf4", self.tr("NF4 (a frozen LoRA base)"))],
            AUTO, self.tr("How the weight matrices are kept in GPU memory. FP8 halves them (the FP8 GEMMs read them "
                          "directly; trained FP8 weights need FP8 precision); FP4 keeps two NVFP4 copies, about 9 "
                          "bits a weight (trained FP4 weights need FP4 precision); NF4 stores a frozen LoRA base in "
                          "4 bits. Embeddings, norms and the output head stay 16-bit."))
        self.weight_dtype = choice_combo([("fp16", "FP16"), ("bf16", "BF16"), ("fp8", "FP8"), ("fp4", "FP4"),
                                          ("int8", "INT8"), ("int4", "INT4")], "fp16",
                                         self.tr("Weight format for serving"))
        self.kv_dtype = choice_combo([("fp16", "FP16"), ("bf16", "BF16"), ("fp8", "FP8"), ("fp4", "FP4"),
                                      ("int8", "INT8")], "fp16", self.tr("KV-cache format"))
        self.rows = {
            "precision": (self.tr("Precision"), self.precision), "stack": (self.tr("Software stack"), self.stack),
            "optimizer": (self.tr("Optimizer"), self.optimizer),
            "recompute": (self.tr("Recompute"), self.recompute), "zero": (self.tr("ZeRO / FSDP"), self.zero),
            "lora_rank": (self.tr("LoRA rank"), self.lora_rank),
            "lora_targets": (self.tr("LoRA targets"), self.lora_targets),
            "lora_dropout": (self.tr("LoRA dropout"), self.lora_dropout), "paged": ("", self.paged),
            "stored_weights": (self.tr("Weights stored as"), self.stored_weights),
            "weight_dtype": (self.tr("Weights"), self.weight_dtype), "kv_dtype": (self.tr("KV cache"), self.kv_dtype),
        }
        for label, widget in self.rows.values():
            if label:
                form.addRow(label, widget)
            else:
                form.addRow(widget)

    def set_task(self, task: str) -> None:
        layout: QFormLayout = self.layout()  # type: ignore[assignment]
        visible = {
            "precision": task != "inference", "optimizer": task != "inference", "stack": task != "inference",
            "recompute": task not in ("inference", "vision", "diffusion"), "zero": task != "inference",
            "lora_rank": task in ("lora", "qlora"), "lora_targets": task in ("lora", "qlora"),
            "lora_dropout": task in ("lora", "qlora"),
            "paged": task in ("lora", "qlora"), "weight_dtype": task == "inference", "kv_dtype": task == "inference",
            "stored_weights": task in ("pretrain", "finetune", "lora"),  # QLoRA's base is NF4 by definition
        }
        for key, (_, widget) in self.rows.items():
            layout.setRowVisible(widget, visible[key])


class DeploymentPage(QWizardPage):
    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Where will it run?"))
        self.setSubTitle(self.tr("Buy, rent or compare both; the site limits size racks, power and cooling."))
        form = QFormLayout(self)
        self.deployment = choice_combo(
            [("either", self.tr("Compare buying and renting")), ("on-prem", self.tr("Buy (on-premises)")),
             ("cloud", self.tr("Rent (cloud)"))], "either")
        self.region = choice_combo(
            [("global", self.tr("Anywhere")), ("cn-mainland", self.tr("Mainland China (export rules apply)"))],
            "global", self.tr("Only GPUs that can be bought there, and cloud offers located there; each plan says "
                              "which rule or source decides"))
        self.gpu = QComboBox(self)
        fit_combo(self.gpu)
        self.reload_gpus(catalog)
        self.gpu.setToolTip(self.tr("Restrict the plans to one GPU model, or let the planner compare them all."))
        self.count = int_spin(*limits("hardware.count", low=0), 0, self.tr("0 = choose the count for me"))
        self.count.setSpecialValueText(self.tr("Automatic"))
        self.allow_consumer = QCheckBox(self.tr("Allow consumer (GeForce) cards"), self)
        self.allow_consumer.setChecked(True)
        self.allow_consumer.setToolTip(self.tr("GeForce cards are cheap but have no NVLink or ECC, and their driver "
                                               "licence forbids data-center deployment."))
        self.rack_kw = float_spin(*limits("constraints.site.rack_kw", low=0.1), 20.0, 1,
                                  self.tr("Power the site allows per rack"), " kW")
        self.rack_units = int_spin(*limits("constraints.site.rack_units"), 42, self.tr("Usable height of a rack"), " U")
        self.cooling = choice_combo([("air", self.tr("Air")), ("rear-door", self.tr("Rear-door heat exchanger")),
                                     ("cold-plate", self.tr("Direct liquid (cold plate)")),
                                     ("immersion", self.tr("Immersion"))], "air",
                                    self.tr("Each tier removes more heat per rack: air ~20 kW, rear-door ~40, cold "
                                            "plate ~160 (planning defaults; set your room's figure below)"))
        self.cooling_kw = float_spin(*limits("constraints.site.cooling_kw_per_rack", low=0.0), 0.0, 0,
                                     self.tr("Heat your cooling removes from one rack (0 = the cooling type's "
                                             "default)"), " kW")
        self.cooling_kw.setSpecialValueText(self.tr("Cooling type's default"))
        cabinets = [(a, fill(self.tr("%1 A x 220 V = %2 kW"), str(a), f"{china_idc_cabinet_kw(a):.1f}"))
                    for a in CHINA_IDC_CABINET_AMPS]
        self.china_cabinet = choice_combo([(0, self.tr("No (rack kW above)")), *cabinets], 0,
                                          self.tr("Chinese IDC cabinets are sold by current at 220 V"))
        self.voltage = float_spin(*limits("constraints.site.supply.voltage"), 400.0, 0,
                                  self.tr("Feed voltage (line-to-line for three-phase)"),
                                  " V")
        self.phase = choice_combo([(3, self.tr("Three-phase")), (1, self.tr("Single-phase"))], 3)
        self.amps = float_spin(*limits("constraints.site.supply.amps"), 32.0, 0,
                               self.tr("Breaker rating per circuit"), " A")
        form.addRow(self.tr("Deployment"), self.deployment)
        form.addRow(self.tr("Region"), self.region)
        form.addRow(self.tr("GPU"), self.gpu)
        form.addRow(self.tr("GPU count"), self.count)
        form.addRow(self.allow_consumer)
        form.addRow(self.tr("Rack power"), self.rack_kw)
        form.addRow(self.tr("Rack height"), self.rack_units)
        form.addRow(self.tr("Cooling"), self.cooling)
        form.addRow(self.tr("Cooling limit per rack"), self.cooling_kw)
        form.addRow(self.tr("Chinese IDC cabinet"), self.china_cabinet)
        form.addRow(self.tr("Supply voltage"), self.voltage)
        form.addRow(self.tr("Phases"), self.phase)
        form.addRow(self.tr("Circuit breaker"), self.amps)
        self.china_cabinet.currentIndexChanged.connect(self._follow_cabinet)

    @Slot()
    def _follow_cabinet(self) -> None:
        """A cabinet sold by current is its own single-phase 220 V circuit and power: the rack and supply fields
        do not apply while one is chosen."""
        free = not self.china_cabinet.currentData()
        for box in (self.rack_kw, self.voltage, self.phase, self.amps):
            box.setEnabled(free)


    def reload_gpus(self, catalog: Catalog) -> None:
        """The GPU list from the catalog, the user's own rows included; the choice is kept when it still exists."""
        current = self.gpu.currentData() or ANY_GPU
        self.gpu.blockSignals(True)
        self.gpu.clear()
        self.gpu.addItem(self.tr("Any GPU in the catalog"), ANY_GPU)
        for gpu in catalog.gpus():
            self.gpu.addItem(f"{gpu.vendor} {gpu.model}", gpu.id)
        select_data(self.gpu, current)
        self.gpu.blockSignals(False)


class BudgetPage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Budget and goals"))
        self.setSubTitle(self.tr("Zero means no limit. Prices in the catalog are approximate and dated; edit them "
                                 "in the catalog tab."))
        form = QFormLayout(self)
        self.currency = choice_combo([("USD", "USD ($)"), ("CNY", "CNY (¥)")], "USD")
        self.budget = float_spin(*limits("constraints.budget", low=0.0), 0.0, 0,
                                 self.tr("Most you will spend (0 = no limit)"))
        self.budget.setSpecialValueText(self.tr("No limit"))
        self.deadline = float_spin(*limits("constraints.deadline_days", low=0.0), NEW_DOCUMENT_DEADLINE_DAYS, 1,
                                   self.tr("Training must finish within (0 = no deadline)"),
                                   self.tr(" days"))
        self.deadline.setSpecialValueText(self.tr("No deadline"))
        self.target = float_spin(*limits("constraints.target_output_tokens_per_s", low=0.0), 0.0, 0,
                                 self.tr("Output tokens per second the service must deliver"))
        self.target.setSpecialValueText(self.tr("No target"))
        self.objective = choice_combo([("cheapest", self.tr("Cheapest")), ("fastest", self.tr("Fastest")),
                                       ("lowest-tco", self.tr("Lowest total cost of ownership"))], "cheapest")
        self.years = float_spin(*limits("constraints.years", low=0.1), 3.0, 1,
                                self.tr("Amortisation period for TCO"), self.tr(" years"))
        self.electricity = float_spin(*limits("constraints.site.electricity_price"), 0.0, 3,
                                      self.tr("Electricity price per kWh in the chosen currency (0 = not priced)"))
        self.electricity.setSpecialValueText(self.tr("Not priced"))
        self.pue = float_spin(*limits("constraints.site.pue"), 1.3, 2,
                              self.tr("Power usage effectiveness: facility power / IT power"))
        self.utilization = float_spin(*limits("constraints.utilization", 0.01, low=1.0), 70.0, 0,
                                      self.tr("Share of hours the owned cluster is busy"), " %")
        rate = field("constraints.usd_to_cny")
        self.usd_to_cny = float_spin(*limits(rate.path, low=0.001), float(rate.default), 4,
                                     self.tr("CNY per USD: the central parity of 2026-01-08 unless you set your own"))
        form.addRow(self.tr("Currency"), self.currency)
        form.addRow(self.tr("Budget"), self.budget)
        form.addRow(self.tr("Deadline"), self.deadline)
        form.addRow(self.tr("Throughput target"), self.target)
        form.addRow(self.tr("Rank by"), self.objective)
        form.addRow(self.tr("Amortise over"), self.years)
        form.addRow(self.tr("Electricity"), self.electricity)
        form.addRow(self.tr("PUE"), self.pue)
        form.addRow(self.tr("Utilisation"), self.utilization)
        form.addRow(self.tr("USD to CNY"), self.usd_to_cny)

    def set_task(self, task: str) -> None:
        """A deadline is for training; a throughput target is for serving: each shows only where it applies."""
        form: QFormLayout = self.layout()  # type: ignore[assignment]
        serving = task == "inference"
        form.setRowVisible(self.deadline, not serving)
        form.setRowVisible(self.target, serving)


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
                box: QWidget = QCheckBox(label, inner)
                form.addRow(box)
            elif spec.kind is int:
                box = int_spin(int(spec.minimum or 0), int(spec.maximum or 1 << 20), int(spec.default),  # type: ignore[call-overload]
                               parent=inner)
                form.addRow(label, box)
            else:
                default = float(spec.default)  # type: ignore[arg-type]
                decimals = 6 if 0 < default < 1e-3 else 4
                box = float_spin(spec.minimum or 0.0, spec.maximum or 1e6, default, decimals, parent=inner)
                form.addRow(label, box)
            self.boxes[spec.key] = box
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

    def show_kept(self, keys: list[str]) -> None:
        """Name the opened file's settings that no page shows (they are used and saved as they are)."""
        self.kept.setText(fill(self.tr("Also from your file, used and saved as they are (no page shows them): %1"),
                               ", ".join(keys)) if keys else "")
        self.kept.setVisible(bool(keys))
        self.forget.setVisible(bool(keys))

    def values(self) -> dict[str, float | bool]:
        """The assumptions that differ from their defaults."""
        out: dict[str, float | bool] = {}
        for spec in self.specs:
            box = self.boxes[spec.key]
            if isinstance(box, QCheckBox):
                if box.isChecked() != spec.default:
                    out[spec.key] = box.isChecked()
            elif spec.kind is int:
                if box.value() != spec.default:  # type: ignore[attr-defined]
                    out[spec.key] = box.value()  # type: ignore[attr-defined]
            elif abs(box.value() - float(spec.default)) > 0.5 * 10 ** -box.decimals():  # type: ignore[attr-defined, arg-type]
                out[spec.key] = box.value()  # type: ignore[attr-defined]
        return out

    def load(self, given: dict[str, Any]) -> None:
        for spec in self.specs:
            box = self.boxes[spec.key]
            value = given.get(spec.key, spec.default)
            if isinstance(box, QCheckBox):
                box.setChecked(bool(value))
            elif spec.kind is int:
                box.setValue(int(value))  # type: ignore[attr-defined]
            else:
                box.setValue(float(value))  # type: ignore[attr-defined]


class ScenarioWizard(QWizard):
    """Emits `edited` on every change; `scenario()` is the CLI-schema dict of the current inputs."""

    edited = Signal()
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
        self.assumptions_page.forget.clicked.connect(self.forget_kept)
        self.model_page.imported.connect(self._carry_imported)
        self.edited.connect(self._refresh_kept)
        for page_id, page in ((PageId.TASK, self.task_page), (PageId.MODEL, self.model_page),
                              (PageId.PRECISION, self.precision_page), (PageId.DEPLOYMENT, self.deployment_page),
                              (PageId.BUDGET, self.budget_page), (PageId.ASSUMPTIONS, self.assumptions_page)):
            self.setPage(page_id, page)
            page.setFinalPage(True)  # sensible defaults everywhere: Finish works from any page
        self.setStartId(PageId.TASK)
        self._connect_edits()
        self._tab_in_reading_order()
        self._picked_task = self.task_page.task
        self.task_page.group.buttonToggled.connect(self._task_picked)
        self._task_changed()
        self.load_scenario(new_document())

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
            if isinstance(widget, QAbstractSpinBox):
                widget.valueChanged.connect(self._on_edit)  # type: ignore[attr-defined]
                widget.lineEdit().textEdited.connect(self._on_edit)  # typed text that is not (yet) a value
            elif isinstance(widget, QComboBox):
                widget.currentIndexChanged.connect(self._on_edit)
                if widget.isEditable():  # typed text that names no item yet
                    widget.lineEdit().editingFinished.connect(self._on_edit)
            elif isinstance(widget, QCheckBox | QRadioButton):
                widget.toggled.connect(self._on_edit)

    def accept(self) -> None:
        """Embedded in the main window: Finish computes the plans instead of closing the wizard."""
        self.completed.emit()

    def reject(self) -> None:
        """Escape must not hide the embedded wizard."""

    @Slot()
    def _on_edit(self) -> None:
        self.clear_marks()
        for box, message in self.field_problems():
            mark_invalid(box, message)
        self.edited.emit()

    def field_problems(self) -> list[tuple[QWidget, str]]:
        """Fields whose typed text is not a value they accept (a number, a model name), with the reason."""
        found = []
        for box in self.findChildren(QAbstractSpinBox):
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
    def scenario(self) -> ScenarioDocument:
        task = self.task_page.task
        m, p, d, b = self.model_page, self.precision_page, self.deployment_page, self.budget_page
        if m.preset.currentData() == "custom":
            model: dict[str, Any] = {"layers": m.layers.value(), "hidden": m.hidden.value(), "heads": m.heads.value(),
                                     "kv_heads": m.kv_heads.value(), "ffn_hidden": m.ffn.value(),
                                     "vocab": m.vocab.value(), "gated_mlp": m.gated.isChecked(),
                                     "tied_embeddings": m.tied.isChecked(), "name": self.tr("Custom model")}
        else:
            model = {"preset": m.preset.currentData()}
        data: dict[str, Any] = {"task": task, "model": model, "seq_len": m.seq_len.value()}
        if task in ("vision", "diffusion"):
            data["model"] = {"preset": m.image_preset.currentData()}
            data["images"] = {"count": m.images.value(), "epochs": m.epochs.value(), "batch": m.image_batch.value(),
                              "resolution": m.resolution.value()}
            data.pop("seq_len")
            data["precision"] = p.precision.currentData()
            if p.stack.currentData() != AUTO:
                data["stack"] = p.stack.currentData()
            data["training"] = {"optimizer": p.optimizer.currentData()}
            if p.zero.currentData() != AUTO:
                data["training"]["zero"] = int(p.zero.currentData())
        elif task == "inference":
            data["inference"] = {"input_tokens": m.input_tokens.value(),
                                 "output_tokens": m.output_tokens.value(), "engine": m.engine.currentData(),
                                 "weight_dtype": p.weight_dtype.currentData(), "kv_dtype": p.kv_dtype.currentData()}
            if m.batch.value():  # Auto: no batch, sized by the load
                data["inference"]["batch"] = m.batch.value()
            if m.users.value():
                data["inference"]["concurrent_users"] = m.users.value()
            if m.max_ttft.value():
                data["inference"]["max_ttft_s"] = m.max_ttft.value()
            if m.max_tpot.value():
                data["inference"]["max_tpot_s"] = m.max_tpot.value() / 1000.0
            if m.kv_fraction.value():
                data["inference"]["kv_cache_memory_fraction"] = m.kv_fraction.value()
            if m.kv_admission.currentData() != AUTO:
                data["inference"]["kv_admission"] = m.kv_admission.currentData()
            data["seq_len"] = m.input_tokens.value() + m.output_tokens.value()
        else:
            data["precision"] = p.precision.currentData()
            if p.stack.currentData() != AUTO:
                data["stack"] = p.stack.currentData()
            training: dict[str, Any] = {"tokens": m.tokens_b.value() * 1e9, "global_batch": m.global_batch.value(),
                                        "optimizer": p.optimizer.currentData()}
            if p.recompute.currentData() != AUTO:
                training["recompute"] = p.recompute.currentData()
            if p.zero.currentData() != AUTO:
                training["zero"] = int(p.zero.currentData())
            if task != "qlora" and p.stored_weights.currentData() != AUTO:
                training["weight_dtype"] = p.stored_weights.currentData()
            if task in ("lora", "qlora"):
                training.update(lora_rank=p.lora_rank.value(), lora_targets=p.lora_targets.currentData(),
                                paged_optimizer=p.paged.isChecked())
                if p.lora_dropout.value() > 0.0:
                    training["lora_dropout"] = p.lora_dropout.value()
            data["training"] = training
        # The count holds with any GPU too: the plan then searches the catalog at that count (as the file does).
        hardware: dict[str, Any] = {} if d.gpu.currentData() == ANY_GPU else {"gpu": d.gpu.currentData()}
        if d.count.value():
            hardware["count"] = d.count.value()
        if hardware:
            data["hardware"] = hardware
        site: dict[str, Any] = {"rack_kw": d.rack_kw.value(), "rack_units": d.rack_units.value(),
                                "cooling": d.cooling.currentData(), "pue": b.pue.value(),
                                "supply": {"voltage": d.voltage.value(), "phase": d.phase.currentData(),
                                           "amps": d.amps.value()}}
        if d.china_cabinet.currentData():
            site["china_cabinet_amps"] = float(d.china_cabinet.currentData())
        if d.cooling_kw.value() > 0:
            site["cooling_kw_per_rack"] = d.cooling_kw.value()
        if b.electricity.value() > 0:
            site["electricity_price"] = b.electricity.value()
        constraints: dict[str, Any] = {"deployment": d.deployment.currentData(), "region": d.region.currentData(),
                                       "objective": b.objective.currentData(),
                                       "currency": b.currency.currentData(), "years": b.years.value(),
                                       "utilization": b.utilization.value() / 100.0,
                                       "usd_to_cny": b.usd_to_cny.value(),
                                       "allow_consumer_gpus": d.allow_consumer.isChecked(), "site": site}
        goals = [("budget", b.budget), ("target_output_tokens_per_s" if task == "inference" else "deadline_days",
                                        b.target if task == "inference" else b.deadline)]
        for key, box in goals:  # a hidden goal (deadline when serving, target when training) is not sent
            if box.value() > 0:
                constraints[key] = box.value()
        data["constraints"] = constraints
        assumptions = self.assumptions_page.values()
        if assumptions:
            data["assumptions"] = assumptions
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
        extras = beyond_the_wizard({"model": model_document(model)})
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
        (core.scenario.new_scenario), never what the widgets held before."""
        m, p, d, b = self.model_page, self.precision_page, self.deployment_page, self.budget_page
        self._beyond = beyond_the_wizard(data)  # listed on the Assumptions page by the edit signal at the end
        full = merged(new_scenario(), data)
        image_task = full["task"] in ("vision", "diffusion")
        self.blockSignals(True)
        try:
            self.task_page.set_task(full["task"])
            model = data.get("model", {})
            if image_task:
                select_data(m.image_preset, model.get("preset"))
                wanted = model.get("preset")
                m.missing_image_model = None if wanted in (None, m.image_preset.currentData()) else str(wanted)
            elif "preset" in model:
                select_data(m.preset, model["preset"])
            elif model:
                select_data(m.preset, "custom")
                for key, box in (("layers", m.layers), ("hidden", m.hidden), ("heads", m.heads),
                                 ("kv_heads", m.kv_heads), ("ffn_hidden", m.ffn), ("vocab", m.vocab)):
                    if key in model:
                        box.setValue(int(model[key]))
                m.gated.setChecked(bool(model.get("gated_mlp", True)))
                m.tied.setChecked(bool(model.get("tied_embeddings", False)))
            images = data.get("images", {}) if image_task else {}
            m.images.setValue(int(images.get("count", IMAGENET_1K_TRAIN_IMAGES)))
            m.image_batch.setValue(int(images.get("batch", IMAGE_BATCH_DEFAULT)))
            m.epochs.setValue(float(images.get("epochs", IMAGE_EPOCHS_DEFAULT)))
            m.resolution.setValue(int(images.get("resolution", self._image_resolution())))
            m.seq_len.setValue(int(full["seq_len"]))
            training, inference = full["training"], full["inference"]
            m.tokens_b.setValue(float(training["tokens"]) / 1e9)
            m.global_batch.setValue(int(training["global_batch"]))
            select_data(p.optimizer, training["optimizer"])
            select_data(p.recompute, training.get("recompute", AUTO))
            select_data(p.zero, str(training["zero"]) if "zero" in training else AUTO)
            select_data(p.stored_weights, training.get("weight_dtype", AUTO))
            p.lora_rank.setValue(int(training["lora_rank"]))
            select_data(p.lora_targets, training["lora_targets"])
            p.lora_dropout.setValue(float(training.get("lora_dropout", 0.0)))
            p.paged.setChecked(bool(data.get("training", {}).get("paged_optimizer",
                                                                 paged_optimizer_by_default(full["task"]))))
            select_data(p.precision, full["precision"])
            select_data(p.stack, data.get("stack", AUTO))
            m.batch.setValue(int(inference.get("batch", 0)))
            m.users.setValue(int(inference.get("concurrent_users", 0)))
            m.max_ttft.setValue(float(inference.get("max_ttft_s", 0.0)))
            m.max_tpot.setValue(float(inference.get("max_tpot_s", 0.0)) * 1000.0)
            m.kv_fraction.setValue(float(inference.get("kv_cache_memory_fraction", 0.0)))
            select_data(m.kv_admission, str(inference.get("kv_admission", AUTO)))
            m.input_tokens.setValue(int(inference["input_tokens"]))
            m.output_tokens.setValue(int(inference["output_tokens"]))
            select_data(m.engine, inference["engine"])
            select_data(p.weight_dtype, inference["weight_dtype"])
            select_data(p.kv_dtype, inference["kv_dtype"])
            hardware = data.get("hardware", {})
            select_data(d.gpu, hardware.get("gpu", ANY_GPU))
            d.count.setValue(int(hardware.get("count", 0)))
            constraints = full["constraints"]
            site, supply = constraints["site"], constraints["site"]["supply"]
            select_data(d.deployment, constraints["deployment"])
            select_data(d.region, constraints["region"])
            d.allow_consumer.setChecked(bool(constraints["allow_consumer_gpus"]))
            d.rack_kw.setValue(float(site["rack_kw"]))
            d.rack_units.setValue(int(site["rack_units"]))
            select_data(d.cooling, site["cooling"])
            d.cooling_kw.setValue(float(site.get("cooling_kw_per_rack", 0.0)))
            select_data(d.china_cabinet, int(site.get("china_cabinet_amps", 0)))
            d.voltage.setValue(float(supply["voltage"]))
            select_data(d.phase, int(supply["phase"]))
            d.amps.setValue(float(supply["amps"]))
            select_data(b.currency, constraints["currency"])
            b.budget.setValue(float(constraints.get("budget", 0.0)))
            b.deadline.setValue(float(constraints.get("deadline_days", 0.0)))
            b.target.setValue(float(constraints.get("target_output_tokens_per_s", 0.0)))
            select_data(b.objective, constraints["objective"])
            b.years.setValue(float(constraints["years"]))
            b.electricity.setValue(float(site.get("electricity_price", 0.0)))
            b.pue.setValue(float(site["pue"]))
            b.utilization.setValue(float(constraints["utilization"]) * 100.0)
            b.usd_to_cny.setValue(float(constraints["usd_to_cny"]))
            self.assumptions_page.load(data.get("assumptions", {}))
        finally:
            self.blockSignals(False)
        self._picked_task = full["task"]
        self._task_changed()
        self.edited.emit()

    def _image_resolution(self) -> int:
        """The selected image preset's native resolution (the parser's default for `images.resolution`)."""
        preset = self.model_page.image_preset.currentData()
        return self.model_page.image_resolutions.get(preset, IMAGE_RESOLUTION_DEFAULT)

    # --- marking bad fields ---------------------------------------------------------------------------
    def field_widgets(self) -> dict[str, QWidget]:
        m, p, d, b = self.model_page, self.precision_page, self.deployment_page, self.budget_page
        return {
            "model": m.preset, "model.preset": m.preset, "images": m.images, "images.count": m.images,
            "images.epochs": m.epochs, "images.batch": m.image_batch, "images.resolution": m.resolution,
            "images.gflops_per_sample": m.image_preset, "images.activation_mib_per_sample": m.image_preset,
            "model.layers": m.layers, "model.hidden": m.hidden,
            "model.heads": m.heads, "model.kv_heads": m.kv_heads, "model.ffn_hidden": m.ffn, "model.vocab": m.vocab,
            "seq_len": m.seq_len, "training.tokens": m.tokens_b, "training.global_batch": m.global_batch,
            "training.micro_batch": m.global_batch, "training.lora_rank": p.lora_rank,
            "training.lora_dropout": p.lora_dropout, "precision": p.precision,
            "training.weight_dtype": p.stored_weights,
            "inference.batch": m.batch, "inference.input_tokens": m.input_tokens,
            "inference.output_tokens": m.output_tokens, "inference.kv_cache_memory_fraction": m.kv_fraction,
            "inference.kv_admission": m.kv_admission,
            "hardware.gpu": d.gpu, "hardware.count": d.count,
            "constraints.region": d.region,
            "parallelism": d.count, "constraints.budget": b.budget, "constraints.site.rack_kw": d.rack_kw,
            "constraints.site.cooling_kw_per_rack": d.cooling_kw,
            "constraints.site.pue": b.pue, "constraints.site.supply.voltage": d.voltage,
            "constraints.site.supply.amps": d.amps, "constraints.usd_to_cny": b.usd_to_cny,
            **{f"assumptions.{key}": box for key, box in self.assumptions_page.boxes.items()},
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

    def clear_marks(self) -> None:
        for widget in {*self.field_widgets().values(), *self.findChildren(QAbstractSpinBox)}:
            clear_invalid(widget)
