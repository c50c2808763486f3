"""argparse's own error sentences (a mistyped option, a value not among the choices, a missing file argument) in the
command line's language: argparse words them in English whatever `--lang` says, so each of its templates (CPython's
Lib/argparse.py, 3.11-3.13) is matched here and worded again; one this does not know stays as argparse wrote it."""

from __future__ import annotations

import re
from collections.abc import Callable

from gpuplanner.i18n.cli import tr
from gpuplanner.i18n.placeholders import fill

# (argparse's sentence as a pattern, the groups that are themselves one of its sentences, the wording in our language)
_Rule = tuple[re.Pattern[str], tuple[str, ...], Callable[[], str]]

USAGE_ERRORS: tuple[_Rule, ...] = (
    (re.compile(r"argument (?P<name>.+?): (?P<message>.+)"), ("message",), lambda: tr("argument %1: %2")),
    (re.compile(r"invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)"), (),
     lambda: tr("invalid choice: %1 (choose from %2)")),
    (re.compile(r"invalid int value: (?P<value>.+)"), (), lambda: tr("not a whole number: %1")),
    (re.compile(r"invalid float value: (?P<value>.+)"), (), lambda: tr("not a number: %1")),
    (re.compile(r"invalid (?P<type>\w+) value: (?P<value>.+)"), (), lambda: tr("invalid %1 value: %2")),
    (re.compile(r"the following arguments are required: (?P<names>.+)"), (),
     lambda: tr("the following arguments are required: %1")),
    (re.compile(r"unrecognized arguments: (?P<words>.+)"), (), lambda: tr("unrecognized arguments: %1")),
    (re.compile(r"expected one argument"), (), lambda: tr("expected one value")),
    (re.compile(r"expected at most one argument"), (), lambda: tr("expected at most one value")),
    (re.compile(r"expected at least one argument"), (), lambda: tr("expected at least one value")),
    (re.compile(r"expected (?P<count>\d+) arguments?"), (), lambda: tr("expected %1 values")),
    (re.compile(r"ignored explicit argument (?P<value>.+)"), (), lambda: tr("ignored explicit argument %1")),
    (re.compile(r"not allowed with argument (?P<name>.+)"), (), lambda: tr("not allowed with argument %1")),
    (re.compile(r"one of the arguments (?P<names>.+) is required"), (),
     lambda: tr("one of the arguments %1 is required")),
    (re.compile(r"ambiguous option: (?P<option>.+) could match (?P<matches>.+)"), (),
     lambda: tr("ambiguous option: %1 could match %2")),
)


def translated_usage_error(message: str) -> str:
    """argparse's error `message` in the command line's language (use_language), its values as argparse gave them."""
    for pattern, nested, wording in USAGE_ERRORS:
        match = pattern.fullmatch(message)
        if match:
            values = [translated_usage_error(value) if name in nested else value
                      for name, value in match.groupdict().items()]
            return fill(wording(), *values)
    return message
