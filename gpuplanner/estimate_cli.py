"""`gpuplanner estimate`: read a scenario file, evaluate it, print JSON or a readable report."""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gpuplanner.catalog.options import node_for
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.errors import InputError
from gpuplanner.core.estimate import estimate
from gpuplanner.core.site import PowerAssumptions
from gpuplanner.planning import scenario_from_data

MAX_SCENARIO_BYTES = 1 << 20  # a real scenario is a few hundred bytes


def load_scenario_json(path: str) -> object:
    file = Path(path)
    try:
        size = file.stat().st_size
        if size > MAX_SCENARIO_BYTES:
            raise InputError("scenario", f"{path} is {size / 1e6:.1f} MB; a scenario file is at most 1 MB")
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("scenario", f"file not found: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError("scenario", f"cannot read {path}: {exc}") from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise InputError("scenario", f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise InputError("scenario", "JSON nested too deeply") from None


def _reject_constant(name: str) -> float:
    raise InputError("scenario", f"{name} is not a number JSON allows")


def format_number(value: float | None, digits: int = 3) -> str:
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "n/a"
    return f"{value:.{digits}g}" if abs(value) < 1e3 else f"{value:,.0f}"


def estimate_report(result: dict[str, Any]) -> str:
    layout = result["layout"]
    memory = result["memory_gib_per_gpu"]
    lines = [
        f"{result['model']['name']} · {result['task']} · {result['precision']} on {result['count']} x {result['gpu']}"
        f" ({result['nodes']} node{'s' if result['nodes'] != 1 else ''})",
        f"Fits: {'yes' if result['fits'] else 'NO'}"
        + (f" · trainable parameters {format_number(result['training']['trainable_params'])}"
           if result.get("training") and result["task"] in ("lora", "qlora") else ""),
        "Layout: TP {tp} · PP {pp} (v={virtual_stages}) · DP {dp} · ZeRO-{zero} · micro-batch {micro_batch}"
        " · recompute {recompute} · sequence parallel {sp}".format(sp="on" if layout["sequence_parallel"] else "off",
                                                                    **layout),
        "",
        "Memory per GPU (GiB)",
    ]
    for key in ("weights", "gradients", "optimizer", "activations", "kv_cache", "overhead", "total", "capacity"):
        lines.append(f"  {key:<12}{memory[key]:>9.1f}")
    training = result.get("training")
    if training:
        band = training["uncertainty_pct"]
        lines += [
            "",
            "Time",
            f"  step time        {format_number(training['step_time_s'])} s (±{band:.0f}%)",
            f"  tokens/s         {format_number(training['tokens_per_s'])}"
            f" ({format_number(training['tokens_per_s_per_gpu'])} per GPU)",
            f"  model TFLOP/s    {format_number(training['model_tflops_per_gpu'])} per GPU,"
            f" MFU {training['mfu'] * 100:.1f}%",
            f"  run              {format_number(training['days'])} days,"
            f" {format_number(training['gpu_hours'])} GPU-hours",
            "  step breakdown   " + ", ".join(f"{k} {v:.3g} s" for k, v in training["step_breakdown_s"].items() if v),
        ]
    serving = result.get("inference")
    if serving:
        lines += [
            "",
            f"Serving ({serving['engine']}, ±{serving['uncertainty_pct']:.0f}%)",
            f"  time to first token   {serving['ttft_s'] * 1000:,.1f} ms",
            f"  time per output token {serving['tpot_s'] * 1000:,.1f} ms",
            f"  output tokens/s       {format_number(serving['output_tokens_per_s'])} "
            f"({format_number(serving['output_tokens_per_s_per_gpu'])} per GPU)",
            f"  largest batch         {serving['max_batch']} sequences per replica (KV-cache room)",
            f"  replicas              {serving['replicas']} x {serving['gpus_per_replica']} GPU(s); the load needs "
            f"{serving['replicas_needed']} ({serving['gpus_needed']} GPUs)",
        ]
    power = result["power"]
    energy = "" if result["energy_mwh"] is None else (
        f"; energy per run {format_number(result['energy_mwh'])} MWh (IT, before PUE)")
    lines += ["", f"Power: {format_number(power['node_kw_nameplate'])} kW nameplate and "
                  f"{format_number(power['node_kw_expected'])} kW expected per node, "
                  f"{format_number(power['cluster_kw_expected'])} kW cluster{energy}"]
    if result.get("alternatives"):
        lines += ["", "Other layouts"]
        for alt in result["alternatives"]:
            lines.append(f"  TP {alt['tp']} PP {alt['pp']} DP {alt['dp']} ZeRO-{alt['zero']} mb {alt['micro_batch']}"
                         f" recompute {alt['recompute']}: {alt['reason']}")
    if result["warnings"]:
        lines += ["", "Warnings"] + [f"  ! {w}" for w in result["warnings"]]
    return "\n".join(lines)


def command_estimate(args: argparse.Namespace) -> int:
    catalog = Catalog()
    scenario = scenario_from_data(load_scenario_json(args.scenario), catalog)
    node, _ = node_for(scenario.gpu, catalog.rows("servers"), PowerAssumptions())
    print_result(estimate(scenario, node), args.format, estimate_report)
    return 0


def print_result(result: dict[str, Any], output_format: str, report: Callable[[dict[str, Any]], str]) -> None:
    """`--format json` prints the result as JSON (core messages become their English text); text the report."""
    print(json.dumps(result, indent=2, ensure_ascii=False) if output_format == "json" else report(result))


def add_estimate_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("estimate", help="evaluate one scenario")
    parser.add_argument("scenario", metavar="SCENARIO.json")
    parser.add_argument("--format", choices=["json", "text"], default="text")
    parser.set_defaults(handler=command_estimate)
