"""Goodput: the wall-clock time of a long run once interruptions and checkpoints are counted.

A synchronous job stops whenever any of its GPUs fails; it restarts from its last checkpoint, so each
interruption costs the restart plus, on average, half a checkpoint interval of redone work, and each checkpoint
costs its write time. The interval that balances the two is Young's, sqrt(2 x write time x mean time between
interruptions) (Young 1974; Daly 2006 for the first-order wall-clock model used here).
"""

from __future__ import annotations

import math

from gpuplanner.core.base.records import record

# Llama 3 405B pretraining (Llama Team 2024, Sec. 3.3.4): 419 unexpected interruptions in a 54-day snapshot on
# 16,384 H100 GPUs, i.e. 419 / (16,384 x 54 x 24 GPU-hours).
LLAMA3_INTERRUPTIONS, LLAMA3_GPUS, LLAMA3_DAYS = 419, 16_384, 54.0
INTERRUPTIONS_PER_MILLION_GPU_HOURS = LLAMA3_INTERRUPTIONS / (LLAMA3_GPUS * LLAMA3_DAYS * 24.0) * 1e6
# Llama 3's checkpoint storage (Tectonic): 2 TB/s sustained for the 16K-GPU job, as a share per GPU.
CHECKPOINT_WRITE_GBS_PER_GPU = 2000.0 / LLAMA3_GPUS
# Restart (detect, reschedule, reload): the most that keeps Llama 3's reported "higher than 90 %" effective training
# time with its 419 unexpected interruptions in 54 days under this model (14 min: 90.3 %; 15 min: 89.8 %). A bound
# derived from that one run, not a measurement: edit it for your scheduler.
RESTART_MINUTES = 14.0
# Below this share of useful time the job barely advances: the plan says so.
LOW_GOODPUT = 0.9


@record
class Goodput:
    interruptions_per_day: float  # expected, for the whole job
    checkpoint_write_s: float  # model and optimizer states over the storage bandwidth
    checkpoint_interval_min: float  # Young's optimum
    expected_interruptions: float  # over the run
    wall_days: float  # compute time plus checkpoints, restarts and redone work
    useful_share: float  # compute time / wall-clock time (0 when the job cannot advance)


def expected_goodput(compute_days: float, gpus: int, checkpoint_bytes: float,
                     interruptions_per_million_gpu_hours: float, checkpoint_write_gbs_per_gpu: float,
                     restart_minutes: float, interval_min: float | None = None) -> Goodput:
    """The wall-clock time of `compute_days` of steps on `gpus` GPUs that checkpoint `checkpoint_bytes`, every
    `interval_min` minutes where the user sets it, else at Young's interval."""
    rate_per_hour = interruptions_per_million_gpu_hours * 1e-6 * gpus
    write_s = checkpoint_bytes / max(checkpoint_write_gbs_per_gpu * 1e9 * gpus, 1.0)
    if rate_per_hour <= 0.0 and interval_min is None:
        # Nothing fails: checkpoint as a failure-free run would not need to; report the compute time.
        return Goodput(0.0, write_s, math.inf, 0.0, compute_days, 1.0)
    mtbf_s = 3600.0 / rate_per_hour if rate_per_hour > 0.0 else math.inf
    if interval_min is not None:
        interval_s = interval_min * 60.0
    else:
        interval_s = math.sqrt(2.0 * write_s * mtbf_s) if write_s > 0 else 0.0
    lost_per_interruption_s = restart_minutes * 60.0 + interval_s / 2.0
    useful = 1.0 - lost_per_interruption_s / mtbf_s  # share of wall time that is not lost to interruptions
    overhead = 1.0 + (write_s / interval_s if interval_s > 0 else 0.0)  # checkpoint writes
    if useful <= 0.0:
        return Goodput(rate_per_hour * 24.0, write_s, interval_s / 60.0, math.inf, math.inf, 0.0)
    wall_days = compute_days * overhead / useful
    return Goodput(rate_per_hour * 24.0, write_s, interval_s / 60.0, rate_per_hour * wall_days * 24.0, wall_days,
                   compute_days / wall_days)
