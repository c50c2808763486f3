"""Goodput: wall-clock days with the expected interruptions and checkpoints (Young's interval), from Llama 3's
published failure count; every figure an editable assumption."""

from __future__ import annotations

import math

import pytest

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.training.goodput import (
    LLAMA3_DAYS,
    LLAMA3_GPUS,
    LLAMA3_INTERRUPTIONS,
    expected_goodput,
)
from gpuplanner.core.training.workload import Assumptions
from gpuplanner.service import estimate_for_scenario

DEFAULTS = Assumptions()
LLAMA3_CHECKPOINT_BYTES = 405e9 * 14  # bf16 weights + fp32 master + AdamW moments, one copy


def llama3(restart_minutes: float) -> float:
    return expected_goodput(LLAMA3_DAYS, LLAMA3_GPUS, LLAMA3_CHECKPOINT_BYTES,
                            DEFAULTS.interruptions_per_million_gpu_hours, DEFAULTS.checkpoint_write_gbs_per_gpu,
                            restart_minutes).useful_share


def test_the_failure_rate_reproduces_llama3s_interruptions() -> None:
    run = expected_goodput(LLAMA3_DAYS * 0.9, LLAMA3_GPUS, LLAMA3_CHECKPOINT_BYTES,
                           DEFAULTS.interruptions_per_million_gpu_hours, DEFAULTS.checkpoint_write_gbs_per_gpu,
                           DEFAULTS.restart_minutes)
    # 54 wall-clock days on 16,384 GPUs: the 419 unexpected interruptions Meta counted, one every ~3 hours.
    assert run.wall_days == pytest.approx(LLAMA3_DAYS, rel=0.02)
    assert run.expected_interruptions == pytest.approx(LLAMA3_INTERRUPTIONS, rel=0.02)
    assert 24 / run.interruptions_per_day == pytest.approx(3.09, abs=0.02)


def test_the_default_restart_is_the_most_that_keeps_llama3_above_ninety_percent() -> None:
    assert DEFAULTS.restart_minutes == 14.0
    assert llama3(14.0) >= 0.90 > llama3(15.0)


def test_the_checkpoint_interval_is_youngs() -> None:
    run = expected_goodput(30.0, 4096, 70e9 * 14, 20.0, 0.5, 10.0)
    write_s = 70e9 * 14 / (0.5e9 * 4096)
    mtbf_s = 3600.0 / (20e-6 * 4096)
    assert run.checkpoint_write_s == pytest.approx(write_s)
    assert run.checkpoint_interval_min * 60 == pytest.approx(math.sqrt(2 * write_s * mtbf_s))
    lost = (10 * 60 + run.checkpoint_interval_min * 30) / mtbf_s
    assert run.wall_days == pytest.approx(30.0 * (1 + write_s / (run.checkpoint_interval_min * 60)) / (1 - lost))


def test_small_jobs_barely_notice_and_nothing_fails_without_failures() -> None:
    assert expected_goodput(30.0, 8, 7e9 * 14, 19.7, 0.122, 14.0).useful_share > 0.99
    spotless = expected_goodput(30.0, 16384, 405e9 * 14, 0.0, 0.122, 14.0)
    assert spotless.wall_days == 30.0 and spotless.expected_interruptions == 0.0


def test_a_job_interrupted_faster_than_it_restarts_cannot_advance() -> None:
    hopeless = expected_goodput(30.0, 100_000, 1e12, 1000.0, 0.1, 30.0)
    assert hopeless.useful_share == 0.0 and math.isinf(hopeless.wall_days)


def test_estimates_report_wall_clock_days_and_the_assumptions_edit_them() -> None:
    catalog = Catalog(overrides_path=None)
    big = {"task": "pretrain", "model": {"preset": "llama-3.1-405b"}, "seq_len": 8192,
           "training": {"tokens": 15.6e12, "global_batch": 2048},
           "hardware": {"gpu": "h100-sxm5-80gb", "count": 16384}, "parallelism": {"tp": 8, "pp": 16, "dp": 128}}
    training = estimate_for_scenario(big, catalog).training
    assert training is not None and training.goodput is not None
    assert training.days == training.goodput.wall_days > training.compute_days
    assert training.goodput.useful_share == pytest.approx(0.903, abs=0.005)
    assert training.gpu_hours == pytest.approx(training.days * 24 * 16384)
    slow = estimate_for_scenario({**big, "assumptions": {"restart_minutes": 60}}, catalog)
    assert slow.training is not None and slow.training.days > training.days
    assert any("Interruptions expected over the run" in w for w in slow.warnings)  # under 90 %: the plan says so
