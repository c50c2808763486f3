"""`gpuplanner calibrate-logs --scenario S.json LOG…`: the measured runs in tools' output files, joined with the
scenario they ran, written as a runs file for `calibrate` (README: Calibrating to your hardware)."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from gpuplanner.cli.catalog import open_catalog
from gpuplanner.cli.output import EXIT_OUTPUT_UNWRITABLE, report_line
from gpuplanner.i18n import LANGUAGES, fill
from gpuplanner.i18n.cli import tr, use_language
from gpuplanner.i18n.write_errors import failure_reason
from gpuplanner.safe_write import replace_file
from gpuplanner.service import scenario_from_data

if TYPE_CHECKING:  # the log readers load when the command runs (cli.calibration says why)
    from gpuplanner.calibration_logs import RunEntry


def runs_document(runs: list[RunEntry]) -> str:
    return json.dumps({"runs": runs}, indent=2, ensure_ascii=False) + "\n"


def command_calibrate_logs(args: argparse.Namespace) -> int:
    from gpuplanner.calibration_logs import runs_from_logs

    use_language(args.lang)
    runs = runs_from_logs(args.scenario, args.logs)
    catalog = open_catalog()
    for run in runs:  # each run's scenario must be one `estimate` takes: said here, not when calibrating
        scenario_from_data(run["scenario"], catalog)
    document = runs_document(runs)
    if args.output is None:
        print(document, end="")
        return 0
    try:
        replace_file(args.output, document.encode("utf-8"),
                     lambda data: None if json.loads(data)["runs"] == runs else "the runs read back differ")
    except OSError as exc:  # a missing folder, a full disk, a read-only place: a file already there is unchanged
        report_line("gpuplanner: error: --output: " + fill(
            tr("%1 could not be written (%2); a file already there is unchanged"), args.output,
            failure_reason(exc, tr)))
        return EXIT_OUTPUT_UNWRITABLE
    print(fill(tr("Wrote %1 runs to %2"), len(runs), args.output) if len(runs) != 1 else
          fill(tr("Wrote one run to %1"), args.output))
    for run in runs:
        measured = run["measured"]
        pairs = measured.items() if isinstance(measured, dict) else ()
        figures = ", ".join(f"{path} = {value:.4g}" for path, value in pairs)
        print(f"  {str(run['source']).split(';')[0]} ({run['date']}): {figures}")
    return 0


def add_calibrate_logs_command(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("calibrate-logs", help=tr("read measured runs from benchmark and training logs into a "
                                                      "runs file for calibrate"))
    parser.add_argument("--scenario", metavar="SCENARIO.json", required=True,
                        help=tr("the scenario the logged runs ran (README: Scenario file); what a log states of its "
                                "run (lengths, concurrency, engine) replaces the scenario's"))
    parser.add_argument("logs", metavar="LOG", nargs="+",
                        help=tr("vLLM or SGLang benchmark results, SGLang bench_one_batch output, llama-bench JSON, "
                                "a Megatron-LM or torchtitan log, or Hugging Face Trainer's trainer_state.json / "
                                "all_results.json"))
    parser.add_argument("-o", "--output", metavar="RUNS.json", default=None,
                        help=tr("write the runs file here (default: print it)"))
    parser.add_argument("--lang", choices=list(LANGUAGES), default=None, help=tr("language of the text report"))
    parser.set_defaults(handler=command_calibrate_logs)
