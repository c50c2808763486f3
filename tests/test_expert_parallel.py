"""MoE training with expert parallelism (`parallelism.ep`, issue 19 item 17): a MoE layer's experts split over ep
data-parallel GPUs — their weights (and, without ZeRO, their gradients and states) fall by ep, each expert's
grouped GEMM gets ep GPUs' worth of tokens, and every token's hidden state goes to its experts and back
(all-to-all), exposed unless `assumptions.ep_overlap` hides it. Dense models are unchanged."""

from __future__ import annotations

import pytest

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.errors import InputError
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
    DeepSeek-V3 report, Sec. 3.2.2) a token crosses InfiniBand once per other node holding one of its experts, 7 x
    (1 - (7/8)^8) = 4.6 copies, not once per remote expert (8 x 56/64 = 7): the network part of the exchange falls
    by that ratio; a plain all-to-all (assumptions.ep_node_forwarding false) keeps it."""
    scenario = {"task": "pretrain", "model": {"preset": "deepseek-v3"}, "seq_len": 4096,
                "training": {"tokens": 1e11, "global_batch": 512, "micro_batch": 1, "zero": 3},
                "hardware": {"gpu": "h100-sxm5-80gb", "count": 256},
                "parallelism": {"tp": 1, "pp": 4, "dp": 64, "ep": 64, "virtual_stages": 8}}
    forwarded = estimate_for_scenario(scenario, catalog).training.step_breakdown_s["expert_parallel"]
    plain = estimate_for_scenario({**scenario, "assumptions": {"ep_node_forwarding": False}},
                                  catalog).training.step_breakdown_s["expert_parallel"]
    copies = 7 * (1 - (7 / 8) ** 8)
    latency_free_ratio = copies / 7.0
    assert forwarded < plain
    assert forwarded / plain == pytest.approx(latency_free_ratio, rel=0.05)  # the collective latencies aside
    deepspeed = estimate_for_scenario({**scenario, "stack": "deepspeed", "parallelism": {"ep": 64}}, catalog)
    assert deepspeed.stack.from_profile["ep_node_forwarding"] is False


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
