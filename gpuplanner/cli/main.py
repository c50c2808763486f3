"""The command line's entry: the parser, the sub-commands and the exit codes (0 done, 2 bad input with one line on
stderr naming the field, 3 broken install, 1 a bug of ours, 141 a closed pipe)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from gpuplanner import __version__
from gpuplanner.catalog.store import CatalogError
from gpuplanner.cli.catalog import CATALOG_TABLES, command_catalog, command_import_quote, print_catalog_notes
from gpuplanner.cli.output import EXIT_BAD_INPUT, EXIT_BROKEN, EXIT_BROKEN_PIPE, EXIT_BUG, report_line
from gpuplanner.core.cost import CostAssumptions
from gpuplanner.core.errors import InputError
from gpuplanner.display import has_display
from gpuplanner.i18n.cli import translated_message


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports usage errors as a single line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        report_line(f"gpuplanner: error: {message}")
        raise SystemExit(EXIT_BAD_INPUT)


def command_gui(args: argparse.Namespace) -> int:
    from gpuplanner.ui.app import run_gui

    return run_gui([], smoke_test=args.smoke_test, language=getattr(args, "lang", None) or "")


def command_demo(args: argparse.Namespace) -> int:
    from gpuplanner.cli.demo import run_demo

    return run_demo()


def command_default(args: argparse.Namespace) -> int:
    """No sub-command: the GUI when there is a screen, else the headless demo."""
    if args.smoke_test or has_display():
        return command_gui(args)
    print("No display found: running the headless demo (use `gpuplanner gui` on a desktop).\n")
    return command_demo(args)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="gpuplanner", description="Plan GPU servers for AI training and inference.")
    parser.add_argument("--version", action="version", version=f"gpuplanner {__version__}")
    parser.add_argument("--smoke-test", action="store_true",
                        help="open the window (offscreen without a display), wait for the first result, "
                        "print the times, exit 0")
    # Its own dest: argparse lets a sub-command's --lang default (None) overwrite a shared one.
    parser.add_argument("--lang", dest="global_lang", choices=["zh_CN", "en"],
                        help="interface language (default: the system's); also the language of a command's report")
    parser.set_defaults(handler=command_default)
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)

    catalog = sub.add_parser("catalog", help="list catalog entries with their ids")
    catalog.add_argument("table", choices=sorted(CATALOG_TABLES))
    catalog.add_argument("--format", choices=["json", "text"], default="text")
    catalog.set_defaults(handler=command_catalog)

    quote = sub.add_parser("import-quote", help="replace catalog prices with a vendor's quote (CSV: item, unit_price, "
                           "currency, date, note)")
    quote.add_argument("quote", metavar="QUOTE.csv")
    quote.add_argument("--usd-to-cny", type=float, default=CostAssumptions.usd_to_cny,
                       help="exchange rate for CNY lines (default %(default)s)")
    quote.set_defaults(handler=command_import_quote)

    from gpuplanner.cli.estimate import add_estimate_commands
    from gpuplanner.cli.plan import add_plan_command

    add_estimate_commands(sub)
    add_plan_command(sub)

    gui = sub.add_parser("gui", help="open the desktop application")
    gui.add_argument("--smoke-test", action="store_true")
    gui.add_argument("--lang", choices=["zh_CN", "en"])
    gui.set_defaults(handler=command_gui)

    demo = sub.add_parser("demo", help="print the recommended plan for a built-in example scenario")
    demo.set_defaults(handler=command_demo)
    return parser


def run_handler(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    try:
        return _run(handler, args)
    except BrokenPipeError:  # `gpuplanner catalog gpus | head -1`: the reader left; end quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    finally:
        print_catalog_notes()


def _run(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    try:
        return handler(args)
    except BrokenPipeError:
        raise
    except InputError as exc:
        report_line(f"gpuplanner: error: {exc.field}: {translated_message(exc.message)}")
        return EXIT_BAD_INPUT
    except CatalogError as exc:
        report_line(f"gpuplanner: error: {exc}")
        return EXIT_BROKEN
    except Exception as exc:  # a bug of ours: one readable line, the traceback only on request
        if os.environ.get("GPUPLANNER_DEBUG"):
            raise
        report_line(f"gpuplanner: internal error ({type(exc).__name__}: {exc}); rerun with GPUPLANNER_DEBUG=1 "
                    "for details and report it", limit=400)
        return EXIT_BUG


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "lang", None) is None:  # `gpuplanner --lang zh_CN estimate ...`: the language given first
        args.lang = args.global_lang
    return run_handler(args.handler, args)
