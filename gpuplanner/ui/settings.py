"""Declared, typed settings in one place, stored in an explicit INI file in the user-data folder.

An unreadable file (not INI, or a version that is not a number) never stops the app: it is moved aside, the
defaults are used, and `messages` says so."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings

from gpuplanner.i18n import fill
from gpuplanner.paths import user_data_dir

SETTINGS_VERSION = 1
MAX_RECENT = 8


class AppSettings:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or user_data_dir() / "settings.ini"
        self.messages: list[str] = []
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._qsettings = QSettings(str(self.path), QSettings.Format.IniFormat)
        version = self._stored_version()
        if version is None:
            aside = self.path.with_name(f"{self.path.name}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}")
            del self._qsettings  # let go of the unreadable file before it is set aside
            try:
                self.path.replace(aside)
            except OSError:
                aside = self.path
            self.messages.append(fill(QCoreApplication.translate(
                "AppSettings", "The settings file %1 could not be read; defaults are used (the file was kept as %2)."),
                str(self.path), aside.name))
            self._qsettings = QSettings(str(self.path), QSettings.Format.IniFormat)
        elif version > SETTINGS_VERSION:  # written by a newer release: leave it to that release
            self._qsettings = QSettings(str(self.path.with_name("settings-v1.ini")), QSettings.Format.IniFormat)
        self._qsettings.setValue("version", SETTINGS_VERSION)

    def _stored_version(self) -> int | None:
        """The file's settings version (the current one for a new file); None when the file cannot be read."""
        if self._qsettings.status() != QSettings.Status.NoError:
            return None
        value = self._qsettings.value("version", SETTINGS_VERSION)
        try:
            return int(str(value))
        except ValueError:
            return None

    @property
    def session_path(self) -> Path:
        """The autosaved session: the open document's path, whether it had unsaved edits, and its scenario."""
        return self.path.with_name("autosave.json")

    def geometry(self) -> QByteArray | None:
        value = self._qsettings.value("window/geometry")
        return value if isinstance(value, QByteArray) else None

    def set_geometry(self, value: QByteArray) -> None:
        self._qsettings.setValue("window/geometry", value)

    def recent_files(self) -> list[str]:
        """Recent scenario files that still exist, newest first."""
        value = self._qsettings.value("files/recent", [])
        paths = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        return [str(v) for v in paths if Path(str(v)).is_file()][:MAX_RECENT]

    def add_recent_file(self, path: str) -> None:
        files = [path] + [f for f in self.recent_files() if f != path]
        self._qsettings.setValue("files/recent", files[:MAX_RECENT])

    def last_folder(self) -> Path | None:
        """The folder of the last file opened or saved (ui.file_dialogs), None before the first."""
        value = self._qsettings.value("files/last_folder", "")
        return Path(str(value)) if value else None

    def set_last_folder(self, folder: Path) -> None:
        self._qsettings.setValue("files/last_folder", str(folder))

    def language(self) -> str:
        return str(self._qsettings.value("ui/language", ""))

    def set_language(self, code: str) -> None:
        self._qsettings.setValue("ui/language", code)

    def sync(self) -> None:
        self._qsettings.sync()
