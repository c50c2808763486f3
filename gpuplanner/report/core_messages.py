"""Translating the core's messages (warnings, notes, rank reasons) for the app and the spec sheet.

The core is Qt-free, so its English templates are registered for pyside6-lupdate in report/message_templates.py,
generated from the code by scripts/message_templates.py (`make i18n`); tests/test_i18n.py fails while it is stale."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gpuplanner.core.errors import InputError
from gpuplanner.report.message_templates import INPUT_TEMPLATES, TEMPLATES
from gpuplanner.terms import CONTEXT as TERMS_CONTEXT
from gpuplanner.terms import TERMS

CONTEXT = "CoreMessages"
__all__ = ["CONTEXT", "INPUT_TEMPLATES", "TEMPLATES", "translated", "translated_error"]


def translated_error(exc: InputError) -> str:
    """'field: message' with the message in the current language (the field is a path the user typed)."""
    return f"{exc.field}: {translated(exc.message)}"


def translated(message: object) -> str:
    """The message in the current language; plain strings pass through."""
    template = getattr(message, "template", None)
    if template is None:
        return str(message)
    text = QCoreApplication.translate(CONTEXT, template)
    if not message.params:  # type: ignore[attr-defined]
        return text
    params = {key: _translated_param(value) for key, value in message.params.items()}  # type: ignore[attr-defined]
    try:
        return text.format(**params)
    except (KeyError, ValueError, IndexError):  # a broken translation must not hide the message
        return str(message)


def _translated_param(value: object) -> object:
    """A nested message, or a core code word (a fabric note, a cooling tier), in the current language."""
    if hasattr(value, "template"):
        return translated(value)
    if isinstance(value, str) and value in TERMS:
        return QCoreApplication.translate(TERMS_CONTEXT, TERMS[value])
    return value
