"""Translation for the command line's text reports. English needs no Qt; another language loads our Qt
catalogue on demand (`--lang zh_CN`), so the core and the catalog commands still run without Qt installed.

The report strings are module-level `tr("...")` calls, which pyside6-lupdate files under the empty context."""

from __future__ import annotations

from collections.abc import Callable

from gpuplanner.i18n.terms import CONTEXT as TERMS_CONTEXT
from gpuplanner.i18n.terms import STEP_PARTS, english

_translate: Callable[[str], str] = str


def use_language(language: str | None) -> None:
    """Translate the CLI's text output into `language` (None or "en": English)."""
    global _translate
    if not language or language == "en":
        _translate = str
        return
    from PySide6.QtCore import QCoreApplication

    from gpuplanner.i18n.language import install_translations

    app = QCoreApplication.instance() or QCoreApplication(["gpuplanner"])
    _APP.append(app)  # keep the application (and its translators) alive for the process
    install_translations(language)
    _translate = lambda text: QCoreApplication.translate("", text)  # noqa: E731


_APP: list[object] = []


def tr(text: str) -> str:
    return _translate(text)


def term_word(code: str) -> str:
    """A code the core reports (cooling tier, rack limit, recomputation…) as a word in the CLI's language (a note
    with a number in it comes as a core message)."""
    if hasattr(code, "template"):
        return translated_message(code)
    return translate_in(TERMS_CONTEXT, english(code))


def step_part_word(code: str) -> str:
    """A part of a training step (TrainingBlock.step_breakdown_s key) in the CLI's language."""
    return translate_in(TERMS_CONTEXT, STEP_PARTS.get(code, code))


def translate_in(context: str, text: str) -> str:
    """`text`, registered under `context`, in the CLI's language."""
    if _translate is str:
        return text
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate(context, text)


def translated_message(message: object) -> str:
    """A core message in the CLI's language (plain English without Qt)."""
    if _translate is str:
        return str(message)
    from gpuplanner.i18n.messages import translated

    return translated(message)
