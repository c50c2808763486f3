"""MoE training with expert parallelism (`parallelism.ep`): a MoE layer's experts split over ep
data-parallel GPUs — their weights (and, without ZeRO, their gradients and states) fall by ep, each expert's
grouped GEMM gets ep GPUs' worth of tokens, and every token's hidden state goes to its experts and back
(all-to-all), exposed unless `assumptions.ep_overlap` hides it. Dense models are unchanged."""

from __future__ import annotations

import pytest

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.errors import InputError
from gpuplanner.service import estimate_for_scenario

MIXTRAL = {"task": "pretrain", "model": {"preset": "mixtral-8x7b"}, "seq_len": 4096,
           "training": {"tokens": 1e11, "global_batch": 512, "micro_batch": 1, "recompute": "none", "zero": 0},
           "hardware": {"gpu": "h100-sxm5-80gb", "count": 64}}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog(overrides_path=None)


def mixtral(catalog, ep: int, **extra):
    return estimate_for_scenario({**MIXTRAL, "parallelism": {"tp": 1, "pp": 4, "dp": 16, "ep": ep}, **extra}, catalog)


def test_the_experts_weights_split_over_the_expert_parallel_gpus(catalog) -> None:
    model = catalog.model("mixtral-8x7b")
    whole, split = mixtral(catalog, 1), mixtral(catalog, 8)
    assert split.layout.ep == 8 and split.layout.degrees == "TP 1 · PP 4 · DP 16 (EP 8)"
    # Without ZeRO each GPU of a 4-stage pipeline holds a quarter of the experts at ep 1, 1/32 at ep 8 (bf16).
    saved_gib = model.expert_params / 4 * (1 - 1 / 8) * 2.0 / (1 << 30)
    assert whole.memory_gib_per_gpu.weights - split.memory_gib_per_gpu.weights == pytest.approx(saved_gib, rel=1e-6)


def test_the_all_to_all_shows_unless_overlapped_and_the_expert_gemms_grow(catalog) -> None:
    plain, split = mixtral(catalog, 1), mixtral(catalog, 8)
    assert plain.training.step_breakdown_s["expert_parallel"] == 0.0
    assert split.training.step_breakdown_s["expert_parallel"] > 0.0
    assert split.training.step_breakdown_s["gemm"] < plain.training.step_breakdown_s["gemm"]  # bigger grouped GEMMs
    hidden = mixtral(catalog, 8, assumptions={"ep_overlap": 1.0})
    assert hidden.training.step_breakdown_s["expert_parallel"] == 0.0


def test_the_search_splits_the_experts_of_a_moe_model_and_not_a_dense_one(catalog) -> None:
    searched = estimate_for_scenario({**MIXTRAL, "training": {"tokens": 1e11, "global_batch": 512}}, catalog)
    assert searched.fits and searched.layout.ep > 1 and "ep" in searched.stack.searched
    dense = estimate_for_scenario({**MIXTRAL, "model": {"preset": "llama-2-7b"},
                                   "training": {"tokens": 1e11, "global_batch": 512}}, catalog)
    assert dense.layout.ep == 1 and "ep" not in dense.stack.searched
    assert dense.training.step_breakdown_s["expert_parallel"] == 0.0


def test_bad_expert_parallel_settings_name_the_field(catalog) -> None:
    with pytest.raises(InputError, match=r"parallelism\.ep") as uneven:
        mixtral(catalog, 3)
    assert "8 experts" in str(uneven.value)
    with pytest.raises(InputError, match=r"parallelism\.ep") as stack:
        estimate_for_scenario({**MIXTRAL, "stack": "fsdp", "parallelism": {"ep": 2}}, catalog)
    assert "no expert parallelism" in str(stack.value)
    with pytest.raises(InputError, match=r"parallelism\.ep") as ranks:
        estimate_for_scenario({**MIXTRAL, "parallelism": {"tp": 1, "pp": 16, "dp": 4, "ep": 8}}, catalog)
    assert "4 data-parallel ranks" in str(ranks.value)


def test_uneven_routing_slows_the_busiest_rank(catalog) -> None:
    """moe_load_imbalance: the busiest expert-parallel GPU gets that many times the mean tokens, for its grouped GEMMs
    and its share of the all-to-all, and the step waits for it; 1 (balanced) is the default."""
    from gpuplanner.service import estimate_for_scenario

    scenario = {"task": "pretrain", "model": {"preset": "mixtral-8x7b"}, "training": {"tokens": 1e10},
                "hardware": {"gpu": "h100-sxm5-80gb", "count": 64},
                "parallelism": {"tp": 1, "pp": 1, "dp": 64, "ep": 8}}
    balanced = estimate_for_scenario(scenario, catalog)
    skewed = estimate_for_scenario({**scenario, "assumptions": {"moe_load_imbalance": 1.25}}, catalog)
    assert balanced.assumptions["moe_load_imbalance"] == 1.0
    parts, more = balanced.training.step_breakdown_s, skewed.training.step_breakdown_s
    # The bytes grow by 1.25; each exchange's fixed latency does not.
    assert 1.2 * parts["expert_parallel"] < more["expert_parallel"] < 1.25 * parts["expert_parallel"]
    assert parts["gemm"] < more["gemm"] < 1.25 * parts["gemm"]  # only the experts' share of the GEMMs grows
    dense = estimate_for_scenario({**scenario, "model": {"preset": "llama-2-7b"}, "parallelism": {},
                                   "assumptions": {"moe_load_imbalance": 1.25}}, catalog)
    again = estimate_for_scenario({**scenario, "model": {"preset": "llama-2-7b"}, "parallelism": {}}, catalog)
    assert dense.training.step_time_s == again.training.step_time_s  # a dense model has no experts to skew


def test_tokens_cross_the_network_once_per_node_with_deepep(catalog) -> None:
    """DeepSeek-V3 on 256 H100 (EP 64 over 8 nodes, top-8 of 256 experts): with per-node forwarding (DeepEP; the
    DeepSeek-V3 report, Sec. 3.2.2) a token crosses InfiniBand once per other node holding one of its experts, not
    once per remote expert (8 x 56/64 = 7). Routed uniformly over the 8 nodes that is 7 x (1 - (7/8)^8) = 4.6 copies;
    with DeepSeek-V3's own group-limited routing (its config's topk_group 4 of n_group 8 groups, one group of 32
    experts a node) a token reaches 4 nodes, 4 x (1 - (3/4)^8) x 7/8 = 3.15 copies. The network sets the exchange's
    pace here, so its time falls by those ratios (latencies aside); a plain all-to-all
    (assumptions.ep_node_forwarding false) keeps one copy per remote expert."""
    scenario = {"task": "pretrain", "model": {"preset": "deepseek-v3"}, "seq_len": 4096,
                "training": {"tokens": 1e11, "global_batch": 512, "micro_batch": 1, "zero": 3},
                "hardware": {"gpu": "h100-sxm5-80gb", "count": 256},
                "parallelism": {"tp": 1, "pp": 4, "dp": 64, "ep": 64, "virtual_stages": 8}}
    assert catalog.model("deepseek-v3").routing_groups == (8, 4)

    def exchange(**changes: object) -> float:
        return estimate_for_scenario({**scenario, **changes}, catalog).training.step_breakdown_s["expert_parallel"]

    grouped = exchange()
    uniform = exchange(model={"preset": "deepseek-v3", "expert_groups": 0, "expert_groups_per_token": 0})
    plain = exchange(assumptions={"ep_node_forwarding": False})
    assert grouped < uniform < plain
    assert uniform / plain == pytest.approx(7 * (1 - (7 / 8) ** 8) / 7.0, rel=0.05)
    assert grouped / uniform == pytest.approx(4 * (1 - (3 / 4) ** 8) * 7 / 8 / (7 * (1 - (7 / 8) ** 8)), rel=0.05)
    deepspeed = estimate_for_scenario({**scenario, "stack": "deepspeed", "parallelism": {"ep": 64}}, catalog)
    assert deepspeed.stack.from_profile["ep_node_forwarding"] is False


def test_inside_a_node_a_token_goes_once_to_each_gpu_holding_its_experts(catalog) -> None:
    """Qwen3-30B-A3B on one 8-GPU node (EP 8, top-8 of 128 experts, 16 a GPU): DeepEP sends a token once to each
    other GPU holding some of its experts, 7 x (1 - (7/8)^8) = 4.6 NVLink copies, not one per expert (8 x 7/8 = 7);
    a plain all-to-all keeps one per expert."""
    scenario = {"task": "pretrain", "model": {"preset": "qwen3-30b-a3b"}, "seq_len": 4096,
                "training": {"tokens": 1e11, "global_batch": 64, "micro_batch": 1, "zero": 3},
                "hardware": {"gpu": "h100-sxm5-80gb", "count": 8},
                "parallelism": {"tp": 1, "pp": 1, "dp": 8, "ep": 8}}
    deepep = estimate_for_scenario(scenario, catalog).training.step_breakdown_s["expert_parallel"]
    plain = estimate_for_scenario({**scenario, "assumptions": {"ep_node_forwarding": False}},
                                  catalog).training.step_breakdown_s["expert_parallel"]
    assert deepep / plain == pytest.approx(7 * (1 - (7 / 8) ** 8) / 7.0, rel=0.05)


def test_routed_experts_are_reduced_over_their_own_data_parallel_group(catalog) -> None:
    """With EP spanning every data-parallel rank each routed expert lives on one GPU: its gradients need no
    data-parallel reduction, only the attention and shared weights do (they were all reduced over the 8 ranks)."""
    def sync(ep: int) -> float:
        return estimate_for_scenario({**MIXTRAL, "hardware": {"gpu": "h100-sxm5-80gb", "count": 32},
                                      "parallelism": {"tp": 1, "pp": 4, "dp": 8, "ep": ep}},
                                     catalog).training.step_breakdown_s["data_parallel"]

    whole, spanning = sync(1), sync(8)
    model = catalog.model("mixtral-8x7b")
    dense_share = 1 - model.expert_params / model.total_params
    assert spanning < whole * 0.2
    assert spanning == pytest.approx(whole * dense_share, rel=0.25)


def test_moe_training_says_which_way_its_published_runs_went(catalog) -> None:
    """The MoE band is symmetric, the evidence is not: the warning gives the range of estimated over measured speed
    of the published MoE runs with the experts' efficiency refitted without each run's source (generated by
    benchmarks/crossval.py), and says the estimate rests on that one fitted, editable constant."""
    from gpuplanner.calibration.published_fit import FITTED_MOE_EXPERT_EFFICIENCY, MOE_SPEED_RATIO

    low, median, high = MOE_SPEED_RATIO
    assert low < 1.0 < high and low <= median <= high
    result = estimate_for_scenario({**MIXTRAL, "hardware": {"gpu": "h100-sxm5-80gb", "count": 32}}, catalog)
    (warning,) = [str(w) for w in result.warnings if "Mixture-of-experts training" in str(w)]
    assert f"{low:.2f}-{high:.2f} times the measured speed (median {median:.2f})" in warning
    assert "one constant fitted on published MoE runs" in warning
    assert result.assumptions["moe_expert_efficiency"] == FITTED_MOE_EXPERT_EFFICIENCY


def test_the_moe_experts_efficiency_divides_the_routed_experts_gemm_time_only(catalog) -> None:
    """assumptions.moe_expert_efficiency scales the routed experts' GEMMs and nothing else: halving it doubles their
    time (the GEMM part grows by exactly the experts' share at the old efficiency) and leaves the attention, the
    dense layers' GEMMs and every communication part as they were; a dense model does not move."""
    def breakdown(preset: str, efficiency: float) -> dict[str, float]:
        scenario = {**MIXTRAL, "model": {"preset": preset}, "hardware": {"gpu": "h100-sxm5-80gb", "count": 32},
                    "parallelism": {"tp": 1, "pp": 1, "dp": 32, "ep": 8},
                    "training": {"micro_batch": 1, "recompute": "none"},
                    "assumptions": {"moe_expert_efficiency": efficiency}}
        if preset != "mixtral-8x7b":
            scenario["parallelism"] = {"tp": 1, "pp": 1, "dp": 32}
        return dict(estimate_for_scenario(scenario, catalog).training.step_breakdown_s)

    full, half, quarter = (breakdown("mixtral-8x7b", e) for e in (0.8, 0.4, 0.2))
    experts_at_full = half["gemm"] - full["gemm"]  # doubling the time of the experts' GEMMs adds them once more
    assert experts_at_full > 0.5 * full["gemm"]  # Mixtral's routed experts are most of its GEMM FLOPs
    assert quarter["gemm"] - half["gemm"] == pytest.approx(2 * experts_at_full, rel=1e-6)
    for part in ("tensor_parallel", "expert_parallel", "data_parallel", "memory_bound", "optimizer"):
        assert half[part] == pytest.approx(full[part], rel=1e-9), part
    assert breakdown("llama-3.1-8b", 0.2) == breakdown("llama-3.1-8b", 0.8)


@pytest.mark.parametrize(("groups", "per_token", "field"), [(7, 1, "model.expert_groups"),
                                                            (8, 9, "model.expert_groups_per_token")])
def test_routing_groups_must_split_the_experts(catalog, groups, per_token, field) -> None:

    with pytest.raises(InputError) as raised:
        estimate_for_scenario({**MIXTRAL, "model": {"preset": "deepseek-v3", "expert_groups": groups,
                                                    "expert_groups_per_token": per_token}}, catalog)
    assert raised.value.field == field


def test_an_moe_model_on_an_architecture_no_run_covers_takes_the_wider_band(catalog) -> None:
    """CDNA 3 in bf16 has no published run: a dense model carries the unvalidated ±35 %; an MoE model the MoE runs'
    band widened once."""
    from gpuplanner.calibration.published_fit import MOE_BAND
    from gpuplanner.core.estimates.result_parts import time_band
    from gpuplanner.core.hardware.hardware import Precision
    from gpuplanner.core.results.uncertainty import EXTRAPOLATION_WIDENING, UNVALIDATED_ERROR_PCT, Basis

    mi300x = catalog.gpu("mi300x")
    dense = time_band(PUBLISHED, mi300x, Precision.BF16, 64)
    assert (dense.pct, dense.basis) == (UNVALIDATED_ERROR_PCT, Basis.UNVALIDATED)
    assert time_band(PUBLISHED, mi300x, Precision.BF16, 64, moe=True).pct == pytest.approx(
        max(UNVALIDATED_ERROR_PCT, EXTRAPOLATION_WIDENING * MOE_BAND[0]))


def test_the_unvalidated_warning_states_the_band_the_estimate_carries(catalog) -> None:
    """Qwen3-30B-A3B in bf16 on B200 (no published Blackwell 16-bit run): the warning's ± is the estimate's own band,
    the MoE band widened, not the dense unvalidated 35 % beside a wider band."""
    result = estimate_for_scenario({"task": "pretrain", "model": {"preset": "qwen3-30b-a3b"}, "seq_len": 4096,
                                    "precision": "bf16", "training": {"tokens": 1e10, "global_batch": 512},
                                    "hardware": {"gpu": "b200", "count": 8}}, catalog)
    band = result.training.uncertainty_pct
    assert band > 35.0
    (warning,) = [str(w) for w in result.warnings if str(w).startswith("No published run on Blackwell")]
    assert f"(±{band:.0f}%)" in warning
