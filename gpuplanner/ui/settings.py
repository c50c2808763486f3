"""Declared, typed settings in one place, stored in an explicit INI file in the user-data folder."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from gpuplanner.paths import user_data_dir

SETTINGS_VERSION = 1
MAX_RECENT = 8


class AppSettings:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or user_data_dir() / "settings.ini"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._qsettings = QSettings(str(self.path), QSettings.Format.IniFormat)
        if int(self._qsettings.value("version", SETTINGS_VERSION)) > SETTINGS_VERSION:
            self._qsettings = QSettings(str(self.path.with_name("settings-v1.ini")), QSettings.Format.IniFormat)
        self._qsettings.setValue("version", SETTINGS_VERSION)

    @property
    def autosave_path(self) -> Path:
        return self.path.with_name("autosave.json")

    def geometry(self) -> QByteArray | None:
        value = self._qsettings.value("window/geometry")
        return value if isinstance(value, QByteArray) else None

    def set_geometry(self, value: QByteArray) -> None:
        self._qsettings.setValue("window/geometry", value)

    def recent_files(self) -> list[str]:
        value = self._qsettings.value("files/recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in value or []][:MAX_RECENT]

    def add_recent_file(self, path: str) -> None:
        files = [path] + [f for f in self.recent_files() if f != path]
        self._qsettings.setValue("files/recent", files[:MAX_RECENT])

    def last_scenario(self) -> str:
        return str(self._qsettings.value("files/last", ""))

    def set_last_scenario(self, path: str) -> None:
        self._qsettings.setValue("files/last", path)

    def language(self) -> str:
        return str(self._qsettings.value("ui/language", ""))

    def set_language(self, code: str) -> None:
        self._qsettings.setValue("ui/language", code)

    def sync(self) -> None:
        self._qsettings.sync()
