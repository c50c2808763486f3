"""Language: our translator and Qt's own (dialog buttons, print dialogs), plus the default number locale."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from gpuplanner.i18n import LANGUAGES
from gpuplanner.paths import resource_path

_installed: list[QTranslator] = []


def system_language() -> str:
    return "zh_CN" if QLocale.system().language() == QLocale.Language.Chinese else "en"


def install_translations(language: str = "") -> str:
    """Switch the whole app to `language` ("" = the system's); returns the language in effect."""
    app = QCoreApplication.instance()
    code = language or system_language()
    if code not in LANGUAGES:
        code = "en"
    for translator in _installed:
        if app is not None:
            app.removeTranslator(translator)
    _installed.clear()
    QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China) if code == "zh_CN"
                       else QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    if code == "en" or app is None:
        return code
    ours = QTranslator()
    if ours.load(str(resource_path("i18n", f"gpuplanner_{code}.qm"))):
        app.installTranslator(ours)
        _installed.append(ours)
    qt_own = QTranslator()
    if qt_own.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt_own)
        _installed.append(qt_own)
    return code
