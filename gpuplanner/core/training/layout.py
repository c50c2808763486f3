"""Parallel layout search: enumerate (TP, PP, DP, ZeRO, micro-batch, recompute, interleave) candidates as
numpy arrays, evaluate memory and time for all at once, keep what fits, pick the fastest."""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.base.records import FLATTENED, record
from gpuplanner.core.hardware.hardware import GPU
from gpuplanner.core.training.memory import (
    MemoryBreakdown,
    divides,
    microbatches_per_step,
    parameter_shard,
    training_memory,
)
from gpuplanner.core.training.performance import (
    GpuRows,
    SpreadStepTime,
    StepTime,
    step_time_rows,
    training_step_time,
    zero_stage_volumes,
)
from gpuplanner.core.training.workload import (
    FULL_RECOMPUTE,
    Assumptions,
    Cluster,
    Layout,
    Layouts,
    TrainingWorkload,
)

MICRO_BATCH_CHOICES = (1, 2, 4, 8, 16)
# Context parallelism is searched for sequences this long and longer (shorter ones fit without it, and each degree
# multiplies the layouts to try); a degree the user sets is used at any length.
CP_SEARCH_MIN_SEQ = 32768
CP_CHOICES = (1, 2, 4, 8, 16, 32)
# A faster runner-up at most this share over capacity is named as such (the recompute cliff), not just "no fit".
NEAR_CAPACITY = 0.10
# A layout over capacity is named as the faster option only when it is at least this much faster (1 %: what the
# reason's whole percent can show).
CLIFF_MIN_GAIN = 0.01


@record
class Alternative:
    """A runner-up layout and why it lost to the chosen one."""
    layout: Layout = field(metadata=FLATTENED)
    reason: Message


@record
class LayoutConstraints:
    """Values the user fixed; None means "search it"."""

    tp: int | None = None
    pp: int | None = None
    dp: int | None = None
    micro_batch: int | None = None
    zero: int | None = None
    recompute: int | None = None
    sequence_parallel: bool | None = None
    virtual_stages: int | None = None
    recompute_layers: int | None = None  # layers that recompute (when recompute is on); None: searched / all
    cp: int | None = None  # context-parallel degree; None: searched for long sequences, else 1
    ep: int | None = None  # expert-parallel degree; None: searched for MoE models, else 1
    # The expert-parallel degree the user gave across TP x DP (Megatron-Core's MoE parallel folding), when `ep` above
    # is it in whole tensor-parallel groups (ep / tp expert groups, each expert split over the TP ranks).
    folded_ep: int | None = None
    ulysses: bool = False  # context parallelism splits the attention heads (DeepSpeed-Ulysses): cp divides them
    # What the software stack can run (core/scenario/stack.py); a value fixed above wins.
    tensor_parallel: bool = True
    pipeline_parallel: bool = True
    zero_stages: tuple[int, ...] = (0, 1, 2, 3)
    context_parallel: bool = True
    expert_parallel: bool = True


SEARCH_EVERYTHING = LayoutConstraints()  # nothing fixed by the user


def _powers_of_two_up_to(limit: int) -> list[int]:
    return [1 << k for k in range(limit.bit_length()) if (1 << k) <= limit]


@lru_cache(maxsize=4096)  # the same few numbers for every count and node size of a plan
def _divisors(n: int) -> tuple[int, ...]:
    small = [d for d in range(1, int(n**0.5) + 1) if n % d == 0]
    return tuple(sorted(set(small + [n // d for d in small])))


def virtual_stage_choices(layers: int, pp: int) -> list[int]:
    """Model chunks per pipeline rank the search tries: 1, and with a pipeline every divisor of the layers of the
    fullest stage (Megatron needs layers divisible by pp x v; an uneven split, like Llama 3's 126 layers on 16
    stages with lighter first and last stages, interleaves chunks of the fullest stage's size)."""
    if pp <= 1:
        return [1]
    return list(_divisors(-(-layers // pp)))


def enumerate_layouts(workload: TrainingWorkload, cluster: Cluster, fixed: LayoutConstraints) -> Layouts:
    """Every candidate layout; the same for every GPU with the same node size, so it is built once per shape (the
    arrays are read-only, shared by the searches that use them)."""
    model = workload.model
    return _layouts_for(model.heads, model.layers, cluster.count, cluster.gpus_per_node, workload.global_batch, fixed,
                        tuple(context_parallel_choices(workload.seq_len, fixed, model.heads)), model.experts)


def context_parallel_choices(seq_len: int, fixed: LayoutConstraints, heads: int) -> list[int]:
    """Context-parallel degrees to try: the user's; else, for long sequences on a stack that has it, every degree
    that splits the sequence into 2 x cp equal chunks (Megatron-Core's load balancing of causal attention), or with
    Ulysses every degree that divides the sequence and the attention heads."""
    if fixed.cp:
        return [fixed.cp]
    if not fixed.context_parallel or seq_len < CP_SEARCH_MIN_SEQ:
        return [1]
    if fixed.ulysses:
        return [c for c in CP_CHOICES if seq_len % c == 0 and heads % c == 0]
    return [c for c in CP_CHOICES if seq_len % (2 * c) == 0]


def expert_parallel_choices(experts: int, fixed: LayoutConstraints) -> list[int]:
    """Expert-parallel degrees to try: the user's; else, for a MoE model on a stack that has it, every power of two
    that divides the experts (each data-parallel group of ep GPUs holds experts / ep of them each)."""
    if fixed.ep:
        return [fixed.ep]
    if experts <= 1 or not fixed.expert_parallel:
        return [1]
    return [e for e in _powers_of_two_up_to(experts) if experts % e == 0]


@lru_cache(maxsize=128)  # a plan run uses about 20 counts x 2 node sizes
def _layouts_for(heads: int, layers: int, count: int, gpus_per_node: int, global_batch: int,
                 fixed: LayoutConstraints, cp_choices: tuple[int, ...] = (1,), experts: int = 1) -> Layouts:
    """The layouts of one shape; the sequence enters only through its context-parallel degrees, so editing the
    sequence length below CP_SEARCH_MIN_SEQ reuses them."""
    tp_choices = [fixed.tp] if fixed.tp else [1] if not fixed.tensor_parallel else [
        t for t in _powers_of_two_up_to(min(gpus_per_node, count)) if heads % t == 0]
    splits: list[tuple[int, int, int]] = []  # (tp, cp, pp)
    for t in tp_choices:
        for c in cp_choices:
            if count % (t * c):
                continue
            rest = count // (t * c)
            pp_choices = [fixed.pp] if fixed.pp else [1] if not fixed.pipeline_parallel else [
                p for p in _divisors(rest) if p <= layers]
            splits += [(t, c, p) for p in pp_choices if rest % p == 0]
    if not splits:
        raise InputError("parallelism", "no tensor x pipeline split divides {count} GPUs", count=count)
    # Interleaved 1F1B (Megatron): v model chunks per pipeline rank, each of layers / (pp x v) layers, so every v
    # that divides the layers per stage, and no interleaving without a pipeline or with an uneven split.
    quads = [(tp, cp, pp, v) for tp, cp, pp in splits for v in ([fixed.virtual_stages] if fixed.virtual_stages else
                                                                  virtual_stage_choices(layers, pp))]
    tp, cp, pp, virtual_of = np.array(quads, dtype=np.float64).T
    dp = count / (tp * cp * pp)
    # What depends on the split alone is checked before the grid is built (the grid keeps its order).
    per_replica_of = global_batch / dp
    split_ok = per_replica_of == np.floor(per_replica_of)
    if fixed.dp:
        split_ok &= dp == fixed.dp
    split_ok &= (pp > 1) | (virtual_of == 1)  # a fixed interleave needs a pipeline
    # Chunks of at least one layer; the first and last stages may count the embedding and the output layer as one
    # slot each (Llama 3's 126 layers as 16 x 8 chunks; Megatron-Core's account_for_embedding_in_pipeline_split).
    split_ok &= pp * virtual_of <= layers + 2 * (pp > 1)
    if not split_ok.any():
        raise InputError("training.global_batch",
                         "{global_batch} sequences cannot be split evenly over the data-parallel replicas",
                         global_batch=global_batch)
    tp, cp, pp, virtual_of, dp = (a[split_ok] for a in (tp, cp, pp, virtual_of, dp))

    micro_choices = np.array([fixed.micro_batch] if fixed.micro_batch else MICRO_BATCH_CHOICES, dtype=np.float64)
    zero_choices = np.array([fixed.zero] if fixed.zero is not None else fixed.zero_stages, dtype=np.float64)
    recompute_choices = np.array([fixed.recompute] if fixed.recompute is not None else (0, 1, 2), dtype=np.float64)
    # A MoE model has one more axis, the expert-parallel degree (a dense model's layouts stay what they were).
    expert_choices = np.array(expert_parallel_choices(experts, fixed), dtype=np.float64)
    # The grid (split, micro-batch, ZeRO stage, recompute, expert degree) in C order, its points' flat indices read
    # back into the axes' positions: the filters below look at the split, micro-batch, stage and expert degree
    # alone, so they are worked out on those axes and broadcast over the grid (no point's degrees are gathered
    # before it is kept).
    shape = (len(tp), len(micro_choices), len(zero_choices), len(recompute_choices), len(expert_choices))
    stride = [math.prod(shape[axis + 1:]) for axis in range(len(shape))]  # of each axis, in flat indices
    keep = divides(micro_choices, (global_batch / dp)[:, None])[:, :, None, None, None] \
        & divides(expert_choices, dp[:, None])[:, None, None, None, :]  # the experts split over data-parallel ranks
    if fixed.zero is None:  # Megatron/DeepSpeed combine pipelines with ZeRO-1 at most
        keep = keep & ((pp == 1)[:, None] | (zero_choices <= 1))[:, None, :, None, None]
    pick = np.flatnonzero(np.broadcast_to(keep, shape))
    if pick.size == 0:
        raise InputError("training.global_batch",
                         "{global_batch} sequences cannot be split evenly over the data-parallel replicas",
                         global_batch=global_batch)
    row_of = np.full(math.prod(shape), -1, dtype=np.int64)
    row_of[pick] = np.arange(pick.size)
    recompute_at = (pick // stride[3]) % shape[3]
    twin = np.full(pick.size, -1, dtype=np.int64)
    # Each kept point's twins in the grid, found for the kept points alone.
    twin_in_grid = _no_recompute_twin_in_grid(shape, recompute_choices, pick, recompute_at)
    if twin_in_grid is not None:  # the twin differs only in recompute, which no filter above looks at: kept too
        twin = np.where(recompute_choices[recompute_at] > 0, row_of[twin_in_grid], -1)
    # A ZeRO twin may be filtered out (a pipeline with ZeRO-2): -1 then, as where the grid has none.
    zero_at = (pick // stride[2]) % shape[2]
    zero_twins = [np.where(in_grid >= 0, row_of[in_grid], -1) for stages in ZERO_TWIN_STAGES
                  if (in_grid := _twin_across_in_grid(shape, 2, zero_choices, stages, pick, zero_at)) is not None]
    if fixed.recompute_layers is not None:
        recompute_layers = np.full(pick.size, float(min(fixed.recompute_layers, layers)))
    elif fixed.recompute is not None:  # the user's recompute mode, on every layer (the documented default)
        recompute_layers = np.full(pick.size, float(layers))
    else:
        # Partial recomputation, searched: every layer, or half of them (Megatron's --recompute-num-layers).
        full = np.flatnonzero(recompute_choices[recompute_at] == 2) if layers >= 2 else np.array([], dtype=np.int64)
        twin = np.concatenate([twin, twin[full]])
        # A copy's ZeRO twin is its twin's copy (the twin recomputes fully too).
        copy_of = np.full(pick.size, -1, dtype=np.int64)
        copy_of[full] = pick.size + np.arange(full.size)
        zero_twins = [np.concatenate([own, np.where(own[full] >= 0, copy_of[own[full]], -1)]) for own in zero_twins]
        recompute_layers = np.concatenate([np.full(pick.size, float(layers)), np.full(full.size, float(layers // 2))])
        # The copies are the grid's points again, after the kept ones.
        pick = np.concatenate([pick, pick[full]])
    # (Held for as long as the shape is: 4 bytes an index, a table's rows number far below 2^31.)
    zero_twins = [own.astype(np.int32) for own in zero_twins]
    # Every degree as a row of one array (Layouts.table, TABLE_COLUMNS' order), the layouts' arrays its rows: a
    # batch of several shapes' rows is gathered from it at once (_rows_of). Each row read from its axis at the
    # points' positions along it.
    split = pick // stride[0]
    table = np.empty((len(TABLE_COLUMNS), pick.size))
    for values, position, row in ((tp, split, 0), (pp, split, 1), (dp, split, 2), (virtual_of, split, 7),
                                  (cp, split, 9), (micro_choices, (pick // stride[1]) % shape[1], 3),
                                  (zero_choices, (pick // stride[2]) % shape[2], 4),
                                  (recompute_choices, (pick // stride[3]) % shape[3], 5),
                                  (expert_choices, pick % shape[4], 10)):
        values.take(position, out=table[row], mode="clip")  # (the positions lie on the axis: no check)
    # Sequence parallelism wherever tensor parallelism is, unless the user turned it off.
    np.greater(table[0], 1.0, out=table[6])
    if fixed.sequence_parallel is False:
        table[6] = 0.0
    table[8] = recompute_layers
    for array in (table, twin, *zero_twins):
        array.setflags(write=False)
    # Without context or expert parallelism anywhere the layouts carry no cp / ep array (the same arrays as before
    # they existed).
    return _table_layouts(table, bool((table[9] > 1).any()), bool((table[10] > 1).any()), no_recompute_twin=twin,
                          table=table, zero_twins=tuple(zero_twins))


# The rows of Layouts.table: each layout field in Layouts' order, then the context- and expert-parallel degrees (1
# where the layouts have none).
TABLE_COLUMNS = ("tp", "pp", "dp", "micro_batch", "zero", "recompute", "sequence_parallel", "virtual_stages",
                 "recompute_layers", "cp", "ep")


def _table_layouts(rows: np.ndarray, cp: bool, ep: bool, no_recompute_twin: np.ndarray | None = None,
                   table: np.ndarray | None = None, zero_twins: tuple[np.ndarray, ...] = ()) -> Layouts:
    """Layouts whose arrays are the rows of `rows` (TABLE_COLUMNS; the cp and ep rows may be left out where neither
    `cp` nor `ep`), with a cp / ep array only where `cp` / `ep`."""
    tp, pp, dp, micro_batch, zero, recompute, sequence_parallel, virtual_stages, recompute_layers = rows[:9]
    context, expert = (rows[9], rows[10]) if cp or ep else (None, None)
    return Layouts(tp, pp, dp, micro_batch, zero, recompute, sequence_parallel, virtual_stages, recompute_layers,
                   cp=context if cp else None, ep=expert if ep else None, no_recompute_twin=no_recompute_twin,
                   table=table, zero_twins=zero_twins)


# The ZeRO stages whose layouts are each other's twins (LayoutTwins): below stage 3 a stage changes a step's time
# only through zero_stage_volumes.
ZERO_TWIN_STAGES = ((0.0, 1.0), (1.0, 2.0))


def _twin_across_in_grid(shape: tuple[int, ...], axis: int, values: np.ndarray, pair: tuple[float, float],
                         flat: np.ndarray, at: np.ndarray) -> np.ndarray | None:
    """For each of the `flat` points of the layout grid (flat indices; `at`: their positions along `axis`) whose `axis`
    holds one of `pair`'s values, the flat index of the point that differs only in holding the other (-1
    elsewhere); None when the axis lacks either value."""
    at_first, at_second = np.flatnonzero(values == pair[0]), np.flatnonzero(values == pair[1])
    if at_first.size == 0 or at_second.size == 0:
        return None
    step = (int(at_second[0]) - int(at_first[0])) * math.prod(shape[axis + 1:])
    return np.where(at == at_first[0], flat + step, np.where(at == at_second[0], flat - step, -1))


def _no_recompute_twin_in_grid(shape: tuple[int, ...], recompute_axis: np.ndarray, flat: np.ndarray,
                               at: np.ndarray) -> np.ndarray | None:
    """For each of the `flat` points of the layout grid (flat indices; axis 3: recompute, `at` their positions along
    it), the flat index of the point that differs only in having no recomputation; None when the grid has no such
    point or only one recompute choice."""
    none_at = np.flatnonzero(recompute_axis == 0)
    if len(recompute_axis) < 2 or none_at.size == 0:
        return None
    return flat - (at - int(none_at[0])) * math.prod(shape[4:])


@dataclass
class LayoutSearch:
    layouts: Layouts
    memory: MemoryBreakdown
    time: StepTime | SpreadStepTime
    capacity_bytes: float
    fits: np.ndarray  # what the allocator reserves fits
    # True: step times of every layout the runner-up reasons weigh (those that run, and those just over capacity);
    # False: only of the layouts that fit (the planner's fast path; no runner-up reasons then).
    runner_up_times: bool = True
    tight: np.ndarray | None = None  # only what is allocated fits: it runs, without the allocator's reserve
    # Among equal step times, the lowest of these keys first (the first key primary), then the least memory.
    prefer: tuple[np.ndarray, ...] = ()
    best: int | None = None  # best_index, where it was chosen already (clusters_fast_searches, with others')

    @property
    def any_fits(self) -> bool:
        return bool(self.fits.any())

    def runs(self, i: int) -> bool:
        """Layout i fits, or fits tightly (what runs in practice is not called "does not fit")."""
        return bool(self.fits[i] or (self.tight is not None and self.tight[i]))

    def best_index(self) -> int:
        """Fastest layout that fits; if none fits, the fastest that fits tightly; else the least memory."""
        if self.best is not None:
            return self.best
        candidates = self.fits if self.any_fits else self.tight
        if candidates is not None and candidates.any():
            rows, step = self._timed_among(candidates)
            if rows.size:
                # Among equal times (within 0.1 %), prefer the search's preference, then less memory.
                near = rows[step <= step.min() * 1.001]
                keys = (self.memory.total[near], *(key[near] for key in reversed(self.prefer)))
                return int(near[np.lexsort(keys)[0]])
        return int(np.argmin(self.memory.total))

    def step_s(self, i: int) -> float:
        """Layout i's step time (inf where it was not timed)."""
        return self.time.at(i) if isinstance(self.time, SpreadStepTime) else float(self.time.total[i])

    def _timed_among(self, candidates: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The candidate layouts that have a step time, and their times (the fast path's only)."""
        if isinstance(self.time, SpreadStepTime):
            inside = candidates[self.time.positions]
            return self.time.positions[inside], self.time.timed_total[inside]
        rows = np.flatnonzero(candidates)
        return rows, self.time.total[rows]

    def losing_reasons(self, best: int, limit: int = 4) -> tuple[Alternative, ...]:
        """Why the runners-up lost: the best layout of each other ZeRO/recompute/TP/CP/PP family among those that
        run or that are faster but just over capacity (the recompute cliff), fastest first; where fewer families
        run, the ones nearest to fitting (least memory). A layout needing many times the GPU's memory is no
        runner-up a user can act on, so it comes last, not first as the fastest of all."""
        if not self.runner_up_times:
            raise ValueError("runner-up reasons need the step times of the layouts that run or nearly fit")
        lay = self.layouts
        family = lay.tp * 1e10 + lay.experts * 1e8 + lay.context * 1e6 + lay.pp * 1e3 + lay.zero * 10 + lay.recompute
        best_time = float(self.time.total[best])
        total, time = self.memory.total, self.time.total
        others = family != family[best]
        runs = self.fits if self.tight is None else self.fits | self.tight
        near = total <= self.capacity_bytes * (1.0 + NEAR_CAPACITY)
        faster = time < best_time * (1.0 - CLIFF_MIN_GAIN)
        weighed = others & (runs | (near & faster))
        leaders = _family_leaders(np.flatnonzero(weighed), family, (total, *reversed(self.prefer), time))
        rest = others & ~_member_of(family, family[leaders])
        leaders = np.concatenate([leaders, _family_leaders(np.flatnonzero(rest), family, (total,))])
        # Families that differ only in name (ZeRO-0 / ZeRO-1 without data parallelism, a recompute mode that saves
        # nothing here) give the same time and memory: one of each outcome, the best's own included.
        seen = {_outcome(best_time, float(total[best]))}
        chosen = []
        for i in leaders:
            outcome = _outcome(float(time[i]), float(total[i]))
            if outcome not in seen:
                seen.add(outcome)
                chosen.append(int(i))
            if len(chosen) == limit:
                break
        leaders = np.array(chosen, dtype=np.int64)
        reasons: list[Alternative] = []
        for i in leaders:
            need = float(total[i])
            if faster[i] and self.capacity_bytes > 0 and need > self.capacity_bytes and \
                    need <= self.capacity_bytes * (1.0 + NEAR_CAPACITY):
                # A little more memory (or a smaller micro-batch elsewhere) and it runs, faster.
                reason = msg("{faster:.0f}% faster, but needs {need:.1f} GiB per GPU ({over:.0%} over capacity)",
                             faster=(1.0 - float(time[i]) / best_time) * 100.0, need=need / (1 << 30),
                             over=need / self.capacity_bytes - 1.0)
            elif self.runs(int(i)):
                reason = msg("{slower:.0f}% slower", slower=max(float(time[i]) / best_time - 1.0, 0.0) * 100.0)
            else:
                reason = msg("does not fit: needs {need:.1f} GiB per GPU", need=need / (1 << 30))
            reasons.append(Alternative(layout=lay.describe(int(i)), reason=reason))
        return tuple(reasons)


def _outcome(time: float, memory: float) -> tuple[float, float]:
    """A layout's time (0.1 % steps; inf when not timed) and memory (0.1 GiB steps), as a user reads them."""
    return (round(math.log(time), 3) if math.isfinite(time) and time > 0 else math.inf,
            round(memory / (1 << 29) / 2, 1))


def _member_of(values: np.ndarray, chosen: np.ndarray) -> np.ndarray:
    """values[i] in chosen, for each i (np.isin without its np.unique, which imports numpy.ma: 6 ms of a process)."""
    if chosen.size == 0:
        return np.zeros(values.shape, dtype=bool)
    ordered = np.sort(chosen)
    at = np.minimum(np.searchsorted(ordered, values), ordered.size - 1)
    return ordered[at] == values


def _family_leaders(rows: np.ndarray, family: np.ndarray, keys: tuple[np.ndarray, ...]) -> np.ndarray:
    """The first of `rows` in each family, ordered by `keys` (the last one primary, as np.lexsort), in that order."""
    if rows.size == 0:
        return rows
    # Only a row at its family's least primary key can lead it (a family whose keys are all NaN keeps every row, as
    # NaN sorts last): the keys are sorted for those alone.
    families = family[rows]
    by_family = np.argsort(families, kind="stable")
    grouped = families[by_family]
    starts = np.flatnonzero(np.concatenate(([True], grouped[1:] != grouped[:-1])))
    least = np.empty(rows.size)
    least[by_family] = np.repeat(np.fmin.reduceat(keys[-1][rows][by_family], starts),
                                 np.diff(np.append(starts, rows.size)))
    rows = rows[(keys[-1][rows] == least) | np.isnan(least)]
    # Sorted by family, then by the keys (stable: equal keys keep the rows' order): each family's first is its
    # leader; the leaders are then ordered by the keys, ties in row order, as one sort of all the rows would.
    order = rows[np.lexsort((*(key[rows] for key in keys), family[rows]))]
    grouped = family[order]
    leaders = np.sort(order[np.flatnonzero(np.concatenate(([True], grouped[1:] != grouped[:-1])))])
    return leaders[np.lexsort(tuple(key[leaders] for key in keys))]


@dataclass(frozen=True)
class LayoutTwins:
    """Pairs of layouts alike but for one choice, where one of the two cannot be the best when the other is timed
    too (_fast_path_rows): for each kind of pair, each layout's twin (-1 where it has none) and whether the twin beats
    it. Read only of the layouts, their memory and the job: worked out once per shape, for every GPU and count
    searched on it."""

    twins: tuple[np.ndarray, ...]
    beaten: tuple[np.ndarray, ...]

    @classmethod
    def of(cls, layouts: Layouts, memory: MemoryBreakdown, workload: TrainingWorkload,
           assumptions: Assumptions) -> LayoutTwins:
        """A layout is beaten by its twin when the twin is no slower and best_index's tie-break (least memory, then
        the earlier row) prefers it: without recomputation (every step-time term grows with recomputation,
        core.training.performance), where the twin needs no more memory, or where the layout recomputes fully without
        ZeRO-3 (its recomputed forward GEMMs add a third of the layer GEMM time, more than best_index's 0.1 % unless
        the step is nearly all communication; under ZeRO-3 the weight gathers can hide it, a tie its smaller memory
        would win); at another ZeRO stage below 3 (ZERO_TWIN_STAGES), where the twin's zero_stage_volumes are no
        larger (every term that reads them grows with them) and the tie-break prefers it."""
        twin = layouts.no_recompute_twin
        if twin is None:
            twin = np.full(len(layouts), -1, dtype=np.int64)
        total = memory.total
        has = twin >= 0
        beaten = has & (((layouts.recompute == FULL_RECOMPUTE) & (layouts.zero < 3))
                        | (total >= total[np.where(has, twin, 0)]))
        twins, beaten_by = [twin], [beaten]
        if layouts.zero_twins:
            shard = parameter_shard(workload, layouts.tp, layouts.pp, layouts.ep)
            gradient_bytes, updated = zero_stage_volumes(workload, shard, layouts.zero, layouts.dp * layouts.context,
                                                         assumptions, microbatches_per_step(workload, layouts))
            rows = np.arange(len(layouts))
            for zero_twin in layouts.zero_twins:
                has = zero_twin >= 0
                # (As the platform's index type once: the twins are held as 4-byte indices, which every gather
                # below would otherwise convert again.)
                other = np.where(has, zero_twin, 0).astype(np.intp)
                other_total = total.take(other)
                preferred = (other_total < total) | ((other_total == total) & (other < rows))
                twins.append(zero_twin)
                beaten_by.append(has & preferred & (gradient_bytes.take(other) <= gradient_bytes)
                                 & (updated.take(other) <= updated))
        for array in beaten_by:
            array.setflags(write=False)
        return cls(tuple(twins), tuple(beaten_by))

    def unbeaten(self, timed: np.ndarray, within: np.ndarray) -> np.ndarray:
        """The `timed` rows less those beaten by a twin `within` the rows that may be the best (a row without a twin
        reads the last row's mask, at -1, and is never beaten)."""
        beaten = np.zeros(timed.size, dtype=bool)
        for twin, beaten_by in zip(self.twins, self.beaten, strict=True):
            beaten |= beaten_by.take(timed) & within.take(twin.take(timed))
        return timed[~beaten]


# A search clusters_fast_searches is to do: its index among the clusters asked for, the cluster, and its shape's
# layouts, their memory and twins (_layouts_and_memory).
Pending = tuple[int, Cluster, Layouts, MemoryBreakdown, LayoutTwins]


@lru_cache(maxsize=64)
def _layouts_and_memory(workload: TrainingWorkload, assumptions: Assumptions, fixed: LayoutConstraints, count: int,
                        gpus_per_node: int) -> tuple[Layouts, MemoryBreakdown, LayoutTwins]:
    """Memory per GPU does not depend on which GPU it is: computed once per shape and shared (read-only), with
    the layouts' twins."""
    model = workload.model
    layouts = _layouts_for(model.heads, model.layers, count, gpus_per_node, workload.global_batch, fixed,
                           tuple(context_parallel_choices(workload.seq_len, fixed, model.heads)), model.experts)
    memory = training_memory(workload, layouts, assumptions, count)
    for array in (memory.weights, memory.gradients, memory.optimizer, memory.activations, memory.overhead,
                  memory.slack):
        array.setflags(write=False)
    return layouts, memory, LayoutTwins.of(layouts, memory, workload, assumptions)


def search_layouts(workload: TrainingWorkload, cluster: Cluster, assumptions: Assumptions,
                   fixed: LayoutConstraints = SEARCH_EVERYTHING, runner_up_times: bool = True) -> LayoutSearch:
    """Memory of every layout; step time of the layouts that run and of those within NEAR_CAPACITY of fitting (what
    the runner-up reasons weigh), or (`runner_up_times=False`, the planner's fast path) only of those that fit; the
    best layout is the same either way: it is chosen among those that run."""
    layouts, memory, *_ = _layouts_and_memory(workload, assumptions, fixed, cluster.count, cluster.gpus_per_node)
    capacity, fits, tight, timed = _what_runs(cluster, memory)
    if runner_up_times:
        timed = _weighed(timed, memory, capacity)
    time = training_step_time(workload, cluster, layouts.take(timed), assumptions).spread(timed, len(layouts))
    return LayoutSearch(layouts, memory, time, capacity, fits, runner_up_times, tight)


def _weighed(timed: np.ndarray, memory: MemoryBreakdown, capacity: float) -> np.ndarray:
    """The timed rows and those within NEAR_CAPACITY of fitting: what the runner-up reasons weigh."""
    weighed = memory.total <= capacity * (1.0 + NEAR_CAPACITY)
    weighed[timed] = True
    return np.flatnonzero(weighed)  # (np.union1d, the same rows, imports numpy.ma: 6 ms of a process)


def _capacity(cluster: Cluster) -> float:
    """The bytes a GPU of the cluster holds."""
    return (cluster.gpu.usable_memory_gib or 0.0) * (1 << 30)


def _what_runs(cluster: Cluster, memory: MemoryBreakdown) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
    """Capacity, the layouts that fit, those that fit tightly, and those the fast path times: the fitting ones, else
    the tight ones, else the one needing least memory."""
    capacity = _capacity(cluster)
    fits = memory.total <= capacity
    tight = ~fits & (memory.allocated <= capacity)
    timed = np.flatnonzero(fits) if fits.any() else np.flatnonzero(tight) if tight.any() else np.array(
        [int(np.argmin(memory.total))])
    return capacity, fits, tight, timed


def clusters_fast_searches(workload: TrainingWorkload, clusters: list[Cluster], assumptions: Assumptions,
                           fixed: LayoutConstraints = SEARCH_EVERYTHING,
                           runner_up_times: bool = False) -> list[LayoutSearch | None]:
    """The fast-path search of each cluster (None: no valid layout), the clusters' GPUs and counts any mix: every
    cluster's layouts that run are timed in one vectorised evaluation, each row on its own cluster's GPU, node size
    and network. `runner_up_times`: search_layouts' full search of each instead (the layouts the runner-up reasons
    weigh are timed too)."""
    pending: list[Pending] = []
    shapes_found: dict[tuple[int, int], tuple[Layouts, MemoryBreakdown, LayoutTwins] | None] = {}
    for index, cluster in enumerate(clusters):
        # Each shape looked up once here (the clusters of one count share it): the lookup hashes and compares the
        # workload, assumptions and constraints records.
        shape = (cluster.count, cluster.gpus_per_node)
        if shape not in shapes_found:
            try:
                shapes_found[shape] = _layouts_and_memory(workload, assumptions, fixed, *shape)
            except InputError:
                shapes_found[shape] = None
        found = shapes_found[shape]
        if found is not None:
            pending.append((index, cluster, *found))
    if runner_up_times:
        runs = [(capacity, fits, tight, _weighed(timed, memory, capacity))
                for (_, cluster, _, memory, *_), (capacity, fits, tight, timed) in
                zip(pending, (_what_runs(cluster, memory) for _, cluster, _, memory, *_ in pending), strict=True)]
    else:
        runs = _fast_path_rows(pending)
    times: list[tuple[StepTime, int] | None] = [None] * len(pending)  # each search's batch and first row in it
    best: list[int | None] = [None] * len(pending)
    for group in _groups_of_rows([len(timed) for *_, timed in runs], ROWS_PER_STEP_TIME_EVALUATION):
        # The group's clusters shape by shape, so that each shape's rows are taken from its layouts at once; each
        # row on its own cluster's GPU, node size and network, as search_layouts' Cluster gives them.
        shapes: dict[int, list[int]] = {}
        for i in group:
            shapes.setdefault(id(pending[i][2]), []).append(i)
        order = [i for members in shapes.values() for i in members]
        lengths = [len(runs[i][3]) for i in order]
        layouts = _rows_of([(pending[members[0]][2], np.concatenate([runs[i][3] for i in members]))
                            for members in shapes.values()])
        gpus_per_node = np.repeat([float(min(pending[i][1].gpus_per_node, pending[i][1].count)) for i in order],
                                  lengths)
        network = np.repeat([pending[i][1].network_gbps for i in order], lengths)
        time = step_time_rows(workload, _gpu_rows([pending[i][1].gpu for i in order], lengths, workload,
                                                  assumptions), gpus_per_node, network, layouts, assumptions)
        starts = np.cumsum([0, *lengths])
        for i, start in zip(order, starts[:-1], strict=True):
            times[i] = (time, int(start))
        if not runner_up_times:  # every row timed runs (or is the one nearest to): each search's best, together
            memory_rows = np.concatenate([pending[i][3].total.take(runs[i][3], mode="clip") for i in order])
            for i, row in zip(order, _fastest_least_memory(time.total, memory_rows, starts[:-1]), strict=True):
                best[i] = None if row < 0 else int(runs[i][3][row])
    searches: list[LayoutSearch | None] = [None] * len(clusters)
    for (index, _, layouts, memory, *_), (capacity, fits, tight, timed), own, chosen in zip(pending, runs, times, best,
                                                                                           strict=True):
        assert own is not None
        searches[index] = LayoutSearch(layouts, memory, own[0].spread(timed, len(layouts), own[1]), capacity, fits,
                                       runner_up_times, tight, best=chosen)
    return searches


def _fast_path_rows(pending: list[Pending]) -> list[tuple[float, np.ndarray, np.ndarray, np.ndarray]]:
    """Each cluster's _what_runs, its timed rows less the ones that cannot be the best (beaten by a twin timed too:
    LayoutTwins); GPUs of one capacity on one shape (the same part listed again, parts of one memory size) share all
    four, from one plan to the next too."""
    runs: list[tuple[float, np.ndarray, np.ndarray, np.ndarray]] = []
    for _, cluster, _, memory, twins in pending:
        key = (id(memory), _capacity(cluster))
        kept = _fast_path_rows_kept.get(key)
        if kept is None or kept[0]() is not memory:
            capacity, fits, tight, timed = _what_runs(cluster, memory)
            within = fits if fits.any() else tight  # the rows timed (or the one needing least memory)
            timed = twins.unbeaten(timed, within)
            for array in (fits, tight, timed):
                array.setflags(write=False)  # shared by the searches of the key
            if len(_fast_path_rows_kept) >= FAST_PATH_ROWS_KEPT:
                _fast_path_rows_kept.clear()
            kept = _fast_path_rows_kept[key] = (weakref.ref(memory), (capacity, fits, tight, timed))
        runs.append(kept[1])
    return runs


# _fast_path_rows' answers by the shape's memory (by id(), a weak reference telling it from a later object at the same
# address: _layouts_and_memory keeps a shape's memory from one plan to the next, and lets it go) and the GPUs'
# capacity, what runs on a shape depending on nothing else. At most this many, emptied when full (one call, as the
# planner's other caches).
FAST_PATH_ROWS_KEPT = 1024
_fast_path_rows_kept: dict[tuple[int, float], tuple[weakref.ref[MemoryBreakdown],
                                                    tuple[float, np.ndarray, np.ndarray, np.ndarray]]] = {}


def _fastest_least_memory(step: np.ndarray, memory: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """LayoutSearch.best_index of several fast-path searches at once, their timed rows one after another from
    `starts`: in each, of the rows within 0.1 % of its fastest the one needing least memory (the first of equals),
    as the position among its rows; -1 where none is (a step time that is not a number: best_index says so).
    (Every row a fast-path search times runs, or is the only one, nearest to running: best_index's candidates.)"""
    lengths = np.diff(np.append(starts, step.size))
    near = step <= np.repeat(np.minimum.reduceat(step, starts) * 1.001, lengths)
    lightest = np.minimum.reduceat(np.where(near, memory, np.inf), starts)
    chosen = np.flatnonzero(near & (memory == np.repeat(lightest, lengths)))
    if chosen.size == 0:
        return np.full(starts.size, -1)
    first = chosen[np.minimum(np.searchsorted(chosen, starts), chosen.size - 1)]
    return np.where((first >= starts) & (first < starts + lengths), first - starts, -1)


def _gpu_rows(gpus_of: list[GPU], lengths: list[int], workload: TrainingWorkload,
              assumptions: Assumptions) -> GPU | GpuRows:
    """The GPU of every row, `lengths[k]` rows on `gpus_of[k]` in turn: the one GPU, or each row's among several."""
    gpus: dict[str, GPU] = {}
    for gpu in gpus_of:
        gpus.setdefault(gpu.id, gpu)
    if len(gpus) == 1:
        return gpus_of[0]
    position = {gpu_id: index for index, gpu_id in enumerate(gpus)}
    of_run = np.array([position[gpu.id] for gpu in gpus_of], dtype=np.intp)
    return GpuRows(tuple(gpus.values()), np.repeat(of_run, lengths), workload.precision, assumptions,
                   workload.calibration, runs=(of_run, np.asarray(lengths)))


# Rows one batched step-time evaluation takes at most (its temporaries are some tens of arrays of this length): a
# long session of 1-T-parameter models peaked 190 MiB higher with every count's rows in one evaluation, and the 70B
# plan process, whose first evaluation takes every GPU's first counts, at 53 MiB with 20,000 against 44 MiB with
# this (no slower: the per-evaluation cost is paid a few times, not once per GPU).
ROWS_PER_STEP_TIME_EVALUATION = 4000


def _groups_of_rows(sizes: list[int], limit: int) -> list[list[int]]:
    """Consecutive indices grouped so that each group's sizes sum to at most `limit` (a larger one alone)."""
    groups: list[list[int]] = []
    total = 0
    for index, size in enumerate(sizes):
        if groups and total + size <= limit:
            groups[-1].append(index)
            total += size
        else:
            groups.append([index])
            total = size
    return groups


def _rows_of(parts: list[tuple[Layouts, np.ndarray]]) -> Layouts:
    """Rows of several shapes' layouts, each set's `index` in turn, as one set: every degree gathered at once from
    each set's table, straight into its place (a cp / ep degree of 1 where a set has none; neither gathered where no
    set has either)."""
    cp, ep = any(layouts.cp is not None for layouts, _ in parts), any(layouts.ep is not None for layouts, _ in parts)
    columns = len(TABLE_COLUMNS) if cp or ep else TABLE_COLUMNS.index("cp")
    out = np.empty((columns, sum(len(index) for _, index in parts)))
    start = 0
    for layouts, index in parts:
        assert layouts.table is not None  # an enumeration's (_layouts_for)
        end = start + len(index)
        # Row by row, each into its contiguous place ("clip": the indices are rows of the table; numpy's take
        # along the second axis of the whole table ran several times slower).
        for row, into in zip(layouts.table[:columns], out, strict=True):
            row.take(index, out=into[start:end], mode="clip")
        start = end
    return _table_layouts(out, cp, ep)
