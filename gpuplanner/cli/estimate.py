"""`gpuplanner estimate`: read a scenario file, evaluate it, print JSON or a readable report."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import TypeVar

from gpuplanner.cli.calibration import active_calibration
from gpuplanner.cli.catalog import open_catalog
from gpuplanner.cli.output import add_format_option, pad
from gpuplanner.core.results.export import result_json
from gpuplanner.core.results.results import Estimate, RlFigures
from gpuplanner.core.site.storage import StorageBlock, storage_derivation
from gpuplanner.i18n import LANGUAGES, fill
from gpuplanner.i18n.bands import band_text
from gpuplanner.i18n.calibration import calibration_text
from gpuplanner.i18n.cli import step_part_word, term_word, tr, translate_in, translated_message, use_language
from gpuplanner.i18n.layout_words import images_trained, layout_text, training_layout_text
from gpuplanner.scenario_file import load_scenario_json
from gpuplanner.service import estimate_for_scenario

R = TypeVar("R")


def format_number(value: float | None, digits: int = 3) -> str:
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return tr("n/a")
    return f"{value:.{digits}g}" if abs(value) < 1e3 else f"{value:,.0f}"


def storage_lines(storage: StorageBlock | None, indent: str = "  ") -> list[str]:
    """A training run's storage and host, each figure with its arithmetic, and what limits the rates."""
    if storage is None:
        return []
    return ["", tr("Storage and host")] + [indent + translated_message(line) for line in (
        *storage_derivation(storage), *storage.limits)]


def rl_lines(rl: RlFigures | None, indent: str = "  ") -> list[str]:
    """An RL step: each of its parts, the rollout and training sides, memory by phase and the run."""
    if rl is None:
        return []
    header = fill(tr("RL step: %1, %2, rollouts by %3"), rl.algorithm.upper(), term_word(rl.placement),
                  rl.engine) if rl.engine else fill(tr("RL step: %1 (offline, no rollout)"), rl.algorithm.upper())
    if rl.asynchronous:
        header += tr("; ") + tr("one-step-off asynchronous")
    lines = ["", header, indent + fill(tr("step time %1 s (uncertainty %2)"), format_number(rl.step_time_s),
                                       _band(rl.uncertainty_pct, rl.uncertainty_coverage, rl.uncertainty_basis))]
    lines += [indent + "  " + fill(tr("%1 %2 s"), pad(step_part_word(name.removesuffix("_s")), 30),
                                   f"{seconds:>10.3f}") for name, seconds in rl.parts.items()]
    if rl.engine:
        lines += [indent + fill(tr("generation %1% of the step; %2 generated tokens/s; %3 trained tokens/s"),
                                f"{rl.generation_share * 100:.1f}", format_number(rl.tokens_per_s),
                                format_number(rl.trained_tokens_per_s)),
                  indent + fill(tr("rollout: %1 replicas of TP %2 on %3 GPUs, up to %4 sequences at once each; "
                                   "training on %5 GPUs"), rl.rollout_replicas, rl.rollout_tp, rl.rollout_gpus,
                                rl.rollout_concurrency, rl.training_gpus)]
    else:
        lines.append(indent + fill(tr("%1 trained tokens/s"), format_number(rl.trained_tokens_per_s)))
    if rl.rollout_idle_share is not None and rl.training_idle_share is not None:
        lines.append(indent + fill(tr("idle: rollout GPUs %1% of the step, training GPUs %2%"),
                                   f"{rl.rollout_idle_share * 100:.0f}", f"{rl.training_idle_share * 100:.0f}"))
    memory = rl.memory_gib_per_gpu
    phases = tr(", ").join(fill(tr("%1 %2"), label, f"{value:.1f}") for label, value in (
        (tr("rollout"), memory.rollout), (tr("training"), memory.training), (tr("critic"), memory.critic))
        if value is not None)
    lines.append(indent + fill(tr("memory per GPU: peak %1 GiB of %2 (%3)"), f"{memory.peak:.1f}",
                               f"{memory.capacity:.0f}", phases))
    if rl.offload:
        lines.append(indent + tr("training states offloaded to host memory while the engine generates"))
    lines.append(indent + fill(tr("run: %1 steps, %2 days, %3 GPU-hours"), format_number(rl.steps),
                               format_number(rl.days), format_number(rl.gpu_hours)))
    return lines


def estimate_report(result: Estimate) -> str:
    layout = result.layout
    memory = result.memory_gib_per_gpu
    where = tr("%1 · %2 · %3 on %4 x %5 (1 node)") if result.nodes == 1 else tr("%1 · %2 · %3 on %4 x %5 (%6 nodes)")
    header = fill(where, result.model.name, term_word(result.task), precision_words(result), result.count,
                  result.gpu, result.nodes)
    fits = tr("Fits: yes") if result.fits else tr("Fits: NO")
    calibrated = calibration_text(result.calibration, translate_in)
    if calibrated:
        fits += " · " + calibrated
    training = result.training
    if training and result.task in ("lora", "qlora"):
        fits += " · " + fill(tr("trainable parameters %1"), format_number(training.trainable_params))
    lines = [
        header, fits,
        fill(tr("Layout: %1"), layout_text(result, translate_in)) if result.inference or images_trained(result) else
        fill(tr("Layout: %1 (v=%2) · ZeRO-%3 · micro-batch %4 · recompute %5 · sequence parallel %6"),
             layout.degrees, layout.virtual_stages, layout.zero, layout.micro_batch, term_word(layout.recompute),
             tr("on") if layout.sequence_parallel else tr("off")),
        "",
        tr("Memory per GPU (GiB)"),
    ]
    labels = {"weights": tr("weights"), "gradients": tr("gradients"), "optimizer": tr("optimizer"),
              "activations": tr("activations"), "kv_cache": tr("KV cache"), "overhead": tr("overhead")}
    for key, value in memory.parts_of(result.inference is not None, result.rl is not None):
        lines.append(f"  {pad(labels[key], 12)}{value:>9.1f}")
    for label, value in ((tr("total"), memory.total), (tr("capacity"), memory.capacity)):
        lines.append(f"  {pad(label, 12)}{value:>9.1f}")
    if training:
        rate = (fill(tr("%1 tokens/s (%2 per GPU)"), format_number(training.tokens_per_s),
                     format_number(training.tokens_per_s_per_gpu)) if training.tokens_per_s is not None
                else fill(tr("%1 images/s"), format_number(training.images_per_s)))
        lines += [
            "",
            tr("Time"),
            "  " + fill(tr("step time %1 s"), format_number(training.step_time_s)),
            "  " + fill(tr("uncertainty %1"), _band(training.uncertainty_pct, training.uncertainty_coverage,
                                                    training.uncertainty_basis)),
            "  " + rate,
            "  " + fill(tr("model TFLOP/s %1 per GPU, MFU %2%"), format_number(training.model_tflops_per_gpu),
                        f"{training.mfu * 100:.1f}"),
            "  " + fill(tr("run %1 days, %2 GPU-hours"), format_number(training.days),
                        format_number(training.gpu_hours)),
            *(["  " + fill(tr("goodput %1% (%2 days of steps, %3 interruptions expected, a checkpoint every %4 min)"),
                           f"{training.goodput.useful_share * 100:.1f}", format_number(training.compute_days),
                           format_number(training.goodput.expected_interruptions),
                           format_number(training.goodput.checkpoint_interval_min))] if training.goodput else []),
            "  " + fill(tr("step breakdown: %1"), tr(", ").join(
                fill(tr("%1 %2 s"), step_part_word(part), f"{seconds:.3g}")
                for part, seconds in training.step_breakdown_s.items() if seconds)),
        ]
    lines += rl_lines(result.rl)
    lines += storage_lines(result.storage)
    if result.stack is not None:
        stack = result.stack
        fixed = ", ".join(f"{key} = {_setting(value)}" for key, value in stack.from_profile.items()) or tr("nothing")
        lines += ["", fill(tr("Software stack %1: fixed %2; set by you %3; searched %4"), stack.name, fixed,
                           ", ".join(stack.set_by_you) or tr("nothing"), ", ".join(stack.searched) or tr("nothing"))]
    serving = result.inference
    if serving:
        lines += [
            "",
            fill(tr("Serving (%1)"), serving.engine),
            "  " + fill(tr("uncertainty %1"), _band(serving.uncertainty_pct, serving.uncertainty_coverage,
                                                    serving.uncertainty_basis)),
            "  " + fill(tr("time to first token %1 ms"), f"{serving.ttft_s * 1000:,.1f}"),
            "  " + fill(tr("time per output token %1 ms"), f"{serving.tpot_s * 1000:,.1f}"),
            "  " + fill(tr("output tokens/s %1 (%2 per GPU)"), format_number(serving.output_tokens_per_s),
                        format_number(serving.output_tokens_per_s_per_gpu)),
            "  " + fill(tr("largest batch %1 sequences per replica (KV-cache room; admission: %2)"),
                        format_number(serving.max_batch), term_word(serving.kv_admission)),
            "  " + fill(tr("replicas %1 x %2 GPU(s); the load needs %3 (%4 GPUs)") if serving.gpus_needed != 1 else
                        tr("replicas %1 x %2 GPU(s); the load needs %3 (1 GPU)"), serving.replicas,
                        serving.gpus_per_replica, serving.replicas_needed, serving.gpus_needed),
        ]
    power = result.power
    if power.node_gpus is not None and result.count < power.node_gpus:  # part of one server
        line = fill(tr("Power: %1 kW nameplate for the whole server (%2 GPUs); the %3 GPUs used draw %4 kW expected")
                    if result.count != 1 else
                    tr("Power: %1 kW nameplate for the whole server (%2 GPUs); the one GPU used draws %4 kW expected"),
                    format_number(power.node_kw_nameplate), power.node_gpus, result.count,
                    format_number(power.cluster_kw_expected))
    else:
        line = fill(tr("Power: %1 kW nameplate and %2 kW expected per node, %3 kW cluster"),
                    format_number(power.node_kw_nameplate), format_number(power.node_kw_expected),
                    format_number(power.cluster_kw_expected))
    if result.energy_mwh is not None:
        line += tr("; ") + fill(tr("energy per run %1 MWh (IT, before PUE)"), format_number(result.energy_mwh))
    lines += ["", line]
    if result.alternatives:
        lines += ["", tr("Other layouts")]
        images = images_trained(result)
        lines += ["  " + fill(tr("%1: %2"), training_layout_text(alt.layout, translate_in, images),
                              translated_message(alt.reason)) for alt in result.alternatives]
    if result.warnings:
        lines += ["", tr("Warnings")] + [f"  ! {translated_message(w)}" for w in result.warnings]
    return "\n".join(lines)


def _band(pct: float, coverage: float, basis: str) -> str:
    return band_text(pct, coverage, basis, translate_in, lambda value, decimals: f"{value:.{decimals}f}")


def _setting(value: object) -> str:
    """A profile setting as a scenario file writes it (true / false, 4, 0 | 1)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)


def precision_words(result: Estimate) -> str:
    """The precision the estimate used, and the one asked for when the GPU could not run it."""
    if result.fell_back:
        return fill(tr("%1 (%2 requested)"), result.precision.upper(), result.precision_requested.upper())
    return result.precision.upper()


def command_estimate(args: argparse.Namespace) -> int:
    use_language(args.lang)
    catalog = open_catalog()
    print_result(estimate_for_scenario(load_scenario_json(args.scenario), catalog, active_calibration()), args.format,
                 estimate_report)
    return 0


def print_result(result: R, output_format: str, report: Callable[[R], str]) -> None:
    """`--format json` prints the result as JSON (core messages become their English text); text the report."""
    print(result_json(result) if output_format == "json" else report(result))


def add_estimate_commands(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("estimate", help=tr("evaluate one scenario"))
    parser.add_argument("scenario", metavar="SCENARIO.json", help=tr("the scenario (README: Scenario file)"))
    add_format_option(parser, "estimate")
    parser.add_argument("--lang", choices=list(LANGUAGES), default=None, help=tr("language of the text report"))
    parser.set_defaults(handler=command_estimate)
