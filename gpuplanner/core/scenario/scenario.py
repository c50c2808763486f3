"""SCENARIO.json (README "Headless use"): parse and validate into typed objects. Unknown keys are errors; omitted keys
take the defaults the field table (core.scenario.fields) declares. The catalog is reached through the resolver
callables, so the core stays free of SQLite."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import field
from typing import Any

from gpuplanner.core.base.choices import Task
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.records import record
from gpuplanner.core.hardware.hardware import GPU, Precision
from gpuplanner.core.images.unet import unet_from_config, unet_image_model
from gpuplanner.core.images.vision import ImagePreset
from gpuplanner.core.models.model import ARCH_FIELDS, ModelArch
from gpuplanner.core.scenario.fields import (
    BY_PATH,
    MODEL_FIELDS,
    MODEL_KEYS,
    ConstraintSettings,
    ImageSettings,
    InferenceSettings,
    ParallelismSettings,
    RlSettings,
    ScenarioDocument,
    ScenarioSettings,
    StorageSettings,
    TrainingSettings,
    document_defaults,
    read_section,
)
from gpuplanner.core.scenario.stack import Stack, StackProfile, profile_for
from gpuplanner.core.training.layout import LayoutConstraints
from gpuplanner.core.training.workload import Assumptions, Recompute, WeightDtype

DEFAULT_MODEL_PRESET = "llama-2-7b"  # what a new document starts from (a model is required)
IMAGE_TASKS = (Task.VISION, Task.DIFFUSION)


def paged_optimizer_by_default(task: str) -> bool:
    """QLoRA's recipe pages the optimizer states to host memory (Dettmers et al. 2023, Sec. 2, "Paged
    Optimizers"); LoRA and full training keep them on the GPU."""
    return task == Task.QLORA.value


def new_scenario() -> ScenarioDocument:
    """A complete scenario at the documented defaults (README "Scenario file"; the app's File → New shows it): the
    field table's defaults of the task, the model's shape, training, serving and constraints. Hardware, layout,
    images and assumptions are left to the planner, the task and the stack."""
    document = document_defaults("", "training", "inference", "constraints")
    return {"model": {"preset": DEFAULT_MODEL_PRESET}, **document}


@record
class Scenario:
    task: Task
    model: ModelArch | None  # None for an image model described by parameters and FLOPs (CNN, U-Net)
    seq_len: int
    precision: Precision
    training: TrainingSettings
    inference: InferenceSettings
    gpu: GPU
    gpu_count: int | None
    gpus_per_node: int
    network_gbps_per_node: float | None
    layout: LayoutConstraints
    constraints: ConstraintSettings
    assumptions: Assumptions
    hardware_given: bool
    assumptions_given: frozenset[str] = frozenset()  # the assumptions the file sets (the rest: the stack's)
    image: ImagePreset | None = None
    images: ImageSettings = field(default_factory=ImageSettings)
    stack: Stack | None = None  # None: the modern default (core.scenario.stack.MODERN)
    storage: StorageSettings = field(default_factory=StorageSettings)
    rl: RlSettings = field(default_factory=RlSettings)
    critic_model: ModelArch | None = None  # rl: PPO's critic where it is not the policy's architecture
    reward_model: ModelArch | None = None  # rl: a learned reward model (None: a rule-based reward, no forward pass)

    @property
    def transformer(self) -> ModelArch:
        """The transformer a language-model task trains or serves (an image task described by its FLOPs has none)."""
        if self.model is None:
            raise ValueError(f"a {self.task} scenario without a transformer model")
        return self.model


# The model objects the rl section may hold beside its fields (read like the root's `model`).
RL_MODEL_KEYS = ("critic_model", "reward_model")


def parse_model(data: object, resolve_model: Callable[[str], ModelArch], where: str = "model") -> ModelArch:
    """A catalog preset (with overrides) or an architecture; `where`: the object's path, which errors name."""
    if not isinstance(data, dict):
        raise InputError(where, "must be an object with a preset or an architecture")
    for key, value in data.items():
        if key not in MODEL_KEYS:
            raise InputError(f"{where}.{key}", "unknown key (allowed: {join})", join=', '.join(MODEL_KEYS))
        try:
            data[key] = MODEL_FIELDS[key].read(value)
        except InputError as error:
            if where == "model":
                raise
            raise error.naming(f"{where}.{key}") from None
    if "preset" in data:
        base = resolve_model(data["preset"])
        changes = {k: v for k, v in data.items() if k not in ("preset", "params")}
        if "params" in data:
            changes["params_override"] = data["params"]
        return base.with_overrides(**changes) if changes else base
    missing = [k for k in ("layers", "hidden", "heads", "ffn_hidden", "vocab") if k not in data]
    if missing:
        raise InputError(f"{where}.{missing[0]}", "is required when no preset is given")
    return ModelArch(
        name=data.get("name", "custom"), layers=data["layers"], hidden=data["hidden"], heads=data["heads"],
        kv_heads=data["kv_heads"] if "kv_heads" in data else data["heads"], ffn_hidden=data["ffn_hidden"],
        vocab=data["vocab"],
        gated_mlp=data.get("gated_mlp", True), tied_embeddings=data.get("tied_embeddings", False),
        experts=data.get("experts", 1), experts_per_token=data.get("experts_per_token", 1),
        params_override=data.get("params"), **{key: data[key] for key in ARCH_FIELDS if key in data},
    )


def model_document(model: ModelArch) -> ScenarioDocument:
    """The scenario file's `model` section that describes this architecture (no preset): the plain fields, and
    those of ARCH_FIELDS and the experts that differ from the classic shape."""
    section: ScenarioDocument = {
        "name": model.name, "layers": model.layers, "hidden": model.hidden, "heads": model.heads,
        "kv_heads": model.kv_heads, "ffn_hidden": model.ffn_hidden, "vocab": model.vocab,
        "gated_mlp": model.gated_mlp, "tied_embeddings": model.tied_embeddings}
    if model.is_moe:
        section.update(experts=model.experts, experts_per_token=model.experts_per_token)
    section.update({key: getattr(model, key) for key in ARCH_FIELDS if getattr(model, key)})
    if model.params_override is not None:
        section["params"] = model.params_override
    return section


def _check_weight_dtype(dtype: WeightDtype, task: Task, precision: Precision) -> None:
    """`training.weight_dtype`, checked against what the task can train with it."""
    key = "training.weight_dtype"
    if task not in (Task.PRETRAIN, Task.FINETUNE, Task.LORA, Task.QLORA):
        raise InputError(key, "applies to language-model training (serving: inference.weight_dtype)")
    trained = task in (Task.PRETRAIN, Task.FINETUNE)
    if dtype is WeightDtype.NF4 and trained:
        raise InputError(key, "nf4 weights cannot be trained: it stores a frozen LoRA base (task lora or qlora)")
    if task == Task.QLORA and dtype is not WeightDtype.NF4:
        raise InputError(key, "QLoRA keeps its base in nf4; for a {dtype} base choose task lora", dtype=dtype.value)
    if trained and precision in (Precision.FP32, Precision.TF32):
        raise InputError(key, "{precision} training keeps {precision} weights", precision=precision.value)
    if trained and not dtype.read_by(precision):
        raise InputError(key, "trained {dtype} weights need precision {dtype} (its GEMMs read them)",
                         dtype=dtype.value)


def _training(settings: ScenarioSettings, model: ModelArch | None) -> TrainingSettings:
    """The training section with what the task decides (QLoRA: an nf4 base, paged optimizer states), checked
    against the rest of the scenario."""
    training, task = settings.training, settings.task
    if training.micro_batch is not None and training.global_batch % training.micro_batch:
        raise InputError("training.micro_batch", "must divide training.global_batch")
    if training.recompute_layers is not None:
        if model is not None and training.recompute_layers > model.layers:
            raise InputError("training.recompute_layers", "{k} layers recompute but the model has {layers}",
                             k=training.recompute_layers, layers=model.layers)
        if training.recompute == Recompute.NONE:
            raise InputError("training.recompute_layers", "needs recompute to be full or selective")
    if training.weight_dtype is not None:
        _check_weight_dtype(training.weight_dtype, task, settings.precision)
    paged = paged_optimizer_by_default(task.value) if training.paged_optimizer is None else training.paged_optimizer
    weights = WeightDtype.NF4 if training.weight_dtype is None and task == Task.QLORA else training.weight_dtype
    return dataclasses.replace(training, paged_optimizer=paged, weight_dtype=weights)


def folded_expert_groups(tp: int | None, dp: int | None, ep: int | None) -> int | None:
    """Expert parallelism across tensor x data-parallel ranks (Megatron-Core's MoE parallel folding: the expert
    layers take their own EP x expert-TP 1 over the TP x DP ranks of a stage) as the planner costs it: ep / tp
    expert groups over the data-parallel ranks, each expert split over the TP ranks, the same ep-way split of every
    expert layer. None where the EP divides the data-parallel ranks itself (no folding) or folding cannot place it."""
    if tp is None or dp is None or ep is None or ep <= 1 or dp % ep == 0 or tp <= 1 or ep % tp:
        return None
    return ep // tp if dp % (ep // tp) == 0 else None


def _check_parallelism(parallelism: ParallelismSettings, seq_len: int, model: ModelArch | None,
                       profile: StackProfile, gpus_per_node: int, count: int | None, ulysses: bool,
                       serving: bool = False) -> int | None:
    """The fixed parallel degrees, checked against the model, the stack and the GPUs; the GPU count they imply
    when all of tp, pp and dp are given and hardware.count is not. A serving replica's tensor parallelism may span
    whole servers (SGLang's and vLLM's multi-node serving: --tp 16 over two 8-GPU servers); training's stays in one,
    whose layout search and step time price its all-reduces over the scale-up fabric only."""
    tp, pp, dp, cp, ep = parallelism.tp, parallelism.pp, parallelism.dp, parallelism.cp, parallelism.ep
    if cp is not None:
        if ulysses:
            if seq_len % cp:
                raise InputError("parallelism.cp", "{seq_len} tokens cannot be split into {cp} equal chunks",
                                 seq_len=seq_len, cp=cp)
            if model is not None and model.heads % cp:
                raise InputError("parallelism.cp", "{cp} does not divide the model's {heads} attention heads "
                                 "(Ulysses splits the heads over the context-parallel GPUs)", cp=cp,
                                 heads=model.heads)
        elif seq_len % (2 * cp):
            raise InputError("parallelism.cp", "{seq_len} tokens cannot be split into 2 x {cp} equal chunks (ring "
                             "attention balances causal work that way)", seq_len=seq_len, cp=cp)
        if cp > 1 and not profile.context_parallel:
            raise InputError("parallelism.cp", "the {stack} stack has no context parallelism", stack=profile.name)
    if ep is not None and ep > 1:
        if model is not None and model.experts % ep:
            raise InputError("parallelism.ep", "{ep} does not divide the model's {experts} experts",
                             ep=ep, experts=model.experts)
        if not profile.expert_parallel:
            raise InputError("parallelism.ep", "the {stack} stack has no expert parallelism", stack=profile.name)
        if dp is not None and dp % ep and folded_expert_groups(tp, dp, ep) is None:
            raise InputError("parallelism.ep", "{ep} divides neither the {dp} data-parallel ranks nor, in whole "
                             "tensor-parallel groups, the TP x DP ranks the experts are split over", ep=ep, dp=dp)
    if tp is not None and model is not None:
        if model.heads % tp:
            raise InputError("parallelism.tp", "{tp} does not divide the model's {heads} heads", tp=tp,
                             heads=model.heads)
        if tp > gpus_per_node and not serving:
            raise InputError("parallelism.tp", "{tp} exceeds the GPUs per node ({gpus_per_node})", tp=tp,
                             gpus_per_node=gpus_per_node)
        if tp > gpus_per_node and tp % gpus_per_node:
            raise InputError("parallelism.tp", "{tp} GPUs span servers of {gpus_per_node} but not whole ones: a "
                             "tensor-parallel group across servers takes all the GPUs of each", tp=tp,
                             gpus_per_node=gpus_per_node)
    if pp is not None and model is not None and pp > model.layers:
        raise InputError("parallelism.pp", "{pp} stages exceed the model's {layers} layers", pp=pp,
                         layers=model.layers)
    if tp is None or pp is None or dp is None:
        return count
    product = tp * pp * dp * (cp or 1)
    if count is not None and product != count:
        raise InputError("parallelism", "tp x cp x pp x dp = {product} but hardware.count is {count}",
                         product=product, count=count)
    return product


def _layout(settings: ScenarioSettings, training: TrainingSettings, profile: StackProfile,
            ulysses: bool) -> LayoutConstraints:
    """What the layout search may choose: the degrees and knobs the file fixes, within what the stack runs."""
    parallelism = settings.parallelism
    folded = folded_expert_groups(parallelism.tp, parallelism.dp, parallelism.ep)
    return LayoutConstraints(
        tp=parallelism.tp, pp=parallelism.pp, dp=parallelism.dp, micro_batch=training.micro_batch,
        zero=training.zero, recompute=None if training.recompute is None else int(training.recompute),
        recompute_layers=training.recompute_layers, cp=parallelism.cp,
        ep=parallelism.ep if folded is None else folded, folded_ep=None if folded is None else parallelism.ep,
        sequence_parallel=parallelism.sequence_parallel, virtual_stages=parallelism.virtual_stages,
        tensor_parallel=profile.tensor_parallel, pipeline_parallel=profile.pipeline_parallel,
        zero_stages=profile.zero_stages, context_parallel=profile.context_parallel,
        expert_parallel=profile.expert_parallel, ulysses=ulysses,
    )


def _assumptions(data: object, profile: StackProfile) -> tuple[Assumptions, frozenset[str]]:
    """The stack's modelling assumptions with the file's own on top (each typed and in range)."""
    if not isinstance(data, dict):
        raise InputError("assumptions", "must be an object")
    given: dict[str, object] = {}
    for key, value in data.items():
        spec = BY_PATH.get(f"assumptions.{key}")
        if spec is None:
            raise InputError(f"assumptions.{key}", "unknown assumption")
        given[key] = spec.read(value)
    return Assumptions.from_mapping({**profile.assumptions, **given}), frozenset(given)


def _image_preset(data: dict[str, Any], task: Task,
                  resolve_image: Callable[[str], ImagePreset] | None) -> ImagePreset | None:
    """The catalog's image model of a vision or diffusion task (None for the other tasks, which take no images)."""
    if task not in IMAGE_TASKS:
        if "images" in data:
            raise InputError("images", "only applies to the vision and diffusion tasks")
        return None
    model_data = data["model"]
    if task is Task.DIFFUSION and isinstance(model_data, dict) and set(model_data) in ({"unet_config"},
                                                                                        {"unet_config", "name"}):
        config = model_data["unet_config"]
        if not isinstance(config, dict):
            raise InputError("model.unet_config", "must be a U-Net's config.json object")
        unet = unet_from_config(config, str(model_data.get("name") or "U-Net"))
        return ImagePreset(transformer=None, tokens_at_base=None, base_resolution=unet.native_resolution,
                           image_model=unet_image_model(unet))
    if not isinstance(model_data, dict) or set(model_data) != {"preset"} or resolve_image is None:
        raise InputError("model", 'image tasks take a catalog preset: {"preset": "resnet-50"}; diffusion also a '
                         'U-Net\'s config: {"unet_config": {...}}')
    return resolve_image(MODEL_FIELDS["preset"].read(model_data["preset"]))


def _rl_models(data: object, resolve_model: Callable[[str], ModelArch]
               ) -> tuple[object, dict[str, ModelArch]]:
    """The scenario with the rl section's model objects taken out (its fields are read by the table), and those
    models parsed."""
    if not isinstance(data, dict) or not isinstance(data.get("rl"), dict):
        return data, {}
    section = dict(data["rl"])
    models: dict[str, ModelArch] = {}
    for key in (key for key in RL_MODEL_KEYS if key in section):
        given = section.pop(key)
        try:
            models[key] = parse_model(dict(given) if isinstance(given, dict) else given, resolve_model, f"rl.{key}")
        except InputError as error:  # the catalog's resolver names the root model's preset
            if not error.field.startswith("model."):
                raise
            raise error.naming(error.field.replace("model.", f"rl.{key}.", 1)) from None
    return {**data, "rl": section}, models


def parse_scenario(data: object, resolve_model: Callable[[str], ModelArch], resolve_gpu: Callable[[str], GPU],
                   resolve_image: Callable[[str], ImagePreset] | None = None) -> Scenario:
    data, rl_models = _rl_models(data, resolve_model)
    settings: ScenarioSettings = read_section(ScenarioSettings, data, "", also=("model", "assumptions"))
    assert isinstance(data, dict)
    if "rl" in data and settings.task != Task.RL:
        raise InputError("rl", "only applies to task rl")
    if "model" not in data:
        raise InputError("model", "is required (a preset or an architecture)")
    task = settings.task
    image = _image_preset(data, task, resolve_image)
    images = settings.images
    if image is not None:
        model = image.transformer
        if images.resolution is None:
            images = dataclasses.replace(images, resolution=image.base_resolution)
    else:
        model = parse_model(dict(data["model"]) if isinstance(data["model"], dict) else data["model"], resolve_model)
    profile = profile_for(settings.stack)
    assumptions, assumptions_given = _assumptions(data.get("assumptions", {}), profile)
    training = _training(settings, model)
    hardware = settings.hardware
    gpu = resolve_gpu(hardware.gpu)
    # The catalog server's count, when the file names none, is held to the table's range like a typed one.
    gpus_per_node = hardware.gpus_per_node or BY_PATH["hardware.gpus_per_node"].read(gpu.default_gpus_per_node)
    count = _check_parallelism(settings.parallelism, settings.seq_len, model, profile, gpus_per_node, hardware.count,
                               assumptions.ulysses_attention, serving=task == Task.INFERENCE)
    return Scenario(task=task, model=model, seq_len=settings.seq_len, precision=settings.precision,
                    training=training, inference=settings.inference, gpu=gpu, gpu_count=count,
                    gpus_per_node=gpus_per_node, network_gbps_per_node=hardware.network_gbps_per_node,
                    layout=_layout(settings, training, profile, assumptions.ulysses_attention),
                    constraints=settings.constraints,
                    assumptions=assumptions, hardware_given="gpu" in data.get("hardware", {}),
                    assumptions_given=assumptions_given, image=image, images=images, stack=settings.stack,
                    storage=settings.storage, rl=settings.rl, critic_model=rl_models.get("critic_model"),
                    reward_model=rl_models.get("reward_model"))
