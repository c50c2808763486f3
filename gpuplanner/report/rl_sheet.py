"""The spec sheet's RL section: what one RL step is made of (each part's seconds), where its rollouts run, and the
memory of each phase that time-shares a GPU."""

from __future__ import annotations

from gpuplanner.core.results.results import Plan
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import step_part, term
from gpuplanner.report.sheet_html import Formatter, rows, section, tr


def rl_section(plan: Plan, fmt: Formatter) -> str:
    """An RL plan's step part by part ("" for any other plan)."""
    rl = plan.estimate.rl
    if rl is None:
        return ""
    where = fill(tr("%1, %2, rollouts by %3"), rl.algorithm.upper(), term(rl.placement), rl.engine) if rl.engine \
        else fill(tr("%1, offline (no rollout)"), rl.algorithm.upper())
    if rl.asynchronous:
        where += tr("; ") + tr("one-step-off asynchronous")
    table = [(tr("Algorithm and placement"), where),
             *((step_part(name.removesuffix("_s")), fmt.num(seconds, 2) + " s") for name, seconds in rl.parts.items()),
             (tr("Step time (s)"), fmt.num(rl.step_time_s, 2)),
             (tr("Generation share of the step"), fmt.num(rl.generation_share * 100, 1) + " %"),
             (tr("Generated tokens/s"), fmt.num(rl.tokens_per_s, 0))]
    if rl.engine:
        table += [(tr("Rollout GPUs / training GPUs"), f"{rl.rollout_gpus} / {rl.training_gpus}"),
                  (tr("Rollout replicas x TP"), f"{rl.rollout_replicas} × {rl.rollout_tp}")]
    memory = rl.memory_gib_per_gpu
    table += [(fill(tr("Memory, %1 (GiB)"), label), fmt.num(value, 1)) for label, value in (
        (tr("peak"), memory.peak), (tr("rollout"), memory.rollout), (tr("training"), memory.training),
        (tr("critic"), memory.critic)) if value is not None]
    table.append((tr("Steps in the run"), fmt.num(rl.steps, 0)))
    return section(tr("RL step"), rows(table, (tr("Part"), tr("Figure"))))
