"""What the command line prints when something goes wrong (exit codes, one terminal-safe line on stderr), and the
formats each command prints its result in."""

from __future__ import annotations

import sys
import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

EXIT_OK, EXIT_BUG, EXIT_BAD_INPUT, EXIT_BROKEN = 0, 1, 2, 3
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a writer whose reader went away
EXIT_OUTPUT_UNWRITABLE = 74  # sysexits EX_IOERR: the output could not be written (a full disk)
MAX_ERROR_LINE = 200


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


# The formats each command prints its result in (--format's choices; text the default): the parsers, their help and
# the README's command lines (tests/test_cli.py) all read this one table.
COMMAND_FORMATS: dict[str, tuple[str, ...]] = {
    "catalog": ("json", "text"), "estimate": ("json", "text"), "plan": ("json", "text"),
    "calibration why": ("json", "text")}


def add_format_option(parser: argparse.ArgumentParser, command: str) -> None:
    """`command`'s --format option: the choices COMMAND_FORMATS declares for it, and their help."""
    formats = COMMAND_FORMATS[command]
    parser.add_argument("--format", choices=list(formats), default="text", help=format_help(formats))


def format_help(formats: tuple[str, ...]) -> str:
    """--format's help for `formats`, in the command line's language: json and text (every command's) in one
    sentence, then each further format's words."""
    from gpuplanner.i18n.cli import tr

    further: dict[str, str] = {}  # a format beyond json and text: its words, as tr("NAME: what it prints")
    return "; ".join([tr("json: the headless contract's fields (README: Headless use); text: a report (default)"),
                      *(further[name] for name in formats if name not in ("json", "text"))])


def display_width(text: str) -> int:
    """Columns `text` takes in a terminal: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(char) in ("W", "F") else 1 for char in text)


def pad(text: str, width: int, right: bool = False) -> str:
    """`text` padded to `width` terminal columns (a Chinese word counts its characters twice), left-aligned or
    right-aligned as `f"{text:<width}"` / `f"{text:>width}"` would for ASCII."""
    space = " " * max(0, width - display_width(text))
    return space + text if right else text + space


def table(rows: list[list[str]], widths: list[int], right: frozenset[int] = frozenset()) -> list[str]:
    """`rows` as aligned lines: column i at least `widths[i]` terminal columns, widened to its widest cell plus one
    so that cells never run together (1,048,576 GPUs beside 131,072 nodes); `right` holds the right-aligned ones."""
    fitted = [max(width, 1 + max(display_width(row[i]) for row in rows)) for i, width in enumerate(widths)]
    return ["".join(pad(cell, fitted[i], i in right) for i, cell in enumerate(row)).rstrip() for row in rows]
