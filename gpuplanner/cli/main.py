"""The command line's entry: the parser, the sub-commands and the exit codes (0 done, 2 bad input with one line on
stderr naming the field, 3 broken install, 1 a bug of ours, 141 a closed pipe)."""

from __future__ import annotations

import argparse
import errno
import gc
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from gpuplanner import __version__
from gpuplanner.catalog.store import CatalogError
from gpuplanner.cli.catalog import CATALOG_TABLES, command_catalog, command_import_quote, print_catalog_notes
from gpuplanner.cli.output import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN,
    EXIT_BROKEN_PIPE,
    EXIT_BUG,
    EXIT_OUTPUT_UNWRITABLE,
    add_format_option,
    report_line,
)
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.cost.cost import CostAssumptions
from gpuplanner.crash_log import write_crash
from gpuplanner.display import has_display
from gpuplanner.i18n import LANGUAGES, fill
from gpuplanner.i18n.cli import tr, translated_message, use_language
from gpuplanner.i18n.write_errors import failure_reason


def terminal_columns() -> int:
    """The width argparse wraps help to, as shutil.get_terminal_size gives it (COLUMNS, else the terminal's, else
    80), read here without importing shutil, whose compression modules argparse's formatter otherwise loads on every
    start (1.5 ms of it; a formatter is made for each option added)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


class TranslatedHelpFormatter(argparse.HelpFormatter):
    """argparse's help with its "usage:" in the command line's language."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_columns() - 2 if width is None else width)

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, tr("usage: ") if prefix is None else prefix)


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports usage errors as a single line and exit code 2, and words its help's headings in the
    command line's language (`gpuplanner --lang zh_CN plan -h`)."""

    def __init__(self, **kwargs: Any) -> None:  # by keyword, as argparse makes its subcommands' parsers
        super().__init__(add_help=False, formatter_class=TranslatedHelpFormatter, **kwargs)
        self._positionals.title = tr("positional arguments")
        self._optionals.title = tr("options")
        self.add_argument("-h", "--help", action="help", help=tr("show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


class UsageError(SystemExit):
    """A command line argparse refused: exit 2, its one line reported by `main` in the language the line asks for."""

    def __init__(self, message: str) -> None:
        super().__init__(EXIT_BAD_INPUT)
        self.message = message


def command_gui(args: argparse.Namespace) -> int:
    gc.enable()  # the app runs for hours (the command-line process runs without it: gpuplanner.__main__)
    from gpuplanner.ui.app import run_gui

    return run_gui([], smoke_test=args.smoke_test, language=getattr(args, "lang", None) or "")


def command_demo(args: argparse.Namespace) -> int:
    from gpuplanner.cli.demo import run_demo

    return run_demo(getattr(args, "lang", None))


def command_default(args: argparse.Namespace) -> int:
    """No sub-command: the GUI when there is a screen, else the headless demo."""
    if args.smoke_test or has_display():
        return command_gui(args)
    use_language(getattr(args, "lang", None))
    print(tr("No display found: running the headless demo (use `gpuplanner gui` on a desktop).") + "\n")
    return command_demo(args)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; `command`: with that sub-command's parser alone (a command line that names one
    reads no other: building all ten took 4 ms of every command's start, argparse's help formatter and message
    catalogue looked up for each of their options)."""
    parser = OneLineParser(prog="gpuplanner", description=tr("Plan GPU servers for AI training and inference."))
    parser.add_argument("--version", action="version", version=f"gpuplanner {__version__}",
                        help=tr("show the version and exit"))
    parser.add_argument("--smoke-test", action="store_true",
                        help=tr("open the window (offscreen without a display), wait for the first result, "
                                "print the times, exit 0"))
    # Its own dest: argparse lets a sub-command's --lang default (None) overwrite a shared one.
    parser.add_argument("--lang", dest="global_lang", choices=list(LANGUAGES),
                        help=tr("interface language (default: the system's); also the language of a command's report"))
    parser.set_defaults(handler=command_default)
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    for names, add in SUB_COMMANDS:
        if command is None or command in names:
            add(sub)
    return parser


def _add_catalog_command(sub: argparse._SubParsersAction) -> None:
    catalog = sub.add_parser("catalog", help=tr("list catalog entries with their ids"))
    catalog.add_argument("table", choices=sorted(CATALOG_TABLES), help=tr("which table to list"))
    add_format_option(catalog, "catalog")
    catalog.set_defaults(handler=command_catalog)


def _add_import_quote_command(sub: argparse._SubParsersAction) -> None:
    quote = sub.add_parser("import-quote", help=tr("replace catalog prices with a vendor's quote (CSV: item, "
                                                         "unit_price, currency, date, note)"))
    quote.add_argument("quote", metavar="QUOTE.csv", help=tr("the vendor's quote as CSV"))
    quote.add_argument("--usd-to-cny", type=float, default=CostAssumptions.usd_to_cny,
                       help=tr("exchange rate for CNY lines (default %(default)s)"))
    quote.set_defaults(handler=command_import_quote)


def _add_estimate_command(sub: argparse._SubParsersAction) -> None:
    from gpuplanner.cli.estimate import add_estimate_commands

    add_estimate_commands(sub)


def _add_plan_command(sub: argparse._SubParsersAction) -> None:
    from gpuplanner.cli.plan import add_plan_command

    add_plan_command(sub)


def _add_calibration_commands(sub: argparse._SubParsersAction) -> None:
    from gpuplanner.cli.calibration import add_calibration_commands

    add_calibration_commands(sub)


def _add_calibrate_logs_command(sub: argparse._SubParsersAction) -> None:
    from gpuplanner.cli.calibrate_logs import add_calibrate_logs_command

    add_calibrate_logs_command(sub)


def _add_gui_command(sub: argparse._SubParsersAction) -> None:
    gui = sub.add_parser("gui", help=tr("open the desktop application"))
    gui.add_argument("--smoke-test", action="store_true", help=argparse.SUPPRESS)
    gui.add_argument("--lang", choices=list(LANGUAGES), help=tr("interface language (default: the system's)"))
    gui.set_defaults(handler=command_gui)


def _add_demo_command(sub: argparse._SubParsersAction) -> None:
    demo = sub.add_parser("demo", help=tr("print the recommended plan for a built-in example scenario"))
    demo.add_argument("--lang", choices=list(LANGUAGES), help=tr("language of the text report"))
    demo.set_defaults(handler=command_demo)


# The sub-commands in the order the help lists them: the names each adds, and what adds them.
SUB_COMMANDS: tuple[tuple[tuple[str, ...], Callable[[argparse._SubParsersAction], None]], ...] = (
    (("catalog",), _add_catalog_command),
    (("import-quote",), _add_import_quote_command),
    (("estimate",), _add_estimate_command),
    (("plan",), _add_plan_command),
    (("calibrate", "calibration"), _add_calibration_commands),
    (("calibrate-logs",), _add_calibrate_logs_command),
    (("gui",), _add_gui_command),
    (("demo",), _add_demo_command),
)


def named_command(words: Sequence[str]) -> str | None:
    """The sub-command a command line names, where only the global --lang and --smoke-test come before it (None
    for anything else: help, the version, an abbreviated option or an unknown word take the whole parser)."""
    index = 0
    while index < len(words):
        word = words[index]
        if word == "--lang":
            index += 2
        elif word == "--smoke-test" or word.startswith("--lang="):
            index += 1
        else:
            return word if any(word in names for names, _ in SUB_COMMANDS) else None
    return None


# Errors of writing the report itself (a full disk, a quota, a failing device): said, never an "internal error".
OUTPUT_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG})


def _silence_stdout() -> None:
    """Point standard output at the null device, so the interpreter's own flush at exit cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def run_handler(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    try:
        return _run(handler, args)
    except BrokenPipeError:  # `gpuplanner catalog gpus | head -1`: the reader left; end quietly
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except OSError as exc:  # only an output write reaches here (_run): `gpuplanner plan s.json > /dev/full`
        _silence_stdout()
        report_line("gpuplanner: error: " + fill(tr("the output could not be written: %1"), failure_reason(exc, tr)))
        return EXIT_OUTPUT_UNWRITABLE
    finally:
        print_catalog_notes()


def _run(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    try:
        code = handler(args)
        sys.stdout.flush()  # a write that fails, fails here, where it can be told from a bug
        return code
    except BrokenPipeError:
        raise
    except OSError as exc:
        if exc.errno in OUTPUT_WRITE_ERRORS and _is_stdout_error(exc):
            raise
        if os.environ.get("GPUPLANNER_DEBUG"):
            raise
        return _internal_error(exc)
    except InputError as exc:
        report_line(f"gpuplanner: error: {exc.field}: {translated_message(exc.message)}")
        return EXIT_BAD_INPUT
    except CatalogError as exc:
        report_line(f"gpuplanner: error: {exc}")
        return EXIT_BROKEN
    except Exception as exc:  # a bug of ours: one readable line, the traceback only on request
        if os.environ.get("GPUPLANNER_DEBUG"):
            raise
        return _internal_error(exc)


def _internal_error(exc: Exception) -> int:
    """A bug of ours: one readable line naming the crash log that keeps the traceback."""
    written = write_crash(type(exc), exc, exc.__traceback__, "command line")
    where = f"the traceback is in {written}" if written is not None else "rerun with GPUPLANNER_DEBUG=1 for details"
    report_line(f"gpuplanner: internal error ({type(exc).__name__}: {exc}); {where}; please report it", limit=600)
    return EXIT_BUG


def _is_stdout_error(exc: OSError) -> bool:
    """Whether a write error came from standard output (it names no file; a file's error carries its name)."""
    return exc.filename is None


def requested_language(argv: Sequence[str]) -> str | None:
    """The `--lang` a command line gives, before or after its command (`gpuplanner --lang zh_CN plan -h`,
    `plan --lang=zh_CN s.json`), where it is one of ours."""
    for index, word in enumerate(argv):
        value = argv[index + 1] if word == "--lang" and index + 1 < len(argv) else \
            word.split("=", 1)[1] if word.startswith("--lang=") else None
        if value in LANGUAGES:
            return value
    return None


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    # Help and argparse's errors are worded while parsing, so their language is set first; only for them, as a
    # window opened later needs to create Qt's application object itself.
    if {"-h", "--help"} & set(words):
        use_language(requested_language(words))
    try:
        args = build_parser(named_command(words)).parse_args(words)
    except UsageError as refused:
        from gpuplanner.cli.usage_errors import translated_usage_error  # its patterns compiled only when needed

        use_language(requested_language(words))
        report_line(f"gpuplanner: error: {translated_usage_error(refused.message)}")
        raise
    if getattr(args, "lang", None) is None:  # `gpuplanner --lang zh_CN estimate ...`: the language given first
        args.lang = args.global_lang
    return run_handler(args.handler, args)
