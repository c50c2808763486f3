"""SCENARIO.json (README "Headless use"): parse and validate into typed objects. Unknown keys are errors; omitted keys
take the defaults documented in README.md. The catalog is reached through the two resolver callables, so the
core stays free of SQLite."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field
from typing import Any

from gpuplanner.core.adapters import LORA_TARGETS
from gpuplanner.core.cost import CostAssumptions
from gpuplanner.core.errors import InputError, require_int, require_positive
from gpuplanner.core.fields import FIELDS, check_values
from gpuplanner.core.hardware import GPU, Precision
from gpuplanner.core.inference import KvAdmission, ServingWorkload, WeightFormat
from gpuplanner.core.layout import LayoutConstraints
from gpuplanner.core.model import ARCH_FIELDS, ModelArch
from gpuplanner.core.records import record
from gpuplanner.core.site import PowerAssumptions, PowerSupply, SiteLimits
from gpuplanner.core.stack import Stack, profile_for
from gpuplanner.core.vision import ImagePreset
from gpuplanner.core.workload import Assumptions, Optimizer, Recompute, Task, TrainingWorkload, WeightDtype

# The scenario file's JSON object as the user wrote it (an input document, validated by parse_scenario): the one
# thing besides the exporter's output that travels as plain JSON data.
ScenarioDocument = dict[str, Any]
DEFAULT_GPU_ID = "h100-sxm5-80gb"
DEFAULT_MODEL_PRESET = "llama-2-7b"  # what a new document starts from (a model is required)
DEFAULT_LORA_RANK = 16
DEFAULT_LORA_TARGETS = "all-linear"


def paged_optimizer_by_default(task: str) -> bool:
    """QLoRA's recipe pages the optimizer states to host memory (Dettmers et al. 2023, Sec. 2, "Paged
    Optimizers"); LoRA and full training keep them on the GPU."""
    return task == Task.QLORA.value


def new_scenario() -> ScenarioDocument:
    """A complete scenario at the documented defaults (README "Scenario file"; the app's File → New shows it).
    Read from the typed defaults, so the parser, the app and this stay one set of numbers."""
    site, supply, cost = SiteLimits(), PowerSupply(), CostAssumptions()
    return {
        "task": Task.PRETRAIN.value, "model": {"preset": DEFAULT_MODEL_PRESET},
        "seq_len": TrainingWorkload.seq_len, "precision": TrainingWorkload.precision.value,
        "training": {"tokens": TrainingWorkload.tokens, "global_batch": TrainingWorkload.global_batch,
                     "optimizer": TrainingWorkload.optimizer.value, "lora_rank": DEFAULT_LORA_RANK,
                     "lora_targets": DEFAULT_LORA_TARGETS},
        # No batch: sized by the load (core.serving_estimate.estimate_inference), the documented default.
        "inference": {"input_tokens": ServingWorkload.input_tokens,
                      "output_tokens": ServingWorkload.output_tokens,
                      "weight_dtype": ServingWorkload.weight_format.value,
                      "kv_dtype": ServingWorkload.kv_format.value, "engine": ServingWorkload.engine},
        "constraints": {"deployment": "either", "objective": "cheapest", "region": "global", "currency": cost.currency,
                        "years": cost.years, "utilization": cost.utilization, "usd_to_cny": cost.usd_to_cny,
                        "allow_consumer_gpus": True,
                        "site": {"rack_kw": site.rack_kw, "rack_units": site.rack_units, "cooling": site.cooling.value,
                                 "pue": PowerAssumptions.pue,
                                 "supply": {"voltage": supply.voltage, "phase": supply.phase, "amps": supply.amps}}},
    }

SCHEMA: dict[str, Any] = {
    "task": str, "model": dict, "seq_len": int, "precision": str, "stack": str, "assumptions": dict,
    "training": {"tokens": float, "global_batch": int, "micro_batch": int, "optimizer": str, "recompute": str,
                 "zero": int, "lora_rank": int, "lora_targets": str, "paged_optimizer": bool, "lora_dropout": float,
                 "recompute_layers": int, "weight_dtype": str},
    "inference": {"batch": int, "input_tokens": int, "output_tokens": int, "weight_dtype": str, "kv_dtype": str,
                  "engine": str, "concurrent_users": int, "max_ttft_s": float, "max_tpot_s": float,
                  "kv_cache_memory_fraction": float, "kv_admission": str},
    "images": {"count": int, "epochs": float, "batch": int, "resolution": int, "gflops_per_sample": float,
               "activation_mib_per_sample": float},
    "hardware": {"gpu": str, "count": int, "gpus_per_node": int, "network_gbps_per_node": float},
    "parallelism": {"tp": int, "pp": int, "dp": int, "cp": int, "ep": int, "sequence_parallel": bool,
                    "virtual_stages": int},
    "constraints": {"deadline_days": float, "budget": float, "currency": str, "deployment": str,
                    "objective": str, "allow_consumer_gpus": bool, "target_output_tokens_per_s": float,
                    "site": dict, "years": float, "utilization": float, "usd_to_cny": float, "region": str},
}
SITE_KEYS = {**{f.key: f.kind for f in FIELDS if f.section == "constraints.site"}, "supply": dict}
SUPPLY_KEYS = {f.key: f.kind for f in FIELDS if f.section == "constraints.site.supply"}
MODEL_KEYS = {"preset": str, "layers": int, "hidden": int, "heads": int, "kv_heads": int, "ffn_hidden": int,
              "vocab": int, "gated_mlp": bool, "tied_embeddings": bool, "experts": int, "experts_per_token": int,
              "params": float, "name": str, **{key: int for key in ARCH_FIELDS}}


IMAGENET_1K_TRAIN_IMAGES = 1_281_167  # ILSVRC-2012 training set (Russakovsky et al. 2015)
IMAGE_EPOCHS_DEFAULT = 90.0  # the ResNet-50 recipe's 90 epochs (Goyal et al. 2017)
IMAGE_BATCH_DEFAULT = 1024
IMAGE_TASKS = (Task.VISION, Task.DIFFUSION)


@record
class Scenario:
    task: Task
    model: ModelArch | None  # None for an image model described by parameters and FLOPs (CNN, U-Net)
    seq_len: int
    precision: Precision
    training: dict[str, Any]
    inference: dict[str, Any]
    gpu: GPU
    gpu_count: int | None
    gpus_per_node: int
    network_gbps_per_node: float | None
    layout: LayoutConstraints
    constraints: dict[str, Any]
    assumptions: Assumptions
    hardware_given: bool
    raw: dict[str, Any] = field(default_factory=dict)
    image: ImagePreset | None = None
    images: dict[str, Any] = field(default_factory=dict)
    stack: Stack | None = None  # None: the modern default (core.stack.MODERN)


def _check_type(path: str, value: object, expected: type) -> object:
    if expected is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif expected is int:
        ok = (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, float) and value.is_integer())
        value = int(value) if ok else value  # type: ignore[arg-type]
    else:
        ok = isinstance(value, expected)
    if not ok:
        raise InputError(path, TYPE_MESSAGES[expected], kind=type(value).__name__, value=repr(value)[:80])
    return value


# What a wrong JSON type is told, per expected Python type (templates: translated in the app).
TYPE_MESSAGES: dict[type, str] = {
    int: "must be a whole number, got {kind} {value}", float: "must be a number, got {kind} {value}",
    str: "must be text, got {kind} {value}", bool: "must be true or false, got {kind} {value}",
    dict: "must be an object, got {kind} {value}"}


def _section(data: Mapping[str, Any], name: str) -> ScenarioDocument:
    value = data.get(name, {})
    if not isinstance(value, dict):
        raise InputError(name, "must be an object")
    spec = SCHEMA[name]
    out: dict[str, Any] = {}
    for key, item in value.items():
        if key not in spec:
            raise InputError(f"{name}.{key}", "unknown key (allowed: {join})", join=', '.join(spec))
        out[key] = _check_type(f"{name}.{key}", item, spec[key])
    return out


def _checked_mapping(path: str, value: ScenarioDocument, spec: dict[str, type]) -> ScenarioDocument:
    out = {}
    for key, item in value.items():
        if key not in spec:
            raise InputError(f"{path}.{key}", "unknown key (allowed: {join})", join=', '.join(spec))
        out[key] = _check_type(f"{path}.{key}", item, spec[key])
    return out


def _choice(path: str, value: str, choices: type) -> Any:
    try:
        return choices(value)
    except ValueError:
        allowed = " | ".join(member.value for member in choices)  # type: ignore[attr-defined]
        raise InputError(path, "must be one of {allowed}, got {value!r}", allowed=allowed, value=value) from None


def parse_model(data: object, resolve_model: Callable[[str], ModelArch]) -> ModelArch:
    if not isinstance(data, dict):
        raise InputError("model", "must be an object with a preset or an architecture")
    for key, value in data.items():
        if key not in MODEL_KEYS:
            raise InputError(f"model.{key}", "unknown key (allowed: {join})", join=', '.join(MODEL_KEYS))
        data[key] = _check_type(f"model.{key}", value, MODEL_KEYS[key])
    if "preset" in data:
        base = resolve_model(data["preset"])
        changes = {k: v for k, v in data.items() if k not in ("preset", "params")}
        if "params" in data:
            changes["params_override"] = data["params"]
        return base.with_overrides(**changes) if changes else base
    missing = [k for k in ("layers", "hidden", "heads", "ffn_hidden", "vocab") if k not in data]
    if missing:
        raise InputError(f"model.{missing[0]}", "is required when no preset is given")
    return ModelArch(
        name=data.get("name", "custom"), layers=data["layers"], hidden=data["hidden"], heads=data["heads"],
        kv_heads=data.get("kv_heads", data["heads"]), ffn_hidden=data["ffn_hidden"], vocab=data["vocab"],
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


def _weight_dtype(name: str, task: Task, precision: Precision) -> WeightDtype:
    """`training.weight_dtype`, checked against what the task can train with it."""
    dtype: WeightDtype = _choice("training.weight_dtype", name, WeightDtype)
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
    return dtype


def parse_scenario(data: object, resolve_model: Callable[[str], ModelArch], resolve_gpu: Callable[[str], GPU],
                   resolve_image: Callable[[str], ImagePreset] | None = None) -> Scenario:
    if not isinstance(data, dict):
        raise InputError("scenario", "must be a JSON object")
    for key in data:
        if key not in SCHEMA:
            raise InputError(key, "unknown key (allowed: {join})", join=', '.join(SCHEMA))
    check_values(data)
    task = _choice("task", _check_type("task", data.get("task", "pretrain"), str), Task)  # type: ignore[arg-type]
    if "model" not in data:
        raise InputError("model", "is required (a preset or an architecture)")
    image = None
    images = _section(data, "images")
    if task in IMAGE_TASKS:
        model_data = data["model"]
        if not isinstance(model_data, dict) or set(model_data) != {"preset"} or resolve_image is None:
            raise InputError("model", 'image tasks take a catalog preset: {"preset": "resnet-50"}')
        image = resolve_image(_check_type("model.preset", model_data["preset"], str))  # type: ignore[arg-type]
        model = image.transformer
        images.setdefault("count", IMAGENET_1K_TRAIN_IMAGES)
        images.setdefault("epochs", IMAGE_EPOCHS_DEFAULT)
        images.setdefault("batch", IMAGE_BATCH_DEFAULT)
        images.setdefault("resolution", image.base_resolution)
        for key in ("gflops_per_sample", "activation_mib_per_sample", "epochs"):
            if key in images:
                require_positive(f"images.{key}", images[key])
    else:
        if images:
            raise InputError("images", "only applies to the vision and diffusion tasks")
        model = parse_model(dict(data["model"]) if isinstance(data["model"], dict) else data["model"], resolve_model)
    seq_len = require_int("seq_len", _check_type("seq_len", data.get("seq_len", TrainingWorkload.seq_len), int),
                          maximum=1 << 22)
    precision_name = _check_type("precision", data.get("precision", TrainingWorkload.precision.value), str)
    precision = _choice("precision", precision_name, Precision)  # type: ignore[arg-type]
    assumptions_raw = data.get("assumptions", {})
    if not isinstance(assumptions_raw, dict):
        raise InputError("assumptions", "must be an object")
    stack = None if "stack" not in data else _choice("stack", _check_type("stack", data["stack"], str), Stack)
    profile = profile_for(stack)  # type: ignore[arg-type]
    assumptions = Assumptions.from_mapping({**profile.assumptions, **assumptions_raw})  # the user's values win

    training = _section(data, "training")
    training.setdefault("tokens", TrainingWorkload.tokens)
    training.setdefault("global_batch", TrainingWorkload.global_batch)
    training.setdefault("optimizer", TrainingWorkload.optimizer.value)
    training["optimizer"] = _choice("training.optimizer", training["optimizer"], Optimizer)
    if "recompute" in training:
        training["recompute"] = Recompute.parse(training["recompute"])
    if "zero" in training:
        require_int("training.zero", training["zero"], minimum=0, maximum=3)
    if "micro_batch" in training:
        require_int("training.micro_batch", training["micro_batch"], maximum=4096)
        if training["global_batch"] % training["micro_batch"]:
            raise InputError("training.micro_batch", "must divide training.global_batch")
    training.setdefault("lora_rank", DEFAULT_LORA_RANK)
    require_int("training.lora_rank", training["lora_rank"], maximum=65536)
    require_positive("training.tokens", training["tokens"])

    inference = _section(data, "inference")
    inference.setdefault("batch", ServingWorkload.batch)
    inference.setdefault("input_tokens", ServingWorkload.input_tokens)
    inference.setdefault("output_tokens", ServingWorkload.output_tokens)
    inference.setdefault("weight_dtype", ServingWorkload.weight_format.value)
    inference.setdefault("kv_dtype", ServingWorkload.kv_format.value)
    inference.setdefault("engine", ServingWorkload.engine)
    for key in ("weight_dtype", "kv_dtype"):
        inference[key] = _choice(f"inference.{key}", inference[key], WeightFormat)
    if "kv_admission" in inference:
        inference["kv_admission"] = _choice("inference.kv_admission", inference["kv_admission"], KvAdmission)
    for key in ("concurrent_users",):
        if key in inference:
            require_int(f"inference.{key}", inference[key], maximum=1 << 24)
    for key in ("max_ttft_s", "max_tpot_s"):
        if key in inference:
            require_positive(f"inference.{key}", inference[key])
    training.setdefault("lora_targets", DEFAULT_LORA_TARGETS)
    if training["lora_targets"] not in LORA_TARGETS:
        raise InputError("training.lora_targets", "must be one of {join}", join=' | '.join(LORA_TARGETS))
    training.setdefault("paged_optimizer", paged_optimizer_by_default(task.value))
    if "weight_dtype" in training:
        training["weight_dtype"] = _weight_dtype(training["weight_dtype"], task, precision)
    hardware = _section(data, "hardware")
    gpu = resolve_gpu(hardware.get("gpu", DEFAULT_GPU_ID))
    count = hardware.get("count")
    if count is not None:
        require_int("hardware.count", count, maximum=1 << 20)
    gpus_per_node = require_int("hardware.gpus_per_node", hardware.get("gpus_per_node", gpu.default_gpus_per_node),
                                 maximum=72)
    network = hardware.get("network_gbps_per_node")
    if network is not None:
        require_positive("hardware.network_gbps_per_node", network)

    if "recompute_layers" in training:
        require_int("training.recompute_layers", training["recompute_layers"], maximum=1 << 20)
        if model is not None and training["recompute_layers"] > model.layers:
            raise InputError("training.recompute_layers", "{k} layers recompute but the model has {layers}",
                             k=training["recompute_layers"], layers=model.layers)
        if training.get("recompute") == Recompute.NONE:
            raise InputError("training.recompute_layers", "needs recompute to be full or selective")
    parallelism = _section(data, "parallelism")
    for key in ("tp", "pp", "dp", "cp", "ep", "virtual_stages"):
        if key in parallelism:
            require_int(f"parallelism.{key}", parallelism[key], maximum=1 << 20)
    if "cp" in parallelism:
        if seq_len % (2 * parallelism["cp"]):
            raise InputError("parallelism.cp", "{seq_len} tokens cannot be split into 2 x {cp} equal chunks (ring "
                             "attention balances causal work that way)", seq_len=seq_len, cp=parallelism["cp"])
        if parallelism["cp"] > 1 and not profile.context_parallel:
            raise InputError("parallelism.cp", "the {stack} stack has no context parallelism", stack=profile.name)
    if "ep" in parallelism and parallelism["ep"] > 1:
        if model is not None and model.experts % parallelism["ep"]:
            raise InputError("parallelism.ep", "{ep} does not divide the model's {experts} experts",
                             ep=parallelism["ep"], experts=model.experts)
        if not profile.expert_parallel:
            raise InputError("parallelism.ep", "the {stack} stack has no expert parallelism", stack=profile.name)
        if "dp" in parallelism and parallelism["dp"] % parallelism["ep"]:
            raise InputError("parallelism.ep", "{ep} does not divide the {dp} data-parallel ranks the experts are "
                             "split over", ep=parallelism["ep"], dp=parallelism["dp"])
    if "tp" in parallelism and model is not None:
        if model.heads % parallelism["tp"]:
            raise InputError("parallelism.tp", "{tp} does not divide the model's {heads} heads",
                             tp=parallelism['tp'], heads=model.heads)
        if parallelism["tp"] > gpus_per_node:
            raise InputError("parallelism.tp", "{tp} exceeds the GPUs per node ({gpus_per_node})",
                             tp=parallelism['tp'], gpus_per_node=gpus_per_node)
    if "pp" in parallelism and model is not None and parallelism["pp"] > model.layers:
        raise InputError("parallelism.pp", "{pp} stages exceed the model's {layers} layers",
                         pp=parallelism['pp'], layers=model.layers)
    product = parallelism.get("tp", 1) * parallelism.get("pp", 1) * parallelism.get("dp", 1) * parallelism.get(
        "cp", 1)
    if count is not None and {"tp", "pp", "dp"} <= set(parallelism) and product != count:
        raise InputError("parallelism", "tp x cp x pp x dp = {product} but hardware.count is {count}",
                         product=product, count=count)
    if count is None and {"tp", "pp", "dp"} <= set(parallelism):
        count = product
    layout = LayoutConstraints(
        tp=parallelism.get("tp"), pp=parallelism.get("pp"), dp=parallelism.get("dp"),
        micro_batch=training.get("micro_batch"), zero=training.get("zero"),
        recompute=int(training["recompute"]) if "recompute" in training else None,
        recompute_layers=training.get("recompute_layers"), cp=parallelism.get("cp"), ep=parallelism.get("ep"),
        sequence_parallel=parallelism.get("sequence_parallel"), virtual_stages=parallelism.get("virtual_stages"),
        tensor_parallel=profile.tensor_parallel, pipeline_parallel=profile.pipeline_parallel,
        zero_stages=profile.zero_stages, context_parallel=profile.context_parallel,
        expert_parallel=profile.expert_parallel,
    )
    constraints = _section(data, "constraints")
    if "site" in constraints:
        constraints["site"] = _checked_mapping("constraints.site", constraints["site"], SITE_KEYS)
        if "supply" in constraints["site"]:
            constraints["site"]["supply"] = _checked_mapping("constraints.site.supply", constraints["site"]["supply"],
                                                             SUPPLY_KEYS)
    for key in ("deadline_days", "budget", "target_output_tokens_per_s"):
        if key in constraints:
            require_positive(f"constraints.{key}", constraints[key])
    return Scenario(task=task, model=model, seq_len=seq_len, precision=precision, training=training,
                    inference=inference, gpu=gpu, gpu_count=count, gpus_per_node=gpus_per_node,
                    network_gbps_per_node=network, layout=layout, constraints=constraints,
                    assumptions=assumptions, hardware_given="gpu" in hardware, raw=dict(data), image=image,
                    images=images, stack=stack)  # type: ignore[arg-type]
