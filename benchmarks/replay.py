"""Published measured runs (resources/reference/published-runs.json) replayed through the same path as
`gpuplanner estimate`, so every estimate can be checked against reality. Test and benchmark code, not part
of the installed app (tests import it as benchmarks.replay, benchmarks/validate.py as replay).

Like is compared with like: Megatron-2021 TFLOP/s count the recompute forward (their eq. 3), so they are
turned back into step time with that same formula; Llama 3 MFU is model FLOPs (PaLM), turned into tokens/s
with our (identical) convention; GPU-hour totals include failures and restarts, so they are upper bounds.
"""

from __future__ import annotations

import copy
import json
import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import Calibration
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.estimates.estimate import estimate
from gpuplanner.core.images.unet import UNET_MIN_FITTED_MICRO_BATCH
from gpuplanner.core.results.results import Estimate
from gpuplanner.core.scenario.scenario import Scenario
from gpuplanner.paths import resource_path
from gpuplanner.service import scenario_from_data

A100 = "a100-sxm4-80gb"
# Megatron-LM as of 2021-22 is the `megatron-2021` stack profile (core/scenario/stack.py): fp32 main gradients, no
# FlashAttention, gradient all-reduce not overlapped with backward (Korthikanti et al. 2022, Sec. 6.3).
H100 = "h100-sxm5-80gb"
# The MLPerf Training v5.1 implementations replayed under the megatron-core stack (NVIDIA's NeMo llama31_8b and
# llama31_405b pretrain.py as Cisco, Dell, the University of Florida and Oracle ran it, AMD's src/train.py) and
# NeMo's Qwen3 MoE recipe set grad_reduce_in_fp32=False: their gradients are reduced in 16-bit, not in the fp32 the
# profile assumes (Megatron-LM's own default under --bf16).
BF16_GRADIENT_REDUCE: Mapping[str, float] = MappingProxyType({"gradient_bytes": 2.0})  # copied into each case
LOGGED_STEP = "median logged step time (warm-up and evaluation excluded)"  # how MLPerf step times are read
STEADY_BLOCKS = "steady state from the log's block timings (evaluation and warm-up excluded)"  # and throughputs


def published_runs() -> dict[str, dict[str, Any]]:
    runs = json.loads(resource_path("reference", "published-runs.json").read_text(encoding="utf-8"))
    return {run["id"]: run for run in runs}


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


def gpt_model(layers: int, hidden: int, heads: int, vocab: int = 51200) -> dict[str, Any]:
    """Megatron GPT: learned positions, GeLU MLP of 4h, tied input/output embeddings."""
    return {"layers": layers, "hidden": hidden, "heads": heads, "ffn_hidden": 4 * hidden, "vocab": vocab,
            "gated_mlp": False, "tied_embeddings": True}


# MPT shapes (d_model, n_heads, n_layers) from llm-foundry's scripts/train/yamls/pretrain/mpt-*.yaml.
MPT_SHAPES = {"760m": (1536, 12, 24), "1b": (2048, 16, 24), "3b": (2560, 20, 32), "7b": (4096, 32, 32),
              "13b": (5120, 40, 40), "30b": (7168, 56, 48), "70b": (8192, 64, 80)}


def mpt_model(size: str) -> dict[str, Any]:
    """An MPT model as llm-foundry's benchmark tables ran it: ALiBi, no biases, a GeLU MLP of 4 d_model, the
    GPT-NeoX vocabulary padded to 50,368, tied embeddings."""
    hidden, heads, layers = MPT_SHAPES[size]
    return {"layers": layers, "hidden": hidden, "heads": heads, "ffn_hidden": 4 * hidden, "vocab": 50368,
            "gated_mlp": False, "tied_embeddings": True}


@dataclass(frozen=True)
class Case:
    run_id: str
    label: str
    scenario: dict[str, Any]
    metric: str  # a key of the estimate's "training" block: step_time_s, tokens_per_s_per_gpu, gpu_hours
    published: float
    derivation: str = ""
    tier: str = "A"
    in_median: bool = True
    block: str = "training"  # which block of the estimate holds the metric ("root": the top level)
    # A benchmark that serves this many identical requests queued at once, on one replica: they run in waves of the
    # scenario's batch (all of a wave finish together), the last one part full; output tokens/s over the whole run.
    requests: int | None = None


@dataclass
class CaseResult:
    case: Case
    predicted: float
    result: Estimate = field(repr=False)

    @property
    def error_pct(self) -> float:
        return (self.predicted / self.case.published - 1.0) * 100.0


def _megatron(run_id: str, label: str, model: dict[str, Any], seq: int, batch: int, gpus: int, tp: int,
              pp: int, dp: int, tflops: float, **training: Any) -> Case:
    scenario = {
        "task": "pretrain", "model": model, "seq_len": seq, "precision": "fp16",
        "training": {"global_batch": batch, "recompute": "full", "zero": 0, **training},
        "hardware": {"gpu": A100, "count": gpus, "network_gbps_per_node": 1600},
        "parallelism": {"tp": tp, "pp": pp, "dp": dp},
        "stack": "megatron-2021",
    }
    step = megatron_step_time_s(batch, seq, model["layers"], model["hidden"], model["vocab"], gpus, tflops)
    return Case(run_id, label, scenario, "step_time_s", step,
                f"{tflops:g} TFLOP/s (eq. 3, incl. recompute) -> step time")


def _tokens_from_tflops(model: dict[str, Any], seq: int, tflops: float, catalog: Catalog) -> float:
    from gpuplanner.core.models.model import ModelArch

    arch = ModelArch(name="x", layers=model["layers"], hidden=model["hidden"], heads=model["heads"],
                     kv_heads=model.get("kv_heads", model["heads"]), ffn_hidden=model["ffn_hidden"],
                     vocab=model["vocab"], gated_mlp=model.get("gated_mlp", True),
                     tied_embeddings=model.get("tied_embeddings", False))
    return tflops * 1e12 / arch.training_flops_per_token(seq)


def _steady_state_tokens_per_s_per_gpu(run: dict[str, Any]) -> float:
    """Throughput between evaluations, from the block_start/block_stop timings an MLPerf log records (a
    time-to-train figure includes evaluation and start-up, which a step-time model does not predict)."""
    steady = run["results"]["steady_state"]
    seconds = statistics.mean(steady["block_times_s"])
    return steady["block_tokens"] / seconds / run["hardware"]["count"]


def mlperf_8b_scenario(precision: str, gpu: str, gpus: int, global_batch: int, micro: int, *, tp: int = 1,
                       cp: int = 1, weight_dtype: str | None = None, network: float | None = None,
                       fp8_attention: bool = False) -> dict[str, Any]:
    """An MLPerf llama31_8b pretraining run (Llama 3.1 8B, 8,192 tokens) under Megatron-Core as its config states:
    the distributed optimizer, no recomputation, gradients reduced in 16-bit (every v5.1 implementation sets
    grad_reduce_in_fp32=False), sequence parallelism with TP; `fp8_attention` where the run sources
    config_common_fp8attn.sh (FP8_DPA=True) or its log prints fp8_dot_product_attention true."""
    training: dict[str, Any] = {"global_batch": global_batch, "micro_batch": micro, "zero": 1, "recompute": "none"}
    if weight_dtype:
        training["weight_dtype"] = weight_dtype
    hardware: dict[str, Any] = {"gpu": gpu, "count": gpus}
    if network:
        hardware["network_gbps_per_node"] = network
    return {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "seq_len": 8192, "precision": precision,
            "stack": "megatron-core", "training": training, "hardware": hardware,
            "parallelism": {"tp": tp, "pp": 1, "cp": cp, "dp": gpus // (tp * cp), "sequence_parallel": tp > 1},
            "assumptions": {**BF16_GRADIENT_REDUCE, "fp8_attention": fp8_attention}}


def mlperf_lora_case(run: dict[str, Any], label: str, precision: str, hardware: dict[str, Any],
                     parallelism: dict[str, Any], training: dict[str, Any],
                     assumptions: dict[str, Any] | None = None, how: str = "") -> Case:
    """An MLPerf llama2_70b_lora run (Llama-2-70B, 8,192 tokens, LoRA rank 16 on attention, Megatron DDP: the frozen
    base unsharded, micro-batch 1) at its steady state, with the settings its config states."""
    scenario: dict[str, Any] = {
        "task": "lora", "model": {"preset": "llama-2-70b"}, "seq_len": 8192, "precision": precision,
        "training": {"global_batch": run["workload"]["global_batch_sequences"], "micro_batch": 1, "lora_rank": 16,
                     "lora_targets": "attention", "zero": 0, **training},
        "hardware": hardware, "parallelism": parallelism}
    if assumptions:
        scenario["assumptions"] = assumptions
    return Case(run["id"], label, scenario, "tokens_per_s_per_gpu", _steady_state_tokens_per_s_per_gpu(run),
                how or STEADY_BLOCKS)


def mlperf_405b_case(run: dict[str, Any], label: str, precision: str, hardware: dict[str, Any], tp: int,
                     fp8_weights: bool = True) -> Case:
    """An MLPerf llama31_405b pretraining run (Llama 3.1 405B, 8,192 tokens) under Megatron-Core as its config
    states: TP x PP 8 with 8 interleaved chunks x CP 2, micro-batch 1, the distributed optimizer, gradients reduced in
    16-bit, no recomputation; `fp8_weights`: FP8 parameters (FP8_PARAMS / FP8_PARAM_GATHER)."""
    training: dict[str, Any] = {"global_batch": run["workload"]["global_batch_sequences"], "micro_batch": 1,
                                "zero": 1, "recompute": "none", **({"weight_dtype": "fp8"} if fp8_weights else {})}
    return Case(run["id"], label, {
        "task": "pretrain", "model": {"preset": "llama-3.1-405b"}, "seq_len": 8192, "precision": precision,
        "stack": "megatron-core", "training": training, "hardware": hardware,
        "parallelism": {"tp": tp, "pp": 8, "cp": 2, "dp": hardware["count"] // (tp * 16), "virtual_stages": 8,
                        "sequence_parallel": True},
        "assumptions": {**BF16_GRADIENT_REDUCE}},
        "tokens_per_s_per_gpu", _steady_state_tokens_per_s_per_gpu(run), STEADY_BLOCKS)


def mlperf_deepseek_case(run: dict[str, Any], label: str, hardware: dict[str, Any], tp: int) -> Case:
    """An MLPerf deepseekv3_671b pretraining run (DeepSeek-V3 671B, 4,096 tokens) as NVIDIA's v6.0 configs state it:
    TP x PP 4 with 4 interleaved chunks x EP 32 (EP 32 / TP here: the planner's expert groups sit inside the
    data-parallel ranks, as for NeMo's Qwen3 runs), micro-batch 1, MXFP8 with FP8 parameters and FP8 attention,
    16-bit gradient reduce, costed without recomputation."""
    gpus = hardware["count"]
    return Case(run["id"], label, {
        "task": "pretrain", "model": {"preset": "deepseek-v3"}, "seq_len": 4096, "precision": "fp8",
        "stack": "megatron-core",
        "training": {"global_batch": run["workload"]["global_batch_sequences"], "micro_batch": 1, "zero": 1,
                     "recompute": "none", "weight_dtype": "fp8"},
        "hardware": hardware,
        "parallelism": {"tp": tp, "pp": 4, "cp": 1, "dp": gpus // (tp * 4), "ep": 32 // tp, "virtual_stages": 4,
                        "sequence_parallel": tp > 1},
        "assumptions": {"fp8_attention": True, **BF16_GRADIENT_REDUCE}},
        "tokens_per_s_per_gpu", _steady_state_tokens_per_s_per_gpu(run), STEADY_BLOCKS, tier="A")


def training_cases(catalog: Catalog) -> list[Case]:
    """Every training throughput case of published-runs.json the model covers, as scenarios."""
    runs = published_runs()
    cases: list[Case] = []
    for suffix, layers, hidden, heads, batch, gpus, tp, pp, dp in (
        ("1p7b", 24, 2304, 24, 512, 32, 1, 1, 32),
        ("7p5b", 36, 4096, 32, 512, 128, 4, 1, 32),
        ("39p1b", 48, 8192, 64, 1536, 512, 8, 2, 32),
        ("145p6b", 80, 12288, 96, 2304, 1536, 8, 8, 24),
        ("529p6b", 105, 20480, 128, 2520, 2520, 8, 35, 9),
    ):
        run = runs[f"megatron2021-t1-gpt-{suffix}"]
        cases.append(_megatron(run["id"], f"Megatron GPT {run['model']['params_b']}B, {gpus} A100",
                               gpt_model(layers, hidden, heads), 2048, batch, gpus, tp, pp, dp,
                               run["results"]["achieved_tflops_per_gpu"]))
    gpt3 = gpt_model(96, 12288, 96)
    cases.append(_megatron("megatron2021-t2-ptdp-gpt3-175b-384a100", "GPT-3 175B PTD-P, 384 A100", gpt3, 2048,
                           1536, 384, 8, 12, 4, runs["megatron2021-t2-ptdp-gpt3-175b-384a100"]["results"][
                               "achieved_tflops_per_gpu"], micro_batch=1))
    cases.append(_megatron("megatron2021-t2-zero3-gpt3-175b-1536a100", "GPT-3 175B ZeRO-3, 1536 A100", gpt3, 2048,
                           1536, 1536, 1, 1, 1536, runs["megatron2021-t2-zero3-gpt3-175b-1536a100"]["results"][
                               "achieved_tflops_per_gpu"], micro_batch=1))
    cases[-1].scenario["training"]["zero"] = 3
    readme = runs["megatron-readme-gpt3-175b-1024a100-iter"]
    cases.append(Case(readme["id"], "GPT-3 175B, 1024 A100 (Megatron README)", {
        "task": "pretrain", "model": gpt3, "seq_len": 2048, "precision": "bf16",
        "training": {"global_batch": 1536, "micro_batch": 1, "zero": 0, "recompute": "full"},
        "hardware": {"gpu": A100, "count": 1024, "network_gbps_per_node": 1600},
        "parallelism": {"tp": 8, "pp": 16, "dp": 8}, "stack": "megatron-2021"}, "step_time_s",
        readme["results"]["iteration_time_s"],
        "iteration time as printed; 138 TFLOP/s = 44% matches eq. 3 with full recompute", tier="B"))

    korthikanti_22b = gpt_model(48, 6144, 64)
    k530 = gpt_model(105, 20480, 128)
    for run_id, label, model, batch, gpus, tp, pp, dp, v, variant, key, extra in (
        ("korthikanti2022-t5-22b", "22B, 8 A100, full recompute", korthikanti_22b, 4, 8, 8, 1, 1, 1, "full",
         "iteration_time_s_full_recompute", {}),
        ("korthikanti2022-t5-22b", "22B, 8 A100, selective + SP", korthikanti_22b, 4, 8, 8, 1, 1, 1, "selective",
         "iteration_time_s_selective_plus_sp", {}),
        ("korthikanti2022-t5-530b", "530B, 280 A100, full recompute", k530, 280, 280, 8, 35, 1, 3, "full",
         "iteration_time_s_full_recompute", {}),
        ("korthikanti2022-t5-530b", "530B, 280 A100, selective + SP", k530, 280, 280, 8, 35, 1, 3, "selective",
         "iteration_time_s_selective_plus_sp", {}),
        ("korthikanti2022-530b-2240a100-dp8", "530B, 2240 A100 (DP 8), selective + SP", k530, 2240, 2240, 8, 35, 8,
         3, "selective", "iteration_time_s", {}),
    ):
        run = runs[run_id]
        micro = run["workload"]["micro_batch"]
        cases.append(Case(run_id, label, {
            "task": "pretrain", "model": model, "seq_len": 2048, "precision": "fp16",
            "training": {"global_batch": batch, "micro_batch": micro, "recompute": variant, "zero": 0},
            "hardware": {"gpu": A100, "count": gpus, "network_gbps_per_node": 1600},
            "parallelism": {"tp": tp, "pp": pp, "dp": dp, "virtual_stages": v,
                            "sequence_parallel": variant == "selective"},
            "stack": "megatron-2021", "assumptions": extra},
            "step_time_s", run["results"][key], "iteration time as printed"))

    llama405 = {"layers": 126, "hidden": 16384, "heads": 128, "kv_heads": 8, "ffn_hidden": 53248,
                "vocab": 128256}
    # Llama 3's FSDP shards optimizer states and gradients and keeps the weights after the forward (the run's
    # dp_type): ZeRO-2. Its pipeline is interleaved with the embedding and the output layer as the first and last
    # chunks (paper Sec. 3.3.2): 126 layers + 2 in chunks of one on 16 stages, v = 8.
    run = runs["llama3-t4-405b-8192gpu-seq8192"]
    cases.append(Case(run["id"], "Llama 3 405B, 8192 H100, 8K", {
        "task": "pretrain", "model": llama405, "seq_len": 8192, "precision": "bf16",
        "training": {"global_batch": 2048, "micro_batch": 1, "recompute": "none", "zero": 2},
        "hardware": {"gpu": H100, "count": 8192, "network_gbps_per_node": 3200},
        "parallelism": {"tp": 8, "pp": 16, "dp": 64, "virtual_stages": 8}}, "tokens_per_s_per_gpu",
        _tokens_from_tflops(llama405, 8192, run["results"]["tflops_per_gpu"], catalog),
        "430 model TFLOP/s (PaLM convention) -> tokens/s per GPU"))

    # The 128K stage of the same run: context parallelism 16 (the paper prints DP 4, but 16,384 GPUs and 16M tokens
    # a step both imply DP 8: TP 8 x CP 16 x PP 16 x DP 8). Recomputation not stated: searched.
    run = runs["llama3-t4-405b-16384gpu-seq131072"]
    cases.append(Case(run["id"], "Llama 3 405B, 16384 H100, 128K, CP 16", {
        "task": "pretrain", "model": llama405, "seq_len": 131072, "precision": "bf16",
        "training": {"global_batch": 128, "micro_batch": 1, "zero": 2},
        "hardware": {"gpu": H100, "count": 16384, "network_gbps_per_node": 3200},
        "parallelism": {"tp": 8, "cp": 16, "pp": 16, "dp": 8, "virtual_stages": 8}}, "tokens_per_s_per_gpu",
        _tokens_from_tflops(llama405, 131072, run["results"]["tflops_per_gpu"], catalog),
        "380 model TFLOP/s (PaLM convention) -> tokens/s per GPU; DP 8 (see the run's note)"))

    mpt7, mpt70 = mpt_model("7b"), mpt_model("70b")
    for run_id, label, model, gpu, gpus, seq, batch, micro, recompute in (
        ("mosaic-7b-a100x8-seq2048", "MPT-7B, 8 A100, 2K, FSDP", mpt7, A100, 8, 2048, 96, 6, "none"),
        ("mosaic-7b-h100x8-seq65536", "MPT-7B, 8 H100, 64K, FSDP", mpt7, H100, 8, 65536, 16, 1, "full"),
        ("mosaic-70b-h100x64-seq2048", "MPT-70B, 64 H100, 2K, FSDP", mpt70, H100, 64, 2048, 2048, 8, "full"),
    ):
        run = runs[run_id]
        cases.append(Case(run_id, label, {
            "task": "pretrain", "model": model, "seq_len": seq, "precision": "bf16",
            "training": {"global_batch": batch, "micro_batch": micro, "recompute": recompute, "zero": 3},
            "hardware": {"gpu": gpu, "count": gpus, "network_gbps_per_node": 1600},
            "parallelism": {"tp": 1, "pp": 1, "dp": gpus}, "stack": "fsdp"}, "tokens_per_s_per_gpu",
            run["results"]["tokens_per_s_per_gpu"], "tokens/s per GPU as printed (llm-foundry: PyTorch FSDP)"))

    # Megatron-LM's H100 weak-scaling table (July 2024): GPT models of vocabulary 131,072 and 4,096 tokens with untied
    # embeddings, each row's TP / PP / DP and global batch, DP / TP / PP communication overlapped (the distributed
    # optimizer, sequence parallelism). Micro-batch, interleaving and recomputation are not stated: searched. The loss
    # runs in fp32: Megatron-Core's vocab-parallel cross-entropy casts the logits to fp32 on its fused and unfused
    # paths alike (megatron/core/tensor_parallel/cross_entropy.py at the table's commit 937571cfd4). So do the
    # gradients: with --bf16 Megatron-LM sets accumulate_allreduce_grads_in_fp32 ("bfloat16 requires gradient
    # accumulation and all-reduce to be done in fp32", megatron/training/arguments.py at 937571cfd4), which
    # training.py passes to the DDP config as grad_reduce_in_fp32: fp32 gradient buffers, reduced in fp32.
    run = runs["megatron-readme-h100-weak-scaling-table"]
    for size, heads, hidden, layers, tp, pp, dp, gpus, batch, tflops, _mfu, _aggregate in run["results"]["rows"]:
        model = {**gpt_model(layers, hidden, heads, vocab=131072), "tied_embeddings": False}
        cases.append(Case(run["id"], f"Megatron GPT {size}, {gpus} H100", {
            "task": "pretrain", "model": model, "seq_len": 4096, "precision": "bf16", "stack": "megatron-core",
            "training": {"global_batch": batch, "zero": 1},
            "hardware": {"gpu": H100, "count": gpus, "network_gbps_per_node": 3200},
            "parallelism": {"tp": tp, "pp": pp, "dp": dp, "sequence_parallel": tp > 1},
            "assumptions": {"loss_fp32": True, "gradient_bytes": 4.0}},
            "tokens_per_s_per_gpu", tflops * 1e12 / megatron_core_flops_per_token(layers, hidden, 131072, 4096),
            "TFLOP/s per GPU as printed -> tokens/s per GPU (Megatron-Core's model FLOPs)", tier="B"))

    llama3_8b = {"preset": "llama-3.1-8b"}
    for run_id, label, gpu, micro in (
        ("nemo-llama3-8b-h100x8-fp8", "Llama 3 8B, 8 H100, FP8 (NeMo)", H100, 1),
        ("nemo-llama3-8b-b200x8-fp8", "Llama 3 8B, 8 B200, FP8 (NeMo)", "b200", 2),
    ):
        run = runs[run_id]
        cases.append(Case(run_id, label, {
            "task": "pretrain", "model": llama3_8b, "seq_len": 8192, "precision": "fp8",
            "training": {"global_batch": 128, "micro_batch": micro},
            "hardware": {"gpu": gpu, "count": 8}, "parallelism": {"tp": 1, "pp": 1, "dp": 8}},
            "tokens_per_s_per_gpu", run["results"]["tokens_per_s_per_gpu"], "tokens/s per GPU as printed",
            tier="B"))

    run = runs["nemo-llama31-405b-h100x1024-fp8"]
    cases.append(Case(run["id"], "Llama 3.1 405B, 1024 H100, FP8, CP 2 (NeMo)", {
        "task": "pretrain", "model": {"preset": "llama-3.1-405b"}, "seq_len": 8192, "precision": "fp8",
        "training": {"global_batch": 512, "micro_batch": 1, "zero": 1},
        "hardware": {"gpu": H100, "count": 1024},
        "parallelism": {"tp": 8, "pp": 8, "cp": 2, "dp": 8, "virtual_stages": 8}},
        "tokens_per_s_per_gpu", run["results"]["tokens_per_s_per_gpu"],
        "tokens/s per GPU as printed; the recipe overlaps TP communication (Transformer Engine userbuffers, "
        "megatron.bridge perf_recipes llama31_405b_pretrain_1024gpu_h100_fp8cs_config), which the replay leaves at "
        "the planner's default (assumptions.tp_overlap 0): the case also measures that default", tier="B"))
    # Megatron-Core's parallel folding maps EP 32 x expert-TP 1 onto TP 2 x DP 16 (the 32 GPUs of a stage), as the
    # recipe states it; the planner costs it as 16 expert groups each split by TP 2, the same 32-way split.
    run = runs["nemo-qwen3-235b-a22b-h100x256-fp8"]
    cases.append(Case(run["id"], "Qwen3-235B-A22B MoE, 256 H100, FP8 (NeMo)", {
        "task": "pretrain", "model": {"preset": "qwen3-235b-a22b"}, "seq_len": 4096, "precision": "fp8",
        "training": {"global_batch": 2048, "micro_batch": 1, "zero": 1},
        "hardware": {"gpu": H100, "count": 256},
        "parallelism": {"tp": 2, "pp": 8, "cp": 1, "dp": 16, "ep": 32, "virtual_stages": 4},
        "assumptions": {"ep_node_forwarding": False}},
        "tokens_per_s_per_gpu", run["results"]["tokens_per_s_per_gpu"],
        "tokens/s per GPU as printed; EP 32 folded onto TP 2 x DP 16 (MoE parallel folding); its recipe dispatches "
        "with a plain all-to-all (moe_token_dispatcher_type 'alltoall', not DeepEP's per-node forwarding); the recipe "
        "(qwen3_235b_a22b_pretrain_256gpu_h100_fp8cs_config) forces balanced routing, as the model assumes, and "
        "overlaps the all-to-all (moe_a2a_overlap), which the replay leaves at the planner's default "
        "(assumptions.ep_overlap 0)", tier="B"))

    # The same table's Qwen3-30B-A3B on 16 H100 (FP8, PP 2 x EP 8 inside each node, the layout as printed): a plain
    # all-to-all (the Qwen provider's default dispatcher), routing forced uniform (random router logits), no
    # recomputation; the all-to-all overlap the recipe sets is left at the planner's default, as above.
    run = runs["nemo-qwen3-30b-a3b-h100x16-fp8"]
    cases.append(Case(run["id"], "Qwen3-30B-A3B MoE, 16 H100, FP8 (NeMo)", {
        "task": "pretrain", "model": {"preset": "qwen3-30b-a3b"}, "seq_len": 4096, "precision": "fp8",
        "stack": "megatron-core",
        "training": {"global_batch": 512, "micro_batch": 2, "zero": 1, "recompute": "none"},
        "hardware": {"gpu": H100, "count": 16},
        "parallelism": {"tp": 1, "pp": 2, "cp": 1, "dp": 8, "ep": 8, "virtual_stages": 24},
        "assumptions": {"ep_node_forwarding": False, **BF16_GRADIENT_REDUCE}},
        "tokens_per_s_per_gpu", run["results"]["tokens_per_s_per_gpu"],
        "tokens/s per GPU as printed (MBS 2, VP 24 as the table prints them; the recipe config says VP 12 and "
        "micro-batch 1, 0.3 % apart in the estimate)", tier="B"))

    # NeMo AutoModel's MoE pretraining table (PyTorch FSDP2 with pipeline and expert parallelism, BF16 on DGX-H100):
    # the layouts as printed (GPT-OSS's EP, printed "-", from its linked benchmark config), FSDP over the
    # data-parallel ranks (ZeRO-3), DeepEP's per-node dispatch (the planner's default); FlexAttention (GPT-OSS) is
    # costed as FlashAttention-2, the generation PyTorch's FlexAttention announcement measured it against (about
    # 85-90 % of it). Routing as the benchmark ran it: its FakeBalancedGate (nemo_automodel's MoE layers) gives
    # token t the k consecutive experts t k .. t k + k - 1 (mod the experts), balanced and local: groups of k
    # consecutive experts, one group a token (expert_groups = experts / k, expert_groups_per_token = 1), so a
    # token's experts sit on one or two GPUs of one node.
    for run_id, label, preset in (
        ("automodel-deepseek-v3-h100x1024-bf16", "DeepSeek-V3 MoE, 1024 H100 (AutoModel)", "deepseek-v3"),
        ("automodel-deepseek-v3-h100x256-bf16", "DeepSeek-V3 MoE, 256 H100 (AutoModel)", "deepseek-v3"),
        ("automodel-kimi-k2-h100x256-bf16", "Kimi K2 MoE, 256 H100 (AutoModel)", "kimi-k2"),
        ("automodel-qwen3-30b-a3b-h100x8-bf16", "Qwen3-30B-A3B MoE, 8 H100 (AutoModel)", "qwen3-30b-a3b"),
        ("automodel-gpt-oss-20b-h100x8-bf16", "gpt-oss-20b MoE, 8 H100 (AutoModel)", "gpt-oss-20b"),
        ("automodel-gpt-oss-120b-h100x64-bf16", "gpt-oss-120b MoE, 64 H100 (AutoModel)", "gpt-oss-120b"),
    ):
        run = runs[run_id]
        shape, gpus = run["parallelism"], run["hardware"]["count"]
        layout = {"tp": shape["tp"], "pp": shape["pp"], "cp": 1, "dp": gpus // (shape["tp"] * shape["pp"]),
                  "virtual_stages": shape["vp"] or 1, "ep": shape["ep"]}
        fake = catalog.model(preset)
        cases.append(Case(run_id, label, {
            "task": "pretrain", "model": {"preset": preset, "expert_groups": fake.experts // fake.experts_per_token,
                                          "expert_groups_per_token": 1}, "seq_len": 4096, "precision": "bf16",
            "training": {"global_batch": run["workload"]["global_batch_sequences"],
                         "micro_batch": run["workload"]["micro_batch"], "zero": 3,
                         # as the benchmark config sets it (every layer, or none), not searched
                         "recompute": "full" if shape["activation_recompute"].startswith("full") else "none"},
            "hardware": {"gpu": H100, "count": gpus}, "parallelism": layout, "stack": "torchtitan",
            "assumptions": {"moe_load_imbalance": 1.0,
                            **({"flash_attention_version": 2} if "FlexAttn" in run["kernels"] else {})}},
            "tokens_per_s_per_gpu", run["results"]["tokens_per_s_per_gpu"], "tokens/s per GPU as printed",
            tier="B"))

    # NVIDIA's MLPerf v6.0 MoE pretraining on GB200 NVL72 racks, at the steady state of each log's blocks (judged,
    # never fitted). DeepSeek-V3 on 512, 2,048 and 8,192 GPUs at TP 2 (mlperf_deepseek_case), group-limited routing
    # on real data, the flex (hybrid-EP) dispatcher inside a rack: modelled as 64-GPU NVLink groups with 16 trays'
    # 4 x 400 Gb/s each, as the 405B runs below. Its recipe recomputes the MLP modules, which the planner cannot
    # express (none, the attention core, or whole layers): costed with no recomputation, flagged in the label; the
    # MTP layer (one layer of 62) is not in the preset either. gpt-oss-20b on one rack (TP 1 x CP 2 x EP 4 x DP 36)
    # and on two trays (DP 8, every GPU all 32 experts): the layouts from the config names the READMEs give (the
    # files are not in the library's copy), recomputation assumed none.
    for gpus in (512, 2048, 8192):
        cases.append(mlperf_deepseek_case(
            runs[f"mlperf-t60-deepseekv3-671b-{gpus}gb200-fp8"],
            f"MLPerf DeepSeek-V3 MoE, {gpus} GB200, FP8 [MLP recompute not modelled]",
            {"gpu": "gb200", "count": gpus, "gpus_per_node": 64, "network_gbps_per_node": 16 * 1600}, 2))
    # The same round on GB300 NVL72 racks (Theia): DeepSeek-V3 on 256 GPUs at TP 1 x PP 4 (4 chunks) x EP 32 x DP 64
    # with no recomputation (config_GB300_64x4x240xtp1pp4ep32cp1_mxfp8_full_cg.sh), 16 trays' 4 x 800 Gb/s a
    # 64-GPU group; gpt-oss-20b in the GB200 rack's layout and on two trays at 3 sequences a GPU.
    cases.append(mlperf_deepseek_case(
        runs["mlperf-t60-deepseekv3-671b-256gb300-fp8"], "MLPerf DeepSeek-V3 MoE, 256 GB300, FP8",
        {"gpu": "gb300", "count": 256, "gpus_per_node": 64, "network_gbps_per_node": 16 * 3200}, 1))
    for gpu, gpus, micro, layout in (
        ("gb200", 72, 1, {"tp": 1, "pp": 1, "cp": 2, "dp": 36, "ep": 4}),
        ("gb200", 8, 2, {"tp": 1, "pp": 1, "cp": 1, "dp": 8, "ep": 1}),
        ("gb300", 72, 1, {"tp": 1, "pp": 1, "cp": 2, "dp": 36, "ep": 4}),
        ("gb300", 8, 3, {"tp": 1, "pp": 1, "cp": 1, "dp": 8, "ep": 1}),
    ):
        run_id = f"mlperf-t60-gpt-oss-20b-{gpus}{gpu}-fp8"
        label = f"MLPerf gpt-oss-20b MoE, {gpus} {gpu.upper()}, FP8 [recompute assumed none]"
        run = runs[run_id]
        cases.append(Case(run_id, label, {
            "task": "pretrain", "model": {"preset": "gpt-oss-20b"}, "seq_len": 8192, "precision": "fp8",
            "stack": "megatron-core",
            "training": {"global_batch": run["workload"]["global_batch_sequences"], "micro_batch": micro, "zero": 1,
                         "recompute": "none"},
            "hardware": {"gpu": gpu, "count": gpus, "gpus_per_node": gpus},
            "parallelism": layout, "assumptions": {**BF16_GRADIENT_REDUCE}},
            "tokens_per_s_per_gpu", _steady_state_tokens_per_s_per_gpu(run), STEADY_BLOCKS, tier="A"))

    # AMD's MLPerf v5.1 LoRA submission on 8 x MI300X, at its steady state: TP 1 x DP 8 with Megatron DDP (the
    # frozen base unsharded), micro-batch 1, 21 of 80 layers recomputed, FP8 with FP8 parameters and the MLP
    # activation inputs stored in FP8 (config_MI300X_1x8x1.sh, megatron_gpt_peft_tuning_config.yaml); the same recipe
    # on other CDNA 3 and CDNA 4 servers: Krai's MI300X (the same 21 layers recomputed), and MI325X, MI355X and MI350X
    # with no recomputation (their configs drop the ACG/ACM/ACL line), from AMD and four other submitters.
    for run_id, label, gpu in (
        ("mlperf-t51-llama2-70b-lora-8mi300x", "MLPerf Llama-2-70B LoRA, 8 MI300X, FP8", "mi300x"),
        ("mlperf-t51-llama2-70b-lora-8mi300x-krai", "MLPerf Llama-2-70B LoRA, 8 MI300X, FP8 (Krai)", "mi300x"),
        ("mlperf-t51-llama2-70b-lora-8mi325x-amd", "MLPerf Llama-2-70B LoRA, 8 MI325X, FP8 (AMD)", "mi325x"),
        ("mlperf-t51-llama2-70b-lora-8mi325x-asustek", "MLPerf Llama-2-70B LoRA, 8 MI325X, FP8 (ASUS)", "mi325x"),
        ("mlperf-t51-llama2-70b-lora-8mi325x-mitac", "MLPerf Llama-2-70B LoRA, 8 MI325X, FP8 (MiTAC)", "mi325x"),
        ("mlperf-t51-llama2-70b-lora-8mi325x-supermicro", "MLPerf Llama-2-70B LoRA, 8 MI325X, FP8 (SMC)", "mi325x"),
        ("mlperf-t51-llama2-70b-lora-8mi355x-amd", "MLPerf Llama-2-70B LoRA, 8 MI355X, FP8 (AMD)", "mi355x"),
        ("mlperf-t51-llama2-70b-lora-8mi350x-amd", "MLPerf Llama-2-70B LoRA, 8 MI350X, FP8 (AMD)", "mi350x"),
        ("mlperf-t51-llama2-70b-lora-8mi355x-supermicro", "MLPerf Llama-2-70B LoRA, 8 MI355X, FP8 (SMC)", "mi355x"),
    ):
        recompute = {"recompute": "full", "recompute_layers": 21} if gpu == "mi300x" else {"recompute": "none"}
        cases.append(mlperf_lora_case(runs[run_id], label, "fp8", {"gpu": gpu, "count": 8},
                                      {"tp": 1, "pp": 1, "dp": 8}, {"weight_dtype": "fp8", **recompute},
                                      {"fp8_activation_inputs": True}))

    # NVIDIA's MLPerf v5.1 LoRA submission on 8 GB200 (two trays of one NVL72), in its FP4 phase: TP 1 x CP 2 x DP 4,
    # micro-batch 1 (2 accumulated), no recomputation, the frozen base pre-quantized to NVFP4 on the GPU
    # (config_GB200_2x4x2xtp1pp1cp2_fp4.sh and the configs it sources; custom_callbacks.py); attention in FP8
    # (config_common.sh: FP8_DPA=1).
    cases.append(mlperf_lora_case(
        runs["mlperf-t51-llama2-70b-lora-8gb200-fp4"], "MLPerf Llama-2-70B LoRA, 8 GB200, FP4", "fp4",
        {"gpu": "gb200", "count": 8, "gpus_per_node": 8}, {"tp": 1, "pp": 1, "cp": 2, "dp": 4},
        {"recompute": "none", "weight_dtype": "fp4"}, {"fp8_attention": True},
        how="steady state of the FP4 phase from the log's block timings (evaluation, warm-up and FP8 healing "
            "excluded)"))
    # The same recipe on Nebius's B200 nodes (8 x 400 Gb/s InfiniBand each): one node without context parallelism,
    # two at CP 2 (configs/nebius_b200_n{1,2}/config_DGXB200_{1x8x1xtp1pp1cp1,2x8x1xtp1pp1cp2}_fp4.sh, and the logs).
    for gpus, cp in ((8, 1), (16, 2)):
        cases.append(mlperf_lora_case(
            runs[f"mlperf-t51-llama2-70b-lora-{gpus}b200-fp4-nebius"],
            f"MLPerf Llama-2-70B LoRA, {gpus} B200, FP4 (Nebius)", "fp4",
            {"gpu": "b200", "count": gpus, "network_gbps_per_node": 3200},
            {"tp": 1, "pp": 1, "cp": cp, "dp": gpus // cp}, {"recompute": "none", "weight_dtype": "fp4"},
            # FP8_ACT=1 and FP8_DPA=1: activation_func_fp8_input_store and fp8_dot_product_attention, as the logs print
            {"fp8_activation_inputs": True, "fp8_attention": True},
            how="steady state of the FP4 phase from the log's block timings (evaluation, warm-up and FP8 healing "
                "excluded)"))

    # Dell's MLPerf v5.1 Llama 3.1 8B pretraining on one 8 x B200 server in NVFP4 for the whole run: TP 1 x DP 8,
    # micro-batch 2, no recomputation, BF16 weights, attention in FP8 (config_1xXE9680Lx8B200-SXM-180GB.sh and the
    # configs it sources, config_common_fp8attn.sh among them).
    run = runs["mlperf-t51-llama31-8b-8b200-fp4-dell"]
    cases.append(Case(run["id"], "MLPerf Llama 3.1 8B, 8 B200, FP4 (Dell)",
                      mlperf_8b_scenario("fp4", "b200", 8, 16, 2, fp8_attention=True),
                      "step_time_s", run["results"]["step_time_s"], LOGGED_STEP))

    # NVIDIA's MLPerf v6.0 run of it on two trays of a GB300 NVL72 rack (config_GB300_2x4x2xtp1pp1cp1_8b_fp4.sh: TP 1 x
    # DP 8, micro-batch 2, NVFP4), the same layout on Blackwell Ultra.
    run = runs["mlperf-t60-llama31-8b-8gb300-fp4"]
    cases.append(Case(run["id"], "MLPerf Llama 3.1 8B, 8 GB300, FP4", mlperf_8b_scenario("fp4", "gb300", 8, 16, 2),
                      "step_time_s", run["results"]["step_time_s"], STEADY_BLOCKS))

    # The same FP4 recipe on one and two of Nebius's B200 nodes (8 x 400 Gb/s InfiniBand each): micro-batch 2 on one,
    # 1 with two accumulation steps on two, attention in FP8, as their logs print (no two-node config is in the
    # repository).
    for gpus, micro in ((8, 2), (16, 1)):
        run = runs[f"mlperf-t51-llama31-8b-{gpus}b200-fp4-nebius"]
        cases.append(Case(run["id"], f"MLPerf Llama 3.1 8B, {gpus} B200, FP4 (Nebius)", mlperf_8b_scenario(
            "fp4", "b200", gpus, run["workload"]["global_batch_sequences"], micro, network=3200, fp8_attention=True),
            "step_time_s", run["results"]["step_time_s"], LOGGED_STEP))

    # The same benchmark on Dell's 8 x B300 server in FP8 with FP8 parameters, the same layout
    # (config_XE9780x8B300-SXM-270GB_1x8x2xtp1pp1cp1_8b.sh).
    run = runs["mlperf-t51-llama31-8b-8b300-fp8-dell"]
    cases.append(Case(run["id"], "MLPerf Llama 3.1 8B, 8 B300, FP8 (Dell)",
                      mlperf_8b_scenario("fp8", "b300", 8, 16, 2, weight_dtype="fp8"),
                      "step_time_s", run["results"]["step_time_s"], LOGGED_STEP))

    # The same benchmark growing from one DGX B200 node to 8 and 16 (University of Florida) and on 8 nodes of another
    # site (Oracle, RoCE): FP8 with FP8 parameters, the distributed optimizer, no recomputation; one node at micro-batch
    # 2, many at CP 2 with one sequence per data-parallel rank (config_DGXB200_{1x8x2xtp1pp1cp1,Nx8x1xtp1pp1cp2}_8b.sh).
    for run_id, label, nodes, micro, cp in (
        ("mlperf-t51-llama31-8b-8b200-fp8-uf", "MLPerf Llama 3.1 8B, 8 B200, FP8 (UF)", 1, 2, 1),
        ("mlperf-t51-llama31-8b-64b200-fp8-uf", "MLPerf Llama 3.1 8B, 64 B200, FP8, CP 2 (UF)", 8, 1, 2),
        ("mlperf-t51-llama31-8b-128b200-fp8-uf", "MLPerf Llama 3.1 8B, 128 B200, FP8, CP 2 (UF)", 16, 1, 2),
        ("mlperf-t51-llama31-8b-64b200-fp8-oracle", "MLPerf Llama 3.1 8B, 64 B200, FP8, CP 2 (Oracle)", 8, 1, 2),
    ):
        run = runs[run_id]
        gpus = nodes * 8
        cases.append(Case(run_id, label, mlperf_8b_scenario(
            "fp8", "b200", gpus, run["workload"]["global_batch_sequences"], micro, cp=cp, weight_dtype="fp8",
            network=3200), "step_time_s", run["results"]["step_time_s"], LOGGED_STEP))

    # The same benchmark on CDNA 4, from three submitters running AMD's recipe (config_MI35?X_1x8x1_8b.sh, src/train.py:
    # TP 1 x DP 8, global batch 32, FP8 hybrid with FP8 parameters, the distributed optimizer, no recomputation);
    # GigaComputing's micro-batch is 4, the others' 2.
    for run_id, label, gpu, micro in (
        ("mlperf-t51-llama31-8b-8mi355x-amd", "MLPerf Llama 3.1 8B, 8 MI355X, FP8 (AMD)", "mi355x", 2),
        ("mlperf-t51-llama31-8b-8mi350x-amd", "MLPerf Llama 3.1 8B, 8 MI350X, FP8 (AMD)", "mi350x", 2),
        ("mlperf-t51-llama31-8b-8mi355x-gigacomputing", "MLPerf Llama 3.1 8B, 8 MI355X, FP8 (Giga)", "mi355x", 4),
        ("mlperf-t51-llama31-8b-8mi355x-dell", "MLPerf Llama 3.1 8B, 8 MI355X, FP8 (Dell)", "mi355x", 2),
    ):
        run = runs[run_id]
        cases.append(Case(run_id, label, mlperf_8b_scenario("fp8", gpu, 8, 32, micro, weight_dtype="fp8"),
            "tokens_per_s_per_gpu", _steady_state_tokens_per_s_per_gpu(run),
            STEADY_BLOCKS))

    # AMD's MLPerf v6.0 run of the same benchmark in MXFP4 on one MI355X and one MI350X server (Primus on
    # Megatron-LM, config_MI35?X_1x8x1.sh and conf/llama3.1_8B-pretrain-fp4.yaml: TP 1 x DP 8, micro-batch 2,
    # global batch 32, the distributed optimizer, BF16 gradient reduce, no recomputation, 16-bit weights and
    # attention): the first FP4 training runs on CDNA 4.
    for gpu, name in (("mi355x", "MI355X"), ("mi350x", "MI350X")):
        run = runs[f"mlperf-t60-llama31-8b-8{gpu}-fp4-amd"]
        cases.append(Case(run["id"], f"MLPerf Llama 3.1 8B, 8 {name}, MXFP4 (AMD, v6.0)",
                          mlperf_8b_scenario("fp4", gpu, 8, 32, 2), "tokens_per_s_per_gpu",
                          _steady_state_tokens_per_s_per_gpu(run), STEADY_BLOCKS))

    # Cisco's MLPerf v5.1 Llama 3.1 8B pretraining on 8 and 16 nodes of H100 (Ethernet, 8 x 400 Gb/s per node):
    # Megatron-Core through NeMo, FP8 with FP8 parameters, the distributed optimizer, no recomputation, global batch
    # 64 of 8,192 tokens, so one sequence per data-parallel rank (config_DGXH100_{8x8x1xtp1,16x8x1xtp2}pp1cp1.sh).
    for gpus, tp in ((64, 1), (128, 2)):
        run = runs[f"mlperf-t51-llama31-8b-{gpus}h100-cisco"]
        cases.append(Case(run["id"], f"MLPerf Llama 3.1 8B, {gpus} H100, FP8 (Cisco)", mlperf_8b_scenario(
            "fp8", H100, gpus, 64, 1, tp=tp, weight_dtype="fp8", network=3200),
            "step_time_s", run["results"]["step_time_s"], LOGGED_STEP))

    # Cisco's MLPerf v5.1 LoRA runs: 8 and 16 nodes of H100 at TP 4 x CP 2 (NeMo), one and two nodes of H200 at
    # TP 1 x CP 2 and TP 2 (its PyTorch configs); FP8 parameters, no recomputation; the H200 runs also store the MLP
    # activation input in FP8 (their logs print the configuration).
    for run_id, label, gpu, gpus, tp, cp, fp8_act in (
        ("mlperf-t51-llama2-70b-lora-64h100-cisco", "MLPerf Llama-2-70B LoRA, 64 H100, FP8 (Cisco)", H100, 64, 4, 2,
         False),
        ("mlperf-t51-llama2-70b-lora-128h100-cisco", "MLPerf Llama-2-70B LoRA, 128 H100, FP8 (Cisco)", H100, 128, 4,
         2, False),
        ("mlperf-t51-llama2-70b-lora-8h200-cisco", "MLPerf Llama-2-70B LoRA, 8 H200, FP8 (Cisco)", "h200-sxm-141gb", 8,
         1, 2, True),
        ("mlperf-t51-llama2-70b-lora-16h200-cisco", "MLPerf Llama-2-70B LoRA, 16 H200, FP8 (Cisco)", "h200-sxm-141gb",
         16, 2, 1, True),
    ):
        run = runs[run_id]
        network = run["hardware"]["network_gbps_per_node"]
        cases.append(mlperf_lora_case(
            run, label, "fp8", {"gpu": gpu, "count": gpus, "network_gbps_per_node": network},
            {"tp": tp, "pp": 1, "cp": cp, "dp": gpus // (tp * cp), "sequence_parallel": tp > 1},
            {"recompute": "none", "weight_dtype": "fp8"}, {"fp8_activation_inputs": fp8_act}))

    # The same benchmark on other submitters' H200 servers, with the settings their logs print. Dell: one XE9680 at
    # Cisco's TP 1 x CP 2 (NVIDIA's v5.0 container), and one XE9680L under NeMo 25.09 at TP 2 with sequence
    # parallelism, the frozen base in BF16 (fp8_param False), no TP overlap and the attention core in FP8
    # (fp8_dot_product_attention 1). Krai: 2, 4 and 8 HPE Cray XD670 nodes (8 x 400 Gb/s NDR each) at TP 2, 4 and 4,
    # FP8 parameters, attention in FP8, TP overlap on (userbuffers; the planner's tp_overlap stays at its default 0),
    # the MLP activation input in 16-bit. MLPerf v5.0 (NVIDIA's v5.0 container): Oracle's one OCI node at TP 1 x CP 2
    # and 64 at TP 4 x CP 2 (TP overlap on), HPE's 1, 2 and 4 Cray XD670 nodes at TP 2, 4 and 4 with FP8 attention,
    # the MLP activation input in FP8 and TP overlap on; every setting as the logs print it.
    for run_id, label, gpus, tp, cp, network, fp8_weights, fp8_act, fp8_attention in (
        ("mlperf-t51-llama2-70b-lora-8h200-dell-xe9680", "MLPerf Llama-2-70B LoRA, 8 H200, FP8 (Dell XE9680)", 8, 1, 2,
         None, True, True, False),
        ("mlperf-t51-llama2-70b-lora-8h200-dell-xe9680l", "MLPerf Llama-2-70B LoRA, 8 H200, FP8 attention (Dell)", 8, 2,
         1, None, False, True, True),
        ("mlperf-t51-llama2-70b-lora-16h200-krai", "MLPerf Llama-2-70B LoRA, 16 H200, FP8 (Krai)", 16, 2, 1, 3200,
         True, False, True),
        ("mlperf-t51-llama2-70b-lora-32h200-krai", "MLPerf Llama-2-70B LoRA, 32 H200, FP8 (Krai)", 32, 4, 1, 3200,
         True, False, True),
        ("mlperf-t51-llama2-70b-lora-64h200-krai", "MLPerf Llama-2-70B LoRA, 64 H200, FP8 (Krai)", 64, 4, 1, 3200,
         True, False, True),
        ("mlperf-t50-llama2-70b-lora-8h200-oracle", "MLPerf Llama-2-70B LoRA, 8 H200, FP8 (Oracle)", 8, 1, 2, None,
         True, True, False),
        ("mlperf-t50-llama2-70b-lora-512h200-oracle", "MLPerf Llama-2-70B LoRA, 512 H200, FP8 (Oracle)", 512, 4, 2,
         3200, True, False, False),
        ("mlperf-t50-llama2-70b-lora-8h200-hpe", "MLPerf Llama-2-70B LoRA, 8 H200, FP8 (HPE)", 8, 2, 1, None, True,
         True, True),
        ("mlperf-t50-llama2-70b-lora-16h200-hpe", "MLPerf Llama-2-70B LoRA, 16 H200, FP8 (HPE)", 16, 4, 1, 3200, True,
         True, True),
        ("mlperf-t50-llama2-70b-lora-32h200-hpe", "MLPerf Llama-2-70B LoRA, 32 H200, FP8 (HPE)", 32, 4, 1, 3200, True,
         True, True),
    ):
        hardware: dict[str, Any] = {"gpu": "h200-sxm-141gb", "count": gpus}
        if network:
            hardware["network_gbps_per_node"] = network
        training: dict[str, Any] = {"recompute": "none", **({"weight_dtype": "fp8"} if fp8_weights else {})}
        cases.append(mlperf_lora_case(
            runs[run_id], label, "fp8", hardware,
            {"tp": tp, "pp": 1, "cp": cp, "dp": gpus // (tp * cp), "sequence_parallel": tp > 1}, training,
            {"fp8_activation_inputs": fp8_act, "fp8_attention": fp8_attention}))

    # NVIDIA's MLPerf v5.1 LoRA on one and on about seven GB200 NVL72 racks at CP 8 (each context-parallel group two
    # trays of four, on NVLink), FP8 with a 16-bit frozen base, no recomputation, one sequence per data-parallel rank
    # (config_GB200_{18,128}x4x1xtp1pp1cp8.sh), attention in FP8 (config_common.sh: FP8_DPA=1). Modelled as 8-GPU
    # NVLink groups with 4 x 400 Gb/s per tray.
    for run_id, label, gpus in (
        ("mlperf-t51-llama2-70b-lora-72gb200-cp8", "MLPerf Llama-2-70B LoRA, 72 GB200, FP8, CP 8", 72),
        ("mlperf-t51-llama2-70b-lora-512gb200-cp8", "MLPerf Llama-2-70B LoRA, 512 GB200, FP8, CP 8", 512),
    ):
        cases.append(mlperf_lora_case(
            runs[run_id], label, "fp8", {"gpu": "gb200", "count": gpus, "gpus_per_node": 8,
                                         "network_gbps_per_node": 3200},
            {"tp": 1, "pp": 1, "cp": 8, "dp": gpus // 8}, {"recompute": "none"}, {"fp8_attention": True}))

    # NVIDIA's MLPerf v5.0 B200 LoRA recipe run by four other submitters on one 8 x B200 server each (TP 1 x DP 8,
    # micro-batch 1, FP8 parameters, the MLP activation input and the attention core in FP8:
    # config_*_1x8x1xtp1pp1cp1.sh, config_common.sh), and by Oracle on eight OCI B200 nodes at CP 8 (no FP8_ACT).
    for run_id, label, gpus, cp, fp8_act in (
        ("mlperf-t50-llama2-70b-lora-8b200-lambda", "MLPerf Llama-2-70B LoRA, 8 B200, FP8 (Lambda)", 8, 1, True),
        ("mlperf-t50-llama2-70b-lora-8b200-lenovo", "MLPerf Llama-2-70B LoRA, 8 B200, FP8 (Lenovo)", 8, 1, True),
        ("mlperf-t50-llama2-70b-lora-8b200-oracle", "MLPerf Llama-2-70B LoRA, 8 B200, FP8 (Oracle)", 8, 1, True),
        ("mlperf-t50-llama2-70b-lora-8b200-supermicro", "MLPerf Llama-2-70B LoRA, 8 B200, FP8 (SMC)", 8, 1, True),
        ("mlperf-t50-llama2-70b-lora-64b200-oracle", "MLPerf Llama-2-70B LoRA, 64 B200, FP8, CP 8 (Oracle)", 64, 8,
         False),
    ):
        hardware = {"gpu": "b200", "count": gpus, **({"network_gbps_per_node": 3200} if gpus > 8 else {})}
        cases.append(mlperf_lora_case(
            runs[run_id], label, "fp8", hardware, {"tp": 1, "pp": 1, "cp": cp, "dp": gpus // cp},
            {"recompute": "none", "weight_dtype": "fp8"}, {"fp8_activation_inputs": fp8_act, "fp8_attention": True}))

    # The Trainy team's torchtitan runs of Llama 3.1 8B on 4 and 8 nodes of H200 (FSDP over every rank, local batch 2,
    # Float8 linears, torch.compile), printed only: torchtitan's op-level selective checkpointing is approximated as
    # full recomputation of half the layers, and compile's fusion is not modelled.
    for nodes in (4, 8):
        run = runs[f"torchtitan-trainy-llama31-8b-{nodes * 8}h200-fp8"]
        cases.append(Case(run["id"], f"torchtitan Llama 3.1 8B, {nodes * 8} H200, FSDP, Float8", {
            "task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "seq_len": 8192, "precision": "fp8",
            "stack": "torchtitan", "training": {"global_batch": nodes * 16, "micro_batch": 2, "zero": 3,
                                                "recompute": "full", "recompute_layers": 16},
            "hardware": {"gpu": "h200-sxm-141gb", "count": nodes * 8, "network_gbps_per_node": 3200},
            "parallelism": {"tp": 1, "pp": 1, "dp": nodes * 8}},
            "tokens_per_s_per_gpu", run["results"]["tokens_per_s_per_gpu"], "TPS/GPU at the 100th iteration",
            tier="C", in_median=False))

    # NVIDIA's MLPerf v5.1 Llama 3.1 405B pretraining in NVFP4 on 512, 2,560 and 5,120 GB200: TP 4 x PP 8 (8
    # interleaved chunks) x CP 2 inside a rack, the distributed optimizer over the racks, micro-batch 1, no
    # recomputation, 16-bit weights (config_GB200_{128x4x144,640x4x24,1280x4x16}xtp4pp8cp2_cg_fp4.sh). Modelled as
    # 64-GPU NVLink groups (one model replica) with 16 trays' 4 x 400 Gb/s each.
    for gpus in (512, 2560, 5120):
        cases.append(mlperf_405b_case(
            runs[f"mlperf-t51-llama31-405b-{gpus}gb200-fp4"], f"MLPerf Llama 3.1 405B, {gpus} GB200, FP4", "fp4",
            {"gpu": "gb200", "count": gpus, "gpus_per_node": 64, "network_gbps_per_node": 16 * 1600}, 4,
            fp8_weights=False))

    # NVIDIA's MLPerf v6.0 Llama 3.1 405B in NVFP4 on 512 and 2,048 GB300 (Blackwell Ultra, Theia-cmh): TP 2 x PP 8 (8
    # interleaved chunks) x CP 2 inside a rack, micro-batch 1, attention in 16-bit, 16-bit weights as v5.1's FP4 runs
    # (config_GB300_{128x4x56,512x4x16}xtp2pp8cp2_cg_fp4.sh). Modelled as 64-GPU NVLink groups with 16 trays' 4 x
    # 2 x 400 Gb/s each (ConnectX-8, the system file).
    for gpus in (512, 2048):
        cases.append(mlperf_405b_case(
            runs[f"mlperf-t60-llama31-405b-{gpus}gb300-fp4"], f"MLPerf Llama 3.1 405B, {gpus} GB300, FP4", "fp4",
            {"gpu": "gb300", "count": gpus, "gpus_per_node": 64, "network_gbps_per_node": 16 * 3200}, 2,
            fp8_weights=False))

    # NVIDIA's MLPerf v5.0 Llama 3.1 405B on 64, 256 and 1,024 DGX H100 nodes of Eos (8 x 400 Gb/s NDR each): TP 8 x
    # PP 8 with 8 interleaved chunks x CP 2, micro-batch 1, FP8 with FP8 parameters, 16-bit gradient reduce, no
    # recomputation, TP overlap on (config_DGXH100_{64x8x288,256x8x72,1024x8x24}xtp8pp8cp2.sh, config_common.sh,
    # pretrain.py).
    for gpus in (512, 2048, 8192):
        cases.append(mlperf_405b_case(
            runs[f"mlperf-t50-llama31-405b-{gpus}h100-fp8-nvidia"], f"MLPerf Llama 3.1 405B, {gpus} H100, FP8 (NVIDIA)",
            "fp8", {"gpu": H100, "count": gpus, "network_gbps_per_node": 3200}, 8))

    # IBM, CoreWeave and NVIDIA's MLPerf v5.0 Llama 3.1 405B in FP8 on 512 and 2,496 GB200 (NVL72 racks): TP 4 x PP 8
    # with 8 interleaved chunks x CP 2 inside a rack, micro-batch 1, FP8 parameters gathered, 16-bit gradient reduce,
    # no recomputation, TP overlap on (config_GB200_{128x4x112,624x4x32}xtp4pp8cp2.sh, config_common.sh). Modelled as
    # NVIDIA's FP4 runs below: 64-GPU NVLink groups with 16 trays' 4 x 400 Gb/s each.
    for gpus in (512, 2496):
        cases.append(mlperf_405b_case(
            runs[f"mlperf-t50-llama31-405b-{gpus}gb200-fp8-coreweave"],
            f"MLPerf Llama 3.1 405B, {gpus} GB200, FP8 (CoreWeave)", "fp8",
            {"gpu": "gb200", "count": gpus, "gpus_per_node": 64, "network_gbps_per_node": 16 * 1600}, 4))

    # The same benchmark on 64 and 128 nodes of H200 (Nebius, 8 x 400 Gb/s InfiniBand per node): the same TP 4 x PP 8
    # with 8 interleaved chunks x CP 2 and global batch, FP8 with FP8 parameters gathered, 16-bit gradient reduce, no
    # recomputation (config_DGXH200_{64x8x144,128x8x72}xtp4pp8cp2.sh and the configuration each log prints). Its TP
    # overlap is left at the planner's default, as for NeMo's 405B on H100.
    for gpus in (512, 1024):
        cases.append(mlperf_405b_case(
            runs[f"mlperf-t51-llama31-405b-{gpus}h200-fp8-nebius"], f"MLPerf Llama 3.1 405B, {gpus} H200, FP8 (Nebius)",
            "fp8", {"gpu": "h200-sxm-141gb", "count": gpus, "network_gbps_per_node": 3200}, 4))

    run = runs["mlperf-t40-gpt3-11616h100"]
    cases.append(Case(run["id"], "MLPerf GPT-3 175B, 11616 H100, FP8", {
        "task": "pretrain", "model": gpt_model(96, 12288, 96, vocab=50257), "seq_len": 2048, "precision": "fp8",
        "training": {"global_batch": 2904, "micro_batch": 1, "zero": 1},
        "hardware": {"gpu": H100, "count": 11616, "network_gbps_per_node": 3200},
        "parallelism": {"tp": 4, "pp": 6, "dp": 484, "virtual_stages": 8}}, "tokens_per_s_per_gpu",
        _steady_state_tokens_per_s_per_gpu(run),
        "steady state from the log's block timings (evaluation and start-up excluded; the time-to-train figure, "
        "1.231e9 tokens / 3.444 min / 11616 GPUs = 513, includes them)"))

    run = runs["llama1-65b-2048a100-throughput"]
    cases.append(Case(run["id"], "LLaMA-65B, 2048 A100", {
        "task": "pretrain", "model": {"layers": 80, "hidden": 8192, "heads": 64, "ffn_hidden": 22016,
                                      "vocab": 32000},
        "seq_len": 2048, "precision": "bf16", "training": {"global_batch": 2048, "recompute": "selective"},
        "hardware": {"gpu": A100, "count": 2048, "network_gbps_per_node": 1600},
        "assumptions": {"flash_attention_version": 1.0}}, "tokens_per_s_per_gpu",
        run["results"]["tokens_per_s_per_gpu"], "380 tokens/s/GPU as stated; layout searched (not published); "
        "attention by xformers' memory-efficient kernels (paper, Sec. 2.4)"))

    # Dao 2023 (FlashAttention-2), Table 1: GPT3 1.3B and 2.7B at 2K and 8K tokens, about 1M tokens a step, on 8 A100
    # in data parallel, with FlashAttention-2; its TFLOP/s counted with Megatron-LM's formula without recomputation
    # (Narayanan et al. 2021, eq. 3 with 72 for 96), turned back into tokens/s per GPU with the same formula.
    dao = runs["flashattention2-paper-gpt3-a100-end-to-end"]
    for key, row in dao["results"]["tflops_per_gpu"].items():
        name, context = key.rsplit("-", 1)
        layers, hidden, heads = {"gpt3-1.3b": (24, 2048, 16), "gpt3-2.7b": (32, 2560, 32)}[name]
        seq = int(context.rstrip("k")) * 1024
        flops = 72.0 * layers * hidden**2 * (1 + seq / (6 * hidden) + 50257 / (12 * layers * hidden))
        cases.append(Case(dao["id"], f"FlashAttention-2 GPT3 {name[5:].upper()} {context.upper()}, 8 A100", {
            "task": "pretrain", "model": {**gpt_model(layers, hidden, heads, vocab=50257)}, "seq_len": seq,
            "precision": "bf16", "training": {"global_batch": 2**20 // seq, "tokens": 1e9},
            "hardware": {"gpu": A100, "count": 8}, "parallelism": {"tp": 1, "pp": 1, "dp": 8}},
            "tokens_per_s_per_gpu", row["flashattention_2"] * 1e12 / flops,
            "TFLOP/s per GPU as printed (Megatron-LM's formula, no recomputation) -> tokens/s per GPU", tier="B"))

    # ms-swift's Megatron-SWIFT benchmark on A800 (8K packed SFT, global batch 16): Qwen2.5-14B under Megatron-Core
    # at TP 4 x DP 2 with sequence parallelism and selective recomputation (base_to_chat.sh), and under Hugging Face
    # Transformers with DeepSpeed ZeRO-2 / ZeRO-3 and gradient checkpointing (benchmark/deepspeed.sh); Qwen3-30B-A3B
    # under Megatron-Core at PP 2 x EP 8 with full recomputation and no interleaved stages (moe/qwen3_moe.sh sets
    # none: with 2 micro-batches a step its pipeline idles a third of it), and under Transformers with ZeRO-3, its
    # experts run one by one (the hf-transformers stack). The dense rows are printed, not fitted: their
    # packed samples attend within their documents (lengths unpublished), so the planner's attention over the whole
    # pack is an upper bound there, as for torchtune's table.
    swift = runs["ms-swift-qwen25-14b-8k-8a800-megatron-deepspeed"]
    q14 = {k: swift["model"][k] for k in ("layers", "hidden", "heads", "kv_heads", "ffn_hidden", "vocab")}
    a800 = "a800-sxm4-80gb"
    for stack, label, zero, recompute, layout in (
        ("megatron-core", "megatron-lm", 1, "selective", {"tp": 4, "pp": 1, "dp": 2, "sequence_parallel": True}),
        ("hf-transformers", "deepspeed-zero2", 2, "full", {"tp": 1, "pp": 1, "dp": 8}),
        ("hf-transformers", "deepspeed-zero3", 3, "full", {"tp": 1, "pp": 1, "dp": 8}),
    ):
        cases.append(Case(swift["id"], f"ms-swift Qwen2.5-14B SFT 8K, 8 A800, {label}", {
            "task": "finetune", "model": q14, "seq_len": 8192, "precision": "bf16", "stack": stack,
            "training": {"global_batch": 16, "micro_batch": 1, "zero": zero, "recompute": recompute},
            "hardware": {"gpu": a800, "count": 8}, "parallelism": layout}, "step_time_s",
            swift["results"]["seconds_per_iteration"][label], "seconds per iteration as printed (packed: attention "
            "within documents)", tier="C", in_median=False))
    swift = runs["ms-swift-qwen3-30b-a3b-8k-16a800-megatron-deepspeed"]
    for stack, label, zero, layout in (
        ("megatron-core", "megatron-lm", 1, {"tp": 1, "pp": 2, "dp": 8, "ep": 8, "virtual_stages": 1}),
        ("hf-transformers", "deepspeed-zero3", 3, {"tp": 1, "pp": 1, "dp": 16}),
    ):
        cases.append(Case(swift["id"], f"ms-swift Qwen3-30B-A3B MoE SFT 8K, 16 A800, {label}", {
            "task": "finetune", "model": {"preset": "qwen3-30b-a3b"}, "seq_len": 8192, "precision": "bf16",
            "stack": stack, "training": {"global_batch": 16, "micro_batch": 1, "zero": zero, "recompute": "full"},
            "hardware": {"gpu": a800, "count": 16}, "parallelism": layout}, "step_time_s",
            swift["results"]["seconds_per_iteration"][label], "seconds per iteration as printed", tier="B"))

    # A user's Megatron-Core runs of Qwen3-30B-A3B on 16 H800 (Pai-Megatron-Patch issue 643): 8K tokens, micro-batch 1,
    # expert-TP 1, no recomputation, BF16, each row's layout and global batch, no interleaved stages (none stated:
    # Megatron's default); its token dropping at capacity 1.0 keeps routing balanced, as the planner assumes.
    pai = runs["pai-megatron-patch-qwen3-30b-a3b-8k-16h800"]
    for layout, seq, batch, gpus, seconds, _tokens in pai["workload"]["rows"]:
        pp, ep = (int(part[2:]) for part in layout.split()[1:])
        cases.append(Case(pai["id"], f"Pai-Megatron Qwen3-30B-A3B MoE 8K, {gpus} H800, PP {pp} x EP {ep}", {
            "task": "pretrain", "model": {"preset": "qwen3-30b-a3b"}, "seq_len": seq, "precision": "bf16",
            "stack": "megatron-core",
            "training": {"global_batch": batch, "micro_batch": 1, "zero": 1, "recompute": "none"},
            "hardware": {"gpu": "h800-sxm5-80gb", "count": gpus},
            "parallelism": {"tp": 1, "pp": pp, "dp": gpus // pp, "ep": ep, "virtual_stages": 1}},
            "step_time_s", seconds, "TimePerIter as printed", tier="B"))

    # Hugging Face's Ulysses runs of Qwen3-4B on 4 H100 (SP 4, ZeRO-3, gradient checkpointing), printed only: their
    # optimizer runs on the CPU, which the planner does not model (tier C).
    ulysses = runs["hf-blog-ulysses-sp-qwen3-4b-h100"]
    q4 = {k: ulysses["model"][k] for k in ("layers", "hidden", "heads", "kv_heads", "head_dim", "ffn_hidden", "vocab",
                                          "tied_embeddings")}
    for _config, gpus, sp, seq, tokens_per_s in ulysses["workload"]["rows"]:
        if sp == 1:
            continue
        cases.append(Case(ulysses["id"], f"HF Ulysses Qwen3-4B {seq // 1024}K, SP {sp}, {gpus} H100 [CPU optimizer]", {
            "task": "finetune", "model": q4, "seq_len": seq, "precision": "bf16", "stack": "hf-transformers",
            "training": {"global_batch": 8, "micro_batch": 1, "zero": 3, "recompute": "full"},
            "hardware": {"gpu": H100, "count": gpus}, "parallelism": {"tp": 1, "pp": 1, "dp": gpus // sp, "cp": sp}},
            "tokens_per_s_per_gpu", tokens_per_s / gpus, "whole job's tokens/s over its GPUs", tier="C",
            in_median=False))

    # MindFormers' Llama 2 recipes on Ascend 910B (Atlas 800T A2) under MindSpore: the layouts their configurations
    # set, the parallel optimizer (gradients reduce-scattered, each rank updating its slice of the weights and
    # optimizer states, the weights gathered back) as ZeRO-2; the 70B row's TP 4 runs over HCCS, whose bandwidth the
    # catalog lacks (printed only), as ModelLink's TP 8 row (tier C).
    ascend = runs["mindformers-model-library-llama2-atlas-800t-a2"]
    for preset, task, npus, tp, pp, dp, micro, steps, recompute, tokens in ascend["workload"]["rows"]:
        batch = micro * steps * dp  # micro-batches a step (accumulated or pipelined) x the data-parallel ranks
        cases.append(Case(ascend["id"], f"MindFormers {preset}, {npus} Ascend 910B, TP {tp} x PP {pp}", {
            "task": task, "model": {"preset": preset}, "seq_len": 4096, "precision": "bf16",
            "training": {"global_batch": batch, "micro_batch": micro, "zero": 2, "recompute": recompute},
            "hardware": {"gpu": "ascend-910b", "count": npus},
            "parallelism": {"tp": tp, "pp": pp, "dp": dp, "sequence_parallel": tp > 1}},
            "tokens_per_s_per_gpu", tokens, "tokens/s/p as printed", tier="B" if tp == 1 else "C",
            in_median=tp == 1))
    modellink = runs["modellink-llama2-7b-tp8-8npu"]
    cases.append(Case(modellink["id"], "ModelLink llama-2-7b, 8 Ascend 910B, TP 8 [HCCS not in the catalog]", {
        "task": "pretrain", "model": {"preset": "llama-2-7b"}, "seq_len": 4096, "precision": "bf16",
        "stack": "megatron-core", "training": {"global_batch": 16, "micro_batch": 4, "zero": 0, "recompute": "none"},
        "hardware": {"gpu": "ascend-910b", "count": 8}, "parallelism": {"tp": 8, "pp": 1, "dp": 1,
                                                                         "sequence_parallel": True}},
        "tokens_per_s_per_gpu", modellink["results"]["tokens_per_s_per_npu"], "tokens/s/p as printed", tier="C",
        in_median=False))

    run = runs["gptneox20b-96a100-40gb"]
    neox = {"layers": 44, "hidden": 6144, "heads": 64, "ffn_hidden": 24576, "vocab": 50432, "gated_mlp": False}
    cases.append(Case(run["id"], "GPT-NeoX-20B, 96 A100-40GB", {
        "task": "pretrain", "model": neox, "seq_len": 2048, "precision": "fp16",
        "training": {"global_batch": 1536, "zero": 1, "recompute": "full"},
        "hardware": {"gpu": "a100-sxm4-40gb", "count": 96, "network_gbps_per_node": 800},
        "parallelism": {"tp": 2, "pp": 4, "dp": 12}, "assumptions": {"flash_attention": False}}, "step_time_s",
        megatron_step_time_s(1536, 2048, 44, 6144, 50432, 96, 117),
        "117 TFLOP/s (secondhand; assumed to count recompute as eq. 3)", tier="C", in_median=False))
    return cases


@dataclass(frozen=True)
class Prepared:
    """A case's scenarios, parsed once: the scenario itself, and for a finite benchmark run its waves (a scenario
    each, with how many times it runs)."""
    case: Case
    scenario: Scenario
    waves: tuple[tuple[Scenario, int], ...] = ()


def prepare(case: Case, catalog: Catalog) -> Prepared:
    scenario = scenario_from_data(case.scenario, catalog)
    if case.requests is None:
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
        seconds = 0.0
        for scenario, count in prepared.waves:
            serving = estimate(scenario, alternatives=False, calibration=calibration).inference
            assert serving is not None and serving.replicas == 1
            seconds += count * (scenario.inference.batch or 1) * scenario.inference.output_tokens \
                / serving.output_tokens_per_s
        return case.requests * case.scenario["inference"]["output_tokens"] / seconds  # type: ignore[operator]
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


def fsdp_scale_out_cases(catalog: Catalog, striped: bool = False) -> list[Case]:
    """MosaicML's rows of one model at 2,048 tokens on several GPU counts (FSDP FULL_SHARD), each with its own
    micro-batch, accumulation and checkpointing: H100 80GB (network not stated: 1600 Gbps, as for the source's other
    rows) and A100 40GB (1600 Gbps RoCE, as its table states). `striped`: with assumptions.node_striped_collectives."""
    runs = published_runs()
    cases = []
    for run_id, gpu, name in (("mosaic-h100-bf16-fsdp-scale-out", H100, "H100"),
                              ("mosaic-a100-40gb-bf16-fsdp-scale-out", "a100-sxm4-40gb", "A100 40GB")):
        run = runs[run_id]
        for size, seq, gpus, micro, _accumulation, batch, tokens, checkpointing in run["results"]["rows"]:
            cases.append(Case(run_id, f"MPT-{size}, {gpus} {name}", {
                "task": "pretrain", "model": mpt_model(size), "seq_len": seq, "precision": "bf16", "stack": "fsdp",
                "training": {"global_batch": batch, "micro_batch": micro, "zero": 3,
                             "recompute": "full" if checkpointing else "none"},
                "hardware": {"gpu": gpu, "count": gpus, "network_gbps_per_node": 1600},
                "parallelism": {"tp": 1, "pp": 1, "dp": gpus},
                "assumptions": {"node_striped_collectives": striped}}, "tokens_per_s_per_gpu", tokens,
                "tokens/s per GPU as printed (llm-foundry: PyTorch FSDP)"))
    return cases


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


def gpu_hour_cases(catalog: Catalog) -> list[Case]:
    """Whole-run GPU-hour totals. They include failures, restarts and extra stages, so a good estimate at
    typical efficiency comes in under them: these are upper bounds, reported beside the estimate."""
    runs = published_runs()
    cases: list[Case] = []
    for run_id, preset, tokens, gpus, published in (
        ("llama2-7b-gpu-hours", "llama-2-7b", 2e12, 2048, runs["llama2-7b-gpu-hours"]["results"]["gpu_hours"]),
        ("llama2-70b-gpu-hours", "llama-2-70b", 2e12, 2048, runs["llama2-70b-gpu-hours"]["results"]["gpu_hours"]),
    ):
        cases.append(Case(run_id, f"{preset}, 2T tokens, 2048 A100 (count assumed)", {
            "task": "pretrain", "model": {"preset": preset}, "seq_len": 4096, "precision": "bf16",
            "training": {"tokens": tokens, "global_batch": 1024},
            "hardware": {"gpu": A100, "count": gpus, "network_gbps_per_node": 1600}},
            "gpu_hours", published, "model-card GPU-hours", in_median=False))
    llama1 = runs["llama1-7b-65b-gpu-hours"]
    for index, (layers, hidden, heads, ffn) in enumerate(((32, 4096, 32, 11008), (40, 5120, 40, 13824),
                                                          (60, 6656, 52, 17920), (80, 8192, 64, 22016))):
        tokens = llama1["workload"]["tokens"][index]
        cases.append(Case(llama1["id"], f"LLaMA-{llama1['model']['params_b'][index]:g}B, 2048 A100", {
            "task": "pretrain", "model": {"layers": layers, "hidden": hidden, "heads": heads, "ffn_hidden": ffn,
                                          "vocab": 32000},
            "seq_len": 2048, "precision": "bf16", "training": {"tokens": tokens, "global_batch": 2048},
            "hardware": {"gpu": A100, "count": 2048, "network_gbps_per_node": 1600}},
            "gpu_hours", llama1["results"]["gpu_hours"][index], "Table 15 GPU-hours", in_median=False))
    bloom = runs["bloom176b-total-run"]
    cases.append(Case(bloom["id"], "BLOOM-176B, 384 A100, 366B tokens", {
        "task": "pretrain",
        "model": {"layers": 70, "hidden": 14336, "heads": 112, "ffn_hidden": 57344, "vocab": 250680,
                  "gated_mlp": False, "tied_embeddings": True},
        "seq_len": 2048, "precision": "bf16",
        "training": {"tokens": 366e9, "global_batch": 2048, "zero": 1, "recompute": "full"},
        "hardware": {"gpu": A100, "count": 384, "network_gbps_per_node": 400},
        "parallelism": {"tp": 4, "pp": 12, "dp": 8}, "assumptions": {"flash_attention": False}},
        "gpu_hours", bloom["results"]["gpu_hours"], "measured GPU-hours (incl. failures)", in_median=False))
    mpt = runs["mpt7b-440a100-40gb-total"]
    cases.append(Case(mpt["id"], "MPT-7B, 440 A100-40GB, 1T tokens", {
        "task": "pretrain", "model": {"layers": 32, "hidden": 4096, "heads": 32, "ffn_hidden": 16384,
                                      "vocab": 50432, "gated_mlp": False, "tied_embeddings": True},
        "seq_len": 2048, "precision": "bf16", "training": {"tokens": 1e12, "global_batch": 1760, "zero": 3},
        "hardware": {"gpu": "a100-sxm4-40gb", "count": 440, "network_gbps_per_node": 1600},
        "parallelism": {"tp": 1, "pp": 1, "dp": 440}}, "gpu_hours", 440 * 9.5 * 24,
        "440 GPUs x 9.5 days", in_median=False))
    deepseek = runs["deepseek-v3-gpu-hours"]
    cases.append(Case(deepseek["id"], "DeepSeek-V3, 2048 H800, 14.8T tokens, FP8", {
        "task": "pretrain", "model": {"preset": "deepseek-v3"}, "seq_len": 4096, "precision": "fp8",
        "training": {"tokens": 14.8e12, "global_batch": 15360, "zero": 1},
        "hardware": {"gpu": "h800-sxm5-80gb", "count": 2048},
        "parallelism": {"tp": 1, "pp": 16, "dp": 128, "ep": 64},
        "assumptions": {"ep_overlap": 0.9}}, "gpu_hours", deepseek["results"]["gpu_hours"],
        "Table 1 pre-training GPU-hours (DualPipe: the all-to-all overlapped, 0.9 assumed)", in_median=False))
    l405 = runs["llama31-405b-gpu-hours"]
    cases.append(Case(l405["id"], "Llama 3.1 405B, 16K H100, 15.6T tokens", {
        "task": "pretrain", "model": {"preset": "llama-3.1-405b"}, "seq_len": 8192, "precision": "bf16",
        "training": {"tokens": 15.6e12, "global_batch": 2048, "zero": 2, "recompute": "none"},
        "hardware": {"gpu": H100, "count": 16384, "network_gbps_per_node": 3200},
        "parallelism": {"tp": 8, "pp": 16, "dp": 128, "virtual_stages": 8}}, "gpu_hours", l405["results"]["gpu_hours"],
        "model-card GPU-hours (incl. long-context and post-training stages)", in_median=False))
    return cases


def small_model_gpu_hour_cases(catalog: Catalog) -> list[Case]:
    """Whole runs of 1-3B models on tens to hundreds of A100 / H100, judged apart from the large ones: SmolLM2-1.7B
    and SmolLM3-3B (Hugging Face, nanotron), TinyLlama-1.1B (its README's hours for 300B tokens at its measured
    rate), Pythia-1B (64 A100, the paper's hours through TinyLlama's table, the layout its config states) and
    MPT-1.3B (440 A100, 'about half a day'). Where a layout or batch is not published the planner's own is
    replayed; MPT-1.3B's batch is MPT-7B's on the same 440 GPUs (1,760 sequences, assumed)."""
    runs = published_runs()
    gpt_neox = ({"zero": 1, "micro_batch": 16, "recompute": "full"}, {"tp": 1, "pp": 1, "dp": 64})  # its config
    cases: list[Case] = []
    for run_id, gpu, label, (training, layout) in (
        ("smollm2-1.7b-11t-256h100-gpu-hours", H100, "SmolLM2-1.7B, 11T tokens, 256 H100", ({}, None)),
        ("smollm3-3b-11t-384h100-24days", H100, "SmolLM3-3B, 11.2T tokens, 384 H100", ({}, None)),
        ("tinyllama-readme-a100-gpu-hours-300b", "a100-sxm4-40gb", "TinyLlama-1.1B, 300B tokens, 16 A100-40GB",
         ({}, None)),
        ("pythia-1b-64a100-gpu-hours", "a100-sxm4-40gb", "Pythia-1B, 300B tokens, 64 A100-40GB", gpt_neox),
        ("mpt-1b-redpajama-200b-440a100-half-day", "a100-sxm4-40gb", "MPT-1.3B, 200B tokens, 440 A100-40GB",
         ({"global_batch": 1760}, None)),
    ):
        run = runs[run_id]
        seq = run["model"]["seq_len"]
        batch = run["workload"].get("global_batch_sequences")
        if batch is None:  # tokens a step where published, else 2M tokens (assumed)
            tokens = run["workload"].get("global_batch_tokens")
            batch = round(tokens / seq) if isinstance(tokens, int | float) else 2**21 // seq
        scenario: dict[str, Any] = {
            "task": "pretrain", "model": {k: v for k, v in run["model"].items()
                                          if k not in ("name", "params_b", "seq_len")},
            "seq_len": seq, "precision": run["precision"],
            "training": {"tokens": run["workload"]["tokens"], "global_batch": batch, **training},
            "hardware": {"gpu": gpu, "count": run["hardware"]["count"]}}
        if layout is not None:
            scenario["parallelism"] = layout
        cases.append(Case(run_id, label, scenario, "gpu_hours", run["results"]["gpu_hours"],
                          "published GPU-hours", tier=run["tier"], in_median=False))
    return cases


L7B = {"layers": 32, "hidden": 4096, "heads": 32, "ffn_hidden": 11008, "vocab": 32000}


def _serve(model: dict[str, Any] | str, gpu: str, batch: int, n_in: int, n_out: int, engine: str, tp: int = 1,
           weights: str = "fp16", kv: str = "fp16") -> dict[str, Any]:
    return {"task": "inference", "model": model if isinstance(model, dict) else {"preset": model},
            "precision": "fp16",
            "inference": {"batch": batch, "input_tokens": n_in, "output_tokens": n_out, "weight_dtype": weights,
                          "kv_dtype": kv, "engine": engine},
            "hardware": {"gpu": gpu, "count": tp}, "parallelism": {"tp": tp}}


def gpt_fast_moe_pairs() -> list[tuple[Case, Case]]:
    """gpt-fast's batch-1 decode of Mixtral 8x7B and of Llama-2-70B on the same power-limited A100 80GB machine at
    TP 2, 4 and 8 (5-token prompt, 200 tokens assumed out, torch.compile: the vLLM profile stands in as for the Llama
    table): pairs (MoE, dense) of the same TP, judged as the ratio of their rates, the power limit cancelling."""
    runs = published_runs()
    moe = runs["gpt-fast-mixtral-8x7b-tp-a100-80gb-bs1"]
    dense = runs["gpt-fast-llama2-tp-a100-80gb-bs1"]
    pairs = []
    for tp, rate in moe["results"]["decode_tokens_per_s_by_tp"].items():
        cases = [Case(run["id"], f"gpt-fast {preset} bf16 decode bs1, {tp} A100 80GB (330 W)",
                      _serve(preset, A100, 1, 5, 200, "vllm", int(tp), "bf16", "bf16"), "tpot_s", 1.0 / value,
                      "1 / decode tokens/s at batch 1 (power-limited: judged as a ratio)", tier="B", in_median=False,
                      block="inference")
                 for run, preset, value in ((moe, "mixtral-8x7b", rate),
                                            (dense, "llama-2-70b",
                                             dense["results"]["decode_tokens_per_s_by_tp"]["llama-2-70b"][tp]))]
        pairs.append((cases[0], cases[1]))
    return pairs


TRTLLM_BENCH_MAX_BATCH = 4096  # trtllm-bench caps its batch at 4,096 requests (tensorrt_llm/bench/build/tuning.py)


def _kv_room(scenario: dict[str, Any], catalog: Catalog, cap: int) -> int:
    """The largest batch whose KV cache fits beside the weights (the planner's own sizing), at most `cap`."""
    room = estimate(scenario_from_data(scenario, catalog)).inference
    assert room is not None
    return max(1, min(room.max_batch, cap))


def _fitted_on_a100(gpu: str) -> str:
    """llama.cpp's HBM bandwidth share is fitted on its A100 decode rows; the H100 PCIe rows judge it."""
    return " [fitted]" if gpu == A100 else ""


def _llama_bench_tg(run_id: str, label: str, model: str, gpu: str, weights: str, tokens_per_s: float) -> Case:
    """llama-bench's tg test generates 128 tokens after no prompt: its tokens/s is one over the per-token time."""
    return Case(run_id, label, _serve(model, gpu, 1, 1, 128, "llama.cpp", 1, weights, "fp16"), "tpot_s",
                1.0 / tokens_per_s, "llama-bench tg (batch 1, no prompt): 1 / tokens/s", tier="B", block="inference")


def _trtllm_v09_cases(run: dict[str, Any]) -> list[Case]:
    """TensorRT-LLM v0.9.0's tables (a later campaign of the 2023 tables' page, its own source): static batches of
    the table's size (gptSessionBenchmark), output tokens/s per GPU, and batch-1 first-token latencies; FP8 weights
    and KV cache except on the A100 (FP16). The Mixtral 8x7B rows are MoE: judged, never fitted."""
    short = {"llama-2-7b": "7B", "llama-2-70b": "70B", "mixtral-8x7b": "Mixtral"}

    def column(gpu: str) -> tuple[str, str]:
        """(the weight and KV-cache dtype of the GPU's table, its short name)."""
        return ("fp16" if gpu == A100 else "fp8"), gpu.split("-")[0].upper()

    cases = []
    for gpu, rows in run["results"]["output_tokens_per_s_per_gpu"].items():
        weights, name = column(gpu)
        for model, batch, tp, n_in, n_out, published in rows:
            scenario = _serve(model, gpu, batch, n_in, n_out, "tensorrt-llm", tp, weights, weights)
            scenario["assumptions"] = {"static_batching": True}
            cases.append(Case(run["id"], f"TRT-LLM 0.9 {short[model]} {name} TP{tp} {weights} bs{batch} {n_in}/{n_out}",
                              scenario, "output_tokens_per_s_per_gpu", published,
                              "static batch, output tokens/s per GPU", tier="B", block="inference"))
    for gpu, rows in run["results"]["ttft_ms_batch1"].items():
        weights, name = column(gpu)
        for model, tp, n_in, milliseconds in rows:
            cases.append(Case(run["id"], f"TRT-LLM 0.9 TTFT {short[model]} {name} TP{tp} {weights} in{n_in}",
                              _serve(model, gpu, 1, n_in, 1, "tensorrt-llm", tp, weights, weights), "ttft_s",
                              milliseconds / 1000.0, "first-token latency, batch 1", tier="B", block="inference"))
    return cases


def inference_cases(catalog: Catalog) -> list[Case]:
    """Serving cases: TensorRT-LLM tables (2023, v0.9.0, 1.0), llama.cpp single-stream, MLPerf Inference v4.0 and
    v4.1 offline."""
    runs = published_runs()
    cases: list[Case] = []
    trt = runs["trtllm-v061-llama7b-a100-fp16-bs384"]
    rows = trt["results"]["same_table_other_rows"]
    for batch, n_in, n_out, published in ((384, 128, 128, trt["results"]["output_tokens_per_s"]),
                                          (60, 128, 2048, rows["bs60_128in_2048out"]),
                                          (52, 2048, 128, rows["bs52_2048in_128out"])):
        static = _serve(L7B, A100, batch, n_in, n_out, "tensorrt-llm")
        static["assumptions"] = {"static_batching": True}  # the v0.6.1 table's benchmark ran static batches
        cases.append(Case(trt["id"], f"TRT-LLM 7B A100 fp16 bs{batch} {n_in}/{n_out}", static,
                          "output_tokens_per_s", published, "static batch, output tokens/s", tier="B",
                          block="inference"))
    ttft = runs["trtllm-v05-ttft-a100-fp16-bs1"]["results"]
    l70 = "llama-2-70b"
    for label, model, gpu, tp, weights, key in (
        ("7B A100 fp16", L7B, A100, 1, "fp16", "ttft_ms_llama7b"),
        ("70B 4xA100 fp16", l70, A100, 4, "fp16", "ttft_ms_llama70b_tp4"),
        ("7B H100 fp8", L7B, H100, 1, "fp8", "h100_fp8_ttft_ms_llama7b"),
        ("70B 4xH100 fp8", l70, H100, 4, "fp8", "h100_fp8_ttft_ms_llama70b_tp4"),
    ):
        for n_in in (128, 2048):
            cases.append(Case("trtllm-v05-ttft-a100-fp16-bs1", f"TRT-LLM TTFT {label} in{n_in}",
                              _serve(model, gpu, 1, n_in, 1, "tensorrt-llm", tp, weights, weights),
                              "ttft_s", ttft[key][f"in{n_in}"] / 1000.0, "first-token latency", tier="B",
                              block="inference"))
    cases.extend(_trtllm_v09_cases(runs["trtllm-v09-perf-tables"]))
    for run_id, gpu, model, weights in (
        ("llamacpp-llama2-7b-f16-a100-80gb", A100, "llama-2-7b", "fp16"),
        ("llamacpp-llama2-7b-f16-h100-pcie", "h100-pcie-80gb", "llama-2-7b", "fp16"),
        ("llamacpp-llama2-13b-f16-h100-pcie", "h100-pcie-80gb", "llama-2-13b", "fp16"),
    ):
        run = runs[run_id]
        name = run["hardware"]["gpu"].split(" (")[0]
        label = f"llama.cpp {model} f16 decode, {name}{_fitted_on_a100(gpu)}"
        cases.append(_llama_bench_tg(run_id, label, model, gpu, weights, run["results"]["decode_tokens_per_s"]))
        cases.append(Case(run_id, f"llama.cpp {model} f16 prompt, {name}",
                          _serve(model, gpu, 1, 512, 1, "llama.cpp", 1, weights, "fp16"), "ttft_s",
                          512 / run["results"]["prompt_tokens_per_s"], "llama-bench pp512: 512 / prompt tokens/s",
                          tier="B", block="inference"))
    # GDDR cards: llama.cpp's GDDR bandwidth share and per-layer overhead are fitted on the RTX 3090 and 4090 rows
    # (labelled); the RTX A6000 and RTX 6000 Ada (GDDR6, other generations) judge them.
    gddr = runs["llamacpp-llama2-7b-gddr-gpus"]
    for gpu, rows in gddr["results"]["decode_tokens_per_s"].items():
        for quant, weights in (("f16", "fp16"), ("q4_0", "int4")):
            fitted = " [fitted]" if gpu in ("rtx-3090", "rtx-4090") else ""
            cases.append(_llama_bench_tg(gddr["id"], f"llama.cpp 7B {quant} decode, {gpu}{fitted}", "llama-2-7b",
                                         gpu, weights, rows[quant]))
    q4 = runs["llamacpp-llama2-70b-f16-oom-80gb"]["results"]["llama2_70b_q4_0_decode_tokens_per_s"]
    for gpu, key in ((A100, "A100_80GB"), ("h100-pcie-80gb", "H100_PCIe")):
        label = f"llama.cpp 70B q4_0 decode, {key}{_fitted_on_a100(gpu)}"
        cases.append(_llama_bench_tg("llamacpp-llama2-70b-f16-oom-80gb", label, l70, gpu, "int4", q4[key]))
    # MLPerf offline: the mean output per sample is derived in each record (tokens over samples per second). The
    # mean input length is in no record; it is assumed equal to v4.0's mean output (292) - an assumption of these
    # cases, flagged in the label. The 1000 W H200 (CTS) runs above the TGP of the catalog's H200 (700 W), which the
    # estimate models: printed only. NVIDIA's harness admits requests by the cache in use: its
    # trtllm_batch_sched_policy defaults to max_util (TensorRT-LLM's MAX_UTILIZATION) and the llama2-70b configs
    # leave it so, with kvcache_free_gpu_mem_frac 0.90. v4.1 ran the v4.0 configurations on newer software; its B200
    # (FP4, preview) has no configuration in v4.1: the memory share is the next round's (v5.0) for that system, and its
    # batch of 2,048 the ceiling on the KV room the planner sizes, as in v5.0.
    # kv_share: the configuration's memory share where it raises the harness's 0.90; its batch is then a ceiling.
    for run_id, gpu, tp, count, batch, n_out, weights, kv_share, label, judged in (
        ("mlperf-i40-llama2-70b-8h100", H100, 2, 8, 896, 292, "fp8", None, "MLPerf 70B 8xH100 fp8 (TP2 x4)", True),
        ("mlperf-i40-llama2-70b-8h200-700w", "h200-sxm-141gb", 1, 8, 806, 292, "fp8", None,
         "MLPerf 70B 8xH200 fp8 (TP1 x8)", True),
        ("mlperf-i40-llama2-70b-8h200-cts-1000w", "h200-sxm-141gb", 1, 8, 784, 292, "fp8", None,
         "MLPerf 70B 8xH200-1000W fp8 (TP1 x8)", False),
        ("mlperf-i41-llama2-70b-8h100", H100, 2, 8, 896, 290, "fp8", None, "MLPerf v4.1 70B 8xH100 fp8 (TP2 x4)", True),
        ("mlperf-i41-llama2-70b-8h200", "h200-sxm-141gb", 1, 8, 806, 291, "fp8", None,
         "MLPerf v4.1 70B 8xH200 fp8 (TP1 x8)", True),
        ("mlperf-i41-llama2-70b-1b200-fp4", "b200", 1, 1, 2048, 274, "fp4", 0.95,
         "MLPerf v4.1 70B 1xB200 fp4 [batch = KV room, at most v5.0's]", True),
        ("mlperf-i50-llama2-70b-1b200-fp4", "b200", 1, 1, 2048, 272, "fp4", 0.95,
         "MLPerf v5.0 70B 1xB200 fp4 [batch = KV room, at most 2048]", True),
    ):
        run = runs[run_id]
        scenario = _serve(l70, gpu, batch, 292, n_out, "tensorrt-llm", tp, weights, "fp8")
        scenario["hardware"]["count"] = count
        scenario["inference"]["kv_admission"] = "in-use"
        if kv_share is not None:  # the harness admits what the cache holds (max_util), at most the batch
            scenario["inference"]["kv_cache_memory_fraction"] = kv_share
            scenario["inference"]["batch"] = _kv_room(scenario, catalog, batch)
        cases.append(Case(run_id, label + " [input len assumed]", scenario, "output_tokens_per_s",
                          run["results"]["offline_tokens_per_s_total"],
                          "offline output tokens/s, whole node" if count > 1 else "offline output tokens/s, one GPU",
                          block="inference", in_median=judged))
    # TensorRT-LLM 1.0's maximum-load table (none of it fitted): at the batch the KV cache admits, as the planner
    # sizes it, up to the largest CUDA-graph batch the benchmark captures.
    run = runs["trtllm-v1-perf-overview-llama-h100-h200-fp8"]
    for model, by_gpu in run["results"]["total_output_tokens_per_s"].items():
        for gpu, rows in by_gpu.items():
            column = run["columns"][model][gpu]
            tp, weights = column["tp"], column["weights"]
            for lengths, published in rows.items():
                n_in, n_out = (int(n) for n in lengths.split("/"))
                scenario = _serve(model, gpu, 1, n_in, n_out, "tensorrt-llm", tp, weights, "fp8")
                scenario["inference"]["batch"] = _kv_room(scenario, catalog, TRTLLM_BENCH_MAX_BATCH)
                size = model.rsplit("-", 1)[1].upper()
                cases.append(Case(run["id"], f"TRT-LLM 1.0 {size} {gpu.split('-')[0].upper()} TP{tp} {weights} "
                                             f"{lengths} [batch = KV room]", scenario, "output_tokens_per_s",
                                  published, "total output tokens/s over the benchmark's requests", tier="B",
                                  block="inference", requests=run["workload"]["requests"][lengths]))
    # MoE decode at one user (tier C, printed only): an article's report of DeepSeek-R1 on 8 x H20 with SGLang and
    # multi-token prediction, 33 tokens/s, lengths unstated; the model (its H20 bandwidth bound by the SMs, an MoE
    # layer's routing work at their rate) still comes out about 3 x faster.
    run = runs["inspur-sglang-deepseek-r1-h20x8-fp8"]
    cases.append(Case(run["id"], "DeepSeek-R1 MoE decode, 8 x H20, 1 user [lengths assumed]",
                      _serve("deepseek-r1", "h20", 1, 1024, 1024, "vllm", 8, "fp8", "fp8"), "tpot_s",
                      1.0 / run["results"]["decode_tokens_per_s_single_user"], "1 / single-user decode tokens/s",
                      tier="C", in_median=False, block="inference"))
    # vLLM batch-1 decode, two sources: its HBM share is fitted on the A100 40GB run and judged on the H100 one.
    run = runs["vllm-llama31-8b-bf16-a100-40gb-sweep"]
    cases.append(Case(run["id"], "vLLM 8B bf16 decode, A100 40GB, C=1 [fitted]",
                      _serve("llama-3.1-8b", "a100-sxm4-40gb", 1, 1024, 128, "vllm", 1, "bf16", "bf16"), "tpot_s",
                      1.0 / run["results"]["decode_tokens_per_s_concurrency_1"], "1 / decode tokens/s at concurrency 1",
                      tier="B", block="inference"))
    run = runs["inferencebench-vllm-llama31-8b-fp16-h100"]
    cases.append(Case(run["id"], "vLLM 8B fp16 decode, H100 SXM, C=1 [prompt len assumed]",
                      _serve("llama-3.1-8b", H100, 1, 256, 128, "vllm", 1, "fp16", "fp16"), "tpot_s",
                      run["results"]["tpot_ms_p50"]["concurrency_1"] / 1000.0, "median TPOT at concurrency 1",
                      tier="B", block="inference"))
    # vLLM on one MI300X (MLPerf v4.1, AMD): the first vLLM and the first AMD serving run; batch and prompt length
    # are not published (vLLM's default 256 sequences and the 292-token prompts above are assumed).
    run = runs["mlperf-i41-llama2-70b-1mi300x-vllm"]
    cases.append(Case(run["id"], "MLPerf 70B 1xMI300X fp8 vLLM [batch, input len assumed]",
                      _serve(l70, "mi300x", 256, 292, 292, "vllm", 1, "fp8", "fp8"), "output_tokens_per_s",
                      run["results"]["offline_tokens_per_s_total"], "offline output tokens/s, one GPU",
                      block="inference"))
    # vLLM's latency script on 8 MI300X (TP 8), batch 1 to 256, 128 tokens in and out: each batch one static wave.
    run = runs["oci-blog-vllm-llama31-405b-fp8-8mi300x-latency"]
    for batch, tokens_per_s, _latency in run["results"]["rows"]:
        cases.append(Case(run["id"], f"vLLM 405B fp8 8xMI300X TP8 bs{batch} 128/128 [kv dtype assumed]",
                          _serve("llama-3.1-405b", "mi300x", batch, 128, 128, "vllm", 8, "fp8", "fp8"),
                          "output_tokens_per_s", tokens_per_s, "output tokens/s of one static batch",
                          tier="B", block="inference", requests=batch))
    cases.extend(_sglang_batch1_cases(runs))
    return cases


# A published quantization label -> the planner's weight dtype (AWQ and GPTQ: 4-bit integers, group 128).
QUANTIZATION_DTYPE = {"BF16": "bf16", "FP8": "fp8", "AWQ-INT4": "int4", "GPTQ-INT4": "int4"}
# SGLang's GPTQ-INT4 MoE path, which its source says 'needs improvement' (4-5 x slower than BF16): printed only.
PRINTED_ONLY_QUANTIZATION = "GPTQ-INT4"


def _sglang_batch1_cases(runs: Mapping[str, dict[str, Any]]) -> list[Case]:
    """SGLang's batch-1 decode: the Qwen3 speed benchmark on H20 (one-token prompt, 2,048 tokens: 1 / speed is the
    time per output token) and a blog's single-request table on an RTX PRO 6000 (lengths unstated: 256 in, 512 out
    assumed). BF16, FP8 and AWQ INT4 dense models, and MoE models (in the MoE group). SGLang's GDDR share, the 4-bit
    dequantization work and an MoE layer's routing work are fitted on the RTX PRO 6000 rows ("[fitted]"); the H20
    rows judge them, with the SM-bound GEMV stream fitted on gpt-fast's A100 run."""
    cases = []
    for run_id, gpu, n_in, n_out, label in (
            ("qwen3-speed-sglang-h20-batch1", "h20", 1, 2048, "H20 decode"),
            ("treeru-sglang-awq-rtx-pro-6000-batch1", "rtx-pro-6000-blackwell", 256, 512,
             "RTX PRO 6000 [fitted] [lengths assumed]")):
        run = runs[run_id]
        for row in run["results"]["rows"]:
            preset, quantization, published = row[0], row[1], row[-1]
            tp = row[2] if len(row) == 4 else 1
            weights = QUANTIZATION_DTYPE[quantization]
            scenario = _serve(preset, gpu, 1, n_in, n_out, "sglang", tp, weights, "bf16")
            cases.append(Case(run_id, f"SGLang {preset} {quantization} TP{tp} {label}", scenario, "tpot_s",
                              1.0 / published, "1 / single-stream tokens/s", tier=run["tier"], block="inference",
                              in_median=quantization != PRINTED_ONLY_QUANTIZATION))
    return cases


def memory_cases(catalog: Catalog) -> list[Case]:
    """Weight sizes against published files, in GiB per GPU (llama.cpp GGUF files: weights + scales); reserved
    training memory of published runs (printed only)."""
    runs = published_runs()
    sizes = runs["llamacpp-llama2-70b-f16-oom-80gb"]["results"]
    cases = []
    for preset, key in (("llama-2-7b", "7B"), ("llama-2-13b", "13B"), ("llama-2-70b", "70B")):
        for weights, table in (("fp16", "f16_weight_file_gb"), ("int4", "q4_0_weight_file_gb")):
            cases.append(Case("llamacpp-llama2-70b-f16-oom-80gb", f"{preset} {weights} weights (GGUF file)",
                              _serve(preset, "h200-sxm-141gb" if key == "70B" else A100, 1, 16, 16, "llama.cpp",
                                     1, weights), "weights", sizes[table][key], "file size, GiB",
                              tier="B", block="memory_gib_per_gpu"))
    # Reserved memory of the Trainy torchtitan runs (FSDP, Float8, torch.compile), printed only: the same
    # approximation of torchtitan's selective checkpointing as their throughput cases.
    for case in training_cases(catalog):
        if case.run_id.startswith("torchtitan-trainy-"):
            cases.append(Case(case.run_id, case.label.replace("torchtitan", "Reserved memory,"), case.scenario, "total",
                              runs[case.run_id]["results"]["memory_gib_reserved"], "max_reserved GiB per GPU",
                              tier="C", in_median=False, block="memory_gib_per_gpu"))
    return cases


def finetune_memory_cases(catalog: Catalog) -> list[Case]:
    """Peak allocated memory of LitGPT's LoRA / QLoRA fine-tuning on one A100 40GB (its resource tables): each row at
    the longest training example, 1,304 tokens, as the script runs it first; GB (1e9 bytes) turned into GiB. The
    bnb.nf4-dq rows are QLoRA as the planner models it (double-quantized constants); the bnb.nf4 rows (fp32
    constants) are not replayed."""
    run = published_runs()["litgpt-resource-tables-a100-40gb"]
    cases = []
    for preset, quantize, micro, gb in run["results"]["max_gpu_ram_gb"]:
        if quantize == "bnb.nf4":
            continue
        size = preset.rsplit("-", 1)[1].upper()
        what = f"QLoRA (NF4-DQ), micro-batch {micro}" if quantize else f"LoRA bf16, micro-batch {micro}"
        cases.append(Case(run["id"], f"LitGPT Llama 2 {size} {what}, A100 40GB", litgpt_lora_scenario(
            preset, "qlora" if quantize else "lora", micro), "tensors", gb * 1e9 / 2**30,
            "max_memory_allocated, GB as printed turned into GiB", tier="B", block="memory_gib_per_gpu"))
    return cases


def hf_full_finetune_memory_cases(catalog: Catalog) -> list[Case]:
    """Memory in use of a full fine-tune under Hugging Face Transformers with fp32 weights and Adam (usamec/
    lowmem_finetuning): the stack that keeps 16 bytes a parameter and ~10 bytes a token per vocabulary entry at the
    loss, judged on the planner's total with the hf-transformers stack (tier C: one run, GPU not stated)."""
    run = published_runs()["lowmem-finetuning-llama32-1b-fp32-adam"]
    scenario = {"task": "finetune", "model": {"preset": "llama-3.2-1b"}, "seq_len": 160, "precision": "fp32",
                "stack": "hf-transformers",
                "training": {"global_batch": 32, "micro_batch": 32, "recompute": "full", "tokens": 1e6},
                "hardware": {"gpu": "a100-sxm4-80gb", "count": 1}, "parallelism": {"tp": 1, "pp": 1, "dp": 1}}
    return [Case(run["id"], "HF Transformers Llama 3.2 1B full fine-tune, fp32 Adam, 32 x 160 tokens", scenario,
                 "total", run["results"]["memory_gib_in_use"], "memory in use (mem_get_info), GiB", tier="C",
                 in_median=False, block="memory_gib_per_gpu")]


# torchtune's 'Optimization flags' rows as the planner's settings: (torch.compile, chunked loss, checkpointing).
TORCHTUNE_FLAGS = {"+ Packed Dataset": (False, False, False), "+ Compile": (True, False, False),
                   "+ Chunked Cross Entropy": (True, True, False), "+ Activation Checkpointing": (True, True, True)}


def torchtune_flag_cases(catalog: Catalog) -> list[Case]:
    """Pure-bf16 full fine-tuning of Llama 3.2 3B on one A100 (torchtune's README table): peak active memory and
    tokens/s of eager PyTorch, then with torch.compile (the planner's fused kernels), a chunked loss and
    checkpointing added in turn (tier C: settings partly inferred; packs attend within their documents)."""
    run = published_runs()["torchtune-readme-llama32-3b-optimization-flags-a100"]
    cases = []
    for technique, gib, tokens_per_s in run["results"]["rows"]:
        compiled, chunked, checkpointed = TORCHTUNE_FLAGS[technique]
        assumptions: dict[str, Any] = {"fused_elementwise": compiled, "master_weights": False}
        if chunked:
            assumptions["logits_bytes"] = 0.0
        scenario = {"task": "finetune", "model": {"preset": "llama-3.2-3b"}, "seq_len": 4096, "precision": "bf16",
                    "assumptions": assumptions,
                    "training": {"global_batch": 2, "micro_batch": 2, "recompute": "full" if checkpointed else "none",
                                 "optimizer": "adamw", "tokens": 1e6},
                    "hardware": {"gpu": "a100-sxm4-80gb", "count": 1}, "parallelism": {"tp": 1, "pp": 1, "dp": 1}}
        label = f"torchtune Llama 3.2 3B bf16, A100, {technique}"
        cases.append(Case(run["id"], f"{label} (GiB)", scenario, "tensors", gib, "peak active memory, GiB",
                          tier="C", in_median=False, block="memory_gib_per_gpu"))
        cases.append(Case(run["id"], label, scenario, "tokens_per_s_per_gpu", tokens_per_s,
                          "tokens_per_second_per_gpu as logged", tier="C", in_median=False))
    return cases


def litgpt_lora_scenario(preset: str, task: str, micro_batch: int) -> dict[str, Any]:
    """LitGPT's finetune/lora.py (commit 8641822) on one A100 40GB: r 8 and dropout 0.05 on the query and value
    matrices (LitGPT drops once for both, the planner once for each, as PEFT does), batch 128,
    no recomputation, 16-bit weights (bf16-true), at its longest Alpaca example (1,304 Llama 2 tokens); eager
    PyTorch (no torch.compile, no fused kernels)."""
    return {"task": task, "model": {"preset": preset}, "seq_len": 1304, "precision": "bf16",
            "assumptions": {"fused_elementwise": False},
            "training": {"global_batch": 128, "micro_batch": micro_batch, "lora_rank": 8, "lora_targets": "qv",
                         "lora_dropout": 0.05, "recompute": "none", "tokens": 1e6},
            "hardware": {"gpu": "a100-sxm4-40gb", "count": 1}, "parallelism": {"tp": 1, "pp": 1, "dp": 1}}


def finetune_cases(catalog: Catalog) -> list[Case]:
    """LoRA time-to-train (MLPerf Training v4.0) and LoRA memory (Hu et al. 2021)."""
    runs = published_runs()
    lora = runs["mlperf-t40-llama2-70b-lora-8h100"]
    samples = lora["workload"]["samples_to_converge_run0"]
    minutes = lora["results"]["olympic_mean_min"]
    cases = [Case(lora["id"], "MLPerf Llama-2-70B LoRA, 8 H100 fp8 (days)", {
        "task": "lora", "model": {"preset": "llama-2-70b"}, "seq_len": 8192, "precision": "fp8",
        "training": {"global_batch": 8, "micro_batch": 1, "lora_rank": 16, "lora_targets": "attention",
                     "tokens": samples * 8192},
        "hardware": {"gpu": H100, "count": 8}, "parallelism": {"tp": 4, "pp": 1, "dp": 2}},
        "days", minutes / 1440.0,
        f"olympic mean {minutes} min for run 0's {samples} samples (times include evaluation)")]
    paper = runs["lora-gpt3-175b-vram"]
    cases.append(Case(paper["id"], "LoRA GPT-3 175B (r=4, q/v): model states, all GPUs", {
        "task": "lora", "model": gpt_model(96, 12288, 96, vocab=50257), "seq_len": 2048, "precision": "fp16",
        "training": {"global_batch": 64, "micro_batch": 1, "lora_rank": 4, "lora_targets": "qv",
                     "recompute": "full", "zero": 0},
        "hardware": {"gpu": A100, "count": 64}, "parallelism": {"tp": 8, "pp": 8, "dp": 1}},
        "cluster_model_states_gb", paper["results"]["training_vram_lora_gb"] * 1.0,
        "aggregate VRAM 350 GB (weights dominate; activations not separated in the paper)", tier="B"))
    return cases


def energy_cases(catalog: Catalog) -> list[Case]:
    """Energy per run: MLPerf's metered AC energy (against our expected draw), and the GPU-hours x TDP figures
    Llama and BLOOM publish (against the same accounting of our estimate)."""
    runs = published_runs()
    smc = runs["mlperf-t40-energy-llama2-70b-lora-8h100-smc"]
    lora = finetune_cases(catalog)[0]
    cases = [Case(smc["id"], "MLPerf LoRA 70B, 8 H100, metered AC energy (MWh)", lora.scenario, "energy_mwh",
                  smc["results"]["energy_per_run_kwh_ac"] / 1000.0, "trapezoid-integrated node AC power",
                  block="root")]
    by_id = {case.run_id: case for case in gpu_hour_cases(catalog)}
    for run_id, published_mwh, basis in (
        ("llama2-7b-gpu-hours", 184_320 * 0.4 / 1000.0, "GPU-hours x 400 W (model card)"),
        ("llama2-70b-gpu-hours", 1_720_320 * 0.4 / 1000.0, "GPU-hours x 400 W (model card)"),
        ("bloom176b-total-run", runs["bloom176b-total-run"]["results"]["energy_kwh_dynamic_gpu"] / 1000.0,
         "GPU-hours x 400 W TDP (Luccioni et al.)"),
    ):
        case = by_id[run_id]
        cases.append(Case(run_id, case.label + " (MWh)", case.scenario, "energy_mwh_gpu_tdp_basis", published_mwh,
                          basis + "; published GPU-hours include failures", in_median=False, block="root"))
    return cases


DLE = ("NVIDIA DeepLearningExamples, PyTorch/Classification/ConvNets/{model}/README.md, 'Training performance: "
       "NVIDIA DGX A100 (8x A100 80GB)' and 'DGX-1 (8x V100 16GB)' tables, PyTorch 21.03 NGC, mixed precision")


def vision_cases(catalog: Catalog) -> list[Case]:
    """Image-model training throughput measured by NVIDIA (not in published-runs.json; cited per case). The A100
    single-GPU rows were used to fit the activation-traffic factor (in-sample); the others are checks."""
    cases = []
    for preset, folder, gpu, gpus, published in (
        ("resnet-50", "resnet50v1.5", A100, 1, 2470), ("resnet-50", "resnet50v1.5", A100, 8, 16621),
        ("resnet-50", "resnet50v1.5", "v100-sxm2-32gb", 1, 1200), ("resnet-50", "resnet50v1.5", "v100-sxm2-32gb", 8,
                                                                   8322),
        ("efficientnet-b0", "efficientnet", A100, 1, 2489), ("efficientnet-b0", "efficientnet", A100, 8, 16652),
        ("efficientnet-b0", "efficientnet", "v100-sxm2-32gb", 1, 1301),
        ("efficientnet-b0", "efficientnet", "v100-sxm2-32gb", 8, 7789),
    ):
        cases.append(Case(f"dle-{preset}-{gpu}-{gpus}", f"{preset}, {gpus} x {gpu.split('-')[0].upper()}, AMP", {
            "task": "vision", "model": {"preset": preset}, "precision": "fp16",
            "images": {"batch": 256 * gpus}, "hardware": {"gpu": gpu, "count": gpus}},
            "images_per_s", published, DLE.format(model=folder) + " (V100 rows: 16 GB parts; the catalog's 32 GB "
            "part has the same 900 GB/s)", tier="B"))
    return cases


def diffusion_cases(catalog: Catalog) -> list[Case]:
    """MLPerf Training v3.1's stable_diffusion runs (published-runs.json, mlperf-t31-sd2-*): the SD 2 base U-Net at
    512 px on H100. Dell's 8-GPU run fitted the U-Net efficiency (in-sample); runs below the per-GPU batches the
    efficiency covers are printed but left out of the median."""
    cases = []
    for run in published_runs().values():
        if not run["id"].startswith("mlperf-t31-sd2-"):
            continue
        gpus, batch = run["hardware"]["count"], run["workload"]["global_batch_images"]
        cases.append(Case(run["id"], f"SD 2 U-Net, {gpus} x H100, {batch // gpus} images a GPU", {
            "task": "diffusion", "model": {"preset": "sd-2-base"}, "precision": "bf16",
            "images": {"batch": batch, "resolution": run["model"]["resolution_px"]},
            "hardware": {"gpu": "h100-sxm5-80gb", "count": gpus}},
            "images_per_s", run["results"]["images_per_s"], run["source"]["locator"],
            in_median=batch // gpus >= UNET_MIN_FITTED_MICRO_BATCH))
    return cases
