"""Page 3: precision, software stack and memory savers."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QWidget,
    QWizardPage,
)

from gpuplanner.core.scenario.scenario import paged_optimizer_by_default
from gpuplanner.i18n.field_help import field_help
from gpuplanner.i18n.messages import term
from gpuplanner.ui.widgets import (
    choice_combo,
    float_spin,
    int_spin,
)
from gpuplanner.ui.wizard.binding import (
    ADAPTERS,
    AUTO,
    LLM_TRAINING,
    RL,
    SERVING,
    TRAINING,
    Binding,
)
from gpuplanner.ui.wizard.common import limits


class PrecisionPage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Precision and memory savers"))
        self.setSubTitle(self.tr("The defaults are chosen for you: leave them unless you know you need another. "
                                 "Automatic choices are searched for the fastest layout that fits; combinations a "
                                 "GPU cannot run are explained in the results' warnings."))
        form = QFormLayout(self)
        self.precision = choice_combo(
            [("bf16", "BF16"), ("fp16", "FP16"), ("fp8", "FP8"), ("fp4", "FP4"), ("tf32", "TF32"), ("fp32", "FP32")],
            "bf16", self.tr("Math precision. FP4 needs Blackwell or CDNA 4 tensor cores, FP8 Hopper, Ada or newer, "
                            "BF16 Ampere or newer."))
        self.optimizer = choice_combo(
            [(code, term(code)) for code in ("adamw", "adam8bit", "sgd", "adafactor")], "adamw",
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
        self.lora_rank = int_spin(*limits("training.lora_rank"),
                                  self.tr("LoRA rank r: each adapted matrix gains r x (in + out) "
                                                       "parameters"))
        self.lora_targets = choice_combo(
            [("all-linear", self.tr("All linear layers")), ("attention", self.tr("Attention (q, k, v, o)")),
             ("qv", self.tr("q and v only"))], "all-linear", field_help("training.lora_targets"))
        self.lora_dropout = float_spin(*limits("training.lora_dropout"), 2,
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
        self.bindings = [
            Binding("precision", self.precision, tasks=TRAINING),
            Binding("stack", self.stack, unset=AUTO, tasks=TRAINING),
            Binding("training.optimizer", self.optimizer, tasks=TRAINING),
            Binding("training.recompute", self.recompute, unset=AUTO, tasks=LLM_TRAINING | RL),
            Binding("training.zero", self.zero, unset=AUTO, tasks=TRAINING),
            Binding("training.lora_rank", self.lora_rank, tasks=ADAPTERS),
            Binding("training.lora_targets", self.lora_targets, tasks=ADAPTERS),
            Binding("training.lora_dropout", self.lora_dropout, unset=0.0, tasks=ADAPTERS),
            Binding("training.paged_optimizer", self.paged, tasks=ADAPTERS,
                    fallback=paged_optimizer_by_default),
            Binding("training.weight_dtype", self.stored_weights, unset=AUTO,
                    tasks=frozenset({"pretrain", "finetune", "lora"})),  # QLoRA's base is NF4 by definition
            Binding("inference.weight_dtype", self.weight_dtype, tasks=SERVING),
            Binding("inference.kv_dtype", self.kv_dtype, tasks=SERVING),
        ]
        rows = [(self.tr("Precision"), self.precision), (self.tr("Software stack"), self.stack),
                (self.tr("Optimizer"), self.optimizer), (self.tr("Recompute"), self.recompute),
                (self.tr("ZeRO / FSDP"), self.zero), (self.tr("LoRA rank"), self.lora_rank),
                (self.tr("LoRA targets"), self.lora_targets), (self.tr("LoRA dropout"), self.lora_dropout),
                ("", self.paged), (self.tr("Weights stored as"), self.stored_weights),
                (self.tr("Weights"), self.weight_dtype), (self.tr("KV cache"), self.kv_dtype)]
        for label, widget in rows:
            if label:
                form.addRow(label, widget)
            else:
                form.addRow(widget)

    def set_task(self, task: str) -> None:
        """Each row shows for the tasks whose file holds its field."""
        layout = self.layout()
        if not isinstance(layout, QFormLayout):
            raise TypeError("the precision page is laid out as a form")
        for binding in self.bindings:
            layout.setRowVisible(binding.widget, binding.applies(task))
