"""Published run -> scenario: each run of resources/reference/published-runs.json carries `replay` blocks in the
form of a user's runs file (`gpuplanner calibrate`): the scenario exactly as estimate takes it, and the figure it is
judged on as {dotted path of estimate's JSON: value}. A figure published in another unit is stored as printed with
the named conversion below (`converted`), so "where does 0.62 s come from" is answered by the run itself.

Each block belongs to a case set (training, inference, memory, ...: what a table of benchmarks/validate.py or a fit
of calibration/refit.py replays) at an order within it. Like is compared with like: Megatron-2021 TFLOP/s count the
recompute forward (their eq. 3), so they turn back into step time with that same formula; Llama 3 MFU is model FLOPs
(PaLM), turned into tokens/s with our (identical) convention; GPU-hour totals include failures and restarts, so they
are upper bounds."""

from __future__ import annotations

import copy
import json
import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import Calibration
from gpuplanner.calibration.runs import MeasuredRun
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.estimates.estimate import estimate
from gpuplanner.core.models.model import ModelArch
from gpuplanner.core.results.results import Estimate
from gpuplanner.core.scenario.scenario import Scenario
from gpuplanner.paths import resource_path
from gpuplanner.service import scenario_from_data


@cache
def _runs_text() -> str:
    return resource_path("reference", "published-runs.json").read_text(encoding="utf-8")


# A run of published-runs.json as its JSON holds it: reference data read by its keys, not a result.
PublishedRun = dict[str, Any]


def published_runs() -> dict[str, PublishedRun]:
    """The published runs by id (a fresh copy: callers may change theirs)."""
    return {run["id"]: run for run in json.loads(_runs_text())}


@cache
def _run_sources() -> dict[str, tuple[str, Any]]:
    """{run id: (its source's title, its source's date)}, read once: a runs file of every published case asks for
    one per case, and each would otherwise parse the whole reference file (0.9 MB) again."""
    return {run_id: (run["source"]["title"], run["source"].get("date")) for run_id, run in published_runs().items()}


def megatron_step_time_s(batch: int, seq: int, layers: int, hidden: int, vocab: int, gpus: int,
                         tflops_per_gpu: float) -> float:
    """Invert Narayanan et al. 2021 eq. 3: F = 96 B s l h^2 (1 + s/6h + V/16lh), step = F / (n X)."""
    flops = 96.0 * batch * seq * layers * hidden**2 * (1 + seq / (6 * hidden) + vocab / (16 * layers * hidden))
    return flops / (gpus * tflops_per_gpu * 1e12)


def megatron_core_flops_per_token(layers: int, hidden: int, vocab: int, seq: int) -> float:
    """Model FLOPs a token that Megatron-Core counts for a GPT of multi-head attention and a 4h GeLU MLP
    (megatron/training/training.py num_floating_point_operations, 2024): 12 l h^2 (6 + s/h + V/2lh), attention
    non-causal, no recompute."""
    return 12.0 * layers * hidden**2 * (6.0 + seq / hidden + vocab / (2.0 * layers * hidden))


def palm_tokens_per_s(model: ModelArch, seq: int, tflops_per_gpu: float) -> float:
    """Tokens/s per GPU from model TFLOP/s in the PaLM convention (Chowdhery et al. 2022, App. B: 6N + 12 l s h a
    token, no recompute), which the planner's training FLOPs a token follow."""
    return tflops_per_gpu * 1e12 / model.training_flops_per_token(seq)


def mlperf_steady_state_tokens_per_s_per_gpu(steady: Mapping[str, Any], gpus: int) -> float:
    """Throughput between evaluations, from the block_start/block_stop timings an MLPerf log records (a
    time-to-train figure includes evaluation and start-up, which a step-time model does not predict)."""
    seconds = statistics.mean(steady["block_times_s"])
    return float(steady["block_tokens"] / seconds / gpus)


def _gpus(scenario: Scenario) -> int:
    if scenario.gpu_count is None:
        raise ValueError("a converted figure needs the run's GPU count in its scenario")
    return scenario.gpu_count


def _eq3(scenario: Scenario, _run: Mapping[str, Any], reported: float) -> float:
    model = scenario.transformer
    assert scenario.training is not None
    return megatron_step_time_s(scenario.training.global_batch, scenario.seq_len, model.layers, model.hidden,
                                model.vocab, _gpus(scenario), reported)


def _megatron_core(scenario: Scenario, _run: Mapping[str, Any], reported: float) -> float:
    model = scenario.transformer
    return reported * 1e12 / megatron_core_flops_per_token(model.layers, model.hidden, model.vocab, scenario.seq_len)


# How a figure printed in another unit becomes the one estimate gives: (the block's scenario as estimate reads it, its
# run, the printed figure) -> the figure judged.
CONVERSIONS: dict[str, Callable[[Scenario, Mapping[str, Any], Any], float]] = {
    "megatron_2021_eq3": _eq3,  # TFLOP/s per GPU counting the recompute forward -> step time
    "megatron_core_model_flops": _megatron_core,  # Megatron-Core's model TFLOP/s per GPU -> tokens/s per GPU
    "palm_model_flops": lambda scenario, _run, reported: palm_tokens_per_s(scenario.transformer, scenario.seq_len,
                                                                           reported),
    "mlperf_steady_state": lambda scenario, run, _reported: mlperf_steady_state_tokens_per_s_per_gpu(
        run["results"]["steady_state"], _gpus(scenario)),
}


@dataclass(frozen=True)
class Case:
    run_id: str
    label: str
    scenario: dict[str, Any]
    metric: str  # a key of the estimate's block: step_time_s, tokens_per_s_per_gpu, gpu_hours
    published: float
    derivation: str = ""
    tier: str = "A"
    in_median: bool = True
    block: str = "training"  # which block of the estimate holds the metric ("root": the top level)
    # A benchmark that serves this many identical requests queued at once, on one replica: they run in waves of the
    # scenario's batch (all of a wave finish together), the last one part full; output tokens/s over the whole run.
    requests: int | None = None
    # Judged out of sample like any case, but no constant is fitted on it: the runs kept as a held-out set, judged on
    # a model that never saw them (benchmarks/unseen_runs.py), until the mechanisms they show are priced.
    fitted: bool = True

    @property
    def path(self) -> str:
        """The dotted path of the figure in estimate's JSON (a user's runs file names it so)."""
        return self.metric if self.block == "root" else f"{self.block}.{self.metric}"


@dataclass
class CaseResult:
    case: Case
    predicted: float
    result: Estimate = field(repr=False)

    @property
    def error_pct(self) -> float:
        return (self.predicted / self.case.published - 1.0) * 100.0


def as_measured_run(case: Case) -> MeasuredRun:
    """A published case as a user's measured run (`gpuplanner calibrate`): its scenario, its figure, its source and
    the source's date (a month or a year alone: its first day; 2000-01-01 where the run has none)."""
    title, date = _run_sources()[case.run_id]
    day = (date[:10] + "-01-01"[len(date[:10]) - 4:]) if isinstance(date, str) else "2000-01-01"
    return MeasuredRun(case.scenario, {case.path: case.published}, title, day, f"{case.run_id}: {case.label}")


def _case(run: Mapping[str, Any], block: Mapping[str, Any], catalog: Catalog) -> Case:
    if "converted" in block:
        converted = block["converted"]
        path = converted["path"]
        value = CONVERSIONS[converted["conversion"]](scenario_from_data(block["scenario"], catalog), run,
                                                     converted.get("reported"))
    else:
        (path, value), = block["measured"].items()
    where, _, metric = path.rpartition(".")
    if block.get("requests") is not None and path != "inference.output_tokens_per_s":
        # Waves of requests give output tokens/s over the run (predicted_value); any other figure is one estimate's.
        raise ValueError(f"{run['id']}: {block['label']}: 'requests' replays inference.output_tokens_per_s over "
                         f"waves, not {path}: leave it out")
    return Case(run["id"], block["label"], block["scenario"], metric, value, block.get("derivation", ""),
                block.get("tier", "A"), block.get("in_median", True), where or "root", block.get("requests"),
                block.get("fitted", True))


# Runs measured by their vendor that published-runs.json does not hold, cited per run, replayed the same way.
OTHER_RUNS = ("vision-runs.json",)


@cache
def _cases(name: str) -> tuple[Case, ...]:
    runs = json.loads(_runs_text())
    for other in OTHER_RUNS:
        runs += json.loads(resource_path("reference", other).read_text(encoding="utf-8"))
    blocks = [(block["order"], run, block) for run in runs for block in run.get("replay", ()) if block["set"] == name]
    if not blocks:
        raise KeyError(f"no published run has a replay block of the set {name!r}")
    catalog = Catalog(overrides_path=None)  # the shipped catalog: published runs replay on it, never on a user's
    return tuple(_case(run, block, catalog) for _, run, block in sorted(blocks, key=lambda item: item[0]))


def cases(name: str) -> list[Case]:
    """The cases of one set, in their order (fresh scenarios: a caller may change its own)."""
    return [replace(case, scenario=copy.deepcopy(case.scenario)) for case in _cases(name)]


def training_cases() -> list[Case]:
    """Every training throughput case of published-runs.json the model covers."""
    return cases("training")


def gpu_hour_cases() -> list[Case]:
    """Whole-run GPU-hour totals. They include failures, restarts and extra stages, so a good estimate at
    typical efficiency comes in under them: these are upper bounds, reported beside the estimate."""
    return cases("gpu_hour")


def small_model_gpu_hour_cases() -> list[Case]:
    """Whole runs of 1-3B models on tens to hundreds of A100 / H100, judged apart from the large ones: SmolLM2-1.7B
    and SmolLM3-3B (Hugging Face, nanotron), TinyLlama-1.1B (its README's hours for 300B tokens at its measured
    rate), Pythia-1B (64 A100, the paper's hours through TinyLlama's table, the layout its config states) and
    MPT-1.3B (440 A100, 'about half a day'). Where a layout or batch is not published the planner's own is
    replayed; MPT-1.3B's batch is MPT-7B's on the same 440 GPUs (1,760 sequences, assumed)."""
    return cases("small_model_gpu_hour")


def fsdp_scale_out_cases(striped: bool = False) -> list[Case]:
    """MosaicML's rows of one model at 2,048 tokens on several GPU counts (FSDP FULL_SHARD), each with its own
    micro-batch, accumulation and checkpointing: H100 80GB (network not stated: 1600 Gbps, as for the source's other
    rows) and A100 40GB (1600 Gbps RoCE, as its table states). `striped`: with assumptions.node_striped_collectives."""
    out = cases("fsdp_scale_out")
    for case in out:
        case.scenario["assumptions"]["node_striped_collectives"] = striped
    return out


def inference_cases() -> list[Case]:
    """Serving cases: TensorRT-LLM tables (2023, v0.9.0, 1.0), llama.cpp single-stream, MLPerf Inference v4.0 and
    v4.1 offline, vLLM and SGLang."""
    return cases("inference")


def gpt_fast_moe_pairs() -> list[tuple[Case, Case]]:
    """gpt-fast's batch-1 decode of Mixtral 8x7B and of Llama-2-70B on the same power-limited A100 80GB machine at
    TP 2, 4 and 8 (5-token prompt, 200 tokens assumed out, torch.compile: the vLLM profile stands in as for the Llama
    table): pairs (MoE, dense) of the same TP, judged as the ratio of their rates, the power limit cancelling."""
    pairs = cases("gpt_fast_moe")
    return list(zip(pairs[0::2], pairs[1::2], strict=True))


def memory_cases() -> list[Case]:
    """Weight sizes against published files, in GiB per GPU (llama.cpp GGUF files: weights + scales); reserved
    training memory of published runs (printed only)."""
    return cases("memory")


def finetune_memory_cases() -> list[Case]:
    """Peak allocated memory of LitGPT's LoRA / QLoRA fine-tuning on one A100 40GB (its resource tables): each row at
    the longest training example, 1,304 tokens, as the script runs it first; GB (1e9 bytes) turned into GiB. The
    bnb.nf4-dq rows are QLoRA as the planner models it (double-quantized constants); the bnb.nf4 rows (fp32
    constants) are not replayed."""
    return cases("finetune_memory")


def hf_full_finetune_memory_cases() -> list[Case]:
    """Memory in use of a full fine-tune under Hugging Face Transformers with fp32 weights and Adam (usamec/
    lowmem_finetuning): the stack that keeps 16 bytes a parameter and ~10 bytes a token per vocabulary entry at the
    loss, judged on the planner's total with the hf-transformers stack (tier C: one run, GPU not stated)."""
    return cases("hf_full_finetune_memory")


def torchtune_flag_cases() -> list[Case]:
    """Pure-bf16 full fine-tuning of Llama 3.2 3B on one A100 (torchtune's README table): peak active memory and
    tokens/s of eager PyTorch, then with torch.compile (the planner's fused kernels), a chunked loss and
    checkpointing added in turn (tier C: settings partly inferred; packs attend within their documents)."""
    return cases("torchtune_flag")


def finetune_cases() -> list[Case]:
    """LoRA time-to-train (MLPerf Training v4.0) and LoRA memory (Hu et al. 2021)."""
    return cases("finetune")


def energy_cases() -> list[Case]:
    """Energy per run: MLPerf's metered AC energy (against our expected draw), and the GPU-hours x TDP figures
    Llama and BLOOM publish (against the same accounting of our estimate)."""
    return cases("energy")


def diffusion_cases() -> list[Case]:
    """MLPerf Training v3.1's stable_diffusion runs (published-runs.json, mlperf-t31-sd2-*): the SD 2 base U-Net at
    512 px on H100. Dell's 8-GPU run fitted the U-Net efficiency (in-sample); runs below the per-GPU batches the
    efficiency covers are printed but left out of the median."""
    return cases("diffusion")


def vision_cases() -> list[Case]:
    """Image-model training throughput measured by NVIDIA (resources/reference/vision-runs.json, not in
    published-runs.json; cited per run). The A100 single-GPU rows were used to fit the activation-traffic factor
    (in-sample); the others are checks."""
    return cases("vision")


@dataclass(frozen=True)
class Prepared:
    """A case's scenarios, parsed once: the scenario itself, and for a finite benchmark run its waves (a scenario
    each, with how many times it runs)."""
    case: Case
    scenario: Scenario
    waves: tuple[tuple[Scenario, int], ...] = ()


def prepare(case: Case, catalog: Catalog) -> Prepared:
    scenario = scenario_from_data(case.scenario, catalog)
    # Requests whose lengths spread (inference.output_length_distribution) do not finish in waves: the estimate
    # prices the set submitted at once itself (core.serving.inference.dataset_run).
    spread = case.scenario.get("inference", {}).get("output_length_distribution", "fixed") != "fixed"
    if case.requests is None or spread:
        return Prepared(case, scenario)
    batch = case.scenario["inference"]["batch"]
    full, rest = divmod(case.requests, batch)
    waves = tuple((_wave_scenario(case, catalog, size), count) for size, count in ((batch, full), (rest, 1)) if count
                  and size)
    return Prepared(case, scenario, waves)


def _wave_scenario(case: Case, catalog: Catalog, batch: int) -> Scenario:
    """One wave of `batch` identical requests: their prompts, then their output tokens together (static batch)."""
    data = copy.deepcopy(case.scenario)
    data["inference"]["batch"] = batch
    data.setdefault("assumptions", {})["static_batching"] = True
    return scenario_from_data(data, catalog)


def predicted_value(prepared: Prepared, result: Estimate | None = None,
                    calibration: Calibration = PUBLISHED) -> float:
    """The case's metric as the model predicts it under `calibration`; a finite run: output tokens/s over its
    waves, each wave's time its batch x output tokens over its throughput (all of a wave's requests finish
    together)."""
    case = prepared.case
    if prepared.waves:
        assert case.requests is not None
        seconds = 0.0
        for scenario, count in prepared.waves:
            serving = estimate(scenario, alternatives=False, calibration=calibration).inference
            assert serving is not None and serving.replicas == 1 and scenario.inference is not None
            seconds += count * (scenario.inference.batch or 1) * scenario.inference.output_tokens \
                / serving.output_tokens_per_s
        return float(case.requests * case.scenario["inference"]["output_tokens"] / seconds)
    result = result or estimate(prepared.scenario, alternatives=False, calibration=calibration)
    block = result if case.block == "root" else getattr(result, case.block)
    return float(getattr(block, case.metric))


def run_case(case: Case, catalog: Catalog) -> CaseResult:
    prepared = prepare(case, catalog)
    result = estimate(prepared.scenario)
    return CaseResult(case, predicted_value(prepared, result), result)


def run_cases(cases: list[Case], catalog: Catalog,
              runner: Callable[[Case, Catalog], CaseResult] = run_case) -> list[CaseResult]:
    return [runner(case, catalog) for case in cases]


def median_abs_error(results: list[CaseResult]) -> float:
    return statistics.median(abs(r.error_pct) for r in results if r.case.in_median)


def format_table(results: list[CaseResult]) -> str:
    lines = [f"{'case':<46} {'tier':<4} {'metric':<21} {'published':>11} {'predicted':>11} {'error':>8}"]
    for r in results:
        mark = "" if r.case.in_median else " *"
        lines.append(f"{r.case.label:<46} {r.case.tier:<4} {r.case.metric:<21} {r.case.published:>11.4g} "
                     f"{r.predicted:>11.4g} {r.error_pct:>+7.1f}%{mark}")
    counted = [r for r in results if r.case.in_median]
    if counted:
        lines.append(f"median |error| over {len(counted)} cases: {median_abs_error(results):.1f}%  "
                     "(* = printed, not in the median)")
    return "\n".join(lines)


SCALE_OUT_TITLE = ("FSDP across nodes: throughput per GPU over the same model's on its fewest GPUs (MosaicML, H100 "
                   "80GB and A100 40GB, BF16, 2,048 tokens)")


@dataclass(frozen=True)
class ScaleOutRow:
    """One row of a series against the series' first (fewest GPUs): throughput per GPU over the first's."""
    label: str
    published_ratio: float
    predicted_ratio: float

    @property
    def error_pct(self) -> float:
        return (self.predicted_ratio / self.published_ratio - 1.0) * 100.0


def scale_out_rows(results: list[CaseResult]) -> list[ScaleOutRow]:
    """Each result after the first of its model and GPU, as a ratio to that first one (a label reads 'model, count
    GPU')."""
    rows: list[ScaleOutRow] = []
    first: dict[tuple[str, str], CaseResult] = {}
    for result in results:
        model_name, count_gpu = result.case.label.split(", ")
        model = (model_name, count_gpu.split(" ", 1)[1])
        if model not in first:
            first[model] = result
            continue
        base = first[model]
        rows.append(ScaleOutRow(f"{result.case.label} / {base.case.label.split(', ')[1].split(' ')[0]}",
                                result.case.published / base.case.published, result.predicted / base.predicted))
    return rows


def format_scale_out(rows: list[ScaleOutRow]) -> str:
    lines = [f"{'case':<36} {'published':>10} {'predicted':>10} {'error':>8}"]
    lines += [f"{r.label:<36} {r.published_ratio:>10.3f} {r.predicted_ratio:>10.3f} {r.error_pct:>+7.1f}%"
              for r in rows]
    return "\n".join(lines)
