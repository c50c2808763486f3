"""Published RL post-training steps (resources/reference/published-runs.json, kind rl_step_time) replayed through the
RL estimate: the RL step's constants (core/rl_validation.RlCalibration) fitted on the one source that publishes each
phase's time, every other source judged with them, out of sample.

The fit is a median of ratios, one per constant, over the fit source's runs: the RL passes' share of the training
estimator's rate (its estimated update and log-prob passes over the published ones), the rollout's share of the
serving model's decode rate, and the refit's cost per layer beyond its bytes. The judged runs' errors (estimate /
measured - 1 of the step time) give the band an RL estimate prints (core.results.uncertainty.judged_band: with fewer
independence groups than an 80 % band needs, the worst error seen, said to rest on few sources).

Usage: PYTHONPATH=. .venv/bin/python benchmarks/rl_runs.py [--write]   (--write regenerates the block between the
rl-fit markers of gpuplanner/core/results/rl_validation.py; tests/test_rl.py checks that block against this script)
"""

from __future__ import annotations

import re
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpuplanner.calibration.replay import published_runs
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.choices import RlPlacement
from gpuplanner.core.estimates.rl import estimate_rl
from gpuplanner.core.results.results import RlFigures
from gpuplanner.core.results.rl_validation import FITTED_RL, UNCALIBRATED, RlCalibration
from gpuplanner.service import scenario_from_data

OUTPUT = Path(__file__).resolve().parent.parent / "gpuplanner" / "core" / "results" / "rl_validation.py"
FIT_RUN = "nemo-rl-v03-megatron-grpo-step-breakdown"  # the source that publishes each phase


@dataclass(frozen=True)
class RlRun:
    """One published RL step: where it comes from, the scenario that replays it, and what was measured."""
    label: str  # run id / row
    group: str  # its independence group
    source: str  # the source's short title
    scenario: dict[str, Any]
    step_s: float
    phases: dict[str, float] | None  # published phase times (training_s, refit_s, generation_s, logprobs_s)


def _scenario(row: dict[str, Any], workload: dict[str, Any]) -> dict[str, Any]:
    """The GRPO scenario of a published row: NeMo RL's recipe (64 prompts x 32 samples, 4 updates, a reference,
    vLLM, Megatron-Core), its sequence limit the longest response, and the degrees the row gives (the rest searched)."""
    prompt = workload["prompt_tokens"]
    asynchronous = bool(row.get("asynchronous"))
    rl: dict[str, Any] = {
        "algorithm": "grpo", "prompts_per_step": workload["prompts_per_step"],
        "samples_per_prompt": workload["samples_per_prompt"], "prompt_tokens": prompt,
        "response_tokens": row["mean_response_tokens"],
        "max_response_tokens": row.get("max_sequence_tokens", 4096) - prompt, "engine": "vllm",
        "updates_per_step": workload["updates_per_step"], "reference_model": workload["reference_kl"],
        "placement": (RlPlacement.SEPARATE if asynchronous else RlPlacement.COLOCATED).value,
        "gpu_memory_utilization": 0.8 if asynchronous else 0.6}
    if row.get("rollout_tp"):
        rl["rollout_tp"] = row["rollout_tp"]
    if asynchronous:
        rl.update(asynchronous=True, rollout_gpus=row["rollout_gpus"])
    parallelism = {key: row[f"train_{key}"] for key in ("tp", "pp", "cp") if row.get(f"train_{key}")}
    training_gpus = row["gpus"] - (row["rollout_gpus"] if asynchronous else 0)
    if {"tp", "pp"} <= set(parallelism) and not asynchronous:
        parallelism["dp"] = training_gpus // (parallelism["tp"] * parallelism["pp"] * parallelism.get("cp", 1))
    scenario: dict[str, Any] = {"task": "rl", "model": {"preset": row["preset"]}, "stack": "megatron-core",
                                "rl": rl, "parallelism": parallelism,
                                "hardware": {"gpu": row["gpu"], "count": row["gpus"]}}
    if "activation_checkpointing" in row:
        scenario["training"] = {"recompute": "full" if row["activation_checkpointing"] else "none"}
    return scenario


def rl_runs() -> list[RlRun]:
    """Every published RL step row, as a replayable scenario."""
    found = []
    for run_id, run in published_runs().items():
        if run["kind"] != "rl_step_time":
            continue
        columns = run["results"]["columns"]
        for values in run["results"]["rows"]:
            row = dict(zip(columns, values, strict=True))
            phases = {key: row[key] for key in ("training_s", "refit_s", "generation_s", "logprobs_s") if key in row}
            found.append(RlRun(label=f"{run_id}/{row['row']}", group=run["independence_group"],
                               source=run["source"]["short_title"], scenario=_scenario(row, run["workload"]),
                               step_s=float(row["step_s"]), phases=phases or None))
    return found


def replay(run: RlRun, catalog: Catalog, calibration: RlCalibration) -> RlFigures:
    scenario = scenario_from_data(run.scenario, catalog)
    result = estimate_rl(scenario, alternatives=False, calibration=calibration)
    assert result.rl is not None
    return result.rl


def _rounded(value: float) -> float:
    """Two significant figures: the fit's resolution (a handful of runs)."""
    return float(f"{value:.2g}")


def fit(runs: list[RlRun], catalog: Catalog) -> RlCalibration:
    """The constants from the fit source's phases, each the median over its runs (estimated without them)."""
    passes, generation, refit = [], [], []
    for run in (r for r in runs if r.label.startswith(FIT_RUN) and r.phases):
        raw = replay(run, catalog, UNCALIBRATED)
        parts = raw.parts
        assert run.phases is not None
        passes.append((parts.training_s + parts.log_prob_s + parts.reference_s)
                      / (run.phases["training_s"] + run.phases["logprobs_s"]))
        generation.append(parts.generation_s / run.phases["generation_s"])
        layers = catalog.model(run.scenario["model"]["preset"]).layers
        refit.append(max(0.0, run.phases["refit_s"] - parts.weight_sync_s) / layers)
    return RlCalibration(pass_efficiency=_rounded(statistics.median(passes)),
                         generation_efficiency=_rounded(statistics.median(generation)),
                         refit_layer_s=_rounded(statistics.median(refit)))


def judged_errors(runs: list[RlRun], catalog: Catalog,
                  calibration: RlCalibration) -> list[tuple[RlRun, RlFigures, float]]:
    """Each run not in the fit source, estimated with `calibration`: (run, estimate, % error of the step time)."""
    judged = []
    for run in (r for r in runs if not r.label.startswith(FIT_RUN)):
        figures = replay(run, catalog, calibration)
        judged.append((run, figures, 100.0 * (figures.step_time_s / run.step_s - 1.0)))
    return judged


def fit_source(runs: list[RlRun]) -> str:
    return next(run.source for run in runs if run.label.startswith(FIT_RUN))


def generated_block(calibration: RlCalibration, sources: tuple[str, ...],
                    errors: list[tuple[str, str, float]]) -> str:
    rows = "".join(f"\n    ({label!r},\n     {group!r}, {error:.1f}),"for label, group, error in errors)
    return (f"# rl-fit:start\nFITTED_RL = RlCalibration(pass_efficiency={calibration.pass_efficiency!r}, "
            f"generation_efficiency={calibration.generation_efficiency!r},\n"
            f"                          refit_layer_s={calibration.refit_layer_s!r})\n"
            f"RL_FIT_SOURCES: tuple[str, ...] = {sources!r}\n"
            "# (published-runs id and row, independence group, signed % error of the step time: estimate / measured "
            "- 1)\n"
            f"RL_JUDGED_ERRORS: tuple[tuple[str, str, float], ...] = ({rows}\n)\n# rl-fit:end")


def main(argv: list[str]) -> int:
    catalog = Catalog()
    runs = rl_runs()
    calibration = fit(runs, catalog)
    judged = judged_errors(runs, catalog, calibration)
    print(f"fitted on {fit_source(runs)}: {calibration}")
    print(f"{'run':62s} {'measured s':>10s} {'estimate s':>10s} {'error':>7s}  generation share")
    for run in runs:
        figures = replay(run, catalog, calibration)
        error = 100.0 * (figures.step_time_s / run.step_s - 1.0)
        mark = " [fitted]" if run.label.startswith(FIT_RUN) else ""
        print(f"{run.label + mark:62s} {run.step_s:10.1f} {figures.step_time_s:10.1f} {error:+6.1f}%  "
              f"{figures.generation_share:.0%}")
        if run.phases:
            parts = figures.parts
            print(f"{'':4s}phases measured / estimated: training {run.phases['training_s']:g} / {parts.training_s:.1f}"
                  f", logprobs {run.phases['logprobs_s']:g} / {parts.log_prob_s + parts.reference_s:.1f}, generation "
                  f"{run.phases['generation_s']:g} / {parts.generation_s:.1f}, refit {run.phases['refit_s']:g} / "
                  f"{parts.weight_sync_s:.1f}")
    if "--write" in argv:
        errors = [(run.label, run.group, round(error, 1)) for run, _, error in judged]
        block = generated_block(calibration, (fit_source(runs),), errors)
        text = OUTPUT.read_text(encoding="utf-8")
        OUTPUT.write_text(re.sub(r"# rl-fit:start.*?# rl-fit:end", lambda _: block, text, flags=re.S),
                          encoding="utf-8")
        print(f"wrote {OUTPUT.name}" + ("" if calibration == FITTED_RL else " (the constants moved: run it again)"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
