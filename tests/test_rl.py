"""RL post-training (core.estimates.rl): a step's parts and how they add up, memory by phase, what each choice changes,
the refusals, the CLI and the planner."""

from __future__ import annotations

import json

import pytest

from gpuplanner.catalog.store import Catalog
from gpuplanner.cli.estimate import estimate_report
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.results.export import to_data
from gpuplanner.core.results.results import Estimate
from gpuplanner.service import estimate_for_scenario

GRPO_7B = {"task": "rl", "model": {"preset": "qwen2.5-7b"},
           "rl": {"algorithm": "grpo", "prompts_per_step": 512, "samples_per_prompt": 8, "prompt_tokens": 512,
                  "response_tokens": 1024, "max_response_tokens": 2048, "engine": "vllm"},
           "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog()


def rl_estimate(catalog: Catalog, changes: dict[str, object] | None = None, **top: object) -> Estimate:
    scenario = json.loads(json.dumps(GRPO_7B))
    scenario["rl"].update(changes or {})
    scenario["rl"] = {key: value for key, value in scenario["rl"].items() if value is not None}  # None: left out
    scenario.update(top)
    return estimate_for_scenario(scenario, catalog)


def test_a_step_is_its_parts_and_its_peak_the_largest_phase(catalog: Catalog) -> None:
    """Synchronous and colocated, a step is every part in turn; its memory is the largest phase (rollout and training
    time-share the GPUs, never summed), and the JSON carries the issue's keys."""
    result = rl_estimate(catalog, {"placement": "colocated"})
    rl = result.rl
    assert rl is not None and result.fits
    parts = dict(rl.parts.items())
    assert parts["generation_s"] > 0 and parts["log_prob_s"] > 0 and parts["reference_s"] > 0
    assert parts["training_s"] > 0 and parts["weight_sync_s"] > 0 and parts["critic_s"] == 0
    assert rl.step_time_s == pytest.approx(sum(parts.values()))
    memory = rl.memory_gib_per_gpu
    assert memory.rollout is not None
    assert memory.peak == pytest.approx(max(memory.rollout, memory.training))
    assert memory.peak < memory.rollout + memory.training - 1.0
    assert result.memory_gib_per_gpu.total == pytest.approx(memory.peak)
    assert rl.tokens_per_s == pytest.approx(512 * 8 * 1024 / rl.step_time_s)
    assert rl.steps == 1000 and rl.gpu_hours == pytest.approx(rl.days * 24 * 8)
    data = to_data(result)["rl"]
    assert set(data["parts"]) >= {"generation_s", "reference_s", "critic_s", "reward_s", "training_s",
                                  "weight_sync_s"}
    assert {"step_time_s", "tokens_per_s", "steps", "gpu_hours", "memory_gib_per_gpu"} <= set(data)
    assert result.training is not None and result.training.step_time_s == rl.step_time_s  # the run the planner ranks


def test_the_longest_response_holds_the_step(catalog: Catalog) -> None:
    """A synchronous step waits for its longest response: a longer tail at the same mean lengthens generation."""
    short = rl_estimate(catalog, {"max_response_tokens": 1024, "placement": "colocated", "offload": False}).rl
    long = rl_estimate(catalog, {"max_response_tokens": 8192, "placement": "colocated", "offload": False}).rl
    assert short is not None and long is not None
    assert long.parts.generation_s > 1.5 * short.parts.generation_s
    assert long.parts.training_s == pytest.approx(short.parts.training_s)


def test_one_step_off_overlaps_generation_with_training(catalog: Catalog) -> None:
    """Apart and asynchronous, a step is the longer side plus the weight sync, not their sum."""
    fixed = {"placement": "separate", "rollout_gpus": 8}
    sync = rl_estimate(catalog, fixed, hardware={"gpu": "h100-sxm5-80gb", "count": 16}).rl
    overlapped = rl_estimate(catalog, {**fixed, "asynchronous": True},
                             hardware={"gpu": "h100-sxm5-80gb", "count": 16}).rl
    assert sync is not None and overlapped is not None
    rest = sum(s for name, s in overlapped.parts.items() if name not in ("generation_s", "weight_sync_s",
                                                                         "offload_s"))
    assert overlapped.step_time_s == pytest.approx(max(overlapped.parts.generation_s, rest)
                                                   + overlapped.parts.weight_sync_s)
    assert overlapped.step_time_s < sync.step_time_s
    assert sync.rollout_idle_share is not None and sync.rollout_idle_share > 0.3  # it waits while training runs
    assert sync.memory_gib_per_gpu.rollout is not None


def test_ppo_trains_a_critic_and_dpo_generates_nothing(catalog: Catalog) -> None:
    ppo = rl_estimate(catalog, {"algorithm": "ppo", "samples_per_prompt": 1}).rl
    assert ppo is not None and ppo.parts.critic_s > 0 and ppo.memory_gib_per_gpu.critic is not None
    dpo = estimate_for_scenario({"task": "rl", "model": {"preset": "qwen2.5-7b"},
                                 "rl": {"algorithm": "dpo", "prompts_per_step": 512},
                                 "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}, catalog).rl
    assert dpo is not None and dpo.parts.generation_s == 0 and dpo.parts.weight_sync_s == 0
    assert dpo.sequences_per_step == 1024 and dpo.engine is None and dpo.tokens_per_s == 0
    assert dpo.parts.reference_s > 0 and dpo.memory_gib_per_gpu.rollout is None


def test_hugging_face_generate_is_slower_than_a_paged_engine(catalog: Catalog) -> None:
    vllm = rl_estimate(catalog, {"placement": "colocated"}).rl
    hf = rl_estimate(catalog, {"placement": "colocated", "engine": "hf"}).rl
    assert vllm is not None and hf is not None
    assert hf.parts.generation_s > 1.5 * vllm.parts.generation_s


def test_offload_frees_the_rollout_room_and_costs_its_transfer(catalog: Catalog) -> None:
    kept = rl_estimate(catalog, {"placement": "colocated", "offload": False}).rl
    moved = rl_estimate(catalog, {"placement": "colocated", "offload": True}).rl
    assert kept is not None and moved is not None
    assert kept.parts.offload_s == 0 and moved.parts.offload_s > 0
    assert moved.memory_gib_per_gpu.rollout is not None and kept.memory_gib_per_gpu.rollout is not None
    assert moved.memory_gib_per_gpu.rollout < kept.memory_gib_per_gpu.rollout


def test_without_a_count_the_smallest_that_fits_is_chosen(catalog: Catalog) -> None:
    result = estimate_for_scenario({"task": "rl", "model": {"preset": "qwen2.5-72b"},
                                    "rl": {"prompts_per_step": 128}, "hardware": {"gpu": "h100-sxm5-80gb"}},
                                   catalog)
    assert result.fits and result.count >= 16  # 72B's weights, gradients and Adam states need 16+ H100s


@pytest.mark.parametrize(("rl", "field"), [
    ({"algorithm": "grpo", "critic": True}, "rl.critic"),
    ({"algorithm": "grpo", "samples_per_prompt": 1}, "rl.samples_per_prompt"),
    ({"algorithm": "dpo", "samples_per_prompt": None, "max_response_tokens": None, "placement": "separate"},
     "rl.placement"),
    ({"algorithm": "dpo", "samples_per_prompt": 4, "max_response_tokens": None}, "rl.samples_per_prompt"),
    ({"placement": "colocated", "rollout_gpus": 4}, "rl.rollout_gpus"),
    ({"placement": "colocated", "asynchronous": True}, "rl.asynchronous"),
    ({"placement": "separate", "rollout_gpus": 8}, "rl.rollout_gpus"),
    ({"response_tokens": 2048, "max_response_tokens": 1024}, "rl.max_response_tokens"),
    ({"updates_per_step": 3}, "rl.updates_per_step"),
    ({"engine": "tensorrt-llm"}, "rl.engine"),
    ({"algorithm": "ppo", "critic_model": {"preset": "no-such-model"}}, "rl.critic_model.preset"),
    ({"algorithm": "ppo", "critic_model": {"layers": 2}}, "rl.critic_model.hidden"),
    ({"rollout_tp": 3}, "rl.rollout_tp"),
])
def test_combinations_that_do_not_exist_are_refused_naming_the_field(catalog: Catalog, rl: dict[str, object],
                                                                      field: str) -> None:
    with pytest.raises(InputError) as refused:
        rl_estimate(catalog, rl)
    assert refused.value.field == field


def test_the_rl_section_belongs_to_the_rl_task(catalog: Catalog) -> None:
    with pytest.raises(InputError) as refused:
        estimate_for_scenario({"task": "finetune", "model": {"preset": "qwen2.5-7b"}, "rl": {}}, catalog)
    assert refused.value.field == "rl"


def test_the_text_report_shows_every_part(catalog: Catalog) -> None:
    report = estimate_report(rl_estimate(catalog, {"algorithm": "ppo", "samples_per_prompt": 1,
                                                   "reward_model": {"preset": "llama-3.1-8b"}}))
    for words in ("Generation (rollout)", "Policy log-probs", "Reference forward", "Critic (values and update)",
                  "Reward model", "Policy update", "Weight sync to the engine", "Offload to host and back",
                  "memory per GPU: peak", "RL step: PPO"):
        assert words in report


def test_the_planner_answers_the_buyers_question(catalog: Catalog) -> None:
    """A run of 500 steps by a deadline: the planner ranks GPUs, counts and placements by what they cost, every plan
    within the deadline, each with its RL step; the text names the placement and every part."""
    from gpuplanner.cli.plan import plan_report
    from gpuplanner.service import plan_for_scenario

    scenario = {"task": "rl", "model": {"preset": "qwen2.5-7b"},
                "rl": {"prompts_per_step": 512, "samples_per_prompt": 8, "prompt_tokens": 512,
                       "response_tokens": 1024, "max_response_tokens": 2048, "total_prompts": 256000},
                "constraints": {"deadline_days": 2, "deployment": "cloud"}}
    result = plan_for_scenario(scenario, catalog, top=3)
    assert result.plans
    for plan in result.plans:
        rl = plan.estimate.rl
        assert rl is not None and rl.steps == 500
        assert plan.days is not None and plan.days <= 2
        assert plan.days == pytest.approx(plan.estimate.training.days)  # type: ignore[union-attr]
        assert rl.placements_considered >= 2  # colocated and offloaded at least, separate splits from 2 GPUs
    report = plan_report(result)
    assert "RL step: GRPO" in report and "Weight sync to the engine" in report


# Judged on published runs ----------------------------------------------------------------------------------------

def test_the_shipped_rl_constants_are_what_the_published_phases_give(catalog: Catalog) -> None:
    """core/rl_validation's generated block is the fit benchmarks/rl_runs.py makes from published-runs.json (the
    NeMo-RL v0.3 blog's phase times) and the errors it then makes on the other source's runs: rerun
    `PYTHONPATH=. .venv/bin/python benchmarks/rl_runs.py --write` when either changes."""
    from benchmarks.rl_runs import fit, judged_errors, rl_runs
    from gpuplanner.core.results.rl_validation import FITTED_RL, RL_JUDGED_ERRORS

    runs = rl_runs()
    assert fit(runs, catalog) == FITTED_RL
    judged = judged_errors(runs, catalog, FITTED_RL)
    assert [(run.label, run.group) for run, _, _ in judged] == [(label, group) for label, group, _ in RL_JUDGED_ERRORS]
    for (_, _, error), (_, _, shipped) in zip(judged, RL_JUDGED_ERRORS, strict=True):
        assert error == pytest.approx(shipped, abs=0.06)


def test_the_rl_band_holds_the_published_runs_and_says_they_are_few(catalog: Catalog) -> None:
    """The band an RL estimate prints holds every judged run (out of sample: fitted on another source) and the fit
    source's own runs; resting on one judged independence group, it says so (few sources, not a coverage)."""
    from benchmarks.rl_runs import FIT_RUN, replay, rl_runs
    from gpuplanner.core.base.choices import RlAlgorithm
    from gpuplanner.core.results.rl_validation import FITTED_RL, RL_JUDGED_ERRORS, rl_band
    from gpuplanner.core.results.uncertainty import Basis

    band = rl_band(RlAlgorithm.GRPO, offline=False)
    assert band.basis == Basis.FEW_SOURCES
    assert len({group for _, group, _ in RL_JUDGED_ERRORS}) < 4  # too few for an 80 % quantile
    assert all(abs(error) <= band.pct for _, _, error in RL_JUDGED_ERRORS)
    for run in (r for r in rl_runs() if r.label.startswith(FIT_RUN)):
        estimate = replay(run, catalog, FITTED_RL)
        assert abs(estimate.step_time_s / run.step_s - 1.0) * 100 <= band.pct, run.label
    dpo = rl_band(RlAlgorithm.DPO, offline=True)  # no DPO run judged: wider, and said to be extrapolated
    assert dpo.pct > band.pct and dpo.basis == Basis.EXTRAPOLATED
    result = rl_estimate(catalog)
    assert result.rl is not None and result.rl.uncertainty_pct == band.pct
    assert any("NeMo-RL v0.3 blog" in warning and "too few" in warning for warning in result.warnings)


def test_every_published_rl_run_has_a_source_date_and_group() -> None:
    from gpuplanner.calibration.replay import published_runs

    rl = [run for run in published_runs().values() if run["kind"] == "rl_step_time"]
    assert len(rl) >= 2 and len({run["independence_group"] for run in rl}) >= 2
    for run in rl:
        assert run["source"]["url"].startswith("https://") and run["source"]["date"][:2] == "20"
        assert run["results"]["rows"] and run["independence_group"]
