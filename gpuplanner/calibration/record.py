"""The calibration the estimator runs on, as one value: the constants fitted on measured runs (GEMM efficiency per
architecture x math width, the MoE experts' efficiency, the serving engines' constants), the bands of stated
coverage their out-of-sample errors give, and the runs each constant was fitted on.

Pure data: no estimator code here, so the core can take a `Calibration` as a parameter and the fits
(gpuplanner/calibration/fit.py, calibration/refit*.py) can build new ones."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from gpuplanner.records import record

EFFICIENCY = "efficiency"  # a group's GEMM efficiency multiplier: ("efficiency", architecture, math width)
MOE_EXPERT_EFFICIENCY = "moe_expert_efficiency"  # the MoE experts' share of a dense GEMM's efficiency
SERVING = "serving"  # the serving constants, fitted together: ("serving",) or ("serving", a constant's name)


class Basis(StrEnum):
    """What a band rests on, from the best supported to the least."""
    JUDGED = "judged"  # the coverage quantile over the class's own independence groups, at least MIN_GROUPS
    FEW_SOURCES = "few_sources"  # fewer: the wider class's band (pooled), at least the class's worst error
    EXTRAPOLATED = "extrapolated"  # beyond what was judged (scale, MoE on a new group): widened
    UNVALIDATED = "unvalidated"  # no published run of the kind
    USER_RUNS = "user_runs"  # the leave-one-out errors of the user's own measured runs (`gpuplanner calibrate`)


@record
class TrainingBands:
    groups: Mapping[tuple[str, str], tuple[float, Basis]]  # dense runs outside the scale-out regime
    pooled: float  # the coverage quantile over all of them, the floor of a thinly judged group
    largest_gpus: Mapping[tuple[str, str], int]
    scale_out: tuple[float, Basis] | None
    moe: tuple[float, Basis] | None
    moe_groups: tuple[tuple[str, str], ...]
    # The independence groups behind each band: per group, over the pooled band, the scale-out and the MoE runs.
    sources: Mapping[tuple[str, str], int] = field(default_factory=dict)
    pooled_sources: int = 0
    scale_out_sources: int = 0
    moe_sources: int = 0


@record
class ServingBands:
    groups: Mapping[str, tuple[float, Basis]]
    pooled: float  # over every judged run but the mixture-of-experts ones
    architectures: tuple[str, ...]  # the GPU architectures a judged serving run ran on
    # The groups some serving constant was fitted on a run of (None: not known); a group judged but fitted on no
    # run (another vendor's parts, MoE) runs on constants fitted elsewhere.
    fitted_groups: tuple[str, ...] | None = None
    # The independence groups behind each group's band and behind the pooled band.
    sources: Mapping[str, int] = field(default_factory=dict)
    pooled_sources: int = 0


@record
class ServingCalibration:
    """The serving constants fitted together on the published TensorRT-LLM runs (calibration/refit_serving.py,
    which also refits them leaving each source out)."""

    trtllm_prefill: float  # TensorRT-LLM's share of the dense 16-bit peak in GEMMs (Ampere / Hopper)
    trtllm_hbm: float  # its share of HBM bandwidth in weight and KV-cache reads
    trtllm_prompt_layer_s: float  # its cost per layer of a pass that takes in prompt tokens (no CUDA graph)
    trtllm_fp8: float  # its share of the dense FP8 peak (Hopper); other engines' scaled as their 16-bit share
    trtllm_fp4: float  # its share of the dense FP4 peak (Blackwell)
    gemm_overlap: float  # a GEMM's time = the longer of math and weight reads + this share of the shorter
    allreduce_share: float  # the share of the link's achieved bandwidth its all-reduces reach (large buffers)
    blackwell_bandwidth: float  # Blackwell's share of the engine's bandwidth efficiency (only FP4 runs published)


@record
class FittedOn:
    """The measured runs a constant was fitted on: their ids and their independence groups (runs of one recipe,
    benchmark round or vendor table count once together)."""
    runs: tuple[str, ...]
    independence_groups: tuple[str, ...]


# A user group: (catalog GPU id, math width "16-bit" | "fp8" | "fp4", stack or engine). Training runs without a
# `stack` are in DEFAULT_STACK.
UserGroup = tuple[str, str, str]
DEFAULT_STACK = "default"


@record
class UserGroupFit:
    """What a user's measured runs of one group refitted: factors on the published mechanism constants (1: as
    published), an extra memory overhead, and the bands their leave-one-out errors give (None: too few runs)."""
    runs: int
    dates: tuple[str, ...]
    gemm: float = 1.0  # training: on the group's GEMM (and attention) efficiency
    prefill: float = 1.0  # serving: on the engine's share of the dense peak (prompt processing, GEMM-bound steps)
    decode: float = 1.0  # serving: on the engine's share of memory bandwidth (weight and KV-cache reads)
    memory_gib: float = 0.0  # memory: GiB per GPU beyond the estimate's runtime overhead (CUDA context, allocator)
    time_band_pct: float | None = None  # training step time / throughput
    serving_band_pct: float | None = None  # serving TTFT, time per token, throughput
    band_coverage: float | None = None  # n / (n + 1) of the runs behind the band (split-conformal, max residual)


@record
class UserLayer:
    """A user's measured runs (`gpuplanner calibrate`), layered over the published calibration group by group."""
    groups: Mapping[UserGroup, UserGroupFit]
    runs: int  # every run, over all groups
    dates: tuple[str, ...]  # their dates, distinct, sorted


# One record per fit: compared and hashed by identity (its tables are dicts), so caches keyed on it never mix two.
@dataclass(frozen=True, eq=False)
class Calibration:
    """Every fitted constant the estimator reads, the bands of stated coverage, and what each constant was fitted
    on (`fitted_on`, keyed (EFFICIENCY, architecture, width), (MOE_EXPERT_EFFICIENCY,) or (SERVING,): the serving
    constants are fitted together, on one set of runs)."""

    efficiency_scale: Mapping[tuple[str, str], float]  # per (architecture, "16-bit" | "fp8" | "fp4")
    moe_expert_efficiency: float
    serving: ServingCalibration
    serving_fit_sources: tuple[str, ...]  # the short titles of the sources the serving constants were fitted on
    training_bands: TrainingBands
    serving_bands: ServingBands
    fitted_on: Mapping[tuple[str, ...], FittedOn]
    user: UserLayer | None = None  # the user's runs layered over the published fit (None: the published fit)
    # The one user group an estimate runs in (for_group): its GPU, stack or engine; None: none of the user's.
    group: tuple[str, str] | None = None
    _views: dict[tuple[str, str], Calibration] = field(default_factory=dict, init=False, repr=False)

    def for_group(self, gpu: str, stack: str) -> Calibration:
        """The calibration an estimate on `gpu` with this stack (training) or engine (serving) runs on: the user's
        fit of that GPU and stack where there is one (the same record for every estimate of the group), else this
        one, unchanged."""
        if self.user is None or not any(g[0] == gpu and g[2] == stack for g in self.user.groups):
            return self
        if (gpu, stack) not in self._views:
            self._views[(gpu, stack)] = replace(self, group=(gpu, stack))
        return self._views[(gpu, stack)]

    def user_fit(self, gpu: str, width: str) -> UserGroupFit | None:
        """The user's fit of this GPU in this math width, in the group this record was made for (None: none)."""
        if self.user is None or self.group is None or self.group[0] != gpu:
            return None
        return self.user.groups.get((gpu, width, self.group[1]))

    def memory_overhead_gib(self, width: str) -> float:
        """GiB per GPU the user's runs of this record's group measured beyond the estimated overhead (0: none)."""
        fit = None if self.group is None else self.user_fit(self.group[0], width)
        return 0.0 if fit is None else fit.memory_gib

    def gemm_scale(self, group: tuple[str, str]) -> float:
        """The group's fitted GEMM efficiency multiplier (1 where no published run of it was fitted)."""
        return self.efficiency_scale.get(group, 1.0)

    def constant(self, key: tuple[str, ...]) -> float:
        """The value of the constant `key` names (as `fitted_on` does); KeyError when there is none."""
        if key[0] == EFFICIENCY and len(key) == 3:
            return self.efficiency_scale[(key[1], key[2])]
        if key == (MOE_EXPERT_EFFICIENCY,):
            return self.moe_expert_efficiency
        if key[0] == SERVING and len(key) == 2 and key[1] in ServingCalibration.__dataclass_fields__:
            return float(getattr(self.serving, key[1]))
        raise KeyError(key)

    def runs_behind(self, key: tuple[str, ...]) -> FittedOn:
        """The runs the constant `key` names was fitted on; KeyError when it names none."""
        self.constant(key)
        return self.fitted_on[(SERVING,) if key[0] == SERVING else key]
