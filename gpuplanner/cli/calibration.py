"""`gpuplanner calibrate RUNS.json…`: fit the user's own measured runs over the published calibration, print per
run the estimate before, the measured value and the estimate after, and store it (`--show`, `--reset`); and
`gpuplanner calibration why KEY…`: what a published constant is and the runs it was fitted on, so that "why is this
0.49?" has an answer a reader can check against resources/reference/published-runs.json."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import (
    EFFICIENCY,
    MOE_EXPERT_EFFICIENCY,
    SERVING,
    Calibration,
    ServingCalibration,
    UserGroupFit,
)
from gpuplanner.calibration.store import (
    StoredCalibrationError,
    calibration_path,
    load_calibration,
    reset_calibration,
    save_calibration,
)
from gpuplanner.cli.catalog import open_catalog
from gpuplanner.cli.output import EXIT_BAD_INPUT, add_format_option, report_line, table
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.records import record
from gpuplanner.core.results.export import result_json
from gpuplanner.i18n import LANGUAGES, fill
from gpuplanner.i18n.calibration import dates_text
from gpuplanner.i18n.cli import tr, use_language

# The fit, the runs files' and the tools' log readers are imported by the commands that use them: `estimate` and
# `plan` read only the stored calibration (active_calibration); importing the fit and the log readers took 10 ms of
# every such process, the runs reader (with the quote reader it shares checks with) 4 ms more.
if TYPE_CHECKING:
    from gpuplanner.calibration.fit import Fitted
    from gpuplanner.calibration.runs import MeasuredRun


def constant_keys(calibration: Calibration) -> list[tuple[str, ...]]:
    """Every constant `why` answers for, as its words on the command line."""
    return [*((EFFICIENCY, *group) for group in calibration.efficiency_scale), (MOE_EXPERT_EFFICIENCY,),
            *((SERVING, name) for name in ServingCalibration.__dataclass_fields__)]


@record
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


def written_key(words: list[str], known: list[tuple[str, ...]]) -> tuple[str, ...]:
    """The constant the words name, as the refusal lists it, whatever their case and however an architecture of two
    words is split or quoted (efficiency CDNA 3 fp8, efficiency "Da Vinci" 16-bit, efficiency hopper 16-BIT); the
    words as given when they name none (the refusal then lists every constant)."""
    written = " ".join(" ".join(words).split()).casefold()
    return next((key for key in known if " ".join(key).casefold() == written), tuple(words))


def command_why(args: argparse.Namespace) -> int:
    use_language(args.lang)
    key = written_key(args.constant, constant_keys(PUBLISHED))
    try:
        why = why_of(PUBLISHED, key)
    except (KeyError, IndexError):
        known = "; ".join(" ".join(k) for k in constant_keys(PUBLISHED))
        report_line("gpuplanner: error: " + fill(tr("no fitted constant %1; one of: %2"), " ".join(key) or "''",
                                                 known), limit=2000)
        return EXIT_BAD_INPUT
    print(result_json(why) if args.format == "json" else why_report(why))
    return 0


def active_calibration() -> Calibration:
    """The calibration `estimate` and `plan` run on: the user's stored one, or the published one (a stored file
    that cannot be read is said on stderr, and left for `calibrate --reset`)."""
    try:
        return load_calibration()
    except StoredCalibrationError as error:
        report_line("gpuplanner: note: " + fill(tr("your calibration cannot be read (%1): the published one is "
                                                   "used; `gpuplanner calibrate --reset` removes it"), str(error)),
                    limit=600)
        return PUBLISHED


def constant_words() -> dict[str, str]:
    """A user group's refitted constants, as the reports name them."""
    return {"gemm": tr("GEMM efficiency x"), "prefill": tr("prompt-processing share x"),
            "decode": tr("memory-bandwidth share x"), "memory_gib": tr("memory overhead GiB/GPU")}


def group_words(group: tuple[str, str, str]) -> str:
    gpu, width, stack = group
    return f"{gpu} · {width} · {stack}"


def fit_words(fit: UserGroupFit) -> str:
    """A group's refitted constants and band, as --show and the fit's summary print them."""
    from gpuplanner.calibration.fit import MIN_RUNS_FOR_BAND as MIN_BAND_RUNS

    # The factors print as they multiply ("x 0.909"); the memory overhead as what it adds, with its sign (+2.1, -18.7).
    parts = [f"{words} {getattr(fit, name):{'+.3g' if name == 'memory_gib' else '.3g'}}"
             for name, words in constant_words().items()
             if getattr(fit, name) != getattr(UserGroupFit(0, ()), name)]
    band = fit.time_band_pct if fit.time_band_pct is not None else fit.serving_band_pct
    if band is not None and fit.band_coverage is not None:
        parts.append(fill(tr("band ±%1% (leave-one-out over %2 runs, %3% coverage)"), f"{band:.1f}", fit.runs,
                          f"{fit.band_coverage * 100:.0f}"))
    else:
        parts.append(fill(tr("published band kept (one run; %1 needed for your own)"), MIN_BAND_RUNS) if fit.runs == 1
                     else fill(tr("published band kept (%1 runs; %2 needed for your own)"), fit.runs, MIN_BAND_RUNS))
    parts.append(runs_of(fit.runs, fit.dates))
    return "; ".join(parts)


def runs_of(runs: int, dates: tuple[str, ...]) -> str:
    """"3 runs of 2026-10-01 – 2026-10-03", or "one run of 2024-04-06"."""
    return fill(tr("one run of %1"), dates_text(dates)) if runs == 1 else \
        fill(tr("%1 runs of %2"), runs, dates_text(dates))


SOURCE_CHARS = 60  # the most of a run's source a report's table shows (the whole source is stored)


def short_source(source: str) -> str:
    """A run's source as a table shows it: up to its first ";" (the tool and file; the notes after it are in the
    stored runs), cut at SOURCE_CHARS, so a long source keeps the table readable."""
    head = source.split(";")[0]
    return head if len(head) <= SOURCE_CHARS else head[:SOURCE_CHARS - 1] + "…"


def fitted_report(fitted: Fitted, runs: int, stored: Path) -> str:
    rows = [[tr("run"), tr("figure"), tr("before"), tr("measured"), tr("after"), tr("error before → after")]]
    for r in fitted.results:
        source = short_source(r.run.source)
        rows.append([r.run.origin + (f" ({source})" if source else ""), r.path, _number(r.before),
                     _number(r.measured), _number(r.after),
                     f"{(r.before / r.measured - 1) * 100:+.1f}% → {(r.after / r.measured - 1) * 100:+.1f}%"])
    user = fitted.calibration.user
    assert user is not None
    heading = (tr("Calibrated on one run (GPU · math width · stack or engine), over the published calibration:")
               if runs == 1 else
               fill(tr("Calibrated on %1 runs in one group (GPU · math width · stack or engine), over the published "
                       "calibration:"), runs) if len(user.groups) == 1 else
               fill(tr("Calibrated on %1 runs in %2 groups (GPU · math width · stack or engine), over the published "
                       "calibration:"), runs, len(user.groups)))
    lines = [heading, *table(rows, [24, 32, 10, 10, 10, 18]), "",
             tr("What moved:")]
    lines += [f"  {group_words(group)}: {fit_words(fit)}" for group, fit in user.groups.items()]
    lines += ["", fill(tr("Stored in %1; `gpuplanner estimate` and `plan` use it. `gpuplanner calibrate --reset` "
                          "restores the published estimates."), str(stored))]
    return "\n".join(lines)


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.4g}"


def show_report(calibration: Calibration) -> str:
    user = calibration.user
    if user is None:
        return tr("No calibration of your own is stored: estimates run on the published calibration.")
    lines = [fill(tr("Your calibration (%1): %2"), str(calibration_path()), runs_of(user.runs, user.dates))]
    lines += [f"  {group_words(group)}: {fit_words(fit)}" for group, fit in user.groups.items()]
    return "\n".join(lines)


def measured_runs(path: Path, scenario: str | None) -> list[MeasuredRun]:
    """A runs file's runs (a probe's output is one); with a scenario, a tool's log read as runs of that scenario."""
    from gpuplanner.calibration.runs import parse_runs, runs_from_path
    from gpuplanner.calibration_logs import runs_from_logs

    if scenario is None or _holds_runs(path):
        return runs_from_path(path)
    return parse_runs({"runs": runs_from_logs(scenario, [str(path)])}, path.name)


def _holds_runs(path: Path) -> bool:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return isinstance(data, dict) and "runs" in data


def command_calibrate(args: argparse.Namespace) -> int:
    use_language(args.lang)
    if args.reset:
        removed = reset_calibration()
        print(tr("Your calibration was removed: estimates run on the published calibration.") if removed else
              tr("No calibration of your own was stored."))
        return 0
    if args.show or not args.runs:
        if not args.runs and not args.show:
            raise InputError("RUNS.json", "give one or more runs files, or --show or --reset")
        print(show_report(active_calibration()))
        return 0
    from gpuplanner.calibration.fit import calibrate_runs

    given: set[Path] = set()
    for name in args.runs:
        if Path(name).resolve() in given:
            raise InputError(name, "is given twice: name each file once")
        given.add(Path(name).resolve())
    runs = [run for name in args.runs for run in measured_runs(Path(name), args.scenario)]
    fitted = calibrate_runs(runs, open_catalog(), before=active_calibration())
    assert fitted.calibration.user is not None
    stored = save_calibration(fitted.calibration.user, [run.document() for run in runs])
    print(fitted_report(fitted, len(runs), stored))
    return 0


def add_calibration_commands(sub: argparse._SubParsersAction) -> None:
    calibrate = sub.add_parser("calibrate", help=tr("fit your own measured runs and use them in every estimate"))
    calibrate.add_argument("runs", nargs="*", metavar="RUNS.json",
                           help=tr("runs files: a \"runs\" list, each run with the scenario as estimate takes it, "
                                   "the figures measured by their path in estimate's JSON, a source and a date "
                                   "(README: Calibrating to your own hardware)"))
    calibrate.add_argument("--scenario", metavar="S.json", default=None,
                           help=tr("read the other files as tool logs (vLLM or SGLang benchmark results, llama-bench "
                                   "JSON, Megatron-LM, torchtitan or Hugging Face Trainer output) measured on this "
                                   "scenario"))
    calibrate.add_argument("--show", action="store_true", help=tr("list the calibration stored"))
    calibrate.add_argument("--reset", action="store_true",
                           help=tr("remove your calibration: estimates return to the published one"))
    calibrate.add_argument("--lang", choices=list(LANGUAGES), default=None, help=tr("language of the text report"))
    calibrate.set_defaults(handler=command_calibrate)

    parser = sub.add_parser("calibration", help=tr("what the estimates are calibrated on"))
    actions = parser.add_subparsers(dest="action", required=True, parser_class=type(parser))
    why = actions.add_parser("why", help=tr("a fitted constant's value and the published runs it was fitted on"))
    why.add_argument("constant", nargs="+", metavar="WORD",
                     help=tr("the constant: efficiency ARCHITECTURE WIDTH (e.g. efficiency Hopper 16-bit), "
                             "moe_expert_efficiency, or serving NAME (e.g. serving trtllm_hbm)"))
    add_format_option(why, "calibration why")
    why.add_argument("--lang", choices=list(LANGUAGES), default=None, help=tr("language of the text report"))
    why.set_defaults(handler=command_why)
