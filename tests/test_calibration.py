"""The calibration as a value: estimates take it as a parameter (no module globals), and every fitted constant names
the published runs it was fitted on."""

from __future__ import annotations

import json
from dataclasses import asdict, replace

import pytest

from gpuplanner.calibration import published_fit
from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.replay import published_runs
from tests.conftest import run_cli

TRAINING = {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "precision": "bf16",
            "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}
SERVING = {"task": "inference", "model": {"preset": "llama-3.1-8b"}, "inference": {"batch": 8},
           "hardware": {"gpu": "h100-sxm5-80gb", "count": 1}}


def test_why_a_constant_has_its_value_names_the_published_runs_it_was_fitted_on() -> None:
    """`gpuplanner calibration why …` prints the constant's value and the runs behind it: every run is in the
    reference set and fitted on (none of the held-out runs), its independence group is among those listed, and the
    groups are no more than the sources the fit judged (those count the held-out runs too)."""
    runs = published_runs()
    for words, value, sources in ((["moe_expert_efficiency"], published_fit.FITTED_MOE_EXPERT_EFFICIENCY,
                                   published_fit.MOE_SOURCES),
                                  (["efficiency", "Hopper", "16-bit"],
                                   published_fit.FITTED_EFFICIENCY_SCALE[("Hopper", "16-bit")],
                                   published_fit.SOURCES[("Hopper", "16-bit")])):
        done = run_cli("calibration", "why", *words, "--format", "json")
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        assert data["value"] == value
        assert data["runs"] and all(run in runs for run in data["runs"])
        assert {runs[run]["independence_group"] for run in data["runs"]} == set(data["independence_groups"])
        assert 0 < len(data["independence_groups"]) <= sources
        assert all(any(block.get("fitted", True) for block in runs[run]["replay"]) for run in data["runs"])
    text = run_cli("calibration", "why", "moe_expert_efficiency").stdout
    assert text.startswith(f"moe_expert_efficiency = {published_fit.FITTED_MOE_EXPERT_EFFICIENCY:g}\n")
    serving = json.loads(run_cli("calibration", "why", "serving", "trtllm_hbm", "--format", "json").stdout)
    assert serving["value"] == published_fit.FITTED_SERVING["trtllm_hbm"]
    assert {runs[run]["source"]["short_title"] for run in serving["runs"]} == set(published_fit.SERVING_FIT_SOURCES)
    unknown = run_cli("calibration", "why", "efficiency", "Volta", "16-bit")
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert len(unknown.stderr.splitlines()) == 1 and "efficiency Hopper 16-bit" in unknown.stderr


def test_an_estimate_runs_on_the_calibration_it_is_handed_and_leaves_the_published_one_alone(catalog) -> None:
    """A faster GEMM multiplier for Hopper 16-bit shortens the step, a lower TensorRT-LLM bandwidth share lengthens
    the time per token, each only where it is passed; estimates made afterwards without one are those made before."""
    from gpuplanner.core.estimates.estimate import estimate
    from gpuplanner.service import scenario_from_data

    training, serving = scenario_from_data(TRAINING, catalog), scenario_from_data(SERVING, catalog)
    before = (estimate(training).training.step_time_s, estimate(serving).inference.tpot_s)
    faster = replace(PUBLISHED, efficiency_scale={**PUBLISHED.efficiency_scale,
                                                  ("Hopper", "16-bit"): PUBLISHED.gemm_scale(("Hopper", "16-bit"))
                                                  * 1.2})
    slower = replace(PUBLISHED, serving=replace(PUBLISHED.serving, trtllm_hbm=PUBLISHED.serving.trtllm_hbm / 2))
    assert estimate(training, calibration=faster).training.step_time_s < before[0]
    assert estimate(serving, calibration=slower).inference.tpot_s > before[1] * 1.5
    assert (estimate(training).training.step_time_s, estimate(serving).inference.tpot_s) == before


def test_the_serving_fits_are_kept_by_a_digest_of_everything_they_read(catalog) -> None:
    """The cached serving fits (calibration/refit_serving.fits) are found again only for the same inputs: a
    published value moved, a case left out, or the catalog's figures for a case's GPU changed, gives another
    digest."""
    from gpuplanner.calibration.refit_serving import fit_inputs_hash, serving_cases

    cases = serving_cases(catalog)[:6]
    assert fit_inputs_hash(cases) == fit_inputs_hash(list(cases))
    first = cases[0]
    moved = replace(first, prepared=replace(first.prepared, case=replace(first.prepared.case,
                                                                         published=first.prepared.case.published * 2)))
    assert fit_inputs_hash([moved, *cases[1:]]) != fit_inputs_hash(cases)
    assert fit_inputs_hash(cases[1:]) != fit_inputs_hash(cases)
    scenario = first.prepared.scenario
    slower = replace(scenario.gpu, memory_bandwidth_gbs=scenario.gpu.memory_bandwidth_gbs / 2)
    regraded = replace(first, prepared=replace(first.prepared, scenario=replace(scenario, gpu=slower)))
    assert fit_inputs_hash([regraded, *cases[1:]]) != fit_inputs_hash(cases)


def test_the_shipped_serving_fits_are_read_only_for_the_inputs_they_were_made_from(catalog, tmp_path,
                                                                                    monkeypatch) -> None:
    """A fresh checkout reads the serving fits the repository keeps (calibration/serving_fits.json) instead of
    refitting, but only under the digest of today's inputs: fits of other inputs are never read."""
    from gpuplanner.calibration import refit_serving
    from gpuplanner.calibration.refit_serving import PRIOR, fit_inputs_hash, fits, serving_cases, shipped_fits

    cases = serving_cases(catalog)[:3]
    kept = tmp_path / "serving_fits.json"
    stand_in = replace(PRIOR, trtllm_hbm=0.95)  # no fit of these three cases lands here: the file was read
    kept.write_text(json.dumps({"inputs": fit_inputs_hash(cases), "fits": [asdict(stand_in)]}), encoding="utf-8")
    assert shipped_fits(fit_inputs_hash(cases), kept) == [stand_in]
    assert shipped_fits(fit_inputs_hash(cases[1:]), kept) is None
    monkeypatch.setattr(refit_serving, "SHIPPED_FITS", kept)
    assert fits([cases], tmp_path / "cache") == [stand_in]


@pytest.mark.slow
def test_the_shipped_serving_fits_are_what_the_fit_makes_from_scratch(catalog) -> None:
    """calibration/serving_fits.json holds the leave-one-source-out fits of today's inputs, fitted again here from
    nothing (`make recalibrate` writes the file and runs this)."""
    from gpuplanner.calibration.refit_serving import (
        fit_inputs_hash,
        fits,
        leave_one_source_out,
        serving_cases,
        shipped_fits,
    )

    _, subsets = leave_one_source_out(serving_cases(catalog))
    shipped = shipped_fits(fit_inputs_hash([c for s in subsets for c in s]))
    assert shipped is not None, "run: make recalibrate"
    assert fits(subsets, None) == shipped


def test_the_shipped_training_predictions_are_those_of_this_tree() -> None:
    """A fresh checkout reads every training case's grid predictions kept in the repository instead of estimating
    them (~10 s of CPU in `make test`): they must be of this tree's code and cases. `benchmarks/crossval.py --write`
    renews them after any change to the package or to the published runs."""
    from gpuplanner.calibration.refit import prediction_key, shipped_predictions
    from gpuplanner.calibration.replay import training_cases
    from gpuplanner.catalog.store import Catalog

    catalog = Catalog(overrides_path=None)
    kept = shipped_predictions()
    missing = [case.label for case in training_cases() if case.in_median and prediction_key(case, catalog) not in kept]
    assert missing == [], ("training_predictions.json is stale: run PYTHONPATH=. .venv/bin/python "
                           f"benchmarks/crossval.py --write ({len(missing)} cases not in it)")


@pytest.mark.slow
def test_the_shipped_training_predictions_are_what_the_estimates_give_from_scratch(catalog) -> None:
    """calibration/training_predictions.json holds every training case's grid predictions as the estimator makes
    them today, estimated again here from nothing (`make recalibrate` writes the file and runs this)."""
    from gpuplanner.calibration.refit import score_cases, shipped_predictions

    kept = shipped_predictions()
    assert kept, "run: make recalibrate"
    assert {s.key: [list(s.predicted), list(s.moe_predicted)]
            for s in score_cases(catalog, cache=None, shipped=None)} == kept


def test_every_fitted_constant_names_its_runs() -> None:
    """Each constant the estimator reads from the published fit (every group's GEMM multiplier, the MoE experts'
    efficiency, each serving constant) has the runs it was fitted on."""
    from gpuplanner.cli.calibration import constant_keys

    keys = constant_keys(PUBLISHED)
    assert len(keys) == len(published_fit.FITTED_EFFICIENCY_SCALE) + 1 + len(published_fit.FITTED_SERVING)
    for key in keys:
        behind = PUBLISHED.runs_behind(key)
        assert behind.runs and behind.independence_groups, key


def _numbers(value: object) -> list[float]:
    """Every number a run's results hold, however nested."""
    if isinstance(value, dict):
        return [n for item in value.values() for n in _numbers(item)]
    if isinstance(value, list):
        return [n for item in value for n in _numbers(item)]
    return [float(value)] if isinstance(value, int | float) and not isinstance(value, bool) else []


def test_each_published_run_carries_its_replay_in_the_form_of_a_users_runs_file() -> None:
    """The replay blocks of published-runs.json are what `gpuplanner calibrate` reads (a scenario as estimate takes it,
    a figure by its dotted path); a figure printed in another unit keeps the value as printed, which the run's own
    results hold, and names a conversion the package defines."""
    from gpuplanner.calibration.replay import CONVERSIONS, as_measured_run, cases
    from gpuplanner.calibration.runs import MEASURED_PATHS, parse_runs

    runs = published_runs()
    converted = 0
    for run in runs.values():
        for block in run.get("replay", ()):
            assert {"set", "order", "label", "scenario"} <= set(block)
            assert ("measured" in block) != ("converted" in block)
            if "converted" in block:
                converted += 1
                assert block["converted"]["conversion"] in CONVERSIONS, run["id"]
                if "reported" in block["converted"]:
                    assert block["converted"]["reported"] in _numbers(run["results"]), run["id"]
    assert converted >= 70
    readable = [as_measured_run(c) for c in cases("training") + cases("inference") if c.path in MEASURED_PATHS]
    parsed = parse_runs({"runs": [run.document() for run in readable]}, "published-runs.json")
    assert len(parsed) > 300
    assert [(p.scenario, p.measured) for p in parsed] == [(r.scenario, r.measured) for r in readable]


def test_megatron_2021_tflops_turn_back_into_step_time_by_their_eq_3() -> None:
    """Narayanan et al. 2021 count the recompute forward in their TFLOP/s (eq. 3: F = 96 B s l h^2 (1 + s/6h +
    V/16lh)); the 1.7B row of their Table 1 (512 sequences of 2,048 tokens, 24 layers of 2,304, 32 A100) is judged on
    the step time that formula gives from the run's printed figure."""
    from gpuplanner.calibration.replay import cases

    case = next(c for c in cases("training") if c.run_id == "megatron2021-t1-gpt-1p7b")
    tflops = published_runs()[case.run_id]["results"]["achieved_tflops_per_gpu"]
    flops = 96 * 512 * 2048 * 24 * 2304**2 * (1 + 2048 / (6 * 2304) + 51200 / (16 * 24 * 2304))
    assert case.path == "training.step_time_s"
    assert case.published == pytest.approx(flops / (32 * tflops * 1e12), rel=1e-12)


def test_the_shipped_serving_fits_are_those_of_this_tree() -> None:
    """A fresh checkout reads the serving fits kept in the repository instead of refitting them (over two minutes of
    `make test` on two cores): they must be of this tree's inputs. `benchmarks/crossval.py --write` renews them after
    any change to the estimator's or the catalog's code or to the published runs."""
    from gpuplanner.calibration.refit_serving import fit_inputs_hash, leave_one_source_out, serving_cases, shipped_fits
    from gpuplanner.catalog.store import Catalog

    _, subsets = leave_one_source_out(serving_cases(Catalog(overrides_path=None)))
    assert shipped_fits(fit_inputs_hash([c for s in subsets for c in s])) is not None, (
        "serving_fits.json is stale: run PYTHONPATH=. .venv/bin/python benchmarks/crossval.py --write")


def test_a_replay_of_requests_in_waves_is_read_as_output_tokens_per_second_only() -> None:
    """`requests` replays a finite run as waves whose figure is output tokens/s over the run; a block that also
    asks for the time per output token of one request was answered with the run's tokens/s read as seconds (30.05
    against 0.0175: +171,432 %). Such a block is refused with its run and label, not replayed."""
    from gpuplanner.calibration.replay import _case
    from gpuplanner.catalog.store import Catalog

    block = {"label": "one request, TPOT", "requests": 1, "measured": {"inference.tpot_s": 0.0175},
             "scenario": {"task": "inference", "model": {"preset": "llama-3.1-8b"},
                          "inference": {"batch": 1, "input_tokens": 1024, "output_tokens": 400}}}
    with pytest.raises(ValueError, match=r"one request, TPOT.*not inference\.tpot_s"):
        _case({"id": "a-run"}, block, Catalog(overrides_path=None))
    rate = {**block, "measured": {"inference.output_tokens_per_s": 50.0}}
    assert _case({"id": "a-run"}, rate, Catalog(overrides_path=None)).requests == 1
