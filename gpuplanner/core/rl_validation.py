"""How far an RL step's estimate is from published RL runs, and the band it prints.

The RL step fits nothing of its own: generation is the serving estimator's, the updates the training estimator's,
both fitted on other runs, so every published RL run judges it out of sample (benchmarks/rl_runs.py writes
RL_JUDGED_ERRORS from resources/reference/published-runs.json; tests/test_rl.py recomputes them). Runs of one
framework's recipe, report or thread are one independence group; with fewer groups than an 80 % band needs, the
band is the worst error seen (core.uncertainty.judged_band) and says it rests on few sources."""

from __future__ import annotations

from gpuplanner.core.choices import RlAlgorithm
from gpuplanner.core.uncertainty import (
    COVERAGE,
    EXTRAPOLATION_WIDENING,
    UNVALIDATED_ERROR_PCT,
    Band,
    Basis,
    judged_band,
)

# (published-runs id, independence group, signed % error of the step time: estimate / measured - 1), generated.
RL_JUDGED_ERRORS: tuple[tuple[str, str, float], ...] = ()


def rl_bands(errors: tuple[tuple[str, str, float], ...] = RL_JUDGED_ERRORS) -> tuple[float, Basis] | None:
    """The band the judged RL runs give (None: none judged)."""
    if not errors:
        return None
    return judged_band([(error, group) for _, group, error in errors], UNVALIDATED_ERROR_PCT)


def rl_band(algorithm: RlAlgorithm, offline: bool,
            errors: tuple[tuple[str, str, float], ...] = RL_JUDGED_ERRORS) -> Band:
    """The band of an RL step time: the judged runs' (online GRPO / PPO steps), widened for DPO, which no judged run
    covers; at least UNVALIDATED_ERROR_PCT where nothing was judged."""
    judged = rl_bands(errors)
    if judged is None:
        return Band(UNVALIDATED_ERROR_PCT, COVERAGE, Basis.UNVALIDATED)
    pct, basis = judged
    if offline:
        return Band(max(UNVALIDATED_ERROR_PCT, pct * EXTRAPOLATION_WIDENING), COVERAGE, Basis.EXTRAPOLATED)
    return Band(pct, COVERAGE, basis)
