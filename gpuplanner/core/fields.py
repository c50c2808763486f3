"""The scenario's fields, once: path, type, documented default, range, unit and help.

The parser checks every value against this table in one pass (the same for `estimate`, `plan`, the app and
opened files), the README's scenario table and the shipped JSON Schema are generated from it
(scripts/scenario_docs.py; a test fails when either is stale), and the wizard reads its ranges from it.
Ranges are what is physically or practically meaningful: beyond them a value is a typo or an attack (a 400-digit
count, a 5e-324 V supply), refused naming the field instead of dividing by it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import fields
from typing import Any

from gpuplanner.core.adapters import LORA_TARGETS, MAX_LORA_DROPOUT, AdapterSpec
from gpuplanner.core.availability import REGIONS
from gpuplanner.core.cost import CostAssumptions
from gpuplanner.core.errors import InputError
from gpuplanner.core.hardware import Precision
from gpuplanner.core.inference import ENGINES, KV_MEMORY_FRACTION_RANGE, KvAdmission, ServingWorkload, WeightFormat
from gpuplanner.core.model import ARCH_COUNTS, ARCH_FIELDS
from gpuplanner.core.records import record
from gpuplanner.core.site import (
    CHINA_IDC_CABINET_AMPS,
    COOLING_LIMIT_KW,
    Cooling,
    PowerAssumptions,
    PowerSupply,
    SiteLimits,
)
from gpuplanner.core.stack import Stack
from gpuplanner.core.workload import Assumptions, Optimizer, Task, TrainingWorkload, WeightDtype

SEARCHED = "searched"  # the documented "default" of a knob the layout search chooses


@record
class Field:
    path: str
    kind: type  # int, float, str, bool
    default: object = None  # the documented default; None: none (optional), SEARCHED: the search picks it
    minimum: float | None = None
    maximum: float | None = None
    above_minimum: bool = False  # the minimum itself is excluded (a strictly positive quantity)
    unit: str = ""
    help: str = ""
    choices: tuple[object, ...] = ()

    @property
    def section(self) -> str:
        return self.path.rpartition(".")[0]

    @property
    def key(self) -> str:
        return self.path.rpartition(".")[2]

    def range_text(self) -> str:
        if self.choices:
            return " | ".join(str(c) for c in self.choices)
        if self.minimum is None and self.maximum is None:
            return ""
        low = "" if self.minimum is None else f"{'>' if self.above_minimum else '≥'} {_number(self.minimum)}"
        high = "" if self.maximum is None else f"≤ {_number(self.maximum)}"
        return ", ".join(part for part in (low, high) if part)


def _number(value: float) -> str:
    """Exact for whole numbers people type (16,777,216); powers of ten for the huge ones (1e16)."""
    if float(value).is_integer() and abs(value) < 1e12:
        return f"{int(value):,}"
    if value and (abs(value) >= 1e12 or abs(value) < 1e-3):
        return f"{value:.3g}".replace("e+0", "e").replace("e+", "e").replace("e-0", "e-")
    return f"{value:,g}"


def _choices(enum: Any) -> tuple[str, ...]:
    return tuple(member.value for member in enum)


_SITE, _SUPPLY, _COST = SiteLimits(), PowerSupply(), CostAssumptions()
_ASSUMPTION_RANGES: dict[str, tuple[float, float, str]] = {
    "gradient_bytes": (1.0, 4.0, "bytes"), "cuda_context_gib": (0.0, 16.0, "GiB"),
    "nccl_buffers_gib": (0.0, 16.0, "GiB"), "fragmentation": (0.0, 1.0, ""), "link_efficiency": (0.01, 1.0, ""),
    "network_efficiency": (0.01, 1.0, ""), "collective_latency_s": (0.0, 1.0, "s"), "dp_overlap": (0.0, 1.0, ""),
    "tp_overlap": (0.0, 1.0, ""), "ep_overlap": (0.0, 1.0, ""), "moe_load_imbalance": (1.0, 8.0, ""),
    "moe_expert_efficiency": (0.05, 1.0, ""),
    "gather_exposed_share": (0.0, 1.0, ""),
    "compute_efficiency_scale": (0.01, 2.0, ""), "flash_attention_version": (1, 3, ""),
    "logits_bytes": (0.0, 32.0, "bytes"),
    "interruptions_per_million_gpu_hours": (0.0, 1e6, "per million GPU-hours"),
    "checkpoint_write_gbs_per_gpu": (0.001, 1000.0, "GB/s"), "restart_minutes": (0.0, 1440.0, "min"),
}

_ASSUMPTION_HELP: dict[str, str] = {
    "gradient_bytes": "bytes per gradient value (2: 16-bit, 4: fp32 as Megatron-LM 2021)",
    "master_weights": "fp32 master copy of the weights in mixed precision",
    "flash_attention": "attention scores never stored (FlashAttention)",
    "dropout": "dropout masks stored for the backward pass (Megatron-LM's GPT recipes; Llama, Qwen, MPT: none)",
    "static_batching": "serving runs each batch's prompts, then its decode steps (older benchmark tables); off: "
                       "in-flight batching, new prompts in the same passes as the running decode steps",
    "flash_attention_version": "fused attention kernel generation: 3 today's best (FlashAttention-3 / cuDNN on "
                               "Hopper), 2 FlashAttention-2 (PyTorch SDPA, DeepSpeed; about half as fast on Hopper), "
                               "1 FlashAttention-1 or xformers (0.62 of FlashAttention-2's rate in a training step)",
    "fp8_activation_inputs": "FP8 training also stores the MLP activation function's input in FP8 (NeMo's "
                             "fp8_activation_input_store, MLPerf LoRA recipes)",
    "fp8_attention": "FP8 training also runs the attention core in FP8 (Transformer Engine's FP8 dot-product "
                     "attention, FP8_DPA=1 in NVIDIA's MLPerf recipes); off: attention in 16-bit",
    "fused_elementwise": "norms, rotary and SwiGLU run as fused kernels (Transformer Engine, Megatron-LM, Liger, "
                         "torch.compile); off: eager PyTorch, one op a kernel (Hugging Face models without "
                         "torch.compile: several times the memory traffic)",
    "loss_fp32": "the loss over the vocabulary runs in fp32 (Megatron-LM 2021-24: 4.5 x the memory traffic of a "
                 "fused 16-bit cross-entropy such as Transformer Engine's or Liger's)",
    "logits_bytes": "bytes a token keeps per vocabulary entry at the loss (6: fp32 logits and their 16-bit copy, "
                    "Megatron; 12: Hugging Face Transformers, which upcasts every logit to fp32 and keeps its "
                    "log-softmax and gradient; 0: a chunked loss such as Liger's or LitGPT's)",
    "node_striped_collectives": "data-parallel traffic across nodes uses every NIC of a node (NCCL rings on a "
                                "rail-optimized fabric; MosaicML's FSDP runs on H100 behave so); off: each GPU's "
                                "traffic through its own NIC",
    "fragmentation": "caching-allocator slack, a share of tensor memory (reserved but not allocated)",
    "dp_overlap": "share of the gradient traffic hidden behind the backward pass",
    "tp_overlap": "share of the tensor-parallel collectives hidden behind the GEMMs (Transformer Engine overlap)",
    "ep_overlap": "share of the MoE all-to-all hidden behind compute (DeepSeek-V3's DualPipe: nearly all)",
    "ep_node_forwarding": "MoE dispatch sends a token over the network once per destination node and forwards it "
                          "over NVLink there (DeepEP); off: once per remote expert (a plain all-to-all)",
    "moe_load_imbalance": "tokens the busiest expert-parallel GPU gets over the mean (1 balanced; GShard's capacity "
                          "factor 1.25)",
    "moe_expert_efficiency": "share of a dense GEMM's efficiency an MoE layer's routed experts reach, routing and "
                             "token permutation included (fitted on published MoE pretraining runs, judged by the "
                             "serving ones; 1: as fast as dense GEMMs)",
    "compute_efficiency_scale": "multiplies the calibrated GEMM efficiency (what-if)",
    "interruptions_per_million_gpu_hours": "job interruptions (Llama 3: 419 in 54 days on 16,384 GPUs)",
    "checkpoint_write_gbs_per_gpu": "checkpoint write bandwidth per GPU (Llama 3: 2 TB/s for 16K GPUs)",
    "restart_minutes": "minutes from an interruption back to training",
}

FIELDS: tuple[Field, ...] = (
    Field("task", str, Task.PRETRAIN.value, help="what is done with the model", choices=_choices(Task)),
    Field("seq_len", int, TrainingWorkload.seq_len, 16, 1 << 22, unit="tokens", help="tokens per sequence"),
    Field("precision", str, TrainingWorkload.precision.value, choices=_choices(Precision),
          help="compute precision; falls back with a warning when the GPU lacks it: FP8 → BF16 → FP16 → FP32"),
    Field("stack", str, "the best modern stack", choices=_choices(Stack),
          help="software stack: the assumptions and layouts its framework runs"),
    Field("training.tokens", float, TrainingWorkload.tokens, 1.0, 1e16, unit="tokens", help="tokens to train on"),
    Field("training.global_batch", int, TrainingWorkload.global_batch, 1, 1 << 24, unit="sequences",
          help="sequences per optimizer step"),
    Field("training.micro_batch", int, SEARCHED, 1, 4096, unit="sequences", help="sequences per GPU per pass"),
    Field("training.optimizer", str, TrainingWorkload.optimizer.value, choices=_choices(Optimizer)),
    Field("training.recompute", str, SEARCHED, choices=("none", "selective", "full"),
          help="activation recomputation"),
    Field("training.recompute_layers", int, "all (searched: all or half with full recompute)", 1, 1 << 20,
          unit="layers", help="how many layers recompute, with recompute full or selective"),
    Field("training.zero", int, SEARCHED, 0, 3, help="ZeRO stage (sharding of optimizer, gradients, weights)"),
    Field("training.weight_dtype", str, "the compute dtype (qlora: nf4)", choices=_choices(WeightDtype),
          help="how the weight matrices are stored: fp8 / fp4 parameters, or a LoRA base in fp8 / fp4 / nf4"),
    Field("training.lora_rank", int, 16, 1, 65536, help="LoRA rank r"),
    Field("training.lora_targets", str, "all-linear", choices=LORA_TARGETS, help="which matrices get adapters"),
    Field("training.lora_dropout", float, AdapterSpec.dropout, 0.0, MAX_LORA_DROPOUT,
          help="dropout on each adapted matrix's input (PEFT's lora_dropout): each keeps a dropped copy and a mask"),
    Field("training.paged_optimizer", bool, "true for qlora (its recipe), else false",
          help="optimizer states page to CPU memory under pressure"),
    Field("inference.batch", int, "1; with a throughput target and no concurrent_users, the most the KV cache holds "
          "within the latency limits", 1, 1 << 16, unit="requests", help="requests decoded together per replica"),
    Field("inference.input_tokens", int, ServingWorkload.input_tokens, 1, 1 << 22, unit="tokens"),
    Field("inference.output_tokens", int, ServingWorkload.output_tokens, 1, 1 << 22, unit="tokens"),
    Field("inference.weight_dtype", str, ServingWorkload.weight_format.value, choices=_choices(WeightFormat)),
    Field("inference.kv_dtype", str, ServingWorkload.kv_format.value, choices=_choices(WeightFormat)),
    Field("inference.engine", str, ServingWorkload.engine, choices=tuple(ENGINES),
          help="serving engine; TensorRT-LLM runs on NVIDIA GPUs only (other vendors' GPUs are planned with vLLM)"),
    Field("inference.concurrent_users", int, None, 1, 1 << 24, unit="users",
          help="size the replicas for this many users at once"),
    Field("inference.max_ttft_s", float, None, 0.0, 3600.0, True, "s", "time to first token limit"),
    Field("inference.max_tpot_s", float, None, 0.0, 60.0, True, "s", "time per output token limit"),
    Field("inference.kv_cache_memory_fraction", float, "the engine's (0.90)", KV_MEMORY_FRACTION_RANGE[0],
          KV_MEMORY_FRACTION_RANGE[1],
          help="share of memory the engine gives the KV cache: TensorRT-LLM's free_gpu_memory_fraction (of what is "
               "free after the weights), vLLM's gpu_memory_utilization (of the GPU)"),
    Field("inference.kv_admission", str, "the engine's", choices=_choices(KvAdmission),
          help="whole-sequence: room for input + output reserved when a request is admitted (TensorRT-LLM's default "
               "GUARANTEED_NO_EVICT, llama.cpp's slots); in-use: room for what the sequences hold, pausing requests "
               "when it fills (TensorRT-LLM's MAX_UTILIZATION, vLLM)"),
    Field("images.count", int, 1_281_167, 1, 1 << 40, unit="images", help="images per epoch (ImageNet-1k)"),
    Field("images.epochs", float, 90.0, 0.001, 1e6, help="passes over the images"),
    Field("images.batch", int, 1024, 1, 1 << 24, unit="images", help="images per optimizer step"),
    Field("images.resolution", int, "the preset's", 16, 16384, unit="px"),
    Field("images.gflops_per_sample", float, None, 0.0, 1e9, True, "GFLOP", "forward FLOPs per image"),
    Field("images.activation_mib_per_sample", float, None, 0.0, 1e7, True, "MiB", "16-bit activations per image"),
    Field("hardware.gpu", str, "h100-sxm5-80gb", help="a GPU id from `gpuplanner catalog gpus`"),
    Field("hardware.count", int, SEARCHED, 1, 1 << 20, unit="GPUs",
          help="smallest power of two that fits (and meets the deadline)"),
    Field("hardware.gpus_per_node", int, "the catalog server's", 1, 72, unit="GPUs",
          help="GPUs in one node (one NVLink domain): by default those of the server the GPU is costed in, "
          "e.g. 8 on an HGX board, 72 in a GB200 / GB300 NVL72 rack, 4 in a workstation"),
    Field("hardware.network_gbps_per_node", float, "per GPU class", 0.001, 1e6, unit="Gb/s",
          help="the node's inter-node bandwidth: by default 400 Gb/s per GPU for Hopper/Blackwell/MI300-class SXM/OAM, "
          "200 per Ampere SXM, else 200 per node"),
    Field("parallelism.tp", int, SEARCHED, 1, 1 << 20, help="tensor-parallel degree"),
    Field("parallelism.pp", int, SEARCHED, 1, 1 << 20, help="pipeline stages"),
    Field("parallelism.dp", int, SEARCHED, 1, 1 << 20, help="data-parallel degree"),
    Field("parallelism.cp", int, "searched from 32K tokens, else 1", 1, 1 << 20,
          help="context-parallel degree: each sequence split over this many GPUs (ring attention)"),
    Field("parallelism.ep", int, "searched for MoE models, else 1", 1, 4096,
          help="expert-parallel degree: a MoE layer's experts split over this many data-parallel GPUs"),
    Field("parallelism.sequence_parallel", bool, SEARCHED),
    Field("parallelism.virtual_stages", int, SEARCHED, 1, 1024, help="interleaved pipeline chunks per stage"),
    Field("constraints.deadline_days", float, None, 0.0, 36500.0, True, "days",
          "a hard limit, like the budget, the throughput target and the site's limits"),
    Field("constraints.budget", float, None, 0.0, 1e13, True, "currency", "most you will spend"),
    Field("constraints.currency", str, _COST.currency, choices=("USD", "CNY")),
    Field("constraints.usd_to_cny", float, _COST.usd_to_cny, 0.0, 1000.0, True,
          help="CNY per USD (default: CFETS central parity, 2026-01-08; set your own)"),
    Field("constraints.deployment", str, "either", choices=("on-prem", "cloud", "either")),
    Field("constraints.objective", str, "cheapest", choices=("cheapest", "fastest", "lowest-tco")),
    Field("constraints.region", str, "global", choices=REGIONS,
          help="only GPUs that can be bought, and clouds located, there (export rules for mainland China); global "
               "leaves out clouds in mainland China, which rent only to accounts verified there"),
    Field("constraints.allow_consumer_gpus", bool, True),
    Field("constraints.target_output_tokens_per_s", float, None, 0.0, 1e10, True, "tokens/s"),
    Field("constraints.years", float, _COST.years, 0.0, 50.0, True, "years", "TCO period"),
    Field("constraints.utilization", float, _COST.utilization, 0.0, 1.0, True,
          help="share of hours an owned cluster is busy"),
    Field("constraints.site.rack_kw", float, _SITE.rack_kw, 0.0, 2000.0, True, "kW"),
    Field("constraints.site.rack_units", int, _SITE.rack_units, 4, 60, unit="U"),
    Field("constraints.site.reserved_units", int, _SITE.reserved_units, 0, 20, unit="U",
          help="management switch and cable management"),
    Field("constraints.site.rack_max_kg", float, _SITE.rack_max_kg, 0.0, 10000.0, True, "kg"),
    Field("constraints.site.cooling", str, _SITE.cooling.value, choices=_choices(Cooling)),
    Field("constraints.site.cooling_kw_per_rack", float, None, 0.0, 2000.0, True, "kW",
          "heat the site's cooling removes from one rack; default by cooling: "
          + ", ".join(f"{tier.value} {limit:g}" for tier, limit in COOLING_LIMIT_KW.items())
          + " kW (an air-cooled server on a liquid site is held to the air figure: its heat goes to the room)"),
    Field("constraints.site.coolant_delta_t_c", float, _SITE.coolant_delta_t_c, 1.0, 40.0, unit="°C",
          help="supply-to-return rise of the liquid loop, for the coolant flow of liquid-cooled racks"),
    Field("constraints.site.airflow_delta_t_c", float, _SITE.airflow_delta_t_c, 1.0, 40.0, unit="°C",
          help="server inlet-to-outlet temperature rise"),
    Field("constraints.site.rack_width_mm", float, _SITE.rack_footprint_m[0] * 1000, 400.0, 1200.0, unit="mm",
          help="rack footprint, for the floor loading"),
    Field("constraints.site.rack_depth_mm", float, _SITE.rack_footprint_m[1] * 1000, 600.0, 1600.0, unit="mm",
          help="rack footprint, for the floor loading"),
    Field("constraints.site.rack_empty_kg", float, None, 0.0, 2000.0, unit="kg",
          help="the empty rack with its PDUs and cable management, for the floor loading (not counted until given)"),
    Field("constraints.site.floor_kg_m2", float, None, 0.0, 100000.0, True, "kg/m²",
          help="the floor's rated load; a plan whose loaded rack exceeds it, or cannot be shown not to, is a near "
               "miss"),
    Field("constraints.site.china_cabinet_amps", float, None, choices=CHINA_IDC_CABINET_AMPS,
          help="a Chinese IDC cabinet sold by current at 220 V"),
    Field("constraints.site.electricity_price", float, None, 0.0, 100.0, unit="currency/kWh"),
    Field("constraints.site.pue", float, PowerAssumptions.pue, 1.0, 3.0),
    Field("constraints.site.colocation_per_kw_month", float, None, 0.0, 1e6, unit="currency"),
    Field("constraints.site.colocation_per_rack_month", float, None, 0.0, 1e7, unit="currency"),
    Field("constraints.site.supply.voltage", float, _SUPPLY.voltage, 90.0, 1000.0, unit="V",
          help="line-to-line for three-phase"),
    Field("constraints.site.supply.phase", int, _SUPPLY.phase, choices=(1, 3)),
    Field("constraints.site.supply.amps", float, _SUPPLY.amps, 1.0, 1000.0, unit="A"),
    Field("constraints.site.supply.derating", float, _SUPPLY.derating, 0.1, 1.0, help="continuous-load limit"),
    Field("constraints.site.supply.line_to_line", bool, _SUPPLY.line_to_line),
    Field("constraints.site.supply.power_factor", float, _SUPPLY.power_factor, 0.5, 1.0,
          help="of the server supplies (80 PLUS Titanium: at least 0.95): currents, circuit capacity and breaker "
               "checks all use it"),
    *(Field(f"assumptions.{f.name}", {"bool": bool, "int": int}.get(str(f.type), float), f.default,
            *(_ASSUMPTION_RANGES[f.name][:2] if f.type != "bool" else (None, None)),
            unit=_ASSUMPTION_RANGES.get(f.name, (0, 0, ""))[2], help=_ASSUMPTION_HELP.get(f.name, ""))
      for f in fields(Assumptions)),
)
BY_PATH: dict[str, Field] = {f.path: f for f in FIELDS}


def field(path: str) -> Field:
    return BY_PATH[path]


def _values(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, object]]:
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping) and path != "model":
            yield from _values(value, f"{path}.")
        else:
            yield path, value


def _shown(value: object) -> str:
    """A value as an error line may echo it: short, whatever its size."""
    text = repr(value)
    return text if len(text) <= 24 else text[:20] + "…"


def check_values(data: Mapping[str, Any]) -> None:
    """Range and choice checks for every field in the table that `data` holds (types are checked by the parser;
    a value of the wrong type is left to it). Raises InputError naming the first bad field."""
    for path, value in _values(data):
        spec = BY_PATH.get(path)
        if spec is None or isinstance(value, bool) or spec.kind is bool:
            continue
        if spec.choices:
            if isinstance(value, int | float | str) and value in spec.choices:
                continue
            if isinstance(value, int | float | str):
                raise InputError(path, "must be one of {allowed}, got {value}", allowed=spec.range_text(),
                                 value=_shown(value))
            continue
        if not isinstance(value, int | float):
            continue
        if isinstance(value, float) and not math.isfinite(value):
            raise InputError(path, "must be a finite number")
        low, high = spec.minimum, spec.maximum
        if (low is not None and (value < low or (spec.above_minimum and value == low))) or \
                (high is not None and value > high):
            raise InputError(path, "must be {range}{unit}, got {value}", range=spec.range_text(),
                             unit=f" {spec.unit}" if spec.unit else "", value=_shown(value))


_JSON_TYPES = {int: "integer", float: "number", str: "string", bool: "boolean"}
_DEFAULT_WORDS = {None: "none", SEARCHED: "searched"}


def _is_phrase(spec: Field) -> bool:
    """A documented default said in words ("the preset's", "per GPU class", "the best modern stack")."""
    return isinstance(spec.default, str) and spec.default != SEARCHED and (
        (not spec.choices and spec.kind is not str) or (bool(spec.choices) and spec.default not in spec.choices))


def _default_text(spec: Field) -> str:
    if _is_phrase(spec):
        return spec.default  # type: ignore[return-value]
    if spec.default is None or spec.default == SEARCHED:
        return _DEFAULT_WORDS[spec.default]  # type: ignore[index]
    if isinstance(spec.default, bool):
        return "true" if spec.default else "false"
    if isinstance(spec.default, str):
        return f"`{spec.default}`"
    return _number(spec.default)  # type: ignore[arg-type]


def markdown_table() -> str:
    """The README's scenario table (scripts/scenario_docs.py writes it; a test keeps it current)."""
    lines = ["| key | type | default | allowed | unit | meaning |", "|---|---|---|---|---|---|"]
    for spec in FIELDS:
        allowed = spec.range_text().replace("|", "\\|")
        lines.append(f"| `{spec.path}` | {_JSON_TYPES[spec.kind]} | {_default_text(spec)} | {allowed} | "
                     f"{spec.unit} | {spec.help} |")
    return "\n".join(lines)


JsonSchema = dict[str, Any]  # a JSON Schema document (draft 2020-12), shipped as a file
MODEL_SCHEMA: JsonSchema = {
    "description": "a catalog preset ({\"preset\": \"llama-2-70b\"}), optionally with overrides, or an architecture",
    "type": "object", "additionalProperties": False,
    "properties": {
        "preset": {"type": "string"}, "name": {"type": "string"},
        **{key: {"type": "integer", "minimum": 1} for key in
           ("layers", "hidden", "heads", "kv_heads", "ffn_hidden", "vocab", "experts", "experts_per_token")},
        "gated_mlp": {"type": "boolean"}, "tied_embeddings": {"type": "boolean"},
        "params": {"type": "number", "exclusiveMinimum": 0},
        **{key: {"type": "integer", "minimum": 0 if key in ARCH_COUNTS else 1,
                 "description": help_text} for key, help_text in ARCH_FIELDS.items()},
    },
}


def scenario_schema() -> JsonSchema:
    """A JSON Schema (2020-12) of the scenario file, for users and editors (resources/scenario.schema.json)."""
    root: dict[str, Any] = {"$schema": "https://json-schema.org/draft/2020-12/schema",
                            "title": "GPU Planner scenario", "type": "object", "additionalProperties": False,
                            "required": ["model"], "properties": {"model": MODEL_SCHEMA}}
    for spec in FIELDS:
        node = root
        for part in spec.path.split(".")[:-1]:
            node = node["properties"].setdefault(part, {"type": "object", "additionalProperties": False,
                                                        "properties": {}})
        prop: dict[str, Any] = {"type": _JSON_TYPES[spec.kind]}
        if spec.choices:
            prop["enum"] = list(spec.choices)
        else:
            if spec.minimum is not None:
                prop["exclusiveMinimum" if spec.above_minimum else "minimum"] = spec.minimum
            if spec.maximum is not None:
                prop["maximum"] = spec.maximum
        if (spec.default not in (None, SEARCHED) and isinstance(spec.default, int | float | bool)) or \
                (isinstance(spec.default, str) and spec.kind is str and not _is_phrase(spec)):
            prop["default"] = spec.default
        description = ", ".join(part for part in (spec.help, spec.unit and f"in {spec.unit}") if part)
        if description:
            prop["description"] = description
        node["properties"][spec.key] = prop
    return root
