"""Layout search and step time: picks what fits and is fastest, respects fixed choices, explains losers."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.training.layout import (
    ZERO_TWIN_STAGES,
    LayoutConstraints,
    _layouts_for,
    enumerate_layouts,
    search_layouts,
)
from gpuplanner.core.training.performance import STEP_PARTS, training_step_time
from gpuplanner.core.training.workload import Assumptions, Cluster, Layouts, Recompute, TrainingWorkload
from gpuplanner.service import scenario_from_data


@pytest.fixture
def llama70(catalog):
    return TrainingWorkload(catalog.model("llama-2-70b"), seq_len=4096, global_batch=1024, tokens=2e12)


def test_70b_on_64_h100_fits_and_uses_model_parallelism(catalog, llama70) -> None:
    search = search_layouts(llama70, Cluster(catalog.gpu("h100-sxm5-80gb"), 64), Assumptions())
    best = search.best_index()
    layout = search.layouts.describe(best)
    assert search.fits[best]
    assert layout.tp * layout.pp * layout.dp == 64
    assert layout.tp > 1 or layout.pp > 1 or layout.zero == 3
    assert float(search.memory.total[best]) <= 80 * 2**30
    reasons = search.losing_reasons(best)
    assert reasons and all(r.reason for r in reasons)


def test_70b_does_not_fit_on_one_gpu(catalog, llama70) -> None:
    search = search_layouts(llama70, Cluster(catalog.gpu("h100-sxm5-80gb"), 1), Assumptions())
    assert not search.any_fits


def test_fixed_choices_are_respected(catalog, llama70) -> None:
    fixed = LayoutConstraints(tp=8, pp=4, micro_batch=1, zero=1, recompute=int(Recompute.SELECTIVE))
    layouts = enumerate_layouts(llama70, Cluster(catalog.gpu("h100-sxm5-80gb"), 64), fixed)
    assert set(layouts.tp) == {8} and set(layouts.pp) == {4} and set(layouts.dp) == {2}
    assert set(layouts.zero) == {1} and set(layouts.recompute) == {1} and set(layouts.micro_batch) == {1}


def test_tp_never_exceeds_a_node(catalog, llama70) -> None:
    layouts = enumerate_layouts(llama70, Cluster(catalog.gpu("h100-sxm5-80gb"), 256), LayoutConstraints())
    assert layouts.tp.max() <= 8
    assert np.all(llama70.global_batch % (layouts.dp * layouts.micro_batch) == 0)


def test_batch_that_cannot_be_split_is_an_input_error(catalog) -> None:
    workload = TrainingWorkload(catalog.model("llama-2-7b"), global_batch=7)
    with pytest.raises(InputError):
        enumerate_layouts(workload, Cluster(catalog.gpu("h100-sxm5-80gb"), 8), LayoutConstraints(tp=1, pp=1))


def test_batched_evaluation_equals_single_evaluation(catalog, llama70) -> None:
    cluster = Cluster(catalog.gpu("a100-sxm4-80gb"), 128)
    search = search_layouts(llama70, cluster, Assumptions())
    every = training_step_time(llama70, cluster, search.layouts, Assumptions())
    for i in (0, len(search.layouts) // 2, len(search.layouts) - 1, search.best_index()):
        alone = search.layouts.take(i)
        single = training_step_time(llama70, cluster, alone, Assumptions()).total[0]
        assert single == pytest.approx(every.total[i])
    assert every.total[search.best_index()] == pytest.approx(search.time.total[search.best_index()])


def test_pcie_consumer_cards_pay_for_tensor_parallelism(catalog) -> None:
    workload = TrainingWorkload(catalog.model("llama-2-7b"), seq_len=2048, global_batch=64)
    gpu = catalog.gpu("rtx-4090")
    cluster = Cluster(gpu, 8)
    tp1 = Layouts.single(1, 1, 8, 1, 3, 2, False, 1)
    tp8 = Layouts.single(8, 1, 1, 1, 0, 2, True, 1)
    time1 = training_step_time(workload, cluster, tp1, Assumptions())
    time8 = training_step_time(workload, cluster, tp8, Assumptions())
    assert time8.tensor_parallel[0] > 5 * time1.tensor_parallel[0]
    assert time8.tensor_parallel[0] > 0.2 * time8.total[0]


def test_full_recompute_costs_about_a_third_more_compute(catalog) -> None:
    """Korthikanti Table 4: full recompute +39 % per layer (theory 33 %), selective +7 %."""
    workload = TrainingWorkload(catalog.model("llama-2-13b"), seq_len=2048, global_batch=64)
    cluster = Cluster(catalog.gpu("a100-sxm4-80gb"), 8)
    none, full = (training_step_time(workload, cluster, Layouts.single(8, 1, 1, 1, 0, r, True, 1),
                                     Assumptions()).gemm[0] for r in (0, 2))
    assert 1.25 < full / none < 1.40


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["a100-sxm4-80gb", "h100-sxm5-80gb", "rtx-4090", "mi300x", "l4", "b200", "gaudi3"]),
       st.sampled_from([1, 2, 8, 16, 64]), st.sampled_from(["llama-2-7b", "qwen2.5-7b", "mixtral-8x7b"]),
       st.sampled_from([512, 2048, 8192]))
def test_step_time_is_positive_and_finite(gpu_id, count, preset, seq) -> None:
    catalog = Catalog(overrides_path=None)
    workload = TrainingWorkload(catalog.model(preset), seq_len=seq, global_batch=256)
    cluster = Cluster(catalog.gpu(gpu_id), count, min(8, count))
    every = training_step_time(workload, cluster, search_layouts(workload, cluster, Assumptions()).layouts,
                               Assumptions())
    assert np.all(every.total > 0)
    assert np.all(np.isfinite(every.total))
    assert all(math.isfinite(float(getattr(every, n)[0])) for n in ("gemm", "data_parallel"))


bad_numbers = st.one_of(st.just(float("nan")), st.just(float("inf")), st.floats(max_value=0.0),
                        st.just(1e30), st.just(0))


@settings(max_examples=40, deadline=None)
@given(bad_numbers, st.sampled_from(["tokens", "seq_len", "global_batch", "count", "network"]))
def test_invalid_numbers_raise_typed_errors_naming_the_field(value, where) -> None:
    path = {"tokens": "training.tokens", "seq_len": "seq_len", "global_batch": "training.global_batch",
            "count": "hardware.count", "network": "hardware.network_gbps_per_node"}[where]
    section, _, key = path.rpartition(".")
    document: dict = {"model": {"preset": "llama-2-7b"}}
    (document.setdefault(section, {}) if section else document)[key] = value
    with pytest.raises(InputError) as error:
        scenario_from_data(json.loads(json.dumps(document)), Catalog(overrides_path=None))
    assert error.value.field == path


def test_a_faster_layout_just_over_capacity_is_named_with_its_memory() -> None:
    """The recompute cliff: the runner-up without recomputation, 20 % faster and 5 % over capacity, says so (the
    one 50 % over is only "does not fit")."""
    import numpy as np

    from gpuplanner.core.training.layout import LayoutSearch
    from gpuplanner.core.training.memory import MemoryBreakdown
    from gpuplanner.core.training.performance import StepTime
    from gpuplanner.core.training.workload import Layouts

    def column(*values: float) -> np.ndarray:
        return np.array(values, dtype=np.float64)

    gib = float(1 << 30)
    layouts = Layouts(column(1, 2, 4), column(1, 1, 1), column(8, 4, 2), column(1, 1, 1), column(1, 1, 1),
                      column(2, 0, 0), column(0, 1, 1), column(1, 1, 1))
    zero = column(0, 0, 0)
    memory = MemoryBreakdown(zero, zero, zero, column(70, 84, 120) * gib, zero, zero)
    time = StepTime(column(10.0, 8.0, 7.0), zero, zero, zero, zero, zero, zero, zero, zero)
    search = LayoutSearch(layouts, memory, time, 80 * gib, memory.total <= 80 * gib, tight=np.zeros(3, bool))
    reasons = {alt.layout.tp: str(alt.reason) for alt in search.losing_reasons(search.best_index())}
    assert reasons[2] == "20% faster, but needs 84.0 GiB per GPU (5% over capacity)"
    assert reasons[4] == "does not fit: needs 120.0 GiB per GPU"


def test_runner_ups_are_layouts_that_run_or_nearly_fit(catalog, llama70) -> None:
    """Runner-up reasons name the best of other families that run or are just over capacity, not the fastest layouts
    needing many times the GPU's memory (64 H100s for a 70B model: TP 1 / PP 1 / DP 64 needs ~1.6 TB a GPU), and no two
    with the same time and memory."""
    search = search_layouts(llama70, Cluster(catalog.gpu("h100-sxm5-80gb"), 64), Assumptions())
    best = search.best_index()
    reasons = search.losing_reasons(best)
    assert len(reasons) == 4
    assert all("does not fit" not in str(r.reason) for r in reasons)
    assert all(r.layout.tp * r.layout.pp > 1 for r in reasons)
    outcomes = set()
    for r in reasons:
        i = next(i for i in range(len(search.layouts)) if search.layouts.describe(i) == r.layout)
        assert search.runs(i) or search.memory.total[i] <= 1.1 * search.capacity_bytes
        outcomes.add((round(float(search.time.total[i]), 4), round(float(search.memory.total[i]) / 2**30, 1)))
    assert len(outcomes) == 4


def test_zero_1_and_2_move_an_all_reduce_per_step(catalog, llama70) -> None:
    """ZeRO-1 and ZeRO-2 reduce-scatter the gradients and all-gather the updated weights: the volume of plain data
    parallelism's all-reduce (Rajbhandari et al. 2020, Sec. 7), so their exposed gradient sync is the same; ZeRO-2
    only saves memory."""
    from gpuplanner.core.training.workload import Layouts

    def column(*values: float) -> np.ndarray:
        return np.array(values, dtype=np.float64)

    layouts = Layouts(column(8, 8, 8), column(4, 4, 4), column(16, 16, 16), column(1, 1, 1), column(0, 1, 2),
                      column(0, 0, 0), column(1, 1, 1), column(1, 1, 1))
    cluster = Cluster(catalog.gpu("h100-sxm5-80gb"), 512, 8, 400.0)
    sync = training_step_time(llama70, cluster, layouts, Assumptions()).data_parallel
    assert sync[0] > 0
    assert sync[1] == pytest.approx(sync[0]) and sync[2] == pytest.approx(sync[0])


def test_family_leaders_are_each_familys_first_in_key_order() -> None:
    """_family_leaders against its definition, written out: in each family the row with the smallest keys (the
    last key primary; ties: the earlier row), and those leaders in the same order. Random cases with many ties."""
    from gpuplanner.core.training.layout import _family_leaders

    def by_hand(rows: np.ndarray, family: np.ndarray, keys: tuple[np.ndarray, ...]) -> list[int]:
        def rank(i: int) -> tuple[float, ...]:
            return (*(float(key[i]) for key in reversed(keys)), i)

        leaders = {}
        for i in map(int, rows):
            if family[i] not in leaders or rank(i) < rank(leaders[family[i]]):
                leaders[family[i]] = i
        return sorted(leaders.values(), key=rank)

    rng = np.random.default_rng(19)
    for _ in range(500):
        n = int(rng.integers(1, 40))
        family = rng.integers(0, int(rng.integers(1, 10)), n).astype(float)
        keys = tuple(rng.integers(0, int(rng.integers(1, 4)), n).astype(float) for _ in range(int(rng.integers(1, 3))))
        rows = np.flatnonzero(rng.random(n) < 0.7)
        assert _family_leaders(rows, family, keys).tolist() == by_hand(rows, family, keys)


def test_an_uneven_pipeline_runs_and_is_sized_at_its_fullest_stage(catalog, llama70) -> None:
    """80 layers on 6 stages: the fullest holds 14, not 13.33, and the whole pipeline waits for it; its weights and
    activations are that stage's. Splits that are even, or even once the first and last stages give a layer's place to
    the embedding and the output head (Llama 3's 126 layers on 16 stages), cost what an even split costs."""
    from gpuplanner.core.training.memory import busiest_stage_layers

    assert list(busiest_stage_layers(80, np.array([1, 4, 5, 6, 7, 8, 41]))) == [80, 20, 16, 14, 12, 10, 80 / 41]
    assert list(busiest_stage_layers(126, np.array([16, 27]))) == [126 / 16, 5]
    cluster = Cluster(catalog.gpu("a100-sxm4-80gb"), 96)
    workload = TrainingWorkload(llama70.model, seq_len=4096, global_batch=768, tokens=2e12)  # DP 8 and 12 both split it

    def best(pp: int):
        fixed = LayoutConstraints(tp=2, pp=pp, micro_batch=1, zero=1, recompute=int(Recompute.FULL), virtual_stages=1)
        search = search_layouts(workload, cluster, Assumptions(), fixed)
        best = search.best_index()
        return search.time.as_dict(best), float(search.memory.weights[best])

    (uneven, uneven_weights), (even, even_weights) = best(6), best(4)
    # The same 96 GPUs and work: per GPU the even PP 4 does 1/96 of it; PP 6's fullest stage 14 / (80 / 6) of that.
    assert uneven["gemm"] / even["gemm"] == pytest.approx(14 / (80 / 6), rel=1e-6)
    layer_weights_even = even_weights * 4 / 80  # per layer, the embedding aside (a small share at 70B)
    assert uneven_weights == pytest.approx(14 * layer_weights_even, rel=0.03)


def test_the_uneven_split_warning_names_the_fullest_stage_and_only_when_there_is_one(catalog) -> None:
    """126 layers on 27 stages warn (5 on the fullest); on 16 stages the first and last give a layer's place to the
    embedding and the output head (Llama 3), an even split that does not."""
    from gpuplanner.service import estimate_for_scenario

    def warnings(pp: int, count: int) -> str:
        result = estimate_for_scenario({"task": "pretrain", "model": {"preset": "llama-3.1-405b"}, "precision": "fp8",
                                        "training": {"tokens": 1e10, "global_batch": 1024},
                                        "hardware": {"gpu": "gb200", "count": count},
                                        "parallelism": {"tp": 4, "pp": pp}}, catalog)
        return " ".join(str(w) for w in result.warnings)

    assert "PP=27 splits 126 layers unevenly: the stage with 5 layers sets the pace" in warnings(27, 216)
    assert "unevenly" not in warnings(16, 128)


@pytest.mark.parametrize(("model", "seq_len", "assumptions"), [
    ("llama-2-70b", 4096, Assumptions()),
    ("llama-2-70b", 65536, Assumptions()),  # context-parallel layouts: the ring's passes grow with recomputation
    ("llama-2-70b", 65536, Assumptions(ulysses_attention=True)),
    ("mixtral-8x7b", 4096, Assumptions(moe_expert_loop=True)),  # expert exchanges, the loop's launches, gathers
])
def test_partial_recomputation_is_its_mode_on_some_layers_and_none_on_the_rest(catalog, model, seq_len,
                                                                                assumptions) -> None:
    """A layout recomputing half its layers costs, in every part of the step, its mode's cost on that share and no
    recomputation's on the rest, each worked out on its own; the terms the step-time model shares between the two
    (worked out once for a partial row) must be exactly those that recomputation leaves as they are."""
    workload = TrainingWorkload(catalog.model(model), seq_len=seq_len, global_batch=1024, tokens=1e11)
    cluster = Cluster(catalog.gpu("h100-sxm5-80gb"), 64)
    layouts = enumerate_layouts(workload, cluster, LayoutConstraints())
    share = layouts.recompute_share(workload.model.layers)
    partial = (layouts.recompute > 0) & (share < 1.0)
    assert partial.sum() > 100
    every_layer = Layouts(layouts.tp, layouts.pp, layouts.dp, layouts.micro_batch, layouts.zero, layouts.recompute,
                          layouts.sequence_parallel, layouts.virtual_stages, cp=layouts.cp, ep=layouts.ep)
    time = training_step_time(workload, cluster, layouts, assumptions)
    mode = training_step_time(workload, cluster, every_layer, assumptions)
    none = training_step_time(workload, cluster, layouts.without_recompute(), assumptions)
    for name in STEP_PARTS:
        got, expected = getattr(time, name), getattr(mode, name).copy()
        expected[partial] = share[partial] * expected[partial] + (1.0 - share[partial]) * getattr(none, name)[partial]
        assert np.array_equal(got, expected), name
    assert (mode.total[partial] != none.total[partial]).sum() > 100  # recomputation changes most of them


def _layouts_one_by_one(heads: int, layers: int, count: int, gpus_per_node: int, global_batch: int,
                        fixed: LayoutConstraints, cp_choices: tuple[int, ...], experts: int) -> tuple[list, list]:
    """The layout grid written out point by point, as the search defines it: splits (TP, CP, PP, interleave) in
    order, then micro-batch, ZeRO stage, recompute mode and expert degree; the points that recompute fully again at
    the end with half the layers (searched partial recomputation); each point's twin without recomputation."""
    tps = [fixed.tp] if fixed.tp else [1] if not fixed.tensor_parallel else [
        t for t in (1, 2, 4, 8, 16, 32, 64) if t <= min(gpus_per_node, count) and heads % t == 0]
    micro_batches = [fixed.micro_batch] if fixed.micro_batch else [1, 2, 4, 8, 16]
    zeros = [fixed.zero] if fixed.zero is not None else list(fixed.zero_stages)
    recomputes = [fixed.recompute] if fixed.recompute is not None else [0, 1, 2]
    degrees = [fixed.ep] if fixed.ep else [1] if experts <= 1 or not fixed.expert_parallel else [
        e for e in (1, 2, 4, 8, 16, 32, 64, 128, 256) if e <= experts and experts % e == 0]
    rows: list[tuple[float, ...]] = []
    for tp in tps:
        for cp in cp_choices:
            if count % (tp * cp):
                continue
            rest = count // (tp * cp)
            pps = [fixed.pp] if fixed.pp else [1] if not fixed.pipeline_parallel else [
                p for p in range(1, rest + 1) if rest % p == 0 and p <= layers]
            for pp in (p for p in pps if rest % p == 0):
                chunks = [fixed.virtual_stages] if fixed.virtual_stages else [1] if pp == 1 else [
                    v for v in range(1, -(-layers // pp) + 1) if -(-layers // pp) % v == 0]
                for v in chunks:
                    dp = count / (tp * cp * pp)
                    if (global_batch / dp) % 1 or (fixed.dp and dp != fixed.dp) or (pp == 1 and v > 1) \
                            or pp * v > layers + 2 * (pp > 1):
                        continue
                    for mb in micro_batches:
                        for zero in zeros:
                            for recompute in recomputes:
                                for ep in degrees:
                                    if (global_batch / dp / mb) % 1 or (dp / ep) % 1 or \
                                            (fixed.zero is None and pp > 1 and zero > 1):
                                        continue
                                    every = layers if fixed.recompute_layers is None else \
                                        min(fixed.recompute_layers, layers)
                                    rows.append((tp, pp, dp, mb, zero, recompute, float(tp > 1 and
                                                 fixed.sequence_parallel is not False), v, every, cp, ep))
    without = {row[:5] + row[6:]: j for j, row in enumerate(rows) if row[5] == 0}
    twins = [without[row[:5] + row[6:]] if row[5] > 0 and 0 in recomputes and len(recomputes) > 1 else -1
             for row in rows]
    if fixed.recompute is None and fixed.recompute_layers is None and layers >= 2:
        again = [i for i, row in enumerate(rows) if row[5] == 2]
        rows += [(*rows[i][:8], layers // 2, *rows[i][9:]) for i in again]
        twins += [twins[i] for i in again]
    return rows, twins


@pytest.mark.parametrize(("shape", "fixed"), [
    ((64, 80, 64, 8, 1024, (1,), 1), LayoutConstraints()),
    ((64, 80, 96, 8, 1536, (1,), 1), LayoutConstraints()),
    ((32, 61, 48, 4, 96, (1, 2, 4), 1), LayoutConstraints()),
    ((128, 126, 512, 8, 2048, (1,), 1), LayoutConstraints(zero_stages=(0, 1))),
    ((16, 24, 16, 8, 64, (1,), 8), LayoutConstraints()),
    ((48, 32, 32, 8, 256, (1, 2), 64), LayoutConstraints(recompute=2)),
    ((32, 32, 16, 8, 64, (1,), 1), LayoutConstraints(recompute_layers=10, sequence_parallel=False)),
    ((40, 40, 24, 8, 48, (1,), 1), LayoutConstraints(zero=3, virtual_stages=2)),
    ((8, 2, 8, 8, 32, (1,), 1), LayoutConstraints(recompute=0)),
    ((96, 96, 72, 72, 144, (1,), 6), LayoutConstraints(tensor_parallel=False)),
])
def test_the_layout_grid_is_every_point_of_the_search_in_order(shape, fixed) -> None:
    """The vectorised enumeration (kept points only, built from masks per split and axis) is the grid written out
    point by point: the same layouts in the same order, each twin without recomputation where it is (a mask read on
    the wrong axis, a point out of order or a twin off by one row differs here); each ZeRO twin is the point alike
    but for the other stage of its pair, -1 where the grid keeps none (a pipeline with ZeRO-2) or the point is at
    neither stage."""
    rows, twins = _layouts_one_by_one(*shape[:5], fixed, *shape[5:])
    layouts = _layouts_for(*shape[:5], fixed, *shape[5:])
    assert layouts.table is not None and layouts.no_recompute_twin is not None
    np.testing.assert_array_equal(layouts.table, np.array(rows, dtype=np.float64).T)
    np.testing.assert_array_equal(layouts.no_recompute_twin, twins)
    zeros = {fixed.zero} if fixed.zero is not None else set(fixed.zero_stages)
    index = {row: j for j, row in enumerate(rows)}
    pairs = [pair for pair in ZERO_TWIN_STAGES if set(pair) <= zeros]
    assert len(layouts.zero_twins) == len(pairs)
    for (first, second), zero_twins in zip(pairs, layouts.zero_twins, strict=True):
        other = {first: second, second: first}
        expected = [index.get((*row[:4], other[row[4]], *row[5:]), -1) if row[4] in other else -1 for row in rows]
        np.testing.assert_array_equal(zero_twins, expected)
