"""Context parallelism (`parallelism.cp`): each sequence split over cp GPUs (ring attention):
activations and the GEMMs' tokens per GPU fall by cp, K/V chunks travel round the ring behind the attention math,
ZeRO shards over the data- and context-parallel ranks; the search tries it for sequences of 32K tokens or more."""

from __future__ import annotations

import pytest

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.errors import InputError
from gpuplanner.service import estimate_for_scenario

LONG = {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "seq_len": 131072,
        "training": {"tokens": 1e10, "global_batch": 64, "micro_batch": 1, "recompute": "none", "zero": 1},
        "hardware": {"gpu": "h100-sxm5-80gb", "count": 64}}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog(overrides_path=None)


def estimate(catalog, **parallelism):
    return estimate_for_scenario({**LONG, "parallelism": parallelism}, catalog)


def test_activations_fall_by_the_context_parallel_degree_and_zero_shards_over_it(catalog) -> None:
    plain = estimate(catalog, tp=1, pp=1, dp=64, cp=1)
    split = estimate(catalog, tp=1, pp=1, dp=16, cp=4)
    assert split.layout.cp == 4 and split.layout.degrees == "TP 1 · CP 4 · PP 1 · DP 16"
    assert split.memory_gib_per_gpu.activations == pytest.approx(plain.memory_gib_per_gpu.activations / 4,
                                                                  rel=1e-6)
    # ZeRO-1 shards the optimizer states over the 64 data- and context-parallel ranks in both layouts.
    assert split.memory_gib_per_gpu.optimizer == pytest.approx(plain.memory_gib_per_gpu.optimizer, rel=1e-9)
    assert not plain.fits and split.memory_gib_per_gpu.total < plain.memory_gib_per_gpu.total


def test_the_ring_hides_behind_attention_inside_a_node_and_shows_across_a_slow_network(catalog) -> None:
    inside = estimate(catalog, tp=1, pp=1, dp=8, cp=8)
    assert inside.training.step_breakdown_s["context_parallel"] == 0.0  # NVLink: hidden by the attention math
    slow = estimate_for_scenario({**LONG, "parallelism": {"tp": 1, "pp": 1, "dp": 4, "cp": 16},
                                  "hardware": {**LONG["hardware"], "network_gbps_per_node": 25}}, catalog)
    assert slow.training.step_breakdown_s["context_parallel"] > 0.0  # 16 GPUs span two nodes over 25 Gb/s
    assert any("ring attention" in str(w) for w in slow.warnings)


def test_the_search_splits_long_sequences_instead_of_recomputing_them(catalog) -> None:
    """128K tokens of Llama 3.1 8B on 64 H100: without CP the activations need TP 8 and a pipeline (PP 2); the
    search splits the sequence over 16 GPUs instead, keeps every activation and is about a sixth faster."""
    searched = estimate_for_scenario({**LONG, "training": {"tokens": 1e10, "global_batch": 64}}, catalog)
    assert searched.fits and searched.layout.cp == 16 and searched.layout.recompute == "none"
    with_none = estimate_for_scenario({**LONG, "training": {"tokens": 1e10, "global_batch": 64},
                                       "parallelism": {"cp": 1}}, catalog)
    assert with_none.fits and with_none.layout.tp == 8 and with_none.layout.pp > 1
    assert searched.training.step_time_s < 0.9 * with_none.training.step_time_s
    assert "cp" in searched.stack.searched
    short = estimate_for_scenario({**LONG, "seq_len": 8192, "training": {"tokens": 1e10, "global_batch": 64}},
                                  catalog)
    assert short.layout.cp == 1  # short sequences: not searched


def test_bad_context_parallel_settings_name_the_field(catalog) -> None:
    with pytest.raises(InputError, match=r"parallelism\.cp") as odd:
        estimate_for_scenario({**LONG, "seq_len": 1000, "parallelism": {"cp": 16}}, catalog)
    assert "2 x 16 equal chunks" in str(odd.value)
    with pytest.raises(InputError, match=r"parallelism\.cp") as stack:
        estimate_for_scenario({**LONG, "stack": "fsdp", "parallelism": {"cp": 4}}, catalog)
    assert "no context parallelism" in str(stack.value)
    with pytest.raises(InputError, match="tp x cp x pp x dp = 128"):
        estimate_for_scenario({**LONG, "parallelism": {"tp": 1, "pp": 1, "dp": 64, "cp": 2}}, catalog)
    fsdp = estimate_for_scenario({**LONG, "stack": "fsdp", "training": {"tokens": 1e10, "global_batch": 64}},
                                 catalog)
    assert fsdp.layout.cp == 1 and fsdp.stack.from_profile["cp"] == 1
