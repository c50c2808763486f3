"""Estimates against published measured runs, through the same path as `gpuplanner estimate`.
The tables print at the end of the test session (see conftest.pytest_terminal_summary)."""

from __future__ import annotations

import statistics

import pytest

from benchmarks.replay import (
    finetune_memory_cases,
    format_table,
    gpu_hour_cases,
    litgpt_lora_scenario,
    median_abs_error,
    published_runs,
    run_cases,
    training_cases,
)
from tests.conftest import VALIDATION_TABLES


@pytest.fixture(scope="module")
def training_results():
    from gpuplanner.catalog.store import Catalog

    catalog = Catalog(overrides_path=None)
    results = run_cases(training_cases(catalog), catalog)
    VALIDATION_TABLES.append(("Training step time / throughput vs published runs", format_table(results)))
    return results, catalog


@pytest.fixture(scope="module")
def cross_validated(training_results):
    from benchmarks.crossval import cross_validate, format_report, score_cases

    _, catalog = training_results
    rows = cross_validate(score_cases(catalog))
    VALIDATION_TABLES.append(("Training: shipped constants and refit (in-sample) beside leave-one-source-out "
                              "(out-of-sample), error %", format_report(rows)))
    return rows


def test_in_sample_errors_are_printed_beside_the_out_of_sample_ones(training_results, cross_validated) -> None:
    """The shipped constants on the runs they were fitted to (printed, not gated: they say little about the next
    user's run) and the same cases judged with their own source left out of the fit."""
    results, _ = training_results
    assert len([r for r in results if r.case.in_median]) >= 20
    assert len(cross_validated) == len([r for r in results if r.case.in_median])
    assert {r.scored.case.label for r in cross_validated} == {r.case.label for r in results if r.case.in_median}


def test_out_of_sample_errors_stay_within_todays_gate(cross_validated) -> None:
    """Gated on leave-one-source-out errors, in two regimes. The issue's targets are a median of 6 % and no case over
    15 %. Outside the scale-out regime (exposed data-parallel traffic between nodes under 10 % of the step) today's
    model reaches 3.3 % in the median over 79 dense cases from 28 sources; the gate holds today's figures, so a change
    that makes out-of-sample accuracy worse fails. Four cases are over 15 %, all from sources added 2026-12-03:
    - Oracle's two multi-node MLPerf v5.0 LoRA runs: 64 OCI nodes of H200 (TP 4 x CP 2 x DP 64, one sequence per
      replica a step) at 0.78 s a step (its logged losses, every 10 steps, agree with its blocks), 54 % slower than
      costed, where Cisco's same layout on 8 H100 nodes (DP 8) fits within 4 %; and 8 OCI nodes of B200 at CP 8,
      28 % slower, where NVIDIA's CP 8 runs on GB200 and the four single-node B200 runs of the same round (Lambda,
      Lenovo, Oracle, Supermicro, within 0.8 % of each other) fit within 4 %: a per-step cost of synchronising
      nodes on short steps that the model does not have, or this site's.
    - NVIDIA's own MLPerf v5.0 Llama 3.1 405B on 512 H100 (TP 8 x PP 8 x CP 2, TE's TP overlap on): 16.6 % slow
      (2,048: 14.7 %, 8,192: 9.4 %), as Nebius's 405B on H200 (9 %) and NeMo's on H100 (6 %), while the LoRA runs
      fit. A TP overlap share replayed where a recipe states it (0.5-0.9, judged the same way) brings the 405B runs
      within a few % but the Megatron-LM H100 table, which states it too, 17-31 % fast and Krai's TP 2 LoRA 18 %
      fast, so the planner's default stays 0.
    - AMD's MLPerf v6.0 Llama 3.1 8B in MXFP4 on 8 MI350X: 15.5 % fast. CDNA 4 in FP4 has this one source (the same
      recipe on 8 MI355X), so out of sample it takes the efficiency of an unvalidated architecture; in sample the two
      servers split the calibration (0.835 fits the MI350X and leaves the MI355X 13.8 % slow): the MI350X (1,000 W)
      runs 1.25 x slower than the MI355X (1,400 W) where their FP4 peaks differ by 1.09 x, as in FP8 (+9-11 %); no
      sustained-clock figure for either is published (GPU.sustained_gemm_share).
    FP8 runs gather their sequence-parallel activations in FP8 (Transformer Engine casts before the all-gather;
    test_fp8_recipes_gather_sequence_parallel_activations_in_one_byte): with 16-bit all-gathers the median was 3.8 %
    and six cases were over 15 % (NVIDIA's 405B on 512 / 2,048 H100 19.0 / 17.1 %, HPE's one-node LoRA 17.5 %, now
    14.9 %). Then Nebius's FP4 LoRA on one B200 node 12.6 % (9.5 % before NVIDIA's MLPerf v6.0 runs on GB300 joined
    the Blackwell FP4 fit, 0.949 -> 0.94: the 405B on 512 and 2,048 GB300 comes out 2.0 and 3.1 % fast out of sample,
    the 8B on two trays 6.4 % slow, the first dense Blackwell Ultra runs), AMD's LoRA on 8 MI350X 11.7 %,
    Korthikanti's 530B at full recompute 10.9 %.
    Before the runs of 2026-12-03: 4.1 % and 15.2 % over 54 cases from 19 sources. FP8 attention
    (assumptions.fp8_attention, FlashAttention-3's ratio on Hopper) is what lets the runs that state it fit: without
    it Dell's TP 2 run and Krai's TP 4 runs were 8.5-15 % slow.
    Megatron-LM's H100 weak-scaling table (GPT models of 1.7B to 462B on 48 to 6,144 H100, BF16, July 2024) is
    replayed with the fp32 gradient reduction its code forces under --bf16: its four smallest models (TP 1-8, one DP
    rank a node's GPU on 6-48 nodes) are then in the scale-out regime, the 1.7B 16.5 % fast and the 32B 17.0 % slow;
    its five larger ones within 8.7 %.

    In the scale-out regime one job's published runs differ by site more than the model does: MLPerf v5.1's Llama 3.1
    8B at CP 2 x DP 32 on 64 B200 is 0.189-0.191 s a step at the University of Florida (InfiniBand) and at Oracle
    (RoCE) alike, 36-38 % faster than costed, while Cisco's same job at TP 2 x DP 64 on 128 H100 over Ethernet is 21 %
    slower than costed; costing the rings as striped over a node's NICs (node_striped_collectives) fits the B200
    sites and misses Cisco's and ZeRO-3 GPT-3 by 17-71 %. So the regime is banded apart, by its own out-of-sample
    errors (SCALE_OUT_*): 11.8 % median, 38.2 % worst over 15 dense cases from 8 sources, and its estimates say so; a
    third B200 site agrees with the first two (Nebius's 8B FP4 on two nodes is costed 18 % slow). Over all 94 dense
    cases: 4.1 % median.

    The mixture-of-experts runs fit one constant of their own, the share of a dense GEMM's efficiency their routed
    experts reach end to end (assumptions.moe_expert_efficiency, routing and token permutation included): with the
    experts costed as dense GEMMs 14 of the 16 runs from 3 sources came out fast (49.1 % median, 197.1 % worst: NeMo
    AutoModel +12..+58 %, MLPerf v6.0 DeepSeek-V3 on 512 / 2,048 / 8,192 GB200 +30 / +50 / +100 % and on 256 GB300
    -13 %, gpt-oss-20b on 8 and 72 GB200 +57 % and +94 % and on 8 and 72 GB300 +25 % and +90 %, Megatron-Bridge's
    Qwen3-30B-A3B 3.0 x while its Qwen3-235B-A22B came out 14 % slow). Fitted on all of them the share is 0.495
    (14.7 % median in sample); refitted without the source judged, 30.2 % median and 145.5 % worst out of sample
    (0.435, 15.0 %, 31.5 % and 158.5 % before an uneven pipeline was costed at its fullest stage: DeepSeek-V3's and
    Kimi K2's 61 layers on 4 and 8 stages hold 16 and 8 on the fullest, as MLPerf's layout "Et*4|(t*4|)*14tmL" does)
    (AutoModel -26..-40 % when the others fit it; MLPerf's DeepSeek-V3 keeps its measured loss of throughput per GPU
    with scale, 3,993 -> 3,375 -> 2,324 tokens/s from 512 to 8,192 GB200, which the model does not have: +55 % at
    8,192, while on 256 GB300 (TP 1, no recomputation) it runs 34 % faster than costed; gpt-oss on one rack +42-45 %;
    Megatron-Bridge's Qwen3-30B-A3B 2.6 x: the framework's recipe, not the hardware - AutoModel runs the same model at
    12,040 tokens/s per GPU on 8 H100 where that recipe reaches 5,275 on 16). The AutoModel runs are replayed with the
    routing their benchmark ran (FakeBalancedGate: a token's k experts consecutive, on one or two GPUs of one
    node)."""
    from benchmarks.crossval import _median_max, compute_bound_rows, scale_out_rows

    compute_bound = compute_bound_rows(cross_validated)
    errors = sorted(abs(r.out_of_sample) for r in compute_bound)
    median, worst = _median_max([r.out_of_sample for r in compute_bound])
    assert len(compute_bound) >= 79 and len({r.scored.source for r in compute_bound}) >= 28
    assert median <= 3.3, median
    assert worst <= 53.7, max(compute_bound, key=lambda r: abs(r.out_of_sample)).scored.case.label
    assert errors[-2] <= 27.8  # Oracle's LoRA on 64 B200 at CP 8
    assert errors[-3] <= 16.7  # NVIDIA's 405B on 512 H100
    assert errors[-4] <= 15.6  # AMD's Llama 3.1 8B in MXFP4 on 8 MI350X
    assert errors[-5] <= 15.0  # HPE's LoRA on one H200 node: the first not over 15 %
    assert errors[-6] <= 14.7  # NVIDIA's 405B on 2,048 H100
    assert errors[-7] <= 12.7  # Nebius's FP4 LoRA on one B200 node (9.5 % before the GB300 runs joined the fit)
    assert errors[-8] <= 11.7  # AMD's LoRA on 8 MI350X
    scale_out = scale_out_rows(cross_validated)
    assert len(scale_out) >= 15 and len({r.scored.source for r in scale_out}) >= 8
    median, worst = _median_max([r.out_of_sample for r in scale_out])
    assert median <= 11.85, median
    assert worst <= 38.3, max(scale_out, key=lambda r: abs(r.out_of_sample)).scored.case.label
    moe = [r for r in cross_validated if r.scored.moe]
    assert len(moe) >= 16 and len({r.scored.source for r in moe}) >= 3
    median, worst = _median_max([r.out_of_sample for r in moe])
    assert median <= 30.3, median
    assert worst <= 145.6, max(moe, key=lambda r: abs(r.out_of_sample)).scored.case.label
    assert _median_max([r.shipped for r in moe])[0] <= 14.8  # in sample, the fitted experts' efficiency


def test_published_runs_that_contradict_the_hardware_set_a_floor_no_model_that_keeps_its_order_beats() -> None:
    """Issue 19 asks for no case over 15 %. Three pairs of published runs make that unreachable for any model that
    predicts a job at least as fast on hardware at least as fast in every resource (benchmarks/conflicts.py):
    TensorRT-LLM 1.0's Qwen3-30B-A3B on GB200 measured 0.61 x and 0.68 x its B200 rows at 128/128 and 1000/1000
    (the same page's 20 dense pairs all have GB200 ahead), and Oracle's LoRA on 512 H200 0.68 x Cisco's on 64 H100
    with the same work per data-parallel rank. The planner keeps the order on every pair; the floors are the data's."""
    from benchmarks.conflicts import TARGET_PCT, conflict_rows
    from gpuplanner.catalog.store import Catalog

    rows = conflict_rows(Catalog(overrides_path=None))
    assert all(row.faster.predicted >= row.slower.predicted for row in rows)
    over = {row.slower.case.label: round(row.floor_pct, 1) for row in rows if row.floor_pct > TARGET_PCT}
    assert over == {"TRT-LLM 1.0 A3B B200 TP1 fp4 128/128 [batch = KV room]": 24.6,
                    "TRT-LLM 1.0 A3B B200 TP1 fp4 1000/1000 [batch = KV room]": 19.3,
                    "MLPerf Llama-2-70B LoRA, 64 H100, FP8 (Cisco)": 19.1}


def test_one_jobs_scale_out_runs_on_two_sites_agree_where_the_model_does_not(training_results) -> None:
    """The evidence for banding the scale-out regime rather than fitting it: MLPerf v5.1's Llama 3.1 8B FP8 on 8 B200
    nodes measured at the University of Florida (InfiniBand) and at Oracle (RoCE) within 1 % of each other, and the
    University's single node within 1 % of the model; on 8 and 16 nodes every one is costed over 30 % slow."""
    results, _ = training_results
    by_label = {r.case.label: r for r in results}
    one_node = by_label["MLPerf Llama 3.1 8B, 8 B200, FP8 (UF)"]
    uf, oracle = (by_label[f"MLPerf Llama 3.1 8B, 64 B200, FP8, CP 2 ({site})"] for site in ("UF", "Oracle"))
    assert abs(uf.case.published / oracle.case.published - 1) < 0.01
    assert abs(one_node.error_pct) < 2.0
    for label in (uf.case.label, oracle.case.label, "MLPerf Llama 3.1 8B, 128 B200, FP8, CP 2 (UF)"):
        assert by_label[label].error_pct > 30.0, label


def test_scale_out_estimates_are_banded_by_the_published_scale_out_runs() -> None:
    """A step whose exposed data-parallel traffic between nodes is 10 % or more gets at least the scale-out runs'
    out-of-sample median as its band, with a note giving the share and how those runs compare; the same job with
    room to hide that traffic keeps its group's band and no note."""
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.performance import SCALE_OUT_SHARE, cross_node_data_parallel_share
    from gpuplanner.core.validation_errors import (
        OUT_OF_SAMPLE_GPU_MEDIAN_PCT,
        OUT_OF_SAMPLE_MEDIAN_PCT,
        OUT_OF_SAMPLE_OVERALL_MEDIAN_PCT,
        SCALE_OUT_CASES,
        SCALE_OUT_OUT_OF_SAMPLE_MEDIAN_PCT,
        SCALE_OUT_SOURCES,
        SCALE_OUT_SPEED_RATIO,
    )
    from gpuplanner.service import estimate_for_scenario

    catalog = Catalog()
    job = {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "seq_len": 8192, "precision": "fp8"}
    thin = estimate_for_scenario({**job, "training": {"global_batch": 128},
                                  "hardware": {"gpu": "h100-sxm5-80gb", "count": 128, "network_gbps_per_node": 400}},
                                 catalog)
    share = cross_node_data_parallel_share(thin.training.step_breakdown_s, 16)
    assert share >= SCALE_OUT_SHARE
    assert thin.training.uncertainty_pct == SCALE_OUT_OUT_OF_SAMPLE_MEDIAN_PCT > 2 * OUT_OF_SAMPLE_OVERALL_MEDIAN_PCT
    low, median, high = SCALE_OUT_SPEED_RATIO
    notes = [str(w) for w in thin.warnings if "Data-parallel traffic between nodes" in str(w)]
    assert notes == [f"Data-parallel traffic between nodes is {share:.0%} of this step. Where it is 10% or more, "
                     f"published runs of one job differ by site: against {SCALE_OUT_CASES} of them "
                     f"({SCALE_OUT_SOURCES} sources) the estimate is {low:.2f}-{high:.2f} times the measured speed "
                     f"(median {median:.2f}), so the time band is ±{SCALE_OUT_OUT_OF_SAMPLE_MEDIAN_PCT:.0f}%."]
    roomy = estimate_for_scenario({**job, "hardware": {"gpu": "h100-sxm5-80gb", "count": 128}}, catalog)
    assert cross_node_data_parallel_share(roomy.training.step_breakdown_s, 16) < SCALE_OUT_SHARE
    assert roomy.training.uncertainty_pct == max(OUT_OF_SAMPLE_MEDIAN_PCT[("Hopper", "fp8")],
                                                 OUT_OF_SAMPLE_OVERALL_MEDIAN_PCT,
                                                 OUT_OF_SAMPLE_GPU_MEDIAN_PCT[("h100-sxm5-80gb", "fp8")])
    assert not any("Data-parallel traffic between nodes is" in str(w) for w in roomy.warnings)


def test_fsdp_scale_out_is_judged_on_mosaicmls_series(training_results) -> None:
    """Issue 19 item 15: the throughput a job keeps when it grows from one node to many. MosaicML's tables have MPT
    models at 2,048 tokens on several GPU counts (FSDP FULL_SHARD, each row's own micro-batch): six on H100 80GB
    (network not stated) and four on A100 40GB (1600 Gbps RoCE, as stated). Each row is judged as its throughput per GPU
    over the model's on its fewest GPUs, which takes out the model's level error. Measured, the series keep 93-136 % of
    it. On A100 40GB the model is within 19.1 % (median 3.9 %); on H100 it keeps 21 % for 13B at micro-batch 2 on 16-64
    GPUs (-78..-79 %) and 347 % for 70B going from micro-batch 2 on 32 GPUs to 8 on 64 (+194 %): it sends every rank's
    whole ZeRO-3 volume through that rank's own NIC share (a node's bandwidth / 8), where NCCL's rings cross a node once
    per channel over all of its NICs. assumptions.node_striped_collectives costs the rings that way: the H100 rows
    within 11.9 %, the table's median 4.1 %, but 70B on 64 A100 40GB at micro-batch 2, whose loss is real (36 % MFU
    against 49 % at micro-batch 4 on 128), 24.6 % fast, and in the training table the 2021 GPT-3 ZeRO-3 run on 1,536
    A100 72 % fast (its 1,536-rank rings of small chunks are latency-bound), Cisco's 8B on 64 and 128 H100 19 and 31 %
    fast and LLaMA-65B 17 % fast: so it is off by default, and an estimate whose cross-node data-parallel traffic is a
    fifth of its step or more says so and names it. The gates hold today's figures both ways (23 rows; off: median 16.2
    %, worst 194.2 % (15.6 % and 191.7 % at Hopper 16-bit's calibration before Megatron-LM's H100 table was replayed
    with fp32 gradients); on: 4.1 %, 24.6 %); both tables are printed with the others."""
    from benchmarks.replay import SCALE_OUT_TITLE, format_scale_out, fsdp_scale_out_cases, scale_out_rows

    _, catalog = training_results
    rows = scale_out_rows(run_cases(fsdp_scale_out_cases(catalog), catalog))
    VALIDATION_TABLES.append((SCALE_OUT_TITLE, format_scale_out(rows)))
    errors = sorted(abs(r.error_pct) for r in rows)
    assert len(rows) == 23
    assert statistics.median(errors) <= 16.3 and errors[-1] <= 194.3, errors
    striped = scale_out_rows(run_cases(fsdp_scale_out_cases(catalog, striped=True), catalog))
    VALIDATION_TABLES.append((SCALE_OUT_TITLE + ", with assumptions.node_striped_collectives",
                              format_scale_out(striped)))
    errors = sorted(abs(r.error_pct) for r in striped)
    assert statistics.median(errors) <= 4.1 and errors[-1] <= 24.7, errors


@pytest.fixture(scope="module")
def serving_cross_validated(training_results):
    from benchmarks.crossval_serving import cross_validate_serving, format_serving_report, serving_cases

    _, catalog = training_results
    calibration, rows = cross_validate_serving(serving_cases(catalog))
    VALIDATION_TABLES.append(("Serving: shipped constants and refit (in-sample) beside leave-one-source-out "
                              "(out-of-sample), error %", format_serving_report(calibration, rows)))
    return calibration, rows


def test_the_bands_shown_are_the_current_out_of_sample_table(cross_validated, serving_cross_validated) -> None:
    """core/validation_errors.py is generated by benchmarks/crossval.py --write from these very tables (the serving
    constants included: the shipped ones are the refit on every TensorRT-LLM run)."""
    from benchmarks.crossval import OUTPUT, generated_source

    assert OUTPUT.read_text(encoding="utf-8") == generated_source(cross_validated, serving_cross_validated), \
        "run: .venv/bin/python benchmarks/crossval.py --write"


def test_serving_out_of_sample_errors_stay_within_todays_gate(serving_cross_validated) -> None:
    """Serving, gated on leave-one-source-out errors (issue 19's targets: median 8 %, no case over 15 %). Every fit
    runs the same way from the same prior: on all TensorRT-LLM runs (what ships), and on all but each of its six
    sources (its 2023 docs, their v0.9.0 tables, MLPerf Inference v4.0, v4.1 and v5.0, the 1.0 table) to judge that
    one; vLLM's and llama.cpp's judged rows take the fit on all; a constant leaves its prior only for a mean error 0.1
    point lower. A fit is a coordinate descent with a move of two constants at once after each sweep: one constant at
    a time stalled where two trade against each other (FP4's share against Blackwell's bandwidth, the prefill share
    against the GEMM overlap and the all-reduce latency), and one MLPerf run added moved three constants to another
    stall with a higher error; with pair moves the fit on all runs lowers the mean capped error 6.23 -> 5.64 % and
    stays put with the 2024-25 MLPerf runs in or out (the all-reduce latency 7 or 8 us).
    Without FP4 (below) and MoE (judged only), 135 judged cases: median 6.0 %, 16 over 15 %, worst 27.0 %: ten of the
    v0.9.0 tables' 48 dense rows when they are left out (Llama 2 7B on one H200 24 % fast, where the H100 rows are
    within 10 %; 70B on L40S over PCIe 16-21 % fast; 70B at 2,048 / 2,048 tokens on one H200 18 % fast; the 70B first
    tokens of 128-token prompts on 4 H100 / H200 26-27 % slow, the 7B one of 2,048 on an L40S 22 % slow), two 2023
    first-token latencies at 128 tokens, two TensorRT-LLM 1.0 H100 rows at long outputs (15-17 % slow) and llama.cpp's
    H100 PCIe prompt and 13B decode rows. (The Hopper FP8 training calibration, which carries the serving constants from
    Hopper to the other architectures, moved 1.185 -> 1.221 -> 1.166 on 2026-12-03 with the LoRA and 405B runs added and
    FP8 all-gathers: 6.1 % and 15 over 15 % at 1.221; 5.3 % and 14 over 15 % before Megatron-LM's H100 table was
    replayed with fp32 gradients (Hopper 16-bit 1.13 -> 1.141), where the fits with a source left out settle elsewhere
    in the prefill-share / GEMM-overlap valley; the shipped errors moved by under 1 point each time. 4.9 %, 15 over 15 %
    and 35 % at worst before pair moves; 5.5 % and 16 before MLPerf v4.1.) MLPerf v4.1 (the v4.0 configurations on 8
    H100 and 8 H200 a round later, 12.5-12.9 % faster on software alone) comes out 9-10 % slow on the Hopper rows. FP4
    has three sources, which disagree: MLPerf's single B200 (v4.1 and v5.0) is 14-21 % faster than the shipped fit, and
    fitted on those two alone, TensorRT-LLM 1.0's 40 FP4 rows come out 12.7 % off in the median, 27.5 % at worst (15 of
    42 over 15 %; 13.6 % / 29.7 % with the Hopper FP8 calibration at 1.221, 14.2 % / 30.0 % before the fp32-gradient
    replay; 7.1 % / 20.2 % when that table was FP4's only source and they kept FP8's share): the band an FP4 plan
    carries is that median, and its warning gives both. Tensor parallelism over PCIe (the L40S rows at TP 2-8) is a
    group of its own: 17.5 % median, 21.4 % worst, the band such a plan carries. In sample, over the 184 dense and FP4
    cases: median 4.3 %, 15 over 15 % (13 with the Hopper FP8 calibration at 1.185 and 1.221; 4.1 % and 14 before the
    fp32-gradient replay; 4.9 % and 13 before pair moves). The 44 MoE rows (judged only; their experts' efficiency is
    the one the MoE training runs fit, assumptions.moe_expert_efficiency): 37.9 % median, 254.3 % worst, 36 over 15 %
    at 0.495 (34.7 %, 237.8 % and 37 at 0.435, before uneven pipelines were costed at their fullest stage)
    (51.9 %, 331 % and 35 with the experts costed as dense GEMMs: the H100 / H200 FP8 Mixtral and the Qwen3-30B-A3B
    rows came in; the A100 FP16 Mixtral throughputs went from 2-48 % to 32-54 % slow, their first-token times from
    +71 / -6 % to +113 / +79 %)."""
    from benchmarks.crossval_serving import _median_max, judged

    _, rows = serving_cross_validated
    dense = [r.out_of_sample for r in judged(rows) if r.case.group not in ("fp4", "moe")]
    median, worst = _median_max(dense)  # type: ignore[arg-type]
    assert len(dense) >= 135 and median <= 6.05 and worst <= 27.1, (median, worst)
    assert sum(abs(e) > 15.0 for e in dense) <= 16  # type: ignore[arg-type]
    fp4 = [r.out_of_sample for r in judged(rows) if r.case.group == "fp4"]
    fp4_median, fp4_worst = _median_max(fp4)  # type: ignore[arg-type]
    assert len(fp4) >= 42 and fp4_median <= 12.75 and fp4_worst <= 27.5, (fp4_median, fp4_worst)
    moe = [r.out_of_sample for r in judged(rows) if r.case.group == "moe"]
    moe_median, moe_worst = _median_max(moe)  # type: ignore[arg-type]
    assert len(moe) >= 44 and moe_median <= 38.0 and moe_worst <= 254.4, (moe_median, moe_worst)
    fitted_or_judged = [r for r in rows if not r.case.moe]
    shipped_median, _ = _median_max([r.shipped for r in fitted_or_judged])
    assert shipped_median <= 4.3 and sum(abs(r.shipped) > 15.0 for r in fitted_or_judged) <= 15


def test_every_serving_source_has_one_short_title_that_estimates_cite() -> None:
    """Serving estimates name the sources they were fitted and judged on by each source's short title in
    published-runs.json (core/validation_errors.SERVING_SOURCES, SERVING_FIT_SOURCES): each title has exactly one, and
    no two sources share one."""
    short_by_title: dict[str, set[str]] = {}
    for run in published_runs().values():
        if run["kind"].startswith("inference"):
            short_by_title.setdefault(run["source"]["title"], set()).add(run["source"].get("short_title", ""))
    assert all(len(names) == 1 and "" not in names for names in short_by_title.values()), short_by_title
    shorts = [next(iter(names)) for names in short_by_title.values()]
    assert len(set(shorts)) == len(shorts)


def test_the_serving_fit_leaves_a_valley_that_one_constant_at_a_time_cannot() -> None:
    """Two constants that act on the same runs (FP4's share and Blackwell's bandwidth on the B200 rows) can lower the
    error only together: each alone raises it. The coordinate sweep stops there; the pair move takes both steps, and
    a fit from that point goes on to the floor (on a made-up error surface, so the test says what the search does,
    not what the published runs say)."""
    from dataclasses import replace

    from benchmarks.crossval_serving import GRID, PRIOR, _coordinate_sweep, _pair_move

    start = replace(PRIOR, trtllm_fp8=0.4, trtllm_fp4=0.4, blackwell_bandwidth=0.9)  # every constant on its grid
    floor = {"trtllm_fp4": 0.45, "blackwell_bandwidth": 0.8}

    def score(calibration) -> float:
        moved = [getattr(calibration, name) != getattr(start, name) for name in floor]
        on_floor = all(getattr(calibration, name) == value for name, value in floor.items())
        return 3.0 if on_floor else 6.0 + sum(moved)

    assert all(getattr(start, name) in GRID[name] and floor.get(name, GRID[name][0]) in GRID[name] for name in GRID)
    assert _coordinate_sweep(score, start) == start  # one at a time: every move costs
    reached = _pair_move(score, start)
    assert (reached.trtllm_fp4, reached.blackwell_bandwidth) == (0.45, 0.8)
    assert reached == replace(start, **floor)  # nothing else moved
    assert _pair_move(score, reached) == reached  # and it stays


def test_estimates_carry_the_out_of_sample_band_widened_when_extrapolating(training_results) -> None:
    from gpuplanner.core.estimate import UNVALIDATED_ERROR_PCT, uncertainty_pct
    from gpuplanner.core.hardware import Precision
    from gpuplanner.core.validation_errors import (
        OUT_OF_SAMPLE_GPU_MEDIAN_PCT,
        OUT_OF_SAMPLE_MEDIAN_PCT,
        OUT_OF_SAMPLE_OVERALL_MEDIAN_PCT,
    )

    _, catalog = training_results
    a100, h100, b200, mi300x = (catalog.gpu(g) for g in ("a100-sxm4-80gb", "h100-sxm5-80gb", "b200", "mi300x"))
    floor = OUT_OF_SAMPLE_OVERALL_MEDIAN_PCT
    ampere = max(OUT_OF_SAMPLE_MEDIAN_PCT[("Ampere", "16-bit")], floor, OUT_OF_SAMPLE_GPU_MEDIAN_PCT[("a100-sxm4-80gb",
                                                                                                   "16-bit")])
    assert uncertainty_pct(a100, Precision.BF16, 64) == ampere
    assert uncertainty_pct(a100, Precision.BF16, 4096) == pytest.approx(1.5 * ampere)  # beyond 2,520 GPUs validated
    assert uncertainty_pct(h100, Precision.BF16, 64) == max(OUT_OF_SAMPLE_MEDIAN_PCT[("Hopper", "16-bit")], floor,
                                                            OUT_OF_SAMPLE_GPU_MEDIAN_PCT[("h100-sxm5-80gb", "16-bit")])
    # Blackwell FP8: five sources (NeMo's table and MLPerf runs). CDNA 3 FP8: five, MI300X and MI325X runs; since
    # the MI300X's GEMMs scale from its measured sustained clock (AMD's max-achievable rates) its own two runs are
    # within 1.2 % out of sample, and both parts' bands are the group's (the overall median, the floor, where higher).
    assert uncertainty_pct(b200, Precision.FP8, 8) == max(OUT_OF_SAMPLE_MEDIAN_PCT[("Blackwell", "fp8")], floor,
                                                          OUT_OF_SAMPLE_GPU_MEDIAN_PCT[("b200", "fp8")])
    mi325x = catalog.gpu("mi325x")
    assert uncertainty_pct(mi300x, Precision.FP8, 8) == max(OUT_OF_SAMPLE_MEDIAN_PCT[("CDNA 3", "fp8")], floor,
                                                            OUT_OF_SAMPLE_GPU_MEDIAN_PCT[("mi300x", "fp8")]) < 10.0
    assert uncertainty_pct(mi325x, Precision.FP8, 8) == max(OUT_OF_SAMPLE_MEDIAN_PCT[("CDNA 3", "fp8")], floor,
                                                            OUT_OF_SAMPLE_GPU_MEDIAN_PCT[("mi325x", "fp8")]) < 10.0
    assert uncertainty_pct(mi300x, Precision.BF16, 8) == UNVALIDATED_ERROR_PCT


def test_moe_training_bands_come_from_the_moe_runs() -> None:
    """A mixture-of-experts model is banded by the published MoE runs: at least their out-of-sample median error
    (the experts' efficiency refitted without the source judged), widened once where no MoE run was checked on its
    architecture and math width (and said in a warning)."""
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.estimate import EXTRAPOLATION_WIDENING, uncertainty_pct
    from gpuplanner.core.hardware import Precision
    from gpuplanner.core.validation_errors import (
        MOE_GROUPS,
        MOE_OUT_OF_SAMPLE_MEDIAN_PCT,
        MOE_SOURCES,
        OUT_OF_SAMPLE_MEDIAN_PCT,
        OUT_OF_SAMPLE_OVERALL_MEDIAN_PCT,
    )
    from gpuplanner.service import estimate_for_scenario

    catalog = Catalog()
    h100, a100 = catalog.gpu("h100-sxm5-80gb"), catalog.gpu("a100-sxm4-80gb")
    assert MOE_SOURCES >= 3 and ("Hopper", "16-bit") in MOE_GROUPS and ("Ampere", "16-bit") not in MOE_GROUPS
    assert uncertainty_pct(h100, Precision.BF16, 64, moe=True) == max(
        MOE_OUT_OF_SAMPLE_MEDIAN_PCT, OUT_OF_SAMPLE_MEDIAN_PCT[("Hopper", "16-bit")])
    dense_a100 = max(OUT_OF_SAMPLE_MEDIAN_PCT[("Ampere", "16-bit")], OUT_OF_SAMPLE_OVERALL_MEDIAN_PCT)
    widened = EXTRAPOLATION_WIDENING * max(MOE_OUT_OF_SAMPLE_MEDIAN_PCT, dense_a100)
    assert uncertainty_pct(a100, Precision.BF16, 64, moe=True) == pytest.approx(widened)
    assert uncertainty_pct(a100, Precision.BF16, 64) == pytest.approx(dense_a100)
    mixtral = {"task": "pretrain", "model": {"preset": "mixtral-8x7b"}, "seq_len": 4096}
    on_a100 = estimate_for_scenario({**mixtral, "hardware": {"gpu": "a100-sxm4-80gb", "count": 64}}, catalog)
    assert on_a100.training.uncertainty_pct == pytest.approx(widened)
    assert any("No published mixture-of-experts run on Ampere in 16-bit" in str(w) for w in on_a100.warnings)
    on_h100 = estimate_for_scenario({**mixtral, "hardware": {"gpu": "h100-sxm5-80gb", "count": 64}}, catalog)
    assert not any("mixture-of-experts" in str(w) for w in on_h100.warnings)


def test_gpu_hour_totals_within_a_third_under_or_a_quarter_over_the_published_ones() -> None:
    """Published whole-run totals include failures, restarts and evaluation; the estimates now count the expected
    interruptions and checkpoints too (goodput), so they are no longer upper bounds. Printed, not in a median:
    the runs' GPU counts changed during training (Llama 3's Table 4 lists stages on 8,192 and 16,384 GPUs), which a
    single count cannot say. An estimate may come in up to a third under: MPT-7B's run delivered 2,770 tokens/s
    per GPU, 60 % of the 4,641 its own 8-GPU benchmark measured (data loading, evaluation and scaling to 440 GPUs,
    which a step-time model does not see)."""
    from gpuplanner.catalog.store import Catalog

    catalog = Catalog(overrides_path=None)
    results = run_cases(gpu_hour_cases(catalog), catalog)
    VALIDATION_TABLES.append(("Whole-run GPU-hours (published totals include failures; the estimates count the "
                              "expected interruptions and checkpoints)", format_table(results)))
    for r in results:
        assert 0.65 * r.case.published <= r.predicted <= 1.25 * r.case.published, r.case.label


def test_no_published_run_that_ran_is_called_does_not_fit(training_results) -> None:
    """Every replayed training run, at its published layout, fits what the model says a GPU holds (Llama 3 405B at
    8K with TP 8, PP 16 and no recomputation was 104 GiB on 80 GiB: plain 1F1B was charged the interleaved
    schedule's warm-up, about twice the micro-batches it keeps)."""
    results, _ = training_results
    memory = [(r.case.label, r.result.memory_gib_per_gpu) for r in results if r.case.in_median]
    # What is allocated fits (a "tight" fit, without the allocator's reserve, runs: the estimate says so).
    called_too_big = [label for label, m in memory if m.allocated > m.capacity]
    assert called_too_big == []


def test_litgpt_fine_tuning_peaks_are_judged_and_what_ran_fits() -> None:
    """LitGPT's resource tables (published-runs: litgpt-resource-tables-a100-40gb): peak allocated memory of LoRA
    and QLoRA on one A100 40GB (eager PyTorch, LoRA dropout 0.05), judged, never fitted. The planner counts what an
    eager transformers-style layer keeps (benchmarks/saved_activations.py measures it equal, to 0.1 byte per token x
    hidden). LitGPT's 2023 layer keeps about 3 bytes per token x hidden less than that (its RMSNorm stays bf16: -4;
    one dropout for q and v together: -3; its V view holds the whole QKV output: +4), yet its peaks are 3-8 % above
    the estimates: some 10 % of its per-sequence memory is not accounted for. Today's gate: median 4.6 %, worst
    8.4 % (the issue's target for fine-tuning peaks: 10 %). Each run that ran fits the 40 GB card; its 13B at
    micro-batch 2 ran out of memory and does not fit here; its 7B at micro-batch 4 ran out too, which the estimate
    calls tight (what is allocated fits, what the allocator reserves does not)."""
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.service import estimate_for_scenario

    catalog = Catalog(overrides_path=None)
    results = run_cases(finetune_memory_cases(catalog), catalog)
    VALIDATION_TABLES.append(("Fine-tuning peak memory vs published runs (allocated tensors, GiB)",
                              format_table(results)))
    assert len(results) == 5
    assert median_abs_error(results) <= 4.7
    assert max(abs(r.error_pct) for r in results) <= 8.5
    assert all(r.result.fits for r in results)
    for preset, _, micro in published_runs()["litgpt-resource-tables-a100-40gb"]["results"]["out_of_memory"]:
        memory = estimate_for_scenario(litgpt_lora_scenario(preset, "lora", micro), catalog).memory_gib_per_gpu
        print(f"LitGPT {preset} micro-batch {micro}, out of memory on 40 GB: estimate {memory.allocated:.1f} GiB "
              f"allocated of {memory.capacity:.1f}")
        assert memory.allocated > memory.capacity if preset == "llama-2-13b" else memory.total > memory.capacity


FALCON_180B = {"name": "Falcon-180B", "layers": 80, "hidden": 14848, "heads": 232, "kv_heads": 8, "ffn_hidden": 59392,
               "vocab": 65024, "gated_mlp": False, "tied_embeddings": True}  # tiiuae/falcon-180B config.json


@pytest.mark.parametrize(("what", "scenario"), [
    ("QLoRA on 2 x A100 80GB", {"task": "qlora", "seq_len": 2048, "training": {
        "tokens": 1e7, "global_batch": 16, "micro_batch": 1, "recompute": "full"},
        "hardware": {"gpu": "a100-sxm4-80gb", "count": 2}}),
    ("LoRA with ZeRO-3 on 2 x 8 A100 80GB", {"task": "lora", "seq_len": 2048, "training": {
        "tokens": 1e7, "global_batch": 16, "micro_batch": 1, "zero": 3, "recompute": "full"},
        "hardware": {"gpu": "a100-sxm4-80gb", "count": 16}, "parallelism": {"tp": 1, "pp": 1, "dp": 16}}),
    ("full fine-tuning on 8 x 8 A100 80GB", {"task": "finetune", "seq_len": 2048, "training": {
        "tokens": 1e8, "global_batch": 64, "micro_batch": 1, "recompute": "full"},
        "hardware": {"gpu": "a100-sxm4-80gb", "count": 64}}),
    ("bf16 inference on 8 x A100 80GB", {"task": "inference", "inference": {
        "weight_dtype": "bf16", "kv_dtype": "bf16", "batch": 1, "input_tokens": 512, "output_tokens": 256},
        "hardware": {"gpu": "a100-sxm4-80gb", "count": 8}, "parallelism": {"tp": 8}}),
    ("GPTQ int4 inference on 8 x A100 40GB", {"task": "inference", "inference": {
        "weight_dtype": "int4", "kv_dtype": "fp16", "batch": 1, "input_tokens": 512, "output_tokens": 256},
        "hardware": {"gpu": "a100-sxm4-40gb", "count": 8}, "parallelism": {"tp": 8}}),
])
def test_falcon_180b_configurations_its_makers_published_fit(what, scenario) -> None:
    """Hugging Face's Falcon 180B hardware table (published-runs: falcon180b-hw-requirements): each configuration it
    lists runs, so none may be called "does not fit". The table gives installed memory, not usage, and no sequence
    length: 2,048 tokens, one sequence per GPU and recomputation are assumed for the fine-tuning rows."""
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.service import estimate_for_scenario

    result = estimate_for_scenario({**scenario, "model": FALCON_180B}, Catalog(overrides_path=None))
    assert result.model.params == pytest.approx(180e9, rel=0.01), what
    memory = result.memory_gib_per_gpu
    assert memory.allocated <= memory.capacity, what
