"""The headless command line (DESIGN.md §6). Exit 0 on success; bad input: exit 2, one line on stderr."""

from __future__ import annotations

import argparse
import json
import os
import sys
import unicodedata
from collections.abc import Callable, Sequence
from typing import NoReturn

from gpuplanner import __version__
from gpuplanner.catalog.store import Catalog, CatalogError, Row, format_cell
from gpuplanner.cli_text import translated_message
from gpuplanner.core.errors import InputError
from gpuplanner.display import has_display

EXIT_OK, EXIT_BUG, EXIT_BAD_INPUT, EXIT_BROKEN = 0, 1, 2, 3
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a writer whose reader went away
MAX_ERROR_LINE = 200

CATALOG_TABLES = {"gpus": "gpus", "servers": "servers", "cloud": "cloud_instances", "fabrics": "fabrics",
                  "models": "models"}

# Columns shown by `catalog TABLE --format text` (JSON carries every column).
TEXT_COLUMNS = {
    "gpus": ["id", "vendor", "model", "memory_gib", "memory_bandwidth_gbs", "bf16_tflops", "fp8_tflops", "tdp_w"],
    "servers": ["id", "vendor", "model", "gpu_count", "rack_units", "max_power_w", "weight_kg"],
    "cloud_instances": ["id", "gpu_id", "gpu_count", "on_demand_per_hour", "currency", "region", "price_date"],
    "fabrics": ["id", "category", "name", "per_port_or_link_gbps_unidir", "per_device_gbs_bidirectional"],
    "models": ["id", "name", "kind", "layers", "hidden", "heads", "kv_heads", "params"],
}


_OPENED_CATALOGS: list[Catalog] = []


def open_catalog() -> Catalog:
    """The catalog a command reads; its notes (your edits set aside, a row skipped…) are printed when the command
    ends, one line each on stderr, whatever the outcome."""
    catalog = Catalog()
    _OPENED_CATALOGS.append(catalog)
    return catalog


def print_catalog_notes() -> None:
    for catalog in _OPENED_CATALOGS:
        for message in catalog.messages:
            report_line(f"gpuplanner: note: {translated_message(message)}", limit=400)
    _OPENED_CATALOGS.clear()


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports usage errors as a single line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        report_line(f"gpuplanner: error: {message}")
        raise SystemExit(EXIT_BAD_INPUT)


def text_table(rows: Sequence[Row], columns: Sequence[str]) -> str:
    cells = [[format_cell(row.get(column)) for column in columns] for row in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)).rstrip()]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    return "\n".join(lines)


def command_catalog(args: argparse.Namespace) -> int:
    table = CATALOG_TABLES[args.table]
    rows = open_catalog().rows(table)
    if args.format == "json":
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        print(text_table(rows, TEXT_COLUMNS[table]))
    return EXIT_OK


def command_gui(args: argparse.Namespace) -> int:
    from gpuplanner.ui.app import run_gui

    return run_gui([], smoke_test=args.smoke_test, language=getattr(args, "lang", None) or "")


def command_demo(args: argparse.Namespace) -> int:
    from gpuplanner.demo import run_demo

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
    parser.add_argument("--lang", choices=["zh_CN", "en"], help="interface language (default: the system's)")
    parser.set_defaults(handler=command_default)
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)

    catalog = sub.add_parser("catalog", help="list catalog entries with their ids")
    catalog.add_argument("table", choices=sorted(CATALOG_TABLES))
    catalog.add_argument("--format", choices=["json", "text"], default="text")
    catalog.set_defaults(handler=command_catalog)

    from gpuplanner.estimate_cli import add_estimate_commands
    from gpuplanner.plan_cli import add_plan_command

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


def safe_line(text: str, limit: int = MAX_ERROR_LINE) -> str:
    """One terminal-safe line: control characters, bidi marks and lone surrogates escaped (an unknown key
    "\\u001b]0;PWNED\\u0007" must not retitle the terminal), cut to `limit` characters."""
    out = []
    for char in text:
        category = unicodedata.category(char)
        if char in "\n\r\t" or category in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            out.append(char.encode("unicode_escape").decode("ascii") if category != "Cs" else f"\\u{ord(char):04x}")
        else:
            out.append(char)
    line = "".join(out)
    return line if len(line) <= limit else line[: limit - 1] + "…"


def report_line(text: str, limit: int = MAX_ERROR_LINE) -> None:
    print(safe_line(text, limit), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return run_handler(args.handler, args)
