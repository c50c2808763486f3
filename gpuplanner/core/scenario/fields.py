"""The scenario's fields, declared once: each section of the scenario file is a typed record whose attributes carry
their default, range or choices, unit and help.

The field table (FIELDS), the parser (core.scenario.scenario reads every section through `read_section`), File → New
(`document_defaults`), the README's scenario table and the shipped JSON Schema (scripts/scenario_docs.py) and the
wizard's ranges all come from these records; a path declared twice raises at import. Ranges are what is physically
or practically meaningful: beyond them a value is a typo or an attack (a 400-digit count, a 5e-324 V supply),
refused naming the field instead of dividing by it.
"""

from __future__ import annotations

import builtins
import dataclasses
import enum
import functools
import math
import operator
import sys
import types
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, get_type_hints

from gpuplanner.core.base.choices import RlAlgorithm, RlPlacement, Task
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.records import record
from gpuplanner.core.cost.cost import USD_TO_CNY_DATE, CostAssumptions
from gpuplanner.core.hardware.hardware import Precision
from gpuplanner.core.models.adapters import LORA_TARGETS, MAX_LORA_DROPOUT, AdapterSpec
from gpuplanner.core.models.model import ARCH_COUNTS, ARCH_FIELDS
from gpuplanner.core.scenario.stack import Stack
from gpuplanner.core.serving.engines import ENGINE_NAMES, ROLLOUT_ENGINE_NAMES, KvAdmission
from gpuplanner.core.serving.inference import KV_MEMORY_FRACTION_RANGE, ServingWorkload, WeightFormat
from gpuplanner.core.serving.lengths import OutputLengths
from gpuplanner.core.site.availability import REGIONS
from gpuplanner.core.site.site import (
    CHINA_IDC_CABINET_AMPS,
    COOLING_LIMIT_KW,
    RACK_FOOTPRINT_M,
    Cooling,
    PowerAssumptions,
    PowerSupply,
    SiteLimits,
)
from gpuplanner.core.site.storage import CHECKPOINT_SHARE, CHECKPOINTS_KEPT, CheckpointFormat
from gpuplanner.core.training.workload import Assumptions, Optimizer, Recompute, TrainingWorkload, WeightDtype

SEARCHED = "searched"  # the documented default of a knob the layout search chooses
# The scenario file's JSON object as the user wrote it (an input document, validated by
# core.scenario.scenario.parse_scenario): the one thing besides the exporter's output that travels as plain JSON data.
ScenarioDocument = dict[str, Any]
JsonSchema = dict[str, Any]  # a JSON Schema document (draft 2020-12), shipped as a file


def setting(default: Any = None, minimum: float | None = None, maximum: float | None = None,
            above_minimum: bool = False, unit: str = "", help: str = "", *,
            choices: tuple[object, ...] = (), said: str = "", ranking_only: bool = False) -> Any:
    """One field of a section record: its default (None: not given), range or choices, unit and help; `said` is
    the documented default in words where the planner works it out (the layout search, the preset, the catalog);
    `ranking_only`: it only chooses, ranks, prices or sites plans, and no estimate reads it."""
    return dataclasses.field(default=default, metadata={"field": {
        "minimum": minimum, "maximum": maximum, "above_minimum": above_minimum, "unit": unit, "help": help,
        "choices": choices, "said": said, "ranking_only": ranking_only}})


@record
class Field:
    path: str
    kind: type  # as the JSON file holds it: int, float, str, bool
    default: object = None  # the typed default (an Enum member for a choice read into one); None: not given
    minimum: float | None = None
    maximum: float | None = None
    above_minimum: bool = False  # the minimum itself is excluded (a strictly positive quantity)
    unit: str = ""
    help: str = ""
    choices: tuple[object, ...] = ()
    said: str = ""  # the documented default in words, where the planner works it out
    enum: type[enum.Enum] | None = None  # the Enum a choice is read into
    ranking_only: bool = False  # it only chooses, ranks, prices or sites plans: no estimate reads it

    @property
    def section(self) -> str:
        return self.path.rpartition(".")[0]

    @property
    def key(self) -> str:
        return self.path.rpartition(".")[2]

    @property
    def file_default(self) -> object:
        """The default as the scenario file writes it (an Enum as its word); None where the planner works it out."""
        if self.said or self.default is None:
            return None
        return _word(self.default) if isinstance(self.default, enum.Enum) else self.default

    def default_number(self) -> float:
        """The default of a number field that has one."""
        if isinstance(self.default, bool) or not isinstance(self.default, int | float):
            raise TypeError(f"{self.path}: the default {self.default!r} is not a number")
        return float(self.default)

    def range_text(self) -> str:
        if self.choices:
            return " | ".join(str(c) for c in self.choices)
        if self.minimum is None and self.maximum is None:
            return ""
        low = "" if self.minimum is None else f"{'>' if self.above_minimum else '≥'} {_number(self.minimum)}"
        high = "" if self.maximum is None else f"≤ {_number(self.maximum)}"
        return ", ".join(part for part in (low, high) if part)

    def read(self, value: object) -> Any:
        """The value a scenario file gives, checked for type, range or choice, as the record holds it."""
        value = _check_type(self.path, value, self.kind)
        if self.choices:
            if value not in self.choices:
                raise InputError(self.path, "must be one of {allowed}, got {value}", allowed=self.range_text(),
                                 value=_shown(value))
            return value if self.enum is None else _members(self.enum)[str(value)]  # a choice is its word
        if isinstance(value, float) and not math.isfinite(value):
            raise InputError(self.path, "must be a finite number")
        if isinstance(value, int | float) and not isinstance(value, bool):
            low, high = self.minimum, self.maximum
            if (low is not None and (value < low or (self.above_minimum and value == low))) or \
                    (high is not None and value > high):
                raise InputError(self.path, "must be {range}{unit}, got {value}", range=self.range_text(),
                                 unit=f" {self.unit}" if self.unit else "", value=_shown(value))
        return value


# What a wrong JSON type is told, per expected Python type (templates: translated in the app).
TYPE_MESSAGES: dict[type, str] = {
    int: "must be a whole number, got {kind} {value}", float: "must be a number, got {kind} {value}",
    str: "must be text, got {kind} {value}", bool: "must be true or false, got {kind} {value}",
    dict: "must be an object, got {kind} {value}"}


def _check_type(path: str, value: object, expected: type) -> object:
    if expected is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif expected is int:
        ok = (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, float) and value.is_integer())
        if ok and isinstance(value, float):
            value = int(value)
    else:
        ok = isinstance(value, expected)
    if not ok:
        raise InputError(path, TYPE_MESSAGES[expected], kind=type(value).__name__, value=repr(value)[:80])
    return value


def _number(value: float) -> str:
    """Exact for whole numbers people type (16,777,216); powers of ten for the huge ones (1e16)."""
    if float(value).is_integer() and abs(value) < 1e12:
        return f"{int(value):,}"
    if value and (abs(value) >= 1e12 or abs(value) < 1e-3):
        return f"{value:.3g}".replace("e+0", "e").replace("e+", "e").replace("e-0", "e-")
    return f"{value:,g}"


def _shown(value: object) -> str:
    """A value as an error line may echo it: short, whatever its size."""
    text = repr(value)
    return text if len(text) <= 24 else text[:20] + "…"


def _word(member: enum.Enum) -> str:
    """How a scenario file names an Enum member: its value, or for a numbered one (Recompute) its name."""
    return member.value if isinstance(member.value, str) else member.name.lower()


def _members(kind: type[enum.Enum]) -> dict[str, enum.Enum]:
    return {_word(member): member for member in kind}


_SITE, _SUPPLY, _COST, _SERVING = SiteLimits(), PowerSupply(), CostAssumptions(), ServingWorkload


@record
class TrainingSettings:
    PATH: ClassVar[str] = "training"
    tokens: float = setting(TrainingWorkload.tokens, 1.0, 1e16, unit="tokens", help="tokens to train on")
    global_batch: int = setting(TrainingWorkload.global_batch, 1, 1 << 24, unit="sequences",
                                help="sequences per optimizer step")
    micro_batch: int | None = setting(None, 1, 4096, unit="sequences", help="sequences per GPU per pass",
                                      said=SEARCHED)
    optimizer: Optimizer = setting(TrainingWorkload.optimizer)
    recompute: Recompute | None = setting(said=SEARCHED, help="activation recomputation")
    recompute_layers: int | None = setting(None, 1, 1 << 20, unit="layers",
                                           help="how many layers recompute, with recompute full or selective",
                                           said="all (searched: all or half with full recompute)")
    zero: int | None = setting(None, 0, 3, help="ZeRO stage (sharding of optimizer, gradients, weights)",
                               said=SEARCHED)
    weight_dtype: WeightDtype | None = setting(
        said="the compute dtype (qlora: nf4)",
        help="how the weight matrices are stored: fp8 / fp4 parameters, or a LoRA base in fp8 / fp4 / nf4")
    lora_rank: int = setting(AdapterSpec.rank, 1, 65536, help="LoRA rank r")
    lora_targets: str = setting(AdapterSpec.targets, choices=LORA_TARGETS, help="which matrices get adapters")
    lora_dropout: float = setting(AdapterSpec.dropout, 0.0, MAX_LORA_DROPOUT,
                                  help="dropout on each adapted matrix's input (PEFT's lora_dropout): each keeps a "
                                       "dropped copy and a mask")
    paged_optimizer: bool | None = setting(said="true for qlora (its recipe), else false",
                                           help="optimizer states page to CPU memory under pressure")


@record
class InferenceSettings:
    PATH: ClassVar[str] = "inference"
    batch: int | None = setting(None, 1, 1 << 16, unit="requests", help="requests decoded together per replica",
                                said="1; with a throughput target and no concurrent_users, the most the KV cache "
                                     "holds within the latency limits")
    input_tokens: int = setting(_SERVING.input_tokens, 1, 1 << 22, unit="tokens")
    output_tokens: int = setting(_SERVING.output_tokens, 1, 1 << 22, unit="tokens")
    weight_dtype: WeightFormat = setting(_SERVING.weight_dtype)
    kv_dtype: WeightFormat = setting(_SERVING.kv_dtype)
    engine: str = setting(_SERVING.engine, choices=ENGINE_NAMES,
                          help="serving engine (vllm-0.5: vLLM before 0.6, its host work in step with the GPU); "
                               "TensorRT-LLM runs on NVIDIA GPUs only (other vendors' GPUs are planned with vLLM)")
    concurrent_users: int | None = setting(None, 1, 1 << 24, unit="users",
                                           help="size the replicas for this many users at once")
    max_ttft_s: float | None = setting(None, 0.0, 3600.0, True, "s", "time to first token limit")
    max_tpot_s: float | None = setting(None, 0.0, 60.0, True, "s", "time per output token limit")
    kv_cache_memory_fraction: float | None = setting(
        None, KV_MEMORY_FRACTION_RANGE[0], KV_MEMORY_FRACTION_RANGE[1], said="the engine's (0.90)",
        help="share of memory the engine gives the KV cache: TensorRT-LLM's free_gpu_memory_fraction (of what is "
             "free after the weights), vLLM's gpu_memory_utilization (of the GPU)")
    hours_per_day: float = setting(24.0, 0.0, 24.0, True, "h",
                                   "hours a day the service runs: a rented one is paid for those hours only, bought "
                                   "GPUs are paid for whole", ranking_only=True)
    max_running_requests: int | None = setting(
        None, 1, 1 << 20, unit="requests",
        said="the engine's (vLLM: 256, 1024 on GPUs of 70 GiB or more but A100s; SGLang: 2048; TensorRT-LLM: 2048)",
        help="the most requests the engine runs at once (vLLM's --max-num-seqs, SGLang's --max-running-requests, "
             "TensorRT-LLM's max_batch_size): a larger batch queues, in rounds")
    output_length_distribution: OutputLengths = setting(
        _SERVING.output_length_distribution,
        help="fixed: every request generates output_tokens; sharegpt: lengths about that mean spread as a ShareGPT "
             "benchmark's replies are, the batch submitted at once (an offline dataset run) lasting until its "
             "longest request ends")
    kv_admission: KvAdmission | None = setting(
        said="the engine's",
        help="whole-sequence: room for input + output reserved when a request is admitted (TensorRT-LLM's default "
             "GUARANTEED_NO_EVICT, llama.cpp's slots); in-use: room for what the sequences hold, pausing requests "
             "when it fills (TensorRT-LLM's MAX_UTILIZATION, vLLM)")
    cuda_graphs: bool | None = setting(
        said="the engine's (on for vLLM, SGLang and TensorRT-LLM)",
        help="whether decode steps replay captured CUDA graphs; false: eager, every kernel launched from Python each "
             "step (vLLM's --enforce-eager, SGLang's --disable-cuda-graph), which small models and small batches pay")


@record
class ImageSettings:
    PATH: ClassVar[str] = "images"
    # ILSVRC-2012's training set (Russakovsky et al. 2015); the ResNet-50 recipe's 90 epochs (Goyal et al. 2017).
    count: int = setting(1_281_167, 1, 1 << 40, unit="images", help="images per epoch (ImageNet-1k)")
    epochs: float = setting(90.0, 0.001, 1e6, help="passes over the images")
    batch: int = setting(1024, 1, 1 << 24, unit="images", help="images per optimizer step")
    resolution: int | None = setting(None, 16, 16384, unit="px", said="the preset's")
    gflops_per_sample: float | None = setting(None, 0.0, 1e9, True, "GFLOP", "forward FLOPs per image")
    activation_mib_per_sample: float | None = setting(None, 0.0, 1e7, True, "MiB", "16-bit activations per image")


@record
class StorageSettings:
    PATH: ClassVar[str] = "storage"
    dataset_tb: float | None = setting(None, 0.0, 1e6, True, "TB",
                                       "the training data as stored; by default the tokens trained on x bytes a "
                                       "token, or the images x bytes an image",
                                       said="from the tokens or images")
    bytes_per_token: float | None = setting(None, 0.5, 64.0, unit="bytes",
                                            help="a stored token: tokenized data keeps one integer a token; raw "
                                                 "English text is about 4 bytes a token",
                                            said="2 where the vocabulary fits uint16 (under 65,500 ids), else 4")
    bytes_per_image: float | None = setting(None, 1.0, 1e9, unit="bytes", help="a stored image",
                                            said="ImageNet's mean JPEG (115.4 KB), x (resolution / 256)² above "
                                                 "256 px")
    checkpoint_format: CheckpointFormat = setting(CheckpointFormat.FULL,
                                                  help="full: the sharded model and optimizer states, fp32 master "
                                                       "copy included (resumable); weights: the 16-bit weights only")
    checkpoints_kept: int = setting(CHECKPOINTS_KEPT, 1, 100_000, help="checkpoints kept on the shared store "
                                    "(torchtitan's keep_latest_k default)")
    checkpoint_interval_min: float | None = setting(None, 0.0, 1e6, True, "min", "minutes between checkpoints",
                                                    said="Young's interval for the interruptions expected")
    checkpoint_share: float = setting(CHECKPOINT_SHARE, 0.0, 1.0, True,
                                      help="the most of the training time checkpoint writes may take: the write "
                                           "rate the plan asks of storage")
    shared_store_gbs: float | None = setting(
        None, 0.0, 1e6, True, "GB/s",
        "the shared store's bandwidth (NAS, parallel file system): checkpoints are written there at this rate; "
        "none: a per-GPU share of Llama 3's storage (assumptions.checkpoint_write_gbs_per_gpu)")


@record
class RlSettings:
    """RL post-training (task rl): the step's rollouts, the models beside the policy, and the run. The optional
    `critic_model` and `reward_model` objects (architectures like `model`) are read by core.scenario.scenario."""

    PATH: ClassVar[str] = "rl"
    algorithm: RlAlgorithm = setting(RlAlgorithm.GRPO,
                                     help="grpo (group baseline, no critic), ppo (a critic trained beside the policy) "
                                          "or dpo (offline preference pairs, no rollout)")
    prompts_per_step: int = setting(512, 1, 1 << 22, unit="prompts",
                                    help="prompts per RL step (dpo: preference pairs per step)")
    samples_per_prompt: int | None = setting(None, 1, 4096, unit="samples",
                                             help="responses generated per prompt (GRPO's group size)",
                                             said="8 for grpo, 1 for ppo, 2 for dpo (chosen and rejected)")
    prompt_tokens: int = setting(512, 1, 1 << 20, unit="tokens", help="mean prompt length")
    response_tokens: int = setting(1024, 1, 1 << 20, unit="tokens", help="mean response length")
    max_response_tokens: int | None = setting(None, 1, 1 << 20, unit="tokens",
                                              help="the longest response: a synchronous step waits for it",
                                              said="2 x response_tokens (a long tail; set the run's limit)")
    engine: str = setting("vllm", choices=ROLLOUT_ENGINE_NAMES,
                          help="rollout engine: vllm or sglang (paged, in-flight batching), hf (Hugging Face "
                               "generate: a padded static batch, no CUDA graphs)")
    placement: RlPlacement | None = setting(said="searched: colocated, or separate with a few rollout splits",
                                            help="colocated: the engine time-shares the training GPUs; separate: "
                                                 "rollout GPUs of its own")
    rollout_gpus: int | None = setting(None, 1, 1 << 20, unit="GPUs", said="searched (separate placement)",
                                       help="GPUs of the rollout engine when placed apart from training")
    rollout_tp: int | None = setting(None, 1, 72, unit="GPUs",
                                     said="the fewest GPUs of a node that hold the weights and a batch",
                                     help="tensor-parallel GPUs of one rollout engine replica")
    gpu_memory_utilization: float | None = setting(
        None, 0.05, 0.99, said="0.5 colocated (verl's default), 0.9 separate",
        help="share of a GPU the rollout engine takes for its weights and KV cache (vLLM's gpu_memory_utilization)")
    offload: bool | None = setting(said="searched: on where it is faster or needed to fit",
                                   help="colocated: the training states go to host memory while the engine "
                                        "generates, and come back for training")
    reference_model: bool = setting(True, help="a frozen reference policy's forward pass (the KL term)")
    critic: bool | None = setting(said="true for ppo, else false", help="a critic (value model) trained too")
    updates_per_step: int = setting(1, 1, 4096, help="optimizer updates per step: the step's samples split into "
                                                     "this many mini-batches (PPO epochs x mini-batches)")
    asynchronous: bool = setting(False, help="one-step-off: the rollouts of step n+1 generate while step n trains "
                                             "(separate placement)")
    total_prompts: float | None = setting(None, 1.0, 1e12, unit="prompts", help="prompts over the whole run",
                                          said="1,000 steps' worth")


@record
class HardwareSettings:
    PATH: ClassVar[str] = "hardware"
    gpu: str = setting("h100-sxm5-80gb", help="a GPU id from `gpuplanner catalog gpus`")
    count: int | None = setting(None, 1, 1 << 20, unit="GPUs", said=SEARCHED,
                                help="smallest power of two that fits (and meets the deadline)")
    gpus_per_node: int | None = setting(
        None, 1, 72, unit="GPUs", said="the catalog server's",
        help="GPUs in one node (one NVLink domain): by default those of the server the GPU is costed in, e.g. 8 on "
             "an HGX board, 72 in a GB200 / GB300 NVL72 rack, 4 in a workstation")
    network_gbps_per_node: float | None = setting(
        None, 0.001, 1e6, unit="Gb/s", said="per GPU class",
        help="the node's inter-node bandwidth: by default, on SXM/OAM nodes, one NIC port per GPU at the figure its "
             "fabric row states (400 Gb/s for Hopper/Blackwell/MI300-class, 200 for Ampere; 200 where none is "
             "stated), else 200 per node")


@record
class ParallelismSettings:
    PATH: ClassVar[str] = "parallelism"
    tp: int | None = setting(None, 1, 1 << 20, help="tensor-parallel degree", said=SEARCHED)
    pp: int | None = setting(None, 1, 1 << 20, help="pipeline stages", said=SEARCHED)
    dp: int | None = setting(None, 1, 1 << 20, help="data-parallel degree", said=SEARCHED)
    cp: int | None = setting(None, 1, 1 << 20, said="searched from 32K tokens, else 1",
                             help="context-parallel degree: each sequence split over this many GPUs (ring attention; "
                                  "DeepSpeed-Ulysses on the deepspeed and hf-transformers stacks)")
    ep: int | None = setting(None, 1, 4096, said="searched for MoE models, else 1",
                             help="expert-parallel degree: a MoE layer's experts split over this many data-parallel "
                                  "GPUs, or over the TP x DP ranks in whole tensor-parallel groups (Megatron-Core's "
                                  "MoE parallel folding)")
    sequence_parallel: bool | None = setting(said=SEARCHED)
    virtual_stages: int | None = setting(None, 1, 1024, help="interleaved pipeline chunks per stage", said=SEARCHED)


@record
class SupplySettings:
    PATH: ClassVar[str] = "constraints.site.supply"
    voltage: float = setting(_SUPPLY.voltage, 90.0, 1000.0, unit="V", help="line-to-line for three-phase")
    phase: int = setting(_SUPPLY.phase, choices=(1, 3))
    amps: float = setting(_SUPPLY.amps, 1.0, 1000.0, unit="A")
    derating: float = setting(_SUPPLY.derating, 0.1, 1.0, help="continuous-load limit")
    line_to_line: bool = setting(_SUPPLY.line_to_line)
    power_factor: float = setting(_SUPPLY.power_factor, 0.5, 1.0,
                                  help="of the server supplies (80 PLUS Titanium: at least 0.95): currents, circuit "
                                       "capacity and breaker checks all use it")


@record
class SiteSettings:
    PATH: ClassVar[str] = "constraints.site"
    RANKING_ONLY: ClassVar[bool] = True  # the site sizes, prices and limits plans; no estimate reads it
    rack_kw: float = setting(_SITE.rack_kw, 0.0, 2000.0, True, "kW")
    rack_units: int = setting(_SITE.rack_units, 4, 60, unit="U")
    reserved_units: int = setting(_SITE.reserved_units, 0, 20, unit="U", help="management switch and cable management")
    rack_max_kg: float | None = setting(None, 0.0, 10000.0, True, "kg",
                                        help="the rack's rated load; a plan whose rack exceeds it, or whose server "
                                             "weight is unknown, is a near miss (not checked until given)")
    cooling: Cooling = setting(_SITE.cooling)
    cooling_kw_per_rack: float | None = setting(
        None, 0.0, 2000.0, True, "kW",
        "heat the site's cooling removes from one rack; default by cooling: "
        + ", ".join(f"{tier.value} {limit:g}" for tier, limit in COOLING_LIMIT_KW.items())
        + " kW (an air-cooled server on a liquid site is held to the air figure: its heat goes to the room)")
    coolant_delta_t_c: float = setting(_SITE.coolant_delta_t_c, 1.0, 40.0, unit="°C",
                                       help="supply-to-return rise of the liquid loop, for the coolant flow of "
                                            "liquid-cooled racks")
    airflow_delta_t_c: float = setting(_SITE.airflow_delta_t_c, 1.0, 40.0, unit="°C",
                                       help="server inlet-to-outlet temperature rise")
    rack_width_mm: float = setting(RACK_FOOTPRINT_M[0] * 1000, 400.0, 1200.0, unit="mm",
                                   help="rack footprint, for the floor loading")
    rack_depth_mm: float = setting(RACK_FOOTPRINT_M[1] * 1000, 600.0, 1600.0, unit="mm",
                                   help="rack footprint, for the floor loading")
    rack_empty_kg: float | None = setting(None, 0.0, 2000.0, unit="kg",
                                          help="the empty rack with its PDUs and cable management, for the floor "
                                               "loading (not counted until given)")
    floor_kg_m2: float | None = setting(None, 0.0, 100000.0, True, "kg/m²",
                                        help="the floor's rated load; a plan whose loaded rack exceeds it, or cannot "
                                             "be shown not to, is a near miss")
    china_cabinet_amps: float | None = setting(choices=CHINA_IDC_CABINET_AMPS,
                                               help="a Chinese IDC cabinet sold by current at 220 V")
    electricity_price: float | None = setting(None, 0.0, 100.0, unit="currency/kWh")
    pue: float = setting(PowerAssumptions.pue, 1.0, 3.0)
    colocation_per_kw_month: float | None = setting(None, 0.0, 1e6, unit="currency")
    colocation_per_rack_month: float | None = setting(None, 0.0, 1e7, unit="currency")
    supply: SupplySettings = dataclasses.field(default_factory=SupplySettings)


@record
class ConstraintSettings:
    PATH: ClassVar[str] = "constraints"
    # A training estimate on a given count ignores the deadline; a serving estimate reads its throughput target.
    deadline_days: float | None = setting(None, 0.0, 36500.0, True, "days",
                                          "a hard limit, like the budget, the throughput target and the site's "
                                          "limits", ranking_only=True)
    budget: float | None = setting(None, 0.0, 1e13, True, "currency", "most you will spend", ranking_only=True)
    currency: str = setting(_COST.currency, choices=("USD", "CNY"), ranking_only=True)
    usd_to_cny: float = setting(_COST.usd_to_cny, 0.0, 1000.0, True,
                                help=f"CNY per USD (default: CFETS central parity, {USD_TO_CNY_DATE}; set your own)",
                                ranking_only=True)
    deployment: str = setting("either", choices=("on-prem", "cloud", "either"), ranking_only=True)
    objective: str = setting("cheapest", choices=("cheapest", "fastest", "lowest-tco"), ranking_only=True)
    region: str = setting("global", choices=REGIONS,
                          help="only GPUs that can be bought, and clouds located, there (export rules for mainland "
                               "China); global leaves out clouds in mainland China, which rent only to accounts "
                               "verified there", ranking_only=True)
    allow_consumer_gpus: bool = setting(True, ranking_only=True)
    target_output_tokens_per_s: float | None = setting(None, 0.0, 1e10, True, "tokens/s")
    years: float = setting(_COST.years, 0.0, 50.0, True, "years", "TCO period", ranking_only=True)
    utilization: float = setting(_COST.utilization, 0.0, 1.0, True, help="share of hours an owned cluster is busy",
                                 ranking_only=True)
    site: SiteSettings = dataclasses.field(default_factory=SiteSettings)


@record
class ScenarioSettings:
    """The scenario file but its `model` (a preset or an architecture) and `assumptions` (core.training.workload)."""

    PATH: ClassVar[str] = ""
    task: Task = setting(Task.PRETRAIN, help="what is done with the model")
    seq_len: int = setting(TrainingWorkload.seq_len, 16, 1 << 22, unit="tokens", help="tokens per sequence")
    precision: Precision = setting(TrainingWorkload.precision,
                                   help="compute precision; falls back with a warning when the GPU lacks it: FP8 → "
                                        "BF16 → FP16 → FP32")
    stack: Stack | None = setting(said="the best modern stack",
                                  help="software stack: the assumptions and layouts its framework runs")
    training: TrainingSettings = dataclasses.field(default_factory=TrainingSettings)
    inference: InferenceSettings = dataclasses.field(default_factory=InferenceSettings)
    images: ImageSettings = dataclasses.field(default_factory=ImageSettings)
    storage: StorageSettings = dataclasses.field(default_factory=StorageSettings)
    rl: RlSettings = dataclasses.field(default_factory=RlSettings)
    hardware: HardwareSettings = dataclasses.field(default_factory=HardwareSettings)
    parallelism: ParallelismSettings = dataclasses.field(default_factory=ParallelismSettings)
    constraints: ConstraintSettings = dataclasses.field(default_factory=ConstraintSettings)


def _kind(hint: Any) -> tuple[type, type[enum.Enum] | None]:
    """(the JSON type, the Enum read into) of a section attribute's annotation (`X | None` as X)."""
    if isinstance(hint, types.UnionType):
        hint = next(arg for arg in hint.__args__ if arg is not type(None))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return str, hint
    return hint, None


def _is_section(hint: Any) -> bool:
    return isinstance(hint, type) and hasattr(hint, "PATH")


@functools.cache  # once per section record
def _attributes(section: type) -> Mapping[str, Any]:
    """A section record's attributes and their resolved annotations, in declaration order: a name or names joined
    by `|` looked up in the record's module (get_type_hints compiles each annotation first: 126 of them, 2 ms of
    every start, as the field table is built at import), anything else as get_type_hints resolves it."""
    namespace = vars(sys.modules[section.__module__])
    attributes = dataclasses.fields(section)
    hints = {attribute.name: _named_types(attribute.type, namespace) for attribute in attributes}
    if any(hint is None for hint in hints.values()):
        hints = get_type_hints(section)
    return {attribute.name: hints[attribute.name] for attribute in attributes}


def _named_types(annotation: object, namespace: Mapping[str, Any]) -> Any:
    """The type an annotation of names joined by `|` ("int", "float | None", "Cooling") stands for, as eval gives
    it; None for any other annotation."""
    if not isinstance(annotation, str):
        return None
    resolved: list[Any] = []
    for name in annotation.split(" | "):
        if name == "None":
            resolved.append(None)
        elif name.isidentifier() and (name in namespace or name in vars(builtins)):
            resolved.append(namespace[name] if name in namespace else vars(builtins)[name])
        else:
            return None
    return functools.reduce(operator.or_, resolved)


def _section_fields(section: type, ranking_only: bool = False) -> Iterator[Field]:
    """A section record's fields, its sub-sections' in place; every field of a RANKING_ONLY section is so."""
    hints = _attributes(section)
    prefix: str = getattr(section, "PATH", "")
    ranking_only = ranking_only or getattr(section, "RANKING_ONLY", False)
    for attribute in dataclasses.fields(section):
        hint = hints[attribute.name]
        if _is_section(hint):
            yield from _section_fields(hint, ranking_only)
            continue
        spec = dict(attribute.metadata["field"])
        kind, kind_enum = _kind(hint)
        if kind_enum is not None and not spec["choices"]:
            spec["choices"] = tuple(_members(kind_enum))
        spec["ranking_only"] = spec["ranking_only"] or ranking_only
        path = f"{prefix}.{attribute.name}" if prefix else attribute.name
        yield Field(path, kind, attribute.default, enum=kind_enum, **spec)


def ranking_only_keys(section: str) -> frozenset[str]:
    """The keys of a section (fields and sub-sections) that only choose, rank, price or site plans: no estimate
    reads any field under them."""
    flags: dict[str, list[bool]] = {}
    for spec in FIELDS:
        if spec.path.startswith(f"{section}."):
            flags.setdefault(spec.path[len(section) + 1:].split(".")[0], []).append(spec.ranking_only)
    return frozenset(key for key, each in flags.items() if all(each))


def _assumption_fields() -> Iterator[Field]:
    """The modelling constants (core.training.workload.Assumptions), each with the default, range, unit and help it is
    declared with there."""
    for item in dataclasses.fields(Assumptions):
        kind = {"bool": bool, "int": int}.get(str(item.type), float)
        yield Field(f"assumptions.{item.name}", kind, item.default, **item.metadata["assumption"])


def unique(table: tuple[Field, ...]) -> tuple[Field, ...]:
    """The table, refused (at import) where a path is declared twice."""
    seen: set[str] = set()
    for spec in table:
        if spec.path in seen:
            raise ValueError(f"scenario field {spec.path} is declared twice")
        seen.add(spec.path)
    return table


FIELDS: tuple[Field, ...] = unique((*_section_fields(ScenarioSettings), *_assumption_fields()))
BY_PATH: dict[str, Field] = {f.path: f for f in FIELDS}


def field(path: str) -> Field:
    return BY_PATH[path]


def read_section(section: type, data: object, path: str, also: tuple[str, ...] = ()) -> Any:
    """A section record from the scenario file's object at `path`: every key known, typed and in range, the rest
    at their defaults. `also`: keys the caller reads itself (the root's model and assumptions)."""
    if not isinstance(data, dict):
        raise InputError(path or "scenario", "must be an object" if path else "must be a JSON object")
    known = _attributes(section)
    values: dict[str, Any] = {}
    for key, item in data.items():
        where = f"{path}.{key}" if path else key
        if key in also:
            continue
        if key not in known:
            allowed = (*also, *known) if not path else tuple(known)
            raise InputError(where, "unknown key (allowed: {join})", join=", ".join(allowed))
        hint = known[key]
        values[key] = read_section(hint, item, where) if _is_section(hint) else BY_PATH[where].read(item)
    return section(**values)


def document_defaults(*sections: str) -> ScenarioDocument:
    """The named sections ("" the root's own keys) with what they hold, at their documented defaults, as a scenario
    file writes them; fields the planner works out (searched, the preset's, not given) are left out."""
    document: ScenarioDocument = {}
    for spec in FIELDS:
        value = spec.file_default
        top = spec.path.split(".")[0] if spec.section else ""
        if value is not None and top in sections:
            put(document, spec.path, value)
    return document


def put(document: ScenarioDocument, path: str, value: object) -> None:
    """Set a dotted path of a scenario document, making the sections on the way."""
    *sections, key = path.split(".")
    node = document
    for part in sections:
        node = node.setdefault(part, {})
    node[key] = value


_JSON_TYPES = {int: "integer", float: "number", str: "string", bool: "boolean"}


def _default_text(spec: Field) -> str:
    if spec.said:
        return spec.said
    if spec.default is None:
        return "none"
    if isinstance(spec.default, bool):
        return "true" if spec.default else "false"
    if isinstance(spec.default, str | enum.Enum):
        return f"`{spec.file_default}`"
    return _number(spec.default_number())


def markdown_table() -> str:
    """The README's scenario table (scripts/scenario_docs.py writes it; a test keeps it current)."""
    lines = ["| key | type | default | allowed | unit | meaning |", "|---|---|---|---|---|---|"]
    for spec in FIELDS:
        allowed = spec.range_text().replace("|", "\\|")
        lines.append(f"| `{spec.path}` | {_JSON_TYPES[spec.kind]} | {_default_text(spec)} | {allowed} | "
                     f"{spec.unit} | {spec.help} |")
    return "\n".join(lines)


# The model section: a catalog preset, its overrides, or an architecture (core.models.model.ModelArch).
MODEL_KEYS: dict[str, type] = {
    "preset": str, "name": str, "layers": int, "hidden": int, "heads": int, "kv_heads": int, "ffn_hidden": int,
    "vocab": int, "experts": int, "experts_per_token": int, "gated_mlp": bool, "tied_embeddings": bool,
    "params": float, **{key: int for key in ARCH_FIELDS}}
MODEL_FIELDS: dict[str, Field] = {key: Field(f"model.{key}", kind) for key, kind in MODEL_KEYS.items()}  # typed only


def _model_property(key: str, kind: type) -> JsonSchema:
    prop: JsonSchema = {"type": _JSON_TYPES[kind]}
    if kind is int:
        prop["minimum"] = 0 if key in ARCH_COUNTS else 1
    elif kind is float:
        prop["exclusiveMinimum"] = 0
    if key in ARCH_FIELDS:
        prop["description"] = ARCH_FIELDS[key]
    return prop


# A diffusion task's U-Net given by its architecture rather than a preset (core.images.unet counts it).
UNET_MODEL_PROPERTIES: JsonSchema = {"unet_config": {
    "type": "object", "description": "diffusion only: a U-Net's diffusers config.json (unet/config.json of a Stable "
                                     "Diffusion repository), instead of a preset"}}
MODEL_SCHEMA: JsonSchema = {
    "description": "a catalog preset ({\"preset\": \"llama-2-70b\"}), optionally with overrides, or an architecture",
    "type": "object", "additionalProperties": False,
    "properties": {**{key: _model_property(key, kind) for key, kind in MODEL_KEYS.items()}, **UNET_MODEL_PROPERTIES},
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
        if spec.file_default is not None:
            prop["default"] = spec.file_default
        description = ", ".join(part for part in (spec.help, spec.unit and f"in {spec.unit}") if part)
        if description:
            prop["description"] = description
        node["properties"][spec.key] = prop
    # the rl section's model objects (core.scenario.scenario.RL_MODEL_KEYS)
    for key in ("critic_model", "reward_model"):
        root["properties"]["rl"]["properties"][key] = {**MODEL_SCHEMA, "description": f"rl: {key.replace('_', ' ')} "
                                                       "where it is not the policy's architecture" if key ==
                                                       "critic_model" else "rl: a learned reward model (none: a rule "
                                                       "or verifier, no forward pass)"}
    return root
