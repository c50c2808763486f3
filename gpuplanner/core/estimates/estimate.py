"""Evaluate a scenario: the task's own estimate (training, serving, image models), in the shape of README
"Headless use"."""

from __future__ import annotations

from dataclasses import replace

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import DEFAULT_STACK, Calibration
from gpuplanner.core.base.choices import Task
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.estimates.image_estimate import estimate_image_training
from gpuplanner.core.estimates.result_parts import estimated_figures
from gpuplanner.core.estimates.rl import estimate_rl, rl_job
from gpuplanner.core.estimates.serving_estimate import (
    estimate_inference,
    serving_engine,
    serving_workload,
)
from gpuplanner.core.estimates.training_estimate import (
    estimate_training,
    training_workload,
)
from gpuplanner.core.hardware.hardware import Precision, validation_width
from gpuplanner.core.results.results import PUBLISHED_CALIBRATION, Estimate, PublishedCalibration, UserCalibration
from gpuplanner.core.scenario.scenario import Scenario
from gpuplanner.core.serving.inference import compute_precision
from gpuplanner.core.site.site import NodeSpec
from gpuplanner.core.training.layout import LayoutSearch


def validate_workload(scenario: Scenario) -> None:
    """Build the task's workload once, so every value it checks is refused up front, whatever GPU is tried (an
    image task's values are all checked by the field table)."""
    if scenario.task == Task.INFERENCE:
        serving_workload(scenario)
    elif scenario.task == Task.RL:
        rl_job(scenario)
    elif scenario.task not in (Task.VISION, Task.DIFFUSION):
        training_workload(scenario, scenario.precision)


TRANSFORMER_TRAINING = (Task.PRETRAIN, Task.FINETUNE, Task.LORA, Task.QLORA)


def estimate(scenario: Scenario, node: NodeSpec | None = None, alternatives: bool = True,
             search: LayoutSearch | None = None, calibration: Calibration = PUBLISHED) -> Estimate:
    """`node`: the server the GPUs sit in, when known (gives the nameplate power). `alternatives=False` skips the
    runner-up layouts (and the step times they need), the serving latency curve and a training estimate's warnings,
    stack report and storage block: the planner's fast path, filled in for the plans shown. `search`: that fast
    path's layout search for a transformer training scenario, done already for several counts at once.
    `calibration`: the fitted constants and bands to estimate with (the published fit unless handed another)."""
    if scenario.task in TRANSFORMER_TRAINING:
        result = estimate_training(scenario, node, alternatives, search, calibration)
    elif scenario.task in (Task.VISION, Task.DIFFUSION):
        result = estimate_image_training(scenario, node, calibration)
    elif scenario.task == Task.INFERENCE:
        result = estimate_inference(scenario, node, alternatives, calibration)
    elif scenario.task == Task.RL:
        result = estimate_rl(scenario, node, alternatives)
    else:
        raise InputError("task", "{value!r} estimates are not available in this version yet",
                         value=scenario.task.value)
    caveat = estimated_figures(scenario.gpu)  # every task's result on such a GPU says so, first
    if caveat:
        result = replace(result, warnings=(*caveat, *result.warnings))
    used = calibration_used(scenario, result, calibration)
    return result if used is PUBLISHED_CALIBRATION else replace(result, calibration=used)


def calibration_used(scenario: Scenario, result: Estimate,
                     calibration: Calibration) -> PublishedCalibration | UserCalibration:
    """The user's runs the estimate ran on (its GPU, stack or engine, and math width), or the published fit."""
    if calibration.user is None or scenario.task not in (*TRANSFORMER_TRAINING, Task.INFERENCE):
        return PUBLISHED_CALIBRATION
    if scenario.task == Task.INFERENCE:
        stack = serving_engine(scenario)[0]
        width = validation_width(compute_precision(scenario.gpu, scenario.inference.weight_dtype))
    else:
        stack = scenario.stack.value if scenario.stack else DEFAULT_STACK
        width = validation_width(Precision(result.precision))
    fit = calibration.for_group(scenario.gpu.id, stack).user_fit(scenario.gpu.id, width)
    return PUBLISHED_CALIBRATION if fit is None else UserCalibration("user", fit.runs, fit.dates)
