"""A scenario field's help, as its declaration words it (core.scenario.fields), in the app's language: one text for
the README's scenario table, the JSON Schema and the wizard's tooltips. scripts/message_templates.py registers the
help of each field the app shows with field_help("path") for pyside6-lupdate (i18n/message_templates.py)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gpuplanner.core.scenario.fields import field

CONTEXT = "FieldHelp"


def as_sentence(text: str) -> str:
    """A field's help (a phrase, as the scenario table lists it) as a tooltip shows it: a capital first letter."""
    return text[:1].upper() + text[1:]


def field_help(path: str) -> str:
    """The help the field at `path` declares, as a sentence in the current language."""
    return QCoreApplication.translate(CONTEXT, as_sentence(field(path).help))
