"""Estimates against published measured runs, through the same path as `gpuplanner estimate`.
The tables print at the end of the test session (see conftest.pytest_terminal_summary)."""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from typing import Any

import pytest

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.replay import (
    finetune_memory_cases,
    format_table,
    gpu_hour_cases,
    published_runs,
    run_cases,
    training_cases,
)
from tests.conftest import VALIDATION_TABLES


@pytest.fixture(scope="module")
def training_results():
    from gpuplanner.catalog.store import Catalog

    catalog = Catalog(overrides_path=None)
    results = run_cases(training_cases(), catalog)
    VALIDATION_TABLES.append(("Training step time / throughput vs published runs", format_table(results)))
    return results, catalog


@pytest.fixture(scope="module")
def cross_validated(training_results):
    from gpuplanner.calibration.refit import cross_validate, format_report, score_cases

    _, catalog = training_results
    rows = cross_validate(score_cases(catalog))
    VALIDATION_TABLES.append(("Training: shipped constants and refit (in-sample) beside leave-one-group-out "
                              "(out-of-sample), error %", format_report(rows)))
    return rows


def test_in_sample_errors_are_printed_beside_the_out_of_sample_ones(training_results, cross_validated) -> None:
    """The shipped constants on the runs they were fitted to (printed, not gated: they say little about the next
    user's run) and the same cases judged with their own independence group left out of the fit."""
    results, _ = training_results
    assert len([r for r in results if r.case.in_median]) >= 20
    assert len(cross_validated) == len([r for r in results if r.case.in_median])
    assert {r.scored.case.label for r in cross_validated} == {r.case.label for r in results if r.case.in_median}


def over_target(rows: list[tuple[str, str, float]], misses) -> tuple[list[str], list[str]]:
    """(cases over CASE_MAX_PCT that no known miss lists, listed cases now within it) of (run id, label, error %)."""
    from benchmarks.accuracy_targets import CASE_MAX_PCT, known_miss

    unlisted = [f"{label}: {error:+.1f}%" for run_id, label, error in rows
                if abs(error) > CASE_MAX_PCT and known_miss(misses, run_id, label) is None]
    mended = [label for run_id, label, error in rows
              if abs(error) <= CASE_MAX_PCT and known_miss(misses, run_id, label) is not None]
    return unlisted, mended


# The median targets are judged over every run the pool holds, the held-out sets once judged included. The sets
# judged on 2026-12-07 (published-runs.json from llamacpp-pr4766-rtx3090-llama-7b-f16-q4_0-tg128-pp512 on: framework
# PRs and issues, fine-tuning and FSDP tables from sources new to the file) put both over their targets: the model
# has not met them on today's evidence, and these two tests say so until it does.
MEDIANS_NOT_MET = pytest.mark.xfail(reason="median target not met on the pool since the 2026-12-07 held-out sets "
                                           "joined it (crossval.py prints the figure)", strict=False)


@MEDIANS_NOT_MET
def test_training_meets_its_median_target_out_of_sample(cross_validated) -> None:
    """Leave-one-group-out: the median target over dense runs outside the scale-out regime."""
    from benchmarks.accuracy_targets import TRAINING_MEDIAN_PCT
    from gpuplanner.calibration.refit import _median_max, compute_bound_rows

    median, _ = _median_max([r.out_of_sample for r in compute_bound_rows(cross_validated)])
    assert median <= TRAINING_MEDIAN_PCT, median


def test_training_meets_its_case_target_out_of_sample(cross_validated) -> None:
    """Leave-one-group-out: no case fitted on over the case target that benchmarks/accuracy_targets.py does not list
    with its reason (the held-out runs, fitted on by nothing, are judged as a set by benchmarks/unseen_runs.py and
    widen the bands they fall in)."""
    from benchmarks.accuracy_targets import TRAINING_KNOWN_MISSES
    from gpuplanner.calibration.refit import compute_bound_rows

    compute_bound = compute_bound_rows(cross_validated)
    assert len({r.scored.source for r in compute_bound}) >= 15  # independence groups, not submitters
    unlisted, mended = over_target([(r.scored.case.run_id, r.scored.case.label, r.out_of_sample)
                                    for r in cross_validated if r.scored.case.fitted], TRAINING_KNOWN_MISSES)
    if mended:
        VALIDATION_TABLES.append(("Training: listed as known misses, now within target", "\n".join(mended)))
    assert unlisted == []


def test_printed_bands_hold_the_runs_they_never_saw(cross_validated, serving_cross_validated) -> None:
    """Each independence group left out in turn, the band the others give holds at least the target share of its
    cases (training and serving alike), counted over cases and with each group weighing one (the coverage of a new
    source, whose runs miss together); the tables print per group and per band class."""
    from benchmarks.accuracy_targets import BAND_HELD_OUT_COVERAGE
    from gpuplanner.calibration.refit import band_coverage, band_of, format_bands, judged_runs
    from gpuplanner.calibration.refit_serving import (
        bands_of,
        format_serving_bands,
        serving_band_coverage,
        serving_band_of,
        serving_judged_runs,
    )
    from gpuplanner.core.results.uncertainty import held_out_inside, share_over_groups, training_bands

    _, serving_rows = serving_cross_validated
    VALIDATION_TABLES.append(("Training bands (80 % coverage over independence groups) and their held-out coverage",
                              format_bands(cross_validated)))
    VALIDATION_TABLES.append(("Serving bands (80 % coverage over independence groups) and their held-out coverage",
                              format_serving_bands(serving_rows)))
    for inside, judged in (band_coverage(cross_validated), serving_band_coverage(serving_rows)):
        assert judged >= 100 and inside / judged >= BAND_HELD_OUT_COVERAGE, (inside, judged)
    training, serving = judged_runs(cross_validated), serving_judged_runs(serving_rows)
    for runs, over_groups in ((training, share_over_groups(training, held_out_inside(training, training_bands,
                                                                                     band_of))),
                              (serving, share_over_groups(serving, held_out_inside(serving, bands_of(serving_rows),
                                                                                   serving_band_of)))):
        assert len({r.independence_group for r in runs}) >= 40 and over_groups >= BAND_HELD_OUT_COVERAGE, over_groups


def test_every_published_run_names_its_independence_group() -> None:
    """Runs of one recipe, benchmark round or vendor table share a group (they count once when held out): MLPerf
    submitters of one vendor's recipe in one round are one source."""
    runs = published_runs()
    assert all(isinstance(run.get("independence_group"), str) and run["independence_group"] for run in runs.values())
    amd_lora = {run["independence_group"] for run_id, run in runs.items()
                if run_id.startswith("mlperf-t51-llama2-70b-lora-8mi3")}
    assert len(amd_lora) == 1


def test_training_runs_on_hugging_face_transformers_modules_replay_on_their_profile() -> None:
    """A training run whose stated engine runs the model's Hugging Face Transformers modules (VectorLM and Training
    Hub under FSDP) is replayed on the hf-transformers profile: op-by-op norms, rotary and SwiGLU and the loss over
    fp32 logits. The fused FSDP profile prices VectorLM's LoRA rows on 2-4 GPUs 15-21 % fast and Training Hub's
    epochs 20-54 % fast; the sharding (FSDP, ZeRO) is the layout's, not the profile's."""
    runs = published_runs()
    checked = 0
    for run in runs.values():
        if "transformers" not in str(run.get("engine", "")).lower():
            continue
        for block in run.get("replay", []):
            if block["scenario"]["task"] != "inference":
                assert block["scenario"].get("stack") == "hf-transformers", block["label"]
                checked += 1
    assert checked >= 20


def test_published_runs_that_contradict_the_hardware_set_a_floor_no_model_that_keeps_its_order_beats() -> None:
    """The case target is no case over 15 %. Three pairs of published runs make that unreachable for any model that
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


def test_a_run_with_a_stated_checkpointing_phase_replays_that_phase_on_its_own(training_results) -> None:
    """GPUburnout-1B on one A100: the blog's smoke test ran with gradient checkpointing at 23,500 tokens/s, a figure
    of its own beside the card's whole-run ~28,535 (21 % faster, by a cause not printed; replayed as the smoke test
    ran). The smoke test, whose settings are stated, is within 10 %; the whole run is reported as it is."""
    results, _ = training_results
    rows = {r.case.label: r for r in results if r.case.run_id == "gpuburnout-1b-11.8b-tokens-1x-a100-80gb-throughput"}
    assert len(rows) == 2
    smoke = next(r for label, r in rows.items() if "smoke test" in label)
    whole = next(r for label, r in rows.items() if "whole run" in label)
    assert smoke.case.scenario["training"]["recompute"] == whole.case.scenario["training"]["recompute"] == "full"
    assert abs(smoke.error_pct) <= 10.0, smoke.error_pct


def test_scale_out_estimates_are_banded_by_the_published_scale_out_runs() -> None:
    """A step whose exposed data-parallel traffic between nodes is 10 % or more gets at least the scale-out runs'
    band, with a note giving the share and how those runs compare; the same job with room to hide that traffic
    keeps its group's band and no note."""
    from gpuplanner.calibration.published_fit import (
        SCALE_OUT_BAND,
        SCALE_OUT_CASES,
        SCALE_OUT_SOURCES,
        SCALE_OUT_SPEED_RATIO,
        TRAINING_BANDS,
    )
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.training.performance import SCALE_OUT_SHARE, cross_node_data_parallel_share
    from gpuplanner.service import estimate_for_scenario

    catalog = Catalog()
    job = {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "seq_len": 8192, "precision": "fp8"}
    thin = estimate_for_scenario({**job, "training": {"global_batch": 128},
                                  "hardware": {"gpu": "h100-sxm5-80gb", "count": 128, "network_gbps_per_node": 400}},
                                 catalog)
    share = cross_node_data_parallel_share(thin.training.step_breakdown_s, 16)
    assert share >= SCALE_OUT_SHARE
    # at least the scale-out band, and never narrower than the group's own
    band = max(SCALE_OUT_BAND[0], TRAINING_BANDS[("Hopper", "fp8")][0])
    assert thin.training.uncertainty_pct == band
    low, median, high = SCALE_OUT_SPEED_RATIO
    notes = [str(w) for w in thin.warnings if "Data-parallel traffic between nodes" in str(w)]
    assert notes == [f"Data-parallel traffic between nodes is {share:.0%} of this step. Where it is 10% or more, "
                     f"published runs of one job differ by site: against {SCALE_OUT_CASES} of them "
                     f"({SCALE_OUT_SOURCES} sources) the estimate is {low:.2f}-{high:.2f} times the measured speed "
                     f"(median {median:.2f}), so the time band is ±{band:.0f}%."]
    roomy = estimate_for_scenario({**job, "hardware": {"gpu": "h100-sxm5-80gb", "count": 128}}, catalog)
    assert cross_node_data_parallel_share(roomy.training.step_breakdown_s, 16) < SCALE_OUT_SHARE
    assert roomy.training.uncertainty_pct == TRAINING_BANDS[("Hopper", "fp8")][0]
    assert not any("Data-parallel traffic between nodes is" in str(w) for w in roomy.warnings)


def test_fsdp_scale_out_is_judged_on_mosaicmls_series(training_results) -> None:
    """MosaicML's MPT tables at 2,048 tokens on several GPU counts (FSDP FULL_SHARD), each row judged as its
    throughput per GPU over the model's on its fewest GPUs (the model's level error taken out). Costing the rings
    over every NIC of a node (assumptions.node_striped_collectives) meets the training median target here; the
    default (each rank's own NIC share) is printed beside it, since other published runs (ZeRO-3 GPT-3, Cisco's
    Ethernet runs) fit it and not the striped one."""
    from benchmarks.accuracy_targets import TRAINING_MEDIAN_PCT
    from gpuplanner.calibration.replay import SCALE_OUT_TITLE, format_scale_out, fsdp_scale_out_cases, scale_out_rows

    _, catalog = training_results
    rows = scale_out_rows(run_cases(fsdp_scale_out_cases(), catalog))
    VALIDATION_TABLES.append((SCALE_OUT_TITLE, format_scale_out(rows)))
    assert len(rows) >= 20
    striped = scale_out_rows(run_cases(fsdp_scale_out_cases(striped=True), catalog))
    VALIDATION_TABLES.append((SCALE_OUT_TITLE + ", with assumptions.node_striped_collectives",
                              format_scale_out(striped)))
    assert statistics.median(abs(r.error_pct) for r in striped) <= TRAINING_MEDIAN_PCT


@pytest.fixture(scope="module")
def serving_cross_validated(training_results):
    from gpuplanner.calibration.refit_serving import (
        cross_validate_serving,
        format_serving_classes,
        format_serving_report,
        serving_cases,
    )

    _, catalog = training_results
    calibration, rows = cross_validate_serving(serving_cases(catalog))
    VALIDATION_TABLES.append(("Serving: shipped constants and refit (in-sample) beside leave-one-group-out "
                              "(out-of-sample), error %", format_serving_report(calibration, rows)))
    VALIDATION_TABLES.append(("Serving by workload class: leave-one-group-out error %", format_serving_classes(rows)))
    return calibration, rows


def test_the_bands_shown_are_the_current_out_of_sample_table(cross_validated, serving_cross_validated) -> None:
    """calibration/published_fit.py is generated by benchmarks/crossval.py --write from these very tables (the serving
    constants included: the shipped ones are the refit on every TensorRT-LLM run)."""
    from benchmarks.crossval import OUTPUT
    from gpuplanner.calibration.refit import generated_source

    assert OUTPUT.read_text(encoding="utf-8") == generated_source(cross_validated, serving_cross_validated), \
        "run: .venv/bin/python benchmarks/crossval.py --write"


@MEDIANS_NOT_MET
def test_serving_meets_its_median_target_out_of_sample(serving_cross_validated) -> None:
    """Leave-one-group-out: the median target over dense models (FP4 and MoE apart)."""
    from benchmarks.accuracy_targets import SERVING_MEDIAN_PCT
    from gpuplanner.calibration.refit_serving import _median_max, judged

    _, rows = serving_cross_validated
    dense = [r.out_of_sample for r in judged(rows) if r.case.group not in ("fp4", "moe")]
    median, _ = _median_max(dense)  # type: ignore[arg-type]
    assert len(dense) >= 100 and median <= SERVING_MEDIAN_PCT, median


def test_serving_meets_its_case_target_out_of_sample(serving_cross_validated) -> None:
    """Leave-one-group-out: no judged case of the runs fitted on over the case target that
    benchmarks/accuracy_targets.py does not list with its reason (the held-out runs are judged as a set by
    benchmarks/unseen_runs.py)."""
    from benchmarks.accuracy_targets import SERVING_KNOWN_MISSES
    from gpuplanner.calibration.refit_serving import judged

    _, rows = serving_cross_validated
    unlisted, mended = over_target([(r.case.prepared.case.run_id, r.case.prepared.case.label, r.out_of_sample)
                                    for r in judged(rows) if r.case.prepared.case.fitted],
                                   SERVING_KNOWN_MISSES)  # type: ignore[misc]
    if mended:
        VALIDATION_TABLES.append(("Serving: listed as known misses, now within target", "\n".join(mended)))
    assert unlisted == []


def test_every_serving_source_has_one_short_title_that_estimates_cite() -> None:
    """Serving estimates name the sources they were fitted and judged on by each source's short title in
    published-runs.json (calibration/published_fit.SERVING_SOURCES, SERVING_FIT_SOURCES): each title has exactly
    one, and no two sources share one."""
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

    from gpuplanner.calibration.refit_serving import GRID, PRIOR, _coordinate_sweep, _pair_move

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


def test_estimates_carry_their_groups_band_widened_when_extrapolating(training_results) -> None:
    """A time band is its group's (calibration/published_fit.TRAINING_BANDS), widened once beyond the largest run
    judged; a group no run judged is unvalidated; each says what it rests on."""
    from gpuplanner.calibration.published_fit import LARGEST_VALIDATED_GPUS, TRAINING_BANDS
    from gpuplanner.core.estimates.result_parts import time_band
    from gpuplanner.core.hardware.hardware import Precision
    from gpuplanner.core.results.uncertainty import EXTRAPOLATION_WIDENING, UNVALIDATED_ERROR_PCT, Basis

    _, catalog = training_results
    a100, b200, mi300x = (catalog.gpu(g) for g in ("a100-sxm4-80gb", "b200", "mi300x"))
    ampere = TRAINING_BANDS[("Ampere", "16-bit")]
    band = time_band(PUBLISHED, a100, Precision.BF16, 64)
    assert (band.pct, band.basis) == ampere
    beyond = time_band(PUBLISHED, a100, Precision.BF16, LARGEST_VALIDATED_GPUS[("Ampere", "16-bit")] + 1)
    assert beyond.pct == pytest.approx(EXTRAPOLATION_WIDENING * ampere[0]) and beyond.basis == Basis.EXTRAPOLATED
    assert time_band(PUBLISHED, b200, Precision.FP8, 8).pct == TRAINING_BANDS[("Blackwell", "fp8")][0]
    # CDNA 3 FP8: six runs from five submitters of AMD's one MLPerf v5.1 recipe: one independence group.
    cdna3 = time_band(PUBLISHED, mi300x, Precision.FP8, 8)
    assert cdna3.basis == Basis.FEW_SOURCES and cdna3.pct >= TRAINING_BANDS[("CDNA 3", "fp8")][0]
    unseen = time_band(PUBLISHED, mi300x, Precision.BF16, 8)
    assert (unseen.pct, unseen.basis) == (UNVALIDATED_ERROR_PCT, Basis.UNVALIDATED)


def test_moe_training_bands_come_from_the_moe_runs() -> None:
    """A mixture-of-experts model is banded by the published MoE runs, widened once where no MoE run was judged on
    its architecture and math width (and said in a warning)."""
    from gpuplanner.calibration.published_fit import MOE_BAND, MOE_GROUPS, MOE_SOURCES
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.estimates.result_parts import time_band
    from gpuplanner.core.hardware.hardware import Precision
    from gpuplanner.core.results.uncertainty import EXTRAPOLATION_WIDENING
    from gpuplanner.service import estimate_for_scenario

    catalog = Catalog()
    h100, mi300x = catalog.gpu("h100-sxm5-80gb"), catalog.gpu("mi300x")
    # ms-swift's Qwen3-30B-A3B on A800 put Ampere among the groups with a published MoE run; CDNA 3 has none.
    assert MOE_SOURCES >= 3 and ("Hopper", "16-bit") in MOE_GROUPS and ("Ampere", "16-bit") in MOE_GROUPS
    assert ("CDNA 3", "fp8") not in MOE_GROUPS
    assert time_band(PUBLISHED, h100, Precision.BF16, 64, moe=True).pct == MOE_BAND[0]
    widened = EXTRAPOLATION_WIDENING * MOE_BAND[0]
    assert time_band(PUBLISHED, mi300x, Precision.FP8, 64, moe=True).pct == pytest.approx(widened)
    mixtral = {"task": "pretrain", "model": {"preset": "mixtral-8x7b"}, "seq_len": 4096}
    on_mi300x = estimate_for_scenario({**mixtral, "precision": "fp8", "hardware": {"gpu": "mi300x", "count": 64}},
                                      catalog)
    assert on_mi300x.training.uncertainty_pct == pytest.approx(widened)
    assert on_mi300x.training.uncertainty_basis == "extrapolated"
    assert any("No published mixture-of-experts run on CDNA 3 in fp8" in str(w) for w in on_mi300x.warnings)
    on_h100 = estimate_for_scenario({**mixtral, "hardware": {"gpu": "h100-sxm5-80gb", "count": 64}}, catalog)
    assert not any("No published mixture-of-experts run" in str(w) for w in on_h100.warnings)


def test_gpu_hour_totals_within_a_third_under_or_a_quarter_over_the_published_ones() -> None:
    """Published whole-run totals include failures, restarts and evaluation, which the estimates count as expected
    interruptions and checkpoints (goodput). Printed, not in a median: the runs changed GPU counts during training. An
    estimate may come in up to a third under: MPT-7B's run delivered 60 % of what its own 8-GPU benchmark measured
    (data loading, evaluation and scaling, which a step-time model does not see)."""
    from gpuplanner.catalog.store import Catalog

    catalog = Catalog(overrides_path=None)
    results = run_cases(gpu_hour_cases(), catalog)
    VALIDATION_TABLES.append(("Whole-run GPU-hours (published totals include failures; the estimates count the "
                              "expected interruptions and checkpoints)", format_table(results)))
    for r in results:
        assert 0.65 * r.case.published <= r.predicted <= 1.25 * r.case.published, r.case.label


def test_small_models_whole_runs_are_judged_against_their_own_margin() -> None:
    """1-3B models on tens to hundreds of GPUs (SmolLM2 / SmolLM3 on 256-384 H100, TinyLlama on 16 A100, Pythia-1B
    on 64 A100, MPT-1.3B on 440 A100): their published totals run 12-90 % above the step-time estimates, well past
    the large models' margin (the measured steady state of such models on H100, printed beside, is 8 % slow to 36 %
    fast: most of it is the whole run's). Judged as a class apart: no estimate above a published total by more than
    a quarter, each run inside the margin the other independence groups' small runs set (left out, printed), the
    margin the estimate states being all of them; a small model's long run states its class's margin, a large one
    the large runs'."""
    from gpuplanner.calibration.published_fit import (
        PUBLISHED_GPU_HOURS_EXCESS_PCT,
        SMALL_MODEL_GPU_HOURS_EXCESS_PCT,
        SMALL_MODEL_MAX_PARAMS_B,
    )
    from gpuplanner.calibration.replay import fsdp_scale_out_cases, small_model_gpu_hour_cases
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.estimates.training_notes import whole_run_margin_note
    from gpuplanner.core.models.model import ModelArch
    from gpuplanner.core.training.workload import TrainingWorkload

    catalog = Catalog(overrides_path=None)
    results = run_cases(small_model_gpu_hour_cases(), catalog)
    runs = published_runs()
    excess = {r.case.run_id: (r.case.published / r.predicted - 1.0) * 100.0 for r in results}
    lines = [format_table(results), "", "left out: each run's excess against the worst of the other groups' runs"]
    inside = 0
    for r in results:
        group = runs[r.case.run_id]["independence_group"]
        others = [e for run_id, e in excess.items() if runs[run_id]["independence_group"] != group]
        held = max(others)
        inside += excess[r.case.run_id] <= held
        lines.append(f"{r.case.label:<45} excess {excess[r.case.run_id]:+6.1f}%  others' worst {held:6.1f}%")
    lines.append(f"inside the margin left out: {inside} of {len(results)}")
    # The steady state beside them: MosaicML's measured step rates of 0.76-3B MPTs on H100 (FSDP), printed.
    steady = [r for r in run_cases(fsdp_scale_out_cases(), catalog)
              if r.case.label.split(",")[0] in ("MPT-760m", "MPT-1b", "MPT-3b")]
    lines += ["", "steady state, MosaicML's 0.76-3B MPTs on H100 (tokens/s per GPU, estimate over measured):",
              *(f"{r.case.label:<45} {r.error_pct:+6.1f}%" for r in steady)]
    VALIDATION_TABLES.append(("Whole-run GPU-hours of 1-3B models, judged apart", "\n".join(lines)))
    assert len({runs[r.case.run_id]["independence_group"] for r in results}) >= 4
    assert all(r.predicted <= 1.25 * r.case.published for r in results)
    worst, _median, count = SMALL_MODEL_GPU_HOURS_EXCESS_PCT
    assert count == len(results) and max(excess.values()) <= worst + 0.1
    assert worst > PUBLISHED_GPU_HOURS_EXCESS_PCT[0]  # the class's own margin, wider than the large runs'
    assert max(r.result.training.trainable_params for r in results) <= SMALL_MODEL_MAX_PARAMS_B * 1e9

    def margin(layers: int, hidden: int) -> str:
        model = ModelArch(name="x", layers=layers, hidden=hidden, heads=16, kv_heads=16, ffn_hidden=4 * hidden,
                          vocab=50000)
        return str(whole_run_margin_note(TrainingWorkload(model=model)))

    assert f"up to {worst:.0f}%" in margin(24, 2048)  # about 1.3B
    assert f"up to {PUBLISHED_GPU_HOURS_EXCESS_PCT[0]:.0f}%" in margin(32, 4096)  # about 6.7B


def test_no_published_run_that_ran_is_called_does_not_fit(training_results) -> None:
    """Every replayed training run, at its published layout, fits what the model says a GPU holds (Llama 3 405B at
    8K with TP 8, PP 16 and no recomputation was 104 GiB on 80 GiB: plain 1F1B was charged the interleaved
    schedule's warm-up, about twice the micro-batches it keeps)."""
    results, _ = training_results
    memory = [(r.case.label, r.result.memory_gib_per_gpu) for r in results if r.case.in_median]
    # What is allocated fits (a "tight" fit, without the allocator's reserve, runs: the estimate says so).
    called_too_big = [label for label, m in memory if m.allocated > m.capacity]
    assert [label for label in called_too_big if label not in RAN_BUT_CALLED_TOO_BIG] == []


# Runs that ran on the GPU the planner says they overflow, each a known gap with its reason. nanochat's d20 (561M,
# 32 x 2,048 tokens a GPU, no recomputation, torch.compile) on 80 GB H100s: the planner holds 74 GiB of activations
# (the eager ReLU-squared MLP's tensors and the 65,536-word logits in fp32 for 65,536 tokens) and 90 GiB in all;
# what torch.compile fuses and frees of these is not priced. whyNLP's TinyLlama (1.1B, Hugging Face Trainer with the
# repository's fused kernels, no checkpointing): 4 x 2,048 tokens on a 24 GB RTX 3090 / 4090 and 16 x 2,048 on an
# 80 GB A100; the planner holds 32 GiB on the 24 GB cards even with fused element-wise kernels (12.3 of it AdamW's
# FP32 master weights and moments), and how the runs held less is not printed.
RAN_BUT_CALLED_TOO_BIG = {"nanochat d20 (561M) base training, 8x H100, 32 x 2048 per GPU, DDP, 11.2B tokens",
                          "nanochat d20 (561M) base training, 8x H100, 32 x 2048 per GPU, DDP, 11.2B tokens "
                          "(rehaanahmad)",
                          "TinyLlama-1.1B HF Trainer pretrain, 1x RTX 3090, 2048 x batch 4, no checkpointing",
                          "TinyLlama-1.1B HF Trainer pretrain, 1x RTX 4090, 2048 x batch 4, no checkpointing",
                          "TinyLlama-1.1B HF Trainer pretrain, 8x A100 80GB DDP, 2048 x 16 x GA 8"}


def test_litgpt_fine_tuning_peaks_are_judged_and_what_ran_fits() -> None:
    """LitGPT's resource tables (litgpt-resource-tables-a100-40gb): LoRA and QLoRA peak allocated memory on one A100
    40GB, judged, never fitted, within the fine-tuning peak target. LitGPT's peaks run 3-8 % above the estimates (some
    10 % of its per-sequence memory is not accounted for). What ran fits the card; its 13B at micro-batch 2 ran out of
    memory and does not fit; its 7B at micro-batch 4 ran out too and is tight (what is allocated fits, not what the
    allocator reserves)."""
    from benchmarks.accuracy_targets import MEMORY_PEAK_PCT
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.service import estimate_for_scenario

    catalog = Catalog(overrides_path=None)
    results = run_cases(finetune_memory_cases(), catalog)
    VALIDATION_TABLES.append(("Fine-tuning peak memory vs published runs (allocated tensors, GiB)",
                              format_table(results)))
    assert len(results) == 5
    assert max(abs(r.error_pct) for r in results) <= MEMORY_PEAK_PCT
    assert all(r.result.fits for r in results)
    litgpt = next(r.case.scenario for r in results
                  if r.case.run_id == "litgpt-resource-tables-a100-40gb" and r.case.scenario["task"] == "lora")
    for preset, _, micro in published_runs()["litgpt-resource-tables-a100-40gb"]["results"]["out_of_memory"]:
        scenario = {**litgpt, "model": {"preset": preset}, "training": {**litgpt["training"], "micro_batch": micro}}
        memory = estimate_for_scenario(scenario, catalog).memory_gib_per_gpu
        print(f"LitGPT {preset} micro-batch {micro}, out of memory on 40 GB: estimate {memory.allocated:.1f} GiB "
              f"allocated of {memory.capacity:.1f}")
        assert memory.allocated > memory.capacity if preset == "llama-2-13b" else memory.total > memory.capacity


def test_a_hugging_face_full_fine_tune_keeping_fp32_states_and_vocabulary_wide_logits_is_judged() -> None:
    """The class of stacks that keep 16 bytes a parameter (fp32 weights, gradients and Adam moments) and the loss over
    a 128k vocabulary op by op: usamec/lowmem_finetuning's Llama 3.2 1B run (29.2 GiB in use), judged on the
    hf-transformers stack's total against the fine-tuning peak target; it fits a 40 GB card and not a 24 GB one."""
    from benchmarks.accuracy_targets import MEMORY_PEAK_PCT
    from gpuplanner.calibration.replay import hf_full_finetune_memory_cases
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.service import estimate_for_scenario

    catalog = Catalog(overrides_path=None)
    cases = hf_full_finetune_memory_cases()
    results = run_cases(cases, catalog)
    VALIDATION_TABLES.append(("Full fine-tuning memory in use under Hugging Face Transformers (GiB)",
                              format_table(results)))
    assert len(results) == 1 and abs(results[0].error_pct) <= MEMORY_PEAK_PCT
    for gpu, fits in (("a100-sxm4-40gb", True), ("rtx-4090", False)):
        scenario = {**cases[0].scenario, "hardware": {"gpu": gpu, "count": 1}}
        assert estimate_for_scenario(scenario, catalog).fits is fits, gpu


def test_pure_bf16_fine_tuning_memory_and_eager_time_are_judged_on_torchtunes_table() -> None:
    """torchtune's 'Optimization flags' table (Llama 3.2 3B, one A100, pure bf16: torch AdamW keeps its moments in
    bf16): every row's peak active memory within the fine-tuning peak target, and the eager row's tokens/s within the
    case target. The compiled rows are printed: torch.compile gains 27 % there, the planner's fused kernels 8 %."""
    from benchmarks.accuracy_targets import CASE_MAX_PCT, MEMORY_PEAK_PCT
    from gpuplanner.calibration.replay import torchtune_flag_cases
    from gpuplanner.catalog.store import Catalog

    catalog = Catalog(overrides_path=None)
    results = run_cases(torchtune_flag_cases(), catalog)
    VALIDATION_TABLES.append(("Pure-bf16 full fine-tuning, eager and compiled (torchtune's optimization flags)",
                              format_table(results)))
    memory = [r for r in results if r.case.metric == "tensors"]
    assert len(memory) == 4 and max(abs(r.error_pct) for r in memory) <= MEMORY_PEAK_PCT
    eager = next(r for r in results if r.case.metric == "tokens_per_s_per_gpu")
    assert "Packed Dataset" in eager.case.label and abs(eager.error_pct) <= CASE_MAX_PCT


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


def dao_2023_table_1() -> Iterator[tuple[str, dict[str, float], dict[str, Any]]]:
    """Dao 2023 (FlashAttention-2) Table 1, row by row: its key, its TFLOPs/s per kernel and the run as a scenario
    (GPT3 1.3B / 2.7B shapes, 2K / 8K tokens, about 1M tokens a step, 8 A100 in data parallel)."""
    shapes = {"gpt3-1.3b": (24, 2048, 16), "gpt3-2.7b": (32, 2560, 32)}
    for key, row in published_runs()[DAO_2023_TABLE_1]["results"]["tflops_per_gpu"].items():
        name, context = key.rsplit("-", 1)
        layers, hidden, heads = shapes[name]
        seq = int(context.rstrip("k")) * 1024
        yield key, row, {"task": "pretrain", "model": {"layers": layers, "hidden": hidden, "heads": heads,
                                                       "ffn_hidden": 4 * hidden, "vocab": 50257, "gated_mlp": False,
                                                       "tied_embeddings": True},
                         "seq_len": seq, "precision": "bf16",
                         "training": {"global_batch": 2**20 // seq, "tokens": 1e9},
                         "hardware": {"gpu": "a100-sxm4-80gb", "count": 8}, "parallelism": {"tp": 1, "pp": 1}}


DAO_2023_TABLE_1 = "flashattention2-paper-gpt3-a100-end-to-end"


def test_flashattention_1_against_2_end_to_end() -> None:
    """Dao 2023 (FlashAttention-2, Table 1) trains GPT3 1.3B and 2.7B at 2K and 8K tokens on 8 A100 with either
    kernel: FlashAttention-2 is 1.04-1.09 x FlashAttention-1 end to end at 2K and 1.29 x at 8K. Judged as the ratio
    of one model's two step times (the paper's FLOP convention drops out), each within the case target."""
    from benchmarks.accuracy_targets import CASE_MAX_PCT
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.service import estimate_for_scenario

    catalog = Catalog(overrides_path=None)
    lines = []
    for key, row, scenario in dao_2023_table_1():
        fa1, fa2 = (estimate_for_scenario({**scenario, "assumptions": {"flash_attention_version": version}},
                                          catalog).training.step_time_s for version in (1, 2))
        published = row["flashattention_2"] / row["flashattention"]
        error = (fa1 / fa2 / published - 1.0) * 100.0
        lines.append(f"{key:<14} published FA-2 / FA-1 {published:.3f}, error {error:+.1f}%")
        assert abs(error) <= CASE_MAX_PCT, key
    VALIDATION_TABLES.append(("FlashAttention-1 against -2, end to end (Dao 2023, Table 1)", "\n".join(lines)))


def test_attention_without_flashattention_end_to_end() -> None:
    """The same table's baseline without FlashAttention: Dao's GPT code (transformers' GPT2Config, dropout 0.1)
    computing attention in PyTorch ops, every score of the square through HBM. FlashAttention-2 is 1.38 x it at 2K
    and 2.8-3.1 x at 8K; judged as the ratio of one model's two step times, each within the case target unless
    benchmarks/accuracy_targets.py lists it with its reason."""
    from benchmarks.accuracy_targets import TRAINING_KNOWN_MISSES
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.service import estimate_for_scenario

    catalog = Catalog(overrides_path=None)
    lines: list[str] = []
    cases: list[tuple[str, str, float]] = []
    for key, row, scenario in dao_2023_table_1():
        without, fa2 = (estimate_for_scenario(
            {**scenario, "assumptions": {"flash_attention": flash, "fused_elementwise": False, "dropout": True}},
            catalog).training.step_time_s for flash in (False, True))
        published = row["flashattention_2"] / row["without"]
        error = (without / fa2 / published - 1.0) * 100.0
        cases.append((DAO_2023_TABLE_1, f"{key} without", error))
        lines.append(f"{key:<14} published FA-2 / without {published:.3f}, planner {without / fa2:.3f}, "
                     f"error {error:+.1f}%")
    VALIDATION_TABLES.append(("Attention without FlashAttention, end to end (Dao 2023, Table 1)", "\n".join(lines)))
    unlisted, mended = over_target(cases, TRAINING_KNOWN_MISSES)
    if mended:
        VALIDATION_TABLES.append(("Without FlashAttention: listed as known misses, now within target",
                                  "\n".join(mended)))
    assert unlisted == []


def test_long_context_attention_on_ampere_runs_at_flashattention2s_measured_rate(cross_validated) -> None:
    """XTuner's speed benchmark trains Llama 2 7B on 8 A100 at 8K to 256K tokens a sequence (Yi-34B and Llama 2 70B
    at 32K-128K on 32): attention grows from a fifth of the step to most of it. FlashAttention-2 priced at one share
    of peak fitted on 8K rows end to end (0.45) left them 20-27 % slow out of sample, the gap growing with
    attention's share (-5.9 % at 8K, -27.4 % at 256K); at its kernel's measured rate by sequence length (Dao 2023,
    Fig. 4: 58 % of peak at 8K, 61 % from 16K) each is within the case target and the 7B rows' errors no longer
    drift with the length (within 10 points of each other)."""
    from benchmarks.accuracy_targets import CASE_MAX_PCT

    rows = {r.scored.case.label: r.out_of_sample for r in cross_validated
            if r.scored.case.run_id.startswith("xtuner-") and "ulysses" in r.scored.case.run_id}
    one_node = [label for label in rows if label.startswith("XTuner llama2-7b") and ", 8 A100," in label]
    longer = [label for label in rows if any(f" {n}K," in label for n in (32, 128))
              and not label.startswith("XTuner llama2-70b 32K")]  # listed: 72 % of peak counted (accuracy_targets)
    assert len(one_node) == 4 and len(longer) == 5
    for label in (*one_node, *longer):
        assert abs(rows[label]) <= CASE_MAX_PCT, (label, rows[label])
    errors = [rows[label] for label in one_node]
    assert max(errors) - min(errors) <= 10.0, errors


def test_the_2026_workload_classes_are_judged_on_runs_of_their_own(training_results, cross_validated) -> None:
    """Each class judged apart (benchmarks.crossval.workload_class; its figures print with the report): 8K dense
    training on Ampere under FlashAttention-2 (Dao 2023's own 8K rows, XTuner's 8K-1M rows under DeepSpeed) within
    the case target out of sample or listed with its reason, where the attention kernel's rate on Ampere had left
    Dao's rows a quarter slow, and ms-swift's packed 8K runs on A800 under
    Megatron-Core and DeepSpeed (never fitted: the planner's attention over a whole pack is an upper bound) inside
    the Ampere band, each printed; Ascend 910B (MindFormers' recipes under MindSpore, ModelLink's under Megatron on
    torch_npu) judged each group by the other's fit, within the case target; the MoE classes judged with every other
    MoE run, each case within the case target or listed with its reason."""
    from benchmarks.accuracy_targets import CASE_MAX_PCT, TRAINING_KNOWN_MISSES
    from gpuplanner.calibration.published_fit import TRAINING_BANDS
    from gpuplanner.calibration.refit import workload_class
    from gpuplanner.core.results.uncertainty import Basis

    by_class: dict[str, list] = {}
    for row in cross_validated:
        name = workload_class(row)
        if name is not None:
            by_class.setdefault(name, []).append(row)
    ampere = by_class["dense on Ampere at 8K (DeepSpeed, Megatron)"]
    assert {r.scored.case.run_id for r in ampere} >= {"flashattention2-paper-gpt3-a100-end-to-end"}
    unlisted, _ = over_target([(r.scored.case.run_id, r.scored.case.label, r.out_of_sample) for r in ampere],
                              TRAINING_KNOWN_MISSES)
    assert unlisted == []
    results, _ = training_results
    packed = [r for r in results if r.case.run_id == "ms-swift-qwen25-14b-8k-8a800-megatron-deepspeed"]
    assert len(packed) == 3
    VALIDATION_TABLES.append(("ms-swift's packed 8K SFT on A800 (not fitted), error %",
                              "\n".join(f"{r.case.label}: {r.error_pct:+.1f}%" for r in packed)))
    assert all(abs(r.error_pct) <= TRAINING_BANDS[("Ampere", "16-bit")][0] for r in packed)
    # Ascend 910B: its GEMM efficiency fitted on its own published runs, each independence group judged by the
    # others' fit (MindFormers' recipes under MindSpore against ModelLink's under Megatron on torch_npu): within the
    # case target, where the unseen-architecture prior had left MindFormers' rows 22 % slow.
    ascend = by_class["Ascend 910B (MindSpore, Megatron on torch_npu)"]
    pct, basis = TRAINING_BANDS[("Da Vinci", "16-bit")]
    assert Basis(basis) in (Basis.FEW_SOURCES, Basis.JUDGED)
    assert len({r.scored.source for r in ascend}) >= 2
    assert all(abs(r.out_of_sample) <= min(pct + 0.05, CASE_MAX_PCT) for r in ascend), [
        (r.scored.case.label, round(r.out_of_sample, 1)) for r in ascend]
    assert len(by_class["MoE, experts one by one (Transformers, ZeRO-3)"]) >= 1
    assert len({r.scored.source for r in by_class["MoE grouped GEMMs, narrow experts / Ampere"]}) >= 3
    for name in ("MoE, experts one by one (Transformers, ZeRO-3)", "MoE grouped GEMMs, narrow experts / Ampere"):
        unlisted, _ = over_target([(r.scored.case.run_id, r.scored.case.label, r.out_of_sample)
                                   for r in by_class[name]], TRAINING_KNOWN_MISSES)
        assert unlisted == [], name


def test_the_once_refused_layouts_are_estimated_and_judged_on_published_runs_of_them(cross_validated) -> None:
    """Two layouts the planner refused are judged on published runs that use them, out of sample like any case:
    experts folded over tensor and data ranks (XTuner's Qwen3-235B-A22B on 256 H800 under Megatron-Core: EP 8 over
    TP 2 x DP 4, EP 32 over TP 2 x DP 16) and DeepSpeed-Ulysses on Hugging Face models (XTuner's Llama 2 7B / 70B and
    Yi-34B at SP 2-64 on 8-64 A100). Each is estimated as the layout it is (the note that EP spans TP x DP; the
    all-to-alls in the step), and each within the case target or listed with its reason; the classes print with
    the report."""
    from benchmarks.accuracy_targets import TRAINING_KNOWN_MISSES
    from gpuplanner.calibration.refit import FOLDED_EP_CLASS, ULYSSES_CLASS, workload_class
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.service import estimate_for_scenario

    catalog = Catalog(overrides_path=None)
    for name, run_ids in ((FOLDED_EP_CLASS, {"xtuner-megatron-moe-qwen3-235b-a22b-256h800"}),
                          (ULYSSES_CLASS, {"xtuner-llama2-7b-ulysses-8-32a100", "xtuner-yi-34b-ulysses-32a100",
                                           "xtuner-llama2-70b-ulysses-32-64a100"})):
        members = [r for r in cross_validated if workload_class(r) == name]
        assert {r.scored.case.run_id for r in members} >= run_ids, name
        for row in members:
            result = estimate_for_scenario(row.scored.case.scenario, catalog)
            assert result.training is not None
            if name == FOLDED_EP_CLASS:
                assert any("spans TP x DP" in str(w) for w in result.warnings), row.scored.case.label
            else:
                assert result.layout.cp > 1 and result.training.step_breakdown_s["context_parallel"] > 0.0
        unlisted, _ = over_target([(r.scored.case.run_id, r.scored.case.label, r.out_of_sample) for r in members],
                                  TRAINING_KNOWN_MISSES)
        assert unlisted == [], name
