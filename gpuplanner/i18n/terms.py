"""Words for the codes the core reports (rack limits, cooling tiers, recomputation, fabric notes, tasks): one table,
Qt-free, for the app, the spec sheet and the CLI. The marker lets pyside6-lupdate register each word under the
"Terms" context; i18n.messages.term (the app, the sheet) and i18n.cli.term_word (the CLI) translate it there."""

from __future__ import annotations

CONTEXT = "Terms"


def QT_TRANSLATE_NOOP(_context: str, text: str) -> str:  # noqa: N802 - the name pyside6-lupdate looks for
    return text


TERMS: dict[str, str] = {
    "rack power": QT_TRANSLATE_NOOP("Terms", "rack power"),
    "rack units": QT_TRANSLATE_NOOP("Terms", "rack units"),
    "rack weight": QT_TRANSLATE_NOOP("Terms", "rack weight"),
    "cooling": QT_TRANSLATE_NOOP("Terms", "cooling"),
    "air": QT_TRANSLATE_NOOP("Terms", "air"),
    "rear-door": QT_TRANSLATE_NOOP("Terms", "rear-door heat exchanger"),
    "cold-plate": QT_TRANSLATE_NOOP("Terms", "cold plate"),
    "immersion": QT_TRANSLATE_NOOP("Terms", "immersion"),
    "beyond immersion presets": QT_TRANSLATE_NOOP("Terms", "beyond immersion presets"),
    "beyond rear-door": QT_TRANSLATE_NOOP("Terms", "more than a rear-door heat exchanger removes"),
    "cabinet circuit": QT_TRANSLATE_NOOP("Terms", "the cabinet's one circuit per feed"),
    "unknown power": QT_TRANSLATE_NOOP("Terms", "unknown power (rack units only)"),
    "rack-scale system": QT_TRANSLATE_NOOP("Terms", "the system is a whole rack"),
    "unknown": QT_TRANSLATE_NOOP("Terms", "unknown"),
    # Catalog figures a GPU can lack (catalog.options lists them for the plan).
    "memory capacity": QT_TRANSLATE_NOOP("Terms", "memory capacity"),
    "memory bandwidth": QT_TRANSLATE_NOOP("Terms", "memory bandwidth"),
    "server": QT_TRANSLATE_NOOP("Terms", "server"),
    "liquid": QT_TRANSLATE_NOOP("Terms", "liquid at the chip (cold plates)"),
    "two tiers, non-blocking": QT_TRANSLATE_NOOP("Terms", "two tiers, non-blocking"),
    "one leaf switch": QT_TRANSLATE_NOOP("Terms", "one leaf switch"),
    "single node: no scale-out fabric": QT_TRANSLATE_NOOP("Terms", "single node: no scale-out fabric"),
    "none": QT_TRANSLATE_NOOP("Terms", "none"),
    "selective": QT_TRANSLATE_NOOP("Terms", "selective"),
    "full": QT_TRANSLATE_NOOP("Terms", "full"),
    "copper": QT_TRANSLATE_NOOP("Terms", "passive copper (DAC)"),
    "multimode": QT_TRANSLATE_NOOP("Terms", "multimode optics (SR4)"),
    "single-mode": QT_TRANSLATE_NOOP("Terms", "single-mode optics (DR4)"),
    # The task a result answers (core.training.workload.Task).
    "pretrain": QT_TRANSLATE_NOOP("Terms", "pretraining"),
    "finetune": QT_TRANSLATE_NOOP("Terms", "full fine-tuning"),
    "lora": QT_TRANSLATE_NOOP("Terms", "LoRA fine-tuning"),
    "qlora": QT_TRANSLATE_NOOP("Terms", "QLoRA fine-tuning"),
    "inference": QT_TRANSLATE_NOOP("Terms", "inference serving"),
    "vision": QT_TRANSLATE_NOOP("Terms", "image-model training"),
    "diffusion": QT_TRANSLATE_NOOP("Terms", "diffusion-model training"),
    "rl": QT_TRANSLATE_NOOP("Terms", "RL post-training"),
    # Where an RL step's rollout engine runs (core.base.choices.RlPlacement).
    "colocated": QT_TRANSLATE_NOOP("Terms", "colocated with training"),
    "separate": QT_TRANSLATE_NOOP("Terms", "on GPUs of its own"),
    # How a serving engine admits requests to its KV cache (core.serving.engines.KvAdmission).
    "whole-sequence": QT_TRANSLATE_NOOP("Terms", "whole length reserved"),
    "in-use": QT_TRANSLATE_NOOP("Terms", "cache in use"),
    # How far a catalog value can be trusted (catalog.schema.CONFIDENCE_LEVELS).
    "datasheet": QT_TRANSLATE_NOOP("Terms", "vendor datasheet"),
    "vendor": QT_TRANSLATE_NOOP("Terms", "vendor document"),
    "secondary": QT_TRANSLATE_NOOP("Terms", "secondary source"),
    "estimate": QT_TRANSLATE_NOOP("Terms", "estimate (low confidence)"),
    "quote": QT_TRANSLATE_NOOP("Terms", "your quote"),
    # Where a catalog row comes from (catalog.store: the shipped catalog or the user's edits).
    "bundled": QT_TRANSLATE_NOOP("Terms", "shipped catalog"),
    "user": QT_TRANSLATE_NOOP("Terms", "your edit"),
    # Optimizers (core.training.workload.Optimizer), as their authors name them.
    "adamw": QT_TRANSLATE_NOOP("Terms", "AdamW"),
    "adam8bit": QT_TRANSLATE_NOOP("Terms", "8-bit Adam"),
    "sgd": QT_TRANSLATE_NOOP("Terms", "SGD with momentum"),
    "adafactor": QT_TRANSLATE_NOOP("Terms", "Adafactor"),
}

# The parts of a training step the time model reports (TrainingBlock.step_breakdown_s), in its order: one set of
# words for the chart's legend, the details panel and the CLI.
STEP_PARTS: dict[str, str] = {
    "gemm": QT_TRANSLATE_NOOP("Terms", "Matrix math"),
    "memory_bound": QT_TRANSLATE_NOOP("Terms", "Memory-bound kernels"),
    "tensor_parallel": QT_TRANSLATE_NOOP("Terms", "Tensor-parallel traffic"),
    "pipeline_send": QT_TRANSLATE_NOOP("Terms", "Pipeline sends"),
    "pipeline_bubble": QT_TRANSLATE_NOOP("Terms", "Pipeline bubble"),
    "data_parallel": QT_TRANSLATE_NOOP("Terms", "Gradient sync (exposed)"),
    "optimizer": QT_TRANSLATE_NOOP("Terms", "Optimizer step"),
    "context_parallel": QT_TRANSLATE_NOOP("Terms", "Context-parallel traffic (exposed)"),
    "expert_parallel": QT_TRANSLATE_NOOP("Terms", "Expert all-to-all"),
    # An RL step's parts (core.results.results.RlParts, without the _s).
    "generation": QT_TRANSLATE_NOOP("Terms", "Generation (rollout)"),
    "log_prob": QT_TRANSLATE_NOOP("Terms", "Policy log-probs"),
    "reference": QT_TRANSLATE_NOOP("Terms", "Reference forward"),
    "critic": QT_TRANSLATE_NOOP("Terms", "Critic (values and update)"),
    "reward": QT_TRANSLATE_NOOP("Terms", "Reward model"),
    "training": QT_TRANSLATE_NOOP("Terms", "Policy update"),
    "weight_sync": QT_TRANSLATE_NOOP("Terms", "Weight sync to the engine"),
    "offload": QT_TRANSLATE_NOOP("Terms", "Offload to host and back"),
}

CONFIDENCE_COLUMNS = ("confidence", "price_confidence", "origin")  # catalog columns whose values are codes above


def english(code: str) -> str:
    return TERMS.get(code, code)
