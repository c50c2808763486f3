"""`gpuplanner calibration why KEY…`: what a fitted constant is and the measured runs it was fitted on, so that
"why is this 0.495?" has an answer a reader can check against resources/reference/published-runs.json."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import (
    EFFICIENCY,
    MOE_EXPERT_EFFICIENCY,
    SERVING,
    Calibration,
    ServingCalibration,
)
from gpuplanner.cli.output import EXIT_BAD_INPUT, format_help, report_line
from gpuplanner.core.export import result_json
from gpuplanner.i18n import LANGUAGES, fill
from gpuplanner.i18n.cli import tr, use_language


def constant_keys(calibration: Calibration) -> list[tuple[str, ...]]:
    """Every constant `why` answers for, as its words on the command line."""
    return [*((EFFICIENCY, *group) for group in calibration.efficiency_scale), (MOE_EXPERT_EFFICIENCY,),
            *((SERVING, name) for name in ServingCalibration.__dataclass_fields__)]


@dataclass(frozen=True)
class Why:
    """A fitted constant, its value and the runs behind it, as `calibration why` prints it."""
    constant: str
    value: float
    runs: tuple[str, ...]
    independence_groups: tuple[str, ...]


def why_of(calibration: Calibration, key: tuple[str, ...]) -> Why:
    """The constant's value and its runs; KeyError for an unknown constant."""
    value = calibration.constant(key)
    behind = calibration.runs_behind(key)
    return Why(" ".join(key), value, behind.runs, behind.independence_groups)


def why_report(why: Why) -> str:
    lines = [f"{why.constant} = {why.value:g}",
             fill(tr("fitted on %1 published runs from %2 independent sources "
                     "(resources/reference/published-runs.json):"), str(len(why.runs)),
                  str(len(why.independence_groups)))]
    lines += [f"  {run}" for run in why.runs]
    lines.append(tr("independent sources (runs of one recipe, benchmark round or vendor table count once):"))
    lines += [f"  {group}" for group in why.independence_groups]
    return "\n".join(lines)


def command_why(args: argparse.Namespace) -> int:
    use_language(args.lang)
    key = tuple(args.constant)
    try:
        why = why_of(PUBLISHED, key)
    except (KeyError, IndexError):
        known = "; ".join(" ".join(k) for k in constant_keys(PUBLISHED))
        report_line("gpuplanner: error: " + fill(tr("no fitted constant %1; one of: %2"), " ".join(key) or "''",
                                                 known), limit=2000)
        return EXIT_BAD_INPUT
    print(result_json(why) if args.format == "json" else why_report(why))
    return 0


def add_calibration_commands(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("calibration", help=tr("what the estimates are calibrated on"))
    actions = parser.add_subparsers(dest="action", required=True, parser_class=type(parser))
    why = actions.add_parser("why", help=tr("a fitted constant's value and the published runs it was fitted on"))
    why.add_argument("constant", nargs="+", metavar="WORD",
                     help=tr("the constant: efficiency ARCHITECTURE WIDTH (e.g. efficiency Hopper 16-bit), "
                             "moe_expert_efficiency, or serving NAME (e.g. serving trtllm_hbm)"))
    why.add_argument("--format", choices=["json", "text"], default="text", help=format_help())
    why.add_argument("--lang", choices=list(LANGUAGES), default=None, help=tr("language of the text report"))
    why.set_defaults(handler=command_why)
