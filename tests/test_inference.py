"""Serving and fine-tuning estimates: published cases and the physics a senior engineer would check."""

from __future__ import annotations

import dataclasses

import pytest

from benchmarks.replay import (
    finetune_cases,
    format_table,
    inference_cases,
    median_abs_error,
    memory_cases,
    run_cases,
)
from gpuplanner.core.errors import InputError
from gpuplanner.core.estimate import estimate
from gpuplanner.core.inference import ServingWorkload, WeightFormat, engine_profile, kv_cache_bytes, weight_bytes
from gpuplanner.core.results import Estimate, ServingFigures
from gpuplanner.service import scenario_from_data
from tests.conftest import VALIDATION_TABLES


def run(catalog, scenario: dict) -> Estimate:
    return estimate(scenario_from_data(scenario, catalog))


@pytest.fixture(scope="module")
def serving_results():
    from gpuplanner.catalog.store import Catalog

    catalog = Catalog(overrides_path=None)
    serving = run_cases(inference_cases(catalog), catalog)
    tuning = run_cases(finetune_cases(catalog), catalog)
    memory = run_cases(memory_cases(catalog), catalog)
    VALIDATION_TABLES.append(("Inference latency / throughput vs published runs", format_table(serving)))
    VALIDATION_TABLES.append(("Fine-tuning time and memory vs published runs", format_table(tuning)))
    VALIDATION_TABLES.append(("Memory vs published files and runs", format_table(memory)))
    return serving, tuning, memory


def test_serving_median_error_within_fifteen_percent(serving_results) -> None:
    serving, tuning, _ = serving_results
    assert len(serving) >= 20
    assert median_abs_error(serving + tuning) <= 15.0


def test_llama_cpp_decode_on_rows_it_was_not_fitted_to(serving_results) -> None:
    """published-runs: llamacpp-llama2-7b-gddr-gpus. The GDDR share and per-layer cost are fitted on the RTX 3090
    and 4090 rows; the RTX A6000 and RTX 6000 Ada (GDDR6) judge them, within 12 % (they were 9-20 % slow when GDDR
    cards borrowed the HBM share and no forward pass had a fixed cost)."""
    serving, _, _ = serving_results
    judged = [r for r in serving if r.case.run_id == "llamacpp-llama2-7b-gddr-gpus" and "[fitted]" not in r.case.label]
    assert len(judged) == 4
    for r in judged:
        assert abs(r.error_pct) <= 12.0, r.case.label


def test_tensorrt_llm_profile_against_a_release_it_was_not_fitted_to(serving_results) -> None:
    """published-runs: trtllm-v1-perf-overview-llama-h100-h200-fp8. Every row of TensorRT-LLM 1.0's maximum-load
    table for Llama 3.1 8B and 3.3 70B on H100 and H200 (40), judged by the profile fitted on 2023 releases: median
    within 15 %, none off by more than 30 %, and long prompts with short outputs slow, as the engine's warning
    says."""
    serving, _, _ = serving_results
    judged = [r for r in serving if r.case.run_id == "trtllm-v1-perf-overview-llama-h100-h200-fp8"]
    assert len(judged) == 40
    assert median_abs_error(judged) <= 15.0
    assert max(abs(r.error_pct) for r in judged) <= 30.0
    assert all(r.error_pct < 0 for r in judged if " 2048/128 " in r.case.label)


def test_llama_cpp_pays_a_fixed_cost_per_layer_and_reads_gddr_faster(catalog) -> None:
    profile = engine_profile("llama.cpp")
    rtx, a100 = catalog.gpu("rtx-4090"), catalog.gpu("a100-sxm4-80gb")
    assert profile.bandwidth_efficiency(rtx) > profile.bandwidth_efficiency(a100)
    assert engine_profile("tensorrt-llm").bandwidth_efficiency(rtx) == engine_profile("tensorrt-llm") \
        .bandwidth_efficiency(a100)

    def tpot(preset: str) -> float:
        scenario = {"task": "inference", "model": {"preset": preset},
                    "inference": {"weight_dtype": "int4", "engine": "llama.cpp", "batch": 1, "input_tokens": 1,
                                  "output_tokens": 128},
                    "hardware": {"gpu": "a100-sxm4-80gb", "count": 1}, "parallelism": {"tp": 1}}
        return run(catalog, scenario).inference.tpot_s

    # Per-token time = weight bytes at the achieved bandwidth + layers x the per-layer cost: take the cost away
    # and what is left scales with the weights read (7B is about a tenth of 70B; the KV reads are tiny here).
    models = {preset: catalog.model(preset) for preset in ("llama-2-7b", "llama-2-70b")}
    assert profile.layer_overhead_s > 0
    streamed = {preset: tpot(preset) - model.layers * profile.layer_overhead_s for preset, model in models.items()}
    read = {preset: sum(weight_bytes(model, WeightFormat.INT4, profile)) for preset, model in models.items()}
    assert streamed["llama-2-7b"] / streamed["llama-2-70b"] == pytest.approx(
        read["llama-2-7b"] / read["llama-2-70b"], rel=0.05)


def test_memory_cases_within_ten_percent(serving_results) -> None:
    _, tuning, memory = serving_results
    for r in memory + [t for t in tuning if "memory" in t.case.metric or "gb" in t.case.metric]:
        assert abs(r.error_pct) <= 10.0, r.case.label


def test_kv_cache_counts_kv_heads_not_heads(catalog) -> None:
    """Llama-3-8B (8 KV heads) at 8k context is 1 GiB per sequence in fp16, not 4."""
    model = catalog.model("llama-3.1-8b")
    per_sequence = kv_cache_bytes(model, WeightFormat.FP16, 8192)
    assert per_sequence == 2**30
    assert kv_cache_bytes(model.with_overrides(kv_heads=32), WeightFormat.FP16, 8192) == 4 * 2**30


def test_int4_halves_int8_weight_bytes(catalog) -> None:
    model = catalog.model("llama-2-70b")
    profile = engine_profile("tensorrt-llm")
    int8, _ = weight_bytes(model, WeightFormat.INT8, profile)
    int4, _ = weight_bytes(model, WeightFormat.INT4, profile)
    embeddings = model.total_params - (model.total_params - model.embedding_params
                                       - model.hidden * (2 * model.layers + 1))
    assert int4 - embeddings * 2 == pytest.approx((int8 - embeddings * 2) / 2)


def test_moe_weights_use_total_params_and_compute_uses_active(catalog) -> None:
    mixtral = catalog.model("mixtral-8x7b")
    fp16, _ = weight_bytes(mixtral, WeightFormat.FP16, engine_profile("vllm"))
    assert fp16 == pytest.approx(mixtral.total_params * 2, rel=1e-6)
    dense_twin = mixtral.with_overrides(experts=1, experts_per_token=1)
    assert mixtral.forward_flops_per_token(1) == pytest.approx(
        dense_twin.forward_flops_per_token(1) + 2 * mixtral.mlp_params_per_expert * mixtral.layers
        + 2 * mixtral.router_params_per_layer * mixtral.layers, rel=1e-6)


def test_llama2_70b_fp16_does_not_fit_one_80gb_gpu(catalog) -> None:
    """published-runs: llamacpp-llama2-70b-f16-oom-80gb."""
    scenario = {"task": "inference", "model": {"preset": "llama-2-70b"},
                "inference": {"weight_dtype": "fp16", "engine": "llama.cpp"},
                "hardware": {"gpu": "a100-sxm4-80gb", "count": 1}, "parallelism": {"tp": 1}}
    result = run(catalog, scenario)
    assert result.fits is False
    assert any("Does not fit" in w for w in result.warnings)
    scenario["inference"]["weight_dtype"] = "int4"
    assert run(catalog, scenario).fits is True


def test_qlora_33b_fits_a_24gb_card_and_full_finetune_needs_several_80gb(catalog) -> None:
    llama33 = {"layers": 60, "hidden": 6656, "heads": 52, "ffn_hidden": 17920, "vocab": 32000}
    qlora = run(catalog, {"task": "qlora", "model": llama33, "seq_len": 512,
                          "training": {"global_batch": 16, "micro_batch": 1, "recompute": "full", "lora_rank": 64,
                                       "paged_optimizer": True, "tokens": 1e8},
                          "hardware": {"gpu": "rtx-4090", "count": 1}})
    assert qlora.fits is True, qlora.memory_gib_per_gpu
    full = run(catalog, {"task": "finetune", "model": llama33, "seq_len": 512,
                         "training": {"global_batch": 64, "tokens": 1e8}, "hardware": {"gpu": "a100-sxm4-80gb"}})
    assert full.count >= 4 and full.fits
    alone = run(catalog, {"task": "finetune", "model": llama33, "seq_len": 512,
                          "training": {"global_batch": 64, "tokens": 1e8},
                          "hardware": {"gpu": "a100-sxm4-80gb", "count": 1}})
    assert alone.fits is False


def test_qlora_pages_its_optimizer_by_default_as_its_recipe_does(catalog) -> None:
    """QLoRA (Dettmers et al. 2023) pages the optimizer states; counting them on the GPU added about 6 GiB of AdamW
    states at r = 64 on all linear layers of a 65B model and called a recipe that runs "does not fit"."""
    llama65 = {"layers": 80, "hidden": 8192, "heads": 64, "ffn_hidden": 22016, "vocab": 32000}
    base = {"task": "qlora", "model": llama65, "seq_len": 512, "hardware": {"gpu": "a100-sxm4-80gb", "count": 1},
            "training": {"global_batch": 16, "micro_batch": 1, "recompute": "full", "lora_rank": 64,
                         "tokens": 1e8}}
    paged = run(catalog, base)
    resident = run(catalog, {**base, "training": {**base["training"], "paged_optimizer": False}})
    assert paged.memory_gib_per_gpu.optimizer == 0.0
    assert resident.memory_gib_per_gpu.optimizer == pytest.approx(6.0, rel=0.15)  # 8 bytes x ~0.8 B adapter params
    assert run(catalog, {**base, "task": "lora"}).memory_gib_per_gpu.optimizer > 0  # LoRA keeps its states


@pytest.mark.parametrize(("task", "gpu", "count", "extra"), [
    ("qlora", "a100-sxm4-80gb", 2, {"training": {"global_batch": 16, "recompute": "full", "lora_rank": 64,
                                                 "paged_optimizer": True, "tokens": 1e8}}),
    ("lora", "a100-sxm4-80gb", 16, {"training": {"global_batch": 64, "zero": 3, "recompute": "full",
                                                 "tokens": 1e8}}),
    ("finetune", "a100-sxm4-80gb", 64, {"training": {"global_batch": 64, "zero": 3, "recompute": "full",
                                                     "tokens": 1e8}}),
    ("inference", "a100-sxm4-80gb", 8, {"inference": {"weight_dtype": "bf16"}}),
    ("inference", "a100-sxm4-40gb", 8, {"inference": {"weight_dtype": "int4"}}),
])
def test_falcon_180b_published_configurations_fit(catalog, task, gpu, count, extra) -> None:
    """HF Falcon-180B blog: the configurations the authors ran (tier C, feasibility only). Architecture from
    https://huggingface.co/tiiuae/falcon-180B/blob/main/config.json; 180B total as published."""
    falcon = {"layers": 80, "hidden": 14848, "heads": 232, "kv_heads": 8, "ffn_hidden": 59392, "vocab": 65024,
              "gated_mlp": False, "params": 180e9}
    scenario = {"task": task, "model": falcon, "seq_len": 2048, "hardware": {"gpu": gpu, "count": count}, **extra}
    assert run(catalog, scenario).fits is True


def test_users_and_latency_limits_size_the_replicas(catalog) -> None:
    """50 users, TTFT < 1 s, TPOT < 50 ms: every user is served within the limits, at that load."""
    def serve(users: int) -> ServingFigures:
        return run(catalog, {"task": "inference", "model": {"preset": "llama-2-70b"},
                             "inference": {"weight_dtype": "fp8", "kv_dtype": "fp8", "input_tokens": 1000,
                                           "output_tokens": 300, "concurrent_users": users, "max_ttft_s": 1.0,
                                           "max_tpot_s": 0.05},
                             "hardware": {"gpu": "h100-sxm5-80gb"}}).inference

    serving = serve(50)
    assert serving.replicas * serving.batch_per_replica >= 50  # room for every user at once
    assert serving.ttft_s <= 1.0 and serving.tpot_s <= 0.05  # measured at that load, not at batch 1
    assert serving.output_tokens_per_s_per_user == pytest.approx(1.0 / serving.tpot_s)
    assert serving.output_tokens_per_s <= 50 * serving.output_tokens_per_s_per_user * 1.0001
    assert serving.output_tokens_per_s > 10 * serving.output_tokens_per_s_per_user  # batched, not one user
    gpus = [serve(users).gpus_needed for users in (5, 50, 400)]
    assert gpus == sorted(gpus) and gpus[0] < gpus[-1]  # more users never need fewer GPUs


def test_engines_differ_on_the_same_gpu(catalog) -> None:
    base = {"task": "inference", "model": {"preset": "llama-2-7b"}, "hardware": {"gpu": "a100-sxm4-80gb", "count": 1}}
    speeds = {engine: run(catalog, {**base, "inference": {"engine": engine}}).inference.output_tokens_per_s
              for engine in ("tensorrt-llm", "vllm", "llama.cpp")}
    # llama.cpp (2023, per-layer launch cost) is the slowest on an HBM part. vLLM's batch-1 decode is fitted on 2026
    # runs and TensorRT-LLM's on its 2023 tables, so vLLM comes out ahead; the TensorRT-LLM result says how old its
    # profile is and what its check against TensorRT-LLM 1.0 showed.
    assert speeds["vllm"] > speeds["tensorrt-llm"] > speeds["llama.cpp"]
    trt = run(catalog, {**base, "inference": {"engine": "tensorrt-llm"}})
    assert any("2023" in str(w) for w in trt.warnings)


@pytest.mark.parametrize(("change", "field"), [
    ({"batch": 0}, "inference.batch"),
    ({"engine": "onnx"}, "inference.engine"),
    ({"weight_dtype": "int3"}, "inference.weight_dtype"),
    ({"kv_dtype": "int4"}, "inference.kv_dtype"),
    ({"max_tpot_s": -1.0}, "inference.max_tpot_s"),
])
def test_bad_serving_inputs_name_the_field(catalog, change: dict, field: str) -> None:
    with pytest.raises(InputError) as error:
        run(catalog, {"task": "inference", "model": {"preset": "llama-2-7b"}, "inference": change})
    assert error.value.field == field


def test_serving_workload_validates_directly(catalog) -> None:
    with pytest.raises(InputError):
        ServingWorkload(catalog.model("llama-2-7b"), output_tokens=-3)


def test_in_flight_batching_sizes_the_kv_cache_by_its_mean_occupancy(catalog) -> None:
    """A continuously batched sequence holds input + output / 2 tokens on average (new requests take the place of
    finished ones): vLLM, which preempts rather than reserves, admits more sequences than a cache sized for every
    sequence at full length, which is what TensorRT-LLM's default scheduler reserves."""
    from gpuplanner.core.inference import (
        ServingWorkload,
        kv_cache_bytes,
        max_batch_for_memory,
        serving_memory_bytes,
        usable_bytes,
    )

    model = catalog.model("llama-2-70b")
    gpu = catalog.gpu("h100-sxm5-80gb")
    workload = ServingWorkload(model=model, input_tokens=1000, output_tokens=2000, weight_format=WeightFormat.FP8,
                               kv_format=WeightFormat.FP8, engine="vllm")
    assert workload.mean_kv_tokens == workload.kv_tokens_reserved == 2000.0
    fixed = serving_memory_bytes(workload, gpu, 2, 1)
    room = usable_bytes(workload, gpu) - fixed["weights"] - fixed["activations"] - fixed["overhead"]
    per_token = kv_cache_bytes(model, WeightFormat.FP8, 1, 2)
    assert max_batch_for_memory(workload, gpu, 2) == int(room // (2000 * per_token))
    assert max_batch_for_memory(workload, gpu, 2) > int(room // (3000 * per_token)) * 1.4  # 3000 / 2000 more room
    # TensorRT-LLM's default scheduler (GUARANTEED_NO_EVICT) admits a request only with room for all of it.
    trt = dataclasses.replace(workload, engine="tensorrt-llm")
    assert trt.kv_tokens_reserved == 3000.0
    assert max_batch_for_memory(trt, gpu, 2) < max_batch_for_memory(workload, gpu, 2)


def test_in_flight_batching_runs_new_prompts_in_the_decode_passes(catalog) -> None:
    """With in-flight batching the prompts of the sequences that replace finished ones share the decode passes'
    weight reads, so a prompt-heavy load gains over static batches (prompts, then decode) and a decode-heavy one
    barely changes; per-request latencies (TTFT, TPOT) are the same either way."""
    def serve(n_in: int, n_out: int, static: bool) -> ServingFigures:
        return run(catalog, {"task": "inference", "model": {"preset": "llama-3.1-8b"},
                             "inference": {"weight_dtype": "fp8", "kv_dtype": "fp8", "batch": 256,
                                           "input_tokens": n_in, "output_tokens": n_out},
                             "assumptions": {"static_batching": static},
                             "hardware": {"gpu": "h100-sxm5-80gb", "count": 1}}).inference

    prompt_heavy = serve(2048, 128, False), serve(2048, 128, True)
    decode_heavy = serve(128, 2048, False), serve(128, 2048, True)
    assert prompt_heavy[0].output_tokens_per_s > 1.05 * prompt_heavy[1].output_tokens_per_s
    assert decode_heavy[0].output_tokens_per_s == pytest.approx(decode_heavy[1].output_tokens_per_s, rel=0.05)
    for inflight, static in (prompt_heavy, decode_heavy):
        assert (inflight.ttft_s, inflight.tpot_s) == (static.ttft_s, static.tpot_s)


def test_moe_decode_reads_only_the_experts_its_tokens_are_routed_to(catalog) -> None:
    """A decode step of gpt-oss-120b at batch 1 reads 4 of 128 experts a layer, not all 117B weights; with many
    tokens in the step every expert is read. A dense model reads all its weights either way."""
    from gpuplanner.core.inference import weight_bytes_read

    profile = engine_profile("tensorrt-llm")
    model = catalog.model("gpt-oss-120b")
    everything = sum(weight_bytes(model, WeightFormat.FP8, profile))
    one = weight_bytes_read(model, WeightFormat.FP8, profile, 1)
    # Batch 1: the dense weights plus k / E of the experts' bytes.
    experts = model.expert_params * 1.0
    assert one == pytest.approx(everything - experts * (1 - 4 / 128), rel=1e-9)
    assert one < 0.1 * everything  # 5.7B of 117B parameters are read
    assert weight_bytes_read(model, WeightFormat.FP8, profile, 4096) == pytest.approx(everything, rel=1e-6)
    # 64 tokens: a layer's expert is missed by all of them with probability (1 - 4/128)^64 = 13 %.
    assert weight_bytes_read(model, WeightFormat.FP8, profile, 64) == pytest.approx(
        everything - experts * (1 - 4 / 128) ** 64, rel=1e-9)
    dense = catalog.model("llama-2-7b")
    assert weight_bytes_read(dense, WeightFormat.FP16, profile, 1) == sum(weight_bytes(dense, WeightFormat.FP16,
                                                                                        profile))


def test_tensorrt_llm_is_planned_only_on_nvidia_gpus(catalog) -> None:
    """TensorRT-LLM runs on NVIDIA GPUs only: a serving plan on an AMD MI300X (the app's default engine is
    TensorRT-LLM) runs vLLM and says so; an H100 keeps TensorRT-LLM; llama.cpp stays llama.cpp on AMD."""
    from gpuplanner.service import estimate_for_scenario

    def serve(gpu: str, engine: str | None = None):
        inference = {"engine": engine} if engine else {}
        return estimate_for_scenario({"task": "inference", "model": {"preset": "llama-3.1-8b"},
                                      "inference": inference, "hardware": {"gpu": gpu}}, catalog)

    amd = serve("mi300x", "tensorrt-llm")
    assert any("TensorRT-LLM runs on NVIDIA GPUs only: Instinct MI300X is planned with vLLM" in str(w)
               for w in amd.warnings)
    assert amd.inference.tpot_s == pytest.approx(serve("mi300x", "vllm").inference.tpot_s)
    assert serve("mi300x").inference.tpot_s == pytest.approx(amd.inference.tpot_s)  # the default engine too
    nvidia = serve("h100-sxm5-80gb")
    assert not any("NVIDIA GPUs only" in str(w) for w in nvidia.warnings)
    assert nvidia.inference.tpot_s != pytest.approx(serve("h100-sxm5-80gb", "vllm").inference.tpot_s)
    llama = serve("mi300x", "llama.cpp")
    assert not any("NVIDIA GPUs only" in str(w) for w in llama.warnings)


def test_moe_serving_band_covers_the_one_moe_decode_report(catalog) -> None:
    """MoE serving has no validated run; its band is at least the error of the one report found (tier C, printed by
    benchmarks/validate.py: DeepSeek-R1 on 8 x H20 at one user, about 11x slower than modelled), and the plan's
    warning says the low-batch latency can be several times too fast."""
    from benchmarks.replay import inference_cases, run_case
    from gpuplanner.core.estimate import MOE_SERVING_ERROR_PCT

    (case,) = [c for c in inference_cases(catalog) if c.run_id == "inspur-sglang-deepseek-r1-h20x8-fp8"]
    result = run_case(case, catalog)
    assert not case.in_median and case.tier == "C"
    assert result.error_pct < -80.0  # predicted far faster than reported
    assert abs(result.error_pct) <= MOE_SERVING_ERROR_PCT
    assert result.result.inference.uncertainty_pct == MOE_SERVING_ERROR_PCT
    assert any("several times too fast" in str(w) for w in result.result.warnings)
